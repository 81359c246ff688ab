//! Braid firmware simulation: the reference models of the RTL blocks (bit-
//! and cycle-exact), the Verilator co-simulation harness, and the multipath
//! fabric simulator the transport model and benchmarks will run on.

pub mod bench;
pub mod cosim;
pub mod evq;
pub mod fabric;
pub mod model;
pub mod model_backend;
pub mod net;
pub mod transport;
