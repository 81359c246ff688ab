//! Completion-queue writer: turns completion events into 32-byte CQEs
//! (braid-spec `host::CQE`) written by DMA into the completion rings in
//! host memory, with the ring bookkeeping (producer index, the consumer
//! index from the CQ doorbell, the owner bit, overrun) of every CQ in
//! block RAM.
//!
//! # Behaviour (normative; `braid_model::CqWriterModel` is the bit-
//! and cycle-exact reference)
//!
//! ## Completion queues
//!
//! The block holds `2^IDX` CQ contexts (`cq_writer`: IDX = 10, 1,024 CQs,
//! one per connection of the default build; `cq_writer_tiny`: IDX = 4).
//! A context is `iova` (ring base, 64 bits), `pi` (producer index, CQEs
//! written, modulo 2^16), `limit` (`ci + 2^log2` modulo 2^16: the producer
//! index at which the ring is full), `log2` (the ring has `2^log2` entries,
//! 0..=15), `valid` and `overrun` (sticky: a completion was dropped because
//! the ring was full). Layout in the RAM word: iova 63:0, pi 79:64, limit
//! 95:80, log2 99:96, valid 100, overrun 101. At power-up every context is
//! zero (not valid).
//!
//! ## Operations
//!
//! One operation per clock, taken at an edge where `op_valid && op_ready`
//! (`op_ready` is a function of registers only). Operations take effect in
//! order on the context as left by every earlier one, at any distance (no
//! stalls, no lost updates).
//!
//! * `OP_CQE` (0): write the completion `c_*` (every field of braid-spec's
//!   CQE but `owner`) into CQ `cq`. Not valid: dropped, `DROP_NO_CQ`.
//!   Full (`pi == limit`, i.e. `pi - ci == 2^log2` entries waiting):
//!   dropped, `DROP_FULL`, `overrun` set. Otherwise `WRITTEN`: the CQE goes
//!   to ring slot `pi mod 2^log2` with `owner` = 1 on even passes over the
//!   ring (`pi / 2^log2` even) and 0 on odd ones, and `pi` advances.
//! * `OP_CREATE` (1): `iova = arg_iova`, `log2 = arg_log2`, `pi = 0`,
//!   `limit = 2^log2` (an empty ring: `ci` = 0), valid, overrun cleared.
//!   The command processor checks the arguments (`iova` 32-byte aligned);
//!   this block takes them as given.
//! * `OP_DOORBELL` (2): the driver consumed CQEs up to `arg_ci`: `limit =
//!   arg_ci + 2^log2`. A doorbell on a context that is not valid changes
//!   nothing but `limit`.
//! * `OP_DESTROY` (3): valid cleared (later completions to the CQ are
//!   dropped and counted).
//!
//! ## Outputs
//!
//! * Results: for every operation, 3 rising edges after the edge that took
//!   it, `res_valid`, `res_op`, `res_cq`, `res_status` (`ST_*`: `WRITTEN`
//!   for a written CQE, `DROP_FULL`, `DROP_NO_CQ`, and `WRITTEN` (0) for
//!   the other operations), `res_pi` (the context's `pi` after the
//!   operation), `res_overrun` and `res_cq_valid` (the context after it)
//!   show for one clock; zero otherwise.
//! * DMA writes: a written CQE leaves as one write of 32 bytes on the DMA
//!   write stream 4 edges after its operation was taken (when the output
//!   queue is empty and `dw_ready`): `dw_valid`/`dw_ready`, `dw_addr` =
//!   `iova + 32 * (pi mod 2^log2)`, `dw_len` = 32, `dw_data` with byte `i`
//!   of the CQE in lane `i` (bits 8i+7..8i; lanes 32..63 zero), `dw_last` =
//!   1 (a CQE is one beat), `dw_cq` (the CQ, for the interrupt logic of the
//!   top); all zero while `dw_valid` is 0. AXI-Stream rules: `dw_valid` does not wait for `dw_ready`, the
//!   beat is held while `dw_valid && !dw_ready`, and writes leave in the
//!   order of their operations.
//! * Flow control: the output queue holds `QUEUE` = 8 writes. A CQE
//!   operation takes a credit when it is taken and returns it when its
//!   write leaves, or 2 edges after it was taken when it is dropped;
//!   `op_ready` = fewer than `QUEUE` credits taken. The queue can never
//!   overflow; with `dw_ready` high, an operation every clock is taken
//!   every clock (a credit comes back 5 edges after it was taken).
//! * Counters (wrap at 2^32), one clock after the result: `cnt_written`,
//!   `cnt_full` (dropped on a full ring), `cnt_no_cq`.
//!
//! ## Pipeline
//!
//! E0 registers the operation and packs the CQE; E0-E1 precomputes
//! `ci + 2^k` for all 16 `k` and the RAM read of `cq` is registered at E1. E1-E2 is the
//! update stage, the only state loop: the context comes from the previous
//! operation's result (same CQ one clock apart), from the one before (two
//! apart: its write lands on the edge that reads, and the RAM returns the
//! old word, read-first), or from the RAM, by registered index compares.
//! E2 registers the new context and status; E2-E3 writes it back, masks the
//! slot and adds the low 21 bits of the address; E3 registers the results
//! and the carry; E3-E4 finishes the address (bits 63:21 by carry select
//! between the base and the base + 1, both computed at E2-E3); E4 pushes
//! the write into the output queue.

use crate::prefix_add::PrefixAdd;
use braid_spec::host::cqe;
use braid_spec::host::CQE_BYTES;
use rust_hdl::prelude::*;

/// `op`: write a completion.
pub const OP_CQE: u64 = 0;
/// `op`: create (or re-create) a CQ.
pub const OP_CREATE: u64 = 1;
/// `op`: the CQ doorbell (new consumer index).
pub const OP_DOORBELL: u64 = 2;
/// `op`: destroy a CQ.
pub const OP_DESTROY: u64 = 3;

/// `res_status`: written (or, for other operations, done).
pub const ST_WRITTEN: u64 = 0;
/// `res_status`: dropped, the ring was full.
pub const ST_DROP_FULL: u64 = 1;
/// `res_status`: dropped, the CQ is not valid.
pub const ST_DROP_NO_CQ: u64 = 2;

/// Context word width.
pub const CTX_BITS: usize = 102;
/// Output queue depth (writes).
pub const QUEUE: usize = 8;
/// Index bits of the exported full-size block (1,024 CQs).
pub const IDX_FULL: usize = 10;
/// Index bits of the exported tiny block (16 CQs).
pub const IDX_TINY: usize = 4;

const _: () = assert!(CQE_BYTES == 32);
const _: () = assert!(cqe::OWNER.bits == 1 || cqe::OWNER.bits == 8);

/// Queue entry: address 63:0, CQE 319:64, CQ 335:320.
const ENTRY: usize = 336;

hdl_block! {
    /// Completion-queue writer with `2^IDX` CQs.
    pub struct CqWriter<const IDX: usize> {
        /// Engine clock.
        pub clock: Signal<In, Clock>,
        /// An operation is offered.
        pub op_valid: Signal<In, Bit>,
        /// The block takes an operation this clock.
        pub op_ready: Signal<Out, Bit>,
        /// `OP_*`.
        pub op: Signal<In, Bits<2>>,
        /// Completion queue.
        pub cq: Signal<In, Bits<IDX>>,
        /// `OP_CREATE`: ring base address.
        pub arg_iova: Signal<In, Bits<64>>,
        /// `OP_CREATE`: log2 of the ring's entries.
        pub arg_log2: Signal<In, Bits<4>>,
        /// `OP_DOORBELL`: new consumer index.
        pub arg_ci: Signal<In, Bits<16>>,
        /// CQE `wr_id`.
        pub c_wr_id: Signal<In, Bits<64>>,
        /// CQE `byte_len`.
        pub c_byte_len: Signal<In, Bits<32>>,
        /// CQE `imm`.
        pub c_imm: Signal<In, Bits<32>>,
        /// CQE `msn`.
        pub c_msn: Signal<In, Bits<32>>,
        /// CQE `conn`.
        pub c_conn: Signal<In, Bits<24>>,
        /// CQE `opcode`.
        pub c_opcode: Signal<In, Bits<8>>,
        /// CQE `status`.
        pub c_status: Signal<In, Bits<8>>,
        /// CQE `stream`.
        pub c_stream: Signal<In, Bits<8>>,
        /// CQE `flags`.
        pub c_flags: Signal<In, Bits<8>>,
        /// DMA write beat valid.
        pub dw_valid: Signal<Out, Bit>,
        /// DMA write beat taken.
        pub dw_ready: Signal<In, Bit>,
        /// DMA write address (first byte).
        pub dw_addr: Signal<Out, Bits<64>>,
        /// DMA write length in bytes (32).
        pub dw_len: Signal<Out, Bits<16>>,
        /// DMA write data, byte i in lane i.
        pub dw_data: Signal<Out, Bits<512>>,
        /// Last beat of the write (always: a CQE is one beat).
        pub dw_last: Signal<Out, Bit>,
        /// The CQ the write belongs to.
        pub dw_cq: Signal<Out, Bits<IDX>>,
        /// A result.
        pub res_valid: Signal<Out, Bit>,
        /// Its operation.
        pub res_op: Signal<Out, Bits<2>>,
        /// Its CQ.
        pub res_cq: Signal<Out, Bits<IDX>>,
        /// `ST_*`.
        pub res_status: Signal<Out, Bits<2>>,
        /// The context's producer index after the operation.
        pub res_pi: Signal<Out, Bits<16>>,
        /// The context's overrun flag after the operation.
        pub res_overrun: Signal<Out, Bit>,
        /// The context's valid flag after the operation.
        pub res_cq_valid: Signal<Out, Bit>,
        /// CQEs written.
        pub cnt_written: Signal<Out, Bits<32>>,
        /// Completions dropped on a full ring.
        pub cnt_full: Signal<Out, Bits<32>>,
        /// Completions dropped for a CQ that is not valid.
        pub cnt_no_cq: Signal<Out, Bits<32>>,
        // CQE field positions from braid-spec
        k_wr_id: Constant<Bits<9>> = lsb(cqe::WR_ID),
        k_byte_len: Constant<Bits<9>> = lsb(cqe::BYTE_LEN),
        k_imm: Constant<Bits<9>> = lsb(cqe::IMM),
        k_msn: Constant<Bits<9>> = lsb(cqe::MSN),
        k_conn: Constant<Bits<9>> = lsb(cqe::CONN),
        k_opcode: Constant<Bits<9>> = lsb(cqe::OPCODE),
        k_status: Constant<Bits<9>> = lsb(cqe::STATUS),
        k_stream: Constant<Bits<9>> = lsb(cqe::STREAM),
        k_flags: Constant<Bits<9>> = lsb(cqe::FLAGS),
        k_owner: Constant<Bits<9>> = lsb(cqe::OWNER),
        k_queue: Constant<Bits<4>> = Constant::new(bits(QUEUE as u64)),
        ctx: RAM<Bits<CTX_BITS>, IDX>,
        // credits and output queue
        credits: DFF<Bits<4>>,
        fill: DFF<Bits<4>>,
        e0: DFF<Bits<ENTRY>>,
        e1: DFF<Bits<ENTRY>>,
        e2: DFF<Bits<ENTRY>>,
        e3: DFF<Bits<ENTRY>>,
        e4: DFF<Bits<ENTRY>>,
        e5: DFF<Bits<ENTRY>>,
        e6: DFF<Bits<ENTRY>>,
        e7: DFF<Bits<ENTRY>>,
        // E0
        i_valid: DFF<Bit>,
        i_op: DFF<Bits<2>>,
        i_cq: DFF<Bits<IDX>>,
        i_iova: DFF<Bits<64>>,
        i_log2: DFF<Bits<4>>,
        i_cqe: DFF<Bits<256>>,
        i_ci: DFF<Bits<16>>,
        // E1: update-stage inputs
        q_valid: DFF<Bit>,
        q_op: DFF<Bits<2>>,
        q_cq: DFF<Bits<IDX>>,
        q_iova: DFF<Bits<64>>,
        q_log2: DFF<Bits<4>>,
        q_cqe: DFF<Bits<256>>,
        q_lim: DFF<Bits<256>>,
        q_fwd1: DFF<Bit>,
        q_fwd2: DFF<Bit>,
        // E2: the new context
        w_valid: DFF<Bit>,
        w_op: DFF<Bits<2>>,
        w_cq: DFF<Bits<IDX>>,
        w_ctx: DFF<Bits<CTX_BITS>>,
        w_status: DFF<Bits<2>>,
        w_slot: DFF<Bits<16>>,
        w_owner: DFF<Bit>,
        w_cqe: DFF<Bits<256>>,
        // E2 -> E3 forwarding copy
        w2_valid: DFF<Bit>,
        w2_cq: DFF<Bits<IDX>>,
        w2_ctx: DFF<Bits<CTX_BITS>>,
        // E3: results, low address
        r_valid: DFF<Bit>,
        r_op: DFF<Bits<2>>,
        r_cq: DFF<Bits<IDX>>,
        r_status: DFF<Bits<2>>,
        r_pi: DFF<Bits<16>>,
        r_overrun: DFF<Bit>,
        r_cq_valid: DFF<Bit>,
        a_write: DFF<Bit>,
        a_lo: DFF<Bits<21>>,
        a_carry: DFF<Bit>,
        a_mid: DFF<Bits<22>>,
        a_mid_p1: DFF<Bits<22>>,
        a_mid_ones: DFF<Bit>,
        a_hi: DFF<Bits<21>>,
        a_hi_p1: DFF<Bits<21>>,
        a_cqe: DFF<Bits<256>>,
        a_cq: DFF<Bits<IDX>>,
        // E4: the write to queue
        p_valid: DFF<Bit>,
        p_entry: DFF<Bits<ENTRY>>,
        n_written: DFF<Bits<32>>,
        n_full: DFF<Bits<32>>,
        n_no_cq: DFF<Bits<32>>,
        add_lo: PrefixAdd<22>,
        add_mid: PrefixAdd<22>,
        add_hi: PrefixAdd<21>,
        // combinational
        taken: Signal<Local, Bit>,
        take_cqe: Signal<Local, Bit>,
        pop: Signal<Local, Bit>,
        drop: Signal<Local, Bit>,
        l0: Signal<Local, Bits<16>>,
        l1: Signal<Local, Bits<16>>,
        l2: Signal<Local, Bits<16>>,
        l3: Signal<Local, Bits<16>>,
        l4: Signal<Local, Bits<16>>,
        l5: Signal<Local, Bits<16>>,
        l6: Signal<Local, Bits<16>>,
        l7: Signal<Local, Bits<16>>,
        l8: Signal<Local, Bits<16>>,
        l9: Signal<Local, Bits<16>>,
        l10: Signal<Local, Bits<16>>,
        l11: Signal<Local, Bits<16>>,
        l12: Signal<Local, Bits<16>>,
        l13: Signal<Local, Bits<16>>,
        l14: Signal<Local, Bits<16>>,
        l15: Signal<Local, Bits<16>>,
        cur: Signal<Local, Bits<CTX_BITS>>,
        c_iova: Signal<Local, Bits<64>>,
        c_pi: Signal<Local, Bits<16>>,
        c_limit: Signal<Local, Bits<16>>,
        c_log2: Signal<Local, Bits<4>>,
        c_valid: Signal<Local, Bit>,
        c_over: Signal<Local, Bit>,
        lim_sh: Signal<Local, Bits<256>>,
        c_lim_sel: Signal<Local, Bits<16>>,
        full: Signal<Local, Bit>,
        pi_p1: Signal<Local, Bits<16>>,
        n_iova: Signal<Local, Bits<64>>,
        n_pi: Signal<Local, Bits<16>>,
        n_limit: Signal<Local, Bits<16>>,
        n_log2: Signal<Local, Bits<4>>,
        n_valid: Signal<Local, Bit>,
        n_over: Signal<Local, Bit>,
        n_status: Signal<Local, Bits<2>>,
        s_mask: Signal<Local, Bits<16>>,
        s_iova: Signal<Local, Bits<64>>,
        new_entry: Signal<Local, Bits<ENTRY>>,
        e_mid: Signal<Local, Bits<22>>,
        e_hi: Signal<Local, Bits<21>>,
    }
}

fn lsb(f: &braid_spec::StateField) -> Constant<Bits<9>> {
    Constant::new(bits(f.lsb as u64))
}

impl<const IDX: usize> Logic for CqWriter<IDX> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, credits, fill, e0, e1, e2, e3, e4, e5, e6, e7, i_valid, i_op, i_cq,
            i_iova, i_log2, i_cqe, i_ci, q_valid, q_op, q_cq, q_iova, q_log2, q_cqe, q_lim, q_fwd1,
            q_fwd2, w_valid, w_op, w_cq, w_ctx, w_status, w_slot, w_owner, w_cqe, w2_valid, w2_cq,
            w2_ctx, r_valid, r_op, r_cq, r_status, r_pi, r_overrun, r_cq_valid, a_write, a_lo,
            a_carry, a_mid, a_mid_p1, a_mid_ones, a_hi, a_hi_p1, a_cqe, a_cq, p_valid, p_entry,
            n_written, n_full, n_no_cq
        );
        self.ctx.read_clock.next = self.clock.val();
        self.ctx.write_clock.next = self.clock.val();

        // ---- flow control: credits for CQE operations
        self.op_ready.next = self.credits.q.val() < self.k_queue.val();
        self.taken.next = self.op_valid.val() & (self.credits.q.val() < self.k_queue.val());
        self.take_cqe.next = self.taken.val() & (self.op.val() == 0);
        self.pop.next = self.fill.q.val().any() & self.dw_ready.val();
        // a CQE operation that was dropped returns its credit at E3
        self.drop.next =
            self.w_valid.q.val() & (self.w_op.q.val() == 0) & (self.w_status.q.val() != 0);
        self.credits.d.next = self.credits.q.val() + bit_cast::<4, 1>(self.take_cqe.val().into())
            - bit_cast::<4, 1>(self.pop.val().into())
            - bit_cast::<4, 1>(self.drop.val().into());

        // ---- E0: register the operation, pack the CQE, ci + 2^k
        self.i_valid.d.next = self.taken.val();
        self.i_op.d.next = self.op.val();
        self.i_cq.d.next = self.cq.val();
        self.i_iova.d.next = self.arg_iova.val();
        self.i_log2.d.next = self.arg_log2.val();
        self.i_cqe.d.next = (bit_cast::<256, 64>(self.c_wr_id.val()) << self.k_wr_id.val())
            | (bit_cast::<256, 32>(self.c_byte_len.val()) << self.k_byte_len.val())
            | (bit_cast::<256, 32>(self.c_imm.val()) << self.k_imm.val())
            | (bit_cast::<256, 32>(self.c_msn.val()) << self.k_msn.val())
            | (bit_cast::<256, 24>(self.c_conn.val()) << self.k_conn.val())
            | (bit_cast::<256, 8>(self.c_opcode.val()) << self.k_opcode.val())
            | (bit_cast::<256, 8>(self.c_status.val()) << self.k_status.val())
            | (bit_cast::<256, 8>(self.c_stream.val()) << self.k_stream.val())
            | (bit_cast::<256, 8>(self.c_flags.val()) << self.k_flags.val());
        self.i_ci.d.next = self.arg_ci.val();

        // ---- E0-E1: RAM read, forwarding selects
        self.ctx.read_address.next = self.i_cq.q.val();
        self.q_valid.d.next = self.i_valid.q.val();
        self.q_op.d.next = self.i_op.q.val();
        self.q_cq.d.next = self.i_cq.q.val();
        self.q_iova.d.next = self.i_iova.q.val();
        self.q_log2.d.next = self.i_log2.q.val();
        self.q_cqe.d.next = self.i_cqe.q.val();
        // the 16 candidate limits ci + 2^k, k = 0..15: the update stage
        // selects one by the context's log2 instead of adding
        self.l0.next = self.i_ci.q.val() + bits::<16>(1);
        self.l1.next = self.i_ci.q.val() + bits::<16>(2);
        self.l2.next = self.i_ci.q.val() + bits::<16>(4);
        self.l3.next = self.i_ci.q.val() + bits::<16>(8);
        self.l4.next = self.i_ci.q.val() + bits::<16>(16);
        self.l5.next = self.i_ci.q.val() + bits::<16>(32);
        self.l6.next = self.i_ci.q.val() + bits::<16>(64);
        self.l7.next = self.i_ci.q.val() + bits::<16>(128);
        self.l8.next = self.i_ci.q.val() + bits::<16>(256);
        self.l9.next = self.i_ci.q.val() + bits::<16>(512);
        self.l10.next = self.i_ci.q.val() + bits::<16>(1024);
        self.l11.next = self.i_ci.q.val() + bits::<16>(2048);
        self.l12.next = self.i_ci.q.val() + bits::<16>(4096);
        self.l13.next = self.i_ci.q.val() + bits::<16>(8192);
        self.l14.next = self.i_ci.q.val() + bits::<16>(16384);
        self.l15.next = self.i_ci.q.val() + bits::<16>(32768);
        self.q_lim.d.next = bit_cast::<256, 16>(self.l0.val())
            | (bit_cast::<256, 16>(self.l1.val()) << bits::<9>(16))
            | (bit_cast::<256, 16>(self.l2.val()) << bits::<9>(32))
            | (bit_cast::<256, 16>(self.l3.val()) << bits::<9>(48))
            | (bit_cast::<256, 16>(self.l4.val()) << bits::<9>(64))
            | (bit_cast::<256, 16>(self.l5.val()) << bits::<9>(80))
            | (bit_cast::<256, 16>(self.l6.val()) << bits::<9>(96))
            | (bit_cast::<256, 16>(self.l7.val()) << bits::<9>(112))
            | (bit_cast::<256, 16>(self.l8.val()) << bits::<9>(128))
            | (bit_cast::<256, 16>(self.l9.val()) << bits::<9>(144))
            | (bit_cast::<256, 16>(self.l10.val()) << bits::<9>(160))
            | (bit_cast::<256, 16>(self.l11.val()) << bits::<9>(176))
            | (bit_cast::<256, 16>(self.l12.val()) << bits::<9>(192))
            | (bit_cast::<256, 16>(self.l13.val()) << bits::<9>(208))
            | (bit_cast::<256, 16>(self.l14.val()) << bits::<9>(224))
            | (bit_cast::<256, 16>(self.l15.val()) << bits::<9>(240));
        self.q_fwd1.d.next = self.q_valid.q.val() & (self.q_cq.q.val() == self.i_cq.q.val());
        self.q_fwd2.d.next = self.w_valid.q.val() & (self.w_cq.q.val() == self.i_cq.q.val());

        // ---- E1-E2: the update (the state loop)
        if self.q_fwd1.q.val() {
            self.cur.next = self.w_ctx.q.val();
        } else if self.q_fwd2.q.val() {
            self.cur.next = self.w2_ctx.q.val();
        } else {
            self.cur.next = self.ctx.read_data.val();
        }
        self.c_iova.next = self.cur.val().get_bits::<64>(0);
        self.c_pi.next = self.cur.val().get_bits::<16>(64);
        self.c_limit.next = self.cur.val().get_bits::<16>(80);
        self.c_log2.next = self.cur.val().get_bits::<4>(96);
        self.c_valid.next = self.cur.val().get_bit(100);
        self.c_over.next = self.cur.val().get_bit(101);
        self.lim_sh.next =
            self.q_lim.q.val() >> (bit_cast::<8, 4>(self.c_log2.val()) << bits::<8>(4));
        self.c_lim_sel.next = self.lim_sh.val().get_bits::<16>(0);
        self.full.next = self.c_pi.val() == self.c_limit.val();
        self.pi_p1.next = self.c_pi.val() + 1;
        self.n_iova.next = self.c_iova.val();
        self.n_pi.next = self.c_pi.val();
        self.n_limit.next = self.c_limit.val();
        self.n_log2.next = self.c_log2.val();
        self.n_valid.next = self.c_valid.val();
        self.n_over.next = self.c_over.val();
        self.n_status.next = 0.into();
        if self.q_op.q.val() == 0 {
            if !self.c_valid.val() {
                self.n_status.next = 2.into();
            } else if self.full.val() {
                self.n_status.next = 1.into();
                self.n_over.next = true;
            } else {
                self.n_pi.next = self.pi_p1.val();
            }
        } else if self.q_op.q.val() == 1 {
            self.n_iova.next = self.q_iova.q.val();
            self.n_pi.next = 0.into();
            self.n_limit.next = bits::<16>(1) << self.q_log2.q.val();
            self.n_log2.next = self.q_log2.q.val();
            self.n_valid.next = true;
            self.n_over.next = false;
        } else if self.q_op.q.val() == 2 {
            self.n_limit.next = self.c_lim_sel.val();
        } else {
            self.n_valid.next = false;
        }
        self.w_valid.d.next = self.q_valid.q.val();
        self.w_op.d.next = self.q_op.q.val();
        self.w_cq.d.next = self.q_cq.q.val();
        self.w_ctx.d.next = bit_cast::<CTX_BITS, 64>(self.n_iova.val())
            | (bit_cast::<CTX_BITS, 16>(self.n_pi.val()) << bits::<7>(64))
            | (bit_cast::<CTX_BITS, 16>(self.n_limit.val()) << bits::<7>(80))
            | (bit_cast::<CTX_BITS, 4>(self.n_log2.val()) << bits::<7>(96))
            | (bit_cast::<CTX_BITS, 1>(self.n_valid.val().into()) << bits::<7>(100))
            | (bit_cast::<CTX_BITS, 1>(self.n_over.val().into()) << bits::<7>(101));
        self.w_status.d.next = self.n_status.val();
        // the slot (pi mod 2^log2) and the pass parity, for the address
        self.s_mask.next = !(bits::<16>(0xffff) << self.c_log2.val());
        self.w_slot.d.next = self.c_pi.val() & self.s_mask.val();
        self.w_owner.d.next = !self.c_pi.val().get_bit(self.c_log2.val().index());
        self.w_cqe.d.next = self.q_cqe.q.val();

        // ---- E2-E3: write back, results, slot address (low 21 bits)
        self.ctx.write_address.next = self.w_cq.q.val();
        self.ctx.write_data.next = self.w_ctx.q.val();
        self.ctx.write_enable.next = self.w_valid.q.val();
        self.w2_valid.d.next = self.w_valid.q.val();
        self.w2_cq.d.next = self.w_cq.q.val();
        self.w2_ctx.d.next = self.w_ctx.q.val();
        self.r_valid.d.next = self.w_valid.q.val();
        if self.w_valid.q.val() {
            self.r_op.d.next = self.w_op.q.val();
            self.r_cq.d.next = self.w_cq.q.val();
            self.r_status.d.next = self.w_status.q.val();
            self.r_pi.d.next = self.w_ctx.q.val().get_bits::<16>(64);
            self.r_overrun.d.next = self.w_ctx.q.val().get_bit(101);
            self.r_cq_valid.d.next = self.w_ctx.q.val().get_bit(100);
        } else {
            self.r_op.d.next = 0.into();
            self.r_cq.d.next = 0.into();
            self.r_status.d.next = 0.into();
            self.r_pi.d.next = 0.into();
            self.r_overrun.d.next = false;
            self.r_cq_valid.d.next = false;
        }
        self.s_iova.next = self.w_ctx.q.val().get_bits::<64>(0);
        self.add_lo.a.next = bit_cast::<22, 21>(self.s_iova.val().get_bits::<21>(0));
        self.add_lo.b.next =
            bit_cast::<22, 21>(bit_cast::<21, 16>(self.w_slot.q.val()) << bits::<3>(5));
        self.add_lo.cin.next = false;
        self.a_write.d.next =
            self.w_valid.q.val() & (self.w_op.q.val() == 0) & (self.w_status.q.val() == 0);
        self.a_lo.d.next = self.add_lo.sum.val().get_bits::<21>(0);
        self.a_carry.d.next = self.add_lo.sum.val().get_bit(21);
        // carry select for bits 63:21: both halves also incremented here
        self.add_mid.a.next = self.s_iova.val().get_bits::<22>(21);
        self.add_mid.b.next = 0.into();
        self.add_mid.cin.next = true;
        self.add_hi.a.next = self.s_iova.val().get_bits::<21>(43);
        self.add_hi.b.next = 0.into();
        self.add_hi.cin.next = true;
        self.a_mid.d.next = self.s_iova.val().get_bits::<22>(21);
        self.a_mid_p1.d.next = self.add_mid.sum.val();
        self.a_mid_ones.d.next = self.s_iova.val().get_bits::<22>(21).all();
        self.a_hi.d.next = self.s_iova.val().get_bits::<21>(43);
        self.a_hi_p1.d.next = self.add_hi.sum.val();
        self.a_cqe.d.next = self.w_cqe.q.val()
            | (bit_cast::<256, 1>(self.w_owner.q.val().into()) << self.k_owner.val());
        self.a_cq.d.next = self.w_cq.q.val();
        // counters
        if self.r_valid.q.val() & (self.r_op.q.val() == 0) {
            if self.r_status.q.val() == 0 {
                self.n_written.d.next = self.n_written.q.val() + 1;
            } else if self.r_status.q.val() == 1 {
                self.n_full.d.next = self.n_full.q.val() + 1;
            } else {
                self.n_no_cq.d.next = self.n_no_cq.q.val() + 1;
            }
        }

        // ---- E3-E4: address high part (carry select), the queue entry
        if self.a_carry.q.val() {
            self.e_mid.next = self.a_mid_p1.q.val();
        } else {
            self.e_mid.next = self.a_mid.q.val();
        }
        if self.a_carry.q.val() & self.a_mid_ones.q.val() {
            self.e_hi.next = self.a_hi_p1.q.val();
        } else {
            self.e_hi.next = self.a_hi.q.val();
        }
        self.p_valid.d.next = self.a_write.q.val();
        self.p_entry.d.next = bit_cast::<ENTRY, 21>(self.a_lo.q.val())
            | (bit_cast::<ENTRY, 22>(self.e_mid.val()) << bits::<9>(21))
            | (bit_cast::<ENTRY, 21>(self.e_hi.val()) << bits::<9>(43))
            | (bit_cast::<ENTRY, 256>(self.a_cqe.q.val()) << bits::<7>(64))
            | (bit_cast::<ENTRY, IDX>(self.a_cq.q.val()) << bits::<9>(320));

        // ---- E4: the output queue (entries shift toward e0)
        self.new_entry.next = self.p_entry.q.val();
        self.fill.d.next = self.fill.q.val() + bit_cast::<4, 1>(self.p_valid.q.val().into())
            - bit_cast::<4, 1>(self.pop.val().into());
        if self.pop.val() {
            if self.p_valid.q.val() & (self.fill.q.val() == 1) {
                self.e0.d.next = self.new_entry.val();
            } else {
                self.e0.d.next = self.e1.q.val();
            }
            if self.p_valid.q.val() & (self.fill.q.val() == 2) {
                self.e1.d.next = self.new_entry.val();
            } else {
                self.e1.d.next = self.e2.q.val();
            }
            if self.p_valid.q.val() & (self.fill.q.val() == 3) {
                self.e2.d.next = self.new_entry.val();
            } else {
                self.e2.d.next = self.e3.q.val();
            }
            if self.p_valid.q.val() & (self.fill.q.val() == 4) {
                self.e3.d.next = self.new_entry.val();
            } else {
                self.e3.d.next = self.e4.q.val();
            }
            if self.p_valid.q.val() & (self.fill.q.val() == 5) {
                self.e4.d.next = self.new_entry.val();
            } else {
                self.e4.d.next = self.e5.q.val();
            }
            if self.p_valid.q.val() & (self.fill.q.val() == 6) {
                self.e5.d.next = self.new_entry.val();
            } else {
                self.e5.d.next = self.e6.q.val();
            }
            if self.p_valid.q.val() & (self.fill.q.val() == 7) {
                self.e6.d.next = self.new_entry.val();
            } else {
                self.e6.d.next = self.e7.q.val();
            }
            if self.p_valid.q.val() & (self.fill.q.val() == 8) {
                self.e7.d.next = self.new_entry.val();
            }
        } else if self.p_valid.q.val() {
            if self.fill.q.val() == 0 {
                self.e0.d.next = self.new_entry.val();
            }
            if self.fill.q.val() == 1 {
                self.e1.d.next = self.new_entry.val();
            }
            if self.fill.q.val() == 2 {
                self.e2.d.next = self.new_entry.val();
            }
            if self.fill.q.val() == 3 {
                self.e3.d.next = self.new_entry.val();
            }
            if self.fill.q.val() == 4 {
                self.e4.d.next = self.new_entry.val();
            }
            if self.fill.q.val() == 5 {
                self.e5.d.next = self.new_entry.val();
            }
            if self.fill.q.val() == 6 {
                self.e6.d.next = self.new_entry.val();
            }
            if self.fill.q.val() == 7 {
                self.e7.d.next = self.new_entry.val();
            }
        }

        // ---- outputs
        self.dw_valid.next = self.fill.q.val().any();
        if self.fill.q.val().any() {
            self.dw_addr.next = self.e0.q.val().get_bits::<64>(0);
            self.dw_len.next = 32.into();
            self.dw_data.next = bit_cast::<512, 256>(self.e0.q.val().get_bits::<256>(64));
            self.dw_last.next = true;
            self.dw_cq.next = self.e0.q.val().get_bits::<IDX>(320);
        } else {
            self.dw_addr.next = 0.into();
            self.dw_len.next = 0.into();
            self.dw_data.next = 0.into();
            self.dw_last.next = false;
            self.dw_cq.next = 0.into();
        }
        self.res_valid.next = self.r_valid.q.val();
        self.res_op.next = self.r_op.q.val();
        self.res_cq.next = self.r_cq.q.val();
        self.res_status.next = self.r_status.q.val();
        self.res_pi.next = self.r_pi.q.val();
        self.res_overrun.next = self.r_overrun.q.val();
        self.res_cq_valid.next = self.r_cq_valid.q.val();
        self.cnt_written.next = self.n_written.q.val();
        self.cnt_full.next = self.n_full.q.val();
        self.cnt_no_cq.next = self.n_no_cq.q.val();
    }
}

/// The default build: 1,024 CQs.
pub type CqWriterFull = CqWriter<IDX_FULL>;
/// The tiny build: 16 CQs.
pub type CqWriterTiny = CqWriter<IDX_TINY>;
/// The mid build (U280, U55C): 512 CQs.
pub type CqWriterMid = CqWriter<9>;
