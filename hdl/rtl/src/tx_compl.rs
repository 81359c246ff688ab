//! Send completions: the sender's per-connection list of outstanding
//! messages, completed in posting order when the peer's cumulative
//! `csn_base` (carried in every ACK) passes a message's last CSN
//! (`hdl/rtl/ENGINE.md`, "Send completions").
//!
//! # Behaviour (normative; `braid_model::TxComplModel` is the bit- and
//! cycle-exact reference)
//!
//! ## State
//!
//! `2^IDX` connections (`tx_compl`: IDX = 10, 1,024 connections;
//! `tx_compl_tiny`: IDX = 4). Per connection, in block RAM:
//! * a context: `head`, `tail` (6 bits each: ring positions modulo 64 over
//!   a ring of `SLOTS` = 32 entries, braid-spec's `MSG_WINDOW`; empty when
//!   equal, full when they differ by 32), `base` (32 bits: the peer's
//!   `csn_base`, every CSN before it has been received), `valid`, `flush`,
//!   `queued` (the connection has an entry in the drain queue), `fail` (the
//!   flush is a failure's, see `OP_FLUSH`), `err` (8 bits: the failure's
//!   status, until one message took it) and `ecsn` (32: the refused CSN);
//!   layout head 5:0, tail 11:6, base 43:12, valid 44, flush 45, queued 46,
//!   fail 47, err 55:48, ecsn 87:56;
//! * the CQ of its completions (`IDX` bits);
//! * a ring of 32 message records: `last` (32 bits, the message's last
//!   CSN), `wr_id` (64), `len` (32, the message's byte length), `msn` (32),
//!   `stream` (2), `signaled` (1) and `status` (8, 0 or the error of a work
//!   request refused before it was sent); layout last 31:0, wr_id 95:32,
//!   len 127:96, msn 159:128, stream 161:160, signaled 162, status 170:163.
//!
//! A drain queue (a FIFO of (connection, slot), `2^IDX` deep, in block
//! RAM) lists connections whose head message may be complete. At power-up
//! everything is zero (no connection valid, every ring empty, the queue
//! empty).
//!
//! ## Operations
//!
//! One operation per clock is taken at an edge where `op_valid && op_ready`.
//! `op_ready` is a function of registers only: it is 0 exactly when the
//! drain queue has a visible entry and fewer than `QUEUE` = 8 drains hold
//! an output credit (the drain then has the next slot of the pipeline),
//! so operations and drains alternate under load and neither starves.
//! Operations and drains take effect in the order they enter the pipeline,
//! each on the state left by all earlier ones (no stalls, no lost updates).
//!
//! * `OP_PUSH` (0): the segmenter started message `op_*` on connection
//!   `op_conn`. Neither valid nor flushing: refused, `RES_NO_CONN`. Ring
//!   full: refused, `RES_FULL` (the segmenter keeps at most 32 messages
//!   outstanding per connection, so this counts a bug upstream). A push to
//!   a flushing connection (destroyed, not yet created again) is accepted:
//!   the segmenter's own flush of the work requests it still buffered, and
//!   requests it started before it saw its FLUSH, arrive after this
//!   block's FLUSH when the command processor issues both at once; they
//!   complete `FLUSHED` behind the ring, in posting order, instead of
//!   being lost. Otherwise the record goes
//!   to slot `tail mod 32`, `tail += 1`; if the ring was empty and the
//!   connection not `queued`, (connection, that slot) is pushed to the
//!   drain queue and `queued` set. A work request refused before it was
//!   sent is pushed like any other with `last` = the CSN before the next
//!   CSN (so it completes, with its error status, in posting order).
//! * `OP_ACK` (1): an ACK carried `csn_base = op_csn`. Not valid:
//!   `RES_NO_CONN`, nothing changes. Otherwise `base = op_csn` when bit 31
//!   of `base - op_csn` is set (serial: the ACK is newer); if the ring is
//!   not empty and the connection not `queued`, (connection, head slot) is
//!   pushed and `queued` set.
//! * `OP_CREATE` (2): `head = tail = 0`, `base = op_csn` (the first CSN the
//!   connection will send), `valid`, `flush`, `fail`, `err` and `ecsn`
//!   cleared, the CQ = `op_cq`; `queued` is kept (a stale queue entry is
//!   dropped when drained).
//! * `OP_FLUSH` (3) with `op_status` = 0: the connection is destroyed. Not
//!   valid: `RES_NO_CONN`. Otherwise `valid` cleared and `flush` set:
//!   every outstanding message completes at once, in order, with status
//!   `FLUSHED` (1); the head is queued as for an ACK.
//! * `OP_FLUSH` (3) with `op_status` = s != 0: the connection *fails*: the
//!   peer refused CSN `op_csn` for good (a fatal NACK; s is the CQE status,
//!   `CQE_REMOTE | reason`). Not valid (destroyed, or failed already):
//!   `RES_NO_CONN`. `op_csn - base` (mod 2^32) 256 or more (the peer has
//!   the CSN already, or it lies outside the sender's 256-CSN window, so it
//!   was never sent): `RES_STALE`, nothing changes. Otherwise as a destroy,
//!   and also `fail` set, `err = s`, `ecsn = op_csn`. With `op_at_base`
//!   (a local failure: every path of the connection retired) there is no
//!   window test and `ecsn = base`: the first message the peer does not
//!   have whole takes the status. A failed connection
//!   completes its messages in order: one whose `last` is before `base`
//!   (the peer has all of it) with its own status, CQE only when signaled
//!   or with an error, as after an ACK; the first other one whose `last`
//!   is at or after `ecsn` (the message the refused CSN belongs to) with
//!   status `err`, after which `err` is 0; every other one `FLUSHED`. The
//!   refused CSN's message may not be in the ring yet (its last packet not
//!   sent): the segmenter's FLUSHED record of it, pushed after the
//!   failure, takes `err` then.
//!
//! Every operation's result shows for one clock 2 rising edges after the
//! edge that took it: `res_valid`, `res_op`, `res_conn`, `res_code`
//! (`RES_OK` 0, `RES_FULL` 1, `RES_NO_CONN` 2, `RES_STALE` 3); all zero
//! otherwise.
//!
//! ## Drain
//!
//! A drain pops (connection c, slot s) from the queue, takes an output
//! credit, and reads c's context and record s. With the context as left by
//! every earlier operation:
//! * ring empty: `queued` cleared;
//! * s is not the head slot (a stale entry: the connection was re-created),
//!   or record s was written by a push one clock ahead of the drain (its
//!   block-RAM read returned the old record): (c, head slot) is pushed
//!   again, `queued` stays;
//! * the head message is complete (`flush`, or bit 31 of `last - base`
//!   set: every CSN up to `last` was received): it is *completed* (its
//!   status as above for a failed connection):
//!   `head += 1`; if the ring is still not empty (c, the new head slot) is
//!   pushed again, else `queued` cleared;
//! * otherwise `queued` cleared (the next ACK queues c again).
//!
//! Completing a message pulses `una_valid` with `una_conn`, `una_stream`,
//! `una_msn` (to the segmenter: the stream's oldest open message moves on),
//! and when the record is signaled, has a nonzero status, or the
//! connection is flushing (and, if failed, the message is not before
//! `base`), puts a completion into the output queue: `c_cq`, `c_conn`,
//! `c_wr_id`, `c_byte_len` (= `len`), `c_msn`, `c_stream`, `c_status`
//! (`FLUSHED` when flushing, `err` or the record's when failed as above,
//! else the record's). A
//! drain that produces no completion returns its credit 3 edges after the
//! edge that popped it; a completion returns it when it leaves the queue.
//! The queue (8 entries) can never overflow. Output: `c_valid` while the
//! queue is not empty, the oldest entry on `c_*` (zeros otherwise), taken
//! at an edge where `c_ready`; completions leave in the order they were
//! made. A completion enters the queue 3 edges after its drain was popped.
//! `una_*` shows for one clock 2 edges after the pop.
//!
//! Queue entries are written one edge after the decision to push them and
//! can be popped from the second clock after that (the FIFO's registered
//! read). Each connection has at most one queue entry or one drain in
//! flight (`queued`), so the queue (`2^IDX` deep) never overflows.
//!
//! Counters (wrap at 2^32), one edge after the result or completion:
//! `cnt_done` (messages completed, the `TX_MSGS` register), `cnt_flushed`
//! (of them, completed `FLUSHED` by a flush), `cnt_refused` (pushes
//! refused).
//!
//! ## Pipeline
//!
//! E0 registers the operation. Address stage: the operation, or a drain
//! when there is none, names the connection (and, for a drain, the slot
//! from the queue); the RAMs are read (registered at E1). E1-E2 is the
//! state loop: the context comes from the previous clock's result when the
//! connection is the same (one clock apart; the RAM's read-first read
//! returned the old word), else from the RAM; the serial compares are
//! computed for both sources and selected last. E2 writes the context and
//! the record back and registers the results, the una pulse, the
//! completion and the queue push; E3 writes the queue push, puts the
//! completion into the output queue, and updates the counters.

use crate::prefix_add::PrefixAdd;
use rust_hdl::prelude::*;

/// `op`: a message was started.
pub const OP_PUSH: u64 = 0;
/// `op`: an ACK's `csn_base`.
pub const OP_ACK: u64 = 1;
/// `op`: create (or re-create) a connection.
pub const OP_CREATE: u64 = 2;
/// `op`: destroy: complete everything outstanding as FLUSHED (with a
/// nonzero `op_status`: fail, see the module documentation).
pub const OP_FLUSH: u64 = 3;

/// `res_code`: done.
pub const RES_OK: u64 = 0;
/// `res_code`: push refused, the ring is full.
pub const RES_FULL: u64 = 1;
/// `res_code`: the connection is not valid.
pub const RES_NO_CONN: u64 = 2;
/// `res_code`: failure refused, the CSN is not in the sender's window.
pub const RES_STALE: u64 = 3;

/// CQE status of a flushed work request (braid-spec's `CQE_FLUSHED`;
/// written as the literal 1 inside `update`, see the export traps in
/// `hdl/rtl/WRITING-BLOCKS.md`).
pub const STATUS_FLUSHED: u64 = braid_spec::host::CQE_FLUSHED as u64;
const _: () = assert!(STATUS_FLUSHED == 1);

/// Ring entries per connection (braid-spec's `MSG_WINDOW`).
pub const SLOTS: usize = braid_spec::state::MSG_WINDOW;
/// Slot bits.
pub const SLOT_BITS: usize = 5;
const _: () = assert!(SLOTS == 1 << SLOT_BITS);
/// Output queue depth (completions).
pub const QUEUE: usize = 8;
/// Context word width.
pub const CTX_BITS: usize = 88;
/// Record width.
pub const REC_BITS: usize = 171;
/// Output queue entry: wr_id 63:0, len 95:64, msn 127:96, stream 129:128,
/// status 137:130, conn 147:138, cq 157:148 (IDX <= 10).
const QE: usize = 158;
/// Connection index bits of the exported full-size block.
pub const IDX_FULL: usize = 10;
/// Connection index bits of the exported tiny block.
pub const IDX_TINY: usize = 4;

/// Send-completion tracker with `2^IDX` connections; `AB = IDX + 5`
/// (record address bits), `PB = IDX + 1` (queue pointer bits).
#[derive(LogicBlock, Default)]
pub struct TxCompl<const IDX: usize, const AB: usize, const PB: usize> {
    /// Engine clock.
    pub clock: Signal<In, Clock>,
    /// An operation is offered.
    pub op_valid: Signal<In, Bit>,
    /// The block takes an operation this clock.
    pub op_ready: Signal<Out, Bit>,
    /// `OP_*`.
    pub op: Signal<In, Bits<2>>,
    /// Connection.
    pub op_conn: Signal<In, Bits<IDX>>,
    /// PUSH: the message's last CSN; ACK: `csn_base`; CREATE: first CSN;
    /// FLUSH with a status: the refused CSN.
    pub op_csn: Signal<In, Bits<32>>,
    /// PUSH: `wr_id`.
    pub op_wr_id: Signal<In, Bits<64>>,
    /// PUSH: message length.
    pub op_len: Signal<In, Bits<32>>,
    /// PUSH: MSN.
    pub op_msn: Signal<In, Bits<32>>,
    /// PUSH: stream.
    pub op_stream: Signal<In, Bits<2>>,
    /// PUSH: SIGNALED.
    pub op_signaled: Signal<In, Bit>,
    /// PUSH: status (0, or the error of a refused work request); FLUSH:
    /// 0 (destroy) or the failure's status.
    pub op_status: Signal<In, Bits<8>>,
    /// CREATE: the connection's CQ.
    pub op_cq: Signal<In, Bits<IDX>>,
    /// FLUSH with a status: fail at the connection's `base` (the first CSN
    /// the peer has not acknowledged) instead of at `op_csn`.
    pub op_at_base: Signal<In, Bit>,
    /// A result.
    pub res_valid: Signal<Out, Bit>,
    /// Its operation.
    pub res_op: Signal<Out, Bits<2>>,
    /// Its connection.
    pub res_conn: Signal<Out, Bits<IDX>>,
    /// `RES_*`.
    pub res_code: Signal<Out, Bits<2>>,
    /// A message completed.
    pub una_valid: Signal<Out, Bit>,
    /// Its connection.
    pub una_conn: Signal<Out, Bits<IDX>>,
    /// Its stream.
    pub una_stream: Signal<Out, Bits<2>>,
    /// Its MSN.
    pub una_msn: Signal<Out, Bits<32>>,
    /// A completion is offered.
    pub c_valid: Signal<Out, Bit>,
    /// The completion is taken this clock.
    pub c_ready: Signal<In, Bit>,
    /// CQ.
    pub c_cq: Signal<Out, Bits<IDX>>,
    /// Connection.
    pub c_conn: Signal<Out, Bits<IDX>>,
    /// `wr_id`.
    pub c_wr_id: Signal<Out, Bits<64>>,
    /// Byte length.
    pub c_byte_len: Signal<Out, Bits<32>>,
    /// MSN.
    pub c_msn: Signal<Out, Bits<32>>,
    /// Stream.
    pub c_stream: Signal<Out, Bits<2>>,
    /// CQE status.
    pub c_status: Signal<Out, Bits<8>>,
    /// Messages completed.
    pub cnt_done: Signal<Out, Bits<32>>,
    /// Messages completed by a flush.
    pub cnt_flushed: Signal<Out, Bits<32>>,
    /// Pushes refused.
    pub cnt_refused: Signal<Out, Bits<32>>,
    // ---- RAMs
    ctx: RAM<Bits<CTX_BITS>, IDX>,
    cqs: RAM<Bits<IDX>, IDX>,
    rec: RAM<Bits<REC_BITS>, AB>,
    fifo: RAM<Bits<AB>, IDX>,
    rp: DFF<Bits<PB>>,
    wp: DFF<Bits<PB>>,
    wp_prev: DFF<Bits<PB>>,
    credits: DFF<Bits<4>>,
    // ---- E0
    i_valid: DFF<Bit>,
    i_op: DFF<Bits<2>>,
    i_conn: DFF<Bits<IDX>>,
    i_csn: DFF<Bits<32>>,
    i_ab: DFF<Bit>,
    i_rec: DFF<Bits<REC_BITS>>,
    i_cq: DFF<Bits<IDX>>,
    // ---- address stage
    a_has: Signal<Local, Bit>,
    a_drain: Signal<Local, Bit>,
    a_conn: Signal<Local, Bits<IDX>>,
    a_slot: Signal<Local, Bits<SLOT_BITS>>,
    a_rp_next: Signal<Local, Bits<PB>>,
    // ---- E1: loop-stage registers
    p_valid: DFF<Bit>,
    p_is_op: DFF<Bit>,
    p_op: DFF<Bits<2>>,
    p_drain: DFF<Bit>,
    p_conn: DFF<Bits<IDX>>,
    p_slot: DFF<Bits<SLOT_BITS>>,
    p_csn: DFF<Bits<32>>,
    p_ab: DFF<Bit>,
    p_rec: DFF<Bits<REC_BITS>>,
    p_cq: DFF<Bits<IDX>>,
    p_hit: DFF<Bit>,
    // forwarding: the previous clock's loop result
    f_ctx: DFF<Bits<CTX_BITS>>,
    f_wrote: DFF<Bit>,
    f_wslot: DFF<Bits<SLOT_BITS>>,
    // ---- state loop
    l_ctx: Signal<Local, Bits<CTX_BITS>>,
    l_head: Signal<Local, Bits<6>>,
    l_tail: Signal<Local, Bits<6>>,
    l_base: Signal<Local, Bits<32>>,
    l_valid: Signal<Local, Bit>,
    l_flush: Signal<Local, Bit>,
    l_queued: Signal<Local, Bit>,
    l_fail: Signal<Local, Bit>,
    l_err: Signal<Local, Bits<8>>,
    l_ecsn: Signal<Local, Bits<32>>,
    l_fop: Signal<Local, Bit>,
    l_stale: Signal<Local, Bit>,
    l_ge: Signal<Local, Bit>,
    l_own: Signal<Local, Bit>,
    l_take: Signal<Local, Bit>,
    l_status: Signal<Local, Bits<8>>,
    l_empty: Signal<Local, Bit>,
    l_full: Signal<Local, Bit>,
    l_adv: Signal<Local, Bit>,
    l_cov: Signal<Local, Bit>,
    l_head1: Signal<Local, Bits<6>>,
    l_tail1: Signal<Local, Bits<6>>,
    l_push_ok: Signal<Local, Bit>,
    l_at_head: Signal<Local, Bit>,
    l_whit: Signal<Local, Bit>,
    l_emit: Signal<Local, Bit>,
    l_cqe: Signal<Local, Bit>,
    l_qpush: Signal<Local, Bit>,
    l_qslot: Signal<Local, Bits<SLOT_BITS>>,
    l_code: Signal<Local, Bits<2>>,
    n_head: Signal<Local, Bits<6>>,
    n_tail: Signal<Local, Bits<6>>,
    n_base: Signal<Local, Bits<32>>,
    n_valid: Signal<Local, Bit>,
    n_flush: Signal<Local, Bit>,
    n_queued: Signal<Local, Bit>,
    n_fail: Signal<Local, Bit>,
    n_err: Signal<Local, Bits<8>>,
    n_ecsn: Signal<Local, Bits<32>>,
    n_ctx: Signal<Local, Bits<CTX_BITS>>,
    r_last: Signal<Local, Bits<32>>,
    sub_adv_f: PrefixAdd<32>,
    sub_adv_r: PrefixAdd<32>,
    sub_cov_f: PrefixAdd<32>,
    sub_cov_r: PrefixAdd<32>,
    sub_win_f: PrefixAdd<32>,
    sub_win_r: PrefixAdd<32>,
    sub_ge_f: PrefixAdd<32>,
    sub_ge_r: PrefixAdd<32>,
    // ---- E2: outputs of the loop
    q_push: DFF<Bit>,
    q_entry: DFF<Bits<AB>>,
    o_res_valid: DFF<Bit>,
    o_res_op: DFF<Bits<2>>,
    o_res_conn: DFF<Bits<IDX>>,
    o_res_code: DFF<Bits<2>>,
    o_una: DFF<Bit>,
    o_una_conn: DFF<Bits<IDX>>,
    o_una_stream: DFF<Bits<2>>,
    o_una_msn: DFF<Bits<32>>,
    o_flushed: DFF<Bit>,
    o_refused: DFF<Bit>,
    o_ret: DFF<Bit>,
    o_cqe: DFF<Bit>,
    o_entry: DFF<Bits<QE>>,
    // ---- E3: counters, output queue
    cnt_d: DFF<Bits<32>>,
    cnt_f: DFF<Bits<32>>,
    cnt_r: DFF<Bits<32>>,
    add_d: PrefixAdd<32>,
    add_f: PrefixAdd<32>,
    add_r: PrefixAdd<32>,
    fill: DFF<Bits<4>>,
    pop: Signal<Local, Bit>,
    e0: DFF<Bits<QE>>,
    e1: DFF<Bits<QE>>,
    e2: DFF<Bits<QE>>,
    e3: DFF<Bits<QE>>,
    e4: DFF<Bits<QE>>,
    e5: DFF<Bits<QE>>,
    e6: DFF<Bits<QE>>,
    e7: DFF<Bits<QE>>,
}

impl<const IDX: usize, const AB: usize, const PB: usize> Logic for TxCompl<IDX, AB, PB> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            clock,
            rp,
            wp,
            wp_prev,
            credits,
            i_valid,
            i_op,
            i_conn,
            i_csn,
            i_ab,
            i_rec,
            i_cq,
            p_valid,
            p_is_op,
            p_op,
            p_drain,
            p_conn,
            p_slot,
            p_csn,
            p_ab,
            p_rec,
            p_cq,
            p_hit,
            f_ctx,
            f_wrote,
            f_wslot,
            q_push,
            q_entry,
            o_res_valid,
            o_res_op,
            o_res_conn,
            o_res_code,
            o_una,
            o_una_conn,
            o_una_stream,
            o_una_msn,
            o_flushed,
            o_refused,
            o_ret,
            o_cqe,
            o_entry,
            cnt_d,
            cnt_f,
            cnt_r,
            fill,
            e0,
            e1,
            e2,
            e3,
            e4,
            e5,
            e6,
            e7
        );
        self.ctx.read_clock.next = self.clock.val();
        self.ctx.write_clock.next = self.clock.val();
        self.cqs.read_clock.next = self.clock.val();
        self.cqs.write_clock.next = self.clock.val();
        self.rec.read_clock.next = self.clock.val();
        self.rec.write_clock.next = self.clock.val();
        self.fifo.read_clock.next = self.clock.val();
        self.fifo.write_clock.next = self.clock.val();

        // ---- flow control: the drain has the slot when it can go
        self.a_has.next =
            (self.rp.q.val() != self.wp_prev.q.val()) & (self.credits.q.val() < bits::<4>(8));
        self.op_ready.next = !self.a_has.val();

        // ---- E0: register the operation
        self.i_valid.d.next = self.op_valid.val() & !self.a_has.val();
        self.i_op.d.next = self.op.val();
        self.i_conn.d.next = self.op_conn.val();
        self.i_csn.d.next = self.op_csn.val();
        self.i_ab.d.next = self.op_at_base.val();
        self.i_rec.d.next = bit_cast::<REC_BITS, 32>(self.op_csn.val())
            | (bit_cast::<REC_BITS, 64>(self.op_wr_id.val()) << 32)
            | (bit_cast::<REC_BITS, 32>(self.op_len.val()) << 96)
            | (bit_cast::<REC_BITS, 32>(self.op_msn.val()) << 128)
            | (bit_cast::<REC_BITS, 2>(self.op_stream.val()) << 160)
            | (bit_cast::<REC_BITS, 1>(self.op_signaled.val().into()) << 162)
            | (bit_cast::<REC_BITS, 8>(self.op_status.val()) << 163);
        self.i_cq.d.next = self.op_cq.val();

        // ---- address stage
        self.a_drain.next = !self.i_valid.q.val() & self.a_has.val();
        if self.i_valid.q.val() {
            self.a_conn.next = self.i_conn.q.val();
        } else {
            self.a_conn.next = self.fifo.read_data.val().get_bits::<IDX>(5);
        }
        self.a_slot.next = self.fifo.read_data.val().get_bits::<SLOT_BITS>(0);
        self.a_rp_next.next = self.rp.q.val();
        if self.a_drain.val() {
            self.a_rp_next.next = self.rp.q.val() + bits::<PB>(1);
        }
        self.rp.d.next = self.a_rp_next.val();
        self.fifo.read_address.next = self.a_rp_next.val().get_bits::<IDX>(0);
        self.ctx.read_address.next = self.a_conn.val();
        self.cqs.read_address.next = self.a_conn.val();
        self.rec.read_address.next = (bit_cast::<AB, IDX>(self.a_conn.val()) << 5)
            | bit_cast::<AB, SLOT_BITS>(self.a_slot.val());

        self.p_valid.d.next = self.i_valid.q.val() | self.a_drain.val();
        self.p_is_op.d.next = self.i_valid.q.val();
        self.p_op.d.next = self.i_op.q.val();
        self.p_drain.d.next = self.a_drain.val();
        self.p_conn.d.next = self.a_conn.val();
        self.p_slot.d.next = self.a_slot.val();
        self.p_csn.d.next = self.i_csn.q.val();
        self.p_ab.d.next = self.i_ab.q.val();
        self.p_rec.d.next = self.i_rec.q.val();
        self.p_cq.d.next = self.i_cq.q.val();
        self.p_hit.d.next = self.p_valid.q.val() & (self.p_conn.q.val() == self.a_conn.val());

        // credits: a drain takes one; returned by a drain without a
        // completion (registered at E2, applied at E3) or a pop
        self.pop.next = self.fill.q.val().any() & self.c_ready.val();
        self.credits.d.next = self.credits.q.val() + bit_cast::<4, 1>(self.a_drain.val().into())
            - bit_cast::<4, 1>(self.o_ret.q.val().into())
            - bit_cast::<4, 1>(self.pop.val().into());

        // ---- state loop
        if self.p_hit.q.val() {
            self.l_ctx.next = self.f_ctx.q.val();
        } else {
            self.l_ctx.next = self.ctx.read_data.val();
        }
        self.l_head.next = self.l_ctx.val().get_bits::<6>(0);
        self.l_tail.next = self.l_ctx.val().get_bits::<6>(6);
        self.l_base.next = self.l_ctx.val().get_bits::<32>(12);
        self.l_valid.next = self.l_ctx.val().get_bit(44);
        self.l_flush.next = self.l_ctx.val().get_bit(45);
        self.l_queued.next = self.l_ctx.val().get_bit(46);
        self.l_fail.next = self.l_ctx.val().get_bit(47);
        self.l_err.next = self.l_ctx.val().get_bits::<8>(48);
        self.l_ecsn.next = self.l_ctx.val().get_bits::<32>(56);
        self.l_empty.next = self.l_head.val() == self.l_tail.val();
        self.l_full.next = (self.l_head.val().get_bits::<SLOT_BITS>(0)
            == self.l_tail.val().get_bits::<SLOT_BITS>(0))
            & (self.l_head.val().get_bit(5) != self.l_tail.val().get_bit(5));
        self.l_head1.next = self.l_head.val() + bits::<6>(1);
        self.l_tail1.next = self.l_tail.val() + bits::<6>(1);
        // serial compares for both sources, selected last:
        // adv = bit 31 of base - csn; cov = bit 31 of last - base
        self.r_last.next = self.rec.read_data.val().get_bits::<32>(0);
        self.sub_adv_f.a.next = self.f_ctx.q.val().get_bits::<32>(12);
        self.sub_adv_f.b.next = !self.p_csn.q.val();
        self.sub_adv_f.cin.next = true;
        self.sub_adv_r.a.next = self.ctx.read_data.val().get_bits::<32>(12);
        self.sub_adv_r.b.next = !self.p_csn.q.val();
        self.sub_adv_r.cin.next = true;
        self.sub_cov_f.a.next = self.r_last.val();
        self.sub_cov_f.b.next = !self.f_ctx.q.val().get_bits::<32>(12);
        self.sub_cov_f.cin.next = true;
        self.sub_cov_r.a.next = self.r_last.val();
        self.sub_cov_r.b.next = !self.ctx.read_data.val().get_bits::<32>(12);
        self.sub_cov_r.cin.next = true;
        // a failure's window test: csn - base < 256; a failed
        // connection's record: ge = bit 31 of last - ecsn clear
        self.sub_win_f.a.next = self.p_csn.q.val();
        self.sub_win_f.b.next = !self.f_ctx.q.val().get_bits::<32>(12);
        self.sub_win_f.cin.next = true;
        self.sub_win_r.a.next = self.p_csn.q.val();
        self.sub_win_r.b.next = !self.ctx.read_data.val().get_bits::<32>(12);
        self.sub_win_r.cin.next = true;
        self.sub_ge_f.a.next = self.r_last.val();
        self.sub_ge_f.b.next = !self.f_ctx.q.val().get_bits::<32>(56);
        self.sub_ge_f.cin.next = true;
        self.sub_ge_r.a.next = self.r_last.val();
        self.sub_ge_r.b.next = !self.ctx.read_data.val().get_bits::<32>(56);
        self.sub_ge_r.cin.next = true;
        if self.p_hit.q.val() {
            self.l_adv.next = self.sub_adv_f.sum.val().get_bit(31);
            self.l_cov.next = self.sub_cov_f.sum.val().get_bit(31);
            self.l_stale.next = self.sub_win_f.sum.val().get_bits::<24>(8).any();
            self.l_ge.next = !self.sub_ge_f.sum.val().get_bit(31);
        } else {
            self.l_adv.next = self.sub_adv_r.sum.val().get_bit(31);
            self.l_cov.next = self.sub_cov_r.sum.val().get_bit(31);
            self.l_stale.next = self.sub_win_r.sum.val().get_bits::<24>(8).any();
            self.l_ge.next = !self.sub_ge_r.sum.val().get_bit(31);
        }
        self.l_fop.next = self.p_rec.q.val().get_bits::<8>(163).any();
        self.l_push_ok.next = self.p_is_op.q.val()
            & (self.p_op.q.val() == 0)
            & (self.l_valid.val() | self.l_flush.val())
            & !self.l_full.val();
        self.l_at_head.next = !self.l_empty.val()
            & (self.p_slot.q.val() == self.l_head.val().get_bits::<SLOT_BITS>(0));
        self.l_whit.next = self.p_hit.q.val()
            & self.f_wrote.q.val()
            & (self.f_wslot.q.val() == self.p_slot.q.val());
        self.l_emit.next = self.p_drain.q.val()
            & self.l_at_head.val()
            & !self.l_whit.val()
            & (self.l_flush.val() | self.l_cov.val());
        // a failed connection's message before `base` keeps its own
        // status (`own`); the first other one at or after `ecsn` takes
        // `err` (`take`)
        self.l_own.next = !self.l_flush.val() | (self.l_fail.val() & self.l_cov.val());
        self.l_take.next = self.l_flush.val()
            & self.l_fail.val()
            & !self.l_cov.val()
            & self.l_err.val().any()
            & self.l_ge.val();
        self.l_cqe.next = self.l_emit.val()
            & (!self.l_own.val()
                | self.rec.read_data.val().get_bit(162)
                | self.rec.read_data.val().get_bits::<8>(163).any());
        if self.l_own.val() {
            self.l_status.next = self.rec.read_data.val().get_bits::<8>(163);
        } else if self.l_take.val() {
            self.l_status.next = self.l_err.val();
        } else {
            self.l_status.next = bits::<8>(1);
        }

        // next context and the queue push
        self.n_head.next = self.l_head.val();
        self.n_tail.next = self.l_tail.val();
        self.n_base.next = self.l_base.val();
        self.n_valid.next = self.l_valid.val();
        self.n_flush.next = self.l_flush.val();
        self.n_queued.next = self.l_queued.val();
        self.n_fail.next = self.l_fail.val();
        self.n_err.next = self.l_err.val();
        self.n_ecsn.next = self.l_ecsn.val();
        self.l_qpush.next = false;
        self.l_qslot.next = self.l_head.val().get_bits::<SLOT_BITS>(0);
        self.l_code.next = 0.into();
        if self.p_is_op.q.val() {
            if self.p_op.q.val() == 0 {
                if !(self.l_valid.val() | self.l_flush.val()) {
                    self.l_code.next = 2.into();
                } else if self.l_full.val() {
                    self.l_code.next = 1.into();
                } else {
                    self.n_tail.next = self.l_tail1.val();
                    if self.l_empty.val() & !self.l_queued.val() {
                        self.l_qpush.next = true;
                        self.n_queued.next = true;
                    }
                }
            } else if self.p_op.q.val() == 1 {
                if !self.l_valid.val() {
                    self.l_code.next = 2.into();
                } else {
                    if self.l_adv.val() {
                        self.n_base.next = self.p_csn.q.val();
                    }
                    if !self.l_empty.val() & !self.l_queued.val() {
                        self.l_qpush.next = true;
                        self.n_queued.next = true;
                    }
                }
            } else if self.p_op.q.val() == 2 {
                self.n_head.next = 0.into();
                self.n_tail.next = 0.into();
                self.n_base.next = self.p_csn.q.val();
                self.n_valid.next = true;
                self.n_flush.next = false;
                self.n_fail.next = false;
                self.n_err.next = 0.into();
                self.n_ecsn.next = 0.into();
            } else if !self.l_valid.val() {
                self.l_code.next = 2.into();
            } else if self.l_fop.val() & self.l_stale.val() & !self.p_ab.q.val() {
                self.l_code.next = 3.into();
            } else {
                self.n_valid.next = false;
                self.n_flush.next = true;
                self.n_fail.next = self.l_fop.val();
                self.n_err.next = self.p_rec.q.val().get_bits::<8>(163);
                if self.p_ab.q.val() {
                    self.n_ecsn.next = self.l_base.val();
                } else {
                    self.n_ecsn.next = self.p_csn.q.val();
                }
                if !self.l_empty.val() & !self.l_queued.val() {
                    self.l_qpush.next = true;
                    self.n_queued.next = true;
                }
            }
        }
        if self.p_drain.q.val() {
            if self.l_empty.val() {
                self.n_queued.next = false;
            } else if !self.l_at_head.val() | self.l_whit.val() {
                self.l_qpush.next = true;
            } else if self.l_emit.val() {
                self.n_head.next = self.l_head1.val();
                if self.l_take.val() {
                    self.n_err.next = 0.into();
                }
                self.l_qslot.next = self.l_head1.val().get_bits::<SLOT_BITS>(0);
                if self.l_head1.val() != self.l_tail.val() {
                    self.l_qpush.next = true;
                } else {
                    self.n_queued.next = false;
                }
            } else {
                self.n_queued.next = false;
            }
        }
        self.n_ctx.next = bit_cast::<CTX_BITS, 6>(self.n_head.val())
            | (bit_cast::<CTX_BITS, 6>(self.n_tail.val()) << 6)
            | (bit_cast::<CTX_BITS, 32>(self.n_base.val()) << 12)
            | (bit_cast::<CTX_BITS, 1>(self.n_valid.val().into()) << 44)
            | (bit_cast::<CTX_BITS, 1>(self.n_flush.val().into()) << 45)
            | (bit_cast::<CTX_BITS, 1>(self.n_queued.val().into()) << 46)
            | (bit_cast::<CTX_BITS, 1>(self.n_fail.val().into()) << 47)
            | (bit_cast::<CTX_BITS, 8>(self.n_err.val()) << 48)
            | (bit_cast::<CTX_BITS, 32>(self.n_ecsn.val()) << 56);

        // writes of the loop (E2)
        self.ctx.write_address.next = self.p_conn.q.val();
        self.ctx.write_data.next = self.n_ctx.val();
        self.ctx.write_enable.next = self.p_valid.q.val();
        self.f_ctx.d.next = self.n_ctx.val();
        self.f_wrote.d.next = self.l_push_ok.val();
        self.f_wslot.d.next = self.l_tail.val().get_bits::<SLOT_BITS>(0);
        self.rec.write_address.next = (bit_cast::<AB, IDX>(self.p_conn.q.val()) << 5)
            | bit_cast::<AB, SLOT_BITS>(self.l_tail.val().get_bits::<SLOT_BITS>(0));
        self.rec.write_data.next = self.p_rec.q.val();
        self.rec.write_enable.next = self.l_push_ok.val();
        self.cqs.write_address.next = self.p_conn.q.val();
        self.cqs.write_data.next = self.p_cq.q.val();
        self.cqs.write_enable.next = self.p_is_op.q.val() & (self.p_op.q.val() == 2);

        // ---- E2: results, una, completion, queue push
        self.q_push.d.next = self.p_valid.q.val() & self.l_qpush.val();
        self.q_entry.d.next = (bit_cast::<AB, IDX>(self.p_conn.q.val()) << 5)
            | bit_cast::<AB, SLOT_BITS>(self.l_qslot.val());
        self.o_res_valid.d.next = self.p_is_op.q.val();
        self.o_res_op.d.next = self.p_op.q.val();
        self.o_res_conn.d.next = self.p_conn.q.val();
        self.o_res_code.d.next = self.l_code.val();
        self.o_refused.d.next =
            self.p_is_op.q.val() & (self.p_op.q.val() == 0) & (self.l_code.val() != 0);
        self.o_una.d.next = self.l_emit.val();
        self.o_flushed.d.next = self.l_emit.val() & !self.l_own.val() & !self.l_take.val();
        self.o_una_conn.d.next = self.p_conn.q.val();
        self.o_una_stream.d.next = self.rec.read_data.val().get_bits::<2>(160);
        self.o_una_msn.d.next = self.rec.read_data.val().get_bits::<32>(128);
        self.o_ret.d.next = self.p_drain.q.val() & !self.l_cqe.val();
        self.o_cqe.d.next = self.l_cqe.val();
        self.o_entry.d.next = bit_cast::<QE, 96>(self.rec.read_data.val().get_bits::<96>(32))
            | (bit_cast::<QE, 32>(self.rec.read_data.val().get_bits::<32>(128)) << 96)
            | (bit_cast::<QE, 2>(self.rec.read_data.val().get_bits::<2>(160)) << 128)
            | (bit_cast::<QE, 8>(self.l_status.val()) << 130)
            | (bit_cast::<QE, IDX>(self.p_conn.q.val()) << 138)
            | (bit_cast::<QE, IDX>(self.cqs.read_data.val()) << 148);

        // ---- E3: the queue push lands, counters
        self.fifo.write_address.next = self.wp.q.val().get_bits::<IDX>(0);
        self.fifo.write_data.next = self.q_entry.q.val();
        self.fifo.write_enable.next = self.q_push.q.val();
        self.wp_prev.d.next = self.wp.q.val();
        self.wp.d.next = self.wp.q.val();
        if self.q_push.q.val() {
            self.wp.d.next = self.wp.q.val() + bits::<PB>(1);
        }
        self.add_d.a.next = self.cnt_d.q.val();
        self.add_d.b.next = 0.into();
        self.add_d.cin.next = self.o_una.q.val();
        self.cnt_d.d.next = self.add_d.sum.val();
        self.add_f.a.next = self.cnt_f.q.val();
        self.add_f.b.next = 0.into();
        self.add_f.cin.next = self.o_flushed.q.val();
        self.cnt_f.d.next = self.add_f.sum.val();
        self.add_r.a.next = self.cnt_r.q.val();
        self.add_r.b.next = 0.into();
        self.add_r.cin.next = self.o_refused.q.val();
        self.cnt_r.d.next = self.add_r.sum.val();

        // ---- E3: the output queue (entries shift toward e0)
        self.fill.d.next = self.fill.q.val() + bit_cast::<4, 1>(self.o_cqe.q.val().into())
            - bit_cast::<4, 1>(self.pop.val().into());
        if self.pop.val() {
            if self.o_cqe.q.val() & (self.fill.q.val() == 1) {
                self.e0.d.next = self.o_entry.q.val();
            } else {
                self.e0.d.next = self.e1.q.val();
            }
            if self.o_cqe.q.val() & (self.fill.q.val() == 2) {
                self.e1.d.next = self.o_entry.q.val();
            } else {
                self.e1.d.next = self.e2.q.val();
            }
            if self.o_cqe.q.val() & (self.fill.q.val() == 3) {
                self.e2.d.next = self.o_entry.q.val();
            } else {
                self.e2.d.next = self.e3.q.val();
            }
            if self.o_cqe.q.val() & (self.fill.q.val() == 4) {
                self.e3.d.next = self.o_entry.q.val();
            } else {
                self.e3.d.next = self.e4.q.val();
            }
            if self.o_cqe.q.val() & (self.fill.q.val() == 5) {
                self.e4.d.next = self.o_entry.q.val();
            } else {
                self.e4.d.next = self.e5.q.val();
            }
            if self.o_cqe.q.val() & (self.fill.q.val() == 6) {
                self.e5.d.next = self.o_entry.q.val();
            } else {
                self.e5.d.next = self.e6.q.val();
            }
            if self.o_cqe.q.val() & (self.fill.q.val() == 7) {
                self.e6.d.next = self.o_entry.q.val();
            } else {
                self.e6.d.next = self.e7.q.val();
            }
            if self.o_cqe.q.val() & (self.fill.q.val() == 8) {
                self.e7.d.next = self.o_entry.q.val();
            }
        } else if self.o_cqe.q.val() {
            if self.fill.q.val() == 0 {
                self.e0.d.next = self.o_entry.q.val();
            }
            if self.fill.q.val() == 1 {
                self.e1.d.next = self.o_entry.q.val();
            }
            if self.fill.q.val() == 2 {
                self.e2.d.next = self.o_entry.q.val();
            }
            if self.fill.q.val() == 3 {
                self.e3.d.next = self.o_entry.q.val();
            }
            if self.fill.q.val() == 4 {
                self.e4.d.next = self.o_entry.q.val();
            }
            if self.fill.q.val() == 5 {
                self.e5.d.next = self.o_entry.q.val();
            }
            if self.fill.q.val() == 6 {
                self.e6.d.next = self.o_entry.q.val();
            }
            if self.fill.q.val() == 7 {
                self.e7.d.next = self.o_entry.q.val();
            }
        }

        // ---- outputs
        self.res_valid.next = self.o_res_valid.q.val();
        self.res_op.next = self.o_res_op.q.val();
        self.res_conn.next = self.o_res_conn.q.val();
        self.res_code.next = self.o_res_code.q.val();
        if !self.o_res_valid.q.val() {
            self.res_op.next = 0.into();
            self.res_conn.next = 0.into();
            self.res_code.next = 0.into();
        }
        self.una_valid.next = self.o_una.q.val();
        self.una_conn.next = self.o_una_conn.q.val();
        self.una_stream.next = self.o_una_stream.q.val();
        self.una_msn.next = self.o_una_msn.q.val();
        if !self.o_una.q.val() {
            self.una_conn.next = 0.into();
            self.una_stream.next = 0.into();
            self.una_msn.next = 0.into();
        }
        self.c_valid.next = self.fill.q.val().any();
        if self.fill.q.val().any() {
            self.c_wr_id.next = self.e0.q.val().get_bits::<64>(0);
            self.c_byte_len.next = self.e0.q.val().get_bits::<32>(64);
            self.c_msn.next = self.e0.q.val().get_bits::<32>(96);
            self.c_stream.next = self.e0.q.val().get_bits::<2>(128);
            self.c_status.next = self.e0.q.val().get_bits::<8>(130);
            self.c_conn.next = self.e0.q.val().get_bits::<IDX>(138);
            self.c_cq.next = self.e0.q.val().get_bits::<IDX>(148);
        } else {
            self.c_wr_id.next = 0.into();
            self.c_byte_len.next = 0.into();
            self.c_msn.next = 0.into();
            self.c_stream.next = 0.into();
            self.c_status.next = 0.into();
            self.c_conn.next = 0.into();
            self.c_cq.next = 0.into();
        }
        self.cnt_done.next = self.cnt_d.q.val();
        self.cnt_flushed.next = self.cnt_f.q.val();
        self.cnt_refused.next = self.cnt_r.q.val();
    }
}

/// The default build: 1,024 connections.
pub type TxComplFull = TxCompl<IDX_FULL, { IDX_FULL + SLOT_BITS }, { IDX_FULL + 1 }>;
/// The tiny build: 16 connections.
pub type TxComplTiny = TxCompl<IDX_TINY, { IDX_TINY + SLOT_BITS }, { IDX_TINY + 1 }>;
/// The mid build: 512 connections.
pub type TxComplMid = TxCompl<9, { 9 + SLOT_BITS }, 10>;
