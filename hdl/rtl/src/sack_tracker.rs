//! Receiver SACK tracker: the per-path cumulative base PSN and the 256-bit
//! received bitmap of one path.
//!
//! # Behaviour (normative; `braid_sim::model::SackTrackerModel` is the
//! bit- and cycle-exact reference)
//!
//! * One packet PSN per clock (`pkt_valid`/`pkt_psn`), registered on entry.
//! * One clock after that the packet is applied to the state; one more
//!   clock later `res_valid`/`res_class`/`res_psn` show its class for one
//!   cycle (latency: 3 rising edges from `pkt_valid` to `res_valid`):
//!   `NEW` (inside `[base, base+256)` and not yet received: the bit is set),
//!   `DUPLICATE` (inside the window, already received), `BEYOND` (at or after
//!   `base+256`: dropped, the sender broke the window) or `BEHIND` (before
//!   `base`: already cumulatively acknowledged). "Before"/"after" use 32-bit
//!   serial-number arithmetic, so PSNs wrap.
//! * The bitmap is circular: bit `i` belongs to the PSN of the window whose
//!   low 8 bits equal `i`. Indexing by the PSN's low bits means no subtract
//!   lies on the path to the bitmap, and a slide never shifts 256 bits.
//! * Slide: every clock the base advances over up to two received PSNs at
//!   its head (clearing their bits for reuse). Packets arrive at most one
//!   per clock, so the base always catches up; a run of n received PSNs
//!   behind a filled hole is absorbed in ceil(n/2) clocks. Because the
//!   sender only learns the window from this block's `ack_base`, it never
//!   sends past `ack_base + 256`, so the lag is invisible on the wire.
//! * ACK view: `ack_base` and `ack_sack` (bit j = PSN `ack_base + j`, the wire
//!   layout of an ACK) are a registered, consistent snapshot of the state of
//!   the previous clock.
//! * `init_valid`/`init_psn` (registered like the packet input) restart the
//!   path at `init_psn` with an empty bitmap; a packet in the same input
//!   register stage is discarded (`res_valid` stays low).
//!
//! Logic depth: the state loop is a 256:1 bit select plus the window compare
//! and a one-hot update; the ACK view rotation has its own register stage.

use rust_hdl::prelude::*;

/// Classification codes on `res_class`.
pub const CLASS_NEW: u64 = 0;
/// Inside the window, already received.
pub const CLASS_DUPLICATE: u64 = 1;
/// At or beyond `base + 256`.
pub const CLASS_BEYOND: u64 = 2;
/// Before `base` (already cumulatively acknowledged).
pub const CLASS_BEHIND: u64 = 3;

/// Receiver SACK tracker of one path.
#[derive(LogicBlock)]
pub struct SackTracker {
    /// Engine clock.
    pub clock: Signal<In, Clock>,
    /// Restart the path (synchronous, registered).
    pub init_valid: Signal<In, Bit>,
    /// First expected PSN after a restart.
    pub init_psn: Signal<In, Bits<32>>,
    /// A data packet of this path arrived.
    pub pkt_valid: Signal<In, Bit>,
    /// Its path PSN.
    pub pkt_psn: Signal<In, Bits<32>>,
    /// Classification result valid (one clock after the packet).
    pub res_valid: Signal<Out, Bit>,
    /// One of the `CLASS_*` codes.
    pub res_class: Signal<Out, Bits<2>>,
    /// PSN the result belongs to.
    pub res_psn: Signal<Out, Bits<32>>,
    /// Cumulative base of the ACK view (first PSN not yet received).
    pub ack_base: Signal<Out, Bits<32>>,
    /// SACK bitvector of the ACK view: bit j is PSN `ack_base + j`.
    pub ack_sack: Signal<Out, Bits<256>>,
    class_new: Constant<Bits<2>>,
    class_duplicate: Constant<Bits<2>>,
    class_beyond: Constant<Bits<2>>,
    class_behind: Constant<Bits<2>>,
    // input registers
    in_init: DFF<Bit>,
    in_init_psn: DFF<Bits<32>>,
    in_valid: DFF<Bit>,
    in_psn: DFF<Bits<32>>,
    // state
    base: DFF<Bits<32>>,
    base_p1: DFFWithInit<Bits<32>>,
    base_p2: DFFWithInit<Bits<32>>,
    base_p256: DFFWithInit<Bits<32>>,
    bitmap: DFF<Bits<256>>,
    head: DFFWithInit<Bits<256>>,
    // classification stage
    c_valid: DFF<Bit>,
    c_psn: DFF<Bits<32>>,
    c_base: DFF<Bits<32>>,
    c_in_window: DFF<Bit>,
    c_seen: DFF<Bit>,
    // outputs
    r_valid: DFF<Bit>,
    r_class: DFF<Bits<2>>,
    r_psn: DFF<Bits<32>>,
    r_ack_base: DFF<Bits<32>>,
    r_ack_sack: DFF<Bits<256>>,
    // combinational helpers
    delta: Signal<Local, Bits<32>>,
    psn_lo: Signal<Local, Bits<8>>,
    lo_ge: Signal<Local, Bit>,
    hi_eq: Signal<Local, Bit>,
    hi_eq_next: Signal<Local, Bit>,
    in_window: Signal<Local, Bit>,
    seen: Signal<Local, Bit>,
    is_new: Signal<Local, Bit>,
    head1: Signal<Local, Bits<256>>,
    head2: Signal<Local, Bits<256>>,
    b0: Signal<Local, Bit>,
    b1: Signal<Local, Bit>,
    set_vec: Signal<Local, Bits<256>>,
    clear_vec: Signal<Local, Bits<256>>,
    init_head: Signal<Local, Bits<256>>,
    base_lo: Signal<Local, Bits<8>>,
    doubled: Signal<Local, Bits<512>>,
    funnel: Signal<Local, Bits<512>>,
}

impl Default for SackTracker {
    /// Power-on state: base 0, empty bitmap (as after an init to PSN 0).
    fn default() -> Self {
        Self {
            clock: Default::default(),
            init_valid: Default::default(),
            init_psn: Default::default(),
            pkt_valid: Default::default(),
            pkt_psn: Default::default(),
            res_valid: Default::default(),
            res_class: Default::default(),
            res_psn: Default::default(),
            ack_base: Default::default(),
            ack_sack: Default::default(),
            class_new: Constant::new(bits(CLASS_NEW)),
            class_duplicate: Constant::new(bits(CLASS_DUPLICATE)),
            class_beyond: Constant::new(bits(CLASS_BEYOND)),
            class_behind: Constant::new(bits(CLASS_BEHIND)),
            in_init: Default::default(),
            in_init_psn: Default::default(),
            in_valid: Default::default(),
            in_psn: Default::default(),
            base: Default::default(),
            base_p1: DFFWithInit::new(bits(1)),
            base_p2: DFFWithInit::new(bits(2)),
            base_p256: DFFWithInit::new(bits(256)),
            c_valid: Default::default(),
            c_psn: Default::default(),
            c_base: Default::default(),
            c_in_window: Default::default(),
            c_seen: Default::default(),
            bitmap: Default::default(),
            head: DFFWithInit::new(bits(1)),
            r_valid: Default::default(),
            r_class: Default::default(),
            r_psn: Default::default(),
            r_ack_base: Default::default(),
            r_ack_sack: Default::default(),
            delta: Default::default(),
            psn_lo: Default::default(),
            lo_ge: Default::default(),
            hi_eq: Default::default(),
            hi_eq_next: Default::default(),
            in_window: Default::default(),
            seen: Default::default(),
            is_new: Default::default(),
            head1: Default::default(),
            head2: Default::default(),
            b0: Default::default(),
            b1: Default::default(),
            set_vec: Default::default(),
            clear_vec: Default::default(),
            init_head: Default::default(),
            base_lo: Default::default(),
            doubled: Default::default(),
            funnel: Default::default(),
        }
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
        // input register stage
        self.in_init.d.next = self.init_valid.val();
        self.in_init_psn.d.next = self.init_psn.val();
        self.in_valid.d.next = self.pkt_valid.val();
        self.in_psn.d.next = self.pkt_psn.val();

        // window test against the current state without a 32-bit subtract:
        // psn is in [base, base+256) iff its high 24 bits equal base's and
        // its low byte is >= base's, or its high bits equal those of
        // base+256 and its low byte is below base's.
        self.psn_lo.next = self.in_psn.q.val().get_bits::<8>(0);
        self.base_lo.next = self.base.q.val().get_bits::<8>(0);
        self.lo_ge.next = self.psn_lo.val() >= self.base_lo.val();
        self.hi_eq.next =
            self.in_psn.q.val().get_bits::<24>(8) == self.base.q.val().get_bits::<24>(8);
        self.hi_eq_next.next =
            self.in_psn.q.val().get_bits::<24>(8) == self.base_p256.q.val().get_bits::<24>(8);
        self.in_window.next =
            (self.hi_eq.val() & self.lo_ge.val()) | (self.hi_eq_next.val() & !self.lo_ge.val());
        self.seen.next = self.bitmap.q.val().get_bit(self.psn_lo.val().index());
        self.is_new.next = self.in_valid.q.val() & self.in_window.val() & !self.seen.val();
        // classification stage: before/after needs the serial-number sign of
        // psn - base, computed one stage later from a snapshot of the base
        self.c_valid.d.next = self.in_valid.q.val() & !self.in_init.q.val();
        self.c_psn.d.next = self.in_psn.q.val();
        self.c_base.d.next = self.base.q.val();
        self.c_in_window.d.next = self.in_window.val();
        self.c_seen.d.next = self.seen.val();
        self.delta.next = self.c_psn.q.val() - self.c_base.q.val();
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

        // slide over up to two received PSNs at the head of the window
        self.head1.next = (self.head.q.val() << 1) | (self.head.q.val() >> 255);
        self.head2.next = (self.head.q.val() << 2) | (self.head.q.val() >> 254);
        self.b0.next = (self.bitmap.q.val() & self.head.q.val()).any();
        self.b1.next = (self.bitmap.q.val() & self.head1.val()).any();
        self.set_vec.next = bits::<256>(0);
        if self.is_new.val() {
            self.set_vec.next = bits::<256>(1) << self.in_psn.q.val().get_bits::<8>(0);
        }
        self.clear_vec.next = bits::<256>(0);
        if self.b0.val() {
            if self.b1.val() {
                self.clear_vec.next = self.head.q.val() | self.head1.val();
                self.head.d.next = self.head2.val();
                self.base.d.next = self.base_p2.q.val();
                self.base_p1.d.next = self.base_p1.q.val() + 2;
                self.base_p2.d.next = self.base_p2.q.val() + 2;
                self.base_p256.d.next = self.base_p256.q.val() + 2;
            } else {
                self.clear_vec.next = self.head.q.val();
                self.head.d.next = self.head1.val();
                self.base.d.next = self.base_p1.q.val();
                self.base_p1.d.next = self.base_p1.q.val() + 1;
                self.base_p2.d.next = self.base_p2.q.val() + 1;
                self.base_p256.d.next = self.base_p256.q.val() + 1;
            }
        }
        self.bitmap.d.next = (self.bitmap.q.val() & !self.clear_vec.val()) | self.set_vec.val();

        // restart
        self.init_head.next = bits::<256>(1) << self.in_init_psn.q.val().get_bits::<8>(0);
        if self.in_init.q.val() {
            self.base.d.next = self.in_init_psn.q.val();
            self.base_p1.d.next = self.in_init_psn.q.val() + 1;
            self.base_p2.d.next = self.in_init_psn.q.val() + 2;
            self.base_p256.d.next = self.in_init_psn.q.val() + 256;
            self.bitmap.d.next = bits::<256>(0);
            self.head.d.next = self.init_head.val();
        }

        // ACK view: rotate the circular bitmap so that bit 0 is the base
        self.r_ack_base.d.next = self.base.q.val();
        // a rotate is a funnel shift of the bitmap doubled: one 8-stage
        // shifter instead of two
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
