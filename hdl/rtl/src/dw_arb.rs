//! DMA write arbiter: merges two DMA write streams (ENGINE.md "DMA write
//! stream": address and length on every beat, data packed from lane 0,
//! `last` on the final beat of a write) into one, keeping the beats of a
//! write together, round robin between writes.
//!
//! # Behaviour (normative; `braid_model::DwArbModel` is the bit- and
//! cycle-exact reference)
//!
//! * Inputs `a_*` and `b_*` (`valid`, `ready`, `addr` 64, `len` 16, `data`
//!   512, `last`); output `m_*` with the same fields plus `m_src` (0: the
//!   beat came from `a`, 1: from `b`). Two deeper arbiters can be cascaded
//!   (a third client on one input of a second arbiter; `m_src` tells the
//!   routes apart level by level).
//! * Choice: while a write is under way (its first beat was taken and its
//!   `last` beat not yet), only its client is served. Otherwise, with both
//!   inputs valid, the client that did not start the previous write goes
//!   first (round robin per write); with one valid, that one. Taking the
//!   `last` beat of a write ends it.
//! * Flow: a two-entry output stage (output register plus skid register).
//!   `a_ready`/`b_ready` = the skid register is empty and the choice names
//!   the input (ready depends on the inputs' valid through the choice, as
//!   AXI-Stream allows; it never depends on `m_ready` in the same clock). A
//!   beat taken at an edge shows on `m_*` at that edge when the output
//!   register is empty or leaves at the same edge, else it waits in the skid
//!   register; with `m_ready` high the arbiter passes a beat every clock.
//!   `m_valid` never waits for `m_ready`, and a shown beat is held until
//!   taken. All `m_*` fields are zero while `m_valid` is 0.

use rust_hdl::prelude::*;

/// Two-input DMA write arbiter.
#[derive(LogicBlock, Default)]
pub struct DwArb {
    /// Engine clock.
    pub clock: Signal<In, Clock>,
    /// Client a: beat valid.
    pub a_valid: Signal<In, Bit>,
    /// Client a: beat taken.
    pub a_ready: Signal<Out, Bit>,
    /// Client a: write address.
    pub a_addr: Signal<In, Bits<64>>,
    /// Client a: write length.
    pub a_len: Signal<In, Bits<16>>,
    /// Client a: data.
    pub a_data: Signal<In, Bits<512>>,
    /// Client a: last beat of the write.
    pub a_last: Signal<In, Bit>,
    /// Client b: beat valid.
    pub b_valid: Signal<In, Bit>,
    /// Client b: beat taken.
    pub b_ready: Signal<Out, Bit>,
    /// Client b: write address.
    pub b_addr: Signal<In, Bits<64>>,
    /// Client b: write length.
    pub b_len: Signal<In, Bits<16>>,
    /// Client b: data.
    pub b_data: Signal<In, Bits<512>>,
    /// Client b: last beat of the write.
    pub b_last: Signal<In, Bit>,
    /// Output beat valid.
    pub m_valid: Signal<Out, Bit>,
    /// Output beat taken.
    pub m_ready: Signal<In, Bit>,
    /// Output address.
    pub m_addr: Signal<Out, Bits<64>>,
    /// Output length.
    pub m_len: Signal<Out, Bits<16>>,
    /// Output data.
    pub m_data: Signal<Out, Bits<512>>,
    /// Output last.
    pub m_last: Signal<Out, Bit>,
    /// The client of the output beat (0 a, 1 b).
    pub m_src: Signal<Out, Bit>,
    o_valid: DFF<Bit>,
    o_data: DFF<Bits<512>>,
    o_addr: DFF<Bits<64>>,
    o_len: DFF<Bits<16>>,
    o_last: DFF<Bit>,
    o_src: DFF<Bit>,
    s_valid: DFF<Bit>,
    s_data: DFF<Bits<512>>,
    s_addr: DFF<Bits<64>>,
    s_len: DFF<Bits<16>>,
    s_last: DFF<Bit>,
    s_src: DFF<Bit>,
    locked: DFF<Bit>,
    lock_src: DFF<Bit>,
    last_src: DFF<Bit>,
    sel: Signal<Local, Bit>,
    sel_valid: Signal<Local, Bit>,
    take: Signal<Local, Bit>,
    leave: Signal<Local, Bit>,
    in_data: Signal<Local, Bits<512>>,
    in_addr: Signal<Local, Bits<64>>,
    in_len: Signal<Local, Bits<16>>,
    in_last: Signal<Local, Bit>,
}

impl Logic for DwArb {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, o_valid, o_data, o_addr, o_len, o_last, o_src, s_valid, s_data, s_addr,
            s_len, s_last, s_src, locked, lock_src, last_src
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
            self.in_addr.next = self.b_addr.val();
            self.in_len.next = self.b_len.val();
            self.in_last.next = self.b_last.val();
        } else {
            self.sel_valid.next = self.a_valid.val();
            self.in_data.next = self.a_data.val();
            self.in_addr.next = self.a_addr.val();
            self.in_len.next = self.a_len.val();
            self.in_last.next = self.a_last.val();
        }
        self.a_ready.next = !self.s_valid.q.val() & !self.sel.val();
        self.b_ready.next = !self.s_valid.q.val() & self.sel.val();
        self.take.next = !self.s_valid.q.val() & self.sel_valid.val();
        self.leave.next = self.o_valid.q.val() & self.m_ready.val();

        // write boundaries: a taken beat without last opens (or continues)
        // a write of its client; a taken last beat ends it
        if self.take.val() {
            self.locked.d.next = !self.in_last.val();
            self.lock_src.d.next = self.sel.val();
            if !self.locked.q.val() {
                self.last_src.d.next = self.sel.val();
            }
        }

        // the two-entry output stage
        if self.o_valid.q.val() & !self.m_ready.val() {
            // the output holds; a taken beat goes to the skid register
            if self.take.val() {
                self.s_valid.d.next = true;
                self.s_data.d.next = self.in_data.val();
                self.s_addr.d.next = self.in_addr.val();
                self.s_len.d.next = self.in_len.val();
                self.s_last.d.next = self.in_last.val();
                self.s_src.d.next = self.sel.val();
            }
        } else if self.s_valid.q.val() {
            // the output is free or leaves: the skid beat moves up
            self.o_valid.d.next = true;
            self.o_data.d.next = self.s_data.q.val();
            self.o_addr.d.next = self.s_addr.q.val();
            self.o_len.d.next = self.s_len.q.val();
            self.o_last.d.next = self.s_last.q.val();
            self.o_src.d.next = self.s_src.q.val();
            self.s_valid.d.next = false;
        } else {
            self.o_valid.d.next = self.take.val();
            self.o_data.d.next = self.in_data.val();
            self.o_addr.d.next = self.in_addr.val();
            self.o_len.d.next = self.in_len.val();
            self.o_last.d.next = self.in_last.val();
            self.o_src.d.next = self.sel.val();
        }

        // outputs, zero while no beat is shown
        self.m_valid.next = self.o_valid.q.val();
        if self.o_valid.q.val() {
            self.m_data.next = self.o_data.q.val();
            self.m_addr.next = self.o_addr.q.val();
            self.m_len.next = self.o_len.q.val();
            self.m_last.next = self.o_last.q.val();
            self.m_src.next = self.o_src.q.val();
        } else {
            self.m_data.next = 0.into();
            self.m_addr.next = 0.into();
            self.m_len.next = 0.into();
            self.m_last.next = false;
            self.m_src.next = false;
        }
    }
}
