//! The fault library and the invariant checker of `braid_net::faults` on
//! two Verilated engine tops (`braid_engine_tiny`) under their unmodified
//! drivers, through the fabric simulator: the same runs and the same
//! invariants as the model engines' (`firmware-sim/net/tests/faults.rs`),
//! plus DMA read errors from the host side. Corruption is not run here:
//! the engine sends no UDP checksum yet and places corrupted payloads
//! (THREAT_MODEL.md).

use braid_cosim::bench::ENGINE_LINE_BPS;
use braid_cosim::pair::{Side, IP_A, IP_B, MAC_A, MAC_B};
use braid_cosim::wire::{FabricWire, WireRig};
use braid_net::fabric::FabricConfig;
use braid_net::faults::{self, FaultPlan, Traffic};

fn fabric(plan: &FaultPlan, seed: u64) -> FabricConfig {
    let mut f = FabricConfig::leaf_spine(2);
    f.hosts_per_leaf = 1;
    f.spines = 4;
    f.host_rate_bps = ENGINE_LINE_BPS;
    f.fabric_rate_bps = ENGINE_LINE_BPS;
    f.seed = seed;
    plan.apply(&mut f);
    f
}

/// Run `t` on two fresh engines under `plan`, with host DMA reads failing
/// with probability `read_faults`; panic with every violation.
fn run_rtl(plan: &FaultPlan, t: &Traffic, read_faults: f64) -> faults::Outcome {
    let a = Side::open(MAC_A, IP_A).expect("engine A");
    let b = Side::open(MAC_B, IP_B).expect("engine B");
    for (i, s) in [&a, &b].iter().enumerate() {
        let mut e = s.eng.borrow_mut();
        e.rd.fault_prob = read_faults;
        e.rd.fault_seed = t.seed ^ (i as u64 + 1) * 0x5eed;
    }
    let wire = FabricWire::new(fabric(plan, t.seed), a.eng.clone(), b.eng.clone());
    let mut rig = WireRig::new(wire);
    let res = faults::run(
        [&a.ctx, &b.ctx],
        [(MAC_A, IP_A), (MAC_B, IP_B)],
        &mut rig,
        plan,
        t,
        2_000,
    );
    let injected = [a.eng.borrow().rd.injected, b.eng.borrow().rd.injected];
    eprintln!(
        "reads {} {}",
        a.eng.borrow().rd.requests,
        b.eng.borrow().rd.requests
    );
    match res {
        Ok((out, _)) => {
            eprintln!(
                "seed {:#x}: {} messages, {} SUCCESS, {} failed (queue pairs failed: {:?}), {} \
                 bytes, {} us, {} DMA writes audited, {} frames, DMA read faults injected \
                 {injected:?}; fabric: {} corrupted and delivered, {:?}",
                t.seed,
                out.messages,
                out.success,
                out.failed,
                out.qp_failed,
                out.bytes,
                out.time / 1_000_000,
                out.dma_writes,
                out.engine_frames,
                out.fabric.corrupted,
                out.fabric
            );
            out
        }
        Err(v) => {
            for x in v.iter().take(20) {
                eprintln!("violation: {x}");
            }
            panic!(
                "seed {:#x}, plan {plan}, DMA read faults {read_faults}: {} invariant violations \
                 (first: {})",
                t.seed,
                v.len(),
                v[0]
            );
        }
    }
}

fn traffic(seed: u64) -> Traffic {
    Traffic {
        messages: 40,
        max_len: 9000,
        streams: 2,
        paths: 4,
        depth: 8,
        seed,
    }
}

#[test]
fn rtl_every_fault_at_once_loses_nothing() {
    let plan = FaultPlan {
        // the engine sends no UDP checksum yet, so a corrupted payload
        // would be placed: corruption is run alone below
        corrupt: 0.0,
        ..FaultPlan::every(150)
    };
    let out = run_rtl(&plan, &traffic(0xfc10), 0.0);
    assert_eq!(out.success, out.messages);
}

/// Host DMA reads failing at random (2%): this seed fails two payload
/// reads, whose frames are discarded before the wire (`TX_PAYLOAD_ERR`)
/// and resent with a fresh read; every message completes once,
/// byte-exact. Failed WQE and receive-queue reads still break the
/// invariants (THREAT_MODEL.md; `examples/soak_rtl.rs` with seed 1).
#[test]
fn rtl_dma_read_errors_fail_loudly_or_not_at_all() {
    let out = run_rtl(&FaultPlan::none(), &traffic(0xfc20), 0.02);
    assert_eq!(out.success, out.messages);
}
