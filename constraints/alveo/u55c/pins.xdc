# Braid on the Alveo U55C (xcu55c-fsvh2892-2L-e): pins of braid_u55c.v.
# Sources: AMD's U55C board file (au55c part0_pins.xml, as copied in the
# open OpenNIC shell, board_files/Xilinx/au55c/) and OpenNIC's U55C pins
# (constr/au55c/pins.xdc); the open corundum project's U55 XDC
# (fpga/mqnic/Alveo/fpga_25g/fpga_au55.xdc) agrees. Check each pin against
# AMD's U55C data sheet (DS978) before a first build on a new card revision.

# PCIe: reference clock PCIE_REFCLK1 (the x16 link's), PERST# (1.8 V). The
# 16 lanes are placed by the IP.
set_property PACKAGE_PIN AR15 [get_ports pcie_refclk_p]
set_property PACKAGE_PIN AR14 [get_ports pcie_refclk_n]
set_property PACKAGE_PIN BF41 [get_ports pcie_perst_n]
set_property IOSTANDARD LVCMOS18 [get_ports pcie_perst_n]
set_property PULLUP true [get_ports pcie_perst_n]

# QSFP0: reference clock SYNCE_CLK0 (SI5394, 161.1328125 MHz) on
# MGTREFCLK0_130; its four lanes are placed by the CMAC IP (card.tcl: GTY
# quad 130, CMACE4_X0Y3).
set_property PACKAGE_PIN AD42 [get_ports qsfp0_refclk_p]
set_property PACKAGE_PIN AD43 [get_ports qsfp0_refclk_n]

# 100 MHz free-running system clock SYSCLK3 (LVDS)
set_property PACKAGE_PIN BK43 [get_ports sysclk_100_p]
set_property PACKAGE_PIN BK44 [get_ports sysclk_100_n]
set_property IOSTANDARD LVDS [get_ports {sysclk_100_p sysclk_100_n}]
set_property DQS_BIAS TRUE [get_ports {sysclk_100_p sysclk_100_n}]

# HBM_CATTRIP (1.8 V), held low; the pull-down keeps it low before
# configuration (AMD answer record 72926)
set_property PACKAGE_PIN BE45 [get_ports hbm_cattrip]
set_property IOSTANDARD LVCMOS18 [get_ports hbm_cattrip]
set_property PULLDOWN true [get_ports hbm_cattrip]

# QSFP0's LEDs: activity, green, yellow (1.8 V)
set_property PACKAGE_PIN BL13 [get_ports {qsfp0_led[0]}]
set_property PACKAGE_PIN BK11 [get_ports {qsfp0_led[1]}]
set_property PACKAGE_PIN BJ11 [get_ports {qsfp0_led[2]}]
set_property IOSTANDARD LVCMOS18 [get_ports {qsfp0_led[*]}]
set_property DRIVE 8 [get_ports {qsfp0_led[*]}]

# Configuration (the card's SPI flash)
set_property CONFIG_VOLTAGE 1.8 [current_design]
set_property BITSTREAM.CONFIG.CONFIGRATE 85.0 [current_design]
set_property BITSTREAM.CONFIG.SPI_BUSWIDTH 4 [current_design]
set_property BITSTREAM.GENERAL.COMPRESS true [current_design]
set_property BITSTREAM.CONFIG.OVERTEMPSHUTDOWN Enable [current_design]
