//! The verbs-like API on the memory backend: exact queue entries, exact
//! register writes, typed misuse errors, completion parsing and ring
//! wraparound, release on drop. The test plays the engine by writing
//! completions into the CQ ring.

use braid_driver::verbs::*;
use braid_driver::{Backend, Error, MemBackend};
use braid_spec::host::{self, field, CQE_BYTES, WQE, WQE_BYTES};
use braid_spec::regs;

type Ctx = Context<MemBackend>;

fn ctx() -> Ctx {
    Context::open(MemBackend::new()).expect("open")
}

fn connected(
    ctx: &Ctx,
    pd: &ProtectionDomain<MemBackend>,
    cq: &CompletionQueue<MemBackend>,
    init: QpInit,
) -> QueuePair<MemBackend> {
    let mut qp = pd.create_qp(cq, init).expect("qp");
    let local = qp.local_params([2, 0, 0, 0, 0, 1], [10, 0, 0, 1]);
    let peer = ConnParams {
        conn: 7,
        mac: [2, 0, 0, 0, 0, 2],
        ip: [10, 0, 0, 2],
        udp_base: 0xc100,
    };
    qp.connect(&local, &peer).expect("connect");
    let _ = ctx;
    qp
}

/// The engine's side: complete `wr_id`s on `cq` at ring position `ci`.
fn engine_complete(
    ctx: &Ctx,
    cq: &CompletionQueue<MemBackend>,
    ci: &mut u64,
    wcs: &[WorkCompletion],
) {
    let ring = cq.ring();
    let n = cq.entries() as u64;
    ctx.with_backend(|b| {
        for wc in wcs {
            let mut rec = [0u8; CQE_BYTES];
            let owner = if (*ci / n) % 2 == 0 { 1 } else { 0 };
            encode_cqe(&mut rec, wc, owner);
            b.dma_write(&ring, ((*ci % n) as usize) * CQE_BYTES, &rec)
                .unwrap();
            *ci += 1;
        }
    });
}

fn done(qp: u32, wr_id: u64) -> WorkCompletion {
    WorkCompletion {
        wr_id,
        status: WcStatus::Success,
        opcode: WcOpcode::SendDone,
        byte_len: 8,
        imm: None,
        qp_num: qp,
        stream: 0,
        msn: 0,
    }
}

#[test]
fn local_addresses_go_to_the_config_registers() {
    let ctx = ctx();
    ctx.with_backend(|b| b.record_writes());
    ctx.set_local_addr([0x02, 0x42, 0x52, 0x01, 0x02, 0x0b], [10, 0, 0, 11])
        .unwrap();
    let w = ctx.with_backend(|b| b.take_writes());
    assert_eq!(
        w,
        vec![(0x300, 0x5201_020b), (0x304, 0x0242), (0x308, 0x0a00_000b)]
    );
}

#[test]
fn reg_mr_programs_the_region_with_one_command() {
    let ctx = ctx();
    let pd = ctx.alloc_pd();
    ctx.with_backend(|b| b.record_writes());
    let mr = pd
        .reg_mr(10_000, access::REMOTE_WRITE | access::LOCAL_WRITE)
        .unwrap();
    let w = ctx.with_backend(|b| b.take_writes());
    let slot = (mr.lkey() >> 8) & 0xfff;
    let want: Vec<(u32, u32)> = vec![
        (0x040, slot),
        (0x044, mr.addr() as u32),
        (0x048, (mr.addr() >> 32) as u32),
        (0x04c, 10_000),
        (0x050, 0),
        (0x054, mr.lkey()),
        (0x058, pd.number()),
        (0x05c, 3),
        (0x060, host::command("REG_MR") as u32),
    ];
    assert_eq!(w, want);
    assert_eq!(mr.len(), 10_000);
    mr.write(9_998, b"ok").unwrap();
    let mut out = [0u8; 2];
    mr.read(9_998, &mut out).unwrap();
    assert_eq!(&out, b"ok");
    assert!(matches!(
        mr.write(9_999, b"ok"),
        Err(Error::DmaRange { .. })
    ));
    assert!(matches!(pd.reg_mr(8, 0x10), Err(Error::BadArgument(_))));
}

/// A region's key is its slot (bits 19:8, the engine's table index) and a
/// random tag in the other 20 bits: registering again in the same slot
/// gives another key, so a stale key is refused, and keys of regions
/// differ in their tags, not only their slots.
#[test]
fn keys_carry_a_random_tag_that_changes_at_every_registration() {
    let ctx = ctx();
    let pd = ctx.alloc_pd();
    let mut keys = Vec::new();
    for _ in 0..20 {
        let mr = pd.reg_mr(4096, access::LOCAL_WRITE).unwrap();
        keys.push(mr.lkey());
        assert_eq!(mr.lkey(), mr.rkey(), "one key for both uses");
        // dropped: the next registration takes the same slot
    }
    let slots: std::collections::BTreeSet<u32> = keys.iter().map(|k| (k >> 8) & 0xfff).collect();
    assert_eq!(slots.len(), 1, "the freed slot is taken again: {keys:x?}");
    for w in keys.windows(2) {
        assert_ne!(w[0], w[1], "a re-registration kept its key: {keys:x?}");
    }
    // 20 random bits: the high tag bits vary too (2^-24 to fail by chance)
    let high: std::collections::BTreeSet<u32> = keys.iter().map(|k| k >> 20).collect();
    assert!(high.len() > 1, "tags do not use bits 31:20: {keys:x?}");
    // a stale key is refused where the driver checks keys
    let cq = ctx.create_cq(64).unwrap();
    let mr = pd.reg_mr(4096, access::LOCAL_WRITE).unwrap();
    let stale = keys[keys.len() - 1];
    assert_ne!(stale, mr.lkey());
    let mut qp = connected(
        &ctx,
        &pd,
        &cq,
        QpInit {
            sq_entries: 8,
            rq_entries: 8,
            streams: 1,
            paths: 1,
        },
    );
    let wr = |lkey: u32| RecvWr {
        wr_id: 1,
        sge: Sge {
            addr: mr.addr(),
            len: 64,
            lkey,
        },
    };
    assert!(matches!(
        qp.post_recv(0, &[wr(stale)]),
        Err(Error::BadLkey { lkey }) if lkey == stale
    ));
    qp.post_recv(0, &[wr(mr.lkey())]).unwrap();
}

#[test]
fn post_send_writes_exact_wqes_and_one_doorbell_per_batch() {
    let ctx = ctx();
    let pd = ctx.alloc_pd();
    let cq = ctx.create_cq(64).unwrap();
    let mr = pd.reg_mr(1 << 16, access::LOCAL_WRITE).unwrap();
    let mut qp = connected(
        &ctx,
        &pd,
        &cq,
        QpInit {
            sq_entries: 8,
            rq_entries: 8,
            streams: 2,
            paths: 16,
        },
    );
    ctx.with_backend(|b| b.record_writes());
    let wrs = vec![
        SendWr {
            wr_id: 11,
            op: SendOp::Write {
                remote_addr: 0xdead_0000,
                rkey: 0x1234,
            },
            stream: 0,
            sg_list: vec![mr.sge(0, 4096)],
        },
        SendWr {
            wr_id: 12,
            op: SendOp::WriteWithImm {
                remote_addr: 0xdead_1000,
                rkey: 0x1234,
                imm: 0xabcd,
            },
            stream: 1,
            sg_list: vec![mr.sge(4096, 1)],
        },
        SendWr {
            wr_id: 13,
            op: SendOp::SendWithImm { imm: 5 },
            stream: 1,
            sg_list: vec![],
        },
    ];
    qp.post_send(&wrs).unwrap();
    let w = ctx.with_backend(|b| b.take_writes());
    assert_eq!(
        w,
        vec![(regs::SQ_DOORBELL.offset, qp.qp_num() << 16 | 3)],
        "one doorbell: pi 3"
    );
    let ring = qp.send_ring().clone();
    let mut rec = [0u8; WQE_BYTES];
    ctx.with_backend(|b| b.dma_read(&ring, WQE_BYTES, &mut rec))
        .unwrap();
    let g = |n: &str| host::get(&rec, field(WQE, n));
    assert_eq!(g("opcode"), 0x02);
    assert_eq!(g("flags"), host::WQE_SIGNALED as u64);
    assert_eq!(g("stream"), 1);
    assert_eq!(g("num_sge"), 1);
    assert_eq!(g("len"), 1);
    assert_eq!(g("wr_id"), 12);
    assert_eq!(g("imm"), 0xabcd);
    assert_eq!(g("rkey"), 0x1234);
    assert_eq!(g("remote_addr"), 0xdead_1000);
    assert_eq!(g("sge_addr"), mr.addr() + 4096);
    assert_eq!(g("sge_lkey"), mr.lkey() as u64);
    assert_eq!(g("sge_len"), 1);
    assert_eq!(&rec[48..], &[0u8; 16], "reserved bytes zero");
    ctx.with_backend(|b| b.dma_read(&ring, 2 * WQE_BYTES, &mut rec))
        .unwrap();
    assert_eq!(host::get(&rec, field(WQE, "opcode")), 0x04);
    assert_eq!(host::get(&rec, field(WQE, "num_sge")), 0);
}

#[test]
fn misuse_gets_typed_errors_and_posts_nothing() {
    let ctx = ctx();
    let pd = ctx.alloc_pd();
    let pd2 = ctx.alloc_pd();
    let cq = ctx.create_cq(4).unwrap();
    let mr = pd.reg_mr(4096, access::REMOTE_WRITE).unwrap();
    let other = pd2.reg_mr(4096, access::LOCAL_WRITE).unwrap();
    let init = QpInit {
        sq_entries: 4,
        rq_entries: 2,
        streams: 1,
        paths: 4,
    };
    let mut idle = pd.create_qp(&cq, init).unwrap();
    let wr = |sge: Vec<Sge>| SendWr {
        wr_id: 1,
        op: SendOp::Send,
        stream: 0,
        sg_list: sge,
    };
    assert_eq!(
        idle.post_send(&[wr(vec![mr.sge(0, 1)])]),
        Err(Error::NotConnected {
            conn: idle.qp_num()
        })
    );
    drop(idle);
    let mut qp = connected(&ctx, &pd, &cq, init);
    ctx.with_backend(|b| b.record_writes());
    assert_eq!(
        qp.post_send(&[wr(vec![Sge {
            addr: mr.addr(),
            len: 1,
            lkey: 0x77
        }])]),
        Err(Error::BadLkey { lkey: 0x77 })
    );
    assert!(matches!(
        qp.post_send(&[wr(vec![mr.sge(4000, 200)])]),
        Err(Error::SgeOutOfRegion { len: 200, .. })
    ));
    let e = qp
        .post_send(&[wr(vec![mr.sge(4000, 200)])])
        .unwrap_err()
        .to_string();
    assert!(e.contains("outside the memory region"), "{e}");
    assert!(matches!(
        qp.post_send(&[wr(vec![other.sge(0, 1)])]),
        Err(Error::PdMismatch { .. })
    ));
    assert_eq!(
        qp.post_send(&[wr(vec![mr.sge(0, 1), mr.sge(1, 1)])]),
        Err(Error::TooManySge { n: 2, max: 1 })
    );
    assert_eq!(
        qp.post_send(&[SendWr {
            wr_id: 1,
            op: SendOp::Send,
            stream: 3,
            sg_list: vec![]
        }]),
        Err(Error::BadStream {
            stream: 3,
            streams: 1
        })
    );
    // receive buffers need LOCAL_WRITE
    assert!(matches!(
        qp.post_recv(
            0,
            &[RecvWr {
                wr_id: 1,
                sge: mr.sge(0, 64)
            }]
        ),
        Err(Error::AccessDenied { .. })
    ));
    // the CQ holds 4: four sends fit, a fifth would overrun it
    let four: Vec<SendWr> = (0..4)
        .map(|i| SendWr {
            wr_id: i,
            ..wr(vec![mr.sge(0, 8)])
        })
        .collect();
    assert!(
        ctx.with_backend(|b| b.take_writes()).is_empty(),
        "nothing reached the engine"
    );
    qp.post_send(&four).unwrap();
    assert!(matches!(
        qp.post_send(&[wr(vec![])]),
        Err(Error::SendQueueFull {
            outstanding: 4,
            entries: 4,
            ..
        })
    ));
    assert!(matches!(ctx.create_cq(3), Err(Error::BadArgument(_))));
}

/// A scatter entry must lie inside its region: exactly the region, its
/// first and last byte pass; one byte past the end, one before the start,
/// and an address whose end overflows 64 bits are refused with the
/// region's bounds; a key whose index is right but whose key byte is not
/// is refused. Both `post_send` and `post_recv` check, and a refused post
/// reaches the engine with nothing.
#[test]
fn scatter_entries_at_the_region_edges() {
    let ctx = ctx();
    let pd = ctx.alloc_pd();
    let cq = ctx.create_cq(64).unwrap();
    let mr = pd
        .reg_mr(4096, access::LOCAL_WRITE | access::REMOTE_WRITE)
        .unwrap();
    let init = QpInit {
        sq_entries: 16,
        rq_entries: 16,
        streams: 1,
        paths: 4,
    };
    let mut qp = connected(&ctx, &pd, &cq, init);
    let (start, lkey) = (mr.addr(), mr.lkey());
    let sge = |addr: u64, len: u32| Sge { addr, len, lkey };
    let send = |s: Sge| SendWr {
        wr_id: 9,
        op: SendOp::Send,
        stream: 0,
        sg_list: vec![s],
    };
    let recv = |s: Sge| RecvWr { wr_id: 9, sge: s };
    let outside = |addr: u64, len: u32| {
        Err(Error::SgeOutOfRegion {
            lkey,
            addr,
            len: len as u64,
            start,
            size: 4096,
        })
    };
    for (addr, len) in [
        (start, 4096),
        (start, 1),
        (start + 4095, 1),
        (start + 4000, 96),
    ] {
        assert_eq!(
            qp.post_send(&[send(sge(addr, len))]),
            Ok(()),
            "{addr:#x}+{len}"
        );
        assert_eq!(
            qp.post_recv(0, &[recv(sge(addr, len))]),
            Ok(()),
            "{addr:#x}+{len}"
        );
    }
    ctx.with_backend(|b| b.record_writes());
    for (addr, len) in [
        (start + 4095, 2),    // one byte past the end
        (start + 1, 4096),    // the region's size, one byte late
        (start + 4096, 1),    // the first byte after it
        (start - 1, 1),       // the byte before the start
        (start - 1, 2),       // starts before, ends inside
        (u64::MAX - 10, 100), // the end overflows 64 bits
        (0, 1),               // address 0
    ] {
        assert_eq!(
            qp.post_send(&[send(sge(addr, len))]),
            outside(addr, len),
            "send {addr:#x}+{len}"
        );
        assert_eq!(
            qp.post_recv(0, &[recv(sge(addr, len))]),
            outside(addr, len),
            "recv {addr:#x}+{len}"
        );
    }
    // the right index with a wrong key byte, and a key of no region
    for bad in [lkey ^ 1, lkey ^ 0x80, lkey + 0x100, 0] {
        let s = Sge {
            addr: start,
            len: 1,
            lkey: bad,
        };
        assert_eq!(qp.post_send(&[send(s)]), Err(Error::BadLkey { lkey: bad }));
        assert_eq!(
            qp.post_recv(0, &[recv(s)]),
            Err(Error::BadLkey { lkey: bad })
        );
    }
    assert!(
        ctx.with_backend(|b| b.take_writes()).is_empty(),
        "a refused post wrote nothing"
    );
}

#[test]
fn poll_cq_parses_completions_frees_queue_space_and_wraps() {
    let ctx = ctx();
    let pd = ctx.alloc_pd();
    let cq = ctx.create_cq(4).unwrap();
    let mr = pd.reg_mr(4096, access::LOCAL_WRITE).unwrap();
    let mut qp = connected(
        &ctx,
        &pd,
        &cq,
        QpInit {
            sq_entries: 4,
            rq_entries: 4,
            streams: 1,
            paths: 4,
        },
    );
    let q = qp.qp_num();
    let mut eng_ci = 0u64;
    assert!(cq.poll(8).unwrap().is_empty(), "empty ring");
    for round in 0..5u64 {
        let wrs: Vec<SendWr> = (0..3)
            .map(|i| SendWr {
                wr_id: round * 10 + i,
                op: SendOp::Write {
                    remote_addr: 0,
                    rkey: 1,
                },
                stream: 0,
                sg_list: vec![mr.sge(0, 8)],
            })
            .collect();
        qp.post_send(&wrs).unwrap();
        let mut wcs: Vec<WorkCompletion> = (0..3).map(|i| done(q, round * 10 + i)).collect();
        wcs[1].status = WcStatus::Success;
        engine_complete(&ctx, &cq, &mut eng_ci, &wcs);
        ctx.with_backend(|b| b.record_writes());
        let got = cq.poll(2).unwrap();
        assert_eq!(got, wcs[..2].to_vec(), "round {round}");
        let got2 = cq.poll(8).unwrap();
        assert_eq!(got2, wcs[2..].to_vec(), "round {round}");
        let w = ctx.with_backend(|b| b.take_writes());
        let ci = (round + 1) * 3;
        assert_eq!(
            w.last(),
            Some(&(regs::CQ_DOORBELL.offset, cq.number() << 16 | ci as u32))
        );
    }
    // a receive completion with immediate and a remote error, as the engine writes them
    let rx = WorkCompletion {
        wr_id: 99,
        status: WcStatus::Success,
        opcode: WcOpcode::RecvRdmaWithImm,
        byte_len: 1 << 20,
        imm: Some(0xfeed),
        qp_num: q,
        stream: 0,
        msn: 41,
    };
    let err = WorkCompletion {
        wr_id: 5,
        status: WcStatus::Remote(braid_spec::wire::braid::NackReason::InvalidRkey),
        ..done(q, 5)
    };
    qp.post_send(&[SendWr {
        wr_id: 5,
        op: SendOp::Send,
        stream: 0,
        sg_list: vec![],
    }])
    .unwrap();
    engine_complete(&ctx, &cq, &mut eng_ci, &[rx, err]);
    let got = cq.poll(8).unwrap();
    assert_eq!(got, vec![rx, err]);
    assert_eq!(
        got[1].status.to_string(),
        "remote error: the peer refused the data (InvalidRkey)"
    );
    // the failed queue pair refuses further work
    assert_eq!(qp.post_send(&[]), Err(Error::QpError { conn: q }));
}

#[test]
fn everything_is_released_on_drop_in_order() {
    let ctx = ctx();
    {
        let pd = ctx.alloc_pd();
        let cq = ctx.create_cq(16).unwrap();
        let _mr = pd.reg_mr(4096, access::LOCAL_WRITE).unwrap();
        let qp = connected(&ctx, &pd, &cq, QpInit::default());
        assert_eq!(
            ctx.with_backend(|b| b.dma_buffers()),
            4,
            "cq ring, mr, send ring, receive rings"
        );
        ctx.with_backend(|b| b.record_writes());
        drop(cq); // the queue pair keeps it alive
        assert!(ctx.with_backend(|b| b.take_writes()).is_empty());
        drop(qp);
        let cmds: Vec<u32> = ctx
            .with_backend(|b| b.take_writes())
            .iter()
            .filter(|w| w.0 == regs::CMD.offset)
            .map(|w| w.1)
            .collect();
        assert_eq!(
            cmds,
            vec![
                host::command("DESTROY_CONN") as u32,
                host::command("DESTROY_CQ") as u32
            ]
        );
    }
    assert_eq!(ctx.with_backend(|b| b.dma_buffers()), 0);
}

#[test]
fn connection_parameters_round_trip_and_exchange() {
    let p = ConnParams {
        conn: 12,
        mac: [2, 0x42, 0x52, 0, 1, 0xff],
        ip: [10, 1, 2, 3],
        udp_base: 49152,
    };
    assert_eq!(
        p.to_line(),
        "braid-conn 12 02:42:52:00:01:ff 10.1.2.3 49152\n"
    );
    assert_eq!(ConnParams::from_line(&p.to_line()), Ok(p));
    for bad in [
        "",
        "braid-conn 1 2 3",
        "braid-conn x 02:42:52:00:01:ff 10.1.2.3 1",
        "braid-conn 1 02:42:52:00:01 10.1.2.3 1",
        "braid-conn 1 02:42:52:00:01:ff 10.1.2 1",
    ] {
        assert!(
            matches!(ConnParams::from_line(bad), Err(Error::BadParams(_))),
            "{bad:?}"
        );
    }
    let (mut a, mut b) = std::os::unix::net::UnixStream::pair().unwrap();
    let q = ConnParams { conn: 3, ..p };
    let t = std::thread::spawn(move || q.exchange(&mut b).unwrap());
    assert_eq!(p.exchange(&mut a).unwrap(), q);
    assert_eq!(t.join().unwrap(), p);
}

#[test]
fn completion_queue_and_receive_queue_overruns_are_refused() {
    let ctx = ctx();
    let pd = ctx.alloc_pd();
    let cq = ctx.create_cq(4).unwrap();
    let mr = pd.reg_mr(4096, access::LOCAL_WRITE).unwrap();
    let mut qp = connected(
        &ctx,
        &pd,
        &cq,
        QpInit {
            sq_entries: 8,
            rq_entries: 2,
            streams: 1,
            paths: 4,
        },
    );
    let rwr = |i| RecvWr {
        wr_id: i,
        sge: mr.sge(0, 64),
    };
    qp.post_recv(0, &[rwr(1), rwr(2)]).unwrap();
    assert_eq!(
        qp.post_recv(0, &[rwr(3)]),
        Err(Error::RecvQueueFull {
            conn: qp.qp_num(),
            stream: 0,
            entries: 2
        })
    );
    let sends: Vec<SendWr> = (0..3)
        .map(|i| SendWr {
            wr_id: i,
            op: SendOp::Send,
            stream: 0,
            sg_list: vec![],
        })
        .collect();
    // 2 receives + 3 sends > 4 CQ entries, while the send queue (8) has room
    assert_eq!(
        qp.post_send(&sends),
        Err(Error::CqFull {
            cq: cq.number(),
            entries: 4,
            outstanding: 2,
            posting: 3
        })
    );
    qp.post_send(&sends[..2]).unwrap();
}

fn writes(mr: &MemoryRegion<MemBackend>, ids: std::ops::Range<u64>) -> Vec<SendWr> {
    ids.map(|wr_id| SendWr {
        wr_id,
        op: SendOp::Write {
            remote_addr: 0,
            rkey: 1,
        },
        stream: 0,
        sg_list: vec![mr.sge(0, 8)],
    })
    .collect()
}

/// A queue pair destroyed with sends outstanding: its number is not given
/// out again until their FLUSHED completions have been polled (so they are
/// never taken for a new queue pair's), their room in the completion queue
/// stays reserved until then, and its receives' room is given back at once.
#[test]
fn a_destroyed_queue_pairs_number_waits_for_its_flushed_completions() {
    let ctx = ctx();
    let pd = ctx.alloc_pd();
    let cq = ctx.create_cq(8).unwrap();
    let mr = pd.reg_mr(4096, access::LOCAL_WRITE).unwrap();
    let init = QpInit {
        sq_entries: 4,
        rq_entries: 4,
        streams: 1,
        paths: 1,
    };
    let mut a = connected(&ctx, &pd, &cq, init);
    assert_eq!(a.qp_num(), 0);
    a.post_send(&writes(&mr, 1..4)).unwrap();
    let recvs: Vec<RecvWr> = (0..2)
        .map(|i| RecvWr {
            wr_id: 100 + i,
            sge: mr.sge(0, 64),
        })
        .collect();
    a.post_recv(0, &recvs).unwrap();
    drop(a);
    let mut b = connected(&ctx, &pd, &cq, init);
    assert_eq!(b.qp_num(), 1, "number 0 still awaits 3 FLUSHED completions");
    // 8 entries: 3 kept for a's sends, a's receives given back
    b.post_send(&writes(&mr, 10..14)).unwrap();
    match b.post_recv(0, &recvs) {
        Err(Error::CqFull {
            outstanding: 7,
            posting: 2,
            ..
        }) => {}
        r => panic!("3 + 4 + 2 completions into 8 entries: {r:?}"),
    }
    b.post_recv(0, &recvs[..1]).unwrap();
    // the engine: a's FLUSHED sends, then one of b's
    let mut eng_ci = 0;
    let flushed = |wr_id| WorkCompletion {
        status: WcStatus::Flushed,
        ..done(0, wr_id)
    };
    engine_complete(
        &ctx,
        &cq,
        &mut eng_ci,
        &[flushed(1), flushed(2), done(1, 10), flushed(3)],
    );
    let got = cq.poll(8).unwrap();
    assert_eq!(
        got.iter().map(|w| (w.qp_num, w.wr_id)).collect::<Vec<_>>(),
        vec![(0, 1), (0, 2), (1, 10), (0, 3)]
    );
    // b's accounting saw only its own: 3 more sends fit, a 5th does not
    b.post_send(&writes(&mr, 14..15)).unwrap();
    assert!(matches!(
        b.post_send(&writes(&mr, 15..16)),
        Err(Error::SendQueueFull { outstanding: 4, .. })
    ));
    // number 0 is free again
    let c = connected(&ctx, &pd, &cq, init);
    assert_eq!(c.qp_num(), 0);
    drop(c);

    // a queue destroyed before its destroyed queue pair's completions came:
    // it polls for them, then keeps its number out of use
    let cq2 = ctx.create_cq(4).unwrap();
    assert_eq!(cq2.number(), 1);
    let mut d = connected(&ctx, &pd, &cq2, init);
    let dn = d.qp_num();
    d.post_send(&writes(&mr, 20..22)).unwrap();
    drop(d);
    let mut ci2 = 0;
    engine_complete(&ctx, &cq2, &mut ci2, &[flushed(20)]);
    drop(cq2); // one of two came: queue 1 stays out of use, and so does d's number
    let cq3 = ctx.create_cq(4).unwrap();
    assert_eq!(cq3.number(), 2);
    let e = connected(&ctx, &pd, &cq3, init);
    assert_ne!(e.qp_num(), dn);
}

/// `create_qp`'s argument checks, each at its edges: ring sizes (powers of
/// two from 2 to 32,768), streams and paths (1 to the engine's).
#[test]
fn create_qp_checks_every_argument_at_its_edges() {
    let ctx = ctx();
    let caps = ctx.caps();
    let pd = ctx.alloc_pd();
    let cq = ctx.create_cq(4).unwrap();
    let ok = QpInit {
        sq_entries: 2,
        rq_entries: 2,
        streams: 1,
        paths: 1,
    };
    let bad = |init: QpInit, says: &str| match pd.create_qp(&cq, init) {
        Err(Error::BadArgument(m)) => assert!(m.contains(says), "{init:?}: {m}"),
        r => panic!("{init:?} accepted: {:?}", r.map(|q| q.qp_num())),
    };
    for n in [0, 1, 3, 6, 1 << 16] {
        bad(
            QpInit {
                sq_entries: n,
                ..ok
            },
            &format!("send queue size {n}"),
        );
        bad(
            QpInit {
                rq_entries: n,
                ..ok
            },
            &format!("receive queue size {n}"),
        );
    }
    let max_streams = caps.streams as u8;
    let max_paths = caps.paths as u8;
    bad(QpInit { streams: 0, ..ok }, "0 streams");
    bad(
        QpInit {
            streams: max_streams + 1,
            ..ok
        },
        &format!("{} streams", max_streams + 1),
    );
    bad(QpInit { paths: 0, ..ok }, "0 paths");
    bad(
        QpInit {
            paths: max_paths + 1,
            ..ok
        },
        &format!("{} paths", max_paths + 1),
    );
    // the largest of each is accepted, and the receive rings are one ring
    // of `rq_entries` 32-byte entries per stream
    let qp = pd
        .create_qp(
            &cq,
            QpInit {
                sq_entries: 1 << 15,
                rq_entries: 8,
                streams: max_streams,
                paths: max_paths,
            },
        )
        .unwrap();
    assert_eq!(qp.send_ring().len, (1 << 15) * WQE_BYTES);
    assert_eq!(
        qp.recv_rings().len,
        8 * host::RQE_BYTES * max_streams as usize
    );
}

/// Every connection in use: `NoResources`; when the free ones are only
/// waiting for a destroyed queue pair's FLUSHED completions the error says
/// so. A destroyed queue pair's receive completions (its receives' room was
/// given back at the destroy) neither end the wait nor free room.
#[test]
fn out_of_connections_and_what_ends_a_quarantine() {
    let ctx = ctx();
    let max = ctx.caps().connections;
    let pd = ctx.alloc_pd();
    let cq = ctx.create_cq(4).unwrap();
    let mr = pd.reg_mr(4096, access::LOCAL_WRITE).unwrap();
    let init = QpInit {
        sq_entries: 2,
        rq_entries: 2,
        streams: 1,
        paths: 1,
    };
    let mut qps: Vec<_> = (0..max).map(|_| connected(&ctx, &pd, &cq, init)).collect();
    match pd.create_qp(&cq, init) {
        Err(Error::NoResources { what, max: m }) => {
            assert_eq!((what, m), ("connection", max));
        }
        r => panic!("{:?}", r.map(|q| q.qp_num())),
    }
    // the last one destroyed with a send and a receive outstanding
    let mut last = qps.pop().unwrap();
    let n = last.qp_num();
    last.post_send(&writes(&mr, 1..2)).unwrap();
    last.post_recv(
        0,
        &[RecvWr {
            wr_id: 9,
            sge: mr.sge(0, 8),
        }],
    )
    .unwrap();
    drop(last);
    match pd.create_qp(&cq, init) {
        Err(Error::NoResources { what, .. }) => {
            assert!(what.contains("FLUSHED completions"), "{what}")
        }
        r => panic!("{:?}", r.map(|q| q.qp_num())),
    }
    // a receive completion of the destroyed queue pair: delivered, but the
    // number still waits for its send; the queue's room is unchanged (the
    // send's 1 of 4 is kept, the receive's was given back)
    let mut ci = 0;
    let recv = WorkCompletion {
        opcode: WcOpcode::Recv,
        wr_id: 9,
        ..done(n, 9)
    };
    engine_complete(&ctx, &cq, &mut ci, &[recv]);
    assert_eq!(cq.poll(4).unwrap(), vec![recv]);
    assert!(pd.create_qp(&cq, init).is_err(), "still waiting");
    let mut q0 = qps.remove(0);
    let q0n = q0.qp_num();
    q0.post_send(&writes(&mr, 10..12)).unwrap();
    match q0.post_recv(
        0,
        &(0..2)
            .map(|i| RecvWr {
                wr_id: i,
                sge: mr.sge(0, 8),
            })
            .collect::<Vec<_>>(),
    ) {
        Err(Error::CqFull {
            outstanding: 3,
            posting: 2,
            ..
        }) => {}
        r => panic!("1 kept + 2 posted + 2 into 4: {r:?}"),
    }
    // the FLUSHED send ends it
    let flushed = WorkCompletion {
        status: WcStatus::Flushed,
        ..done(n, 1)
    };
    engine_complete(&ctx, &cq, &mut ci, &[flushed]);
    assert_eq!(cq.poll(4).unwrap(), vec![flushed]);
    let again = pd.create_qp(&cq, init).unwrap();
    assert_eq!(again.qp_num(), n);
    // and its room: q0's 2 sends + 2 receives now fit the 4 entries
    q0.post_recv(
        0,
        &(0..2)
            .map(|i| RecvWr {
                wr_id: i,
                sge: mr.sge(0, 8),
            })
            .collect::<Vec<_>>(),
    )
    .unwrap();
    assert_eq!(q0.qp_num(), q0n);
}

/// Completions naming no live queue pair (a number never used, or a
/// destroyed queue pair's beyond its outstanding sends) are delivered and
/// counted like the others (returned count, consumer index in the CQ
/// doorbell) and change no accounting; an empty poll rings no doorbell.
#[test]
fn completions_of_numbers_without_a_queue_pair() {
    let ctx = ctx();
    let pd = ctx.alloc_pd();
    let cq = ctx.create_cq(4).unwrap();
    let mr = pd.reg_mr(4096, access::LOCAL_WRITE).unwrap();
    ctx.with_backend(|b| b.record_writes());
    let mut out = Vec::new();
    assert_eq!(cq.poll_into(4, &mut out).unwrap(), 0);
    assert!(
        ctx.with_backend(|b| b.take_writes()).is_empty(),
        "no doorbell"
    );
    let mut ci = 0;
    let stray = [done(40, 1), done(41, 2)];
    engine_complete(&ctx, &cq, &mut ci, &stray);
    assert_eq!(cq.poll_into(4, &mut out).unwrap(), 2);
    assert_eq!(out, stray);
    let db: Vec<u32> = ctx
        .with_backend(|b| b.take_writes())
        .iter()
        .filter(|w| w.0 == regs::CQ_DOORBELL.offset)
        .map(|w| w.1)
        .collect();
    assert_eq!(db.len(), 1);
    let db = braid_spec::bar0::CqDoorbell(db[0]);
    assert_eq!((db.ci(), db.cq()), (2, cq.number() as u16));
    // the queue's room is untouched: 4 sends fit
    let mut qp = connected(
        &ctx,
        &pd,
        &cq,
        QpInit {
            sq_entries: 4,
            rq_entries: 2,
            streams: 1,
            paths: 1,
        },
    );
    assert_eq!(qp.qp_num(), 0, "numbers 40 and 41 were never in use");
    qp.post_send(&writes(&mr, 1..5)).unwrap();
}

/// Receive entries go to their stream's ring (`stream x rq_entries` entries
/// in) at the producer index modulo the ring, wrapping after completions;
/// an empty post rings no doorbell.
#[test]
fn receives_land_in_their_streams_ring_and_wrap() {
    let ctx = ctx();
    let pd = ctx.alloc_pd();
    let cq = ctx.create_cq(16).unwrap();
    let mr = pd.reg_mr(4096, access::LOCAL_WRITE).unwrap();
    let mut qp = connected(
        &ctx,
        &pd,
        &cq,
        QpInit {
            sq_entries: 2,
            rq_entries: 2,
            streams: 2,
            paths: 1,
        },
    );
    ctx.with_backend(|b| b.record_writes());
    qp.post_send(&[]).unwrap();
    qp.post_recv(1, &[]).unwrap();
    assert!(
        ctx.with_backend(|b| b.take_writes()).is_empty(),
        "no doorbell"
    );
    let ring = qp.recv_rings().clone();
    let wr_id_at = |entry: usize| {
        let mut rec = [0u8; host::RQE_BYTES];
        ctx.with_backend(|b| b.dma_read(&ring, entry * host::RQE_BYTES, &mut rec))
            .unwrap();
        host::get(&rec, host::rqe::WR_ID)
    };
    let recv = |id| RecvWr {
        wr_id: id,
        sge: mr.sge(0, 8),
    };
    qp.post_recv(1, &[recv(0x11), recv(0x12)]).unwrap();
    // one doorbell: producer index 2 of stream 1
    let db: Vec<u32> = ctx
        .with_backend(|b| b.take_writes())
        .iter()
        .filter(|w| w.0 == regs::RQ_DOORBELL.offset)
        .map(|w| w.1)
        .collect();
    assert_eq!(db.len(), 1);
    let db = braid_spec::bar0::RqDoorbell(db[0]);
    assert_eq!(
        (db.pi(), db.stream(), db.conn()),
        (2, 1, qp.qp_num() as u16)
    );
    // stream 1's ring starts after stream 0's 2 entries
    assert_eq!((wr_id_at(2), wr_id_at(3)), (0x11, 0x12));
    assert_eq!(
        (wr_id_at(0), wr_id_at(1)),
        (0, 0),
        "stream 0's ring untouched"
    );
    let mut ci = 0;
    let got = WorkCompletion {
        opcode: WcOpcode::Recv,
        stream: 1,
        ..done(qp.qp_num(), 0x11)
    };
    engine_complete(&ctx, &cq, &mut ci, &[got]);
    assert_eq!(cq.poll(4).unwrap(), vec![got]);
    // the third receive wraps to the ring's first entry
    qp.post_recv(1, &[recv(0x13)]).unwrap();
    assert_eq!((wr_id_at(2), wr_id_at(3)), (0x13, 0x12));
}
