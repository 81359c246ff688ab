//! The network side of an engine's MAC ports in co-simulation: frames as
//! 512-bit AXI-Stream beats (ENGINE.md: `data`, 64-bit `keep`, `last`; the
//! receive side has no backpressure), the addressing a switch reads from a
//! frame (destination IPv4, UDP ports: the fabric's path entropy), and the
//! ECN mark a congested switch applies (IPv4 header checksum kept valid).
//!
//! Frames are the bytes from the destination MAC through the last payload
//! byte (no preamble, no FCS), as `braid_spec::wire::frame` emits and
//! parses them.

use braid_spec::wire::eth::EthernetRepr;
use braid_spec::wire::ip::{Ipv4Packet, Ipv6Packet, ECN_CE, ECN_NOT_ECT};
use braid_spec::wire::udp::UdpPacket;
use std::collections::VecDeque;

/// Bytes in one beat (the same 512-bit width as the DMA streams).
pub use super::host::BEAT;

/// One beat of a MAC stream.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MacBeat {
    /// Byte `i` of the beat in lane `i`.
    pub data: [u8; BEAT],
    /// Lane `i` holds a byte.
    pub keep: u64,
    /// Last beat of its frame.
    pub last: bool,
    /// With `last`, transmit only: the engine flags the frame bad
    /// (`tx_bad`: its payload read failed); the MAC side discards it.
    pub bad: bool,
}

/// The beats of `frame`: full beats, then the last with `keep` covering
/// the remaining bytes (lanes from 0, contiguous).
pub fn frame_beats(frame: &[u8]) -> Vec<MacBeat> {
    let n = frame.len().div_ceil(BEAT).max(1);
    (0..n)
        .map(|k| {
            let s = &frame[(k * BEAT).min(frame.len())..((k + 1) * BEAT).min(frame.len())];
            let mut data = [0u8; BEAT];
            data[..s.len()].copy_from_slice(s);
            MacBeat {
                data,
                keep: if s.len() == BEAT {
                    u64::MAX
                } else {
                    (1u64 << s.len()) - 1
                },
                last: k + 1 == n,
                bad: false,
            }
        })
        .collect()
}

/// Assembles the frames an engine transmits, beat by beat.
#[derive(Debug, Default)]
pub struct FrameCollector {
    cur: Vec<u8>,
    /// Complete frames, oldest first.
    pub frames: VecDeque<Vec<u8>>,
    /// Complete frames the engine flagged bad (`tx_bad`), oldest first:
    /// not on the wire (the MAC adapter discards them), kept for checks.
    pub flagged: VecDeque<Vec<u8>>,
    /// Frames dropped because a beat's `keep` was not contiguous from lane
    /// 0, or a beat other than the last was not full.
    pub malformed: u64,
    bad: bool,
}

impl FrameCollector {
    /// Nothing received.
    pub fn new() -> FrameCollector {
        FrameCollector::default()
    }

    /// A beat taken at an edge (`valid && ready`).
    pub fn beat(&mut self, b: &MacBeat) {
        let n = b.keep.trailing_ones() as usize;
        let contiguous = n == 64 || b.keep >> n == 0;
        if !contiguous || (!b.last && n != BEAT) || n == 0 {
            self.bad = true;
        }
        self.cur.extend_from_slice(&b.data[..n]);
        if b.last {
            let f = std::mem::take(&mut self.cur);
            if std::mem::take(&mut self.bad) {
                self.malformed += 1;
            } else if b.bad {
                self.flagged.push_back(f);
            } else {
                self.frames.push_back(f);
            }
        }
    }
}

/// The receive side of a MAC port: frames queued by the fabric, shown one
/// beat per clock (no backpressure: the engine must take every beat).
#[derive(Debug, Default)]
pub struct RxFeeder {
    beats: VecDeque<MacBeat>,
    /// Frames queued.
    pub frames: u64,
}

impl RxFeeder {
    /// Empty.
    pub fn new() -> RxFeeder {
        RxFeeder::default()
    }

    /// Queue a frame (its beats follow the frames queued before it).
    pub fn push(&mut self, frame: &[u8]) {
        self.beats.extend(frame_beats(frame));
        self.frames += 1;
    }

    /// The beat for the coming edge (removed: the MAC does not wait).
    pub fn next_beat(&mut self) -> Option<MacBeat> {
        self.beats.pop_front()
    }

    /// Beats still queued.
    pub fn backlog(&self) -> usize {
        self.beats.len()
    }
}

/// What a switch reads from a frame to forward it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FlowKey {
    /// IPv4 source (IPv6: the low 32 bits).
    pub src_ip: u32,
    /// IPv4 destination (IPv6: the low 32 bits).
    pub dst_ip: u32,
    /// UDP source port (the path).
    pub sport: u16,
    /// UDP destination port.
    pub dport: u16,
}

fn l3(frame: &[u8]) -> Option<(u16, usize)> {
    let (_, ethertype, off) = EthernetRepr::parse(frame).ok()?;
    Some((ethertype, off))
}

/// The flow of an IPv4 or IPv6 UDP frame; `None` for anything a switch
/// could not hash (not IP, not UDP, truncated).
pub fn flow_key(frame: &[u8]) -> Option<FlowKey> {
    use braid_spec::wire::eth::{ETHERTYPE_IPV4, ETHERTYPE_IPV6};
    let (et, off) = l3(frame)?;
    let rest = &frame[off..];
    let (src_ip, dst_ip, proto, hlen) = match et {
        ETHERTYPE_IPV4 => {
            let p = Ipv4Packet::new_checked(rest).ok()?;
            (p.src_u32(), p.dst_u32(), p.protocol(), p.header_len())
        }
        ETHERTYPE_IPV6 => {
            let p = Ipv6Packet::new_checked(rest).ok()?;
            let lo = |a: [u8; 16]| u32::from_be_bytes([a[12], a[13], a[14], a[15]]);
            (lo(p.src()), lo(p.dst()), p.next_header(), 40)
        }
        _ => return None,
    };
    if proto != braid_spec::wire::ip::IP_PROTO_UDP {
        return None;
    }
    let u = UdpPacket::new_checked(rest.get(hlen..)?).ok()?;
    Some(FlowKey {
        src_ip,
        dst_ip,
        sport: u.src_port(),
        dport: u.dst_port(),
    })
}

/// Mark congestion as a switch does: an ECN-capable IP packet gets
/// ECN = CE (the IPv4 header checksum is recomputed); returns whether the
/// frame is now marked. A not-ECT packet is left alone (the switch would
/// drop it instead of marking; the fabric decides).
pub fn mark_ce(frame: &mut [u8]) -> bool {
    use braid_spec::wire::eth::{ETHERTYPE_IPV4, ETHERTYPE_IPV6};
    let Some((et, off)) = l3(frame) else {
        return false;
    };
    match et {
        ETHERTYPE_IPV4 => {
            let Ok(mut p) = Ipv4Packet::new_checked(&mut frame[off..]) else {
                return false;
            };
            if p.ecn() == ECN_NOT_ECT {
                return false;
            }
            p.set_ecn(ECN_CE);
            p.fill_checksum();
            true
        }
        ETHERTYPE_IPV6 => {
            let Ok(mut p) = Ipv6Packet::new_checked(&mut frame[off..]) else {
                return false;
            };
            if p.ecn() == ECN_NOT_ECT {
                return false;
            }
            p.set_ecn(ECN_CE);
            true
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use braid_spec::wire::braid::{BaseRepr, Body, BraidRepr, Flags, Opcode, WriteRepr};
    use braid_spec::wire::frame::{emit_frame_vec, parse_frame, FrameRepr};
    use braid_spec::wire::ip::{IpRepr, Ipv4Repr, ECN_ECT0};
    use braid_spec::wire::udp::UdpRepr;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    fn frame(len: u16, sport: u16, ecn: u8) -> Vec<u8> {
        let repr = FrameRepr {
            eth: EthernetRepr {
                dst: [2, 0, 0, 0, 0, 1],
                src: [2, 0, 0, 0, 0, 2],
                vlan: None,
            },
            ip: IpRepr::V4(Ipv4Repr {
                dscp: 0,
                ecn,
                ident: 7,
                dont_frag: true,
                ttl: 64,
                src: [10, 0, 0, 2],
                dst: [10, 0, 0, 1],
            }),
            udp: UdpRepr {
                src_port: sport,
                dst_port: braid_spec::BRAID_UDP_PORT,
                checksum: true,
            },
            braid: BraidRepr {
                base: BaseRepr {
                    opcode: Opcode::Write,
                    flags: Flags(0),
                    path_id: 3,
                    dst_conn: 5,
                    path_psn: 9,
                    csn: 11,
                    timestamp: 0,
                    payload_len: len,
                    floor_delta: 0,
                },
                body: Body::Write {
                    ext: WriteRepr {
                        rkey: 0x100,
                        va: 0x1000,
                        stream: 0,
                        msn: 0,
                        msg_len: u32::from(len),
                    },
                    imm: None,
                },
            },
        };
        let payload: Vec<u8> = (0..len).map(|i| i as u8 ^ 0x3c).collect();
        emit_frame_vec(&repr, &payload).expect("frame")
    }

    /// Frames of every length from 60 to 300 bytes and a jumbo one cross
    /// the beat stream unchanged, back to back.
    #[test]
    fn frames_round_trip_through_beats() {
        let mut c = FrameCollector::new();
        let mut rx = RxFeeder::new();
        let mut sent = Vec::new();
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        for len in (0..250u16).chain([4096, 8000]) {
            let mut f = frame(len, 49152 + len, ECN_ECT0);
            if rng.gen_bool(0.2) {
                f.push(0xee); // trailing byte: length not a multiple of anything
            }
            rx.push(&f);
            sent.push(f);
        }
        while let Some(b) = rx.next_beat() {
            c.beat(&b);
        }
        assert_eq!(c.malformed, 0);
        assert_eq!(c.frames.len(), sent.len());
        for (a, b) in c.frames.iter().zip(&sent) {
            assert_eq!(a, b);
        }
    }

    /// A gap in `keep`, a short beat before the last, or an empty last
    /// beat drop the frame and count it; the next frame is unaffected.
    #[test]
    fn malformed_beats_drop_their_frame() {
        let f = frame(100, 50000, ECN_ECT0);
        for bad in 0..3 {
            let mut c = FrameCollector::new();
            let mut beats = frame_beats(&f);
            match bad {
                0 => beats[0].keep = u64::MAX ^ 2,
                1 => beats[0].keep = u64::MAX >> 1,
                _ => beats.last_mut().unwrap().keep = 0,
            }
            for b in beats.iter().chain(frame_beats(&f).iter()) {
                c.beat(b);
            }
            assert_eq!((c.malformed, c.frames.len()), (1, 1), "case {bad}");
            assert_eq!(c.frames[0], f);
        }
    }

    /// The flow key reads the addresses and ports; CE marking keeps the
    /// frame valid for braid-spec's parser (checksum included) and leaves
    /// not-ECT frames alone.
    #[test]
    fn flow_key_and_ce_mark() {
        let mut f = frame(64, 51000, ECN_ECT0);
        let k = flow_key(&f).expect("udp");
        assert_eq!(
            k,
            FlowKey {
                src_ip: u32::from_be_bytes([10, 0, 0, 2]),
                dst_ip: u32::from_be_bytes([10, 0, 0, 1]),
                sport: 51000,
                dport: braid_spec::BRAID_UDP_PORT,
            }
        );
        assert!(!parse_frame(&f).unwrap().repr.ip.ce());
        assert!(mark_ce(&mut f));
        let p = parse_frame(&f).expect("still valid");
        assert!(p.repr.ip.ce());
        let mut g = frame(64, 51000, ECN_NOT_ECT);
        let before = g.clone();
        assert!(!mark_ce(&mut g));
        assert_eq!(g, before);
        assert_eq!(flow_key(&f[..20]), None);
        let mut junk = f.clone();
        junk[12] = 0x88; // not IP
        assert_eq!(flow_key(&junk), None);
        assert!(!mark_ce(&mut junk));
    }
}
