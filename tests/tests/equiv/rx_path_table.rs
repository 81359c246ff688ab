//! `rx_path_table`: its cycle model against the RTL block, in Verilator (every
//! output on every clock, seeded random stimulus biased toward the
//! edges) and in RustHDL's own simulator (a short seeded run).

use crate::common::*;
use braid_model::*;
use braid_tests::{assert_equiv, equiv_cycles, seeds};
use rust_hdl::prelude::*;

#[test]
fn rx_path_table_matches_model() {
    let n = equiv_cycles();
    for seed in seeds(&[0x7ab1e, 0x5ac7]) {
        assert_equiv::<RxPathTableModel>(seed, n / 2);
    }
}

#[test]
fn rx_path_table_tiny_matches_model() {
    let n = equiv_cycles();
    for seed in seeds(&[0x71e7, 0x64]) {
        assert_equiv::<RxPathTableTinyModel>(seed, n / 2);
    }
}

/// The table stimulus reaches every class, every hazard distance up to the
/// pipeline's (1 and 2 forwarded, 3 through the RAM just written), floor
/// jumps (also a full 256-slot clear), windows across 2^32, packets on
/// records never initialised, every operation, `unacked` saturation and
/// both reasons for `ack_now` (so the equivalence above covers the edges).
#[test]
fn rx_path_table_stimulus_covers_the_edges() {
    use braid_model::rx_path_table::{RxOpKind, RxStim};
    for (seed, tiny) in [(0x7ab1e, false), (0x71e7, true)] {
        let mut full_m = RxPathTableModel::default();
        let mut tiny_m = RxPathTableTinyModel::default();
        let mut stim_f = RxStim::<14>::new(seed);
        let mut stim_t = RxStim::<6>::new(seed);
        let mut classes = [0u64; 4];
        let mut dist = [0u64; 4];
        let mut last_at: std::collections::HashMap<u32, u64> = Default::default();
        let (mut jumps, mut full_jumps, mut wraps, mut uninit) = (0u64, 0u64, 0u64, 0u64);
        let mut ops = [0u64; 4];
        let (mut sat, mut now_pending, mut now_coalesce, mut slide2) = (0u64, 0u64, 0u64, 0u64);
        for c in 0..50_000u64 {
            let i = if tiny { stim_t.next(c) } else { stim_f.next(c) };
            if let Some(op) = i.op {
                let idx = op.idx & if tiny { 63 } else { 0x3fff };
                let before = if tiny {
                    *tiny_m.record(idx)
                } else {
                    *full_m.record(idx)
                };
                if let Some(p) = last_at.insert(idx, c) {
                    dist[((c - p) as usize).min(3)] += 1;
                }
                ops[op.kind as usize] += 1;
                if op.kind == RxOpKind::Pkt {
                    let f = op.psn.wrapping_sub(op.floor_delta as u32);
                    let d = f.wrapping_sub(before.base);
                    if op.floor_delta < 256 && (1..=256).contains(&d) {
                        jumps += 1;
                        full_jumps += (d == 256) as u64;
                    }
                    wraps += (before.base > 0xffff_ff00 && op.psn < 0x100) as u64;
                    uninit += !before.valid as u64;
                }
                let after = if tiny {
                    tiny_m.step(&i);
                    *tiny_m.record(idx)
                } else {
                    full_m.step(&i);
                    *full_m.record(idx)
                };
                slide2 += (op.kind == RxOpKind::Pkt
                    && after.base == before.base.wrapping_add(2)
                    && !(op.floor_delta < 256
                        && op.psn.wrapping_sub(op.floor_delta as u32) == after.base))
                    as u64;
                sat += (before.unacked == 255 && after.unacked == 255) as u64;
                let coalesce = after.unacked >= i.cfg_ack_coalesce;
                now_pending += (after.pending && !coalesce) as u64;
                now_coalesce += (coalesce && !after.pending) as u64;
            } else if tiny {
                tiny_m.step(&i);
            } else {
                full_m.step(&i);
            }
        }
        // the classes from the results, through the pipeline
        let mut m = RxPathTableTinyModel::default();
        let mut s = RxStim::<6>::new(seed);
        for c in 0..50_000 {
            let o = m.step(&s.next(c));
            if o.valid && o.op == RxOpKind::Pkt as u8 {
                classes[o.class as usize] += 1;
            }
        }
        eprintln!(
            "seed {seed:#x} tiny {tiny}: classes (new dup beyond behind) {classes:?}, distance \
             (-, 1, 2, >=3) {dist:?}, ops (pkt init ack read) {ops:?}, jumps {jumps} (full \
             {full_jumps}), wraps {wraps}, uninit {uninit}, unacked saturated {sat}, ack_now \
             pending-only {now_pending} coalesce-only {now_coalesce}, slide by 2 {slide2}"
        );
        assert!(
            classes.iter().all(|&k| k > 200),
            "seed {seed:#x}: {classes:?}"
        );
        assert!(
            dist[1] > 2_000 && dist[2] > 1_000 && dist[3] > 1_000,
            "seed {seed:#x}: {dist:?}"
        );
        assert!(ops.iter().all(|&k| k > 100), "seed {seed:#x}: {ops:?}");
        assert!(
            jumps > 100 && full_jumps > 0,
            "seed {seed:#x}: jumps {jumps} full {full_jumps}"
        );
        assert!(
            wraps > 0 && uninit > 50 && sat > 50 && slide2 > 100,
            "seed {seed:#x}"
        );
        assert!(now_pending > 100 && now_coalesce > 50, "seed {seed:#x}");
    }
}

/// ECN count saturation (65,535 CE-marked packets without an ACK) and the
/// unacked counter held at 255, in Verilator: a long in-order CE storm on
/// one path, then the normal stimulus.
#[test]
fn rx_path_table_counters_saturate_matches_model() {
    use braid_model::rx_path_table::{RxIn, RxOp, RxOpKind, RxOut, RxStim};

    #[derive(Default)]
    struct Storm(RxPathTableTinyModel);
    struct StormStim(RxStim<6>);
    const STORM: u64 = 66_000;
    impl Stimulus for StormStim {
        type In = RxIn;
        type Out = RxOut;
        fn new(seed: u64) -> Self {
            StormStim(RxStim::new(seed))
        }
        fn next(&mut self, cycle: u64) -> RxIn {
            let psn = 0xffff_f000u32.wrapping_add(cycle as u32);
            let op = match cycle {
                0 => RxOp {
                    kind: RxOpKind::Init,
                    idx: 5,
                    psn: psn.wrapping_add(1),
                    ..Default::default()
                },
                c if c < STORM => RxOp {
                    kind: RxOpKind::Pkt,
                    idx: 5,
                    psn,
                    ce: true,
                    ts: c as u32,
                    ..Default::default()
                },
                c => return self.0.next(c),
            };
            RxIn {
                op: Some(op),
                cfg_ack_coalesce: 0xff,
            }
        }
    }
    impl CycleModel for Storm {
        const MODULE: &'static str = RxPathTableTinyModel::MODULE;
        const INPUTS: &'static [&'static str] = RxPathTableTinyModel::INPUTS;
        const OUTPUTS: &'static [&'static str] = RxPathTableTinyModel::OUTPUTS;
        type In = RxIn;
        type Out = RxOut;
        type Stim = StormStim;
        fn step(&mut self, i: &RxIn) -> RxOut {
            self.0.step(i)
        }
        fn encode(i: &RxIn, ports: &mut [Vec<u32>]) {
            RxPathTableTinyModel::encode(i, ports)
        }
        fn decode(ports: &[Vec<u32>]) -> RxOut {
            RxPathTableTinyModel::decode(ports)
        }
    }

    let mut m = Storm::default();
    let mut stim = StormStim::new(0xec17);
    let o = (0..STORM + 5)
        .map(|c| m.step(&stim.next(c)))
        .nth(STORM as usize + 3);
    let o = o.unwrap();
    assert_eq!((o.ecn_count, o.unacked), (0xffff, 0xff), "{o:?}");
    assert!(o.ack_now && !o.ack_pending);
    assert_equiv::<Storm>(0xec17, STORM + 20_000);
}

/// Protocol level (models): a lossy single path between braid's sender
/// loss detector and the table. The ACK views the table returns (after
/// `ack_now`, or every 32 clocks) make the sender declare lost exactly the
/// dropped PSNs it can prove lost (never a delivered one), and find every
/// drop followed by a delivered PSN; the sender's floor keeps the table's
/// base within the window.
#[test]
fn rx_path_table_acks_let_the_sender_find_every_loss() {
    use braid_model::loss_detector::LossIn;
    use braid_model::rx_path_table::{RxIn, RxOp, RxOpKind};
    use rand::{Rng, SeedableRng};
    use std::collections::{HashSet, VecDeque};
    for seed in seeds(&[0x1055, 0xacc]) {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let start: u32 = 0u32.wrapping_sub(rng.gen_range(0..5_000));
        let idx = 9;
        let mut tx = LossDetectorModel::default();
        let mut rx = RxPathTableTinyModel::default();
        let mut o = tx.step(&LossIn {
            init: Some(start),
            ..Default::default()
        });
        rx.step(&RxIn {
            op: Some(RxOp {
                kind: RxOpKind::Init,
                idx,
                psn: start,
                ..Default::default()
            }),
            cfg_ack_coalesce: 4,
        });
        let (mut wire, mut acks) = (VecDeque::new(), VecDeque::new());
        let (mut dropped, mut delivered, mut lost) =
            (HashSet::new(), HashSet::new(), HashSet::new());
        let mut ack_sent_due = false;
        let n = 200_000u64;
        for c in 0..n + 5_000 {
            // sender: send while the window allows (not in the tail)
            let send = c < n && o.sendable && rng.gen_ratio(3, 4);
            let ack = match acks.front() {
                Some(&(t, b, s)) if t <= c => {
                    acks.pop_front();
                    Some((b, s))
                }
                _ => None,
            };
            o = tx.step(&LossIn {
                init: None,
                send,
                ack,
            });
            if let Some(p) = o.sent {
                let fd = p.wrapping_sub(o.una).min(0xffff) as u16;
                if rng.gen_ratio(1, 12) {
                    dropped.insert(p);
                } else {
                    wire.push_back((c + rng.gen_range(2..6), p, fd));
                }
            }
            if o.lost_valid {
                assert!(
                    dropped.contains(&o.lost_psn) && !delivered.contains(&o.lost_psn),
                    "seed {seed:#x} cycle {c}: PSN {:#x} declared lost but delivered",
                    o.lost_psn
                );
                assert!(lost.insert(o.lost_psn), "seed {seed:#x}: lost twice");
            }
            // receiver: one operation per clock
            let op = match wire.front() {
                Some(&(t, p, fd)) if t <= c => {
                    wire.pop_front();
                    delivered.insert(p);
                    RxOp {
                        kind: RxOpKind::Pkt,
                        idx,
                        psn: p,
                        floor_delta: fd,
                        ack_req: rng.gen_ratio(1, 64),
                        ..Default::default()
                    }
                }
                _ if ack_sent_due => {
                    ack_sent_due = false;
                    RxOp {
                        kind: RxOpKind::AckSent,
                        idx,
                        ..Default::default()
                    }
                }
                _ if c % 32 == 0 => RxOp {
                    kind: RxOpKind::Read,
                    idx,
                    ..Default::default()
                },
                _ => RxOp {
                    kind: RxOpKind::Read,
                    idx: idx + 1,
                    ..Default::default()
                },
            };
            let r = rx.step(&RxIn {
                op: Some(op),
                cfg_ack_coalesce: 4,
            });
            if r.valid && r.idx == idx {
                assert_ne!(r.class, 2, "seed {seed:#x}: a packet beyond the window");
                let timer = r.op == RxOpKind::Read as u8;
                if (r.ack_now || timer) && r.op != RxOpKind::AckSent as u8 {
                    // the ACK generator sends the view; 1 in 10 ACKs is lost
                    if !rng.gen_ratio(1, 10) {
                        acks.push_back((c + rng.gen_range(3..10), r.base, r.sack));
                    }
                    ack_sent_due = r.ack_now;
                }
            }
        }
        // every drop with a later delivered PSN must have been found
        let last = delivered
            .iter()
            .map(|&p| p.wrapping_sub(start))
            .max()
            .unwrap();
        let provable: Vec<u32> = dropped
            .iter()
            .copied()
            .filter(|p| p.wrapping_sub(start) < last)
            .collect();
        let missed = provable.iter().filter(|p| !lost.contains(p)).count();
        eprintln!(
            "seed {seed:#x}: delivered {} dropped {} provable {} declared lost {} missed {missed}",
            delivered.len(),
            dropped.len(),
            provable.len(),
            lost.len()
        );
        assert!(delivered.len() > 50_000, "seed {seed:#x}");
        assert_eq!(missed, 0, "seed {seed:#x}: drops not found");
    }
}

fn rx_table_step(
    uut: &mut braid_hdl::RxPathTableTiny,
    i: &braid_model::rx_path_table::RxIn,
) -> braid_model::rx_path_table::RxOut {
    let op = i.op.unwrap_or_default();
    uut.op_valid.next = i.op.is_some();
    uut.op.next = bits(op.kind as u64);
    uut.idx.next = bits(op.idx as u64 & 63);
    uut.psn.next = bits(op.psn as u64);
    uut.floor_delta.next = bits(op.floor_delta as u64);
    uut.ce.next = op.ce;
    uut.ts.next = bits(op.ts as u64);
    uut.ack_req.next = op.ack_req;
    uut.cfg_ack_coalesce.next = bits(i.cfg_ack_coalesce as u64);
    clock(uut, |u, c| u.clock.next = Clock::from(c));
    braid_model::rx_path_table::RxOut {
        valid: uut.res_valid.val(),
        op: uut.res_op.val().to_u64() as u8,
        idx: uut.res_idx.val().to_u64() as u32,
        psn: uut.res_psn.val().to_u64() as u32,
        class: uut.res_class.val().to_u64() as u8,
        base: uut.res_base.val().to_u64() as u32,
        sack: w256_of(uut.res_sack.val()),
        ecn_count: uut.res_ecn_count.val().to_u64() as u16,
        ts_echo: uut.res_ts_echo.val().to_u64() as u32,
        unacked: uut.res_unacked.val().to_u64() as u8,
        ack_pending: uut.res_ack_pending.val(),
        ack_now: uut.res_ack_now.val(),
        path_valid: uut.res_path_valid.val(),
    }
}

/// The tiny table (same RustHDL source as the full one) in RustHDL's
/// simulator: its `RAM` widget's read-during-write and the forwarding.
#[test]
fn rx_path_table_rusthdl_matches_model() {
    use braid_model::rx_path_table::RxStim;
    use braid_model::RxPathTableTinyModel;
    for seed in seeds(&[0x71e7]) {
        let mut uut = braid_hdl::RxPathTableTiny::default();
        uut.connect_all();
        assert!(simulate(&mut uut, 1000));
        let mut model = RxPathTableTinyModel::default();
        let mut stim = RxStim::<6>::new(seed);
        for cycle in 0..5_000 {
            let i = stim.next(cycle);
            let want = model.step(&i);
            let got = rx_table_step(&mut uut, &i);
            assert_eq!(
                want, got,
                "RustHDL rx_path_table differs from the model at cycle {cycle} (seed {seed:#x}), inputs {i:?}"
            );
        }
    }
}
