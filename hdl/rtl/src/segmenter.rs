//! Sender segmenter: cuts work requests (WQEs from `wqe_fetch`) into packet
//! descriptors of at most the MTU, assigns CSN (per connection), MSN and
//! RSN (per stream), byte offsets and FIRST/LAST, holds a connection while
//! its CSN window or message window is closed, and emits per message the
//! record of the send-completion FIFO and a WQE-slot credit.
//!
//! # Behaviour (normative; `braid_model::SegmenterModel` is the bit-
//! and cycle-exact reference)
//!
//! ## Interfaces (connection index `CB` bits: 1,024 connections, tiny 16)
//!
//! * `mtu_code` (2 bits, configuration): payload MTU = braid-spec
//!   `MTU_MIN << mtu_code` (1,024, 2,048, 4,096, 8,192 bytes; braid-spec's
//!   `MTU_CODE_MAX` = 3, so every code is legal). Sampled per operation; a
//!   change in the middle of a message is safe (offsets are the sums of the
//!   earlier payload lengths, so always multiples of 1,024, which the LAST
//!   compare relies on).
//! * WQE input `w_valid`/`w_ready`: `w_conn`, `w_idx` (send-queue ring
//!   index, returned with packets and the completion), `w_opcode`,
//!   `w_flags` (bit0 SIGNALED, bit1 SOLICITED), `w_stream`, `w_len`,
//!   `w_wr_id`, `w_imm`, `w_rkey`, `w_raddr`, `w_sge_addr`, `w_lkey`, `w_bad`
//!   (flagged by `wqe_fetch`). The segmenter also treats an opcode outside
//!   1..=4 or a stream >= `MAX_STREAMS` as bad. Per connection it buffers
//!   `SEG_WQE_SLOTS` (8) WQEs in block RAM, in arrival order; `wqe_fetch`
//!   holds one credit per free slot. A WQE arriving when all 8 slots are
//!   full is refused: dropped, counted in `cnt_wqe_over`.
//! * ACK input `ack_valid`/`ack_ready`: `ack_conn`, `ack_csn_base` (the
//!   peer's cumulative CSN base of every ACK). `csn_una` moves only forward
//!   (serial arithmetic); a base beyond the next CSN to send is refused and
//!   counted in `cnt_bad_ack`; an older or equal base changes nothing.
//! * Message completion return `mc_valid`/`mc_ready`, `mc_conn`: the
//!   completion FIFO (`tx_compl`) returns one per completed message (the
//!   oldest of the connection: messages complete in posting order). With
//!   none outstanding it is refused, counted in `cnt_bad_mc`.
//! * Packet descriptor `pd_valid`/`pd_ready` (AXI-Stream rules): `pd_conn`,
//!   `pd_csn`, `pd_msn`, `pd_stream` (2 bits), `pd_opcode`, `pd_flags`
//!   (braid-spec `Flags`: FIRST, LAST, SOLICITED on every packet of a
//!   SOLICITED message; ACK_REQ and RETX are the sprayer's), `pd_offset`,
//!   `pd_len` (payload bytes), `pd_addr` = `sge_addr + offset`, `pd_lkey`,
//!   `pd_raddr` = `remote_addr + offset`, `pd_rkey`, `pd_imm`, `pd_msg_len`,
//!   `pd_rsn` (24 bits), `pd_wqe_idx`. Fields an opcode does not use carry
//!   the WQE's values (tx_builder ignores them); `pd_rsn` of a WRITE is the
//!   stream's next RSN.
//! * Completion record, valid only (no ready), one clock: `cm_valid`,
//!   `cm_conn`, `cm_last_csn`, `cm_wr_id`, `cm_signaled`, `cm_stream` (as
//!   posted), `cm_msn`, `cm_len`, `cm_opcode` (as posted), `cm_status`
//!   (`CQE_OK`, or `CQE_BAD_WQE` for a bad WQE), `cm_wqe_idx`. Bound: at
//!   most one per clock, and per connection at most `MSG_WINDOW` (32)
//!   messages are outstanding (recorded, not yet returned on `mc_*`), so a
//!   completion FIFO of 32 entries per connection never overflows.
//! * Credit, valid only, one clock: `cr_valid`, `cr_conn`: one WQE slot of
//!   `cr_conn` is free (one credit per pulse).
//! * Command input `sc_valid`/`sc_ready`: `sc_op` (0 INIT, 1 FLUSH),
//!   `sc_conn` (see *Commands*).
//! * Counters `cnt_bad_ack`, `cnt_bad_mc`, `cnt_wqe_over`, `cnt_no_conn`
//!   (ACKs and completion returns refused because the connection is
//!   invalid) (16 bits, wrap), two clocks after the refused operation's
//!   decision.
//!
//! At power-up every RAM and register is zero: every connection is valid
//! (the record stores an *invalid* bit) with `csn_next = csn_una = 0`,
//! MSNs and RSNs 0, no WQE. (Backwards compatible; the command processor
//! INITs every connection it creates anyway.)
//!
//! ## Commands
//!
//! A command is an operation like the others (below): it is selected
//! before ACKs, returns and WQEs (after a first issue), waits while its
//! connection has an operation in S1-S3, and writes the record at S3.
//! * INIT: the record becomes the power-up record (`csn_next = csn_una =
//!   0`, every MSN and RSN 0, no WQE buffered (any buffered WQE is dropped
//!   without a completion or credit: `wqe_fetch`'s CREATE restarts its
//!   credits), no message outstanding, the cursor at offset 0), the
//!   connection valid. `queued` is kept: a queue entry still in the FIFO
//!   pops, finds no WQE and clears it, so the FIFO never holds a
//!   connection twice.
//! * FLUSH: the connection becomes invalid and, when it has a WQE and is
//!   not queued, is queued. An issue of an invalid connection with a WQE
//!   sends nothing: it completes the head WQE with status `CQE_FLUSHED`
//!   (braid-spec) through `cm_*` (`last_csn = csn_next - 1`, `msn` the
//!   message's when it was half sent, else 0; no window or `outst` check,
//!   `outst` unchanged), frees its slot (credit), clears `mid` and
//!   re-queues the connection while WQEs remain. So every buffered WQE
//!   completes FLUSHED in posting order, one per issue, and no further
//!   descriptor of the connection is decided (the ones already in S4, S5
//!   and the descriptor FIFO still leave). A WQE that arrives for an
//!   invalid connection is buffered as usual (so it cannot overtake the
//!   buffered ones) and completed FLUSHED by the next issue.
//! * An ACK or completion return for an invalid connection changes
//!   nothing and counts in `cnt_no_conn` (not in `cnt_bad_ack` or
//!   `cnt_bad_mc`).
//!
//! ## Per-connection state (block RAM, one record per connection)
//!
//! `csn_next`, `csn_una`, the WQE ring `head` (3 bits) and `count` (0..=8),
//! `mid` (the head message has sent packets), `off` (its next byte offset),
//! `outst` (messages started and not yet returned, 0..=32), `queued`,
//! `cur_msn`/`cur_rsn` (the head message's), `tx_msn[4]`, `tx_rsn[4]`.
//!
//! ## Operations and scheduling
//!
//! Each input is taken into a one-entry hold register (`*_ready` = hold
//! empty, a function of registers only). One operation per clock is
//! selected (stage S0) among: *issue* (the head of the round-robin FIFO of
//! connection indices, when the descriptor FIFO has a free reserved entry),
//! *cmd*, *ack*, *mc*, *wqe*. On odd clocks (`ph`) issue goes first,
//! otherwise the order is cmd, ack, mc, wqe, issue; so issue gets at least every other clock
//! under any event load. A candidate whose connection has an operation in
//! S1, S2 or S3 waits (the record is read at S0's edge and written at
//! S3's: no forwarding is needed because one connection never has two
//! operations in flight; one connection can thus take an operation every
//! 4 clocks, different connections every clock).
//!
//! The FIFO of connection indices (block RAM, one entry per connection at
//! most: the `queued` flag) holds the connections that may have work.
//! *Issue* on connection c with head WQE w (read from the slot RAM at S1):
//! * w bad: when `outst < 32`, the completion record with `CQE_BAD_WQE`,
//!   `last_csn = csn_next - 1`, `msn` 0 is emitted, the slot freed (credit),
//!   `outst += 1`; no packet, no CSN.
//! * otherwise when `csn_next - csn_una < 256` and (`mid` or `outst <
//!   32`): a packet with CSN `csn_next`, offset `off`, payload
//!   `min(len - off, mtu)` (one packet of 0 bytes for an empty message),
//!   FIRST when `!mid`, LAST when `off + mtu >= len`. The first packet takes
//!   `msn = tx_msn[stream]++`, `rsn = tx_rsn[stream]` (incremented, 24 bits,
//!   for SEND and SEND_IMM) and `outst += 1`; later packets reuse them. The
//!   last packet frees the slot (credit) and emits the completion record
//!   (`CQE_OK`, `last_csn` = its CSN).
//! * otherwise (a window is closed) nothing is sent.
//!
//! The connection goes back into the FIFO when it sent something and still
//! has a WQE, its CSN window is open and (`mid` or `outst < 32`); else it
//! leaves (`queued = 0`).
//!
//! *Ack*, *mc*, *wqe* update `csn_una`, `outst`, the slot ring as above and
//! put the connection into the FIFO when it is not queued and has a WQE
//! (an issue that finds a window still closed takes it out again, so a
//! blocked connection costs one issue slot per event, never blocks another).
//!
//! ## Timing
//!
//! S0 selection and record read; S1 the record's derived values (CSN
//! window difference, increments, `off + mtu`), head-slot read; S2 the
//! packet arithmetic with the WQE (LAST = `off + mtu >= len` as a compare
//! in units of 1,024 bytes on a conditional-sum adder's carry, payload
//! length, MSN select), slot write of a *wqe* operation; S3 decisions,
//! record write back, FIFO push, completion and credit registers (visible
//! after S3's edge), descriptor S4 (address low halves), S5 (high halves),
//! written into a 16-entry descriptor FIFO; a descriptor shows on `pd_*`
//! the second clock after the write. Every issue reserves its FIFO entry
//! at selection (released when it sends nothing), so the pipeline never
//! stalls. An input taken at the end of clock t is selected at the earliest
//! in clock t + 1; a packet selected in clock t shows on `pd_*` in clock
//! t + 7 at the earliest, its completion record and credit (when it is the
//! last) in clock t + 4. Every adder is a conditional-sum adder
//! (`cond_sum_add`): 6 LUT6 levels in both builds.
//!
//! ## Integration (how the top drives it)
//!
//! * From `wqe_fetch`: `wqe_valid`/`wqe_ready` to `w_valid`/`w_ready`,
//!   `wqe_conn`, `wqe_index` (`w_idx`), `wqe_opcode`, `wqe_flags`,
//!   `wqe_stream`, `wqe_len`, `wqe_wr_id`, `wqe_imm`, `wqe_rkey`,
//!   `wqe_remote_addr` (`w_raddr`), `wqe_sge_addr`, `wqe_sge_lkey`
//!   (`w_lkey`), `wqe_bad`. `wqe_fetch` sends a WQE only with a credit, so
//!   `cnt_wqe_over` stays 0 in a correct system.
//! * Credits back to `wqe_fetch` (`cr_valid`, `cr_conn`, `cr_n` = 1):
//!   `cr_*` has no ready and may pulse on consecutive clocks, while
//!   `wqe_fetch` takes one credit operation every second clock: the top
//!   coalesces the pulses per connection (or buffers them). In the long run
//!   there is one pulse per WQE taken, so at most one every second clock.
//! * ACKs: the `csn_base` of every received ACK, the same value
//!   `tx_compl`'s `OP_ACK` takes (the sender's `csn_una`).
//! * Completion records to `tx_compl`'s `OP_PUSH` (`op_csn` =
//!   `cm_last_csn`, `wr_id`, `len`, `msn`, `stream` (low 2 bits; a bad
//!   WQE's posted stream may be larger), `signaled`, `status`): `cm_*` has
//!   no ready while `tx_compl`'s `op_ready` drops under drain load, so the
//!   top puts a FIFO in between. Records come in posting order per
//!   connection, at most `MSG_WINDOW` outstanding per connection.
//! * Message completion returns from `tx_compl`'s `una_valid`/`una_conn`
//!   (one per completed message; `una_stream`/`una_msn` are not needed: the
//!   window is counted per connection, which bounds every stream's too).
//!   `una_*` has no ready and `mc_ready` drops for at least one clock after
//!   each return taken: a small FIFO in the top.
//! * Descriptors to the sprayer (`pd_valid`/`pd_ready`), which adds the
//!   path, PSN, ACK_REQ and RETX; `tx_builder` and the payload DMA read take
//!   the rest from the descriptor (`pd_addr`, `pd_len`, `pd_lkey`).
//! * From `cmd_proc`: `seg_valid`/`seg_ready` to `sc_valid`/`sc_ready`,
//!   `seg_op` to `sc_op` (0 INIT on CREATE_CONN, 1 FLUSH on DESTROY_CONN),
//!   `seg_conn` to `sc_conn`. `sc_ready` is a register (hold empty).
//! * FLUSHED records leave on `cm_*` like the others, after the
//!   connection's FLUSH; `tx_compl` accepts a push for a connection it is
//!   flushing and completes it FLUSHED in posting order. The top counts
//!   the records between the two blocks for `cmd_proc`'s record fence
//!   (a re-created connection's `tx_compl` CREATE waits for the records
//!   emitted before this block's INIT).
//! * Not here: retransmissions (the sprayer's, from the slot table).
//!
//! ## Rates and latency
//!
//! One operation per clock across connections: with no ACK, return or WQE
//! waiting, one descriptor per clock (II = 1) while enough connections have
//! work. A connection that sent is pushed back by its S3 and can be issued
//! again 3 clocks after that, so one connection alone sends at most one
//! packet every 6 clocks (50 M packets/s at 300 MHz, 400 Gb/s at 1 KiB
//! payloads: above what one 100 GbE port needs); its ACKs, returns and
//! WQEs interlock the same way (one operation of a connection in S1-S3).
//! Each input port takes at most one item every second clock (the hold).
//! Latency on an idle segmenter (clock 0: a WQE offered with `w_ready`):
//! its completion record and credit show in clock 11, its first
//! descriptor on `pd_*` in clock 14 (`segmenter_latency` in the model's
//! tests pins these).

use crate::cond_sum_add::{CondAdd, CondSumAdd};
use rust_hdl::prelude::*;

/// Connection bits of the default build (1,024 connections).
pub const SEG_CB_FULL: usize = 10;
/// Connection bits of the tiny build (16 connections).
pub const SEG_CB_TINY: usize = 4;
const _: () = assert!(braid_spec::state::SEG_WQE_SLOTS == 8);
const _: () = assert!(braid_spec::state::MSG_WINDOW == 32);
const _: () = assert!(braid_spec::state::MTU_MIN == 1024 && braid_spec::state::MTU_CODE_MAX == 3);

/// Segmenter with `CB` connection bits, `WB = CB + 3` slot-RAM address
/// bits and `QB = CB + 1` queue pointer bits.
#[derive(LogicBlock, Default)]
pub struct Segmenter<const CB: usize, const WB: usize, const QB: usize> {
    /// Engine clock.
    pub clock: Signal<In, Clock>,
    /// MTU code.
    pub mtu_code: Signal<In, Bits<2>>,
    /// WQE offered.
    pub w_valid: Signal<In, Bit>,
    /// Connection.
    pub w_conn: Signal<In, Bits<CB>>,
    /// Ring index.
    pub w_idx: Signal<In, Bits<16>>,
    /// Opcode.
    pub w_opcode: Signal<In, Bits<8>>,
    /// Flags.
    pub w_flags: Signal<In, Bits<8>>,
    /// Stream.
    pub w_stream: Signal<In, Bits<8>>,
    /// Length.
    pub w_len: Signal<In, Bits<32>>,
    /// wr_id.
    pub w_wr_id: Signal<In, Bits<64>>,
    /// Immediate.
    pub w_imm: Signal<In, Bits<32>>,
    /// Remote key.
    pub w_rkey: Signal<In, Bits<32>>,
    /// Remote address.
    pub w_raddr: Signal<In, Bits<64>>,
    /// Local address.
    pub w_sge_addr: Signal<In, Bits<64>>,
    /// Local key.
    pub w_lkey: Signal<In, Bits<32>>,
    /// Flagged bad.
    pub w_bad: Signal<In, Bit>,
    /// WQE taken when valid.
    pub w_ready: Signal<Out, Bit>,
    /// ACK offered.
    pub ack_valid: Signal<In, Bit>,
    /// Connection.
    pub ack_conn: Signal<In, Bits<CB>>,
    /// Cumulative CSN base.
    pub ack_csn_base: Signal<In, Bits<32>>,
    /// ACK taken when valid.
    pub ack_ready: Signal<Out, Bit>,
    /// Completion return offered.
    pub mc_valid: Signal<In, Bit>,
    /// Connection.
    pub mc_conn: Signal<In, Bits<CB>>,
    /// Return taken when valid.
    pub mc_ready: Signal<Out, Bit>,
    /// Descriptor consumer ready.
    pub pd_ready: Signal<In, Bit>,
    /// Descriptor valid.
    pub pd_valid: Signal<Out, Bit>,
    /// Connection.
    pub pd_conn: Signal<Out, Bits<CB>>,
    /// CSN.
    pub pd_csn: Signal<Out, Bits<32>>,
    /// MSN.
    pub pd_msn: Signal<Out, Bits<32>>,
    /// Stream.
    pub pd_stream: Signal<Out, Bits<2>>,
    /// Opcode.
    pub pd_opcode: Signal<Out, Bits<8>>,
    /// Flags.
    pub pd_flags: Signal<Out, Bits<8>>,
    /// Offset.
    pub pd_offset: Signal<Out, Bits<32>>,
    /// Payload length.
    pub pd_len: Signal<Out, Bits<16>>,
    /// Payload address.
    pub pd_addr: Signal<Out, Bits<64>>,
    /// Local key.
    pub pd_lkey: Signal<Out, Bits<32>>,
    /// Remote address + offset.
    pub pd_raddr: Signal<Out, Bits<64>>,
    /// Remote key.
    pub pd_rkey: Signal<Out, Bits<32>>,
    /// Immediate.
    pub pd_imm: Signal<Out, Bits<32>>,
    /// Message length.
    pub pd_msg_len: Signal<Out, Bits<32>>,
    /// RSN.
    pub pd_rsn: Signal<Out, Bits<24>>,
    /// Ring index.
    pub pd_wqe_idx: Signal<Out, Bits<16>>,
    /// Completion record valid.
    pub cm_valid: Signal<Out, Bit>,
    /// Connection.
    pub cm_conn: Signal<Out, Bits<CB>>,
    /// Last CSN.
    pub cm_last_csn: Signal<Out, Bits<32>>,
    /// wr_id.
    pub cm_wr_id: Signal<Out, Bits<64>>,
    /// SIGNALED.
    pub cm_signaled: Signal<Out, Bit>,
    /// Stream.
    pub cm_stream: Signal<Out, Bits<8>>,
    /// MSN.
    pub cm_msn: Signal<Out, Bits<32>>,
    /// Length.
    pub cm_len: Signal<Out, Bits<32>>,
    /// Opcode.
    pub cm_opcode: Signal<Out, Bits<8>>,
    /// Status.
    pub cm_status: Signal<Out, Bits<8>>,
    /// Ring index.
    pub cm_wqe_idx: Signal<Out, Bits<16>>,
    /// Credit.
    pub cr_valid: Signal<Out, Bit>,
    /// Its connection.
    pub cr_conn: Signal<Out, Bits<CB>>,
    /// Refused ACKs.
    pub cnt_bad_ack: Signal<Out, Bits<16>>,
    /// Refused completion returns.
    pub cnt_bad_mc: Signal<Out, Bits<16>>,
    /// Refused WQEs.
    pub cnt_wqe_over: Signal<Out, Bits<16>>,
    /// Command offered (INIT or FLUSH).
    pub sc_valid: Signal<In, Bit>,
    /// Command: 0 INIT, 1 FLUSH.
    pub sc_op: Signal<In, Bit>,
    /// Its connection.
    pub sc_conn: Signal<In, Bits<CB>>,
    /// Command taken when valid.
    pub sc_ready: Signal<Out, Bit>,
    /// ACKs and completion returns refused: connection invalid.
    pub cnt_no_conn: Signal<Out, Bits<16>>,

    // ---- record RAMs
    r_csn: RAM<Bits<32>, CB>,
    r_una: RAM<Bits<32>, CB>,
    r_head: RAM<Bits<3>, CB>,
    r_count: RAM<Bits<4>, CB>,
    r_mid: RAM<Bit, CB>,
    r_outst: RAM<Bits<6>, CB>,
    r_queued: RAM<Bit, CB>,
    r_off: RAM<Bits<32>, CB>,
    r_cmsn: RAM<Bits<32>, CB>,
    r_crsn: RAM<Bits<24>, CB>,
    r_msn: RAM<Bits<128>, CB>,
    r_rsn: RAM<Bits<96>, CB>,
    r_inv: RAM<Bit, CB>,
    // ---- WQE slot RAMs
    s_idx: RAM<Bits<16>, WB>,
    s_op: RAM<Bits<8>, WB>,
    s_flags: RAM<Bits<8>, WB>,
    s_stream: RAM<Bits<8>, WB>,
    s_len: RAM<Bits<32>, WB>,
    s_wrid: RAM<Bits<64>, WB>,
    s_imm: RAM<Bits<32>, WB>,
    s_rkey: RAM<Bits<32>, WB>,
    s_raddr: RAM<Bits<64>, WB>,
    s_addr: RAM<Bits<64>, WB>,
    s_lkey: RAM<Bits<32>, WB>,
    s_bad: RAM<Bit, WB>,
    // ---- connection queue
    q: RAM<Bits<CB>, CB>,
    rp: DFF<Bits<QB>>,
    wp: DFF<Bits<QB>>,
    wp_prev: DFF<Bits<QB>>,
    q_push: DFF<Bit>,
    q_entry: DFF<Bits<CB>>,
    // ---- descriptor FIFO
    o_conn: RAM<Bits<CB>, 4>,
    o_csn: RAM<Bits<32>, 4>,
    o_msn: RAM<Bits<32>, 4>,
    o_stream: RAM<Bits<2>, 4>,
    o_opcode: RAM<Bits<8>, 4>,
    o_flags: RAM<Bits<8>, 4>,
    o_offset: RAM<Bits<32>, 4>,
    o_len: RAM<Bits<16>, 4>,
    o_addr: RAM<Bits<64>, 4>,
    o_lkey: RAM<Bits<32>, 4>,
    o_raddr: RAM<Bits<64>, 4>,
    o_rkey: RAM<Bits<32>, 4>,
    o_imm: RAM<Bits<32>, 4>,
    o_msg_len: RAM<Bits<32>, 4>,
    o_rsn: RAM<Bits<24>, 4>,
    o_idx: RAM<Bits<16>, 4>,
    orp: DFF<Bits<5>>,
    owp: DFF<Bits<5>>,
    owp_prev: DFF<Bits<5>>,
    ou: DFF<Bits<5>>,
    cb_q: DFF<Bit>,
    // ---- holds
    hw_v: DFF<Bit>,
    hw_conn: DFF<Bits<CB>>,
    hw_idx: DFF<Bits<16>>,
    hw_op: DFF<Bits<8>>,
    hw_flags: DFF<Bits<8>>,
    hw_stream: DFF<Bits<8>>,
    hw_len: DFF<Bits<32>>,
    hw_wrid: DFF<Bits<64>>,
    hw_imm: DFF<Bits<32>>,
    hw_rkey: DFF<Bits<32>>,
    hw_raddr: DFF<Bits<64>>,
    hw_addr: DFF<Bits<64>>,
    hw_lkey: DFF<Bits<32>>,
    hw_bad: DFF<Bit>,
    ha_v: DFF<Bit>,
    ha_conn: DFF<Bits<CB>>,
    ha_base: DFF<Bits<32>>,
    hm_v: DFF<Bit>,
    hm_conn: DFF<Bits<CB>>,
    hc_v: DFF<Bit>,
    hc_op: DFF<Bit>,
    hc_conn: DFF<Bits<CB>>,
    ph: DFF<Bit>,
    mtu_q: DFF<Bits<2>>,
    in_op_ok: Signal<Local, Bit>,
    // ---- S0
    b_q: Signal<Local, Bit>,
    b_a: Signal<Local, Bit>,
    b_m: Signal<Local, Bit>,
    b_w: Signal<Local, Bit>,
    b_c: Signal<Local, Bit>,
    c_ok: Signal<Local, Bit>,
    s_cmd: Signal<Local, Bit>,
    iv: Signal<Local, Bit>,
    a_ok: Signal<Local, Bit>,
    m_ok: Signal<Local, Bit>,
    w_ok: Signal<Local, Bit>,
    first_issue: Signal<Local, Bit>,
    s_issue: Signal<Local, Bit>,
    s_ack: Signal<Local, Bit>,
    s_mc: Signal<Local, Bit>,
    s_wqe: Signal<Local, Bit>,
    sel_conn: Signal<Local, Bits<CB>>,
    rp_p1: Signal<Local, Bits<QB>>,
    rp_next: Signal<Local, Bits<QB>>,
    pop_o: Signal<Local, Bit>,
    orp_next: Signal<Local, Bits<5>>,
    l1_saddr: Signal<Local, Bits<WB>>,
    l2_waddr: Signal<Local, Bits<WB>>,
    l2_we: Signal<Local, Bit>,
    l3_f_first: Signal<Local, Bits<8>>,
    l3_f_last: Signal<Local, Bits<8>>,
    l3_f_sol: Signal<Local, Bits<8>>,
    // ---- S1
    p1_v: DFF<Bit>,
    p1_issue: DFF<Bit>,
    p1_ack: DFF<Bit>,
    p1_mc: DFF<Bit>,
    p1_wqe: DFF<Bit>,
    p1_init: DFF<Bit>,
    p1_flush: DFF<Bit>,
    p1_conn: DFF<Bits<CB>>,
    p1_base: DFF<Bits<32>>,
    p1_idx: DFF<Bits<16>>,
    p1_op: DFF<Bits<8>>,
    p1_flags: DFF<Bits<8>>,
    p1_stream: DFF<Bits<8>>,
    p1_len: DFF<Bits<32>>,
    p1_wrid: DFF<Bits<64>>,
    p1_imm: DFF<Bits<32>>,
    p1_rkey: DFF<Bits<32>>,
    p1_raddr: DFF<Bits<64>>,
    p1_addr: DFF<Bits<64>>,
    p1_lkey: DFF<Bits<32>>,
    p1_bad: DFF<Bit>,
    l1_mtu: Signal<Local, Bits<14>>,
    l1_mtu32: Signal<Local, Bits<32>>,
    l1_not_una: Signal<Local, Bits<32>>,
    l1_not_csn: Signal<Local, Bits<32>>,
    add_diff: CondAdd<32>,
    add_csn_p1: CondAdd<32>,
    add_csn_m1: CondAdd<32>,
    add_offp: CondSumAdd,
    add_d1: CondAdd<32>,
    add_d2: CondAdd<32>,
    add_m0: CondAdd<32>,
    add_m1: CondAdd<32>,
    add_m2: CondAdd<32>,
    add_m3: CondAdd<32>,
    add_r0: CondAdd<24>,
    add_r1: CondAdd<24>,
    add_r2: CondAdd<24>,
    add_r3: CondAdd<24>,
    // ---- S2
    p2_v: DFF<Bit>,
    p2_issue: DFF<Bit>,
    p2_ack: DFF<Bit>,
    p2_mc: DFF<Bit>,
    p2_wqe: DFF<Bit>,
    p2_init: DFF<Bit>,
    p2_flush: DFF<Bit>,
    p2_inv: DFF<Bit>,
    p2_conn: DFF<Bits<CB>>,
    p2_base: DFF<Bits<32>>,
    p2_idx: DFF<Bits<16>>,
    p2_op: DFF<Bits<8>>,
    p2_flags: DFF<Bits<8>>,
    p2_stream: DFF<Bits<8>>,
    p2_len: DFF<Bits<32>>,
    p2_wrid: DFF<Bits<64>>,
    p2_imm: DFF<Bits<32>>,
    p2_rkey: DFF<Bits<32>>,
    p2_raddr: DFF<Bits<64>>,
    p2_addr: DFF<Bits<64>>,
    p2_lkey: DFF<Bits<32>>,
    p2_bad: DFF<Bit>,
    p2_mtu: DFF<Bits<14>>,
    p2_csn: DFF<Bits<32>>,
    p2_una: DFF<Bits<32>>,
    p2_head: DFF<Bits<3>>,
    p2_count: DFF<Bits<4>>,
    p2_mid: DFF<Bit>,
    p2_outst: DFF<Bits<6>>,
    p2_queued: DFF<Bit>,
    p2_off: DFF<Bits<32>>,
    p2_cmsn: DFF<Bits<32>>,
    p2_crsn: DFF<Bits<24>>,
    p2_msn: DFF<Bits<128>>,
    p2_rsn: DFF<Bits<96>>,
    p2_diff: DFF<Bits<32>>,
    p2_csn_p1: DFF<Bits<32>>,
    p2_csn_m1: DFF<Bits<32>>,
    p2_offp: DFF<Bits<32>>,
    p2_offc: DFF<Bit>,
    p2_d1: DFF<Bits<32>>,
    p2_d2: DFF<Bits<32>>,
    p2_minc: DFF<Bits<128>>,
    p2_rinc: DFF<Bits<96>>,
    p2_head_p1: DFF<Bits<3>>,
    p2_count_p1: DFF<Bits<4>>,
    p2_count_m1: DFF<Bits<4>>,
    p2_slot: DFF<Bits<3>>,
    p2_outst_p1: DFF<Bits<6>>,
    p2_outst_m1: DFF<Bits<6>>,
    l2_offk: Signal<Local, Bits<23>>,
    l2_offk32: Signal<Local, Bits<32>>,
    l2_lenk32: Signal<Local, Bits<32>>,
    l2_nlenk32: Signal<Local, Bits<32>>,
    l2_lz: Signal<Local, Bit>,
    l2_plen_hi: Signal<Local, Bits<4>>,
    l2_plen: Signal<Local, Bits<14>>,
    l2_s: Signal<Local, Bits<2>>,
    add_last: CondSumAdd,
    // ---- S3
    p3_v: DFF<Bit>,
    p3_issue: DFF<Bit>,
    p3_ack: DFF<Bit>,
    p3_mc: DFF<Bit>,
    p3_wqe: DFF<Bit>,
    p3_init: DFF<Bit>,
    p3_flush: DFF<Bit>,
    p3_inv: DFF<Bit>,
    p3_conn: DFF<Bits<CB>>,
    p3_base: DFF<Bits<32>>,
    p3_idx: DFF<Bits<16>>,
    p3_op: DFF<Bits<8>>,
    p3_flags: DFF<Bits<8>>,
    p3_stream: DFF<Bits<8>>,
    p3_len: DFF<Bits<32>>,
    p3_wrid: DFF<Bits<64>>,
    p3_imm: DFF<Bits<32>>,
    p3_rkey: DFF<Bits<32>>,
    p3_raddr: DFF<Bits<64>>,
    p3_addr: DFF<Bits<64>>,
    p3_lkey: DFF<Bits<32>>,
    p3_bad: DFF<Bit>,
    p3_csn: DFF<Bits<32>>,
    p3_una: DFF<Bits<32>>,
    p3_head: DFF<Bits<3>>,
    p3_count: DFF<Bits<4>>,
    p3_mid: DFF<Bit>,
    p3_outst: DFF<Bits<6>>,
    p3_queued: DFF<Bit>,
    p3_off: DFF<Bits<32>>,
    p3_cmsn: DFF<Bits<32>>,
    p3_crsn: DFF<Bits<24>>,
    p3_msn: DFF<Bits<128>>,
    p3_rsn: DFF<Bits<96>>,
    p3_minc: DFF<Bits<128>>,
    p3_rinc: DFF<Bits<96>>,
    p3_csn_p1: DFF<Bits<32>>,
    p3_csn_m1: DFF<Bits<32>>,
    p3_offp: DFF<Bits<32>>,
    p3_head_p1: DFF<Bits<3>>,
    p3_count_p1: DFF<Bits<4>>,
    p3_count_m1: DFF<Bits<4>>,
    p3_outst_p1: DFF<Bits<6>>,
    p3_outst_m1: DFF<Bits<6>>,
    p3_open: DFF<Bit>,
    p3_open_after: DFF<Bit>,
    p3_outst_ok: DFF<Bit>,
    p3_outst_lt31: DFF<Bit>,
    p3_outst_nz: DFF<Bit>,
    p3_has: DFF<Bit>,
    p3_count_gt1: DFF<Bit>,
    p3_room: DFF<Bit>,
    p3_fwd: DFF<Bit>,
    p3_beyond: DFF<Bit>,
    p3_last: DFF<Bit>,
    p3_plen: DFF<Bits<14>>,
    p3_s: DFF<Bits<2>>,
    p3_is_send: DFF<Bit>,
    p3_msn_sel: DFF<Bits<32>>,
    p3_rsn_sel: DFF<Bits<24>>,
    l3_first: Signal<Local, Bit>,
    l3_go_bad: Signal<Local, Bit>,
    l3_go_pkt: Signal<Local, Bit>,
    l3_go_flush: Signal<Local, Bit>,
    l3_done: Signal<Local, Bit>,
    l3_start: Signal<Local, Bit>,
    l3_mstart: Signal<Local, Bit>,
    l3_rstart: Signal<Local, Bit>,
    l3_n_count_nz: Signal<Local, Bit>,
    l3_n_open: Signal<Local, Bit>,
    l3_n_outst_ok: Signal<Local, Bit>,
    l3_n_mid: Signal<Local, Bit>,
    l3_repush: Signal<Local, Bit>,
    l3_ev_push: Signal<Local, Bit>,
    l3_m0: Signal<Local, Bits<32>>,
    l3_m1: Signal<Local, Bits<32>>,
    l3_m2: Signal<Local, Bits<32>>,
    l3_m3: Signal<Local, Bits<32>>,
    l3_r0: Signal<Local, Bits<24>>,
    l3_r1: Signal<Local, Bits<24>>,
    l3_r2: Signal<Local, Bits<24>>,
    l3_r3: Signal<Local, Bits<24>>,
    l3_flags: Signal<Local, Bits<8>>,
    add_alo: CondSumAdd,
    add_rlo: CondSumAdd,
    // ---- S4: descriptor (address high halves), completion and credit
    p4_v: DFF<Bit>,
    p4_conn: DFF<Bits<CB>>,
    p4_csn: DFF<Bits<32>>,
    p4_msn: DFF<Bits<32>>,
    p4_stream: DFF<Bits<2>>,
    p4_opcode: DFF<Bits<8>>,
    p4_flags: DFF<Bits<8>>,
    p4_offset: DFF<Bits<32>>,
    p4_len: DFF<Bits<14>>,
    p4_alo: DFF<Bits<32>>,
    p4_ac: DFF<Bit>,
    p4_ahi: DFF<Bits<32>>,
    p4_lkey: DFF<Bits<32>>,
    p4_rlo: DFF<Bits<32>>,
    p4_rc: DFF<Bit>,
    p4_rhi: DFF<Bits<32>>,
    p4_rkey: DFF<Bits<32>>,
    p4_imm: DFF<Bits<32>>,
    p4_msg_len: DFF<Bits<32>>,
    p4_rsn: DFF<Bits<24>>,
    p4_idx: DFF<Bits<16>>,
    add_ahi: CondAdd<32>,
    add_rhi: CondAdd<32>,
    cm_v: DFF<Bit>,
    cm_c: DFF<Bits<CB>>,
    cm_lcsn: DFF<Bits<32>>,
    cm_wrid: DFF<Bits<64>>,
    cm_sig: DFF<Bit>,
    cm_str: DFF<Bits<8>>,
    cm_m: DFF<Bits<32>>,
    cm_l: DFF<Bits<32>>,
    cm_op: DFF<Bits<8>>,
    cm_st: DFF<Bits<8>>,
    cm_idx: DFF<Bits<16>>,
    cr_v: DFF<Bit>,
    cr_c: DFF<Bits<CB>>,
    inc_ack: DFF<Bit>,
    inc_mc: DFF<Bit>,
    inc_over: DFF<Bit>,
    inc_inv: DFF<Bit>,
    c_inv: DFF<Bits<16>>,
    add_c_inv: CondAdd<16>,
    c_ack: DFF<Bits<16>>,
    c_mc: DFF<Bits<16>>,
    c_over: DFF<Bits<16>>,
    add_c_ack: CondAdd<16>,
    add_c_mc: CondAdd<16>,
    add_c_over: CondAdd<16>,
    // ---- S5
    p5_v: DFF<Bit>,
    p5_conn: DFF<Bits<CB>>,
    p5_csn: DFF<Bits<32>>,
    p5_msn: DFF<Bits<32>>,
    p5_stream: DFF<Bits<2>>,
    p5_opcode: DFF<Bits<8>>,
    p5_flags: DFF<Bits<8>>,
    p5_offset: DFF<Bits<32>>,
    p5_len: DFF<Bits<14>>,
    p5_addr: DFF<Bits<64>>,
    p5_lkey: DFF<Bits<32>>,
    p5_raddr: DFF<Bits<64>>,
    p5_rkey: DFF<Bits<32>>,
    p5_imm: DFF<Bits<32>>,
    p5_msg_len: DFF<Bits<32>>,
    p5_rsn: DFF<Bits<24>>,
    p5_idx: DFF<Bits<16>>,
}

impl<const CB: usize, const WB: usize, const QB: usize> Logic for Segmenter<CB, WB, QB> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            clock,
            rp,
            wp,
            wp_prev,
            q_push,
            q_entry,
            orp,
            owp,
            owp_prev,
            ou,
            cb_q,
            hw_v,
            hw_conn,
            hw_idx,
            hw_op,
            hw_flags,
            hw_stream,
            hw_len,
            hw_wrid,
            hw_imm,
            hw_rkey,
            hw_raddr,
            hw_addr,
            hw_lkey,
            hw_bad,
            ha_v,
            ha_conn,
            ha_base,
            hm_v,
            hm_conn,
            hc_v,
            hc_op,
            hc_conn,
            ph,
            mtu_q,
            p1_v,
            p1_issue,
            p1_ack,
            p1_mc,
            p1_wqe,
            p1_init,
            p1_flush,
            p1_conn,
            p1_base,
            p1_idx,
            p1_op,
            p1_flags,
            p1_stream,
            p1_len,
            p1_wrid,
            p1_imm,
            p1_rkey,
            p1_raddr,
            p1_addr,
            p1_lkey,
            p1_bad,
            p2_v,
            p2_issue,
            p2_ack,
            p2_mc,
            p2_wqe,
            p2_init,
            p2_flush,
            p2_inv,
            p2_conn,
            p2_base,
            p2_idx,
            p2_op,
            p2_flags,
            p2_stream,
            p2_len,
            p2_wrid,
            p2_imm,
            p2_rkey,
            p2_raddr,
            p2_addr,
            p2_lkey,
            p2_bad,
            p2_mtu,
            p2_csn,
            p2_una,
            p2_head,
            p2_count,
            p2_mid,
            p2_outst,
            p2_queued,
            p2_off,
            p2_cmsn,
            p2_crsn,
            p2_msn,
            p2_rsn,
            p2_diff,
            p2_csn_p1,
            p2_csn_m1,
            p2_offp,
            p2_offc,
            p2_d1,
            p2_d2,
            p2_minc,
            p2_rinc,
            p2_head_p1,
            p2_count_p1,
            p2_count_m1,
            p2_slot,
            p2_outst_p1,
            p2_outst_m1,
            p3_v,
            p3_issue,
            p3_ack,
            p3_mc,
            p3_wqe,
            p3_init,
            p3_flush,
            p3_inv,
            p3_conn,
            p3_base,
            p3_idx,
            p3_op,
            p3_flags,
            p3_stream,
            p3_len,
            p3_wrid,
            p3_imm,
            p3_rkey,
            p3_raddr,
            p3_addr,
            p3_lkey,
            p3_bad,
            p3_csn,
            p3_una,
            p3_head,
            p3_count,
            p3_mid,
            p3_outst,
            p3_queued,
            p3_off,
            p3_cmsn,
            p3_crsn,
            p3_msn,
            p3_rsn,
            p3_minc,
            p3_rinc,
            p3_csn_p1,
            p3_csn_m1,
            p3_offp,
            p3_head_p1,
            p3_count_p1,
            p3_count_m1,
            p3_outst_p1,
            p3_outst_m1,
            p3_open,
            p3_open_after,
            p3_outst_ok,
            p3_outst_lt31,
            p3_outst_nz,
            p3_has,
            p3_count_gt1,
            p3_room,
            p3_fwd,
            p3_beyond,
            p3_last,
            p3_plen,
            p3_s,
            p3_is_send,
            p3_msn_sel,
            p3_rsn_sel,
            p4_v,
            p4_conn,
            p4_csn,
            p4_msn,
            p4_stream,
            p4_opcode,
            p4_flags,
            p4_offset,
            p4_len,
            p4_alo,
            p4_ac,
            p4_ahi,
            p4_lkey,
            p4_rlo,
            p4_rc,
            p4_rhi,
            p4_rkey,
            p4_imm,
            p4_msg_len,
            p4_rsn,
            p4_idx,
            cm_v,
            cm_c,
            cm_lcsn,
            cm_wrid,
            cm_sig,
            cm_str,
            cm_m,
            cm_l,
            cm_op,
            cm_st,
            cm_idx,
            cr_v,
            cr_c,
            inc_ack,
            inc_mc,
            inc_over,
            inc_inv,
            c_inv,
            c_ack,
            c_mc,
            c_over,
            p5_v,
            p5_conn,
            p5_csn,
            p5_msn,
            p5_stream,
            p5_opcode,
            p5_flags,
            p5_offset,
            p5_len,
            p5_addr,
            p5_lkey,
            p5_raddr,
            p5_rkey,
            p5_imm,
            p5_msg_len,
            p5_rsn,
            p5_idx
        );
        self.r_csn.read_clock.next = self.clock.val();
        self.r_csn.write_clock.next = self.clock.val();
        self.r_una.read_clock.next = self.clock.val();
        self.r_una.write_clock.next = self.clock.val();
        self.r_head.read_clock.next = self.clock.val();
        self.r_head.write_clock.next = self.clock.val();
        self.r_count.read_clock.next = self.clock.val();
        self.r_count.write_clock.next = self.clock.val();
        self.r_mid.read_clock.next = self.clock.val();
        self.r_mid.write_clock.next = self.clock.val();
        self.r_outst.read_clock.next = self.clock.val();
        self.r_outst.write_clock.next = self.clock.val();
        self.r_queued.read_clock.next = self.clock.val();
        self.r_queued.write_clock.next = self.clock.val();
        self.r_off.read_clock.next = self.clock.val();
        self.r_off.write_clock.next = self.clock.val();
        self.r_cmsn.read_clock.next = self.clock.val();
        self.r_cmsn.write_clock.next = self.clock.val();
        self.r_crsn.read_clock.next = self.clock.val();
        self.r_crsn.write_clock.next = self.clock.val();
        self.r_msn.read_clock.next = self.clock.val();
        self.r_msn.write_clock.next = self.clock.val();
        self.r_rsn.read_clock.next = self.clock.val();
        self.r_rsn.write_clock.next = self.clock.val();
        self.r_inv.read_clock.next = self.clock.val();
        self.r_inv.write_clock.next = self.clock.val();
        self.s_idx.read_clock.next = self.clock.val();
        self.s_idx.write_clock.next = self.clock.val();
        self.s_op.read_clock.next = self.clock.val();
        self.s_op.write_clock.next = self.clock.val();
        self.s_flags.read_clock.next = self.clock.val();
        self.s_flags.write_clock.next = self.clock.val();
        self.s_stream.read_clock.next = self.clock.val();
        self.s_stream.write_clock.next = self.clock.val();
        self.s_len.read_clock.next = self.clock.val();
        self.s_len.write_clock.next = self.clock.val();
        self.s_wrid.read_clock.next = self.clock.val();
        self.s_wrid.write_clock.next = self.clock.val();
        self.s_imm.read_clock.next = self.clock.val();
        self.s_imm.write_clock.next = self.clock.val();
        self.s_rkey.read_clock.next = self.clock.val();
        self.s_rkey.write_clock.next = self.clock.val();
        self.s_raddr.read_clock.next = self.clock.val();
        self.s_raddr.write_clock.next = self.clock.val();
        self.s_addr.read_clock.next = self.clock.val();
        self.s_addr.write_clock.next = self.clock.val();
        self.s_lkey.read_clock.next = self.clock.val();
        self.s_lkey.write_clock.next = self.clock.val();
        self.s_bad.read_clock.next = self.clock.val();
        self.s_bad.write_clock.next = self.clock.val();
        self.q.read_clock.next = self.clock.val();
        self.q.write_clock.next = self.clock.val();
        self.o_conn.read_clock.next = self.clock.val();
        self.o_conn.write_clock.next = self.clock.val();
        self.o_csn.read_clock.next = self.clock.val();
        self.o_csn.write_clock.next = self.clock.val();
        self.o_msn.read_clock.next = self.clock.val();
        self.o_msn.write_clock.next = self.clock.val();
        self.o_stream.read_clock.next = self.clock.val();
        self.o_stream.write_clock.next = self.clock.val();
        self.o_opcode.read_clock.next = self.clock.val();
        self.o_opcode.write_clock.next = self.clock.val();
        self.o_flags.read_clock.next = self.clock.val();
        self.o_flags.write_clock.next = self.clock.val();
        self.o_offset.read_clock.next = self.clock.val();
        self.o_offset.write_clock.next = self.clock.val();
        self.o_len.read_clock.next = self.clock.val();
        self.o_len.write_clock.next = self.clock.val();
        self.o_addr.read_clock.next = self.clock.val();
        self.o_addr.write_clock.next = self.clock.val();
        self.o_lkey.read_clock.next = self.clock.val();
        self.o_lkey.write_clock.next = self.clock.val();
        self.o_raddr.read_clock.next = self.clock.val();
        self.o_raddr.write_clock.next = self.clock.val();
        self.o_rkey.read_clock.next = self.clock.val();
        self.o_rkey.write_clock.next = self.clock.val();
        self.o_imm.read_clock.next = self.clock.val();
        self.o_imm.write_clock.next = self.clock.val();
        self.o_msg_len.read_clock.next = self.clock.val();
        self.o_msg_len.write_clock.next = self.clock.val();
        self.o_rsn.read_clock.next = self.clock.val();
        self.o_rsn.write_clock.next = self.clock.val();
        self.o_idx.read_clock.next = self.clock.val();
        self.o_idx.write_clock.next = self.clock.val();

        // ---- holds (a hold is loaded only while empty)
        self.in_op_ok.next = (self.w_opcode.val().get_bits::<5>(3) == bits::<5>(0))
            & (self.w_opcode.val().get_bits::<3>(0) != bits::<3>(0))
            & (self.w_opcode.val().get_bits::<3>(0) <= bits::<3>(4));
        if !self.hw_v.q.val() {
            self.hw_v.d.next = self.w_valid.val();
            self.hw_conn.d.next = self.w_conn.val();
            self.hw_idx.d.next = self.w_idx.val();
            self.hw_op.d.next = self.w_opcode.val();
            self.hw_flags.d.next = self.w_flags.val();
            self.hw_stream.d.next = self.w_stream.val();
            self.hw_len.d.next = self.w_len.val();
            self.hw_wrid.d.next = self.w_wr_id.val();
            self.hw_imm.d.next = self.w_imm.val();
            self.hw_rkey.d.next = self.w_rkey.val();
            self.hw_raddr.d.next = self.w_raddr.val();
            self.hw_addr.d.next = self.w_sge_addr.val();
            self.hw_lkey.d.next = self.w_lkey.val();
            self.hw_bad.d.next = self.w_bad.val()
                | !self.in_op_ok.val()
                | (self.w_stream.val().get_bits::<6>(2) != bits::<6>(0));
        }
        if !self.ha_v.q.val() {
            self.ha_v.d.next = self.ack_valid.val();
            self.ha_conn.d.next = self.ack_conn.val();
            self.ha_base.d.next = self.ack_csn_base.val();
        }
        if !self.hm_v.q.val() {
            self.hm_v.d.next = self.mc_valid.val();
            self.hm_conn.d.next = self.mc_conn.val();
        }
        if !self.hc_v.q.val() {
            self.hc_v.d.next = self.sc_valid.val();
            self.hc_op.d.next = self.sc_op.val();
            self.hc_conn.d.next = self.sc_conn.val();
        }
        self.ph.d.next = !self.ph.q.val();
        self.mtu_q.d.next = self.mtu_code.val();
        self.w_ready.next = !self.hw_v.q.val();
        self.ack_ready.next = !self.ha_v.q.val();
        self.mc_ready.next = !self.hm_v.q.val();
        self.sc_ready.next = !self.hc_v.q.val();

        // ---- S0: select one operation
        self.b_q.next = (self.p1_v.q.val() & (self.p1_conn.q.val() == self.q.read_data.val()))
            | (self.p2_v.q.val() & (self.p2_conn.q.val() == self.q.read_data.val()))
            | (self.p3_v.q.val() & (self.p3_conn.q.val() == self.q.read_data.val()));
        self.b_a.next = (self.p1_v.q.val() & (self.p1_conn.q.val() == self.ha_conn.q.val()))
            | (self.p2_v.q.val() & (self.p2_conn.q.val() == self.ha_conn.q.val()))
            | (self.p3_v.q.val() & (self.p3_conn.q.val() == self.ha_conn.q.val()));
        self.b_m.next = (self.p1_v.q.val() & (self.p1_conn.q.val() == self.hm_conn.q.val()))
            | (self.p2_v.q.val() & (self.p2_conn.q.val() == self.hm_conn.q.val()))
            | (self.p3_v.q.val() & (self.p3_conn.q.val() == self.hm_conn.q.val()));
        self.b_w.next = (self.p1_v.q.val() & (self.p1_conn.q.val() == self.hw_conn.q.val()))
            | (self.p2_v.q.val() & (self.p2_conn.q.val() == self.hw_conn.q.val()))
            | (self.p3_v.q.val() & (self.p3_conn.q.val() == self.hw_conn.q.val()));
        self.b_c.next = (self.p1_v.q.val() & (self.p1_conn.q.val() == self.hc_conn.q.val()))
            | (self.p2_v.q.val() & (self.p2_conn.q.val() == self.hc_conn.q.val()))
            | (self.p3_v.q.val() & (self.p3_conn.q.val() == self.hc_conn.q.val()));
        self.iv.next = (self.rp.q.val() != self.wp_prev.q.val())
            & !self.ou.q.val().get_bit(4)
            & !self.b_q.val();
        self.a_ok.next = self.ha_v.q.val() & !self.b_a.val();
        self.m_ok.next = self.hm_v.q.val() & !self.b_m.val();
        self.w_ok.next = self.hw_v.q.val() & !self.b_w.val();
        self.c_ok.next = self.hc_v.q.val() & !self.b_c.val();
        self.first_issue.next = self.ph.q.val() & self.iv.val();
        self.s_cmd.next = !self.first_issue.val() & self.c_ok.val();
        self.s_ack.next = !self.first_issue.val() & !self.c_ok.val() & self.a_ok.val();
        self.s_mc.next =
            !self.first_issue.val() & !self.c_ok.val() & !self.a_ok.val() & self.m_ok.val();
        self.s_wqe.next = !self.first_issue.val()
            & !self.c_ok.val()
            & !self.a_ok.val()
            & !self.m_ok.val()
            & self.w_ok.val();
        self.s_issue.next = self.first_issue.val()
            | (!self.c_ok.val()
                & !self.a_ok.val()
                & !self.m_ok.val()
                & !self.w_ok.val()
                & self.iv.val());
        self.sel_conn.next = self.q.read_data.val();
        if self.s_cmd.val() {
            self.sel_conn.next = self.hc_conn.q.val();
        }
        if self.s_ack.val() {
            self.sel_conn.next = self.ha_conn.q.val();
        }
        if self.s_mc.val() {
            self.sel_conn.next = self.hm_conn.q.val();
        }
        if self.s_wqe.val() {
            self.sel_conn.next = self.hw_conn.q.val();
        }
        if self.s_ack.val() {
            self.ha_v.d.next = false;
        }
        if self.s_mc.val() {
            self.hm_v.d.next = false;
        }
        if self.s_wqe.val() {
            self.hw_v.d.next = false;
        }
        if self.s_cmd.val() {
            self.hc_v.d.next = false;
        }
        self.r_inv.read_address.next = self.sel_conn.val();
        self.r_csn.read_address.next = self.sel_conn.val();
        self.r_una.read_address.next = self.sel_conn.val();
        self.r_head.read_address.next = self.sel_conn.val();
        self.r_count.read_address.next = self.sel_conn.val();
        self.r_mid.read_address.next = self.sel_conn.val();
        self.r_outst.read_address.next = self.sel_conn.val();
        self.r_queued.read_address.next = self.sel_conn.val();
        self.r_off.read_address.next = self.sel_conn.val();
        self.r_cmsn.read_address.next = self.sel_conn.val();
        self.r_crsn.read_address.next = self.sel_conn.val();
        self.r_msn.read_address.next = self.sel_conn.val();
        self.r_rsn.read_address.next = self.sel_conn.val();
        // the connection queue: pop on issue
        self.rp_p1.next = self.rp.q.val() + bits::<QB>(1);
        self.rp_next.next = self.rp.q.val();
        if self.s_issue.val() {
            self.rp_next.next = self.rp_p1.val();
        }
        self.rp.d.next = self.rp_next.val();
        self.q.read_address.next = self.rp_next.val().get_bits::<CB>(0);
        self.q.write_address.next = self.wp.q.val().get_bits::<CB>(0);
        self.q.write_data.next = self.q_entry.q.val();
        self.q.write_enable.next = self.q_push.q.val();
        self.wp_prev.d.next = self.wp.q.val();
        self.wp.d.next = self.wp.q.val();
        if self.q_push.q.val() {
            self.wp.d.next = self.wp.q.val() + bits::<QB>(1);
        }

        self.p1_v.d.next = self.s_issue.val()
            | self.s_ack.val()
            | self.s_mc.val()
            | self.s_wqe.val()
            | self.s_cmd.val();
        self.p1_init.d.next = self.s_cmd.val() & !self.hc_op.q.val();
        self.p1_flush.d.next = self.s_cmd.val() & self.hc_op.q.val();
        self.p1_issue.d.next = self.s_issue.val();
        self.p1_ack.d.next = self.s_ack.val();
        self.p1_mc.d.next = self.s_mc.val();
        self.p1_wqe.d.next = self.s_wqe.val();
        self.p1_conn.d.next = self.sel_conn.val();
        self.p1_base.d.next = self.ha_base.q.val();
        self.p1_idx.d.next = self.hw_idx.q.val();
        self.p1_op.d.next = self.hw_op.q.val();
        self.p1_flags.d.next = self.hw_flags.q.val();
        self.p1_stream.d.next = self.hw_stream.q.val();
        self.p1_len.d.next = self.hw_len.q.val();
        self.p1_wrid.d.next = self.hw_wrid.q.val();
        self.p1_imm.d.next = self.hw_imm.q.val();
        self.p1_rkey.d.next = self.hw_rkey.q.val();
        self.p1_raddr.d.next = self.hw_raddr.q.val();
        self.p1_addr.d.next = self.hw_addr.q.val();
        self.p1_lkey.d.next = self.hw_lkey.q.val();
        self.p1_bad.d.next = self.hw_bad.q.val();

        // ---- S1: derived values of the record; the head slot's read
        self.l1_saddr.next = (bit_cast::<WB, CB>(self.p1_conn.q.val()) << 3)
            | bit_cast::<WB, 3>(self.r_head.read_data.val());
        self.s_idx.read_address.next = self.l1_saddr.val();
        self.s_op.read_address.next = self.l1_saddr.val();
        self.s_flags.read_address.next = self.l1_saddr.val();
        self.s_stream.read_address.next = self.l1_saddr.val();
        self.s_len.read_address.next = self.l1_saddr.val();
        self.s_wrid.read_address.next = self.l1_saddr.val();
        self.s_imm.read_address.next = self.l1_saddr.val();
        self.s_rkey.read_address.next = self.l1_saddr.val();
        self.s_raddr.read_address.next = self.l1_saddr.val();
        self.s_addr.read_address.next = self.l1_saddr.val();
        self.s_lkey.read_address.next = self.l1_saddr.val();
        self.s_bad.read_address.next = self.l1_saddr.val();
        self.l1_mtu.next = bits::<14>(1024) << bit_cast::<14, 2>(self.mtu_q.q.val());
        self.l1_not_una.next = !self.r_una.read_data.val();
        self.l1_not_csn.next = !self.r_csn.read_data.val();
        self.add_diff.a.next = self.r_csn.read_data.val();
        self.add_diff.b.next = self.l1_not_una.val();
        self.add_diff.cin.next = true;
        self.add_csn_p1.a.next = self.r_csn.read_data.val();
        self.add_csn_p1.b.next = bits::<32>(0);
        self.add_csn_p1.cin.next = true;
        self.add_csn_m1.a.next = self.r_csn.read_data.val();
        self.add_csn_m1.b.next = !bits::<32>(0);
        self.add_csn_m1.cin.next = false;
        self.l1_mtu32.next = bit_cast::<32, 14>(self.l1_mtu.val());
        self.add_offp.a.next = self.r_off.read_data.val();
        self.add_offp.b.next = self.l1_mtu32.val();
        self.add_offp.cin.next = false;
        self.add_d1.a.next = self.p1_base.q.val();
        self.add_d1.b.next = self.l1_not_una.val();
        self.add_d1.cin.next = true;
        self.add_d2.a.next = self.p1_base.q.val();
        self.add_d2.b.next = self.l1_not_csn.val();
        self.add_d2.cin.next = true;
        self.add_m0.a.next = self.r_msn.read_data.val().get_bits::<32>(0);
        self.add_m1.a.next = self.r_msn.read_data.val().get_bits::<32>(32);
        self.add_m2.a.next = self.r_msn.read_data.val().get_bits::<32>(64);
        self.add_m3.a.next = self.r_msn.read_data.val().get_bits::<32>(96);
        self.add_m0.b.next = bits::<32>(0);
        self.add_m1.b.next = bits::<32>(0);
        self.add_m2.b.next = bits::<32>(0);
        self.add_m3.b.next = bits::<32>(0);
        self.add_m0.cin.next = true;
        self.add_m1.cin.next = true;
        self.add_m2.cin.next = true;
        self.add_m3.cin.next = true;
        self.add_r0.a.next = self.r_rsn.read_data.val().get_bits::<24>(0);
        self.add_r1.a.next = self.r_rsn.read_data.val().get_bits::<24>(24);
        self.add_r2.a.next = self.r_rsn.read_data.val().get_bits::<24>(48);
        self.add_r3.a.next = self.r_rsn.read_data.val().get_bits::<24>(72);
        self.add_r0.b.next = bits::<24>(0);
        self.add_r1.b.next = bits::<24>(0);
        self.add_r2.b.next = bits::<24>(0);
        self.add_r3.b.next = bits::<24>(0);
        self.add_r0.cin.next = true;
        self.add_r1.cin.next = true;
        self.add_r2.cin.next = true;
        self.add_r3.cin.next = true;

        self.p2_v.d.next = self.p1_v.q.val();
        self.p2_issue.d.next = self.p1_issue.q.val();
        self.p2_ack.d.next = self.p1_ack.q.val();
        self.p2_mc.d.next = self.p1_mc.q.val();
        self.p2_wqe.d.next = self.p1_wqe.q.val();
        self.p2_init.d.next = self.p1_init.q.val();
        self.p2_flush.d.next = self.p1_flush.q.val();
        self.p2_inv.d.next = self.r_inv.read_data.val();
        self.p2_conn.d.next = self.p1_conn.q.val();
        self.p2_base.d.next = self.p1_base.q.val();
        self.p2_idx.d.next = self.p1_idx.q.val();
        self.p2_op.d.next = self.p1_op.q.val();
        self.p2_flags.d.next = self.p1_flags.q.val();
        self.p2_stream.d.next = self.p1_stream.q.val();
        self.p2_len.d.next = self.p1_len.q.val();
        self.p2_wrid.d.next = self.p1_wrid.q.val();
        self.p2_imm.d.next = self.p1_imm.q.val();
        self.p2_rkey.d.next = self.p1_rkey.q.val();
        self.p2_raddr.d.next = self.p1_raddr.q.val();
        self.p2_addr.d.next = self.p1_addr.q.val();
        self.p2_lkey.d.next = self.p1_lkey.q.val();
        self.p2_bad.d.next = self.p1_bad.q.val();
        self.p2_mtu.d.next = self.l1_mtu.val();
        self.p2_csn.d.next = self.r_csn.read_data.val();
        self.p2_una.d.next = self.r_una.read_data.val();
        self.p2_head.d.next = self.r_head.read_data.val();
        self.p2_count.d.next = self.r_count.read_data.val();
        self.p2_mid.d.next = self.r_mid.read_data.val();
        self.p2_outst.d.next = self.r_outst.read_data.val();
        self.p2_queued.d.next = self.r_queued.read_data.val();
        self.p2_off.d.next = self.r_off.read_data.val();
        self.p2_cmsn.d.next = self.r_cmsn.read_data.val();
        self.p2_crsn.d.next = self.r_crsn.read_data.val();
        self.p2_msn.d.next = self.r_msn.read_data.val();
        self.p2_rsn.d.next = self.r_rsn.read_data.val();
        self.p2_diff.d.next = self.add_diff.sum.val();
        self.p2_csn_p1.d.next = self.add_csn_p1.sum.val();
        self.p2_csn_m1.d.next = self.add_csn_m1.sum.val();
        self.p2_offp.d.next = self.add_offp.sum.val();
        self.p2_offc.d.next = self.add_offp.cout.val();
        self.p2_d1.d.next = self.add_d1.sum.val();
        self.p2_d2.d.next = self.add_d2.sum.val();
        self.p2_minc.d.next = bit_cast::<128, 32>(self.add_m0.sum.val())
            | (bit_cast::<128, 32>(self.add_m1.sum.val()) << 32)
            | (bit_cast::<128, 32>(self.add_m2.sum.val()) << 64)
            | (bit_cast::<128, 32>(self.add_m3.sum.val()) << 96);
        self.p2_rinc.d.next = bit_cast::<96, 24>(self.add_r0.sum.val())
            | (bit_cast::<96, 24>(self.add_r1.sum.val()) << 24)
            | (bit_cast::<96, 24>(self.add_r2.sum.val()) << 48)
            | (bit_cast::<96, 24>(self.add_r3.sum.val()) << 72);
        self.p2_head_p1.d.next = self.r_head.read_data.val() + bits::<3>(1);
        self.p2_count_p1.d.next = self.r_count.read_data.val() + bits::<4>(1);
        self.p2_count_m1.d.next = self.r_count.read_data.val() - bits::<4>(1);
        self.p2_slot.d.next =
            self.r_head.read_data.val() + self.r_count.read_data.val().get_bits::<3>(0);
        self.p2_outst_p1.d.next = self.r_outst.read_data.val() + bits::<6>(1);
        self.p2_outst_m1.d.next = self.r_outst.read_data.val() - bits::<6>(1);

        // ---- S2: the packet arithmetic with the head WQE; slot write
        // LAST: off + mtu >= len. Offsets are sums of MTUs, multiples of
        // 1,024, so this is a compare in units of 1,024 bytes:
        // (off + mtu) / 1024 >= len / 1024 rounded up, i.e. the carry out
        // of offk + !lenk + (len % 1024 == 0) (offk 23 bits with the carry
        // of off + mtu, lenk = len / 1024).
        self.l2_offk.next = bit_cast::<23, 22>(self.p2_offp.q.val().get_bits::<22>(10));
        if self.p2_offc.q.val() {
            self.l2_offk.next =
                bit_cast::<23, 22>(self.p2_offp.q.val().get_bits::<22>(10)) | bits::<23>(4194304);
        }
        self.l2_offk32.next = bit_cast::<32, 23>(self.l2_offk.val());
        self.l2_lenk32.next = bit_cast::<32, 22>(self.s_len.read_data.val().get_bits::<22>(10));
        self.l2_nlenk32.next = !self.l2_lenk32.val();
        self.l2_lz.next = self.s_len.read_data.val().get_bits::<10>(0) == bits::<10>(0);
        self.add_last.a.next = self.l2_offk32.val();
        self.add_last.b.next = self.l2_nlenk32.val();
        self.add_last.cin.next = self.l2_lz.val();
        // the last packet's payload len - off (at most 8,192): the low 10
        // bits are len's, the next 4 a 4-bit difference
        self.l2_plen_hi.next =
            self.s_len.read_data.val().get_bits::<4>(10) - self.p2_off.q.val().get_bits::<4>(10);
        self.l2_plen.next = bit_cast::<14, 10>(self.s_len.read_data.val().get_bits::<10>(0))
            | (bit_cast::<14, 4>(self.l2_plen_hi.val()) << 10);
        self.l2_s.next = self.s_stream.read_data.val().get_bits::<2>(0);

        self.l2_waddr.next = (bit_cast::<WB, CB>(self.p2_conn.q.val()) << 3)
            | bit_cast::<WB, 3>(self.p2_slot.q.val());
        self.s_idx.write_address.next = self.l2_waddr.val();
        self.s_op.write_address.next = self.l2_waddr.val();
        self.s_flags.write_address.next = self.l2_waddr.val();
        self.s_stream.write_address.next = self.l2_waddr.val();
        self.s_len.write_address.next = self.l2_waddr.val();
        self.s_wrid.write_address.next = self.l2_waddr.val();
        self.s_imm.write_address.next = self.l2_waddr.val();
        self.s_rkey.write_address.next = self.l2_waddr.val();
        self.s_raddr.write_address.next = self.l2_waddr.val();
        self.s_addr.write_address.next = self.l2_waddr.val();
        self.s_lkey.write_address.next = self.l2_waddr.val();
        self.s_bad.write_address.next = self.l2_waddr.val();
        self.l2_we.next =
            self.p2_v.q.val() & self.p2_wqe.q.val() & !self.p2_count.q.val().get_bit(3);
        self.s_idx.write_enable.next = self.l2_we.val();
        self.s_op.write_enable.next = self.l2_we.val();
        self.s_flags.write_enable.next = self.l2_we.val();
        self.s_stream.write_enable.next = self.l2_we.val();
        self.s_len.write_enable.next = self.l2_we.val();
        self.s_wrid.write_enable.next = self.l2_we.val();
        self.s_imm.write_enable.next = self.l2_we.val();
        self.s_rkey.write_enable.next = self.l2_we.val();
        self.s_raddr.write_enable.next = self.l2_we.val();
        self.s_addr.write_enable.next = self.l2_we.val();
        self.s_lkey.write_enable.next = self.l2_we.val();
        self.s_bad.write_enable.next = self.l2_we.val();
        self.s_idx.write_data.next = self.p2_idx.q.val();
        self.s_op.write_data.next = self.p2_op.q.val();
        self.s_flags.write_data.next = self.p2_flags.q.val();
        self.s_stream.write_data.next = self.p2_stream.q.val();
        self.s_len.write_data.next = self.p2_len.q.val();
        self.s_wrid.write_data.next = self.p2_wrid.q.val();
        self.s_imm.write_data.next = self.p2_imm.q.val();
        self.s_rkey.write_data.next = self.p2_rkey.q.val();
        self.s_raddr.write_data.next = self.p2_raddr.q.val();
        self.s_addr.write_data.next = self.p2_addr.q.val();
        self.s_lkey.write_data.next = self.p2_lkey.q.val();
        self.s_bad.write_data.next = self.p2_bad.q.val();

        self.p3_v.d.next = self.p2_v.q.val();
        self.p3_issue.d.next = self.p2_issue.q.val();
        self.p3_ack.d.next = self.p2_ack.q.val();
        self.p3_mc.d.next = self.p2_mc.q.val();
        self.p3_wqe.d.next = self.p2_wqe.q.val();
        self.p3_init.d.next = self.p2_init.q.val();
        self.p3_flush.d.next = self.p2_flush.q.val();
        self.p3_inv.d.next = self.p2_inv.q.val();
        self.p3_conn.d.next = self.p2_conn.q.val();
        self.p3_base.d.next = self.p2_base.q.val();
        self.p3_idx.d.next = self.s_idx.read_data.val();
        self.p3_op.d.next = self.s_op.read_data.val();
        self.p3_flags.d.next = self.s_flags.read_data.val();
        self.p3_stream.d.next = self.s_stream.read_data.val();
        self.p3_len.d.next = self.s_len.read_data.val();
        self.p3_wrid.d.next = self.s_wrid.read_data.val();
        self.p3_imm.d.next = self.s_imm.read_data.val();
        self.p3_rkey.d.next = self.s_rkey.read_data.val();
        self.p3_raddr.d.next = self.s_raddr.read_data.val();
        self.p3_addr.d.next = self.s_addr.read_data.val();
        self.p3_lkey.d.next = self.s_lkey.read_data.val();
        self.p3_bad.d.next = self.s_bad.read_data.val();
        self.p3_csn.d.next = self.p2_csn.q.val();
        self.p3_una.d.next = self.p2_una.q.val();
        self.p3_head.d.next = self.p2_head.q.val();
        self.p3_count.d.next = self.p2_count.q.val();
        self.p3_mid.d.next = self.p2_mid.q.val();
        self.p3_outst.d.next = self.p2_outst.q.val();
        self.p3_queued.d.next = self.p2_queued.q.val();
        self.p3_off.d.next = self.p2_off.q.val();
        self.p3_cmsn.d.next = self.p2_cmsn.q.val();
        self.p3_crsn.d.next = self.p2_crsn.q.val();
        self.p3_msn.d.next = self.p2_msn.q.val();
        self.p3_rsn.d.next = self.p2_rsn.q.val();
        self.p3_minc.d.next = self.p2_minc.q.val();
        self.p3_rinc.d.next = self.p2_rinc.q.val();
        self.p3_csn_p1.d.next = self.p2_csn_p1.q.val();
        self.p3_csn_m1.d.next = self.p2_csn_m1.q.val();
        self.p3_offp.d.next = self.p2_offp.q.val();
        self.p3_head_p1.d.next = self.p2_head_p1.q.val();
        self.p3_count_p1.d.next = self.p2_count_p1.q.val();
        self.p3_count_m1.d.next = self.p2_count_m1.q.val();
        self.p3_outst_p1.d.next = self.p2_outst_p1.q.val();
        self.p3_outst_m1.d.next = self.p2_outst_m1.q.val();
        self.p3_open.d.next = self.p2_diff.q.val().get_bits::<24>(8) == bits::<24>(0);
        self.p3_open_after.d.next = (self.p2_diff.q.val().get_bits::<24>(8) == bits::<24>(0))
            & (self.p2_diff.q.val().get_bits::<8>(0) != bits::<8>(255));
        self.p3_outst_ok.d.next = !self.p2_outst.q.val().get_bit(5);
        self.p3_outst_lt31.d.next =
            !self.p2_outst.q.val().get_bit(5) & (self.p2_outst.q.val() != bits::<6>(31));
        self.p3_outst_nz.d.next = self.p2_outst.q.val() != bits::<6>(0);
        self.p3_has.d.next = self.p2_count.q.val() != bits::<4>(0);
        self.p3_count_gt1.d.next = self.p2_count.q.val().get_bits::<3>(1) != bits::<3>(0);
        self.p3_room.d.next = !self.p2_count.q.val().get_bit(3);
        self.p3_fwd.d.next =
            (self.p2_d1.q.val() != bits::<32>(0)) & !self.p2_d1.q.val().get_bit(31);
        self.p3_beyond.d.next =
            (self.p2_d2.q.val() != bits::<32>(0)) & !self.p2_d2.q.val().get_bit(31);
        self.p3_last.d.next = self.add_last.cout.val();
        if !self.add_last.cout.val() {
            self.p3_plen.d.next = self.p2_mtu.q.val();
        } else {
            self.p3_plen.d.next = self.l2_plen.val();
        }
        self.p3_s.d.next = self.l2_s.val();
        self.p3_is_send.d.next = self.s_op.read_data.val().get_bit(2)
            | (self.s_op.read_data.val().get_bit(1) & self.s_op.read_data.val().get_bit(0));
        if self.p2_mid.q.val() {
            self.p3_msn_sel.d.next = self.p2_cmsn.q.val();
            self.p3_rsn_sel.d.next = self.p2_crsn.q.val();
        } else {
            self.p3_msn_sel.d.next = self.p2_msn.q.val().get_bits::<32>(0);
            self.p3_rsn_sel.d.next = self.p2_rsn.q.val().get_bits::<24>(0);
            if self.l2_s.val() == bits::<2>(1) {
                self.p3_msn_sel.d.next = self.p2_msn.q.val().get_bits::<32>(32);
                self.p3_rsn_sel.d.next = self.p2_rsn.q.val().get_bits::<24>(24);
            }
            if self.l2_s.val() == bits::<2>(2) {
                self.p3_msn_sel.d.next = self.p2_msn.q.val().get_bits::<32>(64);
                self.p3_rsn_sel.d.next = self.p2_rsn.q.val().get_bits::<24>(48);
            }
            if self.l2_s.val() == bits::<2>(3) {
                self.p3_msn_sel.d.next = self.p2_msn.q.val().get_bits::<32>(96);
                self.p3_rsn_sel.d.next = self.p2_rsn.q.val().get_bits::<24>(72);
            }
        }

        // ---- S3: decisions, record write back, push, outputs
        self.l3_first.next = !self.p3_mid.q.val();
        self.l3_go_bad.next = self.p3_issue.q.val()
            & self.p3_has.q.val()
            & !self.p3_inv.q.val()
            & self.p3_bad.q.val()
            & self.p3_outst_ok.q.val();
        self.l3_go_pkt.next = self.p3_issue.q.val()
            & self.p3_has.q.val()
            & !self.p3_inv.q.val()
            & !self.p3_bad.q.val()
            & self.p3_open.q.val()
            & (self.p3_mid.q.val() | self.p3_outst_ok.q.val());
        self.l3_go_flush.next = self.p3_issue.q.val() & self.p3_has.q.val() & self.p3_inv.q.val();
        self.l3_done.next = self.l3_go_bad.val()
            | self.l3_go_flush.val()
            | (self.l3_go_pkt.val() & self.p3_last.q.val());
        self.l3_mstart.next = self.l3_go_pkt.val() & self.l3_first.val();
        self.l3_start.next = self.l3_go_bad.val() | self.l3_mstart.val();
        self.l3_rstart.next = self.l3_mstart.val() & self.p3_is_send.q.val();
        // the next state's terms for the repush
        if self.l3_done.val() {
            self.l3_n_count_nz.next = self.p3_count_gt1.q.val();
        } else {
            self.l3_n_count_nz.next = self.p3_has.q.val();
        }
        if self.l3_go_pkt.val() {
            self.l3_n_open.next = self.p3_open_after.q.val();
            self.l3_n_mid.next = !self.p3_last.q.val();
        } else {
            self.l3_n_open.next = self.p3_open.q.val();
            self.l3_n_mid.next = self.p3_mid.q.val() & !self.l3_go_flush.val();
        }
        if self.l3_start.val() {
            self.l3_n_outst_ok.next = self.p3_outst_lt31.q.val();
        } else {
            self.l3_n_outst_ok.next = self.p3_outst_ok.q.val();
        }
        self.l3_repush.next = ((self.l3_go_bad.val() | self.l3_go_pkt.val())
            & self.l3_n_count_nz.val()
            & self.l3_n_open.val()
            & (self.l3_n_mid.val() | self.l3_n_outst_ok.val()))
            | (self.l3_go_flush.val() & self.p3_count_gt1.q.val());
        self.l3_ev_push.next = !self.p3_issue.q.val()
            & !self.p3_queued.q.val()
            & !self.p3_init.q.val()
            & (self.p3_has.q.val() | (self.p3_wqe.q.val() & self.p3_room.q.val()));

        self.r_csn.write_address.next = self.p3_conn.q.val();
        self.r_una.write_address.next = self.p3_conn.q.val();
        self.r_head.write_address.next = self.p3_conn.q.val();
        self.r_count.write_address.next = self.p3_conn.q.val();
        self.r_mid.write_address.next = self.p3_conn.q.val();
        self.r_outst.write_address.next = self.p3_conn.q.val();
        self.r_queued.write_address.next = self.p3_conn.q.val();
        self.r_off.write_address.next = self.p3_conn.q.val();
        self.r_cmsn.write_address.next = self.p3_conn.q.val();
        self.r_crsn.write_address.next = self.p3_conn.q.val();
        self.r_msn.write_address.next = self.p3_conn.q.val();
        self.r_rsn.write_address.next = self.p3_conn.q.val();
        self.r_inv.write_address.next = self.p3_conn.q.val();
        self.r_inv.write_enable.next = self.p3_v.q.val();
        self.r_inv.write_data.next =
            (self.p3_inv.q.val() | self.p3_flush.q.val()) & !self.p3_init.q.val();
        self.r_csn.write_enable.next = self.p3_v.q.val();
        self.r_una.write_enable.next = self.p3_v.q.val();
        self.r_head.write_enable.next = self.p3_v.q.val();
        self.r_count.write_enable.next = self.p3_v.q.val();
        self.r_mid.write_enable.next = self.p3_v.q.val();
        self.r_outst.write_enable.next = self.p3_v.q.val();
        self.r_queued.write_enable.next = self.p3_v.q.val();
        self.r_off.write_enable.next = self.p3_v.q.val();
        self.r_cmsn.write_enable.next = self.p3_v.q.val();
        self.r_crsn.write_enable.next = self.p3_v.q.val();
        self.r_msn.write_enable.next = self.p3_v.q.val();
        self.r_rsn.write_enable.next = self.p3_v.q.val();

        self.r_csn.write_data.next = self.p3_csn.q.val();
        if self.l3_go_pkt.val() {
            self.r_csn.write_data.next = self.p3_csn_p1.q.val();
        }
        if self.p3_init.q.val() {
            self.r_csn.write_data.next = bits::<32>(0);
        }
        self.r_una.write_data.next = self.p3_una.q.val();
        if self.p3_ack.q.val()
            & self.p3_fwd.q.val()
            & !self.p3_beyond.q.val()
            & !self.p3_inv.q.val()
        {
            self.r_una.write_data.next = self.p3_base.q.val();
        }
        if self.p3_init.q.val() {
            self.r_una.write_data.next = bits::<32>(0);
        }
        self.r_head.write_data.next = self.p3_head.q.val();
        if self.l3_done.val() {
            self.r_head.write_data.next = self.p3_head_p1.q.val();
        }
        if self.p3_init.q.val() {
            self.r_head.write_data.next = bits::<3>(0);
        }
        self.r_count.write_data.next = self.p3_count.q.val();
        if self.p3_wqe.q.val() & self.p3_room.q.val() {
            self.r_count.write_data.next = self.p3_count_p1.q.val();
        }
        if self.l3_done.val() {
            self.r_count.write_data.next = self.p3_count_m1.q.val();
        }
        if self.p3_init.q.val() {
            self.r_count.write_data.next = bits::<4>(0);
        }
        self.r_mid.write_data.next = self.l3_n_mid.val() & !self.p3_init.q.val();
        self.r_off.write_data.next = self.p3_off.q.val();
        if self.l3_go_pkt.val() {
            if self.p3_last.q.val() {
                self.r_off.write_data.next = bits::<32>(0);
            } else {
                self.r_off.write_data.next = self.p3_offp.q.val();
            }
        }
        if self.p3_init.q.val() {
            self.r_off.write_data.next = bits::<32>(0);
        }
        self.r_outst.write_data.next = self.p3_outst.q.val();
        if self.p3_mc.q.val() & self.p3_outst_nz.q.val() & !self.p3_inv.q.val() {
            self.r_outst.write_data.next = self.p3_outst_m1.q.val();
        }
        if self.l3_start.val() {
            self.r_outst.write_data.next = self.p3_outst_p1.q.val();
        }
        if self.p3_init.q.val() {
            self.r_outst.write_data.next = bits::<6>(0);
        }
        if self.p3_issue.q.val() {
            self.r_queued.write_data.next = self.l3_repush.val();
        } else {
            self.r_queued.write_data.next = self.p3_queued.q.val() | self.l3_ev_push.val();
        }
        self.r_cmsn.write_data.next = self.p3_cmsn.q.val();
        self.r_crsn.write_data.next = self.p3_crsn.q.val();
        if self.l3_mstart.val() {
            self.r_cmsn.write_data.next = self.p3_msn_sel.q.val();
            self.r_crsn.write_data.next = self.p3_rsn_sel.q.val();
        }
        if self.p3_init.q.val() {
            self.r_cmsn.write_data.next = bits::<32>(0);
            self.r_crsn.write_data.next = bits::<24>(0);
        }
        self.l3_m0.next = self.p3_msn.q.val().get_bits::<32>(0);
        self.l3_m1.next = self.p3_msn.q.val().get_bits::<32>(32);
        self.l3_m2.next = self.p3_msn.q.val().get_bits::<32>(64);
        self.l3_m3.next = self.p3_msn.q.val().get_bits::<32>(96);
        self.l3_r0.next = self.p3_rsn.q.val().get_bits::<24>(0);
        self.l3_r1.next = self.p3_rsn.q.val().get_bits::<24>(24);
        self.l3_r2.next = self.p3_rsn.q.val().get_bits::<24>(48);
        self.l3_r3.next = self.p3_rsn.q.val().get_bits::<24>(72);
        if self.l3_mstart.val() & (self.p3_s.q.val() == bits::<2>(0)) {
            self.l3_m0.next = self.p3_minc.q.val().get_bits::<32>(0);
        }
        if self.l3_mstart.val() & (self.p3_s.q.val() == bits::<2>(1)) {
            self.l3_m1.next = self.p3_minc.q.val().get_bits::<32>(32);
        }
        if self.l3_mstart.val() & (self.p3_s.q.val() == bits::<2>(2)) {
            self.l3_m2.next = self.p3_minc.q.val().get_bits::<32>(64);
        }
        if self.l3_mstart.val() & (self.p3_s.q.val() == bits::<2>(3)) {
            self.l3_m3.next = self.p3_minc.q.val().get_bits::<32>(96);
        }
        if self.l3_rstart.val() & (self.p3_s.q.val() == bits::<2>(0)) {
            self.l3_r0.next = self.p3_rinc.q.val().get_bits::<24>(0);
        }
        if self.l3_rstart.val() & (self.p3_s.q.val() == bits::<2>(1)) {
            self.l3_r1.next = self.p3_rinc.q.val().get_bits::<24>(24);
        }
        if self.l3_rstart.val() & (self.p3_s.q.val() == bits::<2>(2)) {
            self.l3_r2.next = self.p3_rinc.q.val().get_bits::<24>(48);
        }
        if self.l3_rstart.val() & (self.p3_s.q.val() == bits::<2>(3)) {
            self.l3_r3.next = self.p3_rinc.q.val().get_bits::<24>(72);
        }
        self.r_msn.write_data.next = bit_cast::<128, 32>(self.l3_m0.val())
            | (bit_cast::<128, 32>(self.l3_m1.val()) << 32)
            | (bit_cast::<128, 32>(self.l3_m2.val()) << 64)
            | (bit_cast::<128, 32>(self.l3_m3.val()) << 96);
        self.r_rsn.write_data.next = bit_cast::<96, 24>(self.l3_r0.val())
            | (bit_cast::<96, 24>(self.l3_r1.val()) << 24)
            | (bit_cast::<96, 24>(self.l3_r2.val()) << 48)
            | (bit_cast::<96, 24>(self.l3_r3.val()) << 72);
        if self.p3_init.q.val() {
            self.r_msn.write_data.next = bits::<128>(0);
            self.r_rsn.write_data.next = bits::<96>(0);
        }

        self.q_push.d.next = self.p3_v.q.val() & (self.l3_repush.val() | self.l3_ev_push.val());
        self.q_entry.d.next = self.p3_conn.q.val();
        self.cb_q.d.next = self.p3_v.q.val() & self.p3_issue.q.val() & !self.l3_go_pkt.val();

        // descriptor: S3 -> S4 (address low halves)
        self.add_alo.a.next = self.p3_addr.q.val().get_bits::<32>(0);
        self.add_alo.b.next = self.p3_off.q.val();
        self.add_alo.cin.next = false;
        self.add_rlo.a.next = self.p3_raddr.q.val().get_bits::<32>(0);
        self.add_rlo.b.next = self.p3_off.q.val();
        self.add_rlo.cin.next = false;
        self.l3_f_first.next = bits::<8>(0);
        if self.l3_first.val() {
            self.l3_f_first.next = bits::<8>(2);
        }
        self.l3_f_last.next = bits::<8>(0);
        if self.p3_last.q.val() {
            self.l3_f_last.next = bits::<8>(4);
        }
        self.l3_f_sol.next = bits::<8>(0);
        if self.p3_flags.q.val().get_bit(1) {
            self.l3_f_sol.next = bits::<8>(8);
        }
        self.l3_flags.next = self.l3_f_first.val() | self.l3_f_last.val() | self.l3_f_sol.val();
        self.p4_v.d.next = self.p3_v.q.val() & self.l3_go_pkt.val();
        self.p4_conn.d.next = self.p3_conn.q.val();
        self.p4_csn.d.next = self.p3_csn.q.val();
        self.p4_msn.d.next = self.p3_msn_sel.q.val();
        self.p4_stream.d.next = self.p3_s.q.val();
        self.p4_opcode.d.next = self.p3_op.q.val();
        self.p4_flags.d.next = self.l3_flags.val();
        self.p4_offset.d.next = self.p3_off.q.val();
        self.p4_len.d.next = self.p3_plen.q.val();
        self.p4_alo.d.next = self.add_alo.sum.val();
        self.p4_ac.d.next = self.add_alo.cout.val();
        self.p4_ahi.d.next = self.p3_addr.q.val().get_bits::<32>(32);
        self.p4_lkey.d.next = self.p3_lkey.q.val();
        self.p4_rlo.d.next = self.add_rlo.sum.val();
        self.p4_rc.d.next = self.add_rlo.cout.val();
        self.p4_rhi.d.next = self.p3_raddr.q.val().get_bits::<32>(32);
        self.p4_rkey.d.next = self.p3_rkey.q.val();
        self.p4_imm.d.next = self.p3_imm.q.val();
        self.p4_msg_len.d.next = self.p3_len.q.val();
        self.p4_rsn.d.next = self.p3_rsn_sel.q.val();
        self.p4_idx.d.next = self.p3_idx.q.val();

        // completion record and credit
        self.cm_v.d.next = self.p3_v.q.val() & self.l3_done.val();
        self.cm_c.d.next = self.p3_conn.q.val();
        if self.l3_go_pkt.val() {
            self.cm_lcsn.d.next = self.p3_csn.q.val();
            self.cm_m.d.next = self.p3_msn_sel.q.val();
            self.cm_st.d.next = bits::<8>(0);
        } else if self.p3_inv.q.val() {
            self.cm_lcsn.d.next = self.p3_csn_m1.q.val();
            self.cm_m.d.next = bits::<32>(0);
            if self.p3_mid.q.val() {
                self.cm_m.d.next = self.p3_cmsn.q.val();
            }
            self.cm_st.d.next = bits::<8>(1);
        } else {
            self.cm_lcsn.d.next = self.p3_csn_m1.q.val();
            self.cm_m.d.next = bits::<32>(0);
            self.cm_st.d.next = bits::<8>(2);
        }
        self.cm_wrid.d.next = self.p3_wrid.q.val();
        self.cm_sig.d.next = self.p3_flags.q.val().get_bit(0);
        self.cm_str.d.next = self.p3_stream.q.val();
        self.cm_l.d.next = self.p3_len.q.val();
        self.cm_op.d.next = self.p3_op.q.val();
        self.cm_idx.d.next = self.p3_idx.q.val();
        self.cr_v.d.next = self.p3_v.q.val() & self.l3_done.val();
        self.cr_c.d.next = self.p3_conn.q.val();
        self.inc_ack.d.next = self.p3_v.q.val()
            & self.p3_ack.q.val()
            & self.p3_fwd.q.val()
            & self.p3_beyond.q.val()
            & !self.p3_inv.q.val();
        self.inc_mc.d.next = self.p3_v.q.val()
            & self.p3_mc.q.val()
            & !self.p3_outst_nz.q.val()
            & !self.p3_inv.q.val();
        self.inc_inv.d.next =
            self.p3_v.q.val() & (self.p3_ack.q.val() | self.p3_mc.q.val()) & self.p3_inv.q.val();
        self.add_c_inv.a.next = self.c_inv.q.val();
        self.add_c_inv.b.next = bits::<16>(0);
        self.add_c_inv.cin.next = self.inc_inv.q.val();
        self.c_inv.d.next = self.add_c_inv.sum.val();
        self.inc_over.d.next = self.p3_v.q.val() & self.p3_wqe.q.val() & !self.p3_room.q.val();
        self.add_c_ack.a.next = self.c_ack.q.val();
        self.add_c_ack.b.next = bits::<16>(0);
        self.add_c_ack.cin.next = self.inc_ack.q.val();
        self.c_ack.d.next = self.add_c_ack.sum.val();
        self.add_c_mc.a.next = self.c_mc.q.val();
        self.add_c_mc.b.next = bits::<16>(0);
        self.add_c_mc.cin.next = self.inc_mc.q.val();
        self.c_mc.d.next = self.add_c_mc.sum.val();
        self.add_c_over.a.next = self.c_over.q.val();
        self.add_c_over.b.next = bits::<16>(0);
        self.add_c_over.cin.next = self.inc_over.q.val();
        self.c_over.d.next = self.add_c_over.sum.val();

        // ---- S4: address high halves
        self.add_ahi.a.next = self.p4_ahi.q.val();
        self.add_ahi.b.next = bits::<32>(0);
        self.add_ahi.cin.next = self.p4_ac.q.val();
        self.add_rhi.a.next = self.p4_rhi.q.val();
        self.add_rhi.b.next = bits::<32>(0);
        self.add_rhi.cin.next = self.p4_rc.q.val();
        self.p5_v.d.next = self.p4_v.q.val();
        self.p5_conn.d.next = self.p4_conn.q.val();
        self.p5_csn.d.next = self.p4_csn.q.val();
        self.p5_msn.d.next = self.p4_msn.q.val();
        self.p5_stream.d.next = self.p4_stream.q.val();
        self.p5_opcode.d.next = self.p4_opcode.q.val();
        self.p5_flags.d.next = self.p4_flags.q.val();
        self.p5_offset.d.next = self.p4_offset.q.val();
        self.p5_len.d.next = self.p4_len.q.val();
        self.p5_addr.d.next = (bit_cast::<64, 32>(self.add_ahi.sum.val()) << 32)
            | bit_cast::<64, 32>(self.p4_alo.q.val());
        self.p5_lkey.d.next = self.p4_lkey.q.val();
        self.p5_raddr.d.next = (bit_cast::<64, 32>(self.add_rhi.sum.val()) << 32)
            | bit_cast::<64, 32>(self.p4_rlo.q.val());
        self.p5_rkey.d.next = self.p4_rkey.q.val();
        self.p5_imm.d.next = self.p4_imm.q.val();
        self.p5_msg_len.d.next = self.p4_msg_len.q.val();
        self.p5_rsn.d.next = self.p4_rsn.q.val();
        self.p5_idx.d.next = self.p4_idx.q.val();

        // ---- S5: the descriptor FIFO
        self.o_conn.write_address.next = self.owp.q.val().get_bits::<4>(0);
        self.o_csn.write_address.next = self.owp.q.val().get_bits::<4>(0);
        self.o_msn.write_address.next = self.owp.q.val().get_bits::<4>(0);
        self.o_stream.write_address.next = self.owp.q.val().get_bits::<4>(0);
        self.o_opcode.write_address.next = self.owp.q.val().get_bits::<4>(0);
        self.o_flags.write_address.next = self.owp.q.val().get_bits::<4>(0);
        self.o_offset.write_address.next = self.owp.q.val().get_bits::<4>(0);
        self.o_len.write_address.next = self.owp.q.val().get_bits::<4>(0);
        self.o_addr.write_address.next = self.owp.q.val().get_bits::<4>(0);
        self.o_lkey.write_address.next = self.owp.q.val().get_bits::<4>(0);
        self.o_raddr.write_address.next = self.owp.q.val().get_bits::<4>(0);
        self.o_rkey.write_address.next = self.owp.q.val().get_bits::<4>(0);
        self.o_imm.write_address.next = self.owp.q.val().get_bits::<4>(0);
        self.o_msg_len.write_address.next = self.owp.q.val().get_bits::<4>(0);
        self.o_rsn.write_address.next = self.owp.q.val().get_bits::<4>(0);
        self.o_idx.write_address.next = self.owp.q.val().get_bits::<4>(0);
        self.o_conn.write_enable.next = self.p5_v.q.val();
        self.o_csn.write_enable.next = self.p5_v.q.val();
        self.o_msn.write_enable.next = self.p5_v.q.val();
        self.o_stream.write_enable.next = self.p5_v.q.val();
        self.o_opcode.write_enable.next = self.p5_v.q.val();
        self.o_flags.write_enable.next = self.p5_v.q.val();
        self.o_offset.write_enable.next = self.p5_v.q.val();
        self.o_len.write_enable.next = self.p5_v.q.val();
        self.o_addr.write_enable.next = self.p5_v.q.val();
        self.o_lkey.write_enable.next = self.p5_v.q.val();
        self.o_raddr.write_enable.next = self.p5_v.q.val();
        self.o_rkey.write_enable.next = self.p5_v.q.val();
        self.o_imm.write_enable.next = self.p5_v.q.val();
        self.o_msg_len.write_enable.next = self.p5_v.q.val();
        self.o_rsn.write_enable.next = self.p5_v.q.val();
        self.o_idx.write_enable.next = self.p5_v.q.val();
        self.o_conn.write_data.next = self.p5_conn.q.val();
        self.o_csn.write_data.next = self.p5_csn.q.val();
        self.o_msn.write_data.next = self.p5_msn.q.val();
        self.o_stream.write_data.next = self.p5_stream.q.val();
        self.o_opcode.write_data.next = self.p5_opcode.q.val();
        self.o_flags.write_data.next = self.p5_flags.q.val();
        self.o_offset.write_data.next = self.p5_offset.q.val();
        self.o_len.write_data.next = bit_cast::<16, 14>(self.p5_len.q.val());
        self.o_addr.write_data.next = self.p5_addr.q.val();
        self.o_lkey.write_data.next = self.p5_lkey.q.val();
        self.o_raddr.write_data.next = self.p5_raddr.q.val();
        self.o_rkey.write_data.next = self.p5_rkey.q.val();
        self.o_imm.write_data.next = self.p5_imm.q.val();
        self.o_msg_len.write_data.next = self.p5_msg_len.q.val();
        self.o_rsn.write_data.next = self.p5_rsn.q.val();
        self.o_idx.write_data.next = self.p5_idx.q.val();
        self.owp_prev.d.next = self.owp.q.val();
        self.owp.d.next = self.owp.q.val();
        if self.p5_v.q.val() {
            self.owp.d.next = self.owp.q.val() + bits::<5>(1);
        }
        self.pd_valid.next = self.orp.q.val() != self.owp_prev.q.val();
        self.pop_o.next = (self.orp.q.val() != self.owp_prev.q.val()) & self.pd_ready.val();
        self.orp_next.next = self.orp.q.val();
        if self.pop_o.val() {
            self.orp_next.next = self.orp.q.val() + bits::<5>(1);
        }
        self.orp.d.next = self.orp_next.val();
        self.o_conn.read_address.next = self.orp_next.val().get_bits::<4>(0);
        self.o_csn.read_address.next = self.orp_next.val().get_bits::<4>(0);
        self.o_msn.read_address.next = self.orp_next.val().get_bits::<4>(0);
        self.o_stream.read_address.next = self.orp_next.val().get_bits::<4>(0);
        self.o_opcode.read_address.next = self.orp_next.val().get_bits::<4>(0);
        self.o_flags.read_address.next = self.orp_next.val().get_bits::<4>(0);
        self.o_offset.read_address.next = self.orp_next.val().get_bits::<4>(0);
        self.o_len.read_address.next = self.orp_next.val().get_bits::<4>(0);
        self.o_addr.read_address.next = self.orp_next.val().get_bits::<4>(0);
        self.o_lkey.read_address.next = self.orp_next.val().get_bits::<4>(0);
        self.o_raddr.read_address.next = self.orp_next.val().get_bits::<4>(0);
        self.o_rkey.read_address.next = self.orp_next.val().get_bits::<4>(0);
        self.o_imm.read_address.next = self.orp_next.val().get_bits::<4>(0);
        self.o_msg_len.read_address.next = self.orp_next.val().get_bits::<4>(0);
        self.o_rsn.read_address.next = self.orp_next.val().get_bits::<4>(0);
        self.o_idx.read_address.next = self.orp_next.val().get_bits::<4>(0);
        // reserved entries: + issue selected, - issue without packet (one
        // clock later), - descriptor taken
        if self.s_issue.val() {
            if self.cb_q.q.val() & self.pop_o.val() {
                self.ou.d.next = self.ou.q.val() - bits::<5>(1);
            } else if self.cb_q.q.val() | self.pop_o.val() {
                self.ou.d.next = self.ou.q.val();
            } else {
                self.ou.d.next = self.ou.q.val() + bits::<5>(1);
            }
        } else if self.cb_q.q.val() & self.pop_o.val() {
            self.ou.d.next = self.ou.q.val() - bits::<5>(2);
        } else if self.cb_q.q.val() | self.pop_o.val() {
            self.ou.d.next = self.ou.q.val() - bits::<5>(1);
        } else {
            self.ou.d.next = self.ou.q.val();
        }

        // ---- outputs
        self.pd_conn.next = self.o_conn.read_data.val();
        self.pd_csn.next = self.o_csn.read_data.val();
        self.pd_msn.next = self.o_msn.read_data.val();
        self.pd_stream.next = self.o_stream.read_data.val();
        self.pd_opcode.next = self.o_opcode.read_data.val();
        self.pd_flags.next = self.o_flags.read_data.val();
        self.pd_offset.next = self.o_offset.read_data.val();
        self.pd_len.next = self.o_len.read_data.val();
        self.pd_addr.next = self.o_addr.read_data.val();
        self.pd_lkey.next = self.o_lkey.read_data.val();
        self.pd_raddr.next = self.o_raddr.read_data.val();
        self.pd_rkey.next = self.o_rkey.read_data.val();
        self.pd_imm.next = self.o_imm.read_data.val();
        self.pd_msg_len.next = self.o_msg_len.read_data.val();
        self.pd_rsn.next = self.o_rsn.read_data.val();
        self.pd_wqe_idx.next = self.o_idx.read_data.val();
        self.cm_valid.next = self.cm_v.q.val();
        self.cm_conn.next = self.cm_c.q.val();
        self.cm_last_csn.next = self.cm_lcsn.q.val();
        self.cm_wr_id.next = self.cm_wrid.q.val();
        self.cm_signaled.next = self.cm_sig.q.val();
        self.cm_stream.next = self.cm_str.q.val();
        self.cm_msn.next = self.cm_m.q.val();
        self.cm_len.next = self.cm_l.q.val();
        self.cm_opcode.next = self.cm_op.q.val();
        self.cm_status.next = self.cm_st.q.val();
        self.cm_wqe_idx.next = self.cm_idx.q.val();
        self.cr_valid.next = self.cr_v.q.val();
        self.cr_conn.next = self.cr_c.q.val();
        self.cnt_bad_ack.next = self.c_ack.q.val();
        self.cnt_bad_mc.next = self.c_mc.q.val();
        self.cnt_wqe_over.next = self.c_over.q.val();
        self.cnt_no_conn.next = self.c_inv.q.val();
    }
}

/// Default build: 1,024 connections.
pub type SegmenterFull = Segmenter<SEG_CB_FULL, { SEG_CB_FULL + 3 }, { SEG_CB_FULL + 1 }>;
/// Tiny build: 16 connections.
pub type SegmenterTiny = Segmenter<SEG_CB_TINY, { SEG_CB_TINY + 3 }, { SEG_CB_TINY + 1 }>;
/// Mid build: 512 connections.
pub type SegmenterMid = Segmenter<9, 12, 10>;
