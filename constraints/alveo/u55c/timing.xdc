# Braid on the Alveo U55C: the board clocks (the IP cores constrain their
# own: user_clk 250 MHz from the PCIe block, the CMAC's 322.266 MHz
# gt_txusrclk2; ../common/cdc.xdc bounds the crossings between them).
create_clock -period 10.000 -name pcie_refclk [get_ports pcie_refclk_p]
create_clock -period 6.206 -name qsfp0_refclk [get_ports qsfp0_refclk_p]
create_clock -period 10.000 -name sysclk_100 [get_ports sysclk_100_p]
# The HBM trip pin and the LEDs are static or slow: no timing.
set_false_path -to [get_ports {hbm_cattrip qsfp0_led[*]}]
