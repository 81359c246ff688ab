//! Reference model of `cmd_proc` (hdl/rtl/src/cmd_proc.rs): the command
//! sequencer and the connection table, cycle-exact.

use super::{get_u64, put_u64, CycleModel, Stimulus};
use braid_spec::host::{cmd, cmd_arg as ca, CmdArg};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::VecDeque;

/// Port groups, in the order of [`CmdProcIn::ready`].
pub const GROUPS: [&str; 14] = [
    "mr", "cq", "sq", "seg", "tc", "dd", "mt", "rp", "tp", "cc", "tw", "sp", "ag", "rq",
];
/// Clocks of the destroy drain after the last awaited read.
pub const DRAIN_TAIL: u32 = 8;

/// One clock's inputs.
#[derive(Debug, Clone, Default)]
pub struct CmdProcIn {
    /// `cmd_valid`.
    pub cmd_valid: bool,
    /// `cmd_opcode`.
    pub cmd_opcode: u8,
    /// `cmd_args` (ARG0..7).
    pub cmd_args: [u32; 8],
    /// `X_ready` per group ([`GROUPS`] order).
    pub ready: [bool; 14],
    /// `sq_res_valid`.
    pub sq_res_valid: bool,
    /// `sq_res_refused`.
    pub sq_res_refused: bool,
    /// `sq_rd_issue`.
    pub sq_rd_issue: bool,
    /// `sq_rd_done`.
    pub sq_rd_done: bool,
    /// `cm_emit`: the segmenter emitted a completion record.
    pub cm_emit: bool,
    /// `cm_take`: `tx_compl` took a segmenter record.
    pub cm_take: bool,
    /// `rl_valid`.
    pub rl_valid: bool,
    /// `rl_conn` (24 bits).
    pub rl_conn: u32,
    /// `rl_tag`.
    pub rl_tag: u16,
    /// `tl_valid`.
    pub tl_valid: bool,
    /// `tl_conn`.
    pub tl_conn: u32,
    /// `tl_tag`.
    pub tl_tag: u16,
}

/// Output ports, in [`CmdProcModel::OUTPUTS`] order.
pub const OUT_PORTS: &[&str] = &[
    "cmd_done",
    "cmd_error",
    "mr_valid",
    "mr_index",
    "mr_entry_valid",
    "mr_key",
    "mr_pd",
    "mr_access",
    "mr_base",
    "mr_end",
    "cq_valid",
    "cq_op",
    "cq_cq",
    "cq_iova",
    "cq_log2",
    "sq_valid",
    "sq_op",
    "sq_conn",
    "sq_iova",
    "sq_log2",
    "seg_valid",
    "seg_op",
    "seg_conn",
    "tc_valid",
    "tc_op",
    "tc_conn",
    "tc_csn",
    "tc_cq",
    "dd_valid",
    "dd_op",
    "dd_conn",
    "dd_csn",
    "mt_valid",
    "mt_index",
    "mt_msn",
    "rp_valid",
    "rp_op",
    "rp_idx",
    "rp_psn",
    "tp_valid",
    "tp_op",
    "tp_idx",
    "tp_psn",
    "cc_valid",
    "cc_kind",
    "cc_idx",
    "tw_valid",
    "tw_kind",
    "tw_path",
    "tw_sel",
    "sp_valid",
    "sp_init",
    "sp_conn",
    "sp_paths_m1",
    "sp_open_en",
    "sp_open_val",
    "sp_susp_en",
    "sp_susp_val",
    "sp_hint",
    "ag_valid",
    "ag_conn",
    "ag_flags",
    "ag_peer_mac",
    "ag_peer_ip",
    "ag_udp_dport",
    "ag_vlan_tci",
    "ag_dscp",
    "ag_remote_conn",
    "rq_valid",
    "rq_op",
    "rq_conn",
    "rq_stream",
    "rq_iova",
    "rq_log2",
    "rr_valid",
    "rr_ok",
    "rr_pd",
    "rr_streams",
    "rr_paths",
    "rr_tag",
    "tr_valid",
    "tr_ok",
    "tr_peer_mac",
    "tr_peer_ip4",
    "tr_sport",
    "tr_dport",
    "tr_peer_conn",
    "tr_tag",
    "cnt_cmds",
    "cnt_bad_command",
    "cnt_bad_index",
    "cnt_busy",
    "cnt_bad_argument",
];
const NOUT: usize = 93;
const _: () = assert!(OUT_PORTS.len() == NOUT);

const fn port(name: &str) -> usize {
    let mut i = 0;
    while i < OUT_PORTS.len() {
        let (a, b) = (OUT_PORTS[i].as_bytes(), name.as_bytes());
        if a.len() == b.len() {
            let mut j = 0;
            while j < a.len() && a[j] == b[j] {
                j += 1;
            }
            if j == a.len() {
                return i;
            }
        }
        i += 1;
    }
    panic!("no such port")
}

/// The outputs after one edge: every output port's value (`ag_peer_ip`
/// holds its low 64 bits, with bit 63 set if any higher bit is set).
#[derive(Clone, PartialEq, Eq)]
pub struct CmdProcOut(pub [u64; NOUT]);

impl Default for CmdProcOut {
    fn default() -> Self {
        CmdProcOut([0; NOUT])
    }
}

impl CmdProcOut {
    /// The value of output port `name`.
    pub fn get(&self, name: &str) -> u64 {
        self.0[OUT_PORTS
            .iter()
            .position(|p| *p == name)
            .unwrap_or_else(|| panic!("no port {name}"))]
    }
    fn set(&mut self, k: usize, v: u64) {
        self.0[k] = v;
    }
}

impl std::fmt::Debug for CmdProcOut {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{{")?;
        for (k, v) in self.0.iter().enumerate() {
            if *v != 0 {
                write!(f, " {}={:#x}", OUT_PORTS[k], v)?;
            }
        }
        write!(f, " }}")
    }
}

#[derive(Debug, Clone, Copy, Default, PartialEq)]
struct RxRec {
    valid: bool,
    pd: u16,
    streams: u8,
    paths: u8,
}

#[derive(Debug, Clone, Copy, Default, PartialEq)]
struct TxRec {
    ok: bool,
    mac: u64,
    ip: u32,
    sport: u16,
    dport: u16,
    peer: u32,
}

#[derive(Debug, Clone, Copy, Default, PartialEq)]
struct CpRec {
    valid: bool,
    cq: u32,
    streams: u8,
    paths: u8,
}

#[derive(Debug, Clone, Copy, Default, PartialEq)]
struct CqRec {
    created: bool,
    count: u32,
}

/// Cycle-exact model with `2^CB` connections x `2^PB` paths and `2^QB` CQs.
#[derive(Debug, Clone)]
pub struct CmdProcModel<const CB: usize, const PB: usize, const QB: usize> {
    rx: Vec<RxRec>,
    tx: Vec<TxRec>,
    cp: Vec<CpRec>,
    cqt: Vec<CqRec>,
    st: u8,
    op: u8,
    args: [u32; 8],
    rec: CpRec,
    cq: CqRec,
    err: u8,
    n_str: u32,
    n_pat: u32,
    n_tw: u32,
    /// mr cq sq seg tc dd sp ag pending.
    pend: [bool; 8],
    sq_wait: bool,
    /// (on, i) of mt rq rp tp cc tw.
    cnt: [(bool, u32); 6],
    rd_out: u32,
    wn: u32,
    tail: u32,
    /// CREATE_CONN's record fence: 0 none, 1 `seg` INIT offered, 2 taken
    /// (waiting for the segmenter's hold to empty), 3 draining.
    cph: u8,
    /// Segmenter records emitted and not yet taken by `tx_compl`.
    cmo: u32,
    /// Records still to be taken before `tc` CREATE.
    cwn: u32,
    done: bool,
    err_q: u8,
    counters: [u32; 5],
    l: (bool, bool, u16, RxRec),
    t: (bool, u16, TxRec),
    /// Commands completed per (opcode 0..=8 (8: unknown), error code).
    pub stat_results: [[u64; 5]; 9],
    /// Clocks a group offered an operation that was not taken.
    pub stat_stalls: [u64; 14],
    /// Clocks a DESTROY_CONN waited on outstanding reads.
    pub stat_drain_wait: u64,
    /// Clocks a CREATE_CONN's `tc` CREATE waited on segmenter records.
    pub stat_fence_wait: u64,
    /// Operations taken per group.
    pub stat_ops: [u64; 14],
    /// CREATE_CONNs ended by a refused `sq` CREATE.
    pub stat_sq_refused: u64,
}

impl<const CB: usize, const PB: usize, const QB: usize> Default for CmdProcModel<CB, PB, QB> {
    fn default() -> Self {
        CmdProcModel {
            rx: vec![RxRec::default(); 1 << CB],
            tx: vec![TxRec::default(); 1 << CB],
            cp: vec![CpRec::default(); 1 << CB],
            cqt: vec![CqRec::default(); 1 << QB],
            st: 0,
            op: 0,
            args: [0; 8],
            rec: CpRec::default(),
            cq: CqRec::default(),
            err: 0,
            n_str: 0,
            n_pat: 0,
            n_tw: 0,
            pend: [false; 8],
            sq_wait: false,
            cnt: [(false, 0); 6],
            rd_out: 0,
            wn: 0,
            tail: 0,
            cph: 0,
            cmo: 0,
            cwn: 0,
            done: false,
            err_q: 0,
            counters: [0; 5],
            l: (false, false, 0, RxRec::default()),
            t: (false, 0, TxRec::default()),
            stat_results: [[0; 5]; 9],
            stat_stalls: [0; 14],
            stat_drain_wait: 0,
            stat_fence_wait: 0,
            stat_ops: [0; 14],
            stat_sq_refused: 0,
        }
    }
}

// pend indices
const P_MR: usize = 0;
const P_CQ: usize = 1;
const P_SQ: usize = 2;
const P_SEG: usize = 3;
const P_TC: usize = 4;
const P_DD: usize = 5;
const P_SP: usize = 6;
const P_AG: usize = 7;
// cnt indices
const C_MT: usize = 0;
const C_RQ: usize = 1;
const C_RP: usize = 2;
const C_TP: usize = 3;
const C_CC: usize = 4;
const C_TW: usize = 5;
/// Group index ([`GROUPS`]) of each pend and cnt entry.
/// The `seg` group's index in [`GROUPS`].
const G_SEG: usize = 3;
const PEND_GROUP: [usize; 8] = [0, 1, 2, 3, 4, 5, 11, 12];
const CNT_GROUP: [usize; 6] = [6, 13, 7, 8, 9, 10];

impl<const CB: usize, const PB: usize, const QB: usize> CmdProcModel<CB, PB, QB> {
    const CMASK: u32 = (1 << CB) - 1;
    const QMASK: u32 = (1 << QB) - 1;

    fn a(&self, f: &CmdArg) -> u64 {
        f.get(&self.args)
    }
    fn conn(&self) -> u32 {
        self.args[0] & Self::CMASK
    }
    fn cnt_target(&self, k: usize) -> u32 {
        match k {
            C_MT | C_RQ => self.n_str,
            C_TW => self.n_tw,
            _ => self.n_pat,
        }
    }
    fn cnt_valid(&self, k: usize) -> bool {
        self.st == 7 && self.cnt[k].0 && self.cnt[k].1 != self.cnt_target(k)
    }
    fn pend_valid(&self, k: usize) -> bool {
        self.pend[k] && (self.st == 7 || (k == P_SQ && self.st == 6))
    }

    /// The error code of the latched command against the tables (state CHK).
    fn check(&self) -> u8 {
        let a0 = self.args[0];
        let a7 = self.args[7];
        let conn_ok = a0 >> CB == 0;
        let cq0_ok = a0 >> QB == 0;
        let cq7_ok = a7 >> QB == 0;
        let log2_ok = |v: u64| (1..=15).contains(&v);
        match self.op {
            cmd::NOP => cmd::OK,
            cmd::REG_MR => {
                let iova = self.a(ca::REG_MR_IOVA);
                let len = self.a(ca::REG_MR_LENGTH);
                let (end, carry) = iova.overflowing_add(len);
                if a0 >> 12 != 0 {
                    cmd::BAD_INDEX
                } else if (self.a(ca::REG_MR_KEY) >> 8) & 0xfff != a0 as u64
                    || self.a(ca::REG_MR_ACCESS) >= 8
                    || len == 0
                    || (carry && end != 0)
                {
                    cmd::BAD_ARGUMENT
                } else {
                    cmd::OK
                }
            }
            cmd::DEREG_MR => {
                if a0 >> 12 != 0 {
                    cmd::BAD_INDEX
                } else {
                    cmd::OK
                }
            }
            cmd::CREATE_CQ => {
                if !cq0_ok {
                    cmd::BAD_INDEX
                } else if self.cq.created {
                    cmd::BUSY
                } else if !log2_ok(self.a(ca::CREATE_CQ_LOG2))
                    || !self
                        .a(ca::CREATE_CQ_IOVA)
                        .is_multiple_of(braid_spec::host::CQ_ALIGN)
                {
                    cmd::BAD_ARGUMENT
                } else {
                    cmd::OK
                }
            }
            cmd::DESTROY_CQ => {
                if !(cq0_ok && self.cq.created) {
                    cmd::BAD_INDEX
                } else if self.cq.count != 0 {
                    cmd::BUSY
                } else {
                    cmd::OK
                }
            }
            cmd::CREATE_CONN => {
                let streams = self.a(ca::CREATE_CONN_STREAMS);
                let paths = self.a(ca::CREATE_CONN_PATHS);
                if !conn_ok {
                    cmd::BAD_INDEX
                } else if self.rec.valid {
                    cmd::BUSY
                } else if !log2_ok(self.a(ca::CREATE_CONN_SQ_LOG2))
                    || !log2_ok(self.a(ca::CREATE_CONN_RQ_LOG2))
                    || !self
                        .a(ca::CREATE_CONN_SQ_IOVA)
                        .is_multiple_of(braid_spec::host::SQ_ALIGN)
                    || !self
                        .a(ca::CREATE_CONN_RQ_IOVA)
                        .is_multiple_of(braid_spec::host::RQ_ALIGN)
                    || !(1..=braid_spec::state::MAX_STREAMS as u64).contains(&streams)
                    || !(1..=1u64 << PB).contains(&paths)
                    || !(cq7_ok && self.cq.created)
                {
                    cmd::BAD_ARGUMENT
                } else {
                    cmd::OK
                }
            }
            cmd::SET_PEER | cmd::DESTROY_CONN => {
                if !self.rec.valid {
                    cmd::BAD_INDEX
                } else {
                    cmd::OK
                }
            }
            _ => cmd::BAD_COMMAND,
        }
    }

    fn left(&self) -> bool {
        self.pend.iter().any(|p| *p)
            || self.sq_wait
            || (0..6).any(|k| self.cnt[k].0 && self.cnt[k].1 != self.cnt_target(k))
            || self.wn != 0
            || self.tail != 0
            || self.cph != 0
    }

    /// Whether a command is running (the stimulus's view of `CMD_STATUS.busy`
    /// is reg_block's; this is the block's).
    pub fn busy(&self) -> bool {
        self.st != 0
    }

    fn outputs(&self) -> CmdProcOut {
        let mut o = CmdProcOut::default();
        let s = |o: &mut CmdProcOut, n: &str, v: u64| o.set(port(n), v);
        s(&mut o, "cmd_done", self.done as u64);
        s(&mut o, "cmd_error", self.err_q as u64);
        let conn = self.conn() as u64;
        let conn_pi = conn << PB;
        let pmask = (1u64 << PB) - 1;
        let (cconn, dconn) = (self.op == cmd::CREATE_CONN, self.op == cmd::DESTROY_CONN);
        if self.pend_valid(P_MR) {
            s(&mut o, "mr_valid", 1);
            s(&mut o, "mr_index", self.args[0] as u64 & 0xfff);
            if self.op == cmd::REG_MR {
                let iova = self.a(ca::REG_MR_IOVA);
                s(&mut o, "mr_entry_valid", 1);
                s(&mut o, "mr_key", self.a(ca::REG_MR_KEY));
                s(&mut o, "mr_pd", self.a(ca::REG_MR_PD));
                s(&mut o, "mr_access", self.a(ca::REG_MR_ACCESS) & 7);
                s(&mut o, "mr_base", iova);
                s(
                    &mut o,
                    "mr_end",
                    iova.wrapping_add(self.a(ca::REG_MR_LENGTH)),
                );
            }
        }
        if self.pend_valid(P_CQ) {
            s(&mut o, "cq_valid", 1);
            s(&mut o, "cq_cq", (self.args[0] & Self::QMASK) as u64);
            if self.op == cmd::CREATE_CQ {
                s(&mut o, "cq_op", 1);
                s(&mut o, "cq_iova", self.a(ca::CREATE_CQ_IOVA));
                s(&mut o, "cq_log2", self.a(ca::CREATE_CQ_LOG2) & 15);
            } else {
                s(&mut o, "cq_op", 3);
            }
        }
        if self.pend_valid(P_SQ) {
            s(&mut o, "sq_valid", 1);
            s(&mut o, "sq_conn", conn);
            if cconn {
                s(&mut o, "sq_iova", self.a(ca::CREATE_CONN_SQ_IOVA));
                s(&mut o, "sq_log2", self.a(ca::CREATE_CONN_SQ_LOG2));
            } else {
                s(&mut o, "sq_op", 1);
            }
        }
        if self.pend_valid(P_SEG) {
            s(&mut o, "seg_valid", 1);
            s(&mut o, "seg_op", dconn as u64);
            s(&mut o, "seg_conn", conn);
        }
        if self.pend_valid(P_TC) {
            s(&mut o, "tc_valid", 1);
            s(&mut o, "tc_conn", conn);
            if cconn {
                s(&mut o, "tc_op", 2);
                s(&mut o, "tc_cq", (self.args[7] & Self::QMASK) as u64);
            } else {
                s(&mut o, "tc_op", 3);
            }
        }
        if self.pend_valid(P_DD) {
            s(&mut o, "dd_valid", 1);
            s(&mut o, "dd_op", 1);
            s(&mut o, "dd_conn", conn);
        }
        if self.cnt_valid(C_MT) {
            s(&mut o, "mt_valid", 1);
            s(
                &mut o,
                "mt_index",
                ((conn << 2) | (self.cnt[C_MT].1 as u64 & 3)) & 0xfff,
            );
        }
        if self.cnt_valid(C_RP) {
            s(&mut o, "rp_valid", 1);
            s(&mut o, "rp_op", 1);
            s(
                &mut o,
                "rp_idx",
                conn_pi | (self.cnt[C_RP].1 as u64 & pmask),
            );
        }
        if self.cnt_valid(C_TP) {
            s(&mut o, "tp_valid", 1);
            s(&mut o, "tp_op", 1);
            s(
                &mut o,
                "tp_idx",
                conn_pi | (self.cnt[C_TP].1 as u64 & pmask),
            );
        }
        if self.cnt_valid(C_CC) {
            s(&mut o, "cc_valid", 1);
            s(&mut o, "cc_kind", 1);
            s(
                &mut o,
                "cc_idx",
                conn_pi | (self.cnt[C_CC].1 as u64 & pmask),
            );
        }
        if self.cnt_valid(C_TW) {
            let i = self.cnt[C_TW].1 as u64;
            s(&mut o, "tw_valid", 1);
            s(&mut o, "tw_kind", 2);
            s(&mut o, "tw_path", conn_pi | ((i >> 1) & pmask));
            s(&mut o, "tw_sel", i & 1);
        }
        if self.pend_valid(P_SP) {
            s(&mut o, "sp_valid", 1);
            s(&mut o, "sp_conn", conn);
            s(&mut o, "sp_open_en", 0xffff);
            s(&mut o, "sp_susp_en", 0xffff);
            if cconn {
                s(&mut o, "sp_init", 1);
                s(
                    &mut o,
                    "sp_paths_m1",
                    (self.n_pat.wrapping_sub(1) & 15) as u64,
                );
                s(
                    &mut o,
                    "sp_open_val",
                    !((0xffffu64 << self.n_pat) & 0xffff) & 0xffff,
                );
            }
        }
        if self.pend_valid(P_AG) {
            s(&mut o, "ag_valid", 1);
            s(&mut o, "ag_conn", conn);
            if self.op == cmd::SET_PEER {
                s(&mut o, "ag_flags", 1);
                s(&mut o, "ag_peer_mac", self.mac_wire());
                s(
                    &mut o,
                    "ag_peer_ip",
                    0xffff_0000_0000 | self.a(ca::SET_PEER_PEER_IP4),
                );
                s(&mut o, "ag_udp_dport", self.a(ca::SET_PEER_DPORT));
                s(&mut o, "ag_remote_conn", self.a(ca::SET_PEER_PEER_CONN));
            }
        }
        if self.cnt_valid(C_RQ) {
            s(&mut o, "rq_valid", 1);
            s(&mut o, "rq_conn", conn);
            s(&mut o, "rq_stream", self.cnt[C_RQ].1 as u64 & 3);
            if cconn {
                s(&mut o, "rq_iova", self.a(ca::CREATE_CONN_RQ_IOVA));
                s(&mut o, "rq_log2", self.a(ca::CREATE_CONN_RQ_LOG2) & 15);
            } else {
                s(&mut o, "rq_op", 1);
            }
        }
        let (lv, linr, ltag, lrec) = self.l;
        s(&mut o, "rr_valid", lv as u64);
        if lv {
            s(&mut o, "rr_tag", ltag as u64);
        }
        if lv && linr && lrec.valid {
            s(&mut o, "rr_ok", 1);
            s(&mut o, "rr_pd", lrec.pd as u64);
            s(&mut o, "rr_streams", lrec.streams as u64);
            s(&mut o, "rr_paths", lrec.paths as u64);
        }
        let (tv, ttag, trec) = self.t;
        s(&mut o, "tr_valid", tv as u64);
        if tv {
            s(&mut o, "tr_tag", ttag as u64);
        }
        if tv && trec.ok {
            s(&mut o, "tr_ok", 1);
            s(&mut o, "tr_peer_mac", trec.mac);
            s(&mut o, "tr_peer_ip4", trec.ip as u64);
            s(&mut o, "tr_sport", trec.sport as u64);
            s(&mut o, "tr_dport", trec.dport as u64);
            s(&mut o, "tr_peer_conn", trec.peer as u64);
        }
        for (k, n) in [
            "cnt_cmds",
            "cnt_bad_command",
            "cnt_bad_index",
            "cnt_busy",
            "cnt_bad_argument",
        ]
        .iter()
        .enumerate()
        {
            s(&mut o, n, self.counters[k] as u64);
        }
        o
    }

    /// The peer MAC with its first wire byte in bits 47:40.
    fn mac_wire(&self) -> u64 {
        let m = self.a(ca::SET_PEER_PEER_MAC).to_le_bytes();
        u64::from_be_bytes([0, 0, m[0], m[1], m[2], m[3], m[4], m[5]])
    }
}

impl<const CB: usize, const PB: usize, const QB: usize> CycleModel for CmdProcModel<CB, PB, QB> {
    const MODULE: &'static str = if CB == 10 {
        "cmd_proc"
    } else {
        "cmd_proc_tiny"
    };
    const INPUTS: &'static [&'static str] = &[
        "cmd_valid",
        "cmd_opcode",
        "cmd_args",
        "mr_ready",
        "cq_ready",
        "sq_ready",
        "seg_ready",
        "tc_ready",
        "dd_ready",
        "mt_ready",
        "rp_ready",
        "tp_ready",
        "cc_ready",
        "tw_ready",
        "sp_ready",
        "ag_ready",
        "rq_ready",
        "sq_res_valid",
        "sq_res_refused",
        "sq_rd_issue",
        "sq_rd_done",
        "cm_emit",
        "cm_take",
        "rl_valid",
        "rl_conn",
        "rl_tag",
        "tl_valid",
        "tl_conn",
        "tl_tag",
    ];
    const OUTPUTS: &'static [&'static str] = OUT_PORTS;
    type In = CmdProcIn;
    type Out = CmdProcOut;
    type Stim = CmdProcStim<CB, PB, QB>;

    fn step(&mut self, i: &CmdProcIn) -> CmdProcOut {
        let left_q = self.left();
        let sq_wait_q = self.sq_wait;
        // stats on this clock's offers
        for (k, &g) in PEND_GROUP.iter().enumerate() {
            if self.pend_valid(k) {
                if i.ready[g] {
                    self.stat_ops[g] += 1;
                } else {
                    self.stat_stalls[g] += 1;
                }
            }
        }
        for (k, &g) in CNT_GROUP.iter().enumerate() {
            if self.cnt_valid(k) {
                if i.ready[g] {
                    self.stat_ops[g] += 1;
                } else {
                    self.stat_stalls[g] += 1;
                }
            }
        }
        if self.st == 7 && self.op == cmd::DESTROY_CONN && self.wn != 0 {
            self.stat_drain_wait += 1;
        }
        // lookups read the tables before this edge's writes
        let rl = i.rl_conn & 0xff_ffff;
        self.l = (
            i.rl_valid,
            rl >> CB == 0,
            i.rl_tag,
            self.rx[(rl & Self::CMASK) as usize],
        );
        self.t = (
            i.tl_valid,
            i.tl_tag,
            self.tx[(i.tl_conn & Self::CMASK) as usize],
        );

        // group takes
        let cph_q = self.cph;
        for (k, &g) in PEND_GROUP.iter().enumerate() {
            if self.pend_valid(k) && i.ready[g] {
                self.pend[k] = false;
                if k == P_SQ {
                    self.sq_wait = true;
                }
                if k == P_SEG && cph_q == 1 {
                    self.cph = 2;
                }
            }
        }
        // CREATE_CONN's record fence: the segmenter's INIT left its hold
        // (`seg_ready` again), so every record of the connection's earlier
        // incarnation has been emitted; tx_compl's CREATE waits until that
        // many records (all emitted so far) have been taken
        let cmo_next = if i.cm_emit && !i.cm_take {
            (self.cmo + 1) & 0xff
        } else if !i.cm_emit && i.cm_take && self.cmo != 0 {
            self.cmo - 1
        } else {
            self.cmo
        };
        self.cmo = cmo_next;
        match cph_q {
            2 if i.ready[G_SEG] => {
                self.cwn = cmo_next;
                self.cph = 3;
            }
            3 => {
                self.stat_fence_wait += 1;
                if self.cwn == 0 {
                    self.pend[P_TC] = true;
                    self.cph = 0;
                } else if i.cm_take {
                    self.cwn -= 1;
                }
            }
            _ => {}
        }
        for (k, &g) in CNT_GROUP.iter().enumerate() {
            if self.cnt_valid(k) && i.ready[g] {
                self.cnt[k].1 = (self.cnt[k].1 + 1) & if k == C_TW { 63 } else { 31 };
            }
        }
        // reads outstanding, drain
        let rd_next = if i.sq_rd_issue && !i.sq_rd_done {
            (self.rd_out + 1) & 0xff
        } else if !i.sq_rd_issue && i.sq_rd_done && self.rd_out != 0 {
            self.rd_out - 1
        } else {
            self.rd_out
        };
        self.rd_out = rd_next;
        let sq_res = i.sq_res_valid && sq_wait_q;
        if sq_res {
            self.sq_wait = false;
        }
        let dconn = self.op == cmd::DESTROY_CONN;
        if sq_res && dconn {
            self.wn = rd_next;
            self.tail = DRAIN_TAIL;
        } else if self.wn != 0 {
            if i.sq_rd_done {
                self.wn -= 1;
            }
        } else if self.tail != 0 {
            self.tail -= 1;
        }

        // states
        self.done = false;
        self.err_q = 0;
        let conn = self.conn() as usize;
        let ok = self.err == 0;
        match self.st {
            0 => {
                if i.cmd_valid {
                    self.op = i.cmd_opcode;
                    self.args = i.cmd_args;
                    self.st = 1;
                }
            }
            1 => self.st = 2,
            2 => {
                let r = self.cp[conn];
                self.rec = CpRec {
                    valid: r.valid && self.args[0] >> CB == 0,
                    ..r
                };
                self.st = 3;
            }
            3 => {
                let (sel, rng_ok) = match self.op {
                    cmd::DESTROY_CONN => (self.rec.cq, true),
                    cmd::CREATE_CONN => (self.args[7] & Self::QMASK, self.args[7] >> QB == 0),
                    _ => (self.args[0] & Self::QMASK, self.args[0] >> QB == 0),
                };
                let r = self.cqt[sel as usize];
                self.cq = CqRec {
                    created: r.created && rng_ok,
                    count: r.count,
                };
                self.st = 4;
            }
            4 => {
                self.err = self.check();
                self.st = 5;
            }
            5 => {
                let (s, p) = if dconn {
                    (self.rec.streams as u32, self.rec.paths as u32)
                } else {
                    (
                        self.a(ca::CREATE_CONN_STREAMS) as u32 & 7,
                        self.a(ca::CREATE_CONN_PATHS) as u32 & 31,
                    )
                };
                self.n_str = s;
                self.n_pat = p;
                self.n_tw = (p << 1) & 63;
                let op = self.op;
                let d = ok && dconn;
                self.pend = [
                    ok && (op == cmd::REG_MR || op == cmd::DEREG_MR),
                    ok && (op == cmd::CREATE_CQ || op == cmd::DESTROY_CQ),
                    ok && (op == cmd::CREATE_CONN || dconn),
                    d,
                    d,
                    false,
                    d,
                    ok && (op == cmd::SET_PEER || dconn),
                ];
                self.sq_wait = false;
                self.cnt = [(false, 0), (d, 0), (false, 0), (d, 0), (false, 0), (d, 0)];
                if d {
                    // the receive gate closes first
                    self.rx[conn] = RxRec::default();
                    self.tx[conn] = TxRec::default();
                    self.cp[conn] = CpRec::default();
                }
                self.st = if !ok || op == cmd::NOP {
                    8
                } else if op == cmd::CREATE_CONN {
                    6
                } else {
                    7
                };
            }
            6 => {
                if sq_res {
                    if i.sq_res_refused {
                        self.stat_sq_refused += 1;
                        self.err = cmd::BAD_ARGUMENT;
                        self.st = 8;
                    } else {
                        for k in [P_SEG, P_DD, P_SP] {
                            self.pend[k] = true;
                        }
                        self.cph = 1;
                        for k in [C_MT, C_RQ, C_RP, C_TP, C_CC] {
                            self.cnt[k].0 = true;
                        }
                        self.st = 7;
                    }
                }
            }
            7 => {
                if !left_q {
                    self.st = 8;
                }
            }
            _ => {
                self.st = 0;
                self.done = true;
                self.err_q = self.err;
                let row = if self.op <= 7 { self.op as usize } else { 8 };
                self.stat_results[row][self.err as usize] += 1;
                self.counters[0] = self.counters[0].wrapping_add(1);
                if (1..=4).contains(&self.err) {
                    let k = self.err as usize;
                    self.counters[k] = self.counters[k].wrapping_add(1);
                }
                if ok {
                    let a7q = (self.args[7] & Self::QMASK) as usize;
                    let a0q = (self.args[0] & Self::QMASK) as usize;
                    match self.op {
                        cmd::CREATE_CONN => {
                            let (s, p) = (
                                self.a(ca::CREATE_CONN_STREAMS) as u8 & 7,
                                self.a(ca::CREATE_CONN_PATHS) as u8 & 31,
                            );
                            self.rx[conn] = RxRec {
                                valid: true,
                                pd: self.a(ca::CREATE_CONN_PD) as u16,
                                streams: s,
                                paths: p,
                            };
                            self.tx[conn] = TxRec::default();
                            self.cp[conn] = CpRec {
                                valid: true,
                                cq: a7q as u32,
                                streams: s,
                                paths: p,
                            };
                            self.cqt[a7q] = CqRec {
                                created: true,
                                count: (self.cq.count + 1) & 0x7ff,
                            };
                        }
                        cmd::DESTROY_CONN => {
                            self.cqt[self.rec.cq as usize] = CqRec {
                                created: self.cq.created,
                                count: self.cq.count.wrapping_sub(1) & 0x7ff,
                            };
                        }
                        cmd::CREATE_CQ => {
                            self.cqt[a0q] = CqRec {
                                created: true,
                                count: 0,
                            }
                        }
                        cmd::DESTROY_CQ => self.cqt[a0q] = CqRec::default(),
                        cmd::SET_PEER => {
                            self.tx[conn] = TxRec {
                                ok: true,
                                mac: self.mac_wire(),
                                ip: self.a(ca::SET_PEER_PEER_IP4) as u32,
                                sport: self.a(ca::SET_PEER_SPORT_BASE) as u16,
                                dport: self.a(ca::SET_PEER_DPORT) as u16,
                                peer: self.a(ca::SET_PEER_PEER_CONN) as u32,
                            }
                        }
                        _ => {}
                    }
                }
            }
        }
        self.outputs()
    }

    fn encode(i: &CmdProcIn, p: &mut [Vec<u32>]) {
        put_u64(&mut p[0], i.cmd_valid as u64);
        put_u64(&mut p[1], i.cmd_opcode as u64);
        p[2][..8].copy_from_slice(&i.cmd_args);
        for k in 0..14 {
            put_u64(&mut p[3 + k], i.ready[k] as u64);
        }
        put_u64(&mut p[17], i.sq_res_valid as u64);
        put_u64(&mut p[18], i.sq_res_refused as u64);
        put_u64(&mut p[19], i.sq_rd_issue as u64);
        put_u64(&mut p[20], i.sq_rd_done as u64);
        put_u64(&mut p[21], i.cm_emit as u64);
        put_u64(&mut p[22], i.cm_take as u64);
        put_u64(&mut p[23], i.rl_valid as u64);
        put_u64(&mut p[24], (i.rl_conn & 0xff_ffff) as u64);
        put_u64(&mut p[25], i.rl_tag as u64);
        put_u64(&mut p[26], i.tl_valid as u64);
        put_u64(&mut p[27], (i.tl_conn & ((1 << CB) - 1)) as u64);
        put_u64(&mut p[28], i.tl_tag as u64);
    }

    fn decode(p: &[Vec<u32>]) -> CmdProcOut {
        let mut o = CmdProcOut::default();
        for (k, w) in p.iter().enumerate() {
            let mut v = get_u64(w);
            if w.len() > 2 && w[2..].iter().any(|x| *x != 0) {
                v |= 1 << 63;
            }
            o.0[k] = v;
        }
        o
    }
}

/// The default build's model (1,024 connections x 16 paths, 1,024 CQs).
pub type CmdProcFullModel = CmdProcModel<10, 4, 10>;
/// The tiny build's model (16 connections x 4 paths, 16 CQs).
pub type CmdProcTinyModel = CmdProcModel<4, 2, 4>;

/// Seeded closed-loop stimulus: `reg_block`'s side of the mailbox (one
/// command at a time, the next after `cmd_done`, sometimes on the very next
/// clock), commands mixing valid and invalid arguments at every edge (index
/// at and over capacity, BUSY cases, ring log2 0/1/15/16, misaligned iova,
/// streams 0/1/4/5, paths 0/1/max/max+1, key[19:8] != index, length 0,
/// iova + length at and over 2^64, unknown opcodes), a shadow of created
/// objects so most commands hit live ones, random readys per group with
/// long stalls, `sq` results after a random delay (some CREATEs refused),
/// wqe_fetch read issue/done pulses (some stray dones), and lookups on both
/// ports (in range, out of range, live and dead connections).
#[derive(Debug)]
pub struct CmdProcStim<const CB: usize, const PB: usize, const QB: usize> {
    rng: ChaCha8Rng,
    busy: bool,
    cur: (u8, [u32; 8]),
    conns: Vec<Option<u32>>,
    cqs: Vec<Option<u32>>,
    hot: [u32; 6],
    hot_cq: [u32; 4],
    stall: [u32; 14],
    last: CmdProcOut,
    ready: [bool; 14],
    sched: VecDeque<(u64, bool)>,
    reads: u32,
    recs: u32,
    quiet: u32,
}

impl<const CB: usize, const PB: usize, const QB: usize> CmdProcStim<CB, PB, QB> {
    fn conn(&mut self) -> u32 {
        if self.rng.gen_bool(0.85) {
            self.hot[self.rng.gen_range(0..6)]
        } else {
            self.rng.gen_range(0..1u32 << CB)
        }
    }
    fn cq(&mut self) -> u32 {
        if self.rng.gen_bool(0.85) {
            self.hot_cq[self.rng.gen_range(0..4)]
        } else {
            self.rng.gen_range(0..1u32 << QB)
        }
    }
    fn log2(&mut self, good: bool) -> u64 {
        if good {
            [1, 15, self.rng.gen_range(1..=15)][self.rng.gen_range(0..3)]
        } else {
            [0, 16, 255][self.rng.gen_range(0..3)]
        }
    }
    fn over(&mut self, bits: usize) -> u32 {
        [1u32 << bits, (1u32 << bits) + 1, u32::MAX][self.rng.gen_range(0..3)]
    }

    /// A command with mostly good and sometimes one bad argument.
    fn command(&mut self) -> (u8, [u32; 8]) {
        let mut a = [0u32; 8];
        let bad = self.rng.gen_bool(0.3);
        let k: u32 = self.rng.gen_range(0..100);
        let which = self.rng.gen_range(0..8);
        let op = match k {
            0..=3 => cmd::NOP,
            4..=15 => cmd::REG_MR,
            16..=20 => cmd::DEREG_MR,
            21..=32 => cmd::CREATE_CQ,
            33..=41 => cmd::DESTROY_CQ,
            42..=69 => cmd::CREATE_CONN,
            70..=81 => cmd::SET_PEER,
            82..=95 => cmd::DESTROY_CONN,
            _ => self.rng.gen_range(8..=255),
        };
        let r = &mut self.rng;
        match op {
            cmd::REG_MR => {
                let idx = if bad && which == 0 {
                    [4096, 4097, u32::MAX][r.gen_range(0..3)]
                } else {
                    r.gen_range(0..4096)
                };
                let len: u64 = if bad && which == 1 {
                    0
                } else {
                    r.gen_range(1..1 << 20)
                };
                let iova: u64 = match (bad, which) {
                    (true, 2) => u64::MAX - len + 2,
                    (_, 3) => (u64::MAX - len).wrapping_add(1),
                    _ => r.gen::<u64>() >> r.gen_range(0..40),
                };
                let key = if bad && which == 4 {
                    ((idx ^ (1 << r.gen_range(0..12))) & 0xfff) << 8 | r.gen_range(0..256)
                } else {
                    (idx & 0xfff) << 8 | r.gen_range(0..256) | r.gen_range(0..16) << 20
                };
                let acc = if bad && which == 5 {
                    r.gen_range(8..1000)
                } else {
                    r.gen_range(0..8)
                };
                ca::REG_MR_INDEX.put(&mut a, idx as u64);
                ca::REG_MR_IOVA.put(&mut a, iova);
                ca::REG_MR_LENGTH.put(&mut a, len);
                ca::REG_MR_KEY.put(&mut a, key as u64);
                ca::REG_MR_PD.put(&mut a, r.gen::<u16>() as u64);
                ca::REG_MR_ACCESS.put(&mut a, acc as u64);
            }
            cmd::DEREG_MR => {
                let idx = if bad {
                    4096 + r.gen_range(0..3)
                } else {
                    r.gen_range(0..4096)
                };
                ca::DEREG_MR_INDEX.put(&mut a, idx as u64);
            }
            cmd::CREATE_CQ => {
                let cq = if bad && which == 0 {
                    self.over(QB)
                } else {
                    self.cq()
                };
                let l2 = if bad && which == 1 {
                    [0u64, 16, 1 << 31][self.rng.gen_range(0..3)]
                } else {
                    self.log2(true)
                };
                let r = &mut self.rng;
                let iova = (r.gen::<u64>() >> r.gen_range(0..30)) & !31
                    | if bad && which == 2 {
                        1 << r.gen_range(0..5)
                    } else {
                        0
                    };
                ca::CREATE_CQ_CQ.put(&mut a, cq as u64);
                ca::CREATE_CQ_IOVA.put(&mut a, iova);
                ca::CREATE_CQ_LOG2.put(&mut a, l2);
            }
            cmd::DESTROY_CQ => {
                let cq = if bad && which == 0 {
                    self.over(QB)
                } else {
                    self.cq()
                };
                ca::DESTROY_CQ_CQ.put(&mut a, cq as u64);
            }
            cmd::CREATE_CONN => {
                let mut conn = self.conn();
                if !bad && self.conns[conn as usize].is_some() {
                    if let Some(c) = (0..1u32 << CB).find(|c| self.conns[*c as usize].is_none()) {
                        if self.rng.gen_bool(0.7) {
                            conn = c;
                        }
                    }
                }
                if bad && which == 0 {
                    conn = self.over(CB);
                }
                let mut cq = self.cq();
                if !bad {
                    if let Some(q) = self
                        .hot_cq
                        .iter()
                        .find(|q| self.cqs[**q as usize].is_some())
                    {
                        cq = *q;
                    }
                } else if which == 1 {
                    cq = self.over(QB);
                }
                let sl = self.log2(!(bad && which == 2));
                let rl = self.log2(!(bad && which == 3));
                let r = &mut self.rng;
                let sq = (r.gen::<u64>() >> r.gen_range(0..30)) & !63
                    | if bad && which == 4 {
                        1 << r.gen_range(0..6)
                    } else {
                        0
                    };
                let rq = (r.gen::<u64>() >> r.gen_range(0..30)) & !31
                    | if bad && which == 5 {
                        1 << r.gen_range(0..5)
                    } else {
                        0
                    };
                let max_p = 1u64 << PB;
                let streams = if bad && which == 6 {
                    [0, 5, 255][r.gen_range(0..3)]
                } else {
                    [1, 4, r.gen_range(1..=4)][r.gen_range(0..3)]
                };
                let paths = if bad && which == 7 {
                    [0, max_p + 1, 255][r.gen_range(0..3)]
                } else {
                    [1, max_p, r.gen_range(1..=max_p)][r.gen_range(0..3)]
                };
                ca::CREATE_CONN_CONN.put(&mut a, conn as u64);
                ca::CREATE_CONN_SQ_IOVA.put(&mut a, sq);
                ca::CREATE_CONN_SQ_LOG2.put(&mut a, sl);
                ca::CREATE_CONN_PD.put(&mut a, r.gen::<u16>() as u64);
                ca::CREATE_CONN_RQ_IOVA.put(&mut a, rq);
                ca::CREATE_CONN_RQ_LOG2.put(&mut a, rl);
                ca::CREATE_CONN_STREAMS.put(&mut a, streams);
                ca::CREATE_CONN_PATHS.put(&mut a, paths);
                ca::CREATE_CONN_CQ.put(&mut a, cq as u64);
                if r.gen_bool(0.1) {
                    // reserved bits are ignored
                    a[3] |= 0xff00;
                    a[6] |= 0xff00_0000;
                }
            }
            cmd::SET_PEER => {
                let conn = if bad && which == 0 {
                    self.over(CB)
                } else {
                    self.conn()
                };
                let r = &mut self.rng;
                ca::SET_PEER_CONN.put(&mut a, conn as u64);
                ca::SET_PEER_PEER_MAC.put(&mut a, r.gen());
                ca::SET_PEER_PEER_IP4.put(&mut a, r.gen::<u32>() as u64);
                ca::SET_PEER_LOCAL_IP4.put(&mut a, r.gen::<u32>() as u64);
                ca::SET_PEER_SPORT_BASE.put(&mut a, r.gen::<u16>() as u64);
                ca::SET_PEER_DPORT.put(&mut a, r.gen::<u16>() as u64);
                ca::SET_PEER_PEER_CONN.put(&mut a, r.gen::<u32>() as u64);
                a[7] |= r.gen::<u32>() & 0xff00_0000;
            }
            cmd::DESTROY_CONN => {
                let mut conn = self.conn();
                if !bad && self.conns[conn as usize].is_none() && self.rng.gen_bool(0.8) {
                    if let Some(c) = (0..1u32 << CB).find(|c| self.conns[*c as usize].is_some()) {
                        conn = c;
                    }
                }
                if bad && which == 0 {
                    conn = self.over(CB);
                }
                ca::DESTROY_CONN_CONN.put(&mut a, conn as u64);
            }
            _ => {
                for w in a.iter_mut() {
                    *w = self.rng.gen();
                }
            }
        }
        (op, a)
    }

    fn apply(&mut self, op: u8, a: &[u32; 8]) {
        let g = |f: &CmdArg| f.get(a) as usize;
        match op {
            cmd::CREATE_CQ => self.cqs[g(ca::CREATE_CQ_CQ)] = Some(0),
            cmd::DESTROY_CQ => self.cqs[g(ca::DESTROY_CQ_CQ)] = None,
            cmd::CREATE_CONN => {
                let q = g(ca::CREATE_CONN_CQ);
                self.conns[g(ca::CREATE_CONN_CONN)] = Some(q as u32);
                if let Some(n) = self.cqs[q].as_mut() {
                    *n += 1;
                }
            }
            cmd::DESTROY_CONN => {
                if let Some(q) = self.conns[g(ca::DESTROY_CONN_CONN)].take() {
                    if let Some(n) = self.cqs[q as usize].as_mut() {
                        *n -= 1;
                    }
                }
            }
            _ => {}
        }
    }
}

impl<const CB: usize, const PB: usize, const QB: usize> Stimulus for CmdProcStim<CB, PB, QB> {
    type In = CmdProcIn;
    type Out = CmdProcOut;
    const CLOSED_LOOP: bool = true;

    fn new(seed: u64) -> Self {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let n = 1u32 << CB;
        let q = 1u32 << QB;
        let hot = [
            0,
            n - 1,
            rng.gen_range(1..n - 1),
            rng.gen_range(1..n - 1),
            rng.gen_range(1..n - 1),
            rng.gen_range(1..n - 1),
        ];
        let hot_cq = [0, q - 1, rng.gen_range(1..q - 1), rng.gen_range(1..q - 1)];
        CmdProcStim {
            rng,
            busy: false,
            cur: (0, [0; 8]),
            conns: vec![None; n as usize],
            cqs: vec![None; q as usize],
            hot,
            hot_cq,
            stall: [0; 14],
            last: CmdProcOut::default(),
            ready: [true; 14],
            sched: VecDeque::new(),
            reads: 0,
            recs: 0,
            quiet: 0,
        }
    }

    fn next(&mut self, cycle: u64) -> CmdProcIn {
        let mut i = CmdProcIn::default();
        // readys: long stalls now and then
        for g in 0..14 {
            self.ready[g] = if self.stall[g] > 0 {
                self.stall[g] -= 1;
                false
            } else if self.rng.gen_bool(0.02) {
                self.stall[g] = self.rng.gen_range(1..40);
                false
            } else {
                self.rng.gen_bool(0.75)
            };
        }
        i.ready = self.ready;
        // the sq operation taken now: its result after a delay
        if self.last.get("sq_valid") == 1 && self.ready[2] {
            let refuse = self.last.get("sq_op") == 0 && self.rng.gen_bool(0.1);
            let at = cycle + self.rng.gen_range(1..12);
            self.sched.push_back((at, refuse));
        }
        if let Some(&(at, refused)) = self.sched.front() {
            if at <= cycle {
                self.sched.pop_front();
                i.sq_res_valid = true;
                i.sq_res_refused = refused;
            }
        }
        if !i.sq_res_valid && self.rng.gen_bool(0.01) {
            // a stray result: nothing awaits it
            i.sq_res_valid = self.sched.is_empty() && self.last.get("sq_valid") == 0;
            i.sq_res_refused = self.rng.gen();
        }
        // wqe_fetch reads: bursts of issues, in-order dones, quiet phases
        if self.quiet > 0 {
            self.quiet -= 1;
        } else if self.rng.gen_bool(0.002) {
            self.quiet = self.rng.gen_range(50..400);
        }
        i.sq_rd_issue = self.quiet == 0 && self.reads < 40 && self.rng.gen_bool(0.2);
        i.sq_rd_done = if self.reads > 0 {
            self.rng.gen_bool(0.12)
        } else {
            self.rng.gen_bool(0.003)
        };
        if i.sq_rd_issue {
            self.reads += 1;
        }
        if i.sq_rd_done && self.reads > 0 {
            self.reads -= 1;
        }
        // segmenter records on their way to tx_compl: bursts of emits,
        // takes while some are outstanding (and a stray take now and then)
        i.cm_emit = self.recs < 40 && self.rng.gen_bool(if cycle % 512 < 64 { 0.6 } else { 0.1 });
        i.cm_take = if self.recs > 0 {
            self.rng.gen_bool(0.3)
        } else {
            self.rng.gen_bool(0.01)
        };
        if i.cm_emit {
            self.recs += 1;
        }
        if i.cm_take && self.recs > 0 {
            self.recs -= 1;
        }
        // the mailbox
        if !self.busy && self.rng.gen_bool(0.3) {
            self.cur = self.command();
            self.busy = true;
            i.cmd_valid = true;
        }
        i.cmd_opcode = self.cur.0;
        i.cmd_args = self.cur.1;
        // lookups
        let r = &mut self.rng;
        i.rl_valid = r.gen_bool(0.5);
        i.rl_tag = r.gen();
        i.tl_valid = r.gen_bool(0.5);
        i.tl_tag = r.gen();
        i.rl_conn = if self.rng.gen_bool(0.1) {
            self.rng.gen_range(0..1 << 24)
        } else {
            self.conn()
        };
        i.tl_conn = self.conn();
        i
    }

    fn observe(&mut self, out: &CmdProcOut) {
        if out.get("cmd_done") == 1 {
            self.busy = false;
            if out.get("cmd_error") == 0 {
                let (op, a) = self.cur;
                self.apply(op, &a);
            }
        }
        self.last = out.clone();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run<M: CycleModel<In = CmdProcIn, Out = CmdProcOut>>(
        m: &mut M,
        i: &CmdProcIn,
    ) -> CmdProcOut {
        m.step(i)
    }

    /// A NOP completes OK 6 edges after the one that took it.
    #[test]
    fn cmd_proc_nop_latency() {
        let mut m = CmdProcTinyModel::default();
        let i = CmdProcIn {
            cmd_valid: true,
            ..Default::default()
        };
        let mut o = run(&mut m, &i);
        let mut n = 1;
        while o.get("cmd_done") == 0 {
            o = run(&mut m, &CmdProcIn::default());
            n += 1;
            assert!(n < 20);
        }
        assert_eq!((n, o.get("cmd_error")), (7, 0));
    }

    /// The stimulus keeps the model running commands with every outcome.
    #[test]
    fn cmd_proc_stimulus_runs_commands() {
        let mut m = CmdProcTinyModel::default();
        let mut s = CmdProcStim::<4, 2, 4>::new(1);
        for c in 0..20_000 {
            let i = s.next(c);
            let o = m.step(&i);
            s.observe(&o);
        }
        let ok: u64 = m.stat_results.iter().map(|r| r[0]).sum();
        let bad: u64 = m
            .stat_results
            .iter()
            .map(|r| r[1..].iter().sum::<u64>())
            .sum();
        assert!(ok > 100 && bad > 100, "ok {ok} refused {bad}");
    }
}
