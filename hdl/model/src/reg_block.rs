//! Reference model of `reg_block` (hdl/rtl/src/reg_block.rs): the BAR0
//! register block, an AXI4-Lite slave of the `braid_spec::regs` map,
//! written from the block's doc comment.

use super::{CycleModel, Stimulus};
use braid_spec::field::StateField;
use braid_spec::regs::{self, Access, Reg, REGS};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::OnceLock;

const fn clog2(n: usize) -> usize {
    let mut b = 0;
    while (1usize << b) < n {
        b += 1;
    }
    b
}

/// Bits of the AXI byte address (a word address covering `MAP_LEN`, plus 2).
pub const ADDR_BITS: usize = clog2(regs::MAP_LEN.div_ceil(4) as usize) + 2;
/// `CAPS` the exported block is built with (64 connections, 16 paths,
/// `MAX_STREAMS` streams).
pub const CAPS: u32 = {
    let v = regs::set(&regs::CAPS_CONNECTIONS, 0, 64);
    let v = regs::set(&regs::CAPS_PATHS, v, 16);
    regs::set(
        &regs::CAPS_STREAMS,
        v,
        braid_spec::state::MAX_STREAMS as u32,
    )
};
/// AXI OKAY.
pub const OKAY: u8 = 0;
/// AXI SLVERR.
pub const SLVERR: u8 = 2;
const NCNT: usize = regs::COUNTERS.len();
const NARG: usize = regs::CMD_ARGS.len();
const NCFG: usize = regs::CONFIG.len();

fn defined_bits(fields: &[StateField]) -> u32 {
    if fields.is_empty() {
        return u32::MAX;
    }
    fields.iter().fold(0, |m, f| regs::set(f, m, u32::MAX))
}

fn rw_mask(r: &Reg) -> u32 {
    match r.access {
        Access::Rw => defined_bits(r.fields),
        _ => 0,
    }
}

fn w1c_mask(r: &Reg) -> u32 {
    match r.access {
        Access::W1c => defined_bits(r.fields),
        _ => 0,
    }
}

/// Reset value of `r` in the exported block.
pub fn reset_value(r: &Reg) -> u32 {
    r.reset.value().unwrap_or(CAPS)
}

/// The register an AXI byte address selects (`None`: unmapped or unaligned).
pub fn decode(addr: u32) -> Option<&'static Reg> {
    let a = addr & ((1 << ADDR_BITS) - 1);
    if a & 3 != 0 {
        return None;
    }
    slots()[(a / 4) as usize].map(|k| &REGS[k])
}

fn is(r: &Reg, name: &str) -> bool {
    r.name == name
}

/// One clock's inputs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RegBlockIn {
    /// AW valid.
    pub awvalid: bool,
    /// AW byte address.
    pub awaddr: u32,
    /// W valid.
    pub wvalid: bool,
    /// W data.
    pub wdata: u32,
    /// W strobes.
    pub wstrb: u8,
    /// B ready.
    pub bready: bool,
    /// AR valid.
    pub arvalid: bool,
    /// AR byte address.
    pub araddr: u32,
    /// R ready.
    pub rready: bool,
    /// The engine is resetting.
    pub reset_busy: bool,
    /// Command finished.
    pub cmd_done: bool,
    /// Its result.
    pub cmd_error: u8,
    /// Engine counters in `COUNTERS` order.
    pub counters: [u32; NCNT],
}

impl Default for RegBlockIn {
    fn default() -> Self {
        RegBlockIn {
            awvalid: false,
            awaddr: 0,
            wvalid: false,
            wdata: 0,
            wstrb: 0,
            bready: false,
            arvalid: false,
            araddr: 0,
            rready: false,
            reset_busy: false,
            cmd_done: false,
            cmd_error: 0,
            counters: [0; NCNT],
        }
    }
}

/// Outputs after an edge.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RegBlockOut {
    /// AW ready.
    pub awready: bool,
    /// W ready.
    pub wready: bool,
    /// B valid.
    pub bvalid: bool,
    /// B response.
    pub bresp: u8,
    /// AR ready.
    pub arready: bool,
    /// R valid.
    pub rvalid: bool,
    /// R data.
    pub rdata: u32,
    /// R response.
    pub rresp: u8,
    /// `CTRL.enable`.
    pub ctrl_enable: bool,
    /// Soft-reset pulse.
    pub soft_reset: bool,
    /// SQ doorbell strobe.
    pub db_sq_valid: bool,
    /// `SQ_DOORBELL`.
    pub db_sq: u32,
    /// RQ doorbell strobe.
    pub db_rq_valid: bool,
    /// `RQ_DOORBELL`.
    pub db_rq: u32,
    /// CQ doorbell strobe.
    pub db_cq_valid: bool,
    /// `CQ_DOORBELL`.
    pub db_cq: u32,
    /// Command strobe.
    pub cmd_valid: bool,
    /// `CMD.opcode`.
    pub cmd_opcode: u8,
    /// `CMD_ARG0..7`.
    pub cmd_args: [u32; NARG],
    /// The configuration registers (`regs::CONFIG`), as levels.
    pub config: [u32; NCFG],
}

/// Events the model saw (for the coverage test).
#[derive(Debug, Clone, Default)]
pub struct RegBlockStats {
    /// OKAY reads per slot (index in `REGS`).
    pub reads: Vec<u64>,
    /// OKAY writes per slot.
    pub writes: Vec<u64>,
    /// SLVERR reads: unmapped, unaligned.
    pub rd_err: [u64; 2],
    /// SLVERR writes: unmapped, unaligned, partial strobe, refused while busy.
    pub wr_err: [u64; 4],
    /// Writes whose AW came first, W first, both in one clock.
    pub order: [u64; 3],
    /// Clocks with `bvalid & !bready`, `rvalid & !rready`.
    pub stalls: [u64; 2],
    /// Writes performed in the clock right after the previous B handshake
    /// (B slot freed and reused at one edge).
    pub b_reuse: u64,
    /// Soft resets.
    pub soft_resets: u64,
    /// Commands completed; `cmd_done` while idle (ignored).
    pub cmd_done: [u64; 2],
    /// `RX_BYTES_HI` reads whose snapshot differs from the live input.
    pub hi_snapshot_differs: u64,
}

/// Cycle-exact model.
#[derive(Debug, Clone)]
pub struct RegBlockModel {
    aw: Option<u32>,
    w: Option<(u32, u8)>,
    /// Clock the AW / W half was accepted.
    aw_at: u64,
    w_at: u64,
    b_valid: bool,
    b_resp: u8,
    r_valid: bool,
    r_data: u32,
    r_resp: u8,
    /// Stored values by slot (SCRATCH, CTRL, CMD_ARG*, CMD, doorbells).
    stored: Vec<u32>,
    busy: bool,
    err: u8,
    count: u16,
    hi_snap: u32,
    pulses: [bool; 5],
    clock: u64,
    /// Event counts.
    pub stats: RegBlockStats,
}

impl Default for RegBlockModel {
    fn default() -> Self {
        let cs = reset_value(&regs::CMD_STATUS);
        RegBlockModel {
            aw: None,
            w: None,
            aw_at: 0,
            w_at: 0,
            b_valid: false,
            b_resp: 0,
            r_valid: false,
            r_data: 0,
            r_resp: 0,
            stored: REGS.iter().map(reset_value).collect(),
            busy: regs::get(&regs::CMD_STATUS_BUSY, cs) == 1,
            err: regs::get(&regs::CMD_STATUS_ERROR, cs) as u8,
            count: regs::get(&regs::CMD_STATUS_COUNT, cs) as u16,
            hi_snap: reset_value(&regs::COUNTERS[hi_index()]),
            pulses: [false; 5],
            clock: 0,
            stats: RegBlockStats {
                reads: vec![0; REGS.len()],
                writes: vec![0; REGS.len()],
                ..Default::default()
            },
        }
    }
}

fn hi_index() -> usize {
    static HI: OnceLock<usize> = OnceLock::new();
    *HI.get_or_init(|| {
        regs::COUNTERS
            .iter()
            .position(|c| c.name == "RX_BYTES_HI")
            .unwrap()
    })
}

/// Slot (index in `REGS`) of the register at each word address.
fn slots() -> &'static [Option<usize>] {
    static SLOTS: OnceLock<Vec<Option<usize>>> = OnceLock::new();
    SLOTS.get_or_init(|| {
        (0..1u32 << (ADDR_BITS - 2))
            .map(|w| REGS.iter().position(|r| r.offset == 4 * w))
            .collect()
    })
}

fn slot(r: &Reg) -> usize {
    slots()[(r.offset / 4) as usize].unwrap()
}

impl RegBlockModel {
    fn val(&self, r: &Reg) -> u32 {
        self.stored[slot(r)]
    }

    /// What a read of `r` returns before this edge (`i`: this clock's inputs).
    fn read_value(&self, r: &Reg, i: &RegBlockIn) -> u32 {
        if let Some(k) = regs::COUNTERS.iter().position(|c| c.offset == r.offset) {
            return if k == hi_index() {
                self.hi_snap
            } else {
                i.counters[k]
            };
        }
        if is(r, "STATUS") {
            let en = regs::get(&regs::CTRL_ENABLE, self.val(&regs::CTRL));
            let v = regs::set(&regs::STATUS_ENABLED, 0, en);
            return regs::set(&regs::STATUS_RESET_BUSY, v, i.reset_busy as u32);
        }
        if is(r, "CMD_STATUS") {
            let v = regs::set(&regs::CMD_STATUS_BUSY, 0, self.busy as u32);
            let v = regs::set(&regs::CMD_STATUS_ERROR, v, self.err as u32);
            return regs::set(&regs::CMD_STATUS_COUNT, v, self.count as u32);
        }
        self.stored[slot(r)]
    }

    /// The registers' current values as the block's outputs show them.
    fn outputs(&self) -> RegBlockOut {
        let mut cmd_args = [0; NARG];
        for (k, a) in regs::CMD_ARGS.iter().enumerate() {
            cmd_args[k] = self.stored[slot(a)];
        }
        let mut config = [0; NCFG];
        for (k, a) in regs::CONFIG.iter().enumerate() {
            config[k] = self.stored[slot(a)];
        }
        RegBlockOut {
            awready: self.aw.is_none(),
            wready: self.w.is_none(),
            bvalid: self.b_valid,
            bresp: self.b_resp,
            arready: !self.r_valid,
            rvalid: self.r_valid,
            rdata: self.r_data,
            rresp: self.r_resp,
            ctrl_enable: regs::get(&regs::CTRL_ENABLE, self.val(&regs::CTRL)) == 1,
            soft_reset: self.pulses[0],
            db_sq_valid: self.pulses[1],
            db_sq: self.val(&regs::SQ_DOORBELL),
            db_rq_valid: self.pulses[2],
            db_rq: self.val(&regs::RQ_DOORBELL),
            db_cq_valid: self.pulses[3],
            db_cq: self.val(&regs::CQ_DOORBELL),
            cmd_valid: self.pulses[4],
            cmd_opcode: regs::get(&regs::CMD_OPCODE, self.val(&regs::CMD)) as u8,
            cmd_args,
            config,
        }
    }

    /// `CMD_STATUS.busy`.
    pub fn busy(&self) -> bool {
        self.busy
    }
}

impl CycleModel for RegBlockModel {
    const MODULE: &'static str = "reg_block";
    const INPUTS: &'static [&'static str] = &[
        "awvalid",
        "awaddr",
        "wvalid",
        "wdata",
        "wstrb",
        "bready",
        "arvalid",
        "araddr",
        "rready",
        "reset_busy",
        "cmd_done",
        "cmd_error",
        "counters",
    ];
    const OUTPUTS: &'static [&'static str] = &[
        "awready",
        "wready",
        "bvalid",
        "bresp",
        "arready",
        "rvalid",
        "rdata",
        "rresp",
        "ctrl_enable",
        "soft_reset",
        "db_sq_valid",
        "db_sq",
        "db_rq_valid",
        "db_rq",
        "db_cq_valid",
        "db_cq",
        "cmd_valid",
        "cmd_opcode",
        "cmd_args",
        "cfg_regs",
    ];
    type In = RegBlockIn;
    type Out = RegBlockOut;
    type Stim = RegBlockStim;

    fn step(&mut self, i: &RegBlockIn) -> RegBlockOut {
        let amask = (1u32 << ADDR_BITS) - 1;
        let mut stats = std::mem::take(&mut self.stats);
        let old = self.clone();
        let st = &mut stats;
        st.stalls[0] += (old.b_valid && !i.bready) as u64;
        st.stalls[1] += (old.r_valid && !i.rready) as u64;
        // ---- read
        if i.arvalid && !old.r_valid {
            self.r_valid = true;
            let a = i.araddr & amask;
            match decode(a) {
                Some(r) => {
                    self.r_data = old.read_value(r, i);
                    self.r_resp = OKAY;
                    st.reads[slot(r)] += 1;
                    if is(r, "RX_BYTES_LO") {
                        self.hi_snap = i.counters[hi_index()];
                    }
                    if is(r, "RX_BYTES_HI") {
                        st.hi_snapshot_differs += (old.hi_snap != i.counters[hi_index()]) as u64;
                    }
                }
                None => {
                    self.r_data = 0;
                    self.r_resp = SLVERR;
                    st.rd_err[(a & 3 != 0) as usize] += 1;
                }
            }
        } else if i.rready {
            self.r_valid = false;
        }
        // ---- write
        if i.awvalid && old.aw.is_none() {
            self.aw = Some(i.awaddr & amask);
            self.aw_at = self.clock;
        }
        if i.wvalid && old.w.is_none() {
            self.w = Some((i.wdata, i.wstrb & 15));
            self.w_at = self.clock;
        }
        let mut pulses = [false; 5];
        let mut soft = false;
        let perform = old.aw.is_some() && old.w.is_some() && (!old.b_valid || i.bready);
        if perform {
            let (addr, (data, strb)) = (old.aw.unwrap(), old.w.unwrap());
            st.order[match old.aw_at.cmp(&old.w_at) {
                std::cmp::Ordering::Less => 0,
                std::cmp::Ordering::Greater => 1,
                std::cmp::Ordering::Equal => 2,
            }] += 1;
            st.b_reuse += old.b_valid as u64;
            self.aw = None;
            self.w = None;
            self.b_valid = true;
            let reg = decode(addr);
            let is_cmd =
                |r: &Reg| is(r, "CMD") || regs::CMD_ARGS.iter().any(|a| a.offset == r.offset);
            let resp = match reg {
                None if addr & 3 != 0 => {
                    st.wr_err[1] += 1;
                    SLVERR
                }
                None => {
                    st.wr_err[0] += 1;
                    SLVERR
                }
                Some(_) if strb != 15 => {
                    st.wr_err[2] += 1;
                    SLVERR
                }
                Some(r) if old.busy && is_cmd(r) => {
                    st.wr_err[3] += 1;
                    SLVERR
                }
                Some(r) => {
                    st.writes[slot(r)] += 1;
                    let s = slot(r);
                    let stored = is(r, "SCRATCH")
                        || is(r, "CTRL")
                        || is_cmd(r)
                        || r.name.ends_with("_DOORBELL")
                        || regs::CONFIG.iter().any(|c| c.offset == r.offset);
                    if stored {
                        let mut rw = rw_mask(r);
                        if is(r, "CTRL") {
                            rw &= !regs::set(&regs::CTRL_SOFT_RESET, 0, u32::MAX);
                            soft = regs::get(&regs::CTRL_SOFT_RESET, data) == 1;
                        }
                        let o = old.stored[s];
                        self.stored[s] = (o & !rw & !(data & w1c_mask(r))) | (data & rw);
                    }
                    if is(r, "CMD") {
                        self.busy = true;
                        self.err = 0;
                        pulses[4] = true;
                    }
                    pulses[1] |= is(r, "SQ_DOORBELL");
                    pulses[2] |= is(r, "RQ_DOORBELL");
                    pulses[3] |= is(r, "CQ_DOORBELL");
                    OKAY
                }
            };
            self.b_resp = resp;
        } else if i.bready {
            self.b_valid = false;
        }
        if i.cmd_done {
            if old.busy {
                self.busy = false;
                self.err = i.cmd_error;
                self.count = old.count.wrapping_add(1);
                st.cmd_done[0] += 1;
            } else {
                st.cmd_done[1] += 1;
            }
        }
        if soft {
            st.soft_resets += 1;
            let fresh = RegBlockModel::default();
            self.stored = fresh.stored;
            self.busy = fresh.busy;
            self.err = fresh.err;
            self.count = fresh.count;
            self.hi_snap = fresh.hi_snap;
            pulses[0] = true;
        }
        self.pulses = pulses;
        self.stats = stats;
        self.clock += 1;
        self.outputs()
    }

    fn encode(i: &RegBlockIn, p: &mut [Vec<u32>]) {
        let amask = (1u32 << ADDR_BITS) - 1;
        p[0][0] = i.awvalid as u32;
        p[1][0] = i.awaddr & amask;
        p[2][0] = i.wvalid as u32;
        p[3][0] = i.wdata;
        p[4][0] = (i.wstrb & 15) as u32;
        p[5][0] = i.bready as u32;
        p[6][0] = i.arvalid as u32;
        p[7][0] = i.araddr & amask;
        p[8][0] = i.rready as u32;
        p[9][0] = i.reset_busy as u32;
        p[10][0] = i.cmd_done as u32;
        p[11][0] = i.cmd_error as u32;
        p[12][..NCNT].copy_from_slice(&i.counters);
    }

    fn decode(p: &[Vec<u32>]) -> RegBlockOut {
        let b = |k: usize| p[k][0] & 1 == 1;
        let mut cmd_args = [0; NARG];
        cmd_args.copy_from_slice(&p[18][..NARG]);
        let mut config = [0; NCFG];
        config.copy_from_slice(&p[19][..NCFG]);
        RegBlockOut {
            awready: b(0),
            wready: b(1),
            bvalid: b(2),
            bresp: p[3][0] as u8,
            arready: b(4),
            rvalid: b(5),
            rdata: p[6][0],
            rresp: p[7][0] as u8,
            ctrl_enable: b(8),
            soft_reset: b(9),
            db_sq_valid: b(10),
            db_sq: p[11][0],
            db_rq_valid: b(12),
            db_rq: p[13][0],
            db_cq_valid: b(14),
            db_cq: p[15][0],
            cmd_valid: b(16),
            cmd_opcode: p[17][0] as u8,
            cmd_args,
            config,
        }
    }
}

/// One AXI-Lite write the master issues.
#[derive(Debug, Clone, Copy)]
struct Wr {
    addr: u32,
    data: u32,
    strb: u8,
}

/// Seeded closed-loop stimulus: an AXI-Lite master with independent AW, W
/// and AR channels (random gaps, so AW leads, W leads or both come in one
/// clock; bursts of back-to-back transfers), random `bready`/`rready`,
/// addresses over every register, holes, past the map and unaligned,
/// random strobes; an engine that answers commands after a random delay
/// (and sometimes when none is running), holds `reset_busy` after a soft
/// reset, and counts (the 64-bit byte counter crosses 2^32 often).
#[derive(Debug)]
pub struct RegBlockStim {
    rng: ChaCha8Rng,
    last: Option<RegBlockOut>,
    writes: std::collections::VecDeque<Wr>,
    /// Index into `writes` of the next AW / W to present (both count from
    /// the front; entries are dropped once both halves went).
    aw_next: usize,
    w_next: usize,
    aw_on: bool,
    w_on: bool,
    ar: Option<u32>,
    /// Probability (per 256) that an idle channel starts a transfer; that
    /// `bready` / `rready` is high. Re-drawn every few hundred clocks.
    p_start: u32,
    p_ready: u32,
    cmd_due: Option<u32>,
    reset_left: u32,
    counters: [u32; NCNT],
    rx_bytes: u64,
    /// Read `RX_BYTES_HI` next (after a read of `RX_BYTES_LO`).
    want_hi: bool,
}

impl RegBlockStim {
    fn addr(&mut self) -> u32 {
        let r = &mut self.rng;
        match r.gen_range(0..20) {
            0 => r.gen_range(0..1u32 << ADDR_BITS), // anything
            1 => REGS[r.gen_range(0..REGS.len())].offset + r.gen_range(1..4), // unaligned
            2 => {
                // a hole or past the map
                loop {
                    let a = r.gen_range(0..1u32 << (ADDR_BITS - 2)) * 4;
                    if regs::by_offset(a).is_none() {
                        break a;
                    }
                }
            }
            3..=5 => [regs::CMD, regs::CMD_STATUS, regs::CTRL][r.gen_range(0..3)].offset,
            6 => regs::CMD_ARGS[r.gen_range(0..NARG)].offset,
            7 => {
                [regs::SQ_DOORBELL, regs::RQ_DOORBELL, regs::CQ_DOORBELL][r.gen_range(0..3)].offset
            }
            _ => REGS[r.gen_range(0..REGS.len())].offset,
        }
    }

    fn write(&mut self) -> Wr {
        let addr = self.addr();
        let r = &mut self.rng;
        let mut data: u32 = r.gen();
        if addr == regs::CTRL.offset {
            // mostly enable on/off; a soft reset now and then
            data = match r.gen_range(0..16) {
                0 => regs::set(&regs::CTRL_SOFT_RESET, data, 1),
                1..=3 => data,
                _ => r.gen_range(0..2),
            };
            if data & regs::set(&regs::CTRL_SOFT_RESET, 0, 1) != 0 && r.gen_range(0..2) == 0 {
                data = regs::set(&regs::CTRL_SOFT_RESET, 0, 1);
            }
        }
        let strb = match r.gen_range(0..10) {
            0 => r.gen_range(0..15),
            _ => 15,
        };
        Wr { addr, data, strb }
    }

    fn bump(&mut self) {
        let r = &mut self.rng;
        let hi = hi_index();
        for k in 0..NCNT {
            if k == hi || k + 1 == hi {
                continue;
            }
            if r.gen_range(0..4) == 0 {
                self.counters[k] = self.counters[k].wrapping_add(r.gen_range(1..4));
            }
        }
        self.rx_bytes = match r.gen_range(0..2000) {
            0 => (self.rx_bytes | 0xffff_ffff).wrapping_sub(r.gen_range(0..20_000)),
            _ if r.gen_range(0..3) == 0 => self.rx_bytes.wrapping_add(r.gen_range(1..9000)),
            _ => self.rx_bytes,
        };
        self.counters[hi - 1] = self.rx_bytes as u32;
        self.counters[hi] = (self.rx_bytes >> 32) as u32;
    }
}

impl Stimulus for RegBlockStim {
    type In = RegBlockIn;
    type Out = RegBlockOut;
    const CLOSED_LOOP: bool = true;

    fn new(seed: u64) -> Self {
        assert!(
            regs::COUNTERS[hi_index() - 1].name == "RX_BYTES_LO",
            "RX_BYTES_LO precedes RX_BYTES_HI"
        );
        RegBlockStim {
            rng: ChaCha8Rng::seed_from_u64(seed),
            last: None,
            writes: Default::default(),
            aw_next: 0,
            w_next: 0,
            aw_on: false,
            w_on: false,
            ar: None,
            p_start: 128,
            p_ready: 200,
            cmd_due: None,
            reset_left: 0,
            counters: [0; NCNT],
            rx_bytes: 0xffff_0000,
            want_hi: false,
        }
    }

    fn next(&mut self, cycle: u64) -> RegBlockIn {
        if cycle.is_multiple_of(300) {
            self.p_start = [256, 200, 64, 16][self.rng.gen_range(0..4)];
            self.p_ready = [256, 256, 128, 40][self.rng.gen_range(0..4)];
        }
        let last = self.last.unwrap_or(RegBlockOut {
            awready: true,
            wready: true,
            arready: true,
            ..RegBlockModel::default().outputs()
        });
        let mut i = RegBlockIn::default();
        // the engine
        if last.cmd_valid {
            self.cmd_due = Some(self.rng.gen_range(0..24));
        }
        if last.soft_reset {
            self.reset_left = self.rng.gen_range(0..40);
            self.counters = [0; NCNT];
            self.rx_bytes = if self.rng.gen() { 0xffff_f000 } else { 0 };
        }
        match self.cmd_due {
            Some(0) => {
                i.cmd_done = true;
                self.cmd_due = None;
            }
            Some(ref mut n) => *n -= 1,
            None => i.cmd_done = self.rng.gen_range(0..300) == 0,
        }
        i.cmd_error = match self.rng.gen_range(0..4) {
            0 => self.rng.gen(),
            _ => self.rng.gen_range(0..5),
        };
        i.reset_busy = self.reset_left > 0 || self.rng.gen_range(0..500) == 0;
        self.reset_left = self.reset_left.saturating_sub(1);
        self.bump();
        i.counters = self.counters;

        // the AXI master
        let start = |r: &mut ChaCha8Rng, p: u32| r.gen_range(0..256) < p;
        while self.writes.len() < 4 {
            let w = self.write();
            self.writes.push_back(w);
        }
        if !self.aw_on && self.aw_next < self.writes.len() && start(&mut self.rng, self.p_start) {
            self.aw_on = true;
        }
        if !self.w_on && self.w_next < self.writes.len() && start(&mut self.rng, self.p_start) {
            self.w_on = true;
        }
        if self.aw_on {
            i.awvalid = true;
            i.awaddr = self.writes[self.aw_next].addr;
            if last.awready {
                self.aw_on = false;
                self.aw_next += 1;
            }
        }
        if self.w_on {
            let w = self.writes[self.w_next];
            i.wvalid = true;
            i.wdata = w.data;
            i.wstrb = w.strb;
            if last.wready {
                self.w_on = false;
                self.w_next += 1;
            }
        }
        while self.aw_next > 0 && self.w_next > 0 {
            self.writes.pop_front();
            self.aw_next -= 1;
            self.w_next -= 1;
        }
        if self.ar.is_none() && start(&mut self.rng, self.p_start) {
            self.ar = Some(if self.want_hi {
                self.want_hi = false;
                regs::by_name("RX_BYTES_HI").unwrap().offset
            } else {
                let a = self.addr();
                self.want_hi = a == regs::by_name("RX_BYTES_LO").unwrap().offset;
                a
            });
        }
        if let Some(a) = self.ar {
            i.arvalid = true;
            i.araddr = a;
            if last.arready {
                self.ar = None;
            }
        }
        i.bready = start(&mut self.rng, self.p_ready);
        i.rready = start(&mut self.rng, self.p_ready);
        i
    }

    fn observe(&mut self, out: &RegBlockOut) {
        self.last = Some(*out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_after_reset_are_the_spec_reset_values() {
        let mut m = RegBlockModel::default();
        for r in REGS {
            let o = m.step(&RegBlockIn {
                arvalid: true,
                araddr: r.offset,
                ..Default::default()
            });
            assert!(o.rvalid && o.rresp == OKAY, "{}", r.name);
            assert_eq!(o.rdata, reset_value(r), "{}", r.name);
            let o = m.step(&RegBlockIn {
                rready: true,
                ..Default::default()
            });
            assert!(!o.rvalid);
        }
    }
}
