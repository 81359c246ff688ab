//! `rx_ack`: the receiver's side of ACKs, a sub-block of `braid_engine`
//! (glue only: `rx_path_table`, `ack_gen`, the ACK timer wheel and
//! `rx_rate_hint` stay direct instances of the top, wired to the ports
//! below).
//!
//! # Behaviour
//!
//! * `rx_path_table`'s port, in order: the command processor, then
//!   `ack_gen`'s `ack_sent` (an ACK left: the path's count clears), then
//!   the coalescing timer's reads, then packets (`sack_req_q`, from `rx_place`:
//!   floor rule, bitmap, slide, ECN count, timestamp, ACK coalescing).
//! * Each result, joined with its packet's connection, path, UDP source
//!   port and CSN base (or a timer read's saved ACK context), is an ACK
//!   request to `ack_gen`.
//! * The coalescing timer: a packet result that leaves its path's first
//!   unacknowledged packet without an ACK due arms the ACK wheel at
//!   `now + 2^(ack_shift + 6)`; the timer's read asks `ack_gen` for the
//!   path's ACK when a packet is unacknowledged, an ACK is due, or the
//!   path's last packet is not the one its last ACK echoed, and arms the
//!   wheel again.
//! * Every data packet that reaches the path table feeds the receiver's
//!   rate hint (`rx_rate_hint`), which every ACK carries.
//!
//! Record layouts are in the comments below.

use crate::fifo::Fifo;
use crate::prefix_add::PrefixAdd;
use rust_hdl::prelude::*;

hdl_block! {
    /// The the receiver's per-path SACK state and ACK requests of `braid_engine`.
    pub struct RxAck<const CB: usize, const PB: usize, const PI: usize> {
        /// Engine clock.
        pub clock: Signal<In, Clock>,
        /// From `ag.as_valid`.
        pub ag_as_valid: Signal<In, Bit>,
        /// From `ag.as_idx`.
        pub ag_as_idx: Signal<In, Bits<14>>,
        /// From `cp.rp_valid`.
        pub cp_rp_valid: Signal<In, Bit>,
        /// From `ack_timer_q.dout`.
        pub ack_timer_q_dout: Signal<In, Bits<16>>,
        /// From `ack_timer_q.valid`.
        pub ack_timer_q_valid: Signal<In, Bit>,
        /// From `ack_arm_q.fill`.
        pub ack_arm_q_fill: Signal<In, Bits<16>>,
        /// From `ag.d_ack_ts_echo`.
        pub ag_d_ack_ts_echo: Signal<In, Bits<32>>,
        /// From `sack_req_q.valid`.
        pub sack_req_q_valid: Signal<In, Bit>,
        /// From `sack_req_q.dout`.
        pub sack_req_q_dout: Signal<In, Bits<162>>,
        /// From `cp.rp_op`.
        pub cp_rp_op: Signal<In, Bits<2>>,
        /// From `cp.rp_idx`.
        pub cp_rp_idx: Signal<In, Bits<PI>>,
        /// From `cp.rp_psn`.
        pub cp_rp_psn: Signal<In, Bits<32>>,
        /// From `rpt.res_valid`.
        pub rpt_res_valid: Signal<In, Bit>,
        /// From `rpt.res_op`.
        pub rpt_res_op: Signal<In, Bits<2>>,
        /// From `rb.cfg_regs`.
        pub rb_cfg_regs: Signal<In, Bits<480>>,
        /// From `now.q`.
        pub now_q: Signal<In, Bits<32>>,
        /// From `rpt.res_unacked`.
        pub rpt_res_unacked: Signal<In, Bits<8>>,
        /// From `rpt.res_ts_echo`.
        pub rpt_res_ts_echo: Signal<In, Bits<32>>,
        /// From `rpt.res_ack_now`.
        pub rpt_res_ack_now: Signal<In, Bit>,
        /// From `rpt.res_idx`.
        pub rpt_res_idx: Signal<In, Bits<PI>>,
        /// From `rpt.res_base`.
        pub rpt_res_base: Signal<In, Bits<32>>,
        /// From `rpt.res_sack`.
        pub rpt_res_sack: Signal<In, Bits<256>>,
        /// From `rpt.res_ecn_count`.
        pub rpt_res_ecn_count: Signal<In, Bits<16>>,
        /// From `cp.dd_conn`.
        pub cp_dd_conn: Signal<In, Bits<CB>>,
        /// From `rh.hint`.
        pub rh_hint: Signal<In, Bits<16>>,
        /// From `k_pb`.
        pub k_pb: Signal<In, Bits<8>>,
        /// From `dd_cmd`.
        pub dd_cmd: Signal<In, Bit>,
        /// To `ack_timer_q.pop`.
        pub ack_timer_q_pop: Signal<Out, Bit>,
        /// To `sack_req_q.pop`.
        pub sack_req_q_pop: Signal<Out, Bit>,
        /// To `rpt.op_valid`.
        pub rpt_op_valid: Signal<Out, Bit>,
        /// To `rpt.floor_delta`.
        pub rpt_floor_delta: Signal<Out, Bits<16>>,
        /// To `rpt.ce`.
        pub rpt_ce: Signal<Out, Bit>,
        /// To `rpt.ts`.
        pub rpt_ts: Signal<Out, Bits<32>>,
        /// To `rpt.ack_req`.
        pub rpt_ack_req: Signal<Out, Bit>,
        /// To `rpt.op`.
        pub rpt_op: Signal<Out, Bits<2>>,
        /// To `rpt.idx`.
        pub rpt_idx: Signal<Out, Bits<PI>>,
        /// To `rpt.psn`.
        pub rpt_psn: Signal<Out, Bits<32>>,
        /// To `ack_arm_q.push`.
        pub ack_arm_q_push: Signal<Out, Bit>,
        /// To `ack_arm_q.din`.
        pub ack_arm_q_din: Signal<Out, Bits<48>>,
        /// To `ag.res_valid`.
        pub ag_res_valid: Signal<Out, Bit>,
        /// To `ag.res_op`.
        pub ag_res_op: Signal<Out, Bits<2>>,
        /// To `ag.res_idx`.
        pub ag_res_idx: Signal<Out, Bits<14>>,
        /// To `ag.res_base`.
        pub ag_res_base: Signal<Out, Bits<32>>,
        /// To `ag.res_sack`.
        pub ag_res_sack: Signal<Out, Bits<256>>,
        /// To `ag.res_ecn_count`.
        pub ag_res_ecn_count: Signal<Out, Bits<16>>,
        /// To `ag.res_ts_echo`.
        pub ag_res_ts_echo: Signal<Out, Bits<32>>,
        /// To `ag.res_unacked`.
        pub ag_res_unacked: Signal<Out, Bits<8>>,
        /// To `ag.res_ack_now`.
        pub ag_res_ack_now: Signal<Out, Bit>,
        /// To `ag.res_conn`.
        pub ag_res_conn: Signal<Out, Bits<10>>,
        /// To `ag.res_path_id`.
        pub ag_res_path_id: Signal<Out, Bits<8>>,
        /// To `ag.res_sport`.
        pub ag_res_sport: Signal<Out, Bits<16>>,
        /// To `ag.res_csn_base`.
        pub ag_res_csn_base: Signal<Out, Bits<32>>,
        /// To `rh.pk_valid`.
        pub rh_pk_valid: Signal<Out, Bit>,
        /// To `rh.pk_conn`.
        pub rh_pk_conn: Signal<Out, Bits<CB>>,
        /// To `rh.pk_ts`.
        pub rh_pk_ts: Signal<Out, Bits<32>>,
        /// To `rh.st_valid`.
        pub rh_st_valid: Signal<Out, Bit>,
        /// To `rh.st_conn`.
        pub rh_st_conn: Signal<Out, Bits<CB>>,
        /// To `rh.now`.
        pub rh_now: Signal<Out, Bits<32>>,
        /// To `rh.cfg_interval`.
        pub rh_cfg_interval: Signal<Out, Bits<16>>,
        /// To `rh.cfg_queue`.
        pub rh_cfg_queue: Signal<Out, Bits<16>>,
        /// To `rh.cfg_port_hint`.
        pub rh_cfg_port_hint: Signal<Out, Bits<16>>,
        /// To `ag.rate_hint`.
        pub ag_rate_hint: Signal<Out, Bits<16>>,
        /// A push to one of its FIFOs was dropped at the last edge.
        pub ovf: Signal<Out, Bit>,
        actx: RAM<Bits<48>, PI>,
        ats: RAM<Bits<32>, PI>,
        a_tse: DFF<Bits<32>>,
        a_req: Signal<Local, Bit>,
        a_force: Signal<Local, Bit>,
        add_ack: PrefixAdd<32>,
        a_dly: DFF<Bits<32>>,
        a_dl: DFF<Bits<32>>,
        t_st: DFF<Bit>,
        ack_arm_q_lo16: DFF<Bit>,
        ack_arm_q_lo24: DFF<Bit>,
        t_go: Signal<Local, Bit>,
        at_idx: Signal<Local, Bits<PI>>,
        p_idx: Signal<Local, Bits<PI>>,
        a_arm: Signal<Local, Bit>,
        /// The path bits of a path index (`2^PB - 1`).
        k_pm: Constant<Bits<4>> = Constant::new(bits::<4>((1 << PB) - 1)),
        p_e: Signal<Local, Bits<162>>,
        p_go: Signal<Local, Bit>,
        as_go: Signal<Local, Bit>,
        p_ours: Signal<Local, Bit>,
        g_e: Signal<Local, Bits<112>>,
        ack_ctx_q: Fifo<112, 5>,
        ack_sent_q: Fifo<16, 4>,
    }
}

impl<const CB: usize, const PB: usize, const PI: usize> Logic for RxAck<CB, PB, PI> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            clock,
            a_tse,
            a_dly,
            a_dl,
            t_st,
            ack_arm_q_lo16,
            ack_arm_q_lo24
        );
        self.ack_sent_q.clock.next = self.clock.val();
        self.ack_ctx_q.clock.next = self.clock.val();
        self.actx.read_clock.next = self.clock.val();
        self.actx.write_clock.next = self.clock.val();
        self.ats.read_clock.next = self.clock.val();
        self.ats.write_clock.next = self.clock.val();
        // the path table's port: commands, then ack_sent (ack_gen handed a
        // path's ACK to tx_builder), then packets (OP_PKT)
        self.ack_sent_q.push.next = self.ag_as_valid.val();
        self.ack_sent_q.din.next = bit_cast::<16, 14>(self.ag_as_idx.val());
        self.as_go.next = self.ack_sent_q.valid.val() & !self.cp_rp_valid.val();
        self.ack_sent_q.pop.next = self.as_go.val();
        // then the coalescing timer's reads (`ack_timer_q`: OP_READ of a path whose
        // ACK wheel fired; its ACK context comes from `actx`, read at the
        // FIFO's head, so the head must have stood for a clock, `t_st`),
        // then packets (OP_PKT); a packet also needs room in `ack_arm_q` for the
        // ARM its result may push (16 of 32: the results in flight), a
        // timer read 24 of 32 (its re-ARM), so `ack_arm_q` never overflows
        self.at_idx.next = self.ack_timer_q_dout.val().get_bits::<PI>(0);
        self.t_go.next = self.ack_timer_q_valid.val()
            & self.t_st.q.val()
            & self.ack_arm_q_lo24.q.val()
            & !self.cp_rp_valid.val()
            & !self.ack_sent_q.valid.val();
        self.ack_timer_q_pop.next = self.t_go.val();
        self.t_st.d.next = self.ack_timer_q_valid.val() & !self.t_go.val();
        self.ack_arm_q_lo16.d.next = self.ack_arm_q_fill.val() < bits::<16>(16);
        self.ack_arm_q_lo24.d.next = self.ack_arm_q_fill.val() < bits::<16>(24);
        self.actx.read_address.next = self.at_idx.val();
        self.ats.read_address.next = self.at_idx.val();
        // the timestamp echo of every ACK tx_builder takes (`as_valid`, one
        // clock after the take, names its path)
        self.a_tse.d.next = self.ag_d_ack_ts_echo.val();
        self.ats.write_enable.next = self.ag_as_valid.val();
        self.ats.write_address.next = self.ag_as_idx.val().get_bits::<PI>(0);
        self.ats.write_data.next = self.a_tse.q.val();
        self.p_go.next = self.sack_req_q_valid.val()
            & self.ack_arm_q_lo16.q.val()
            & !self.cp_rp_valid.val()
            & !self.ack_sent_q.valid.val()
            & !self.t_go.val();
        self.sack_req_q_pop.next = self.p_go.val();
        self.p_e.next = self.sack_req_q_dout.val();
        self.rpt_op_valid.next =
            self.cp_rp_valid.val() | self.as_go.val() | self.t_go.val() | self.p_go.val();
        self.rpt_floor_delta.next = self.p_e.val().get_bits::<16>(32);
        self.rpt_ce.next = self.p_e.val().get_bit(48);
        self.rpt_ts.next = self.p_e.val().get_bits::<32>(50);
        self.rpt_ack_req.next = self.p_e.val().get_bit(49);
        // (a packet's path index, also the address of its ACK context; a
        // command's INIT of a path clears the path's context, so that a
        // timer read of a path restarted since gives CSN base 0)
        self.p_idx.next = (bit_cast::<PI, CB>(self.p_e.val().get_bits::<CB>(82))
            << self.k_pb.val())
            | bit_cast::<PI, 4>(self.p_e.val().get_bits::<4>(106));
        self.actx.write_enable.next =
            self.p_go.val() | (self.cp_rp_valid.val() & (self.cp_rp_op.val() == bits::<2>(1)));
        if self.cp_rp_valid.val() {
            self.actx.write_address.next = self.cp_rp_idx.val();
            self.actx.write_data.next = 0.into();
        } else {
            self.actx.write_address.next = self.p_idx.val();
            self.actx.write_data.next = bit_cast::<48, 16>(self.p_e.val().get_bits::<16>(114))
                | (bit_cast::<48, 32>(self.p_e.val().get_bits::<32>(130)) << 16);
        }
        if self.cp_rp_valid.val() {
            self.rpt_op.next = self.cp_rp_op.val();
            self.rpt_idx.next = self.cp_rp_idx.val();
            self.rpt_psn.next = self.cp_rp_psn.val();
        } else if self.ack_sent_q.valid.val() {
            self.rpt_op.next = bits::<2>(2);
            self.rpt_idx.next = self.ack_sent_q.dout.val().get_bits::<PI>(0);
            self.rpt_psn.next = 0.into();
        } else if self.t_go.val() {
            self.rpt_op.next = bits::<2>(3);
            self.rpt_idx.next = self.at_idx.val();
            self.rpt_psn.next = 0.into();
        } else {
            self.rpt_op.next = bits::<2>(0);
            self.rpt_idx.next = self.p_idx.val();
            self.rpt_psn.next = self.p_e.val().get_bits::<32>(0);
        }
        // G: the ACK context of a packet or a timer read in the path table
        // (conn 0, path 24, sport 32, csn_base 48; a timer read: the path's
        // last ACK's timestamp echo 80), joined with its result (5 edges)
        self.ack_ctx_q.push.next = self.p_go.val() | self.t_go.val();
        if self.t_go.val() {
            self.ack_ctx_q.din.next = bit_cast::<112, PI>(self.at_idx.val() >> self.k_pb.val())
                | (bit_cast::<112, 4>(self.at_idx.val().get_bits::<4>(0) & self.k_pm.val()) << 24)
                | (bit_cast::<112, 48>(self.actx.read_data.val()) << 32)
                | (bit_cast::<112, 32>(self.ats.read_data.val()) << 80);
        } else {
            self.ack_ctx_q.din.next = bit_cast::<112, 24>(self.p_e.val().get_bits::<24>(82))
                | (bit_cast::<112, 8>(self.p_e.val().get_bits::<8>(106)) << 24)
                | (bit_cast::<112, 16>(self.p_e.val().get_bits::<16>(114)) << 32)
                | (bit_cast::<112, 32>(self.p_e.val().get_bits::<32>(130)) << 48);
        }
        // (the command processor issues only OP_INIT: every OP_PKT and
        // OP_READ result is a packet's or a timer read's)
        self.p_ours.next = self.rpt_res_valid.val()
            & ((self.rpt_res_op.val() == bits::<2>(0)) | (self.rpt_res_op.val() == bits::<2>(3)));
        // the coalescing timer: a packet result that leaves its path's
        // first unacknowledged packet without an ACK due ARMs the ACK wheel
        // at `now + 2^(ack_shift + 6)` (64 of the wheel's buckets); the
        // read it brings asks ack_gen for the path's ACK when a packet is
        // unacknowledged, an ACK is due, or (`a_force`) the path's last
        // packet is not the one its last ACK echoed: packets counted between
        // an ACK's snapshot in ack_gen and its ack_sent have their count
        // cleared, and only the timestamp shows them. A read that asks ARMs
        // the wheel again (an ACK request ack_gen dropped is asked for once
        // more); the read after the ACK left finds nothing and stops
        self.a_dly.d.next = bits::<32>(64) << self.rb_cfg_regs.val().get_bits::<5>(400);
        self.add_ack.a.next = self.now_q.val();
        self.add_ack.b.next = self.a_dly.q.val();
        self.add_ack.cin.next = false;
        self.a_dl.d.next = self.add_ack.sum.val();
        self.a_force.next = (self.rpt_res_unacked.val() == bits::<8>(0))
            & (self.rpt_res_ts_echo.val() != self.ack_ctx_q.dout.val().get_bits::<32>(80));
        self.a_req.next = (self.rpt_res_op.val() == bits::<2>(3))
            & (self.rpt_res_ack_now.val()
                | (self.rpt_res_unacked.val() != bits::<8>(0))
                | self.a_force.val());
        self.a_arm.next = self.rpt_res_valid.val()
            & (((self.rpt_res_op.val() == bits::<2>(0))
                & !self.rpt_res_ack_now.val()
                & (self.rpt_res_unacked.val() == bits::<8>(1)))
                | self.a_req.val());
        self.ack_arm_q_push.next = self.a_arm.val();
        self.ack_arm_q_din.next = bit_cast::<48, 32>(self.a_dl.q.val())
            | (bit_cast::<48, PI>(self.rpt_res_idx.val()) << 32);
        self.ack_ctx_q.pop.next = self.p_ours.val();
        self.g_e.next = self.ack_ctx_q.dout.val();
        self.ag_res_valid.next = self.p_ours.val();
        self.ag_res_op.next = self.rpt_res_op.val();
        self.ag_res_idx.next = bit_cast::<14, PI>(self.rpt_res_idx.val());
        self.ag_res_base.next = self.rpt_res_base.val();
        self.ag_res_sack.next = self.rpt_res_sack.val();
        self.ag_res_ecn_count.next = self.rpt_res_ecn_count.val();
        self.ag_res_ts_echo.next = self.rpt_res_ts_echo.val();
        // (a forced timer read asks as if one packet were unacknowledged)
        if (self.rpt_res_op.val() == bits::<2>(3)) & self.a_force.val() {
            self.ag_res_unacked.next = bits::<8>(1);
        } else {
            self.ag_res_unacked.next = self.rpt_res_unacked.val();
        }
        self.ag_res_ack_now.next = self.rpt_res_ack_now.val();
        self.ag_res_conn.next = bit_cast::<10, CB>(self.g_e.val().get_bits::<CB>(0));
        self.ag_res_path_id.next = self.g_e.val().get_bits::<8>(24);
        self.ag_res_sport.next = self.g_e.val().get_bits::<16>(32);
        self.ag_res_csn_base.next = self.g_e.val().get_bits::<32>(48);
        // the receiver's rate hint (rx_rate_hint): every data packet that
        // reaches the path table (its connection and timestamp), the
        // connection set-ups (dedup INIT above); every ACK carries the hint
        self.rh_pk_valid.next = self.p_go.val();
        self.rh_pk_conn.next = self.p_e.val().get_bits::<CB>(82);
        self.rh_pk_ts.next = self.p_e.val().get_bits::<32>(50);
        self.rh_st_valid.next = self.dd_cmd.val();
        self.rh_st_conn.next = self.cp_dd_conn.val();
        self.rh_now.next = self.now_q.val();
        self.rh_cfg_interval.next = self.rb_cfg_regs.val().get_bits::<16>(416);
        self.rh_cfg_queue.next = self.rb_cfg_regs.val().get_bits::<16>(432);
        self.rh_cfg_port_hint.next = self.rb_cfg_regs.val().get_bits::<16>(368);
        self.ag_rate_hint.next = self.rh_hint.val();
        self.ovf.next = self.ack_ctx_q.ovf.val() | self.ack_sent_q.ovf.val();
    }
}
