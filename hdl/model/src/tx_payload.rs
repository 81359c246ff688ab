//! Cycle-exact model of `tx_payload` (`hdl/rtl/src/tx_payload.rs`): the
//! payload reader of the send path. Requests (host address, length) become
//! DMA reads split at every 4 KiB boundary (credits reserved in a 256-line
//! buffer), the response lines are collected per payload and the payload
//! leaves realigned to lane 0 (store and forward, so `pl_err` is known on
//! its first beat).
//!
//! The model is written register by register like the RTL: `step` computes
//! every register's next value from the current registers and the clock's
//! inputs, then commits; every output is a function of registers only.

use super::dr_arb::{RdReq, RsBeat};
use super::wqe_fetch::Fwft;
use super::{get_u64, put_u64, CycleModel, Stimulus};
use crate::host::{DmaReadServer, HostMem, ReadReq};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Requests accepted and not yet started by the realigner, at most.
pub const TXP_QDEPTH: usize = 32;
/// Lines (64-byte beats) of the response buffer.
pub const TXP_LINES: usize = 256;
/// Largest payload.
pub const TXP_MAX_LEN: u16 = 8192;

/// One payload beat (`pl_*`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlBeat {
    /// Payload bytes 64k..64k+64 of the beat in lanes 0..63 (lanes whose
    /// keep bit is 0 are zero).
    pub data: [u8; 64],
    /// Byte enables.
    pub keep: u64,
    /// Last beat of the payload.
    pub last: bool,
    /// The payload's reads failed (`rs_err` or a tag mismatch).
    pub err: bool,
}

impl Default for PlBeat {
    fn default() -> Self {
        PlBeat {
            data: [0; 64],
            keep: 0,
            last: false,
            err: false,
        }
    }
}

/// One clock's inputs.
#[derive(Debug, Clone, Copy, Default)]
pub struct TxPayloadIn {
    /// Offered request: host address of the first payload byte, length.
    pub q: Option<(u64, u16)>,
    /// The host takes the read request shown.
    pub rd_ready: bool,
    /// The host's response beat.
    pub rs: Option<RsBeat>,
    /// The consumer takes the payload beat shown.
    pub pl_ready: bool,
}

/// Outputs after an edge (all of them functions of registers).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TxPayloadOut {
    /// `q_ready`.
    pub q_ready: bool,
    /// The read request shown (`rd_*`; fields zero while `rd_valid` is 0).
    pub rd: Option<RdReq>,
    /// `rs_ready` (always 1).
    pub rs_ready: bool,
    /// The payload beat shown (fields zero while `pl_valid` is 0).
    pub pl: Option<PlBeat>,
    /// Reads taken by the host (wrapping).
    pub cnt_reads: u32,
    /// Payloads flagged `pl_err` (wrapping).
    pub cnt_err: u32,
}

/// Splitter entry: the first read of a payload and what follows.
#[derive(Debug, Clone, Copy, Default)]
struct SplitEnt {
    page: u64,
    lip: u8,
    n0: u8,
    rest0: u8,
}

/// Per-payload line count and realignment fields.
#[derive(Debug, Clone, Copy, Default)]
struct PayEnt {
    l: u8,
    off: u8,
    b: u8,
    kc: u8,
}

/// Lanes `i` with `i + off >= 64` (off > 0): taken from the later line.
pub fn hi_mask(off: u8) -> u64 {
    if off == 0 {
        0
    } else {
        !0u64 << (64 - off as u32)
    }
}

/// Keep of a beat: all ones, or on the last beat the low `kc` lanes (all
/// when `kc` is 0).
pub fn keep_mask(last: bool, kc: u8) -> u64 {
    if !last || kc == 0 {
        !0
    } else {
        (1u64 << kc) - 1
    }
}

fn rotr(x: &[u8; 64], off: u8) -> [u8; 64] {
    std::array::from_fn(|i| x[(i + off as usize) % 64])
}

/// Cycle-exact model.
#[derive(Debug, Clone)]
pub struct TxPayloadModel {
    nq: u8,
    // input stages
    iv: bool,
    ia: u64,
    il: u16,
    jv: bool,
    ja: u64,
    jl: u16,
    jt: u8,
    jlines: u8,
    fa: Fwft<SplitEnt>,
    fr: Fwft<PayEnt>,
    fd: Fwft<(bool, PayEnt)>,
    // splitter
    sv: bool,
    page: u64,
    lip: u8,
    sn: u8,
    srest: u8,
    rd: Option<RdReq>,
    tag_ctr: u8,
    free: u16,
    cnt_reads: u32,
    // response side
    buf: Vec<[u8; 64]>,
    wp: u8,
    exp_tag: u8,
    rc: u8,
    racc: bool,
    cnt_err: u32,
    // realigner sequencer
    act: bool,
    j: u8,
    l: u8,
    b: u8,
    err: bool,
    kc: u8,
    off: u8,
    tail: bool,
    rp: u8,
    rdata: [u8; 64],
    // realigner D stage
    dv: bool,
    dline: bool,
    demit: bool,
    dlast: bool,
    derr: bool,
    dkeep: u64,
    dhm: u64,
    doff: u8,
    daddr: u8,
    prev: [u8; 64],
    pl: Option<PlBeat>,
}

impl Default for TxPayloadModel {
    fn default() -> Self {
        TxPayloadModel {
            nq: 0,
            iv: false,
            ia: 0,
            il: 0,
            jv: false,
            ja: 0,
            jl: 0,
            jt: 0,
            jlines: 0,
            fa: Fwft::default(),
            fr: Fwft::default(),
            fd: Fwft::default(),
            sv: false,
            page: 0,
            lip: 0,
            sn: 0,
            srest: 0,
            rd: None,
            tag_ctr: 0,
            free: TXP_LINES as u16,
            cnt_reads: 0,
            buf: vec![[0; 64]; TXP_LINES],
            wp: 0,
            exp_tag: 0,
            rc: 0,
            racc: false,
            cnt_err: 0,
            act: false,
            j: 0,
            l: 0,
            b: 0,
            err: false,
            kc: 0,
            off: 0,
            tail: false,
            rp: 0,
            rdata: [0; 64],
            dv: false,
            dline: false,
            demit: false,
            dlast: false,
            derr: false,
            dkeep: 0,
            dhm: 0,
            doff: 0,
            daddr: 0,
            prev: [0; 64],
            pl: None,
        }
    }
}

impl TxPayloadModel {
    /// The outputs the block shows now (registers only).
    pub fn out(&self) -> TxPayloadOut {
        TxPayloadOut {
            q_ready: (self.nq as usize) < TXP_QDEPTH,
            rd: self.rd,
            rs_ready: true,
            pl: self.pl,
            cnt_reads: self.cnt_reads,
            cnt_err: self.cnt_err,
        }
    }

    /// Free buffer lines (not reserved by a read).
    pub fn free_lines(&self) -> u16 {
        self.free
    }
}

impl CycleModel for TxPayloadModel {
    const MODULE: &'static str = "tx_payload";
    const INPUTS: &'static [&'static str] = &[
        "q_valid", "q_addr", "q_len", "rd_ready", "rs_valid", "rs_data", "rs_tag", "rs_last",
        "rs_err", "pl_ready",
    ];
    const OUTPUTS: &'static [&'static str] = &[
        "q_ready",
        "rd_valid",
        "rd_addr",
        "rd_len",
        "rd_tag",
        "rs_ready",
        "pl_valid",
        "pl_data",
        "pl_keep",
        "pl_last",
        "pl_err",
        "cnt_reads",
        "cnt_err",
    ];
    type In = TxPayloadIn;
    type Out = TxPayloadOut;
    type Stim = TxPayloadStim;

    fn step(&mut self, i: &TxPayloadIn) -> TxPayloadOut {
        // ---- input stages
        let q_ready = (self.nq as usize) < TXP_QDEPTH;
        let (qa, ql) = i.q.unwrap_or((0, 0));
        let ql = ql & 0x3fff;
        let takenz = i.q.is_some() && q_ready && ql != 0;
        let push_a = self.jv.then(|| {
            let t = self.jt as u16;
            let lip = ((self.ja >> 6) & 63) as u8;
            SplitEnt {
                page: self.ja >> 12,
                lip,
                n0: (t.min(64).wrapping_sub(lip as u16) & 0x7f) as u8,
                rest0: t.saturating_sub(64) as u8,
            }
        });
        let push_r = self.jv.then(|| PayEnt {
            l: self.jlines,
            off: (self.ja & 63) as u8,
            b: self.jl.div_ceil(64) as u8,
            kc: (self.jl & 63) as u8,
        });

        // ---- splitter
        let can = self.rd.is_none() || i.rd_ready;
        let load = self.sv && can && self.free >= self.sn as u16;
        let fin = load && self.srest == 0;
        let a_head = self.fa.head();
        let apop = a_head.is_some() && !self.sv;
        let rd_taken = self.rd.is_some() && i.rd_ready;

        // ---- response side
        let r_head = self.fr.head();
        let mut push_d = None;
        let mut rpop = false;
        let mut n_wp = self.wp;
        let mut n_exp = self.exp_tag;
        let mut n_rc = self.rc;
        let mut n_racc = self.racc;
        if let Some(beat) = i.rs {
            let h = r_head.expect("a response beat no read asked for");
            n_wp = self.wp.wrapping_add(1);
            let el = beat.err || beat.tag != self.exp_tag;
            if beat.last {
                n_exp = self.exp_tag.wrapping_add(1);
            }
            if self.rc.wrapping_add(1) == h.l {
                push_d = Some((self.racc || el, h));
                rpop = true;
                n_rc = 0;
                n_racc = false;
            } else {
                n_rc = self.rc.wrapping_add(1);
                n_racc = self.racc || el;
            }
        }

        // ---- realigner
        let adv = self.pl.is_none() || i.pl_ready;
        let line_op = self.act && self.j < self.l;
        let tail_op = self.act && self.j == self.l;
        let finishing =
            self.act && ((line_op && self.j.wrapping_add(1) == self.l && !self.tail) || tail_op);
        let d_head = self.fd.head();
        let dpop = adv && d_head.is_some() && (!self.act || finishing);
        let lpop = adv && self.dv && self.dline;
        let read_addr = if adv { self.rp } else { self.daddr };
        // the RAM's registered read happens at the edge, before its write
        let rdata_new = self.buf[read_addr as usize];
        let n_free = self.free - if load { self.sn as u16 } else { 0 } + lpop as u16;

        // ---- commit: input stages
        self.jv = self.iv;
        self.ja = self.ia;
        self.jl = self.il;
        self.jt = (((self.ia & 0xfff) + self.il as u64 + 63) >> 6) as u8;
        self.jlines = (((self.ia & 63) + self.il as u64 + 63) >> 6) as u8;
        self.iv = takenz;
        if takenz {
            self.ia = qa;
            self.il = ql;
        }
        self.nq = self.nq + takenz as u8 - dpop as u8;

        // ---- commit: splitter
        if load {
            self.rd = Some(RdReq {
                addr: (self.page << 12) | ((self.lip as u64) << 6),
                len: (self.sn as u16) << 6,
                tag: self.tag_ctr,
            });
            self.tag_ctr = self.tag_ctr.wrapping_add(1);
        } else if rd_taken {
            self.rd = None;
        }
        if rd_taken {
            self.cnt_reads = self.cnt_reads.wrapping_add(1);
        }
        if apop {
            let a = a_head.unwrap();
            self.sv = true;
            self.page = a.page;
            self.lip = a.lip;
            self.sn = a.n0;
            self.srest = a.rest0;
        } else if fin {
            self.sv = false;
        } else if load {
            self.page = (self.page + 1) & ((1 << 52) - 1);
            self.lip = 0;
            self.sn = self.srest.min(64);
            self.srest = self.srest.saturating_sub(64);
        }
        self.free = n_free;

        // ---- commit: response side
        if let Some(beat) = i.rs {
            self.buf[self.wp as usize] = beat.data;
        }
        self.wp = n_wp;
        self.exp_tag = n_exp;
        self.rc = n_rc;
        self.racc = n_racc;
        if let Some((true, _)) = push_d {
            self.cnt_err = self.cnt_err.wrapping_add(1);
        }

        // ---- commit: realigner
        if adv {
            // output stage from the D stage
            self.pl = if self.dv && self.demit {
                let cur = if self.dline {
                    rotr(&self.rdata, self.doff)
                } else {
                    [0; 64]
                };
                let data = std::array::from_fn(|k| {
                    let b = if self.dhm >> k & 1 == 1 {
                        cur[k]
                    } else {
                        self.prev[k]
                    };
                    if self.dkeep >> k & 1 == 1 {
                        b
                    } else {
                        0
                    }
                });
                Some(PlBeat {
                    data,
                    keep: self.dkeep,
                    last: self.dlast,
                    err: self.derr,
                })
            } else {
                None
            };
            if self.dv && self.dline {
                self.prev = rotr(&self.rdata, self.doff);
            }
            // D stage from the sequencer
            self.dv = self.act;
            self.dline = line_op;
            let emit = tail_op || (line_op && self.j != 0);
            let last = tail_op || (line_op && self.j == self.b);
            self.demit = emit;
            self.dlast = last;
            self.derr = self.err;
            self.dkeep = keep_mask(last, self.kc);
            self.dhm = hi_mask(self.off);
            self.doff = self.off;
            self.daddr = self.rp;
            if line_op {
                self.j += 1;
                self.rp = self.rp.wrapping_add(1);
            }
            if finishing {
                self.act = false;
            }
            if dpop {
                let (e, h) = d_head.unwrap();
                self.act = true;
                self.j = 0;
                self.l = h.l;
                self.b = h.b;
                self.err = e;
                self.kc = h.kc;
                self.off = h.off;
                self.tail = h.l == h.b;
            }
        }
        self.rdata = rdata_new;

        // ---- FIFOs
        // (the RTL's `Fifo`: an entry pushed at an edge shows after the
        // next; a pop needs a head; 32 entries at most)
        assert!(!apop || a_head.is_some(), "pop of an empty FIFO");
        assert!(!rpop || r_head.is_some(), "pop of an empty FIFO");
        assert!(!dpop || d_head.is_some(), "pop of an empty FIFO");
        self.fa.edge(apop, push_a);
        self.fr.edge(rpop, push_r);
        self.fd.edge(dpop, push_d);
        assert!([self.fa.len(), self.fr.len(), self.fd.len()]
            .iter()
            .all(|&n| n <= TXP_QDEPTH));
        self.out()
    }

    fn encode(i: &TxPayloadIn, p: &mut [Vec<u32>]) {
        if let Some((a, l)) = i.q {
            put_u64(&mut p[0], 1);
            put_u64(&mut p[1], a);
            put_u64(&mut p[2], l as u64 & 0x3fff);
        }
        put_u64(&mut p[3], i.rd_ready as u64);
        if let Some(b) = i.rs {
            put_u64(&mut p[4], 1);
            for (j, w) in p[5].iter_mut().enumerate() {
                *w = u32::from_le_bytes(b.data[4 * j..4 * j + 4].try_into().unwrap());
            }
            put_u64(&mut p[6], b.tag as u64);
            put_u64(&mut p[7], b.last as u64);
            put_u64(&mut p[8], b.err as u64);
        }
        put_u64(&mut p[9], i.pl_ready as u64);
    }

    fn decode(p: &[Vec<u32>]) -> TxPayloadOut {
        let bit = |k: usize| get_u64(&p[k]) & 1 == 1;
        let mut data = [0u8; 64];
        for (j, w) in p[7].iter().enumerate() {
            data[4 * j..4 * j + 4].copy_from_slice(&w.to_le_bytes());
        }
        TxPayloadOut {
            q_ready: bit(0),
            rd: bit(1).then(|| RdReq {
                addr: get_u64(&p[2]),
                len: get_u64(&p[3]) as u16,
                tag: get_u64(&p[4]) as u8,
            }),
            rs_ready: bit(5),
            pl: bit(6).then(|| PlBeat {
                data,
                keep: get_u64(&p[8]),
                last: bit(9),
                err: bit(10),
            }),
            cnt_reads: get_u64(&p[11]) as u32,
            cnt_err: get_u64(&p[12]) as u32,
        }
    }
}

/// The reads a payload needs: `[addr & !63, roundup64(addr + len))` split at
/// every 4 KiB boundary (address, bytes).
pub fn payload_reads(addr: u64, len: u16) -> Vec<(u64, u32)> {
    let mut v = Vec::new();
    if len == 0 {
        return v;
    }
    let mut a = addr & !63;
    let end = (addr + len as u64 + 63) & !63;
    while a < end {
        let n = (end - a).min(4096 - (a & 4095));
        v.push((a, n as u32));
        a += n;
    }
    v
}

/// A payload the stimulus asked for.
#[derive(Debug, Clone, Copy)]
struct Exp {
    addr: u64,
    len: u16,
    lines: u32,
    fault: bool,
    corrupt: bool,
}

/// What a stimulus run saw (the golden checks and the coverage).
#[derive(Debug, Clone, Copy, Default)]
pub struct TxpStats {
    /// Requests taken (all lengths).
    pub taken: u64,
    /// Requests of length 0 taken.
    pub zero_len: u64,
    /// Payloads completely received at `pl_*`.
    pub payloads: u64,
    /// Payload beats taken.
    pub beats: u64,
    /// Payloads flagged `pl_err` (as expected).
    pub err_payloads: u64,
    /// Of those, flagged by a tag mismatch only.
    pub tag_err_payloads: u64,
    /// Beats that differ from the host's bytes or from the expected keep,
    /// last, err (must stay 0).
    pub wrong: u64,
    /// Reads the host saw that break the 4 KiB rule or differ from the
    /// expected split (must stay 0).
    pub bad_reads: u64,
    /// Reads taken by the host.
    pub reads: u64,
    /// Payloads done by length class: 1, 63, 64, 65, 4096, 8192.
    pub len_class: [u64; 6],
    /// Payload start alignments seen (bit k: addr mod 64 == k).
    pub aligns: u64,
    /// Payloads starting within 64 bytes before a 4 KiB boundary.
    pub near_4k: u64,
    /// Payloads needing 3 reads (two 4 KiB crossings).
    pub three_reads: u64,
    /// Clocks with a payload beat shown and `pl_ready` low.
    pub pl_held: u64,
    /// Clocks with a read shown and `rd_ready` low.
    pub rd_held: u64,
    /// Requests taken on consecutive clocks.
    pub q_b2b: u64,
    /// Payload beats taken on consecutive clocks across a payload boundary.
    pub pl_b2b_payloads: u64,
    /// Clocks with `q_ready` low and a request offered.
    pub q_full: u64,
    /// Clocks where the buffer had fewer than 64 free lines.
    pub buf_low: u64,
    /// Payloads whose reads cross 2^24, 2^34, 2^44 or 2^54 (a carry out
    /// of each 10-bit chunk of the RTL's page "plus one"), by boundary.
    pub chunk_carry: [u64; 4],
}

/// Seeded stimulus: a requester (lengths 0, 1, 63, 64, 65, 4096, 8192 and
/// random ones; addresses at every alignment and right before 4 KiB
/// boundaries, some just below 2^24, 2^34, 2^44 and 2^54 so that their
/// reads carry out of the low address bits; some in unmapped memory), a host (`HostMem` +
/// `DmaReadServer`, with latencies from 0 to 200 clocks, `rd_ready` held
/// low in bursts, an occasional corrupted response tag) and a consumer with
/// `pl_ready` held low in bursts. Phases of 4,000 clocks: normal, long
/// `pl_ready` stalls, long latency with read back-pressure, full speed with
/// small payloads (the request queue fills). The stimulus keeps a private
/// model and checks every payload beat against the host's bytes.
#[derive(Debug)]
pub struct TxPayloadStim {
    rng: ChaCha8Rng,
    mem: HostMem,
    srv: DmaReadServer,
    model: TxPayloadModel,
    offered: Option<(u64, u16)>,
    exps: Vec<Exp>,
    resp_p: usize,
    resp_line: u32,
    out_p: usize,
    out_beat: u32,
    rd_stall: u32,
    pl_stall: u32,
    prev_q: bool,
    prev_pl_last: bool,
    /// What the run saw.
    pub stats: TxpStats,
}

const M1: u64 = 0x1_0000_0000;
const M1_LEN: usize = 256 << 10;
const M2: u64 = 0x2_0000_0000;
const M2_LEN: usize = 16 << 10;
const UNMAPPED: u64 = 0x3_0000_0000;
/// Mappings of 32 KiB centred on these (the carries of the page counter).
const CARRY_AT: [u64; 4] = [1 << 24, 1 << 34, 1 << 44, 1 << 54];
const CARRY_HALF: u64 = 16 << 10;

impl TxPayloadStim {
    /// The private model (the block's state before the next clock).
    pub fn model(&self) -> &TxPayloadModel {
        &self.model
    }

    /// The host memory the reads are served from.
    pub fn mem(&self) -> &HostMem {
        &self.mem
    }

    fn make(&mut self, phase: u64) -> (u64, u16) {
        let rng = &mut self.rng;
        let len: u16 = if phase == 3 {
            match rng.gen_range(0..10) {
                0 => 0,
                1..=6 => rng.gen_range(1..=130),
                _ => [1, 63, 64, 65][rng.gen_range(0..4)],
            }
        } else {
            match rng.gen_range(0..20) {
                0 => 0,
                1..=7 => [1, 63, 64, 65, 4096, 8192, 4095, 4097, 128, 127][rng.gen_range(0..10)],
                8..=13 => rng.gen_range(1..=300),
                _ => rng.gen_range(1..=TXP_MAX_LEN),
            }
        };
        let addr = match rng.gen_range(0..40) {
            0 => {
                // a mapping's end: the later reads fault
                M2 + M2_LEN as u64 - rng.gen_range(1..=6000u64).min(M2_LEN as u64)
            }
            1 => UNMAPPED + rng.gen_range(0..1u64 << 20),
            2..=4 => {
                // right below a carry boundary: the payload crosses it
                // (unless it has 0 or 1 byte)
                CARRY_AT[rng.gen_range(0..4)] - rng.gen_range(1..=(len as u64).max(1))
            }
            k => {
                let page = rng.gen_range(0..(M1_LEN as u64 - 12288) / 4096);
                let off = match k % 3 {
                    0 => rng.gen_range(0..4096u64),
                    1 => 4096 - rng.gen_range(1..=64u64),
                    _ => rng.gen_range(0..64u64),
                };
                M1 + page * 4096 + off
            }
        };
        (addr, len)
    }
}

impl Stimulus for TxPayloadStim {
    type In = TxPayloadIn;
    type Out = TxPayloadOut;

    fn new(seed: u64) -> Self {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut mem = HostMem::new();
        mem.map(M1, M1_LEN);
        mem.map(M2, M2_LEN);
        let fill: Vec<u8> = (0..M1_LEN).map(|_| rng.gen()).collect();
        mem.write(M1, &fill);
        let fill: Vec<u8> = (0..M2_LEN).map(|_| rng.gen()).collect();
        mem.write(M2, &fill);
        for b in CARRY_AT {
            mem.map(b - CARRY_HALF, 2 * CARRY_HALF as usize);
            let fill: Vec<u8> = (0..2 * CARRY_HALF).map(|_| rng.gen()).collect();
            mem.write(b - CARRY_HALF, &fill);
        }
        TxPayloadStim {
            rng,
            mem,
            srv: DmaReadServer::new(10, 16),
            model: TxPayloadModel::default(),
            offered: None,
            exps: Vec::new(),
            resp_p: 0,
            resp_line: 0,
            out_p: 0,
            out_beat: 0,
            rd_stall: 0,
            pl_stall: 0,
            prev_q: false,
            prev_pl_last: false,
            stats: TxpStats::default(),
        }
    }

    fn next(&mut self, cycle: u64) -> TxPayloadIn {
        let phase = (cycle / 4000) % 4;
        let (load, pl_p, lat, rd_stall_p, pl_stall_p) = match phase {
            0 => (0.5, 0.9, 0..20u64, 0.005, 0.001),
            1 => (0.6, 0.8, 10..60, 0.002, 0.01),
            2 => (0.6, 0.95, 100..200, 0.03, 0.002),
            _ => (1.0, 1.0, 0..8, 0.0, 0.0),
        };
        let o = self.model.out();
        let mut i = TxPayloadIn::default();
        if self.offered.is_none() && self.rng.gen_bool(load) {
            self.offered = Some(self.make(phase));
        }
        i.q = self.offered;
        // host side
        i.rd_ready = if self.rd_stall > 0 {
            self.rd_stall -= 1;
            false
        } else if self.rng.gen_bool(rd_stall_p) {
            self.rd_stall = self.rng.gen_range(3..40);
            false
        } else {
            self.srv.rd_ready()
        };
        i.rs = self.srv.beat(&self.mem).map(|b| RsBeat {
            data: b.data,
            tag: b.tag,
            last: b.last,
            err: b.err,
        });
        if let Some(b) = i.rs.as_mut() {
            if self.rng.gen_bool(0.0015) {
                b.tag ^= 0x5a;
            }
        }
        i.pl_ready = if self.pl_stall > 0 {
            self.pl_stall -= 1;
            false
        } else if self.rng.gen_bool(pl_stall_p) {
            self.pl_stall = self.rng.gen_range(5..200);
            false
        } else {
            self.rng.gen_bool(pl_p)
        };

        // ---- the transfers of this clock
        let q_taken = i.q.is_some() && o.q_ready;
        if i.q.is_some() && !o.q_ready {
            self.stats.q_full += 1;
        }
        if let (Some((a, l)), true) = (i.q, o.q_ready) {
            self.offered = None;
            self.stats.taken += 1;
            if l == 0 {
                self.stats.zero_len += 1;
            } else {
                let reads = payload_reads(a, l);
                let fault = reads
                    .iter()
                    .any(|&(ra, n)| self.mem.read(ra, n as usize).is_none());
                let lines = reads.iter().map(|r| r.1 / 64).sum();
                self.exps.push(Exp {
                    addr: a,
                    len: l,
                    lines,
                    fault,
                    corrupt: false,
                });
            }
        }
        self.stats.q_b2b += (q_taken && self.prev_q) as u64;
        self.prev_q = q_taken;
        if o.rd.is_some() && !i.rd_ready {
            self.stats.rd_held += 1;
        }
        if o.pl.is_some() && !i.pl_ready {
            self.stats.pl_held += 1;
        }
        if self.model.free_lines() < 64 {
            self.stats.buf_low += 1;
        }
        let req = if i.rd_ready { o.rd } else { None };
        if let Some(r) = req {
            self.stats.reads += 1;
            if r.is_bad() || r.addr % 64 != 0 || r.len % 64 != 0 {
                self.stats.bad_reads += 1;
            }
            self.srv.latency = self.rng.gen_range(lat.clone());
        }
        let taken = self.srv.clock(
            &self.mem,
            req.map(|r| ReadReq {
                addr: r.addr,
                len: r.len as u32,
                tag: r.tag,
            }),
            true,
        );
        if taken.is_some() {
            // map the beat to its payload
            match self.exps.get_mut(self.resp_p) {
                Some(e) => {
                    if i.rs.map(|b| b.tag) != taken.as_ref().map(|b| b.tag) {
                        e.corrupt = true;
                    }
                    self.resp_line += 1;
                    if self.resp_line == e.lines {
                        self.resp_p += 1;
                        self.resp_line = 0;
                    }
                }
                None => self.stats.bad_reads += 1,
            }
        }
        if let (Some(b), true) = (o.pl, i.pl_ready) {
            self.stats.beats += 1;
            match self.exps.get(self.out_p).copied() {
                None => self.stats.wrong += 1,
                Some(e) => {
                    let nb = (e.len as u32).div_ceil(64);
                    let k = self.out_beat;
                    let last = k + 1 == nb;
                    let kc = (e.len % 64) as u8;
                    let err = e.fault || e.corrupt;
                    let mut ok = b.last == last && b.keep == keep_mask(last, kc) && b.err == err;
                    if !err {
                        let n = if last && kc != 0 { kc as usize } else { 64 };
                        let want = self.mem.read(e.addr + 64 * k as u64, n).unwrap();
                        ok &= &b.data[..n] == want && b.data[n..].iter().all(|&x| x == 0);
                    }
                    self.stats.wrong += !ok as u64;
                    if k == 0 && self.prev_pl_last {
                        self.stats.pl_b2b_payloads += 1;
                    }
                    self.out_beat += 1;
                    if last {
                        self.out_beat = 0;
                        self.out_p += 1;
                        let s = &mut self.stats;
                        s.payloads += 1;
                        if err {
                            s.err_payloads += 1;
                            s.tag_err_payloads += !e.fault as u64;
                        }
                        if let Some(c) =
                            [1, 63, 64, 65, 4096, 8192].iter().position(|&x| x == e.len)
                        {
                            s.len_class[c] += 1;
                        }
                        s.aligns |= 1 << (e.addr % 64);
                        s.near_4k += (e.addr % 4096 >= 4096 - 64) as u64;
                        s.three_reads += (payload_reads(e.addr, e.len).len() == 3) as u64;
                        for (k, b) in CARRY_AT.iter().enumerate() {
                            s.chunk_carry[k] += (e.addr < *b && e.addr + e.len as u64 > *b) as u64;
                        }
                    }
                }
            }
            self.prev_pl_last = b.last;
        } else {
            self.prev_pl_last = false;
        }
        self.model.step(&i);
        i
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The reads of a payload cover its lines, never cross 4 KiB.
    #[test]
    fn payload_reads_split_at_4k() {
        assert_eq!(payload_reads(0x1000, 0), vec![]);
        assert_eq!(payload_reads(0x1000, 1), vec![(0x1000, 64)]);
        assert_eq!(payload_reads(0x1fff, 2), vec![(0x1fc0, 64), (0x2000, 64)]);
        assert_eq!(
            payload_reads(0x1fc1, 8192),
            vec![(0x1fc0, 64), (0x2000, 4096), (0x3000, 4096)]
        );
        assert_eq!(
            payload_reads(0x1000, 8192),
            vec![(0x1000, 4096), (0x2000, 4096)]
        );
    }

    /// Golden: every payload beat equals the host's bytes (realigned to lane
    /// 0, keep/last as `tx_builder` wants), payloads with a failed read or a
    /// corrupted tag are flagged on every beat, the host only sees reads
    /// within the 4 KiB rule, and the stimulus reaches its edges.
    #[test]
    fn payload_bytes_equal_host_bytes() {
        for seed in [1u64, 2] {
            let mut m = TxPayloadModel::default();
            let mut stim = TxPayloadStim::new(seed);
            let mut last = TxPayloadOut::default();
            for c in 0..64_000u64 {
                let i = stim.next(c);
                last = m.step(&i);
            }
            let s = stim.stats;
            eprintln!("seed {seed}: {s:?}");
            assert_eq!((s.wrong, s.bad_reads), (0, 0), "seed {seed}: {s:?}");
            assert_eq!(last.cnt_reads as u64, s.reads, "seed {seed}");
            assert!(
                s.payloads > 2000 && s.err_payloads > 20,
                "seed {seed}: {s:?}"
            );
            assert!(last.cnt_err as u64 >= s.err_payloads, "seed {seed}");
            assert!(s.len_class.iter().all(|&n| n > 10), "seed {seed}: {s:?}");
            assert_eq!(s.aligns, !0, "seed {seed}");
        }
    }
}

#[cfg(test)]
mod latency {
    use super::*;
    use std::collections::VecDeque;

    /// The figures of the doc comment: an idle block, a host that takes
    /// reads at once and answers the clock after, `pl_ready` high.
    #[test]
    fn idle_latency() {
        for (len, off) in [(64u16, 0u64), (200, 5), (4096, 0)] {
            let mut m = TxPayloadModel::default();
            let mut rd_edge = None;
            let mut beats = VecDeque::new();
            let mut first = None;
            let mut last = None;
            for c in 0..400u64 {
                let o = m.out();
                let mut i = TxPayloadIn {
                    q: (c == 0).then_some((0x1000 + off, len)),
                    rd_ready: true,
                    rs: beats.pop_front(),
                    pl_ready: true,
                };
                if let Some(r) = o.rd {
                    rd_edge.get_or_insert(c);
                    let n = r.len as usize / 64;
                    for k in 0..n {
                        beats.push_back(RsBeat {
                            data: [0; 64],
                            tag: r.tag,
                            last: k + 1 == n,
                            err: false,
                        });
                    }
                }
                if o.pl.is_some() {
                    first.get_or_insert(c);
                    last = Some(c);
                }
                i.q = i.q.filter(|_| o.q_ready);
                m.step(&i);
            }
            eprintln!("len {len} off {off}: read shown after edge {rd_edge:?}, beats shown from clock {first:?} to {last:?}");
        }
    }
}
