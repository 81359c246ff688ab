//! Typed driver errors with messages that say what to do next.

use braid_spec::regs::ID_MAGIC;
use thiserror::Error;

/// Everything the driver can fail with.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Error {
    /// A register access at an offset that is not a multiple of 4.
    #[error("unaligned register offset 0x{off:03x}: registers are 32 bits wide at 4-byte aligned offsets")]
    Unaligned {
        /// Offending byte offset.
        off: u32,
    },
    /// A register access past the end of the register map.
    #[error("register offset 0x{off:03x} is outside the register map (0x000..0x{len:03x})")]
    OutOfRange {
        /// Offending byte offset.
        off: u32,
        /// Size of the map in bytes.
        len: u32,
    },
    /// An aligned offset inside the map that names no register (a reserved hole).
    #[error("no register at offset 0x{off:03x} (reserved)")]
    NoRegister {
        /// Offending byte offset.
        off: u32,
    },
    /// The driver was asked to write a register the spec defines as read-only.
    #[error("register {name} (0x{off:03x}) is read-only")]
    ReadOnly {
        /// Register name.
        name: &'static str,
        /// Its byte offset.
        off: u32,
    },
    /// The `ID` register does not hold the Braid magic.
    #[error("{}", not_braid(*id, backend))]
    NotBraid {
        /// Value read from `ID`.
        id: u32,
        /// Name of the backend that was opened.
        backend: String,
    },
    /// The register interface version is incompatible with this driver.
    #[error(
        "register interface version mismatch: engine implements {engine_major}.{engine_minor}, \
         this driver needs {driver_major}.x with x >= {driver_minor}; \
         load a bitstream built for this driver or use a driver built for that engine"
    )]
    VersionMismatch {
        /// Major version reported by the engine.
        engine_major: u16,
        /// Minor version reported by the engine.
        engine_minor: u16,
        /// Major version this driver implements.
        driver_major: u16,
        /// Minor version this driver implements.
        driver_minor: u16,
    },
    /// The engine was built from a different braid-spec revision.
    #[error(
        "engine spec hash 0x{engine:08x} does not match this driver's 0x{driver:08x}: \
         the bitstream and the driver were built from different braid-spec revisions; \
         rebuild one of them"
    )]
    SpecHashMismatch {
        /// Hash read from the engine's `SPEC_HASH` register.
        engine: u32,
        /// `braid_spec::SPEC_HASH` this driver was built with.
        driver: u32,
    },
    /// A DMA access outside its buffer, or a buffer this backend did not
    /// allocate (or already freed).
    #[error("DMA access [{off}, +{len}) outside buffer {id} of {size} bytes (or the buffer is not allocated)")]
    DmaRange {
        /// Buffer id.
        id: u32,
        /// Offset.
        off: usize,
        /// Access length.
        len: usize,
        /// Buffer size (0 when unknown).
        size: usize,
    },
    /// The backend could not allocate DMA memory.
    #[error("cannot allocate {len} bytes of DMA memory: {why}")]
    DmaAlloc {
        /// Requested length.
        len: usize,
        /// Why.
        why: String,
    },
    /// A value written to `SCRATCH` did not read back.
    #[error(
        "scratch register test failed: wrote 0x{wrote:08x}, read back 0x{read:08x} \
         (bits 0x{:08x} differ); register accesses do not reach the engine intact",
        wrote ^ read
    )]
    ScratchMismatch {
        /// Pattern written.
        wrote: u32,
        /// Value read back.
        read: u32,
    },
}

fn not_braid(id: u32, backend: &str) -> String {
    let hint = match id {
        u32::MAX => "; all ones usually means the device did not answer (not bound, powered down or in reset)",
        0 => "; zero usually means the BAR is not backed by a loaded bitstream",
        _ => "; check that the backend points at BAR0 of a Braid bitstream",
    };
    format!(
        "not a Braid engine: {backend}: ID register reads 0x{id:08x}, expected 0x{ID_MAGIC:08x} (\"BRAI\"){hint}"
    )
}

/// Result with the driver's [`enum@Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;
