//! The backend trait: how the driver reaches the engine's BAR0 registers.
//!
//! A backend is anything that can carry a 32-bit register read or write to an
//! engine: [`crate::MemBackend`] (a register file in plain memory) today.
//! Only register access exists so far; host memory the engine reaches by DMA
//! and completion signalling (interrupts or polled events) are added to this
//! trait together with the VFIO and co-simulation backends that need them.

use crate::Result;

/// Register access to one engine.
pub trait Backend {
    /// Read the 32-bit register at byte offset `off` of BAR0.
    fn read32(&self, off: u32) -> Result<u32>;
    /// Write the 32-bit register at byte offset `off` of BAR0.
    fn write32(&mut self, off: u32, v: u32) -> Result<()>;
    /// Short human-readable name of the backend and the engine it reaches,
    /// used in log lines and error messages.
    fn name(&self) -> &str;
}

/// A boxed backend is a backend, so the choice can be made at run time
/// (`Device<Box<dyn Backend>>`).
impl<B: Backend + ?Sized> Backend for Box<B> {
    fn read32(&self, off: u32) -> Result<u32> {
        (**self).read32(off)
    }
    fn write32(&mut self, off: u32, v: u32) -> Result<()> {
        (**self).write32(off, v)
    }
    fn name(&self) -> &str {
        (**self).name()
    }
}
