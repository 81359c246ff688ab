//! `rx_msg`: message completion on receive, a sub-block of `braid_engine`
//! (glue only: `msg_tracker` and `rq_fetch` stay direct instances of the
//! top, wired to the ports below).
//!
//! # Behaviour
//!
//! * A placed packet (from `rx_place`) waits in `placed_q` and is counted in
//!   `msg_tracker` once its last payload beat has left for the DMA write
//!   stream, so a completion's CQE, written later on the same stream,
//!   follows the message's data. A command has `msg_tracker`'s port first.
//! * `msg_tracker` passes messages in MSN order per stream (`RX_MSGS`). A
//!   completion event reads its connection's CQ and enters `rx_done_q` for the
//!   completion merge; a SEND's event also CONSUMEs its receive in
//!   `rq_fetch`, whose wr_id enters `consumed_q` in event order.
//! * While `rx_done_q` holds 20 or more events, no packet is counted and the
//!   drain is held, so no event is lost.
//!
//! Record layouts are in the comments below.

use rust_hdl::prelude::*;

hdl_block! {
    /// The message completion of `braid_engine`.
    pub struct RxMsg<const CB: usize, const QB: usize, const RCI: usize> {
        /// Engine clock.
        pub clock: Signal<In, Clock>,
        /// From `placed_q.dout`.
        pub placed_q_dout: Signal<In, Bits<128>>,
        /// A placement write's last beat leaves for `dw_arb` this clock (`rx_place.wr_done`).
        pub wr_done: Signal<In, Bit>,
        /// From `rx_done_q.fill`.
        pub rx_done_q_fill: Signal<In, Bits<16>>,
        /// From `placed_q.valid`.
        pub placed_q_valid: Signal<In, Bit>,
        /// From `cp.mt_valid`.
        pub cp_mt_valid: Signal<In, Bit>,
        /// From `mt.msg_done`.
        pub mt_msg_done: Signal<In, Bit>,
        /// From `n_rx_msgs.q`.
        pub n_rx_msgs_q: Signal<In, Bits<32>>,
        /// From `mt.ev_solicited`.
        pub mt_ev_solicited: Signal<In, Bit>,
        /// From `mt.ev_valid`.
        pub mt_ev_valid: Signal<In, Bit>,
        /// From `mt.ev_index`.
        pub mt_ev_index: Signal<In, Bits<RCI>>,
        /// From `mt.ev_msn`.
        pub mt_ev_msn: Signal<In, Bits<32>>,
        /// From `mt.ev_byte_len`.
        pub mt_ev_byte_len: Signal<In, Bits<32>>,
        /// From `mt.ev_imm`.
        pub mt_ev_imm: Signal<In, Bits<32>>,
        /// From `mt.ev_kind`.
        pub mt_ev_kind: Signal<In, Bits<2>>,
        /// From `conn_cq.read_data`.
        pub conn_cq_read_data: Signal<In, Bits<QB>>,
        /// From `rqf.cs_ok`.
        pub rqf_cs_ok: Signal<In, Bit>,
        /// From `rqf.cs_rvalid`.
        pub rqf_cs_rvalid: Signal<In, Bit>,
        /// From `rqf.cs_wr_id`.
        pub rqf_cs_wr_id: Signal<In, Bits<64>>,
        /// To `placed_q.pop`.
        pub placed_q_pop: Signal<Out, Bit>,
        /// To `mt.pkt_valid`.
        pub mt_pkt_valid: Signal<Out, Bit>,
        /// To `mt.pkt_index`.
        pub mt_pkt_index: Signal<Out, Bits<RCI>>,
        /// To `mt.pkt_msn`.
        pub mt_pkt_msn: Signal<Out, Bits<32>>,
        /// To `mt.pkt_msg_len`.
        pub mt_pkt_msg_len: Signal<Out, Bits<32>>,
        /// To `mt.pkt_kind`.
        pub mt_pkt_kind: Signal<Out, Bits<2>>,
        /// To `mt.pkt_imm`.
        pub mt_pkt_imm: Signal<Out, Bits<32>>,
        /// To `mt.pkt_solicited`.
        pub mt_pkt_solicited: Signal<Out, Bit>,
        /// To `mt.pkt_len`.
        pub mt_pkt_len: Signal<Out, Bits<16>>,
        /// To `mt.pkt_tag`.
        pub mt_pkt_tag: Signal<Out, Bits<16>>,
        /// To `mt.drain_hold`.
        pub mt_drain_hold: Signal<Out, Bit>,
        /// To `conn_cq.read_address`.
        pub conn_cq_read_address: Signal<Out, Bits<CB>>,
        /// To `rx_done_q.push`.
        pub rx_done_q_push: Signal<Out, Bit>,
        /// To `rx_done_q.din`.
        pub rx_done_q_din: Signal<Out, Bits<127>>,
        /// To `rqf.cs_valid`.
        pub rqf_cs_valid: Signal<Out, Bit>,
        /// To `rqf.cs_conn`.
        pub rqf_cs_conn: Signal<Out, Bits<CB>>,
        /// To `rqf.cs_stream`.
        pub rqf_cs_stream: Signal<Out, Bits<2>>,
        /// To `consumed_q.push`.
        pub consumed_q_push: Signal<Out, Bit>,
        /// To `consumed_q.din`.
        pub consumed_q_din: Signal<Out, Bits<65>>,
        /// Write `n_rx_msgs` (a register of the top) this clock.
        pub n_rx_msgs_we: Signal<Out, Bit>,
        /// To `n_rx_msgs.d`.
        pub n_rx_msgs_wd: Signal<Out, Bits<32>>,
        ev_ok: DFF<Bit>,
        n_wr: DFF<Bits<8>>,
        e1v: DFF<Bit>,
        e1d: DFF<Bits<111>>,
        cs_okb: Signal<Local, Bits<1>>,
        mi_e: Signal<Local, Bits<128>>,
        mi_go: Signal<Local, Bit>,
        w_last: Signal<Local, Bit>,
        e_solb: Signal<Local, Bits<1>>,
    }
}

impl<const CB: usize, const QB: usize, const RCI: usize> Logic for RxMsg<CB, QB, RCI> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, ev_ok, n_wr, e1v, e1d);
        self.n_rx_msgs_we.next = false;
        self.n_rx_msgs_wd.next = self.n_rx_msgs_q.val();
        // ---- message completion. A placed packet
        // enters `placed_q` when the mover pops its decision (M: has_payload 0,
        // index 1, msn 13, msg_len 45, kind 77, imm 79, SOLICITED 111, len
        // 112) and is counted in msg_tracker once its last payload beat has
        // left for the DMA write stream (`n_wr`: such last beats not yet
        // matched; `placed_q` is in the order of the writes), so a completion's
        // CQE, written later by cq_writer on the same stream, follows the
        // message's data. A command (INIT) has msg_tracker's port first.
        // While `rx_done_q` holds 20 or more events, no packet is counted and
        // the drain is held: each operation passes at most one message, so
        // the 6 that can be in flight fit.
        self.mi_e.next = self.placed_q_dout.val();
        self.w_last.next = self.wr_done.val();
        self.ev_ok.d.next = self.rx_done_q_fill.val() < bits::<16>(20);
        self.mi_go.next = self.placed_q_valid.val()
            & !self.cp_mt_valid.val()
            & self.ev_ok.q.val()
            & (!self.mi_e.val().get_bit(0) | (self.n_wr.q.val() != bits::<8>(0)));
        self.placed_q_pop.next = self.mi_go.val();
        if self.w_last.val() & !(self.mi_go.val() & self.mi_e.val().get_bit(0)) {
            self.n_wr.d.next = self.n_wr.q.val() + 1;
        } else if !self.w_last.val() & self.mi_go.val() & self.mi_e.val().get_bit(0) {
            self.n_wr.d.next = self.n_wr.q.val() - 1;
        }
        self.mt_pkt_valid.next = self.mi_go.val();
        self.mt_pkt_index.next = self.mi_e.val().get_bits::<RCI>(1);
        self.mt_pkt_msn.next = self.mi_e.val().get_bits::<32>(13);
        self.mt_pkt_msg_len.next = self.mi_e.val().get_bits::<32>(45);
        self.mt_pkt_kind.next = self.mi_e.val().get_bits::<2>(77);
        self.mt_pkt_imm.next = self.mi_e.val().get_bits::<32>(79);
        self.mt_pkt_solicited.next = self.mi_e.val().get_bit(111);
        self.mt_pkt_len.next = self.mi_e.val().get_bits::<16>(112);
        self.mt_pkt_tag.next = 0.into();
        self.mt_drain_hold.next = !self.ev_ok.q.val();
        // a completion event (not a WRITE) reads its connection's CQ
        // (latency 1) and enters `rx_done_q` (F, see the completion merge)
        if self.mt_msg_done.val() {
            self.n_rx_msgs_we.next = true;
            self.n_rx_msgs_wd.next = self.n_rx_msgs_q.val() + 1;
        }
        if self.mt_ev_solicited.val() {
            self.e_solb.next = bits::<1>(1);
        } else {
            self.e_solb.next = bits::<1>(0);
        }
        self.e1v.d.next = self.mt_ev_valid.val();
        self.e1d.d.next = bit_cast::<111, RCI>(self.mt_ev_index.val())
            | (bit_cast::<111, 32>(self.mt_ev_msn.val()) << 12)
            | (bit_cast::<111, 32>(self.mt_ev_byte_len.val()) << 44)
            | (bit_cast::<111, 32>(self.mt_ev_imm.val()) << 76)
            | (bit_cast::<111, 2>(self.mt_ev_kind.val()) << 108)
            | (bit_cast::<111, 1>(self.e_solb.val()) << 110);
        self.conn_cq_read_address.next = self.mt_ev_index.val().get_bits::<CB>(2);
        self.rx_done_q_push.next = self.e1v.q.val();
        self.rx_done_q_din.next = bit_cast::<127, 111>(self.e1d.q.val())
            | (bit_cast::<127, QB>(self.conn_cq_read_data.val()) << 111);
        // a SEND message's completion consumes its receive (`rq_fetch`
        // CONSUME, latency 3): the receive's wr_id (and whether there was
        // one) enters `consumed_q` (32) in event order, two clocks behind the
        // event's entry in `rx_done_q`; a SEND event leaves `rx_done_q` with it
        self.rqf_cs_valid.next = self.mt_ev_valid.val() & self.mt_ev_kind.val().get_bit(1);
        self.rqf_cs_conn.next = self.mt_ev_index.val().get_bits::<CB>(2);
        self.rqf_cs_stream.next = self.mt_ev_index.val().get_bits::<2>(0);
        if self.rqf_cs_ok.val() {
            self.cs_okb.next = bits::<1>(1);
        } else {
            self.cs_okb.next = bits::<1>(0);
        }
        self.consumed_q_push.next = self.rqf_cs_rvalid.val();
        self.consumed_q_din.next = bit_cast::<65, 64>(self.rqf_cs_wr_id.val())
            | (bit_cast::<65, 1>(self.cs_okb.val()) << 64);
    }
}
