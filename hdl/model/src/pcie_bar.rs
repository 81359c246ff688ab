//! Cycle-exact model of `pcie_bar` (`hdl/rtl/src/pcie_bar.rs`): BAR0
//! requests from the PCIe hard block's completer request interface into
//! AXI4-Lite accesses, read data back as completions.

use super::{get_u64, put_u64, CycleModel, Stimulus};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::VecDeque;

/// Bits of the AXI byte address (`reg_block`'s).
const ADDR_BITS: u32 = super::reg_block::ADDR_BITS as u32;

const ST_HDR: u8 = 0;
const ST_WR: u8 = 1;
const ST_WB: u8 = 2;
const ST_AR: u8 = 3;
const ST_R: u8 = 4;
const ST_CC: u8 = 5;
const ST_DRAIN: u8 = 6;
const ST_NEXT: u8 = 7;

/// One beat of the CQ interface.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CqBeat {
    /// Data, dword `k` in word `k`.
    pub data: [u32; 16],
    /// Dword enables.
    pub keep: u16,
    /// Last beat of the request.
    pub last: bool,
    /// `tuser` first byte enables (3:0).
    pub first_be: u8,
    /// `tuser` last byte enables (11:8).
    pub last_be: u8,
    /// `tuser` discontinue (96).
    pub discontinue: bool,
}

/// One clock's inputs.
#[derive(Debug, Clone, Copy, Default)]
pub struct PcieBarIn {
    /// The CQ beat offered.
    pub cq: Option<CqBeat>,
    /// `s_axis_cc_tready`.
    pub cc_ready: bool,
    /// AXI `awready`.
    pub awready: bool,
    /// AXI `wready`.
    pub wready: bool,
    /// AXI `bvalid`.
    pub bvalid: bool,
    /// AXI `bresp`.
    pub bresp: u8,
    /// AXI `arready`.
    pub arready: bool,
    /// AXI `rvalid`.
    pub rvalid: bool,
    /// AXI `rdata`.
    pub rdata: u32,
    /// AXI `rresp`.
    pub rresp: u8,
}

/// Outputs after one edge (every port, as the RTL drives it).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PcieBarOut {
    /// `m_axis_cq_tready`.
    pub cq_ready: bool,
    /// `s_axis_cc_tvalid`.
    pub cc_valid: bool,
    /// `s_axis_cc_tdata`.
    pub cc_data: [u32; 16],
    /// `s_axis_cc_tkeep`.
    pub cc_keep: u16,
    /// `s_axis_cc_tlast`.
    pub cc_last: bool,
    /// `s_axis_cc_tuser` (81 bits).
    pub cc_user: u128,
    /// `pcie_cq_np_req`.
    pub np_req: u8,
    /// AXI `awvalid`.
    pub awvalid: bool,
    /// AXI `awaddr`.
    pub awaddr: u32,
    /// AXI `wvalid`.
    pub wvalid: bool,
    /// AXI `wdata`.
    pub wdata: u32,
    /// AXI `wstrb`.
    pub wstrb: u8,
    /// AXI `bready`.
    pub bready: bool,
    /// AXI `arvalid`.
    pub arvalid: bool,
    /// AXI `araddr`.
    pub araddr: u32,
    /// AXI `rready`.
    pub rready: bool,
    /// `cnt_ur`.
    pub cnt_ur: u32,
    /// `cnt_drop`.
    pub cnt_drop: u32,
    /// `cnt_err`.
    pub cnt_err: u32,
}

/// Cycle-exact model.
#[derive(Debug, Clone, Default)]
pub struct PcieBarModel {
    st: u8,
    beat: [u32; 16],
    beat_last: bool,
    off: u64,
    n: u32,
    fbe: u8,
    lbe: u8,
    rid: u16,
    tag: u8,
    tc: u8,
    attr: u8,
    c_la: u8,
    c_bc: u32,
    c_n: u32,
    c_status: u8,
    c_k: u32,
    j: u32,
    pos: u32,
    aw_done: bool,
    w_done: bool,
    pay: [u32; 32],
    n_ur: u32,
    n_drop: u32,
    n_err: u32,
    /// Errors of the last clock: they count a clock later.
    err_next: u32,
}

fn lead(fbe: u8) -> u32 {
    if fbe & 1 != 0 {
        0
    } else if fbe & 2 != 0 {
        1
    } else if fbe & 4 != 0 {
        2
    } else {
        3
    }
}

fn trail(lbe: u8) -> u32 {
    if lbe & 8 != 0 {
        0
    } else if lbe & 4 != 0 {
        1
    } else if lbe & 2 != 0 {
        2
    } else {
        3
    }
}

/// PCIe's byte count of a memory read of `n` dwords with these byte
/// enables (1 for a zero-length read).
pub fn read_byte_count(n: u32, fbe: u8, lbe: u8) -> u32 {
    if n == 1 && fbe == 0 {
        return 1;
    }
    let lbe = if n == 1 { fbe } else { lbe };
    (4 * n).wrapping_sub(lead(fbe) + trail(lbe)) & 0x1fff
}

impl PcieBarModel {
    fn cur(&self) -> u64 {
        self.off.wrapping_add((self.j as u64) << 2)
    }

    fn outputs(&self) -> PcieBarOut {
        let cur = self.cur();
        let outside = cur >> ADDR_BITS != 0;
        let last_dw = (self.j + 1) & 0x7ff == self.n;
        let wstrb = if self.j == 0 {
            self.fbe
        } else if last_dw {
            self.lbe
        } else {
            0xf
        };
        let mut o = PcieBarOut {
            cq_ready: matches!(self.st, ST_HDR | ST_NEXT | ST_DRAIN),
            np_req: 1,
            awvalid: self.st == ST_WR && !self.aw_done && !outside,
            awaddr: (cur & ((1 << ADDR_BITS) - 1)) as u32,
            wvalid: self.st == ST_WR && !self.w_done && !outside,
            wdata: self.beat[self.pos as usize],
            wstrb,
            bready: self.st == ST_WB,
            arvalid: self.st == ST_AR && !outside,
            araddr: (cur & ((1 << ADDR_BITS) - 1)) as u32,
            rready: self.st == ST_R,
            cnt_ur: self.n_ur,
            cnt_drop: self.n_drop,
            cnt_err: self.n_err,
            ..Default::default()
        };
        if self.st == ST_CC {
            let left = self.c_n + 3 - 16 * self.c_k;
            let last = left <= 16;
            let keep: u16 = if last {
                ((1u32 << left) - 1) as u16
            } else {
                0xffff
            };
            let mut d = [0u32; 16];
            for (k, w) in d.iter_mut().enumerate() {
                // dword k of beat c_k: completion dword 16 c_k + k
                let cd = 16 * self.c_k as usize + k;
                *w = match cd {
                    0 => self.c_la as u32 | (self.c_bc << 16),
                    1 => self.c_n | ((self.c_status as u32) << 11) | ((self.rid as u32) << 16),
                    2 => self.tag as u32 | ((self.tc as u32) << 25) | ((self.attr as u32) << 28),
                    _ if cd - 3 < 32 => self.pay[cd - 3],
                    _ => 0,
                };
                if keep >> k & 1 == 0 {
                    *w = 0;
                }
            }
            let mut user: u128 = if self.c_k == 0 { 1 } else { 0 };
            if last {
                user |= 1 << 6 | (((left - 1) & 0xf) as u128) << 8;
            }
            o.cc_valid = true;
            o.cc_data = d;
            o.cc_keep = keep;
            o.cc_last = last;
            o.cc_user = user;
        }
        o
    }
}

impl CycleModel for PcieBarModel {
    const MODULE: &'static str = "pcie_bar";
    const INPUTS: &'static [&'static str] = &[
        "m_axis_cq_tdata",
        "m_axis_cq_tkeep",
        "m_axis_cq_tlast",
        "m_axis_cq_tuser",
        "m_axis_cq_tvalid",
        "s_axis_cc_tready",
        "m_awready",
        "m_wready",
        "m_bvalid",
        "m_bresp",
        "m_arready",
        "m_rvalid",
        "m_rdata",
        "m_rresp",
    ];
    const OUTPUTS: &'static [&'static str] = &[
        "m_axis_cq_tready",
        "s_axis_cc_tvalid",
        "s_axis_cc_tdata",
        "s_axis_cc_tkeep",
        "s_axis_cc_tlast",
        "s_axis_cc_tuser",
        "pcie_cq_np_req",
        "m_awvalid",
        "m_awaddr",
        "m_wvalid",
        "m_wdata",
        "m_wstrb",
        "m_bready",
        "m_arvalid",
        "m_araddr",
        "m_rready",
        "cnt_ur",
        "cnt_drop",
        "cnt_err",
    ];
    type In = PcieBarIn;
    type Out = PcieBarOut;
    type Stim = PcieBarStim;

    fn step(&mut self, i: &PcieBarIn) -> PcieBarOut {
        self.n_err = self.n_err.wrapping_add(std::mem::take(&mut self.err_next));
        let cur = self.cur();
        let outside = cur >> ADDR_BITS != 0;
        let last_dw = (self.j + 1) & 0x7ff == self.n;
        let mut advance = false;
        match self.st {
            ST_HDR => {
                if let Some(b) = i.cq {
                    let d = &b.data;
                    let addr = d[0] as u64 | (d[1] as u64) << 32;
                    let n = d[2] & 0x7ff;
                    let ty = (d[2] >> 11) & 0xf;
                    let bar0 = (d[3] >> 16) & 7 == 0;
                    let aperture = (d[3] >> 19) & 0x3f;
                    let mem_rd = ty == 0 || ty == 7;
                    let posted = ty == 1 || ty >= 12;
                    self.beat = b.data;
                    self.beat_last = b.last;
                    let mask = !(u64::MAX.checked_shl(aperture).unwrap_or(0));
                    self.off = addr & mask & !3;
                    self.n = n;
                    self.fbe = b.first_be & 0xf;
                    self.lbe = b.last_be & 0xf;
                    self.rid = (d[2] >> 16) as u16;
                    self.tag = d[3] as u8;
                    self.tc = ((d[3] >> 25) & 7) as u8;
                    self.attr = ((d[3] >> 28) & 7) as u8;
                    self.j = 0;
                    self.pos = 4;
                    self.c_k = 0;
                    self.pay = [0; 32];
                    if mem_rd {
                        self.c_bc = read_byte_count(n, self.fbe, self.lbe);
                        let a = ((addr >> 2) & 0x1f) as u8;
                        self.c_la = if self.fbe == 0 {
                            a << 2
                        } else {
                            a << 2 | lead(self.fbe) as u8
                        };
                    } else {
                        self.c_bc = 4;
                        self.c_la = 0;
                    }
                    if b.discontinue || (posted && !(bar0 && ty == 1)) {
                        self.n_drop = self.n_drop.wrapping_add(1);
                        if !b.last {
                            self.st = ST_DRAIN;
                        }
                    } else if posted {
                        if n == 0 {
                            self.err_next += 1;
                            if !b.last {
                                self.st = ST_DRAIN;
                            }
                        } else {
                            self.st = ST_WR;
                        }
                    } else if ty == 0 && bar0 && n <= 32 {
                        if n == 0 {
                            self.c_n = 0;
                            self.c_status = 4;
                            self.n_ur = self.n_ur.wrapping_add(1);
                            self.st = ST_CC;
                        } else {
                            self.st = ST_AR;
                        }
                    } else {
                        self.c_n = 0;
                        self.n_ur = self.n_ur.wrapping_add(1);
                        self.c_status = if ty == 0 && bar0 { 4 } else { 1 };
                        self.st = ST_CC;
                    }
                }
            }
            ST_WR => {
                let aw_ok = self.aw_done || i.awready;
                let w_ok = self.w_done || i.wready;
                if outside {
                    self.err_next += 1;
                    advance = true;
                } else if aw_ok && w_ok {
                    self.aw_done = false;
                    self.w_done = false;
                    self.st = ST_WB;
                } else {
                    self.aw_done = aw_ok;
                    self.w_done = w_ok;
                }
            }
            ST_WB => {
                if i.bvalid {
                    if i.bresp & 3 != 0 {
                        self.err_next += 1;
                    }
                    advance = true;
                }
            }
            ST_NEXT => {
                if let Some(b) = i.cq {
                    self.beat = b.data;
                    self.beat_last = b.last;
                    self.pos = 0;
                    self.st = ST_WR;
                }
            }
            ST_AR => {
                if outside {
                    self.err_next += 1;
                    advance = true;
                } else if i.arready {
                    self.st = ST_R;
                }
            }
            ST_R => {
                if i.rvalid {
                    if (self.j as usize) < 32 {
                        self.pay[self.j as usize] = i.rdata;
                    }
                    if i.rresp & 3 != 0 {
                        self.err_next += 1;
                    }
                    advance = true;
                }
            }
            ST_CC => {
                if i.cc_ready {
                    let left = self.c_n + 3 - 16 * self.c_k;
                    if left <= 16 {
                        self.st = if self.beat_last { ST_HDR } else { ST_DRAIN };
                    } else {
                        self.c_k += 1;
                    }
                }
            }
            _ => {
                if i.cq.is_some_and(|b| b.last) {
                    self.st = ST_HDR;
                }
            }
        }
        if advance {
            let (st, pos) = (self.st, self.pos);
            self.j = (self.j + 1) & 0x7ff;
            self.pos = (self.pos + 1) & 0xf;
            if st == ST_AR || st == ST_R {
                if last_dw {
                    self.c_n = self.n & 0x3f;
                    self.c_status = 0;
                    self.st = ST_CC;
                } else {
                    self.st = ST_AR;
                }
            } else if last_dw {
                self.st = if self.beat_last { ST_HDR } else { ST_DRAIN };
            } else if pos == 15 {
                if self.beat_last {
                    self.err_next += 1;
                    self.st = ST_HDR;
                } else {
                    self.st = ST_NEXT;
                }
            } else {
                self.st = ST_WR;
            }
        }
        self.outputs()
    }

    fn encode(i: &PcieBarIn, p: &mut [Vec<u32>]) {
        if let Some(b) = i.cq {
            p[0][..16].copy_from_slice(&b.data);
            put_u64(&mut p[1], b.keep as u64);
            put_u64(&mut p[2], b.last as u64);
            p[3][0] = b.first_be as u32 & 0xf | (b.last_be as u32 & 0xf) << 8;
            // discontinue is tuser bit 96: bit 0 of word 3
            p[3][3] = b.discontinue as u32;
            put_u64(&mut p[4], 1);
        }
        put_u64(&mut p[5], i.cc_ready as u64);
        put_u64(&mut p[6], i.awready as u64);
        put_u64(&mut p[7], i.wready as u64);
        put_u64(&mut p[8], i.bvalid as u64);
        put_u64(&mut p[9], i.bresp as u64 & 3);
        put_u64(&mut p[10], i.arready as u64);
        put_u64(&mut p[11], i.rvalid as u64);
        put_u64(&mut p[12], i.rdata as u64);
        put_u64(&mut p[13], i.rresp as u64 & 3);
    }

    fn decode(p: &[Vec<u32>]) -> PcieBarOut {
        let mut cc_data = [0u32; 16];
        cc_data.copy_from_slice(&p[2][..16]);
        let u = &p[5];
        PcieBarOut {
            cq_ready: get_u64(&p[0]) != 0,
            cc_valid: get_u64(&p[1]) != 0,
            cc_data,
            cc_keep: get_u64(&p[3]) as u16,
            cc_last: get_u64(&p[4]) != 0,
            cc_user: u[0] as u128 | (u[1] as u128) << 32 | (u[2] as u128) << 64,
            np_req: get_u64(&p[6]) as u8,
            awvalid: get_u64(&p[7]) != 0,
            awaddr: get_u64(&p[8]) as u32,
            wvalid: get_u64(&p[9]) != 0,
            wdata: get_u64(&p[10]) as u32,
            wstrb: get_u64(&p[11]) as u8,
            bready: get_u64(&p[12]) != 0,
            arvalid: get_u64(&p[13]) != 0,
            araddr: get_u64(&p[14]) as u32,
            rready: get_u64(&p[15]) != 0,
            cnt_ur: get_u64(&p[16]) as u32,
            cnt_drop: get_u64(&p[17]) as u32,
            cnt_err: get_u64(&p[18]) as u32,
        }
    }
}

/// One request of the stimulus, as its beats.
fn request(rng: &mut ChaCha8Rng) -> Vec<CqBeat> {
    let kind = rng.gen_range(0..100);
    // request type, BAR, dword count
    let (ty, bar, n): (u32, u32, u32) = match kind {
        0..=34 => (1, 0, rng.gen_range(1..=40)),
        35..=69 => (0, 0, rng.gen_range(0..=36)),
        70..=77 => (
            rng.gen_range(0..2),
            rng.gen_range(1..6),
            rng.gen_range(1..=4),
        ),
        78..=85 => ([2, 3, 4, 5, 6, 7, 8, 10][rng.gen_range(0..8)], 0, 1),
        86..=92 => (rng.gen_range(12..16), 0, rng.gen_range(0..=2)),
        _ => (1, 0, 0),
    };
    let aperture = rng.gen_range(12..=24u32);
    let mut addr: u64 = rng.gen::<u64>() & !3;
    // mostly inside the register window, sometimes near its end
    let off = match rng.gen_range(0..10) {
        0 => rng.gen_range(0..1u64 << aperture),
        1 => (1 << ADDR_BITS) - 4 * rng.gen_range(1..8u64),
        _ => rng.gen_range(0..1u64 << ADDR_BITS),
    } & !3;
    addr = (addr & !((1u64 << aperture) - 1)) | (off & ((1u64 << aperture) - 1));
    let mut desc = [0u32; 4];
    desc[0] = addr as u32 | rng.gen_range(0..4);
    desc[1] = (addr >> 32) as u32;
    desc[2] = n & 0x7ff | (ty & 0xf) << 11 | (rng.gen::<u32>() & 0xffff) << 16;
    desc[3] = rng.gen::<u32>() & 0xff
        | (rng.gen::<u32>() & 0xff) << 8
        | (bar & 7) << 16
        | (aperture & 0x3f) << 19
        | (rng.gen::<u32>() & 7) << 25
        | (rng.gen::<u32>() & 7) << 28;
    // payload dwords carried: writes n (sometimes fewer: a short TLP), the
    // posted and non-posted others 0-2, plus sometimes an extra beat
    let carried = match ty {
        1 if rng.gen_range(0..20) == 0 => n.saturating_sub(rng.gen_range(1..20)),
        1 => n,
        _ if ty >= 2 && rng.gen_range(0..4) == 0 => rng.gen_range(0..30),
        _ => 0,
    };
    let total = 4 + carried as usize;
    let beats = total.div_ceil(16).max(1);
    let mut words: Vec<u32> = desc.to_vec();
    words.extend((0..carried).map(|_| rng.gen::<u32>()));
    let fbe = match rng.gen_range(0..6) {
        0 => rng.gen_range(0..16),
        _ => 0xf,
    };
    let lbe = if n <= 1 {
        if rng.gen_range(0..8) == 0 {
            rng.gen_range(0..16)
        } else {
            0
        }
    } else {
        match rng.gen_range(0..6) {
            0 => rng.gen_range(0..16),
            _ => 0xf,
        }
    };
    let discontinue = rng.gen_range(0..40) == 0;
    (0..beats)
        .map(|k| {
            let mut data = [0u32; 16];
            let mut keep = 0u16;
            for (x, w) in data.iter_mut().enumerate() {
                if let Some(v) = words.get(16 * k + x) {
                    *w = *v;
                    keep |= 1 << x;
                } else if rng.gen_range(0..4) == 0 {
                    // junk past the TLP's dwords (tkeep 0)
                    *w = rng.gen();
                }
            }
            CqBeat {
                data,
                keep,
                last: k + 1 == beats,
                first_be: if k == 0 { fbe } else { 0 },
                last_be: if k == 0 { lbe } else { 0 },
                discontinue,
            }
        })
        .collect()
}

/// Seeded stimulus: random requests of every kind (BAR 0 writes of 1-40
/// dwords, reads of 0-36, other BARs, I/O, configuration and atomic
/// requests, messages, discontinued and short TLPs, offsets inside and
/// outside the register window), a random AXI4-Lite slave (random
/// readies and response delays, rare error responses) and a random CC
/// `tready`.
#[derive(Debug, Clone)]
pub struct PcieBarStim {
    rng: ChaCha8Rng,
    beats: VecDeque<CqBeat>,
    offered: bool,
    cq_ready: bool,
    idle: u32,
    prev: PcieBarOut,
    cur_in: PcieBarIn,
    aw_pending: u32,
    w_pending: u32,
    b_due: Option<u32>,
    r_due: Option<u32>,
    r_count: u32,
}

impl Stimulus for PcieBarStim {
    type In = PcieBarIn;
    type Out = PcieBarOut;
    const CLOSED_LOOP: bool = true;

    fn new(seed: u64) -> Self {
        PcieBarStim {
            rng: ChaCha8Rng::seed_from_u64(seed),
            beats: VecDeque::new(),
            offered: false,
            // the block comes out of reset in HDR, ready
            cq_ready: true,
            idle: 0,
            prev: PcieBarOut::default(),
            cur_in: PcieBarIn::default(),
            aw_pending: 0,
            w_pending: 0,
            b_due: None,
            r_due: None,
            r_count: 0,
        }
    }

    fn next(&mut self, _cycle: u64) -> PcieBarIn {
        let r = &mut self.rng;
        if self.beats.is_empty() && self.idle == 0 {
            if r.gen_range(0..3) == 0 {
                self.idle = r.gen_range(1..6);
            } else {
                let req = request(r);
                self.beats.extend(req);
            }
        }
        if self.idle > 0 {
            self.idle -= 1;
        }
        // a beat once offered stays offered until taken
        let offer = self.offered || (!self.beats.is_empty() && r.gen_range(0..5) != 0);
        self.offered = offer && !self.beats.is_empty();
        let cq = if self.offered {
            self.beats.front().copied()
        } else {
            None
        };
        // the AXI slave: B after both halves of a write, R after AR
        let bvalid = self.b_due == Some(0);
        let rvalid = self.r_due == Some(0);
        self.cur_in = PcieBarIn {
            cq,
            cc_ready: r.gen_range(0..4) != 0,
            awready: r.gen_range(0..3) != 0,
            wready: r.gen_range(0..3) != 0,
            bvalid,
            bresp: if bvalid && r.gen_range(0..16) == 0 {
                2
            } else {
                0
            },
            arready: r.gen_range(0..3) != 0,
            rvalid,
            rdata: if rvalid { r.gen() } else { 0 },
            rresp: if rvalid && r.gen_range(0..16) == 0 {
                2
            } else {
                0
            },
        };
        if rvalid {
            self.r_count += 1;
        }
        self.cur_in
    }

    fn observe(&mut self, out: &PcieBarOut) {
        let i = self.cur_in;
        let p = self.prev;
        // what happened at the edge (the block's outputs during the clock
        // were the previous observation)
        if i.cq.is_some() && self.cq_ready {
            self.beats.pop_front();
            self.offered = false;
        }
        if p.awvalid && i.awready {
            self.aw_pending += 1;
        }
        if p.wvalid && i.wready {
            self.w_pending += 1;
        }
        if i.bvalid && p.bready {
            self.b_due = None;
        } else if let Some(d) = self.b_due {
            self.b_due = Some(d.saturating_sub(1));
        }
        if self.b_due.is_none() && self.aw_pending > 0 && self.w_pending > 0 {
            self.aw_pending -= 1;
            self.w_pending -= 1;
            self.b_due = Some(self.rng.gen_range(0..4));
        }
        if i.rvalid && p.rready {
            self.r_due = None;
        } else if let Some(d) = self.r_due {
            self.r_due = Some(d.saturating_sub(1));
        }
        if p.arvalid && i.arready {
            self.r_due = Some(self.rng.gen_range(0..4));
        }
        self.cq_ready = out.cq_ready;
        self.prev = *out;
    }
}
