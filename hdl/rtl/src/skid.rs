//! A two-entry register slice ("skid buffer") for the glue of `braid_engine`.
//!
//! # Behaviour
//!
//! `Skid<W>` sits on a valid/ready handshake of `W` bits and cuts every
//! combinational path through it: `s_ready` is a register (the skid entry is
//! empty), and `m_valid`/`m_data` are registers (the head entry), so the
//! logic behind `m_ready` never reaches the producer and the logic behind
//! `s_valid`/`s_data` never reaches the consumer.
//!
//! * An entry is taken at an edge where `s_valid && s_ready`; it is handed
//!   on at an edge where `m_valid && m_ready`.
//! * The head register loads at an edge where it is empty or handed on: from
//!   the skid entry when that is full, else from `s_data`. An entry taken
//!   while the head is held goes into the skid entry, which drops `s_ready`
//!   for as long as it is full.
//! * Entries leave in the order they came; one entry per clock passes under a
//!   consumer that is always ready (latency 1: taken at edge k, offered on
//!   `m_valid` from edge k on).
//!
//! At power-up both entries are empty.

use rust_hdl::prelude::*;

/// Register slice of two `W`-bit entries.
#[derive(LogicBlock, Default)]
pub struct Skid<const W: usize> {
    /// Clock.
    pub clock: Signal<In, Clock>,
    /// An entry is offered.
    pub s_valid: Signal<In, Bit>,
    /// The offered entry.
    pub s_data: Signal<In, Bits<W>>,
    /// The slice takes an entry at this edge when `s_valid` (a register).
    pub s_ready: Signal<Out, Bit>,
    /// The head entry is valid (a register).
    pub m_valid: Signal<Out, Bit>,
    /// The head entry (a register).
    pub m_data: Signal<Out, Bits<W>>,
    /// The consumer takes the head at this edge when `m_valid`.
    pub m_ready: Signal<In, Bit>,
    a_v: DFF<Bit>,
    a_d: DFF<Bits<W>>,
    b_v: DFF<Bit>,
    b_d: DFF<Bits<W>>,
    take: Signal<Local, Bit>,
    load: Signal<Local, Bit>,
}

impl<const W: usize> Logic for Skid<W> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, a_v, a_d, b_v, b_d);
        self.take.next = self.s_valid.val() & !self.b_v.q.val();
        self.load.next = !self.a_v.q.val() | self.m_ready.val();
        if self.load.val() {
            if self.b_v.q.val() {
                self.a_d.d.next = self.b_d.q.val();
            } else {
                self.a_d.d.next = self.s_data.val();
            }
            self.a_v.d.next = self.b_v.q.val() | self.take.val();
            self.b_v.d.next = false;
        } else if self.take.val() {
            self.b_d.d.next = self.s_data.val();
            self.b_v.d.next = true;
        }
        self.s_ready.next = !self.b_v.q.val();
        self.m_valid.next = self.a_v.q.val();
        self.m_data.next = self.a_d.q.val();
    }
}
