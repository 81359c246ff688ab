//! `rq_arb` (`stream_arb` over the requester request beat): its cycle model
//! (shared with `dw_arb`) against the RTL block, in Verilator (every output
//! on every clock) and in RustHDL's own simulator (a short seeded run).

use crate::common::*;
use braid_model::dw_arb::{RqArbBeat, RqArbIn, RqArbOut, RqArbStim};
use braid_model::*;
use braid_tests::{assert_equiv, equiv_cycles, seeds};
use rust_hdl::prelude::*;

#[test]
fn rq_arb_matches_model() {
    let n = equiv_cycles();
    for seed in seeds(&[0x5a, 0x7b]) {
        assert_equiv::<RqArbModel>(seed, n);
    }
}

fn packed(w: &[u32; 21]) -> Bits<665> {
    let mut b = [0u8; 84];
    for (k, x) in w.iter().enumerate() {
        b[4 * k..4 * k + 4].copy_from_slice(&x.to_le_bytes());
    }
    bits_le(&b)
}

fn rq_arb_step(uut: &mut braid_hdl::RqArb, i: &RqArbIn) -> RqArbOut {
    let a = i.a.unwrap_or_default();
    uut.a_valid.next = i.a.is_some();
    uut.a_data.next = packed(&a.words);
    uut.a_last.next = a.last;
    let b = i.b.unwrap_or_default();
    uut.b_valid.next = i.b.is_some();
    uut.b_data.next = packed(&b.words);
    uut.b_last.next = b.last;
    uut.m_ready.next = i.m_ready;
    clock(uut, |u, c| u.clock.next = Clock::from(c));
    let mut words = [0u32; 21];
    for (k, w) in words.iter_mut().enumerate() {
        let n = if k == 20 { 25 } else { 32 };
        for j in 0..n {
            *w |= (uut.m_data.val().get_bit(32 * k + j) as u32) << j;
        }
    }
    RqArbOut {
        a_ready: uut.a_ready.val(),
        b_ready: uut.b_ready.val(),
        m: uut.m_valid.val().then(|| {
            (
                RqArbBeat {
                    words,
                    last: uut.m_last.val(),
                },
                uut.m_src.val(),
            )
        }),
    }
}

#[test]
fn rq_arb_rusthdl_matches_model() {
    for seed in seeds(&[0x5a]) {
        let mut uut = braid_hdl::RqArb::default();
        uut.connect_all();
        assert!(simulate(&mut uut, 1000));
        let mut model = RqArbModel::default();
        let mut stim = RqArbStim::new(seed);
        for cycle in 0..1_500 {
            let i = stim.next(cycle);
            let want = model.step(&i);
            let got = rq_arb_step(&mut uut, &i);
            stim.observe(&want);
            assert_eq!(
                want, got,
                "RustHDL rq_arb differs from the model at cycle {cycle} (seed {seed:#x}), inputs {i:?}"
            );
        }
    }
}
