//! Shared test helpers: proptest strategies and a seeded PRNG frame generator.
#![allow(dead_code)]

use braid_spec::*;
use proptest::prelude::*;

/// SplitMix64: tiny deterministic PRNG so failures reproduce from a seed.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    pub fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            0
        } else {
            self.next() % n
        }
    }
    pub fn bytes<const N: usize>(&mut self) -> [u8; N] {
        let mut a = [0u8; N];
        for b in a.iter_mut() {
            *b = self.next() as u8;
        }
        a
    }
}

pub fn sack() -> impl Strategy<Value = Sack256> {
    any::<[u64; 4]>().prop_map(|words| Sack256 { words })
}

pub fn write_repr() -> impl Strategy<Value = WriteRepr> {
    (
        any::<u32>(),
        any::<u64>(),
        any::<u8>(),
        any::<u32>(),
        any::<u32>(),
    )
        .prop_map(|(rkey, va, stream, msn, msg_len)| WriteRepr {
            rkey,
            va,
            stream,
            msn,
            msg_len,
        })
}

pub fn send_repr() -> impl Strategy<Value = SendRepr> {
    (
        any::<u8>(),
        0u32..1 << 24,
        any::<u32>(),
        any::<u32>(),
        any::<u32>(),
    )
        .prop_map(|(stream, rsn, msn, offset, msg_len)| SendRepr {
            stream,
            rsn,
            msn,
            offset,
            msg_len,
        })
}

pub fn ack_repr() -> impl Strategy<Value = AckRepr> {
    (
        any::<u32>(),
        any::<u32>(),
        any::<u32>(),
        any::<u16>(),
        any::<u16>(),
        sack(),
    )
        .prop_map(
            |(base_psn, csn_base, ts_echo, ecn_count, rate_hint, sack)| AckRepr {
                base_psn,
                csn_base,
                ts_echo,
                ecn_count,
                rate_hint,
                sack,
            },
        )
}

pub fn nack_repr() -> impl Strategy<Value = NackRepr> {
    (
        proptest::sample::select(wire::braid::NACK_REASONS),
        any::<u32>(),
        any::<u32>(),
        any::<u32>(),
    )
        .prop_map(|(reason, psn, csn, detail)| NackRepr {
            reason,
            psn,
            csn,
            detail,
        })
}

pub fn probe_repr() -> impl Strategy<Value = ProbeRepr> {
    (any::<u32>(), any::<u32>()).prop_map(|(probe_seq, probe_ts)| ProbeRepr {
        probe_seq,
        probe_ts,
    })
}

pub fn body() -> impl Strategy<Value = Body> {
    prop_oneof![
        (write_repr(), any::<Option<u32>>()).prop_map(|(ext, imm)| Body::Write { ext, imm }),
        (send_repr(), any::<Option<u32>>()).prop_map(|(ext, imm)| Body::Send { ext, imm }),
        ack_repr().prop_map(Body::Ack),
        nack_repr().prop_map(Body::Nack),
        probe_repr().prop_map(Body::Probe),
        probe_repr().prop_map(Body::ProbeReply),
    ]
}

/// A consistent BraidRepr (opcode from body, payload_len 0 for control).
pub fn braid_repr(max_payload: u16) -> impl Strategy<Value = BraidRepr> {
    (
        body(),
        any::<u8>(),
        any::<u8>(),
        0u32..=0x00ff_ffff,
        any::<u32>(),
        any::<u32>(),
        any::<u32>(),
        0..=max_payload,
        any::<u16>(),
    )
        .prop_map(
            |(body, flags, path_id, dst_conn, path_psn, csn, timestamp, pl, fd)| {
                let opcode = body.opcode();
                BraidRepr {
                    base: BaseRepr {
                        opcode,
                        flags: Flags(flags),
                        path_id,
                        dst_conn,
                        path_psn,
                        csn,
                        timestamp,
                        payload_len: if opcode.is_data() { pl } else { 0 },
                        floor_delta: fd,
                    },
                    body,
                }
            },
        )
}

pub fn eth_repr() -> impl Strategy<Value = EthernetRepr> {
    (
        any::<[u8; 6]>(),
        any::<[u8; 6]>(),
        proptest::option::of((0u8..8, any::<bool>(), 0u16..4096)),
    )
        .prop_map(|(dst, src, vlan)| EthernetRepr {
            dst,
            src,
            vlan: vlan.map(|(pcp, dei, vid)| VlanTag { pcp, dei, vid }),
        })
}

pub fn ipv4_repr() -> impl Strategy<Value = Ipv4Repr> {
    (
        0u8..64,
        0u8..4,
        any::<u16>(),
        any::<bool>(),
        any::<u8>(),
        any::<[u8; 4]>(),
        any::<[u8; 4]>(),
    )
        .prop_map(|(dscp, ecn, ident, dont_frag, ttl, src, dst)| Ipv4Repr {
            dscp,
            ecn,
            ident,
            dont_frag,
            ttl,
            src,
            dst,
        })
}

pub fn ipv6_repr() -> impl Strategy<Value = Ipv6Repr> {
    (
        0u8..64,
        0u8..4,
        0u32..(1 << 20),
        any::<u8>(),
        any::<[u8; 16]>(),
        any::<[u8; 16]>(),
    )
        .prop_map(|(dscp, ecn, flow_label, hop_limit, src, dst)| Ipv6Repr {
            dscp,
            ecn,
            flow_label,
            hop_limit,
            src,
            dst,
        })
}

pub fn ip_repr(v6: bool) -> BoxedStrategy<IpRepr> {
    if v6 {
        ipv6_repr().prop_map(IpRepr::V6).boxed()
    } else {
        ipv4_repr().prop_map(IpRepr::V4).boxed()
    }
}

/// A whole frame with a payload of the right length.
pub fn frame(v6: bool) -> impl Strategy<Value = (FrameRepr, Vec<u8>)> {
    (
        eth_repr(),
        ip_repr(v6),
        any::<u16>(),
        any::<bool>(),
        braid_repr(2048),
    )
        .prop_flat_map(|(eth, ip, sport, csum, braid)| {
            let n = usize::from(braid.base.payload_len);
            (
                Just(FrameRepr {
                    eth,
                    ip,
                    udp: UdpRepr {
                        src_port: sport,
                        dst_port: BRAID_UDP_PORT,
                        checksum: csum,
                    },
                    braid,
                }),
                proptest::collection::vec(any::<u8>(), n),
            )
        })
}

/// A random valid frame from the seeded PRNG (for the big fuzz loop).
pub fn random_frame(r: &mut Rng) -> (FrameRepr, Vec<u8>) {
    let op = wire::braid::OPCODES[r.below(wire::braid::OPCODES.len() as u64) as usize];
    let imm = if op.has_imm() {
        Some(r.next() as u32)
    } else {
        None
    };
    let body = match op {
        Opcode::Write | Opcode::WriteImm => Body::Write {
            ext: WriteRepr {
                rkey: r.next() as u32,
                va: r.next(),
                stream: r.next() as u8,
                msn: r.next() as u32,
                msg_len: r.next() as u32,
            },
            imm,
        },
        Opcode::Send | Opcode::SendImm => Body::Send {
            ext: SendRepr {
                stream: r.next() as u8,
                rsn: r.below(1 << 24) as u32,
                msn: r.next() as u32,
                offset: r.next() as u32,
                msg_len: r.next() as u32,
            },
            imm,
        },
        Opcode::Ack => Body::Ack(AckRepr {
            base_psn: r.next() as u32,
            csn_base: r.next() as u32,
            ts_echo: r.next() as u32,
            ecn_count: r.next() as u16,
            rate_hint: r.next() as u16,
            sack: Sack256 {
                words: [r.next(), r.next(), r.next(), r.next()],
            },
        }),
        Opcode::Nack => Body::Nack(NackRepr {
            reason: wire::braid::NACK_REASONS
                [r.below(wire::braid::NACK_REASONS.len() as u64) as usize],
            psn: r.next() as u32,
            csn: r.next() as u32,
            detail: r.next() as u32,
        }),
        Opcode::Probe => Body::Probe(ProbeRepr {
            probe_seq: r.next() as u32,
            probe_ts: r.next() as u32,
        }),
        Opcode::ProbeReply => Body::ProbeReply(ProbeRepr {
            probe_seq: r.next() as u32,
            probe_ts: r.next() as u32,
        }),
    };
    let pl = if op.is_data() { r.below(300) as u16 } else { 0 };
    let payload: Vec<u8> = (0..pl).map(|_| r.next() as u8).collect();
    let ip = if r.below(2) == 0 {
        IpRepr::V4(Ipv4Repr {
            dscp: r.below(64) as u8,
            ecn: r.below(4) as u8,
            ident: r.next() as u16,
            dont_frag: true,
            ttl: 64,
            src: r.bytes(),
            dst: r.bytes(),
        })
    } else {
        IpRepr::V6(Ipv6Repr {
            dscp: r.below(64) as u8,
            ecn: r.below(4) as u8,
            flow_label: r.below(1 << 20) as u32,
            hop_limit: 64,
            src: r.bytes(),
            dst: r.bytes(),
        })
    };
    let repr = FrameRepr {
        eth: EthernetRepr {
            dst: r.bytes(),
            src: r.bytes(),
            vlan: if r.below(4) == 0 {
                Some(VlanTag {
                    pcp: r.below(8) as u8,
                    dei: r.below(2) == 1,
                    vid: r.below(4096) as u16,
                })
            } else {
                None
            },
        },
        ip,
        udp: UdpRepr {
            src_port: r.next() as u16,
            dst_port: BRAID_UDP_PORT,
            checksum: r.below(2) == 0,
        },
        braid: BraidRepr {
            base: BaseRepr {
                opcode: op,
                flags: Flags(r.next() as u8),
                path_id: r.next() as u8,
                dst_conn: r.below(1 << 24) as u32,
                path_psn: r.next() as u32,
                csn: r.next() as u32,
                timestamp: r.next() as u32,
                payload_len: pl,
                floor_delta: r.next() as u16,
            },
            body,
        },
    };
    (repr, payload)
}
