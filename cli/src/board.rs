//! `write_bw` and `write_lat` on a board, perftest's way: two hosts, one
//! `--server` and one `--connect HOST`, each with its board open through
//! VFIO. The two exchange over TCP, in order: a line naming the test, its
//! size and its iterations (both sides must run the same), their
//! connection parameters, their buffers, and a "ready" line once both are
//! connected; a "done" line ends the run. The loops are braid-driver's
//! ([`braid_driver::perf`]) with the wall clock, or on a simulated board
//! (`--device sim:SOCKET:BOARD`) with the simulation's clock. `--device
//! soft` runs them on the soft endpoint instead of a board: the transport
//! model on UDP sockets bound to `--ip` ([`braid_net::soft`]), with the
//! wall clock; its peer is the other side's `--ip`.

use crate::{RunArgs, Test};
use braid_driver::perf::{
    self, BwConfig, Clock, LatConfig, LatSide, LatStats, RemoteBuf, WallClock,
};
use braid_driver::simboard::SimClock;
use braid_driver::verbs::{access, exchange_line, Context, QpInit};
use braid_driver::{Backend, SimBoardBackend, VfioBackend};
use std::net::{TcpListener, TcpStream};

/// No completion for this long fails a run on a board.
const STALL_PS: u64 = 5_000_000_000_000;
/// No completion for this long (simulated time: 500,000 clocks) fails a
/// run on a simulated board.
const SIM_STALL_PS: u64 = 2_000_000_000;
/// Clocks a simulated board runs per wait of the loops.
const SIM_WAIT_CLOCKS: u64 = 16;
/// `--device` of the soft endpoint.
pub const SOFT: &str = "soft";
/// The soft endpoint's host memory beyond the test's region: rings,
/// completion queues.
const SOFT_MEM_EXTRA: u64 = 16 << 20;

/// The wall clock on a board, the simulation's on a simulated one.
pub enum AnyClock {
    Wall(WallClock),
    Sim(SimClock),
}

/// How long the soft endpoint's side that waits for its peer's line
/// sleeps on its completion queue between looks at the TCP connection
/// (it keeps acknowledging meanwhile, without taking a core from the
/// side that measures).
const EVENT_WAIT: std::time::Duration = std::time::Duration::from_micros(200);

impl Clock for AnyClock {
    fn wait(&mut self) {
        match self {
            AnyClock::Wall(c) => c.wait(),
            AnyClock::Sim(c) => c.wait(),
        }
    }

    fn now_ps(&mut self) -> u64 {
        match self {
            AnyClock::Wall(c) => c.now_ps(),
            AnyClock::Sim(c) => c.now_ps(),
        }
    }
}

/// Open the board `device` names (a PCI address through VFIO, or
/// `sim:SOCKET:BOARD`) with its clock and stall limit.
pub fn open_board(
    device: &str,
    sysfs: std::path::PathBuf,
    dev: std::path::PathBuf,
) -> Result<(Box<dyn Backend>, AnyClock, u64), String> {
    if device.starts_with("sim:") {
        let b = SimBoardBackend::open(device).map_err(s)?;
        let clock = AnyClock::Sim(b.clock(SIM_WAIT_CLOCKS));
        Ok((Box::new(b), clock, SIM_STALL_PS))
    } else {
        let b = VfioBackend::open_with_root(sysfs, dev, device).map_err(s)?;
        Ok((Box::new(b), AnyClock::Wall(WallClock::default()), STALL_PS))
    }
}

/// Send `word` to the peer and wait for its own line, which must be the
/// same, polling `cq` meanwhile (discarding what it holds: only once the
/// test is over): an engine that runs only when its driver looks, the
/// soft endpoint's, keeps acknowledging the peer's packets while this
/// side waits.
fn sync_polling<B: Backend>(
    tcp: &mut TcpStream,
    word: &str,
    cq: &braid_driver::verbs::CompletionQueue<B>,
) -> Result<(), String> {
    use std::io::{ErrorKind, Read, Write};
    let io = |e: std::io::Error| format!("the exchange with the peer failed: {e}");
    tcp.write_all(format!("{word}\n").as_bytes()).map_err(io)?;
    tcp.set_nonblocking(true).map_err(io)?;
    // a byte at a time: the peer's next line may follow in the same segment
    let mut got = Vec::new();
    let mut b = [0u8; 1];
    while got.last() != Some(&b'\n') && got.len() < 256 {
        match tcp.read(&mut b) {
            Ok(0) => break,
            Ok(_) => got.push(b[0]),
            Err(e) if e.kind() == ErrorKind::WouldBlock => {
                let _ = cq.poll(16).map_err(s)?;
                cq.wait(EVENT_WAIT).map_err(s)?;
            }
            Err(e) => return Err(io(e)),
        }
    }
    tcp.set_nonblocking(false).map_err(io)?;
    let line = String::from_utf8_lossy(&got);
    let got = line.trim_end_matches('\n');
    if got != word {
        return Err(format!(
            "the peer said {got:?} instead of {word:?}: it failed, see its output"
        ));
    }
    Ok(())
}

/// The soft endpoint at `ip` with `mem` bytes of host memory, packets of
/// `mtu` payload bytes, the wall clock and a board's stall limit.
fn open_soft(ip: [u8; 4], mem: u64, mtu: u32) -> Result<(Box<dyn Backend>, AnyClock, u64), String> {
    use braid_net::model_backend::ModelWorld;
    use braid_net::soft::SoftConfig;
    let ip = std::net::Ipv4Addr::from(ip);
    let cfg = SoftConfig {
        mtu,
        ..SoftConfig::new(ip, std::net::Ipv4Addr::UNSPECIFIED, 0)
    };
    let port = cfg.port;
    let world = ModelWorld::soft(cfg, mem)
        .map_err(|e| format!("the soft endpoint cannot use UDP port {port} on {ip}: {e}"))?;
    let backend = ModelWorld::backend(&world, 0);
    Ok((
        Box::new(backend),
        AnyClock::Wall(WallClock::default()),
        STALL_PS,
    ))
}

fn s(e: braid_driver::Error) -> String {
    e.to_string()
}

/// One perftest run as both sides agree on it.
struct Plan {
    test: Test,
    size: u32,
    iters: u32,
    depth: u32,
    paths: u8,
    /// The soft endpoint's payload bytes per packet.
    mtu: u32,
    mac: [u8; 6],
    ip: [u8; 4],
    server: bool,
    /// What runs it, for the output (`--device`).
    device: String,
}

impl Plan {
    /// Bytes of the test's region.
    fn region(&self) -> usize {
        match self.test {
            Test::Bw => 2 * self.size as usize,
            Test::Lat => self.size as usize,
        }
    }

    /// The first line each side sends: the test, its size and iterations.
    fn hello(&self) -> String {
        format!(
            "braid-perf {} {} {}",
            self.test.name(),
            self.size,
            self.iters
        )
    }
}

/// Run `test` on the board of `run.device` (given).
pub fn perftest(test: Test, run: &RunArgs, tx_depth: Option<u32>) -> Result<(), String> {
    let name = test.name();
    let device = run.device.as_deref().unwrap_or_default();
    if run.mtu.is_some() && device != SOFT {
        return Err(format!(
            "--mtu sets the soft endpoint's packet size; a board's is its NET_CFG.mtu_code \
             (run {name} with --soft to use it)"
        ));
    }
    let (mac, ip) = match (run.mac, run.ip) {
        (Some(m), Some(i)) => (m, i.octets()),
        // the soft endpoint's frames are UDP datagrams: no MAC of its own
        (None, Some(i)) if device == SOFT => soft_addr(i),
        (_, None) if device == SOFT => {
            return Err(format!(
                "{name} on the soft endpoint needs --ip: the address its UDP sockets bind to \
                 (and the peer sends to)"
            ))
        }
        _ => {
            return Err(format!(
                "{name} on a board needs --mac and --ip: the engine's own Ethernet and IPv4 \
                 addresses, the source of every frame it sends"
            ))
        }
    };
    let server = match (run.server, &run.connect) {
        (true, None) => true,
        (false, Some(_)) => false,
        (true, Some(_)) => {
            return Err(
                "--server and --connect exclude each other: the server waits for the client, \
                 the client connects to it"
                    .into(),
            )
        }
        (false, None) => {
            return Err(format!(
                "{name} on a board runs on two hosts: give --server on one and --connect HOST \
                 on the other"
            ))
        }
    };
    let plan = Plan {
        test,
        size: run.size.unwrap_or(match test {
            Test::Bw => 65536,
            Test::Lat => 8,
        }),
        iters: run.iters.unwrap_or(5000),
        depth: tx_depth.unwrap_or(braid_spec::state::MSG_WINDOW as u32),
        paths: run.paths,
        mtu: run.mtu.unwrap_or(braid_net::soft::default_mtu()),
        mac,
        ip,
        server,
        device: device.to_string(),
    };
    // the board first: a missing VFIO set-up is reported before any wait
    // on the network
    let opened = if device == SOFT {
        open_soft(ip, plan.region() as u64 + SOFT_MEM_EXTRA, plan.mtu)?
    } else {
        open_board(device, run.sysfs.clone(), run.dev.clone())?
    };
    let mut tcp = if server {
        let l = TcpListener::bind(("0.0.0.0", run.port))
            .map_err(|e| format!("cannot listen on TCP port {}: {e}", run.port))?;
        eprintln!("{name}: waiting for the client on TCP port {}", run.port);
        l.accept()
            .map_err(|e| format!("accept on TCP port {}: {e}", run.port))?
            .0
    } else {
        let host = run.connect.as_deref().unwrap_or_default();
        TcpStream::connect((host, run.port)).map_err(|e| {
            format!(
                "cannot connect to {host}:{}: {e}; is `braid {name} --server` running there?",
                run.port
            )
        })?
    };
    let hello = plan.hello();
    let theirs = exchange_line(&mut tcp, &format!("{hello}\n")).map_err(s)?;
    if theirs != hello {
        return Err(format!(
            "the peer runs {theirs:?}, this side {hello:?}: run the same test with the same \
             --size and --iters on both hosts"
        ));
    }
    session(&plan, opened, tcp)
}

/// The soft endpoint's addresses at `ip`: a MAC made from it (its frames
/// are UDP datagrams, the kernel's MAC carries them).
fn soft_addr(ip: std::net::Ipv4Addr) -> ([u8; 6], [u8; 4]) {
    let o = ip.octets();
    ([0x02, 0x42, 0x52, o[1], o[2], o[3]], o)
}

/// `braid serve`: a soft endpoint at `ip` that serves perftest clients
/// (`write_bw --soft --connect`, `write_lat --soft --connect`) on TCP port
/// `port`, one after another (`once`: the first only), sending packets of
/// `mtu` payload bytes. Each client's first
/// line names its test, size and iterations, and this side runs the
/// server's part of it with a fresh engine.
pub fn serve(
    ip: std::net::Ipv4Addr,
    port: u16,
    paths: u8,
    mtu: u32,
    once: bool,
) -> Result<(), String> {
    use std::io::Read;
    let l = TcpListener::bind(("0.0.0.0", port))
        .map_err(|e| format!("cannot listen on TCP port {port}: {e}"))?;
    eprintln!("braid serve: soft endpoint on {ip}, perftest clients on TCP port {port}");
    loop {
        let (mut tcp, from) = l
            .accept()
            .map_err(|e| format!("accept on TCP port {port}: {e}"))?;
        // the client's first line, a byte at a time (its parameters follow)
        let mut line = Vec::new();
        let mut b = [0u8; 1];
        while line.len() < 256 {
            match tcp.read(&mut b) {
                Ok(1) if b[0] != b'\n' => line.push(b[0]),
                _ => break,
            }
        }
        let line = String::from_utf8_lossy(&line).into_owned();
        let w: Vec<&str> = line.split(' ').collect();
        let test = match w.get(1) {
            Some(&"write_bw") => Some(Test::Bw),
            Some(&"write_lat") => Some(Test::Lat),
            _ => None,
        };
        let (Some(test), Some(Ok(size)), Some(Ok(iters)), "braid-perf") = (
            test,
            w.get(2).map(|v| v.parse::<u32>()),
            w.get(3).map(|v| v.parse::<u32>()),
            w.first().copied().unwrap_or_default(),
        ) else {
            eprintln!("braid serve: {from} sent {line:?}, not a perftest client's first line");
            continue;
        };
        let (mac, ipb) = soft_addr(ip);
        let plan = Plan {
            test,
            size,
            iters,
            depth: braid_spec::state::MSG_WINDOW as u32,
            paths,
            mtu,
            mac,
            ip: ipb,
            server: true,
            device: SOFT.into(),
        };
        let r = open_soft(ipb, plan.region() as u64 + SOFT_MEM_EXTRA, mtu).and_then(|opened| {
            use std::io::Write;
            tcp.write_all(format!("{}\n", plan.hello()).as_bytes())
                .map_err(|e| format!("the exchange with {from} failed: {e}"))?;
            session(&plan, opened, tcp)
        });
        match r {
            Ok(()) => eprintln!("braid serve: served {from}: {line}"),
            Err(e) => eprintln!("braid serve: {from}: {e}"),
        }
        if once {
            return Ok(());
        }
    }
}

/// The rest of a run once the two sides agree on `plan`: regions, the
/// queue pair connected with the peer's parameters, the test, the
/// figures.
fn session(
    plan: &Plan,
    (backend, mut clock, stall_ps): (Box<dyn Backend>, AnyClock, u64),
    mut tcp: TcpStream,
) -> Result<(), String> {
    let Plan {
        test,
        size,
        iters,
        depth,
        mac,
        ip,
        server,
        ..
    } = *plan;
    let device = plan.device.as_str();
    let what_clock = match clock {
        AnyClock::Wall(_) => "wall clock",
        AnyClock::Sim(_) => "simulated clock",
    };
    let ctx = Context::open(backend).map_err(s)?;
    ctx.set_local_addr(mac, ip).map_err(s)?;
    let pd = ctx.alloc_pd();
    let sq = depth.next_power_of_two().max(16);
    let cq = ctx.create_cq(2 * sq).map_err(s)?;
    let mr = pd
        .reg_mr(plan.region(), access::LOCAL_WRITE | access::REMOTE_WRITE)
        .map_err(s)?;
    let init = QpInit {
        sq_entries: sq,
        rq_entries: 16,
        streams: 1,
        paths: plan.paths,
    };
    let mut qp = pd.create_qp(&cq, init).map_err(s)?;
    let local = qp.local_params(mac, ip);
    let peer = local.exchange(&mut tcp).map_err(s)?;
    let remote = RemoteBuf::of(&mr).exchange(&mut tcp).map_err(s)?;
    qp.connect(&local, &peer).map_err(s)?;
    // "ready" waits without polling (a completion that arrives meanwhile
    // belongs to the test); on the soft endpoint "done" polls while it
    // waits, discarding. A board's engine runs by itself, and a simulated
    // board's time must pass only for the side that measures.
    let soft = device == SOFT;
    let sync = |tcp: &mut TcpStream, word: &str| {
        if soft {
            return sync_polling(tcp, word, &cq);
        }
        let got = exchange_line(tcp, &format!("{word}\n")).map_err(s)?;
        if got != word {
            return Err(format!(
                "the peer said {got:?} instead of {word:?}: it failed, see its output"
            ));
        }
        Ok(())
    };
    let ready = exchange_line(&mut tcp, "ready\n").map_err(s)?;
    if ready != "ready" {
        return Err(format!(
            "the peer said {ready:?} instead of \"ready\": it failed, see its output"
        ));
    }
    match test {
        Test::Bw if server => {
            sync(&mut tcp, "done")?;
            println!("write_bw server: the client's {iters} WRITEs of {size} bytes are done");
        }
        Test::Bw => {
            let cfg = BwConfig {
                size,
                iters,
                depth,
                stream: 0,
                stall_ps,
            };
            let r = perf::write_bw(&mut qp, &cq, &mr, remote, &cfg, &mut clock).map_err(s)?;
            sync(&mut tcp, "done")?;
            println!(
                "write_bw on {device}, {} paths, {depth} in flight, {what_clock}",
                plan.paths
            );
            println!(
                "{:>10} {:>8} {:>12} {:>14}",
                "bytes", "iters", "BW (Gb/s)", "BW (MB/s)"
            );
            println!(
                "{size:>10} {iters:>8} {:>12.2} {:>14.1}",
                r.gbps(),
                r.gbps() * 1e3 / 8.0
            );
        }
        Test::Lat => {
            let cfg = LatConfig {
                size,
                iters,
                stream: 0,
                stall_ps,
            };
            let side = LatSide::new(&mut qp, &cq, &mr, remote, cfg, !server).map_err(s)?;
            let rtts = perf::write_lat(side, &mut clock).map_err(s)?;
            sync(&mut tcp, "done")?;
            if server {
                println!("write_lat server: {iters} round trips answered");
            } else {
                println!(
                    "write_lat on {device}, {} paths, {size} bytes; one-way latency = half a \
                     WRITE_WITH_IMM round trip, {what_clock}, host software included",
                    plan.paths
                );
                print!("{}", LatStats::from_rtts(&rtts));
            }
        }
    }
    print!(
        "engine counters (braid stats):\n{}",
        ctx.counters().map_err(s)?
    );
    Ok(())
}
