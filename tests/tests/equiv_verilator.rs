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
fn rx_parser_matches_model() {
    let n = equiv_cycles();
    for seed in seeds(&[0x9a25, 0x1f0e]) {
        assert_equiv::<RxParserModel>(seed, n / 4);
    }
}

/// The parser's stimulus reaches every drop reason and every opcode
/// accepted, IPv4 and IPv6, with and without 802.1Q, payload beats of every
/// length, gaps and back-to-back frames; no output is ever non-zero while
/// its valid is low.
#[test]
fn rx_parser_stimulus_covers_the_edges() {
    use braid_sim::model::rx_parser::RxStim;
    let mut m = RxParserModel::default();
    let mut stim = RxStim::new(0x9a25);
    let (mut reasons, mut ops) = ([0u64; 16], [0u64; 256]);
    let (mut v4, mut v6, mut vlan, mut ce, mut b2b, mut partial, mut big) = (0, 0, 0, 0, 0, 0, 0);
    let mut last_was_last = false;
    let mut o = m.step(&stim.next(0));
    for c in 1..300_000 {
        let i = stim.next(c);
        if let Some(b) = &i.beat {
            b2b += last_was_last as u64;
            last_was_last = b.last;
        } else {
            last_was_last = false;
        }
        o = m.step(&i);
        assert!(!o.junk);
        if let Some(p) = &o.p {
            partial += (p.keep < 64) as u64;
        }
        if let Some(d) = &o.d {
            reasons[d.reason as usize] += 1;
            if d.ok {
                ops[d.f.opcode as usize] += 1;
                v6 += d.f.is_ipv6 as u64;
                v4 += !d.f.is_ipv6 as u64;
                vlan += d.f.vlan as u64;
                ce += d.f.ce as u64;
                big += (d.f.payload_len > 4096) as u64;
            }
        }
    }
    eprintln!(
        "reasons {reasons:?}\nops {:?}\nv4 {v4} v6 {v6} vlan {vlan} ce {ce} back-to-back {b2b} partial payload beats {partial} big {big}",
        braid_spec::wire::braid::OPCODES
            .iter()
            .map(|op| ops[op.value() as usize])
            .collect::<Vec<_>>()
    );
    for (k, n) in reasons.iter().enumerate() {
        assert!(*n >= 5, "reason {k} seen {n} times");
    }
    for op in braid_spec::wire::braid::OPCODES {
        assert!(ops[op.value() as usize] >= 5, "{op:?} accepted too rarely");
    }
    assert!(v4 > 20 && v6 > 20 && vlan > 20 && ce > 5 && b2b > 100 && partial > 100 && big > 5);
    assert_eq!(
        o.cnt.iter().map(|&c| c as u64).sum::<u64>(),
        reasons.iter().sum::<u64>()
    );
}

/// End to end against braid-spec's own frame parser: through the RTL (the
/// outputs agree with the model every clock), every frame braid-spec
/// accepts gets an ok descriptor whose fields are the frame's and whose
/// payload run is the frame's payload byte for byte; frames it rejects are
/// dropped (except unknown NACK reasons, which the parser passes on).
#[test]
fn rx_parser_payload_is_the_frames_payload() {
    use braid_sim::model::rx_parser::{RxIn, RxOut};
    use std::cell::RefCell;
    let frames: RefCell<(Vec<Vec<u8>>, Vec<u8>)> = RefCell::new((Vec::new(), Vec::new()));
    let runs: RefCell<(Vec<Vec<u8>>, Vec<u8>)> = RefCell::new((Vec::new(), Vec::new()));
    let descs = RefCell::new(Vec::new());
    for seed in seeds(&[0xfa11]) {
        let seen = |i: &RxIn, o: &RxOut| {
            let mut f = frames.borrow_mut();
            if let Some(b) = &i.beat {
                f.1.extend_from_slice(&b.data[..b.keep as usize]);
                if b.last {
                    let done = std::mem::take(&mut f.1);
                    f.0.push(done);
                }
            }
            let mut r = runs.borrow_mut();
            if let Some(p) = &o.p {
                r.1.extend_from_slice(&p.data[..p.keep as usize]);
                if p.last {
                    let done = std::mem::take(&mut r.1);
                    r.0.push(done);
                }
            }
            if let Some(d) = &o.d {
                descs.borrow_mut().push(d.clone());
            }
        };
        if let Err(m) = braid_sim::cosim::equiv::run_observed::<RxParserModel>(seed, 60_000, seen) {
            panic!("{m}\nreproduce with BRAID_SEED={:x}", m.seed);
        }
        let port = {
            use braid_sim::model::Stimulus;
            braid_sim::model::rx_parser::RxStim::new(seed).next(0).port
        };
        let (frames, runs, descs) = (frames.borrow(), runs.borrow(), descs.borrow());
        let mut runs = runs.0.iter();
        let mut ok = 0;
        for (k, d) in descs.iter().enumerate() {
            let run = if d.has_payload {
                runs.next().cloned()
            } else {
                None
            };
            let f = &frames.0[k];
            match braid_spec::parse_frame_on_port(f, port) {
                Ok(p) => {
                    assert!(
                        d.ok,
                        "seed {seed:#x} frame {k}: braid-spec accepts, parser says {d:?}"
                    );
                    let want = p.payload(f);
                    assert_eq!(
                        run.as_deref().unwrap_or(&[]),
                        want,
                        "seed {seed:#x} frame {k}: payload"
                    );
                    assert_eq!(d.f.payload_len as usize, want.len());
                    assert_eq!(d.f.opcode, p.repr.braid.base.opcode.value());
                    assert_eq!(d.f.csn, p.repr.braid.base.csn);
                    assert_eq!(d.f.sport, p.repr.udp.src_port);
                    assert_eq!(d.f.src_mac.to_be_bytes()[2..], p.repr.eth.src);
                    ok += 1;
                }
                Err(braid_spec::Error::BadNackReason(_)) => assert!(d.ok),
                Err(e) => assert!(
                    !d.ok,
                    "seed {seed:#x} frame {k}: braid-spec says {e}, parser accepts"
                ),
            }
        }
        eprintln!(
            "seed {seed:#x}: {} frames, {ok} accepted with payload checked",
            descs.len()
        );
        assert!(ok > 50);
    }
}
