//! `tx_path_table`: its cycle model against the RTL block, in Verilator (every
//! output on every clock, seeded random stimulus biased toward the
//! edges) and in RustHDL's own simulator (a short seeded run).

use crate::common::*;
use braid_model::*;
use braid_tests::{assert_equiv, equiv_cycles, seeds};
use rust_hdl::prelude::*;

#[test]
fn tx_path_table_matches_model() {
    let n = equiv_cycles();
    for seed in seeds(&[0x7a7b1e, 0x10557]) {
        assert_equiv::<TxPathTableModel>(seed, n / 2);
    }
}

#[test]
fn tx_path_table_tiny_matches_model() {
    let n = equiv_cycles();
    for seed in seeds(&[0x71e7a, 0x64]) {
        assert_equiv::<TxPathTableTinyModel>(seed, n / 2);
    }
}

/// The tx table stimulus reaches the edges (so the equivalence runs above
/// cover them): every operation; the same path at distance 1, 2 and 3+
/// (forwarding from the loop, from the write in flight, through the RAM);
/// refused sends; ACKs rejected; losses declared by ACKs and by timeouts;
/// emissions under backpressure (a full lost queue, `op_ready` reserving a
/// slot); the epoch bits and the 32-bit PSN wrapping; floors that jump.
#[test]
fn tx_path_table_stimulus_covers_the_edges() {
    use braid_model::tx_path_table::{TxOpKind, TxStim};
    fn run<
        M: CycleModel<In = braid_model::tx_path_table::TxIn, Out = braid_model::tx_path_table::TxOut>,
        const IDX: usize,
    >(
        seed: u64,
    ) {
        let mut m = M::default();
        let mut stim = TxStim::<IDX>::new(seed);
        let mut ops = [0u64; 6];
        let mut dist = [0u64; 4];
        let mut last_at: std::collections::HashMap<u32, u64> = Default::default();
        let (mut refused, mut rejected, mut ack_lost, mut tmo_lost) = (0u64, 0u64, 0u64, 0u64);
        let (mut resolved, mut rsv_rejected) = (0u64, 0u64);
        let (mut emitted, mut stalled, mut blocked, mut epoch_wraps, mut wraps, mut jumps) =
            (0u64, 0u64, 0u64, 0u64, 0u64, 0u64);
        let mut last_una: std::collections::HashMap<u32, u32> = Default::default();
        let mut last_ready = false;
        let mut prev = braid_model::tx_path_table::TxOut::default();
        for c in 0..60_000u64 {
            let i = stim.next(c);
            emitted += (prev.lost_valid && i.lost_ready) as u64;
            blocked += (prev.lost_valid && !i.lost_ready) as u64;
            let o = m.step(&i);
            stim.observe(&o);
            stalled += (!o.op_ready && last_ready) as u64;
            last_ready = o.op_ready;
            let r = o.res;
            if r.valid {
                ops[r.op as usize] += 1;
                if let Some(p) = last_at.insert(r.idx, c) {
                    dist[((c - p) as usize).min(3)] += 1;
                }
                let send = r.op == TxOpKind::Send as u8;
                refused += (send && !r.accepted) as u64;
                rejected += r.rejected as u64;
                ack_lost += (r.op == TxOpKind::Ack as u8 && o.lost > 0) as u64;
                tmo_lost += (r.op == TxOpKind::Timeout as u8 && o.lost > 0) as u64;
                let rsv = r.op == TxOpKind::Resolve as u8;
                resolved += (rsv && o.acked > 0) as u64;
                rsv_rejected += (rsv && r.rejected) as u64;
                epoch_wraps += (send && r.accepted && r.nxt & 1023 == 0) as u64;
                wraps += (send && r.accepted && r.nxt == 0) as u64;
                if let Some(u) = last_una.insert(r.idx, r.una) {
                    jumps += (r.una.wrapping_sub(u) > 1 && r.una.wrapping_sub(u) < 256) as u64;
                }
            }
            prev = o;
        }
        eprintln!(
            "{} seed {seed:#x}: ops (read init send ack timeout resolve) {ops:?}, distance (-, 1, 2, >=3) {dist:?}, \
             refused sends {refused}, rejected acks {rejected}, acks declaring losses {ack_lost}, \
             timeouts declaring losses {tmo_lost}, resolves acknowledging {resolved}, \
             resolves rejected {rsv_rejected}, emitted {emitted}, emission blocked {blocked}, \
             op_ready drops {stalled}, epoch wraps {epoch_wraps}, 2^32 wraps {wraps}, floor jumps {jumps}",
            M::MODULE
        );
        assert!(ops.iter().all(|&k| k > 20), "seed {seed:#x}: {ops:?}");
        assert!(
            dist[1] > 1_000 && dist[2] > 500 && dist[3] > 1_000,
            "seed {seed:#x}: {dist:?}"
        );
        assert!(refused > 50 && rejected > 50, "seed {seed:#x}");
        assert!(resolved > 20 && rsv_rejected > 5, "seed {seed:#x}");
        assert!(ack_lost > 100 && tmo_lost > 10, "seed {seed:#x}");
        assert!(
            emitted > 1_000 && blocked > 1_000 && stalled > 10,
            "seed {seed:#x}"
        );
        assert!(
            epoch_wraps > 5 && wraps > 0 && jumps > 100,
            "seed {seed:#x}"
        );
    }
    for seed in [0x7a7b1e, 0x10557] {
        run::<TxPathTableModel, 14>(seed);
    }
    for seed in [0x71e7a, 0x64] {
        run::<TxPathTableTinyModel, 6>(seed);
    }
}

/// Protocol check of the tx table on a lossy channel toward emulated
/// receivers (truthful ACKs, delayed, lost, duplicated, reordered; safe
/// timeouts; backpressure on the lost stream), driven through `step` (the
/// model, or the Verilated RTL checked against the model): every dropped
/// PSN is declared lost exactly once and emitted exactly once, no delivered
/// PSN is ever declared lost, and the counters agree.
fn tx_protocol_check<const IDX: usize>(
    seed: u64,
    cycles: u64,
    mut step: impl FnMut(&braid_model::tx_path_table::TxIn) -> braid_model::tx_path_table::TxOut,
) {
    use braid_model::tx_path_table::TxStim;
    use std::collections::HashSet;
    let mut stim = TxStim::<IDX>::truthful(seed, cycles);
    let mut o = Default::default();
    for c in 0..cycles + 30_000 {
        let i = stim.next(c);
        o = step(&i);
        stim.observe(&o);
    }
    let o: braid_model::tx_path_table::TxOut = o;
    let mut seen = HashSet::new();
    for e in &stim.emitted {
        assert!(seen.insert(*e), "seed {seed:#x}: {e:x?} emitted twice");
        assert!(
            !stim.delivered.contains(e),
            "seed {seed:#x}: {e:x?} declared lost but it was delivered"
        );
        assert!(
            stim.dropped.contains(e),
            "seed {seed:#x}: {e:x?} never sent"
        );
    }
    let missed: Vec<_> = stim.dropped.difference(&seen).collect();
    eprintln!(
        "tx protocol {IDX} seed {seed:#x}: sent {} delivered {} dropped {} declared {} emitted {} missed {} counters {:?}",
        stim.sent,
        stim.delivered.len(),
        stim.dropped.len(),
        stim.declared,
        stim.emitted.len(),
        missed.len(),
        o.cnt
    );
    assert!(
        missed.is_empty(),
        "seed {seed:#x}: drops never declared: {missed:x?}"
    );
    assert_eq!(stim.declared, stim.emitted.len() as u64, "seed {seed:#x}");
    assert_eq!(o.cnt[2] as u64, stim.declared, "seed {seed:#x}: cnt_lost");
    assert_eq!(o.cnt[4] as u64, stim.declared, "seed {seed:#x}: cnt_retx");
    assert!(
        stim.sent > cycles / 4 && stim.dropped.len() > 100,
        "seed {seed:#x}"
    );
}

#[test]
fn tx_path_table_protocol_model() {
    for seed in seeds(&[0x9a7, 0x1055]) {
        let mut m = TxPathTableTinyModel::default();
        tx_protocol_check::<6>(seed, 100_000, |i| m.step(i));
        let mut m = TxPathTableModel::default();
        tx_protocol_check::<14>(seed, 50_000, |i| m.step(i));
    }
}

/// The protocol check above on the Verilated RTL (compared with the model
/// every clock).
#[test]
fn tx_path_table_protocol_verilator() {
    use braid_cosim::equiv::Bound;
    for seed in seeds(&[0x9a7]) {
        let mut rtl = Bound::<TxPathTableTinyModel>::new().expect("tx_path_table_tiny not built");
        let mut m = TxPathTableTinyModel::default();
        let mut c = 0u64;
        tx_protocol_check::<6>(seed, 40_000, |i| {
            let want = m.step(i);
            let got = rtl.step(i);
            assert_eq!(
                want, got,
                "seed {seed:#x} cycle {c}: RTL differs, inputs {i:?}"
            );
            c += 1;
            want
        });
    }
}

fn tx_table_step(
    uut: &mut braid_hdl::TxPathTableTiny,
    i: &braid_model::tx_path_table::TxIn,
) -> braid_model::tx_path_table::TxOut {
    use braid_model::tx_path_table::{TxOut, TxRes};
    let op = i.op.unwrap_or_default();
    uut.op_valid.next = i.op.is_some();
    uut.op.next = bits(op.kind as u64);
    uut.idx.next = bits(op.idx as u64 & 63);
    uut.psn.next = bits(op.psn as u64);
    uut.sack.next = bits256_of(&op.sack);
    uut.lost_ready.next = i.lost_ready;
    clock(uut, |u, c| u.clock.next = Clock::from(c));
    let g = |b: u64| b as u32;
    TxOut {
        op_ready: uut.op_ready.val(),
        res: TxRes {
            valid: uut.res_valid.val(),
            op: uut.res_op.val().to_u64() as u8,
            idx: g(uut.res_idx.val().to_u64()),
            accepted: uut.res_accepted.val(),
            psn: g(uut.res_psn.val().to_u64()),
            floor_delta: uut.res_floor_delta.val().to_u64() as u16,
            una: g(uut.res_una.val().to_u64()),
            nxt: g(uut.res_nxt.val().to_u64()),
            idle: uut.res_idle.val(),
            rejected: uut.res_rejected.val(),
        },
        acked: uut.res_acked.val().to_u64() as u16,
        lost: uut.res_lost.val().to_u64() as u16,
        lost_valid: uut.lost_valid.val(),
        lost_idx: g(uut.lost_idx.val().to_u64()),
        lost_psn: g(uut.lost_psn.val().to_u64()),
        cnt: [
            g(uut.cnt_acks.val().to_u64()),
            g(uut.cnt_rejected.val().to_u64()),
            g(uut.cnt_lost.val().to_u64()),
            g(uut.cnt_timeouts.val().to_u64()),
            g(uut.cnt_retx.val().to_u64()),
        ],
    }
}

/// The tiny tx table (same RustHDL source as the full one) in RustHDL's
/// simulator: the RAM widgets' read-during-write, the forwarding, the work
/// and lost queues.
#[test]
fn tx_path_table_rusthdl_matches_model() {
    use braid_model::tx_path_table::TxStim;
    use braid_model::TxPathTableTinyModel;
    for seed in seeds(&[0x71e7a]) {
        let mut uut = braid_hdl::TxPathTableTiny::default();
        uut.connect_all();
        assert!(simulate(&mut uut, 1000));
        let mut model = TxPathTableTinyModel::default();
        let mut stim = TxStim::<6>::new(seed);
        let n = 600;
        let t = std::time::Instant::now();
        for cycle in 0..n {
            let i = stim.next(cycle);
            let want = model.step(&i);
            let got = tx_table_step(&mut uut, &i);
            stim.observe(&want);
            assert_eq!(
                want, got,
                "RustHDL tx_path_table differs from the model at cycle {cycle} (seed {seed:#x}), inputs {i:?}"
            );
        }
        eprintln!(
            "tx_path_table_tiny (RustHDL simulator): {n} cycles equal, {:.0} cycles/s",
            n as f64 / t.elapsed().as_secs_f64()
        );
    }
}
