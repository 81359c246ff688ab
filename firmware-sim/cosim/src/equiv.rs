//! Model-versus-RTL equivalence: drive a Verilated module and its reference
//! model with the same seeded stimulus and compare every output on every
//! clock. On a mismatch the run is replayed from the seed with an FST
//! waveform written, and the report names the seed, the cycle, the inputs,
//! both outputs and the waveform file.

use super::{Port, Sim};
use braid_model::{CycleModel, Stimulus};
use std::fmt;
use std::path::PathBuf;
use std::time::Instant;

/// A model/RTL disagreement.
#[derive(Debug)]
pub struct Mismatch {
    /// Module under test.
    pub module: &'static str,
    /// Seed of the stimulus (rerun with it to reproduce).
    pub seed: u64,
    /// Clock cycle (0-based) after which the outputs differed.
    pub cycle: u64,
    /// Inputs applied on that cycle.
    pub inputs: String,
    /// What the model says.
    pub expected: String,
    /// What the RTL did.
    pub got: String,
    /// Waveform of the replayed run, if written.
    pub fst: Option<PathBuf>,
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: RTL differs from the model at cycle {} (seed {:#x})\n  inputs:   {}\n  model:    {}\n  rtl:      {}",
            self.module, self.cycle, self.seed, self.inputs, self.expected, self.got
        )?;
        match &self.fst {
            Some(p) => write!(f, "\n  waveform: {}", p.display()),
            None => write!(f, "\n  waveform: not written"),
        }
    }
}

impl std::error::Error for Mismatch {}

/// Figures of a passing run.
#[derive(Debug, Clone)]
pub struct EquivReport {
    /// Module under test.
    pub module: &'static str,
    /// Stimulus seed.
    pub seed: u64,
    /// Cycles compared.
    pub cycles: u64,
    /// Wall-clock seconds.
    pub secs: f64,
}

impl EquivReport {
    /// Simulated clock cycles per wall-clock second.
    pub fn cycles_per_sec(&self) -> f64 {
        self.cycles as f64 / self.secs.max(1e-9)
    }
}

/// A Verilated instance with the model's ports resolved.
pub struct Bound<M: CycleModel> {
    /// The simulation.
    pub sim: Sim,
    ins: Vec<Port>,
    outs: Vec<Port>,
    in_words: Vec<Vec<u32>>,
    out_words: Vec<Vec<u32>>,
    _m: std::marker::PhantomData<M>,
}

impl<M: CycleModel> Bound<M> {
    /// Open `M::MODULE` and resolve `M::INPUTS` / `M::OUTPUTS`.
    pub fn new() -> Result<Self, super::CosimError> {
        let sim = Sim::new(M::MODULE)?;
        let ins = M::INPUTS
            .iter()
            .map(|n| sim.input(n))
            .collect::<Result<Vec<_>, _>>()?;
        let outs = M::OUTPUTS
            .iter()
            .map(|n| sim.port(n))
            .collect::<Result<Vec<_>, _>>()?;
        let in_words = ins.iter().map(|p| vec![0u32; p.words]).collect();
        let out_words = outs.iter().map(|p| vec![0u32; p.words]).collect();
        Ok(Bound {
            sim,
            ins,
            outs,
            in_words,
            out_words,
            _m: Default::default(),
        })
    }

    /// Apply inputs and run one clock; return the outputs after the edge.
    pub fn step(&mut self, i: &M::In) -> M::Out {
        self.drive(i);
        self.sim.tick();
        for (p, w) in self.outs.iter().zip(self.out_words.iter_mut()) {
            self.sim.get_words(*p, w);
        }
        M::decode(&self.out_words)
    }

    /// Apply inputs and run one clock without reading outputs.
    pub fn step_no_read(&mut self, i: &M::In) {
        self.drive(i);
        self.sim.tick();
    }

    fn drive(&mut self, i: &M::In) {
        for w in self.in_words.iter_mut() {
            w.iter_mut().for_each(|x| *x = 0);
        }
        M::encode(i, &mut self.in_words);
        for (p, w) in self.ins.iter().zip(self.in_words.iter()) {
            self.sim.set_words(*p, w);
        }
    }
}

/// Where waveforms of failing runs go: `$BRAID_FST_DIR` or `target/fst/`.
pub fn fst_dir() -> PathBuf {
    std::env::var_os("BRAID_FST_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            let target = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target");
            target.canonicalize().unwrap_or(target).join("fst")
        })
}

/// Compare model and RTL for `cycles` clocks of the stimulus seeded `seed`.
pub fn run<M: CycleModel>(seed: u64, cycles: u64) -> Result<EquivReport, Box<Mismatch>> {
    run_observed::<M>(seed, cycles, |_, _| {})
}

/// As [`run`], calling `seen` with every cycle's inputs and (agreed) outputs.
pub fn run_observed<M: CycleModel>(
    seed: u64,
    cycles: u64,
    mut seen: impl FnMut(&M::In, &M::Out),
) -> Result<EquivReport, Box<Mismatch>> {
    let mut rtl = Bound::<M>::new().expect("co-simulation model missing from this build");
    let mut model = M::default();
    let mut stim = M::Stim::new(seed);
    let start = Instant::now();
    for cycle in 0..cycles {
        let i = stim.next(cycle);
        let want = model.step(&i);
        let got = rtl.step(&i);
        stim.observe(&want);
        seen(&i, &want);
        if want != got {
            drop(rtl);
            let fst = replay_with_trace::<M>(seed, cycle);
            return Err(Box::new(Mismatch {
                module: M::MODULE,
                seed,
                cycle,
                inputs: format!("{i:?}"),
                expected: format!("{want:?}"),
                got: format!("{got:?}"),
                fst,
            }));
        }
    }
    Ok(EquivReport {
        module: M::MODULE,
        seed,
        cycles,
        secs: start.elapsed().as_secs_f64(),
    })
}

/// Run the RTL alone on the same stimulus (outputs not read, no model):
/// the raw co-simulation speed. The inputs are generated beforehand (with
/// the model in the loop for closed-loop stimulus) and not timed.
pub fn run_rtl_only<M: CycleModel>(seed: u64, cycles: u64) -> EquivReport {
    let mut stim = M::Stim::new(seed);
    let mut model = M::default();
    let inputs: Vec<M::In> = (0..cycles)
        .map(|cycle| {
            let i = stim.next(cycle);
            if M::Stim::CLOSED_LOOP {
                stim.observe(&model.step(&i));
            }
            i
        })
        .collect();
    let mut rtl = Bound::<M>::new().expect("co-simulation model missing from this build");
    let start = Instant::now();
    for i in &inputs {
        rtl.step_no_read(i);
    }
    EquivReport {
        module: M::MODULE,
        seed,
        cycles,
        secs: start.elapsed().as_secs_f64(),
    }
}

fn replay_with_trace<M: CycleModel>(seed: u64, last: u64) -> Option<PathBuf> {
    let dir = fst_dir();
    std::fs::create_dir_all(&dir).ok()?;
    let path = dir.join(format!("{}-seed{:x}.fst", M::MODULE, seed));
    let mut rtl = Bound::<M>::new().ok()?;
    rtl.sim.trace_to(&path).ok()?;
    let mut stim = M::Stim::new(seed);
    let mut model = M::default();
    for cycle in 0..=last + 2 {
        let i = stim.next(cycle);
        rtl.step(&i);
        stim.observe(&model.step(&i));
    }
    drop(rtl);
    Some(path)
}
