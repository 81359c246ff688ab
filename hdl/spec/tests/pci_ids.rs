//! The board builds give the PCIe hard block Braid's PCI identity from
//! `constraints/alveo/pci_ids.tcl`; it must say what `braid_spec::pci` says.

#[test]
fn board_builds_use_the_spec_pci_identity() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../constraints/alveo/pci_ids.tcl"
    );
    let text = std::fs::read_to_string(path).unwrap();
    let get = |name: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix(&format!("set {name} ")))
            .unwrap_or_else(|| panic!("{path}: no `set {name}`"))
            .trim()
            .to_string()
    };
    use braid_spec::pci;
    assert_eq!(get("braid_pci_vendor"), format!("{:04X}", pci::VENDOR));
    assert_eq!(get("braid_pci_device"), format!("{:04X}", pci::DEVICE));
    assert_eq!(get("braid_pci_class"), format!("{:06X}", pci::CLASS));
}
