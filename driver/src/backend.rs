//! The backend trait: how the driver reaches one engine.
//!
//! A backend carries three things between the driver and an engine:
//!
//! * **BAR0 registers**: 32-bit reads and writes at byte offsets;
//! * **DMA memory**: host memory the engine reads and writes by DMA (queue
//!   rings, registered buffers). The backend allocates it, maps it for the
//!   device and says at which device address (IOVA) the engine sees it; the
//!   driver reads and writes it through the backend, so a backend may keep
//!   it anywhere (pinned pages mapped through the IOMMU for VFIO, plain
//!   vectors for the memory and co-simulation backends);
//! * **completion signalling**: [`Backend::wait_event`] blocks until the
//!   engine raises an interrupt or a timeout passes; a backend without
//!   interrupts returns at once and the driver polls.
//!
//! Backends: [`crate::MemBackend`] (a register file and DMA memory in plain
//! memory) and, coming next, VFIO (a board through `/dev/vfio`) and the
//! co-simulated engine.

use crate::Result;
use std::time::Duration;

/// A block of DMA memory allocated by a backend.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct DmaBuf {
    /// Backend-private identifier.
    pub id: u32,
    /// Device address (IOVA) of the first byte.
    pub iova: u64,
    /// Length in bytes.
    pub len: usize,
}

impl DmaBuf {
    /// Device address of byte `off`.
    pub fn iova_at(&self, off: usize) -> u64 {
        self.iova + off as u64
    }
}

/// Register, DMA-memory and event access to one engine.
pub trait Backend {
    /// Read the 32-bit register at byte offset `off` of BAR0.
    fn read32(&self, off: u32) -> Result<u32>;
    /// Write the 32-bit register at byte offset `off` of BAR0.
    fn write32(&mut self, off: u32, v: u32) -> Result<()>;
    /// Short human-readable name of the backend and the engine it reaches,
    /// used in log lines and error messages.
    fn name(&self) -> &str;

    /// Allocate `len` bytes of zeroed DMA memory (page aligned, mapped for
    /// the device).
    fn dma_alloc(&mut self, len: usize) -> Result<DmaBuf>;
    /// Unmap and free a block from [`Backend::dma_alloc`].
    fn dma_free(&mut self, buf: &DmaBuf) -> Result<()>;
    /// Copy `out.len()` bytes from byte `off` of `buf`.
    fn dma_read(&self, buf: &DmaBuf, off: usize, out: &mut [u8]) -> Result<()>;
    /// Copy `data` to byte `off` of `buf`.
    fn dma_write(&mut self, buf: &DmaBuf, off: usize, data: &[u8]) -> Result<()>;

    /// Wait for an engine event (interrupt) for at most `timeout`; `true`
    /// if one arrived. Backends without interrupts return `Ok(false)` at
    /// once: the caller polls.
    fn wait_event(&mut self, timeout: Duration) -> Result<bool> {
        let _ = timeout;
        Ok(false)
    }
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
    fn dma_alloc(&mut self, len: usize) -> Result<DmaBuf> {
        (**self).dma_alloc(len)
    }
    fn dma_free(&mut self, buf: &DmaBuf) -> Result<()> {
        (**self).dma_free(buf)
    }
    fn dma_read(&self, buf: &DmaBuf, off: usize, out: &mut [u8]) -> Result<()> {
        (**self).dma_read(buf, off, out)
    }
    fn dma_write(&mut self, buf: &DmaBuf, off: usize, data: &[u8]) -> Result<()> {
        (**self).dma_write(buf, off, data)
    }
    fn wait_event(&mut self, timeout: Duration) -> Result<bool> {
        (**self).wait_event(timeout)
    }
}
