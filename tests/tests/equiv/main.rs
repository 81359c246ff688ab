//! Every block's cycle model against its RTL, one module per block: in
//! Verilator, every output on every clock with seeded random stimulus biased
//! toward the edges (~100k cycles per block here; `BRAID_EQUIV_CYCLES=10000000`
//! for the opt-in long run, `scripts/long-run.sh`), and in RustHDL's own
//! simulator, a short seeded run per block (the simulator evaluates wide
//! `Bits` bit by bit, so the long runs go through Verilator).

mod common;

mod ack_gen;
mod cmd_proc;
mod cq_writer;
mod dedup_table;
mod dr_arb;
mod dw_arb;
mod loss_detector;
mod mr_check;
mod msg_tracker;
mod path_cc;
mod path_window;
mod path_window_table;
mod pcie_bar;
mod pcie_rd;
mod pcie_wr;
mod reg_block;
mod rq_arb;
mod rq_fetch;
mod rx_parser;
mod rx_path_table;
mod rx_rate_hint;
mod sack_tracker;
mod segmenter;
mod slot_table;
mod sprayer;
mod timer_wheel;
mod tx_builder;
mod tx_compl;
mod tx_path_table;
mod tx_payload;
mod wqe_fetch;
