//! `slot_table`: its cycle model against the RTL block, in Verilator (every
//! output on every clock, seeded random stimulus biased toward the
//! edges) and in RustHDL's own simulator (a short seeded run).

use crate::common::*;
use braid_model::*;
use braid_tests::{assert_equiv, equiv_cycles, seeds};
use rust_hdl::prelude::*;

#[test]
fn slot_table_matches_model() {
    let n = equiv_cycles();
    for seed in seeds(&[0x5107, 0x7ab1]) {
        assert_equiv::<SlotTableModel>(seed, n);
    }
}

#[test]
fn slot_table_tiny_matches_model() {
    let n = equiv_cycles();
    for seed in seeds(&[0x5107, 0x7ab1]) {
        assert_equiv::<SlotTableTinyModel>(seed, n);
    }
}

/// The slot table's stimulus reaches reads of the slot written on the same
/// clock (read-first) and on the clock before, reads of never-written
/// slots, rewrites of a slot after its PSN wrapped (256 later), the lowest
/// and highest path indices, a write and a read on every clock, and idle
/// clocks.
#[test]
fn slot_table_stimulus_covers_the_edges() {
    use braid_model::slot_table::SlotStim;
    use braid_model::Stimulus;
    use std::collections::HashMap;
    for seed in [0x5107u64, 0x7ab1] {
        let mut stim = SlotStim::<14>::new(seed);
        let mut written: HashMap<(u32, u8), u32> = HashMap::new();
        let (mut same, mut after, mut never, mut rewrite, mut lo, mut hi, mut both, mut idle) =
            (0u32, 0u32, 0u32, 0u32, 0u32, 0u32, 0u32, 0u32);
        let mut prev = None;
        for c in 0..60_000u64 {
            let i = stim.next(c);
            if let Some((p, s, _)) = i.rd {
                same += (i.wr.map(|(wp, ws, _)| (wp, ws)) == Some((p, s))) as u32;
                after += (prev == Some((p, s))) as u32;
                never += !written.contains_key(&(p, s)) as u32;
            }
            if let Some((p, s, _)) = i.wr {
                let n = written.entry((p, s)).or_insert(0);
                *n += 1;
                rewrite += (*n > 1) as u32;
                lo += (p == 0) as u32;
                hi += (p == (1 << 14) - 1) as u32;
            }
            both += (i.wr.is_some() && i.rd.is_some()) as u32;
            idle += (i.wr.is_none() && i.rd.is_none()) as u32;
            prev = i.wr.map(|(p, s, _)| (p, s));
        }
        for (what, n) in [
            ("same clock", same),
            ("next clock", after),
            ("never written", never),
            ("rewrite", rewrite),
            ("path 0", lo),
            ("last path", hi),
            ("both", both),
            ("idle", idle),
        ] {
            assert!(n > 200, "seed {seed:#x}: {what} {n}");
        }
    }
}

fn slot_table_step<const P: usize, const A: usize>(
    uut: &mut braid_hdl::SlotTable<P, A>,
    i: &braid_model::slot_table::SlotIn,
) -> braid_model::slot_table::SlotOut {
    use braid_model::slot_table::SlotOut;
    let (wp, ws, we) = i.wr.unwrap_or_default();
    uut.wr_valid.next = i.wr.is_some();
    uut.wr_path.next = bits(wp as u64);
    uut.wr_slot.next = bits(ws as u64);
    uut.wr_entry.next = bits_le(&we.to_le_bytes()[..9]);
    let (rp, rs, rt) = i.rd.unwrap_or_default();
    uut.rd_valid.next = i.rd.is_some();
    uut.rd_path.next = bits(rp as u64);
    uut.rd_slot.next = bits(rs as u64);
    uut.rd_tag.next = bits(rt as u64);
    clock(uut, |u, c| u.clock.next = Clock::from(c));
    let e = uut.res_entry.val();
    SlotOut {
        valid: uut.res_valid.val(),
        entry: e.get_bits::<64>(0).to_u64() as u128 | (e.get_bits::<8>(64).to_u64() as u128) << 64,
        tag: uut.res_tag.val().to_u64() as u16,
        path: uut.res_path.val().to_u64() as u32,
        slot: uut.res_slot.val().to_u64() as u8,
    }
}

#[test]
fn slot_table_rusthdl_matches_model() {
    use braid_model::slot_table::SlotStim;
    use braid_model::{SlotTableModel, SlotTableTinyModel};
    for seed in seeds(&[0x5107]) {
        let mut uut = braid_hdl::SlotTableTiny::default();
        uut.connect_all();
        assert!(simulate(&mut uut, 1000));
        let mut model = SlotTableTinyModel::default();
        let mut stim = SlotStim::<6>::new(seed);
        for cycle in 0..5_000 {
            let i = stim.next(cycle);
            let want = model.step(&i);
            let got = slot_table_step(&mut uut, &i);
            assert_eq!(
                want, got,
                "RustHDL slot_table_tiny differs at cycle {cycle} (seed {seed:#x})"
            );
        }
        let mut uut = braid_hdl::SlotTableFull::default();
        uut.connect_all();
        assert!(simulate(&mut uut, 1000));
        let mut model = SlotTableModel::default();
        let mut stim = SlotStim::<14>::new(seed);
        for cycle in 0..5_000 {
            let i = stim.next(cycle);
            let want = model.step(&i);
            let got = slot_table_step(&mut uut, &i);
            assert_eq!(
                want, got,
                "RustHDL slot_table differs at cycle {cycle} (seed {seed:#x})"
            );
        }
    }
}
