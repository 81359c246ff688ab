# Braid on the Alveo U250 (xcu250-figd2104-2L-e): pins of braid_u250.v.
# Sources: AMD UG1289 (Alveo U250 user guide: QSFP clocks from the SI5335,
# 156.25 MHz, QSFP sideband pins straight to the FPGA) and the U250 XDC of
# the open corundum project (fpga/mqnic/AU250/fpga_100g/fpga.xdc), which
# says it was made from AMD's alveo-u250-xdc.xdc. Check each pin against
# UG1289's tables before a first build on a new card revision.

# PCIe: reference clock MGTREFCLK0_226, PERST# (bank 64, 1.2 V). The
# 16 lanes are placed by the IP (ip.tcl: GTY quads 224-227).
set_property PACKAGE_PIN AM11 [get_ports pcie_refclk_p]
set_property PACKAGE_PIN AM10 [get_ports pcie_refclk_n]
set_property PACKAGE_PIN BD21 [get_ports pcie_perst_n]
set_property IOSTANDARD LVCMOS12 [get_ports pcie_perst_n]
set_property PULLUP true [get_ports pcie_perst_n]

# QSFP0: reference clock MGTREFCLK0_231 (SI570, 156.25 MHz); its four
# lanes are placed by the CMAC IP (ip.tcl: GTY quad 231, CMACE4_X0Y8).
set_property PACKAGE_PIN M11 [get_ports qsfp0_refclk_p]
set_property PACKAGE_PIN M10 [get_ports qsfp0_refclk_n]
# QSFP0 sideband (1.2 V)
set_property PACKAGE_PIN BE17 [get_ports qsfp0_resetl]
set_property PACKAGE_PIN BD18 [get_ports qsfp0_lpmode]
set_property PACKAGE_PIN BE16 [get_ports qsfp0_modsell]
set_property IOSTANDARD LVCMOS12 [get_ports {qsfp0_resetl qsfp0_lpmode qsfp0_modsell}]

# 300 MHz free-running system clock (LVDS)
set_property PACKAGE_PIN AY37 [get_ports sysclk_300_p]
set_property PACKAGE_PIN AY38 [get_ports sysclk_300_n]
set_property IOSTANDARD LVDS [get_ports {sysclk_300_p sysclk_300_n}]

# Status LEDs
set_property PACKAGE_PIN BC21 [get_ports {led[0]}]
set_property PACKAGE_PIN BB21 [get_ports {led[1]}]
set_property PACKAGE_PIN BA20 [get_ports {led[2]}]
set_property IOSTANDARD LVCMOS12 [get_ports {led[*]}]
set_property DRIVE 8 [get_ports {led[*]}]

# Configuration (the card's SPI flash)
set_property CONFIG_VOLTAGE 1.8 [current_design]
set_property BITSTREAM.CONFIG.CONFIGRATE 63.8 [current_design]
set_property BITSTREAM.CONFIG.SPI_BUSWIDTH 4 [current_design]
set_property BITSTREAM.GENERAL.COMPRESS true [current_design]
