//! Braid's transport model on a multipath fabric simulator: the protocol
//! as the engine implements it ([`net`]), the discrete-event fabric it
//! runs on ([`fabric`], [`evq`]), the benchmark scenarios ([`bench`]), model
//! engines behind braid-driver's backend ([`model_backend`]), and frames and
//! charts for the benchmarks' output ([`capture`], [`plot`]). Nothing here
//! needs Verilator: the co-simulated RTL is `braid-cosim`.
//!
//! Layers, each using only those before it: `evq`, `fabric`, `config`,
//! `net`, `capture`, `plot`, `bench`, `model_backend`.

pub mod bench;
pub mod capture;
pub mod codec;
pub mod config;
pub mod evq;
pub mod fabric;
pub mod faults;
pub mod fuzz;
pub mod model_backend;
pub mod net;
pub mod netns;
pub mod plot;
pub mod soft;

/// The code of the pages under `docs/`, compiled and run as doctests, so
/// that the documentation cannot drift from the API.
#[cfg(doctest)]
pub mod doc_examples {
    #[doc = include_str!("../../../docs/driver-runs.md")]
    pub struct DriverRuns;
    #[doc = include_str!("../../../docs/transport-model.md")]
    pub struct TransportModel;
}
