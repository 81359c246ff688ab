//! `nack_rx`: the sender's intake of received NACKs, a sub-block of
//! `braid_engine` (glue only: `tx_compl`, the segmenter and the command
//! processor stay direct instances of the top, wired to the ports below).
//!
//! # Behaviour
//!
//! * One NACK per clock leaves the NACK FIFO (`nack_q`, filled by `rx_place`).
//!   A NACK naming a connection or path this build lacks is dropped and
//!   counted.
//! * NO_RECV_BUFFER is counted (`NACK_RNR`) and handed to the back-off in
//!   `retx` (the refused PSN is resolved on its path and resent after half
//!   of RTO_MIN).
//! * Any other reason is fatal (`NACK_FAIL`): one at a time, it takes
//!   `tx_compl`'s port after the command processor as OP_FLUSH with status
//!   `CQE_REMOTE | reason` at the refused CSN; accepted, the connection is
//!   marked failed (`conn_failed`) and the segmenter FLUSHes it, so the refused
//!   message completes with the peer's reason and every later one FLUSHED.
//! * It also holds `tx_compl`'s operation port, in order: the command
//!   processor, a fatal NACK's failure, a local failure, an ACK's CSN base
//!   (`compl_csn_q`), the segmenter's completion records (`seg_done_q`).
//! * A connection whose paths have all retired (`retire_fail`, from the
//!   top's re-hash logic) fails the same way, with status
//!   CQE_RETRY_EXCEEDED.
//!
//! Record layouts are in the comments below.

use braid_spec::wire::braid::NackReason;
use rust_hdl::prelude::*;

/// The received NACKs of `braid_engine`.
#[derive(LogicBlock)]
pub struct NackRx<const CB: usize, const QB: usize, const PB: usize, const CMW: usize> {
    /// Engine clock.
    pub clock: Signal<In, Clock>,
    /// From `nack_q.dout`.
    pub nack_q_dout: Signal<In, Bits<104>>,
    /// From `nack_q.valid`.
    pub nack_q_valid: Signal<In, Bit>,
    /// From `tc.op_ready`.
    pub tc_op_ready: Signal<In, Bit>,
    /// From `cp.tc_valid`.
    pub cp_tc_valid: Signal<In, Bit>,
    /// From `rnr_lookup_q.fill`.
    pub rnr_lookup_q_fill: Signal<In, Bits<16>>,
    /// From `n_nack_rnr.q`.
    pub n_nack_rnr_q: Signal<In, Bits<32>>,
    /// From `retire_fail.q`.
    pub retire_fail_q: Signal<In, Bit>,
    /// From `retire_fail_conn.q`.
    pub retire_fail_conn_q: Signal<In, Bits<CB>>,
    /// From `tc.res_valid`.
    pub tc_res_valid: Signal<In, Bit>,
    /// From `tc.res_code`.
    pub tc_res_code: Signal<In, Bits<2>>,
    /// From `n_nack_fail.q`.
    pub n_nack_fail_q: Signal<In, Bits<32>>,
    /// From `fail_flush.q`.
    pub fail_flush_q: Signal<In, Bit>,
    /// From `cp.seg_valid`.
    pub cp_seg_valid: Signal<In, Bit>,
    /// From `seg.sc_ready`.
    pub seg_sc_ready: Signal<In, Bit>,
    /// From `tc.res_conn`.
    pub tc_res_conn: Signal<In, Bits<CB>>,
    /// From `tc.res_op`.
    pub tc_res_op: Signal<In, Bits<2>>,
    /// From `compl_csn_q.valid`.
    pub compl_csn_q_valid: Signal<In, Bit>,
    /// From `seg_done_q.valid`.
    pub seg_done_q_valid: Signal<In, Bit>,
    /// From `seg_done_q.dout`.
    pub seg_done_q_dout: Signal<In, Bits<CMW>>,
    /// From `cp.tc_cq`.
    pub cp_tc_cq: Signal<In, Bits<QB>>,
    /// From `cp.tc_op`.
    pub cp_tc_op: Signal<In, Bits<2>>,
    /// From `cp.tc_conn`.
    pub cp_tc_conn: Signal<In, Bits<CB>>,
    /// From `cp.tc_csn`.
    pub cp_tc_csn: Signal<In, Bits<32>>,
    /// From `compl_csn_q.dout`.
    pub compl_csn_q_dout: Signal<In, Bits<48>>,
    /// From `k_nc`.
    pub k_nc: Signal<In, Bits<24>>,
    /// From `k_np`.
    pub k_np: Signal<In, Bits<8>>,
    /// From `k_pb`.
    pub k_pb: Signal<In, Bits<8>>,
    /// From `fail_conn.q`.
    pub fail_conn_q: Signal<In, Bits<CB>>,
    /// To `nack_q.pop`.
    pub nack_q_pop: Signal<Out, Bit>,
    /// To `rnr_lookup_q.push`.
    pub rnr_lookup_q_push: Signal<Out, Bit>,
    /// To `rnr_lookup_q.din`.
    pub rnr_lookup_q_din: Signal<Out, Bits<80>>,
    /// To `conn_failed.write_address`.
    pub conn_failed_write_address: Signal<Out, Bits<CB>>,
    /// To `conn_failed.write_enable`.
    pub conn_failed_write_enable: Signal<Out, Bit>,
    /// To `conn_failed.write_data`.
    pub conn_failed_write_data: Signal<Out, Bits<1>>,
    /// To `conn_failed_pick.write_address`.
    pub conn_failed_pick_write_address: Signal<Out, Bits<CB>>,
    /// To `conn_failed_pick.write_enable`.
    pub conn_failed_pick_write_enable: Signal<Out, Bit>,
    /// To `conn_failed_pick.write_data`.
    pub conn_failed_pick_write_data: Signal<Out, Bits<1>>,
    /// To `tc.op_valid`.
    pub tc_op_valid: Signal<Out, Bit>,
    /// To `cp.tc_ready`.
    pub cp_tc_ready: Signal<Out, Bit>,
    /// To `compl_csn_q.pop`.
    pub compl_csn_q_pop: Signal<Out, Bit>,
    /// To `seg_done_q.pop`.
    pub seg_done_q_pop: Signal<Out, Bit>,
    /// To `cp.cm_take`.
    pub cp_cm_take: Signal<Out, Bit>,
    /// To `tc.op_at_base`.
    pub tc_op_at_base: Signal<Out, Bit>,
    /// To `tc.op_wr_id`.
    pub tc_op_wr_id: Signal<Out, Bits<64>>,
    /// To `tc.op_len`.
    pub tc_op_len: Signal<Out, Bits<32>>,
    /// To `tc.op_msn`.
    pub tc_op_msn: Signal<Out, Bits<32>>,
    /// To `tc.op_stream`.
    pub tc_op_stream: Signal<Out, Bits<2>>,
    /// To `tc.op_signaled`.
    pub tc_op_signaled: Signal<Out, Bit>,
    /// To `tc.op_status`.
    pub tc_op_status: Signal<Out, Bits<8>>,
    /// To `tc.op_cq`.
    pub tc_op_cq: Signal<Out, Bits<CB>>,
    /// To `tc.op`.
    pub tc_op: Signal<Out, Bits<2>>,
    /// To `tc.op_conn`.
    pub tc_op_conn: Signal<Out, Bits<CB>>,
    /// To `tc.op_csn`.
    pub tc_op_csn: Signal<Out, Bits<32>>,
    /// To `nk_dinc`.
    pub nk_dinc: Signal<Out, Bits<2>>,
    /// Write `n_nack_rnr` (a register of the top) this clock.
    pub n_nack_rnr_we: Signal<Out, Bit>,
    /// To `n_nack_rnr.d`.
    pub n_nack_rnr_wd: Signal<Out, Bits<32>>,
    /// Write `fail_conn` (a register of the top) this clock.
    pub fail_conn_we: Signal<Out, Bit>,
    /// To `fail_conn.d`.
    pub fail_conn_wd: Signal<Out, Bits<CB>>,
    /// Write `retire_fail` (a register of the top) this clock.
    pub retire_fail_we: Signal<Out, Bit>,
    /// To `retire_fail.d`.
    pub retire_fail_wd: Signal<Out, Bit>,
    /// Write `fail_flush` (a register of the top) this clock.
    pub fail_flush_we: Signal<Out, Bit>,
    /// To `fail_flush.d`.
    pub fail_flush_wd: Signal<Out, Bit>,
    /// Write `n_nack_fail` (a register of the top) this clock.
    pub n_nack_fail_we: Signal<Out, Bit>,
    /// To `n_nack_fail.d`.
    pub n_nack_fail_wd: Signal<Out, Bits<32>>,
    nk_pok: Signal<Local, Bit>,
    nk_rt: Signal<Local, Bit>,
    nk_conn: Signal<Local, Bits<24>>,
    nk_ok: Signal<Local, Bit>,
    nk_rnr: Signal<Local, Bit>,
    nk_go: Signal<Local, Bit>,
    rf_go: Signal<Local, Bit>,
    nk_res: Signal<Local, Bit>,
    nk_acc: Signal<Local, Bit>,
    nk_end: Signal<Local, Bit>,
    nk_bad: Signal<Local, Bit>,
    fail_flush_go: Signal<Local, Bit>,
    nk_busy: DFF<Bit>,
    nk_loc: DFF<Bit>,
    nk_t1: DFF<Bit>,
    nk_t2: DFF<Bit>,
    nk_t3: DFF<Bit>,
    k_nr_rnr: Constant<Bits<8>>,
    k_remote: Constant<Bits<8>>,
    k_go: Signal<Local, Bit>,
}

impl<const CB: usize, const QB: usize, const PB: usize, const CMW: usize> Default
    for NackRx<CB, QB, PB, CMW>
{
    fn default() -> Self {
        Self {
            clock: Default::default(),
            nack_q_dout: Default::default(),
            nack_q_valid: Default::default(),
            tc_op_ready: Default::default(),
            cp_tc_valid: Default::default(),
            rnr_lookup_q_fill: Default::default(),
            n_nack_rnr_q: Default::default(),
            retire_fail_q: Default::default(),
            retire_fail_conn_q: Default::default(),
            tc_res_valid: Default::default(),
            tc_res_code: Default::default(),
            n_nack_fail_q: Default::default(),
            fail_flush_q: Default::default(),
            cp_seg_valid: Default::default(),
            seg_sc_ready: Default::default(),
            tc_res_conn: Default::default(),
            tc_res_op: Default::default(),
            compl_csn_q_valid: Default::default(),
            seg_done_q_valid: Default::default(),
            seg_done_q_dout: Default::default(),
            cp_tc_cq: Default::default(),
            cp_tc_op: Default::default(),
            cp_tc_conn: Default::default(),
            cp_tc_csn: Default::default(),
            compl_csn_q_dout: Default::default(),
            k_nc: Default::default(),
            k_np: Default::default(),
            k_pb: Default::default(),
            fail_conn_q: Default::default(),
            nack_q_pop: Default::default(),
            rnr_lookup_q_push: Default::default(),
            rnr_lookup_q_din: Default::default(),
            conn_failed_write_address: Default::default(),
            conn_failed_write_enable: Default::default(),
            conn_failed_write_data: Default::default(),
            conn_failed_pick_write_address: Default::default(),
            conn_failed_pick_write_enable: Default::default(),
            conn_failed_pick_write_data: Default::default(),
            tc_op_valid: Default::default(),
            cp_tc_ready: Default::default(),
            compl_csn_q_pop: Default::default(),
            seg_done_q_pop: Default::default(),
            cp_cm_take: Default::default(),
            tc_op_at_base: Default::default(),
            tc_op_wr_id: Default::default(),
            tc_op_len: Default::default(),
            tc_op_msn: Default::default(),
            tc_op_stream: Default::default(),
            tc_op_signaled: Default::default(),
            tc_op_status: Default::default(),
            tc_op_cq: Default::default(),
            tc_op: Default::default(),
            tc_op_conn: Default::default(),
            tc_op_csn: Default::default(),
            nk_dinc: Default::default(),
            n_nack_rnr_we: Default::default(),
            n_nack_rnr_wd: Default::default(),
            fail_conn_we: Default::default(),
            fail_conn_wd: Default::default(),
            retire_fail_we: Default::default(),
            retire_fail_wd: Default::default(),
            fail_flush_we: Default::default(),
            fail_flush_wd: Default::default(),
            n_nack_fail_we: Default::default(),
            n_nack_fail_wd: Default::default(),
            nk_pok: Default::default(),
            nk_rt: Default::default(),
            nk_conn: Default::default(),
            nk_ok: Default::default(),
            nk_rnr: Default::default(),
            nk_go: Default::default(),
            rf_go: Default::default(),
            nk_res: Default::default(),
            nk_acc: Default::default(),
            nk_end: Default::default(),
            nk_bad: Default::default(),
            fail_flush_go: Default::default(),
            nk_busy: Default::default(),
            nk_loc: Default::default(),
            nk_t1: Default::default(),
            nk_t2: Default::default(),
            nk_t3: Default::default(),
            k_nr_rnr: Constant::new(bits::<8>(NackReason::NoReceiveBuffer as u64)),
            k_remote: Constant::new(bits::<8>(braid_spec::host::CQE_REMOTE as u64)),
            k_go: Default::default(),
        }
    }
}

impl<const CB: usize, const QB: usize, const PB: usize, const CMW: usize> Logic
    for NackRx<CB, QB, PB, CMW>
{
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, nk_busy, nk_loc, nk_t1, nk_t2, nk_t3);
        self.n_nack_rnr_we.next = false;
        self.n_nack_rnr_wd.next = self.n_nack_rnr_q.val();
        self.fail_conn_we.next = false;
        self.fail_conn_wd.next = self.fail_conn_q.val();
        self.retire_fail_we.next = false;
        self.retire_fail_wd.next = self.retire_fail_q.val();
        self.fail_flush_we.next = false;
        self.fail_flush_wd.next = self.fail_flush_q.val();
        self.n_nack_fail_we.next = false;
        self.n_nack_fail_wd.next = self.n_nack_fail_q.val();
        // ---- received NACKs (`nack_q`, K: conn 0, reason 24, CSN
        // 32, path 64, PSN 72), one per clock. A NACK naming a connection
        // this build lacks is dropped and counted; NO_RECV_BUFFER is counted
        // and goes to the back-off (below, with the retransmission
        // rebuild: the refused PSN is resolved on its path and its packet
        // resent after half of RTO_MIN, so a SEND waits for its receive
        // without holding its path's window or timing out). Any other
        // reason is fatal: one at a time, it takes
        // tx_compl's port after the command as a failure (OP_FLUSH with
        // status CQE_REMOTE | reason at the refused CSN). Its result (3
        // clocks later): accepted, the connection is failed (`conn_failed`, read by
        // the retransmission rebuild, which then drops its lost packets) and
        // the segmenter FLUSHes it (after the command processor's), so the
        // refused message completes with the peer's reason and every later
        // one FLUSHED; refused (not valid, or the CSN outside the window):
        // dropped and counted.
        self.nk_conn.next = self.nack_q_dout.val().get_bits::<24>(0);
        self.nk_ok.next = self.nk_conn.val() < self.k_nc.val();
        self.nk_rnr.next = self.nack_q_dout.val().get_bits::<8>(24) == self.k_nr_rnr.val();
        self.nk_go.next = self.nack_q_valid.val()
            & self.nk_ok.val()
            & !self.nk_rnr.val()
            & !self.nk_busy.q.val()
            & self.tc_op_ready.val()
            & !self.cp_tc_valid.val();
        // NO_RECV_BUFFER: counted, then (its path one of the build's) into
        // the back-off's lookup FIFO; it waits while that FIFO is nearly full
        self.nk_pok.next = self.nack_q_dout.val().get_bits::<8>(64) < self.k_np.val();
        self.nk_rt.next = self.nack_q_valid.val()
            & self.nk_ok.val()
            & self.nk_rnr.val()
            & (self.rnr_lookup_q_fill.val() < bits::<16>(14));
        self.nack_q_pop.next =
            self.nack_q_valid.val() & (!self.nk_ok.val() | self.nk_rt.val() | self.nk_go.val());
        if self.nk_rt.val() {
            self.n_nack_rnr_we.next = true;
            self.n_nack_rnr_wd.next = self.n_nack_rnr_q.val() + 1;
        }
        self.rnr_lookup_q_push.next = self.nk_rt.val() & self.nk_pok.val();
        self.rnr_lookup_q_din.next =
            bit_cast::<80, 16>(
                (bit_cast::<16, CB>(self.nk_conn.val().get_bits::<CB>(0)) << self.k_pb.val())
                    | bit_cast::<16, PB>(self.nack_q_dout.val().get_bits::<PB>(64)),
            ) | (bit_cast::<80, 32>(self.nack_q_dout.val().get_bits::<32>(72)) << 16)
                | (bit_cast::<80, 32>(self.nack_q_dout.val().get_bits::<32>(32)) << 48);
        // a connection whose paths are all retired (`retire_fail`) fails the
        // same way when no NACK takes the port: tx_compl OP_FLUSH with
        // status CQE_RETRY_EXCEEDED at the connection's base
        // (`op_at_base`); it is not a NACK (`nk_loc`: not counted as one)
        self.rf_go.next = self.retire_fail_q.val()
            & !self.nk_go.val()
            & !self.nk_busy.q.val()
            & self.tc_op_ready.val()
            & !self.cp_tc_valid.val();
        self.nk_t1.d.next = self.nk_go.val() | self.rf_go.val();
        self.nk_t2.d.next = self.nk_t1.q.val();
        self.nk_t3.d.next = self.nk_t2.q.val();
        if self.nk_go.val() {
            self.nk_busy.d.next = true;
            self.nk_loc.d.next = false;
            self.fail_conn_we.next = true;
            self.fail_conn_wd.next = self.nk_conn.val().get_bits::<CB>(0);
        }
        if self.rf_go.val() {
            self.nk_busy.d.next = true;
            self.nk_loc.d.next = true;
            self.fail_conn_we.next = true;
            self.fail_conn_wd.next = self.retire_fail_conn_q.val();
            self.retire_fail_we.next = true;
            self.retire_fail_wd.next = false;
        }
        self.nk_res.next = self.nk_t3.q.val() & self.tc_res_valid.val();
        // the failure accepted; the NACK done without one (refused: dropped);
        // a NACK naming no connection of this engine (dropped)
        self.nk_acc.next = self.nk_res.val() & (self.tc_res_code.val() == bits::<2>(0));
        self.nk_end.next = self.nk_t3.q.val() & !self.nk_acc.val();
        self.nk_bad.next = self.nack_q_valid.val() & !self.nk_ok.val();
        if self.nk_acc.val() {
            self.fail_flush_we.next = true;
            self.fail_flush_wd.next = true;
        }
        if self.nk_acc.val() & !self.nk_loc.q.val() {
            self.n_nack_fail_we.next = true;
            self.n_nack_fail_wd.next = self.n_nack_fail_q.val() + 1;
        }
        self.fail_flush_go.next =
            self.fail_flush_q.val() & !self.cp_seg_valid.val() & self.seg_sc_ready.val();
        if self.fail_flush_go.val() {
            self.fail_flush_we.next = true;
            self.fail_flush_wd.next = false;
            self.nk_busy.d.next = false;
        }
        if self.nk_end.val() {
            self.nk_busy.d.next = false;
        }
        if self.nk_bad.val() & self.nk_end.val() & !self.nk_loc.q.val() {
            self.nk_dinc.next = bits::<2>(2);
        } else if self.nk_bad.val() | (self.nk_end.val() & !self.nk_loc.q.val()) {
            self.nk_dinc.next = bits::<2>(1);
        } else {
            self.nk_dinc.next = bits::<2>(0);
        }
        // each connection's failed bit: set by an accepted failure, cleared
        // by tx_compl's CREATE (one tx_compl result per clock: one write)
        self.conn_failed_write_address.next = self.tc_res_conn.val();
        self.conn_failed_write_enable.next = self.tc_res_valid.val()
            & ((self.tc_res_op.val() == bits::<2>(2))
                | (self.nk_t3.q.val() & (self.tc_res_code.val() == bits::<2>(0))));
        if self.nk_t3.q.val() {
            self.conn_failed_write_data.next = bits::<1>(1);
        } else {
            self.conn_failed_write_data.next = bits::<1>(0);
        }
        self.conn_failed_pick_write_address.next = self.tc_res_conn.val();
        self.conn_failed_pick_write_enable.next = self.tc_res_valid.val()
            & ((self.tc_res_op.val() == bits::<2>(2))
                | (self.nk_t3.q.val() & (self.tc_res_code.val() == bits::<2>(0))));
        self.conn_failed_pick_write_data.next = bits::<1>(0);
        if self.nk_t3.q.val() {
            self.conn_failed_pick_write_data.next = bits::<1>(1);
        }

        // tx_compl's operation port: commands, then a NACK's failure, then
        // the received ACKs' CSN bases (`compl_csn_q`: conn 0, csn 16), then the
        // segmenter's records
        self.tc_op_valid.next = self.cp_tc_valid.val()
            | self.nk_go.val()
            | self.rf_go.val()
            | self.compl_csn_q_valid.val()
            | self.seg_done_q_valid.val();
        self.cp_tc_ready.next = self.tc_op_ready.val();
        self.k_go.next = self.tc_op_ready.val()
            & !self.cp_tc_valid.val()
            & !self.nk_go.val()
            & !self.rf_go.val()
            & self.compl_csn_q_valid.val();
        self.compl_csn_q_pop.next = self.k_go.val();
        self.seg_done_q_pop.next = self.tc_op_ready.val()
            & !self.cp_tc_valid.val()
            & !self.nk_go.val()
            & !self.rf_go.val()
            & !self.compl_csn_q_valid.val();
        // the command processor's record fence counts the records between
        // the segmenter and tx_compl
        self.cp_cm_take.next = self.tc_op_ready.val()
            & !self.cp_tc_valid.val()
            & !self.nk_go.val()
            & !self.rf_go.val()
            & !self.compl_csn_q_valid.val()
            & self.seg_done_q_valid.val();
        self.tc_op_at_base.next = self.rf_go.val();
        self.tc_op_wr_id.next = self.seg_done_q_dout.val().get_bits::<64>(32);
        self.tc_op_len.next = self.seg_done_q_dout.val().get_bits::<32>(96);
        self.tc_op_msn.next = self.seg_done_q_dout.val().get_bits::<32>(128);
        self.tc_op_stream.next = self.seg_done_q_dout.val().get_bits::<2>(160);
        self.tc_op_signaled.next = self.seg_done_q_dout.val().get_bit(162);
        self.tc_op_status.next = self.seg_done_q_dout.val().get_bits::<8>(163);
        self.tc_op_cq.next = bit_cast::<CB, QB>(self.cp_tc_cq.val());
        if self.cp_tc_valid.val() {
            self.tc_op.next = self.cp_tc_op.val();
            self.tc_op_conn.next = self.cp_tc_conn.val();
            self.tc_op_csn.next = self.cp_tc_csn.val();
            self.tc_op_status.next = 0.into();
        } else if self.nk_go.val() {
            self.tc_op.next = bits::<2>(3);
            self.tc_op_conn.next = self.nk_conn.val().get_bits::<CB>(0);
            self.tc_op_csn.next = self.nack_q_dout.val().get_bits::<32>(32);
            self.tc_op_status.next = self.k_remote.val() | self.nack_q_dout.val().get_bits::<8>(24);
        } else if self.rf_go.val() {
            self.tc_op.next = bits::<2>(3);
            self.tc_op_conn.next = self.retire_fail_conn_q.val();
            self.tc_op_csn.next = 0.into();
            self.tc_op_status.next = bits::<8>(3);
        } else if self.compl_csn_q_valid.val() {
            self.tc_op.next = bits::<2>(1);
            self.tc_op_conn.next = self.compl_csn_q_dout.val().get_bits::<CB>(0);
            self.tc_op_csn.next = self.compl_csn_q_dout.val().get_bits::<32>(16);
        } else {
            self.tc_op.next = 0.into();
            self.tc_op_conn.next = self.seg_done_q_dout.val().get_bits::<CB>(171);
            self.tc_op_csn.next = self.seg_done_q_dout.val().get_bits::<32>(0);
        }
    }
}
