//! Receiver rate hint: the fair share this engine offers each sender, sent
//! in every ACK (SPEC section 6, `rate_hint`; protocol mechanism 5). The
//! port's rate is divided among the senders active toward this receiver
//! and lowered while the queue in front of it builds.
//!
//! The module is `rx_rate_hint`, not `rate_hint`: that is a port of
//! `ack_gen` and of the top, and Verilator refuses a module and a variable
//! of one name in one build (`scripts/test.sh` lints all files together).
//!
//! # Behaviour (normative; `braid_model::RateHintModel` is the bit-
//! and cycle-exact reference)
//!
//! Inputs are sampled at a rising edge; "during clock k" is the time after
//! edge k. `CB` is the connection index width (`rx_rate_hint`: 10,
//! `rx_rate_hint_tiny`: 4).
//!
//! **Inputs.**
//! * Data packets: `pk_valid`, `pk_conn`, `pk_ts` (the packet's
//!   `timestamp`, the sender's clock when it left). No ready: one packet
//!   per clock is always taken.
//! * Connection set-ups: `st_valid`, `st_conn`, with `st_ready` (a register:
//!   high while no set-up is pending). A set-up taken at an edge is pending
//!   until an edge with no `pk_valid`, where it is issued instead of a
//!   packet.
//! * `now` (the engine's tick), `cfg_interval` (ticks per interval, 0 acts
//!   as 65,536), `cfg_queue` (queueing-delay threshold in ticks; 0: never
//!   lowered), `cfg_port_hint` (the port's rate in hint units; 0: every hint
//!   is 0, "no limit").
//!
//! **Per-connection record** (block RAM, `2^CB` entries, 49 bits, zero at
//! power-up): `epoch` (16, the interval in which the connection was last
//! counted), `bv` (the base is valid) and `base` (32, the smallest `owd`
//! seen on the connection, where `owd` is the one-way delay `now - pk_ts`
//! less the interval number: see "Clock drift"; the two engines' clocks
//! are not synchronized, so only differences to it mean something).
//!
//! **Pipeline** (one operation per clock):
//! * Edge 0 issues the packet (or the pending set-up) into stage A, and
//!   samples `now - E32` (`E32` the interval number at that edge in 32
//!   bits, wrapping: `now - E32` never jumps).
//! * Stage A reads the record; `owd = (now - E32) - pk_ts` (32 bits,
//!   wrapping).
//! * Stage B (one clock later) updates it. The record is the one written
//!   by the previous clock's stage B when that named the same connection,
//!   else the RAM's. A set-up writes `{epoch: E - 1, bv: 0, base: 0}` (`E`
//!   the current interval number). A packet writes `epoch = E` and counts
//!   as a new active sender when the record's epoch differs from `E`; with
//!   `d = owd - base` (32 bits), the base is kept when `bv` and `d` is not
//!   negative (bit 31 clear), and the packet's excess is `d` when the
//!   record's epoch is `E` or `E - 1` (the connection was seen in this
//!   interval or the last), else 0 (the first packet after a silence
//!   carries the clocks' drift over it); otherwise the base becomes `owd`
//!   and the excess is 0; `bv` = 1.
//!
//!   **Clock drift.** The two engines' oscillators differ (by up to 200
//!   ppm between two +-100 ppm parts: 0.3 ticks per 1,500-tick interval),
//!   so one-way delays drift. A base that only ever fell would see a
//!   growing excess when the sender's clock runs slow, and cut the hint
//!   for ever. Because `owd` is the delay less `E32`, a kept base stands
//!   for a delay of `base + E32`: it creeps up one tick per interval, silent or
//!   not, with no adder in the record loop. That tracks drift up to one
//!   tick per interval (667 ppm at the reset interval); a base that crept
//!   past the true minimum falls back at the connection's next packet (`d`
//!   negative). The price: a queue standing for q intervals is absorbed
//!   after about q ticks of creep (a 1,200-tick queue after 1,200
//!   intervals, 6 ms), long after the cuts have drained it.
//! * Stage C (one clock later) counts. The excess is saturated to 16 bits;
//!   the smallest excess of the interval is kept (`min_excess`). A new
//!   sender or a set-up counts in the current interval (`active_cur`,
//!   `setups_cur`), or in the previous one (`active_prev`, `setups_prev`)
//!   when an interval ended at the edge that closed its stage B.
//!
//! **Intervals.** A down-counter of `cfg_interval - 1` to 0 (reloaded at 0;
//! 0 at power-up, so the first interval ends at the first edge) raises the
//! interval end for one clock. At an edge during an interval end: `E`
//! increments; `active_prev` = `active_cur` plus stage C's new sender (one
//! that belongs to this interval), `active_cur` = 0; the same for set-ups;
//! the interval's `min_excess` (with whether one was seen) becomes the
//! pending adjustment (replacing one not yet taken), and `min_excess`
//! restarts from stage C's packet, if any. A connection is counted once
//! per interval (its epoch is 16 bits: one silent for a multiple of 65,536
//! intervals is missed for one interval).
//!
//! **Senders.** Registered over two clocks: `n1 = max(active_prev,
//! active_cur)`, `ns = min(setups_prev + setups_cur, 65535)`, then `n =
//! max(n1, ns, 1)`. A connection counts as active for a whole interval
//! after its set-up, data seen or not, and a sender for one more interval
//! after its last packet.
//!
//! **Arithmetic unit** (one step per clock; registers `scale` (17 bits,
//! 65,536 = 1.0, 65,536 at power-up), `hint`, `senders`), in phases:
//! * Idle (one clock): an adjustment pending is taken. When a minimum was
//!   seen, `cfg_queue` is not 0 and the minimum `q` exceeds it, the queue
//!   builds: `cut = min(q * 6554 / cfg_queue, 32768)` (a tenth of `q /
//!   cfg_queue` in 16-bit fixed point, at most one half: 17 steps of
//!   multiplication, 32 of division, one clock for the minimum) and then
//!   `scale = max(scale * (65536 - cut) >> 16, 16384)` (17 steps;
//!   `cnt_cuts` counts it). Otherwise `scale = min(scale + 3277, 65536)`
//!   (a twentieth back per interval) at the idle clock's edge.
//! * The hint: `n` and `cfg_port_hint` are latched (one clock), `h =
//!   cfg_port_hint * scale >> 16` (17 steps), `h / n` (16 steps), then
//!   (one clock) `hint` = the quotient, at least 1, or 0 when the latched
//!   port hint is 0, and `senders` = `n`. Then idle again: a round without
//!   an adjustment takes 36 clocks, one with a cut 103.
//! * Multiplication, LSB first: `acc_hi` (18 bits) `+= x` when the
//!   multiplier's low bit is set, then `{acc_hi, acc_lo}` shifts right one
//!   bit (17 steps; the product is `acc_hi << 17 | acc_lo`). Division,
//!   restoring, MSB first: the remainder (17 bits) takes the dividend's
//!   next bit and the divisor is subtracted when it fits; the quotient
//!   bit shifts in.
//!
//! The fabric model (`braid_net::net`) uses the same rule in floating
//! point (its `HINT_CUT` 0.1, `HINT_RECOVER` 0.05, floor 0.25).

use crate::cond_sum_add::CondAdd;
use rust_hdl::prelude::*;

/// Record width: epoch 16, bv 1, base 32.
pub const RH_REC_BITS: usize = 49;
/// Connection index bits of the default build.
pub const RH_CONN_BITS: usize = 10;
/// Connection index bits of the tiny build.
pub const RH_TINY_CONN_BITS: usize = 4;
/// Default build: 1,024 connections.
pub type RateHintFull = RateHint<RH_CONN_BITS>;
/// Tiny build: 16 connections.
pub type RateHintTiny = RateHint<RH_TINY_CONN_BITS>;
/// Mid build: 512 connections.
pub type RateHintMid = RateHint<9>;

/// The receiver's rate hint (see the module documentation).
#[derive(LogicBlock, Default)]
pub struct RateHint<const CB: usize> {
    /// Engine clock.
    pub clock: Signal<In, Clock>,
    /// A data packet.
    pub pk_valid: Signal<In, Bit>,
    /// Its connection.
    pub pk_conn: Signal<In, Bits<CB>>,
    /// Its timestamp.
    pub pk_ts: Signal<In, Bits<32>>,
    /// A connection set-up.
    pub st_valid: Signal<In, Bit>,
    /// Its connection.
    pub st_conn: Signal<In, Bits<CB>>,
    /// No set-up pending.
    pub st_ready: Signal<Out, Bit>,
    /// Engine tick.
    pub now: Signal<In, Bits<32>>,
    /// Ticks per interval (0: 65,536).
    pub cfg_interval: Signal<In, Bits<16>>,
    /// Queueing-delay threshold in ticks (0: never lowered).
    pub cfg_queue: Signal<In, Bits<16>>,
    /// The port's rate in hint units (0: hint 0).
    pub cfg_port_hint: Signal<In, Bits<16>>,
    /// The hint for every sender (hint units; 0 = no limit).
    pub hint: Signal<Out, Bits<16>>,
    /// The sender count the hint was divided by.
    pub senders: Signal<Out, Bits<16>>,
    /// The queue scale (65,536 = 1.0).
    pub scale: Signal<Out, Bits<17>>,
    /// Cuts of the scale.
    pub cnt_cuts: Signal<Out, Bits<32>>,
    /// Interval number.
    pub epoch: Signal<Out, Bits<16>>,

    recs: RAM<Bits<RH_REC_BITS>, CB>,
    owd_sub: CondAdd<32>,
    d_ram: CondAdd<32>,
    d_fwd: CondAdd<32>,
    mx_sub: CondAdd<17>,
    st_add: CondAdd<17>,
    n1_sub: CondAdd<17>,
    n2_sub: CondAdd<17>,
    mul_add: CondAdd<18>,
    div_sub: CondAdd<17>,
    rec_add: CondAdd<18>,
    cut_sub: CondAdd<17>,
    // set-up pending
    st_pend: DFF<Bit>,
    st_pconn: DFF<Bits<CB>>,
    // stage A
    a_valid: DFF<Bit>,
    a_setup: DFF<Bit>,
    a_conn: DFF<Bits<CB>>,
    a_now: DFF<Bits<32>>,
    a_ts: DFF<Bits<32>>,
    // stage B
    b_valid: DFF<Bit>,
    b_setup: DFF<Bit>,
    b_conn: DFF<Bits<CB>>,
    b_owd: DFF<Bits<32>>,
    // the record stage B wrote last clock
    w_valid: DFF<Bit>,
    w_conn: DFF<Bits<CB>>,
    w_rec: DFF<Bits<RH_REC_BITS>>,
    // stage C
    c_inc: DFF<Bit>,
    c_st: DFF<Bit>,
    c_exv: DFF<Bit>,
    c_ex: DFF<Bits<32>>,
    c_old: DFF<Bit>,
    // intervals
    iv_cnt: DFF<Bits<16>>,
    iv_end: DFF<Bit>,
    /// The interval number in 32 bits: `now - e32` never jumps; its low
    /// half is the epoch `ep` stored in the records.
    e32: DFF<Bits<32>>,
    act_cur: DFF<Bits<16>>,
    act_prev: DFF<Bits<16>>,
    st_cur: DFF<Bits<16>>,
    st_prev: DFF<Bits<16>>,
    mx: DFF<Bits<16>>,
    mx_valid: DFF<Bit>,
    adj_pend: DFF<Bit>,
    adj_qv: DFF<Bit>,
    adj_q: DFF<Bits<16>>,
    // senders
    n1: DFF<Bits<16>>,
    ns: DFF<Bits<16>>,
    nn: DFF<Bits<16>>,
    // arithmetic unit
    ph: DFF<Bits<4>>,
    steps: DFF<Bits<6>>,
    m_x: DFF<Bits<17>>,
    m_hi: DFF<Bits<18>>,
    m_lo: DFF<Bits<32>>,
    d_rem: DFF<Bits<17>>,
    u_n: DFF<Bits<16>>,
    u_t: DFF<Bits<16>>,
    u_ph: DFF<Bits<16>>,
    // the scale with bit 16 inverted, so that 0 at power-up is 1.0
    sc: DFF<Bits<17>>,
    scale_v: Signal<Local, Bits<17>>,
    hint_r: DFF<Bits<16>>,
    senders_r: DFF<Bits<16>>,
    cuts: DFF<Bits<32>>,
    // locals
    fwd: Signal<Local, Bit>,
    rec: Signal<Local, Bits<RH_REC_BITS>>,
    d: Signal<Local, Bits<32>>,
    keep: Signal<Local, Bit>,
    /// The packet's excess counts (the connection was seen in this
    /// interval or the previous one).
    recent: Signal<Local, Bit>,
    new_rec: Signal<Local, Bits<RH_REC_BITS>>,
    ex16: Signal<Local, Bits<16>>,
    inc_cur: Signal<Local, Bit>,
    inc_prev: Signal<Local, Bit>,
    stc_cur: Signal<Local, Bit>,
    stc_prev: Signal<Local, Bit>,
    msum: Signal<Local, Bits<18>>,
    mul_hi: Signal<Local, Bits<18>>,
    mul_lo: Signal<Local, Bits<32>>,
    drem: Signal<Local, Bits<17>>,
    dfit: Signal<Local, Bit>,
    div_rem: Signal<Local, Bits<17>>,
    div_lo: Signal<Local, Bits<32>>,
    ep: Signal<Local, Bits<16>>,
    ep_m1: Signal<Local, Bits<16>>,
    ep_bv: Signal<Local, Bits<17>>,
}

impl<const CB: usize> Logic for RateHint<CB> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, st_pend, st_pconn, a_valid, a_setup, a_conn, a_now, a_ts, b_valid,
            b_setup, b_conn, b_owd, w_valid, w_conn, w_rec, c_inc, c_st, c_exv, c_ex, c_old,
            iv_cnt, iv_end, e32, act_cur, act_prev, st_cur, st_prev, mx, mx_valid, adj_pend,
            adj_qv, adj_q, n1, ns, nn, ph, steps, m_x, m_hi, m_lo, d_rem, u_n, u_t, u_ph, sc,
            hint_r, senders_r, cuts
        );
        self.ep.next = self.e32.q.val().get_bits::<16>(0);
        self.recs.read_clock.next = self.clock.val();
        self.recs.write_clock.next = self.clock.val();

        // ---- issue: a packet, else the pending set-up
        self.st_ready.next = !self.st_pend.q.val();
        if self.st_pend.q.val() {
            self.st_pend.d.next = self.pk_valid.val();
        } else {
            self.st_pend.d.next = self.st_valid.val();
            if self.st_valid.val() {
                self.st_pconn.d.next = self.st_conn.val();
            }
        }
        self.a_valid.d.next = self.pk_valid.val() | self.st_pend.q.val();
        self.a_setup.d.next = !self.pk_valid.val() & self.st_pend.q.val();
        if self.pk_valid.val() {
            self.a_conn.d.next = self.pk_conn.val();
        } else {
            self.a_conn.d.next = self.st_pconn.q.val();
        }
        // `now - E`: the one-way delay less the interval count, so that a
        // base stored relative to it creeps up one tick per interval
        self.a_now.d.next = self.now.val() - self.e32.q.val();
        self.a_ts.d.next = self.pk_ts.val();

        // ---- stage A: read the record, one-way delay
        self.recs.read_address.next = self.a_conn.q.val();
        self.owd_sub.a.next = self.a_now.q.val();
        self.owd_sub.b.next = !self.a_ts.q.val();
        self.owd_sub.cin.next = true;
        self.b_valid.d.next = self.a_valid.q.val();
        self.b_setup.d.next = self.a_setup.q.val();
        self.b_conn.d.next = self.a_conn.q.val();
        self.b_owd.d.next = self.owd_sub.sum.val();

        // ---- stage B: update the record
        self.fwd.next = self.w_valid.q.val() & (self.w_conn.q.val() == self.b_conn.q.val());
        self.d_ram.a.next = self.b_owd.q.val();
        self.d_ram.b.next = !self.recs.read_data.val().get_bits::<32>(0);
        self.d_ram.cin.next = true;
        self.d_fwd.a.next = self.b_owd.q.val();
        self.d_fwd.b.next = !self.w_rec.q.val().get_bits::<32>(0);
        self.d_fwd.cin.next = true;
        if self.fwd.val() {
            self.rec.next = self.w_rec.q.val();
            self.d.next = self.d_fwd.sum.val();
        } else {
            self.rec.next = self.recs.read_data.val();
            self.d.next = self.d_ram.sum.val();
        }
        self.ep_m1.next = self.ep.val() - 1;
        // {epoch, bv = 1}
        self.ep_bv.next = (bit_cast::<17, 16>(self.ep.val()) << 1) | bits::<17>(1);
        self.keep.next = self.rec.val().get_bit(32) & !self.d.val().get_bit(31);
        self.recent.next = (self.rec.val().get_bits::<16>(33) == self.ep.val())
            | (self.rec.val().get_bits::<16>(33) == self.ep_m1.val());
        if self.b_setup.q.val() {
            self.new_rec.next = bit_cast::<49, 16>(self.ep_m1.val()) << 33;
        } else if self.keep.val() {
            self.new_rec.next = (bit_cast::<49, 17>(self.ep_bv.val()) << 32)
                | bit_cast::<49, 32>(self.rec.val().get_bits::<32>(0));
        } else {
            self.new_rec.next = (bit_cast::<49, 17>(self.ep_bv.val()) << 32)
                | bit_cast::<49, 32>(self.b_owd.q.val());
        }
        self.recs.write_address.next = self.b_conn.q.val();
        self.recs.write_data.next = self.new_rec.val();
        self.recs.write_enable.next = self.b_valid.q.val();
        self.w_valid.d.next = self.b_valid.q.val();
        self.w_conn.d.next = self.b_conn.q.val();
        self.w_rec.d.next = self.new_rec.val();
        self.c_inc.d.next = self.b_valid.q.val()
            & !self.b_setup.q.val()
            & (self.rec.val().get_bits::<16>(33) != self.ep.val());
        self.c_st.d.next = self.b_valid.q.val() & self.b_setup.q.val();
        self.c_exv.d.next = self.b_valid.q.val() & !self.b_setup.q.val();
        if self.keep.val() & self.recent.val() {
            self.c_ex.d.next = self.d.val();
        } else {
            self.c_ex.d.next = 0.into();
        }
        self.c_old.d.next = self.iv_end.q.val();

        // ---- intervals
        if self.iv_cnt.q.val().any() {
            self.iv_cnt.d.next = self.iv_cnt.q.val() - 1;
            self.iv_end.d.next = false;
        } else {
            self.iv_cnt.d.next = self.cfg_interval.val() - 1;
            self.iv_end.d.next = true;
        }

        // ---- stage C: count
        if self.c_ex.q.val().get_bits::<16>(16).any() {
            self.ex16.next = bits::<16>(0xffff);
        } else {
            self.ex16.next = self.c_ex.q.val().get_bits::<16>(0);
        }
        self.inc_cur.next = self.c_inc.q.val() & !self.c_old.q.val();
        self.inc_prev.next = self.c_inc.q.val() & self.c_old.q.val();
        self.stc_cur.next = self.c_st.q.val() & !self.c_old.q.val();
        self.stc_prev.next = self.c_st.q.val() & self.c_old.q.val();
        // ex16 < mx: the excess is below 2^16 and its low half - mx borrows
        // (the adders are fed from registers only: a local in between
        // makes Verilator see a combinational loop through the block)
        self.mx_sub.a.next = bit_cast::<17, 16>(self.c_ex.q.val().get_bits::<16>(0));
        self.mx_sub.b.next = !bit_cast::<17, 16>(self.mx.q.val());
        self.mx_sub.cin.next = true;
        if self.iv_end.q.val() {
            self.e32.d.next = self.e32.q.val() + 1;
            self.act_prev.d.next =
                self.act_cur.q.val() + bit_cast::<16, 1>(self.inc_cur.val().into());
            self.act_cur.d.next = 0.into();
            self.st_prev.d.next =
                self.st_cur.q.val() + bit_cast::<16, 1>(self.stc_cur.val().into());
            self.st_cur.d.next = 0.into();
            self.adj_qv.d.next = self.mx_valid.q.val();
            self.adj_q.d.next = self.mx.q.val();
            self.mx_valid.d.next = self.c_exv.q.val();
            self.mx.d.next = self.ex16.val();
        } else {
            self.act_cur.d.next =
                self.act_cur.q.val() + bit_cast::<16, 1>(self.inc_cur.val().into());
            self.act_prev.d.next =
                self.act_prev.q.val() + bit_cast::<16, 1>(self.inc_prev.val().into());
            self.st_cur.d.next = self.st_cur.q.val() + bit_cast::<16, 1>(self.stc_cur.val().into());
            self.st_prev.d.next =
                self.st_prev.q.val() + bit_cast::<16, 1>(self.stc_prev.val().into());
            if self.c_exv.q.val()
                & (!self.mx_valid.q.val()
                    | (!self.c_ex.q.val().get_bits::<16>(16).any()
                        & self.mx_sub.sum.val().get_bit(16)))
            {
                self.mx.d.next = self.ex16.val();
                self.mx_valid.d.next = true;
            }
        }

        // ---- senders, over two clocks
        self.n1_sub.a.next = bit_cast::<17, 16>(self.act_prev.q.val());
        self.n1_sub.b.next = !bit_cast::<17, 16>(self.act_cur.q.val());
        self.n1_sub.cin.next = true;
        if self.n1_sub.sum.val().get_bit(16) {
            self.n1.d.next = self.act_cur.q.val();
        } else {
            self.n1.d.next = self.act_prev.q.val();
        }
        self.st_add.a.next = bit_cast::<17, 16>(self.st_prev.q.val());
        self.st_add.b.next = bit_cast::<17, 16>(self.st_cur.q.val());
        self.st_add.cin.next = false;
        if self.st_add.sum.val().get_bit(16) {
            self.ns.d.next = bits::<16>(0xffff);
        } else {
            self.ns.d.next = self.st_add.sum.val().get_bits::<16>(0);
        }
        self.n2_sub.a.next = bit_cast::<17, 16>(self.n1.q.val());
        self.n2_sub.b.next = !bit_cast::<17, 16>(self.ns.q.val());
        self.n2_sub.cin.next = true;
        if self.n2_sub.sum.val().get_bit(16) {
            // n1 < ns
            self.nn.d.next = self.ns.q.val();
        } else if self.n1.q.val().any() {
            self.nn.d.next = self.n1.q.val();
        } else {
            self.nn.d.next = bits::<16>(1);
        }

        // ---- arithmetic unit
        self.scale_v.next = self.sc.q.val() ^ bits::<17>(65536);
        // one multiplication step: acc_hi + (the multiplier's low bit ? x : 0)
        self.mul_add.a.next = self.m_hi.q.val();
        if self.m_lo.q.val().get_bit(0) {
            self.mul_add.b.next = bit_cast::<18, 17>(self.m_x.q.val());
        } else {
            self.mul_add.b.next = 0.into();
        }
        self.mul_add.cin.next = false;
        self.msum.next = self.mul_add.sum.val();
        // one division step: the remainder takes the dividend's top bit;
        // the divisor fits when drem - t does not borrow (drem < 2t < 2^17,
        // so bit 16 of the 17-bit difference is the borrow)
        self.drem.next =
            (self.d_rem.q.val() << 1) | bit_cast::<17, 1>(self.m_lo.q.val().get_bit(31).into());
        self.div_sub.a.next =
            (self.d_rem.q.val() << 1) | bit_cast::<17, 1>(self.m_lo.q.val().get_bit(31).into());
        self.div_sub.b.next = !bit_cast::<17, 16>(self.u_t.q.val());
        self.div_sub.cin.next = true;
        self.dfit.next = !self.div_sub.sum.val().get_bit(16);
        // scale recovery, and the multiplier 65536 - cut
        self.rec_add.a.next = bit_cast::<18, 17>(self.sc.q.val() ^ bits::<17>(65536));
        self.rec_add.b.next = bits::<18>(3277);
        self.rec_add.cin.next = false;
        self.cut_sub.a.next = bits::<17>(65536);
        self.cut_sub.b.next = !bit_cast::<17, 16>(self.m_lo.q.val().get_bits::<16>(0));
        self.cut_sub.cin.next = true;
        // a multiplication step's registers
        self.mul_hi.next = self.msum.val() >> 1;
        self.mul_lo.next =
            (self.m_lo.q.val() >> 1) | (bit_cast::<32, 1>(self.msum.val().get_bit(0).into()) << 16);
        // a division step's registers
        if self.dfit.val() {
            self.div_rem.next = self.div_sub.sum.val();
        } else {
            self.div_rem.next = self.drem.val();
        }
        self.div_lo.next = (self.m_lo.q.val() << 1) | bit_cast::<32, 1>(self.dfit.val().into());

        self.steps.d.next = self.steps.q.val() - 1;
        if self.ph.q.val() == 0 {
            // idle: take a pending adjustment
            self.ph.d.next = 4.into();
            if self.adj_pend.q.val() {
                if self.adj_qv.q.val()
                    & self.cfg_queue.val().any()
                    & (self.adj_q.q.val() > self.cfg_queue.val())
                {
                    // the queue builds: q * 6554 first
                    self.ph.d.next = 1.into();
                    self.steps.d.next = 17.into();
                    self.m_x.d.next = bits::<17>(6554);
                    self.m_hi.d.next = 0.into();
                    self.m_lo.d.next = bit_cast::<32, 16>(self.adj_q.q.val());
                    self.u_t.d.next = self.cfg_queue.val();
                } else if self.scale_v.val() > bits::<17>(62259) {
                    self.sc.d.next = 0.into();
                } else {
                    self.sc.d.next = (self.rec_add.sum.val().get_bits::<17>(0)) ^ bits::<17>(65536);
                }
            }
        } else if self.ph.q.val() == 1 {
            // q * 6554 (at most 29 bits) becomes the dividend
            self.m_hi.d.next = self.mul_hi.val();
            self.m_lo.d.next = self.mul_lo.val();
            if self.steps.q.val() == 1 {
                self.ph.d.next = 2.into();
                self.steps.d.next = 32.into();
                self.m_lo.d.next = (bit_cast::<32, 18>(self.mul_hi.val()) << 17)
                    | bit_cast::<32, 17>(self.mul_lo.val().get_bits::<17>(0));
                self.d_rem.d.next = 0.into();
            }
        } else if self.ph.q.val() == 2 {
            // / cfg_queue: the quotient shifts into m_lo
            self.d_rem.d.next = self.div_rem.val();
            self.m_lo.d.next = self.div_lo.val();
            if self.steps.q.val() == 1 {
                self.ph.d.next = 7.into();
            }
        } else if self.ph.q.val() == 7 {
            // cut = min(quotient, 32768); multiply the scale by 65536 - cut
            self.ph.d.next = 3.into();
            self.steps.d.next = 17.into();
            self.m_x.d.next = self.scale_v.val();
            self.m_hi.d.next = 0.into();
            if self.m_lo.q.val().get_bits::<17>(15).any() {
                self.m_lo.d.next = bits::<32>(32768);
            } else {
                self.m_lo.d.next = bit_cast::<32, 17>(self.cut_sub.sum.val());
            }
        } else if self.ph.q.val() == 3 {
            self.m_hi.d.next = self.mul_hi.val();
            self.m_lo.d.next = self.mul_lo.val();
            if self.steps.q.val() == 1 {
                // the product >> 16 is this step's sum
                self.ph.d.next = 4.into();
                self.cuts.d.next = self.cuts.q.val() + 1;
                if self.msum.val().get_bits::<3>(14).any() {
                    self.sc.d.next = (self.msum.val().get_bits::<17>(0)) ^ bits::<17>(65536);
                } else {
                    self.sc.d.next = bits::<17>(16384 | 65536);
                }
            }
        } else if self.ph.q.val() == 4 {
            // the hint: latch n and the port's rate, multiply by the scale
            self.ph.d.next = 5.into();
            self.steps.d.next = 17.into();
            self.u_n.d.next = self.nn.q.val();
            self.u_ph.d.next = self.cfg_port_hint.val();
            self.m_x.d.next = self.scale_v.val();
            self.m_hi.d.next = 0.into();
            self.m_lo.d.next = bit_cast::<32, 16>(self.cfg_port_hint.val());
        } else if self.ph.q.val() == 5 {
            self.m_hi.d.next = self.mul_hi.val();
            self.m_lo.d.next = self.mul_lo.val();
            if self.steps.q.val() == 1 {
                // h = the product >> 16 = this step's sum, divided by n
                self.ph.d.next = 6.into();
                self.steps.d.next = 16.into();
                self.m_lo.d.next = bit_cast::<32, 16>(self.msum.val().get_bits::<16>(0)) << 16;
                self.d_rem.d.next = 0.into();
                self.u_t.d.next = self.u_n.q.val();
            }
        } else if self.ph.q.val() == 6 {
            self.d_rem.d.next = self.div_rem.val();
            self.m_lo.d.next = self.div_lo.val();
            if self.steps.q.val() == 1 {
                self.ph.d.next = 8.into();
            }
        } else {
            // 8: the hint, at least 1 (0 only for a port hint of 0)
            self.ph.d.next = 0.into();
            self.senders_r.d.next = self.u_n.q.val();
            if !self.u_ph.q.val().any() {
                self.hint_r.d.next = 0.into();
            } else if self.m_lo.q.val().get_bits::<16>(0).any() {
                self.hint_r.d.next = self.m_lo.q.val().get_bits::<16>(0);
            } else {
                self.hint_r.d.next = bits::<16>(1);
            }
        }
        if self.ph.q.val() == 0 {
            self.adj_pend.d.next = self.iv_end.q.val();
        } else {
            self.adj_pend.d.next = self.adj_pend.q.val() | self.iv_end.q.val();
        }

        // ---- outputs
        self.hint.next = self.hint_r.q.val();
        self.senders.next = self.senders_r.q.val();
        self.scale.next = self.scale_v.val();
        self.cnt_cuts.next = self.cuts.q.val();
        self.epoch.next = self.ep.val();
    }
}
