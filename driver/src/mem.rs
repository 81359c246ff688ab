//! [`MemBackend`]: the engine's register block as a register file in plain memory.
//!
//! It implements what the register table in [`braid_spec::regs`] defines, and
//! nothing the table does not:
//!
//! * power-up values are the table's reset values (`CAPS`, a build parameter,
//!   comes from [`Caps`], [`MemBackend::DEFAULT_CAPS`] unless set);
//! * RO registers ignore writes (logged at debug level and counted,
//!   [`MemBackend::ignored_writes`]); RW registers store the bits their fields
//!   define (all 32 bits when they have no fields), W1C registers clear the
//!   bits written as 1;
//! * `CTRL.soft_reset` returns every register to its reset value and clears
//!   itself; the reset completes at once, so `STATUS.reset_busy` stays 0;
//!   `STATUS.enabled` follows `CTRL.enable`;
//! * unaligned offsets, offsets past the map and reserved holes are errors.
//!
//! DMA memory is plain vectors at made-up device addresses (IOVAs from
//! 0x1_0000_0000, page aligned, never reused); a test can play the engine
//! by reading and writing it ([`MemBackend::dma_bytes`]). There is no
//! engine behind it: no traffic.

use braid_spec::field::StateField;
use braid_spec::regs::{self, Access, Reg, Reset, REGS};

use crate::backend::{Backend, DmaBuf};
use crate::device::Caps;
use crate::{Error, Result};

/// A Braid register block in plain memory.
#[derive(Debug, Clone)]
pub struct MemBackend {
    table: &'static [Reg],
    len: u32,
    /// Reset value of each register of `table`, by index.
    reset: Vec<u32>,
    /// Current value of each register of `table`, by index.
    value: Vec<u32>,
    ignored_writes: u64,
    /// DMA buffers by id: (iova, bytes); `None` once freed.
    dma: Vec<Option<(u64, Vec<u8>)>>,
    next_iova: u64,
    /// Register writes so far, in order (offset, value), when recording.
    log: Option<Vec<(u32, u32)>>,
}

impl MemBackend {
    /// Capabilities of [`MemBackend::new`]: 64 connections of 16 paths and
    /// every stream the spec's state records hold.
    pub const DEFAULT_CAPS: Caps = Caps {
        connections: 64,
        paths: 16,
        streams: braid_spec::state::MAX_STREAMS as u32,
    };

    /// An engine that matches this driver: `ID`, `VERSION` and `SPEC_HASH` as
    /// the spec defines them, `CAPS` = [`MemBackend::DEFAULT_CAPS`].
    pub fn new() -> Self {
        Self::from_table(REGS, Self::DEFAULT_CAPS.to_reg())
    }

    /// An engine reporting the given `ID`, `VERSION` and `SPEC_HASH` values,
    /// to exercise the driver's identity check (everything else as [`MemBackend::new`]).
    pub fn with_id(id: u32, version: u32, hash: u32) -> Self {
        let mut m = Self::new();
        for (reg, v) in [
            (&regs::ID, id),
            (&regs::VERSION, version),
            (&regs::SPEC_HASH, hash),
        ] {
            let i = m
                .index(reg.offset)
                .expect("identity registers are in the table");
            m.reset[i] = v;
            m.value[i] = v;
        }
        m
    }

    /// The same engine built with capabilities `caps`.
    pub fn with_caps(mut self, caps: Caps) -> Self {
        if let Ok(i) = self.index(regs::CAPS.offset) {
            self.reset[i] = caps.to_reg();
            self.value[i] = caps.to_reg();
        }
        self
    }

    /// A register file for `table` (in offset order); `build` fills the
    /// registers whose reset value is a build parameter.
    fn from_table(table: &'static [Reg], build: u32) -> Self {
        let reset: Vec<u32> = table
            .iter()
            .map(|r| match r.reset {
                Reset::Build => build,
                other => other.value().unwrap_or(0),
            })
            .collect();
        let len = table
            .iter()
            .map(|r| r.offset + r.bits / 8)
            .max()
            .unwrap_or(0);
        MemBackend {
            table,
            len,
            value: reset.clone(),
            reset,
            ignored_writes: 0,
            dma: Vec::new(),
            next_iova: 1 << 32,
            log: None,
        }
    }

    /// Play the engine: set register `reg` (a counter, say) to `v`, as the
    /// engine would; host writes to read-only registers stay ignored.
    pub fn set_engine_value(&mut self, reg: &Reg, v: u32) -> Result<()> {
        let i = self.index(reg.offset)?;
        self.value[i] = v;
        Ok(())
    }

    /// Record every register write from now on ([`MemBackend::take_writes`]).
    pub fn record_writes(&mut self) {
        self.log = Some(Vec::new());
    }

    /// Register writes recorded since the last call, in order.
    pub fn take_writes(&mut self) -> Vec<(u32, u32)> {
        self.log.as_mut().map(std::mem::take).unwrap_or_default()
    }

    /// The bytes of a live DMA buffer (the engine's view, for tests).
    pub fn dma_bytes(&mut self, buf: &DmaBuf) -> Option<&mut [u8]> {
        match self.dma.get_mut(buf.id as usize) {
            Some(Some((iova, v))) if *iova == buf.iova => Some(v.as_mut_slice()),
            _ => None,
        }
    }

    /// Live DMA buffers.
    pub fn dma_buffers(&self) -> usize {
        self.dma.iter().filter(|b| b.is_some()).count()
    }

    fn dma_slot(&self, buf: &DmaBuf, off: usize, len: usize) -> Result<&Vec<u8>> {
        let err = |size| Error::DmaRange {
            id: buf.id,
            off,
            len,
            size,
        };
        match self.dma.get(buf.id as usize) {
            Some(Some((iova, v))) if *iova == buf.iova => {
                if off.checked_add(len).is_some_and(|e| e <= v.len()) {
                    Ok(v)
                } else {
                    Err(err(v.len()))
                }
            }
            _ => Err(err(0)),
        }
    }

    /// Number of writes to read-only registers that were ignored.
    pub fn ignored_writes(&self) -> u64 {
        self.ignored_writes
    }

    fn index(&self, off: u32) -> Result<usize> {
        if off % 4 != 0 {
            return Err(Error::Unaligned { off });
        }
        if off >= self.len {
            return Err(Error::OutOfRange { off, len: self.len });
        }
        self.table
            .iter()
            .position(|r| r.offset == off)
            .ok_or(Error::NoRegister { off })
    }

    /// Index of the table's register at the offset of `reg`, if it is the same register.
    fn find(&self, reg: &Reg) -> Option<usize> {
        self.table
            .iter()
            .position(|r| r.offset == reg.offset && r.name == reg.name)
    }

    fn soft_reset(&mut self) {
        log::debug!("{}: soft reset", self.name());
        self.value.copy_from_slice(&self.reset);
    }

    /// Apply the side effects of a write to `CTRL`.
    fn ctrl_written(&mut self) {
        let Some(c) = self.find(&regs::CTRL) else {
            return;
        };
        if braid_spec::bar0::Ctrl(self.value[c]).soft_reset() {
            self.soft_reset();
        }
        // CTRL as left by the reset, if any
        let ctrl = braid_spec::bar0::Ctrl(self.value[c]);
        if let Some(s) = self.find(&regs::STATUS) {
            let mut st = braid_spec::bar0::Status(self.value[s]);
            st.set_enabled(ctrl.enable());
            self.value[s] = st.0;
        }
    }
}

impl Default for MemBackend {
    fn default() -> Self {
        Self::new()
    }
}

/// Bits of a register that hold fields (all bits when it has none).
fn defined_bits(fields: &[StateField]) -> u32 {
    if fields.is_empty() {
        return u32::MAX;
    }
    fields.iter().fold(0, |m, f| regs::set(f, m, u32::MAX))
}

impl Backend for MemBackend {
    fn read32(&self, off: u32) -> Result<u32> {
        Ok(self.value[self.index(off)?])
    }

    fn write32(&mut self, off: u32, v: u32) -> Result<()> {
        let i = self.index(off)?;
        if let Some(log) = self.log.as_mut() {
            log.push((off, v));
        }
        let reg = &self.table[i];
        match reg.access {
            Access::Ro => {
                self.ignored_writes += 1;
                log::debug!(
                    "{}: write of 0x{v:08x} to read-only {} (0x{off:03x}) ignored",
                    self.name(),
                    reg.name
                );
            }
            Access::Rw => {
                self.value[i] = v & defined_bits(reg.fields);
                if reg.name == regs::CTRL.name && reg.offset == regs::CTRL.offset {
                    self.ctrl_written();
                }
            }
            Access::W1c => self.value[i] &= !v,
        }
        Ok(())
    }

    fn name(&self) -> &str {
        "memory"
    }

    fn dma_alloc(&mut self, len: usize) -> Result<DmaBuf> {
        if len == 0 || len > 1 << 40 {
            return Err(Error::DmaAlloc {
                len,
                why: "length must be 1 byte to 1 TiB".into(),
            });
        }
        let iova = self.next_iova;
        self.next_iova += (len as u64).div_ceil(4096) * 4096 + 4096; // a guard page between buffers
        self.dma.push(Some((iova, vec![0; len])));
        Ok(DmaBuf {
            id: (self.dma.len() - 1) as u32,
            iova,
            len,
        })
    }

    fn dma_free(&mut self, buf: &DmaBuf) -> Result<()> {
        self.dma_slot(buf, 0, 0)?;
        self.dma[buf.id as usize] = None;
        Ok(())
    }

    fn dma_read(&self, buf: &DmaBuf, off: usize, out: &mut [u8]) -> Result<()> {
        let v = self.dma_slot(buf, off, out.len())?;
        out.copy_from_slice(&v[off..off + out.len()]);
        Ok(())
    }

    fn dma_write(&mut self, buf: &DmaBuf, off: usize, data: &[u8]) -> Result<()> {
        self.dma_slot(buf, off, data.len())?;
        let Some(Some((_, v))) = self.dma.get_mut(buf.id as usize) else {
            unreachable!("checked by dma_slot");
        };
        v[off..off + data.len()].copy_from_slice(data);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use braid_spec::regs::*;

    #[test]
    fn reset_values_follow_the_table() {
        let m = MemBackend::new();
        assert_eq!(m.read32(ID.offset), Ok(ID_MAGIC));
        assert_eq!(m.read32(VERSION.offset), Ok(2 << 16));
        assert_eq!(m.read32(regs::SPEC_HASH.offset), Ok(braid_spec::SPEC_HASH));
        assert_eq!(m.read32(CAPS.offset), Ok(MemBackend::DEFAULT_CAPS.to_reg()));
        for r in REGS {
            if let Some(v) = r.reset.value() {
                assert_eq!(m.read32(r.offset), Ok(v), "{}", r.name);
            }
        }
    }

    #[test]
    fn read_only_registers_ignore_writes_and_count_them() {
        let mut m = MemBackend::new();
        for r in REGS.iter().filter(|r| r.access == Access::Ro) {
            let before = m.read32(r.offset).unwrap();
            m.write32(r.offset, !before).unwrap();
            assert_eq!(m.read32(r.offset), Ok(before), "{}", r.name);
        }
        let ro = REGS.iter().filter(|r| r.access == Access::Ro).count() as u64;
        assert_eq!(
            ro,
            6 + regs::COUNTERS.len() as u64,
            "ID, VERSION, SPEC_HASH, CAPS, STATUS, CMD_STATUS, the counters"
        );
        assert_eq!(m.ignored_writes(), ro);
    }

    #[test]
    fn read_write_registers_store_defined_bits() {
        let mut m = MemBackend::new();
        m.write32(SCRATCH.offset, 0xdead_beef).unwrap();
        assert_eq!(m.read32(SCRATCH.offset), Ok(0xdead_beef));
        // CTRL has two defined bits; reserved bits read 0
        m.write32(CTRL.offset, 0xffff_fff1).unwrap();
        assert_eq!(m.read32(CTRL.offset), Ok(1));
        assert_eq!(m.ignored_writes(), 0);
    }

    #[test]
    fn status_follows_ctrl_enable() {
        let mut m = MemBackend::new();
        let enabled = |m: &MemBackend| get(&STATUS_ENABLED, m.read32(STATUS.offset).unwrap());
        assert_eq!(enabled(&m), 0);
        m.write32(CTRL.offset, set(&CTRL_ENABLE, 0, 1)).unwrap();
        assert_eq!(enabled(&m), 1);
        m.write32(CTRL.offset, 0).unwrap();
        assert_eq!(enabled(&m), 0);
    }

    #[test]
    fn soft_reset_restores_reset_values_and_clears_itself() {
        let mut m = MemBackend::with_id(0x1111_1111, 0x0002_0000, 0x2222_2222);
        m.write32(SCRATCH.offset, 0x1234_5678).unwrap();
        m.write32(CTRL.offset, set(&CTRL_ENABLE, 0, 1)).unwrap();
        m.write32(CTRL.offset, set(&CTRL_SOFT_RESET, 1, 1)).unwrap();
        assert_eq!(m.read32(SCRATCH.offset), Ok(0));
        assert_eq!(m.read32(CTRL.offset), Ok(0), "self-clearing, enable reset");
        assert_eq!(m.read32(STATUS.offset), Ok(0));
        // identity survives: it is the engine's reset value
        assert_eq!(m.read32(ID.offset), Ok(0x1111_1111));
        assert_eq!(m.read32(regs::SPEC_HASH.offset), Ok(0x2222_2222));
    }

    #[test]
    fn bad_offsets_are_typed_errors() {
        let mut m = MemBackend::new();
        assert_eq!(m.read32(0x002), Err(Error::Unaligned { off: 0x002 }));
        assert_eq!(m.write32(0x013, 0), Err(Error::Unaligned { off: 0x013 }));
        let end = MAP_LEN;
        assert_eq!(m.read32(end), Err(Error::OutOfRange { off: end, len: end }));
        assert_eq!(
            m.write32(0x1000, 0),
            Err(Error::OutOfRange {
                off: 0x1000,
                len: end
            })
        );
        assert_eq!(
            m.read32(0x1000).unwrap_err().to_string(),
            "register offset 0x1000 is outside the register map (0x000..0x33c)"
        );
    }

    /// A map with a reserved hole and a W1C register exercises the access
    /// kinds the current spec table does not use yet.
    #[test]
    fn w1c_and_reserved_holes() {
        const EVENTS: Reg = Reg {
            name: "EVENTS",
            offset: 0x008,
            bits: 32,
            access: Access::W1c,
            reset: Reset::Value(0xf0f0_00ff),
            fields: &[],
            desc: "test only",
        };
        const T: &[Reg] = &[ID, EVENTS];
        let mut m = MemBackend::from_table(T, 0);
        assert_eq!(m.read32(0x004), Err(Error::NoRegister { off: 0x004 }));
        assert_eq!(
            m.read32(0x00c),
            Err(Error::OutOfRange {
                off: 0x00c,
                len: 0x00c
            })
        );
        m.write32(0x008, 0x0000_000f).unwrap();
        assert_eq!(m.read32(0x008), Ok(0xf0f0_00f0));
        m.write32(0x008, 0).unwrap();
        assert_eq!(m.read32(0x008), Ok(0xf0f0_00f0));
        // no CTRL in this table: writes have no side effects to apply
        assert_eq!(m.write32(0x000, 5), Ok(()));
        assert_eq!(m.ignored_writes(), 1);
    }

    #[test]
    fn with_caps_sets_the_build_parameter() {
        let caps = Caps {
            connections: 4096,
            paths: 8,
            streams: 2,
        };
        let m = MemBackend::new().with_caps(caps);
        assert_eq!(m.read32(CAPS.offset), Ok(0x0208_1000));
    }
}

#[cfg(test)]
mod dma_tests {
    use super::*;

    #[test]
    fn dma_buffers_are_separate_bounded_and_freed() {
        let mut m = MemBackend::new();
        let a = m.dma_alloc(100).unwrap();
        let b = m.dma_alloc(5000).unwrap();
        assert_eq!(a.iova % 4096, 0);
        assert_eq!(b.iova % 4096, 0);
        assert!(b.iova >= a.iova + 4096 * 2, "guard page between buffers");
        m.dma_write(&a, 98, &[1, 2]).unwrap();
        let mut out = [0u8; 3];
        m.dma_read(&a, 97, &mut out).unwrap();
        assert_eq!(out, [0, 1, 2]);
        assert_eq!(
            m.dma_write(&a, 99, &[1, 2]),
            Err(Error::DmaRange {
                id: a.id,
                off: 99,
                len: 2,
                size: 100
            })
        );
        assert_eq!(m.dma_buffers(), 2);
        m.dma_free(&a).unwrap();
        assert_eq!(m.dma_buffers(), 1);
        assert!(m.dma_read(&a, 0, &mut out).is_err(), "freed buffer");
        assert!(m.dma_free(&a).is_err(), "double free");
        assert!(m.dma_alloc(0).is_err());
        let c = m.dma_alloc(10).unwrap();
        assert!(c.iova > b.iova, "addresses are never reused");
    }
}
