//! DMA write arbiter: merges two DMA write streams (ENGINE.md "DMA write
//! stream": address and length on every beat, data packed from lane 0,
//! `last` on the final beat of a write) into one, keeping the beats of a
//! write together, round robin between writes.
//!
//! # Behaviour (normative; `braid_sim::model::DwArbModel` is the bit- and
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

/// Beat layout in the stage registers: data 511:0, addr 575:512, len
/// 591:576, last 592, src 593.
const BEAT: usize = 594;

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
    o_beat: DFF<Bits<BEAT>>,
    s_valid: DFF<Bit>,
    s_beat: DFF<Bits<BEAT>>,
    locked: DFF<Bit>,
    lock_src: DFF<Bit>,
    last_src: DFF<Bit>,
    sel: Signal<Local, Bit>,
    sel_valid: Signal<Local, Bit>,
    take: Signal<Local, Bit>,
    leave: Signal<Local, Bit>,
    beat_a: Signal<Local, Bits<BEAT>>,
    beat_b: Signal<Local, Bits<BEAT>>,
    beat_in: Signal<Local, Bits<BEAT>>,
    in_last: Signal<Local, Bit>,
}

impl Logic for DwArb {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, o_valid, o_beat, s_valid, s_beat, locked, lock_src, last_src);

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
            self.in_last.next = self.b_last.val();
        } else {
            self.sel_valid.next = self.a_valid.val();
            self.in_last.next = self.a_last.val();
        }
        self.a_ready.next = !self.s_valid.q.val() & !self.sel.val();
        self.b_ready.next = !self.s_valid.q.val() & self.sel.val();
        self.take.next = !self.s_valid.q.val() & self.sel_valid.val();
        self.leave.next = self.o_valid.q.val() & self.m_ready.val();

        self.beat_a.next = bit_cast::<BEAT, 512>(self.a_data.val())
            | (bit_cast::<BEAT, 64>(self.a_addr.val()) << bits::<10>(512))
            | (bit_cast::<BEAT, 16>(self.a_len.val()) << bits::<10>(576))
            | (bit_cast::<BEAT, 1>(self.a_last.val().into()) << bits::<10>(592));
        self.beat_b.next = bit_cast::<BEAT, 512>(self.b_data.val())
            | (bit_cast::<BEAT, 64>(self.b_addr.val()) << bits::<10>(512))
            | (bit_cast::<BEAT, 16>(self.b_len.val()) << bits::<10>(576))
            | (bit_cast::<BEAT, 1>(self.b_last.val().into()) << bits::<10>(592))
            | (bits::<BEAT>(1) << bits::<10>(593));
        if self.sel.val() {
            self.beat_in.next = self.beat_b.val();
        } else {
            self.beat_in.next = self.beat_a.val();
        }

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
                self.s_beat.d.next = self.beat_in.val();
            }
        } else if self.s_valid.q.val() {
            // the output is free or leaves: the skid beat moves up
            self.o_valid.d.next = true;
            self.o_beat.d.next = self.s_beat.q.val();
            self.s_valid.d.next = false;
        } else {
            self.o_valid.d.next = self.take.val();
            if self.take.val() {
                self.o_beat.d.next = self.beat_in.val();
            } else {
                self.o_beat.d.next = 0.into();
            }
        }

        self.m_valid.next = self.o_valid.q.val();
        self.m_data.next = self.o_beat.q.val().get_bits::<512>(0);
        self.m_addr.next = self.o_beat.q.val().get_bits::<64>(512);
        self.m_len.next = self.o_beat.q.val().get_bits::<16>(576);
        self.m_last.next = self.o_beat.q.val().get_bit(592);
        self.m_src.next = self.o_beat.q.val().get_bit(593);
    }
}
