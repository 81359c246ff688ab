//! BAR0 register block of `braid_engine` (SPEC section 12): an AXI4-Lite
//! slave serving the register map of `braid_spec::regs`.
//!
//! # Behaviour (normative; `braid_model::RegBlockModel` is the bit- and
//! cycle-exact reference)
//!
//! The map is elaborated from `braid_spec::regs::REGS`: the address decode is
//! a ROM built from the table's offsets (word address -> register slot, the
//! slot being the register's index in `REGS`), every reset value, every
//! writable-bit mask (RW: the bits the register's fields define, all 32 when
//! it has none; W1C: the same bits, cleared by writing 1; RO: none) and
//! every field position comes from the table, so a change of the spec
//! changes the RTL. [`RegBlock::new`] panics if `REGS` holds a register the
//! block has no role for, or a layout it cannot serve (the counters and the
//! command arguments must each be contiguous in `REGS`).
//!
//! ## AXI4-Lite slave (32-bit data, [`ADDR_BITS`]-bit byte address)
//!
//! The address is the byte offset in BAR0; bits above [`ADDR_BITS`] are the
//! interconnect's to decode (the block sees the map repeat every
//! `2^ADDR_BITS` bytes). Ports: `awvalid awready awaddr`, `wvalid wready wdata wstrb`,
//! `bvalid bready bresp`, `arvalid arready araddr`, `rvalid rready rdata
//! rresp` (no `awprot`/`arprot`: every access is treated alike). Every
//! ready and every response is a register output.
//!
//! * Write: `awready = !aw_held`, `wready = !w_held`: AW and W are accepted
//!   in either order or in the same clock and held. The write is performed
//!   at the first edge where both are held and the B slot is free
//!   (`!bvalid | bready`): the register effect takes place at that edge, the
//!   held flags clear and `bvalid` rises with `bresp`. A write is thus
//!   performed one clock after its later half was accepted; the next AW/W
//!   is accepted the clock after (at most one write per two clocks, one
//!   outstanding). `bvalid` holds until `bready`.
//! * Read: `arready = !rvalid`. At the edge where `arvalid & arready`, the
//!   register is read (state before that edge; counters and `reset_busy`
//!   as sampled at that edge) into `rdata`/`rresp` and `rvalid` rises; it
//!   holds until `rready`. A write performed at the same edge is not seen.
//! * Responses: OKAY (0) for an aligned offset that holds a register; a
//!   write to an RO register is OKAY and ignored. SLVERR (2), with no
//!   effect and `rdata = 0`, for: an offset that holds no register (holes,
//!   past `MAP_LEN`), an unaligned address (`addr[1:0] != 0`), a write whose
//!   `wstrb` is not `0xF` (SPEC: registers are accessed by full 32-bit
//!   writes only: partial writes are refused whole, not merged per byte),
//!   and a write to `CMD` or `CMD_ARG0..7` while `CMD_STATUS.busy` is 1 (the
//!   command and its arguments stay as the engine read them).
//!
//! ## Registers
//!
//! * `ID`, `VERSION`, `SPEC_HASH`: the spec's constants. `CAPS`: a build
//!   parameter of the block ([`RegBlock::new`]; [`DEFAULT_CAPS`]).
//! * RW registers store `wdata & rw_mask`; W1C bits clear where `wdata` is 1.
//! * `CTRL`: `enable` drives `ctrl_enable`. Writing `soft_reset = 1` returns
//!   every stored register (`SCRATCH`, `CTRL`, `CMD_ARG*`, `CMD`, the
//!   configuration registers, the
//!   doorbells, `CMD_STATUS`, the `RX_BYTES_HI` snapshot) to its reset value
//!   at that edge and raises `soft_reset` for one clock; the bit itself is
//!   never stored (reads 0). AXI channel state is not reset.
//! * `STATUS`: `enabled` = `CTRL.enable` as stored (the engine takes it from
//!   `ctrl_enable`), `reset_busy` = the `reset_busy` input.
//! * Doorbells (`SQ_DOORBELL`, `RQ_DOORBELL`, `CQ_DOORBELL`): a performed
//!   write stores the value and raises `db_sq_valid` / `db_rq_valid` /
//!   `db_cq_valid` for one clock, with the stored value on `db_sq` /
//!   `db_rq` / `db_cq` (they always show the register).
//! * Commands: a performed write to `CMD` while not busy stores it, sets
//!   `CMD_STATUS.busy` and clears `CMD_STATUS.error`, and raises `cmd_valid`
//!   for one clock; `cmd_opcode` (`CMD.opcode`) and `cmd_args` (`CMD_ARG0`
//!   in bits 31:0 .. `CMD_ARG7` in 255:224) always show the registers and
//!   are stable while busy. At an edge with `cmd_done` while busy: busy
//!   clears, `error` takes `cmd_error`, `count` increments (mod 2^16).
//!   `cmd_done` while not busy is ignored. A `CMD` write at the same edge as
//!   `cmd_done` is still refused (busy before the edge).
//! * Configuration (`CONFIG`, contiguous in `REGS`): RW registers with the
//!   spec's reset values, shown as levels on `cfg_regs` (`CONFIG[k]` in bits
//!   `32k+31:32k`), masked to their fields' bits; the engine's blocks take
//!   their `cfg_*` inputs from them.
//! * Counters: the `counters` input holds `COUNTERS[k]` in bits
//!   `32k+31:32k`. They are read live, except `RX_BYTES_HI`: a read of
//!   `RX_BYTES_LO` latches the `RX_BYTES_HI` input of the same edge, and a
//!   read of `RX_BYTES_HI` returns that snapshot, so LO then HI is one
//!   consistent 64-bit value. The snapshot is 0 after reset; a soft reset at
//!   the same edge as the LO read wins.
//!
//! Registers power up at their reset values. Logic depth: the read mux is
//! a slot-indexed select from the table-ordered register vector.

use braid_spec::field::StateField;
use braid_spec::regs::{self, Access, Reg, REGS};
use rust_hdl::prelude::*;
use std::collections::BTreeMap;

const fn clog2(n: usize) -> usize {
    let mut b = 0;
    while (1usize << b) < n {
        b += 1;
    }
    b
}

/// Registers in the map.
pub const NREGS: usize = REGS.len();
/// Bits of a register slot (index in `REGS`).
pub const SLOT_BITS: usize = clog2(NREGS);
// every slot fits the slot field
const _: () = assert!(NREGS <= 1 << SLOT_BITS);

/// Bits of a decode-ROM word: `mapped` (top bit) and the slot.
pub const DEC_BITS: usize = SLOT_BITS + 1;
/// Bits of a 32-bit word address covering `MAP_LEN`.
pub const WORD_BITS: usize = clog2(regs::MAP_LEN.div_ceil(4) as usize);
/// Bits of the AXI byte address.
pub const ADDR_BITS: usize = WORD_BITS + 2;
/// Bits of the table-ordered read vector.
pub const RV_BITS: usize = 32 * NREGS;
/// Bits of the `counters` input (`COUNTERS.len()` words).
pub const COUNTER_BITS: usize = 32 * regs::COUNTERS.len();
/// Bits of `cmd_args` (`CMD_ARGS.len()` words).
pub const ARG_BITS: usize = 32 * regs::CMD_ARGS.len();
/// Bits of `cfg_regs` (`CONFIG.len()` words).
pub const CFG_BITS: usize = 32 * regs::CONFIG.len();
/// The `CAPS` value of an engine built with these sizes (fields placed as
/// `braid_spec::regs::CAPS` defines them, each masked to its width).
pub const fn caps(connections: u32, paths: u32, streams: u32) -> u32 {
    let v = regs::set(&regs::CAPS_CONNECTIONS, 0, connections);
    let v = regs::set(&regs::CAPS_PATHS, v, paths);
    regs::set(&regs::CAPS_STREAMS, v, streams)
}

/// `CAPS` of [`RegBlock::default`]: 64 connections, 16 paths, every stream
/// the state records hold (the driver's memory backend reports the same).
pub const DEFAULT_CAPS: u32 = caps(64, 16, braid_spec::state::MAX_STREAMS as u32);

/// AXI response codes.
pub const RESP_OKAY: u32 = 0;
/// Slave error.
pub const RESP_SLVERR: u32 = 2;

/// Bits a register's fields define (all 32 when it has none).
pub fn defined_bits(fields: &[StateField]) -> u32 {
    if fields.is_empty() {
        return u32::MAX;
    }
    fields.iter().fold(0, |m, f| regs::set(f, m, u32::MAX))
}

/// Bits a write stores (RW registers).
pub fn rw_mask(r: &Reg) -> u32 {
    match r.access {
        Access::Rw => defined_bits(r.fields),
        _ => 0,
    }
}

/// Bits a write of 1 clears (W1C registers).
pub fn w1c_mask(r: &Reg) -> u32 {
    match r.access {
        Access::W1c => defined_bits(r.fields),
        _ => 0,
    }
}

/// Slot of register `name` (its index in `REGS`).
pub fn slot(name: &str) -> usize {
    REGS.iter()
        .position(|r| r.name == name)
        .unwrap_or_else(|| panic!("reg_block: the spec has no register {name}"))
}

/// Reset value of `r` with `CAPS` = `caps`.
pub fn reset_of(r: &Reg, caps: u32) -> u32 {
    r.reset.value().unwrap_or(caps)
}

/// Registers whose value the block stores (written by the host).
pub const STORED: &[&str] = &[
    "SCRATCH",
    "CTRL",
    "CMD",
    "SQ_DOORBELL",
    "RQ_DOORBELL",
    "CQ_DOORBELL",
];
/// Registers with a constant value.
pub const CONSTANT: &[&str] = &["ID", "VERSION", "SPEC_HASH", "CAPS"];

/// Check that the block serves `REGS` exactly (elaboration time).
pub fn check_map() {
    for r in REGS {
        assert!(
            r.bits == 32 && r.offset % 4 == 0,
            "{}: not a 32-bit aligned register",
            r.name
        );
        assert!((r.offset as usize) < 4 << WORD_BITS);
        let known = STORED.contains(&r.name)
            || CONSTANT.contains(&r.name)
            || ["STATUS", "CMD_STATUS"].contains(&r.name)
            || regs::CMD_ARGS.iter().any(|a| a.name == r.name)
            || regs::CONFIG.iter().any(|a| a.name == r.name)
            || regs::COUNTERS.iter().any(|c| c.name == r.name);
        assert!(
            known,
            "reg_block: no implementation for register {}",
            r.name
        );
        assert_eq!(REGS.iter().filter(|o| o.offset == r.offset).count(), 1);
    }
    let a0 = slot(regs::CMD_ARGS[0].name);
    for (k, a) in regs::CMD_ARGS.iter().enumerate() {
        assert_eq!(slot(a.name), a0 + k, "CMD_ARGS must be contiguous in REGS");
        assert_eq!(
            (rw_mask(a), w1c_mask(a)),
            (rw_mask(&regs::CMD_ARGS[0]), w1c_mask(&regs::CMD_ARGS[0]))
        );
        assert_eq!(a.reset.value(), regs::CMD_ARGS[0].reset.value());
    }
    let f0 = slot(regs::CONFIG[0].name);
    for (k, a) in regs::CONFIG.iter().enumerate() {
        assert_eq!(slot(a.name), f0 + k, "CONFIG must be contiguous in REGS");
        assert_eq!(a.access, Access::Rw, "{}: configuration is RW", a.name);
        assert!(a.reset.value().is_some(), "{}: a fixed reset", a.name);
    }
    // the write path addresses a configuration word with 4 bits and
    // replicates the written word up to 16 times
    assert!(regs::CONFIG.len() <= 16);
    let c0 = slot(regs::COUNTERS[0].name);
    for (k, c) in regs::COUNTERS.iter().enumerate() {
        assert_eq!(slot(c.name), c0 + k, "COUNTERS must be contiguous in REGS");
        assert_eq!(c.access, Access::Ro);
    }
    for r in [regs::STATUS, regs::CMD_STATUS] {
        assert_eq!(r.access, Access::Ro);
    }
    for c in CONSTANT {
        assert_eq!(regs::by_name(c).unwrap().access, Access::Ro);
    }
    assert_eq!(regs::CMD_OPCODE.bits, 8);
    assert_eq!(regs::CMD_STATUS_BUSY.bits, 1);
    assert_eq!(regs::CMD_STATUS_ERROR.bits, 8);
    assert_eq!(regs::CMD_STATUS_COUNT.bits, 16);
    assert_eq!(regs::CTRL_ENABLE.bits, 1);
    assert_eq!(regs::CTRL_SOFT_RESET.bits, 1);
    assert_eq!(regs::STATUS_ENABLED.bits, 1);
    assert_eq!(regs::STATUS_RESET_BUSY.bits, 1);
}

/// Index of `RX_BYTES_HI` within `COUNTERS`.
pub fn rx_bytes_hi_index() -> usize {
    regs::COUNTERS
        .iter()
        .position(|c| c.name == "RX_BYTES_HI")
        .expect("RX_BYTES_HI")
}

/// The decode ROM: word address -> `1 << SLOT_BITS | slot` for every register.
pub fn decode_table() -> BTreeMap<Bits<WORD_BITS>, Bits<DEC_BITS>> {
    REGS.iter()
        .enumerate()
        .map(|(s, r)| {
            (
                bits::<WORD_BITS>((r.offset / 4) as u64),
                bits::<DEC_BITS>((1 << SLOT_BITS | s) as u64),
            )
        })
        .collect()
}

fn dec(name: &str) -> Constant<Bits<DEC_BITS>> {
    Constant::new(bits((1 << SLOT_BITS | slot(name)) as u64))
}
fn sh(name: &str) -> Constant<Bits<16>> {
    Constant::new(bits((32 * slot(name)) as u64))
}
fn k32(v: u32) -> Constant<Bits<32>> {
    Constant::new(bits(v as u64))
}
fn lsb(f: &StateField) -> Constant<Bits<8>> {
    Constant::new(bits(f.lsb as u64))
}
fn reg(name: &str) -> Reg {
    *regs::by_name(name).unwrap()
}
fn dffi<const N: usize>(v: u64) -> DFFWithInit<Bits<N>> {
    DFFWithInit::new(bits::<N>(v))
}

/// The BAR0 register block.
#[derive(LogicBlock)]
pub struct RegBlock {
    /// Engine clock.
    pub clock: Signal<In, Clock>,
    /// AXI write address valid.
    pub awvalid: Signal<In, Bit>,
    /// AXI write address ready.
    pub awready: Signal<Out, Bit>,
    /// AXI write byte address.
    pub awaddr: Signal<In, Bits<ADDR_BITS>>,
    /// AXI write data valid.
    pub wvalid: Signal<In, Bit>,
    /// AXI write data ready.
    pub wready: Signal<Out, Bit>,
    /// AXI write data.
    pub wdata: Signal<In, Bits<32>>,
    /// AXI write byte strobes.
    pub wstrb: Signal<In, Bits<4>>,
    /// AXI write response valid.
    pub bvalid: Signal<Out, Bit>,
    /// AXI write response ready.
    pub bready: Signal<In, Bit>,
    /// AXI write response (0 OKAY, 2 SLVERR).
    pub bresp: Signal<Out, Bits<2>>,
    /// AXI read address valid.
    pub arvalid: Signal<In, Bit>,
    /// AXI read address ready.
    pub arready: Signal<Out, Bit>,
    /// AXI read byte address.
    pub araddr: Signal<In, Bits<ADDR_BITS>>,
    /// AXI read data valid.
    pub rvalid: Signal<Out, Bit>,
    /// AXI read data ready.
    pub rready: Signal<In, Bit>,
    /// AXI read data.
    pub rdata: Signal<Out, Bits<32>>,
    /// AXI read response (0 OKAY, 2 SLVERR).
    pub rresp: Signal<Out, Bits<2>>,
    /// `CTRL.enable`.
    pub ctrl_enable: Signal<Out, Bit>,
    /// One-clock pulse: `CTRL.soft_reset` was written 1.
    pub soft_reset: Signal<Out, Bit>,
    /// The engine is still resetting (`STATUS.reset_busy`).
    pub reset_busy: Signal<In, Bit>,
    /// One-clock strobe: `SQ_DOORBELL` written.
    pub db_sq_valid: Signal<Out, Bit>,
    /// `SQ_DOORBELL`.
    pub db_sq: Signal<Out, Bits<32>>,
    /// One-clock strobe: `RQ_DOORBELL` written.
    pub db_rq_valid: Signal<Out, Bit>,
    /// `RQ_DOORBELL`.
    pub db_rq: Signal<Out, Bits<32>>,
    /// One-clock strobe: `CQ_DOORBELL` written.
    pub db_cq_valid: Signal<Out, Bit>,
    /// `CQ_DOORBELL`.
    pub db_cq: Signal<Out, Bits<32>>,
    /// One-clock strobe: a command was started.
    pub cmd_valid: Signal<Out, Bit>,
    /// `CMD.opcode`.
    pub cmd_opcode: Signal<Out, Bits<8>>,
    /// `CMD_ARG0..7` (ARG k in bits 32k+31:32k).
    pub cmd_args: Signal<Out, Bits<ARG_BITS>>,
    /// Configuration registers as levels: `CONFIG[k]` in bits `32k+31:32k`.
    pub cfg_regs: Signal<Out, Bits<CFG_BITS>>,
    /// The engine finished the command.
    pub cmd_done: Signal<In, Bit>,
    /// Its result code (`host::CMD_ERRORS`).
    pub cmd_error: Signal<In, Bits<8>>,
    /// Engine counters, `COUNTERS[k]` in bits 32k+31:32k.
    pub counters: Signal<In, Bits<COUNTER_BITS>>,
    // decode ROMs (from REGS)
    rd_dec: ROM<Bits<DEC_BITS>, WORD_BITS>,
    wr_dec: ROM<Bits<DEC_BITS>, WORD_BITS>,
    // constants from the spec
    k_const_rv: Constant<Bits<RV_BITS>>,
    k_mapped: Constant<Bits<DEC_BITS>>,
    d_scratch: Constant<Bits<DEC_BITS>>,
    d_ctrl: Constant<Bits<DEC_BITS>>,
    d_cmd: Constant<Bits<DEC_BITS>>,
    d_sq: Constant<Bits<DEC_BITS>>,
    d_rq: Constant<Bits<DEC_BITS>>,
    d_cq: Constant<Bits<DEC_BITS>>,
    d_arg0: Constant<Bits<DEC_BITS>>,
    d_arg_last: Constant<Bits<DEC_BITS>>,
    d_cfg0: Constant<Bits<DEC_BITS>>,
    d_cfg_last: Constant<Bits<DEC_BITS>>,
    d_lo: Constant<Bits<DEC_BITS>>,
    sh_scratch: Constant<Bits<16>>,
    sh_ctrl: Constant<Bits<16>>,
    sh_status: Constant<Bits<16>>,
    sh_args: Constant<Bits<16>>,
    sh_cfg: Constant<Bits<16>>,
    sh_cmd: Constant<Bits<16>>,
    sh_cmd_status: Constant<Bits<16>>,
    sh_sq: Constant<Bits<16>>,
    sh_rq: Constant<Bits<16>>,
    sh_cq: Constant<Bits<16>>,
    sh_cnt: Constant<Bits<16>>,
    sh_hi: Constant<Bits<16>>,
    m_scratch_rw: Constant<Bits<32>>,
    m_scratch_w1c: Constant<Bits<32>>,
    m_ctrl_rw: Constant<Bits<32>>,
    m_ctrl_w1c: Constant<Bits<32>>,
    m_cmd_rw: Constant<Bits<32>>,
    m_cmd_w1c: Constant<Bits<32>>,
    m_sq_rw: Constant<Bits<32>>,
    m_sq_w1c: Constant<Bits<32>>,
    m_rq_rw: Constant<Bits<32>>,
    m_rq_w1c: Constant<Bits<32>>,
    m_cq_rw: Constant<Bits<32>>,
    m_cq_w1c: Constant<Bits<32>>,
    m_arg_rw: Constant<Bits<32>>,
    m_arg_w1c: Constant<Bits<32>>,
    r_scratch: Constant<Bits<32>>,
    r_ctrl: Constant<Bits<32>>,
    r_cmd: Constant<Bits<32>>,
    r_sq: Constant<Bits<32>>,
    r_rq: Constant<Bits<32>>,
    r_cq: Constant<Bits<32>>,
    r_args: Constant<Bits<ARG_BITS>>,
    r_cfg: Constant<Bits<CFG_BITS>>,
    // word index -> that word's writable bits (no wide shifter)
    cfg_mask: ROM<Bits<CFG_BITS>, 4>,
    r_busy: Constant<Bits<1>>,
    r_err: Constant<Bits<8>>,
    r_cnt: Constant<Bits<16>>,
    r_hi: Constant<Bits<32>>,
    f_ctrl_en: Constant<Bits<8>>,
    f_ctrl_soft: Constant<Bits<8>>,
    f_st_en: Constant<Bits<8>>,
    f_st_busy: Constant<Bits<8>>,
    f_cs_busy: Constant<Bits<8>>,
    f_cs_err: Constant<Bits<8>>,
    f_cs_cnt: Constant<Bits<8>>,
    f_cmd_op: Constant<Bits<8>>,
    // AXI state
    aw_held: DFF<Bit>,
    aw_addr: DFF<Bits<ADDR_BITS>>,
    w_held: DFF<Bit>,
    w_data: DFF<Bits<32>>,
    w_strb: DFF<Bits<4>>,
    b_valid: DFF<Bit>,
    b_resp: DFF<Bits<2>>,
    r_valid: DFF<Bit>,
    r_data: DFF<Bits<32>>,
    r_resp: DFF<Bits<2>>,
    // registers
    scratch: DFFWithInit<Bits<32>>,
    ctrl: DFFWithInit<Bits<32>>,
    cmd: DFFWithInit<Bits<32>>,
    sq: DFFWithInit<Bits<32>>,
    rq: DFFWithInit<Bits<32>>,
    cq: DFFWithInit<Bits<32>>,
    args: DFFWithInit<Bits<ARG_BITS>>,
    cfgs: DFFWithInit<Bits<CFG_BITS>>,
    busy: DFFWithInit<Bits<1>>,
    err: DFFWithInit<Bits<8>>,
    cnt: DFFWithInit<Bits<16>>,
    hi_snap: DFFWithInit<Bits<32>>,
    // strobes
    p_soft: DFF<Bit>,
    p_sq: DFF<Bit>,
    p_rq: DFF<Bit>,
    p_cq: DFF<Bit>,
    p_cmd: DFF<Bit>,
    // combinational
    rv: Signal<Local, Bits<RV_BITS>>,
    status: Signal<Local, Bits<32>>,
    cmd_status: Signal<Local, Bits<32>>,
    cnt_eff: Signal<Local, Bits<COUNTER_BITS>>,
    rst_busy1: Signal<Local, Bits<1>>,
    r_hs: Signal<Local, Bit>,
    r_ok: Signal<Local, Bit>,
    r_sel: Signal<Local, Bits<16>>,
    perform: Signal<Local, Bit>,
    w_ok: Signal<Local, Bit>,
    w_refused: Signal<Local, Bit>,
    do_write: Signal<Local, Bit>,
    h_arg: Signal<Local, Bit>,
    a_sh: Signal<Local, Bits<16>>,
    do_soft: Signal<Local, Bit>,
    wdata_w: Signal<Local, Bits<ARG_BITS>>,
    wrw_w: Signal<Local, Bits<ARG_BITS>>,
    ww1c_w: Signal<Local, Bits<ARG_BITS>>,
    h_cfg: Signal<Local, Bit>,
    c_idx: Signal<Local, Bits<DEC_BITS>>,
    rep1: Signal<Local, Bits<CFG_BITS>>,
    rep2: Signal<Local, Bits<CFG_BITS>>,
    rep4: Signal<Local, Bits<CFG_BITS>>,
    rep8: Signal<Local, Bits<CFG_BITS>>,
    wdata_c: Signal<Local, Bits<CFG_BITS>>,
}

impl Default for RegBlock {
    fn default() -> Self {
        Self::new(DEFAULT_CAPS)
    }
}

impl RegBlock {
    /// The block for an engine whose `CAPS` register reads `caps` (see
    /// [`caps`]: the engine's connection, path and stream counts).
    pub fn new(caps: u32) -> Self {
        check_map();
        let mut crv = Bits::<RV_BITS>::default();
        for c in CONSTANT {
            let r = reg(c);
            crv = crv
                | (bit_cast::<RV_BITS, 32>(bits(reset_of(&r, caps) as u64))
                    << (32 * slot(c)) as u64);
        }
        let mut rargs = Bits::<ARG_BITS>::default();
        for (k, a) in regs::CMD_ARGS.iter().enumerate() {
            rargs = rargs
                | (bit_cast::<ARG_BITS, 32>(bits(reset_of(a, caps) as u64)) << (32 * k) as u64);
        }
        let mut rcfg = Bits::<CFG_BITS>::default();
        let mut cmask = BTreeMap::new();
        for (k, a) in regs::CONFIG.iter().enumerate() {
            cmask.insert(
                bits::<4>(k as u64),
                bit_cast::<CFG_BITS, 32>(bits(rw_mask(a) as u64)) << (32 * k) as u64,
            );
            rcfg = rcfg
                | (bit_cast::<CFG_BITS, 32>(bits(reset_of(a, caps) as u64)) << (32 * k) as u64);
        }
        let cs = reset_of(&regs::CMD_STATUS, caps);
        let ctrl_rw = rw_mask(&regs::CTRL) & !regs::set(&regs::CTRL_SOFT_RESET, 0, u32::MAX);
        let m = |n: &str| (k32(rw_mask(&reg(n))), k32(w1c_mask(&reg(n))));
        let r = |n: &str| reset_of(&reg(n), caps);
        let (m_scratch_rw, m_scratch_w1c) = m("SCRATCH");
        let (_, m_ctrl_w1c) = m("CTRL");
        let (m_cmd_rw, m_cmd_w1c) = m("CMD");
        let (m_sq_rw, m_sq_w1c) = m("SQ_DOORBELL");
        let (m_rq_rw, m_rq_w1c) = m("RQ_DOORBELL");
        let (m_cq_rw, m_cq_w1c) = m("CQ_DOORBELL");
        let (m_arg_rw, m_arg_w1c) = m(regs::CMD_ARGS[0].name);
        let hi = rx_bytes_hi_index();
        RegBlock {
            clock: Default::default(),
            awvalid: Default::default(),
            awready: Default::default(),
            awaddr: Default::default(),
            wvalid: Default::default(),
            wready: Default::default(),
            wdata: Default::default(),
            wstrb: Default::default(),
            bvalid: Default::default(),
            bready: Default::default(),
            bresp: Default::default(),
            arvalid: Default::default(),
            arready: Default::default(),
            araddr: Default::default(),
            rvalid: Default::default(),
            rready: Default::default(),
            rdata: Default::default(),
            rresp: Default::default(),
            ctrl_enable: Default::default(),
            soft_reset: Default::default(),
            reset_busy: Default::default(),
            db_sq_valid: Default::default(),
            db_sq: Default::default(),
            db_rq_valid: Default::default(),
            db_rq: Default::default(),
            db_cq_valid: Default::default(),
            db_cq: Default::default(),
            cmd_valid: Default::default(),
            cmd_opcode: Default::default(),
            cmd_args: Default::default(),
            cfg_regs: Default::default(),
            cmd_done: Default::default(),
            cmd_error: Default::default(),
            counters: Default::default(),
            rd_dec: ROM::new(decode_table()),
            wr_dec: ROM::new(decode_table()),
            k_const_rv: Constant::new(crv),
            k_mapped: Constant::new(bits((1 << SLOT_BITS) as u64)),
            d_scratch: dec("SCRATCH"),
            d_ctrl: dec("CTRL"),
            d_cmd: dec("CMD"),
            d_sq: dec("SQ_DOORBELL"),
            d_rq: dec("RQ_DOORBELL"),
            d_cq: dec("CQ_DOORBELL"),
            d_arg0: dec(regs::CMD_ARGS[0].name),
            d_arg_last: dec(regs::CMD_ARGS[regs::CMD_ARGS.len() - 1].name),
            d_cfg0: dec(regs::CONFIG[0].name),
            d_cfg_last: dec(regs::CONFIG[regs::CONFIG.len() - 1].name),
            d_lo: dec("RX_BYTES_LO"),
            sh_scratch: sh("SCRATCH"),
            sh_ctrl: sh("CTRL"),
            sh_status: sh("STATUS"),
            sh_args: sh(regs::CMD_ARGS[0].name),
            sh_cfg: sh(regs::CONFIG[0].name),
            sh_cmd: sh("CMD"),
            sh_cmd_status: sh("CMD_STATUS"),
            sh_sq: sh("SQ_DOORBELL"),
            sh_rq: sh("RQ_DOORBELL"),
            sh_cq: sh("CQ_DOORBELL"),
            sh_cnt: sh(regs::COUNTERS[0].name),
            sh_hi: Constant::new(bits((32 * hi) as u64)),
            m_scratch_rw,
            m_scratch_w1c,
            m_ctrl_rw: k32(ctrl_rw),
            m_ctrl_w1c,
            m_cmd_rw,
            m_cmd_w1c,
            m_sq_rw,
            m_sq_w1c,
            m_rq_rw,
            m_rq_w1c,
            m_cq_rw,
            m_cq_w1c,
            m_arg_rw,
            m_arg_w1c,
            r_scratch: k32(r("SCRATCH")),
            r_ctrl: k32(r("CTRL")),
            r_cmd: k32(r("CMD")),
            r_sq: k32(r("SQ_DOORBELL")),
            r_rq: k32(r("RQ_DOORBELL")),
            r_cq: k32(r("CQ_DOORBELL")),
            r_args: Constant::new(rargs),
            r_cfg: Constant::new(rcfg),
            cfg_mask: ROM::new(cmask),
            r_busy: Constant::new(bits(regs::get(&regs::CMD_STATUS_BUSY, cs) as u64)),
            r_err: Constant::new(bits(regs::get(&regs::CMD_STATUS_ERROR, cs) as u64)),
            r_cnt: Constant::new(bits(regs::get(&regs::CMD_STATUS_COUNT, cs) as u64)),
            r_hi: k32(reset_of(&regs::COUNTERS[hi], caps)),
            f_ctrl_en: lsb(&regs::CTRL_ENABLE),
            f_ctrl_soft: lsb(&regs::CTRL_SOFT_RESET),
            f_st_en: lsb(&regs::STATUS_ENABLED),
            f_st_busy: lsb(&regs::STATUS_RESET_BUSY),
            f_cs_busy: lsb(&regs::CMD_STATUS_BUSY),
            f_cs_err: lsb(&regs::CMD_STATUS_ERROR),
            f_cs_cnt: lsb(&regs::CMD_STATUS_COUNT),
            f_cmd_op: lsb(&regs::CMD_OPCODE),
            aw_held: Default::default(),
            aw_addr: Default::default(),
            w_held: Default::default(),
            w_data: Default::default(),
            w_strb: Default::default(),
            b_valid: Default::default(),
            b_resp: Default::default(),
            r_valid: Default::default(),
            r_data: Default::default(),
            r_resp: Default::default(),
            scratch: dffi(r("SCRATCH") as u64),
            ctrl: dffi(r("CTRL") as u64),
            cmd: dffi(r("CMD") as u64),
            sq: dffi(r("SQ_DOORBELL") as u64),
            rq: dffi(r("RQ_DOORBELL") as u64),
            cq: dffi(r("CQ_DOORBELL") as u64),
            args: DFFWithInit::new(rargs),
            cfgs: DFFWithInit::new(rcfg),
            busy: dffi(regs::get(&regs::CMD_STATUS_BUSY, cs) as u64),
            err: dffi(regs::get(&regs::CMD_STATUS_ERROR, cs) as u64),
            cnt: dffi(regs::get(&regs::CMD_STATUS_COUNT, cs) as u64),
            hi_snap: dffi(reset_of(&regs::COUNTERS[hi], caps) as u64),
            p_soft: Default::default(),
            p_sq: Default::default(),
            p_rq: Default::default(),
            p_cq: Default::default(),
            p_cmd: Default::default(),
            rv: Default::default(),
            status: Default::default(),
            cmd_status: Default::default(),
            cnt_eff: Default::default(),
            rst_busy1: Default::default(),
            r_hs: Default::default(),
            r_ok: Default::default(),
            r_sel: Default::default(),
            perform: Default::default(),
            w_ok: Default::default(),
            w_refused: Default::default(),
            do_write: Default::default(),
            h_arg: Default::default(),
            a_sh: Default::default(),
            do_soft: Default::default(),
            wdata_w: Default::default(),
            wrw_w: Default::default(),
            ww1c_w: Default::default(),
            h_cfg: Default::default(),
            c_idx: Default::default(),
            rep1: Default::default(),
            rep2: Default::default(),
            rep4: Default::default(),
            rep8: Default::default(),
            wdata_c: Default::default(),
        }
    }
}

impl Logic for RegBlock {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, aw_held, aw_addr, w_held, w_data, w_strb, b_valid, b_resp, r_valid,
            r_data, r_resp, scratch, ctrl, cmd, sq, rq, cq, args, cfgs, busy, err, cnt, hi_snap,
            p_soft, p_sq, p_rq, p_cq, p_cmd
        );
        // ---------------------------------------------------------- read side
        if self.reset_busy.val() {
            self.rst_busy1.next = bits::<1>(1);
        } else {
            self.rst_busy1.next = bits::<1>(0);
        }
        self.status.next = (bit_cast::<32, 1>(
            self.ctrl
                .q
                .val()
                .get_bits::<1>(self.f_ctrl_en.val().index()),
        ) << self.f_st_en.val())
            | (bit_cast::<32, 1>(self.rst_busy1.val()) << self.f_st_busy.val());
        self.cmd_status.next = (bit_cast::<32, 1>(self.busy.q.val()) << self.f_cs_busy.val())
            | (bit_cast::<32, 8>(self.err.q.val()) << self.f_cs_err.val())
            | (bit_cast::<32, 16>(self.cnt.q.val()) << self.f_cs_cnt.val());
        self.cnt_eff.next = (self.counters.val()
            & !(bit_cast::<COUNTER_BITS, 32>(bits::<32>(0xffff_ffff_u64)) << self.sh_hi.val()))
            | (bit_cast::<COUNTER_BITS, 32>(self.hi_snap.q.val()) << self.sh_hi.val());
        self.rv.next = self.k_const_rv.val()
            | (bit_cast::<RV_BITS, 32>(self.scratch.q.val()) << self.sh_scratch.val())
            | (bit_cast::<RV_BITS, 32>(self.ctrl.q.val()) << self.sh_ctrl.val())
            | (bit_cast::<RV_BITS, 32>(self.status.val()) << self.sh_status.val())
            | (bit_cast::<RV_BITS, ARG_BITS>(self.args.q.val()) << self.sh_args.val())
            | (bit_cast::<RV_BITS, CFG_BITS>(self.cfgs.q.val()) << self.sh_cfg.val())
            | (bit_cast::<RV_BITS, 32>(self.cmd.q.val()) << self.sh_cmd.val())
            | (bit_cast::<RV_BITS, 32>(self.cmd_status.val()) << self.sh_cmd_status.val())
            | (bit_cast::<RV_BITS, 32>(self.sq.q.val()) << self.sh_sq.val())
            | (bit_cast::<RV_BITS, 32>(self.rq.q.val()) << self.sh_rq.val())
            | (bit_cast::<RV_BITS, 32>(self.cq.q.val()) << self.sh_cq.val())
            | (bit_cast::<RV_BITS, COUNTER_BITS>(self.cnt_eff.val()) << self.sh_cnt.val());

        self.rd_dec.address.next = self.araddr.val().get_bits::<WORD_BITS>(2);
        self.r_hs.next = self.arvalid.val() & !self.r_valid.q.val();
        self.r_ok.next = (self.rd_dec.data.val() >= self.k_mapped.val())
            & (self.araddr.val().get_bits::<2>(0) == bits::<2>(0));
        self.r_sel.next =
            bit_cast::<16, SLOT_BITS>(self.rd_dec.data.val().get_bits::<SLOT_BITS>(0)) << 5;
        if self.r_hs.val() {
            self.r_valid.d.next = true;
            if self.r_ok.val() {
                self.r_data.d.next = self.rv.val().get_bits::<32>(self.r_sel.val().index());
                self.r_resp.d.next = bits::<2>(0);
            } else {
                self.r_data.d.next = bits::<32>(0);
                self.r_resp.d.next = bits::<2>(2);
            }
            if self.r_ok.val() & (self.rd_dec.data.val() == self.d_lo.val()) {
                self.hi_snap.d.next = self.counters.val().get_bits::<32>(self.sh_hi.val().index());
            }
        } else if self.rready.val() {
            self.r_valid.d.next = false;
        }

        // --------------------------------------------------------- write side
        self.wr_dec.address.next = self.aw_addr.q.val().get_bits::<WORD_BITS>(2);
        self.perform.next = self.aw_held.q.val()
            & self.w_held.q.val()
            & (!self.b_valid.q.val() | self.bready.val());
        self.w_ok.next = (self.wr_dec.data.val() >= self.k_mapped.val())
            & (self.aw_addr.q.val().get_bits::<2>(0) == bits::<2>(0))
            & (self.w_strb.q.val() == bits::<4>(15));
        self.h_arg.next = (self.wr_dec.data.val() >= self.d_arg0.val())
            & (self.wr_dec.data.val() <= self.d_arg_last.val());
        self.w_refused.next = self.busy.q.val().any()
            & (self.h_arg.val() | (self.wr_dec.data.val() == self.d_cmd.val()));
        self.do_write.next = self.perform.val() & self.w_ok.val() & !self.w_refused.val();
        self.a_sh.next = bit_cast::<16, DEC_BITS>(self.wr_dec.data.val() - self.d_arg0.val()) << 5;
        self.wdata_w.next = bit_cast::<ARG_BITS, 32>(self.w_data.q.val()) << self.a_sh.val();
        self.wrw_w.next = bit_cast::<ARG_BITS, 32>(self.m_arg_rw.val()) << self.a_sh.val();
        self.ww1c_w.next = bit_cast::<ARG_BITS, 32>(self.m_arg_w1c.val()) << self.a_sh.val();
        self.h_cfg.next = (self.wr_dec.data.val() >= self.d_cfg0.val())
            & (self.wr_dec.data.val() <= self.d_cfg_last.val());
        // the written word's index selects its mask from a ROM; the data is
        // the written word replicated into every word (fixed shifts only)
        self.c_idx.next = self.wr_dec.data.val() - self.d_cfg0.val();
        self.cfg_mask.address.next = self.c_idx.val().get_bits::<4>(0);
        self.rep1.next = bit_cast::<CFG_BITS, 32>(self.w_data.q.val());
        self.rep2.next = self.rep1.val() | (self.rep1.val() << 32);
        self.rep4.next = self.rep2.val() | (self.rep2.val() << 64);
        self.rep8.next = self.rep4.val() | (self.rep4.val() << 128);
        self.wdata_c.next = self.rep8.val() | (self.rep8.val() << 256);
        self.do_soft.next = self.do_write.val()
            & (self.wr_dec.data.val() == self.d_ctrl.val())
            & self.w_data.q.val().get_bit(self.f_ctrl_soft.val().index());

        if self.awvalid.val() & !self.aw_held.q.val() {
            self.aw_held.d.next = true;
            self.aw_addr.d.next = self.awaddr.val();
        }
        if self.wvalid.val() & !self.w_held.q.val() {
            self.w_held.d.next = true;
            self.w_data.d.next = self.wdata.val();
            self.w_strb.d.next = self.wstrb.val();
        }
        if self.perform.val() {
            self.aw_held.d.next = false;
            self.w_held.d.next = false;
            self.b_valid.d.next = true;
            if self.w_ok.val() & !self.w_refused.val() {
                self.b_resp.d.next = bits::<2>(0);
            } else {
                self.b_resp.d.next = bits::<2>(2);
            }
        } else if self.bready.val() {
            self.b_valid.d.next = false;
        }

        self.p_sq.d.next = false;
        self.p_rq.d.next = false;
        self.p_cq.d.next = false;
        self.p_cmd.d.next = false;
        self.p_soft.d.next = false;
        if self.do_write.val() {
            if self.wr_dec.data.val() == self.d_scratch.val() {
                self.scratch.d.next = (self.scratch.q.val()
                    & !self.m_scratch_rw.val()
                    & !(self.w_data.q.val() & self.m_scratch_w1c.val()))
                    | (self.w_data.q.val() & self.m_scratch_rw.val());
            }
            if self.wr_dec.data.val() == self.d_ctrl.val() {
                self.ctrl.d.next = (self.ctrl.q.val()
                    & !self.m_ctrl_rw.val()
                    & !(self.w_data.q.val() & self.m_ctrl_w1c.val()))
                    | (self.w_data.q.val() & self.m_ctrl_rw.val());
            }
            if self.wr_dec.data.val() == self.d_cmd.val() {
                self.cmd.d.next = (self.cmd.q.val()
                    & !self.m_cmd_rw.val()
                    & !(self.w_data.q.val() & self.m_cmd_w1c.val()))
                    | (self.w_data.q.val() & self.m_cmd_rw.val());
                self.busy.d.next = bits::<1>(1);
                self.err.d.next = bits::<8>(0);
                self.p_cmd.d.next = true;
            }
            if self.wr_dec.data.val() == self.d_sq.val() {
                self.sq.d.next = (self.sq.q.val()
                    & !self.m_sq_rw.val()
                    & !(self.w_data.q.val() & self.m_sq_w1c.val()))
                    | (self.w_data.q.val() & self.m_sq_rw.val());
                self.p_sq.d.next = true;
            }
            if self.wr_dec.data.val() == self.d_rq.val() {
                self.rq.d.next = (self.rq.q.val()
                    & !self.m_rq_rw.val()
                    & !(self.w_data.q.val() & self.m_rq_w1c.val()))
                    | (self.w_data.q.val() & self.m_rq_rw.val());
                self.p_rq.d.next = true;
            }
            if self.wr_dec.data.val() == self.d_cq.val() {
                self.cq.d.next = (self.cq.q.val()
                    & !self.m_cq_rw.val()
                    & !(self.w_data.q.val() & self.m_cq_w1c.val()))
                    | (self.w_data.q.val() & self.m_cq_rw.val());
                self.p_cq.d.next = true;
            }
            if self.h_cfg.val() {
                self.cfgs.d.next = (self.cfgs.q.val() & !self.cfg_mask.data.val())
                    | (self.wdata_c.val() & self.cfg_mask.data.val());
            }
            if self.h_arg.val() {
                self.args.d.next = (self.args.q.val()
                    & !self.wrw_w.val()
                    & !(self.wdata_w.val() & self.ww1c_w.val()))
                    | (self.wdata_w.val() & self.wrw_w.val());
            }
        }
        // command completion (a CMD write at the same edge was refused)
        if self.cmd_done.val() & self.busy.q.val().any() {
            self.busy.d.next = bits::<1>(0);
            self.err.d.next = self.cmd_error.val();
            self.cnt.d.next = self.cnt.q.val() + 1;
        }
        if self.do_soft.val() {
            self.scratch.d.next = self.r_scratch.val();
            self.ctrl.d.next = self.r_ctrl.val();
            self.cmd.d.next = self.r_cmd.val();
            self.sq.d.next = self.r_sq.val();
            self.rq.d.next = self.r_rq.val();
            self.cq.d.next = self.r_cq.val();
            self.args.d.next = self.r_args.val();
            self.cfgs.d.next = self.r_cfg.val();
            self.busy.d.next = self.r_busy.val();
            self.err.d.next = self.r_err.val();
            self.cnt.d.next = self.r_cnt.val();
            self.hi_snap.d.next = self.r_hi.val();
            self.p_soft.d.next = true;
        }

        // ------------------------------------------------------------ outputs
        self.awready.next = !self.aw_held.q.val();
        self.wready.next = !self.w_held.q.val();
        self.bvalid.next = self.b_valid.q.val();
        self.bresp.next = self.b_resp.q.val();
        self.arready.next = !self.r_valid.q.val();
        self.rvalid.next = self.r_valid.q.val();
        self.rdata.next = self.r_data.q.val();
        self.rresp.next = self.r_resp.q.val();
        self.ctrl_enable.next = self.ctrl.q.val().get_bit(self.f_ctrl_en.val().index());
        self.soft_reset.next = self.p_soft.q.val();
        self.db_sq_valid.next = self.p_sq.q.val();
        self.db_sq.next = self.sq.q.val();
        self.db_rq_valid.next = self.p_rq.q.val();
        self.db_rq.next = self.rq.q.val();
        self.db_cq_valid.next = self.p_cq.q.val();
        self.db_cq.next = self.cq.q.val();
        self.cmd_valid.next = self.p_cmd.q.val();
        self.cmd_opcode.next = self.cmd.q.val().get_bits::<8>(self.f_cmd_op.val().index());
        self.cmd_args.next = self.args.q.val();
        self.cfg_regs.next = self.cfgs.q.val();
    }
}
