//! `cq_writer`: its cycle model against the RTL block, in Verilator (every
//! output on every clock, seeded random stimulus biased toward the
//! edges) and in RustHDL's own simulator (a short seeded run).

use crate::common::*;
use braid_model::*;
use braid_tests::{assert_equiv, equiv_cycles, seeds};
use rust_hdl::prelude::*;

#[test]
fn cq_writer_matches_model() {
    let n = equiv_cycles();
    for seed in seeds(&[0xc0e, 0x9a11]) {
        assert_equiv::<CqWriterModel>(seed, n / 2);
    }
}

#[test]
fn cq_writer_tiny_matches_model() {
    let n = equiv_cycles();
    for seed in seeds(&[0x7c0e, 0x16]) {
        assert_equiv::<CqWriterTinyModel>(seed, n / 2);
    }
}

/// The CQ writer's stimulus reaches every operation and status, both
/// forwarding distances and the RAM path, rings that wrap (owner 0 and 1),
/// exhausted credits (op_ready low), and slot addresses that carry into
/// bits 21 and 43 (the carry-select boundaries).
#[test]
fn cq_writer_stimulus_covers_the_edges() {
    use braid_model::cq_writer::{CqStim, OP_CQE};
    for seed in [0xc0e, 0x7c0e] {
        let mut m = CqWriterTinyModel::default();
        let mut stim = CqStim::<4>::new(seed);
        let (mut ops, mut status) = ([0u64; 4], [0u64; 3]);
        let mut dist = [0u64; 4];
        let mut last_at: std::collections::HashMap<u32, u64> = Default::default();
        let (mut not_ready, mut owner) = (0u64, [0u64; 2]);
        let (mut carry21, mut carry43) = (0u64, 0u64);
        let mut ready = true;
        let mut shown = braid_model::cq_writer::CqOut::default();
        for c in 0..100_000u64 {
            let i = stim.next(c);
            if i.op_valid && ready {
                ops[i.op as usize] += 1;
                if let Some(&t) = last_at.get(&i.cq) {
                    dist[((c - t) as usize).min(3)] += 1;
                }
                last_at.insert(i.cq, c);
            }
            not_ready += (i.op_valid && !ready) as u64;
            // the beat shown before this edge is taken at it
            if shown.dw_valid && i.dw_ready {
                owner[(shown.dw_data[31] & 1) as usize] += 1;
                let base = m.ctx(shown.dw_cq).iova;
                let off = shown.dw_addr.wrapping_sub(base);
                if off < 32 << 15 {
                    carry21 += ((base & 0x1f_ffff) + off > 0x1f_ffff) as u64;
                    carry43 += ((base & ((1 << 43) - 1)) + off >= 1 << 43) as u64;
                }
            }
            let o = m.step(&i);
            ready = o.op_ready;
            if o.res_valid && o.res_op == OP_CQE {
                status[o.res_status as usize] += 1;
            }
            shown = o;
        }
        assert!(ops.iter().all(|&k| k > 1000), "seed {seed:#x}: ops {ops:?}");
        assert!(
            status.iter().all(|&k| k > 1000),
            "seed {seed:#x}: {status:?}"
        );
        assert!(
            dist[1..].iter().all(|&k| k > 1000),
            "seed {seed:#x}: {dist:?}"
        );
        assert!(not_ready > 1000, "seed {seed:#x}: {not_ready}");
        assert!(owner.iter().all(|&k| k > 1000), "seed {seed:#x}: {owner:?}");
        assert!(
            carry21 > 100 && carry43 > 10,
            "seed {seed:#x}: {carry21} {carry43}"
        );
    }
}

/// The Verilated CQ writer fills a small ring in host memory that a consumer
/// walks exactly as braid-driver's `poll_cq` does (owner bit by pass parity,
/// `decode_cqe`), returning entries by doorbells: the consumer sees every
/// written completion once, in order, with every field, the ring wraps many
/// times, completions offered to a full ring are dropped, counted and
/// reported, and nothing is written outside the ring.
#[test]
fn cq_writer_ring_is_read_back_by_the_driver() {
    use braid_cosim::equiv::Bound;
    use braid_driver::verbs::{decode_cqe, WcOpcode};
    use braid_model::cq_writer::{
        Completion, CqIn, OP_CQE, OP_CREATE, OP_DOORBELL, ST_DROP_FULL, ST_WRITTEN,
    };
    use rand::{Rng, SeedableRng};
    for seed in seeds(&[0xd41e, 0x5]) {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut rtl = Bound::<CqWriterModel>::new().expect("cq_writer Verilated");
        let (cq, log2, base) = (777u32, 3u8, 0x7fff_ffff_ffe0u64 & !0xff);
        let n = 1usize << log2;
        let mut ring = vec![0u8; n * 32];
        let mut ops = std::collections::VecDeque::new();
        ops.push_back(CqIn {
            op_valid: true,
            op: OP_CREATE,
            cq,
            iova: base,
            log2,
            ..CqIn::default()
        });
        let mut issued = std::collections::VecDeque::new();
        let mut written = std::collections::VecDeque::new();
        let (mut ci, mut seen, mut drops, mut k) = (0u64, 0u64, 0u64, 0u64);
        let mut ready = true;
        let mut shown = braid_model::cq_writer::CqOut::default();
        for clock in 0..20_000u64 {
            // the producer: a completion now and then
            if ops.len() < 4 && rng.gen_bool(0.3) && k < 2000 {
                let c = Completion {
                    wr_id: rng.gen(),
                    byte_len: rng.gen(),
                    imm: rng.gen(),
                    msn: k as u32,
                    conn: rng.gen_range(0..1 << 24),
                    opcode: rng.gen_range(1..=3),
                    status: 0,
                    stream: rng.gen_range(0..4),
                    flags: rng.gen_range(0..2),
                };
                k += 1;
                ops.push_back(CqIn {
                    op_valid: true,
                    op: OP_CQE,
                    cq,
                    c,
                    ..CqIn::default()
                });
            }
            let mut i = ops.front().copied().unwrap_or_default();
            i.dw_ready = rng.gen_bool(0.7);
            if i.op_valid && ready {
                ops.pop_front();
                if i.op == OP_CQE {
                    issued.push_back(i.c);
                }
            }
            // the beat shown before this edge is taken at it
            if shown.dw_valid && i.dw_ready {
                let off = shown.dw_addr.wrapping_sub(base) as usize;
                assert!(
                    off.is_multiple_of(32) && off < ring.len(),
                    "seed {seed:#x}: write at {off:#x}"
                );
                assert_eq!((shown.dw_len, shown.dw_last, shown.dw_cq), (32, true, cq));
                ring[off..off + 32].copy_from_slice(&shown.dw_data);
            }
            let o = rtl.step(&i);
            shown = o;
            ready = o.op_ready;
            if o.res_valid && o.res_op == OP_CQE {
                let c = issued.pop_front().expect("a result per completion");
                match o.res_status {
                    ST_WRITTEN => written.push_back(c),
                    ST_DROP_FULL => drops += 1,
                    s => panic!("seed {seed:#x}: status {s}"),
                }
            }
            // the consumer, sometimes slow: walk as poll_cq does
            if rng.gen_bool(0.2) {
                let mut moved = false;
                loop {
                    let idx = (ci % n as u64) as usize;
                    let rec = &ring[idx * 32..idx * 32 + 32];
                    let parity = u8::from((ci >> log2) & 1 == 0);
                    if rec[31] != parity {
                        break;
                    }
                    let wc = decode_cqe(rec);
                    let c = written.pop_front().unwrap_or_else(|| {
                        panic!("seed {seed:#x} clock {clock}: entry {ci} never written")
                    });
                    assert_eq!(
                        (wc.wr_id, wc.byte_len, wc.msn, wc.qp_num, wc.stream),
                        (c.wr_id, c.byte_len, c.msn, c.conn, c.stream),
                        "seed {seed:#x}: entry {ci}"
                    );
                    assert_eq!(wc.imm, (c.flags & 1 == 1).then_some(c.imm));
                    let want = match c.opcode {
                        1 => WcOpcode::SendDone,
                        2 => WcOpcode::Recv,
                        _ => WcOpcode::RecvRdmaWithImm,
                    };
                    assert_eq!(wc.opcode, want, "seed {seed:#x}: entry {ci}");
                    ci += 1;
                    seen += 1;
                    moved = true;
                }
                if moved {
                    ops.push_back(CqIn {
                        op_valid: true,
                        op: OP_DOORBELL,
                        cq,
                        ci: ci as u16,
                        ..CqIn::default()
                    });
                }
            }
        }
        let o = rtl.step(&CqIn::default());
        assert!(
            written.is_empty(),
            "seed {seed:#x}: {} unread",
            written.len()
        );
        assert!(
            seen > 1000 && drops > 50,
            "seed {seed:#x}: {seen} seen, {drops} dropped"
        );
        assert_eq!((o.cnt_written as u64, o.cnt_full as u64), (seen, drops));
    }
}

fn cq_writer_step(
    uut: &mut braid_hdl::CqWriterTiny,
    i: &braid_model::cq_writer::CqIn,
) -> braid_model::cq_writer::CqOut {
    use braid_model::cq_writer::CqOut;
    uut.op_valid.next = i.op_valid;
    uut.op.next = bits(i.op as u64 & 3);
    uut.cq.next = bits(i.cq as u64 & 15);
    uut.arg_iova.next = bits(i.iova);
    uut.arg_log2.next = bits(i.log2 as u64 & 15);
    uut.arg_ci.next = bits(i.ci as u64);
    uut.c_wr_id.next = bits(i.c.wr_id);
    uut.c_byte_len.next = bits(i.c.byte_len as u64);
    uut.c_imm.next = bits(i.c.imm as u64);
    uut.c_msn.next = bits(i.c.msn as u64);
    uut.c_conn.next = bits(i.c.conn as u64 & 0xff_ffff);
    uut.c_opcode.next = bits(i.c.opcode as u64);
    uut.c_status.next = bits(i.c.status as u64);
    uut.c_stream.next = bits(i.c.stream as u64);
    uut.c_flags.next = bits(i.c.flags as u64);
    uut.dw_ready.next = i.dw_ready;
    clock(uut, |u, c| u.clock.next = Clock::from(c));
    let mut data = [0u8; 32];
    for (k, x) in data.iter_mut().enumerate() {
        *x = uut.dw_data.val().get_bits::<8>(8 * k).to_u64() as u8;
    }
    CqOut {
        op_ready: uut.op_ready.val(),
        dw_valid: uut.dw_valid.val(),
        dw_addr: uut.dw_addr.val().to_u64(),
        dw_len: uut.dw_len.val().to_u64() as u16,
        dw_data: data,
        dw_last: uut.dw_last.val(),
        dw_cq: uut.dw_cq.val().to_u64() as u32,
        res_valid: uut.res_valid.val(),
        res_op: uut.res_op.val().to_u64() as u8,
        res_cq: uut.res_cq.val().to_u64() as u32,
        res_status: uut.res_status.val().to_u64() as u8,
        res_pi: uut.res_pi.val().to_u64() as u16,
        res_overrun: uut.res_overrun.val(),
        res_cq_valid: uut.res_cq_valid.val(),
        cnt_written: uut.cnt_written.val().to_u64() as u32,
        cnt_full: uut.cnt_full.val().to_u64() as u32,
        cnt_no_cq: uut.cnt_no_cq.val().to_u64() as u32,
    }
}

#[test]
fn cq_writer_rusthdl_matches_model() {
    use braid_model::cq_writer::CqStim;
    use braid_model::CqWriterTinyModel;
    for seed in seeds(&[0x7c0e]) {
        let mut uut = braid_hdl::CqWriterTiny::default();
        uut.connect_all();
        assert!(simulate(&mut uut, 1000));
        let mut model = CqWriterTinyModel::default();
        let mut stim = CqStim::<4>::new(seed);
        for cycle in 0..3_000 {
            let i = stim.next(cycle);
            let want = model.step(&i);
            let got = cq_writer_step(&mut uut, &i);
            assert_eq!(
                want, got,
                "RustHDL cq_writer differs from the model at cycle {cycle} (seed {seed:#x}), inputs {i:?}"
            );
        }
    }
}
