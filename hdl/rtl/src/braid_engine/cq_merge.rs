//! `cq_merge`: the completion merge into `cq_writer`, a sub-block of
//! `braid_engine` (glue only: `cq_writer`, `cmd_proc` and `tx_compl` stay
//! direct instances of the top, wired to the ports below).
//!
//! # Behaviour
//!
//! * `cq_writer` takes one operation per grant, in this order: a command's
//!   (CREATE_CQ, DESTROY_CQ), then send completions (`tx_compl`) and
//!   receive completions (`rx_done_q`) taking turns, then CQ doorbells (`cq_db_q`).
//! * A receive completion is ready when it is not a SEND's or its
//!   CONSUME result (the consumed receive's wr_id) is in `consumed_q`.
//! * A CQ doorbell naming a CQ the engine does not have is dropped (the
//!   top counts it in `DB_BAD_CQ`).
//!
//! Record layouts are in the comments below.

use rust_hdl::prelude::*;

hdl_block! {
    /// The completion merge of `braid_engine`.
    pub struct CqMerge<const CB: usize, const QB: usize> {
        /// Engine clock.
        pub clock: Signal<In, Clock>,
        /// From `rx_done_q.dout`.
        pub rx_done_q_dout: Signal<In, Bits<127>>,
        /// From `rx_done_q.valid`.
        pub rx_done_q_valid: Signal<In, Bit>,
        /// From `consumed_q.valid`.
        pub consumed_q_valid: Signal<In, Bit>,
        /// From `consumed_q.dout`.
        pub consumed_q_dout: Signal<In, Bits<65>>,
        /// From `cp.cq_valid`.
        pub cp_cq_valid: Signal<In, Bit>,
        /// From `cp.cq_op`.
        pub cp_cq_op: Signal<In, Bits<2>>,
        /// From `cp.cq_cq`.
        pub cp_cq_cq: Signal<In, Bits<QB>>,
        /// From `cp.cq_iova`.
        pub cp_cq_iova: Signal<In, Bits<64>>,
        /// From `cp.cq_log2`.
        pub cp_cq_log2: Signal<In, Bits<4>>,
        /// From `tc.c_valid`.
        pub tc_c_valid: Signal<In, Bit>,
        /// From `tc.c_cq`.
        pub tc_c_cq: Signal<In, Bits<CB>>,
        /// From `tc.c_wr_id`.
        pub tc_c_wr_id: Signal<In, Bits<64>>,
        /// From `tc.c_byte_len`.
        pub tc_c_byte_len: Signal<In, Bits<32>>,
        /// From `tc.c_msn`.
        pub tc_c_msn: Signal<In, Bits<32>>,
        /// From `tc.c_conn`.
        pub tc_c_conn: Signal<In, Bits<CB>>,
        /// From `tc.c_status`.
        pub tc_c_status: Signal<In, Bits<8>>,
        /// From `tc.c_stream`.
        pub tc_c_stream: Signal<In, Bits<2>>,
        /// From `cq_db_q.valid`.
        pub cq_db_q_valid: Signal<In, Bit>,
        /// From `cq_db_q.dout`.
        pub cq_db_q_dout: Signal<In, Bits<32>>,
        /// From `cq_db_ok`.
        pub cq_db_ok: Signal<In, Bit>,
        /// From `cq_db_idx`.
        pub cq_db_idx: Signal<In, Bits<16>>,
        /// From `cqw.op_ready`.
        pub cqw_op_ready: Signal<In, Bit>,
        /// To `cqw.op_valid`.
        pub cqw_op_valid: Signal<Out, Bit>,
        /// To `cp.cq_ready`.
        pub cp_cq_ready: Signal<Out, Bit>,
        /// To `tc.c_ready`.
        pub tc_c_ready: Signal<Out, Bit>,
        /// To `rx_done_q.pop`.
        pub rx_done_q_pop: Signal<Out, Bit>,
        /// To `consumed_q.pop`.
        pub consumed_q_pop: Signal<Out, Bit>,
        /// To `cq_db_q.pop`.
        pub cq_db_q_pop: Signal<Out, Bit>,
        /// To `cqw.op`.
        pub cqw_op: Signal<Out, Bits<2>>,
        /// To `cqw.cq`.
        pub cqw_cq: Signal<Out, Bits<QB>>,
        /// To `cqw.arg_iova`.
        pub cqw_arg_iova: Signal<Out, Bits<64>>,
        /// To `cqw.arg_log2`.
        pub cqw_arg_log2: Signal<Out, Bits<4>>,
        /// To `cqw.arg_ci`.
        pub cqw_arg_ci: Signal<Out, Bits<16>>,
        /// To `cqw.c_wr_id`.
        pub cqw_c_wr_id: Signal<Out, Bits<64>>,
        /// To `cqw.c_byte_len`.
        pub cqw_c_byte_len: Signal<Out, Bits<32>>,
        /// To `cqw.c_imm`.
        pub cqw_c_imm: Signal<Out, Bits<32>>,
        /// To `cqw.c_msn`.
        pub cqw_c_msn: Signal<Out, Bits<32>>,
        /// To `cqw.c_conn`.
        pub cqw_c_conn: Signal<Out, Bits<24>>,
        /// To `cqw.c_opcode`.
        pub cqw_c_opcode: Signal<Out, Bits<8>>,
        /// To `cqw.c_status`.
        pub cqw_c_status: Signal<Out, Bits<8>>,
        /// To `cqw.c_stream`.
        pub cqw_c_stream: Signal<Out, Bits<8>>,
        /// To `cqw.c_flags`.
        pub cqw_c_flags: Signal<Out, Bits<8>>,
        pri_rx: DFF<Bit>,
        f_e: Signal<Local, Bits<127>>,
        f_kind: Signal<Local, Bits<2>>,
        f_imm: Signal<Local, Bits<1>>,
        f_sol: Signal<Local, Bits<1>>,
        rx_rdy: Signal<Local, Bit>,
        sel_cq_cmd: Signal<Local, Bit>,
        sel_cq_rx: Signal<Local, Bit>,
        sel_cq_tc: Signal<Local, Bit>,
        sel_cq_db: Signal<Local, Bit>,
    }
}

impl<const CB: usize, const QB: usize> Logic for CqMerge<CB, QB> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, pri_rx);
        // ---- completion merge into cq_writer: commands, then send and
        // receive completions taking turns (`pri_rx`: the receive side's
        // turn), then CQ doorbells
        // (a receive completion is ready when it is not a SEND's or its
        // CONSUME result is in `consumed_q`)
        self.f_e.next = self.rx_done_q_dout.val();
        self.f_kind.next = self.f_e.val().get_bits::<2>(108);
        self.rx_rdy.next = self.rx_done_q_valid.val()
            & (!self.f_kind.val().get_bit(1) | self.consumed_q_valid.val());
        self.sel_cq_cmd.next = self.cp_cq_valid.val();
        self.sel_cq_rx.next = !self.cp_cq_valid.val()
            & self.rx_rdy.val()
            & (self.pri_rx.q.val() | !self.tc_c_valid.val());
        self.sel_cq_tc.next =
            !self.cp_cq_valid.val() & self.tc_c_valid.val() & !self.sel_cq_rx.val();
        self.sel_cq_db.next = !self.cp_cq_valid.val()
            & !self.tc_c_valid.val()
            & !self.rx_rdy.val()
            & self.cq_db_q_valid.val()
            & self.cq_db_ok.val();
        self.cqw_op_valid.next = self.sel_cq_cmd.val()
            | self.sel_cq_tc.val()
            | self.sel_cq_rx.val()
            | self.sel_cq_db.val();
        self.cp_cq_ready.next = self.cqw_op_ready.val();
        self.tc_c_ready.next = self.cqw_op_ready.val()
            & !self.cp_cq_valid.val()
            & !(self.rx_rdy.val() & self.pri_rx.q.val());
        self.rx_done_q_pop.next = self.cqw_op_ready.val() & self.sel_cq_rx.val();
        self.consumed_q_pop.next =
            self.cqw_op_ready.val() & self.sel_cq_rx.val() & self.f_kind.val().get_bit(1);
        if self.cqw_op_ready.val() & self.sel_cq_tc.val() {
            self.pri_rx.d.next = true;
        } else if self.cqw_op_ready.val() & self.sel_cq_rx.val() {
            self.pri_rx.d.next = false;
        }
        self.cq_db_q_pop.next = (self.cqw_op_ready.val() & self.sel_cq_db.val())
            | (self.cq_db_q_valid.val() & !self.cq_db_ok.val());
        // F: msg_tracker index 0 (conn << 2 | stream), msn 12, byte_len 44,
        // imm 76, kind 108, solicited 110, cq 111
        if self.f_kind.val().get_bit(0) {
            self.f_imm.next = bits::<1>(1);
        } else {
            self.f_imm.next = bits::<1>(0);
        }
        self.f_sol.next = self.f_e.val().get_bits::<1>(110);
        if self.sel_cq_cmd.val() {
            self.cqw_op.next = self.cp_cq_op.val();
            self.cqw_cq.next = self.cp_cq_cq.val();
        } else if self.sel_cq_tc.val() {
            self.cqw_op.next = 0.into();
            self.cqw_cq.next = bit_cast::<QB, CB>(self.tc_c_cq.val());
        } else if self.sel_cq_rx.val() {
            self.cqw_op.next = 0.into();
            self.cqw_cq.next = self.f_e.val().get_bits::<QB>(111);
        } else {
            self.cqw_op.next = 2.into();
            self.cqw_cq.next = self.cq_db_idx.val().get_bits::<QB>(0);
        }
        self.cqw_arg_iova.next = self.cp_cq_iova.val();
        self.cqw_arg_log2.next = self.cp_cq_log2.val();
        self.cqw_arg_ci.next = self.cq_db_q_dout.val().get_bits::<16>(0);
        if self.sel_cq_rx.val() {
            // a receive completion: WRITE_IMM (RECV_WRITE_IMM, no receive
            // buffer, wr_id 0); SEND and SEND_IMM (RECV) with the consumed
            // receive's wr_id, or FLUSHED and wr_id 0 when the CONSUME was
            // refused (the receive queue was destroyed meanwhile)
            if self.f_kind.val().get_bit(1) {
                self.cqw_c_wr_id.next = self.consumed_q_dout.val().get_bits::<64>(0);
            } else {
                self.cqw_c_wr_id.next = 0.into();
            }
            self.cqw_c_byte_len.next = self.f_e.val().get_bits::<32>(44);
            self.cqw_c_imm.next = self.f_e.val().get_bits::<32>(76);
            self.cqw_c_msn.next = self.f_e.val().get_bits::<32>(12);
            self.cqw_c_conn.next = bit_cast::<24, CB>(self.f_e.val().get_bits::<CB>(2));
            if self.f_kind.val() == bits::<2>(1) {
                self.cqw_c_opcode.next = 3.into();
            } else {
                self.cqw_c_opcode.next = 2.into();
            }
            if self.f_kind.val().get_bit(1) & !self.consumed_q_dout.val().get_bit(64) {
                self.cqw_c_status.next = 1.into();
            } else {
                self.cqw_c_status.next = 0.into();
            }
            self.cqw_c_stream.next = bit_cast::<8, 2>(self.f_e.val().get_bits::<2>(0));
            self.cqw_c_flags.next =
                bit_cast::<8, 1>(self.f_imm.val()) | (bit_cast::<8, 1>(self.f_sol.val()) << 1);
        } else {
            self.cqw_c_wr_id.next = self.tc_c_wr_id.val();
            self.cqw_c_byte_len.next = self.tc_c_byte_len.val();
            self.cqw_c_imm.next = 0.into();
            self.cqw_c_msn.next = self.tc_c_msn.val();
            self.cqw_c_conn.next = bit_cast::<24, CB>(self.tc_c_conn.val());
            self.cqw_c_opcode.next = 1.into();
            self.cqw_c_status.next = self.tc_c_status.val();
            self.cqw_c_stream.next = bit_cast::<8, 2>(self.tc_c_stream.val());
            self.cqw_c_flags.next = 0.into();
        }
    }
}
