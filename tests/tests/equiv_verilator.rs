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
fn msg_tracker_matches_model() {
    let n = equiv_cycles();
    for seed in seeds(&[0x5e9d, 0x77c3]) {
        assert_equiv::<MsgTrackerModel>(seed, n / 2);
    }
}

/// The message-tracker stimulus reaches the edges: every result code,
/// completions by a packet and by the drain (several at once behind a
/// filled hole), WRITEs passed silently, zero-length messages, back-to-back
/// packets of one slot and of one index, a deep drain queue, restarts
/// (with a packet in the same clock) and MSN wraps.
#[test]
fn msg_tracker_stimulus_covers_the_edges() {
    use braid_sim::model::msg_tracker::{MsgStim, RES_COMPLETED, RES_DROPPED, RES_OUTSIDE};
    for seed in seeds(&[0x5e9d, 0x77c3]) {
        let mut m = MsgTrackerModel::default();
        let mut stim = MsgStim::<12, 5>::new(seed);
        let mut codes = [0u64; 4];
        let (mut evs, mut writes, mut zero, mut runs, mut wraps) = (0u64, 0u64, 0u64, 0u64, 0u64);
        let (mut same_slot, mut same_index, mut max_q, mut inits) = (0u64, 0u64, 0u32, 0u64);
        let mut prev: Option<(u32, u32)> = None;
        let mut run = 0u32;
        for c in 0..100_000 {
            let i = stim.next(c);
            inits += i.init.is_some() as u64;
            let cur = i.pkt.map(|k| (k.index, k.msn));
            if let (Some(a), Some(b)) = (prev, cur) {
                same_index += (a.0 == b.0) as u64;
                same_slot += (a.0 == b.0 && (a.1 ^ b.1) & 31 == 0) as u64;
            }
            prev = cur;
            let o = m.step(&i);
            stim.observe(&o);
            if let Some((code, _)) = o.res {
                codes[code as usize] += 1;
            }
            match o.ev {
                Some(e) => {
                    evs += 1;
                    writes += !e.report as u64;
                    zero += (e.byte_len == 0) as u64;
                    wraps += (e.msn == u32::MAX) as u64;
                    run += 1;
                }
                None => {
                    runs += (run >= 3) as u64;
                    run = 0;
                }
            }
            max_q = max_q.max(m.queue_len());
        }
        eprintln!(
            "seed {seed:#x}: codes (counted, completed, outside, dropped) {codes:?} passed {evs} \
             (writes {writes}, zero-length {zero}, runs of >= 3 {runs}, wraps {wraps}) \
             back-to-back same index {same_index} same slot {same_slot} max queue {max_q} inits {inits}"
        );
        assert!(
            codes[0] > 5_000 && codes[RES_COMPLETED as usize] > 5_000,
            "seed {seed:#x}"
        );
        assert!(
            codes[RES_OUTSIDE as usize] > 50 && codes[RES_DROPPED as usize] > 0,
            "seed {seed:#x}"
        );
        assert_eq!(
            codes[RES_OUTSIDE as usize], stim.outside_sent,
            "seed {seed:#x}"
        );
        assert!(
            evs > 5_000 && writes > 1_000 && zero > 500 && runs > 100,
            "seed {seed:#x}"
        );
        assert!(
            same_index > 1_000 && same_slot > 300 && max_q >= 3,
            "seed {seed:#x}"
        );
        assert!(inits > 5 && wraps > 0, "seed {seed:#x}");
        assert_eq!(
            m.cnt_outside_now(),
            stim.outside_sent as u32,
            "seed {seed:#x}"
        );
    }
}

/// Behaviour (model, both the exported 32-slot build and an 8-slot one):
/// for random interleavings of the packets of many messages, every message
/// whose packets were all sent is passed exactly once, in MSN order per
/// index, with its length, kind, imm and solicited flag; a WRITE is never
/// reported as a completion event; only the packets sent outside the
/// window are refused; nothing stays behind once the drain has run.
#[test]
fn msg_tracker_completes_each_message_once_in_order() {
    fn run<const IB: u32, const SB: u32>(seed: u64) {
        use braid_sim::model::msg_tracker::{MsgIn, MsgStim, MsgTrackerModelN, RES_OUTSIDE};
        let mut m = MsgTrackerModelN::<IB, SB>::default();
        let mut stim = MsgStim::<IB, SB>::new(seed);
        let (mut passed, mut outside) = (0u64, 0u64);
        let total = 150_000u64;
        for c in 0..total + 20_000 {
            let i = if c < total {
                stim.next(c)
            } else {
                stim.cycle = c;
                MsgIn::default()
            };
            let o = m.step_inner(&i);
            stim.observe(&o);
            if let Some((code, _)) = o.res {
                outside += (code == RES_OUTSIDE) as u64;
            }
            let Some(e) = o.ev else { continue };
            let s = stim
                .idx
                .iter_mut()
                .find(|s| s.index == e.index)
                .unwrap_or_else(|| panic!("seed {seed:#x}: event of an unknown index {e:?}"));
            if c <= s.mute_until {
                continue; // an event of the epoch before a restart
            }
            let want = s.expect.pop_front().unwrap_or_else(|| {
                panic!("seed {seed:#x} cycle {c}: message passed twice or never sent: {e:?}")
            });
            assert_eq!(
                e, want,
                "seed {seed:#x} cycle {c} (SB {SB}): wrong or reordered"
            );
            passed += 1;
        }
        for s in &stim.idx {
            if let Some(front) = s.expect.front() {
                assert!(
                    s.active.iter().any(|a| a.msn == front.msn),
                    "seed {seed:#x} (SB {SB}): index {} msn {:#x} fully sent but never passed",
                    s.index,
                    front.msn
                );
            }
        }
        assert_eq!(outside, stim.outside_sent, "seed {seed:#x} (SB {SB})");
        assert_eq!(
            m.queue_len(),
            0,
            "seed {seed:#x} (SB {SB}): drain queue not empty"
        );
        assert!(
            passed > 10_000,
            "seed {seed:#x} (SB {SB}): only {passed} passed"
        );
        eprintln!("SB {SB} seed {seed:#x}: {passed} messages passed in order, {outside} outside");
    }
    for seed in seeds(&[0xb0a7, 0x3e55]) {
        run::<12, 5>(seed);
        run::<6, 3>(seed);
    }
}
