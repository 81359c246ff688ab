//! Sender per-path window table: the in-flight count against the
//! congestion window of every path of every connection in block RAM, fed by
//! the results of `tx_path_table` and `path_cc`, driving the sprayer's open
//! and suspect masks. It is the table form of [`crate::PathWindow`] with the
//! transport model's open rule (`firmware-sim/net/src/net.rs`, "pick a path with
//! an open window": `p.out < max(floor(cwnd), 1) && p.nxt - p.lo < 255`).
//!
//! # Behaviour (normative; `braid_model::PathWindowTableModel` is the
//! bit- and cycle-exact reference)
//!
//! `2^IDX` paths (`path_window_table`: IDX = 14, 16,384 paths = 1,024
//! connections x 16 paths, PB = 4 path bits; `path_window_table_tiny`:
//! IDX = 6, 64 paths = 16 connections x 4 paths, PB = 2). Path index =
//! `conn << PB | path`. Per path a 21-bit record (block RAM, power-up all
//! zero): `out` (bits 8:0, packets in flight, 0..256), `wnd` (17:9,
//! `min(max(floor(cwnd), 1), 256)`), `span_far` (18: the last TX result had
//! `nxt - una >= 255`), `susp` (19: the path's timeout count is not zero)
//! and `retired` (20: `path_cc` retired the path after
//! `PATH_HEALTH.retire_after` timeouts in a row; its next init, when the
//! connection is created again, clears it). Derived: `open = out <
//! max(wnd, 1) && !span_far && !retired` (a zero record is open, like the
//! model's `p.cwnd.floor().max(1.0)` of a fresh path).
//!
//! **Port TX** (`tx_*`, one to one from `tx_path_table`'s `res_*`; op codes
//! are its `OP_*`): every result is one update of path `tx_idx`:
//! * `OP_INIT`: `out := 0`.
//! * `OP_SEND` with `tx_accepted`: `out := min(out + 1, 256)`; counted in
//!   `cnt_send_closed` when the path was not open before it (a send the
//!   sprayer chose on a stale mask).
//! * `OP_ACK` without `tx_rejected`, and `OP_TIMEOUT`: `out := max(out -
//!   (tx_acked + tx_lost), 0)`; counted in `cnt_underflow` when `tx_acked +
//!   tx_lost > out`.
//! * every TX result (also a refused send, a rejected ACK, `OP_READ` and the
//!   unused codes 5..7, which change nothing else): `span_far := (tx_nxt -
//!   tx_una) mod 2^32 >= 255`.
//!
//! **Port CC** (`cc_*`, from `path_cc`'s `res_valid`, `res_idx`, `cwnd`,
//! `timeouts`, `failed`): `wnd := min(max(cwnd[23:8], 1), 256)`, `susp :=
//! cc_timeouts != 0`, `retired := cc_failed`.
//!
//! **FIFOs and ready.** Neither source can be stalled per result, so each
//! port has a 32-entry FIFO. A result on the port is registered (edge 1),
//! decoded (edge 2: op class, `acked + lost`, `nxt - una`, the clamped
//! window) and pushed on edge 3. `tx_ready` / `cc_ready` are high while the
//! FIFO holds at most 21 entries (`FIFO_DEPTH - READY_MARGIN`,
//! `READY_MARGIN` = 11): an operation the source takes on edge n (with
//! ready high in the clock before it) has its result on the port after
//! edge n + 7 (`tx_path_table` and `path_cc` have result latency 7) and is
//! pushed on edge n + 10, so up to 11 pushes are on their way that the
//! count does not yet show. The top ANDs `tx_ready` into `tx_path_table`'s
//! operation acceptance and holds the sources of `path_cc` events on
//! `cc_ready`; then no push ever meets a full FIFO. If one does anyway (32
//! entries held at the push, whatever leaves in the same clock) the result
//! is dropped and counted in `cnt_overflow` (both ports in one clock count
//! 2); the FIFO is never corrupted.
//!
//! **One update per clock**, II = 1: a pushed entry can leave from the
//! second edge after its push; each clock takes the CC FIFO's head if there
//! is one, else the TX FIFO's head, else a stats read. Updates of the same
//! path on consecutive clocks see each other (read-modify-write with
//! forwarding): every update acts on the record as left by every earlier
//! one.
//!
//! **Mask writes** (the sprayer's mask port): every update (CC or TX) shows
//! 2 rising edges after the edge that takes it from its FIFO: `mk_valid`,
//! `mk_conn` (`idx >> PB`, IDX - PB bits: the sprayer's `mk_conn` width),
//! `mk_open_en` = `mk_susp_en` = one-hot of the path (`idx mod 2^PB`),
//! `mk_open_val` / `mk_susp_val` = the path's new `open` / `susp` at that
//! bit, zero elsewhere. Without an update every `mk_*` output is 0.
//!
//! **Stats read** (`rd_valid`, `rd_idx`): taken on an edge where
//! `rd_ready` was high (`rd_ready` = neither FIFO has a head this clock; a
//! register function, no combinational path from `rd_valid`). Its result
//! shows 2 rising edges after the edge that takes it: `rd_res_valid`,
//! `rd_out`, `rd_wnd`, `rd_open`, `rd_susp` of the record as left by every
//! earlier update (all 0 when not valid). A read changes nothing.
//!
//! **Counters** (32-bit, wrapping): `cnt_updates` (mask writes),
//! `cnt_send_closed`, `cnt_underflow` (counted when the update's mask write
//! shows), `cnt_overflow` (counted on the push edge).
//!
//! # Pipeline
//!
//! E1 registers both ports; E1-E2 decodes (`nxt - una` as a low half with
//! its carry and a high half without it, the 10-bit `acked + lost`, the
//! window clamp); E2-E3 tests `nxt - una < 255` (high half plus carry zero:
//! all zeros without the carry, all ones with it) and pushes. The FIFOs are `FwftFifo`s (shared with `wqe_fetch`) with
//! a count and a registered head-valid beside them. Select clock: pop the
//! CC head, else the TX head, else take the read; the chosen index is the
//! record RAM's read address and is compared with the indices in the next
//! two stages (registered forwarding selects). Loop clock (the only state
//! loop): the record from the previous clock's result (same index at
//! distance 1), the one before (distance 2: its write happens on the edge
//! that reads; read-first RAM returns the old word) or the RAM; the update
//! applied. Output clock: write back, `open` of the new record, the mask
//! write and read result registered.
//!
//! Logic depth: the loop is a 3:1 record mux, a 9-bit increment and an
//! 11-bit parallel-prefix subtract side by side and a 4:1 select; the open
//! compares are 10-bit parallel-prefix subtracts.

use crate::path_cc_rec::{CWND_W, TIMEOUTS_W};
use crate::prefix_add::PrefixAdd;
use crate::tx_path_table::{OP_ACK, OP_INIT, OP_SEND, OP_TIMEOUT};
use crate::wqe_fetch::FwftFifo;
use rust_hdl::prelude::*;

/// Index bits of the exported full-size table (16,384 paths).
pub const IDX_FULL: usize = 14;
/// Path bits of the full-size table (16 paths per connection).
pub const PB_FULL: usize = 4;
/// Index bits of the exported tiny table (64 paths).
pub const IDX_TINY: usize = 6;
/// Path bits of the tiny table (4 paths per connection).
pub const PB_TINY: usize = 2;
/// Entries of each input FIFO.
pub const FIFO_DEPTH: u64 = 32;
/// Results that may be on their way to a FIFO when its count is sampled
/// for ready: the source's result latency (7, `tx_path_table` and
/// `path_cc`) plus this block's three input stages plus the clock from
/// ready to the source's acceptance.
pub const READY_MARGIN: u64 = 11;
/// Source result latency assumed by `READY_MARGIN`.
pub const SOURCE_LATENCY: u64 = 7;
/// Record bits: out 9, wnd 9, span_far 1, susp 1, retired 1.
pub const REC_BITS: usize = 21;
/// The largest window and in-flight count (the SACK window).
pub const WND_MAX: u64 = 256;

/// FIFO address bits (32 entries).
const FA: usize = 5;
/// TX FIFO entry: idx 15:0 (zero-extended), amount 25:16, kind 27:26,
/// span_far 28.
const TXW: usize = 29;
/// CC FIFO entry: idx 15:0, wnd 24:16, susp 25, retired 26.
const CCW: usize = 27;
const _: () = assert!(FIFO_DEPTH == 1 << FA);
const _: () = assert!(READY_MARGIN == SOURCE_LATENCY + 4);
const _: () = assert!(CWND_W == 24 && TIMEOUTS_W == 8);
const _: () = assert!(IDX_FULL <= 16 && PB_FULL <= 4 && PB_TINY <= 4);

/// TX entry kind: span only.
pub const KIND_NONE: u64 = 0;
/// TX entry kind: `out := 0`.
pub const KIND_INIT: u64 = 1;
/// TX entry kind: accepted send.
pub const KIND_INC: u64 = 2;
/// TX entry kind: acknowledged and lost packets leave.
pub const KIND_DEC: u64 = 3;

hdl_block! {
    /// Per-path window table with `2^IDX` paths, `2^CB` connections of `2^PB`
    /// paths (`IDX = CB + PB`).
    pub struct PathWindowTable<const IDX: usize, const CB: usize, const PB: usize> {
        /// Engine clock.
        pub clock: Signal<In, Clock>,
        /// A `tx_path_table` result.
        pub tx_valid: Signal<In, Bit>,
        /// Its operation (`tx_path_table::OP_*`).
        pub tx_op: Signal<In, Bits<3>>,
        /// Its path.
        pub tx_idx: Signal<In, Bits<IDX>>,
        /// Send: a PSN was allocated.
        pub tx_accepted: Signal<In, Bit>,
        /// ACK: refused, nothing changed.
        pub tx_rejected: Signal<In, Bit>,
        /// Packets acknowledged.
        pub tx_acked: Signal<In, Bits<9>>,
        /// Packets declared lost.
        pub tx_lost: Signal<In, Bits<9>>,
        /// The path floor after the operation.
        pub tx_una: Signal<In, Bits<32>>,
        /// The next PSN after the operation.
        pub tx_nxt: Signal<In, Bits<32>>,
        /// The TX FIFO has room for every result in flight.
        pub tx_ready: Signal<Out, Bit>,
        /// A `path_cc` result.
        pub cc_valid: Signal<In, Bit>,
        /// Its path.
        pub cc_idx: Signal<In, Bits<IDX>>,
        /// The path's window (16.8 packets).
        pub cc_cwnd: Signal<In, Bits<24>>,
        /// The path's consecutive timeouts.
        pub cc_timeouts: Signal<In, Bits<8>>,
        /// The path is retired (`path_cc`'s `failed`).
        pub cc_failed: Signal<In, Bit>,
        /// The CC FIFO has room for every result in flight.
        pub cc_ready: Signal<Out, Bit>,
        /// A stats read.
        pub rd_valid: Signal<In, Bit>,
        /// Its path.
        pub rd_idx: Signal<In, Bits<IDX>>,
        /// A read is taken this clock (no FIFO pops).
        pub rd_ready: Signal<Out, Bit>,
        /// A read result.
        pub rd_res_valid: Signal<Out, Bit>,
        /// The path's packets in flight.
        pub rd_out: Signal<Out, Bits<9>>,
        /// The path's window (0 = never set, means 1).
        pub rd_wnd: Signal<Out, Bits<9>>,
        /// The path is open.
        pub rd_open: Signal<Out, Bit>,
        /// The path is suspect.
        pub rd_susp: Signal<Out, Bit>,
        /// A mask write.
        pub mk_valid: Signal<Out, Bit>,
        /// Its connection.
        pub mk_conn: Signal<Out, Bits<CB>>,
        /// One-hot of the path.
        pub mk_open_en: Signal<Out, Bits<16>>,
        /// The path's `open` at its bit.
        pub mk_open_val: Signal<Out, Bits<16>>,
        /// One-hot of the path.
        pub mk_susp_en: Signal<Out, Bits<16>>,
        /// The path's `susp` at its bit.
        pub mk_susp_val: Signal<Out, Bits<16>>,
        /// Updates applied (mask writes).
        pub cnt_updates: Signal<Out, Bits<32>>,
        /// Accepted sends on a path that was not open.
        pub cnt_send_closed: Signal<Out, Bits<32>>,
        /// Acked plus lost above the in-flight count.
        pub cnt_underflow: Signal<Out, Bits<32>>,
        /// Results dropped at a full FIFO.
        pub cnt_overflow: Signal<Out, Bits<32>>,
        // constants
        k_op_init: Constant<Bits<3>> = Constant::new(bits(OP_INIT)),
        k_op_send: Constant<Bits<3>> = Constant::new(bits(OP_SEND)),
        k_op_ack: Constant<Bits<3>> = Constant::new(bits(OP_ACK)),
        k_op_timeout: Constant<Bits<3>> = Constant::new(bits(OP_TIMEOUT)),
        k_none: Constant<Bits<2>> = Constant::new(bits(KIND_NONE)),
        k_init: Constant<Bits<2>> = Constant::new(bits(KIND_INIT)),
        k_inc: Constant<Bits<2>> = Constant::new(bits(KIND_INC)),
        k_dec: Constant<Bits<2>> = Constant::new(bits(KIND_DEC)),
        k_pb: Constant<Bits<4>> = Constant::new(bits(PB as u64)),
        k_ready_lim: Constant<Bits<6>> = Constant::new(bits(FIFO_DEPTH - READY_MARGIN + 1)),
        k_span_lim: Constant<Bits<8>> = Constant::new(bits(WND_MAX - 1)),
        recs: RAM<Bits<REC_BITS>, IDX>,
        ftx: FwftFifo<TXW, FA>,
        fcc: FwftFifo<CCW, FA>,
        // E1: input registers
        i_tx_valid: DFF<Bit>,
        i_tx_op: DFF<Bits<3>>,
        i_tx_idx: DFF<Bits<IDX>>,
        i_tx_acc: DFF<Bit>,
        i_tx_rej: DFF<Bit>,
        i_tx_acked: DFF<Bits<9>>,
        i_tx_lost: DFF<Bits<9>>,
        i_tx_una: DFF<Bits<32>>,
        i_tx_nxt: DFF<Bits<32>>,
        i_cc_valid: DFF<Bit>,
        i_cc_idx: DFF<Bits<IDX>>,
        i_cc_cwnd: DFF<Bits<24>>,
        i_cc_to: DFF<Bits<8>>,
        i_cc_failed: DFF<Bit>,
        add_lo: PrefixAdd<17>,
        add_hi: PrefixAdd<16>,
        // E2: decoded
        p_tx_valid: DFF<Bit>,
        p_tx_kind: DFF<Bits<2>>,
        p_tx_idx: DFF<Bits<IDX>>,
        p_tx_amt: DFF<Bits<10>>,
        p_tx_dlo: DFF<Bits<17>>,
        p_tx_dhi: DFF<Bits<16>>,
        p_cc_valid: DFF<Bit>,
        p_cc_idx: DFF<Bits<IDX>>,
        p_cc_wnd: DFF<Bits<9>>,
        p_cc_susp: DFF<Bit>,
        p_cc_ret: DFF<Bit>,
        // FIFO state
        n_tx: DFF<Bits<6>>,
        n_cc: DFF<Bits<6>>,
        hv_tx: DFF<Bit>,
        hv_cc: DFF<Bit>,
        n_ovf: DFF<Bits<32>>,
        // loop-stage inputs
        u_valid: DFF<Bit>,
        u_cc: DFF<Bit>,
        u_tx: DFF<Bit>,
        u_rd: DFF<Bit>,
        u_idx: DFF<Bits<IDX>>,
        u_kind: DFF<Bits<2>>,
        u_amt: DFF<Bits<10>>,
        u_far: DFF<Bit>,
        u_wnd: DFF<Bits<9>>,
        u_susp: DFF<Bit>,
        u_ret: DFF<Bit>,
        u_fwd1: DFF<Bit>,
        u_fwd2: DFF<Bit>,
        // the new record
        w_valid: DFF<Bit>,
        w_rd: DFF<Bit>,
        w_idx: DFF<Bits<IDX>>,
        w_rec: DFF<Bits<REC_BITS>>,
        w_sc: DFF<Bit>,
        w_uf: DFF<Bit>,
        w2_rec: DFF<Bits<REC_BITS>>,
        // outputs
        r_mk_valid: DFF<Bit>,
        r_mk_conn: DFF<Bits<CB>>,
        r_mk_en: DFF<Bits<16>>,
        r_mk_open: DFF<Bits<16>>,
        r_mk_susp: DFF<Bits<16>>,
        r_rd_valid: DFF<Bit>,
        r_rd_out: DFF<Bits<9>>,
        r_rd_wnd: DFF<Bits<9>>,
        r_rd_open: DFF<Bit>,
        r_rd_susp: DFF<Bit>,
        r_cnt_upd: DFF<Bits<32>>,
        r_cnt_sc: DFF<Bits<32>>,
        r_cnt_uf: DFF<Bits<32>>,
        // E1-E2
        acked10: Signal<Local, Bits<10>>,
        lost10: Signal<Local, Bits<10>>,
        lo9: Signal<Local, Bits<9>>,
        sa_p0: Signal<Local, Bits<11>>,
        sa_g0: Signal<Local, Bits<11>>,
        sa_g1: Signal<Local, Bits<11>>,
        sa_q1: Signal<Local, Bits<11>>,
        sa_g2: Signal<Local, Bits<11>>,
        sa_q2: Signal<Local, Bits<11>>,
        sa_g3: Signal<Local, Bits<11>>,
        sa_q3: Signal<Local, Bits<11>>,
        sa_g4: Signal<Local, Bits<11>>,
        sa_s: Signal<Local, Bits<11>>,
        lc_p0: Signal<Local, Bits<10>>,
        lc_g0: Signal<Local, Bits<10>>,
        lc_g1: Signal<Local, Bits<10>>,
        lc_q1: Signal<Local, Bits<10>>,
        lc_g2: Signal<Local, Bits<10>>,
        lc_q2: Signal<Local, Bits<10>>,
        lc_g3: Signal<Local, Bits<10>>,
        lc_q3: Signal<Local, Bits<10>>,
        lc_g4: Signal<Local, Bits<10>>,
        lc_s: Signal<Local, Bits<10>>,
        lo_p0: Signal<Local, Bits<10>>,
        lo_g0: Signal<Local, Bits<10>>,
        lo_g1: Signal<Local, Bits<10>>,
        lo_q1: Signal<Local, Bits<10>>,
        lo_g2: Signal<Local, Bits<10>>,
        lo_q2: Signal<Local, Bits<10>>,
        lo_g3: Signal<Local, Bits<10>>,
        lo_q3: Signal<Local, Bits<10>>,
        lo_g4: Signal<Local, Bits<10>>,
        lo_s: Signal<Local, Bits<10>>,
        hi_zero: Signal<Local, Bit>,
        // E2-E3
        tx_far: Signal<Local, Bit>,
        tx_idx16: Signal<Local, Bits<16>>,
        cc_idx16: Signal<Local, Bits<16>>,
        tx_entry: Signal<Local, Bits<TXW>>,
        cc_entry: Signal<Local, Bits<CCW>>,
        tx_full: Signal<Local, Bit>,
        cc_full: Signal<Local, Bit>,
        tx_push: Signal<Local, Bit>,
        cc_push: Signal<Local, Bit>,
        tx_ovf: Signal<Local, Bit>,
        cc_ovf: Signal<Local, Bit>,
        // select
        pop_cc: Signal<Local, Bit>,
        pop_tx: Signal<Local, Bit>,
        take_rd: Signal<Local, Bit>,
        h_tx: Signal<Local, Bits<TXW>>,
        h_cc: Signal<Local, Bits<CCW>>,
        h_tx16: Signal<Local, Bits<16>>,
        h_cc16: Signal<Local, Bits<16>>,
        sel_idx: Signal<Local, Bits<IDX>>,
        // loop
        cur: Signal<Local, Bits<REC_BITS>>,
        c_out: Signal<Local, Bits<9>>,
        c_wnd: Signal<Local, Bits<9>>,
        c_wnd10: Signal<Local, Bits<10>>,
        c_out10: Signal<Local, Bits<10>>,
        c_far: Signal<Local, Bit>,
        c_susp: Signal<Local, Bit>,
        c_ret: Signal<Local, Bit>,
        c_open: Signal<Local, Bit>,
        inc_v: Signal<Local, Bits<9>>,
        out11: Signal<Local, Bits<11>>,
        amt11: Signal<Local, Bits<11>>,
        uf: Signal<Local, Bit>,
        dec_v: Signal<Local, Bits<9>>,
        n_out: Signal<Local, Bits<9>>,
        n_wnd: Signal<Local, Bits<9>>,
        n_far: Signal<Local, Bit>,
        n_susp: Signal<Local, Bit>,
        n_ret: Signal<Local, Bit>,
        n_rec: Signal<Local, Bits<REC_BITS>>,
        // output
        o_out: Signal<Local, Bits<9>>,
        o_wnd: Signal<Local, Bits<9>>,
        o_wnd10: Signal<Local, Bits<10>>,
        o_out10: Signal<Local, Bits<10>>,
        o_open: Signal<Local, Bit>,
        o_susp: Signal<Local, Bit>,
        o_conn: Signal<Local, Bits<IDX>>,
        o_onehot: Signal<Local, Bits<16>>,
    }
    setup {
        assert!(IDX == CB + PB && PB <= 4 && IDX <= 16);
    }
}

impl<const IDX: usize, const CB: usize, const PB: usize> Logic for PathWindowTable<IDX, CB, PB> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            clock,
            i_tx_valid,
            i_tx_op,
            i_tx_idx,
            i_tx_acc,
            i_tx_rej,
            i_tx_acked,
            i_tx_lost,
            i_tx_una,
            i_tx_nxt,
            i_cc_valid,
            i_cc_idx,
            i_cc_cwnd,
            i_cc_to,
            i_cc_failed,
            p_tx_valid,
            p_tx_kind,
            p_tx_idx,
            p_tx_amt,
            p_tx_dlo,
            p_tx_dhi,
            p_cc_valid,
            p_cc_idx,
            p_cc_wnd,
            p_cc_susp,
            p_cc_ret,
            n_tx,
            n_cc,
            hv_tx,
            hv_cc,
            n_ovf,
            u_valid,
            u_cc,
            u_tx,
            u_rd,
            u_idx,
            u_kind,
            u_amt,
            u_far,
            u_wnd,
            u_susp,
            u_ret,
            u_fwd1,
            u_fwd2,
            w_valid,
            w_rd,
            w_idx,
            w_rec,
            w_sc,
            w_uf,
            w2_rec,
            r_mk_valid,
            r_mk_conn,
            r_mk_en,
            r_mk_open,
            r_mk_susp,
            r_rd_valid,
            r_rd_out,
            r_rd_wnd,
            r_rd_open,
            r_rd_susp,
            r_cnt_upd,
            r_cnt_sc,
            r_cnt_uf
        );
        self.recs.read_clock.next = self.clock.val();
        self.recs.write_clock.next = self.clock.val();
        self.ftx.clock.next = self.clock.val();
        self.fcc.clock.next = self.clock.val();

        // ---- E1: register both ports
        self.i_tx_valid.d.next = self.tx_valid.val();
        self.i_tx_op.d.next = self.tx_op.val();
        self.i_tx_idx.d.next = self.tx_idx.val();
        self.i_tx_acc.d.next = self.tx_accepted.val();
        self.i_tx_rej.d.next = self.tx_rejected.val();
        self.i_tx_acked.d.next = self.tx_acked.val();
        self.i_tx_lost.d.next = self.tx_lost.val();
        self.i_tx_una.d.next = self.tx_una.val();
        self.i_tx_nxt.d.next = self.tx_nxt.val();
        self.i_cc_valid.d.next = self.cc_valid.val();
        self.i_cc_idx.d.next = self.cc_idx.val();
        self.i_cc_failed.d.next = self.cc_failed.val();
        self.i_cc_cwnd.d.next = self.cc_cwnd.val();
        self.i_cc_to.d.next = self.cc_timeouts.val();

        // ---- E1-E2: decode
        self.p_tx_valid.d.next = self.i_tx_valid.q.val();
        self.p_tx_idx.d.next = self.i_tx_idx.q.val();
        self.p_tx_kind.d.next = self.k_none.val();
        if self.i_tx_op.q.val() == self.k_op_init.val() {
            self.p_tx_kind.d.next = self.k_init.val();
        }
        if (self.i_tx_op.q.val() == self.k_op_send.val()) & self.i_tx_acc.q.val() {
            self.p_tx_kind.d.next = self.k_inc.val();
        }
        if ((self.i_tx_op.q.val() == self.k_op_ack.val()) & !self.i_tx_rej.q.val())
            | (self.i_tx_op.q.val() == self.k_op_timeout.val())
        {
            self.p_tx_kind.d.next = self.k_dec.val();
        }
        self.acked10.next = bit_cast::<10, 9>(self.i_tx_acked.q.val());
        self.lost10.next = bit_cast::<10, 9>(self.i_tx_lost.q.val());
        self.p_tx_amt.d.next = self.acked10.val() + self.lost10.val();
        // nxt - una in two halves: the low half with its carry, the high
        // half without it (the carry is applied by the zero test at E2-E3)
        // (the adders' inputs are register slices: no local feeds a
        // submodule, so Verilator sees no false combinational loop; b's
        // bit 16 is set by the 17-bit inversion, so sum bit 16 is the
        // inverted carry)
        self.add_lo.a.next = bit_cast::<17, 16>(self.i_tx_nxt.q.val().get_bits::<16>(0));
        self.add_lo.b.next = !bit_cast::<17, 16>(self.i_tx_una.q.val().get_bits::<16>(0));
        self.add_lo.cin.next = true;
        self.p_tx_dlo.d.next = self.add_lo.sum.val();
        self.add_hi.a.next = self.i_tx_nxt.q.val().get_bits::<16>(16);
        self.add_hi.b.next = !self.i_tx_una.q.val().get_bits::<16>(16);
        self.add_hi.cin.next = false;
        self.p_tx_dhi.d.next = self.add_hi.sum.val();
        self.p_cc_valid.d.next = self.i_cc_valid.q.val();
        self.p_cc_idx.d.next = self.i_cc_idx.q.val();
        self.lo9.next = self.i_cc_cwnd.q.val().get_bits::<9>(8);
        // floor(cwnd) = cwnd[23:8] above 256: bits 15:9 of the floor, or
        // bit 8 with anything below it
        if self.i_cc_cwnd.q.val().get_bits::<7>(17).any()
            | (self.i_cc_cwnd.q.val().get_bit(16) & self.i_cc_cwnd.q.val().get_bits::<8>(8).any())
        {
            self.p_cc_wnd.d.next = bits::<9>(256);
        } else if self.lo9.val().any() {
            self.p_cc_wnd.d.next = self.lo9.val();
        } else {
            self.p_cc_wnd.d.next = bits::<9>(1);
        }
        self.p_cc_susp.d.next = self.i_cc_to.q.val().any();
        self.p_cc_ret.d.next = self.i_cc_failed.q.val();

        // ---- E2-E3: push (dropped and counted when the FIFO is full)
        // high half + carry == 0: without carry all zeros, with it all ones
        self.hi_zero.next = (self.p_tx_dlo.q.val().get_bit(16) & !self.p_tx_dhi.q.val().any())
            | (!self.p_tx_dlo.q.val().get_bit(16) & self.p_tx_dhi.q.val().all());
        self.tx_far.next = !self.hi_zero.val()
            | self.p_tx_dlo.q.val().get_bits::<8>(8).any()
            | (self.p_tx_dlo.q.val().get_bits::<8>(0) == self.k_span_lim.val());
        self.tx_idx16.next = bit_cast::<16, IDX>(self.p_tx_idx.q.val());
        self.cc_idx16.next = bit_cast::<16, IDX>(self.p_cc_idx.q.val());
        self.tx_entry.next = bit_cast::<TXW, 16>(self.tx_idx16.val())
            | (bit_cast::<TXW, 10>(self.p_tx_amt.q.val()) << 16)
            | (bit_cast::<TXW, 2>(self.p_tx_kind.q.val()) << 26);
        if self.tx_far.val() {
            self.tx_entry.next = bit_cast::<TXW, 16>(self.tx_idx16.val())
                | (bit_cast::<TXW, 10>(self.p_tx_amt.q.val()) << 16)
                | (bit_cast::<TXW, 2>(self.p_tx_kind.q.val()) << 26)
                | bits::<TXW>(0x1000_0000);
        }
        self.cc_entry.next = bit_cast::<CCW, 16>(self.cc_idx16.val())
            | (bit_cast::<CCW, 9>(self.p_cc_wnd.q.val()) << 16)
            | (bit_cast::<CCW, 1>(self.p_cc_susp.q.val().into()) << 25)
            | (bit_cast::<CCW, 1>(self.p_cc_ret.q.val().into()) << 26);
        self.tx_full.next = self.n_tx.q.val().get_bit(5);
        self.cc_full.next = self.n_cc.q.val().get_bit(5);
        self.tx_push.next = self.p_tx_valid.q.val() & !self.tx_full.val();
        self.cc_push.next = self.p_cc_valid.q.val() & !self.cc_full.val();
        self.tx_ovf.next = self.p_tx_valid.q.val() & self.tx_full.val();
        self.cc_ovf.next = self.p_cc_valid.q.val() & self.cc_full.val();
        self.ftx.push.next = self.tx_push.val();
        self.ftx.din.next = self.tx_entry.val();
        self.fcc.push.next = self.cc_push.val();
        self.fcc.din.next = self.cc_entry.val();
        if self.tx_ovf.val() & self.cc_ovf.val() {
            self.n_ovf.d.next = self.n_ovf.q.val() + 2;
        } else if self.tx_ovf.val() | self.cc_ovf.val() {
            self.n_ovf.d.next = self.n_ovf.q.val() + 1;
        }

        // ---- select: CC head, else TX head, else a stats read
        self.pop_cc.next = self.hv_cc.q.val();
        self.pop_tx.next = self.hv_tx.q.val() & !self.hv_cc.q.val();
        self.take_rd.next = self.rd_valid.val() & !self.hv_tx.q.val() & !self.hv_cc.q.val();
        self.ftx.pop.next = self.pop_tx.val();
        self.fcc.pop.next = self.pop_cc.val();
        // counts and registered head-valid: after the edge the visible
        // entries are the count before it minus the pop (a push is fresh)
        if self.tx_push.val() & !self.pop_tx.val() {
            self.n_tx.d.next = self.n_tx.q.val() + 1;
        } else if !self.tx_push.val() & self.pop_tx.val() {
            self.n_tx.d.next = self.n_tx.q.val() - 1;
        }
        if self.cc_push.val() & !self.pop_cc.val() {
            self.n_cc.d.next = self.n_cc.q.val() + 1;
        } else if !self.cc_push.val() & self.pop_cc.val() {
            self.n_cc.d.next = self.n_cc.q.val() - 1;
        }
        self.hv_tx.d.next = self.n_tx.q.val().get_bits::<5>(1).any()
            | (self.n_tx.q.val().get_bit(0) & !self.pop_tx.val());
        self.hv_cc.d.next = self.n_cc.q.val().get_bits::<5>(1).any()
            | (self.n_cc.q.val().get_bit(0) & !self.pop_cc.val());
        self.h_tx.next = self.ftx.dout.val();
        self.h_cc.next = self.fcc.dout.val();
        self.h_tx16.next = self.h_tx.val().get_bits::<16>(0);
        self.h_cc16.next = self.h_cc.val().get_bits::<16>(0);
        if self.hv_cc.q.val() {
            self.sel_idx.next = self.h_cc16.val().get_bits::<IDX>(0);
        } else if self.hv_tx.q.val() {
            self.sel_idx.next = self.h_tx16.val().get_bits::<IDX>(0);
        } else {
            self.sel_idx.next = self.rd_idx.val();
        }
        self.recs.read_address.next = self.sel_idx.val();
        self.u_valid.d.next = self.pop_cc.val() | self.pop_tx.val() | self.take_rd.val();
        self.u_cc.d.next = self.pop_cc.val();
        self.u_tx.d.next = self.pop_tx.val();
        self.u_rd.d.next = self.take_rd.val();
        self.u_idx.d.next = self.sel_idx.val();
        self.u_kind.d.next = self.h_tx.val().get_bits::<2>(26);
        self.u_amt.d.next = self.h_tx.val().get_bits::<10>(16);
        self.u_far.d.next = self.h_tx.val().get_bit(28);
        self.u_wnd.d.next = self.h_cc.val().get_bits::<9>(16);
        self.u_susp.d.next = self.h_cc.val().get_bit(25);
        self.u_ret.d.next = self.h_cc.val().get_bit(26);
        self.u_fwd1.d.next = self.u_valid.q.val() & (self.u_idx.q.val() == self.sel_idx.val());
        self.u_fwd2.d.next = self.w_valid.q.val() & (self.w_idx.q.val() == self.sel_idx.val());

        // ---- loop: the forwarded record, the update applied
        if self.u_fwd1.q.val() {
            self.cur.next = self.w_rec.q.val();
        } else if self.u_fwd2.q.val() {
            self.cur.next = self.w2_rec.q.val();
        } else {
            self.cur.next = self.recs.read_data.val();
        }
        self.c_out.next = self.cur.val().get_bits::<9>(0);
        self.c_wnd.next = self.cur.val().get_bits::<9>(9);
        self.c_far.next = self.cur.val().get_bit(18);
        self.c_susp.next = self.cur.val().get_bit(19);
        self.c_ret.next = self.cur.val().get_bit(20);
        // out < max(wnd, 1): out < wnd (prefix subtract), or both zero
        self.c_out10.next = bit_cast::<10, 9>(self.c_out.val());
        self.c_wnd10.next = bit_cast::<10, 9>(self.c_wnd.val());
        // inline parallel-prefix subtracts (generate/propagate, cin = 1)
        self.lc_p0.next = self.c_out10.val() ^ !self.c_wnd10.val();
        self.lc_g0.next =
            (self.c_out10.val() & !self.c_wnd10.val()) | (self.lc_p0.val() & bits::<10>(1));
        self.lc_g1.next = self.lc_g0.val() | (self.lc_p0.val() & (self.lc_g0.val() << 1));
        self.lc_q1.next = self.lc_p0.val() & (self.lc_p0.val() << 1);
        self.lc_g2.next = self.lc_g1.val() | (self.lc_q1.val() & (self.lc_g1.val() << 2));
        self.lc_q2.next = self.lc_q1.val() & (self.lc_q1.val() << 2);
        self.lc_g3.next = self.lc_g2.val() | (self.lc_q2.val() & (self.lc_g2.val() << 4));
        self.lc_q3.next = self.lc_q2.val() & (self.lc_q2.val() << 4);
        self.lc_g4.next = self.lc_g3.val() | (self.lc_q3.val() & (self.lc_g3.val() << 8));
        self.lc_s.next = self.lc_p0.val() ^ ((self.lc_g4.val() << 1) | bits::<10>(1));
        self.c_open.next = (self.lc_s.val().get_bit(9)
            | (!self.c_wnd.val().any() & !self.c_out.val().any()))
            & !self.c_far.val()
            & !self.c_ret.val();
        self.inc_v.next = self.c_out.val() + 1;
        if self.c_out.val().get_bit(8) {
            self.inc_v.next = self.c_out.val();
        }
        self.out11.next = bit_cast::<11, 9>(self.c_out.val());
        self.amt11.next = bit_cast::<11, 10>(self.u_amt.q.val());
        self.sa_p0.next = self.out11.val() ^ !self.amt11.val();
        self.sa_g0.next =
            (self.out11.val() & !self.amt11.val()) | (self.sa_p0.val() & bits::<11>(1));
        self.sa_g1.next = self.sa_g0.val() | (self.sa_p0.val() & (self.sa_g0.val() << 1));
        self.sa_q1.next = self.sa_p0.val() & (self.sa_p0.val() << 1);
        self.sa_g2.next = self.sa_g1.val() | (self.sa_q1.val() & (self.sa_g1.val() << 2));
        self.sa_q2.next = self.sa_q1.val() & (self.sa_q1.val() << 2);
        self.sa_g3.next = self.sa_g2.val() | (self.sa_q2.val() & (self.sa_g2.val() << 4));
        self.sa_q3.next = self.sa_q2.val() & (self.sa_q2.val() << 4);
        self.sa_g4.next = self.sa_g3.val() | (self.sa_q3.val() & (self.sa_g3.val() << 8));
        self.sa_s.next = self.sa_p0.val() ^ ((self.sa_g4.val() << 1) | bits::<11>(1));
        self.uf.next = self.sa_s.val().get_bit(10);
        self.dec_v.next = self.sa_s.val().get_bits::<9>(0);
        if self.uf.val() {
            self.dec_v.next = bits::<9>(0);
        }
        self.n_out.next = self.c_out.val();
        self.n_far.next = self.c_far.val();
        if self.u_tx.q.val() {
            self.n_far.next = self.u_far.q.val();
            if self.u_kind.q.val() == self.k_init.val() {
                self.n_out.next = bits::<9>(0);
            }
            if self.u_kind.q.val() == self.k_inc.val() {
                self.n_out.next = self.inc_v.val();
            }
            if self.u_kind.q.val() == self.k_dec.val() {
                self.n_out.next = self.dec_v.val();
            }
        }
        self.n_wnd.next = self.c_wnd.val();
        self.n_susp.next = self.c_susp.val();
        self.n_ret.next = self.c_ret.val();
        if self.u_cc.q.val() {
            self.n_wnd.next = self.u_wnd.q.val();
            self.n_susp.next = self.u_susp.q.val();
            self.n_ret.next = self.u_ret.q.val();
        }
        self.n_rec.next = bit_cast::<REC_BITS, 9>(self.n_out.val())
            | (bit_cast::<REC_BITS, 9>(self.n_wnd.val()) << 9)
            | (bit_cast::<REC_BITS, 1>(self.n_far.val().into()) << 18)
            | (bit_cast::<REC_BITS, 1>(self.n_susp.val().into()) << 19)
            | (bit_cast::<REC_BITS, 1>(self.n_ret.val().into()) << 20);
        self.w_rec.d.next = self.n_rec.val();
        self.w_valid.d.next = self.u_valid.q.val();
        self.w_rd.d.next = self.u_rd.q.val();
        self.w_idx.d.next = self.u_idx.q.val();
        self.w_sc.d.next =
            self.u_tx.q.val() & (self.u_kind.q.val() == self.k_inc.val()) & !self.c_open.val();
        self.w_uf.d.next =
            self.u_tx.q.val() & (self.u_kind.q.val() == self.k_dec.val()) & self.uf.val();

        // ---- output: write back, open of the new record, mask write
        self.recs.write_address.next = self.w_idx.q.val();
        self.recs.write_data.next = self.w_rec.q.val();
        self.recs.write_enable.next = self.w_valid.q.val();
        self.w2_rec.d.next = self.w_rec.q.val();
        self.o_out.next = self.w_rec.q.val().get_bits::<9>(0);
        self.o_wnd.next = self.w_rec.q.val().get_bits::<9>(9);
        self.o_out10.next = bit_cast::<10, 9>(self.o_out.val());
        self.o_wnd10.next = bit_cast::<10, 9>(self.o_wnd.val());
        self.lo_p0.next = self.o_out10.val() ^ !self.o_wnd10.val();
        self.lo_g0.next =
            (self.o_out10.val() & !self.o_wnd10.val()) | (self.lo_p0.val() & bits::<10>(1));
        self.lo_g1.next = self.lo_g0.val() | (self.lo_p0.val() & (self.lo_g0.val() << 1));
        self.lo_q1.next = self.lo_p0.val() & (self.lo_p0.val() << 1);
        self.lo_g2.next = self.lo_g1.val() | (self.lo_q1.val() & (self.lo_g1.val() << 2));
        self.lo_q2.next = self.lo_q1.val() & (self.lo_q1.val() << 2);
        self.lo_g3.next = self.lo_g2.val() | (self.lo_q2.val() & (self.lo_g2.val() << 4));
        self.lo_q3.next = self.lo_q2.val() & (self.lo_q2.val() << 4);
        self.lo_g4.next = self.lo_g3.val() | (self.lo_q3.val() & (self.lo_g3.val() << 8));
        self.lo_s.next = self.lo_p0.val() ^ ((self.lo_g4.val() << 1) | bits::<10>(1));
        self.o_open.next = (self.lo_s.val().get_bit(9)
            | (!self.o_wnd.val().any() & !self.o_out.val().any()))
            & !self.w_rec.q.val().get_bit(18)
            & !self.w_rec.q.val().get_bit(20);
        self.o_susp.next = self.w_rec.q.val().get_bit(19);
        self.o_conn.next = self.w_idx.q.val() >> self.k_pb.val();
        self.o_onehot.next = bits::<16>(1) << self.w_idx.q.val().get_bits::<PB>(0);
        self.r_mk_valid.d.next = false;
        self.r_mk_conn.d.next = bits::<CB>(0);
        self.r_mk_en.d.next = bits::<16>(0);
        self.r_mk_open.d.next = bits::<16>(0);
        self.r_mk_susp.d.next = bits::<16>(0);
        self.r_rd_valid.d.next = false;
        self.r_rd_out.d.next = bits::<9>(0);
        self.r_rd_wnd.d.next = bits::<9>(0);
        self.r_rd_open.d.next = false;
        self.r_rd_susp.d.next = false;
        if self.w_valid.q.val() & !self.w_rd.q.val() {
            self.r_mk_valid.d.next = true;
            self.r_mk_conn.d.next = self.o_conn.val().get_bits::<CB>(0);
            self.r_mk_en.d.next = self.o_onehot.val();
            if self.o_open.val() {
                self.r_mk_open.d.next = self.o_onehot.val();
            }
            if self.o_susp.val() {
                self.r_mk_susp.d.next = self.o_onehot.val();
            }
            self.r_cnt_upd.d.next = self.r_cnt_upd.q.val() + 1;
        }
        if self.w_valid.q.val() & self.w_rd.q.val() {
            self.r_rd_valid.d.next = true;
            self.r_rd_out.d.next = self.o_out.val();
            self.r_rd_wnd.d.next = self.o_wnd.val();
            self.r_rd_open.d.next = self.o_open.val();
            self.r_rd_susp.d.next = self.o_susp.val();
        }
        if self.w_sc.q.val() {
            self.r_cnt_sc.d.next = self.r_cnt_sc.q.val() + 1;
        }
        if self.w_uf.q.val() {
            self.r_cnt_uf.d.next = self.r_cnt_uf.q.val() + 1;
        }

        // ---- outputs (registers)
        self.tx_ready.next = self.n_tx.q.val() < self.k_ready_lim.val();
        self.cc_ready.next = self.n_cc.q.val() < self.k_ready_lim.val();
        self.rd_ready.next = !self.hv_tx.q.val() & !self.hv_cc.q.val();
        self.mk_valid.next = self.r_mk_valid.q.val();
        self.mk_conn.next = self.r_mk_conn.q.val();
        self.mk_open_en.next = self.r_mk_en.q.val();
        self.mk_open_val.next = self.r_mk_open.q.val();
        self.mk_susp_en.next = self.r_mk_en.q.val();
        self.mk_susp_val.next = self.r_mk_susp.q.val();
        self.rd_res_valid.next = self.r_rd_valid.q.val();
        self.rd_out.next = self.r_rd_out.q.val();
        self.rd_wnd.next = self.r_rd_wnd.q.val();
        self.rd_open.next = self.r_rd_open.q.val();
        self.rd_susp.next = self.r_rd_susp.q.val();
        self.cnt_updates.next = self.r_cnt_upd.q.val();
        self.cnt_send_closed.next = self.r_cnt_sc.q.val();
        self.cnt_underflow.next = self.r_cnt_uf.q.val();
        self.cnt_overflow.next = self.n_ovf.q.val();
    }
}

/// The exported full-size table (`path_window_table`, 16,384 paths).
pub type PathWindowTableFull = PathWindowTable<IDX_FULL, { IDX_FULL - PB_FULL }, PB_FULL>;
/// The exported tiny table (`path_window_table_tiny`, 64 paths).
pub type PathWindowTableTiny = PathWindowTable<IDX_TINY, { IDX_TINY - PB_TINY }, PB_TINY>;
/// The exported mid table (`path_window_table_mid`, 512 connections x 16 paths).
pub type PathWindowTableMid = PathWindowTable<13, 9, 4>;
