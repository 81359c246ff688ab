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

mod merge;
mod next_path;
mod next_set;
mod rate_rom;
mod sel_add;
use merge::Merge;
use next_path::NextPath;
pub use next_set::NextSet;
pub use rate_rom::RateRom;
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
#[derive(LogicBlock, Default)]
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
    rom: RateRom<RB>,
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
    y_valid: DFF<Bit>,
    y_conn: DFF<Bits<IDX>>,
    y_rec: DFF<Bits<REC_BITS>>,
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
    kxl: Signal<Local, Bit>,
    kyl: Signal<Local, Bit>,
    kxs: Signal<Local, Bit>,
    kys: Signal<Local, Bit>,
    in_rng: Signal<Local, Bit>,
    /// merge (`sprayer/merge.rs`).
    merge: Merge<IDX>,
    /// next_path (`sprayer/next_path.rs`).
    next_path: NextPath<IDX>,
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
            x_retx, x_tag, x_now, x_sm1, x_sm1z, x_use, x_any, x_ser, x_incnz, o_valid, o_init,
            o_conn, o_tag, o_retx, o_ok, o_paced, o_none, o_path, o_next, o_burst, o_ready,
            y_valid, y_conn, y_rec, y2_valid, y2_conn, y2_rec, e_init, e_ok, e_paced, e_none,
            e_path, e_tag, e_retx, y_fl, y2_fl
        );
        self.next_path.clock.next = self.clock.val();
        self.merge.clock.next = self.clock.val();
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
            | (self.rt_hint.val() >= self.rom.rmax.val());
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

        // ---- merge (`sprayer/merge.rs`)
        self.merge.x_ser_q.next = self.x_ser.q.val();
        self.merge.x_now_q.next = self.x_now.q.val();
        self.merge.x_init_q.next = self.x_init.q.val();
        self.merge.x_conn_q.next = self.x_conn.q.val();
        self.merge.w_valid_q.next = self.next_path.w_valid_q.val();
        self.merge.w_conn_q.next = self.next_path.w_conn_q.val();
        self.merge.y_valid_q.next = self.y_valid.q.val();
        self.merge.y_conn_q.next = self.y_conn.q.val();
        self.merge.y2_valid_q.next = self.y2_valid.q.val();
        self.merge.y2_conn_q.next = self.y2_conn.q.val();
        self.merge.w_nb_q.next = self.next_path.w_nb_q.val();
        self.merge.y_rec_q.next = self.y_rec.q.val();
        self.merge.y2_rec_q.next = self.y2_rec.q.val();
        self.merge.recs_read_data.next = self.recs.read_data.val();
        self.merge.w_n_q.next = self.next_path.w_n_q.val();
        self.merge.w_init_q.next = self.next_path.w_init_q.val();
        self.merge.x_valid_q.next = self.x_valid.q.val();
        self.merge.x_incnz_q.next = self.x_incnz.q.val();
        self.merge.w_pick_q.next = self.next_path.w_pick_q.val();
        self.merge.w_incnz_q.next = self.next_path.w_incnz_q.val();
        self.merge.x_any_q.next = self.x_any.q.val();
        self.merge.x_retx_q.next = self.x_retx.q.val();
        self.merge.x_tag_q.next = self.x_tag.q.val();
        self.merge.x_use_q.next = self.x_use.q.val();
        self.merge.x_sm1_q.next = self.x_sm1.q.val();
        self.merge.x_sm1z_q.next = self.x_sm1z.q.val();
        // ---- next_path (`sprayer/next_path.rs`)
        self.next_path.merge_u_fwd1_q.next = self.merge.u_fwd1_q.val();
        self.next_path.merge_u_nb_q.next = self.merge.u_nb_q.val();
        self.next_path.merge_u_pc_q.next = self.merge.u_pc_q.val();
        self.next_path.merge_u_n_q.next = self.merge.u_n_q.val();
        self.next_path.merge_u_a_q.next = self.merge.u_a_q.val();
        self.next_path.merge_u_cl_q.next = self.merge.u_cl_q.val();
        self.next_path.merge_u_ce_q.next = self.merge.u_ce_q.val();
        self.next_path.merge_u_nh_q.next = self.merge.u_nh_q.val();
        self.next_path.merge_u_nh1_q.next = self.merge.u_nh1_q.val();
        self.next_path.merge_u_pick_q.next = self.merge.u_pick_q.val();
        self.next_path.merge_u_busy_q.next = self.merge.u_busy_q.val();
        self.next_path.merge_u_ser_q.next = self.merge.u_ser_q.val();
        self.next_path.merge_u_b_q.next = self.merge.u_b_q.val();
        self.next_path.merge_u_init_q.next = self.merge.u_init_q.val();
        self.next_path.merge_u_c_q.next = self.merge.u_c_q.val();
        self.next_path.merge_u_fwd2_q.next = self.merge.u_fwd2_q.val();
        self.next_path.ns0_nx.next = self.ns0.nx.val();
        self.next_path.ns1_nx.next = self.ns1.nx.val();
        self.next_path.ns2_nx.next = self.ns2.nx.val();
        self.next_path.ns3_nx.next = self.ns3.nx.val();
        self.next_path.ns4_nx.next = self.ns4.nx.val();
        self.next_path.ns5_nx.next = self.ns5.nx.val();
        self.next_path.ns6_nx.next = self.ns6.nx.val();
        self.next_path.ns7_nx.next = self.ns7.nx.val();
        self.next_path.ns8_nx.next = self.ns8.nx.val();
        self.next_path.ns9_nx.next = self.ns9.nx.val();
        self.next_path.ns10_nx.next = self.ns10.nx.val();
        self.next_path.ns11_nx.next = self.ns11.nx.val();
        self.next_path.ns12_nx.next = self.ns12.nx.val();
        self.next_path.ns13_nx.next = self.ns13.nx.val();
        self.next_path.ns14_nx.next = self.ns14.nx.val();
        self.next_path.ns15_nx.next = self.ns15.nx.val();
        self.next_path.ns0_nx1.next = self.ns0.nx1.val();
        self.next_path.ns1_nx1.next = self.ns1.nx1.val();
        self.next_path.ns2_nx1.next = self.ns2.nx1.val();
        self.next_path.ns3_nx1.next = self.ns3.nx1.val();
        self.next_path.ns4_nx1.next = self.ns4.nx1.val();
        self.next_path.ns5_nx1.next = self.ns5.nx1.val();
        self.next_path.ns6_nx1.next = self.ns6.nx1.val();
        self.next_path.ns7_nx1.next = self.ns7.nx1.val();
        self.next_path.ns8_nx1.next = self.ns8.nx1.val();
        self.next_path.ns9_nx1.next = self.ns9.nx1.val();
        self.next_path.ns10_nx1.next = self.ns10.nx1.val();
        self.next_path.ns11_nx1.next = self.ns11.nx1.val();
        self.next_path.ns12_nx1.next = self.ns12.nx1.val();
        self.next_path.ns13_nx1.next = self.ns13.nx1.val();
        self.next_path.ns14_nx1.next = self.ns14.nx1.val();
        self.next_path.ns15_nx1.next = self.ns15.nx1.val();
        self.next_path.merge_u_use_q.next = self.merge.u_use_q.val();
        self.next_path.merge_u_pa_q.next = self.merge.u_pa_q.val();
        self.next_path.merge_u_sm1_q.next = self.merge.u_sm1_q.val();
        self.next_path.merge_u_sm1z_q.next = self.merge.u_sm1z_q.val();
        self.next_path.merge_u_valid_q.next = self.merge.u_valid_q.val();
        self.next_path.merge_u_conn_q.next = self.merge.u_conn_q.val();
        self.next_path.merge_u_incnz_q.next = self.merge.u_incnz_q.val();
        self.next_path.merge_u_any_q.next = self.merge.u_any_q.val();
        self.next_path.merge_u_tag_q.next = self.merge.u_tag_q.val();
        self.next_path.merge_u_retx_q.next = self.merge.u_retx_q.val();
        // ---- E6-E7: the pacer's second clock: a PICK that moves it takes
        // pacer + ser or N + ceil(ser/2) (an INIT: N); any other operation
        // keeps the pacer left by the one 1 ahead (y), 2 ahead (y2) or the
        // merge (3 or more ahead)
        if self.next_path.v_f1_q.val() {
            self.kp.next = self.y_rec.q.val().get_bits::<40>(12);
        } else if self.next_path.v_f2_q.val() {
            self.kp.next = self.y2_rec.q.val().get_bits::<40>(12);
        } else {
            self.kp.next = self.next_path.v_pc_q.val();
        }
        // the signs of N - pacer and pacer - (N - ser/2), from the 39-bit
        // compares' chunk groups (bit 39 of a difference is the top bits'
        // xor and the borrow out of the low 39): the pacer counts when both
        // are >= 0
        self.kxl.next = self.next_path.v_xl_q.val().get_bit(4)
            | (self.next_path.v_xe_q.val().get_bit(4)
                & (self.next_path.v_xl_q.val().get_bit(3)
                    | (self.next_path.v_xe_q.val().get_bit(3)
                        & (self.next_path.v_xl_q.val().get_bit(2)
                            | (self.next_path.v_xe_q.val().get_bit(2)
                                & (self.next_path.v_xl_q.val().get_bit(1)
                                    | (self.next_path.v_xe_q.val().get_bit(1)
                                        & (self.next_path.v_xl_q.val().get_bit(0)))))))));
        self.kyl.next = self.next_path.v_yl_q.val().get_bit(4)
            | (self.next_path.v_ye_q.val().get_bit(4)
                & (self.next_path.v_yl_q.val().get_bit(3)
                    | (self.next_path.v_ye_q.val().get_bit(3)
                        & (self.next_path.v_yl_q.val().get_bit(2)
                            | (self.next_path.v_ye_q.val().get_bit(2)
                                & (self.next_path.v_yl_q.val().get_bit(1)
                                    | (self.next_path.v_ye_q.val().get_bit(1)
                                        & (self.next_path.v_yl_q.val().get_bit(0)))))))));
        self.kxs.next = self.next_path.v_xt_q.val() ^ self.kxl.val();
        self.kys.next = self.next_path.v_yt_q.val() ^ self.kyl.val();
        self.in_rng.next = !self.kxs.val() & !self.kys.val();
        if self.next_path.v_set_q.val() {
            if self.in_rng.val() & !self.next_path.v_init_q.val() {
                self.pn.next = self.next_path.v_sum_q.val();
            } else {
                self.pn.next = self.next_path.v_b_q.val();
            }
        } else {
            self.pn.next = self.kp.val();
        }
        self.y_rec.d.next = bit_cast::<REC_BITS, 12>(self.next_path.w_nb_q.val())
            | (bit_cast::<REC_BITS, 40>(self.pn.val()) << 12);
        // the carries of ready_at = ceil(pacer / 256), per byte of pacer /
        // 256 (bit 0: the low byte is not 0; bit k: and bytes 1..=k of the
        // pacer are all ones), computed per pacer source from registers
        // and selected like the pacer, so E7-E8 only adds them in
        self.fl_s.next = bits::<4>(0)
            .replace_bit(0, self.next_path.v_sum_q.val().get_bits::<8>(0).any())
            .replace_bit(
                1,
                self.next_path.v_sum_q.val().get_bits::<8>(0).any()
                    & self.next_path.v_sum_q.val().get_bits::<8>(8).all(),
            )
            .replace_bit(
                2,
                self.next_path.v_sum_q.val().get_bits::<8>(0).any()
                    & self.next_path.v_sum_q.val().get_bits::<16>(8).all(),
            )
            .replace_bit(
                3,
                self.next_path.v_sum_q.val().get_bits::<8>(0).any()
                    & self.next_path.v_sum_q.val().get_bits::<24>(8).all(),
            );
        self.fl_b.next = bits::<4>(0)
            .replace_bit(0, self.next_path.v_b_q.val().get_bits::<8>(0).any())
            .replace_bit(
                1,
                self.next_path.v_b_q.val().get_bits::<8>(0).any()
                    & self.next_path.v_b_q.val().get_bits::<8>(8).all(),
            )
            .replace_bit(
                2,
                self.next_path.v_b_q.val().get_bits::<8>(0).any()
                    & self.next_path.v_b_q.val().get_bits::<16>(8).all(),
            )
            .replace_bit(
                3,
                self.next_path.v_b_q.val().get_bits::<8>(0).any()
                    & self.next_path.v_b_q.val().get_bits::<24>(8).all(),
            );
        self.fl_p.next = bits::<4>(0)
            .replace_bit(0, self.next_path.v_pc_q.val().get_bits::<8>(0).any())
            .replace_bit(
                1,
                self.next_path.v_pc_q.val().get_bits::<8>(0).any()
                    & self.next_path.v_pc_q.val().get_bits::<8>(8).all(),
            )
            .replace_bit(
                2,
                self.next_path.v_pc_q.val().get_bits::<8>(0).any()
                    & self.next_path.v_pc_q.val().get_bits::<16>(8).all(),
            )
            .replace_bit(
                3,
                self.next_path.v_pc_q.val().get_bits::<8>(0).any()
                    & self.next_path.v_pc_q.val().get_bits::<24>(8).all(),
            );
        if self.next_path.v_f1_q.val() {
            self.fl_k.next = self.y_fl.q.val();
        } else if self.next_path.v_f2_q.val() {
            self.fl_k.next = self.y2_fl.q.val();
        } else {
            self.fl_k.next = self.fl_p.val();
        }
        if self.next_path.v_set_q.val() {
            if self.in_rng.val() & !self.next_path.v_init_q.val() {
                self.fl_n.next = self.fl_s.val();
            } else {
                self.fl_n.next = self.fl_b.val();
            }
        } else {
            self.fl_n.next = self.fl_k.val();
        }
        self.y_fl.d.next = self.fl_n.val();
        self.y_valid.d.next = self.next_path.w_valid_q.val();
        self.y_conn.d.next = self.next_path.w_conn_q.val();
        self.e_init.d.next = self.next_path.c_init_q.val();
        self.e_ok.d.next = self.next_path.c_ok_q.val();
        self.e_paced.d.next = self.next_path.c_paced_q.val();
        self.e_none.d.next = self.next_path.c_none_q.val();
        self.e_path.d.next = self.next_path.c_path_q.val();
        self.e_tag.d.next = self.next_path.c_tag_q.val();
        self.e_retx.d.next = self.next_path.c_retx_q.val();

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
/// The exported mid block (`sprayer_mid`: 512 connections).
pub type SprayerMid = Sprayer<9, RB_FULL>;
