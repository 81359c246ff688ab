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

/// Checks a frame against what section 2 of SPEC.md requires of a sender,
/// as seen on a link (a switch may have marked it CE): it parses (every
/// length, checksum and Braid field a receiver checks), an IPv4 header has
/// no options, DF set and no fragmentation, and ECN is ECT(0), or CE.
/// The error names the first field that differs.
pub fn check_sender_frame(buf: &[u8]) -> core::result::Result<Frame, String> {
    use super::ip::{ECN_CE, ECN_ECT0};
    let f = parse_frame(buf).map_err(|e| format!("does not parse: {e}"))?;
    let ecn = match f.repr.ip {
        IpRepr::V4(r) => {
            let l3 = &buf[f.repr.eth.buffer_len()..];
            let ihl = l3[0] & 0x0f;
            if ihl != 5 {
                return Err(format!("IPv4 IHL {ihl}, a sender emits 5"));
            }
            if !r.dont_frag {
                return Err("IPv4 DF clear, a sender sets it".into());
            }
            r.ecn
        }
        IpRepr::V6(r) => r.ecn,
    };
    if ecn != ECN_ECT0 && ecn != ECN_CE {
        return Err(format!(
            "ECN {ecn:#04b}, a sender emits ECT(0) {ECN_ECT0:#04b} (a switch may mark CE {ECN_CE:#04b})"
        ));
    }
    Ok(f)
}

#[cfg(test)]
mod sender_tests {
    use super::*;
    use crate::wire::braid::{BaseRepr, Body, BraidRepr, Flags, Opcode};
    use crate::wire::ip::{ECN_ECT0, ECN_ECT1};

    fn frame(ecn: u8, dont_frag: bool) -> Vec<u8> {
        let repr = FrameRepr {
            eth: EthernetRepr {
                dst: [2, 0, 0, 0, 0, 1],
                src: [2, 0, 0, 0, 0, 2],
                vlan: None,
            },
            ip: IpRepr::V4(Ipv4Repr {
                dscp: 0,
                ecn,
                ident: 0,
                dont_frag,
                ttl: 64,
                src: [10, 0, 0, 1],
                dst: [10, 0, 0, 2],
            }),
            udp: UdpRepr {
                src_port: 49152,
                dst_port: BRAID_UDP_PORT,
                checksum: true,
            },
            braid: BraidRepr {
                base: BaseRepr {
                    opcode: Opcode::Probe,
                    flags: Flags(0),
                    path_id: 1,
                    dst_conn: 7,
                    path_psn: 0,
                    csn: 0,
                    timestamp: 0,
                    payload_len: 0,
                    floor_delta: 0,
                },
                body: Body::Probe(crate::wire::braid::ProbeRepr {
                    probe_seq: 1,
                    probe_ts: 2,
                }),
            },
        };
        emit_frame_vec(&repr, &[]).unwrap()
    }

    #[test]
    fn a_sender_frame_is_ect0_with_df_and_no_options() {
        assert!(check_sender_frame(&frame(ECN_ECT0, true)).is_ok());
        assert!(check_sender_frame(&frame(0b11, true)).is_ok(), "CE");
        let e = check_sender_frame(&frame(ECN_ECT1, true)).unwrap_err();
        assert!(e.contains("ECN 0b01"), "{e}");
        let e = check_sender_frame(&frame(0, true)).unwrap_err();
        assert!(e.contains("ECN 0b00"), "{e}");
        let e = check_sender_frame(&frame(ECN_ECT0, false)).unwrap_err();
        assert!(e.contains("DF"), "{e}");
        let mut bad = frame(ECN_ECT0, true);
        bad[14] = 0x46; // IHL 6: fails the checksum and the option rule
        assert!(check_sender_frame(&bad).is_err());
    }
}
