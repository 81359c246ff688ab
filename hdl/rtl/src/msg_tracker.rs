//! Receiver message tracker (SPEC section 7, message completion and message
//! window): counts the payload bytes of every counted data packet toward
//! its message and releases completions in MSN order per stream.
//!
//! # Behaviour (normative; `braid_model::MsgTrackerModel` is the bit-
//! and cycle-exact reference)
//!
//! State, all in block RAM, per *index* = `connection << 2 | stream`
//! (`2^IB` indices: `msg_tracker` 4,096 = 1,024 connections x
//! `MAX_STREAMS`; `msg_tracker_tiny` 64 = 16 connections x `MAX_STREAMS`):
//! * head (`rx_msg_head` of braid-spec): `rx_msn`, and `busy`/`done`, two
//!   `MSG_WINDOW`-bit circular bitmaps over the MSN's low 5 bits, and
//!   `queued` (the index has an entry in the drain queue);
//! * per slot (index, MSN low 5 bits) (`rx_msg`): `remaining` bytes, and
//!   the completion info `msg_len`, `imm`, `kind`, `solicited`;
//! * the drain queue: a FIFO of (index, slot) in block RAM, one entry per
//!   index (4,096 deep; tiny 64).
//!
//! At power-up every RAM is zero (index heads at MSN 0, empty).
//!
//! Inputs are registered on each rising edge (E0); one operation per clock
//! (II = 1) enters the address stage, reads the RAMs at E1 and is applied in
//! the one-clock state loop, whose results are written at E2; an operation
//! directly behind one of the same index takes the state from forwarding
//! registers (the RAM read returned the old record), so there is no stall.
//! Outputs are registers written at E2 (3 rising edges after the input).
//!
//! Operations, by priority in the address stage:
//! 1. `init_valid` (`init_index`, `init_msn`): `rx_msn = init_msn`, all
//!    slots empty (`busy = done = 0`); `queued` is kept. A packet in the same
//!    clock is not applied: its result is `RES_DROPPED` (3).
//! 2. `pkt_valid`: a counted packet (`pkt_index`, `pkt_msn`, `pkt_msg_len`,
//!    `pkt_len` payload bytes, `pkt_kind` = opcode - 1, `pkt_imm`,
//!    `pkt_solicited`, opaque `pkt_tag`). With `j = msn mod 32`:
//!    * outside `[rx_msn, rx_msn + 32)` (serial): nothing changes; result
//!      `RES_OUTSIDE` (2), and `cnt_outside` counts it one edge later;
//!    * otherwise `remaining = (busy[j] ? remaining : msg_len) - len`, the
//!      slot's info is (re)written, and the message is complete when the
//!      bytes before this packet equal `len` (`remaining == len`, or
//!      `msg_len == len` for the first packet; a zero-length message
//!      completes with its one packet). Result `RES_COMPLETED` (1) or
//!      `RES_COUNTED` (0). A complete message at the head (`msn ==
//!      rx_msn`) is passed at once (see *passing*); one behind the head
//!      sets `done[j]` (and `busy[j]`) and waits.
//! 3. Otherwise, when the drain queue holds an entry (index, s) and
//!    `drain_hold` (registered like every input) is clear: pop it.
//!    If `s` is the head slot and `done[s]`: pass the head message, with
//!    the info read from the slot. Else if `done[rx_msn]` (a stale entry
//!    of an index restarted meanwhile): push (index, rx_msn low bits) again.
//!    Else clear `queued`.
//!
//! *Passing* the head message: `rx_msn += 1`, `busy`/`done` of its slot
//! cleared, `msg_done` pulses with `ev_index`, `ev_msn`, `ev_kind`,
//! `ev_byte_len` (= `msg_len`), `ev_imm`, `ev_solicited`, and `ev_valid`
//! is set unless the message is a WRITE (consumed silently). If the next
//! slot is already `done`, the index is pushed to the drain queue (by a
//! packet: only when not `queued` already, then `queued` is set; by the
//! drain: always, `queued` stays set); a drain that passes a message and
//! finds the next not done clears `queued`.
//!
//! Queue entries are written one edge after the push decision (E3) and can
//! be popped from the second clock after that (the FIFO's registered read).
//!
//! Why nothing is lost, duplicated or reordered: a message is passed only
//! at the head, once, in MSN order (`rx_msn` increments by one). An index
//! whose head slot is done always has exactly one queue entry or one
//! operation in flight (`queued`): it is set when a pass finds the next slot
//! done (the only way a done slot becomes the head is a pass; a message
//! completed at the head by a packet is passed at once), and cleared only by
//! a drain that finds the head not done. So the queue never holds more than
//! one entry per index and never overflows (it is as deep as there are
//! indices). Latency: the drain
//! uses every clock without input; with at least one idle clock in two (a
//! data frame spans two beats of a 64-byte datapath) it keeps pace with the
//! completions, and a message complete behind the head is passed within
//! two clocks per queue entry ahead of it; under a packet every clock the
//! drain waits.
//!
//! Logic depth: the window check compares the high 27 bits for equality
//! with `msn_hi` and `msn_hi - 1` (computed before the loop) instead of
//! subtracting; completion is an equality; adders are parallel-prefix.

use crate::prefix_add::PrefixAdd;
use rust_hdl::prelude::*;

/// Index bits of the exported full-size tracker (1,024 connections x 4
/// streams).
pub const MSG_INDEX_FULL: usize = 12;
/// Index bits of the exported tiny tracker (16 connections x 4 streams).
pub const MSG_INDEX_TINY: usize = 6;
/// Slot bits: log2 of braid-spec's `MSG_WINDOW`.
pub const MSG_SLOT_BITS: usize = braid_spec::state::MSG_SLOT_BITS as usize;
/// Slots per index (braid-spec's `MSG_WINDOW`).
pub const MSG_SLOTS: usize = braid_spec::state::MSG_WINDOW;
const HB: usize = 32 - MSG_SLOT_BITS;
// the shifts below are written for 5 slot bits
const _: () = assert!(MSG_SLOT_BITS == 5 && MSG_SLOTS == 32);

/// Result: counted toward its message.
pub const RES_COUNTED: u64 = 0;
/// Result: counted, and it completed its message.
pub const RES_COMPLETED: u64 = 1;
/// Result: outside the window; not counted.
pub const RES_OUTSIDE: u64 = 2;
/// Result: an init in the same clock; not applied.
pub const RES_DROPPED: u64 = 3;

/// The exported full-size tracker (`msg_tracker`).
pub type MsgTrackerFull =
    MsgTracker<MSG_INDEX_FULL, { MSG_INDEX_FULL + MSG_SLOT_BITS }, { MSG_INDEX_FULL + 1 }>;
/// The exported tiny tracker (`msg_tracker_tiny`).
pub type MsgTrackerTiny =
    MsgTracker<MSG_INDEX_TINY, { MSG_INDEX_TINY + MSG_SLOT_BITS }, { MSG_INDEX_TINY + 1 }>;
/// The exported mid tracker (`msg_tracker_mid`, 512 connections x `MAX_STREAMS`).
pub type MsgTrackerMid = MsgTracker<11, { 11 + MSG_SLOT_BITS }, 12>;

/// Receiver message tracker with `2^IB` indices; `AB` (slot-table address
/// bits) must be `IB + MSG_SLOT_BITS` and `PB` (queue pointer bits) `IB + 1`
/// (checked by [`MsgTracker::check_shape`]).
#[derive(LogicBlock, Default)]
pub struct MsgTracker<const IB: usize, const AB: usize, const PB: usize> {
    /// Engine clock.
    pub clock: Signal<In, Clock>,
    /// Restart an index.
    pub init_valid: Signal<In, Bit>,
    /// Its index.
    pub init_index: Signal<In, Bits<IB>>,
    /// Its first MSN.
    pub init_msn: Signal<In, Bits<32>>,
    /// A counted data packet.
    pub pkt_valid: Signal<In, Bit>,
    /// connection << 2 | stream.
    pub pkt_index: Signal<In, Bits<IB>>,
    /// MSN.
    pub pkt_msn: Signal<In, Bits<32>>,
    /// Message length.
    pub pkt_msg_len: Signal<In, Bits<32>>,
    /// Payload bytes.
    pub pkt_len: Signal<In, Bits<16>>,
    /// Opcode - 1 (0 WRITE, 1 WRITE_IMM, 2 SEND, 3 SEND_IMM).
    pub pkt_kind: Signal<In, Bits<2>>,
    /// Immediate.
    pub pkt_imm: Signal<In, Bits<32>>,
    /// SOLICITED.
    pub pkt_solicited: Signal<In, Bit>,
    /// Opaque tag returned with the result.
    pub pkt_tag: Signal<In, Bits<16>>,
    /// Hold the drain: no queue entry is popped while it is set (the
    /// consumer of `ev_*` has no room; packets still apply).
    pub drain_hold: Signal<In, Bit>,
    /// A packet's result.
    pub res_valid: Signal<Out, Bit>,
    /// `RES_*`.
    pub res_code: Signal<Out, Bits<2>>,
    /// The packet's tag.
    pub res_tag: Signal<Out, Bits<16>>,
    /// The head passed a message (the `ev_*` fields describe it).
    pub msg_done: Signal<Out, Bit>,
    /// A completion event (the passed message is not a WRITE).
    pub ev_valid: Signal<Out, Bit>,
    /// Index.
    pub ev_index: Signal<Out, Bits<IB>>,
    /// MSN.
    pub ev_msn: Signal<Out, Bits<32>>,
    /// Opcode - 1.
    pub ev_kind: Signal<Out, Bits<2>>,
    /// Message length.
    pub ev_byte_len: Signal<Out, Bits<32>>,
    /// Immediate.
    pub ev_imm: Signal<Out, Bits<32>>,
    /// SOLICITED.
    pub ev_solicited: Signal<Out, Bit>,
    /// Packets outside the window (wrapping).
    pub cnt_outside: Signal<Out, Bits<32>>,
    // ---- RAMs
    h_rx: RAM<Bits<32>, IB>,
    h_busy: RAM<Bits<MSG_SLOTS>, IB>,
    h_done: RAM<Bits<MSG_SLOTS>, IB>,
    h_queued: RAM<Bit, IB>,
    s_rem: RAM<Bits<32>, AB>,
    s_len: RAM<Bits<32>, AB>,
    s_imm: RAM<Bits<32>, AB>,
    s_kind: RAM<Bits<2>, AB>,
    s_sol: RAM<Bit, AB>,
    fifo: RAM<Bits<AB>, IB>,
    rp: DFF<Bits<PB>>,
    wp: DFF<Bits<PB>>,
    wp_prev: DFF<Bits<PB>>,
    // ---- E0: inputs
    i_init: DFF<Bit>,
    i_init_index: DFF<Bits<IB>>,
    i_init_msn: DFF<Bits<32>>,
    i_pkt: DFF<Bit>,
    i_index: DFF<Bits<IB>>,
    i_msn: DFF<Bits<32>>,
    i_msg_len: DFF<Bits<32>>,
    i_len: DFF<Bits<16>>,
    i_kind: DFF<Bits<2>>,
    i_imm: DFF<Bits<32>>,
    i_sol: DFF<Bit>,
    i_tag: DFF<Bits<16>>,
    i_hold: DFF<Bit>,
    // ---- address stage
    a_is_init: Signal<Local, Bit>,
    a_is_pkt: Signal<Local, Bit>,
    a_is_drain: Signal<Local, Bit>,
    a_index: Signal<Local, Bits<IB>>,
    a_slot: Signal<Local, Bits<MSG_SLOT_BITS>>,
    a_addr: Signal<Local, Bits<AB>>,
    a_rp_next: Signal<Local, Bits<PB>>,
    add_arem: PrefixAdd<32>,
    add_hi_m1: PrefixAdd<HB>,
    // ---- E1: state-loop stage
    p_valid: DFF<Bit>,
    p_is_init: DFF<Bit>,
    p_is_pkt: DFF<Bit>,
    p_is_drain: DFF<Bit>,
    p_dropped: DFF<Bit>,
    p_index: DFF<Bits<IB>>,
    p_slot: DFF<Bits<MSG_SLOT_BITS>>,
    p_oh: DFF<Bits<MSG_SLOTS>>,
    p_msn: DFF<Bits<32>>,
    p_msn_hi: DFF<Bits<HB>>,
    p_msn_hi_m1: DFF<Bits<HB>>,
    p_msg_len: DFF<Bits<32>>,
    p_len: DFF<Bits<16>>,
    p_kind: DFF<Bits<2>>,
    p_imm: DFF<Bits<32>>,
    p_sol: DFF<Bit>,
    p_tag: DFF<Bits<16>>,
    p_arem: DFF<Bits<32>>,
    p_len_eq: DFF<Bit>,
    p_hit_head: DFF<Bit>,
    p_hit_rem: DFF<Bit>,
    // forwarding registers (the previous operation's results)
    f_rx: DFF<Bits<32>>,
    f_busy: DFF<Bits<MSG_SLOTS>>,
    f_done: DFF<Bits<MSG_SLOTS>>,
    f_queued: DFF<Bit>,
    f_rem: DFF<Bits<32>>,
    // state loop
    l_rx: Signal<Local, Bits<32>>,
    l_busy: Signal<Local, Bits<MSG_SLOTS>>,
    l_done: Signal<Local, Bits<MSG_SLOTS>>,
    l_queued: Signal<Local, Bit>,
    l_rem: Signal<Local, Bits<32>>,
    l_rlo: Signal<Local, Bits<MSG_SLOT_BITS>>,
    l_rlo1: Signal<Local, Bits<MSG_SLOT_BITS>>,
    l_ge: Signal<Local, Bit>,
    l_in_win: Signal<Local, Bit>,
    l_busy_j: Signal<Local, Bit>,
    l_bj_f: Signal<Local, Bit>,
    l_bj_r: Signal<Local, Bit>,
    l_at_msn: Signal<Local, Bit>,
    l_eq_f: Signal<Local, Bit>,
    l_eq_r: Signal<Local, Bit>,
    l_eq: Signal<Local, Bit>,
    l_done_s: Signal<Local, Bit>,
    l_complete: Signal<Local, Bit>,
    l_rem_new: Signal<Local, Bits<32>>,
    l_at_head: Signal<Local, Bit>,
    l_emit_pkt: Signal<Local, Bit>,
    l_emit_drain: Signal<Local, Bit>,
    l_emit: Signal<Local, Bit>,
    l_next_done: Signal<Local, Bit>,
    l_head_done: Signal<Local, Bit>,
    l_push: Signal<Local, Bit>,
    b_rx: Signal<Local, Bits<32>>,
    b_busy: Signal<Local, Bits<MSG_SLOTS>>,
    b_done: Signal<Local, Bits<MSG_SLOTS>>,
    n_rx: Signal<Local, Bits<32>>,
    n_busy: Signal<Local, Bits<MSG_SLOTS>>,
    n_done: Signal<Local, Bits<MSG_SLOTS>>,
    n_queued: Signal<Local, Bit>,
    add_rem_f: PrefixAdd<32>,
    add_rem_r: PrefixAdd<32>,
    add_rx_f: PrefixAdd<32>,
    add_rx_r: PrefixAdd<32>,
    // ---- E2: outputs and the push
    q_push: DFF<Bit>,
    q_entry: DFF<Bits<AB>>,
    o_res_valid: DFF<Bit>,
    o_res_code: DFF<Bits<2>>,
    o_res_tag: DFF<Bits<16>>,
    o_done: DFF<Bit>,
    o_ev_valid: DFF<Bit>,
    o_ev_index: DFF<Bits<IB>>,
    o_ev_msn: DFF<Bits<32>>,
    o_ev_kind: DFF<Bits<2>>,
    o_ev_len: DFF<Bits<32>>,
    o_ev_imm: DFF<Bits<32>>,
    o_ev_sol: DFF<Bit>,
    o_cnt: DFF<Bits<32>>,
    add_cnt: PrefixAdd<32>,
}

impl<const IB: usize, const AB: usize, const PB: usize> MsgTracker<IB, AB, PB> {
    /// Panics unless `AB` and `PB` follow from `IB` (Rust cannot derive
    /// them in the type); the engine top calls it on construction.
    pub fn check_shape() {
        assert!(
            AB == IB + MSG_SLOT_BITS && PB == IB + 1,
            "MsgTracker<{IB}, {AB}, {PB}>: AB must be IB + {MSG_SLOT_BITS} and PB must be IB + 1"
        );
    }
}

impl<const IB: usize, const AB: usize, const PB: usize> Logic for MsgTracker<IB, AB, PB> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            clock,
            rp,
            wp,
            wp_prev,
            i_init,
            i_init_index,
            i_init_msn,
            i_pkt,
            i_index,
            i_msn,
            i_msg_len,
            i_len,
            i_kind,
            i_imm,
            i_sol,
            i_tag,
            i_hold,
            p_valid,
            p_is_init,
            p_is_pkt,
            p_is_drain,
            p_dropped,
            p_index,
            p_slot,
            p_oh,
            p_msn,
            p_msn_hi,
            p_msn_hi_m1,
            p_msg_len,
            p_len,
            p_kind,
            p_imm,
            p_sol,
            p_tag,
            p_arem,
            p_len_eq,
            p_hit_head,
            p_hit_rem,
            f_rx,
            f_busy,
            f_done,
            f_queued,
            f_rem,
            q_push,
            q_entry,
            o_res_valid,
            o_res_code,
            o_res_tag,
            o_done,
            o_ev_valid,
            o_ev_index,
            o_ev_msn,
            o_ev_kind,
            o_ev_len,
            o_ev_imm,
            o_ev_sol,
            o_cnt
        );
        self.h_rx.read_clock.next = self.clock.val();
        self.h_rx.write_clock.next = self.clock.val();
        self.h_busy.read_clock.next = self.clock.val();
        self.h_busy.write_clock.next = self.clock.val();
        self.h_done.read_clock.next = self.clock.val();
        self.h_done.write_clock.next = self.clock.val();
        self.h_queued.read_clock.next = self.clock.val();
        self.h_queued.write_clock.next = self.clock.val();
        self.s_rem.read_clock.next = self.clock.val();
        self.s_rem.write_clock.next = self.clock.val();
        self.s_len.read_clock.next = self.clock.val();
        self.s_len.write_clock.next = self.clock.val();
        self.s_imm.read_clock.next = self.clock.val();
        self.s_imm.write_clock.next = self.clock.val();
        self.s_kind.read_clock.next = self.clock.val();
        self.s_kind.write_clock.next = self.clock.val();
        self.s_sol.read_clock.next = self.clock.val();
        self.s_sol.write_clock.next = self.clock.val();
        self.fifo.read_clock.next = self.clock.val();
        self.fifo.write_clock.next = self.clock.val();

        // ---- E0: register the inputs
        self.i_init.d.next = self.init_valid.val();
        self.i_init_index.d.next = self.init_index.val();
        self.i_init_msn.d.next = self.init_msn.val();
        self.i_pkt.d.next = self.pkt_valid.val();
        self.i_index.d.next = self.pkt_index.val();
        self.i_msn.d.next = self.pkt_msn.val();
        self.i_msg_len.d.next = self.pkt_msg_len.val();
        self.i_len.d.next = self.pkt_len.val();
        self.i_kind.d.next = self.pkt_kind.val();
        self.i_imm.d.next = self.pkt_imm.val();
        self.i_sol.d.next = self.pkt_solicited.val();
        self.i_tag.d.next = self.pkt_tag.val();
        self.i_hold.d.next = self.drain_hold.val();

        // ---- address stage: pick the operation, read the RAMs
        self.a_is_init.next = self.i_init.q.val();
        self.a_is_pkt.next = !self.i_init.q.val() & self.i_pkt.q.val();
        self.a_is_drain.next = !self.i_init.q.val()
            & !self.i_pkt.q.val()
            & !self.i_hold.q.val()
            & (self.rp.q.val() != self.wp_prev.q.val());
        if self.i_init.q.val() {
            self.a_index.next = self.i_init_index.q.val();
            self.a_slot.next = self.i_msn.q.val().get_bits::<MSG_SLOT_BITS>(0);
        } else if self.i_pkt.q.val() {
            self.a_index.next = self.i_index.q.val();
            self.a_slot.next = self.i_msn.q.val().get_bits::<MSG_SLOT_BITS>(0);
        } else {
            self.a_index.next = self.fifo.read_data.val().get_bits::<IB>(5);
            self.a_slot.next = self.fifo.read_data.val().get_bits::<MSG_SLOT_BITS>(0);
        }
        self.a_addr.next = (bit_cast::<AB, IB>(self.a_index.val()) << 5)
            | bit_cast::<AB, MSG_SLOT_BITS>(self.a_slot.val());
        self.a_rp_next.next = self.rp.q.val();
        if self.a_is_drain.val() {
            self.a_rp_next.next = self.rp.q.val() + bits::<PB>(1);
        }
        self.rp.d.next = self.a_rp_next.val();
        self.fifo.read_address.next = self.a_rp_next.val().get_bits::<IB>(0);

        self.h_rx.read_address.next = self.a_index.val();
        self.h_busy.read_address.next = self.a_index.val();
        self.h_done.read_address.next = self.a_index.val();
        self.h_queued.read_address.next = self.a_index.val();
        self.s_rem.read_address.next = self.a_addr.val();
        self.s_len.read_address.next = self.a_addr.val();
        self.s_imm.read_address.next = self.a_addr.val();
        self.s_kind.read_address.next = self.a_addr.val();
        self.s_sol.read_address.next = self.a_addr.val();

        // work that depends on the packet alone
        self.add_arem.a.next = self.i_msg_len.q.val();
        self.add_arem.b.next = !bit_cast::<32, 16>(self.i_len.q.val());
        self.add_arem.cin.next = true;
        self.add_hi_m1.a.next = self.i_msn.q.val().get_bits::<HB>(5);
        self.add_hi_m1.b.next = !bits::<HB>(0);
        self.add_hi_m1.cin.next = false;

        self.p_valid.d.next = self.a_is_init.val() | self.a_is_pkt.val() | self.a_is_drain.val();
        self.p_is_init.d.next = self.a_is_init.val();
        self.p_is_pkt.d.next = self.a_is_pkt.val();
        self.p_is_drain.d.next = self.a_is_drain.val();
        self.p_dropped.d.next = self.i_init.q.val() & self.i_pkt.q.val();
        self.p_index.d.next = self.a_index.val();
        self.p_slot.d.next = self.a_slot.val();
        self.p_oh.d.next = bits::<MSG_SLOTS>(1) << self.a_slot.val();
        self.p_msn.d.next = self.i_msn.q.val();
        if self.i_init.q.val() {
            self.p_msn.d.next = self.i_init_msn.q.val();
        }
        self.p_msn_hi.d.next = self.i_msn.q.val().get_bits::<HB>(5);
        self.p_msn_hi_m1.d.next = self.add_hi_m1.sum.val();
        self.p_msg_len.d.next = self.i_msg_len.q.val();
        self.p_len.d.next = self.i_len.q.val();
        self.p_kind.d.next = self.i_kind.q.val();
        self.p_imm.d.next = self.i_imm.q.val();
        self.p_sol.d.next = self.i_sol.q.val();
        self.p_tag.d.next = self.i_tag.q.val();
        self.p_arem.d.next = self.add_arem.sum.val();
        self.p_len_eq.d.next = self.i_msg_len.q.val() == bit_cast::<32, 16>(self.i_len.q.val());
        self.p_hit_head.d.next =
            self.p_valid.q.val() & (self.p_index.q.val() == self.a_index.val());
        self.p_hit_rem.d.next = self.p_is_pkt.q.val()
            & self.a_is_pkt.val()
            & (self.p_index.q.val() == self.a_index.val())
            & (self.p_slot.q.val() == self.a_slot.val());

        // ---- state loop
        if self.p_hit_head.q.val() {
            self.l_rx.next = self.f_rx.q.val();
            self.l_busy.next = self.f_busy.q.val();
            self.l_done.next = self.f_done.q.val();
            self.l_queued.next = self.f_queued.q.val();
        } else {
            self.l_rx.next = self.h_rx.read_data.val();
            self.l_busy.next = self.h_busy.read_data.val();
            self.l_done.next = self.h_done.read_data.val();
            self.l_queued.next = self.h_queued.read_data.val();
        }
        if self.p_hit_rem.q.val() {
            self.l_rem.next = self.f_rem.q.val();
        } else {
            self.l_rem.next = self.s_rem.read_data.val();
        }
        self.l_rlo.next = self.l_rx.val().get_bits::<MSG_SLOT_BITS>(0);
        self.l_ge.next = self.p_slot.q.val() >= self.l_rlo.val();
        self.l_in_win.next = ((self.p_msn_hi.q.val() == self.l_rx.val().get_bits::<HB>(5))
            & self.l_ge.val())
            | ((self.p_msn_hi_m1.q.val() == self.l_rx.val().get_bits::<HB>(5)) & !self.l_ge.val());
        // the deep terms are computed for both sources (forwarding registers,
        // RAM read data) and selected last
        self.l_bj_f.next = self.f_busy.q.val().get_bit(self.p_slot.q.val().index());
        self.l_bj_r.next = self
            .h_busy
            .read_data
            .val()
            .get_bit(self.p_slot.q.val().index());
        if self.p_hit_head.q.val() {
            self.l_busy_j.next = self.l_bj_f.val();
            self.l_at_msn.next = self.p_msn.q.val() == self.f_rx.q.val();
        } else {
            self.l_busy_j.next = self.l_bj_r.val();
            self.l_at_msn.next = self.p_msn.q.val() == self.h_rx.read_data.val();
        }
        self.l_eq_f.next = self.f_rem.q.val() == bit_cast::<32, 16>(self.p_len.q.val());
        self.l_eq_r.next = self.s_rem.read_data.val() == bit_cast::<32, 16>(self.p_len.q.val());
        if self.p_hit_rem.q.val() {
            self.l_eq.next = self.l_eq_f.val();
        } else {
            self.l_eq.next = self.l_eq_r.val();
        }
        self.l_done_s.next = self.l_done.val().get_bit(self.p_slot.q.val().index());
        if self.l_busy_j.val() {
            self.l_complete.next = self.l_eq.val();
        } else {
            self.l_complete.next = self.p_len_eq.q.val();
        }
        // both candidates of the remaining count, subtracted before the select
        self.add_rem_f.a.next = self.f_rem.q.val();
        self.add_rem_f.b.next = !bit_cast::<32, 16>(self.p_len.q.val());
        self.add_rem_f.cin.next = true;
        self.add_rem_r.a.next = self.s_rem.read_data.val();
        self.add_rem_r.b.next = !bit_cast::<32, 16>(self.p_len.q.val());
        self.add_rem_r.cin.next = true;
        if self.l_busy_j.val() {
            if self.p_hit_rem.q.val() {
                self.l_rem_new.next = self.add_rem_f.sum.val();
            } else {
                self.l_rem_new.next = self.add_rem_r.sum.val();
            }
        } else {
            self.l_rem_new.next = self.p_arem.q.val();
        }
        self.l_at_head.next = self.p_slot.q.val() == self.l_rlo.val();
        // in the window and at the head slot is msn == rx_msn
        self.l_emit_pkt.next = self.p_is_pkt.q.val() & self.l_at_msn.val() & self.l_complete.val();
        self.l_emit_drain.next =
            self.p_is_drain.q.val() & self.l_at_head.val() & self.l_done_s.val();
        self.l_emit.next = self.l_emit_pkt.val() | self.l_emit_drain.val();
        self.l_rlo1.next = self.l_rlo.val() + bits::<MSG_SLOT_BITS>(1);
        self.l_next_done.next = self.l_done.val().get_bit(self.l_rlo1.val().index());
        self.l_head_done.next = self.l_done.val().get_bit(self.l_rlo.val().index());
        self.add_rx_f.a.next = self.f_rx.q.val();
        self.add_rx_f.b.next = bits::<32>(0);
        self.add_rx_f.cin.next = true;
        self.add_rx_r.a.next = self.h_rx.read_data.val();
        self.add_rx_r.b.next = bits::<32>(0);
        self.add_rx_r.cin.next = true;

        self.l_push.next = (self.l_emit_pkt.val() & self.l_next_done.val() & !self.l_queued.val())
            | (self.l_emit_drain.val() & self.l_next_done.val())
            | (self.p_is_drain.q.val() & !self.l_emit_drain.val() & self.l_head_done.val());

        // the state without a pass (an init, or a packet counted behind the
        // head), then the pass selected last
        self.b_rx.next = self.l_rx.val();
        self.b_busy.next = self.l_busy.val();
        self.b_done.next = self.l_done.val();
        if self.p_is_init.q.val() {
            self.b_rx.next = self.p_msn.q.val();
            self.b_busy.next = bits::<MSG_SLOTS>(0);
            self.b_done.next = bits::<MSG_SLOTS>(0);
        } else if self.p_is_pkt.q.val() & self.l_in_win.val() {
            self.b_busy.next = self.l_busy.val() | self.p_oh.q.val();
            if self.l_complete.val() {
                self.b_done.next = self.l_done.val() | self.p_oh.q.val();
            }
        }
        if self.l_emit.val() {
            if self.p_hit_head.q.val() {
                self.n_rx.next = self.add_rx_f.sum.val();
            } else {
                self.n_rx.next = self.add_rx_r.sum.val();
            }
            self.n_busy.next = self.l_busy.val() & !self.p_oh.q.val();
            self.n_done.next = self.l_done.val() & !self.p_oh.q.val();
        } else {
            self.n_rx.next = self.b_rx.val();
            self.n_busy.next = self.b_busy.val();
            self.n_done.next = self.b_done.val();
        }
        self.n_queued.next = self.l_queued.val();
        if self.p_is_pkt.q.val() {
            self.n_queued.next =
                self.l_queued.val() | (self.l_emit_pkt.val() & self.l_next_done.val());
        }
        if self.p_is_drain.q.val() {
            self.n_queued.next = self.l_push.val();
        }

        // writes of the loop
        self.h_rx.write_address.next = self.p_index.q.val();
        self.h_busy.write_address.next = self.p_index.q.val();
        self.h_done.write_address.next = self.p_index.q.val();
        self.h_queued.write_address.next = self.p_index.q.val();
        self.h_rx.write_enable.next = self.p_valid.q.val();
        self.h_busy.write_enable.next = self.p_valid.q.val();
        self.h_done.write_enable.next = self.p_valid.q.val();
        self.h_queued.write_enable.next = self.p_valid.q.val();
        self.h_rx.write_data.next = self.n_rx.val();
        self.h_busy.write_data.next = self.n_busy.val();
        self.h_done.write_data.next = self.n_done.val();
        self.h_queued.write_data.next = self.n_queued.val();
        self.f_rx.d.next = self.n_rx.val();
        self.f_busy.d.next = self.n_busy.val();
        self.f_done.d.next = self.n_done.val();
        self.f_queued.d.next = self.n_queued.val();

        self.s_rem.write_address.next = (bit_cast::<AB, IB>(self.p_index.q.val()) << 5)
            | bit_cast::<AB, MSG_SLOT_BITS>(self.p_slot.q.val());
        self.s_len.write_address.next = self.s_rem.write_address.val();
        self.s_imm.write_address.next = self.s_rem.write_address.val();
        self.s_kind.write_address.next = self.s_rem.write_address.val();
        self.s_sol.write_address.next = self.s_rem.write_address.val();
        self.s_rem.write_enable.next = self.p_is_pkt.q.val() & self.l_in_win.val();
        self.s_len.write_enable.next = self.p_is_pkt.q.val() & self.l_in_win.val();
        self.s_imm.write_enable.next = self.p_is_pkt.q.val() & self.l_in_win.val();
        self.s_kind.write_enable.next = self.p_is_pkt.q.val() & self.l_in_win.val();
        self.s_sol.write_enable.next = self.p_is_pkt.q.val() & self.l_in_win.val();
        self.s_rem.write_data.next = self.l_rem_new.val();
        self.s_len.write_data.next = self.p_msg_len.q.val();
        self.s_imm.write_data.next = self.p_imm.q.val();
        self.s_kind.write_data.next = self.p_kind.q.val();
        self.s_sol.write_data.next = self.p_sol.q.val();
        if self.l_in_win.val() {
            self.f_rem.d.next = self.l_rem_new.val();
        } else {
            self.f_rem.d.next = self.l_rem.val();
        }

        // ---- E2: the push, the outputs
        self.q_push.d.next = self.p_valid.q.val() & self.l_push.val();
        self.q_entry.d.next = (bit_cast::<AB, IB>(self.p_index.q.val()) << 5)
            | bit_cast::<AB, MSG_SLOT_BITS>(self.n_rx.val().get_bits::<MSG_SLOT_BITS>(0));
        self.fifo.write_address.next = self.wp.q.val().get_bits::<IB>(0);
        self.fifo.write_data.next = self.q_entry.q.val();
        self.fifo.write_enable.next = self.q_push.q.val();
        self.wp_prev.d.next = self.wp.q.val();
        self.wp.d.next = self.wp.q.val();
        if self.q_push.q.val() {
            self.wp.d.next = self.wp.q.val() + bits::<PB>(1);
        }

        self.o_res_valid.d.next = self.p_is_pkt.q.val() | self.p_dropped.q.val();
        self.o_res_tag.d.next = self.p_tag.q.val();
        if self.p_dropped.q.val() {
            self.o_res_code.d.next = bits::<2>(3);
        } else if !self.l_in_win.val() {
            self.o_res_code.d.next = bits::<2>(2);
        } else if self.l_complete.val() {
            self.o_res_code.d.next = bits::<2>(1);
        } else {
            self.o_res_code.d.next = bits::<2>(0);
        }
        self.o_done.d.next = self.l_emit.val();
        self.o_ev_index.d.next = self.o_ev_index.q.val();
        self.o_ev_msn.d.next = self.o_ev_msn.q.val();
        self.o_ev_kind.d.next = self.o_ev_kind.q.val();
        self.o_ev_len.d.next = self.o_ev_len.q.val();
        self.o_ev_imm.d.next = self.o_ev_imm.q.val();
        self.o_ev_sol.d.next = self.o_ev_sol.q.val();
        self.o_ev_valid.d.next = false;
        if self.l_emit_pkt.val() {
            self.o_ev_kind.d.next = self.p_kind.q.val();
            self.o_ev_len.d.next = self.p_msg_len.q.val();
            self.o_ev_imm.d.next = self.p_imm.q.val();
            self.o_ev_sol.d.next = self.p_sol.q.val();
            self.o_ev_valid.d.next = self.p_kind.q.val() != bits::<2>(0);
        }
        if self.l_emit_drain.val() {
            self.o_ev_kind.d.next = self.s_kind.read_data.val();
            self.o_ev_len.d.next = self.s_len.read_data.val();
            self.o_ev_imm.d.next = self.s_imm.read_data.val();
            self.o_ev_sol.d.next = self.s_sol.read_data.val();
            self.o_ev_valid.d.next = self.s_kind.read_data.val() != bits::<2>(0);
        }
        if self.l_emit.val() {
            self.o_ev_index.d.next = self.p_index.q.val();
            self.o_ev_msn.d.next = self.l_rx.val();
        }
        self.add_cnt.a.next = self.o_cnt.q.val();
        self.add_cnt.b.next = bits::<32>(0);
        self.add_cnt.cin.next =
            self.o_res_valid.q.val() & (self.o_res_code.q.val() == bits::<2>(2));
        self.o_cnt.d.next = self.add_cnt.sum.val();

        self.res_valid.next = self.o_res_valid.q.val();
        self.res_code.next = self.o_res_code.q.val();
        self.res_tag.next = self.o_res_tag.q.val();
        self.msg_done.next = self.o_done.q.val();
        self.ev_valid.next = self.o_ev_valid.q.val();
        self.ev_index.next = self.o_ev_index.q.val();
        self.ev_msn.next = self.o_ev_msn.q.val();
        self.ev_kind.next = self.o_ev_kind.q.val();
        self.ev_byte_len.next = self.o_ev_len.q.val();
        self.ev_imm.next = self.o_ev_imm.q.val();
        self.ev_solicited.next = self.o_ev_sol.q.val();
        self.cnt_outside.next = self.o_cnt.q.val();
    }
}
