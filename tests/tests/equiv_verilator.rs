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
    let (mut full, mut big_slide, mut wraps) = (0, 0, 0);
    let mut last_base = 0u32;
    for c in 0..50_000 {
        let o = m.step(&stim.next(c));
        if let Some((k, _)) = o.res {
            classes[k as usize] += 1;
        }
        if o.ack_sack.count_ones() >= 255 {
            full += 1;
        }
        if o.ack_base.wrapping_sub(last_base) == 2 {
            big_slide += 1;
        }
        if o.ack_base < last_base && last_base.wrapping_sub(o.ack_base) > 0x8000_0000 {
            wraps += 1;
        }
        last_base = o.ack_base;
    }
    eprintln!(
        "classes {classes:?} full-window cycles {full} 2-step slides {big_slide} wraps {wraps}"
    );
    for (k, n) in classes.iter().enumerate() {
        assert!(*n > 500, "class {k} seen only {n} times");
    }
    assert!(full > 10 && big_slide > 100 && wraps > 0);
    let _ = PsnClass::New;
}
