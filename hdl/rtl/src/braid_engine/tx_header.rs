//! `tx_header`: the send path's header stage, a sub-block of `braid_engine`
//! (glue only: the command processor, `ack_gen` and `tx_payload` stay
//! direct instances of the top, wired to the ports below).
//!
//! # Behaviour
//!
//! * The head of the header FIFO (`hdr_q`) is popped with its transmit lookup
//!   (the connection's peer MAC, IPv4, ports and remote connection, one
//!   clock) and the path's salt; at the next edge both enter the lookup
//!   FIFO of 8 entries. One packet per clock under a ready `ack_gen`.
//! * The lookup FIFO's head: a packet whose connection is gone is dropped
//!   and counted (`TX_NO_CONN`); the others pass through the register slice
//!   `sk_h` to `ack_gen`'s data port (UDP source port = base + path) and,
//!   at the same edge, their payload request to `tx_payload`.
//!
//! Record layouts are in the comments below.

use crate::fifo::Fifo;
use crate::skid::Skid;
use rust_hdl::prelude::*;

hdl_block! {
    /// The the header stage of the send path of `braid_engine`.
    pub struct TxHeader<const CB: usize, const PI: usize> {
        /// Engine clock.
        pub clock: Signal<In, Clock>,
        /// From `hdr_q.valid`.
        pub hdr_q_valid: Signal<In, Bit>,
        /// From `hdr_q.dout`.
        pub hdr_q_dout: Signal<In, Bits<512>>,
        /// From `cp.tr_sport`.
        pub cp_tr_sport: Signal<In, Bits<16>>,
        /// From `salt.read_data`.
        pub salt_read_data: Signal<In, Bits<12>>,
        /// From `cp.tr_ok`.
        pub cp_tr_ok: Signal<In, Bit>,
        /// From `cp.tr_peer_mac`.
        pub cp_tr_peer_mac: Signal<In, Bits<48>>,
        /// From `cp.tr_peer_ip4`.
        pub cp_tr_peer_ip4: Signal<In, Bits<32>>,
        /// From `cp.tr_dport`.
        pub cp_tr_dport: Signal<In, Bits<16>>,
        /// From `cp.tr_peer_conn`.
        pub cp_tr_peer_conn: Signal<In, Bits<24>>,
        /// From `txp.q_ready`.
        pub txp_q_ready: Signal<In, Bit>,
        /// From `ag.data_ready`.
        pub ag_data_ready: Signal<In, Bit>,
        /// From `rb.cfg_regs`.
        pub rb_cfg_regs: Signal<In, Bits<480>>,
        /// From `now.q`.
        pub now_q: Signal<In, Bits<32>>,
        /// From `n_tx_pkts.q`.
        pub n_tx_pkts_q: Signal<In, Bits<32>>,
        /// From `n_tx_retx.q`.
        pub n_tx_retx_q: Signal<In, Bits<32>>,
        /// From `n_tx_drop.q`.
        pub n_tx_drop_q: Signal<In, Bits<32>>,
        /// From `txp.pl_valid`.
        pub txp_pl_valid: Signal<In, Bit>,
        /// From `txp.pl_ready`.
        pub txp_pl_ready: Signal<In, Bit>,
        /// From `txp.pl_last`.
        pub txp_pl_last: Signal<In, Bit>,
        /// From `txp.pl_err`.
        pub txp_pl_err: Signal<In, Bit>,
        /// From `n_pl_err.q`.
        pub n_pl_err_q: Signal<In, Bits<32>>,
        /// From `k_pb`.
        pub k_pb: Signal<In, Bits<8>>,
        /// To `hdr_q.pop`.
        pub hdr_q_pop: Signal<Out, Bit>,
        /// To `cp.tl_valid`.
        pub cp_tl_valid: Signal<Out, Bit>,
        /// To `cp.tl_conn`.
        pub cp_tl_conn: Signal<Out, Bits<CB>>,
        /// To `cp.tl_tag`.
        pub cp_tl_tag: Signal<Out, Bits<16>>,
        /// To `salt.read_address`.
        pub salt_read_address: Signal<Out, Bits<PI>>,
        /// To `ag.data_valid`.
        pub ag_data_valid: Signal<Out, Bit>,
        /// To `ag.data_dst_mac`.
        pub ag_data_dst_mac: Signal<Out, Bits<48>>,
        /// To `ag.data_src_mac`.
        pub ag_data_src_mac: Signal<Out, Bits<48>>,
        /// To `ag.data_vlan`.
        pub ag_data_vlan: Signal<Out, Bit>,
        /// To `ag.data_vlan_tci`.
        pub ag_data_vlan_tci: Signal<Out, Bits<16>>,
        /// To `ag.data_ipv6`.
        pub ag_data_ipv6: Signal<Out, Bit>,
        /// To `ag.data_src_ip`.
        pub ag_data_src_ip: Signal<Out, Bits<128>>,
        /// To `ag.data_dst_ip`.
        pub ag_data_dst_ip: Signal<Out, Bits<128>>,
        /// To `ag.data_dscp`.
        pub ag_data_dscp: Signal<Out, Bits<6>>,
        /// To `ag.data_ttl`.
        pub ag_data_ttl: Signal<Out, Bits<8>>,
        /// To `ag.data_flow_label`.
        pub ag_data_flow_label: Signal<Out, Bits<20>>,
        /// To `ag.data_udp_sport`.
        pub ag_data_udp_sport: Signal<Out, Bits<16>>,
        /// To `ag.data_udp_dport`.
        pub ag_data_udp_dport: Signal<Out, Bits<16>>,
        /// To `ag.data_opcode`.
        pub ag_data_opcode: Signal<Out, Bits<8>>,
        /// To `ag.data_flags`.
        pub ag_data_flags: Signal<Out, Bits<8>>,
        /// To `ag.data_path_id`.
        pub ag_data_path_id: Signal<Out, Bits<8>>,
        /// To `ag.data_dst_conn`.
        pub ag_data_dst_conn: Signal<Out, Bits<24>>,
        /// To `ag.data_path_psn`.
        pub ag_data_path_psn: Signal<Out, Bits<32>>,
        /// To `ag.data_csn`.
        pub ag_data_csn: Signal<Out, Bits<32>>,
        /// To `ag.data_timestamp`.
        pub ag_data_timestamp: Signal<Out, Bits<32>>,
        /// To `ag.data_payload_len`.
        pub ag_data_payload_len: Signal<Out, Bits<16>>,
        /// To `ag.data_floor_delta`.
        pub ag_data_floor_delta: Signal<Out, Bits<16>>,
        /// To `ag.data_rkey`.
        pub ag_data_rkey: Signal<Out, Bits<32>>,
        /// To `ag.data_va`.
        pub ag_data_va: Signal<Out, Bits<64>>,
        /// To `ag.data_stream`.
        pub ag_data_stream: Signal<Out, Bits<8>>,
        /// To `ag.data_rsn`.
        pub ag_data_rsn: Signal<Out, Bits<24>>,
        /// To `ag.data_msn`.
        pub ag_data_msn: Signal<Out, Bits<32>>,
        /// To `ag.data_offset`.
        pub ag_data_offset: Signal<Out, Bits<32>>,
        /// To `ag.data_msg_len`.
        pub ag_data_msg_len: Signal<Out, Bits<32>>,
        /// To `ag.data_imm`.
        pub ag_data_imm: Signal<Out, Bits<32>>,
        /// To `txp.q_valid`.
        pub txp_q_valid: Signal<Out, Bit>,
        /// To `txp.q_addr`.
        pub txp_q_addr: Signal<Out, Bits<64>>,
        /// To `txp.q_len`.
        pub txp_q_len: Signal<Out, Bits<14>>,
        /// Write `n_tx_pkts` (a register of the top) this clock.
        pub n_tx_pkts_we: Signal<Out, Bit>,
        /// To `n_tx_pkts.d`.
        pub n_tx_pkts_wd: Signal<Out, Bits<32>>,
        /// Write `n_tx_retx` (a register of the top) this clock.
        pub n_tx_retx_we: Signal<Out, Bit>,
        /// To `n_tx_retx.d`.
        pub n_tx_retx_wd: Signal<Out, Bits<32>>,
        /// Write `n_tx_drop` (a register of the top) this clock.
        pub n_tx_drop_we: Signal<Out, Bit>,
        /// To `n_tx_drop.d`.
        pub n_tx_drop_wd: Signal<Out, Bits<32>>,
        /// Write `n_pl_err` (a register of the top) this clock.
        pub n_pl_err_we: Signal<Out, Bit>,
        /// To `n_pl_err.d`.
        pub n_pl_err_wd: Signal<Out, Bits<32>>,
        /// A push to one of its FIFOs was dropped at the last edge.
        pub ovf: Signal<Out, Bit>,
        sk_h: Skid<656>,
        l1v: DFF<Bit>,
        l1d: DFF<Bits<512>>,
        ok_hpop: DFF<Bit>,
        h_d: Signal<Local, Bits<512>>,
        h_path: Signal<Local, Bits<4>>,
        h_ok: Signal<Local, Bit>,
        h_go: Signal<Local, Bit>,
        h_drop: Signal<Local, Bit>,
        h_pop: Signal<Local, Bit>,
        h_sport: Signal<Local, Bits<16>>,
        fill3: Signal<Local, Bits<16>>,
        l1_cnt: Signal<Local, Bits<1>>,
        tr_okb: Signal<Local, Bits<1>>,
        h_e: Signal<Local, Bits<656>>,
        lookup_q: Fifo<656, 3>,
    }
}

impl<const CB: usize, const PI: usize> Logic for TxHeader<CB, PI> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, l1v, l1d, ok_hpop);
        self.lookup_q.clock.next = self.clock.val();
        self.sk_h.clock.next = self.clock.val();
        self.n_tx_pkts_we.next = false;
        self.n_tx_pkts_wd.next = self.n_tx_pkts_q.val();
        self.n_tx_retx_we.next = false;
        self.n_tx_retx_wd.next = self.n_tx_retx_q.val();
        self.n_tx_drop_we.next = false;
        self.n_tx_drop_wd.next = self.n_tx_drop_q.val();
        self.n_pl_err_we.next = false;
        self.n_pl_err_wd.next = self.n_pl_err_q.val();
        // header: H's head is popped into L1 with its transmit lookup
        // (`cmd_proc`, latency 1); at the next edge the descriptor and the
        // lookup's result enter the lookup FIFO (8), whose head goes to
        // ack_gen's data port with the payload request into tx_payload at
        // the same edge. A pop needs room in the lookup FIFO for L1 and it
        // (one packet per clock under a ready `ack_gen`).
        if self.l1v.q.val() {
            self.l1_cnt.next = bits::<1>(1);
        } else {
            self.l1_cnt.next = bits::<1>(0);
        }
        self.fill3.next = self.lookup_q.fill.val() + bit_cast::<16, 1>(self.l1_cnt.val());
        self.ok_hpop.d.next = self.fill3.val() < bits::<16>(7);
        self.h_pop.next = self.hdr_q_valid.val() & self.ok_hpop.q.val();
        self.hdr_q_pop.next = self.h_pop.val();
        self.cp_tl_valid.next = self.h_pop.val();
        self.cp_tl_conn.next = self.hdr_q_dout.val().get_bits::<CB>(426);
        self.cp_tl_tag.next = 0.into();
        // the path's salt, read beside the connection's transport entry
        self.salt_read_address.next =
            (bit_cast::<PI, CB>(self.hdr_q_dout.val().get_bits::<CB>(426)) << self.k_pb.val())
                | bit_cast::<PI, 4>(self.hdr_q_dout.val().get_bits::<4>(438));
        self.l1v.d.next = self.h_pop.val();
        self.l1d.d.next = self.hdr_q_dout.val();
        self.h_path.next = self.l1d.q.val().get_bits::<4>(438);
        self.h_sport.next = self.cp_tr_sport.val()
            + ((bit_cast::<16, 12>(self.salt_read_data.val()) << 4)
                | bit_cast::<16, 4>(self.h_path.val()));
        if self.cp_tr_ok.val() {
            self.tr_okb.next = bits::<1>(1);
        } else {
            self.tr_okb.next = bits::<1>(0);
        }
        // the lookup FIFO's entry: H 0..512, ok 512, peer MAC 513, peer
        // IPv4 561, source port 593, destination port 609, peer conn 625
        self.lookup_q.push.next = self.l1v.q.val();
        self.lookup_q.din.next = bit_cast::<656, 512>(self.l1d.q.val())
            | (bit_cast::<656, 1>(self.tr_okb.val()) << 512)
            | (bit_cast::<656, 48>(self.cp_tr_peer_mac.val()) << 513)
            | (bit_cast::<656, 32>(self.cp_tr_peer_ip4.val()) << 561)
            | (bit_cast::<656, 16>(self.h_sport.val()) << 593)
            | (bit_cast::<656, 16>(self.cp_tr_dport.val()) << 609)
            | (bit_cast::<656, 24>(self.cp_tr_peer_conn.val()) << 625);
        // the head of the lookup FIFO: a refused one (no connection) is
        // dropped, the others go through the register slice `sk_h` (so that
        // ack_gen's `data_ready` never reaches the FIFO's read side)
        self.h_ok.next = self.lookup_q.valid.val() & self.lookup_q.dout.val().get_bit(512);
        self.h_drop.next = self.lookup_q.valid.val() & !self.lookup_q.dout.val().get_bit(512);
        self.sk_h.s_valid.next = self.h_ok.val();
        self.sk_h.s_data.next = self.lookup_q.dout.val();
        self.lookup_q.pop.next = (self.h_ok.val() & self.sk_h.s_ready.val()) | self.h_drop.val();
        self.h_e.next = self.sk_h.m_data.val();
        self.h_d.next = self.h_e.val().get_bits::<512>(0);
        self.ag_data_valid.next = self.sk_h.m_valid.val() & self.txp_q_ready.val();
        self.h_go.next =
            self.sk_h.m_valid.val() & self.txp_q_ready.val() & self.ag_data_ready.val();
        self.sk_h.m_ready.next = self.h_go.val();
        self.ag_data_dst_mac.next = self.h_e.val().get_bits::<48>(513);
        self.ag_data_src_mac.next = (bit_cast::<48, 16>(self.rb_cfg_regs.val().get_bits::<16>(32))
            << bits::<6>(32))
            | bit_cast::<48, 32>(self.rb_cfg_regs.val().get_bits::<32>(0));
        self.ag_data_vlan.next = false;
        self.ag_data_vlan_tci.next = 0.into();
        self.ag_data_ipv6.next = false;
        self.ag_data_src_ip.next = bit_cast::<128, 32>(self.rb_cfg_regs.val().get_bits::<32>(64));
        self.ag_data_dst_ip.next = bit_cast::<128, 32>(self.h_e.val().get_bits::<32>(561));
        self.ag_data_dscp.next = 0.into();
        self.ag_data_ttl.next = 64.into();
        self.ag_data_flow_label.next = 0.into();
        self.ag_data_udp_sport.next = self.h_e.val().get_bits::<16>(593);
        self.ag_data_udp_dport.next = self.h_e.val().get_bits::<16>(609);
        self.ag_data_opcode.next = self.h_d.val().get_bits::<8>(408);
        self.ag_data_flags.next = self.h_d.val().get_bits::<8>(416);
        self.ag_data_path_id.next = bit_cast::<8, 4>(self.h_d.val().get_bits::<4>(438));
        self.ag_data_dst_conn.next = self.h_e.val().get_bits::<24>(625);
        self.ag_data_path_psn.next = self.h_d.val().get_bits::<32>(448);
        self.ag_data_csn.next = self.h_d.val().get_bits::<32>(0);
        self.ag_data_timestamp.next = self.now_q.val();
        self.ag_data_payload_len.next = self.h_d.val().get_bits::<16>(96);
        self.ag_data_floor_delta.next = self.h_d.val().get_bits::<16>(488);
        self.ag_data_rkey.next = self.h_d.val().get_bits::<32>(272);
        self.ag_data_va.next = self.h_d.val().get_bits::<64>(208);
        self.ag_data_stream.next = bit_cast::<8, 2>(self.h_d.val().get_bits::<2>(424));
        self.ag_data_rsn.next = self.h_d.val().get_bits::<24>(368);
        self.ag_data_msn.next = self.h_d.val().get_bits::<32>(32);
        self.ag_data_offset.next = self.h_d.val().get_bits::<32>(64);
        self.ag_data_msg_len.next = self.h_d.val().get_bits::<32>(336);
        self.ag_data_imm.next = self.h_d.val().get_bits::<32>(304);
        self.txp_q_valid.next = self.h_go.val();
        self.txp_q_addr.next = self.h_d.val().get_bits::<64>(112);
        self.txp_q_len.next = self.h_d.val().get_bits::<14>(96);
        if self.h_go.val() {
            self.n_tx_pkts_we.next = true;
            self.n_tx_pkts_wd.next = self.n_tx_pkts_q.val() + 1;
        }
        if self.h_go.val() & self.h_d.val().get_bit(420) {
            self.n_tx_retx_we.next = true;
            self.n_tx_retx_wd.next = self.n_tx_retx_q.val() + 1;
        }
        if self.h_drop.val() {
            self.n_tx_drop_we.next = true;
            self.n_tx_drop_wd.next = self.n_tx_drop_q.val() + 1;
        }
        if self.txp_pl_valid.val()
            & self.txp_pl_ready.val()
            & self.txp_pl_last.val()
            & self.txp_pl_err.val()
        {
            self.n_pl_err_we.next = true;
            self.n_pl_err_wd.next = self.n_pl_err_q.val() + 1;
        }
        self.ovf.next = self.lookup_q.ovf.val();
    }
}
