//! Sender slot table (ENGINE.md "Slot table"): per path and PSN slot one
//! `braid_spec::state::TX_SLOT_ENTRY` (72 bits: CSN, WQE index, offset in
//! MTUs, valid/first/last/retx flags), written when a packet is sent and
//! read when its PSN is declared lost or times out, so the packet can be
//! rebuilt from its WQE and the entry.
//!
//! # Behaviour (normative; `braid_model::SlotTableModel` is the bit-
//! and cycle-exact reference)
//!
//! * Sizes: `2^P` paths x 256 slots (`2^TX_SLOT_BITS`), one RAM of
//!   `2^(P+8)` words of 72 bits addressed by `{path, slot}`. Default
//!   (`SlotTableFull`): 16,384 paths (1,024 connections x 16), 4 M entries,
//!   meant for UltraRAM (1,024 URAM288 of 4K x 72: U250 has 1,280, U280 960,
//!   so the U280 cannot hold it: 12,288 paths = 768 connections x 16 fit
//!   its 960). Tiny (`SlotTableTiny`): 64 paths, 16 K entries, block RAM.
//! * Every input is registered at each rising edge; call the edge that
//!   registers an input E0. One write and one read per clock (II = 1).
//! * Write port: `wr_valid` with `wr_path`, `wr_slot`, `wr_entry`. The entry
//!   is written at E1.
//! * Read port: `rd_valid` with `rd_path`, `rd_slot` and an opaque
//!   `rd_tag` (16). The RAM is read at E1 (registered read), the word passes
//!   the RAM output register at E2 (URAM `OREG`) and the result register at
//!   E3: after E3 `res_valid` = 1 for one clock with `res_entry`, `res_tag`,
//!   `res_path`, `res_slot`. Fixed latency `SLOT_TABLE_LATENCY` = 4 edges.
//! * Read during write (read-first): a read sees every write presented on
//!   an earlier clock; a write presented on the same clock as a read of the
//!   same slot is not seen by it (the read returns the old entry).
//! * With no result, `res_valid` is 0 and the other outputs hold their last
//!   values. After power-up every entry is 0 (`valid` clear): a read of a
//!   never-written slot returns 0 (URAM and block RAM are zeroed by the
//!   configuration).
//! * Every `{path, slot}` is a legal address (the port widths are exact), so
//!   there is no bad input to refuse.
//!
//! Logic depth: none between registers beyond the RAM (no logic on the
//! data path).

use rust_hdl::prelude::*;

/// Entry width (`braid_spec::state::TX_SLOT_ENTRY_BITS`).
pub const SLOT_ENTRY_BITS: usize = braid_spec::state::TX_SLOT_ENTRY_BITS as usize;
/// Slot bits per path (`braid_spec::state::TX_SLOT_BITS`).
pub const SLOT_BITS: usize = braid_spec::state::TX_SLOT_BITS as usize;
/// Read latency in edges (the result shows after the 4th edge).
pub const SLOT_TABLE_LATENCY: usize = 4;
/// Path bits of the default build (16,384 paths).
pub const SLOT_PATH_FULL: usize = 14;
/// Path bits of the tiny build (64 paths).
pub const SLOT_PATH_TINY: usize = 6;

const _: () = assert!(SLOT_ENTRY_BITS == 72 && SLOT_BITS == 8);

/// Slot table of `2^P` paths; `A` = `P + 8` (RAM address bits).
#[derive(LogicBlock, Default)]
pub struct SlotTable<const P: usize, const A: usize> {
    /// Engine clock.
    pub clock: Signal<In, Clock>,
    /// Write an entry.
    pub wr_valid: Signal<In, Bit>,
    /// Path of the written slot.
    pub wr_path: Signal<In, Bits<P>>,
    /// PSN slot (PSN low 8 bits).
    pub wr_slot: Signal<In, Bits<8>>,
    /// The entry (`TX_SLOT_ENTRY`).
    pub wr_entry: Signal<In, Bits<72>>,
    /// Read an entry.
    pub rd_valid: Signal<In, Bit>,
    /// Path of the read slot.
    pub rd_path: Signal<In, Bits<P>>,
    /// PSN slot.
    pub rd_slot: Signal<In, Bits<8>>,
    /// Opaque tag returned with the result.
    pub rd_tag: Signal<In, Bits<16>>,
    /// A read result.
    pub res_valid: Signal<Out, Bit>,
    /// The entry read.
    pub res_entry: Signal<Out, Bits<72>>,
    /// The read's tag.
    pub res_tag: Signal<Out, Bits<16>>,
    /// The read's path.
    pub res_path: Signal<Out, Bits<P>>,
    /// The read's slot.
    pub res_slot: Signal<Out, Bits<8>>,
    ram: RAM<Bits<72>, A>,
    w_valid: DFF<Bit>,
    w_addr: DFF<Bits<A>>,
    w_data: DFF<Bits<72>>,
    r_valid: DFF<Bit>,
    r_addr: DFF<Bits<A>>,
    r_tag: DFF<Bits<16>>,
    p1_valid: DFF<Bit>,
    p1_addr: DFF<Bits<A>>,
    p1_tag: DFF<Bits<16>>,
    p2_valid: DFF<Bit>,
    p2_addr: DFF<Bits<A>>,
    p2_tag: DFF<Bits<16>>,
    p2_data: DFF<Bits<72>>,
    o_valid: DFF<Bit>,
    o_addr: DFF<Bits<A>>,
    o_tag: DFF<Bits<16>>,
    o_data: DFF<Bits<72>>,
    wr_addr: Signal<Local, Bits<A>>,
    rd_addr: Signal<Local, Bits<A>>,
}

impl<const P: usize, const A: usize> Logic for SlotTable<P, A> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, w_valid, w_addr, w_data, r_valid, r_addr, r_tag, p1_valid, p1_addr,
            p1_tag, p2_valid, p2_addr, p2_tag, p2_data, o_valid, o_addr, o_tag, o_data
        );
        self.ram.read_clock.next = self.clock.val();
        self.ram.write_clock.next = self.clock.val();

        // E0: inputs registered; the address is {path, slot}
        self.wr_addr.next =
            (bit_cast::<A, P>(self.wr_path.val()) << 8) | bit_cast::<A, 8>(self.wr_slot.val());
        self.rd_addr.next =
            (bit_cast::<A, P>(self.rd_path.val()) << 8) | bit_cast::<A, 8>(self.rd_slot.val());
        self.w_valid.d.next = self.wr_valid.val();
        self.w_addr.d.next = self.wr_addr.val();
        self.w_data.d.next = self.wr_entry.val();
        self.r_valid.d.next = self.rd_valid.val();
        self.r_addr.d.next = self.rd_addr.val();
        self.r_tag.d.next = self.rd_tag.val();

        // E1: write; registered read
        self.ram.write_enable.next = self.w_valid.q.val();
        self.ram.write_address.next = self.w_addr.q.val();
        self.ram.write_data.next = self.w_data.q.val();
        self.ram.read_address.next = self.r_addr.q.val();
        self.p1_valid.d.next = self.r_valid.q.val();
        self.p1_addr.d.next = self.r_addr.q.val();
        self.p1_tag.d.next = self.r_tag.q.val();

        // E2: the RAM output register
        self.p2_valid.d.next = self.p1_valid.q.val();
        self.p2_addr.d.next = self.p1_addr.q.val();
        self.p2_tag.d.next = self.p1_tag.q.val();
        self.p2_data.d.next = self.ram.read_data.val();

        // E3: the result register (holds while no result)
        self.o_valid.d.next = self.p2_valid.q.val();
        if self.p2_valid.q.val() {
            self.o_addr.d.next = self.p2_addr.q.val();
            self.o_tag.d.next = self.p2_tag.q.val();
            self.o_data.d.next = self.p2_data.q.val();
        }
        self.res_valid.next = self.o_valid.q.val();
        self.res_entry.next = self.o_data.q.val();
        self.res_tag.next = self.o_tag.q.val();
        self.res_path.next = self.o_addr.q.val().get_bits::<P>(8);
        self.res_slot.next = self.o_addr.q.val().get_bits::<8>(0);
    }
}

/// Default: 16,384 paths x 256 slots (4 M entries, UltraRAM).
pub type SlotTableFull = SlotTable<SLOT_PATH_FULL, { SLOT_PATH_FULL + SLOT_BITS }>;
/// Tiny: 64 paths x 256 slots (block RAM).
pub type SlotTableTiny = SlotTable<SLOT_PATH_TINY, { SLOT_PATH_TINY + SLOT_BITS }>;
/// Mid: 8,192 paths x 256 slots (UltraRAM).
pub type SlotTableMid = SlotTable<13, { 13 + SLOT_BITS }>;
