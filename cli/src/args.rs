//! The `braid` command's arguments: every subcommand, option and value
//! parser, apart from `main` so that they can be tested and fuzzed
//! (`fuzz/`'s `cli_args` target) on their own.

use braid_driver::perf::parse_seed;
use braid_driver::vfio;
use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;

#[derive(Parser)]
#[command(
    name = "braid",
    version,
    about = "Find Braid boards, open them, and measure them"
)]
pub struct Cli {
    /// The command.
    #[command(subcommand)]
    pub cmd: Cmd,
}

#[derive(Subcommand)]
pub enum Cmd {
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
pub fn parse_mtu(s: &str) -> Result<u32, String> {
    match s.parse::<u32>() {
        Ok(m) if braid_net::soft::SoftConfig::valid_mtu(m) => Ok(m),
        _ => Err(format!(
            "{s:?} is not a packet size: give 1024, 2048, 4096 or 8192 payload bytes"
        )),
    }
}

/// An Ethernet address as six hex bytes separated by colons.
pub fn parse_mac(s: &str) -> Result<[u8; 6], String> {
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

pub fn parse_path_sel(s: &str) -> Result<(u32, u32), String> {
    let (c, p) = s
        .split_once(':')
        .ok_or_else(|| format!("`{s}`: expected CONN:PATH, two numbers, e.g. 3:0"))?;
    let num = |what: &str, v: &str| {
        v.parse::<u32>()
            .map_err(|_| format!("`{s}`: {what} `{v}` is not a number"))
    };
    Ok((num("connection", c)?, num("path", p)?))
}
