//! `stats`: the per-path statistics and the counters' soft-reset baseline,
//! a sub-block of `braid_engine` (glue only: the events it counts are
//! snooped at `tx_path_table`'s and `path_cc`'s results in the top).
//!
//! # Behaviour
//!
//! * **Per-path statistics** (`PATH_SEL`, CONFIG word 14, and the
//!   `PATH_*` counter words): the events of the selected path are snooped
//!   where they pass (accepted SENDs, accepted ACKs with their acknowledged
//!   and ECN-marked counts, every loss at `tx_path_table`'s results,
//!   timeouts and the congestion state at `path_cc`'s) and counted one
//!   clock later. A change of `PATH_SEL`, or the end of a soft reset,
//!   clears everything in the clock after the write; the events snooped in
//!   that clock are the new path's. A selection outside the engine's
//!   connections or paths counts nothing.
//! * **Baseline**: the `COUNTERS` words of the blocks' own counters count
//!   from their values at the last soft reset. `counters` is `cnt_vec -
//!   cnt_base` per 32-bit word (a parallel-prefix borrow network cut at
//!   every word boundary), registered; `cnt_base` takes the blocks' words
//!   at the end of a soft reset and is zero outside them.

use super::layout::{block_counter_mask, word_bits};
use super::COUNTER_BITS;
use rust_hdl::prelude::*;

hdl_block! {
    /// The per-path statistics and the counter baseline of `braid_engine`.
    pub struct Stats<const CB: usize, const PB: usize, const PI: usize> {
        /// Engine clock.
        pub clock: Signal<In, Clock>,
        /// `PATH_SEL` (CONFIG word 14).
        pub ps_cfg: Signal<In, Bits<32>>,
        /// The last clock of a soft reset (`sr_clr`).
        pub sr_clr: Signal<In, Bit>,
        /// A SEND was accepted by `tx_path_table` this clock (`tacc`).
        pub tacc: Signal<In, Bit>,
        /// An ACK result of `tx_path_table` this clock (`a_res`).
        pub a_res: Signal<In, Bit>,
        /// The ACK's ECN-marked count (`a_m`).
        pub a_m: Signal<In, Bits<9>>,
        /// A timeout accepted by `path_cc` this clock (`r_to`).
        pub r_to: Signal<In, Bit>,
        /// From `tpt.res_valid`.
        pub tpt_res_valid: Signal<In, Bit>,
        /// From `tpt.res_op`.
        pub tpt_res_op: Signal<In, Bits<3>>,
        /// From `tpt.res_idx`.
        pub tpt_res_idx: Signal<In, Bits<PI>>,
        /// From `tpt.res_rejected`.
        pub tpt_res_rejected: Signal<In, Bit>,
        /// From `tpt.res_acked`.
        pub tpt_res_acked: Signal<In, Bits<9>>,
        /// From `tpt.res_lost`.
        pub tpt_res_lost: Signal<In, Bits<9>>,
        /// From `pcc.res_valid`.
        pub pcc_res_valid: Signal<In, Bit>,
        /// From `pcc.res_idx`.
        pub pcc_res_idx: Signal<In, Bits<PI>>,
        /// From `pcc.cwnd`.
        pub pcc_cwnd: Signal<In, Bits<24>>,
        /// From `pcc.srtt`.
        pub pcc_srtt: Signal<In, Bits<24>>,
        /// From `pcc.rttvar`.
        pub pcc_rttvar: Signal<In, Bits<24>>,
        /// From `pcc.rto`.
        pub pcc_rto: Signal<In, Bits<32>>,
        /// From `pcc.alpha`.
        pub pcc_alpha: Signal<In, Bits<16>>,
        /// From `pcc.timeouts`.
        pub pcc_timeouts: Signal<In, Bits<8>>,
        /// From `pcc.armed`.
        pub pcc_armed: Signal<In, Bit>,
        /// From `pcc.failed`.
        pub pcc_failed: Signal<In, Bit>,
        /// Every `COUNTERS` word as counted (`cnt_vec`).
        pub cnt_vec: Signal<In, Bits<COUNTER_BITS>>,
        /// `PATH_CWND`.
        pub ps_cwnd: Signal<Out, Bits<24>>,
        /// `PATH_SRTT`.
        pub ps_srtt: Signal<Out, Bits<24>>,
        /// `PATH_RTTVAR`.
        pub ps_rttvar: Signal<Out, Bits<24>>,
        /// `PATH_RTO`.
        pub ps_rto: Signal<Out, Bits<32>>,
        /// `PATH_STATE`.
        pub ps_state: Signal<Out, Bits<32>>,
        /// `PATH_SENT`.
        pub ps_sent: Signal<Out, Bits<32>>,
        /// `PATH_ACKED`.
        pub ps_acked: Signal<Out, Bits<32>>,
        /// `PATH_LOST`.
        pub ps_lost: Signal<Out, Bits<32>>,
        /// `PATH_ECN`.
        pub ps_ecn: Signal<Out, Bits<32>>,
        /// `PATH_TIMEOUTS`.
        pub ps_timeouts: Signal<Out, Bits<32>>,
        /// The `COUNTERS` words as the host reads them (to `rb.counters`).
        pub counters: Signal<Out, Bits<COUNTER_BITS>>,
        ps_prev: DFF<Bits<32>>,
        ps_clr: Signal<Local, Bit>,
        ps_in: Signal<Local, Bit>,
        ps_sel: Signal<Local, Bits<PI>>,
        k_ps_mask: Constant<Bits<32>> =
            Constant::new(bits::<32>((((1u64 << CB) - 1) << 16) | ((1u64 << PB) - 1))),
        k_pb: Constant<Bits<8>> = Constant::new(bits::<8>(PB as u64)),
        ps_hit: Signal<Local, Bit>,
        m_sent: DFF<Bit>,
        m_ack: DFF<Bit>,
        m_ackn: DFF<Bits<9>>,
        m_ecnn: DFF<Bits<9>>,
        m_lost: DFF<Bit>,
        m_lostn: DFF<Bits<9>>,
        m_to: DFF<Bit>,
        cwnd: DFF<Bits<24>>,
        srtt: DFF<Bits<24>>,
        rttvar: DFF<Bits<24>>,
        rto: DFF<Bits<32>>,
        alpha: DFF<Bits<16>>,
        tos: DFF<Bits<8>>,
        armed: DFF<Bit>,
        failed: DFF<Bit>,
        seen: DFF<Bit>,
        sent: DFF<Bits<32>>,
        acked: DFF<Bits<32>>,
        lost: DFF<Bits<32>>,
        ecn: DFF<Bits<32>>,
        timeouts: DFF<Bits<32>>,
        cnt_base: DFF<Bits<COUNTER_BITS>>,
        cnt_q: DFF<Bits<COUNTER_BITS>>,
        k_cnt_blk: Constant<Bits<COUNTER_BITS>> = Constant::new(block_counter_mask()),
        k_w0: Constant<Bits<COUNTER_BITS>> = Constant::new(word_bits(|b| b == 0)),
        k_w1: Constant<Bits<COUNTER_BITS>> = Constant::new(word_bits(|b| b >= 1)),
        k_w2: Constant<Bits<COUNTER_BITS>> = Constant::new(word_bits(|b| b >= 2)),
        k_w4: Constant<Bits<COUNTER_BITS>> = Constant::new(word_bits(|b| b >= 4)),
        k_w8: Constant<Bits<COUNTER_BITS>> = Constant::new(word_bits(|b| b >= 8)),
        k_w16: Constant<Bits<COUNTER_BITS>> = Constant::new(word_bits(|b| b >= 16)),
        d_nb: Signal<Local, Bits<COUNTER_BITS>>,
        d_p0: Signal<Local, Bits<COUNTER_BITS>>,
        d_g0: Signal<Local, Bits<COUNTER_BITS>>,
        d_p1: Signal<Local, Bits<COUNTER_BITS>>,
        d_g1: Signal<Local, Bits<COUNTER_BITS>>,
        d_p2: Signal<Local, Bits<COUNTER_BITS>>,
        d_g2: Signal<Local, Bits<COUNTER_BITS>>,
        d_p3: Signal<Local, Bits<COUNTER_BITS>>,
        d_g3: Signal<Local, Bits<COUNTER_BITS>>,
        d_p4: Signal<Local, Bits<COUNTER_BITS>>,
        d_g4: Signal<Local, Bits<COUNTER_BITS>>,
        d_g5: Signal<Local, Bits<COUNTER_BITS>>,
    }
}

#[rustfmt::skip::macros(dff_setup)]
impl<const CB: usize, const PB: usize, const PI: usize> Logic for Stats<CB, PB, PI> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, ps_prev, m_sent, m_ack, m_ackn, m_ecnn, m_lost, m_lostn, m_to, cwnd,
            srtt, rttvar, rto, alpha, tos, armed, failed, seen, sent, acked, lost, ecn,
            timeouts, cnt_base, cnt_q
        );
        // ---- per-path statistics
        self.ps_prev.d.next = self.ps_cfg.val();
        self.ps_clr.next = (self.ps_prev.q.val() != self.ps_cfg.val()) | self.sr_clr.val();
        self.ps_in.next = (self.ps_cfg.val() & !self.k_ps_mask.val()) == bits::<32>(0);
        self.ps_sel.next = (bit_cast::<PI, CB>(self.ps_cfg.val().get_bits::<CB>(16))
            << self.k_pb.val())
            | bit_cast::<PI, PB>(self.ps_cfg.val().get_bits::<PB>(0));
        self.m_sent.d.next =
            self.tacc.val() & (self.tpt_res_idx.val() == self.ps_sel.val()) & self.ps_in.val();
        self.m_ack.d.next = self.a_res.val()
            & !self.tpt_res_rejected.val()
            & (self.tpt_res_idx.val() == self.ps_sel.val())
            & self.ps_in.val();
        self.m_ackn.d.next = self.tpt_res_acked.val();
        self.m_ecnn.d.next = self.a_m.val();
        self.m_lost.d.next = self.tpt_res_valid.val()
            & ((self.tpt_res_op.val() == bits::<3>(3)) | (self.tpt_res_op.val() == bits::<3>(4)))
            & (self.tpt_res_idx.val() == self.ps_sel.val())
            & self.ps_in.val();
        self.m_lostn.d.next = self.tpt_res_lost.val();
        self.m_to.d.next =
            self.r_to.val() & (self.pcc_res_idx.val() == self.ps_sel.val()) & self.ps_in.val();
        self.ps_hit.next = self.pcc_res_valid.val()
            & (self.pcc_res_idx.val() == self.ps_sel.val())
            & self.ps_in.val();
        if self.ps_clr.val() {
            self.seen.d.next = false;
            self.cwnd.d.next = 0.into();
            self.srtt.d.next = 0.into();
            self.rttvar.d.next = 0.into();
            self.rto.d.next = 0.into();
            self.alpha.d.next = 0.into();
            self.tos.d.next = 0.into();
            self.armed.d.next = false;
            self.failed.d.next = false;
            self.sent.d.next = 0.into();
            self.acked.d.next = 0.into();
            self.lost.d.next = 0.into();
            self.ecn.d.next = 0.into();
            self.timeouts.d.next = 0.into();
        } else {
            if self.ps_hit.val() {
                self.seen.d.next = true;
                self.cwnd.d.next = self.pcc_cwnd.val();
                self.srtt.d.next = self.pcc_srtt.val();
                self.rttvar.d.next = self.pcc_rttvar.val();
                self.rto.d.next = self.pcc_rto.val();
                self.alpha.d.next = self.pcc_alpha.val();
                self.tos.d.next = self.pcc_timeouts.val();
                self.armed.d.next = self.pcc_armed.val();
                self.failed.d.next = self.pcc_failed.val();
            }
            if self.m_sent.q.val() {
                self.sent.d.next = self.sent.q.val() + 1;
            }
            if self.m_ack.q.val() {
                self.acked.d.next = self.acked.q.val() + bit_cast::<32, 9>(self.m_ackn.q.val());
                self.ecn.d.next = self.ecn.q.val() + bit_cast::<32, 9>(self.m_ecnn.q.val());
            }
            if self.m_lost.q.val() {
                self.lost.d.next = self.lost.q.val() + bit_cast::<32, 9>(self.m_lostn.q.val());
            }
            if self.m_to.q.val() {
                self.timeouts.d.next = self.timeouts.q.val() + 1;
            }
        }
        self.ps_cwnd.next = self.cwnd.q.val();
        self.ps_srtt.next = self.srtt.q.val();
        self.ps_rttvar.next = self.rttvar.q.val();
        self.ps_rto.next = self.rto.q.val();
        self.ps_state.next = bit_cast::<32, 16>(self.alpha.q.val())
            | (bit_cast::<32, 8>(self.tos.q.val()) << 16)
            | (bit_cast::<32, 1>(self.armed.q.val().into()) << 24)
            | (bit_cast::<32, 1>(self.failed.q.val().into()) << 25)
            | (bit_cast::<32, 1>(self.seen.q.val().into()) << 31);
        self.ps_sent.next = self.sent.q.val();
        self.ps_acked.next = self.acked.q.val();
        self.ps_lost.next = self.lost.q.val();
        self.ps_ecn.next = self.ecn.q.val();
        self.ps_timeouts.next = self.timeouts.q.val();
        // ---- baseline: `cnt_vec - cnt_base` per word
        self.d_nb.next = !self.cnt_base.q.val();
        self.d_p0.next = self.cnt_vec.val() ^ self.d_nb.val();
        self.d_g0.next =
            (self.cnt_vec.val() & self.d_nb.val()) | (self.d_p0.val() & self.k_w0.val());
        self.d_g1.next =
            self.d_g0.val() | (self.d_p0.val() & (self.d_g0.val() << 1) & self.k_w1.val());
        self.d_p1.next = self.d_p0.val() & (self.d_p0.val() << 1) & self.k_w1.val();
        self.d_g2.next =
            self.d_g1.val() | (self.d_p1.val() & (self.d_g1.val() << 2) & self.k_w2.val());
        self.d_p2.next = self.d_p1.val() & (self.d_p1.val() << 2) & self.k_w2.val();
        self.d_g3.next =
            self.d_g2.val() | (self.d_p2.val() & (self.d_g2.val() << 4) & self.k_w4.val());
        self.d_p3.next = self.d_p2.val() & (self.d_p2.val() << 4) & self.k_w4.val();
        self.d_g4.next =
            self.d_g3.val() | (self.d_p3.val() & (self.d_g3.val() << 8) & self.k_w8.val());
        self.d_p4.next = self.d_p3.val() & (self.d_p3.val() << 8) & self.k_w8.val();
        self.d_g5.next =
            self.d_g4.val() | (self.d_p4.val() & (self.d_g4.val() << 16) & self.k_w16.val());
        self.cnt_q.d.next =
            self.d_p0.val() ^ (((self.d_g5.val() << 1) & self.k_w1.val()) | self.k_w0.val());
        self.counters.next = self.cnt_q.q.val();
        if self.sr_clr.val() {
            self.cnt_base.d.next = self.cnt_vec.val() & self.k_cnt_blk.val();
        }
    }
}
