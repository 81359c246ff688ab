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
        let r = loss_point(&fab, &cfg, loss, 1_000_000_000);
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
