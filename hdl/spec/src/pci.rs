//! The PCI identity of a Braid board: what its bitstream's physical
//! function 0 reports in configuration space, and what `braid devices`
//! looks for. The board builds (`constraints/alveo/`) set the PCIe hard
//! block's identity from these values.

/// Vendor id: Xilinx (AMD), whose PCIe hard block the Alveo cards carry.
pub const VENDOR: u16 = 0x10ee;
/// Device id of a Braid bitstream.
pub const DEVICE: u16 = 0xb4a1;
/// Class code: network controller, Ethernet (base 02, sub 00, interface 00).
pub const CLASS: u32 = 0x02_00_00;
