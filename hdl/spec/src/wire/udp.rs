//! UDP header.

use super::{fld, header_view};
use crate::field::{table_len, Field};

/// Source port: the path's ECMP entropy.
pub const UDP_SRC: Field = fld(
    "src_port",
    0,
    0,
    16,
    "Path entropy: chosen per path by the sender, changed to re-hash a path",
);
/// Destination port.
pub const UDP_DST: Field = fld(
    "dst_port",
    2,
    0,
    16,
    "Braid port (default BRAID_UDP_PORT = 4793, configurable)",
);
/// UDP length (header + payload).
pub const UDP_LENGTH: Field = fld("length", 4, 0, 16, "UDP header + payload length in bytes");
/// UDP checksum.
pub const UDP_CHECKSUM: Field = fld(
    "checksum",
    6,
    0,
    16,
    "0 = none (IPv4; IPv6 per RFC 6935), else verified",
);
/// UDP header table.
pub const UDP: &[Field] = &[UDP_SRC, UDP_DST, UDP_LENGTH, UDP_CHECKSUM];
/// UDP header length.
pub const UDP_LEN: usize = table_len(UDP);

header_view! {
    /// View of a UDP header.
    UdpPacket, layer = "udp", len = UDP_LEN,
    {
        src_port / set_src_port: u16 = UDP_SRC;
        dst_port / set_dst_port: u16 = UDP_DST;
        length / set_length: u16 = UDP_LENGTH;
        checksum / set_checksum: u16 = UDP_CHECKSUM;
    }
}

/// Parsed UDP header. Length and checksum value are derived on emit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct UdpRepr {
    /// Source port (path entropy).
    pub src_port: u16,
    /// Destination port.
    pub dst_port: u16,
    /// Whether a checksum is carried (non-zero checksum field).
    pub checksum: bool,
}

impl UdpRepr {
    /// Parse the port fields (length and checksum are checked by the frame parser,
    /// which knows the IP pseudo-header).
    pub fn parse<T: AsRef<[u8]>>(p: &UdpPacket<T>) -> Self {
        UdpRepr {
            src_port: p.src_port(),
            dst_port: p.dst_port(),
            checksum: p.checksum() != 0,
        }
    }

    /// Header length.
    pub const fn buffer_len(&self) -> usize {
        UDP_LEN
    }

    /// Emit ports and length; the checksum field is written as zero (the frame
    /// emitter fills it in when `checksum` is set).
    pub fn emit<T: AsRef<[u8]> + AsMut<[u8]>>(&self, p: &mut UdpPacket<T>, payload_len: usize) {
        p.set_src_port(self.src_port);
        p.set_dst_port(self.dst_port);
        p.set_length((UDP_LEN + payload_len) as u16);
        p.set_checksum(0);
    }
}
