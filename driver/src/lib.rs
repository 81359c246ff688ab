//! # braid-driver
//!
//! Userspace driver for the Braid RDMA engine.
//!
//! What exists now:
//!
//! * register access to the engine's BAR0 over the [`Backend`] trait, with the
//!   register map taken from [`braid_spec::regs`];
//! * [`MemBackend`], the register block in plain memory (reset values, access
//!   kinds, soft reset), for unit tests and for simulating mismatched engines;
//! * [`Device::open`], which reads `ID`, `VERSION` and `SPEC_HASH` and refuses
//!   an engine that is not a Braid engine, implements another register
//!   interface version, or was built from another braid-spec revision;
//!   [`Device::info`] with the decoded `CAPS`; [`Device::scratch_test`].
//!
//! What comes with the driver issue: the VFIO backend (a real board through
//! `/dev/vfio`), the co-simulation backend (the Verilated engine), DMA memory
//! and completion signalling in the backend trait, and the verbs-like API
//! (protection domain, memory region, completion queue, queue pair,
//! `post_send` / `post_recv` / `poll_cq`). None of it is stubbed here.
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

pub use backend::{Backend, DmaBuf};
pub use device::{Caps, Device, Info};
pub use error::{Error, Result};
pub use mem::MemBackend;
