//! Stage H of `TxBuilder`: the header fields of one frame, each placed
//! into its layer's template.

use super::*;

/// A big-endian piece from bytes (byte 0 most significant), `N = 8 * len`.
fn be_piece<const N: usize>(bytes: &[u8]) -> Bits<N> {
    assert_eq!(bytes.len() * 8, N);
    let mut b = Bits::<N>::default();
    for &x in bytes {
        b = (b << 8u64) | bits::<N>(x as u64);
    }
    b
}

/// The constant parts of the IPv4 header as braid-spec's emitter writes them
/// (version, IHL, ECT(0), DF, protocol; every per-packet field zero), in an
/// L3 piece.
fn v4_template() -> Bits<L3_BITS> {
    let mut buf = [0u8; L3_BITS / 8];
    let r = Ipv4Repr {
        dscp: 0,
        ecn: ip::ECN_ECT0,
        ident: 0,
        dont_frag: true,
        ttl: 0,
        src: [0; 4],
        dst: [0; 4],
    };
    r.emit(&mut ip::Ipv4Packet::new_unchecked(&mut buf[..]), 0);
    ip::V4_TOTAL_LEN.write(&mut buf, 0);
    ip::V4_CHECKSUM.write(&mut buf, 0);
    be_piece(&buf)
}

/// The constant parts of the IPv6 header (version, ECT(0), next header).
fn v6_template() -> Bits<L3_BITS> {
    let mut buf = [0u8; L3_BITS / 8];
    let r = Ipv6Repr {
        dscp: 0,
        ecn: ip::ECN_ECT0,
        flow_label: 0,
        hop_limit: 0,
        src: [0; 16],
        dst: [0; 16],
    };
    r.emit(&mut ip::Ipv6Packet::new_unchecked(&mut buf[..]), 0);
    ip::V6_PAYLOAD_LEN.write(&mut buf, 0);
    be_piece(&buf)
}

/// The constant part of the Braid base header (version).
fn br_template() -> Bits<BR_BITS> {
    let mut buf = [0u8; BR_BITS / 8];
    braid::B_VERSION.write(&mut buf, BRAID_VERSION as u64);
    be_piece(&buf)
}

hdl_block! {
    /// Stage B of `TxBuilder` (combinational): every header field at its place,
    /// in four big-endian pieces, from one descriptor. Lengths and the IPv4
    /// checksum are left zero (filled in by `TxAssemble`).
    pub struct TxHeaderFields {
        /// Destination MAC (first byte on the wire = bits 47:40).
        pub dst_mac: Signal<In, Bits<48>>,
        /// Source MAC.
        pub src_mac: Signal<In, Bits<48>>,
        /// Insert one 802.1Q tag.
        pub vlan: Signal<In, Bit>,
        /// Tag control information (PCP, DEI, VID) when `vlan`.
        pub vlan_tci: Signal<In, Bits<16>>,
        /// IPv6 (else IPv4).
        pub ipv6: Signal<In, Bit>,
        /// Source address; IPv4 in bits 31:0 (::ffff:a.b.c.d, upper bits ignored).
        pub src_ip: Signal<In, Bits<128>>,
        /// Destination address; IPv4 in bits 31:0.
        pub dst_ip: Signal<In, Bits<128>>,
        /// DSCP.
        pub dscp: Signal<In, Bits<6>>,
        /// IPv4 TTL / IPv6 hop limit.
        pub ttl: Signal<In, Bits<8>>,
        /// IPv6 flow label (ignored for IPv4).
        pub flow_label: Signal<In, Bits<20>>,
        /// UDP source port (path entropy).
        pub udp_sport: Signal<In, Bits<16>>,
        /// UDP destination port.
        pub udp_dport: Signal<In, Bits<16>>,
        /// Braid opcode.
        pub opcode: Signal<In, Bits<8>>,
        /// Braid flags.
        pub flags: Signal<In, Bits<8>>,
        /// Path id.
        pub path_id: Signal<In, Bits<8>>,
        /// Destination connection id.
        pub dst_conn: Signal<In, Bits<24>>,
        /// Path PSN.
        pub path_psn: Signal<In, Bits<32>>,
        /// Connection sequence number.
        pub csn: Signal<In, Bits<32>>,
        /// Sender timestamp.
        pub timestamp: Signal<In, Bits<32>>,
        /// Payload bytes (the payload input carries ceil(payload_len/64) beats).
        pub payload_len: Signal<In, Bits<16>>,
        /// Path floor delta.
        pub floor_delta: Signal<In, Bits<16>>,
        /// WRITE: remote key.
        pub rkey: Signal<In, Bits<32>>,
        /// WRITE: virtual address.
        pub va: Signal<In, Bits<64>>,
        /// WRITE/SEND: stream.
        pub stream: Signal<In, Bits<8>>,
        /// SEND: receive sequence number.
        pub rsn: Signal<In, Bits<24>>,
        /// WRITE/SEND: message sequence number.
        pub msn: Signal<In, Bits<32>>,
        /// SEND: offset.
        pub offset: Signal<In, Bits<32>>,
        /// WRITE/SEND: message length.
        pub msg_len: Signal<In, Bits<32>>,
        /// WRITE_IMM/SEND_IMM: immediate.
        pub imm: Signal<In, Bits<32>>,
        /// ACK: base PSN.
        pub ack_base_psn: Signal<In, Bits<32>>,
        /// ACK: CSN base.
        pub ack_csn_base: Signal<In, Bits<32>>,
        /// ACK: echoed timestamp.
        pub ack_ts_echo: Signal<In, Bits<32>>,
        /// ACK: ECN count.
        pub ack_ecn_count: Signal<In, Bits<16>>,
        /// ACK: rate hint.
        pub ack_rate_hint: Signal<In, Bits<16>>,
        /// ACK: SACK bitvector, bit j = PSN base_psn + j (wire byte k = bits 8k+7..8k).
        pub ack_sack: Signal<In, Bits<256>>,
        /// NACK: reason.
        pub nack_reason: Signal<In, Bits<8>>,
        /// NACK: PSN.
        pub nack_psn: Signal<In, Bits<32>>,
        /// NACK: CSN.
        pub nack_csn: Signal<In, Bits<32>>,
        /// NACK: detail.
        pub nack_detail: Signal<In, Bits<32>>,
        /// PROBE/PROBE_REPLY: sequence.
        pub probe_seq: Signal<In, Bits<32>>,
        /// PROBE/PROBE_REPLY: timestamp.
        pub probe_ts: Signal<In, Bits<32>>,
        /// L2 piece: Ethernet (+ tag), 18 bytes, big-endian.
        pub l2: Signal<Out, Bits<L2_BITS>>,
        /// L3 piece: IPv6, or IPv4 in the first 20 bytes; 40 bytes.
        pub l3: Signal<Out, Bits<L3_BITS>>,
        /// UDP header (length and checksum zero).
        pub udp: Signal<Out, Bits<UDP_BITS>>,
        /// Braid headers (base, extension, immediate), 72 bytes.
        pub br: Signal<Out, Bits<BR_BITS>>,
        /// UDP header + Braid header bytes.
        pub uhl: Signal<Out, Bits<8>>,
        /// Ethernet (+ tag) + IP header bytes.
        pub l23: Signal<Out, Bits<8>>,
        /// IPv4 header words 0-2 summed (16-bit big-endian words, checksum zero).
        pub cs0: Signal<Out, Bits<18>>,
        /// IPv4 header words 3-5 summed.
        pub cs1: Signal<Out, Bits<18>>,
        /// IPv4 header words 6-7 summed.
        pub cs2: Signal<Out, Bits<18>>,
        /// IPv4 header words 8-9 summed.
        pub cs3: Signal<Out, Bits<18>>,
        v4: Signal<Local, Bits<L3_BITS>>,
        v6: Signal<Local, Bits<L3_BITS>>,
        et_ip: Signal<Local, Bits<16>>,
        l2base: Signal<Local, Bits<L2_BITS>>,
        base: Signal<Local, Bits<BR_BITS>>,
        hl: Signal<Local, Bits<8>>,
        is_write: Signal<Local, Bit>,
        is_send: Signal<Local, Bit>,
        is_ack: Signal<Local, Bit>,
        is_nack: Signal<Local, Bit>,
        is_probe: Signal<Local, Bit>,
        has_imm: Signal<Local, Bit>,
        ext_w: Signal<Local, Bits<BR_BITS>>,
        ext_s: Signal<Local, Bits<BR_BITS>>,
        ext_a: Signal<Local, Bits<BR_BITS>>,
        ext_n: Signal<Local, Bits<BR_BITS>>,
        ext_p: Signal<Local, Bits<BR_BITS>>,
        sack_be: Signal<Local, Bits<256>>,
        csa0_s: Signal<Local, Bits<18>>,
        csa0_c: Signal<Local, Bits<18>>,
        csa1_s: Signal<Local, Bits<18>>,
        csa1_c: Signal<Local, Bits<18>>,
        add_cs0: PrefixAdd<18>,
        add_cs1: PrefixAdd<18>,
        add_cs2: PrefixAdd<18>,
        add_cs3: PrefixAdd<18>,
        // constants: EtherTypes, lengths, opcodes, templates
        k_et_v4: Constant<Bits<16>> = kb(eth::ETHERTYPE_IPV4 as u64),
        k_et_v6: Constant<Bits<16>> = kb(eth::ETHERTYPE_IPV6 as u64),
        k_et_vlan: Constant<Bits<16>> = kb(eth::ETHERTYPE_VLAN as u64),
        k_l23_00: Constant<Bits<8>> = l23(false, false),
        k_l23_01: Constant<Bits<8>> = l23(false, true),
        k_l23_10: Constant<Bits<8>> = l23(true, false),
        k_l23_11: Constant<Bits<8>> = l23(true, true),
        k_udp_len: Constant<Bits<8>> = kb(UDP_LEN as u64),
        k_op_write: Constant<Bits<8>> = op(Opcode::Write),
        k_op_write_imm: Constant<Bits<8>> = op(Opcode::WriteImm),
        k_op_send: Constant<Bits<8>> = op(Opcode::Send),
        k_op_send_imm: Constant<Bits<8>> = op(Opcode::SendImm),
        k_op_ack: Constant<Bits<8>> = op(Opcode::Ack),
        k_op_nack: Constant<Bits<8>> = op(Opcode::Nack),
        k_op_probe: Constant<Bits<8>> = op(Opcode::Probe),
        k_op_probe_reply: Constant<Bits<8>> = op(Opcode::ProbeReply),
        k_hl_write: Constant<Bits<8>> = hl(Opcode::Write),
        k_hl_write_imm: Constant<Bits<8>> = hl(Opcode::WriteImm),
        k_hl_send: Constant<Bits<8>> = hl(Opcode::Send),
        k_hl_send_imm: Constant<Bits<8>> = hl(Opcode::SendImm),
        k_hl_ack: Constant<Bits<8>> = hl(Opcode::Ack),
        k_hl_nack: Constant<Bits<8>> = hl(Opcode::Nack),
        k_hl_probe: Constant<Bits<8>> = hl(Opcode::Probe),
        k_hl_base: Constant<Bits<8>> = kb(BASE_HEADER_LEN as u64),
        k_v4: Constant<Bits<L3_BITS>> = Constant::new(v4_template()),
        k_v6: Constant<Bits<L3_BITS>> = Constant::new(v6_template()),
        k_br: Constant<Bits<BR_BITS>> = Constant::new(br_template()),
        // constants: field shifts
        sh_eth_dst: Constant<Bits<11>> = fsh(L2_BITS, 0, &eth::ETH_DST),
        sh_eth_src: Constant<Bits<11>> = fsh(L2_BITS, 0, &eth::ETH_SRC),
        sh_eth_type: Constant<Bits<11>> = fsh(L2_BITS, 0, &eth::ETH_TYPE),
        sh_vlan_tci: Constant<Bits<11>> = fsh(L2_BITS, ETHERNET_LEN, &tci),
        sh_vlan_type: Constant<Bits<11>> = fsh(L2_BITS, ETHERNET_LEN, &eth::VLAN_TYPE),
        sh_v4_dscp: Constant<Bits<11>> = fsh(L3_BITS, 0, &ip::V4_DSCP),
        sh_v4_ttl: Constant<Bits<11>> = fsh(L3_BITS, 0, &ip::V4_TTL),
        sh_v4_src: Constant<Bits<11>> = fsh(L3_BITS, 0, &ip::V4_SRC),
        sh_v4_dst: Constant<Bits<11>> = fsh(L3_BITS, 0, &ip::V4_DST),
        sh_v6_dscp: Constant<Bits<11>> = fsh(L3_BITS, 0, &ip::V6_DSCP),
        sh_v6_flow: Constant<Bits<11>> = fsh(L3_BITS, 0, &ip::V6_FLOW),
        sh_v6_hop: Constant<Bits<11>> = fsh(L3_BITS, 0, &ip::V6_HOP),
        sh_v6_src: Constant<Bits<11>> = fsh(L3_BITS, 0, &ip::V6_SRC),
        sh_v6_dst: Constant<Bits<11>> = fsh(L3_BITS, 0, &ip::V6_DST),
        sh_udp_src: Constant<Bits<11>> = fsh(UDP_BITS, 0, &udp::UDP_SRC),
        sh_udp_dst: Constant<Bits<11>> = fsh(UDP_BITS, 0, &udp::UDP_DST),
        sh_b_opcode: Constant<Bits<11>> = fsh(BR_BITS, 0, &B_OPCODE),
        sh_b_flags: Constant<Bits<11>> = fsh(BR_BITS, 0, &B_FLAGS),
        sh_b_path_id: Constant<Bits<11>> = fsh(BR_BITS, 0, &B_PATH_ID),
        sh_b_hdr_words: Constant<Bits<11>> = fsh(BR_BITS, 0, &B_HDR_WORDS),
        sh_b_dst_conn: Constant<Bits<11>> = fsh(BR_BITS, 0, &B_DST_CONN),
        sh_b_path_psn: Constant<Bits<11>> = fsh(BR_BITS, 0, &B_PATH_PSN),
        sh_b_csn: Constant<Bits<11>> = fsh(BR_BITS, 0, &B_CSN),
        sh_b_timestamp: Constant<Bits<11>> = fsh(BR_BITS, 0, &B_TIMESTAMP),
        sh_b_payload_len: Constant<Bits<11>> = fsh(BR_BITS, 0, &B_PAYLOAD_LEN),
        sh_b_floor_delta: Constant<Bits<11>> = fsh(BR_BITS, 0, &B_FLOOR_DELTA),
        sh_w_rkey: Constant<Bits<11>> = fsh(BR_BITS, ext, &W_RKEY),
        sh_w_va: Constant<Bits<11>> = fsh(BR_BITS, ext, &W_VA),
        sh_w_stream: Constant<Bits<11>> = fsh(BR_BITS, ext, &W_STREAM),
        sh_w_msn: Constant<Bits<11>> = fsh(BR_BITS, ext, &W_MSN),
        sh_w_msg_len: Constant<Bits<11>> = fsh(BR_BITS, ext, &W_MSG_LEN),
        sh_w_imm: Constant<Bits<11>> = fsh(BR_BITS, ext + WRITE_EXT_LEN, &I_IMM),
        sh_s_stream: Constant<Bits<11>> = fsh(BR_BITS, ext, &S_STREAM),
        sh_s_rsn: Constant<Bits<11>> = fsh(BR_BITS, ext, &S_RSN),
        sh_s_msn: Constant<Bits<11>> = fsh(BR_BITS, ext, &S_MSN),
        sh_s_offset: Constant<Bits<11>> = fsh(BR_BITS, ext, &S_OFFSET),
        sh_s_msg_len: Constant<Bits<11>> = fsh(BR_BITS, ext, &S_MSG_LEN),
        sh_s_imm: Constant<Bits<11>> = fsh(BR_BITS, ext + SEND_EXT_LEN, &I_IMM),
        sh_a_base_psn: Constant<Bits<11>> = fsh(BR_BITS, ext, &A_BASE_PSN),
        sh_a_csn_base: Constant<Bits<11>> = fsh(BR_BITS, ext, &A_CSN_BASE),
        sh_a_ts_echo: Constant<Bits<11>> = fsh(BR_BITS, ext, &A_TS_ECHO),
        sh_a_ecn_count: Constant<Bits<11>> = fsh(BR_BITS, ext, &A_ECN_COUNT),
        sh_a_rate_hint: Constant<Bits<11>> = fsh(BR_BITS, ext, &A_RATE_HINT),
        sh_a_sack: Constant<Bits<11>> = fsh(BR_BITS, ext, &A_SACK),
        sh_n_reason: Constant<Bits<11>> = fsh(BR_BITS, ext, &N_REASON),
        sh_n_psn: Constant<Bits<11>> = fsh(BR_BITS, ext, &N_PSN),
        sh_n_csn: Constant<Bits<11>> = fsh(BR_BITS, ext, &N_CSN),
        sh_n_detail: Constant<Bits<11>> = fsh(BR_BITS, ext, &N_DETAIL),
        sh_p_seq: Constant<Bits<11>> = fsh(BR_BITS, ext, &P_SEQ),
        sh_p_ts: Constant<Bits<11>> = fsh(BR_BITS, ext, &P_TS),
    }
    setup {
        use braid::*;
        let l2len = |vlan: bool| ETHERNET_LEN + if vlan { VLAN_TAG_LEN } else { 0 };
        let l3len = |v6: bool| if v6 { IPV6_LEN } else { IPV4_LEN };
        let l23 = |vlan, v6| kb::<8>((l2len(vlan) + l3len(v6)) as u64);
        let hl = |op: Opcode| kb::<8>(op.header_len() as u64);
        let op = |op: Opcode| kb::<8>(op.value() as u64);
        let ext = BASE_HEADER_LEN;
        // the TCI spans pcp, dei and vid
        assert_eq!(eth::VLAN_VID.end_bit(), eth::VLAN_PCP.start_bit() + 16);
        let tci = Field {
            bits: 16,
            ..eth::VLAN_PCP
        };
        // the DSCP of IPv4 and IPv6 sits right above the two ECN bits
        assert_eq!(ip::V4_DSCP.end_bit(), ip::V4_ECN.start_bit());
    }
}

impl Logic for TxHeaderFields {
    #[hdl_gen]
    fn update(&mut self) {
        // L2: Ethernet, with the tag's TPID, TCI and inner EtherType when tagged
        self.et_ip.next = self.k_et_v4.val();
        if self.ipv6.val() {
            self.et_ip.next = self.k_et_v6.val();
        }
        self.l2base.next = (bit_cast::<L2_BITS, 48>(self.dst_mac.val()) << self.sh_eth_dst.val())
            | (bit_cast::<L2_BITS, 48>(self.src_mac.val()) << self.sh_eth_src.val());
        self.l2.next = self.l2base.val()
            | (bit_cast::<L2_BITS, 16>(self.et_ip.val()) << self.sh_eth_type.val());
        self.l23.next = self.k_l23_00.val();
        if self.vlan.val() {
            self.l2.next = self.l2base.val()
                | (bit_cast::<L2_BITS, 16>(self.k_et_vlan.val()) << self.sh_eth_type.val())
                | (bit_cast::<L2_BITS, 16>(self.vlan_tci.val()) << self.sh_vlan_tci.val())
                | (bit_cast::<L2_BITS, 16>(self.et_ip.val()) << self.sh_vlan_type.val());
            self.l23.next = self.k_l23_10.val();
            if self.ipv6.val() {
                self.l23.next = self.k_l23_11.val();
            }
        } else if self.ipv6.val() {
            self.l23.next = self.k_l23_01.val();
        }

        // L3 (lengths and checksum stay zero here)
        self.v4.next = self.k_v4.val()
            | (bit_cast::<L3_BITS, 6>(self.dscp.val()) << self.sh_v4_dscp.val())
            | (bit_cast::<L3_BITS, 8>(self.ttl.val()) << self.sh_v4_ttl.val())
            | (bit_cast::<L3_BITS, 32>(self.src_ip.val().get_bits::<32>(0))
                << self.sh_v4_src.val())
            | (bit_cast::<L3_BITS, 32>(self.dst_ip.val().get_bits::<32>(0))
                << self.sh_v4_dst.val());
        self.v6.next = self.k_v6.val()
            | (bit_cast::<L3_BITS, 6>(self.dscp.val()) << self.sh_v6_dscp.val())
            | (bit_cast::<L3_BITS, 20>(self.flow_label.val()) << self.sh_v6_flow.val())
            | (bit_cast::<L3_BITS, 8>(self.ttl.val()) << self.sh_v6_hop.val())
            | (bit_cast::<L3_BITS, 128>(self.src_ip.val()) << self.sh_v6_src.val())
            | (bit_cast::<L3_BITS, 128>(self.dst_ip.val()) << self.sh_v6_dst.val());
        self.l3.next = self.v4.val();
        if self.ipv6.val() {
            self.l3.next = self.v6.val();
        }
        // IPv4 checksum partial sums (RFC 791 words of the header's first 20 bytes)
        self.csa0_s.next = bit_cast::<18, 16>(self.v4.val().get_bits::<16>(304))
            ^ bit_cast::<18, 16>(self.v4.val().get_bits::<16>(288))
            ^ bit_cast::<18, 16>(self.v4.val().get_bits::<16>(272));
        self.csa0_c.next = ((bit_cast::<18, 16>(self.v4.val().get_bits::<16>(304))
            & bit_cast::<18, 16>(self.v4.val().get_bits::<16>(288)))
            | (bit_cast::<18, 16>(self.v4.val().get_bits::<16>(304))
                & bit_cast::<18, 16>(self.v4.val().get_bits::<16>(272)))
            | (bit_cast::<18, 16>(self.v4.val().get_bits::<16>(288))
                & bit_cast::<18, 16>(self.v4.val().get_bits::<16>(272))))
            << 1;
        self.csa1_s.next = bit_cast::<18, 16>(self.v4.val().get_bits::<16>(256))
            ^ bit_cast::<18, 16>(self.v4.val().get_bits::<16>(240))
            ^ bit_cast::<18, 16>(self.v4.val().get_bits::<16>(224));
        self.csa1_c.next = ((bit_cast::<18, 16>(self.v4.val().get_bits::<16>(256))
            & bit_cast::<18, 16>(self.v4.val().get_bits::<16>(240)))
            | (bit_cast::<18, 16>(self.v4.val().get_bits::<16>(256))
                & bit_cast::<18, 16>(self.v4.val().get_bits::<16>(224)))
            | (bit_cast::<18, 16>(self.v4.val().get_bits::<16>(240))
                & bit_cast::<18, 16>(self.v4.val().get_bits::<16>(224))))
            << 1;
        self.add_cs0.a.next = self.csa0_s.val();
        self.add_cs0.b.next = self.csa0_c.val();
        self.add_cs0.cin.next = false;
        self.add_cs1.a.next = self.csa1_s.val();
        self.add_cs1.b.next = self.csa1_c.val();
        self.add_cs1.cin.next = false;
        self.add_cs2.a.next = bit_cast::<18, 16>(self.v4.val().get_bits::<16>(208));
        self.add_cs2.b.next = bit_cast::<18, 16>(self.v4.val().get_bits::<16>(192));
        self.add_cs2.cin.next = false;
        self.add_cs3.a.next = bit_cast::<18, 16>(self.v4.val().get_bits::<16>(176));
        self.add_cs3.b.next = bit_cast::<18, 16>(self.v4.val().get_bits::<16>(160));
        self.add_cs3.cin.next = false;
        self.cs0.next = self.add_cs0.sum.val();
        self.cs1.next = self.add_cs1.sum.val();
        self.cs2.next = self.add_cs2.sum.val();
        self.cs3.next = self.add_cs3.sum.val();

        // UDP (length and checksum zero here)
        self.udp.next = (bit_cast::<UDP_BITS, 16>(self.udp_sport.val()) << self.sh_udp_src.val())
            | (bit_cast::<UDP_BITS, 16>(self.udp_dport.val()) << self.sh_udp_dst.val());

        // Braid: the opcode selects the header length and the extension
        self.is_write.next = false;
        self.is_send.next = false;
        self.is_ack.next = false;
        self.is_nack.next = false;
        self.is_probe.next = false;
        self.has_imm.next = false;
        self.hl.next = self.k_hl_base.val();
        if self.opcode.val() == self.k_op_write.val() {
            self.is_write.next = true;
            self.hl.next = self.k_hl_write.val();
        }
        if self.opcode.val() == self.k_op_write_imm.val() {
            self.is_write.next = true;
            self.has_imm.next = true;
            self.hl.next = self.k_hl_write_imm.val();
        }
        if self.opcode.val() == self.k_op_send.val() {
            self.is_send.next = true;
            self.hl.next = self.k_hl_send.val();
        }
        if self.opcode.val() == self.k_op_send_imm.val() {
            self.is_send.next = true;
            self.has_imm.next = true;
            self.hl.next = self.k_hl_send_imm.val();
        }
        if self.opcode.val() == self.k_op_ack.val() {
            self.is_ack.next = true;
            self.hl.next = self.k_hl_ack.val();
        }
        if self.opcode.val() == self.k_op_nack.val() {
            self.is_nack.next = true;
            self.hl.next = self.k_hl_nack.val();
        }
        if (self.opcode.val() == self.k_op_probe.val())
            | (self.opcode.val() == self.k_op_probe_reply.val())
        {
            self.is_probe.next = true;
            self.hl.next = self.k_hl_probe.val();
        }
        self.uhl.next = self.hl.val() + self.k_udp_len.val();
        self.base.next = self.k_br.val()
            | (bit_cast::<BR_BITS, 8>(self.opcode.val()) << self.sh_b_opcode.val())
            | (bit_cast::<BR_BITS, 8>(self.flags.val()) << self.sh_b_flags.val())
            | (bit_cast::<BR_BITS, 8>(self.path_id.val()) << self.sh_b_path_id.val())
            | (bit_cast::<BR_BITS, 8>(self.hl.val() >> 2) << self.sh_b_hdr_words.val())
            | (bit_cast::<BR_BITS, 24>(self.dst_conn.val()) << self.sh_b_dst_conn.val())
            | (bit_cast::<BR_BITS, 32>(self.path_psn.val()) << self.sh_b_path_psn.val())
            | (bit_cast::<BR_BITS, 32>(self.csn.val()) << self.sh_b_csn.val())
            | (bit_cast::<BR_BITS, 32>(self.timestamp.val()) << self.sh_b_timestamp.val())
            | (bit_cast::<BR_BITS, 16>(self.payload_len.val()) << self.sh_b_payload_len.val())
            | (bit_cast::<BR_BITS, 16>(self.floor_delta.val()) << self.sh_b_floor_delta.val());
        self.ext_w.next = (bit_cast::<BR_BITS, 32>(self.rkey.val()) << self.sh_w_rkey.val())
            | (bit_cast::<BR_BITS, 64>(self.va.val()) << self.sh_w_va.val())
            | (bit_cast::<BR_BITS, 8>(self.stream.val()) << self.sh_w_stream.val())
            | (bit_cast::<BR_BITS, 32>(self.msn.val()) << self.sh_w_msn.val())
            | (bit_cast::<BR_BITS, 32>(self.msg_len.val()) << self.sh_w_msg_len.val());
        if self.has_imm.val() {
            self.ext_w.next = (bit_cast::<BR_BITS, 32>(self.rkey.val()) << self.sh_w_rkey.val())
                | (bit_cast::<BR_BITS, 64>(self.va.val()) << self.sh_w_va.val())
                | (bit_cast::<BR_BITS, 8>(self.stream.val()) << self.sh_w_stream.val())
                | (bit_cast::<BR_BITS, 32>(self.msn.val()) << self.sh_w_msn.val())
                | (bit_cast::<BR_BITS, 32>(self.msg_len.val()) << self.sh_w_msg_len.val())
                | (bit_cast::<BR_BITS, 32>(self.imm.val()) << self.sh_w_imm.val());
        }
        self.ext_s.next = (bit_cast::<BR_BITS, 8>(self.stream.val()) << self.sh_s_stream.val())
            | (bit_cast::<BR_BITS, 24>(self.rsn.val()) << self.sh_s_rsn.val())
            | (bit_cast::<BR_BITS, 32>(self.msn.val()) << self.sh_s_msn.val())
            | (bit_cast::<BR_BITS, 32>(self.offset.val()) << self.sh_s_offset.val())
            | (bit_cast::<BR_BITS, 32>(self.msg_len.val()) << self.sh_s_msg_len.val());
        if self.has_imm.val() {
            self.ext_s.next = (bit_cast::<BR_BITS, 8>(self.stream.val()) << self.sh_s_stream.val())
                | (bit_cast::<BR_BITS, 24>(self.rsn.val()) << self.sh_s_rsn.val())
                | (bit_cast::<BR_BITS, 32>(self.msn.val()) << self.sh_s_msn.val())
                | (bit_cast::<BR_BITS, 32>(self.offset.val()) << self.sh_s_offset.val())
                | (bit_cast::<BR_BITS, 32>(self.msg_len.val()) << self.sh_s_msg_len.val())
                | (bit_cast::<BR_BITS, 32>(self.imm.val()) << self.sh_s_imm.val());
        }
        self.sack_be.next = (bit_cast::<256, 8>(self.ack_sack.val().get_bits::<8>(0)) << 248)
            | (bit_cast::<256, 8>(self.ack_sack.val().get_bits::<8>(8)) << 240)
            | (bit_cast::<256, 8>(self.ack_sack.val().get_bits::<8>(16)) << 232)
            | (bit_cast::<256, 8>(self.ack_sack.val().get_bits::<8>(24)) << 224)
            | (bit_cast::<256, 8>(self.ack_sack.val().get_bits::<8>(32)) << 216)
            | (bit_cast::<256, 8>(self.ack_sack.val().get_bits::<8>(40)) << 208)
            | (bit_cast::<256, 8>(self.ack_sack.val().get_bits::<8>(48)) << 200)
            | (bit_cast::<256, 8>(self.ack_sack.val().get_bits::<8>(56)) << 192)
            | (bit_cast::<256, 8>(self.ack_sack.val().get_bits::<8>(64)) << 184)
            | (bit_cast::<256, 8>(self.ack_sack.val().get_bits::<8>(72)) << 176)
            | (bit_cast::<256, 8>(self.ack_sack.val().get_bits::<8>(80)) << 168)
            | (bit_cast::<256, 8>(self.ack_sack.val().get_bits::<8>(88)) << 160)
            | (bit_cast::<256, 8>(self.ack_sack.val().get_bits::<8>(96)) << 152)
            | (bit_cast::<256, 8>(self.ack_sack.val().get_bits::<8>(104)) << 144)
            | (bit_cast::<256, 8>(self.ack_sack.val().get_bits::<8>(112)) << 136)
            | (bit_cast::<256, 8>(self.ack_sack.val().get_bits::<8>(120)) << 128)
            | (bit_cast::<256, 8>(self.ack_sack.val().get_bits::<8>(128)) << 120)
            | (bit_cast::<256, 8>(self.ack_sack.val().get_bits::<8>(136)) << 112)
            | (bit_cast::<256, 8>(self.ack_sack.val().get_bits::<8>(144)) << 104)
            | (bit_cast::<256, 8>(self.ack_sack.val().get_bits::<8>(152)) << 96)
            | (bit_cast::<256, 8>(self.ack_sack.val().get_bits::<8>(160)) << 88)
            | (bit_cast::<256, 8>(self.ack_sack.val().get_bits::<8>(168)) << 80)
            | (bit_cast::<256, 8>(self.ack_sack.val().get_bits::<8>(176)) << 72)
            | (bit_cast::<256, 8>(self.ack_sack.val().get_bits::<8>(184)) << 64)
            | (bit_cast::<256, 8>(self.ack_sack.val().get_bits::<8>(192)) << 56)
            | (bit_cast::<256, 8>(self.ack_sack.val().get_bits::<8>(200)) << 48)
            | (bit_cast::<256, 8>(self.ack_sack.val().get_bits::<8>(208)) << 40)
            | (bit_cast::<256, 8>(self.ack_sack.val().get_bits::<8>(216)) << 32)
            | (bit_cast::<256, 8>(self.ack_sack.val().get_bits::<8>(224)) << 24)
            | (bit_cast::<256, 8>(self.ack_sack.val().get_bits::<8>(232)) << 16)
            | (bit_cast::<256, 8>(self.ack_sack.val().get_bits::<8>(240)) << 8)
            | (bit_cast::<256, 8>(self.ack_sack.val().get_bits::<8>(248)) << 0);
        self.ext_a.next = (bit_cast::<BR_BITS, 32>(self.ack_base_psn.val())
            << self.sh_a_base_psn.val())
            | (bit_cast::<BR_BITS, 32>(self.ack_csn_base.val()) << self.sh_a_csn_base.val())
            | (bit_cast::<BR_BITS, 32>(self.ack_ts_echo.val()) << self.sh_a_ts_echo.val())
            | (bit_cast::<BR_BITS, 16>(self.ack_ecn_count.val()) << self.sh_a_ecn_count.val())
            | (bit_cast::<BR_BITS, 16>(self.ack_rate_hint.val()) << self.sh_a_rate_hint.val())
            | (bit_cast::<BR_BITS, 256>(self.sack_be.val()) << self.sh_a_sack.val());
        self.ext_n.next = (bit_cast::<BR_BITS, 8>(self.nack_reason.val())
            << self.sh_n_reason.val())
            | (bit_cast::<BR_BITS, 32>(self.nack_psn.val()) << self.sh_n_psn.val())
            | (bit_cast::<BR_BITS, 32>(self.nack_csn.val()) << self.sh_n_csn.val())
            | (bit_cast::<BR_BITS, 32>(self.nack_detail.val()) << self.sh_n_detail.val());
        self.ext_p.next = (bit_cast::<BR_BITS, 32>(self.probe_seq.val()) << self.sh_p_seq.val())
            | (bit_cast::<BR_BITS, 32>(self.probe_ts.val()) << self.sh_p_ts.val());
        self.br.next = self.base.val();
        if self.is_write.val() {
            self.br.next = self.base.val() | self.ext_w.val();
        }
        if self.is_send.val() {
            self.br.next = self.base.val() | self.ext_s.val();
        }
        if self.is_ack.val() {
            self.br.next = self.base.val() | self.ext_a.val();
        }
        if self.is_nack.val() {
            self.br.next = self.base.val() | self.ext_n.val();
        }
        if self.is_probe.val() {
            self.br.next = self.base.val() | self.ext_p.val();
        }
    }
}
