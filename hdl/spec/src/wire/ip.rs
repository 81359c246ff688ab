//! IPv4 and IPv6 headers. DSCP and ECN are exposed: switches mark congestion
//! by setting ECN to CE (0b11), which the receiver counts and echoes in ACKs.

use super::{checksum, fld, header_view};
use crate::field::{table_len, Field};
use crate::{Error, Result};

/// IP protocol number of UDP.
pub const IP_PROTO_UDP: u8 = 17;
/// ECN codepoint: not ECN-capable transport.
pub const ECN_NOT_ECT: u8 = 0b00;
/// ECN codepoint ECT(1).
pub const ECN_ECT1: u8 = 0b01;
/// ECN codepoint ECT(0): what Braid senders set on data packets.
pub const ECN_ECT0: u8 = 0b10;
/// ECN codepoint CE: congestion experienced (set by switches).
pub const ECN_CE: u8 = 0b11;

/// IPv4 version.
pub const V4_VERSION: Field = fld("version", 0, 0, 4, "4");
/// IPv4 header length in 32-bit words.
pub const V4_IHL: Field = fld(
    "ihl",
    0,
    4,
    4,
    "Header length in 32-bit words; emitted as 5, options skipped on receive",
);
/// DSCP.
pub const V4_DSCP: Field = fld("dscp", 1, 0, 6, "Differentiated services code point");
/// ECN.
pub const V4_ECN: Field = fld(
    "ecn",
    1,
    6,
    2,
    "ECN: senders emit ECT(0)=0b10, switches mark CE=0b11",
);
/// Total length.
pub const V4_TOTAL_LEN: Field = fld("total_len", 2, 0, 16, "IP header + payload length in bytes");
/// Identification.
pub const V4_IDENT: Field = fld(
    "ident",
    4,
    0,
    16,
    "Identification (free; Braid never fragments)",
);
/// Reserved flag.
pub const V4_RSVD: Field = fld("flag_reserved", 6, 0, 1, "Reserved flag, must be 0");
/// Don't fragment.
pub const V4_DF: Field = fld("flag_df", 6, 1, 1, "Don't fragment (senders set 1)");
/// More fragments.
pub const V4_MF: Field = fld(
    "flag_mf",
    6,
    2,
    1,
    "More fragments: must be 0 (fragments are rejected)",
);
/// Fragment offset.
pub const V4_FRAG: Field = fld(
    "frag_offset",
    6,
    3,
    13,
    "Must be 0 (fragments are rejected)",
);
/// TTL.
pub const V4_TTL: Field = fld("ttl", 8, 0, 8, "Time to live");
/// Protocol.
pub const V4_PROTO: Field = fld("protocol", 9, 0, 8, "17 (UDP)");
/// Header checksum.
pub const V4_CHECKSUM: Field = fld(
    "checksum",
    10,
    0,
    16,
    "Header checksum (RFC 791), always verified",
);
/// Source address.
pub const V4_SRC: Field = fld("src", 12, 0, 32, "Source address");
/// Destination address.
pub const V4_DST: Field = fld("dst", 16, 0, 32, "Destination address");
/// IPv4 header table (no options).
pub const IPV4: &[Field] = &[
    V4_VERSION,
    V4_IHL,
    V4_DSCP,
    V4_ECN,
    V4_TOTAL_LEN,
    V4_IDENT,
    V4_RSVD,
    V4_DF,
    V4_MF,
    V4_FRAG,
    V4_TTL,
    V4_PROTO,
    V4_CHECKSUM,
    V4_SRC,
    V4_DST,
];
/// IPv4 header length without options.
pub const IPV4_LEN: usize = table_len(IPV4);

header_view! {
    /// View of an IPv4 header.
    Ipv4Packet, layer = "ipv4", len = IPV4_LEN,
    {
        version / set_version: u8 = V4_VERSION;
        ihl / set_ihl: u8 = V4_IHL;
        dscp / set_dscp: u8 = V4_DSCP;
        ecn / set_ecn: u8 = V4_ECN;
        total_len / set_total_len: u16 = V4_TOTAL_LEN;
        ident / set_ident: u16 = V4_IDENT;
        flag_reserved / set_flag_reserved: u8 = V4_RSVD;
        flag_df / set_flag_df: u8 = V4_DF;
        flag_mf / set_flag_mf: u8 = V4_MF;
        frag_offset / set_frag_offset: u16 = V4_FRAG;
        ttl / set_ttl: u8 = V4_TTL;
        protocol / set_protocol: u8 = V4_PROTO;
        checksum / set_checksum: u16 = V4_CHECKSUM;
        src_u32 / set_src_u32: u32 = V4_SRC;
        dst_u32 / set_dst_u32: u32 = V4_DST;
    }
}

impl<T: AsRef<[u8]>> Ipv4Packet<T> {
    /// Header length in bytes from IHL.
    pub fn header_len(&self) -> usize {
        usize::from(self.ihl()) * 4
    }
    /// Verify the header checksum over `header_len()` bytes (false if truncated).
    pub fn verify_checksum(&self) -> bool {
        match self.as_bytes().get(..self.header_len()) {
            Some(h) if self.header_len() >= IPV4_LEN => checksum::checksum(h) == 0,
            _ => false,
        }
    }
}

impl<T: AsRef<[u8]> + AsMut<[u8]>> Ipv4Packet<T> {
    /// Recompute the header checksum (over `header_len()` bytes).
    pub fn fill_checksum(&mut self) {
        self.set_checksum(0);
        let n = self.header_len();
        let c = self
            .as_bytes()
            .get(..n)
            .map(checksum::checksum)
            .unwrap_or(0);
        self.set_checksum(c);
    }
}

/// Parsed IPv4 header. Version, IHL, total length, protocol (UDP) and checksum
/// are derived on emit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Ipv4Repr {
    /// DSCP (6 bits).
    pub dscp: u8,
    /// ECN (2 bits).
    pub ecn: u8,
    /// Identification.
    pub ident: u16,
    /// Don't-fragment flag.
    pub dont_frag: bool,
    /// TTL.
    pub ttl: u8,
    /// Source address.
    pub src: [u8; 4],
    /// Destination address.
    pub dst: [u8; 4],
}

impl Ipv4Repr {
    /// Parse and validate version, IHL, fragmentation and checksum. Returns the
    /// repr, the protocol number and the header length in bytes.
    pub fn parse<T: AsRef<[u8]>>(p: &Ipv4Packet<T>) -> Result<(Self, u8, usize)> {
        if p.version() != 4 {
            return Err(Error::BadVersion {
                layer: "ipv4",
                found: p.version(),
                expected: 4,
            });
        }
        let hl = p.header_len();
        if hl < IPV4_LEN {
            return Err(Error::BadHeaderLength {
                layer: "ipv4",
                found: usize::from(p.ihl()),
                expected: 5,
            });
        }
        if p.as_bytes().len() < hl {
            return Err(Error::Truncated {
                layer: "ipv4 options",
                needed: hl,
                have: p.as_bytes().len(),
            });
        }
        if !p.verify_checksum() {
            return Err(Error::BadChecksum { layer: "ipv4" });
        }
        if p.flag_mf() != 0 || p.frag_offset() != 0 {
            return Err(Error::Fragmented);
        }
        let repr = Ipv4Repr {
            dscp: p.dscp(),
            ecn: p.ecn(),
            ident: p.ident(),
            dont_frag: p.flag_df() != 0,
            ttl: p.ttl(),
            src: p.src_u32().to_be_bytes(),
            dst: p.dst_u32().to_be_bytes(),
        };
        Ok((repr, p.protocol(), hl))
    }

    /// Header length (always 20: no options are emitted).
    pub const fn buffer_len(&self) -> usize {
        IPV4_LEN
    }

    /// Emit a UDP-carrying header for `payload_len` bytes of IP payload,
    /// checksum included.
    pub fn emit<T: AsRef<[u8]> + AsMut<[u8]>>(&self, p: &mut Ipv4Packet<T>, payload_len: usize) {
        p.set_version(4);
        p.set_ihl(5);
        p.set_dscp(self.dscp);
        p.set_ecn(self.ecn);
        p.set_total_len((IPV4_LEN + payload_len) as u16);
        p.set_ident(self.ident);
        p.set_flag_reserved(0);
        p.set_flag_df(u8::from(self.dont_frag));
        p.set_flag_mf(0);
        p.set_frag_offset(0);
        p.set_ttl(self.ttl);
        p.set_protocol(IP_PROTO_UDP);
        p.set_src_u32(u32::from_be_bytes(self.src));
        p.set_dst_u32(u32::from_be_bytes(self.dst));
        p.fill_checksum();
    }
}

/// IPv6 version.
pub const V6_VERSION: Field = fld("version", 0, 0, 4, "6");
/// DSCP (upper 6 bits of traffic class).
pub const V6_DSCP: Field = fld("dscp", 0, 4, 6, "Traffic class: DSCP");
/// ECN (lower 2 bits of traffic class).
pub const V6_ECN: Field = fld(
    "ecn",
    1,
    2,
    2,
    "Traffic class: ECN (ECT(0) sent, CE marked)",
);
/// Flow label.
pub const V6_FLOW: Field = fld(
    "flow_label",
    1,
    4,
    20,
    "Flow label (senders may copy the path entropy)",
);
/// Payload length.
pub const V6_PAYLOAD_LEN: Field = fld("payload_len", 4, 0, 16, "Bytes after the 40-byte header");
/// Next header.
pub const V6_NEXT: Field = fld(
    "next_header",
    6,
    0,
    8,
    "17 (UDP); extension headers are not supported",
);
/// Hop limit.
pub const V6_HOP: Field = fld("hop_limit", 7, 0, 8, "Hop limit");
/// Source address.
pub const V6_SRC: Field = fld("src", 8, 0, 128, "Source address");
/// Destination address.
pub const V6_DST: Field = fld("dst", 24, 0, 128, "Destination address");
/// IPv6 header table.
pub const IPV6: &[Field] = &[
    V6_VERSION,
    V6_DSCP,
    V6_ECN,
    V6_FLOW,
    V6_PAYLOAD_LEN,
    V6_NEXT,
    V6_HOP,
    V6_SRC,
    V6_DST,
];
/// IPv6 header length.
pub const IPV6_LEN: usize = table_len(IPV6);

header_view! {
    /// View of an IPv6 header.
    Ipv6Packet, layer = "ipv6", len = IPV6_LEN,
    {
        version / set_version: u8 = V6_VERSION;
        dscp / set_dscp: u8 = V6_DSCP;
        ecn / set_ecn: u8 = V6_ECN;
        flow_label / set_flow_label: u32 = V6_FLOW;
        payload_len / set_payload_len: u16 = V6_PAYLOAD_LEN;
        next_header / set_next_header: u8 = V6_NEXT;
        hop_limit / set_hop_limit: u8 = V6_HOP;
    }
}

/// Copy as many bytes as both slices hold (never panics).
fn copy(d: &mut [u8], s: &[u8]) {
    for (d, s) in d.iter_mut().zip(s) {
        *d = *s;
    }
}

fn addr16(b: &[u8]) -> [u8; 16] {
    let mut a = [0u8; 16];
    for (d, s) in a.iter_mut().zip(b) {
        *d = *s;
    }
    a
}

impl<T: AsRef<[u8]>> Ipv6Packet<T> {
    /// Source address.
    pub fn src(&self) -> [u8; 16] {
        addr16(V6_SRC.bytes(self.as_bytes()))
    }
    /// Destination address.
    pub fn dst(&self) -> [u8; 16] {
        addr16(V6_DST.bytes(self.as_bytes()))
    }
}

impl<T: AsRef<[u8]> + AsMut<[u8]>> Ipv6Packet<T> {
    /// Set the source address.
    pub fn set_src(&mut self, a: [u8; 16]) {
        copy(V6_SRC.bytes_mut(self.buffer.as_mut()), &a);
    }
    /// Set the destination address.
    pub fn set_dst(&mut self, a: [u8; 16]) {
        copy(V6_DST.bytes_mut(self.buffer.as_mut()), &a);
    }
}

/// Parsed IPv6 header.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Ipv6Repr {
    /// DSCP (6 bits).
    pub dscp: u8,
    /// ECN (2 bits).
    pub ecn: u8,
    /// Flow label (20 bits).
    pub flow_label: u32,
    /// Hop limit.
    pub hop_limit: u8,
    /// Source address.
    pub src: [u8; 16],
    /// Destination address.
    pub dst: [u8; 16],
}

impl Ipv6Repr {
    /// Parse and check the version. Returns the repr and the next-header value.
    pub fn parse<T: AsRef<[u8]>>(p: &Ipv6Packet<T>) -> Result<(Self, u8)> {
        if p.version() != 6 {
            return Err(Error::BadVersion {
                layer: "ipv6",
                found: p.version(),
                expected: 6,
            });
        }
        let repr = Ipv6Repr {
            dscp: p.dscp(),
            ecn: p.ecn(),
            flow_label: p.flow_label(),
            hop_limit: p.hop_limit(),
            src: p.src(),
            dst: p.dst(),
        };
        Ok((repr, p.next_header()))
    }

    /// Header length (40).
    pub const fn buffer_len(&self) -> usize {
        IPV6_LEN
    }

    /// Emit a UDP-carrying header for `payload_len` bytes of payload.
    pub fn emit<T: AsRef<[u8]> + AsMut<[u8]>>(&self, p: &mut Ipv6Packet<T>, payload_len: usize) {
        p.set_version(6);
        p.set_dscp(self.dscp);
        p.set_ecn(self.ecn);
        p.set_flow_label(self.flow_label);
        p.set_payload_len(payload_len as u16);
        p.set_next_header(IP_PROTO_UDP);
        p.set_hop_limit(self.hop_limit);
        p.set_src(self.src);
        p.set_dst(self.dst);
    }
}

/// Either IP version.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum IpRepr {
    /// IPv4.
    V4(Ipv4Repr),
    /// IPv6.
    V6(Ipv6Repr),
}

impl IpRepr {
    /// ECN codepoint of the packet.
    pub fn ecn(&self) -> u8 {
        match self {
            IpRepr::V4(r) => r.ecn,
            IpRepr::V6(r) => r.ecn,
        }
    }
    /// Whether a switch marked congestion (ECN = CE).
    pub fn ce(&self) -> bool {
        self.ecn() == ECN_CE
    }
    /// Header length.
    pub fn buffer_len(&self) -> usize {
        match self {
            IpRepr::V4(r) => r.buffer_len(),
            IpRepr::V6(r) => r.buffer_len(),
        }
    }
}
