//! The fault library and the invariant checker on model engines: every
//! fault at once, seeded, and each fault alone.

use braid_driver::verbs::Context;
use braid_net::faults::{self, FaultPlan, ModelRig, Traffic};
use braid_net::model_backend::{ModelBackend, ModelWorld};

const ADDR: [([u8; 6], [u8; 4]); 2] = [
    ([2, 0x42, 0x52, 0, 0, 0], [10, 0, 0, 1]),
    ([2, 0x42, 0x52, 0, 0, 1], [10, 0, 0, 2]),
];

fn run_model(plan: &FaultPlan, t: &Traffic) -> faults::Outcome {
    let world = ModelWorld::on(ModelRig::fabric(plan, t.seed), 64 << 20);
    let a: Context<ModelBackend> = Context::open(ModelWorld::backend(&world, 0)).unwrap();
    let b: Context<ModelBackend> = Context::open(ModelWorld::backend(&world, 1)).unwrap();
    let mut rig = ModelRig::new(world.clone());
    let res = faults::run([&a, &b], ADDR, &mut rig, plan, t, 2_000);
    let out = faults::verdict(res, t.seed, plan).unwrap_or_else(|e| panic!("{e}"));
    eprintln!("seed {:#x}: {out}", t.seed);
    out
}

fn traffic(seed: u64) -> Traffic {
    Traffic {
        messages: 200,
        max_len: 20_000,
        streams: 3,
        paths: 8,
        depth: 16,
        seed,
    }
}

#[test]
fn no_fault_every_message_exact() {
    let out = run_model(&FaultPlan::none(), &traffic(0xfa01));
    assert_eq!(out.success, out.messages);
}

#[test]
fn every_fault_at_once_loses_nothing() {
    for seed in [0xfa10_u64, 0xfa11, 0xfa12] {
        let out = run_model(&FaultPlan::every(400), &traffic(seed));
        assert_eq!(out.success, out.messages, "seed {seed:#x}");
    }
}

/// Each fault alone, so a failure names its fault.
#[test]
fn each_fault_alone_loses_nothing() {
    let window = 400;
    let quiet = FaultPlan {
        faults_until_us: window,
        ..FaultPlan::none()
    };
    let plans = [
        (
            "loss 5%",
            FaultPlan {
                loss: 0.05,
                ..quiet.clone()
            },
        ),
        (
            "bursty loss",
            FaultPlan {
                burst: 0.01,
                ..quiet.clone()
            },
        ),
        (
            "reordering",
            FaultPlan {
                reorder: 0.05,
                reorder_us: 30,
                ..quiet.clone()
            },
        ),
        (
            "duplication",
            FaultPlan {
                duplicate: 0.05,
                ..quiet.clone()
            },
        ),
        (
            "corruption",
            FaultPlan {
                corrupt: 0.02,
                ..quiet.clone()
            },
        ),
        (
            "black hole",
            FaultPlan {
                black_hole: true,
                ..quiet.clone()
            },
        ),
        (
            "flapping link",
            FaultPlan {
                flap: true,
                ..quiet.clone()
            },
        ),
        (
            "no receive buffers",
            FaultPlan {
                rnr_us: window / 2,
                ..quiet.clone()
            },
        ),
        (
            "CQs unpolled",
            FaultPlan {
                cq_stall_us: window / 2,
                ..quiet.clone()
            },
        ),
    ];
    for (i, (name, plan)) in plans.iter().enumerate() {
        eprintln!("{name}:");
        let out = run_model(plan, &traffic(0xfb00 + i as u64));
        assert_eq!(out.success, out.messages, "{name}");
    }
}
