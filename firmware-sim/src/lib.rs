//! Braid firmware simulation: the reference model (bit- and cycle-exact
//! with the RTL), the Verilator co-simulation harness and, in later work,
//! the fabric simulator and benchmarks.

pub mod cosim;
pub mod model;
