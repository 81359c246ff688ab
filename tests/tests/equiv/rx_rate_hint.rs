//! `rx_rate_hint`: its cycle model against the RTL block, in Verilator (every
//! output on every clock, seeded random stimulus biased toward the
//! edges) and in RustHDL's own simulator (a short seeded run).

use crate::common::*;
use braid_model::*;
use braid_tests::{assert_equiv, equiv_cycles, seeds};
use rust_hdl::prelude::*;

#[test]
fn rx_rate_hint_matches_model() {
    let n = equiv_cycles();
    for seed in seeds(&[0x4a7e, 0x4a7f]) {
        assert_equiv::<RateHintModel>(seed, n);
    }
}

#[test]
fn rx_rate_hint_tiny_matches_model() {
    let n = equiv_cycles();
    for seed in seeds(&[0x4a80, 0x4a81]) {
        assert_equiv::<RateHintTinyModel>(seed, n);
    }
}

fn rate_hint_step(
    uut: &mut braid_hdl::RateHintTiny,
    i: &braid_model::rx_rate_hint::RhIn,
) -> braid_model::rx_rate_hint::RhOut {
    let (pc, pt) = i.pk.unwrap_or_default();
    uut.pk_valid.next = i.pk.is_some();
    uut.pk_conn.next = bits(pc as u64 & 15);
    uut.pk_ts.next = bits(pt as u64);
    uut.st_valid.next = i.st.is_some();
    uut.st_conn.next = bits(i.st.unwrap_or(0) as u64 & 15);
    uut.now.next = bits(i.now as u64);
    uut.cfg_interval.next = bits(i.cfg_interval as u64);
    uut.cfg_queue.next = bits(i.cfg_queue as u64);
    uut.cfg_port_hint.next = bits(i.cfg_port_hint as u64);
    clock(uut, |u, c| u.clock.next = Clock::from(c));
    braid_model::rx_rate_hint::RhOut {
        st_ready: uut.st_ready.val(),
        hint: uut.hint.val().to_u64() as u16,
        senders: uut.senders.val().to_u64() as u16,
        scale: uut.scale.val().to_u64() as u32,
        cnt_cuts: uut.cnt_cuts.val().to_u64() as u32,
        epoch: uut.epoch.val().to_u64() as u16,
    }
}

/// The tiny rate hint in RustHDL's simulator: the record RAM's
/// read-during-write and forwarding, the interval counters and the
/// multiply/divide unit, until the first cuts of the scale.
#[test]
fn rx_rate_hint_rusthdl_matches_model() {
    use braid_model::rx_rate_hint::RateHintStim;
    use braid_model::RateHintTinyModel;
    for seed in seeds(&[0x4a82, 0x4a83]) {
        let mut uut = braid_hdl::RateHintTiny::default();
        uut.connect_all();
        assert!(simulate(&mut uut, 1000));
        let mut model = RateHintTinyModel::default();
        let mut stim = RateHintStim::<4>::new(seed);
        for cycle in 0..6_000 {
            let i = stim.next(cycle);
            let want = model.step(&i);
            stim.observe(&want);
            let got = rate_hint_step(&mut uut, &i);
            assert_eq!(
                want, got,
                "RustHDL rx_rate_hint differs from the model at cycle {cycle} (seed {seed:#x}), inputs {i:?}"
            );
        }
    }
}
