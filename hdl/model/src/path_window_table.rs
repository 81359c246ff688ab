//! Reference model of the sender per-path window table
//! (`hdl/rtl/src/path_window_table.rs`, exported as `path_window_table`
//! with 2^14 paths of 16 per connection and `path_window_table_tiny` with
//! 2^6 paths of 4 per connection).
//!
//! Written from the block's specification: per path the record (`out`,
//! `wnd`, `span_far`, `susp`, `retired`) as plain integers, updates applied in order
//! to the table at once (forwarding makes every update see every earlier
//! one). Timing by stages: a port result is registered on one edge,
//! decoded on the next and pushed into its FIFO on the third; a FIFO entry
//! can be taken from the second edge after its push (`Fwft`); the update
//! taken on edge k is applied on edge k + 1 and its mask write (or read
//! result) shows after edge k + 2.

use super::wqe_fetch::Fwft;
use super::{get_u64, put_u64, CycleModel, Stimulus};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::VecDeque;

/// `tx_path_table` operation codes (its `OP_*`).
pub mod op {
    /// No change.
    pub const READ: u8 = 0;
    /// Restart the path.
    pub const INIT: u8 = 1;
    /// A PSN allocation.
    pub const SEND: u8 = 2;
    /// An ACK.
    pub const ACK: u8 = 3;
    /// A retransmission timeout.
    pub const TIMEOUT: u8 = 4;
}

/// FIFO entries per port.
pub const FIFO_DEPTH: usize = 32;
/// Results on their way that the FIFO count does not show yet (source
/// latency 7 plus 4).
pub const READY_MARGIN: usize = 11;
/// Result latency of the sources (`tx_path_table`, `path_cc`).
pub const SOURCE_LATENCY: u64 = 7;
/// Largest in-flight count and window.
pub const WND_MAX: u16 = 256;

/// One `tx_path_table` result on the TX port.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct TxResult {
    /// `res_op`.
    pub op: u8,
    /// `res_idx`.
    pub idx: u32,
    /// `res_accepted`.
    pub accepted: bool,
    /// `res_rejected`.
    pub rejected: bool,
    /// `res_acked` (9 bits).
    pub acked: u16,
    /// `res_lost` (9 bits).
    pub lost: u16,
    /// `res_una`.
    pub una: u32,
    /// `res_nxt`.
    pub nxt: u32,
}

/// One `path_cc` result on the CC port.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct CcResult {
    /// `res_idx`.
    pub idx: u32,
    /// `cwnd` (16.8 packets, 24 bits).
    pub cwnd: u32,
    /// `timeouts`.
    pub timeouts: u8,
    /// `failed` (the path is retired).
    pub failed: bool,
}

/// Inputs of one clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PwtIn {
    /// TX port.
    pub tx: Option<TxResult>,
    /// CC port.
    pub cc: Option<CcResult>,
    /// Stats read of a path (`rd_valid`, `rd_idx`).
    pub rd: Option<u32>,
}

/// Outputs after one clock (`mk_*` and `rd_*` zero when not valid).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PwtOut {
    /// TX FIFO has room for the results in flight.
    pub tx_ready: bool,
    /// CC FIFO has room for the results in flight.
    pub cc_ready: bool,
    /// A stats read is taken this clock.
    pub rd_ready: bool,
    /// Mask write.
    pub mk_valid: bool,
    /// Its connection.
    pub mk_conn: u32,
    /// One-hot of the path (`mk_open_en` = `mk_susp_en`).
    pub mk_open_en: u16,
    /// `open` at the path's bit.
    pub mk_open_val: u16,
    /// One-hot of the path.
    pub mk_susp_en: u16,
    /// `susp` at the path's bit.
    pub mk_susp_val: u16,
    /// Read result.
    pub rd_res_valid: bool,
    /// In flight.
    pub rd_out: u16,
    /// Window (0 = never set).
    pub rd_wnd: u16,
    /// Open.
    pub rd_open: bool,
    /// Suspect.
    pub rd_susp: bool,
    /// Mask writes.
    pub cnt_updates: u32,
    /// Sends on a path that was not open.
    pub cnt_send_closed: u32,
    /// Acked plus lost above in flight.
    pub cnt_underflow: u32,
    /// Results dropped at a full FIFO.
    pub cnt_overflow: u32,
}

/// One path's record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PathRec {
    /// Packets in flight (0..=256).
    pub out: u16,
    /// `min(max(floor(cwnd), 1), 256)`; 0 at power-up (taken as 1).
    pub wnd: u16,
    /// The last TX result had `nxt - una >= 255`.
    pub span_far: bool,
    /// Timeouts not zero.
    pub susp: bool,
    /// Retired by `path_cc` (until its next init).
    pub retired: bool,
}

impl PathRec {
    /// The open rule: `out < max(wnd, 1) && nxt - una < 255`, not retired.
    pub fn open(&self) -> bool {
        self.out < self.wnd.max(1) && !self.span_far && !self.retired
    }
}

/// The window of a `path_cc` cwnd: `min(max(floor(cwnd), 1), 256)`.
pub fn wnd_of_cwnd(cwnd: u32) -> u16 {
    ((cwnd >> 8) & 0xffff).clamp(1, WND_MAX as u32) as u16
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    None,
    Init,
    Inc,
    Dec,
}

#[derive(Debug, Clone, Copy)]
struct TxEnt {
    idx: u32,
    kind: Kind,
    amt: u16,
    far: bool,
}

#[derive(Debug, Clone, Copy)]
struct CcEnt {
    idx: u32,
    wnd: u16,
    susp: bool,
    retired: bool,
}

#[derive(Debug, Clone, Copy)]
enum Upd {
    Tx(TxEnt),
    Cc(CcEnt),
    Rd(u32),
}

#[derive(Debug, Clone, Copy)]
struct Done {
    idx: u32,
    read: bool,
    rec: PathRec,
    send_closed: bool,
    underflow: bool,
}

/// Cycle-exact model of `path_window_table` (`IDX` = 14, `PB` = 4) or
/// `path_window_table_tiny` (`IDX` = 6, `PB` = 2).
#[derive(Debug, Clone)]
pub struct PathWindowTableModelG<const IDX: usize, const PB: usize> {
    recs: Vec<PathRec>,
    i_tx: Option<TxResult>,
    i_cc: Option<CcResult>,
    p_tx: Option<TxEnt>,
    p_cc: Option<CcEnt>,
    ftx: Fwft<TxEnt>,
    fcc: Fwft<CcEnt>,
    u: Option<Upd>,
    w: Option<Done>,
    out: PwtOut,
}

/// The full-size table's model (1,024 connections x 16 paths).
pub type PathWindowTableModel = PathWindowTableModelG<14, 4>;
/// The tiny table's model (16 connections x 4 paths).
pub type PathWindowTableTinyModel = PathWindowTableModelG<6, 2>;

impl<const IDX: usize, const PB: usize> Default for PathWindowTableModelG<IDX, PB> {
    fn default() -> Self {
        PathWindowTableModelG {
            recs: vec![PathRec::default(); 1 << IDX],
            i_tx: None,
            i_cc: None,
            p_tx: None,
            p_cc: None,
            ftx: Fwft::default(),
            fcc: Fwft::default(),
            u: None,
            w: None,
            out: PwtOut {
                tx_ready: true,
                cc_ready: true,
                rd_ready: true,
                ..Default::default()
            },
        }
    }
}

impl<const IDX: usize, const PB: usize> PathWindowTableModelG<IDX, PB> {
    const MASK: u32 = (1 << IDX) - 1;

    /// The record of path `idx` after every update applied so far (the
    /// ones still in the FIFOs or the input stages not included).
    pub fn rec(&self, idx: u32) -> PathRec {
        self.recs[(idx & Self::MASK) as usize]
    }

    /// Entries held in the (TX, CC) FIFOs.
    pub fn fifo_lens(&self) -> (usize, usize) {
        (self.ftx.len(), self.fcc.len())
    }

    fn apply(&mut self, u: Upd) -> Done {
        let (idx, read) = match u {
            Upd::Tx(e) => (e.idx, false),
            Upd::Cc(e) => (e.idx, false),
            Upd::Rd(i) => (i, true),
        };
        let r = &mut self.recs[idx as usize];
        let was_open = r.open();
        let (mut send_closed, mut underflow) = (false, false);
        match u {
            Upd::Tx(e) => {
                r.span_far = e.far;
                match e.kind {
                    Kind::None => {}
                    Kind::Init => r.out = 0,
                    Kind::Inc => {
                        send_closed = !was_open;
                        r.out = (r.out + 1).min(WND_MAX);
                    }
                    Kind::Dec => {
                        underflow = e.amt > r.out;
                        r.out = r.out.saturating_sub(e.amt);
                    }
                }
            }
            Upd::Cc(e) => {
                r.wnd = e.wnd;
                r.susp = e.susp;
                r.retired = e.retired;
            }
            Upd::Rd(_) => {}
        }
        Done {
            idx,
            read,
            rec: *r,
            send_closed,
            underflow,
        }
    }
}

impl<const IDX: usize, const PB: usize> CycleModel for PathWindowTableModelG<IDX, PB> {
    const MODULE: &'static str = if IDX == 14 {
        "path_window_table"
    } else {
        "path_window_table_tiny"
    };
    const INPUTS: &'static [&'static str] = &[
        "tx_valid",
        "tx_op",
        "tx_idx",
        "tx_accepted",
        "tx_rejected",
        "tx_acked",
        "tx_lost",
        "tx_una",
        "tx_nxt",
        "cc_valid",
        "cc_idx",
        "cc_cwnd",
        "cc_timeouts",
        "cc_failed",
        "rd_valid",
        "rd_idx",
    ];
    const OUTPUTS: &'static [&'static str] = &[
        "tx_ready",
        "cc_ready",
        "rd_ready",
        "mk_valid",
        "mk_conn",
        "mk_open_en",
        "mk_open_val",
        "mk_susp_en",
        "mk_susp_val",
        "rd_res_valid",
        "rd_out",
        "rd_wnd",
        "rd_open",
        "rd_susp",
        "cnt_updates",
        "cnt_send_closed",
        "cnt_underflow",
        "cnt_overflow",
    ];
    type In = PwtIn;
    type Out = PwtOut;
    type Stim = PwtStim<IDX, PB>;

    fn step(&mut self, i: &PwtIn) -> PwtOut {
        let mut o = self.out;
        // output stage: the update applied on the previous edge
        o.mk_valid = false;
        o.mk_conn = 0;
        o.mk_open_en = 0;
        o.mk_open_val = 0;
        o.mk_susp_en = 0;
        o.mk_susp_val = 0;
        o.rd_res_valid = false;
        o.rd_out = 0;
        o.rd_wnd = 0;
        o.rd_open = false;
        o.rd_susp = false;
        if let Some(d) = self.w.take() {
            let bit = 1u16 << (d.idx & ((1 << PB) - 1));
            if d.read {
                o.rd_res_valid = true;
                o.rd_out = d.rec.out;
                o.rd_wnd = d.rec.wnd;
                o.rd_open = d.rec.open();
                o.rd_susp = d.rec.susp;
            } else {
                o.mk_valid = true;
                o.mk_conn = d.idx >> PB;
                o.mk_open_en = bit;
                o.mk_susp_en = bit;
                o.mk_open_val = if d.rec.open() { bit } else { 0 };
                o.mk_susp_val = if d.rec.susp { bit } else { 0 };
                o.cnt_updates = o.cnt_updates.wrapping_add(1);
            }
            o.cnt_send_closed = o.cnt_send_closed.wrapping_add(d.send_closed as u32);
            o.cnt_underflow = o.cnt_underflow.wrapping_add(d.underflow as u32);
        }
        // loop stage: the update taken on the previous edge
        if let Some(u) = self.u.take() {
            self.w = Some(self.apply(u));
        }
        // select: CC head, else TX head, else the read
        let (hc, ht) = (self.fcc.head(), self.ftx.head());
        let (mut pop_cc, mut pop_tx) = (false, false);
        self.u = if let Some(e) = hc {
            pop_cc = true;
            Some(Upd::Cc(e))
        } else if let Some(e) = ht {
            pop_tx = true;
            Some(Upd::Tx(e))
        } else {
            i.rd.map(|x| Upd::Rd(x & Self::MASK))
        };
        // push (dropped when full)
        let mut push_tx = self.p_tx.take();
        if push_tx.is_some() && self.ftx.len() == FIFO_DEPTH {
            push_tx = None;
            o.cnt_overflow = o.cnt_overflow.wrapping_add(1);
        }
        let mut push_cc = self.p_cc.take();
        if push_cc.is_some() && self.fcc.len() == FIFO_DEPTH {
            push_cc = None;
            o.cnt_overflow = o.cnt_overflow.wrapping_add(1);
        }
        self.ftx.edge(pop_tx, push_tx);
        self.fcc.edge(pop_cc, push_cc);
        // decode
        self.p_tx = self.i_tx.take().map(|t| TxEnt {
            idx: t.idx,
            kind: match t.op {
                op::INIT => Kind::Init,
                op::SEND if t.accepted => Kind::Inc,
                op::ACK if !t.rejected => Kind::Dec,
                op::TIMEOUT => Kind::Dec,
                _ => Kind::None,
            },
            amt: (t.acked & 0x1ff) + (t.lost & 0x1ff),
            far: t.nxt.wrapping_sub(t.una) >= 255,
        });
        self.p_cc = self.i_cc.take().map(|c| CcEnt {
            idx: c.idx,
            wnd: wnd_of_cwnd(c.cwnd & 0xff_ffff),
            susp: c.timeouts != 0,
            retired: c.failed,
        });
        // input registers
        self.i_tx = i.tx.map(|mut t| {
            t.idx &= Self::MASK;
            t.op &= 7;
            t
        });
        self.i_cc = i.cc.map(|mut c| {
            c.idx &= Self::MASK;
            c
        });
        // levels from registers
        o.tx_ready = self.ftx.len() <= FIFO_DEPTH - READY_MARGIN;
        o.cc_ready = self.fcc.len() <= FIFO_DEPTH - READY_MARGIN;
        o.rd_ready = self.fcc.head().is_none() && self.ftx.head().is_none();
        self.out = o;
        o
    }

    fn encode(i: &PwtIn, p: &mut [Vec<u32>]) {
        if let Some(t) = i.tx {
            put_u64(&mut p[0], 1);
            put_u64(&mut p[1], (t.op & 7) as u64);
            put_u64(&mut p[2], (t.idx & Self::MASK) as u64);
            put_u64(&mut p[3], t.accepted as u64);
            put_u64(&mut p[4], t.rejected as u64);
            put_u64(&mut p[5], (t.acked & 0x1ff) as u64);
            put_u64(&mut p[6], (t.lost & 0x1ff) as u64);
            put_u64(&mut p[7], t.una as u64);
            put_u64(&mut p[8], t.nxt as u64);
        }
        if let Some(c) = i.cc {
            put_u64(&mut p[9], 1);
            put_u64(&mut p[10], (c.idx & Self::MASK) as u64);
            put_u64(&mut p[11], (c.cwnd & 0xff_ffff) as u64);
            put_u64(&mut p[12], c.timeouts as u64);
            put_u64(&mut p[13], c.failed as u64);
        }
        if let Some(r) = i.rd {
            put_u64(&mut p[14], 1);
            put_u64(&mut p[15], (r & Self::MASK) as u64);
        }
    }

    fn decode(p: &[Vec<u32>]) -> PwtOut {
        let b = |k: usize| get_u64(&p[k]) & 1 == 1;
        let g = |k: usize| get_u64(&p[k]);
        PwtOut {
            tx_ready: b(0),
            cc_ready: b(1),
            rd_ready: b(2),
            mk_valid: b(3),
            mk_conn: g(4) as u32,
            mk_open_en: g(5) as u16,
            mk_open_val: g(6) as u16,
            mk_susp_en: g(7) as u16,
            mk_susp_val: g(8) as u16,
            rd_res_valid: b(9),
            rd_out: g(10) as u16,
            rd_wnd: g(11) as u16,
            rd_open: b(12),
            rd_susp: b(13),
            cnt_updates: g(14) as u32,
            cnt_send_closed: g(15) as u32,
            cnt_underflow: g(16) as u32,
            cnt_overflow: g(17) as u32,
        }
    }
}

/// Seeded closed-loop stimulus: two sources with the real result latency
/// that issue only while the block's ready was high (the top's rule),
/// except in rare flood phases that ignore ready on purpose (overflow);
/// pressure phases that issue on every allowed clock (ready low, FIFOs at
/// their limit); results on a small hot set of paths (back to back on one
/// path from both ports), bursts of sends that drive a path past its
/// window, ACKs and timeouts that sometimes remove more than are in flight,
/// spans around 255, windows of 0, fractions and beyond 256.0, timeouts 0
/// and not; reads interleaved.
#[derive(Debug, Clone)]
pub struct PwtStim<const IDX: usize, const PB: usize> {
    rng: ChaCha8Rng,
    hot: Vec<u32>,
    /// Arrival clocks of issued TX / CC results (issue clock + latency + 1).
    tx_due: VecDeque<u64>,
    cc_due: VecDeque<u64>,
    tx_ready: bool,
    cc_ready: bool,
    /// Remaining clocks of a flood (ready ignored) / pressure phase.
    flood: u32,
    pressure: u32,
    /// Per-path estimate of what is in flight (from the issued results).
    est: std::collections::HashMap<u32, u16>,
    cur: u32,
    burst: u32,
    /// Whether floods may happen (off: the top obeys ready always).
    pub floods: bool,
    /// Results issued while ready was low.
    pub disobeyed: u64,
}

impl<const IDX: usize, const PB: usize> PwtStim<IDX, PB> {
    const MASK: u32 = (1 << IDX) - 1;

    fn pick(&mut self) -> u32 {
        if self.burst > 0 {
            self.burst -= 1;
            return self.cur;
        }
        let r = self.rng.gen_range(0..10);
        self.cur = if r < 8 {
            self.hot[self.rng.gen_range(0..self.hot.len())]
        } else {
            self.rng.gen::<u32>() & Self::MASK
        };
        if self.rng.gen_ratio(1, 3) {
            self.burst = self.rng.gen_range(1..6);
        }
        self.cur
    }

    fn tx_result(&mut self) -> TxResult {
        let idx = self.pick();
        let rng = &mut self.rng;
        let est = self.est.entry(idx).or_insert(0);
        let una: u32 = if rng.gen_ratio(1, 8) {
            rng.gen()
        } else {
            rng.gen_range(0..1000)
        };
        let span = match rng.gen_range(0..20) {
            0 => 254,
            1 => 255,
            2 => 256,
            3 => rng.gen(),
            4 => rng.gen_range(250..260),
            _ => rng.gen_range(0..32),
        };
        let mut t = TxResult {
            op: op::SEND,
            idx,
            accepted: true,
            rejected: false,
            acked: 0,
            lost: 0,
            una,
            nxt: una.wrapping_add(span),
        };
        match rng.gen_range(0..100) {
            0..=54 => {
                t.accepted = !rng.gen_ratio(1, 10);
                if t.accepted {
                    *est = (*est + 1).min(WND_MAX);
                }
            }
            55..=84 => {
                t.op = op::ACK;
                t.rejected = rng.gen_ratio(1, 15);
                let n = if rng.gen_ratio(1, 10) {
                    rng.gen_range(0..512)
                } else {
                    rng.gen_range(0..=(*est).min(8))
                };
                t.acked = rng.gen_range(0..=n).min(511);
                t.lost = (n - t.acked).min(511);
                if !t.rejected {
                    *est = est.saturating_sub(t.acked + t.lost);
                }
            }
            85..=89 => {
                t.op = op::TIMEOUT;
                t.lost = if rng.gen_ratio(1, 4) {
                    rng.gen_range(0..512)
                } else {
                    *est
                };
                *est = est.saturating_sub(t.lost);
            }
            90..=92 => {
                t.op = op::INIT;
                *est = 0;
            }
            93..=96 => t.op = op::READ,
            _ => {
                t.op = rng.gen_range(5..8);
                t.acked = rng.gen_range(0..512);
                t.lost = rng.gen_range(0..512);
            }
        }
        if rng.gen_ratio(1, 10) {
            t.accepted = rng.gen();
            t.rejected = rng.gen();
        }
        t
    }

    fn cc_result(&mut self) -> CcResult {
        let idx = self.pick();
        let rng = &mut self.rng;
        let cwnd = match rng.gen_range(0..10) {
            0 => 0,
            1 => rng.gen_range(0..0x100),
            2 => rng.gen_range(0x1_0000..0x100_0000),
            3 => 0x1_0000 + rng.gen_range(0..0x200),
            4 => rng.gen::<u32>() & 0xff_ffff,
            _ => rng.gen_range(0x100..0x1400),
        };
        let timeouts = if rng.gen_ratio(1, 4) { rng.gen() } else { 0 };
        // as from path_cc: a retired path has timed out
        let failed = timeouts != 0 && rng.gen_ratio(1, 3);
        CcResult {
            idx,
            cwnd,
            timeouts,
            failed,
        }
    }
}

impl<const IDX: usize, const PB: usize> Stimulus for PwtStim<IDX, PB> {
    type In = PwtIn;
    type Out = PwtOut;
    const CLOSED_LOOP: bool = true;

    fn new(seed: u64) -> Self {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        // two connections' paths, plus a few single paths
        let c0 = rng.gen::<u32>() & (Self::MASK >> PB);
        let c1 = rng.gen::<u32>() & (Self::MASK >> PB);
        let mut hot: Vec<u32> = (0..(1u32 << PB).min(4))
            .flat_map(|p| [c0 << PB | p, c1 << PB | p])
            .collect();
        hot.push(rng.gen::<u32>() & Self::MASK);
        PwtStim {
            rng,
            hot,
            tx_due: VecDeque::new(),
            cc_due: VecDeque::new(),
            tx_ready: true,
            cc_ready: true,
            flood: 0,
            pressure: 0,
            est: Default::default(),
            cur: 0,
            burst: 0,
            floods: true,
            disobeyed: 0,
        }
    }

    fn next(&mut self, cycle: u64) -> PwtIn {
        if self.flood > 0 {
            self.flood -= 1;
        } else if self.floods && self.rng.gen_ratio(1, 1500) {
            self.flood = self.rng.gen_range(10..50);
        }
        if self.pressure > 0 {
            self.pressure -= 1;
        } else if self.rng.gen_ratio(1, 300) {
            self.pressure = self.rng.gen_range(50..400);
        }
        let (p_tx, p_cc) = if self.flood > 0 || self.pressure > 0 {
            (0.9, 0.7)
        } else {
            (0.3, 0.15)
        };
        let flood = self.flood > 0;
        // the sources take an operation on this edge; its result is on the
        // port after edge cycle + latency
        if self.rng.gen_bool(p_tx) && (self.tx_ready || flood) {
            self.disobeyed += !self.tx_ready as u64;
            self.tx_due.push_back(cycle + SOURCE_LATENCY + 1);
        }
        if self.rng.gen_bool(p_cc) && (self.cc_ready || flood) {
            self.disobeyed += !self.cc_ready as u64;
            self.cc_due.push_back(cycle + SOURCE_LATENCY + 1);
        }
        let tx = if self.tx_due.front() == Some(&cycle) {
            self.tx_due.pop_front();
            Some(self.tx_result())
        } else {
            None
        };
        let cc = if self.cc_due.front() == Some(&cycle) {
            self.cc_due.pop_front();
            Some(self.cc_result())
        } else {
            None
        };
        let rd = if self.rng.gen_ratio(1, 5) {
            Some(if self.rng.gen_ratio(3, 4) {
                self.hot[self.rng.gen_range(0..self.hot.len())]
            } else {
                self.rng.gen::<u32>() & Self::MASK
            })
        } else {
            None
        };
        PwtIn { tx, cc, rd }
    }

    fn observe(&mut self, out: &PwtOut) {
        self.tx_ready = out.tx_ready;
        self.cc_ready = out.cc_ready;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn send(idx: u32) -> PwtIn {
        PwtIn {
            tx: Some(TxResult {
                op: op::SEND,
                idx,
                accepted: true,
                una: 0,
                nxt: 1,
                ..Default::default()
            }),
            ..Default::default()
        }
    }

    /// A result shows as a mask write after the 7th edge after it is on
    /// the port (register, decode, push, FIFO head, select, loop, output):
    /// the first
    /// send of a zero record (window 1) closes the path.
    #[test]
    fn path_window_table_latency_and_first_send() {
        let mut m = PathWindowTableTinyModel::default();
        let mut outs = vec![m.step(&send(5))];
        for _ in 0..8 {
            outs.push(m.step(&PwtIn::default()));
        }
        let k = outs.iter().position(|o| o.mk_valid).expect("a mask write");
        assert_eq!(k, 6, "{outs:?}");
        let o = outs[k];
        assert_eq!((o.mk_conn, o.mk_open_en, o.mk_open_val), (1, 1 << 1, 0));
        assert_eq!(m.rec(5).out, 1);
        assert_eq!(o.cnt_send_closed, 0);
    }

    /// The window rule: floor, at least 1, at most 256.
    #[test]
    fn path_window_table_wnd_clamp() {
        assert_eq!(wnd_of_cwnd(0), 1);
        assert_eq!(wnd_of_cwnd(0xff), 1);
        assert_eq!(wnd_of_cwnd(0x1ff), 1);
        assert_eq!(wnd_of_cwnd(0x2ff), 2);
        assert_eq!(wnd_of_cwnd(0x1_0000), 256);
        assert_eq!(wnd_of_cwnd(0x1_00ff), 256);
        assert_eq!(wnd_of_cwnd(0x1_0100), 256);
        assert_eq!(wnd_of_cwnd(0xff_ffff), 256);
    }
}
