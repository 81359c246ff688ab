//! Send-side path choice and rate gate for every connection: the sprayer
//! (round robin over the paths whose window is open, in bursts) and its
//! pacer (the connection's earliest next departure), for the transport
//! model's braid sender (`firmware-sim/net/src/net.rs`: `try_send`, `pace`).
//!
//! # Behaviour (normative; `braid_model::SprayerModel` is the bit- and
//! cycle-exact reference)
//!
//! `2^IDX` connections (`sprayer`: IDX = 10, 1,024 connections; `sprayer_tiny`:
//! IDX = 4, 16 connections), each with up to 16 paths (`PATHS`). Per
//! connection the block keeps
//! * two 16-bit masks: `open` (bit p: path p's window is open, reported by
//!   `path_window`) and `suspect` (bit p: path p timed out recently, from
//!   `path_cc`);
//! * the number of paths minus one `n_m1` (bits above it are ignored);
//! * the round-robin pointer `next_path` (4 bits), the burst counter
//!   `burst` (8 bits: packets sent in a row on the path at the pointer) and
//!   the pacer `pacer` (40 bits, unsigned 32.8 fixed point in engine ticks:
//!   the earliest tick the next data packet may leave);
//! * the pacing increment `inc` (25 bits, unsigned 5.20 fixed point: ticks
//!   per byte at the connection's rate; 0 = not paced).
//!
//! At power-up everything is zero. Three ports, each taking one operation
//! per clock (II = 1), all at once:
//!
//! * Mask port (`mk_*`): for each path p with `mk_open_en[p]` the `open`
//!   bit of connection `mk_conn` becomes `mk_open_val[p]`, and likewise
//!   `suspect` with `mk_susp_en`/`mk_susp_val`.
//! * Rate port (`rt_*`): connection `rt_conn` gets `inc = INC[rt_hint]`, or
//!   0 (no pacing) when `rt_hint` is 0 (no limit), at or above
//!   `cfg_port_hint` (the port's rate in hint units, sampled with the
//!   operation) or at or above `2^RB` (`RB` = 12 full, 8 tiny: the table
//!   covers hints below 409.6 Gb/s, tiny 25.6 Gb/s). `INC[h] = round(8 *
//!   CFG_TICK_HZ * 2^20 / (h * RATE_HINT_UNIT_BPS))` ([`inc_of_hint`]; hints in
//!   braid-spec's `RATE_HINT_UNIT_BPS`, the engine clock `CFG_TICK_HZ`), held in
//!   a ROM: no divider anywhere.
//! * Operation port (`op_*`, `now`, `cfg_spray_burst`): `op_init` = 1 is
//!   INIT: `n_m1 = op_paths_m1`, `next_path = 0`, `burst = 0`, `pacer =
//!   now`. Otherwise PICK (`op_retx`, `op_bytes`: the packet's bytes on the
//!   wire, overhead included), decided in this order:
//!
//!   0. Busy: a PICK sampled one or two clocks after another operation
//!      (PICK or INIT, whatever its outcome) on the same connection is
//!      refused as `res_paced`, nothing changing, when the connection has
//!      `inc != 0` or that operation was a PICK of the connection while
//!      it had `inc != 0`. (The pacer loop takes two clocks and its add
//!      and compares read registers only: see Pipeline. A paced
//!      connection takes at most one PICK every third clock; an unpaced
//!      one, `inc = 0`, one every clock, also right after its INIT.)
//!   1. Paced: when `pacer - now*256` (mod 2^40) lies in `[1, 2^32]` (the
//!      pacer is ahead of now by at most 2^24 ticks; a pacer further ahead
//!      is stale after 32-bit tick wrap-around and does not hold the
//!      connection) the result is `res_paced`; nothing changes.
//!   2. Candidates: `open` restricted to paths `0..=n_m1`; for a
//!      retransmission, those not `suspect` if there is any such path (a
//!      retransmission avoids a path that just timed out when another is
//!      open). No candidate: `res_no_path`; nothing changes.
//!   3. The path `c` is the first candidate at or after `next_path`,
//!      wrapping around. With `S = max(cfg_spray_burst, 1)`: the burst
//!      counter restarts (`burst = 0`) when `c != next_path`; then `burst +=
//!      1`; when `burst >= S` the pointer moves past `c` (`next_path = (c +
//!      1) mod (n_m1 + 1)`, `burst = 0`), else `next_path = c`.
//!   4. Pacing, when `inc != 0`: `ser = floor(op_bytes * inc / 2^12)` (the
//!      packet's serialization time in 1/256 ticks), `N = now*256`;
//!      `pacer = max(pacer, N - floor(ser/2)) + ser`, where `pacer` counts
//!      as the max only when it lies in `[N - floor(ser/2), N]` (serial
//!      order): the pacer never falls more than half a packet behind now.
//!
//!   `res_ok`, `res_path = c`.
//!
//! Ordering: a PICK sees every mask and rate operation sampled at the same
//! clock or before, and none sampled later; operations on the operation
//! port take effect in order, each on the state left by all earlier ones,
//! whatever their distance (the same connection may be picked on every
//! clock: the state loops forward; a paced one is then Busy, step 0).
//!
//! # How the top drives it
//!
//! * `path_window` results drive the mask port (open bits), `path_cc`
//!   timeouts and recoveries the suspect bits; the connection's rate hint
//!   (and `cfg_port_hint`) drives the rate port; connection setup issues
//!   INIT (with the number of paths) before any PICK.
//! * The send scheduler issues one PICK per packet it wants to send
//!   (`op_bytes` = its bytes on the wire), retransmissions with `op_retx`;
//!   `op_tag` is its own handle (e.g. a slot) and comes back with the
//!   result 8 clocks later. It should not PICK the same paced connection
//!   within 3 clocks (one PICK at t, the next at t + 3 or later; see Busy
//!   above); unpaced connections may be picked on every clock, and
//!   interleaving connections costs nothing.
//! * `res_ok`: send the packet on `res_path` (this path's window was open
//!   when sampled; the path's own admission, e.g. `tx_path_table`, still
//!   applies).
//! * `res_paced`: nothing was taken; keep the packet and PICK it again at
//!   or after tick `res_ready_at` (a wake-up timer or a later turn of the
//!   scheduler; an earlier retry is only refused again, never wrong).
//! * `res_no_path`: no open path (for a retransmission: not even a
//!   suspect one); park the connection until a mask write opens a path
//!   (the scheduler can watch the mask port), then PICK again.
//!
//! # Results
//!
//! Every operation's result shows for one clock 8 rising edges after the
//! edge that sampled it: `res_valid`, `res_init`, `res_conn`, `res_tag`,
//! `res_retx` (echoes), `res_ok`, `res_paced`, `res_no_path`, `res_path`
//! (0 unless `res_ok`), and the connection's state after the operation:
//! `res_next_path`, `res_burst` and `res_ready_at = ceil(pacer / 256)`, the
//! first tick at which the pacer lets a packet go (for a wake-up timer).
//! With no operation every output is 0.
//!
//! # Precision of the pacer (against the model's f64 `pace`)
//!
//! The model paces at `ser_ps = ceil(8 * bytes * 1e12 / rate)`. Here `inc`
//! is rounded to 2^-20 ticks per byte: relative error at most `2^-21 /
//! inc(h) = 2^-21 * h / 24` at 300 MHz, 8.2e-5 at the largest hint 4,095
//! (409.5 Gb/s), 2e-5 at 100 Gb/s. `ser` is truncated to 1/256 tick: at
//! most one unit per packet, relative `1 / ser`, below 1e-3 for frames of
//! 1,000 bytes or more at up to 409.5 Gb/s (2.3e-4 at 100 Gb/s), and
//! below 1% for any frame of 84 bytes or more (the minimum Ethernet frame
//! on the wire). The truncations make the block pace slightly fast,
//! never slow.
//!
//! # Pipeline
//!
//! E0 registers every port. Masks: 32 one-bit RAMs (one per path and
//! mask: a mask write is a plain write under its bit enables, no
//! read-modify-write), written at E1. Rate: the ROM is read at E0 (its
//! address is the port), `inc` written at E1. Operation: `n_m1` is written
//! at E1 by INIT; masks, `n_m1` and `inc` are read at E2 (read-first block
//! RAM: a write on the same edge is not seen). E2-E3: candidate mask;
//! the partial products of `op_bytes * inc` in a carry-save tree. E3-E5:
//! for every pointer value r, the first candidate at or after r and
//! `(c + 1) mod (n_m1 + 1)` (16 [`NextSet`] units, two stages, no adder or
//! shifter). E3-E4: the product's final add ([`SelAdd40`]). E4-E5: `N -
//! floor(ser/2)` and `N + ceil(ser/2)`; the record RAM is read (at E4)
//! and merged, by one-hot AND-OR selects, from the RAM or the results of
//! the operations 2 (pointer and burst only), 3 and 4 ahead (the one 4
//! ahead is written on the edge that reads: the RAM returns the old word,
//! as the `RAM` widget and read-first block RAM do); the paced compare's
//! low 32 bits are reduced
//! per pacer source to 3-bit-chunk less/equal groups and selected with
//! the pacer; an INIT 1 or 2 ahead forwards its N as the pacer; Busy.
//!
//! Two loops. `next_path`/`burst` (E5-E6, one clock): the merge or the
//! previous clock's result (same connection at distance 1), the 16:1
//! select of the precomputed choice by `next_path`, one LUT per
//! next-state bit. The pacer (E5-E7, two clocks; a PICK 1 or 2 behind a
//! paced PICK of its connection is Busy, so the loop only forwards what
//! it can: the pacer kept by an unpaced PICK or set by an INIT): E5-E6
//! `pacer + ser` ([`SelAdd40`] on registers), the 39-bit compares for
//! the signs of `N - pacer` and `pacer - (N - ser/2)` reduced to 3-bit
//! chunk groups, "paced" (the low 32 bits' groups, the top byte compared
//! for equality with now's and now's + 1); E6-E7 the compares' last
//! level and the new pacer (`pacer + ser`, `N + ceil(ser/2)`, N for INIT,
//! or the pacer kept: forwarded from the operation 1 or 2 ahead, or the
//! merge), and the carries of `ready_at` per byte (per pacer source, from
//! registers, selected like the pacer). E7-E8 writes the record back and
//! registers the results (`ready_at`: four byte increments under the
//! precomputed carries).
//!
//! Logic depth: the adders are [`SelAdd40`] (carry select on 3-bit chunks
//! with a radix-3 prefix tree written as constant shifts and masks); the
//! compares are 3-bit-chunk trees; ABC maps a plain `+` or a prefix adder
//! of 40 bits to 9-14 LUT6 levels.

pub use braid_spec::pacing::{inc_of_hint, INC_FRAC, PACER_FRAC};
use braid_spec::regs::CFG_TICK_HZ;
use braid_spec::wire::braid::RATE_HINT_UNIT_BPS;
use rust_hdl::prelude::*;

mod next_set;
mod sel_add;
pub use next_set::NextSet;
pub use sel_add::SelAdd40;

/// Paths per connection (mask width).
pub const PATHS: usize = 16;
/// Width of `inc`.
pub const INC_BITS: usize = 25;
/// Width of `op_bytes`.
pub const BYTES_BITS: usize = 14;
/// Clocks from the edge that samples an operation to its result.
pub const SPRAYER_LATENCY: usize = 8;
/// Connection index bits of the exported full-size block.
pub const IDX_FULL: usize = 10;
/// Connection index bits of the exported tiny block.
pub const IDX_TINY: usize = 4;
/// Rate-table address bits, full-size block (hints below 4,096).
pub const RB_FULL: usize = 12;
/// Rate-table address bits, tiny block (hints below 256).
pub const RB_TINY: usize = 8;

// the largest increment (a hint of 1) fits `inc`'s integer bits
const _: () = assert!(8 * CFG_TICK_HZ / RATE_HINT_UNIT_BPS < 1 << (INC_BITS - INC_FRAC as usize));

/// Record: next_path [3:0], burst [11:4], pacer [51:12].
pub const REC_BITS: usize = 52;

/// Sprayer and pacer for `2^IDX` connections, rate table of `2^RB` hints.
#[derive(LogicBlock)]
pub struct Sprayer<const IDX: usize, const RB: usize> {
    /// Engine clock.
    pub clock: Signal<In, Clock>,
    /// An operation on the operation port.
    pub op_valid: Signal<In, Bit>,
    /// 1: INIT the connection; 0: PICK a path for one packet.
    pub op_init: Signal<In, Bit>,
    /// Connection.
    pub op_conn: Signal<In, Bits<IDX>>,
    /// PICK: the packet is a retransmission.
    pub op_retx: Signal<In, Bit>,
    /// PICK: the packet's bytes on the wire (pacing).
    pub op_bytes: Signal<In, Bits<BYTES_BITS>>,
    /// INIT: number of paths minus one.
    pub op_paths_m1: Signal<In, Bits<4>>,
    /// Opaque tag returned with the result.
    pub op_tag: Signal<In, Bits<16>>,
    /// Current engine tick (sampled with the operation).
    pub now: Signal<In, Bits<32>>,
    /// Packets per path in a row (0 counts as 1).
    pub cfg_spray_burst: Signal<In, Bits<8>>,
    /// A mask write.
    pub mk_valid: Signal<In, Bit>,
    /// Its connection.
    pub mk_conn: Signal<In, Bits<IDX>>,
    /// Open bits to write.
    pub mk_open_en: Signal<In, Bits<16>>,
    /// Their values.
    pub mk_open_val: Signal<In, Bits<16>>,
    /// Suspect bits to write.
    pub mk_susp_en: Signal<In, Bits<16>>,
    /// Their values.
    pub mk_susp_val: Signal<In, Bits<16>>,
    /// A rate write.
    pub rt_valid: Signal<In, Bit>,
    /// Its connection.
    pub rt_conn: Signal<In, Bits<IDX>>,
    /// Rate hint (`RATE_HINT_UNIT_BPS` units; 0 = no limit).
    pub rt_hint: Signal<In, Bits<16>>,
    /// Port rate in hint units: hints at or above it do not pace.
    pub cfg_port_hint: Signal<In, Bits<16>>,
    /// A result (8 clocks after its operation).
    pub res_valid: Signal<Out, Bit>,
    /// It was an INIT.
    pub res_init: Signal<Out, Bit>,
    /// Its connection.
    pub res_conn: Signal<Out, Bits<IDX>>,
    /// Its tag.
    pub res_tag: Signal<Out, Bits<16>>,
    /// Its `op_retx`.
    pub res_retx: Signal<Out, Bit>,
    /// PICK: a path was chosen.
    pub res_ok: Signal<Out, Bit>,
    /// PICK: refused, the pacer holds the connection.
    pub res_paced: Signal<Out, Bit>,
    /// PICK: refused, no candidate path.
    pub res_no_path: Signal<Out, Bit>,
    /// The chosen path (0 unless `res_ok`).
    pub res_path: Signal<Out, Bits<4>>,
    /// Round-robin pointer after the operation.
    pub res_next_path: Signal<Out, Bits<4>>,
    /// Burst counter after the operation.
    pub res_burst: Signal<Out, Bits<8>>,
    /// First tick at which the pacer lets the next packet go.
    pub res_ready_at: Signal<Out, Bits<32>>,
    k_rmax: Constant<Bits<16>>,
    rom: SyncROM<Bits<INC_BITS>, RB>,
    inc_ram: RAM<Bits<INC_BITS>, IDX>,
    npm_ram: RAM<Bits<4>, IDX>,
    recs: RAM<Bits<REC_BITS>, IDX>,
    open0: RAM<Bit, IDX>,
    susp0: RAM<Bit, IDX>,
    open1: RAM<Bit, IDX>,
    susp1: RAM<Bit, IDX>,
    open2: RAM<Bit, IDX>,
    susp2: RAM<Bit, IDX>,
    open3: RAM<Bit, IDX>,
    susp3: RAM<Bit, IDX>,
    open4: RAM<Bit, IDX>,
    susp4: RAM<Bit, IDX>,
    open5: RAM<Bit, IDX>,
    susp5: RAM<Bit, IDX>,
    open6: RAM<Bit, IDX>,
    susp6: RAM<Bit, IDX>,
    open7: RAM<Bit, IDX>,
    susp7: RAM<Bit, IDX>,
    open8: RAM<Bit, IDX>,
    susp8: RAM<Bit, IDX>,
    open9: RAM<Bit, IDX>,
    susp9: RAM<Bit, IDX>,
    open10: RAM<Bit, IDX>,
    susp10: RAM<Bit, IDX>,
    open11: RAM<Bit, IDX>,
    susp11: RAM<Bit, IDX>,
    open12: RAM<Bit, IDX>,
    susp12: RAM<Bit, IDX>,
    open13: RAM<Bit, IDX>,
    susp13: RAM<Bit, IDX>,
    open14: RAM<Bit, IDX>,
    susp14: RAM<Bit, IDX>,
    open15: RAM<Bit, IDX>,
    susp15: RAM<Bit, IDX>,
    ns0: NextSet,
    ns1: NextSet,
    ns2: NextSet,
    ns3: NextSet,
    ns4: NextSet,
    ns5: NextSet,
    ns6: NextSet,
    ns7: NextSet,
    ns8: NextSet,
    ns9: NextSet,
    ns10: NextSet,
    ns11: NextSet,
    ns12: NextSet,
    ns13: NextSet,
    ns14: NextSet,
    ns15: NextSet,
    add_mul: SelAdd40,
    add_a: SelAdd40,
    add_b: SelAdd40,
    add_p: SelAdd40,
    i_valid: DFF<Bit>,
    i_init: DFF<Bit>,
    i_conn: DFF<Bits<IDX>>,
    i_retx: DFF<Bit>,
    i_bytes: DFF<Bits<BYTES_BITS>>,
    i_pm1: DFF<Bits<4>>,
    i_tag: DFF<Bits<16>>,
    i_now: DFF<Bits<32>>,
    i_sm1: DFF<Bits<8>>,
    i_sm1z: DFF<Bit>,
    m_valid: DFF<Bit>,
    m_conn: DFF<Bits<IDX>>,
    m_oen: DFF<Bits<16>>,
    m_oval: DFF<Bits<16>>,
    m_sen: DFF<Bits<16>>,
    m_sval: DFF<Bits<16>>,
    t_valid: DFF<Bit>,
    t_conn: DFF<Bits<IDX>>,
    t_off: DFF<Bit>,
    q_valid: DFF<Bit>,
    q_init: DFF<Bit>,
    q_conn: DFF<Bits<IDX>>,
    q_retx: DFF<Bit>,
    q_bytes: DFF<Bits<BYTES_BITS>>,
    q_tag: DFF<Bits<16>>,
    q_now: DFF<Bits<32>>,
    q_sm1: DFF<Bits<8>>,
    q_sm1z: DFF<Bit>,
    r_valid: DFF<Bit>,
    r_init: DFF<Bit>,
    r_conn: DFF<Bits<IDX>>,
    r_retx: DFF<Bit>,
    r_bytes: DFF<Bits<BYTES_BITS>>,
    r_tag: DFF<Bits<16>>,
    r_now: DFF<Bits<32>>,
    r_sm1: DFF<Bits<8>>,
    r_sm1z: DFF<Bit>,
    s_valid: DFF<Bit>,
    s_init: DFF<Bit>,
    s_conn: DFF<Bits<IDX>>,
    s_retx: DFF<Bit>,
    s_tag: DFF<Bits<16>>,
    s_now: DFF<Bits<32>>,
    s_sm1: DFF<Bits<8>>,
    s_sm1z: DFF<Bit>,
    s_use: DFF<Bits<16>>,
    s_npm1: DFF<Bits<4>>,
    s_sum: DFF<Bits<40>>,
    s_car: DFF<Bits<40>>,
    s_incnz: DFF<Bit>,
    x_valid: DFF<Bit>,
    x_init: DFF<Bit>,
    x_conn: DFF<Bits<IDX>>,
    x_retx: DFF<Bit>,
    x_tag: DFF<Bits<16>>,
    x_now: DFF<Bits<32>>,
    x_sm1: DFF<Bits<8>>,
    x_sm1z: DFF<Bit>,
    x_use: DFF<Bits<16>>,
    x_any: DFF<Bit>,
    x_ser: DFF<Bits<40>>,
    x_incnz: DFF<Bit>,
    u_valid: DFF<Bit>,
    u_pick: DFF<Bit>,
    u_init: DFF<Bit>,
    u_conn: DFF<Bits<IDX>>,
    u_retx: DFF<Bit>,
    u_tag: DFF<Bits<16>>,
    u_n: DFF<Bits<40>>,
    u_a: DFF<Bits<40>>,
    u_b: DFF<Bits<40>>,
    u_ser: DFF<Bits<40>>,
    u_incnz: DFF<Bit>,
    u_any: DFF<Bit>,
    u_use: DFF<Bits<16>>,
    u_sm1: DFF<Bits<8>>,
    u_sm1z: DFF<Bit>,
    u_fwd1: DFF<Bit>,
    u_nh: DFF<Bits<8>>,
    u_nh1: DFF<Bits<8>>,
    u_c: DFF<Bit>,
    u_pa: DFF<Bit>,
    w_valid: DFF<Bit>,
    w_conn: DFF<Bits<IDX>>,
    c_init: DFF<Bit>,
    c_ok: DFF<Bit>,
    c_paced: DFF<Bit>,
    c_none: DFF<Bit>,
    c_path: DFF<Bits<4>>,
    c_tag: DFF<Bits<16>>,
    c_retx: DFF<Bit>,
    o_valid: DFF<Bit>,
    o_init: DFF<Bit>,
    o_conn: DFF<Bits<IDX>>,
    o_tag: DFF<Bits<16>>,
    o_retx: DFF<Bit>,
    o_ok: DFF<Bit>,
    o_paced: DFF<Bit>,
    o_none: DFF<Bit>,
    o_path: DFF<Bits<4>>,
    o_next: DFF<Bits<4>>,
    o_burst: DFF<Bits<8>>,
    o_ready: DFF<Bits<32>>,
    u_nb: DFF<Bits<12>>,
    u_pc: DFF<Bits<40>>,
    u_fwd2: DFF<Bit>,
    u_busy: DFF<Bit>,
    w_nb: DFF<Bits<12>>,
    w_n: DFF<Bits<40>>,
    w_init: DFF<Bit>,
    w_pick: DFF<Bit>,
    w_incnz: DFF<Bit>,
    v_sum: DFF<Bits<40>>,
    v_b: DFF<Bits<40>>,
    v_set: DFF<Bit>,
    v_f1: DFF<Bit>,
    v_f2: DFF<Bit>,
    v_pc: DFF<Bits<40>>,
    y_valid: DFF<Bit>,
    y_conn: DFF<Bits<IDX>>,
    y_rec: DFF<Bits<REC_BITS>>,
    v_xl: DFF<Bits<5>>,
    v_xe: DFF<Bits<5>>,
    v_yl: DFF<Bits<5>>,
    v_ye: DFF<Bits<5>>,
    v_xt: DFF<Bit>,
    v_yt: DFF<Bit>,
    v_init: DFF<Bit>,
    y_fl: DFF<Bits<4>>,
    y2_fl: DFF<Bits<4>>,
    fl_s: Signal<Local, Bits<4>>,
    fl_b: Signal<Local, Bits<4>>,
    fl_p: Signal<Local, Bits<4>>,
    fl_k: Signal<Local, Bits<4>>,
    fl_n: Signal<Local, Bits<4>>,
    y2_valid: DFF<Bit>,
    y2_conn: DFF<Bits<IDX>>,
    y2_rec: DFF<Bits<REC_BITS>>,
    e_init: DFF<Bit>,
    e_ok: DFF<Bit>,
    e_paced: DFF<Bit>,
    e_none: DFF<Bit>,
    e_path: DFF<Bits<4>>,
    e_tag: DFF<Bits<16>>,
    e_retx: DFF<Bit>,
    eq_u: Signal<Local, Bit>,
    eq_w: Signal<Local, Bit>,
    eq_y: Signal<Local, Bit>,
    eq_y2: Signal<Local, Bit>,
    kp: Signal<Local, Bits<40>>,
    pn: Signal<Local, Bits<40>>,
    ra: Signal<Local, Bits<32>>,
    rb0: Signal<Local, Bits<8>>,
    rb1: Signal<Local, Bits<8>>,
    rb2: Signal<Local, Bits<8>>,
    rb3: Signal<Local, Bits<8>>,
    rs0: Signal<Local, Bits<8>>,
    rs1: Signal<Local, Bits<8>>,
    rs2: Signal<Local, Bits<8>>,
    rs3: Signal<Local, Bits<8>>,
    nlo_x: Signal<Local, Bits<32>>,
    cs1_l: Signal<Local, Bits<11>>,
    cs1_e: Signal<Local, Bits<11>>,
    cs2_l: Signal<Local, Bits<11>>,
    cs2_e: Signal<Local, Bits<11>>,
    cs3_l: Signal<Local, Bits<11>>,
    cs3_e: Signal<Local, Bits<11>>,
    cs4_l: Signal<Local, Bits<11>>,
    cs4_e: Signal<Local, Bits<11>>,
    cs5_l: Signal<Local, Bits<11>>,
    cs5_e: Signal<Local, Bits<11>>,
    cxl_l: Signal<Local, Bits<13>>,
    cxl_e: Signal<Local, Bits<13>>,
    cxl_l1: Signal<Local, Bits<5>>,
    cxl_e1: Signal<Local, Bits<5>>,
    cyl_l: Signal<Local, Bits<13>>,
    cyl_e: Signal<Local, Bits<13>>,
    cyl_l1: Signal<Local, Bits<5>>,
    cyl_e1: Signal<Local, Bits<5>>,
    u_cl: DFF<Bits<4>>,
    u_ce: DFF<Bits<4>>,
    ps1: Signal<Local, Bits<32>>,
    ps2: Signal<Local, Bits<32>>,
    ps3: Signal<Local, Bits<32>>,
    ps4: Signal<Local, Bits<32>>,
    ps5: Signal<Local, Bits<32>>,
    cs1_l1: Signal<Local, Bits<4>>,
    cs1_e1: Signal<Local, Bits<4>>,
    cs2_l1: Signal<Local, Bits<4>>,
    cs2_e1: Signal<Local, Bits<4>>,
    cs3_l1: Signal<Local, Bits<4>>,
    cs3_e1: Signal<Local, Bits<4>>,
    cs4_l1: Signal<Local, Bits<4>>,
    cs4_e1: Signal<Local, Bits<4>>,
    cs5_l1: Signal<Local, Bits<4>>,
    cs5_e1: Signal<Local, Bits<4>>,
    cbl_l: Signal<Local, Bits<3>>,
    cbl_e: Signal<Local, Bits<3>>,
    blt: Signal<Local, Bit>,
    g1: Signal<Local, Bit>,
    mg1: Signal<Local, Bits<12>>,
    g2: Signal<Local, Bit>,
    mg2: Signal<Local, Bits<12>>,
    g3: Signal<Local, Bit>,
    mg3: Signal<Local, Bits<12>>,
    g4: Signal<Local, Bit>,
    mg4: Signal<Local, Bits<12>>,
    f1: Signal<Local, Bit>,
    mf1: Signal<Local, Bits<40>>,
    f2: Signal<Local, Bit>,
    mf2: Signal<Local, Bits<40>>,
    f3: Signal<Local, Bit>,
    mf3: Signal<Local, Bits<40>>,
    f4: Signal<Local, Bit>,
    mf4: Signal<Local, Bits<40>>,
    f5: Signal<Local, Bit>,
    mf5: Signal<Local, Bits<40>>,
    open_v: Signal<Local, Bits<16>>,
    susp_v: Signal<Local, Bits<16>>,
    nmask: Signal<Local, Bits<16>>,
    cand: Signal<Local, Bits<16>>,
    alt: Signal<Local, Bits<16>>,
    inc40: Signal<Local, Bits<40>>,
    p0: Signal<Local, Bits<40>>,
    p1: Signal<Local, Bits<40>>,
    p2: Signal<Local, Bits<40>>,
    p3: Signal<Local, Bits<40>>,
    p4: Signal<Local, Bits<40>>,
    p5: Signal<Local, Bits<40>>,
    p6: Signal<Local, Bits<40>>,
    p7: Signal<Local, Bits<40>>,
    p8: Signal<Local, Bits<40>>,
    p9: Signal<Local, Bits<40>>,
    p10: Signal<Local, Bits<40>>,
    p11: Signal<Local, Bits<40>>,
    p12: Signal<Local, Bits<40>>,
    p13: Signal<Local, Bits<40>>,
    s10: Signal<Local, Bits<40>>,
    c10: Signal<Local, Bits<40>>,
    s11: Signal<Local, Bits<40>>,
    c11: Signal<Local, Bits<40>>,
    s12: Signal<Local, Bits<40>>,
    c12: Signal<Local, Bits<40>>,
    s13: Signal<Local, Bits<40>>,
    c13: Signal<Local, Bits<40>>,
    s20: Signal<Local, Bits<40>>,
    c20: Signal<Local, Bits<40>>,
    s21: Signal<Local, Bits<40>>,
    c21: Signal<Local, Bits<40>>,
    s22: Signal<Local, Bits<40>>,
    c22: Signal<Local, Bits<40>>,
    s30: Signal<Local, Bits<40>>,
    c30: Signal<Local, Bits<40>>,
    s31: Signal<Local, Bits<40>>,
    c31: Signal<Local, Bits<40>>,
    s40: Signal<Local, Bits<40>>,
    c40: Signal<Local, Bits<40>>,
    s50: Signal<Local, Bits<40>>,
    c50: Signal<Local, Bits<40>>,
    s60: Signal<Local, Bits<40>>,
    c60: Signal<Local, Bits<40>>,
    half: Signal<Local, Bits<40>>,
    cur: Signal<Local, Bits<12>>,
    rr: Signal<Local, Bits<4>>,
    bst: Signal<Local, Bits<8>>,
    pc: Signal<Local, Bits<40>>,
    n_39: Signal<Local, Bits<39>>,
    pb_39: Signal<Local, Bits<39>>,
    a_39: Signal<Local, Bits<39>>,
    lt_b: Signal<Local, Bit>,
    kxl: Signal<Local, Bit>,
    kyl: Signal<Local, Bit>,
    kxs: Signal<Local, Bit>,
    kys: Signal<Local, Bit>,
    nxb0: Signal<Local, Bits<16>>,
    nxb1: Signal<Local, Bits<16>>,
    nxb2: Signal<Local, Bits<16>>,
    nxb3: Signal<Local, Bits<16>>,
    nx1b0: Signal<Local, Bits<16>>,
    nx1b1: Signal<Local, Bits<16>>,
    nx1b2: Signal<Local, Bits<16>>,
    nx1b3: Signal<Local, Bits<16>>,
    ch: Signal<Local, Bits<4>>,
    ch1: Signal<Local, Bits<4>>,
    e: Signal<Local, Bit>,
    paced: Signal<Local, Bit>,
    ok: Signal<Local, Bit>,
    adv: Signal<Local, Bit>,
    bp1: Signal<Local, Bits<8>>,
    rr_n: Signal<Local, Bits<4>>,
    bst_n: Signal<Local, Bits<8>>,
    in_rng: Signal<Local, Bit>,
    eqh: Signal<Local, Bit>,
    eqh1: Signal<Local, Bit>,
    t_rr: Signal<Local, Bits<4>>,
    t_b: Signal<Local, Bits<8>>,
}

impl<const IDX: usize, const RB: usize> Default for Sprayer<IDX, RB> {
    fn default() -> Self {
        Self {
            clock: Default::default(),
            op_valid: Default::default(),
            op_init: Default::default(),
            op_conn: Default::default(),
            op_retx: Default::default(),
            op_bytes: Default::default(),
            op_paths_m1: Default::default(),
            op_tag: Default::default(),
            now: Default::default(),
            cfg_spray_burst: Default::default(),
            mk_valid: Default::default(),
            mk_conn: Default::default(),
            mk_open_en: Default::default(),
            mk_open_val: Default::default(),
            mk_susp_en: Default::default(),
            mk_susp_val: Default::default(),
            rt_valid: Default::default(),
            rt_conn: Default::default(),
            rt_hint: Default::default(),
            cfg_port_hint: Default::default(),
            res_valid: Default::default(),
            res_init: Default::default(),
            res_conn: Default::default(),
            res_tag: Default::default(),
            res_retx: Default::default(),
            res_ok: Default::default(),
            res_paced: Default::default(),
            res_no_path: Default::default(),
            res_path: Default::default(),
            res_next_path: Default::default(),
            res_burst: Default::default(),
            res_ready_at: Default::default(),
            k_rmax: Constant::new(bits(1u64 << RB)),
            rom: SyncROM::from((0..1u64 << RB).map(|h| bits::<INC_BITS>(inc_of_hint(h)))),
            inc_ram: Default::default(),
            npm_ram: Default::default(),
            recs: Default::default(),
            open0: Default::default(),
            susp0: Default::default(),
            open1: Default::default(),
            susp1: Default::default(),
            open2: Default::default(),
            susp2: Default::default(),
            open3: Default::default(),
            susp3: Default::default(),
            open4: Default::default(),
            susp4: Default::default(),
            open5: Default::default(),
            susp5: Default::default(),
            open6: Default::default(),
            susp6: Default::default(),
            open7: Default::default(),
            susp7: Default::default(),
            open8: Default::default(),
            susp8: Default::default(),
            open9: Default::default(),
            susp9: Default::default(),
            open10: Default::default(),
            susp10: Default::default(),
            open11: Default::default(),
            susp11: Default::default(),
            open12: Default::default(),
            susp12: Default::default(),
            open13: Default::default(),
            susp13: Default::default(),
            open14: Default::default(),
            susp14: Default::default(),
            open15: Default::default(),
            susp15: Default::default(),
            ns0: Default::default(),
            ns1: Default::default(),
            ns2: Default::default(),
            ns3: Default::default(),
            ns4: Default::default(),
            ns5: Default::default(),
            ns6: Default::default(),
            ns7: Default::default(),
            ns8: Default::default(),
            ns9: Default::default(),
            ns10: Default::default(),
            ns11: Default::default(),
            ns12: Default::default(),
            ns13: Default::default(),
            ns14: Default::default(),
            ns15: Default::default(),
            add_mul: SelAdd40::new(),
            add_a: SelAdd40::new(),
            add_b: SelAdd40::new(),
            add_p: SelAdd40::new(),
            i_valid: Default::default(),
            i_init: Default::default(),
            i_conn: Default::default(),
            i_retx: Default::default(),
            i_bytes: Default::default(),
            i_pm1: Default::default(),
            i_tag: Default::default(),
            i_now: Default::default(),
            i_sm1: Default::default(),
            i_sm1z: Default::default(),
            m_valid: Default::default(),
            m_conn: Default::default(),
            m_oen: Default::default(),
            m_oval: Default::default(),
            m_sen: Default::default(),
            m_sval: Default::default(),
            t_valid: Default::default(),
            t_conn: Default::default(),
            t_off: Default::default(),
            q_valid: Default::default(),
            q_init: Default::default(),
            q_conn: Default::default(),
            q_retx: Default::default(),
            q_bytes: Default::default(),
            q_tag: Default::default(),
            q_now: Default::default(),
            q_sm1: Default::default(),
            q_sm1z: Default::default(),
            r_valid: Default::default(),
            r_init: Default::default(),
            r_conn: Default::default(),
            r_retx: Default::default(),
            r_bytes: Default::default(),
            r_tag: Default::default(),
            r_now: Default::default(),
            r_sm1: Default::default(),
            r_sm1z: Default::default(),
            s_valid: Default::default(),
            s_init: Default::default(),
            s_conn: Default::default(),
            s_retx: Default::default(),
            s_tag: Default::default(),
            s_now: Default::default(),
            s_sm1: Default::default(),
            s_sm1z: Default::default(),
            s_use: Default::default(),
            s_npm1: Default::default(),
            s_sum: Default::default(),
            s_car: Default::default(),
            s_incnz: Default::default(),
            x_valid: Default::default(),
            x_init: Default::default(),
            x_conn: Default::default(),
            x_retx: Default::default(),
            x_tag: Default::default(),
            x_now: Default::default(),
            x_sm1: Default::default(),
            x_sm1z: Default::default(),
            x_use: Default::default(),
            x_any: Default::default(),
            x_ser: Default::default(),
            x_incnz: Default::default(),
            u_valid: Default::default(),
            u_pick: Default::default(),
            u_init: Default::default(),
            u_conn: Default::default(),
            u_retx: Default::default(),
            u_tag: Default::default(),
            u_n: Default::default(),
            u_a: Default::default(),
            u_b: Default::default(),
            u_ser: Default::default(),
            u_incnz: Default::default(),
            u_any: Default::default(),
            u_use: Default::default(),
            u_sm1: Default::default(),
            u_sm1z: Default::default(),
            u_fwd1: Default::default(),
            u_nh: Default::default(),
            u_nh1: Default::default(),
            u_c: Default::default(),
            u_pa: Default::default(),
            w_valid: Default::default(),
            w_conn: Default::default(),
            c_init: Default::default(),
            c_ok: Default::default(),
            c_paced: Default::default(),
            c_none: Default::default(),
            c_path: Default::default(),
            c_tag: Default::default(),
            c_retx: Default::default(),
            o_valid: Default::default(),
            o_init: Default::default(),
            o_conn: Default::default(),
            o_tag: Default::default(),
            o_retx: Default::default(),
            o_ok: Default::default(),
            o_paced: Default::default(),
            o_none: Default::default(),
            o_path: Default::default(),
            o_next: Default::default(),
            o_burst: Default::default(),
            o_ready: Default::default(),
            u_nb: Default::default(),
            u_pc: Default::default(),
            u_fwd2: Default::default(),
            u_busy: Default::default(),
            w_nb: Default::default(),
            w_n: Default::default(),
            w_init: Default::default(),
            w_pick: Default::default(),
            w_incnz: Default::default(),
            v_sum: Default::default(),
            v_b: Default::default(),
            v_set: Default::default(),
            v_f1: Default::default(),
            v_f2: Default::default(),
            v_pc: Default::default(),
            y_valid: Default::default(),
            y_conn: Default::default(),
            y_rec: Default::default(),
            v_xl: Default::default(),
            v_xe: Default::default(),
            v_yl: Default::default(),
            v_ye: Default::default(),
            v_xt: Default::default(),
            v_yt: Default::default(),
            v_init: Default::default(),
            y_fl: Default::default(),
            y2_fl: Default::default(),
            fl_s: Default::default(),
            fl_b: Default::default(),
            fl_p: Default::default(),
            fl_k: Default::default(),
            fl_n: Default::default(),
            y2_valid: Default::default(),
            y2_conn: Default::default(),
            y2_rec: Default::default(),
            e_init: Default::default(),
            e_ok: Default::default(),
            e_paced: Default::default(),
            e_none: Default::default(),
            e_path: Default::default(),
            e_tag: Default::default(),
            e_retx: Default::default(),
            eq_u: Default::default(),
            eq_w: Default::default(),
            eq_y: Default::default(),
            eq_y2: Default::default(),
            kp: Default::default(),
            pn: Default::default(),
            ra: Default::default(),
            rb0: Default::default(),
            rb1: Default::default(),
            rb2: Default::default(),
            rb3: Default::default(),
            rs0: Default::default(),
            rs1: Default::default(),
            rs2: Default::default(),
            rs3: Default::default(),
            nlo_x: Default::default(),
            cs1_l: Default::default(),
            cs1_e: Default::default(),
            cs2_l: Default::default(),
            cs2_e: Default::default(),
            cs3_l: Default::default(),
            cs3_e: Default::default(),
            cs4_l: Default::default(),
            cs4_e: Default::default(),
            cs5_l: Default::default(),
            cs5_e: Default::default(),
            cxl_l: Default::default(),
            cxl_e: Default::default(),
            cxl_l1: Default::default(),
            cxl_e1: Default::default(),
            cyl_l: Default::default(),
            cyl_e: Default::default(),
            cyl_l1: Default::default(),
            cyl_e1: Default::default(),
            u_cl: Default::default(),
            u_ce: Default::default(),
            ps1: Default::default(),
            ps2: Default::default(),
            ps3: Default::default(),
            ps4: Default::default(),
            ps5: Default::default(),
            cs1_l1: Default::default(),
            cs1_e1: Default::default(),
            cs2_l1: Default::default(),
            cs2_e1: Default::default(),
            cs3_l1: Default::default(),
            cs3_e1: Default::default(),
            cs4_l1: Default::default(),
            cs4_e1: Default::default(),
            cs5_l1: Default::default(),
            cs5_e1: Default::default(),
            cbl_l: Default::default(),
            cbl_e: Default::default(),
            blt: Default::default(),
            g1: Default::default(),
            mg1: Default::default(),
            g2: Default::default(),
            mg2: Default::default(),
            g3: Default::default(),
            mg3: Default::default(),
            g4: Default::default(),
            mg4: Default::default(),
            f1: Default::default(),
            mf1: Default::default(),
            f2: Default::default(),
            mf2: Default::default(),
            f3: Default::default(),
            mf3: Default::default(),
            f4: Default::default(),
            mf4: Default::default(),
            f5: Default::default(),
            mf5: Default::default(),
            open_v: Default::default(),
            susp_v: Default::default(),
            nmask: Default::default(),
            cand: Default::default(),
            alt: Default::default(),
            inc40: Default::default(),
            p0: Default::default(),
            p1: Default::default(),
            p2: Default::default(),
            p3: Default::default(),
            p4: Default::default(),
            p5: Default::default(),
            p6: Default::default(),
            p7: Default::default(),
            p8: Default::default(),
            p9: Default::default(),
            p10: Default::default(),
            p11: Default::default(),
            p12: Default::default(),
            p13: Default::default(),
            s10: Default::default(),
            c10: Default::default(),
            s11: Default::default(),
            c11: Default::default(),
            s12: Default::default(),
            c12: Default::default(),
            s13: Default::default(),
            c13: Default::default(),
            s20: Default::default(),
            c20: Default::default(),
            s21: Default::default(),
            c21: Default::default(),
            s22: Default::default(),
            c22: Default::default(),
            s30: Default::default(),
            c30: Default::default(),
            s31: Default::default(),
            c31: Default::default(),
            s40: Default::default(),
            c40: Default::default(),
            s50: Default::default(),
            c50: Default::default(),
            s60: Default::default(),
            c60: Default::default(),
            half: Default::default(),
            cur: Default::default(),
            rr: Default::default(),
            bst: Default::default(),
            pc: Default::default(),
            n_39: Default::default(),
            pb_39: Default::default(),
            a_39: Default::default(),
            lt_b: Default::default(),
            kxl: Default::default(),
            kyl: Default::default(),
            kxs: Default::default(),
            kys: Default::default(),
            nxb0: Default::default(),
            nxb1: Default::default(),
            nxb2: Default::default(),
            nxb3: Default::default(),
            nx1b0: Default::default(),
            nx1b1: Default::default(),
            nx1b2: Default::default(),
            nx1b3: Default::default(),
            ch: Default::default(),
            ch1: Default::default(),
            e: Default::default(),
            paced: Default::default(),
            ok: Default::default(),
            adv: Default::default(),
            bp1: Default::default(),
            rr_n: Default::default(),
            bst_n: Default::default(),
            in_rng: Default::default(),
            eqh: Default::default(),
            eqh1: Default::default(),
            t_rr: Default::default(),
            t_b: Default::default(),
        }
    }
}

impl<const IDX: usize, const RB: usize> Logic for Sprayer<IDX, RB> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, i_valid, i_init, i_conn, i_retx, i_bytes, i_pm1, i_tag, i_now, i_sm1,
            i_sm1z, m_valid, m_conn, m_oen, m_oval, m_sen, m_sval, t_valid, t_conn, t_off, q_valid,
            q_init, q_conn, q_retx, q_bytes, q_tag, q_now, q_sm1, q_sm1z, r_valid, r_init, r_conn,
            r_retx, r_bytes, r_tag, r_now, r_sm1, r_sm1z, s_valid, s_init, s_conn, s_retx, s_tag,
            s_now, s_sm1, s_sm1z, s_use, s_npm1, s_sum, s_car, s_incnz, x_valid, x_init, x_conn,
            x_retx, x_tag, x_now, x_sm1, x_sm1z, x_use, x_any, x_ser, x_incnz, u_valid, u_pick,
            u_init, u_conn, u_retx, u_tag, u_n, u_a, u_b, u_ser, u_incnz, u_any, u_use, u_sm1,
            u_sm1z, u_fwd1, u_nh, u_nh1, u_c, u_pa, w_valid, w_conn, c_init, c_ok, c_paced, c_none,
            c_path, c_tag, c_retx, o_valid, o_init, o_conn, o_tag, o_retx, o_ok, o_paced, o_none,
            o_path, o_next, o_burst, o_ready, u_nb, u_pc, u_fwd2, u_busy, w_nb, w_n, w_init,
            w_pick, w_incnz, v_sum, v_b, v_set, v_f1, v_f2, v_pc, y_valid, y_conn, y_rec, v_xl,
            v_xe, v_yl, v_ye, v_xt, v_yt, v_init, y2_valid, y2_conn, y2_rec, e_init, e_ok, e_paced,
            e_none, e_path, e_tag, e_retx, u_cl, u_ce, y_fl, y2_fl
        );
        self.rom.clock.next = self.clock.val();
        self.inc_ram.read_clock.next = self.clock.val();
        self.inc_ram.write_clock.next = self.clock.val();
        self.npm_ram.read_clock.next = self.clock.val();
        self.npm_ram.write_clock.next = self.clock.val();
        self.recs.read_clock.next = self.clock.val();
        self.recs.write_clock.next = self.clock.val();

        // ---- E0: register the ports; the rate table is read from the port
        self.i_valid.d.next = self.op_valid.val();
        self.i_init.d.next = self.op_init.val();
        self.i_conn.d.next = self.op_conn.val();
        self.i_retx.d.next = self.op_retx.val();
        self.i_bytes.d.next = self.op_bytes.val();
        self.i_pm1.d.next = self.op_paths_m1.val();
        self.i_tag.d.next = self.op_tag.val();
        self.i_now.d.next = self.now.val();
        self.i_sm1z.d.next = self.cfg_spray_burst.val() <= 1;
        if self.cfg_spray_burst.val().any() {
            self.i_sm1.d.next = self.cfg_spray_burst.val() - 1;
        } else {
            self.i_sm1.d.next = bits::<8>(0);
        }
        self.m_valid.d.next = self.mk_valid.val();
        self.m_conn.d.next = self.mk_conn.val();
        self.m_oen.d.next = self.mk_open_en.val();
        self.m_oval.d.next = self.mk_open_val.val();
        self.m_sen.d.next = self.mk_susp_en.val();
        self.m_sval.d.next = self.mk_susp_val.val();
        self.t_valid.d.next = self.rt_valid.val();
        self.t_conn.d.next = self.rt_conn.val();
        self.t_off.d.next = !self.rt_hint.val().any()
            | (self.rt_hint.val() >= self.cfg_port_hint.val())
            | (self.rt_hint.val() >= self.k_rmax.val());
        self.rom.address.next = self.rt_hint.val().get_bits::<RB>(0);

        // ---- E0-E1: write masks (plain writes under the bit enables),
        // n_m1 (INIT) and inc; E1-E2: read them
        self.open0.read_clock.next = self.clock.val();
        self.open0.write_clock.next = self.clock.val();
        self.open0.read_address.next = self.q_conn.q.val();
        self.open0.write_address.next = self.m_conn.q.val();
        self.open0.write_enable.next = self.m_valid.q.val() & self.m_oen.q.val().get_bit(0);
        self.open0.write_data.next = self.m_oval.q.val().get_bit(0);
        self.susp0.read_clock.next = self.clock.val();
        self.susp0.write_clock.next = self.clock.val();
        self.susp0.read_address.next = self.q_conn.q.val();
        self.susp0.write_address.next = self.m_conn.q.val();
        self.susp0.write_enable.next = self.m_valid.q.val() & self.m_sen.q.val().get_bit(0);
        self.susp0.write_data.next = self.m_sval.q.val().get_bit(0);
        self.open1.read_clock.next = self.clock.val();
        self.open1.write_clock.next = self.clock.val();
        self.open1.read_address.next = self.q_conn.q.val();
        self.open1.write_address.next = self.m_conn.q.val();
        self.open1.write_enable.next = self.m_valid.q.val() & self.m_oen.q.val().get_bit(1);
        self.open1.write_data.next = self.m_oval.q.val().get_bit(1);
        self.susp1.read_clock.next = self.clock.val();
        self.susp1.write_clock.next = self.clock.val();
        self.susp1.read_address.next = self.q_conn.q.val();
        self.susp1.write_address.next = self.m_conn.q.val();
        self.susp1.write_enable.next = self.m_valid.q.val() & self.m_sen.q.val().get_bit(1);
        self.susp1.write_data.next = self.m_sval.q.val().get_bit(1);
        self.open2.read_clock.next = self.clock.val();
        self.open2.write_clock.next = self.clock.val();
        self.open2.read_address.next = self.q_conn.q.val();
        self.open2.write_address.next = self.m_conn.q.val();
        self.open2.write_enable.next = self.m_valid.q.val() & self.m_oen.q.val().get_bit(2);
        self.open2.write_data.next = self.m_oval.q.val().get_bit(2);
        self.susp2.read_clock.next = self.clock.val();
        self.susp2.write_clock.next = self.clock.val();
        self.susp2.read_address.next = self.q_conn.q.val();
        self.susp2.write_address.next = self.m_conn.q.val();
        self.susp2.write_enable.next = self.m_valid.q.val() & self.m_sen.q.val().get_bit(2);
        self.susp2.write_data.next = self.m_sval.q.val().get_bit(2);
        self.open3.read_clock.next = self.clock.val();
        self.open3.write_clock.next = self.clock.val();
        self.open3.read_address.next = self.q_conn.q.val();
        self.open3.write_address.next = self.m_conn.q.val();
        self.open3.write_enable.next = self.m_valid.q.val() & self.m_oen.q.val().get_bit(3);
        self.open3.write_data.next = self.m_oval.q.val().get_bit(3);
        self.susp3.read_clock.next = self.clock.val();
        self.susp3.write_clock.next = self.clock.val();
        self.susp3.read_address.next = self.q_conn.q.val();
        self.susp3.write_address.next = self.m_conn.q.val();
        self.susp3.write_enable.next = self.m_valid.q.val() & self.m_sen.q.val().get_bit(3);
        self.susp3.write_data.next = self.m_sval.q.val().get_bit(3);
        self.open4.read_clock.next = self.clock.val();
        self.open4.write_clock.next = self.clock.val();
        self.open4.read_address.next = self.q_conn.q.val();
        self.open4.write_address.next = self.m_conn.q.val();
        self.open4.write_enable.next = self.m_valid.q.val() & self.m_oen.q.val().get_bit(4);
        self.open4.write_data.next = self.m_oval.q.val().get_bit(4);
        self.susp4.read_clock.next = self.clock.val();
        self.susp4.write_clock.next = self.clock.val();
        self.susp4.read_address.next = self.q_conn.q.val();
        self.susp4.write_address.next = self.m_conn.q.val();
        self.susp4.write_enable.next = self.m_valid.q.val() & self.m_sen.q.val().get_bit(4);
        self.susp4.write_data.next = self.m_sval.q.val().get_bit(4);
        self.open5.read_clock.next = self.clock.val();
        self.open5.write_clock.next = self.clock.val();
        self.open5.read_address.next = self.q_conn.q.val();
        self.open5.write_address.next = self.m_conn.q.val();
        self.open5.write_enable.next = self.m_valid.q.val() & self.m_oen.q.val().get_bit(5);
        self.open5.write_data.next = self.m_oval.q.val().get_bit(5);
        self.susp5.read_clock.next = self.clock.val();
        self.susp5.write_clock.next = self.clock.val();
        self.susp5.read_address.next = self.q_conn.q.val();
        self.susp5.write_address.next = self.m_conn.q.val();
        self.susp5.write_enable.next = self.m_valid.q.val() & self.m_sen.q.val().get_bit(5);
        self.susp5.write_data.next = self.m_sval.q.val().get_bit(5);
        self.open6.read_clock.next = self.clock.val();
        self.open6.write_clock.next = self.clock.val();
        self.open6.read_address.next = self.q_conn.q.val();
        self.open6.write_address.next = self.m_conn.q.val();
        self.open6.write_enable.next = self.m_valid.q.val() & self.m_oen.q.val().get_bit(6);
        self.open6.write_data.next = self.m_oval.q.val().get_bit(6);
        self.susp6.read_clock.next = self.clock.val();
        self.susp6.write_clock.next = self.clock.val();
        self.susp6.read_address.next = self.q_conn.q.val();
        self.susp6.write_address.next = self.m_conn.q.val();
        self.susp6.write_enable.next = self.m_valid.q.val() & self.m_sen.q.val().get_bit(6);
        self.susp6.write_data.next = self.m_sval.q.val().get_bit(6);
        self.open7.read_clock.next = self.clock.val();
        self.open7.write_clock.next = self.clock.val();
        self.open7.read_address.next = self.q_conn.q.val();
        self.open7.write_address.next = self.m_conn.q.val();
        self.open7.write_enable.next = self.m_valid.q.val() & self.m_oen.q.val().get_bit(7);
        self.open7.write_data.next = self.m_oval.q.val().get_bit(7);
        self.susp7.read_clock.next = self.clock.val();
        self.susp7.write_clock.next = self.clock.val();
        self.susp7.read_address.next = self.q_conn.q.val();
        self.susp7.write_address.next = self.m_conn.q.val();
        self.susp7.write_enable.next = self.m_valid.q.val() & self.m_sen.q.val().get_bit(7);
        self.susp7.write_data.next = self.m_sval.q.val().get_bit(7);
        self.open8.read_clock.next = self.clock.val();
        self.open8.write_clock.next = self.clock.val();
        self.open8.read_address.next = self.q_conn.q.val();
        self.open8.write_address.next = self.m_conn.q.val();
        self.open8.write_enable.next = self.m_valid.q.val() & self.m_oen.q.val().get_bit(8);
        self.open8.write_data.next = self.m_oval.q.val().get_bit(8);
        self.susp8.read_clock.next = self.clock.val();
        self.susp8.write_clock.next = self.clock.val();
        self.susp8.read_address.next = self.q_conn.q.val();
        self.susp8.write_address.next = self.m_conn.q.val();
        self.susp8.write_enable.next = self.m_valid.q.val() & self.m_sen.q.val().get_bit(8);
        self.susp8.write_data.next = self.m_sval.q.val().get_bit(8);
        self.open9.read_clock.next = self.clock.val();
        self.open9.write_clock.next = self.clock.val();
        self.open9.read_address.next = self.q_conn.q.val();
        self.open9.write_address.next = self.m_conn.q.val();
        self.open9.write_enable.next = self.m_valid.q.val() & self.m_oen.q.val().get_bit(9);
        self.open9.write_data.next = self.m_oval.q.val().get_bit(9);
        self.susp9.read_clock.next = self.clock.val();
        self.susp9.write_clock.next = self.clock.val();
        self.susp9.read_address.next = self.q_conn.q.val();
        self.susp9.write_address.next = self.m_conn.q.val();
        self.susp9.write_enable.next = self.m_valid.q.val() & self.m_sen.q.val().get_bit(9);
        self.susp9.write_data.next = self.m_sval.q.val().get_bit(9);
        self.open10.read_clock.next = self.clock.val();
        self.open10.write_clock.next = self.clock.val();
        self.open10.read_address.next = self.q_conn.q.val();
        self.open10.write_address.next = self.m_conn.q.val();
        self.open10.write_enable.next = self.m_valid.q.val() & self.m_oen.q.val().get_bit(10);
        self.open10.write_data.next = self.m_oval.q.val().get_bit(10);
        self.susp10.read_clock.next = self.clock.val();
        self.susp10.write_clock.next = self.clock.val();
        self.susp10.read_address.next = self.q_conn.q.val();
        self.susp10.write_address.next = self.m_conn.q.val();
        self.susp10.write_enable.next = self.m_valid.q.val() & self.m_sen.q.val().get_bit(10);
        self.susp10.write_data.next = self.m_sval.q.val().get_bit(10);
        self.open11.read_clock.next = self.clock.val();
        self.open11.write_clock.next = self.clock.val();
        self.open11.read_address.next = self.q_conn.q.val();
        self.open11.write_address.next = self.m_conn.q.val();
        self.open11.write_enable.next = self.m_valid.q.val() & self.m_oen.q.val().get_bit(11);
        self.open11.write_data.next = self.m_oval.q.val().get_bit(11);
        self.susp11.read_clock.next = self.clock.val();
        self.susp11.write_clock.next = self.clock.val();
        self.susp11.read_address.next = self.q_conn.q.val();
        self.susp11.write_address.next = self.m_conn.q.val();
        self.susp11.write_enable.next = self.m_valid.q.val() & self.m_sen.q.val().get_bit(11);
        self.susp11.write_data.next = self.m_sval.q.val().get_bit(11);
        self.open12.read_clock.next = self.clock.val();
        self.open12.write_clock.next = self.clock.val();
        self.open12.read_address.next = self.q_conn.q.val();
        self.open12.write_address.next = self.m_conn.q.val();
        self.open12.write_enable.next = self.m_valid.q.val() & self.m_oen.q.val().get_bit(12);
        self.open12.write_data.next = self.m_oval.q.val().get_bit(12);
        self.susp12.read_clock.next = self.clock.val();
        self.susp12.write_clock.next = self.clock.val();
        self.susp12.read_address.next = self.q_conn.q.val();
        self.susp12.write_address.next = self.m_conn.q.val();
        self.susp12.write_enable.next = self.m_valid.q.val() & self.m_sen.q.val().get_bit(12);
        self.susp12.write_data.next = self.m_sval.q.val().get_bit(12);
        self.open13.read_clock.next = self.clock.val();
        self.open13.write_clock.next = self.clock.val();
        self.open13.read_address.next = self.q_conn.q.val();
        self.open13.write_address.next = self.m_conn.q.val();
        self.open13.write_enable.next = self.m_valid.q.val() & self.m_oen.q.val().get_bit(13);
        self.open13.write_data.next = self.m_oval.q.val().get_bit(13);
        self.susp13.read_clock.next = self.clock.val();
        self.susp13.write_clock.next = self.clock.val();
        self.susp13.read_address.next = self.q_conn.q.val();
        self.susp13.write_address.next = self.m_conn.q.val();
        self.susp13.write_enable.next = self.m_valid.q.val() & self.m_sen.q.val().get_bit(13);
        self.susp13.write_data.next = self.m_sval.q.val().get_bit(13);
        self.open14.read_clock.next = self.clock.val();
        self.open14.write_clock.next = self.clock.val();
        self.open14.read_address.next = self.q_conn.q.val();
        self.open14.write_address.next = self.m_conn.q.val();
        self.open14.write_enable.next = self.m_valid.q.val() & self.m_oen.q.val().get_bit(14);
        self.open14.write_data.next = self.m_oval.q.val().get_bit(14);
        self.susp14.read_clock.next = self.clock.val();
        self.susp14.write_clock.next = self.clock.val();
        self.susp14.read_address.next = self.q_conn.q.val();
        self.susp14.write_address.next = self.m_conn.q.val();
        self.susp14.write_enable.next = self.m_valid.q.val() & self.m_sen.q.val().get_bit(14);
        self.susp14.write_data.next = self.m_sval.q.val().get_bit(14);
        self.open15.read_clock.next = self.clock.val();
        self.open15.write_clock.next = self.clock.val();
        self.open15.read_address.next = self.q_conn.q.val();
        self.open15.write_address.next = self.m_conn.q.val();
        self.open15.write_enable.next = self.m_valid.q.val() & self.m_oen.q.val().get_bit(15);
        self.open15.write_data.next = self.m_oval.q.val().get_bit(15);
        self.susp15.read_clock.next = self.clock.val();
        self.susp15.write_clock.next = self.clock.val();
        self.susp15.read_address.next = self.q_conn.q.val();
        self.susp15.write_address.next = self.m_conn.q.val();
        self.susp15.write_enable.next = self.m_valid.q.val() & self.m_sen.q.val().get_bit(15);
        self.susp15.write_data.next = self.m_sval.q.val().get_bit(15);
        self.npm_ram.write_address.next = self.i_conn.q.val();
        self.npm_ram.write_data.next = self.i_pm1.q.val();
        self.npm_ram.write_enable.next = self.i_valid.q.val() & self.i_init.q.val();
        self.inc_ram.write_address.next = self.t_conn.q.val();
        self.inc_ram.write_enable.next = self.t_valid.q.val();
        if self.t_off.q.val() {
            self.inc_ram.write_data.next = bits::<INC_BITS>(0);
        } else {
            self.inc_ram.write_data.next = self.rom.data.val();
        }
        self.q_valid.d.next = self.i_valid.q.val();
        self.q_init.d.next = self.i_init.q.val();
        self.q_conn.d.next = self.i_conn.q.val();
        self.q_retx.d.next = self.i_retx.q.val();
        self.q_bytes.d.next = self.i_bytes.q.val();
        self.q_tag.d.next = self.i_tag.q.val();
        self.q_now.d.next = self.i_now.q.val();
        self.q_sm1.d.next = self.i_sm1.q.val();
        self.q_sm1z.d.next = self.i_sm1z.q.val();

        // ---- E1-E2: read masks, n_m1 and inc (read-first: the writes of
        // this edge are not seen)
        self.npm_ram.read_address.next = self.q_conn.q.val();
        self.inc_ram.read_address.next = self.q_conn.q.val();
        self.r_valid.d.next = self.q_valid.q.val();
        self.r_init.d.next = self.q_init.q.val();
        self.r_conn.d.next = self.q_conn.q.val();
        self.r_retx.d.next = self.q_retx.q.val();
        self.r_bytes.d.next = self.q_bytes.q.val();
        self.r_tag.d.next = self.q_tag.q.val();
        self.r_now.d.next = self.q_now.q.val();
        self.r_sm1.d.next = self.q_sm1.q.val();
        self.r_sm1z.d.next = self.q_sm1z.q.val();

        // ---- E2-E3: candidate mask; carry-save product bytes * inc
        self.open_v.next = bits::<16>(0)
            .replace_bit(0, self.open0.read_data.val())
            .replace_bit(1, self.open1.read_data.val())
            .replace_bit(2, self.open2.read_data.val())
            .replace_bit(3, self.open3.read_data.val())
            .replace_bit(4, self.open4.read_data.val())
            .replace_bit(5, self.open5.read_data.val())
            .replace_bit(6, self.open6.read_data.val())
            .replace_bit(7, self.open7.read_data.val())
            .replace_bit(8, self.open8.read_data.val())
            .replace_bit(9, self.open9.read_data.val())
            .replace_bit(10, self.open10.read_data.val())
            .replace_bit(11, self.open11.read_data.val())
            .replace_bit(12, self.open12.read_data.val())
            .replace_bit(13, self.open13.read_data.val())
            .replace_bit(14, self.open14.read_data.val())
            .replace_bit(15, self.open15.read_data.val());
        self.susp_v.next = bits::<16>(0)
            .replace_bit(0, self.susp0.read_data.val())
            .replace_bit(1, self.susp1.read_data.val())
            .replace_bit(2, self.susp2.read_data.val())
            .replace_bit(3, self.susp3.read_data.val())
            .replace_bit(4, self.susp4.read_data.val())
            .replace_bit(5, self.susp5.read_data.val())
            .replace_bit(6, self.susp6.read_data.val())
            .replace_bit(7, self.susp7.read_data.val())
            .replace_bit(8, self.susp8.read_data.val())
            .replace_bit(9, self.susp9.read_data.val())
            .replace_bit(10, self.susp10.read_data.val())
            .replace_bit(11, self.susp11.read_data.val())
            .replace_bit(12, self.susp12.read_data.val())
            .replace_bit(13, self.susp13.read_data.val())
            .replace_bit(14, self.susp14.read_data.val())
            .replace_bit(15, self.susp15.read_data.val());
        // paths 0..=n_m1
        self.nmask.next = !(bits::<16>(0xfffe) << self.npm_ram.read_data.val());
        self.cand.next = self.open_v.val() & self.nmask.val();
        self.alt.next = self.cand.val() & !self.susp_v.val();
        if self.r_retx.q.val() & self.alt.val().any() {
            self.s_use.d.next = self.alt.val();
        } else {
            self.s_use.d.next = self.cand.val();
        }
        self.s_npm1.d.next = self.npm_ram.read_data.val();
        self.s_incnz.d.next = self.inc_ram.read_data.val().any();
        self.inc40.next = bit_cast::<40, INC_BITS>(self.inc_ram.read_data.val());
        if self.r_bytes.q.val().get_bit(0) {
            self.p0.next = self.inc40.val() << 0;
        } else {
            self.p0.next = bits::<40>(0);
        }
        if self.r_bytes.q.val().get_bit(1) {
            self.p1.next = self.inc40.val() << 1;
        } else {
            self.p1.next = bits::<40>(0);
        }
        if self.r_bytes.q.val().get_bit(2) {
            self.p2.next = self.inc40.val() << 2;
        } else {
            self.p2.next = bits::<40>(0);
        }
        if self.r_bytes.q.val().get_bit(3) {
            self.p3.next = self.inc40.val() << 3;
        } else {
            self.p3.next = bits::<40>(0);
        }
        if self.r_bytes.q.val().get_bit(4) {
            self.p4.next = self.inc40.val() << 4;
        } else {
            self.p4.next = bits::<40>(0);
        }
        if self.r_bytes.q.val().get_bit(5) {
            self.p5.next = self.inc40.val() << 5;
        } else {
            self.p5.next = bits::<40>(0);
        }
        if self.r_bytes.q.val().get_bit(6) {
            self.p6.next = self.inc40.val() << 6;
        } else {
            self.p6.next = bits::<40>(0);
        }
        if self.r_bytes.q.val().get_bit(7) {
            self.p7.next = self.inc40.val() << 7;
        } else {
            self.p7.next = bits::<40>(0);
        }
        if self.r_bytes.q.val().get_bit(8) {
            self.p8.next = self.inc40.val() << 8;
        } else {
            self.p8.next = bits::<40>(0);
        }
        if self.r_bytes.q.val().get_bit(9) {
            self.p9.next = self.inc40.val() << 9;
        } else {
            self.p9.next = bits::<40>(0);
        }
        if self.r_bytes.q.val().get_bit(10) {
            self.p10.next = self.inc40.val() << 10;
        } else {
            self.p10.next = bits::<40>(0);
        }
        if self.r_bytes.q.val().get_bit(11) {
            self.p11.next = self.inc40.val() << 11;
        } else {
            self.p11.next = bits::<40>(0);
        }
        if self.r_bytes.q.val().get_bit(12) {
            self.p12.next = self.inc40.val() << 12;
        } else {
            self.p12.next = bits::<40>(0);
        }
        if self.r_bytes.q.val().get_bit(13) {
            self.p13.next = self.inc40.val() << 13;
        } else {
            self.p13.next = bits::<40>(0);
        }
        self.s10.next = self.p0.val() ^ self.p1.val() ^ self.p2.val();
        self.c10.next = ((self.p0.val() & self.p1.val())
            | (self.p0.val() & self.p2.val())
            | (self.p1.val() & self.p2.val()))
            << 1;
        self.s11.next = self.p3.val() ^ self.p4.val() ^ self.p5.val();
        self.c11.next = ((self.p3.val() & self.p4.val())
            | (self.p3.val() & self.p5.val())
            | (self.p4.val() & self.p5.val()))
            << 1;
        self.s12.next = self.p6.val() ^ self.p7.val() ^ self.p8.val();
        self.c12.next = ((self.p6.val() & self.p7.val())
            | (self.p6.val() & self.p8.val())
            | (self.p7.val() & self.p8.val()))
            << 1;
        self.s13.next = self.p9.val() ^ self.p10.val() ^ self.p11.val();
        self.c13.next = ((self.p9.val() & self.p10.val())
            | (self.p9.val() & self.p11.val())
            | (self.p10.val() & self.p11.val()))
            << 1;
        self.s20.next = self.s10.val() ^ self.c10.val() ^ self.s11.val();
        self.c20.next = ((self.s10.val() & self.c10.val())
            | (self.s10.val() & self.s11.val())
            | (self.c10.val() & self.s11.val()))
            << 1;
        self.s21.next = self.c11.val() ^ self.s12.val() ^ self.c12.val();
        self.c21.next = ((self.c11.val() & self.s12.val())
            | (self.c11.val() & self.c12.val())
            | (self.s12.val() & self.c12.val()))
            << 1;
        self.s22.next = self.s13.val() ^ self.c13.val() ^ self.p12.val();
        self.c22.next = ((self.s13.val() & self.c13.val())
            | (self.s13.val() & self.p12.val())
            | (self.c13.val() & self.p12.val()))
            << 1;
        self.s30.next = self.s20.val() ^ self.c20.val() ^ self.s21.val();
        self.c30.next = ((self.s20.val() & self.c20.val())
            | (self.s20.val() & self.s21.val())
            | (self.c20.val() & self.s21.val()))
            << 1;
        self.s31.next = self.c21.val() ^ self.s22.val() ^ self.c22.val();
        self.c31.next = ((self.c21.val() & self.s22.val())
            | (self.c21.val() & self.c22.val())
            | (self.s22.val() & self.c22.val()))
            << 1;
        self.s40.next = self.s30.val() ^ self.c30.val() ^ self.s31.val();
        self.c40.next = ((self.s30.val() & self.c30.val())
            | (self.s30.val() & self.s31.val())
            | (self.c30.val() & self.s31.val()))
            << 1;
        self.s50.next = self.s40.val() ^ self.c40.val() ^ self.c31.val();
        self.c50.next = ((self.s40.val() & self.c40.val())
            | (self.s40.val() & self.c31.val())
            | (self.c40.val() & self.c31.val()))
            << 1;
        self.s60.next = self.s50.val() ^ self.c50.val() ^ self.p13.val();
        self.c60.next = ((self.s50.val() & self.c50.val())
            | (self.s50.val() & self.p13.val())
            | (self.c50.val() & self.p13.val()))
            << 1;
        self.s_sum.d.next = self.s60.val();
        self.s_car.d.next = self.c60.val();
        self.s_valid.d.next = self.r_valid.q.val();
        self.s_init.d.next = self.r_init.q.val();
        self.s_conn.d.next = self.r_conn.q.val();
        self.s_retx.d.next = self.r_retx.q.val();
        self.s_tag.d.next = self.r_tag.q.val();
        self.s_now.d.next = self.r_now.q.val();
        self.s_sm1.d.next = self.r_sm1.q.val();
        self.s_sm1z.d.next = self.r_sm1z.q.val();

        // ---- E3-E5: the first candidate at or after each pointer value
        self.ns0.clock.next = self.clock.val();
        self.ns0.x.next = self.s_use.q.val();
        self.ns0.r.next = bits::<4>(0);
        self.ns0.n_m1.next = self.s_npm1.q.val();
        self.ns1.clock.next = self.clock.val();
        self.ns1.x.next = self.s_use.q.val();
        self.ns1.r.next = bits::<4>(1);
        self.ns1.n_m1.next = self.s_npm1.q.val();
        self.ns2.clock.next = self.clock.val();
        self.ns2.x.next = self.s_use.q.val();
        self.ns2.r.next = bits::<4>(2);
        self.ns2.n_m1.next = self.s_npm1.q.val();
        self.ns3.clock.next = self.clock.val();
        self.ns3.x.next = self.s_use.q.val();
        self.ns3.r.next = bits::<4>(3);
        self.ns3.n_m1.next = self.s_npm1.q.val();
        self.ns4.clock.next = self.clock.val();
        self.ns4.x.next = self.s_use.q.val();
        self.ns4.r.next = bits::<4>(4);
        self.ns4.n_m1.next = self.s_npm1.q.val();
        self.ns5.clock.next = self.clock.val();
        self.ns5.x.next = self.s_use.q.val();
        self.ns5.r.next = bits::<4>(5);
        self.ns5.n_m1.next = self.s_npm1.q.val();
        self.ns6.clock.next = self.clock.val();
        self.ns6.x.next = self.s_use.q.val();
        self.ns6.r.next = bits::<4>(6);
        self.ns6.n_m1.next = self.s_npm1.q.val();
        self.ns7.clock.next = self.clock.val();
        self.ns7.x.next = self.s_use.q.val();
        self.ns7.r.next = bits::<4>(7);
        self.ns7.n_m1.next = self.s_npm1.q.val();
        self.ns8.clock.next = self.clock.val();
        self.ns8.x.next = self.s_use.q.val();
        self.ns8.r.next = bits::<4>(8);
        self.ns8.n_m1.next = self.s_npm1.q.val();
        self.ns9.clock.next = self.clock.val();
        self.ns9.x.next = self.s_use.q.val();
        self.ns9.r.next = bits::<4>(9);
        self.ns9.n_m1.next = self.s_npm1.q.val();
        self.ns10.clock.next = self.clock.val();
        self.ns10.x.next = self.s_use.q.val();
        self.ns10.r.next = bits::<4>(10);
        self.ns10.n_m1.next = self.s_npm1.q.val();
        self.ns11.clock.next = self.clock.val();
        self.ns11.x.next = self.s_use.q.val();
        self.ns11.r.next = bits::<4>(11);
        self.ns11.n_m1.next = self.s_npm1.q.val();
        self.ns12.clock.next = self.clock.val();
        self.ns12.x.next = self.s_use.q.val();
        self.ns12.r.next = bits::<4>(12);
        self.ns12.n_m1.next = self.s_npm1.q.val();
        self.ns13.clock.next = self.clock.val();
        self.ns13.x.next = self.s_use.q.val();
        self.ns13.r.next = bits::<4>(13);
        self.ns13.n_m1.next = self.s_npm1.q.val();
        self.ns14.clock.next = self.clock.val();
        self.ns14.x.next = self.s_use.q.val();
        self.ns14.r.next = bits::<4>(14);
        self.ns14.n_m1.next = self.s_npm1.q.val();
        self.ns15.clock.next = self.clock.val();
        self.ns15.x.next = self.s_use.q.val();
        self.ns15.r.next = bits::<4>(15);
        self.ns15.n_m1.next = self.s_npm1.q.val();
        // ---- E3-E4: the product's final add; ser in 1/256 ticks
        self.add_mul.a.next = self.s_sum.q.val();
        self.add_mul.b.next = self.s_car.q.val();
        self.add_mul.cin.next = false;
        self.x_ser.d.next = self.add_mul.sum.val() >> 12;
        self.recs.read_address.next = self.s_conn.q.val();
        self.x_valid.d.next = self.s_valid.q.val();
        self.x_init.d.next = self.s_init.q.val();
        self.x_conn.d.next = self.s_conn.q.val();
        self.x_retx.d.next = self.s_retx.q.val();
        self.x_tag.d.next = self.s_tag.q.val();
        self.x_now.d.next = self.s_now.q.val();
        self.x_sm1.d.next = self.s_sm1.q.val();
        self.x_sm1z.d.next = self.s_sm1z.q.val();
        self.x_use.d.next = self.s_use.q.val();
        self.x_any.d.next = self.s_use.q.val().any();
        self.x_incnz.d.next = self.s_incnz.q.val();

        // ---- E4-E5: N - floor(ser/2) and N + ceil(ser/2); record read;
        // merges from the RAM and the results ahead; Busy
        self.half.next = self.x_ser.q.val() >> 1;
        self.u_n.d.next = bit_cast::<40, 32>(self.x_now.q.val()) << 8;
        self.add_a.a.next = bit_cast::<40, 32>(self.x_now.q.val()) << 8;
        self.add_a.b.next = !self.half.val();
        self.add_a.cin.next = true;
        self.add_b.a.next = bit_cast::<40, 32>(self.x_now.q.val()) << 8;
        self.add_b.b.next = self.half.val();
        self.add_b.cin.next = self.x_ser.q.val().get_bit(0);
        self.u_a.d.next = self.add_a.sum.val();
        // an INIT sets the pacer to N through the same select as a pick
        if self.x_init.q.val() {
            self.u_b.d.next = bit_cast::<40, 32>(self.x_now.q.val()) << 8;
        } else {
            self.u_b.d.next = self.add_b.sum.val();
        }
        self.u_ser.d.next = self.x_ser.q.val();
        // the operations 1 (u), 2 (w), 3 (y) and 4 (y2) ahead on this
        // connection
        self.eq_u.next = self.u_valid.q.val() & (self.u_conn.q.val() == self.x_conn.q.val());
        self.eq_w.next = self.w_valid.q.val() & (self.w_conn.q.val() == self.x_conn.q.val());
        self.eq_y.next = self.y_valid.q.val() & (self.y_conn.q.val() == self.x_conn.q.val());
        self.eq_y2.next = self.y2_valid.q.val() & (self.y2_conn.q.val() == self.x_conn.q.val());
        // next_path and burst: the RAM (read at E4: it holds the writes of
        // the operations 5 or more ahead), else the result of the one 4
        // ahead (being written at E4), 3 ahead or 2 ahead; the one just
        // ahead is forwarded inside the loop
        self.g1.next = self.eq_w.val();
        self.g2.next = !self.eq_w.val() & self.eq_y.val();
        self.g3.next = !self.eq_w.val() & !self.eq_y.val() & self.eq_y2.val();
        self.g4.next = !self.eq_w.val() & !self.eq_y.val() & !self.eq_y2.val();
        if self.g1.val() {
            self.mg1.next = bits::<12>(0xfff);
        } else {
            self.mg1.next = bits::<12>(0);
        }
        if self.g2.val() {
            self.mg2.next = bits::<12>(0xfff);
        } else {
            self.mg2.next = bits::<12>(0);
        }
        if self.g3.val() {
            self.mg3.next = bits::<12>(0xfff);
        } else {
            self.mg3.next = bits::<12>(0);
        }
        if self.g4.val() {
            self.mg4.next = bits::<12>(0xfff);
        } else {
            self.mg4.next = bits::<12>(0);
        }
        self.u_nb.d.next = (self.w_nb.q.val() & self.mg1.val())
            | (self.y_rec.q.val().get_bits::<12>(0) & self.mg2.val())
            | (self.y2_rec.q.val().get_bits::<12>(0) & self.mg3.val())
            | (self.recs.read_data.val().get_bits::<12>(0) & self.mg4.val());
        // the paced compare's first half per pacer source: N_lo < P_lo by
        // 3-bit chunks (lt and eq), selected with the pacer below
        self.nlo_x.next = self.x_now.q.val() << 8;
        self.ps1.next = self.u_n.q.val().get_bits::<32>(0);
        self.ps2.next = self.w_n.q.val().get_bits::<32>(0);
        self.ps3.next = self.y_rec.q.val().get_bits::<32>(12);
        self.ps4.next = self.y2_rec.q.val().get_bits::<32>(12);
        self.ps5.next = self.recs.read_data.val().get_bits::<32>(12);
        self.cs1_l.next = bits::<11>(0)
            .replace_bit(
                0,
                self.nlo_x.val().get_bits::<3>(0) < self.ps1.val().get_bits::<3>(0),
            )
            .replace_bit(
                1,
                self.nlo_x.val().get_bits::<3>(3) < self.ps1.val().get_bits::<3>(3),
            )
            .replace_bit(
                2,
                self.nlo_x.val().get_bits::<3>(6) < self.ps1.val().get_bits::<3>(6),
            )
            .replace_bit(
                3,
                self.nlo_x.val().get_bits::<3>(9) < self.ps1.val().get_bits::<3>(9),
            )
            .replace_bit(
                4,
                self.nlo_x.val().get_bits::<3>(12) < self.ps1.val().get_bits::<3>(12),
            )
            .replace_bit(
                5,
                self.nlo_x.val().get_bits::<3>(15) < self.ps1.val().get_bits::<3>(15),
            )
            .replace_bit(
                6,
                self.nlo_x.val().get_bits::<3>(18) < self.ps1.val().get_bits::<3>(18),
            )
            .replace_bit(
                7,
                self.nlo_x.val().get_bits::<3>(21) < self.ps1.val().get_bits::<3>(21),
            )
            .replace_bit(
                8,
                self.nlo_x.val().get_bits::<3>(24) < self.ps1.val().get_bits::<3>(24),
            )
            .replace_bit(
                9,
                self.nlo_x.val().get_bits::<3>(27) < self.ps1.val().get_bits::<3>(27),
            )
            .replace_bit(
                10,
                self.nlo_x.val().get_bits::<2>(30) < self.ps1.val().get_bits::<2>(30),
            );
        self.cs1_e.next = bits::<11>(0)
            .replace_bit(
                0,
                self.nlo_x.val().get_bits::<3>(0) == self.ps1.val().get_bits::<3>(0),
            )
            .replace_bit(
                1,
                self.nlo_x.val().get_bits::<3>(3) == self.ps1.val().get_bits::<3>(3),
            )
            .replace_bit(
                2,
                self.nlo_x.val().get_bits::<3>(6) == self.ps1.val().get_bits::<3>(6),
            )
            .replace_bit(
                3,
                self.nlo_x.val().get_bits::<3>(9) == self.ps1.val().get_bits::<3>(9),
            )
            .replace_bit(
                4,
                self.nlo_x.val().get_bits::<3>(12) == self.ps1.val().get_bits::<3>(12),
            )
            .replace_bit(
                5,
                self.nlo_x.val().get_bits::<3>(15) == self.ps1.val().get_bits::<3>(15),
            )
            .replace_bit(
                6,
                self.nlo_x.val().get_bits::<3>(18) == self.ps1.val().get_bits::<3>(18),
            )
            .replace_bit(
                7,
                self.nlo_x.val().get_bits::<3>(21) == self.ps1.val().get_bits::<3>(21),
            )
            .replace_bit(
                8,
                self.nlo_x.val().get_bits::<3>(24) == self.ps1.val().get_bits::<3>(24),
            )
            .replace_bit(
                9,
                self.nlo_x.val().get_bits::<3>(27) == self.ps1.val().get_bits::<3>(27),
            )
            .replace_bit(
                10,
                self.nlo_x.val().get_bits::<2>(30) == self.ps1.val().get_bits::<2>(30),
            );
        self.cs2_l.next = bits::<11>(0)
            .replace_bit(
                0,
                self.nlo_x.val().get_bits::<3>(0) < self.ps2.val().get_bits::<3>(0),
            )
            .replace_bit(
                1,
                self.nlo_x.val().get_bits::<3>(3) < self.ps2.val().get_bits::<3>(3),
            )
            .replace_bit(
                2,
                self.nlo_x.val().get_bits::<3>(6) < self.ps2.val().get_bits::<3>(6),
            )
            .replace_bit(
                3,
                self.nlo_x.val().get_bits::<3>(9) < self.ps2.val().get_bits::<3>(9),
            )
            .replace_bit(
                4,
                self.nlo_x.val().get_bits::<3>(12) < self.ps2.val().get_bits::<3>(12),
            )
            .replace_bit(
                5,
                self.nlo_x.val().get_bits::<3>(15) < self.ps2.val().get_bits::<3>(15),
            )
            .replace_bit(
                6,
                self.nlo_x.val().get_bits::<3>(18) < self.ps2.val().get_bits::<3>(18),
            )
            .replace_bit(
                7,
                self.nlo_x.val().get_bits::<3>(21) < self.ps2.val().get_bits::<3>(21),
            )
            .replace_bit(
                8,
                self.nlo_x.val().get_bits::<3>(24) < self.ps2.val().get_bits::<3>(24),
            )
            .replace_bit(
                9,
                self.nlo_x.val().get_bits::<3>(27) < self.ps2.val().get_bits::<3>(27),
            )
            .replace_bit(
                10,
                self.nlo_x.val().get_bits::<2>(30) < self.ps2.val().get_bits::<2>(30),
            );
        self.cs2_e.next = bits::<11>(0)
            .replace_bit(
                0,
                self.nlo_x.val().get_bits::<3>(0) == self.ps2.val().get_bits::<3>(0),
            )
            .replace_bit(
                1,
                self.nlo_x.val().get_bits::<3>(3) == self.ps2.val().get_bits::<3>(3),
            )
            .replace_bit(
                2,
                self.nlo_x.val().get_bits::<3>(6) == self.ps2.val().get_bits::<3>(6),
            )
            .replace_bit(
                3,
                self.nlo_x.val().get_bits::<3>(9) == self.ps2.val().get_bits::<3>(9),
            )
            .replace_bit(
                4,
                self.nlo_x.val().get_bits::<3>(12) == self.ps2.val().get_bits::<3>(12),
            )
            .replace_bit(
                5,
                self.nlo_x.val().get_bits::<3>(15) == self.ps2.val().get_bits::<3>(15),
            )
            .replace_bit(
                6,
                self.nlo_x.val().get_bits::<3>(18) == self.ps2.val().get_bits::<3>(18),
            )
            .replace_bit(
                7,
                self.nlo_x.val().get_bits::<3>(21) == self.ps2.val().get_bits::<3>(21),
            )
            .replace_bit(
                8,
                self.nlo_x.val().get_bits::<3>(24) == self.ps2.val().get_bits::<3>(24),
            )
            .replace_bit(
                9,
                self.nlo_x.val().get_bits::<3>(27) == self.ps2.val().get_bits::<3>(27),
            )
            .replace_bit(
                10,
                self.nlo_x.val().get_bits::<2>(30) == self.ps2.val().get_bits::<2>(30),
            );
        self.cs3_l.next = bits::<11>(0)
            .replace_bit(
                0,
                self.nlo_x.val().get_bits::<3>(0) < self.ps3.val().get_bits::<3>(0),
            )
            .replace_bit(
                1,
                self.nlo_x.val().get_bits::<3>(3) < self.ps3.val().get_bits::<3>(3),
            )
            .replace_bit(
                2,
                self.nlo_x.val().get_bits::<3>(6) < self.ps3.val().get_bits::<3>(6),
            )
            .replace_bit(
                3,
                self.nlo_x.val().get_bits::<3>(9) < self.ps3.val().get_bits::<3>(9),
            )
            .replace_bit(
                4,
                self.nlo_x.val().get_bits::<3>(12) < self.ps3.val().get_bits::<3>(12),
            )
            .replace_bit(
                5,
                self.nlo_x.val().get_bits::<3>(15) < self.ps3.val().get_bits::<3>(15),
            )
            .replace_bit(
                6,
                self.nlo_x.val().get_bits::<3>(18) < self.ps3.val().get_bits::<3>(18),
            )
            .replace_bit(
                7,
                self.nlo_x.val().get_bits::<3>(21) < self.ps3.val().get_bits::<3>(21),
            )
            .replace_bit(
                8,
                self.nlo_x.val().get_bits::<3>(24) < self.ps3.val().get_bits::<3>(24),
            )
            .replace_bit(
                9,
                self.nlo_x.val().get_bits::<3>(27) < self.ps3.val().get_bits::<3>(27),
            )
            .replace_bit(
                10,
                self.nlo_x.val().get_bits::<2>(30) < self.ps3.val().get_bits::<2>(30),
            );
        self.cs3_e.next = bits::<11>(0)
            .replace_bit(
                0,
                self.nlo_x.val().get_bits::<3>(0) == self.ps3.val().get_bits::<3>(0),
            )
            .replace_bit(
                1,
                self.nlo_x.val().get_bits::<3>(3) == self.ps3.val().get_bits::<3>(3),
            )
            .replace_bit(
                2,
                self.nlo_x.val().get_bits::<3>(6) == self.ps3.val().get_bits::<3>(6),
            )
            .replace_bit(
                3,
                self.nlo_x.val().get_bits::<3>(9) == self.ps3.val().get_bits::<3>(9),
            )
            .replace_bit(
                4,
                self.nlo_x.val().get_bits::<3>(12) == self.ps3.val().get_bits::<3>(12),
            )
            .replace_bit(
                5,
                self.nlo_x.val().get_bits::<3>(15) == self.ps3.val().get_bits::<3>(15),
            )
            .replace_bit(
                6,
                self.nlo_x.val().get_bits::<3>(18) == self.ps3.val().get_bits::<3>(18),
            )
            .replace_bit(
                7,
                self.nlo_x.val().get_bits::<3>(21) == self.ps3.val().get_bits::<3>(21),
            )
            .replace_bit(
                8,
                self.nlo_x.val().get_bits::<3>(24) == self.ps3.val().get_bits::<3>(24),
            )
            .replace_bit(
                9,
                self.nlo_x.val().get_bits::<3>(27) == self.ps3.val().get_bits::<3>(27),
            )
            .replace_bit(
                10,
                self.nlo_x.val().get_bits::<2>(30) == self.ps3.val().get_bits::<2>(30),
            );
        self.cs4_l.next = bits::<11>(0)
            .replace_bit(
                0,
                self.nlo_x.val().get_bits::<3>(0) < self.ps4.val().get_bits::<3>(0),
            )
            .replace_bit(
                1,
                self.nlo_x.val().get_bits::<3>(3) < self.ps4.val().get_bits::<3>(3),
            )
            .replace_bit(
                2,
                self.nlo_x.val().get_bits::<3>(6) < self.ps4.val().get_bits::<3>(6),
            )
            .replace_bit(
                3,
                self.nlo_x.val().get_bits::<3>(9) < self.ps4.val().get_bits::<3>(9),
            )
            .replace_bit(
                4,
                self.nlo_x.val().get_bits::<3>(12) < self.ps4.val().get_bits::<3>(12),
            )
            .replace_bit(
                5,
                self.nlo_x.val().get_bits::<3>(15) < self.ps4.val().get_bits::<3>(15),
            )
            .replace_bit(
                6,
                self.nlo_x.val().get_bits::<3>(18) < self.ps4.val().get_bits::<3>(18),
            )
            .replace_bit(
                7,
                self.nlo_x.val().get_bits::<3>(21) < self.ps4.val().get_bits::<3>(21),
            )
            .replace_bit(
                8,
                self.nlo_x.val().get_bits::<3>(24) < self.ps4.val().get_bits::<3>(24),
            )
            .replace_bit(
                9,
                self.nlo_x.val().get_bits::<3>(27) < self.ps4.val().get_bits::<3>(27),
            )
            .replace_bit(
                10,
                self.nlo_x.val().get_bits::<2>(30) < self.ps4.val().get_bits::<2>(30),
            );
        self.cs4_e.next = bits::<11>(0)
            .replace_bit(
                0,
                self.nlo_x.val().get_bits::<3>(0) == self.ps4.val().get_bits::<3>(0),
            )
            .replace_bit(
                1,
                self.nlo_x.val().get_bits::<3>(3) == self.ps4.val().get_bits::<3>(3),
            )
            .replace_bit(
                2,
                self.nlo_x.val().get_bits::<3>(6) == self.ps4.val().get_bits::<3>(6),
            )
            .replace_bit(
                3,
                self.nlo_x.val().get_bits::<3>(9) == self.ps4.val().get_bits::<3>(9),
            )
            .replace_bit(
                4,
                self.nlo_x.val().get_bits::<3>(12) == self.ps4.val().get_bits::<3>(12),
            )
            .replace_bit(
                5,
                self.nlo_x.val().get_bits::<3>(15) == self.ps4.val().get_bits::<3>(15),
            )
            .replace_bit(
                6,
                self.nlo_x.val().get_bits::<3>(18) == self.ps4.val().get_bits::<3>(18),
            )
            .replace_bit(
                7,
                self.nlo_x.val().get_bits::<3>(21) == self.ps4.val().get_bits::<3>(21),
            )
            .replace_bit(
                8,
                self.nlo_x.val().get_bits::<3>(24) == self.ps4.val().get_bits::<3>(24),
            )
            .replace_bit(
                9,
                self.nlo_x.val().get_bits::<3>(27) == self.ps4.val().get_bits::<3>(27),
            )
            .replace_bit(
                10,
                self.nlo_x.val().get_bits::<2>(30) == self.ps4.val().get_bits::<2>(30),
            );
        self.cs5_l.next = bits::<11>(0)
            .replace_bit(
                0,
                self.nlo_x.val().get_bits::<3>(0) < self.ps5.val().get_bits::<3>(0),
            )
            .replace_bit(
                1,
                self.nlo_x.val().get_bits::<3>(3) < self.ps5.val().get_bits::<3>(3),
            )
            .replace_bit(
                2,
                self.nlo_x.val().get_bits::<3>(6) < self.ps5.val().get_bits::<3>(6),
            )
            .replace_bit(
                3,
                self.nlo_x.val().get_bits::<3>(9) < self.ps5.val().get_bits::<3>(9),
            )
            .replace_bit(
                4,
                self.nlo_x.val().get_bits::<3>(12) < self.ps5.val().get_bits::<3>(12),
            )
            .replace_bit(
                5,
                self.nlo_x.val().get_bits::<3>(15) < self.ps5.val().get_bits::<3>(15),
            )
            .replace_bit(
                6,
                self.nlo_x.val().get_bits::<3>(18) < self.ps5.val().get_bits::<3>(18),
            )
            .replace_bit(
                7,
                self.nlo_x.val().get_bits::<3>(21) < self.ps5.val().get_bits::<3>(21),
            )
            .replace_bit(
                8,
                self.nlo_x.val().get_bits::<3>(24) < self.ps5.val().get_bits::<3>(24),
            )
            .replace_bit(
                9,
                self.nlo_x.val().get_bits::<3>(27) < self.ps5.val().get_bits::<3>(27),
            )
            .replace_bit(
                10,
                self.nlo_x.val().get_bits::<2>(30) < self.ps5.val().get_bits::<2>(30),
            );
        self.cs5_e.next = bits::<11>(0)
            .replace_bit(
                0,
                self.nlo_x.val().get_bits::<3>(0) == self.ps5.val().get_bits::<3>(0),
            )
            .replace_bit(
                1,
                self.nlo_x.val().get_bits::<3>(3) == self.ps5.val().get_bits::<3>(3),
            )
            .replace_bit(
                2,
                self.nlo_x.val().get_bits::<3>(6) == self.ps5.val().get_bits::<3>(6),
            )
            .replace_bit(
                3,
                self.nlo_x.val().get_bits::<3>(9) == self.ps5.val().get_bits::<3>(9),
            )
            .replace_bit(
                4,
                self.nlo_x.val().get_bits::<3>(12) == self.ps5.val().get_bits::<3>(12),
            )
            .replace_bit(
                5,
                self.nlo_x.val().get_bits::<3>(15) == self.ps5.val().get_bits::<3>(15),
            )
            .replace_bit(
                6,
                self.nlo_x.val().get_bits::<3>(18) == self.ps5.val().get_bits::<3>(18),
            )
            .replace_bit(
                7,
                self.nlo_x.val().get_bits::<3>(21) == self.ps5.val().get_bits::<3>(21),
            )
            .replace_bit(
                8,
                self.nlo_x.val().get_bits::<3>(24) == self.ps5.val().get_bits::<3>(24),
            )
            .replace_bit(
                9,
                self.nlo_x.val().get_bits::<3>(27) == self.ps5.val().get_bits::<3>(27),
            )
            .replace_bit(
                10,
                self.nlo_x.val().get_bits::<2>(30) == self.ps5.val().get_bits::<2>(30),
            );
        self.cs1_l1.next = bits::<4>(0)
            .replace_bit(
                0,
                self.cs1_l.val().get_bit(2)
                    | (self.cs1_e.val().get_bit(2)
                        & (self.cs1_l.val().get_bit(1)
                            | (self.cs1_e.val().get_bit(1) & (self.cs1_l.val().get_bit(0))))),
            )
            .replace_bit(
                1,
                self.cs1_l.val().get_bit(5)
                    | (self.cs1_e.val().get_bit(5)
                        & (self.cs1_l.val().get_bit(4)
                            | (self.cs1_e.val().get_bit(4) & (self.cs1_l.val().get_bit(3))))),
            )
            .replace_bit(
                2,
                self.cs1_l.val().get_bit(8)
                    | (self.cs1_e.val().get_bit(8)
                        & (self.cs1_l.val().get_bit(7)
                            | (self.cs1_e.val().get_bit(7) & (self.cs1_l.val().get_bit(6))))),
            )
            .replace_bit(
                3,
                self.cs1_l.val().get_bit(10)
                    | (self.cs1_e.val().get_bit(10) & (self.cs1_l.val().get_bit(9))),
            );
        self.cs1_e1.next = bits::<4>(0)
            .replace_bit(
                0,
                self.cs1_e.val().get_bit(0)
                    & self.cs1_e.val().get_bit(1)
                    & self.cs1_e.val().get_bit(2),
            )
            .replace_bit(
                1,
                self.cs1_e.val().get_bit(3)
                    & self.cs1_e.val().get_bit(4)
                    & self.cs1_e.val().get_bit(5),
            )
            .replace_bit(
                2,
                self.cs1_e.val().get_bit(6)
                    & self.cs1_e.val().get_bit(7)
                    & self.cs1_e.val().get_bit(8),
            )
            .replace_bit(
                3,
                self.cs1_e.val().get_bit(9) & self.cs1_e.val().get_bit(10),
            );
        self.cs2_l1.next = bits::<4>(0)
            .replace_bit(
                0,
                self.cs2_l.val().get_bit(2)
                    | (self.cs2_e.val().get_bit(2)
                        & (self.cs2_l.val().get_bit(1)
                            | (self.cs2_e.val().get_bit(1) & (self.cs2_l.val().get_bit(0))))),
            )
            .replace_bit(
                1,
                self.cs2_l.val().get_bit(5)
                    | (self.cs2_e.val().get_bit(5)
                        & (self.cs2_l.val().get_bit(4)
                            | (self.cs2_e.val().get_bit(4) & (self.cs2_l.val().get_bit(3))))),
            )
            .replace_bit(
                2,
                self.cs2_l.val().get_bit(8)
                    | (self.cs2_e.val().get_bit(8)
                        & (self.cs2_l.val().get_bit(7)
                            | (self.cs2_e.val().get_bit(7) & (self.cs2_l.val().get_bit(6))))),
            )
            .replace_bit(
                3,
                self.cs2_l.val().get_bit(10)
                    | (self.cs2_e.val().get_bit(10) & (self.cs2_l.val().get_bit(9))),
            );
        self.cs2_e1.next = bits::<4>(0)
            .replace_bit(
                0,
                self.cs2_e.val().get_bit(0)
                    & self.cs2_e.val().get_bit(1)
                    & self.cs2_e.val().get_bit(2),
            )
            .replace_bit(
                1,
                self.cs2_e.val().get_bit(3)
                    & self.cs2_e.val().get_bit(4)
                    & self.cs2_e.val().get_bit(5),
            )
            .replace_bit(
                2,
                self.cs2_e.val().get_bit(6)
                    & self.cs2_e.val().get_bit(7)
                    & self.cs2_e.val().get_bit(8),
            )
            .replace_bit(
                3,
                self.cs2_e.val().get_bit(9) & self.cs2_e.val().get_bit(10),
            );
        self.cs3_l1.next = bits::<4>(0)
            .replace_bit(
                0,
                self.cs3_l.val().get_bit(2)
                    | (self.cs3_e.val().get_bit(2)
                        & (self.cs3_l.val().get_bit(1)
                            | (self.cs3_e.val().get_bit(1) & (self.cs3_l.val().get_bit(0))))),
            )
            .replace_bit(
                1,
                self.cs3_l.val().get_bit(5)
                    | (self.cs3_e.val().get_bit(5)
                        & (self.cs3_l.val().get_bit(4)
                            | (self.cs3_e.val().get_bit(4) & (self.cs3_l.val().get_bit(3))))),
            )
            .replace_bit(
                2,
                self.cs3_l.val().get_bit(8)
                    | (self.cs3_e.val().get_bit(8)
                        & (self.cs3_l.val().get_bit(7)
                            | (self.cs3_e.val().get_bit(7) & (self.cs3_l.val().get_bit(6))))),
            )
            .replace_bit(
                3,
                self.cs3_l.val().get_bit(10)
                    | (self.cs3_e.val().get_bit(10) & (self.cs3_l.val().get_bit(9))),
            );
        self.cs3_e1.next = bits::<4>(0)
            .replace_bit(
                0,
                self.cs3_e.val().get_bit(0)
                    & self.cs3_e.val().get_bit(1)
                    & self.cs3_e.val().get_bit(2),
            )
            .replace_bit(
                1,
                self.cs3_e.val().get_bit(3)
                    & self.cs3_e.val().get_bit(4)
                    & self.cs3_e.val().get_bit(5),
            )
            .replace_bit(
                2,
                self.cs3_e.val().get_bit(6)
                    & self.cs3_e.val().get_bit(7)
                    & self.cs3_e.val().get_bit(8),
            )
            .replace_bit(
                3,
                self.cs3_e.val().get_bit(9) & self.cs3_e.val().get_bit(10),
            );
        self.cs4_l1.next = bits::<4>(0)
            .replace_bit(
                0,
                self.cs4_l.val().get_bit(2)
                    | (self.cs4_e.val().get_bit(2)
                        & (self.cs4_l.val().get_bit(1)
                            | (self.cs4_e.val().get_bit(1) & (self.cs4_l.val().get_bit(0))))),
            )
            .replace_bit(
                1,
                self.cs4_l.val().get_bit(5)
                    | (self.cs4_e.val().get_bit(5)
                        & (self.cs4_l.val().get_bit(4)
                            | (self.cs4_e.val().get_bit(4) & (self.cs4_l.val().get_bit(3))))),
            )
            .replace_bit(
                2,
                self.cs4_l.val().get_bit(8)
                    | (self.cs4_e.val().get_bit(8)
                        & (self.cs4_l.val().get_bit(7)
                            | (self.cs4_e.val().get_bit(7) & (self.cs4_l.val().get_bit(6))))),
            )
            .replace_bit(
                3,
                self.cs4_l.val().get_bit(10)
                    | (self.cs4_e.val().get_bit(10) & (self.cs4_l.val().get_bit(9))),
            );
        self.cs4_e1.next = bits::<4>(0)
            .replace_bit(
                0,
                self.cs4_e.val().get_bit(0)
                    & self.cs4_e.val().get_bit(1)
                    & self.cs4_e.val().get_bit(2),
            )
            .replace_bit(
                1,
                self.cs4_e.val().get_bit(3)
                    & self.cs4_e.val().get_bit(4)
                    & self.cs4_e.val().get_bit(5),
            )
            .replace_bit(
                2,
                self.cs4_e.val().get_bit(6)
                    & self.cs4_e.val().get_bit(7)
                    & self.cs4_e.val().get_bit(8),
            )
            .replace_bit(
                3,
                self.cs4_e.val().get_bit(9) & self.cs4_e.val().get_bit(10),
            );
        self.cs5_l1.next = bits::<4>(0)
            .replace_bit(
                0,
                self.cs5_l.val().get_bit(2)
                    | (self.cs5_e.val().get_bit(2)
                        & (self.cs5_l.val().get_bit(1)
                            | (self.cs5_e.val().get_bit(1) & (self.cs5_l.val().get_bit(0))))),
            )
            .replace_bit(
                1,
                self.cs5_l.val().get_bit(5)
                    | (self.cs5_e.val().get_bit(5)
                        & (self.cs5_l.val().get_bit(4)
                            | (self.cs5_e.val().get_bit(4) & (self.cs5_l.val().get_bit(3))))),
            )
            .replace_bit(
                2,
                self.cs5_l.val().get_bit(8)
                    | (self.cs5_e.val().get_bit(8)
                        & (self.cs5_l.val().get_bit(7)
                            | (self.cs5_e.val().get_bit(7) & (self.cs5_l.val().get_bit(6))))),
            )
            .replace_bit(
                3,
                self.cs5_l.val().get_bit(10)
                    | (self.cs5_e.val().get_bit(10) & (self.cs5_l.val().get_bit(9))),
            );
        self.cs5_e1.next = bits::<4>(0)
            .replace_bit(
                0,
                self.cs5_e.val().get_bit(0)
                    & self.cs5_e.val().get_bit(1)
                    & self.cs5_e.val().get_bit(2),
            )
            .replace_bit(
                1,
                self.cs5_e.val().get_bit(3)
                    & self.cs5_e.val().get_bit(4)
                    & self.cs5_e.val().get_bit(5),
            )
            .replace_bit(
                2,
                self.cs5_e.val().get_bit(6)
                    & self.cs5_e.val().get_bit(7)
                    & self.cs5_e.val().get_bit(8),
            )
            .replace_bit(
                3,
                self.cs5_e.val().get_bit(9) & self.cs5_e.val().get_bit(10),
            );
        // the pacer: an INIT 1 or 2 ahead sets it to its N; a PICK 1 or 2
        // ahead leaves it (an unpaced one) or makes this one Busy (a paced
        // one); else the final pacer of the operation 3 ahead, 4 ahead, or
        // the RAM
        self.f1.next = self.eq_u.val() & self.u_init.q.val();
        self.f2.next = !self.f1.val() & self.eq_w.val() & self.w_init.q.val();
        self.f3.next = !self.f1.val() & !(self.eq_w.val() & self.w_init.q.val()) & self.eq_y.val();
        self.f4.next = !self.f1.val()
            & !(self.eq_w.val() & self.w_init.q.val())
            & !self.eq_y.val()
            & self.eq_y2.val();
        self.f5.next = !self.f1.val()
            & !(self.eq_w.val() & self.w_init.q.val())
            & !self.eq_y.val()
            & !self.eq_y2.val();
        if self.f1.val() {
            self.mf1.next = bits::<40>(0xff_ffff_ffff_u64);
        } else {
            self.mf1.next = bits::<40>(0);
        }
        if self.f2.val() {
            self.mf2.next = bits::<40>(0xff_ffff_ffff_u64);
        } else {
            self.mf2.next = bits::<40>(0);
        }
        if self.f3.val() {
            self.mf3.next = bits::<40>(0xff_ffff_ffff_u64);
        } else {
            self.mf3.next = bits::<40>(0);
        }
        if self.f4.val() {
            self.mf4.next = bits::<40>(0xff_ffff_ffff_u64);
        } else {
            self.mf4.next = bits::<40>(0);
        }
        if self.f5.val() {
            self.mf5.next = bits::<40>(0xff_ffff_ffff_u64);
        } else {
            self.mf5.next = bits::<40>(0);
        }
        self.u_pc.d.next = (self.u_n.q.val() & self.mf1.val())
            | (self.w_n.q.val() & self.mf2.val())
            | (self.y_rec.q.val().get_bits::<40>(12) & self.mf3.val())
            | (self.y2_rec.q.val().get_bits::<40>(12) & self.mf4.val())
            | (self.recs.read_data.val().get_bits::<40>(12) & self.mf5.val());
        self.u_cl.d.next = (self.cs1_l1.val() & self.mf1.val().get_bits::<4>(0))
            | (self.cs2_l1.val() & self.mf2.val().get_bits::<4>(0))
            | (self.cs3_l1.val() & self.mf3.val().get_bits::<4>(0))
            | (self.cs4_l1.val() & self.mf4.val().get_bits::<4>(0))
            | (self.cs5_l1.val() & self.mf5.val().get_bits::<4>(0));
        self.u_ce.d.next = (self.cs1_e1.val() & self.mf1.val().get_bits::<4>(0))
            | (self.cs2_e1.val() & self.mf2.val().get_bits::<4>(0))
            | (self.cs3_e1.val() & self.mf3.val().get_bits::<4>(0))
            | (self.cs4_e1.val() & self.mf4.val().get_bits::<4>(0))
            | (self.cs5_e1.val() & self.mf5.val().get_bits::<4>(0));
        // Busy: a PICK with an operation on its connection 1 or 2 ahead,
        // when this connection is paced or that operation was a paced PICK
        self.u_busy.d.next = self.x_valid.q.val()
            & !self.x_init.q.val()
            & ((self.eq_u.val()
                & (self.x_incnz.q.val() | (self.u_pick.q.val() & self.u_incnz.q.val())))
                | (self.eq_w.val()
                    & (self.x_incnz.q.val() | (self.w_pick.q.val() & self.w_incnz.q.val()))));
        self.u_fwd1.d.next = self.eq_u.val();
        self.u_fwd2.d.next = self.eq_w.val();
        self.u_nh.d.next = self.x_now.q.val().get_bits::<8>(24);
        self.u_nh1.d.next = self.x_now.q.val().get_bits::<8>(24) + 1;
        self.u_c.d.next = self.x_valid.q.val()
            & (self.x_init.q.val() | (self.x_any.q.val() & self.x_incnz.q.val()));
        self.u_pa.d.next = self.x_valid.q.val() & !self.x_init.q.val() & self.x_any.q.val();
        self.u_valid.d.next = self.x_valid.q.val();
        self.u_pick.d.next = self.x_valid.q.val() & !self.x_init.q.val();
        self.u_init.d.next = self.x_valid.q.val() & self.x_init.q.val();
        self.u_conn.d.next = self.x_conn.q.val();
        self.u_retx.d.next = self.x_retx.q.val();
        self.u_tag.d.next = self.x_tag.q.val();
        self.u_incnz.d.next = self.x_incnz.q.val();
        self.u_any.d.next = self.x_any.q.val();
        self.u_use.d.next = self.x_use.q.val();
        self.u_sm1.d.next = self.x_sm1.q.val();
        self.u_sm1z.d.next = self.x_sm1z.q.val();

        // ---- E5-E6: the next_path/burst loop (one clock, forwarding the
        // result just ahead) and the pacer's first clock (compares and
        // pacer + ser on the merged pacer, all registers)
        if self.u_fwd1.q.val() {
            self.cur.next = self.w_nb.q.val();
        } else {
            self.cur.next = self.u_nb.q.val();
        }
        self.rr.next = self.cur.val().get_bits::<4>(0);
        self.bst.next = self.cur.val().get_bits::<8>(4);
        self.pc.next = self.u_pc.q.val();
        self.n_39.next = self.u_n.q.val().get_bits::<39>(0);
        self.pb_39.next = self.pc.val().get_bits::<39>(0);
        self.a_39.next = self.u_a.q.val().get_bits::<39>(0);
        // paced: pacer - N (mod 2^40) in [1, 2^32]: P_lo > N_lo and the top
        // bytes equal, or P_lo <= N_lo and P's top byte is N's + 1; a Busy
        // PICK always is, an INIT never
        self.lt_b.next = self.u_cl.q.val().get_bit(3)
            | (self.u_ce.q.val().get_bit(3)
                & (self.u_cl.q.val().get_bit(2)
                    | (self.u_ce.q.val().get_bit(2)
                        & (self.u_cl.q.val().get_bit(1)
                            | (self.u_ce.q.val().get_bit(1) & (self.u_cl.q.val().get_bit(0)))))));
        self.eqh.next = self.pc.val().get_bits::<8>(32) == self.u_nh.q.val();
        self.eqh1.next = self.pc.val().get_bits::<8>(32) == self.u_nh1.q.val();
        self.paced.next = self.u_pick.q.val()
            & (self.u_busy.q.val()
                | (self.lt_b.val() & self.eqh.val())
                | (!self.lt_b.val() & self.eqh1.val()));
        // the signs of N - pacer and pacer - (N - ser/2), from 39-bit
        // compares (bit 39 of a difference is the top bits' xor and the
        // borrow out of the low 39): the pacer counts when both are >= 0
        self.cxl_l.next = bits::<13>(0)
            .replace_bit(
                0,
                self.n_39.val().get_bits::<3>(0) < self.pb_39.val().get_bits::<3>(0),
            )
            .replace_bit(
                1,
                self.n_39.val().get_bits::<3>(3) < self.pb_39.val().get_bits::<3>(3),
            )
            .replace_bit(
                2,
                self.n_39.val().get_bits::<3>(6) < self.pb_39.val().get_bits::<3>(6),
            )
            .replace_bit(
                3,
                self.n_39.val().get_bits::<3>(9) < self.pb_39.val().get_bits::<3>(9),
            )
            .replace_bit(
                4,
                self.n_39.val().get_bits::<3>(12) < self.pb_39.val().get_bits::<3>(12),
            )
            .replace_bit(
                5,
                self.n_39.val().get_bits::<3>(15) < self.pb_39.val().get_bits::<3>(15),
            )
            .replace_bit(
                6,
                self.n_39.val().get_bits::<3>(18) < self.pb_39.val().get_bits::<3>(18),
            )
            .replace_bit(
                7,
                self.n_39.val().get_bits::<3>(21) < self.pb_39.val().get_bits::<3>(21),
            )
            .replace_bit(
                8,
                self.n_39.val().get_bits::<3>(24) < self.pb_39.val().get_bits::<3>(24),
            )
            .replace_bit(
                9,
                self.n_39.val().get_bits::<3>(27) < self.pb_39.val().get_bits::<3>(27),
            )
            .replace_bit(
                10,
                self.n_39.val().get_bits::<3>(30) < self.pb_39.val().get_bits::<3>(30),
            )
            .replace_bit(
                11,
                self.n_39.val().get_bits::<3>(33) < self.pb_39.val().get_bits::<3>(33),
            )
            .replace_bit(
                12,
                self.n_39.val().get_bits::<3>(36) < self.pb_39.val().get_bits::<3>(36),
            );
        self.cxl_e.next = bits::<13>(0)
            .replace_bit(
                0,
                self.n_39.val().get_bits::<3>(0) == self.pb_39.val().get_bits::<3>(0),
            )
            .replace_bit(
                1,
                self.n_39.val().get_bits::<3>(3) == self.pb_39.val().get_bits::<3>(3),
            )
            .replace_bit(
                2,
                self.n_39.val().get_bits::<3>(6) == self.pb_39.val().get_bits::<3>(6),
            )
            .replace_bit(
                3,
                self.n_39.val().get_bits::<3>(9) == self.pb_39.val().get_bits::<3>(9),
            )
            .replace_bit(
                4,
                self.n_39.val().get_bits::<3>(12) == self.pb_39.val().get_bits::<3>(12),
            )
            .replace_bit(
                5,
                self.n_39.val().get_bits::<3>(15) == self.pb_39.val().get_bits::<3>(15),
            )
            .replace_bit(
                6,
                self.n_39.val().get_bits::<3>(18) == self.pb_39.val().get_bits::<3>(18),
            )
            .replace_bit(
                7,
                self.n_39.val().get_bits::<3>(21) == self.pb_39.val().get_bits::<3>(21),
            )
            .replace_bit(
                8,
                self.n_39.val().get_bits::<3>(24) == self.pb_39.val().get_bits::<3>(24),
            )
            .replace_bit(
                9,
                self.n_39.val().get_bits::<3>(27) == self.pb_39.val().get_bits::<3>(27),
            )
            .replace_bit(
                10,
                self.n_39.val().get_bits::<3>(30) == self.pb_39.val().get_bits::<3>(30),
            )
            .replace_bit(
                11,
                self.n_39.val().get_bits::<3>(33) == self.pb_39.val().get_bits::<3>(33),
            )
            .replace_bit(
                12,
                self.n_39.val().get_bits::<3>(36) == self.pb_39.val().get_bits::<3>(36),
            );
        self.cxl_l1.next = bits::<5>(0)
            .replace_bit(
                0,
                self.cxl_l.val().get_bit(2)
                    | (self.cxl_e.val().get_bit(2)
                        & (self.cxl_l.val().get_bit(1)
                            | (self.cxl_e.val().get_bit(1) & (self.cxl_l.val().get_bit(0))))),
            )
            .replace_bit(
                1,
                self.cxl_l.val().get_bit(5)
                    | (self.cxl_e.val().get_bit(5)
                        & (self.cxl_l.val().get_bit(4)
                            | (self.cxl_e.val().get_bit(4) & (self.cxl_l.val().get_bit(3))))),
            )
            .replace_bit(
                2,
                self.cxl_l.val().get_bit(8)
                    | (self.cxl_e.val().get_bit(8)
                        & (self.cxl_l.val().get_bit(7)
                            | (self.cxl_e.val().get_bit(7) & (self.cxl_l.val().get_bit(6))))),
            )
            .replace_bit(
                3,
                self.cxl_l.val().get_bit(11)
                    | (self.cxl_e.val().get_bit(11)
                        & (self.cxl_l.val().get_bit(10)
                            | (self.cxl_e.val().get_bit(10) & (self.cxl_l.val().get_bit(9))))),
            )
            .replace_bit(4, self.cxl_l.val().get_bit(12));
        self.cxl_e1.next = bits::<5>(0)
            .replace_bit(
                0,
                self.cxl_e.val().get_bit(0)
                    & self.cxl_e.val().get_bit(1)
                    & self.cxl_e.val().get_bit(2),
            )
            .replace_bit(
                1,
                self.cxl_e.val().get_bit(3)
                    & self.cxl_e.val().get_bit(4)
                    & self.cxl_e.val().get_bit(5),
            )
            .replace_bit(
                2,
                self.cxl_e.val().get_bit(6)
                    & self.cxl_e.val().get_bit(7)
                    & self.cxl_e.val().get_bit(8),
            )
            .replace_bit(
                3,
                self.cxl_e.val().get_bit(9)
                    & self.cxl_e.val().get_bit(10)
                    & self.cxl_e.val().get_bit(11),
            )
            .replace_bit(4, self.cxl_e.val().get_bit(12));
        self.cyl_l.next = bits::<13>(0)
            .replace_bit(
                0,
                self.pb_39.val().get_bits::<3>(0) < self.a_39.val().get_bits::<3>(0),
            )
            .replace_bit(
                1,
                self.pb_39.val().get_bits::<3>(3) < self.a_39.val().get_bits::<3>(3),
            )
            .replace_bit(
                2,
                self.pb_39.val().get_bits::<3>(6) < self.a_39.val().get_bits::<3>(6),
            )
            .replace_bit(
                3,
                self.pb_39.val().get_bits::<3>(9) < self.a_39.val().get_bits::<3>(9),
            )
            .replace_bit(
                4,
                self.pb_39.val().get_bits::<3>(12) < self.a_39.val().get_bits::<3>(12),
            )
            .replace_bit(
                5,
                self.pb_39.val().get_bits::<3>(15) < self.a_39.val().get_bits::<3>(15),
            )
            .replace_bit(
                6,
                self.pb_39.val().get_bits::<3>(18) < self.a_39.val().get_bits::<3>(18),
            )
            .replace_bit(
                7,
                self.pb_39.val().get_bits::<3>(21) < self.a_39.val().get_bits::<3>(21),
            )
            .replace_bit(
                8,
                self.pb_39.val().get_bits::<3>(24) < self.a_39.val().get_bits::<3>(24),
            )
            .replace_bit(
                9,
                self.pb_39.val().get_bits::<3>(27) < self.a_39.val().get_bits::<3>(27),
            )
            .replace_bit(
                10,
                self.pb_39.val().get_bits::<3>(30) < self.a_39.val().get_bits::<3>(30),
            )
            .replace_bit(
                11,
                self.pb_39.val().get_bits::<3>(33) < self.a_39.val().get_bits::<3>(33),
            )
            .replace_bit(
                12,
                self.pb_39.val().get_bits::<3>(36) < self.a_39.val().get_bits::<3>(36),
            );
        self.cyl_e.next = bits::<13>(0)
            .replace_bit(
                0,
                self.pb_39.val().get_bits::<3>(0) == self.a_39.val().get_bits::<3>(0),
            )
            .replace_bit(
                1,
                self.pb_39.val().get_bits::<3>(3) == self.a_39.val().get_bits::<3>(3),
            )
            .replace_bit(
                2,
                self.pb_39.val().get_bits::<3>(6) == self.a_39.val().get_bits::<3>(6),
            )
            .replace_bit(
                3,
                self.pb_39.val().get_bits::<3>(9) == self.a_39.val().get_bits::<3>(9),
            )
            .replace_bit(
                4,
                self.pb_39.val().get_bits::<3>(12) == self.a_39.val().get_bits::<3>(12),
            )
            .replace_bit(
                5,
                self.pb_39.val().get_bits::<3>(15) == self.a_39.val().get_bits::<3>(15),
            )
            .replace_bit(
                6,
                self.pb_39.val().get_bits::<3>(18) == self.a_39.val().get_bits::<3>(18),
            )
            .replace_bit(
                7,
                self.pb_39.val().get_bits::<3>(21) == self.a_39.val().get_bits::<3>(21),
            )
            .replace_bit(
                8,
                self.pb_39.val().get_bits::<3>(24) == self.a_39.val().get_bits::<3>(24),
            )
            .replace_bit(
                9,
                self.pb_39.val().get_bits::<3>(27) == self.a_39.val().get_bits::<3>(27),
            )
            .replace_bit(
                10,
                self.pb_39.val().get_bits::<3>(30) == self.a_39.val().get_bits::<3>(30),
            )
            .replace_bit(
                11,
                self.pb_39.val().get_bits::<3>(33) == self.a_39.val().get_bits::<3>(33),
            )
            .replace_bit(
                12,
                self.pb_39.val().get_bits::<3>(36) == self.a_39.val().get_bits::<3>(36),
            );
        self.cyl_l1.next = bits::<5>(0)
            .replace_bit(
                0,
                self.cyl_l.val().get_bit(2)
                    | (self.cyl_e.val().get_bit(2)
                        & (self.cyl_l.val().get_bit(1)
                            | (self.cyl_e.val().get_bit(1) & (self.cyl_l.val().get_bit(0))))),
            )
            .replace_bit(
                1,
                self.cyl_l.val().get_bit(5)
                    | (self.cyl_e.val().get_bit(5)
                        & (self.cyl_l.val().get_bit(4)
                            | (self.cyl_e.val().get_bit(4) & (self.cyl_l.val().get_bit(3))))),
            )
            .replace_bit(
                2,
                self.cyl_l.val().get_bit(8)
                    | (self.cyl_e.val().get_bit(8)
                        & (self.cyl_l.val().get_bit(7)
                            | (self.cyl_e.val().get_bit(7) & (self.cyl_l.val().get_bit(6))))),
            )
            .replace_bit(
                3,
                self.cyl_l.val().get_bit(11)
                    | (self.cyl_e.val().get_bit(11)
                        & (self.cyl_l.val().get_bit(10)
                            | (self.cyl_e.val().get_bit(10) & (self.cyl_l.val().get_bit(9))))),
            )
            .replace_bit(4, self.cyl_l.val().get_bit(12));
        self.cyl_e1.next = bits::<5>(0)
            .replace_bit(
                0,
                self.cyl_e.val().get_bit(0)
                    & self.cyl_e.val().get_bit(1)
                    & self.cyl_e.val().get_bit(2),
            )
            .replace_bit(
                1,
                self.cyl_e.val().get_bit(3)
                    & self.cyl_e.val().get_bit(4)
                    & self.cyl_e.val().get_bit(5),
            )
            .replace_bit(
                2,
                self.cyl_e.val().get_bit(6)
                    & self.cyl_e.val().get_bit(7)
                    & self.cyl_e.val().get_bit(8),
            )
            .replace_bit(
                3,
                self.cyl_e.val().get_bit(9)
                    & self.cyl_e.val().get_bit(10)
                    & self.cyl_e.val().get_bit(11),
            )
            .replace_bit(4, self.cyl_e.val().get_bit(12));
        self.v_xl.d.next = self.cxl_l1.val();
        self.v_xe.d.next = self.cxl_e1.val();
        self.v_yl.d.next = self.cyl_l1.val();
        self.v_ye.d.next = self.cyl_e1.val();
        self.v_xt.d.next = self.u_n.q.val().get_bit(39) ^ self.pc.val().get_bit(39);
        self.v_yt.d.next = self.pc.val().get_bit(39) ^ self.u_a.q.val().get_bit(39);
        // pacer + ser
        self.add_p.a.next = self.u_pc.q.val();
        self.add_p.b.next = self.u_ser.q.val();
        self.add_p.cin.next = false;
        self.v_sum.d.next = self.add_p.sum.val();
        self.v_b.d.next = self.u_b.q.val();
        self.v_init.d.next = self.u_init.q.val();
        self.v_set.d.next = self.u_c.q.val() & !self.paced.val();
        self.v_pc.d.next = self.pc.val();
        self.v_f1.d.next = self.u_fwd1.q.val();
        self.v_f2.d.next = self.u_fwd2.q.val();
        // the choice for this pointer (precomputed per pointer value)
        self.nxb0.next = bits::<16>(0)
            .replace_bit(0, self.ns0.nx.val().get_bit(0))
            .replace_bit(1, self.ns1.nx.val().get_bit(0))
            .replace_bit(2, self.ns2.nx.val().get_bit(0))
            .replace_bit(3, self.ns3.nx.val().get_bit(0))
            .replace_bit(4, self.ns4.nx.val().get_bit(0))
            .replace_bit(5, self.ns5.nx.val().get_bit(0))
            .replace_bit(6, self.ns6.nx.val().get_bit(0))
            .replace_bit(7, self.ns7.nx.val().get_bit(0))
            .replace_bit(8, self.ns8.nx.val().get_bit(0))
            .replace_bit(9, self.ns9.nx.val().get_bit(0))
            .replace_bit(10, self.ns10.nx.val().get_bit(0))
            .replace_bit(11, self.ns11.nx.val().get_bit(0))
            .replace_bit(12, self.ns12.nx.val().get_bit(0))
            .replace_bit(13, self.ns13.nx.val().get_bit(0))
            .replace_bit(14, self.ns14.nx.val().get_bit(0))
            .replace_bit(15, self.ns15.nx.val().get_bit(0));
        self.nx1b0.next = bits::<16>(0)
            .replace_bit(0, self.ns0.nx1.val().get_bit(0))
            .replace_bit(1, self.ns1.nx1.val().get_bit(0))
            .replace_bit(2, self.ns2.nx1.val().get_bit(0))
            .replace_bit(3, self.ns3.nx1.val().get_bit(0))
            .replace_bit(4, self.ns4.nx1.val().get_bit(0))
            .replace_bit(5, self.ns5.nx1.val().get_bit(0))
            .replace_bit(6, self.ns6.nx1.val().get_bit(0))
            .replace_bit(7, self.ns7.nx1.val().get_bit(0))
            .replace_bit(8, self.ns8.nx1.val().get_bit(0))
            .replace_bit(9, self.ns9.nx1.val().get_bit(0))
            .replace_bit(10, self.ns10.nx1.val().get_bit(0))
            .replace_bit(11, self.ns11.nx1.val().get_bit(0))
            .replace_bit(12, self.ns12.nx1.val().get_bit(0))
            .replace_bit(13, self.ns13.nx1.val().get_bit(0))
            .replace_bit(14, self.ns14.nx1.val().get_bit(0))
            .replace_bit(15, self.ns15.nx1.val().get_bit(0));
        self.nxb1.next = bits::<16>(0)
            .replace_bit(0, self.ns0.nx.val().get_bit(1))
            .replace_bit(1, self.ns1.nx.val().get_bit(1))
            .replace_bit(2, self.ns2.nx.val().get_bit(1))
            .replace_bit(3, self.ns3.nx.val().get_bit(1))
            .replace_bit(4, self.ns4.nx.val().get_bit(1))
            .replace_bit(5, self.ns5.nx.val().get_bit(1))
            .replace_bit(6, self.ns6.nx.val().get_bit(1))
            .replace_bit(7, self.ns7.nx.val().get_bit(1))
            .replace_bit(8, self.ns8.nx.val().get_bit(1))
            .replace_bit(9, self.ns9.nx.val().get_bit(1))
            .replace_bit(10, self.ns10.nx.val().get_bit(1))
            .replace_bit(11, self.ns11.nx.val().get_bit(1))
            .replace_bit(12, self.ns12.nx.val().get_bit(1))
            .replace_bit(13, self.ns13.nx.val().get_bit(1))
            .replace_bit(14, self.ns14.nx.val().get_bit(1))
            .replace_bit(15, self.ns15.nx.val().get_bit(1));
        self.nx1b1.next = bits::<16>(0)
            .replace_bit(0, self.ns0.nx1.val().get_bit(1))
            .replace_bit(1, self.ns1.nx1.val().get_bit(1))
            .replace_bit(2, self.ns2.nx1.val().get_bit(1))
            .replace_bit(3, self.ns3.nx1.val().get_bit(1))
            .replace_bit(4, self.ns4.nx1.val().get_bit(1))
            .replace_bit(5, self.ns5.nx1.val().get_bit(1))
            .replace_bit(6, self.ns6.nx1.val().get_bit(1))
            .replace_bit(7, self.ns7.nx1.val().get_bit(1))
            .replace_bit(8, self.ns8.nx1.val().get_bit(1))
            .replace_bit(9, self.ns9.nx1.val().get_bit(1))
            .replace_bit(10, self.ns10.nx1.val().get_bit(1))
            .replace_bit(11, self.ns11.nx1.val().get_bit(1))
            .replace_bit(12, self.ns12.nx1.val().get_bit(1))
            .replace_bit(13, self.ns13.nx1.val().get_bit(1))
            .replace_bit(14, self.ns14.nx1.val().get_bit(1))
            .replace_bit(15, self.ns15.nx1.val().get_bit(1));
        self.nxb2.next = bits::<16>(0)
            .replace_bit(0, self.ns0.nx.val().get_bit(2))
            .replace_bit(1, self.ns1.nx.val().get_bit(2))
            .replace_bit(2, self.ns2.nx.val().get_bit(2))
            .replace_bit(3, self.ns3.nx.val().get_bit(2))
            .replace_bit(4, self.ns4.nx.val().get_bit(2))
            .replace_bit(5, self.ns5.nx.val().get_bit(2))
            .replace_bit(6, self.ns6.nx.val().get_bit(2))
            .replace_bit(7, self.ns7.nx.val().get_bit(2))
            .replace_bit(8, self.ns8.nx.val().get_bit(2))
            .replace_bit(9, self.ns9.nx.val().get_bit(2))
            .replace_bit(10, self.ns10.nx.val().get_bit(2))
            .replace_bit(11, self.ns11.nx.val().get_bit(2))
            .replace_bit(12, self.ns12.nx.val().get_bit(2))
            .replace_bit(13, self.ns13.nx.val().get_bit(2))
            .replace_bit(14, self.ns14.nx.val().get_bit(2))
            .replace_bit(15, self.ns15.nx.val().get_bit(2));
        self.nx1b2.next = bits::<16>(0)
            .replace_bit(0, self.ns0.nx1.val().get_bit(2))
            .replace_bit(1, self.ns1.nx1.val().get_bit(2))
            .replace_bit(2, self.ns2.nx1.val().get_bit(2))
            .replace_bit(3, self.ns3.nx1.val().get_bit(2))
            .replace_bit(4, self.ns4.nx1.val().get_bit(2))
            .replace_bit(5, self.ns5.nx1.val().get_bit(2))
            .replace_bit(6, self.ns6.nx1.val().get_bit(2))
            .replace_bit(7, self.ns7.nx1.val().get_bit(2))
            .replace_bit(8, self.ns8.nx1.val().get_bit(2))
            .replace_bit(9, self.ns9.nx1.val().get_bit(2))
            .replace_bit(10, self.ns10.nx1.val().get_bit(2))
            .replace_bit(11, self.ns11.nx1.val().get_bit(2))
            .replace_bit(12, self.ns12.nx1.val().get_bit(2))
            .replace_bit(13, self.ns13.nx1.val().get_bit(2))
            .replace_bit(14, self.ns14.nx1.val().get_bit(2))
            .replace_bit(15, self.ns15.nx1.val().get_bit(2));
        self.nxb3.next = bits::<16>(0)
            .replace_bit(0, self.ns0.nx.val().get_bit(3))
            .replace_bit(1, self.ns1.nx.val().get_bit(3))
            .replace_bit(2, self.ns2.nx.val().get_bit(3))
            .replace_bit(3, self.ns3.nx.val().get_bit(3))
            .replace_bit(4, self.ns4.nx.val().get_bit(3))
            .replace_bit(5, self.ns5.nx.val().get_bit(3))
            .replace_bit(6, self.ns6.nx.val().get_bit(3))
            .replace_bit(7, self.ns7.nx.val().get_bit(3))
            .replace_bit(8, self.ns8.nx.val().get_bit(3))
            .replace_bit(9, self.ns9.nx.val().get_bit(3))
            .replace_bit(10, self.ns10.nx.val().get_bit(3))
            .replace_bit(11, self.ns11.nx.val().get_bit(3))
            .replace_bit(12, self.ns12.nx.val().get_bit(3))
            .replace_bit(13, self.ns13.nx.val().get_bit(3))
            .replace_bit(14, self.ns14.nx.val().get_bit(3))
            .replace_bit(15, self.ns15.nx.val().get_bit(3));
        self.nx1b3.next = bits::<16>(0)
            .replace_bit(0, self.ns0.nx1.val().get_bit(3))
            .replace_bit(1, self.ns1.nx1.val().get_bit(3))
            .replace_bit(2, self.ns2.nx1.val().get_bit(3))
            .replace_bit(3, self.ns3.nx1.val().get_bit(3))
            .replace_bit(4, self.ns4.nx1.val().get_bit(3))
            .replace_bit(5, self.ns5.nx1.val().get_bit(3))
            .replace_bit(6, self.ns6.nx1.val().get_bit(3))
            .replace_bit(7, self.ns7.nx1.val().get_bit(3))
            .replace_bit(8, self.ns8.nx1.val().get_bit(3))
            .replace_bit(9, self.ns9.nx1.val().get_bit(3))
            .replace_bit(10, self.ns10.nx1.val().get_bit(3))
            .replace_bit(11, self.ns11.nx1.val().get_bit(3))
            .replace_bit(12, self.ns12.nx1.val().get_bit(3))
            .replace_bit(13, self.ns13.nx1.val().get_bit(3))
            .replace_bit(14, self.ns14.nx1.val().get_bit(3))
            .replace_bit(15, self.ns15.nx1.val().get_bit(3));
        self.ch.next = bits::<4>(0)
            .replace_bit(0, self.nxb0.val().get_bit(self.rr.val().index()))
            .replace_bit(1, self.nxb1.val().get_bit(self.rr.val().index()))
            .replace_bit(2, self.nxb2.val().get_bit(self.rr.val().index()))
            .replace_bit(3, self.nxb3.val().get_bit(self.rr.val().index()));
        self.ch1.next = bits::<4>(0)
            .replace_bit(0, self.nx1b0.val().get_bit(self.rr.val().index()))
            .replace_bit(1, self.nx1b1.val().get_bit(self.rr.val().index()))
            .replace_bit(2, self.nx1b2.val().get_bit(self.rr.val().index()))
            .replace_bit(3, self.nx1b3.val().get_bit(self.rr.val().index()));
        // the chosen path is the pointer's own: the burst goes on
        self.e.next = self.u_use.q.val().get_bit(self.rr.val().index());
        self.ok.next = self.u_pa.q.val() & !self.paced.val();
        // bst + 1 and bst >= sm1 written as flat logic (no carry chain)
        self.bp1.next = bits::<8>(0)
            .replace_bit(0, !self.bst.val().get_bit(0))
            .replace_bit(1, self.bst.val().get_bit(1) ^ (self.bst.val().get_bit(0)))
            .replace_bit(
                2,
                self.bst.val().get_bit(2) ^ (self.bst.val().get_bit(0) & self.bst.val().get_bit(1)),
            )
            .replace_bit(
                3,
                self.bst.val().get_bit(3)
                    ^ (self.bst.val().get_bit(0)
                        & self.bst.val().get_bit(1)
                        & self.bst.val().get_bit(2)),
            )
            .replace_bit(
                4,
                self.bst.val().get_bit(4)
                    ^ (self.bst.val().get_bit(0)
                        & self.bst.val().get_bit(1)
                        & self.bst.val().get_bit(2)
                        & self.bst.val().get_bit(3)),
            )
            .replace_bit(
                5,
                self.bst.val().get_bit(5)
                    ^ (self.bst.val().get_bit(0)
                        & self.bst.val().get_bit(1)
                        & self.bst.val().get_bit(2)
                        & self.bst.val().get_bit(3)
                        & self.bst.val().get_bit(4)),
            )
            .replace_bit(
                6,
                self.bst.val().get_bit(6)
                    ^ (self.bst.val().get_bit(0)
                        & self.bst.val().get_bit(1)
                        & self.bst.val().get_bit(2)
                        & self.bst.val().get_bit(3)
                        & self.bst.val().get_bit(4)
                        & self.bst.val().get_bit(5)),
            )
            .replace_bit(
                7,
                self.bst.val().get_bit(7)
                    ^ (self.bst.val().get_bit(0)
                        & self.bst.val().get_bit(1)
                        & self.bst.val().get_bit(2)
                        & self.bst.val().get_bit(3)
                        & self.bst.val().get_bit(4)
                        & self.bst.val().get_bit(5)
                        & self.bst.val().get_bit(6)),
            );
        self.cbl_l.next = bits::<3>(0)
            .replace_bit(
                0,
                self.bst.val().get_bits::<3>(0) < self.u_sm1.q.val().get_bits::<3>(0),
            )
            .replace_bit(
                1,
                self.bst.val().get_bits::<3>(3) < self.u_sm1.q.val().get_bits::<3>(3),
            )
            .replace_bit(
                2,
                self.bst.val().get_bits::<2>(6) < self.u_sm1.q.val().get_bits::<2>(6),
            );
        self.cbl_e.next = bits::<3>(0)
            .replace_bit(
                0,
                self.bst.val().get_bits::<3>(0) == self.u_sm1.q.val().get_bits::<3>(0),
            )
            .replace_bit(
                1,
                self.bst.val().get_bits::<3>(3) == self.u_sm1.q.val().get_bits::<3>(3),
            )
            .replace_bit(
                2,
                self.bst.val().get_bits::<2>(6) == self.u_sm1.q.val().get_bits::<2>(6),
            );
        self.blt.next = self.cbl_l.val().get_bit(2)
            | (self.cbl_e.val().get_bit(2)
                & (self.cbl_l.val().get_bit(1)
                    | (self.cbl_e.val().get_bit(1) & (self.cbl_l.val().get_bit(0)))));
        if self.e.val() {
            self.adv.next = !self.blt.val();
        } else {
            self.adv.next = self.u_sm1z.q.val();
        }
        // each next-state bit is one LUT over late selects and early data
        if self.adv.val() {
            self.t_rr.next = self.ch1.val();
            self.t_b.next = bits::<8>(0);
        } else {
            self.t_rr.next = self.ch.val();
            if self.e.val() {
                self.t_b.next = self.bp1.val();
            } else {
                self.t_b.next = bits::<8>(1);
            }
        }
        if self.u_init.q.val() {
            self.rr_n.next = bits::<4>(0);
            self.bst_n.next = bits::<8>(0);
        } else if self.ok.val() {
            self.rr_n.next = self.t_rr.val();
            self.bst_n.next = self.t_b.val();
        } else {
            self.rr_n.next = self.rr.val();
            self.bst_n.next = self.bst.val();
        }
        self.w_nb.d.next =
            bit_cast::<12, 4>(self.rr_n.val()) | (bit_cast::<12, 8>(self.bst_n.val()) << 4);
        self.w_valid.d.next = self.u_valid.q.val();
        self.w_conn.d.next = self.u_conn.q.val();
        self.w_init.d.next = self.u_init.q.val();
        self.w_pick.d.next = self.u_pick.q.val();
        self.w_incnz.d.next = self.u_incnz.q.val();
        self.w_n.d.next = self.u_n.q.val();
        self.c_init.d.next = self.u_init.q.val();
        self.c_ok.d.next = self.ok.val();
        self.c_paced.d.next = self.paced.val();
        self.c_none.d.next = self.u_pick.q.val() & !self.paced.val() & !self.u_any.q.val();
        if self.ok.val() {
            self.c_path.d.next = self.ch.val();
        } else {
            self.c_path.d.next = bits::<4>(0);
        }
        self.c_tag.d.next = self.u_tag.q.val();
        self.c_retx.d.next = self.u_retx.q.val();

        // ---- E6-E7: the pacer's second clock: a PICK that moves it takes
        // pacer + ser or N + ceil(ser/2) (an INIT: N); any other operation
        // keeps the pacer left by the one 1 ahead (y), 2 ahead (y2) or the
        // merge (3 or more ahead)
        if self.v_f1.q.val() {
            self.kp.next = self.y_rec.q.val().get_bits::<40>(12);
        } else if self.v_f2.q.val() {
            self.kp.next = self.y2_rec.q.val().get_bits::<40>(12);
        } else {
            self.kp.next = self.v_pc.q.val();
        }
        // the signs of N - pacer and pacer - (N - ser/2), from the 39-bit
        // compares' chunk groups (bit 39 of a difference is the top bits'
        // xor and the borrow out of the low 39): the pacer counts when both
        // are >= 0
        self.kxl.next = self.v_xl.q.val().get_bit(4)
            | (self.v_xe.q.val().get_bit(4)
                & (self.v_xl.q.val().get_bit(3)
                    | (self.v_xe.q.val().get_bit(3)
                        & (self.v_xl.q.val().get_bit(2)
                            | (self.v_xe.q.val().get_bit(2)
                                & (self.v_xl.q.val().get_bit(1)
                                    | (self.v_xe.q.val().get_bit(1)
                                        & (self.v_xl.q.val().get_bit(0)))))))));
        self.kyl.next = self.v_yl.q.val().get_bit(4)
            | (self.v_ye.q.val().get_bit(4)
                & (self.v_yl.q.val().get_bit(3)
                    | (self.v_ye.q.val().get_bit(3)
                        & (self.v_yl.q.val().get_bit(2)
                            | (self.v_ye.q.val().get_bit(2)
                                & (self.v_yl.q.val().get_bit(1)
                                    | (self.v_ye.q.val().get_bit(1)
                                        & (self.v_yl.q.val().get_bit(0)))))))));
        self.kxs.next = self.v_xt.q.val() ^ self.kxl.val();
        self.kys.next = self.v_yt.q.val() ^ self.kyl.val();
        self.in_rng.next = !self.kxs.val() & !self.kys.val();
        if self.v_set.q.val() {
            if self.in_rng.val() & !self.v_init.q.val() {
                self.pn.next = self.v_sum.q.val();
            } else {
                self.pn.next = self.v_b.q.val();
            }
        } else {
            self.pn.next = self.kp.val();
        }
        self.y_rec.d.next = bit_cast::<REC_BITS, 12>(self.w_nb.q.val())
            | (bit_cast::<REC_BITS, 40>(self.pn.val()) << 12);
        // the carries of ready_at = ceil(pacer / 256), per byte of pacer /
        // 256 (bit 0: the low byte is not 0; bit k: and bytes 1..=k of the
        // pacer are all ones), computed per pacer source from registers
        // and selected like the pacer, so E7-E8 only adds them in
        self.fl_s.next = bits::<4>(0)
            .replace_bit(0, self.v_sum.q.val().get_bits::<8>(0).any())
            .replace_bit(
                1,
                self.v_sum.q.val().get_bits::<8>(0).any()
                    & self.v_sum.q.val().get_bits::<8>(8).all(),
            )
            .replace_bit(
                2,
                self.v_sum.q.val().get_bits::<8>(0).any()
                    & self.v_sum.q.val().get_bits::<16>(8).all(),
            )
            .replace_bit(
                3,
                self.v_sum.q.val().get_bits::<8>(0).any()
                    & self.v_sum.q.val().get_bits::<24>(8).all(),
            );
        self.fl_b.next = bits::<4>(0)
            .replace_bit(0, self.v_b.q.val().get_bits::<8>(0).any())
            .replace_bit(
                1,
                self.v_b.q.val().get_bits::<8>(0).any() & self.v_b.q.val().get_bits::<8>(8).all(),
            )
            .replace_bit(
                2,
                self.v_b.q.val().get_bits::<8>(0).any() & self.v_b.q.val().get_bits::<16>(8).all(),
            )
            .replace_bit(
                3,
                self.v_b.q.val().get_bits::<8>(0).any() & self.v_b.q.val().get_bits::<24>(8).all(),
            );
        self.fl_p.next = bits::<4>(0)
            .replace_bit(0, self.v_pc.q.val().get_bits::<8>(0).any())
            .replace_bit(
                1,
                self.v_pc.q.val().get_bits::<8>(0).any() & self.v_pc.q.val().get_bits::<8>(8).all(),
            )
            .replace_bit(
                2,
                self.v_pc.q.val().get_bits::<8>(0).any()
                    & self.v_pc.q.val().get_bits::<16>(8).all(),
            )
            .replace_bit(
                3,
                self.v_pc.q.val().get_bits::<8>(0).any()
                    & self.v_pc.q.val().get_bits::<24>(8).all(),
            );
        if self.v_f1.q.val() {
            self.fl_k.next = self.y_fl.q.val();
        } else if self.v_f2.q.val() {
            self.fl_k.next = self.y2_fl.q.val();
        } else {
            self.fl_k.next = self.fl_p.val();
        }
        if self.v_set.q.val() {
            if self.in_rng.val() & !self.v_init.q.val() {
                self.fl_n.next = self.fl_s.val();
            } else {
                self.fl_n.next = self.fl_b.val();
            }
        } else {
            self.fl_n.next = self.fl_k.val();
        }
        self.y_fl.d.next = self.fl_n.val();
        self.y_valid.d.next = self.w_valid.q.val();
        self.y_conn.d.next = self.w_conn.q.val();
        self.e_init.d.next = self.c_init.q.val();
        self.e_ok.d.next = self.c_ok.q.val();
        self.e_paced.d.next = self.c_paced.q.val();
        self.e_none.d.next = self.c_none.q.val();
        self.e_path.d.next = self.c_path.q.val();
        self.e_tag.d.next = self.c_tag.q.val();
        self.e_retx.d.next = self.c_retx.q.val();

        // ---- E7-E8: write the record back; results
        self.recs.write_address.next = self.y_conn.q.val();
        self.recs.write_data.next = self.y_rec.q.val();
        self.recs.write_enable.next = self.y_valid.q.val();
        self.y2_rec.d.next = self.y_rec.q.val();
        self.y2_valid.d.next = self.y_valid.q.val();
        self.y2_conn.d.next = self.y_conn.q.val();
        self.y2_fl.d.next = self.y_fl.q.val();
        // ready_at = ceil(pacer / 256): per byte, + 1 under its carry
        // (precomputed at E6-E7)
        self.ra.next = self.y_rec.q.val().get_bits::<32>(20);
        self.rb0.next = self.ra.val().get_bits::<8>(0);
        self.rb1.next = self.ra.val().get_bits::<8>(8);
        self.rb2.next = self.ra.val().get_bits::<8>(16);
        self.rb3.next = self.ra.val().get_bits::<8>(24);
        if self.y_fl.q.val().get_bit(0) {
            self.rs0.next = self.rb0.val() + 1;
        } else {
            self.rs0.next = self.rb0.val();
        }
        if self.y_fl.q.val().get_bit(1) {
            self.rs1.next = self.rb1.val() + 1;
        } else {
            self.rs1.next = self.rb1.val();
        }
        if self.y_fl.q.val().get_bit(2) {
            self.rs2.next = self.rb2.val() + 1;
        } else {
            self.rs2.next = self.rb2.val();
        }
        if self.y_fl.q.val().get_bit(3) {
            self.rs3.next = self.rb3.val() + 1;
        } else {
            self.rs3.next = self.rb3.val();
        }
        self.o_valid.d.next = self.y_valid.q.val();
        self.o_init.d.next = false;
        self.o_conn.d.next = bits::<IDX>(0);
        self.o_tag.d.next = bits::<16>(0);
        self.o_retx.d.next = false;
        self.o_ok.d.next = false;
        self.o_paced.d.next = false;
        self.o_none.d.next = false;
        self.o_path.d.next = bits::<4>(0);
        self.o_next.d.next = bits::<4>(0);
        self.o_burst.d.next = bits::<8>(0);
        self.o_ready.d.next = bits::<32>(0);
        if self.y_valid.q.val() {
            self.o_init.d.next = self.e_init.q.val();
            self.o_conn.d.next = self.y_conn.q.val();
            self.o_tag.d.next = self.e_tag.q.val();
            self.o_retx.d.next = self.e_retx.q.val();
            self.o_ok.d.next = self.e_ok.q.val();
            self.o_paced.d.next = self.e_paced.q.val();
            self.o_none.d.next = self.e_none.q.val();
            self.o_path.d.next = self.e_path.q.val();
            self.o_next.d.next = self.y_rec.q.val().get_bits::<4>(0);
            self.o_burst.d.next = self.y_rec.q.val().get_bits::<8>(4);
            self.o_ready.d.next = bit_cast::<32, 8>(self.rs0.val())
                | (bit_cast::<32, 8>(self.rs1.val()) << 8)
                | (bit_cast::<32, 8>(self.rs2.val()) << 16)
                | (bit_cast::<32, 8>(self.rs3.val()) << 24);
        }
        self.res_valid.next = self.o_valid.q.val();
        self.res_init.next = self.o_init.q.val();
        self.res_conn.next = self.o_conn.q.val();
        self.res_tag.next = self.o_tag.q.val();
        self.res_retx.next = self.o_retx.q.val();
        self.res_ok.next = self.o_ok.q.val();
        self.res_paced.next = self.o_paced.q.val();
        self.res_no_path.next = self.o_none.q.val();
        self.res_path.next = self.o_path.q.val();
        self.res_next_path.next = self.o_next.q.val();
        self.res_burst.next = self.o_burst.q.val();
        self.res_ready_at.next = self.o_ready.q.val();
    }
}

/// The exported full-size block (`sprayer`: 1,024 connections).
pub type SprayerFull = Sprayer<IDX_FULL, RB_FULL>;
/// The exported tiny block (`sprayer_tiny`: 16 connections).
pub type SprayerTiny = Sprayer<IDX_TINY, RB_TINY>;
