//! Sender per-path loss-detection table: the loss-detection part of the
//! `tx_path` state (SPEC "State tx_path") of every path of every connection
//! in block RAM, with one update pipeline shared by all paths. It is the
//! table form of [`crate::LossDetector`] (SPEC section 6, "Sender processing
//! of an ACK", is normative) plus a retransmit-work queue and a lost-PSN
//! stream with backpressure.
//!
//! # Behaviour (normative; `braid_model::TxPathTableModel` is the bit-
//! and cycle-exact reference)
//!
//! The table has `2^IDX` paths (`tx_path_table`: IDX = 14, 16,384 paths =
//! 1,024 connections x 16; `tx_path_table_tiny`: IDX = 6, 64 paths). Per path
//! the RAM word holds braid-spec's `nxt`, `outstanding`, `epoch_lo`,
//! `epoch_hi` and `retx_pending` fields, in the spec's order and relative
//! offsets (bit 0 of the word is the LSB of `nxt`; 1,056 bits). A second
//! 1-bit RAM holds `queued` (the path has an entry in the work queue or a
//! scan in flight), and the work queue itself is a `2^IDX`-entry ring of
//! path indices in block RAM. At power-up every record is zero.
//!
//! `una` (the path floor) is not stored: SPEC 6 defines it as the lowest PSN
//! still outstanding, or `nxt`, and every outstanding PSN lies in
//! `[nxt - 256, nxt)` (a slot is reused only when free), so it is a function
//! of `nxt` and `outstanding`: the first outstanding slot at or after
//! `nxt mod 256` (PSN `nxt - 256 + offset`), else the first outstanding slot
//! below it (PSN `nxt - nxt mod 256 + slot`), else `nxt`. It is computed by a
//! find-first after the state loop for every result, so the floor is always
//! exact, never lagging: a data packet carries the highest floor SPEC 6
//! allows, and the receiver slides as far as it can.
//!
//! Operations (`op_valid`, `op`, `idx`; `psn` is the restart PSN of init and
//! the base of an ACK; `sack` the ACK's bitvector, bit j = PSN `psn + j`),
//! at most one per clock, taken when `op_valid & op_ready`. Every operation
//! sees the record as left by every earlier one, whatever the distance (no
//! stall, in-flight records are forwarded):
//!
//! * `OP_INIT`: `nxt = psn`, every bitmap cleared (`queued` kept: an entry
//!   still in the queue is found empty when scanned and dropped).
//! * `OP_SEND`: the packet gets PSN `nxt` if its slot (`nxt mod 256`) is
//!   neither outstanding nor pending; then the slot becomes outstanding with
//!   epoch `nxt[9:8]` and `nxt` advances. A free slot implies `nxt - una <
//!   256` (SPEC 4's path window): PSN `nxt - 256` is resolved, so the floor
//!   is above it. Result: `res_accepted`, `res_psn` (= `nxt` before),
//!   `res_slot`, `res_floor_delta` = `res_psn - una` (the floor after the
//!   send, which is the floor before it: the new PSN is the highest).
//! * `OP_ACK`: rejected (`res_rejected`, nothing changes) when `nxt - psn`
//!   (mod 2^32) is 512 or more. Otherwise, per outstanding slot, its epoch
//!   tells whether it holds the ACK's PSN for the slot (`psn + ((slot -
//!   psn) mod 256)`; the bit decides: set = acknowledged, clear with a set
//!   bit above it = proven lost), the PSN 256 earlier (below the base:
//!   acknowledged) or a later one (unknown to this ACK). Acknowledged slots
//!   leave `outstanding`; lost ones move to `retx_pending`, exactly once.
//!   Result: `res_acked`, `res_lost` (counts).
//! * `OP_TIMEOUT`: every outstanding PSN is declared lost (moves to
//!   `retx_pending`), as `firmware-sim/net/src/net.rs` does on an RTO (it takes
//!   every slot of the path's window for retransmission); `res_lost` counts
//!   them. `path_cc`'s timeout event (window to minimum, back-off) is issued
//!   by the engine alongside.
//! * `OP_RESOLVE`: `OP_ACK` without its cumulative part: the same range
//!   check and rejection, then only slots holding the PSN of a set bit
//!   are acknowledged (and losses the bits prove declared, as an ACK
//!   would); a PSN below the base stays outstanding. The engine resolves a
//!   NACK's refused PSN with its bit alone (`sack` = 1), so the receiver's
//!   refusal frees the path's window at once. Counted with the ACKs'
//!   rejections when rejected, not with the accepted ACKs.
//! * `OP_READ`: no change.
//!
//! Every result also carries the state after the operation: `res_una`,
//! `res_nxt`, `res_idle` (nothing outstanding: `path_cc`'s `idle`).
//!
//! **Retransmit work.** An ACK or timeout that declares a loss on a path that
//! is not `queued` pushes the path into the work queue and sets `queued`. The
//! scanner takes a path from the queue in a clock without an accepted
//! operation (the pipeline slot is free), reads the record through the same
//! loop, takes the lowest pending slot (`pending & !prefix_or(pending)`),
//! clears it and emits `(path, psn, slot)` on the `lost_*` stream; the PSN is
//! `nxt - 256 + ((slot - nxt) mod 256)` (a pending slot is never reused, so
//! its PSN is the one in `[nxt - 256, nxt)`). If bits remain the path is
//! pushed again (`queued` stays set), else `queued` is cleared. So a path has
//! at most one entry queued or in flight and the queue (`2^IDX` deep) never
//! overflows. A scan of a path whose pending bits were cleared by an init
//! emits nothing and clears `queued`.
//!
//! **Starvation bound.** The scanner needs a free pipeline slot. `op_ready`
//! drops for one clock after three consecutive accepted operations while the
//! queue is non-empty and the lost stream has credit, so under full load the
//! operations get at least 3 clocks in 4 and the scanner at least 1 in 4
//! (with idle clocks, all of them). A path queued behind `k` entries is
//! scanned within `4 (k + 1)` clocks plus the lost stream's backpressure.
//! The `lost_*` stream is a 8-entry queue (`lost_valid`/`lost_ready`); a scan
//! starts only when the entries queued plus the scans in flight are fewer
//! than 8, so nothing is dropped under backpressure.
//!
//! **Counters** (32-bit, wrapping): accepted ACKs, rejected ACKs, PSNs
//! declared lost (ACK and timeout), timeouts, retransmissions emitted
//! (`lost_valid & lost_ready`). A result is counted on the edge after it
//! shows; an emission on the edge that takes it.
//!
//! # Pipeline and timing
//!
//! E0 registers the operation (`i_*`). Stage A: the ACK's loss candidates
//! `!bit[j] & OR(bit[j+1..])` (radix-6 prefix OR), `base[31:9] + 1`, and the
//! scanner's slot (pop of the queue head). Stage B: the RAM read, the
//! rotation of the SACK and candidates to slot order and each slot's ACK
//! epoch, the forwarding selects. Stage L (the only state loop, E2-E3): the
//! record from the previous clock's loop result (same index at distance 1),
//! the one before (distance 2: written on the edge that reads; the RAM
//! returns the old word on a read-during-write) or the RAM; the operation
//! applied. P1: write back; popcount, floor masks, emitted-slot encode.
//! P2: the `queued` loop (its own 1-bit RAM with the same forwarding), the
//! queue push, the lost PSN into the lost queue; find-first isolate. P3: the
//! floor. P4: `res_floor_delta` and the results. A result shows 7 rising
//! edges after the edge that registered its operation. A scan takes the
//! queue head in stage A of a clock without an operation there (an entry is
//! poppable from the second clock after its push); its lost PSN is written
//! to the lost queue on the 5th rising edge after that clock and shows on
//! `lost_valid` one edge later.
//!
//! Storage per path: 1,056 bits of record + 1 `queued` bit + one 14-bit
//! queue entry = 1,071 bits; the full table's record RAM (16,384 x 1,056)
//! tiles into 472 RAMB36 in its best shape (braid-spec's
//! `ramb36_for_table`), the queue and `queued` into 8 more.
//!
//! Logic depth: the ACK range test compares `nxt[31:9]` for equality with
//! `base[31:9]` and `base[31:9] + 1` (precomputed) and the low 9 bits for
//! order; the send's slot test is a 256:1 mux; the scan's lowest pending
//! slot is a 4-level prefix OR; adders are parallel-prefix. The slot test
//! and the scan are computed from each of the loop's three record sources
//! (the previous result, the one before, the RAM) in parallel and selected
//! after, so the forwarding mux does not add to them. The scan's clear is
//! applied one clock late: the loop writes the pending bits without it and
//! registers the emitted slot (`w_emit`) beside the record, and every
//! reader of that record (the distance-1 forward, the write-back, the
//! distance-2 copy) masks it out. The prefix OR therefore ends at a
//! register and never feeds `pend_n` in the same clock; the one-hot mask is
//! one AND in front of the forwarding mux. (With the clear inside the loop,
//! the block alone measured 8 levels, but inside the flattened engine top,
//! where ACKs never occur, ABC mapped `pend[i] & OR(pend[j < i])` as a chain
//! of 16.)

use crate::prefix_add::PrefixAdd;
use braid_spec::host::field;
use braid_spec::state::TX_PATH_STATE;
use rust_hdl::prelude::*;

/// `op`: no change; report the path's state.
pub const OP_READ: u64 = 0;
/// `op`: restart the path at `psn`.
pub const OP_INIT: u64 = 1;
/// `op`: allocate the next PSN for a packet.
pub const OP_SEND: u64 = 2;
/// `op`: an ACK (`psn` = base, `sack`).
pub const OP_ACK: u64 = 3;
/// `op`: retransmission timeout: every outstanding PSN is lost.
pub const OP_TIMEOUT: u64 = 4;
/// `op`: an ACK without its cumulative part: only the PSNs whose bits are
/// set are acknowledged (a NACK's refused PSN, `sack` = bit 0).
pub const OP_RESOLVE: u64 = 5;

const F_NXT: &braid_spec::StateField = field(TX_PATH_STATE, "nxt");
const F_OUT: &braid_spec::StateField = field(TX_PATH_STATE, "outstanding");
const F_ELO: &braid_spec::StateField = field(TX_PATH_STATE, "epoch_lo");
const F_EHI: &braid_spec::StateField = field(TX_PATH_STATE, "epoch_hi");
const F_PEND: &braid_spec::StateField = field(TX_PATH_STATE, "retx_pending");
/// Bits of the RAM word: braid-spec's `nxt` .. `retx_pending`.
pub const REC_BITS: usize = (F_PEND.lsb + F_PEND.bits - F_NXT.lsb) as usize;
const _: () = assert!(REC_BITS == 1056);
const _: () = assert!(F_NXT.bits == 32 && F_OUT.bits == 256 && F_ELO.bits == 256);
const _: () = assert!(F_EHI.bits == 256 && F_PEND.bits == 256);
/// Index bits of the exported full-size table (16,384 paths).
pub const IDX_FULL: usize = 14;
/// Index bits of the exported tiny table (64 paths).
pub const IDX_TINY: usize = 6;
/// Entries of the lost queue (credit limit of the scanner).
pub const LOST_QUEUE: u64 = 8;

fn pattern(f: impl Fn(u64) -> bool) -> Bits<256> {
    let mut b = Bits::<256>::default();
    for i in 0..256u64 {
        if f(i) {
            b = b | (bits::<256>(1) << i);
        }
    }
    b
}

fn rec_off(f: &braid_spec::StateField) -> Constant<Bits<11>> {
    Constant::new(bits((f.lsb - F_NXT.lsb) as u64))
}

hdl_block! {
    /// One-hot (or zero) 256-bit vector to its 8-bit index (OR trees).
    pub struct Encode256 {
        /// One-hot input.
        pub v: Signal<In, Bits<256>>,
        /// Index of the set bit (0 when none).
        pub idx: Signal<Out, Bits<8>>,
        enc0: Constant<Bits<256>> = Constant::new(pattern(|i| i & 1 == 1)),
        enc1: Constant<Bits<256>> = Constant::new(pattern(|i| (i >> 1) & 1 == 1)),
        enc2: Constant<Bits<256>> = Constant::new(pattern(|i| (i >> 2) & 1 == 1)),
        enc3: Constant<Bits<256>> = Constant::new(pattern(|i| (i >> 3) & 1 == 1)),
        enc4: Constant<Bits<256>> = Constant::new(pattern(|i| (i >> 4) & 1 == 1)),
        enc5: Constant<Bits<256>> = Constant::new(pattern(|i| (i >> 5) & 1 == 1)),
        enc6: Constant<Bits<256>> = Constant::new(pattern(|i| (i >> 6) & 1 == 1)),
        enc7: Constant<Bits<256>> = Constant::new(pattern(|i| (i >> 7) & 1 == 1)),
    }
}

impl Logic for Encode256 {
    #[hdl_gen]
    fn update(&mut self) {
        self.idx.next = bits::<8>(0)
            .replace_bit(0, (self.v.val() & self.enc0.val()).any())
            .replace_bit(1, (self.v.val() & self.enc1.val()).any())
            .replace_bit(2, (self.v.val() & self.enc2.val()).any())
            .replace_bit(3, (self.v.val() & self.enc3.val()).any())
            .replace_bit(4, (self.v.val() & self.enc4.val()).any())
            .replace_bit(5, (self.v.val() & self.enc5.val()).any())
            .replace_bit(6, (self.v.val() & self.enc6.val()).any())
            .replace_bit(7, (self.v.val() & self.enc7.val()).any());
    }
}

/// Lowest set bit of a 256-bit vector (one-hot, zero when none): a radix-6
/// prefix OR from below, four LUT levels plus the final AND.
#[derive(LogicBlock, Default)]
pub struct Lowest256 {
    /// Input.
    pub v: Signal<In, Bits<256>>,
    /// Its lowest set bit.
    pub low: Signal<Out, Bits<256>>,
    p0: Signal<Local, Bits<256>>,
    p1: Signal<Local, Bits<256>>,
    p2: Signal<Local, Bits<256>>,
    p3: Signal<Local, Bits<256>>,
    p4: Signal<Local, Bits<256>>,
}

impl Logic for Lowest256 {
    #[hdl_gen]
    fn update(&mut self) {
        self.p0.next = self.v.val() << 1;
        self.p1.next = self.p0.val()
            | (self.p0.val() << 1)
            | (self.p0.val() << 2)
            | (self.p0.val() << 3)
            | (self.p0.val() << 4)
            | (self.p0.val() << 5);
        self.p2.next = self.p1.val()
            | (self.p1.val() << 6)
            | (self.p1.val() << 12)
            | (self.p1.val() << 18)
            | (self.p1.val() << 24)
            | (self.p1.val() << 30);
        self.p3.next = self.p2.val()
            | (self.p2.val() << 36)
            | (self.p2.val() << 72)
            | (self.p2.val() << 108)
            | (self.p2.val() << 144)
            | (self.p2.val() << 180);
        self.p4.next = self.p3.val() | (self.p3.val() << 216);
        self.low.next = self.v.val() & !self.p4.val();
    }
}

hdl_block! {
    /// Population count of a 256-bit vector in four pipeline stages: `count`
    /// shows the count of `v` four rising edges after `v` was presented.
    pub struct Popcount256 {
        /// Clock.
        pub clock: Signal<In, Clock>,
        /// Vector to count.
        pub v: Signal<In, Bits<256>>,
        /// Its set bits, 4 edges later.
        pub count: Signal<Out, Bits<9>>,
        m1: Constant<Bits<256>> = Constant::new(pattern(|i| i % 2 < 1)),
        m2: Constant<Bits<256>> = Constant::new(pattern(|i| i % 4 < 2)),
        m4: Constant<Bits<256>> = Constant::new(pattern(|i| i % 8 < 4)),
        m8: Constant<Bits<256>> = Constant::new(pattern(|i| i % 16 < 8)),
        m16: Constant<Bits<256>> = Constant::new(pattern(|i| i % 32 < 16)),
        m32: Constant<Bits<256>> = Constant::new(pattern(|i| i % 64 < 32)),
        m64: Constant<Bits<256>> = Constant::new(pattern(|i| i % 128 < 64)),
        m128: Constant<Bits<256>> = Constant::new(pattern(|i| i % 256 < 128)),
        s1: DFF<Bits<256>>,
        s2: DFF<Bits<256>>,
        s3: DFF<Bits<256>>,
        s4: DFF<Bits<9>>,
        x1: Signal<Local, Bits<256>>,
        x2: Signal<Local, Bits<256>>,
        x3: Signal<Local, Bits<256>>,
        x4: Signal<Local, Bits<256>>,
        x5: Signal<Local, Bits<256>>,
        x6: Signal<Local, Bits<256>>,
        x7: Signal<Local, Bits<256>>,
        x8: Signal<Local, Bits<256>>,
    }
}

impl Logic for Popcount256 {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, s1, s2, s3, s4);
        self.x1.next = (self.v.val() & self.m1.val()) + ((self.v.val() >> 1) & self.m1.val());
        self.x2.next = (self.x1.val() & self.m2.val()) + ((self.x1.val() >> 2) & self.m2.val());
        self.x3.next = (self.x2.val() & self.m4.val()) + ((self.x2.val() >> 4) & self.m4.val());
        self.s1.d.next = self.x3.val();
        self.x4.next = (self.s1.q.val() & self.m8.val()) + ((self.s1.q.val() >> 8) & self.m8.val());
        self.x5.next = (self.x4.val() & self.m16.val()) + ((self.x4.val() >> 16) & self.m16.val());
        self.s2.d.next = self.x5.val();
        self.x6.next =
            (self.s2.q.val() & self.m32.val()) + ((self.s2.q.val() >> 32) & self.m32.val());
        self.x7.next = (self.x6.val() & self.m64.val()) + ((self.x6.val() >> 64) & self.m64.val());
        self.s3.d.next = self.x7.val();
        self.x8.next =
            (self.s3.q.val() & self.m128.val()) + ((self.s3.q.val() >> 128) & self.m128.val());
        self.s4.d.next = self.x8.val().get_bits::<9>(0);
        self.count.next = self.s4.q.val();
    }
}

hdl_block! {
    /// Sender loss-detection table with `2^IDX` paths (`PTR` = `IDX + 1`, the
    /// work queue's pointer width).
    pub struct TxPathTable<const IDX: usize, const PTR: usize> {
        /// Engine clock.
        pub clock: Signal<In, Clock>,
        /// An operation this clock (taken when `op_ready`).
        pub op_valid: Signal<In, Bit>,
        /// `OP_*`.
        pub op: Signal<In, Bits<3>>,
        /// Path index.
        pub idx: Signal<In, Bits<IDX>>,
        /// Restart PSN (init) or ACK base (ack).
        pub psn: Signal<In, Bits<32>>,
        /// ACK bitvector: bit j = PSN `psn + j` received.
        pub sack: Signal<In, Bits<256>>,
        /// The lost stream's consumer takes `lost_*` this clock.
        pub lost_ready: Signal<In, Bit>,
        /// An operation presented this clock is taken.
        pub op_ready: Signal<Out, Bit>,
        /// A result (7 edges after its operation).
        pub res_valid: Signal<Out, Bit>,
        /// Its operation.
        pub res_op: Signal<Out, Bits<3>>,
        /// Its path.
        pub res_idx: Signal<Out, Bits<IDX>>,
        /// Send: a PSN was allocated.
        pub res_accepted: Signal<Out, Bit>,
        /// `nxt` before the operation (the PSN of an accepted send).
        pub res_psn: Signal<Out, Bits<32>>,
        /// `res_psn` mod 256 (the send's slot).
        pub res_slot: Signal<Out, Bits<8>>,
        /// `res_psn - res_una` (low 16 bits): the send's `floor_delta`.
        pub res_floor_delta: Signal<Out, Bits<16>>,
        /// Path floor after the operation.
        pub res_una: Signal<Out, Bits<32>>,
        /// `nxt` after the operation.
        pub res_nxt: Signal<Out, Bits<32>>,
        /// Nothing outstanding after the operation.
        pub res_idle: Signal<Out, Bit>,
        /// ACK: PSNs newly acknowledged.
        pub res_acked: Signal<Out, Bits<9>>,
        /// ACK or timeout: PSNs newly declared lost.
        pub res_lost: Signal<Out, Bits<9>>,
        /// ACK rejected (base after `nxt` or 512+ before it).
        pub res_rejected: Signal<Out, Bit>,
        /// A lost PSN to retransmit.
        pub lost_valid: Signal<Out, Bit>,
        /// Its path.
        pub lost_idx: Signal<Out, Bits<IDX>>,
        /// The lost PSN.
        pub lost_psn: Signal<Out, Bits<32>>,
        /// Its slot (`lost_psn` mod 256).
        pub lost_slot: Signal<Out, Bits<8>>,
        /// Accepted ACKs.
        pub cnt_acks: Signal<Out, Bits<32>>,
        /// Rejected ACKs.
        pub cnt_rejected: Signal<Out, Bits<32>>,
        /// PSNs declared lost.
        pub cnt_lost: Signal<Out, Bits<32>>,
        /// Timeouts.
        pub cnt_timeouts: Signal<Out, Bits<32>>,
        /// Retransmissions emitted.
        pub cnt_retx: Signal<Out, Bits<32>>,
        k_out: Constant<Bits<11>> = rec_off(F_OUT),
        k_elo: Constant<Bits<11>> = rec_off(F_ELO),
        k_ehi: Constant<Bits<11>> = rec_off(F_EHI),
        k_pend: Constant<Bits<11>> = rec_off(F_PEND),
        ones: Constant<Bits<256>> = Constant::new(pattern(|_| true)),
        k_init: Constant<Bits<3>> = Constant::new(bits(OP_INIT)),
        k_send: Constant<Bits<3>> = Constant::new(bits(OP_SEND)),
        k_ack: Constant<Bits<3>> = Constant::new(bits(OP_ACK)),
        k_tmo: Constant<Bits<3>> = Constant::new(bits(OP_TIMEOUT)),
        k_rsv: Constant<Bits<3>> = Constant::new(bits(OP_RESOLVE)),
        recs: RAM<Bits<REC_BITS>, IDX>,
        qram: RAM<Bit, IDX>,
        wq: RAM<Bits<IDX>, IDX>,
        oq: RAM<Bits<48>, 3>,
        // flow control
        stall: DFF<Bit>,
        streak: DFF<Bits<2>>,
        fh: DFF<Bits<PTR>>,
        ft: DFF<Bits<PTR>>,
        ft_d: DFF<Bits<PTR>>,
        add_fh: PrefixAdd<PTR>,
        add_ft: PrefixAdd<PTR>,
        oh: DFF<Bits<4>>,
        ot: DFF<Bits<4>>,
        ot_d: DFF<Bits<4>>,
        cr: DFF<Bits<4>>,
        // E0
        i_valid: DFF<Bit>,
        i_op: DFF<Bits<3>>,
        i_idx: DFF<Bits<IDX>>,
        i_psn: DFF<Bits<32>>,
        i_sack: DFF<Bits<256>>,
        // A
        a_valid: DFF<Bit>,
        a_res: DFF<Bit>,
        a_op: DFF<Bits<3>>,
        a_init: DFF<Bit>,
        a_send: DFF<Bit>,
        a_ack: DFF<Bit>,
        a_rsv: DFF<Bit>,
        a_tmo: DFF<Bit>,
        a_scan: DFF<Bit>,
        a_idx: DFF<Bits<IDX>>,
        a_psn: DFF<Bits<32>>,
        a_sack: DFF<Bits<256>>,
        a_cand: DFF<Bits<256>>,
        a_bhi1: DFF<Bits<23>>,
        add_bhi1: PrefixAdd<23>,
        // B
        b_valid: DFF<Bit>,
        b_res: DFF<Bit>,
        b_op: DFF<Bits<3>>,
        b_init: DFF<Bit>,
        b_send: DFF<Bit>,
        b_ack: DFF<Bit>,
        b_rsv: DFF<Bit>,
        b_tmo: DFF<Bit>,
        b_scan: DFF<Bit>,
        b_idx: DFF<Bits<IDX>>,
        b_psn: DFF<Bits<32>>,
        b_bhi1: DFF<Bits<23>>,
        b_fwd1: DFF<Bit>,
        b_fwd2: DFF<Bit>,
        b_circ: DFF<Bits<256>>,
        b_cand: DFF<Bits<256>>,
        b_eqlo: DFF<Bits<256>>,
        b_eqhi: DFF<Bits<256>>,
        // L: loop output
        w_valid: DFF<Bit>,
        w_res: DFF<Bit>,
        w_op: DFF<Bits<3>>,
        w_scan: DFF<Bit>,
        w_acktmo: DFF<Bit>,
        w_idx: DFF<Bits<IDX>>,
        w_rec: DFF<Bits<REC_BITS>>,
        w_acc: DFF<Bit>,
        w_psn: DFF<Bits<32>>,
        w_rej: DFF<Bit>,
        w_acked: DFF<Bits<256>>,
        w_lost: DFF<Bits<256>>,
        w_emit: DFF<Bits<256>>,
        w2_valid: DFF<Bit>,
        w2_idx: DFF<Bits<IDX>>,
        w2_rec: DFF<Bits<REC_BITS>>,
        // P1
        p_valid: DFF<Bit>,
        p_res: DFF<Bit>,
        p_op: DFF<Bits<3>>,
        p_scan: DFF<Bit>,
        p_acktmo: DFF<Bit>,
        p_idx: DFF<Bits<IDX>>,
        p_acc: DFF<Bit>,
        p_psn: DFF<Bits<32>>,
        p_rej: DFF<Bit>,
        p_nxt: DFF<Bits<32>>,
        p_nhm1: DFF<Bits<24>>,
        p_hi: DFF<Bits<256>>,
        p_out: DFF<Bits<256>>,
        p_eidx: DFF<Bits<8>>,
        p_emit: DFF<Bit>,
        p_lany: DFF<Bit>,
        p_rany: DFF<Bit>,
        p_qf1: DFF<Bit>,
        p_qf2: DFF<Bit>,
        add_nhm1: PrefixAdd<24>,
        enc_emit: Encode256,
        pc_acked: Popcount256,
        pc_lost: Popcount256,
        // P2
        y_valid: DFF<Bit>,
        y_idx: DFF<Bits<IDX>>,
        y_q: DFF<Bit>,
        y2_valid: DFF<Bit>,
        y2_idx: DFF<Bits<IDX>>,
        y2_q: DFF<Bit>,
        q_res: DFF<Bit>,
        q_op: DFF<Bits<3>>,
        q_idx: DFF<Bits<IDX>>,
        q_acc: DFF<Bit>,
        q_psn: DFF<Bits<32>>,
        q_rej: DFF<Bit>,
        q_nxt: DFF<Bits<32>>,
        q_nhm1: DFF<Bits<24>>,
        q_isohi: DFF<Bits<256>>,
        q_isoall: DFF<Bits<256>>,
        low_hi: Lowest256,
        low_all: Lowest256,
        // P3
        r_res: DFF<Bit>,
        r_op: DFF<Bits<3>>,
        r_idx: DFF<Bits<IDX>>,
        r_acc: DFF<Bit>,
        r_psn: DFF<Bits<32>>,
        r_rej: DFF<Bit>,
        r_nxt: DFF<Bits<32>>,
        r_una: DFF<Bits<32>>,
        r_idle: DFF<Bit>,
        enc_hi: Encode256,
        enc_all: Encode256,
        // P4: results
        s_valid: DFF<Bit>,
        s_op: DFF<Bits<3>>,
        s_idx: DFF<Bits<IDX>>,
        s_acc: DFF<Bit>,
        s_psn: DFF<Bits<32>>,
        s_fd: DFF<Bits<16>>,
        s_una: DFF<Bits<32>>,
        s_nxt: DFF<Bits<32>>,
        s_idle: DFF<Bit>,
        s_rej: DFF<Bit>,
        add_fd: PrefixAdd<16>,
        // counters
        c_acks: DFF<Bits<32>>,
        c_rej: DFF<Bits<32>>,
        c_lost: DFF<Bits<32>>,
        c_tmo: DFF<Bits<32>>,
        c_retx: DFF<Bits<32>>,
        add_c_acks: PrefixAdd<32>,
        add_c_rej: PrefixAdd<32>,
        add_c_lost: PrefixAdd<32>,
        add_c_tmo: PrefixAdd<32>,
        add_c_retx: PrefixAdd<32>,
        // locals: flow control
        accepted: Signal<Local, Bit>,
        streak_n: Signal<Local, Bits<2>>,
        pop: Signal<Local, Bit>,
        oq_pop: Signal<Local, Bit>,
        rel_credit: Signal<Local, Bit>,
        push: Signal<Local, Bit>,
        emit_push: Signal<Local, Bit>,
        cr_p: Signal<Local, Bits<4>>,
        cr_m: Signal<Local, Bits<4>>,
        // locals: A
        s0: Signal<Local, Bits<256>>,
        s1: Signal<Local, Bits<256>>,
        s2: Signal<Local, Bits<256>>,
        s3: Signal<Local, Bits<256>>,
        s4: Signal<Local, Bits<256>>,
        // locals: B
        a_lo: Signal<Local, Bits<8>>,
        lt: Signal<Local, Bits<256>>,
        a8: Signal<Local, Bits<256>>,
        a9: Signal<Local, Bits<256>>,
        // locals: loop
        wc_rec: Signal<Local, Bits<REC_BITS>>,
        cur: Signal<Local, Bits<REC_BITS>>,
        cs_out: Signal<Local, Bits<REC_BITS>>,
        cs_elo: Signal<Local, Bits<REC_BITS>>,
        cs_ehi: Signal<Local, Bits<REC_BITS>>,
        cs_pend: Signal<Local, Bits<REC_BITS>>,
        nxt: Signal<Local, Bits<32>>,
        out: Signal<Local, Bits<256>>,
        elo: Signal<Local, Bits<256>>,
        ehi: Signal<Local, Bits<256>>,
        pend: Signal<Local, Bits<256>>,
        n_hi: Signal<Local, Bits<23>>,
        n_lo9: Signal<Local, Bits<9>>,
        b_hi: Signal<Local, Bits<23>>,
        b_lo9: Signal<Local, Bits<9>>,
        ok: Signal<Local, Bit>,
        same: Signal<Local, Bits<256>>,
        below: Signal<Local, Bits<256>>,
        acked: Signal<Local, Bits<256>>,
        lost: Signal<Local, Bits<256>>,
        nxt_lo: Signal<Local, Bits<8>>,
        slot_busy: Signal<Local, Bit>,
        do_send: Signal<Local, Bit>,
        dsend: Signal<Local, Bits<256>>,
        dlo: Signal<Local, Bits<256>>,
        dhi: Signal<Local, Bits<256>>,
        emit: Signal<Local, Bits<256>>,
        so_w: Signal<Local, Bits<REC_BITS>>,
        sp_w: Signal<Local, Bits<REC_BITS>>,
        bz_w: Signal<Local, Bits<256>>,
        pn_w: Signal<Local, Bits<256>>,
        nl_w: Signal<Local, Bits<8>>,
        sb_w: Signal<Local, Bit>,
        q0_w: Signal<Local, Bits<256>>,
        q1_w: Signal<Local, Bits<256>>,
        q2_w: Signal<Local, Bits<256>>,
        q3_w: Signal<Local, Bits<256>>,
        q4_w: Signal<Local, Bits<256>>,
        em_w: Signal<Local, Bits<256>>,
        so_v: Signal<Local, Bits<REC_BITS>>,
        sp_v: Signal<Local, Bits<REC_BITS>>,
        bz_v: Signal<Local, Bits<256>>,
        pn_v: Signal<Local, Bits<256>>,
        nl_v: Signal<Local, Bits<8>>,
        sb_v: Signal<Local, Bit>,
        q0_v: Signal<Local, Bits<256>>,
        q1_v: Signal<Local, Bits<256>>,
        q2_v: Signal<Local, Bits<256>>,
        q3_v: Signal<Local, Bits<256>>,
        q4_v: Signal<Local, Bits<256>>,
        em_v: Signal<Local, Bits<256>>,
        so_r: Signal<Local, Bits<REC_BITS>>,
        sp_r: Signal<Local, Bits<REC_BITS>>,
        bz_r: Signal<Local, Bits<256>>,
        pn_r: Signal<Local, Bits<256>>,
        nl_r: Signal<Local, Bits<8>>,
        sb_r: Signal<Local, Bit>,
        q0_r: Signal<Local, Bits<256>>,
        q1_r: Signal<Local, Bits<256>>,
        q2_r: Signal<Local, Bits<256>>,
        q3_r: Signal<Local, Bits<256>>,
        q4_r: Signal<Local, Bits<256>>,
        em_r: Signal<Local, Bits<256>>,
        na1: Signal<Local, Bits<32>>,
        na2: Signal<Local, Bits<32>>,
        na3: Signal<Local, Bits<32>>,
        na4: Signal<Local, Bits<32>>,
        na5: Signal<Local, Bits<32>>,
        nxt_p1: Signal<Local, Bits<32>>,
        out_n: Signal<Local, Bits<256>>,
        pend_n: Signal<Local, Bits<256>>,
        elo_n: Signal<Local, Bits<256>>,
        ehi_n: Signal<Local, Bits<256>>,
        nxt_n: Signal<Local, Bits<32>>,
        // locals: P1
        ws_out: Signal<Local, Bits<REC_BITS>>,
        ws_pend: Signal<Local, Bits<REC_BITS>>,
        w_nxt: Signal<Local, Bits<32>>,
        w_nlo: Signal<Local, Bits<8>>,
        oh_p1: Signal<Local, Bits<4>>,
        w_out: Signal<Local, Bits<256>>,
        w_pend: Signal<Local, Bits<256>>,
        // locals: P2
        qcur: Signal<Local, Bit>,
        e_psn: Signal<Local, Bits<32>>,
        // locals: P3
        una_hi: Signal<Local, Bits<32>>,
        una_all: Signal<Local, Bits<32>>,
    }
    setup {
        assert!(PTR == IDX + 1 && IDX <= 16);
    }
}

impl<const IDX: usize, const PTR: usize> Logic for TxPathTable<IDX, PTR> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, stall, streak, fh, ft, ft_d, oh, ot, ot_d, cr, i_valid, i_op, i_idx,
            i_psn, i_sack, a_valid, a_res, a_op, a_init, a_send, a_ack, a_rsv, a_tmo, a_scan,
            a_idx, a_psn, a_sack, a_cand, a_bhi1, b_valid, b_res, b_op, b_init, b_send, b_ack,
            b_rsv, b_tmo, b_scan, b_idx, b_psn, b_bhi1, b_fwd1, b_fwd2, b_circ, b_cand, b_eqlo,
            b_eqhi, w_valid, w_res, w_op, w_scan, w_acktmo, w_idx, w_rec, w_acc, w_psn, w_rej,
            w_acked, w_lost, w_emit, w2_valid, w2_idx, w2_rec, p_valid, p_res, p_op, p_scan,
            p_acktmo, p_idx, p_acc, p_psn, p_rej, p_nxt, p_nhm1, p_hi, p_out, p_eidx, p_emit,
            p_lany, p_rany, p_qf1, p_qf2, y_valid, y_idx, y_q, y2_valid, y2_idx, y2_q, q_res, q_op,
            q_idx, q_acc, q_psn, q_rej, q_nxt, q_nhm1, q_isohi, q_isoall, r_res, r_op, r_idx,
            r_acc, r_psn, r_rej, r_nxt, r_una, r_idle, s_valid, s_op, s_idx, s_acc, s_psn, s_fd,
            s_una, s_nxt, s_idle, s_rej, c_acks, c_rej, c_lost, c_tmo, c_retx
        );
        self.pc_acked.clock.next = self.clock.val();
        self.pc_lost.clock.next = self.clock.val();
        self.recs.read_clock.next = self.clock.val();
        self.recs.write_clock.next = self.clock.val();
        self.qram.read_clock.next = self.clock.val();
        self.qram.write_clock.next = self.clock.val();
        self.wq.read_clock.next = self.clock.val();
        self.wq.write_clock.next = self.clock.val();
        self.oq.read_clock.next = self.clock.val();
        self.oq.write_clock.next = self.clock.val();

        // ---- E0: take the operation; reserve a slot for the scanner
        self.accepted.next = self.op_valid.val() & !self.stall.q.val();
        self.i_valid.d.next = self.accepted.val();
        self.i_op.d.next = self.op.val();
        self.i_idx.d.next = self.idx.val();
        self.i_psn.d.next = self.psn.val();
        self.i_sack.d.next = self.sack.val();
        self.streak_n.next = bits::<2>(0);
        if self.accepted.val() {
            if self.streak.q.val().all() {
                self.streak_n.next = self.streak.q.val();
            } else {
                self.streak_n.next = self.streak.q.val() + 1;
            }
        }
        self.streak.d.next = self.streak_n.val();
        self.stall.d.next = self.streak_n.val().all()
            & (self.ft.q.val() != self.fh.q.val())
            & !self.cr.q.val().get_bit(3);

        // ---- A: loss candidates; the scanner takes the queue head
        self.pop.next = !self.i_valid.q.val()
            & (self.fh.q.val() != self.ft_d.q.val())
            & !self.cr.q.val().get_bit(3);
        self.add_fh.a.next = self.fh.q.val();
        self.add_fh.b.next = bits::<PTR>(1);
        self.add_fh.cin.next = false;
        if self.pop.val() {
            self.wq.read_address.next = self.add_fh.sum.val().get_bits::<IDX>(0);
            self.fh.d.next = self.add_fh.sum.val();
        } else {
            self.wq.read_address.next = self.fh.q.val().get_bits::<IDX>(0);
        }
        self.a_valid.d.next = self.i_valid.q.val() | self.pop.val();
        self.a_res.d.next = self.i_valid.q.val();
        self.a_op.d.next = self.i_op.q.val();
        self.a_init.d.next = self.i_valid.q.val() & (self.i_op.q.val() == self.k_init.val());
        self.a_send.d.next = self.i_valid.q.val() & (self.i_op.q.val() == self.k_send.val());
        self.a_ack.d.next = self.i_valid.q.val() & (self.i_op.q.val() == self.k_ack.val());
        self.a_rsv.d.next = self.i_valid.q.val() & (self.i_op.q.val() == self.k_rsv.val());
        self.a_tmo.d.next = self.i_valid.q.val() & (self.i_op.q.val() == self.k_tmo.val());
        self.a_scan.d.next = self.pop.val();
        if self.pop.val() {
            self.a_idx.d.next = self.wq.read_data.val();
        } else {
            self.a_idx.d.next = self.i_idx.q.val();
        }
        self.a_psn.d.next = self.i_psn.q.val();
        self.a_sack.d.next = self.i_sack.q.val();
        self.add_bhi1.a.next = self.i_psn.q.val().get_bits::<23>(9);
        self.add_bhi1.b.next = bits::<23>(1);
        self.add_bhi1.cin.next = false;
        self.a_bhi1.d.next = self.add_bhi1.sum.val();
        // s4[j] = OR(sack[j+1..255]), radix-6 doubling
        self.s0.next = self.i_sack.q.val() >> 1;
        self.s1.next = self.s0.val()
            | (self.s0.val() >> 1)
            | (self.s0.val() >> 2)
            | (self.s0.val() >> 3)
            | (self.s0.val() >> 4)
            | (self.s0.val() >> 5);
        self.s2.next = self.s1.val()
            | (self.s1.val() >> 6)
            | (self.s1.val() >> 12)
            | (self.s1.val() >> 18)
            | (self.s1.val() >> 24)
            | (self.s1.val() >> 30);
        self.s3.next = self.s2.val()
            | (self.s2.val() >> 36)
            | (self.s2.val() >> 72)
            | (self.s2.val() >> 108)
            | (self.s2.val() >> 144)
            | (self.s2.val() >> 180);
        self.s4.next = self.s3.val() | (self.s3.val() >> 216);
        self.a_cand.d.next = !self.i_sack.q.val() & self.s4.val();

        // ---- B: RAM read, rotation to slot order, epochs, forwarding
        self.recs.read_address.next = self.a_idx.q.val();
        self.b_fwd1.d.next = self.b_valid.q.val() & (self.b_idx.q.val() == self.a_idx.q.val());
        self.b_fwd2.d.next = self.w_valid.q.val() & (self.w_idx.q.val() == self.a_idx.q.val());
        self.b_valid.d.next = self.a_valid.q.val();
        self.b_res.d.next = self.a_res.q.val();
        self.b_op.d.next = self.a_op.q.val();
        self.b_init.d.next = self.a_init.q.val();
        self.b_send.d.next = self.a_send.q.val();
        self.b_ack.d.next = self.a_ack.q.val();
        self.b_rsv.d.next = self.a_rsv.q.val();
        self.b_tmo.d.next = self.a_tmo.q.val();
        self.b_scan.d.next = self.a_scan.q.val();
        self.b_idx.d.next = self.a_idx.q.val();
        self.b_psn.d.next = self.a_psn.q.val();
        self.b_bhi1.d.next = self.a_bhi1.q.val();
        self.a_lo.next = self.a_psn.q.val().get_bits::<8>(0);
        self.b_circ.d.next = (self.a_sack.q.val() << self.a_lo.val())
            | ((self.a_sack.q.val() >> 1) >> !self.a_lo.val());
        self.b_cand.d.next = (self.a_cand.q.val() << self.a_lo.val())
            | ((self.a_cand.q.val() >> 1) >> !self.a_lo.val());
        self.lt.next = !(self.ones.val() << self.a_lo.val());
        self.a8.next = bits::<256>(0);
        if self.a_psn.q.val().get_bit(8) {
            self.a8.next = self.ones.val();
        }
        self.a9.next = bits::<256>(0);
        if self.a_psn.q.val().get_bit(9) {
            self.a9.next = self.ones.val();
        }
        self.b_eqlo.d.next = self.a8.val() ^ self.lt.val();
        self.b_eqhi.d.next = self.a9.val() ^ (self.a8.val() & self.lt.val());

        // ---- L: the state loop
        // The scan's clear of the emitted slot is applied one clock late:
        // `w_rec` holds the pending bits before it and `w_emit` the slot, so
        // the prefix OR ends at a register instead of feeding `pend_n` in
        // the same clock. `wc_rec` is the record with the clear applied,
        // the one every reader (forwarding, write-back) sees.
        self.wc_rec.next = self.w_rec.q.val()
            & !(bit_cast::<REC_BITS, 256>(self.w_emit.q.val()) << self.k_pend.val());
        if self.b_fwd1.q.val() {
            self.cur.next = self.wc_rec.val();
        } else if self.b_fwd2.q.val() {
            self.cur.next = self.w2_rec.q.val();
        } else {
            self.cur.next = self.recs.read_data.val();
        }
        self.cs_out.next = self.cur.val() >> self.k_out.val();
        self.cs_elo.next = self.cur.val() >> self.k_elo.val();
        self.cs_ehi.next = self.cur.val() >> self.k_ehi.val();
        self.cs_pend.next = self.cur.val() >> self.k_pend.val();
        self.nxt.next = self.cur.val().get_bits::<32>(0);
        self.out.next = self.cs_out.val().get_bits::<256>(0);
        self.elo.next = self.cs_elo.val().get_bits::<256>(0);
        self.ehi.next = self.cs_ehi.val().get_bits::<256>(0);
        self.pend.next = self.cs_pend.val().get_bits::<256>(0);
        // ACK: nxt - base < 512, as equalities of bits 31:9 and an order of 8:0
        self.n_hi.next = self.nxt.val().get_bits::<23>(9);
        self.n_lo9.next = self.nxt.val().get_bits::<9>(0);
        self.b_hi.next = self.b_psn.q.val().get_bits::<23>(9);
        self.b_lo9.next = self.b_psn.q.val().get_bits::<9>(0);
        self.ok.next = ((self.n_hi.val() == self.b_hi.val())
            & (self.n_lo9.val() >= self.b_lo9.val()))
            | ((self.n_hi.val() == self.b_bhi1.q.val()) & (self.n_lo9.val() < self.b_lo9.val()));
        self.same.next =
            !((self.elo.val() ^ self.b_eqlo.q.val()) | (self.ehi.val() ^ self.b_eqhi.q.val()));
        self.below.next = !((!self.elo.val() ^ self.b_eqlo.q.val())
            | ((self.ehi.val() ^ self.elo.val()) ^ self.b_eqhi.q.val()));
        self.acked.next = bits::<256>(0);
        self.lost.next = bits::<256>(0);
        if self.b_ack.q.val() & self.ok.val() {
            self.acked.next =
                self.out.val() & ((self.same.val() & self.b_circ.q.val()) | self.below.val());
            self.lost.next = self.out.val() & self.same.val() & self.b_cand.q.val();
        }
        if self.b_rsv.q.val() & self.ok.val() {
            self.acked.next = self.out.val() & self.same.val() & self.b_circ.q.val();
            self.lost.next = self.out.val() & self.same.val() & self.b_cand.q.val();
        }
        if self.b_tmo.q.val() {
            self.lost.next = self.out.val();
        }
        // send: the slot of nxt must be free. The busy bit of nxt's slot
        // (a 256:1 mux) and the scan's lowest pending slot (a prefix OR) are
        // computed from each of the three record sources (distance 1, 2,
        // RAM) in parallel and selected at the end, so the forwarding mux
        // is not in front of them (margin in the loop's logic depth).
        self.so_w.next = self.wc_rec.val() >> self.k_out.val();
        self.sp_w.next = self.wc_rec.val() >> self.k_pend.val();
        self.pn_w.next = self.sp_w.val().get_bits::<256>(0);
        self.bz_w.next = self.so_w.val().get_bits::<256>(0) | self.pn_w.val();
        self.nl_w.next = self.w_rec.q.val().get_bits::<8>(0);
        self.sb_w.next = self.bz_w.val().get_bit(self.nl_w.val().index());
        self.q0_w.next = self.pn_w.val() << 1;
        self.q1_w.next = self.q0_w.val()
            | (self.q0_w.val() << 1)
            | (self.q0_w.val() << 2)
            | (self.q0_w.val() << 3)
            | (self.q0_w.val() << 4)
            | (self.q0_w.val() << 5);
        self.q2_w.next = self.q1_w.val()
            | (self.q1_w.val() << 6)
            | (self.q1_w.val() << 12)
            | (self.q1_w.val() << 18)
            | (self.q1_w.val() << 24)
            | (self.q1_w.val() << 30);
        self.q3_w.next = self.q2_w.val()
            | (self.q2_w.val() << 36)
            | (self.q2_w.val() << 72)
            | (self.q2_w.val() << 108)
            | (self.q2_w.val() << 144)
            | (self.q2_w.val() << 180);
        self.q4_w.next = self.q3_w.val() | (self.q3_w.val() << 216);
        self.em_w.next = self.pn_w.val() & !self.q4_w.val();
        self.so_v.next = self.w2_rec.q.val() >> self.k_out.val();
        self.sp_v.next = self.w2_rec.q.val() >> self.k_pend.val();
        self.pn_v.next = self.sp_v.val().get_bits::<256>(0);
        self.bz_v.next = self.so_v.val().get_bits::<256>(0) | self.pn_v.val();
        self.nl_v.next = self.w2_rec.q.val().get_bits::<8>(0);
        self.sb_v.next = self.bz_v.val().get_bit(self.nl_v.val().index());
        self.q0_v.next = self.pn_v.val() << 1;
        self.q1_v.next = self.q0_v.val()
            | (self.q0_v.val() << 1)
            | (self.q0_v.val() << 2)
            | (self.q0_v.val() << 3)
            | (self.q0_v.val() << 4)
            | (self.q0_v.val() << 5);
        self.q2_v.next = self.q1_v.val()
            | (self.q1_v.val() << 6)
            | (self.q1_v.val() << 12)
            | (self.q1_v.val() << 18)
            | (self.q1_v.val() << 24)
            | (self.q1_v.val() << 30);
        self.q3_v.next = self.q2_v.val()
            | (self.q2_v.val() << 36)
            | (self.q2_v.val() << 72)
            | (self.q2_v.val() << 108)
            | (self.q2_v.val() << 144)
            | (self.q2_v.val() << 180);
        self.q4_v.next = self.q3_v.val() | (self.q3_v.val() << 216);
        self.em_v.next = self.pn_v.val() & !self.q4_v.val();
        self.so_r.next = self.recs.read_data.val() >> self.k_out.val();
        self.sp_r.next = self.recs.read_data.val() >> self.k_pend.val();
        self.pn_r.next = self.sp_r.val().get_bits::<256>(0);
        self.bz_r.next = self.so_r.val().get_bits::<256>(0) | self.pn_r.val();
        self.nl_r.next = self.recs.read_data.val().get_bits::<8>(0);
        self.sb_r.next = self.bz_r.val().get_bit(self.nl_r.val().index());
        self.q0_r.next = self.pn_r.val() << 1;
        self.q1_r.next = self.q0_r.val()
            | (self.q0_r.val() << 1)
            | (self.q0_r.val() << 2)
            | (self.q0_r.val() << 3)
            | (self.q0_r.val() << 4)
            | (self.q0_r.val() << 5);
        self.q2_r.next = self.q1_r.val()
            | (self.q1_r.val() << 6)
            | (self.q1_r.val() << 12)
            | (self.q1_r.val() << 18)
            | (self.q1_r.val() << 24)
            | (self.q1_r.val() << 30);
        self.q3_r.next = self.q2_r.val()
            | (self.q2_r.val() << 36)
            | (self.q2_r.val() << 72)
            | (self.q2_r.val() << 108)
            | (self.q2_r.val() << 144)
            | (self.q2_r.val() << 180);
        self.q4_r.next = self.q3_r.val() | (self.q3_r.val() << 216);
        self.em_r.next = self.pn_r.val() & !self.q4_r.val();
        if self.b_fwd1.q.val() {
            self.slot_busy.next = self.sb_w.val();
        } else if self.b_fwd2.q.val() {
            self.slot_busy.next = self.sb_v.val();
        } else {
            self.slot_busy.next = self.sb_r.val();
        }
        self.nxt_lo.next = self.nxt.val().get_bits::<8>(0);
        self.do_send.next = self.b_send.q.val() & !self.slot_busy.val();
        self.dsend.next = bits::<256>(0);
        if self.do_send.val() {
            self.dsend.next = bits::<256>(1) << self.nxt_lo.val();
        }
        self.dlo.next = bits::<256>(0);
        if self.nxt.val().get_bit(8) {
            self.dlo.next = self.dsend.val();
        }
        self.dhi.next = bits::<256>(0);
        if self.nxt.val().get_bit(9) {
            self.dhi.next = self.dsend.val();
        }
        // nxt + 1: prefix ANDs, inline (a sub-block inside the loop would
        // make Verilator see a combinational cycle through this block)
        self.na1.next = self.nxt.val() & ((self.nxt.val() << 1) | 1);
        self.na2.next = self.na1.val() & ((self.na1.val() << 2) | 3);
        self.na3.next = self.na2.val() & ((self.na2.val() << 4) | 0xf);
        self.na4.next = self.na3.val() & ((self.na3.val() << 8) | 0xff);
        self.na5.next = self.na4.val() & ((self.na4.val() << 16) | 0xffff);
        self.nxt_p1.next = self.nxt.val() ^ ((self.na5.val() << 1) | 1);
        // scan: the lowest pending slot (above, per source)
        self.emit.next = bits::<256>(0);
        if self.b_scan.q.val() {
            if self.b_fwd1.q.val() {
                self.emit.next = self.em_w.val();
            } else if self.b_fwd2.q.val() {
                self.emit.next = self.em_v.val();
            } else {
                self.emit.next = self.em_r.val();
            }
        }
        if self.b_init.q.val() {
            self.out_n.next = bits::<256>(0);
            self.pend_n.next = bits::<256>(0);
            self.elo_n.next = bits::<256>(0);
            self.ehi_n.next = bits::<256>(0);
            self.nxt_n.next = self.b_psn.q.val();
        } else {
            self.out_n.next =
                (self.out.val() & !self.acked.val() & !self.lost.val()) | self.dsend.val();
            self.pend_n.next = self.pend.val() | self.lost.val();
            self.elo_n.next = (self.elo.val() & !self.dsend.val()) | self.dlo.val();
            self.ehi_n.next = (self.ehi.val() & !self.dsend.val()) | self.dhi.val();
            if self.do_send.val() {
                self.nxt_n.next = self.nxt_p1.val();
            } else {
                self.nxt_n.next = self.nxt.val();
            }
        }
        self.w_rec.d.next = bit_cast::<REC_BITS, 32>(self.nxt_n.val())
            | (bit_cast::<REC_BITS, 256>(self.out_n.val()) << self.k_out.val())
            | (bit_cast::<REC_BITS, 256>(self.elo_n.val()) << self.k_elo.val())
            | (bit_cast::<REC_BITS, 256>(self.ehi_n.val()) << self.k_ehi.val())
            | (bit_cast::<REC_BITS, 256>(self.pend_n.val()) << self.k_pend.val());
        self.w_valid.d.next = self.b_valid.q.val();
        self.w_res.d.next = self.b_res.q.val();
        self.w_op.d.next = self.b_op.q.val();
        self.w_scan.d.next = self.b_scan.q.val();
        self.w_acktmo.d.next = self.b_ack.q.val() | self.b_rsv.q.val() | self.b_tmo.q.val();
        self.w_idx.d.next = self.b_idx.q.val();
        self.w_acc.d.next = self.do_send.val();
        self.w_psn.d.next = self.nxt.val();
        self.w_rej.d.next = (self.b_ack.q.val() | self.b_rsv.q.val()) & !self.ok.val();
        self.w_acked.d.next = self.acked.val();
        self.w_lost.d.next = self.lost.val();
        self.w_emit.d.next = self.emit.val();

        // ---- P1: write back; floor masks; emitted slot; reductions
        self.pc_acked.v.next = self.w_acked.q.val();
        self.pc_lost.v.next = self.w_lost.q.val();
        self.recs.write_address.next = self.w_idx.q.val();
        self.recs.write_data.next = self.wc_rec.val();
        self.recs.write_enable.next = self.w_valid.q.val();
        self.w2_valid.d.next = self.w_valid.q.val();
        self.w2_idx.d.next = self.w_idx.q.val();
        self.w2_rec.d.next = self.wc_rec.val();
        self.ws_out.next = self.w_rec.q.val() >> self.k_out.val();
        self.ws_pend.next = self.wc_rec.val() >> self.k_pend.val();
        self.w_nxt.next = self.w_rec.q.val().get_bits::<32>(0);
        self.w_out.next = self.ws_out.val().get_bits::<256>(0);
        self.w_pend.next = self.ws_pend.val().get_bits::<256>(0);
        self.p_valid.d.next = self.w_valid.q.val();
        self.p_res.d.next = self.w_res.q.val();
        self.p_op.d.next = self.w_op.q.val();
        self.p_scan.d.next = self.w_scan.q.val();
        self.p_acktmo.d.next = self.w_acktmo.q.val();
        self.p_idx.d.next = self.w_idx.q.val();
        self.p_acc.d.next = self.w_acc.q.val();
        self.p_psn.d.next = self.w_psn.q.val();
        self.p_rej.d.next = self.w_rej.q.val();
        self.p_nxt.d.next = self.w_nxt.val();
        self.add_nhm1.a.next = self.w_nxt.val().get_bits::<24>(8);
        self.add_nhm1.b.next = bits::<24>(0xff_ffff);
        self.add_nhm1.cin.next = false;
        self.p_nhm1.d.next = self.add_nhm1.sum.val();
        // slots at or after nxt's hold the oldest PSNs
        self.w_nlo.next = self.w_nxt.val().get_bits::<8>(0);
        self.p_hi.d.next = self.w_out.val() & (self.ones.val() << self.w_nlo.val());
        self.p_out.d.next = self.w_out.val();
        self.enc_emit.v.next = self.w_emit.q.val();
        self.p_eidx.d.next = self.enc_emit.idx.val();
        self.p_emit.d.next = self.w_emit.q.val().any();
        self.p_lany.d.next = self.w_lost.q.val().any();
        self.p_rany.d.next = self.w_pend.val().any();
        self.qram.read_address.next = self.w_idx.q.val();
        self.p_qf1.d.next = self.p_valid.q.val() & (self.p_idx.q.val() == self.w_idx.q.val());
        self.p_qf2.d.next = self.y_valid.q.val() & (self.y_idx.q.val() == self.w_idx.q.val());

        // ---- P2: the `queued` loop and the work-queue push; the lost queue
        if self.p_qf1.q.val() {
            self.qcur.next = self.y_q.q.val();
        } else if self.p_qf2.q.val() {
            self.qcur.next = self.y2_q.q.val();
        } else {
            self.qcur.next = self.qram.read_data.val();
        }
        self.push.next = self.p_valid.q.val()
            & ((self.p_acktmo.q.val() & self.p_lany.q.val() & !self.qcur.val())
                | (self.p_scan.q.val() & self.p_rany.q.val()));
        if self.p_scan.q.val() {
            self.y_q.d.next = self.p_rany.q.val();
        } else {
            self.y_q.d.next = self.qcur.val() | (self.p_acktmo.q.val() & self.p_lany.q.val());
        }
        self.y_valid.d.next = self.p_valid.q.val();
        self.y_idx.d.next = self.p_idx.q.val();
        self.y2_valid.d.next = self.y_valid.q.val();
        self.y2_idx.d.next = self.y_idx.q.val();
        self.y2_q.d.next = self.y_q.q.val();
        self.qram.write_address.next = self.y_idx.q.val();
        self.qram.write_data.next = self.y_q.q.val();
        self.qram.write_enable.next = self.y_valid.q.val();
        self.wq.write_address.next = self.ft.q.val().get_bits::<IDX>(0);
        self.wq.write_data.next = self.p_idx.q.val();
        self.wq.write_enable.next = self.push.val();
        self.add_ft.a.next = self.ft.q.val();
        self.add_ft.b.next = bits::<PTR>(0);
        self.add_ft.cin.next = self.push.val();
        self.ft.d.next = self.add_ft.sum.val();
        self.ft_d.d.next = self.ft.q.val();
        // the lost PSN: slots at or after nxt's hold PSNs of the block below
        if self.p_eidx.q.val() >= self.p_nxt.q.val().get_bits::<8>(0) {
            self.e_psn.next = (bit_cast::<32, 24>(self.p_nhm1.q.val()) << 8)
                | bit_cast::<32, 8>(self.p_eidx.q.val());
        } else {
            self.e_psn.next = (self.p_nxt.q.val() & bits::<32>(0xffff_ff00_u64))
                | bit_cast::<32, 8>(self.p_eidx.q.val());
        }
        self.emit_push.next = self.p_valid.q.val() & self.p_scan.q.val() & self.p_emit.q.val();
        self.rel_credit.next = self.p_valid.q.val() & self.p_scan.q.val() & !self.p_emit.q.val();
        self.oq.write_address.next = self.ot.q.val().get_bits::<3>(0);
        self.oq.write_data.next =
            bit_cast::<48, 32>(self.e_psn.val()) | (bit_cast::<48, IDX>(self.p_idx.q.val()) << 32);
        self.oq.write_enable.next = self.emit_push.val();
        if self.emit_push.val() {
            self.ot.d.next = self.ot.q.val() + 1;
        }
        self.ot_d.d.next = self.ot.q.val();
        self.oq_pop.next = (self.oh.q.val() != self.ot_d.q.val()) & self.lost_ready.val();
        self.oh_p1.next = self.oh.q.val() + 1;
        if self.oq_pop.val() {
            self.oq.read_address.next = self.oh_p1.val().get_bits::<3>(0);
            self.oh.d.next = self.oh_p1.val();
        } else {
            self.oq.read_address.next = self.oh.q.val().get_bits::<3>(0);
        }
        // scans in flight plus entries queued
        if self.pop.val() {
            self.cr_p.next = self.cr.q.val() + 1;
        } else {
            self.cr_p.next = self.cr.q.val();
        }
        if self.oq_pop.val() {
            self.cr_m.next = self.cr_p.val() - 1;
        } else {
            self.cr_m.next = self.cr_p.val();
        }
        if self.rel_credit.val() {
            self.cr.d.next = self.cr_m.val() - 1;
        } else {
            self.cr.d.next = self.cr_m.val();
        }
        // floor: isolate the first outstanding slot (oldest block first)
        self.low_hi.v.next = self.p_hi.q.val();
        self.low_all.v.next = self.p_out.q.val();
        self.q_isohi.d.next = self.low_hi.low.val();
        self.q_isoall.d.next = self.low_all.low.val();
        self.q_res.d.next = self.p_res.q.val();
        self.q_op.d.next = self.p_op.q.val();
        self.q_idx.d.next = self.p_idx.q.val();
        self.q_acc.d.next = self.p_acc.q.val();
        self.q_psn.d.next = self.p_psn.q.val();
        self.q_rej.d.next = self.p_rej.q.val();
        self.q_nxt.d.next = self.p_nxt.q.val();
        self.q_nhm1.d.next = self.p_nhm1.q.val();

        // ---- P3: the floor
        self.enc_hi.v.next = self.q_isohi.q.val();
        self.enc_all.v.next = self.q_isoall.q.val();
        self.una_hi.next = (bit_cast::<32, 24>(self.q_nhm1.q.val()) << 8)
            | bit_cast::<32, 8>(self.enc_hi.idx.val());
        self.una_all.next = (self.q_nxt.q.val() & bits::<32>(0xffff_ff00_u64))
            | bit_cast::<32, 8>(self.enc_all.idx.val());
        if self.q_isohi.q.val().any() {
            self.r_una.d.next = self.una_hi.val();
        } else if self.q_isoall.q.val().any() {
            self.r_una.d.next = self.una_all.val();
        } else {
            self.r_una.d.next = self.q_nxt.q.val();
        }
        self.r_idle.d.next = !self.q_isoall.q.val().any();
        self.r_res.d.next = self.q_res.q.val();
        self.r_op.d.next = self.q_op.q.val();
        self.r_idx.d.next = self.q_idx.q.val();
        self.r_acc.d.next = self.q_acc.q.val();
        self.r_psn.d.next = self.q_psn.q.val();
        self.r_rej.d.next = self.q_rej.q.val();
        self.r_nxt.d.next = self.q_nxt.q.val();

        // ---- P4: results (zero without one)
        self.add_fd.a.next = self.r_psn.q.val().get_bits::<16>(0);
        self.add_fd.b.next = !self.r_una.q.val().get_bits::<16>(0);
        self.add_fd.cin.next = true;
        self.s_valid.d.next = self.r_res.q.val();
        self.s_op.d.next = bits::<3>(0);
        self.s_idx.d.next = bits::<IDX>(0);
        self.s_acc.d.next = false;
        self.s_psn.d.next = bits::<32>(0);
        self.s_fd.d.next = bits::<16>(0);
        self.s_una.d.next = bits::<32>(0);
        self.s_nxt.d.next = bits::<32>(0);
        self.s_idle.d.next = false;
        self.s_rej.d.next = false;
        if self.r_res.q.val() {
            self.s_op.d.next = self.r_op.q.val();
            self.s_idx.d.next = self.r_idx.q.val();
            self.s_acc.d.next = self.r_acc.q.val();
            self.s_psn.d.next = self.r_psn.q.val();
            self.s_fd.d.next = self.add_fd.sum.val();
            self.s_una.d.next = self.r_una.q.val();
            self.s_nxt.d.next = self.r_nxt.q.val();
            self.s_idle.d.next = self.r_idle.q.val();
            self.s_rej.d.next = self.r_rej.q.val();
        }

        // ---- counters (a result is counted on the edge after it shows)
        self.add_c_acks.a.next = self.c_acks.q.val();
        self.add_c_acks.b.next = bits::<32>(0);
        self.add_c_acks.cin.next =
            self.s_valid.q.val() & (self.s_op.q.val() == self.k_ack.val()) & !self.s_rej.q.val();
        self.c_acks.d.next = self.add_c_acks.sum.val();
        self.add_c_rej.a.next = self.c_rej.q.val();
        self.add_c_rej.b.next = bits::<32>(0);
        self.add_c_rej.cin.next = self.s_rej.q.val();
        self.c_rej.d.next = self.add_c_rej.sum.val();
        self.add_c_lost.a.next = self.c_lost.q.val();
        self.add_c_lost.b.next = bit_cast::<32, 9>(self.pc_lost.count.val());
        self.add_c_lost.cin.next = false;
        self.c_lost.d.next = self.add_c_lost.sum.val();
        self.add_c_tmo.a.next = self.c_tmo.q.val();
        self.add_c_tmo.b.next = bits::<32>(0);
        self.add_c_tmo.cin.next = self.s_valid.q.val() & (self.s_op.q.val() == self.k_tmo.val());
        self.c_tmo.d.next = self.add_c_tmo.sum.val();
        self.add_c_retx.a.next = self.c_retx.q.val();
        self.add_c_retx.b.next = bits::<32>(0);
        self.add_c_retx.cin.next = self.oq_pop.val();
        self.c_retx.d.next = self.add_c_retx.sum.val();

        // ---- outputs
        self.op_ready.next = !self.stall.q.val();
        self.res_valid.next = self.s_valid.q.val();
        self.res_op.next = self.s_op.q.val();
        self.res_idx.next = self.s_idx.q.val();
        self.res_accepted.next = self.s_acc.q.val();
        self.res_psn.next = self.s_psn.q.val();
        self.res_slot.next = self.s_psn.q.val().get_bits::<8>(0);
        self.res_floor_delta.next = self.s_fd.q.val();
        self.res_una.next = self.s_una.q.val();
        self.res_nxt.next = self.s_nxt.q.val();
        self.res_idle.next = self.s_idle.q.val();
        self.res_acked.next = self.pc_acked.count.val();
        self.res_lost.next = self.pc_lost.count.val();
        self.res_rejected.next = self.s_rej.q.val();
        self.lost_valid.next = self.oh.q.val() != self.ot_d.q.val();
        self.lost_idx.next = self.oq.read_data.val().get_bits::<IDX>(32);
        self.lost_psn.next = self.oq.read_data.val().get_bits::<32>(0);
        self.lost_slot.next = self.oq.read_data.val().get_bits::<8>(0);
        self.cnt_acks.next = self.c_acks.q.val();
        self.cnt_rejected.next = self.c_rej.q.val();
        self.cnt_lost.next = self.c_lost.q.val();
        self.cnt_timeouts.next = self.c_tmo.q.val();
        self.cnt_retx.next = self.c_retx.q.val();
    }
}

/// The exported full-size table (`tx_path_table`, 16,384 paths).
pub type TxPathTableFull = TxPathTable<IDX_FULL, { IDX_FULL + 1 }>;
/// The exported tiny table (`tx_path_table_tiny`, 64 paths).
pub type TxPathTableTiny = TxPathTable<IDX_TINY, { IDX_TINY + 1 }>;
/// The exported mid table (`tx_path_table_mid`, 8,192 paths).
pub type TxPathTableMid = TxPathTable<13, 14>;
