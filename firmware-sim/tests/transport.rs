//! Braid transport model on the fabric: exactly-once delivery and goodput
//! under end-to-end loss (seeded; the figures are printed).

use braid_sim::fabric::FabricConfig;
use braid_sim::transport::*;

#[test]
fn goodput_under_loss() {
    let mut fab = FabricConfig::leaf_spine(32);
    fab.spines = 8;
    fab.seed = 0xb4a1;
    let cfg = BraidConfig::default();
    eprintln!("loss      goodput  limit    sent     retx  sack-loss  timeouts  dup");
    for loss in [0.0, 0.01, 0.1] {
        let r = loss_point(&fab, &cfg, Kind::Braid, loss, 1_000_000_000);
        eprintln!(
            "{:<8}  {:.4}   {:.4}   {:<7}  {:<5} {:<10} {:<9} {}",
            loss,
            r.goodput_frac,
            r.limit,
            r.stats.data_sent,
            r.stats.retransmits,
            r.stats.sack_losses,
            r.stats.timeouts,
            r.stats.duplicates
        );
        assert!(
            r.goodput_frac <= r.limit + 0.002,
            "above the physical limit: {r:?}"
        );
    }
}

/// The baselines run on the same fabric and behave as their designs say:
/// all three reach the physical limit without loss; go-back-N falls well
/// below braid at 1% loss; selective repeat on one path stays below braid.
#[test]
fn baselines_on_the_same_fabric() {
    let mut fab = FabricConfig::leaf_spine(32);
    fab.spines = 8;
    fab.seed = 0xb4a1;
    let cfg = BraidConfig::default();
    let sim = 1_000_000_000;
    for kind in [Kind::GoBackN, Kind::SelectiveRepeat] {
        let r = loss_point(&fab, &cfg, kind, 0.0, sim);
        eprintln!(
            "{} at 0: {:.4} (limit {:.4})",
            kind.name(),
            r.goodput_frac,
            r.limit
        );
        assert!(
            r.goodput_frac > r.limit - 0.01 && r.goodput_frac <= r.limit + 0.002,
            "{r:?}"
        );
    }
    let braid = loss_point(&fab, &cfg, Kind::Braid, 0.01, sim).goodput_frac;
    let gbn = loss_point(&fab, &cfg, Kind::GoBackN, 0.01, sim).goodput_frac;
    let sr = loss_point(&fab, &cfg, Kind::SelectiveRepeat, 0.01, sim).goodput_frac;
    eprintln!("at 1% loss: braid {braid:.4}, go-back-N {gbn:.4}, selective repeat {sr:.4}");
    assert!(
        gbn < braid - 0.1,
        "seed 0xb4a1: go-back-N {gbn} vs braid {braid}"
    );
    assert!(
        sr <= braid,
        "seed 0xb4a1: selective repeat {sr} vs braid {braid}"
    );
}

/// The quick loss table is pinned: a change of behaviour shows as a diff.
/// Regenerate with `BRAID_BLESS=1 cargo test -p braid-sim --test transport`.
#[test]
fn quick_loss_table_snapshot() {
    let table = loss_table(&loss_sweep(true, 0xb4a1));
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots/loss_quick.txt");
    if std::env::var_os("BRAID_BLESS").is_some() {
        std::fs::write(&path, &table).unwrap();
    }
    let want = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        want == table,
        "the quick loss table changed (seed 0xb4a1):\n--- {}\n{want}\n+++ now\n{table}\nregenerate with BRAID_BLESS=1 cargo test -p braid-sim --test transport",
        path.display()
    );
}
