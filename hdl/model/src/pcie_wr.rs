//! Cycle-exact model of `pcie_wr` (`hdl/rtl/src/pcie_wr.rs`): the engine's
//! DMA write stream into memory write TLPs on the PCIe hard block's
//! requester request interface (512 bits, dword-aligned).

use super::{get_u64, put_u64, CycleModel, Stimulus};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// One beat of the engine's DMA write stream.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WrBeat {
    /// The write's first byte's address (on every beat).
    pub addr: u64,
    /// The write's length in bytes (on every beat).
    pub len: u16,
    /// Data: byte `64k + i` of the write in lane `i` of beat `k`.
    pub data: [u8; 64],
    /// Last beat of the write.
    pub last: bool,
}

impl Default for WrBeat {
    fn default() -> Self {
        WrBeat {
            addr: 0,
            len: 0,
            data: [0; 64],
            last: false,
        }
    }
}

/// One clock's inputs.
#[derive(Debug, Clone, Copy, Default)]
pub struct PcieWrIn {
    /// The engine's offered beat.
    pub dw: Option<WrBeat>,
    /// `cfg_max_payload` (MPS = 128 << value).
    pub mps: u8,
    /// `s_axis_rq_tready`.
    pub rq_ready: bool,
}

/// One RQ beat.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RqBeat {
    /// Data, byte `i` in lane `i`.
    pub data: [u8; 64],
    /// Dword enables.
    pub keep: u16,
    /// Last beat of a TLP.
    pub last: bool,
    /// `tuser` bits 0-127.
    pub user: u128,
    /// Any of `tuser` bits 128-136 (the parity bits: always 0 here).
    pub user_hi: bool,
}

/// Outputs after one edge.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PcieWrOut {
    /// `dw_ready`.
    pub dw_ready: bool,
    /// The RQ beat shown (`s_axis_rq_tvalid`), every field zero without it.
    pub rq: Option<RqBeat>,
    /// TLPs sent.
    pub cnt_tlps: u32,
    /// Writes of length 0, dropped.
    pub cnt_empty: u32,
}

/// Cycle-exact model.
#[derive(Debug, Clone)]
pub struct PcieWrModel {
    /// A write is being cut into TLPs.
    active: bool,
    /// Dropping the beats of a write of length 0.
    skip: bool,
    /// The first TLP's set-up: 1 and 2 its two clocks, 0 done.
    setup: u8,
    /// `cfg_max_payload` as the write's first beat was taken.
    mps: u8,
    /// The write's address mod MPS, then the first TLP's room.
    room: u32,
    /// The write's length.
    wlen: u32,
    /// Engine beats of the write still to come.
    e_left: u32,
    /// Bytes of the write not yet in a TLP, after the current one.
    rem: u32,
    /// The current TLP's address and length.
    t_addr: u64,
    t_len: u32,
    /// The current beat is the TLP's first.
    first: bool,
    /// TLP bytes from the current beat's lane 0 to the last payload byte.
    left: u32,
    /// Stream offset of lane 0 of the current output beat, plus 64.
    pb: u32,
    /// The current beat's lane 0 lies in the beat before `lo`.
    back: bool,
    old: [u8; 64],
    q: [Option<[u8; 64]>; 3],
    o: Option<RqBeat>,
    n_tlps: u32,
    n_empty: u32,
    /// Beats made from `{lo, old}` (stimulus coverage, not a port).
    pub back_beats: u64,
}

impl Default for PcieWrModel {
    fn default() -> Self {
        PcieWrModel {
            active: false,
            skip: false,
            setup: 0,
            mps: 0,
            room: 0,
            wlen: 0,
            e_left: 0,
            rem: 0,
            t_addr: 0,
            t_len: 0,
            first: false,
            left: 0,
            pb: 0,
            back: false,
            old: [0; 64],
            q: [None; 3],
            o: None,
            n_tlps: 0,
            n_empty: 0,
            back_beats: 0,
        }
    }
}

impl PcieWrModel {
    fn outputs(&self) -> PcieWrOut {
        PcieWrOut {
            dw_ready: !self.active || (self.e_left > 0 && self.q[2].is_none()),
            rq: self.o,
            cnt_tlps: self.n_tlps,
            cnt_empty: self.n_empty,
        }
    }

    /// The current output beat, if its bytes are in the window.
    fn beat(&self) -> Option<RqBeat> {
        if self.setup != 0 {
            return None;
        }
        let x = (self.t_addr & 3) as u32;
        let l = self.t_len;
        let dwc = (x + l).div_ceil(4);
        let lo_lane = if self.first { 16 + x } else { 0 };
        let hi_lane = self.left.min(64);
        let last = self.left <= 64;
        let sh = (self.pb & 63) as usize;
        let lo = self.q[0]?;
        let pair: [u8; 128] = if self.back {
            // the beat before the window's low one (the first TLP's end)
            let mut p = [0u8; 128];
            p[..64].copy_from_slice(&self.old);
            p[64..].copy_from_slice(&lo);
            p
        } else {
            let need_hi = sh as u32 + hi_lane > 64;
            let hi = if need_hi {
                self.q[1]?
            } else {
                self.q[1].unwrap_or([0; 64])
            };
            let mut p = [0u8; 128];
            p[..64].copy_from_slice(&lo);
            p[64..].copy_from_slice(&hi);
            p
        };
        let mut data = [0u8; 64];
        for (k, b) in data.iter_mut().enumerate() {
            let k32 = k as u32;
            if k32 >= lo_lane && k32 < hi_lane {
                *b = pair[sh + k];
            }
        }
        let in_beat = if last { hi_lane.div_ceil(4) } else { 16 };
        let keep = ((1u32 << in_beat) - 1) as u16;
        let mut user: u128 = 0;
        if self.first {
            let d0 = self.t_addr & !3; // address type 0
            let d1 = (dwc as u64 & 0x7ff) | 1 << 11; // memory write
            data[..8].copy_from_slice(&d0.to_le_bytes());
            data[8..16].copy_from_slice(&d1.to_le_bytes());
            let end = x + l; // byte after the last, from the first dword
            let fbe: u32 = if dwc == 1 {
                (0xf << x) & ((1u32 << end) - 1) & 0xf
            } else {
                (0xf << x) & 0xf
            };
            let lbe: u32 = if dwc == 1 {
                0
            } else if end & 3 == 0 {
                0xf
            } else {
                (1 << (end & 3)) - 1
            };
            user |= fbe as u128 | (lbe as u128) << 8;
            user |= 1 << 20; // is_sop, sop0_ptr 0
        }
        if last {
            user |= 1 << 26 | ((in_beat as u128 - 1) & 0xf) << 28; // is_eop, eop0_ptr
        }
        Some(RqBeat {
            data,
            keep,
            last,
            user,
            user_hi: false,
        })
    }
}

impl CycleModel for PcieWrModel {
    const MODULE: &'static str = "pcie_wr";
    const INPUTS: &'static [&'static str] = &[
        "dw_valid",
        "dw_addr",
        "dw_len",
        "dw_data",
        "dw_last",
        "cfg_max_payload",
        "s_axis_rq_tready",
    ];
    const OUTPUTS: &'static [&'static str] = &[
        "dw_ready",
        "s_axis_rq_tvalid",
        "s_axis_rq_tdata",
        "s_axis_rq_tkeep",
        "s_axis_rq_tlast",
        "s_axis_rq_tuser",
        "cnt_tlps",
        "cnt_empty",
    ];
    type In = PcieWrIn;
    type Out = PcieWrOut;
    type Stim = PcieWrStim;

    fn step(&mut self, i: &PcieWrIn) -> PcieWrOut {
        let ready = self.outputs().dw_ready;
        let take = i.dw.filter(|_| ready);
        // the output register
        let free = self.o.is_none() || i.rq_ready;
        if self.o.is_some() && i.rq_ready {
            self.o = None;
        }
        let mps = 128u32 << self.mps;
        // this clock's beat
        let mut pop = false;
        let mut done = false;
        if self.active && free {
            if let Some(b) = self.beat() {
                self.o = Some(b);
                self.back_beats += self.back as u64;
                if b.last {
                    self.n_tlps = self.n_tlps.wrapping_add(1);
                }
                if !b.last {
                    self.first = false;
                    self.pb += 64;
                    self.left -= 64;
                    pop = !self.back;
                    self.back = false;
                } else if self.rem == 0 {
                    done = true;
                } else {
                    // the next TLP's lane 0: 16 bytes before the byte after
                    // this one's last payload byte, which is in this beat
                    let sh = (self.pb & 63) as i32;
                    let dm = (sh + self.left as i32 - 16).div_euclid(64);
                    self.pb = self.pb + self.left - 16;
                    pop = !self.back && dm == 1;
                    self.back = if self.back { dm == 0 } else { dm == -1 };
                    let nl = self.rem.min(mps);
                    self.t_addr += self.t_len as u64;
                    self.t_len = nl;
                    self.rem = self.rem.saturating_sub(mps);
                    self.left = nl + 16;
                    self.first = true;
                }
            }
        }
        // the first TLP's set-up
        match self.setup {
            1 => {
                self.room = mps - self.room;
                self.setup = 2;
            }
            2 => {
                let x = (self.t_addr & 3) as u32;
                if self.wlen <= self.room {
                    self.t_len = self.wlen;
                    self.rem = 0;
                    self.left = x + self.wlen + 16;
                } else {
                    self.t_len = self.room;
                    self.rem = self.wlen - self.room;
                    self.left = x + self.room + 16;
                }
                self.setup = 0;
            }
            _ => {}
        }
        if done {
            self.active = false;
            self.q = [None; 3];
        } else if pop {
            self.old = self.q[0].unwrap_or([0; 64]);
            self.q = [self.q[1], self.q[2], None];
        }
        if let Some(b) = take {
            if !self.active && !self.skip {
                // a new write
                if b.len == 0 {
                    self.n_empty = self.n_empty.wrapping_add(1);
                    self.skip = !b.last;
                } else {
                    self.active = true;
                    self.setup = 1;
                    self.mps = i.mps & 3;
                    self.room = (b.addr & ((128u64 << self.mps) - 1)) as u32;
                    self.wlen = b.len as u32;
                    self.e_left = (b.len as u32 - 1) >> 6;
                    self.t_addr = b.addr;
                    self.first = true;
                    self.pb = 48 - (b.addr & 3) as u32;
                    self.back = false;
                    // the window starts at the virtual beat -1 (zeros)
                    self.q = [Some([0; 64]), Some(b.data), None];
                }
            } else if self.skip {
                self.skip = !b.last;
            } else {
                self.e_left -= 1;
                let slot = self.q.iter().position(|e| e.is_none()).unwrap_or(2);
                self.q[slot] = Some(b.data);
            }
        }
        self.outputs()
    }

    fn encode(i: &PcieWrIn, p: &mut [Vec<u32>]) {
        if let Some(b) = i.dw {
            put_u64(&mut p[0], 1);
            put_u64(&mut p[1], b.addr);
            put_u64(&mut p[2], b.len as u64);
            for (j, w) in p[3].iter_mut().enumerate() {
                *w = u32::from_le_bytes(b.data[4 * j..4 * j + 4].try_into().unwrap());
            }
            put_u64(&mut p[4], b.last as u64);
        }
        put_u64(&mut p[5], i.mps as u64 & 3);
        put_u64(&mut p[6], i.rq_ready as u64);
    }

    fn decode(p: &[Vec<u32>]) -> PcieWrOut {
        let rq = (get_u64(&p[1]) != 0).then(|| {
            let mut data = [0u8; 64];
            for (j, w) in p[2].iter().enumerate() {
                data[4 * j..4 * j + 4].copy_from_slice(&w.to_le_bytes());
            }
            let u = &p[5];
            RqBeat {
                data,
                keep: get_u64(&p[3]) as u16,
                last: get_u64(&p[4]) != 0,
                user: u[0] as u128
                    | (u[1] as u128) << 32
                    | (u[2] as u128) << 64
                    | (u[3] as u128) << 96,
                user_hi: u[4] & 0x1ff != 0,
            }
        });
        PcieWrOut {
            dw_ready: get_u64(&p[0]) != 0,
            rq,
            cnt_tlps: get_u64(&p[6]) as u32,
            cnt_empty: get_u64(&p[7]) as u32,
        }
    }
}

/// Seeded stimulus: writes of 1 byte to 8 KiB (mostly short, many near a
/// 4 KiB or MPS boundary, every first-byte alignment), rare writes of
/// length 0, offered with gaps or back to back, a random `tready`, and the
/// maximum payload size changed now and then (the block takes it at a
/// write's first beat).
#[derive(Debug, Clone)]
pub struct PcieWrStim {
    rng: ChaCha8Rng,
    beats: Vec<WrBeat>,
    next: usize,
    offered: bool,
    ready: bool,
    mps: u8,
    cur_in: PcieWrIn,
    stall: u32,
}

impl PcieWrStim {
    fn write(&mut self) {
        let r = &mut self.rng;
        let len: u16 = match r.gen_range(0..20) {
            0 => 0,
            1..=8 => r.gen_range(1..=64),
            9..=14 => r.gen_range(65..=600),
            15..=17 => r.gen_range(600..=4096),
            _ => r.gen_range(4096..=8192),
        };
        let base: u64 = r.gen::<u64>() & !0xfff;
        let addr = match r.gen_range(0..4) {
            // just below a 4 KiB boundary
            0 => base + 4096 - r.gen_range(1..=80),
            // just below an MPS-sized boundary
            1 => base + 128 * r.gen_range(1..32) - r.gen_range(1..=20),
            _ => base + r.gen_range(0..4096),
        };
        let n = (len as usize).div_ceil(64).max(1);
        self.beats = (0..n)
            .map(|k| {
                let mut data = [0u8; 64];
                r.fill(&mut data[..]);
                WrBeat {
                    addr,
                    len,
                    data,
                    last: k + 1 == n,
                }
            })
            .collect();
        self.next = 0;
        if r.gen_range(0..8) == 0 {
            self.mps = r.gen_range(0..4);
        }
    }
}

impl Stimulus for PcieWrStim {
    type In = PcieWrIn;
    type Out = PcieWrOut;
    const CLOSED_LOOP: bool = true;

    fn new(seed: u64) -> Self {
        PcieWrStim {
            rng: ChaCha8Rng::seed_from_u64(seed),
            beats: Vec::new(),
            next: 0,
            offered: false,
            // out of reset the block is idle and ready
            ready: true,
            mps: 1,
            cur_in: PcieWrIn::default(),
            stall: 0,
        }
    }

    fn next(&mut self, _cycle: u64) -> PcieWrIn {
        if self.next >= self.beats.len() {
            self.write();
        }
        if self.stall > 0 {
            self.stall -= 1;
        } else if self.rng.gen_range(0..40) == 0 {
            self.stall = self.rng.gen_range(1..20);
        }
        let offer = self.offered || (self.stall == 0 && self.rng.gen_range(0..6) != 0);
        self.offered = offer;
        let rq_ready = self.rng.gen_range(0..10) >= 2;
        self.cur_in = PcieWrIn {
            dw: offer.then(|| self.beats[self.next]),
            mps: self.mps,
            rq_ready,
        };
        self.cur_in
    }

    fn observe(&mut self, out: &PcieWrOut) {
        if self.cur_in.dw.is_some() && self.ready {
            self.next += 1;
            self.offered = false;
        }
        self.ready = out.dw_ready;
    }
}
