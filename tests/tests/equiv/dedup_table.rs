//! `dedup_table`: its cycle model against the RTL block, in Verilator (every
//! output on every clock, seeded random stimulus biased toward the
//! edges) and in RustHDL's own simulator (a short seeded run).

use crate::common::*;
use braid_model::*;
use braid_tests::{assert_equiv, equiv_cycles, seeds};
use rust_hdl::prelude::*;

#[test]
fn dedup_table_matches_model() {
    let n = equiv_cycles();
    for seed in seeds(&[0xdedb, 0x5e7d]) {
        assert_equiv::<DedupTableModel>(seed, n / 2);
    }
}

#[test]
fn dedup_table_tiny_matches_model() {
    let n = equiv_cycles();
    for seed in seeds(&[0xd7, 0x16c]) {
        assert_equiv::<DedupTableTinyModel>(seed, n / 2);
    }
}

/// The dedup stimulus reaches every class (a duplicate both by its slot and
/// before the base), every distance between operations of one connection
/// up to past the pipeline's (1 and 2 forwarded, 3..6 through the bitmap
/// RAM while the base write is pending, 7 and more through both RAMs),
/// operations behind a restart still in the pipeline, every operation code,
/// windows across 2^32, and bases that jump over a filled hole (so the
/// equivalence above covers the edges).
#[test]
fn dedup_table_stimulus_covers_the_edges() {
    use braid_model::dedup_table::{DedupClass, DedupOpKind, DedupStim};
    for (seed, tiny) in [(0xdedb, false), (0xd7, true)] {
        let mut full_m = DedupTableModel::default();
        let mut tiny_m = DedupTableTinyModel::default();
        let mut stim_f = DedupStim::<10>::new(seed);
        let mut stim_t = DedupStim::<4>::new(seed);
        let mut classes = [0u64; 3];
        let (mut dup_before, mut dup_slot) = (0u64, 0u64);
        let mut dist = [0u64; 9];
        let mut ops = [0u64; 4];
        let mut last_at: std::collections::HashMap<u32, u64> = Default::default();
        let mut last_init: std::collections::HashMap<u32, u64> = Default::default();
        let mut last_base: std::collections::HashMap<u32, u32> = Default::default();
        let (mut behind_init, mut wraps, mut jumps, mut big_jumps) = (0u64, 0u64, 0u64, 0u64);
        for c in 0..60_000u64 {
            let i = if tiny { stim_t.next(c) } else { stim_f.next(c) };
            if let Some(op) = i.op {
                let conn = op.conn & if tiny { 15 } else { 1023 };
                if let Some(p) = last_at.insert(conn, c) {
                    dist[((c - p) as usize).min(8)] += 1;
                }
                if last_init.get(&conn).is_some_and(|&t| c - t <= 6) {
                    behind_init += 1;
                }
                if op.kind == DedupOpKind::Init {
                    last_init.insert(conn, c);
                }
                ops[op.kind as usize] += 1;
            }
            let o = if tiny {
                let o = tiny_m.step(&i);
                stim_t.observe(&o);
                o
            } else {
                let o = full_m.step(&i);
                stim_f.observe(&o);
                o
            };
            if !o.valid {
                continue;
            }
            if o.op == DedupOpKind::Pkt as u8 {
                classes[o.class as usize] += 1;
                if o.class == DedupClass::Duplicate as u8 {
                    if (o.csn.wrapping_sub(o.base) as i32) < 0 {
                        dup_before += 1;
                    } else {
                        dup_slot += 1;
                    }
                }
            }
            if let Some(p) = last_base.insert(o.conn, o.base) {
                let step = o.base.wrapping_sub(p);
                if o.op != DedupOpKind::Init as u8 && step <= 256 {
                    jumps += (step > 1) as u64;
                    big_jumps += (step > 16) as u64;
                    wraps += (o.base < p) as u64;
                }
            }
        }
        let (cd, co) = if tiny {
            let o = tiny_m.step(&Default::default());
            (o.cnt_dup, o.cnt_oow)
        } else {
            let o = full_m.step(&Default::default());
            (o.cnt_dup, o.cnt_oow)
        };
        eprintln!(
            "seed {seed:#x} tiny {tiny}: classes (new dup oow) {classes:?} (dup before base \
             {dup_before}, by slot {dup_slot}), distance (-, 1..7, >=8) {dist:?}, ops (pkt init \
             read other) {ops:?}, behind a restart in flight {behind_init}, base wraps {wraps}, \
             jumps {jumps} (over 16: {big_jumps}), counters {cd}/{co}"
        );
        assert!(
            classes[0] > 5_000 && classes[1] > 2_000 && classes[2] > 500,
            "seed {seed:#x}: {classes:?}"
        );
        assert!(dup_before > 500 && dup_slot > 500, "seed {seed:#x}");
        assert!(
            dist[1..=7].iter().all(|&k| k > 300) && dist[8] > 1_000,
            "seed {seed:#x}: {dist:?}"
        );
        assert!(ops.iter().all(|&k| k > 100), "seed {seed:#x}: {ops:?}");
        assert!(
            behind_init > 20 && wraps > 0 && jumps > 200 && big_jumps > 0,
            "seed {seed:#x}"
        );
        assert_eq!(
            (cd as u64, co as u64),
            (classes[1], classes[2]),
            "seed {seed:#x}"
        );
    }
}

/// Behaviour (model): connections each receive a stream of CSNs (one of
/// them across 2^32) in random order within the window, with duplicates
/// and stale retransmissions, from a conforming sender that learns the
/// base from the results (as from ACKs). Every CSN is NEW exactly once, no
/// NEW for a CSN already counted, a DUPLICATE only for a counted one, never
/// OUT_OF_WINDOW, the base never goes back and ends at the end of each
/// stream, and the counters agree.
#[test]
fn dedup_table_counts_every_csn_once() {
    use braid_model::dedup_table::{DedupClass, DedupIn, DedupOp, DedupOpKind};
    use rand::{Rng, SeedableRng};
    struct Conn {
        id: u32,
        start: u32,
        n: u32,
        sent: Vec<bool>,
        counted: Vec<bool>,
        frontier: u32,
        rep: u32,
    }
    for seed in seeds(&[0xdd01, 0xdd02, 0xdd03]) {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut m = DedupTableTinyModel::default();
        let mut conns: Vec<Conn> = [3u32, 7, 12]
            .iter()
            .enumerate()
            .map(|(k, &id)| {
                let n = rng.gen_range(2_000..4_000);
                Conn {
                    id,
                    start: if k == 0 {
                        0u32.wrapping_sub(rng.gen_range(1..1_500))
                    } else {
                        rng.gen()
                    },
                    n,
                    sent: vec![false; n as usize],
                    counted: vec![false; n as usize],
                    frontier: 0,
                    rep: 0,
                }
            })
            .collect();
        let (mut news, mut dups, mut reads) = (0u64, 0u64, 0u64);
        let mut check = |o: &braid_model::dedup_table::DedupOut, conns: &mut [Conn]| {
            if !o.valid || o.op == DedupOpKind::Init as u8 {
                return;
            }
            let k = conns.iter().position(|c| c.id == o.conn).expect("conn");
            let c = &mut conns[k];
            let adv = o.base.wrapping_sub(c.start).wrapping_sub(c.rep);
            assert!(adv <= 256, "seed {seed:#x}: base went back: {o:?}");
            c.rep = c.rep.wrapping_add(adv);
            if o.op != DedupOpKind::Pkt as u8 {
                reads += 1;
                return;
            }
            let off = o.csn.wrapping_sub(c.start) as usize;
            match o.class {
                x if x == DedupClass::New as u8 => {
                    assert!(!c.counted[off], "seed {seed:#x}: counted twice: {o:?}");
                    c.counted[off] = true;
                    news += 1;
                }
                x if x == DedupClass::Duplicate as u8 => {
                    assert!(
                        c.counted[off],
                        "seed {seed:#x}: duplicate of an uncounted CSN: {o:?}"
                    );
                    dups += 1;
                }
                _ => panic!("seed {seed:#x}: out of window for a conforming sender: {o:?}"),
            }
        };
        // restart every connection at its start
        for k in 0..conns.len() {
            let op = DedupOp {
                kind: DedupOpKind::Init,
                conn: conns[k].id,
                csn: conns[k].start,
            };
            let o = m.step(&DedupIn { op: Some(op) });
            check(&o, &mut conns);
        }
        let mut cycles = 0u64;
        while conns.iter().any(|c| c.frontier < c.n) {
            cycles += 1;
            assert!(cycles < 200_000, "seed {seed:#x}: no progress");
            let k = rng.gen_range(0..conns.len());
            let c = &mut conns[k];
            let lo = c.rep;
            let mut op = None;
            let r = rng.gen_range(0..100);
            if r < 8 {
                op = Some((DedupOpKind::Read, 0));
            } else if r < 35 && lo > 0 {
                // a retransmission of something sent (some before the base)
                let hi = c.sent.iter().rposition(|&s| s).unwrap_or(0) as u32;
                let from = lo.saturating_sub(300);
                let off = rng.gen_range(from..=hi.max(from));
                if c.sent[off as usize] {
                    op = Some((DedupOpKind::Pkt, off));
                }
            } else if r < 90 {
                // a new CSN anywhere in the window, or the lowest unsent
                let off = lo + rng.gen_range(0..256);
                if off < c.n && !c.sent[off as usize] {
                    op = Some((DedupOpKind::Pkt, off));
                } else if c.frontier < c.n && c.frontier < lo + 256 {
                    op = Some((DedupOpKind::Pkt, c.frontier));
                }
            }
            if let Some((DedupOpKind::Pkt, off)) = op {
                c.sent[off as usize] = true;
                while c.frontier < c.n && c.sent[c.frontier as usize] {
                    c.frontier += 1;
                }
            }
            let i = DedupIn {
                op: op.map(|(kind, off)| DedupOp {
                    kind,
                    conn: c.id,
                    csn: c.start.wrapping_add(off),
                }),
            };
            let o = m.step(&i);
            check(&o, &mut conns);
        }
        // drain, then read every connection
        for k in 0..conns.len() + 10 {
            let op = conns.get(k).map(|c| DedupOp {
                kind: DedupOpKind::Read,
                conn: c.id,
                csn: 0,
            });
            let o = m.step(&DedupIn { op });
            check(&o, &mut conns);
        }
        let o = m.step(&DedupIn::default());
        for c in &conns {
            assert!(
                c.counted.iter().all(|&x| x),
                "seed {seed:#x}: a CSN never counted"
            );
            assert_eq!(c.rep, c.n, "seed {seed:#x}: base not at the end");
            assert_eq!(m.base(c.id), c.start.wrapping_add(c.n), "seed {seed:#x}");
        }
        let total: u64 = conns.iter().map(|c| c.n as u64).sum();
        eprintln!(
            "seed {seed:#x}: {total} CSNs counted once in {cycles} clocks, {dups} duplicates, {reads} reads"
        );
        assert_eq!(news, total, "seed {seed:#x}");
        assert_eq!((o.cnt_dup as u64, o.cnt_oow), (dups, 0), "seed {seed:#x}");
        assert!(dups > 1_000 && reads > 100, "seed {seed:#x}");
    }
}

fn dedup_step(
    uut: &mut braid_hdl::DedupTableTiny,
    i: &braid_model::dedup_table::DedupIn,
) -> braid_model::dedup_table::DedupOut {
    let op = i.op.unwrap_or_default();
    uut.op_valid.next = i.op.is_some();
    uut.op.next = bits(op.kind as u64);
    uut.conn.next = bits(op.conn as u64 & 15);
    uut.csn.next = bits(op.csn as u64);
    clock(uut, |u, c| u.clock.next = Clock::from(c));
    braid_model::dedup_table::DedupOut {
        valid: uut.res_valid.val(),
        op: uut.res_op.val().to_u64() as u8,
        conn: uut.res_conn.val().to_u64() as u32,
        csn: uut.res_csn.val().to_u64() as u32,
        class: uut.res_class.val().to_u64() as u8,
        base: uut.res_base.val().to_u64() as u32,
        cnt_dup: uut.cnt_dup.val().to_u64() as u32,
        cnt_oow: uut.cnt_oow.val().to_u64() as u32,
    }
}

/// The tiny dedup table (same RustHDL source as the full one) in RustHDL's
/// simulator: both RAM widgets' read-during-write, the bitmap forwarding
/// and the restart-in-flight anchor.
#[test]
fn dedup_table_rusthdl_matches_model() {
    use braid_model::dedup_table::DedupStim;
    use braid_model::DedupTableTinyModel;
    for seed in seeds(&[0xd7]) {
        let mut uut = braid_hdl::DedupTableTiny::default();
        uut.connect_all();
        assert!(simulate(&mut uut, 1000));
        let mut model = DedupTableTinyModel::default();
        let mut stim = DedupStim::<4>::new(seed);
        for cycle in 0..3_000 {
            let i = stim.next(cycle);
            let want = model.step(&i);
            stim.observe(&want);
            let got = dedup_step(&mut uut, &i);
            assert_eq!(
                want, got,
                "RustHDL dedup_table differs from the model at cycle {cycle} (seed {seed:#x}), inputs {i:?}"
            );
        }
    }
}
