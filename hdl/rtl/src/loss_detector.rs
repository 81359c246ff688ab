//! Sender loss detector of one path: applies ACKs (cumulative base + 256-bit
//! SACK bitvector) to the path's sent state, counts newly acknowledged
//! packets and emits the PSNs proven lost, one per clock.
//!
//! # Behaviour (normative; `braid_model::LossDetectorModel` is the
//! bit- and cycle-exact reference)
//!
//! State, all circular by the PSN's low 8 bits (slot `i` holds the PSN of the
//! window `[nxt-256, nxt)` whose low byte is `i`):
//! `outstanding` (sent, neither acknowledged nor declared lost), `pending`
//! (declared lost, retransmission not yet emitted), a 2-bit epoch per slot
//! (bits 9:8 of the PSN held), `nxt` (next PSN) and `una` (the path floor:
//! the lowest outstanding PSN, or `nxt`).
//!
//! * Send (not registered): with `send` high the packet leaving this clock
//!   carries PSN `nxt`. It is accepted when `sendable` (registered: its slot
//!   held no outstanding or pending PSN at the previous edge; a slot freed
//!   on an edge shows free one clock later); then the slot becomes
//!   outstanding and `nxt` advances at the edge. A refused send pulses `send_blocked` one
//!   clock later; an accepted one shows as `sent_valid`/`sent_psn`.
//! * ACK: registered on entry, then two preparation stages that depend on
//!   the ACK alone (the loss candidates `!bit[j] & OR(bit[j+1..])`, the
//!   rotation to slot order, each slot's epoch), then applied to the state
//!   on the fourth rising edge after `ack_valid`. An ACK is rejected when
//!   `nxt - ack_base` (mod 2^32, taken at the first stage) is 512 or more:
//!   its base is after anything sent, or so old that every PSN it speaks of
//!   is already resolved. Per outstanding slot, the slot's epoch tells
//!   whether its PSN is the ACK's PSN for that slot (the bit decides), 256
//!   earlier (below the base: acknowledged), or later (unknown to the ACK).
//!   Proven lost: outstanding, the ACK's own PSN, bit clear, a set bit
//!   above it. A PSN is declared lost once: it leaves `outstanding`.
//! * Outputs of an ACK: `ack_done` + `acked_count` (popcount pipeline) or
//!   `ack_rejected`, 4 clocks after it is applied.
//! * Loss emission: every clock the lowest pending slot is taken;
//!   `lost_valid`/`lost_psn` show it 3 clocks later. A slot cannot be
//!   reused by a send while pending, so its PSN is `nxt - 256 + (slot -
//!   nxt) mod 256` with `nxt` taken when it is picked.
//! * `una` walks over resolved slots, two per clock (like the receiver's
//!   base): the floor a data packet carries so the receiver can slide past
//!   PSNs that were declared lost and resent under a new PSN.
//! * `init_valid`/`init_psn` (registered) restart the path: `nxt = una =
//!   init_psn`, every bitmap cleared; a send in the clock the restart is
//!   applied is refused silently.

use crate::prefix_add::PrefixAdd;
use rust_hdl::prelude::*;

/// A 256-bit constant with bit `i` set where `f(i)`.
fn pattern(f: impl Fn(u64) -> bool) -> Bits<256> {
    let mut b = Bits::<256>::default();
    for i in 0..256u64 {
        if f(i) {
            b = b | (bits::<256>(1) << i);
        }
    }
    b
}

hdl_block! {
    /// Sender loss detector of one path.
    pub struct LossDetector {
        /// Engine clock.
        pub clock: Signal<In, Clock>,
        /// Restart the path (registered).
        pub init_valid: Signal<In, Bit>,
        /// First PSN to send after a restart.
        pub init_psn: Signal<In, Bits<32>>,
        /// A packet leaves on this path this clock with PSN `nxt` (not registered).
        pub send: Signal<In, Bit>,
        /// An ACK for this path (registered).
        pub ack_valid: Signal<In, Bit>,
        /// ACK: cumulative base PSN.
        pub ack_base: Signal<In, Bits<32>>,
        /// ACK: SACK bitvector, bit j = PSN `ack_base + j`.
        pub ack_sack: Signal<In, Bits<256>>,
        /// PSN the next sent packet carries.
        pub nxt: Signal<Out, Bits<32>>,
        /// Path floor: lowest PSN still outstanding (or `nxt`).
        pub una: Signal<Out, Bits<32>>,
        /// The slot of `nxt` is free: a send this clock is accepted.
        pub sendable: Signal<Out, Bit>,
        /// A send was accepted (one clock after `send`).
        pub sent_valid: Signal<Out, Bit>,
        /// Its PSN.
        pub sent_psn: Signal<Out, Bits<32>>,
        /// A send was refused: its slot still held an unresolved PSN.
        pub send_blocked: Signal<Out, Bit>,
        /// An accepted ACK finished processing.
        pub ack_done: Signal<Out, Bit>,
        /// With `ack_done`: packets it newly acknowledged.
        pub acked_count: Signal<Out, Bits<9>>,
        /// An ACK was rejected (base after `nxt` or 512+ PSNs stale).
        pub ack_rejected: Signal<Out, Bit>,
        /// A PSN proven lost (one per clock).
        pub lost_valid: Signal<Out, Bit>,
        /// That PSN.
        pub lost_psn: Signal<Out, Bits<32>>,
        add_diff: PrefixAdd<32>,
        add_nxt: PrefixAdd<32>,
        add_u11: PrefixAdd<32>,
        add_u12: PrefixAdd<32>,
        add_u21: PrefixAdd<32>,
        add_u22: PrefixAdd<32>,
        add_lost: PrefixAdd<32>,
        ones: Constant<Bits<256>> = Constant::new(pattern(|_| true)),
        m1: Constant<Bits<256>> = Constant::new(pattern(|i| i % 2 < 1)),
        m2: Constant<Bits<256>> = Constant::new(pattern(|i| i % 4 < 2)),
        m4: Constant<Bits<256>> = Constant::new(pattern(|i| i % 8 < 4)),
        m8: Constant<Bits<256>> = Constant::new(pattern(|i| i % 16 < 8)),
        m16: Constant<Bits<256>> = Constant::new(pattern(|i| i % 32 < 16)),
        m32: Constant<Bits<256>> = Constant::new(pattern(|i| i % 64 < 32)),
        m64: Constant<Bits<256>> = Constant::new(pattern(|i| i % 128 < 64)),
        m128: Constant<Bits<256>> = Constant::new(pattern(|i| i % 256 < 128)),
        enc0: Constant<Bits<256>> = Constant::new(pattern(|i| i & 1 == 1)),
        enc1: Constant<Bits<256>> = Constant::new(pattern(|i| (i >> 1) & 1 == 1)),
        enc2: Constant<Bits<256>> = Constant::new(pattern(|i| (i >> 2) & 1 == 1)),
        enc3: Constant<Bits<256>> = Constant::new(pattern(|i| (i >> 3) & 1 == 1)),
        enc4: Constant<Bits<256>> = Constant::new(pattern(|i| (i >> 4) & 1 == 1)),
        enc5: Constant<Bits<256>> = Constant::new(pattern(|i| (i >> 5) & 1 == 1)),
        enc6: Constant<Bits<256>> = Constant::new(pattern(|i| (i >> 6) & 1 == 1)),
        enc7: Constant<Bits<256>> = Constant::new(pattern(|i| (i >> 7) & 1 == 1)),
        i_init: DFF<Bit>,
        i_init_psn: DFF<Bits<32>>,
        i_init_p1: DFF<Bits<32>>,
        i_init_p2: DFF<Bits<32>>,
        add_i1: PrefixAdd<32>,
        add_i2: PrefixAdd<32>,
        i_ack_valid: DFF<Bit>,
        i_ack_base: DFF<Bits<32>>,
        i_ack_sack: DFF<Bits<256>>,
        a_valid: DFF<Bit>,
        a_ok: DFF<Bit>,
        a_base: DFF<Bits<32>>,
        a_sack: DFF<Bits<256>>,
        a_cand: DFF<Bits<256>>,
        b_valid: DFF<Bit>,
        b_ok: DFF<Bit>,
        b_circ: DFF<Bits<256>>,
        b_cand: DFF<Bits<256>>,
        b_eq_lo: DFF<Bits<256>>,
        b_eq_hi: DFF<Bits<256>>,
        s_nxt: DFF<Bits<32>>,
        sendable_r: DFFWithInit<Bit> = DFFWithInit::new(true),
        s_nxt_p1: DFFWithInit<Bits<32>> = DFFWithInit::new(bits(1)),
        s_una: DFF<Bits<32>>,
        s_una_p1: DFFWithInit<Bits<32>> = DFFWithInit::new(bits(1)),
        s_una_p2: DFFWithInit<Bits<32>> = DFFWithInit::new(bits(2)),
        head: DFFWithInit<Bits<256>> = DFFWithInit::new(bits(1)),
        outstanding: DFF<Bits<256>>,
        pending: DFF<Bits<256>>,
        ep_lo: DFF<Bits<256>>,
        ep_hi: DFF<Bits<256>>,
        r_sent_valid: DFF<Bit>,
        r_sent_psn: DFF<Bits<32>>,
        r_send_blocked: DFF<Bit>,
        c_acked: DFF<Bits<256>>,
        c_done: DFF<Bit>,
        c_rej: DFF<Bit>,
        c_emit_vec: DFF<Bits<256>>,
        c_emit_valid: DFF<Bit>,
        c_emit_nxt: DFF<Bits<32>>,
        d_cnt: DFF<Bits<256>>,
        d_done: DFF<Bit>,
        d_rej: DFF<Bit>,
        d_idx: DFF<Bits<8>>,
        d_emit_valid: DFF<Bit>,
        d_emit_nxt: DFF<Bits<32>>,
        e_cnt: DFF<Bits<256>>,
        e_done: DFF<Bit>,
        e_rej: DFF<Bit>,
        e_off: DFF<Bits<8>>,
        e_emit_valid: DFF<Bit>,
        e_emit_nxt: DFF<Bits<32>>,
        f_cnt: DFF<Bits<256>>,
        f_done: DFF<Bit>,
        f_rej: DFF<Bit>,
        f_lost_valid: DFF<Bit>,
        f_lost_psn: DFF<Bits<32>>,
        g_count: DFF<Bits<9>>,
        g_done: DFF<Bit>,
        g_rej: DFF<Bit>,
        ack_diff: Signal<Local, Bits<32>>,
        s0: Signal<Local, Bits<256>>,
        s1: Signal<Local, Bits<256>>,
        s2: Signal<Local, Bits<256>>,
        s3: Signal<Local, Bits<256>>,
        s4: Signal<Local, Bits<256>>,
        a_lo: Signal<Local, Bits<8>>,
        lt: Signal<Local, Bits<256>>,
        a8: Signal<Local, Bits<256>>,
        a9: Signal<Local, Bits<256>>,
        same: Signal<Local, Bits<256>>,
        below: Signal<Local, Bits<256>>,
        gate: Signal<Local, Bits<256>>,
        acked_now: Signal<Local, Bits<256>>,
        lost_now: Signal<Local, Bits<256>>,
        nxt_lo: Signal<Local, Bits<8>>,
        stay: Signal<Local, Bits<32>>,
        walk2: Signal<Local, Bits<32>>,
        walk1: Signal<Local, Bits<32>>,
        una2_inc2: Signal<Local, Bits<32>>,
        una2_inc1: Signal<Local, Bits<32>>,
        una_inc2: Signal<Local, Bits<32>>,
        una_inc1: Signal<Local, Bits<32>>,
        nxt_inc: Signal<Local, Bits<32>>,
        nxt_lo1: Signal<Local, Bits<8>>,
        busy_vec: Signal<Local, Bits<256>>,
        slot_busy: Signal<Local, Bit>,
        do_send: Signal<Local, Bit>,
        send_vec: Signal<Local, Bits<256>>,
        n8: Signal<Local, Bits<256>>,
        n9: Signal<Local, Bits<256>>,
        p0: Signal<Local, Bits<256>>,
        p1: Signal<Local, Bits<256>>,
        p2: Signal<Local, Bits<256>>,
        p3: Signal<Local, Bits<256>>,
        p4: Signal<Local, Bits<256>>,
        emit_vec: Signal<Local, Bits<256>>,
        head1: Signal<Local, Bits<256>>,
        head2: Signal<Local, Bits<256>>,
        w0: Signal<Local, Bit>,
        w1: Signal<Local, Bit>,
        init_head: Signal<Local, Bits<256>>,
        x1: Signal<Local, Bits<256>>,
        x2: Signal<Local, Bits<256>>,
        x3: Signal<Local, Bits<256>>,
        x4: Signal<Local, Bits<256>>,
        x5: Signal<Local, Bits<256>>,
        x6: Signal<Local, Bits<256>>,
        x7: Signal<Local, Bits<256>>,
        x8: Signal<Local, Bits<256>>,
    }
}

impl Logic for LossDetector {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            clock,
            i_init,
            i_init_psn,
            i_init_p1,
            i_init_p2,
            i_ack_valid,
            i_ack_base,
            i_ack_sack,
            a_valid,
            a_ok,
            a_base,
            a_sack,
            a_cand,
            b_valid,
            b_ok,
            b_circ,
            b_cand,
            b_eq_lo,
            b_eq_hi,
            s_nxt,
            sendable_r,
            s_nxt_p1,
            s_una,
            s_una_p1,
            s_una_p2,
            head,
            outstanding,
            pending,
            ep_lo,
            ep_hi,
            r_sent_valid,
            r_sent_psn,
            r_send_blocked,
            c_acked,
            c_done,
            c_rej,
            c_emit_vec,
            c_emit_valid,
            c_emit_nxt,
            d_cnt,
            d_done,
            d_rej,
            d_idx,
            d_emit_valid,
            d_emit_nxt,
            e_cnt,
            e_done,
            e_rej,
            e_off,
            e_emit_valid,
            e_emit_nxt,
            f_cnt,
            f_done,
            f_rej,
            f_lost_valid,
            f_lost_psn,
            g_count,
            g_done,
            g_rej
        );
        // ---- input registers
        self.i_init.d.next = self.init_valid.val();
        self.i_init_psn.d.next = self.init_psn.val();
        self.add_i1.a.next = self.init_psn.val();
        self.add_i1.b.next = bits::<32>(1);
        self.add_i1.cin.next = false;
        self.i_init_p1.d.next = self.add_i1.sum.val();
        self.add_i2.a.next = self.init_psn.val();
        self.add_i2.b.next = bits::<32>(2);
        self.add_i2.cin.next = false;
        self.i_init_p2.d.next = self.add_i2.sum.val();
        self.i_ack_valid.d.next = self.ack_valid.val();
        self.i_ack_base.d.next = self.ack_base.val();
        self.i_ack_sack.d.next = self.ack_sack.val();

        // ---- stage A: range check, loss candidates in ACK order
        self.add_diff.a.next = self.s_nxt.q.val();
        self.add_diff.b.next = !self.i_ack_base.q.val();
        self.add_diff.cin.next = true;
        self.ack_diff.next = self.add_diff.sum.val();
        self.a_valid.d.next = self.i_ack_valid.q.val();
        self.a_ok.d.next = !self.ack_diff.val().get_bits::<23>(9).any();
        self.a_base.d.next = self.i_ack_base.q.val();
        self.a_sack.d.next = self.i_ack_sack.q.val();
        // s4[j] = OR(sack[j+1..255]), radix-6 doubling
        self.s0.next = self.i_ack_sack.q.val() >> 1;
        self.s1.next = self.s0.val()
            | (self.s0.val() >> 1)
            | (self.s0.val() >> 2)
            | (self.s0.val() >> 3)
            | (self.s0.val() >> 4)
            | (self.s0.val() >> 5);
        self.s2.next = self.s1.val()
            | (self.s1.val() >> 6)
            | (self.s1.val() >> 12)
            | (self.s1.val() >> 18)
            | (self.s1.val() >> 24)
            | (self.s1.val() >> 30);
        self.s3.next = self.s2.val()
            | (self.s2.val() >> 36)
            | (self.s2.val() >> 72)
            | (self.s2.val() >> 108)
            | (self.s2.val() >> 144)
            | (self.s2.val() >> 180);
        self.s4.next = self.s3.val() | (self.s3.val() >> 216);
        self.a_cand.d.next = !self.i_ack_sack.q.val() & self.s4.val();

        // ---- stage B: rotate to slot order, epoch of each slot's ACK PSN
        self.a_lo.next = self.a_base.q.val().get_bits::<8>(0);
        self.b_valid.d.next = self.a_valid.q.val();
        self.b_ok.d.next = self.a_ok.q.val();
        self.b_circ.d.next = (self.a_sack.q.val() << self.a_lo.val())
            | ((self.a_sack.q.val() >> 1) >> !self.a_lo.val());
        self.b_cand.d.next = (self.a_cand.q.val() << self.a_lo.val())
            | ((self.a_cand.q.val() >> 1) >> !self.a_lo.val());
        self.lt.next = !(self.ones.val() << self.a_lo.val());
        self.a8.next = bits::<256>(0);
        if self.a_base.q.val().get_bit(8) {
            self.a8.next = self.ones.val();
        }
        self.a9.next = bits::<256>(0);
        if self.a_base.q.val().get_bit(9) {
            self.a9.next = self.ones.val();
        }
        self.b_eq_lo.d.next = self.a8.val() ^ self.lt.val();
        self.b_eq_hi.d.next = self.a9.val() ^ (self.a8.val() & self.lt.val());

        // ---- state: apply the ACK
        self.same.next = !((self.ep_lo.q.val() ^ self.b_eq_lo.q.val())
            | (self.ep_hi.q.val() ^ self.b_eq_hi.q.val()));
        self.below.next = !((!self.ep_lo.q.val() ^ self.b_eq_lo.q.val())
            | ((self.ep_hi.q.val() ^ self.ep_lo.q.val()) ^ self.b_eq_hi.q.val()));
        self.gate.next = bits::<256>(0);
        if self.b_valid.q.val() & self.b_ok.q.val() {
            self.gate.next = self.ones.val();
        }
        self.acked_now.next = self.gate.val()
            & self.outstanding.q.val()
            & ((self.same.val() & self.b_circ.q.val()) | self.below.val());
        self.lost_now.next =
            self.gate.val() & self.outstanding.q.val() & self.same.val() & self.b_cand.q.val();

        // ---- state: send
        self.nxt_lo.next = self.s_nxt.q.val().get_bits::<8>(0);
        self.busy_vec.next = self.outstanding.q.val() | self.pending.q.val();
        self.nxt_lo1.next = self.nxt_lo.val() + 1;
        self.slot_busy.next = !self.sendable_r.q.val();
        self.do_send.next = self.send.val() & self.sendable_r.q.val() & !self.i_init.q.val();
        // sendable for the next clock, from this clock's state: bits are only
        // set by sends, so the view is never optimistic (a slot freed on this
        // edge shows free one clock later)
        if self.do_send.val() {
            self.sendable_r.d.next = !self.busy_vec.val().get_bit(self.nxt_lo1.val().index());
        } else {
            self.sendable_r.d.next = !self.busy_vec.val().get_bit(self.nxt_lo.val().index());
        }
        self.send_vec.next = bits::<256>(0);
        if self.do_send.val() {
            self.send_vec.next = bits::<256>(1) << self.nxt_lo.val();
        }
        self.n8.next = bits::<256>(0);
        if self.s_nxt.q.val().get_bit(8) {
            self.n8.next = self.ones.val();
        }
        self.n9.next = bits::<256>(0);
        if self.s_nxt.q.val().get_bit(9) {
            self.n9.next = self.ones.val();
        }
        // nxt advances by one on a send (a register enable: the increment is
        // computed from the register alone)
        self.add_nxt.a.next = self.s_nxt_p1.q.val();
        self.add_nxt.b.next = bits::<32>(1);
        self.add_nxt.cin.next = false;
        self.nxt_inc.next = self.add_nxt.sum.val();
        if self.do_send.val() {
            self.s_nxt.d.next = self.s_nxt_p1.q.val();
            self.s_nxt_p1.d.next = self.nxt_inc.val();
        }
        self.r_sent_valid.d.next = self.do_send.val();
        self.r_sent_psn.d.next = self.s_nxt.q.val();
        self.r_send_blocked.d.next = self.send.val() & self.slot_busy.val() & !self.i_init.q.val();

        // ---- state: pick the lowest pending slot for emission
        self.p0.next = self.pending.q.val() << 1;
        self.p1.next = self.p0.val()
            | (self.p0.val() << 1)
            | (self.p0.val() << 2)
            | (self.p0.val() << 3)
            | (self.p0.val() << 4)
            | (self.p0.val() << 5);
        self.p2.next = self.p1.val()
            | (self.p1.val() << 6)
            | (self.p1.val() << 12)
            | (self.p1.val() << 18)
            | (self.p1.val() << 24)
            | (self.p1.val() << 30);
        self.p3.next = self.p2.val()
            | (self.p2.val() << 36)
            | (self.p2.val() << 72)
            | (self.p2.val() << 108)
            | (self.p2.val() << 144)
            | (self.p2.val() << 180);
        self.p4.next = self.p3.val() | (self.p3.val() << 216);
        self.emit_vec.next = self.pending.q.val() & !self.p4.val();

        self.outstanding.d.next =
            (self.outstanding.q.val() & !self.acked_now.val() & !self.lost_now.val())
                | self.send_vec.val();
        self.pending.d.next = (self.pending.q.val() & !self.emit_vec.val()) | self.lost_now.val();
        self.ep_lo.d.next =
            (self.ep_lo.q.val() & !self.send_vec.val()) | (self.send_vec.val() & self.n8.val());
        self.ep_hi.d.next =
            (self.ep_hi.q.val() & !self.send_vec.val()) | (self.send_vec.val() & self.n9.val());

        // ---- state: the floor walks over resolved slots, two per clock
        self.head1.next = (self.head.q.val() << 1) | (self.head.q.val() >> 255);
        self.head2.next = (self.head.q.val() << 2) | (self.head.q.val() >> 254);
        self.w0.next = !(self.outstanding.q.val() & self.head.q.val()).any()
            & (self.s_una.q.val() != self.s_nxt.q.val());
        self.w1.next = !(self.outstanding.q.val() & self.head1.val()).any()
            & (self.s_una_p1.q.val() != self.s_nxt.q.val());
        self.add_u11.a.next = self.s_una_p1.q.val();
        self.add_u11.b.next = bits::<32>(1);
        self.add_u11.cin.next = false;
        self.una_inc1.next = self.add_u11.sum.val();
        self.add_u12.a.next = self.s_una_p1.q.val();
        self.add_u12.b.next = bits::<32>(2);
        self.add_u12.cin.next = false;
        self.una_inc2.next = self.add_u12.sum.val();
        self.add_u21.a.next = self.s_una_p2.q.val();
        self.add_u21.b.next = bits::<32>(1);
        self.add_u21.cin.next = false;
        self.una2_inc1.next = self.add_u21.sum.val();
        self.add_u22.a.next = self.s_una_p2.q.val();
        self.add_u22.b.next = bits::<32>(2);
        self.add_u22.cin.next = false;
        self.una2_inc2.next = self.add_u22.sum.val();
        self.walk1.next = bits::<32>(0);
        self.walk2.next = bits::<32>(0);
        if self.w0.val() {
            if self.w1.val() {
                self.head.d.next = self.head2.val();
                self.walk2.next = bits::<32>(0xffff_ffff_u64);
            } else {
                self.head.d.next = self.head1.val();
                self.walk1.next = bits::<32>(0xffff_ffff_u64);
            }
        }
        self.stay.next = !(self.walk1.val() | self.walk2.val());
        self.s_una.d.next = (self.s_una.q.val() & self.stay.val())
            | (self.s_una_p1.q.val() & self.walk1.val())
            | (self.s_una_p2.q.val() & self.walk2.val());
        self.s_una_p1.d.next = (self.s_una_p1.q.val() & self.stay.val())
            | (self.una_inc1.val() & self.walk1.val())
            | (self.una_inc2.val() & self.walk2.val());
        self.s_una_p2.d.next = (self.s_una_p2.q.val() & self.stay.val())
            | (self.una2_inc1.val() & self.walk1.val())
            | (self.una2_inc2.val() & self.walk2.val());

        // ---- state: restart
        self.init_head.next = bits::<256>(1) << self.i_init_psn.q.val().get_bits::<8>(0);
        if self.i_init.q.val() {
            self.s_nxt.d.next = self.i_init_psn.q.val();
            self.s_nxt_p1.d.next = self.i_init_p1.q.val();
            self.s_una.d.next = self.i_init_psn.q.val();
            self.s_una_p1.d.next = self.i_init_p1.q.val();
            self.s_una_p2.d.next = self.i_init_p2.q.val();
            self.head.d.next = self.init_head.val();
            self.outstanding.d.next = bits::<256>(0);
            self.pending.d.next = bits::<256>(0);
            self.ep_lo.d.next = bits::<256>(0);
            self.ep_hi.d.next = bits::<256>(0);
            self.sendable_r.d.next = true;
        }

        // ---- stage C: register what leaves the state
        self.c_acked.d.next = self.acked_now.val();
        self.c_done.d.next = self.b_valid.q.val() & self.b_ok.q.val();
        self.c_rej.d.next = self.b_valid.q.val() & !self.b_ok.q.val();
        self.c_emit_vec.d.next = self.emit_vec.val();
        self.c_emit_valid.d.next = self.pending.q.val().any();
        self.c_emit_nxt.d.next = self.s_nxt.q.val();

        // ---- stage D: popcount to 8-bit fields; encode the emitted slot
        self.x1.next =
            (self.c_acked.q.val() & self.m1.val()) + ((self.c_acked.q.val() >> 1) & self.m1.val());
        self.x2.next = (self.x1.val() & self.m2.val()) + ((self.x1.val() >> 2) & self.m2.val());
        self.x3.next = (self.x2.val() & self.m4.val()) + ((self.x2.val() >> 4) & self.m4.val());
        self.d_cnt.d.next = self.x3.val();
        self.d_done.d.next = self.c_done.q.val();
        self.d_rej.d.next = self.c_rej.q.val();
        self.d_idx.d.next = bits::<8>(0)
            .replace_bit(0, (self.c_emit_vec.q.val() & self.enc0.val()).any())
            .replace_bit(1, (self.c_emit_vec.q.val() & self.enc1.val()).any())
            .replace_bit(2, (self.c_emit_vec.q.val() & self.enc2.val()).any())
            .replace_bit(3, (self.c_emit_vec.q.val() & self.enc3.val()).any())
            .replace_bit(4, (self.c_emit_vec.q.val() & self.enc4.val()).any())
            .replace_bit(5, (self.c_emit_vec.q.val() & self.enc5.val()).any())
            .replace_bit(6, (self.c_emit_vec.q.val() & self.enc6.val()).any())
            .replace_bit(7, (self.c_emit_vec.q.val() & self.enc7.val()).any());
        self.d_emit_valid.d.next = self.c_emit_valid.q.val();
        self.d_emit_nxt.d.next = self.c_emit_nxt.q.val();

        // ---- stage E: popcount to 32-bit fields; slot offset from nxt
        self.x4.next =
            (self.d_cnt.q.val() & self.m8.val()) + ((self.d_cnt.q.val() >> 8) & self.m8.val());
        self.x5.next = (self.x4.val() & self.m16.val()) + ((self.x4.val() >> 16) & self.m16.val());
        self.e_cnt.d.next = self.x5.val();
        self.e_done.d.next = self.d_done.q.val();
        self.e_rej.d.next = self.d_rej.q.val();
        self.e_off.d.next = self.d_idx.q.val() - self.d_emit_nxt.q.val().get_bits::<8>(0);
        self.e_emit_valid.d.next = self.d_emit_valid.q.val();
        self.e_emit_nxt.d.next = self.d_emit_nxt.q.val();

        // ---- stage F: popcount to 128-bit fields; lost PSN
        self.x6.next =
            (self.e_cnt.q.val() & self.m32.val()) + ((self.e_cnt.q.val() >> 32) & self.m32.val());
        self.x7.next = (self.x6.val() & self.m64.val()) + ((self.x6.val() >> 64) & self.m64.val());
        self.f_cnt.d.next = self.x7.val();
        self.f_done.d.next = self.e_done.q.val();
        self.f_rej.d.next = self.e_rej.q.val();
        self.f_lost_valid.d.next = self.e_emit_valid.q.val();
        self.add_lost.a.next = self.e_emit_nxt.q.val();
        self.add_lost.b.next = bits::<32>(0xffff_ff00_u64) | bit_cast::<32, 8>(self.e_off.q.val());
        self.add_lost.cin.next = false;
        self.f_lost_psn.d.next = self.add_lost.sum.val();

        // ---- stage G: total
        self.x8.next = (self.f_cnt.q.val() & self.m128.val())
            + ((self.f_cnt.q.val() >> 128) & self.m128.val());
        self.g_count.d.next = self.x8.val().get_bits::<9>(0);
        self.g_done.d.next = self.f_done.q.val();
        self.g_rej.d.next = self.f_rej.q.val();

        // ---- outputs
        self.nxt.next = self.s_nxt.q.val();
        self.una.next = self.s_una.q.val();
        self.sendable.next = self.sendable_r.q.val();
        self.sent_valid.next = self.r_sent_valid.q.val();
        self.sent_psn.next = self.r_sent_psn.q.val();
        self.send_blocked.next = self.r_send_blocked.q.val();
        self.ack_done.next = self.g_done.q.val();
        self.acked_count.next = self.g_count.q.val();
        self.ack_rejected.next = self.g_rej.q.val();
        self.lost_valid.next = self.f_lost_valid.q.val();
        self.lost_psn.next = self.f_lost_psn.q.val();
    }
}
