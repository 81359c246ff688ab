//! `braid-sim`: the Braid simulation command.
//!
//! `braid-sim demo` runs every exported RTL block through its Verilator
//! co-simulation against the cycle-exact reference model, prints what each
//! block did and the co-simulation speed with and without per-cycle model
//! checking. `braid-sim modules` lists the Verilated modules and their ports.
//! Logging: `RUST_LOG=info` (env_logger).

use anyhow::{bail, Result};
use braid_sim::cosim::equiv::{self, EquivReport};
use braid_sim::cosim::Sim;
use braid_sim::model::loss_detector::LossOut;
use braid_sim::model::path_window::PathWindowOut;
use braid_sim::model::sack_tracker::{PsnClass, SackOut};
use braid_sim::model::{CycleModel, LossDetectorModel, PathWindowModel, SackTrackerModel};
use clap::{Parser, Subcommand};
use std::io::Write as _;
use std::path::PathBuf;

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
    },
    /// List the Verilated modules and their ports.
    Modules,
    /// Transport benchmarks on the fabric simulator.
    Bench {
        #[command(subcommand)]
        which: Bench,
    },
}

#[derive(Subcommand)]
enum Bench {
    /// Goodput against end-to-end loss: 2 hosts, 1 connection, 16 paths,
    /// 400 Gb/s, 4 KiB payloads.
    Loss {
        /// A reduced run (1 ms of simulated time per point instead of 5 ms).
        #[arg(long)]
        quick: bool,
        /// One JSON object per row instead of the table.
        #[arg(long)]
        json: bool,
        /// Seed of the fabric's random choices.
        #[arg(long, default_value = "0xb4a1", value_parser = parse_seed)]
        seed: u64,
        /// Also write DIR/loss.svg (goodput against loss) and
        /// DIR/braid-loss-1pct.pcap (the first 2,000 frames of a braid
        /// connection at 1% loss; open with tools/wireshark/braid.lua).
        #[arg(long, value_name = "DIR")]
        out: Option<PathBuf>,
    },
}

fn parse_seed(s: &str) -> Result<u64, String> {
    let r = match s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        Some(h) => u64::from_str_radix(h, 16),
        None => s.parse(),
    };
    r.map_err(|e| format!("`{s}` is not a seed (decimal or 0x-hex): {e}"))
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
        Cmd::Demo { cycles, seed, fst } => demo(cycles, seed, fst),
        Cmd::Bench {
            which:
                Bench::Loss {
                    quick,
                    json,
                    seed,
                    out,
                },
        } => bench_loss(quick, json, seed, out),
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

fn demo(cycles: u64, seed: u64, fst: Option<PathBuf>) -> Result<()> {
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
    if let Some(d) = fst {
        out!("Waveforms: {}", d.display());
    }
    Ok(())
}

fn bench_loss(quick: bool, json: bool, seed: u64, out_dir: Option<PathBuf>) -> Result<()> {
    use braid_sim::transport::{capture_braid, loss_svg, loss_sweep, loss_table};
    let sim_us = if quick { 1000 } else { 5000 };
    if !json {
        out!(
            "loss sweep: 2 hosts, 1 connection, 16 paths (braid), 400 Gb/s, 4096 B payloads, end-to-end loss p on data and ACKs, {sim_us} us simulated per point, seed {seed:#x}"
        );
        out!("baselines on the same fabric: roce-gbn = RoCEv2 RC go-back-N on one path (1 ms retransmission timeout, no PFC); sr-irn = one path, selective repeat, window = BDP\n");
    }
    let t = std::time::Instant::now();
    let rows = loss_sweep(quick, seed);
    let secs = t.elapsed().as_secs_f64();
    if json {
        for r in &rows {
            out!(
                "{{\"scenario\":\"loss\",\"transport\":\"{}\",\"loss\":{},\"per_hop\":{},\"goodput_frac\":{:.5},\"limit\":{:.5},\"data_sent\":{},\"retransmits\":{},\"timeouts\":{},\"seed\":{seed}}}",
                r.kind.name(),
                r.loss,
                r.per_hop,
                r.goodput_frac,
                r.limit,
                r.stats.data_sent,
                r.stats.retransmits,
                r.stats.timeouts
            );
        }
    } else {
        write!(std::io::stdout().lock(), "{}", loss_table(&rows))?;
        let pkts: u64 = rows.iter().map(|r| r.stats.data_sent).sum();
        out!(
            "\n{pkts} simulated data packets (plus as many ACKs) in {secs:.2} s: {:.2} M data packets/s",
            pkts as f64 / secs / 1e6
        );
    }
    if let Some(dir) = out_dir {
        std::fs::create_dir_all(&dir)
            .map_err(|e| anyhow::anyhow!("cannot create {}: {e}", dir.display()))?;
        let svg = dir.join("loss.svg");
        std::fs::write(&svg, loss_svg(&rows))?;
        let pcap = dir.join("braid-loss-1pct.pcap");
        let mut w = braid_spec::pcap::PcapWriter::new(std::io::BufWriter::new(
            std::fs::File::create(&pcap)?,
        ))?;
        let frames = capture_braid(0.01, 2000, seed);
        for (t, fr) in &frames {
            w.write_frame(*t, fr)?;
        }
        drop(w);
        if !json {
            out!(
                "\nwrote {} and {} ({} frames)",
                svg.display(),
                pcap.display(),
                frames.len()
            );
        }
    }
    Ok(())
}
