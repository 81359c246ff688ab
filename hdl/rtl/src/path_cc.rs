//! Sender per-path congestion control for every path of every connection:
//! RTT estimate (Jacobson/Karels), retransmission timer and DCTCP window,
//! state in block RAM (one record per path, see [`crate::path_cc_rec`]).
//! It computes `cwnd`; in-flight accounting stays in `path_window`.
//!
//! # Behaviour (normative; `braid_model::PathCcModel` is the bit- and
//! cycle-exact reference)
//!
//! One event per clock (II = 1): `ev_valid` with `ev_kind`, path `idx` and
//! the arguments; `now` (ticks, wraps) and the `cfg_*` inputs are sampled
//! with the event. Every event on a path sees the result of every earlier
//! event on that path, whatever the distance (in-flight records are
//! forwarded; nothing stalls). The event's result shows on the outputs 7
//! clocks after the edge that registers it (`step(n)` -> `step(n + 7)` in
//! the model): `res_valid`, `res_idx` and the path's state after the event
//! (`cwnd`, `alpha`, `srtt`, `rttvar`, `rto_deadline`, `armed`,
//! `timeouts`, `failed` = `flags.failed`), `rto` computed from that state,
//! and the `rehash`/`retire` pulses. Without a result `res_valid`, `rehash`
//! and `retire` are 0 and
//! the other outputs hold. Power-up state of every path is all zeros.
//!
//! Notation: `k = min(ceil(log2(max(W, 1))), 8)` with `W = cfg_cwnd_max >>
//! 9` (half the window cap in whole packets; the cap is twice the path's
//! BDP share, so `2^k` is the power of two at or above the expected
//! window): the DCTCP observation window is `2^k` acknowledged packets.
//! `g = cfg_g + 3` (gain `2^-g`; `cfg_g = 1` is DCTCP's 1/16).
//! `rto(state) = min(clamp(srtt + 4 rttvar, rto_min, rto_max) <<
//! min(timeouts, 6), rto_max)` (`clamp(x, lo, hi) = min(max(x, lo), hi)`);
//! with no sample yet it is `rto_min`.
//!
//! * `ev_kind` 1 **init**: `cwnd = clamp(cfg_cwnd_init, cwnd_min,
//!   cwnd_max)`, `alpha = cfg_alpha_init`, everything else 0, `flags` =
//!   active.
//! * 2 **ack** (`n` newly acknowledged, `m` CE-marked, both 9 bits;
//!   `rtt_valid`/`rtt` a 24-bit sample `now - ts_echo`; `idle`: nothing is
//!   outstanding on the path after this ACK):
//!   - RTT: first sample (`srtt == 0`): `srtt = rtt, rttvar = rtt >> 1`;
//!     else `srtt = (7 srtt + rtt) >> 3` (= `srtt + (rtt - srtt) >> 3`
//!     with an arithmetic shift), `rttvar = (3 rttvar + |rtt - srtt|) >> 2`
//!     (old `srtt`).
//!   - DCTCP: `sa = acc_acked + n`, `sm = min(acc_marked + m, 1023)`. If
//!     `sa >= 2^k` the window closes: `F = min(sm << (16 - k), 0xffff)`
//!     (`sm / 2^k` in 0.16), `alpha = alpha - (alpha >> g) + (F >> g)`,
//!     the accumulators and `loss_cut` clear. Else they keep `sa`, `sm`.
//!   - Window: a close with `sm > 0` cuts once: `cwnd = cwnd - (cwnd >> s)`
//!     if `cwnd >= 2 cwnd_min` (the result is then at least `cwnd_min`),
//!     else `cwnd = cwnd_min`; `s = clamp(17 - L - r, 1, 4)` from the new
//!     alpha (`L` its top set bit, `r` the bit below it): alpha is
//!     quantised to the power of two `2^(1-s)` nearest to it in the log
//!     domain, at least 1/8 (so alpha below 3/16 cuts 1/16 of the window),
//!     and the cut `cwnd * alpha / 2` is one shift and one subtract.
//!     Otherwise, if `n > 0` and `m == 0`: additive increase `cwnd =
//!     min(cwnd + (n << (8 - k)), cwnd_max)` (one packet per `2^k` acked).
//!   - Timer: if `n > 0`, `timeouts = 0` and the timer restarts
//!     (`armed = 1`, `rto_deadline = now + rto`) or, if `idle`, stops
//!     (`armed = 0`, deadline kept).
//! * 3 **loss** (`n` proven lost): if `n > 0` and no loss cut yet in this
//!   observation window: `cwnd = cwnd >= 2 cwnd_min ? cwnd >> 1 :
//!   cwnd_min`, `loss_cut = 1` (net.rs does not cut on a proven loss; a
//!   once-per-window halving is the TCP rule).
//! * 4 **timeout**: ignored unless `armed`. Then `fired`, `timeouts += 1`
//!   (saturating), `cwnd = cwnd_min`, `rto_deadline = now + rto` (backed
//!   off with the new count) and the timer stops (`armed = 0`): the top
//!   declares every PSN outstanding on the path lost, so nothing is left
//!   to time; the next send on the path starts it again at the backed-off
//!   RTO, as net.rs's `on_rto` clears `timer_at` (an idle path that kept
//!   its timer would time out, re-hash and finally retire with no packet
//!   in flight); `retire` (and `flags.failed`) if `timeouts ==
//!   cfg_retire_after` and the path is not retired yet (an ACK of new data
//!   restarts the count, not the retirement: a path retires once per
//!   init); else `rehash` if `cfg_rehash_after != 0`, `timeouts >= cfg_rehash_after`
//!   and the path is not retired (`flags.failed`): from `rehash_after` on,
//!   every timeout moves the path to a new route until it retires.
//! * 5 **send**: if not `armed`, `armed = 1, rto_deadline = now + rto`
//!   (exactly one timer per path; the timer wheel outside keys on
//!   `rto_deadline`).
//! * 0, 6, 7 **read**: no change.
//!
//! Pipeline (edge E0 registers the event): E1 reads the record from block
//! RAM; the fields are updated in one-clock loops in later stages (srtt,
//! timer, accumulators at E2; rttvar E3; alpha E4; cwnd E6/E7;
//! rto_deadline E7), each fed by the previous event's result when it is on
//! the same path and otherwise by a record forwarded from the pipeline or
//! the write history (events up to 7 ahead) chosen one clock earlier, or
//! the RAM word. The window takes two clocks: E6 computes the class's
//! arithmetic result `p` (one adder, operands chosen by the class) and,
//! beside it, whether a constant `q` (init window, minimum, maximum)
//! replaces it; E7 applies the choice. An event right behind one on the
//! same path starts from that event's `p` register when the constant does
//! not replace it (the one-clock loop is that adder alone) and from its
//! `q` otherwise. E4..E6 compute the RTO (`rto_max >> t` at E4, the three
//! comparisons and both shifted values side by side at E5, the pick at
//! E6); E7 writes the record back (the write lands at E8). Adders and
//! comparators are conditional-sum adders (`crate::cond_sum_add`).

use crate::cond_sum_add::{CondAdd, CondSumAdd};
use crate::path_cc_rec::*;
use rust_hdl::prelude::*;

/// Index bits of the exported block (16,384 paths).
pub const PATH_CC_INDEX_BITS: usize = 14;
/// Index bits of the small block (64 paths).
pub const PATH_CC_TINY_INDEX_BITS: usize = 6;

/// The exported 16,384-path block.
pub type PathCcFull = PathCc<PATH_CC_INDEX_BITS>;
/// The 64-path block (same logic).
pub type PathCcTiny = PathCc<PATH_CC_TINY_INDEX_BITS>;
/// The 8,192-path block of the mid build (same logic).
pub type PathCcMid = PathCc<13>;

/// Per-path RTT, RTO and DCTCP window for 2^N paths.
#[derive(LogicBlock, Default)]
pub struct PathCc<const N: usize> {
    /// Engine clock.
    pub clock: Signal<In, Clock>,
    /// An event this clock.
    pub ev_valid: Signal<In, Bit>,
    /// 0 read, 1 init, 2 ack, 3 loss, 4 timeout, 5 send (6, 7: read).
    pub ev_kind: Signal<In, Bits<3>>,
    /// Path index.
    pub idx: Signal<In, Bits<N>>,
    /// Packets acknowledged (ack) or lost (loss).
    pub n: Signal<In, Bits<9>>,
    /// CE-marked packets (ack).
    pub m: Signal<In, Bits<9>>,
    /// The ack carries an RTT sample.
    pub rtt_valid: Signal<In, Bit>,
    /// RTT sample in ticks.
    pub rtt: Signal<In, Bits<24>>,
    /// Ack: nothing outstanding on the path after it.
    pub idle: Signal<In, Bit>,
    /// Current tick.
    pub now: Signal<In, Bits<32>>,
    /// Window after init (16.8 packets).
    pub cfg_cwnd_init: Signal<In, Bits<CWND_W>>,
    /// Smallest window.
    pub cfg_cwnd_min: Signal<In, Bits<CWND_W>>,
    /// Largest window (twice the path's BDP share).
    pub cfg_cwnd_max: Signal<In, Bits<CWND_W>>,
    /// alpha after init.
    pub cfg_alpha_init: Signal<In, Bits<ALPHA_W>>,
    /// Smallest RTO.
    pub cfg_rto_min: Signal<In, Bits<32>>,
    /// Largest RTO and backoff cap.
    pub cfg_rto_max: Signal<In, Bits<32>>,
    /// Timeouts in a row from which every timeout asks for a re-hash (0:
    /// never).
    pub cfg_rehash_after: Signal<In, Bits<8>>,
    /// Timeouts in a row that retire the path (0: never).
    pub cfg_retire_after: Signal<In, Bits<8>>,
    /// DCTCP gain 2^-(cfg_g + 3).
    pub cfg_g: Signal<In, Bits<2>>,
    /// A result.
    pub res_valid: Signal<Out, Bit>,
    /// Its path.
    pub res_idx: Signal<Out, Bits<N>>,
    /// Window (16.8 packets).
    pub cwnd: Signal<Out, Bits<CWND_W>>,
    /// Marked fraction (0.16).
    pub alpha: Signal<Out, Bits<ALPHA_W>>,
    /// Smoothed RTT.
    pub srtt: Signal<Out, Bits<SRTT_W>>,
    /// RTT variation.
    pub rttvar: Signal<Out, Bits<RTTVAR_W>>,
    /// Retransmission timeout of the state after the event.
    pub rto: Signal<Out, Bits<32>>,
    /// Timer deadline.
    pub rto_deadline: Signal<Out, Bits<DEADLINE_W>>,
    /// The timer is running.
    pub armed: Signal<Out, Bit>,
    /// Consecutive timeouts.
    pub timeouts: Signal<Out, Bits<TIMEOUTS_W>>,
    /// Re-hash the path (pulse).
    pub rehash: Signal<Out, Bit>,
    /// Retire the path (pulse).
    pub retire: Signal<Out, Bit>,
    /// The event was a timeout of a running timer (pulse): the path's
    /// outstanding PSNs are lost and its timer has stopped.
    pub fired: Signal<Out, Bit>,
    /// The path is retired (`flags.failed` of the state after the event).
    pub failed: Signal<Out, Bit>,

    state_ram: RAM<Bits<REC_W>, N>,

    // E0: inputs
    s0_v: DFF<Bit>,
    s0_kind: DFF<Bits<3>>,
    s0_idx: DFF<Bits<N>>,
    s0_n: DFF<Bits<9>>,
    s0_m: DFF<Bits<9>>,
    s0_rtt_v: DFF<Bit>,
    s0_rtt: DFF<Bits<24>>,
    s0_idle: DFF<Bit>,
    s0_now: DFF<Bits<32>>,
    s0_cw_init: DFF<Bits<CWND_W>>,
    s0_cw_min: DFF<Bits<CWND_W>>,
    s0_cw_max: DFF<Bits<CWND_W>>,
    s0_a_init: DFF<Bits<ALPHA_W>>,
    s0_rto_min: DFF<Bits<32>>,
    s0_rto_max: DFF<Bits<32>>,
    s0_rehash: DFF<Bits<8>>,
    s0_retire: DFF<Bits<8>>,
    s0_g: DFF<Bits<2>>,

    // E1: RAM read, matches, prep
    m1: Signal<Local, Bit>,
    m2: Signal<Local, Bit>,
    m3: Signal<Local, Bit>,
    m4: Signal<Local, Bit>,
    m5: Signal<Local, Bit>,
    m6: Signal<Local, Bit>,
    m7: Signal<Local, Bit>,
    wm1: Signal<Local, Bits<15>>,
    sub_wm1: CondAdd<15>,
    cmp_init: CondAdd<25>,
    s1_v: DFF<Bit>,
    s1_kind: DFF<Bits<3>>,
    s1_idx: DFF<Bits<N>>,
    s1_n: DFF<Bits<9>>,
    s1_m: DFF<Bits<9>>,
    s1_rtt_v: DFF<Bit>,
    s1_rtt: DFF<Bits<24>>,
    s1_idle: DFF<Bit>,
    s1_now: DFF<Bits<32>>,
    s1_cw_min: DFF<Bits<CWND_W>>,
    s1_cw_max: DFF<Bits<CWND_W>>,
    s1_a_init: DFF<Bits<ALPHA_W>>,
    s1_rto_min: DFF<Bits<32>>,
    s1_rto_max: DFF<Bits<32>>,
    s1_rehash: DFF<Bits<8>>,
    s1_rh_nz: DFF<Bit>,
    s1_ret_m1: DFF<Bits<8>>,
    s1_ret_nz: DFF<Bit>,
    s1_ret_ff: DFF<Bit>,
    s1_g: DFF<Bits<2>>,
    s1_k: DFF<Bits<4>>,
    s1_himask: DFF<Bits<ACC_W>>,
    s1_inc: DFF<Bits<17>>,
    s1_init_t: DFF<Bits<CWND_W>>,
    s1_match: DFF<Bits<8>>,
    s1_far: DFF<Bit>,
    s1_oth: DFF<Bits<REC_W>>,

    // E2 (A): srtt, timer, accumulators
    mux_a0: Mux2<REC_W>,
    mux_a1: Mux2<REC_W>,
    a_srtt: Signal<Local, Bits<SRTT_W>>,
    a_tmo: Signal<Local, Bits<TIMEOUTS_W>>,
    a_tmo_inc: Signal<Local, Bits<TIMEOUTS_W>>,
    a_flags: Signal<Local, Bits<FLAGS_W>>,
    a_armed: Signal<Local, Bit>,
    a_lcut: Signal<Local, Bit>,
    a_is_init: Signal<Local, Bit>,
    a_is_ack: Signal<Local, Bit>,
    a_is_loss: Signal<Local, Bit>,
    a_is_to: Signal<Local, Bit>,
    a_is_send: Signal<Local, Bit>,
    a_n_nz: Signal<Local, Bit>,
    a_fired: Signal<Local, Bit>,
    a_ret: Signal<Local, Bit>,
    a_close: Signal<Local, Bit>,
    a_sm: Signal<Local, Bits<ACC_W>>,
    a_sm_raw: Signal<Local, Bits<11>>,
    a_first: Signal<Local, Bit>,
    a_new_srtt: Signal<Local, Bits<SRTT_W>>,
    a_csa_s: Signal<Local, Bits<28>>,
    a_csa_c: Signal<Local, Bits<28>>,
    a_x: Signal<Local, Bits<28>>,
    a_y: Signal<Local, Bits<28>>,
    a_z: Signal<Local, Bits<28>>,
    add_srtt: CondAdd<28>,
    add_e1: CondAdd<25>,
    add_e2: CondAdd<25>,
    add_sa: CondAdd<ACC_W>,
    add_sm: CondAdd<11>,
    pk2: CcPack,
    s2_v: DFF<Bit>,
    s2_idx: DFF<Bits<N>>,
    s2_now: DFF<Bits<32>>,
    s2_cw_min: DFF<Bits<CWND_W>>,
    s2_cw_max: DFF<Bits<CWND_W>>,
    s2_a_init: DFF<Bits<ALPHA_W>>,
    s2_rto_min: DFF<Bits<32>>,
    s2_rto_max: DFF<Bits<32>>,
    s2_g: DFF<Bits<2>>,
    s2_k: DFF<Bits<4>>,
    s2_himask: DFF<Bits<ACC_W>>,
    s2_inc: DFF<Bits<17>>,
    s2_init_t: DFF<Bits<CWND_W>>,
    s2_match: DFF<Bits<8>>,
    s2_rec: DFF<Bits<REC_W>>,
    s2_oth: DFF<Bits<REC_W>>,
    s2_init: DFF<Bit>,
    s2_fired: DFF<Bit>,
    s2_lcut: DFF<Bit>,
    s2_ecn: DFF<Bit>,
    s2_ai: DFF<Bit>,
    s2_rep: DFF<Bit>,
    s2_rep_zero: DFF<Bit>,
    s2_rehash: DFF<Bit>,
    s2_retire: DFF<Bit>,
    s2_rv_upd: DFF<Bit>,
    s2_rv_first: DFF<Bit>,
    s2_close: DFF<Bit>,
    s2_sm: DFF<Bits<ACC_W>>,
    s2_aerr: DFF<Bits<24>>,
    s2_rtt_half: DFF<Bits<24>>,

    // E3 (B): rttvar; F >> g
    mux_b: Mux2<RTTVAR_W>,
    b_rv_new: Signal<Local, Bits<RTTVAR_W>>,
    b_x: Signal<Local, Bits<27>>,
    b_y: Signal<Local, Bits<27>>,
    b_z: Signal<Local, Bits<27>>,
    b_f: Signal<Local, Bits<16>>,
    b_fg: Signal<Local, Bits<16>>,
    add_rv: CondAdd<27>,
    pk3: CcPack,
    s3_v: DFF<Bit>,
    s3_idx: DFF<Bits<N>>,
    s3_now: DFF<Bits<32>>,
    s3_cw_min: DFF<Bits<CWND_W>>,
    s3_cw_max: DFF<Bits<CWND_W>>,
    s3_a_init: DFF<Bits<ALPHA_W>>,
    s3_rto_min: DFF<Bits<32>>,
    s3_rto_max: DFF<Bits<32>>,
    s3_g: DFF<Bits<2>>,
    s3_inc: DFF<Bits<17>>,
    s3_init_t: DFF<Bits<CWND_W>>,
    s3_match: DFF<Bits<8>>,
    s3_rec: DFF<Bits<REC_W>>,
    s3_oth: DFF<Bits<REC_W>>,
    s3_init: DFF<Bit>,
    s3_fired: DFF<Bit>,
    s3_lcut: DFF<Bit>,
    s3_ecn: DFF<Bit>,
    s3_ai: DFF<Bit>,
    s3_rep: DFF<Bit>,
    s3_rep_zero: DFF<Bit>,
    s3_rehash: DFF<Bit>,
    s3_retire: DFF<Bit>,
    s3_close: DFF<Bit>,
    s3_fg: DFF<Bits<16>>,

    // E4 (C): alpha; srtt + 4 rttvar
    mux_c: Mux2<ALPHA_W>,
    c_ag: Signal<Local, Bits<ALPHA_W>>,
    c_x: Signal<Local, Bits<17>>,
    c_y: Signal<Local, Bits<17>>,
    c_z: Signal<Local, Bits<17>>,
    c_alpha: Signal<Local, Bits<ALPHA_W>>,
    add_alpha: CondAdd<17>,
    add_rto: CondAdd<32>,
    cmp_icw: CondAdd<25>,
    pk4: CcPack,
    s4_v: DFF<Bit>,
    s4_idx: DFF<Bits<N>>,
    s4_now: DFF<Bits<32>>,
    s4_cw_min: DFF<Bits<CWND_W>>,
    s4_cw_max: DFF<Bits<CWND_W>>,
    s4_rto_min: DFF<Bits<32>>,
    s4_rto_max: DFF<Bits<32>>,
    s4_inc: DFF<Bits<17>>,
    s4_init_cw: DFF<Bits<CWND_W>>,
    s4_match: DFF<Bits<8>>,
    s4_rec: DFF<Bits<REC_W>>,
    s4_init: DFF<Bit>,
    s4_fired: DFF<Bit>,
    s4_lcut: DFF<Bit>,
    s4_ecn: DFF<Bit>,
    s4_ai: DFF<Bit>,
    s4_rep: DFF<Bit>,
    s4_rep_zero: DFF<Bit>,
    s4_rehash: DFF<Bit>,
    s4_retire: DFF<Bit>,
    s4_rto_sum: DFF<Bits<32>>,
    s4_mt: DFF<Bits<32>>,
    c_tmo: Signal<Local, Bits<TIMEOUTS_W>>,

    // E5 (D): cut shift, RTO clamp, AI limit, init window
    d_al: Signal<Local, Bits<ALPHA_W>>,
    add_mmi: CondAdd<25>,
    d_nmin: Signal<Local, Bits<32>>,
    d_nsum: Signal<Local, Bits<32>>,
    d_tmo: Signal<Local, Bits<TIMEOUTS_W>>,
    d_sh_sum: Signal<Local, Bits<32>>,
    d_sh_min: Signal<Local, Bits<32>>,
    cmp_lo: CondSumAdd,
    cmp_os: CondSumAdd,
    cmp_om: CondSumAdd,
    s5_v: DFF<Bit>,
    s5_idx: DFF<Bits<N>>,
    s5_now: DFF<Bits<32>>,
    s5_cw_min: DFF<Bits<CWND_W>>,
    s5_rto_max: DFF<Bits<32>>,
    s5_inc: DFF<Bits<17>>,
    s5_match: DFF<Bits<8>>,
    s5_rec: DFF<Bits<REC_W>>,
    s5_co: DFF<Bits<CWND_W>>,
    s5_q: DFF<Bits<CWND_W>>,
    s5_kc: DFF<Bit>,
    s5_kh: DFF<Bit>,
    s5_kx: DFF<Bit>,
    s5_ka: DFF<Bit>,
    s5_rep: DFF<Bit>,
    s5_rep_zero: DFF<Bit>,
    s5_rehash: DFF<Bit>,
    s5_fired: DFF<Bit>,
    s5_retire: DFF<Bit>,
    s5_sh: DFF<Bits<32>>,
    s5_over: DFF<Bit>,
    s5_cs: DFF<Bits<2>>,
    s5_mmi: DFF<Bits<CWND_W>>,
    s5_mmi_neg: DFF<Bit>,

    // E6 (E): cwnd candidate; RTO backoff
    cand: CwndCand,
    pk6: CcPack,
    s6_q: DFF<Bits<CWND_W>>,
    s6_uq: DFF<Bit>,
    s6_v: DFF<Bit>,
    s6_idx: DFF<Bits<N>>,
    s6_now: DFF<Bits<32>>,
    s6_match: DFF<Bits<8>>,
    s6_rec: DFF<Bits<REC_W>>,
    s6_oth: DFF<Bits<REC_W>>,
    s6_rep: DFF<Bit>,
    s6_rep_zero: DFF<Bit>,
    s6_rehash: DFF<Bit>,
    s6_retire: DFF<Bit>,
    s6_fired: DFF<Bit>,
    s6_rto: DFF<Bits<32>>,

    // E7 (F): deadline; outputs; write-back
    mux_f: Mux2<DEADLINE_W>,
    f_new: Signal<Local, Bits<DEADLINE_W>>,
    add_dl: CondAdd<32>,
    pk7: CcPack,
    s7_v: DFF<Bit>,
    s7_idx: DFF<Bits<N>>,
    s7_rec: DFF<Bits<REC_W>>,
    s7_rto: DFF<Bits<32>>,
    s7_rehash: DFF<Bit>,
    s7_retire: DFF<Bit>,
    s7_fired: DFF<Bit>,
    // write history: the records written 1..5 edges ago
    s8_rec: DFF<Bits<REC_W>>,
    s9_rec: DFF<Bits<REC_W>>,
    s10_rec: DFF<Bits<REC_W>>,
    s11_rec: DFF<Bits<REC_W>>,
    s12_rec: DFF<Bits<REC_W>>,
}

// the update code mirrors the normative branches one to one
#[allow(clippy::collapsible_else_if, clippy::collapsible_if)]
impl<const N: usize> Logic for PathCc<N> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            clock,
            s0_v,
            s0_kind,
            s0_idx,
            s0_n,
            s0_m,
            s0_rtt_v,
            s0_rtt,
            s0_idle,
            s0_now,
            s0_cw_init,
            s0_cw_min,
            s0_cw_max,
            s0_a_init,
            s0_rto_min,
            s0_rto_max,
            s0_rehash,
            s0_retire,
            s0_g,
            s1_v,
            s1_kind,
            s1_idx,
            s1_n,
            s1_m,
            s1_rtt_v,
            s1_rtt,
            s1_idle,
            s1_now,
            s1_cw_min,
            s1_cw_max,
            s1_a_init,
            s1_rto_min,
            s1_rto_max,
            s1_rehash,
            s1_rh_nz,
            s1_ret_m1,
            s1_ret_nz,
            s1_ret_ff,
            s1_g,
            s1_k,
            s1_himask,
            s1_inc,
            s1_init_t,
            s1_match,
            s1_far,
            s1_oth,
            s2_v,
            s2_idx,
            s2_now,
            s2_cw_min,
            s2_cw_max,
            s2_a_init,
            s2_rto_min,
            s2_rto_max,
            s2_g,
            s2_k,
            s2_himask,
            s2_inc,
            s2_init_t,
            s2_match,
            s2_rec,
            s2_oth,
            s2_init,
            s2_fired,
            s2_lcut,
            s2_ecn,
            s2_ai,
            s2_rep,
            s2_rep_zero,
            s2_rehash,
            s2_retire,
            s2_rv_upd,
            s2_rv_first,
            s2_close,
            s2_sm,
            s2_aerr,
            s2_rtt_half,
            s3_v,
            s3_idx,
            s3_now,
            s3_cw_min,
            s3_cw_max,
            s3_a_init,
            s3_rto_min,
            s3_rto_max,
            s3_g,
            s3_inc,
            s3_init_t,
            s3_match,
            s3_rec,
            s3_oth,
            s3_init,
            s3_fired,
            s3_lcut,
            s3_ecn,
            s3_ai,
            s3_rep,
            s3_rep_zero,
            s3_rehash,
            s3_retire,
            s3_close,
            s3_fg,
            s4_v,
            s4_idx,
            s4_now,
            s4_cw_min,
            s4_cw_max,
            s4_rto_min,
            s4_rto_max,
            s4_inc,
            s4_init_cw,
            s4_match,
            s4_rec,
            s4_init,
            s4_fired,
            s4_lcut,
            s4_ecn,
            s4_ai,
            s4_rep,
            s4_rep_zero,
            s4_rehash,
            s4_retire,
            s4_rto_sum,
            s4_mt,
            s5_v,
            s5_idx,
            s5_now,
            s5_cw_min,
            s5_rto_max,
            s5_inc,
            s5_match,
            s5_rec,
            s5_co,
            s5_q,
            s5_kc,
            s5_kh,
            s5_kx,
            s5_ka,
            s5_rep,
            s5_rep_zero,
            s5_rehash,
            s5_retire,
            s5_fired,
            s5_sh,
            s5_over,
            s5_cs,
            s5_mmi,
            s5_mmi_neg,
            s6_v,
            s6_idx,
            s6_now,
            s6_match,
            s6_rec,
            s6_oth,
            s6_rep,
            s6_rep_zero,
            s6_rehash,
            s6_retire,
            s6_fired,
            s6_rto,
            s6_q,
            s6_uq,
            s7_v,
            s7_idx,
            s7_rec,
            s7_rto,
            s7_rehash,
            s7_retire,
            s7_fired,
            s8_rec,
            s9_rec,
            s10_rec,
            s11_rec,
            s12_rec
        );
        self.state_ram.read_clock.next = self.clock.val();
        self.state_ram.write_clock.next = self.clock.val();

        // ---------------------------------------------------------- E0
        self.s0_v.d.next = self.ev_valid.val();
        self.s0_kind.d.next = self.ev_kind.val();
        self.s0_idx.d.next = self.idx.val();
        self.s0_n.d.next = self.n.val();
        self.s0_m.d.next = self.m.val();
        self.s0_rtt_v.d.next = self.rtt_valid.val();
        self.s0_rtt.d.next = self.rtt.val();
        self.s0_idle.d.next = self.idle.val();
        self.s0_now.d.next = self.now.val();
        self.s0_cw_init.d.next = self.cfg_cwnd_init.val();
        self.s0_cw_min.d.next = self.cfg_cwnd_min.val();
        self.s0_cw_max.d.next = self.cfg_cwnd_max.val();
        self.s0_a_init.d.next = self.cfg_alpha_init.val();
        self.s0_rto_min.d.next = self.cfg_rto_min.val();
        self.s0_rto_max.d.next = self.cfg_rto_max.val();
        self.s0_rehash.d.next = self.cfg_rehash_after.val();
        self.s0_retire.d.next = self.cfg_retire_after.val();
        self.s0_g.d.next = self.cfg_g.val();

        // ---------------------------------------------------------- E1
        self.state_ram.read_address.next = self.s0_idx.q.val();
        // event at distance d is in register d
        self.m1.next =
            self.s0_v.q.val() & self.s1_v.q.val() & (self.s0_idx.q.val() == self.s1_idx.q.val());
        self.m2.next =
            self.s0_v.q.val() & self.s2_v.q.val() & (self.s0_idx.q.val() == self.s2_idx.q.val());
        self.m3.next =
            self.s0_v.q.val() & self.s3_v.q.val() & (self.s0_idx.q.val() == self.s3_idx.q.val());
        self.m4.next =
            self.s0_v.q.val() & self.s4_v.q.val() & (self.s0_idx.q.val() == self.s4_idx.q.val());
        self.m5.next =
            self.s0_v.q.val() & self.s5_v.q.val() & (self.s0_idx.q.val() == self.s5_idx.q.val());
        self.m6.next =
            self.s0_v.q.val() & self.s6_v.q.val() & (self.s0_idx.q.val() == self.s6_idx.q.val());
        self.m7.next =
            self.s0_v.q.val() & self.s7_v.q.val() & (self.s0_idx.q.val() == self.s7_idx.q.val());
        self.s1_match.d.next = (bit_cast::<8, 1>(self.m1.val().into()) << 1)
            | (bit_cast::<8, 1>(self.m2.val().into()) << 2)
            | (bit_cast::<8, 1>(self.m3.val().into()) << 3)
            | (bit_cast::<8, 1>(self.m4.val().into()) << 4)
            | (bit_cast::<8, 1>(self.m5.val().into()) << 5)
            | (bit_cast::<8, 1>(self.m6.val().into()) << 6)
            | (bit_cast::<8, 1>(self.m7.val().into()) << 7);
        self.s1_far.d.next = self.m2.val()
            | self.m3.val()
            | self.m4.val()
            | self.m5.val()
            | self.m6.val()
            | self.m7.val();
        // nearest of distances 2..7 (the fields updated at E2 are final in all)
        if self.m2.val() {
            self.s1_oth.d.next = self.s2_rec.q.val();
        } else if self.m3.val() {
            self.s1_oth.d.next = self.s3_rec.q.val();
        } else if self.m4.val() {
            self.s1_oth.d.next = self.s4_rec.q.val();
        } else if self.m5.val() {
            self.s1_oth.d.next = self.s5_rec.q.val();
        } else if self.m6.val() {
            self.s1_oth.d.next = self.s6_rec.q.val();
        } else {
            self.s1_oth.d.next = self.s7_rec.q.val();
        }
        // observation window 2^k, AI step n << (8 - k)
        self.sub_wm1.a.next = self.s0_cw_max.q.val().get_bits::<15>(9);
        self.sub_wm1.b.next = bits::<15>(0x7fff);
        self.sub_wm1.cin.next = false;
        self.wm1.next = self.sub_wm1.sum.val();
        self.s1_k.d.next = bits::<4>(0);
        self.s1_himask.d.next = bits::<ACC_W>(0x3ff);
        self.s1_inc.d.next = bit_cast::<17, 9>(self.s0_n.q.val()) << 8;
        if !self.s0_cw_max.q.val().get_bits::<14>(10).any() {
            self.s1_k.d.next = bits::<4>(0);
        } else if self.wm1.val().get_bits::<8>(7).any() {
            self.s1_k.d.next = bits::<4>(8);
            self.s1_himask.d.next = bits::<ACC_W>(0x300);
            self.s1_inc.d.next = bit_cast::<17, 9>(self.s0_n.q.val());
        } else if self.wm1.val().get_bit(6) {
            self.s1_k.d.next = bits::<4>(7);
            self.s1_himask.d.next = bits::<ACC_W>(0x380);
            self.s1_inc.d.next = bit_cast::<17, 9>(self.s0_n.q.val()) << 1;
        } else if self.wm1.val().get_bit(5) {
            self.s1_k.d.next = bits::<4>(6);
            self.s1_himask.d.next = bits::<ACC_W>(0x3c0);
            self.s1_inc.d.next = bit_cast::<17, 9>(self.s0_n.q.val()) << 2;
        } else if self.wm1.val().get_bit(4) {
            self.s1_k.d.next = bits::<4>(5);
            self.s1_himask.d.next = bits::<ACC_W>(0x3e0);
            self.s1_inc.d.next = bit_cast::<17, 9>(self.s0_n.q.val()) << 3;
        } else if self.wm1.val().get_bit(3) {
            self.s1_k.d.next = bits::<4>(4);
            self.s1_himask.d.next = bits::<ACC_W>(0x3f0);
            self.s1_inc.d.next = bit_cast::<17, 9>(self.s0_n.q.val()) << 4;
        } else if self.wm1.val().get_bit(2) {
            self.s1_k.d.next = bits::<4>(3);
            self.s1_himask.d.next = bits::<ACC_W>(0x3f8);
            self.s1_inc.d.next = bit_cast::<17, 9>(self.s0_n.q.val()) << 5;
        } else if self.wm1.val().get_bit(1) {
            self.s1_k.d.next = bits::<4>(2);
            self.s1_himask.d.next = bits::<ACC_W>(0x3fc);
            self.s1_inc.d.next = bit_cast::<17, 9>(self.s0_n.q.val()) << 6;
        } else {
            self.s1_k.d.next = bits::<4>(1);
            self.s1_himask.d.next = bits::<ACC_W>(0x3fe);
            self.s1_inc.d.next = bit_cast::<17, 9>(self.s0_n.q.val()) << 7;
        }
        self.cmp_init.a.next = bit_cast::<25, CWND_W>(self.s0_cw_init.q.val());
        self.cmp_init.b.next = !bit_cast::<25, CWND_W>(self.s0_cw_min.q.val());
        self.cmp_init.cin.next = true;
        if self.cmp_init.sum.val().get_bit(24) {
            self.s1_init_t.d.next = self.s0_cw_min.q.val();
        } else {
            self.s1_init_t.d.next = self.s0_cw_init.q.val();
        }
        self.s1_v.d.next = self.s0_v.q.val();
        self.s1_kind.d.next = self.s0_kind.q.val();
        self.s1_idx.d.next = self.s0_idx.q.val();
        self.s1_n.d.next = self.s0_n.q.val();
        self.s1_m.d.next = self.s0_m.q.val();
        self.s1_rtt_v.d.next = self.s0_rtt_v.q.val();
        self.s1_rtt.d.next = self.s0_rtt.q.val();
        self.s1_idle.d.next = self.s0_idle.q.val();
        self.s1_now.d.next = self.s0_now.q.val();
        self.s1_cw_min.d.next = self.s0_cw_min.q.val();
        self.s1_cw_max.d.next = self.s0_cw_max.q.val();
        self.s1_a_init.d.next = self.s0_a_init.q.val();
        self.s1_rto_min.d.next = self.s0_rto_min.q.val();
        self.s1_rto_max.d.next = self.s0_rto_max.q.val();
        // re-hash from `rehash_after` timeouts on: compared with the count
        // before the timeout (no incrementer in front of the compare)
        self.s1_rehash.d.next = self.s0_rehash.q.val() - 1;
        self.s1_rh_nz.d.next = self.s0_rehash.q.val().any();
        // `timeouts + 1 == retire_after` (saturating at 255) without the
        // incrementer: `timeouts == retire_after - 1` for retire_after
        // 1..=255, or both 255
        self.s1_ret_m1.d.next = self.s0_retire.q.val() - 1;
        self.s1_ret_nz.d.next = self.s0_retire.q.val().any();
        self.s1_ret_ff.d.next = self.s0_retire.q.val().all();
        self.s1_g.d.next = self.s0_g.q.val();

        // ---------------------------------------------------------- E2 (A)
        // the loop selects are sub-blocks: Verilator then orders the
        // update code without seeing a combinational loop
        self.mux_a0.a.next = self.s1_oth.q.val();
        self.mux_a0.b.next = self.state_ram.read_data.val();
        self.mux_a0.sel.next = self.s1_far.q.val();
        self.mux_a1.a.next = self.s2_rec.q.val();
        self.mux_a1.b.next = self.mux_a0.y.val();
        self.mux_a1.sel.next = self.s1_match.q.val().get_bit(1);
        self.a_is_init.next = self.s1_v.q.val() & (self.s1_kind.q.val() == 1);
        self.a_is_ack.next = self.s1_v.q.val() & (self.s1_kind.q.val() == 2);
        self.a_is_loss.next = self.s1_v.q.val() & (self.s1_kind.q.val() == 3);
        self.a_is_to.next = self.s1_v.q.val() & (self.s1_kind.q.val() == 4);
        self.a_is_send.next = self.s1_v.q.val() & (self.s1_kind.q.val() == 5);
        self.a_n_nz.next = self.s1_n.q.val().any();
        // srtt: (7 srtt + rtt) >> 3 = (8 srtt + ~srtt + 1 + rtt) >> 3
        self.a_x.next = bit_cast::<28, 24>(self.mux_a1.y.val().get_bits::<24>(40)) << 3;
        self.a_y.next = !bit_cast::<28, 24>(self.mux_a1.y.val().get_bits::<24>(40));
        self.a_z.next = bit_cast::<28, 24>(self.s1_rtt.q.val());
        self.a_csa_s.next = self.a_x.val() ^ self.a_y.val() ^ self.a_z.val();
        self.a_csa_c.next = ((self.a_x.val() & self.a_y.val())
            | (self.a_x.val() & self.a_z.val())
            | (self.a_y.val() & self.a_z.val()))
            << 1;
        self.add_srtt.a.next = self.a_csa_s.val();
        self.add_srtt.b.next = self.a_csa_c.val();
        self.add_srtt.cin.next = true;
        self.a_new_srtt.next = self.add_srtt.sum.val().get_bits::<24>(3);
        self.a_first.next = !self.mux_a1.y.val().get_bits::<24>(40).any();
        self.a_srtt.next = self.mux_a1.y.val().get_bits::<24>(40);
        if self.a_is_init.val() {
            self.a_srtt.next = bits::<24>(0);
        } else if self.a_is_ack.val() & self.s1_rtt_v.q.val() {
            if self.a_first.val() {
                self.a_srtt.next = self.s1_rtt.q.val();
            } else {
                self.a_srtt.next = self.a_new_srtt.val();
            }
        }
        // |rtt - srtt| (old srtt)
        self.add_e1.a.next = bit_cast::<25, 24>(self.s1_rtt.q.val());
        self.add_e1.b.next = !bit_cast::<25, 24>(self.mux_a1.y.val().get_bits::<24>(40));
        self.add_e1.cin.next = true;
        self.add_e2.a.next = bit_cast::<25, 24>(self.mux_a1.y.val().get_bits::<24>(40));
        self.add_e2.b.next = !bit_cast::<25, 24>(self.s1_rtt.q.val());
        self.add_e2.cin.next = true;
        if self.add_e1.sum.val().get_bit(24) {
            self.s2_aerr.d.next = self.add_e2.sum.val().get_bits::<24>(0);
        } else {
            self.s2_aerr.d.next = self.add_e1.sum.val().get_bits::<24>(0);
        }
        self.s2_rtt_half.d.next = self.s1_rtt.q.val() >> 1;
        self.s2_rv_upd.d.next = self.a_is_ack.val() & self.s1_rtt_v.q.val();
        self.s2_rv_first.d.next = self.a_first.val();
        // observation window
        self.add_sa.a.next = self.mux_a1.y.val().get_bits::<ACC_W>(136);
        self.add_sa.b.next = bit_cast::<ACC_W, 9>(self.s1_n.q.val());
        self.add_sa.cin.next = false;
        self.add_sm.a.next = bit_cast::<11, ACC_W>(self.mux_a1.y.val().get_bits::<ACC_W>(146));
        self.add_sm.b.next = bit_cast::<11, 9>(self.s1_m.q.val());
        self.add_sm.cin.next = false;
        self.a_sm_raw.next = self.add_sm.sum.val();
        if self.a_sm_raw.val().get_bit(10) {
            self.a_sm.next = bits::<ACC_W>(0x3ff);
        } else {
            self.a_sm.next = self.a_sm_raw.val().get_bits::<ACC_W>(0);
        }
        self.a_close.next =
            self.a_is_ack.val() & (self.add_sa.sum.val() & self.s1_himask.q.val()).any();
        // timer and timeouts
        self.a_fired.next = self.a_is_to.val() & self.mux_a1.y.val().get_bit(156);
        if self.mux_a1.y.val().get_bits::<8>(120).all() {
            self.a_tmo_inc.next = self.mux_a1.y.val().get_bits::<8>(120);
        } else {
            self.a_tmo_inc.next = self.mux_a1.y.val().get_bits::<8>(120) + 1;
        }
        self.a_tmo.next = self.mux_a1.y.val().get_bits::<8>(120);
        self.a_flags.next = self.mux_a1.y.val().get_bits::<8>(128);
        self.a_armed.next = self.mux_a1.y.val().get_bit(156);
        self.a_lcut.next = self.mux_a1.y.val().get_bit(157);
        // (the record's fields straight from the mux: `a_tmo` and
        // `a_flags` are overwritten below, after this read)
        self.a_ret.next = ((self.mux_a1.y.val().get_bits::<8>(120) == self.s1_ret_m1.q.val())
            & self.s1_ret_nz.q.val())
            | (self.mux_a1.y.val().get_bits::<8>(120).all() & self.s1_ret_ff.q.val());
        self.s2_retire.d.next =
            self.a_fired.val() & self.a_ret.val() & !self.mux_a1.y.val().get_bit(129);
        self.s2_rehash.d.next = self.a_fired.val()
            & self.s1_rh_nz.q.val()
            & (self.mux_a1.y.val().get_bits::<8>(120) >= self.s1_rehash.q.val())
            & !self.mux_a1.y.val().get_bit(129)
            & !self.a_ret.val();
        self.s2_rep.d.next = false;
        self.s2_rep_zero.d.next = false;
        self.s2_lcut.d.next = false;
        self.pk2.acc_acked.next = self.mux_a1.y.val().get_bits::<ACC_W>(136);
        self.pk2.acc_marked.next = self.mux_a1.y.val().get_bits::<ACC_W>(146);
        if self.a_is_init.val() {
            self.a_tmo.next = bits::<8>(0);
            self.a_flags.next = bits::<8>(1);
            self.a_armed.next = false;
            self.a_lcut.next = false;
            self.s2_rep_zero.d.next = true;
            self.pk2.acc_acked.next = bits::<ACC_W>(0);
            self.pk2.acc_marked.next = bits::<ACC_W>(0);
        } else if self.a_is_ack.val() {
            if self.a_close.val() {
                self.pk2.acc_acked.next = bits::<ACC_W>(0);
                self.pk2.acc_marked.next = bits::<ACC_W>(0);
                self.a_lcut.next = false;
            } else {
                self.pk2.acc_acked.next = self.add_sa.sum.val();
                self.pk2.acc_marked.next = self.a_sm.val();
            }
            if self.a_n_nz.val() {
                self.a_tmo.next = bits::<8>(0);
                self.a_armed.next = !self.s1_idle.q.val();
                self.s2_rep.d.next = !self.s1_idle.q.val();
            }
        } else if self.a_is_loss.val() {
            if self.a_n_nz.val() & !self.mux_a1.y.val().get_bit(157) {
                self.a_lcut.next = true;
                self.s2_lcut.d.next = true;
            }
        } else if self.a_fired.val() {
            self.a_tmo.next = self.a_tmo_inc.val();
            self.a_armed.next = false;
            self.s2_rep.d.next = true;
            if self.a_ret.val() {
                self.a_flags.next = self.mux_a1.y.val().get_bits::<8>(128) | bits::<8>(2);
            }
        } else if self.a_is_send.val() {
            if !self.mux_a1.y.val().get_bit(156) {
                self.a_armed.next = true;
                self.s2_rep.d.next = true;
            }
        }
        self.s2_ecn.d.next = self.a_close.val() & self.a_sm.val().any();
        self.s2_ai.d.next = self.a_is_ack.val()
            & self.a_n_nz.val()
            & !self.s1_m.q.val().any()
            & !(self.a_close.val() & self.a_sm.val().any());
        self.s2_close.d.next = self.a_close.val();
        self.s2_sm.d.next = self.a_sm.val();
        self.s2_init.d.next = self.a_is_init.val();
        self.s2_fired.d.next = self.a_fired.val();
        // record: fields of E2 updated, the others as read from RAM
        self.pk2.cwnd.next = self.state_ram.read_data.val().get_bits::<CWND_W>(0);
        self.pk2.alpha.next = self.state_ram.read_data.val().get_bits::<ALPHA_W>(24);
        self.pk2.srtt.next = self.a_srtt.val();
        self.pk2.rttvar.next = self.state_ram.read_data.val().get_bits::<RTTVAR_W>(64);
        self.pk2.deadline.next = self.state_ram.read_data.val().get_bits::<DEADLINE_W>(88);
        self.pk2.timeouts.next = self.a_tmo.val();
        self.pk2.flags.next = self.a_flags.val();
        self.pk2.armed.next = self.a_armed.val();
        self.pk2.loss_cut.next = self.a_lcut.val();
        self.s2_rec.d.next = self.pk2.rec.val();
        // forwarded record for rttvar (E3): distances 2..7 are in registers 3..8
        if self.s1_match.q.val().get_bit(2) {
            self.s2_oth.d.next = self.s3_rec.q.val();
        } else if self.s1_match.q.val().get_bit(3) {
            self.s2_oth.d.next = self.s4_rec.q.val();
        } else if self.s1_match.q.val().get_bit(4) {
            self.s2_oth.d.next = self.s5_rec.q.val();
        } else if self.s1_match.q.val().get_bit(5) {
            self.s2_oth.d.next = self.s6_rec.q.val();
        } else if self.s1_match.q.val().get_bit(6) {
            self.s2_oth.d.next = self.s7_rec.q.val();
        } else if self.s1_match.q.val().get_bit(7) {
            self.s2_oth.d.next = self.s8_rec.q.val();
        } else {
            self.s2_oth.d.next = self.state_ram.read_data.val();
        }
        self.s2_v.d.next = self.s1_v.q.val();
        self.s2_idx.d.next = self.s1_idx.q.val();
        self.s2_now.d.next = self.s1_now.q.val();
        self.s2_cw_min.d.next = self.s1_cw_min.q.val();
        self.s2_cw_max.d.next = self.s1_cw_max.q.val();
        self.s2_a_init.d.next = self.s1_a_init.q.val();
        self.s2_rto_min.d.next = self.s1_rto_min.q.val();
        self.s2_rto_max.d.next = self.s1_rto_max.q.val();
        self.s2_g.d.next = self.s1_g.q.val();
        self.s2_k.d.next = self.s1_k.q.val();
        self.s2_himask.d.next = self.s1_himask.q.val();
        self.s2_inc.d.next = self.s1_inc.q.val();
        self.s2_init_t.d.next = self.s1_init_t.q.val();
        self.s2_match.d.next = self.s1_match.q.val();

        // ---------------------------------------------------------- E3 (B)
        self.mux_b.a.next = self.s3_rec.q.val().get_bits::<RTTVAR_W>(64);
        self.mux_b.b.next = self.s2_oth.q.val().get_bits::<RTTVAR_W>(64);
        self.mux_b.sel.next = self.s2_match.q.val().get_bit(1);
        // (3 rttvar + |err|) >> 2
        self.b_x.next = bit_cast::<27, 24>(self.mux_b.y.val()) << 1;
        self.b_y.next = bit_cast::<27, 24>(self.mux_b.y.val());
        self.b_z.next = bit_cast::<27, 24>(self.s2_aerr.q.val());
        self.add_rv.a.next = self.b_x.val() ^ self.b_y.val() ^ self.b_z.val();
        self.add_rv.b.next = ((self.b_x.val() & self.b_y.val())
            | (self.b_x.val() & self.b_z.val())
            | (self.b_y.val() & self.b_z.val()))
            << 1;
        self.add_rv.cin.next = false;
        self.b_rv_new.next = self.add_rv.sum.val().get_bits::<24>(2);
        self.pk3.rttvar.next = self.mux_b.y.val();
        if self.s2_init.q.val() {
            self.pk3.rttvar.next = bits::<RTTVAR_W>(0);
        } else if self.s2_rv_upd.q.val() {
            if self.s2_rv_first.q.val() {
                self.pk3.rttvar.next = self.s2_rtt_half.q.val();
            } else {
                self.pk3.rttvar.next = self.b_rv_new.val();
            }
        }
        self.pk3.cwnd.next = self.s2_rec.q.val().get_bits::<CWND_W>(0);
        self.pk3.alpha.next = self.s2_rec.q.val().get_bits::<ALPHA_W>(24);
        self.pk3.srtt.next = self.s2_rec.q.val().get_bits::<SRTT_W>(40);
        self.pk3.deadline.next = self.s2_rec.q.val().get_bits::<DEADLINE_W>(88);
        self.pk3.timeouts.next = self.s2_rec.q.val().get_bits::<TIMEOUTS_W>(120);
        self.pk3.flags.next = self.s2_rec.q.val().get_bits::<FLAGS_W>(128);
        self.pk3.acc_acked.next = self.s2_rec.q.val().get_bits::<ACC_W>(136);
        self.pk3.acc_marked.next = self.s2_rec.q.val().get_bits::<ACC_W>(146);
        self.pk3.armed.next = self.s2_rec.q.val().get_bit(156);
        self.pk3.loss_cut.next = self.s2_rec.q.val().get_bit(157);
        self.s3_rec.d.next = self.pk3.rec.val();
        // F = min(sm << (16 - k), 0xffff), then F >> g
        if (self.s2_sm.q.val() & self.s2_himask.q.val()).any() {
            self.b_f.next = bits::<16>(0xffff);
        } else if self.s2_k.q.val() == 0 {
            self.b_f.next = bits::<16>(0);
        } else if self.s2_k.q.val() == 1 {
            self.b_f.next = bit_cast::<16, ACC_W>(self.s2_sm.q.val()) << 15;
        } else if self.s2_k.q.val() == 2 {
            self.b_f.next = bit_cast::<16, ACC_W>(self.s2_sm.q.val()) << 14;
        } else if self.s2_k.q.val() == 3 {
            self.b_f.next = bit_cast::<16, ACC_W>(self.s2_sm.q.val()) << 13;
        } else if self.s2_k.q.val() == 4 {
            self.b_f.next = bit_cast::<16, ACC_W>(self.s2_sm.q.val()) << 12;
        } else if self.s2_k.q.val() == 5 {
            self.b_f.next = bit_cast::<16, ACC_W>(self.s2_sm.q.val()) << 11;
        } else if self.s2_k.q.val() == 6 {
            self.b_f.next = bit_cast::<16, ACC_W>(self.s2_sm.q.val()) << 10;
        } else if self.s2_k.q.val() == 7 {
            self.b_f.next = bit_cast::<16, ACC_W>(self.s2_sm.q.val()) << 9;
        } else {
            self.b_f.next = bit_cast::<16, ACC_W>(self.s2_sm.q.val()) << 8;
        }
        if self.s2_g.q.val() == 0 {
            self.b_fg.next = self.b_f.val() >> 3;
        } else if self.s2_g.q.val() == 1 {
            self.b_fg.next = self.b_f.val() >> 4;
        } else if self.s2_g.q.val() == 2 {
            self.b_fg.next = self.b_f.val() >> 5;
        } else {
            self.b_fg.next = self.b_f.val() >> 6;
        }
        self.s3_fg.d.next = self.b_fg.val();
        // forwarded record for alpha (E4): distances 2..7 are in registers 4..9
        if self.s2_match.q.val().get_bit(2) {
            self.s3_oth.d.next = self.s4_rec.q.val();
        } else if self.s2_match.q.val().get_bit(3) {
            self.s3_oth.d.next = self.s5_rec.q.val();
        } else if self.s2_match.q.val().get_bit(4) {
            self.s3_oth.d.next = self.s6_rec.q.val();
        } else if self.s2_match.q.val().get_bit(5) {
            self.s3_oth.d.next = self.s7_rec.q.val();
        } else if self.s2_match.q.val().get_bit(6) {
            self.s3_oth.d.next = self.s8_rec.q.val();
        } else if self.s2_match.q.val().get_bit(7) {
            self.s3_oth.d.next = self.s9_rec.q.val();
        } else {
            self.s3_oth.d.next = self.s2_rec.q.val();
        }
        self.s3_v.d.next = self.s2_v.q.val();
        self.s3_idx.d.next = self.s2_idx.q.val();
        self.s3_now.d.next = self.s2_now.q.val();
        self.s3_cw_min.d.next = self.s2_cw_min.q.val();
        self.s3_cw_max.d.next = self.s2_cw_max.q.val();
        self.s3_a_init.d.next = self.s2_a_init.q.val();
        self.s3_rto_min.d.next = self.s2_rto_min.q.val();
        self.s3_rto_max.d.next = self.s2_rto_max.q.val();
        self.s3_g.d.next = self.s2_g.q.val();
        self.s3_inc.d.next = self.s2_inc.q.val();
        self.s3_init_t.d.next = self.s2_init_t.q.val();
        self.s3_match.d.next = self.s2_match.q.val();
        self.s3_init.d.next = self.s2_init.q.val();
        self.s3_fired.d.next = self.s2_fired.q.val();
        self.s3_lcut.d.next = self.s2_lcut.q.val();
        self.s3_ecn.d.next = self.s2_ecn.q.val();
        self.s3_ai.d.next = self.s2_ai.q.val();
        self.s3_rep.d.next = self.s2_rep.q.val();
        self.s3_rep_zero.d.next = self.s2_rep_zero.q.val();
        self.s3_rehash.d.next = self.s2_rehash.q.val();
        self.s3_retire.d.next = self.s2_retire.q.val();
        self.s3_close.d.next = self.s2_close.q.val();

        // ---------------------------------------------------------- E4 (C)
        self.mux_c.a.next = self.s4_rec.q.val().get_bits::<ALPHA_W>(24);
        self.mux_c.b.next = self.s3_oth.q.val().get_bits::<ALPHA_W>(24);
        self.mux_c.sel.next = self.s3_match.q.val().get_bit(1);
        if self.s3_g.q.val() == 0 {
            self.c_ag.next = self.mux_c.y.val() >> 3;
        } else if self.s3_g.q.val() == 1 {
            self.c_ag.next = self.mux_c.y.val() >> 4;
        } else if self.s3_g.q.val() == 2 {
            self.c_ag.next = self.mux_c.y.val() >> 5;
        } else {
            self.c_ag.next = self.mux_c.y.val() >> 6;
        }
        // alpha - (alpha >> g) + (F >> g)
        self.c_x.next = bit_cast::<17, 16>(self.mux_c.y.val());
        self.c_y.next = !bit_cast::<17, 16>(self.c_ag.val());
        self.c_z.next = bit_cast::<17, 16>(self.s3_fg.q.val());
        self.add_alpha.a.next = self.c_x.val() ^ self.c_y.val() ^ self.c_z.val();
        self.add_alpha.b.next = ((self.c_x.val() & self.c_y.val())
            | (self.c_x.val() & self.c_z.val())
            | (self.c_y.val() & self.c_z.val()))
            << 1;
        self.add_alpha.cin.next = true;
        self.c_alpha.next = self.mux_c.y.val();
        if self.s3_init.q.val() {
            self.c_alpha.next = self.s3_a_init.q.val();
        } else if self.s3_close.q.val() {
            self.c_alpha.next = self.add_alpha.sum.val().get_bits::<16>(0);
        }
        self.pk4.cwnd.next = self.s3_rec.q.val().get_bits::<CWND_W>(0);
        self.pk4.alpha.next = self.c_alpha.val();
        self.pk4.srtt.next = self.s3_rec.q.val().get_bits::<SRTT_W>(40);
        self.pk4.rttvar.next = self.s3_rec.q.val().get_bits::<RTTVAR_W>(64);
        self.pk4.deadline.next = self.s3_rec.q.val().get_bits::<DEADLINE_W>(88);
        self.pk4.timeouts.next = self.s3_rec.q.val().get_bits::<TIMEOUTS_W>(120);
        self.pk4.flags.next = self.s3_rec.q.val().get_bits::<FLAGS_W>(128);
        self.pk4.acc_acked.next = self.s3_rec.q.val().get_bits::<ACC_W>(136);
        self.pk4.acc_marked.next = self.s3_rec.q.val().get_bits::<ACC_W>(146);
        self.pk4.armed.next = self.s3_rec.q.val().get_bit(156);
        self.pk4.loss_cut.next = self.s3_rec.q.val().get_bit(157);
        self.s4_rec.d.next = self.pk4.rec.val();
        // srtt + 4 rttvar
        self.add_rto.a.next = bit_cast::<32, 24>(self.s3_rec.q.val().get_bits::<24>(40));
        self.add_rto.b.next = bit_cast::<32, 24>(self.s3_rec.q.val().get_bits::<24>(64)) << 2;
        self.add_rto.cin.next = false;
        self.s4_rto_sum.d.next = self.add_rto.sum.val();
        // rto_max >> min(timeouts, 6): the cap on the unshifted base
        self.c_tmo.next = self.s3_rec.q.val().get_bits::<TIMEOUTS_W>(120);
        if self.c_tmo.val() == 0 {
            self.s4_mt.d.next = self.s3_rto_max.q.val();
        } else if self.c_tmo.val() == 1 {
            self.s4_mt.d.next = self.s3_rto_max.q.val() >> 1;
        } else if self.c_tmo.val() == 2 {
            self.s4_mt.d.next = self.s3_rto_max.q.val() >> 2;
        } else if self.c_tmo.val() == 3 {
            self.s4_mt.d.next = self.s3_rto_max.q.val() >> 3;
        } else if self.c_tmo.val() == 4 {
            self.s4_mt.d.next = self.s3_rto_max.q.val() >> 4;
        } else if self.c_tmo.val() == 5 {
            self.s4_mt.d.next = self.s3_rto_max.q.val() >> 5;
        } else {
            self.s4_mt.d.next = self.s3_rto_max.q.val() >> 6;
        }
        self.s4_v.d.next = self.s3_v.q.val();
        self.s4_idx.d.next = self.s3_idx.q.val();
        self.s4_now.d.next = self.s3_now.q.val();
        self.s4_cw_min.d.next = self.s3_cw_min.q.val();
        self.s4_cw_max.d.next = self.s3_cw_max.q.val();
        self.s4_rto_min.d.next = self.s3_rto_min.q.val();
        self.s4_rto_max.d.next = self.s3_rto_max.q.val();
        self.s4_inc.d.next = self.s3_inc.q.val();
        // window after init: min(max(init, min), max)
        self.cmp_icw.a.next = bit_cast::<25, CWND_W>(self.s3_cw_max.q.val());
        self.cmp_icw.b.next = !bit_cast::<25, CWND_W>(self.s3_init_t.q.val());
        self.cmp_icw.cin.next = true;
        if self.cmp_icw.sum.val().get_bit(24) {
            self.s4_init_cw.d.next = self.s3_cw_max.q.val();
        } else {
            self.s4_init_cw.d.next = self.s3_init_t.q.val();
        }
        self.s4_match.d.next = self.s3_match.q.val();
        self.s4_init.d.next = self.s3_init.q.val();
        self.s4_fired.d.next = self.s3_fired.q.val();
        self.s4_lcut.d.next = self.s3_lcut.q.val();
        self.s4_ecn.d.next = self.s3_ecn.q.val();
        self.s4_ai.d.next = self.s3_ai.q.val();
        self.s4_rep.d.next = self.s3_rep.q.val();
        self.s4_rep_zero.d.next = self.s3_rep_zero.q.val();
        self.s4_rehash.d.next = self.s3_rehash.q.val();
        self.s4_retire.d.next = self.s3_retire.q.val();

        // ---------------------------------------------------------- E5 (D)
        // cut shift from the new alpha: s = clamp(17 - L - r, 1, 4), held as s - 1
        self.d_al.next = self.s4_rec.q.val().get_bits::<ALPHA_W>(24);
        if self.d_al.val().get_bit(15) & self.d_al.val().get_bit(14) {
            self.s5_cs.d.next = bits::<2>(0);
        } else if self.d_al.val().get_bit(15)
            | (self.d_al.val().get_bit(14) & self.d_al.val().get_bit(13))
        {
            self.s5_cs.d.next = bits::<2>(1);
        } else if self.d_al.val().get_bit(14)
            | (self.d_al.val().get_bit(13) & self.d_al.val().get_bit(12))
        {
            self.s5_cs.d.next = bits::<2>(2);
        } else {
            self.s5_cs.d.next = bits::<2>(3);
        }
        // rto = min(clamp(sum, rto_min, rto_max) << t, rto_max)
        //     = min(base << t, rto_max), base = max(sum, rto_min),
        // t = min(timeouts, 6); base << t > rto_max <=> base > rto_max >> t.
        // The three comparisons run side by side (a < b is the missing carry
        // out of a - b), the shifts beside them; E6 only picks.
        self.d_nmin.next = !self.s4_rto_min.q.val();
        self.d_nsum.next = !self.s4_rto_sum.q.val();
        self.cmp_lo.a.next = self.s4_rto_sum.q.val();
        self.cmp_lo.b.next = self.d_nmin.val();
        self.cmp_lo.cin.next = true;
        self.cmp_os.a.next = self.s4_mt.q.val();
        self.cmp_os.b.next = self.d_nsum.val();
        self.cmp_os.cin.next = true;
        self.cmp_om.a.next = self.s4_mt.q.val();
        self.cmp_om.b.next = self.d_nmin.val();
        self.cmp_om.cin.next = true;
        self.d_tmo.next = self.s4_rec.q.val().get_bits::<TIMEOUTS_W>(120);
        if self.d_tmo.val() == 0 {
            self.d_sh_sum.next = self.s4_rto_sum.q.val();
            self.d_sh_min.next = self.s4_rto_min.q.val();
        } else if self.d_tmo.val() == 1 {
            self.d_sh_sum.next = self.s4_rto_sum.q.val() << 1;
            self.d_sh_min.next = self.s4_rto_min.q.val() << 1;
        } else if self.d_tmo.val() == 2 {
            self.d_sh_sum.next = self.s4_rto_sum.q.val() << 2;
            self.d_sh_min.next = self.s4_rto_min.q.val() << 2;
        } else if self.d_tmo.val() == 3 {
            self.d_sh_sum.next = self.s4_rto_sum.q.val() << 3;
            self.d_sh_min.next = self.s4_rto_min.q.val() << 3;
        } else if self.d_tmo.val() == 4 {
            self.d_sh_sum.next = self.s4_rto_sum.q.val() << 4;
            self.d_sh_min.next = self.s4_rto_min.q.val() << 4;
        } else if self.d_tmo.val() == 5 {
            self.d_sh_sum.next = self.s4_rto_sum.q.val() << 5;
            self.d_sh_min.next = self.s4_rto_min.q.val() << 5;
        } else {
            self.d_sh_sum.next = self.s4_rto_sum.q.val() << 6;
            self.d_sh_min.next = self.s4_rto_min.q.val() << 6;
        }
        if self.cmp_lo.cout.val() {
            // sum >= rto_min
            self.s5_sh.d.next = self.d_sh_sum.val();
            self.s5_over.d.next = !self.cmp_os.cout.val();
        } else {
            self.s5_sh.d.next = self.d_sh_min.val();
            self.s5_over.d.next = !self.cmp_om.cout.val();
        }
        // AI limit: cwnd + inc <= max  <=>  cwnd <= max - inc
        self.add_mmi.a.next = bit_cast::<25, CWND_W>(self.s4_cw_max.q.val());
        self.add_mmi.b.next = !bit_cast::<25, 17>(self.s4_inc.q.val());
        self.add_mmi.cin.next = true;
        self.s5_mmi.d.next = self.add_mmi.sum.val().get_bits::<CWND_W>(0);
        self.s5_mmi_neg.d.next = self.add_mmi.sum.val().get_bit(24);
        // window class, one-hot in priority order: constant (init, timeout),
        // halving (loss), ECN cut, additive increase; none keeps the window
        self.s5_kc.d.next = self.s4_init.q.val() | self.s4_fired.q.val();
        self.s5_kh.d.next = !self.s4_init.q.val() & !self.s4_fired.q.val() & self.s4_lcut.q.val();
        self.s5_kx.d.next = !self.s4_init.q.val()
            & !self.s4_fired.q.val()
            & !self.s4_lcut.q.val()
            & self.s4_ecn.q.val();
        self.s5_ka.d.next = !self.s4_init.q.val()
            & !self.s4_fired.q.val()
            & !self.s4_lcut.q.val()
            & !self.s4_ecn.q.val()
            & self.s4_ai.q.val();
        // the window when it does not come from the arithmetic: the init
        // window, the minimum (timeout, or a cut below 2 cwnd_min) or the
        // maximum (additive increase over the cap)
        if self.s4_init.q.val() {
            self.s5_q.d.next = self.s4_init_cw.q.val();
        } else if self.s4_fired.q.val() | self.s4_lcut.q.val() | self.s4_ecn.q.val() {
            self.s5_q.d.next = self.s4_cw_min.q.val();
        } else {
            self.s5_q.d.next = self.s4_cw_max.q.val();
        }
        // the window before the event unless it comes from the event at
        // distance 1 through the arithmetic (chosen at E6): distance 1 its
        // constant (in s5 now), 2 its final window (chosen at its E7 from
        // the s6 registers), 3..7 registers 7..11, else the RAM word
        if self.s4_match.q.val().get_bit(1) {
            self.s5_co.d.next = self.s5_q.q.val();
        } else if self.s4_match.q.val().get_bit(2) {
            if self.s6_uq.q.val() {
                self.s5_co.d.next = self.s6_q.q.val();
            } else {
                self.s5_co.d.next = self.s6_rec.q.val().get_bits::<CWND_W>(0);
            }
        } else if self.s4_match.q.val().get_bit(3) {
            self.s5_co.d.next = self.s7_rec.q.val().get_bits::<CWND_W>(0);
        } else if self.s4_match.q.val().get_bit(4) {
            self.s5_co.d.next = self.s8_rec.q.val().get_bits::<CWND_W>(0);
        } else if self.s4_match.q.val().get_bit(5) {
            self.s5_co.d.next = self.s9_rec.q.val().get_bits::<CWND_W>(0);
        } else if self.s4_match.q.val().get_bit(6) {
            self.s5_co.d.next = self.s10_rec.q.val().get_bits::<CWND_W>(0);
        } else if self.s4_match.q.val().get_bit(7) {
            self.s5_co.d.next = self.s11_rec.q.val().get_bits::<CWND_W>(0);
        } else {
            self.s5_co.d.next = self.s4_rec.q.val().get_bits::<CWND_W>(0);
        }
        self.s5_rec.d.next = self.s4_rec.q.val();
        self.s5_v.d.next = self.s4_v.q.val();
        self.s5_idx.d.next = self.s4_idx.q.val();
        self.s5_now.d.next = self.s4_now.q.val();
        self.s5_cw_min.d.next = self.s4_cw_min.q.val();
        self.s5_rto_max.d.next = self.s4_rto_max.q.val();
        self.s5_inc.d.next = self.s4_inc.q.val();
        self.s5_match.d.next = self.s4_match.q.val();
        self.s5_rep.d.next = self.s4_rep.q.val();
        self.s5_rep_zero.d.next = self.s4_rep_zero.q.val();
        self.s5_rehash.d.next = self.s4_rehash.q.val();
        self.s5_fired.d.next = self.s4_fired.q.val();
        self.s5_retire.d.next = self.s4_retire.q.val();

        // ---------------------------------------------------------- E6 (E)
        // the window candidate: the arithmetic result `p` and whether the
        // constant `q` replaces it (`uq`); E7 applies the choice. The event
        // at distance 1 is not final yet: its `p` enters here straight from
        // its register when it stands (the one-clock loop), its `q` came
        // through s5_co
        self.cand.p_prev.next = self.s6_rec.q.val().get_bits::<CWND_W>(0);
        self.cand.uq_prev.next = self.s6_uq.q.val();
        self.cand.m1.next = self.s5_match.q.val().get_bit(1);
        self.cand.co.next = self.s5_co.q.val();
        self.cand.cs.next = self.s5_cs.q.val();
        self.cand.kc.next = self.s5_kc.q.val();
        self.cand.kh.next = self.s5_kh.q.val();
        self.cand.kx.next = self.s5_kx.q.val();
        self.cand.ka.next = self.s5_ka.q.val();
        self.cand.inc.next = self.s5_inc.q.val();
        self.cand.cw_min.next = self.s5_cw_min.q.val();
        self.cand.mmi.next = self.s5_mmi.q.val();
        self.cand.mmi_neg.next = self.s5_mmi_neg.q.val();
        self.pk6.cwnd.next = self.cand.p.val();
        self.s6_uq.d.next = self.cand.uq.val();
        self.s6_q.d.next = self.s5_q.q.val();
        self.pk6.alpha.next = self.s5_rec.q.val().get_bits::<ALPHA_W>(24);
        self.pk6.srtt.next = self.s5_rec.q.val().get_bits::<SRTT_W>(40);
        self.pk6.rttvar.next = self.s5_rec.q.val().get_bits::<RTTVAR_W>(64);
        self.pk6.deadline.next = self.s5_rec.q.val().get_bits::<DEADLINE_W>(88);
        self.pk6.timeouts.next = self.s5_rec.q.val().get_bits::<TIMEOUTS_W>(120);
        self.pk6.flags.next = self.s5_rec.q.val().get_bits::<FLAGS_W>(128);
        self.pk6.acc_acked.next = self.s5_rec.q.val().get_bits::<ACC_W>(136);
        self.pk6.acc_marked.next = self.s5_rec.q.val().get_bits::<ACC_W>(146);
        self.pk6.armed.next = self.s5_rec.q.val().get_bit(156);
        self.pk6.loss_cut.next = self.s5_rec.q.val().get_bit(157);
        self.s6_rec.d.next = self.pk6.rec.val();
        // backoff capped at rto_max
        if self.s5_over.q.val() {
            self.s6_rto.d.next = self.s5_rto_max.q.val();
        } else {
            self.s6_rto.d.next = self.s5_sh.q.val();
        }
        // forwarded record for the deadline (E7): distances 2..7 in registers 7..12
        if self.s5_match.q.val().get_bit(2) {
            self.s6_oth.d.next = self.s7_rec.q.val();
        } else if self.s5_match.q.val().get_bit(3) {
            self.s6_oth.d.next = self.s8_rec.q.val();
        } else if self.s5_match.q.val().get_bit(4) {
            self.s6_oth.d.next = self.s9_rec.q.val();
        } else if self.s5_match.q.val().get_bit(5) {
            self.s6_oth.d.next = self.s10_rec.q.val();
        } else if self.s5_match.q.val().get_bit(6) {
            self.s6_oth.d.next = self.s11_rec.q.val();
        } else if self.s5_match.q.val().get_bit(7) {
            self.s6_oth.d.next = self.s12_rec.q.val();
        } else {
            self.s6_oth.d.next = self.s5_rec.q.val();
        }
        self.s6_v.d.next = self.s5_v.q.val();
        self.s6_idx.d.next = self.s5_idx.q.val();
        self.s6_now.d.next = self.s5_now.q.val();
        self.s6_match.d.next = self.s5_match.q.val();
        self.s6_rep.d.next = self.s5_rep.q.val();
        self.s6_rep_zero.d.next = self.s5_rep_zero.q.val();
        self.s6_rehash.d.next = self.s5_rehash.q.val();
        self.s6_retire.d.next = self.s5_retire.q.val();
        self.s6_fired.d.next = self.s5_fired.q.val();

        // ---------------------------------------------------------- E7 (F)
        self.add_dl.a.next = self.s6_now.q.val();
        self.add_dl.b.next = self.s6_rto.q.val();
        self.add_dl.cin.next = false;
        self.mux_f.a.next = self.s7_rec.q.val().get_bits::<DEADLINE_W>(88);
        self.mux_f.b.next = self.s6_oth.q.val().get_bits::<DEADLINE_W>(88);
        self.mux_f.sel.next = self.s6_match.q.val().get_bit(1);
        if self.s6_rep_zero.q.val() {
            self.f_new.next = bits::<DEADLINE_W>(0);
        } else if self.s6_rep.q.val() {
            self.f_new.next = self.add_dl.sum.val();
        } else {
            self.f_new.next = self.mux_f.y.val();
        }
        // the window: the candidate's choice
        if self.s6_uq.q.val() {
            self.pk7.cwnd.next = self.s6_q.q.val();
        } else {
            self.pk7.cwnd.next = self.s6_rec.q.val().get_bits::<CWND_W>(0);
        }
        self.pk7.alpha.next = self.s6_rec.q.val().get_bits::<ALPHA_W>(24);
        self.pk7.srtt.next = self.s6_rec.q.val().get_bits::<SRTT_W>(40);
        self.pk7.rttvar.next = self.s6_rec.q.val().get_bits::<RTTVAR_W>(64);
        self.pk7.deadline.next = self.f_new.val();
        self.pk7.timeouts.next = self.s6_rec.q.val().get_bits::<TIMEOUTS_W>(120);
        self.pk7.flags.next = self.s6_rec.q.val().get_bits::<FLAGS_W>(128);
        self.pk7.acc_acked.next = self.s6_rec.q.val().get_bits::<ACC_W>(136);
        self.pk7.acc_marked.next = self.s6_rec.q.val().get_bits::<ACC_W>(146);
        self.pk7.armed.next = self.s6_rec.q.val().get_bit(156);
        self.pk7.loss_cut.next = self.s6_rec.q.val().get_bit(157);
        self.s7_v.d.next = self.s6_v.q.val();
        self.s7_rehash.d.next = self.s6_v.q.val() & self.s6_rehash.q.val();
        self.s7_retire.d.next = self.s6_v.q.val() & self.s6_retire.q.val();
        self.s7_fired.d.next = self.s6_v.q.val() & self.s6_fired.q.val();
        self.s7_idx.d.next = self.s7_idx.q.val();
        self.s7_rec.d.next = self.s7_rec.q.val();
        self.s7_rto.d.next = self.s7_rto.q.val();
        if self.s6_v.q.val() {
            self.s7_idx.d.next = self.s6_idx.q.val();
            self.s7_rec.d.next = self.pk7.rec.val();
            self.s7_rto.d.next = self.s6_rto.q.val();
        }
        // write-back (lands at E8) and write history
        self.state_ram.write_address.next = self.s7_idx.q.val();
        self.state_ram.write_data.next = self.s7_rec.q.val();
        self.state_ram.write_enable.next = self.s7_v.q.val();
        self.s8_rec.d.next = self.s7_rec.q.val();
        self.s9_rec.d.next = self.s8_rec.q.val();
        self.s10_rec.d.next = self.s9_rec.q.val();
        self.s11_rec.d.next = self.s10_rec.q.val();
        self.s12_rec.d.next = self.s11_rec.q.val();

        // outputs
        self.res_valid.next = self.s7_v.q.val();
        self.res_idx.next = self.s7_idx.q.val();
        self.cwnd.next = self.s7_rec.q.val().get_bits::<CWND_W>(0);
        self.alpha.next = self.s7_rec.q.val().get_bits::<ALPHA_W>(24);
        self.srtt.next = self.s7_rec.q.val().get_bits::<SRTT_W>(40);
        self.rttvar.next = self.s7_rec.q.val().get_bits::<RTTVAR_W>(64);
        self.rto_deadline.next = self.s7_rec.q.val().get_bits::<DEADLINE_W>(88);
        self.timeouts.next = self.s7_rec.q.val().get_bits::<TIMEOUTS_W>(120);
        self.armed.next = self.s7_rec.q.val().get_bit(156);
        self.rto.next = self.s7_rto.q.val();
        self.rehash.next = self.s7_rehash.q.val();
        self.retire.next = self.s7_retire.q.val();
        self.fired.next = self.s7_fired.q.val();
        self.failed.next = self.s7_rec.q.val().get_bit(129);
    }
}

/// The window candidate of `path_cc` (stage E6): from the window before
/// the event `c` (the previous event's `p_prev` when it is on the same path
/// and not replaced by its constant, else `co`), the arithmetic result `p`
/// of the event's class (halving `c >> 1`, ECN cut `c - (c >> (cs + 1))`,
/// additive increase `c + inc`, otherwise `c`) and `uq`: the constant
/// replaces it (init or timeout; a halving or cut below `2 cw_min`; an
/// increase over `cw_max`). One adder for all classes, its operands chosen
/// by the class; the comparisons run beside it.
#[derive(LogicBlock, Default)]
pub struct CwndCand {
    /// The previous event's candidate.
    pub p_prev: Signal<In, Bits<CWND_W>>,
    /// The previous event's constant replaces its candidate.
    pub uq_prev: Signal<In, Bit>,
    /// The previous event is on the same path.
    pub m1: Signal<In, Bit>,
    /// The window before the event otherwise.
    pub co: Signal<In, Bits<CWND_W>>,
    /// Cut shift minus one.
    pub cs: Signal<In, Bits<2>>,
    /// Class: constant (init, timeout).
    pub kc: Signal<In, Bit>,
    /// Class: loss halving.
    pub kh: Signal<In, Bit>,
    /// Class: ECN cut.
    pub kx: Signal<In, Bit>,
    /// Class: additive increase.
    pub ka: Signal<In, Bit>,
    /// Additive step.
    pub inc: Signal<In, Bits<17>>,
    /// cwnd_min.
    pub cw_min: Signal<In, Bits<CWND_W>>,
    /// cwnd_max - inc.
    pub mmi: Signal<In, Bits<CWND_W>>,
    /// inc > cwnd_max.
    pub mmi_neg: Signal<In, Bit>,
    /// The arithmetic result.
    pub p: Signal<Out, Bits<CWND_W>>,
    /// The constant replaces it.
    pub uq: Signal<Out, Bit>,
    c: Signal<Local, Bits<CWND_W>>,
    d: Signal<Local, Bits<CWND_W>>,
    op_a: Signal<Local, Bits<CWND_W>>,
    op_b: Signal<Local, Bits<CWND_W>>,
    half: Signal<Local, Bits<CWND_W>>,
    nmin: Signal<Local, Bits<CWND_W>>,
    nc: Signal<Local, Bits<CWND_W>>,
    ge2: Signal<Local, Bit>,
    ok: Signal<Local, Bit>,
    add: CondSumAdd,
    cmp_ge2: CondSumAdd,
    cmp_ok: CondSumAdd,
}

impl Logic for CwndCand {
    #[hdl_gen]
    fn update(&mut self) {
        if self.m1.val() & !self.uq_prev.val() {
            self.c.next = self.p_prev.val();
        } else {
            self.c.next = self.co.val();
        }
        self.half.next = self.c.val() >> 1;
        if self.cs.val() == 0 {
            self.d.next = self.c.val() >> 1;
        } else if self.cs.val() == 1 {
            self.d.next = self.c.val() >> 2;
        } else if self.cs.val() == 2 {
            self.d.next = self.c.val() >> 3;
        } else {
            self.d.next = self.c.val() >> 4;
        }
        // p = a + b + cin: c >> 1 + 0, c + !(c >> s) + 1, c + inc, c + 0
        if self.kh.val() {
            self.op_a.next = self.half.val();
        } else {
            self.op_a.next = self.c.val();
        }
        self.op_b.next = bits::<CWND_W>(0);
        if self.kx.val() {
            self.op_b.next = !self.d.val();
        } else if self.ka.val() {
            self.op_b.next = bit_cast::<CWND_W, 17>(self.inc.val());
        }
        self.add.a.next = bit_cast::<32, CWND_W>(self.op_a.val());
        self.add.b.next = bit_cast::<32, CWND_W>(self.op_b.val());
        self.add.cin.next = self.kx.val();
        self.p.next = self.add.sum.val().get_bits::<CWND_W>(0);
        // c >= 2 cw_min  <=>  (c >> 1) >= cw_min: carry out of (c >> 1) - cw_min
        self.nmin.next = !self.cw_min.val();
        self.cmp_ge2.a.next = bit_cast::<32, CWND_W>(self.half.val());
        self.cmp_ge2.b.next = bit_cast::<32, CWND_W>(self.nmin.val());
        self.cmp_ge2.cin.next = true;
        self.ge2.next = self.cmp_ge2.sum.val().get_bit(24);
        // c + inc <= cw_max  <=>  c <= cw_max - inc: carry out of mmi - c
        self.nc.next = !self.c.val();
        self.cmp_ok.a.next = bit_cast::<32, CWND_W>(self.mmi.val());
        self.cmp_ok.b.next = bit_cast::<32, CWND_W>(self.nc.val());
        self.cmp_ok.cin.next = true;
        self.ok.next = !self.mmi_neg.val() & self.cmp_ok.sum.val().get_bit(24);
        self.uq.next = self.kc.val()
            | ((self.kh.val() | self.kx.val()) & !self.ge2.val())
            | (self.ka.val() & !self.ok.val());
    }
}
