//! Reference models: plain Rust, bit- and cycle-exact with the RTL blocks.
//!
//! Each block model implements [`CycleModel`]: `step` applies one clock's
//! inputs and returns the registered outputs after the rising edge, exactly
//! what the RTL shows after that edge. `encode`/`decode` map the typed
//! inputs and outputs onto the module's ports (little-endian 32-bit words),
//! so one generic runner (`cosim::equiv`) compares any block.

pub mod ack_gen;
pub mod cmd_proc;
pub mod cq_writer;
pub mod dedup_table;
pub mod dr_arb;
pub mod dw_arb;
pub mod host;
pub mod loss_detector;
pub mod mr_check;
pub mod msg_tracker;
pub mod path_cc;
pub mod path_window;
pub mod reg_block;
pub mod rx_parser;
pub mod rx_path_table;
pub mod sack_tracker;
pub mod slot_table;
pub mod sprayer;
pub mod timer_wheel;
pub mod tx_builder;
pub mod tx_compl;
pub mod tx_path_table;
pub mod tx_payload;
pub mod w256;
pub mod wqe_fetch;

pub use ack_gen::AckGenModel;
pub use cmd_proc::{CmdProcFullModel, CmdProcTinyModel};
pub use cq_writer::{CqWriterModel, CqWriterTinyModel};
pub use dedup_table::{DedupTableModel, DedupTableTinyModel};
pub use dr_arb::DrArbModel;
pub use dw_arb::{DwArbModel, RqArbModel};
pub use loss_detector::LossDetectorModel;
pub use mr_check::MrCheckModel;
pub use msg_tracker::{MsgTrackerModel, MsgTrackerTinyModel};
pub use path_cc::{PathCcFullModel, PathCcModel, PathCcTinyModel};
pub use path_window::PathWindowModel;
pub use reg_block::RegBlockModel;
pub use rx_parser::RxParserModel;
pub use rx_path_table::{RxPathTableModel, RxPathTableTinyModel};
pub use sack_tracker::SackTrackerModel;
pub use slot_table::{SlotTableModel, SlotTableTinyModel};
pub use sprayer::{SprayerModel, SprayerTinyModel};
pub use timer_wheel::{TimerWheelModel, TimerWheelTinyModel};
pub use tx_builder::TxBuilderModel;
pub use tx_compl::{TxComplFullModel, TxComplModel, TxComplTinyModel};
pub use tx_path_table::{TxPathTableModel, TxPathTableTinyModel};
pub use tx_payload::TxPayloadModel;
pub use w256::W256;
pub use wqe_fetch::{WqeFetchModel, WqeFetchTinyModel};

use std::fmt::Debug;

/// A cycle-exact reference model of one exported RTL block.
pub trait CycleModel: Default {
    /// Verilog module name (`verilog-out/<MODULE>.v`).
    const MODULE: &'static str;
    /// Input ports, in the order `encode` fills them (the clock excluded).
    const INPUTS: &'static [&'static str];
    /// Output ports, in the order `decode` reads them.
    const OUTPUTS: &'static [&'static str];
    /// One clock's inputs.
    type In: Clone + Debug;
    /// The outputs after one rising edge.
    type Out: Clone + Debug + PartialEq;
    /// The seeded random stimulus used for this block's equivalence runs.
    type Stim: Stimulus<In = Self::In, Out = Self::Out>;
    /// Apply `i` and clock once.
    fn step(&mut self, i: &Self::In) -> Self::Out;
    /// Inputs as port words (`ports[k]` is `INPUTS[k]`, zeroed beforehand).
    fn encode(i: &Self::In, ports: &mut [Vec<u32>]);
    /// Outputs from port words (`ports[k]` is `OUTPUTS[k]`).
    fn decode(ports: &[Vec<u32>]) -> Self::Out;
}

/// Seeded stimulus generator: the same seed gives the same sequence.
///
/// A generator may react to the block's outputs (`observe` is called with
/// the model's outputs after every clock), so closed-loop stimulus, such as
/// a sender that only sends while the block says it may, stays
/// deterministic: the RTL must produce the same outputs or the run stops.
pub trait Stimulus {
    /// Inputs of one cycle.
    type In;
    /// Outputs of one cycle.
    type Out;
    /// A generator for `seed`.
    fn new(seed: u64) -> Self;
    /// The inputs for clock `cycle` (called with 0, 1, 2, ...).
    fn next(&mut self, cycle: u64) -> Self::In;
    /// Whether `observe` changes what `next` generates.
    const CLOSED_LOOP: bool = false;
    /// The outputs after the clock that `next` just fed.
    fn observe(&mut self, _out: &Self::Out) {}
}

/// Write `v` into a port's word slice.
pub fn put_u64(w: &mut [u32], v: u64) {
    w[0] = v as u32;
    if w.len() > 1 {
        w[1] = (v >> 32) as u32;
    }
}

/// Read a port of up to 64 bits.
pub fn get_u64(w: &[u32]) -> u64 {
    w[0] as u64 | if w.len() > 1 { (w[1] as u64) << 32 } else { 0 }
}

pub mod segmenter;
pub use segmenter::{SegmenterModel, SegmenterTinyModel};

pub mod rq_fetch;
pub use rq_fetch::{RqFetchModel, RqFetchTinyModel};

pub mod path_window_table;
pub use rx_rate_hint::{RateHintModel, RateHintTinyModel};
pub mod rx_rate_hint;
pub use path_window_table::{PathWindowTableModel, PathWindowTableTinyModel};

pub mod pcie_bar;
pub use pcie_bar::PcieBarModel;
pub mod pcie_wr;
pub use pcie_wr::PcieWrModel;
pub mod pcie_rd;
pub use pcie_rd::PcieRdModel;
