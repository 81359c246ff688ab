//! `stream_arb`: a two-client arbiter for any AXI-Stream whose packets must
//! stay whole, with the beat's fields packed into one `W`-bit word. Exported
//! as `rq_arb` (W = 665: `tdata` 512, `tkeep` 16 and `tuser` 137 of the PCIe
//! hard block's requester request interface), where it merges `pcie_wr`'s
//! memory write TLPs and `pcie_rd`'s read TLPs onto RQ.
//!
//! # Behaviour (normative; `braid_model::dw_arb::ArbModel` is the bit- and
//! cycle-exact reference, shared with `dw_arb`, which arbitrates the same
//! way over the DMA write stream's named fields)
//!
//! * Inputs `a_*` and `b_*` (`valid`, `ready`, `data` W bits, `last`);
//!   output `m_*` with the same fields plus `m_src` (0: the beat came from
//!   `a`, 1: from `b`).
//! * Choice: while a packet is under way (its first beat was taken and its
//!   `last` beat not yet), only its client is served. Otherwise, with both
//!   inputs valid, the client that did not start the previous packet goes
//!   first (round robin per packet); with one valid, that one.
//! * Flow: a two-entry output stage (output register plus skid register).
//!   `a_ready`/`b_ready` = the skid register is empty and the choice names
//!   the input; they never depend on `m_ready` in the same clock. A beat
//!   taken at an edge shows on `m_*` at that edge when the output register
//!   is empty or leaves at the same edge, else it waits in the skid
//!   register; with `m_ready` high a beat passes every clock. A shown beat
//!   is held until taken. All `m_*` fields are zero while `m_valid` is 0.

use rust_hdl::prelude::*;

hdl_block! {
    /// Two-client packet arbiter over a packed W-bit beat.
    pub struct StreamArb<const W: usize> {
        /// Clock.
        pub clock: Signal<In, Clock>,
        /// Client a: beat valid.
        pub a_valid: Signal<In, Bit>,
        /// Client a: beat taken.
        pub a_ready: Signal<Out, Bit>,
        /// Client a: the beat's fields.
        pub a_data: Signal<In, Bits<W>>,
        /// Client a: last beat of a packet.
        pub a_last: Signal<In, Bit>,
        /// Client b: beat valid.
        pub b_valid: Signal<In, Bit>,
        /// Client b: beat taken.
        pub b_ready: Signal<Out, Bit>,
        /// Client b: the beat's fields.
        pub b_data: Signal<In, Bits<W>>,
        /// Client b: last beat of a packet.
        pub b_last: Signal<In, Bit>,
        /// Output beat valid.
        pub m_valid: Signal<Out, Bit>,
        /// Output beat taken.
        pub m_ready: Signal<In, Bit>,
        /// Output fields.
        pub m_data: Signal<Out, Bits<W>>,
        /// Output last.
        pub m_last: Signal<Out, Bit>,
        /// The client of the output beat (0 a, 1 b).
        pub m_src: Signal<Out, Bit>,
        o_valid: DFF<Bit>,
        o_data: DFF<Bits<W>>,
        o_last: DFF<Bit>,
        o_src: DFF<Bit>,
        s_valid: DFF<Bit>,
        s_data: DFF<Bits<W>>,
        s_last: DFF<Bit>,
        s_src: DFF<Bit>,
        locked: DFF<Bit>,
        lock_src: DFF<Bit>,
        last_src: DFF<Bit>,
        sel: Signal<Local, Bit>,
        sel_valid: Signal<Local, Bit>,
        take: Signal<Local, Bit>,
        in_data: Signal<Local, Bits<W>>,
        in_last: Signal<Local, Bit>,
    }
}

impl<const W: usize> Logic for StreamArb<W> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, o_valid, o_data, o_last, o_src, s_valid, s_data, s_last, s_src, locked,
            lock_src, last_src
        );
        // the choice
        if self.locked.q.val() {
            self.sel.next = self.lock_src.q.val();
        } else if self.a_valid.val() & self.b_valid.val() {
            self.sel.next = !self.last_src.q.val();
        } else {
            self.sel.next = self.b_valid.val();
        }
        if self.sel.val() {
            self.sel_valid.next = self.b_valid.val();
            self.in_data.next = self.b_data.val();
            self.in_last.next = self.b_last.val();
        } else {
            self.sel_valid.next = self.a_valid.val();
            self.in_data.next = self.a_data.val();
            self.in_last.next = self.a_last.val();
        }
        self.a_ready.next = !self.s_valid.q.val() & !self.sel.val();
        self.b_ready.next = !self.s_valid.q.val() & self.sel.val();
        self.take.next = !self.s_valid.q.val() & self.sel_valid.val();
        // packet boundaries
        if self.take.val() {
            self.locked.d.next = !self.in_last.val();
            self.lock_src.d.next = self.sel.val();
            if !self.locked.q.val() {
                self.last_src.d.next = self.sel.val();
            }
        }
        // the two-entry output stage
        if self.o_valid.q.val() & !self.m_ready.val() {
            if self.take.val() {
                self.s_valid.d.next = true;
                self.s_data.d.next = self.in_data.val();
                self.s_last.d.next = self.in_last.val();
                self.s_src.d.next = self.sel.val();
            }
        } else if self.s_valid.q.val() {
            self.o_valid.d.next = true;
            self.o_data.d.next = self.s_data.q.val();
            self.o_last.d.next = self.s_last.q.val();
            self.o_src.d.next = self.s_src.q.val();
            self.s_valid.d.next = false;
        } else {
            self.o_valid.d.next = self.take.val();
            self.o_data.d.next = self.in_data.val();
            self.o_last.d.next = self.in_last.val();
            self.o_src.d.next = self.sel.val();
        }
        // outputs, zero while no beat is shown
        self.m_valid.next = self.o_valid.q.val();
        self.m_data.next = 0.into();
        self.m_last.next = false;
        self.m_src.next = false;
        if self.o_valid.q.val() {
            self.m_data.next = self.o_data.q.val();
            self.m_last.next = self.o_last.q.val();
            self.m_src.next = self.o_src.q.val();
        }
    }
}
