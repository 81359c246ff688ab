//! `braid`: find Braid boards and open them.
//!
//! * `braid devices [--sysfs DIR] [--dev DIR] [--all]` lists the PCI
//!   functions that may carry a Braid engine (Xilinx vendor id 10ee) with
//!   their driver, IOMMU group and NUMA node, and whether VFIO can open each
//!   ("ready") or what is missing, with the commands that fix it.
//! * `braid info --device ADDR` opens the board at PCI address `ADDR` through
//!   VFIO and prints the engine's identity; `--device mem` opens the register
//!   file in memory instead (no board needed).
//!
//! Errors go to standard error and exit with code 1.

use std::path::PathBuf;
use std::process::ExitCode;

use braid_driver::vfio::{self, PciDeviceInfo};
use braid_driver::{Backend, Device, MemBackend, VfioBackend};
use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(name = "braid", version, about = "Find Braid boards and open them")]
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
        /// PCI address (0000:3b:00.0 or 3b:00.0), or `mem` for the register
        /// file in memory.
        #[arg(long, value_name = "ADDR")]
        device: String,
        /// sysfs root.
        #[arg(long, value_name = "DIR", default_value = vfio::DEFAULT_SYSFS)]
        sysfs: PathBuf,
        /// Device-file root (VFIO files are under DIR/vfio).
        #[arg(long, value_name = "DIR", default_value = vfio::DEFAULT_DEV)]
        dev: PathBuf,
    },
    /// Open a board and print the engine's counters.
    Stats {
        /// PCI address (0000:3b:00.0 or 3b:00.0), or `mem` for the register
        /// file in memory.
        #[arg(long, value_name = "ADDR")]
        device: String,
        /// sysfs root.
        #[arg(long, value_name = "DIR", default_value = vfio::DEFAULT_SYSFS)]
        sysfs: PathBuf,
        /// Device-file root (VFIO files are under DIR/vfio).
        #[arg(long, value_name = "DIR", default_value = vfio::DEFAULT_DEV)]
        dev: PathBuf,
    },
}

fn opt<T: ToString>(v: Option<T>) -> String {
    v.map_or_else(|| "-".to_string(), |v| v.to_string())
}

/// Indent every line of `s` by four spaces.
fn indent(s: &str) -> String {
    s.lines().map(|l| format!("    {l}\n")).collect::<String>()
}

fn devices(sysfs: PathBuf, dev: PathBuf, all: bool) -> Result<(), String> {
    let every = vfio::list_devices(&sysfs).map_err(|e| e.to_string())?;
    let total = every.len();
    let shown: Vec<PciDeviceInfo> = if all {
        every
    } else {
        vfio::braid_candidates(every)
    };
    if shown.is_empty() {
        println!(
            "no Braid board found: none of the {total} PCI devices under {} has Xilinx's \
             vendor id {:04x} (`braid devices --all` lists them all)",
            sysfs.join("bus/pci/devices").display(),
            vfio::XILINX_VENDOR
        );
        return Ok(());
    }
    println!(
        "{:<13} {:<10} {:<7} {:<10} {:<6} {:<5} VFIO",
        "ADDRESS", "ID", "CLASS", "DRIVER", "GROUP", "NUMA"
    );
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
        Box::new(VfioBackend::open_with_root(sysfs, dev, device).map_err(|e| e.to_string())?)
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

fn stats(device: &str, sysfs: PathBuf, dev: PathBuf) -> Result<(), String> {
    let (name, d) = open(device, sysfs, dev)?;
    let c = d.counters().map_err(|e| e.to_string())?;
    println!("{name}: Braid engine counters");
    print!("{c}");
    Ok(())
}

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn")).init();
    let cli = Cli::parse();
    let r = match cli.cmd {
        Cmd::Devices { sysfs, dev, all } => devices(sysfs, dev, all),
        Cmd::Info { device, sysfs, dev } => info(&device, sysfs, dev),
        Cmd::Stats { device, sysfs, dev } => stats(&device, sysfs, dev),
    };
    match r {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("braid: {e}");
            ExitCode::FAILURE
        }
    }
}
