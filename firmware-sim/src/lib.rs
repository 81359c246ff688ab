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

/// The code of the pages under `docs/`, compiled and run as doctests, so
/// that the documentation cannot drift from the API.
#[cfg(doctest)]
pub mod doc_examples {
    #[doc = include_str!("../../docs/driver-runs.md")]
    pub struct DriverRuns;
    #[doc = include_str!("../../docs/transport-model.md")]
    pub struct TransportModel;
}
