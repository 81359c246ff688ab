//! Receive-side memory-region table and placement check (SPEC section 7,
//! WRITE checks 3 to 6): before a WRITE packet's payload may be written to
//! host memory, its rkey must name a valid region of the connection's
//! protection domain that allows remote write and holds
//! `[va, va + payload_len)`.
//!
//! # Behaviour (normative; `braid_model::MrCheckModel` is the bit- and
//! cycle-exact reference)
//!
//! The table has 4,096 entries in block RAM, indexed by `rkey[19:8]` (the
//! driver's keys hold the slot in bits 19:8 and a random tag in the other
//! 20 bits); an entry holds `valid`, the full
//! 32-bit `key`, the 16-bit `pd`, the 3 `access` bits (bit 1 = remote
//! write) and the region's `base` and `end` (exclusive) device addresses.
//! At power-up every entry is invalid.
//!
//! Every input is registered on each rising edge (II = 1: one write and one
//! check per clock). Call the edge that registers an input E0.
//!
//! * Write port: `wr_valid` with `wr_index` and the entry fields. The entry
//!   is written at E1. A check registered at the same E0 still sees the old
//!   entry; one registered at E1 or later sees the new one.
//! * Check: `req_valid` with `req_rkey`, `req_pd`, `req_va`, `req_len`
//!   (payload bytes), `req_need_write`, `req_local` and an opaque `req_tag`. The entry is
//!   read at E1, compared at E2, and the result shows on the outputs after
//!   E3: `res_valid`, `res_tag`, `res_va` (the DMA address: the region's
//!   device address space is the VA space) and `res_reason`, the first
//!   failing check in SPEC order, as a NACK reason code:
//!   * 0x02 `INVALID_RKEY`: the entry is invalid or its key differs;
//!   * 0x05 `PD_MISMATCH`: the entry's `pd` differs from `req_pd`;
//!   * 0x03 `ACCESS_VIOLATION`: `req_need_write` and the access bit it
//!     needs clear: bit 1 (REMOTE_WRITE) for a WRITE, bit 0 (LOCAL_WRITE)
//!     with `req_local` (a SEND placed in a posted receive buffer, checked
//!     with the buffer's lkey: keys name one region for both uses);
//!   * 0x04 `OUT_OF_BOUNDS`: not `base <= va` and `va + len <= end`, or
//!     `va` or `va + len` at or above 2^63 (device addresses are 63-bit);
//!   * 0 and `res_ok`: the write may go ahead.
//!
//! Outputs are registers; with no check in flight `res_valid` is 0 and the
//! other outputs hold their last values.
//!
//! Logic depth: the address comparisons are 64-bit subtractions in
//! logarithmic-depth adders, registered before the reason is encoded.

use crate::prefix_add::PrefixAdd;
use rust_hdl::prelude::*;

/// Table index bits (4,096 regions).
pub const MR_INDEX_BITS: usize = 12;

/// Memory-region table with the WRITE placement check.
#[derive(LogicBlock, Default)]
pub struct MrCheck {
    /// Engine clock.
    pub clock: Signal<In, Clock>,
    /// Write an entry.
    pub wr_valid: Signal<In, Bit>,
    /// Entry index (`key >> 8`).
    pub wr_index: Signal<In, Bits<MR_INDEX_BITS>>,
    /// The entry is a valid region (0: deregistered).
    pub wr_entry_valid: Signal<In, Bit>,
    /// Region key.
    pub wr_key: Signal<In, Bits<32>>,
    /// Protection domain.
    pub wr_pd: Signal<In, Bits<16>>,
    /// Access bits (bit 0 local write, bit 1 remote write, bit 2 remote read).
    pub wr_access: Signal<In, Bits<3>>,
    /// First byte (device address).
    pub wr_base: Signal<In, Bits<64>>,
    /// One past the last byte.
    pub wr_end: Signal<In, Bits<64>>,
    /// Check a packet.
    pub req_valid: Signal<In, Bit>,
    /// Its rkey.
    pub req_rkey: Signal<In, Bits<32>>,
    /// Its connection's protection domain.
    pub req_pd: Signal<In, Bits<16>>,
    /// Address of its payload.
    pub req_va: Signal<In, Bits<64>>,
    /// Payload bytes.
    pub req_len: Signal<In, Bits<16>>,
    /// Write access is needed.
    pub req_need_write: Signal<In, Bit>,
    /// The write is local (LOCAL_WRITE, access bit 0), else remote (bit 1).
    pub req_local: Signal<In, Bit>,
    /// Opaque tag returned with the result.
    pub req_tag: Signal<In, Bits<16>>,
    /// A result.
    pub res_valid: Signal<Out, Bit>,
    /// The write may go ahead.
    pub res_ok: Signal<Out, Bit>,
    /// NACK reason (0 when ok).
    pub res_reason: Signal<Out, Bits<8>>,
    /// DMA address (the request's `va`).
    pub res_va: Signal<Out, Bits<64>>,
    /// The request's tag.
    pub res_tag: Signal<Out, Bits<16>>,
    // tables
    t_valid: RAM<Bit, MR_INDEX_BITS>,
    t_key: RAM<Bits<32>, MR_INDEX_BITS>,
    t_pd: RAM<Bits<16>, MR_INDEX_BITS>,
    t_access: RAM<Bits<3>, MR_INDEX_BITS>,
    t_base: RAM<Bits<64>, MR_INDEX_BITS>,
    t_end: RAM<Bits<64>, MR_INDEX_BITS>,
    // E0: input registers
    i_wr: DFF<Bit>,
    i_wr_index: DFF<Bits<MR_INDEX_BITS>>,
    i_wr_entry_valid: DFF<Bit>,
    i_wr_key: DFF<Bits<32>>,
    i_wr_pd: DFF<Bits<16>>,
    i_wr_access: DFF<Bits<3>>,
    i_wr_base: DFF<Bits<64>>,
    i_wr_end: DFF<Bits<64>>,
    i_req: DFF<Bit>,
    i_rkey: DFF<Bits<32>>,
    i_pd: DFF<Bits<16>>,
    i_va: DFF<Bits<64>>,
    i_len: DFF<Bits<16>>,
    i_need: DFF<Bit>,
    i_local: DFF<Bit>,
    i_tag: DFF<Bits<16>>,
    // E1: table read in flight
    p1_req: DFF<Bit>,
    p1_rkey: DFF<Bits<32>>,
    p1_pd: DFF<Bits<16>>,
    p1_va: DFF<Bits<64>>,
    p1_va_end: DFF<Bits<64>>,
    p1_need: DFF<Bit>,
    p1_local: DFF<Bit>,
    p1_tag: DFF<Bits<16>>,
    add_end: PrefixAdd<64>,
    // E2: comparisons
    p2_req: DFF<Bit>,
    p2_key_ok: DFF<Bit>,
    p2_pd_ok: DFF<Bit>,
    p2_acc_ok: DFF<Bit>,
    p2_bounds_ok: DFF<Bit>,
    p2_va: DFF<Bits<64>>,
    p2_tag: DFF<Bits<16>>,
    add_lo: PrefixAdd<64>,
    add_hi: PrefixAdd<64>,
    // E3: outputs
    r_valid: DFF<Bit>,
    r_ok: DFF<Bit>,
    r_reason: DFF<Bits<8>>,
    r_va: DFF<Bits<64>>,
    r_tag: DFF<Bits<16>>,
}

impl Logic for MrCheck {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            clock,
            i_wr,
            i_wr_index,
            i_wr_entry_valid,
            i_wr_key,
            i_wr_pd,
            i_wr_access,
            i_wr_base,
            i_wr_end,
            i_req,
            i_rkey,
            i_pd,
            i_va,
            i_len,
            i_need,
            i_local,
            i_tag,
            p1_req,
            p1_rkey,
            p1_pd,
            p1_va,
            p1_va_end,
            p1_need,
            p1_local,
            p1_tag,
            p2_req,
            p2_key_ok,
            p2_pd_ok,
            p2_acc_ok,
            p2_bounds_ok,
            p2_va,
            p2_tag,
            r_valid,
            r_ok,
            r_reason,
            r_va,
            r_tag
        );
        // E0: register the inputs
        self.i_wr.d.next = self.wr_valid.val();
        self.i_wr_index.d.next = self.wr_index.val();
        self.i_wr_entry_valid.d.next = self.wr_entry_valid.val();
        self.i_wr_key.d.next = self.wr_key.val();
        self.i_wr_pd.d.next = self.wr_pd.val();
        self.i_wr_access.d.next = self.wr_access.val();
        self.i_wr_base.d.next = self.wr_base.val();
        self.i_wr_end.d.next = self.wr_end.val();
        self.i_req.d.next = self.req_valid.val();
        self.i_rkey.d.next = self.req_rkey.val();
        self.i_pd.d.next = self.req_pd.val();
        self.i_va.d.next = self.req_va.val();
        self.i_len.d.next = self.req_len.val();
        self.i_need.d.next = self.req_need_write.val();
        self.i_local.d.next = self.req_local.val();
        self.i_tag.d.next = self.req_tag.val();

        // E1: write the table, read the entry, compute va + len
        self.t_valid.read_clock.next = self.clock.val();
        self.t_valid.write_clock.next = self.clock.val();
        self.t_key.read_clock.next = self.clock.val();
        self.t_key.write_clock.next = self.clock.val();
        self.t_pd.read_clock.next = self.clock.val();
        self.t_pd.write_clock.next = self.clock.val();
        self.t_access.read_clock.next = self.clock.val();
        self.t_access.write_clock.next = self.clock.val();
        self.t_base.read_clock.next = self.clock.val();
        self.t_base.write_clock.next = self.clock.val();
        self.t_end.read_clock.next = self.clock.val();
        self.t_end.write_clock.next = self.clock.val();

        self.t_valid.write_address.next = self.i_wr_index.q.val();
        self.t_key.write_address.next = self.i_wr_index.q.val();
        self.t_pd.write_address.next = self.i_wr_index.q.val();
        self.t_access.write_address.next = self.i_wr_index.q.val();
        self.t_base.write_address.next = self.i_wr_index.q.val();
        self.t_end.write_address.next = self.i_wr_index.q.val();
        self.t_valid.write_enable.next = self.i_wr.q.val();
        self.t_key.write_enable.next = self.i_wr.q.val();
        self.t_pd.write_enable.next = self.i_wr.q.val();
        self.t_access.write_enable.next = self.i_wr.q.val();
        self.t_base.write_enable.next = self.i_wr.q.val();
        self.t_end.write_enable.next = self.i_wr.q.val();
        self.t_valid.write_data.next = self.i_wr_entry_valid.q.val();
        self.t_key.write_data.next = self.i_wr_key.q.val();
        self.t_pd.write_data.next = self.i_wr_pd.q.val();
        self.t_access.write_data.next = self.i_wr_access.q.val();
        self.t_base.write_data.next = self.i_wr_base.q.val();
        self.t_end.write_data.next = self.i_wr_end.q.val();

        self.t_valid.read_address.next = self.i_rkey.q.val().get_bits::<MR_INDEX_BITS>(8);
        self.t_key.read_address.next = self.i_rkey.q.val().get_bits::<MR_INDEX_BITS>(8);
        self.t_pd.read_address.next = self.i_rkey.q.val().get_bits::<MR_INDEX_BITS>(8);
        self.t_access.read_address.next = self.i_rkey.q.val().get_bits::<MR_INDEX_BITS>(8);
        self.t_base.read_address.next = self.i_rkey.q.val().get_bits::<MR_INDEX_BITS>(8);
        self.t_end.read_address.next = self.i_rkey.q.val().get_bits::<MR_INDEX_BITS>(8);

        self.add_end.a.next = self.i_va.q.val();
        self.add_end.b.next = bit_cast::<64, 16>(self.i_len.q.val());
        self.add_end.cin.next = false;
        self.p1_req.d.next = self.i_req.q.val();
        self.p1_rkey.d.next = self.i_rkey.q.val();
        self.p1_pd.d.next = self.i_pd.q.val();
        self.p1_va.d.next = self.i_va.q.val();
        self.p1_va_end.d.next = self.add_end.sum.val();
        self.p1_need.d.next = self.i_need.q.val();
        self.p1_local.d.next = self.i_local.q.val();
        self.p1_tag.d.next = self.i_tag.q.val();

        // E2: compare with the entry
        self.add_lo.a.next = self.p1_va.q.val();
        self.add_lo.b.next = !self.t_base.read_data.val();
        self.add_lo.cin.next = true;
        self.add_hi.a.next = self.t_end.read_data.val();
        self.add_hi.b.next = !self.p1_va_end.q.val();
        self.add_hi.cin.next = true;
        self.p2_req.d.next = self.p1_req.q.val();
        self.p2_key_ok.d.next =
            self.t_valid.read_data.val() & (self.t_key.read_data.val() == self.p1_rkey.q.val());
        self.p2_pd_ok.d.next = self.t_pd.read_data.val() == self.p1_pd.q.val();
        if self.p1_local.q.val() {
            self.p2_acc_ok.d.next =
                !self.p1_need.q.val() | self.t_access.read_data.val().get_bit(0);
        } else {
            self.p2_acc_ok.d.next =
                !self.p1_need.q.val() | self.t_access.read_data.val().get_bit(1);
        }
        self.p2_bounds_ok.d.next = !self.add_lo.sum.val().get_bit(63)
            & !self.add_hi.sum.val().get_bit(63)
            & !self.p1_va.q.val().get_bit(63)
            & !self.p1_va_end.q.val().get_bit(63);
        self.p2_va.d.next = self.p1_va.q.val();
        self.p2_tag.d.next = self.p1_tag.q.val();

        // E3: the first failing check, in SPEC order
        self.r_valid.d.next = self.p2_req.q.val();
        self.r_va.d.next = self.r_va.q.val();
        self.r_tag.d.next = self.r_tag.q.val();
        self.r_ok.d.next = self.r_ok.q.val();
        self.r_reason.d.next = self.r_reason.q.val();
        if self.p2_req.q.val() {
            self.r_va.d.next = self.p2_va.q.val();
            self.r_tag.d.next = self.p2_tag.q.val();
            self.r_ok.d.next = false;
            if !self.p2_key_ok.q.val() {
                self.r_reason.d.next = bits::<8>(0x02);
            } else if !self.p2_pd_ok.q.val() {
                self.r_reason.d.next = bits::<8>(0x05);
            } else if !self.p2_acc_ok.q.val() {
                self.r_reason.d.next = bits::<8>(0x03);
            } else if !self.p2_bounds_ok.q.val() {
                self.r_reason.d.next = bits::<8>(0x04);
            } else {
                self.r_reason.d.next = bits::<8>(0);
                self.r_ok.d.next = true;
            }
        }
        self.res_valid.next = self.r_valid.q.val();
        self.res_ok.next = self.r_ok.q.val();
        self.res_reason.next = self.r_reason.q.val();
        self.res_va.next = self.r_va.q.val();
        self.res_tag.next = self.r_tag.q.val();
    }
}
