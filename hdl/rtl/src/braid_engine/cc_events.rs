//! `cc_events`: the merge of `path_cc`'s events, a sub-block of
//! `braid_engine` (glue only: `path_cc`, `cmd_proc` and the FIFOs shared
//! with other sub-blocks stay in the top, wired to the ports below; the
//! event classes' FIFO `cc_class_q` is its own).
//!
//! # Behaviour
//!
//! * One event per clock into `path_cc`, in this order: a command's
//!   (`cmd_proc`), then a received ACK's (`cc_ack_q`), then a timeout of the RTO
//!   wheel (`rto_fired_q`), then an accepted SEND's (`cc_send_q`). Each event's class
//!   enters `cc_class_q`, so the results are routed in event order.
//! * No loss event: a proven loss does not cut the window (the windows
//!   react to ECN marks only; see DECISIONS.md).
//! * The results come back in event order (their classes in `cc_class_q`): an
//!   ACK's ARMs the RTO wheel at the path's deadline while the timer runs
//!   and DISARMs it when the ACK left the path idle; a SEND's ARMs it
//!   (`rto_op_q`); an accepted timeout (`r_to`) declares the path's
//!   outstanding PSNs lost (`path_timeout_q`); an ignored timeout does nothing.
//! * Every source holds while `path_window_table`'s CC port has no room;
//!   the data-path events also wait for room for their results' wheel
//!   operations and `tx_path_table` timeouts (`ok_cc`, one clock old).
//!
//! Record layouts are in the comments below.

use crate::fifo::Fifo;
use rust_hdl::prelude::*;

hdl_block! {
    /// The congestion-control event merge of `braid_engine`.
    pub struct CcEvents<const PI: usize> {
        /// Engine clock.
        pub clock: Signal<In, Clock>,
        /// From `cp.cc_valid`.
        pub cp_cc_valid: Signal<In, Bit>,
        /// From `cp.cc_kind`.
        pub cp_cc_kind: Signal<In, Bits<3>>,
        /// From `cp.cc_idx`.
        pub cp_cc_idx: Signal<In, Bits<PI>>,
        /// From `pwt.cc_ready`.
        pub pwt_cc_ready: Signal<In, Bit>,
        /// From `cc_ack_q.valid`.
        pub cc_ack_q_valid: Signal<In, Bit>,
        /// From `cc_ack_q.dout`.
        pub cc_ack_q_dout: Signal<In, Bits<60>>,
        /// From `rto_op_q.fill`.
        pub rto_op_q_fill: Signal<In, Bits<16>>,
        /// From `path_timeout_q.fill`.
        pub path_timeout_q_fill: Signal<In, Bits<16>>,
        /// From `rehash_q.fill`.
        pub rehash_q_fill: Signal<In, Bits<16>>,
        /// From `rto_fired_q.valid`.
        pub rto_fired_q_valid: Signal<In, Bit>,
        /// From `rto_fired_q.dout`.
        pub rto_fired_q_dout: Signal<In, Bits<16>>,
        /// From `cc_send_q.dout`.
        pub cc_send_q_dout: Signal<In, Bits<16>>,
        /// From `cc_send_q.valid`.
        pub cc_send_q_valid: Signal<In, Bit>,
        /// To `cp.cc_ready`.
        pub cp_cc_ready: Signal<Out, Bit>,
        /// To `cc_ack_q.pop`.
        pub cc_ack_q_pop: Signal<Out, Bit>,
        /// To `rto_fired_q.pop`.
        pub rto_fired_q_pop: Signal<Out, Bit>,
        /// To `cc_send_q.pop`.
        pub cc_send_q_pop: Signal<Out, Bit>,
        /// To `pcc.ev_valid`.
        pub pcc_ev_valid: Signal<Out, Bit>,
        /// To `pcc.idle`.
        pub pcc_idle: Signal<Out, Bit>,
        /// To `pcc.idx`.
        pub pcc_idx: Signal<Out, Bits<PI>>,
        /// To `pcc.n`.
        pub pcc_n: Signal<Out, Bits<9>>,
        /// To `pcc.ev_kind`.
        pub pcc_ev_kind: Signal<Out, Bits<3>>,
        /// To `pcc.rtt_valid`.
        pub pcc_rtt_valid: Signal<Out, Bit>,
        /// To `pcc.rtt`.
        pub pcc_rtt: Signal<Out, Bits<24>>,
        /// To `pcc.m`.
        pub pcc_m: Signal<Out, Bits<9>>,
        c_e: Signal<Local, Bits<60>>,
        ok_cc: DFF<Bit>,
        c_cmd: Signal<Local, Bit>,
        c_go: Signal<Local, Bit>,
        c_to: Signal<Local, Bit>,
        c_sx: Signal<Local, Bit>,
        c_cls: Signal<Local, Bits<2>>,
        /// From `pcc.res_valid`.
        pub pcc_res_valid: Signal<In, Bit>,
        /// From `pcc.res_idx`.
        pub pcc_res_idx: Signal<In, Bits<PI>>,
        /// From `pcc.armed`.
        pub pcc_armed: Signal<In, Bit>,
        /// From `pcc.fired`.
        pub pcc_fired: Signal<In, Bit>,
        /// From `pcc.rto_deadline`.
        pub pcc_rto_deadline: Signal<In, Bits<32>>,
        /// To `rto_op_q.push`.
        pub rto_op_q_push: Signal<Out, Bit>,
        /// To `rto_op_q.din`.
        pub rto_op_q_din: Signal<Out, Bits<48>>,
        /// To `path_timeout_q.push`.
        pub path_timeout_q_push: Signal<Out, Bit>,
        /// To `path_timeout_q.din`.
        pub path_timeout_q_din: Signal<Out, Bits<16>>,
        /// A timeout accepted by `path_cc` this clock (its path was armed).
        pub r_to: Signal<Out, Bit>,
        /// A push to one of its FIFOs was dropped at the last edge.
        pub ovf: Signal<Out, Bit>,
        r_cls: Signal<Local, Bits<2>>,
        r_arm: Signal<Local, Bit>,
        r_dis: Signal<Local, Bit>,
        r_kind: Signal<Local, Bits<2>>,
        cc_class_q: Fifo<2, 4>,
    }
}

impl<const PI: usize> Logic for CcEvents<PI> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, ok_cc);
        self.cc_class_q.clock.next = self.clock.val();
        // (the order and the holds: see the module documentation; E:
        // idx 0, n 16, m 25, rtt_valid 34, rtt 35, idle 59)
        self.cp_cc_ready.next = self.pwt_cc_ready.val();
        self.c_e.next = self.cc_ack_q_dout.val();
        // (timeouts are event kind 4, SENDs kind 5)
        self.ok_cc.d.next = (self.rto_op_q_fill.val() < bits::<16>(16))
            & (self.path_timeout_q_fill.val() < bits::<16>(4))
            & (self.rehash_q_fill.val() < bits::<16>(4))
            & (self.cc_class_q.fill.val() < bits::<16>(12));
        self.c_cmd.next = self.cp_cc_valid.val() & self.pwt_cc_ready.val();
        self.c_go.next = self.cc_ack_q_valid.val()
            & !self.cp_cc_valid.val()
            & self.pwt_cc_ready.val()
            & self.ok_cc.q.val();
        self.c_to.next = self.rto_fired_q_valid.val()
            & !self.cc_ack_q_valid.val()
            & !self.cp_cc_valid.val()
            & self.pwt_cc_ready.val()
            & self.ok_cc.q.val();
        self.c_sx.next = self.cc_send_q_valid.val()
            & !self.rto_fired_q_valid.val()
            & !self.cc_ack_q_valid.val()
            & !self.cp_cc_valid.val()
            & self.pwt_cc_ready.val()
            & self.ok_cc.q.val();
        self.cc_ack_q_pop.next = self.c_go.val();
        self.rto_fired_q_pop.next = self.c_to.val();
        self.cc_send_q_pop.next = self.c_sx.val();
        self.pcc_ev_valid.next =
            self.c_cmd.val() | self.c_go.val() | self.c_to.val() | self.c_sx.val();
        if self.c_to.val() {
            self.c_cls.next = bits::<2>(2);
        } else if self.c_sx.val() {
            self.c_cls.next = bits::<2>(3);
        } else if self.c_go.val() {
            self.c_cls.next = bits::<2>(1);
        } else {
            self.c_cls.next = bits::<2>(0);
        }
        self.cc_class_q.push.next =
            self.c_cmd.val() | self.c_go.val() | self.c_to.val() | self.c_sx.val();
        self.cc_class_q.din.next = self.c_cls.val();
        if self.cp_cc_valid.val() {
            self.pcc_ev_kind.next = self.cp_cc_kind.val();
            self.pcc_idx.next = self.cp_cc_idx.val();
            self.pcc_n.next = 0.into();
            self.pcc_m.next = 0.into();
            self.pcc_rtt_valid.next = false;
            self.pcc_rtt.next = 0.into();
            self.pcc_idle.next = false;
        } else if self.c_to.val() | self.c_sx.val() {
            if self.c_to.val() {
                self.pcc_ev_kind.next = bits::<3>(4);
                self.pcc_idx.next = self.rto_fired_q_dout.val().get_bits::<PI>(0);
            } else {
                self.pcc_ev_kind.next = bits::<3>(5);
                self.pcc_idx.next = self.cc_send_q_dout.val().get_bits::<PI>(0);
            }
            self.pcc_n.next = 0.into();
            self.pcc_m.next = 0.into();
            self.pcc_rtt_valid.next = false;
            self.pcc_rtt.next = 0.into();
            self.pcc_idle.next = false;
        } else {
            self.pcc_ev_kind.next = bits::<3>(2);
            self.pcc_idx.next = self.c_e.val().get_bits::<PI>(0);
            self.pcc_n.next = self.c_e.val().get_bits::<9>(16);
            self.pcc_m.next = self.c_e.val().get_bits::<9>(25);
            self.pcc_rtt_valid.next = self.c_e.val().get_bit(34);
            self.pcc_rtt.next = self.c_e.val().get_bits::<24>(35);
            self.pcc_idle.next = self.c_e.val().get_bit(59);
        }
        // ---- results
        // path_cc results (in event order, their classes in `cc_class_q`): an ACK's
        // ARMs the RTO wheel at the path's deadline while the timer runs and
        // DISARMs it when the ACK left the path idle; a SEND's ARMs it; an
        // accepted timeout's (`fired`: the path was armed; its timer has
        // stopped, and the wheel dropped the entry that fired) declares the
        // path's outstanding PSNs lost (tx_path_table OP_TIMEOUT, `path_timeout_q`);
        // an ignored timeout (the path was idle) does nothing
        self.r_cls.next = self.cc_class_q.dout.val();
        self.cc_class_q.pop.next = self.pcc_res_valid.val();
        self.r_arm.next =
            self.pcc_res_valid.val() & self.pcc_armed.val() & (self.r_cls.val() != bits::<2>(0));
        self.r_dis.next =
            self.pcc_res_valid.val() & !self.pcc_armed.val() & (self.r_cls.val() == bits::<2>(1));
        self.r_to.next =
            self.pcc_res_valid.val() & self.pcc_fired.val() & (self.r_cls.val() == bits::<2>(2));
        if self.r_arm.val() {
            self.r_kind.next = bits::<2>(1);
        } else {
            self.r_kind.next = bits::<2>(2);
        }
        self.rto_op_q_push.next = self.r_arm.val() | self.r_dis.val();
        self.rto_op_q_din.next = bit_cast::<48, 2>(self.r_kind.val())
            | (bit_cast::<48, 32>(self.pcc_rto_deadline.val()) << 2)
            | (bit_cast::<48, PI>(self.pcc_res_idx.val()) << 34);
        self.path_timeout_q_push.next = self.r_to.val();
        self.path_timeout_q_din.next = bit_cast::<16, PI>(self.pcc_res_idx.val());
        self.ovf.next = self.cc_class_q.ovf.val();
    }
}
