# Braid's PCI identity for the board builds' PCIe IP (ip.tcl): the values of
# braid_spec::pci, which `braid devices` looks for. Written by hand, checked
# against braid-spec by hdl/spec/tests/pci_ids.rs.
set braid_pci_vendor 10EE
set braid_pci_device B4A1
set braid_pci_class 020000
