//! Cycle-exact model of `pcie_rd` (`hdl/rtl/src/pcie_rd.rs`): the engine's
//! DMA read stream into memory read TLPs on the PCIe hard block's requester
//! request interface, completions from its requester completion interface
//! placed in a page buffer and returned in request order (512 bits,
//! dword-aligned, straddling off). The model keeps the RTL's registers
//! under the same names; the RTL's module comment is the normative text.

use super::{get_u64, put_u64, CycleModel, Stimulus};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::VecDeque;

/// Slots (reads in flight), each a 4 KiB page of the buffer.
pub const SLOTS: usize = 8;
/// PCIe tags (no extended tags).
pub const TAGS: usize = 32;

/// One engine read request.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct RdReq {
    /// Host address.
    pub addr: u64,
    /// Length in bytes (13 bits).
    pub len: u16,
    /// The engine's tag.
    pub tag: u8,
}

/// One RC beat (`m_axis_rc_tvalid`; the block is always ready).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RcBeat {
    /// Data, byte `i` in lane `i`.
    pub data: [u8; 64],
    /// Last beat of a completion.
    pub last: bool,
    /// `tuser` bit 96, discontinue.
    pub discontinue: bool,
}

/// One clock's inputs.
#[derive(Debug, Clone, Copy, Default)]
pub struct PcieRdIn {
    /// The engine's offered request.
    pub rd: Option<RdReq>,
    /// `rs_ready`.
    pub rs_ready: bool,
    /// `s_axis_rq_tready`.
    pub rq_ready: bool,
    /// The RC beat.
    pub rc: Option<RcBeat>,
    /// `cfg_max_read_req` (MRRS = 128 << min(value, 5)).
    pub mrrs: u8,
    /// `cfg_timeout` in clocks (0: never).
    pub timeout: u32,
}

/// A read TLP on RQ (one beat), as the fields it carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RdTlp {
    /// Address (dword-aligned).
    pub addr: u64,
    /// Dword count.
    pub dwc: u32,
    /// Tag.
    pub tag: u8,
    /// First byte enables.
    pub fbe: u8,
    /// Last byte enables.
    pub lbe: u8,
}

impl RdTlp {
    /// The RQ beat: `tdata` bits 0-127 (the rest 0), `tkeep` 0x000F,
    /// `tlast` 1, `tuser` bits 0-35 (the rest 0).
    pub fn beat(&self) -> (u128, u64) {
        let d = self.addr as u128 | (self.dwc as u128) << 64 | (self.tag as u128) << 96;
        let u = self.fbe as u64 | (self.lbe as u64) << 8 | 1 << 20 | 1 << 26 | 3 << 28;
        (d, u)
    }
}

/// One response beat.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RsBeat {
    /// Data, the request's byte `64k + i` in lane `i` (lanes past the
    /// length 0, all 0 when `err`).
    pub data: [u8; 64],
    /// The request's tag.
    pub tag: u8,
    /// Last beat of the response.
    pub last: bool,
    /// The read failed.
    pub err: bool,
}

/// Outputs after one edge.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PcieRdOut {
    /// `rd_ready`.
    pub rd_ready: bool,
    /// The read TLP shown on RQ.
    pub rq: Option<RdTlp>,
    /// The response beat shown.
    pub rs: Option<RsBeat>,
    /// Read TLPs sent.
    pub cnt_reads: u32,
    /// Completions that failed their read.
    pub cnt_cpl_err: u32,
    /// Reads failed by a timeout.
    pub cnt_timeouts: u32,
    /// Completions for a tag not in flight, dropped.
    pub cnt_stray: u32,
}

/// Cycle-exact model.
#[derive(Debug, Clone)]
pub struct PcieRdModel {
    now: u32,
    pre: u32,
    // slots: a ring of 8, head `hd`, tail `tl` (4-bit pointers)
    hd: u8,
    tl: u8,
    s_tag: [u8; SLOTS],
    s_off: [u32; SLOTS],
    s_len: [u32; SLOTS],
    s_err: [bool; SLOTS],
    s_iss: [bool; SLOTS],
    s_pend: [u32; SLOTS],
    // the splitter
    sp_act: bool,
    sp_setup: u8,
    sp_slot: usize,
    sp_addr: u64,
    sp_left: u32,
    sp_m: u32,
    sp_room: u32,
    sp_bad: bool,
    sp_chunk: u32,
    sp_rest: u32,
    // the RQ output register
    o: Option<RdTlp>,
    // tags
    busy: u32,
    dead: u32,
    t_slot: [usize; TAGS],
    t_age: [u8; TAGS],
    t_next: [u32; TAGS],
    t_rem: [u32; TAGS],
    // RC stage 1
    mid: bool,
    v1: bool,
    d1: [u8; 64],
    l1: bool,
    disc1: bool,
    f1: bool,
    // the completion at stage 2
    cx_act: bool,
    cx_good: bool,
    cx_stray: bool,
    cx_tag: usize,
    cx_slot: usize,
    cx_done: bool,
    cx_sh: u32,
    cx_l0: u32,
    cx_k: u32,
    cx_nl: u32,
    cx_nb: u32,
    cx_j: u32,
    cx_disc: bool,
    // RC stage 2
    v2: bool,
    d2: [u8; 64],
    l2: bool,
    disc2: bool,
    p2: [u8; 64],
    // the page buffer: even and odd lines
    bank: [Vec<[u8; 64]>; 2],
    // responses: read stage, then a 2-beat queue
    r_k: u32,
    p_v: bool,
    p_tag: u8,
    p_last: bool,
    p_err: bool,
    p_sh: u32,
    p_odd: bool,
    p_nb: u32,
    rd0: [u8; 64],
    rd1: [u8; 64],
    fifo: VecDeque<RsBeat>,
    n_reads: u32,
    n_cpl_err: u32,
    n_timeouts: u32,
    n_stray: u32,
}

impl Default for PcieRdModel {
    fn default() -> Self {
        PcieRdModel {
            now: 0,
            pre: 0,
            hd: 0,
            tl: 0,
            s_tag: [0; SLOTS],
            s_off: [0; SLOTS],
            s_len: [0; SLOTS],
            s_err: [false; SLOTS],
            s_iss: [false; SLOTS],
            s_pend: [0; SLOTS],
            sp_act: false,
            sp_setup: 0,
            sp_slot: 0,
            sp_addr: 0,
            sp_left: 0,
            sp_m: 0,
            sp_room: 0,
            sp_bad: false,
            sp_chunk: 0,
            sp_rest: 0,
            o: None,
            busy: 0,
            dead: 0,
            t_slot: [0; TAGS],
            t_age: [0; TAGS],
            t_next: [0; TAGS],
            t_rem: [0; TAGS],
            mid: false,
            v1: false,
            d1: [0; 64],
            l1: false,
            disc1: false,
            f1: false,
            cx_act: false,
            cx_good: false,
            cx_stray: false,
            cx_tag: 0,
            cx_slot: 0,
            cx_done: false,
            cx_sh: 0,
            cx_l0: 0,
            cx_k: 0,
            cx_nl: 0,
            cx_nb: 0,
            cx_j: 0,
            cx_disc: false,
            v2: false,
            d2: [0; 64],
            l2: false,
            disc2: false,
            p2: [0; 64],
            bank: [vec![[0; 64]; 256], vec![[0; 64]; 256]],
            r_k: 0,
            p_v: false,
            p_tag: 0,
            p_last: false,
            p_err: false,
            p_sh: 0,
            p_odd: false,
            p_nb: 0,
            rd0: [0; 64],
            rd1: [0; 64],
            fifo: VecDeque::new(),
            n_reads: 0,
            n_cpl_err: 0,
            n_timeouts: 0,
            n_stray: 0,
        }
    }
}

fn word(d: &[u8; 64], k: usize) -> u32 {
    u32::from_le_bytes(d[4 * k..4 * k + 4].try_into().unwrap())
}

/// `{hi, lo} >> 8 * sh`, both halves (zeros shifted in at the top).
fn shift(lo: &[u8; 64], hi: &[u8; 64], sh: u32) -> ([u8; 64], [u8; 64]) {
    let mut a = [0u8; 64];
    let mut b = [0u8; 64];
    for i in 0..128usize {
        let src = i + sh as usize;
        let v = if src < 64 {
            lo[src]
        } else if src < 128 {
            hi[src - 64]
        } else {
            0
        };
        if i < 64 {
            a[i] = v;
        } else {
            b[i - 64] = v;
        }
    }
    (a, b)
}

impl PcieRdModel {
    fn count(&self) -> u8 {
        self.tl.wrapping_sub(self.hd) & 15
    }

    fn outputs(&self) -> PcieRdOut {
        PcieRdOut {
            rd_ready: self.count() < SLOTS as u8 && !self.sp_act,
            rq: self.o,
            rs: self.fifo.front().copied(),
            cnt_reads: self.n_reads,
            cnt_cpl_err: self.n_cpl_err,
            cnt_timeouts: self.n_timeouts,
            cnt_stray: self.n_stray,
        }
    }
}

impl CycleModel for PcieRdModel {
    const MODULE: &'static str = "pcie_rd";
    const INPUTS: &'static [&'static str] = &[
        "rd_valid",
        "rd_addr",
        "rd_len",
        "rd_tag",
        "rs_ready",
        "s_axis_rq_tready",
        "m_axis_rc_tvalid",
        "m_axis_rc_tdata",
        "m_axis_rc_tlast",
        "m_axis_rc_tuser",
        "cfg_max_read_req",
        "cfg_timeout",
    ];
    const OUTPUTS: &'static [&'static str] = &[
        "rd_ready",
        "s_axis_rq_tvalid",
        "s_axis_rq_tdata",
        "s_axis_rq_tkeep",
        "s_axis_rq_tlast",
        "s_axis_rq_tuser",
        "rs_valid",
        "rs_data",
        "rs_tag",
        "rs_last",
        "rs_err",
        "m_axis_rc_tready",
        "cnt_reads",
        "cnt_cpl_err",
        "cnt_timeouts",
        "cnt_stray",
    ];
    type In = PcieRdIn;
    type Out = PcieRdOut;
    type Stim = PcieRdStim;

    fn step(&mut self, i: &PcieRdIn) -> PcieRdOut {
        let rd_ready = self.outputs().rd_ready;
        let mut busy = self.busy;
        let mut dead = self.dead;
        let mut pend_inc = [0u32; SLOTS];
        let mut pend_dec = [0u32; SLOTS];
        let mut set_err = [false; SLOTS];
        let mut set_iss = None;
        let mut age0 = 0u32;
        let tick = self.pre == i.timeout >> 2;

        // ---- the splitter and the RQ output register
        let free = self.o.is_none() || i.rq_ready;
        let m_b = 128u32 << self.sp_m;
        let chunk = self.sp_chunk;
        let fv = !self.busy & !self.dead;
        // tags in flight at most: every completion of them fits the hard
        // block's 256 completion headers at a 64-byte RCB
        let cap = [32, 32, 28, 15, 7, 3][self.sp_m as usize];
        let issue =
            self.sp_act && self.sp_setup == 0 && free && fv != 0 && self.busy.count_ones() < cap;
        if issue {
            let tf = fv.trailing_zeros() as usize;
            let x = (self.sp_addr & 3) as u32;
            let e = x + chunk;
            let dwc = (e + 3) >> 2;
            let (fbe, lbe) = if dwc == 1 {
                ((0xf << x) & !(0xf << (e & 7)) & 0xf, 0)
            } else if e & 3 == 0 {
                ((0xf << x) & 0xf, 0xf)
            } else {
                ((0xf << x) & 0xf, !(0xf << (e & 3)) & 0xf)
            };
            self.o = Some(RdTlp {
                addr: self.sp_addr & !3,
                dwc,
                tag: tf as u8,
                fbe: fbe as u8,
                lbe: lbe as u8,
            });
            self.n_reads = self.n_reads.wrapping_add(1);
            busy |= 1 << tf;
            self.t_slot[tf] = self.sp_slot;
            age0 |= 1 << tf;
            self.t_next[tf] = (self.sp_addr & 0xfff) as u32;
            self.t_rem[tf] = chunk;
            pend_inc[self.sp_slot] = 1;
            // a read stays inside its 4 KiB page: only the offset moves
            self.sp_addr = (self.sp_addr & !0xfff) | ((self.sp_addr + chunk as u64) & 0xfff);
            let last = self.sp_rest == 0;
            self.sp_chunk = self.sp_rest.min(m_b);
            self.sp_rest -= self.sp_chunk;
            if last {
                self.sp_act = false;
                set_iss = Some(self.sp_slot);
            }
        } else if self.o.is_some() && i.rq_ready {
            self.o = None;
        }
        match self.sp_setup {
            1 => {
                self.sp_room = m_b - (self.sp_addr as u32 & (m_b - 1));
                if self.sp_bad {
                    // nothing to send: answered failed
                    set_err[self.sp_slot] = true;
                    set_iss = Some(self.sp_slot);
                    self.sp_act = false;
                    self.sp_setup = 0;
                } else {
                    self.sp_setup = 2;
                }
            }
            2 => {
                self.sp_chunk = self.sp_left.min(self.sp_room);
                self.sp_rest = self.sp_left - self.sp_chunk;
                self.sp_setup = 0;
            }
            _ => {}
        }

        // ---- RC stage 2: the completion's lines into the page buffer
        let mut kill2 = false;
        if self.v2 {
            let (lo, hi) = shift(&self.p2, &self.d2, self.cx_sh);
            let line = (self.cx_l0 + self.cx_k) & 63;
            let w = !self.cx_stray && self.cx_good;
            if w && self.cx_k < self.cx_nl {
                self.bank[(line & 1) as usize][self.cx_slot * 32 + (line >> 1) as usize] = lo;
            }
            if w && self.l2 && ((self.cx_k + 1) & 255) < self.cx_nl {
                let l = (line + 1) & 63;
                self.bank[(l & 1) as usize][self.cx_slot * 32 + (l >> 1) as usize] = hi;
            }
            if self.l2 {
                let good = self.cx_good
                    && !self.cx_disc
                    && !self.disc2
                    && ((self.cx_j + 1) & 255) == self.cx_nb;
                if self.cx_stray {
                    self.n_stray = self.n_stray.wrapping_add(1);
                } else if good {
                    if self.cx_done {
                        busy &= !(1 << self.cx_tag);
                        pend_dec[self.cx_slot] += 1;
                        kill2 = true;
                    }
                } else {
                    self.n_cpl_err = self.n_cpl_err.wrapping_add(1);
                    busy &= !(1 << self.cx_tag);
                    dead |= 1 << self.cx_tag;
                    age0 |= 1 << self.cx_tag;
                    set_err[self.cx_slot] = true;
                    pend_dec[self.cx_slot] += 1;
                    kill2 = true;
                }
                self.cx_act = false;
            }
            self.cx_k = (self.cx_k + 1) & 255;
            self.cx_j = (self.cx_j + 1) & 255;
            self.cx_disc |= self.disc2;
            self.p2 = self.d2;
        }

        // ---- the timeout scanner (before stage 1 writes its context)
        let scan = (self.now & 31) as usize;
        let tag1 = self.d1[8] as usize;
        let skip =
            (self.v1 && self.f1 && (tag1 & 31) == scan) || (self.cx_act && self.cx_tag == scan);
        let old = self.t_age[scan] >= 4;
        if !skip {
            if self.busy >> scan & 1 == 1 && i.timeout != 0 && old {
                busy &= !(1 << scan);
                dead |= 1 << scan;
                age0 |= 1 << scan;
                self.n_timeouts = self.n_timeouts.wrapping_add(1);
                set_err[self.t_slot[scan]] = true;
                pend_dec[self.t_slot[scan]] += 1;
            } else if self.dead >> scan & 1 == 1 && old {
                dead &= !(1 << scan);
            }
        }

        // ---- RC stage 1: a completion's descriptor
        if self.v1 && self.f1 {
            let d = &self.d1;
            let w0 = word(d, 0);
            let w1 = word(d, 1);
            let la = w0 & 0xfff;
            let ec = (w0 >> 12) & 0xf;
            let bc = (w0 >> 16) & 0x1fff;
            let done = w0 >> 30 & 1 == 1;
            let dwc = w1 & 0x7ff;
            let st = (w1 >> 11) & 7;
            let t = tag1 & 31;
            let busy_t = self.busy >> t & 1 == 1 && !(kill2 && self.cx_tag == t);
            let stray = tag1 >= TAGS || !busy_t;
            let x = la & 3;
            let cond = if done {
                dwc == (x + bc + 3) >> 2
            } else {
                (((la >> 2) & 15) + dwc) & 15 == 0 && 4 * dwc < bc + x
            };
            let good =
                !stray && ec == 0 && st == 0 && la == self.t_next[t] && bc == self.t_rem[t] && cond;
            if good && !done {
                self.t_next[t] = ((la & !3) + 4 * dwc) & 0xfff;
                self.t_rem[t] = (bc + x).wrapping_sub(4 * dwc) & 0x1fff;
            }
            self.cx_act = true;
            self.cx_stray = stray;
            self.cx_good = good;
            self.cx_tag = t;
            self.cx_slot = self.t_slot[t];
            self.cx_done = done;
            self.cx_sh = 12u32.wrapping_sub(la & 60) & 63;
            self.cx_l0 = la >> 6;
            self.cx_k = if la & 63 >= 16 { 0 } else { 255 };
            self.cx_nl = if done {
                ((la & 63) + bc + 63) >> 6
            } else {
                (((la >> 2) & 15) + dwc) >> 4
            };
            self.cx_nb = ((4 * dwc + 75) >> 6) & 255;
            self.cx_j = 0;
            self.cx_disc = false;
        }
        // stage 1 moves to stage 2; the input to stage 1
        self.v2 = self.v1;
        if self.v1 {
            self.d2 = self.d1;
            self.l2 = self.l1;
            self.disc2 = self.disc1;
        }
        self.v1 = i.rc.is_some();
        if let Some(b) = i.rc {
            self.d1 = b.data;
            self.l1 = b.last;
            self.disc1 = b.discontinue;
            self.f1 = !self.mid;
            self.mid = !b.last;
        }

        // ---- responses: the data stage, then the read stage
        let pop = !self.fifo.is_empty() && i.rs_ready;
        let n = self.fifo.len() as u32;
        if pop {
            self.fifo.pop_front();
        }
        if self.p_v {
            let (lo, hi) = if self.p_odd {
                (&self.rd1, &self.rd0)
            } else {
                (&self.rd0, &self.rd1)
            };
            let (mut data, _) = shift(lo, hi, self.p_sh);
            for (k, b) in data.iter_mut().enumerate() {
                if self.p_err || k as u32 >= self.p_nb {
                    *b = 0;
                }
            }
            self.fifo.push_back(RsBeat {
                data,
                tag: self.p_tag,
                last: self.p_last,
                err: self.p_err,
            });
        }
        let hs = (self.hd & 7) as usize;
        let ready_h = self.count() > 0 && self.s_iss[hs] && self.s_pend[hs] == 0;
        let can = ready_h && n + (self.p_v as u32) < 2 + (pop as u32);
        if can {
            let len = self.s_len[hs];
            let beats = if len == 0 { 1 } else { (len + 63) >> 6 };
            let last = self.r_k + 1 == beats;
            let x = (self.s_off[hs] >> 6) + self.r_k;
            self.rd1 = self.bank[1][hs * 32 + ((x >> 1) & 31) as usize];
            self.rd0 = self.bank[0][hs * 32 + (((x + 1) >> 1) & 31) as usize];
            self.p_v = true;
            self.p_tag = self.s_tag[hs];
            self.p_last = last;
            self.p_err = self.s_err[hs];
            self.p_sh = self.s_off[hs] & 63;
            self.p_odd = x & 1 == 1;
            self.p_nb = if last && len & 63 != 0 { len & 63 } else { 64 };
            if last {
                self.r_k = 0;
                self.hd = (self.hd + 1) & 15;
            } else {
                self.r_k += 1;
            }
        } else {
            self.p_v = false;
        }

        // ---- slot and tag updates
        for s in 0..SLOTS {
            self.s_pend[s] = (self.s_pend[s] + pend_inc[s] - pend_dec[s]) & 63;
            self.s_err[s] |= set_err[s];
        }
        if let Some(s) = set_iss {
            self.s_iss[s] = true;
        }
        self.busy = busy;
        self.dead = dead;
        for (t, a) in self.t_age.iter_mut().enumerate() {
            if age0 >> t & 1 == 1 {
                *a = 0;
            } else if tick && *a != 7 {
                *a += 1;
            }
        }
        self.pre = if tick {
            0
        } else {
            (self.pre + 1) & 0x3fff_ffff
        };

        // ---- requests
        if let (Some(r), true) = (i.rd, rd_ready) {
            let s = (self.tl & 7) as usize;
            let off = (r.addr & 0xfff) as u32;
            let len = r.len as u32 & 0x1fff;
            let bad = len == 0 || off + len > 4096;
            self.s_tag[s] = r.tag;
            self.s_off[s] = off;
            self.s_len[s] = len;
            self.s_err[s] = false;
            self.s_iss[s] = false;
            self.s_pend[s] = 0;
            self.tl = (self.tl + 1) & 15;
            self.sp_bad = bad;
            self.sp_act = true;
            self.sp_setup = 1;
            self.sp_slot = s;
            self.sp_addr = r.addr;
            self.sp_left = len;
            self.sp_m = (i.mrrs & 7).min(5) as u32;
        }
        self.now = self.now.wrapping_add(1);
        self.outputs()
    }

    fn encode(i: &PcieRdIn, p: &mut [Vec<u32>]) {
        if let Some(r) = i.rd {
            put_u64(&mut p[0], 1);
            put_u64(&mut p[1], r.addr);
            put_u64(&mut p[2], r.len as u64 & 0x1fff);
            put_u64(&mut p[3], r.tag as u64);
        }
        put_u64(&mut p[4], i.rs_ready as u64);
        put_u64(&mut p[5], i.rq_ready as u64);
        if let Some(b) = i.rc {
            put_u64(&mut p[6], 1);
            for (j, w) in p[7].iter_mut().enumerate() {
                *w = word(&b.data, j);
            }
            put_u64(&mut p[8], b.last as u64);
            p[9][3] = b.discontinue as u32;
        }
        put_u64(&mut p[10], i.mrrs as u64 & 7);
        put_u64(&mut p[11], i.timeout as u64);
    }

    fn decode(p: &[Vec<u32>]) -> PcieRdOut {
        let rq = (get_u64(&p[1]) != 0).then(|| {
            let d = &p[2];
            assert!(
                d[4..].iter().all(|&w| w == 0),
                "RQ data past the descriptor"
            );
            assert_eq!(get_u64(&p[3]), 0xf, "RQ tkeep");
            assert_eq!(get_u64(&p[4]), 1, "RQ tlast");
            let u = &p[5];
            let user = u[0] as u64 | (u[1] as u64) << 32;
            assert!(u[1] == 0 && u[2..].iter().all(|&w| w == 0), "RQ tuser bits");
            assert_eq!(user >> 16, 1 << 4 | 1 << 10 | 3 << 12, "RQ sop/eop");
            let addr = d[0] as u64 | (d[1] as u64) << 32;
            assert_eq!(addr & 3, 0, "RQ address type");
            assert_eq!(d[2] >> 11, 0, "RQ memory read, no poison");
            assert_eq!(d[3] & !0xff, 0, "RQ IDs, TC and attributes");
            RdTlp {
                addr,
                dwc: d[2] & 0x7ff,
                tag: d[3] as u8,
                fbe: (user & 0xf) as u8,
                lbe: (user >> 8 & 0xf) as u8,
            }
        });
        let rs = (get_u64(&p[6]) != 0).then(|| {
            let mut data = [0u8; 64];
            for (j, w) in p[7].iter().enumerate() {
                data[4 * j..4 * j + 4].copy_from_slice(&w.to_le_bytes());
            }
            RsBeat {
                data,
                tag: get_u64(&p[8]) as u8,
                last: get_u64(&p[9]) != 0,
                err: get_u64(&p[10]) != 0,
            }
        });
        assert_eq!(get_u64(&p[11]), 1, "m_axis_rc_tready");
        PcieRdOut {
            rd_ready: get_u64(&p[0]) != 0,
            rq,
            rs,
            cnt_reads: get_u64(&p[12]) as u32,
            cnt_cpl_err: get_u64(&p[13]) as u32,
            cnt_timeouts: get_u64(&p[14]) as u32,
            cnt_stray: get_u64(&p[15]) as u32,
        }
    }
}

/// Host memory as the stimulus serves it: byte at address `a`.
pub fn host_byte(a: u64) -> u8 {
    (a.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 56) as u8
}

/// The beats of one completion as the hard block presents it: descriptor
/// dwords 0-2, the payload from dword 3 at lane `12 + (la mod 4)`.
pub fn completion(
    tag: u8,
    la: u32,
    bc: u32,
    payload: &[u8],
    done: bool,
    status: u32,
) -> Vec<RcBeat> {
    let pad = (la & 3) as usize;
    let mut bytes = vec![0u8; 12 + pad];
    let dwc = (pad + payload.len()).div_ceil(4) as u32;
    let w0 = (la & 0xfff) | (bc & 0x1fff) << 16 | (done as u32) << 30;
    let w1 = dwc | status << 11;
    bytes[0..4].copy_from_slice(&w0.to_le_bytes());
    bytes[4..8].copy_from_slice(&w1.to_le_bytes());
    bytes[8..12].copy_from_slice(&(tag as u32).to_le_bytes());
    bytes.extend_from_slice(payload);
    let n = bytes.len().div_ceil(64);
    (0..n)
        .map(|k| {
            let mut data = [0u8; 64];
            let part = &bytes[64 * k..(64 * k + 64).min(bytes.len())];
            data[..part.len()].copy_from_slice(part);
            RcBeat {
                data,
                last: k + 1 == n,
                discontinue: false,
            }
        })
        .collect()
}

/// What a fault did to the read TLP it hit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fault {
    /// Its last completion has status UR.
    Status,
    /// Its last completion never comes: the tag times out.
    Lost,
    /// Its last completion is discontinued.
    Discontinue,
    /// Its second completion comes at the wrong address.
    Misplaced,
}

/// A completion waiting to be sent.
#[derive(Debug, Clone)]
struct Pending {
    at: u64,
    beats: Vec<RcBeat>,
}

/// Seeded stimulus and host: reads of 1 byte to 4 KiB (some invalid: length
/// 0 or crossing 4 KiB), answered as a root complex may (completions split
/// at a 64- or 128-byte read completion boundary and at 256 bytes, tags
/// answered out of order after 20-200 clocks), with rare faults (an error
/// status, a lost completion, a discontinued one, one at the wrong place)
/// and stray completions; random `tready`/`rs_ready`; MRRS changed now and
/// then. It records which reads a fault hit so a test can check that
/// exactly those fail.
#[derive(Debug, Clone)]
pub struct PcieRdStim {
    rng: ChaCha8Rng,
    cycle: u64,
    offered: Option<RdReq>,
    ready: bool,
    next_tag: u8,
    mrrs: u8,
    /// Requests taken, oldest first: (request, hit by a fault).
    pub reqs: VecDeque<(RdReq, bool)>,
    shown_rq: Option<RdTlp>,
    shown_rs: Option<RsBeat>,
    /// The request whose last response beat the engine took in the clock
    /// just observed: (request, hit by a fault or invalid).
    pub done: Option<(RdReq, bool)>,
    pending: Vec<Pending>,
    sending: VecDeque<RcBeat>,
    cur: PcieRdIn,
    /// Faults injected.
    pub faults: u32,
    /// Fault rate: one read TLP in `fault_every` is hit (0: none).
    pub fault_every: u32,
    /// The timeout the stimulus sets.
    pub timeout: u32,
}

impl PcieRdStim {
    /// Answer a read TLP the block just gave the host.
    fn answer(&mut self, t: RdTlp) {
        let r = &mut self.rng;
        let x = t.fbe.trailing_zeros().min(3) as u64;
        let tail = if t.dwc == 1 {
            4 - (8 - t.fbe.leading_zeros())
        } else {
            t.lbe.leading_zeros() - 4
        };
        let start = t.addr + x;
        let total = (4 * t.dwc - x as u32 - tail) as u64;
        let fault = if self.fault_every != 0 && r.gen_range(0..self.fault_every) == 0 {
            Some(match r.gen_range(0..4) {
                0 => Fault::Status,
                1 => Fault::Lost,
                2 => Fault::Discontinue,
                _ => Fault::Misplaced,
            })
        } else {
            None
        };
        let rcb = if r.gen_range(0..2) == 0 { 64 } else { 128 };
        let mut a = start;
        let mut at = self.cycle + r.gen_range(20..200);
        let mut n = 0;
        while a < start + total {
            let lim = ((a / rcb) + 1) * rcb;
            let lim = lim.min(start + total);
            let mut e = lim;
            while e < start + total && e - a < 256 && r.gen_range(0..3) != 0 {
                e = (e + rcb).min(start + total);
            }
            let e = if e > a + 256 {
                (a + 256) / rcb * rcb
            } else {
                e
            };
            let payload: Vec<u8> = (a..e).map(host_byte).collect();
            let last = e == start + total;
            let bc = (start + total - a) as u32;
            let mut la = (a & 0xfff) as u32;
            if fault == Some(Fault::Misplaced) && n == 1 {
                la ^= 64;
            }
            let status = if fault == Some(Fault::Status) && last {
                1
            } else {
                0
            };
            let mut beats = completion(t.tag, la, bc, &payload, last, status);
            if fault == Some(Fault::Discontinue) && last {
                beats.last_mut().unwrap().discontinue = true;
            }
            if !(fault == Some(Fault::Lost) && last) {
                self.pending.push(Pending { at, beats });
            }
            if last && r.gen_range(0..100) == 0 {
                // a stray completion: a tag no read was sent with
                let stray = r.gen_range(32..=255u32) as u8;
                let beats = completion(stray, la, bc, &payload, last, 0);
                self.pending.push(Pending { at: at + 1, beats });
            }
            at += r.gen_range(1..30);
            a = e;
            n += 1;
        }
        // a misplaced second completion needs two completions
        if fault.is_some() && (fault != Some(Fault::Misplaced) || n > 1) {
            let k = self
                .reqs
                .iter()
                .position(|(q, _)| start >= q.addr && start < q.addr + q.len as u64)
                .expect("a read TLP for no request");
            self.reqs[k].1 = true;
            self.faults += 1;
        }
    }
}

impl Stimulus for PcieRdStim {
    type In = PcieRdIn;
    type Out = PcieRdOut;
    const CLOSED_LOOP: bool = true;

    fn new(seed: u64) -> Self {
        PcieRdStim {
            rng: ChaCha8Rng::seed_from_u64(seed),
            cycle: 0,
            offered: None,
            ready: true,
            next_tag: 0,
            mrrs: 2,
            reqs: VecDeque::new(),
            shown_rq: None,
            shown_rs: None,
            done: None,
            pending: Vec::new(),
            sending: VecDeque::new(),
            cur: PcieRdIn::default(),
            faults: 0,
            fault_every: 100,
            timeout: 3_000,
        }
    }

    fn next(&mut self, cycle: u64) -> PcieRdIn {
        self.cycle = cycle;
        let r = &mut self.rng;
        if self.offered.is_none() && r.gen_range(0..4) == 0 {
            let len: u16 = match r.gen_range(0..40) {
                0 => 0,
                1 => r.gen_range(4000..=4096),
                2..=12 => r.gen_range(1..=64),
                13..=26 => r.gen_range(65..=700),
                _ => r.gen_range(700..=4096),
            };
            let max_off = 4096u64.saturating_sub(len as u64);
            let off = if len > 1 && r.gen_range(0..30) == 0 {
                // crossing 4 KiB: refused
                r.gen_range(4097 - len as u64..4096)
            } else {
                r.gen_range(0..=max_off)
            };
            let addr = (r.gen::<u64>() & !0xfff & 0xffff_ffff_ffff) | off;
            self.offered = Some(RdReq {
                addr,
                len,
                tag: self.next_tag,
            });
            self.next_tag = self.next_tag.wrapping_add(1);
        }
        if r.gen_range(0..500) == 0 {
            self.mrrs = r.gen_range(0..8);
        }
        if self.sending.is_empty() {
            // the earliest due: one tag's completions stay in address order
            let k = (0..self.pending.len())
                .filter(|&k| self.pending[k].at <= cycle)
                .min_by_key(|&k| self.pending[k].at);
            if let Some(k) = k {
                self.sending = self.pending.remove(k).beats.into();
            }
        }
        // the hard block may pause inside a completion
        let rc = if self.sending.is_empty() || r.gen_range(0..8) == 0 {
            None
        } else {
            self.sending.pop_front()
        };
        self.cur = PcieRdIn {
            rd: self.offered,
            rs_ready: r.gen_range(0..5) != 0,
            rq_ready: r.gen_range(0..5) != 0,
            rc,
            mrrs: self.mrrs,
            timeout: self.timeout,
        };
        self.cur
    }

    fn observe(&mut self, out: &PcieRdOut) {
        if let (Some(q), true) = (self.cur.rd, self.ready) {
            let bad = q.len == 0 || (q.addr & 0xfff) + q.len as u64 > 4096;
            self.reqs.push_back((q, bad));
            self.offered = None;
        }
        if let (Some(t), true) = (self.shown_rq, self.cur.rq_ready) {
            self.answer(t);
        }
        self.done = None;
        if let (Some(b), true) = (self.shown_rs, self.cur.rs_ready) {
            if b.last {
                self.done = self.reqs.pop_front();
            }
        }
        self.ready = out.rd_ready;
        self.shown_rq = out.rq;
        self.shown_rs = out.rs;
    }
}
