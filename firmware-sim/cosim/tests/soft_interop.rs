//! The co-simulated RTL engine and a soft endpoint on a real network
//! stack. The Verilated tiny engine's MAC port is a TAP device
//! ([`braid_cosim::tap`]) in namespace E, bridged to one end of a veth
//! pair; the other end is in namespace S, where a soft endpoint
//! ([`braid_net::soft`], the transport model on UDP sockets) runs in its
//! own thread. Both sides run braid-driver's unchanged verbs program: a
//! WRITE and a SEND each way at once, then every byte of both regions and
//! every completion is checked. nftables in S drops 0% and 1% of the
//! Braid datagrams each way. The engine's frames cross the kernel's
//! bridge, IP and UDP receive path (its IPv4 checksum must be right, or
//! the kernel drops them); the soft endpoint's datagrams are the kernel's.
//!
//! Needs root, iproute2, nftables and /dev/net/tun; without them the test
//! fails saying so, unless BRAID_SKIP_NETNS=1, when it reports itself
//! skipped.

use braid_cosim::engine::{EngineBackend, EngineSim};
use braid_cosim::tap::{Tap, TapBridge};
use braid_driver::verbs::*;
use braid_driver::Backend;
use braid_net::model_backend::ModelWorld;
use braid_net::netns::{self, Namespace};
use braid_net::soft::SoftConfig;
use rand::{Rng, SeedableRng};
use std::net::Ipv4Addr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::thread;
use std::time::{Duration, Instant};

/// The engine's Ethernet address.
const MAC_E: [u8; 6] = [2, 0x42, 0x52, 0, 0, 0xe];
/// Each side's region: its source data in the first half, the peer's
/// WRITE and SEND land in the second.
const REGION: usize = 256 << 10;
const HALF: usize = REGION / 2;
const WRITE_LEN: u32 = 65_537;
const SEND_LEN: u32 = 10_000;
/// Where the peer's SEND lands (in the second half, after its WRITE).
const RECV_AT: usize = HALF + (96 << 10);
const SOFT_MEM: u64 = 8 << 20;
const TIMEOUT: Duration = Duration::from_secs(90);
/// Engine clocks per bridge step.
const STEP: u64 = 64;

fn init() -> QpInit {
    QpInit {
        sq_entries: 16,
        rq_entries: 16,
        streams: 1,
        paths: 4,
    }
}

/// What each side tells the other: its queue pair, its region's address
/// and key.
type Hello = (ConnParams, u64, u32);

/// One side's end state.
struct Done {
    sent: Vec<WorkCompletion>,
    received: Vec<WorkCompletion>,
    mem: Vec<u8>,
}

fn source(seed: u64) -> Vec<u8> {
    let mut r = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut v = vec![0u8; HALF];
    r.fill(&mut v[..]);
    v
}

/// The verbs program of either side, up to its posts: region filled,
/// queue pair connected with the peer's parameters, a receive posted, a
/// WRITE and a SEND posted.
fn program<B: Backend>(
    ctx: &Context<B>,
    mac: [u8; 6],
    ip: [u8; 4],
    data: &[u8],
    to_peer: &mpsc::Sender<Hello>,
    from_peer: &mpsc::Receiver<Hello>,
) -> (QueuePair<B>, CompletionQueue<B>, MemoryRegion<B>) {
    let pd = ctx.alloc_pd();
    let cq = ctx.create_cq(64).expect("CQ");
    let mr = pd
        .reg_mr(REGION, access::LOCAL_WRITE | access::REMOTE_WRITE)
        .expect("region");
    mr.write(0, data).expect("fill the region");
    let mut qp = pd.create_qp(&cq, init()).expect("queue pair");
    let local = qp.local_params(mac, ip);
    to_peer
        .send((local, mr.addr(), mr.rkey()))
        .expect("to the peer");
    let (peer, addr, rkey) = from_peer.recv().expect("the peer's parameters");
    qp.connect(&local, &peer).expect("connect");
    qp.post_recv(
        0,
        &[RecvWr {
            wr_id: 7,
            sge: mr.sge(RECV_AT as u64, SEND_LEN),
        }],
    )
    .expect("receive");
    qp.post_send(&[
        SendWr {
            wr_id: 1,
            op: SendOp::Write {
                remote_addr: addr + HALF as u64,
                rkey,
            },
            stream: 0,
            sg_list: vec![mr.sge(0, WRITE_LEN)],
        },
        SendWr {
            wr_id: 2,
            op: SendOp::Send,
            stream: 0,
            sg_list: vec![mr.sge(WRITE_LEN as u64, SEND_LEN)],
        },
    ])
    .expect("post");
    (qp, cq, mr)
}

/// Poll `cq` into `done` (sends and receives apart); true when both sends
/// and the receive completed.
fn collect<B: Backend>(cq: &CompletionQueue<B>, done: &mut Done) -> bool {
    for wc in cq.poll(16).expect("poll") {
        match wc.opcode {
            WcOpcode::SendDone => done.sent.push(wc),
            _ => done.received.push(wc),
        }
    }
    done.sent.len() >= 2 && !done.received.is_empty()
}

/// Run a side until both sides are done (the peer may still need ACKs)
/// or [`TIMEOUT`]: `step` lets its engine work, then its completions are
/// collected; its flag is set once its own are all in.
fn run_side<B: Backend>(
    cq: &CompletionQueue<B>,
    mine: &AtomicBool,
    peer: &AtomicBool,
    mut step: impl FnMut(),
) -> Done {
    let mut done = Done {
        sent: Vec::new(),
        received: Vec::new(),
        mem: vec![0; REGION],
    };
    let t0 = Instant::now();
    while !(mine.load(Ordering::Relaxed) && peer.load(Ordering::Relaxed)) && t0.elapsed() < TIMEOUT
    {
        step();
        if collect(cq, &mut done) {
            mine.store(true, Ordering::Relaxed);
        }
    }
    done
}

/// What a side's region must hold: its own data in the first half, the
/// peer's WRITE and SEND in the second.
fn check(side: &str, seed: u64, done: &Done, own: &[u8], peer: &[u8]) {
    let sent: Vec<(u64, WcStatus)> = done.sent.iter().map(|w| (w.wr_id, w.status)).collect();
    assert_eq!(
        sent,
        [(1, WcStatus::Success), (2, WcStatus::Success)],
        "seed {seed:#x}: {side}'s send completions"
    );
    let recv: Vec<(u64, WcStatus, u32)> = done
        .received
        .iter()
        .map(|w| (w.wr_id, w.status, w.byte_len))
        .collect();
    assert_eq!(
        recv,
        [(7, WcStatus::Success, SEND_LEN)],
        "seed {seed:#x}: {side}'s receive completions"
    );
    let mut want = vec![0u8; REGION];
    want[..HALF].copy_from_slice(own);
    want[HALF..HALF + WRITE_LEN as usize].copy_from_slice(&peer[..WRITE_LEN as usize]);
    want[RECV_AT..RECV_AT + SEND_LEN as usize]
        .copy_from_slice(&peer[WRITE_LEN as usize..(WRITE_LEN + SEND_LEN) as usize]);
    let diff = done.mem.iter().zip(&want).position(|(g, w)| g != w);
    assert_eq!(
        diff, None,
        "seed {seed:#x}: {side}'s region differs at this offset"
    );
}

/// Namespaces E (bridge, TAP, veth end) and S (veth end at `ip_s`, the
/// engine's address `ip_e` resolved statically to its MAC), with `pct` %
/// of the Braid datagrams dropped each way in S.
struct Net {
    e: Namespace,
    s: Namespace,
    tap: String,
}

fn network(tag: &str, ip_e: Ipv4Addr, ip_s: Ipv4Addr, pct: u32) -> Result<Net, String> {
    let id = std::process::id();
    let e = Namespace::create(&format!("braid-{tag}-{id}-e"))?;
    let s = Namespace::create(&format!("braid-{tag}-{id}-s"))?;
    netns::veth(&e, "ve", "", &s, "vs", &format!("{ip_s}/24"))?;
    let tap = "btap".to_string();
    e.exec(&["ip", "tuntap", "add", "dev", &tap, "mode", "tap"])?;
    e.exec(&["ip", "link", "add", "br0", "type", "bridge"])?;
    for dev in [tap.as_str(), "ve"] {
        e.exec(&["ip", "link", "set", dev, "master", "br0"])?;
    }
    for dev in [tap.as_str(), "br0"] {
        e.exec(&[
            "ip",
            "link",
            "set",
            dev,
            "mtu",
            &netns::MTU.to_string(),
            "up",
        ])?;
    }
    let mac = MAC_E.map(|b| format!("{b:02x}")).join(":");
    s.exec(&[
        "ip",
        "neigh",
        "add",
        &ip_e.to_string(),
        "lladdr",
        &mac,
        "dev",
        "vs",
        "nud",
        "permanent",
    ])?;
    if pct > 0 {
        let rule = format!("numgen random mod 100 < {pct} counter drop");
        for hook in ["input", "output"] {
            s.nft_udp(hook, braid_spec::BRAID_UDP_PORT, &rule)?;
        }
    }
    Ok(Net { e, s, tap })
}

/// One run: the engine and the soft endpoint exchange a WRITE and a SEND
/// each way across `pct` % drop, the soft endpoint sending packets of
/// `mtu` payload bytes (the engine sends its default 4 KiB).
fn interop(k: u8, pct: u32, mtu: u32) {
    let seed = 0x7a90 + k as u64;
    let (ip_e, ip_s) = (Ipv4Addr::new(10, 96, k, 1), Ipv4Addr::new(10, 96, k, 2));
    let net = network(&format!("ti{k}"), ip_e, ip_s, pct)
        .unwrap_or_else(|e| panic!("{}", netns::setup_failed(&e)));
    let mac_s = net.s.mac_of("vs").expect("the veth's address");
    let (data_e, data_s) = (source(seed), source(seed ^ 0x5));
    let (to_s, from_e) = mpsc::channel::<Hello>();
    let (to_e, from_s) = mpsc::channel::<Hello>();
    let (e_done, s_done) = (
        Arc::new(AtomicBool::new(false)),
        Arc::new(AtomicBool::new(false)),
    );

    // the soft endpoint in S
    let s_name = net.s.name().to_string();
    let (e_flag, s_flag) = (e_done.clone(), s_done.clone());
    let ds = data_s.clone();
    let soft = thread::spawn(move || {
        netns::enter(&s_name).expect("enter S");
        let world = ModelWorld::soft(
            SoftConfig {
                mtu,
                ..SoftConfig::new(ip_s, ip_e, 1)
            },
            SOFT_MEM,
        )
        .expect("sockets");
        let ctx = Context::open(ModelWorld::backend(&world, 1)).expect("open the soft engine");
        let (qp, cq, mr) = program(&ctx, mac_s, ip_s.octets(), &ds, &to_e, &from_e);
        // the soft engine runs whenever the driver looks
        let mut done = run_side(&cq, &s_flag, &e_flag, || {});
        mr.read(0, &mut done.mem).expect("the soft region");
        let stats = world.borrow().soft_port().expect("a soft world").stats();
        drop(qp);
        (done, stats)
    });

    // the engine in E, its MAC on the TAP device
    let e_name = net.e.name().to_string();
    let tap_name = net.tap.clone();
    let de = data_e.clone();
    let (e_flag, s_flag) = (e_done.clone(), s_done.clone());
    let engine = thread::spawn(move || {
        netns::enter(&e_name).expect("enter E");
        let tap = Tap::open(&tap_name).expect("the TAP device");
        let mut bridge = TapBridge::new(tap, MAC_E);
        let be = EngineBackend::new(EngineSim::tiny().expect("the Verilated engine"));
        let eng = be.sim();
        let ctx = Context::open(be).expect("open the engine");
        ctx.set_local_addr(MAC_E, ip_e.octets())
            .expect("local addresses");
        let (qp, cq, mr) = program(&ctx, MAC_E, ip_e.octets(), &de, &to_s, &from_s);
        let mut done = run_side(&cq, &e_flag, &s_flag, || {
            bridge
                .step(&mut eng.borrow_mut(), STEP)
                .expect("the TAP device")
        });
        let clocks = eng.borrow().cycles();
        let reg = |name: &str| {
            let r = braid_spec::regs::by_name(name).expect("a register");
            ctx.with_backend(|b| b.read32(r.offset)).expect("read")
        };
        let counters = [
            ("RX_BAD", reg("RX_BAD")),
            ("RX_PKTS", reg("RX_PKTS")),
            ("TX_PKTS", reg("TX_PKTS")),
            ("TX_RETX", reg("TX_RETX")),
            ("TX_TIMEOUTS", reg("TX_TIMEOUTS")),
            ("ACK_RX", reg("ACK_RX")),
            ("ACK_REJECTED", reg("ACK_REJECTED")),
            ("ACK_BAD_PATH", reg("ACK_BAD_PATH")),
            ("RX_DUPLICATES", reg("RX_DUPLICATES")),
        ];
        mr.read(0, &mut done.mem).expect("the engine's region");
        drop(qp);
        (done, bridge.counts(), clocks, counters)
    });
    let (e_end, counts, clocks, counters) = engine.join().expect("the engine's thread");
    let (s_end, s_stats) = soft.join().expect("the soft endpoint's thread");
    eprintln!(
        "seed {seed:#x}, {pct}% drop, soft packets of {mtu} B: engine {clocks} clocks, bridge {counts:?}, \
         engine {counters:?}; soft {s_stats:?}"
    );
    check("the engine", seed, &e_end, &data_e, &data_s);
    check("the soft endpoint", seed, &s_end, &data_s, &data_e);
    assert_eq!(
        (counters[0].1, s_stats.undecodable, s_stats.foreign),
        (0, 0, 0),
        "seed {seed:#x}: frames refused: engine RX_BAD, soft undecodable and foreign"
    );
}

#[test]
fn rtl_engine_and_soft_endpoint_exchange_writes_and_sends_at_0_and_1_percent_drop() {
    if netns::skip("the RTL engine on a TAP device against a soft endpoint") {
        return;
    }
    interop(0, 0, 4096);
    interop(1, 1, 8192);
}
