//! `path_ops`: the operations on the sender's per-path state
//! (`tx_path_table`'s one port), a sub-block of `braid_engine` (glue only:
//! `tx_path_table`, `path_cc`, `slot_table`, the sprayer and `tx_compl`
//! stay direct instances of the top, wired to the ports below).
//!
//! # Behaviour
//!
//! * The port's order: the command processor's operation, then a received
//!   ACK (OP_ACK on `{conn, path}`), then a NACK's resolve (OP_RESOLVE),
//!   then a SEND. An ACK naming no path of this build is dropped and
//!   counted (`ACK_BAD_PATH`); at most 8 ACKs wait for their result.
//! * An accepted ACK's nonzero rate hint paces its connection (the
//!   sprayer's rate port, next clock); its result is an ACK event for
//!   `path_cc` (newly acknowledged, CE-marked, the RTT sample, idle) and a
//!   CSN base for `tx_compl`. A resolved PSN is an ACK event of one packet
//!   without an RTT sample.
//! * A SEND accepted (a PSN free on the path) writes the slot-table entry
//!   and pushes the descriptor with its PSN, slot and floor delta into the
//!   header FIFO, and is a SEND event for `path_cc` (the path's timer
//!   starts); a refused SEND (all 256 PSNs in flight) or a paced or
//!   pathless sprayer result goes to the retry FIFO.
//!
//! Record layouts are in the comments below.

use crate::fifo::Fifo;
use rust_hdl::prelude::*;

hdl_block! {
    /// The operations on the sender's per-path state of `braid_engine`.
    pub struct PathOps<const CB: usize, const PI: usize> {
        /// Engine clock.
        pub clock: Signal<In, Clock>,
        /// From `ack_rx_q.dout`.
        pub ack_rx_q_dout: Signal<In, Bits<416>>,
        /// From `cc_ack_q.fill`.
        pub cc_ack_q_fill: Signal<In, Bits<16>>,
        /// From `compl_csn_q.fill`.
        pub compl_csn_q_fill: Signal<In, Bits<16>>,
        /// From `seg_csn_q.fill`.
        pub seg_csn_q_fill: Signal<In, Bits<16>>,
        /// From `path_timeout_q.valid`.
        pub path_timeout_q_valid: Signal<In, Bit>,
        /// From `cp.tp_valid`.
        pub cp_tp_valid: Signal<In, Bit>,
        /// From `tpt.op_ready`.
        pub tpt_op_ready: Signal<In, Bit>,
        /// From `pwt.tx_ready`.
        pub pwt_tx_ready: Signal<In, Bit>,
        /// From `ack_rx_q.valid`.
        pub ack_rx_q_valid: Signal<In, Bit>,
        /// From `n_ack_bad.q`.
        pub n_ack_bad_q: Signal<In, Bits<32>>,
        /// From `tpt.res_valid`.
        pub tpt_res_valid: Signal<In, Bit>,
        /// From `tpt.res_op`.
        pub tpt_res_op: Signal<In, Bits<3>>,
        /// From `now.q`.
        pub now_q: Signal<In, Bits<32>>,
        /// From `tpt.res_idle`.
        pub tpt_res_idle: Signal<In, Bit>,
        /// From `tpt.res_rejected`.
        pub tpt_res_rejected: Signal<In, Bit>,
        /// From `tpt.res_acked`.
        pub tpt_res_acked: Signal<In, Bits<9>>,
        /// From `tpt.res_idx`.
        pub tpt_res_idx: Signal<In, Bits<PI>>,
        /// From `tpt.res_accepted`.
        pub tpt_res_accepted: Signal<In, Bit>,
        /// From `sprayed_q.valid`.
        pub sprayed_q_valid: Signal<In, Bit>,
        /// From `sprayed_q.dout`.
        pub sprayed_q_dout: Signal<In, Bits<448>>,
        /// From `hdr_q.fill`.
        pub hdr_q_fill: Signal<In, Bits<16>>,
        /// From `cc_send_q.fill`.
        pub cc_send_q_fill: Signal<In, Bits<16>>,
        /// From `rnr_resolve_q.valid`.
        pub rnr_resolve_q_valid: Signal<In, Bit>,
        /// From `rnr_resolved_q.fill`.
        pub rnr_resolved_q_fill: Signal<In, Bits<16>>,
        /// From `rnr_hold_q.fill`.
        pub rnr_hold_q_fill: Signal<In, Bits<16>>,
        /// From `rnr_resolve_q.dout`.
        pub rnr_resolve_q_dout: Signal<In, Bits<120>>,
        /// From `cp.tp_op`.
        pub cp_tp_op: Signal<In, Bits<3>>,
        /// From `cp.tp_idx`.
        pub cp_tp_idx: Signal<In, Bits<PI>>,
        /// From `cp.tp_psn`.
        pub cp_tp_psn: Signal<In, Bits<32>>,
        /// From `path_timeout_q.dout`.
        pub path_timeout_q_dout: Signal<In, Bits<16>>,
        /// From `tpt.res_psn`.
        pub tpt_res_psn: Signal<In, Bits<32>>,
        /// From `tpt.res_slot`.
        pub tpt_res_slot: Signal<In, Bits<8>>,
        /// From `tpt.res_floor_delta`.
        pub tpt_res_floor_delta: Signal<In, Bits<16>>,
        /// From `rb.cfg_regs`.
        pub rb_cfg_regs: Signal<In, Bits<480>>,
        /// From `k_nc`.
        pub k_nc: Signal<In, Bits<24>>,
        /// From `k_np`.
        pub k_np: Signal<In, Bits<8>>,
        /// From `k_pb`.
        pub k_pb: Signal<In, Bits<8>>,
        /// From `hint_v.q`.
        pub hint_v_q: Signal<In, Bit>,
        /// From `hint_conn.q`.
        pub hint_conn_q: Signal<In, Bits<CB>>,
        /// From `hint_rate.q`.
        pub hint_rate_q: Signal<In, Bits<16>>,
        /// To `path_timeout_q.pop`.
        pub path_timeout_q_pop: Signal<Out, Bit>,
        /// To `ack_rx_q.pop`.
        pub ack_rx_q_pop: Signal<Out, Bit>,
        /// To `rnr_resolved_q.pop`.
        pub rnr_resolved_q_pop: Signal<Out, Bit>,
        /// To `cc_ack_q.push`.
        pub cc_ack_q_push: Signal<Out, Bit>,
        /// To `cc_ack_q.din`.
        pub cc_ack_q_din: Signal<Out, Bits<60>>,
        /// To `compl_csn_q.push`.
        pub compl_csn_q_push: Signal<Out, Bit>,
        /// To `compl_csn_q.din`.
        pub compl_csn_q_din: Signal<Out, Bits<48>>,
        /// To `seg_csn_q.push`.
        pub seg_csn_q_push: Signal<Out, Bit>,
        /// To `seg_csn_q.din`.
        pub seg_csn_q_din: Signal<Out, Bits<48>>,
        /// To `cc_send_q.push`.
        pub cc_send_q_push: Signal<Out, Bit>,
        /// To `cc_send_q.din`.
        pub cc_send_q_din: Signal<Out, Bits<16>>,
        /// To `sprayed_q.pop`.
        pub sprayed_q_pop: Signal<Out, Bit>,
        /// To `rnr_resolve_q.pop`.
        pub rnr_resolve_q_pop: Signal<Out, Bit>,
        /// To `rnr_resolved_q.push`.
        pub rnr_resolved_q_push: Signal<Out, Bit>,
        /// To `rnr_resolved_q.din`.
        pub rnr_resolved_q_din: Signal<Out, Bits<88>>,
        /// To `tpt.op_valid`.
        pub tpt_op_valid: Signal<Out, Bit>,
        /// To `tpt.op`.
        pub tpt_op: Signal<Out, Bits<3>>,
        /// To `tpt.idx`.
        pub tpt_idx: Signal<Out, Bits<PI>>,
        /// To `tpt.psn`.
        pub tpt_psn: Signal<Out, Bits<32>>,
        /// To `tpt.sack`.
        pub tpt_sack: Signal<Out, Bits<256>>,
        /// To `retry_q.push`.
        pub retry_q_push: Signal<Out, Bit>,
        /// To `retry_q.din`.
        pub retry_q_din: Signal<Out, Bits<448>>,
        /// To `hdr_q.push`.
        pub hdr_q_push: Signal<Out, Bit>,
        /// To `hdr_q.din`.
        pub hdr_q_din: Signal<Out, Bits<512>>,
        /// To `slt.wr_valid`.
        pub slt_wr_valid: Signal<Out, Bit>,
        /// To `slt.wr_path`.
        pub slt_wr_path: Signal<Out, Bits<PI>>,
        /// To `slt.wr_slot`.
        pub slt_wr_slot: Signal<Out, Bits<8>>,
        /// To `slt.wr_entry`.
        pub slt_wr_entry: Signal<Out, Bits<72>>,
        /// To `a_res`.
        pub a_res: Signal<Out, Bit>,
        /// To `a_m`.
        pub a_m: Signal<Out, Bits<9>>,
        /// To `r_res`.
        pub r_res: Signal<Out, Bit>,
        /// To `r_ok`.
        pub r_ok: Signal<Out, Bit>,
        /// To `tacc`.
        pub tacc: Signal<Out, Bit>,
        /// Write `n_ack_bad` (a register of the top) this clock.
        pub n_ack_bad_we: Signal<Out, Bit>,
        /// To `n_ack_bad.d`.
        pub n_ack_bad_wd: Signal<Out, Bits<32>>,
        /// Write `hint_v` (a register of the top) this clock.
        pub hint_v_we: Signal<Out, Bit>,
        /// To `hint_v.d`.
        pub hint_v_wd: Signal<Out, Bit>,
        /// Write `hint_conn` (a register of the top) this clock.
        pub hint_conn_we: Signal<Out, Bit>,
        /// To `hint_conn.d`.
        pub hint_conn_wd: Signal<Out, Bits<CB>>,
        /// Write `hint_rate` (a register of the top) this clock.
        pub hint_rate_we: Signal<Out, Bit>,
        /// To `hint_rate.d`.
        pub hint_rate_wd: Signal<Out, Bits<16>>,
        /// A push to one of its FIFOs was dropped at the last edge.
        pub ovf: Signal<Out, Bit>,
        r_take: Signal<Local, Bit>,
        r_room: DFF<Bit>,
        ok_send: DFF<Bit>,
        ok_ack: DFF<Bit>,
        s_retry: Signal<Local, Bit>,
        send_ok: Signal<Local, Bit>,
        tres: Signal<Local, Bit>,
        trefuse: Signal<Local, Bit>,
        s_path: Signal<Local, Bits<4>>,
        s_conn: Signal<Local, Bits<CB>>,
        t_idx: Signal<Local, Bits<PI>>,
        h_flags: Signal<Local, Bits<8>>,
        h_mtus: Signal<Local, Bits<32>>,
        h_mtu_code: Signal<Local, Bits<2>>,
        h_fl: Signal<Local, Bits<2>>,
        fill2: Signal<Local, Bits<16>>,
        h_rx: Signal<Local, Bits<1>>,
        t_take: Signal<Local, Bit>,
        a_conn: Signal<Local, Bits<24>>,
        a_path: Signal<Local, Bits<8>>,
        a_ok: Signal<Local, Bit>,
        a_free: Signal<Local, Bit>,
        a_take: Signal<Local, Bit>,
        a_idx: Signal<Local, Bits<PI>>,
        a_rtt: Signal<Local, Bits<32>>,
        a_rtt24: Signal<Local, Bits<24>>,
        a_cb: Signal<Local, Bits<CB>>,
        a_p4: Signal<Local, Bits<4>>,
        a_idleb: Signal<Local, Bits<1>>,
        send_q: Fifo<448, 4>,
        ack_tx_ctx_q: Fifo<96, 4>,
    }
}

impl<const CB: usize, const PI: usize> Logic for PathOps<CB, PI> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, r_room, ok_send, ok_ack);
        self.ack_tx_ctx_q.clock.next = self.clock.val();
        self.send_q.clock.next = self.clock.val();
        self.n_ack_bad_we.next = false;
        self.n_ack_bad_wd.next = self.n_ack_bad_q.val();
        self.hint_v_we.next = false;
        self.hint_v_wd.next = self.hint_v_q.val();
        self.hint_conn_we.next = false;
        self.hint_conn_wd.next = self.hint_conn_q.val();
        self.hint_rate_we.next = false;
        self.hint_rate_wd.next = self.hint_rate_q.val();
        // ---- received ACKs (`ack_rx_q`, A: conn 0, path 24, base PSN
        // 32, CSN base 64, timestamp echo 96, ECN count 128, SACK 144) take
        // tx_path_table's port after the command and before SENDs, as
        // OP_ACK on {conn, path}; an ACK naming no path of this engine is
        // dropped and counted. At most 8 ACKs wait for their result (`ack_tx_ctx_q`)
        // and fewer than 16 events in each of `cc_ack_q` and `compl_csn_q`, so none of
        // them overflows (the flag is one clock old).
        self.a_conn.next = self.ack_rx_q_dout.val().get_bits::<24>(0);
        self.a_path.next = self.ack_rx_q_dout.val().get_bits::<8>(24);
        self.a_cb.next = self.a_conn.val().get_bits::<CB>(0);
        self.a_p4.next = self.a_path.val().get_bits::<4>(0);
        self.a_ok.next =
            (self.a_conn.val() < self.k_nc.val()) & (self.a_path.val() < self.k_np.val());
        self.a_idx.next = (bit_cast::<PI, CB>(self.a_cb.val()) << self.k_pb.val())
            | bit_cast::<PI, 4>(self.a_p4.val());
        self.ok_ack.d.next = (self.ack_tx_ctx_q.fill.val() < bits::<16>(8))
            & (self.cc_ack_q_fill.val() < bits::<16>(16))
            & (self.compl_csn_q_fill.val() < bits::<16>(16))
            & (self.seg_csn_q_fill.val() < bits::<16>(16));
        self.t_take.next = self.path_timeout_q_valid.val()
            & !self.cp_tp_valid.val()
            & self.tpt_op_ready.val()
            & self.pwt_tx_ready.val();
        self.path_timeout_q_pop.next = self.t_take.val();
        self.a_free.next = !self.cp_tp_valid.val()
            & !self.path_timeout_q_valid.val()
            & self.tpt_op_ready.val()
            & self.pwt_tx_ready.val();
        self.a_take.next =
            self.ack_rx_q_valid.val() & self.ok_ack.q.val() & self.a_ok.val() & self.a_free.val();
        self.ack_rx_q_pop.next = self.ack_rx_q_valid.val()
            & self.ok_ack.q.val()
            & (!self.a_ok.val() | self.a_free.val());
        if self.ack_rx_q_valid.val() & self.ok_ack.q.val() & !self.a_ok.val() {
            self.n_ack_bad_we.next = true;
            self.n_ack_bad_wd.next = self.n_ack_bad_q.val() + 1;
        }
        // an accepted ACK's nonzero rate hint (bits 400..416) paces its
        // connection: the sprayer's rate port on the next clock
        self.hint_v_we.next = true;
        self.hint_v_wd.next =
            self.a_take.val() & self.ack_rx_q_dout.val().get_bits::<16>(400).any();
        self.hint_conn_we.next = true;
        self.hint_conn_wd.next = self.a_cb.val();
        self.hint_rate_we.next = true;
        self.hint_rate_wd.next = self.ack_rx_q_dout.val().get_bits::<16>(400);
        // I: CSN base 0, timestamp echo 32, ECN count 64, conn 80
        self.ack_tx_ctx_q.push.next = self.a_take.val();
        self.ack_tx_ctx_q.din.next =
            bit_cast::<96, 80>(self.ack_rx_q_dout.val().get_bits::<80>(64))
                | (bit_cast::<96, 16>(self.a_conn.val().get_bits::<16>(0)) << 80);
        // the ACK's result (tx_path_table's results are in operation order):
        // an accepted one is an ACK event for path_cc (newly acknowledged,
        // CE-marked, the RTT sample now - timestamp echo, idle) and a CSN
        // base for tx_compl
        self.a_res.next = self.tpt_res_valid.val() & (self.tpt_res_op.val() == bits::<3>(3));
        self.ack_tx_ctx_q.pop.next = self.a_res.val();
        self.a_rtt.next = self.now_q.val() - self.ack_tx_ctx_q.dout.val().get_bits::<32>(32);
        if self.a_rtt.val().get_bits::<8>(24) == bits::<8>(0) {
            self.a_rtt24.next = self.a_rtt.val().get_bits::<24>(0);
        } else {
            self.a_rtt24.next = bits::<24>(0xff_ffff);
        }
        if self.ack_tx_ctx_q.dout.val().get_bits::<7>(73) == bits::<7>(0) {
            self.a_m.next = self.ack_tx_ctx_q.dout.val().get_bits::<9>(64);
        } else {
            self.a_m.next = bits::<9>(511);
        }
        if self.tpt_res_idle.val() {
            self.a_idleb.next = bits::<1>(1);
        } else {
            self.a_idleb.next = bits::<1>(0);
        }
        self.r_res.next = self.tpt_res_valid.val() & (self.tpt_res_op.val() == bits::<3>(5));
        self.rnr_resolved_q_pop.next = self.r_res.val();
        self.r_ok.next =
            self.r_res.val() & !self.tpt_res_rejected.val() & self.tpt_res_acked.val().any();
        // (a resolved PSN is an ACK event of one packet without an RTT
        // sample: the path's timer stops when nothing is left on it)
        self.cc_ack_q_push.next =
            (self.a_res.val() & !self.tpt_res_rejected.val()) | self.r_ok.val();
        if self.r_ok.val() {
            self.cc_ack_q_din.next = bit_cast::<60, PI>(self.tpt_res_idx.val())
                | (bit_cast::<60, 9>(self.tpt_res_acked.val()) << 16)
                | (bit_cast::<60, 1>(self.a_idleb.val()) << 59);
        } else {
            self.cc_ack_q_din.next = bit_cast::<60, PI>(self.tpt_res_idx.val())
                | (bit_cast::<60, 9>(self.tpt_res_acked.val()) << 16)
                | (bit_cast::<60, 9>(self.a_m.val()) << 25)
                | (bits::<60>(1) << 34)
                | (bit_cast::<60, 24>(self.a_rtt24.val()) << 35)
                | (bit_cast::<60, 1>(self.a_idleb.val()) << 59);
        }
        self.compl_csn_q_push.next = self.a_res.val() & !self.tpt_res_rejected.val();
        self.compl_csn_q_din.next =
            bit_cast::<48, 16>(self.ack_tx_ctx_q.dout.val().get_bits::<16>(80))
                | (bit_cast::<48, 32>(self.ack_tx_ctx_q.dout.val().get_bits::<32>(0)) << 16);
        self.seg_csn_q_push.next = self.a_res.val() & !self.tpt_res_rejected.val();
        self.seg_csn_q_din.next =
            bit_cast::<48, 16>(self.ack_tx_ctx_q.dout.val().get_bits::<16>(80))
                | (bit_cast::<48, 32>(self.ack_tx_ctx_q.dout.val().get_bits::<32>(0)) << 16);

        // SEND on tx_path_table {conn, path}: the command and the ACKs go
        // first; at most 12 descriptors wait for a SEND result or a header
        self.tres.next = self.tpt_res_valid.val() & (self.tpt_res_op.val() == bits::<3>(2));
        self.tacc.next = self.tres.val() & self.tpt_res_accepted.val();
        self.trefuse.next = self.tres.val() & !self.tpt_res_accepted.val();
        self.s_retry.next = self.sprayed_q_valid.val() & self.sprayed_q_dout.val().get_bit(442);
        self.fill2.next = self.send_q.fill.val() + self.hdr_q_fill.val();
        self.ok_send.d.next =
            (self.fill2.val() < bits::<16>(11)) & (self.cc_send_q_fill.val() < bits::<16>(16));
        // every accepted SEND is a path_cc SEND event (the path's timer
        // starts if it is not running)
        self.cc_send_q_push.next = self.tacc.val();
        self.cc_send_q_din.next = bit_cast::<16, PI>(self.tpt_res_idx.val());
        // a NACK's resolve (`rnr_resolve_q`) after the ACKs, before the SENDs; its
        // result context waits in `rnr_resolved_q`, which with `rnr_hold_q` bounds them
        self.r_take.next = self.rnr_resolve_q_valid.val()
            & self.a_free.val()
            & !self.a_take.val()
            & self.r_room.q.val();
        // (room one clock old: at most 8 in `rnr_resolved_q` and 12 in it and `rnr_hold_q`
        // together when a resolve is taken, so neither overflows)
        self.r_room.d.next = (self.rnr_resolved_q_fill.val() < bits::<16>(8))
            & ((self.rnr_resolved_q_fill.val() + self.rnr_hold_q_fill.val()) < bits::<16>(12));
        self.send_ok.next = self.sprayed_q_valid.val()
            & !self.s_retry.val()
            & !self.cp_tp_valid.val()
            & !self.a_take.val()
            & !self.path_timeout_q_valid.val()
            & self.tpt_op_ready.val()
            & self.pwt_tx_ready.val()
            & self.ok_send.q.val()
            & !self.r_take.val();
        self.sprayed_q_pop.next = self.send_ok.val() | (self.s_retry.val() & !self.trefuse.val());
        self.s_path.next = self.sprayed_q_dout.val().get_bits::<4>(438);
        self.s_conn.next = self.sprayed_q_dout.val().get_bits::<CB>(426);
        self.t_idx.next = (bit_cast::<PI, CB>(self.s_conn.val()) << self.k_pb.val())
            | bit_cast::<PI, 4>(self.s_path.val());
        self.rnr_resolve_q_pop.next = self.r_take.val();
        self.rnr_resolved_q_push.next = self.r_take.val();
        self.rnr_resolved_q_din.next =
            bit_cast::<88, 16>(self.rnr_resolve_q_dout.val().get_bits::<16>(0))
                | (bit_cast::<88, 72>(self.rnr_resolve_q_dout.val().get_bits::<72>(48)) << 16);
        self.tpt_op_valid.next = (self.cp_tp_valid.val() & self.pwt_tx_ready.val())
            | self.t_take.val()
            | self.a_take.val()
            | self.r_take.val()
            | self.send_ok.val();
        if self.cp_tp_valid.val() {
            self.tpt_op.next = self.cp_tp_op.val();
            self.tpt_idx.next = self.cp_tp_idx.val();
            self.tpt_psn.next = self.cp_tp_psn.val();
        } else if self.t_take.val() {
            self.tpt_op.next = bits::<3>(4);
            self.tpt_idx.next = self.path_timeout_q_dout.val().get_bits::<PI>(0);
            self.tpt_psn.next = self.cp_tp_psn.val();
        } else if self.a_take.val() {
            self.tpt_op.next = bits::<3>(3);
            self.tpt_idx.next = self.a_idx.val();
            self.tpt_psn.next = self.ack_rx_q_dout.val().get_bits::<32>(32);
        } else if self.r_take.val() {
            self.tpt_op.next = bits::<3>(5);
            self.tpt_idx.next = self.rnr_resolve_q_dout.val().get_bits::<PI>(0);
            self.tpt_psn.next = self.rnr_resolve_q_dout.val().get_bits::<32>(16);
        } else {
            self.tpt_psn.next = self.cp_tp_psn.val();
            self.tpt_op.next = bits::<3>(2);
            self.tpt_idx.next = self.t_idx.val();
        }
        if self.r_take.val() {
            self.tpt_sack.next = bits::<256>(1);
        } else {
            self.tpt_sack.next = self.ack_rx_q_dout.val().get_bits::<256>(144);
        }
        self.send_q.push.next = self.send_ok.val();
        self.send_q.din.next = self.sprayed_q_dout.val();
        self.send_q.pop.next = self.tres.val();
        // retries: a refused SEND (the path's 256 PSNs are all in flight),
        // else a marked sprayer result
        self.retry_q_push.next = self.trefuse.val() | (self.s_retry.val() & !self.trefuse.val());
        if self.trefuse.val() {
            self.retry_q_din.next = self.send_q.dout.val();
        } else {
            self.retry_q_din.next = self.sprayed_q_dout.val();
        }
        // accepted: the slot-table entry and the header FIFO (H: D, psn 448,
        // slot 480, floor_delta 488)
        self.hdr_q_push.next = self.tacc.val();
        self.hdr_q_din.next = bit_cast::<512, 448>(self.send_q.dout.val())
            | (bit_cast::<512, 32>(self.tpt_res_psn.val()) << 448)
            | (bit_cast::<512, 8>(self.tpt_res_slot.val()) << 480)
            | (bit_cast::<512, 16>(self.tpt_res_floor_delta.val()) << 488);
        // offset >> (10 + MTU code): a 4:1 select, not a barrel shift
        self.h_mtu_code.next = self.rb_cfg_regs.val().get_bits::<2>(112);
        if self.h_mtu_code.val() == bits::<2>(0) {
            self.h_mtus.next = self.send_q.dout.val().get_bits::<32>(64) >> 10;
        } else if self.h_mtu_code.val() == bits::<2>(1) {
            self.h_mtus.next = self.send_q.dout.val().get_bits::<32>(64) >> 11;
        } else if self.h_mtu_code.val() == bits::<2>(2) {
            self.h_mtus.next = self.send_q.dout.val().get_bits::<32>(64) >> 12;
        } else {
            self.h_mtus.next = self.send_q.dout.val().get_bits::<32>(64) >> 13;
        }
        self.h_flags.next = self.send_q.dout.val().get_bits::<8>(416);
        // first (flags bit 1) and last (bit 2) into entry bits 69 and 70
        self.h_fl.next = self.h_flags.val().get_bits::<2>(1);
        if self.h_flags.val().get_bit(4) {
            self.h_rx.next = bits::<1>(1);
        } else {
            self.h_rx.next = bits::<1>(0);
        }
        self.slt_wr_valid.next = self.tacc.val();
        self.slt_wr_path.next = self.tpt_res_idx.val();
        self.slt_wr_slot.next = self.tpt_res_slot.val();
        self.slt_wr_entry.next = bit_cast::<72, 32>(self.send_q.dout.val().get_bits::<32>(0))
            | (bit_cast::<72, 16>(self.send_q.dout.val().get_bits::<16>(392)) << 32)
            | (bit_cast::<72, 20>(self.h_mtus.val().get_bits::<20>(0)) << 48)
            | (bit_cast::<72, 1>(bits::<1>(1)) << 68)
            | (bit_cast::<72, 2>(self.h_fl.val()) << 69)
            | (bit_cast::<72, 1>(self.h_rx.val()) << 71);
        self.ovf.next = self.send_q.ovf.val() | self.ack_tx_ctx_q.ovf.val();
    }
}
