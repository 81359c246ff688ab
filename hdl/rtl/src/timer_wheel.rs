//! Timer wheel: one deadline per path (2^N paths), timeout events when the
//! deadlines pass, no scan of all paths anywhere.
//!
//! # Behaviour (normative; `braid_model::TimerWheelModel` is the bit-
//! and cycle-exact reference)
//!
//! Time is the free-running 32-bit tick `now` (wraps; every comparison is
//! serial: `a` is at or after `b` when `(a - b) mod 2^32 < 2^31`). The
//! wheel has 2^B buckets of `2^k` ticks each (`k = cfg_shift`, a static
//! configuration input: set it at power-up and keep it; `k + B <= 30`).
//! The wheel time `wt` (output `wheel_time`, aligned to `2^k`) is the
//! start of the slot the wheel works on; bucket `wb = (wt >> k) mod 2^B`.
//! A bucket is a singly linked list in block RAM (a head per bucket, a next
//! pointer per node). Each path owns two nodes, `2p` and `2p + 1`; a path's
//! record (block RAM) holds its deadline `D`, `bucket(D) = (D >> k) mod
//! 2^B`, `armed`, the live node `L`, the queued flags `Q0`, `Q1` of its
//! nodes and `QS`, the slot start of the bucket its live node sits in.
//!
//! Operations (`op_valid` with `op_ready`; `op_kind` 1 ARM, 2 DISARM;
//! other kinds are refused and counted in `cnt_bad`):
//! * **ARM** (`op_path`, `op_deadline`): `D = op_deadline`, `armed = 1`.
//!   If `D` is already reached (`now` at or after `D`), the timeout event
//!   is pushed at once and `armed = 0`. Otherwise its placement is slot
//!   `ps = D` aligned down to `2^k` and bucket `bucket(D)` when `ps - wt <
//!   2^(k+B)` (the deadline is within the wheel's span), else the farthest
//!   bucket `wb - 1` with `ps = wt + (2^B - 1) 2^k` (re-queued when
//!   visited). Then: live node queued in a slot at or before `ps` (`QS`):
//!   nothing more (a later deadline is re-checked when that bucket comes
//!   up); live node not queued: it is inserted at the placement; live node
//!   queued later than `ps` (the deadline moved earlier): the other node
//!   becomes the live one and is inserted, if it is not queued itself;
//!   if both nodes are queued (three deadlines, each earlier than the last,
//!   within one wheel span) the live node stays where it is, `cnt_late`
//!   counts it and that timeout may fire up to `QS - D` late (never early,
//!   never lost).
//! * **DISARM** (`op_path`): `armed = 0` (lazy: its nodes stay in their
//!   buckets and are dropped when visited).
//!
//! The wheel: once `now` is at or after `wt + 2^k` (the slot has passed),
//! the wheel takes the whole list of bucket `wb` (head cleared) and walks
//! it, one node per clock (the next pointer is read in the clock the node
//! is visited and addresses the following node straight from the RAM).
//! A visited node of path p: it is dequeued; if it is the live node and
//! p is armed: `D` reached -> the timeout event (p, `D`) is pushed, `armed
//! = 0`; else it is re-queued at the placement of `D` (always a later
//! bucket: its slot is after the one being walked). A stale node (not
//! live, or p disarmed) is dropped. An empty list or the end of the walk
//! advances the wheel: `wt += 2^k`, `wb += 1`. Nothing is placed into the
//! bucket being walked, so no event fires early (the wheel never runs
//! ahead of `now`) and none is lost; a timeout fires at most `2^k` ticks
//! (bucket width) plus the queue delay late (the nodes ahead in the walk,
//! the walks of lagging buckets, the output stalls, a few clocks of
//! pipeline). The wheel needs about 5 clocks per empty bucket, so `2^k`
//! ticks must last longer than that to keep up.
//!
//! Events leave by `ev_valid`/`ev_ready` (path `ev_path`, deadline
//! `ev_deadline`) from a 4-entry FIFO; a consumer that stalls stalls the
//! walk and `op_ready`, never loses an event.
//!
//! Sharing the record RAM: one operation per clock, an external op or a
//! visit. `op_ready` is low while the FIFO (with the operations in flight
//! that may push) could overflow, on every second clock of a walk (so
//! external ops get at least half the clocks during walks and all of them
//! otherwise), and while the wheel waits to take its next bucket (the take
//! needs a clock with no op in the record stage). For the first 3 clocks
//! after power-up `op_ready` is low (the wheel loads its `cfg_shift`-derived
//! registers); the wheel starts at `wt = 0`, so `now` should start within
//! `2^31` ticks of 0 (in practice at 0 when the engine comes out of reset).
//!
//! Pipeline: E0 registers the op (`i_*`) with, from the ports, an ARM's
//! bucket and "reached" (`now` at E0 is the tick c0 compares with); clock
//! c0 chooses it or the walk's node, addresses the record RAM, and computes
//! an ARM's placement; E1 registers it with the record; c1 (the one-clock
//! record loop, the previous op's result forwarded when it names the same
//! path) runs "reached" and "placement before QS" on the RAM's record and
//! on the forwarded one side by side and picks after, then
//! decides, writes the record back (E2) and pushes the event (E2) and the
//! list insert (E2); c2 addresses the head RAM; c3 links the node in
//! (head and next written at E4, the previous head write forwarded) or
//! hands a taken list to the walk. An ARM that fires at once shows on
//! `ev_valid` 3 clocks after its `op_valid` clock.
//!
//! The span test `(dal - wt) mod 2^32 < 2^(k+B)` is computed without a
//! subtraction: the bits of `D` at and above `k + B` (`span_hi`) equal those
//! of `wt`, or those of `wt + 2^(k+B)` (register `wt_s`) when `D`'s bucket
//! is below `wb` (a borrow out of the bucket bits); the same for an ARM and
//! a visit.
//!
//! # Two instances in the top
//!
//! * RTO timer (16,384 paths, one per `path_cc` path): every `path_cc`
//!   result with `armed = 1` is an ARM (`res_idx`, `rto_deadline`); a
//!   result with `armed = 0` (after an ACK that left the path idle) is a
//!   DISARM. Each event is a `path_cc` timeout event (`ev_kind` 4, `idx =
//!   ev_path`); `path_cc` ignores it unless the path is still armed, backs
//!   off and re-arms (its result is the next ARM), and its `rehash`/`retire`
//!   pulses go to the sprayer. The ARM/DISARM stream is buffered in a FIFO
//!   in front of `op_ready` (path_cc results do not stall).
//! * ACK coalescing timer (one per receive path, same block): when
//!   `rx_path_table` leaves a path with an ACK owed but not yet due, the top
//!   ARMs the path at `now + coalescing delay`; `ack_sent` DISARMs it; an
//!   event issues `OP_READ` on that path to `ack_gen`/`rx_path_table`,
//!   which sends the ACK if one is still owed. A smaller `cfg_shift` gives
//!   it a finer bucket than the RTO instance.

use crate::cond_sum_add::CondSumAdd;
use rust_hdl::prelude::*;

/// Path index bits of the default block (16,384 paths).
pub const TW_PATH_BITS: usize = 14;
/// Bucket index bits of the default block (4,096 buckets).
pub const TW_BUCKET_BITS: usize = 12;
/// Path index bits of the tiny block (64 paths).
pub const TW_TINY_PATH_BITS: usize = 6;
/// Bucket index bits of the tiny block (16 buckets).
pub const TW_TINY_BUCKET_BITS: usize = 4;

/// The default block: 16,384 paths, 4,096 buckets.
pub type TimerWheelFull = TimerWheel<14, 15, 12>;
/// The tiny block: 64 paths, 16 buckets (same logic).
pub type TimerWheelTiny = TimerWheel<6, 7, 4>;
/// The mid block: 8,192 paths, 2,048 buckets (same logic).
pub type TimerWheelMid = TimerWheel<13, 14, 11>;

/// Timer wheel over 2^N paths with 2^B buckets; `NN = N + 1` node bits.
#[derive(LogicBlock, Default)]
pub struct TimerWheel<const N: usize, const NN: usize, const B: usize> {
    /// Engine clock.
    pub clock: Signal<In, Clock>,
    /// An operation is offered.
    pub op_valid: Signal<In, Bit>,
    /// 1 ARM, 2 DISARM (0, 3 refused).
    pub op_kind: Signal<In, Bits<2>>,
    /// Path index.
    pub op_path: Signal<In, Bits<N>>,
    /// ARM: the deadline tick.
    pub op_deadline: Signal<In, Bits<32>>,
    /// The operation offered this clock is taken.
    pub op_ready: Signal<Out, Bit>,
    /// Current tick (free running, wraps).
    pub now: Signal<In, Bits<32>>,
    /// Bucket width 2^cfg_shift ticks (static).
    pub cfg_shift: Signal<In, Bits<5>>,
    /// A timeout event is offered.
    pub ev_valid: Signal<Out, Bit>,
    /// The consumer takes the event.
    pub ev_ready: Signal<In, Bit>,
    /// Path of the event.
    pub ev_path: Signal<Out, Bits<N>>,
    /// Its deadline.
    pub ev_deadline: Signal<Out, Bits<32>>,
    /// ARMs that could not move a node earlier (may fire late).
    pub cnt_late: Signal<Out, Bits<16>>,
    /// Refused operations (bad kind).
    pub cnt_bad: Signal<Out, Bits<16>>,
    /// The wheel's slot start `wt`.
    pub wheel_time: Signal<Out, Bits<32>>,

    // record RAMs (per path)
    rec_d: RAM<Bits<32>, N>,
    rec_bd: RAM<Bits<B>, N>,
    rec_f: RAM<Bits<4>, N>,
    rec_qs: RAM<Bits<32>, N>,
    // lists
    head_v: RAM<Bit, B>,
    head_n: RAM<Bits<NN>, B>,
    nx_v: RAM<Bit, NN>,
    nx_n: RAM<Bits<NN>, NN>,

    // configuration
    k_r: DFF<Bits<5>>,
    width: DFF<Bits<32>>,
    mask_hi: DFF<Bits<32>>,
    span_hi: DFF<Bits<32>>,
    far_off: DFF<Bits<32>>,
    boot: DFF<Bits<2>>,
    n_r: DFF<Bits<32>>,

    // wheel
    wt: DFF<Bits<32>>,
    wt_end: DFF<Bits<32>>,
    wt_far: DFF<Bits<32>>,
    wt_s: DFF<Bits<32>>,
    span_r: DFF<Bits<32>>,
    wb: DFF<Bits<B>>,
    wbf: DFF<Bits<B>>,
    st: DFF<Bits<2>>,
    sp_r: DFF<Bit>,
    adv_r: DFF<Bit>,
    turn: DFF<Bit>,
    w_src: DFF<Bit>,
    w_hold_v: DFF<Bit>,
    w_hold_n: DFF<Bits<NN>>,

    // E0: external op
    i_v: DFF<Bit>,
    i_kind: DFF<Bits<2>>,
    i_path: DFF<Bits<N>>,
    i_dl: DFF<Bits<32>>,
    i_bd: DFF<Bits<B>>,
    i_reached: DFF<Bit>,

    // E1: op in the record stage
    a_v: DFF<Bit>,
    a_kind: DFF<Bits<2>>,
    a_path: DFF<Bits<N>>,
    a_fwd: DFF<Bit>,
    a_j: DFF<Bit>,
    a_dl: DFF<Bits<32>>,
    a_bd: DFF<Bits<B>>,
    a_reached: DFF<Bit>,
    a_ps: DFF<Bits<32>>,
    a_pb: DFF<Bits<B>>,

    // forwarding of the previous record write
    f_d: DFF<Bits<32>>,
    f_bd: DFF<Bits<B>>,
    f_f: DFF<Bits<4>>,
    f_qs: DFF<Bits<32>>,

    // head stage
    h1_v: DFF<Bit>,
    h1_take: DFF<Bit>,
    h1_b: DFF<Bits<B>>,
    h1_node: DFF<Bits<NN>>,
    h2_v: DFF<Bit>,
    h2_take: DFF<Bit>,
    h2_b: DFF<Bits<B>>,
    h2_node: DFF<Bits<NN>>,
    h2_fwd: DFF<Bit>,
    hf_hv: DFF<Bit>,
    hf_hn: DFF<Bits<NN>>,

    // event FIFO
    q_cnt: DFF<Bits<3>>,
    q_wp: DFF<Bits<2>>,
    q_rp: DFF<Bits<2>>,
    q0_p: DFF<Bits<N>>,
    q0_d: DFF<Bits<32>>,
    q1_p: DFF<Bits<N>>,
    q1_d: DFF<Bits<32>>,
    q2_p: DFF<Bits<N>>,
    q2_d: DFF<Bits<32>>,
    q3_p: DFF<Bits<N>>,
    q3_d: DFF<Bits<32>>,

    c_late: DFF<Bits<16>>,
    c_bad: DFF<Bits<16>>,

    // adders
    add_sp: CondSumAdd,
    add_wt: CondSumAdd,
    add_end: CondSumAdd,
    add_far: CondSumAdd,
    add_ws: CondSumAdd,
    add_reach_a: CondSumAdd,
    add_reach_v: CondSumAdd,
    add_reach_f: CondSumAdd,
    add_qs: CondSumAdd,
    add_qs_f: CondSumAdd,

    // combinational
    rm: Signal<Local, Bit>,
    take_want: Signal<Local, Bit>,
    cur_v: Signal<Local, Bit>,
    cur_n: Signal<Local, Bits<NN>>,
    visit: Signal<Local, Bit>,
    walk_end: Signal<Local, Bit>,
    adv: Signal<Local, Bit>,
    sel_path: Signal<Local, Bits<N>>,
    dal_a: Signal<Local, Bits<32>>,
    bd_a: Signal<Local, Bits<32>>,
    lt_a: Signal<Local, Bit>,
    eqw_a: Signal<Local, Bit>,
    eqs_a: Signal<Local, Bit>,
    inspan_a: Signal<Local, Bit>,
    lt_v: Signal<Local, Bit>,
    eqw_v: Signal<Local, Bit>,
    eqs_v: Signal<Local, Bit>,
    is_vis: Signal<Local, Bit>,
    is_dis: Signal<Local, Bit>,
    is_arm: Signal<Local, Bit>,
    vis_live: Signal<Local, Bit>,
    vis_clr: Signal<Local, Bit>,
    arm_a: Signal<Local, Bit>,
    arm_b: Signal<Local, Bit>,
    arm_c: Signal<Local, Bit>,
    pow_b: Signal<Local, Bits<32>>,
    r_d: Signal<Local, Bits<32>>,
    r_bd: Signal<Local, Bits<B>>,
    r_f: Signal<Local, Bits<4>>,
    r_qs: Signal<Local, Bits<32>>,
    dal_v: Signal<Local, Bits<32>>,
    inspan_v: Signal<Local, Bit>,
    reached_v: Signal<Local, Bit>,
    live: Signal<Local, Bit>,
    ql: Signal<Local, Bit>,
    qo: Signal<Local, Bit>,
    later: Signal<Local, Bit>,
    n_d: Signal<Local, Bits<32>>,
    n_bd: Signal<Local, Bits<B>>,
    n_a: Signal<Local, Bit>,
    n_l: Signal<Local, Bit>,
    n_q0: Signal<Local, Bit>,
    n_q1: Signal<Local, Bit>,
    n_qs: Signal<Local, Bits<32>>,
    n_f: Signal<Local, Bits<4>>,
    fire: Signal<Local, Bit>,
    fire_d: Signal<Local, Bits<32>>,
    ins: Signal<Local, Bit>,
    ins_b: Signal<Local, Bits<B>>,
    ins_j: Signal<Local, Bit>,
    ins_node: Signal<Local, Bits<NN>>,
    path_nn: Signal<Local, Bits<NN>>,
    j_nn: Signal<Local, Bits<NN>>,
    late: Signal<Local, Bit>,
    take: Signal<Local, Bit>,
    old_v: Signal<Local, Bit>,
    old_n: Signal<Local, Bits<NN>>,
    pop: Signal<Local, Bit>,
    lo_mask: Signal<Local, Bits<32>>,
    ones_b: Signal<Local, Bits<B>>,
    far_b: Signal<Local, Bits<32>>,
    far_s: Signal<Local, Bits<32>>,
}

impl<const N: usize, const NN: usize, const B: usize> Logic for TimerWheel<N, NN, B> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, k_r, width, mask_hi, span_hi, far_off, boot, n_r, wt, wt_end, wt_far,
            wt_s, span_r, wb, wbf, st, sp_r, adv_r, turn, w_src, w_hold_v, w_hold_n, i_v, i_kind,
            i_path, i_dl, i_bd, i_reached, a_v, a_kind, a_path, a_fwd, a_j, a_dl, a_bd, a_reached,
            a_ps, a_pb, f_d, f_bd, f_f, f_qs, h1_v, h1_take, h1_b, h1_node, h2_v, h2_take, h2_b,
            h2_node, h2_fwd, hf_hv, hf_hn, q_cnt, q_wp, q_rp, q0_p, q0_d, q1_p, q1_d, q2_p, q2_d,
            q3_p, q3_d, c_late, c_bad
        );
        self.rec_d.read_clock.next = self.clock.val();
        self.rec_d.write_clock.next = self.clock.val();
        self.rec_bd.read_clock.next = self.clock.val();
        self.rec_bd.write_clock.next = self.clock.val();
        self.rec_f.read_clock.next = self.clock.val();
        self.rec_f.write_clock.next = self.clock.val();
        self.rec_qs.read_clock.next = self.clock.val();
        self.rec_qs.write_clock.next = self.clock.val();
        self.head_v.read_clock.next = self.clock.val();
        self.head_v.write_clock.next = self.clock.val();
        self.head_n.read_clock.next = self.clock.val();
        self.head_n.write_clock.next = self.clock.val();
        self.nx_v.read_clock.next = self.clock.val();
        self.nx_v.write_clock.next = self.clock.val();
        self.nx_n.read_clock.next = self.clock.val();
        self.nx_n.write_clock.next = self.clock.val();

        // ---- configuration (static; registered twice)
        self.k_r.d.next = self.cfg_shift.val();
        self.n_r.d.next = self.now.val();
        self.lo_mask.next = (bits::<32>(1) << self.k_r.q.val()) - bits::<32>(1);
        self.ones_b.next = !bits::<B>(0);
        self.far_b.next = bit_cast::<32, B>(self.ones_b.val());
        self.far_s.next = self.far_b.val() << self.k_r.q.val();
        self.width.d.next = bits::<32>(1) << self.k_r.q.val();
        self.mask_hi.d.next = !self.lo_mask.val();
        self.span_hi.d.next = !(self.far_s.val() | self.lo_mask.val());
        self.far_off.d.next = self.far_s.val();
        self.pow_b.next = self.far_b.val() + bits::<32>(1);
        self.span_r.d.next = self.pow_b.val() << self.k_r.q.val();

        // ---- slot passed: now - wt_end at or after 0 (registered)
        self.add_sp.a.next = self.n_r.q.val();
        self.add_sp.b.next = !self.wt_end.q.val();
        self.add_sp.cin.next = true;
        self.sp_r.d.next = !self.add_sp.sum.val().get_bit(31);
        // wheel advance adders
        self.add_wt.a.next = self.wt.q.val();
        self.add_wt.b.next = self.width.q.val();
        self.add_wt.cin.next = false;
        self.add_end.a.next = self.wt_end.q.val();
        self.add_end.b.next = self.width.q.val();
        self.add_end.cin.next = false;
        self.add_far.a.next = self.wt_far.q.val();
        self.add_far.b.next = self.width.q.val();
        self.add_far.cin.next = false;
        self.add_ws.a.next = self.wt_s.q.val();
        self.add_ws.b.next = self.width.q.val();
        self.add_ws.cin.next = false;

        // ---- FIFO room: entries + ops in the record stage <= 2
        self.rm.next =
            (self.q_cnt.q.val() + bit_cast::<3, 1>(self.a_v.q.val().into())) < bits::<3>(3);
        self.take_want.next = (self.st.q.val() == bits::<2>(0))
            & self.sp_r.q.val()
            & !self.adv_r.q.val()
            & (self.boot.q.val() == bits::<2>(3));
        self.op_ready.next = (self.boot.q.val() == bits::<2>(3))
            & self.rm.val()
            & !((self.st.q.val() == bits::<2>(2)) & self.turn.q.val())
            & !self.take_want.val();

        // ---- E0: register the external op
        self.i_v.d.next = false;
        self.i_kind.d.next = self.op_kind.val();
        self.i_path.d.next = self.op_path.val();
        self.i_dl.d.next = self.op_deadline.val();
        // an ARM's bucket and "reached" from the ports (`now` here is the
        // value `n_r` holds in c0)
        self.bd_a.next = self.op_deadline.val() >> self.k_r.q.val();
        self.i_bd.d.next = self.bd_a.val().get_bits::<B>(0);
        self.add_reach_a.a.next = self.now.val();
        self.add_reach_a.b.next = !self.op_deadline.val();
        self.add_reach_a.cin.next = true;
        self.i_reached.d.next = !self.add_reach_a.sum.val().get_bit(31);
        self.c_bad.d.next = self.c_bad.q.val();
        if self.op_valid.val() & self.op_ready.val() {
            if (self.op_kind.val() == bits::<2>(1)) | (self.op_kind.val() == bits::<2>(2)) {
                self.i_v.d.next = true;
            } else {
                self.c_bad.d.next = self.c_bad.q.val() + bits::<16>(1);
            }
        }

        // ---- c0: the walk's current node and the op choice
        if self.w_src.q.val() {
            self.cur_v.next = self.nx_v.read_data.val();
            self.cur_n.next = self.nx_n.read_data.val();
        } else {
            self.cur_v.next = self.w_hold_v.q.val();
            self.cur_n.next = self.w_hold_n.q.val();
        }
        self.walk_end.next = (self.st.q.val() == bits::<2>(2)) & !self.cur_v.val();
        self.visit.next = (self.st.q.val() == bits::<2>(2))
            & self.cur_v.val()
            & !self.i_v.q.val()
            & self.rm.val();
        self.w_src.d.next = self.visit.val();
        self.w_hold_v.d.next = self.cur_v.val();
        self.w_hold_n.d.next = self.cur_n.val();
        self.nx_v.read_address.next = self.cur_n.val();
        self.nx_n.read_address.next = self.cur_n.val();
        if self.i_v.q.val() {
            self.sel_path.next = self.i_path.q.val();
        } else {
            self.sel_path.next = self.cur_n.val().get_bits::<N>(1);
        }
        self.rec_d.read_address.next = self.sel_path.val();
        self.rec_bd.read_address.next = self.sel_path.val();
        self.rec_f.read_address.next = self.sel_path.val();
        self.rec_qs.read_address.next = self.sel_path.val();
        // ARM placement: in span when (dal - wt) mod 2^32 < 2^s (s = k + B),
        // i.e. the bits at and above s of D equal those of wt, or of wt +
        // 2^s when D's bucket is below wb (a borrow out of the low bits)
        self.dal_a.next = self.i_dl.q.val() & self.mask_hi.q.val();
        self.lt_a.next = self.i_bd.q.val() < self.wb.q.val();
        self.eqw_a.next =
            ((self.i_dl.q.val() ^ self.wt.q.val()) & self.span_hi.q.val()) == bits::<32>(0);
        self.eqs_a.next =
            ((self.i_dl.q.val() ^ self.wt_s.q.val()) & self.span_hi.q.val()) == bits::<32>(0);
        self.inspan_a.next =
            (self.lt_a.val() & self.eqs_a.val()) | (!self.lt_a.val() & self.eqw_a.val());
        self.a_v.d.next = self.i_v.q.val() | self.visit.val();
        if self.i_v.q.val() {
            self.a_kind.d.next = self.i_kind.q.val();
        } else {
            self.a_kind.d.next = bits::<2>(3);
        }
        self.a_path.d.next = self.sel_path.val();
        // the op now in the record stage is the one to forward next clock
        self.a_fwd.d.next = self.a_v.q.val() & (self.sel_path.val() == self.a_path.q.val());
        self.a_j.d.next = self.cur_n.val().get_bit(0);
        self.a_dl.d.next = self.i_dl.q.val();
        self.a_bd.d.next = self.i_bd.q.val();
        self.a_reached.d.next = self.i_reached.q.val();
        if self.inspan_a.val() {
            self.a_ps.d.next = self.dal_a.val();
            self.a_pb.d.next = self.i_bd.q.val();
        } else {
            self.a_ps.d.next = self.wt_far.q.val();
            self.a_pb.d.next = self.wbf.q.val();
        }

        // ---- c1: the record loop
        if self.a_fwd.q.val() {
            self.r_d.next = self.f_d.q.val();
            self.r_bd.next = self.f_bd.q.val();
            self.r_f.next = self.f_f.q.val();
            self.r_qs.next = self.f_qs.q.val();
        } else {
            self.r_d.next = self.rec_d.read_data.val();
            self.r_bd.next = self.rec_bd.read_data.val();
            self.r_f.next = self.rec_f.read_data.val();
            self.r_qs.next = self.rec_qs.read_data.val();
        }
        // the compares on the RAM's record and on the forwarded one side by
        // side, chosen after (the adders' operands from registers and RAM
        // outputs only: a statement that writes an adder input must not
        // share a signal with those reading its sum, or Verilator sees one
        // circular always block)
        self.add_reach_v.a.next = self.n_r.q.val();
        self.add_reach_v.b.next = !self.rec_d.read_data.val();
        self.add_reach_v.cin.next = true;
        self.add_reach_f.a.next = self.n_r.q.val();
        self.add_reach_f.b.next = !self.f_d.q.val();
        self.add_reach_f.cin.next = true;
        // placement slot of the ARM before the live node's slot: moved earlier
        self.add_qs.a.next = self.a_ps.q.val();
        self.add_qs.b.next = !self.rec_qs.read_data.val();
        self.add_qs.cin.next = true;
        self.add_qs_f.a.next = self.a_ps.q.val();
        self.add_qs_f.b.next = !self.f_qs.q.val();
        self.add_qs_f.cin.next = true;
        if self.a_fwd.q.val() {
            self.reached_v.next = !self.add_reach_f.sum.val().get_bit(31);
            self.later.next = self.add_qs_f.sum.val().get_bit(31);
        } else {
            self.reached_v.next = !self.add_reach_v.sum.val().get_bit(31);
            self.later.next = self.add_qs.sum.val().get_bit(31);
        }
        self.dal_v.next = self.r_d.val() & self.mask_hi.q.val();
        self.lt_v.next = self.r_bd.val() < self.wb.q.val();
        self.eqw_v.next =
            ((self.r_d.val() ^ self.wt.q.val()) & self.span_hi.q.val()) == bits::<32>(0);
        self.eqs_v.next =
            ((self.r_d.val() ^ self.wt_s.q.val()) & self.span_hi.q.val()) == bits::<32>(0);
        self.inspan_v.next =
            (self.lt_v.val() & self.eqs_v.val()) | (!self.lt_v.val() & self.eqw_v.val());
        self.live.next =
            self.r_f.val().get_bit(0) & (self.a_j.q.val() == self.r_f.val().get_bit(1));
        if self.r_f.val().get_bit(1) {
            self.ql.next = self.r_f.val().get_bit(3);
            self.qo.next = self.r_f.val().get_bit(2);
        } else {
            self.ql.next = self.r_f.val().get_bit(2);
            self.qo.next = self.r_f.val().get_bit(3);
        }
        // The decision, written so that the late compares (`reached_v`,
        // `later`, `inspan_v`) enter at the end: a visit of node a_j of
        // a_path (kind 3), a DISARM (2) or an ARM (1).
        self.is_vis.next = self.a_v.q.val() & (self.a_kind.q.val() == bits::<2>(3));
        self.is_dis.next = self.a_v.q.val() & (self.a_kind.q.val() == bits::<2>(2));
        self.is_arm.next = self.a_v.q.val() & !self.a_kind.q.val().get_bit(1);
        self.vis_live.next = self.is_vis.val() & self.live.val();
        // a visit drops the node's queued flag unless it re-queues it
        self.vis_clr.next = self.is_vis.val() & (!self.live.val() | self.reached_v.val());
        // ARM not yet reached: live node not queued -> insert it (arm_a);
        // queued, the other node free -> the other node if earlier (arm_b);
        // both queued -> counted late if earlier (arm_c)
        self.arm_a.next = self.is_arm.val() & !self.a_reached.q.val() & !self.ql.val();
        self.arm_b.next =
            self.is_arm.val() & !self.a_reached.q.val() & self.ql.val() & !self.qo.val();
        self.arm_c.next =
            self.is_arm.val() & !self.a_reached.q.val() & self.ql.val() & self.qo.val();
        self.fire.next = (self.vis_live.val() & self.reached_v.val())
            | (self.is_arm.val() & self.a_reached.q.val());
        self.ins.next = (self.vis_live.val() & !self.reached_v.val())
            | self.arm_a.val()
            | (self.arm_b.val() & self.later.val());
        self.late.next = self.arm_c.val() & self.later.val();
        if self.is_arm.val() {
            self.n_d.next = self.a_dl.q.val();
            self.n_bd.next = self.a_bd.q.val();
            self.fire_d.next = self.a_dl.q.val();
            self.n_a.next = !self.a_reached.q.val();
        } else {
            self.n_d.next = self.r_d.val();
            self.n_bd.next = self.r_bd.val();
            self.fire_d.next = self.r_d.val();
            self.n_a.next = self.r_f.val().get_bit(0)
                & !self.is_dis.val()
                & !(self.vis_live.val() & self.reached_v.val());
        }
        self.n_l.next = self.r_f.val().get_bit(1) ^ (self.arm_b.val() & self.later.val());
        self.n_q0.next = (self.r_f.val().get_bit(2) & !(self.vis_clr.val() & !self.a_j.q.val()))
            | (self.arm_a.val() & !self.r_f.val().get_bit(1))
            | (self.arm_b.val() & self.later.val() & self.r_f.val().get_bit(1));
        self.n_q1.next = (self.r_f.val().get_bit(3) & !(self.vis_clr.val() & self.a_j.q.val()))
            | (self.arm_a.val() & self.r_f.val().get_bit(1))
            | (self.arm_b.val() & self.later.val() & !self.r_f.val().get_bit(1));
        // the live node's slot: a visit re-queues it (a fired node's QS is
        // not read again: its queued flag is clear), an ARM that inserts
        // sets the placement
        if self.vis_live.val() {
            if self.inspan_v.val() {
                self.n_qs.next = self.dal_v.val();
            } else {
                self.n_qs.next = self.wt_far.q.val();
            }
        } else if self.arm_a.val() | (self.arm_b.val() & self.later.val()) {
            self.n_qs.next = self.a_ps.q.val();
        } else {
            self.n_qs.next = self.r_qs.val();
        }
        // where an insert goes (read only when `ins`; a take has a_v = 0)
        if self.is_vis.val() {
            self.ins_j.next = self.a_j.q.val();
            if self.inspan_v.val() {
                self.ins_b.next = self.r_bd.val();
            } else {
                self.ins_b.next = self.wbf.q.val();
            }
        } else {
            self.ins_j.next = self.r_f.val().get_bit(1) ^ !self.arm_a.val();
            self.ins_b.next = self.a_pb.q.val();
        }
        self.n_f.next = bit_cast::<4, 1>(self.n_a.val().into())
            | (bit_cast::<4, 1>(self.n_l.val().into()) << 1)
            | (bit_cast::<4, 1>(self.n_q0.val().into()) << 2)
            | (bit_cast::<4, 1>(self.n_q1.val().into()) << 3);
        self.rec_d.write_address.next = self.a_path.q.val();
        self.rec_bd.write_address.next = self.a_path.q.val();
        self.rec_f.write_address.next = self.a_path.q.val();
        self.rec_qs.write_address.next = self.a_path.q.val();
        self.rec_d.write_data.next = self.n_d.val();
        self.rec_bd.write_data.next = self.n_bd.val();
        self.rec_f.write_data.next = self.n_f.val();
        self.rec_qs.write_data.next = self.n_qs.val();
        self.rec_d.write_enable.next = self.a_v.q.val();
        self.rec_bd.write_enable.next = self.a_v.q.val();
        self.rec_f.write_enable.next = self.a_v.q.val();
        self.rec_qs.write_enable.next = self.a_v.q.val();
        self.f_d.d.next = self.n_d.val();
        self.f_bd.d.next = self.n_bd.val();
        self.f_f.d.next = self.n_f.val();
        self.f_qs.d.next = self.n_qs.val();
        self.c_late.d.next = self.c_late.q.val();
        if self.late.val() {
            self.c_late.d.next = self.c_late.q.val() + bits::<16>(1);
        }
        self.path_nn.next = bit_cast::<NN, N>(self.a_path.q.val()) << 1;
        self.j_nn.next = bit_cast::<NN, 1>(self.ins_j.val().into());
        self.ins_node.next = self.path_nn.val() | self.j_nn.val();

        // ---- head stage 1 (insert or the wheel's take)
        self.take.next = self.take_want.val() & !self.a_v.q.val();
        self.h1_v.d.next = self.ins.val() | self.take.val();
        self.h1_take.d.next = !self.a_v.q.val();
        if self.a_v.q.val() {
            self.h1_b.d.next = self.ins_b.val();
        } else {
            self.h1_b.d.next = self.wb.q.val();
        }
        self.h1_node.d.next = self.ins_node.val();
        self.head_v.read_address.next = self.h1_b.q.val();
        self.head_n.read_address.next = self.h1_b.q.val();
        self.h2_v.d.next = self.h1_v.q.val();
        self.h2_take.d.next = self.h1_take.q.val();
        self.h2_b.d.next = self.h1_b.q.val();
        self.h2_node.d.next = self.h1_node.q.val();
        self.h2_fwd.d.next = self.h2_v.q.val() & (self.h1_b.q.val() == self.h2_b.q.val());
        // ---- head stage 2: link or hand over
        if self.h2_fwd.q.val() {
            self.old_v.next = self.hf_hv.q.val();
            self.old_n.next = self.hf_hn.q.val();
        } else {
            self.old_v.next = self.head_v.read_data.val();
            self.old_n.next = self.head_n.read_data.val();
        }
        self.head_v.write_address.next = self.h2_b.q.val();
        self.head_n.write_address.next = self.h2_b.q.val();
        self.head_v.write_data.next = !self.h2_take.q.val();
        self.head_n.write_data.next = self.h2_node.q.val();
        self.head_v.write_enable.next = self.h2_v.q.val();
        self.head_n.write_enable.next = self.h2_v.q.val();
        self.hf_hv.d.next = !self.h2_take.q.val();
        self.hf_hn.d.next = self.h2_node.q.val();
        self.nx_v.write_address.next = self.h2_node.q.val();
        self.nx_n.write_address.next = self.h2_node.q.val();
        self.nx_v.write_data.next = self.old_v.val();
        self.nx_n.write_data.next = self.old_n.val();
        self.nx_v.write_enable.next = self.h2_v.q.val() & !self.h2_take.q.val();
        self.nx_n.write_enable.next = self.h2_v.q.val() & !self.h2_take.q.val();

        // ---- wheel state: 0 idle, 1 taking, 2 walking
        self.adv.next = false;
        self.st.d.next = self.st.q.val();
        if self.take.val() {
            self.st.d.next = bits::<2>(1);
        }
        if (self.st.q.val() == bits::<2>(1)) & self.h2_v.q.val() & self.h2_take.q.val() {
            if self.old_v.val() {
                self.st.d.next = bits::<2>(2);
                self.w_src.d.next = false;
                self.w_hold_v.d.next = true;
                self.w_hold_n.d.next = self.old_n.val();
            } else {
                self.st.d.next = bits::<2>(0);
                self.adv.next = true;
            }
        }
        if self.walk_end.val() {
            self.st.d.next = bits::<2>(0);
            self.adv.next = true;
        }
        self.turn.d.next = (self.st.q.val() == bits::<2>(2)) & !self.turn.q.val();
        // (also during boot: sp_r is valid one clock after wt_end is loaded)
        self.adv_r.d.next = self.adv.val() | (self.boot.q.val() != bits::<2>(3));
        self.boot.d.next = self.boot.q.val();
        self.wt.d.next = self.wt.q.val();
        self.wt_end.d.next = self.wt_end.q.val();
        self.wt_far.d.next = self.wt_far.q.val();
        self.wt_s.d.next = self.wt_s.q.val();
        self.wb.d.next = self.wb.q.val();
        self.wbf.d.next = self.wbf.q.val();
        if self.boot.q.val() != bits::<2>(3) {
            self.boot.d.next = self.boot.q.val() + bits::<2>(1);
            self.wt.d.next = bits::<32>(0);
            self.wt_end.d.next = self.width.q.val();
            self.wt_far.d.next = self.far_off.q.val();
            self.wt_s.d.next = self.span_r.q.val();
            self.wb.d.next = bits::<B>(0);
            self.wbf.d.next = !bits::<B>(0);
        } else if self.adv.val() {
            self.wt.d.next = self.add_wt.sum.val();
            self.wt_end.d.next = self.add_end.sum.val();
            self.wt_far.d.next = self.add_far.sum.val();
            self.wt_s.d.next = self.add_ws.sum.val();
            self.wb.d.next = self.wb.q.val() + bits::<B>(1);
            self.wbf.d.next = self.wbf.q.val() + bits::<B>(1);
        }

        // ---- event FIFO
        self.pop.next = (self.q_cnt.q.val() != bits::<3>(0)) & self.ev_ready.val();
        self.q_cnt.d.next = self.q_cnt.q.val();
        if self.fire.val() & !self.pop.val() {
            self.q_cnt.d.next = self.q_cnt.q.val() + bits::<3>(1);
        }
        if !self.fire.val() & self.pop.val() {
            self.q_cnt.d.next = self.q_cnt.q.val() - bits::<3>(1);
        }
        self.q_rp.d.next = self.q_rp.q.val();
        if self.pop.val() {
            self.q_rp.d.next = self.q_rp.q.val() + bits::<2>(1);
        }
        self.q_wp.d.next = self.q_wp.q.val();
        self.q0_p.d.next = self.q0_p.q.val();
        self.q0_d.d.next = self.q0_d.q.val();
        self.q1_p.d.next = self.q1_p.q.val();
        self.q1_d.d.next = self.q1_d.q.val();
        self.q2_p.d.next = self.q2_p.q.val();
        self.q2_d.d.next = self.q2_d.q.val();
        self.q3_p.d.next = self.q3_p.q.val();
        self.q3_d.d.next = self.q3_d.q.val();
        if self.fire.val() {
            self.q_wp.d.next = self.q_wp.q.val() + bits::<2>(1);
            if self.q_wp.q.val() == bits::<2>(0) {
                self.q0_p.d.next = self.a_path.q.val();
                self.q0_d.d.next = self.fire_d.val();
            }
            if self.q_wp.q.val() == bits::<2>(1) {
                self.q1_p.d.next = self.a_path.q.val();
                self.q1_d.d.next = self.fire_d.val();
            }
            if self.q_wp.q.val() == bits::<2>(2) {
                self.q2_p.d.next = self.a_path.q.val();
                self.q2_d.d.next = self.fire_d.val();
            }
            if self.q_wp.q.val() == bits::<2>(3) {
                self.q3_p.d.next = self.a_path.q.val();
                self.q3_d.d.next = self.fire_d.val();
            }
        }
        self.ev_valid.next = self.q_cnt.q.val() != bits::<3>(0);
        if self.q_rp.q.val() == bits::<2>(0) {
            self.ev_path.next = self.q0_p.q.val();
            self.ev_deadline.next = self.q0_d.q.val();
        } else if self.q_rp.q.val() == bits::<2>(1) {
            self.ev_path.next = self.q1_p.q.val();
            self.ev_deadline.next = self.q1_d.q.val();
        } else if self.q_rp.q.val() == bits::<2>(2) {
            self.ev_path.next = self.q2_p.q.val();
            self.ev_deadline.next = self.q2_d.q.val();
        } else {
            self.ev_path.next = self.q3_p.q.val();
            self.ev_deadline.next = self.q3_d.q.val();
        }
        self.cnt_late.next = self.c_late.q.val();
        self.cnt_bad.next = self.c_bad.q.val();
        self.wheel_time.next = self.wt.q.val();
    }
}
