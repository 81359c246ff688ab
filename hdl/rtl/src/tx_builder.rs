//! Transmit frame builder: from a header descriptor and a payload stream,
//! complete frames (Ethernet II [+ 802.1Q] / IPv4 or IPv6 / UDP / Braid
//! headers / payload, FCS excluded) as a 512-bit AXI-Stream toward the MAC
//! (SPEC sections 2 and 3; every layout, opcode, length and constant comes
//! from braid-spec's field tables).
//!
//! # Behaviour (normative; `braid_model::TxBuilderModel` is the bit-
//! and cycle-exact reference)
//!
//! ## Interface
//!
//! * Descriptor: `d_valid`/`d_ready` and one port per field, `d_<field>`:
//!   `dst_mac`, `src_mac` (48-bit numbers, the first byte on the wire is
//!   bits 47:40), `vlan` + `vlan_tci`, `ipv6`, `src_ip`/`dst_ip` (128 bits;
//!   IPv4 uses bits 31:0, i.e. ::ffff:a.b.c.d), `dscp`, `ttl` (the IPv6 hop
//!   limit), `flow_label` (IPv6), `udp_sport`, `udp_dport`, the base header
//!   fields `opcode`, `flags`, `path_id`, `dst_conn`, `path_psn`, `csn`,
//!   `timestamp`, `payload_len`, `floor_delta`, and the extensions: WRITE
//!   `rkey`, `va`, `stream`, `msn`, `msg_len`; SEND `stream`, `rsn`, `msn`,
//!   `offset`, `msg_len`; `imm` (WRITE_IMM, SEND_IMM); ACK `ack_base_psn`,
//!   `ack_csn_base`, `ack_ts_echo`, `ack_ecn_count`, `ack_rate_hint`,
//!   `ack_sack` (bit j = PSN base + j; wire byte k = bits 8k+7..8k); NACK
//!   `nack_reason`, `nack_psn`, `nack_csn`, `nack_detail`; PROBE and
//!   PROBE_REPLY `probe_seq`, `probe_ts`. Fields the opcode does not use are
//!   ignored. A descriptor is taken at an edge where `d_valid && d_ready`.
//! * Payload: `pl_valid`/`pl_ready`, `pl_data` (first payload byte of the beat
//!   in bits 7:0), `pl_keep`, `pl_last`: exactly ceil(payload_len / 64) beats
//!   per descriptor, in descriptor order, none when payload_len is 0. The
//!   block sequences the payload by `payload_len`; `pl_last` and `pl_keep`
//!   are only checked: a taken beat whose `pl_last` differs from "last beat
//!   of its payload" or whose `pl_keep` differs from all ones (the last beat:
//!   the low payload_len mod 64 lanes, all 64 when 0) counts in `pl_errors`.
//!   Payload bytes beyond payload_len in the last beat are dropped.
//!   `pl_bad` (the payload's DMA read failed, `tx_payload`'s `pl_err`) on
//!   any taken beat of a frame's payload makes the frame bad: its last beat
//!   leaves with `m_bad` (0 on every other beat), so that the MAC side
//!   discards it and the receiver never sees the payload. The frame is
//!   otherwise built as usual.
//! * Frames: `m_valid`/`m_ready`/`m_data`/`m_keep`/`m_last`; frame byte
//!   64k + j is in bits 8j+7..8j of the frame's beat k. `m_keep` is all ones
//!   except on the last beat (the low (length mod 64) lanes, all when 0);
//!   data bytes whose keep bit is 0 are 0. AXI-Stream rules: `m_valid` never
//!   waits for `m_ready`, and data is held while `m_valid && !m_ready`.
//! * `d_ready` and `pl_ready` are functions of registers only (never of a
//!   valid or of `m_ready` in the same clock).
//! * Counters: `frames_sent` and `bytes_sent` (frame bytes without FCS) count
//!   frames whose last beat the MAC took, one clock after it took it;
//!   `pl_errors` as above. All wrap.
//!
//! ## Headers
//!
//! Every header is written from braid-spec's tables. Lengths are computed:
//! hdr_words = Braid header bytes / 4 from the opcode (braid-spec's
//! `Opcode::header_len`), UDP length = 8 + Braid header + payload_len, IPv4
//! total length = 20 + UDP length, IPv6 payload length = UDP length, frame
//! length = Ethernet (14, 18 tagged) + IP (20 or 40) + UDP length. IPv4: IHL
//! 5, DF 1, identification 0 (Braid never fragments), protocol UDP, header
//! checksum computed (RFC 791 one's-complement sum, folded). IPv6: next
//! header UDP. ECN is ECT(0). UDP checksum 0 (SPEC section 2: optional and
//! off by default; it would need the whole payload before the header). An
//! opcode outside braid-spec's table gets the 24-byte base header alone
//! (hdr_words 6; receivers drop it as BadOpcode). payload_len up to 65,435
//! keeps every length within 16 bits; larger values wrap the IP and UDP
//! lengths (the engine sends at most a jumbo frame's payload).
//!
//! ## Timing
//!
//! Descriptors go through a 6-stage elastic pipeline (A: the fields; B: every
//! field in place in big-endian pieces; C: UDP and header lengths, checksum
//! partial sum as a carry-save pair; D: IP length, checksum reduced with the
//! total length to two words, frame length; E: checksum (the two words'
//! end-around-carry sum), beat counts, lane masks; P: the header assembled into
//! three little-endian beats). A stage takes the previous stage's descriptor
//! when it is empty or its own moves on at the same edge, so `d_ready` is 1
//! whenever stage A is empty or the pipeline moves. The sequencer takes the
//! prepared frame from P at the clock after the previous frame's last beat
//! was issued, so frames leave back to back.
//!
//! A frame of H header bytes (74 to 138) and P payload bytes has
//! ceil((H + P) / 64) beats: beat 0 (and beat 1 when H >= 128) is header
//! only; the next beat holds the header's last s = H mod 64 bytes in lanes
//! 0..s and payload bytes from lane s on; each later beat holds the previous
//! payload beat's last s bytes and the current beat's first 64 - s bytes.
//! The payload beat is rotated by s lanes (a 6-stage byte rotator) and
//! merged with the bytes carried from the previous beat. A last beat that
//! holds only carried bytes (or only the header tail when P = 0) takes no
//! payload beat. The sequencer issues one beat per clock (a header beat, a
//! payload beat when `pl_valid`, or such a flush beat) while the output
//! FIFO (4 beats) has room for it counting the two beats in flight, so with
//! `m_ready` high and the payload on time the block emits one beat every
//! clock: ceil((H + P) / 64) clocks per frame, no idle clock between frames.
//! `pl_ready` is high while the sequencer waits for the frame's next payload
//! beat and there is room. A descriptor taken at edge t can show its first
//! beat on `m_*` after edge t + 8 at the earliest (stages A..P, the
//! sequencer, the rotator, the FIFO).
//!
//! Logic depth: adders are parallel-prefix; the checksum's one's-complement
//! sum is carry-save through stages B to D (no carry-propagate adder before
//! stage E: D reduces C's carry-save pair, the UDP length and 20 modulo
//! 0xFFFF to two 16-bit words with end-around-carry 3:2 compressors) and one
//! end-around-carry addition (a pair of adders) in stage E; the byte rotator
//! and merge sit in stages of their own.

use crate::prefix_add::PrefixAdd;
use braid_spec::field::Field;
use braid_spec::wire::braid;
use braid_spec::wire::eth::{self, ETHERNET_LEN, VLAN_TAG_LEN};
use braid_spec::wire::ip::{self, Ipv4Repr, Ipv6Repr, IPV4_LEN, IPV6_LEN};
use braid_spec::wire::udp::{self, UDP_LEN};
use braid_spec::BRAID_VERSION;
use rust_hdl::prelude::*;

mod assemble;
mod header;
pub use assemble::TxAssemble;
pub use header::TxHeaderFields;

/// Bytes per AXI-Stream beat.
pub const BEAT_BYTES: usize = 64;
/// The longest Braid header (base + extension + immediate) of any opcode.
pub const MAX_BRAID_HDR: usize = max_braid_hdr();
/// L2 piece: Ethernet with the 802.1Q tag.
pub const L2_BITS: usize = 8 * (ETHERNET_LEN + VLAN_TAG_LEN);
/// L3 piece: the IPv6 header (IPv4 uses its first 20 bytes).
pub const L3_BITS: usize = 8 * IPV6_LEN;
/// UDP header.
pub const UDP_BITS: usize = 8 * UDP_LEN;
/// Braid piece: the longest Braid header.
pub const BR_BITS: usize = 8 * MAX_BRAID_HDR;
/// The assembled header: three beats.
pub const HDR_BITS: usize = 3 * 8 * BEAT_BYTES;
/// The longest frame header (tag, IPv6, the longest Braid header).
pub const MAX_HDR: usize = L2_BITS / 8 + L3_BITS / 8 + UDP_LEN + MAX_BRAID_HDR;

/// The shortest Braid header of any opcode.
pub const MIN_BRAID_HDR: usize = min_braid_hdr();

const fn max_braid_hdr() -> usize {
    let ops = braid::OPCODES;
    let mut i = 0;
    let mut m = 0;
    while i < ops.len() {
        if ops[i].header_len() > m {
            m = ops[i].header_len();
        }
        i += 1;
    }
    m
}

const fn min_braid_hdr() -> usize {
    let ops = braid::OPCODES;
    let mut i = 0;
    let mut m = usize::MAX;
    while i < ops.len() {
        if ops[i].header_len() < m {
            m = ops[i].header_len();
        }
        i += 1;
    }
    m
}

// the header fits three beats and is longer than one (so every frame has a
// header-only first beat), and the Braid piece width matches the widths the
// pieces are declared with
const _: () = assert!(MAX_HDR <= 3 * BEAT_BYTES);
const _: () = assert!(ETHERNET_LEN + IPV4_LEN + UDP_LEN + MIN_BRAID_HDR > BEAT_BYTES);

/// Shift that puts field `f` of a header starting `layer_off` bytes into a
/// big-endian piece of `piece_bits` bits at its place (the piece's byte 0 is
/// its most significant byte).
fn fsh(piece_bits: usize, layer_off: usize, f: &Field) -> Constant<Bits<11>> {
    let sh = piece_bits - 8 * (layer_off + f.offset) - f.bit_offset as usize - f.bits as usize;
    Constant::new(bits(sh as u64))
}

/// A constant of `n` bits.
fn kb<const N: usize>(v: u64) -> Constant<Bits<N>> {
    Constant::new(bits(v))
}

// ---------------------------------------------------------------- constants

hdl_block! {
    /// Constants of `TxBuilder` as outputs (so that the block itself can derive
    /// `Default`).
    pub struct TxConst {
        /// 64 ones.
        pub ones64: Signal<Out, Bits<64>>,
        /// 512 ones.
        pub ones512: Signal<Out, Bits<512>>,
        /// IPv4 header length (16 bits).
        pub ipv4_len: Signal<Out, Bits<16>>,
        /// 63 (rounds a byte count up to whole beats).
        pub c63: Signal<Out, Bits<17>>,
        /// 2^11 - 1 (adding it subtracts one).
        pub m1_11: Signal<Out, Bits<11>>,
        k_ones64: Constant<Bits<64>> = Constant::new(!Bits::<64>::default()),
        k_ones512: Constant<Bits<512>> = Constant::new(!Bits::<512>::default()),
        k_ipv4_len: Constant<Bits<16>> = kb(IPV4_LEN as u64),
        k_c63: Constant<Bits<17>> = kb(BEAT_BYTES as u64 - 1),
        k_m1_11: Constant<Bits<11>> = kb(0x7ff),
    }
}

impl Logic for TxConst {
    #[hdl_gen]
    fn update(&mut self) {
        self.ones64.next = self.k_ones64.val();
        self.ones512.next = self.k_ones512.val();
        self.ipv4_len.next = self.k_ipv4_len.val();
        self.c63.next = self.k_c63.val();
        self.m1_11.next = self.k_m1_11.val();
    }
}

// ---------------------------------------------------------------- the block

/// Transmit frame builder (see the module documentation for the behaviour).
#[derive(LogicBlock, Default)]
pub struct TxBuilder {
    /// Engine clock.
    pub clock: Signal<In, Clock>,
    /// A descriptor is offered (held with its fields until `d_ready`).
    pub d_valid: Signal<In, Bit>,
    /// Destination MAC (first byte on the wire = bits 47:40).
    pub d_dst_mac: Signal<In, Bits<48>>,
    /// Source MAC.
    pub d_src_mac: Signal<In, Bits<48>>,
    /// Insert one 802.1Q tag.
    pub d_vlan: Signal<In, Bit>,
    /// Tag control information (PCP, DEI, VID) when `vlan`.
    pub d_vlan_tci: Signal<In, Bits<16>>,
    /// IPv6 (else IPv4).
    pub d_ipv6: Signal<In, Bit>,
    /// Source address; IPv4 in bits 31:0 (::ffff:a.b.c.d, upper bits ignored).
    pub d_src_ip: Signal<In, Bits<128>>,
    /// Destination address; IPv4 in bits 31:0.
    pub d_dst_ip: Signal<In, Bits<128>>,
    /// DSCP.
    pub d_dscp: Signal<In, Bits<6>>,
    /// IPv4 TTL / IPv6 hop limit.
    pub d_ttl: Signal<In, Bits<8>>,
    /// IPv6 flow label (ignored for IPv4).
    pub d_flow_label: Signal<In, Bits<20>>,
    /// UDP source port (path entropy).
    pub d_udp_sport: Signal<In, Bits<16>>,
    /// UDP destination port.
    pub d_udp_dport: Signal<In, Bits<16>>,
    /// Braid opcode.
    pub d_opcode: Signal<In, Bits<8>>,
    /// Braid flags.
    pub d_flags: Signal<In, Bits<8>>,
    /// Path id.
    pub d_path_id: Signal<In, Bits<8>>,
    /// Destination connection id.
    pub d_dst_conn: Signal<In, Bits<24>>,
    /// Path PSN.
    pub d_path_psn: Signal<In, Bits<32>>,
    /// Connection sequence number.
    pub d_csn: Signal<In, Bits<32>>,
    /// Sender timestamp.
    pub d_timestamp: Signal<In, Bits<32>>,
    /// Payload bytes (the payload input carries ceil(payload_len/64) beats).
    pub d_payload_len: Signal<In, Bits<16>>,
    /// Path floor delta.
    pub d_floor_delta: Signal<In, Bits<16>>,
    /// WRITE: remote key.
    pub d_rkey: Signal<In, Bits<32>>,
    /// WRITE: virtual address.
    pub d_va: Signal<In, Bits<64>>,
    /// WRITE/SEND: stream.
    pub d_stream: Signal<In, Bits<8>>,
    /// SEND: receive sequence number.
    pub d_rsn: Signal<In, Bits<24>>,
    /// WRITE/SEND: message sequence number.
    pub d_msn: Signal<In, Bits<32>>,
    /// SEND: offset.
    pub d_offset: Signal<In, Bits<32>>,
    /// WRITE/SEND: message length.
    pub d_msg_len: Signal<In, Bits<32>>,
    /// WRITE_IMM/SEND_IMM: immediate.
    pub d_imm: Signal<In, Bits<32>>,
    /// ACK: base PSN.
    pub d_ack_base_psn: Signal<In, Bits<32>>,
    /// ACK: CSN base.
    pub d_ack_csn_base: Signal<In, Bits<32>>,
    /// ACK: echoed timestamp.
    pub d_ack_ts_echo: Signal<In, Bits<32>>,
    /// ACK: ECN count.
    pub d_ack_ecn_count: Signal<In, Bits<16>>,
    /// ACK: rate hint.
    pub d_ack_rate_hint: Signal<In, Bits<16>>,
    /// ACK: SACK bitvector, bit j = PSN base_psn + j (wire byte k = bits 8k+7..8k).
    pub d_ack_sack: Signal<In, Bits<256>>,
    /// NACK: reason.
    pub d_nack_reason: Signal<In, Bits<8>>,
    /// NACK: PSN.
    pub d_nack_psn: Signal<In, Bits<32>>,
    /// NACK: CSN.
    pub d_nack_csn: Signal<In, Bits<32>>,
    /// NACK: detail.
    pub d_nack_detail: Signal<In, Bits<32>>,
    /// PROBE/PROBE_REPLY: sequence.
    pub d_probe_seq: Signal<In, Bits<32>>,
    /// PROBE/PROBE_REPLY: timestamp.
    pub d_probe_ts: Signal<In, Bits<32>>,
    /// The descriptor is taken at this edge if `d_valid` (registered).
    pub d_ready: Signal<Out, Bit>,
    /// A payload beat is offered.
    pub pl_valid: Signal<In, Bit>,
    /// Payload bytes, first byte of the beat in bits 7:0.
    pub pl_data: Signal<In, Bits<512>>,
    /// Byte enables of the beat (checked, see `pl_errors`).
    pub pl_keep: Signal<In, Bits<64>>,
    /// Last beat of the descriptor's payload (checked, see `pl_errors`).
    pub pl_last: Signal<In, Bit>,
    /// The payload beat is taken at this edge if `pl_valid` (registered).
    pub pl_ready: Signal<Out, Bit>,
    /// The beat's payload is bad (its DMA read failed): the frame leaves
    /// flagged by `m_bad`.
    pub pl_bad: Signal<In, Bit>,
    /// A frame beat is offered to the MAC.
    pub m_valid: Signal<Out, Bit>,
    /// Frame bytes, frame byte 64k+j of beat k in bits 8j+7..8j.
    pub m_data: Signal<Out, Bits<512>>,
    /// Byte enables: all ones except on a frame's last beat.
    pub m_keep: Signal<Out, Bits<64>>,
    /// Last beat of a frame.
    pub m_last: Signal<Out, Bit>,
    /// With `m_last`: a payload beat of the frame had `pl_bad`; the MAC
    /// side must discard the frame.
    pub m_bad: Signal<Out, Bit>,
    /// The MAC takes the beat at this edge.
    pub m_ready: Signal<In, Bit>,
    /// Frames sent (last beat taken by the MAC), wrapping.
    pub frames_sent: Signal<Out, Bits<32>>,
    /// Frame bytes sent (FCS excluded), wrapping.
    pub bytes_sent: Signal<Out, Bits<64>>,
    /// Payload beats taken whose `pl_last` or `pl_keep` disagreed with `payload_len`.
    pub pl_errors: Signal<Out, Bits<32>>,
    // flow control
    occ: Signal<Local, Bits<4>>,
    room: Signal<Local, Bit>,
    start: Signal<Local, Bit>,
    need_pl: Signal<Local, Bit>,
    plr: Signal<Local, Bit>,
    issue_hdr1: Signal<Local, Bit>,
    issue_pl: Signal<Local, Bit>,
    issue_flush: Signal<Local, Bit>,
    free_a: Signal<Local, Bit>,
    free_b: Signal<Local, Bit>,
    free_c: Signal<Local, Bit>,
    free_d: Signal<Local, Bit>,
    free_e: Signal<Local, Bit>,
    free_p: Signal<Local, Bit>,
    k: TxConst,
    // stage A: the descriptor
    qa_v: DFF<Bit>,
    qa_dst_mac: DFF<Bits<48>>,
    qa_src_mac: DFF<Bits<48>>,
    qa_vlan: DFF<Bit>,
    qa_vlan_tci: DFF<Bits<16>>,
    qa_ipv6: DFF<Bit>,
    qa_src_ip: DFF<Bits<128>>,
    qa_dst_ip: DFF<Bits<128>>,
    qa_dscp: DFF<Bits<6>>,
    qa_ttl: DFF<Bits<8>>,
    qa_flow_label: DFF<Bits<20>>,
    qa_udp_sport: DFF<Bits<16>>,
    qa_udp_dport: DFF<Bits<16>>,
    qa_opcode: DFF<Bits<8>>,
    qa_flags: DFF<Bits<8>>,
    qa_path_id: DFF<Bits<8>>,
    qa_dst_conn: DFF<Bits<24>>,
    qa_path_psn: DFF<Bits<32>>,
    qa_csn: DFF<Bits<32>>,
    qa_timestamp: DFF<Bits<32>>,
    qa_payload_len: DFF<Bits<16>>,
    qa_floor_delta: DFF<Bits<16>>,
    qa_rkey: DFF<Bits<32>>,
    qa_va: DFF<Bits<64>>,
    qa_stream: DFF<Bits<8>>,
    qa_rsn: DFF<Bits<24>>,
    qa_msn: DFF<Bits<32>>,
    qa_offset: DFF<Bits<32>>,
    qa_msg_len: DFF<Bits<32>>,
    qa_imm: DFF<Bits<32>>,
    qa_ack_base_psn: DFF<Bits<32>>,
    qa_ack_csn_base: DFF<Bits<32>>,
    qa_ack_ts_echo: DFF<Bits<32>>,
    qa_ack_ecn_count: DFF<Bits<16>>,
    qa_ack_rate_hint: DFF<Bits<16>>,
    qa_ack_sack: DFF<Bits<256>>,
    qa_nack_reason: DFF<Bits<8>>,
    qa_nack_psn: DFF<Bits<32>>,
    qa_nack_csn: DFF<Bits<32>>,
    qa_nack_detail: DFF<Bits<32>>,
    qa_probe_seq: DFF<Bits<32>>,
    qa_probe_ts: DFF<Bits<32>>,
    hf: TxHeaderFields,
    // stage B: header pieces
    qb_v: DFF<Bit>,
    qb_l2: DFF<Bits<L2_BITS>>,
    qb_l3: DFF<Bits<L3_BITS>>,
    qb_udp: DFF<Bits<UDP_BITS>>,
    qb_br: DFF<Bits<BR_BITS>>,
    qb_uhl: DFF<Bits<8>>,
    qb_l23: DFF<Bits<8>>,
    qb_cs0: DFF<Bits<18>>,
    qb_cs1: DFF<Bits<18>>,
    qb_cs2: DFF<Bits<18>>,
    qb_cs3: DFF<Bits<18>>,
    qb_vlan: DFF<Bit>,
    qb_ipv6: DFF<Bit>,
    qb_plen: DFF<Bits<16>>,
    // stage C: UDP length, header length, checksum partial sum as a carry-save pair
    add_udp: PrefixAdd<16>,
    add_h: PrefixAdd<8>,
    csa_s1: Signal<Local, Bits<20>>,
    csa_c1: Signal<Local, Bits<20>>,
    csa_s2: Signal<Local, Bits<20>>,
    csa_c2: Signal<Local, Bits<20>>,
    qc_v: DFF<Bit>,
    qc_l2: DFF<Bits<L2_BITS>>,
    qc_l3: DFF<Bits<L3_BITS>>,
    qc_udp: DFF<Bits<UDP_BITS>>,
    qc_br: DFF<Bits<BR_BITS>>,
    qc_vlan: DFF<Bit>,
    qc_ipv6: DFF<Bit>,
    qc_plen: DFF<Bits<16>>,
    qc_udp_len: DFF<Bits<16>>,
    qc_h: DFF<Bits<8>>,
    qc_ps: DFF<Bits<20>>,
    qc_pc: DFF<Bits<20>>,
    // stage D: IP length, checksum reduced to two words, frame length, masks
    add_iplen: PrefixAdd<16>,
    add_f: PrefixAdd<17>,
    add_nbpl: PrefixAdd<17>,
    csw_b: Signal<Local, Bits<16>>,
    csw_d: Signal<Local, Bits<16>>,
    csw_t: Signal<Local, Bits<16>>,
    csw_tm: Signal<Local, Bits<16>>,
    csw_u: Signal<Local, Bits<16>>,
    csw_x2: Signal<Local, Bits<16>>,
    csw_n2: Signal<Local, Bits<16>>,
    csw_c2: Signal<Local, Bits<16>>,
    csw_s: Signal<Local, Bits<16>>,
    csw_m: Signal<Local, Bits<16>>,
    csw_c: Signal<Local, Bits<16>>,
    csw_x: Signal<Local, Bits<16>>,
    csw_n: Signal<Local, Bits<16>>,
    pm: Signal<Local, Bits<6>>,
    qd_v: DFF<Bit>,
    qd_l2: DFF<Bits<L2_BITS>>,
    qd_l3: DFF<Bits<L3_BITS>>,
    qd_udp: DFF<Bits<UDP_BITS>>,
    qd_br: DFF<Bits<BR_BITS>>,
    qd_vlan: DFF<Bit>,
    qd_ipv6: DFF<Bit>,
    qd_udp_len: DFF<Bits<16>>,
    qd_ip_len: DFF<Bits<16>>,
    qd_x: DFF<Bits<16>>,
    qd_y: DFF<Bits<16>>,
    qd_f: DFF<Bits<17>>,
    qd_nbpl: DFF<Bits<11>>,
    qd_s: DFF<Bits<6>>,
    qd_hb2: DFF<Bit>,
    qd_smask: DFF<Bits<512>>,
    qd_pkeep: DFF<Bits<64>>,
    // stage E: checksum (end-around-carry sum of the two words), beat count,
    // last-beat keep
    add_t0: PrefixAdd<17>,
    add_t1: PrefixAdd<17>,
    add_nbout: PrefixAdd<17>,
    fm: Signal<Local, Bits<6>>,
    qe_v: DFF<Bit>,
    qe_l2: DFF<Bits<L2_BITS>>,
    qe_l3: DFF<Bits<L3_BITS>>,
    qe_udp: DFF<Bits<UDP_BITS>>,
    qe_br: DFF<Bits<BR_BITS>>,
    qe_vlan: DFF<Bit>,
    qe_ipv6: DFF<Bit>,
    qe_udp_len: DFF<Bits<16>>,
    qe_ip_len: DFF<Bits<16>>,
    qe_csum: DFF<Bits<16>>,
    qe_f: DFF<Bits<17>>,
    qe_nbpl: DFF<Bits<11>>,
    qe_nbout: DFF<Bits<11>>,
    qe_s: DFF<Bits<6>>,
    qe_hb2: DFF<Bit>,
    qe_smask: DFF<Bits<512>>,
    qe_pkeep: DFF<Bits<64>>,
    qe_fkeep: DFF<Bits<64>>,
    qe_fkeepm: DFF<Bits<512>>,
    // stage P: the prepared frame
    asm: TxAssemble,
    add_om1: PrefixAdd<11>,
    qp_v: DFF<Bit>,
    qp_hdr0: DFF<Bits<512>>,
    qp_hdr1: DFF<Bits<512>>,
    qp_hdr2: DFF<Bits<512>>,
    qp_f: DFF<Bits<17>>,
    qp_nbpl: DFF<Bits<11>>,
    qp_pl_more: DFF<Bit>,
    qp_pl_one: DFF<Bit>,
    qp_out_m1: DFF<Bits<11>>,
    qp_out_two: DFF<Bit>,
    qp_s: DFF<Bits<6>>,
    qp_hb2: DFF<Bit>,
    qp_smask: DFF<Bits<512>>,
    qp_pkeep: DFF<Bits<64>>,
    qp_fkeep: DFF<Bits<64>>,
    qp_fkeepm: DFF<Bits<512>>,
    // sequencer: the frame being emitted
    add_pl: PrefixAdd<11>,
    add_out: PrefixAdd<11>,
    s_act: DFF<Bit>,
    s_hdr1: DFF<Bit>,
    s_first: DFF<Bit>,
    s_hcur1: DFF<Bits<512>>,
    s_hcur2: DFF<Bits<512>>,
    s_f: DFF<Bits<17>>,
    s_pl_left: DFF<Bits<11>>,
    s_pl_more: DFF<Bit>,
    s_pl_one: DFF<Bit>,
    s_out_left: DFF<Bits<11>>,
    s_out_one: DFF<Bit>,
    s_s: DFF<Bits<6>>,
    s_hb2: DFF<Bit>,
    s_smask: DFF<Bits<512>>,
    s_pkeep: DFF<Bits<64>>,
    s_fkeep: DFF<Bits<64>>,
    s_fkeepm: DFF<Bits<512>>,
    s_bad: DFF<Bit>,
    // beat stage 1: one beat command
    c_v: DFF<Bit>,
    c_hdr_k: DFF<Bit>,
    c_pl_k: DFF<Bit>,
    c_first: DFF<Bit>,
    c_last: DFF<Bit>,
    c_hdr: DFF<Bits<512>>,
    c_pl: DFF<Bits<512>>,
    c_pl_last: DFF<Bit>,
    c_pl_keep: DFF<Bits<64>>,
    c_exp_last: DFF<Bit>,
    c_exp_keep: DFF<Bits<64>>,
    c_s: DFF<Bits<6>>,
    c_smask: DFF<Bits<512>>,
    c_keep: DFF<Bits<64>>,
    c_keepm: DFF<Bits<512>>,
    c_f: DFF<Bits<17>>,
    c_bad: DFF<Bit>,
    // beat stage 2: payload rotated by the header length
    rot0: Signal<Local, Bits<512>>,
    rot1: Signal<Local, Bits<512>>,
    rot2: Signal<Local, Bits<512>>,
    rot3: Signal<Local, Bits<512>>,
    rot4: Signal<Local, Bits<512>>,
    rot5: Signal<Local, Bits<512>>,
    r_v: DFF<Bit>,
    r_hdr_k: DFF<Bit>,
    r_pl_k: DFF<Bit>,
    r_first: DFF<Bit>,
    r_last: DFF<Bit>,
    r_hdr: DFF<Bits<512>>,
    r_rot: DFF<Bits<512>>,
    r_smask: DFF<Bits<512>>,
    r_keep: DFF<Bits<64>>,
    r_keepm: DFF<Bits<512>>,
    r_f: DFF<Bits<17>>,
    r_err: DFF<Bit>,
    r_bad: DFF<Bit>,
    // merge into the output FIFO
    prev: Signal<Local, Bits<512>>,
    raw: Signal<Local, Bits<512>>,
    carry: DFF<Bits<512>>,
    f_d0: DFF<Bits<512>>,
    f_d1: DFF<Bits<512>>,
    f_d2: DFF<Bits<512>>,
    f_d3: DFF<Bits<512>>,
    f_k0: DFF<Bits<64>>,
    f_k1: DFF<Bits<64>>,
    f_k2: DFF<Bits<64>>,
    f_k3: DFF<Bits<64>>,
    f_l0: DFF<Bit>,
    f_l1: DFF<Bit>,
    f_l2: DFF<Bit>,
    f_l3: DFF<Bit>,
    f_f0: DFF<Bits<17>>,
    f_f1: DFF<Bits<17>>,
    f_f2: DFF<Bits<17>>,
    f_f3: DFF<Bits<17>>,
    f_b0: DFF<Bit>,
    f_b1: DFF<Bit>,
    f_b2: DFF<Bit>,
    f_b3: DFF<Bit>,
    f_wr: DFF<Bits<2>>,
    f_rd: DFF<Bits<2>>,
    f_cnt: DFF<Bits<3>>,
    pop: Signal<Local, Bit>,
    h_data: Signal<Local, Bits<512>>,
    h_keep: Signal<Local, Bits<64>>,
    h_last: Signal<Local, Bit>,
    h_f: Signal<Local, Bits<17>>,
    h_bad: Signal<Local, Bit>,
    // counters
    q_last: DFF<Bit>,
    q_f: DFF<Bits<17>>,
    add_frames: PrefixAdd<32>,
    add_bytes: PrefixAdd<64>,
    add_err: PrefixAdd<32>,
    cnt_frames: DFF<Bits<32>>,
    cnt_bytes: DFF<Bits<64>>,
    cnt_err: DFF<Bits<32>>,
}

impl Logic for TxBuilder {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            clock,
            qa_v,
            qa_dst_mac,
            qa_src_mac,
            qa_vlan,
            qa_vlan_tci,
            qa_ipv6,
            qa_src_ip,
            qa_dst_ip,
            qa_dscp,
            qa_ttl,
            qa_flow_label,
            qa_udp_sport,
            qa_udp_dport,
            qa_opcode,
            qa_flags,
            qa_path_id,
            qa_dst_conn,
            qa_path_psn,
            qa_csn,
            qa_timestamp,
            qa_payload_len,
            qa_floor_delta,
            qa_rkey,
            qa_va,
            qa_stream,
            qa_rsn,
            qa_msn,
            qa_offset,
            qa_msg_len,
            qa_imm,
            qa_ack_base_psn,
            qa_ack_csn_base,
            qa_ack_ts_echo,
            qa_ack_ecn_count,
            qa_ack_rate_hint,
            qa_ack_sack,
            qa_nack_reason,
            qa_nack_psn,
            qa_nack_csn,
            qa_nack_detail,
            qa_probe_seq,
            qa_probe_ts,
            qb_v,
            qb_l2,
            qb_l3,
            qb_udp,
            qb_br,
            qb_uhl,
            qb_l23,
            qb_cs0,
            qb_cs1,
            qb_cs2,
            qb_cs3,
            qb_vlan,
            qb_ipv6,
            qb_plen,
            qc_v,
            qc_l2,
            qc_l3,
            qc_udp,
            qc_br,
            qc_vlan,
            qc_ipv6,
            qc_plen,
            qc_udp_len,
            qc_h,
            qc_ps,
            qc_pc,
            qd_v,
            qd_l2,
            qd_l3,
            qd_udp,
            qd_br,
            qd_vlan,
            qd_ipv6,
            qd_udp_len,
            qd_ip_len,
            qd_x,
            qd_y,
            qd_f,
            qd_nbpl,
            qd_s,
            qd_hb2,
            qd_smask,
            qd_pkeep,
            qe_v,
            qe_l2,
            qe_l3,
            qe_udp,
            qe_br,
            qe_vlan,
            qe_ipv6,
            qe_udp_len,
            qe_ip_len,
            qe_csum,
            qe_f,
            qe_nbpl,
            qe_nbout,
            qe_s,
            qe_hb2,
            qe_smask,
            qe_pkeep,
            qe_fkeep,
            qe_fkeepm,
            qp_v,
            qp_hdr0,
            qp_hdr1,
            qp_hdr2,
            qp_f,
            qp_nbpl,
            qp_pl_more,
            qp_pl_one,
            qp_out_m1,
            qp_out_two,
            qp_s,
            qp_hb2,
            qp_smask,
            qp_pkeep,
            qp_fkeep,
            qp_fkeepm,
            s_act,
            s_hdr1,
            s_first,
            s_hcur1,
            s_hcur2,
            s_f,
            s_pl_left,
            s_pl_more,
            s_pl_one,
            s_out_left,
            s_out_one,
            s_s,
            s_hb2,
            s_smask,
            s_pkeep,
            s_fkeep,
            s_fkeepm,
            s_bad,
            c_v,
            c_hdr_k,
            c_pl_k,
            c_first,
            c_last,
            c_hdr,
            c_pl,
            c_pl_last,
            c_pl_keep,
            c_exp_last,
            c_exp_keep,
            c_s,
            c_smask,
            c_keep,
            c_keepm,
            c_f,
            c_bad,
            r_v,
            r_hdr_k,
            r_pl_k,
            r_first,
            r_last,
            r_hdr,
            r_rot,
            r_smask,
            r_keep,
            r_keepm,
            r_f,
            r_err,
            r_bad,
            carry,
            f_d0,
            f_d1,
            f_d2,
            f_d3,
            f_k0,
            f_k1,
            f_k2,
            f_k3,
            f_l0,
            f_l1,
            f_l2,
            f_l3,
            f_f0,
            f_f1,
            f_f2,
            f_f3,
            f_b0,
            f_b1,
            f_b2,
            f_b3,
            f_wr,
            f_rd,
            f_cnt,
            q_last,
            q_f,
            cnt_frames,
            cnt_bytes,
            cnt_err
        );

        // ---- flow control: every ready is a function of registers only
        self.occ.next = bit_cast::<4, 3>(self.f_cnt.q.val())
            + bit_cast::<4, 1>(self.c_v.q.val().into())
            + bit_cast::<4, 1>(self.r_v.q.val().into());
        self.room.next = !(self.occ.val().get_bit(2) | self.occ.val().get_bit(3));
        self.start.next = !self.s_act.q.val() & self.qp_v.q.val() & self.room.val();
        self.need_pl.next = self.s_act.q.val() & !self.s_hdr1.q.val() & self.s_pl_more.q.val();
        self.plr.next = self.need_pl.val() & self.room.val();
        self.issue_hdr1.next = self.s_act.q.val() & self.s_hdr1.q.val() & self.room.val();
        self.issue_pl.next = self.plr.val() & self.pl_valid.val();
        self.issue_flush.next =
            self.s_act.q.val() & !self.s_hdr1.q.val() & !self.s_pl_more.q.val() & self.room.val();
        // (flat, not chained: a stage may move when any stage at or after it
        // is empty or the sequencer takes the prepared frame)
        self.free_p.next = !self.qp_v.q.val() | self.start.val();
        self.free_e.next = !self.qe_v.q.val() | !self.qp_v.q.val() | self.start.val();
        self.free_d.next =
            !self.qd_v.q.val() | !self.qe_v.q.val() | !self.qp_v.q.val() | self.start.val();
        self.free_c.next = !self.qc_v.q.val()
            | !self.qd_v.q.val()
            | !self.qe_v.q.val()
            | !self.qp_v.q.val()
            | self.start.val();
        self.free_b.next = !self.qb_v.q.val()
            | !self.qc_v.q.val()
            | !self.qd_v.q.val()
            | !self.qe_v.q.val()
            | !self.qp_v.q.val()
            | self.start.val();
        self.free_a.next = !self.qa_v.q.val()
            | !self.qb_v.q.val()
            | !self.qc_v.q.val()
            | !self.qd_v.q.val()
            | !self.qe_v.q.val()
            | !self.qp_v.q.val()
            | self.start.val();
        self.d_ready.next = self.free_a.val();
        self.pl_ready.next = self.plr.val();

        // ---- stage A: take the descriptor
        if self.free_a.val() {
            self.qa_v.d.next = self.d_valid.val();
            self.qa_dst_mac.d.next = self.d_dst_mac.val();
            self.qa_src_mac.d.next = self.d_src_mac.val();
            self.qa_vlan.d.next = self.d_vlan.val();
            self.qa_vlan_tci.d.next = self.d_vlan_tci.val();
            self.qa_ipv6.d.next = self.d_ipv6.val();
            self.qa_src_ip.d.next = self.d_src_ip.val();
            self.qa_dst_ip.d.next = self.d_dst_ip.val();
            self.qa_dscp.d.next = self.d_dscp.val();
            self.qa_ttl.d.next = self.d_ttl.val();
            self.qa_flow_label.d.next = self.d_flow_label.val();
            self.qa_udp_sport.d.next = self.d_udp_sport.val();
            self.qa_udp_dport.d.next = self.d_udp_dport.val();
            self.qa_opcode.d.next = self.d_opcode.val();
            self.qa_flags.d.next = self.d_flags.val();
            self.qa_path_id.d.next = self.d_path_id.val();
            self.qa_dst_conn.d.next = self.d_dst_conn.val();
            self.qa_path_psn.d.next = self.d_path_psn.val();
            self.qa_csn.d.next = self.d_csn.val();
            self.qa_timestamp.d.next = self.d_timestamp.val();
            self.qa_payload_len.d.next = self.d_payload_len.val();
            self.qa_floor_delta.d.next = self.d_floor_delta.val();
            self.qa_rkey.d.next = self.d_rkey.val();
            self.qa_va.d.next = self.d_va.val();
            self.qa_stream.d.next = self.d_stream.val();
            self.qa_rsn.d.next = self.d_rsn.val();
            self.qa_msn.d.next = self.d_msn.val();
            self.qa_offset.d.next = self.d_offset.val();
            self.qa_msg_len.d.next = self.d_msg_len.val();
            self.qa_imm.d.next = self.d_imm.val();
            self.qa_ack_base_psn.d.next = self.d_ack_base_psn.val();
            self.qa_ack_csn_base.d.next = self.d_ack_csn_base.val();
            self.qa_ack_ts_echo.d.next = self.d_ack_ts_echo.val();
            self.qa_ack_ecn_count.d.next = self.d_ack_ecn_count.val();
            self.qa_ack_rate_hint.d.next = self.d_ack_rate_hint.val();
            self.qa_ack_sack.d.next = self.d_ack_sack.val();
            self.qa_nack_reason.d.next = self.d_nack_reason.val();
            self.qa_nack_psn.d.next = self.d_nack_psn.val();
            self.qa_nack_csn.d.next = self.d_nack_csn.val();
            self.qa_nack_detail.d.next = self.d_nack_detail.val();
            self.qa_probe_seq.d.next = self.d_probe_seq.val();
            self.qa_probe_ts.d.next = self.d_probe_ts.val();
        }

        // ---- stage B: header fields in place
        self.hf.dst_mac.next = self.qa_dst_mac.q.val();
        self.hf.src_mac.next = self.qa_src_mac.q.val();
        self.hf.vlan.next = self.qa_vlan.q.val();
        self.hf.vlan_tci.next = self.qa_vlan_tci.q.val();
        self.hf.ipv6.next = self.qa_ipv6.q.val();
        self.hf.src_ip.next = self.qa_src_ip.q.val();
        self.hf.dst_ip.next = self.qa_dst_ip.q.val();
        self.hf.dscp.next = self.qa_dscp.q.val();
        self.hf.ttl.next = self.qa_ttl.q.val();
        self.hf.flow_label.next = self.qa_flow_label.q.val();
        self.hf.udp_sport.next = self.qa_udp_sport.q.val();
        self.hf.udp_dport.next = self.qa_udp_dport.q.val();
        self.hf.opcode.next = self.qa_opcode.q.val();
        self.hf.flags.next = self.qa_flags.q.val();
        self.hf.path_id.next = self.qa_path_id.q.val();
        self.hf.dst_conn.next = self.qa_dst_conn.q.val();
        self.hf.path_psn.next = self.qa_path_psn.q.val();
        self.hf.csn.next = self.qa_csn.q.val();
        self.hf.timestamp.next = self.qa_timestamp.q.val();
        self.hf.payload_len.next = self.qa_payload_len.q.val();
        self.hf.floor_delta.next = self.qa_floor_delta.q.val();
        self.hf.rkey.next = self.qa_rkey.q.val();
        self.hf.va.next = self.qa_va.q.val();
        self.hf.stream.next = self.qa_stream.q.val();
        self.hf.rsn.next = self.qa_rsn.q.val();
        self.hf.msn.next = self.qa_msn.q.val();
        self.hf.offset.next = self.qa_offset.q.val();
        self.hf.msg_len.next = self.qa_msg_len.q.val();
        self.hf.imm.next = self.qa_imm.q.val();
        self.hf.ack_base_psn.next = self.qa_ack_base_psn.q.val();
        self.hf.ack_csn_base.next = self.qa_ack_csn_base.q.val();
        self.hf.ack_ts_echo.next = self.qa_ack_ts_echo.q.val();
        self.hf.ack_ecn_count.next = self.qa_ack_ecn_count.q.val();
        self.hf.ack_rate_hint.next = self.qa_ack_rate_hint.q.val();
        self.hf.ack_sack.next = self.qa_ack_sack.q.val();
        self.hf.nack_reason.next = self.qa_nack_reason.q.val();
        self.hf.nack_psn.next = self.qa_nack_psn.q.val();
        self.hf.nack_csn.next = self.qa_nack_csn.q.val();
        self.hf.nack_detail.next = self.qa_nack_detail.q.val();
        self.hf.probe_seq.next = self.qa_probe_seq.q.val();
        self.hf.probe_ts.next = self.qa_probe_ts.q.val();
        if self.free_b.val() {
            self.qb_v.d.next = self.qa_v.q.val();
            self.qb_l2.d.next = self.hf.l2.val();
            self.qb_l3.d.next = self.hf.l3.val();
            self.qb_udp.d.next = self.hf.udp.val();
            self.qb_br.d.next = self.hf.br.val();
            self.qb_uhl.d.next = self.hf.uhl.val();
            self.qb_l23.d.next = self.hf.l23.val();
            self.qb_cs0.d.next = self.hf.cs0.val();
            self.qb_cs1.d.next = self.hf.cs1.val();
            self.qb_cs2.d.next = self.hf.cs2.val();
            self.qb_cs3.d.next = self.hf.cs3.val();
            self.qb_vlan.d.next = self.qa_vlan.q.val();
            self.qb_ipv6.d.next = self.qa_ipv6.q.val();
            self.qb_plen.d.next = self.qa_payload_len.q.val();
        }

        // ---- stage C: UDP length, header length, checksum partial sum (carry-save pair)
        self.add_udp.a.next = self.qb_plen.q.val();
        self.add_udp.b.next = bit_cast::<16, 8>(self.qb_uhl.q.val());
        self.add_udp.cin.next = false;
        self.add_h.a.next = self.qb_l23.q.val();
        self.add_h.b.next = self.qb_uhl.q.val();
        self.add_h.cin.next = false;
        self.csa_s1.next = bit_cast::<20, 18>(self.qb_cs0.q.val())
            ^ bit_cast::<20, 18>(self.qb_cs1.q.val())
            ^ bit_cast::<20, 18>(self.qb_cs2.q.val());
        self.csa_c1.next = ((bit_cast::<20, 18>(self.qb_cs0.q.val())
            & bit_cast::<20, 18>(self.qb_cs1.q.val()))
            | (bit_cast::<20, 18>(self.qb_cs0.q.val()) & bit_cast::<20, 18>(self.qb_cs2.q.val()))
            | (bit_cast::<20, 18>(self.qb_cs1.q.val()) & bit_cast::<20, 18>(self.qb_cs2.q.val())))
            << 1;
        self.csa_s2.next =
            self.csa_s1.val() ^ self.csa_c1.val() ^ bit_cast::<20, 18>(self.qb_cs3.q.val());
        self.csa_c2.next = ((self.csa_s1.val() & self.csa_c1.val())
            | (self.csa_s1.val() & bit_cast::<20, 18>(self.qb_cs3.q.val()))
            | (self.csa_c1.val() & bit_cast::<20, 18>(self.qb_cs3.q.val())))
            << 1;
        if self.free_c.val() {
            self.qc_v.d.next = self.qb_v.q.val();
            self.qc_l2.d.next = self.qb_l2.q.val();
            self.qc_l3.d.next = self.qb_l3.q.val();
            self.qc_udp.d.next = self.qb_udp.q.val();
            self.qc_br.d.next = self.qb_br.q.val();
            self.qc_vlan.d.next = self.qb_vlan.q.val();
            self.qc_ipv6.d.next = self.qb_ipv6.q.val();
            self.qc_plen.d.next = self.qb_plen.q.val();
            self.qc_udp_len.d.next = self.add_udp.sum.val();
            self.qc_h.d.next = self.add_h.sum.val();
            self.qc_ps.d.next = self.csa_s2.val();
            self.qc_pc.d.next = self.csa_c2.val();
        }

        // ---- stage D: IP length, checksum reduced to two words,
        // frame length, payload beats, lane masks
        self.add_iplen.a.next = self.qc_udp_len.q.val();
        self.add_iplen.b.next = self.k.ipv4_len.val();
        self.add_iplen.cin.next = false;
        // the one's-complement sum modulo 0xFFFF (2^16 = 1, so bits 19:16 of
        // the partial sum words add in at bit 0 and carries out of bit 15
        // wrap to bit 0): 3:2 compressors with end-around carries reduce the
        // partial sum pair (low and high parts), the UDP length and 20 (IPv4
        // total length = 20 + UDP length) to two words; stage E adds them
        self.csw_b.next = bit_cast::<16, 4>(self.qc_ps.q.val().get_bits::<4>(16));
        self.csw_d.next = bit_cast::<16, 4>(self.qc_pc.q.val().get_bits::<4>(16));
        self.csw_s.next = self.qc_ps.q.val().get_bits::<16>(0)
            ^ self.qc_pc.q.val().get_bits::<16>(0)
            ^ self.qc_udp_len.q.val();
        self.csw_m.next = (self.qc_ps.q.val().get_bits::<16>(0)
            & self.qc_pc.q.val().get_bits::<16>(0))
            | (self.qc_ps.q.val().get_bits::<16>(0) & self.qc_udp_len.q.val())
            | (self.qc_pc.q.val().get_bits::<16>(0) & self.qc_udp_len.q.val());
        self.csw_c.next = (self.csw_m.val() << 1) | (self.csw_m.val() >> 15);
        self.csw_t.next = self.csw_b.val() ^ self.csw_d.val() ^ self.k.ipv4_len.val();
        self.csw_tm.next = (self.csw_b.val() & self.csw_d.val())
            | (self.csw_b.val() & self.k.ipv4_len.val())
            | (self.csw_d.val() & self.k.ipv4_len.val());
        self.csw_u.next = (self.csw_tm.val() << 1) | (self.csw_tm.val() >> 15);
        self.csw_x2.next = self.csw_s.val() ^ self.csw_c.val() ^ self.csw_t.val();
        self.csw_n2.next = (self.csw_s.val() & self.csw_c.val())
            | (self.csw_s.val() & self.csw_t.val())
            | (self.csw_c.val() & self.csw_t.val());
        self.csw_c2.next = (self.csw_n2.val() << 1) | (self.csw_n2.val() >> 15);
        self.csw_x.next = self.csw_x2.val() ^ self.csw_c2.val() ^ self.csw_u.val();
        self.csw_n.next = (self.csw_x2.val() & self.csw_c2.val())
            | (self.csw_x2.val() & self.csw_u.val())
            | (self.csw_c2.val() & self.csw_u.val());
        self.add_f.a.next = bit_cast::<17, 8>(self.qc_h.q.val());
        self.add_f.b.next = bit_cast::<17, 16>(self.qc_plen.q.val());
        self.add_f.cin.next = false;
        self.add_nbpl.a.next = bit_cast::<17, 16>(self.qc_plen.q.val());
        self.add_nbpl.b.next = self.k.c63.val();
        self.add_nbpl.cin.next = false;
        self.pm.next = self.qc_plen.q.val().get_bits::<6>(0);
        if self.free_d.val() {
            self.qd_v.d.next = self.qc_v.q.val();
            self.qd_l2.d.next = self.qc_l2.q.val();
            self.qd_l3.d.next = self.qc_l3.q.val();
            self.qd_udp.d.next = self.qc_udp.q.val();
            self.qd_br.d.next = self.qc_br.q.val();
            self.qd_vlan.d.next = self.qc_vlan.q.val();
            self.qd_ipv6.d.next = self.qc_ipv6.q.val();
            self.qd_udp_len.d.next = self.qc_udp_len.q.val();
            self.qd_ip_len.d.next = self.add_iplen.sum.val();
            if self.qc_ipv6.q.val() {
                self.qd_ip_len.d.next = self.qc_udp_len.q.val();
            }
            self.qd_x.d.next = self.csw_x.val();
            self.qd_y.d.next = (self.csw_n.val() << 1) | (self.csw_n.val() >> 15);
            self.qd_f.d.next = self.add_f.sum.val();
            self.qd_nbpl.d.next = self.add_nbpl.sum.val().get_bits::<11>(6);
            self.qd_s.d.next = self.qc_h.q.val().get_bits::<6>(0);
            self.qd_hb2.d.next = self.qc_h.q.val().get_bit(7);
            self.qd_smask.d.next = !(self.k.ones512.val()
                << (bit_cast::<9, 6>(self.qc_h.q.val().get_bits::<6>(0)) << 3));
            self.qd_pkeep.d.next = !(self.k.ones64.val() << self.pm.val());
            if self.pm.val() == 0 {
                self.qd_pkeep.d.next = self.k.ones64.val();
            }
        }

        // ---- stage E: checksum (the two words' end-around-carry sum), beats,
        // last keep
        self.add_t0.a.next = bit_cast::<17, 16>(self.qd_x.q.val());
        self.add_t0.b.next = bit_cast::<17, 16>(self.qd_y.q.val());
        self.add_t0.cin.next = false;
        self.add_t1.a.next = bit_cast::<17, 16>(self.qd_x.q.val());
        self.add_t1.b.next = bit_cast::<17, 16>(self.qd_y.q.val());
        self.add_t1.cin.next = true;
        self.add_nbout.a.next = self.qd_f.q.val();
        self.add_nbout.b.next = self.k.c63.val();
        self.add_nbout.cin.next = false;
        self.fm.next = self.qd_f.q.val().get_bits::<6>(0);
        if self.free_e.val() {
            self.qe_v.d.next = self.qd_v.q.val();
            self.qe_l2.d.next = self.qd_l2.q.val();
            self.qe_l3.d.next = self.qd_l3.q.val();
            self.qe_udp.d.next = self.qd_udp.q.val();
            self.qe_br.d.next = self.qd_br.q.val();
            self.qe_vlan.d.next = self.qd_vlan.q.val();
            self.qe_ipv6.d.next = self.qd_ipv6.q.val();
            self.qe_udp_len.d.next = self.qd_udp_len.q.val();
            self.qe_ip_len.d.next = self.qd_ip_len.q.val();
            self.qe_csum.d.next = !self.add_t0.sum.val().get_bits::<16>(0);
            if self.add_t0.sum.val().get_bit(16) {
                self.qe_csum.d.next = !self.add_t1.sum.val().get_bits::<16>(0);
            }
            self.qe_f.d.next = self.qd_f.q.val();
            self.qe_nbpl.d.next = self.qd_nbpl.q.val();
            self.qe_nbout.d.next = self.add_nbout.sum.val().get_bits::<11>(6);
            self.qe_s.d.next = self.qd_s.q.val();
            self.qe_hb2.d.next = self.qd_hb2.q.val();
            self.qe_smask.d.next = self.qd_smask.q.val();
            self.qe_pkeep.d.next = self.qd_pkeep.q.val();
            self.qe_fkeep.d.next = !(self.k.ones64.val() << self.fm.val());
            self.qe_fkeepm.d.next =
                !(self.k.ones512.val() << (bit_cast::<9, 6>(self.fm.val()) << 3));
            if self.fm.val() == 0 {
                self.qe_fkeep.d.next = self.k.ones64.val();
                self.qe_fkeepm.d.next = self.k.ones512.val();
            }
        }

        // ---- stage P: the header assembled into three beats
        self.asm.l2.next = self.qe_l2.q.val();
        self.asm.l3.next = self.qe_l3.q.val();
        self.asm.udp.next = self.qe_udp.q.val();
        self.asm.br.next = self.qe_br.q.val();
        self.asm.vlan.next = self.qe_vlan.q.val();
        self.asm.ipv6.next = self.qe_ipv6.q.val();
        self.asm.ip_len.next = self.qe_ip_len.q.val();
        self.asm.udp_len.next = self.qe_udp_len.q.val();
        self.asm.csum.next = self.qe_csum.q.val();
        self.add_om1.a.next = self.qe_nbout.q.val();
        self.add_om1.b.next = self.k.m1_11.val();
        self.add_om1.cin.next = false;
        if self.free_p.val() {
            self.qp_v.d.next = self.qe_v.q.val();
            self.qp_hdr0.d.next = self.asm.hdr0.val();
            self.qp_hdr1.d.next = self.asm.hdr1.val();
            self.qp_hdr2.d.next = self.asm.hdr2.val();
            self.qp_f.d.next = self.qe_f.q.val();
            self.qp_nbpl.d.next = self.qe_nbpl.q.val();
            self.qp_pl_more.d.next = self.qe_nbpl.q.val() != 0;
            self.qp_pl_one.d.next = self.qe_nbpl.q.val() == 1;
            self.qp_out_m1.d.next = self.add_om1.sum.val();
            self.qp_out_two.d.next = self.qe_nbout.q.val() == 2;
            self.qp_s.d.next = self.qe_s.q.val();
            self.qp_hb2.d.next = self.qe_hb2.q.val();
            self.qp_smask.d.next = self.qe_smask.q.val();
            self.qp_pkeep.d.next = self.qe_pkeep.q.val();
            self.qp_fkeep.d.next = self.qe_fkeep.q.val();
            self.qp_fkeepm.d.next = self.qe_fkeepm.q.val();
        }

        // ---- sequencer: one beat command per clock while there is room
        self.add_pl.a.next = self.s_pl_left.q.val();
        self.add_pl.b.next = self.k.m1_11.val();
        self.add_pl.cin.next = false;
        self.add_out.a.next = self.s_out_left.q.val();
        self.add_out.b.next = self.k.m1_11.val();
        self.add_out.cin.next = false;
        self.c_v.d.next =
            self.start.val() | self.issue_hdr1.val() | self.issue_pl.val() | self.issue_flush.val();
        self.c_hdr_k.d.next = self.start.val() | self.issue_hdr1.val();
        self.c_pl_k.d.next = self.issue_pl.val();
        self.c_first.d.next = self.s_first.q.val();
        self.c_last.d.next = !self.start.val() & self.s_out_one.q.val();
        self.c_hdr.d.next = self.s_hcur2.q.val();
        if self.s_hdr1.q.val() | !self.s_hb2.q.val() {
            self.c_hdr.d.next = self.s_hcur1.q.val();
        }
        if self.start.val() {
            self.c_hdr.d.next = self.qp_hdr0.q.val();
        }
        self.c_pl.d.next = self.pl_data.val();
        self.c_pl_last.d.next = self.pl_last.val();
        self.c_pl_keep.d.next = self.pl_keep.val();
        self.c_exp_last.d.next = self.s_pl_one.q.val();
        self.c_exp_keep.d.next = self.k.ones64.val();
        if self.s_pl_one.q.val() {
            self.c_exp_keep.d.next = self.s_pkeep.q.val();
        }
        self.c_s.d.next = self.s_s.q.val();
        self.c_smask.d.next = self.s_smask.q.val();
        self.c_keep.d.next = self.k.ones64.val();
        self.c_keepm.d.next = self.k.ones512.val();
        if !self.start.val() & self.s_out_one.q.val() {
            self.c_keep.d.next = self.s_fkeep.q.val();
            self.c_keepm.d.next = self.s_fkeepm.q.val();
        }
        self.c_f.d.next = self.s_f.q.val();
        // a frame is bad from its first payload beat with `pl_bad` on
        self.c_bad.d.next =
            !self.start.val() & (self.s_bad.q.val() | (self.issue_pl.val() & self.pl_bad.val()));
        if self.issue_pl.val() & self.pl_bad.val() {
            self.s_bad.d.next = true;
        }
        if self.start.val() {
            self.s_bad.d.next = false;
            self.s_act.d.next = true;
            self.s_hdr1.d.next = self.qp_hb2.q.val();
            self.s_first.d.next = true;
            self.s_hcur1.d.next = self.qp_hdr1.q.val();
            self.s_hcur2.d.next = self.qp_hdr2.q.val();
            self.s_f.d.next = self.qp_f.q.val();
            self.s_pl_left.d.next = self.qp_nbpl.q.val();
            self.s_pl_more.d.next = self.qp_pl_more.q.val();
            self.s_pl_one.d.next = self.qp_pl_one.q.val();
            self.s_out_left.d.next = self.qp_out_m1.q.val();
            self.s_out_one.d.next = self.qp_out_two.q.val();
            self.s_s.d.next = self.qp_s.q.val();
            self.s_hb2.d.next = self.qp_hb2.q.val();
            self.s_smask.d.next = self.qp_smask.q.val();
            self.s_pkeep.d.next = self.qp_pkeep.q.val();
            self.s_fkeep.d.next = self.qp_fkeep.q.val();
            self.s_fkeepm.d.next = self.qp_fkeepm.q.val();
        }
        if self.issue_hdr1.val() | self.issue_pl.val() | self.issue_flush.val() {
            self.s_out_left.d.next = self.add_out.sum.val();
            self.s_out_one.d.next = self.s_out_left.q.val() == 2;
            if self.s_out_one.q.val() {
                self.s_act.d.next = false;
            }
            if self.issue_hdr1.val() {
                self.s_hdr1.d.next = false;
            } else {
                self.s_first.d.next = false;
            }
            if self.issue_pl.val() {
                self.s_pl_left.d.next = self.add_pl.sum.val();
                self.s_pl_more.d.next = !self.s_pl_one.q.val();
                self.s_pl_one.d.next = self.s_pl_left.q.val() == 2;
            }
        }

        // ---- beat stage 2: rotate the payload beat by the header length
        // (lane i takes byte (i - s) mod 64), check the payload framing
        self.rot0.next = self.c_pl.q.val();
        if self.c_s.q.val().get_bit(0) {
            self.rot0.next = (self.c_pl.q.val() << 8) | (self.c_pl.q.val() >> 504);
        }
        self.rot1.next = self.rot0.val();
        if self.c_s.q.val().get_bit(1) {
            self.rot1.next = (self.rot0.val() << 16) | (self.rot0.val() >> 496);
        }
        self.rot2.next = self.rot1.val();
        if self.c_s.q.val().get_bit(2) {
            self.rot2.next = (self.rot1.val() << 32) | (self.rot1.val() >> 480);
        }
        self.rot3.next = self.rot2.val();
        if self.c_s.q.val().get_bit(3) {
            self.rot3.next = (self.rot2.val() << 64) | (self.rot2.val() >> 448);
        }
        self.rot4.next = self.rot3.val();
        if self.c_s.q.val().get_bit(4) {
            self.rot4.next = (self.rot3.val() << 128) | (self.rot3.val() >> 384);
        }
        self.rot5.next = self.rot4.val();
        if self.c_s.q.val().get_bit(5) {
            self.rot5.next = (self.rot4.val() << 256) | (self.rot4.val() >> 256);
        }
        self.r_v.d.next = self.c_v.q.val();
        self.r_hdr_k.d.next = self.c_hdr_k.q.val();
        self.r_pl_k.d.next = self.c_pl_k.q.val();
        self.r_first.d.next = self.c_first.q.val();
        self.r_last.d.next = self.c_last.q.val();
        self.r_hdr.d.next = self.c_hdr.q.val();
        self.r_rot.d.next = self.rot5.val();
        self.r_smask.d.next = self.c_smask.q.val();
        self.r_keep.d.next = self.c_keep.q.val();
        self.r_keepm.d.next = self.c_keepm.q.val();
        self.r_f.d.next = self.c_f.q.val();
        self.r_bad.d.next = self.c_bad.q.val() & self.c_last.q.val();
        self.r_err.d.next = self.c_v.q.val()
            & self.c_pl_k.q.val()
            & ((self.c_pl_last.q.val() != self.c_exp_last.q.val())
                | (self.c_pl_keep.q.val() != self.c_exp_keep.q.val()));

        // ---- merge: lanes below s from the previous beat (header tail or
        // the carried payload bytes), the rest from the rotated payload
        self.prev.next = self.carry.q.val();
        if self.r_first.q.val() {
            self.prev.next = self.r_hdr.q.val();
        }
        self.raw.next = self.prev.val() & self.r_smask.q.val();
        if self.r_pl_k.q.val() {
            self.raw.next = (self.prev.val() & self.r_smask.q.val())
                | (self.r_rot.q.val() & !self.r_smask.q.val());
        }
        if self.r_hdr_k.q.val() {
            self.raw.next = self.r_hdr.q.val();
        }
        if self.r_v.q.val() & self.r_pl_k.q.val() {
            self.carry.d.next = self.r_rot.q.val();
        }

        // ---- output FIFO (4 beats)
        self.h_data.next = self.f_d0.q.val();
        self.h_keep.next = self.f_k0.q.val();
        self.h_last.next = self.f_l0.q.val();
        self.h_f.next = self.f_f0.q.val();
        self.h_bad.next = self.f_b0.q.val();
        if self.f_rd.q.val() == 1 {
            self.h_data.next = self.f_d1.q.val();
            self.h_keep.next = self.f_k1.q.val();
            self.h_last.next = self.f_l1.q.val();
            self.h_f.next = self.f_f1.q.val();
            self.h_bad.next = self.f_b1.q.val();
        }
        if self.f_rd.q.val() == 2 {
            self.h_data.next = self.f_d2.q.val();
            self.h_keep.next = self.f_k2.q.val();
            self.h_last.next = self.f_l2.q.val();
            self.h_f.next = self.f_f2.q.val();
            self.h_bad.next = self.f_b2.q.val();
        }
        if self.f_rd.q.val() == 3 {
            self.h_data.next = self.f_d3.q.val();
            self.h_keep.next = self.f_k3.q.val();
            self.h_last.next = self.f_l3.q.val();
            self.h_f.next = self.f_f3.q.val();
            self.h_bad.next = self.f_b3.q.val();
        }
        self.pop.next = (self.f_cnt.q.val() != 0) & self.m_ready.val();
        if self.r_v.q.val() {
            if self.f_wr.q.val() == 0 {
                self.f_d0.d.next = self.raw.val() & self.r_keepm.q.val();
                self.f_k0.d.next = self.r_keep.q.val();
                self.f_l0.d.next = self.r_last.q.val();
                self.f_f0.d.next = self.r_f.q.val();
                self.f_b0.d.next = self.r_bad.q.val();
            }
            if self.f_wr.q.val() == 1 {
                self.f_d1.d.next = self.raw.val() & self.r_keepm.q.val();
                self.f_k1.d.next = self.r_keep.q.val();
                self.f_l1.d.next = self.r_last.q.val();
                self.f_f1.d.next = self.r_f.q.val();
                self.f_b1.d.next = self.r_bad.q.val();
            }
            if self.f_wr.q.val() == 2 {
                self.f_d2.d.next = self.raw.val() & self.r_keepm.q.val();
                self.f_k2.d.next = self.r_keep.q.val();
                self.f_l2.d.next = self.r_last.q.val();
                self.f_f2.d.next = self.r_f.q.val();
                self.f_b2.d.next = self.r_bad.q.val();
            }
            if self.f_wr.q.val() == 3 {
                self.f_d3.d.next = self.raw.val() & self.r_keepm.q.val();
                self.f_k3.d.next = self.r_keep.q.val();
                self.f_l3.d.next = self.r_last.q.val();
                self.f_f3.d.next = self.r_f.q.val();
                self.f_b3.d.next = self.r_bad.q.val();
            }
            self.f_wr.d.next = self.f_wr.q.val() + 1;
            if !self.pop.val() {
                self.f_cnt.d.next = self.f_cnt.q.val() + 1;
            }
        } else if self.pop.val() {
            self.f_cnt.d.next = self.f_cnt.q.val() - 1;
        }
        if self.pop.val() {
            self.f_rd.d.next = self.f_rd.q.val() + 1;
        }
        self.m_valid.next = self.f_cnt.q.val() != 0;
        self.m_data.next = self.h_data.val();
        self.m_keep.next = self.h_keep.val();
        self.m_last.next = self.h_last.val();
        self.m_bad.next = self.h_bad.val();

        // ---- counters (one clock after the MAC takes a frame's last beat)
        self.q_last.d.next = self.pop.val() & self.h_last.val();
        self.q_f.d.next = self.h_f.val();
        self.add_frames.a.next = self.cnt_frames.q.val();
        self.add_frames.b.next = bits::<32>(0);
        self.add_frames.cin.next = self.q_last.q.val();
        self.add_bytes.a.next = self.cnt_bytes.q.val();
        self.add_bytes.b.next = bits::<64>(0);
        if self.q_last.q.val() {
            self.add_bytes.b.next = bit_cast::<64, 17>(self.q_f.q.val());
        }
        self.add_bytes.cin.next = false;
        self.add_err.a.next = self.cnt_err.q.val();
        self.add_err.b.next = bits::<32>(0);
        self.add_err.cin.next = self.r_err.q.val();
        self.cnt_frames.d.next = self.add_frames.sum.val();
        self.cnt_bytes.d.next = self.add_bytes.sum.val();
        self.cnt_err.d.next = self.add_err.sum.val();
        self.frames_sent.next = self.cnt_frames.q.val();
        self.bytes_sent.next = self.cnt_bytes.q.val();
        self.pl_errors.next = self.cnt_err.q.val();
    }
}
