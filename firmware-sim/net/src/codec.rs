//! Model packets to and from the bytes of a UDP payload: the Braid header
//! and payload exactly as `braid-spec` defines them (SPEC section 3). The
//! captures wrap these bytes in Ethernet/IPv4/UDP ([`crate::capture`]); an
//! endpoint on real sockets sends and receives them as they are.
//!
//! The wire is narrower than the model in three fields, so a packet that
//! crosses it comes back quantized: times travel as the low 32 bits of
//! nanoseconds ([`wire_ts`], [`time_of_wire_ts`] takes the latest time at
//! or before the receiver's clock with those bits), an ACK's rate hint in
//! units of [`RATE_HINT_UNIT_BPS`] (rounded down, at most `u16::MAX`
//! units) and its ECN count saturates at `u16::MAX`. Everything else
//! round-trips exactly. The go-back-N baseline's packets are not Braid and
//! have no encoding.

use crate::fabric::Time;
use crate::net::{Ack, Data, Msg};
use braid_spec::wire::braid::{
    AckRepr, BaseRepr, Body, BraidRepr, Flags, NackRepr, Opcode, SendRepr, WriteRepr,
    RATE_HINT_UNIT_BPS,
};

/// Why bytes are not a model packet.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CodecError {
    /// `braid-spec` refuses the bytes.
    #[error("not a Braid packet: {0}")]
    Parse(braid_spec::Error),
    /// A Braid packet the transport model has no message for.
    #[error("{0:?} packets are not part of the transport model")]
    Unsupported(Opcode),
}

/// A model time (picoseconds) as the wire carries it: the low 32 bits of
/// nanoseconds.
pub fn wire_ts(t: Time) -> u32 {
    (t / 1000) as u32
}

/// The latest time at or before `now` (picoseconds) whose wire value is
/// `ts`, in whole nanoseconds; a time more than 2^32 ns (4.29 s) old comes
/// back 2^32 ns too late.
pub fn time_of_wire_ts(ts: u32, now: Time) -> Time {
    let now_ns = now / 1000;
    let age = (now_ns as u32).wrapping_sub(ts) as u64;
    now_ns.saturating_sub(age) * 1000
}

/// The Braid header and payload of `msg` (`None` for the go-back-N
/// baseline). The payload is the packet's bytes when the model carries
/// data, zeros otherwise.
pub fn braid_of(msg: &Msg) -> Option<(BraidRepr, Vec<u8>)> {
    let (base, body, payload) = match msg {
        Msg::Data(d) => {
            let imm = d.opcode.has_imm().then_some(d.imm);
            let body = match d.opcode {
                Opcode::Write | Opcode::WriteImm => Body::Write {
                    ext: WriteRepr {
                        rkey: d.rkey,
                        va: d.va,
                        stream: d.stream,
                        msn: d.msn,
                        msg_len: d.msg_len,
                    },
                    imm,
                },
                _ => Body::Send {
                    ext: SendRepr {
                        stream: d.stream,
                        rsn: d.rsn,
                        msn: d.msn,
                        offset: d.offset,
                        msg_len: d.msg_len,
                    },
                    imm,
                },
            };
            (
                BaseRepr {
                    opcode: d.opcode,
                    flags: Flags(d.flags),
                    path_id: d.path,
                    dst_conn: d.conn,
                    path_psn: d.psn,
                    csn: d.csn,
                    timestamp: wire_ts(d.ts),
                    payload_len: d.len as u16,
                    floor_delta: d.floor_delta,
                },
                body,
                d.data.clone().unwrap_or_else(|| vec![0; d.len as usize]),
            )
        }
        Msg::Ack(a) => (
            control_base(Opcode::Ack, a.conn, a.path),
            Body::Ack(AckRepr {
                base_psn: a.base,
                csn_base: a.csn_base,
                ts_echo: wire_ts(a.ts_echo),
                ecn_count: a.ecn.min(u16::MAX as u32) as u16,
                rate_hint: (a.rate_hint / RATE_HINT_UNIT_BPS).min(u16::MAX as u64) as u16,
                sack: a.sack,
            }),
            Vec::new(),
        ),
        Msg::Nack {
            conn,
            path,
            psn,
            csn,
            reason,
            detail,
        } => (
            control_base(Opcode::Nack, *conn, *path),
            Body::Nack(NackRepr {
                reason: *reason,
                psn: *psn,
                csn: *csn,
                detail: *detail,
            }),
            Vec::new(),
        ),
        Msg::Gbn { .. } => return None,
    };
    Some((BraidRepr { base, body }, payload))
}

fn control_base(opcode: Opcode, conn: u32, path: u8) -> BaseRepr {
    BaseRepr {
        opcode,
        flags: Flags(0),
        path_id: path,
        dst_conn: conn,
        path_psn: 0,
        csn: 0,
        timestamp: 0,
        payload_len: 0,
        floor_delta: 0,
    }
}

/// `msg` as a UDP payload (`None` for the go-back-N baseline).
pub fn udp_payload_of(msg: &Msg) -> Option<Vec<u8>> {
    let (repr, payload) = braid_of(msg)?;
    let mut buf = vec![0u8; repr.buffer_len() + payload.len()];
    let n = repr
        .emit(&mut buf)
        .expect("a model packet is a valid Braid header");
    buf[n..].copy_from_slice(&payload);
    Some(buf)
}

/// The model packet a UDP payload carries, received at `now` (the times it
/// carries are placed at or before `now`, [`time_of_wire_ts`]). With
/// `carry_data` the payload bytes come along, else only their length.
pub fn msg_of(udp_payload: &[u8], now: Time, carry_data: bool) -> Result<Msg, CodecError> {
    // braid-spec refuses a UDP payload that is not exactly the headers
    // and `payload_len` bytes
    let (repr, hlen) = BraidRepr::parse(udp_payload).map_err(CodecError::Parse)?;
    let b = repr.base;
    let payload = &udp_payload[hlen..];
    let data = |imm: Option<u32>| Data {
        conn: b.dst_conn,
        path: b.path_id,
        psn: b.path_psn,
        csn: b.csn,
        floor_delta: b.floor_delta,
        ts: time_of_wire_ts(b.timestamp, now),
        opcode: b.opcode,
        flags: b.flags.0,
        stream: 0,
        msn: 0,
        rsn: 0,
        rkey: 0,
        va: 0,
        offset: 0,
        msg_len: 0,
        imm: imm.unwrap_or(0),
        len: b.payload_len as u32,
        data: carry_data.then(|| payload.to_vec()),
    };
    Ok(match repr.body {
        Body::Write { ext, imm } => Msg::Data(Box::new(Data {
            stream: ext.stream,
            msn: ext.msn,
            rkey: ext.rkey,
            va: ext.va,
            msg_len: ext.msg_len,
            ..data(imm)
        })),
        Body::Send { ext, imm } => Msg::Data(Box::new(Data {
            stream: ext.stream,
            msn: ext.msn,
            rsn: ext.rsn,
            offset: ext.offset,
            msg_len: ext.msg_len,
            ..data(imm)
        })),
        Body::Ack(a) => Msg::Ack(Box::new(Ack {
            conn: b.dst_conn,
            path: b.path_id,
            base: a.base_psn,
            sack: a.sack,
            csn_base: a.csn_base,
            ecn: a.ecn_count as u32,
            ts_echo: time_of_wire_ts(a.ts_echo, now),
            rate_hint: a.rate_hint as u64 * RATE_HINT_UNIT_BPS,
        })),
        Body::Nack(n) => Msg::Nack {
            conn: b.dst_conn,
            path: b.path_id,
            psn: n.psn,
            csn: n.csn,
            reason: n.reason,
            detail: n.detail,
        },
        _ => return Err(CodecError::Unsupported(b.opcode)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use braid_spec::wire::braid::{NackReason, NACK_REASONS};
    use braid_spec::Sack256;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    const OPS: [Opcode; 4] = [
        Opcode::Write,
        Opcode::WriteImm,
        Opcode::Send,
        Opcode::SendImm,
    ];

    fn random_msg(r: &mut ChaCha8Rng, now: Time) -> Msg {
        // times within 4 s before `now`, in whole nanoseconds
        let t = |r: &mut ChaCha8Rng| now - r.gen_range(0..4_000_000_000u64) * 1000;
        match r.gen_range(0..3) {
            0 => {
                let op = OPS[r.gen_range(0..4)];
                let len = r.gen_range(0..=4096u32);
                let write = matches!(op, Opcode::Write | Opcode::WriteImm);
                Msg::Data(Box::new(Data {
                    conn: r.gen_range(0..1 << 24),
                    path: r.gen(),
                    psn: r.gen(),
                    csn: r.gen(),
                    floor_delta: r.gen(),
                    ts: t(r),
                    opcode: op,
                    flags: r.gen(),
                    stream: r.gen(),
                    msn: r.gen(),
                    // fields the opcode's header does not carry are 0
                    rsn: if write { 0 } else { r.gen_range(0..1 << 24) },
                    rkey: if write { r.gen() } else { 0 },
                    va: if write { r.gen() } else { 0 },
                    offset: if write { 0 } else { r.gen() },
                    msg_len: r.gen(),
                    imm: if op.has_imm() { r.gen() } else { 0 },
                    len,
                    data: Some((0..len).map(|_| r.gen()).collect()),
                }))
            }
            1 => {
                let mut sack = [0u8; 32];
                r.fill(&mut sack[..]);
                Msg::Ack(Box::new(Ack {
                    conn: r.gen_range(0..1 << 24),
                    path: r.gen(),
                    base: r.gen(),
                    sack: Sack256::from_bytes(&sack),
                    csn_base: r.gen(),
                    ecn: r.gen_range(0..=u16::MAX as u32),
                    ts_echo: t(r),
                    rate_hint: r.gen_range(0..=u16::MAX as u64) * RATE_HINT_UNIT_BPS,
                }))
            }
            _ => Msg::Nack {
                conn: r.gen_range(0..1 << 24),
                path: r.gen(),
                psn: r.gen(),
                csn: r.gen(),
                reason: NACK_REASONS[r.gen_range(0..NACK_REASONS.len())],
                detail: r.gen(),
            },
        }
    }

    /// Every Braid message of the model crosses the wire unchanged when
    /// its fields are what the wire can carry (times in whole ns within
    /// 4.29 s before the receiver's clock, rate hints in whole units).
    #[test]
    fn model_packets_round_trip_through_udp_payloads() {
        let seed = 0xc0de_u64;
        let mut r = ChaCha8Rng::seed_from_u64(seed);
        for k in 0..2000 {
            let now = r.gen_range(5_000_000_000u64..1 << 50) * 1000;
            let m = random_msg(&mut r, now);
            let bytes = udp_payload_of(&m).expect("Braid");
            let back = msg_of(&bytes, now, true)
                .unwrap_or_else(|e| panic!("seed {seed:#x} packet {k}: {e} ({m:?})"));
            assert_eq!(
                format!("{back:?}"),
                format!("{m:?}"),
                "seed {seed:#x} packet {k}"
            );
        }
    }

    #[test]
    fn the_wire_quantizes_times_rate_hints_and_ecn_counts() {
        let now: Time = 10_000_000_000_123_456; // ps
        let a = Msg::Ack(Box::new(Ack {
            conn: 7,
            path: 1,
            base: 5,
            sack: Sack256::ZERO,
            csn_base: 9,
            ecn: 70_000,
            ts_echo: now - 1_234_567,
            rate_hint: 3 * RATE_HINT_UNIT_BPS + 1,
        }));
        let Msg::Ack(b) = msg_of(&udp_payload_of(&a).expect("Braid"), now, false).expect("ACK")
        else {
            panic!("not an ACK")
        };
        assert_eq!(
            (b.ecn, b.rate_hint),
            (u16::MAX as u32, 3 * RATE_HINT_UNIT_BPS)
        );
        // whole nanoseconds, the latest such time at or before now
        assert_eq!(b.ts_echo, (now - 1_234_567) / 1000 * 1000);
        // a time the wire's 32 bits cannot tell from a later one
        assert_eq!(
            time_of_wire_ts(wire_ts(now - (1u64 << 32) * 1000), now),
            now / 1000 * 1000
        );
    }

    #[test]
    fn bytes_that_are_not_a_model_packet_say_why() {
        assert!(matches!(
            msg_of(&[0u8; 3], 0, true),
            Err(CodecError::Parse(_))
        ));
        let m = Msg::Nack {
            conn: 1,
            path: 0,
            psn: 2,
            csn: 3,
            reason: NackReason::InvalidRkey,
            detail: 4,
        };
        let mut bytes = udp_payload_of(&m).expect("Braid");
        bytes.push(0);
        assert!(matches!(msg_of(&bytes, 0, true), Err(CodecError::Parse(_))));
    }
}
