//! Reference model of `mr_check` (hdl/rtl/src/mr_check.rs): the receive
//! side's memory-region table and WRITE placement check, written from the
//! block's doc comment.

use super::{get_u64, put_u64, CycleModel, Stimulus};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Table entries.
pub const MR_ENTRIES: usize = 4096;

/// One table entry.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MrEntry {
    /// A valid region.
    pub valid: bool,
    /// Its key.
    pub key: u32,
    /// Protection domain.
    pub pd: u16,
    /// Access bits (bit 1 = remote write).
    pub access: u8,
    /// First byte.
    pub base: u64,
    /// One past the last byte.
    pub end: u64,
}

/// A table write.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MrWrite {
    /// Entry index (12 bits).
    pub index: u16,
    /// The entry.
    pub entry: MrEntry,
}

/// A placement check.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MrReq {
    /// Packet's rkey.
    pub rkey: u32,
    /// Connection's protection domain.
    pub pd: u16,
    /// Payload address.
    pub va: u64,
    /// Payload bytes.
    pub len: u16,
    /// Write access needed.
    pub need_write: bool,
    /// The write is local (a SEND into a receive buffer): LOCAL_WRITE
    /// (access bit 0) instead of REMOTE_WRITE (bit 1).
    pub local: bool,
    /// Opaque tag.
    pub tag: u16,
}

/// One clock's inputs.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MrCheckIn {
    /// Table write.
    pub wr: Option<MrWrite>,
    /// Check.
    pub req: Option<MrReq>,
}

/// Outputs after an edge.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MrCheckOut {
    /// A result this clock.
    pub valid: bool,
    /// The write may go ahead.
    pub ok: bool,
    /// NACK reason (0 when ok).
    pub reason: u8,
    /// DMA address.
    pub va: u64,
    /// Tag.
    pub tag: u16,
}

/// The check of SPEC section 7 (WRITE, checks 3-6) against one entry, as
/// the block computes it (63-bit device addresses).
pub fn check(e: &MrEntry, r: &MrReq) -> u8 {
    let va_end = r.va.wrapping_add(r.len as u64);
    let bounds = r.va.wrapping_sub(e.base) >> 63 == 0
        && e.end.wrapping_sub(va_end) >> 63 == 0
        && r.va >> 63 == 0
        && va_end >> 63 == 0;
    if !(e.valid && e.key == r.rkey) {
        0x02
    } else if e.pd != r.pd {
        0x05
    } else if r.need_write && e.access & if r.local { 1 } else { 2 } == 0 {
        0x03
    } else if !bounds {
        0x04
    } else {
        0
    }
}

/// Cycle-exact model.
#[derive(Debug, Clone)]
pub struct MrCheckModel {
    table: Vec<MrEntry>,
    /// E0 input registers.
    i: MrCheckIn,
    /// The RAM's registered read data.
    rd: MrEntry,
    /// E1 stage: the request whose entry is being read.
    p1: Option<MrReq>,
    /// E2 stage: request and reason.
    p2: Option<(MrReq, u8)>,
    out: MrCheckOut,
}

impl Default for MrCheckModel {
    fn default() -> Self {
        MrCheckModel {
            table: vec![MrEntry::default(); MR_ENTRIES],
            i: MrCheckIn::default(),
            rd: MrEntry::default(),
            p1: None,
            p2: None,
            out: MrCheckOut::default(),
        }
    }
}

impl CycleModel for MrCheckModel {
    const MODULE: &'static str = "mr_check";
    const INPUTS: &'static [&'static str] = &[
        "wr_valid",
        "wr_index",
        "wr_entry_valid",
        "wr_key",
        "wr_pd",
        "wr_access",
        "wr_base",
        "wr_end",
        "req_valid",
        "req_rkey",
        "req_pd",
        "req_va",
        "req_len",
        "req_need_write",
        "req_local",
        "req_tag",
    ];
    const OUTPUTS: &'static [&'static str] =
        &["res_valid", "res_ok", "res_reason", "res_va", "res_tag"];
    type In = MrCheckIn;
    type Out = MrCheckOut;
    type Stim = MrCheckStim;

    fn step(&mut self, i: &MrCheckIn) -> MrCheckOut {
        // E3: outputs from the E2 stage
        self.out.valid = self.p2.is_some();
        if let Some((r, reason)) = self.p2 {
            self.out.ok = reason == 0;
            self.out.reason = reason;
            self.out.va = r.va;
            self.out.tag = r.tag;
        }
        // E2: compare the entry read at the previous edge
        self.p2 = self.p1.map(|r| (r, check(&self.rd, &r)));
        // E1: read (old contents), then write, from the E0 registers
        let idx = ((self.i.req.map_or(0, |r| r.rkey) >> 8) & 0xfff) as usize;
        self.rd = self.table[idx];
        if let Some(w) = self.i.wr {
            self.table[(w.index & 0xfff) as usize] = w.entry;
        }
        self.p1 = self.i.req;
        // E0
        self.i = *i;
        self.out
    }

    fn encode(i: &MrCheckIn, p: &mut [Vec<u32>]) {
        if let Some(w) = i.wr {
            put_u64(&mut p[0], 1);
            put_u64(&mut p[1], (w.index & 0xfff) as u64);
            put_u64(&mut p[2], w.entry.valid as u64);
            put_u64(&mut p[3], w.entry.key as u64);
            put_u64(&mut p[4], w.entry.pd as u64);
            put_u64(&mut p[5], (w.entry.access & 7) as u64);
            put_u64(&mut p[6], w.entry.base);
            put_u64(&mut p[7], w.entry.end);
        }
        if let Some(r) = i.req {
            put_u64(&mut p[8], 1);
            put_u64(&mut p[9], r.rkey as u64);
            put_u64(&mut p[10], r.pd as u64);
            put_u64(&mut p[11], r.va);
            put_u64(&mut p[12], r.len as u64);
            put_u64(&mut p[13], r.need_write as u64);
            put_u64(&mut p[14], r.local as u64);
            put_u64(&mut p[15], r.tag as u64);
        } else {
            // the block reads the table at rkey 0 when idle: so does the model
            put_u64(&mut p[9], 0);
        }
    }

    fn decode(p: &[Vec<u32>]) -> MrCheckOut {
        MrCheckOut {
            valid: get_u64(&p[0]) & 1 == 1,
            ok: get_u64(&p[1]) & 1 == 1,
            reason: get_u64(&p[2]) as u8,
            va: get_u64(&p[3]),
            tag: get_u64(&p[4]) as u16,
        }
    }
}

/// Seeded stimulus: a few live slots whose entries change, checks biased to
/// every reason and to the bounds' edges, writes and checks of one slot in
/// the same clock.
#[derive(Debug)]
pub struct MrCheckStim {
    rng: ChaCha8Rng,
    /// What the stimulus last wrote per live slot.
    slots: Vec<(u16, MrEntry)>,
    tag: u16,
}

impl MrCheckStim {
    fn entry(&mut self, slot: u16) -> MrEntry {
        let r = &mut self.rng;
        let base = match r.gen_range(0..6) {
            0 => 0,
            1 => (1 << 63) - r.gen_range(1..0x20000), // just below the 63-bit limit
            2 => r.gen_range(1 << 63..u64::MAX),      // not a valid device address
            _ => r.gen_range(0..1u64 << 48) & !0xfff,
        };
        let len = match r.gen_range(0..4) {
            0 => r.gen_range(1..0x1_0000),
            1 => 0,
            _ => r.gen_range(0x1_0000..0x1000_0000),
        };
        MrEntry {
            valid: r.gen_range(0..8) != 0,
            key: (slot as u32) << 8 | r.gen_range(0..256),
            pd: r.gen_range(0..3),
            access: r.gen_range(0..8),
            base,
            end: base.wrapping_add(len),
        }
    }

    fn request(&mut self) -> MrReq {
        self.tag = self.tag.wrapping_add(1);
        let tag = self.tag;
        let pick = self.rng.gen_range(0..self.slots.len());
        let (slot, e) = self.slots[pick];
        let r = &mut self.rng;
        let len: u16 = match r.gen_range(0..5) {
            0 => 0,
            1 => 1,
            2 => 0xffff,
            _ => r.gen_range(0..=4096),
        };
        let size = e.end.wrapping_sub(e.base);
        let va = match r.gen_range(0..9) {
            0 => e.base,
            1 => e.base.wrapping_sub(1),
            2 => e.end.wrapping_sub(len as u64),
            3 => e.end.wrapping_sub(len as u64).wrapping_add(1),
            4 => e.end,
            5 => r.gen::<u64>(),
            6 => (1 << 63) - r.gen_range(0..0x20000),
            _ => e.base.wrapping_add(r.gen_range(0..size.max(1))),
        };
        let rkey = match r.gen_range(0..10) {
            0 => e.key ^ 1,                        // wrong tag
            1 => r.gen(),                          // anything
            2 => ((slot as u32 + 1) & 0xfff) << 8, // another slot
            _ => e.key,
        };
        MrReq {
            rkey,
            pd: if r.gen_range(0..8) == 0 {
                e.pd ^ 1
            } else {
                e.pd
            },
            va,
            len,
            need_write: r.gen_range(0..4) != 0,
            local: r.gen(),
            tag,
        }
    }
}

impl Stimulus for MrCheckStim {
    type In = MrCheckIn;
    type Out = MrCheckOut;

    fn new(seed: u64) -> Self {
        let mut s = MrCheckStim {
            rng: ChaCha8Rng::seed_from_u64(seed),
            slots: Vec::new(),
            tag: 0,
        };
        for k in 0..8u16 {
            let slot = match k {
                0 => 0,
                1 => 0xfff,
                _ => s.rng.gen_range(0..0x1000),
            };
            s.slots.push((slot, MrEntry::default()));
        }
        s
    }

    fn next(&mut self, _cycle: u64) -> MrCheckIn {
        let wr = if self.rng.gen_range(0..4) == 0 {
            let k = self.rng.gen_range(0..self.slots.len());
            let slot = self.slots[k].0;
            let e = self.entry(slot);
            self.slots[k].1 = e;
            Some(MrWrite {
                index: slot,
                entry: e,
            })
        } else {
            None
        };
        let req = (self.rng.gen_range(0..8) != 0).then(|| self.request());
        MrCheckIn { wr, req }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn check_follows_the_spec_order() {
        let e = MrEntry {
            valid: true,
            key: 0x1234,
            pd: 1,
            access: 2,
            base: 0x1000,
            end: 0x2000,
        };
        let r = MrReq {
            rkey: 0x1234,
            pd: 1,
            va: 0x1000,
            len: 0x1000,
            need_write: true,
            local: false,
            tag: 0,
        };
        assert_eq!(check(&e, &r), 0);
        // a local write (SEND placement) needs LOCAL_WRITE, not REMOTE_WRITE
        assert_eq!(check(&e, &MrReq { local: true, ..r }), 0x03);
        assert_eq!(
            check(&MrEntry { access: 1, ..e }, &MrReq { local: true, ..r }),
            0
        );
        assert_eq!(check(&e, &MrReq { va: 0x1001, ..r }), 0x04);
        assert_eq!(
            check(
                &e,
                &MrReq {
                    va: 0xfff,
                    len: 1,
                    ..r
                }
            ),
            0x04
        );
        assert_eq!(
            check(&MrEntry { access: 1, ..e }, &MrReq { va: 0x5000, ..r }),
            0x03
        );
        assert_eq!(
            check(
                &e,
                &MrReq {
                    pd: 2,
                    need_write: false,
                    ..r
                }
            ),
            0x05
        );
        assert_eq!(check(&MrEntry { valid: false, ..e }, &r), 0x02);
        assert_eq!(check(&e, &MrReq { rkey: 0x1235, ..r }), 0x02);
        let hi = MrEntry {
            base: (1 << 63) - 0x10,
            end: (1 << 63) + 0x10,
            ..e
        };
        assert_eq!(
            check(
                &hi,
                &MrReq {
                    va: (1 << 63) - 0x10,
                    len: 0x10,
                    ..r
                }
            ),
            0x04,
            "end at 2^63"
        );
        assert_eq!(
            check(
                &hi,
                &MrReq {
                    va: (1 << 63) - 0x10,
                    len: 0xf,
                    ..r
                }
            ),
            0
        );
    }
}
