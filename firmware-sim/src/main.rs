//! `braid-sim`: the Braid simulation command.
//!
//! `braid-sim demo` runs every exported RTL block through its Verilator
//! co-simulation against the cycle-exact reference model, prints what each
//! block did and the co-simulation speed with and without per-cycle model
//! checking, then runs the engine top (`braid_engine_tiny`, stage 1: the
//! host interface and control path) under the driver and prints its
//! co-simulation speed. `braid-sim modules` lists the Verilated modules and
//! their ports.
//! Logging: `RUST_LOG=info` (env_logger).

use anyhow::{bail, Result};
use braid_driver::perf::parse_seed;
use braid_sim::bench;
use braid_sim::cosim::equiv::{self, EquivReport};
use braid_sim::cosim::Sim;
use braid_sim::model::ack_gen::AckGenOut;
use braid_sim::model::cq_writer::CqOut;
use braid_sim::model::dedup_table::DedupOut;
use braid_sim::model::dw_arb::DwArbOut;
use braid_sim::model::loss_detector::LossOut;
use braid_sim::model::mr_check::MrCheckOut;
use braid_sim::model::msg_tracker::MsgOut;
use braid_sim::model::path_cc::PathCcOut;
use braid_sim::model::path_window::PathWindowOut;
use braid_sim::model::reg_block::RegBlockOut;
use braid_sim::model::rx_parser::RxOut as RxParserOut;
use braid_sim::model::rx_path_table::RxOut;
use braid_sim::model::sack_tracker::{PsnClass, SackOut};
use braid_sim::model::sprayer::SprayOut;
use braid_sim::model::tx_builder::TxOut;
use braid_sim::model::tx_compl::TxComplOut;
use braid_sim::model::tx_path_table::TxOut as TxPathOut;
use braid_sim::model::{
    AckGenModel, CqWriterModel, CycleModel, DedupTableModel, DwArbModel, LossDetectorModel,
    MrCheckModel, MsgTrackerModel, PathCcFullModel, PathWindowModel, RegBlockModel, RxParserModel,
    RxPathTableModel, SackTrackerModel, SprayerModel, TxBuilderModel, TxComplFullModel,
    TxPathTableModel,
};
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

struct Row {
    block: &'static str,
    checked: EquivReport,
    raw: EquivReport,
    what: String,
}

fn bench<M: CycleModel>(
    seed: u64,
    cycles: u64,
    fst: &Option<PathBuf>,
    seen: impl FnMut(&M::In, &M::Out),
) -> Result<(EquivReport, EquivReport)> {
    if let Some(dir) = fst {
        std::env::set_var("BRAID_FST", dir);
    }
    let checked = match equiv::run_observed::<M>(seed, cycles, seen) {
        Ok(r) => r,
        Err(m) => bail!("{m}"),
    };
    std::env::remove_var("BRAID_FST");
    let raw = equiv::run_rtl_only::<M>(seed, cycles);
    Ok((checked, raw))
}

fn demo(cycles: u64, seed: u64, fst: Option<PathBuf>, out: &Path) -> Result<()> {
    if cycles == 0 {
        bail!("--cycles must be at least 1");
    }
    out!("Braid RTL blocks in Verilator vs the reference model: {cycles} clocks per block, seed {seed:#x}\n");
    let mut rows = Vec::new();

    // receiver SACK tracker
    let mut classes = [0u64; 4];
    let (mut advanced, mut jumps, mut last): (u64, u64, Option<SackOut>) = (0, 0, None);
    let (checked, raw) = bench::<SackTrackerModel>(seed, cycles, &fst, |_, o| {
        if let Some((c, _)) = o.res {
            classes[c as usize] += 1;
        }
        if let Some(l) = last {
            let step = o.ack_base.wrapping_sub(l.ack_base);
            if step <= 256 {
                advanced += step as u64;
                jumps += (step > 2) as u64;
            }
        }
        last = Some(*o);
    })?;
    rows.push(Row {
        block: "sack_tracker",
        checked,
        raw,
        what: format!(
            "{} new, {} duplicate, {} beyond window, {} behind base; base advanced {} PSNs ({} floor jumps)",
            classes[PsnClass::New as usize],
            classes[PsnClass::Duplicate as usize],
            classes[PsnClass::Beyond as usize],
            classes[PsnClass::Behind as usize],
            advanced,
            jumps
        ),
    });

    // sender loss detector
    let (mut sent, mut acks, mut acked, mut lost, mut rej, mut blocked) =
        (0u64, 0u64, 0u64, 0u64, 0u64, 0u64);
    let (checked, raw) = bench::<LossDetectorModel>(seed, cycles, &fst, |_, o: &LossOut| {
        sent += o.sent.is_some() as u64;
        if o.ack_done {
            acks += 1;
            acked += o.acked_count as u64;
        }
        lost += o.lost_valid as u64;
        rej += o.ack_rejected as u64;
        blocked += o.send_blocked as u64;
    })?;
    rows.push(Row {
        block: "loss_detector",
        checked,
        raw,
        what: format!(
            "{sent} sent, {acks} ACKs applied ({acked} PSNs newly acked), {lost} proven lost, {rej} bad ACKs rejected, {blocked} sends refused"
        ),
    });

    // per-path window
    let (mut sends, mut closed, mut under, mut open) = (0u64, 0u64, 0u64, 0u64);
    let (checked, raw) = bench::<PathWindowModel>(seed, cycles, &fst, |i, o: &PathWindowOut| {
        sends += i.send as u64;
        closed += o.err_send_closed as u64;
        under += o.err_underflow as u64;
        open += o.open as u64;
    })?;
    rows.push(Row {
        block: "path_window",
        checked,
        raw,
        what: format!(
            "{sends} sends, window open {:.0}% of clocks, {closed} sends into a closed window and {under} underflows flagged",
            100.0 * open as f64 / cycles as f64
        ),
    });

    // receiver memory-region check
    let (mut checks, mut ok, mut refused) = (0u64, 0u64, 0u64);
    let (checked, raw) = bench::<MrCheckModel>(seed, cycles, &fst, |_, o: &MrCheckOut| {
        if o.valid {
            checks += 1;
            ok += o.ok as u64;
            refused += !o.ok as u64;
        }
    })?;
    rows.push(Row {
        block: "mr_check",
        checked,
        raw,
        what: format!(
            "{checks} placement checks: {ok} accepted, {refused} refused with a NACK reason"
        ),
    });

    // BAR0 register block
    let (mut writes, mut reads, mut errs, mut cmds, mut dbs) = (0u64, 0u64, 0u64, 0u64, 0u64);
    let mut prev: Option<RegBlockOut> = None;
    let (checked, raw) = bench::<RegBlockModel>(seed, cycles, &fst, |i, o: &RegBlockOut| {
        // a response is taken when it was valid before the edge and ready at it
        if let Some(p) = prev {
            let (b, r) = (p.bvalid && i.bready, p.rvalid && i.rready);
            writes += b as u64;
            reads += r as u64;
            errs += (b && p.bresp != 0) as u64 + (r && p.rresp != 0) as u64;
        }
        prev = Some(*o);
        cmds += o.cmd_valid as u64;
        dbs += (o.db_sq_valid || o.db_rq_valid || o.db_cq_valid) as u64;
    })?;
    rows.push(Row {
        block: "reg_block",
        checked,
        raw,
        what: format!(
            "{writes} AXI-Lite writes and {reads} reads ({errs} SLVERR), {cmds} commands started, {dbs} doorbells"
        ),
    });

    // receiver per-path table
    let (mut ops, mut pkts, mut new, mut acks_due) = (0u64, 0u64, 0u64, 0u64);
    let (checked, raw) = bench::<RxPathTableModel>(seed, cycles, &fst, |_, o: &RxOut| {
        if o.valid {
            ops += 1;
            pkts += (o.op == 0) as u64;
            new += (o.op == 0 && o.class == 0) as u64;
            acks_due += o.ack_now as u64;
        }
    })?;
    rows.push(Row {
        block: "rx_path_table",
        checked,
        raw,
        what: format!(
            "{ops} operations on 16,384 paths: {pkts} packets ({new} new), ACK due after {acks_due}"
        ),
    });

    // receiver message tracker
    let (mut results, mut outside, mut passed, mut events) = (0u64, 0u64, 0u64, 0u64);
    let (checked, raw) = bench::<MsgTrackerModel>(seed, cycles, &fst, |_, o: &MsgOut| {
        if let Some((code, _)) = o.res {
            results += 1;
            outside += (code == braid_sim::model::msg_tracker::RES_OUTSIDE) as u64;
        }
        if let Some(e) = o.ev {
            passed += 1;
            events += e.report as u64;
        }
    })?;
    rows.push(Row {
        block: "msg_tracker",
        checked,
        raw,
        what: format!(
            "{results} packets counted or refused ({outside} outside the window), {passed} messages passed in MSN order, {events} completion events"
        ),
    });

    // sender per-path congestion control
    let (mut results, mut armed, mut backoffs, mut rehashes, mut retires) =
        (0u64, 0u64, 0u64, 0u64, 0u64);
    let (mut cw_lo, mut cw_hi) = (u32::MAX, 0u32);
    let (checked, raw) = bench::<PathCcFullModel>(seed, cycles, &fst, |_, o: &PathCcOut| {
        if o.valid {
            results += 1;
            armed += o.armed as u64;
            backoffs += (o.timeouts > 0) as u64;
            cw_lo = cw_lo.min(o.cwnd);
            cw_hi = cw_hi.max(o.cwnd);
        }
        rehashes += o.rehash as u64;
        retires += o.retire as u64;
    })?;
    rows.push(Row {
        block: "path_cc",
        checked,
        raw,
        what: format!(
            "{results} events on 16,384 paths ({armed} with the timer armed, {backoffs} backed off), cwnd {:.1}..{:.1} packets, {rehashes} re-hashes, {retires} retires",
            cw_lo as f64 / 256.0,
            cw_hi as f64 / 256.0
        ),
    });

    // transmit frame builder (a quarter of the clocks: its 512-bit datapath
    // and 1,536-bit header pipeline simulate ~20x slower than the others)
    let (mut frames, mut bytes, mut beats, mut errs, mut prev_valid) =
        (0u32, 0u64, 0u64, 0u32, false);
    let tx_cycles = cycles.div_ceil(4);
    let (checked, raw) = bench::<TxBuilderModel>(seed, tx_cycles, &fst, |i, o: &TxOut| {
        beats += (prev_valid && i.m_ready) as u64;
        prev_valid = o.m_valid;
        frames = o.frames_sent;
        bytes = o.bytes_sent;
        errs = o.pl_errors;
    })?;
    rows.push(Row {
        block: "tx_builder",
        checked,
        raw,
        what: format!(
            "{frames} frames ({bytes} bytes, {beats} beats) sent under random back-pressure and gaps, {errs} mis-framed payload beats counted"
        ),
    });

    // receive header parser
    let (mut frames, mut accepted, mut beats) = (0u64, 0u64, 0u64);
    let (checked, raw) = bench::<RxParserModel>(seed, cycles, &fst, |_, o: &RxParserOut| {
        beats += o.p.is_some() as u64;
        if let Some(d) = &o.d {
            frames += 1;
            accepted += d.ok as u64;
        }
    })?;
    rows.push(Row {
        block: "rx_parser",
        checked,
        raw,
        what: format!(
            "{frames} frames parsed: {accepted} accepted, {} dropped with a reason; {beats} realigned payload beats",
            frames - accepted
        ),
    });

    // completion-queue writer
    let (mut written, mut full, mut no_cq, mut beats, mut shown) = (0u32, 0u32, 0u32, 0u64, false);
    let (checked, raw) = bench::<CqWriterModel>(seed, cycles, &fst, |i, o: &CqOut| {
        beats += (shown && i.dw_ready) as u64;
        shown = o.dw_valid;
        (written, full, no_cq) = (o.cnt_written, o.cnt_full, o.cnt_no_cq);
    })?;
    rows.push(Row {
        block: "cq_writer",
        checked,
        raw,
        what: format!(
            "{written} CQEs written ({beats} DMA beats taken under back-pressure), {full} dropped on full rings, {no_cq} to destroyed CQs"
        ),
    });

    // DMA write arbiter
    let (mut beats, mut writes, mut from_b, mut shown) = (0u64, 0u64, 0u64, None);
    let (checked, raw) = bench::<DwArbModel>(seed, cycles, &fst, |i, o: &DwArbOut| {
        if let (Some((b, src)), true) = (shown, i.m_ready) {
            let b: braid_sim::model::dw_arb::DwBeat = b;
            beats += 1;
            writes += b.last as u64;
            from_b += (b.last && src) as u64;
        }
        shown = o.m;
    })?;
    rows.push(Row {
        block: "dw_arb",
        checked,
        raw,
        what: format!(
            "{beats} beats of {writes} DMA writes merged whole ({from_b} from the second client) under back-pressure"
        ),
    });

    // ACK/NACK/PROBE_REPLY generator and control-first transmit arbiter (a
    // quarter of the clocks: it carries two 1,500-bit descriptor streams)
    let (mut cnt, mut data) = ([0u32; 8], 0u64);
    let ack_cycles = cycles.div_ceil(4);
    let (checked, raw) = bench::<AckGenModel>(seed, ack_cycles, &fst, |i, o: &AckGenOut| {
        cnt = o.cnt;
        data += (i.data.is_some() && o.d_valid && i.data.as_ref() == Some(&o.d)) as u64;
    })?;
    rows.push(Row {
        block: "ack_gen",
        checked,
        raw,
        what: format!(
            "{} ACKs ({} requests coalesced, {} dropped), {} NACKs, {} PROBE_REPLYs sent ahead of {data} data descriptors; {} requests without a peer discarded",
            cnt[0], cnt[3], cnt[4] + cnt[5] + cnt[6], cnt[1], cnt[2], cnt[7]
        ),
    });

    // receiver CSN dedup table
    let (mut pkts, mut new, mut dup, mut oow) = (0u64, 0u64, 0u64, 0u64);
    let (checked, raw) = bench::<DedupTableModel>(seed, cycles, &fst, |_, o: &DedupOut| {
        if o.valid && o.op == 0 {
            pkts += 1;
            new += (o.class == 0) as u64;
            dup += (o.class == 1) as u64;
            oow += (o.class == 2) as u64;
        }
    })?;
    rows.push(Row {
        block: "dedup_table",
        checked,
        raw,
        what: format!(
            "{pkts} packets on 1,024 connections: {new} new, {dup} duplicate, {oow} out of window"
        ),
    });

    // sender per-path loss-detection table
    let (mut sends, mut acks, mut declared, mut emitted, mut prev_lost) =
        (0u64, 0u64, 0u64, 0u64, false);
    let (checked, raw) = bench::<TxPathTableModel>(seed, cycles, &fst, |i, o: &TxPathOut| {
        emitted += (prev_lost && i.lost_ready) as u64;
        prev_lost = o.lost_valid;
        sends += (o.res.valid && o.res.op == 2 && o.res.accepted) as u64;
        acks += (o.res.valid && o.res.op == 3 && !o.res.rejected) as u64;
        declared += o.lost as u64;
    })?;
    rows.push(Row {
        block: "tx_path_table",
        checked,
        raw,
        what: format!(
            "{sends} PSNs allocated on 16,384 paths, {acks} ACKs applied, {declared} PSNs declared lost, {emitted} retransmissions emitted under back-pressure"
        ),
    });

    // sender segmenter
    let (mut pkts, mut msgs, mut bad_wqes, mut credits) = (0u64, 0u64, 0u64, 0u64);
    let (mut flushed, mut cmds) = (0u64, 0u64);
    let (mut prev_pd, mut prev_sc) = (false, false);
    let (checked, raw) = bench::<braid_sim::model::SegmenterModel>(
        seed,
        cycles,
        &fst,
        |i, o: &braid_sim::model::segmenter::SegOut| {
            pkts += (prev_pd && i.pd_ready) as u64;
            prev_pd = o.pd.is_some();
            cmds += (prev_sc && i.cmd.is_some()) as u64;
            prev_sc = o.sc_ready;
            if let Some(m) = o.cm {
                msgs += 1;
                bad_wqes += (m.status == braid_spec::host::CQE_BAD_WQE) as u64;
                flushed += (m.status == braid_spec::host::CQE_FLUSHED) as u64;
            }
            credits += o.cr.is_some() as u64;
        },
    )?;
    rows.push(Row {
        block: "segmenter",
        checked,
        raw,
        what: format!(
            "{pkts} packet descriptors taken, {msgs} messages recorded ({bad_wqes} bad WQEs, {flushed} flushed), {credits} WQE credits returned, {cmds} INIT/FLUSH commands on 1,024 connections"
        ),
    });

    // timer wheel over 16,384 paths
    let (mut events, mut shown, mut late) = (0u64, false, 0u16);
    let (checked, raw) = bench::<braid_sim::model::TimerWheelModel>(
        seed,
        cycles,
        &fst,
        |i, o: &braid_sim::model::timer_wheel::TwOut| {
            events += (shown && i.ev_ready) as u64;
            shown = o.ev.is_some();
            late = o.cnt_late;
        },
    )?;
    rows.push(Row {
        block: "timer_wheel",
        checked,
        raw,
        what: format!(
            "{events} timeouts fired on 16,384 paths under ARM/DISARM/re-arm and back-pressure ({late} re-arms counted late)"
        ),
    });

    // send-side path choice and pacer
    let (mut picks, mut ok, mut paced, mut none, mut paths) = (0u64, 0u64, 0u64, 0u64, 0u16);
    let (checked, raw) = bench::<SprayerModel>(seed, cycles, &fst, |_, o: &SprayOut| {
        if o.valid && !o.init {
            picks += 1;
            ok += o.ok as u64;
            paced += o.paced as u64;
            none += o.no_path as u64;
            paths |= (o.ok as u16) << o.path;
        }
    })?;
    rows.push(Row {
        block: "sprayer",
        checked,
        raw,
        what: format!(
            "{picks} picks on 1,024 connections: {ok} sent on {} distinct paths, {paced} held by the pacer, {none} with no open path",
            paths.count_ones()
        ),
    });

    // send-queue WQE fetcher
    let (mut wqes, mut bad, mut reads, mut refused, mut shown) = (0u64, 0u32, 0u64, 0u32, false);
    let (checked, raw) = bench::<braid_sim::model::WqeFetchModel>(
        seed,
        cycles,
        &fst,
        |i, o: &braid_sim::model::wqe_fetch::WqeOutputs| {
            wqes += (shown && i.wqe_ready) as u64;
            shown = o.wqe.is_some();
            reads += (o.res_valid && o.res_op == 4 && o.res_n > 0) as u64;
            (bad, refused) = (o.cnt_bad_wqe, o.cnt_db_refused);
        },
    )?;
    rows.push(Row {
        block: "wqe_fetch",
        checked,
        raw,
        what: format!(
            "{wqes} WQEs fetched from host rings in {reads} DMA reads ({bad} flagged bad), {refused} doorbells refused"
        ),
    });

    // DMA read arbiter (three clients, in-order host with random latency)
    let (mut reqs, mut beats, mut bad) = (0u64, 0u64, 0u16);
    let (checked, raw) = bench::<braid_sim::model::DrArbModel>(
        seed,
        cycles,
        &fst,
        |i, o: &braid_sim::model::dr_arb::DrArbOut| {
            reqs += (o.m_rd.is_some() && i.m_rd_ready) as u64;
            beats += o.m_rs_ready as u64 * i.m_rs.is_some() as u64;
            bad = o.bad_count;
        },
    )?;
    rows.push(Row {
        block: "dr_arb",
        checked,
        raw,
        what: format!(
            "~{reqs} DMA reads of three clients merged, ~{beats} response beats routed back, {bad} bad requests refused"
        ),
    });

    // slot table (16,384 paths x 256 slots)
    let (mut writes, mut reads) = (0u64, 0u64);
    let (checked, raw) = bench::<braid_sim::model::SlotTableModel>(
        seed,
        cycles,
        &fst,
        |i, o: &braid_sim::model::slot_table::SlotOut| {
            writes += i.wr.is_some() as u64;
            reads += o.valid as u64;
        },
    )?;
    rows.push(Row {
        block: "slot_table",
        checked,
        raw,
        what: format!(
            "{writes} sent packets recorded in 4 M PSN slots, {reads} slots read back for retransmission"
        ),
    });

    // send completions
    let (mut done, mut flushed, mut refused, mut cqes, mut shown) = (0u32, 0u32, 0u32, 0u64, false);
    let (checked, raw) = bench::<TxComplFullModel>(seed, cycles, &fst, |i, o: &TxComplOut| {
        cqes += (shown && i.c_ready) as u64;
        shown = o.c.is_some();
        (done, flushed, refused) = (o.cnt_done, o.cnt_flushed, o.cnt_refused);
    })?;
    rows.push(Row {
        block: "tx_compl",
        checked,
        raw,
        what: format!(
            "{done} send messages completed in posting order by csn_base ({flushed} flushed), {cqes} completions taken under back-pressure, {refused} pushes refused"
        ),
    });

    // command processor (1,024 connections)
    let (mut cmds, mut refused, mut lookups) = (0u32, 0u32, 0u64);
    let (checked, raw) = bench::<braid_sim::model::CmdProcFullModel>(
        seed,
        cycles,
        &fst,
        |_, o: &braid_sim::model::cmd_proc::CmdProcOut| {
            cmds = o.get("cnt_cmds") as u32;
            refused = (o.get("cnt_bad_command")
                + o.get("cnt_bad_index")
                + o.get("cnt_busy")
                + o.get("cnt_bad_argument")) as u32;
            lookups += o.get("rr_valid") + o.get("tr_valid");
        },
    )?;
    rows.push(Row {
        block: "cmd_proc",
        checked,
        raw,
        what: format!(
            "{cmds} commands run ({refused} refused with their error code), {lookups} connection-table lookups"
        ),
    });

    // receive-queue fetcher (4,096 receive rings)
    let (mut placed, mut nrb, mut consumed, mut reads) = (0u64, 0u64, 0u64, 0u64);
    let (checked, raw) = bench::<braid_sim::model::RqFetchModel>(
        seed,
        cycles,
        &fst,
        |i, o: &braid_sim::model::rq_fetch::RqOutputs| {
            placed += o.m.is_some_and(|m| m.ok) as u64;
            nrb +=
                o.m.is_some_and(|m| m.code == braid_sim::model::rq_fetch::CODE_NO_RECV_BUFFER)
                    as u64;
            consumed += o.cs.is_some_and(|c| c.ok) as u64;
            reads += (o.rd_valid && i.rd_ready) as u64;
        },
    )?;
    rows.push(Row {
        block: "rq_fetch",
        checked,
        raw,
        what: format!(
            "{placed} SEND packets placed ({nrb} NO_RECV_BUFFER), {consumed} receives consumed, {reads} RQE reads"
        ),
    });

    // sender per-path window table (16,384 paths)
    let (mut writes, mut closed, mut reads, mut prev) = (0u64, 0u64, 0u64, Default::default());
    let (checked, raw) = bench::<braid_sim::model::PathWindowTableModel>(
        seed,
        cycles,
        &fst,
        |_, o: &braid_sim::model::path_window_table::PwtOut| {
            writes += o.mk_valid as u64;
            closed += (o.mk_valid && o.mk_open_val == 0) as u64;
            reads += o.rd_res_valid as u64;
            prev = *o;
        },
    )?;
    rows.push(Row {
        block: "path_window_table",
        checked,
        raw,
        what: format!(
            "{writes} mask writes ({closed} closing a path), {reads} stats reads; {} sends on a closed path, {} underflows, {} results dropped at a full FIFO (floods ignoring ready)",
            prev.cnt_send_closed, prev.cnt_underflow, prev.cnt_overflow
        ),
    });

    // receiver rate hint over 1,024 connections
    let (mut hints, mut last_hint, mut max_senders) = (0u64, None, 0u16);
    let mut last: Option<braid_sim::model::rx_rate_hint::RhOut> = None;
    let (checked, raw) = bench::<braid_sim::model::RateHintModel>(
        seed,
        cycles,
        &fst,
        |_, o: &braid_sim::model::rx_rate_hint::RhOut| {
            if last_hint != Some(o.hint) {
                hints += 1;
                last_hint = Some(o.hint);
            }
            max_senders = max_senders.max(o.senders);
            last = Some(*o);
        },
    )?;
    let cuts = last.map_or(0, |o| o.cnt_cuts);
    rows.push(Row {
        block: "rx_rate_hint",
        checked,
        raw,
        what: format!(
            "{hints} hint changes, up to {max_senders} senders, {cuts} cuts of the scale by a building queue"
        ),
    });

    out!(
        "{:<14} {:>10} {:>22} {:>20}  what it did",
        "block",
        "clocks",
        "checked vs model (M/s)",
        "RTL alone (M/s)"
    );
    for r in &rows {
        out!(
            "{:<14} {:>10} {:>22.2} {:>20.2}  {}",
            r.block,
            r.checked.cycles,
            r.checked.cycles_per_sec() / 1e6,
            r.raw.cycles_per_sec() / 1e6,
            r.what
        );
    }
    out!("\nEvery output of every block equalled the model on every clock.");
    if let Some(d) = &fst {
        out!("Waveforms: {}", d.display());
    }
    engine_control_demo(2, seed)?;
    engine_pair_demo(seed)?;
    engine_fabric_demo(seed, out, fst.as_deref())
}

/// The two engine tops through the fabric simulator at 0%, 1% and 10%
/// loss (`bench loss --engine rtl --quick`): goodput of the RTL beside the
/// Braid model and the go-back-N baseline on the same fabric. Prints the
/// RTL/model gap; the 2% bound is the bench's check, not the demo's. Writes
/// the chart and a capture of the RTL run at 1% into `out`.
fn engine_fabric_demo(seed: u64, out: &Path, fst: Option<&Path>) -> Result<()> {
    let t0 = std::time::Instant::now();
    let cap = bench::rtl::Capture {
        frames: RTL_CAPTURE,
        fst: fst.map(|d| d.join("engine-fabric-1pct")),
        fst_clocks: FST_CLOCKS,
    };
    let reset = regs::get(&regs::TIMER_CFG_ACK_COALESCE, regs::CFG_TIMER);
    let (rows, frames) = bench::rtl::loss_rtl(true, seed, &cap, reset)?;
    out!(
        "\nTwo engine tops (braid_engine_tiny) through the fabric simulator (2 hosts, 4 spines, ports at the engine's {:.1} Gb/s, 1 MiB WRITEs on 4 paths, loss p end to end), 1 ms per point, seed {seed:#x}; goodput over the port rate beside the Braid model and RoCE go-back-N on the same fabric:",
        bench::rtl::ENGINE_LINE_BPS as f64 / 1e9
    );
    write!(std::io::stdout().lock(), "{}", bench::table(&rows))?;
    out!(
        "  largest RTL/model goodput gap {:.2}% (the bound is 2%: `bench loss --engine rtl` checks it); {:.1} s wall",
        bench::rtl::worst_gap(&rows) * 100.0,
        t0.elapsed().as_secs_f64()
    );
    let (svg, pcap) = write_rtl_files(out, &rows, &frames)?;
    out!(
        "  wrote {} and {} (the RTL run at 1% loss, first {} frames of both engines)",
        svg.display(),
        pcap.display(),
        frames.len()
    );
    if let Some(d) = &cap.fst {
        out!(
            "  waveforms of the 1% run's first {} clocks: {}/engine-a.fst and engine-b.fst",
            cap.fst_clocks,
            d.display()
        );
    }
    Ok(())
}

/// Frames of the RTL run at 1% loss kept for the capture.
const RTL_CAPTURE: usize = 2000;

/// Clocks of the RTL run at 1% loss traced by `--fst` (demo and bench).
const FST_CLOCKS: u64 = 20_000;

/// Write `loss-rtl.svg` (goodput against loss) and `rtl-loss-1pct.pcap`
/// (the RTL run's frames at 1% loss) into `dir`.
fn write_rtl_files(
    dir: &Path,
    rows: &[bench::Row],
    frames: &[(u64, Vec<u8>)],
) -> Result<(PathBuf, PathBuf)> {
    std::fs::create_dir_all(dir)
        .map_err(|e| anyhow::anyhow!("cannot create {}: {e}", dir.display()))?;
    let svg = dir.join("loss-rtl.svg");
    std::fs::write(&svg, bench::rtl::loss_rtl_svg(rows))?;
    let pcap = dir.join("rtl-loss-1pct.pcap");
    write_pcap(&pcap, frames)?;
    Ok((svg, pcap))
}

/// Say where the chart and the capture of `n` frames went.
fn wrote(svg: &Path, pcap: &Path, n: usize) -> Result<()> {
    out!(
        "wrote {} and {} ({n} frames)\n",
        svg.display(),
        pcap.display()
    );
    Ok(())
}

/// Write `frames` (time in ns, frame) as a pcap file.
fn write_pcap(path: &Path, frames: &[(u64, Vec<u8>)]) -> Result<()> {
    let f = std::fs::File::create(path)
        .map_err(|e| anyhow::anyhow!("cannot create {}: {e}", path.display()))?;
    let mut w = braid_spec::pcap::PcapWriter::new(std::io::BufWriter::new(f))?;
    for (t, fr) in frames {
        w.write_frame(*t, fr)?;
    }
    w.flush()?;
    Ok(())
}

/// Two engine tops (`braid_engine_tiny`) in Verilator, each under its own
/// driver, MAC to MAC: RDMA WRITEs of seeded sizes posted on A are sent
/// as frames, which B parses, checks (connection, rkey, protection domain,
/// access, bounds, CSN window) and places by DMA into its registered
/// region; the region must then hold exactly the bytes written, and B's
/// ACKs, fed back to A, must acknowledge every PSN of every path used, be
/// accepted by A and complete every WRITE on A (SUCCESS, posting order).
/// Prints the co-simulation speed of the pair (clocks of both engines per
/// second).
fn engine_pair_demo(seed: u64) -> Result<()> {
    use braid_driver::verbs::*;
    use braid_driver::Backend;
    use braid_sim::cosim::engine::EngineBackend;
    use braid_sim::cosim::pair::EnginePair;
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed ^ 0x9a1f);
    let init = QpInit {
        sq_entries: 16,
        rq_entries: 16,
        streams: 2,
        paths: 4,
    };
    let mut pair = EnginePair::open(init, 256 << 10)?;
    let (eng_a, eng_b, ctx_b) = (&pair.a.eng, &pair.b.eng, &pair.b.ctx);
    let (src, dst, cq_a, qp_a) = (&pair.src, &pair.dst, &pair.cq_a, &mut pair.qp_a);
    let src_bytes: Vec<u8> = (0..src.len()).map(|_| rng.gen()).collect();
    src.write(0, &src_bytes)?;
    let lens: Vec<u32> = (0..16).map(|_| rng.gen_range(1..=12_000)).collect();
    let wrs: Vec<SendWr> = lens
        .iter()
        .enumerate()
        .map(|(i, &len)| SendWr {
            wr_id: i as u64,
            op: SendOp::Write {
                remote_addr: dst.addr() + i as u64 * 16384,
                rkey: dst.rkey(),
            },
            stream: (i % 2) as u8,
            sg_list: vec![src.sge(i as u64 * 16384, len)],
        })
        .collect();
    qp_a.post_send(&wrs)?;
    let want_pkts: u64 = lens.iter().map(|&l| (l as u64).div_ceil(4096)).sum();
    let want_bytes: u64 = lens.iter().map(|&l| l as u64).sum();
    let (a0, b0) = (eng_a.borrow().cycles(), eng_b.borrow().cycles());
    let t0 = std::time::Instant::now();
    let rx_pkts = |ctx: &Context<EngineBackend>| {
        ctx.with_backend(|b| b.read32(braid_spec::regs::COUNTERS[5].offset))
    };
    let mut frames = 0u64;
    // B's frames go back to A; the last ACK of each path (base PSN, SACK)
    let mut acks = 0u64;
    let mut last_ack: std::collections::BTreeMap<u8, (u32, bool)> = Default::default();
    let mut next_psn: std::collections::BTreeMap<u8, u32> = Default::default();
    let mut settle = 0;
    for _ in 0..2000 {
        eng_a.borrow_mut().run(100);
        let fa: Vec<Vec<u8>> = eng_a.borrow_mut().tx().frames.drain(..).collect();
        frames += fa.len() as u64;
        for f in &fa {
            let b = braid_spec::wire::frame::parse_frame(f)?.repr.braid.base;
            next_psn.insert(b.path_id, b.path_psn.wrapping_add(1));
        }
        let fb: Vec<Vec<u8>> = {
            let mut eb = eng_b.borrow_mut();
            for f in &fa {
                eb.push_rx_frame(f);
            }
            eb.run(100);
            eb.tx().frames.drain(..).collect()
        };
        for f in &fb {
            let r = braid_spec::wire::frame::parse_frame(f)?.repr.braid;
            if let braid_spec::wire::braid::Body::Ack(a) = r.body {
                acks += 1;
                last_ack.insert(r.base.path_id, (a.base_psn, a.sack.words == [0; 4]));
            }
            eng_a.borrow_mut().push_rx_frame(f);
        }
        if rx_pkts(ctx_b)? as u64 >= want_pkts {
            settle += 1;
            if settle > 5 {
                break;
            }
        }
    }
    let acked_all = !next_psn.is_empty()
        && next_psn
            .iter()
            .all(|(p, &n)| last_ack.get(p) == Some(&(n, true)));
    let wall = t0.elapsed().as_secs_f64();
    let clocks = (eng_a.borrow().cycles() - a0) + (eng_b.borrow().cycles() - b0);
    let placed = rx_pkts(ctx_b)? as u64;
    let mut got = vec![0u8; dst.len()];
    dst.read(0, &mut got)?;
    let mut want = vec![0u8; dst.len()];
    for (i, &len) in lens.iter().enumerate() {
        let (to, n) = (i * 16384, len as usize);
        want[to..to + n].copy_from_slice(&src_bytes[to..to + n]);
    }
    // A took B's ACKs (the last ones reached A after its last clock):
    // every WRITE completes SUCCESS, in posting order
    eng_a.borrow_mut().run(2000);
    let mut done = Vec::new();
    for _ in 0..50 {
        done.extend(cq_a.poll(16)?);
    }
    let ids: Vec<u64> = done
        .iter()
        .filter(|w| w.status == WcStatus::Success)
        .map(|w| w.wr_id)
        .collect();
    if ids != (0..lens.len() as u64).collect::<Vec<_>>() || done.len() != lens.len() {
        bail!(
            "engine pair: A's completions {done:?}, expected SUCCESS for 0..{}",
            lens.len()
        );
    }
    let ga = eng_a.borrow().glue_counters();
    if ga.ack_rx as u64 != acks || ga.ack_rej != 0 || ga.ack_bad != 0 {
        bail!(
            "engine pair: A took {} of B's {acks} ACKs ({} rejected, {} bad)",
            ga.ack_rx,
            ga.ack_rej,
            ga.ack_bad
        );
    }
    if placed != want_pkts || got != want || !eng_b.borrow().bad_writes().is_empty() || !acked_all {
        bail!(
            "engine pair: {placed} of {want_pkts} packets placed, region {}, every path acknowledged: {acked_all}",
            if got == want { "equal" } else { "differs" }
        );
    }
    out!("\nTwo engine tops (braid_engine_tiny), MAC to MAC, each under its own braid-driver, seed {seed:#x}:");
    out!(
        "  {} RDMA WRITEs ({want_bytes} bytes) posted on A: {frames} frames, all placed by B ({placed} packets, checked: connection, rkey, protection domain, access, bounds); B's region equals the bytes written",
        lens.len()
    );
    out!(
        "  {clocks} clocks of the two engines in {wall:.2} s: {:.3} M engine clocks/s ({:.3} M clocks/s of the pair)",
        clocks as f64 / wall / 1e6,
        clocks as f64 / 2.0 / wall / 1e6
    );
    out!(
        "  B sent {acks} ACKs back to A; the last one of each of the {} paths used acknowledges every PSN sent on it (base = next PSN, no SACK holes)",
        next_psn.len()
    );
    out!(
        "  A took all {} ACKs (none rejected): every path's window reopened with its ACKs, and the {} WRITEs completed SUCCESS on A in posting order",
        ga.ack_rx,
        lens.len()
    );
    Ok(())
}

/// The engine top (stages 1 and 2: host interface, control path, send
/// path) in Verilator under the unmodified driver: `rounds` times a queue
/// pair is created and connected, up to 6 WRITEs of seeded sizes (at most
/// one 4 KiB packet each) are posted, fetched by DMA and sent as frames
/// (each parsed by braid-spec, its payload checked against host memory),
/// and the queue pair is destroyed; with no receive path nothing
/// acknowledges the frames, so every work request must come back FLUSHED,
/// in posting order, from the engine's CQ ring. Prints the co-simulation
/// speed of the whole top.
fn engine_control_demo(rounds: u32, seed: u64) -> Result<()> {
    use braid_driver::verbs::*;
    use braid_driver::Backend;
    use braid_sim::cosim::engine::{EngineBackend, EngineSim};
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let be = EngineBackend::new(EngineSim::tiny()?);
    let eng = be.sim();
    let ctx = Context::open(be)?;
    // the engine's own addresses: the source of every frame it sends
    let local_mac = [2u8, 0x42, 0x52, 0, 0, 0];
    let local_ip = [10u8, 0, 0, 1];
    let mac = local_mac.iter().fold(0u64, |a, &b| (a << 8) | b as u64);
    ctx.with_backend(|b| {
        b.write32(braid_spec::regs::CONFIG[0].offset, mac as u32)?;
        b.write32(braid_spec::regs::CONFIG[1].offset, (mac >> 32) as u32)?;
        b.write32(
            braid_spec::regs::CONFIG[2].offset,
            u32::from_be_bytes(local_ip),
        )
    })?;
    let pd = ctx.alloc_pd();
    let cq = ctx.create_cq(256)?;
    let mr = pd.reg_mr(1 << 20, access::LOCAL_WRITE)?;
    let host: Vec<u8> = (0..mr.len()).map(|_| rng.gen()).collect();
    mr.write(0, &host)?;
    let init = QpInit {
        sq_entries: 16,
        rq_entries: 16,
        streams: 2,
        paths: 4,
    };
    let t0 = std::time::Instant::now();
    let c0 = eng.borrow().cycles();
    let (mut posted, mut flushed, mut frames, mut payload_bytes) = (0u64, 0u64, 0u64, 0u64);
    for round in 0..rounds {
        let mut qp = pd.create_qp(&cq, init)?;
        let local = qp.local_params(local_mac, local_ip);
        let peer = ConnParams {
            conn: round,
            mac: [2, 0x42, 0x52, 0, 0, 1],
            ip: [10, 0, 0, 2],
            udp_base: 0xc000,
        };
        qp.connect(&local, &peer)?;
        let n = rng.gen_range(1..=6u64);
        let lens: Vec<u32> = (0..n).map(|_| rng.gen_range(1..=4096)).collect();
        let wrs: Vec<SendWr> = (0..n)
            .map(|i| SendWr {
                wr_id: posted + i,
                op: SendOp::Write {
                    remote_addr: 0x2000_0000 + i * 0x1_0000,
                    rkey: 0x0101,
                },
                stream: (i % 2) as u8,
                sg_list: vec![mr.sge(i * 8192, lens[i as usize])],
            })
            .collect();
        qp.post_send(&wrs)?;
        for _ in 0..4 {
            if !cq.poll(8)?.is_empty() {
                bail!("engine demo: a completion before the queue pair was destroyed");
            }
        }
        // one frame per WRITE (each fits the reset MTU of 4 KiB): parsed by
        // braid-spec, addressed as SET_PEER said, its payload the host's
        let mut got_frames = Vec::new();
        for _ in 0..100 {
            eng.borrow_mut().run(200);
            got_frames.extend(eng.borrow_mut().tx().frames.drain(..));
            if got_frames.len() as u64 >= n {
                break;
            }
        }
        if got_frames.len() as u64 != n {
            bail!(
                "engine demo, round {round}: {} frames for {n} WRITEs",
                got_frames.len()
            );
        }
        for buf in &got_frames {
            use braid_spec::wire::braid::Body;
            let f = braid_spec::wire::frame::parse_frame(buf)
                .map_err(|e| anyhow::anyhow!("engine demo, round {round}: a frame: {e}"))?;
            let Body::Write { ext, .. } = f.repr.braid.body else {
                bail!("engine demo, round {round}: not a WRITE: {:?}", f.repr);
            };
            let i = ((ext.va - 0x2000_0000) >> 16) as usize;
            let want = lens.get(i).map(|&l| &host[i * 8192..i * 8192 + l as usize]);
            if f.repr.braid.base.dst_conn != round
                || f.repr.eth.src != local_mac
                || want != Some(f.payload(buf))
            {
                bail!("engine demo, round {round}: wrong frame {:?}", f.repr);
            }
            payload_bytes += f.payload(buf).len() as u64;
        }
        frames += n;
        drop(qp);
        let mut got = Vec::new();
        for _ in 0..2000 {
            got.extend(cq.poll(16)?);
            if got.len() as u64 >= n {
                break;
            }
        }
        let ids: Vec<u64> = got.iter().map(|w| w.wr_id).collect();
        let want: Vec<u64> = (posted..posted + n).collect();
        if ids != want || got.iter().any(|w| w.status != WcStatus::Flushed) {
            bail!("engine demo, round {round}: completions {got:?}, expected FLUSHED {want:?}");
        }
        posted += n;
        flushed += got.len() as u64;
    }
    let wall = t0.elapsed().as_secs_f64();
    // the top alone: the harness clocks it with every server attached and
    // no driver call in between
    let raw_clocks = 200_000u64;
    let t1 = std::time::Instant::now();
    eng.borrow_mut().run(raw_clocks);
    let raw_wall = t1.elapsed().as_secs_f64();
    let e = eng.borrow();
    let clocks = e.cycles() - c0 - raw_clocks;
    if !e.bad_writes().is_empty() || e.read_faults() != 0 {
        bail!(
            "engine demo: {} DMA writes outside host buffers, {} faulting reads",
            e.bad_writes().len(),
            e.read_faults()
        );
    }
    out!(
        "\nEngine top braid_engine_tiny (host interface, control path, send path; no peer) under braid-driver, seed {seed:#x}:"
    );
    out!(
        "  {rounds} queue pairs created, connected and destroyed; {posted} WRITEs posted and fetched by DMA; {frames} frames sent ({payload_bytes} payload bytes), each parsed by braid-spec with its payload equal to host memory; {flushed} FLUSHED completions from the engine's CQ ring in posting order"
    );
    out!(
        "  {clocks} clocks in {wall:.2} s under the driver: {:.3} M clocks/s; {} DMA reads, {} DMA writes, 0 outside host buffers",
        clocks as f64 / wall / 1e6,
        e.dma_reads(),
        e.dma_writes()
    );
    out!(
        "  the top alone, {raw_clocks} more clocks with the DMA and MAC servers attached: {:.3} M clocks/s",
        raw_clocks as f64 / raw_wall / 1e6
    );
    out!("  (no peer engine here: nothing acknowledges the frames, so the WRITEs complete as FLUSHED when their queue pair is destroyed)");
    Ok(())
}

const SCENARIOS: [&str; 5] = ["loss", "incast", "planes", "failover", "allreduce"];

fn bench_cmd(which: Bench) -> Result<()> {
    let (names, o): (Vec<&str>, BenchOpts) = match which {
        Bench::Loss(o) => (vec!["loss"], o),
        Bench::Incast(o) => (vec!["incast"], o),
        Bench::Planes(o) => (vec!["planes"], o),
        Bench::Failover(o) => (vec!["failover"], o),
        Bench::Allreduce(o) => (vec!["allreduce"], o),
        Bench::All(o) => (SCENARIOS.to_vec(), o),
    };
    if o.engine == EngineKind::Rtl {
        if names != ["loss"] {
            bail!("--engine rtl: only the loss scenario runs with the RTL in the loop (`bench loss --engine rtl`)");
        }
        return loss_rtl(&o);
    }
    if o.fst.is_some() {
        bail!("--fst: waveforms come from the RTL; use it with `bench loss --engine rtl`");
    }
    if o.ack_coalesce.is_some() {
        bail!("--ack-coalesce: only `bench loss --engine rtl` sets it (the other scenarios acknowledge every packet)");
    }
    if let Some(dir) = &o.out {
        std::fs::create_dir_all(dir)
            .map_err(|e| anyhow::anyhow!("cannot create {}: {e}", dir.display()))?;
    }
    let t_all = std::time::Instant::now();
    for name in names {
        scenario(name, &o)?;
    }
    if !o.json {
        let secs = t_all.elapsed().as_secs_f64();
        let pkts = bench::simulated_packets();
        out!(
            "simulator: {pkts} data packets (plus their ACKs) in {secs:.1} s wall: {:.2} M data packets/s on one core",
            pkts as f64 / secs / 1e6
        );
    }
    Ok(())
}

/// `bench loss --engine rtl`: the sweep of `bench::rtl`, its table (or JSON
/// rows), and a failure when the RTL's goodput is not within 2% of the
/// model's at every point.
fn loss_rtl(o: &BenchOpts) -> Result<()> {
    let t0 = std::time::Instant::now();
    if o.fst_clocks == 0 {
        bail!("--fst-clocks must be at least 1");
    }
    let cap = bench::rtl::Capture {
        frames: RTL_CAPTURE,
        fst: o.fst.clone(),
        fst_clocks: o.fst_clocks,
    };
    let reset = regs::get(&regs::TIMER_CFG_ACK_COALESCE, regs::CFG_TIMER);
    let coalesce = o.ack_coalesce.unwrap_or(reset);
    let bits = regs::TIMER_CFG_ACK_COALESCE.bits;
    if coalesce >> bits != 0 {
        bail!("--ack-coalesce {coalesce}: TIMER_CFG.ack_coalesce has {bits} bits (0 to 255)");
    }
    let (rows, frames) = bench::rtl::loss_rtl(o.quick, o.seed, &cap, coalesce)?;
    let text = bench::table(&rows);
    let json: String = rows.iter().map(|r| r.json() + "\n").collect();
    let title = format!(
        "loss sweep with the RTL in the loop ({}): two braid_engine_tiny tops in Verilator, each under braid-driver, through the fabric simulator (2 hosts on two leaves, 4 spines, every port at the engine's {:.1} Gb/s MAC rate, 500 ns links); 1 connection of 4 paths, 1 MiB WRITEs, 8 posted; loss p end to end on data and ACKs; ack_coalesce {coalesce}; goodput = payload bytes placed by the receiver after a tenth of warm-up over the port rate; model = the transport model on the same fabric with the same parameters",
        if o.quick { "quick" } else { "full" },
        bench::rtl::ENGINE_LINE_BPS as f64 / 1e9
    );
    let gap = bench::rtl::worst_gap(&rows);
    if o.json {
        write!(std::io::stdout().lock(), "{json}")?;
    } else {
        out!("{title}\nseed {:#x}\n", o.seed);
        write!(std::io::stdout().lock(), "{text}")?;
        out!(
            "largest RTL/model goodput gap: {:.2}% (bound 2%); {:.1} s wall\n",
            gap * 100.0,
            t0.elapsed().as_secs_f64()
        );
    }
    if let Some(dir) = &o.out {
        std::fs::create_dir_all(dir)
            .map_err(|e| anyhow::anyhow!("cannot create {}: {e}", dir.display()))?;
        std::fs::write(dir.join("loss-rtl.txt"), format!("{title}\n\n{text}"))?;
        std::fs::write(dir.join("loss-rtl.jsonl"), &json)?;
        let (svg, pcap) = write_rtl_files(dir, &rows, &frames)?;
        if !o.json {
            wrote(&svg, &pcap, frames.len())?;
        }
    }
    if gap > 0.02 {
        bail!(
            "RTL and model goodput differ by {:.2}% (more than 2%)",
            gap * 100.0
        );
    }
    Ok(())
}

fn scenario(name: &str, o: &BenchOpts) -> Result<()> {
    let (q, seed) = (o.quick, o.seed);
    let (t0, p0) = (std::time::Instant::now(), bench::simulated_packets());
    let size = if q { "quick" } else { "full" };
    let (title, rows) = match name {
        "loss" => (
            format!("loss sweep ({size}): 2 hosts, 1 connection, 16 paths (braid), 400 Gb/s, 4096 B payloads, {} ms simulated per point; loss p end to end on data and ACKs (e2e), then p on every switch hop (hop); limit = delivered fraction x payload/wire bytes", if q { 1 } else { 5 }),
            bench::loss(q, seed),
        ),
        "incast" => (
            format!("incast ({size}): 32 senders WRITE {} MiB each to one receiver at the same moment; 64-host leaf-spine, 400 Gb/s, 1 MiB buffers, ECN at 100 KiB; rounds = base RTTs from the first arrival until every sender stays within 10% of fair share (8-RTT windows); peak queue in BDPs; Jain over bytes until the first completion; last completion over total payload / receiver line rate", if q { 1 } else { 4 }),
            bench::incast(q, seed),
        ),
        "planes" => (
            format!("planes ({size}): 64 hosts (16 per leaf, 16 spines per plane, non-blocking), 4,000 connections between random distinct host pairs, bulk WRITEs; aggregate payload goodput over planes x 64 x 400 Gb/s"),
            bench::planes(q, seed),
        ),
        "failover" => (
            format!("failover ({size}): 8 hosts on one leaf each stream to a partner on another (8 spines, non-blocking); at half time a leaf-spine link (1 of 8) or a whole plane (1 of 4) fails for good, switches reroute after 10 us; rounds = base RTTs after the failure until every later 4-round average stays within 2% of (N-1)/N x before; then no new messages, and every posted message must complete (messages_lost)"),
            bench::failover(q, seed),
        ),
        "allreduce" => (
            format!("allreduce ({size}): 64-node ring all-reduce, {} MiB per node (126 steps of WRITE_WITH_IMM chunks, each step waits for the predecessor's chunk), at 0% and 1% end-to-end loss", if q { 8 } else { 64 }),
            bench::allreduce(q, seed),
        ),
        _ => bail!("unknown scenario {name}"),
    };
    let text = bench::table(&rows);
    let json: String = rows.iter().map(|r| r.json() + "\n").collect();
    if o.json {
        write!(std::io::stdout().lock(), "{json}")?;
    } else {
        out!("{title}\nseed {seed:#x}; baselines on the same fabric and API: roce-gbn = RoCEv2 RC go-back-N on one path (1 ms timeout, DCQCN, no PFC); sr-irn = one path, selective repeat, window = BDP, DCQCN\n");
        write!(std::io::stdout().lock(), "{text}")?;
        let (secs, pkts) = (t0.elapsed().as_secs_f64(), bench::simulated_packets() - p0);
        out!(
            "({pkts} simulated data packets in {secs:.1} s: {:.2} M/s)\n",
            pkts as f64 / secs / 1e6
        );
    }
    if let Some(dir) = &o.out {
        std::fs::write(
            dir.join(format!("{name}.txt")),
            format!("{title}\n\n{text}"),
        )?;
        std::fs::write(dir.join(format!("{name}.jsonl")), &json)?;
        if name == "loss" {
            let svg = dir.join("loss.svg");
            std::fs::write(&svg, braid_sim::transport::loss_svg(&rows))?;
            let pcap = dir.join("braid-loss-1pct.pcap");
            let frames = braid_sim::transport::capture_braid(0.01, 2000, seed);
            write_pcap(&pcap, &frames)?;
            if !o.json {
                wrote(&svg, &pcap, frames.len())?;
            }
        }
    }
    Ok(())
}

fn write_bw(size: u32, iters: u32, tx_depth: u32, loss: f64, seed: u64) -> Result<()> {
    use braid_driver::perf::{self, BwConfig, PolledClock, RemoteBuf};
    use braid_driver::verbs::*;
    use braid_sim::model_backend::ModelWorld;
    if !(0.0..1.0).contains(&loss) {
        bail!("--loss {loss}: must be at least 0 and below 1");
    }
    if size == 0 || size > 64 << 20 {
        bail!("--size {size}: must be 1 byte to 64 MiB");
    }
    if tx_depth == 0 || tx_depth > 4096 || iters == 0 {
        bail!("--tx-depth must be 1 to 4096 and --iters at least 1");
    }
    let region = (size as usize * 2).max(4096);
    let world = ModelWorld::new(2, region as u64 * 2 + (16 << 20), loss, seed);
    let ca = Context::open(ModelWorld::backend(&world, 0))?;
    let cb = Context::open(ModelWorld::backend(&world, 1))?;
    let (pa, pb) = (ca.alloc_pd(), cb.alloc_pd());
    let depth = tx_depth.next_power_of_two().max(2);
    let (qa, qb) = (ca.create_cq(depth * 2)?, cb.create_cq(16)?);
    let src = pa.reg_mr(region, access::LOCAL_WRITE)?;
    let dst = pb.reg_mr(region, access::LOCAL_WRITE | access::REMOTE_WRITE)?;
    let init = QpInit {
        sq_entries: depth,
        rq_entries: 16,
        streams: 1,
        paths: 16,
    };
    let mut a = pa.create_qp(&qa, init)?;
    let mut b = pb.create_qp(&qb, init)?;
    let la = a.local_params([2, 0x42, 0x52, 0, 0, 0], [10, 0, 0, 1]);
    let lb = b.local_params([2, 0x42, 0x52, 0, 0, 1], [10, 0, 0, 2]);
    a.connect(&la, &lb)?;
    b.connect(&lb, &la)?;
    let cfg = BwConfig {
        size,
        iters,
        depth: tx_depth,
        stream: 0,
        stall_ps: 1_000_000_000_000,
    };
    let t0 = std::time::Instant::now();
    let mut clock = PolledClock(|| world.borrow().net.now());
    let r = perf::write_bw(&mut a, &qa, &src, RemoteBuf::of(&dst), &cfg, &mut clock)?;
    let wall = t0.elapsed().as_secs_f64();
    let st = world.borrow().net.total_stats();
    out!("write_bw on two model engines (braid-driver verbs API -> host interface -> transport model), 400 Gb/s, 16 paths, loss {loss}, seed {seed:#x}");
    out!(
        "{:>10} {:>8} {:>12} {:>14} {:>10} {:>12}",
        "bytes",
        "iters",
        "BW (Gb/s)",
        "BW (MB/s)",
        "retransm",
        "wall (s)"
    );
    let gbps = r.gbps();
    let (cta, ctb) = (ca.counters()?, cb.counters()?);
    out!(
        "{size:>10} {iters:>8} {gbps:>12.2} {:>14.1} {:>10} {wall:>12.2}",
        gbps * 1e3 / 8.0,
        st.retransmits
    );
    out!("\nengine counters (braid stats), sender and receiver:");
    // (the model engines have no per-path statistics registers)
    for ((name, a), (_, b)) in cta.engine_wide().zip(ctb.engine_wide()) {
        out!("  {name:<22} {a:>12} {b:>12}");
    }
    Ok(())
}

fn write_bw_rtl(size: u32, iters: u32, depth: u32, loss: f64, seed: u64) -> Result<()> {
    let r = bench::rtl::write_bw(size, iters, depth, loss, seed)?;
    out!("write_bw on two Verilated engines (braid-driver verbs API -> braid_engine_tiny -> fabric: 2 leaves, 4 spines), 153.6 Gb/s ports, 4 paths, {depth} in flight, loss {loss}, seed {seed:#x}");
    write!(std::io::stdout().lock(), "{r}")?;
    Ok(())
}

fn write_lat_rtl(size: u32, iters: u32, loss: f64, seed: u64) -> Result<()> {
    let r = bench::rtl::write_lat(size, iters, loss, seed)?;
    out!("write_lat on two Verilated engines (braid-driver verbs API -> braid_engine_tiny -> fabric: 2 leaves, 4 spines, 500 ns links), 153.6 Gb/s ports, 4 paths, {size} bytes, loss {loss}, seed {seed:#x}");
    out!("one-way latency = half a WRITE_WITH_IMM ping-pong (each side writes back when its completion shows the peer's data landed), engine clock, no host software time");
    write!(std::io::stdout().lock(), "{r}")?;
    Ok(())
}

fn write_lat(size: u32, iters: u32, loss: f64, seed: u64) -> Result<()> {
    use braid_driver::perf::{self, LatConfig, LatSide, LatStats, PolledClock, RemoteBuf};
    use braid_driver::verbs::*;
    use braid_sim::model_backend::ModelWorld;
    if !(0.0..1.0).contains(&loss) {
        bail!("--loss {loss}: must be at least 0 and below 1");
    }
    if size == 0 || size > 16 << 20 || iters == 0 {
        bail!("--size must be 1 byte to 16 MiB and --iters at least 1");
    }
    let region = (size as usize).max(4096);
    let world = ModelWorld::new(2, region as u64 * 2 + (16 << 20), loss, seed);
    let ctx = [
        Context::open(ModelWorld::backend(&world, 0))?,
        Context::open(ModelWorld::backend(&world, 1))?,
    ];
    let pds = [ctx[0].alloc_pd(), ctx[1].alloc_pd()];
    let cqs = [ctx[0].create_cq(16)?, ctx[1].create_cq(16)?];
    let mrs = [
        pds[0].reg_mr(region, access::LOCAL_WRITE | access::REMOTE_WRITE)?,
        pds[1].reg_mr(region, access::LOCAL_WRITE | access::REMOTE_WRITE)?,
    ];
    let init = QpInit {
        sq_entries: 16,
        rq_entries: 16,
        streams: 1,
        paths: 16,
    };
    let mut qps = [
        pds[0].create_qp(&cqs[0], init)?,
        pds[1].create_qp(&cqs[1], init)?,
    ];
    let l0 = qps[0].local_params([2, 0x42, 0x52, 0, 0, 0], [10, 0, 0, 1]);
    let l1 = qps[1].local_params([2, 0x42, 0x52, 0, 0, 1], [10, 0, 0, 2]);
    qps[0].connect(&l0, &l1)?;
    qps[1].connect(&l1, &l0)?;
    // ping from 0 to 1, pong from 1 to 0: each side writes back when its
    // completion shows the peer's data landed (braid_driver::perf)
    let cfg = LatConfig {
        size,
        iters,
        stream: 0,
        stall_ps: 1_000_000_000_000,
    };
    let [q0, q1] = &mut qps;
    let a = LatSide::new(q0, &cqs[0], &mrs[0], RemoteBuf::of(&mrs[1]), cfg, true)?;
    let b = LatSide::new(q1, &cqs[1], &mrs[1], RemoteBuf::of(&mrs[0]), cfg, false)?;
    let t0 = std::time::Instant::now();
    // polling runs the model world
    let rtts = perf::ping_pong(a, b, &mut PolledClock(|| world.borrow().net.now()))?;
    let stats = LatStats::from_rtts(&rtts);
    out!("write_lat on two model engines (braid-driver verbs API -> host interface -> transport model), 400 Gb/s, {size} bytes, loss {loss}, seed {seed:#x}");
    out!("one-way latency = half a WRITE_WITH_IMM ping-pong (each side writes back when its completion shows the peer's data landed), simulated time, no host software time; hosts on one leaf");
    write!(std::io::stdout().lock(), "{stats}")?;
    out!(
        "({iters} round trips in {:.2} s wall)",
        t0.elapsed().as_secs_f64()
    );
    Ok(())
}
