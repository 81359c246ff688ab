//! Cycle-exact model of `tx_compl` (`hdl/rtl/src/tx_compl.rs`): the
//! sender's outstanding messages per connection, completed in posting order
//! when the peer's `csn_base` passes their last CSN, flush, the drain queue,
//! credits and the output queue of completions.

use super::{get_u64, put_u64, CycleModel, Stimulus};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::VecDeque;

/// `op`: a message was started.
pub const OP_PUSH: u8 = 0;
/// `op`: an ACK's `csn_base`.
pub const OP_ACK: u8 = 1;
/// `op`: create a connection.
pub const OP_CREATE: u8 = 2;
/// `op`: destroy (flush) a connection; with a nonzero status: fail it.
pub const OP_FLUSH: u8 = 3;
/// `res_code`: done.
pub const RES_OK: u8 = 0;
/// `res_code`: push refused, ring full.
pub const RES_FULL: u8 = 1;
/// `res_code`: the connection is not valid.
pub const RES_NO_CONN: u8 = 2;
/// `res_code`: failure refused, the CSN is not in the sender's window.
pub const RES_STALE: u8 = 3;
/// CQE status of a flushed work request (braid-spec's).
pub const STATUS_FLUSHED: u8 = braid_spec::host::CQE_FLUSHED;
/// Ring entries per connection.
pub const SLOTS: u32 = braid_spec::state::MSG_WINDOW as u32;
/// Output queue depth.
pub const QUEUE: u32 = 8;

/// A message record (what `OP_PUSH` carries).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MsgRec {
    /// The message's last CSN.
    pub last: u32,
    /// `wr_id`.
    pub wr_id: u64,
    /// Message length.
    pub len: u32,
    /// MSN on its stream.
    pub msn: u32,
    /// Stream (0..4).
    pub stream: u8,
    /// SIGNALED.
    pub signaled: bool,
    /// Status (0, or the error of a refused work request).
    pub status: u8,
}

/// One clock's inputs.
#[derive(Debug, Clone, Copy, Default)]
pub struct TxComplIn {
    /// An operation is offered.
    pub op_valid: bool,
    /// `OP_*`.
    pub op: u8,
    /// Connection.
    pub conn: u32,
    /// PUSH: last CSN (also `rec.last`); ACK: `csn_base`; CREATE: first CSN.
    pub csn: u32,
    /// PUSH: the record (its `last` is replaced by `csn`); FLUSH: its
    /// `status` (0: destroy, else fail with that status at CSN `csn`).
    pub rec: MsgRec,
    /// CREATE: the CQ.
    pub cq: u32,
    /// FLUSH with a status: fail at the connection's `base`, no window
    /// test (a local failure: every path retired).
    pub at_base: bool,
    /// The completion consumer takes a completion.
    pub c_ready: bool,
}

/// A completion leaving the block.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TxCompletion {
    /// CQ.
    pub cq: u32,
    /// Connection.
    pub conn: u32,
    /// `wr_id`.
    pub wr_id: u64,
    /// Byte length.
    pub byte_len: u32,
    /// MSN.
    pub msn: u32,
    /// Stream.
    pub stream: u8,
    /// CQE status.
    pub status: u8,
}

/// Outputs after one edge.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TxComplOut {
    /// An operation would be taken this clock.
    pub op_ready: bool,
    /// Result: (op, conn, code).
    pub res: Option<(u8, u32, u8)>,
    /// A message completed: (conn, stream, msn).
    pub una: Option<(u32, u8, u32)>,
    /// The oldest completion of the output queue.
    pub c: Option<TxCompletion>,
    /// Messages completed.
    pub cnt_done: u32,
    /// Completed by a flush.
    pub cnt_flushed: u32,
    /// Pushes refused.
    pub cnt_refused: u32,
}

#[derive(Debug, Clone, Copy, Default)]
struct Ctx {
    head: u32,
    tail: u32,
    base: u32,
    valid: bool,
    flush: bool,
    queued: bool,
    fail: bool,
    err: u8,
    ecsn: u32,
}

#[derive(Debug, Clone, Copy, Default)]
struct Sel {
    drain: bool,
    op: u8,
    conn: u32,
    slot: u32,
    csn: u32,
    rec: MsgRec,
    cq: u32,
    at_base: bool,
}

/// Cycle-exact model with `2^IDX` connections.
#[derive(Debug, Clone)]
pub struct TxComplModel<const IDX: usize> {
    ctx: Vec<Ctx>,
    cqs: Vec<u32>,
    rec: Vec<MsgRec>,
    fifo: Vec<u32>,
    rp: u32,
    wp: u32,
    wp_prev: u32,
    credits: u32,
    i: Option<TxComplIn>,
    p: Option<Sel>,
    /// The previous loop stage's successful push: (conn, slot).
    last_push: Option<(u32, u32)>,
    q_push: Option<u32>,
    o_res: Option<(u8, u32, u8)>,
    o_una: Option<(u32, u8, u32)>,
    o_flushed: bool,
    o_refused: bool,
    o_ret: bool,
    o_cqe: Option<TxCompletion>,
    cnt: [u32; 3],
    queue: VecDeque<TxCompletion>,
    /// Drains that found a stale entry (not the head slot), for coverage.
    pub stat_stale: u64,
    /// Drains that read a record written one clock ahead, for coverage.
    pub stat_whit: u64,
}

impl<const IDX: usize> Default for TxComplModel<IDX> {
    fn default() -> Self {
        let n = 1usize << IDX;
        TxComplModel {
            ctx: vec![Ctx::default(); n],
            cqs: vec![0; n],
            rec: vec![MsgRec::default(); n * SLOTS as usize],
            fifo: vec![0; n],
            rp: 0,
            wp: 0,
            wp_prev: 0,
            credits: 0,
            i: None,
            p: None,
            last_push: None,
            q_push: None,
            o_res: None,
            o_una: None,
            o_flushed: false,
            o_refused: false,
            o_ret: false,
            o_cqe: None,
            cnt: [0; 3],
            queue: VecDeque::new(),
            stat_stale: 0,
            stat_whit: 0,
        }
    }
}

impl<const IDX: usize> TxComplModel<IDX> {
    const PMASK: u32 = (2u32 << IDX) - 1;

    fn has_drain(&self) -> bool {
        self.rp != self.wp_prev && self.credits < QUEUE
    }

    /// Whether an operation offered now would be taken.
    pub fn op_ready(&self) -> bool {
        !self.has_drain()
    }

    /// Outstanding messages of a connection (test access).
    pub fn outstanding(&self, conn: u32) -> u32 {
        let c = &self.ctx[conn as usize];
        c.tail.wrapping_sub(c.head) & 63
    }

    /// The loop stage's registered outputs when it produces nothing.
    fn clear_loop_outputs(&mut self) {
        self.o_res = None;
        self.o_una = None;
        self.o_flushed = false;
        self.o_refused = false;
        self.o_ret = false;
        self.o_cqe = None;
    }

    /// The loop stage: apply one selected operation or drain.
    fn apply(&mut self, s: Sel) {
        let c = self.ctx[s.conn as usize];
        let empty = c.head == c.tail;
        let full = (c.head & 31) == (c.tail & 31) && c.head != c.tail;
        let mut n = c;
        let mut qpush: Option<u32> = None;
        let mut push_ok = None;
        self.clear_loop_outputs();
        let key = |conn: u32, slot: u32| conn << 5 | (slot & 31);
        if !s.drain {
            let mut code = RES_OK;
            match s.op {
                OP_PUSH => {
                    if !c.valid && !c.flush {
                        code = RES_NO_CONN;
                    } else if full {
                        code = RES_FULL;
                    } else {
                        let mut r = s.rec;
                        r.last = s.csn;
                        self.rec[key(s.conn, c.tail) as usize] = r;
                        push_ok = Some((s.conn, c.tail & 31));
                        n.tail = (c.tail + 1) & 63;
                        if empty && !c.queued {
                            qpush = Some(key(s.conn, c.tail));
                            n.queued = true;
                        }
                    }
                    self.o_refused = code != RES_OK;
                }
                OP_ACK => {
                    if !c.valid {
                        code = RES_NO_CONN;
                    } else {
                        if c.base.wrapping_sub(s.csn) & 0x8000_0000 != 0 {
                            n.base = s.csn;
                        }
                        if !empty && !c.queued {
                            qpush = Some(key(s.conn, c.head));
                            n.queued = true;
                        }
                    }
                }
                OP_CREATE => {
                    n.head = 0;
                    n.tail = 0;
                    n.base = s.csn;
                    n.valid = true;
                    n.flush = false;
                    n.fail = false;
                    n.err = 0;
                    n.ecsn = 0;
                    self.cqs[s.conn as usize] = s.cq;
                }
                _ => {
                    let fop = s.rec.status != 0;
                    if !c.valid {
                        code = RES_NO_CONN;
                    } else if fop && !s.at_base && s.csn.wrapping_sub(c.base) >= 256 {
                        code = RES_STALE;
                    } else {
                        n.valid = false;
                        n.flush = true;
                        n.fail = fop;
                        n.err = s.rec.status;
                        n.ecsn = if s.at_base { c.base } else { s.csn };
                        if !empty && !c.queued {
                            qpush = Some(key(s.conn, c.head));
                            n.queued = true;
                        }
                    }
                }
            }
            self.o_res = Some((s.op, s.conn, code));
        } else {
            let at_head = !empty && s.slot == (c.head & 31);
            let whit = self.last_push == Some((s.conn, s.slot));
            let r = self.rec[key(s.conn, s.slot) as usize];
            let cov = r.last.wrapping_sub(c.base) & 0x8000_0000 != 0;
            let ge = r.last.wrapping_sub(c.ecsn) & 0x8000_0000 == 0;
            // a failed connection's message before base keeps its status;
            // the first other one at or after ecsn takes err
            let own = !c.flush || (c.fail && cov);
            let take = c.flush && c.fail && !cov && c.err != 0 && ge;
            let mut cqe = false;
            if empty {
                n.queued = false;
            } else if !at_head || whit {
                self.stat_stale += !at_head as u64;
                self.stat_whit += (at_head && whit) as u64;
                qpush = Some(key(s.conn, c.head));
            } else if c.flush || cov {
                n.head = (c.head + 1) & 63;
                if n.head != c.tail {
                    qpush = Some(key(s.conn, n.head));
                } else {
                    n.queued = false;
                }
                self.o_una = Some((s.conn, r.stream, r.msn));
                self.o_flushed = !own && !take;
                if take {
                    n.err = 0;
                }
                if !own || r.signaled || r.status != 0 {
                    cqe = true;
                    self.o_cqe = Some(TxCompletion {
                        cq: self.cqs[s.conn as usize],
                        conn: s.conn,
                        wr_id: r.wr_id,
                        byte_len: r.len,
                        msn: r.msn,
                        stream: r.stream,
                        status: if own {
                            r.status
                        } else if take {
                            c.err
                        } else {
                            STATUS_FLUSHED
                        },
                    });
                }
            } else {
                n.queued = false;
            }
            self.o_ret = !cqe;
        }
        self.ctx[s.conn as usize] = n;
        self.q_push = qpush;
        self.last_push = push_ok;
    }
}

impl<const IDX: usize> CycleModel for TxComplModel<IDX> {
    const MODULE: &'static str = if IDX == 10 {
        "tx_compl"
    } else {
        "tx_compl_tiny"
    };
    const INPUTS: &'static [&'static str] = &[
        "op_valid",
        "op",
        "op_conn",
        "op_csn",
        "op_wr_id",
        "op_len",
        "op_msn",
        "op_stream",
        "op_signaled",
        "op_status",
        "op_cq",
        "op_at_base",
        "c_ready",
    ];
    const OUTPUTS: &'static [&'static str] = &[
        "op_ready",
        "res_valid",
        "res_op",
        "res_conn",
        "res_code",
        "una_valid",
        "una_conn",
        "una_stream",
        "una_msn",
        "c_valid",
        "c_cq",
        "c_conn",
        "c_wr_id",
        "c_byte_len",
        "c_msn",
        "c_stream",
        "c_status",
        "cnt_done",
        "cnt_flushed",
        "cnt_refused",
    ];
    type In = TxComplIn;
    type Out = TxComplOut;
    type Stim = TxComplStim<IDX>;

    fn step(&mut self, i: &TxComplIn) -> TxComplOut {
        let mask = (1u32 << IDX) - 1;
        let has = self.has_drain();
        let pop = !self.queue.is_empty() && i.c_ready;
        // E3: the previous loop's queue push, counters, output queue
        let (q_push, o_una, o_flushed, o_refused, o_ret, o_cqe) = (
            self.q_push,
            self.o_una.is_some(),
            self.o_flushed,
            self.o_refused,
            self.o_ret,
            self.o_cqe,
        );
        // address stage (reads the FIFO before this edge's write)
        let a_drain = self.i.is_none() && has;
        let sel = if let Some(op) = self.i {
            Some(Sel {
                drain: false,
                op: op.op,
                conn: op.conn,
                slot: 0,
                csn: op.csn,
                rec: op.rec,
                cq: op.cq,
                at_base: op.at_base,
            })
        } else if a_drain {
            let e = self.fifo[(self.rp & mask) as usize];
            self.rp = (self.rp + 1) & Self::PMASK;
            Some(Sel {
                drain: true,
                conn: e >> 5,
                slot: e & 31,
                ..Sel::default()
            })
        } else {
            None
        };
        // loop stage
        match self.p.take() {
            Some(s) => self.apply(s),
            None => {
                self.clear_loop_outputs();
                self.q_push = None;
                self.last_push = None;
            }
        }
        self.p = sel;
        // E3
        self.wp_prev = self.wp;
        if let Some(e) = q_push {
            self.fifo[(self.wp & mask) as usize] = e;
            self.wp = (self.wp + 1) & Self::PMASK;
        }
        self.cnt[0] = self.cnt[0].wrapping_add(o_una as u32);
        self.cnt[1] = self.cnt[1].wrapping_add(o_flushed as u32);
        self.cnt[2] = self.cnt[2].wrapping_add(o_refused as u32);
        if pop {
            self.queue.pop_front();
        }
        if let Some(c) = o_cqe {
            self.queue.push_back(c);
        }
        self.credits = self.credits + a_drain as u32 - o_ret as u32 - pop as u32;
        // E0
        self.i = if i.op_valid && !has {
            let mut op = *i;
            op.op &= 3;
            op.conn &= mask;
            op.cq &= mask;
            op.rec.stream &= 3;
            Some(op)
        } else {
            None
        };
        TxComplOut {
            op_ready: !self.has_drain(),
            res: self.o_res,
            una: self.o_una,
            c: self.queue.front().copied(),
            cnt_done: self.cnt[0],
            cnt_flushed: self.cnt[1],
            cnt_refused: self.cnt[2],
        }
    }

    fn encode(i: &TxComplIn, p: &mut [Vec<u32>]) {
        let mask = (1u64 << IDX) - 1;
        put_u64(&mut p[0], i.op_valid as u64);
        put_u64(&mut p[1], i.op as u64 & 3);
        put_u64(&mut p[2], i.conn as u64 & mask);
        put_u64(&mut p[3], i.csn as u64);
        put_u64(&mut p[4], i.rec.wr_id);
        put_u64(&mut p[5], i.rec.len as u64);
        put_u64(&mut p[6], i.rec.msn as u64);
        put_u64(&mut p[7], i.rec.stream as u64 & 3);
        put_u64(&mut p[8], i.rec.signaled as u64);
        put_u64(&mut p[9], i.rec.status as u64);
        put_u64(&mut p[10], i.cq as u64 & mask);
        put_u64(&mut p[11], i.at_base as u64);
        put_u64(&mut p[12], i.c_ready as u64);
    }

    fn decode(p: &[Vec<u32>]) -> TxComplOut {
        let g = |k: usize| get_u64(&p[k]);
        TxComplOut {
            op_ready: g(0) & 1 == 1,
            res: (g(1) & 1 == 1).then(|| (g(2) as u8, g(3) as u32, g(4) as u8)),
            una: (g(5) & 1 == 1).then(|| (g(6) as u32, g(7) as u8, g(8) as u32)),
            c: (g(9) & 1 == 1).then(|| TxCompletion {
                cq: g(10) as u32,
                conn: g(11) as u32,
                wr_id: g(12),
                byte_len: g(13) as u32,
                msn: g(14) as u32,
                stream: g(15) as u8,
                status: g(16) as u8,
            }),
            cnt_done: g(17) as u32,
            cnt_flushed: g(18) as u32,
            cnt_refused: g(19) as u32,
        }
    }
}

/// The default build's model (1,024 connections).
pub type TxComplFullModel = TxComplModel<10>;
/// The tiny build's model (16 connections).
pub type TxComplTinyModel = TxComplModel<4>;

/// Per-connection view of the stimulus: what a segmenter and an ACK stream
/// would do.
#[derive(Debug, Clone, Default)]
struct StimConn {
    created: bool,
    next_csn: u32,
    /// Highest csn_base sent in an ACK.
    acked: u32,
    pushed: u32,
    done: u32,
    msn: [u32; 4],
}

/// Seeded closed-loop stimulus: a hot set of connections; pushes of
/// messages of 1 to 5 packets (some error records without packets, some
/// unsignaled), ACKs that advance `csn_base` in random steps (some old,
/// some repeated), creates (some near the 32-bit CSN wrap), flushes and
/// failures (at CSNs in the window, stale ones, ones far outside it),
/// pushes beyond 32 outstanding now and then (refused), operations on
/// connections never created, phases without ACKs on one connection (its
/// ring fills), and a completion consumer with random stalls (credits run
/// out).
#[derive(Debug)]
pub struct TxComplStim<const IDX: usize> {
    rng: ChaCha8Rng,
    hot: [u32; 3],
    conns: Vec<StimConn>,
    stall: u32,
    ready: bool,
}

impl<const IDX: usize> TxComplStim<IDX> {
    fn pick(&mut self) -> u32 {
        if self.rng.gen_bool(0.9) {
            self.hot[self.rng.gen_range(0..3)]
        } else {
            self.rng.gen_range(0..1u32 << IDX)
        }
    }
}

impl<const IDX: usize> Stimulus for TxComplStim<IDX> {
    type In = TxComplIn;
    type Out = TxComplOut;
    const CLOSED_LOOP: bool = true;

    fn new(seed: u64) -> Self {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let n = 1u32 << IDX;
        // connection n - 2 is never created (pushes to it are refused
        // RES_NO_CONN; a destroyed one accepts pushes while it flushes)
        let hot = [0, rng.gen_range(1..n - 2), n - 1];
        TxComplStim {
            rng,
            hot,
            conns: vec![StimConn::default(); n as usize],
            stall: 0,
            ready: true,
        }
    }

    fn next(&mut self, cycle: u64) -> TxComplIn {
        let c_ready = if self.stall > 0 {
            self.stall -= 1;
            false
        } else if self.rng.gen_bool(0.01) {
            self.stall = self.rng.gen_range(5..60);
            false
        } else {
            self.rng.gen_bool(0.85)
        };
        let conn = self.pick();
        let r = &mut self.rng;
        let mut i = TxComplIn {
            op_valid: r.gen_bool(0.8),
            conn,
            c_ready,
            cq: r.gen_range(0..1u32 << IDX),
            csn: r.gen(),
            rec: MsgRec {
                last: 0,
                wr_id: r.gen(),
                len: r.gen(),
                msn: 0,
                stream: r.gen_range(0..4),
                signaled: r.gen_bool(0.7),
                status: if r.gen_bool(0.05) {
                    0x80 | r.gen_range(1..8)
                } else {
                    0
                },
            },
            // ignored but by a failure
            at_base: r.gen_bool(0.03),
            ..TxComplIn::default()
        };
        let taken = i.op_valid && self.ready;
        let c = &mut self.conns[conn as usize];
        let k: u32 = r.gen_range(0..1000);
        i.op = if !c.created && k < 900 {
            if r.gen_bool(0.5) {
                OP_CREATE
            } else {
                r.gen_range(0..4)
            }
        } else {
            match k {
                0..=479 => OP_PUSH,
                480..=969 => OP_ACK,
                970..=989 => OP_CREATE,
                _ => OP_FLUSH,
            }
        };
        if i.op == OP_CREATE && conn == (1 << IDX) - 2 {
            i.op = OP_PUSH;
        }
        if i.op == OP_ACK && conn == self.hot[0] && (cycle / 4000).is_multiple_of(2) {
            // phases without ACKs on one connection: its ring fills up
            i.op = OP_PUSH;
        }
        match i.op {
            OP_CREATE => {
                i.csn = if r.gen_bool(0.3) {
                    // near the 32-bit wrap
                    u32::MAX - r.gen_range(0..200)
                } else {
                    r.gen()
                };
                if taken {
                    *c = StimConn {
                        created: true,
                        next_csn: i.csn,
                        acked: i.csn,
                        ..StimConn::default()
                    };
                }
            }
            OP_PUSH => {
                let outstanding = c.pushed.saturating_sub(c.done);
                if outstanding >= SLOTS && r.gen_bool(0.9) {
                    // a segmenter keeps to the window: an ACK instead
                    i.op = OP_ACK;
                } else {
                    let s = i.rec.stream as usize;
                    i.rec.msn = c.msn[s];
                    let pkts = if i.rec.status != 0 {
                        0 // a refused work request: no packets
                    } else {
                        r.gen_range(1..=5)
                    };
                    i.csn = c.next_csn.wrapping_add(pkts).wrapping_sub(1);
                    if taken {
                        c.next_csn = c.next_csn.wrapping_add(pkts);
                        c.msn[s] = c.msn[s].wrapping_add(1);
                    }
                }
            }
            OP_FLUSH => {
                // half destroys, half failures: most at a CSN in the window
                // (some before messages still outstanding, some in the
                // message being sent), some stale or far outside it
                let behind = c.next_csn.wrapping_sub(c.acked);
                match r.gen_range(0..8) {
                    0..=3 => i.rec.status = 0,
                    4..=6 => {
                        i.rec.status = 0x80 | r.gen_range(1..10);
                        i.csn = c.acked.wrapping_add(r.gen_range(0..=behind.min(255)));
                        // a local failure at the base (its CSN ignored)
                        if r.gen_bool(0.3) {
                            i.rec.status = braid_spec::host::CQE_RETRY_EXCEEDED;
                            i.at_base = true;
                            i.csn = r.gen();
                        }
                    }
                    _ => {
                        i.rec.status = 0x80 | r.gen_range(1..10);
                        i.csn = if r.gen_bool(0.5) {
                            c.acked.wrapping_sub(r.gen_range(1..4))
                        } else {
                            c.acked.wrapping_add(r.gen_range(256..100_000))
                        };
                    }
                }
                if taken {
                    c.created = false;
                }
            }
            _ => {}
        }
        if i.op == OP_ACK {
            let behind = c.next_csn.wrapping_sub(c.acked);
            i.csn = match r.gen_range(0..10) {
                // an old or repeated ACK
                0 => c.acked.wrapping_sub(r.gen_range(0..4)),
                // a step forward, up to everything sent
                _ => c.acked.wrapping_add(r.gen_range(0..=behind.min(8))),
            };
            if taken && i.csn.wrapping_sub(c.acked) as i32 > 0 {
                c.acked = i.csn;
            }
        }
        if !i.op_valid {
            i.op = r.gen_range(0..4);
        }
        i
    }

    fn observe(&mut self, out: &TxComplOut) {
        self.ready = out.op_ready;
        if let Some((OP_PUSH, conn, RES_OK)) = out.res {
            let c = &mut self.conns[conn as usize];
            c.pushed += 1;
        }
        if let Some((conn, _, _)) = out.una {
            let c = &mut self.conns[conn as usize];
            c.done += 1;
        }
    }
}
