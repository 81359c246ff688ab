# Braid on an Alveo card: the vendor IP, generated (never committed as a
# netlist). Sourced by build.tcl inside an in-memory project for the part,
# after the card's card.tcl has set pcie_ip (pcie4_uscale_plus on the U250,
# pcie4c_uscale_plus on the U280 and U55C: the same PG213 interface) and
# the CMAC's site, lanes and reference clock (cmac_core, cmac_lanes,
# cmac_refclk_mhz). Both cores keep one module name on every card
# (pcie4_uscale_plus_0, cmac_usplus_0), which ../common/braid_alveo.v
# instantiates.
# Property names: AMD PG213 (PCIe) and PG203 (CMAC), as the open corundum
# and OpenNIC projects set them for this card.
source [file join [file dirname [info script]] .. pci_ids.tcl]
foreach v {pcie_ip cmac_core cmac_lanes cmac_refclk_mhz} {
    if {![info exists $v]} { error "ip.tcl: card.tcl must set $v" }
}

# PCIe: gen3 x16, 512-bit AXI-Stream at 250 MHz, no straddling (Braid's DMA
# is written for one TLP per beat), client tags without extended tags (at
# most 32 in flight), BAR0 1 MiB 64-bit (the engine's registers), no MSI.
create_ip -name $pcie_ip -vendor xilinx.com -library ip \
    -module_name pcie4_uscale_plus_0
set_property -dict [list \
    CONFIG.mode_selection {Advanced} \
    CONFIG.PL_LINK_CAP_MAX_LINK_SPEED {8.0_GT/s} \
    CONFIG.PL_LINK_CAP_MAX_LINK_WIDTH {X16} \
    CONFIG.REF_CLK_FREQ {100_MHz} \
    CONFIG.axisten_if_width {512_bit} \
    CONFIG.axisten_freq {250} \
    CONFIG.AXISTEN_IF_EXT_512_CQ_STRADDLE {false} \
    CONFIG.AXISTEN_IF_EXT_512_RQ_STRADDLE {false} \
    CONFIG.AXISTEN_IF_EXT_512_RC_STRADDLE {false} \
    CONFIG.AXISTEN_IF_EXT_512_RC_4TLP_STRADDLE {false} \
    CONFIG.AXISTEN_IF_EXT_512_CC_STRADDLE {false} \
    CONFIG.axisten_if_enable_client_tag {true} \
    CONFIG.extended_tag_field {false} \
    CONFIG.pf0_dev_cap_max_payload {1024_bytes} \
    CONFIG.vendor_id $braid_pci_vendor \
    CONFIG.PF0_DEVICE_ID $braid_pci_device \
    CONFIG.PF0_CLASS_CODE $braid_pci_class \
    CONFIG.PF0_Use_Class_Code_Lookup_Assistant {false} \
    CONFIG.PF0_SUBSYSTEM_VENDOR_ID $braid_pci_vendor \
    CONFIG.PF0_SUBSYSTEM_ID $braid_pci_device \
    CONFIG.pf0_bar0_enabled {true} \
    CONFIG.pf0_bar0_type {Memory} \
    CONFIG.pf0_bar0_64bit {true} \
    CONFIG.pf0_bar0_prefetchable {false} \
    CONFIG.pf0_bar0_scale {Megabytes} \
    CONFIG.pf0_bar0_size {1} \
    CONFIG.pf0_msi_enabled {false} \
    CONFIG.pf0_msix_enabled {false} \
] [get_ips pcie4_uscale_plus_0]

# QSFP0's 100G CMAC: CAUI-4 (4 x 25G), AXI4-Stream user interface, RS-FEC,
# on the card's core site and GTY quad.
set l0 [lindex $cmac_lanes 0]
set l3 [lindex $cmac_lanes 3]
create_ip -name cmac_usplus -vendor xilinx.com -library ip -module_name cmac_usplus_0
set_property -dict [list \
    CONFIG.CMAC_CAUI4_MODE {1} \
    CONFIG.NUM_LANES {4x25} \
    CONFIG.USER_INTERFACE {AXIS} \
    CONFIG.GT_REF_CLK_FREQ $cmac_refclk_mhz \
    CONFIG.GT_DRP_CLK {125} \
    CONFIG.CMAC_CORE_SELECT $cmac_core \
    CONFIG.GT_GROUP_SELECT "${l0}~${l3}" \
    CONFIG.LANE1_GT_LOC [lindex $cmac_lanes 0] \
    CONFIG.LANE2_GT_LOC [lindex $cmac_lanes 1] \
    CONFIG.LANE3_GT_LOC [lindex $cmac_lanes 2] \
    CONFIG.LANE4_GT_LOC [lindex $cmac_lanes 3] \
    CONFIG.INCLUDE_RS_FEC {1} \
    CONFIG.TX_FLOW_CONTROL {0} \
    CONFIG.RX_FLOW_CONTROL {0} \
    CONFIG.ENABLE_AXI_INTERFACE {0} \
] [get_ips cmac_usplus_0]

generate_target all [get_ips]
synth_ip [get_ips]
