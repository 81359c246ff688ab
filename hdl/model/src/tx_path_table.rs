//! Reference model of the sender loss-detection table
//! (`hdl/rtl/src/tx_path_table.rs`, exported as `tx_path_table` with 2^14
//! paths and `tx_path_table_tiny` with 2^6).
//!
//! Written from the block's specification: a `Vec` of records, each
//! operation applied in order when it reaches the state loop, the per-slot
//! ACK rule of [`super::LossDetectorModel`] (epoch per slot; the range test
//! uses the record's own `nxt`), the floor recomputed from `nxt` and
//! `outstanding` for every result, and the exact timing of the scanner, the
//! work queue, the `queued` bits and the lost queue (the RTL forwards
//! in-flight records, so in-order application is what it must match).

use super::{get_u64, put_u64, CycleModel, Stimulus, W256};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::{BTreeMap, BTreeSet, HashSet, VecDeque};

/// Operation codes (the `op` port).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
#[repr(u8)]
pub enum TxOpKind {
    /// No change; report the state.
    #[default]
    Read = 0,
    /// Restart at `psn`.
    Init = 1,
    /// Allocate a PSN.
    Send = 2,
    /// An ACK (`psn` = base, `sack`).
    Ack = 3,
    /// Retransmission timeout.
    Timeout = 4,
    /// An ACK without its cumulative part (`psn` = base, `sack`): only
    /// the PSNs whose bits are set are acknowledged (and losses they prove
    /// declared); a NACK's refused PSN is resolved with its bit alone.
    Resolve = 5,
}

/// One operation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct TxOp {
    /// What to do.
    pub kind: TxOpKind,
    /// Path index.
    pub idx: u32,
    /// Restart PSN (init) or ACK base.
    pub psn: u32,
    /// ACK bitvector (bit j = PSN `psn + j`).
    pub sack: W256,
}

/// Inputs of one clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct TxIn {
    /// The operation presented (`op_valid`), taken when `op_ready`.
    pub op: Option<TxOp>,
    /// The lost stream's consumer is ready.
    pub lost_ready: bool,
}

/// One operation's result (all zero when there is none).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct TxRes {
    /// A result.
    pub valid: bool,
    /// Its operation code.
    pub op: u8,
    /// Its path.
    pub idx: u32,
    /// Send accepted.
    pub accepted: bool,
    /// `nxt` before the operation (the PSN of an accepted send).
    pub psn: u32,
    /// `psn - una` (low 16 bits).
    pub floor_delta: u16,
    /// Floor after the operation.
    pub una: u32,
    /// `nxt` after the operation.
    pub nxt: u32,
    /// Nothing outstanding after the operation.
    pub idle: bool,
    /// ACK rejected.
    pub rejected: bool,
}

/// Outputs after one clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct TxOut {
    /// An operation presented next clock is taken.
    pub op_ready: bool,
    /// The result showing.
    pub res: TxRes,
    /// ACK: newly acknowledged.
    pub acked: u16,
    /// ACK or timeout: newly declared lost.
    pub lost: u16,
    /// A lost PSN is offered.
    pub lost_valid: bool,
    /// Its path (port value, valid or not).
    pub lost_idx: u32,
    /// The PSN (port value, valid or not).
    pub lost_psn: u32,
    /// Counters: accepted ACKs, rejected ACKs, PSNs declared lost,
    /// timeouts, retransmissions emitted.
    pub cnt: [u32; 5],
}

/// One path's record (braid-spec `tx_path` fields `nxt` .. `retx_pending`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct TxRec {
    /// Next PSN.
    pub nxt: u32,
    /// Circular: outstanding.
    pub out: W256,
    /// Circular: PSN bit 8 of the slot's PSN.
    pub elo: W256,
    /// Circular: PSN bit 9.
    pub ehi: W256,
    /// Circular: declared lost, not yet emitted.
    pub pend: W256,
}

impl TxRec {
    /// The path floor: the lowest outstanding PSN, or `nxt`.
    pub fn una(&self) -> u32 {
        let lo = self.nxt & 255;
        if let Some(s) = (lo..256).find(|&s| self.out.get(s)) {
            ((self.nxt >> 8).wrapping_sub(1) << 8) | s
        } else if let Some(s) = (0..lo).find(|&s| self.out.get(s)) {
            (self.nxt & !255) | s
        } else {
            self.nxt
        }
    }
}

/// What applying an operation did.
#[derive(Debug, Clone, Copy, Default)]
pub struct Applied {
    /// Send accepted.
    pub accepted: bool,
    /// ACK rejected.
    pub rejected: bool,
    /// Newly acknowledged.
    pub acked: u32,
    /// Newly declared lost.
    pub lost: u32,
}

/// Apply one operation to a record (the block's behaviour, see the RTL doc).
pub fn apply(r: &mut TxRec, op: &TxOp) -> Applied {
    let mut a = Applied::default();
    match op.kind {
        TxOpKind::Read => {}
        TxOpKind::Init => {
            *r = TxRec {
                nxt: op.psn,
                ..Default::default()
            };
        }
        TxOpKind::Send => {
            let s = r.nxt & 255;
            if !r.out.get(s) && !r.pend.get(s) {
                r.out.set(s, true);
                r.elo.set(s, (r.nxt >> 8) & 1 == 1);
                r.ehi.set(s, (r.nxt >> 9) & 1 == 1);
                r.nxt = r.nxt.wrapping_add(1);
                a.accepted = true;
            }
        }
        TxOpKind::Ack | TxOpKind::Resolve => {
            let cumulative = op.kind == TxOpKind::Ack;
            let base = op.psn;
            if r.nxt.wrapping_sub(base) >= 512 {
                a.rejected = true;
                return a;
            }
            let lo = base & 255;
            let top = (0..256u32).rev().find(|&j| op.sack.get(j));
            for slot in 0..256u32 {
                if !r.out.get(slot) {
                    continue;
                }
                let j = slot.wrapping_sub(lo) & 255;
                let q = base.wrapping_add(j);
                let eq = (q >> 8) & 3;
                let ep = r.elo.get(slot) as u32 | (r.ehi.get(slot) as u32) << 1;
                if ep == eq {
                    if op.sack.get(j) {
                        r.out.set(slot, false);
                        a.acked += 1;
                    } else if top.is_some_and(|t| t > j) {
                        r.out.set(slot, false);
                        r.pend.set(slot, true);
                        a.lost += 1;
                    }
                } else if ep == (eq + 3) & 3 && cumulative {
                    r.out.set(slot, false);
                    a.acked += 1;
                }
            }
        }
        TxOpKind::Timeout => {
            a.lost = r.out.count_ones();
            r.pend = r.pend | r.out;
            r.out = W256::ZERO;
        }
    }
    a
}

/// Take the lowest pending slot of a record: its PSN.
pub fn scan(r: &mut TxRec) -> Option<u32> {
    let s = (0..256u32).find(|&s| r.pend.get(s))?;
    r.pend.set(s, false);
    let lo = r.nxt & 255;
    Some(if s >= lo {
        ((r.nxt >> 8).wrapping_sub(1) << 8) | s
    } else {
        (r.nxt & !255) | s
    })
}

/// Lost-queue entries (the scanner's credit limit).
pub const LOST_QUEUE: u32 = 8;

#[derive(Debug, Clone, Copy)]
enum Slot {
    Op(TxOp),
    Scan(u32),
}

#[derive(Debug, Clone, Copy, Default)]
struct Post {
    idx: u32,
    scan: bool,
    acktmo: bool,
    lost_any: bool,
    rem_any: bool,
    emit: Option<u32>,
    res: TxRes,
    acked: u16,
    lost: u16,
}

/// Cycle-exact model of `tx_path_table` (`IDX` = 14) or
/// `tx_path_table_tiny` (`IDX` = 6).
#[derive(Debug, Clone)]
pub struct TxPathTableModelG<const IDX: usize> {
    recs: Vec<TxRec>,
    queued: Vec<bool>,
    wq: Vec<u32>,
    oq: [(u32, u32); 8],
    fh: u32,
    ft: u32,
    ft_d: u32,
    oh: u32,
    ot: u32,
    ot_d: u32,
    cr: u32,
    stall: bool,
    streak: u8,
    i: Option<TxOp>,
    a: Option<Slot>,
    b: Option<Slot>,
    w: Option<Post>,
    p: Option<Post>,
    q: Option<Post>,
    r: Option<Post>,
    s: Option<Post>,
    cnt: [u32; 5],
}

/// The full-size table's model.
pub type TxPathTableModel = TxPathTableModelG<14>;
/// The tiny table's model.
pub type TxPathTableTinyModel = TxPathTableModelG<6>;

impl<const IDX: usize> Default for TxPathTableModelG<IDX> {
    fn default() -> Self {
        TxPathTableModelG {
            recs: vec![TxRec::default(); 1 << IDX],
            queued: vec![false; 1 << IDX],
            wq: vec![0; 1 << IDX],
            oq: [(0, 0); 8],
            fh: 0,
            ft: 0,
            ft_d: 0,
            oh: 0,
            ot: 0,
            ot_d: 0,
            cr: 0,
            stall: false,
            streak: 0,
            i: None,
            a: None,
            b: None,
            w: None,
            p: None,
            q: None,
            r: None,
            s: None,
            cnt: [0; 5],
        }
    }
}

impl<const IDX: usize> TxPathTableModelG<IDX> {
    const MASK: u32 = (1 << IDX) - 1;
    const PMASK: u32 = (2 << IDX) - 1;

    /// The record of `idx` as left by every operation through the loop.
    pub fn record(&self, idx: u32) -> &TxRec {
        &self.recs[(idx & Self::MASK) as usize]
    }

    /// Entries in the work queue.
    pub fn work_queued(&self) -> u32 {
        self.ft.wrapping_sub(self.fh) & Self::PMASK
    }

    /// Nothing in flight: no operation or scan in the pipeline, the work
    /// queue and the lost queue empty.
    pub fn quiet(&self) -> bool {
        self.i.is_none()
            && self.a.is_none()
            && self.b.is_none()
            && self.w.is_none()
            && self.p.is_none()
            && self.q.is_none()
            && self.r.is_none()
            && self.work_queued() == 0
            && self.cr == 0
    }

    fn outputs(&self, lost_data: (u32, u32)) -> TxOut {
        let s = self.s.unwrap_or_default();
        TxOut {
            op_ready: !self.stall,
            res: s.res,
            acked: s.acked,
            lost: s.lost,
            lost_valid: self.oh != self.ot_d,
            lost_idx: lost_data.0,
            lost_psn: lost_data.1,
            cnt: self.cnt,
        }
    }

    fn run_loop(&mut self, slot: Slot) -> Post {
        match slot {
            Slot::Scan(idx) => {
                let r = &mut self.recs[idx as usize];
                let emit = scan(r);
                Post {
                    idx,
                    scan: true,
                    rem_any: r.pend != W256::ZERO,
                    emit,
                    ..Default::default()
                }
            }
            Slot::Op(op) => {
                let idx = op.idx & Self::MASK;
                let r = &mut self.recs[idx as usize];
                let before = r.nxt;
                let a = apply(r, &op);
                let una = r.una();
                Post {
                    idx,
                    scan: false,
                    acktmo: matches!(
                        op.kind,
                        TxOpKind::Ack | TxOpKind::Timeout | TxOpKind::Resolve
                    ),
                    lost_any: a.lost > 0,
                    rem_any: false,
                    emit: None,
                    res: TxRes {
                        valid: true,
                        op: op.kind as u8,
                        idx,
                        accepted: a.accepted,
                        psn: before,
                        floor_delta: before.wrapping_sub(una) as u16,
                        una,
                        nxt: r.nxt,
                        idle: r.out == W256::ZERO,
                        rejected: a.rejected,
                    },
                    acked: a.acked as u16,
                    lost: a.lost as u16,
                }
            }
        }
    }
}

impl<const IDX: usize> CycleModel for TxPathTableModelG<IDX> {
    const MODULE: &'static str = if IDX == 14 {
        "tx_path_table"
    } else {
        "tx_path_table_tiny"
    };
    const INPUTS: &'static [&'static str] = &["op_valid", "op", "idx", "psn", "sack", "lost_ready"];
    const OUTPUTS: &'static [&'static str] = &[
        "op_ready",
        "res_valid",
        "res_op",
        "res_idx",
        "res_accepted",
        "res_psn",
        "res_slot",
        "res_floor_delta",
        "res_una",
        "res_nxt",
        "res_idle",
        "res_acked",
        "res_lost",
        "res_rejected",
        "lost_valid",
        "lost_idx",
        "lost_psn",
        "lost_slot",
        "cnt_acks",
        "cnt_rejected",
        "cnt_lost",
        "cnt_timeouts",
        "cnt_retx",
    ];
    type In = TxIn;
    type Out = TxOut;
    type Stim = TxStim<IDX>;

    fn step(&mut self, inp: &TxIn) -> TxOut {
        // ---- lost queue handshake and counters (from the current outputs)
        let oq_pop = self.oh != self.ot_d && inp.lost_ready;
        if let Some(s) = self.s {
            let r = s.res;
            let ack = r.op == TxOpKind::Ack as u8;
            self.cnt[0] = self.cnt[0].wrapping_add((r.valid && ack && !r.rejected) as u32);
            self.cnt[1] = self.cnt[1].wrapping_add(r.rejected as u32);
            self.cnt[2] = self.cnt[2].wrapping_add(s.lost as u32);
            self.cnt[3] =
                self.cnt[3].wrapping_add((r.valid && r.op == TxOpKind::Timeout as u8) as u32);
        }
        self.cnt[4] = self.cnt[4].wrapping_add(oq_pop as u32);

        // ---- stage A decision (current registers)
        let pop = self.i.is_none() && self.fh != self.ft_d && self.cr < LOST_QUEUE;
        let a_next = if pop {
            Some(Slot::Scan(self.wq[(self.fh & Self::MASK) as usize]))
        } else {
            self.i.map(Slot::Op)
        };

        // ---- P2: `queued`, work-queue push, lost-queue push
        let mut release = false;
        let mut oq_write = None;
        let ft = self.ft;
        let ot = self.ot;
        if let Some(p) = self.p {
            let q = self.queued[p.idx as usize];
            let push = (p.acktmo && p.lost_any && !q) || (p.scan && p.rem_any);
            self.queued[p.idx as usize] = if p.scan {
                p.rem_any
            } else {
                q || (p.acktmo && p.lost_any)
            };
            if push {
                self.wq[(self.ft & Self::MASK) as usize] = p.idx;
                self.ft = (self.ft + 1) & Self::PMASK;
            }
            if p.scan {
                match p.emit {
                    Some(psn) => {
                        oq_write = Some((self.ot & 7, (p.idx, psn)));
                        self.ot = (self.ot + 1) & 15;
                    }
                    None => release = true,
                }
            }
        }
        self.ft_d = ft;
        self.ot_d = ot;

        // ---- the pipeline shifts; the loop applies stage B's operation
        self.s = self.r.map(|mut x| {
            x.res = if x.scan { TxRes::default() } else { x.res };
            x
        });
        self.r = self.q;
        self.q = self.p;
        self.p = self.w;
        self.w = self.b.map(|slot| self.run_loop(slot));
        self.b = self.a;
        self.a = a_next;

        // ---- flow control
        if pop {
            self.fh = (self.fh + 1) & Self::PMASK;
        }
        let accepted = inp.op.is_some() && !self.stall;
        let streak = if accepted {
            (self.streak + 1).min(3)
        } else {
            0
        };
        self.stall = streak == 3 && ft != self.fh_before(pop) && self.cr < LOST_QUEUE;
        self.streak = streak;
        self.cr = self.cr + pop as u32 - oq_pop as u32 - release as u32;
        self.i = if accepted {
            inp.op.map(|mut o| {
                o.idx &= Self::MASK;
                o
            })
        } else {
            None
        };
        if oq_pop {
            self.oh = (self.oh + 1) & 15;
        }
        // the lost queue's registered read (read-first on this edge's write)
        let lost_data = self.oq[(self.oh & 7) as usize];
        if let Some((a, v)) = oq_write {
            self.oq[a as usize] = v;
        }
        self.outputs(lost_data)
    }

    fn encode(i: &TxIn, p: &mut [Vec<u32>]) {
        let op = i.op.unwrap_or_default();
        put_u64(&mut p[0], i.op.is_some() as u64);
        put_u64(&mut p[1], op.kind as u64);
        put_u64(&mut p[2], (op.idx & ((1 << IDX) - 1)) as u64);
        put_u64(&mut p[3], op.psn as u64);
        op.sack.to_words(&mut p[4]);
        put_u64(&mut p[5], i.lost_ready as u64);
    }

    fn decode(p: &[Vec<u32>]) -> TxOut {
        let g = |k: usize| get_u64(&p[k]);
        let psn = g(5) as u32;
        let lost_psn = g(16) as u32;
        assert_eq!(g(6) as u32, psn & 255, "res_slot is res_psn mod 256");
        assert_eq!(
            g(17) as u32,
            lost_psn & 255,
            "lost_slot is lost_psn mod 256"
        );
        TxOut {
            op_ready: g(0) & 1 == 1,
            res: TxRes {
                valid: g(1) & 1 == 1,
                op: g(2) as u8,
                idx: g(3) as u32,
                accepted: g(4) & 1 == 1,
                psn,
                floor_delta: g(7) as u16,
                una: g(8) as u32,
                nxt: g(9) as u32,
                idle: g(10) & 1 == 1,
                rejected: g(13) & 1 == 1,
            },
            acked: g(11) as u16,
            lost: g(12) as u16,
            lost_valid: g(14) & 1 == 1,
            lost_idx: g(15) as u32,
            lost_psn,
            cnt: [
                g(18) as u32,
                g(19) as u32,
                g(20) as u32,
                g(21) as u32,
                g(22) as u32,
            ],
        }
    }
}

impl<const IDX: usize> TxPathTableModelG<IDX> {
    /// `fh` as it was at the start of the clock (the stall decision uses
    /// the registers, not their next values).
    fn fh_before(&self, pop: bool) -> u32 {
        if pop {
            self.fh.wrapping_sub(1) & Self::PMASK
        } else {
            self.fh
        }
    }
}

/// `x` shifted down by `k` (bit j = old bit j + k).
fn shr(x: &W256, k: u32) -> W256 {
    if k >= 256 {
        return W256::ZERO;
    }
    let mut r = x.rotate_right(k);
    for j in 256 - k..256 {
        r.set(j, false);
    }
    r
}

/// Receiver of one path (SPEC 6 and the floor rule of `rx_path_table`).
#[derive(Debug, Clone, Default)]
pub struct PathRx {
    /// Cumulative base.
    pub base: u32,
    /// Bit j = PSN `base + j` received.
    pub bm: W256,
}

impl PathRx {
    /// A data packet arrives with its `floor_delta`.
    pub fn deliver(&mut self, psn: u32, fd: u16) {
        let f = psn.wrapping_sub(fd as u32);
        let d = f.wrapping_sub(self.base);
        if fd < 256 && (1..=256).contains(&d) {
            self.bm = shr(&self.bm, d);
            self.base = f;
        }
        let j = psn.wrapping_sub(self.base);
        if j < 256 {
            self.bm.set(j, true);
        }
        let mut k = 0;
        while k < 256 && self.bm.get(k) {
            k += 1;
        }
        if k > 0 {
            self.bm = shr(&self.bm, k);
            self.base = self.base.wrapping_add(k);
        }
    }
}

#[derive(Debug, Clone, Default)]
struct PathSim {
    rx: PathRx,
    /// (arrival cycle, psn, floor_delta), in order.
    wire: VecDeque<(u64, u32, u16)>,
    /// Waiting for the result of an init: send results are stale.
    resync: bool,
    /// Sends issued whose results have not shown.
    sends_in_flight: u32,
    /// ACKs generated and not yet issued.
    acks_queued: u32,
    last_delivery: u64,
    last_ack_gen_issued: u64,
    /// Last `nxt` seen in a result.
    nxt: u32,
    ack_every: u64,
    timed_out_in_drain: bool,
    /// Delivered since the last ACK was generated.
    dirty: bool,
}

/// Seeded closed-loop stimulus: senders on a few hot paths (bursts on one
/// path, so every hazard distance happens) and on random far paths, a lossy
/// in-order wire per path toward an emulated receiver that honours the
/// floor, ACKs generated from the receiver's state and delivered after a
/// delay (sometimes lost, duplicated or reordered), plus bogus ACKs (base
/// after `nxt`, 512+ before it, random), timeouts, restarts near the PSN
/// wrap, reads, idle clocks and phases of backpressure on the lost stream.
/// Ops refused by `op_ready` are held and presented again.
///
/// `truthful` mode (for the protocol tests) has no bogus ACKs and no
/// restarts after the first clocks, issues a timeout only when it cannot
/// touch a delivered PSN (nothing in flight on the path, every delivery
/// covered by an ACK already issued), records the ground truth (dropped and
/// delivered PSNs, emitted losses) and, after `drain_at`, stops sending and
/// times out every path once it is quiet.
#[derive(Debug, Clone)]
pub struct TxStim<const IDX: usize> {
    rng: ChaCha8Rng,
    last: TxOut,
    held: Option<TxOp>,
    hot: Vec<u32>,
    paths: BTreeMap<u32, PathSim>,
    /// Paths with packets on the wire or an ACK to generate.
    active: BTreeSet<u32>,
    /// (due cycle, generated cycle, path, base, sack).
    acks: VecDeque<(u64, u64, u32, u32, W256)>,
    burst: u32,
    cur: u32,
    phase_left: u64,
    loss: f64,
    send_p: f64,
    ready_p: f64,
    ack_delay: (u64, u64),
    ack_drop: f64,
    idle_p: f64,
    ready_now: bool,
    init_queue: VecDeque<u32>,
    /// Truthful mode (see the type's doc).
    pub truthful: bool,
    /// Truthful mode: stop sending at this cycle.
    pub drain_at: u64,
    /// Ground truth: PSNs dropped on the wire, per path.
    pub dropped: HashSet<(u32, u32)>,
    /// Ground truth: PSNs delivered, per path.
    pub delivered: HashSet<(u32, u32)>,
    /// Emitted losses (lost stream handshakes), in order.
    pub emitted: Vec<(u32, u32)>,
    /// Sum of `res_lost` over results.
    pub declared: u64,
    /// Accepted sends.
    pub sent: u64,
}

impl<const IDX: usize> TxStim<IDX> {
    const MASK: u32 = (1 << IDX) - 1;

    /// The protocol-test generator (see the type's doc).
    pub fn truthful(seed: u64, drain_at: u64) -> Self {
        let mut s = <Self as Stimulus>::new(seed);
        s.truthful = true;
        s.drain_at = drain_at;
        s
    }

    fn draining(&self, cycle: u64) -> bool {
        self.truthful && cycle >= self.drain_at
    }

    fn new_phase(&mut self) {
        let r = &mut self.rng;
        self.phase_left = r.gen_range(300..3000);
        self.loss = if self.truthful {
            [0.0, 0.01, 0.05, 0.15][r.gen_range(0..4)]
        } else {
            [0.0, 0.01, 0.05, 0.2, 0.6][r.gen_range(0..5)]
        };
        self.send_p = [0.9, 0.6, 0.3][r.gen_range(0..3)];
        self.ready_p = [1.0, 1.0, 0.5, 0.1, 0.0][r.gen_range(0..5)];
        self.ack_delay = [(10, 30), (20, 60), (100, 300)][r.gen_range(0..3)];
        // (ACK blackouts, which fill the window, only without ground truth)
        let n = if self.truthful { 4 } else { 6 };
        self.ack_drop = [0.0, 0.0, 0.1, 0.5, 1.0, 1.0][r.gen_range(0..n)];
        self.idle_p = [0.0, 0.0, 0.1, 0.5][r.gen_range(0..4)];
    }

    fn pick_path(&mut self) -> u32 {
        if self.burst > 0 {
            self.burst -= 1;
            return self.cur;
        }
        let r = self.rng.gen_range(0..20);
        self.cur = if r < 16 || self.truthful {
            self.hot[self.rng.gen_range(0..self.hot.len())]
        } else {
            self.rng.gen::<u32>() & Self::MASK
        };
        if self.rng.gen_ratio(1, 2) {
            self.burst = self.rng.gen_range(1..4);
        }
        self.cur
    }

    fn path(&mut self, idx: u32) -> &mut PathSim {
        let every = [1u64, 4, 16][self.rng.gen_range(0..3)];
        self.paths.entry(idx).or_insert_with(|| PathSim {
            ack_every: every,
            ..Default::default()
        })
    }

    fn start_init(&mut self, idx: u32, psn: u32) -> TxOp {
        let p = self.path(idx);
        p.rx = PathRx {
            base: psn,
            bm: W256::ZERO,
        };
        p.wire.clear();
        p.resync = true;
        p.acks_queued = 0;
        self.acks.retain(|a| a.2 != idx);
        TxOp {
            kind: TxOpKind::Init,
            idx,
            psn,
            sack: W256::ZERO,
        }
    }

    fn observe_result(&mut self, cycle: u64) {
        let r = self.last.res;
        self.declared += self.last.lost as u64;
        if !r.valid {
            return;
        }
        let loss = self.loss;
        let drop = self.rng.gen_bool(loss);
        let delay = self.rng.gen_range(5..40);
        let p = self.path(r.idx);
        p.nxt = r.nxt;
        match r.op {
            x if x == TxOpKind::Init as u8 => p.resync = false,
            x if x == TxOpKind::Send as u8 => {
                p.sends_in_flight -= 1;
                if r.accepted && !p.resync {
                    if drop {
                        self.dropped.insert((r.idx, r.psn));
                    } else {
                        // in order per path
                        let t = p.wire.back().map_or(0, |w| w.0).max(cycle + delay);
                        p.wire.push_back((t, r.psn, r.floor_delta));
                        self.active.insert(r.idx);
                    }
                    self.sent += 1;
                }
            }
            _ => {}
        }
    }
}

impl<const IDX: usize> Stimulus for TxStim<IDX> {
    type In = TxIn;
    type Out = TxOut;
    const CLOSED_LOOP: bool = true;

    fn new(seed: u64) -> Self {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let hot: Vec<u32> = (0..4).map(|_| rng.gen::<u32>() & Self::MASK).collect();
        let mut init_queue = VecDeque::new();
        for &h in &hot {
            if !init_queue.contains(&h) {
                init_queue.push_back(h);
            }
        }
        TxStim {
            rng,
            last: TxOut {
                op_ready: true,
                ..Default::default()
            },
            held: None,
            hot,
            paths: BTreeMap::new(),
            active: BTreeSet::new(),
            acks: VecDeque::new(),
            burst: 0,
            cur: 0,
            phase_left: 0,
            loss: 0.05,
            send_p: 0.8,
            ready_p: 1.0,
            ack_delay: (10, 30),
            ack_drop: 0.0,
            idle_p: 0.0,
            ready_now: true,
            init_queue,
            truthful: false,
            drain_at: u64::MAX,
            dropped: HashSet::new(),
            delivered: HashSet::new(),
            emitted: Vec::new(),
            declared: 0,
            sent: 0,
        }
    }

    fn observe(&mut self, out: &TxOut) {
        self.last = *out;
    }

    fn next(&mut self, cycle: u64) -> TxIn {
        // what the last clock did: its handshake, the result it showed
        if cycle > 0 {
            self.observe_result(cycle);
        }
        if self.phase_left == 0 {
            self.new_phase();
        }
        self.phase_left -= 1;
        let ready = self.rng.gen_bool(self.ready_p) || self.draining(cycle);
        if self.last.lost_valid && ready {
            self.emitted.push((self.last.lost_idx, self.last.lost_psn));
        }
        self.ready_now = ready;

        // the wire and the receivers; ACK generation
        let idxs: Vec<u32> = self.active.iter().copied().collect();
        for idx in idxs {
            let (ack_delay, ack_drop) = (self.ack_delay, self.ack_drop);
            let due = self.rng.gen_range(ack_delay.0..ack_delay.1);
            let drop = self.rng.gen_bool(ack_drop);
            let dup = self.rng.gen_ratio(1, 50);
            let p = self.paths.get_mut(&idx).unwrap();
            while let Some(&(t, psn, fd)) = p.wire.front() {
                if t > cycle {
                    break;
                }
                p.wire.pop_front();
                p.rx.deliver(psn, fd);
                p.last_delivery = cycle;
                p.dirty = true;
                self.delivered.insert((idx, psn));
            }
            if p.dirty && !p.resync && cycle.is_multiple_of(p.ack_every) {
                // a lost ACK is followed by another one
                p.dirty = drop;
            } else {
                if p.wire.is_empty() && !p.dirty {
                    self.active.remove(&idx);
                }
                continue;
            }
            if !drop {
                let (b, s) = (p.rx.base, p.rx.bm);
                p.acks_queued += 1;
                self.acks.push_back((cycle + due, cycle, idx, b, s));
                if dup {
                    p.acks_queued += 1;
                    self.acks.push_back((cycle + due + 50, cycle, idx, b, s));
                }
            }
        }

        let mut inp = TxIn {
            op: None,
            lost_ready: ready,
        };
        if let Some(op) = self.held {
            // refused last clock: present it again
            if self.last.op_ready {
                self.held = None;
            }
            inp.op = Some(op);
            return inp;
        }
        let op = self.choose(cycle);
        if let Some(op) = op {
            if op.kind == TxOpKind::Send {
                self.path(op.idx).sends_in_flight += 1;
            }
            if !self.last.op_ready {
                self.held = Some(op);
            }
        }
        inp.op = op;
        inp
    }
}

impl<const IDX: usize> TxStim<IDX> {
    fn choose(&mut self, cycle: u64) -> Option<TxOp> {
        if let Some(idx) = self.init_queue.pop_front() {
            let psn = match self.rng.gen_range(0..3) {
                0 => u32::MAX - self.rng.gen_range(0..600),
                1 => 0x3fe,
                _ => self.rng.gen(),
            };
            return Some(self.start_init(idx, psn));
        }
        if self.rng.gen_bool(self.idle_p) {
            return None;
        }
        // a due ACK (sometimes a later one first: reordering)
        if let Some(k) = self.acks.iter().position(|a| a.0 <= cycle) {
            if self.rng.gen_ratio(3, 4) {
                let k = if self.rng.gen_ratio(1, 20) {
                    self.acks.len() - 1
                } else {
                    k
                };
                let (_, gen, idx, base, sack) = self.acks.remove(k).unwrap();
                let p = self.path(idx);
                p.acks_queued -= 1;
                p.last_ack_gen_issued = p.last_ack_gen_issued.max(gen);
                return Some(TxOp {
                    kind: TxOpKind::Ack,
                    idx,
                    psn: base,
                    sack,
                });
            }
        }
        let r = self.rng.gen_range(0..1000);
        if !self.truthful {
            if r < 6 {
                // bogus ACK
                let idx = self.pick_path();
                let nxt = self.path(idx).nxt;
                let mut s = W256::ZERO;
                for w in 0..4 {
                    s.0[w] = self.rng.gen();
                }
                let base = match r {
                    0 | 1 => nxt.wrapping_add(self.rng.gen_range(1..100)),
                    2 => nxt.wrapping_sub(self.rng.gen_range(512..5000)),
                    3 => nxt.wrapping_sub(self.rng.gen_range(200..512)),
                    4 => nxt.wrapping_sub(512),
                    _ => self.rng.gen(),
                };
                return Some(TxOp {
                    kind: TxOpKind::Ack,
                    idx,
                    psn: base,
                    sack: s,
                });
            }
            if r < 9 {
                let idx = self.pick_path();
                return Some(TxOp {
                    kind: TxOpKind::Timeout,
                    idx,
                    ..Default::default()
                });
            }
            if r < 10 {
                let idx = self.pick_path();
                self.init_queue.push_back(idx);
                return None;
            }
            if r < 16 {
                // a NACK's resolve: one PSN, mostly a recent one (often
                // outstanding), sometimes with more bits or far away
                let idx = self.pick_path();
                let nxt = self.path(idx).nxt;
                let psn = match r {
                    10..=12 => nxt.wrapping_sub(self.rng.gen_range(1..24)),
                    13 => nxt.wrapping_sub(self.rng.gen_range(24..300)),
                    14 => nxt.wrapping_add(self.rng.gen_range(0..4)),
                    _ => nxt.wrapping_sub(self.rng.gen_range(300..700)),
                };
                let mut sack = W256::ZERO;
                sack.set(0, true);
                if self.rng.gen_ratio(1, 4) {
                    for w in 0..4 {
                        sack.0[w] = self.rng.gen();
                    }
                }
                return Some(TxOp {
                    kind: TxOpKind::Resolve,
                    idx,
                    psn,
                    sack,
                });
            }
        } else if self.draining(cycle) || r < 3 {
            // a timeout that cannot touch a delivered PSN
            let cands: Vec<u32> = self
                .paths
                .iter()
                .filter(|(_, p)| {
                    p.wire.is_empty()
                        && p.sends_in_flight == 0
                        && p.acks_queued == 0
                        && !p.resync
                        && p.last_ack_gen_issued >= p.last_delivery
                        && p.last_ack_gen_issued > 0
                })
                .map(|(&k, _)| k)
                .collect();
            if !cands.is_empty() {
                let idx = cands[self.rng.gen_range(0..cands.len())];
                let draining = self.draining(cycle);
                let p = self.paths.get_mut(&idx).unwrap();
                if !draining || !p.timed_out_in_drain {
                    p.timed_out_in_drain = draining;
                    return Some(TxOp {
                        kind: TxOpKind::Timeout,
                        idx,
                        ..Default::default()
                    });
                }
            }
        }
        if r < 40 {
            let idx = self.pick_path();
            return Some(TxOp {
                kind: TxOpKind::Read,
                idx,
                psn: self.rng.gen(),
                sack: W256::ZERO,
            });
        }
        if !self.draining(cycle) && self.rng.gen_bool(self.send_p) {
            let idx = self.pick_path();
            if !self.path(idx).resync || !self.truthful {
                return Some(TxOp {
                    kind: TxOpKind::Send,
                    idx,
                    // garbage in the unused fields
                    psn: self.rng.gen(),
                    sack: W256::ZERO,
                });
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn op(kind: TxOpKind, psn: u32, bits: &[u32]) -> TxOp {
        let mut sack = W256::ZERO;
        for &b in bits {
            sack.set(b, true);
        }
        TxOp {
            kind,
            idx: 0,
            psn,
            sack,
        }
    }

    /// A record with PSNs `from..to` sent (all outstanding).
    fn sent(from: u32, to: u32) -> TxRec {
        let mut r = TxRec::default();
        apply(&mut r, &op(TxOpKind::Init, from, &[]));
        for _ in from..to {
            assert!(apply(&mut r, &op(TxOpKind::Send, 0, &[])).accepted);
        }
        r
    }

    /// A resolve acknowledges exactly the PSNs of its set bits, none below
    /// its base; an ACK of the same base and bit also acknowledges every
    /// PSN below.
    #[test]
    fn resolve_acknowledges_only_its_bits() {
        let mut r = sent(0x3fe, 0x408); // across an epoch boundary
        let a = apply(&mut r, &op(TxOpKind::Resolve, 0x403, &[0]));
        assert_eq!((a.acked, a.lost, a.rejected), (1, 0, false));
        assert_eq!(r.out.count_ones(), 9);
        assert_eq!(r.una(), 0x3fe, "the PSNs below stay outstanding");
        // again: nothing left to resolve
        let a = apply(&mut r, &op(TxOpKind::Resolve, 0x403, &[0]));
        assert_eq!((a.acked, a.lost, a.rejected), (0, 0, false));
        // bits 0 and 2 (0x3ff and 0x401); 0x400 between them is proven lost
        let a = apply(&mut r, &op(TxOpKind::Resolve, 0x3ff, &[0, 2]));
        assert_eq!((a.acked, a.lost), (2, 1));
        assert_eq!(r.out.count_ones(), 6);
        // a PSN never sent, or 512 behind: rejected, nothing changes
        let before = r;
        for psn in [0x408 + 3, 0x408u32.wrapping_sub(512)] {
            let a = apply(&mut r, &op(TxOpKind::Resolve, psn, &[0]));
            assert!(a.rejected && a.acked == 0, "{psn:#x}");
            assert_eq!(r, before);
        }
        // the ACK with the same base and bit is cumulative
        let mut c = sent(0x3fe, 0x408);
        let a = apply(&mut c, &op(TxOpKind::Ack, 0x403, &[0]));
        assert_eq!(a.acked, 6, "0x3fe..=0x403");
    }
}
