//! Shared helpers of the workspace-level tests (see `tests/tests/`).

use braid_model::CycleModel;

/// Cycles of the per-block Verilator equivalence run in the test suite
/// (`BRAID_EQUIV_CYCLES` overrides; the opt-in long run uses 10 M).
pub fn equiv_cycles() -> u64 {
    std::env::var("BRAID_EQUIV_CYCLES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100_000)
}

/// Seeds for a run: `BRAID_SEED` pins one, otherwise the given defaults.
pub fn seeds(defaults: &[u64]) -> Vec<u64> {
    match std::env::var("BRAID_SEED").ok().and_then(|v| {
        let v = v.trim_start_matches("0x");
        u64::from_str_radix(v, 16).ok()
    }) {
        Some(s) => vec![s],
        None => defaults.to_vec(),
    }
}

/// Run the Verilator equivalence of `M` and panic with the full mismatch
/// report (seed, cycle, inputs, both outputs, waveform) on failure.
pub fn assert_equiv<M: CycleModel>(seed: u64, cycles: u64) {
    match braid_cosim::equiv::run::<M>(seed, cycles) {
        Ok(r) => eprintln!(
            "{}: {} cycles equal (seed {:#x}), {:.2} M cycles/s",
            r.module,
            r.cycles,
            r.seed,
            r.cycles_per_sec() / 1e6
        ),
        Err(m) => panic!("{m}\nreproduce with BRAID_SEED={:x}", m.seed),
    }
}
