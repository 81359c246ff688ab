# Braid on the Alveo U250: clocks and the paths between them. The IP cores
# constrain their own clocks (user_clk 250 MHz from the PCIe block, the
# CMAC's 322.265625 MHz gt_txusrclk2).
create_clock -period 10.000 -name pcie_refclk [get_ports pcie_refclk_p]
create_clock -period 6.400 -name qsfp0_refclk [get_ports qsfp0_refclk_p]
create_clock -period 3.333 -name sysclk_300 [get_ports sysclk_300_p]

# PERST# and the QSFP/LED pins are asynchronous to every clock.
set_false_path -from [get_ports pcie_perst_n]
set_false_path -to [get_ports {led[*] qsfp0_resetl qsfp0_lpmode qsfp0_modsell}]

# cmac_adapter's frame FIFOs: only Gray-coded pointers cross between
# user_clk and the CMAC's clock, each through two flops; bound their delay
# to one period of the faster clock so the two flops see one code at a time.
set_max_delay -datapath_only -from [get_clocks -of_objects [get_pins pcie/user_clk]] \
    -to [get_clocks -of_objects [get_pins cmac/gt_txusrclk2]] 3.103
set_max_delay -datapath_only -from [get_clocks -of_objects [get_pins cmac/gt_txusrclk2]] \
    -to [get_clocks -of_objects [get_pins pcie/user_clk]] 3.103
