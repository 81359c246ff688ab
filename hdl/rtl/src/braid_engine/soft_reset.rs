//! `soft_reset`: the soft-reset sweep and the command processor's command
//! port, a sub-block of `braid_engine` (glue only: `reg_block` and
//! `cmd_proc` stay direct instances of the top, wired to the ports below).
//!
//! # Behaviour
//!
//! * `CTRL.soft_reset` starts the sweep, `reset_busy` is 1 meanwhile: wait
//!   for a host command still running, then DESTROY_CONN for every
//!   connection, DESTROY_CQ for every CQ and DEREG_MR for every region
//!   slot, one command at a time through the command processor (a command
//!   refused because its object does not exist costs its 6 clocks). In its
//!   last clock (`sr_clr`) the counters clear.
//! * A host command written during the sweep is refused BUSY (error 3) one
//!   clock later and not run.
//! * The engine runs (`eng_en`) while `CTRL.enable` is 1 and no sweep runs.

use super::ARG_BITS;
use rust_hdl::prelude::*;

hdl_block! {
    /// The soft-reset sweep of `braid_engine`.
    pub struct SoftReset<const CB: usize, const QB: usize> {
        /// Engine clock.
        pub clock: Signal<In, Clock>,
        /// From `rb.soft_reset`.
        pub rb_soft_reset: Signal<In, Bit>,
        /// From `rb.ctrl_enable`.
        pub rb_ctrl_enable: Signal<In, Bit>,
        /// From `rb.cmd_valid`.
        pub rb_cmd_valid: Signal<In, Bit>,
        /// From `rb.cmd_opcode`.
        pub rb_cmd_opcode: Signal<In, Bits<8>>,
        /// From `rb.cmd_args`.
        pub rb_cmd_args: Signal<In, Bits<ARG_BITS>>,
        /// From `cp.cmd_done`.
        pub cp_cmd_done: Signal<In, Bit>,
        /// From `cp.cmd_error`.
        pub cp_cmd_error: Signal<In, Bits<8>>,
        /// To `rb.reset_busy`.
        pub rb_reset_busy: Signal<Out, Bit>,
        /// To `rb.cmd_done`.
        pub rb_cmd_done: Signal<Out, Bit>,
        /// To `rb.cmd_error`.
        pub rb_cmd_error: Signal<Out, Bits<8>>,
        /// To `cp.cmd_valid`.
        pub cp_cmd_valid: Signal<Out, Bit>,
        /// To `cp.cmd_opcode`.
        pub cp_cmd_opcode: Signal<Out, Bits<8>>,
        /// To `cp.cmd_args`.
        pub cp_cmd_args: Signal<Out, Bits<ARG_BITS>>,
        /// The engine runs: `CTRL.enable` and no sweep.
        pub eng_en: Signal<Out, Bit>,
        /// The sweep's last clock: every count starts again from 0.
        pub sr_clr: Signal<Out, Bit>,
        sr_on: DFF<Bit>,
        sr_ph: DFF<Bits<3>>,
        sr_idx: DFF<Bits<12>>,
        cp_busy: DFF<Bit>,
        hc_ref: DFF<Bit>,
        sr_issue: Signal<Local, Bit>,
        sr_last: Signal<Local, Bit>,
        cp_cv: Signal<Local, Bit>,
        k_sr_conn_last: Constant<Bits<12>> = Constant::new(bits::<12>((1u64 << CB) - 1)),
        k_sr_cq_last: Constant<Bits<12>> = Constant::new(bits::<12>((1u64 << QB) - 1)),
    }
}

impl<const CB: usize, const QB: usize> Logic for SoftReset<CB, QB> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, sr_on, sr_ph, sr_idx, cp_busy, hc_ref);
        self.rb_reset_busy.next = self.sr_on.q.val();
        self.eng_en.next = self.rb_ctrl_enable.val() & !self.sr_on.q.val();
        self.hc_ref.d.next = self.rb_cmd_valid.val() & self.sr_on.q.val();
        self.rb_cmd_done.next =
            (self.cp_cmd_done.val() & !self.sr_on.q.val()) | self.hc_ref.q.val();
        if self.hc_ref.q.val() {
            self.rb_cmd_error.next = bits::<8>(3);
        } else {
            self.rb_cmd_error.next = self.cp_cmd_error.val();
        }
        self.sr_issue.next = self.sr_on.q.val()
            & !self.cp_busy.q.val()
            & (self.sr_ph.q.val() >= bits::<3>(2))
            & (self.sr_ph.q.val() <= bits::<3>(4));
        self.sr_last.next = false;
        if self.sr_ph.q.val() == bits::<3>(2) {
            self.sr_last.next = self.sr_idx.q.val() == self.k_sr_conn_last.val();
        }
        if self.sr_ph.q.val() == bits::<3>(3) {
            self.sr_last.next = self.sr_idx.q.val() == self.k_sr_cq_last.val();
        }
        if self.sr_ph.q.val() == bits::<3>(4) {
            self.sr_last.next = self.sr_idx.q.val() == bits::<12>(4095);
        }
        self.sr_clr.next = self.sr_on.q.val() & (self.sr_ph.q.val() == bits::<3>(5));
        if self.rb_soft_reset.val() {
            self.sr_on.d.next = true;
            self.sr_ph.d.next = bits::<3>(1);
            self.sr_idx.d.next = bits::<12>(0);
        } else if self.sr_on.q.val() {
            if (self.sr_ph.q.val() == bits::<3>(1)) & !self.cp_busy.q.val() {
                self.sr_ph.d.next = bits::<3>(2);
            }
            if self.cp_cmd_done.val() & self.cp_busy.q.val() & (self.sr_ph.q.val() >= bits::<3>(2))
            {
                if self.sr_last.val() {
                    self.sr_ph.d.next = self.sr_ph.q.val() + 1;
                    self.sr_idx.d.next = bits::<12>(0);
                } else {
                    self.sr_idx.d.next = self.sr_idx.q.val() + 1;
                }
            }
            if self.sr_clr.val() {
                self.sr_on.d.next = false;
                self.sr_ph.d.next = bits::<3>(0);
            }
        }
        // ---- the command processor's command: the host's, or the sweep's
        self.cp_cv.next = (self.rb_cmd_valid.val() & !self.sr_on.q.val()) | self.sr_issue.val();
        self.cp_cmd_valid.next = self.cp_cv.val();
        if self.cp_cv.val() {
            self.cp_busy.d.next = true;
        } else if self.cp_cmd_done.val() {
            self.cp_busy.d.next = false;
        }
        if self.sr_on.q.val() {
            self.cp_cmd_opcode.next = bits::<8>(7);
            if self.sr_ph.q.val() == bits::<3>(3) {
                self.cp_cmd_opcode.next = bits::<8>(4);
            }
            if self.sr_ph.q.val() == bits::<3>(4) {
                self.cp_cmd_opcode.next = bits::<8>(2);
            }
            self.cp_cmd_args.next = bit_cast::<ARG_BITS, 12>(self.sr_idx.q.val());
        } else {
            self.cp_cmd_opcode.next = self.rb_cmd_opcode.val();
            self.cp_cmd_args.next = self.rb_cmd_args.val();
        }
    }
}
