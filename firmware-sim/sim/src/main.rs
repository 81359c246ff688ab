//! `braid-sim`: the Braid simulation command.
//!
//! `braid-sim demo` runs every exported RTL block through its Verilator
//! co-simulation against the cycle-exact reference model, prints what each
//! block did and the co-simulation speed with and without per-cycle model
//! checking (`blocks.rs`), then runs the engine top (`braid_engine_tiny`)
//! under the driver, two tops MAC to MAC, and two tops through the fabric
//! simulator at 0%, 1% and 10% loss beside the transport model
//! (`engine.rs`). `braid-sim bench` runs the benchmarks (`benches.rs`);
//! `braid-sim modules` lists the Verilated modules and their ports.
//! Logging: `RUST_LOG=info` (env_logger).

use anyhow::{bail, Result};
use braid_cosim::equiv::{self, EquivReport};
use braid_cosim::Sim;
use braid_driver::perf::parse_seed;
use braid_model::ack_gen::AckGenOut;
use braid_model::cq_writer::CqOut;
use braid_model::dedup_table::DedupOut;
use braid_model::dw_arb::DwArbOut;
use braid_model::loss_detector::LossOut;
use braid_model::mr_check::MrCheckOut;
use braid_model::msg_tracker::MsgOut;
use braid_model::path_cc::PathCcOut;
use braid_model::path_window::PathWindowOut;
use braid_model::reg_block::RegBlockOut;
use braid_model::rx_parser::RxOut as RxParserOut;
use braid_model::rx_path_table::RxOut;
use braid_model::sack_tracker::{PsnClass, SackOut};
use braid_model::sprayer::SprayOut;
use braid_model::tx_builder::TxOut;
use braid_model::tx_compl::TxComplOut;
use braid_model::tx_path_table::TxOut as TxPathOut;
use braid_model::{
    AckGenModel, CqWriterModel, CycleModel, DedupTableModel, DwArbModel, LossDetectorModel,
    MrCheckModel, MsgTrackerModel, PathCcFullModel, PathWindowModel, RegBlockModel, RxParserModel,
    RxPathTableModel, SackTrackerModel, SprayerModel, TxBuilderModel, TxComplFullModel,
    TxPathTableModel,
};
use braid_net::bench;
use braid_spec::regs;
use clap::{Parser, Subcommand};
use std::io::Write as _;
use std::path::{Path, PathBuf};

/// `println!` that returns an error instead of panicking (a closed pipe
/// ends the program quietly, see `main`).
macro_rules! out {
    ($($t:tt)*) => {
        writeln!(std::io::stdout().lock(), $($t)*)?
    };
}

mod benches;
mod blocks;
mod engine;
use benches::*;
use blocks::*;
use engine::*;

#[derive(Parser)]
#[command(
    name = "braid-sim",
    version,
    about = "Braid co-simulation, reference model and benchmarks"
)]
struct Cli {
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// Run every RTL block in Verilator against its reference model.
    Demo {
        /// Clock cycles per block.
        #[arg(long, default_value_t = 1_000_000)]
        cycles: u64,
        /// Stimulus seed (hex or decimal).
        #[arg(long, default_value = "0xb4a1d", value_parser = parse_seed)]
        seed: u64,
        /// Also write an FST waveform of each block's first run into DIR.
        #[arg(long, value_name = "DIR")]
        fst: Option<PathBuf>,
        /// Where the engine fabric runs' plot and capture go.
        #[arg(long, value_name = "DIR", default_value = "out/engine")]
        out: PathBuf,
    },
    /// List the Verilated modules and their ports.
    Modules,
    /// Transport benchmarks on the fabric simulator.
    Bench {
        #[command(subcommand)]
        which: Bench,
    },
    /// perftest-style RDMA WRITE latency (ping-pong of WRITE_WITH_IMM)
    /// through braid-driver's verbs API on two engines: the Verilated
    /// engine tops through the fabric simulator (`--engine rtl`, the
    /// default), or two model engines.
    WriteLat {
        /// Message size in bytes.
        #[arg(long, default_value_t = 8)]
        size: u32,
        /// Round trips [default: 200 on the RTL, 1000 on the model].
        #[arg(long)]
        iters: Option<u32>,
        /// End-to-end loss probability (0 to 1).
        #[arg(long, default_value_t = 0.0)]
        loss: f64,
        /// Seed (decimal or 0x-hex).
        #[arg(long, default_value = "0xb4a1", value_parser = parse_seed)]
        seed: u64,
        /// The engines: the Verilated tops or the transport model.
        #[arg(long, value_enum, default_value = "rtl")]
        engine: EngineKind,
    },
    /// perftest-style RDMA WRITE bandwidth through braid-driver's verbs API
    /// on two engines: the Verilated engine tops through the fabric
    /// simulator (`--engine rtl`, the default: 4 paths, 153.6 Gb/s ports),
    /// or two model engines (the transport model behind the host
    /// interface: 16 paths, 400 Gb/s).
    WriteBw {
        /// Message size in bytes.
        #[arg(long, default_value_t = 65536)]
        size: u32,
        /// Messages [default: 200 on the RTL, 2000 on the model].
        #[arg(long)]
        iters: Option<u32>,
        /// Work requests in flight [default: 16 on the RTL (at most 32),
        /// 64 on the model].
        #[arg(long)]
        tx_depth: Option<u32>,
        /// End-to-end loss probability (0 to 1).
        #[arg(long, default_value_t = 0.0)]
        loss: f64,
        /// Seed (decimal or 0x-hex).
        #[arg(long, default_value = "0xb4a1", value_parser = parse_seed)]
        seed: u64,
        /// The engines: the Verilated tops or the transport model.
        #[arg(long, value_enum, default_value = "rtl")]
        engine: EngineKind,
    },
}

#[derive(Subcommand)]
enum Bench {
    /// Goodput against loss: 2 hosts, 1 connection, 16 paths, 400 Gb/s,
    /// 4 KiB payloads; end-to-end loss, then the same p on every hop.
    /// `--out DIR` also writes DIR/loss.svg (goodput against loss) and
    /// DIR/braid-loss-1pct.pcap (frames of a braid connection carrying
    /// WRITE/WRITE_IMM/SEND/SEND_IMM at 1% loss; open it with
    /// tools/wireshark/braid.lua). `--engine rtl`: the two Verilated
    /// engine tops in the loop instead (2 hosts, 4 paths, the engine's
    /// 153.6 Gb/s port), each row beside the model's on the same fabric.
    Loss(BenchOpts),
    /// 32-to-1 incast: rounds to converge, peak queue, Jain index, last
    /// completion over the ideal.
    Incast(BenchOpts),
    /// 64 hosts, 1/2/4/8 planes, 4,000 connections all-to-all: aggregate
    /// over capacity.
    Planes(BenchOpts),
    /// A link (1 of 8) and a plane (1 of 4) fail mid-transfer: rounds to
    /// recover, messages lost.
    Failover(BenchOpts),
    /// 64-node ring all-reduce at 0% and 1% loss: completion-time ratio.
    Allreduce(BenchOpts),
    /// 64 hosts, every host WRITEs to every other, at 0% and 1% loss:
    /// completion over the lossless ideal, slowest flow over the median.
    Alltoall(BenchOpts),
    /// Every scenario above, in order.
    All(BenchOpts),
}

#[derive(clap::Args, Clone)]
struct BenchOpts {
    /// A reduced run (shorter simulated time, smaller transfers).
    #[arg(long)]
    quick: bool,
    /// One JSON object per row instead of the table.
    #[arg(long)]
    json: bool,
    /// Seed of the fabric's random choices (decimal or 0x-hex).
    #[arg(long, default_value = "0xb4a1", value_parser = parse_seed)]
    seed: u64,
    /// Also write each scenario's table (DIR/<scenario>.txt) and JSON rows
    /// (DIR/<scenario>.jsonl); for `loss` also the plot and the capture.
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
    /// What carries the Braid rows: the transport model, or (loss only) the
    /// two Verilated engine tops through the fabric simulator.
    #[arg(long, value_enum, default_value = "model")]
    engine: EngineKind,
    /// With `--engine rtl`: FST waveforms of the two engines in the 1%
    /// run (DIR/engine-a.fst, DIR/engine-b.fst), its first `--fst-clocks`.
    #[arg(long, value_name = "DIR")]
    fst: Option<PathBuf>,
    /// Clocks the waveforms cover (from the start of the 1% run).
    #[arg(long, default_value_t = FST_CLOCKS, value_name = "N")]
    fst_clocks: u64,
    /// With `--engine rtl`: `TIMER_CFG.ack_coalesce` of both engines and
    /// the model's receivers (data packets a path receives before its ACK
    /// is due; the ACK timer acknowledges a quieter path) [default: the
    /// register's reset, 1: an ACK per packet].
    #[arg(long, value_name = "N")]
    ack_coalesce: Option<u32>,
}

#[derive(clap::ValueEnum, Clone, Copy, PartialEq, Eq)]
enum EngineKind {
    /// The transport model.
    Model,
    /// The Verilated engine tops (braid_engine_tiny).
    Rtl,
}

fn main() -> Result<()> {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn")).init();
    let cli = Cli::parse();
    match run(cli) {
        Err(e)
            if e.downcast_ref::<std::io::Error>().map(|e| e.kind())
                == Some(std::io::ErrorKind::BrokenPipe) =>
        {
            Ok(())
        }
        r => r,
    }
}

fn run(cli: Cli) -> Result<()> {
    match cli.cmd {
        Cmd::Modules => {
            for m in Sim::modules() {
                out!("{}", m.name);
                for p in m.ports {
                    let dir = if p.input { "in " } else { "out" };
                    out!("  {dir} {:>4}  {}", p.width, p.name);
                }
            }
            Ok(())
        }
        Cmd::Demo {
            cycles,
            seed,
            fst,
            out,
        } => demo(cycles, seed, fst, &out),
        Cmd::Bench { which } => bench_cmd(which),
        Cmd::WriteLat {
            size,
            iters,
            loss,
            seed,
            engine,
        } => match engine {
            EngineKind::Model => write_lat(size, iters.unwrap_or(1000), loss, seed),
            EngineKind::Rtl => write_lat_rtl(size, iters.unwrap_or(200), loss, seed),
        },
        Cmd::WriteBw {
            size,
            iters,
            tx_depth,
            loss,
            seed,
            engine,
        } => match engine {
            EngineKind::Model => write_bw(
                size,
                iters.unwrap_or(2000),
                tx_depth.unwrap_or(64),
                loss,
                seed,
            ),
            EngineKind::Rtl => write_bw_rtl(
                size,
                iters.unwrap_or(200),
                tx_depth.unwrap_or(16),
                loss,
                seed,
            ),
        },
    }
}

/// Clocks of the RTL run at 1% loss traced by `--fst` (demo and bench).
const FST_CLOCKS: u64 = 20_000;

const SCENARIOS: [&str; 6] = [
    "loss",
    "incast",
    "planes",
    "failover",
    "allreduce",
    "alltoall",
];

fn write_bw_rtl(size: u32, iters: u32, depth: u32, loss: f64, seed: u64) -> Result<()> {
    let r = braid_cosim::bench::write_bw(size, iters, depth, loss, seed)?;
    out!("write_bw on two Verilated engines (braid-driver verbs API -> braid_engine_tiny -> fabric: 2 leaves, 4 spines), 153.6 Gb/s ports, 4 paths, {depth} in flight, loss {loss}, seed {seed:#x}");
    write!(std::io::stdout().lock(), "{r}")?;
    Ok(())
}

fn write_lat_rtl(size: u32, iters: u32, loss: f64, seed: u64) -> Result<()> {
    let r = braid_cosim::bench::write_lat(size, iters, loss, seed)?;
    out!("write_lat on two Verilated engines (braid-driver verbs API -> braid_engine_tiny -> fabric: 2 leaves, 4 spines, 500 ns links), 153.6 Gb/s ports, 4 paths, {size} bytes, loss {loss}, seed {seed:#x}");
    out!("one-way latency = half a WRITE_WITH_IMM ping-pong (each side writes back when its completion shows the peer's data landed), engine clock, no host software time");
    write!(std::io::stdout().lock(), "{r}")?;
    Ok(())
}
