//! `timer_wheel`: its cycle model against the RTL block, in Verilator (every
//! output on every clock, seeded random stimulus biased toward the
//! edges) and in RustHDL's own simulator (a short seeded run).

use crate::common::*;
use braid_model::*;
use braid_tests::{assert_equiv, equiv_cycles, seeds};
use rust_hdl::prelude::*;

#[test]
fn timer_wheel_matches_model() {
    let n = equiv_cycles();
    // 0x7e3: 2^20-tick buckets, `now` wraps the 32-bit tick space
    for seed in seeds(&[0x7e1, 0x7e3]) {
        assert_equiv::<TimerWheelModel>(seed, n);
    }
}

#[test]
fn timer_wheel_tiny_matches_model() {
    let n = equiv_cycles();
    for seed in seeds(&[0x71, 0x73]) {
        assert_equiv::<TimerWheelTinyModel>(seed, n);
    }
}

/// The timer-wheel stimulus reaches every path through the block: events
/// from visits and from ARMs already due, re-queues (also into the farthest
/// bucket), stale nodes dropped, deadlines moved earlier (the other node)
/// and later (kept), the record and head forwarding, empty and non-empty
/// buckets, a full event FIFO, the wheel pointer and the 32-bit tick
/// wrapping, refused kinds and ARMs counted late; also far deadlines
/// re-queued when visited, DISARMs of armed paths, back-to-back external
/// ops on one path and events held by `ev_ready` low.
#[test]
fn timer_wheel_stimulus_covers_the_edges() {
    use braid_model::timer_wheel::TwStim;
    let mut late = 0;
    let mut bad = 0;
    let mut tot = braid_model::timer_wheel::TwCov::default();
    for seed in [0x71u64, 0x73] {
        let mut m = TimerWheelTinyModel::default();
        let mut stim = TwStim::<6, 4>::new(seed);
        for c in 0..50_000 {
            let o = m.step(&stim.next(c));
            stim.observe(&o);
            late = late.max(o.cnt_late);
            bad = bad.max(o.cnt_bad);
        }
        let c = m.cov;
        eprintln!("seed {seed:#x}: {c:?}");
        tot.fire_visit += c.fire_visit;
        tot.fire_arm += c.fire_arm;
        tot.requeue += c.requeue;
        tot.far += c.far;
        tot.stale += c.stale;
        tot.far_requeue += c.far_requeue;
        tot.disarm += c.disarm;
        tot.b2b += c.b2b;
        tot.ev_stall += c.ev_stall;
        tot.moved_earlier += c.moved_earlier;
        tot.kept += c.kept;
        tot.forwarded += c.forwarded;
        tot.head_fwd += c.head_fwd;
        tot.take_empty += c.take_empty;
        tot.walks += c.walks;
        tot.fifo_full += c.fifo_full;
        tot.wheel_wraps += c.wheel_wraps;
        tot.tick_wraps += c.tick_wraps;
    }
    let t = tot;
    for (name, v) in [
        ("fire_visit", t.fire_visit),
        ("fire_arm", t.fire_arm),
        ("requeue", t.requeue),
        ("far", t.far),
        ("stale", t.stale),
        ("far_requeue", t.far_requeue),
        ("disarm", t.disarm),
        ("b2b", t.b2b),
        ("ev_stall", t.ev_stall),
        ("moved_earlier", t.moved_earlier),
        ("kept", t.kept),
        ("forwarded", t.forwarded),
        ("head_fwd", t.head_fwd),
        ("take_empty", t.take_empty),
        ("walks", t.walks),
        ("fifo_full", t.fifo_full),
        ("wheel_wraps", t.wheel_wraps),
    ] {
        assert!(v > 20, "{name} reached only {v} times");
    }
    assert!(t.tick_wraps > 0, "the 32-bit tick never wrapped");
    assert!(late > 0 && bad > 20, "cnt_late {late} cnt_bad {bad}");
}

/// Many paths armed, re-armed and disarmed at random against a golden map
/// (path -> deadline), with the ops applied in the block's record stage:
/// every event names an armed path with exactly its deadline, never before
/// it is reached, at most bucket width + queue delay after it; no armed
/// path stays un-fired past that bound. The measured worst lateness is
/// printed. Paths counted in `cnt_late` (three ever-earlier deadlines in
/// one span) are exempt from the bound, not from the other checks.
#[test]
fn timer_wheel_fires_every_deadline_in_time() {
    use braid_model::timer_wheel::TwStim;
    fn run<const N: usize, const B: usize>(seed: u64, cycles: u64) {
        let mut m = braid_model::timer_wheel::TimerWheelModelG::<N, B>::default();
        let mut stim = TwStim::<N, B>::new(seed);
        // path -> (deadline, due: the deadline or, when it had passed, the ARM's clock)
        let mut gold: Vec<Option<(u32, u32)>> = vec![None; 1 << N];
        let mut exempt = vec![false; 1 << N];
        let mut now_prev = 0u32;
        let mut width = 0u32;
        let mut rate = 0u32;
        let mut worst = 0u32;
        let mut fired = 0u64;
        let mut last_late = 0u16;
        // queue delay allowance: 400 clocks of the fastest `now`
        let slack = |width: u32, rate: u32| width + 400 * rate.max(1);
        for c in 0..cycles {
            let i = stim.next(c);
            width = 1 << i.shift;
            rate = rate.max(i.now.wrapping_sub(now_prev) / 2);
            let o = m.step(&i);
            stim.observe(&o);
            last_late = o.cnt_late;
            let cov = m.cov;
            if let Some((kind, p, d)) = cov.applied {
                let due = if now_prev.wrapping_sub(d) < 1 << 31 {
                    now_prev
                } else {
                    d
                };
                gold[p as usize] = (kind == 1).then_some((d, due));
                if kind == 1 {
                    exempt[p as usize] = false;
                }
            }
            if let Some(p) = cov.late_path {
                exempt[p as usize] = true;
            }
            if let Some((p, d)) = cov.pushed {
                let g = gold[p as usize];
                assert_eq!(
                    g.map(|g| g.0),
                    Some(d),
                    "seed {seed:#x} clock {c}: event ({p}, {d:#x}) not armed"
                );
                let lateness = now_prev.wrapping_sub(g.unwrap().1);
                assert!(
                    now_prev.wrapping_sub(d) < 1 << 31 && lateness < 1 << 31,
                    "seed {seed:#x} clock {c}: path {p} fired early ({d:#x} at {now_prev:#x})"
                );
                if !exempt[p as usize] {
                    assert!(
                        lateness <= slack(width, rate),
                        "seed {seed:#x} clock {c}: path {p} fired {lateness} ticks late (bucket width {width})"
                    );
                    worst = worst.max(lateness);
                }
                gold[p as usize] = None;
                fired += 1;
            }
            if c % 64 == 0 {
                for (p, g) in gold.iter().enumerate() {
                    if let (Some((_, d)), false) = (g, exempt[p]) {
                        let over = i.now.wrapping_sub(*d);
                        assert!(
                            over >= 1 << 31 || over <= slack(width, rate) + 64 * rate.max(2),
                            "seed {seed:#x} clock {c}: path {p} due {d:#x} not fired at {:#x}",
                            i.now
                        );
                    }
                }
            }
            now_prev = i.now;
        }
        eprintln!(
            "seed {seed:#x} ({N} path bits, {B} bucket bits): {fired} events, worst lateness {worst} ticks \
             (bucket width {width}, ticks per clock up to {rate}), cnt_late {last_late}"
        );
        assert!(fired > 1000, "seed {seed:#x}: only {fired} events");
    }
    for seed in seeds(&[0x71, 0x72, 0x73]) {
        run::<6, 4>(seed, 200_000);
    }
    for seed in seeds(&[0x7e1, 0x7e3]) {
        run::<14, 12>(seed, 100_000);
    }
}

fn timer_wheel_step(
    uut: &mut braid_hdl::TimerWheelTiny,
    i: &braid_model::timer_wheel::TwIn,
) -> braid_model::timer_wheel::TwOut {
    let op = i.op.unwrap_or_default();
    uut.op_valid.next = i.op.is_some();
    uut.op_kind.next = bits(op.kind as u64 & 3);
    uut.op_path.next = bits(op.path as u64 & 63);
    uut.op_deadline.next = bits(op.deadline as u64);
    uut.now.next = bits(i.now as u64);
    uut.cfg_shift.next = bits(i.shift as u64 & 31);
    uut.ev_ready.next = i.ev_ready;
    clock(uut, |u, c| u.clock.next = Clock::from(c));
    braid_model::timer_wheel::TwOut {
        op_ready: uut.op_ready.val(),
        ev: uut.ev_valid.val().then(|| {
            (
                uut.ev_path.val().to_u64() as u32,
                uut.ev_deadline.val().to_u64() as u32,
            )
        }),
        cnt_late: uut.cnt_late.val().to_u64() as u16,
        cnt_bad: uut.cnt_bad.val().to_u64() as u16,
        wheel_time: uut.wheel_time.val().to_u64() as u32,
    }
}

/// The tiny timer wheel (same RustHDL source as the full one) in RustHDL's
/// simulator: the RAM widgets' read-during-write, the record and head
/// forwarding and the pointer chase straight from the next-pointer RAM.
#[test]
fn timer_wheel_rusthdl_matches_model() {
    use braid_model::timer_wheel::TwStim;
    use braid_model::TimerWheelTinyModel;
    for seed in seeds(&[0x71, 0x73]) {
        let mut uut = braid_hdl::TimerWheelTiny::default();
        uut.connect_all();
        assert!(simulate(&mut uut, 1000));
        let mut model = TimerWheelTinyModel::default();
        let mut stim = TwStim::<6, 4>::new(seed);
        for cycle in 0..3_000 {
            let i = stim.next(cycle);
            let want = model.step(&i);
            stim.observe(&want);
            let got = timer_wheel_step(&mut uut, &i);
            assert_eq!(
                want, got,
                "RustHDL timer_wheel differs from the model at cycle {cycle} (seed {seed:#x}), inputs {i:?}"
            );
        }
    }
}
