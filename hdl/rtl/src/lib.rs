//! Braid packet-engine blocks written in RustHDL.
//!
//! One block per file. Every block accepts a new input every clock (II = 1)
//! and is cycle-exact with its reference model in `braid-sim`
//! (`firmware-sim/src/model/`). `export` writes each block to
//! `verilog-out/<block>.v` with the top module named after the block.

pub mod export;
pub mod loss_detector;
pub mod mr_check;
pub mod msg_tracker;
pub mod path_window;
pub mod prefix_add;
pub mod reg_block;
pub mod rx_path_table;
pub mod sack_tracker;
pub mod sprayer;
pub mod tx_builder;

pub use loss_detector::LossDetector;
pub use mr_check::MrCheck;
pub use msg_tracker::MsgTracker;
pub use path_window::PathWindow;
pub use reg_block::RegBlock;
pub use rx_path_table::{RxPathTable, RxPathTableFull, RxPathTableTiny};
pub use sack_tracker::SackTracker;
pub use sprayer::{Sprayer, SprayerFull, SprayerTiny};
pub use tx_builder::TxBuilder;
