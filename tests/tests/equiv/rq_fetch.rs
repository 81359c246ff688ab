//! `rq_fetch`: its cycle model against the RTL block, in Verilator (every
//! output on every clock, seeded random stimulus biased toward the
//! edges) and in RustHDL's own simulator (a short seeded run).

use crate::common::*;
use braid_model::*;
use braid_tests::{assert_equiv, equiv_cycles, seeds};
use rust_hdl::prelude::*;

#[test]
fn rq_fetch_matches_model() {
    let n = equiv_cycles();
    for seed in seeds(&[0x5eceb, 0x71]) {
        assert_equiv::<RqFetchModel>(seed, n);
    }
}

#[test]
fn rq_fetch_tiny_matches_model() {
    let n = equiv_cycles();
    for seed in seeds(&[0x9ecf, 0x2c]) {
        assert_equiv::<RqFetchTinyModel>(seed, n);
    }
}

/// The receive-queue fetcher's stimulus reaches every edge: every MATCH
/// result code, the cache full (32 fetched), reads cut at the ring's end and
/// at 4 KiB, every read size 1..=8 (odd ones end with a half beat), failed
/// and mangled reads, stray beats, DESTROYs with reads in flight (their
/// LANDs dropped), a MATCH of the slot written on the same edge, CONSUMEs
/// of one context back to back and refused ones, refused doorbells and
/// CREATEs, empty fetch looks and kicked ones, every read slot in use,
/// doorbells and commands held behind CONSUME traffic.
#[test]
fn rq_fetch_stimulus_covers_the_edges() {
    use braid_model::rq_fetch::{
        RqStim, CODE_BUFFER_TOO_SMALL, CODE_LATE, CODE_MALFORMED, CODE_NO_CONTEXT,
        CODE_NO_RECV_BUFFER, CODE_OK,
    };
    // the seeds and length of `rq_fetch_tiny_matches_model`
    for seed in seeds(&[0x9ecf, 0x2c]) {
        let mut m = RqFetchTinyModel::default();
        let mut stim = RqStim::<4>::new(seed);
        let mut o = Default::default();
        for c in 0..equiv_cycles() {
            let i = stim.next(c);
            o = m.step(&i);
            stim.observe(&o);
        }
        let o: braid_model::rq_fetch::RqOutputs = o;
        let v = m.cov;
        eprintln!("seed {seed:#x}: {v:?}, counters {o:?}");
        for code in [
            CODE_OK,
            CODE_NO_RECV_BUFFER,
            CODE_MALFORMED,
            CODE_BUFFER_TOO_SMALL,
            CODE_LATE,
            CODE_NO_CONTEXT,
        ] {
            assert!(v.codes[code as usize] > 20, "seed {seed:#x}: code {code}");
        }
        for (n, k) in v.sizes.iter().enumerate().skip(1) {
            assert!(*k > 5, "seed {seed:#x}: reads of {n} RQEs: {k}");
        }
        for (what, k) in [
            ("cache full", v.cache_full),
            ("ring-end reads", v.ring_end),
            ("4 KiB reads", v.page),
            ("odd reads", v.odd),
            ("destroys with reads in flight", v.destroy_inflight),
            ("LANDs dropped", v.land_dropped),
            ("failed reads", v.land_err),
            ("MATCH of the slot being written", v.match_written),
            ("CONSUMEs back to back", v.consume_b2b),
            ("CONSUMEs refused", v.consume_refused),
            ("doorbells refused", v.db_refused),
            ("CREATEs refused", v.create_refused),
            ("empty fetch looks", v.fetch_zero),
            ("kicked looks", v.kicked),
            ("doorbells/commands held", v.slow_held),
            ("fetches waiting for a read slot", v.fetch_full),
        ] {
            assert!(k > 2, "seed {seed:#x}: {what} {k}");
        }
        assert!(o.cnt_rs_err > 5 && o.cnt_db_refused > 20 && o.cnt_consume_refused > 20);
    }
}

/// A golden host: receive rings in host memory, receives posted with
/// doorbells, reads answered from the rings; senders MATCH the packets of
/// one message per ring in RSN order (retrying NO_RECV_BUFFER), and a
/// completed message is CONSUMEd. Every placement address, lkey, buffer
/// length and every consumed `wr_id` is the posted RQE's exactly (the
/// Verilated default build).
#[test]
fn rq_fetch_places_sends_at_the_posted_buffers() {
    use braid_cosim::equiv::Bound;
    use braid_model::rq_fetch::{MatchIn, RqBeat, RqIn, RqOutputs, Rqe, CODE_NO_RECV_BUFFER};
    use rand::{Rng, SeedableRng};
    use std::collections::{HashMap, VecDeque};
    struct Ring {
        conn: u32,
        stream: u8,
        iova: u64,
        log2: u8,
        posted: u32,
        consumed: u32,
        rqes: HashMap<u32, Rqe>,
        msg: u32,
        msg_len: u32,
        off: u32,
        busy: bool,
        done: bool,
    }
    for seed in seeds(&[0x51de, 0xfeed5]) {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut rtl = Bound::<RqFetchModel>::new().expect("rq_fetch Verilated");
        let mut rings: Vec<Ring> = Vec::new();
        for (k, conn) in [0u32, 5, 1023].into_iter().enumerate() {
            let log2 = 3 + k as u8;
            let iova = ((k as u64 + 7) << 20) + 4096 - 32 * 5;
            for stream in [0u8, 3] {
                rings.push(Ring {
                    conn,
                    stream,
                    iova,
                    log2,
                    posted: 0,
                    consumed: 0,
                    rqes: HashMap::new(),
                    msg: 0,
                    msg_len: 0,
                    off: 0,
                    busy: false,
                    done: true,
                });
            }
        }
        let ring_at = |r: &Ring, rsn: u32| {
            r.iova
                .wrapping_add((r.stream as u64) << (r.log2 + 5))
                .wrapping_add(32 * (rsn as u64 & ((1 << r.log2) - 1)))
        };
        let mut host: HashMap<u64, [u8; 32]> = HashMap::new();
        let mut o = RqOutputs {
            cmd_ready: true,
            db_ready: true,
            ..RqOutputs::default()
        };
        // create every ring
        let mut todo: VecDeque<usize> = (0..rings.len()).collect();
        let mut created = 0;
        for _ in 0..200 {
            let mut i = RqIn::default();
            if o.cmd_ready {
                if let Some(k) = todo.pop_front() {
                    let r = &rings[k];
                    i.cmd_valid = true;
                    i.cmd_conn = r.conn;
                    i.cmd_stream = r.stream;
                    i.cmd_iova = r.iova;
                    i.cmd_log2 = r.log2;
                }
            }
            o = rtl.step(&i);
            if let Some(res) = o.res {
                assert!(!res.refused, "seed {seed:#x}: CREATE refused {res:?}");
                created += 1;
            }
        }
        assert_eq!(created, rings.len());
        let mut reads: VecDeque<(u64, u16, u8, u64)> = VecDeque::new();
        let mut beat = 0u8;
        let mut mq: VecDeque<(usize, MatchIn)> = VecDeque::new();
        let mut cq: VecDeque<(usize, u32)> = VecDeque::new();
        let mut cs_wait: VecDeque<(usize, u32)> = VecDeque::new();
        let (mut placed, mut retries, mut consumed) = (0u64, 0u64, 0u64);
        for c in 0..120_000u64 {
            let mut i = RqIn::default();
            // post receives
            if o.db_ready && rng.gen_bool(0.2) {
                let k = rng.gen_range(0..rings.len());
                let r = &mut rings[k];
                let room = (r.consumed + (1 << r.log2)) - r.posted;
                if room > 0 {
                    for _ in 0..rng.gen_range(1..=room.min(6)) {
                        let e = Rqe {
                            wr_id: rng.gen(),
                            addr: if rng.gen_bool(0.1) {
                                u64::MAX - rng.gen_range(0..70_000)
                            } else {
                                rng.gen::<u64>() >> 4
                            },
                            lkey: rng.gen(),
                            len: rng.gen_range(0..20_000),
                        };
                        let rsn = r.posted;
                        host.insert(ring_at(r, rsn), e.encode());
                        r.rqes.insert(rsn, e);
                        r.posted += 1;
                    }
                    i.db_valid = true;
                    i.db_pi = r.posted as u16;
                    i.db_stream = r.stream;
                    i.db_conn = r.conn as u16;
                }
            }
            // the DMA side
            i.rd_ready = rng.gen_bool(0.7);
            if o.rd_valid && i.rd_ready {
                let lat = rng.gen_range(5..60);
                reads.push_back((o.rd_addr, o.rd_len, o.rd_tag, c + lat));
            }
            if let Some(&(a, l, tag, at)) = reads.front() {
                if at <= c && rng.gen_bool(0.8) {
                    let n = (l / 32) as u8;
                    let nb = n.div_ceil(2);
                    let mut data = [0u8; 64];
                    for lane in 0..2u8 {
                        if 2 * beat + lane < n {
                            let x = host
                                .get(&(a + 32 * (2 * beat + lane) as u64))
                                .copied()
                                .unwrap_or_else(|| {
                                    panic!("seed {seed:#x}: read of {a:#x} outside the rings")
                                });
                            data[32 * lane as usize..32 * lane as usize + 32].copy_from_slice(&x);
                        }
                    }
                    i.rs = Some(RqBeat {
                        data,
                        tag,
                        last: beat + 1 == nb,
                        err: false,
                    });
                    beat += 1;
                    if beat == nb {
                        beat = 0;
                        reads.pop_front();
                    }
                }
            }
            // a sender's next packet
            let k = rng.gen_range(0..rings.len());
            let r = &mut rings[k];
            if !r.busy {
                if r.done {
                    if let Some(e) = r.rqes.get(&r.msg) {
                        r.msg_len = rng.gen_range(0..=e.len);
                        r.off = 0;
                        r.done = false;
                    }
                }
                if !r.done {
                    let len = (r.msg_len - r.off).min(rng.gen_range(1..=4096)) as u16;
                    let m = MatchIn {
                        tag: c as u16,
                        conn: r.conn,
                        stream: r.stream,
                        rsn: r.msg,
                        offset: r.off,
                        len,
                        msg_len: r.msg_len,
                    };
                    i.m = Some(m);
                    r.busy = true;
                    mq.push_back((k, m));
                }
            }
            // a completed message's CONSUME
            if let Some((k, rsn)) = cq.pop_front() {
                i.cs = Some((rings[k].conn, rings[k].stream));
                cs_wait.push_back((k, rsn));
            }
            o = rtl.step(&i);
            if let Some(res) = o.res {
                assert!(
                    !res.refused,
                    "seed {seed:#x} cycle {c}: doorbell refused {res:?}"
                );
            }
            if let Some(mo) = o.m {
                let (k, m) = mq.pop_front().expect("a MATCH result without a MATCH");
                let r = &mut rings[k];
                r.busy = false;
                assert_eq!(mo.tag, m.tag);
                if mo.code == CODE_NO_RECV_BUFFER {
                    retries += 1;
                } else {
                    let e = r.rqes[&m.rsn];
                    assert!(
                        mo.ok
                            && mo.addr == e.addr.wrapping_add(m.offset as u64)
                            && mo.lkey == e.lkey
                            && mo.buf_len == e.len,
                        "seed {seed:#x} cycle {c}: {m:?} gave {mo:?}, posted {e:?}"
                    );
                    placed += 1;
                    r.off += m.len as u32;
                    if r.off == r.msg_len {
                        r.done = true;
                        cq.push_back((k, r.msg));
                        r.msg += 1;
                    }
                }
            }
            if let Some(co) = o.cs {
                let (k, rsn) = cs_wait
                    .pop_front()
                    .expect("a CONSUME result without a CONSUME");
                let r = &mut rings[k];
                let e = r.rqes.remove(&rsn).expect("posted");
                assert!(
                    co.ok && co.wr_id == e.wr_id && co.len == e.len,
                    "seed {seed:#x} cycle {c}: CONSUME of rsn {rsn} gave {co:?}, posted {e:?}"
                );
                r.consumed += 1;
                consumed += 1;
            }
        }
        let wrapped = rings.iter().filter(|r| r.consumed > 4 << r.log2).count();
        eprintln!(
            "seed {seed:#x}: {placed} packets placed, {retries} NO_RECV_BUFFER retries, {consumed} receives consumed, {wrapped} of {} rings wrapped 4 times, counters db {} cs {} rs {}",
            rings.len(),
            o.cnt_db_refused,
            o.cnt_consume_refused,
            o.cnt_rs_err
        );
        assert!(placed > 10_000 && consumed > 2_000 && wrapped == rings.len());
        assert_eq!(
            (o.cnt_db_refused, o.cnt_consume_refused, o.cnt_rs_err),
            (0, 0, 0)
        );
    }
}

fn rq_fetch_step(
    uut: &mut braid_hdl::RqFetchTiny,
    i: &braid_model::rq_fetch::RqIn,
) -> braid_model::rq_fetch::RqOutputs {
    use braid_model::rq_fetch::{ConsumeOut, MatchOut, RqOutputs, RqRes};
    uut.cmd_valid.next = i.cmd_valid;
    uut.cmd_op.next = i.cmd_op & 1 == 1;
    uut.cmd_conn.next = bits(i.cmd_conn as u64 & 15);
    uut.cmd_stream.next = bits(i.cmd_stream as u64 & 3);
    uut.cmd_iova.next = bits(i.cmd_iova);
    uut.cmd_log2.next = bits(i.cmd_log2 as u64 & 15);
    uut.db_valid.next = i.db_valid;
    uut.db_pi.next = bits(i.db_pi as u64);
    uut.db_stream.next = bits(i.db_stream as u64 & 15);
    uut.db_conn.next = bits(i.db_conn as u64 & 0xfff);
    uut.rd_ready.next = i.rd_ready;
    uut.rs_valid.next = i.rs.is_some();
    let b = i.rs.map_or([0u8; 64], |b| b.data);
    uut.rs_data.next = bits_le(&b);
    uut.rs_tag.next = bits(i.rs.map_or(0, |b| b.tag) as u64);
    uut.rs_last.next = i.rs.is_some_and(|b| b.last);
    uut.rs_err.next = i.rs.is_some_and(|b| b.err);
    let m = i.m.unwrap_or_default();
    uut.m_valid.next = i.m.is_some();
    uut.m_tag.next = bits(m.tag as u64);
    uut.m_conn.next = bits(m.conn as u64 & 15);
    uut.m_stream.next = bits(m.stream as u64 & 3);
    uut.m_rsn.next = bits(m.rsn as u64 & 0xff_ffff);
    uut.m_offset.next = bits(m.offset as u64);
    uut.m_len.next = bits(m.len as u64);
    uut.m_msg_len.next = bits(m.msg_len as u64);
    let (cc, cst) = i.cs.unwrap_or((0, 0));
    uut.cs_valid.next = i.cs.is_some();
    uut.cs_conn.next = bits(cc as u64 & 15);
    uut.cs_stream.next = bits(cst as u64 & 3);
    clock(uut, |u, c| u.clock.next = Clock::from(c));
    let mo = uut.m_rvalid.val().then(|| MatchOut {
        tag: uut.m_rtag.val().to_u64() as u16,
        ok: uut.m_ok.val(),
        code: uut.m_code.val().to_u64() as u8,
        addr: uut.m_addr.val().to_u64(),
        lkey: uut.m_lkey.val().to_u64() as u32,
        buf_len: uut.m_buf_len.val().to_u64() as u32,
    });
    let cs = uut.cs_rvalid.val().then(|| ConsumeOut {
        ok: uut.cs_ok.val(),
        wr_id: uut.cs_wr_id.val().to_u64(),
        len: uut.cs_len.val().to_u64() as u32,
    });
    let res = uut.res_valid.val().then(|| RqRes {
        op: uut.res_op.val().to_u64() as u8,
        conn: uut.res_conn.val().to_u64() as u32,
        stream: uut.res_stream.val().to_u64() as u8,
        refused: uut.res_refused.val(),
    });
    RqOutputs {
        cmd_ready: uut.cmd_ready.val(),
        db_ready: uut.db_ready.val(),
        rd_valid: uut.rd_valid.val(),
        rd_addr: uut.rd_addr.val().to_u64(),
        rd_len: uut.rd_len.val().to_u64() as u16,
        rd_tag: uut.rd_tag.val().to_u64() as u8,
        rs_ready: uut.rs_ready.val(),
        m: mo,
        cs,
        res,
        cnt_db_refused: uut.cnt_db_refused.val().to_u64() as u32,
        cnt_consume_refused: uut.cnt_consume_refused.val().to_u64() as u32,
        cnt_rs_err: uut.cnt_rs_err.val().to_u64() as u32,
    }
}

/// The tiny receive-queue fetcher in RustHDL's own simulator against the
/// model (forwarding, the look pipeline, the banked cache writes).
#[test]
fn rq_fetch_rusthdl_matches_model() {
    use braid_model::rq_fetch::RqStim;
    use braid_model::RqFetchTinyModel;
    for seed in seeds(&[0x9ecf, 0x2c]) {
        let mut uut = braid_hdl::RqFetchTiny::default();
        uut.connect_all();
        assert!(simulate(&mut uut, 1000));
        let mut model = RqFetchTinyModel::default();
        let mut stim = RqStim::<4>::new(seed);
        let n = 6_000;
        let t = std::time::Instant::now();
        for cycle in 0..n {
            let i = stim.next(cycle);
            let want = model.step(&i);
            let got = rq_fetch_step(&mut uut, &i);
            stim.observe(&want);
            assert_eq!(
                want, got,
                "RustHDL rq_fetch differs from the model at cycle {cycle} (seed {seed:#x}), inputs {i:?}"
            );
        }
        eprintln!(
            "rq_fetch_tiny (RustHDL simulator): {n} cycles equal (seed {seed:#x}), {:.0} cycles/s",
            n as f64 / t.elapsed().as_secs_f64()
        );
    }
}
