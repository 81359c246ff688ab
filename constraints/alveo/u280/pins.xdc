# Braid on the Alveo U280 (xcu280-fsvh2892-2L-e): pins of braid_u280.v.
# Sources: the U280 XDC of the open corundum project
# (fpga/mqnic/AU280/fpga_100g/fpga.xdc) and the U280 pins of AMD's open
# OpenNIC shell (constr/au280/pins.xdc); both follow AMD's U280 XDC
# (UG1314). Check each pin against UG1314's tables before a first build on
# a new card revision.

# PCIe: reference clock MGTREFCLK0_225 (the x16 link's), PERST# (bank 67,
# 1.8 V). The 16 lanes are placed by the IP (GTY quads 224-227).
set_property PACKAGE_PIN AR15 [get_ports pcie_refclk_p]
set_property PACKAGE_PIN AR14 [get_ports pcie_refclk_n]
set_property PACKAGE_PIN BH26 [get_ports pcie_perst_n]
set_property IOSTANDARD LVCMOS18 [get_ports pcie_perst_n]
set_property PULLUP true [get_ports pcie_perst_n]

# QSFP0: reference clock MGTREFCLK0_134 (SI570, 156.25 MHz; OpenNIC's
# choice); its four lanes are placed by the CMAC IP (card.tcl: GTY quad
# 134, CMACE4_X0Y6).
set_property PACKAGE_PIN T42 [get_ports qsfp0_refclk_p]
set_property PACKAGE_PIN T43 [get_ports qsfp0_refclk_n]

# 100 MHz free-running system clock SYSCLK0 (bank 65, LVDS)
set_property PACKAGE_PIN BJ43 [get_ports sysclk_100_p]
set_property PACKAGE_PIN BJ44 [get_ports sysclk_100_n]
set_property IOSTANDARD LVDS [get_ports {sysclk_100_p sysclk_100_n}]

# HBM_CATTRIP (1.8 V), held low
set_property PACKAGE_PIN D32 [get_ports hbm_cattrip]
set_property IOSTANDARD LVCMOS18 [get_ports hbm_cattrip]
set_property PULLDOWN true [get_ports hbm_cattrip]

# Configuration (the card's SPI flash)
set_property CONFIG_VOLTAGE 1.8 [current_design]
set_property BITSTREAM.CONFIG.CONFIGRATE 85.0 [current_design]
set_property BITSTREAM.CONFIG.SPI_BUSWIDTH 4 [current_design]
set_property BITSTREAM.GENERAL.COMPRESS true [current_design]
