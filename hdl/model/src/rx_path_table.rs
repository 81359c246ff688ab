//! Reference model of the receiver per-path table
//! (`hdl/rtl/src/rx_path_table.rs`, exported as `rx_path_table` with 2^14
//! records and `rx_path_table_tiny` with 2^6).
//!
//! Written from the block's specification: a `Vec` of records, one
//! operation applied per clock in order, and the result delayed by the
//! pipeline. The RTL's forwarding makes every operation see the record left
//! by all earlier ones, so the model needs no hazard logic: a mismatch in
//! the equivalence run at a hazard distance is a forwarding bug.
//!
//! Same as [`super::SackTrackerModel`]: the classes ([`PsnClass`],
//! [`classify`]), the window test `(psn - base) mod 2^32 < 256`, the
//! circular bitmap, the floor rule's jump and clear. Different: the floor
//! rule applies whenever the floor is in `(base, base + 256]` (the tracker
//! decides it a clock early and needs a margin of 3); the slide (over at
//! most two received PSNs at the head, the packet's own included) happens
//! only on a packet of the path and not on a floor jump, where the tracker
//! slides every clock; and the record carries the ACK bookkeeping (ECN
//! count, timestamp, coalescing counter, ACK-pending flag).

use super::sack_tracker::{classify, PsnClass, SackIn, SackStim};
use super::{get_u64, put_u64, CycleModel, Stimulus, W256};
use braid_spec::state::{RxPathState, RX_FLAG_ACK_PENDING, RX_FLAG_VALID};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::HashMap;

/// Operation codes (the `op` port).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[repr(u8)]
pub enum RxOpKind {
    /// A data packet.
    #[default]
    Pkt = 0,
    /// Restart the path at `psn`.
    Init = 1,
    /// The path's ACK was sent.
    AckSent = 2,
    /// Read the ACK view.
    Read = 3,
}

/// One operation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct RxOp {
    /// What to do.
    pub kind: RxOpKind,
    /// Path index.
    pub idx: u32,
    /// Packet PSN, or the restart PSN of `Init`.
    pub psn: u32,
    /// Packet `floor_delta`.
    pub floor_delta: u16,
    /// Packet carried ECN CE.
    pub ce: bool,
    /// Packet timestamp.
    pub ts: u32,
    /// Packet had ACK_REQ.
    pub ack_req: bool,
}

/// Inputs of one clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct RxIn {
    /// The operation, if any.
    pub op: Option<RxOp>,
    /// ACK coalescing threshold (sampled with the operation).
    pub cfg_ack_coalesce: u8,
}

/// Outputs after one clock (all zero when `valid` is false).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct RxOut {
    /// A result.
    pub valid: bool,
    /// Its operation.
    pub op: u8,
    /// Its index.
    pub idx: u32,
    /// Its `psn`.
    pub psn: u32,
    /// Packet class (`New` = 0 for other operations).
    pub class: u8,
    /// ACK view: cumulative base.
    pub base: u32,
    /// ACK view: bit j = PSN `base + j` received.
    pub sack: W256,
    /// ACK view: CE-marked packets since the last ACK.
    pub ecn_count: u16,
    /// ACK view: timestamp echo.
    pub ts_echo: u32,
    /// ACK view: packets since the last ACK.
    pub unacked: u8,
    /// ACK view: ACK pending.
    pub ack_pending: bool,
    /// ACK due (pending, or `unacked >= cfg_ack_coalesce`).
    pub ack_now: bool,
    /// The record's valid flag.
    pub path_valid: bool,
}

impl RxOut {
    /// The packet class of a `Pkt` result.
    pub fn class(&self) -> PsnClass {
        match self.class & 3 {
            0 => PsnClass::New,
            1 => PsnClass::Duplicate,
            2 => PsnClass::Beyond,
            _ => PsnClass::Behind,
        }
    }
}

/// One record (the fields of braid-spec's `rx_path` layout).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct RxRec {
    /// First PSN not yet received (up to the bounded slide).
    pub base: u32,
    /// Circular bitmap, bit `psn mod 256`.
    pub bm: W256,
    /// CE-marked packets since the last ACK (saturating).
    pub ecn: u16,
    /// Timestamp of the newest counted packet.
    pub ts: u32,
    /// Packets since the last ACK (saturating).
    pub unacked: u8,
    /// `flags.valid`.
    pub valid: bool,
    /// `flags.ack_pending`.
    pub pending: bool,
}

impl RxRec {
    /// As braid-spec's record (its `pack` gives the BRAM word).
    pub fn to_spec(&self) -> RxPathState {
        let mut s = RxPathState {
            base_psn: self.base,
            ecn_count: self.ecn,
            last_ts: self.ts,
            unacked: self.unacked,
            flags: (if self.valid { RX_FLAG_VALID } else { 0 })
                | (if self.pending { RX_FLAG_ACK_PENDING } else { 0 }),
            ..Default::default()
        };
        for i in 0..256 {
            s.received.set(i, self.bm.get(i as u32));
        }
        s
    }
}

/// Apply one operation to a record; returns the packet class (`New` for
/// other operations). This is the block's behaviour (see the RTL's doc).
pub fn apply(r: &mut RxRec, op: &RxOp) -> PsnClass {
    match op.kind {
        RxOpKind::Init => {
            *r = RxRec {
                base: op.psn,
                valid: true,
                ..Default::default()
            };
            PsnClass::New
        }
        RxOpKind::AckSent => {
            r.ecn = 0;
            r.unacked = 0;
            r.pending = false;
            PsnClass::New
        }
        RxOpKind::Read => PsnClass::New,
        RxOpKind::Pkt => {
            let psn = op.psn;
            let base = r.base;
            let f = psn.wrapping_sub(op.floor_delta as u32);
            // f in (base, base + 256]
            let near = op.floor_delta < 256 && f.wrapping_sub(base).wrapping_sub(1) < 256;
            let in_win = psn.wrapping_sub(base) < 256;
            let seen = in_win && r.bm.get(psn & 255);
            let counted = in_win || near;
            let class = classify(psn, base, counted, seen);
            let is_new = counted && !seen;
            let at_head = if near {
                op.floor_delta == 0
            } else {
                psn == base
            };
            if near {
                let mut x = base;
                while x != f {
                    r.bm.set(x & 255, false);
                    x = x.wrapping_add(1);
                }
                r.base = f;
            }
            if counted {
                r.bm.set(psn & 255, true);
            }
            if !near {
                // slide over up to two received PSNs at the head
                let h = r.base & 255;
                if r.bm.get(h) {
                    r.bm.set(h, false);
                    r.base = r.base.wrapping_add(1);
                    if r.bm.get(h + 1) {
                        r.bm.set(h + 1, false);
                        r.base = r.base.wrapping_add(1);
                    }
                }
            }
            if counted {
                r.unacked = r.unacked.saturating_add(1);
                if op.ce {
                    r.ecn = r.ecn.saturating_add(1);
                }
                r.ts = op.ts;
            }
            r.pending |= op.ack_req || (is_new && !at_head);
            class
        }
    }
}

/// Rising edges from the one that samples an operation to the one after
/// which its result shows, counting both (`step` returns it from the 5th
/// call: 4 edges after the sampling edge).
pub const RX_LATENCY: usize = 5;

/// Cycle-exact model of `rx_path_table` (`IDX` = 14) or
/// `rx_path_table_tiny` (`IDX` = 6).
#[derive(Debug, Clone)]
pub struct RxPathTableModelG<const IDX: usize> {
    recs: Vec<RxRec>,
    pipe: [RxOut; RX_LATENCY - 1],
}

/// The full-size table's model.
pub type RxPathTableModel = RxPathTableModelG<14>;
/// The tiny table's model.
pub type RxPathTableTinyModel = RxPathTableModelG<6>;

impl<const IDX: usize> Default for RxPathTableModelG<IDX> {
    fn default() -> Self {
        RxPathTableModelG {
            recs: vec![RxRec::default(); 1 << IDX],
            pipe: [RxOut::default(); RX_LATENCY - 1],
        }
    }
}

impl<const IDX: usize> RxPathTableModelG<IDX> {
    /// The record at `idx` as left by every operation applied so far.
    pub fn record(&self, idx: u32) -> &RxRec {
        &self.recs[idx as usize & ((1 << IDX) - 1)]
    }
}

impl<const IDX: usize> CycleModel for RxPathTableModelG<IDX> {
    const MODULE: &'static str = if IDX == 14 {
        "rx_path_table"
    } else {
        "rx_path_table_tiny"
    };
    const INPUTS: &'static [&'static str] = &[
        "op_valid",
        "op",
        "idx",
        "psn",
        "floor_delta",
        "ce",
        "ts",
        "ack_req",
        "cfg_ack_coalesce",
    ];
    const OUTPUTS: &'static [&'static str] = &[
        "res_valid",
        "res_op",
        "res_idx",
        "res_psn",
        "res_class",
        "res_base",
        "res_sack",
        "res_ecn_count",
        "res_ts_echo",
        "res_unacked",
        "res_ack_pending",
        "res_ack_now",
        "res_path_valid",
    ];
    type In = RxIn;
    type Out = RxOut;
    type Stim = RxStim<IDX>;

    fn step(&mut self, i: &RxIn) -> RxOut {
        let out = self.pipe[0];
        self.pipe.rotate_left(1);
        let mut res = RxOut::default();
        if let Some(op) = i.op {
            let idx = op.idx & ((1 << IDX) - 1);
            let r = &mut self.recs[idx as usize];
            let class = apply(r, &op);
            res = RxOut {
                valid: true,
                op: op.kind as u8,
                idx,
                psn: op.psn,
                class: if op.kind == RxOpKind::Pkt {
                    class as u8
                } else {
                    0
                },
                base: r.base,
                sack: r.bm.rotate_right(r.base & 255),
                ecn_count: r.ecn,
                ts_echo: r.ts,
                unacked: r.unacked,
                ack_pending: r.pending,
                ack_now: r.pending || r.unacked >= i.cfg_ack_coalesce,
                path_valid: r.valid,
            };
        }
        self.pipe[RX_LATENCY - 2] = res;
        out
    }

    fn encode(i: &RxIn, p: &mut [Vec<u32>]) {
        let op = i.op.unwrap_or_default();
        put_u64(&mut p[0], i.op.is_some() as u64);
        put_u64(&mut p[1], op.kind as u64);
        put_u64(&mut p[2], (op.idx & ((1 << IDX) - 1)) as u64);
        put_u64(&mut p[3], op.psn as u64);
        put_u64(&mut p[4], op.floor_delta as u64);
        put_u64(&mut p[5], op.ce as u64);
        put_u64(&mut p[6], op.ts as u64);
        put_u64(&mut p[7], op.ack_req as u64);
        put_u64(&mut p[8], i.cfg_ack_coalesce as u64);
    }

    fn decode(p: &[Vec<u32>]) -> RxOut {
        RxOut {
            valid: get_u64(&p[0]) & 1 == 1,
            op: get_u64(&p[1]) as u8,
            idx: get_u64(&p[2]) as u32,
            psn: get_u64(&p[3]) as u32,
            class: get_u64(&p[4]) as u8,
            base: get_u64(&p[5]) as u32,
            sack: W256::from_words(&p[6]),
            ecn_count: get_u64(&p[7]) as u16,
            ts_echo: get_u64(&p[8]) as u32,
            unacked: get_u64(&p[9]) as u8,
            ack_pending: get_u64(&p[10]) & 1 == 1,
            ack_now: get_u64(&p[11]) & 1 == 1,
            path_valid: get_u64(&p[12]) & 1 == 1,
        }
    }
}

/// Per-path sender of the stimulus: the SACK tracker's sender-like PSN
/// process (loss, retransmission, floors, duplicates, PSNs behind and
/// beyond the window, wrap-around) plus its ACK habit.
#[derive(Debug, Clone)]
struct PathSender {
    psn: SackStim,
    /// An `AckSent` follows one in `ack_every` operations of this path.
    ack_every: u32,
    /// Probability (1/x) of CE on a packet.
    ce_every: u32,
}

/// Seeded stimulus: paths from a small hot set (bursts of up to 4 on one
/// path, so operations on the same index at distance 1, 2, 3, ... happen
/// constantly) plus random far indices; per path a sender-like PSN
/// process; `AckSent` and `Read` operations; random idle cycles; the
/// coalescing threshold changes now and then.
#[derive(Debug, Clone)]
pub struct RxStim<const IDX: usize> {
    rng: ChaCha8Rng,
    hot: Vec<u32>,
    senders: HashMap<u32, PathSender>,
    burst: u32,
    cur: u32,
    cfg: u8,
    ts: u32,
}

impl<const IDX: usize> RxStim<IDX> {
    fn mask() -> u32 {
        (1u32 << IDX) - 1
    }

    fn pick_idx(&mut self) -> u32 {
        if self.burst > 0 {
            self.burst -= 1;
            return self.cur;
        }
        let r = self.rng.gen_range(0..20);
        self.cur = if r < 13 {
            self.hot[self.rng.gen_range(0..self.hot.len())]
        } else if r < 15 {
            // a neighbour of the last index (differs in the low bits)
            self.cur ^ (1 << self.rng.gen_range(0..IDX as u32))
        } else {
            self.rng.gen::<u32>() & Self::mask()
        };
        if r < 13 && self.rng.gen_ratio(1, 2) {
            self.burst = self.rng.gen_range(1..4);
        }
        self.cur
    }
}

impl<const IDX: usize> Stimulus for RxStim<IDX> {
    type In = RxIn;
    type Out = RxOut;

    fn new(seed: u64) -> Self {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let hot = (0..4).map(|_| rng.gen::<u32>() & Self::mask()).collect();
        RxStim {
            rng,
            hot,
            senders: HashMap::new(),
            burst: 0,
            cur: 0,
            cfg: 8,
            ts: 0,
        }
    }

    fn next(&mut self, _cycle: u64) -> RxIn {
        self.ts = self.ts.wrapping_add(1);
        if self.rng.gen_ratio(1, 500) {
            self.cfg = match self.rng.gen_range(0..5) {
                0 => 0,
                1 => 255,
                2 => self.rng.gen(),
                _ => self.rng.gen_range(1..5),
            };
        }
        let mut i = RxIn {
            op: None,
            cfg_ack_coalesce: self.cfg,
        };
        if self.rng.gen_ratio(1, 10) {
            return i; // idle
        }
        let idx = self.pick_idx();
        let rng = &mut self.rng;
        let hot0 = self.hot[0];
        let s = self.senders.entry(idx).or_insert_with(|| {
            let mut psn = SackStim::new(rng.gen());
            if rng.gen_ratio(1, 4) {
                // no restart first: packets on a record never initialised
                psn.next(0);
            }
            PathSender {
                psn,
                // the first hot path never sees an ACK (unacked saturates)
                ack_every: if idx == hot0 {
                    u32::MAX
                } else {
                    [2, 8, 32, 1000, u32::MAX][rng.gen_range(0..5)]
                },
                ce_every: [1, 4, 64][rng.gen_range(0..3)],
            }
        });
        let mut op = RxOp {
            idx,
            ts: self.ts ^ (rng.gen::<u32>() & 0xff00_0000),
            ..Default::default()
        };
        if s.ack_every != u32::MAX && rng.gen_ratio(1, s.ack_every) {
            op.kind = RxOpKind::AckSent;
        } else if rng.gen_ratio(1, 25) {
            op.kind = RxOpKind::Read;
        } else {
            match s.psn.next(0) {
                SackIn { init: Some(p), .. } => {
                    op.kind = RxOpKind::Init;
                    op.psn = p;
                }
                SackIn {
                    pkt: Some((p, _)), ..
                } if rng.gen_ratio(1, 400) => {
                    // restart at the sender's next PSN
                    op.kind = RxOpKind::Init;
                    op.psn = p;
                }
                SackIn {
                    pkt: Some((p, fd)), ..
                } => {
                    op.psn = p;
                    op.floor_delta = fd;
                    op.ce = rng.gen_ratio(1, s.ce_every);
                    op.ack_req = rng.gen_ratio(1, 32);
                }
                _ => op.kind = RxOpKind::Read,
            }
        }
        // garbage in the packet fields of other operations
        if op.kind != RxOpKind::Pkt {
            op.floor_delta = rng.gen();
            op.ce = rng.gen();
            op.ack_req = rng.gen();
            if op.kind != RxOpKind::Init {
                op.psn = rng.gen();
            }
        }
        i.op = Some(op);
        i
    }
}
