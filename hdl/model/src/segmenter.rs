//! Cycle-exact model of `segmenter` (`hdl/rtl/src/segmenter.rs`): the
//! sender's segmenter. Messages (WQEs) are cut into packet descriptors of at
//! most the MTU, with CSN, MSN, RSN, offsets and FIRST/LAST, under the CSN
//! window and the message window; completion records and WQE-slot credits
//! leave as messages are fully sent. Written from the block's doc comment
//! (normative); generic over `CB` connection bits (10: 1,024; tiny 4: 16).

use super::{get_u64, put_u64, CycleModel, Stimulus};
use braid_spec::host::{CQE_BAD_WQE, CQE_FLUSHED, CQE_OK, WQE_SIGNALED, WQE_SOLICITED};
use braid_spec::state::{MAX_STREAMS, MSG_WINDOW, MTU_MIN, SEG_WQE_SLOTS};
use braid_spec::wire::braid::Flags;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::VecDeque;

/// CSN window: a new packet only while `csn - csn_una < CSN_WINDOW`.
pub const CSN_WINDOW: u32 = 256;
/// Depth of the descriptor output FIFO (entries reserved at selection).
pub const OUT_DEPTH: u32 = 16;

/// A WQE from `wqe_fetch`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SegWqe {
    /// Connection.
    pub conn: u32,
    /// Send-queue ring index (returned with packets and the completion).
    pub idx: u16,
    /// Wire opcode (1 WRITE, 2 WRITE_IMM, 3 SEND, 4 SEND_IMM).
    pub opcode: u8,
    /// WQE flags (bit0 SIGNALED, bit1 SOLICITED).
    pub flags: u8,
    /// Stream.
    pub stream: u8,
    /// Message length.
    pub len: u32,
    /// Work request id.
    pub wr_id: u64,
    /// Immediate.
    pub imm: u32,
    /// Remote key.
    pub rkey: u32,
    /// Remote address.
    pub raddr: u64,
    /// Local buffer address.
    pub sge_addr: u64,
    /// Local key.
    pub lkey: u32,
    /// Flagged bad by `wqe_fetch`.
    pub bad: bool,
}

impl SegWqe {
    /// Whether the segmenter completes it with `CQE_BAD_WQE` instead of
    /// sending it.
    pub fn is_bad(&self) -> bool {
        self.bad || !(1..=4).contains(&self.opcode) || self.stream as usize >= MAX_STREAMS
    }
}

/// One clock's inputs.
#[derive(Debug, Clone, Copy, Default)]
pub struct SegIn {
    /// MTU code: payload MTU = `MTU_MIN << mtu_code` (0..=3).
    pub mtu_code: u8,
    /// Offered WQE (`w_valid`).
    pub wqe: Option<SegWqe>,
    /// Offered ACK (conn, csn_base).
    pub ack: Option<(u32, u32)>,
    /// Offered message completion return (conn).
    pub mc: Option<u32>,
    /// The descriptor consumer takes a descriptor.
    pub pd_ready: bool,
    /// Offered command (`sc_valid`): (`sc_op`: false INIT, true FLUSH,
    /// connection).
    pub cmd: Option<(bool, u32)>,
}

/// A packet descriptor.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SegPkt {
    /// Connection.
    pub conn: u32,
    /// CSN.
    pub csn: u32,
    /// MSN of the message on its stream.
    pub msn: u32,
    /// Stream.
    pub stream: u8,
    /// Wire opcode.
    pub opcode: u8,
    /// Braid flags: FIRST, LAST, SOLICITED.
    pub flags: u8,
    /// Byte offset in the message.
    pub offset: u32,
    /// Payload bytes.
    pub len: u16,
    /// Payload address (sge_addr + offset).
    pub addr: u64,
    /// Local key.
    pub lkey: u32,
    /// Remote address + offset.
    pub raddr: u64,
    /// Remote key.
    pub rkey: u32,
    /// Immediate.
    pub imm: u32,
    /// Message length.
    pub msg_len: u32,
    /// Receive sequence number (SEND: the stream's SEND count).
    pub rsn: u32,
    /// Ring index of the WQE.
    pub wqe_idx: u16,
}

/// A completion record toward the send-completion FIFO.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SegCompl {
    /// Connection.
    pub conn: u32,
    /// CSN of the last packet (CSN before the next one for a bad WQE).
    pub last_csn: u32,
    /// Work request id.
    pub wr_id: u64,
    /// SIGNALED.
    pub signaled: bool,
    /// Stream (as posted).
    pub stream: u8,
    /// MSN (0 for a bad WQE).
    pub msn: u32,
    /// Message length.
    pub len: u32,
    /// Opcode (as posted).
    pub opcode: u8,
    /// `CQE_OK` or `CQE_BAD_WQE`.
    pub status: u8,
    /// Ring index.
    pub wqe_idx: u16,
}

/// Outputs after one edge.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SegOut {
    /// `w_ready`.
    pub w_ready: bool,
    /// `ack_ready`.
    pub ack_ready: bool,
    /// `mc_ready`.
    pub mc_ready: bool,
    /// `sc_ready`.
    pub sc_ready: bool,
    /// Descriptor at the FIFO head (`pd_valid`).
    pub pd: Option<SegPkt>,
    /// Completion record (`cm_valid`, one clock).
    pub cm: Option<SegCompl>,
    /// One WQE-slot credit returned (`cr_valid`, `cr_conn`).
    pub cr: Option<u32>,
    /// ACKs refused: csn_base beyond the next CSN.
    pub cnt_bad_ack: u16,
    /// Completion returns refused: no message outstanding.
    pub cnt_bad_mc: u16,
    /// WQEs refused: all slots of the connection full.
    pub cnt_wqe_over: u16,
    /// ACKs and completion returns refused: connection invalid.
    pub cnt_no_conn: u16,
}

#[derive(Debug, Clone, Copy, Default)]
struct Rec {
    csn_next: u32,
    una: u32,
    head: u8,
    count: u8,
    mid: bool,
    outst: u8,
    queued: bool,
    off: u32,
    cur_msn: u32,
    cur_rsn: u32,
    msn: [u32; 4],
    rsn: [u32; 4],
    inv: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Issue,
    Ack,
    Mc,
    Wqe,
    Init,
    Flush,
}

#[derive(Debug, Clone, Copy)]
struct Op {
    kind: Kind,
    conn: u32,
    base: u32,
    wqe: SegWqe,
    rec: Rec,
    mtu: u8,
}

/// Cycle-exact model, `CB` connection bits.
#[derive(Debug, Clone)]
pub struct SegmenterModelG<const CB: usize> {
    recs: Vec<Rec>,
    rec_rd: Rec,
    slots: Vec<SegWqe>,
    w_rd: SegWqe,
    hw: Option<SegWqe>,
    ha: Option<(u32, u32)>,
    hm: Option<u32>,
    hc: Option<(bool, u32)>,
    ph: bool,
    mtu_q: u8,
    qmem: Vec<u32>,
    q_rd: u32,
    rp: u32,
    wp: u32,
    wp_prev: u32,
    q_push: bool,
    q_entry: u32,
    ou: u32,
    omem: Vec<SegPkt>,
    o_rd: SegPkt,
    orp: u32,
    owp: u32,
    owp_prev: u32,
    p1: Option<Op>,
    p2: Option<Op>,
    p3: Option<Op>,
    p4: Option<SegPkt>,
    p5: Option<SegPkt>,
    cm: Option<SegCompl>,
    cr: Option<u32>,
    cb_q: bool,
    inc_q: [bool; 4],
    cnt_bad_ack: u16,
    cnt_bad_mc: u16,
    cnt_wqe_over: u16,
    cnt_no_conn: u16,
}

/// Default build: 1,024 connections.
pub type SegmenterModel = SegmenterModelG<10>;
/// Tiny build: 16 connections.
pub type SegmenterTinyModel = SegmenterModelG<4>;

impl<const CB: usize> Default for SegmenterModelG<CB> {
    fn default() -> Self {
        SegmenterModelG {
            recs: vec![Rec::default(); 1 << CB],
            rec_rd: Rec::default(),
            slots: vec![SegWqe::default(); SEG_WQE_SLOTS << CB],
            w_rd: SegWqe::default(),
            hw: None,
            ha: None,
            hm: None,
            hc: None,
            ph: false,
            mtu_q: 0,
            qmem: vec![0; 1 << CB],
            q_rd: 0,
            rp: 0,
            wp: 0,
            wp_prev: 0,
            q_push: false,
            q_entry: 0,
            ou: 0,
            omem: vec![SegPkt::default(); OUT_DEPTH as usize],
            o_rd: SegPkt::default(),
            orp: 0,
            owp: 0,
            owp_prev: 0,
            p1: None,
            p2: None,
            p3: None,
            p4: None,
            p5: None,
            cm: None,
            cr: None,
            cb_q: false,
            inc_q: [false; 4],
            cnt_bad_ack: 0,
            cnt_bad_mc: 0,
            cnt_wqe_over: 0,
            cnt_no_conn: 0,
        }
    }
}

/// Result of the decision stage (S3) of one operation.
#[derive(Default)]
struct S3 {
    rec: Option<(u32, Rec)>,
    slot: Option<(usize, SegWqe)>,
    push: Option<u32>,
    pkt: Option<SegPkt>,
    cm: Option<SegCompl>,
    cr: Option<u32>,
    credit_back: bool,
    bad_ack: bool,
    bad_mc: bool,
    over: bool,
    no_conn: bool,
}

impl<const CB: usize> SegmenterModelG<CB> {
    const CMASK: u32 = (1 << CB) - 1;
    const QMASK: u32 = (2 << CB) - 1;

    fn s3(op: &Op) -> S3 {
        let r = op.rec;
        let mut n = r;
        let mut o = S3::default();
        match op.kind {
            Kind::Issue => {
                let w = op.wqe;
                let mtu = (MTU_MIN as u64) << op.mtu;
                let has = r.count != 0;
                let csn_open = r.csn_next.wrapping_sub(r.una) < CSN_WINDOW;
                let outst_ok = (r.outst as usize) < MSG_WINDOW;
                let go_flush = has && r.inv;
                let go_bad = has && !r.inv && w.bad && outst_ok;
                let go_pkt = has && !r.inv && !w.bad && csn_open && (r.mid || outst_ok);
                let off = r.off;
                let off_plus = off as u64 + mtu;
                let last = off_plus >= w.len as u64;
                let plen = if last {
                    w.len.wrapping_sub(off) as u16
                } else {
                    mtu as u16
                };
                let first = !r.mid;
                let s = (w.stream & 3) as usize;
                let msn = if first { r.msn[s] } else { r.cur_msn };
                let rsn = if first { r.rsn[s] } else { r.cur_rsn };
                let done = go_bad || go_flush || (go_pkt && last);
                if go_pkt {
                    n.csn_next = r.csn_next.wrapping_add(1);
                    n.mid = !last;
                    n.off = if last { 0 } else { off_plus as u32 };
                    if first {
                        n.outst += 1;
                        n.cur_msn = msn;
                        n.cur_rsn = rsn;
                        n.msn[s] = msn.wrapping_add(1);
                        if w.opcode >= 3 {
                            n.rsn[s] = rsn.wrapping_add(1) & 0xff_ffff;
                        }
                    }
                    let mut flags = 0;
                    if first {
                        flags |= Flags::FIRST;
                    }
                    if last {
                        flags |= Flags::LAST;
                    }
                    if w.flags & WQE_SOLICITED != 0 {
                        flags |= Flags::SOLICITED;
                    }
                    o.pkt = Some(SegPkt {
                        conn: op.conn,
                        csn: r.csn_next,
                        msn,
                        stream: s as u8,
                        opcode: w.opcode,
                        flags,
                        offset: off,
                        len: plen,
                        addr: w.sge_addr.wrapping_add(off as u64),
                        lkey: w.lkey,
                        raddr: w.raddr.wrapping_add(off as u64),
                        rkey: w.rkey,
                        imm: w.imm,
                        msg_len: w.len,
                        rsn,
                        wqe_idx: w.idx,
                    });
                } else {
                    o.credit_back = true;
                }
                if go_bad {
                    n.outst += 1;
                }
                if go_flush {
                    n.mid = false;
                }
                if done {
                    n.head = (r.head + 1) & 7;
                    n.count = r.count - 1;
                    o.cr = Some(op.conn);
                    o.cm = Some(SegCompl {
                        conn: op.conn,
                        last_csn: if go_pkt {
                            r.csn_next
                        } else {
                            r.csn_next.wrapping_sub(1)
                        },
                        wr_id: w.wr_id,
                        signaled: w.flags & WQE_SIGNALED != 0,
                        stream: w.stream,
                        msn: if go_pkt {
                            msn
                        } else if go_flush && r.mid {
                            r.cur_msn
                        } else {
                            0
                        },
                        len: w.len,
                        opcode: w.opcode,
                        status: if go_pkt {
                            CQE_OK
                        } else if go_flush {
                            CQE_FLUSHED
                        } else {
                            CQE_BAD_WQE
                        },
                        wqe_idx: w.idx,
                    });
                }
                let repush = ((go_bad || go_pkt)
                    && n.count != 0
                    && n.csn_next.wrapping_sub(n.una) < CSN_WINDOW
                    && (n.mid || (n.outst as usize) < MSG_WINDOW))
                    || (go_flush && n.count != 0);
                n.queued = repush;
                if repush {
                    o.push = Some(op.conn);
                }
            }
            Kind::Ack if r.inv => o.no_conn = true,
            Kind::Mc if r.inv => o.no_conn = true,
            Kind::Ack => {
                let d1 = op.base.wrapping_sub(r.una);
                let d2 = op.base.wrapping_sub(r.csn_next);
                let fwd = d1 != 0 && d1 < 0x8000_0000;
                let beyond = d2 != 0 && d2 < 0x8000_0000;
                if fwd && !beyond {
                    n.una = op.base;
                }
                o.bad_ack = fwd && beyond;
            }
            Kind::Mc => {
                if r.outst == 0 {
                    o.bad_mc = true;
                } else {
                    n.outst = r.outst - 1;
                }
            }
            Kind::Wqe => {
                if r.count as usize == SEG_WQE_SLOTS {
                    o.over = true;
                } else {
                    let slot = ((r.head + r.count) & 7) as usize;
                    o.slot = Some(((op.conn as usize) << 3 | slot, op.wqe));
                    n.count = r.count + 1;
                }
            }
            Kind::Init => {
                // the power-up record; `queued` is kept (a queued entry
                // pops, finds no WQE and clears it)
                n = Rec {
                    queued: r.queued,
                    ..Rec::default()
                };
            }
            Kind::Flush => n.inv = true,
        }
        if op.kind != Kind::Issue && op.kind != Kind::Init {
            let push = !r.queued && n.count != 0;
            if push {
                n.queued = true;
                o.push = Some(op.conn);
            }
        }
        o.rec = Some((op.conn, n));
        o
    }
}

impl<const CB: usize> CycleModel for SegmenterModelG<CB> {
    const MODULE: &'static str = if CB == 10 {
        "segmenter"
    } else {
        "segmenter_tiny"
    };
    const INPUTS: &'static [&'static str] = &[
        "mtu_code",
        "w_valid",
        "w_conn",
        "w_idx",
        "w_opcode",
        "w_flags",
        "w_stream",
        "w_len",
        "w_wr_id",
        "w_imm",
        "w_rkey",
        "w_raddr",
        "w_sge_addr",
        "w_lkey",
        "w_bad",
        "ack_valid",
        "ack_conn",
        "ack_csn_base",
        "mc_valid",
        "mc_conn",
        "pd_ready",
        "sc_valid",
        "sc_op",
        "sc_conn",
    ];
    const OUTPUTS: &'static [&'static str] = &[
        "w_ready",
        "ack_ready",
        "mc_ready",
        "pd_valid",
        "pd_conn",
        "pd_csn",
        "pd_msn",
        "pd_stream",
        "pd_opcode",
        "pd_flags",
        "pd_offset",
        "pd_len",
        "pd_addr",
        "pd_lkey",
        "pd_raddr",
        "pd_rkey",
        "pd_imm",
        "pd_msg_len",
        "pd_rsn",
        "pd_wqe_idx",
        "cm_valid",
        "cm_conn",
        "cm_last_csn",
        "cm_wr_id",
        "cm_signaled",
        "cm_stream",
        "cm_msn",
        "cm_len",
        "cm_opcode",
        "cm_status",
        "cm_wqe_idx",
        "cr_valid",
        "cr_conn",
        "cnt_bad_ack",
        "cnt_bad_mc",
        "cnt_wqe_over",
        "sc_ready",
        "cnt_no_conn",
    ];
    type In = SegIn;
    type Out = SegOut;
    type Stim = SegStim<CB>;

    fn step(&mut self, i: &SegIn) -> SegOut {
        // ---- S3: decisions of the oldest operation
        let s3 = self.p3.as_ref().map(Self::s3).unwrap_or_default();
        // ---- S0: select one operation
        let busy = |c: u32| {
            [&self.p1, &self.p2, &self.p3]
                .iter()
                .any(|p| p.is_some_and(|p| p.conn == c))
        };
        let iv = self.rp != self.wp_prev && self.ou < OUT_DEPTH && !busy(self.q_rd);
        let a_ok = self.ha.is_some_and(|(c, _)| !busy(c));
        let m_ok = self.hm.is_some_and(|c| !busy(c));
        let w_ok = self.hw.is_some_and(|w| !busy(w.conn));
        let c_ok = self.hc.is_some_and(|(_, c)| !busy(c));
        let kind = if self.ph && iv {
            Some(Kind::Issue)
        } else if c_ok {
            Some(if self.hc.unwrap().0 {
                Kind::Flush
            } else {
                Kind::Init
            })
        } else if a_ok {
            Some(Kind::Ack)
        } else if m_ok {
            Some(Kind::Mc)
        } else if w_ok {
            Some(Kind::Wqe)
        } else if iv {
            Some(Kind::Issue)
        } else {
            None
        };
        let sel = kind.map(|k| {
            let mut op = Op {
                kind: k,
                conn: 0,
                base: 0,
                wqe: SegWqe::default(),
                rec: Rec::default(),
                mtu: 0,
            };
            match k {
                Kind::Issue => op.conn = self.q_rd,
                Kind::Ack => {
                    let (c, b) = self.ha.unwrap();
                    op.conn = c;
                    op.base = b;
                }
                Kind::Mc => op.conn = self.hm.unwrap(),
                Kind::Wqe => {
                    op.wqe = self.hw.unwrap();
                    op.conn = op.wqe.conn;
                }
                Kind::Init | Kind::Flush => op.conn = self.hc.unwrap().1,
            }
            op
        });
        let pop_q = kind == Some(Kind::Issue);
        // ---- the descriptor FIFO's head
        let pd_valid = self.orp != self.owp_prev;
        let pop_o = pd_valid && i.pd_ready;

        // ---- the edge
        // RAMs read the old contents, then the S3 writes land. The record
        // read for the operation in S1 addresses its head WQE slot.
        let rec_p1 = self.rec_rd;
        let w_rd_p2 = self.w_rd;
        if let Some(op) = &self.p1 {
            if op.kind == Kind::Issue {
                self.w_rd = self.slots[(op.conn as usize) << 3 | rec_p1.head as usize];
            }
        }
        if let Some(op) = &sel {
            self.rec_rd = self.recs[op.conn as usize];
        }
        if let Some((c, r)) = s3.rec {
            self.recs[c as usize] = r;
        }
        if let Some((a, w)) = s3.slot {
            self.slots[a] = w;
        }
        // the pipeline
        self.p3 = self.p2.map(|mut op| {
            if op.kind == Kind::Issue {
                op.wqe = w_rd_p2;
            }
            op
        });
        self.p2 = self.p1.map(|mut op| {
            op.rec = rec_p1;
            op.mtu = self.mtu_q;
            op
        });
        self.p1 = sel;
        self.mtu_q = i.mtu_code & 3;
        self.ph = !self.ph;
        // connection queue
        let rp_next = if pop_q {
            (self.rp + 1) & Self::QMASK
        } else {
            self.rp
        };
        self.q_rd = self.qmem[(rp_next & Self::CMASK) as usize];
        self.wp_prev = self.wp;
        if self.q_push {
            self.qmem[(self.wp & Self::CMASK) as usize] = self.q_entry;
            self.wp = (self.wp + 1) & Self::QMASK;
        }
        self.rp = rp_next;
        self.q_push = s3.push.is_some();
        self.q_entry = s3.push.unwrap_or(0);
        // descriptor FIFO
        let orp_next = if pop_o { (self.orp + 1) & 31 } else { self.orp };
        self.o_rd = self.omem[(orp_next & 15) as usize];
        self.owp_prev = self.owp;
        if let Some(p) = self.p5 {
            self.omem[(self.owp & 15) as usize] = p;
            self.owp = (self.owp + 1) & 31;
        }
        self.orp = orp_next;
        self.p5 = self.p4;
        self.p4 = s3.pkt;
        self.ou = self.ou + pop_q as u32 - self.cb_q as u32 - pop_o as u32;
        self.cb_q = s3.credit_back;
        // holds
        if kind == Some(Kind::Ack) {
            self.ha = None;
        } else if self.ha.is_none() {
            self.ha = i.ack.map(|(c, b)| (c & Self::CMASK, b));
        }
        if kind == Some(Kind::Mc) {
            self.hm = None;
        } else if self.hm.is_none() {
            self.hm = i.mc.map(|c| c & Self::CMASK);
        }
        if kind == Some(Kind::Wqe) {
            self.hw = None;
        } else if self.hw.is_none() {
            self.hw = i.wqe.map(|w| SegWqe {
                conn: w.conn & Self::CMASK,
                bad: w.is_bad(),
                ..w
            });
        }
        if matches!(kind, Some(Kind::Init | Kind::Flush)) {
            self.hc = None;
        } else if self.hc.is_none() {
            self.hc = i.cmd.map(|(f, c)| (f, c & Self::CMASK));
        }
        // outputs of S3
        self.cm = s3.cm;
        self.cr = s3.cr;
        self.cnt_bad_ack = self.cnt_bad_ack.wrapping_add(self.inc_q[0] as u16);
        self.cnt_bad_mc = self.cnt_bad_mc.wrapping_add(self.inc_q[1] as u16);
        self.cnt_wqe_over = self.cnt_wqe_over.wrapping_add(self.inc_q[2] as u16);
        self.cnt_no_conn = self.cnt_no_conn.wrapping_add(self.inc_q[3] as u16);
        self.inc_q = [s3.bad_ack, s3.bad_mc, s3.over, s3.no_conn];

        SegOut {
            w_ready: self.hw.is_none(),
            ack_ready: self.ha.is_none(),
            mc_ready: self.hm.is_none(),
            sc_ready: self.hc.is_none(),
            pd: (self.orp != self.owp_prev).then_some(self.o_rd),
            cm: self.cm,
            cr: self.cr,
            cnt_bad_ack: self.cnt_bad_ack,
            cnt_bad_mc: self.cnt_bad_mc,
            cnt_wqe_over: self.cnt_wqe_over,
            cnt_no_conn: self.cnt_no_conn,
        }
    }

    fn encode(i: &SegIn, p: &mut [Vec<u32>]) {
        put_u64(&mut p[0], (i.mtu_code & 3) as u64);
        if let Some(w) = i.wqe {
            put_u64(&mut p[1], 1);
            put_u64(&mut p[2], (w.conn & Self::CMASK) as u64);
            put_u64(&mut p[3], w.idx as u64);
            put_u64(&mut p[4], w.opcode as u64);
            put_u64(&mut p[5], w.flags as u64);
            put_u64(&mut p[6], w.stream as u64);
            put_u64(&mut p[7], w.len as u64);
            put_u64(&mut p[8], w.wr_id);
            put_u64(&mut p[9], w.imm as u64);
            put_u64(&mut p[10], w.rkey as u64);
            put_u64(&mut p[11], w.raddr);
            put_u64(&mut p[12], w.sge_addr);
            put_u64(&mut p[13], w.lkey as u64);
            put_u64(&mut p[14], w.bad as u64);
        }
        if let Some((c, b)) = i.ack {
            put_u64(&mut p[15], 1);
            put_u64(&mut p[16], (c & Self::CMASK) as u64);
            put_u64(&mut p[17], b as u64);
        }
        if let Some(c) = i.mc {
            put_u64(&mut p[18], 1);
            put_u64(&mut p[19], (c & Self::CMASK) as u64);
        }
        put_u64(&mut p[20], i.pd_ready as u64);
        if let Some((f, c)) = i.cmd {
            put_u64(&mut p[21], 1);
            put_u64(&mut p[22], f as u64);
            put_u64(&mut p[23], (c & Self::CMASK) as u64);
        }
    }

    fn decode(p: &[Vec<u32>]) -> SegOut {
        let g = |k: usize| get_u64(&p[k]);
        SegOut {
            w_ready: g(0) & 1 == 1,
            ack_ready: g(1) & 1 == 1,
            mc_ready: g(2) & 1 == 1,
            pd: (g(3) & 1 == 1).then(|| SegPkt {
                conn: g(4) as u32,
                csn: g(5) as u32,
                msn: g(6) as u32,
                stream: g(7) as u8,
                opcode: g(8) as u8,
                flags: g(9) as u8,
                offset: g(10) as u32,
                len: g(11) as u16,
                addr: g(12),
                lkey: g(13) as u32,
                raddr: g(14),
                rkey: g(15) as u32,
                imm: g(16) as u32,
                msg_len: g(17) as u32,
                rsn: g(18) as u32,
                wqe_idx: g(19) as u16,
            }),
            cm: (g(20) & 1 == 1).then(|| SegCompl {
                conn: g(21) as u32,
                last_csn: g(22) as u32,
                wr_id: g(23),
                signaled: g(24) & 1 == 1,
                stream: g(25) as u8,
                msn: g(26) as u32,
                len: g(27) as u32,
                opcode: g(28) as u8,
                status: g(29) as u8,
                wqe_idx: g(30) as u16,
            }),
            cr: (g(31) & 1 == 1).then(|| g(32) as u32),
            cnt_bad_ack: g(33) as u16,
            cnt_bad_mc: g(34) as u16,
            cnt_wqe_over: g(35) as u16,
            sc_ready: g(36) & 1 == 1,
            cnt_no_conn: g(37) as u16,
        }
    }
}

/// Per-connection state of the closed-loop stimulus (the neighbours:
/// `wqe_fetch` with its credits, the peer's ACKs, the completion FIFO).
#[derive(Debug, Clone, Default)]
pub struct StimConn {
    /// Connection index.
    pub conn: u32,
    /// WQE-slot credits held (may go below 0 after a deliberate overflow).
    pub credits: i32,
    /// Next ring index.
    pub idx: u16,
    /// CSN after the highest one the consumer took (the peer "received" it).
    pub sent: u32,
    /// The peer's cumulative csn_base (last ACK the segmenter took).
    pub acked: u32,
    /// Completion records waiting for `acked` to pass their last CSN.
    pub compl: VecDeque<u32>,
    /// The peer does not acknowledge this connection until this cycle.
    pub mute_until: u64,
    /// Last cycle a credit came back.
    pub last_cr: u64,
    /// FLUSHed (invalid) since the last INIT.
    pub flushed: bool,
    /// Ring index of the first WQE of the current incarnation (the WQEs
    /// before it belong to an earlier one: INIT drops them).
    pub first_idx: u16,
    /// Ring index of the first WQE sent after the last FLUSH.
    pub flush_idx: u16,
    /// INITs taken.
    pub inits: u64,
    /// FLUSHes taken.
    pub flushes: u64,
    /// Cycle of the last FLUSH taken.
    pub flush_at: u64,
    /// The stimulus INITs this flushed connection from this cycle on.
    pub reinit_at: u64,
}

/// Closed-loop seeded stimulus: a few connections (always including index
/// 0 and the last index), random WQEs of every opcode, stream and length
/// (0, short, around MTU multiples, several MTUs, and bad ones) sent only
/// with a credit except for deliberate overflows, a peer that ACKs the
/// CSNs it saw with random delay (sometimes stale ACKs, sometimes ACKs
/// beyond what was sent, sometimes not at all for a long time: a blocked
/// connection), a completion FIFO that returns a message when the ACKed
/// base passes its last CSN (plus bogus returns), MTU changes, and a
/// descriptor consumer with random backpressure.
#[derive(Debug)]
pub struct SegStim<const CB: usize> {
    rng: ChaCha8Rng,
    /// Connections driven.
    pub conns: Vec<StimConn>,
    /// A connection that never gets WQEs (bogus completion returns).
    pub idle_conn: u32,
    mtu_code: u8,
    wqe: Option<(usize, SegWqe)>,
    ack: Option<(usize, u32)>,
    mc: Option<usize>,
    w_ready: bool,
    ack_ready: bool,
    mc_ready: bool,
    /// The command offered in this clock (op FLUSH, connection position).
    cmd: Option<(bool, usize)>,
    cmd_offered: bool,
    burst: bool,
    sc_ready: bool,
    stall: u32,
    cycle: u64,
    pending_ack: VecDeque<(u64, usize, u32)>,
    /// The descriptor visible on `pd` (taken in a clock with `pd_ready`).
    pd_vis: Option<SegPkt>,
}

impl<const CB: usize> SegStim<CB> {
    fn pos(&self, c: u32) -> Option<usize> {
        self.conns.iter().position(|x| x.conn == c)
    }

    /// Whether ring index `idx` of connection position `k` belongs to its
    /// current incarnation (serial compare with the first index).
    pub fn current(&self, k: usize, idx: u16) -> bool {
        idx.wrapping_sub(self.conns[k].first_idx) < 0x8000
    }

    fn gen_len(&mut self) -> u32 {
        let mtu = MTU_MIN << self.mtu_code;
        match self.rng.gen_range(0..10) {
            0 => 0,
            1 | 2 => self.rng.gen_range(1..=64),
            3 | 4 => self.rng.gen_range(65..MTU_MIN * 2),
            5 | 6 => {
                let k = self.rng.gen_range(1..=4u32);
                (k * mtu)
                    .wrapping_add(self.rng.gen_range(0..3))
                    .wrapping_sub(1)
            }
            7 => self.rng.gen_range(1..=5 * 8192),
            8 => self.rng.gen_range(1..=3u32) * 8192,
            _ => self.rng.gen_range(1..=4 * mtu),
        }
    }
}

impl<const CB: usize> Stimulus for SegStim<CB> {
    type In = SegIn;
    type Out = SegOut;
    const CLOSED_LOOP: bool = true;

    fn new(seed: u64) -> Self {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let max = (1u32 << CB) - 1;
        let mut idx: Vec<u32> = vec![0, max];
        let n = if CB <= 4 { 8 } else { 10 };
        while idx.len() < n {
            let c = rng.gen_range(1..max);
            if !idx.contains(&c) {
                idx.push(c);
            }
        }
        let idle_conn = idx.pop().unwrap();
        let conns = idx
            .into_iter()
            .map(|conn| {
                let idx = rng.gen();
                StimConn {
                    conn,
                    credits: SEG_WQE_SLOTS as i32,
                    idx,
                    first_idx: idx,
                    flush_idx: idx,
                    ..Default::default()
                }
            })
            .collect();
        SegStim {
            rng,
            conns,
            idle_conn,
            mtu_code: 0,
            wqe: None,
            ack: None,
            mc: None,
            w_ready: false,
            ack_ready: false,
            mc_ready: false,
            cmd: None,
            cmd_offered: false,
            burst: false,
            sc_ready: false,
            stall: 0,
            cycle: 0,
            pending_ack: VecDeque::new(),
            pd_vis: None,
        }
    }

    fn next(&mut self, cycle: u64) -> SegIn {
        self.cycle = cycle;
        // phases: a busy WQE source most of the time, quiet phases to drain
        let phase = (cycle / 4000) % 4;
        if self.rng.gen_ratio(1, 6000) {
            self.mtu_code = self.rng.gen_range(0..4);
        }
        // connection 0 is muted for long stretches: its windows close
        if cycle % 20_000 == 1000 {
            self.conns[0].mute_until = cycle + 6000;
        }
        if self.rng.gen_ratio(1, 3000) {
            let k = self.rng.gen_range(0..self.conns.len());
            self.conns[k].mute_until = cycle + self.rng.gen_range(100..3000);
        }
        // commands: connection 0 is FLUSHed (every 80,000 clocks, 4,000
        // clocks into its mute: its windows closed, WQEs buffered, a long
        // message half sent) or INITed so (40,000 clocks later; the mutes
        // between are left alone); others
        // at random; a flushed connection is INITed after a while
        if self.cmd.is_none() {
            let m = cycle % 80_000;
            if m == 5000 && !self.conns[0].flushed {
                self.cmd = Some((true, 0));
            } else if m == 45_000 {
                self.cmd = Some((false, 0));
            } else if let Some(k) = (0..self.conns.len())
                .find(|&k| self.conns[k].flushed && self.conns[k].reinit_at <= cycle)
            {
                self.cmd = Some((false, k));
            } else if self.burst || self.rng.gen_ratio(1, 4000) {
                // (connection 0 only as above: its mutes also test the
                // windows)
                self.burst = false;
                let k = self.rng.gen_range(1..self.conns.len());
                let flush = !self.conns[k].flushed && self.rng.gen_ratio(3, 4);
                self.cmd = Some((flush, k));
            }
        }
        // WQE source (none for a connection with an INIT pending)
        let init_k = match self.cmd {
            Some((false, k)) => Some(k),
            _ => None,
        };
        if self.wqe.is_none() && phase != 3 && self.rng.gen_ratio(2, 3) {
            let k = self.rng.gen_range(0..self.conns.len());
            let c = &self.conns[k];
            let overflow = c.credits == 0
                && cycle > c.mute_until.saturating_sub(5000)
                && cycle < c.mute_until
                && cycle > c.last_cr + 200
                && self.rng.gen_ratio(1, 50);
            if (c.credits > 0 || overflow) && init_k != Some(k) {
                let (conn, idx) = (c.conn, c.idx);
                // a muted connection gets long messages now and then, so
                // that its CSN window (not only its message window) fills
                let len = if k == 0 && cycle < self.conns[0].mute_until && self.rng.gen_ratio(4, 5)
                {
                    let mtu = MTU_MIN << self.mtu_code;
                    self.rng.gen_range(16 * mtu..=32 * mtu)
                } else {
                    self.gen_len()
                };
                let mut w = SegWqe {
                    conn,
                    idx,
                    opcode: self.rng.gen_range(1..=4),
                    flags: self.rng.gen_range(0..4),
                    stream: self.rng.gen_range(0..4),
                    len,
                    wr_id: self.rng.gen(),
                    imm: self.rng.gen(),
                    rkey: self.rng.gen(),
                    raddr: self.rng.gen(),
                    sge_addr: self.rng.gen(),
                    lkey: self.rng.gen(),
                    bad: false,
                };
                if self.rng.gen_ratio(1, 25) {
                    match self.rng.gen_range(0..4) {
                        0 => w.bad = true,
                        1 => w.opcode = [0u8, 5, 0xff][self.rng.gen_range(0..3)],
                        2 => w.stream = self.rng.gen_range(4..=255),
                        _ => {
                            w.bad = true;
                            w.opcode = 0;
                        }
                    }
                }
                self.wqe = Some((k, w));
                self.conns[k].idx = self.conns[k].idx.wrapping_add(1);
                self.conns[k].credits -= 1;
            }
        }
        // the peer's ACKs: due ones first
        if self.ack.is_none() {
            if let Some(&(t, k, b)) = self.pending_ack.front() {
                if t <= cycle {
                    self.pending_ack.pop_front();
                    self.ack = Some((k, b));
                }
            }
        }
        if self.ack.is_none() && self.rng.gen_ratio(1, 3) {
            let k = self.rng.gen_range(0..self.conns.len());
            let c = &self.conns[k];
            if cycle >= c.mute_until {
                let ahead = c.sent.wrapping_sub(c.acked);
                let b = match self.rng.gen_range(0..40) {
                    0 => c.acked.wrapping_sub(self.rng.gen_range(0..5)),
                    1 => c.sent.wrapping_add(1000),
                    _ if ahead > 0 => c.acked.wrapping_add(self.rng.gen_range(1..=ahead)),
                    _ => c.acked,
                };
                let delay = self.rng.gen_range(0..40);
                self.pending_ack.push_back((cycle + delay, k, b));
            }
        }
        // the completion FIFO returns messages whose last CSN is ACKed
        if self.mc.is_none() && self.rng.gen_ratio(3, 4) {
            let k = self.rng.gen_range(0..self.conns.len());
            let c = &self.conns[k];
            if let Some(&last) = c.compl.front() {
                if c.acked.wrapping_sub(last).wrapping_sub(1) < 0x8000_0000 {
                    self.conns[k].compl.pop_front();
                    self.mc = Some(k);
                }
            }
        }
        let bogus_mc = self.mc.is_none() && self.rng.gen_ratio(1, 2000);
        let stall_now = if self.stall > 0 {
            self.stall -= 1;
            true
        } else {
            if self.rng.gen_ratio(1, 500) {
                self.stall = self.rng.gen_range(1..200);
            }
            self.rng.gen_ratio(1, 8)
        };
        // the consumer takes the visible descriptor at this clock's edge:
        // from then on the peer may receive (and acknowledge) it
        if let (Some(p), false) = (self.pd_vis, stall_now) {
            if let Some(k) = self.pos(p.conn) {
                let c = &mut self.conns[k];
                let n = p.csn.wrapping_add(1);
                if n.wrapping_sub(c.sent) < 0x8000_0000 {
                    c.sent = n;
                }
            }
        }
        // an INIT is offered only while no WQE of its connection is in the
        // segmenter's input hold or offered (so every WQE sent before it
        // is processed before it, every later one after it)
        self.cmd_offered = match self.cmd {
            Some((false, k)) => self.w_ready && self.wqe.is_none_or(|(j, _)| j != k),
            Some(_) => true,
            None => false,
        };
        SegIn {
            cmd: self
                .cmd
                .filter(|_| self.cmd_offered)
                .map(|(f, k)| (f, self.conns[k].conn)),
            mtu_code: self.mtu_code,
            wqe: self.wqe.map(|(_, w)| w),
            ack: self.ack.map(|(k, b)| (self.conns[k].conn, b)),
            mc: if bogus_mc {
                Some(self.idle_conn)
            } else {
                self.mc.map(|k| self.conns[k].conn)
            },
            pd_ready: !stall_now,
        }
    }

    fn observe(&mut self, o: &SegOut) {
        // offers of the clock just fed were taken if ready was high before it
        if self.w_ready {
            self.wqe = None;
        }
        if self.ack_ready {
            if let Some((k, b)) = self.ack.take() {
                let c = &mut self.conns[k];
                let d1 = b.wrapping_sub(c.acked);
                let d2 = b.wrapping_sub(c.sent);
                if d1 != 0 && d1 < 0x8000_0000 && !(d2 != 0 && d2 < 0x8000_0000) {
                    c.acked = b;
                }
            }
        }
        if self.mc_ready {
            self.mc = None;
        }
        if self.sc_ready && self.cmd_offered {
            let (flush, k) = self.cmd.take().unwrap();
            // now and then another command right behind (sc_ready low)
            self.burst = self.rng.gen_ratio(1, 3);
            let cycle = self.cycle;
            let c = &mut self.conns[k];
            if flush {
                c.flushed = true;
                c.flushes += 1;
                c.flush_at = cycle;
                c.flush_idx = c.idx;
                c.reinit_at = cycle + self.rng.gen_range(100..2000);
            } else {
                // a new incarnation: wqe_fetch's credits start again, the
                // peer starts at CSN 0
                c.flushed = false;
                c.inits += 1;
                c.first_idx = c.idx;
                c.credits = SEG_WQE_SLOTS as i32;
                c.sent = 0;
                c.acked = 0;
                c.compl.clear();
                self.pending_ack.retain(|a| a.1 != k);
                if self.mc == Some(k) {
                    self.mc = None;
                }
            }
        }
        self.sc_ready = o.sc_ready;
        self.w_ready = o.w_ready;
        self.ack_ready = o.ack_ready;
        self.mc_ready = o.mc_ready;
        // a descriptor counts as sent when the consumer takes it (`next`)
        // (a descriptor or completion of an earlier incarnation is ignored)
        self.pd_vis =
            o.pd.filter(|p| self.pos(p.conn).is_none_or(|k| self.current(k, p.wqe_idx)));
        if let Some(m) = o.cm {
            if let Some(k) = self.pos(m.conn) {
                if self.current(k, m.wqe_idx) {
                    if m.status != CQE_FLUSHED {
                        self.conns[k].compl.push_back(m.last_csn);
                    }
                    // the credit comes with the completion
                    if o.cr.is_some() {
                        self.conns[k].credits += 1;
                        self.conns[k].last_cr = self.cycle;
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Feed `wqes` (each when `w_ready`), ACK `acks` at the given cycles,
    /// take every descriptor; return the descriptors and completions.
    fn run(
        wqes: &[SegWqe],
        acks: &[(u64, u32, u32)],
        cycles: u64,
    ) -> (Vec<SegPkt>, Vec<SegCompl>, Vec<u32>) {
        let mut m = SegmenterModel::default();
        let (mut pkts, mut cms, mut crs) = (vec![], vec![], vec![]);
        let mut k = 0;
        let mut ready = true;
        let mut a_ready = true;
        let mut acks: VecDeque<_> = acks.iter().copied().collect();
        for t in 0..cycles {
            let ack = acks.front().filter(|a| a.0 <= t).map(|a| (a.1, a.2));
            let i = SegIn {
                wqe: wqes.get(k).copied(),
                ack,
                pd_ready: true,
                ..Default::default()
            };
            if ready && i.wqe.is_some() {
                k += 1;
            }
            if a_ready && ack.is_some() {
                acks.pop_front();
            }
            let o = m.step(&i);
            ready = o.w_ready;
            a_ready = o.ack_ready;
            if let Some(p) = o.pd {
                pkts.push(p);
            }
            cms.extend(o.cm);
            crs.extend(o.cr);
        }
        (pkts, cms, crs)
    }

    fn wqe(conn: u32, len: u32, opcode: u8, stream: u8) -> SegWqe {
        SegWqe {
            conn,
            len,
            opcode,
            stream,
            sge_addr: 0x1000,
            raddr: 0x8000,
            wr_id: len as u64,
            ..Default::default()
        }
    }

    #[test]
    fn segmenter_cuts_a_message_into_mtu_packets() {
        let (p, c, cr) = run(&[wqe(3, 3000, 3, 1), wqe(3, 0, 1, 1)], &[], 100);
        let got: Vec<_> = p
            .iter()
            .map(|p| (p.csn, p.offset, p.len, p.flags, p.msn))
            .collect();
        assert_eq!(
            got,
            vec![
                (0, 0, 1024, Flags::FIRST, 0),
                (1, 1024, 1024, 0, 0),
                (2, 2048, 952, Flags::LAST, 0),
                (3, 0, 0, Flags::FIRST | Flags::LAST, 1),
            ]
        );
        assert_eq!(p[1].addr, 0x1000 + 1024);
        assert_eq!(p[2].raddr, 0x8000 + 2048);
        assert_eq!(p[0].rsn, 0);
        assert_eq!(p[3].rsn, 1, "the SEND took RSN 0");
        assert_eq!(c.len(), 2);
        assert_eq!((c[0].last_csn, c[0].msn, c[0].status), (2, 0, CQE_OK));
        assert_eq!((c[1].last_csn, c[1].msn), (3, 1));
        assert_eq!(cr, vec![3, 3]);
    }

    #[test]
    fn segmenter_bad_wqe_completes_without_packets() {
        let mut bad = wqe(1, 100, 7, 0);
        bad.wr_id = 77;
        let (p, c, cr) = run(&[wqe(1, 10, 1, 0), bad, wqe(1, 10, 2, 0)], &[], 100);
        assert_eq!(p.len(), 2);
        assert_eq!((p[1].csn, p[1].msn), (1, 1));
        assert_eq!(c.len(), 3);
        assert_eq!(
            (c[1].wr_id, c[1].status, c[1].last_csn),
            (77, CQE_BAD_WQE, 0)
        );
        assert_eq!(cr.len(), 3);
    }

    #[test]
    fn segmenter_csn_window_blocks_until_acked() {
        // 300 packets of 1,024 bytes: 256 go out, the rest after the ACK
        let (p, ..) = run(&[wqe(2, 300 * 1024, 1, 0)], &[], 2000);
        assert_eq!(p.len(), 256);
        let (p, c, _) = run(&[wqe(2, 300 * 1024, 1, 0)], &[(1000, 2, 100)], 2000);
        assert_eq!(p.len(), 300);
        assert_eq!(c.len(), 1);
    }

    /// The latencies the module doc gives: a WQE offered in clock 0 of an
    /// idle segmenter (taken at the end of it) is selected in clock 1 and
    /// decided in S3 in clock 4, which pushes its connection into the
    /// queue; the issue is selected in clock 7 (the queue's write and
    /// registered read), its completion record and credit show in clock 11
    /// and its descriptor in clock 14.
    #[test]
    fn segmenter_latency() {
        let mut m = SegmenterModel::default();
        let (mut pd_at, mut cm_at, mut cr_at) = (None, None, None);
        for t in 0..40u64 {
            let i = SegIn {
                wqe: (t == 0).then(|| wqe(7, 100, 1, 0)),
                pd_ready: true,
                ..Default::default()
            };
            let o = m.step(&i);
            // the outputs of step t are those of clock t + 1
            if o.pd.is_some() && pd_at.is_none() {
                pd_at = Some(t + 1);
            }
            if o.cm.is_some() {
                cm_at = Some(t + 1);
            }
            if o.cr.is_some() {
                cr_at = Some(t + 1);
            }
        }
        assert_eq!((cm_at, cr_at, pd_at), (Some(11), Some(11), Some(14)));
    }

    /// FLUSH of a connection blocked mid-message by its CSN window: every
    /// buffered WQE completes FLUSHED in posting order (the half-sent one
    /// with its MSN), no packet follows, ACKs are refused, a later WQE
    /// completes FLUSHED; INIT restarts CSN and MSN at 0.
    #[test]
    fn segmenter_flush_and_init() {
        type Acc = (Vec<SegPkt>, Vec<SegCompl>, Vec<u32>);
        // each item is offered until taken (every hold is empty here
        // after two clocks)
        fn go(m: &mut SegmenterModel, feed: &mut VecDeque<SegIn>, n: u64, acc: &mut Acc) -> SegOut {
            let mut out = SegOut::default();
            for _ in 0..n {
                let mut i = feed.front().copied().unwrap_or_default();
                i.pd_ready = true;
                out = m.step(&i);
                if feed.front().is_some() && out.w_ready && out.sc_ready && out.ack_ready {
                    feed.pop_front();
                }
                acc.0.extend(out.pd);
                acc.1.extend(out.cm);
                acc.2.extend(out.cr);
            }
            out
        }
        let mut m = SegmenterModel::default();
        let mut feed: VecDeque<SegIn> = VecDeque::new();
        let mut acc: Acc = Default::default();
        for (k, len) in [300 * 1024, 10, 20].into_iter().enumerate() {
            let mut w = wqe(5, len, 1, 0);
            w.idx = k as u16;
            feed.push_back(SegIn {
                wqe: Some(w),
                ..Default::default()
            });
        }
        go(&mut m, &mut feed, 2000, &mut acc);
        assert_eq!(acc.0.len(), 256, "the CSN window closed mid-message");
        assert!(acc.1.is_empty());
        feed.push_back(SegIn {
            cmd: Some((true, 5)),
            ..Default::default()
        });
        go(&mut m, &mut feed, 100, &mut acc);
        let got: Vec<_> = acc
            .1
            .iter()
            .map(|c| (c.wqe_idx, c.status, c.last_csn, c.msn))
            .collect();
        assert_eq!(
            got,
            vec![
                (0, CQE_FLUSHED, 255, 0),
                (1, CQE_FLUSHED, 255, 0),
                (2, CQE_FLUSHED, 255, 0)
            ]
        );
        assert_eq!(acc.2, vec![5, 5, 5]);
        assert_eq!(acc.0.len(), 256, "no packet after the FLUSH");
        feed.push_back(SegIn {
            ack: Some((5, 10)),
            ..Default::default()
        });
        feed.push_back(SegIn {
            wqe: Some(wqe(5, 7, 1, 0)),
            ..Default::default()
        });
        let o = go(&mut m, &mut feed, 100, &mut acc);
        assert_eq!((o.cnt_no_conn, o.cnt_bad_ack), (1, 0));
        assert_eq!(acc.1.len(), 4);
        assert_eq!((acc.1[3].status, acc.1[3].len), (CQE_FLUSHED, 7));
        assert_eq!(acc.0.len(), 256);
        feed.push_back(SegIn {
            cmd: Some((false, 5)),
            ..Default::default()
        });
        feed.push_back(SegIn {
            wqe: Some(wqe(5, 7, 3, 2)),
            ..Default::default()
        });
        go(&mut m, &mut feed, 100, &mut acc);
        assert_eq!(acc.0.len(), 257);
        let p = acc.0[256];
        assert_eq!(
            (p.csn, p.msn, p.rsn, p.flags),
            (0, 0, 0, Flags::FIRST | Flags::LAST)
        );
        assert_eq!((acc.1[4].status, acc.1[4].last_csn), (CQE_OK, 0));
    }

    #[test]
    fn segmenter_refuses_bad_inputs() {
        let mut m = SegmenterModel::default();
        let mut o = SegOut::default();
        for t in 0..40 {
            let i = SegIn {
                ack: (t == 0).then_some((5, 10)),
                mc: (t == 0).then_some(5),
                pd_ready: true,
                ..Default::default()
            };
            o = m.step(&i);
        }
        assert_eq!((o.cnt_bad_ack, o.cnt_bad_mc), (1, 1));
    }
}
