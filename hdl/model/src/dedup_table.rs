//! Reference model of the receiver CSN dedup table
//! (`hdl/rtl/src/dedup_table.rs`, exported as `dedup_table` with 2^10
//! connections and `dedup_table_tiny` with 2^4).
//!
//! Written from the block's specification: per connection the bitmap of
//! "bit 8 of the CSN each slot waits for" and the base RAM (the exact
//! `dedup_base` after the connection's last written operation, which is
//! the anchor of later operations), one operation applied per clock in
//! order. What the pipeline makes visible is modelled by time, not by
//! stages: an operation sampled on edge `k` reads the base RAM on edge
//! `k + 1` (it sees the writes of operations sampled up to edge `k - 7`),
//! takes the restart CSN of the youngest `OP_INIT` of its connection
//! sampled in `[k - 6, k - 1]` instead, and its result and base write
//! happen on edge `k + 7`.

use super::{get_u64, put_u64, CycleModel, Stimulus, W256};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::{HashMap, VecDeque};

/// Operation codes (the `op` port).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[repr(u8)]
pub enum DedupOpKind {
    /// A data packet.
    #[default]
    Pkt = 0,
    /// Restart the connection's window at `csn`.
    Init = 1,
    /// Read the base.
    Read = 2,
    /// Reserved code 3: acts as `Read`.
    Other = 3,
}

/// One operation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct DedupOp {
    /// What to do.
    pub kind: DedupOpKind,
    /// Connection.
    pub conn: u32,
    /// Packet CSN or restart CSN.
    pub csn: u32,
}

/// Inputs of one clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct DedupIn {
    /// The operation, if any.
    pub op: Option<DedupOp>,
}

/// Result class of a packet (`res_class`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
pub enum DedupClass {
    /// Counted now.
    New = 0,
    /// Received before.
    Duplicate = 1,
    /// Beyond the window: dropped, nothing changed.
    OutOfWindow = 2,
}

/// Outputs after one clock (result fields zero when `valid` is false).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct DedupOut {
    /// A result.
    pub valid: bool,
    /// Its operation code.
    pub op: u8,
    /// Its connection.
    pub conn: u32,
    /// Its CSN.
    pub csn: u32,
    /// Packet class (`DedupClass`; 0 for other operations).
    pub class: u8,
    /// `dedup_base` after the operation.
    pub base: u32,
    /// Duplicates so far (wrapping).
    pub cnt_dup: u32,
    /// Out-of-window packets so far (wrapping).
    pub cnt_oow: u32,
}

/// Clocks from the edge that samples an operation to the edge after which
/// its result shows (`DEDUP_LATENCY` of the RTL).
pub const DEDUP_LATENCY: u64 = 7;
/// Pipeline stages between the base read and the base write (the youngest
/// restarts in them are taken from the pipeline, not the RAM).
const GUARD: u64 = 6;

/// Bit 8 of the CSN slot `i` waits for after a restart at `c`.
fn restart_bit(c: u32, i: u32) -> bool {
    (c.wrapping_add(i.wrapping_sub(c) & 255) >> 8) & 1 == 1
}

/// Whether CSN `x` is received, for any anchor `a <= base <= a + 256` with
/// `x` in `[a, a + 256)`.
fn received(map: &W256, x: u32) -> bool {
    map.get(x & 255) != ((x >> 8) & 1 == 1)
}

/// The first CSN at or after `a` not received (at most `a + 256`).
fn first_missing(map: &W256, a: u32) -> u32 {
    let mut j = 0u32;
    while j < 256 && received(map, a.wrapping_add(j)) {
        j += 1;
    }
    a.wrapping_add(j)
}

#[derive(Debug, Clone, Copy)]
struct Flight {
    edge: u64,
    init: bool,
    conn: u32,
    csn: u32,
    base: u32,
    out: DedupOut,
}

/// Cycle-exact model of `dedup_table` (`IDX` = 10) or `dedup_table_tiny`
/// (`IDX` = 4).
#[derive(Debug, Clone)]
pub struct DedupTableModelG<const IDX: usize> {
    maps: Vec<W256>,
    bases: Vec<u32>,
    edge: u64,
    pending: Option<DedupOp>,
    flight: VecDeque<Flight>,
    cnt_dup: u32,
    cnt_oow: u32,
}

/// The full-size table's model (1,024 connections).
pub type DedupTableModel = DedupTableModelG<10>;
/// The tiny table's model (16 connections).
pub type DedupTableTinyModel = DedupTableModelG<4>;

impl<const IDX: usize> Default for DedupTableModelG<IDX> {
    fn default() -> Self {
        DedupTableModelG {
            maps: vec![W256::ZERO; 1 << IDX],
            bases: vec![0; 1 << IDX],
            edge: 0,
            pending: None,
            flight: VecDeque::new(),
            cnt_dup: 0,
            cnt_oow: 0,
        }
    }
}

impl<const IDX: usize> DedupTableModelG<IDX> {
    const MASK: u32 = (1 << IDX) - 1;

    /// SPEC's `dedup_base` of `conn` after every operation applied so far
    /// (including those whose results are still in the pipeline).
    pub fn base(&self, conn: u32) -> u32 {
        let c = conn & Self::MASK;
        // the youngest operation of the connection in flight knows it
        match self.flight.iter().rev().find(|f| f.conn == c) {
            Some(f) => f.base,
            None => {
                let b = self.bases[c as usize];
                first_missing(&self.maps[c as usize], b)
            }
        }
    }

    /// Whether CSN `x` of `conn` has been received (and counted), by
    /// every operation applied so far; `x` must lie within 256 after the
    /// connection's `base`, or before it.
    pub fn is_received(&self, conn: u32, x: u32) -> bool {
        let b = self.base(conn);
        if (x.wrapping_sub(b) as i32) < 0 {
            return true;
        }
        x.wrapping_sub(b) < 256 && received(&self.maps[(conn & Self::MASK) as usize], x)
    }

    /// Apply the operation sampled on edge `edge - 1` (its base read is on
    /// `edge`, before that edge's base write).
    fn apply(&mut self, op: DedupOp) {
        let conn = op.conn & Self::MASK;
        let ci = conn as usize;
        // youngest restart of the connection still in the pipeline
        let anchor = match self.flight.iter().rev().find(|f| f.init && f.conn == conn) {
            _ if op.kind == DedupOpKind::Init => op.csn,
            Some(f) => f.csn,
            None => self.bases[ci],
        };
        let c = op.csn;
        let map = &mut self.maps[ci];
        let in_win = c.wrapping_sub(anchor) < 256;
        let rcv = received(map, c);
        let mut class = DedupClass::New;
        match op.kind {
            DedupOpKind::Init => {
                for i in 0..256 {
                    map.set(i, restart_bit(c, i));
                }
            }
            DedupOpKind::Pkt if in_win && !rcv => map.set(c & 255, !map.get(c & 255)),
            _ => {}
        }
        let base = first_missing(map, anchor);
        if op.kind == DedupOpKind::Pkt && (rcv || !in_win) {
            class = if (in_win && rcv) || (c.wrapping_sub(base) as i32) < 0 {
                DedupClass::Duplicate
            } else {
                DedupClass::OutOfWindow
            };
        }
        self.flight.push_back(Flight {
            edge: self.edge - 1,
            init: op.kind == DedupOpKind::Init,
            conn,
            csn: c,
            base,
            out: DedupOut {
                valid: true,
                op: op.kind as u8,
                conn,
                csn: c,
                class: if op.kind == DedupOpKind::Pkt {
                    class as u8
                } else {
                    0
                },
                base,
                cnt_dup: 0,
                cnt_oow: 0,
            },
        });
    }
}

impl<const IDX: usize> CycleModel for DedupTableModelG<IDX> {
    const MODULE: &'static str = if IDX == 10 {
        "dedup_table"
    } else {
        "dedup_table_tiny"
    };
    const INPUTS: &'static [&'static str] = &["op_valid", "op", "conn", "csn"];
    const OUTPUTS: &'static [&'static str] = &[
        "res_valid",
        "res_op",
        "res_conn",
        "res_csn",
        "res_class",
        "res_base",
        "cnt_dup",
        "cnt_oow",
    ];
    type In = DedupIn;
    type Out = DedupOut;
    type Stim = DedupStim<IDX>;

    fn step(&mut self, i: &DedupIn) -> DedupOut {
        self.edge += 1;
        // the operation sampled on the previous edge reads the base RAM now
        if let Some(op) = self.pending.take() {
            debug_assert!(self.flight.iter().all(|f| f.edge + GUARD >= self.edge - 1));
            self.apply(op);
        }
        // base write and result of the operation sampled 7 edges ago
        let mut out = DedupOut {
            cnt_dup: self.cnt_dup,
            cnt_oow: self.cnt_oow,
            ..Default::default()
        };
        if self
            .flight
            .front()
            .is_some_and(|f| f.edge + DEDUP_LATENCY == self.edge)
        {
            let f = self.flight.pop_front().expect("front");
            self.bases[f.conn as usize] = f.base;
            out = DedupOut {
                cnt_dup: self.cnt_dup,
                cnt_oow: self.cnt_oow,
                ..f.out
            };
            if f.out.op == DedupOpKind::Pkt as u8 {
                if f.out.class == DedupClass::Duplicate as u8 {
                    self.cnt_dup = self.cnt_dup.wrapping_add(1);
                } else if f.out.class == DedupClass::OutOfWindow as u8 {
                    self.cnt_oow = self.cnt_oow.wrapping_add(1);
                }
            }
        }
        self.pending = i.op;
        out
    }

    fn encode(i: &DedupIn, p: &mut [Vec<u32>]) {
        let op = i.op.unwrap_or_default();
        put_u64(&mut p[0], i.op.is_some() as u64);
        put_u64(&mut p[1], op.kind as u64);
        put_u64(&mut p[2], (op.conn & Self::MASK) as u64);
        put_u64(&mut p[3], op.csn as u64);
    }

    fn decode(p: &[Vec<u32>]) -> DedupOut {
        DedupOut {
            valid: get_u64(&p[0]) & 1 == 1,
            op: get_u64(&p[1]) as u8,
            conn: get_u64(&p[2]) as u32,
            csn: get_u64(&p[3]) as u32,
            class: get_u64(&p[4]) as u8,
            base: get_u64(&p[5]) as u32,
            cnt_dup: get_u64(&p[6]) as u32,
            cnt_oow: get_u64(&p[7]) as u32,
        }
    }
}

/// Per-connection sender of the stimulus: a conforming CSN stream (new
/// CSNs only below the last reported base + 256) with holes, reordering,
/// retransmissions (duplicates), stale CSNs before the base, and now and
/// then a packet beyond the window or anywhere.
#[derive(Debug, Clone, Copy)]
struct ConnSender {
    /// Last base reported for the connection (from the results).
    lo: u32,
    /// Next CSN never sent.
    hi: u32,
}

/// Seeded stimulus: connections from a small hot set (bursts of up to 8
/// on one connection, so operations on the same connection at every
/// distance up to the pipeline's happen constantly) plus random far ones;
/// per connection a sender-like CSN process; restarts (some just below
/// 2^32, so the window wraps), reads and the reserved op code; idle
/// cycles. Closed loop: a sender learns its connection's base from the
/// results, as a real sender does from ACKs.
#[derive(Debug, Clone)]
pub struct DedupStim<const IDX: usize> {
    rng: ChaCha8Rng,
    hot: Vec<u32>,
    senders: HashMap<u32, ConnSender>,
    burst: u32,
    cur: u32,
    /// Out-of-window probes sent (beyond the window of the reported base).
    pub probes: u64,
}

impl<const IDX: usize> DedupStim<IDX> {
    fn mask() -> u32 {
        (1u32 << IDX) - 1
    }

    fn pick_conn(&mut self) -> u32 {
        if self.burst > 0 {
            self.burst -= 1;
            return self.cur;
        }
        let r = self.rng.gen_range(0..20);
        self.cur = if r < 14 {
            self.hot[self.rng.gen_range(0..self.hot.len())]
        } else if r < 16 {
            self.cur ^ (1 << self.rng.gen_range(0..IDX as u32))
        } else {
            self.rng.gen::<u32>() & Self::mask()
        };
        if r < 14 && self.rng.gen_ratio(1, 2) {
            self.burst = self.rng.gen_range(1..8);
        }
        self.cur
    }
}

impl<const IDX: usize> Stimulus for DedupStim<IDX> {
    type In = DedupIn;
    type Out = DedupOut;
    const CLOSED_LOOP: bool = true;

    fn new(seed: u64) -> Self {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let hot = (0..4).map(|_| rng.gen::<u32>() & Self::mask()).collect();
        DedupStim {
            rng,
            hot,
            senders: HashMap::new(),
            burst: 0,
            cur: 0,
            probes: 0,
        }
    }

    fn next(&mut self, _cycle: u64) -> DedupIn {
        if self.rng.gen_ratio(1, 12) {
            return DedupIn { op: None };
        }
        let conn = self.pick_conn();
        let rng = &mut self.rng;
        // a connection starts at base 0 (power-up), as init(0)
        let s = self
            .senders
            .entry(conn)
            .or_insert(ConnSender { lo: 0, hi: 0 });
        let mut op = DedupOp {
            kind: DedupOpKind::Pkt,
            conn,
            csn: 0,
        };
        let r = rng.gen_range(0..1000);
        if r < 4 {
            op.kind = DedupOpKind::Init;
            op.csn = match rng.gen_range(0..4) {
                0 => 0xffff_ff00u32.wrapping_add(rng.gen_range(0..256)),
                1 => 0x7fff_ff80u32.wrapping_add(rng.gen_range(0..256)),
                _ => rng.gen(),
            };
            s.lo = op.csn;
            s.hi = op.csn;
        } else if r < 50 {
            op.kind = DedupOpKind::Read;
            op.csn = rng.gen();
        } else if r < 60 {
            op.kind = DedupOpKind::Other;
            op.csn = rng.gen();
        } else {
            let win = s.hi.wrapping_sub(s.lo);
            let k = rng.gen_range(0..100);
            op.csn = if k < 45 && win < 256 {
                // the next new CSN (sometimes leaving a hole)
                let gap = if rng.gen_ratio(1, 8) {
                    rng.gen_range(1..6)
                } else {
                    0
                };
                let c = s.hi.wrapping_add(gap);
                if c.wrapping_sub(s.lo) < 256 {
                    s.hi = c.wrapping_add(1);
                    c
                } else {
                    s.hi
                }
            } else if k < 80 && win > 0 {
                // a reordered or retransmitted CSN of the window
                s.lo.wrapping_add(rng.gen_range(0..win.min(256)))
            } else if k < 86 {
                // stale: before the base
                s.lo.wrapping_sub(rng.gen_range(1..600))
            } else if k < 92 {
                // at the window's end: beyond it unless the base moved
                self.probes += 1;
                s.lo.wrapping_add(rng.gen_range(250..270))
            } else if k < 95 {
                self.probes += 1;
                rng.gen()
            } else {
                // the lowest CSNs of the window (fills holes at the base)
                s.lo.wrapping_add(rng.gen_range(0..4))
            };
        }
        DedupIn { op: Some(op) }
    }

    fn observe(&mut self, out: &DedupOut) {
        if !out.valid {
            return;
        }
        if let Some(s) = self.senders.get_mut(&out.conn) {
            if out.op == DedupOpKind::Init as u8 {
                s.lo = out.base;
                if (s.hi.wrapping_sub(s.lo) as i32) < 0 || s.hi.wrapping_sub(s.lo) > 256 {
                    s.hi = s.lo;
                }
            } else {
                let d = out.base.wrapping_sub(s.lo);
                if d <= 256 {
                    s.lo = out.base;
                    if (s.hi.wrapping_sub(s.lo) as i32) < 0 {
                        s.hi = s.lo;
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs `ops` one at a time (each result awaited) on connection 3 and
    /// returns (class, base after) of each.
    fn run(ops: &[(DedupOpKind, u32)]) -> Vec<(u8, u32)> {
        let mut m = DedupTableModel::default();
        let mut out = Vec::new();
        for &(kind, csn) in ops {
            let mut o = m.step(&DedupIn {
                op: Some(DedupOp { kind, conn: 3, csn }),
            });
            for _ in 0..2 * DEDUP_LATENCY {
                if o.valid {
                    break;
                }
                o = m.step(&DedupIn::default());
            }
            assert!(o.valid, "no result for {kind:?} {csn:#x}");
            out.push((o.class, o.base));
        }
        out
    }

    const NEW: u8 = DedupClass::New as u8;
    const DUP: u8 = DedupClass::Duplicate as u8;
    const OOW: u8 = DedupClass::OutOfWindow as u8;

    /// The window's edges, across 2^32: the last CSN of the window is new,
    /// the next one is beyond it until the base moves; a CSN below the base
    /// and a repeat are duplicates.
    #[test]
    fn window_edges_across_the_wrap() {
        for b in [0u32, 1000, u32::MAX - 127] {
            let (i, p) = (DedupOpKind::Init, DedupOpKind::Pkt);
            let got = run(&[
                (i, b),
                (p, b.wrapping_add(255)), // last in the window
                (p, b.wrapping_add(256)), // first beyond it
                (p, b.wrapping_sub(1)),   // below the base
                (p, b.wrapping_add(255)), // a repeat
                (p, b),                   // the base: it moves past 255
                (p, b.wrapping_add(256)), // now inside
                (p, b.wrapping_add(257)), // one past the moved window
                (p, b.wrapping_add(1)),   // the hole at the base: it moves
                (p, b.wrapping_add(512)), // beyond again
            ]);
            let base1 = b.wrapping_add(1);
            assert_eq!(
                got,
                vec![
                    (0, b),
                    (NEW, b),
                    (OOW, b),
                    (DUP, b),
                    (DUP, b),
                    (NEW, base1),
                    (NEW, base1),
                    (OOW, base1),
                    (NEW, b.wrapping_add(2)),
                    (OOW, b.wrapping_add(2)),
                ],
                "window at {b:#x}"
            );
        }
    }
}
