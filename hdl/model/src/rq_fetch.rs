//! Cycle-exact model of `rq_fetch` (`hdl/rtl/src/rq_fetch.rs`): receive-ring
//! contexts per (connection, stream), doorbells, DMA reads of up to 8 RQEs
//! into a 32-entry cache per context, SEND MATCH and CONSUME (fields by
//! braid-spec's `host::RQE` table, result codes by its NACK reasons).
//!
//! The model applies every context operation in the order the RTL's
//! forwarding guarantees (lane A in entry order; a MATCH before the lane-A
//! operation that entered on the same edge) to one up-to-date context
//! array, and delays the results by the RTL's fixed latencies.

use super::wqe_fetch::Fwft;
use super::{get_u64, put_u64, CycleModel, Stimulus};
use braid_spec::host::{self, rqe, RING_LOG2_MIN, RQE_BYTES, RQ_ALIGN};
use braid_spec::wire::braid::NackReason;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::{HashMap, VecDeque};

/// Reads outstanding at most.
pub const FETCHES: u32 = 8;
/// Cache entries per context (`braid_spec::state::MSG_WINDOW`).
pub const WINDOW: u32 = braid_spec::state::MSG_WINDOW as u32;
/// `res_op`: CREATE.
pub const OP_CREATE: u8 = 0;
/// `res_op`: DESTROY.
pub const OP_DESTROY: u8 = 1;
/// `res_op`: doorbell.
pub const OP_DOORBELL: u8 = 2;
/// `m_code`: placed.
pub const CODE_OK: u8 = 0;
/// `m_code`: NO_RECV_BUFFER.
pub const CODE_NO_RECV_BUFFER: u8 = NackReason::NoReceiveBuffer as u8;
/// `m_code`: MALFORMED.
pub const CODE_MALFORMED: u8 = NackReason::Malformed as u8;
/// `m_code`: BUFFER_TOO_SMALL.
pub const CODE_BUFFER_TOO_SMALL: u8 = NackReason::BufferTooSmall as u8;
/// `m_code`: late duplicate.
pub const CODE_LATE: u8 = 14;
/// `m_code`: no context.
pub const CODE_NO_CONTEXT: u8 = 15;

// lane-A operation codes
const A_CREATE: u8 = 0;
const A_DESTROY: u8 = 1;
const A_DB_LOOK: u8 = 2;
const A_DB_COMMIT: u8 = 3;
const A_F_LOOK: u8 = 4;
const A_F_CLEAR: u8 = 5;
const A_LAND: u8 = 6;
const A_CONSUME: u8 = 7;

const M24: u32 = 0xff_ffff;

/// One receive-ring context.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RqCtx {
    /// Ring base bits 63:5.
    pub iova: u64,
    /// log2 entries.
    pub log2: u8,
    /// Producer index from the doorbell.
    pub pi: u16,
    /// RSN of the next receive to fetch.
    pub fetch: u32,
    /// RSN of the oldest receive not consumed.
    pub base: u32,
    /// CREATE generation.
    pub gen: u8,
    /// Created.
    pub valid: bool,
    /// Owns the fetch token.
    pub queued: bool,
    /// Look again when the token comes back.
    pub kick: bool,
    /// A read failed.
    pub err: bool,
}

/// The fields of an RQE (braid-spec `host::RQE`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Rqe {
    /// `wr_id`.
    pub wr_id: u64,
    /// `addr`.
    pub addr: u64,
    /// `lkey`.
    pub lkey: u32,
    /// `len`.
    pub len: u32,
}

impl Rqe {
    /// Decode with braid-spec's field table.
    pub fn decode(b: &[u8]) -> Self {
        Rqe {
            wr_id: host::get(b, rqe::WR_ID),
            addr: host::get(b, rqe::ADDR),
            lkey: host::get(b, rqe::LKEY) as u32,
            len: host::get(b, rqe::LEN) as u32,
        }
    }
    /// Encode with braid-spec's field table (reserved bytes zero).
    pub fn encode(&self) -> [u8; RQE_BYTES] {
        let mut b = [0u8; RQE_BYTES];
        host::put(&mut b, rqe::WR_ID, self.wr_id);
        host::put(&mut b, rqe::ADDR, self.addr);
        host::put(&mut b, rqe::LKEY, self.lkey as u64);
        host::put(&mut b, rqe::LEN, self.len as u64);
        b
    }
}

/// A DMA response beat.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RqBeat {
    /// The 64 bytes of the beat.
    pub data: [u8; 64],
    /// Tag.
    pub tag: u8,
    /// Last beat of the read.
    pub last: bool,
    /// The read failed.
    pub err: bool,
}

/// A MATCH request.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MatchIn {
    /// Tag.
    pub tag: u16,
    /// Connection.
    pub conn: u32,
    /// Stream.
    pub stream: u8,
    /// RSN.
    pub rsn: u32,
    /// Byte offset.
    pub offset: u32,
    /// Payload bytes.
    pub len: u16,
    /// Message length.
    pub msg_len: u32,
}

/// One clock's inputs.
#[derive(Debug, Clone, Copy, Default)]
pub struct RqIn {
    /// A command.
    pub cmd_valid: bool,
    /// 0 CREATE, 1 DESTROY.
    pub cmd_op: u8,
    /// Connection.
    pub cmd_conn: u32,
    /// Stream.
    pub cmd_stream: u8,
    /// Base of the connection's rings.
    pub cmd_iova: u64,
    /// log2 entries (4 bits).
    pub cmd_log2: u8,
    /// A doorbell.
    pub db_valid: bool,
    /// `RQ_DOORBELL.pi`.
    pub db_pi: u16,
    /// `RQ_DOORBELL.stream` (4 bits).
    pub db_stream: u8,
    /// `RQ_DOORBELL.conn` (12 bits).
    pub db_conn: u16,
    /// The DMA side takes a request.
    pub rd_ready: bool,
    /// A response beat.
    pub rs: Option<RqBeat>,
    /// A MATCH.
    pub m: Option<MatchIn>,
    /// A CONSUME (conn, stream).
    pub cs: Option<(u32, u8)>,
}

/// A MATCH result.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MatchOut {
    /// Tag.
    pub tag: u16,
    /// Placed.
    pub ok: bool,
    /// `CODE_*`.
    pub code: u8,
    /// `addr + offset`.
    pub addr: u64,
    /// `lkey`.
    pub lkey: u32,
    /// `len` of the RQE.
    pub buf_len: u32,
}

/// A CONSUME result.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ConsumeOut {
    /// Consumed.
    pub ok: bool,
    /// `wr_id`.
    pub wr_id: u64,
    /// `len`.
    pub len: u32,
}

/// A command or doorbell result.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RqRes {
    /// `OP_*`.
    pub op: u8,
    /// Connection (low IDX bits).
    pub conn: u32,
    /// Stream (low 2 bits).
    pub stream: u8,
    /// Refused.
    pub refused: bool,
}

/// Outputs after one edge.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RqOutputs {
    /// `cmd_ready`.
    pub cmd_ready: bool,
    /// `db_ready`.
    pub db_ready: bool,
    /// `rd_valid`.
    pub rd_valid: bool,
    /// `rd_addr`.
    pub rd_addr: u64,
    /// `rd_len`.
    pub rd_len: u16,
    /// `rd_tag`.
    pub rd_tag: u8,
    /// `rs_ready`.
    pub rs_ready: bool,
    /// The MATCH result shown.
    pub m: Option<MatchOut>,
    /// The CONSUME result shown.
    pub cs: Option<ConsumeOut>,
    /// The command/doorbell result shown.
    pub res: Option<RqRes>,
    /// `cnt_db_refused`.
    pub cnt_db_refused: u32,
    /// `cnt_consume_refused`.
    pub cnt_consume_refused: u32,
    /// `cnt_rs_err`.
    pub cnt_rs_err: u32,
}

/// Events the coverage test counts (not ports).
#[derive(Debug, Clone, Copy, Default)]
pub struct RqCov {
    /// MATCH results per code (index `CODE_*`).
    pub codes: [u64; 16],
    /// LANDs that filled the cache (`fetch - base == 32`).
    pub cache_full: u64,
    /// Reads cut at the ring's end.
    pub ring_end: u64,
    /// Reads cut at a 4 KiB boundary.
    pub page: u64,
    /// Reads of an odd number of RQEs.
    pub odd: u64,
    /// Reads of each size 1..=8.
    pub sizes: [u64; 9],
    /// DESTROYs of a context with a read in flight.
    pub destroy_inflight: u64,
    /// LANDs dropped (context destroyed or recreated).
    pub land_dropped: u64,
    /// Failed reads (LAND with the error).
    pub land_err: u64,
    /// MATCHes reading a slot written on the same edge.
    pub match_written: u64,
    /// Successful CONSUMEs of one context on consecutive clocks.
    pub consume_b2b: u64,
    /// CONSUMEs refused.
    pub consume_refused: u64,
    /// Doorbells refused.
    pub db_refused: u64,
    /// CREATEs refused.
    pub create_refused: u64,
    /// F_LOOKs with n = 0.
    pub fetch_zero: u64,
    /// F_CLEARs that found `kick`.
    pub kicked: u64,
    /// Clocks a fetch waited for a read slot (all `FETCHES` out).
    pub fetch_full: u64,
    /// Clocks a doorbell or command waited behind CONSUME traffic.
    pub slow_held: u64,
}

#[derive(Debug, Clone, Copy, Default)]
struct OpA {
    op: u8,
    idx: u32,
    iova: u64,
    small: u16,
    argbad: bool,
    flag: bool,
    gen: u8,
    fnew: u32,
}

#[derive(Debug, Clone, Copy)]
struct Look {
    op: u8,
    idx: u32,
    rec: RqCtx,
    small: u16,
    argbad: bool,
}

#[derive(Debug, Clone, Copy)]
struct S2 {
    op: u8,
    idx: u32,
    pi: u16,
    nw: bool,
}

#[derive(Debug, Clone, Copy)]
struct Req {
    addr: u64,
    n: u8,
    tag: u8,
}

#[derive(Debug, Clone, Copy)]
struct Pend {
    idx: u32,
    gen: u8,
    f0: u32,
    n: u8,
    tag: u8,
}

#[derive(Debug, Clone, Copy)]
struct Land {
    idx: u32,
    gen: u8,
    fnew: u32,
    err: bool,
}

#[derive(Debug, Clone, Copy)]
struct CmdH {
    op: u8,
    conn: u32,
    stream: u8,
    iova: u64,
    log2: u8,
}

/// Cycle-exact model with `2^IDX` connections x 4 streams.
#[derive(Debug, Clone)]
pub struct RqFetchModelG<const IDX: usize> {
    mem: Vec<RqCtx>,
    cache: Vec<Rqe>,
    cmd_h: Option<CmdH>,
    cmd_age: u8,
    db_h: Option<(u16, u8, u16)>,
    f_h: Option<u32>,
    busy: bool,
    s2: Option<S2>,
    fout: u32,
    tagc: u8,
    a: Option<OpA>,
    b: Option<OpA>,
    cz: Option<ConsumeOut>,
    o_cs: Option<ConsumeOut>,
    c: Option<Look>,
    e: Option<Look>,
    d: Option<Look>,
    res: Option<RqRes>,
    cnt: [u32; 3],
    ma: Option<MatchIn>,
    mb: Option<(MatchIn, Rqe)>,
    mc: Option<MatchOut>,
    md: Option<MatchOut>,
    o_m: Option<MatchOut>,
    sched: Fwft<u32>,
    reqf: Fwft<Req>,
    pendf: Fwft<Pend>,
    landf: Fwft<Land>,
    g: Option<RqBeat>,
    k_beat: u8,
    p_err: bool,
    last_cs: Option<u32>,
    /// Coverage counters.
    pub cov: RqCov,
    out: RqOutputs,
}

/// The default build: 1,024 connections x 4 streams.
pub type RqFetchModel = RqFetchModelG<10>;
/// The tiny build: 16 connections x 4 streams.
pub type RqFetchTinyModel = RqFetchModelG<4>;

impl<const IDX: usize> Default for RqFetchModelG<IDX> {
    fn default() -> Self {
        RqFetchModelG {
            mem: vec![RqCtx::default(); 4 << IDX],
            cache: vec![Rqe::default(); (4 << IDX) * WINDOW as usize],
            cmd_h: None,
            cmd_age: 0,
            db_h: None,
            f_h: None,
            busy: false,
            s2: None,
            fout: 0,
            tagc: 0,
            a: None,
            b: None,
            cz: None,
            o_cs: None,
            c: None,
            e: None,
            d: None,
            res: None,
            cnt: [0; 3],
            ma: None,
            mb: None,
            mc: None,
            md: None,
            o_m: None,
            sched: Fwft::default(),
            reqf: Fwft::default(),
            pendf: Fwft::default(),
            landf: Fwft::default(),
            g: None,
            k_beat: 0,
            p_err: false,
            last_cs: None,
            cov: RqCov::default(),
            out: RqOutputs {
                cmd_ready: true,
                db_ready: true,
                rs_ready: true,
                ..RqOutputs::default()
            },
        }
    }
}

/// The MATCH result for a packet against a context and the cache entry
/// `e` of its slot (the reference model's order of checks).
pub fn match_result(m: &MatchIn, ctx: &RqCtx, e: &Rqe) -> MatchOut {
    let d = m.rsn.wrapping_sub(ctx.base) & M24;
    let f = ctx.fetch.wrapping_sub(ctx.base) & M24;
    let code = if !ctx.valid {
        CODE_NO_CONTEXT
    } else if d >= 1 << 23 {
        CODE_LATE
    } else if d >= f {
        CODE_NO_RECV_BUFFER
    } else if m.msg_len > e.len {
        CODE_BUFFER_TOO_SMALL
    } else if m.offset as u64 + m.len as u64 > m.msg_len as u64 {
        CODE_MALFORMED
    } else {
        CODE_OK
    };
    let ok = code == CODE_OK;
    MatchOut {
        tag: m.tag,
        ok,
        code,
        addr: if ok {
            e.addr.wrapping_add(m.offset as u64)
        } else {
            0
        },
        lkey: if ok { e.lkey } else { 0 },
        buf_len: if ok { e.len } else { 0 },
    }
}

impl<const IDX: usize> RqFetchModelG<IDX> {
    /// The context of (conn, stream) as the RTL holds it.
    pub fn ctx(&self, conn: u32, stream: u8) -> RqCtx {
        self.mem[self.idx(conn, stream) as usize]
    }

    /// The cache entry of `rsn` on (conn, stream).
    pub fn entry(&self, conn: u32, stream: u8, rsn: u32) -> Rqe {
        self.cache[(self.idx(conn, stream) * WINDOW + (rsn % WINDOW)) as usize]
    }

    /// Reads outstanding.
    pub fn fout(&self) -> u32 {
        self.fout
    }

    fn idx(&self, conn: u32, stream: u8) -> u32 {
        ((conn & ((1 << IDX) - 1)) << 2) | (stream as u32 & 3)
    }

    /// Apply a lane-A operation at its S1; returns (push, consume result).
    fn apply(&mut self, o: &OpA) -> (bool, Option<ConsumeOut>) {
        let r = self.mem[o.idx as usize];
        let mut t = r;
        let mut push = false;
        let mut cs = None;
        match o.op {
            A_CREATE => {
                if !o.argbad {
                    t = RqCtx {
                        iova: o.iova,
                        log2: o.small as u8 & 15,
                        pi: 0,
                        fetch: 0,
                        base: 0,
                        gen: r.gen.wrapping_add(1),
                        valid: true,
                        queued: r.queued,
                        kick: false,
                        err: false,
                    };
                } else {
                    self.cov.create_refused += 1;
                }
            }
            A_DESTROY => {
                t.valid = false;
                if self.pendf.iter().any(|p| p.idx == o.idx)
                    || self.landf.iter().any(|l| l.idx == o.idx)
                {
                    self.cov.destroy_inflight += 1;
                }
            }
            A_DB_COMMIT => {
                t.pi = o.small;
                if o.flag {
                    if r.queued {
                        t.kick = true;
                    } else {
                        t.queued = true;
                        push = true;
                    }
                }
            }
            A_F_CLEAR => {
                if r.kick {
                    t.kick = false;
                    push = true;
                    self.cov.kicked += 1;
                } else {
                    t.queued = false;
                }
            }
            A_LAND => {
                if r.valid && r.gen == o.gen {
                    if o.flag {
                        t.err = true;
                        self.cov.land_err += 1;
                    } else {
                        t.fetch = o.fnew;
                        if o.fnew.wrapping_sub(r.base) & M24 == WINDOW {
                            self.cov.cache_full += 1;
                        }
                    }
                } else {
                    self.cov.land_dropped += 1;
                }
                t.kick = false;
                push = true;
            }
            A_CONSUME => {
                let ok = r.valid && r.fetch != r.base;
                let e = self.cache[(o.idx * WINDOW + (r.base % WINDOW)) as usize];
                if ok {
                    t.base = r.base.wrapping_add(1) & M24;
                    if r.queued {
                        t.kick = true;
                    } else if r.pi != r.fetch as u16 {
                        t.queued = true;
                        push = true;
                    }
                    if self.last_cs == Some(o.idx) {
                        self.cov.consume_b2b += 1;
                    }
                } else {
                    self.cov.consume_refused += 1;
                }
                self.last_cs = ok.then_some(o.idx);
                cs = Some(ConsumeOut {
                    ok,
                    wr_id: if ok { e.wr_id } else { 0 },
                    len: if ok { e.len } else { 0 },
                });
            }
            _ => {}
        }
        if o.op != A_CONSUME {
            self.last_cs = None;
        }
        self.mem[o.idx as usize] = t;
        (push, cs)
    }
}

impl<const IDX: usize> CycleModel for RqFetchModelG<IDX> {
    const MODULE: &'static str = if IDX == 10 {
        "rq_fetch"
    } else {
        "rq_fetch_tiny"
    };
    const INPUTS: &'static [&'static str] = &[
        "cmd_valid",
        "cmd_op",
        "cmd_conn",
        "cmd_stream",
        "cmd_iova",
        "cmd_log2",
        "db_valid",
        "db_pi",
        "db_stream",
        "db_conn",
        "rd_ready",
        "rs_valid",
        "rs_data",
        "rs_tag",
        "rs_last",
        "rs_err",
        "m_valid",
        "m_tag",
        "m_conn",
        "m_stream",
        "m_rsn",
        "m_offset",
        "m_len",
        "m_msg_len",
        "cs_valid",
        "cs_conn",
        "cs_stream",
    ];
    const OUTPUTS: &'static [&'static str] = &[
        "cmd_ready",
        "db_ready",
        "rd_valid",
        "rd_addr",
        "rd_len",
        "rd_tag",
        "rs_ready",
        "m_rvalid",
        "m_rtag",
        "m_ok",
        "m_code",
        "m_addr",
        "m_lkey",
        "m_buf_len",
        "cs_rvalid",
        "cs_ok",
        "cs_wr_id",
        "cs_len",
        "res_valid",
        "res_op",
        "res_conn",
        "res_stream",
        "res_refused",
        "cnt_db_refused",
        "cnt_consume_refused",
        "cnt_rs_err",
    ];
    type In = RqIn;
    type Out = RqOutputs;
    type Stim = RqStim<IDX>;

    fn step(&mut self, i: &RqIn) -> RqOutputs {
        let cmask = (1u32 << IDX) - 1;
        let (cmd_was, db_was, f_was) = (
            self.cmd_h.is_some(),
            self.db_h.is_some(),
            self.f_h.is_some(),
        );

        // ---- MATCH lane (reads the contexts before this edge's lane-A write)
        let o_m_next = self.md.take();
        self.md = self.mc.take();
        self.mc = self.mb.take().map(|(m, e)| {
            let ctx = self.mem[self.idx(m.conn, m.stream) as usize];
            match_result(&m, &ctx, &e)
        });
        if let Some(r) = self.mc {
            self.cov.codes[r.code as usize & 15] += 1;
        }
        // the cache read of the MATCH in S0 (before this edge's beat write)
        self.mb = self.ma.take().map(|m| {
            let idx = self.idx(m.conn, m.stream);
            (m, self.cache[(idx * WINDOW + (m.rsn % WINDOW)) as usize])
        });
        let ma_slot = self
            .mb
            .map(|(m, _)| (self.idx(m.conn, m.stream), m.rsn % WINDOW));
        self.ma = i.m;

        // ---- lane A arbitration
        let cmd_elig = self.cmd_h.is_some() && self.cmd_age == 2;
        let land_head = self.landf.head();
        let pick_cs = i.cs.is_some();
        let pick_land = !pick_cs && land_head.is_some();
        let pick_s2 = !pick_cs && !pick_land && self.s2.is_some();
        let free = !pick_cs && !pick_land && self.s2.is_none() && !self.busy;
        let pick_cmd = free && cmd_elig;
        let pick_db = free && !cmd_elig && self.db_h.is_some();
        let pick_f =
            free && !cmd_elig && self.db_h.is_none() && self.f_h.is_some() && self.fout < FETCHES;
        if free && !cmd_elig && self.db_h.is_none() && self.f_h.is_some() && !pick_f {
            self.cov.fetch_full += 1;
        }
        if !free && !self.busy && self.s2.is_none() && (cmd_elig || self.db_h.is_some()) {
            self.cov.slow_held += 1;
        }
        let a_next = if let Some((conn, stream)) = i.cs {
            Some(OpA {
                op: A_CONSUME,
                idx: self.idx(conn, stream),
                ..OpA::default()
            })
        } else if pick_land {
            let l = land_head.expect("head");
            Some(OpA {
                op: A_LAND,
                idx: l.idx,
                flag: l.err,
                gen: l.gen,
                fnew: l.fnew,
                ..OpA::default()
            })
        } else if pick_s2 {
            let s = self.s2.expect("held");
            Some(OpA {
                op: s.op,
                idx: s.idx,
                small: s.pi,
                flag: s.nw,
                ..OpA::default()
            })
        } else if pick_cmd {
            let h = self.cmd_h.take().expect("held");
            let ring = ((h.iova >> 5).wrapping_add((h.stream as u64 & 3) << (h.log2 & 15)))
                & ((1u64 << 59) - 1);
            Some(OpA {
                op: h.op & 1,
                idx: self.idx(h.conn, h.stream),
                iova: ring,
                small: h.log2 as u16 & 15,
                argbad: !h.iova.is_multiple_of(RQ_ALIGN) || ((h.log2 & 15) as u32) < RING_LOG2_MIN,
                ..OpA::default()
            })
        } else if pick_db {
            let (pi, stream, conn) = self.db_h.take().expect("held");
            Some(OpA {
                op: A_DB_LOOK,
                idx: self.idx(conn as u32, stream),
                small: pi,
                argbad: conn as u32 > cmask || stream >= 4,
                ..OpA::default()
            })
        } else if pick_f {
            Some(OpA {
                op: A_F_LOOK,
                idx: self.f_h.take().expect("held"),
                ..OpA::default()
            })
        } else {
            None
        };

        // ---- S4: decisions of the look in d
        let mut req_push = None;
        let mut pend_push = None;
        let mut s2_next = if pick_s2 { None } else { self.s2 };
        let mut clr_busy = false;
        let mut issue = false;
        let mut res_next = None;
        if let Some(d) = self.d.take() {
            let r = d.rec;
            match d.op {
                A_F_LOOK => {
                    let d16 = r.pi.wrapping_sub(r.fetch as u16);
                    let used = (r.fetch.wrapping_sub(r.base) & 63) as u8;
                    let room = 32u8.wrapping_sub(used) & 63;
                    let mask = !(0xffffu16 << (r.log2 & 15));
                    let off = r.fetch as u16 & mask;
                    let wl = !(r.fetch as u16) & mask;
                    let a7 = ((r.iova as u16).wrapping_add(off) & 127) as u8;
                    let cap_d = if d16 >= 8 { 8 } else { d16 as u8 };
                    let cap_room = room.min(8);
                    let cap_end = if wl >= 7 { 8 } else { wl as u8 + 1 };
                    let cap_4k = if a7 >= 120 { 128 - a7 } else { 8 };
                    let n = if r.valid && !r.err {
                        cap_d.min(cap_room).min(cap_end.min(cap_4k))
                    } else {
                        0
                    };
                    if n > 0 {
                        issue = true;
                        clr_busy = true;
                        let addr = r.iova.wrapping_add(off as u64) & ((1u64 << 59) - 1);
                        req_push = Some(Req {
                            addr,
                            n,
                            tag: self.tagc,
                        });
                        pend_push = Some(Pend {
                            idx: d.idx,
                            gen: r.gen,
                            f0: r.fetch,
                            n,
                            tag: self.tagc,
                        });
                        self.tagc = self.tagc.wrapping_add(1);
                        self.cov.sizes[n as usize] += 1;
                        if n % 2 == 1 {
                            self.cov.odd += 1;
                        }
                        if n == cap_end && cap_end < 8 {
                            self.cov.ring_end += 1;
                        }
                        if n == cap_4k && cap_4k < 8 {
                            self.cov.page += 1;
                        }
                    } else {
                        self.cov.fetch_zero += 1;
                        s2_next = Some(S2 {
                            op: A_F_CLEAR,
                            idx: d.idx,
                            pi: 0,
                            nw: false,
                        });
                    }
                }
                A_DB_LOOK => {
                    let b16 = r.base as u16;
                    let dn = d.small.wrapping_sub(b16);
                    let do_ = r.pi.wrapping_sub(b16);
                    let size = 1u32 << (r.log2 & 15);
                    let ok = r.valid && !d.argbad && dn as u32 <= size && dn >= do_;
                    res_next = Some(RqRes {
                        op: OP_DOORBELL,
                        conn: d.idx >> 2,
                        stream: d.idx as u8 & 3,
                        refused: !ok,
                    });
                    if ok {
                        s2_next = Some(S2 {
                            op: A_DB_COMMIT,
                            idx: d.idx,
                            pi: d.small,
                            nw: dn != do_,
                        });
                    } else {
                        clr_busy = true;
                        self.cnt[0] = self.cnt[0].wrapping_add(1);
                        self.cov.db_refused += 1;
                    }
                }
                op => {
                    res_next = Some(RqRes {
                        op,
                        conn: d.idx >> 2,
                        stream: d.idx as u8 & 3,
                        refused: op == A_CREATE && d.argbad,
                    });
                }
            }
        }
        self.res = res_next;
        // busy and the held second half
        if pick_db || pick_f {
            self.busy = true;
        } else if pick_s2 || clr_busy {
            self.busy = false;
        }
        self.s2 = s2_next;
        if issue && !pick_land {
            self.fout += 1;
        } else if !issue && pick_land {
            self.fout -= 1;
        }

        // ---- look pipeline shifts; S1 applies the op in b
        self.d = self.e.take();
        self.e = self.c.take();
        let mut sched_push = None;
        self.o_cs = self.cz.take();
        if self.o_cs.is_some_and(|c| !c.ok) {
            self.cnt[1] = self.cnt[1].wrapping_add(1);
        }
        if let Some(bo) = self.b.take() {
            let rec = self.mem[bo.idx as usize];
            let (push, cs) = self.apply(&bo);
            if push {
                sched_push = Some(bo.idx);
            }
            if let Some(cs) = cs {
                self.cz = Some(cs);
            }
            if matches!(bo.op, A_CREATE | A_DESTROY | A_DB_LOOK | A_F_LOOK) {
                self.c = Some(Look {
                    op: bo.op,
                    idx: bo.idx,
                    rec,
                    small: bo.small,
                    argbad: bo.argbad,
                });
            }
        } else {
            self.last_cs = None;
        }
        self.b = self.a.take();
        self.a = a_next;

        // ---- responses: the registered beat against the oldest read
        let mut pend_pop = false;
        let mut land_push = None;
        match (self.g.take(), self.pendf.head()) {
            (Some(g), Some(p)) => {
                let nb = p.n.div_ceil(2);
                let last = self.k_beat + 1 == nb;
                let x = g.err || g.tag != p.tag || g.last != last;
                if x {
                    self.cnt[2] = self.cnt[2].wrapping_add(1);
                } else {
                    let r0 = p.f0.wrapping_add(2 * self.k_beat as u32);
                    let lanes = if 2 * self.k_beat + 1 < p.n { 2 } else { 1 };
                    for l in 0..lanes {
                        let slot = (r0 + l) % WINDOW;
                        if ma_slot == Some((p.idx, slot)) {
                            self.cov.match_written += 1;
                        }
                        self.cache[(p.idx * WINDOW + slot) as usize] =
                            Rqe::decode(&g.data[32 * l as usize..32 * (l as usize + 1)]);
                    }
                }
                if last {
                    pend_pop = true;
                    land_push = Some(Land {
                        idx: p.idx,
                        gen: p.gen,
                        fnew: p.f0.wrapping_add(p.n as u32) & M24,
                        err: self.p_err || x,
                    });
                    self.k_beat = 0;
                    self.p_err = false;
                } else {
                    self.k_beat += 1;
                    self.p_err |= x;
                }
            }
            (Some(_), None) => self.cnt[2] = self.cnt[2].wrapping_add(1),
            _ => {}
        }
        self.g = i.rs;

        // ---- queues and holding registers
        let rd_pop = self.reqf.head().is_some() && i.rd_ready;
        let f_load = !f_was && self.sched.head().is_some();
        let f_head = self.sched.head();
        self.sched.edge(f_load, sched_push);
        if f_load {
            self.f_h = f_head;
        }
        self.reqf.edge(rd_pop, req_push);
        self.pendf.edge(pend_pop, pend_push);
        self.landf.edge(pick_land, land_push);
        assert!(
            self.reqf.len() <= FETCHES as usize
                && self.pendf.len() <= FETCHES as usize
                && self.landf.len() <= FETCHES as usize
                && self.sched.len() <= 4 << IDX,
            "rq_fetch model: a queue overflowed"
        );
        if cmd_was {
            if self.cmd_h.is_some() && self.cmd_age != 2 {
                self.cmd_age += 1;
            }
        } else {
            self.cmd_age = 0;
            if i.cmd_valid {
                self.cmd_h = Some(CmdH {
                    op: i.cmd_op & 1,
                    conn: i.cmd_conn & cmask,
                    stream: i.cmd_stream & 3,
                    iova: i.cmd_iova,
                    log2: i.cmd_log2 & 15,
                });
            }
        }
        if !db_was && i.db_valid {
            self.db_h = Some((i.db_pi, i.db_stream & 15, i.db_conn & 0xfff));
        }
        self.o_m = o_m_next;

        let rq = self.reqf.head();
        self.out = RqOutputs {
            cmd_ready: self.cmd_h.is_none(),
            db_ready: self.db_h.is_none(),
            rd_valid: rq.is_some(),
            rd_addr: rq.map_or(0, |r| r.addr << 5),
            rd_len: rq.map_or(0, |r| r.n as u16 * 32),
            rd_tag: rq.map_or(0, |r| r.tag),
            rs_ready: true,
            m: self.o_m,
            cs: self.o_cs,
            res: self.res,
            cnt_db_refused: self.cnt[0],
            cnt_consume_refused: self.cnt[1],
            cnt_rs_err: self.cnt[2],
        };
        self.out
    }

    fn encode(i: &RqIn, p: &mut [Vec<u32>]) {
        let cm = (1u64 << IDX) - 1;
        put_u64(&mut p[0], i.cmd_valid as u64);
        put_u64(&mut p[1], i.cmd_op as u64 & 1);
        put_u64(&mut p[2], i.cmd_conn as u64 & cm);
        put_u64(&mut p[3], i.cmd_stream as u64 & 3);
        put_u64(&mut p[4], i.cmd_iova);
        put_u64(&mut p[5], i.cmd_log2 as u64 & 15);
        put_u64(&mut p[6], i.db_valid as u64);
        put_u64(&mut p[7], i.db_pi as u64);
        put_u64(&mut p[8], i.db_stream as u64 & 15);
        put_u64(&mut p[9], i.db_conn as u64 & 0xfff);
        put_u64(&mut p[10], i.rd_ready as u64);
        put_u64(&mut p[11], i.rs.is_some() as u64);
        let b = i.rs.unwrap_or(RqBeat {
            data: [0; 64],
            tag: 0,
            last: false,
            err: false,
        });
        for (k, x) in b.data.iter().enumerate() {
            p[12][k / 4] |= (*x as u32) << (8 * (k % 4));
        }
        put_u64(&mut p[13], b.tag as u64);
        put_u64(&mut p[14], b.last as u64);
        put_u64(&mut p[15], b.err as u64);
        let m = i.m.unwrap_or_default();
        put_u64(&mut p[16], i.m.is_some() as u64);
        put_u64(&mut p[17], m.tag as u64);
        put_u64(&mut p[18], m.conn as u64 & cm);
        put_u64(&mut p[19], m.stream as u64 & 3);
        put_u64(&mut p[20], m.rsn as u64 & M24 as u64);
        put_u64(&mut p[21], m.offset as u64);
        put_u64(&mut p[22], m.len as u64);
        put_u64(&mut p[23], m.msg_len as u64);
        let (cc, cst) = i.cs.unwrap_or((0, 0));
        put_u64(&mut p[24], i.cs.is_some() as u64);
        put_u64(&mut p[25], cc as u64 & cm);
        put_u64(&mut p[26], cst as u64 & 3);
    }

    fn decode(p: &[Vec<u32>]) -> RqOutputs {
        let g = |k: usize| get_u64(&p[k]);
        let m = (g(7) & 1 == 1).then(|| MatchOut {
            tag: g(8) as u16,
            ok: g(9) & 1 == 1,
            code: g(10) as u8,
            addr: g(11),
            lkey: g(12) as u32,
            buf_len: g(13) as u32,
        });
        let cs = (g(14) & 1 == 1).then(|| ConsumeOut {
            ok: g(15) & 1 == 1,
            wr_id: g(16),
            len: g(17) as u32,
        });
        let res = (g(18) & 1 == 1).then(|| RqRes {
            op: g(19) as u8,
            conn: g(20) as u32,
            stream: g(21) as u8,
            refused: g(22) & 1 == 1,
        });
        let mut o = RqOutputs {
            cmd_ready: g(0) & 1 == 1,
            db_ready: g(1) & 1 == 1,
            rd_valid: g(2) & 1 == 1,
            rd_addr: g(3),
            rd_len: g(4) as u16,
            rd_tag: g(5) as u8,
            rs_ready: g(6) & 1 == 1,
            m,
            cs,
            res,
            cnt_db_refused: g(23) as u32,
            cnt_consume_refused: g(24) as u32,
            cnt_rs_err: g(25) as u32,
        };
        // a port group without its valid must show zeros
        let zero_m = m.is_none() && (8..=13).any(|k| g(k) != 0);
        let zero_cs = cs.is_none() && (15..=17).any(|k| g(k) != 0);
        let zero_res = res.is_none() && (19..=22).any(|k| g(k) != 0);
        if zero_m || zero_cs || zero_res {
            o.cnt_rs_err = u32::MAX;
        }
        o
    }
}

/// One receive ring the stimulus drives (the driver's side of it).
#[derive(Debug, Clone)]
pub struct HostRq {
    /// Connection.
    pub conn: u32,
    /// Stream.
    pub stream: u8,
    /// Base of the connection's rings (the CREATE argument).
    pub iova: u64,
    /// log2 entries.
    pub log2: u8,
    /// Created (as far as the stimulus knows).
    pub created: bool,
    /// Receives posted since the CREATE.
    pub posted: u32,
    /// Receives consumed (CONSUME results seen ok).
    pub consumed: u32,
    /// CONSUMEs issued whose result has not come back.
    pub cs_pending: u32,
    /// The RQEs posted, by RSN (kept for the checks).
    pub rqes: HashMap<u32, Rqe>,
}

impl HostRq {
    /// The ring's base address.
    pub fn ring(&self) -> u64 {
        self.iova
            .wrapping_add((self.stream as u64) << (self.log2 as u32 + 5))
    }
    /// Address of the RQE of `rsn`.
    pub fn slot_addr(&self, rsn: u32) -> u64 {
        self.ring()
            .wrapping_add(32 * (rsn as u64 & ((1u64 << self.log2) - 1)))
    }
}

/// A read the DMA side took.
#[derive(Debug, Clone, Copy)]
struct HostRead {
    addr: u64,
    len: u16,
    tag: u8,
    at: u64,
}

/// Seeded closed-loop stimulus: commands, doorbells (some bad), a host
/// memory that answers reads (in order, random latency, some failed or
/// mangled), MATCHes near each ring's `base`, CONSUMEs.
#[derive(Debug, Clone)]
pub struct RqStim<const IDX: usize> {
    rng: ChaCha8Rng,
    /// The rings driven.
    pub rings: Vec<HostRq>,
    /// Host memory: RQEs by address.
    pub host: HashMap<u64, [u8; RQE_BYTES]>,
    reads: VecDeque<HostRead>,
    beat: u8,
    last: RqOutputs,
    cycle: u64,
    /// No bad inputs (for the behaviour tests).
    pub clean: bool,
    /// Probability of a CONSUME per clock.
    pub p_cs: f64,
    /// Probability of a MATCH per clock.
    pub p_m: f64,
    /// CONSUME results seen that did not match the posted RQE.
    pub errors: Vec<String>,
    cs_q: VecDeque<usize>,
    last_cs: Option<usize>,
    m_q: VecDeque<(usize, MatchIn, u64)>,
    /// Placed MATCHes checked against the posted RQE.
    pub matched: u64,
    /// CONSUMEs checked.
    pub consumed: u64,
    quiet: u64,
}

impl<const IDX: usize> RqStim<IDX> {
    /// A stimulus without bad inputs (every read answered correctly,
    /// doorbells within the rules).
    pub fn clean(seed: u64) -> Self {
        let mut s = Self::new(seed);
        s.clean = true;
        s
    }

    fn post(&mut self, k: usize, n: u32) {
        for _ in 0..n {
            let e = Rqe {
                wr_id: self.rng.gen(),
                addr: if self.rng.gen_bool(0.05) {
                    u64::MAX - self.rng.gen_range(0..1u64 << 20)
                } else {
                    self.rng.gen::<u64>() >> 8
                },
                lkey: self.rng.gen(),
                len: self.rng.gen_range(1..1u32 << 16),
            };
            let h = &mut self.rings[k];
            let rsn = h.posted & M24;
            let a = h.slot_addr(rsn);
            h.rqes.insert(rsn, e);
            h.rqes.remove(&(rsn.wrapping_sub(1 << 16) & M24));
            h.posted += 1;
            self.host.insert(a, e.encode());
        }
    }

    fn beat_data(&self, addr: u64, k: u8, n: u8) -> [u8; 64] {
        let mut d = [0u8; 64];
        for l in 0..2u8 {
            if 2 * k + l < n {
                let a = addr + 32 * (2 * k + l) as u64;
                let b = self.host.get(&a).copied().unwrap_or([0; RQE_BYTES]);
                d[32 * l as usize..32 * (l as usize + 1)].copy_from_slice(&b);
            }
        }
        d
    }
}

impl<const IDX: usize> Stimulus for RqStim<IDX> {
    type In = RqIn;
    type Out = RqOutputs;
    const CLOSED_LOOP: bool = true;

    fn new(seed: u64) -> Self {
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x7271_6665);
        let nconn = 1u32 << IDX;
        let conns: Vec<u32> = vec![0, 1, nconn - 1, nconn / 2, 3 % nconn];
        let mut rings = Vec::new();
        let mut seen = Vec::new();
        for c in conns {
            if seen.contains(&c) {
                continue;
            }
            seen.push(c);
            // small rings wrap often; bases near 4 KiB boundaries split reads
            let log2 = *[2u8, 3, 4, 5, 6, 7].get(rng.gen_range(0..6)).unwrap_or(&4);
            let page = rng.gen_range(1..1u64 << 30) << 12;
            let iova = page + 4096 - 32 * rng.gen_range(1..40u64);
            for s in 0..4u8 {
                rings.push(HostRq {
                    conn: c,
                    stream: s,
                    iova,
                    log2,
                    created: false,
                    posted: 0,
                    consumed: 0,
                    cs_pending: 0,
                    rqes: HashMap::new(),
                });
            }
        }
        RqStim {
            rng,
            rings,
            host: HashMap::new(),
            reads: VecDeque::new(),
            beat: 0,
            last: RqOutputs {
                cmd_ready: true,
                db_ready: true,
                rs_ready: true,
                ..RqOutputs::default()
            },
            cycle: 0,
            clean: false,
            p_cs: 0.3,
            p_m: 0.6,
            errors: Vec::new(),
            cs_q: VecDeque::new(),
            last_cs: None,
            m_q: VecDeque::new(),
            matched: 0,
            consumed: 0,
            quiet: 0,
        }
    }

    fn next(&mut self, cycle: u64) -> RqIn {
        self.cycle = cycle;
        let mut i = RqIn::default();
        let nr = self.rings.len();
        // quiet stretches let the rings fill up (cache full)
        if self.quiet == 0 && self.rng.gen_bool(0.002) {
            self.quiet = self.rng.gen_range(50..400);
        }
        let quiet = self.quiet > 0;
        self.quiet = self.quiet.saturating_sub(1);
        // ---- commands
        if self.last.cmd_ready && self.rng.gen_bool(if quiet { 0.0 } else { 0.01 }) {
            let k = self.rng.gen_range(0..nr);
            let h = &mut self.rings[k];
            i.cmd_valid = true;
            i.cmd_conn = h.conn;
            i.cmd_stream = h.stream;
            i.cmd_iova = h.iova;
            i.cmd_log2 = h.log2;
            let destroy = h.created && self.rng.gen_bool(0.3);
            if destroy {
                i.cmd_op = 1;
                h.created = false;
            } else if !self.clean && self.rng.gen_bool(0.1) {
                // refused: misaligned or log2 0
                if self.rng.gen_bool(0.5) {
                    i.cmd_iova += self.rng.gen_range(1..32);
                } else {
                    i.cmd_log2 = 0;
                }
            } else if !h.created || self.rng.gen_bool(0.3) {
                h.created = true;
                h.posted = 0;
                h.consumed = 0;
                h.rqes.clear();
            } else {
                i.cmd_valid = false;
            }
        }
        // ---- doorbells
        if self.last.db_ready && self.rng.gen_bool(0.08) {
            let k = self.rng.gen_range(0..nr);
            let size = 1u32 << self.rings[k].log2;
            let h = &self.rings[k];
            let room = (h.consumed + size).saturating_sub(h.posted);
            let bad = !self.clean && self.rng.gen_bool(0.08);
            if h.created && !bad {
                let n = self.rng.gen_range(0..=room.min(12));
                self.post(k, n);
                let h = &self.rings[k];
                i.db_valid = true;
                i.db_pi = h.posted as u16;
                i.db_stream = h.stream;
                i.db_conn = h.conn as u16;
            } else if !self.clean {
                i.db_valid = true;
                i.db_pi = h.posted as u16;
                i.db_stream = h.stream;
                i.db_conn = h.conn as u16;
                match self.rng.gen_range(0..5) {
                    0 => i.db_conn = self.rng.gen_range((1u32 << IDX).min(4095)..4096) as u16,
                    1 => i.db_stream = self.rng.gen_range(4..16),
                    2 => i.db_pi = h.posted.wrapping_sub(self.rng.gen_range(1..4)) as u16,
                    3 => i.db_pi = (h.consumed + size + self.rng.gen_range(1..8)) as u16,
                    _ => {}
                }
            }
        }
        // ---- DMA requests and responses
        i.rd_ready = self.rng.gen_bool(if self.clean { 0.8 } else { 0.6 });
        if self.last.rd_valid && i.rd_ready {
            // now and then a slow stretch of reads fills every read slot
            let lat = if cycle % 20_000 < 2_000 {
                self.rng.gen_range(100..300)
            } else {
                self.rng.gen_range(2..40)
            };
            self.reads.push_back(HostRead {
                addr: self.last.rd_addr,
                len: self.last.rd_len,
                tag: self.last.rd_tag,
                at: cycle + lat,
            });
        }
        if let Some(r) = self.reads.front().copied() {
            if r.at <= cycle && self.rng.gen_bool(0.7) {
                let n = (r.len / 32) as u8;
                let nb = n.div_ceil(2);
                let mut b = RqBeat {
                    data: self.beat_data(r.addr, self.beat, n),
                    tag: r.tag,
                    last: self.beat + 1 == nb,
                    err: false,
                };
                if !self.clean {
                    match self.rng.gen_range(0..400) {
                        0 | 1 => b.err = true,
                        2 => b.tag ^= 1 << self.rng.gen_range(0..8),
                        3 => b.last = !b.last,
                        _ => {}
                    }
                }
                i.rs = Some(b);
                self.beat += 1;
                if self.beat == nb {
                    self.beat = 0;
                    self.reads.pop_front();
                }
            }
        } else if !self.clean && self.rng.gen_bool(0.0005) {
            i.rs = Some(RqBeat {
                data: [0x5a; 64],
                tag: self.rng.gen(),
                last: true,
                err: false,
            });
        }
        // ---- CONSUME: a ring with a receive likely present
        if !quiet && self.rng.gen_bool(self.p_cs) {
            let k = self.rng.gen_range(0..nr);
            let h = &mut self.rings[k];
            let likely = h.created && h.posted > h.consumed + h.cs_pending;
            if likely || (!self.clean && self.rng.gen_bool(0.1)) {
                i.cs = Some((h.conn, h.stream));
                h.cs_pending += 1;
                self.cs_q.push_back(k);
                self.last_cs = Some(k);
            }
        } else if let Some(k) = self.last_cs.take() {
            // back-to-back on one ring
            let h = &mut self.rings[k];
            if !quiet && h.posted > h.consumed + h.cs_pending && self.rng.gen_bool(0.5) {
                i.cs = Some((h.conn, h.stream));
                h.cs_pending += 1;
                self.cs_q.push_back(k);
            }
        }
        // ---- MATCH near base
        if self.rng.gen_bool(self.p_m) {
            let k = self.rng.gen_range(0..nr);
            let h = &self.rings[k];
            let ahead = h.posted.saturating_sub(h.consumed) + 3;
            let rsn = if !self.clean && self.rng.gen_bool(0.05) {
                self.rng.gen::<u32>() & M24
            } else {
                (h.consumed + self.rng.gen_range(0..ahead)).wrapping_sub(self.rng.gen_range(0..3))
                    & M24
            };
            let blen = h.rqes.get(&rsn).map_or(1000, |e| e.len);
            let msg_len = if self.rng.gen_bool(0.1) {
                blen.saturating_add(self.rng.gen_range(1..100))
            } else {
                self.rng.gen_range(0..=blen)
            };
            let len = self.rng.gen_range(0..=msg_len.min(4096)) as u16;
            let offset = if self.rng.gen_bool(0.05) {
                self.rng.gen()
            } else {
                self.rng.gen_range(0..=msg_len - len as u32)
            };
            let m = MatchIn {
                tag: self.rng.gen(),
                conn: h.conn,
                stream: h.stream,
                rsn,
                offset,
                len,
                msg_len,
            };
            i.m = Some(m);
            self.m_q.push_back((k, m, cycle));
        }
        i
    }

    fn observe(&mut self, o: &RqOutputs) {
        if let Some(c) = o.cs {
            if let Some(k) = self.cs_q.pop_front() {
                let h = &mut self.rings[k];
                h.cs_pending -= 1;
                let rsn = h.consumed & M24;
                if c.ok {
                    h.consumed += 1;
                    self.consumed += 1;
                    if let Some(e) = h.rqes.get(&rsn) {
                        if e.wr_id != c.wr_id || e.len != c.len {
                            self.errors
                                .push(format!("ring {k} rsn {rsn}: consumed {c:?}, posted {e:?}"));
                        }
                    }
                }
            }
        }
        if let Some(m) = o.m {
            if let Some((k, mi, _)) = self.m_q.pop_front() {
                if m.ok {
                    self.matched += 1;
                    if let Some(e) = self.rings[k].rqes.get(&mi.rsn) {
                        if e.addr.wrapping_add(mi.offset as u64) != m.addr
                            || e.lkey != m.lkey
                            || e.len != m.buf_len
                        {
                            self.errors.push(format!(
                                "ring {k} rsn {}: matched {m:?}, posted {e:?}",
                                mi.rsn
                            ));
                        }
                    }
                }
            }
        }
        self.last = *o;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The refusals come in the reference model's order, and a placed
    /// packet's address wraps at 2^64.
    #[test]
    fn rq_fetch_match_codes_in_reference_order() {
        let ctx = RqCtx {
            valid: true,
            base: 0xff_fffe,
            fetch: 1,
            ..RqCtx::default()
        };
        let e = Rqe {
            wr_id: 7,
            addr: u64::MAX - 3,
            lkey: 0x1234,
            len: 100,
        };
        let m = |rsn, offset, len, msg_len| MatchIn {
            tag: 9,
            conn: 0,
            stream: 0,
            rsn,
            offset,
            len,
            msg_len,
        };
        let code = |c: &RqCtx, x: MatchIn| match_result(&x, c, &e).code;
        let bad = RqCtx {
            valid: false,
            ..ctx
        };
        // every check failing: the first in order wins
        assert_eq!(code(&bad, m(0xff_fff0, 90, 20, 200)), CODE_NO_CONTEXT);
        assert_eq!(code(&ctx, m(0xff_fff0, 90, 20, 200)), CODE_LATE);
        assert_eq!(code(&ctx, m(1, 90, 20, 200)), CODE_NO_RECV_BUFFER);
        assert_eq!(code(&ctx, m(0, 90, 20, 200)), CODE_BUFFER_TOO_SMALL);
        assert_eq!(code(&ctx, m(0, 90, 20, 100)), CODE_MALFORMED);
        assert_eq!(code(&ctx, m(0, u32::MAX, 1, 100)), CODE_MALFORMED);
        let ok = match_result(&m(0xff_ffff, 80, 20, 100), &ctx, &e);
        assert_eq!(
            ok,
            MatchOut {
                tag: 9,
                ok: true,
                code: CODE_OK,
                addr: 76,
                lkey: 0x1234,
                buf_len: 100
            }
        );
        // an RQE round-trips through braid-spec's layout
        assert_eq!(Rqe::decode(&e.encode()), e);
    }
}
