//! braid-driver on the Verilated engine top (`braid_engine_tiny`, stage 1:
//! the host interface and the control path) through
//! [`braid_cosim::engine::EngineBackend`]: the driver opens it, programs
//! a completion queue, a memory region and a connection by commands, posts
//! WRITEs that the engine fetches by DMA, destroys the connection and reads
//! the FLUSHED completions from the CQ ring. The driver is used through its
//! public API only; the harness's DMA log and counters check what the
//! engine did in host memory.

use braid_cosim::engine::{EngineBackend, EngineSim, GlueCounters};
use braid_cosim::host::DmaReadServer;
use braid_driver::verbs::*;
use braid_driver::{Backend, Caps, Device, Error};
use braid_spec::host::{cmd, CQE_BYTES, WQE_BYTES};
use braid_spec::regs;

/// Every byte address the accesses `(addr, len)` touch, sorted (a byte
/// touched twice appears twice).
fn bytes_of(acc: impl Iterator<Item = (u64, u32)>) -> Vec<u64> {
    let mut v: Vec<u64> = acc.flat_map(|(a, l)| a..a + l as u64).collect();
    v.sort_unstable();
    v
}

fn backend() -> EngineBackend {
    EngineBackend::new(EngineSim::tiny().expect("the tiny engine top is Verilated"))
}

/// The tiny build's sizes (hdl/rtl/src/braid_engine.rs: 16 connections x
/// 4 paths, every stream the state records hold).
const TINY_CAPS: Caps = Caps {
    connections: 16,
    paths: 4,
    streams: braid_spec::state::MAX_STREAMS as u32,
};

#[test]
fn registers_through_the_engine_top() {
    let mut dev = Device::open(backend()).expect("identity checks pass");
    assert_eq!(dev.info().caps, TINY_CAPS);
    assert_eq!(dev.info().spec_hash, braid_spec::SPEC_HASH);
    dev.scratch_test().expect("SCRATCH round trips");
    let hole = (0..regs::MAP_LEN)
        .step_by(4)
        .find(|o| regs::by_offset(*o).is_none())
        .expect("the map has a hole");
    let b = dev.backend_mut();
    assert_eq!(b.name(), "cosim:braid_engine_tiny");
    assert_eq!(b.read32(0x011), Err(Error::Unaligned { off: 0x011 }));
    assert_eq!(b.write32(hole, 1), Err(Error::NoRegister { off: hole }));
    assert_eq!(
        b.read32(regs::MAP_LEN),
        Err(Error::OutOfRange {
            off: regs::MAP_LEN,
            len: regs::MAP_LEN
        })
    );
    assert_eq!(
        b.read32(0x1000),
        Err(Error::OutOfRange {
            off: 0x1000,
            len: regs::MAP_LEN
        })
    );
    let eng = b.sim();
    let e = eng.borrow();
    assert_eq!(e.axi_stray(), 0);
    assert_eq!(e.glue_counters(), GlueCounters::default());
    assert_eq!((e.dma_reads(), e.dma_writes()), (0, 0));
}

/// The control path end to end with DMA reads answered after `latency`
/// clocks, at most `depth` outstanding; with `stall_writes`, `dw_ready` is
/// held low for a while after the destroy (no completion may land then).
fn flush_posted_writes(latency: u64, depth: usize, stall_writes: bool) {
    let be = backend();
    let eng = be.sim();
    eng.borrow_mut().log_dma(true);
    eng.borrow_mut().rd = DmaReadServer::new(latency, depth);
    let ctx = Context::open(be).expect("open");
    assert_eq!(ctx.caps(), TINY_CAPS);
    let pd = ctx.alloc_pd();
    let cq = ctx.create_cq(64).expect("CREATE_CQ");
    let mr = pd.reg_mr(64 << 10, access::LOCAL_WRITE).expect("REG_MR");
    let init = QpInit {
        sq_entries: 16,
        rq_entries: 16,
        streams: 2,
        paths: 4,
    };
    let mut qp = pd.create_qp(&cq, init).expect("CREATE_CONN");
    let local = qp.local_params([2, 0x42, 0x52, 0, 0, 0], [10, 0, 0, 1]);
    let peer = ConnParams {
        conn: 3,
        mac: [2, 0x42, 0x52, 0, 0, 1],
        ip: [10, 0, 0, 2],
        udp_base: 0xc000,
    };
    qp.connect(&local, &peer).expect("SET_PEER");

    // an unknown command code: refused with BAD_COMMAND, counted
    let status = |ctx: &Context<EngineBackend>| {
        ctx.with_backend(|b| b.read32(regs::CMD_STATUS.offset))
            .expect("CMD_STATUS")
    };
    let before = status(&ctx);
    assert_eq!(regs::get(&regs::CMD_STATUS_BUSY, before), 0);
    ctx.with_backend(|b| b.write32(regs::CMD.offset, regs::set(&regs::CMD_OPCODE, 0, 0x7f)))
        .expect("CMD write");
    let mut st = status(&ctx);
    for _ in 0..1000 {
        if regs::get(&regs::CMD_STATUS_BUSY, st) == 0 {
            break;
        }
        st = status(&ctx);
    }
    assert_eq!(regs::get(&regs::CMD_STATUS_BUSY, st), 0, "command stuck");
    assert_eq!(
        regs::get(&regs::CMD_STATUS_ERROR, st) as u8,
        cmd::BAD_COMMAND
    );
    assert_eq!(
        regs::get(&regs::CMD_STATUS_COUNT, st),
        (regs::get(&regs::CMD_STATUS_COUNT, before) + 1) & 0xffff
    );

    // six WRITEs in two doorbells, alternating streams
    let lens = [1u32, 64, 100, 4096, 5000, 65];
    let wrs: Vec<SendWr> = lens
        .iter()
        .enumerate()
        .map(|(i, &len)| SendWr {
            wr_id: 0x100 + i as u64,
            op: SendOp::Write {
                remote_addr: 0x2000_0000 + (i as u64) * 0x1_0000,
                rkey: 0x0101,
            },
            stream: (i % 2) as u8,
            sg_list: vec![mr.sge(i as u64 * 8192, len)],
        })
        .collect();
    // nothing completes while the connection lives (no peer, no ACK); the
    // engine fetches the WQEs meanwhile, each once
    // (reads outside the send ring are the payloads the engine sends)
    let sq = qp.send_ring().iova;
    let sq_end = sq + qp.send_ring().len as u64;
    let fetched = |eng: &EngineSim| {
        bytes_of(
            eng.dma_log()
                .unwrap()
                .reads
                .iter()
                .filter(|r| r.addr >= sq && r.addr < sq_end)
                .map(|r| (r.addr, r.len)),
        )
    };
    for (k, batch) in [&wrs[..3], &wrs[3..]].into_iter().enumerate() {
        qp.post_send(batch).expect("post");
        for _ in 0..100 {
            assert_eq!(
                cq.poll(8).expect("poll"),
                vec![],
                "a completion before destroy"
            );
        }
        let n = 3 * (k as u64 + 1) * WQE_BYTES as u64;
        assert_eq!(
            fetched(&eng.borrow()),
            (sq..sq + n).collect::<Vec<_>>(),
            "send ring reads after doorbell {k}: {:x?}",
            eng.borrow().dma_log().unwrap().reads
        );
    }
    let conn = qp.qp_num();
    if stall_writes {
        eng.borrow_mut().dw_ready = false;
    }
    let count = regs::get(&regs::CMD_STATUS_COUNT, status(&ctx));
    drop(qp); // DESTROY_CONN, then the rings are freed (unmapped)
              // DESTROY_CONN ran and was accepted (the drop only logs a failure)
    let st = status(&ctx);
    assert_eq!(
        (
            regs::get(&regs::CMD_STATUS_BUSY, st),
            regs::get(&regs::CMD_STATUS_ERROR, st) as u8,
            regs::get(&regs::CMD_STATUS_COUNT, st)
        ),
        (0, cmd::OK, (count + 1) & 0xffff),
        "DESTROY_CONN"
    );
    if stall_writes {
        for _ in 0..100 {
            assert_eq!(cq.poll(8).expect("poll"), vec![], "a CQE with dw_ready low");
        }
        assert_eq!(eng.borrow().dma_writes(), 0);
        eng.borrow_mut().dw_ready = true;
    }

    let mut got = Vec::new();
    for _ in 0..2000 {
        got.extend(cq.poll(8).expect("poll"));
        if got.len() >= wrs.len() {
            break;
        }
    }
    // and nothing more after them
    for _ in 0..100 {
        got.extend(cq.poll(8).expect("poll"));
    }
    assert_eq!(got.len(), wrs.len(), "completions: {got:#?}");
    for (i, (wc, wr)) in got.iter().zip(&wrs).enumerate() {
        assert_eq!(wc.wr_id, wr.wr_id, "posting order: {got:#?}");
        // the message's length, and its number on its stream (two streams
        // alternating: 0, 0, 1, 1, 2, 2)
        assert_eq!(wc.byte_len, lens[i], "{wc:?}");
        assert_eq!(wc.msn, i as u32 / 2, "{wc:?}");
        assert_eq!(wc.imm, None, "{wc:?}");
        assert_eq!(wc.status, WcStatus::Flushed, "{wc:?}");
        assert_eq!(wc.opcode, WcOpcode::SendDone, "{wc:?}");
        assert_eq!(wc.qp_num, conn, "{wc:?}");
        assert_eq!(wc.stream, wr.stream, "{wc:?}");
    }
    let e = eng.borrow();
    // the six CQEs, each written once, and no other DMA write
    let ring = cq.ring().iova;
    let log = e.dma_log().unwrap();
    assert_eq!(
        bytes_of(log.writes.iter().copied()),
        (ring..ring + (wrs.len() * CQE_BYTES) as u64).collect::<Vec<_>>(),
        "DMA writes: {:x?}",
        log.writes
    );
    assert_eq!(e.bad_writes(), &[], "DMA writes outside host buffers");
    assert_eq!(e.read_faults(), 0, "DMA reads of unmapped memory");
    assert_eq!(e.glue_counters(), GlueCounters::default());
    assert_eq!(e.axi_stray(), 0);
    eprintln!(
        "{} clocks, {} DMA reads, {} DMA writes",
        e.cycles(),
        e.dma_reads(),
        e.dma_writes()
    );
}

#[test]
fn posted_writes_are_flushed_in_order_when_the_queue_pair_is_destroyed() {
    flush_posted_writes(
        braid_cosim::engine::DEFAULT_DMA_LATENCY,
        braid_cosim::engine::DEFAULT_DMA_DEPTH,
        false,
    );
}

#[test]
fn the_same_with_slow_dma_reads_one_at_a_time_and_stalled_writes() {
    flush_posted_writes(500, 1, true);
}
