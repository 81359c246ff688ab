//! # braid-driver
//!
//! Userspace driver for the Braid RDMA engine.
//!
//! What it has:
//!
//! * the [`Backend`] trait: BAR0 registers, DMA memory at device addresses,
//!   event waiting;
//! * [`MemBackend`]: the register block and DMA memory in plain memory (reset
//!   values, access kinds, soft reset, write recording), for unit tests;
//! * [`Device::open`], which reads `ID`, `VERSION` and `SPEC_HASH` and refuses
//!   an engine that is not a Braid engine, implements another register
//!   interface version, or was built from another braid-spec revision;
//!   [`Device::info`] with the decoded `CAPS`; [`Device::scratch_test`];
//! * [`verbs`]: the verbs-like API (context, protection domain, memory
//!   region, completion queue, queue pair, `post_send` / `post_recv` /
//!   `poll_cq`, connection-parameter exchange) over any backend, speaking the
//!   host interface of [`braid_spec::host`];
//! * [`vfio`]: PCI device discovery from sysfs and [`VfioBackend`], a board
//!   through `/dev/vfio` (checks with messages that say how to fix what is
//!   missing, BAR0 mapping, DMA memory mapped through the IOMMU; no
//!   interrupts: the engine has no MSI-X, so the driver polls);
//! * [`perf`]: perftest's `write_bw` / `write_lat` loops over any backend;
//! * [`simboard`]: [`SimBoardBackend`], a simulated board (the board top
//!   under cocotbext-pcie's hard block and root complex) over a socket.
//!
//! Elsewhere: `braid_cosim::engine` runs this API on the Verilated
//! engine tops and `braid_net::model_backend` on engines made of the
//! transport reference model; the `braid` command (package `braid-cli`)
//! wraps it (`devices`, `info`, `stats`, `write_bw`, `write_lat`).
//!
//! ```
//! use braid_driver::{Device, MemBackend};
//!
//! let mut dev = Device::open(MemBackend::new())?;
//! dev.scratch_test()?;
//! println!("{}", dev.info());
//! # Ok::<(), braid_driver::Error>(())
//! ```

#![deny(unsafe_code)]
#![warn(missing_docs)]

pub mod backend;
pub mod device;
pub mod error;
pub mod mem;
pub mod perf;
pub mod simboard;
pub mod verbs;
pub mod vfio;

pub use backend::{Backend, DmaBuf};
pub use device::{Caps, Counters, Device, Info, PathStats, RESET_POLLS};
pub use error::{Error, Result};
pub use mem::MemBackend;
pub use simboard::SimBoardBackend;
pub use vfio::VfioBackend;
