//! `mr_check`: its cycle model against the RTL block, in Verilator (every
//! output on every clock, seeded random stimulus biased toward the
//! edges) and in RustHDL's own simulator (a short seeded run).

use crate::common::*;
use braid_model::*;
use braid_tests::{assert_equiv, equiv_cycles, seeds};
use rust_hdl::prelude::*;

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
    use braid_model::mr_check::MrCheckStim;
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

fn mr_check_step(
    uut: &mut braid_hdl::MrCheck,
    i: &braid_model::mr_check::MrCheckIn,
) -> braid_model::mr_check::MrCheckOut {
    let w = i.wr.unwrap_or(braid_model::mr_check::MrWrite {
        index: 0,
        entry: Default::default(),
    });
    uut.wr_valid.next = i.wr.is_some();
    uut.wr_index.next = bits(w.index as u64 & 0xfff);
    uut.wr_entry_valid.next = w.entry.valid;
    uut.wr_key.next = bits(w.entry.key as u64);
    uut.wr_pd.next = bits(w.entry.pd as u64);
    uut.wr_access.next = bits(w.entry.access as u64 & 7);
    uut.wr_base.next = bits(w.entry.base);
    uut.wr_end.next = bits(w.entry.end);
    let r = i.req.unwrap_or_default();
    uut.req_valid.next = i.req.is_some();
    uut.req_rkey.next = bits(r.rkey as u64);
    uut.req_pd.next = bits(r.pd as u64);
    uut.req_va.next = bits(r.va);
    uut.req_len.next = bits(r.len as u64);
    uut.req_need_write.next = r.need_write;
    uut.req_local.next = r.local;
    uut.req_tag.next = bits(r.tag as u64);
    clock(uut, |u, c| u.clock.next = Clock::from(c));
    braid_model::mr_check::MrCheckOut {
        valid: uut.res_valid.val(),
        ok: uut.res_ok.val(),
        reason: uut.res_reason.val().to_u64() as u8,
        va: uut.res_va.val().to_u64(),
        tag: uut.res_tag.val().to_u64() as u16,
    }
}

#[test]
fn mr_check_rusthdl_matches_model() {
    use braid_model::mr_check::MrCheckStim;
    use braid_model::MrCheckModel;
    for seed in seeds(&[0x3e9c]) {
        let mut uut = braid_hdl::MrCheck::default();
        uut.connect_all();
        assert!(simulate(&mut uut, 1000));
        let mut model = MrCheckModel::default();
        let mut stim = MrCheckStim::new(seed);
        let n = 3_000;
        for cycle in 0..n {
            let i = stim.next(cycle);
            let want = model.step(&i);
            let got = mr_check_step(&mut uut, &i);
            assert_eq!(
                want, got,
                "RustHDL mr_check differs from the model at cycle {cycle} (seed {seed:#x}), inputs {i:?}"
            );
        }
    }
}
