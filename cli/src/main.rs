//! `braid`: find Braid boards, open them, and measure them.
//!
//! * `braid devices [--sysfs DIR] [--dev DIR] [--all]` lists the Braid
//!   boards (PCI id 10ee:b4a1, `braid_spec::pci`) with their driver, IOMMU
//!   group and NUMA node, and whether VFIO can open each ("ready") or what is
//!   missing, with the commands that fix it; Alveo cards that run another
//!   bitstream are named after the list. `--all` lists every PCI function.
//! * `braid info --device ADDR` opens the board at PCI address `ADDR` through
//!   VFIO and prints the engine's identity; `--device sim:SOCKET:BOARD`
//!   opens a simulated board (the board top under cocotbext-pcie's hard
//!   block and root complex, `tests/cocotb/board_pair`) and `--device mem`
//!   the register file in memory (no board needed).
//!
//! * `braid stats --device ADDR [--select CONN:PATH]` prints the engine's
//!   counters and the statistics of the selected path (`--select` selects
//!   one first, restarting its counts).
//! * `braid pair_check --device A --peer-device B` checks two boards cabled
//!   port to port (or two simulated boards): seeded WRITE, WRITE_WITH_IMM
//!   and SEND/RECV from A to B, every completion and byte exact.
//! * `braid write_bw` and `braid write_lat` are perftest's `ib_write_bw`
//!   and `ib_write_lat` over braid-driver's verbs API
//!   ([`braid_driver::perf`]). Without `--device` both sides run in this
//!   process on two Verilated engines connected through the fabric
//!   simulator (feature `cosim`, the default). With `--device ADDR` they
//!   run on a board: one host runs `--server`, the other `--connect HOST`,
//!   and the two exchange their connection parameters and buffers over TCP
//!   (`--port`, default 18515 as perftest's). `--device soft` runs them on
//!   the soft endpoint, no board needed: the transport on UDP sockets bound
//!   to `--ip`, between two hosts or two addresses of one.
//! * `braid serve --ip ADDR` is a soft endpoint that serves those clients
//!   (`write_bw --soft --connect HOST --ip ADDR`) one after another.
//!
//! Errors go to standard error and exit with code 1.

mod board;
mod check;

use std::path::PathBuf;
use std::process::ExitCode;

use braid_driver::perf::parse_seed;
use braid_driver::vfio::{self, PciDeviceInfo};
use braid_driver::{Backend, Device, MemBackend};
use clap::{Args, Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "braid",
    version,
    about = "Find Braid boards, open them, and measure them"
)]
struct Cli {
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// List PCI devices that look like Braid boards and what VFIO still needs.
    Devices {
        /// sysfs root.
        #[arg(long, value_name = "DIR", default_value = vfio::DEFAULT_SYSFS)]
        sysfs: PathBuf,
        /// Device-file root (VFIO files are under DIR/vfio).
        #[arg(long, value_name = "DIR", default_value = vfio::DEFAULT_DEV)]
        dev: PathBuf,
        /// List every PCI device, not only Xilinx ones.
        #[arg(long)]
        all: bool,
    },
    /// Open a board and print the engine's identity.
    Info {
        #[command(flatten)]
        at: DeviceArgs,
    },
    /// Open a board and print the engine's counters and the statistics of
    /// the path PATH_SEL selects.
    Stats {
        #[command(flatten)]
        at: DeviceArgs,
        /// Select path PATH of connection CONN first (PATH_SEL): its counts
        /// restart from 0, run `braid stats` again to read them.
        #[arg(long, value_name = "CONN:PATH", value_parser = parse_path_sel)]
        select: Option<(u32, u32)>,
    },
    /// perftest's RDMA WRITE bandwidth: on two co-simulated engines, or on
    /// a board with --device and --server / --connect.
    #[command(name = "write_bw", alias = "write-bw")]
    WriteBw {
        #[command(flatten)]
        run: RunArgs,
        /// WRITEs in flight [default: 16 on the co-simulated engines, 32 on
        /// a board; at most 32, the messages a connection holds in flight].
        #[arg(long)]
        tx_depth: Option<u32>,
    },
    /// Two boards in one host cabled port to port (or two simulated
    /// boards): seeded WRITE, WRITE_WITH_IMM and SEND/RECV from A to B,
    /// every completion and every byte of B's region checked.
    #[command(name = "pair_check", alias = "pair-check")]
    PairCheck {
        /// Board A, the sender: a PCI address or sim:SOCKET:BOARD.
        #[arg(long, value_name = "ADDR")]
        device: String,
        /// Board B, the receiver.
        #[arg(long, value_name = "ADDR")]
        peer_device: String,
        /// Messages.
        #[arg(long, default_value_t = 300)]
        count: u32,
        /// Largest message in bytes (lengths are 1 to this).
        #[arg(long, default_value_t = 16384)]
        max_size: u32,
        /// Messages in flight together (a batch).
        #[arg(long, default_value_t = 8)]
        depth: u32,
        /// Seed of the lengths, places and bytes (decimal or 0x-hex).
        #[arg(long, value_parser = parse_seed, default_value = "0xb4a1")]
        seed: u64,
        /// Paths of the connection [default: all the engines have].
        #[arg(long)]
        paths: Option<u8>,
        /// sysfs root.
        #[arg(long, value_name = "DIR", default_value = vfio::DEFAULT_SYSFS)]
        sysfs: PathBuf,
        /// Device-file root (VFIO files are under DIR/vfio).
        #[arg(long, value_name = "DIR", default_value = vfio::DEFAULT_DEV)]
        dev: PathBuf,
    },
    /// A soft endpoint (the transport on UDP sockets, no board) serving
    /// `write_bw --soft --connect` and `write_lat --soft --connect`
    /// clients, one after another.
    Serve {
        /// The address its UDP sockets bind to (the clients' endpoints send
        /// there).
        #[arg(long)]
        ip: std::net::Ipv4Addr,
        /// TCP port of the parameter exchange.
        #[arg(long, default_value_t = 18515)]
        port: u16,
        /// Paths of each connection (UDP source ports).
        #[arg(long, default_value_t = 16)]
        paths: u8,
        /// Payload bytes per packet this side sends: 1024, 2048, 4096 or
        /// 8192; the link must carry it plus 80 bytes unfragmented.
        #[arg(long, value_parser = parse_mtu, default_value_t = 4096)]
        mtu: u32,
        /// Serve one client, then exit.
        #[arg(long)]
        once: bool,
    },
    /// perftest's RDMA WRITE latency (a WRITE_WITH_IMM ping-pong): on two
    /// co-simulated engines, or on a board with --device and --server /
    /// --connect.
    #[command(name = "write_lat", alias = "write-lat")]
    WriteLat {
        #[command(flatten)]
        run: RunArgs,
    },
}

/// Which engine `info` and `stats` open.
#[derive(Args, Debug, Clone)]
pub struct DeviceArgs {
    /// PCI address (0000:3b:00.0 or 3b:00.0), `sim:SOCKET:BOARD` for a
    /// simulated board (tests/cocotb/board_pair), or `mem` for the register
    /// file in memory.
    #[arg(long, value_name = "ADDR")]
    pub device: String,
    /// sysfs root.
    #[arg(long, value_name = "DIR", default_value = vfio::DEFAULT_SYSFS)]
    pub sysfs: PathBuf,
    /// Device-file root (VFIO files are under DIR/vfio).
    #[arg(long, value_name = "DIR", default_value = vfio::DEFAULT_DEV)]
    pub dev: PathBuf,
}

/// What `write_bw` and `write_lat` share.
#[derive(Args, Debug, Clone)]
pub struct RunArgs {
    /// Message size in bytes [default: 65536 for write_bw, 8 for
    /// write_lat].
    #[arg(long)]
    pub size: Option<u32>,
    /// WRITEs (write_bw) or round trips (write_lat) [default: 200 on the
    /// co-simulated engines, 5000 on a board].
    #[arg(long, short = 'n')]
    pub iters: Option<u32>,
    /// Co-simulation only: end-to-end loss probability of the simulated
    /// fabric (0 to 1) [default: 0].
    #[arg(long)]
    pub loss: Option<f64>,
    /// Co-simulation only: seed of the fabric and the data (decimal or
    /// 0x-hex) [default: 0xb4a1].
    #[arg(long, value_parser = parse_seed)]
    pub seed: Option<u64>,
    /// Run on the board at this PCI address (0000:3b:00.0 or 3b:00.0), on
    /// the simulated board `sim:SOCKET:BOARD`, or on the soft endpoint
    /// `soft` (the transport on UDP sockets bound to --ip), instead of the
    /// co-simulated engines.
    #[arg(long, value_name = "ADDR")]
    pub device: Option<String>,
    /// Run on the soft endpoint: the same as `--device soft`.
    #[arg(long, conflicts_with = "device")]
    pub soft: bool,
    /// Board: wait for the peer's `--connect`.
    #[arg(long)]
    pub server: bool,
    /// Board: connect to the peer's `--server` at HOST.
    #[arg(long, value_name = "HOST")]
    pub connect: Option<String>,
    /// Board: TCP port of the parameter exchange.
    #[arg(long, default_value_t = 18515)]
    pub port: u16,
    /// Board: the engine's own Ethernet address (the source of its frames),
    /// as 02:42:52:00:00:01.
    #[arg(long, value_parser = parse_mac)]
    pub mac: Option<[u8; 6]>,
    /// Board: the engine's own IPv4 address.
    #[arg(long)]
    pub ip: Option<std::net::Ipv4Addr>,
    /// Board: paths of the connection (UDP source ports).
    #[arg(long, default_value_t = 16)]
    pub paths: u8,
    /// Soft endpoint: payload bytes per packet, 1024, 2048, 4096 or 8192
    /// (a board's is its NET_CFG.mtu_code); the link must carry it plus
    /// 80 bytes unfragmented [default: 4096]
    #[arg(long, value_parser = parse_mtu)]
    pub mtu: Option<u32>,
    /// Board: sysfs root.
    #[arg(long, value_name = "DIR", default_value = vfio::DEFAULT_SYSFS)]
    pub sysfs: PathBuf,
    /// Board: device-file root (VFIO files are under DIR/vfio).
    #[arg(long, value_name = "DIR", default_value = vfio::DEFAULT_DEV)]
    pub dev: PathBuf,
}

/// A packet payload size the engine has.
fn parse_mtu(s: &str) -> Result<u32, String> {
    match s.parse::<u32>() {
        Ok(m) if braid_net::soft::SoftConfig::valid_mtu(m) => Ok(m),
        _ => Err(format!(
            "{s:?} is not a packet size: give 1024, 2048, 4096 or 8192 payload bytes"
        )),
    }
}

/// An Ethernet address as six hex bytes separated by colons.
fn parse_mac(s: &str) -> Result<[u8; 6], String> {
    let bad =
        || format!("{s:?} is not an Ethernet address: give six hex bytes, as 02:42:52:00:00:01");
    let p: Vec<&str> = s.split(':').collect();
    if p.len() != 6 {
        return Err(bad());
    }
    let mut m = [0u8; 6];
    for (b, h) in m.iter_mut().zip(p) {
        // one or two hex digits (from_str_radix alone takes "+1" and "0042")
        if h.is_empty() || h.len() > 2 || !h.bytes().all(|c| c.is_ascii_hexdigit()) {
            return Err(bad());
        }
        *b = u8::from_str_radix(h, 16).map_err(|_| bad())?;
    }
    Ok(m)
}

/// Which perftest program.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Test {
    /// Bandwidth.
    Bw,
    /// Latency.
    Lat,
}

impl Test {
    fn name(self) -> &'static str {
        match self {
            Test::Bw => "write_bw",
            Test::Lat => "write_lat",
        }
    }
}

/// `write_bw` / `write_lat`: on a board with --device, else co-simulated.
fn perftest(test: Test, mut run: RunArgs, tx_depth: Option<u32>) -> Result<(), String> {
    if run.soft {
        run.device = Some(board::SOFT.into());
    }
    let max_depth = braid_spec::state::MSG_WINDOW as u32;
    if let Some(d) = tx_depth {
        if d == 0 || d > max_depth {
            return Err(format!(
                "--tx-depth {d}: must be 1 to {max_depth} (the engine holds {max_depth} \
                 messages per connection in flight)"
            ));
        }
    }
    if let Some(0) = run.size {
        return Err("--size 0: a message carries at least 1 byte".into());
    }
    if let Some(0) = run.iters {
        return Err("--iters 0: a run needs at least 1".into());
    }
    if run.device.is_some() {
        for (given, what) in [
            (run.loss.is_some(), "--loss"),
            (run.seed.is_some(), "--seed"),
        ] {
            if given {
                return Err(format!(
                    "{what} is for the co-simulated engines; on a board (--device) the loss is \
                     the network's and the data is not seeded"
                ));
            }
        }
        return board::perftest(test, &run, tx_depth);
    }
    for (given, what) in [
        (run.server, "--server"),
        (run.connect.is_some(), "--connect"),
        (run.mac.is_some(), "--mac"),
        (run.ip.is_some(), "--ip"),
    ] {
        if given {
            return Err(format!(
                "{what} is for a board: give --device ADDR too (without --device, {} runs both \
                 sides in this process on the co-simulated engines)",
                test.name()
            ));
        }
    }
    cosim(test, &run, tx_depth)
}

#[cfg(feature = "cosim")]
fn cosim(test: Test, run: &RunArgs, tx_depth: Option<u32>) -> Result<(), String> {
    let loss = run.loss.unwrap_or(0.0);
    let seed = run.seed.unwrap_or(0xb4a1);
    let iters = run.iters.unwrap_or(200);
    let e = |e: anyhow::Error| format!("{e:#}");
    match test {
        Test::Bw => {
            let (size, depth) = (run.size.unwrap_or(65536), tx_depth.unwrap_or(16));
            let r = braid_cosim::bench::write_bw(size, iters, depth, loss, seed).map_err(e)?;
            println!(
                "write_bw on two co-simulated engines (Verilated braid_engine_tiny, fabric: 2 \
                 leaves, 4 spines), 153.6 Gb/s ports, 4 paths, {depth} in flight, loss {loss}, \
                 seed {seed:#x}"
            );
            print!("{r}");
        }
        Test::Lat => {
            let size = run.size.unwrap_or(8);
            let r = braid_cosim::bench::write_lat(size, iters, loss, seed).map_err(e)?;
            println!(
                "write_lat on two co-simulated engines (Verilated braid_engine_tiny, fabric: 2 \
                 leaves, 4 spines, 500 ns links), 4 paths, {size} bytes, loss {loss}, seed \
                 {seed:#x}; one-way latency = half a WRITE_WITH_IMM round trip, engine clock"
            );
            print!("{r}");
        }
    }
    Ok(())
}

#[cfg(not(feature = "cosim"))]
fn cosim(test: Test, _: &RunArgs, _: Option<u32>) -> Result<(), String> {
    Err(format!(
        "this braid was built without the co-simulated engines (feature `cosim`): run {} on \
         a board with --device ADDR",
        test.name()
    ))
}

fn opt<T: ToString>(v: Option<T>) -> String {
    v.map_or_else(|| "-".to_string(), |v| v.to_string())
}

/// Indent every line of `s` by four spaces.
fn indent(s: &str) -> String {
    s.lines().map(|l| format!("    {l}\n")).collect::<String>()
}

fn devices(sysfs: PathBuf, dev: PathBuf, all: bool) -> Result<(), String> {
    use braid_spec::pci;
    let every = vfio::list_devices(&sysfs).map_err(|e| e.to_string())?;
    let total = every.len();
    let others: Vec<PciDeviceInfo> = every
        .iter()
        .filter(|d| d.is_xilinx() && !d.is_braid())
        .cloned()
        .collect();
    let shown: Vec<PciDeviceInfo> = if all {
        every
    } else {
        vfio::braid_boards(every)
    };
    if shown.is_empty() {
        println!(
            "no Braid board found: none of the {total} PCI devices under {} has Braid's id \
             {:04x}:{:04x} (`braid devices --all` lists them all)",
            sysfs.join("bus/pci/devices").display(),
            pci::VENDOR,
            pci::DEVICE
        );
    } else {
        println!(
            "{:<13} {:<10} {:<7} {:<10} {:<6} {:<5} VFIO",
            "ADDRESS", "ID", "CLASS", "DRIVER", "GROUP", "NUMA"
        );
    }
    for d in &shown {
        let status = vfio::check(&sysfs, &dev, d.addr);
        println!(
            "{:<13} {:04x}:{:04x}  {:06x}  {:<10} {:<6} {:<5} {}",
            d.addr.to_string(),
            d.vendor,
            d.device,
            d.class,
            d.driver.as_deref().unwrap_or("-"),
            opt(d.iommu_group),
            opt(d.numa_node),
            if status.is_ok() {
                "ready"
            } else {
                "not ready:"
            }
        );
        if let Err(e) = status {
            print!("{}", indent(&e.to_string()));
        }
    }
    if !all {
        for d in &others {
            println!(
                "{} ({:04x}:{:04x}, driver {}) is an Alveo card running another bitstream, \
                 not Braid's: load Braid's (driver/README.md, \"Loading the bitstream\")",
                d.addr,
                d.vendor,
                d.device,
                d.driver.as_deref().unwrap_or("none")
            );
        }
    }
    Ok(())
}

fn open(
    device: &str,
    sysfs: PathBuf,
    dev: PathBuf,
) -> Result<(String, Device<Box<dyn Backend>>), String> {
    let backend: Box<dyn Backend> = if device == "mem" {
        Box::new(MemBackend::new())
    } else {
        board::open_board(device, sysfs, dev)?.0
    };
    let name = backend.name().to_string();
    let d = Device::open(backend).map_err(|e| e.to_string())?;
    Ok((name, d))
}

fn info(device: &str, sysfs: PathBuf, dev: PathBuf) -> Result<(), String> {
    let (name, d) = open(device, sysfs, dev)?;
    println!("{name}: Braid engine, {}", d.info());
    Ok(())
}

fn parse_path_sel(s: &str) -> Result<(u32, u32), String> {
    let (c, p) = s
        .split_once(':')
        .ok_or_else(|| format!("`{s}`: expected CONN:PATH, two numbers, e.g. 3:0"))?;
    let num = |what: &str, v: &str| {
        v.parse::<u32>()
            .map_err(|_| format!("`{s}`: {what} `{v}` is not a number"))
    };
    Ok((num("connection", c)?, num("path", p)?))
}

fn stats(
    device: &str,
    sysfs: PathBuf,
    dev: PathBuf,
    select: Option<(u32, u32)>,
) -> Result<(), String> {
    let (name, mut d) = open(device, sysfs, dev)?;
    if let Some((conn, path)) = select {
        d.select_path(conn, path).map_err(|e| e.to_string())?;
    }
    let c = d.counters().map_err(|e| e.to_string())?;
    let p = d.path_stats().map_err(|e| e.to_string())?;
    println!("{name}: Braid engine counters");
    print!("{c}");
    print!("{p}");
    Ok(())
}

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn")).init();
    let cli = Cli::parse();
    let r = match cli.cmd {
        Cmd::Devices { sysfs, dev, all } => devices(sysfs, dev, all),
        Cmd::Info { at } => info(&at.device, at.sysfs, at.dev),
        Cmd::Stats { at, select } => stats(&at.device, at.sysfs, at.dev, select),
        Cmd::WriteBw { run, tx_depth } => perftest(Test::Bw, run, tx_depth),
        Cmd::WriteLat { run } => perftest(Test::Lat, run, None),
        Cmd::Serve {
            ip,
            port,
            paths,
            mtu,
            once,
        } => board::serve(ip, port, paths, mtu, once),
        Cmd::PairCheck {
            device,
            peer_device,
            count,
            max_size,
            depth,
            seed,
            paths,
            sysfs,
            dev,
        } => check::pair_check(&check::PairCheck {
            device,
            peer: peer_device,
            count,
            max_size,
            depth,
            seed,
            paths,
            sysfs,
            dev,
        }),
    };
    match r {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("braid: {e}");
            ExitCode::FAILURE
        }
    }
}
