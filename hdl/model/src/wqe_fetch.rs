//! Cycle-exact model of `wqe_fetch` (`hdl/rtl/src/wqe_fetch.rs`): send-ring
//! contexts, doorbells, per-connection credits, the round-robin fetch
//! queue, DMA reads of up to 8 WQEs and the checked WQE stream (fields by
//! braid-spec's `host::WQE` table).

use super::{get_u64, put_u64, CycleModel, Stimulus};
use braid_spec::host::{self, wqe, RING_LOG2_MAX, RING_LOG2_MIN, WQE_BYTES};
use braid_spec::state::MAX_STREAMS;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::{HashMap, VecDeque};

/// WQE slots the segmenter keeps per connection (`braid_spec::state::SEG_WQE_SLOTS`).
pub const SEG_WQE_SLOTS: u8 = braid_spec::state::SEG_WQE_SLOTS as u8;
/// Output queue entries.
pub const OUT_DEPTH: u32 = 32;
/// Fetches outstanding at most.
pub const FETCHES: u32 = 8;
/// `res_op` codes.
pub const OP_CREATE: u8 = 0;
/// DESTROY.
pub const OP_DESTROY: u8 = 1;
/// Doorbell.
pub const OP_DOORBELL: u8 = 2;
/// Credit return.
pub const OP_CREDIT: u8 = 3;
/// Fetch.
pub const OP_FETCH: u8 = 4;
/// `wqe_reason` bits.
pub const REASON_DMA: u8 = 1;
/// Opcode outside 1..=4.
pub const REASON_OPCODE: u8 = 2;
/// `num_sge > 1`.
pub const REASON_NUM_SGE: u8 = 4;
/// `num_sge == 0 && len != 0`.
pub const REASON_NO_SGE: u8 = 8;
/// `sge_len != len`.
pub const REASON_SGE_LEN: u8 = 16;
/// `stream >= MAX_STREAMS`.
pub const REASON_STREAM: u8 = 32;

/// The parsed fields of a WQE (braid-spec `host::WQE`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct WqeFields {
    /// `opcode`.
    pub opcode: u8,
    /// `flags`.
    pub flags: u8,
    /// `stream`.
    pub stream: u8,
    /// `num_sge`.
    pub num_sge: u8,
    /// `len`.
    pub len: u32,
    /// `wr_id`.
    pub wr_id: u64,
    /// `imm`.
    pub imm: u32,
    /// `rkey`.
    pub rkey: u32,
    /// `remote_addr`.
    pub remote_addr: u64,
    /// `sge_addr`.
    pub sge_addr: u64,
    /// `sge_lkey`.
    pub sge_lkey: u32,
    /// `sge_len`.
    pub sge_len: u32,
}

impl WqeFields {
    /// Decode with braid-spec's field table.
    pub fn decode(rec: &[u8]) -> Self {
        let g = |f| host::get(rec, f);
        WqeFields {
            opcode: g(wqe::OPCODE) as u8,
            flags: g(wqe::FLAGS) as u8,
            stream: g(wqe::STREAM) as u8,
            num_sge: g(wqe::NUM_SGE) as u8,
            len: g(wqe::LEN) as u32,
            wr_id: g(wqe::WR_ID),
            imm: g(wqe::IMM) as u32,
            rkey: g(wqe::RKEY) as u32,
            remote_addr: g(wqe::REMOTE_ADDR),
            sge_addr: g(wqe::SGE_ADDR),
            sge_lkey: g(wqe::SGE_LKEY) as u32,
            sge_len: g(wqe::SGE_LEN) as u32,
        }
    }

    /// The value of the braid-spec `host::WQE` field named `name` (`None`
    /// for a field the WQE stream does not carry).
    pub fn field(&self, name: &str) -> Option<u64> {
        Some(match name {
            "opcode" => self.opcode as u64,
            "flags" => self.flags as u64,
            "stream" => self.stream as u64,
            "num_sge" => self.num_sge as u64,
            "len" => self.len as u64,
            "wr_id" => self.wr_id,
            "imm" => self.imm as u64,
            "rkey" => self.rkey as u64,
            "remote_addr" => self.remote_addr,
            "sge_addr" => self.sge_addr,
            "sge_lkey" => self.sge_lkey as u64,
            "sge_len" => self.sge_len as u64,
            _ => return None,
        })
    }

    /// The `REASON_*` mask of the field checks (not the DMA bit).
    pub fn check(&self) -> u8 {
        let mut r = 0;
        if self.opcode == 0 || self.opcode > 4 {
            r |= REASON_OPCODE;
        }
        if self.num_sge > 1 {
            r |= REASON_NUM_SGE;
        }
        if self.num_sge == 0 && self.len != 0 {
            r |= REASON_NO_SGE;
        }
        if self.sge_len != self.len {
            r |= REASON_SGE_LEN;
        }
        if self.stream as usize >= MAX_STREAMS {
            r |= REASON_STREAM;
        }
        r
    }
}

/// One WQE on the output stream.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct WqeOut {
    /// Connection.
    pub conn: u32,
    /// Ring index (modulo 2^16).
    pub index: u16,
    /// The fields.
    pub f: WqeFields,
    /// `REASON_*` mask (bad when not 0).
    pub reason: u8,
}

/// A DMA response beat.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Beat {
    /// Bytes 0..63 of the beat (lanes 64.. are zero).
    pub data: [u8; 64],
    /// Tag.
    pub tag: u8,
    /// Last beat of the read.
    pub last: bool,
    /// The read failed.
    pub err: bool,
}

/// One clock's inputs.
#[derive(Debug, Clone, Copy, Default)]
pub struct WqeIn {
    /// `CTRL.enable`.
    pub enable: bool,
    /// A command.
    pub cmd_valid: bool,
    /// 0 CREATE, 1 DESTROY.
    pub cmd_op: u8,
    /// Its connection.
    pub cmd_conn: u32,
    /// CREATE: ring base.
    pub cmd_iova: u64,
    /// CREATE: log2 entries (8 bits).
    pub cmd_log2: u8,
    /// A doorbell.
    pub db_valid: bool,
    /// `SQ_DOORBELL.conn` (16 bits).
    pub db_conn: u16,
    /// `SQ_DOORBELL.pi`.
    pub db_pi: u16,
    /// A credit return.
    pub cr_valid: bool,
    /// Its connection.
    pub cr_conn: u32,
    /// Slots freed (4 bits).
    pub cr_n: u8,
    /// The DMA side takes a read request.
    pub rd_ready: bool,
    /// A response beat.
    pub rs: Option<Beat>,
    /// The segmenter takes a WQE.
    pub wqe_ready: bool,
}

/// Outputs after one edge.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct WqeOutputs {
    /// `cmd_ready`.
    pub cmd_ready: bool,
    /// `db_ready`.
    pub db_ready: bool,
    /// `cr_ready`.
    pub cr_ready: bool,
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
    /// The WQE shown (`wqe_valid`).
    pub wqe: Option<WqeOut>,
    /// `res_valid`.
    pub res_valid: bool,
    /// `res_op`.
    pub res_op: u8,
    /// `res_conn`.
    pub res_conn: u32,
    /// `res_refused`.
    pub res_refused: bool,
    /// `res_n`.
    pub res_n: u8,
    /// `cnt_db_refused`.
    pub cnt_db_refused: u32,
    /// `cnt_cr_refused`.
    pub cnt_cr_refused: u32,
    /// `cnt_bad_wqe`.
    pub cnt_bad_wqe: u32,
    /// `cnt_stray`.
    pub cnt_stray: u32,
}

/// One send-queue context.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SqCtx {
    /// Ring base bits 63:6.
    pub iova_hi: u64,
    /// log2 entries.
    pub log2: u8,
    /// Next WQE to fetch.
    pub ci: u16,
    /// Producer index from the doorbell.
    pub pi: u16,
    /// Segmenter slots free.
    pub credit: u8,
    /// Created.
    pub valid: bool,
    /// In the fetch queue or the pipeline.
    pub queued: bool,
}

/// First-word-fall-through FIFO: an entry shows one clock after its push
/// (also used by the `rq_fetch` model).
#[derive(Debug, Clone)]
pub(crate) struct Fwft<T> {
    q: VecDeque<T>,
    fresh: bool,
}

impl<T> Default for Fwft<T> {
    fn default() -> Self {
        Fwft {
            q: VecDeque::new(),
            fresh: false,
        }
    }
}

impl<T: Copy> Fwft<T> {
    /// Entries held (the one pushed at the last edge included).
    pub(crate) fn len(&self) -> usize {
        self.q.len()
    }
    /// Every entry held, oldest first.
    pub(crate) fn iter(&self) -> impl Iterator<Item = &T> {
        self.q.iter()
    }
    /// The oldest entry pushed before the last edge.
    pub(crate) fn head(&self) -> Option<T> {
        if self.q.len() > self.fresh as usize {
            self.q.front().copied()
        } else {
            None
        }
    }
    /// One edge: pop the head (if `pop`), push `push`.
    pub(crate) fn edge(&mut self, pop: bool, push: Option<T>) {
        if pop {
            self.q.pop_front();
        }
        self.fresh = push.is_some();
        if let Some(x) = push {
            self.q.push_back(x);
        }
    }
}

#[derive(Debug, Clone, Copy, Default)]
struct Op {
    op: u8,
    conn: u32,
    iova: u64,
    small: u16,
    argbad: bool,
}

#[derive(Debug, Clone, Copy, Default)]
struct S2 {
    o: Op,
    rec: SqCtx,
    d: u16,
    dn: u16,
    off: u16,
    wl: u16,
    a6: u8,
    ne: bool,
    crsum: u8,
}

#[derive(Debug, Clone, Copy, Default)]
struct S3 {
    o: Op,
    rec: SqCtx,
    ok: bool,
    n: u8,
    ge16: bool,
    d4: u8,
    dn_nz: bool,
    ne: bool,
    crsum: u8,
    off: u16,
}

#[derive(Debug, Clone, Copy)]
struct Req {
    addr: u64,
    n: u8,
    tag: u8,
}

#[derive(Debug, Clone, Copy)]
struct Pend {
    conn: u32,
    first: u16,
    n: u8,
    tag: u8,
}

#[derive(Debug, Clone, Copy)]
struct Res {
    op: u8,
    conn: u32,
    refused: bool,
    n: u8,
}

/// Cycle-exact model with `2^IDX` connections.
#[derive(Debug, Clone)]
pub struct WqeFetchModelG<const IDX: usize> {
    mem: Vec<SqCtx>,
    cmd_h: Option<(u8, u32, u64, u8)>,
    db_h: Option<(u16, u16)>,
    cr_h: Option<(u32, u8)>,
    f_h: Option<u32>,
    used: u32,
    fout: u32,
    tagc: u8,
    a: Option<Op>,
    b: Option<Op>,
    rd: SqCtx,
    c: Option<S2>,
    e: Option<S3>,
    d: Option<S3>,
    r: Option<Res>,
    pop_d: bool,
    fo1_d: bool,
    cnt: [u32; 4],
    sched: Fwft<u32>,
    reqf: Fwft<Req>,
    pendf: Fwft<Pend>,
    outf: Fwft<WqeOut>,
    g: Option<Beat>,
    k_beat: u8,
    h: Option<WqeOut>,
    out: WqeOutputs,
}

/// The default build: 1,024 connections.
pub type WqeFetchModel = WqeFetchModelG<10>;
/// The tiny build: 16 connections.
pub type WqeFetchTinyModel = WqeFetchModelG<4>;

impl<const IDX: usize> Default for WqeFetchModelG<IDX> {
    fn default() -> Self {
        WqeFetchModelG {
            mem: vec![SqCtx::default(); 1 << IDX],
            cmd_h: None,
            db_h: None,
            cr_h: None,
            f_h: None,
            used: 0,
            fout: 0,
            tagc: 0,
            a: None,
            b: None,
            rd: SqCtx::default(),
            c: None,
            e: None,
            d: None,
            r: None,
            pop_d: false,
            fo1_d: false,
            cnt: [0; 4],
            sched: Fwft::default(),
            reqf: Fwft::default(),
            pendf: Fwft::default(),
            outf: Fwft::default(),
            g: None,
            k_beat: 0,
            h: None,
            out: WqeOutputs {
                cmd_ready: true,
                db_ready: true,
                cr_ready: true,
                rs_ready: true,
                ..WqeOutputs::default()
            },
        }
    }
}

impl<const IDX: usize> WqeFetchModelG<IDX> {
    /// The context of `conn` as stored in the RAM.
    pub fn ctx(&self, conn: u32) -> SqCtx {
        self.mem[conn as usize & ((1 << IDX) - 1)]
    }

    /// Output-queue entries reserved (`used`; a fetch enters S0 only while
    /// it is at most 24).
    pub fn used(&self) -> u32 {
        self.used
    }

    /// Fetches outstanding (`fout`; at most [`FETCHES`]).
    pub fn fout(&self) -> u32 {
        self.fout
    }

    /// A fetch-queue entry waits in its holding register.
    pub fn fetch_held(&self) -> bool {
        self.f_h.is_some()
    }

    fn s2(o: Op, rec: SqCtx) -> S2 {
        let mask = !(0xffffu16 << (rec.log2 & 15));
        let off = rec.ci & mask;
        S2 {
            o,
            rec,
            d: rec.pi.wrapping_sub(rec.ci),
            dn: o.small.wrapping_sub(rec.ci),
            off,
            wl: !rec.ci & mask,
            a6: (rec.iova_hi as u8).wrapping_add(off as u8) & 63,
            ne: rec.ci != rec.pi,
            crsum: rec.credit + (o.small as u8 & 15),
        }
    }

    fn s3(c: &S2) -> S3 {
        let rec = c.rec;
        let cap_d = if c.d >= 8 { 8 } else { c.d as u8 };
        let cap_room = if c.wl >= 7 { 8 } else { c.wl as u8 + 1 };
        let cap_4k = if c.a6 >= 56 { 8 - (c.a6 & 7) } else { 8 };
        let n = if rec.valid {
            cap_d.min(cap_room).min(cap_4k.min(rec.credit))
        } else {
            0
        };
        let size = 1u32 << (rec.log2 & 15);
        let ok = match c.o.op {
            0 => !c.o.argbad,
            2 => rec.valid && !c.o.argbad && c.dn as u32 <= size && c.dn >= c.d,
            3 => rec.valid && c.o.small & 15 != 0 && c.crsum <= 8,
            _ => true,
        };
        S3 {
            o: c.o,
            rec,
            ok,
            n: if c.o.op == OP_FETCH { n } else { 0 },
            ge16: c.d >= 16,
            d4: c.d as u8 & 15,
            dn_nz: c.dn != 0,
            ne: c.ne,
            crsum: c.crsum,
            off: c.off,
        }
    }
}

impl<const IDX: usize> CycleModel for WqeFetchModelG<IDX> {
    const MODULE: &'static str = if IDX == 10 {
        "wqe_fetch"
    } else {
        "wqe_fetch_tiny"
    };
    const INPUTS: &'static [&'static str] = &[
        "enable",
        "cmd_valid",
        "cmd_op",
        "cmd_conn",
        "cmd_iova",
        "cmd_log2",
        "db_valid",
        "db_conn",
        "db_pi",
        "cr_valid",
        "cr_conn",
        "cr_n",
        "rd_ready",
        "rs_valid",
        "rs_data",
        "rs_tag",
        "rs_last",
        "rs_err",
        "wqe_ready",
    ];
    const OUTPUTS: &'static [&'static str] = &[
        "cmd_ready",
        "db_ready",
        "cr_ready",
        "rd_valid",
        "rd_addr",
        "rd_len",
        "rd_tag",
        "rs_ready",
        "wqe_valid",
        "wqe_conn",
        "wqe_index",
        "wqe_opcode",
        "wqe_flags",
        "wqe_stream",
        "wqe_num_sge",
        "wqe_len",
        "wqe_wr_id",
        "wqe_imm",
        "wqe_rkey",
        "wqe_remote_addr",
        "wqe_sge_addr",
        "wqe_sge_lkey",
        "wqe_sge_len",
        "wqe_bad",
        "wqe_reason",
        "res_valid",
        "res_op",
        "res_conn",
        "res_refused",
        "res_n",
        "cnt_db_refused",
        "cnt_cr_refused",
        "cnt_bad_wqe",
        "cnt_stray",
    ];
    type In = WqeIn;
    type Out = WqeOutputs;
    type Stim = WqeStim<IDX>;

    fn step(&mut self, i: &WqeIn) -> WqeOutputs {
        let mask = (1u32 << IDX) - 1;
        let (cmd_was, db_was, cr_was, f_was) = (
            self.cmd_h.is_some(),
            self.db_h.is_some(),
            self.cr_h.is_some(),
            self.f_h.is_some(),
        );
        // ---- arbitration
        let busy = |conn: u32| {
            [
                self.a.map(|o| o.conn),
                self.b.map(|o| o.conn),
                self.c.map(|c| c.o.conn),
                self.e.map(|e| e.o.conn),
            ]
            .contains(&Some(conn))
        };
        let can_cmd = self.cmd_h.is_some_and(|h| !busy(h.1));
        let can_cr = self.cr_h.is_some_and(|h| !busy(h.0));
        let can_db = self.db_h.is_some_and(|h| !busy(h.0 as u32 & mask));
        // the fetch in S0 (if any) is counted in used and fout at this edge
        let a_fetch = self.a.is_some_and(|o| o.op == OP_FETCH);
        let room_ok = if a_fetch {
            self.used <= OUT_DEPTH - 16 && self.fout < FETCHES - 1
        } else {
            self.used <= OUT_DEPTH - 8 && self.fout < FETCHES
        };
        let can_f = self.f_h.is_some_and(|c| !busy(c)) && i.enable && room_ok;
        let a_next = if can_cmd {
            let h = self.cmd_h.take().expect("held");
            Some(Op {
                op: h.0,
                conn: h.1,
                iova: h.2,
                small: h.3 as u16,
                argbad: false,
            })
        } else if can_cr {
            let h = self.cr_h.take().expect("held");
            Some(Op {
                op: OP_CREDIT,
                conn: h.0,
                iova: 0,
                small: h.1 as u16,
                argbad: false,
            })
        } else if can_db {
            let h = self.db_h.take().expect("held");
            Some(Op {
                op: OP_DOORBELL,
                conn: h.0 as u32 & mask,
                iova: 0,
                small: h.1,
                argbad: h.0 as u32 > mask,
            })
        } else if can_f {
            Some(Op {
                op: OP_FETCH,
                conn: self.f_h.take().expect("held"),
                iova: 0,
                small: 0,
                argbad: false,
            })
        } else {
            None
        };

        // ---- S3: the new context, pushes
        let mut sched_push = None;
        let mut req_push = None;
        let mut pend_push = None;
        let mut rel = 0u32;
        let mut fo0 = 0u32;
        let r_next = self.d.map(|d| {
            let mut t = d.rec;
            let mut refused = false;
            match d.o.op {
                0 => {
                    if d.ok {
                        t = SqCtx {
                            iova_hi: d.o.iova >> 6,
                            log2: d.o.small as u8 & 15,
                            ci: 0,
                            pi: 0,
                            credit: SEG_WQE_SLOTS,
                            valid: true,
                            queued: d.rec.queued,
                        };
                    } else {
                        refused = true;
                    }
                }
                1 => t.valid = false,
                2 => {
                    if d.ok {
                        t.pi = d.o.small;
                        if !d.rec.queued && d.dn_nz && d.rec.credit != 0 {
                            t.queued = true;
                            sched_push = Some(d.o.conn);
                        }
                    } else {
                        refused = true;
                    }
                }
                3 => {
                    if d.ok {
                        t.credit = d.crsum & 15;
                        if !d.rec.queued && d.ne {
                            t.queued = true;
                            sched_push = Some(d.o.conn);
                        }
                    } else {
                        refused = true;
                    }
                }
                _ => {
                    rel = 8 - d.n as u32;
                    if d.n != 0 {
                        t.ci = d.rec.ci.wrapping_add(d.n as u16);
                        t.credit = d.rec.credit - d.n;
                        let requeue = (d.ge16 || d.n < d.d4) && d.n < d.rec.credit;
                        t.queued = requeue;
                        if requeue {
                            sched_push = Some(d.o.conn);
                        }
                        let addr =
                            (d.rec.iova_hi.wrapping_add(d.off as u64) & ((1 << 58) - 1)) << 6;
                        req_push = Some(Req {
                            addr,
                            n: d.n,
                            tag: self.tagc,
                        });
                        pend_push = Some(Pend {
                            conn: d.o.conn,
                            first: d.rec.ci,
                            n: d.n,
                            tag: self.tagc,
                        });
                    } else {
                        t.queued = false;
                        fo0 = 1;
                    }
                }
            }
            (d.o.conn, t, refused)
        });
        // counters from the previous results
        if let Some(r) = self.r {
            if r.refused && r.op == OP_DOORBELL {
                self.cnt[0] = self.cnt[0].wrapping_add(1);
            }
            if r.refused && r.op == OP_CREDIT {
                self.cnt[1] = self.cnt[1].wrapping_add(1);
            }
        }
        self.r = match (self.d, r_next) {
            (Some(d), Some((_, _, refused))) => Some(Res {
                op: d.o.op,
                conn: d.o.conn,
                refused,
                n: d.n,
            }),
            _ => None,
        };
        if req_push.is_some() {
            self.tagc = self.tagc.wrapping_add(1);
        }
        // RAM: read-first, then the write from S3
        let rd_next = self.mem[(self.a.map_or(0, |o| o.conn) & mask) as usize];
        if let Some((conn, t, _)) = r_next {
            self.mem[(conn & mask) as usize] = t;
        }
        // ---- S2 -> S3, S1 -> S2, S0 -> S1
        self.d = self.e;
        self.e = self.c.as_ref().map(Self::s3);
        let rd = self.rd;
        self.c = self.b.map(|o| Self::s2(o, rd));
        self.b = self.a.map(|mut o| {
            if o.op == OP_CREATE {
                let l = o.small as u8;
                o.argbad = o.iova % host::SQ_ALIGN != 0
                    || (l as u32) < RING_LOG2_MIN
                    || (l as u32) > RING_LOG2_MAX;
            }
            o
        });
        self.a = a_next;
        self.rd = rd_next;

        // ---- responses: R0 beat matched with the oldest read
        let head = self.pendf.head();
        let mut pend_pop = false;
        let mut fo1 = 0u32;
        let h_next = match (self.g, head) {
            (Some(g), Some(p)) => {
                let last = self.k_beat + 1 == p.n;
                let f = WqeFields::decode(&g.data);
                let dma = g.err || g.tag != p.tag || g.last != last;
                let reason = f.check() | if dma { REASON_DMA } else { 0 };
                let e = WqeOut {
                    conn: p.conn,
                    index: p.first.wrapping_add(self.k_beat as u16),
                    f,
                    reason,
                };
                if last {
                    pend_pop = true;
                    fo1 = 1;
                    self.k_beat = 0;
                } else {
                    self.k_beat += 1;
                }
                Some(e)
            }
            (Some(_), None) => {
                self.cnt[3] = self.cnt[3].wrapping_add(1);
                None
            }
            _ => None,
        };
        if let Some(h) = self.h {
            if h.reason != 0 {
                self.cnt[2] = self.cnt[2].wrapping_add(1);
            }
        }
        let out_push = self.h.take();
        self.h = h_next;
        self.g = i.rs;

        // ---- credits and queues
        let out_pop = self.outf.head().is_some() && i.wqe_ready;
        self.used = self.used + 8 * a_fetch as u32 - rel - self.pop_d as u32;
        self.pop_d = out_pop;
        self.fout = self.fout + a_fetch as u32 - fo0 - self.fo1_d as u32;
        self.fo1_d = fo1 == 1;
        let rd_pop = self.reqf.head().is_some() && i.rd_ready;
        // a holding register loads only when it was empty before the edge
        let f_load = !f_was && self.sched.head().is_some();
        let f_head = self.sched.head();
        self.sched.edge(f_load, sched_push.map(|c| c & mask));
        if f_load {
            self.f_h = f_head;
        }
        self.reqf.edge(rd_pop, req_push);
        self.pendf.edge(pend_pop, pend_push);
        self.outf.edge(out_pop, out_push);
        // the credit rules keep every queue within its RAM
        assert!(
            self.outf.q.len() <= OUT_DEPTH as usize
                && self.reqf.q.len() <= FETCHES as usize
                && self.pendf.q.len() <= FETCHES as usize
                && self.sched.q.len() <= 1 << IDX,
            "wqe_fetch model: a queue overflowed"
        );
        if !cmd_was && i.cmd_valid {
            self.cmd_h = Some((i.cmd_op & 1, i.cmd_conn & mask, i.cmd_iova, i.cmd_log2));
        }
        if !cr_was && i.cr_valid {
            self.cr_h = Some((i.cr_conn & mask, i.cr_n & 15));
        }
        if !db_was && i.db_valid {
            self.db_h = Some((i.db_conn, i.db_pi));
        }

        let w = self.outf.head();
        let rq = self.reqf.head();
        self.out = WqeOutputs {
            cmd_ready: self.cmd_h.is_none(),
            db_ready: self.db_h.is_none(),
            cr_ready: self.cr_h.is_none(),
            rd_valid: rq.is_some(),
            rd_addr: rq.map_or(0, |r| r.addr),
            rd_len: rq.map_or(0, |r| r.n as u16 * 64),
            rd_tag: rq.map_or(0, |r| r.tag),
            rs_ready: true,
            wqe: w,
            res_valid: self.r.is_some(),
            res_op: self.r.map_or(0, |r| r.op),
            res_conn: self.r.map_or(0, |r| r.conn),
            res_refused: self.r.is_some_and(|r| r.refused),
            res_n: self.r.map_or(0, |r| r.n),
            cnt_db_refused: self.cnt[0],
            cnt_cr_refused: self.cnt[1],
            cnt_bad_wqe: self.cnt[2],
            cnt_stray: self.cnt[3],
        };
        self.out
    }

    fn encode(i: &WqeIn, p: &mut [Vec<u32>]) {
        put_u64(&mut p[0], i.enable as u64);
        put_u64(&mut p[1], i.cmd_valid as u64);
        put_u64(&mut p[2], i.cmd_op as u64 & 1);
        put_u64(&mut p[3], i.cmd_conn as u64 & ((1 << IDX) - 1));
        put_u64(&mut p[4], i.cmd_iova);
        put_u64(&mut p[5], i.cmd_log2 as u64);
        put_u64(&mut p[6], i.db_valid as u64);
        put_u64(&mut p[7], i.db_conn as u64);
        put_u64(&mut p[8], i.db_pi as u64);
        put_u64(&mut p[9], i.cr_valid as u64);
        put_u64(&mut p[10], i.cr_conn as u64 & ((1 << IDX) - 1));
        put_u64(&mut p[11], i.cr_n as u64 & 15);
        put_u64(&mut p[12], i.rd_ready as u64);
        put_u64(&mut p[13], i.rs.is_some() as u64);
        let b = i.rs.unwrap_or(Beat {
            data: [0; 64],
            tag: 0,
            last: false,
            err: false,
        });
        for (k, x) in b.data.iter().enumerate() {
            p[14][k / 4] |= (*x as u32) << (8 * (k % 4));
        }
        put_u64(&mut p[15], b.tag as u64);
        put_u64(&mut p[16], b.last as u64);
        put_u64(&mut p[17], b.err as u64);
        put_u64(&mut p[18], i.wqe_ready as u64);
    }

    fn decode(p: &[Vec<u32>]) -> WqeOutputs {
        let g = |k: usize| get_u64(&p[k]);
        let wqe = (g(8) & 1 == 1).then(|| WqeOut {
            conn: g(9) as u32,
            index: g(10) as u16,
            f: WqeFields {
                opcode: g(11) as u8,
                flags: g(12) as u8,
                stream: g(13) as u8,
                num_sge: g(14) as u8,
                len: g(15) as u32,
                wr_id: g(16),
                imm: g(17) as u32,
                rkey: g(18) as u32,
                remote_addr: g(19),
                sge_addr: g(20),
                sge_lkey: g(21) as u32,
                sge_len: g(22) as u32,
            },
            reason: g(24) as u8,
        });
        let o = WqeOutputs {
            cmd_ready: g(0) & 1 == 1,
            db_ready: g(1) & 1 == 1,
            cr_ready: g(2) & 1 == 1,
            rd_valid: g(3) & 1 == 1,
            rd_addr: g(4),
            rd_len: g(5) as u16,
            rd_tag: g(6) as u8,
            rs_ready: g(7) & 1 == 1,
            wqe,
            res_valid: g(25) & 1 == 1,
            res_op: g(26) as u8,
            res_conn: g(27) as u32,
            res_refused: g(28) & 1 == 1,
            res_n: g(29) as u8,
            cnt_db_refused: g(30) as u32,
            cnt_cr_refused: g(31) as u32,
            cnt_bad_wqe: g(32) as u32,
            cnt_stray: g(33) as u32,
        };
        // wqe_bad must agree with the reason; a zero stream shows zeros
        let bad = g(23) & 1 == 1;
        match o.wqe {
            Some(w) if bad != (w.reason != 0) => {
                let mut x = o;
                x.wqe = Some(WqeOut { reason: 0xff, ..w });
                x
            }
            None if bad || (9..=24).any(|k| g(k) != 0) => WqeOutputs {
                cnt_stray: u32::MAX,
                ..o
            },
            _ => o,
        }
    }
}

/// A reserved field of a braid-spec record (written 0, ignored on read).
pub fn is_reserved(f: &braid_spec::StateField) -> bool {
    f.name.starts_with("reserved")
}

/// A random WQE: mostly well formed, about one in ten with a bad field;
/// one in twenty has garbage in its reserved bytes (which the engine must
/// ignore).
pub fn random_wqe(r: &mut ChaCha8Rng) -> [u8; WQE_BYTES] {
    let mut b = [0u8; WQE_BYTES];
    let p = |b: &mut [u8; WQE_BYTES], f, v| host::put(b, f, v);
    let zero = r.gen_bool(0.1);
    let len: u32 = if zero { 0 } else { r.gen_range(1..1 << 20) };
    p(&mut b, wqe::OPCODE, r.gen_range(1..=4));
    p(&mut b, wqe::FLAGS, r.gen_range(0..4));
    p(&mut b, wqe::STREAM, r.gen_range(0..MAX_STREAMS as u64));
    p(&mut b, wqe::NUM_SGE, if zero { 0 } else { 1 });
    p(&mut b, wqe::LEN, len as u64);
    p(&mut b, wqe::WR_ID, r.gen());
    p(&mut b, wqe::IMM, r.gen::<u32>() as u64);
    p(&mut b, wqe::RKEY, r.gen::<u32>() as u64);
    p(&mut b, wqe::REMOTE_ADDR, r.gen());
    p(&mut b, wqe::SGE_ADDR, r.gen());
    p(&mut b, wqe::SGE_LKEY, r.gen::<u32>() as u64);
    p(&mut b, wqe::SGE_LEN, len as u64);
    if r.gen_bool(0.1) {
        match r.gen_range(0..6) {
            0 => p(
                &mut b,
                wqe::OPCODE,
                *[0u64, 5, 0xff].get(r.gen_range(0..3)).unwrap_or(&0),
            ),
            1 => p(&mut b, wqe::NUM_SGE, r.gen_range(2..=255)),
            2 => {
                p(&mut b, wqe::NUM_SGE, 0);
                p(&mut b, wqe::LEN, r.gen_range(1..1000));
            }
            3 => p(&mut b, wqe::SGE_LEN, len as u64 ^ (1 << r.gen_range(0..32))),
            4 => p(&mut b, wqe::STREAM, r.gen_range(MAX_STREAMS as u64..=255)),
            _ => {
                p(&mut b, wqe::OPCODE, 0);
                p(&mut b, wqe::STREAM, 9);
            }
        }
    }
    if r.gen_bool(0.05) {
        for f in host::WQE.iter().filter(|f| is_reserved(f)) {
            let a = f.lsb as usize / 8;
            r.fill(&mut b[a..a + f.bits as usize / 8]);
        }
    }
    b
}

/// One connection the stimulus drives (a driver's send queue and the
/// segmenter's slots for it).
#[derive(Debug, Clone)]
pub struct HostConn {
    /// Connection index.
    pub conn: u32,
    /// Ring base.
    pub iova: u64,
    /// log2 entries.
    pub log2: u8,
    /// CREATE accepted (its result seen).
    pub created: bool,
    /// CREATE sent, result not yet seen.
    pub creating: bool,
    /// WQEs written (producer index).
    pub pi: u16,
    /// Last doorbell value sent that the engine accepts.
    pub db: u16,
    /// WQEs taken by the segmenter.
    pub consumed: u16,
    /// Segmenter slots in use (credits not yet returned).
    pub held: u8,
    /// WQEs written and not yet taken, oldest first.
    pub expect: VecDeque<[u8; WQE_BYTES]>,
}

/// Seeded closed-loop stimulus: a driver writing random WQEs into the
/// send rings of a few connections in a host memory and ringing doorbells,
/// a DMA read responder with random latency, gaps and back-pressure, and a
/// segmenter with random stalls that returns credits late. `chaos` adds
/// destroys and re-creates, DMA errors, wrong tags and last flags, stray
/// beats and `enable` toggling; without it every WQE must come out exactly
/// once in ring order (checked in `errors`). Both add refused doorbells,
/// credit returns and creates.
#[derive(Debug)]
pub struct WqeStim<const IDX: usize> {
    rng: ChaCha8Rng,
    chaos: bool,
    /// The connections.
    pub conns: Vec<HostConn>,
    mem: HashMap<u64, [u8; WQE_BYTES]>,
    reads: VecDeque<(u64, u8, u8, u64)>,
    cur: Option<(u64, u8, u8, u8)>,
    shown: WqeOutputs,
    issued: u64,
    answered: u64,
    stall_w: u32,
    stall_r: u32,
    off: u32,
    next_create: usize,
    /// Violations seen (clean mode).
    pub errors: Vec<String>,
    /// WQEs taken by the segmenter.
    pub delivered: u64,
    /// Bad doorbells sent.
    pub bad_db: u64,
    /// Bad credit returns sent.
    pub bad_cr: u64,
    /// Stray beats sent.
    pub strays: u64,
    /// Bad WQEs taken (by the stimulus' own check of the bytes).
    pub bad_wqes: u64,
    /// Response beats sent with `rs_err` (chaos).
    pub dma_errs: u64,
    /// Response beats sent with a wrong tag (chaos).
    pub bad_tags: u64,
    /// Response beats sent with a wrong last flag (chaos).
    pub bad_lasts: u64,
}

impl<const IDX: usize> WqeStim<IDX> {
    /// The clean stimulus (no destroys, no DMA errors).
    pub fn clean(seed: u64) -> Self {
        let mut s = Self::new(seed);
        s.chaos = false;
        s
    }

    fn fresh_iova(r: &mut ChaCha8Rng, k: usize, log2: u8) -> u64 {
        let region = (k as u64 + 1) << 24;
        let ring = 64u64 << log2;
        let off = match r.gen_range(0..10) {
            // the ring starts just below a 4 KiB boundary
            0..=2 => 4096 * r.gen_range(1..100u64) - 64 * r.gen_range(1..8u64),
            // (iova >> 6) mod 2^16 near its top: the address carries at bit 22
            3..=4 => (1 << 22) - 64 * r.gen_range(1..8u64),
            _ => 64 * r.gen_range(0..(1u64 << 17)),
        };
        let base = region + off;
        if r.gen_bool(0.1) {
            // near the top of the address space
            u64::MAX - ((k as u64 + 2) << 24) + 1 + off.min((1 << 24) - ring - 64)
        } else {
            base
        }
    }

    fn beat(&mut self) -> Option<Beat> {
        let r = &mut self.rng;
        if self.cur.is_none() {
            if let Some(&(addr, n, tag, _)) = self.reads.front() {
                if self.reads.front().is_some_and(|x| x.3 == 0) {
                    self.reads.pop_front();
                    self.cur = Some((addr, n, tag, 0));
                }
            }
        }
        let (addr, n, tag, k) = self.cur?;
        if !r.gen_bool(0.85) {
            return None;
        }
        let mut b = Beat {
            data: self
                .mem
                .get(&(addr.wrapping_add(64 * k as u64)))
                .copied()
                .unwrap_or([0; 64]),
            tag,
            last: k + 1 == n,
            err: false,
        };
        if self.chaos {
            b.err = r.gen_bool(0.01);
            if r.gen_bool(0.005) {
                b.tag ^= 1 << r.gen_range(0..8);
                self.bad_tags += 1;
            }
            if r.gen_bool(0.005) {
                b.last = !b.last;
                self.bad_lasts += 1;
            }
            self.dma_errs += b.err as u64;
        }
        if k + 1 == n {
            self.cur = None;
            self.answered += 1;
        } else {
            self.cur = Some((addr, n, tag, k + 1));
        }
        Some(b)
    }
}

impl<const IDX: usize> Stimulus for WqeStim<IDX> {
    type In = WqeIn;
    type Out = WqeOutputs;
    const CLOSED_LOOP: bool = true;

    fn new(seed: u64) -> Self {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let n = 1u32 << IDX;
        let mut conns = Vec::new();
        let picks = [0, n - 1, 1, n / 2, n / 2 + 1, 3];
        for (k, &conn) in picks.iter().enumerate() {
            let log2 = if rng.gen_bool(0.85) {
                rng.gen_range(1..=4)
            } else {
                rng.gen_range(1..=15)
            };
            conns.push(HostConn {
                conn,
                iova: Self::fresh_iova(&mut rng, k, log2),
                log2,
                created: false,
                creating: false,
                pi: 0,
                db: 0,
                consumed: 0,
                held: 0,
                expect: VecDeque::new(),
            });
        }
        WqeStim {
            rng,
            chaos: true,
            conns,
            mem: HashMap::new(),
            reads: VecDeque::new(),
            cur: None,
            shown: WqeOutputs {
                cmd_ready: true,
                db_ready: true,
                cr_ready: true,
                rs_ready: true,
                ..WqeOutputs::default()
            },
            issued: 0,
            answered: 0,
            stall_w: 0,
            stall_r: 0,
            off: 0,
            next_create: 0,
            errors: Vec::new(),
            delivered: 0,
            bad_db: 0,
            bad_cr: 0,
            strays: 0,
            bad_wqes: 0,
            dma_errs: 0,
            bad_tags: 0,
            bad_lasts: 0,
        }
    }

    fn next(&mut self, cycle: u64) -> WqeIn {
        let shown = self.shown;
        let mut i = WqeIn {
            enable: true,
            ..WqeIn::default()
        };
        // enable: off now and then (chaos)
        if self.off > 0 {
            self.off -= 1;
            i.enable = false;
        } else if self.chaos && self.rng.gen_bool(0.002) {
            self.off = self.rng.gen_range(5..200);
        }
        // segmenter readiness, with stalls
        i.wqe_ready = if self.stall_w > 0 {
            self.stall_w -= 1;
            false
        } else if self.rng.gen_bool(0.01) {
            self.stall_w = self.rng.gen_range(5..80);
            false
        } else {
            self.rng.gen_bool(0.75)
        };
        i.rd_ready = if self.stall_r > 0 {
            self.stall_r -= 1;
            false
        } else if self.rng.gen_bool(0.01) {
            self.stall_r = self.rng.gen_range(5..60);
            false
        } else {
            self.rng.gen_bool(0.8)
        };
        // the WQE shown is taken at this edge
        if let (Some(w), true) = (shown.wqe, i.wqe_ready) {
            self.delivered += 1;
            if let Some(c) = self.conns.iter_mut().find(|c| c.conn == w.conn) {
                c.held = c.held.saturating_add(1);
                if !self.chaos {
                    match c.expect.pop_front() {
                        None => self.errors.push(format!(
                            "cycle {cycle}: conn {} index {} never written",
                            w.conn, w.index
                        )),
                        Some(b) => {
                            let f = WqeFields::decode(&b);
                            if w.index != c.consumed || w.f != f || w.reason != f.check() {
                                self.errors.push(format!(
                                    "cycle {cycle}: conn {} got index {} {:?} reason {}, want index {} {:?} reason {}",
                                    w.conn, w.index, w.f, w.reason, c.consumed, f, f.check()
                                ));
                            }
                            // every field of braid-spec's WQE table, read
                            // from the host memory by braid-spec's decoder
                            // (reserved fields are ignored on read, SPEC)
                            for fld in host::WQE.iter().filter(|f| !is_reserved(f)) {
                                let want = host::get(&b, fld);
                                if w.f.field(fld.name) != Some(want) {
                                    self.errors.push(format!(
                                        "cycle {cycle}: conn {} index {}: field {} is {:?}, host memory has {want:#x}",
                                        w.conn, w.index, fld.name, w.f.field(fld.name)
                                    ));
                                }
                            }
                            self.bad_wqes += (f.check() != 0) as u64;
                        }
                    }
                    if c.held > SEG_WQE_SLOTS {
                        self.errors
                            .push(format!("cycle {cycle}: conn {} holds {}", c.conn, c.held));
                    }
                }
                c.consumed = c.consumed.wrapping_add(1);
            } else if !self.chaos {
                self.errors
                    .push(format!("cycle {cycle}: WQE of unknown conn {}", w.conn));
            }
        }
        // read requests taken at this edge join the responder's queue
        for r in self.reads.iter_mut() {
            r.3 = r.3.saturating_sub(1);
        }
        if shown.rd_valid && i.rd_ready {
            let lat = if self.rng.gen_bool(0.9) {
                self.rng.gen_range(0..12)
            } else {
                self.rng.gen_range(12..80)
            };
            self.reads
                .push_back((shown.rd_addr, (shown.rd_len / 64) as u8, shown.rd_tag, lat));
        }
        i.rs = self.beat();
        if i.rs.is_none()
            && self.cur.is_none()
            && self.reads.is_empty()
            && self.issued == self.answered
            && self.rng.gen_bool(0.003)
        {
            self.strays += 1;
            i.rs = Some(Beat {
                data: random_wqe(&mut self.rng),
                tag: self.rng.gen(),
                last: self.rng.gen(),
                err: false,
            });
        }
        let nconn = 1u32 << IDX;
        // commands
        if shown.cmd_ready && self.rng.gen_bool(0.05) {
            let k = self.rng.gen_range(0..self.conns.len());
            if self.next_create < self.conns.len() {
                let c = &mut self.conns[self.next_create];
                self.next_create += 1;
                c.creating = true;
                i.cmd_valid = true;
                i.cmd_op = 0;
                i.cmd_conn = c.conn;
                i.cmd_iova = c.iova;
                i.cmd_log2 = c.log2;
            } else if self.rng.gen_bool(0.3) {
                // refused creates (bad alignment or size) on a spare connection
                i.cmd_valid = true;
                i.cmd_op = 0;
                i.cmd_conn = 2;
                i.cmd_iova = self.rng.gen::<u64>() & !63;
                i.cmd_log2 = self.rng.gen_range(1..=15);
                match self.rng.gen_range(0..3) {
                    0 => i.cmd_iova |= self.rng.gen_range(1..64),
                    1 => i.cmd_log2 = 0,
                    _ => i.cmd_log2 = self.rng.gen_range(16..=255),
                }
            } else if self.chaos && self.rng.gen_bool(0.2) && !self.conns[k].creating {
                let c = &mut self.conns[k];
                i.cmd_valid = true;
                i.cmd_conn = c.conn;
                if self.rng.gen_bool(0.4) {
                    i.cmd_op = 1;
                    c.created = false;
                } else {
                    c.log2 = self.rng.gen_range(1..=5);
                    c.iova = Self::fresh_iova(&mut self.rng, k, c.log2);
                    c.created = false;
                    c.creating = true;
                    i.cmd_op = 0;
                    i.cmd_iova = c.iova;
                    i.cmd_log2 = c.log2;
                }
            }
        }
        // doorbells
        if shown.db_ready && self.rng.gen_bool(0.2) {
            let k = self.rng.gen_range(0..self.conns.len());
            let bad = self.rng.gen_bool(0.08);
            let c = &mut self.conns[k];
            if bad {
                self.bad_db += 1;
                i.db_valid = true;
                i.db_conn = c.conn as u16;
                match self.rng.gen_range(0..4) {
                    0 if c.created && c.log2 <= 14 => {
                        i.db_pi =
                            c.db.wrapping_add((1u16 << c.log2) + 1 + self.rng.gen_range(0..50u16))
                    }
                    1 if c.created => i.db_pi = c.db.wrapping_sub(self.rng.gen_range(1..5)),
                    2 if nconn < 1 << 16 => {
                        i.db_conn = self.rng.gen_range(nconn..=0xffff) as u16;
                        i.db_pi = self.rng.gen();
                    }
                    _ => {
                        // a connection never created
                        i.db_conn = 4 + self.rng.gen_range(0..(nconn - 4).min(8)) as u16;
                        if [0, nconn - 1, 1, nconn / 2, nconn / 2 + 1].contains(&(i.db_conn as u32))
                        {
                            i.db_conn = 2;
                        }
                        i.db_pi = self.rng.gen();
                    }
                }
            } else if c.created {
                let size = 1u32 << c.log2;
                let room = size.saturating_sub(c.pi.wrapping_sub(c.consumed) as u32);
                let n = if room == 0 || self.rng.gen_bool(0.1) {
                    0
                } else {
                    self.rng.gen_range(1..=room.min(12))
                };
                for _ in 0..n {
                    let w = random_wqe(&mut self.rng);
                    let slot = (c.pi as u64) & (size as u64 - 1);
                    self.mem.insert(c.iova.wrapping_add(64 * slot), w);
                    c.expect.push_back(w);
                    c.pi = c.pi.wrapping_add(1);
                }
                c.db = c.pi;
                i.db_valid = true;
                i.db_conn = c.conn as u16;
                i.db_pi = c.pi;
            }
        }
        // credit returns
        if shown.cr_ready && self.rng.gen_bool(0.3) {
            let k = self.rng.gen_range(0..self.conns.len());
            let c = &mut self.conns[k];
            if self.rng.gen_bool(0.03) {
                self.bad_cr += 1;
                i.cr_valid = true;
                i.cr_conn = c.conn;
                i.cr_n = if self.rng.gen_bool(0.3) {
                    0
                } else {
                    self.rng.gen_range(9..=15)
                };
            } else if c.held > 0 && self.rng.gen_bool(0.5) {
                let n = self.rng.gen_range(1..=c.held);
                c.held -= n;
                i.cr_valid = true;
                i.cr_conn = c.conn;
                i.cr_n = n;
            }
        }
        if !i.cmd_valid {
            i.cmd_op = self.rng.gen_range(0..2);
            i.cmd_conn = self.rng.gen_range(0..nconn);
            i.cmd_iova = self.rng.gen();
        }
        i
    }

    fn observe(&mut self, out: &WqeOutputs) {
        self.shown = *out;
        if out.res_valid {
            if out.res_op == OP_FETCH && out.res_n > 0 {
                self.issued += 1;
            }
            if out.res_op == OP_CREATE {
                if let Some(c) = self.conns.iter_mut().find(|c| c.conn == out.res_conn) {
                    if c.creating {
                        c.creating = false;
                        c.created = !out.res_refused;
                        c.pi = 0;
                        c.db = 0;
                        c.consumed = 0;
                        c.held = 0;
                        c.expect.clear();
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The clean stimulus on the model: every WQE once, in ring order,
    /// with the fields braid-spec decodes from host memory.
    #[test]
    fn wqe_fetch_model_delivers_every_wqe_once() {
        for seed in [1u64, 2] {
            let mut m = WqeFetchTinyModel::default();
            let mut s = WqeStim::<4>::clean(seed);
            let mut o = m.out;
            for c in 0..40_000 {
                let i = s.next(c);
                o = m.step(&i);
                s.observe(&o);
            }
            // drain: operations still held or in the pipeline reach the
            // counters
            for _ in 0..30 {
                o = m.step(&WqeIn {
                    enable: true,
                    ..WqeIn::default()
                });
            }
            assert!(
                s.errors.is_empty(),
                "seed {seed}: {:?}",
                &s.errors[..s.errors.len().min(4)]
            );
            assert!(s.delivered > 5_000, "seed {seed}: {}", s.delivered);
            assert_eq!(
                (
                    o.cnt_db_refused as u64,
                    o.cnt_cr_refused as u64,
                    o.cnt_stray as u64
                ),
                (s.bad_db, s.bad_cr, s.strays)
            );
        }
    }

    /// Latencies on an idle block (the figures the top integrates with):
    /// a doorbell taken at edge t enters S0 at t + 1 and shows its result
    /// from edge t + 6; its connection's queue entry enters S0 at t + 9,
    /// the fetch result shows from t + 14 and the read request from t + 15;
    /// a response beat sampled at edge t shows on the WQE stream from edge
    /// t + 3.
    #[test]
    fn wqe_fetch_model_latencies() {
        let mut m = WqeFetchTinyModel::default();
        let mut step = |i: WqeIn| {
            m.step(&WqeIn {
                enable: true,
                rd_ready: true,
                wqe_ready: true,
                ..i
            })
        };
        step(WqeIn {
            cmd_valid: true,
            cmd_conn: 1,
            cmd_iova: 0x8000,
            cmd_log2: 4,
            ..WqeIn::default()
        });
        for _ in 0..10 {
            step(WqeIn::default());
        }
        // edge 0: the doorbell is taken
        step(WqeIn {
            db_valid: true,
            db_conn: 1,
            db_pi: 3,
            ..WqeIn::default()
        });
        let (mut db_res, mut rd, mut f_res, mut tag) = (0, 0, 0, 0);
        for t in 1..=20 {
            let o = step(WqeIn::default());
            if o.res_valid && o.res_op == OP_DOORBELL {
                db_res = t;
            }
            if o.rd_valid {
                (rd, tag) = (t, o.rd_tag);
                assert_eq!((o.rd_addr, o.rd_len), (0x8000, 192));
            }
            if o.res_valid && o.res_op == OP_FETCH {
                f_res = t;
                assert_eq!(o.res_n, 3);
            }
        }
        assert_eq!((db_res, f_res, rd), (6, 14, 15));
        // edge 0: the first beat is sampled
        let mut shown = Vec::new();
        for t in 0..10u8 {
            let o = step(WqeIn {
                rs: (t < 3).then_some(Beat {
                    data: [t; 64],
                    tag,
                    last: t == 2,
                    err: false,
                }),
                ..WqeIn::default()
            });
            if let Some(w) = o.wqe {
                shown.push((t, w.index));
            }
        }
        assert_eq!(shown, vec![(3, 0), (4, 1), (5, 2)]);
    }

    /// A ring of 4 WQEs that starts 128 bytes below a 4 KiB boundary: a
    /// doorbell of 4 WQEs is read as 2 (to the page end) and 2 (to the ring
    /// end); 3 more wrap to the ring's start.
    #[test]
    fn wqe_fetch_model_splits_at_page_and_ring_end() {
        let mut m = WqeFetchTinyModel::default();
        let base = 0x10_0000u64 - 128;
        let mut step = |i: WqeIn| {
            m.step(&WqeIn {
                enable: true,
                rd_ready: true,
                ..i
            })
        };
        step(WqeIn {
            cmd_valid: true,
            cmd_conn: 5,
            cmd_iova: base,
            cmd_log2: 2,
            ..WqeIn::default()
        });
        for _ in 0..8 {
            step(WqeIn::default());
        }
        step(WqeIn {
            db_valid: true,
            db_conn: 5,
            db_pi: 4,
            ..WqeIn::default()
        });
        let mut reads = Vec::new();
        for _ in 0..40 {
            let o = step(WqeIn::default());
            if o.rd_valid {
                reads.push((o.rd_addr, o.rd_len));
            }
        }
        assert_eq!(reads, vec![(base, 128), (base + 128, 128)]);
        step(WqeIn {
            cr_valid: true,
            cr_conn: 5,
            cr_n: 4,
            ..WqeIn::default()
        });
        step(WqeIn {
            db_valid: true,
            db_conn: 5,
            db_pi: 7,
            ..WqeIn::default()
        });
        reads.clear();
        for _ in 0..40 {
            let o = step(WqeIn::default());
            if o.rd_valid {
                reads.push((o.rd_addr, o.rd_len));
            }
        }
        assert_eq!(reads, vec![(base, 128), (base + 128, 64)]);
    }
}
