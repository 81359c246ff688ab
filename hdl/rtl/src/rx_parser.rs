//! Receive-side header parser (`rx_parser`): frames from the MAC as a
//! 512-bit AXI-Stream in, per frame one descriptor (the parsed Braid headers
//! or a drop reason) and the frame's payload realigned to lane 0 out
//! (SPEC sections 2 and 3).
//!
//! # Behaviour (normative; `braid_model::RxParserModel` is the bit- and
//! cycle-exact reference)
//!
//! **Input.** `s_valid`, `s_data` (byte k of the beat in bits 8k+7..8k, byte
//! 0 of the frame in lane 0 of its first beat), `s_keep` (contiguous from
//! lane 0 and not zero; only the `s_last` beat may be partial), `s_last`.
//! One beat per clock at most, any gaps, frames back to back; there is no
//! backpressure. Data in lanes beyond `s_keep` is ignored (read as zero).
//! `cfg_udp_port` is sampled with each frame's last beat. The frame length
//! `F` is `64 * (beats - 1) + keep count of the last beat` (beat indices
//! saturate at 2047). Below, bytes at or beyond `F` read as zero.
//!
//! **Checks**, in this order; the first that fails is the frame's drop
//! reason ([`reason`], the codes of `braid_spec::error::rx_drop`):
//!  1. `F < 14` (TRUNCATED); 802.1Q tag (EtherType 0x8100) and `F < 18`
//!     (TRUNCATED); the (inner) EtherType is neither 0x0800 nor 0x86DD
//!     (NOT_IP). `ipoff` = 14, or 18 with the tag.
//!  2. `F < ipoff + 20` (IPv4) or `ipoff + 40` (IPv6): TRUNCATED. IPv4
//!     version != 4 or IHL < 5, IPv6 version != 6: BAD_IP_HEADER. IPv4
//!     `F < ipoff + 4 * IHL`: TRUNCATED. IPv4 header checksum (options
//!     included) fails: IP_CHECKSUM. IPv4 MF or fragment offset != 0:
//!     FRAGMENT. Protocol / next header != 17: NOT_UDP.
//!  3. IP payload length `L` (IPv4 total length - 4 * IHL, IPv6 payload
//!     length) below 8 (IPv4: total length < 4 * IHL + 8): IP_LENGTH.
//!     `ipend` = end of the IP datagram; `F < ipend`: TRUNCATED (bytes after
//!     `ipend` are padding, ignored).
//!  4. UDP destination port != `cfg_udp_port`: WRONG_PORT. UDP length != `L`:
//!     UDP_LENGTH. UDP checksum non-zero and the one's-complement sum over
//!     the pseudo-header and the datagram is not 0xffff: UDP_CHECKSUM.
//!  5. UDP length < 8 + 24: PAYLOAD_LENGTH. Braid version != 1:
//!     BRAID_VERSION. Unknown opcode: BAD_OPCODE. `hdr_words` != the
//!     opcode's: HDR_WORDS. UDP length != 8 + 4 * `hdr_words` +
//!     `payload_len`: PAYLOAD_LENGTH. ACK, NACK, PROBE, PROBE_REPLY with
//!     `payload_len` != 0: CONTROL_PAYLOAD.
//!
//! **Descriptor**, 16 clocks after the edge that registers the frame's last
//! beat (`d_valid` for one clock; with no descriptor every `d_*` is 0):
//! `d_ok`, `d_reason`, `d_has_payload` (the frame emitted payload beats,
//! ok or not), and when `d_ok` the fields: L2/L3 (`src_mac`, `vlan`,
//! `vlan_tci`, `is_ipv6`, `src_ip`/`dst_ip` as 128-bit numbers with IPv4
//! as ::ffff:a.b.c.d, `ce` = ECN 0b11), `udp_sport`, the base header, and
//! the extension of the opcode (WRITE: rkey, va, stream, msn, msg_len;
//! SEND: stream, rsn, msn, offset, msg_len; `imm` for the `_IMM` opcodes;
//! ACK: `ack_*` with `ack_sack` bit j = wire byte j/8 bit j%8; NACK:
//! `nack_*`; PROBE/PROBE_REPLY: `probe_*`). Fields the opcode does not
//! define, and every field of a dropped frame, are 0. The counters
//! `cnt_<reason>` (32-bit, saturating) count with the descriptor (they
//! include it from the clock it shows on).
//!
//! **Payload.** For every frame, ok or not, the bytes `[H, E)` are sent on
//! `p_*`, where `E = min(F, ipend)` and `H = 42 + 4 * (j + clamp(hw, 8,
//! 18))`, `j = vlan + (IPv6 ? 5 : max(IHL, 5) - 5)`, `hw` = the byte at
//! `46 + 4 * j` (where `hdr_words` lies) — for an accepted frame exactly
//! its `payload_len` bytes. With `q = H / 64`, `r = H % 64`, payload beat
//! `i` holds bytes `[H + 64 i, H + 64 i + 64)` of the frame and is emitted
//! 14 clocks after the edge that registers input beat `q + i + 1` (or,
//! when the frame ends at beat `q + i`, one clock after that beat's payload
//! beat, or 14 clocks after it when it has none). Beats with no byte are
//! not emitted; `p_keep` is contiguous, `p_last` marks the frame's final
//! payload beat, lanes beyond `p_keep` are 0, and with `p_valid` low every
//! `p_*` is 0. Ordering: a frame's payload beats all leave before its
//! descriptor, frames in order; a consumer pushes payload beats into a FIFO
//! and on each descriptor with `d_has_payload` pops (commits or discards)
//! one run ending in `p_last`.
//!
//! # Structure
//!
//! Every stage takes a new beat every clock (II = 1). The data path works
//! in wire byte order (bytes reversed once at the input and once at the
//! output, wiring only), so a big-endian field is a constant bit slice.
//! Every header field sits at one of a few fixed positions, so nothing is
//! indexed by a run-time byte offset:
//!
//! * S1 input registers, keep encoder; S2 lanes beyond keep cleared, `F`.
//! * S3 Ethernet / 802.1Q of beat 0 and the 40 bytes at `ipoff` (two fixed
//!   slices, one mux); S4 IPv4 / IPv6 fields (fixed slices, muxed by IP
//!   version); S5 lengths and offsets (`j`, `ipend`, `L`, header ends).
//! * S6 the frame context: beat 0 uses its own, later beats the context
//!   latched from beat 0. The header window (beats 0-2, bytes 34..157),
//!   per-beat lane decisions for the checksum masks (comparisons of the
//!   beat index with `offset / 64`, the lane `offset % 64`), truncation.
//! * S7 the masked beat (UDP: `[l4, ipend)` plus the pseudo-header address
//!   lanes; IPv4 header: `[ipoff, ipoff + 4 IHL)`) into two pipelined
//!   16-bit adder trees (five levels, S8-S12), accumulated per frame at
//!   S13 (the UDP sum starts from 17 + `L`), folded at S14, judged at S15.
//!   The header window is shifted by `4 j` bytes in two stages of two
//!   fixed shifts (S7, S8), giving the UDP + Braid headers (80 bytes) at
//!   fixed positions: S9 Braid checks, S10 the length check.
//! * Payload: S10 the geometry (`H`, `q`, `r`, bytes left) from beat 1
//!   (where `hdr_words` is at the latest), S11 the beat decisions, S12 the
//!   byte counts, S13-S14 the byte rotator (`r` is 2 mod 4: one fixed
//!   2-byte shift and four conditional shifts by 4, 8, 16, 32 bytes over a
//!   two-beat pair), S15 the output registers. When one input beat yields
//!   two payload beats (the last beat's bytes after `r`), the second takes
//!   the rotator on the next clock (the following input beat starts a frame
//!   and emits nothing).
//! * S16 the verdict (a priority choice between four group codes computed
//!   as the flags become known), S17 the descriptor and the counters.
//!
//! The previous, generated version of this block extracted the UDP/Braid
//! window with one shift of a 1,536-bit vector by a run-time amount,
//! realigned with run-time shifts of 1,024-bit vectors, and delayed each of
//! about 40 descriptor fields and 30 flags through its own chain of up to
//! 11 registers (about 1,200 register instances, 35k lines of Verilog);
//! Verilator took over 25 minutes on it and Yosys did not finish in 15.
//! Here the run-time shifts are a few stages of fixed shifts, and what
//! travels with a frame travels as a few packed vectors.

use crate::cond_sum_add::CondSumAdd;
use crate::prefix_add::PrefixAdd;
use rust_hdl::prelude::*;

mod parts;
pub use parts::{ByteRev32, ByteRev64, Consts, SatCounter, SumTree32};

/// Drop reasons (`d_reason`), the codes of `braid_spec::error::rx_drop`
/// (the priority encoder of the block uses these values; a test checks them).
pub mod reason {
    pub use braid_spec::error::rx_drop::*;
}

/// Field positions the block decodes (name, header, byte offset in that
/// header, bytes), checked against braid-spec's field tables by a test.
pub const FIELD_OFFSETS: &[(&str, &str, usize, usize)] = &[
    ("sport", "udp", 0, 2),
    ("opcode", "base", 1, 1),
    ("flags", "base", 2, 1),
    ("path_id", "base", 3, 1),
    ("hdr_words", "base", 4, 1),
    ("dst_conn", "base", 5, 3),
    ("path_psn", "base", 8, 4),
    ("csn", "base", 12, 4),
    ("timestamp", "base", 16, 4),
    ("payload_len", "base", 20, 2),
    ("floor_delta", "base", 22, 2),
    ("rkey", "write", 0, 4),
    ("va", "write", 4, 8),
    ("stream", "write", 12, 1),
    ("msn", "write", 16, 4),
    ("msg_len", "write", 20, 4),
    ("imm", "write_imm", 24, 4),
    ("stream", "send", 0, 1),
    ("rsn", "send", 1, 3),
    ("msn", "send", 4, 4),
    ("offset", "send", 8, 4),
    ("msg_len", "send", 12, 4),
    ("imm", "send_imm", 16, 4),
    ("ack_base_psn", "ack", 0, 4),
    ("ack_csn_base", "ack", 4, 4),
    ("ack_ts_echo", "ack", 8, 4),
    ("ack_ecn_count", "ack", 12, 2),
    ("ack_rate_hint", "ack", 14, 2),
    ("ack_sack", "ack", 16, 32),
    ("nack_reason", "nack", 0, 1),
    ("nack_psn", "nack", 4, 4),
    ("nack_csn", "nack", 8, 4),
    ("nack_detail", "nack", 12, 4),
    ("probe_seq", "probe", 0, 4),
    ("probe_ts", "probe", 4, 4),
];

/// The receive header parser (see the module documentation).
#[derive(LogicBlock, Default)]
pub struct RxParser {
    /// Engine clock.
    pub clock: Signal<In, Clock>,
    /// A frame beat this clock.
    pub s_valid: Signal<In, Bit>,
    /// Beat bytes: byte k of the beat in bits 8k+7..8k.
    pub s_data: Signal<In, Bits<512>>,
    /// Lanes holding bytes: contiguous from lane 0, not zero; only the last beat may be partial.
    pub s_keep: Signal<In, Bits<64>>,
    /// Last beat of the frame.
    pub s_last: Signal<In, Bit>,
    /// Braid UDP destination port (sampled with each frame's last beat).
    pub cfg_udp_port: Signal<In, Bits<16>>,
    /// Payload beat valid.
    pub p_valid: Signal<Out, Bit>,
    /// Payload bytes, realigned: the first payload byte of a frame is lane 0 of its first payload beat.
    pub p_data: Signal<Out, Bits<512>>,
    /// Payload lanes holding bytes (contiguous from lane 0).
    pub p_keep: Signal<Out, Bits<64>>,
    /// Last payload beat of the frame.
    pub p_last: Signal<Out, Bit>,
    /// Descriptor valid (one per frame).
    pub d_valid: Signal<Out, Bit>,
    /// The frame passed every check.
    pub d_ok: Signal<Out, Bit>,
    /// Drop reason (0 when ok), see [`reason`].
    pub d_reason: Signal<Out, Bits<8>>,
    /// The frame emitted payload beats (its run ends with `p_last`), ok or not.
    pub d_has_payload: Signal<Out, Bit>,
    /// Descriptor field `src_mac` (0 unless `d_ok`).
    pub d_src_mac: Signal<Out, Bits<48>>,
    /// Descriptor field `vlan` (0 unless `d_ok`).
    pub d_vlan: Signal<Out, Bit>,
    /// Descriptor field `vlan_tci` (0 unless `d_ok`).
    pub d_vlan_tci: Signal<Out, Bits<16>>,
    /// Descriptor field `is_ipv6` (0 unless `d_ok`).
    pub d_is_ipv6: Signal<Out, Bit>,
    /// Descriptor field `src_ip` (0 unless `d_ok`).
    pub d_src_ip: Signal<Out, Bits<128>>,
    /// Descriptor field `dst_ip` (0 unless `d_ok`).
    pub d_dst_ip: Signal<Out, Bits<128>>,
    /// Descriptor field `ce` (0 unless `d_ok`).
    pub d_ce: Signal<Out, Bit>,
    /// Descriptor field `sport` (0 unless `d_ok` and the opcode defines it).
    pub d_sport: Signal<Out, Bits<16>>,
    /// Descriptor field `opcode` (0 unless `d_ok` and the opcode defines it).
    pub d_opcode: Signal<Out, Bits<8>>,
    /// Descriptor field `flags` (0 unless `d_ok` and the opcode defines it).
    pub d_flags: Signal<Out, Bits<8>>,
    /// Descriptor field `path_id` (0 unless `d_ok` and the opcode defines it).
    pub d_path_id: Signal<Out, Bits<8>>,
    /// Descriptor field `hdr_words` (0 unless `d_ok` and the opcode defines it).
    pub d_hdr_words: Signal<Out, Bits<8>>,
    /// Descriptor field `dst_conn` (0 unless `d_ok` and the opcode defines it).
    pub d_dst_conn: Signal<Out, Bits<24>>,
    /// Descriptor field `path_psn` (0 unless `d_ok` and the opcode defines it).
    pub d_path_psn: Signal<Out, Bits<32>>,
    /// Descriptor field `csn` (0 unless `d_ok` and the opcode defines it).
    pub d_csn: Signal<Out, Bits<32>>,
    /// Descriptor field `timestamp` (0 unless `d_ok` and the opcode defines it).
    pub d_timestamp: Signal<Out, Bits<32>>,
    /// Descriptor field `payload_len` (0 unless `d_ok` and the opcode defines it).
    pub d_payload_len: Signal<Out, Bits<16>>,
    /// Descriptor field `floor_delta` (0 unless `d_ok` and the opcode defines it).
    pub d_floor_delta: Signal<Out, Bits<16>>,
    /// Descriptor field `rkey` (0 unless `d_ok` and the opcode defines it).
    pub d_rkey: Signal<Out, Bits<32>>,
    /// Descriptor field `va` (0 unless `d_ok` and the opcode defines it).
    pub d_va: Signal<Out, Bits<64>>,
    /// Descriptor field `stream` (0 unless `d_ok` and the opcode defines it).
    pub d_stream: Signal<Out, Bits<8>>,
    /// Descriptor field `msn` (0 unless `d_ok` and the opcode defines it).
    pub d_msn: Signal<Out, Bits<32>>,
    /// Descriptor field `msg_len` (0 unless `d_ok` and the opcode defines it).
    pub d_msg_len: Signal<Out, Bits<32>>,
    /// Descriptor field `rsn` (0 unless `d_ok` and the opcode defines it).
    pub d_rsn: Signal<Out, Bits<24>>,
    /// Descriptor field `offset` (0 unless `d_ok` and the opcode defines it).
    pub d_offset: Signal<Out, Bits<32>>,
    /// Descriptor field `imm` (0 unless `d_ok` and the opcode defines it).
    pub d_imm: Signal<Out, Bits<32>>,
    /// Descriptor field `ack_base_psn` (0 unless `d_ok` and the opcode defines it).
    pub d_ack_base_psn: Signal<Out, Bits<32>>,
    /// Descriptor field `ack_csn_base` (0 unless `d_ok` and the opcode defines it).
    pub d_ack_csn_base: Signal<Out, Bits<32>>,
    /// Descriptor field `ack_ts_echo` (0 unless `d_ok` and the opcode defines it).
    pub d_ack_ts_echo: Signal<Out, Bits<32>>,
    /// Descriptor field `ack_ecn_count` (0 unless `d_ok` and the opcode defines it).
    pub d_ack_ecn_count: Signal<Out, Bits<16>>,
    /// Descriptor field `ack_rate_hint` (0 unless `d_ok` and the opcode defines it).
    pub d_ack_rate_hint: Signal<Out, Bits<16>>,
    /// Descriptor field `ack_sack` (0 unless `d_ok` and the opcode defines it).
    pub d_ack_sack: Signal<Out, Bits<256>>,
    /// Descriptor field `nack_reason` (0 unless `d_ok` and the opcode defines it).
    pub d_nack_reason: Signal<Out, Bits<8>>,
    /// Descriptor field `nack_psn` (0 unless `d_ok` and the opcode defines it).
    pub d_nack_psn: Signal<Out, Bits<32>>,
    /// Descriptor field `nack_csn` (0 unless `d_ok` and the opcode defines it).
    pub d_nack_csn: Signal<Out, Bits<32>>,
    /// Descriptor field `nack_detail` (0 unless `d_ok` and the opcode defines it).
    pub d_nack_detail: Signal<Out, Bits<32>>,
    /// Descriptor field `probe_seq` (0 unless `d_ok` and the opcode defines it).
    pub d_probe_seq: Signal<Out, Bits<32>>,
    /// Descriptor field `probe_ts` (0 unless `d_ok` and the opcode defines it).
    pub d_probe_ts: Signal<Out, Bits<32>>,
    /// Frames accepted (saturating).
    pub cnt_accepted: Signal<Out, Bits<32>>,
    /// Frames dropped as truncated (saturating).
    pub cnt_truncated: Signal<Out, Bits<32>>,
    /// Frames dropped as not_ip (saturating).
    pub cnt_not_ip: Signal<Out, Bits<32>>,
    /// Frames dropped as bad_ip_header (saturating).
    pub cnt_bad_ip_header: Signal<Out, Bits<32>>,
    /// Frames dropped as ip_checksum (saturating).
    pub cnt_ip_checksum: Signal<Out, Bits<32>>,
    /// Frames dropped as fragment (saturating).
    pub cnt_fragment: Signal<Out, Bits<32>>,
    /// Frames dropped as not_udp (saturating).
    pub cnt_not_udp: Signal<Out, Bits<32>>,
    /// Frames dropped as ip_length (saturating).
    pub cnt_ip_length: Signal<Out, Bits<32>>,
    /// Frames dropped as wrong_port (saturating).
    pub cnt_wrong_port: Signal<Out, Bits<32>>,
    /// Frames dropped as udp_length (saturating).
    pub cnt_udp_length: Signal<Out, Bits<32>>,
    /// Frames dropped as udp_checksum (saturating).
    pub cnt_udp_checksum: Signal<Out, Bits<32>>,
    /// Frames dropped as braid_version (saturating).
    pub cnt_braid_version: Signal<Out, Bits<32>>,
    /// Frames dropped as bad_opcode (saturating).
    pub cnt_bad_opcode: Signal<Out, Bits<32>>,
    /// Frames dropped as hdr_words (saturating).
    pub cnt_hdr_words: Signal<Out, Bits<32>>,
    /// Frames dropped as payload_length (saturating).
    pub cnt_payload_length: Signal<Out, Bits<32>>,
    /// Frames dropped as control_payload (saturating).
    pub cnt_control_payload: Signal<Out, Bits<32>>,

    // ---- sub-blocks ----
    consts: Consts,
    rev_in: ByteRev64,
    rev_out: ByteRev64,
    rev_sack: ByteRev32,
    /// UDP sum of each beat (masked to the datagram and the addresses).
    tree_u: SumTree32,
    /// IPv4 header sum of each beat (masked to the IP header).
    tree_i: SumTree32,
    ad_f: PrefixAdd<18>,
    ad_ipend: PrefixAdd<17>,
    ad_l: PrefixAdd<16>,
    ad_ps: PrefixAdd<17>,
    ad_ip42: PrefixAdd<18>,
    ad_bsum: PrefixAdd<17>,
    ad_ulm8: PrefixAdd<17>,
    ad_rem0: PrefixAdd<18>,
    ad_r64: PrefixAdd<18>,
    ad_uacc: CondSumAdd,
    ad_iacc: CondSumAdd,
    ad_uf: PrefixAdd<17>,
    ad_if: PrefixAdd<17>,
    c_accepted: SatCounter,
    c_truncated: SatCounter,
    c_not_ip: SatCounter,
    c_bad_ip_header: SatCounter,
    c_ip_checksum: SatCounter,
    c_fragment: SatCounter,
    c_not_udp: SatCounter,
    c_ip_length: SatCounter,
    c_wrong_port: SatCounter,
    c_udp_length: SatCounter,
    c_udp_checksum: SatCounter,
    c_braid_version: SatCounter,
    c_bad_opcode: SatCounter,
    c_hdr_words: SatCounter,
    c_payload_length: SatCounter,
    c_control_payload: SatCounter,

    // ---- S1: input registers ----
    s1_v: DFF<Bit>,
    s1_l: DFF<Bit>,
    s1_d: DFF<Bits<512>>,
    s1_e: DFF<Bits<6>>,
    s1_idx: DFF<Bits<11>>,
    bidx: DFF<Bits<11>>,
    onehot: Signal<Local, Bits<64>>,
    // ---- beat info `b` (stages 2..16): see the `B_*` comment in update ----
    s2_b: DFF<Bits<23>>,
    s3_b: DFF<Bits<23>>,
    s4_b: DFF<Bits<23>>,
    s5_b: DFF<Bits<23>>,
    s6_b: DFF<Bits<23>>,
    s7_b: DFF<Bits<23>>,
    s8_b: DFF<Bits<23>>,
    s9_b: DFF<Bits<23>>,
    s10_b: DFF<Bits<23>>,
    s11_b: DFF<Bits<23>>,
    s12_b: DFF<Bits<23>>,
    s13_b: DFF<Bits<23>>,
    s14_b: DFF<Bits<23>>,
    s15_b: DFF<Bits<23>>,
    s16_b: DFF<Bits<23>>,
    b1: Signal<Local, Bits<23>>,
    // ---- beat data (wire order) and the UDP port sampled with it ----
    s2_d: DFF<Bits<512>>,
    s3_d: DFF<Bits<512>>,
    s4_d: DFF<Bits<512>>,
    s5_d: DFF<Bits<512>>,
    s6_d: DFF<Bits<512>>,
    s7_d: DFF<Bits<512>>,
    s8_d: DFF<Bits<512>>,
    s9_d: DFF<Bits<512>>,
    s10_d: DFF<Bits<512>>,
    s1_port: DFF<Bits<16>>,
    s2_port: DFF<Bits<16>>,
    s3_port: DFF<Bits<16>>,
    s4_port: DFF<Bits<16>>,
    s5_port: DFF<Bits<16>>,
    s6_port: DFF<Bits<16>>,
    s7_port: DFF<Bits<16>>,
    s8_port: DFF<Bits<16>>,
    // frame length F of the beat's frame if it ends with this beat
    s2_f: DFF<Bits<18>>,
    s3_f: DFF<Bits<18>>,
    s4_f: DFF<Bits<18>>,
    s5_f: DFF<Bits<18>>,

    // ---- S3: Ethernet / 802.1Q (beat 0) ----
    et0: Signal<Local, Bits<16>>,
    et: Signal<Local, Bits<16>>,
    vlan: Signal<Local, Bit>,
    s3_vlan: DFF<Bit>,
    s3_is4: DFF<Bit>,
    s3_is6: DFF<Bit>,
    s3_mac: DFF<Bits<48>>,
    s3_tci: DFF<Bits<16>>,
    s3_ip: DFF<Bits<320>>,
    // ---- S4: IP header fields ----
    ver: Signal<Local, Bits<4>>,
    ihl: Signal<Local, Bits<4>>,
    s4_vlan: DFF<Bit>,
    s4_is4: DFF<Bit>,
    s4_is6: DFF<Bit>,
    s4_ihl: DFF<Bits<4>>,
    s4_len: DFF<Bits<16>>,
    s4_fl: DFF<Bits<4>>,
    s4_l23: DFF<Bits<323>>,
    ce: Signal<Local, Bit>,
    not6: Signal<Local, Bit>,
    src: Signal<Local, Bits<128>>,
    dst: Signal<Local, Bits<128>>,
    // ---- S5: frame context from beat 0 ----
    ihl5: Signal<Local, Bits<4>>,
    ipoff: Signal<Local, Bits<7>>,
    s5_vlan: DFF<Bit>,
    s5_is4: DFF<Bit>,
    s5_is6: DFF<Bit>,
    s5_j: DFF<Bits<4>>,
    s5_ipend: DFF<Bits<17>>,
    s5_ul: DFF<Bits<16>>,
    s5_iphe: DFF<Bits<7>>,
    s5_hdrmin: DFF<Bits<7>>,
    s5_fl: DFF<Bits<5>>,
    s5_l23: DFF<Bits<323>>,
    // the context latched from each frame's beat 0 ...
    lt_vlan: DFF<Bit>,
    lt_is4: DFF<Bit>,
    lt_is6: DFF<Bit>,
    lt_j: DFF<Bits<4>>,
    lt_ipend: DFF<Bits<17>>,
    lt_ul: DFF<Bits<16>>,
    lt_iphe: DFF<Bits<7>>,
    lt_hdrmin: DFF<Bits<7>>,
    lt_fl: DFF<Bits<5>>,
    lt_l23: DFF<Bits<323>>,
    // ... and the context of the beat at S6 (beat 0: its own)
    x_vlan: Signal<Local, Bit>,
    x_is4: Signal<Local, Bit>,
    x_is6: Signal<Local, Bit>,
    x_j: Signal<Local, Bits<4>>,
    x_ipend: Signal<Local, Bits<17>>,
    x_ul: Signal<Local, Bits<16>>,
    x_iphe: Signal<Local, Bits<7>>,
    x_hdrmin: Signal<Local, Bits<7>>,
    x_fl: Signal<Local, Bits<5>>,
    x_l23: Signal<Local, Bits<323>>,
    // ---- S6: header window, lane-mask decisions, truncation ----
    w0: DFF<Bits<512>>,
    w1: DFF<Bits<512>>,
    w2: DFF<Bits<512>>,
    e0: Signal<Local, Bits<512>>,
    e1: Signal<Local, Bits<512>>,
    e2: Signal<Local, Bits<512>>,
    cat: Signal<Local, Bits<1536>>,
    l4u: Signal<Local, Bits<5>>,
    idx6: Signal<Local, Bits<11>>,
    s6_win: DFF<Bits<992>>,
    s6_j: DFF<Bits<4>>,
    s6_ul: DFF<Bits<16>>,
    s6_ipend: DFF<Bits<17>>,
    s6_is4: DFF<Bit>,
    s6_fl: DFF<Bits<5>>,
    s6_l23: DFF<Bits<323>>,
    s6_tr: DFF<Bits<5>>,
    s6_um: DFF<Bits<16>>,
    s6_im: DFF<Bits<11>>,
    // ---- S7: masked beats into the adder trees, window shift 1 ----
    ge_u: Signal<Local, Bits<512>>,
    lt_u: Signal<Local, Bits<512>>,
    addr_m: Signal<Local, Bits<512>>,
    ge_i: Signal<Local, Bits<512>>,
    lt_i: Signal<Local, Bits<512>>,
    win_a: Signal<Local, Bits<992>>,
    s7_ui: DFF<Bits<512>>,
    s7_ii: DFF<Bits<512>>,
    s7_win: DFF<Bits<992>>,
    s7_j: DFF<Bits<4>>,
    s7_ul: DFF<Bits<16>>,
    s7_ps: DFF<Bits<17>>,
    s7_ip42: DFF<Bits<18>>,
    s7_is4: DFF<Bit>,
    s7_l23: DFF<Bits<323>>,
    s7_ca: DFF<Bits<4>>,
    s7_cb: DFF<Bits<4>>,
    // ---- S8: UDP + Braid window (80 bytes from the UDP header) ----
    win_b: Signal<Local, Bits<992>>,
    s8_l4w: DFF<Bits<640>>,
    s8_j: DFF<Bits<4>>,
    s8_ul: DFF<Bits<16>>,
    s8_ps: DFF<Bits<17>>,
    s8_ip42: DFF<Bits<18>>,
    s8_is4: DFF<Bit>,
    s8_l23: DFF<Bits<323>>,
    s8_ca: DFF<Bits<4>>,
    s8_cb: DFF<Bits<4>>,
    // ---- S9: UDP / Braid checks, payload start ----
    b_op: Signal<Local, Bits<8>>,
    b_hw: Signal<Local, Bits<8>>,
    b_plen: Signal<Local, Bits<16>>,
    u_len: Signal<Local, Bits<16>>,
    op_w: Signal<Local, Bit>,
    op_s: Signal<Local, Bit>,
    op_a: Signal<Local, Bit>,
    op_n: Signal<Local, Bit>,
    op_p: Signal<Local, Bit>,
    hw_exp: Signal<Local, Bits<8>>,
    op_bad: Signal<Local, Bit>,
    hwc: Signal<Local, Bits<5>>,
    s9_rec: DFF<Bits<963>>,
    s9_ps: DFF<Bits<17>>,
    s9_ip42: DFF<Bits<18>>,
    s9_hs: DFF<Bits<5>>,
    s9_is4: DFF<Bit>,
    s9_ca: DFF<Bits<4>>,
    s9_cb: DFF<Bits<4>>,
    s9_fb: DFF<Bits<2>>,
    s9_fc: DFF<Bits<5>>,
    s9_ucz: DFF<Bit>,
    s9_ulm8: DFF<Bits<17>>,
    s9_bsum: DFF<Bits<17>>,
    s9_cls: DFF<Bits<7>>,
    // ---- S10: geometry, length check ----
    h8: Signal<Local, Bits<8>>,
    s10_rec: DFF<Bits<963>>,
    s10_ps: DFF<Bits<17>>,
    s10_r: DFF<Bits<6>>,
    s10_q: DFF<Bits<2>>,
    s10_rem0: DFF<Bits<18>>,
    s10_is4: DFF<Bit>,
    s10_ca: DFF<Bits<4>>,
    s10_cb: DFF<Bits<4>>,
    s10_fc: DFF<Bits<5>>,
    s10_fplen: DFF<Bit>,
    s10_ucz: DFF<Bit>,
    s10_cls: DFF<Bits<7>>,
    // ---- S11: payload beat decisions ----
    lt_r: DFF<Bits<6>>,
    lt_q: DFF<Bits<2>>,
    rem: DFF<Bits<18>>,
    prev: DFF<Bits<512>>,
    g_r: Signal<Local, Bits<6>>,
    g_q: Signal<Local, Bits<2>>,
    rem_a: Signal<Local, Bits<18>>,
    emit_a: Signal<Local, Bit>,
    rem_b: Signal<Local, Bits<18>>,
    nmr: Signal<Local, Bits<8>>,
    s11_cur: DFF<Bits<512>>,
    s11_prv: DFF<Bits<512>>,
    s11_ea: DFF<Bit>,
    s11_fb: DFF<Bit>,
    s11_rema: DFF<Bits<18>>,
    s11_remb: DFF<Bits<18>>,
    s11_avla: DFF<Bits<7>>,
    s11_avlb: DFF<Bits<7>>,
    s11_r: DFF<Bits<6>>,
    s11_rec: DFF<Bits<963>>,
    s11_ps: DFF<Bits<17>>,
    s11_is4: DFF<Bit>,
    s11_ca: DFF<Bits<4>>,
    s11_cb: DFF<Bits<4>>,
    s11_cc: DFF<Bits<4>>,
    s11_ucz: DFF<Bit>,
    s11_cls: DFF<Bits<7>>,
    // ---- S12: payload byte counts; frame sums ----
    cl_a: Signal<Local, Bits<7>>,
    cl_b: Signal<Local, Bits<7>>,
    va: Signal<Local, Bit>,
    vb: Signal<Local, Bit>,
    emitted: DFF<Bit>,
    has_n: Signal<Local, Bit>,
    s12_cur: DFF<Bits<512>>,
    s12_prv: DFF<Bits<512>>,
    s12_va: DFF<Bit>,
    s12_vb: DFF<Bit>,
    s12_ca: DFF<Bits<7>>,
    s12_cb: DFF<Bits<7>>,
    s12_lasta: DFF<Bit>,
    s12_r: DFF<Bits<6>>,
    s12_has: DFF<Bit>,
    s12_rec: DFF<Bits<963>>,
    s12_ps: DFF<Bits<17>>,
    s12_is4: DFF<Bit>,
    s12_ca0: DFF<Bits<4>>,
    s12_cb0: DFF<Bits<4>>,
    s12_cc: DFF<Bits<4>>,
    s12_ucz: DFF<Bit>,
    s12_cls: DFF<Bits<7>>,
    // ---- S13: rotator 1; accumulated sums ----
    uacc: DFF<Bits<32>>,
    iacc: DFF<Bits<24>>,
    pend_v: DFF<Bit>,
    pend_d: DFF<Bits<512>>,
    pend_c: DFF<Bits<7>>,
    pend_r: DFF<Bits<6>>,
    pair: Signal<Local, Bits<1024>>,
    rr: Signal<Local, Bits<6>>,
    rot0: Signal<Local, Bits<1024>>,
    rot1: Signal<Local, Bits<1024>>,
    s13_rot: DFF<Bits<1024>>,
    s13_rr: DFF<Bits<2>>,
    s13_ov: DFF<Bit>,
    s13_oc: DFF<Bits<7>>,
    s13_ol: DFF<Bit>,
    s13_has: DFF<Bit>,
    s13_rec: DFF<Bits<963>>,
    s13_is4: DFF<Bit>,
    s13_ca: DFF<Bits<4>>,
    s13_cb: DFF<Bits<4>>,
    s13_cc: DFF<Bits<4>>,
    s13_ucz: DFF<Bit>,
    s13_cls: DFF<Bits<7>>,
    // ---- S14: rotator 2; folded sums ----
    rot3: Signal<Local, Bits<1024>>,
    rot4: Signal<Local, Bits<1024>>,
    s14_top: DFF<Bits<512>>,
    s14_ov: DFF<Bit>,
    s14_oc: DFF<Bits<7>>,
    s14_ol: DFF<Bit>,
    s14_uf: DFF<Bits<17>>,
    s14_if: DFF<Bits<17>>,
    s14_has: DFF<Bit>,
    s14_rec: DFF<Bits<963>>,
    s14_is4: DFF<Bit>,
    s14_ca: DFF<Bits<4>>,
    s14_cb: DFF<Bits<4>>,
    s14_cc: DFF<Bits<4>>,
    s14_ucz: DFF<Bit>,
    s14_cls: DFF<Bits<7>>,
    // ---- S15: payload outputs; checksum verdicts ----
    o_v: DFF<Bit>,
    o_d: DFF<Bits<512>>,
    o_k: DFF<Bits<64>>,
    o_l: DFF<Bit>,
    s15_ubad: DFF<Bit>,
    s15_ibad: DFF<Bit>,
    s15_has: DFF<Bit>,
    s15_rec: DFF<Bits<963>>,
    s15_is4: DFF<Bit>,
    s15_ca: DFF<Bits<4>>,
    s15_cb: DFF<Bits<4>>,
    s15_cc: DFF<Bits<4>>,
    s15_ucz: DFF<Bit>,
    s15_cls: DFF<Bits<7>>,
    // ---- S16: the verdict (descriptor outputs are these registers, gated) ----
    reason: Signal<Local, Bits<4>>,
    s16_dv: DFF<Bit>,
    s16_ok: DFF<Bit>,
    s16_reason: DFF<Bits<4>>,
    s16_has: DFF<Bit>,
    s16_rec: DFF<Bits<963>>,
    s16_cls: DFF<Bits<7>>,
    s17_dv: DFF<Bit>,
    s17_ok: DFF<Bit>,
    s17_reason: DFF<Bits<4>>,
    s17_has: DFF<Bit>,
    s17_rec: DFF<Bits<963>>,
    s17_cls: DFF<Bits<7>>,
    f_ok: Signal<Local, Bit>,
    f_w: Signal<Local, Bit>,
    f_s: Signal<Local, Bit>,
    f_a: Signal<Local, Bit>,
    f_n: Signal<Local, Bit>,
    f_p: Signal<Local, Bit>,
}

impl Logic for RxParser {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, s1_v, s1_l, s1_d, s1_e, s1_idx, bidx, s2_b, s3_b, s4_b, s5_b, s6_b, s7_b,
            s8_b, s9_b, s10_b, s11_b, s12_b, s13_b, s14_b, s15_b, s16_b, s2_d, s3_d, s4_d, s5_d,
            s6_d, s7_d, s8_d, s9_d, s10_d, s1_port, s2_port, s3_port, s4_port, s5_port, s6_port,
            s7_port, s8_port, s2_f, s3_f, s4_f, s5_f, s3_vlan, s3_is4, s3_is6, s3_mac, s3_tci,
            s3_ip, s4_vlan, s4_is4, s4_is6, s4_ihl, s4_len, s4_fl, s4_l23, s5_vlan, s5_is4, s5_is6,
            s5_j, s5_ipend, s5_ul, s5_iphe, s5_hdrmin, s5_fl, s5_l23, lt_vlan, lt_is4, lt_is6,
            lt_j, lt_ipend, lt_ul, lt_iphe, lt_hdrmin, lt_fl, lt_l23, w0, w1, w2, s6_win, s6_j,
            s6_ul, s6_ipend, s6_is4, s6_fl, s6_l23, s6_tr, s6_um, s6_im, s7_ui, s7_ii, s7_win,
            s7_j, s7_ul, s7_ps, s7_ip42, s7_is4, s7_l23, s7_ca, s7_cb, s8_l4w, s8_j, s8_ul, s8_ps,
            s8_ip42, s8_is4, s8_l23, s8_ca, s8_cb, s9_rec, s9_ps, s9_ip42, s9_hs, s9_is4, s9_ca,
            s9_cb, s9_fb, s9_fc, s9_ucz, s9_ulm8, s9_bsum, s9_cls, s10_rec, s10_ps, s10_r, s10_q,
            s10_rem0, s10_is4, s10_ca, s10_cb, s10_fc, s10_fplen, s10_ucz, s10_cls, lt_r, lt_q,
            rem, prev, s11_cur, s11_prv, s11_ea, s11_fb, s11_rema, s11_remb, s11_avla, s11_avlb,
            s11_r, s11_rec, s11_ps, s11_is4, s11_ca, s11_cb, s11_cc, s11_ucz, s11_cls, emitted,
            s12_cur, s12_prv, s12_va, s12_vb, s12_ca, s12_cb, s12_lasta, s12_r, s12_has, s12_rec,
            s12_ps, s12_is4, s12_ca0, s12_cb0, s12_cc, s12_ucz, s12_cls, uacc, iacc, pend_v,
            pend_d, pend_c, pend_r, s13_rot, s13_rr, s13_ov, s13_oc, s13_ol, s13_has, s13_rec,
            s13_is4, s13_ca, s13_cb, s13_cc, s13_ucz, s13_cls, s14_top, s14_ov, s14_oc, s14_ol,
            s14_uf, s14_if, s14_has, s14_rec, s14_is4, s14_ca, s14_cb, s14_cc, s14_ucz, s14_cls,
            o_v, o_d, o_k, o_l, s15_ubad, s15_ibad, s15_has, s15_rec, s15_is4, s15_ca, s15_cb,
            s15_cc, s15_ucz, s15_cls, s16_dv, s16_ok, s16_reason, s16_has, s16_rec, s16_cls,
            s17_dv, s17_ok, s17_reason, s17_has, s17_rec, s17_cls
        );
        self.tree_u.clock.next = self.clock.val();
        self.tree_i.clock.next = self.clock.val();
        self.c_accepted.clock.next = self.clock.val();
        self.c_truncated.clock.next = self.clock.val();
        self.c_not_ip.clock.next = self.clock.val();
        self.c_bad_ip_header.clock.next = self.clock.val();
        self.c_ip_checksum.clock.next = self.clock.val();
        self.c_fragment.clock.next = self.clock.val();
        self.c_not_udp.clock.next = self.clock.val();
        self.c_ip_length.clock.next = self.clock.val();
        self.c_wrong_port.clock.next = self.clock.val();
        self.c_udp_length.clock.next = self.clock.val();
        self.c_udp_checksum.clock.next = self.clock.val();
        self.c_braid_version.clock.next = self.clock.val();
        self.c_bad_opcode.clock.next = self.clock.val();
        self.c_hdr_words.clock.next = self.clock.val();
        self.c_payload_length.clock.next = self.clock.val();
        self.c_control_payload.clock.next = self.clock.val();

        // Beat info `b`, one vector per stage: bit 0 valid, 1 last, 2 beat 0,
        // 3 beat 1, 4 beat 2, 5..11 bytes in the beat (1..64), 12..22 beat
        // index in the frame (saturating at 2047).
        self.s3_b.d.next = self.s2_b.q.val();
        self.s4_b.d.next = self.s3_b.q.val();
        self.s5_b.d.next = self.s4_b.q.val();
        self.s6_b.d.next = self.s5_b.q.val();
        self.s7_b.d.next = self.s6_b.q.val();
        self.s8_b.d.next = self.s7_b.q.val();
        self.s9_b.d.next = self.s8_b.q.val();
        self.s10_b.d.next = self.s9_b.q.val();
        self.s11_b.d.next = self.s10_b.q.val();
        self.s12_b.d.next = self.s11_b.q.val();
        self.s13_b.d.next = self.s12_b.q.val();
        self.s14_b.d.next = self.s13_b.q.val();
        self.s15_b.d.next = self.s14_b.q.val();
        self.s16_b.d.next = self.s15_b.q.val();
        self.s3_d.d.next = self.s2_d.q.val();
        self.s4_d.d.next = self.s3_d.q.val();
        self.s5_d.d.next = self.s4_d.q.val();
        self.s6_d.d.next = self.s5_d.q.val();
        self.s7_d.d.next = self.s6_d.q.val();
        self.s8_d.d.next = self.s7_d.q.val();
        self.s9_d.d.next = self.s8_d.q.val();
        self.s10_d.d.next = self.s9_d.q.val();
        self.s2_port.d.next = self.s1_port.q.val();
        self.s3_port.d.next = self.s2_port.q.val();
        self.s4_port.d.next = self.s3_port.q.val();
        self.s5_port.d.next = self.s4_port.q.val();
        self.s6_port.d.next = self.s5_port.q.val();
        self.s7_port.d.next = self.s6_port.q.val();
        self.s8_port.d.next = self.s7_port.q.val();
        self.s3_f.d.next = self.s2_f.q.val();
        self.s4_f.d.next = self.s3_f.q.val();
        self.s5_f.d.next = self.s4_f.q.val();

        // ---------------- S1: input registers (bytes in wire order) ----------------
        self.rev_in.i.next = self.s_data.val();
        self.s1_v.d.next = self.s_valid.val();
        self.s1_l.d.next = self.s_valid.val() & self.s_last.val();
        self.s1_d.d.next = self.rev_in.o.val();
        self.s1_port.d.next = self.cfg_udp_port.val();
        // index of the highest kept lane (keep is contiguous from lane 0)
        self.onehot.next = self.s_keep.val() & !(self.s_keep.val() >> 1);
        self.s1_e.d.next =
            bit_cast::<6, 1>((self.onehot.val() & self.consts.m0.val()).any().into())
                | (bit_cast::<6, 1>((self.onehot.val() & self.consts.m1.val()).any().into()) << 1)
                | (bit_cast::<6, 1>((self.onehot.val() & self.consts.m2.val()).any().into()) << 2)
                | (bit_cast::<6, 1>((self.onehot.val() & self.consts.m3.val()).any().into()) << 3)
                | (bit_cast::<6, 1>((self.onehot.val() & self.consts.m4.val()).any().into()) << 4)
                | (bit_cast::<6, 1>((self.onehot.val() & self.consts.m5.val()).any().into()) << 5);
        self.s1_idx.d.next = self.bidx.q.val();
        self.bidx.d.next = self.bidx.q.val();
        if self.s_valid.val() {
            if self.s_last.val() {
                self.bidx.d.next = bits::<11>(0);
            } else if self.bidx.q.val() != bits::<11>(2047) {
                self.bidx.d.next = self.bidx.q.val() + bits::<11>(1);
            }
        }

        // ---------------- S2: lanes beyond keep read as zero; F ----------------
        self.s2_d.d.next = self.s1_d.q.val()
            & !((self.consts.ones512.val() >> 8) >> (bit_cast::<10, 6>(self.s1_e.q.val()) << 3));
        self.b1.next = bit_cast::<23, 1>(self.s1_v.q.val().into())
            | (bit_cast::<23, 1>(self.s1_l.q.val().into()) << 1)
            | (bit_cast::<23, 1>((self.s1_idx.q.val() == bits::<11>(0)).into()) << 2)
            | (bit_cast::<23, 1>((self.s1_idx.q.val() == bits::<11>(1)).into()) << 3)
            | (bit_cast::<23, 1>((self.s1_idx.q.val() == bits::<11>(2)).into()) << 4)
            | (bit_cast::<23, 7>(bit_cast::<7, 6>(self.s1_e.q.val()) + bits::<7>(1)) << 5)
            | (bit_cast::<23, 11>(self.s1_idx.q.val()) << 12);
        self.s2_b.d.next = self.b1.val();
        // F = 64 * index + bytes = (index:e) + 1
        self.ad_f.a.next =
            (bit_cast::<18, 11>(self.s1_idx.q.val()) << 6) | bit_cast::<18, 6>(self.s1_e.q.val());
        self.ad_f.b.next = bits::<18>(0);
        self.ad_f.cin.next = true;
        self.s2_f.d.next = self.ad_f.sum.val();

        // ---------------- S3: Ethernet / 802.1Q (meaningful on beat 0) ----------------
        self.et0.next = self.s2_d.q.val().get_bits::<16>(400);
        self.vlan.next = self.et0.val() == bits::<16>(0x8100);
        self.et.next = self.et0.val();
        self.s3_tci.d.next = bits::<16>(0);
        // the 40 bytes from the IP header on
        self.s3_ip.d.next = self.s2_d.q.val().get_bits::<320>(80);
        if self.vlan.val() {
            self.et.next = self.s2_d.q.val().get_bits::<16>(368);
            self.s3_tci.d.next = self.s2_d.q.val().get_bits::<16>(384);
            self.s3_ip.d.next = self.s2_d.q.val().get_bits::<320>(48);
        }
        self.s3_vlan.d.next = self.vlan.val();
        self.s3_is4.d.next = self.et.val() == bits::<16>(0x0800);
        self.s3_is6.d.next = self.et.val() == bits::<16>(0x86dd);
        self.s3_mac.d.next = self.s2_d.q.val().get_bits::<48>(416);

        // ---------------- S4: IP header fields ----------------
        // (IPv4: version/IHL byte 0, ECN byte 1, total length 2-3, flags and
        // fragment offset 6-7, protocol 9, addresses 12-19; IPv6: ECN in
        // byte 1 bits 5:4, payload length 4-5, next header 6, addresses 8-39)
        self.ver.next = self.s3_ip.q.val().get_bits::<4>(316);
        self.ihl.next = self.s3_ip.q.val().get_bits::<4>(312);
        self.s4_vlan.d.next = self.s3_vlan.q.val();
        self.s4_is4.d.next = self.s3_is4.q.val();
        self.s4_is6.d.next = self.s3_is6.q.val();
        self.s4_ihl.d.next = self.ihl.val();
        self.not6.next = !self.s3_is6.q.val();
        // flags: 0 version/IHL bad, 1 fragment, 2 not UDP, 3 not IP
        if self.s3_is4.q.val() {
            self.s4_len.d.next = self.s3_ip.q.val().get_bits::<16>(288);
            self.s4_fl.d.next = bit_cast::<4, 1>(
                ((self.ver.val() != bits::<4>(4)) | (self.ihl.val() < bits::<4>(5))).into(),
            ) | (bit_cast::<4, 1>(
                (self.s3_ip.q.val().get_bit(269) | self.s3_ip.q.val().get_bits::<13>(256).any())
                    .into(),
            ) << 1)
                | (bit_cast::<4, 1>(
                    (self.s3_ip.q.val().get_bits::<8>(240) != bits::<8>(17)).into(),
                ) << 2);
            self.ce.next = self.s3_ip.q.val().get_bits::<2>(304) == bits::<2>(3);
            self.src.next = bit_cast::<128, 32>(self.s3_ip.q.val().get_bits::<32>(192))
                | self.consts.v4mapped.val();
            self.dst.next = bit_cast::<128, 32>(self.s3_ip.q.val().get_bits::<32>(160))
                | self.consts.v4mapped.val();
        } else {
            self.s4_len.d.next = self.s3_ip.q.val().get_bits::<16>(272);
            self.s4_fl.d.next = bit_cast::<4, 1>((self.ver.val() != bits::<4>(6)).into())
                | (bit_cast::<4, 1>(
                    (self.s3_ip.q.val().get_bits::<8>(264) != bits::<8>(17)).into(),
                ) << 2)
                | (bit_cast::<4, 1>(self.not6.val().into()) << 3);
            self.ce.next = self.s3_ip.q.val().get_bits::<2>(308) == bits::<2>(3);
            self.src.next = self.s3_ip.q.val().get_bits::<128>(128);
            self.dst.next = self.s3_ip.q.val().get_bits::<128>(0);
        }
        // descriptor L2/L3 fields: mac 322:275, tci 274:259, vlan 258,
        // is_ipv6 257, ce 256, src_ip 255:128, dst_ip 127:0
        self.s4_l23.d.next = (bit_cast::<323, 48>(self.s3_mac.q.val()) << 275)
            | (bit_cast::<323, 16>(self.s3_tci.q.val()) << 259)
            | (bit_cast::<323, 1>(self.s3_vlan.q.val().into()) << 258)
            | (bit_cast::<323, 1>(self.s3_is6.q.val().into()) << 257)
            | (bit_cast::<323, 1>(self.ce.val().into()) << 256)
            | (bit_cast::<323, 128>(self.src.val()) << 128)
            | bit_cast::<323, 128>(self.dst.val());

        // ---------------- S5: lengths and offsets ----------------
        self.ihl5.next = self.s4_ihl.q.val();
        if self.s4_ihl.q.val() < bits::<4>(5) {
            self.ihl5.next = bits::<4>(5);
        }
        self.ipoff.next = bits::<7>(14);
        if self.s4_vlan.q.val() {
            self.ipoff.next = bits::<7>(18);
        }
        // UDP header at 34 + 4 j
        self.s5_j.d.next =
            bit_cast::<4, 1>(self.s4_vlan.q.val().into()) + self.ihl5.val() - bits::<4>(5);
        if self.s4_is6.q.val() {
            self.s5_j.d.next = bit_cast::<4, 1>(self.s4_vlan.q.val().into()) + bits::<4>(5);
        }
        // end of the IP datagram
        self.ad_ipend.a.next = bit_cast::<17, 16>(self.s4_len.q.val());
        self.ad_ipend.b.next = bit_cast::<17, 7>(self.ipoff.val());
        if self.s4_is6.q.val() {
            self.ad_ipend.b.next = bit_cast::<17, 7>(self.ipoff.val() + bits::<7>(40));
        }
        self.ad_ipend.cin.next = false;
        self.s5_ipend.d.next = self.ad_ipend.sum.val();
        // the UDP length the IP header implies (IPv4: total length - 4 IHL)
        self.ad_l.a.next = self.s4_len.q.val();
        self.ad_l.b.next = bits::<16>(0);
        self.ad_l.cin.next = self.s4_is4.q.val();
        if self.s4_is4.q.val() {
            self.ad_l.b.next = !(bit_cast::<16, 4>(self.s4_ihl.q.val()) << 2);
        }
        self.s5_ul.d.next = self.ad_l.sum.val();
        self.s5_iphe.d.next = self.ipoff.val() + (bit_cast::<7, 4>(self.s4_ihl.q.val()) << 2);
        self.s5_hdrmin.d.next = self.ipoff.val() + bits::<7>(20);
        if self.s4_is6.q.val() {
            self.s5_hdrmin.d.next = self.ipoff.val() + bits::<7>(40);
        }
        // flags: 0..3 as S4, 4 IP length below 8 bytes of UDP
        self.s5_fl.d.next = bit_cast::<5, 4>(self.s4_fl.q.val())
            | (bit_cast::<5, 1>((self.s4_len.q.val() < bits::<16>(8)).into()) << 4);
        if self.s4_is4.q.val() {
            self.s5_fl.d.next = bit_cast::<5, 4>(self.s4_fl.q.val())
                | (bit_cast::<5, 1>(
                    (!self.s4_len.q.val().get_bits::<9>(7).any()
                        & (self.s4_len.q.val().get_bits::<7>(0)
                            < ((bit_cast::<7, 4>(self.s4_ihl.q.val()) << 2) + bits::<7>(8))))
                    .into(),
                ) << 4);
        }
        self.s5_vlan.d.next = self.s4_vlan.q.val();
        self.s5_is4.d.next = self.s4_is4.q.val();
        self.s5_is6.d.next = self.s4_is6.q.val();
        self.s5_l23.d.next = self.s4_l23.q.val();

        // ---------------- S6: frame context, header window, mask decisions ----------------
        self.x_vlan.next = self.lt_vlan.q.val();
        self.x_is4.next = self.lt_is4.q.val();
        self.x_is6.next = self.lt_is6.q.val();
        self.x_j.next = self.lt_j.q.val();
        self.x_ipend.next = self.lt_ipend.q.val();
        self.x_ul.next = self.lt_ul.q.val();
        self.x_iphe.next = self.lt_iphe.q.val();
        self.x_hdrmin.next = self.lt_hdrmin.q.val();
        self.x_fl.next = self.lt_fl.q.val();
        self.x_l23.next = self.lt_l23.q.val();
        if self.s5_b.q.val().get_bit(2) {
            self.x_vlan.next = self.s5_vlan.q.val();
            self.x_is4.next = self.s5_is4.q.val();
            self.x_is6.next = self.s5_is6.q.val();
            self.x_j.next = self.s5_j.q.val();
            self.x_ipend.next = self.s5_ipend.q.val();
            self.x_ul.next = self.s5_ul.q.val();
            self.x_iphe.next = self.s5_iphe.q.val();
            self.x_hdrmin.next = self.s5_hdrmin.q.val();
            self.x_fl.next = self.s5_fl.q.val();
            self.x_l23.next = self.s5_l23.q.val();
        }
        self.lt_vlan.d.next = self.x_vlan.val();
        self.lt_is4.d.next = self.x_is4.val();
        self.lt_is6.d.next = self.x_is6.val();
        self.lt_j.d.next = self.x_j.val();
        self.lt_ipend.d.next = self.x_ipend.val();
        self.lt_ul.d.next = self.x_ul.val();
        self.lt_iphe.d.next = self.x_iphe.val();
        self.lt_hdrmin.d.next = self.x_hdrmin.val();
        self.lt_fl.d.next = self.x_fl.val();
        self.lt_l23.d.next = self.x_l23.val();
        if !self.s5_b.q.val().get_bit(0) {
            self.lt_vlan.d.next = self.lt_vlan.q.val();
            self.lt_is4.d.next = self.lt_is4.q.val();
            self.lt_is6.d.next = self.lt_is6.q.val();
            self.lt_j.d.next = self.lt_j.q.val();
            self.lt_ipend.d.next = self.lt_ipend.q.val();
            self.lt_ul.d.next = self.lt_ul.q.val();
            self.lt_iphe.d.next = self.lt_iphe.q.val();
            self.lt_hdrmin.d.next = self.lt_hdrmin.q.val();
            self.lt_fl.d.next = self.lt_fl.q.val();
            self.lt_l23.d.next = self.lt_l23.q.val();
        }
        // header window: beats 0..2 of the frame, bytes 34..157 (UDP and
        // Braid headers at any IP header length)
        self.e0.next = self.w0.q.val();
        self.e1.next = self.w1.q.val();
        self.e2.next = self.w2.q.val();
        if self.s5_b.q.val().get_bit(2) {
            self.e0.next = self.s5_d.q.val();
            self.e1.next = bits::<512>(0);
            self.e2.next = bits::<512>(0);
        }
        if self.s5_b.q.val().get_bit(3) {
            self.e1.next = self.s5_d.q.val();
            self.e2.next = bits::<512>(0);
        }
        if self.s5_b.q.val().get_bit(4) {
            self.e2.next = self.s5_d.q.val();
        }
        self.w0.d.next = self.w0.q.val();
        self.w1.d.next = self.w1.q.val();
        self.w2.d.next = self.w2.q.val();
        if self.s5_b.q.val().get_bit(0) {
            self.w0.d.next = self.e0.val();
            self.w1.d.next = self.e1.val();
            self.w2.d.next = self.e2.val();
        }
        self.cat.next = (bit_cast::<1536, 512>(self.e0.val()) << 1024)
            | (bit_cast::<1536, 512>(self.e1.val()) << 512)
            | bit_cast::<1536, 512>(self.e2.val());
        self.s6_win.d.next = self.cat.val().get_bits::<992>(272);
        self.s6_j.d.next = self.x_j.val();
        self.s6_ul.d.next = self.x_ul.val();
        self.s6_ipend.d.next = self.x_ipend.val();
        self.s6_is4.d.next = self.x_is4.val();
        self.s6_fl.d.next = self.x_fl.val();
        self.s6_l23.d.next = self.x_l23.val();
        // truncation (for the frame's last beat): 0 F < 14, 1 tagged and
        // F < 18, 2 F < IP header minimum, 3 IPv4 and F < IP header end,
        // 4 F < IP datagram end
        self.s6_tr.d.next = bit_cast::<5, 1>((self.s5_f.q.val() < bits::<18>(14)).into())
            | (bit_cast::<5, 1>((self.x_vlan.val() & (self.s5_f.q.val() < bits::<18>(18))).into())
                << 1)
            | (bit_cast::<5, 1>(
                (self.s5_f.q.val() < bit_cast::<18, 7>(self.x_hdrmin.val())).into(),
            ) << 2)
            | (bit_cast::<5, 1>(
                (self.x_is4.val() & (self.s5_f.q.val() < bit_cast::<18, 7>(self.x_iphe.val())))
                    .into(),
            ) << 3)
            | (bit_cast::<5, 1>(
                (self.s5_f.q.val() < bit_cast::<18, 17>(self.x_ipend.val())).into(),
            ) << 4);
        // UDP lanes of this beat: frame bytes in [l4, ipend), l4 = 34 + 4 j;
        // `um`: 0 all from l4, 1 from lane l4 % 64, 2..7 l4 % 64, 8 all
        // below ipend, 9 below lane ipend % 64, 10..15 ipend % 64
        self.l4u.next = bit_cast::<5, 4>(self.x_j.val()) + bits::<5>(8);
        self.idx6.next = self.s5_b.q.val().get_bits::<11>(12);
        self.s6_um.d.next = bit_cast::<16, 1>(
            (self.idx6.val() > bit_cast::<11, 1>(self.l4u.val().get_bit(4).into())).into(),
        ) | (bit_cast::<16, 1>(
            (self.idx6.val() == bit_cast::<11, 1>(self.l4u.val().get_bit(4).into())).into(),
        ) << 1)
            | (bit_cast::<16, 6>(
                (bit_cast::<6, 4>(self.l4u.val().get_bits::<4>(0)) << 2) | bits::<6>(2),
            ) << 2)
            | (bit_cast::<16, 1>((self.idx6.val() < self.x_ipend.val().get_bits::<11>(6)).into())
                << 8)
            | (bit_cast::<16, 1>((self.idx6.val() == self.x_ipend.val().get_bits::<11>(6)).into())
                << 9)
            | (bit_cast::<16, 6>(self.x_ipend.val().get_bits::<6>(0)) << 10);
        // IP header lanes: frame bytes in [ipoff, iphe); `im`: 0 beat 0,
        // 1 tagged, 2 all below iphe, 3 below lane iphe % 64, 4..9 iphe % 64,
        // 10 IPv6 (address lanes of the pseudo-header)
        self.s6_im.d.next = bit_cast::<11, 1>(self.s5_b.q.val().get_bit(2).into())
            | (bit_cast::<11, 1>(self.x_vlan.val().into()) << 1)
            | (bit_cast::<11, 1>(
                (self.idx6.val() < bit_cast::<11, 1>(self.x_iphe.val().get_bit(6).into())).into(),
            ) << 2)
            | (bit_cast::<11, 1>(
                (self.idx6.val() == bit_cast::<11, 1>(self.x_iphe.val().get_bit(6).into())).into(),
            ) << 3)
            | (bit_cast::<11, 6>(self.x_iphe.val().get_bits::<6>(0)) << 4)
            | (bit_cast::<11, 1>(self.x_is6.val().into()) << 10);

        // ---------------- S7: masked beats, window shift by 4 j (j bits 0-1) ----------------
        self.ge_u.next = bits::<512>(0);
        if self.s6_um.q.val().get_bit(0) {
            self.ge_u.next = self.consts.ones512.val();
        }
        if self.s6_um.q.val().get_bit(1) {
            self.ge_u.next = self.consts.ones512.val()
                >> (bit_cast::<10, 6>(self.s6_um.q.val().get_bits::<6>(2)) << 3);
        }
        self.lt_u.next = bits::<512>(0);
        if self.s6_um.q.val().get_bit(8) {
            self.lt_u.next = self.consts.ones512.val();
        }
        if self.s6_um.q.val().get_bit(9) {
            self.lt_u.next = !(self.consts.ones512.val()
                >> (bit_cast::<10, 6>(self.s6_um.q.val().get_bits::<6>(10)) << 3));
        }
        // pseudo-header addresses (beat 0): IPv4 bytes ipoff+12..ipoff+20,
        // IPv6 ipoff+8..ipoff+40
        self.addr_m.next = bits::<512>(0);
        if self.s6_im.q.val().get_bit(0) {
            if self.s6_im.q.val().get_bit(10) {
                self.addr_m.next =
                    (self.consts.ones512.val() >> 176) & !(self.consts.ones512.val() >> 432);
                if self.s6_im.q.val().get_bit(1) {
                    self.addr_m.next =
                        (self.consts.ones512.val() >> 208) & !(self.consts.ones512.val() >> 464);
                }
            } else {
                self.addr_m.next =
                    (self.consts.ones512.val() >> 208) & !(self.consts.ones512.val() >> 272);
                if self.s6_im.q.val().get_bit(1) {
                    self.addr_m.next =
                        (self.consts.ones512.val() >> 240) & !(self.consts.ones512.val() >> 304);
                }
            }
        }
        self.s7_ui.d.next =
            self.s6_d.q.val() & ((self.ge_u.val() & self.lt_u.val()) | self.addr_m.val());
        self.ge_i.next = self.consts.ones512.val();
        if self.s6_im.q.val().get_bit(0) {
            self.ge_i.next = self.consts.ones512.val() >> 112;
            if self.s6_im.q.val().get_bit(1) {
                self.ge_i.next = self.consts.ones512.val() >> 144;
            }
        }
        self.lt_i.next = bits::<512>(0);
        if self.s6_im.q.val().get_bit(2) {
            self.lt_i.next = self.consts.ones512.val();
        }
        if self.s6_im.q.val().get_bit(3) {
            self.lt_i.next = !(self.consts.ones512.val()
                >> (bit_cast::<10, 6>(self.s6_im.q.val().get_bits::<6>(4)) << 3));
        }
        self.s7_ii.d.next = self.s6_d.q.val() & self.ge_i.val() & self.lt_i.val();
        self.win_a.next = self.s6_win.q.val();
        if self.s6_j.q.val().get_bit(0) {
            self.win_a.next = self.s6_win.q.val() << 32;
        }
        self.s7_win.d.next = self.win_a.val();
        if self.s6_j.q.val().get_bit(1) {
            self.s7_win.d.next = self.win_a.val() << 64;
        }
        self.s7_j.d.next = self.s6_j.q.val();
        self.s7_ul.d.next = self.s6_ul.q.val();
        // pseudo-header: protocol 17 + UDP length
        self.ad_ps.a.next = bit_cast::<17, 16>(self.s6_ul.q.val());
        self.ad_ps.b.next = bits::<17>(17);
        self.ad_ps.cin.next = false;
        self.s7_ps.d.next = self.ad_ps.sum.val();
        // ipend - 42 (payload bytes = ipend - 42 - 4 (j + hdr_words))
        self.ad_ip42.a.next = bit_cast::<18, 17>(self.s6_ipend.q.val());
        self.ad_ip42.b.next = bits::<18>(0x3ffd6);
        self.ad_ip42.cin.next = false;
        self.s7_ip42.d.next = self.ad_ip42.sum.val();
        self.s7_is4.d.next = self.s6_is4.q.val();
        self.s7_l23.d.next = self.s6_l23.q.val();
        // reason of the checks before the IPv4 checksum (A) and between it
        // and the UDP port (B, first part); 0 = passed
        self.s7_ca.d.next = bits::<4>(0);
        if self.s6_tr.q.val().get_bit(3) {
            self.s7_ca.d.next = bits::<4>(1);
        }
        if self.s6_fl.q.val().get_bit(0) {
            self.s7_ca.d.next = bits::<4>(3);
        }
        if self.s6_tr.q.val().get_bit(2) {
            self.s7_ca.d.next = bits::<4>(1);
        }
        if self.s6_fl.q.val().get_bit(3) {
            self.s7_ca.d.next = bits::<4>(2);
        }
        if self.s6_tr.q.val().get_bit(1) | self.s6_tr.q.val().get_bit(0) {
            self.s7_ca.d.next = bits::<4>(1);
        }
        self.s7_cb.d.next = bits::<4>(0);
        if self.s6_tr.q.val().get_bit(4) {
            self.s7_cb.d.next = bits::<4>(1);
        }
        if self.s6_fl.q.val().get_bit(4) {
            self.s7_cb.d.next = bits::<4>(7);
        }
        if self.s6_fl.q.val().get_bit(2) {
            self.s7_cb.d.next = bits::<4>(6);
        }
        if self.s6_is4.q.val() & self.s6_fl.q.val().get_bit(1) {
            self.s7_cb.d.next = bits::<4>(5);
        }
        self.tree_u.i.next = self.s7_ui.q.val();
        self.tree_i.i.next = self.s7_ii.q.val();

        // ---------------- S8: window shift (j bits 2-3): UDP + Braid headers ----------------
        self.win_b.next = self.s7_win.q.val();
        if self.s7_j.q.val().get_bit(2) {
            self.win_b.next = self.s7_win.q.val() << 128;
        }
        self.s8_l4w.d.next = self.win_b.val().get_bits::<640>(352);
        if self.s7_j.q.val().get_bit(3) {
            self.s8_l4w.d.next = self.win_b.val().get_bits::<640>(96);
        }
        self.s8_j.d.next = self.s7_j.q.val();
        self.s8_ul.d.next = self.s7_ul.q.val();
        self.s8_ps.d.next = self.s7_ps.q.val();
        self.s8_ip42.d.next = self.s7_ip42.q.val();
        self.s8_is4.d.next = self.s7_is4.q.val();
        self.s8_l23.d.next = self.s7_l23.q.val();
        self.s8_ca.d.next = self.s7_ca.q.val();
        self.s8_cb.d.next = self.s7_cb.q.val();

        // ---------------- S9: UDP and Braid header checks ----------------
        // window bytes: UDP 0-7 (source port, destination port, length,
        // checksum), Braid base header 8-31, extension 32-79
        self.u_len.next = self.s8_l4w.q.val().get_bits::<16>(592);
        self.b_op.next = self.s8_l4w.q.val().get_bits::<8>(560);
        self.b_hw.next = self.s8_l4w.q.val().get_bits::<8>(536);
        self.b_plen.next = self.s8_l4w.q.val().get_bits::<16>(400);
        self.op_w.next =
            (self.b_op.val() == bits::<8>(0x01)) | (self.b_op.val() == bits::<8>(0x02));
        self.op_s.next =
            (self.b_op.val() == bits::<8>(0x03)) | (self.b_op.val() == bits::<8>(0x04));
        self.op_a.next = self.b_op.val() == bits::<8>(0x10);
        self.op_n.next = self.b_op.val() == bits::<8>(0x11);
        self.op_p.next =
            (self.b_op.val() == bits::<8>(0x20)) | (self.b_op.val() == bits::<8>(0x21));
        self.hw_exp.next = bits::<8>(0);
        if self.b_op.val() == bits::<8>(0x01) {
            self.hw_exp.next = bits::<8>(12);
        }
        if self.b_op.val() == bits::<8>(0x02) {
            self.hw_exp.next = bits::<8>(13);
        }
        if self.b_op.val() == bits::<8>(0x03) {
            self.hw_exp.next = bits::<8>(10);
        }
        if self.b_op.val() == bits::<8>(0x04) {
            self.hw_exp.next = bits::<8>(11);
        }
        if self.op_a.val() {
            self.hw_exp.next = bits::<8>(18);
        }
        if self.op_n.val() {
            self.hw_exp.next = bits::<8>(10);
        }
        if self.op_p.val() {
            self.hw_exp.next = bits::<8>(8);
        }
        // (a negation is kept out of the packed vectors below: in the
        // generated Verilog a `~` inside a wider expression would invert the
        // zero-extended bits too)
        self.op_bad.next = !(self.op_w.val()
            | self.op_s.val()
            | self.op_a.val()
            | self.op_n.val()
            | self.op_p.val());
        // B: 0 wrong port, 1 UDP length != IP payload length
        self.s9_fb.d.next = bit_cast::<2, 1>(
            (self.s8_l4w.q.val().get_bits::<16>(608) != self.s8_port.q.val()).into(),
        ) | (bit_cast::<2, 1>((self.u_len.val() != self.s8_ul.q.val()).into())
            << 1);
        // C: 0 UDP length < 32, 1 version, 2 opcode, 3 hdr_words, 4 control payload
        self.s9_fc.d.next = bit_cast::<5, 1>((self.u_len.val() < bits::<16>(32)).into())
            | (bit_cast::<5, 1>((self.s8_l4w.q.val().get_bits::<4>(572) != bits::<4>(1)).into())
                << 1)
            | (bit_cast::<5, 1>(self.op_bad.val().into()) << 2)
            | (bit_cast::<5, 1>((self.b_hw.val() != self.hw_exp.val()).into()) << 3)
            | (bit_cast::<5, 1>(
                ((self.op_a.val() | self.op_n.val() | self.op_p.val()) & self.b_plen.val().any())
                    .into(),
            ) << 4);
        self.s9_ucz.d.next = !self.s8_l4w.q.val().get_bits::<16>(576).any();
        self.s9_cls.d.next = bit_cast::<7, 1>(self.op_w.val().into())
            | (bit_cast::<7, 1>(self.op_s.val().into()) << 1)
            | (bit_cast::<7, 1>(self.op_a.val().into()) << 2)
            | (bit_cast::<7, 1>(self.op_n.val().into()) << 3)
            | (bit_cast::<7, 1>(self.op_p.val().into()) << 4)
            | (bit_cast::<7, 1>((self.b_op.val() == bits::<8>(0x02)).into()) << 5)
            | (bit_cast::<7, 1>((self.b_op.val() == bits::<8>(0x04)).into()) << 6);
        // UDP length - 8 against 4 hdr_words + payload_len
        self.ad_ulm8.a.next = bit_cast::<17, 16>(self.u_len.val());
        self.ad_ulm8.b.next = bits::<17>(0x1fff8);
        self.ad_ulm8.cin.next = false;
        self.s9_ulm8.d.next = self.ad_ulm8.sum.val();
        self.ad_bsum.a.next = bit_cast::<17, 16>(self.b_plen.val());
        self.ad_bsum.b.next = bit_cast::<17, 8>(self.b_hw.val()) << 2;
        self.ad_bsum.cin.next = false;
        self.s9_bsum.d.next = self.ad_bsum.sum.val();
        // payload start H = 42 + 4 (j + clamp(hdr_words, 8, 18))
        self.hwc.next = bit_cast::<5, 8>(self.b_hw.val());
        if self.b_hw.val() < bits::<8>(8) {
            self.hwc.next = bits::<5>(8);
        }
        if self.b_hw.val() > bits::<8>(18) {
            self.hwc.next = bits::<5>(18);
        }
        self.s9_hs.d.next = bit_cast::<5, 4>(self.s8_j.q.val()) + self.hwc.val();
        self.s9_rec.d.next = (bit_cast::<963, 323>(self.s8_l23.q.val()) << 640)
            | bit_cast::<963, 640>(self.s8_l4w.q.val());
        self.s9_ps.d.next = self.s8_ps.q.val();
        self.s9_ip42.d.next = self.s8_ip42.q.val();
        self.s9_is4.d.next = self.s8_is4.q.val();
        self.s9_ca.d.next = self.s8_ca.q.val();
        self.s9_cb.d.next = self.s8_cb.q.val();

        // ---------------- S10: payload geometry; Braid length check ----------------
        self.h8.next = bits::<8>(42) + (bit_cast::<8, 5>(self.s9_hs.q.val()) << 2);
        self.s10_r.d.next = self.h8.val().get_bits::<6>(0);
        self.s10_q.d.next = self.h8.val().get_bits::<2>(6);
        self.ad_rem0.a.next = self.s9_ip42.q.val();
        self.ad_rem0.b.next = !(bit_cast::<18, 5>(self.s9_hs.q.val()) << 2);
        self.ad_rem0.cin.next = true;
        self.s10_rem0.d.next = self.ad_rem0.sum.val();
        // both operands registered at S9 (the Braid sum of the same beat)
        self.s10_fplen.d.next = self.s9_ulm8.q.val() != self.s9_bsum.q.val();
        self.s10_cb.d.next = self.s9_cb.q.val();
        if self.s9_cb.q.val() == bits::<4>(0) {
            if self.s9_fb.q.val().get_bit(1) {
                self.s10_cb.d.next = bits::<4>(9);
            }
            if self.s9_fb.q.val().get_bit(0) {
                self.s10_cb.d.next = bits::<4>(8);
            }
        }
        self.s10_rec.d.next = self.s9_rec.q.val();
        self.s10_ps.d.next = self.s9_ps.q.val();
        self.s10_is4.d.next = self.s9_is4.q.val();
        self.s10_ca.d.next = self.s9_ca.q.val();
        self.s10_fc.d.next = self.s9_fc.q.val();
        self.s10_ucz.d.next = self.s9_ucz.q.val();
        self.s10_cls.d.next = self.s9_cls.q.val();

        // ---------------- S11: payload beat decisions ----------------
        // geometry of the frame: from its beat 1 (beat 0 emits nothing)
        self.g_r.next = self.lt_r.q.val();
        self.g_q.next = self.lt_q.q.val();
        self.rem_a.next = self.rem.q.val();
        if self.s10_b.q.val().get_bit(3) {
            self.g_r.next = self.s10_r.q.val();
            self.g_q.next = self.s10_q.q.val();
            self.rem_a.next = self.s10_rem0.q.val();
        }
        self.lt_r.d.next = self.lt_r.q.val();
        self.lt_q.d.next = self.lt_q.q.val();
        if self.s10_b.q.val().get_bit(0) & self.s10_b.q.val().get_bit(3) {
            self.lt_r.d.next = self.s10_r.q.val();
            self.lt_q.d.next = self.s10_q.q.val();
        }
        // A: bytes [r, 64) of the previous beat and [0, r) of this one
        // (input beat k > q); B: bytes [r, 64) of the frame's last beat (k >= q)
        self.emit_a.next = self.s10_b.q.val().get_bit(0)
            & !self.s10_b.q.val().get_bit(2)
            & (self.s10_b.q.val().get_bits::<11>(12) > bit_cast::<11, 2>(self.g_q.val()));
        self.s11_ea.d.next = self.emit_a.val();
        self.s11_fb.d.next = self.s10_b.q.val().get_bit(0)
            & self.s10_b.q.val().get_bit(1)
            & !self.s10_b.q.val().get_bit(2)
            & (self.s10_b.q.val().get_bits::<11>(12) >= bit_cast::<11, 2>(self.g_q.val()));
        // (A never comes from beat 1: q >= 1)
        self.ad_r64.a.next = self.rem.q.val();
        self.ad_r64.b.next = bits::<18>(0x3ffc0);
        self.ad_r64.cin.next = false;
        self.rem_b.next = self.rem_a.val();
        if self.emit_a.val() {
            self.rem_b.next = self.ad_r64.sum.val();
        }
        self.rem.d.next = self.rem.q.val();
        if self.s10_b.q.val().get_bit(0) {
            self.rem.d.next = self.rem_b.val();
        }
        self.s11_rema.d.next = self.rem_a.val();
        self.s11_remb.d.next = self.rem_b.val();
        // bytes of this beat at or after lane r: n - r (A may also take the
        // last beat's lanes below r)
        self.nmr.next = bit_cast::<8, 7>(self.s10_b.q.val().get_bits::<7>(5))
            - bit_cast::<8, 6>(self.g_r.val());
        self.s11_avla.d.next = bits::<7>(64);
        self.s11_avlb.d.next = bits::<7>(0);
        if self.nmr.val().get_bit(7) {
            if self.s10_b.q.val().get_bit(1) {
                self.s11_avla.d.next = self.nmr.val().get_bits::<7>(0) + bits::<7>(64);
            }
        } else {
            self.s11_avlb.d.next = self.nmr.val().get_bits::<7>(0);
        }
        self.s11_r.d.next = self.g_r.val();
        self.prev.d.next = self.prev.q.val();
        if self.s10_b.q.val().get_bit(0) {
            self.prev.d.next = self.s10_d.q.val();
        }
        self.s11_cur.d.next = self.s10_d.q.val();
        self.s11_prv.d.next = self.prev.q.val();
        // C: the Braid header checks after the UDP checksum
        self.s11_cc.d.next = bits::<4>(0);
        if self.s10_fc.q.val().get_bit(4) {
            self.s11_cc.d.next = bits::<4>(15);
        }
        if self.s10_fplen.q.val() {
            self.s11_cc.d.next = bits::<4>(14);
        }
        if self.s10_fc.q.val().get_bit(3) {
            self.s11_cc.d.next = bits::<4>(13);
        }
        if self.s10_fc.q.val().get_bit(2) {
            self.s11_cc.d.next = bits::<4>(12);
        }
        if self.s10_fc.q.val().get_bit(1) {
            self.s11_cc.d.next = bits::<4>(11);
        }
        if self.s10_fc.q.val().get_bit(0) {
            self.s11_cc.d.next = bits::<4>(14);
        }
        self.s11_rec.d.next = self.s10_rec.q.val();
        self.s11_ps.d.next = self.s10_ps.q.val();
        self.s11_is4.d.next = self.s10_is4.q.val();
        self.s11_ca.d.next = self.s10_ca.q.val();
        self.s11_cb.d.next = self.s10_cb.q.val();
        self.s11_ucz.d.next = self.s10_ucz.q.val();
        self.s11_cls.d.next = self.s10_cls.q.val();

        // ---------------- S12: payload byte counts ----------------
        // clamp(rem, 0, 64)
        self.cl_a.next = self.s11_rema.q.val().get_bits::<7>(0);
        if self.s11_rema.q.val().get_bits::<11>(6).any() {
            self.cl_a.next = bits::<7>(64);
        }
        if self.s11_rema.q.val().get_bit(17) {
            self.cl_a.next = bits::<7>(0);
        }
        self.cl_b.next = self.s11_remb.q.val().get_bits::<7>(0);
        if self.s11_remb.q.val().get_bits::<11>(6).any() {
            self.cl_b.next = bits::<7>(64);
        }
        if self.s11_remb.q.val().get_bit(17) {
            self.cl_b.next = bits::<7>(0);
        }
        self.s12_ca.d.next = self.cl_a.val();
        if self.s11_avla.q.val() < self.cl_a.val() {
            self.s12_ca.d.next = self.s11_avla.q.val();
        }
        self.s12_cb.d.next = self.cl_b.val();
        if self.s11_avlb.q.val() < self.cl_b.val() {
            self.s12_cb.d.next = self.s11_avlb.q.val();
        }
        self.va.next = self.s11_ea.q.val()
            & self.s11_avla.q.val().any()
            & !self.s11_rema.q.val().get_bit(17)
            & self.s11_rema.q.val().any();
        self.vb.next = self.s11_fb.q.val()
            & self.s11_avlb.q.val().any()
            & !self.s11_remb.q.val().get_bit(17)
            & self.s11_remb.q.val().any();
        self.s12_va.d.next = self.va.val();
        self.s12_vb.d.next = self.vb.val();
        // A is the frame's last payload beat when B has no byte (last input
        // beat) or when at most 64 bytes remained
        self.s12_lasta.d.next =
            !self.s11_rema.q.val().get_bit(17) & (self.s11_rema.q.val() <= bits::<18>(64));
        if self.s11_b.q.val().get_bit(1) {
            self.s12_lasta.d.next = !self.vb.val();
        }
        self.emitted.d.next = self.emitted.q.val();
        self.has_n.next = self.emitted.q.val() | self.va.val() | self.vb.val();
        if self.s11_b.q.val().get_bit(2) {
            self.has_n.next = false;
        }
        self.s12_has.d.next = self.has_n.val();
        if self.s11_b.q.val().get_bit(0) {
            self.emitted.d.next = self.has_n.val();
        }
        self.s12_r.d.next = self.s11_r.q.val();
        self.s12_cur.d.next = self.s11_cur.q.val();
        self.s12_prv.d.next = self.s11_prv.q.val();
        self.s12_rec.d.next = self.s11_rec.q.val();
        self.s12_ps.d.next = self.s11_ps.q.val();
        self.s12_is4.d.next = self.s11_is4.q.val();
        self.s12_ca0.d.next = self.s11_ca.q.val();
        self.s12_cb0.d.next = self.s11_cb.q.val();
        self.s12_cc.d.next = self.s11_cc.q.val();
        self.s12_ucz.d.next = self.s11_ucz.q.val();
        self.s12_cls.d.next = self.s11_cls.q.val();

        // ---------------- S13: byte rotator, stage 1; frame sums ----------------
        // (the adder trees' outputs belong to the beat at S12)
        self.ad_uacc.a.next = self.uacc.q.val();
        self.ad_iacc.a.next = bit_cast::<32, 24>(self.iacc.q.val());
        if self.s12_b.q.val().get_bit(2) {
            self.ad_uacc.a.next = bit_cast::<32, 17>(self.s12_ps.q.val());
            self.ad_iacc.a.next = bits::<32>(0);
        }
        self.ad_uacc.b.next = bit_cast::<32, 21>(self.tree_u.sum.val());
        self.ad_uacc.cin.next = false;
        self.ad_iacc.b.next = bit_cast::<32, 21>(self.tree_i.sum.val());
        self.ad_iacc.cin.next = false;
        self.uacc.d.next = self.uacc.q.val();
        self.iacc.d.next = self.iacc.q.val();
        if self.s12_b.q.val().get_bit(0) {
            self.uacc.d.next = self.ad_uacc.sum.val();
            self.iacc.d.next = self.ad_iacc.sum.val().get_bits::<24>(0);
        }
        // B after A of the same beat goes out one clock later (the next beat
        // at S12 then starts a frame and emits nothing)
        self.pend_v.d.next = self.s12_va.q.val() & self.s12_vb.q.val();
        self.pend_d.d.next = self.s12_cur.q.val();
        self.pend_c.d.next = self.s12_cb.q.val();
        self.pend_r.d.next = self.s12_r.q.val();
        self.pair.next = bit_cast::<1024, 512>(self.s12_cur.q.val()) << 512;
        self.rr.next = self.s12_r.q.val();
        self.s13_ov.d.next = self.s12_va.q.val() | self.s12_vb.q.val();
        self.s13_oc.d.next = self.s12_cb.q.val();
        self.s13_ol.d.next = true;
        if self.s12_va.q.val() {
            self.pair.next = (bit_cast::<1024, 512>(self.s12_prv.q.val()) << 512)
                | bit_cast::<1024, 512>(self.s12_cur.q.val());
            self.s13_oc.d.next = self.s12_ca.q.val();
            self.s13_ol.d.next = self.s12_lasta.q.val();
        }
        if self.pend_v.q.val() {
            self.pair.next = bit_cast::<1024, 512>(self.pend_d.q.val()) << 512;
            self.rr.next = self.pend_r.q.val();
            self.s13_ov.d.next = true;
            self.s13_oc.d.next = self.pend_c.q.val();
            self.s13_ol.d.next = true;
        }
        // shift left by r = 2 + 4 u bytes (r is 2 mod 4: H = 42 + 4 (j + hw))
        self.rot0.next = self.pair.val() << 16;
        self.rot1.next = self.rot0.val();
        if self.rr.val().get_bit(2) {
            self.rot1.next = self.rot0.val() << 32;
        }
        self.s13_rot.d.next = self.rot1.val();
        if self.rr.val().get_bit(3) {
            self.s13_rot.d.next = self.rot1.val() << 64;
        }
        self.s13_rr.d.next = self.rr.val().get_bits::<2>(4);
        self.s13_has.d.next = self.s12_has.q.val();
        self.s13_rec.d.next = self.s12_rec.q.val();
        self.s13_is4.d.next = self.s12_is4.q.val();
        self.s13_ca.d.next = self.s12_ca0.q.val();
        self.s13_cb.d.next = self.s12_cb0.q.val();
        self.s13_cc.d.next = self.s12_cc.q.val();
        self.s13_ucz.d.next = self.s12_ucz.q.val();
        self.s13_cls.d.next = self.s12_cls.q.val();

        // ---------------- S14: byte rotator, stage 2; fold the sums ----------------
        self.rot3.next = self.s13_rot.q.val();
        if self.s13_rr.q.val().get_bit(0) {
            self.rot3.next = self.s13_rot.q.val() << 128;
        }
        self.rot4.next = self.rot3.val();
        if self.s13_rr.q.val().get_bit(1) {
            self.rot4.next = self.rot3.val() << 256;
        }
        self.s14_top.d.next = self.rot4.val().get_bits::<512>(512);
        self.s14_ov.d.next = self.s13_ov.q.val();
        self.s14_oc.d.next = self.s13_oc.q.val();
        self.s14_ol.d.next = self.s13_ol.q.val();
        self.ad_uf.a.next = bit_cast::<17, 16>(self.uacc.q.val().get_bits::<16>(0));
        self.ad_uf.b.next = bit_cast::<17, 16>(self.uacc.q.val().get_bits::<16>(16));
        self.ad_uf.cin.next = false;
        self.s14_uf.d.next = self.ad_uf.sum.val();
        self.ad_if.a.next = bit_cast::<17, 16>(self.iacc.q.val().get_bits::<16>(0));
        self.ad_if.b.next = bit_cast::<17, 8>(self.iacc.q.val().get_bits::<8>(16));
        self.ad_if.cin.next = false;
        self.s14_if.d.next = self.ad_if.sum.val();
        self.s14_has.d.next = self.s13_has.q.val();
        self.s14_rec.d.next = self.s13_rec.q.val();
        self.s14_is4.d.next = self.s13_is4.q.val();
        self.s14_ca.d.next = self.s13_ca.q.val();
        self.s14_cb.d.next = self.s13_cb.q.val();
        self.s14_cc.d.next = self.s13_cc.q.val();
        self.s14_ucz.d.next = self.s13_ucz.q.val();
        self.s14_cls.d.next = self.s13_cls.q.val();

        // ---------------- S15: payload outputs; checksum verdicts ----------------
        self.rev_out.i.next = self.s14_top.q.val()
            & !(self.consts.ones512.val() >> (bit_cast::<10, 7>(self.s14_oc.q.val()) << 3));
        self.o_v.d.next = self.s14_ov.q.val();
        self.o_d.d.next = bits::<512>(0);
        self.o_k.d.next = bits::<64>(0);
        self.o_l.d.next = false;
        if self.s14_ov.q.val() {
            self.o_d.d.next = self.rev_out.o.val();
            self.o_k.d.next = !(self.consts.ones64.val() << self.s14_oc.q.val());
            self.o_l.d.next = self.s14_ol.q.val();
        }
        // the folded sum is 0xffff: 17-bit partial fold 0x0ffff or 0x1fffe
        self.s15_ubad.d.next = !((self.s14_uf.q.val() == bits::<17>(0xffff))
            | (self.s14_uf.q.val() == bits::<17>(0x1fffe)));
        self.s15_ibad.d.next = !((self.s14_if.q.val() == bits::<17>(0xffff))
            | (self.s14_if.q.val() == bits::<17>(0x1fffe)));
        self.s15_has.d.next = self.s14_has.q.val();
        self.s15_rec.d.next = self.s14_rec.q.val();
        self.s15_is4.d.next = self.s14_is4.q.val();
        self.s15_ca.d.next = self.s14_ca.q.val();
        self.s15_cb.d.next = self.s14_cb.q.val();
        self.s15_cc.d.next = self.s14_cc.q.val();
        self.s15_ucz.d.next = self.s14_ucz.q.val();
        self.s15_cls.d.next = self.s14_cls.q.val();

        // ---------------- S16: verdict ----------------
        self.reason.next = self.s15_cc.q.val();
        if self.s15_ubad.q.val() & !self.s15_ucz.q.val() {
            self.reason.next = bits::<4>(10);
        }
        if self.s15_cb.q.val().any() {
            self.reason.next = self.s15_cb.q.val();
        }
        if self.s15_is4.q.val() & self.s15_ibad.q.val() {
            self.reason.next = bits::<4>(4);
        }
        if self.s15_ca.q.val().any() {
            self.reason.next = self.s15_ca.q.val();
        }
        self.s16_dv.d.next = self.s15_b.q.val().get_bit(0) & self.s15_b.q.val().get_bit(1);
        self.s16_ok.d.next = self.s15_b.q.val().get_bit(0)
            & self.s15_b.q.val().get_bit(1)
            & !self.reason.val().any();
        self.s16_reason.d.next = self.reason.val();
        self.s16_has.d.next = self.s15_has.q.val();
        self.s16_rec.d.next = self.s15_rec.q.val();
        self.s16_cls.d.next = self.s15_cls.q.val();

        self.s17_dv.d.next = self.s16_dv.q.val();
        self.s17_ok.d.next = self.s16_ok.q.val();
        self.s17_reason.d.next = self.s16_reason.q.val();
        self.s17_has.d.next = self.s16_has.q.val();
        self.s17_rec.d.next = self.s16_rec.q.val();
        self.s17_cls.d.next = self.s16_cls.q.val();

        // ---------------- descriptor (S17 registers, zero unless defined) ----------------
        self.f_ok.next = self.s17_ok.q.val();
        self.f_w.next = self.f_ok.val() & self.s17_cls.q.val().get_bit(0);
        self.f_s.next = self.f_ok.val() & self.s17_cls.q.val().get_bit(1);
        self.f_a.next = self.f_ok.val() & self.s17_cls.q.val().get_bit(2);
        self.f_n.next = self.f_ok.val() & self.s17_cls.q.val().get_bit(3);
        self.f_p.next = self.f_ok.val() & self.s17_cls.q.val().get_bit(4);
        self.d_valid.next = self.s17_dv.q.val();
        self.d_ok.next = self.f_ok.val();
        self.d_reason.next = bits::<8>(0);
        self.d_has_payload.next = false;
        if self.s17_dv.q.val() {
            self.d_reason.next = bit_cast::<8, 4>(self.s17_reason.q.val());
            self.d_has_payload.next = self.s17_has.q.val();
        }
        self.rev_sack.i.next = self.s17_rec.q.val().get_bits::<256>(0);
        self.d_src_mac.next = bits::<48>(0);
        self.d_vlan.next = false;
        self.d_vlan_tci.next = bits::<16>(0);
        self.d_is_ipv6.next = false;
        self.d_src_ip.next = bits::<128>(0);
        self.d_dst_ip.next = bits::<128>(0);
        self.d_ce.next = false;
        self.d_sport.next = bits::<16>(0);
        self.d_opcode.next = bits::<8>(0);
        self.d_flags.next = bits::<8>(0);
        self.d_path_id.next = bits::<8>(0);
        self.d_hdr_words.next = bits::<8>(0);
        self.d_dst_conn.next = bits::<24>(0);
        self.d_path_psn.next = bits::<32>(0);
        self.d_csn.next = bits::<32>(0);
        self.d_timestamp.next = bits::<32>(0);
        self.d_payload_len.next = bits::<16>(0);
        self.d_floor_delta.next = bits::<16>(0);
        if self.f_ok.val() {
            // L2/L3 fields at 640 + the S4 layout
            self.d_src_mac.next = self.s17_rec.q.val().get_bits::<48>(915);
            self.d_vlan_tci.next = self.s17_rec.q.val().get_bits::<16>(899);
            self.d_vlan.next = self.s17_rec.q.val().get_bit(898);
            self.d_is_ipv6.next = self.s17_rec.q.val().get_bit(897);
            self.d_ce.next = self.s17_rec.q.val().get_bit(896);
            self.d_src_ip.next = self.s17_rec.q.val().get_bits::<128>(768);
            self.d_dst_ip.next = self.s17_rec.q.val().get_bits::<128>(640);
            // UDP + base header: window byte w, n bytes at bit 640 - 8 (w + n)
            self.d_sport.next = self.s17_rec.q.val().get_bits::<16>(624);
            self.d_opcode.next = self.s17_rec.q.val().get_bits::<8>(560);
            self.d_flags.next = self.s17_rec.q.val().get_bits::<8>(552);
            self.d_path_id.next = self.s17_rec.q.val().get_bits::<8>(544);
            self.d_hdr_words.next = self.s17_rec.q.val().get_bits::<8>(536);
            self.d_dst_conn.next = self.s17_rec.q.val().get_bits::<24>(512);
            self.d_path_psn.next = self.s17_rec.q.val().get_bits::<32>(480);
            self.d_csn.next = self.s17_rec.q.val().get_bits::<32>(448);
            self.d_timestamp.next = self.s17_rec.q.val().get_bits::<32>(416);
            self.d_payload_len.next = self.s17_rec.q.val().get_bits::<16>(400);
            self.d_floor_delta.next = self.s17_rec.q.val().get_bits::<16>(384);
        }
        // extensions (window bytes 32..79)
        self.d_rkey.next = bits::<32>(0);
        self.d_va.next = bits::<64>(0);
        self.d_stream.next = bits::<8>(0);
        self.d_msn.next = bits::<32>(0);
        self.d_msg_len.next = bits::<32>(0);
        self.d_rsn.next = bits::<24>(0);
        self.d_offset.next = bits::<32>(0);
        self.d_imm.next = bits::<32>(0);
        if self.f_w.val() {
            self.d_rkey.next = self.s17_rec.q.val().get_bits::<32>(352);
            self.d_va.next = self.s17_rec.q.val().get_bits::<64>(288);
            self.d_stream.next = self.s17_rec.q.val().get_bits::<8>(280);
            self.d_msn.next = self.s17_rec.q.val().get_bits::<32>(224);
            self.d_msg_len.next = self.s17_rec.q.val().get_bits::<32>(192);
            if self.s17_cls.q.val().get_bit(5) {
                self.d_imm.next = self.s17_rec.q.val().get_bits::<32>(160);
            }
        }
        if self.f_s.val() {
            self.d_stream.next = self.s17_rec.q.val().get_bits::<8>(376);
            self.d_rsn.next = self.s17_rec.q.val().get_bits::<24>(352);
            self.d_msn.next = self.s17_rec.q.val().get_bits::<32>(320);
            self.d_offset.next = self.s17_rec.q.val().get_bits::<32>(288);
            self.d_msg_len.next = self.s17_rec.q.val().get_bits::<32>(256);
            if self.s17_cls.q.val().get_bit(6) {
                self.d_imm.next = self.s17_rec.q.val().get_bits::<32>(224);
            }
        }
        self.d_ack_base_psn.next = bits::<32>(0);
        self.d_ack_csn_base.next = bits::<32>(0);
        self.d_ack_ts_echo.next = bits::<32>(0);
        self.d_ack_ecn_count.next = bits::<16>(0);
        self.d_ack_rate_hint.next = bits::<16>(0);
        self.d_ack_sack.next = bits::<256>(0);
        if self.f_a.val() {
            self.d_ack_base_psn.next = self.s17_rec.q.val().get_bits::<32>(352);
            self.d_ack_csn_base.next = self.s17_rec.q.val().get_bits::<32>(320);
            self.d_ack_ts_echo.next = self.s17_rec.q.val().get_bits::<32>(288);
            self.d_ack_ecn_count.next = self.s17_rec.q.val().get_bits::<16>(272);
            self.d_ack_rate_hint.next = self.s17_rec.q.val().get_bits::<16>(256);
            self.d_ack_sack.next = self.rev_sack.o.val();
        }
        self.d_nack_reason.next = bits::<8>(0);
        self.d_nack_psn.next = bits::<32>(0);
        self.d_nack_csn.next = bits::<32>(0);
        self.d_nack_detail.next = bits::<32>(0);
        if self.f_n.val() {
            self.d_nack_reason.next = self.s17_rec.q.val().get_bits::<8>(376);
            self.d_nack_psn.next = self.s17_rec.q.val().get_bits::<32>(320);
            self.d_nack_csn.next = self.s17_rec.q.val().get_bits::<32>(288);
            self.d_nack_detail.next = self.s17_rec.q.val().get_bits::<32>(256);
        }
        self.d_probe_seq.next = bits::<32>(0);
        self.d_probe_ts.next = bits::<32>(0);
        if self.f_p.val() {
            self.d_probe_seq.next = self.s17_rec.q.val().get_bits::<32>(352);
            self.d_probe_ts.next = self.s17_rec.q.val().get_bits::<32>(320);
        }

        // ---------------- payload outputs ----------------
        self.p_valid.next = self.o_v.q.val();
        self.p_data.next = self.o_d.q.val();
        self.p_keep.next = self.o_k.q.val();
        self.p_last.next = self.o_l.q.val();

        // ---------------- counters (registered with the descriptor) ----------------
        self.c_accepted.inc.next = self.s16_dv.q.val() & (self.s16_reason.q.val() == bits::<4>(0));
        self.c_truncated.inc.next = self.s16_dv.q.val() & (self.s16_reason.q.val() == bits::<4>(1));
        self.c_not_ip.inc.next = self.s16_dv.q.val() & (self.s16_reason.q.val() == bits::<4>(2));
        self.c_bad_ip_header.inc.next =
            self.s16_dv.q.val() & (self.s16_reason.q.val() == bits::<4>(3));
        self.c_ip_checksum.inc.next =
            self.s16_dv.q.val() & (self.s16_reason.q.val() == bits::<4>(4));
        self.c_fragment.inc.next = self.s16_dv.q.val() & (self.s16_reason.q.val() == bits::<4>(5));
        self.c_not_udp.inc.next = self.s16_dv.q.val() & (self.s16_reason.q.val() == bits::<4>(6));
        self.c_ip_length.inc.next = self.s16_dv.q.val() & (self.s16_reason.q.val() == bits::<4>(7));
        self.c_wrong_port.inc.next =
            self.s16_dv.q.val() & (self.s16_reason.q.val() == bits::<4>(8));
        self.c_udp_length.inc.next =
            self.s16_dv.q.val() & (self.s16_reason.q.val() == bits::<4>(9));
        self.c_udp_checksum.inc.next =
            self.s16_dv.q.val() & (self.s16_reason.q.val() == bits::<4>(10));
        self.c_braid_version.inc.next =
            self.s16_dv.q.val() & (self.s16_reason.q.val() == bits::<4>(11));
        self.c_bad_opcode.inc.next =
            self.s16_dv.q.val() & (self.s16_reason.q.val() == bits::<4>(12));
        self.c_hdr_words.inc.next =
            self.s16_dv.q.val() & (self.s16_reason.q.val() == bits::<4>(13));
        self.c_payload_length.inc.next =
            self.s16_dv.q.val() & (self.s16_reason.q.val() == bits::<4>(14));
        self.c_control_payload.inc.next =
            self.s16_dv.q.val() & (self.s16_reason.q.val() == bits::<4>(15));
        self.cnt_accepted.next = self.c_accepted.q.val();
        self.cnt_truncated.next = self.c_truncated.q.val();
        self.cnt_not_ip.next = self.c_not_ip.q.val();
        self.cnt_bad_ip_header.next = self.c_bad_ip_header.q.val();
        self.cnt_ip_checksum.next = self.c_ip_checksum.q.val();
        self.cnt_fragment.next = self.c_fragment.q.val();
        self.cnt_not_udp.next = self.c_not_udp.q.val();
        self.cnt_ip_length.next = self.c_ip_length.q.val();
        self.cnt_wrong_port.next = self.c_wrong_port.q.val();
        self.cnt_udp_length.next = self.c_udp_length.q.val();
        self.cnt_udp_checksum.next = self.c_udp_checksum.q.val();
        self.cnt_braid_version.next = self.c_braid_version.q.val();
        self.cnt_bad_opcode.next = self.c_bad_opcode.q.val();
        self.cnt_hdr_words.next = self.c_hdr_words.q.val();
        self.cnt_payload_length.next = self.c_payload_length.q.val();
        self.cnt_control_payload.next = self.c_control_payload.q.val();
    }
}
