//! Soak of the model engines under every fault (opt-in, long): seeded runs
//! of `braid_net::faults` one after another until the fabric has carried
//! the packets asked for, every invariant checked on every run.
//!
//! `cargo run --release -p braid-net --example soak -- [PACKETS] [FIRST_SEED]`
//! (default 10^8 packets from seed 1). Prints a line per 10% and the
//! totals; exits non-zero at the first run with a violation, naming its
//! seed.

use braid_driver::verbs::Context;
use braid_net::faults::{self, FaultPlan, ModelRig, Totals, Traffic};
use braid_net::model_backend::ModelWorld;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let want: u64 = args
        .first()
        .map(|a| a.parse().expect("PACKETS: a number"))
        .unwrap_or(100_000_000);
    let first: u64 = args
        .get(1)
        .map(|a| a.parse().expect("FIRST_SEED: a number"))
        .unwrap_or(1);
    let addr = [
        ([2, 0x42, 0x52, 0, 0, 0], [10, 0, 0, 1]),
        ([2, 0x42, 0x52, 0, 0, 1], [10, 0, 0, 2]),
    ];
    let t0 = std::time::Instant::now();
    let mut tot = Totals::default();
    let mut next_report = want / 10;
    let mut seed = first;
    let plan = FaultPlan::every(2_000);
    while tot.sum.fabric.sent < want {
        let t = Traffic {
            messages: 1000,
            max_len: 65_536,
            streams: 4,
            paths: 16,
            depth: 32,
            seed,
        };
        let world = ModelWorld::on(ModelRig::fabric(&plan, seed), 256 << 20);
        let a = Context::open(ModelWorld::backend(&world, 0)).expect("open 0");
        let b = Context::open(ModelWorld::backend(&world, 1)).expect("open 1");
        let mut rig = ModelRig::new(world.clone());
        let res = faults::run([&a, &b], addr, &mut rig, &plan, &t, 5_000);
        match faults::verdict(res, seed, &plan) {
            Ok(out) => tot.add(&out),
            Err(e) => {
                eprintln!("soak: {e}");
                std::process::exit(1);
            }
        }
        if tot.sum.fabric.sent >= next_report {
            println!(
                "soak: {} packets, {} runs, {:.0} s",
                tot.sum.fabric.sent,
                tot.runs,
                t0.elapsed().as_secs_f64()
            );
            next_report += want / 10;
        }
        seed += 1;
    }
    println!(
        "soak (model engines): seeds {first}..{}, {} runs: {}; 0 violations; {:.0} s",
        seed - 1,
        tot.runs,
        tot.sum,
        t0.elapsed().as_secs_f64()
    );
}
