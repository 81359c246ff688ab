//! `segmenter`: its cycle model against the RTL block, in Verilator (every
//! output on every clock, seeded random stimulus biased toward the
//! edges) and in RustHDL's own simulator (a short seeded run).

use crate::common::*;
use braid_model::*;
use braid_tests::{assert_equiv, equiv_cycles, seeds};
use rust_hdl::prelude::*;

#[test]
fn segmenter_matches_model() {
    let n = equiv_cycles();
    for seed in seeds(&[0x5e9, 0x5e9a]) {
        assert_equiv::<SegmenterModel>(seed, n);
    }
}

#[test]
fn segmenter_tiny_matches_model() {
    let n = equiv_cycles();
    for seed in seeds(&[0x5e9b, 0x5e9c]) {
        assert_equiv::<SegmenterTinyModel>(seed, n);
    }
}

/// Runs the segmenter model under its closed-loop stimulus and checks the
/// transport rules on every descriptor the consumer takes and every
/// completion record; returns the statistics for the coverage test.
fn segmenter_check<const CB: usize>(seed: u64, cycles: u64) -> SegStats {
    use braid_model::segmenter::{SegStim, SegWqe, SegmenterModelG};
    use braid_spec::state::SEG_WQE_SLOTS;
    use braid_spec::wire::braid::Flags;
    use std::collections::{HashMap, VecDeque};
    #[derive(Default)]
    struct Conn {
        taken: VecDeque<SegWqe>,
        cur: Option<(SegWqe, u32, u32)>, // message, next offset, msn
        csn: u32,
        msn: [u32; 4],
        rsn: [u32; 4],
        cm_good: VecDeque<(u64, u32)>,
        done: VecDeque<SegWqe>,
        cms: u64,
        mcs: u64,
        started: u64,
        full: bool,
        last_take: Option<u64>,
        // ring indices taken, in posting order (each completes once)
        order: VecDeque<u16>,
        // FLUSH taken: (cycle, first ring index sent after it)
        flushed: Option<(u64, u16)>,
        pkts_after_flush: u64,
    }
    // the connection's state of the incarnation ring index `idx` belongs
    // to: the current one, or the one before the last INIT
    fn pick<'a>(
        conns: &'a mut HashMap<u32, Conn>,
        old: &'a mut HashMap<u32, Conn>,
        conn: u32,
        cur: bool,
    ) -> &'a mut Conn {
        if cur {
            conns.entry(conn).or_default()
        } else {
            old.get_mut(&conn).expect("an earlier incarnation")
        }
    }
    let mut m = SegmenterModelG::<CB>::default();
    let mut stim = SegStim::<CB>::new(seed);
    let mut st = SegStats::default();
    let mut conns: HashMap<u32, Conn> = HashMap::new();
    let mut old: HashMap<u32, Conn> = HashMap::new();
    let mut prev = m.step(&Default::default());
    let blocked = stim.conns[0].conn;
    let mut mtus = [false; 4];
    let mut prev_pd: Option<(u64, u32)> = None;
    for cycle in 0..cycles {
        let i = stim.next(cycle);
        mtus[i.mtu_code as usize] = true;
        let ctx = || format!("seed {seed:#x} cycle {cycle}");
        // the inputs taken in this clock
        if let (Some(w), true) = (i.wqe, prev.w_ready) {
            let c = conns.entry(w.conn).or_default();
            if c.last_take.is_some_and(|t| cycle - t <= 4) {
                st.b2b_wqes += 1;
            }
            c.last_take = Some(cycle);
            c.taken.push_back(w);
            c.order.push_back(w.idx);
        }
        if let (Some(c), true) = (i.mc, prev.mc_ready) {
            conns.entry(c).or_default().mcs += 1;
        }
        // the descriptor taken in this clock
        if let (Some(p), true) = (prev.pd, i.pd_ready) {
            st.pkts += 1;
            let k = stim.conns.iter().position(|c| c.conn == p.conn).unwrap();
            let cur = stim.current(k, p.wqe_idx);
            let acked = stim.conns[k].acked;
            let d = p.csn.wrapping_sub(acked);
            // (the peer's ACK state is the current incarnation's)
            assert!(
                !cur || d < 256,
                "{}: CSN window exceeded: csn {} acked {acked}",
                ctx(),
                p.csn
            );
            if cur {
                st.max_window = st.max_window.max(d);
            } else {
                st.old_pkts += 1;
            }
            st.opcodes |= 1 << (p.opcode & 7);
            if prev_pd.is_some_and(|(t, c)| t + 1 == cycle && c == p.conn) {
                st.b2b_pkts += 1;
            }
            prev_pd = Some((cycle, p.conn));
            if p.conn == blocked && stim.conns[0].mute_until > cycle {
                st.blocked_pkts += 1;
            } else if stim.conns[0].mute_until > cycle + 1000 {
                st.pkts_while_muted += 1;
            }
            let c = pick(&mut conns, &mut old, p.conn, cur);
            if let Some((tf, _)) = c.flushed {
                // after a FLUSH only what the pipeline and the descriptor
                // FIFO (16) held comes out
                if cycle > tf {
                    c.pkts_after_flush += 1;
                    st.pkts_after_flush = st.pkts_after_flush.max(c.pkts_after_flush);
                    assert!(c.pkts_after_flush <= 24, "{}: packets after FLUSH", ctx());
                }
            }
            assert_eq!(p.csn, c.csn, "{}: CSN not consecutive", ctx());
            // the window was full at the previous packet: an ACK reopened it
            st.reopened += c.full as u64;
            c.full = d == 255;
            c.csn = c.csn.wrapping_add(1);
            let first = p.flags & Flags::FIRST != 0;
            let last = p.flags & Flags::LAST != 0;
            if first {
                assert!(c.cur.is_none(), "{}: FIRST inside a message", ctx());
                // earlier WQEs of the connection were bad or refused
                let w = loop {
                    let w = c.taken.pop_front().expect("a taken WQE for the packet");
                    if w.idx == p.wqe_idx {
                        break w;
                    }
                    c.done.push_back(w);
                };
                let s = (w.stream & 3) as usize;
                assert!(!w.is_bad(), "{}: a bad WQE was sent", ctx());
                assert_eq!(p.msn, c.msn[s], "{}: MSN not consecutive", ctx());
                c.msn[s] = c.msn[s].wrapping_add(1);
                assert_eq!(p.rsn, c.rsn[s], "{}: RSN", ctx());
                if w.opcode >= 3 {
                    c.rsn[s] = (c.rsn[s] + 1) & 0xff_ffff;
                }
                c.cur = Some((w, 0, p.msn));
                c.started += 1;
                // messages started (as seen by the consumer) and not yet
                // returned never exceed the message window
                assert!(
                    c.started - c.mcs <= 32,
                    "{}: {} messages started and not returned",
                    ctx(),
                    c.started - c.mcs
                );
                st.msgs += 1;
                st.zero_len += (w.len == 0) as u64;
            }
            let (w, off, msn) = c.cur.expect("a packet outside a message");
            assert_eq!(p.offset, off, "{}: offset", ctx());
            assert_eq!(p.msn, msn, "{}: MSN inside a message", ctx());
            assert_eq!(
                (p.opcode, p.stream, p.msg_len, p.imm, p.lkey, p.rkey, p.wqe_idx),
                (w.opcode, w.stream & 3, w.len, w.imm, w.lkey, w.rkey, w.idx),
                "{}: fields",
                ctx()
            );
            assert_eq!(p.addr, w.sge_addr.wrapping_add(off as u64), "{}", ctx());
            assert_eq!(p.raddr, w.raddr.wrapping_add(off as u64), "{}", ctx());
            assert_eq!(
                p.flags & Flags::SOLICITED != 0,
                w.flags & 2 != 0,
                "{}",
                ctx()
            );
            let end = off as u64 + p.len as u64;
            assert!(end <= w.len as u64, "{}: beyond the message", ctx());
            assert_eq!(last, end == w.len as u64, "{}: LAST", ctx());
            if !last {
                assert!(
                    [1024, 2048, 4096, 8192].contains(&p.len),
                    "{}: a non-last packet of {} bytes",
                    ctx(),
                    p.len
                );
            } else {
                assert!(p.len <= 8192 && (p.len > 0 || w.len == 0), "{}", ctx());
                c.cur = None;
                let (wr_id, lcsn) = c.cm_good.pop_front().expect("completion before LAST");
                assert_eq!(
                    (wr_id, lcsn),
                    (w.wr_id, p.csn),
                    "{}: completion record",
                    ctx()
                );
                st.multi += (off > 0) as u64;
            }
            if !last {
                c.cur = Some((w, end as u32, msn));
            }
        }
        let before: Vec<(u64, u64)> = stim.conns.iter().map(|c| (c.inits, c.flushes)).collect();
        let o = m.step(&i);
        stim.observe(&o);
        // commands taken in this clock
        for (k, &(ni, nf)) in before.iter().enumerate() {
            let sc = stim.conns[k].clone();
            if sc.flushes != nf {
                st.flushes += 1;
                // WQEs buffered or in flight; connection 0 muted: its
                // windows closed
                st.flush_with_wqes += (sc.credits < SEG_WQE_SLOTS as i32) as u64;
                st.flush_blocked += (k == 0 && sc.mute_until > cycle) as u64;
                let c = conns.entry(sc.conn).or_default();
                c.flushed = Some((cycle, sc.flush_idx));
                st.flush_half += c.cur.is_some() as u64;
            }
            if sc.inits != ni {
                st.inits += 1;
                let c = conns.remove(&sc.conn).unwrap_or_default();
                st.init_with_wqes += (c.flushed.is_none() && !c.taken.is_empty()) as u64;
                st.init_blocked += (k == 0 && sc.mute_until > cycle) as u64;
                old.insert(sc.conn, c);
            }
        }
        st.sc_stalls += (i.cmd.is_some() && !prev.sc_ready) as u64;
        // one credit with every completion (the slot is freed then)
        assert_eq!(o.cr, o.cm.map(|r| r.conn), "{}: credit", ctx());
        st.credits += o.cr.is_some() as u64;
        if let Some(r) = o.cm {
            let k = stim.conns.iter().position(|c| c.conn == r.conn).unwrap();
            let cur = stim.current(k, r.wqe_idx);
            let c = pick(&mut conns, &mut old, r.conn, cur);
            // every WQE completes once, in posting order (a WQE refused
            // for a full buffer never completes)
            loop {
                let x = c.order.pop_front().expect("a taken WQE for the completion");
                if x == r.wqe_idx {
                    break;
                }
                st.skipped += 1;
            }
            if r.status != braid_spec::host::CQE_FLUSHED {
                c.cms += 1;
            }
            let out = c.cms - c.mcs;
            assert!(out <= 32, "{}: {out} messages outstanding", ctx());
            st.max_outst = st.max_outst.max(out);
            if r.status == braid_spec::host::CQE_FLUSHED {
                let (_, fidx) = c
                    .flushed
                    .expect("FLUSHED completion of a flushed connection");
                st.flushed += 1;
                st.wqe_after_flush += (r.wqe_idx.wrapping_sub(fidx) < 0x8000) as u64;
                if c.cur.is_some_and(|(w, ..)| w.idx == r.wqe_idx) {
                    // the message half sent: its MSN
                    assert_eq!(r.msn, c.cur.unwrap().2, "{}: flushed MSN", ctx());
                    st.half_flushed += 1;
                }
            } else if r.status == braid_spec::host::CQE_OK {
                c.cm_good.push_back((r.wr_id, r.last_csn));
            } else {
                assert_eq!(r.status, braid_spec::host::CQE_BAD_WQE);
                st.bad_wqes += 1;
                c.started += 1;
                // a WQE taken earlier and not sent
                let w = if let Some(k) = c.done.iter().position(|w| w.wr_id == r.wr_id) {
                    c.done.remove(k).unwrap()
                } else {
                    let k = c.taken.iter().position(|w| w.wr_id == r.wr_id);
                    c.taken
                        .remove(k.expect("a taken WQE for the bad completion"))
                        .unwrap()
                };
                assert!(w.is_bad(), "{}: a good WQE completed bad", ctx());
            }
        }
        st.bad_acks = o.cnt_bad_ack as u64;
        st.bad_mcs = o.cnt_bad_mc as u64;
        st.over = o.cnt_wqe_over as u64;
        st.no_conn = o.cnt_no_conn as u64;
        st.stalls += (o.pd.is_some() && !i.pd_ready) as u64;
        prev = o;
    }
    assert!(
        st.skipped <= st.over,
        "seed {seed:#x}: WQEs never completed: {st:?}"
    );
    st.mtus = mtus.iter().filter(|x| **x).count();
    eprintln!("segmenter check (seed {seed:#x}): {st:?}");
    st
}

#[derive(Debug, Default)]
struct SegStats {
    pkts: u64,
    msgs: u64,
    multi: u64,
    zero_len: u64,
    bad_wqes: u64,
    bad_acks: u64,
    bad_mcs: u64,
    over: u64,
    stalls: u64,
    max_window: u32,
    max_outst: u64,
    blocked_pkts: u64,
    pkts_while_muted: u64,
    mtus: usize,
    opcodes: u32,
    reopened: u64,
    credits: u64,
    b2b_pkts: u64,
    b2b_wqes: u64,
    old_pkts: u64,
    pkts_after_flush: u64,
    flushes: u64,
    flush_with_wqes: u64,
    flush_blocked: u64,
    flush_half: u64,
    inits: u64,
    init_with_wqes: u64,
    init_blocked: u64,
    sc_stalls: u64,
    skipped: u64,
    flushed: u64,
    half_flushed: u64,
    wqe_after_flush: u64,
    no_conn: u64,
}

/// Every byte of every message is covered once, in order, CSNs and MSNs
/// are consecutive, the windows hold, completions come in posting order
/// with the last CSN, and a blocked connection does not stop the others.
#[test]
fn segmenter_behaviour() {
    for seed in seeds(&[0x5e9, 0x5e9a]) {
        let st = segmenter_check::<10>(seed, 200_000);
        assert!(
            st.msgs > 2000 && st.multi > 200 && st.zero_len > 50,
            "{st:?}"
        );
        assert!(st.pkts_while_muted > 5000, "others stopped: {st:?}");
        let st = segmenter_check::<4>(seed, 100_000);
        assert!(st.msgs > 1000, "{st:?}");
    }
}

/// The stimulus reaches the edges: full CSN window and its reopening by
/// an ACK, full message window, refused ACKs, returns and WQEs, bad WQEs,
/// zero-length and multi-packet messages, every opcode, credit returns,
/// backpressure, back-to-back operations of one connection, every MTU.
#[test]
fn segmenter_stimulus_covers_the_edges() {
    for seed in [0x5e9, 0x5e9a] {
        let st = segmenter_check::<10>(seed, 200_000);
        assert!(st.max_window == 255 && st.reopened >= 2, "{st:?}");
        assert!(st.max_outst == 32, "{st:?}");
        assert!(
            st.bad_wqes > 20 && st.bad_acks > 5 && st.bad_mcs > 5,
            "{st:?}"
        );
        assert!(st.over > 0 && st.stalls > 1000 && st.mtus == 4, "{st:?}");
        assert!(st.zero_len > 50 && st.multi > 200, "{st:?}");
        assert_eq!(st.opcodes, 0b1_1110, "every opcode sent: {st:?}");
        assert!(st.credits > 1000, "{st:?}");
        assert!(st.b2b_pkts > 0 && st.b2b_wqes > 1000, "{st:?}");
        // INIT and FLUSH: with WQEs buffered, a message half sent, the
        // windows closed, WQEs after the FLUSH, refused ACKs/returns of an
        // invalid connection, descriptors of an earlier incarnation
        assert!(st.flushes > 20 && st.inits > 20, "{st:?}");
        assert!(st.flush_with_wqes > 5 && st.init_with_wqes > 2, "{st:?}");
        assert!(st.flush_blocked > 0 && st.init_blocked > 0, "{st:?}");
        assert!(st.flush_half > 0 && st.half_flushed > 0, "{st:?}");
        assert!(st.flushed > 50 && st.wqe_after_flush > 5, "{st:?}");
        assert!(
            st.no_conn > 5 && st.old_pkts > 0 && st.sc_stalls > 0,
            "{st:?}"
        );
    }
}

fn segmenter_step(
    uut: &mut braid_hdl::SegmenterTiny,
    i: &braid_model::segmenter::SegIn,
) -> braid_model::segmenter::SegOut {
    use braid_model::segmenter::{SegCompl, SegOut, SegPkt};
    uut.mtu_code.next = bits(i.mtu_code as u64 & 3);
    let w = i.wqe.unwrap_or_default();
    uut.w_valid.next = i.wqe.is_some();
    uut.w_conn.next = bits(w.conn as u64 & 15);
    uut.w_idx.next = bits(w.idx as u64);
    uut.w_opcode.next = bits(w.opcode as u64);
    uut.w_flags.next = bits(w.flags as u64);
    uut.w_stream.next = bits(w.stream as u64);
    uut.w_len.next = bits(w.len as u64);
    uut.w_wr_id.next = bits(w.wr_id);
    uut.w_imm.next = bits(w.imm as u64);
    uut.w_rkey.next = bits(w.rkey as u64);
    uut.w_raddr.next = bits(w.raddr);
    uut.w_sge_addr.next = bits(w.sge_addr);
    uut.w_lkey.next = bits(w.lkey as u64);
    uut.w_bad.next = w.bad;
    let (ac, ab) = i.ack.unwrap_or((0, 0));
    uut.ack_valid.next = i.ack.is_some();
    uut.ack_conn.next = bits(ac as u64 & 15);
    uut.ack_csn_base.next = bits(ab as u64);
    uut.mc_valid.next = i.mc.is_some();
    uut.mc_conn.next = bits(i.mc.unwrap_or(0) as u64 & 15);
    uut.pd_ready.next = i.pd_ready;
    let (sf, sc) = i.cmd.unwrap_or((false, 0));
    uut.sc_valid.next = i.cmd.is_some();
    uut.sc_op.next = sf;
    uut.sc_conn.next = bits(sc as u64 & 15);
    clock(uut, |u, c| u.clock.next = Clock::from(c));
    SegOut {
        w_ready: uut.w_ready.val(),
        sc_ready: uut.sc_ready.val(),
        ack_ready: uut.ack_ready.val(),
        mc_ready: uut.mc_ready.val(),
        pd: uut.pd_valid.val().then(|| SegPkt {
            conn: uut.pd_conn.val().to_u64() as u32,
            csn: uut.pd_csn.val().to_u64() as u32,
            msn: uut.pd_msn.val().to_u64() as u32,
            stream: uut.pd_stream.val().to_u64() as u8,
            opcode: uut.pd_opcode.val().to_u64() as u8,
            flags: uut.pd_flags.val().to_u64() as u8,
            offset: uut.pd_offset.val().to_u64() as u32,
            len: uut.pd_len.val().to_u64() as u16,
            addr: uut.pd_addr.val().to_u64(),
            lkey: uut.pd_lkey.val().to_u64() as u32,
            raddr: uut.pd_raddr.val().to_u64(),
            rkey: uut.pd_rkey.val().to_u64() as u32,
            imm: uut.pd_imm.val().to_u64() as u32,
            msg_len: uut.pd_msg_len.val().to_u64() as u32,
            rsn: uut.pd_rsn.val().to_u64() as u32,
            wqe_idx: uut.pd_wqe_idx.val().to_u64() as u16,
        }),
        cm: uut.cm_valid.val().then(|| SegCompl {
            conn: uut.cm_conn.val().to_u64() as u32,
            last_csn: uut.cm_last_csn.val().to_u64() as u32,
            wr_id: uut.cm_wr_id.val().to_u64(),
            signaled: uut.cm_signaled.val(),
            stream: uut.cm_stream.val().to_u64() as u8,
            msn: uut.cm_msn.val().to_u64() as u32,
            len: uut.cm_len.val().to_u64() as u32,
            opcode: uut.cm_opcode.val().to_u64() as u8,
            status: uut.cm_status.val().to_u64() as u8,
            wqe_idx: uut.cm_wqe_idx.val().to_u64() as u16,
        }),
        cr: uut
            .cr_valid
            .val()
            .then(|| uut.cr_conn.val().to_u64() as u32),
        cnt_bad_ack: uut.cnt_bad_ack.val().to_u64() as u16,
        cnt_bad_mc: uut.cnt_bad_mc.val().to_u64() as u16,
        cnt_wqe_over: uut.cnt_wqe_over.val().to_u64() as u16,
        cnt_no_conn: uut.cnt_no_conn.val().to_u64() as u16,
    }
}

#[test]
fn segmenter_tiny_rusthdl_matches_model() {
    use braid_model::segmenter::SegStim;
    use braid_model::SegmenterTinyModel;
    for seed in seeds(&[0x5e9d]) {
        let mut uut = braid_hdl::SegmenterTiny::default();
        uut.connect_all();
        assert!(simulate(&mut uut, 1000));
        let mut model = SegmenterTinyModel::default();
        let mut stim = SegStim::<4>::new(seed);
        // past the first long mute of connection 0 (cycles 1,000 to 7,000:
        // its windows close, then ACKs reopen them)
        let t = std::time::Instant::now();
        let n = 20_000;
        for cycle in 0..n {
            let i = stim.next(cycle);
            let want = model.step(&i);
            let got = segmenter_step(&mut uut, &i);
            stim.observe(&want);
            assert_eq!(
                want, got,
                "RustHDL segmenter_tiny differs from the model at cycle {cycle} (seed {seed:#x}), inputs {i:?}"
            );
        }
        eprintln!(
            "segmenter_tiny (RustHDL simulator): {n} cycles equal (seed {seed:#x}), {:.0} cycles/s",
            n as f64 / t.elapsed().as_secs_f64()
        );
    }
}
