//! `rx_place`: the receive path's placement stage, a sub-block of
//! `braid_engine` (its glue only: the blocks it drives, `rx_parser`,
//! `cmd_proc`'s receive lookup, `rq_fetch`'s MATCH, `mr_check`,
//! `dedup_table` and `dw_arb`'s port b, stay direct instances of the top,
//! wired to the ports below).
//!
//! # Behaviour
//!
//! * **Gate.** A received frame is taken or dropped whole at its first beat:
//!   dropped (`inc_gate`) when `eng_en` is low, the payload FIFO holds 320
//!   of its 512 beats or more, or the descriptor FIFO, the sender's ACK
//!   FIFO or its NACK FIFO holds 16 or more. A frame is cut at 160 beats
//!   (the parser drops it as truncated or mis-sized), so no FIFO here
//!   overflows and every payload run matches its descriptor.
//! * **Split.** A well-formed ACK leaves on `ak_*`, a well-formed NACK on
//!   `nk_*` (`inc_nack_rx`); every other descriptor enters the receive
//!   pipeline (a dropped frame counts in `inc_bad`).
//! * **Checks, in packet order.** D0: the connection lookup, while fewer
//!   than 18 descriptors are between it and the payload mover. D1: the
//!   receive-queue MATCH for every descriptor. D2: the region check for
//!   every descriptor (a WRITE's rkey and address with REMOTE_WRITE, a
//!   SEND's matched buffer with LOCAL_WRITE). The verdict: accepted,
//!   NACKed with the SPEC reason and detail, or refused without a NACK
//!   (`inc_refused` for every refused data packet).
//! * **Dedup.** Commands have the dedup port first; an accepted packet's
//!   CSN is checked, every other verdict passes as a read, so results stay
//!   in packet order. A NEW accepted packet is placed; NEW and duplicate
//!   packets go on to their path's SACK state (`sack_req_q_*`); a CSN outside the
//!   window drops the packet; a NACK leaves on `nack_*`.
//! * **Payload mover.** The head decision's payload run is written on
//!   `wr_*` (through a 4-entry FIFO) or discarded; a placed packet's
//!   message fields leave on `mi_*` when its decision is popped (nothing
//!   moves while `mi_fill` is 24 or more).
//!
//! Latency and every record layout are those of the top's documentation
//! (`hdl/rtl/ENGINE.md`, "Receive").

use crate::fifo::Fifo;
use braid_spec::wire::braid::{NackReason, Opcode};
use rust_hdl::prelude::*;

hdl_block! {
    /// The receive placement stage of `braid_engine` for `2^CB` connections of
    /// `2^PB` paths.
    pub struct RxPlace<const CB: usize, const PB: usize> {
        /// Engine clock.
        pub clock: Signal<In, Clock>,
        /// `CTRL.enable`: the receive side takes frames.
        pub eng_en: Signal<In, Bit>,
        /// MAC receive beat valid (no back-pressure).
        pub rx_valid: Signal<In, Bit>,
        /// MAC receive data.
        pub rx_data: Signal<In, Bits<512>>,
        /// MAC receive byte enables.
        pub rx_keep: Signal<In, Bits<64>>,
        /// Last beat of a received frame.
        pub rx_last: Signal<In, Bit>,
        /// Fill of the sender's ACK FIFO.
        pub ak_fill: Signal<In, Bits<16>>,
        /// Fill of the sender's NACK FIFO.
        pub nk_fill: Signal<In, Bits<16>>,
        /// Parser payload beat valid.
        pub p_valid: Signal<In, Bit>,
        /// Parser payload beat.
        pub p_data: Signal<In, Bits<512>>,
        /// Parser payload byte enables.
        pub p_keep: Signal<In, Bits<64>>,
        /// Last payload beat of a frame.
        pub p_last: Signal<In, Bit>,
        /// Parser descriptor valid.
        pub d_valid: Signal<In, Bit>,
        /// The frame passed every parser check.
        pub d_ok: Signal<In, Bit>,
        /// The frame carries payload beats.
        pub d_has_payload: Signal<In, Bit>,
        /// The frame was ECN-marked.
        pub d_ce: Signal<In, Bit>,
        /// UDP source port.
        pub d_sport: Signal<In, Bits<16>>,
        /// Braid opcode.
        pub d_opcode: Signal<In, Bits<8>>,
        /// Braid flags.
        pub d_flags: Signal<In, Bits<8>>,
        /// Path id.
        pub d_path_id: Signal<In, Bits<8>>,
        /// Destination connection.
        pub d_dst_conn: Signal<In, Bits<24>>,
        /// Path PSN.
        pub d_path_psn: Signal<In, Bits<32>>,
        /// Connection sequence number.
        pub d_csn: Signal<In, Bits<32>>,
        /// Sender timestamp.
        pub d_timestamp: Signal<In, Bits<32>>,
        /// Payload bytes.
        pub d_payload_len: Signal<In, Bits<16>>,
        /// Floor delta.
        pub d_floor_delta: Signal<In, Bits<16>>,
        /// A WRITE's rkey.
        pub d_rkey: Signal<In, Bits<32>>,
        /// A WRITE's virtual address.
        pub d_va: Signal<In, Bits<64>>,
        /// Stream.
        pub d_stream: Signal<In, Bits<8>>,
        /// Message sequence number.
        pub d_msn: Signal<In, Bits<32>>,
        /// Message length.
        pub d_msg_len: Signal<In, Bits<32>>,
        /// A SEND's receive sequence number.
        pub d_rsn: Signal<In, Bits<24>>,
        /// A SEND's offset in its message.
        pub d_offset: Signal<In, Bits<32>>,
        /// Immediate.
        pub d_imm: Signal<In, Bits<32>>,
        /// An ACK's base PSN.
        pub d_ack_base_psn: Signal<In, Bits<32>>,
        /// An ACK's CSN base.
        pub d_ack_csn_base: Signal<In, Bits<32>>,
        /// An ACK's timestamp echo.
        pub d_ack_ts_echo: Signal<In, Bits<32>>,
        /// An ACK's ECN count.
        pub d_ack_ecn_count: Signal<In, Bits<16>>,
        /// An ACK's rate hint.
        pub d_ack_rate_hint: Signal<In, Bits<16>>,
        /// An ACK's SACK bitmap.
        pub d_ack_sack: Signal<In, Bits<256>>,
        /// A NACK's reason.
        pub d_nack_reason: Signal<In, Bits<8>>,
        /// A NACK's PSN.
        pub d_nack_psn: Signal<In, Bits<32>>,
        /// A NACK's CSN.
        pub d_nack_csn: Signal<In, Bits<32>>,
        /// Receive lookup: the connection is open.
        pub rr_ok: Signal<In, Bit>,
        /// Receive lookup: the connection's protection domain.
        pub rr_pd: Signal<In, Bits<16>>,
        /// Receive lookup: the connection's streams.
        pub rr_streams: Signal<In, Bits<3>>,
        /// `rq_fetch` MATCH result valid.
        pub mq_rvalid: Signal<In, Bit>,
        /// MATCH: a receive matched.
        pub mq_ok: Signal<In, Bit>,
        /// MATCH: result code.
        pub mq_code: Signal<In, Bits<4>>,
        /// MATCH: the packet's address in the receive buffer.
        pub mq_addr: Signal<In, Bits<64>>,
        /// MATCH: the receive buffer's lkey.
        pub mq_lkey: Signal<In, Bits<32>>,
        /// `mr_check` result valid.
        pub mr_res_valid: Signal<In, Bit>,
        /// Region check passed.
        pub mr_res_ok: Signal<In, Bit>,
        /// Region check's NACK reason.
        pub mr_res_reason: Signal<In, Bits<8>>,
        /// A command holds the dedup port this clock.
        pub dd_cmd: Signal<In, Bit>,
        /// The command's dedup operation.
        pub cmd_dd_op: Signal<In, Bits<2>>,
        /// The command's connection.
        pub cmd_dd_conn: Signal<In, Bits<CB>>,
        /// The command's CSN.
        pub cmd_dd_csn: Signal<In, Bits<32>>,
        /// Dedup result valid.
        pub dd_res_valid: Signal<In, Bit>,
        /// Dedup result's operation.
        pub dd_res_op: Signal<In, Bits<2>>,
        /// Dedup class: 0 new, 1 duplicate, 2 outside the window.
        pub dd_res_class: Signal<In, Bits<2>>,
        /// Dedup CSN base.
        pub dd_res_base: Signal<In, Bits<32>>,
        /// `dw_arb` port b ready.
        pub wr_ready: Signal<In, Bit>,
        /// Fill of `placed_q` (placed packets waiting for `msg_tracker`).
        pub mi_fill: Signal<In, Bits<16>>,
        /// Frame beat into the parser.
        pub s_valid: Signal<Out, Bit>,
        /// Frame data into the parser.
        pub s_data: Signal<Out, Bits<512>>,
        /// Frame byte enables into the parser.
        pub s_keep: Signal<Out, Bits<64>>,
        /// Last beat into the parser (a cut frame ends here).
        pub s_last: Signal<Out, Bit>,
        /// A well-formed ACK for the sender's ACK FIFO.
        pub ak_push: Signal<Out, Bit>,
        /// The ACK record (A: conn 0, path 24, base PSN 32, CSN base 64, timestamp echo 96, ECN count 128, SACK 144, rate hint 400).
        pub ak_din: Signal<Out, Bits<416>>,
        /// A well-formed NACK for the sender's NACK FIFO.
        pub nk_push: Signal<Out, Bit>,
        /// The NACK record (K: conn 0, reason 24, CSN 32, path 64, PSN 72).
        pub nk_din: Signal<Out, Bits<104>>,
        /// Receive lookup request.
        pub rl_valid: Signal<Out, Bit>,
        /// Receive lookup connection.
        pub rl_conn: Signal<Out, Bits<24>>,
        /// Receive lookup tag (0).
        pub rl_tag: Signal<Out, Bits<16>>,
        /// `rq_fetch` MATCH request.
        pub mq_valid: Signal<Out, Bit>,
        /// MATCH tag (0).
        pub mq_tag: Signal<Out, Bits<16>>,
        /// MATCH connection.
        pub mq_conn: Signal<Out, Bits<CB>>,
        /// MATCH stream.
        pub mq_stream: Signal<Out, Bits<2>>,
        /// MATCH receive sequence number.
        pub mq_rsn: Signal<Out, Bits<24>>,
        /// MATCH offset in the message.
        pub mq_offset: Signal<Out, Bits<32>>,
        /// MATCH payload bytes.
        pub mq_len: Signal<Out, Bits<16>>,
        /// MATCH message length.
        pub mq_msg_len: Signal<Out, Bits<32>>,
        /// `mr_check` request.
        pub mr_req_valid: Signal<Out, Bit>,
        /// Region check key.
        pub mr_req_rkey: Signal<Out, Bits<32>>,
        /// Region check protection domain.
        pub mr_req_pd: Signal<Out, Bits<16>>,
        /// Region check address.
        pub mr_req_va: Signal<Out, Bits<64>>,
        /// Region check length.
        pub mr_req_len: Signal<Out, Bits<16>>,
        /// Region check needs write access.
        pub mr_req_need_write: Signal<Out, Bit>,
        /// Region check of a local key (a SEND's buffer).
        pub mr_req_local: Signal<Out, Bit>,
        /// Region check tag (0).
        pub mr_req_tag: Signal<Out, Bits<16>>,
        /// Dedup operation.
        pub dd_op_valid: Signal<Out, Bit>,
        /// Dedup operation code.
        pub dd_op: Signal<Out, Bits<2>>,
        /// Dedup connection.
        pub dd_conn: Signal<Out, Bits<CB>>,
        /// Dedup CSN.
        pub dd_csn: Signal<Out, Bits<32>>,
        /// A NACK for `ack_gen`.
        pub nack_valid: Signal<Out, Bit>,
        /// NACK connection.
        pub nack_conn: Signal<Out, Bits<10>>,
        /// NACK path.
        pub nack_path_id: Signal<Out, Bits<8>>,
        /// NACK UDP source port (the packet's).
        pub nack_sport: Signal<Out, Bits<16>>,
        /// NACK reason.
        pub nack_reason: Signal<Out, Bits<8>>,
        /// NACK PSN.
        pub nack_psn: Signal<Out, Bits<32>>,
        /// NACK CSN.
        pub nack_csn: Signal<Out, Bits<32>>,
        /// NACK detail.
        pub nack_detail: Signal<Out, Bits<32>>,
        /// A NEW or duplicate packet for its path's SACK state.
        pub sack_req_q_push: Signal<Out, Bit>,
        /// The packet record (P: psn 0, floor_delta 32, ce 48, ACK_REQ 49, timestamp 50, conn 82, path 106, sport 114, csn_base 130).
        pub sack_req_q_din: Signal<Out, Bits<162>>,
        /// Payload placement write beat (`dw_arb` b).
        pub wr_valid: Signal<Out, Bit>,
        /// Write data.
        pub wr_data: Signal<Out, Bits<512>>,
        /// Last beat of a write.
        pub wr_last: Signal<Out, Bit>,
        /// Write address.
        pub wr_addr: Signal<Out, Bits<64>>,
        /// Write length in bytes.
        pub wr_len: Signal<Out, Bits<16>>,
        /// A write's last beat leaves this clock.
        pub wr_done: Signal<Out, Bit>,
        /// A placed packet for `placed_q`.
        pub mi_push: Signal<Out, Bit>,
        /// Its record (M: has_payload 0, index 1, msn 13, msg_len 45, kind 77, imm 79, SOLICITED 111, len 112).
        pub mi_din: Signal<Out, Bits<128>>,
        /// Count: a frame dropped whole at the gate.
        pub inc_gate: Signal<Out, Bit>,
        /// Count: a NACK received.
        pub inc_nack_rx: Signal<Out, Bit>,
        /// Count: a frame the parser dropped.
        pub inc_bad: Signal<Out, Bit>,
        /// Count: a data packet refused.
        pub inc_refused: Signal<Out, Bit>,
        /// Count: a packet placed.
        pub inc_pkts: Signal<Out, Bit>,
        /// Bytes placed one clock ago (0 when none).
        pub placed_bytes: Signal<Out, Bits<16>>,
        /// One of this block's FIFOs overflowed (never expected).
        pub ovf: Signal<Out, Bit>,
        /// Opcode NACK.
        k_op_nack: Constant<Bits<8>> = Constant::new(bits::<8>(Opcode::Nack as u64)),
        /// NACK reason `INVALID_STREAM`.
        k_nr_stream: Constant<Bits<8>> = Constant::new(bits::<8>(NackReason::InvalidStream as u64)),
        /// Paths per connection.
        k_np: Constant<Bits<8>> = Constant::new(bits::<8>(1 << PB)),
        fpl: Fifo<584, 9>,
        frd: Fifo<400, 5>,
        fmt: Fifo<416, 3>,
        fmr: Fifo<400, 4>,
        fx: Fifo<412, 5>,
        fpk: Fifo<412, 5>,
        fdc: Fifo<200, 5>,
        fdw: Fifo<600, 2>,
        in_frame: DFF<Bit>,
        rx_skip: DFF<Bit>,
        rx_cnt: DFF<Bits<8>>,
        ok_rpop: DFF<Bit>,
        r1v: DFF<Bit>,
        r1d: DFF<Bits<400>>,
        rxb_inc: DFF<Bits<16>>,
        mi_ok: DFF<Bit>,
        rx_fl: DFF<Bits<8>>,
        rx_first: Signal<Local, Bit>,
        rx_accept: Signal<Local, Bit>,
        rx_pass: Signal<Local, Bit>,
        rx_cut: Signal<Local, Bit>,
        m_hp: Signal<Local, Bits<1>>,
        rx_is_ack: Signal<Local, Bit>,
        rx_is_nack: Signal<Local, Bit>,
        rr_okb: Signal<Local, Bits<1>>,
        r1_cnt: Signal<Local, Bits<1>>,
        r_flagb: Signal<Local, Bits<1>>,
        r_ceb: Signal<Local, Bits<1>>,
        r_solb: Signal<Local, Bits<1>>,
        r_send: Signal<Local, Bit>,
        r_key: Signal<Local, Bits<32>>,
        r_va: Signal<Local, Bits<64>>,
        r_pop: Signal<Local, Bit>,
        m_placeb: Signal<Local, Bits<1>>,
        d1_sokb: Signal<Local, Bits<1>>,
        t_e: Signal<Local, Bits<416>>,
        t_send: Signal<Local, Bit>,
        t_key: Signal<Local, Bits<32>>,
        t_va: Signal<Local, Bits<64>>,
        t_mokb: Signal<Local, Bits<1>>,
        m_d: Signal<Local, Bits<400>>,
        m_op: Signal<Local, Bits<8>>,
        m_data: Signal<Local, Bit>,
        m_conn: Signal<Local, Bit>,
        m_write: Signal<Local, Bit>,
        m_send: Signal<Local, Bit>,
        m_sok: Signal<Local, Bit>,
        m_code: Signal<Local, Bits<4>>,
        m_late: Signal<Local, Bit>,
        m_place: Signal<Local, Bit>,
        m_nack: Signal<Local, Bit>,
        m_reason: Signal<Local, Bits<8>>,
        m_accb: Signal<Local, Bits<1>>,
        m_nackb: Signal<Local, Bits<1>>,
        m_datab: Signal<Local, Bits<1>>,
        m_lateb: Signal<Local, Bits<1>>,
        x_go: Signal<Local, Bit>,
        x_e: Signal<Local, Bits<412>>,
        k_ours: Signal<Local, Bit>,
        k_e: Signal<Local, Bits<412>>,
        k_acc: Signal<Local, Bit>,
        k_new: Signal<Local, Bit>,
        k_place: Signal<Local, Bit>,
        k_path: Signal<Local, Bit>,
        k_placeb: Signal<Local, Bits<1>>,
        k_kind: Signal<Local, Bits<2>>,
        k_detail: Signal<Local, Bits<32>>,
        mv_take: Signal<Local, Bit>,
        mv_last: Signal<Local, Bits<1>>,
    }
}

impl<const CB: usize, const PB: usize> Logic for RxPlace<CB, PB> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, in_frame, rx_skip, rx_cnt, ok_rpop, r1v, r1d, rxb_inc, mi_ok, rx_fl
        );
        self.fpl.clock.next = self.clock.val();
        self.frd.clock.next = self.clock.val();
        self.fmt.clock.next = self.clock.val();
        self.fmr.clock.next = self.clock.val();
        self.fx.clock.next = self.clock.val();
        self.fpk.clock.next = self.clock.val();
        self.fdc.clock.next = self.clock.val();
        self.fdw.clock.next = self.clock.val();
        // ---- receive path: placement. A gate
        // in front of the parser takes a frame whole or drops it whole at its
        // first beat (receive side disabled, payload FIFO at 320 of 512 beats
        // or more, descriptor FIFO at 16 of 32 or more: room for this frame
        // and the ones still inside the parser), and cuts a frame at 160
        // beats (the parser then drops it as truncated or mis-sized), so no
        // FIFO ever overflows and a payload run always matches its
        // descriptor.
        self.rx_first.next = self.rx_valid.val() & !self.in_frame.q.val();
        self.rx_accept.next = self.eng_en.val()
            & (self.fpl.fill.val() < bits::<16>(320))
            & (self.frd.fill.val() < bits::<16>(16))
            & (self.ak_fill.val() < bits::<16>(16))
            & (self.nk_fill.val() < bits::<16>(16));
        self.rx_pass.next = (self.rx_first.val() & self.rx_accept.val())
            | (self.rx_valid.val() & self.in_frame.q.val() & !self.rx_skip.q.val());
        self.rx_cut.next =
            self.rx_pass.val() & (self.rx_cnt.q.val() == bits::<8>(159)) & !self.rx_last.val();
        self.s_valid.next = self.rx_pass.val();
        self.s_data.next = self.rx_data.val();
        self.s_keep.next = self.rx_keep.val();
        self.s_last.next = self.rx_last.val() | self.rx_cut.val();
        if self.rx_valid.val() {
            if self.rx_last.val() {
                self.in_frame.d.next = false;
                self.rx_skip.d.next = false;
                self.rx_cnt.d.next = 0.into();
            } else {
                self.in_frame.d.next = true;
                if self.rx_first.val() {
                    self.rx_skip.d.next = !self.rx_accept.val();
                }
                if self.rx_cut.val() {
                    self.rx_skip.d.next = true;
                } else if self.rx_pass.val() {
                    self.rx_cnt.d.next = self.rx_cnt.q.val() + 1;
                }
            }
        }
        self.inc_gate.next = self.rx_first.val() & !self.rx_accept.val();
        // payload beats and descriptors into their FIFOs (R: ok 0,
        // has_payload 1, opcode 2, dst_conn 10, rkey 34, va 66, len 130)
        if self.p_last.val() {
            self.m_hp.next = bits::<1>(1);
        } else {
            self.m_hp.next = bits::<1>(0);
        }
        self.fpl.push.next = self.p_valid.val();
        self.fpl.din.next = bit_cast::<584, 512>(self.p_data.val())
            | (bit_cast::<584, 64>(self.p_keep.val()) << 512)
            | (bit_cast::<584, 1>(self.m_hp.val()) << 576);
        // a well-formed ACK goes to the sender's side (`ack_rx_q`), every other
        // descriptor to the receive pipeline
        self.rx_is_ack.next = self.d_ok.val() & (self.d_opcode.val() == bits::<8>(0x10));
        self.rx_is_nack.next = self.d_ok.val() & (self.d_opcode.val() == self.k_op_nack.val());
        self.frd.push.next = self.d_valid.val() & !self.rx_is_ack.val() & !self.rx_is_nack.val();
        self.ak_push.next = self.d_valid.val() & self.rx_is_ack.val();
        // a well-formed NACK to the sender's NACK FIFO (`nack_q`)
        self.nk_push.next = self.d_valid.val() & self.rx_is_nack.val();
        self.nk_din.next = bit_cast::<104, 24>(self.d_dst_conn.val())
            | (bit_cast::<104, 8>(self.d_nack_reason.val()) << 24)
            | (bit_cast::<104, 32>(self.d_nack_csn.val()) << 32)
            | (bit_cast::<104, 8>(self.d_path_id.val()) << 64)
            | (bit_cast::<104, 32>(self.d_nack_psn.val()) << 72);
        self.inc_nack_rx.next = self.d_valid.val() & self.rx_is_nack.val();
        self.ak_din.next = bit_cast::<416, 24>(self.d_dst_conn.val())
            | (bit_cast::<416, 8>(self.d_path_id.val()) << 24)
            | (bit_cast::<416, 32>(self.d_ack_base_psn.val()) << 32)
            | (bit_cast::<416, 32>(self.d_ack_csn_base.val()) << 64)
            | (bit_cast::<416, 32>(self.d_ack_ts_echo.val()) << 96)
            | (bit_cast::<416, 16>(self.d_ack_ecn_count.val()) << 128)
            | (bit_cast::<416, 256>(self.d_ack_sack.val()) << 144)
            | (bit_cast::<416, 16>(self.d_ack_rate_hint.val()) << 400);
        if self.d_ok.val() {
            self.rr_okb.next = bits::<1>(1);
        } else {
            self.rr_okb.next = bits::<1>(0);
        }
        if self.d_has_payload.val() {
            self.r1_cnt.next = bits::<1>(1);
        } else {
            self.r1_cnt.next = bits::<1>(0);
        }
        if self.d_flags.val().get_bit(0) {
            self.r_flagb.next = bits::<1>(1);
        } else {
            self.r_flagb.next = bits::<1>(0);
        }
        if self.d_ce.val() {
            self.r_ceb.next = bits::<1>(1);
        } else {
            self.r_ceb.next = bits::<1>(0);
        }
        if self.d_flags.val().get_bit(3) {
            self.r_solb.next = bits::<1>(1);
        } else {
            self.r_solb.next = bits::<1>(0);
        }
        // R: ok 0, has_payload 1, opcode 2, dst_conn 10, rkey 34 (a
        // SEND's RSN), va 66 (a SEND's offset in its message; from the
        // MATCH on, its address in the receive buffer), len 130, (the
        // lookup's verdict 146, set in fmt), path_id 147, psn 155, csn 187,
        // timestamp 219, floor_delta 251, sport 267, ce 283, ACK_REQ 284,
        // stream 288, msn 296, msg_len 328, imm 360, SOLICITED 392, (the
        // stream check 393, set in fmt; the MATCH's m_ok 394 and m_code
        // 395, set in fmr)
        self.r_send.next =
            (self.d_opcode.val() == bits::<8>(3)) | (self.d_opcode.val() == bits::<8>(4));
        if self.r_send.val() {
            self.r_key.next = bit_cast::<32, 24>(self.d_rsn.val());
            self.r_va.next = bit_cast::<64, 32>(self.d_offset.val());
        } else {
            self.r_key.next = self.d_rkey.val();
            self.r_va.next = self.d_va.val();
        }
        self.frd.din.next = bit_cast::<400, 1>(self.rr_okb.val())
            | (bit_cast::<400, 1>(self.r1_cnt.val()) << 1)
            | (bit_cast::<400, 8>(self.d_opcode.val()) << 2)
            | (bit_cast::<400, 24>(self.d_dst_conn.val()) << 10)
            | (bit_cast::<400, 32>(self.r_key.val()) << 34)
            | (bit_cast::<400, 64>(self.r_va.val()) << 66)
            | (bit_cast::<400, 16>(self.d_payload_len.val()) << 130)
            | (bit_cast::<400, 8>(self.d_path_id.val()) << 147)
            | (bit_cast::<400, 32>(self.d_path_psn.val()) << 155)
            | (bit_cast::<400, 32>(self.d_csn.val()) << 187)
            | (bit_cast::<400, 32>(self.d_timestamp.val()) << 219)
            | (bit_cast::<400, 16>(self.d_floor_delta.val()) << 251)
            | (bit_cast::<400, 16>(self.d_sport.val()) << 267)
            | (bit_cast::<400, 1>(self.r_ceb.val()) << 283)
            | (bit_cast::<400, 1>(self.r_flagb.val()) << 284)
            | (bit_cast::<400, 8>(self.d_stream.val()) << 288)
            | (bit_cast::<400, 32>(self.d_msn.val()) << 296)
            | (bit_cast::<400, 32>(self.d_msg_len.val()) << 328)
            | (bit_cast::<400, 32>(self.d_imm.val()) << 360)
            | (bit_cast::<400, 1>(self.r_solb.val()) << 392);
        self.inc_bad.next = self.d_valid.val() & !self.d_ok.val();
        // D0: the connection lookup (`cmd_proc`, latency 1) while fewer than
        // 18 descriptors are between it and the payload mover's pop of
        // their decision (`rx_fl`, counted below; every FIFO on the way
        // that can fill holds 32, fmr and fmt only the checks in flight,
        // so none of them can overflow). The flag is registered, one
        // clock old, and the count moves by one per clock: the limit is 17
        // (13 before the MATCH stage added its 4 clocks).
        self.ok_rpop.d.next = self.rx_fl.q.val() < bits::<8>(17);
        self.r_pop.next = self.frd.valid.val() & self.ok_rpop.q.val();
        self.frd.pop.next = self.r_pop.val();
        self.rl_valid.next = self.r_pop.val();
        self.rl_conn.next = self.frd.dout.val().get_bits::<24>(10);
        self.rl_tag.next = 0.into();
        self.r1v.d.next = self.r_pop.val();
        self.r1d.d.next = self.frd.dout.val();
        // D1: the receive-queue MATCH (`rq_fetch`, latency 4) for every
        // descriptor, so results stay in order (only a SEND's result is
        // used); the descriptor waits in `fmt` (8) with the lookup's
        // verdict (bit 146), the stream check (393) and the connection's
        // protection domain (400)
        self.mq_valid.next = self.r1v.q.val();
        self.mq_tag.next = 0.into();
        self.mq_conn.next = self.r1d.q.val().get_bits::<CB>(10);
        self.mq_stream.next = self.r1d.q.val().get_bits::<2>(288);
        self.mq_rsn.next = self.r1d.q.val().get_bits::<24>(34);
        self.mq_offset.next = self.r1d.q.val().get_bits::<32>(66);
        self.mq_len.next = self.r1d.q.val().get_bits::<16>(130);
        self.mq_msg_len.next = self.r1d.q.val().get_bits::<32>(328);
        self.fmt.push.next = self.r1v.q.val();
        if self.rr_ok.val() {
            self.m_placeb.next = bits::<1>(1);
        } else {
            self.m_placeb.next = bits::<1>(0);
        }
        // the stream check (SPEC check 2: below the connection's streams)
        if bit_cast::<8, 3>(self.rr_streams.val()) > self.r1d.q.val().get_bits::<8>(288) {
            self.d1_sokb.next = bits::<1>(1);
        } else {
            self.d1_sokb.next = bits::<1>(0);
        }
        self.fmt.din.next = bit_cast::<416, 400>(self.r1d.q.val())
            | (bit_cast::<416, 1>(self.m_placeb.val()) << 146)
            | (bit_cast::<416, 1>(self.d1_sokb.val()) << 393)
            | (bit_cast::<416, 16>(self.rr_pd.val()) << 400);
        // D2: the region check (the connection's protection domain,
        // bounds) for every descriptor: a WRITE's rkey and va with
        // REMOTE_WRITE; a SEND's matched buffer (its lkey, address and
        // payload) with LOCAL_WRITE, so a receive entry naming memory
        // outside a registered region writes nothing
        self.fmt.pop.next = self.mq_rvalid.val();
        self.t_e.next = self.fmt.dout.val();
        self.t_send.next = (self.t_e.val().get_bits::<8>(2) == bits::<8>(3))
            | (self.t_e.val().get_bits::<8>(2) == bits::<8>(4));
        if self.t_send.val() {
            self.t_key.next = self.mq_lkey.val();
            self.t_va.next = self.mq_addr.val();
        } else {
            self.t_key.next = self.t_e.val().get_bits::<32>(34);
            self.t_va.next = self.t_e.val().get_bits::<64>(66);
        }
        if self.mq_ok.val() {
            self.t_mokb.next = bits::<1>(1);
        } else {
            self.t_mokb.next = bits::<1>(0);
        }
        self.mr_req_valid.next = self.mq_rvalid.val();
        self.mr_req_rkey.next = self.t_key.val();
        self.mr_req_pd.next = self.t_e.val().get_bits::<16>(400);
        self.mr_req_va.next = self.t_va.val();
        self.mr_req_len.next = self.t_e.val().get_bits::<16>(130);
        self.mr_req_need_write.next = true;
        self.mr_req_local.next = self.t_send.val();
        self.mr_req_tag.next = 0.into();
        self.fmr.push.next = self.mq_rvalid.val();
        self.fmr.din.next = bit_cast::<400, 66>(self.t_e.val().get_bits::<66>(0))
            | (bit_cast::<400, 64>(self.t_va.val()) << 66)
            | (bit_cast::<400, 270>(self.t_e.val().get_bits::<270>(130)) << 130)
            | (bit_cast::<400, 1>(self.t_mokb.val()) << 394)
            | (bit_cast::<400, 4>(self.mq_code.val()) << 395);
        // the verdict, in packet order. A data packet of an open connection
        // on one of its paths, on a stream the connection lacks, gets a
        // NACK INVALID_STREAM (detail: the stream). On one of its streams:
        // a WRITE or WRITE_IMM (zero-length ones included) is accepted when
        // it passes the region check, else NACKed with the check's reason
        // (detail: the rkey); a SEND or SEND_IMM is accepted when its
        // receive matched and the buffer passes the region check, else
        // NACKed with the MATCH's code (NO_RECV_BUFFER, BUFFER_TOO_SMALL,
        // MALFORMED; INVALID_STREAM when the stream has no receive queue)
        // or the check's reason (detail: the MSN); a late SEND (its receive
        // consumed: the message completed) is accepted without a write, so
        // the dedup window and the SACK state see it as the duplicate it
        // is. Any other data packet is refused without a NACK and nothing
        // else reaches a table
        self.fmr.pop.next = self.mr_res_valid.val();
        self.m_d.next = self.fmr.dout.val();
        self.m_op.next = self.m_d.val().get_bits::<8>(2);
        self.m_data.next = self.m_d.val().get_bit(0)
            & (self.m_op.val().get_bits::<5>(3) == bits::<5>(0))
            & (self.m_op.val().get_bits::<3>(0) != bits::<3>(0));
        self.m_conn.next = self.m_data.val()
            & self.m_d.val().get_bit(146)
            & (self.m_d.val().get_bits::<8>(147) < self.k_np.val());
        self.m_write.next = self.m_conn.val() & (self.m_op.val().get_bits::<3>(0) < bits::<3>(3));
        self.m_send.next = self.m_conn.val()
            & ((self.m_op.val().get_bits::<3>(0) == bits::<3>(3))
                | (self.m_op.val().get_bits::<3>(0) == bits::<3>(4)));
        self.m_sok.next = self.m_d.val().get_bit(393);
        self.m_code.next = self.m_d.val().get_bits::<4>(395);
        self.m_late.next = self.m_send.val() & (self.m_code.val() == bits::<4>(14));
        self.m_place.next = self.m_sok.val()
            & ((self.m_write.val() & self.mr_res_ok.val())
                | (self.m_send.val() & self.m_d.val().get_bit(394) & self.mr_res_ok.val())
                | self.m_late.val());
        self.m_nack.next = self.m_conn.val()
            & !self.m_place.val()
            & (self.m_write.val() | self.m_send.val() | !self.m_sok.val());
        if !self.m_sok.val() | (self.m_send.val() & (self.m_code.val() == bits::<4>(15))) {
            self.m_reason.next = self.k_nr_stream.val();
        } else if self.m_send.val() & (self.m_code.val() != bits::<4>(0)) {
            self.m_reason.next = bit_cast::<8, 4>(self.m_code.val());
        } else {
            self.m_reason.next = self.mr_res_reason.val();
        }
        if self.m_place.val() {
            self.m_accb.next = bits::<1>(1);
        } else {
            self.m_accb.next = bits::<1>(0);
        }
        if self.m_nack.val() {
            self.m_nackb.next = bits::<1>(1);
        } else {
            self.m_nackb.next = bits::<1>(0);
        }
        if self.m_data.val() {
            self.m_datab.next = bits::<1>(1);
        } else {
            self.m_datab.next = bits::<1>(0);
        }
        if self.m_late.val() {
            self.m_lateb.next = bits::<1>(1);
        } else {
            self.m_lateb.next = bits::<1>(0);
        }
        // X: R 0, accepted 400, NACK 401, data 402, NACK reason 403, late
        // SEND 411
        self.fx.push.next = self.mr_res_valid.val();
        self.fx.din.next = bit_cast::<412, 400>(self.m_d.val())
            | (bit_cast::<412, 1>(self.m_accb.val()) << 400)
            | (bit_cast::<412, 1>(self.m_nackb.val()) << 401)
            | (bit_cast::<412, 1>(self.m_datab.val()) << 402)
            | (bit_cast::<412, 8>(self.m_reason.val()) << 403)
            | (bit_cast::<412, 1>(self.m_lateb.val()) << 411);
        self.inc_refused.next = self.mr_res_valid.val() & self.m_data.val() & !self.m_place.val();
        // the dedup port (commands first): an accepted packet's CSN is
        // checked (OP_PKT), every other verdict passes through as a READ so
        // that the results stay in packet order
        self.x_go.next = self.fx.valid.val() & !self.dd_cmd.val();
        self.x_e.next = self.fx.dout.val();
        self.fx.pop.next = self.x_go.val();
        self.fpk.push.next = self.x_go.val();
        self.fpk.din.next = self.x_e.val();
        self.dd_op_valid.next = self.dd_cmd.val() | self.x_go.val();
        if self.dd_cmd.val() {
            self.dd_op.next = self.cmd_dd_op.val();
            self.dd_conn.next = self.cmd_dd_conn.val();
            self.dd_csn.next = self.cmd_dd_csn.val();
        } else {
            if self.x_e.val().get_bit(400) {
                self.dd_op.next = bits::<2>(0);
            } else {
                self.dd_op.next = bits::<2>(2);
            }
            self.dd_conn.next = self.x_e.val().get_bits::<CB>(10);
            self.dd_csn.next = self.x_e.val().get_bits::<32>(187);
        }
        // the dedup result (7 edges; commands issue only INIT, op 1): a NEW
        // accepted packet is placed, a duplicate's payload dropped; NEW and
        // duplicate packets go on to their path's SACK state, one outside
        // the window is dropped whole; a NACK leaves for ack_gen
        self.k_ours.next = self.dd_res_valid.val() & (self.dd_res_op.val() != bits::<2>(1));
        self.k_e.next = self.fpk.dout.val();
        self.fpk.pop.next = self.k_ours.val();
        self.k_acc.next = self.k_e.val().get_bit(400);
        self.k_new.next = self.dd_res_class.val() == bits::<2>(0);
        // (a late SEND is never NEW: its message completed, so every CSN
        // of it was counted; were it NEW, it would still not be placed)
        self.k_place.next = self.k_acc.val() & self.k_new.val() & !self.k_e.val().get_bit(411);
        self.k_path.next = self.k_acc.val() & (self.dd_res_class.val() != bits::<2>(2));
        if self.k_place.val() {
            self.k_placeb.next = bits::<1>(1);
        } else {
            self.k_placeb.next = bits::<1>(0);
        }
        // the decision (placed 0, has_payload 1, va 2, len 66) with the
        // packet's message fields for msg_tracker (index = conn << 2 |
        // stream 88, msn 100, msg_len 132, kind = opcode - 1 164, imm 166,
        // SOLICITED 198)
        self.k_kind.next = self.k_e.val().get_bits::<2>(2) - bits::<2>(1);
        self.fdc.push.next = self.k_ours.val();
        self.fdc.din.next = bit_cast::<200, 1>(self.k_placeb.val())
            | (bit_cast::<200, 1>(self.k_e.val().get_bits::<1>(1)) << 1)
            | (bit_cast::<200, 64>(self.k_e.val().get_bits::<64>(66)) << 2)
            | (bit_cast::<200, 16>(self.k_e.val().get_bits::<16>(130)) << 66)
            | (bit_cast::<200, 2>(self.k_e.val().get_bits::<2>(288)) << 88)
            | (bit_cast::<200, CB>(self.k_e.val().get_bits::<CB>(10)) << 90)
            | (bit_cast::<200, 32>(self.k_e.val().get_bits::<32>(296)) << 100)
            | (bit_cast::<200, 32>(self.k_e.val().get_bits::<32>(328)) << 132)
            | (bit_cast::<200, 2>(self.k_kind.val()) << 164)
            | (bit_cast::<200, 32>(self.k_e.val().get_bits::<32>(360)) << 166)
            | (bit_cast::<200, 1>(self.k_e.val().get_bits::<1>(392)) << 198);
        // (the byte count is added one clock later, from a register)
        self.rxb_inc.d.next = 0.into();
        self.inc_pkts.next = self.k_ours.val() & self.k_place.val();
        if self.k_ours.val() & self.k_place.val() {
            self.rxb_inc.d.next = self.k_e.val().get_bits::<16>(130);
        }
        self.placed_bytes.next = self.rxb_inc.q.val();
        self.nack_valid.next = self.k_ours.val() & self.k_e.val().get_bit(401);
        self.nack_conn.next = bit_cast::<10, CB>(self.k_e.val().get_bits::<CB>(10));
        self.nack_path_id.next = self.k_e.val().get_bits::<8>(147);
        self.nack_sport.next = self.k_e.val().get_bits::<16>(267);
        self.nack_reason.next = self.k_e.val().get_bits::<8>(403);
        self.nack_psn.next = self.k_e.val().get_bits::<32>(155);
        self.nack_csn.next = self.k_e.val().get_bits::<32>(187);
        // detail (SPEC): the stream for INVALID_STREAM, the MSN for a
        // SEND, else the rkey
        if self.k_e.val().get_bits::<8>(403) == self.k_nr_stream.val() {
            self.k_detail.next = bit_cast::<32, 8>(self.k_e.val().get_bits::<8>(288));
        } else if self.k_e.val().get_bits::<3>(2) > bits::<3>(2) {
            self.k_detail.next = self.k_e.val().get_bits::<32>(296);
        } else {
            self.k_detail.next = self.k_e.val().get_bits::<32>(34);
        }
        self.nack_detail.next = self.k_detail.val();
        // P: psn 0, floor_delta 32, ce 48, ACK_REQ 49, timestamp 50, conn
        // 82, path 106, sport 114, csn_base 130
        self.sack_req_q_push.next = self.k_ours.val() & self.k_path.val();
        self.sack_req_q_din.next = bit_cast::<162, 32>(self.k_e.val().get_bits::<32>(155))
            | (bit_cast::<162, 16>(self.k_e.val().get_bits::<16>(251)) << 32)
            | (bit_cast::<162, 2>(self.k_e.val().get_bits::<2>(283)) << 48)
            | (bit_cast::<162, 32>(self.k_e.val().get_bits::<32>(219)) << 50)
            | (bit_cast::<162, 24>(self.k_e.val().get_bits::<24>(10)) << 82)
            | (bit_cast::<162, 8>(self.k_e.val().get_bits::<8>(147)) << 106)
            | (bit_cast::<162, 16>(self.k_e.val().get_bits::<16>(267)) << 114)
            | (bit_cast::<162, 32>(self.dd_res_base.val()) << 130);

        // the payload mover: the head decision's payload run (up to its last
        // beat) is written by DMA (dw_arb b) or discarded
        // (through a 4-entry write FIFO: data 0, last 512, address 513,
        // length 577)
        // (it moves nothing while `placed_q`, the placed packets waiting for
        // msg_tracker, holds 24 or more of its 32: so the pushes below,
        // one per decision, never overflow it)
        self.mi_ok.d.next = self.mi_fill.val() < bits::<16>(24);
        self.mv_take.next = self.fdc.valid.val()
            & self.fdc.dout.val().get_bit(1)
            & self.fpl.valid.val()
            & self.mi_ok.q.val()
            & (!self.fdc.dout.val().get_bit(0) | !self.fdw.full.val());
        self.fpl.pop.next = self.mv_take.val();
        self.fdc.pop.next =
            (self.fdc.valid.val() & !self.fdc.dout.val().get_bit(1) & self.mi_ok.q.val())
                | (self.mv_take.val() & self.fpl.dout.val().get_bit(576));
        // descriptors between the receive lookup and this pop
        if self.r_pop.val() & !self.fdc.pop.val() {
            self.rx_fl.d.next = self.rx_fl.q.val() + 1;
        } else if !self.r_pop.val() & self.fdc.pop.val() {
            self.rx_fl.d.next = self.rx_fl.q.val() - 1;
        }
        self.fdw.push.next = self.mv_take.val() & self.fdc.dout.val().get_bit(0);
        if self.fpl.dout.val().get_bit(576) {
            self.mv_last.next = bits::<1>(1);
        } else {
            self.mv_last.next = bits::<1>(0);
        }
        self.fdw.din.next = bit_cast::<600, 512>(self.fpl.dout.val().get_bits::<512>(0))
            | (bit_cast::<600, 1>(self.mv_last.val()) << 512)
            | (bit_cast::<600, 64>(self.fdc.dout.val().get_bits::<64>(2)) << 513)
            | (bit_cast::<600, 16>(self.fdc.dout.val().get_bits::<16>(66)) << 577);
        self.wr_valid.next = self.fdw.valid.val();
        self.fdw.pop.next = self.wr_ready.val();
        self.wr_data.next = self.fdw.dout.val().get_bits::<512>(0);
        self.wr_last.next = self.fdw.dout.val().get_bit(512);
        self.wr_addr.next = self.fdw.dout.val().get_bits::<64>(513);
        self.wr_len.next = self.fdw.dout.val().get_bits::<16>(577);

        self.mi_push.next = self.fdc.pop.val() & self.fdc.dout.val().get_bit(0);
        self.mi_din.next = bit_cast::<128, 1>(self.fdc.dout.val().get_bits::<1>(1))
            | (bit_cast::<128, 111>(self.fdc.dout.val().get_bits::<111>(88)) << 1)
            | (bit_cast::<128, 16>(self.fdc.dout.val().get_bits::<16>(66)) << 112);
        self.wr_done.next =
            self.fdw.valid.val() & self.wr_ready.val() & self.fdw.dout.val().get_bit(512);
        self.ovf.next = self.fpl.ovf.val()
            | self.frd.ovf.val()
            | self.fmt.ovf.val()
            | self.fmr.ovf.val()
            | self.fx.ovf.val()
            | self.fpk.ovf.val()
            | self.fdc.ovf.val()
            | self.fdw.ovf.val();
    }
}
