//! Whole frames: Ethernet / IP / UDP / Braid / payload.

use core::ops::Range;

use super::braid::BraidRepr;
use super::checksum;
use super::eth::{EthernetRepr, ETHERTYPE_IPV4, ETHERTYPE_IPV6};
use super::ip::{IpRepr, Ipv4Packet, Ipv4Repr, Ipv6Packet, Ipv6Repr, IPV6_LEN, IP_PROTO_UDP};
use super::udp::{UdpPacket, UdpRepr, UDP_LEN};
use crate::{Error, Result, BRAID_UDP_PORT};

/// All headers of one Braid frame.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FrameRepr {
    /// Ethernet (and optional 802.1Q tag).
    pub eth: EthernetRepr,
    /// IPv4 or IPv6.
    pub ip: IpRepr,
    /// UDP.
    pub udp: UdpRepr,
    /// Braid headers.
    pub braid: BraidRepr,
}

/// A parsed frame: its headers and where the payload lies in the input.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Frame {
    /// Decoded headers.
    pub repr: FrameRepr,
    /// Byte range of the Braid payload within the parsed buffer.
    pub payload: Range<usize>,
}

impl Frame {
    /// The payload bytes, given the buffer that was parsed.
    pub fn payload<'a>(&self, buf: &'a [u8]) -> &'a [u8] {
        buf.get(self.payload.clone()).unwrap_or(&[])
    }
}

impl FrameRepr {
    /// Length of all headers (Ethernet .. Braid) in bytes, FCS excluded.
    pub fn header_len(&self) -> usize {
        self.eth.buffer_len() + self.ip.buffer_len() + UDP_LEN + self.braid.buffer_len()
    }

    /// Frame length in bytes (headers + `braid.base.payload_len`), FCS excluded.
    pub fn buffer_len(&self) -> usize {
        self.header_len() + usize::from(self.braid.base.payload_len)
    }
}

/// Parse a frame addressed to the default [`BRAID_UDP_PORT`].
pub fn parse_frame(buf: &[u8]) -> Result<Frame> {
    parse_frame_on_port(buf, BRAID_UDP_PORT)
}

/// Parse a frame (FCS already stripped) whose UDP destination port must be `port`.
///
/// Checks: EtherType, IP version, IPv4 header checksum and no fragmentation,
/// protocol UDP, every length field against the next, UDP checksum when
/// non-zero, Braid version, opcode, `hdr_words` and `payload_len`. Bytes after
/// the IP datagram (Ethernet padding) are ignored. Never panics.
pub fn parse_frame_on_port(buf: &[u8], port: u16) -> Result<Frame> {
    let (eth, ethertype, off) = EthernetRepr::parse(buf)?;
    let l3 = buf.get(off..).unwrap_or(&[]);
    // (ip repr, IP header length, IP payload = UDP datagram, pseudo-header sum)
    let (ip, ip_hlen, datagram, pseudo_of): (IpRepr, usize, &[u8], PseudoSrc) = match ethertype {
        ETHERTYPE_IPV4 => {
            let p = Ipv4Packet::new_checked(l3)?;
            let (r, proto, hlen) = Ipv4Repr::parse(&p)?;
            if proto != IP_PROTO_UDP {
                return Err(Error::NotUdp(proto));
            }
            // the datagram must hold at least a UDP header (rx_drop's
            // IP_LENGTH)
            let total = usize::from(p.total_len());
            if total < hlen + UDP_LEN {
                return Err(Error::LengthMismatch {
                    layer: "ipv4 total_len",
                    claimed: total,
                    actual: hlen + UDP_LEN,
                });
            }
            let dg = l3.get(hlen..total).ok_or(Error::Truncated {
                layer: "ipv4 payload",
                needed: total,
                have: l3.len(),
            })?;
            (IpRepr::V4(r), hlen, dg, PseudoSrc::V4(r.src, r.dst))
        }
        ETHERTYPE_IPV6 => {
            let p = Ipv6Packet::new_checked(l3)?;
            let (r, next) = Ipv6Repr::parse(&p)?;
            if next != IP_PROTO_UDP {
                return Err(Error::NotUdp(next));
            }
            let plen = usize::from(p.payload_len());
            if plen < UDP_LEN {
                return Err(Error::LengthMismatch {
                    layer: "ipv6 payload_len",
                    claimed: plen,
                    actual: UDP_LEN,
                });
            }
            let dg = l3.get(IPV6_LEN..IPV6_LEN + plen).ok_or(Error::Truncated {
                layer: "ipv6 payload",
                needed: IPV6_LEN + plen,
                have: l3.len(),
            })?;
            (IpRepr::V6(r), IPV6_LEN, dg, PseudoSrc::V6(r.src, r.dst))
        }
        other => return Err(Error::NotIp(other)),
    };
    let up = UdpPacket::new_checked(datagram)?;
    let udp = UdpRepr::parse(&up);
    if udp.dst_port != port {
        return Err(Error::WrongPort {
            found: udp.dst_port,
            expected: port,
        });
    }
    if usize::from(up.length()) != datagram.len() {
        return Err(Error::LengthMismatch {
            layer: "udp length",
            claimed: usize::from(up.length()),
            actual: datagram.len(),
        });
    }
    if udp.checksum {
        let ps = pseudo_of.sum(up.length());
        if checksum::fold(checksum::sum(datagram, ps)) != 0xffff {
            return Err(Error::BadChecksum { layer: "udp" });
        }
    }
    let (braid, bhlen) = BraidRepr::parse(up.rest())?;
    let start = off + ip_hlen + UDP_LEN + bhlen;
    let payload = start..start + usize::from(braid.base.payload_len);
    Ok(Frame {
        repr: FrameRepr {
            eth,
            ip,
            udp,
            braid,
        },
        payload,
    })
}

enum PseudoSrc {
    V4([u8; 4], [u8; 4]),
    V6([u8; 16], [u8; 16]),
}

impl PseudoSrc {
    fn sum(&self, udp_len: u16) -> u32 {
        match self {
            PseudoSrc::V4(s, d) => checksum::pseudo_v4(s, d, udp_len),
            PseudoSrc::V6(s, d) => checksum::pseudo_v6(s, d, udp_len),
        }
    }
}

/// Emit a frame into `buf`. `payload.len()` must equal
/// `repr.braid.base.payload_len`. Returns the frame length (FCS excluded;
/// the MAC appends it and pads to the Ethernet minimum).
pub fn emit_frame(repr: &FrameRepr, payload: &[u8], buf: &mut [u8]) -> Result<usize> {
    repr.braid.validate()?;
    if payload.len() != usize::from(repr.braid.base.payload_len) {
        return Err(Error::LengthMismatch {
            layer: "emit payload",
            claimed: usize::from(repr.braid.base.payload_len),
            actual: payload.len(),
        });
    }
    let total = repr.buffer_len();
    if buf.len() < total {
        return Err(Error::BufferTooSmall {
            needed: total,
            have: buf.len(),
        });
    }
    let udp_total = UDP_LEN + repr.braid.buffer_len() + payload.len();
    if udp_total > usize::from(u16::MAX) {
        return Err(Error::FieldOverflow {
            field: "udp length",
        });
    }
    let buf = &mut buf[..total];
    let ethertype = match repr.ip {
        IpRepr::V4(_) => ETHERTYPE_IPV4,
        IpRepr::V6(_) => ETHERTYPE_IPV6,
    };
    repr.eth.emit(buf, ethertype)?;
    let (_, l3) = buf.split_at_mut(repr.eth.buffer_len());
    let (iph, dg) = l3.split_at_mut(repr.ip.buffer_len());
    let pseudo = match &repr.ip {
        IpRepr::V4(r) => {
            if super::ip::IPV4_LEN + udp_total > usize::from(u16::MAX) {
                return Err(Error::FieldOverflow {
                    field: "ipv4 total_len",
                });
            }
            r.emit(&mut Ipv4Packet::new_unchecked(&mut *iph), udp_total);
            PseudoSrc::V4(r.src, r.dst)
        }
        IpRepr::V6(r) => {
            r.emit(&mut Ipv6Packet::new_unchecked(&mut *iph), udp_total);
            PseudoSrc::V6(r.src, r.dst)
        }
    };
    let (uh, up) = dg.split_at_mut(UDP_LEN);
    repr.udp
        .emit(&mut UdpPacket::new_unchecked(&mut *uh), up.len());
    let hlen = repr.braid.emit(up)?;
    up[hlen..].copy_from_slice(payload);
    if repr.udp.checksum {
        let ps = pseudo.sum(udp_total as u16);
        let c = checksum::udp(checksum::sum(uh, ps), up);
        UdpPacket::new_unchecked(uh).set_checksum(c);
    }
    Ok(total)
}

/// Emit a frame into a new vector.
pub fn emit_frame_vec(repr: &FrameRepr, payload: &[u8]) -> Result<Vec<u8>> {
    let mut v = vec![0u8; repr.buffer_len()];
    emit_frame(repr, payload, &mut v)?;
    Ok(v)
}
