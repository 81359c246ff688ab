# Braid on an Alveo card: the clock crossings of ../common/braid_alveo.v.
# cmac_adapter's frame FIFOs: only Gray-coded pointers cross between the
# hard block's user_clk and the CMAC's clock, each through two flops; their
# delay is bound to one period of the faster clock (322.266 MHz) so the two
# flops see one code at a time.
set user_clk [get_clocks -of_objects [get_pins -hierarchical -filter {NAME =~ */pcie/user_clk}]]
set cmac_clk [get_clocks -of_objects [get_pins -hierarchical -filter {NAME =~ */cmac/gt_txusrclk2}]]
set_max_delay -datapath_only -from $user_clk -to $cmac_clk 3.103
set_max_delay -datapath_only -from $cmac_clk -to $user_clk 3.103
# PERST# is asynchronous to every clock.
set_false_path -from [get_ports pcie_perst_n]
