//! The fault library and the invariant checker of `braid_net::faults` on
//! two Verilated engine tops (`braid_engine_tiny`) under their unmodified
//! drivers, through the fabric simulator: the same runs and the same
//! invariants as the model engines' (`firmware-sim/net/tests/faults.rs`),
//! plus DMA read errors from the host side. Corruption is not run here:
//! the engine sends no UDP checksum yet and places corrupted payloads
//! (THREAT_MODEL.md).

use braid_cosim::wire::{fault_pair, FAULT_PAIR_ADDR};
use braid_net::faults::{self, FaultPlan, Traffic};

/// Run `t` on two fresh engines under `plan`, with host DMA reads failing
/// with probability `read_faults`; panic with every violation.
fn run_rtl(plan: &FaultPlan, t: &Traffic, read_faults: f64) -> faults::Outcome {
    let (a, b, mut rig) = fault_pair(plan, t.seed, read_faults).expect("two engines");
    let res = faults::run([&a.ctx, &b.ctx], FAULT_PAIR_ADDR, &mut rig, plan, t, 2_000);
    let injected = [a.eng.borrow().rd.injected, b.eng.borrow().rd.injected];
    let out = faults::verdict(res, t.seed, plan)
        .unwrap_or_else(|e| panic!("{e}, DMA read faults {read_faults}"));
    eprintln!(
        "seed {:#x}: {out}, DMA read faults injected {injected:?}",
        t.seed
    );
    out
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
