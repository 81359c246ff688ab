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

use braid_cosim::bench::ENGINE_LINE_BPS;
use braid_cosim::pair::{Side, IP_A, IP_B, MAC_A, MAC_B};
use braid_cosim::wire::{FabricWire, WireRig};
use braid_net::fabric::FabricConfig;
use braid_net::faults::{self, FaultPlan, Traffic};

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
    let (mut frames, mut runs, mut msgs, mut failed, mut bytes) = (0u64, 0u64, 0u64, 0u64, 0u64);
    let mut fab = braid_net::fabric::Stats::default();
    let mut read_faults = 0;
    let mut seed = first;
    while frames < want {
        let plan = FaultPlan {
            corrupt: 0.0,
            ..FaultPlan::every(400)
        };
        let t = Traffic {
            messages: 150,
            max_len: 16_384,
            streams: 2,
            paths: 4,
            depth: 8,
            seed,
        };
        let a = Side::open(MAC_A, IP_A).expect("engine A");
        let b = Side::open(MAC_B, IP_B).expect("engine B");
        for (i, s) in [&a, &b].iter().enumerate() {
            let mut e = s.eng.borrow_mut();
            e.rd.fault_prob = read_fault_prob;
            e.rd.fault_seed = seed ^ (i as u64 + 1) * 0x5eed;
        }
        let mut f = FabricConfig::leaf_spine(2);
        f.hosts_per_leaf = 1;
        f.spines = 4;
        f.host_rate_bps = ENGINE_LINE_BPS;
        f.fabric_rate_bps = ENGINE_LINE_BPS;
        f.seed = seed;
        plan.apply(&mut f);
        let mut rig = WireRig::new(FabricWire::new(f, a.eng.clone(), b.eng.clone()));
        let res = faults::run(
            [&a.ctx, &b.ctx],
            [(MAC_A, IP_A), (MAC_B, IP_B)],
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
        match res {
            Ok((out, _)) => {
                runs += 1;
                msgs += out.messages as u64;
                failed += out.failed as u64;
                bytes += out.bytes;
                frames += out.fabric.sent;
                let s = out.fabric;
                fab.sent += s.sent;
                fab.duplicated += s.duplicated;
                fab.reordered += s.reordered;
                fab.drops.e2e += s.drops.e2e;
                fab.drops.link += s.drops.link;
                fab.drops.link_down += s.drops.link_down;
                fab.drops.black_hole += s.drops.black_hole;
                fab.drops.buffer += s.drops.buffer;
            }
            Err(v) => {
                for x in v.iter().take(20) {
                    eprintln!("violation: {x}");
                }
                eprintln!("soak_rtl: seed {seed}: {} violations, plan {plan}", v.len());
                std::process::exit(1);
            }
        }
        println!(
            "soak_rtl: seed {seed}: {frames} frames, {runs} runs, {:.0} s",
            t0.elapsed().as_secs_f64()
        );
        seed += 1;
    }
    println!(
        "soak (Verilated engines): seeds {first}..{}, {runs} runs, {msgs} messages ({failed} \
         failed with an error status), {bytes} bytes, {} frames; faults: {} lost end to end, {} \
         in bursts, {} on failed links, {} black-holed, {} duplicated, {} reordered, {read_faults} \
         DMA read errors; 0 violations; {:.0} s",
        seed - 1,
        fab.sent,
        fab.drops.e2e,
        fab.drops.link,
        fab.drops.link_down,
        fab.drops.black_hole,
        fab.duplicated,
        fab.reordered,
        t0.elapsed().as_secs_f64()
    );
}
