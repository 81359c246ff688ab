//! `bench loss --engine rtl --quick` as a test: the two Verilated engine
//! tops through the fabric simulator at 0%, 1% and 10% end-to-end loss,
//! beside the transport model on the same fabric. The RTL's goodput must be
//! within 2% of the model's at every point, and since the run is simulated
//! time, every figure of it is pinned exactly for the seed (a change of
//! behaviour in the RTL or the model fails here and names the figure;
//! re-pin by copying the printed rows once the change is understood).

use braid_cosim::bench::{loss_rtl, worst_gap, Capture};
use braid_spec::regs;

const SEED: u64 = 0xb4a1;

#[test]
fn rtl_goodput_is_within_2_percent_of_the_model_and_pinned() {
    let coalesce = regs::get(&regs::TIMER_CFG_ACK_COALESCE, regs::CFG_TIMER);
    let (rows, _) = loss_rtl(true, SEED, &Capture::default(), coalesce).expect("the RTL runs");
    let table = braid_net::bench::table(&rows);
    println!("{table}");
    let gap = worst_gap(&rows);
    assert!(
        gap <= 0.02,
        "seed {SEED:#x}: RTL/model goodput gap {:.2}% over the 2% bound:\n{table}",
        gap * 100.0
    );
    // (engine, loss, goodput over the port rate, retransmissions, timeouts)
    let got: Vec<(String, String, String, i64, i64)> = rows
        .iter()
        .filter(|r| r.get("acks").is_some())
        .map(|r| {
            (
                match r.get("engine") {
                    Some(braid_net::bench::Val::S(e)) => e.clone(),
                    v => panic!("engine column {v:?}"),
                },
                format!("{:.3}", r.num("loss")),
                format!("{:.4}", r.num("goodput_frac")),
                r.num("retransmits") as i64,
                r.num("timeouts") as i64,
            )
        })
        .collect();
    let want: Vec<(String, String, String, i64, i64)> = PINNED
        .iter()
        .map(|&(e, l, g, r, t)| (e.into(), l.into(), g.into(), r, t))
        .collect();
    assert_eq!(got, want, "seed {SEED:#x}: the loss sweep moved:\n{table}");
}

const PINNED: &[(&str, &str, &str, i64, i64)] = &[
    ("model", "0.000", "0.9730", 0, 0),
    ("rtl", "0.000", "0.9697", 0, 0),
    ("model", "0.010", "0.9609", 54, 0),
    ("rtl", "0.010", "0.9590", 48, 0),
    ("model", "0.100", "0.8735", 460, 0),
    ("rtl", "0.100", "0.8719", 460, 0),
];
