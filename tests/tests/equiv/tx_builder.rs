//! `tx_builder`: its cycle model against the RTL block, in Verilator (every
//! output on every clock, seeded random stimulus biased toward the
//! edges) and in RustHDL's own simulator (a short seeded run).

use crate::common::*;
use braid_model::*;
use braid_tests::{assert_equiv, equiv_cycles, seeds};
use rust_hdl::prelude::*;

#[test]
fn tx_builder_matches_model() {
    let n = equiv_cycles();
    for seed in seeds(&[0x7b1d, 0x3f20]) {
        assert_equiv::<TxBuilderModel>(seed, n / 4);
    }
}

mod tx {
    use braid_cosim::equiv::Bound;
    use braid_model::tx_builder::{tail_keep, Phase, TxDesc, TxStim, BEAT};
    use braid_model::{CycleModel, Stimulus, TxBuilderModel};
    use braid_spec::wire::checksum;
    use braid_spec::wire::eth::{ETHERNET_LEN, VLAN_TAG_LEN};
    use braid_spec::wire::ip::{ECN_ECT0, IPV4_LEN};
    use braid_spec::*;

    /// The frame braid-spec's own emitter builds from the descriptor.
    pub fn expected_repr(d: &TxDesc) -> Option<FrameRepr> {
        let mac = |m: u64| {
            let b = m.to_be_bytes();
            [b[2], b[3], b[4], b[5], b[6], b[7]]
        };
        let eth = EthernetRepr {
            dst: mac(d.dst_mac),
            src: mac(d.src_mac),
            vlan: d.vlan.then_some(VlanTag {
                pcp: (d.vlan_tci >> 13) as u8,
                dei: (d.vlan_tci >> 12) & 1 == 1,
                vid: d.vlan_tci & 0xfff,
            }),
        };
        let ip = if d.ipv6 {
            IpRepr::V6(Ipv6Repr {
                dscp: d.dscp,
                ecn: ECN_ECT0,
                flow_label: d.flow_label,
                hop_limit: d.ttl,
                src: d.src_ip.to_be_bytes(),
                dst: d.dst_ip.to_be_bytes(),
            })
        } else {
            IpRepr::V4(Ipv4Repr {
                dscp: d.dscp,
                ecn: ECN_ECT0,
                ident: 0,
                dont_frag: true,
                ttl: d.ttl,
                src: (d.src_ip as u32).to_be_bytes(),
                dst: (d.dst_ip as u32).to_be_bytes(),
            })
        };
        let op = Opcode::from_u8(d.opcode)?;
        let imm = op.has_imm().then_some(d.imm);
        let probe = ProbeRepr {
            probe_seq: d.probe_seq,
            probe_ts: d.probe_ts,
        };
        let body = match op {
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
            Opcode::Send | Opcode::SendImm => Body::Send {
                ext: SendRepr {
                    stream: d.stream,
                    rsn: d.rsn,
                    msn: d.msn,
                    offset: d.offset,
                    msg_len: d.msg_len,
                },
                imm,
            },
            Opcode::Ack => Body::Ack(AckRepr {
                base_psn: d.ack_base_psn,
                csn_base: d.ack_csn_base,
                ts_echo: d.ack_ts_echo,
                ecn_count: d.ack_ecn_count,
                rate_hint: d.ack_rate_hint,
                sack: Sack256::from_bytes(&d.ack_sack),
            }),
            Opcode::Nack => Body::Nack(NackRepr {
                reason: NackReason::from_u8(d.nack_reason)?,
                psn: d.nack_psn,
                csn: d.nack_csn,
                detail: d.nack_detail,
            }),
            Opcode::Probe => Body::Probe(probe),
            Opcode::ProbeReply => Body::ProbeReply(probe),
        };
        Some(FrameRepr {
            eth,
            ip,
            udp: UdpRepr {
                src_port: d.udp_sport,
                dst_port: d.udp_dport,
                checksum: false,
            },
            braid: BraidRepr {
                base: BaseRepr {
                    opcode: op,
                    flags: Flags(d.flags),
                    path_id: d.path_id,
                    dst_conn: d.dst_conn,
                    path_psn: d.path_psn,
                    csn: d.csn,
                    timestamp: d.timestamp,
                    payload_len: d.payload_len,
                    floor_delta: d.floor_delta,
                },
                body,
            },
        })
    }

    /// Every collected frame against its descriptor: parsed by braid-spec's
    /// decoder into exactly the descriptor's fields and payload, equal byte
    /// for byte to braid-spec's emitter, valid IPv4 checksum, lengths, beat
    /// count and keep pattern. Unknown opcodes and NACK reasons are refused
    /// by the decoder as such. Returns the number of frames checked.
    pub fn check_frames(stim: &TxStim, seed: u64) -> usize {
        assert!(!stim.frames.is_empty(), "seed {seed:#x}: no frame");
        for (k, (f, (d, p))) in stim.frames.iter().zip(&stim.sent).enumerate() {
            let ctx = format!("seed {seed:#x} frame {k} ({d:?})");
            let buf = &f.bytes;
            assert!(f.keep_ok, "{ctx}: keep pattern");
            assert_eq!(buf.len(), d.frame_len(), "{ctx}: frame length");
            assert_eq!(f.beats, d.frame_len().div_ceil(BEAT), "{ctx}: beats");
            assert_eq!(f.bad, stim.sent_bad[k], "{ctx}: m_bad");
            let parsed = parse_frame_on_port(buf, d.udp_dport);
            match expected_repr(d) {
                None => match Opcode::from_u8(d.opcode) {
                    None => assert_eq!(parsed, Err(Error::BadOpcode(d.opcode)), "{ctx}"),
                    Some(_) => {
                        assert_eq!(parsed, Err(Error::BadNackReason(d.nack_reason)), "{ctx}")
                    }
                },
                Some(want) => {
                    let fr = parsed.unwrap_or_else(|e| panic!("{ctx}: not parsed: {e}"));
                    assert_eq!(fr.repr, want, "{ctx}: fields");
                    assert_eq!(fr.payload(buf), &p[..], "{ctx}: payload");
                    let emitted = emit_frame_vec(&want, p).expect("braid-spec emits it");
                    assert_eq!(
                        buf, &emitted,
                        "{ctx}: bytes differ from braid-spec's emitter"
                    );
                }
            }
            if !d.ipv6 {
                let l3 = ETHERNET_LEN + if d.vlan { VLAN_TAG_LEN } else { 0 };
                assert_eq!(
                    checksum::checksum(&buf[l3..l3 + IPV4_LEN]),
                    0,
                    "{ctx}: checksum"
                );
            }
        }
        stim.frames.len()
    }

    /// Run `cycles` clocks of the stimulus on the Verilated block, then let
    /// it drain (no new descriptors); check the counters against what was
    /// collected.
    pub fn run_rtl(stim: &mut TxStim, cycles: u64, seed: u64) {
        let mut rtl = Bound::<TxBuilderModel>::new().expect("tx_builder Verilated");
        let mut out = None;
        let mut idle = 0;
        for c in 0..cycles + 30_000 {
            if c == cycles {
                stim.stop = true;
            }
            let i = stim.next(c);
            let o = rtl.step(&i);
            stim.observe(&o);
            out = Some(o);
            // the counters follow one clock after the last beat was taken
            if c > cycles && stim.frames.len() == stim.sent.len() {
                idle += 1;
                if idle > 2 {
                    break;
                }
            }
        }
        let o = out.expect("ran");
        assert_eq!(
            stim.frames.len(),
            stim.sent.len(),
            "seed {seed:#x}: not drained"
        );
        assert_eq!(o.frames_sent as usize, stim.frames.len(), "seed {seed:#x}");
        let bytes: usize = stim.frames.iter().map(|f| f.bytes.len()).sum();
        assert_eq!(o.bytes_sent, bytes as u64, "seed {seed:#x}");
        assert_eq!(o.pl_errors, stim.bad_beats, "seed {seed:#x}");
        let flagged = stim.frames.iter().filter(|f| f.bad).count();
        assert!(flagged > 0, "seed {seed:#x}: no frame flagged bad");
    }

    #[test]
    fn tx_builder_frames_parse_with_braid_spec() {
        for seed in braid_tests::seeds(&[0xf4a3, 0x0c7e]) {
            let mut stim = TxStim::new(seed);
            run_rtl(&mut stim, braid_tests::equiv_cycles() / 2, seed);
            let n = check_frames(&stim, seed);
            eprintln!("seed {seed:#x}: {n} frames parsed and byte-equal to braid-spec's emitter");
            assert!(n > 300, "seed {seed:#x}: only {n} frames");
        }
    }

    /// Full speed (descriptors, payload and m_ready always there): after the
    /// first beat the RTL emits a beat on every clock, across frame
    /// boundaries.
    #[test]
    fn tx_builder_full_rate() {
        let full = Phase {
            desc: 100,
            pl: 100,
            ready: 100,
        };
        for seed in braid_tests::seeds(&[0x5eed, 0xfa57]) {
            let mut stim = TxStim::fixed(seed, full);
            let mut rtl = Bound::<TxBuilderModel>::new().expect("tx_builder Verilated");
            let (mut first, mut idle) = (None, 0u64);
            let cycles = 20_000;
            for c in 0..cycles {
                let i = stim.next(c);
                let o = rtl.step(&i);
                stim.observe(&o);
                if o.m_valid && first.is_none() {
                    first = Some(c);
                }
                if first.is_some() && !o.m_valid {
                    idle += 1;
                }
            }
            let first = first.expect("a beat");
            eprintln!(
                "seed {seed:#x}: first beat after {} clocks, {} frames, {} idle clocks after it",
                first + 1,
                stim.frames.len(),
                idle
            );
            assert_eq!(idle, 0, "seed {seed:#x}: idle output clocks at full rate");
            assert!(first <= 10, "seed {seed:#x}: latency {first}");
            check_frames(&stim, seed);
        }
    }

    /// The stimulus (on the model) reaches every opcode with and without
    /// tag on IPv4 and IPv6, every payload class, flush beats, two-beat
    /// headers, back-pressure, payload gaps, refused offers, framing errors
    /// and frames leaving back to back.
    #[test]
    fn tx_builder_stimulus_covers_the_edges() {
        for seed in braid_tests::seeds(&[0x7b1d, 0x3f20]) {
            let mut m = TxBuilderModel::default();
            let mut stim = TxStim::new(seed);
            let (mut stalls, mut pl_gaps, mut d_waits, mut b2b) = (0u64, 0u64, 0u64, 0u64);
            let mut prev = m.step(&stim.next(0));
            stim.observe(&prev);
            let mut last_end = None;
            for c in 1..200_000 {
                let i = stim.next(c);
                stalls += (prev.m_valid && !i.m_ready) as u64;
                pl_gaps += (prev.pl_ready && i.pl.is_none()) as u64;
                d_waits += (i.desc.is_some() && !prev.d_ready) as u64;
                if prev.m_valid && i.m_ready {
                    if last_end == Some(c - 1) {
                        b2b += 1;
                    }
                    if prev.m_last {
                        last_end = Some(c);
                    }
                }
                let o = m.step(&i);
                stim.observe(&o);
                prev = o;
            }
            let mut combos = std::collections::HashMap::new();
            let (mut flush, mut hb2, mut zero, mut edge, mut big) = (0, 0, 0, 0, 0);
            for (d, _) in stim.sent.iter().take(stim.frames.len()) {
                let key = (Opcode::from_u8(d.opcode).map(|o| o.value()), d.vlan, d.ipv6);
                *combos.entry(key).or_insert(0u32) += 1;
                let h = d.header_len();
                let p = d.payload_len as usize;
                flush += ((h % BEAT + p).div_ceil(BEAT) > p.div_ceil(BEAT) && p > 0) as u32;
                hb2 += (h >= 2 * BEAT) as u32;
                zero += (p == 0 && Opcode::from_u8(d.opcode).is_some_and(|o| o.is_data())) as u32;
                edge += (p > 0 && tail_keep(p) == u64::MAX) as u32;
                big += (p > 8000) as u32;
            }
            eprintln!(
                "seed {seed:#x}: {} frames, {} combinations, flush {flush} two-beat headers {hb2} \
                 zero-payload data {zero} whole-beat payloads {edge} >8000 B {big}; stalls {stalls} \
                 payload gaps {pl_gaps} refused offers {d_waits} back-to-back {b2b} bad beats {}",
                stim.frames.len(),
                combos.len(),
                stim.bad_beats
            );
            for op in braid_spec::wire::braid::OPCODES {
                for vlan in [false, true] {
                    for v6 in [false, true] {
                        let n = combos
                            .get(&(Some(op.value()), vlan, v6))
                            .copied()
                            .unwrap_or(0);
                        assert!(n >= 5, "seed {seed:#x}: {op:?} vlan {vlan} v6 {v6}: {n}");
                    }
                }
            }
            assert!(combos.keys().any(|k| k.0.is_none()), "unknown opcodes");
            assert!(flush > 50 && hb2 > 50 && zero > 5 && edge > 10 && big > 5);
            assert!(stalls > 1000 && pl_gaps > 1000 && d_waits > 1000 && b2b > 100);
            assert!(stim.bad_beats > 10);
        }
    }
}

fn tx_step(
    uut: &mut braid_hdl::TxBuilder,
    i: &braid_model::tx_builder::TxIn,
) -> braid_model::tx_builder::TxOut {
    let d = i.desc.unwrap_or_default();
    uut.d_valid.next = i.desc.is_some();
    uut.d_dst_mac.next = bits(d.dst_mac);
    uut.d_src_mac.next = bits(d.src_mac);
    uut.d_vlan.next = d.vlan;
    uut.d_vlan_tci.next = bits(d.vlan_tci as u64);
    uut.d_ipv6.next = d.ipv6;
    uut.d_src_ip.next = bits_le(&d.src_ip.to_le_bytes());
    uut.d_dst_ip.next = bits_le(&d.dst_ip.to_le_bytes());
    uut.d_dscp.next = bits(d.dscp as u64);
    uut.d_ttl.next = bits(d.ttl as u64);
    uut.d_flow_label.next = bits(d.flow_label as u64);
    uut.d_udp_sport.next = bits(d.udp_sport as u64);
    uut.d_udp_dport.next = bits(d.udp_dport as u64);
    uut.d_opcode.next = bits(d.opcode as u64);
    uut.d_flags.next = bits(d.flags as u64);
    uut.d_path_id.next = bits(d.path_id as u64);
    uut.d_dst_conn.next = bits(d.dst_conn as u64);
    uut.d_path_psn.next = bits(d.path_psn as u64);
    uut.d_csn.next = bits(d.csn as u64);
    uut.d_timestamp.next = bits(d.timestamp as u64);
    uut.d_payload_len.next = bits(d.payload_len as u64);
    uut.d_floor_delta.next = bits(d.floor_delta as u64);
    uut.d_rkey.next = bits(d.rkey as u64);
    uut.d_va.next = bits(d.va);
    uut.d_stream.next = bits(d.stream as u64);
    uut.d_rsn.next = bits(d.rsn as u64);
    uut.d_msn.next = bits(d.msn as u64);
    uut.d_offset.next = bits(d.offset as u64);
    uut.d_msg_len.next = bits(d.msg_len as u64);
    uut.d_imm.next = bits(d.imm as u64);
    uut.d_ack_base_psn.next = bits(d.ack_base_psn as u64);
    uut.d_ack_csn_base.next = bits(d.ack_csn_base as u64);
    uut.d_ack_ts_echo.next = bits(d.ack_ts_echo as u64);
    uut.d_ack_ecn_count.next = bits(d.ack_ecn_count as u64);
    uut.d_ack_rate_hint.next = bits(d.ack_rate_hint as u64);
    uut.d_ack_sack.next = bits_le(&d.ack_sack);
    uut.d_nack_reason.next = bits(d.nack_reason as u64);
    uut.d_nack_psn.next = bits(d.nack_psn as u64);
    uut.d_nack_csn.next = bits(d.nack_csn as u64);
    uut.d_nack_detail.next = bits(d.nack_detail as u64);
    uut.d_probe_seq.next = bits(d.probe_seq as u64);
    uut.d_probe_ts.next = bits(d.probe_ts as u64);
    uut.pl_valid.next = i.pl.is_some();
    let pl = i.pl.map_or(([0u8; 64], 0, false, false), |b| {
        (b.data, b.keep, b.last, b.bad)
    });
    uut.pl_data.next = bits_le(&pl.0);
    uut.pl_keep.next = bits(pl.1);
    uut.pl_last.next = pl.2;
    uut.pl_bad.next = pl.3;
    uut.m_ready.next = i.m_ready;
    clock(uut, |u, c| u.clock.next = Clock::from(c));
    let mut data = [0u8; 64];
    for (k, x) in data.iter_mut().enumerate() {
        *x = uut.m_data.val().get_bits::<8>(8 * k).to_u64() as u8;
    }
    braid_model::tx_builder::TxOut {
        d_ready: uut.d_ready.val(),
        pl_ready: uut.pl_ready.val(),
        m_valid: uut.m_valid.val(),
        m_data: data,
        m_keep: uut.m_keep.val().to_u64(),
        m_last: uut.m_last.val(),
        m_bad: uut.m_bad.val(),
        frames_sent: uut.frames_sent.val().to_u64() as u32,
        bytes_sent: uut.bytes_sent.val().to_u64(),
        pl_errors: uut.pl_errors.val().to_u64() as u32,
    }
}

/// A short run (the block is 1,500+ bits wide per stage: RustHDL's
/// simulator is slow on it); the long runs are the Verilator tests above.
#[test]
fn tx_builder_rusthdl_matches_model() {
    use braid_model::tx_builder::TxStim;
    use braid_model::TxBuilderModel;
    for seed in seeds(&[0x7b1d]) {
        let mut uut = braid_hdl::TxBuilder::default();
        uut.connect_all();
        assert!(simulate(&mut uut, 1000));
        let mut model = TxBuilderModel::default();
        let mut stim = TxStim::new(seed);
        stim.max_payload = 200;
        let n = 300;
        for cycle in 0..n {
            let i = stim.next(cycle);
            let want = model.step(&i);
            let got = tx_step(&mut uut, &i);
            stim.observe(&want);
            assert_eq!(
                want, got,
                "RustHDL tx_builder differs from the model at cycle {cycle} (seed {seed:#x}), inputs {i:?}"
            );
        }
        assert!(
            !stim.frames.is_empty(),
            "seed {seed:#x}: no frame in {n} cycles"
        );
    }
}
