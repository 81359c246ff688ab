//! The benchmark scenarios as seeded tests: the figures the protocol asks
//! for are checked here on reduced sizes, and the quick loss table is
//! pinned so a change of behaviour shows as a diff.

use braid_net::bench::{self, Row};
use braid_net::config::Kind;

const SEED: u64 = 0xb4a1;

fn find<'a>(rows: &'a [Row], kind: Kind, loss: f64, wher: &str) -> &'a Row {
    rows.iter()
        .find(|r| {
            r.transport == kind
                && r.num("loss") == loss
                && matches!(r.get("where"), Some(bench::Val::S(s)) if s == wher)
        })
        .expect("row")
}

/// The quick loss sweep: no transport beats the physical limit by more
/// than sampling noise (3 standard deviations of the delivered fraction);
/// braid meets its targets; go-back-N collapses at 1%.
#[test]
fn quick_loss_sweep_targets_and_snapshot() {
    let rows = bench::loss(true, SEED);
    for r in &rows {
        let sent = r.num("data_sent");
        let limit = r.num("limit");
        let p = (limit / 0.9729).min(1.0);
        let sd = (p * (1.0 - p) / sent).sqrt() * 0.9729;
        assert!(
            r.num("goodput_frac") <= limit + 3.0 * sd + 1e-4,
            "seed {SEED:#x}: above the physical limit: {}",
            r.json()
        );
    }
    let b1 = find(&rows, Kind::Braid, 0.01, "e2e").num("goodput_frac");
    let b10 = find(&rows, Kind::Braid, 0.1, "e2e").num("goodput_frac");
    let g1 = find(&rows, Kind::GoBackN, 0.01, "e2e").num("goodput_frac");
    assert!(b1 >= 0.95, "seed {SEED:#x}: braid at 1% loss {b1}");
    assert!(b10 >= 0.85, "seed {SEED:#x}: braid at 10% loss {b10}");
    assert!(
        g1 < b1 - 0.1,
        "seed {SEED:#x}: go-back-N {g1} vs braid {b1}"
    );

    let table = bench::table(&rows);
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots/loss_quick.txt");
    if std::env::var_os("BRAID_BLESS").is_some() {
        std::fs::write(&path, &table).unwrap();
    }
    let want = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        want == table,
        "the quick loss table changed (seed {SEED:#x}):\n--- {}\n{want}\n+++ now\n{table}\nregenerate with BRAID_BLESS=1 cargo test -p braid-net --test transport",
        path.display()
    );
}

/// 32-to-1 incast at the benchmark's full size (4 MiB each, as
/// docs/transport-model.md's table): braid converges at once, keeps the
/// queue under one BDP, shares fairly and finishes within the target of
/// the ideal time, payload over the port rate (the README's figure; the
/// last completion over the wire-byte ideal is also reported); every
/// figure is pinned for the seed.
#[test]
fn incast_braid_targets() {
    let r = bench::incast_row(Kind::Braid, 32, 4 << 20, SEED);
    eprintln!("{}", r.json());
    let rounds: u32 = match r.get("rounds_to_converge") {
        Some(bench::Val::S(s)) => s.parse().unwrap_or(u32::MAX),
        _ => u32::MAX,
    };
    assert!(rounds <= 2, "seed {SEED:#x}: {}", r.json());
    assert!(
        r.num("peak_queue_bdp") <= 1.0,
        "seed {SEED:#x}: {}",
        r.json()
    );
    assert!(r.num("jain") >= 0.99, "seed {SEED:#x}: {}", r.json());
    assert!(
        r.num("last_over_ideal") <= 1.03,
        "seed {SEED:#x}: payload over the ideal: {}",
        r.json()
    );
    assert_eq!(r.num("drops"), 0.0, "seed {SEED:#x}: {}", r.json());
    let pinned = format!(
        "peak queue {:.4} BDP, Jain {:.6}, last over ideal {:.4} (wire {:.4}), {} retransmissions",
        r.num("peak_queue_bdp"),
        r.num("jain"),
        r.num("last_over_ideal"),
        r.num("last_over_wire_ideal"),
        r.num("retransmits")
    );
    assert_eq!(
        pinned, INCAST_PINNED,
        "seed {SEED:#x}: the incast figures moved"
    );
}

const INCAST_PINNED: &str =
    "peak queue 0.2905 BDP, Jain 1.000000, last over ideal 1.0290 (wire 1.0011), 0 retransmissions";

/// Planes as in the quick benchmark (4,000 connections, 60 us) at 2, 4, 8
/// and 16 planes: braid keeps the aggregate above 0.9 of capacity and
/// above the go-back-N baseline.
#[test]
fn planes_braid_above_09() {
    for planes in [2, 4, 8, 16] {
        let b = bench::planes_row(Kind::Braid, planes, 4000, 60_000_000, SEED);
        let g = bench::planes_row(Kind::GoBackN, planes, 4000, 60_000_000, SEED);
        eprintln!("{}\n{}", b.json(), g.json());
        assert!(
            b.num("aggregate_frac") >= 0.9,
            "seed {SEED:#x}: {}",
            b.json()
        );
        assert!(
            b.num("aggregate_frac") > g.num("aggregate_frac"),
            "seed {SEED:#x}"
        );
    }
}

/// Round trips the plane failure below takes to recover (seed `SEED`).
const PLANE_ROUNDS: u32 = 27;

/// A link and a plane fail mid-transfer: braid loses no message and is
/// back at (N-1)/N within 3 round trips for the link; the plane's rounds
/// are pinned.
#[test]
fn failover_braid_loses_nothing() {
    for what in [bench::Failure::Link, bench::Failure::Plane] {
        let r = bench::failover_row(Kind::Braid, what, 300_000_000, SEED);
        eprintln!("{}", r.json());
        assert_eq!(r.num("messages_lost"), 0.0, "seed {SEED:#x}: {}", r.json());
        assert!(r.num("messages") > 100.0, "seed {SEED:#x}: {}", r.json());
        let rounds: u32 = match r.get("rounds_to_recover") {
            Some(bench::Val::S(s)) => s.parse().unwrap_or(u32::MAX),
            _ => u32::MAX,
        };
        if what == bench::Failure::Link {
            assert!(rounds <= 3, "seed {SEED:#x}: {}", r.json());
        } else {
            // a plane takes longer today (issue: recovery in round trips);
            // pinned so that a change shows
            assert_eq!(rounds, PLANE_ROUNDS, "seed {SEED:#x}: {}", r.json());
        }
    }
}

/// Ring all-reduce (16 nodes, 2 MiB): every chunk arrives in step order
/// (asserted inside), loss slows it, and braid stays ahead of go-back-N.
#[test]
fn allreduce_small() {
    let (t0, _) = bench::allreduce_time(Kind::Braid, 16, 2 << 20, 0.0, SEED);
    let (t1, s1) = bench::allreduce_time(Kind::Braid, 16, 2 << 20, 0.01, SEED);
    let (g1, _) = bench::allreduce_time(Kind::GoBackN, 16, 2 << 20, 0.01, SEED);
    eprintln!(
        "braid lossless {t0} ps, 1% {t1} ps ({:?}); go-back-N 1% {g1} ps",
        s1
    );
    assert!(t0 > 0 && t1 >= t0, "seed {SEED:#x}");
    assert!(
        s1.retransmits > 0,
        "seed {SEED:#x}: loss must cause retransmissions"
    );
    assert!(t1 < g1, "seed {SEED:#x}: braid {t1} vs go-back-N {g1}");
}

/// All-to-all (16 hosts, 64 KiB per pair, all 240 flows at once): every
/// flow completes (asserted inside), and the run's figures are pinned: a
/// change in behaviour names the figure that moved. Re-pin by editing the
/// values after checking the change is intended.
#[test]
fn alltoall_small_pinned() {
    let got: Vec<(f64, u64, u64, u64, u64, u64)> = [0.0, 0.01]
        .iter()
        .map(|&loss| {
            let r = bench::alltoall_run(Kind::Braid, 16, 64 << 10, loss, SEED);
            let mut f = r.flows.clone();
            f.sort_unstable();
            (
                loss,
                r.done,
                f[f.len() / 2],
                r.buffer_drops,
                r.stats.retransmits,
                r.stats.timeouts,
            )
        })
        .collect();
    let want = vec![
        (0.0, 22_902_160, 22_293_440, 0, 0, 0),
        (0.01, 30_314_631, 22_537_760, 0, 44, 0),
    ];
    assert_eq!(
        got, want,
        "seed {SEED:#x}: all-to-all figures (loss, last completion ps, median flow ps, buffer drops, retransmits, timeouts) moved"
    );
}

/// The receiver's rate hint falls while its own queue builds: 4 braid
/// senders share a receiver when foreign traffic (not Braid, not paced)
/// takes half of its link for 200 us (the receiver's port queue fills). With the own-queue rule the hint
/// drops below the plain fair share and the receiver's switch port drops
/// fewer packets than without it.
#[test]
fn rate_hint_falls_when_the_receivers_own_queue_builds() {
    use braid_net::fabric::{FabricConfig, Packet};
    use braid_net::net::{access, Msg, Net, NetConfig, WorkRequest, WrOp};
    assert!(NetConfig::new(Kind::Braid).own_queue_ps.is_some());
    let run = |own: Option<u64>| {
        let mut fab = FabricConfig::leaf_spine(64);
        fab.seed = SEED;
        let cfg = NetConfig {
            own_queue_ps: own,
            ..NetConfig::new(Kind::Braid)
        };
        let mut n = Net::new(fab, cfg);
        n.keep_cq = false;
        for h in 0..64 {
            n.set_memory(h, 1 << 30);
        }
        let dst = n
            .reg_mr(0, 1, 0, 1 << 30, access::REMOTE_WRITE)
            .expect("mr");
        let mut conns = Vec::new();
        for s in [17, 18, 19, 20] {
            let l = n.reg_mr(s, 1, 0, 1 << 30, access::LOCAL_WRITE).expect("mr");
            let c = n.connect(s, 0, 1);
            for k in 0..64u64 {
                n.post_send(
                    c,
                    WorkRequest {
                        wr_id: k,
                        op: WrOp::Write {
                            rkey: dst.rkey,
                            remote: k << 20,
                        },
                        stream: 0,
                        local: k << 20,
                        len: 1 << 20,
                        lkey: l.lkey,
                    },
                )
                .expect("post");
            }
            conns.push(c);
        }
        // foreign traffic from host 40: 4 KiB frames at 200 Gb/s
        let (t1, t2, gap) = (50_000_000u64, 250_000_000u64, 168_000u64);
        let mut next = t1;
        let mut lowest = u64::MAX;
        let fair = n.host_capacity() / 4;
        while n.now() < 300_000_000 && n.step() {
            while n.now() >= next && next < t2 {
                n.fabric.send(Packet {
                    src: 40,
                    dst: 0,
                    sport: 1,
                    dport: 9,
                    bytes: 4210,
                    ce: false,
                    payload: Msg::Gbn {
                        conn: u32::MAX,
                        psn: 0,
                        nak: false,
                        ce: false,
                        fatal: None,
                    },
                });
                next += gap;
            }
            if n.now() > t1 + 20_000_000 && n.now() < t2 {
                lowest = lowest.min(n.rate_hint_of(0));
            }
        }
        (
            lowest,
            fair,
            n.fabric.stats().drops.buffer,
            n.fabric.stats().max_queue,
        )
    };
    let (low_on, fair, drops_on, q_on) = run(NetConfig::new(Kind::Braid).own_queue_ps);
    let (low_off, _, drops_off, q_off) = run(None);
    eprintln!(
        "fair {fair}, lowest hint with the rule {low_on} (drops {drops_on}, peak queue {q_on} B), without {low_off} (drops {drops_off}, peak queue {q_off} B)"
    );
    assert!(
        low_on < fair * 3 / 4,
        "seed {SEED:#x}: hint {low_on} vs fair {fair}"
    );
    assert_eq!(low_off, fair, "seed {SEED:#x}");
    assert!(
        drops_on < drops_off,
        "seed {SEED:#x}: {drops_on} vs {drops_off}"
    );
    assert!(q_on < q_off, "seed {SEED:#x}: {q_on} vs {q_off}");
}
