//! Soak of two Verilated engine tops under every fault the engine is
//! meant to survive (opt-in, long): seeded runs of `braid_net::faults`
//! through the fabric one after another until the engines have sent the
//! frames asked for, every invariant checked on every run. Corruption is
//! left out: the engine sends no UDP checksum yet, so a frame corrupted
//! inside a switch is placed (THREAT_MODEL.md).
//!
//! `cargo run --release -p braid-cosim --example soak_rtl -- [FRAMES] [FIRST_SEED]
//! [READ_FAULTS]` (default 10^6 frames from seed 1, host DMA reads failing
//! with probability 0.002). Exits non-zero at the first run with
//! a violation, naming its seed.

use braid_cosim::wire::{fault_pair, FAULT_PAIR_ADDR};
use braid_net::faults::{self, FaultPlan, Totals, Traffic};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let want: u64 = args
        .first()
        .map(|a| a.parse().expect("FRAMES: a number"))
        .unwrap_or(1_000_000);
    let first: u64 = args
        .get(1)
        .map(|a| a.parse().expect("FIRST_SEED: a number"))
        .unwrap_or(1);
    let read_fault_prob: f64 = args
        .get(2)
        .map(|a| a.parse().expect("READ_FAULTS: a probability"))
        .unwrap_or(0.002);
    let t0 = std::time::Instant::now();
    let mut tot = Totals::default();
    let mut read_faults = 0;
    let mut seed = first;
    let plan = FaultPlan {
        corrupt: 0.0,
        ..FaultPlan::every(400)
    };
    while tot.sum.fabric.sent < want {
        let t = Traffic {
            messages: 150,
            max_len: 16_384,
            streams: 2,
            paths: 4,
            depth: 8,
            seed,
        };
        let (a, b, mut rig) = fault_pair(&plan, seed, read_fault_prob).expect("two engines");
        let res = faults::run(
            [&a.ctx, &b.ctx],
            FAULT_PAIR_ADDR,
            &mut rig,
            &plan,
            &t,
            5_000,
        );
        read_faults += a.eng.borrow().rd.injected + b.eng.borrow().rd.injected;
        if std::env::var_os("SOAK_SHOW_READS").is_some() {
            for (n, s) in [("A", &a), ("B", &b)] {
                eprintln!("{n}: failed reads {:x?}", s.eng.borrow().rd.injected_reads);
            }
        }
        match faults::verdict(res, seed, &plan) {
            Ok(out) => tot.add(&out),
            Err(e) => {
                eprintln!("soak_rtl: {e}");
                std::process::exit(1);
            }
        }
        println!(
            "soak_rtl: seed {seed}: {} frames, {} runs, {:.0} s",
            tot.sum.fabric.sent,
            tot.runs,
            t0.elapsed().as_secs_f64()
        );
        seed += 1;
    }
    println!(
        "soak (Verilated engines): seeds {first}..{}, {} runs: {}, {read_faults} DMA read \
         errors; 0 violations; {:.0} s",
        seed - 1,
        tot.runs,
        tot.sum,
        t0.elapsed().as_secs_f64()
    );
}
