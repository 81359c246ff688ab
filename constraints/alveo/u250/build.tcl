# Braid on the Alveo U250: a Vivado batch build, non-project mode.
#   vivado -mode batch -source constraints/alveo/u250/build.tcl
# (or `make -C constraints/alveo/u250`). Writes the bitstream (for loading
# over JTAG; no flash image yet) and the timing and utilisation reports
# under constraints/alveo/u250/build/.
set here [file normalize [file dirname [info script]]]
set repo [file normalize [file join $here .. .. ..]]
set out [file join $here build]
file mkdir $out
set part xcu250-figd2104-2L-e

create_project -in_memory -part $part
set_property target_language Verilog [current_project]
source [file join $here ip.tcl]

read_verilog [list \
    [file join $repo verilog-out pcie_dma.v] \
    [file join $repo verilog-out cmac_adapter.v] \
    [file join $repo verilog-out braid_engine.v] \
    [file join $here .. common braid_core.v] \
    [file join $here braid_u250.v] \
]
read_xdc [file join $here pins.xdc]
read_xdc [file join $here timing.xdc]

synth_design -top braid_u250 -part $part
write_checkpoint -force [file join $out post_synth.dcp]
report_utilization -file [file join $out utilization_synth.rpt]
opt_design
place_design
phys_opt_design
route_design
write_checkpoint -force [file join $out post_route.dcp]
report_utilization -file [file join $out utilization.rpt]
report_timing_summary -max_paths 20 -file [file join $out timing.rpt]
report_clock_interaction -file [file join $out clock_interaction.rpt]
write_bitstream -force [file join $out braid_u250.bit]
set slack [get_property SLACK [get_timing_paths -max_paths 1 -setup]]
puts "braid_u250: worst setup slack $slack ns; reports in $out"
if {$slack < 0} { puts "braid_u250: TIMING NOT MET" ; exit 1 }
