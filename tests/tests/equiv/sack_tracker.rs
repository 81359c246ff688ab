//! `sack_tracker`: its cycle model against the RTL block, in Verilator (every
//! output on every clock, seeded random stimulus biased toward the
//! edges) and in RustHDL's own simulator (a short seeded run).

use crate::common::*;
use braid_hdl::SackTracker;
use braid_model::sack_tracker::{PsnClass, SackIn, SackOut, SackStim};
use braid_model::*;
use braid_tests::{assert_equiv, equiv_cycles, seeds};
use rust_hdl::prelude::*;

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
fn sack_tracker_stimulus_covers_the_edges() {
    use braid_model::sack_tracker::{PsnClass, SackStim};
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

fn sack_step(uut: &mut SackTracker, i: &SackIn) -> SackOut {
    uut.init_valid.next = i.init.is_some();
    uut.init_psn.next = bits(i.init.unwrap_or(0) as u64);
    uut.pkt_valid.next = i.pkt.is_some();
    let (psn, fd) = i.pkt.unwrap_or((0, 0));
    uut.pkt_psn.next = bits(psn as u64);
    uut.pkt_floor.next = bits(fd as u64);
    clock(uut, |u, c| u.clock.next = Clock::from(c));
    let class = match uut.res_class.val().to_u64() {
        0 => PsnClass::New,
        1 => PsnClass::Duplicate,
        2 => PsnClass::Beyond,
        _ => PsnClass::Behind,
    };
    SackOut {
        res: uut
            .res_valid
            .val()
            .then(|| (class, uut.res_psn.val().to_u64() as u32)),
        ack_base: uut.ack_base.val().to_u64() as u32,
        ack_sack: w256_of(uut.ack_sack.val()),
    }
}

#[test]
fn sack_tracker_rusthdl_matches_model() {
    for seed in seeds(&[0x5ac1]) {
        let mut uut = SackTracker::default();
        uut.connect_all();
        assert!(simulate(&mut uut, 1000));
        let mut model = SackTrackerModel::default();
        let mut stim = SackStim::new(seed);
        let n = 3_000;
        let t = std::time::Instant::now();
        for cycle in 0..n {
            let i = stim.next(cycle);
            let want = model.step(&i);
            let got = sack_step(&mut uut, &i);
            assert_eq!(
                want, got,
                "RustHDL sack_tracker differs from the model at cycle {cycle} (seed {seed:#x}), inputs {i:?}"
            );
        }
        eprintln!(
            "sack_tracker (RustHDL simulator): {n} cycles equal, {:.0} cycles/s",
            n as f64 / t.elapsed().as_secs_f64()
        );
    }
}

/// One input clock of a directed sequence: `I(psn)` restarts the path,
/// `P(psn, floor_delta)` is a packet, `Idle(n)` is `n` clocks without input.
#[derive(Clone, Copy)]
enum Seq {
    I(u32),
    P(u32, u16),
    Idle(usize),
}

/// Runs `seq` then 12 idle clocks through the model and the RTL (RustHDL's
/// simulator), checks they agree on every clock, and returns the results
/// (class by PSN, in order) and the final ACK base.
fn run_seq(seq: &[Seq]) -> (Vec<(u32, PsnClass)>, u32) {
    let mut uut = SackTracker::default();
    uut.connect_all();
    assert!(simulate(&mut uut, 1000));
    let mut model = SackTrackerModel::default();
    let mut ins = Vec::new();
    for s in seq {
        match *s {
            Seq::I(p) => ins.push(SackIn {
                init: Some(p),
                pkt: None,
            }),
            Seq::P(p, fd) => ins.push(SackIn {
                init: None,
                pkt: Some((p, fd)),
            }),
            Seq::Idle(n) => ins.extend((0..n).map(|_| SackIn::default())),
        }
    }
    ins.extend((0..12).map(|_| SackIn::default()));
    let mut res = Vec::new();
    let mut base = 0;
    for (cycle, i) in ins.iter().enumerate() {
        let want = model.step(i);
        let got = sack_step(&mut uut, i);
        assert_eq!(want, got, "RTL differs from the model at clock {cycle}");
        if let Some((class, psn)) = got.res {
            res.push((psn, class));
        }
        base = got.ack_base;
    }
    (res, base)
}

/// SPEC.md section 6's floor rule holds exactly: a floor in `(base, base +
/// 256]` moves the base there, whatever happened on the clock before (a
/// restart, a slide, a jump) and however close it is to the base.
#[test]
fn sack_tracker_floor_rule_is_exact() {
    use Seq::*;
    // the packet right after a restart: its floor 0x20 moves the base
    let (res, base) = run_seq(&[I(0x10), P(0x20, 0)]);
    assert_eq!(res, [(0x20, PsnClass::New)]);
    assert_eq!(base, 0x21, "jumped to the floor 0x20, then slid over it");
    // a floor at the top of the window one clock after the base slid: the
    // bound is the slid base's
    let (res, _) = run_seq(&[I(0x1000), Idle(4), P(0x1000, 0), Idle(1), P(0x1101, 0)]);
    assert_eq!(res, [(0x1000, PsnClass::New), (0x1101, PsnClass::New)]);
    // a floor one ahead of a base that sits on a lost PSN
    let (res, base) = run_seq(&[I(0x1000), Idle(4), P(0x1001, 1), Idle(1), P(0x1100, 255)]);
    assert_eq!(res, [(0x1001, PsnClass::New), (0x1100, PsnClass::New)]);
    assert_eq!(base, 0x1002, "floor 0x1001 taken, 0x1001 slid over");
    // floors 1 and 2 ahead on consecutive clocks, after a jump
    let (res, base) = run_seq(&[I(0), Idle(4), P(0x50, 0x10), P(0x52, 0x1), P(0x55, 0x2)]);
    assert_eq!(
        res,
        [
            (0x50, PsnClass::New),
            (0x52, PsnClass::New),
            (0x55, PsnClass::New)
        ]
    );
    assert_eq!(
        base, 0x53,
        "0x51 jumped, 0x53 jumped; 0x52 and 0x55 received"
    );
    // a floor equal to the base, or 257 ahead, is not taken
    let (res, base) = run_seq(&[I(0x200), Idle(4), P(0x201, 1), P(0x302, 1)]);
    assert_eq!(res, [(0x201, PsnClass::New), (0x302, PsnClass::Beyond)]);
    assert_eq!(base, 0x200);
}
