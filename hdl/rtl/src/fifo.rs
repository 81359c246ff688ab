//! A counted first-word-fall-through FIFO for the glue of `braid_engine`.
//!
//! # Behaviour
//!
//! `Fifo<W, A>` holds up to `2^A` entries of `W` bits in a `RAM` (block or
//! distributed RAM, registered read). At an edge with `push`, `din` is
//! written unless the FIFO is `full` at that edge (state before it; a pop
//! at the same edge does not make room): such a push is *dropped* and
//! `ovf` shows 1 for the clock after the edge, so the owner counts every
//! lost entry. A pushed entry shows on `valid`/`dout` from the second edge
//! after its push (the RAM's registered read). `pop` while `valid` takes
//! the head at the edge (a `pop` without `valid` is ignored). `fill` is the
//! number of entries written and not yet popped (a register: pushes and
//! pops change it at their edge), `full` is `fill == 2^A`. Every output is
//! a function of registers only, so a consumer may compute its `pop` from
//! `valid` in the same clock without a combinational loop.
//!
//! At power-up the FIFO is empty.

use rust_hdl::prelude::*;

hdl_block! {
    /// FWFT FIFO of `2^A` entries of `W` bits, counting dropped pushes.
    pub struct Fifo<const W: usize, const A: usize> {
        /// Clock.
        pub clock: Signal<In, Clock>,
        /// Write `din` at this edge (dropped when `full`).
        pub push: Signal<In, Bit>,
        /// Entry to write.
        pub din: Signal<In, Bits<W>>,
        /// Take the head at this edge (only while `valid`).
        pub pop: Signal<In, Bit>,
        /// The head is valid.
        pub valid: Signal<Out, Bit>,
        /// The head.
        pub dout: Signal<Out, Bits<W>>,
        /// `2^A` entries are held.
        pub full: Signal<Out, Bit>,
        /// Entries held.
        pub fill: Signal<Out, Bits<16>>,
        /// A push was dropped at the last edge.
        pub ovf: Signal<Out, Bit>,
        k_depth: Constant<Bits<16>> = Constant::new(bits::<16>(1 << A)),
        ram: RAM<Bits<W>, A>,
        wp: DFF<Bits<16>>,
        wp_d: DFF<Bits<16>>,
        rp: DFF<Bits<16>>,
        n: DFF<Bits<16>>,
        r_ovf: DFF<Bit>,
        is_full: Signal<Local, Bit>,
        do_push: Signal<Local, Bit>,
        do_pop: Signal<Local, Bit>,
        rp_next: Signal<Local, Bits<16>>,
    }
    setup {
        assert!(A < 16);
    }
}

impl<const W: usize, const A: usize> Logic for Fifo<W, A> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, wp, wp_d, rp, n, r_ovf);
        self.ram.read_clock.next = self.clock.val();
        self.ram.write_clock.next = self.clock.val();
        self.is_full.next = self.n.q.val() == self.k_depth.val();
        self.do_push.next = self.push.val() & !self.is_full.val();
        self.do_pop.next = self.pop.val() & (self.wp_d.q.val() != self.rp.q.val());
        self.ram.write_address.next = self.wp.q.val().get_bits::<A>(0);
        self.ram.write_data.next = self.din.val();
        self.ram.write_enable.next = self.do_push.val();
        if self.do_push.val() {
            self.wp.d.next = self.wp.q.val() + 1;
        }
        self.wp_d.d.next = self.wp.q.val();
        if self.do_pop.val() {
            self.rp_next.next = self.rp.q.val() + 1;
        } else {
            self.rp_next.next = self.rp.q.val();
        }
        self.rp.d.next = self.rp_next.val();
        self.ram.read_address.next = self.rp_next.val().get_bits::<A>(0);
        if self.do_push.val() & !self.do_pop.val() {
            self.n.d.next = self.n.q.val() + 1;
        }
        if !self.do_push.val() & self.do_pop.val() {
            self.n.d.next = self.n.q.val() - 1;
        }
        self.r_ovf.d.next = self.push.val() & self.is_full.val();
        self.valid.next = self.wp_d.q.val() != self.rp.q.val();
        self.dout.next = self.ram.read_data.val();
        self.full.next = self.is_full.val();
        self.fill.next = self.n.q.val();
        self.ovf.next = self.r_ovf.q.val();
    }
}
