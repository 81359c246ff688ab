//! [`Device`]: an engine whose identity has been checked.

use core::fmt;

use braid_spec::bar0;
use braid_spec::regs::{self, Access, Reg};

use crate::backend::Backend;
use crate::{Error, Result};

/// Sizes the engine was built with (the `CAPS` register).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Caps {
    /// Connections the engine holds state for (ids `0..connections`).
    pub connections: u32,
    /// Paths per connection.
    pub paths: u32,
    /// Streams per connection.
    pub streams: u32,
}

impl Caps {
    /// Decode a `CAPS` register value.
    pub fn from_reg(v: u32) -> Caps {
        let c = bar0::Caps(v);
        Caps {
            connections: c.connections().into(),
            paths: c.paths().into(),
            streams: c.streams().into(),
        }
    }

    /// Encode as a `CAPS` register value (each count masked to its field).
    pub fn to_reg(self) -> u32 {
        let mut c = bar0::Caps(0);
        c.set_connections(self.connections as u16);
        c.set_paths(self.paths as u8);
        c.set_streams(self.streams as u8);
        c.0
    }
}

/// What [`Device::open`] learned about the engine.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Info {
    /// `VERSION.major` of the engine.
    pub version_major: u16,
    /// `VERSION.minor` of the engine.
    pub version_minor: u16,
    /// `SPEC_HASH` of the engine (equal to [`braid_spec::SPEC_HASH`] once open).
    pub spec_hash: u32,
    /// Decoded `CAPS`.
    pub caps: Caps,
}

impl fmt::Display for Info {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "register interface {}.{}, spec hash 0x{:08x}, {} connections x {} paths, {} streams",
            self.version_major,
            self.version_minor,
            self.spec_hash,
            self.caps.connections,
            self.caps.paths,
            self.caps.streams
        )
    }
}

/// A `PATH_*` register: the selected path's statistics, not an engine-wide
/// counter.
fn is_path_stat(name: &str) -> bool {
    name.starts_with("PATH_")
}

fn path_sel() -> &'static Reg {
    regs::by_name("PATH_SEL").expect("braid-spec defines PATH_SEL")
}

/// Patterns [`Device::scratch_test`] writes: all zeros, all ones, alternating
/// bits both ways, then a walking one and a walking zero over all 32 bits.
fn scratch_patterns() -> impl Iterator<Item = u32> {
    [0, u32::MAX, 0xaaaa_aaaa, 0x5555_5555]
        .into_iter()
        .chain((0..32).map(|i| 1u32 << i))
        .chain((0..32).map(|i| !(1u32 << i)))
}

/// Whether this driver can drive an engine implementing register interface
/// `major.minor`: same major, and at least the minor version it was built for.
// The minor comparison is always false while IF_VERSION_MINOR is 0.
#[allow(clippy::absurd_extreme_comparisons)]
const fn version_compatible(major: u16, minor: u16) -> bool {
    major == regs::IF_VERSION_MAJOR && minor >= regs::IF_VERSION_MINOR
}

/// `STATUS` reads [`Device::soft_reset`] makes before giving up (about a
/// second of BAR reads on a board).
pub const RESET_POLLS: u32 = 1_000_000;

/// A Braid engine reached through backend `B`, identity checked.
pub struct Device<B: Backend> {
    backend: B,
    info: Info,
}

impl<B: Backend> fmt::Debug for Device<B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Device")
            .field("backend", &self.backend.name())
            .field("info", &self.info)
            .finish()
    }
}

impl<B: Backend> Device<B> {
    /// Open the engine behind `backend`: read `ID`, `VERSION` and `SPEC_HASH`
    /// and refuse an engine this driver does not match, then read `CAPS`.
    ///
    /// Errors, in the order they are checked: [`Error::NotBraid`] when `ID`
    /// is not the Braid magic; [`Error::VersionMismatch`] when `VERSION.major`
    /// differs from [`regs::IF_VERSION_MAJOR`] or `VERSION.minor` is lower than
    /// [`regs::IF_VERSION_MINOR`]; [`Error::SpecHashMismatch`] when `SPEC_HASH`
    /// differs from [`braid_spec::SPEC_HASH`]; any backend error.
    pub fn open(backend: B) -> Result<Self> {
        let id = backend.read32(regs::ID.offset)?;
        if id != regs::ID_MAGIC {
            return Err(Error::NotBraid {
                id,
                backend: backend.name().to_string(),
            });
        }
        let version = backend.read32(regs::VERSION.offset)?;
        let v = bar0::Version(version);
        let (major, minor) = (v.major(), v.minor());
        if !version_compatible(major, minor) {
            return Err(Error::VersionMismatch {
                engine_major: major,
                engine_minor: minor,
                driver_major: regs::IF_VERSION_MAJOR,
                driver_minor: regs::IF_VERSION_MINOR,
            });
        }
        let spec_hash = backend.read32(regs::SPEC_HASH.offset)?;
        if spec_hash != braid_spec::SPEC_HASH {
            return Err(Error::SpecHashMismatch {
                engine: spec_hash,
                driver: braid_spec::SPEC_HASH,
            });
        }
        let caps = Caps::from_reg(backend.read32(regs::CAPS.offset)?);
        let info = Info {
            version_major: major,
            version_minor: minor,
            spec_hash,
            caps,
        };
        log::info!("opened Braid engine on {}: {info}", backend.name());
        Ok(Device { backend, info })
    }

    /// `CTRL.soft_reset`, then `STATUS` read until `reset_busy` is 0: every
    /// register back to its reset value (the engine disabled), every
    /// connection, completion queue and memory region destroyed, every
    /// counter 0. The engine's sweep takes about 41,000 clocks on the tiny
    /// build (a few hundred microseconds on a board, far fewer than
    /// [`RESET_POLLS`] reads); a sweep that never ends is
    /// [`Error::ResetTimeout`]. Returns the `STATUS` reads made.
    pub fn soft_reset(&mut self) -> Result<u32> {
        let mut ctrl = bar0::Ctrl(0);
        ctrl.set_soft_reset(true);
        self.write(&regs::CTRL, ctrl.0)?;
        for polls in 1..=RESET_POLLS {
            let st = bar0::Status(self.read(&regs::STATUS)?);
            if !st.reset_busy() {
                log::debug!(
                    "{}: soft reset done after {polls} reads",
                    self.backend.name()
                );
                return Ok(polls);
            }
        }
        Err(Error::ResetTimeout { polls: RESET_POLLS })
    }

    /// What [`Device::open`] read from the engine.
    pub fn info(&self) -> &Info {
        &self.info
    }

    /// Read register `reg`.
    pub fn read(&self, reg: &Reg) -> Result<u32> {
        self.backend.read32(reg.offset)
    }

    /// Write register `reg`; refuses registers the spec defines as read-only.
    pub fn write(&mut self, reg: &Reg, v: u32) -> Result<()> {
        if reg.access == Access::Ro {
            return Err(Error::ReadOnly {
                name: reg.name,
                off: reg.offset,
            });
        }
        self.backend.write32(reg.offset, v)
    }

    /// Check the register path: write a set of patterns to `SCRATCH`, read
    /// each back, then restore the value found there. Fails with
    /// [`Error::ScratchMismatch`] on the first pattern that does not survive.
    pub fn scratch_test(&mut self) -> Result<()> {
        let saved = self.read(&regs::SCRATCH)?;
        let mut result = Ok(());
        for p in scratch_patterns() {
            self.write(&regs::SCRATCH, p)?;
            let read = self.read(&regs::SCRATCH)?;
            if read != p {
                result = Err(Error::ScratchMismatch { wrote: p, read });
                break;
            }
        }
        self.write(&regs::SCRATCH, saved)?;
        if result.is_ok() {
            log::debug!("{}: scratch test passed", self.backend.name());
        }
        result
    }

    /// The engine counters (`braid_spec::regs::COUNTERS`), by name.
    pub fn counters(&self) -> Result<Counters> {
        let mut v = Vec::with_capacity(regs::COUNTERS.len());
        for r in &regs::COUNTERS {
            v.push((r.name, self.read(r)?));
        }
        Ok(Counters(v))
    }

    /// Select the path the `PATH_*` statistics registers show (`PATH_SEL`),
    /// restarting their counts. The engine restarts them when `PATH_SEL`
    /// changes, so this writes it twice: first with the neighbouring path
    /// (held a few clocks; its counts are discarded), then with `path`;
    /// selecting the same path again restarts it too.
    /// [`Error::BadArgument`] when `conn` or `path` is beyond the engine's
    /// [`Caps`].
    pub fn select_path(&mut self, conn: u32, path: u32) -> Result<()> {
        let caps = self.info.caps;
        if conn >= caps.connections || path >= caps.paths {
            return Err(Error::BadArgument(format!(
                "path {path} of connection {conn}: this engine has {} connections x {} paths",
                caps.connections, caps.paths
            )));
        }
        let mut sel = bar0::PathSel(0);
        sel.set_conn(conn as u16);
        sel.set_path((path ^ 1) as u8);
        self.write(path_sel(), sel.0)?;
        sel.set_path(path as u8);
        self.write(path_sel(), sel.0)
    }

    /// The statistics of the path `PATH_SEL` selects (reads `PATH_SEL` and
    /// the `PATH_*` registers only).
    pub fn path_stats(&self) -> Result<PathStats> {
        let sel = self.read(path_sel())?;
        let mut v = Vec::new();
        for r in regs::COUNTERS.iter().filter(|r| is_path_stat(r.name)) {
            v.push((r.name, self.read(r)?));
        }
        Ok(PathStats::from_regs(sel, &Counters(v)))
    }

    /// The backend, mutable (DMA memory, doorbells).
    pub fn backend_mut(&mut self) -> &mut B {
        &mut self.backend
    }

    /// The backend, for diagnostics.
    pub fn backend(&self) -> &B {
        &self.backend
    }

    /// Close the device and return its backend.
    pub fn into_backend(self) -> B {
        self.backend
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::MemBackend;

    const V2_0: u32 = 2 << 16;

    #[test]
    fn soft_reset_returns_the_registers_and_waits_for_the_sweep() {
        let mut dev = Device::open(MemBackend::new()).unwrap();
        dev.write(&regs::SCRATCH, 0x1234_5678).unwrap();
        dev.write(&regs::CTRL, 1).unwrap();
        dev.backend_mut().record_writes();
        assert_eq!(
            dev.soft_reset().unwrap(),
            1,
            "the memory backend resets at once"
        );
        assert_eq!(
            dev.backend_mut().take_writes(),
            vec![(regs::CTRL.offset, regs::set(&regs::CTRL_SOFT_RESET, 0, 1))]
        );
        assert_eq!(dev.read(&regs::SCRATCH).unwrap(), 0);
        assert_eq!(dev.read(&regs::CTRL).unwrap(), 0);
        assert_eq!(dev.read(&regs::STATUS).unwrap(), 0);
    }

    /// An engine whose sweep never ends: `STATUS.reset_busy` reads 1.
    struct Stuck(MemBackend);

    impl Backend for Stuck {
        fn read32(&self, off: u32) -> Result<u32> {
            let v = self.0.read32(off)?;
            Ok(if off == regs::STATUS.offset {
                regs::set(&regs::STATUS_RESET_BUSY, v, 1)
            } else {
                v
            })
        }
        fn write32(&mut self, off: u32, v: u32) -> Result<()> {
            self.0.write32(off, v)
        }
        fn name(&self) -> &str {
            "stuck"
        }
        fn dma_alloc(&mut self, len: usize) -> Result<crate::DmaBuf> {
            self.0.dma_alloc(len)
        }
        fn dma_free(&mut self, buf: &crate::DmaBuf) -> Result<()> {
            self.0.dma_free(buf)
        }
        fn dma_read(&self, buf: &crate::DmaBuf, off: usize, out: &mut [u8]) -> Result<()> {
            self.0.dma_read(buf, off, out)
        }
        fn dma_write(&mut self, buf: &crate::DmaBuf, off: usize, data: &[u8]) -> Result<()> {
            self.0.dma_write(buf, off, data)
        }
    }

    #[test]
    fn a_sweep_that_never_ends_is_an_error_not_a_hang() {
        let mut dev = Device::open(Stuck(MemBackend::new())).unwrap();
        let e = dev.soft_reset().unwrap_err();
        assert_eq!(e, Error::ResetTimeout { polls: RESET_POLLS });
        assert!(e.to_string().contains("STATUS.reset_busy still 1"), "{e}");
        assert!(crate::verbs::Context::open(Stuck(MemBackend::new())).is_err());
    }

    #[test]
    fn opens_a_matching_engine() {
        let dev = Device::open(MemBackend::new()).unwrap();
        let info = dev.info();
        assert_eq!((info.version_major, info.version_minor), (2, 0));
        assert_eq!(info.spec_hash, braid_spec::SPEC_HASH);
        assert_eq!(info.caps, MemBackend::DEFAULT_CAPS);
        assert_eq!(
            info.to_string(),
            format!(
                "register interface 2.0, spec hash 0x{:08x}, 64 connections x 16 paths, 4 streams",
                braid_spec::SPEC_HASH
            )
        );
    }

    #[test]
    fn path_stats_select_then_decode_the_path_registers() {
        let mut dev = Device::open(MemBackend::new()).unwrap();
        dev.backend_mut().record_writes();
        dev.select_path(63, 15).unwrap();
        assert_eq!(
            dev.backend_mut().take_writes(),
            vec![(0x338, 63 << 16 | 14), (0x338, 63 << 16 | 15)],
            "PATH_SEL: conn in bits 31:16, path in 7:0, a change restarts the counts"
        );
        let r = |n| regs::by_name(n).unwrap();
        for (n, v) in [
            ("PATH_CWND", 12 << 8 | 0x80),
            ("PATH_SRTT", 3000),
            ("PATH_RTTVAR", 700),
            ("PATH_RTO", 6000),
            ("PATH_STATE", 1 << 31 | 1 << 24 | 2 << 16 | 0x4000),
            ("PATH_SENT", 100),
            ("PATH_ACKED", 97),
            ("PATH_LOST", 3),
            ("PATH_ECN", 5),
            ("PATH_TIMEOUTS", 2),
        ] {
            dev.backend_mut().set_engine_value(r(n), v).unwrap();
        }
        let p = dev.path_stats().unwrap();
        assert_eq!(
            p,
            PathStats {
                conn: 63,
                path: 15,
                seen: true,
                cwnd: 12 << 8 | 0x80,
                srtt: 3000,
                rttvar: 700,
                rto: 6000,
                alpha: 0x4000,
                timeouts_in_row: 2,
                armed: true,
                failed: false,
                sent: 100,
                acked: 97,
                lost: 3,
                ecn: 5,
                timeouts: 2,
            }
        );
        assert_eq!(
            p.to_string(),
            "path 15 of connection 63: 100 sent, 97 acknowledged, 3 lost, 5 ECN-marked, 2 timeouts\n  \
             cwnd 12.50 packets, srtt 3000 ticks, rttvar 700 ticks, rto 6000 ticks, alpha 0.2500, \
             2 timeouts in a row, timer armed\n"
        );
        // the path counters are not engine-wide counters
        let c = dev.counters().unwrap().to_string();
        assert!(!c.contains("PATH_"), "{c}");
        // beyond CAPS (64 x 16): refused, PATH_SEL unchanged
        for (conn, path) in [(64, 0), (0, 16)] {
            let e = dev.select_path(conn, path).unwrap_err();
            assert_eq!(
                e.to_string(),
                format!("invalid argument: path {path} of connection {conn}: this engine has 64 connections x 16 paths")
            );
        }
        assert_eq!(dev.backend_mut().take_writes(), vec![]);
    }

    #[test]
    fn decodes_caps() {
        let caps = Caps {
            connections: 4000,
            paths: 8,
            streams: 3,
        };
        let dev = Device::open(MemBackend::new().with_caps(caps)).unwrap();
        assert_eq!(dev.info().caps, caps);
        assert_eq!(
            Caps::from_reg(0x0410_0fa0),
            Caps {
                connections: 4000,
                paths: 16,
                streams: 4
            }
        );
        assert_eq!(Caps::from_reg(caps.to_reg()), caps);
    }

    #[test]
    fn refuses_a_foreign_device() {
        let err = Device::open(MemBackend::with_id(
            0x1234_5678,
            V2_0,
            braid_spec::SPEC_HASH,
        ))
        .unwrap_err();
        assert_eq!(
            err,
            Error::NotBraid {
                id: 0x1234_5678,
                backend: "memory".into()
            }
        );
        let msg = err.to_string();
        assert!(msg.starts_with("not a Braid engine: memory: ID register reads 0x12345678, expected 0x42524149 (\"BRAI\")"), "{msg}");
        assert!(msg.contains("BAR0 of a Braid bitstream"), "{msg}");
        // a device that does not answer reads all ones
        let err = Device::open(MemBackend::with_id(u32::MAX, V2_0, 0)).unwrap_err();
        assert!(err.to_string().contains("did not answer"), "{err}");
    }

    #[test]
    fn refuses_another_interface_version() {
        let next_major = (u32::from(regs::IF_VERSION_MAJOR) + 1) << 16;
        let err = Device::open(MemBackend::with_id(
            regs::ID_MAGIC,
            next_major,
            braid_spec::SPEC_HASH,
        ))
        .unwrap_err();
        assert_eq!(
            err,
            Error::VersionMismatch {
                engine_major: 3,
                engine_minor: 0,
                driver_major: 2,
                driver_minor: 0
            }
        );
        assert_eq!(
            err.to_string(),
            "register interface version mismatch: engine implements 3.0, this driver needs 2.x \
             with x >= 0; load a bitstream built for this driver or use a driver built for that engine"
        );
        // a newer minor version is compatible; the hash check decides
        let newer_minor = V2_0 | 3;
        let dev = Device::open(MemBackend::with_id(
            regs::ID_MAGIC,
            newer_minor,
            braid_spec::SPEC_HASH,
        ))
        .unwrap();
        assert_eq!(dev.info().version_minor, 3);
    }

    #[test]
    fn refuses_another_spec_revision() {
        let err = Device::open(MemBackend::with_id(regs::ID_MAGIC, V2_0, 0x1234_abcd)).unwrap_err();
        assert_eq!(
            err,
            Error::SpecHashMismatch {
                engine: 0x1234_abcd,
                driver: braid_spec::SPEC_HASH
            }
        );
        assert_eq!(
            err.to_string(),
            format!(
                "engine spec hash 0x1234abcd does not match this driver's 0x{:08x}: the bitstream \
                 and the driver were built from different braid-spec revisions; rebuild one of them",
                braid_spec::SPEC_HASH
            )
        );
    }

    #[test]
    fn identity_is_checked_in_order() {
        // everything wrong: the first check names the problem
        let err = Device::open(MemBackend::with_id(0, 0, 0)).unwrap_err();
        assert!(matches!(err, Error::NotBraid { id: 0, .. }), "{err}");
        let err = Device::open(MemBackend::with_id(regs::ID_MAGIC, 0, 0)).unwrap_err();
        assert!(
            matches!(
                err,
                Error::VersionMismatch {
                    engine_major: 0,
                    ..
                }
            ),
            "{err}"
        );
    }

    #[test]
    fn scratch_test_passes_and_restores() {
        let mut m = MemBackend::new();
        m.write32(regs::SCRATCH.offset, 0x0bad_cafe).unwrap();
        let mut dev = Device::open(m).unwrap();
        dev.scratch_test().unwrap();
        assert_eq!(dev.read(&regs::SCRATCH), Ok(0x0bad_cafe));
    }

    /// Fault injection: a backend with one data line stuck at 0 on reads.
    struct StuckBit<B> {
        inner: B,
        bit: u32,
    }

    impl<B: Backend> Backend for StuckBit<B> {
        fn read32(&self, off: u32) -> Result<u32> {
            self.inner.read32(off).map(|v| v & !(1 << self.bit))
        }
        fn write32(&mut self, off: u32, v: u32) -> Result<()> {
            self.inner.write32(off, v)
        }
        fn name(&self) -> &str {
            "stuck bit"
        }
        fn dma_alloc(&mut self, len: usize) -> Result<crate::DmaBuf> {
            self.inner.dma_alloc(len)
        }
        fn dma_free(&mut self, buf: &crate::DmaBuf) -> Result<()> {
            self.inner.dma_free(buf)
        }
        fn dma_read(&self, buf: &crate::DmaBuf, off: usize, out: &mut [u8]) -> Result<()> {
            self.inner.dma_read(buf, off, out)
        }
        fn dma_write(&mut self, buf: &crate::DmaBuf, off: usize, data: &[u8]) -> Result<()> {
            self.inner.dma_write(buf, off, data)
        }
    }

    #[test]
    fn scratch_test_finds_a_stuck_bit() {
        // stick a bit that is 0 in every identity register, so open succeeds
        let m = MemBackend::new();
        let used = [regs::ID, regs::VERSION, regs::SPEC_HASH, regs::CAPS]
            .iter()
            .fold(0, |a, r| a | m.read32(r.offset).unwrap());
        let bit = (0..32).find(|b| used & (1 << b) == 0).unwrap();
        let mut dev = Device::open(StuckBit { inner: m, bit }).unwrap();
        let err = dev.scratch_test().unwrap_err();
        assert_eq!(
            err,
            Error::ScratchMismatch {
                wrote: u32::MAX,
                read: !(1 << bit)
            }
        );
        assert_eq!(
            err.to_string(),
            format!(
                "scratch register test failed: wrote 0xffffffff, read back 0x{:08x} (bits 0x{:08x} \
                 differ); register accesses do not reach the engine intact",
                !(1u32 << bit),
                1u32 << bit
            )
        );
    }

    #[test]
    fn refuses_writes_to_read_only_registers() {
        let mut dev = Device::open(MemBackend::new()).unwrap();
        assert_eq!(
            dev.write(&regs::ID, 0),
            Err(Error::ReadOnly { name: "ID", off: 0 })
        );
        assert_eq!(
            dev.backend().ignored_writes(),
            0,
            "never reached the backend"
        );
        dev.write(&regs::CTRL, 1).unwrap();
        assert_eq!(dev.read(&regs::STATUS), Ok(1));
    }

    #[test]
    fn works_through_a_boxed_backend() {
        let b: Box<dyn Backend> = Box::new(MemBackend::new());
        let mut dev = Device::open(b).unwrap();
        assert_eq!(dev.backend().name(), "memory");
        dev.scratch_test().unwrap();
    }

    #[test]
    fn backend_errors_pass_through() {
        struct Dead;
        impl Backend for Dead {
            fn read32(&self, off: u32) -> Result<u32> {
                Err(Error::OutOfRange { off, len: 0 })
            }
            fn write32(&mut self, off: u32, _: u32) -> Result<()> {
                Err(Error::OutOfRange { off, len: 0 })
            }
            fn name(&self) -> &str {
                "dead"
            }
            fn dma_alloc(&mut self, len: usize) -> Result<crate::DmaBuf> {
                Err(Error::DmaAlloc {
                    len,
                    why: "dead".into(),
                })
            }
            fn dma_free(&mut self, buf: &crate::DmaBuf) -> Result<()> {
                Err(Error::DmaRange {
                    id: buf.id,
                    off: 0,
                    len: 0,
                    size: 0,
                })
            }
            fn dma_read(&self, buf: &crate::DmaBuf, off: usize, out: &mut [u8]) -> Result<()> {
                Err(Error::DmaRange {
                    id: buf.id,
                    off,
                    len: out.len(),
                    size: 0,
                })
            }
            fn dma_write(&mut self, buf: &crate::DmaBuf, off: usize, data: &[u8]) -> Result<()> {
                Err(Error::DmaRange {
                    id: buf.id,
                    off,
                    len: data.len(),
                    size: 0,
                })
            }
        }
        assert_eq!(
            Device::open(Dead).unwrap_err(),
            Error::OutOfRange { off: 0, len: 0 }
        );
    }
}

/// Engine counters read from the register block, by register name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Counters(pub Vec<(&'static str, u32)>);

impl Counters {
    /// A counter by register name.
    pub fn get(&self, name: &str) -> Option<u32> {
        self.0.iter().find(|(n, _)| *n == name).map(|(_, v)| *v)
    }

    /// The engine-wide counters (every one but the selected path's
    /// `PATH_*` statistics), in register order.
    pub fn engine_wide(&self) -> impl Iterator<Item = &(&'static str, u32)> {
        self.0.iter().filter(|(n, _)| !is_path_stat(n))
    }

    /// Payload bytes placed (`RX_BYTES_HI:RX_BYTES_LO`).
    pub fn rx_bytes(&self) -> u64 {
        (self.get("RX_BYTES_HI").unwrap_or(0) as u64) << 32
            | self.get("RX_BYTES_LO").unwrap_or(0) as u64
    }
}

/// The engine-wide counters, one per line (`RX_BYTES` as one 64-bit value;
/// the `PATH_*` registers of the selected path are [`PathStats`]' to show).
impl fmt::Display for Counters {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (name, v) in self.engine_wide() {
            if name.ends_with("_HI") {
                continue;
            }
            if *name == "RX_BYTES_LO" {
                writeln!(f, "{:<22} {}", "RX_BYTES", self.rx_bytes())?;
            } else if *name == "RX_HINT" {
                writeln!(
                    f,
                    "{name:<22} {} (shared by {} senders)",
                    bar0::RxHint(*v).hint(),
                    bar0::RxHint(*v).senders()
                )?;
            } else {
                writeln!(f, "{name:<22} {v}")?;
            }
        }
        Ok(())
    }
}

/// The statistics of the path `PATH_SEL` selects (the `PATH_*` registers):
/// counts since `PATH_SEL` last changed and the path's
/// congestion-control state as of its last event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PathStats {
    /// `PATH_SEL.conn`.
    pub conn: u32,
    /// `PATH_SEL.path`.
    pub path: u32,
    /// `PATH_STATE.seen`: the congestion-control block reported this path
    /// since the selection; the state fields below are valid only then.
    pub seen: bool,
    /// `PATH_CWND`: congestion window, unsigned 16.8 fixed point packets.
    pub cwnd: u32,
    /// `PATH_SRTT`: smoothed RTT, engine ticks.
    pub srtt: u32,
    /// `PATH_RTTVAR`: RTT variation, engine ticks.
    pub rttvar: u32,
    /// `PATH_RTO`: retransmission timeout with backoff, engine ticks.
    pub rto: u32,
    /// `PATH_STATE.alpha`: DCTCP marked fraction, 0.16 fixed point.
    pub alpha: u32,
    /// `PATH_STATE.timeouts`: consecutive timeouts.
    pub timeouts_in_row: u32,
    /// `PATH_STATE.armed`: the retransmission timer runs.
    pub armed: bool,
    /// `PATH_STATE.failed`: the path is retired.
    pub failed: bool,
    /// `PATH_SENT`: data packets sent.
    pub sent: u32,
    /// `PATH_ACKED`: PSNs newly acknowledged.
    pub acked: u32,
    /// `PATH_LOST`: PSNs declared lost (SACK proof or timeout).
    pub lost: u32,
    /// `PATH_ECN`: CE-marked packets the peer's ACKs reported.
    pub ecn: u32,
    /// `PATH_TIMEOUTS`: retransmission timeouts.
    pub timeouts: u32,
}

impl PathStats {
    /// Decode from a `PATH_SEL` value and the counters read with it.
    pub fn from_regs(sel: u32, c: &Counters) -> PathStats {
        let g = |n: &str| c.get(n).unwrap_or(0);
        let st = bar0::PathState(g("PATH_STATE"));
        let sel = bar0::PathSel(sel);
        PathStats {
            conn: sel.conn().into(),
            path: sel.path().into(),
            seen: st.seen(),
            cwnd: g("PATH_CWND"),
            srtt: g("PATH_SRTT"),
            rttvar: g("PATH_RTTVAR"),
            rto: g("PATH_RTO"),
            alpha: st.alpha().into(),
            timeouts_in_row: st.timeouts().into(),
            armed: st.armed(),
            failed: st.failed(),
            sent: g("PATH_SENT"),
            acked: g("PATH_ACKED"),
            lost: g("PATH_LOST"),
            ecn: g("PATH_ECN"),
            timeouts: g("PATH_TIMEOUTS"),
        }
    }
}

impl fmt::Display for PathStats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "path {} of connection {}: {} sent, {} acknowledged, {} lost, {} ECN-marked, {} timeouts",
            self.path, self.conn, self.sent, self.acked, self.lost, self.ecn, self.timeouts
        )?;
        if self.seen {
            writeln!(
                f,
                "  cwnd {:.2} packets, srtt {} ticks, rttvar {} ticks, rto {} ticks, alpha {:.4}, {} timeouts in a row{}{}",
                f64::from(self.cwnd) / 256.0,
                self.srtt,
                self.rttvar,
                self.rto,
                f64::from(self.alpha) / 65536.0,
                self.timeouts_in_row,
                if self.armed { ", timer armed" } else { "" },
                if self.failed { ", retired" } else { "" }
            )
        } else {
            writeln!(f, "  no congestion-control event since the selection")
        }
    }
}
