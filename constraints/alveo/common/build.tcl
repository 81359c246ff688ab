# Braid on an Alveo card: a Vivado batch build, non-project mode, for the
# card whose card.tcl is sourced first (the card's Makefile does that):
#   make -C constraints/alveo/u250      (or u280, u55c)
#   vivado -mode batch -source constraints/alveo/u250/card.tcl \
#       -source constraints/alveo/common/build.tcl
# card.tcl sets card, part, engine (the exported engine top the card takes)
# and the IP's card-specific settings (ip.tcl). Writes the bitstream (for
# loading over JTAG; no flash image yet) and the timing and utilisation
# reports under constraints/alveo/<card>/build/.
foreach v {card part engine} {
    if {![info exists $v]} { error "build.tcl: source the card's card.tcl first" }
}
set common [file normalize [file dirname [info script]]]
set here [file normalize [file join $common .. $card]]
set repo [file normalize [file join $common .. .. ..]]
set top braid_$card
set out [file join $here build]
file mkdir $out

create_project -in_memory -part $part
set_property target_language Verilog [current_project]
source [file join $common ip.tcl]

read_verilog [list \
    [file join $repo verilog-out pcie_dma.v] \
    [file join $repo verilog-out cmac_adapter.v] \
    [file join $repo verilog-out $engine.v] \
    [file join $common braid_core.v] \
    [file join $common braid_alveo.v] \
    [file join $here $top.v] \
]
read_xdc [file join $here pins.xdc]
read_xdc [file join $here timing.xdc]
read_xdc [file join $common cdc.xdc]

synth_design -top $top -part $part -verilog_define BRAID_ENGINE=$engine
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
write_bitstream -force [file join $out $top.bit]
set slack [get_property SLACK [get_timing_paths -max_paths 1 -setup]]
puts "$top: worst setup slack $slack ns; reports in $out"
if {$slack < 0} { puts "$top: TIMING NOT MET" ; exit 1 }
