//! Receiver SACK tracker: the per-path cumulative base PSN and the 256-bit
//! received bitmap of one path.
//!
//! # Behaviour (normative; `braid_model::SackTrackerModel` is the
//! bit- and cycle-exact reference)
//!
//! * One packet per clock (`pkt_valid`, `pkt_psn`, `pkt_floor` = the
//!   packet's `floor_delta`), registered on entry, then two preparation
//!   stages that depend on the packet alone (its floor `pkt_psn - pkt_floor`
//!   and the floor plus 1, 2 and 256), then applied to the state on the
//!   fourth rising edge. One clock later `res_valid`/`res_class`/`res_psn`
//!   show its class for one cycle (after the 4th rising edge following
//!   the one that samples `pkt_valid`):
//!   `NEW` (inside the window and not yet received: the bit is set),
//!   `DUPLICATE` (inside the window, already received), `BEYOND` (`psn -
//!   base` mod 2^32 in `[256, 2^31)`: dropped, the sender broke the
//!   window) or `BEHIND` (`psn - base` mod 2^32 in `[2^31, 2^32)`, exactly
//!   2^31 included: already cumulatively acknowledged).
//!   "Before"/"after" use 32-bit serial-number arithmetic, so PSNs wrap.
//! * The bitmap is circular: bit `i` belongs to the PSN of the window
//!   `[base, base+256)` whose low 8 bits equal `i`. Indexing by the PSN's
//!   low bits means no subtract lies on the path to the bitmap, and a slide
//!   never shifts 256 bits.
//! * Slide: every clock the base advances over up to two received PSNs at
//!   its head (clearing their bits for reuse). Packets arrive at most one
//!   per clock, so the base always catches up; a run of n received PSNs
//!   behind a filled hole is absorbed in ceil(n/2) clocks. The sender learns
//!   the window only from `ack_base`, so the lag is invisible on the wire.
//! * Path floor (`braid-spec` section 6): when the packet's floor `f` (with
//!   `pkt_floor < 256`) lies in `(base, base+256]`, the base jumps to `f` on
//!   that edge instead of sliding, clearing the slots of `[base, f)`: the
//!   sender has resolved every PSN before `f` (acknowledged or declared lost
//!   and resent under a new PSN). The window for the packet itself is then
//!   `[f, f+256)`, so a packet just past the old window's end is `NEW`. The
//!   rule is exact for a floor 1 or 2 ahead and for a packet right behind a
//!   restart, a slide or another jump: it is decided one stage early for
//!   every base the state can have by then, and the edge in between picks
//!   one. A floor further ahead is ignored (a path that lost a whole window
//!   is re-synchronised by path management, not here).
//! * ACK view: `ack_base` and `ack_sack` (bit j = PSN `ack_base + j`, the wire
//!   layout of an ACK) are a registered, consistent snapshot of the state of
//!   the previous clock.
//! * `init_valid`/`init_psn` travel the same input stages and restart the
//!   path at `init_psn` with an empty bitmap; a packet in the same stage is
//!   discarded (`res_valid` stays low).
//!
//! Logic depth: the state loop is a 256:1 bit select, the window and floor
//! compares (split into high 24 / low 8 bits so no 32-bit subtract is on
//! the loop) and a one-hot update; adders are parallel-prefix and sit in
//! their own stages or off the loop.

use crate::prefix_add::PrefixAdd;
use rust_hdl::prelude::*;

/// Classification codes on `res_class`.
pub const CLASS_NEW: u64 = 0;
/// Inside the window, already received.
pub const CLASS_DUPLICATE: u64 = 1;
/// At or beyond `base + 256`.
pub const CLASS_BEYOND: u64 = 2;
/// Before `base` (already cumulatively acknowledged).
pub const CLASS_BEHIND: u64 = 3;

hdl_block! {
    /// Receiver SACK tracker of one path.
    pub struct SackTracker {
        /// Engine clock.
        pub clock: Signal<In, Clock>,
        /// Restart the path (registered).
        pub init_valid: Signal<In, Bit>,
        /// First expected PSN after a restart.
        pub init_psn: Signal<In, Bits<32>>,
        /// A data packet of this path arrived.
        pub pkt_valid: Signal<In, Bit>,
        /// Its path PSN.
        pub pkt_psn: Signal<In, Bits<32>>,
        /// Its `floor_delta`: the sender's path floor is `pkt_psn - pkt_floor`.
        pub pkt_floor: Signal<In, Bits<16>>,
        /// Classification result valid (after the 4th edge following the
        /// one that samples the packet).
        pub res_valid: Signal<Out, Bit>,
        /// One of the `CLASS_*` codes.
        pub res_class: Signal<Out, Bits<2>>,
        /// PSN the result belongs to.
        pub res_psn: Signal<Out, Bits<32>>,
        /// Cumulative base of the ACK view (first PSN not yet received).
        pub ack_base: Signal<Out, Bits<32>>,
        /// SACK bitvector of the ACK view: bit j is PSN `ack_base + j`.
        pub ack_sack: Signal<Out, Bits<256>>,
        class_new: Constant<Bits<2>> = Constant::new(bits(CLASS_NEW)),
        class_duplicate: Constant<Bits<2>> = Constant::new(bits(CLASS_DUPLICATE)),
        class_beyond: Constant<Bits<2>> = Constant::new(bits(CLASS_BEYOND)),
        class_behind: Constant<Bits<2>> = Constant::new(bits(CLASS_BEHIND)),
        ones: Constant<Bits<256>> = Constant::new(!Bits::<256>::default()),
        add_floor: PrefixAdd<32>,
        add_floor_m256: PrefixAdd<32>,
        add_f1: PrefixAdd<32>,
        add_f2: PrefixAdd<32>,
        add_f256: PrefixAdd<32>,
        add_i1: PrefixAdd<32>,
        add_i2: PrefixAdd<32>,
        add_i256: PrefixAdd<32>,
        add_11: PrefixAdd<32>,
        add_12: PrefixAdd<32>,
        add_21: PrefixAdd<32>,
        add_22: PrefixAdd<32>,
        add_2561: PrefixAdd<32>,
        add_2562: PrefixAdd<32>,
        add_delta: PrefixAdd<32>,
        in_init: DFF<Bit>,
        in_init_psn: DFF<Bits<32>>,
        in_valid: DFF<Bit>,
        in_psn: DFF<Bits<32>>,
        in_fd: DFF<Bits<16>>,
        q_init: DFF<Bit>,
        q_init_psn: DFF<Bits<32>>,
        q_valid: DFF<Bit>,
        q_psn: DFF<Bits<32>>,
        q_fvalid: DFF<Bit>,
        q_floor: DFF<Bits<32>>,
        q_floor_m256: DFF<Bits<32>>,
        dhi: DFF<Bit>,
        b1r: DFF<Bit>,
        b0r: DFF<Bit>,
        q2_near: DFF<Bit>,
        q2_eq2: DFF<Bit>,
        q2_eq1: DFF<Bit>,
        q2_eq0: DFF<Bit>,
        q_hi_m2: DFF<Bits<24>>,
        q_hi_m1: DFF<Bits<24>>,
        add_h2: PrefixAdd<24>,
        add_h1: PrefixAdd<24>,
        q2_init: DFF<Bit>,
        q2_init_psn: DFF<Bits<32>>,
        q2_init_p1: DFF<Bits<32>>,
        q2_init_p2: DFF<Bits<32>>,
        q2_init_p256: DFF<Bits<32>>,
        q2_valid: DFF<Bit>,
        q2_psn: DFF<Bits<32>>,
        q2_floor: DFF<Bits<32>>,
        q2_floor_p1: DFF<Bits<32>>,
        q2_floor_p2: DFF<Bits<32>>,
        q2_floor_p256: DFF<Bits<32>>,
        q2_head_f: DFF<Bits<256>>,
        q2_dec: DFF<Bits<256>>,
        q2_ge_f: DFF<Bits<256>>,
        base: DFF<Bits<32>>,
        base_p1: DFFWithInit<Bits<32>> = DFFWithInit::new(bits(1)),
        base_p2: DFFWithInit<Bits<32>> = DFFWithInit::new(bits(2)),
        base_p256: DFFWithInit<Bits<32>> = DFFWithInit::new(bits(256)),
        bitmap: DFF<Bits<256>>,
        head: DFFWithInit<Bits<256>> = DFFWithInit::new(bits(1)),
        c_valid: DFF<Bit>,
        c_psn: DFF<Bits<32>>,
        c_base: DFF<Bits<32>>,
        c_in_window: DFF<Bit>,
        c_seen: DFF<Bit>,
        r_valid: DFF<Bit>,
        r_class: DFF<Bits<2>>,
        r_psn: DFF<Bits<32>>,
        r_ack_base: DFF<Bits<32>>,
        r_ack_sack: DFF<Bits<256>>,
        fd32: Signal<Local, Bits<32>>,
        psn_lo: Signal<Local, Bits<8>>,
        base_lo: Signal<Local, Bits<8>>,
        lo_ge: Signal<Local, Bit>,
        hi_eq: Signal<Local, Bit>,
        hi_eq_next: Signal<Local, Bit>,
        in_window: Signal<Local, Bit>,
        seen: Signal<Local, Bit>,
        f_lo: Signal<Local, Bits<8>>,
        f_ge: Signal<Local, Bit>,
        near: Signal<Local, Bit>,
        base_lo3: Signal<Local, Bits<8>>,
        pf1: Signal<Local, Bit>,
        pf0: Signal<Local, Bit>,
        pe3: Signal<Local, Bit>,
        pe2: Signal<Local, Bit>,
        pe1: Signal<Local, Bit>,
        pe0: Signal<Local, Bit>,
        setp: Signal<Local, Bit>,
        fb1: Signal<Local, Bit>,
        fb0: Signal<Local, Bit>,
        hb3: Signal<Local, Bit>,
        hb2: Signal<Local, Bit>,
        hb1: Signal<Local, Bit>,
        hb0: Signal<Local, Bit>,
        fhead1: Signal<Local, Bits<256>>,
        head3: Signal<Local, Bits<256>>,
        n2_dhi: Signal<Local, Bit>,
        n2_map: Signal<Local, Bits<256>>,
        n2_head: Signal<Local, Bits<256>>,
        n2_p256: Signal<Local, Bits<32>>,
        n2_p2: Signal<Local, Bits<32>>,
        n2_p1: Signal<Local, Bits<32>>,
        n2_base: Signal<Local, Bits<32>>,
        n1_dhi: Signal<Local, Bit>,
        n1_map: Signal<Local, Bits<256>>,
        n1_head: Signal<Local, Bits<256>>,
        n1_p256: Signal<Local, Bits<32>>,
        n1_p2: Signal<Local, Bits<32>>,
        n1_p1: Signal<Local, Bits<32>>,
        n1_base: Signal<Local, Bits<32>>,
        n0_dhi: Signal<Local, Bit>,
        n0_map: Signal<Local, Bits<256>>,
        n0_head: Signal<Local, Bits<256>>,
        n0_p256: Signal<Local, Bits<32>>,
        n0_p2: Signal<Local, Bits<32>>,
        n0_p1: Signal<Local, Bits<32>>,
        n0_base: Signal<Local, Bits<32>>,
        ov_dhi: Signal<Local, Bit>,
        ov_map: Signal<Local, Bits<256>>,
        ov_head: Signal<Local, Bits<256>>,
        ov_p256: Signal<Local, Bits<32>>,
        ov_p2: Signal<Local, Bits<32>>,
        ov_p1: Signal<Local, Bits<32>>,
        ov_base: Signal<Local, Bits<32>>,
        ovr: Signal<Local, Bit>,
        e_f_lo: Signal<Local, Bits<8>>,
        e_f_hi: Signal<Local, Bits<24>>,
        e_fm_hi: Signal<Local, Bits<24>>,
        e_near_b0: Signal<Local, Bit>,
        e_near_b1: Signal<Local, Bit>,
        e_near_b2: Signal<Local, Bit>,
        e_near_jump: Signal<Local, Bit>,
        e_near_init: Signal<Local, Bit>,
        cfx: Signal<Local, Bit>,
        c2x: Signal<Local, Bit>,
        c1x: Signal<Local, Bit>,
        tgt_hi: Signal<Local, Bits<24>>,
        full: Signal<Local, Bit>,
        ge_b: Signal<Local, Bits<256>>,
        range: Signal<Local, Bits<256>>,
        is_new: Signal<Local, Bit>,
        head1: Signal<Local, Bits<256>>,
        head2: Signal<Local, Bits<256>>,
        b0: Signal<Local, Bit>,
        b1: Signal<Local, Bit>,
        set_vec: Signal<Local, Bits<256>>,
        doubled: Signal<Local, Bits<512>>,
        funnel: Signal<Local, Bits<512>>,
        delta: Signal<Local, Bits<32>>,
    }
}

impl Logic for SackTracker {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            clock,
            in_init,
            in_init_psn,
            in_valid,
            in_psn,
            in_fd,
            q_init,
            q_init_psn,
            q_valid,
            q_psn,
            q_fvalid,
            q_floor,
            q_floor_m256,
            q_hi_m1,
            q_hi_m2,
            q2_eq0,
            q2_eq1,
            q2_eq2,
            dhi,
            b0r,
            b1r,
            q2_near,
            q2_init,
            q2_init_psn,
            q2_init_p1,
            q2_init_p2,
            q2_init_p256,
            q2_valid,
            q2_psn,
            q2_floor,
            q2_floor_p1,
            q2_floor_p2,
            q2_floor_p256,
            q2_head_f,
            q2_dec,
            q2_ge_f,
            base,
            base_p1,
            base_p2,
            base_p256,
            bitmap,
            head,
            c_valid,
            c_psn,
            c_base,
            c_in_window,
            c_seen,
            r_valid,
            r_class,
            r_psn,
            r_ack_base,
            r_ack_sack
        );
        self.base_lo.next = self.base.q.val().get_bits::<8>(0);
        // ---- input registers
        self.in_init.d.next = self.init_valid.val();
        self.in_init_psn.d.next = self.init_psn.val();
        self.in_valid.d.next = self.pkt_valid.val();
        self.in_psn.d.next = self.pkt_psn.val();
        self.in_fd.d.next = self.pkt_floor.val();

        // ---- stage q: the packet's floor
        self.fd32.next = bit_cast::<32, 16>(self.in_fd.q.val());
        self.add_floor.a.next = self.in_psn.q.val();
        self.add_floor.b.next = !self.fd32.val();
        self.add_floor.cin.next = true;
        self.q_floor.d.next = self.add_floor.sum.val();
        // f - 256 (`fd + 256` is `fd` with bit 8 set while `fd < 256`)
        self.add_floor_m256.a.next = self.in_psn.q.val();
        self.add_floor_m256.b.next = !(self.fd32.val() | bits::<32>(256));
        self.add_floor_m256.cin.next = true;
        self.q_floor_m256.d.next = self.add_floor_m256.sum.val();
        self.q_fvalid.d.next = self.in_valid.q.val() & !self.in_fd.q.val().get_bits::<8>(8).any();
        self.q_valid.d.next = self.in_valid.q.val();
        self.q_psn.d.next = self.in_psn.q.val();
        self.add_h1.a.next = self.in_psn.q.val().get_bits::<24>(8);
        self.add_h1.b.next = bits::<24>(0xff_ffff);
        self.add_h1.cin.next = false;
        self.add_h2.a.next = self.in_psn.q.val().get_bits::<24>(8);
        self.add_h2.b.next = bits::<24>(0xff_fffe);
        self.add_h2.cin.next = false;
        self.q_hi_m1.d.next = self.add_h1.sum.val();
        self.q_hi_m2.d.next = self.add_h2.sum.val();
        self.q_init.d.next = self.in_init.q.val();
        self.q_init_psn.d.next = self.in_init_psn.q.val();

        // ---- stage q2: floor + 1, 2, 256 and its one-hot / thermometer;
        // the same for a restart
        self.add_f1.a.next = self.q_floor.q.val();
        self.add_f1.b.next = bits::<32>(1);
        self.add_f1.cin.next = false;
        self.add_f2.a.next = self.q_floor.q.val();
        self.add_f2.b.next = bits::<32>(2);
        self.add_f2.cin.next = false;
        self.add_f256.a.next = self.q_floor.q.val();
        self.add_f256.b.next = bits::<32>(256);
        self.add_f256.cin.next = false;
        self.q2_floor.d.next = self.q_floor.q.val();
        self.q2_floor_p1.d.next = self.add_f1.sum.val();
        self.q2_floor_p2.d.next = self.add_f2.sum.val();
        self.q2_floor_p256.d.next = self.add_f256.sum.val();
        self.q2_head_f.d.next = bits::<256>(1) << self.q_floor.q.val().get_bits::<8>(0);
        self.q2_ge_f.d.next = self.ones.val() << self.q_floor.q.val().get_bits::<8>(0);
        self.q2_valid.d.next = self.q_valid.q.val();
        self.q2_psn.d.next = self.q_psn.q.val();
        self.q2_dec.d.next = bits::<256>(1) << self.q_psn.q.val().get_bits::<8>(0);
        // high-part compares one stage early: psn_hi - k == base_hi for
        // k = 0..3, against the base of this clock (or the restart about to
        // be applied); the state stage corrects for the base's high part
        // having moved by `dhi` (0 or 1) on the edge in between
        self.tgt_hi.next = self.base.q.val().get_bits::<24>(8);
        if self.q2_init.q.val() {
            self.tgt_hi.next = self.q2_init_psn.q.val().get_bits::<24>(8);
        }
        // floor f = psn - fd (fd < 256) in (B, B + 256], decided here for
        // every base B the state stage can have when this packet reaches it:
        // this clock's base slid by 0, 1 or 2, the floor of the packet now
        // in the state stage (a jump), or the restart now applied. With no
        // 32-bit subtract: f in (B, B + 256] iff B in [f - 256, f) iff B's
        // high 24 bits equal those of f - 256 and its low byte is at least
        // f's, or they equal f's and its low byte is below f's. The state
        // stage's event on the edge in between picks one (`q2_near`).
        self.e_f_lo.next = self.q_floor.q.val().get_bits::<8>(0);
        self.e_f_hi.next = self.q_floor.q.val().get_bits::<24>(8);
        self.e_fm_hi.next = self.q_floor_m256.q.val().get_bits::<24>(8);
        self.e_near_b0.next = self.q_fvalid.q.val()
            & ((!(self.base.q.val().get_bits::<24>(8) ^ self.e_fm_hi.val()).any()
                & (self.base.q.val().get_bits::<8>(0) >= self.e_f_lo.val()))
                | (!(self.base.q.val().get_bits::<24>(8) ^ self.e_f_hi.val()).any()
                    & (self.base.q.val().get_bits::<8>(0) < self.e_f_lo.val())));
        self.e_near_b1.next = self.q_fvalid.q.val()
            & ((!(self.base_p1.q.val().get_bits::<24>(8) ^ self.e_fm_hi.val()).any()
                & (self.base_p1.q.val().get_bits::<8>(0) >= self.e_f_lo.val()))
                | (!(self.base_p1.q.val().get_bits::<24>(8) ^ self.e_f_hi.val()).any()
                    & (self.base_p1.q.val().get_bits::<8>(0) < self.e_f_lo.val())));
        self.e_near_b2.next = self.q_fvalid.q.val()
            & ((!(self.base_p2.q.val().get_bits::<24>(8) ^ self.e_fm_hi.val()).any()
                & (self.base_p2.q.val().get_bits::<8>(0) >= self.e_f_lo.val()))
                | (!(self.base_p2.q.val().get_bits::<24>(8) ^ self.e_f_hi.val()).any()
                    & (self.base_p2.q.val().get_bits::<8>(0) < self.e_f_lo.val())));
        self.e_near_jump.next = self.q_fvalid.q.val()
            & ((!(self.q2_floor.q.val().get_bits::<24>(8) ^ self.e_fm_hi.val()).any()
                & (self.q2_floor.q.val().get_bits::<8>(0) >= self.e_f_lo.val()))
                | (!(self.q2_floor.q.val().get_bits::<24>(8) ^ self.e_f_hi.val()).any()
                    & (self.q2_floor.q.val().get_bits::<8>(0) < self.e_f_lo.val())));
        self.e_near_init.next = self.q_fvalid.q.val()
            & ((!(self.q2_init_psn.q.val().get_bits::<24>(8) ^ self.e_fm_hi.val()).any()
                & (self.q2_init_psn.q.val().get_bits::<8>(0) >= self.e_f_lo.val()))
                | (!(self.q2_init_psn.q.val().get_bits::<24>(8) ^ self.e_f_hi.val()).any()
                    & (self.q2_init_psn.q.val().get_bits::<8>(0) < self.e_f_lo.val())));
        self.q2_eq0.d.next = !(self.q_psn.q.val().get_bits::<24>(8) ^ self.tgt_hi.val()).any();
        self.q2_eq1.d.next = !(self.q_hi_m1.q.val() ^ self.tgt_hi.val()).any();
        self.q2_eq2.d.next = !(self.q_hi_m2.q.val() ^ self.tgt_hi.val()).any();
        self.add_i1.a.next = self.q_init_psn.q.val();
        self.add_i1.b.next = bits::<32>(1);
        self.add_i1.cin.next = false;
        self.add_i2.a.next = self.q_init_psn.q.val();
        self.add_i2.b.next = bits::<32>(2);
        self.add_i2.cin.next = false;
        self.add_i256.a.next = self.q_init_psn.q.val();
        self.add_i256.b.next = bits::<32>(256);
        self.add_i256.cin.next = false;
        self.q2_init.d.next = self.q_init.q.val();
        self.q2_init_psn.d.next = self.q_init_psn.q.val();
        self.q2_init_p1.d.next = self.add_i1.sum.val();
        self.q2_init_p2.d.next = self.add_i2.sum.val();
        self.q2_init_p256.d.next = self.add_i256.sum.val();

        // ---- state: window test without a 32-bit subtract: x is in
        // [base, base+256) iff its high 24 bits equal base's and its low
        // byte is >= base's, or its high bits equal those of base+256 and
        // its low byte is below base's
        self.psn_lo.next = self.q2_psn.q.val().get_bits::<8>(0);
        self.lo_ge.next = self.psn_lo.val() >= self.base_lo.val();
        if self.dhi.q.val() {
            self.hi_eq.next = self.q2_eq1.q.val();
            self.hi_eq_next.next = self.q2_eq2.q.val();
        } else {
            self.hi_eq.next = self.q2_eq0.q.val();
            self.hi_eq_next.next = self.q2_eq1.q.val();
        }
        self.in_window.next =
            (self.hi_eq.val() & self.lo_ge.val()) | (self.hi_eq_next.val() & !self.lo_ge.val());
        self.seen.next = self.bitmap.q.val().get_bit(self.psn_lo.val().index());
        // the floor jump, decided one stage early for the base this stage
        // has now (see stage q2)
        self.near.next = self.q2_near.q.val();
        self.f_lo.next = self.q2_floor.q.val().get_bits::<8>(0);
        self.f_ge.next = self.f_lo.val() >= self.base_lo.val();
        self.full.next = self.f_lo.val() == self.base_lo.val();
        // a packet past the old window but inside [floor, floor+256) is new:
        // its slot lies in the cleared range
        self.is_new.next = self.q2_valid.q.val()
            & ((self.in_window.val() & !self.seen.val())
                | (self.near.val() & !self.in_window.val()));

        // ---- classification stage: before/after needs the serial-number
        // sign of psn - base, computed one stage later from a snapshot
        self.c_valid.d.next = self.q2_valid.q.val() & !self.q2_init.q.val();
        self.c_psn.d.next = self.q2_psn.q.val();
        self.c_base.d.next = self.base.q.val();
        self.c_in_window.d.next = self.in_window.val() | self.near.val();
        self.c_seen.d.next = self.seen.val() & self.in_window.val();
        self.add_delta.a.next = self.c_psn.q.val();
        self.add_delta.b.next = !self.c_base.q.val();
        self.add_delta.cin.next = true;
        self.delta.next = self.add_delta.sum.val();
        self.r_valid.d.next = self.c_valid.q.val();
        self.r_psn.d.next = self.c_psn.q.val();
        if self.c_in_window.q.val() {
            if self.c_seen.q.val() {
                self.r_class.d.next = self.class_duplicate.val();
            } else {
                self.r_class.d.next = self.class_new.val();
            }
        } else if self.delta.val().get_bit(31) {
            self.r_class.d.next = self.class_behind.val();
        } else {
            self.r_class.d.next = self.class_beyond.val();
        }

        // ---- state: set the packet's bit; slide over up to two received
        // PSNs at the head of the window, or jump to the floor
        self.set_vec.next = bits::<256>(0);
        if self.is_new.val() & !self.q2_init.q.val() {
            self.set_vec.next = self.q2_dec.q.val();
        }
        self.head1.next = (self.head.q.val() << 1) | (self.head.q.val() >> 255);
        self.head2.next = (self.head.q.val() << 2) | (self.head.q.val() >> 254);
        // b0/b1 are registers holding "slot base and slot base + 1 are
        // received" (lookahead: recomputed below for the next head)
        self.b0.next = self.b0r.q.val();
        self.b1.next = self.b1r.q.val();
        // the packet behind picks its floor decision by this edge's event
        if self.q2_init.q.val() {
            self.q2_near.d.next = self.e_near_init.val();
        } else if self.near.val() {
            self.q2_near.d.next = self.e_near_jump.val();
        } else if self.b0.val() {
            if self.b1.val() {
                self.q2_near.d.next = self.e_near_b2.val();
            } else {
                self.q2_near.d.next = self.e_near_b1.val();
            }
        } else {
            self.q2_near.d.next = self.e_near_b0.val();
        }
        self.add_11.a.next = self.base_p1.q.val();
        self.add_11.b.next = bits::<32>(1);
        self.add_11.cin.next = false;
        self.add_12.a.next = self.base_p1.q.val();
        self.add_12.b.next = bits::<32>(2);
        self.add_12.cin.next = false;
        self.add_21.a.next = self.base_p2.q.val();
        self.add_21.b.next = bits::<32>(1);
        self.add_21.cin.next = false;
        self.add_22.a.next = self.base_p2.q.val();
        self.add_22.b.next = bits::<32>(2);
        self.add_22.cin.next = false;
        self.add_2561.a.next = self.base_p256.q.val();
        self.add_2561.b.next = bits::<32>(1);
        self.add_2561.cin.next = false;
        self.add_2562.a.next = self.base_p256.q.val();
        self.add_2562.b.next = bits::<32>(2);
        self.add_2562.cin.next = false;
        // slots of [base, floor): circular range from base_lo to f_lo
        self.ge_b.next = self.ones.val() << self.base_lo.val();
        if self.full.val() {
            self.range.next = self.ones.val();
        } else if self.f_ge.val() {
            self.range.next = self.ge_b.val() & !self.q2_ge_f.q.val();
        } else {
            self.range.next = self.ge_b.val() | !self.q2_ge_f.q.val();
        }
        // did the base's high 24 bits move on this edge (by one; a step is
        // at most 256)? Bit 8 flips exactly then.
        self.c1x.next = self.base_p1.q.val().get_bit(8) ^ self.base.q.val().get_bit(8);
        self.c2x.next = self.base_p2.q.val().get_bit(8) ^ self.base.q.val().get_bit(8);
        self.cfx.next = self.q2_floor.q.val().get_bit(8) ^ self.base.q.val().get_bit(8);

        // Next state for each slide step (0, 1, 2), with a restart or a
        // floor jump taking precedence; the slide step, known last, picks
        // one of the three in a final select.
        self.ovr.next = self.near.val() | self.q2_init.q.val();
        if self.q2_init.q.val() {
            // the compares of the packet behind a restart were made against
            // the restart's base: no correction
            self.ov_base.next = self.q2_init_psn.q.val();
            self.ov_p1.next = self.q2_init_p1.q.val();
            self.ov_p2.next = self.q2_init_p2.q.val();
            self.ov_p256.next = self.q2_init_p256.q.val();
            self.ov_head.next = bits::<256>(1) << self.q2_init_psn.q.val().get_bits::<8>(0);
            self.ov_map.next = bits::<256>(0);
            self.ov_dhi.next = false;
        } else {
            self.ov_base.next = self.q2_floor.q.val();
            self.ov_p1.next = self.q2_floor_p1.q.val();
            self.ov_p2.next = self.q2_floor_p2.q.val();
            self.ov_p256.next = self.q2_floor_p256.q.val();
            self.ov_head.next = self.q2_head_f.q.val();
            self.ov_map.next = self.bitmap.q.val() & !self.range.val();
            self.ov_dhi.next = self.cfx.val();
        }
        if self.ovr.val() {
            self.n0_base.next = self.ov_base.val();
            self.n0_p1.next = self.ov_p1.val();
            self.n0_p2.next = self.ov_p2.val();
            self.n0_p256.next = self.ov_p256.val();
            self.n0_head.next = self.ov_head.val();
            self.n0_map.next = self.ov_map.val();
            self.n0_dhi.next = self.ov_dhi.val();
            self.n1_base.next = self.ov_base.val();
            self.n1_p1.next = self.ov_p1.val();
            self.n1_p2.next = self.ov_p2.val();
            self.n1_p256.next = self.ov_p256.val();
            self.n1_head.next = self.ov_head.val();
            self.n1_map.next = self.ov_map.val();
            self.n1_dhi.next = self.ov_dhi.val();
            self.n2_base.next = self.ov_base.val();
            self.n2_p1.next = self.ov_p1.val();
            self.n2_p2.next = self.ov_p2.val();
            self.n2_p256.next = self.ov_p256.val();
            self.n2_head.next = self.ov_head.val();
            self.n2_map.next = self.ov_map.val();
            self.n2_dhi.next = self.ov_dhi.val();
        } else {
            self.n0_base.next = self.base.q.val();
            self.n0_p1.next = self.base_p1.q.val();
            self.n0_p2.next = self.base_p2.q.val();
            self.n0_p256.next = self.base_p256.q.val();
            self.n0_head.next = self.head.q.val();
            self.n0_map.next = self.bitmap.q.val();
            self.n0_dhi.next = false;
            self.n1_base.next = self.base_p1.q.val();
            self.n1_p1.next = self.add_11.sum.val();
            self.n1_p2.next = self.add_21.sum.val();
            self.n1_p256.next = self.add_2561.sum.val();
            self.n1_head.next = self.head1.val();
            self.n1_map.next = self.bitmap.q.val() & !self.head.q.val();
            self.n1_dhi.next = self.c1x.val();
            self.n2_base.next = self.base_p2.q.val();
            self.n2_p1.next = self.add_12.sum.val();
            self.n2_p2.next = self.add_22.sum.val();
            self.n2_p256.next = self.add_2562.sum.val();
            self.n2_head.next = self.head2.val();
            self.n2_map.next = self.bitmap.q.val() & !(self.head.q.val() | self.head1.val());
            self.n2_dhi.next = self.c2x.val();
        }
        if self.b0.val() {
            if self.b1.val() {
                self.base.d.next = self.n2_base.val();
                self.base_p1.d.next = self.n2_p1.val();
                self.base_p2.d.next = self.n2_p2.val();
                self.base_p256.d.next = self.n2_p256.val();
                self.head.d.next = self.n2_head.val();
                self.bitmap.d.next = self.n2_map.val() | self.set_vec.val();
                self.dhi.d.next = self.n2_dhi.val();
            } else {
                self.base.d.next = self.n1_base.val();
                self.base_p1.d.next = self.n1_p1.val();
                self.base_p2.d.next = self.n1_p2.val();
                self.base_p256.d.next = self.n1_p256.val();
                self.head.d.next = self.n1_head.val();
                self.bitmap.d.next = self.n1_map.val() | self.set_vec.val();
                self.dhi.d.next = self.n1_dhi.val();
            }
        } else {
            self.base.d.next = self.n0_base.val();
            self.base_p1.d.next = self.n0_p1.val();
            self.base_p2.d.next = self.n0_p2.val();
            self.base_p256.d.next = self.n0_p256.val();
            self.head.d.next = self.n0_head.val();
            self.bitmap.d.next = self.n0_map.val() | self.set_vec.val();
            self.dhi.d.next = self.n0_dhi.val();
        }

        // lookahead of b0/b1 for the next clock: the received bits at the
        // next head and the slot after it, from this clock's bitmap (slots
        // ahead of the head are not cleared by a slide or a jump) plus the
        // packet's own bit when it lands there
        self.head3.next = (self.head.q.val() << 3) | (self.head.q.val() >> 253);
        self.fhead1.next = (self.q2_head_f.q.val() << 1) | (self.q2_head_f.q.val() >> 255);
        self.hb0.next = (self.bitmap.q.val() & self.head.q.val()).any();
        self.hb1.next = (self.bitmap.q.val() & self.head1.val()).any();
        self.hb2.next = (self.bitmap.q.val() & self.head2.val()).any();
        self.hb3.next = (self.bitmap.q.val() & self.head3.val()).any();
        // after a jump the slots of [base, f) are cleared: slot f itself
        // when f = base + 256, slot f + 1 also when f = base + 255
        self.fb0.next = (self.bitmap.q.val() & self.q2_head_f.q.val()).any() & !self.full.val();
        self.fb1.next = (self.bitmap.q.val() & self.fhead1.val()).any()
            & !self.full.val()
            & (self.q2_floor_p1.q.val().get_bits::<8>(0) != self.base_lo.val());
        self.setp.next = self.is_new.val() & !self.q2_init.q.val();
        self.pe0.next = self.setp.val() & (self.psn_lo.val() == self.base_lo.val());
        self.pe1.next =
            self.setp.val() & (self.psn_lo.val() == self.base_p1.q.val().get_bits::<8>(0));
        self.pe2.next =
            self.setp.val() & (self.psn_lo.val() == self.base_p2.q.val().get_bits::<8>(0));
        self.base_lo3.next = self.base_lo.val() + 3;
        self.pe3.next = self.setp.val() & (self.psn_lo.val() == self.base_lo3.val());
        self.pf0.next = self.setp.val() & (self.psn_lo.val() == self.f_lo.val());
        self.pf1.next =
            self.setp.val() & (self.psn_lo.val() == self.q2_floor_p1.q.val().get_bits::<8>(0));
        if self.q2_init.q.val() {
            self.b0r.d.next = false;
            self.b1r.d.next = false;
        } else if self.near.val() {
            self.b0r.d.next = self.fb0.val() | self.pf0.val();
            self.b1r.d.next = self.fb1.val() | self.pf1.val();
        } else if self.b0r.q.val() {
            if self.b1r.q.val() {
                self.b0r.d.next = self.hb2.val() | self.pe2.val();
                self.b1r.d.next = self.hb3.val() | self.pe3.val();
            } else {
                self.b0r.d.next = self.hb1.val() | self.pe1.val();
                self.b1r.d.next = self.hb2.val() | self.pe2.val();
            }
        } else {
            self.b0r.d.next = self.hb0.val() | self.pe0.val();
            self.b1r.d.next = self.hb1.val() | self.pe1.val();
        }

        // ---- ACK view: rotate the circular bitmap so that bit 0 is the
        // base (a funnel shift of the doubled bitmap: one 8-stage shifter)
        self.r_ack_base.d.next = self.base.q.val();
        self.doubled.next = bit_cast::<512, 256>(self.bitmap.q.val())
            | (bit_cast::<512, 256>(self.bitmap.q.val()) << 256);
        self.funnel.next = self.doubled.val() >> self.base_lo.val();
        self.r_ack_sack.d.next = self.funnel.val().get_bits::<256>(0);

        self.res_valid.next = self.r_valid.q.val();
        self.res_class.next = self.r_class.q.val();
        self.res_psn.next = self.r_psn.q.val();
        self.ack_base.next = self.r_ack_base.q.val();
        self.ack_sack.next = self.r_ack_sack.q.val();
    }
}
