//! `dw_arb`: its cycle model against the RTL block, in Verilator (every
//! output on every clock, seeded random stimulus biased toward the
//! edges) and in RustHDL's own simulator (a short seeded run).

use crate::common::*;
use braid_model::*;
use braid_tests::{assert_equiv, equiv_cycles, seeds};
use rust_hdl::prelude::*;

#[test]
fn dw_arb_matches_model() {
    let n = equiv_cycles();
    for seed in seeds(&[0xd3a, 0xab]) {
        assert_equiv::<DwArbModel>(seed, n);
    }
}

/// The arbiter's stimulus reaches contention (both offering with no write
/// under way, so round robin decides), writes held open across the other
/// client's offers, a full skid register (inputs refused), back-to-back
/// beats at full rate and idle clocks.
#[test]
fn dw_arb_stimulus_covers_the_edges() {
    use braid_model::dw_arb::DwArbStim;
    for seed in [0xd3a, 0xab] {
        let mut m = DwArbModel::default();
        let mut stim = DwArbStim::new(seed);
        let (mut contended, mut held, mut refused, mut b2b, mut idle) = (0, 0, 0, 0, 0);
        let mut prev_taken = false;
        let mut mid_write = false;
        for c in 0..50_000u64 {
            let i = stim.next(c);
            let (ra, rb) = m.ready(i.a.is_some(), i.b.is_some());
            let both = i.a.is_some() && i.b.is_some();
            contended += (both && !mid_write && (ra || rb)) as u32;
            held += (both && mid_write) as u32;
            refused += ((i.a.is_some() || i.b.is_some()) && !ra && !rb) as u32;
            let taken = (i.a.is_some() && ra) || (i.b.is_some() && rb);
            b2b += (taken && prev_taken) as u32;
            idle += (i.a.is_none() && i.b.is_none()) as u32;
            if taken {
                let beat = if ra && i.a.is_some() { i.a } else { i.b }.unwrap();
                mid_write = !beat.last;
            }
            prev_taken = taken;
            let o = m.step(&i);
            stim.observe(&o);
        }
        for (what, k) in [
            ("contended", contended),
            ("held", held),
            ("refused", refused),
            ("b2b", b2b),
            ("idle", idle),
        ] {
            assert!(k > 500, "seed {seed:#x}: {what} {k}");
        }
    }
}

fn dw_arb_step(
    uut: &mut braid_hdl::DwArb,
    i: &braid_model::dw_arb::DwArbIn,
) -> braid_model::dw_arb::DwArbOut {
    use braid_model::dw_arb::{DwArbOut, DwBeat};
    let a = i.a.unwrap_or_default();
    uut.a_valid.next = i.a.is_some();
    uut.a_addr.next = bits(a.addr);
    uut.a_len.next = bits(a.len as u64);
    uut.a_data.next = bits_le(&a.data);
    uut.a_last.next = a.last;
    let b = i.b.unwrap_or_default();
    uut.b_valid.next = i.b.is_some();
    uut.b_addr.next = bits(b.addr);
    uut.b_len.next = bits(b.len as u64);
    uut.b_data.next = bits_le(&b.data);
    uut.b_last.next = b.last;
    uut.m_ready.next = i.m_ready;
    clock(uut, |u, c| u.clock.next = Clock::from(c));
    let mut data = [0u8; 64];
    for (k, x) in data.iter_mut().enumerate() {
        *x = uut.m_data.val().get_bits::<8>(8 * k).to_u64() as u8;
    }
    DwArbOut {
        a_ready: uut.a_ready.val(),
        b_ready: uut.b_ready.val(),
        m: uut.m_valid.val().then(|| {
            (
                DwBeat {
                    addr: uut.m_addr.val().to_u64(),
                    len: uut.m_len.val().to_u64() as u16,
                    data,
                    last: uut.m_last.val(),
                },
                uut.m_src.val(),
            )
        }),
    }
}

#[test]
fn dw_arb_rusthdl_matches_model() {
    use braid_model::dw_arb::DwArbStim;
    use braid_model::DwArbModel;
    for seed in seeds(&[0xd3a]) {
        let mut uut = braid_hdl::DwArb::default();
        uut.connect_all();
        assert!(simulate(&mut uut, 1000));
        let mut model = DwArbModel::default();
        let mut stim = DwArbStim::new(seed);
        for cycle in 0..3_000 {
            let i = stim.next(cycle);
            let want = model.step(&i);
            let got = dw_arb_step(&mut uut, &i);
            stim.observe(&want);
            assert_eq!(
                want, got,
                "RustHDL dw_arb differs from the model at cycle {cycle} (seed {seed:#x}), inputs {i:?}"
            );
        }
    }
}
