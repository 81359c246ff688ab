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

use braid_cli::args::{Cli, Cmd, RunArgs};

use std::path::PathBuf;
use std::process::ExitCode;

use braid_driver::vfio::{self, PciDeviceInfo};
use braid_driver::{Backend, Device, MemBackend};
use clap::Parser;

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
