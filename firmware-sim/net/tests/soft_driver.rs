//! braid-driver's verbs API on two soft engines ([`ModelWorld::soft`]):
//! each in its own thread with its own model, talking over real UDP
//! sockets on loopback addresses of this machine. The program is the one
//! that runs on the co-simulated engine or a card: contexts, regions,
//! queue pairs connected with the peer's parameters (exchanged here over a
//! channel, as perftest exchanges them over TCP), WRITE, WRITE_WITH_IMM,
//! SEND and SEND_WITH_IMM, completions polled. Every byte and completion is
//! checked.

use braid_driver::verbs::*;
use braid_net::model_backend::ModelWorld;
use braid_net::soft::SoftConfig;
use rand::{Rng, SeedableRng};
use std::net::Ipv4Addr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::thread;
use std::time::{Duration, Instant};

const MEM: u64 = 32 << 20;
const REGION: usize = 4 << 20;
const TIMEOUT: Duration = Duration::from_secs(20);
/// (operation: 0 WRITE, 1 WRITE_WITH_IMM, 2 SEND, 3 SEND_WITH_IMM; length;
/// stream)
const MSGS: [(u8, u32, u8); 6] = [
    (0, 1 << 20, 0),
    (1, 4097, 1),
    (2, 10_000, 0),
    (3, 1, 1),
    (0, 3, 1),
    (2, 65_536, 0),
];

/// What B tells A: its queue pair, its region's address and key.
type FromB = (ConnParams, u64, u32);

#[test]
fn verbs_programs_run_on_two_soft_engines_over_udp() {
    let seed = 0x50f9_u64;
    let (a_ip, b_ip) = (Ipv4Addr::new(127, 0, 79, 1), Ipv4Addr::new(127, 0, 79, 2));
    let (to_a, from_b) = mpsc::channel::<FromB>();
    let (to_b, from_a) = mpsc::channel::<ConnParams>();
    let a_done = Arc::new(AtomicBool::new(false));
    let a_done_b = a_done.clone();
    let b = thread::spawn(move || {
        let world = ModelWorld::soft(SoftConfig::new(b_ip, a_ip, 1), MEM).expect("B's sockets");
        let ctx = Context::open(ModelWorld::backend(&world, 1)).expect("open B");
        let pd = ctx.alloc_pd();
        let cq = ctx.create_cq(64).expect("B's CQ");
        let dst = pd
            .reg_mr(REGION, access::LOCAL_WRITE | access::REMOTE_WRITE)
            .expect("B's region");
        let mut qp = pd.create_qp(&cq, init()).expect("B's queue pair");
        let local = qp.local_params([2, 0x42, 0x52, 0, 0, 2], b_ip.octets());
        to_a.send((local, dst.addr(), dst.rkey())).expect("to A");
        let peer = from_a.recv().expect("A's parameters");
        qp.connect(&local, &peer).expect("B connects");
        // receive buffers for the SENDs, in order per stream, after the
        // WRITE area
        let mut at = 2 << 20;
        for (k, &(op, len, stream)) in MSGS.iter().enumerate() {
            if op >= 2 {
                qp.post_recv(
                    stream,
                    &[RecvWr {
                        wr_id: 100 + k as u64,
                        sge: dst.sge(at, len),
                    }],
                )
                .expect("B's receive");
                at += len as u64;
            }
        }
        let want = MSGS.iter().filter(|m| m.0 >= 1).count();
        let mut got = Vec::new();
        let t0 = Instant::now();
        while !a_done_b.load(Ordering::Relaxed) && t0.elapsed() < TIMEOUT {
            got.extend(cq.poll(16).expect("poll B"));
        }
        assert_eq!(got.len(), want, "seed {seed:#x}: B's completions {got:?}");
        let mut mem = vec![0u8; REGION];
        dst.read(0, &mut mem).expect("B's region");
        drop(qp);
        (got, mem)
    });

    let world = ModelWorld::soft(SoftConfig::new(a_ip, b_ip, 0), MEM).expect("A's sockets");
    let ctx = Context::open(ModelWorld::backend(&world, 0)).expect("open A");
    let pd = ctx.alloc_pd();
    let cq = ctx.create_cq(64).expect("A's CQ");
    let src = pd.reg_mr(REGION, access::LOCAL_WRITE).expect("A's region");
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut data = vec![0u8; REGION];
    rng.fill(&mut data[..]);
    src.write(0, &data).expect("fill A's region");
    let mut qp = pd.create_qp(&cq, init()).expect("A's queue pair");
    let local = qp.local_params([2, 0x42, 0x52, 0, 0, 1], a_ip.octets());
    let (peer, dst_addr, rkey) = from_b.recv().expect("B's parameters");
    to_b.send(local).expect("to B");
    qp.connect(&local, &peer).expect("A connects");
    // WRITEs land at their source offset; SENDs in B's receive buffers
    let mut wrs = Vec::new();
    let mut expect = Vec::new(); // (source offset, B's offset, length)
    let (mut off, mut at) = (0u64, 2u64 << 20);
    for (k, &(op, len, stream)) in MSGS.iter().enumerate() {
        let (op, to) = match op {
            0 => (
                SendOp::Write {
                    remote_addr: dst_addr + off,
                    rkey,
                },
                off,
            ),
            1 => (
                SendOp::WriteWithImm {
                    remote_addr: dst_addr + off,
                    rkey,
                    imm: 0xa000 + k as u32,
                },
                off,
            ),
            2 => (SendOp::Send, at),
            _ => (
                SendOp::SendWithImm {
                    imm: 0xa000 + k as u32,
                },
                at,
            ),
        };
        if to == at {
            at += len as u64;
        }
        wrs.push(SendWr {
            wr_id: k as u64,
            op,
            stream,
            sg_list: vec![src.sge(off, len)],
        });
        expect.push((off as usize, to as usize, len as usize));
        off += len as u64;
    }
    qp.post_send(&wrs).expect("post on A");
    let mut sent = Vec::new();
    let t0 = Instant::now();
    while sent.len() < MSGS.len() && t0.elapsed() < TIMEOUT {
        sent.extend(cq.poll(16).expect("poll A"));
    }
    // B keeps its engine running until A's messages are acknowledged
    a_done.store(true, Ordering::Relaxed);
    let (got, mem) = b.join().expect("B's thread");
    let s: Vec<(u64, WcStatus)> = sent.iter().map(|w| (w.wr_id, w.status)).collect();
    let want: Vec<(u64, WcStatus)> = (0..MSGS.len() as u64)
        .map(|k| (k, WcStatus::Success))
        .collect();
    assert_eq!(s, want, "seed {seed:#x}: A's completions");
    // B: WRITE_WITH_IMM and the SENDs, each stream in posting order
    for &(k, op) in &[
        (1usize, WcOpcode::RecvRdmaWithImm),
        (2, WcOpcode::Recv),
        (3, WcOpcode::Recv),
        (5, WcOpcode::Recv),
    ] {
        let w = got
            .iter()
            .find(|w| match op {
                WcOpcode::RecvRdmaWithImm => w.opcode == op,
                _ => w.wr_id == 100 + k as u64,
            })
            .unwrap_or_else(|| panic!("seed {seed:#x}: no completion for message {k}: {got:?}"));
        assert_eq!(
            (w.status, w.byte_len, w.imm),
            (
                WcStatus::Success,
                MSGS[k].1,
                (MSGS[k].0 % 2 == 1).then_some(0xa000 + k as u32)
            ),
            "seed {seed:#x}: message {k}: {w:?}"
        );
    }
    let mut want_mem = vec![0u8; REGION];
    for &(from, to, len) in &expect {
        want_mem[to..to + len].copy_from_slice(&data[from..from + len]);
    }
    let diff = mem.iter().zip(&want_mem).position(|(g, w)| g != w);
    assert_eq!(
        diff, None,
        "seed {seed:#x}: B's region differs at this offset"
    );
    let port = world.borrow().soft_port().expect("soft").stats();
    eprintln!("seed {seed:#x}: A's sockets {port:?}");
    drop(qp);
}

fn init() -> QpInit {
    QpInit {
        sq_entries: 16,
        rq_entries: 16,
        streams: 2,
        paths: 8,
    }
}
