//! `path_cc`: its cycle model against the RTL block, in Verilator (every
//! output on every clock, seeded random stimulus biased toward the
//! edges) and in RustHDL's own simulator (a short seeded run).

use crate::common::*;
use braid_model::*;
use braid_tests::{assert_equiv, equiv_cycles, seeds};
use rust_hdl::prelude::*;

#[test]
fn path_cc_tiny_matches_model() {
    let n = equiv_cycles();
    for seed in seeds(&[0xcc01, 0xcc02]) {
        assert_equiv::<PathCcTinyModel>(seed, n / 2);
    }
}

#[test]
fn path_cc_matches_model() {
    let n = equiv_cycles();
    for seed in seeds(&[0xcc11]) {
        assert_equiv::<PathCcFullModel>(seed, n / 2);
    }
}

/// The congestion-control stimulus reaches every case: same-path events at
/// every pipeline distance 1..=7, first RTT samples, window closes with and
/// without marks, ECN cuts clamped at the minimum, additive increases
/// capped at the maximum, loss cuts (and losses within an already-cut
/// window), armed and ignored timeouts, re-hash and retire pulses, RTOs at
/// both clamps and backed off, and `now` wrapping.
#[test]
fn path_cc_stimulus_covers_the_edges() {
    use braid_model::path_cc::{rto, win_k, CcState, PathCcStim};
    for seed in [0xcc01u64, 0xcc11] {
        let mut m = PathCcTinyModel::default();
        let mut stim = PathCcStim::<6>::new(seed);
        let mut last: Vec<Option<u32>> = vec![None; 8];
        let mut dist = [0u64; 8];
        let mut c = std::collections::BTreeMap::<&str, u64>::new();
        let mut prev_now = 0u32;
        for cyc in 0..100_000 {
            let i = stim.next(cyc);
            if i.now < prev_now {
                *c.entry("now wraps").or_default() += 1;
            }
            prev_now = i.now;
            if let Some(e) = i.ev {
                let idx = e.idx & 63;
                if let Some(d) = (1..8).find(|&d| last[d] == Some(idx)) {
                    dist[d] += 1;
                }
                let before: CcState = *m.state(idx);
                let cfg = i.cfg.masked();
                let _ = m.step(&i);
                let after: CcState = *m.state(idx);
                let k = win_k(cfg.cwnd_max);
                match e.kind {
                    2 => {
                        if e.rtt.is_some() && before.srtt == 0 {
                            *c.entry("first sample").or_default() += 1;
                        }
                        let sa = before.acc_acked as u32 + (e.n as u32 & 0x1ff);
                        if sa >= 1 << k {
                            let marked = before.acc_marked as u32 + e.m as u32 > 0;
                            *c.entry(if marked {
                                "close marked"
                            } else {
                                "close clean"
                            })
                            .or_default() += 1;
                            if marked && after.cwnd == cfg.cwnd_min && before.cwnd > cfg.cwnd_min {
                                *c.entry("ecn cut at min").or_default() += 1;
                            }
                            if marked && after.cwnd < before.cwnd && after.cwnd > cfg.cwnd_min {
                                *c.entry("ecn cut").or_default() += 1;
                            }
                        }
                        if e.n > 0
                            && e.m == 0
                            && after.cwnd == cfg.cwnd_max
                            && before.cwnd < cfg.cwnd_max
                        {
                            *c.entry("ai capped").or_default() += 1;
                        }
                    }
                    3 if e.n > 0 => {
                        *c.entry(if before.loss_cut {
                            "loss, already cut"
                        } else {
                            "loss cut"
                        })
                        .or_default() += 1;
                    }
                    4 => {
                        *c.entry(if before.armed {
                            "timeout"
                        } else {
                            "timeout ignored"
                        })
                        .or_default() += 1;
                        if before.armed && after.timeouts == cfg.rehash_after {
                            *c.entry("rehash").or_default() += 1;
                        }
                        if before.armed && after.timeouts == cfg.retire_after {
                            *c.entry("retire").or_default() += 1;
                        }
                        if before.armed && after.timeouts > 1 && rto(&after, &cfg) < cfg.rto_max {
                            *c.entry("backed off").or_default() += 1;
                        }
                    }
                    _ => {}
                }
                let r = rto(&after, &cfg);
                if r == cfg.rto_min && after.srtt > 0 {
                    *c.entry("rto at min").or_default() += 1;
                }
                if r == cfg.rto_max {
                    *c.entry("rto at max").or_default() += 1;
                }
            } else {
                let _ = m.step(&i);
            }
            last.rotate_right(1);
            last[1] = i.ev.map(|e| e.idx & 63);
        }
        eprintln!(
            "seed {seed:#x}: same-path distance 1..7 {:?}; {c:?}",
            &dist[1..]
        );
        for (d, n) in dist.iter().enumerate().skip(1) {
            assert!(*n > 1000, "seed {seed:#x}: distance {d} seen {n} times");
        }
        assert!(
            c.contains_key("now wraps"),
            "seed {seed:#x}: now never wrapped"
        );
        for key in [
            "first sample",
            "close marked",
            "close clean",
            "ecn cut",
            "ecn cut at min",
            "ai capped",
            "loss cut",
            "loss, already cut",
            "timeout",
            "timeout ignored",
            "rehash",
            "retire",
            "backed off",
            "rto at min",
            "rto at max",
        ] {
            assert!(
                c.get(key).copied().unwrap_or(0) >= 5,
                "seed {seed:#x}: {key} seen {:?} times",
                c.get(key)
            );
        }
    }
}

fn path_cc_step(
    uut: &mut braid_hdl::PathCcTiny,
    i: &braid_model::path_cc::PathCcIn,
) -> braid_model::path_cc::PathCcOut {
    let e = i.ev.unwrap_or(braid_model::path_cc::PathCcEv {
        kind: 0,
        idx: 0,
        n: 0,
        m: 0,
        rtt: None,
        idle: false,
    });
    uut.ev_valid.next = i.ev.is_some();
    uut.ev_kind.next = bits(e.kind as u64 & 7);
    uut.idx.next = bits(e.idx as u64 & 63);
    uut.n.next = bits(e.n as u64 & 0x1ff);
    uut.m.next = bits(e.m as u64 & 0x1ff);
    uut.rtt_valid.next = e.rtt.is_some();
    uut.rtt.next = bits(e.rtt.unwrap_or(0) as u64 & 0xff_ffff);
    uut.idle.next = e.idle;
    uut.now.next = bits(i.now as u64);
    let c = i.cfg.masked();
    uut.cfg_cwnd_init.next = bits(c.cwnd_init as u64);
    uut.cfg_cwnd_min.next = bits(c.cwnd_min as u64);
    uut.cfg_cwnd_max.next = bits(c.cwnd_max as u64);
    uut.cfg_alpha_init.next = bits(c.alpha_init as u64);
    uut.cfg_rto_min.next = bits(c.rto_min as u64);
    uut.cfg_rto_max.next = bits(c.rto_max as u64);
    uut.cfg_rehash_after.next = bits(c.rehash_after as u64);
    uut.cfg_retire_after.next = bits(c.retire_after as u64);
    uut.cfg_g.next = bits(c.g as u64);
    clock(uut, |u, c| u.clock.next = Clock::from(c));
    braid_model::path_cc::PathCcOut {
        valid: uut.res_valid.val(),
        idx: uut.res_idx.val().to_u64() as u32,
        cwnd: uut.cwnd.val().to_u64() as u32,
        alpha: uut.alpha.val().to_u64() as u16,
        srtt: uut.srtt.val().to_u64() as u32,
        rttvar: uut.rttvar.val().to_u64() as u32,
        rto: uut.rto.val().to_u64() as u32,
        deadline: uut.rto_deadline.val().to_u64() as u32,
        armed: uut.armed.val(),
        timeouts: uut.timeouts.val().to_u64() as u8,
        rehash: uut.rehash.val(),
        retire: uut.retire.val(),
        failed: uut.failed.val(),
        fired: uut.fired.val(),
    }
}

/// The 64-path block in RustHDL's own simulator against the model (short:
/// the simulator runs this wide block at a few thousand clocks a second).
#[test]
fn path_cc_rusthdl_matches_model() {
    use braid_model::path_cc::PathCcStim;
    use braid_model::PathCcTinyModel;
    for seed in seeds(&[0xcc01]) {
        let mut uut = braid_hdl::PathCcTiny::default();
        uut.connect_all();
        assert!(simulate(&mut uut, 1000));
        let mut model = PathCcTinyModel::default();
        let mut stim = PathCcStim::<6>::new(seed);
        for cycle in 0..1_500 {
            let i = stim.next(cycle);
            let want = model.step(&i);
            let got = path_cc_step(&mut uut, &i);
            assert_eq!(
                want, got,
                "RustHDL path_cc_tiny differs from the model at cycle {cycle} (seed {seed:#x}), inputs {i:?}"
            );
        }
    }
}
