//! `tx_compl`: its cycle model against the RTL block, in Verilator (every
//! output on every clock, seeded random stimulus biased toward the
//! edges) and in RustHDL's own simulator (a short seeded run).

use crate::common::*;
use braid_model::*;
use braid_tests::{assert_equiv, equiv_cycles, seeds};
use rust_hdl::prelude::*;

#[test]
fn tx_compl_matches_model() {
    let n = equiv_cycles();
    for seed in seeds(&[0x7c0f, 0x51]) {
        assert_equiv::<TxComplFullModel>(seed, n / 2);
        assert_equiv::<TxComplTinyModel>(seed, n / 2);
    }
}

/// The send-completion stimulus reaches every edge: completions of every
/// kind (signaled, error, flushed), unsignaled messages completed silently,
/// refused pushes (ring full, connection not valid), stale drain entries of
/// re-created connections, a full output queue holding operations back
/// (op_ready low for credits), and many completions per connection.
#[test]
fn tx_compl_stimulus_covers_the_edges() {
    use braid_model::tx_compl::{
        TxComplStim, OP_CREATE, OP_FLUSH, OP_PUSH, RES_FULL, RES_NO_CONN, RES_OK, RES_STALE,
    };
    for seed in [0x7c0f, 0x51] {
        let mut m = TxComplTinyModel::default();
        let mut stim = TxComplStim::<4>::new(seed);
        let (mut full, mut no_conn, mut flushed, mut errors, mut signaled, mut silent) =
            (0, 0, 0, 0, 0, 0);
        // pushes accepted by a flushing connection (destroyed, not re-created)
        let (mut flushing, mut late_push) = ([false; 16], 0);
        let (mut not_ready, mut held) = (0, 0);
        // failures accepted and refused as stale; destroys
        let (mut fails, mut stale, mut destroys, mut base_fails) = (0, 0, 0, 0);
        let mut ops = std::collections::VecDeque::new();
        let mut prev_c: Option<braid_model::tx_compl::TxCompletion> = None;
        for c in 0..60_000u64 {
            let i = stim.next(c);
            if i.op_valid && m.op_ready() {
                ops.push_back(i);
            }
            let o = m.step(&i);
            stim.observe(&o);
            if let Some((_, _, code)) = o.res {
                let ti = ops.pop_front().expect("a result without an operation");
                match (ti.op, ti.rec.status != 0, code) {
                    (OP_FLUSH, true, RES_OK) if ti.at_base => base_fails += 1,
                    (OP_FLUSH, true, RES_OK) => fails += 1,
                    (OP_FLUSH, true, RES_STALE) => stale += 1,
                    (OP_FLUSH, false, RES_OK) => destroys += 1,
                    _ => {}
                }
            }
            match o.res {
                Some((OP_PUSH, _, RES_FULL)) => full += 1,
                Some((OP_PUSH, _, RES_NO_CONN)) => no_conn += 1,
                Some((OP_PUSH, k, RES_OK)) if flushing[k as usize] => late_push += 1,
                Some((OP_FLUSH, k, RES_OK)) => flushing[k as usize] = true,
                Some((OP_CREATE, k, RES_OK)) => flushing[k as usize] = false,
                _ => {}
            }
            if let Some(cq) = prev_c {
                if i.c_ready {
                    match cq.status {
                        0 => signaled += 1,
                        1 => flushed += 1,
                        _ => errors += 1,
                    }
                } else {
                    held += 1;
                }
            }
            prev_c = o.c;
            if o.una.is_some() && o.c.is_none() {
                silent += 1;
            }
            not_ready += (!o.op_ready) as u32;
        }
        eprintln!(
            "seed {seed:#x}: full {full} no_conn {no_conn} signaled {signaled} errors {errors} \
             flushed {flushed} silent {silent} not_ready {not_ready} held {held} \
             late_push {late_push} fails {fails} at base {base_fails} stale {stale} destroys {destroys} done {}",
            m.step(&Default::default()).cnt_done
        );
        assert!(full > 0 && no_conn > 20 && late_push > 20, "seed {seed:#x}");
        assert!(
            fails > 20 && base_fails > 5 && stale > 20 && destroys > 20,
            "seed {seed:#x}"
        );
        assert!(
            signaled > 1000 && errors > 20 && flushed > 20,
            "seed {seed:#x}"
        );
        assert!(
            silent > 100 && not_ready > 1000 && held > 100,
            "seed {seed:#x}"
        );
        eprintln!(
            "stale drains {} drains behind a push {}",
            m.stat_stale, m.stat_whit
        );
        assert!(
            m.stat_stale > 0 && m.stat_whit > 0,
            "seed {seed:#x}: a drain edge not reached"
        );
    }
}

/// Golden check of the completion rule over the model (which the RTL equals
/// clock by clock above): every accepted message completes exactly once, in
/// posting order per connection, never before the peer's csn_base passed its
/// last CSN unless flushed; signaled or failed ones produce a completion
/// with exactly their fields, to the connection's CQ; unsignaled successful
/// ones none. A failure is accepted exactly when its CSN is in the 256-CSN
/// window at `csn_base` (a failure at the base, `at_base`, always is);
/// after it, messages the peer has keep their status, the first other one
/// at or after the refused CSN (the base) takes the failure's status,
/// every other one completes FLUSHED.
#[test]
fn tx_compl_completes_in_order_exactly_once() {
    use braid_model::tx_compl::*;
    use std::collections::VecDeque;
    for seed in [0x7c0f, 0x51, 0x99] {
        let mut m = TxComplTinyModel::default();
        let mut stim = TxComplStim::<4>::new(seed);
        // per connection: (cq, base, flushing, generation) and the accepted records
        let mut base = [0u32; 16];
        let mut cq = [0u32; 16];
        let mut flushing = [false; 16];
        // a failed connection: (err still to give, refused CSN)
        let mut failed: [Option<(u8, u32)>; 16] = [None; 16];
        let mut took = 0u64;
        let mut pending: Vec<VecDeque<(MsgRec, bool)>> = vec![VecDeque::new(); 16];
        let mut expect_c: VecDeque<TxCompletion> = VecDeque::new();
        let mut inflight: VecDeque<(u64, TxComplIn)> = VecDeque::new();
        let mut ready = true;
        let mut shown: Option<TxCompletion> = None;
        let (mut completed, mut cqes) = (0u64, 0u64);
        for c in 0..80_000u64 {
            let i = stim.next(c);
            if i.op_valid && ready {
                inflight.push_back((c, i));
            }
            if let (Some(got), true) = (shown, i.c_ready) {
                // the completion shown is taken at this edge: the oldest expected
                let want = expect_c.pop_front().expect("an unexpected completion");
                assert_eq!(got, want, "seed {seed:#x} cycle {c}");
                cqes += 1;
            }
            let o = m.step(&i);
            stim.observe(&o);
            ready = o.op_ready;
            if let Some((op, conn, code)) = o.res {
                let (_, ti) = inflight.pop_front().expect("a result without an operation");
                assert_eq!((ti.op, ti.conn), (op, conn), "seed {seed:#x} cycle {c}");
                let k = conn as usize;
                match (op, code) {
                    (OP_CREATE, RES_OK) => {
                        base[k] = ti.csn;
                        cq[k] = ti.cq;
                        flushing[k] = false;
                        failed[k] = None;
                        // records of the previous incarnation are discarded
                        pending[k].clear();
                    }
                    (OP_PUSH, RES_OK) => {
                        let mut r = ti.rec;
                        r.last = ti.csn;
                        pending[k].push_back((r, false));
                    }
                    (OP_ACK, RES_OK) if base[k].wrapping_sub(ti.csn) & 0x8000_0000 != 0 => {
                        base[k] = ti.csn;
                    }
                    (OP_FLUSH, RES_OK) => {
                        flushing[k] = true;
                        if ti.rec.status != 0 && ti.at_base {
                            // a local failure: at the base, no window test
                            failed[k] = Some((ti.rec.status, base[k]));
                        } else if ti.rec.status != 0 {
                            assert!(ti.csn.wrapping_sub(base[k]) < 256, "seed {seed:#x}");
                            failed[k] = Some((ti.rec.status, ti.csn));
                        }
                    }
                    (OP_FLUSH, RES_STALE) => {
                        assert!(
                            ti.rec.status != 0 && !ti.at_base,
                            "seed {seed:#x} cycle {c}"
                        );
                        assert!(ti.csn.wrapping_sub(base[k]) >= 256, "seed {seed:#x}");
                    }
                    _ => {}
                }
            }
            if let Some((conn, stream, msn)) = o.una {
                let k = conn as usize;
                let (r, _) = pending[k]
                    .pop_front()
                    .unwrap_or_else(|| panic!("seed {seed:#x} cycle {c}: completion of nothing"));
                assert_eq!(
                    (r.stream, r.msn),
                    (stream, msn),
                    "seed {seed:#x} cycle {c}: order"
                );
                let covered = r.last.wrapping_sub(base[k]) & 0x8000_0000 != 0;
                assert!(
                    covered || flushing[k],
                    "seed {seed:#x} cycle {c}: completed before csn_base passed {} (base {})",
                    r.last,
                    base[k]
                );
                completed += 1;
                let own = !flushing[k] || (failed[k].is_some() && covered);
                let take = match failed[k] {
                    Some((err, ecsn)) => {
                        !covered && err != 0 && r.last.wrapping_sub(ecsn) & 0x8000_0000 == 0
                    }
                    None => false,
                };
                let status = if own {
                    r.status
                } else if take {
                    took += 1;
                    let (err, ecsn) = failed[k].unwrap();
                    failed[k] = Some((0, ecsn));
                    err
                } else {
                    STATUS_FLUSHED
                };
                if !own || r.signaled || r.status != 0 {
                    expect_c.push_back(TxCompletion {
                        cq: cq[k],
                        conn,
                        wr_id: r.wr_id,
                        byte_len: r.len,
                        msn: r.msn,
                        stream: r.stream,
                        status,
                    });
                }
            }
            shown = o.c;
        }
        assert!(
            completed > 5_000 && cqes > 3_000 && took > 20,
            "seed {seed:#x}: {completed} {cqes} {took}"
        );
    }
}

fn tx_compl_step(
    uut: &mut braid_hdl::TxComplTiny,
    i: &braid_model::tx_compl::TxComplIn,
) -> braid_model::tx_compl::TxComplOut {
    use braid_model::tx_compl::{TxComplOut, TxCompletion};
    uut.op_valid.next = i.op_valid;
    uut.op.next = bits(i.op as u64 & 3);
    uut.op_conn.next = bits(i.conn as u64 & 15);
    uut.op_csn.next = bits(i.csn as u64);
    uut.op_wr_id.next = bits(i.rec.wr_id);
    uut.op_len.next = bits(i.rec.len as u64);
    uut.op_msn.next = bits(i.rec.msn as u64);
    uut.op_stream.next = bits(i.rec.stream as u64 & 3);
    uut.op_signaled.next = i.rec.signaled;
    uut.op_status.next = bits(i.rec.status as u64);
    uut.op_cq.next = bits(i.cq as u64 & 15);
    uut.op_at_base.next = i.at_base;
    uut.c_ready.next = i.c_ready;
    clock(uut, |u, c| u.clock.next = Clock::from(c));
    let g = |b: u64| b as u32;
    TxComplOut {
        op_ready: uut.op_ready.val(),
        res: uut.res_valid.val().then(|| {
            (
                uut.res_op.val().to_u64() as u8,
                g(uut.res_conn.val().to_u64()),
                uut.res_code.val().to_u64() as u8,
            )
        }),
        una: uut.una_valid.val().then(|| {
            (
                g(uut.una_conn.val().to_u64()),
                uut.una_stream.val().to_u64() as u8,
                g(uut.una_msn.val().to_u64()),
            )
        }),
        c: uut.c_valid.val().then(|| TxCompletion {
            cq: g(uut.c_cq.val().to_u64()),
            conn: g(uut.c_conn.val().to_u64()),
            wr_id: uut.c_wr_id.val().to_u64(),
            byte_len: g(uut.c_byte_len.val().to_u64()),
            msn: g(uut.c_msn.val().to_u64()),
            stream: uut.c_stream.val().to_u64() as u8,
            status: uut.c_status.val().to_u64() as u8,
        }),
        cnt_done: g(uut.cnt_done.val().to_u64()),
        cnt_flushed: g(uut.cnt_flushed.val().to_u64()),
        cnt_refused: g(uut.cnt_refused.val().to_u64()),
    }
}

#[test]
fn tx_compl_rusthdl_matches_model() {
    use braid_model::tx_compl::TxComplStim;
    use braid_model::TxComplTinyModel;
    for seed in seeds(&[0x7c0f]) {
        let mut uut = braid_hdl::TxComplTiny::default();
        uut.connect_all();
        assert!(simulate(&mut uut, 1000));
        let mut model = TxComplTinyModel::default();
        let mut stim = TxComplStim::<4>::new(seed);
        for cycle in 0..3_000 {
            let i = stim.next(cycle);
            let want = model.step(&i);
            let got = tx_compl_step(&mut uut, &i);
            assert_eq!(
                want, got,
                "RustHDL tx_compl differs from the model at cycle {cycle} (seed {seed:#x}), inputs {i:?}"
            );
            stim.observe(&want);
        }
    }
}
