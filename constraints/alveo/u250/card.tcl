# Braid on the Alveo U250: what the common build (../common/build.tcl,
# ../common/ip.tcl) needs to know about the card.
set card u250
set part xcu250-figd2104-2L-e
# 1,024 connections x 16 paths: fits the U250's 1,280 URAM288
set engine braid_engine
set pcie_ip pcie4_uscale_plus
# QSFP0: CMACE4_X0Y8 on GTY quad 231, reference clock from the SI570 on
# MGTREFCLK0_231 (156.25 MHz)
set cmac_core CMACE4_X0Y8
set cmac_lanes {X1Y44 X1Y45 X1Y46 X1Y47}
set cmac_refclk_mhz 156.25
