//! `wqe_fetch`: its cycle model against the RTL block, in Verilator (every
//! output on every clock, seeded random stimulus biased toward the
//! edges) and in RustHDL's own simulator (a short seeded run).

use crate::common::*;
use braid_model::*;
use braid_tests::{assert_equiv, equiv_cycles, seeds};
use rust_hdl::prelude::*;

#[test]
fn wqe_fetch_matches_model() {
    let n = equiv_cycles();
    for seed in seeds(&[0x3fe7, 0xd00b]) {
        assert_equiv::<WqeFetchModel>(seed, n);
    }
}

#[test]
fn wqe_fetch_tiny_matches_model() {
    let n = equiv_cycles();
    for seed in seeds(&[0x7fe7, 0x1b]) {
        assert_equiv::<WqeFetchTinyModel>(seed, n);
    }
}

/// Reads of `rd` that end at their ring's end (the ring-end split) or at a
/// 4 KiB boundary short of 8 WQEs (the page split), given the rings.
fn wqe_read_kind(conns: &[braid_model::wqe_fetch::HostConn], addr: u64, len: u16) -> (bool, bool) {
    let end = addr.wrapping_add(len as u64);
    let ring_end = conns
        .iter()
        .any(|c| c.created && end == c.iova.wrapping_add(64u64 << c.log2));
    let page = end.is_multiple_of(4096) && len < 512;
    (ring_end, page)
}

/// The WQE fetcher's stimulus reaches every edge: every operation, every
/// kind of refused doorbell (connection out of range, not created, more
/// than a ring ahead, backwards; each classified against the context the
/// doorbell was judged on) and of refused credit return, refused creates,
/// every fetch size 0..=8, reads cut at the ring's end and at 4 KiB
/// boundaries, ring wrap-around, every bad-WQE reason (DMA errors, wrong
/// tags and last flags among them), stray beats, destroys of connections
/// with queued work, `enable` low while a fetch waits (and no fetch ever
/// enters while it is low), connections out of credits with work waiting,
/// the output queue full (fetches held back), all fetch slots in use, and
/// back-pressure on both the read requests and the WQE stream.
#[test]
fn wqe_fetch_stimulus_covers_the_edges() {
    use braid_model::wqe_fetch::{
        WqeStim, FETCHES, OP_CREATE, OP_CREDIT, OP_DESTROY, OP_DOORBELL, OP_FETCH, SEG_WQE_SLOTS,
    };
    use std::collections::VecDeque;
    // the seeds and length of `wqe_fetch_tiny_matches_model`
    for seed in [0x7fe7, 0x1b] {
        let mut m = WqeFetchTinyModel::default();
        let mut stim = WqeStim::<4>::new(seed);
        let mut sizes = [0u64; 9];
        let (mut ref_create, mut creates, mut destroys) = (0u64, 0u64, 0u64);
        // doorbells: out of range, not created, too far ahead, backwards
        let mut db_kinds = [0u64; 4];
        // credit returns: not created, zero, over SEG_WQE_SLOTS
        let mut cr_kinds = [0u64; 3];
        let (mut dbq, mut crq) = (VecDeque::new(), VecDeque::new());
        let mut reasons = [0u64; 6];
        let (mut ring_end, mut page, mut wraps) = (0u64, 0u64, 0u64);
        let (mut rd_stall, mut wqe_stall) = (0u64, 0u64);
        let (mut destroy_queued, mut off_waiting, mut off_run) = (0u64, 0u64, 0u32);
        let (mut no_credit, mut out_full, mut fetch_full) = (0u64, 0u64, 0u64);
        // the outputs before the first edge: every port free
        let mut shown = braid_model::wqe_fetch::WqeOutputs {
            cmd_ready: true,
            db_ready: true,
            cr_ready: true,
            rs_ready: true,
            ..Default::default()
        };
        let mut o = shown;
        for c in 0..equiv_cycles() {
            let i = stim.next(c);
            if shown.rd_valid && i.rd_ready {
                let (e, p) = wqe_read_kind(&stim.conns, shown.rd_addr, shown.rd_len);
                ring_end += e as u64;
                page += p as u64;
            }
            rd_stall += (shown.rd_valid && !i.rd_ready) as u64;
            if let Some(w) = shown.wqe {
                wqe_stall += !i.wqe_ready as u64;
                if i.wqe_ready {
                    for (k, r) in reasons.iter_mut().enumerate() {
                        *r += (w.reason >> k & 1) as u64;
                    }
                    if let Some(hc) = stim.conns.iter().find(|x| x.conn == w.conn) {
                        wraps += (w.index as u32 >= 1 << hc.log2) as u64;
                    }
                }
            }
            if shown.db_ready && i.db_valid {
                dbq.push_back((i.db_conn, i.db_pi));
            }
            if shown.cr_ready && i.cr_valid {
                crq.push_back((i.cr_conn & 15, i.cr_n & 15));
            }
            off_run = if i.enable { 0 } else { off_run + 1 };
            off_waiting += (!i.enable && m.fetch_held()) as u64;
            o = m.step(&i);
            stim.observe(&o);
            if o.res_valid {
                // the context the operation was judged on (a refused
                // operation writes it back unchanged, and no other
                // operation of the connection has written since)
                let x = m.ctx(o.res_conn);
                match o.res_op {
                    OP_CREATE => {
                        creates += 1;
                        ref_create += o.res_refused as u64;
                    }
                    OP_DESTROY => {
                        destroys += 1;
                        destroy_queued += (x.queued && x.ci != x.pi) as u64;
                    }
                    OP_DOORBELL => {
                        let (conn, pi) = dbq.pop_front().expect("a doorbell result");
                        assert_eq!(conn as u32 & 15, o.res_conn, "seed {seed:#x} cycle {c}");
                        if !o.res_refused {
                            assert!(
                                conn < 16 && x.valid && x.pi == pi,
                                "seed {seed:#x} cycle {c}"
                            );
                        } else {
                            let (dn, d) = (pi.wrapping_sub(x.ci), x.pi.wrapping_sub(x.ci));
                            let k = if conn >= 16 {
                                0
                            } else if !x.valid {
                                1
                            } else if dn as u32 > 1 << x.log2 {
                                2
                            } else if dn < d {
                                3
                            } else {
                                panic!("seed {seed:#x} cycle {c}: doorbell {conn} pi {pi} refused on {x:?}")
                            };
                            db_kinds[k] += 1;
                        }
                    }
                    OP_CREDIT => {
                        let (conn, n) = crq.pop_front().expect("a credit result");
                        assert_eq!(conn, o.res_conn, "seed {seed:#x} cycle {c}");
                        if o.res_refused {
                            let k = if !x.valid {
                                0
                            } else if n == 0 {
                                1
                            } else if x.credit + n > SEG_WQE_SLOTS {
                                2
                            } else {
                                panic!(
                                    "seed {seed:#x} cycle {c}: credit {conn} +{n} refused on {x:?}"
                                )
                            };
                            cr_kinds[k] += 1;
                        }
                    }
                    OP_FETCH => {
                        // a fetch entered S0 five edges before its result,
                        // at an edge where enable was 1
                        assert!(
                            off_run <= 5,
                            "seed {seed:#x} cycle {c}: fetch while disabled"
                        );
                        sizes[o.res_n as usize] += 1;
                    }
                    op => panic!("seed {seed:#x} cycle {c}: res_op {op}"),
                }
            }
            no_credit += stim
                .conns
                .iter()
                .map(|h| m.ctx(h.conn))
                .filter(|x| x.valid && x.credit == 0 && x.ci != x.pi)
                .count() as u64;
            out_full += (m.used() > 24) as u64;
            fetch_full += (m.fout() == FETCHES) as u64;
            shown = o;
        }
        eprintln!(
            "seed {seed:#x}: sizes {sizes:?} refused db {db_kinds:?} cr {cr_kinds:?} create {ref_create}/{creates} destroys {destroys} ({destroy_queued} with queued work) reasons {reasons:?} (rs_err {} tag {} last {}) ring-end {ring_end} page {page} wraps {wraps} stalls {rd_stall}/{wqe_stall} strays {} disabled-while-queued {off_waiting} no-credit {no_credit} out-full {out_full} fetches-full {fetch_full}",
            stim.dma_errs, stim.bad_tags, stim.bad_lasts, o.cnt_stray
        );
        assert!(sizes.iter().all(|&k| k > 20), "seed {seed:#x}: {sizes:?}");
        assert!(
            db_kinds.iter().all(|&k| k > 20),
            "seed {seed:#x}: {db_kinds:?}"
        );
        assert!(
            cr_kinds.iter().all(|&k| k > 10),
            "seed {seed:#x}: {cr_kinds:?}"
        );
        assert_eq!(
            (db_kinds.iter().sum::<u64>(), cr_kinds.iter().sum::<u64>()),
            (o.cnt_db_refused as u64, o.cnt_cr_refused as u64),
            "seed {seed:#x}"
        );
        assert!(
            ref_create > 20 && creates > ref_create && destroy_queued > 10,
            "seed {seed:#x}"
        );
        assert!(
            reasons.iter().all(|&k| k > 5),
            "seed {seed:#x}: {reasons:?}"
        );
        assert!(
            stim.dma_errs > 20 && stim.bad_tags > 5 && stim.bad_lasts > 5,
            "seed {seed:#x}"
        );
        assert!(ring_end > 100 && page > 5 && wraps > 1000, "seed {seed:#x}");
        assert!(
            rd_stall > 1000 && wqe_stall > 1000 && o.cnt_stray > 5,
            "seed {seed:#x}"
        );
        assert!(
            off_waiting > 100 && no_credit > 1000 && out_full > 100 && fetch_full > 10,
            "seed {seed:#x}"
        );
    }
}

/// The Verilated WQE fetcher against a host: rings of random WQEs for six
/// connections in a host memory, doorbells at random (some refused), a DMA
/// responder with random latency, a segmenter with stalls that returns its
/// credits late. Every WQE comes out exactly once, in ring order per
/// connection, with every field equal to braid-spec's decoding of the host
/// memory and the bad flags its checks give, across ring wrap-around, ring
/// end and 4 KiB splits; no connection ever has more than SEG_WQE_SLOTS
/// WQEs at the segmenter; the refusal counters count exactly the bad
/// doorbells, credit returns and stray beats sent.
#[test]
fn wqe_fetch_delivers_every_wqe_once_in_ring_order() {
    use braid_cosim::equiv::Bound;
    use braid_model::wqe_fetch::WqeStim;
    for seed in seeds(&[0x0bad_f00d, 0x5eed]) {
        let mut rtl = Bound::<WqeFetchModel>::new().expect("wqe_fetch Verilated");
        let mut stim = WqeStim::<10>::clean(seed);
        let (mut ring_end, mut page) = (0u64, 0u64);
        let mut shown: Option<(u64, u16)> = None;
        let mut o = Default::default();
        for c in 0..150_000u64 {
            let i = stim.next(c);
            if let Some((a, l)) = shown {
                if i.rd_ready {
                    // 1..=8 whole WQEs inside one ring, not crossing 4 KiB
                    assert!(
                        (64..=512).contains(&l)
                            && l.is_multiple_of(64)
                            && a % 4096 + l as u64 <= 4096,
                        "seed {seed:#x} cycle {c}: read {a:#x} len {l}"
                    );
                    assert!(
                        stim.conns.iter().any(|h| h.created
                            && a >= h.iova
                            && a + l as u64 <= h.iova + (64u64 << h.log2)),
                        "seed {seed:#x} cycle {c}: read {a:#x} len {l} outside every ring"
                    );
                    let (e, p) = wqe_read_kind(&stim.conns, a, l);
                    ring_end += e as u64;
                    page += p as u64;
                }
            }
            o = rtl.step(&i);
            stim.observe(&o);
            shown = o.rd_valid.then_some((o.rd_addr, o.rd_len));
        }
        // drain: the operations still held or in the pipeline reach the
        // counters (no new inputs, nothing taken)
        for _ in 0..30 {
            o = rtl.step(&braid_model::wqe_fetch::WqeIn {
                enable: true,
                ..Default::default()
            });
        }
        let o: braid_model::wqe_fetch::WqeOutputs = o;
        assert!(
            stim.errors.is_empty(),
            "seed {seed:#x}: {} errors, first {:?}",
            stim.errors.len(),
            &stim.errors[..stim.errors.len().min(5)]
        );
        let wraps = stim
            .conns
            .iter()
            .filter(|c| c.consumed as u32 > 2 << c.log2)
            .count();
        eprintln!(
            "seed {seed:#x}: {} WQEs delivered ({} bad), ring-end reads {ring_end}, page splits {page}, {wraps} rings wrapped, refused db {} cr {}, strays {}",
            stim.delivered, stim.bad_wqes, o.cnt_db_refused, o.cnt_cr_refused, o.cnt_stray
        );
        assert!(
            stim.delivered > 20_000 && stim.bad_wqes > 500,
            "seed {seed:#x}"
        );
        assert!(ring_end > 100 && wraps >= 4, "seed {seed:#x}");
        assert_eq!(
            (
                o.cnt_db_refused as u64,
                o.cnt_cr_refused as u64,
                o.cnt_stray as u64
            ),
            (stim.bad_db, stim.bad_cr, stim.strays),
            "seed {seed:#x}"
        );
        assert!(o.cnt_bad_wqe as u64 >= stim.bad_wqes);
    }
}

/// Directed, RTL and model compared on every clock: `enable` = 0 holds a
/// queued fetch back (no read, no fetch result) and 1 releases it; the
/// WQEs of the read carry their ring indices and every field braid-spec's
/// decoder reads from the host ring; a DESTROY of a connection with queued
/// work drops it (its queue entry fetches nothing, no read) and later
/// doorbells are refused; a read issued before a DESTROY still delivers
/// its WQEs.
#[test]
fn wqe_fetch_enable_and_destroy() {
    use braid_cosim::equiv::Bound;
    use braid_model::wqe_fetch::{
        is_reserved, random_wqe, Beat, WqeFields, WqeIn, WqeOut, WqeOutputs, OP_CREATE, OP_DESTROY,
        OP_DOORBELL, OP_FETCH,
    };
    use braid_spec::host;
    use rand::SeedableRng;
    let mut rtl = Bound::<WqeFetchTinyModel>::new().expect("wqe_fetch_tiny Verilated");
    let mut m = WqeFetchTinyModel::default();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    let base = 0x1234_5000u64;
    let mut ring: Vec<[u8; 64]> = (0..8).map(|_| random_wqe(&mut rng)).collect();
    // garbage in the reserved bytes of one WQE: ignored
    for f in host::WQE.iter().filter(|f| is_reserved(f)) {
        let a = f.lsb as usize / 8;
        ring[1][a..a + f.bits as usize / 8].fill(0xa5);
    }
    let mut cyc = 0u64;
    let mut step = |m: &mut WqeFetchTinyModel, i: WqeIn| -> WqeOutputs {
        let want = m.step(&i);
        let got = rtl.step(&i);
        assert_eq!(want, got, "cycle {cyc}: RTL differs, inputs {i:?}");
        cyc += 1;
        want
    };
    let idle = |enable: bool| WqeIn {
        enable,
        rd_ready: true,
        wqe_ready: true,
        ..WqeIn::default()
    };
    let cmd = |op: u8, enable: bool| WqeIn {
        cmd_valid: true,
        cmd_op: op,
        cmd_conn: 3,
        cmd_iova: base,
        cmd_log2: 3,
        ..idle(enable)
    };
    let db = |pi: u16, enable: bool| WqeIn {
        db_valid: true,
        db_conn: 3,
        db_pi: pi,
        ..idle(enable)
    };
    let check_wqe = |w: &WqeOut, k: u16| {
        assert_eq!((w.conn, w.index), (3, k));
        let b = &ring[k as usize & 7];
        for fld in host::WQE.iter().filter(|f| !is_reserved(f)) {
            assert_eq!(w.f.field(fld.name), Some(host::get(b, fld)), "{}", fld.name);
        }
        assert_eq!(w.reason, WqeFields::decode(b).check());
    };
    // run `n` clocks of `i`; the results and WQEs seen, and the reads
    let run = |m: &mut WqeFetchTinyModel,
               step: &mut dyn FnMut(&mut WqeFetchTinyModel, WqeIn) -> WqeOutputs,
               i: WqeIn,
               n: usize| {
        let (mut res, mut wqes, mut reads) = (Vec::new(), Vec::new(), Vec::new());
        for _ in 0..n {
            let o = step(m, i);
            if o.res_valid {
                res.push((o.res_op, o.res_refused, o.res_n));
            }
            wqes.extend(o.wqe);
            if o.rd_valid {
                reads.push((o.rd_addr, o.rd_len, o.rd_tag));
            }
        }
        (res, wqes, reads)
    };
    let answer = |m: &mut WqeFetchTinyModel,
                  step: &mut dyn FnMut(&mut WqeFetchTinyModel, WqeIn) -> WqeOutputs,
                  tag: u8,
                  n: u16| {
        let mut wqes = Vec::new();
        for k in 0..n {
            let o = step(
                m,
                WqeIn {
                    rs: Some(Beat {
                        data: ring[k as usize],
                        tag,
                        last: k + 1 == n,
                        err: false,
                    }),
                    ..idle(true)
                },
            );
            wqes.extend(o.wqe);
        }
        wqes
    };

    // create, then a doorbell of 5 WQEs while disabled: nothing is fetched
    step(&mut m, cmd(OP_CREATE, false));
    let (res, _, _) = run(&mut m, &mut step, idle(false), 10);
    assert_eq!(res, vec![(OP_CREATE, false, 0)]);
    step(&mut m, db(5, false));
    let (res, wqes, reads) = run(&mut m, &mut step, idle(false), 40);
    assert_eq!(res, vec![(OP_DOORBELL, false, 0)]);
    assert!(wqes.is_empty() && reads.is_empty() && m.fetch_held());
    // enabled: one read of the 5 WQEs, then they come out in ring order
    let (res, _, reads) = run(&mut m, &mut step, idle(true), 20);
    assert_eq!(res, vec![(OP_FETCH, false, 5)]);
    assert_eq!(reads, vec![(base, 320, 0)]);
    let mut wqes = answer(&mut m, &mut step, 0, 5);
    wqes.extend(run(&mut m, &mut step, idle(true), 10).1);
    assert_eq!(wqes.len(), 5);
    for (k, w) in wqes.iter().enumerate() {
        check_wqe(w, k as u16);
    }
    // give the 5 slots back; a doorbell to 8 while disabled queues the
    // connection; DESTROY drops the queued work
    step(
        &mut m,
        WqeIn {
            cr_valid: true,
            cr_conn: 3,
            cr_n: 5,
            ..idle(false)
        },
    );
    step(&mut m, db(8, false));
    let (res, _, _) = run(&mut m, &mut step, idle(false), 12);
    assert_eq!(
        res.iter().filter(|r| r.1).count(),
        0,
        "credit and doorbell accepted: {res:?}"
    );
    let x = m.ctx(3);
    assert!(
        x.valid && x.queued && (x.ci, x.pi, x.credit) == (5, 8, 8),
        "{x:?}"
    );
    step(&mut m, cmd(OP_DESTROY, false));
    let (res, _, _) = run(&mut m, &mut step, idle(false), 10);
    assert_eq!(res, vec![(OP_DESTROY, false, 0)]);
    let (res, wqes, reads) = run(&mut m, &mut step, idle(true), 40);
    assert_eq!(res, vec![(OP_FETCH, false, 0)]);
    assert!(wqes.is_empty() && reads.is_empty());
    assert!(!m.ctx(3).queued && !m.ctx(3).valid);
    step(&mut m, db(8, true));
    let (res, _, _) = run(&mut m, &mut step, idle(true), 10);
    assert_eq!(res, vec![(OP_DOORBELL, true, 0)]);
    // re-created: a read issued before a DESTROY still delivers its WQEs
    step(&mut m, cmd(OP_CREATE, true));
    run(&mut m, &mut step, idle(true), 10);
    step(&mut m, db(2, true));
    let (_, _, reads) = run(&mut m, &mut step, idle(true), 20);
    assert_eq!(reads, vec![(base, 128, 1)]);
    step(&mut m, cmd(OP_DESTROY, true));
    let (res, _, _) = run(&mut m, &mut step, idle(true), 10);
    assert_eq!(res, vec![(OP_DESTROY, false, 0)]);
    let mut wqes = answer(&mut m, &mut step, 1, 2);
    let (_, more, _) = run(&mut m, &mut step, idle(true), 10);
    wqes.extend(more);
    assert_eq!(wqes.len(), 2);
    for (k, w) in wqes.iter().enumerate() {
        check_wqe(w, k as u16);
    }
    let o = step(&mut m, idle(true));
    assert_eq!((o.cnt_db_refused, o.cnt_stray), (1, 0));
}

/// Throughput, RTL and model compared on every clock: rings kept full on
/// `conns` connections, a DMA responder that answers each read `lat`
/// clocks after it was taken at one beat per clock, a segmenter that takes
/// every WQE at once and returns its slots at the first free clock of the
/// credit port, for `total` clocks. Returns WQEs per clock after a
/// warm-up and the fewest WQEs a connection got; every WQE comes in ring
/// order per connection (its index counts on across the 2^16 wrap).
fn wqe_fetch_rate(conns: usize, lat: u64, total: u64) -> (f64, u64) {
    use braid_cosim::equiv::Bound;
    use braid_model::wqe_fetch::{Beat, WqeIn, WqeOutputs};
    use braid_model::CycleModel;
    use std::collections::VecDeque;
    let mut rtl = Bound::<WqeFetchTinyModel>::new().expect("wqe_fetch_tiny Verilated");
    let mut m = WqeFetchTinyModel::default();
    let mut o = WqeOutputs {
        cmd_ready: true,
        db_ready: true,
        cr_ready: true,
        rs_ready: true,
        ..Default::default()
    };
    let (mut taken, mut held, mut db) = (vec![0u16; conns], vec![0u8; conns], vec![0u16; conns]);
    let mut reads: VecDeque<(u64, u8, u8)> = VecDeque::new();
    let mut cur: Option<(u8, u8, u8)> = None;
    let (mut next_db, mut next_cr, mut delivered) = (0usize, 0usize, 0u64);
    let warm = 3_000u64;
    let mut count = vec![0u64; conns];
    for c in 0..total {
        let mut i = WqeIn {
            enable: true,
            rd_ready: true,
            wqe_ready: true,
            ..WqeIn::default()
        };
        if let Some(w) = o.wqe {
            let k = w.conn as usize;
            assert_eq!(w.index, taken[k], "conn {k} at cycle {c}");
            taken[k] = taken[k].wrapping_add(1);
            count[k] += 1;
            held[k] += 1;
            delivered += (c >= warm) as u64;
        }
        if c < 2 * conns as u64 {
            // CREATE: rings of 64 WQEs, one 4 KiB page each
            if c % 2 == 0 {
                i.cmd_valid = true;
                i.cmd_conn = c as u32 / 2;
                i.cmd_iova = 0x10_0000 * (c + 2);
                i.cmd_log2 = 6;
            }
        } else {
            if o.db_ready {
                // the driver keeps the ring full
                let k = next_db % conns;
                next_db += 1;
                let pi = taken[k].wrapping_add(64);
                if pi != db[k] {
                    db[k] = pi;
                    (i.db_valid, i.db_conn, i.db_pi) = (true, k as u16, pi);
                }
            }
            if o.cr_ready {
                if let Some(k) = (0..conns)
                    .map(|j| (next_cr + j) % conns)
                    .find(|&k| held[k] > 0)
                {
                    (i.cr_valid, i.cr_conn, i.cr_n) = (true, k as u32, held[k]);
                    held[k] = 0;
                    next_cr = k + 1;
                }
            }
        }
        if o.rd_valid {
            reads.push_back((c + lat, (o.rd_len / 64) as u8, o.rd_tag));
        }
        if cur.is_none() && reads.front().is_some_and(|r| r.0 <= c) {
            let (_, n, tag) = reads.pop_front().expect("a read");
            cur = Some((n, tag, 0));
        }
        if let Some((n, tag, k)) = cur {
            i.rs = Some(Beat {
                data: [0; 64],
                tag,
                last: k + 1 == n,
                err: false,
            });
            cur = (k + 1 < n).then_some((n, tag, k + 1));
        }
        o = m.step(&i);
        assert_eq!(o, rtl.step(&i), "cycle {c}: RTL differs, inputs {i:?}");
    }
    let rate = delivered as f64 / (total - warm) as f64;
    let fewest = count.iter().copied().min().unwrap_or(0);
    eprintln!(
        "wqe_fetch_tiny: {conns} connections, DMA latency {lat}: {rate:.3} WQEs per clock, at least {fewest} WQEs each"
    );
    (rate, fewest)
}

/// One WQE per clock (II = 1) once enough connections have work to cover
/// the per-connection credit round trip; with a long DMA latency the rate
/// is bounded by the 32-entry output queue that reserves room for every
/// beat in flight (about 32 WQEs per round trip). One connection alone
/// runs its indices past 2^16 (`ci`, `pi` and `wqe_index` wrap); the
/// round robin gives every connection an equal share.
#[test]
fn wqe_fetch_sustains_one_wqe_per_clock() {
    assert!(wqe_fetch_rate(8, 8, 15_000).0 > 0.999);
    // round robin: every connection gets its share
    let (rate, fewest) = wqe_fetch_rate(16, 0, 15_000);
    assert!(
        rate > 0.999 && fewest * 16 * 10 > 12_000 * 9,
        "{rate} {fewest}"
    );
    let (one, n) = wqe_fetch_rate(1, 0, 320_000);
    assert!(one > 0.2 && n > 1 << 16, "one connection: {one}, {n} WQEs");
    let far = wqe_fetch_rate(16, 30, 15_000).0;
    assert!(far > 0.6, "DMA latency 30: {far}");
}

fn wqe_fetch_step(
    uut: &mut braid_hdl::WqeFetchTiny,
    i: &braid_model::wqe_fetch::WqeIn,
) -> braid_model::wqe_fetch::WqeOutputs {
    use braid_model::wqe_fetch::{WqeFields, WqeOut, WqeOutputs};
    uut.enable.next = i.enable;
    uut.cmd_valid.next = i.cmd_valid;
    uut.cmd_op.next = i.cmd_op & 1 == 1;
    uut.cmd_conn.next = bits(i.cmd_conn as u64 & 15);
    uut.cmd_iova.next = bits(i.cmd_iova);
    uut.cmd_log2.next = bits(i.cmd_log2 as u64);
    uut.db_valid.next = i.db_valid;
    uut.db_conn.next = bits(i.db_conn as u64);
    uut.db_pi.next = bits(i.db_pi as u64);
    uut.cr_valid.next = i.cr_valid;
    uut.cr_conn.next = bits(i.cr_conn as u64 & 15);
    uut.cr_n.next = bits(i.cr_n as u64 & 15);
    uut.rd_ready.next = i.rd_ready;
    uut.rs_valid.next = i.rs.is_some();
    let b = i.rs.map_or([0u8; 64], |b| b.data);
    uut.rs_data.next = bits_le(&b);
    uut.rs_tag.next = bits(i.rs.map_or(0, |b| b.tag) as u64);
    uut.rs_last.next = i.rs.is_some_and(|b| b.last);
    uut.rs_err.next = i.rs.is_some_and(|b| b.err);
    uut.wqe_ready.next = i.wqe_ready;
    clock(uut, |u, c| u.clock.next = Clock::from(c));
    let v = |x: u64| x;
    let wqe = uut.wqe_valid.val().then(|| WqeOut {
        conn: uut.wqe_conn.val().to_u64() as u32,
        index: uut.wqe_index.val().to_u64() as u16,
        f: WqeFields {
            opcode: uut.wqe_opcode.val().to_u64() as u8,
            flags: uut.wqe_flags.val().to_u64() as u8,
            stream: uut.wqe_stream.val().to_u64() as u8,
            num_sge: uut.wqe_num_sge.val().to_u64() as u8,
            len: uut.wqe_len.val().to_u64() as u32,
            wr_id: v(uut.wqe_wr_id.val().to_u64()),
            imm: uut.wqe_imm.val().to_u64() as u32,
            rkey: uut.wqe_rkey.val().to_u64() as u32,
            remote_addr: uut.wqe_remote_addr.val().to_u64(),
            sge_addr: uut.wqe_sge_addr.val().to_u64(),
            sge_lkey: uut.wqe_sge_lkey.val().to_u64() as u32,
            sge_len: uut.wqe_sge_len.val().to_u64() as u32,
        },
        reason: uut.wqe_reason.val().to_u64() as u8,
    });
    if let Some(w) = wqe {
        assert_eq!(uut.wqe_bad.val(), w.reason != 0);
    } else {
        assert!(!uut.wqe_bad.val() && uut.wqe_wr_id.val().to_u64() == 0);
    }
    WqeOutputs {
        cmd_ready: uut.cmd_ready.val(),
        db_ready: uut.db_ready.val(),
        cr_ready: uut.cr_ready.val(),
        rd_valid: uut.rd_valid.val(),
        rd_addr: uut.rd_addr.val().to_u64(),
        rd_len: uut.rd_len.val().to_u64() as u16,
        rd_tag: uut.rd_tag.val().to_u64() as u8,
        rs_ready: uut.rs_ready.val(),
        wqe,
        res_valid: uut.res_valid.val(),
        res_op: uut.res_op.val().to_u64() as u8,
        res_conn: uut.res_conn.val().to_u64() as u32,
        res_refused: uut.res_refused.val(),
        res_n: uut.res_n.val().to_u64() as u8,
        cnt_db_refused: uut.cnt_db_refused.val().to_u64() as u32,
        cnt_cr_refused: uut.cnt_cr_refused.val().to_u64() as u32,
        cnt_bad_wqe: uut.cnt_bad_wqe.val().to_u64() as u32,
        cnt_stray: uut.cnt_stray.val().to_u64() as u32,
    }
}

/// The tiny WQE fetcher in RustHDL's own simulator against the model
/// (the FIFOs' registered reads, the hazard stalls, the response match).
#[test]
fn wqe_fetch_rusthdl_matches_model() {
    use braid_model::wqe_fetch::WqeStim;
    use braid_model::WqeFetchTinyModel;
    for seed in seeds(&[0x7fe7, 0x1b]) {
        let mut uut = braid_hdl::WqeFetchTiny::default();
        uut.connect_all();
        assert!(simulate(&mut uut, 1000));
        let mut model = WqeFetchTinyModel::default();
        let mut stim = WqeStim::<4>::new(seed);
        let n = 12_000;
        let t = std::time::Instant::now();
        for cycle in 0..n {
            let i = stim.next(cycle);
            let want = model.step(&i);
            let got = wqe_fetch_step(&mut uut, &i);
            stim.observe(&want);
            assert_eq!(
                want, got,
                "RustHDL wqe_fetch differs from the model at cycle {cycle} (seed {seed:#x}), inputs {i:?}"
            );
        }
        eprintln!(
            "wqe_fetch_tiny (RustHDL simulator): {n} cycles equal (seed {seed:#x}), {:.0} cycles/s",
            n as f64 / t.elapsed().as_secs_f64()
        );
    }
}
