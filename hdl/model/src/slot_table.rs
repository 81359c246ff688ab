//! Cycle-exact model of `slot_table` (`hdl/rtl/src/slot_table.rs`): per
//! path and PSN slot one 72-bit `TX_SLOT_ENTRY`, one write and one read per
//! clock, reads answered after a fixed latency of 4 edges, read-first.

use super::{get_u64, put_u64, CycleModel, Stimulus};
use braid_spec::state::{get_bits, put_bits, TX_SLOT_BITS, TX_SLOT_ENTRY, TX_SLOT_ENTRY_BITS};
use braid_spec::StateField;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::HashMap;

/// Read latency in edges.
pub const SLOT_TABLE_LATENCY: usize = 4;

const ENTRY_MASK: u128 = (1u128 << TX_SLOT_ENTRY_BITS) - 1;

fn fld(name: &str) -> &'static StateField {
    TX_SLOT_ENTRY
        .iter()
        .find(|f| f.name == name)
        .expect("TX_SLOT_ENTRY field")
}

/// A slot-table entry, unpacked.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SlotEntry {
    /// CSN of the packet.
    pub csn: u32,
    /// Send-queue index of its WQE.
    pub wqe_idx: u16,
    /// Offset in MTUs (20 bits).
    pub offset: u32,
    /// The slot holds a sent packet.
    pub valid: bool,
    /// First packet of its message.
    pub first: bool,
    /// Last packet of its message.
    pub last: bool,
    /// Sent as a retransmission.
    pub retx: bool,
}

impl SlotEntry {
    /// Pack with braid-spec's field table.
    pub fn pack(&self) -> u128 {
        let mut b = [0u8; 9];
        for (name, v) in [
            ("csn", self.csn as u128),
            ("wqe_idx", self.wqe_idx as u128),
            ("offset", self.offset as u128),
            ("valid", self.valid as u128),
            ("first", self.first as u128),
            ("last", self.last as u128),
            ("retx", self.retx as u128),
        ] {
            let f = fld(name);
            put_bits(&mut b, f.lsb, f.bits, v);
        }
        let mut w = [0u8; 16];
        w[..9].copy_from_slice(&b);
        u128::from_le_bytes(w)
    }

    /// Unpack with braid-spec's field table.
    pub fn unpack(v: u128) -> Self {
        let b = v.to_le_bytes();
        let g = |name| {
            let f = fld(name);
            get_bits(&b[..9], f.lsb, f.bits)
        };
        SlotEntry {
            csn: g("csn") as u32,
            wqe_idx: g("wqe_idx") as u16,
            offset: g("offset") as u32,
            valid: g("valid") == 1,
            first: g("first") == 1,
            last: g("last") == 1,
            retx: g("retx") == 1,
        }
    }
}

/// One clock's inputs.
#[derive(Debug, Clone, Copy, Default)]
pub struct SlotIn {
    /// Write (path, slot, packed entry).
    pub wr: Option<(u32, u8, u128)>,
    /// Read (path, slot, tag).
    pub rd: Option<(u32, u8, u16)>,
}

/// Outputs after an edge.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SlotOut {
    /// A result.
    pub valid: bool,
    /// Packed entry (72 bits).
    pub entry: u128,
    /// The read's tag.
    pub tag: u16,
    /// The read's path.
    pub path: u32,
    /// The read's slot.
    pub slot: u8,
}

/// Cycle-exact model of a slot table with `2^P` paths.
#[derive(Debug, Clone, Default)]
pub struct SlotTableModelN<const P: usize> {
    mem: HashMap<u32, u128>,
    w: Option<(u32, u128)>,
    r: Option<(u32, u16)>,
    p1: Option<(u32, u16, u128)>,
    p2: Option<(u32, u16, u128)>,
    o: SlotOut,
}

/// The default table (16,384 paths).
pub type SlotTableModel = SlotTableModelN<14>;
/// The tiny table (64 paths).
pub type SlotTableTinyModel = SlotTableModelN<6>;

impl<const P: usize> SlotTableModelN<P> {
    fn addr(path: u32, slot: u8) -> u32 {
        (path & ((1 << P) - 1)) << TX_SLOT_BITS | slot as u32
    }

    /// The entry held now (what a read presented on the next clock would
    /// return, barring a write registered at the same edge).
    pub fn peek(&self, path: u32, slot: u8) -> u128 {
        self.mem.get(&Self::addr(path, slot)).copied().unwrap_or(0)
    }
}

impl<const P: usize> CycleModel for SlotTableModelN<P> {
    const MODULE: &'static str = if P == 14 {
        "slot_table"
    } else {
        "slot_table_tiny"
    };
    const INPUTS: &'static [&'static str] = &[
        "wr_valid", "wr_path", "wr_slot", "wr_entry", "rd_valid", "rd_path", "rd_slot", "rd_tag",
    ];
    const OUTPUTS: &'static [&'static str] =
        &["res_valid", "res_entry", "res_tag", "res_path", "res_slot"];
    type In = SlotIn;
    type Out = SlotOut;
    type Stim = SlotStim<P>;

    fn step(&mut self, i: &SlotIn) -> SlotOut {
        if let Some((a, t, e)) = self.p2 {
            self.o = SlotOut {
                valid: true,
                entry: e,
                tag: t,
                path: a >> TX_SLOT_BITS,
                slot: a as u8,
            };
        } else {
            self.o.valid = false;
        }
        self.p2 = self.p1;
        // the RAM: read first, then write
        self.p1 = self
            .r
            .map(|(a, t)| (a, t, self.mem.get(&a).copied().unwrap_or(0)));
        if let Some((a, e)) = self.w {
            self.mem.insert(a, e);
        }
        self.r = i.rd.map(|(p, s, t)| (Self::addr(p, s), t));
        self.w = i.wr.map(|(p, s, e)| (Self::addr(p, s), e & ENTRY_MASK));
        self.o
    }

    fn encode(i: &SlotIn, p: &mut [Vec<u32>]) {
        if let Some((path, slot, e)) = i.wr {
            put_u64(&mut p[0], 1);
            put_u64(&mut p[1], path as u64);
            put_u64(&mut p[2], slot as u64);
            p[3][0] = e as u32;
            p[3][1] = (e >> 32) as u32;
            p[3][2] = (e >> 64) as u32 & 0xff;
        }
        if let Some((path, slot, tag)) = i.rd {
            put_u64(&mut p[4], 1);
            put_u64(&mut p[5], path as u64);
            put_u64(&mut p[6], slot as u64);
            put_u64(&mut p[7], tag as u64);
        }
    }

    fn decode(p: &[Vec<u32>]) -> SlotOut {
        SlotOut {
            valid: get_u64(&p[0]) & 1 == 1,
            entry: p[1][0] as u128 | (p[1][1] as u128) << 32 | ((p[1][2] & 0xff) as u128) << 64,
            tag: get_u64(&p[2]) as u16,
            path: get_u64(&p[3]) as u32,
            slot: get_u64(&p[4]) as u8,
        }
    }
}

/// One sender path of the stimulus: PSNs sent in order into their slots.
#[derive(Debug, Clone, Copy)]
struct SPath {
    path: u32,
    psn: u32,
}

/// Seeded stimulus: a sender writing the slots of a working set of paths
/// in PSN order (wrapping the 256 slots many times; the lowest and highest
/// path indices included), with random entries (CSN, WQE index, offset and
/// flags over their full ranges); reads of recently sent PSNs (lost or
/// timed out), of the slot written on the same clock (read-first) and on
/// the clock before, of never-written slots, and idle clocks. The working
/// set changes every few thousand clocks.
#[derive(Debug)]
pub struct SlotStim<const P: usize> {
    rng: ChaCha8Rng,
    paths: Vec<SPath>,
    last_wr: Option<(u32, u8)>,
    tag: u16,
}

impl<const P: usize> SlotStim<P> {
    fn new_set(&mut self) {
        let n = 1usize << P;
        let k = self.rng.gen_range(2..=8);
        self.paths = (0..k)
            .map(|j| SPath {
                path: match j {
                    0 => 0,
                    1 => (n - 1) as u32,
                    _ => self.rng.gen_range(0..n as u32),
                },
                psn: self.rng.gen(),
            })
            .collect();
    }

    fn entry(&mut self) -> u128 {
        let r = &mut self.rng;
        SlotEntry {
            csn: r.gen(),
            wqe_idx: r.gen(),
            offset: r.gen_range(0..1 << 20),
            valid: true,
            first: r.gen(),
            last: r.gen(),
            retx: r.gen_bool(0.2),
        }
        .pack()
    }
}

impl<const P: usize> Stimulus for SlotStim<P> {
    type In = SlotIn;
    type Out = SlotOut;

    fn new(seed: u64) -> Self {
        let mut s = SlotStim {
            rng: ChaCha8Rng::seed_from_u64(seed),
            paths: Vec::new(),
            last_wr: None,
            tag: 0,
        };
        s.new_set();
        s
    }

    fn next(&mut self, cycle: u64) -> SlotIn {
        if cycle % 4000 == 3999 {
            self.new_set();
        }
        let busy = match (cycle / 1000) % 3 {
            0 => 0.95,
            1 => 0.5,
            _ => 0.1,
        };
        let mut i = SlotIn::default();
        let prev = self.last_wr;
        self.last_wr = None;
        if self.rng.gen_bool(busy) {
            let k = self.rng.gen_range(0..self.paths.len());
            let p = self.paths[k];
            self.paths[k].psn = p.psn.wrapping_add(1);
            let e = self.entry();
            let slot = braid_spec::seq::slot(p.psn) as u8;
            i.wr = Some((p.path, slot, e));
            self.last_wr = Some((p.path, slot));
        }
        if self.rng.gen_bool(busy) {
            self.tag = self.tag.wrapping_add(1);
            let x = self.rng.gen_range(0..100);
            let (path, slot) = match (x, i.wr, prev) {
                // the slot written on this clock (read-first)
                (0..=9, Some((p, s, _)), _) => (p, s),
                // the slot written on the clock before
                (10..=24, _, Some(ps)) => ps,
                // anywhere (mostly never written)
                (25..=34, _, _) => (self.rng.gen_range(0..1 << P), self.rng.gen()),
                // a recently sent PSN of a working path
                _ => {
                    let p = self.paths[self.rng.gen_range(0..self.paths.len())];
                    let back = self.rng.gen_range(1..=300u32);
                    (
                        p.path,
                        braid_spec::seq::slot(p.psn.wrapping_sub(back)) as u8,
                    )
                }
            };
            i.rd = Some((path, slot, self.tag));
        }
        i
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entry_packs_with_the_spec_table() {
        assert_eq!(TX_SLOT_ENTRY_BITS, 72);
        let e = SlotEntry {
            csn: 0xdead_beef,
            wqe_idx: 0xffff,
            offset: 0xf_ffff,
            valid: true,
            first: false,
            last: true,
            retx: true,
        };
        let v = e.pack();
        assert_eq!(v >> 72, 0);
        assert_eq!(v & 0xffff_ffff, 0xdead_beef);
        assert_eq!(SlotEntry::unpack(v), e);
    }

    /// Every read returns, 4 edges later, the last entry written to its
    /// slot on an earlier clock (read-first), with its tag, path and slot.
    #[test]
    fn reads_return_the_last_earlier_write() {
        for seed in [1u64, 2] {
            let mut m = SlotTableTinyModel::default();
            let mut stim = SlotStim::<6>::new(seed);
            let mut shadow: HashMap<(u32, u8), u128> = HashMap::new();
            let mut want: std::collections::VecDeque<(u64, SlotOut)> = Default::default();
            let (mut results, mut nonzero) = (0u64, 0u64);
            for c in 0..40_000u64 {
                let i = stim.next(c);
                if let Some((p, s, t)) = i.rd {
                    let entry = shadow.get(&(p, s)).copied().unwrap_or(0);
                    want.push_back((
                        c + SLOT_TABLE_LATENCY as u64 - 1,
                        SlotOut {
                            valid: true,
                            entry,
                            tag: t,
                            path: p,
                            slot: s,
                        },
                    ));
                }
                if let Some((p, s, e)) = i.wr {
                    shadow.insert((p, s), e);
                }
                let o = m.step(&i);
                match want.front() {
                    Some(&(due, w)) if due == c => {
                        assert_eq!(o, w, "seed {seed} clock {c}");
                        want.pop_front();
                        results += 1;
                        nonzero += (w.entry != 0) as u64;
                    }
                    _ => assert!(!o.valid, "seed {seed} clock {c}"),
                }
            }
            assert!(results > 15_000 && nonzero > 10_000, "{results} {nonzero}");
        }
    }
}
