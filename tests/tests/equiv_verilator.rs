//! Model vs Verilated RTL, every output on every clock, seeded random
//! stimulus biased toward the edges. ~100k cycles per block here;
//! `BRAID_EQUIV_CYCLES=10000000` for the opt-in long run (scripts/long-run.sh).

use braid_sim::model::*;
use braid_tests::{assert_equiv, equiv_cycles, seeds};

#[test]
fn sack_tracker_matches_model() {
    let n = equiv_cycles();
    for seed in seeds(&[0x5ac1, 0xbead]) {
        assert_equiv::<SackTrackerModel>(seed, n / 2);
    }
}

/// The stimulus reaches every class, wraps the PSN space, and drives the
/// window to all-ones and back (so the equivalence above covers the edges).
#[test]
fn sack_stimulus_covers_the_edges() {
    use braid_sim::model::sack_tracker::{PsnClass, SackStim};
    let mut m = SackTrackerModel::default();
    let mut stim = SackStim::new(0x5ac1);
    let mut classes = [0u64; 4];
    let (mut full, mut big_slide, mut wraps, mut jumps) = (0, 0, 0, 0);
    let mut last_base = 0u32;
    for c in 0..50_000 {
        let o = m.step(&stim.next(c));
        if let Some((k, _)) = o.res {
            classes[k as usize] += 1;
        }
        if o.ack_sack.count_ones() >= 255 {
            full += 1;
        }
        let step = o.ack_base.wrapping_sub(last_base);
        if step == 2 {
            big_slide += 1;
        }
        if (3..=256).contains(&step) {
            jumps += 1;
        }
        if o.ack_base < last_base && last_base.wrapping_sub(o.ack_base) > 0x8000_0000 {
            wraps += 1;
        }
        last_base = o.ack_base;
    }
    eprintln!(
        "classes {classes:?} full-window cycles {full} 2-step slides {big_slide} floor jumps {jumps} wraps {wraps}"
    );
    for (k, n) in classes.iter().enumerate() {
        assert!(*n > 500, "class {k} seen only {n} times");
    }
    assert!(full > 10 && big_slide > 100 && wraps > 0 && jumps > 100);
    let _ = PsnClass::New;
}

#[test]
fn path_window_matches_model() {
    let n = equiv_cycles();
    for seed in seeds(&[0x9a7d, 0x3c1f]) {
        assert_equiv::<PathWindowModel>(seed, n / 2);
    }
}

/// The path-window stimulus reaches the edges: a full window, 0 and 256 in
/// flight, sends into a closed window (also at 256), acks beyond in-flight,
/// cwnd 0, fractional and clamped windows, every input at once, restarts.
#[test]
fn path_window_stimulus_covers_the_edges() {
    use braid_sim::model::path_window::{PathWindowStim, CWND_MAX};
    for seed in [0x9a7d, 0x3c1f] {
        let mut m = PathWindowModel::default();
        let mut stim = PathWindowStim::new(seed);
        let (mut full, mut zero, mut at256, mut closed256) = (0, 0, 0, 0);
        let (mut under, mut closed, mut cwnd0, mut frac, mut capped) = (0, 0, 0, 0, 0);
        let (mut over_in, mut all, mut inits, mut init_busy) = (0, 0, 0, 0);
        let (mut open, mut shut) = (0, 0);
        for c in 0..50_000 {
            let i = stim.next(c);
            over_in += [i.cwnd, i.init]
                .iter()
                .flatten()
                .filter(|&&v| v > CWND_MAX)
                .count();
            all += i.all_at_once() as u32;
            if i.init.is_some() {
                inits += 1;
                init_busy += (i.send || i.ack.is_some()) as u32;
            }
            let o = m.step(&i);
            let win = (o.cwnd_q >> 8) as u16;
            full += (win > 0 && o.in_flight == win) as u32;
            zero += (o.in_flight == 0) as u32;
            at256 += (o.in_flight == 256) as u32;
            closed256 += (o.in_flight == 256 && o.err_send_closed) as u32;
            under += o.err_underflow as u32;
            closed += o.err_send_closed as u32;
            cwnd0 += (o.cwnd_q == 0) as u32;
            frac += (o.cwnd_q & 0xff != 0 && win < 32) as u32;
            capped += (o.cwnd_q == CWND_MAX) as u32;
            open += o.open as u32;
            shut += !o.open as u32;
        }
        eprintln!(
            "seed {seed:#x}: full {full} zero {zero} at256 {at256} closed@256 {closed256} \
             underflow {under} send-closed {closed} cwnd0 {cwnd0} fractional {frac} \
             capped {capped} cwnd>256 inputs {over_in} all-at-once {all} inits {inits} \
             (busy {init_busy}) open {open} closed {shut}"
        );
        assert!(full > 1000 && zero > 1000 && at256 > 200 && closed256 > 50);
        assert!(under > 500 && closed > 1000 && cwnd0 > 200 && frac > 500);
        assert!(capped > 500 && over_in > 200 && all > 1000 && inits > 5 && init_busy > 1);
        assert!(open > 5000 && shut > 5000);
    }
}

/// The 16-bit error counters saturate: an error storm (window 0, a send
/// and an ack beyond in-flight every clock) for 70k clocks, then the normal
/// stimulus, compared with the model like the run above.
#[test]
fn path_window_counters_saturate_matches_model() {
    use braid_sim::model::path_window::{PathWindowIn, PathWindowOut, PathWindowStim};

    #[derive(Default)]
    struct Storm(PathWindowModel);
    struct StormStim(PathWindowStim);
    const STORM: u64 = 70_000;
    impl Stimulus for StormStim {
        type In = PathWindowIn;
        type Out = PathWindowOut;
        fn new(seed: u64) -> Self {
            StormStim(PathWindowStim::new(seed))
        }
        fn next(&mut self, cycle: u64) -> PathWindowIn {
            match cycle {
                0 => PathWindowIn {
                    init: Some(0),
                    ..Default::default()
                },
                c if c < STORM => PathWindowIn {
                    send: true,
                    ack: Some(2),
                    ..Default::default()
                },
                c => self.0.next(c),
            }
        }
    }
    impl CycleModel for Storm {
        const MODULE: &'static str = PathWindowModel::MODULE;
        const INPUTS: &'static [&'static str] = PathWindowModel::INPUTS;
        const OUTPUTS: &'static [&'static str] = PathWindowModel::OUTPUTS;
        type In = PathWindowIn;
        type Out = PathWindowOut;
        type Stim = StormStim;
        fn step(&mut self, i: &PathWindowIn) -> PathWindowOut {
            self.0.step(i)
        }
        fn encode(i: &PathWindowIn, ports: &mut [Vec<u32>]) {
            PathWindowModel::encode(i, ports)
        }
        fn decode(ports: &[Vec<u32>]) -> PathWindowOut {
            PathWindowModel::decode(ports)
        }
    }

    let mut m = Storm::default();
    let mut stim = StormStim::new(0x5a7);
    let o = (0..STORM).map(|c| m.step(&stim.next(c))).last().unwrap();
    assert_eq!((o.cnt_underflow, o.cnt_send_closed), (0xffff, 0xffff));
    assert!(o.err_underflow && o.err_send_closed);
    assert_equiv::<Storm>(0x5a7, STORM + 10_000);
}

#[test]
fn loss_detector_matches_model() {
    let n = equiv_cycles();
    for seed in seeds(&[0x1055, 0xacc5]) {
        assert_equiv::<LossDetectorModel>(seed, n / 2);
    }
}

/// The loss detector's stimulus exercises what matters: losses found and
/// emitted, ACKs accepted with large and small counts, ACKs rejected, sends
/// refused, the window filling (not sendable) and restarts near the wrap.
#[test]
fn loss_stimulus_covers_the_edges() {
    use braid_sim::model::loss_detector::LossStim;
    for seed in seeds(&[0x1055, 0xacc5]) {
        let mut m = LossDetectorModel::default();
        let mut stim = LossStim::new(seed);
        let (mut lost, mut done, mut rej, mut blocked, mut full, mut big, mut sent) =
            (0u64, 0u64, 0u64, 0u64, 0u64, 0u64, 0u64);
        let mut wraps = 0;
        let mut last_nxt = 0u32;
        for c in 0..50_000 {
            let o = m.step(&stim.next(c));
            stim.observe(&o);
            lost += o.lost_valid as u64;
            done += o.ack_done as u64;
            rej += o.ack_rejected as u64;
            blocked += o.send_blocked as u64;
            full += (!o.sendable) as u64;
            big += (o.ack_done && o.acked_count >= 64) as u64;
            sent += o.sent.is_some() as u64;
            if o.nxt < last_nxt && last_nxt - o.nxt > 0x8000_0000 {
                wraps += 1;
            }
            last_nxt = o.nxt;
        }
        eprintln!(
            "seed {seed:#x}: sent {sent} lost {lost} acks {done} (>=64 newly acked: {big}) rejected {rej} blocked {blocked} not-sendable cycles {full} wraps {wraps}"
        );
        assert!(
            sent > 10_000 && lost > 500 && done > 2_000 && rej > 50,
            "seed {seed:#x}"
        );
        assert!(blocked > 20 && full > 1_000 && big > 10, "seed {seed:#x}");
    }
}

/// Against the ground truth: with truthful ACKs, every PSN the detector
/// declares lost was dropped by the path (no false loss on an in-order
/// path), no PSN is declared twice, and acknowledged + lost never exceeds
/// what was sent.
#[test]
fn loss_detector_reports_only_real_losses() {
    use braid_sim::model::loss_detector::LossStim;
    use std::collections::HashSet;
    for seed in seeds(&[0x7a11, 0x1055]) {
        let mut m = LossDetectorModel::default();
        let mut stim = LossStim::truthful(seed);
        let (mut sent, mut acked, mut lost) = (0u64, 0u64, 0u64);
        let mut seen = HashSet::new();
        for c in 0..200_000 {
            let o = m.step(&stim.next(c));
            stim.observe(&o);
            sent += o.sent.is_some() as u64;
            if o.ack_done {
                acked += o.acked_count as u64;
            }
            if o.lost_valid {
                lost += 1;
                assert!(
                    stim.dropped.contains(&o.lost_psn),
                    "seed {seed:#x} cycle {c}: PSN {:#x} declared lost but it was delivered",
                    o.lost_psn
                );
                assert!(
                    seen.insert(o.lost_psn),
                    "seed {seed:#x}: PSN {:#x} declared lost twice",
                    o.lost_psn
                );
            }
        }
        eprintln!(
            "seed {seed:#x}: sent {sent} acked {acked} lost {lost} dropped {}",
            stim.dropped.len()
        );
        assert!(
            acked + lost <= sent,
            "seed {seed:#x}: resolved more than sent"
        );
        assert!(
            lost * 10 >= stim.dropped.len() as u64 * 7,
            "seed {seed:#x}: most drops must be found"
        );
    }
}

#[test]
fn mr_check_matches_model() {
    let n = equiv_cycles();
    for seed in seeds(&[0x3e9c, 0x77a1]) {
        assert_equiv::<MrCheckModel>(seed, n / 2);
    }
}

/// The memory-region stimulus reaches every outcome: accepted, each of the
/// four reasons, bounds failures at both edges and at the 63-bit limit, and
/// a check in the same clock as a write to its slot.
#[test]
fn mr_check_stimulus_covers_the_edges() {
    use braid_sim::model::mr_check::MrCheckStim;
    let mut m = MrCheckModel::default();
    let mut stim = MrCheckStim::new(0x3e9c);
    let mut reasons = [0u64; 6];
    let mut same_clock = 0;
    for c in 0..50_000 {
        let i = stim.next(c);
        if let (Some(w), Some(r)) = (i.wr, i.req) {
            same_clock += (w.index as u32 == (r.rkey >> 8) & 0xfff) as u64;
        }
        let o = m.step(&i);
        if o.valid {
            reasons[o.reason as usize] += 1;
        }
    }
    eprintln!("reasons (ok, -, rkey, access, bounds, pd) {reasons:?}; same-clock write+check {same_clock}");
    for k in [0, 2, 3, 4, 5] {
        assert!(reasons[k] > 300, "reason {k} seen {} times", reasons[k]);
    }
    assert!(same_clock > 100);
}

#[test]
fn tx_builder_matches_model() {
    let n = equiv_cycles();
    for seed in seeds(&[0x7b1d, 0x3f20]) {
        assert_equiv::<TxBuilderModel>(seed, n / 4);
    }
}

mod tx {
    use braid_sim::cosim::equiv::Bound;
    use braid_sim::model::tx_builder::{tail_keep, Phase, TxDesc, TxStim, BEAT};
    use braid_sim::model::{CycleModel, Stimulus, TxBuilderModel};
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
