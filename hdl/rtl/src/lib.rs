//! Braid packet-engine blocks written in RustHDL.
//!
//! One block per file. Every block accepts a new input every clock (II = 1)
//! and is cycle-exact with its reference model in `braid-sim`
//! (`hdl/model/src/`). `export` writes each block to
//! `verilog-out/<block>.v` with the top module named after the block.

#[macro_use]
mod block_macro;

pub mod ack_gen;
pub mod braid_engine;
pub mod cmac_adapter;
pub mod cmd_proc;
pub mod cond_sum_add;
pub mod cq_writer;
pub mod dedup_table;
pub mod dr_arb;
pub mod dw_arb;
pub mod export;
pub mod fifo;
pub mod frame_fifo;
pub mod loss_detector;
pub mod mr_check;
pub mod msg_tracker;
pub mod path_cc;
pub mod path_cc_rec;
pub mod path_window;
pub mod path_window_table;
pub mod pcie_bar;
pub mod pcie_dma;
pub mod pcie_rd;
pub mod pcie_wr;
pub mod prefix_add;
pub mod reg_block;
pub mod rq_fetch;
pub mod rx_parser;
pub mod rx_path_table;
pub mod rx_rate_hint;
pub mod sack_tracker;
pub mod segmenter;
pub mod skid;
pub mod slot_table;
pub mod sprayer;
pub mod stream_arb;
pub mod timer_wheel;
pub mod tx_builder;
pub mod tx_compl;
pub mod tx_path_table;
pub mod tx_payload;
pub mod wqe_fetch;

pub use ack_gen::AckGen;
pub use braid_engine::{BraidEngine, BraidEngineFull, BraidEngineMid, BraidEngineTiny};
pub use cmac_adapter::CmacAdapter;
pub use cmd_proc::{CmdProc, CmdProcFull, CmdProcMid, CmdProcTiny};
pub use cq_writer::{CqWriter, CqWriterFull, CqWriterMid, CqWriterTiny};
pub use dedup_table::{DedupTable, DedupTableFull, DedupTableMid, DedupTableTiny};
pub use dr_arb::{DrArb, DrArbN};
pub use dw_arb::DwArb;
pub use fifo::Fifo;
pub use loss_detector::LossDetector;
pub use mr_check::MrCheck;
pub use msg_tracker::{MsgTracker, MsgTrackerFull, MsgTrackerMid, MsgTrackerTiny};
pub use path_cc::{PathCc, PathCcFull, PathCcMid, PathCcTiny};
pub use path_window::PathWindow;
pub use path_window_table::{
    PathWindowTable, PathWindowTableFull, PathWindowTableMid, PathWindowTableTiny,
};
pub use pcie_bar::PcieBar;
pub use pcie_dma::PcieDma;
pub use pcie_rd::PcieRd;
pub use stream_arb::StreamArb;
/// `rq_arb`: the requester request arbiter (`tdata`, `tkeep`, `tuser` packed).
pub type RqArb = StreamArb<665>;
pub use pcie_wr::PcieWr;
pub use reg_block::RegBlock;
pub use rq_fetch::{RqFetch, RqFetchFull, RqFetchMid, RqFetchTiny};
pub use rx_parser::RxParser;
pub use rx_path_table::{RxPathTable, RxPathTableFull, RxPathTableMid, RxPathTableTiny};
pub use rx_rate_hint::{RateHint, RateHintFull, RateHintMid, RateHintTiny};
pub use sack_tracker::SackTracker;
pub use segmenter::{Segmenter, SegmenterFull, SegmenterMid, SegmenterTiny};
pub use skid::Skid;
pub use slot_table::{SlotTable, SlotTableFull, SlotTableMid, SlotTableTiny};
pub use sprayer::{Sprayer, SprayerFull, SprayerMid, SprayerTiny};
pub use timer_wheel::{TimerWheel, TimerWheelFull, TimerWheelMid, TimerWheelTiny};
pub use tx_builder::TxBuilder;
pub use tx_compl::{TxCompl, TxComplFull, TxComplMid, TxComplTiny};
pub use tx_path_table::{TxPathTable, TxPathTableFull, TxPathTableMid, TxPathTableTiny};
pub use tx_payload::TxPayload;
pub use wqe_fetch::{WqeFetch, WqeFetchFull, WqeFetchMid, WqeFetchTiny};
