//! The `cli_args` fuzz target (`braid_cli::fuzz_args`) on stable Rust, in
//! every test run: every input coverage-guided fuzzing found failing
//! (`fuzz/regressions/cli_args/`), the seed command lines, and seeded
//! mutations of them. A failure names the input.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::panic::{catch_unwind, AssertUnwindSafe};

fn run(input: &[u8], what: &str) {
    if catch_unwind(AssertUnwindSafe(|| braid_cli::fuzz_args(input))).is_err() {
        panic!(
            "cli_args failed on {what}: {:?}",
            String::from_utf8_lossy(input)
        );
    }
}

fn seeds() -> Vec<Vec<u8>> {
    braid_cli::SEED_LINES
        .iter()
        .map(|l| {
            l.split_whitespace()
                .collect::<Vec<_>>()
                .join("\0")
                .into_bytes()
        })
        .collect()
}

#[test]
fn every_seed_command_line_parses() {
    use clap::Parser;
    for s in seeds() {
        let text = String::from_utf8(s).unwrap();
        let argv = std::iter::once("braid").chain(text.split('\0'));
        if let Err(e) = braid_cli::args::Cli::try_parse_from(argv) {
            panic!("{text:?}: {e}");
        }
    }
}

#[test]
fn regressions_seeds_and_mutations_pass() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../fuzz/regressions/cli_args");
    if let Ok(rd) = std::fs::read_dir(dir) {
        for e in rd.flatten() {
            let b = std::fs::read(e.path()).unwrap();
            run(&b, &e.path().display().to_string());
        }
    }
    let seeds = seeds();
    for (i, s) in seeds.iter().enumerate() {
        run(s, &format!("seed {i}"));
        let mut r = ChaCha8Rng::seed_from_u64(0xc11 ^ i as u64);
        for k in 0..64 {
            let mut v = s.clone();
            for _ in 0..r.gen_range(1..4) {
                match r.gen_range(0..4) {
                    0 if !v.is_empty() => {
                        let j = r.gen_range(0..v.len());
                        v[j] ^= 1 << r.gen_range(0..8);
                    }
                    1 => v.truncate(r.gen_range(0..=v.len())),
                    2 => {
                        let o = &seeds[r.gen_range(0..seeds.len())];
                        let j = r.gen_range(0..=o.len());
                        v.extend_from_slice(&o[j..]);
                    }
                    _ => {
                        let j = r.gen_range(0..=v.len());
                        let junk: &[u8] =
                            [&b"\0--mtu\0"[..], b"\0-1", b"\0ff:ff", b"\xff\0", b"0x"]
                                [r.gen_range(0..5)];
                        v.splice(j..j, junk.iter().copied());
                    }
                }
            }
            run(&v, &format!("seed {i}, mutation {k}"));
        }
    }
}
