# Braid on the Alveo U55C: what the common build (../common/build.tcl,
# ../common/ip.tcl) needs to know about the card.
set card u55c
set part xcu55c-fsvh2892-2L-e
# 512 connections x 16 paths: the default engine's 1,126 URAM288 do not
# fit the U55C's 960
set engine braid_engine_mid
set pcie_ip pcie4c_uscale_plus
# QSFP0: CMACE4_X0Y3 on GTY quad 130, reference clock from the SI5394 on
# MGTREFCLK0_130 (161.1328125 MHz)
set cmac_core CMACE4_X0Y3
set cmac_lanes {X0Y24 X0Y25 X0Y26 X0Y27}
set cmac_refclk_mhz 161.1328125
