# Braid on the Alveo U250: the vendor IP, generated (never committed as a
# netlist). Sourced by build.tcl inside an in-memory project for the part.
# Property names: AMD PG213 (PCIe) and PG203 (CMAC), as the open corundum
# and OpenNIC projects set them for this card.
source [file join [file dirname [info script]] .. pci_ids.tcl]

# PCIe: gen3 x16, 512-bit AXI-Stream at 250 MHz, no straddling (Braid's DMA
# is written for one TLP per beat), client tags without extended tags (at
# most 32 in flight), BAR0 1 MiB 64-bit (the engine's registers), no MSI.
create_ip -name pcie4_uscale_plus -vendor xilinx.com -library ip \
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
# reference clock 156.25 MHz (the SI570 on MGTREFCLK0_231), core CMACE4_X0Y8
# on GTY quad 231.
create_ip -name cmac_usplus -vendor xilinx.com -library ip -module_name cmac_usplus_0
set_property -dict [list \
    CONFIG.CMAC_CAUI4_MODE {1} \
    CONFIG.NUM_LANES {4x25} \
    CONFIG.USER_INTERFACE {AXIS} \
    CONFIG.GT_REF_CLK_FREQ {156.25} \
    CONFIG.GT_DRP_CLK {125} \
    CONFIG.CMAC_CORE_SELECT {CMACE4_X0Y8} \
    CONFIG.GT_GROUP_SELECT {X1Y44~X1Y47} \
    CONFIG.LANE1_GT_LOC {X1Y44} \
    CONFIG.LANE2_GT_LOC {X1Y45} \
    CONFIG.LANE3_GT_LOC {X1Y46} \
    CONFIG.LANE4_GT_LOC {X1Y47} \
    CONFIG.INCLUDE_RS_FEC {1} \
    CONFIG.TX_FLOW_CONTROL {0} \
    CONFIG.RX_FLOW_CONTROL {0} \
    CONFIG.ENABLE_AXI_INTERFACE {0} \
] [get_ips cmac_usplus_0]

generate_target all [get_ips]
synth_ip [get_ips]
