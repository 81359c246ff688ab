# Braid on the Alveo U280: what the common build (../common/build.tcl,
# ../common/ip.tcl) needs to know about the card.
set card u280
set part xcu280-fsvh2892-2L-e
# 512 connections x 16 paths: the default engine's 1,126 URAM288 do not
# fit the U280's 960
set engine braid_engine_mid
set pcie_ip pcie4c_uscale_plus
# QSFP0: CMACE4_X0Y6 on GTY quad 134, reference clock from the SI570 on
# MGTREFCLK0_134 (156.25 MHz)
set cmac_core CMACE4_X0Y6
set cmac_lanes {X0Y40 X0Y41 X0Y42 X0Y43}
set cmac_refclk_mhz 156.25
