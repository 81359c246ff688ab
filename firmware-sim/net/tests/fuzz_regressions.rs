//! The fuzz targets of `braid_net::fuzz` on stable Rust, in every test
//! run: every input coverage-guided fuzzing ever found failing
//! (`fuzz/regressions/<target>/`), the seed inputs of a real model run,
//! and seeded mutations of those seeds (bit flips, truncations, byte
//! runs, splices). A failure names the target, the input's file or seed,
//! and the mutation's number. `scripts/fuzz.sh` is the coverage-guided
//! run (nightly Rust, cargo-fuzz).

use braid_net::fuzz::{seeds, TARGETS};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;

/// Seeded mutations per seed input.
const MUTATIONS: usize = 24;

fn target(name: &str) -> fn(&[u8]) {
    TARGETS
        .iter()
        .find(|t| t.0 == name)
        .unwrap_or_else(|| panic!("no fuzz target {name}"))
        .1
}

/// Run `f` on `input`; a panic becomes the failure `what`.
fn run(f: fn(&[u8]), input: &[u8], what: &str) {
    if let Err(e) = catch_unwind(AssertUnwindSafe(|| f(input))) {
        let msg = e
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_default();
        panic!("{what}: {msg}");
    }
}

fn mutate(r: &mut ChaCha8Rng, seed: &[u8], other: &[u8]) -> Vec<u8> {
    let mut v = seed.to_vec();
    for _ in 0..r.gen_range(1..4) {
        match r.gen_range(0..5) {
            0 if !v.is_empty() => {
                let i = r.gen_range(0..v.len());
                v[i] ^= 1 << r.gen_range(0..8);
            }
            1 => v.truncate(r.gen_range(0..=v.len())),
            2 if !v.is_empty() => {
                let i = r.gen_range(0..v.len());
                let n = r.gen_range(1..=8).min(v.len() - i);
                let b = [0u8, 0xff, 0x80, 0x7f][r.gen_range(0..4)];
                v[i..i + n].fill(b);
            }
            3 if !v.is_empty() && !other.is_empty() => {
                let i = r.gen_range(0..v.len());
                let j = r.gen_range(0..other.len());
                v.truncate(i);
                v.extend_from_slice(&other[j..]);
            }
            _ => v.extend((0..r.gen_range(1..16)).map(|_| r.gen::<u8>())),
        }
    }
    v
}

#[test]
fn every_regression_input_passes() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/regressions");
    let mut n = 0;
    for (name, f) in TARGETS {
        let Ok(dir) = std::fs::read_dir(root.join(name)) else {
            continue;
        };
        for e in dir {
            let path = e.expect("a directory entry").path();
            let input = std::fs::read(&path).expect("a regression input");
            run(*f, &input, &format!("{name}: {}", path.display()));
            n += 1;
        }
    }
    eprintln!("{n} regression inputs replayed");
}

/// The hostile target's harness works: without hostile packets the
/// genuine WRITE arrives; the seeds inject packets the codec takes.
#[test]
fn the_hostile_harness_delivers_and_injects() {
    use braid_net::fuzz::{hostile_run, HostileRun};
    assert_eq!(
        hostile_run(&[]),
        HostileRun {
            injected: 0,
            delivered: true
        }
    );
    let mut injected = 0;
    for (_, input) in seeds().iter().filter(|s| s.0 == "hostile") {
        injected += hostile_run(input).injected;
    }
    assert!(
        injected >= 50,
        "{injected} hostile packets injected by the seeds"
    );
}

#[test]
fn seeds_and_their_mutations_pass_every_target() {
    let seed = 0xf022_u64;
    let all = seeds();
    for name in TARGETS.iter().map(|t| t.0) {
        let mine: Vec<&Vec<u8>> = all.iter().filter(|s| s.0 == name).map(|s| &s.1).collect();
        assert!(!mine.is_empty(), "no seed input for {name}");
    }
    let mut r = ChaCha8Rng::seed_from_u64(seed);
    for (k, (name, input)) in all.iter().enumerate() {
        let f = target(name);
        run(f, input, &format!("{name}: seed input {k}"));
        let other = &all[(k + 1) % all.len()].1;
        for m in 0..MUTATIONS {
            let v = mutate(&mut r, input, other);
            run(
                f,
                &v,
                &format!("{name}: seed {seed:#x}, seed input {k}, mutation {m}"),
            );
        }
    }
}
