//! `retx`: the retransmission rebuild, a sub-block of `braid_engine` (glue
//! only: the segmenter, `tx_path_table` and `slot_table` stay direct
//! instances of the top, wired to the ports below).
//!
//! # Behaviour
//!
//! * Every message's record (first CSN, MSN, addresses, rkey, immediate,
//!   length, RSN, opcode, stream, SOLICITED) is written when the segmenter's
//!   descriptor of its FIRST packet is taken, at `{conn, WQE index mod 32}`.
//! * A lost PSN (`tx_path_table`'s lost stream) reads its slot-table entry
//!   (4 edges) and its message's record (1 edge); S2 computes the offset
//!   and the MTU, S3 the addresses, the remaining length and the CSN check,
//!   S4 the descriptor (ACK_REQ and RETX set; the rest of the message for
//!   its LAST packet, else one MTU), S5 pushes it into the retransmission
//!   FIFO, or drops it when its message has completed meanwhile (counted,
//!   `RETX_STALE`).
//! * The NO_RECV_BUFFER back-off shares the slot table's read port: when
//!   the entry still holds the NACK's CSN, the PSN is resolved on its path
//!   and its entry waits until half of RTO_MIN has passed, then enters the
//!   rebuild in a clock without a lost PSN; a NACK that no longer matches is
//!   dropped and counted (`NACK_DROP`).
//!
//! Record layouts are in the comments below.

use crate::fifo::Fifo;
use crate::prefix_add::PrefixAdd;
use braid_spec::wire::braid::Flags;
use rust_hdl::prelude::*;

hdl_block! {
    /// The the retransmission rebuild of `braid_engine`.
    pub struct Retx<const CB: usize, const PI: usize, const TA: usize> {
        /// Engine clock.
        pub clock: Signal<In, Clock>,
        /// From `seg.pd_csn`.
        pub seg_pd_csn: Signal<In, Bits<32>>,
        /// From `seg.pd_msn`.
        pub seg_pd_msn: Signal<In, Bits<32>>,
        /// From `seg.pd_addr`.
        pub seg_pd_addr: Signal<In, Bits<64>>,
        /// From `seg.pd_raddr`.
        pub seg_pd_raddr: Signal<In, Bits<64>>,
        /// From `seg.pd_rkey`.
        pub seg_pd_rkey: Signal<In, Bits<32>>,
        /// From `seg.pd_imm`.
        pub seg_pd_imm: Signal<In, Bits<32>>,
        /// From `seg.pd_msg_len`.
        pub seg_pd_msg_len: Signal<In, Bits<32>>,
        /// From `seg.pd_rsn`.
        pub seg_pd_rsn: Signal<In, Bits<24>>,
        /// From `seg.pd_opcode`.
        pub seg_pd_opcode: Signal<In, Bits<8>>,
        /// From `seg.pd_stream`.
        pub seg_pd_stream: Signal<In, Bits<2>>,
        /// From `seg.pd_flags`.
        pub seg_pd_flags: Signal<In, Bits<8>>,
        /// From `seg.pd_conn`.
        pub seg_pd_conn: Signal<In, Bits<CB>>,
        /// From `seg.pd_wqe_idx`.
        pub seg_pd_wqe_idx: Signal<In, Bits<16>>,
        /// From `rnr_lookup_q.valid`.
        pub rnr_lookup_q_valid: Signal<In, Bit>,
        /// From `rnr_resolve_q.fill`.
        pub rnr_resolve_q_fill: Signal<In, Bits<16>>,
        /// From `rnr_lookup_q.dout`.
        pub rnr_lookup_q_dout: Signal<In, Bits<80>>,
        /// From `tpt.lost_idx`.
        pub tpt_lost_idx: Signal<In, Bits<PI>>,
        /// From `tpt.lost_slot`.
        pub tpt_lost_slot: Signal<In, Bits<8>>,
        /// From `slt.res_valid`.
        pub slt_res_valid: Signal<In, Bit>,
        /// From `slt.res_tag`.
        pub slt_res_tag: Signal<In, Bits<16>>,
        /// From `slt.res_entry`.
        pub slt_res_entry: Signal<In, Bits<72>>,
        /// From `rb.cfg_regs`.
        pub rb_cfg_regs: Signal<In, Bits<480>>,
        /// From `now.q`.
        pub now_q: Signal<In, Bits<32>>,
        /// From `rnr_resolved_q.dout`.
        pub rnr_resolved_q_dout: Signal<In, Bits<88>>,
        /// From `n_nack_drop.q`.
        pub n_nack_drop_q: Signal<In, Bits<32>>,
        /// From `rnr_hold_q.dout`.
        pub rnr_hold_q_dout: Signal<In, Bits<120>>,
        /// From `rnr_hold_q.valid`.
        pub rnr_hold_q_valid: Signal<In, Bit>,
        /// From `lost_room.q`.
        pub lost_room_q: Signal<In, Bit>,
        /// From `slt.res_path`.
        pub slt_res_path: Signal<In, Bits<PI>>,
        /// From `conn_failed.read_data`.
        pub conn_failed_read_data: Signal<In, Bits<1>>,
        /// From `retx_stale.q`.
        pub retx_stale_q: Signal<In, Bit>,
        /// From `n_retx_stale.q`.
        pub n_retx_stale_q: Signal<In, Bits<32>>,
        /// From `seg_push`.
        pub seg_push: Signal<In, Bit>,
        /// From `lost_take`.
        pub lost_take: Signal<In, Bit>,
        /// From `r_ok`.
        pub r_ok: Signal<In, Bit>,
        /// From `r_res`.
        pub r_res: Signal<In, Bit>,
        /// From `nk_dinc`.
        pub nk_dinc: Signal<In, Bits<2>>,
        /// From `k_pb`.
        pub k_pb: Signal<In, Bits<8>>,
        /// To `rnr_lookup_q.pop`.
        pub rnr_lookup_q_pop: Signal<Out, Bit>,
        /// To `slt.rd_valid`.
        pub slt_rd_valid: Signal<Out, Bit>,
        /// To `slt.rd_path`.
        pub slt_rd_path: Signal<Out, Bits<PI>>,
        /// To `slt.rd_slot`.
        pub slt_rd_slot: Signal<Out, Bits<8>>,
        /// To `slt.rd_tag`.
        pub slt_rd_tag: Signal<Out, Bits<16>>,
        /// To `rnr_resolve_q.push`.
        pub rnr_resolve_q_push: Signal<Out, Bit>,
        /// To `rnr_resolve_q.din`.
        pub rnr_resolve_q_din: Signal<Out, Bits<120>>,
        /// To `rnr_hold_q.push`.
        pub rnr_hold_q_push: Signal<Out, Bit>,
        /// To `rnr_hold_q.din`.
        pub rnr_hold_q_din: Signal<Out, Bits<120>>,
        /// To `rnr_hold_q.pop`.
        pub rnr_hold_q_pop: Signal<Out, Bit>,
        /// To `conn_failed.read_address`.
        pub conn_failed_read_address: Signal<Out, Bits<CB>>,
        /// To `retx_q.push`.
        pub retx_q_push: Signal<Out, Bit>,
        /// To `retx_q.din`.
        pub retx_q_din: Signal<Out, Bits<448>>,
        /// To `rel`.
        pub rel: Signal<Out, Bit>,
        /// Write `n_nack_drop` (a register of the top) this clock.
        pub n_nack_drop_we: Signal<Out, Bit>,
        /// To `n_nack_drop.d`.
        pub n_nack_drop_wd: Signal<Out, Bits<32>>,
        /// Write `retx_stale` (a register of the top) this clock.
        pub retx_stale_we: Signal<Out, Bit>,
        /// To `retx_stale.d`.
        pub retx_stale_wd: Signal<Out, Bit>,
        /// Write `n_retx_stale` (a register of the top) this clock.
        pub n_retx_stale_we: Signal<Out, Bit>,
        /// To `n_retx_stale.d`.
        pub n_retx_stale_wd: Signal<Out, Bits<32>>,
        /// A push to one of its FIFOs was dropped at the last edge.
        pub ovf: Signal<Out, Bit>,
        mrec: RAM<Bits<323>, TA>,
        rn_take: Signal<Local, Bit>,
        rs_rnr: Signal<Local, Bit>,
        rs_match: Signal<Local, Bit>,
        rn_dinc: Signal<Local, Bits<2>>,
        rn_bo: Signal<Local, Bits<32>>,
        dl_due: DFF<Bit>,
        dl_popped: DFF<Bit>,
        rn_room: DFF<Bit>,
        add_dl: PrefixAdd<32>,
        add_due: PrefixAdd<32>,
        slt_reb: Signal<Local, Bit>,
        qx_path: Signal<Local, Bits<PI>>,
        qx_entry: Signal<Local, Bits<72>>,
        q2er: DFF<Bit>,
        q3er: DFF<Bit>,
        add_addr: PrefixAdd<64>,
        add_raddr: PrefixAdd<64>,
        add_rem: PrefixAdd<32>,
        add_chk: PrefixAdd<32>,
        /// Flags of every retransmission (`braid_spec` `Flags`): ACK_REQ | RETX.
        k_fl_retx: Constant<Bits<8>> =
            Constant::new(bits::<8>((Flags::ACK_REQ | Flags::RETX) as u64)),
        k_fl_first: Constant<Bits<8>> = Constant::new(bits::<8>(Flags::FIRST as u64)),
        k_fl_last: Constant<Bits<8>> = Constant::new(bits::<8>(Flags::LAST as u64)),
        k_fl_sol: Constant<Bits<8>> = Constant::new(bits::<8>(Flags::SOLICITED as u64)),
        q1v: DFF<Bit>,
        q1e: DFF<Bits<72>>,
        q1p: DFF<Bits<PI>>,
        q2v: DFF<Bit>,
        q2e: DFF<Bits<72>>,
        q2p: DFF<Bits<PI>>,
        q2r: DFF<Bits<323>>,
        q2off: DFF<Bits<32>>,
        q2mtu: DFF<Bits<16>>,
        q3v: DFF<Bit>,
        q3e: DFF<Bits<72>>,
        q3p: DFF<Bits<PI>>,
        q3r: DFF<Bits<323>>,
        q3off: DFF<Bits<32>>,
        q3mtu: DFF<Bits<16>>,
        q3addr: DFF<Bits<64>>,
        q3raddr: DFF<Bits<64>>,
        q3rem: DFF<Bits<32>>,
        q3chk: DFF<Bits<32>>,
        q4push: DFF<Bit>,
        q4d: DFF<Bits<448>>,
        rec_w: Signal<Local, Bits<323>>,
        rec_wa: Signal<Local, Bits<TA>>,
        rec_ra: Signal<Local, Bits<TA>>,
        q_conn: Signal<Local, Bits<CB>>,
        q_pshift: Signal<Local, Bits<PI>>,
        q_mtus: Signal<Local, Bits<32>>,
        q_code: Signal<Local, Bits<2>>,
        q_ok: Signal<Local, Bit>,
        q_len: Signal<Local, Bits<16>>,
        q_flags: Signal<Local, Bits<8>>,
        q_ffirst: Signal<Local, Bits<8>>,
        q_flast: Signal<Local, Bits<8>>,
        q_fsol: Signal<Local, Bits<8>>,
        q_d: Signal<Local, Bits<448>>,
        q_noff: Signal<Local, Bits<32>>,
        q_s4: Signal<Local, Bits<PI>>,
        q_c4: Signal<Local, Bits<CB>>,
        rnr_entry_q: Fifo<80, 3>,
    }
}

impl<const CB: usize, const PI: usize, const TA: usize> Logic for Retx<CB, PI, TA> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, dl_due, dl_popped, rn_room, q2er, q3er, q1v, q1e, q1p, q2v, q2e, q2p, q2r,
            q2off, q2mtu, q3v, q3e, q3p, q3r, q3off, q3mtu, q3addr, q3raddr, q3rem, q3chk, q4push,
            q4d
        );
        self.rnr_entry_q.clock.next = self.clock.val();
        self.mrec.read_clock.next = self.clock.val();
        self.mrec.write_clock.next = self.clock.val();
        self.n_nack_drop_we.next = false;
        self.n_nack_drop_wd.next = self.n_nack_drop_q.val();
        self.retx_stale_we.next = false;
        self.retx_stale_wd.next = self.retx_stale_q.val();
        self.n_retx_stale_we.next = false;
        self.n_retx_stale_wd.next = self.n_retx_stale_q.val();
        // ---- retransmissions. The per-message record W of each
        // message, written when the segmenter's descriptor of its FIRST
        // packet is taken, at {conn, WQE index mod 32} (a connection has at
        // most MSG_WINDOW = 32 messages between their first packet and their
        // completion, with consecutive WQE indices, so they never share an
        // entry). W: first CSN 0, MSN 32, local address 64, remote address
        // 128, rkey 192, imm 224, message length 256, RSN 288 (24), opcode
        // 312, stream 320 (2), SOLICITED 322.
        self.rec_w.next = bit_cast::<323, 32>(self.seg_pd_csn.val())
            | (bit_cast::<323, 32>(self.seg_pd_msn.val()) << 32)
            | (bit_cast::<323, 64>(self.seg_pd_addr.val()) << 64)
            | (bit_cast::<323, 64>(self.seg_pd_raddr.val()) << 128)
            | (bit_cast::<323, 32>(self.seg_pd_rkey.val()) << 192)
            | (bit_cast::<323, 32>(self.seg_pd_imm.val()) << 224)
            | (bit_cast::<323, 32>(self.seg_pd_msg_len.val()) << 256)
            | (bit_cast::<323, 24>(self.seg_pd_rsn.val()) << 288)
            | (bit_cast::<323, 8>(self.seg_pd_opcode.val()) << 312)
            | (bit_cast::<323, 2>(self.seg_pd_stream.val()) << 320)
            | (bit_cast::<323, 1>(self.seg_pd_flags.val().get_bits::<1>(3)) << 322);
        self.rec_wa.next = (bit_cast::<TA, CB>(self.seg_pd_conn.val()) << 5)
            | bit_cast::<TA, 5>(self.seg_pd_wqe_idx.val().get_bits::<5>(0));
        self.mrec.write_enable.next = self.seg_push.val() & self.seg_pd_flags.val().get_bit(1);
        self.mrec.write_address.next = self.rec_wa.val();
        self.mrec.write_data.next = self.rec_w.val();
        // a lost PSN (tx_path_table's lost stream) reads its slot-table
        // entry (CSN, WQE index, offset in MTUs, FIRST/LAST; 4 edges), then
        // the record of its message (1 edge); the offset in bytes and the
        // MTU (S2), the addresses, the remaining length and the CSN check
        // (S3, prefix adders), the descriptor D (S4) and the FIFO (S5) follow
        // The NO_RECV_BUFFER back-off shares the slot table's read port
        // (the lost stream first, tag 0; a refused PSN's lookup, tag 1):
        // when the entry still holds the NACK's CSN, the PSN is resolved on
        // its path (tx_path_table OP_RESOLVE: it no longer holds the
        // window) and, if it was outstanding, its entry waits in `rnr_hold_q`
        // until `now` passes half of RTO_MIN (the model's `rnr_backoff`),
        // then enters the rebuild in a clock without a lost PSN's entry;
        // a NACK whose entry or PSN no longer matches is dropped and
        // counted (`NACK_DROP`)
        self.rn_take.next =
            self.rnr_lookup_q_valid.val() & !self.lost_take.val() & self.rn_room.q.val();
        self.rn_room.d.next = (self.rnr_entry_q.fill.val() < bits::<16>(5))
            & (self.rnr_resolve_q_fill.val() < bits::<16>(2));
        self.rnr_lookup_q_pop.next = self.rn_take.val();
        self.rnr_entry_q.push.next = self.rn_take.val();
        self.rnr_entry_q.din.next = self.rnr_lookup_q_dout.val();
        self.slt_rd_valid.next = self.lost_take.val() | self.rn_take.val();
        if self.lost_take.val() {
            self.slt_rd_path.next = self.tpt_lost_idx.val();
            self.slt_rd_slot.next = self.tpt_lost_slot.val();
            self.slt_rd_tag.next = 0.into();
        } else {
            self.slt_rd_path.next = self.rnr_lookup_q_dout.val().get_bits::<PI>(0);
            self.slt_rd_slot.next = self.rnr_lookup_q_dout.val().get_bits::<8>(16);
            self.slt_rd_tag.next = 1.into();
        }
        self.rs_rnr.next = self.slt_res_valid.val() & self.slt_res_tag.val().get_bit(0);
        self.rnr_entry_q.pop.next = self.rs_rnr.val();
        self.rs_match.next = self.rs_rnr.val()
            & self.slt_res_entry.val().get_bit(68)
            & (self.slt_res_entry.val().get_bits::<32>(0)
                == self.rnr_entry_q.dout.val().get_bits::<32>(48));
        self.rnr_resolve_q_push.next = self.rs_match.val();
        self.rnr_resolve_q_din.next =
            bit_cast::<120, 48>(self.rnr_entry_q.dout.val().get_bits::<48>(0))
                | (bit_cast::<120, 72>(self.slt_res_entry.val()) << 48);
        self.rn_bo.next = self.rb_cfg_regs.val().get_bits::<32>(256) >> 1;
        self.rnr_hold_q_push.next = self.r_ok.val();
        self.add_dl.a.next = self.now_q.val();
        self.add_dl.b.next = self.rn_bo.val();
        self.add_dl.cin.next = false;
        self.rnr_hold_q_din.next = bit_cast::<120, 32>(self.add_dl.sum.val())
            | (bit_cast::<120, 88>(self.rnr_resolved_q_dout.val()) << 32);
        if (self.rs_rnr.val() & !self.rs_match.val()) & (self.r_res.val() & !self.r_ok.val()) {
            self.rn_dinc.next = bits::<2>(2);
        } else if (self.rs_rnr.val() & !self.rs_match.val()) | (self.r_res.val() & !self.r_ok.val())
        {
            self.rn_dinc.next = bits::<2>(1);
        } else {
            self.rn_dinc.next = bits::<2>(0);
        }
        self.n_nack_drop_we.next = true;
        self.n_nack_drop_wd.next = self.n_nack_drop_q.val()
            + bit_cast::<32, 2>(self.nk_dinc.val())
            + bit_cast::<32, 2>(self.rn_dinc.val());
        self.slt_reb.next = self.slt_res_valid.val() & !self.slt_res_tag.val().get_bit(0);
        // the head's deadline had passed by the previous clock (the flag
        // is registered; it is not used in the clock after a release,
        // where it was the released entry's)
        self.add_due.a.next = self.now_q.val();
        self.add_due.b.next = !self.rnr_hold_q_dout.val().get_bits::<32>(0);
        self.add_due.cin.next = true;
        self.dl_due.d.next = self.rnr_hold_q_valid.val() & !self.add_due.sum.val().get_bit(31);
        self.rel.next = self.dl_due.q.val()
            & !self.dl_popped.q.val()
            & self.rnr_hold_q_valid.val()
            & self.lost_room_q.val()
            & !self.slt_reb.val();
        self.dl_popped.d.next = self.rel.val();
        self.rnr_hold_q_pop.next = self.rel.val();
        if self.rel.val() {
            self.qx_path.next = self.rnr_hold_q_dout.val().get_bits::<PI>(32);
            self.qx_entry.next = self.rnr_hold_q_dout.val().get_bits::<72>(48);
        } else {
            self.qx_path.next = self.slt_res_path.val();
            self.qx_entry.next = self.slt_res_entry.val();
        }
        self.q_pshift.next = self.qx_path.val() >> self.k_pb.val();
        self.q_conn.next = self.q_pshift.val().get_bits::<CB>(0);
        self.rec_ra.next = (bit_cast::<TA, CB>(self.q_conn.val()) << 5)
            | bit_cast::<TA, 5>(self.qx_entry.val().get_bits::<5>(32));
        self.mrec.read_address.next = self.rec_ra.val();
        self.conn_failed_read_address.next = self.q_conn.val();
        self.q1v.d.next = self.slt_reb.val() | self.rel.val();
        self.q1e.d.next = self.qx_entry.val();
        self.q1p.d.next = self.qx_path.val();
        // S2: offset = MTUs << (10 + MTU code) (a 4:1 select), the MTU
        self.q_code.next = self.rb_cfg_regs.val().get_bits::<2>(112);
        self.q_mtus.next = bit_cast::<32, 20>(self.q1e.q.val().get_bits::<20>(48));
        self.q2v.d.next = self.q1v.q.val();
        self.q2e.d.next = self.q1e.q.val();
        self.q2p.d.next = self.q1p.q.val();
        self.q2r.d.next = self.mrec.read_data.val();
        self.q2er.d.next = self.conn_failed_read_data.val().any();
        self.q3er.d.next = self.q2er.q.val();
        if self.q_code.val() == bits::<2>(0) {
            self.q2off.d.next = self.q_mtus.val() << 10;
            self.q2mtu.d.next = bits::<16>(1024);
        } else if self.q_code.val() == bits::<2>(1) {
            self.q2off.d.next = self.q_mtus.val() << 11;
            self.q2mtu.d.next = bits::<16>(2048);
        } else if self.q_code.val() == bits::<2>(2) {
            self.q2off.d.next = self.q_mtus.val() << 12;
            self.q2mtu.d.next = bits::<16>(4096);
        } else {
            self.q2off.d.next = self.q_mtus.val() << 13;
            self.q2mtu.d.next = bits::<16>(8192);
        }
        // S3: address + offset, remote address + offset, length - offset,
        // first CSN + offset in MTUs
        self.add_addr.a.next = self.q2r.q.val().get_bits::<64>(64);
        self.add_addr.b.next = bit_cast::<64, 32>(self.q2off.q.val());
        self.add_addr.cin.next = false;
        self.add_raddr.a.next = self.q2r.q.val().get_bits::<64>(128);
        self.add_raddr.b.next = bit_cast::<64, 32>(self.q2off.q.val());
        self.add_raddr.cin.next = false;
        self.q_noff.next = !self.q2off.q.val();
        self.add_rem.a.next = self.q2r.q.val().get_bits::<32>(256);
        self.add_rem.b.next = self.q_noff.val();
        self.add_rem.cin.next = true;
        self.add_chk.a.next = self.q2r.q.val().get_bits::<32>(0);
        self.add_chk.b.next = bit_cast::<32, 20>(self.q2e.q.val().get_bits::<20>(48));
        self.add_chk.cin.next = false;
        self.q3v.d.next = self.q2v.q.val();
        self.q3e.d.next = self.q2e.q.val();
        self.q3p.d.next = self.q2p.q.val();
        self.q3r.d.next = self.q2r.q.val();
        self.q3off.d.next = self.q2off.q.val();
        self.q3mtu.d.next = self.q2mtu.q.val();
        self.q3addr.d.next = self.add_addr.sum.val();
        self.q3raddr.d.next = self.add_raddr.sum.val();
        self.q3rem.d.next = self.add_rem.sum.val();
        self.q3chk.d.next = self.add_chk.sum.val();
        // S4: the record is still the packet's message when its first CSN
        // plus the packet's offset in MTUs is the packet's CSN (otherwise the
        // message completed, so the peer has the packet, and its entry was
        // reused: dropped and counted). D as the segmenter's, with ACK_REQ
        // and RETX; the length: the rest of the message for its LAST packet,
        // else one MTU.
        self.q_s4.next = self.q3p.q.val() >> self.k_pb.val();
        self.q_c4.next = self.q_s4.val().get_bits::<CB>(0);
        self.q_ok.next =
            (self.q3chk.q.val() == self.q3e.q.val().get_bits::<32>(0)) & !self.q3er.q.val();
        if self.q3e.q.val().get_bit(70) {
            self.q_len.next = self.q3rem.q.val().get_bits::<16>(0);
        } else {
            self.q_len.next = self.q3mtu.q.val();
        }
        self.q_ffirst.next = bits::<8>(0);
        if self.q3e.q.val().get_bit(69) {
            self.q_ffirst.next = self.k_fl_first.val();
        }
        self.q_flast.next = bits::<8>(0);
        if self.q3e.q.val().get_bit(70) {
            self.q_flast.next = self.k_fl_last.val();
        }
        self.q_fsol.next = bits::<8>(0);
        if self.q3r.q.val().get_bit(322) {
            self.q_fsol.next = self.k_fl_sol.val();
        }
        self.q_flags.next =
            self.k_fl_retx.val() | self.q_ffirst.val() | self.q_flast.val() | self.q_fsol.val();
        self.q_d.next = bit_cast::<448, 32>(self.q3e.q.val().get_bits::<32>(0))
            | (bit_cast::<448, 32>(self.q3r.q.val().get_bits::<32>(32)) << 32)
            | (bit_cast::<448, 32>(self.q3off.q.val()) << 64)
            | (bit_cast::<448, 16>(self.q_len.val()) << 96)
            | (bit_cast::<448, 64>(self.q3addr.q.val()) << 112)
            | (bit_cast::<448, 64>(self.q3raddr.q.val()) << 208)
            | (bit_cast::<448, 32>(self.q3r.q.val().get_bits::<32>(192)) << 272)
            | (bit_cast::<448, 32>(self.q3r.q.val().get_bits::<32>(224)) << 304)
            | (bit_cast::<448, 32>(self.q3r.q.val().get_bits::<32>(256)) << 336)
            | (bit_cast::<448, 24>(self.q3r.q.val().get_bits::<24>(288)) << 368)
            | (bit_cast::<448, 16>(self.q3e.q.val().get_bits::<16>(32)) << 392)
            | (bit_cast::<448, 8>(self.q3r.q.val().get_bits::<8>(312)) << 408)
            | (bit_cast::<448, 8>(self.q_flags.val()) << 416)
            | (bit_cast::<448, 2>(self.q3r.q.val().get_bits::<2>(320)) << 424)
            | (bit_cast::<448, CB>(self.q_c4.val()) << 426);
        // S5: into the retransmission FIFO, or counted
        self.q4push.d.next = self.q3v.q.val() & self.q_ok.val();
        self.retx_stale_we.next = true;
        self.retx_stale_wd.next = self.q3v.q.val() & !self.q_ok.val();
        self.q4d.d.next = self.q_d.val();
        self.retx_q_push.next = self.q4push.q.val();
        self.retx_q_din.next = self.q4d.q.val();
        if self.retx_stale_q.val() {
            self.n_retx_stale_we.next = true;
            self.n_retx_stale_wd.next = self.n_retx_stale_q.val() + 1;
        }
        self.ovf.next = self.rnr_entry_q.ovf.val();
    }
}
