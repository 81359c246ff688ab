//! `CTRL.soft_reset` on the Verilated engine top (`braid_engine_tiny`):
//! two engines, each under its own braid-driver, MAC to MAC. After a WRITE
//! from A has been placed by B, B is reset mid-life: `STATUS.reset_busy`
//! reads 1 while the engine sweeps its tables (every connection, CQ and
//! region slot destroyed through the command processor), a command the
//! host writes meanwhile is refused BUSY, and afterwards every register
//! holds its reset value, every counter reads 0, the old connection and CQ
//! no longer exist and the old region's key is refused. B then serves a new
//! connection byte for byte, while the old connection's packets are
//! refused and write nothing.

use braid_cosim::engine::EngineBackend;
use braid_cosim::pair::{EnginePair, Side, IP_A, IP_B, MAC_A, MAC_B};
use braid_driver::verbs::*;
use braid_spec::host::cmd;
use braid_spec::regs::{self, Reset};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

const SEED: u64 = 0x5eed_0001;

fn read(s: &Side, r: &regs::Reg) -> u32 {
    s.eng.borrow_mut().read32(r.offset).expect("BAR0 read")
}

fn write(s: &Side, r: &regs::Reg, v: u32) {
    s.eng.borrow_mut().write32(r.offset, v).expect("BAR0 write");
}

/// Clock both engines `n` clocks in steps of 100, every frame of one into
/// the other; returns the frames A sent.
fn run(a: &Side, b: &Side, n: u64) -> Vec<Vec<u8>> {
    let mut sent = Vec::new();
    for _ in 0..n / 100 {
        a.eng.borrow_mut().run(100);
        let fa: Vec<Vec<u8>> = a.eng.borrow_mut().tx().frames.drain(..).collect();
        let fb: Vec<Vec<u8>> = {
            let mut eb = b.eng.borrow_mut();
            for f in &fa {
                eb.push_rx_frame(f);
            }
            eb.run(100);
            eb.tx().frames.drain(..).collect()
        };
        let mut ea = a.eng.borrow_mut();
        for f in &fb {
            ea.push_rx_frame(f);
        }
        sent.extend(fa);
    }
    sent
}

/// Polls `cq` while clocking the pair until `n` completions have come
/// (at most `limit` clocks).
fn wait_completions(
    a: &Side,
    b: &Side,
    cq: &CompletionQueue<EngineBackend>,
    n: usize,
    limit: u64,
) -> Vec<WorkCompletion> {
    let mut done = Vec::new();
    let mut clocks = 0;
    while done.len() < n && clocks < limit {
        run(a, b, 1000);
        clocks += 1000;
        done.extend(cq.poll(16).expect("poll"));
    }
    done
}

/// Runs a command through the mailbox by hand (the driver would refuse to
/// destroy what it believes exists) and returns `CMD_STATUS.error`.
fn command(s: &Side, opcode: u8, arg0: u32) -> u32 {
    write(s, &regs::CMD_ARGS[0], arg0);
    write(
        s,
        &regs::CMD,
        regs::set(&regs::CMD_OPCODE, 0, opcode as u32),
    );
    for _ in 0..1000 {
        let st = read(s, &regs::CMD_STATUS);
        if regs::get(&regs::CMD_STATUS_BUSY, st) == 0 {
            return regs::get(&regs::CMD_STATUS_ERROR, st);
        }
    }
    panic!("command {opcode:#x} never completed");
}

#[test]
fn a_soft_reset_sweeps_every_table_and_the_engine_serves_again() {
    let mut rng = ChaCha8Rng::seed_from_u64(SEED);
    let init = QpInit {
        sq_entries: 16,
        rq_entries: 16,
        streams: 2,
        paths: 4,
    };
    let len = 16 << 10;
    let p = EnginePair::open(init, len).expect("two engines with connected queue pairs");
    let (a, b) = (&p.a, &p.b);
    let src: Vec<u8> = (0..len).map(|_| rng.gen()).collect();
    p.src.write(0, &src).expect("fill A's region");
    let mut qp_a = p.qp_a;

    // ---- before: a WRITE of 8 KiB placed by B
    let write_wr = |wr_id: u64, dst: &MemoryRegion<EngineBackend>, off: u64, n: u32| SendWr {
        wr_id,
        op: SendOp::Write {
            remote_addr: dst.addr() + off,
            rkey: dst.rkey(),
        },
        stream: 0,
        sg_list: vec![p.src.sge(off, n)],
    };
    qp_a.post_send(&[write_wr(1, &p.dst, 0, 8192)])
        .expect("post");
    let done = wait_completions(a, b, &p.cq_a, 1, 200_000);
    assert_eq!(
        done.iter().map(|c| (c.wr_id, c.status)).collect::<Vec<_>>(),
        vec![(1, WcStatus::Success)],
        "seed {SEED:#x}"
    );
    let mut got = vec![0u8; len];
    p.dst.read(0, &mut got).expect("read B's region");
    assert_eq!(&got[..8192], &src[..8192], "seed {SEED:#x}");
    let rx_pkts = regs::by_name("RX_PKTS").unwrap();
    let ack_tx = regs::by_name("ACK_TX").unwrap();
    let cqe = regs::by_name("CQE_WRITTEN").unwrap();
    let (np, na) = (read(b, rx_pkts), read(b, ack_tx));
    assert!(np >= 2 && na >= 1, "RX_PKTS {np} ACK_TX {na}");
    // B's completion queue holds no entry (a WRITE completes on A only);
    // set a configuration register away from its reset value
    let timer_cfg = regs::by_name("TIMER_CFG").unwrap();
    b.set_ack_coalesce(5).expect("TIMER_CFG");
    assert_ne!(Some(read(b, timer_cfg)), timer_cfg.reset.value());
    let (old_conn, old_cq) = (p.qp_b.qp_num(), p.cq_b.number());

    // ---- the reset
    let writes_before = b.eng.borrow().dma_writes();
    let t0 = b.eng.borrow().cycles();
    write(b, &regs::CTRL, regs::set(&regs::CTRL_SOFT_RESET, 0, 1));
    assert_eq!(
        regs::get(&regs::STATUS_RESET_BUSY, read(b, &regs::STATUS)),
        1,
        "the sweep runs"
    );
    // a command written during the sweep is refused BUSY, and not run
    assert_eq!(command(b, cmd::NOP, 0), cmd::BUSY as u32);
    let mut t1 = 0;
    for _ in 0..100_000 {
        b.eng.borrow_mut().run(100);
        if regs::get(&regs::STATUS_RESET_BUSY, read(b, &regs::STATUS)) == 0 {
            t1 = b.eng.borrow().cycles();
            break;
        }
    }
    assert!(t1 > 0, "the sweep ends");
    println!("soft reset: {} clocks with reset_busy high", t1 - t0);
    // 16 connections, 16 CQs and 4,096 region slots, one command each
    assert!(t1 - t0 >= 4096 * 6, "every region slot took a command");

    // ---- every register at its reset value, every count at 0
    for r in regs::REGS.iter() {
        if r.name == "CMD_STATUS" || r.name == "RX_HINT" {
            continue; // checked below / a live value
        }
        let want = match r.reset {
            Reset::Build => continue,
            _ => r.reset.value().unwrap(),
        };
        assert_eq!(read(b, r), want, "{} after the soft reset", r.name);
    }
    for (k, r) in regs::COUNTERS.iter().enumerate() {
        if r.name != "RX_HINT" {
            assert_eq!(read(b, r), 0, "counter {k} {} after the soft reset", r.name);
        }
    }
    let st = read(b, &regs::CMD_STATUS);
    assert_eq!(regs::get(&regs::CMD_STATUS_BUSY, st), 0);
    // (the refused NOP was counted)
    assert_eq!(regs::get(&regs::CMD_STATUS_ERROR, st), cmd::BUSY as u32);
    assert_eq!(b.eng.borrow().dma_writes(), writes_before, "no DMA write");
    assert!(b.eng.borrow().bad_writes().is_empty());

    // ---- the old objects are gone (commands by hand: the driver still
    // believes in them)
    assert_eq!(
        command(b, cmd::DESTROY_CONN, old_conn),
        cmd::BAD_INDEX as u32
    );
    assert_eq!(command(b, cmd::DESTROY_CQ, old_cq), cmd::BAD_INDEX as u32);

    // ---- B serves again: enable, addresses, a new CQ, region and
    // connection; A's old connection still targets B's old one
    write(b, &regs::CTRL, regs::set(&regs::CTRL_ENABLE, 0, 1));
    b.ctx.set_local_addr(MAC_B, IP_B).expect("addresses");
    // (the old protection domain: a region that survived the reset would
    // accept the new connection's WRITEs)
    let pd_b = &p.pd_b;
    let cq_b = b.ctx.create_cq(64).expect("CREATE_CQ after the reset");
    let dst2 = pd_b
        .reg_mr(len, access::LOCAL_WRITE | access::REMOTE_WRITE)
        .expect("REG_MR after the reset");
    let mut qp_b2 = pd_b
        .create_qp(&cq_b, init)
        .expect("CREATE_CONN after the reset");
    let mut qp_a2 = p.pd_a.create_qp(&p.cq_a, init).expect("a second QP on A");
    let (pa, pb) = (
        qp_a2.local_params(MAC_A, IP_A),
        qp_b2.local_params(MAC_B, IP_B),
    );
    qp_a2.connect(&pa, &pb).expect("SET_PEER on A");
    qp_b2.connect(&pb, &pa).expect("SET_PEER on B");

    // the old connection: its WRITE (to the old region's key) is refused
    let refused = regs::by_name("RX_REFUSED").unwrap();
    qp_a.post_send(&[write_wr(2, &p.dst, 8192, 4096)])
        .expect("post on the old connection");
    run(a, b, 20_000);
    assert!(
        read(b, refused) >= 1,
        "the old connection's packets are refused"
    );
    let mut still = vec![0u8; len];
    p.dst.read(0, &mut still).expect("read B's old region");
    assert_eq!(still, got, "nothing lands in the old region");

    // the new connection: 12 KiB byte for byte
    qp_a2
        .post_send(&[SendWr {
            wr_id: 3,
            op: SendOp::Write {
                remote_addr: dst2.addr(),
                rkey: dst2.rkey(),
            },
            stream: 1,
            sg_list: vec![p.src.sge(4096, 12288)],
        }])
        .expect("post on the new connection");
    let done = wait_completions(a, b, &p.cq_a, 1, 300_000);
    assert!(
        done.iter()
            .any(|c| c.wr_id == 3 && c.status == WcStatus::Success),
        "seed {SEED:#x}: {done:?}"
    );
    let mut got2 = vec![0u8; len];
    dst2.read(0, &mut got2).expect("read B's new region");
    assert_eq!(&got2[..12288], &src[4096..16384], "seed {SEED:#x}");
    assert!(got2[12288..].iter().all(|&x| x == 0), "seed {SEED:#x}");
    assert!(
        read(b, cqe) == 0,
        "B completed nothing (WRITEs complete on A)"
    );

    // the old region's key is gone: a WRITE to it on the new connection is
    // refused with a NACK, and the old region keeps its bytes
    let nack_tx = regs::by_name("NACK_TX").unwrap();
    qp_a2
        .post_send(&[write_wr(4, &p.dst, 0, 1024)])
        .expect("post to the old region");
    let done = wait_completions(a, b, &p.cq_a, 1, 100_000);
    assert!(
        done.iter()
            .any(|c| c.wr_id == 4 && matches!(c.status, WcStatus::Remote(_))),
        "seed {SEED:#x}: {done:?}"
    );
    assert!(read(b, nack_tx) >= 1);
    p.dst.read(0, &mut still).expect("read B's old region");
    assert_eq!(still, got, "nothing lands in the old region");
    assert!(b.eng.borrow().bad_writes().is_empty());
}
