//! `braid-sim write-bw` and `write-lat` on the model engines: simulated
//! time, so every figure is exact for its seed. A change of behaviour in
//! the transport model, the model engines or the driver's perftest loops
//! fails here with the figure's name; re-pin by copying the printed line
//! once the change is understood.

use std::process::Command;

fn braid_sim(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_braid-sim"))
        .args(args)
        .output()
        .expect("run braid-sim");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "braid-sim {args:?}: {}\n{text}",
        String::from_utf8_lossy(&out.stderr)
    );
    text
}

/// The line after the table header that starts with `head`, split.
fn figures(out: &str, head: &str) -> Vec<String> {
    let mut lines = out
        .lines()
        .skip_while(|l| !l.trim_start().starts_with(head));
    lines
        .next()
        .unwrap_or_else(|| panic!("no {head:?} header in:\n{out}"));
    lines
        .next()
        .unwrap()
        .split_whitespace()
        .map(String::from)
        .collect()
}

#[test]
fn model_write_bw_figures_are_pinned() {
    for (loss, want) in [
        ("0", ["65536", "200", "386.20", "0"]),
        ("0.01", ["65536", "200", "381.47", "40"]),
    ] {
        let out = braid_sim(&[
            "write-bw", "--engine", "model", "--iters", "200", "--loss", loss,
        ]);
        let f = figures(&out, "bytes");
        assert_eq!(
            [&f[0], &f[1], &f[2], &f[4]],
            want,
            "write-bw at loss {loss}: bytes, iters, Gb/s, retransmissions:\n{out}"
        );
    }
}

#[test]
fn model_write_lat_figures_are_pinned() {
    for (loss, want) in [
        (
            "0",
            ["200", "0.713", "1.025", "0.937", "1.025", "1.025", "1.025"],
        ),
        (
            "0.01",
            ["200", "0.713", "1.005", "1.018", "3.589", "3.889", "3.889"],
        ),
    ] {
        let out = braid_sim(&[
            "write-lat",
            "--engine",
            "model",
            "--iters",
            "200",
            "--loss",
            loss,
        ]);
        let f = figures(&out, "iters");
        assert_eq!(
            f, want,
            "write-lat at loss {loss}: iters, min, typical, avg, p99, p99.9, max (us):\n{out}"
        );
    }
}
