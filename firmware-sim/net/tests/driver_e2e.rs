//! braid-driver's verbs API end to end on two model engines
//! ([`braid_net::model_backend`]): WRITE, WRITE_WITH_IMM, SEND and
//! SEND_WITH_IMM of 1 byte to 3 MiB, byte for byte, at 0%, 1% and 10% loss.
//! Only the driver API is used; the engines follow the host interface of
//! braid-spec (commands, doorbells, WQE/RQE/CQE rings in host memory).

use braid_driver::verbs::*;
use braid_driver::Backend as _;
use braid_net::model_backend::{ModelBackend, ModelWorld};
use rand::{Rng, SeedableRng};

/// Simulated time a single completion may take in these tests (the model
/// engines advance on every poll): far beyond any RTO, so running out is a
/// hang, reported instead of spinning forever.
const POLL_DEADLINE_PS: u64 = 100_000_000;

/// Poll `cq` for one completion, polling `also` (its peer's queue, if any)
/// between tries; fail naming the simulated time when none comes by the
/// deadline.
fn poll_one(
    world: &std::rc::Rc<std::cell::RefCell<ModelWorld>>,
    cq: &CompletionQueue<ModelBackend>,
    also: Option<&CompletionQueue<ModelBackend>>,
) -> Result<WorkCompletion, braid_driver::Error> {
    let t0 = world.borrow().net.now();
    loop {
        if let Some(wc) = cq.poll(1)?.pop() {
            return Ok(wc);
        }
        if let Some(also) = also {
            let _ = also.poll(4)?;
        }
        let t = world.borrow().net.now();
        assert!(
            t - t0 < POLL_DEADLINE_PS,
            "no completion {} us after polling began (at {} us)",
            (t - t0) / 1_000_000,
            t0 / 1_000_000
        );
    }
}

fn run(loss: f64, seed: u64) {
    let world = ModelWorld::new(2, 64 << 20, loss, seed);
    let ca = Context::open(ModelWorld::backend(&world, 0)).expect("open a");
    let cb = Context::open(ModelWorld::backend(&world, 1)).expect("open b");
    let (pa, pb) = (ca.alloc_pd(), cb.alloc_pd());
    let (qa, qb) = (ca.create_cq(256).unwrap(), cb.create_cq(256).unwrap());
    let src = pa.reg_mr(8 << 20, access::LOCAL_WRITE).unwrap();
    let dst = pb
        .reg_mr(8 << 20, access::LOCAL_WRITE | access::REMOTE_WRITE)
        .unwrap();
    let init = QpInit {
        sq_entries: 64,
        rq_entries: 64,
        streams: 2,
        paths: 16,
    };
    let mut a = pa.create_qp(&qa, init).unwrap();
    let mut b = pb.create_qp(&qb, init).unwrap();
    let la = a.local_params([2, 0x42, 0x52, 0, 0, 0], [10, 0, 0, 1]);
    let lb = b.local_params([2, 0x42, 0x52, 0, 0, 1], [10, 0, 0, 2]);
    a.connect(&la, &lb).unwrap();
    b.connect(&lb, &la).unwrap();

    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut data = vec![0u8; 8 << 20];
    rng.fill(&mut data[..]);
    src.write(0, &data).unwrap();

    // (op, len, stream); WRITEs land at the same offset in dst, SENDs in
    // receive buffers placed after the WRITE area
    let sizes = [1u32, 4095, 4096, 4097, 65_536, 100_003, 3 << 20];
    let mut wrs = Vec::new();
    let mut off = 0u64;
    let mut recv_off = 4u64 << 20;
    let mut expect = Vec::new(); // (src off, dst off, len)
    let mut recvs = 0;
    for (i, &len) in sizes.iter().enumerate() {
        let stream = (i % 2) as u8;
        for k in 0..4u32 {
            let wr_id = (i * 4 + k as usize) as u64;
            if len > 1 << 20 && k != 0 {
                continue; // one 3 MiB WRITE is enough
            }
            let (op, dst_off) = match k {
                0 => (
                    SendOp::Write {
                        remote_addr: dst.addr() + off,
                        rkey: dst.rkey(),
                    },
                    off,
                ),
                1 => (
                    SendOp::WriteWithImm {
                        remote_addr: dst.addr() + off,
                        rkey: dst.rkey(),
                        imm: wr_id as u32,
                    },
                    off,
                ),
                _ => {
                    let at = recv_off;
                    recv_off += len as u64;
                    b.post_recv(
                        stream,
                        &[RecvWr {
                            wr_id: 1000 + wr_id,
                            sge: dst.sge(at, len),
                        }],
                    )
                    .unwrap();
                    recvs += 1;
                    let op = if k == 2 {
                        SendOp::Send
                    } else {
                        SendOp::SendWithImm { imm: wr_id as u32 }
                    };
                    (op, at)
                }
            };
            wrs.push(SendWr {
                wr_id,
                op,
                stream,
                sg_list: vec![src.sge(off, len)],
            });
            expect.push((off, dst_off, len));
            off += len as u64;
        }
    }
    assert!(off <= 4 << 20 && recv_off <= 8 << 20);
    let total = wrs.len();
    let imms = wrs
        .iter()
        .filter(|w| matches!(w.op, SendOp::WriteWithImm { .. }))
        .count();
    for chunk in wrs.chunks(8) {
        a.post_send(chunk).unwrap();
    }
    let (mut sent, mut got) = (Vec::new(), Vec::new());
    for _ in 0..200_000 {
        sent.extend(qa.poll(32).unwrap());
        got.extend(qb.poll(32).unwrap());
        if sent.len() == total && got.len() == recvs + imms {
            break;
        }
    }
    assert_eq!(
        sent.len(),
        total,
        "seed {seed:#x} loss {loss}: sender completions"
    );
    assert_eq!(
        got.len(),
        recvs + imms,
        "seed {seed:#x} loss {loss}: receiver completions"
    );
    assert!(
        sent.iter().all(|w| w.status == WcStatus::Success),
        "seed {seed:#x}: {sent:?}"
    );
    let mut ids: Vec<u64> = sent.iter().map(|w| w.wr_id).collect();
    ids.sort();
    assert_eq!(
        ids,
        (0..total as u64)
            .filter(|i| wrs.iter().any(|w| w.wr_id == *i))
            .collect::<Vec<_>>()
    );
    // every completion exactly: the sender's (work request, length,
    // stream) and the receiver's (which receive matched, its length, the
    // immediate, the stream), and each side's completions of a stream in
    // posting order
    let want_sent: Vec<(u64, WcOpcode, u32, Option<u32>, u8)> = wrs
        .iter()
        .map(|w| {
            let len = w.sg_list[0].len;
            (w.wr_id, WcOpcode::SendDone, len, None, w.stream)
        })
        .collect();
    let want_got: Vec<(u64, WcOpcode, u32, Option<u32>, u8)> = wrs
        .iter()
        .filter_map(|w| {
            let len = w.sg_list[0].len;
            match w.op {
                SendOp::Write { .. } => None,
                // a WRITE_WITH_IMM consumes no receive: its wr_id is 0
                SendOp::WriteWithImm { imm, .. } => {
                    Some((0, WcOpcode::RecvRdmaWithImm, len, Some(imm), w.stream))
                }
                SendOp::Send => Some((1000 + w.wr_id, WcOpcode::Recv, len, None, w.stream)),
                SendOp::SendWithImm { imm } => {
                    Some((1000 + w.wr_id, WcOpcode::Recv, len, Some(imm), w.stream))
                }
            }
        })
        .collect();
    let fields = |v: &[WorkCompletion]| -> Vec<(u64, WcOpcode, u32, Option<u32>, u8)> {
        v.iter()
            .map(|w| {
                assert_eq!(w.status, WcStatus::Success, "seed {seed:#x}: {w:?}");
                (w.wr_id, w.opcode, w.byte_len, w.imm, w.stream)
            })
            .collect()
    };
    for stream in 0..2u8 {
        let of = |v: Vec<(u64, WcOpcode, u32, Option<u32>, u8)>| -> Vec<_> {
            v.into_iter().filter(|c| c.4 == stream).collect()
        };
        assert_eq!(
            of(fields(&sent)),
            of(want_sent.clone()),
            "seed {seed:#x} loss {loss}: sender completions of stream {stream}"
        );
        // a receiver completes in message order per stream, and its
        // WRITE_WITH_IMMs' immediates name the work requests in order
        assert_eq!(
            of(fields(&got)),
            of(want_got.clone()),
            "seed {seed:#x} loss {loss}: receiver completions of stream {stream}"
        );
    }
    let mut out = vec![0u8; 8 << 20];
    dst.read(0, &mut out).unwrap();
    for (so, d, len) in expect {
        let (so, d, len) = (so as usize, d as usize, len as usize);
        assert!(
            out[d..d + len] == data[so..so + len],
            "seed {seed:#x} loss {loss}: {len} bytes at {d} differ"
        );
    }
    // the engines' counters (what `braid stats` reads) agree with the run
    let (ta, tb) = (ca.counters().unwrap(), cb.counters().unwrap());
    let total_bytes: u64 = wrs.iter().map(|w| w.sg_list[0].len as u64).sum();
    assert_eq!(ta.get("TX_MSGS"), Some(total as u32), "seed {seed:#x}");
    assert_eq!(
        tb.rx_bytes(),
        total_bytes,
        "seed {seed:#x}: every byte placed once"
    );
    assert_eq!(
        tb.get("RX_PKTS").unwrap(),
        ta.get("TX_PKTS").unwrap() - ta.get("TX_RETX").unwrap(),
        "seed {seed:#x}: each packet placed exactly once"
    );
    assert_eq!(tb.get("RX_MSGS"), Some(total as u32), "seed {seed:#x}");
    let st = world.borrow().net.total_stats();
    eprintln!(
        "loss {loss}: {} data packets, {} retransmitted, {} bytes delivered",
        st.data_sent, st.retransmits, st.goodput_bytes
    );
    if loss > 0.0 {
        assert!(st.retransmits > 0, "seed {seed:#x}");
    }
}

#[test]
fn verbs_end_to_end_lossless() {
    run(0.0, 0xd1);
}

#[test]
fn verbs_end_to_end_one_percent_loss() {
    run(0.01, 0xd2);
}

#[test]
fn verbs_end_to_end_ten_percent_loss() {
    run(0.1, 0xd3);
}

#[test]
fn a_model_engine_is_a_braid_engine() {
    let world = ModelWorld::new(2, 1 << 20, 0.0, 1);
    let dev = braid_driver::Device::open(ModelWorld::backend(&world, 0)).expect("identity");
    assert_eq!(dev.info().spec_hash, braid_spec::SPEC_HASH);
    let _: &ModelBackend = dev.backend();
}

/// A SEND bigger than the peer's receive buffer comes back through the API
/// as a remote error completion, the queue pair refuses further work, and
/// the receive buffer's region is untouched beyond the buffer.
/// Two model engines of a lossless world (seed `seed`), each with a
/// completion queue (`cq` entries), a region (A's LOCAL_WRITE source, B's
/// target with `dst_access`) of 8 KiB, and a queue pair of `init`
/// connected to the other's.
struct Two {
    world: std::rc::Rc<std::cell::RefCell<ModelWorld>>,
    b: Context<ModelBackend>,
    cqa: CompletionQueue<ModelBackend>,
    cqb: CompletionQueue<ModelBackend>,
    src: MemoryRegion<ModelBackend>,
    dst: MemoryRegion<ModelBackend>,
    qa: QueuePair<ModelBackend>,
    qb: QueuePair<ModelBackend>,
}

fn two(seed: u64, cq: [u32; 2], dst_access: u32, init: QpInit) -> Result<Two, braid_driver::Error> {
    let world = ModelWorld::new(2, 16 << 20, 0.0, seed);
    let (a, b) = (
        Context::open(ModelWorld::backend(&world, 0))?,
        Context::open(ModelWorld::backend(&world, 1))?,
    );
    let (pa, pb) = (a.alloc_pd(), b.alloc_pd());
    let (cqa, cqb) = (a.create_cq(cq[0])?, b.create_cq(cq[1])?);
    let src = pa.reg_mr(8192, access::LOCAL_WRITE)?;
    let dst = pb.reg_mr(8192, dst_access)?;
    let (mut qa, mut qb) = (pa.create_qp(&cqa, init)?, pb.create_qp(&cqb, init)?);
    let (la, lb) = (
        qa.local_params([2, 0, 0, 0, 0, 1], [10, 0, 0, 1]),
        qb.local_params([2, 0, 0, 0, 0, 2], [10, 0, 0, 2]),
    );
    qa.connect(&la, &lb)?;
    qb.connect(&lb, &la)?;
    Ok(Two {
        world,
        b,
        cqa,
        cqb,
        src,
        dst,
        qa,
        qb,
    })
}

#[test]
fn send_into_a_too_small_receive_buffer_is_a_remote_error() -> Result<(), braid_driver::Error> {
    let Two {
        world,
        cqa,
        cqb,
        src,
        dst,
        mut qa,
        mut qb,
        ..
    } = two(7, [16, 16], access::LOCAL_WRITE, QpInit::default())?;
    src.write(0, &[0xab; 8192])?;
    qb.post_recv(
        0,
        &[RecvWr {
            wr_id: 9,
            sge: dst.sge(0, 100),
        }],
    )?;
    qa.post_send(&[SendWr {
        wr_id: 1,
        op: SendOp::Send,
        stream: 0,
        sg_list: vec![src.sge(0, 5000)],
    }])?;
    let wc = poll_one(&world, &cqa, None)?;
    assert_eq!(wc.wr_id, 1);
    assert_eq!(
        wc.status,
        WcStatus::Remote(braid_spec::wire::braid::NackReason::BufferTooSmall)
    );
    assert!(wc.status.to_string().contains("BufferTooSmall"));
    assert_eq!(
        qa.post_send(&[]),
        Err(braid_driver::Error::QpError { conn: qa.qp_num() })
    );
    let mut got = vec![0u8; 8192];
    dst.read(0, &mut got)?;
    assert!(got.iter().all(|&x| x == 0), "nothing was written");
    assert!(cqb.poll(4)?.is_empty(), "no receive completion");
    Ok(())
}

/// The model engines keep time the way a host sees it: a small WRITE
/// between two hosts of one leaf lands one fabric traversal (two links of
/// 500 ns plus serialization) after it is posted, however the driver polls.
#[test]
fn a_small_write_lands_one_traversal_after_posting() -> Result<(), braid_driver::Error> {
    let world = ModelWorld::new(2, 1 << 20, 0.0, 3);
    let (a, b) = (
        Context::open(ModelWorld::backend(&world, 0))?,
        Context::open(ModelWorld::backend(&world, 1))?,
    );
    let (pa, pb) = (a.alloc_pd(), b.alloc_pd());
    let (cqa, cqb) = (a.create_cq(16)?, b.create_cq(16)?);
    let src = pa.reg_mr(4096, access::LOCAL_WRITE)?;
    let dst = pb.reg_mr(4096, access::REMOTE_WRITE)?;
    let (mut qa, mut qb) = (
        pa.create_qp(&cqa, QpInit::default())?,
        pb.create_qp(&cqb, QpInit::default())?,
    );
    let (la, lb) = (
        qa.local_params([2, 0, 0, 0, 0, 1], [10, 0, 0, 1]),
        qb.local_params([2, 0, 0, 0, 0, 2], [10, 0, 0, 2]),
    );
    qa.connect(&la, &lb)?;
    qb.connect(&lb, &la)?;
    for k in 0..3u32 {
        let t0 = world.borrow().net.now();
        qa.post_send(&[SendWr {
            wr_id: k as u64,
            op: SendOp::WriteWithImm {
                remote_addr: dst.addr(),
                rkey: dst.rkey(),
                imm: k,
            },
            stream: 0,
            sg_list: vec![src.sge(0, 8)],
        }])?;
        // the sender also polls its own (empty, then not) queue
        let wc = poll_one(&world, &cqb, Some(&cqa))?;
        assert_eq!(wc.imm, Some(k));
        let dt = world.borrow().net.now() - t0;
        assert!(
            (1_000_000..1_200_000).contains(&dt),
            "landed {dt} ps after posting"
        );
    }
    Ok(())
}

/// A receiver that does not poll: WRITE_WITH_IMM completions beyond its
/// completion queue's room are dropped and counted in `CQ_FULL`, never
/// written over completions the host has not read (the model engine did
/// until the fault library's unpolled-queue fault found it). The queue
/// then holds the first 16, in order.
#[test]
fn a_full_completion_queue_drops_and_counts_never_overwrites() -> Result<(), braid_driver::Error> {
    let init = QpInit {
        sq_entries: 64,
        ..QpInit::default()
    };
    let Two {
        world,
        b,
        cqa,
        cqb,
        src,
        dst,
        mut qa,
        qb: _qb,
    } = two(
        9,
        [64, 16],
        access::LOCAL_WRITE | access::REMOTE_WRITE,
        init,
    )?;
    let wrs: Vec<SendWr> = (0..40u32)
        .map(|i| SendWr {
            wr_id: i as u64,
            op: SendOp::WriteWithImm {
                remote_addr: dst.addr() + 64 * i as u64,
                rkey: dst.rkey(),
                imm: 1000 + i,
            },
            stream: 0,
            sg_list: vec![src.sge(64 * i as u64, 64)],
        })
        .collect();
    qa.post_send(&wrs)?;
    let mut done = 0;
    while done < 40 {
        done += poll_one(&world, &cqa, None).map(|_| 1)?;
    }
    let full = braid_spec::regs::by_name("CQ_FULL").expect("CQ_FULL");
    assert_eq!(b.with_backend(|x| x.read32(full.offset))?, 24);
    let got = cqb.poll(64)?;
    let imms: Vec<u32> = got.iter().map(|w| w.imm.unwrap_or(0)).collect();
    assert_eq!(imms, (1000..1016).collect::<Vec<_>>());
    Ok(())
}

/// A zero-length SEND is a message: it completes at both ends and takes
/// its receive buffer, so the next SEND lands in the next one (the model
/// engine skipped a work request without a scatter entry until the fault
/// library found it: no completion, and the next SEND took its buffer).
#[test]
fn a_zero_length_send_takes_its_receive_buffer() -> Result<(), braid_driver::Error> {
    let Two {
        world,
        cqa,
        cqb,
        src,
        dst,
        mut qa,
        mut qb,
        ..
    } = two(11, [16, 16], access::LOCAL_WRITE, QpInit::default())?;
    src.write(0, &[0x5a; 64])?;
    qb.post_recv(
        0,
        &[
            RecvWr {
                wr_id: 10,
                sge: dst.sge(0, 8),
            },
            RecvWr {
                wr_id: 11,
                sge: dst.sge(64, 100),
            },
        ],
    )?;
    qa.post_send(&[
        SendWr {
            wr_id: 1,
            op: SendOp::Send,
            stream: 0,
            sg_list: Vec::new(),
        },
        SendWr {
            wr_id: 2,
            op: SendOp::Send,
            stream: 0,
            sg_list: vec![src.sge(0, 50)],
        },
    ])?;
    for want in [1, 2] {
        let wc = poll_one(&world, &cqa, None)?;
        assert_eq!((wc.wr_id, wc.status), (want, WcStatus::Success));
    }
    let mut got = Vec::new();
    while got.len() < 2 {
        got.extend(cqb.poll(4)?);
    }
    let seen: Vec<(u64, u32, WcStatus)> = got
        .iter()
        .map(|w| (w.wr_id, w.byte_len, w.status))
        .collect();
    assert_eq!(
        seen,
        vec![(10, 0, WcStatus::Success), (11, 50, WcStatus::Success)]
    );
    let mut bytes = vec![0u8; 128];
    dst.read(0, &mut bytes)?;
    assert!(
        bytes[..64].iter().all(|&x| x == 0),
        "the empty SEND wrote nothing"
    );
    assert!(bytes[64..114].iter().all(|&x| x == 0x5a));
    Ok(())
}
