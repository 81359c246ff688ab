//! Receive-side header parser (`rx_parser`): frames from the MAC as a
//! 512-bit AXI-Stream in, per frame one descriptor (the parsed Braid headers
//! or a drop reason) and the frame's payload realigned to lane 0 out
//! (SPEC sections 2 and 3).
//!
//! # Behaviour (normative; `braid_sim::model::RxParserModel` is the bit- and
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
//! **Descriptor**, 18 clocks after the edge that registers the frame's last
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
//! 13 clocks after the edge that registers input beat `q + i + 1` (or,
//! when the frame ends at beat `q + i`, one clock after that beat's payload
//! beat, or 13 clocks after it when it has none). Beats with no byte are
//! not emitted; `p_keep` is contiguous, `p_last` marks the frame's final
//! payload beat, lanes beyond `p_keep` are 0, and with `p_valid` low every
//! `p_*` is 0. Ordering: a frame's payload beats all leave before its
//! descriptor, frames in order; a consumer pushes payload beats into a FIFO
//! and on each descriptor with `d_has_payload` pops (commits or discards)
//! one run ending in `p_last`.
//!
//! **Pipeline.** Every stage takes a new beat every clock (II = 1). The
//! data path works in wire byte order (bytes reversed once at the input and
//! once at the output, wiring only). S1 input registers, S2 keep count, S3
//! lane mask, S4-S6 Ethernet and IP decode of the first beat, S7 frame
//! context latch, header window (beats 0-2), checksum lane masks, S8-S9
//! UDP/Braid decode and checks, S9-S14 two 32-word adder trees (UDP and
//! IPv4 header sums), S15 accumulate, S16 fold, S17 verdict, S18
//! descriptor; payload: S8-S9 payload start, S10 realignment (byte
//! shifter over two beats), S11-S13 byte counts, S14 payload outputs.

use crate::prefix_add::PrefixAdd;
use rust_hdl::prelude::*;

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

/// Constants used by the parser.
#[derive(LogicBlock)]
pub struct Consts {
    /// All ones (512 bits).
    pub ones512: Signal<Out, Bits<512>>,
    /// All ones (64 bits).
    pub ones64: Signal<Out, Bits<64>>,
    /// Lanes p with bit 0 of p set.
    pub m0: Signal<Out, Bits<64>>,
    /// Lanes p with bit 1 of p set.
    pub m1: Signal<Out, Bits<64>>,
    /// Lanes p with bit 2 of p set.
    pub m2: Signal<Out, Bits<64>>,
    /// Lanes p with bit 3 of p set.
    pub m3: Signal<Out, Bits<64>>,
    /// Lanes p with bit 4 of p set.
    pub m4: Signal<Out, Bits<64>>,
    /// Lanes p with bit 5 of p set.
    pub m5: Signal<Out, Bits<64>>,
    /// 0xffff << 32: the ::ffff:0:0/96 prefix of IPv4-mapped addresses.
    pub v4mapped: Signal<Out, Bits<128>>,
    c_ones512: Constant<Bits<512>>,
    c_ones64: Constant<Bits<64>>,
    c_m0: Constant<Bits<64>>,
    c_m1: Constant<Bits<64>>,
    c_m2: Constant<Bits<64>>,
    c_m3: Constant<Bits<64>>,
    c_m4: Constant<Bits<64>>,
    c_m5: Constant<Bits<64>>,
    c_v4mapped: Constant<Bits<128>>,
}

fn lane_mask(b: u32) -> Bits<64> {
    let mut v = 0u64;
    for p in 0..64u32 {
        if p & (1 << b) != 0 {
            v |= 1 << p;
        }
    }
    bits(v)
}

impl Default for Consts {
    fn default() -> Self {
        Consts {
            ones512: Default::default(),
            ones64: Default::default(),
            m0: Default::default(),
            m1: Default::default(),
            m2: Default::default(),
            m3: Default::default(),
            m4: Default::default(),
            m5: Default::default(),
            v4mapped: Default::default(),
            c_ones512: Constant::new(!Bits::<512>::default()),
            c_ones64: Constant::new(!Bits::<64>::default()),
            c_m0: Constant::new(lane_mask(0)),
            c_m1: Constant::new(lane_mask(1)),
            c_m2: Constant::new(lane_mask(2)),
            c_m3: Constant::new(lane_mask(3)),
            c_m4: Constant::new(lane_mask(4)),
            c_m5: Constant::new(lane_mask(5)),
            c_v4mapped: Constant::new(bits::<128>(0xffff) << 32),
        }
    }
}

impl Logic for Consts {
    #[hdl_gen]
    fn update(&mut self) {
        self.ones512.next = self.c_ones512.val();
        self.ones64.next = self.c_ones64.val();
        self.m0.next = self.c_m0.val();
        self.m1.next = self.c_m1.val();
        self.m2.next = self.c_m2.val();
        self.m3.next = self.c_m3.val();
        self.m4.next = self.c_m4.val();
        self.m5.next = self.c_m5.val();
        self.v4mapped.next = self.c_v4mapped.val();
    }
}

/// Byte reversal of a beat (wiring only): AXI lane order <-> wire order.
#[derive(LogicBlock, Default)]
pub struct ByteRev64 {
    /// Input.
    pub i: Signal<In, Bits<512>>,
    /// Input with its bytes in reverse order.
    pub o: Signal<Out, Bits<512>>,
}

impl Logic for ByteRev64 {
    #[hdl_gen]
    fn update(&mut self) {
        self.o.next = (bit_cast::<512, 8>(self.i.val().get_bits::<8>(0)) << 504)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(8)) << 496)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(16)) << 488)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(24)) << 480)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(32)) << 472)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(40)) << 464)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(48)) << 456)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(56)) << 448)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(64)) << 440)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(72)) << 432)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(80)) << 424)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(88)) << 416)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(96)) << 408)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(104)) << 400)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(112)) << 392)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(120)) << 384)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(128)) << 376)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(136)) << 368)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(144)) << 360)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(152)) << 352)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(160)) << 344)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(168)) << 336)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(176)) << 328)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(184)) << 320)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(192)) << 312)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(200)) << 304)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(208)) << 296)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(216)) << 288)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(224)) << 280)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(232)) << 272)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(240)) << 264)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(248)) << 256)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(256)) << 248)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(264)) << 240)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(272)) << 232)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(280)) << 224)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(288)) << 216)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(296)) << 208)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(304)) << 200)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(312)) << 192)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(320)) << 184)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(328)) << 176)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(336)) << 168)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(344)) << 160)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(352)) << 152)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(360)) << 144)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(368)) << 136)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(376)) << 128)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(384)) << 120)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(392)) << 112)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(400)) << 104)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(408)) << 96)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(416)) << 88)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(424)) << 80)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(432)) << 72)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(440)) << 64)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(448)) << 56)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(456)) << 48)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(464)) << 40)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(472)) << 32)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(480)) << 24)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(488)) << 16)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(496)) << 8)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(504)) << 0);
    }
}

/// Byte reversal of the 256-bit SACK field (wiring only).
#[derive(LogicBlock, Default)]
pub struct ByteRev32 {
    /// Input.
    pub i: Signal<In, Bits<256>>,
    /// Input with its bytes in reverse order.
    pub o: Signal<Out, Bits<256>>,
}

impl Logic for ByteRev32 {
    #[hdl_gen]
    fn update(&mut self) {
        self.o.next = (bit_cast::<256, 8>(self.i.val().get_bits::<8>(0)) << 248)
            | (bit_cast::<256, 8>(self.i.val().get_bits::<8>(8)) << 240)
            | (bit_cast::<256, 8>(self.i.val().get_bits::<8>(16)) << 232)
            | (bit_cast::<256, 8>(self.i.val().get_bits::<8>(24)) << 224)
            | (bit_cast::<256, 8>(self.i.val().get_bits::<8>(32)) << 216)
            | (bit_cast::<256, 8>(self.i.val().get_bits::<8>(40)) << 208)
            | (bit_cast::<256, 8>(self.i.val().get_bits::<8>(48)) << 200)
            | (bit_cast::<256, 8>(self.i.val().get_bits::<8>(56)) << 192)
            | (bit_cast::<256, 8>(self.i.val().get_bits::<8>(64)) << 184)
            | (bit_cast::<256, 8>(self.i.val().get_bits::<8>(72)) << 176)
            | (bit_cast::<256, 8>(self.i.val().get_bits::<8>(80)) << 168)
            | (bit_cast::<256, 8>(self.i.val().get_bits::<8>(88)) << 160)
            | (bit_cast::<256, 8>(self.i.val().get_bits::<8>(96)) << 152)
            | (bit_cast::<256, 8>(self.i.val().get_bits::<8>(104)) << 144)
            | (bit_cast::<256, 8>(self.i.val().get_bits::<8>(112)) << 136)
            | (bit_cast::<256, 8>(self.i.val().get_bits::<8>(120)) << 128)
            | (bit_cast::<256, 8>(self.i.val().get_bits::<8>(128)) << 120)
            | (bit_cast::<256, 8>(self.i.val().get_bits::<8>(136)) << 112)
            | (bit_cast::<256, 8>(self.i.val().get_bits::<8>(144)) << 104)
            | (bit_cast::<256, 8>(self.i.val().get_bits::<8>(152)) << 96)
            | (bit_cast::<256, 8>(self.i.val().get_bits::<8>(160)) << 88)
            | (bit_cast::<256, 8>(self.i.val().get_bits::<8>(168)) << 80)
            | (bit_cast::<256, 8>(self.i.val().get_bits::<8>(176)) << 72)
            | (bit_cast::<256, 8>(self.i.val().get_bits::<8>(184)) << 64)
            | (bit_cast::<256, 8>(self.i.val().get_bits::<8>(192)) << 56)
            | (bit_cast::<256, 8>(self.i.val().get_bits::<8>(200)) << 48)
            | (bit_cast::<256, 8>(self.i.val().get_bits::<8>(208)) << 40)
            | (bit_cast::<256, 8>(self.i.val().get_bits::<8>(216)) << 32)
            | (bit_cast::<256, 8>(self.i.val().get_bits::<8>(224)) << 24)
            | (bit_cast::<256, 8>(self.i.val().get_bits::<8>(232)) << 16)
            | (bit_cast::<256, 8>(self.i.val().get_bits::<8>(240)) << 8)
            | (bit_cast::<256, 8>(self.i.val().get_bits::<8>(248)) << 0);
    }
}

/// Pipelined adder tree: the sum of the 32 16-bit words of a 512-bit
/// vector, five register levels (latency 5 clocks, II = 1).
#[derive(LogicBlock, Default)]
pub struct SumTree32 {
    /// Clock.
    pub clock: Signal<In, Clock>,
    /// 32 words (the caller's register).
    pub i: Signal<In, Bits<512>>,
    /// Their sum, 5 clocks later.
    pub sum: Signal<Out, Bits<21>>,
    a0_0: PrefixAdd<17>,
    r0_0: DFF<Bits<17>>,
    a0_1: PrefixAdd<17>,
    r0_1: DFF<Bits<17>>,
    a0_2: PrefixAdd<17>,
    r0_2: DFF<Bits<17>>,
    a0_3: PrefixAdd<17>,
    r0_3: DFF<Bits<17>>,
    a0_4: PrefixAdd<17>,
    r0_4: DFF<Bits<17>>,
    a0_5: PrefixAdd<17>,
    r0_5: DFF<Bits<17>>,
    a0_6: PrefixAdd<17>,
    r0_6: DFF<Bits<17>>,
    a0_7: PrefixAdd<17>,
    r0_7: DFF<Bits<17>>,
    a0_8: PrefixAdd<17>,
    r0_8: DFF<Bits<17>>,
    a0_9: PrefixAdd<17>,
    r0_9: DFF<Bits<17>>,
    a0_10: PrefixAdd<17>,
    r0_10: DFF<Bits<17>>,
    a0_11: PrefixAdd<17>,
    r0_11: DFF<Bits<17>>,
    a0_12: PrefixAdd<17>,
    r0_12: DFF<Bits<17>>,
    a0_13: PrefixAdd<17>,
    r0_13: DFF<Bits<17>>,
    a0_14: PrefixAdd<17>,
    r0_14: DFF<Bits<17>>,
    a0_15: PrefixAdd<17>,
    r0_15: DFF<Bits<17>>,
    a1_0: PrefixAdd<18>,
    r1_0: DFF<Bits<18>>,
    a1_1: PrefixAdd<18>,
    r1_1: DFF<Bits<18>>,
    a1_2: PrefixAdd<18>,
    r1_2: DFF<Bits<18>>,
    a1_3: PrefixAdd<18>,
    r1_3: DFF<Bits<18>>,
    a1_4: PrefixAdd<18>,
    r1_4: DFF<Bits<18>>,
    a1_5: PrefixAdd<18>,
    r1_5: DFF<Bits<18>>,
    a1_6: PrefixAdd<18>,
    r1_6: DFF<Bits<18>>,
    a1_7: PrefixAdd<18>,
    r1_7: DFF<Bits<18>>,
    a2_0: PrefixAdd<19>,
    r2_0: DFF<Bits<19>>,
    a2_1: PrefixAdd<19>,
    r2_1: DFF<Bits<19>>,
    a2_2: PrefixAdd<19>,
    r2_2: DFF<Bits<19>>,
    a2_3: PrefixAdd<19>,
    r2_3: DFF<Bits<19>>,
    a3_0: PrefixAdd<20>,
    r3_0: DFF<Bits<20>>,
    a3_1: PrefixAdd<20>,
    r3_1: DFF<Bits<20>>,
    a4_0: PrefixAdd<21>,
    r4_0: DFF<Bits<21>>,
}

impl Logic for SumTree32 {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, r0_0, r0_1, r0_2, r0_3, r0_4, r0_5, r0_6, r0_7, r0_8, r0_9, r0_10, r0_11,
            r0_12, r0_13, r0_14, r0_15, r1_0, r1_1, r1_2, r1_3, r1_4, r1_5, r1_6, r1_7, r2_0, r2_1,
            r2_2, r2_3, r3_0, r3_1, r4_0
        );
        self.a0_0.a.next = bit_cast::<17, 16>(self.i.val().get_bits::<16>(0));
        self.a0_0.b.next = bit_cast::<17, 16>(self.i.val().get_bits::<16>(16));
        self.a0_0.cin.next = false;
        self.r0_0.d.next = self.a0_0.sum.val();
        self.a0_1.a.next = bit_cast::<17, 16>(self.i.val().get_bits::<16>(32));
        self.a0_1.b.next = bit_cast::<17, 16>(self.i.val().get_bits::<16>(48));
        self.a0_1.cin.next = false;
        self.r0_1.d.next = self.a0_1.sum.val();
        self.a0_2.a.next = bit_cast::<17, 16>(self.i.val().get_bits::<16>(64));
        self.a0_2.b.next = bit_cast::<17, 16>(self.i.val().get_bits::<16>(80));
        self.a0_2.cin.next = false;
        self.r0_2.d.next = self.a0_2.sum.val();
        self.a0_3.a.next = bit_cast::<17, 16>(self.i.val().get_bits::<16>(96));
        self.a0_3.b.next = bit_cast::<17, 16>(self.i.val().get_bits::<16>(112));
        self.a0_3.cin.next = false;
        self.r0_3.d.next = self.a0_3.sum.val();
        self.a0_4.a.next = bit_cast::<17, 16>(self.i.val().get_bits::<16>(128));
        self.a0_4.b.next = bit_cast::<17, 16>(self.i.val().get_bits::<16>(144));
        self.a0_4.cin.next = false;
        self.r0_4.d.next = self.a0_4.sum.val();
        self.a0_5.a.next = bit_cast::<17, 16>(self.i.val().get_bits::<16>(160));
        self.a0_5.b.next = bit_cast::<17, 16>(self.i.val().get_bits::<16>(176));
        self.a0_5.cin.next = false;
        self.r0_5.d.next = self.a0_5.sum.val();
        self.a0_6.a.next = bit_cast::<17, 16>(self.i.val().get_bits::<16>(192));
        self.a0_6.b.next = bit_cast::<17, 16>(self.i.val().get_bits::<16>(208));
        self.a0_6.cin.next = false;
        self.r0_6.d.next = self.a0_6.sum.val();
        self.a0_7.a.next = bit_cast::<17, 16>(self.i.val().get_bits::<16>(224));
        self.a0_7.b.next = bit_cast::<17, 16>(self.i.val().get_bits::<16>(240));
        self.a0_7.cin.next = false;
        self.r0_7.d.next = self.a0_7.sum.val();
        self.a0_8.a.next = bit_cast::<17, 16>(self.i.val().get_bits::<16>(256));
        self.a0_8.b.next = bit_cast::<17, 16>(self.i.val().get_bits::<16>(272));
        self.a0_8.cin.next = false;
        self.r0_8.d.next = self.a0_8.sum.val();
        self.a0_9.a.next = bit_cast::<17, 16>(self.i.val().get_bits::<16>(288));
        self.a0_9.b.next = bit_cast::<17, 16>(self.i.val().get_bits::<16>(304));
        self.a0_9.cin.next = false;
        self.r0_9.d.next = self.a0_9.sum.val();
        self.a0_10.a.next = bit_cast::<17, 16>(self.i.val().get_bits::<16>(320));
        self.a0_10.b.next = bit_cast::<17, 16>(self.i.val().get_bits::<16>(336));
        self.a0_10.cin.next = false;
        self.r0_10.d.next = self.a0_10.sum.val();
        self.a0_11.a.next = bit_cast::<17, 16>(self.i.val().get_bits::<16>(352));
        self.a0_11.b.next = bit_cast::<17, 16>(self.i.val().get_bits::<16>(368));
        self.a0_11.cin.next = false;
        self.r0_11.d.next = self.a0_11.sum.val();
        self.a0_12.a.next = bit_cast::<17, 16>(self.i.val().get_bits::<16>(384));
        self.a0_12.b.next = bit_cast::<17, 16>(self.i.val().get_bits::<16>(400));
        self.a0_12.cin.next = false;
        self.r0_12.d.next = self.a0_12.sum.val();
        self.a0_13.a.next = bit_cast::<17, 16>(self.i.val().get_bits::<16>(416));
        self.a0_13.b.next = bit_cast::<17, 16>(self.i.val().get_bits::<16>(432));
        self.a0_13.cin.next = false;
        self.r0_13.d.next = self.a0_13.sum.val();
        self.a0_14.a.next = bit_cast::<17, 16>(self.i.val().get_bits::<16>(448));
        self.a0_14.b.next = bit_cast::<17, 16>(self.i.val().get_bits::<16>(464));
        self.a0_14.cin.next = false;
        self.r0_14.d.next = self.a0_14.sum.val();
        self.a0_15.a.next = bit_cast::<17, 16>(self.i.val().get_bits::<16>(480));
        self.a0_15.b.next = bit_cast::<17, 16>(self.i.val().get_bits::<16>(496));
        self.a0_15.cin.next = false;
        self.r0_15.d.next = self.a0_15.sum.val();
        self.a1_0.a.next = bit_cast::<18, 17>(self.r0_0.q.val());
        self.a1_0.b.next = bit_cast::<18, 17>(self.r0_1.q.val());
        self.a1_0.cin.next = false;
        self.r1_0.d.next = self.a1_0.sum.val();
        self.a1_1.a.next = bit_cast::<18, 17>(self.r0_2.q.val());
        self.a1_1.b.next = bit_cast::<18, 17>(self.r0_3.q.val());
        self.a1_1.cin.next = false;
        self.r1_1.d.next = self.a1_1.sum.val();
        self.a1_2.a.next = bit_cast::<18, 17>(self.r0_4.q.val());
        self.a1_2.b.next = bit_cast::<18, 17>(self.r0_5.q.val());
        self.a1_2.cin.next = false;
        self.r1_2.d.next = self.a1_2.sum.val();
        self.a1_3.a.next = bit_cast::<18, 17>(self.r0_6.q.val());
        self.a1_3.b.next = bit_cast::<18, 17>(self.r0_7.q.val());
        self.a1_3.cin.next = false;
        self.r1_3.d.next = self.a1_3.sum.val();
        self.a1_4.a.next = bit_cast::<18, 17>(self.r0_8.q.val());
        self.a1_4.b.next = bit_cast::<18, 17>(self.r0_9.q.val());
        self.a1_4.cin.next = false;
        self.r1_4.d.next = self.a1_4.sum.val();
        self.a1_5.a.next = bit_cast::<18, 17>(self.r0_10.q.val());
        self.a1_5.b.next = bit_cast::<18, 17>(self.r0_11.q.val());
        self.a1_5.cin.next = false;
        self.r1_5.d.next = self.a1_5.sum.val();
        self.a1_6.a.next = bit_cast::<18, 17>(self.r0_12.q.val());
        self.a1_6.b.next = bit_cast::<18, 17>(self.r0_13.q.val());
        self.a1_6.cin.next = false;
        self.r1_6.d.next = self.a1_6.sum.val();
        self.a1_7.a.next = bit_cast::<18, 17>(self.r0_14.q.val());
        self.a1_7.b.next = bit_cast::<18, 17>(self.r0_15.q.val());
        self.a1_7.cin.next = false;
        self.r1_7.d.next = self.a1_7.sum.val();
        self.a2_0.a.next = bit_cast::<19, 18>(self.r1_0.q.val());
        self.a2_0.b.next = bit_cast::<19, 18>(self.r1_1.q.val());
        self.a2_0.cin.next = false;
        self.r2_0.d.next = self.a2_0.sum.val();
        self.a2_1.a.next = bit_cast::<19, 18>(self.r1_2.q.val());
        self.a2_1.b.next = bit_cast::<19, 18>(self.r1_3.q.val());
        self.a2_1.cin.next = false;
        self.r2_1.d.next = self.a2_1.sum.val();
        self.a2_2.a.next = bit_cast::<19, 18>(self.r1_4.q.val());
        self.a2_2.b.next = bit_cast::<19, 18>(self.r1_5.q.val());
        self.a2_2.cin.next = false;
        self.r2_2.d.next = self.a2_2.sum.val();
        self.a2_3.a.next = bit_cast::<19, 18>(self.r1_6.q.val());
        self.a2_3.b.next = bit_cast::<19, 18>(self.r1_7.q.val());
        self.a2_3.cin.next = false;
        self.r2_3.d.next = self.a2_3.sum.val();
        self.a3_0.a.next = bit_cast::<20, 19>(self.r2_0.q.val());
        self.a3_0.b.next = bit_cast::<20, 19>(self.r2_1.q.val());
        self.a3_0.cin.next = false;
        self.r3_0.d.next = self.a3_0.sum.val();
        self.a3_1.a.next = bit_cast::<20, 19>(self.r2_2.q.val());
        self.a3_1.b.next = bit_cast::<20, 19>(self.r2_3.q.val());
        self.a3_1.cin.next = false;
        self.r3_1.d.next = self.a3_1.sum.val();
        self.a4_0.a.next = bit_cast::<21, 20>(self.r3_0.q.val());
        self.a4_0.b.next = bit_cast::<21, 20>(self.r3_1.q.val());
        self.a4_0.cin.next = false;
        self.r4_0.d.next = self.a4_0.sum.val();
        self.sum.next = self.r4_0.q.val();
    }
}

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
    consts: Consts,
    rev_in: ByteRev64,
    rev_out: ByteRev64,
    rev_sack: ByteRev32,
    tu: SumTree32,
    ti: SumTree32,
    ad_ipend: PrefixAdd<17>,
    ad_ipm1: PrefixAdd<17>,
    ad_ip42: PrefixAdd<18>,
    ad_diff: PrefixAdd<17>,
    ad_init: PrefixAdd<17>,
    ad_te: PrefixAdd<18>,
    ad_bsum: PrefixAdd<17>,
    ad_ulm8: PrefixAdd<17>,
    ad_rem: PrefixAdd<18>,
    ad_r64: PrefixAdd<18>,
    ad_uacc: PrefixAdd<32>,
    ad_iacc: PrefixAdd<32>,
    ad_uf: PrefixAdd<17>,
    ad_if: PrefixAdd<17>,
    s1_v: DFF<Bit>,
    s1_l: DFF<Bit>,
    s2_v: DFF<Bit>,
    s2_l: DFF<Bit>,
    s3_v: DFF<Bit>,
    s3_l: DFF<Bit>,
    s4_v: DFF<Bit>,
    s4_l: DFF<Bit>,
    s5_v: DFF<Bit>,
    s5_l: DFF<Bit>,
    s6_v: DFF<Bit>,
    s6_l: DFF<Bit>,
    s7_v: DFF<Bit>,
    s7_l: DFF<Bit>,
    s8_v: DFF<Bit>,
    s8_l: DFF<Bit>,
    s9_v: DFF<Bit>,
    s9_l: DFF<Bit>,
    s10_v: DFF<Bit>,
    s10_l: DFF<Bit>,
    s11_v: DFF<Bit>,
    s11_l: DFF<Bit>,
    s12_v: DFF<Bit>,
    s12_l: DFF<Bit>,
    s13_v: DFF<Bit>,
    s13_l: DFF<Bit>,
    s14_v: DFF<Bit>,
    s14_l: DFF<Bit>,
    s1_d: DFF<Bits<512>>,
    s2_d: DFF<Bits<512>>,
    s3_d: DFF<Bits<512>>,
    s4_d: DFF<Bits<512>>,
    s5_d: DFF<Bits<512>>,
    s6_d: DFF<Bits<512>>,
    s7_d: DFF<Bits<512>>,
    s8_d: DFF<Bits<512>>,
    s9_d: DFF<Bits<512>>,
    s10_d: DFF<Bits<512>>,
    s1_k: DFF<Bits<64>>,
    s2_e: DFF<Bits<6>>,
    s3_e: DFF<Bits<6>>,
    s4_e: DFF<Bits<6>>,
    s5_e: DFF<Bits<6>>,
    s6_e: DFF<Bits<6>>,
    s7_e: DFF<Bits<6>>,
    s8_e: DFF<Bits<6>>,
    s9_e: DFF<Bits<6>>,
    s10_e: DFF<Bits<6>>,
    s11_e: DFF<Bits<6>>,
    s3_n: DFF<Bits<7>>,
    s4_n: DFF<Bits<7>>,
    s5_n: DFF<Bits<7>>,
    s6_n: DFF<Bits<7>>,
    s7_n: DFF<Bits<7>>,
    s8_n: DFF<Bits<7>>,
    s9_n: DFF<Bits<7>>,
    s10_n: DFF<Bits<7>>,
    s11_n: DFF<Bits<7>>,
    s2_idx: DFF<Bits<11>>,
    s3_idx: DFF<Bits<11>>,
    s4_idx: DFF<Bits<11>>,
    s5_idx: DFF<Bits<11>>,
    s6_idx: DFF<Bits<11>>,
    s7_idx: DFF<Bits<11>>,
    s1_port: DFF<Bits<16>>,
    s2_port: DFF<Bits<16>>,
    s3_port: DFF<Bits<16>>,
    s4_port: DFF<Bits<16>>,
    s5_port: DFF<Bits<16>>,
    s6_port: DFF<Bits<16>>,
    s7_port: DFF<Bits<16>>,
    s3_is0: DFF<Bit>,
    s4_is0: DFF<Bit>,
    s5_is0: DFF<Bit>,
    s6_is0: DFF<Bit>,
    s7_is0: DFF<Bit>,
    s8_is0: DFF<Bit>,
    s9_is0: DFF<Bit>,
    s10_is0: DFF<Bit>,
    s11_is0: DFF<Bit>,
    s12_is0: DFF<Bit>,
    s13_is0: DFF<Bit>,
    s14_is0: DFF<Bit>,
    s3_is1: DFF<Bit>,
    s3_is2: DFF<Bit>,
    s4_is1: DFF<Bit>,
    s4_is2: DFF<Bit>,
    s5_is1: DFF<Bit>,
    s5_is2: DFF<Bit>,
    s6_is1: DFF<Bit>,
    s6_is2: DFF<Bit>,
    s7_is1: DFF<Bit>,
    s7_is2: DFF<Bit>,
    s8_is1: DFF<Bit>,
    s8_is2: DFF<Bit>,
    s9_is1: DFF<Bit>,
    s9_is2: DFF<Bit>,
    s10_is1: DFF<Bit>,
    s10_is2: DFF<Bit>,
    bctr: DFF<Bits<11>>,
    s4_vlan: DFF<Bit>,
    s4_is4: DFF<Bit>,
    s4_is6: DFF<Bit>,
    s4_tci: DFF<Bits<16>>,
    s4_mac: DFF<Bits<48>>,
    s4_ipb: DFF<Bits<512>>,
    s5_vlan: DFF<Bit>,
    s5_is4: DFF<Bit>,
    s5_is6: DFF<Bit>,
    s5_tci: DFF<Bits<16>>,
    s5_mac: DFF<Bits<48>>,
    s5_ihl: DFF<Bits<4>>,
    s5_ihlx: DFF<Bits<7>>,
    s5_verbad: DFF<Bit>,
    s5_frag: DFF<Bit>,
    s5_notudp: DFF<Bit>,
    s5_notip: DFF<Bit>,
    s5_ce: DFF<Bit>,
    s5_srcip: DFF<Bits<128>>,
    s5_dstip: DFF<Bits<128>>,
    s5_tl: DFF<Bits<16>>,
    s6_vlan: DFF<Bit>,
    s7_vlan: DFF<Bit>,
    lt_vlan: DFF<Bit>,
    s6_is4: DFF<Bit>,
    s7_is4: DFF<Bit>,
    lt_is4: DFF<Bit>,
    s6_is6: DFF<Bit>,
    s7_is6: DFF<Bit>,
    lt_is6: DFF<Bit>,
    s6_tci: DFF<Bits<16>>,
    s7_tci: DFF<Bits<16>>,
    lt_tci: DFF<Bits<16>>,
    s6_mac: DFF<Bits<48>>,
    s7_mac: DFF<Bits<48>>,
    lt_mac: DFF<Bits<48>>,
    s6_verbad: DFF<Bit>,
    s7_verbad: DFF<Bit>,
    lt_verbad: DFF<Bit>,
    s6_frag: DFF<Bit>,
    s7_frag: DFF<Bit>,
    lt_frag: DFF<Bit>,
    s6_notudp: DFF<Bit>,
    s7_notudp: DFF<Bit>,
    lt_notudp: DFF<Bit>,
    s6_notip: DFF<Bit>,
    s7_notip: DFF<Bit>,
    lt_notip: DFF<Bit>,
    s6_ce: DFF<Bit>,
    s7_ce: DFF<Bit>,
    lt_ce: DFF<Bit>,
    s6_srcip: DFF<Bits<128>>,
    s7_srcip: DFF<Bits<128>>,
    lt_srcip: DFF<Bits<128>>,
    s6_dstip: DFF<Bits<128>>,
    s7_dstip: DFF<Bits<128>>,
    lt_dstip: DFF<Bits<128>>,
    s6_j: DFF<Bits<4>>,
    s7_j: DFF<Bits<4>>,
    lt_j: DFF<Bits<4>>,
    s6_l4off: DFF<Bits<7>>,
    s7_l4off: DFF<Bits<7>>,
    lt_l4off: DFF<Bits<7>>,
    s6_ipend: DFF<Bits<17>>,
    s7_ipend: DFF<Bits<17>>,
    lt_ipend: DFF<Bits<17>>,
    s6_ipm1: DFF<Bits<17>>,
    s7_ipm1: DFF<Bits<17>>,
    lt_ipm1: DFF<Bits<17>>,
    s6_ip42: DFF<Bits<18>>,
    s7_ip42: DFF<Bits<18>>,
    lt_ip42: DFF<Bits<18>>,
    s6_ipplen: DFF<Bits<16>>,
    s7_ipplen: DFF<Bits<16>>,
    lt_ipplen: DFF<Bits<16>>,
    s6_iplenbad: DFF<Bit>,
    s7_iplenbad: DFF<Bit>,
    lt_iplenbad: DFF<Bit>,
    s6_xc: DFF<Bits<7>>,
    s7_xc: DFF<Bits<7>>,
    lt_xc: DFF<Bits<7>>,
    s6_xd: DFF<Bits<7>>,
    s7_xd: DFF<Bits<7>>,
    lt_xd: DFF<Bits<7>>,
    s6_iphe: DFF<Bits<7>>,
    s7_iphe: DFF<Bits<7>>,
    lt_iphe: DFF<Bits<7>>,
    s6_aa: DFF<Bits<7>>,
    s7_aa: DFF<Bits<7>>,
    lt_aa: DFF<Bits<7>>,
    s6_ab: DFF<Bits<7>>,
    s7_ab: DFF<Bits<7>>,
    lt_ab: DFF<Bits<7>>,
    s7_init: DFF<Bits<17>>,
    s8_init: DFF<Bits<17>>,
    s9_init: DFF<Bits<17>>,
    s10_init: DFF<Bits<17>>,
    s11_init: DFF<Bits<17>>,
    s12_init: DFF<Bits<17>>,
    s13_init: DFF<Bits<17>>,
    s14_init: DFF<Bits<17>>,
    w0: DFF<Bits<512>>,
    w1: DFF<Bits<512>>,
    w2: DFF<Bits<512>>,
    s8_lo: DFF<Bits<512>>,
    s8_th: DFF<Bits<512>>,
    s8_lt: DFF<Bit>,
    s8_eq: DFF<Bit>,
    s8_addr: DFF<Bits<512>>,
    s8_ipm: DFF<Bits<512>>,
    s9_ui: DFF<Bits<512>>,
    s9_ii: DFF<Bits<512>>,
    s8_hw: DFF<Bits<8>>,
    s8_j: DFF<Bits<4>>,
    s8_ip42: DFF<Bits<18>>,
    s9_hs: DFF<Bits<5>>,
    s9_ip42: DFF<Bits<18>>,
    s10_r: DFF<Bits<6>>,
    s10_q: DFF<Bits<2>>,
    s10_rem: DFF<Bits<18>>,
    rl_r: DFF<Bits<6>>,
    rl_q: DFF<Bits<2>>,
    rl_rem: DFF<Bits<18>>,
    prev: DFF<Bits<512>>,
    s11_av: DFF<Bit>,
    s11_bv: DFF<Bit>,
    s11_a: DFF<Bits<512>>,
    s11_cur: DFF<Bits<512>>,
    s11_r: DFF<Bits<6>>,
    s11_rema: DFF<Bits<18>>,
    s11_remb: DFF<Bits<18>>,
    s12_av: DFF<Bit>,
    s12_bv: DFF<Bit>,
    s12_a: DFF<Bits<512>>,
    s12_b: DFF<Bits<512>>,
    s12_availa: DFF<Bits<7>>,
    s12_availb: DFF<Bits<7>>,
    s12_clampa: DFF<Bits<7>>,
    s12_clampb: DFF<Bits<7>>,
    s12_le64: DFF<Bit>,
    s13_va: DFF<Bit>,
    s13_vb: DFF<Bit>,
    s13_a: DFF<Bits<512>>,
    s13_b: DFF<Bits<512>>,
    s13_ca: DFF<Bits<7>>,
    s13_cb: DFF<Bits<7>>,
    s13_lasta: DFF<Bit>,
    pend_v: DFF<Bit>,
    pend_d: DFF<Bits<512>>,
    pend_c: DFF<Bits<7>>,
    emitted: DFF<Bit>,
    o_v: DFF<Bit>,
    o_d: DFF<Bits<512>>,
    o_c: DFF<Bits<7>>,
    o_last: DFF<Bit>,
    uacc: DFF<Bits<32>>,
    iacc: DFF<Bits<32>>,
    s15_uf: DFF<Bits<32>>,
    s15_if: DFF<Bits<32>>,
    s16_uf: DFF<Bits<17>>,
    s16_if: DFF<Bits<17>>,
    s17_ubad: DFF<Bit>,
    s17_ibad: DFF<Bit>,
    q8_ta: DFF<Bit>,
    q9_ta: DFF<Bit>,
    q10_ta: DFF<Bit>,
    q11_ta: DFF<Bit>,
    q12_ta: DFF<Bit>,
    q13_ta: DFF<Bit>,
    q14_ta: DFF<Bit>,
    q15_ta: DFF<Bit>,
    q16_ta: DFF<Bit>,
    q17_ta: DFF<Bit>,
    q18_ta: DFF<Bit>,
    q8_tb: DFF<Bit>,
    q9_tb: DFF<Bit>,
    q10_tb: DFF<Bit>,
    q11_tb: DFF<Bit>,
    q12_tb: DFF<Bit>,
    q13_tb: DFF<Bit>,
    q14_tb: DFF<Bit>,
    q15_tb: DFF<Bit>,
    q16_tb: DFF<Bit>,
    q17_tb: DFF<Bit>,
    q18_tb: DFF<Bit>,
    q8_tc: DFF<Bit>,
    q9_tc: DFF<Bit>,
    q10_tc: DFF<Bit>,
    q11_tc: DFF<Bit>,
    q12_tc: DFF<Bit>,
    q13_tc: DFF<Bit>,
    q14_tc: DFF<Bit>,
    q15_tc: DFF<Bit>,
    q16_tc: DFF<Bit>,
    q17_tc: DFF<Bit>,
    q18_tc: DFF<Bit>,
    q8_td: DFF<Bit>,
    q9_td: DFF<Bit>,
    q10_td: DFF<Bit>,
    q11_td: DFF<Bit>,
    q12_td: DFF<Bit>,
    q13_td: DFF<Bit>,
    q14_td: DFF<Bit>,
    q15_td: DFF<Bit>,
    q16_td: DFF<Bit>,
    q17_td: DFF<Bit>,
    q18_td: DFF<Bit>,
    q8_notip: DFF<Bit>,
    q9_notip: DFF<Bit>,
    q10_notip: DFF<Bit>,
    q11_notip: DFF<Bit>,
    q12_notip: DFF<Bit>,
    q13_notip: DFF<Bit>,
    q14_notip: DFF<Bit>,
    q15_notip: DFF<Bit>,
    q16_notip: DFF<Bit>,
    q17_notip: DFF<Bit>,
    q18_notip: DFF<Bit>,
    q8_verbad: DFF<Bit>,
    q9_verbad: DFF<Bit>,
    q10_verbad: DFF<Bit>,
    q11_verbad: DFF<Bit>,
    q12_verbad: DFF<Bit>,
    q13_verbad: DFF<Bit>,
    q14_verbad: DFF<Bit>,
    q15_verbad: DFF<Bit>,
    q16_verbad: DFF<Bit>,
    q17_verbad: DFF<Bit>,
    q18_verbad: DFF<Bit>,
    q8_frag: DFF<Bit>,
    q9_frag: DFF<Bit>,
    q10_frag: DFF<Bit>,
    q11_frag: DFF<Bit>,
    q12_frag: DFF<Bit>,
    q13_frag: DFF<Bit>,
    q14_frag: DFF<Bit>,
    q15_frag: DFF<Bit>,
    q16_frag: DFF<Bit>,
    q17_frag: DFF<Bit>,
    q18_frag: DFF<Bit>,
    q8_notudp: DFF<Bit>,
    q9_notudp: DFF<Bit>,
    q10_notudp: DFF<Bit>,
    q11_notudp: DFF<Bit>,
    q12_notudp: DFF<Bit>,
    q13_notudp: DFF<Bit>,
    q14_notudp: DFF<Bit>,
    q15_notudp: DFF<Bit>,
    q16_notudp: DFF<Bit>,
    q17_notudp: DFF<Bit>,
    q18_notudp: DFF<Bit>,
    q8_iplenbad: DFF<Bit>,
    q9_iplenbad: DFF<Bit>,
    q10_iplenbad: DFF<Bit>,
    q11_iplenbad: DFF<Bit>,
    q12_iplenbad: DFF<Bit>,
    q13_iplenbad: DFF<Bit>,
    q14_iplenbad: DFF<Bit>,
    q15_iplenbad: DFF<Bit>,
    q16_iplenbad: DFF<Bit>,
    q17_iplenbad: DFF<Bit>,
    q18_iplenbad: DFF<Bit>,
    q8_is4: DFF<Bit>,
    q9_is4: DFF<Bit>,
    q10_is4: DFF<Bit>,
    q11_is4: DFF<Bit>,
    q12_is4: DFF<Bit>,
    q13_is4: DFF<Bit>,
    q14_is4: DFF<Bit>,
    q15_is4: DFF<Bit>,
    q16_is4: DFF<Bit>,
    q17_is4: DFF<Bit>,
    q18_is4: DFF<Bit>,
    q8_vlan: DFF<Bit>,
    q9_vlan: DFF<Bit>,
    q10_vlan: DFF<Bit>,
    q11_vlan: DFF<Bit>,
    q12_vlan: DFF<Bit>,
    q13_vlan: DFF<Bit>,
    q14_vlan: DFF<Bit>,
    q15_vlan: DFF<Bit>,
    q16_vlan: DFF<Bit>,
    q17_vlan: DFF<Bit>,
    q18_vlan: DFF<Bit>,
    q8_tci: DFF<Bits<16>>,
    q9_tci: DFF<Bits<16>>,
    q10_tci: DFF<Bits<16>>,
    q11_tci: DFF<Bits<16>>,
    q12_tci: DFF<Bits<16>>,
    q13_tci: DFF<Bits<16>>,
    q14_tci: DFF<Bits<16>>,
    q15_tci: DFF<Bits<16>>,
    q16_tci: DFF<Bits<16>>,
    q17_tci: DFF<Bits<16>>,
    q18_tci: DFF<Bits<16>>,
    q8_mac: DFF<Bits<48>>,
    q9_mac: DFF<Bits<48>>,
    q10_mac: DFF<Bits<48>>,
    q11_mac: DFF<Bits<48>>,
    q12_mac: DFF<Bits<48>>,
    q13_mac: DFF<Bits<48>>,
    q14_mac: DFF<Bits<48>>,
    q15_mac: DFF<Bits<48>>,
    q16_mac: DFF<Bits<48>>,
    q17_mac: DFF<Bits<48>>,
    q18_mac: DFF<Bits<48>>,
    q8_is6: DFF<Bit>,
    q9_is6: DFF<Bit>,
    q10_is6: DFF<Bit>,
    q11_is6: DFF<Bit>,
    q12_is6: DFF<Bit>,
    q13_is6: DFF<Bit>,
    q14_is6: DFF<Bit>,
    q15_is6: DFF<Bit>,
    q16_is6: DFF<Bit>,
    q17_is6: DFF<Bit>,
    q18_is6: DFF<Bit>,
    q8_srcip: DFF<Bits<128>>,
    q9_srcip: DFF<Bits<128>>,
    q10_srcip: DFF<Bits<128>>,
    q11_srcip: DFF<Bits<128>>,
    q12_srcip: DFF<Bits<128>>,
    q13_srcip: DFF<Bits<128>>,
    q14_srcip: DFF<Bits<128>>,
    q15_srcip: DFF<Bits<128>>,
    q16_srcip: DFF<Bits<128>>,
    q17_srcip: DFF<Bits<128>>,
    q18_srcip: DFF<Bits<128>>,
    q8_dstip: DFF<Bits<128>>,
    q9_dstip: DFF<Bits<128>>,
    q10_dstip: DFF<Bits<128>>,
    q11_dstip: DFF<Bits<128>>,
    q12_dstip: DFF<Bits<128>>,
    q13_dstip: DFF<Bits<128>>,
    q14_dstip: DFF<Bits<128>>,
    q15_dstip: DFF<Bits<128>>,
    q16_dstip: DFF<Bits<128>>,
    q17_dstip: DFF<Bits<128>>,
    q18_dstip: DFF<Bits<128>>,
    q8_ce: DFF<Bit>,
    q9_ce: DFF<Bit>,
    q10_ce: DFF<Bit>,
    q11_ce: DFF<Bit>,
    q12_ce: DFF<Bit>,
    q13_ce: DFF<Bit>,
    q14_ce: DFF<Bit>,
    q15_ce: DFF<Bit>,
    q16_ce: DFF<Bit>,
    q17_ce: DFF<Bit>,
    q18_ce: DFF<Bit>,
    s8_l4: DFF<Bits<640>>,
    s8_fm1: DFF<Bits<17>>,
    s8_ipm1: DFF<Bits<17>>,
    s8_ipplen: DFF<Bits<16>>,
    s8_port: DFF<Bits<16>>,
    q9_te: DFF<Bit>,
    q10_te: DFF<Bit>,
    q11_te: DFF<Bit>,
    q12_te: DFF<Bit>,
    q13_te: DFF<Bit>,
    q14_te: DFF<Bit>,
    q15_te: DFF<Bit>,
    q16_te: DFF<Bit>,
    q17_te: DFF<Bit>,
    q18_te: DFF<Bit>,
    q9_fport: DFF<Bit>,
    q10_fport: DFF<Bit>,
    q11_fport: DFF<Bit>,
    q12_fport: DFF<Bit>,
    q13_fport: DFF<Bit>,
    q14_fport: DFF<Bit>,
    q15_fport: DFF<Bit>,
    q16_fport: DFF<Bit>,
    q17_fport: DFF<Bit>,
    q18_fport: DFF<Bit>,
    q9_fuip: DFF<Bit>,
    q10_fuip: DFF<Bit>,
    q11_fuip: DFF<Bit>,
    q12_fuip: DFF<Bit>,
    q13_fuip: DFF<Bit>,
    q14_fuip: DFF<Bit>,
    q15_fuip: DFF<Bit>,
    q16_fuip: DFF<Bit>,
    q17_fuip: DFF<Bit>,
    q18_fuip: DFF<Bit>,
    q9_fumin: DFF<Bit>,
    q10_fumin: DFF<Bit>,
    q11_fumin: DFF<Bit>,
    q12_fumin: DFF<Bit>,
    q13_fumin: DFF<Bit>,
    q14_fumin: DFF<Bit>,
    q15_fumin: DFF<Bit>,
    q16_fumin: DFF<Bit>,
    q17_fumin: DFF<Bit>,
    q18_fumin: DFF<Bit>,
    q9_ucz: DFF<Bit>,
    q10_ucz: DFF<Bit>,
    q11_ucz: DFF<Bit>,
    q12_ucz: DFF<Bit>,
    q13_ucz: DFF<Bit>,
    q14_ucz: DFF<Bit>,
    q15_ucz: DFF<Bit>,
    q16_ucz: DFF<Bit>,
    q17_ucz: DFF<Bit>,
    q18_ucz: DFF<Bit>,
    q9_fbver: DFF<Bit>,
    q10_fbver: DFF<Bit>,
    q11_fbver: DFF<Bit>,
    q12_fbver: DFF<Bit>,
    q13_fbver: DFF<Bit>,
    q14_fbver: DFF<Bit>,
    q15_fbver: DFF<Bit>,
    q16_fbver: DFF<Bit>,
    q17_fbver: DFF<Bit>,
    q18_fbver: DFF<Bit>,
    q9_fbop: DFF<Bit>,
    q10_fbop: DFF<Bit>,
    q11_fbop: DFF<Bit>,
    q12_fbop: DFF<Bit>,
    q13_fbop: DFF<Bit>,
    q14_fbop: DFF<Bit>,
    q15_fbop: DFF<Bit>,
    q16_fbop: DFF<Bit>,
    q17_fbop: DFF<Bit>,
    q18_fbop: DFF<Bit>,
    q9_fhw: DFF<Bit>,
    q10_fhw: DFF<Bit>,
    q11_fhw: DFF<Bit>,
    q12_fhw: DFF<Bit>,
    q13_fhw: DFF<Bit>,
    q14_fhw: DFF<Bit>,
    q15_fhw: DFF<Bit>,
    q16_fhw: DFF<Bit>,
    q17_fhw: DFF<Bit>,
    q18_fhw: DFF<Bit>,
    q9_fctrl: DFF<Bit>,
    q10_fctrl: DFF<Bit>,
    q11_fctrl: DFF<Bit>,
    q12_fctrl: DFF<Bit>,
    q13_fctrl: DFF<Bit>,
    q14_fctrl: DFF<Bit>,
    q15_fctrl: DFF<Bit>,
    q16_fctrl: DFF<Bit>,
    q17_fctrl: DFF<Bit>,
    q18_fctrl: DFF<Bit>,
    s9_ulm8: DFF<Bits<17>>,
    s9_bsum: DFF<Bits<17>>,
    s10_fblen: DFF<Bit>,
    q11_fblen: DFF<Bit>,
    q12_fblen: DFF<Bit>,
    q13_fblen: DFF<Bit>,
    q14_fblen: DFF<Bit>,
    q15_fblen: DFF<Bit>,
    q16_fblen: DFF<Bit>,
    q17_fblen: DFF<Bit>,
    q18_fblen: DFF<Bit>,
    f9_sport: DFF<Bits<16>>,
    f10_sport: DFF<Bits<16>>,
    f11_sport: DFF<Bits<16>>,
    f12_sport: DFF<Bits<16>>,
    f13_sport: DFF<Bits<16>>,
    f14_sport: DFF<Bits<16>>,
    f15_sport: DFF<Bits<16>>,
    f16_sport: DFF<Bits<16>>,
    f17_sport: DFF<Bits<16>>,
    f18_sport: DFF<Bits<16>>,
    f9_opcode: DFF<Bits<8>>,
    f10_opcode: DFF<Bits<8>>,
    f11_opcode: DFF<Bits<8>>,
    f12_opcode: DFF<Bits<8>>,
    f13_opcode: DFF<Bits<8>>,
    f14_opcode: DFF<Bits<8>>,
    f15_opcode: DFF<Bits<8>>,
    f16_opcode: DFF<Bits<8>>,
    f17_opcode: DFF<Bits<8>>,
    f18_opcode: DFF<Bits<8>>,
    f9_flags: DFF<Bits<8>>,
    f10_flags: DFF<Bits<8>>,
    f11_flags: DFF<Bits<8>>,
    f12_flags: DFF<Bits<8>>,
    f13_flags: DFF<Bits<8>>,
    f14_flags: DFF<Bits<8>>,
    f15_flags: DFF<Bits<8>>,
    f16_flags: DFF<Bits<8>>,
    f17_flags: DFF<Bits<8>>,
    f18_flags: DFF<Bits<8>>,
    f9_path_id: DFF<Bits<8>>,
    f10_path_id: DFF<Bits<8>>,
    f11_path_id: DFF<Bits<8>>,
    f12_path_id: DFF<Bits<8>>,
    f13_path_id: DFF<Bits<8>>,
    f14_path_id: DFF<Bits<8>>,
    f15_path_id: DFF<Bits<8>>,
    f16_path_id: DFF<Bits<8>>,
    f17_path_id: DFF<Bits<8>>,
    f18_path_id: DFF<Bits<8>>,
    f9_hdr_words: DFF<Bits<8>>,
    f10_hdr_words: DFF<Bits<8>>,
    f11_hdr_words: DFF<Bits<8>>,
    f12_hdr_words: DFF<Bits<8>>,
    f13_hdr_words: DFF<Bits<8>>,
    f14_hdr_words: DFF<Bits<8>>,
    f15_hdr_words: DFF<Bits<8>>,
    f16_hdr_words: DFF<Bits<8>>,
    f17_hdr_words: DFF<Bits<8>>,
    f18_hdr_words: DFF<Bits<8>>,
    f9_dst_conn: DFF<Bits<24>>,
    f10_dst_conn: DFF<Bits<24>>,
    f11_dst_conn: DFF<Bits<24>>,
    f12_dst_conn: DFF<Bits<24>>,
    f13_dst_conn: DFF<Bits<24>>,
    f14_dst_conn: DFF<Bits<24>>,
    f15_dst_conn: DFF<Bits<24>>,
    f16_dst_conn: DFF<Bits<24>>,
    f17_dst_conn: DFF<Bits<24>>,
    f18_dst_conn: DFF<Bits<24>>,
    f9_path_psn: DFF<Bits<32>>,
    f10_path_psn: DFF<Bits<32>>,
    f11_path_psn: DFF<Bits<32>>,
    f12_path_psn: DFF<Bits<32>>,
    f13_path_psn: DFF<Bits<32>>,
    f14_path_psn: DFF<Bits<32>>,
    f15_path_psn: DFF<Bits<32>>,
    f16_path_psn: DFF<Bits<32>>,
    f17_path_psn: DFF<Bits<32>>,
    f18_path_psn: DFF<Bits<32>>,
    f9_csn: DFF<Bits<32>>,
    f10_csn: DFF<Bits<32>>,
    f11_csn: DFF<Bits<32>>,
    f12_csn: DFF<Bits<32>>,
    f13_csn: DFF<Bits<32>>,
    f14_csn: DFF<Bits<32>>,
    f15_csn: DFF<Bits<32>>,
    f16_csn: DFF<Bits<32>>,
    f17_csn: DFF<Bits<32>>,
    f18_csn: DFF<Bits<32>>,
    f9_timestamp: DFF<Bits<32>>,
    f10_timestamp: DFF<Bits<32>>,
    f11_timestamp: DFF<Bits<32>>,
    f12_timestamp: DFF<Bits<32>>,
    f13_timestamp: DFF<Bits<32>>,
    f14_timestamp: DFF<Bits<32>>,
    f15_timestamp: DFF<Bits<32>>,
    f16_timestamp: DFF<Bits<32>>,
    f17_timestamp: DFF<Bits<32>>,
    f18_timestamp: DFF<Bits<32>>,
    f9_payload_len: DFF<Bits<16>>,
    f10_payload_len: DFF<Bits<16>>,
    f11_payload_len: DFF<Bits<16>>,
    f12_payload_len: DFF<Bits<16>>,
    f13_payload_len: DFF<Bits<16>>,
    f14_payload_len: DFF<Bits<16>>,
    f15_payload_len: DFF<Bits<16>>,
    f16_payload_len: DFF<Bits<16>>,
    f17_payload_len: DFF<Bits<16>>,
    f18_payload_len: DFF<Bits<16>>,
    f9_floor_delta: DFF<Bits<16>>,
    f10_floor_delta: DFF<Bits<16>>,
    f11_floor_delta: DFF<Bits<16>>,
    f12_floor_delta: DFF<Bits<16>>,
    f13_floor_delta: DFF<Bits<16>>,
    f14_floor_delta: DFF<Bits<16>>,
    f15_floor_delta: DFF<Bits<16>>,
    f16_floor_delta: DFF<Bits<16>>,
    f17_floor_delta: DFF<Bits<16>>,
    f18_floor_delta: DFF<Bits<16>>,
    f9_rkey: DFF<Bits<32>>,
    f10_rkey: DFF<Bits<32>>,
    f11_rkey: DFF<Bits<32>>,
    f12_rkey: DFF<Bits<32>>,
    f13_rkey: DFF<Bits<32>>,
    f14_rkey: DFF<Bits<32>>,
    f15_rkey: DFF<Bits<32>>,
    f16_rkey: DFF<Bits<32>>,
    f17_rkey: DFF<Bits<32>>,
    f18_rkey: DFF<Bits<32>>,
    f9_va: DFF<Bits<64>>,
    f10_va: DFF<Bits<64>>,
    f11_va: DFF<Bits<64>>,
    f12_va: DFF<Bits<64>>,
    f13_va: DFF<Bits<64>>,
    f14_va: DFF<Bits<64>>,
    f15_va: DFF<Bits<64>>,
    f16_va: DFF<Bits<64>>,
    f17_va: DFF<Bits<64>>,
    f18_va: DFF<Bits<64>>,
    f9_stream: DFF<Bits<8>>,
    f10_stream: DFF<Bits<8>>,
    f11_stream: DFF<Bits<8>>,
    f12_stream: DFF<Bits<8>>,
    f13_stream: DFF<Bits<8>>,
    f14_stream: DFF<Bits<8>>,
    f15_stream: DFF<Bits<8>>,
    f16_stream: DFF<Bits<8>>,
    f17_stream: DFF<Bits<8>>,
    f18_stream: DFF<Bits<8>>,
    f9_msn: DFF<Bits<32>>,
    f10_msn: DFF<Bits<32>>,
    f11_msn: DFF<Bits<32>>,
    f12_msn: DFF<Bits<32>>,
    f13_msn: DFF<Bits<32>>,
    f14_msn: DFF<Bits<32>>,
    f15_msn: DFF<Bits<32>>,
    f16_msn: DFF<Bits<32>>,
    f17_msn: DFF<Bits<32>>,
    f18_msn: DFF<Bits<32>>,
    f9_msg_len: DFF<Bits<32>>,
    f10_msg_len: DFF<Bits<32>>,
    f11_msg_len: DFF<Bits<32>>,
    f12_msg_len: DFF<Bits<32>>,
    f13_msg_len: DFF<Bits<32>>,
    f14_msg_len: DFF<Bits<32>>,
    f15_msg_len: DFF<Bits<32>>,
    f16_msg_len: DFF<Bits<32>>,
    f17_msg_len: DFF<Bits<32>>,
    f18_msg_len: DFF<Bits<32>>,
    f9_rsn: DFF<Bits<24>>,
    f10_rsn: DFF<Bits<24>>,
    f11_rsn: DFF<Bits<24>>,
    f12_rsn: DFF<Bits<24>>,
    f13_rsn: DFF<Bits<24>>,
    f14_rsn: DFF<Bits<24>>,
    f15_rsn: DFF<Bits<24>>,
    f16_rsn: DFF<Bits<24>>,
    f17_rsn: DFF<Bits<24>>,
    f18_rsn: DFF<Bits<24>>,
    f9_offset: DFF<Bits<32>>,
    f10_offset: DFF<Bits<32>>,
    f11_offset: DFF<Bits<32>>,
    f12_offset: DFF<Bits<32>>,
    f13_offset: DFF<Bits<32>>,
    f14_offset: DFF<Bits<32>>,
    f15_offset: DFF<Bits<32>>,
    f16_offset: DFF<Bits<32>>,
    f17_offset: DFF<Bits<32>>,
    f18_offset: DFF<Bits<32>>,
    f9_imm: DFF<Bits<32>>,
    f10_imm: DFF<Bits<32>>,
    f11_imm: DFF<Bits<32>>,
    f12_imm: DFF<Bits<32>>,
    f13_imm: DFF<Bits<32>>,
    f14_imm: DFF<Bits<32>>,
    f15_imm: DFF<Bits<32>>,
    f16_imm: DFF<Bits<32>>,
    f17_imm: DFF<Bits<32>>,
    f18_imm: DFF<Bits<32>>,
    f9_ack_base_psn: DFF<Bits<32>>,
    f10_ack_base_psn: DFF<Bits<32>>,
    f11_ack_base_psn: DFF<Bits<32>>,
    f12_ack_base_psn: DFF<Bits<32>>,
    f13_ack_base_psn: DFF<Bits<32>>,
    f14_ack_base_psn: DFF<Bits<32>>,
    f15_ack_base_psn: DFF<Bits<32>>,
    f16_ack_base_psn: DFF<Bits<32>>,
    f17_ack_base_psn: DFF<Bits<32>>,
    f18_ack_base_psn: DFF<Bits<32>>,
    f9_ack_csn_base: DFF<Bits<32>>,
    f10_ack_csn_base: DFF<Bits<32>>,
    f11_ack_csn_base: DFF<Bits<32>>,
    f12_ack_csn_base: DFF<Bits<32>>,
    f13_ack_csn_base: DFF<Bits<32>>,
    f14_ack_csn_base: DFF<Bits<32>>,
    f15_ack_csn_base: DFF<Bits<32>>,
    f16_ack_csn_base: DFF<Bits<32>>,
    f17_ack_csn_base: DFF<Bits<32>>,
    f18_ack_csn_base: DFF<Bits<32>>,
    f9_ack_ts_echo: DFF<Bits<32>>,
    f10_ack_ts_echo: DFF<Bits<32>>,
    f11_ack_ts_echo: DFF<Bits<32>>,
    f12_ack_ts_echo: DFF<Bits<32>>,
    f13_ack_ts_echo: DFF<Bits<32>>,
    f14_ack_ts_echo: DFF<Bits<32>>,
    f15_ack_ts_echo: DFF<Bits<32>>,
    f16_ack_ts_echo: DFF<Bits<32>>,
    f17_ack_ts_echo: DFF<Bits<32>>,
    f18_ack_ts_echo: DFF<Bits<32>>,
    f9_ack_ecn_count: DFF<Bits<16>>,
    f10_ack_ecn_count: DFF<Bits<16>>,
    f11_ack_ecn_count: DFF<Bits<16>>,
    f12_ack_ecn_count: DFF<Bits<16>>,
    f13_ack_ecn_count: DFF<Bits<16>>,
    f14_ack_ecn_count: DFF<Bits<16>>,
    f15_ack_ecn_count: DFF<Bits<16>>,
    f16_ack_ecn_count: DFF<Bits<16>>,
    f17_ack_ecn_count: DFF<Bits<16>>,
    f18_ack_ecn_count: DFF<Bits<16>>,
    f9_ack_rate_hint: DFF<Bits<16>>,
    f10_ack_rate_hint: DFF<Bits<16>>,
    f11_ack_rate_hint: DFF<Bits<16>>,
    f12_ack_rate_hint: DFF<Bits<16>>,
    f13_ack_rate_hint: DFF<Bits<16>>,
    f14_ack_rate_hint: DFF<Bits<16>>,
    f15_ack_rate_hint: DFF<Bits<16>>,
    f16_ack_rate_hint: DFF<Bits<16>>,
    f17_ack_rate_hint: DFF<Bits<16>>,
    f18_ack_rate_hint: DFF<Bits<16>>,
    f9_ack_sack: DFF<Bits<256>>,
    f10_ack_sack: DFF<Bits<256>>,
    f11_ack_sack: DFF<Bits<256>>,
    f12_ack_sack: DFF<Bits<256>>,
    f13_ack_sack: DFF<Bits<256>>,
    f14_ack_sack: DFF<Bits<256>>,
    f15_ack_sack: DFF<Bits<256>>,
    f16_ack_sack: DFF<Bits<256>>,
    f17_ack_sack: DFF<Bits<256>>,
    f18_ack_sack: DFF<Bits<256>>,
    f9_nack_reason: DFF<Bits<8>>,
    f10_nack_reason: DFF<Bits<8>>,
    f11_nack_reason: DFF<Bits<8>>,
    f12_nack_reason: DFF<Bits<8>>,
    f13_nack_reason: DFF<Bits<8>>,
    f14_nack_reason: DFF<Bits<8>>,
    f15_nack_reason: DFF<Bits<8>>,
    f16_nack_reason: DFF<Bits<8>>,
    f17_nack_reason: DFF<Bits<8>>,
    f18_nack_reason: DFF<Bits<8>>,
    f9_nack_psn: DFF<Bits<32>>,
    f10_nack_psn: DFF<Bits<32>>,
    f11_nack_psn: DFF<Bits<32>>,
    f12_nack_psn: DFF<Bits<32>>,
    f13_nack_psn: DFF<Bits<32>>,
    f14_nack_psn: DFF<Bits<32>>,
    f15_nack_psn: DFF<Bits<32>>,
    f16_nack_psn: DFF<Bits<32>>,
    f17_nack_psn: DFF<Bits<32>>,
    f18_nack_psn: DFF<Bits<32>>,
    f9_nack_csn: DFF<Bits<32>>,
    f10_nack_csn: DFF<Bits<32>>,
    f11_nack_csn: DFF<Bits<32>>,
    f12_nack_csn: DFF<Bits<32>>,
    f13_nack_csn: DFF<Bits<32>>,
    f14_nack_csn: DFF<Bits<32>>,
    f15_nack_csn: DFF<Bits<32>>,
    f16_nack_csn: DFF<Bits<32>>,
    f17_nack_csn: DFF<Bits<32>>,
    f18_nack_csn: DFF<Bits<32>>,
    f9_nack_detail: DFF<Bits<32>>,
    f10_nack_detail: DFF<Bits<32>>,
    f11_nack_detail: DFF<Bits<32>>,
    f12_nack_detail: DFF<Bits<32>>,
    f13_nack_detail: DFF<Bits<32>>,
    f14_nack_detail: DFF<Bits<32>>,
    f15_nack_detail: DFF<Bits<32>>,
    f16_nack_detail: DFF<Bits<32>>,
    f17_nack_detail: DFF<Bits<32>>,
    f18_nack_detail: DFF<Bits<32>>,
    f9_probe_seq: DFF<Bits<32>>,
    f10_probe_seq: DFF<Bits<32>>,
    f11_probe_seq: DFF<Bits<32>>,
    f12_probe_seq: DFF<Bits<32>>,
    f13_probe_seq: DFF<Bits<32>>,
    f14_probe_seq: DFF<Bits<32>>,
    f15_probe_seq: DFF<Bits<32>>,
    f16_probe_seq: DFF<Bits<32>>,
    f17_probe_seq: DFF<Bits<32>>,
    f18_probe_seq: DFF<Bits<32>>,
    f9_probe_ts: DFF<Bits<32>>,
    f10_probe_ts: DFF<Bits<32>>,
    f11_probe_ts: DFF<Bits<32>>,
    f12_probe_ts: DFF<Bits<32>>,
    f13_probe_ts: DFF<Bits<32>>,
    f14_probe_ts: DFF<Bits<32>>,
    f15_probe_ts: DFF<Bits<32>>,
    f16_probe_ts: DFF<Bits<32>>,
    f17_probe_ts: DFF<Bits<32>>,
    f18_probe_ts: DFF<Bits<32>>,
    q14_haspl: DFF<Bit>,
    q15_haspl: DFF<Bit>,
    q16_haspl: DFF<Bit>,
    q17_haspl: DFF<Bit>,
    q18_haspl: DFF<Bit>,
    s18_ok: DFF<Bit>,
    s18_reason: DFF<Bits<4>>,
    od_v: DFF<Bit>,
    od_ok: DFF<Bit>,
    od_reason: DFF<Bits<8>>,
    od_haspl: DFF<Bit>,
    od_src_mac: DFF<Bits<48>>,
    od_vlan: DFF<Bit>,
    od_vlan_tci: DFF<Bits<16>>,
    od_is_ipv6: DFF<Bit>,
    od_src_ip: DFF<Bits<128>>,
    od_dst_ip: DFF<Bits<128>>,
    od_ce: DFF<Bit>,
    od_sport: DFF<Bits<16>>,
    od_opcode: DFF<Bits<8>>,
    od_flags: DFF<Bits<8>>,
    od_path_id: DFF<Bits<8>>,
    od_hdr_words: DFF<Bits<8>>,
    od_dst_conn: DFF<Bits<24>>,
    od_path_psn: DFF<Bits<32>>,
    od_csn: DFF<Bits<32>>,
    od_timestamp: DFF<Bits<32>>,
    od_payload_len: DFF<Bits<16>>,
    od_floor_delta: DFF<Bits<16>>,
    od_rkey: DFF<Bits<32>>,
    od_va: DFF<Bits<64>>,
    od_stream: DFF<Bits<8>>,
    od_msn: DFF<Bits<32>>,
    od_msg_len: DFF<Bits<32>>,
    od_rsn: DFF<Bits<24>>,
    od_offset: DFF<Bits<32>>,
    od_imm: DFF<Bits<32>>,
    od_ack_base_psn: DFF<Bits<32>>,
    od_ack_csn_base: DFF<Bits<32>>,
    od_ack_ts_echo: DFF<Bits<32>>,
    od_ack_ecn_count: DFF<Bits<16>>,
    od_ack_rate_hint: DFF<Bits<16>>,
    od_ack_sack: DFF<Bits<256>>,
    od_nack_reason: DFF<Bits<8>>,
    od_nack_psn: DFF<Bits<32>>,
    od_nack_csn: DFF<Bits<32>>,
    od_nack_detail: DFF<Bits<32>>,
    od_probe_seq: DFF<Bits<32>>,
    od_probe_ts: DFF<Bits<32>>,
    c_accepted: DFF<Bits<32>>,
    c_truncated: DFF<Bits<32>>,
    c_not_ip: DFF<Bits<32>>,
    c_bad_ip_header: DFF<Bits<32>>,
    c_ip_checksum: DFF<Bits<32>>,
    c_fragment: DFF<Bits<32>>,
    c_not_udp: DFF<Bits<32>>,
    c_ip_length: DFF<Bits<32>>,
    c_wrong_port: DFF<Bits<32>>,
    c_udp_length: DFF<Bits<32>>,
    c_udp_checksum: DFF<Bits<32>>,
    c_braid_version: DFF<Bits<32>>,
    c_bad_opcode: DFF<Bits<32>>,
    c_hdr_words: DFF<Bits<32>>,
    c_payload_length: DFF<Bits<32>>,
    c_control_payload: DFF<Bits<32>>,
    q8_dv: DFF<Bit>,
    q9_dv: DFF<Bit>,
    q10_dv: DFF<Bit>,
    q11_dv: DFF<Bit>,
    q12_dv: DFF<Bit>,
    q13_dv: DFF<Bit>,
    q14_dv: DFF<Bit>,
    q15_dv: DFF<Bit>,
    q16_dv: DFF<Bit>,
    q17_dv: DFF<Bit>,
    q18_dv: DFF<Bit>,
    onehot: Signal<Local, Bits<64>>,
    et0: Signal<Local, Bits<16>>,
    et1: Signal<Local, Bits<16>>,
    et: Signal<Local, Bits<16>>,
    vlan: Signal<Local, Bit>,
    ipver: Signal<Local, Bits<4>>,
    ihl: Signal<Local, Bits<4>>,
    vlan4: Signal<Local, Bits<7>>,
    ihl5: Signal<Local, Bits<4>>,
    amt_lo: Signal<Local, Bits<10>>,
    lo: Signal<Local, Bits<512>>,
    e0: Signal<Local, Bits<512>>,
    e1: Signal<Local, Bits<512>>,
    e2: Signal<Local, Bits<512>>,
    win: Signal<Local, Bits<1536>>,
    hwin: Signal<Local, Bits<1024>>,
    fm1: Signal<Local, Bits<17>>,
    fm1_small: Signal<Local, Bit>,
    hi: Signal<Local, Bits<512>>,
    hwc: Signal<Local, Bits<5>>,
    u_len: Signal<Local, Bits<16>>,
    b_hw: Signal<Local, Bits<8>>,
    b_op: Signal<Local, Bits<8>>,
    b_plen: Signal<Local, Bits<16>>,
    op_w: Signal<Local, Bit>,
    op_s: Signal<Local, Bit>,
    op_a: Signal<Local, Bit>,
    op_n: Signal<Local, Bit>,
    op_p: Signal<Local, Bit>,
    hw_exp: Signal<Local, Bits<8>>,
    hs10: Signal<Local, Bits<6>>,
    x_r: Signal<Local, Bits<6>>,
    x_q: Signal<Local, Bits<2>>,
    emit_a: Signal<Local, Bit>,
    flush_b: Signal<Local, Bit>,
    pair: Signal<Local, Bits<1024>>,
    nmr: Signal<Local, Bits<8>>,
    ca: Signal<Local, Bits<7>>,
    cb: Signal<Local, Bits<7>>,
    dv: Signal<Local, Bit>,
    dok: Signal<Local, Bit>,
    x_vlan: Signal<Local, Bit>,
    x_is4: Signal<Local, Bit>,
    x_is6: Signal<Local, Bit>,
    x_tci: Signal<Local, Bits<16>>,
    x_mac: Signal<Local, Bits<48>>,
    x_verbad: Signal<Local, Bit>,
    x_frag: Signal<Local, Bit>,
    x_notudp: Signal<Local, Bit>,
    x_notip: Signal<Local, Bit>,
    x_ce: Signal<Local, Bit>,
    x_srcip: Signal<Local, Bits<128>>,
    x_dstip: Signal<Local, Bits<128>>,
    x_j: Signal<Local, Bits<4>>,
    x_l4off: Signal<Local, Bits<7>>,
    x_ipend: Signal<Local, Bits<17>>,
    x_ipm1: Signal<Local, Bits<17>>,
    x_ip42: Signal<Local, Bits<18>>,
    x_ipplen: Signal<Local, Bits<16>>,
    x_iplenbad: Signal<Local, Bit>,
    x_xc: Signal<Local, Bits<7>>,
    x_xd: Signal<Local, Bits<7>>,
    x_iphe: Signal<Local, Bits<7>>,
    x_aa: Signal<Local, Bits<7>>,
    x_ab: Signal<Local, Bits<7>>,
}

impl Logic for RxParser {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            clock,
            s1_v,
            s1_l,
            s2_v,
            s2_l,
            s3_v,
            s3_l,
            s4_v,
            s4_l,
            s5_v,
            s5_l,
            s6_v,
            s6_l,
            s7_v,
            s7_l,
            s8_v,
            s8_l,
            s9_v,
            s9_l,
            s10_v,
            s10_l,
            s11_v,
            s11_l,
            s12_v,
            s12_l,
            s13_v,
            s13_l,
            s14_v,
            s14_l,
            s1_d,
            s2_d,
            s3_d,
            s4_d,
            s5_d,
            s6_d,
            s7_d,
            s8_d,
            s9_d,
            s10_d,
            s1_k,
            s2_e,
            s3_e,
            s4_e,
            s5_e,
            s6_e,
            s7_e,
            s8_e,
            s9_e,
            s10_e,
            s11_e,
            s3_n,
            s4_n,
            s5_n,
            s6_n,
            s7_n,
            s8_n,
            s9_n,
            s10_n,
            s11_n,
            s2_idx,
            s3_idx,
            s4_idx,
            s5_idx,
            s6_idx,
            s7_idx,
            s1_port,
            s2_port,
            s3_port,
            s4_port,
            s5_port,
            s6_port,
            s7_port,
            s3_is0,
            s4_is0,
            s5_is0,
            s6_is0,
            s7_is0,
            s8_is0,
            s9_is0,
            s10_is0,
            s11_is0,
            s12_is0,
            s13_is0,
            s14_is0,
            s3_is1,
            s3_is2,
            s4_is1,
            s4_is2,
            s5_is1,
            s5_is2,
            s6_is1,
            s6_is2,
            s7_is1,
            s7_is2,
            s8_is1,
            s8_is2,
            s9_is1,
            s9_is2,
            s10_is1,
            s10_is2,
            bctr,
            s4_vlan,
            s4_is4,
            s4_is6,
            s4_tci,
            s4_mac,
            s4_ipb,
            s5_vlan,
            s5_is4,
            s5_is6,
            s5_tci,
            s5_mac,
            s5_ihl,
            s5_ihlx,
            s5_verbad,
            s5_frag,
            s5_notudp,
            s5_notip,
            s5_ce,
            s5_srcip,
            s5_dstip,
            s5_tl,
            s6_vlan,
            s7_vlan,
            lt_vlan,
            s6_is4,
            s7_is4,
            lt_is4,
            s6_is6,
            s7_is6,
            lt_is6,
            s6_tci,
            s7_tci,
            lt_tci,
            s6_mac,
            s7_mac,
            lt_mac,
            s6_verbad,
            s7_verbad,
            lt_verbad,
            s6_frag,
            s7_frag,
            lt_frag,
            s6_notudp,
            s7_notudp,
            lt_notudp,
            s6_notip,
            s7_notip,
            lt_notip,
            s6_ce,
            s7_ce,
            lt_ce,
            s6_srcip,
            s7_srcip,
            lt_srcip,
            s6_dstip,
            s7_dstip,
            lt_dstip,
            s6_j,
            s7_j,
            lt_j,
            s6_l4off,
            s7_l4off,
            lt_l4off,
            s6_ipend,
            s7_ipend,
            lt_ipend,
            s6_ipm1,
            s7_ipm1,
            lt_ipm1,
            s6_ip42,
            s7_ip42,
            lt_ip42,
            s6_ipplen,
            s7_ipplen,
            lt_ipplen,
            s6_iplenbad,
            s7_iplenbad,
            lt_iplenbad,
            s6_xc,
            s7_xc,
            lt_xc,
            s6_xd,
            s7_xd,
            lt_xd,
            s6_iphe,
            s7_iphe,
            lt_iphe,
            s6_aa,
            s7_aa,
            lt_aa,
            s6_ab,
            s7_ab,
            lt_ab,
            s7_init,
            s8_init,
            s9_init,
            s10_init,
            s11_init,
            s12_init,
            s13_init,
            s14_init,
            w0,
            w1,
            w2,
            s8_lo,
            s8_th,
            s8_lt,
            s8_eq,
            s8_addr,
            s8_ipm,
            s9_ui,
            s9_ii,
            s8_hw,
            s8_j,
            s8_ip42,
            s9_hs,
            s9_ip42,
            s10_r,
            s10_q,
            s10_rem,
            rl_r,
            rl_q,
            rl_rem,
            prev,
            s11_av,
            s11_bv,
            s11_a,
            s11_cur,
            s11_r,
            s11_rema,
            s11_remb,
            s12_av,
            s12_bv,
            s12_a,
            s12_b,
            s12_availa,
            s12_availb,
            s12_clampa,
            s12_clampb,
            s12_le64,
            s13_va,
            s13_vb,
            s13_a,
            s13_b,
            s13_ca,
            s13_cb,
            s13_lasta,
            pend_v,
            pend_d,
            pend_c,
            emitted,
            o_v,
            o_d,
            o_c,
            o_last,
            uacc,
            iacc,
            s15_uf,
            s15_if,
            s16_uf,
            s16_if,
            s17_ubad,
            s17_ibad,
            q8_ta,
            q9_ta,
            q10_ta,
            q11_ta,
            q12_ta,
            q13_ta,
            q14_ta,
            q15_ta,
            q16_ta,
            q17_ta,
            q18_ta,
            q8_tb,
            q9_tb,
            q10_tb,
            q11_tb,
            q12_tb,
            q13_tb,
            q14_tb,
            q15_tb,
            q16_tb,
            q17_tb,
            q18_tb,
            q8_tc,
            q9_tc,
            q10_tc,
            q11_tc,
            q12_tc,
            q13_tc,
            q14_tc,
            q15_tc,
            q16_tc,
            q17_tc,
            q18_tc,
            q8_td,
            q9_td,
            q10_td,
            q11_td,
            q12_td,
            q13_td,
            q14_td,
            q15_td,
            q16_td,
            q17_td,
            q18_td,
            q8_notip,
            q9_notip,
            q10_notip,
            q11_notip,
            q12_notip,
            q13_notip,
            q14_notip,
            q15_notip,
            q16_notip,
            q17_notip,
            q18_notip,
            q8_verbad,
            q9_verbad,
            q10_verbad,
            q11_verbad,
            q12_verbad,
            q13_verbad,
            q14_verbad,
            q15_verbad,
            q16_verbad,
            q17_verbad,
            q18_verbad,
            q8_frag,
            q9_frag,
            q10_frag,
            q11_frag,
            q12_frag,
            q13_frag,
            q14_frag,
            q15_frag,
            q16_frag,
            q17_frag,
            q18_frag,
            q8_notudp,
            q9_notudp,
            q10_notudp,
            q11_notudp,
            q12_notudp,
            q13_notudp,
            q14_notudp,
            q15_notudp,
            q16_notudp,
            q17_notudp,
            q18_notudp,
            q8_iplenbad,
            q9_iplenbad,
            q10_iplenbad,
            q11_iplenbad,
            q12_iplenbad,
            q13_iplenbad,
            q14_iplenbad,
            q15_iplenbad,
            q16_iplenbad,
            q17_iplenbad,
            q18_iplenbad,
            q8_is4,
            q9_is4,
            q10_is4,
            q11_is4,
            q12_is4,
            q13_is4,
            q14_is4,
            q15_is4,
            q16_is4,
            q17_is4,
            q18_is4,
            q8_vlan,
            q9_vlan,
            q10_vlan,
            q11_vlan,
            q12_vlan,
            q13_vlan,
            q14_vlan,
            q15_vlan,
            q16_vlan,
            q17_vlan,
            q18_vlan,
            q8_tci,
            q9_tci,
            q10_tci,
            q11_tci,
            q12_tci,
            q13_tci,
            q14_tci,
            q15_tci,
            q16_tci,
            q17_tci,
            q18_tci,
            q8_mac,
            q9_mac,
            q10_mac,
            q11_mac,
            q12_mac,
            q13_mac,
            q14_mac,
            q15_mac,
            q16_mac,
            q17_mac,
            q18_mac,
            q8_is6,
            q9_is6,
            q10_is6,
            q11_is6,
            q12_is6,
            q13_is6,
            q14_is6,
            q15_is6,
            q16_is6,
            q17_is6,
            q18_is6,
            q8_srcip,
            q9_srcip,
            q10_srcip,
            q11_srcip,
            q12_srcip,
            q13_srcip,
            q14_srcip,
            q15_srcip,
            q16_srcip,
            q17_srcip,
            q18_srcip,
            q8_dstip,
            q9_dstip,
            q10_dstip,
            q11_dstip,
            q12_dstip,
            q13_dstip,
            q14_dstip,
            q15_dstip,
            q16_dstip,
            q17_dstip,
            q18_dstip,
            q8_ce,
            q9_ce,
            q10_ce,
            q11_ce,
            q12_ce,
            q13_ce,
            q14_ce,
            q15_ce,
            q16_ce,
            q17_ce,
            q18_ce,
            s8_l4,
            s8_fm1,
            s8_ipm1,
            s8_ipplen,
            s8_port,
            q9_te,
            q10_te,
            q11_te,
            q12_te,
            q13_te,
            q14_te,
            q15_te,
            q16_te,
            q17_te,
            q18_te,
            q9_fport,
            q10_fport,
            q11_fport,
            q12_fport,
            q13_fport,
            q14_fport,
            q15_fport,
            q16_fport,
            q17_fport,
            q18_fport,
            q9_fuip,
            q10_fuip,
            q11_fuip,
            q12_fuip,
            q13_fuip,
            q14_fuip,
            q15_fuip,
            q16_fuip,
            q17_fuip,
            q18_fuip,
            q9_fumin,
            q10_fumin,
            q11_fumin,
            q12_fumin,
            q13_fumin,
            q14_fumin,
            q15_fumin,
            q16_fumin,
            q17_fumin,
            q18_fumin,
            q9_ucz,
            q10_ucz,
            q11_ucz,
            q12_ucz,
            q13_ucz,
            q14_ucz,
            q15_ucz,
            q16_ucz,
            q17_ucz,
            q18_ucz,
            q9_fbver,
            q10_fbver,
            q11_fbver,
            q12_fbver,
            q13_fbver,
            q14_fbver,
            q15_fbver,
            q16_fbver,
            q17_fbver,
            q18_fbver,
            q9_fbop,
            q10_fbop,
            q11_fbop,
            q12_fbop,
            q13_fbop,
            q14_fbop,
            q15_fbop,
            q16_fbop,
            q17_fbop,
            q18_fbop,
            q9_fhw,
            q10_fhw,
            q11_fhw,
            q12_fhw,
            q13_fhw,
            q14_fhw,
            q15_fhw,
            q16_fhw,
            q17_fhw,
            q18_fhw,
            q9_fctrl,
            q10_fctrl,
            q11_fctrl,
            q12_fctrl,
            q13_fctrl,
            q14_fctrl,
            q15_fctrl,
            q16_fctrl,
            q17_fctrl,
            q18_fctrl,
            s9_ulm8,
            s9_bsum,
            s10_fblen,
            q11_fblen,
            q12_fblen,
            q13_fblen,
            q14_fblen,
            q15_fblen,
            q16_fblen,
            q17_fblen,
            q18_fblen,
            f9_sport,
            f10_sport,
            f11_sport,
            f12_sport,
            f13_sport,
            f14_sport,
            f15_sport,
            f16_sport,
            f17_sport,
            f18_sport,
            f9_opcode,
            f10_opcode,
            f11_opcode,
            f12_opcode,
            f13_opcode,
            f14_opcode,
            f15_opcode,
            f16_opcode,
            f17_opcode,
            f18_opcode,
            f9_flags,
            f10_flags,
            f11_flags,
            f12_flags,
            f13_flags,
            f14_flags,
            f15_flags,
            f16_flags,
            f17_flags,
            f18_flags,
            f9_path_id,
            f10_path_id,
            f11_path_id,
            f12_path_id,
            f13_path_id,
            f14_path_id,
            f15_path_id,
            f16_path_id,
            f17_path_id,
            f18_path_id,
            f9_hdr_words,
            f10_hdr_words,
            f11_hdr_words,
            f12_hdr_words,
            f13_hdr_words,
            f14_hdr_words,
            f15_hdr_words,
            f16_hdr_words,
            f17_hdr_words,
            f18_hdr_words,
            f9_dst_conn,
            f10_dst_conn,
            f11_dst_conn,
            f12_dst_conn,
            f13_dst_conn,
            f14_dst_conn,
            f15_dst_conn,
            f16_dst_conn,
            f17_dst_conn,
            f18_dst_conn,
            f9_path_psn,
            f10_path_psn,
            f11_path_psn,
            f12_path_psn,
            f13_path_psn,
            f14_path_psn,
            f15_path_psn,
            f16_path_psn,
            f17_path_psn,
            f18_path_psn,
            f9_csn,
            f10_csn,
            f11_csn,
            f12_csn,
            f13_csn,
            f14_csn,
            f15_csn,
            f16_csn,
            f17_csn,
            f18_csn,
            f9_timestamp,
            f10_timestamp,
            f11_timestamp,
            f12_timestamp,
            f13_timestamp,
            f14_timestamp,
            f15_timestamp,
            f16_timestamp,
            f17_timestamp,
            f18_timestamp,
            f9_payload_len,
            f10_payload_len,
            f11_payload_len,
            f12_payload_len,
            f13_payload_len,
            f14_payload_len,
            f15_payload_len,
            f16_payload_len,
            f17_payload_len,
            f18_payload_len,
            f9_floor_delta,
            f10_floor_delta,
            f11_floor_delta,
            f12_floor_delta,
            f13_floor_delta,
            f14_floor_delta,
            f15_floor_delta,
            f16_floor_delta,
            f17_floor_delta,
            f18_floor_delta,
            f9_rkey,
            f10_rkey,
            f11_rkey,
            f12_rkey,
            f13_rkey,
            f14_rkey,
            f15_rkey,
            f16_rkey,
            f17_rkey,
            f18_rkey,
            f9_va,
            f10_va,
            f11_va,
            f12_va,
            f13_va,
            f14_va,
            f15_va,
            f16_va,
            f17_va,
            f18_va,
            f9_stream,
            f10_stream,
            f11_stream,
            f12_stream,
            f13_stream,
            f14_stream,
            f15_stream,
            f16_stream,
            f17_stream,
            f18_stream,
            f9_msn,
            f10_msn,
            f11_msn,
            f12_msn,
            f13_msn,
            f14_msn,
            f15_msn,
            f16_msn,
            f17_msn,
            f18_msn,
            f9_msg_len,
            f10_msg_len,
            f11_msg_len,
            f12_msg_len,
            f13_msg_len,
            f14_msg_len,
            f15_msg_len,
            f16_msg_len,
            f17_msg_len,
            f18_msg_len,
            f9_rsn,
            f10_rsn,
            f11_rsn,
            f12_rsn,
            f13_rsn,
            f14_rsn,
            f15_rsn,
            f16_rsn,
            f17_rsn,
            f18_rsn,
            f9_offset,
            f10_offset,
            f11_offset,
            f12_offset,
            f13_offset,
            f14_offset,
            f15_offset,
            f16_offset,
            f17_offset,
            f18_offset,
            f9_imm,
            f10_imm,
            f11_imm,
            f12_imm,
            f13_imm,
            f14_imm,
            f15_imm,
            f16_imm,
            f17_imm,
            f18_imm,
            f9_ack_base_psn,
            f10_ack_base_psn,
            f11_ack_base_psn,
            f12_ack_base_psn,
            f13_ack_base_psn,
            f14_ack_base_psn,
            f15_ack_base_psn,
            f16_ack_base_psn,
            f17_ack_base_psn,
            f18_ack_base_psn,
            f9_ack_csn_base,
            f10_ack_csn_base,
            f11_ack_csn_base,
            f12_ack_csn_base,
            f13_ack_csn_base,
            f14_ack_csn_base,
            f15_ack_csn_base,
            f16_ack_csn_base,
            f17_ack_csn_base,
            f18_ack_csn_base,
            f9_ack_ts_echo,
            f10_ack_ts_echo,
            f11_ack_ts_echo,
            f12_ack_ts_echo,
            f13_ack_ts_echo,
            f14_ack_ts_echo,
            f15_ack_ts_echo,
            f16_ack_ts_echo,
            f17_ack_ts_echo,
            f18_ack_ts_echo,
            f9_ack_ecn_count,
            f10_ack_ecn_count,
            f11_ack_ecn_count,
            f12_ack_ecn_count,
            f13_ack_ecn_count,
            f14_ack_ecn_count,
            f15_ack_ecn_count,
            f16_ack_ecn_count,
            f17_ack_ecn_count,
            f18_ack_ecn_count,
            f9_ack_rate_hint,
            f10_ack_rate_hint,
            f11_ack_rate_hint,
            f12_ack_rate_hint,
            f13_ack_rate_hint,
            f14_ack_rate_hint,
            f15_ack_rate_hint,
            f16_ack_rate_hint,
            f17_ack_rate_hint,
            f18_ack_rate_hint,
            f9_ack_sack,
            f10_ack_sack,
            f11_ack_sack,
            f12_ack_sack,
            f13_ack_sack,
            f14_ack_sack,
            f15_ack_sack,
            f16_ack_sack,
            f17_ack_sack,
            f18_ack_sack,
            f9_nack_reason,
            f10_nack_reason,
            f11_nack_reason,
            f12_nack_reason,
            f13_nack_reason,
            f14_nack_reason,
            f15_nack_reason,
            f16_nack_reason,
            f17_nack_reason,
            f18_nack_reason,
            f9_nack_psn,
            f10_nack_psn,
            f11_nack_psn,
            f12_nack_psn,
            f13_nack_psn,
            f14_nack_psn,
            f15_nack_psn,
            f16_nack_psn,
            f17_nack_psn,
            f18_nack_psn,
            f9_nack_csn,
            f10_nack_csn,
            f11_nack_csn,
            f12_nack_csn,
            f13_nack_csn,
            f14_nack_csn,
            f15_nack_csn,
            f16_nack_csn,
            f17_nack_csn,
            f18_nack_csn,
            f9_nack_detail,
            f10_nack_detail,
            f11_nack_detail,
            f12_nack_detail,
            f13_nack_detail,
            f14_nack_detail,
            f15_nack_detail,
            f16_nack_detail,
            f17_nack_detail,
            f18_nack_detail,
            f9_probe_seq,
            f10_probe_seq,
            f11_probe_seq,
            f12_probe_seq,
            f13_probe_seq,
            f14_probe_seq,
            f15_probe_seq,
            f16_probe_seq,
            f17_probe_seq,
            f18_probe_seq,
            f9_probe_ts,
            f10_probe_ts,
            f11_probe_ts,
            f12_probe_ts,
            f13_probe_ts,
            f14_probe_ts,
            f15_probe_ts,
            f16_probe_ts,
            f17_probe_ts,
            f18_probe_ts,
            q14_haspl,
            q15_haspl,
            q16_haspl,
            q17_haspl,
            q18_haspl,
            s18_ok,
            s18_reason,
            od_v,
            od_ok,
            od_reason,
            od_haspl,
            od_src_mac,
            od_vlan,
            od_vlan_tci,
            od_is_ipv6,
            od_src_ip,
            od_dst_ip,
            od_ce,
            od_sport,
            od_opcode,
            od_flags,
            od_path_id,
            od_hdr_words,
            od_dst_conn,
            od_path_psn,
            od_csn,
            od_timestamp,
            od_payload_len,
            od_floor_delta,
            od_rkey,
            od_va,
            od_stream,
            od_msn,
            od_msg_len,
            od_rsn,
            od_offset,
            od_imm,
            od_ack_base_psn,
            od_ack_csn_base,
            od_ack_ts_echo,
            od_ack_ecn_count,
            od_ack_rate_hint,
            od_ack_sack,
            od_nack_reason,
            od_nack_psn,
            od_nack_csn,
            od_nack_detail,
            od_probe_seq,
            od_probe_ts,
            c_accepted,
            c_truncated,
            c_not_ip,
            c_bad_ip_header,
            c_ip_checksum,
            c_fragment,
            c_not_udp,
            c_ip_length,
            c_wrong_port,
            c_udp_length,
            c_udp_checksum,
            c_braid_version,
            c_bad_opcode,
            c_hdr_words,
            c_payload_length,
            c_control_payload,
            q8_dv,
            q9_dv,
            q10_dv,
            q11_dv,
            q12_dv,
            q13_dv,
            q14_dv,
            q15_dv,
            q16_dv,
            q17_dv,
            q18_dv
        );
        // ---------------- S1: input registers (wire byte order) ----------------
        self.rev_in.i.next = self.s_data.val();
        self.s1_v.d.next = self.s_valid.val();
        self.s1_d.d.next = self.rev_in.o.val();
        self.s1_k.d.next = self.s_keep.val();
        self.s1_l.d.next = self.s_last.val() & self.s_valid.val();
        self.s1_port.d.next = self.cfg_udp_port.val();

        // ---------------- S2: byte count, beat index ----------------
        self.onehot.next = self.s1_k.q.val() & !(self.s1_k.q.val() >> 1);
        self.s2_e.d.next =
            bit_cast::<6, 1>((self.onehot.val() & self.consts.m0.val()).any().into())
                | (bit_cast::<6, 1>((self.onehot.val() & self.consts.m1.val()).any().into()) << 1)
                | (bit_cast::<6, 1>((self.onehot.val() & self.consts.m2.val()).any().into()) << 2)
                | (bit_cast::<6, 1>((self.onehot.val() & self.consts.m3.val()).any().into()) << 3)
                | (bit_cast::<6, 1>((self.onehot.val() & self.consts.m4.val()).any().into()) << 4)
                | (bit_cast::<6, 1>((self.onehot.val() & self.consts.m5.val()).any().into()) << 5);
        self.s2_v.d.next = self.s1_v.q.val();
        self.s2_l.d.next = self.s1_l.q.val();
        self.s2_d.d.next = self.s1_d.q.val();
        self.s2_port.d.next = self.s1_port.q.val();
        self.s2_idx.d.next = self.bctr.q.val();
        self.bctr.d.next = self.bctr.q.val();
        if self.s1_v.q.val() {
            if self.s1_l.q.val() {
                self.bctr.d.next = bits::<11>(0);
            } else if self.bctr.q.val() != bits::<11>(2047) {
                self.bctr.d.next = self.bctr.q.val() + bits::<11>(1);
            }
        }

        // ---------------- S3: mask lanes beyond keep ----------------
        self.s3_d.d.next = self.s2_d.q.val()
            & (self.consts.ones512.val() << (bit_cast::<10, 6>(!self.s2_e.q.val()) << 3));
        self.s3_n.d.next = bit_cast::<7, 6>(self.s2_e.q.val()) + bits::<7>(1);
        self.s3_e.d.next = self.s2_e.q.val();
        self.s3_v.d.next = self.s2_v.q.val();
        self.s3_l.d.next = self.s2_l.q.val();
        self.s3_idx.d.next = self.s2_idx.q.val();
        self.s3_port.d.next = self.s2_port.q.val();
        self.s3_is0.d.next = self.s2_idx.q.val() == bits::<11>(0);
        self.s3_is1.d.next = self.s2_idx.q.val() == bits::<11>(1);
        self.s3_is2.d.next = self.s2_idx.q.val() == bits::<11>(2);

        // ---------------- S4: Ethernet / 802.1Q (meaningful for beat 0) ----------------
        self.et0.next = self.s3_d.q.val().get_bits::<16>(400);
        self.et1.next = self.s3_d.q.val().get_bits::<16>(368);
        self.vlan.next = self.et0.val() == bits::<16>(0x8100);
        self.et.next = self.et0.val();
        if self.vlan.val() {
            self.et.next = self.et1.val();
        }
        self.s4_vlan.d.next = self.vlan.val();
        self.s4_is4.d.next = self.et.val() == bits::<16>(0x0800);
        self.s4_is6.d.next = self.et.val() == bits::<16>(0x86dd);
        self.s4_tci.d.next = bits::<16>(0);
        if self.vlan.val() {
            self.s4_tci.d.next = self.s3_d.q.val().get_bits::<16>(384);
        }
        self.s4_mac.d.next = self.s3_d.q.val().get_bits::<48>(416);
        self.s4_ipb.d.next = self.s3_d.q.val();
        if self.vlan.val() {
            self.s4_ipb.d.next = self.s3_d.q.val() << 32;
        }

        // ---------------- S5: IP header fields (IP header at byte 14 of ipb) ----------------
        self.ipver.next = self.s4_ipb.q.val().get_bits::<4>(392 + 4);
        self.ihl.next = self.s4_ipb.q.val().get_bits::<4>(392);
        self.s5_ihl.d.next = self.ihl.val();
        self.s5_ihlx.d.next = (bit_cast::<7, 4>(self.ihl.val()) + bits::<7>(2)) << 2;
        self.s5_verbad.d.next = self.ipver.val() != bits::<4>(6);
        if self.s4_is4.q.val() {
            self.s5_verbad.d.next =
                (self.ipver.val() != bits::<4>(4)) | (self.ihl.val() < bits::<4>(5));
        }
        self.s5_frag.d.next =
            self.s4_ipb.q.val().get_bit(344 + 5) | self.s4_ipb.q.val().get_bits::<13>(336).any();
        self.s5_notudp.d.next = self.s4_ipb.q.val().get_bits::<8>(344) != bits::<8>(17);
        if self.s4_is4.q.val() {
            self.s5_notudp.d.next = self.s4_ipb.q.val().get_bits::<8>(320) != bits::<8>(17);
        }
        self.s5_notip.d.next = !(self.s4_is4.q.val() | self.s4_is6.q.val());
        self.s5_ce.d.next = self.s4_ipb.q.val().get_bits::<2>(384 + 4) == bits::<2>(3);
        if self.s4_is4.q.val() {
            self.s5_ce.d.next = self.s4_ipb.q.val().get_bits::<2>(384) == bits::<2>(3);
        }
        self.s5_srcip.d.next = self.s4_ipb.q.val().get_bits::<128>(208);
        self.s5_dstip.d.next = self.s4_ipb.q.val().get_bits::<128>(80);
        self.s5_tl.d.next = self.s4_ipb.q.val().get_bits::<16>(352);
        if self.s4_is4.q.val() {
            self.s5_srcip.d.next = bit_cast::<128, 32>(self.s4_ipb.q.val().get_bits::<32>(272))
                | self.consts.v4mapped.val();
            self.s5_dstip.d.next = bit_cast::<128, 32>(self.s4_ipb.q.val().get_bits::<32>(240))
                | self.consts.v4mapped.val();
            self.s5_tl.d.next = self.s4_ipb.q.val().get_bits::<16>(368);
        }
        self.s5_vlan.d.next = self.s4_vlan.q.val();
        self.s5_is4.d.next = self.s4_is4.q.val();
        self.s5_is6.d.next = self.s4_is6.q.val();
        self.s5_tci.d.next = self.s4_tci.q.val();
        self.s5_mac.d.next = self.s4_mac.q.val();

        // ---------------- S6: lengths and offsets ----------------
        self.vlan4.next = bit_cast::<7, 1>(self.s5_vlan.q.val().into()) << 2;
        self.ihl5.next = self.s5_ihl.q.val();
        if self.s5_ihl.q.val() < bits::<4>(5) {
            self.ihl5.next = bits::<4>(5);
        }
        self.s6_j.d.next =
            bit_cast::<4, 1>(self.s5_vlan.q.val().into()) + self.ihl5.val() - bits::<4>(5);
        self.s6_l4off.d.next = bits::<7>(34)
            + self.vlan4.val()
            + (bit_cast::<7, 4>(self.ihl5.val() - bits::<4>(5)) << 2);
        if self.s5_is6.q.val() {
            self.s6_j.d.next = bit_cast::<4, 1>(self.s5_vlan.q.val().into()) + bits::<4>(5);
            self.s6_l4off.d.next = bits::<7>(54) + self.vlan4.val();
        }
        // ipend = ipoff + IP length; ipm1 = ipend - 1; ip42 = ipend - 42 (18-bit signed)
        self.ad_ipend.a.next = bit_cast::<17, 16>(self.s5_tl.q.val());
        self.ad_ipend.b.next = bit_cast::<17, 7>(bits::<7>(14) + self.vlan4.val());
        self.ad_ipm1.a.next = bit_cast::<17, 16>(self.s5_tl.q.val());
        self.ad_ipm1.b.next = bit_cast::<17, 7>(bits::<7>(13) + self.vlan4.val());
        self.ad_ip42.a.next = bit_cast::<18, 16>(self.s5_tl.q.val());
        self.ad_ip42.b.next = bits::<18>(0x3ffe4) + bit_cast::<18, 7>(self.vlan4.val());
        if self.s5_is6.q.val() {
            self.ad_ipend.b.next = bit_cast::<17, 7>(bits::<7>(54) + self.vlan4.val());
            self.ad_ipm1.b.next = bit_cast::<17, 7>(bits::<7>(53) + self.vlan4.val());
            self.ad_ip42.b.next = bits::<18>(12) + bit_cast::<18, 7>(self.vlan4.val());
        }
        self.ad_ipend.cin.next = false;
        self.ad_ipm1.cin.next = false;
        self.ad_ip42.cin.next = false;
        self.s6_ipend.d.next = self.ad_ipend.sum.val();
        self.s6_ipm1.d.next = self.ad_ipm1.sum.val();
        self.s6_ip42.d.next = self.ad_ip42.sum.val();
        // UDP datagram length the IP header implies: v4 total_len - 4 * IHL
        self.ad_diff.a.next = bit_cast::<17, 16>(self.s5_tl.q.val());
        self.ad_diff.b.next = !(bit_cast::<17, 4>(self.s5_ihl.q.val()) << 2);
        self.ad_diff.cin.next = true;
        self.s6_ipplen.d.next = self.s5_tl.q.val();
        if self.s5_is4.q.val() {
            self.s6_ipplen.d.next = self.ad_diff.sum.val().get_bits::<16>(0);
        }
        self.s6_iplenbad.d.next = self.s5_tl.q.val() < bits::<16>(8);
        if self.s5_is4.q.val() {
            self.s6_iplenbad.d.next = !self.s5_tl.q.val().get_bits::<9>(7).any()
                & (self.s5_tl.q.val().get_bits::<7>(0) < self.s5_ihlx.q.val());
        }
        // truncation thresholds, compared with F - 1
        self.s6_xc.d.next = bits::<7>(33) + self.vlan4.val();
        if self.s5_is6.q.val() {
            self.s6_xc.d.next = bits::<7>(53) + self.vlan4.val();
        }
        self.s6_xd.d.next =
            bits::<7>(13) + self.vlan4.val() + (bit_cast::<7, 4>(self.s5_ihl.q.val()) << 2);
        self.s6_iphe.d.next =
            bits::<7>(14) + self.vlan4.val() + (bit_cast::<7, 4>(self.s5_ihl.q.val()) << 2);
        self.s6_aa.d.next = bits::<7>(26) + self.vlan4.val();
        self.s6_ab.d.next = bits::<7>(34) + self.vlan4.val();
        if self.s5_is6.q.val() {
            self.s6_aa.d.next = bits::<7>(22) + self.vlan4.val();
            self.s6_ab.d.next = bits::<7>(54) + self.vlan4.val();
        }
        // pipeline carries
        self.s4_v.d.next = self.s3_v.q.val();
        self.s5_v.d.next = self.s4_v.q.val();
        self.s6_v.d.next = self.s5_v.q.val();
        self.s7_v.d.next = self.s6_v.q.val();
        self.s8_v.d.next = self.s7_v.q.val();
        self.s9_v.d.next = self.s8_v.q.val();
        self.s10_v.d.next = self.s9_v.q.val();
        self.s11_v.d.next = self.s10_v.q.val();
        self.s12_v.d.next = self.s11_v.q.val();
        self.s13_v.d.next = self.s12_v.q.val();
        self.s14_v.d.next = self.s13_v.q.val();
        self.s4_l.d.next = self.s3_l.q.val();
        self.s5_l.d.next = self.s4_l.q.val();
        self.s6_l.d.next = self.s5_l.q.val();
        self.s7_l.d.next = self.s6_l.q.val();
        self.s8_l.d.next = self.s7_l.q.val();
        self.s9_l.d.next = self.s8_l.q.val();
        self.s10_l.d.next = self.s9_l.q.val();
        self.s11_l.d.next = self.s10_l.q.val();
        self.s12_l.d.next = self.s11_l.q.val();
        self.s13_l.d.next = self.s12_l.q.val();
        self.s14_l.d.next = self.s13_l.q.val();
        self.s4_d.d.next = self.s3_d.q.val();
        self.s5_d.d.next = self.s4_d.q.val();
        self.s6_d.d.next = self.s5_d.q.val();
        self.s7_d.d.next = self.s6_d.q.val();
        self.s8_d.d.next = self.s7_d.q.val();
        self.s9_d.d.next = self.s8_d.q.val();
        self.s10_d.d.next = self.s9_d.q.val();
        self.s4_e.d.next = self.s3_e.q.val();
        self.s5_e.d.next = self.s4_e.q.val();
        self.s6_e.d.next = self.s5_e.q.val();
        self.s7_e.d.next = self.s6_e.q.val();
        self.s8_e.d.next = self.s7_e.q.val();
        self.s9_e.d.next = self.s8_e.q.val();
        self.s10_e.d.next = self.s9_e.q.val();
        self.s11_e.d.next = self.s10_e.q.val();
        self.s4_n.d.next = self.s3_n.q.val();
        self.s5_n.d.next = self.s4_n.q.val();
        self.s6_n.d.next = self.s5_n.q.val();
        self.s7_n.d.next = self.s6_n.q.val();
        self.s8_n.d.next = self.s7_n.q.val();
        self.s9_n.d.next = self.s8_n.q.val();
        self.s10_n.d.next = self.s9_n.q.val();
        self.s11_n.d.next = self.s10_n.q.val();
        self.s4_idx.d.next = self.s3_idx.q.val();
        self.s5_idx.d.next = self.s4_idx.q.val();
        self.s6_idx.d.next = self.s5_idx.q.val();
        self.s7_idx.d.next = self.s6_idx.q.val();
        self.s4_port.d.next = self.s3_port.q.val();
        self.s5_port.d.next = self.s4_port.q.val();
        self.s6_port.d.next = self.s5_port.q.val();
        self.s7_port.d.next = self.s6_port.q.val();
        self.s4_is0.d.next = self.s3_is0.q.val();
        self.s5_is0.d.next = self.s4_is0.q.val();
        self.s6_is0.d.next = self.s5_is0.q.val();
        self.s7_is0.d.next = self.s6_is0.q.val();
        self.s8_is0.d.next = self.s7_is0.q.val();
        self.s9_is0.d.next = self.s8_is0.q.val();
        self.s10_is0.d.next = self.s9_is0.q.val();
        self.s11_is0.d.next = self.s10_is0.q.val();
        self.s12_is0.d.next = self.s11_is0.q.val();
        self.s13_is0.d.next = self.s12_is0.q.val();
        self.s14_is0.d.next = self.s13_is0.q.val();
        self.s4_is1.d.next = self.s3_is1.q.val();
        self.s5_is1.d.next = self.s4_is1.q.val();
        self.s6_is1.d.next = self.s5_is1.q.val();
        self.s7_is1.d.next = self.s6_is1.q.val();
        self.s8_is1.d.next = self.s7_is1.q.val();
        self.s9_is1.d.next = self.s8_is1.q.val();
        self.s10_is1.d.next = self.s9_is1.q.val();
        self.s4_is2.d.next = self.s3_is2.q.val();
        self.s5_is2.d.next = self.s4_is2.q.val();
        self.s6_is2.d.next = self.s5_is2.q.val();
        self.s7_is2.d.next = self.s6_is2.q.val();
        self.s8_is2.d.next = self.s7_is2.q.val();
        self.s9_is2.d.next = self.s8_is2.q.val();
        self.s10_is2.d.next = self.s9_is2.q.val();
        self.s6_vlan.d.next = self.s5_vlan.q.val();
        self.s7_vlan.d.next = self.s6_vlan.q.val();
        self.s6_is4.d.next = self.s5_is4.q.val();
        self.s7_is4.d.next = self.s6_is4.q.val();
        self.s6_is6.d.next = self.s5_is6.q.val();
        self.s7_is6.d.next = self.s6_is6.q.val();
        self.s6_tci.d.next = self.s5_tci.q.val();
        self.s7_tci.d.next = self.s6_tci.q.val();
        self.s6_mac.d.next = self.s5_mac.q.val();
        self.s7_mac.d.next = self.s6_mac.q.val();
        self.s6_verbad.d.next = self.s5_verbad.q.val();
        self.s7_verbad.d.next = self.s6_verbad.q.val();
        self.s6_frag.d.next = self.s5_frag.q.val();
        self.s7_frag.d.next = self.s6_frag.q.val();
        self.s6_notudp.d.next = self.s5_notudp.q.val();
        self.s7_notudp.d.next = self.s6_notudp.q.val();
        self.s6_notip.d.next = self.s5_notip.q.val();
        self.s7_notip.d.next = self.s6_notip.q.val();
        self.s6_ce.d.next = self.s5_ce.q.val();
        self.s7_ce.d.next = self.s6_ce.q.val();
        self.s6_srcip.d.next = self.s5_srcip.q.val();
        self.s7_srcip.d.next = self.s6_srcip.q.val();
        self.s6_dstip.d.next = self.s5_dstip.q.val();
        self.s7_dstip.d.next = self.s6_dstip.q.val();
        self.s7_j.d.next = self.s6_j.q.val();
        self.s7_l4off.d.next = self.s6_l4off.q.val();
        self.s7_ipend.d.next = self.s6_ipend.q.val();
        self.s7_ipm1.d.next = self.s6_ipm1.q.val();
        self.s7_ip42.d.next = self.s6_ip42.q.val();
        self.s7_ipplen.d.next = self.s6_ipplen.q.val();
        self.s7_iplenbad.d.next = self.s6_iplenbad.q.val();
        self.s7_xc.d.next = self.s6_xc.q.val();
        self.s7_xd.d.next = self.s6_xd.q.val();
        self.s7_iphe.d.next = self.s6_iphe.q.val();
        self.s7_aa.d.next = self.s6_aa.q.val();
        self.s7_ab.d.next = self.s6_ab.q.val();
        self.s8_init.d.next = self.s7_init.q.val();
        self.s9_init.d.next = self.s8_init.q.val();
        self.s10_init.d.next = self.s9_init.q.val();
        self.s11_init.d.next = self.s10_init.q.val();
        self.s12_init.d.next = self.s11_init.q.val();
        self.s13_init.d.next = self.s12_init.q.val();
        self.s14_init.d.next = self.s13_init.q.val();
        self.q9_ta.d.next = self.q8_ta.q.val();
        self.q10_ta.d.next = self.q9_ta.q.val();
        self.q11_ta.d.next = self.q10_ta.q.val();
        self.q12_ta.d.next = self.q11_ta.q.val();
        self.q13_ta.d.next = self.q12_ta.q.val();
        self.q14_ta.d.next = self.q13_ta.q.val();
        self.q15_ta.d.next = self.q14_ta.q.val();
        self.q16_ta.d.next = self.q15_ta.q.val();
        self.q17_ta.d.next = self.q16_ta.q.val();
        self.q18_ta.d.next = self.q17_ta.q.val();
        self.q9_tb.d.next = self.q8_tb.q.val();
        self.q10_tb.d.next = self.q9_tb.q.val();
        self.q11_tb.d.next = self.q10_tb.q.val();
        self.q12_tb.d.next = self.q11_tb.q.val();
        self.q13_tb.d.next = self.q12_tb.q.val();
        self.q14_tb.d.next = self.q13_tb.q.val();
        self.q15_tb.d.next = self.q14_tb.q.val();
        self.q16_tb.d.next = self.q15_tb.q.val();
        self.q17_tb.d.next = self.q16_tb.q.val();
        self.q18_tb.d.next = self.q17_tb.q.val();
        self.q9_tc.d.next = self.q8_tc.q.val();
        self.q10_tc.d.next = self.q9_tc.q.val();
        self.q11_tc.d.next = self.q10_tc.q.val();
        self.q12_tc.d.next = self.q11_tc.q.val();
        self.q13_tc.d.next = self.q12_tc.q.val();
        self.q14_tc.d.next = self.q13_tc.q.val();
        self.q15_tc.d.next = self.q14_tc.q.val();
        self.q16_tc.d.next = self.q15_tc.q.val();
        self.q17_tc.d.next = self.q16_tc.q.val();
        self.q18_tc.d.next = self.q17_tc.q.val();
        self.q9_td.d.next = self.q8_td.q.val();
        self.q10_td.d.next = self.q9_td.q.val();
        self.q11_td.d.next = self.q10_td.q.val();
        self.q12_td.d.next = self.q11_td.q.val();
        self.q13_td.d.next = self.q12_td.q.val();
        self.q14_td.d.next = self.q13_td.q.val();
        self.q15_td.d.next = self.q14_td.q.val();
        self.q16_td.d.next = self.q15_td.q.val();
        self.q17_td.d.next = self.q16_td.q.val();
        self.q18_td.d.next = self.q17_td.q.val();
        self.q9_notip.d.next = self.q8_notip.q.val();
        self.q10_notip.d.next = self.q9_notip.q.val();
        self.q11_notip.d.next = self.q10_notip.q.val();
        self.q12_notip.d.next = self.q11_notip.q.val();
        self.q13_notip.d.next = self.q12_notip.q.val();
        self.q14_notip.d.next = self.q13_notip.q.val();
        self.q15_notip.d.next = self.q14_notip.q.val();
        self.q16_notip.d.next = self.q15_notip.q.val();
        self.q17_notip.d.next = self.q16_notip.q.val();
        self.q18_notip.d.next = self.q17_notip.q.val();
        self.q9_verbad.d.next = self.q8_verbad.q.val();
        self.q10_verbad.d.next = self.q9_verbad.q.val();
        self.q11_verbad.d.next = self.q10_verbad.q.val();
        self.q12_verbad.d.next = self.q11_verbad.q.val();
        self.q13_verbad.d.next = self.q12_verbad.q.val();
        self.q14_verbad.d.next = self.q13_verbad.q.val();
        self.q15_verbad.d.next = self.q14_verbad.q.val();
        self.q16_verbad.d.next = self.q15_verbad.q.val();
        self.q17_verbad.d.next = self.q16_verbad.q.val();
        self.q18_verbad.d.next = self.q17_verbad.q.val();
        self.q9_frag.d.next = self.q8_frag.q.val();
        self.q10_frag.d.next = self.q9_frag.q.val();
        self.q11_frag.d.next = self.q10_frag.q.val();
        self.q12_frag.d.next = self.q11_frag.q.val();
        self.q13_frag.d.next = self.q12_frag.q.val();
        self.q14_frag.d.next = self.q13_frag.q.val();
        self.q15_frag.d.next = self.q14_frag.q.val();
        self.q16_frag.d.next = self.q15_frag.q.val();
        self.q17_frag.d.next = self.q16_frag.q.val();
        self.q18_frag.d.next = self.q17_frag.q.val();
        self.q9_notudp.d.next = self.q8_notudp.q.val();
        self.q10_notudp.d.next = self.q9_notudp.q.val();
        self.q11_notudp.d.next = self.q10_notudp.q.val();
        self.q12_notudp.d.next = self.q11_notudp.q.val();
        self.q13_notudp.d.next = self.q12_notudp.q.val();
        self.q14_notudp.d.next = self.q13_notudp.q.val();
        self.q15_notudp.d.next = self.q14_notudp.q.val();
        self.q16_notudp.d.next = self.q15_notudp.q.val();
        self.q17_notudp.d.next = self.q16_notudp.q.val();
        self.q18_notudp.d.next = self.q17_notudp.q.val();
        self.q9_iplenbad.d.next = self.q8_iplenbad.q.val();
        self.q10_iplenbad.d.next = self.q9_iplenbad.q.val();
        self.q11_iplenbad.d.next = self.q10_iplenbad.q.val();
        self.q12_iplenbad.d.next = self.q11_iplenbad.q.val();
        self.q13_iplenbad.d.next = self.q12_iplenbad.q.val();
        self.q14_iplenbad.d.next = self.q13_iplenbad.q.val();
        self.q15_iplenbad.d.next = self.q14_iplenbad.q.val();
        self.q16_iplenbad.d.next = self.q15_iplenbad.q.val();
        self.q17_iplenbad.d.next = self.q16_iplenbad.q.val();
        self.q18_iplenbad.d.next = self.q17_iplenbad.q.val();
        self.q9_is4.d.next = self.q8_is4.q.val();
        self.q10_is4.d.next = self.q9_is4.q.val();
        self.q11_is4.d.next = self.q10_is4.q.val();
        self.q12_is4.d.next = self.q11_is4.q.val();
        self.q13_is4.d.next = self.q12_is4.q.val();
        self.q14_is4.d.next = self.q13_is4.q.val();
        self.q15_is4.d.next = self.q14_is4.q.val();
        self.q16_is4.d.next = self.q15_is4.q.val();
        self.q17_is4.d.next = self.q16_is4.q.val();
        self.q18_is4.d.next = self.q17_is4.q.val();
        self.q9_vlan.d.next = self.q8_vlan.q.val();
        self.q10_vlan.d.next = self.q9_vlan.q.val();
        self.q11_vlan.d.next = self.q10_vlan.q.val();
        self.q12_vlan.d.next = self.q11_vlan.q.val();
        self.q13_vlan.d.next = self.q12_vlan.q.val();
        self.q14_vlan.d.next = self.q13_vlan.q.val();
        self.q15_vlan.d.next = self.q14_vlan.q.val();
        self.q16_vlan.d.next = self.q15_vlan.q.val();
        self.q17_vlan.d.next = self.q16_vlan.q.val();
        self.q18_vlan.d.next = self.q17_vlan.q.val();
        self.q9_tci.d.next = self.q8_tci.q.val();
        self.q10_tci.d.next = self.q9_tci.q.val();
        self.q11_tci.d.next = self.q10_tci.q.val();
        self.q12_tci.d.next = self.q11_tci.q.val();
        self.q13_tci.d.next = self.q12_tci.q.val();
        self.q14_tci.d.next = self.q13_tci.q.val();
        self.q15_tci.d.next = self.q14_tci.q.val();
        self.q16_tci.d.next = self.q15_tci.q.val();
        self.q17_tci.d.next = self.q16_tci.q.val();
        self.q18_tci.d.next = self.q17_tci.q.val();
        self.q9_mac.d.next = self.q8_mac.q.val();
        self.q10_mac.d.next = self.q9_mac.q.val();
        self.q11_mac.d.next = self.q10_mac.q.val();
        self.q12_mac.d.next = self.q11_mac.q.val();
        self.q13_mac.d.next = self.q12_mac.q.val();
        self.q14_mac.d.next = self.q13_mac.q.val();
        self.q15_mac.d.next = self.q14_mac.q.val();
        self.q16_mac.d.next = self.q15_mac.q.val();
        self.q17_mac.d.next = self.q16_mac.q.val();
        self.q18_mac.d.next = self.q17_mac.q.val();
        self.q9_is6.d.next = self.q8_is6.q.val();
        self.q10_is6.d.next = self.q9_is6.q.val();
        self.q11_is6.d.next = self.q10_is6.q.val();
        self.q12_is6.d.next = self.q11_is6.q.val();
        self.q13_is6.d.next = self.q12_is6.q.val();
        self.q14_is6.d.next = self.q13_is6.q.val();
        self.q15_is6.d.next = self.q14_is6.q.val();
        self.q16_is6.d.next = self.q15_is6.q.val();
        self.q17_is6.d.next = self.q16_is6.q.val();
        self.q18_is6.d.next = self.q17_is6.q.val();
        self.q9_srcip.d.next = self.q8_srcip.q.val();
        self.q10_srcip.d.next = self.q9_srcip.q.val();
        self.q11_srcip.d.next = self.q10_srcip.q.val();
        self.q12_srcip.d.next = self.q11_srcip.q.val();
        self.q13_srcip.d.next = self.q12_srcip.q.val();
        self.q14_srcip.d.next = self.q13_srcip.q.val();
        self.q15_srcip.d.next = self.q14_srcip.q.val();
        self.q16_srcip.d.next = self.q15_srcip.q.val();
        self.q17_srcip.d.next = self.q16_srcip.q.val();
        self.q18_srcip.d.next = self.q17_srcip.q.val();
        self.q9_dstip.d.next = self.q8_dstip.q.val();
        self.q10_dstip.d.next = self.q9_dstip.q.val();
        self.q11_dstip.d.next = self.q10_dstip.q.val();
        self.q12_dstip.d.next = self.q11_dstip.q.val();
        self.q13_dstip.d.next = self.q12_dstip.q.val();
        self.q14_dstip.d.next = self.q13_dstip.q.val();
        self.q15_dstip.d.next = self.q14_dstip.q.val();
        self.q16_dstip.d.next = self.q15_dstip.q.val();
        self.q17_dstip.d.next = self.q16_dstip.q.val();
        self.q18_dstip.d.next = self.q17_dstip.q.val();
        self.q9_ce.d.next = self.q8_ce.q.val();
        self.q10_ce.d.next = self.q9_ce.q.val();
        self.q11_ce.d.next = self.q10_ce.q.val();
        self.q12_ce.d.next = self.q11_ce.q.val();
        self.q13_ce.d.next = self.q12_ce.q.val();
        self.q14_ce.d.next = self.q13_ce.q.val();
        self.q15_ce.d.next = self.q14_ce.q.val();
        self.q16_ce.d.next = self.q15_ce.q.val();
        self.q17_ce.d.next = self.q16_ce.q.val();
        self.q18_ce.d.next = self.q17_ce.q.val();
        self.q10_te.d.next = self.q9_te.q.val();
        self.q11_te.d.next = self.q10_te.q.val();
        self.q12_te.d.next = self.q11_te.q.val();
        self.q13_te.d.next = self.q12_te.q.val();
        self.q14_te.d.next = self.q13_te.q.val();
        self.q15_te.d.next = self.q14_te.q.val();
        self.q16_te.d.next = self.q15_te.q.val();
        self.q17_te.d.next = self.q16_te.q.val();
        self.q18_te.d.next = self.q17_te.q.val();
        self.q10_fport.d.next = self.q9_fport.q.val();
        self.q11_fport.d.next = self.q10_fport.q.val();
        self.q12_fport.d.next = self.q11_fport.q.val();
        self.q13_fport.d.next = self.q12_fport.q.val();
        self.q14_fport.d.next = self.q13_fport.q.val();
        self.q15_fport.d.next = self.q14_fport.q.val();
        self.q16_fport.d.next = self.q15_fport.q.val();
        self.q17_fport.d.next = self.q16_fport.q.val();
        self.q18_fport.d.next = self.q17_fport.q.val();
        self.q10_fuip.d.next = self.q9_fuip.q.val();
        self.q11_fuip.d.next = self.q10_fuip.q.val();
        self.q12_fuip.d.next = self.q11_fuip.q.val();
        self.q13_fuip.d.next = self.q12_fuip.q.val();
        self.q14_fuip.d.next = self.q13_fuip.q.val();
        self.q15_fuip.d.next = self.q14_fuip.q.val();
        self.q16_fuip.d.next = self.q15_fuip.q.val();
        self.q17_fuip.d.next = self.q16_fuip.q.val();
        self.q18_fuip.d.next = self.q17_fuip.q.val();
        self.q10_fumin.d.next = self.q9_fumin.q.val();
        self.q11_fumin.d.next = self.q10_fumin.q.val();
        self.q12_fumin.d.next = self.q11_fumin.q.val();
        self.q13_fumin.d.next = self.q12_fumin.q.val();
        self.q14_fumin.d.next = self.q13_fumin.q.val();
        self.q15_fumin.d.next = self.q14_fumin.q.val();
        self.q16_fumin.d.next = self.q15_fumin.q.val();
        self.q17_fumin.d.next = self.q16_fumin.q.val();
        self.q18_fumin.d.next = self.q17_fumin.q.val();
        self.q10_ucz.d.next = self.q9_ucz.q.val();
        self.q11_ucz.d.next = self.q10_ucz.q.val();
        self.q12_ucz.d.next = self.q11_ucz.q.val();
        self.q13_ucz.d.next = self.q12_ucz.q.val();
        self.q14_ucz.d.next = self.q13_ucz.q.val();
        self.q15_ucz.d.next = self.q14_ucz.q.val();
        self.q16_ucz.d.next = self.q15_ucz.q.val();
        self.q17_ucz.d.next = self.q16_ucz.q.val();
        self.q18_ucz.d.next = self.q17_ucz.q.val();
        self.q10_fbver.d.next = self.q9_fbver.q.val();
        self.q11_fbver.d.next = self.q10_fbver.q.val();
        self.q12_fbver.d.next = self.q11_fbver.q.val();
        self.q13_fbver.d.next = self.q12_fbver.q.val();
        self.q14_fbver.d.next = self.q13_fbver.q.val();
        self.q15_fbver.d.next = self.q14_fbver.q.val();
        self.q16_fbver.d.next = self.q15_fbver.q.val();
        self.q17_fbver.d.next = self.q16_fbver.q.val();
        self.q18_fbver.d.next = self.q17_fbver.q.val();
        self.q10_fbop.d.next = self.q9_fbop.q.val();
        self.q11_fbop.d.next = self.q10_fbop.q.val();
        self.q12_fbop.d.next = self.q11_fbop.q.val();
        self.q13_fbop.d.next = self.q12_fbop.q.val();
        self.q14_fbop.d.next = self.q13_fbop.q.val();
        self.q15_fbop.d.next = self.q14_fbop.q.val();
        self.q16_fbop.d.next = self.q15_fbop.q.val();
        self.q17_fbop.d.next = self.q16_fbop.q.val();
        self.q18_fbop.d.next = self.q17_fbop.q.val();
        self.q10_fhw.d.next = self.q9_fhw.q.val();
        self.q11_fhw.d.next = self.q10_fhw.q.val();
        self.q12_fhw.d.next = self.q11_fhw.q.val();
        self.q13_fhw.d.next = self.q12_fhw.q.val();
        self.q14_fhw.d.next = self.q13_fhw.q.val();
        self.q15_fhw.d.next = self.q14_fhw.q.val();
        self.q16_fhw.d.next = self.q15_fhw.q.val();
        self.q17_fhw.d.next = self.q16_fhw.q.val();
        self.q18_fhw.d.next = self.q17_fhw.q.val();
        self.q10_fctrl.d.next = self.q9_fctrl.q.val();
        self.q11_fctrl.d.next = self.q10_fctrl.q.val();
        self.q12_fctrl.d.next = self.q11_fctrl.q.val();
        self.q13_fctrl.d.next = self.q12_fctrl.q.val();
        self.q14_fctrl.d.next = self.q13_fctrl.q.val();
        self.q15_fctrl.d.next = self.q14_fctrl.q.val();
        self.q16_fctrl.d.next = self.q15_fctrl.q.val();
        self.q17_fctrl.d.next = self.q16_fctrl.q.val();
        self.q18_fctrl.d.next = self.q17_fctrl.q.val();
        self.q12_fblen.d.next = self.q11_fblen.q.val();
        self.q13_fblen.d.next = self.q12_fblen.q.val();
        self.q14_fblen.d.next = self.q13_fblen.q.val();
        self.q15_fblen.d.next = self.q14_fblen.q.val();
        self.q16_fblen.d.next = self.q15_fblen.q.val();
        self.q17_fblen.d.next = self.q16_fblen.q.val();
        self.q18_fblen.d.next = self.q17_fblen.q.val();
        self.q11_fblen.d.next = self.s10_fblen.q.val();
        self.f10_sport.d.next = self.f9_sport.q.val();
        self.f11_sport.d.next = self.f10_sport.q.val();
        self.f12_sport.d.next = self.f11_sport.q.val();
        self.f13_sport.d.next = self.f12_sport.q.val();
        self.f14_sport.d.next = self.f13_sport.q.val();
        self.f15_sport.d.next = self.f14_sport.q.val();
        self.f16_sport.d.next = self.f15_sport.q.val();
        self.f17_sport.d.next = self.f16_sport.q.val();
        self.f18_sport.d.next = self.f17_sport.q.val();
        self.f10_opcode.d.next = self.f9_opcode.q.val();
        self.f11_opcode.d.next = self.f10_opcode.q.val();
        self.f12_opcode.d.next = self.f11_opcode.q.val();
        self.f13_opcode.d.next = self.f12_opcode.q.val();
        self.f14_opcode.d.next = self.f13_opcode.q.val();
        self.f15_opcode.d.next = self.f14_opcode.q.val();
        self.f16_opcode.d.next = self.f15_opcode.q.val();
        self.f17_opcode.d.next = self.f16_opcode.q.val();
        self.f18_opcode.d.next = self.f17_opcode.q.val();
        self.f10_flags.d.next = self.f9_flags.q.val();
        self.f11_flags.d.next = self.f10_flags.q.val();
        self.f12_flags.d.next = self.f11_flags.q.val();
        self.f13_flags.d.next = self.f12_flags.q.val();
        self.f14_flags.d.next = self.f13_flags.q.val();
        self.f15_flags.d.next = self.f14_flags.q.val();
        self.f16_flags.d.next = self.f15_flags.q.val();
        self.f17_flags.d.next = self.f16_flags.q.val();
        self.f18_flags.d.next = self.f17_flags.q.val();
        self.f10_path_id.d.next = self.f9_path_id.q.val();
        self.f11_path_id.d.next = self.f10_path_id.q.val();
        self.f12_path_id.d.next = self.f11_path_id.q.val();
        self.f13_path_id.d.next = self.f12_path_id.q.val();
        self.f14_path_id.d.next = self.f13_path_id.q.val();
        self.f15_path_id.d.next = self.f14_path_id.q.val();
        self.f16_path_id.d.next = self.f15_path_id.q.val();
        self.f17_path_id.d.next = self.f16_path_id.q.val();
        self.f18_path_id.d.next = self.f17_path_id.q.val();
        self.f10_hdr_words.d.next = self.f9_hdr_words.q.val();
        self.f11_hdr_words.d.next = self.f10_hdr_words.q.val();
        self.f12_hdr_words.d.next = self.f11_hdr_words.q.val();
        self.f13_hdr_words.d.next = self.f12_hdr_words.q.val();
        self.f14_hdr_words.d.next = self.f13_hdr_words.q.val();
        self.f15_hdr_words.d.next = self.f14_hdr_words.q.val();
        self.f16_hdr_words.d.next = self.f15_hdr_words.q.val();
        self.f17_hdr_words.d.next = self.f16_hdr_words.q.val();
        self.f18_hdr_words.d.next = self.f17_hdr_words.q.val();
        self.f10_dst_conn.d.next = self.f9_dst_conn.q.val();
        self.f11_dst_conn.d.next = self.f10_dst_conn.q.val();
        self.f12_dst_conn.d.next = self.f11_dst_conn.q.val();
        self.f13_dst_conn.d.next = self.f12_dst_conn.q.val();
        self.f14_dst_conn.d.next = self.f13_dst_conn.q.val();
        self.f15_dst_conn.d.next = self.f14_dst_conn.q.val();
        self.f16_dst_conn.d.next = self.f15_dst_conn.q.val();
        self.f17_dst_conn.d.next = self.f16_dst_conn.q.val();
        self.f18_dst_conn.d.next = self.f17_dst_conn.q.val();
        self.f10_path_psn.d.next = self.f9_path_psn.q.val();
        self.f11_path_psn.d.next = self.f10_path_psn.q.val();
        self.f12_path_psn.d.next = self.f11_path_psn.q.val();
        self.f13_path_psn.d.next = self.f12_path_psn.q.val();
        self.f14_path_psn.d.next = self.f13_path_psn.q.val();
        self.f15_path_psn.d.next = self.f14_path_psn.q.val();
        self.f16_path_psn.d.next = self.f15_path_psn.q.val();
        self.f17_path_psn.d.next = self.f16_path_psn.q.val();
        self.f18_path_psn.d.next = self.f17_path_psn.q.val();
        self.f10_csn.d.next = self.f9_csn.q.val();
        self.f11_csn.d.next = self.f10_csn.q.val();
        self.f12_csn.d.next = self.f11_csn.q.val();
        self.f13_csn.d.next = self.f12_csn.q.val();
        self.f14_csn.d.next = self.f13_csn.q.val();
        self.f15_csn.d.next = self.f14_csn.q.val();
        self.f16_csn.d.next = self.f15_csn.q.val();
        self.f17_csn.d.next = self.f16_csn.q.val();
        self.f18_csn.d.next = self.f17_csn.q.val();
        self.f10_timestamp.d.next = self.f9_timestamp.q.val();
        self.f11_timestamp.d.next = self.f10_timestamp.q.val();
        self.f12_timestamp.d.next = self.f11_timestamp.q.val();
        self.f13_timestamp.d.next = self.f12_timestamp.q.val();
        self.f14_timestamp.d.next = self.f13_timestamp.q.val();
        self.f15_timestamp.d.next = self.f14_timestamp.q.val();
        self.f16_timestamp.d.next = self.f15_timestamp.q.val();
        self.f17_timestamp.d.next = self.f16_timestamp.q.val();
        self.f18_timestamp.d.next = self.f17_timestamp.q.val();
        self.f10_payload_len.d.next = self.f9_payload_len.q.val();
        self.f11_payload_len.d.next = self.f10_payload_len.q.val();
        self.f12_payload_len.d.next = self.f11_payload_len.q.val();
        self.f13_payload_len.d.next = self.f12_payload_len.q.val();
        self.f14_payload_len.d.next = self.f13_payload_len.q.val();
        self.f15_payload_len.d.next = self.f14_payload_len.q.val();
        self.f16_payload_len.d.next = self.f15_payload_len.q.val();
        self.f17_payload_len.d.next = self.f16_payload_len.q.val();
        self.f18_payload_len.d.next = self.f17_payload_len.q.val();
        self.f10_floor_delta.d.next = self.f9_floor_delta.q.val();
        self.f11_floor_delta.d.next = self.f10_floor_delta.q.val();
        self.f12_floor_delta.d.next = self.f11_floor_delta.q.val();
        self.f13_floor_delta.d.next = self.f12_floor_delta.q.val();
        self.f14_floor_delta.d.next = self.f13_floor_delta.q.val();
        self.f15_floor_delta.d.next = self.f14_floor_delta.q.val();
        self.f16_floor_delta.d.next = self.f15_floor_delta.q.val();
        self.f17_floor_delta.d.next = self.f16_floor_delta.q.val();
        self.f18_floor_delta.d.next = self.f17_floor_delta.q.val();
        self.f10_rkey.d.next = self.f9_rkey.q.val();
        self.f11_rkey.d.next = self.f10_rkey.q.val();
        self.f12_rkey.d.next = self.f11_rkey.q.val();
        self.f13_rkey.d.next = self.f12_rkey.q.val();
        self.f14_rkey.d.next = self.f13_rkey.q.val();
        self.f15_rkey.d.next = self.f14_rkey.q.val();
        self.f16_rkey.d.next = self.f15_rkey.q.val();
        self.f17_rkey.d.next = self.f16_rkey.q.val();
        self.f18_rkey.d.next = self.f17_rkey.q.val();
        self.f10_va.d.next = self.f9_va.q.val();
        self.f11_va.d.next = self.f10_va.q.val();
        self.f12_va.d.next = self.f11_va.q.val();
        self.f13_va.d.next = self.f12_va.q.val();
        self.f14_va.d.next = self.f13_va.q.val();
        self.f15_va.d.next = self.f14_va.q.val();
        self.f16_va.d.next = self.f15_va.q.val();
        self.f17_va.d.next = self.f16_va.q.val();
        self.f18_va.d.next = self.f17_va.q.val();
        self.f10_stream.d.next = self.f9_stream.q.val();
        self.f11_stream.d.next = self.f10_stream.q.val();
        self.f12_stream.d.next = self.f11_stream.q.val();
        self.f13_stream.d.next = self.f12_stream.q.val();
        self.f14_stream.d.next = self.f13_stream.q.val();
        self.f15_stream.d.next = self.f14_stream.q.val();
        self.f16_stream.d.next = self.f15_stream.q.val();
        self.f17_stream.d.next = self.f16_stream.q.val();
        self.f18_stream.d.next = self.f17_stream.q.val();
        self.f10_msn.d.next = self.f9_msn.q.val();
        self.f11_msn.d.next = self.f10_msn.q.val();
        self.f12_msn.d.next = self.f11_msn.q.val();
        self.f13_msn.d.next = self.f12_msn.q.val();
        self.f14_msn.d.next = self.f13_msn.q.val();
        self.f15_msn.d.next = self.f14_msn.q.val();
        self.f16_msn.d.next = self.f15_msn.q.val();
        self.f17_msn.d.next = self.f16_msn.q.val();
        self.f18_msn.d.next = self.f17_msn.q.val();
        self.f10_msg_len.d.next = self.f9_msg_len.q.val();
        self.f11_msg_len.d.next = self.f10_msg_len.q.val();
        self.f12_msg_len.d.next = self.f11_msg_len.q.val();
        self.f13_msg_len.d.next = self.f12_msg_len.q.val();
        self.f14_msg_len.d.next = self.f13_msg_len.q.val();
        self.f15_msg_len.d.next = self.f14_msg_len.q.val();
        self.f16_msg_len.d.next = self.f15_msg_len.q.val();
        self.f17_msg_len.d.next = self.f16_msg_len.q.val();
        self.f18_msg_len.d.next = self.f17_msg_len.q.val();
        self.f10_rsn.d.next = self.f9_rsn.q.val();
        self.f11_rsn.d.next = self.f10_rsn.q.val();
        self.f12_rsn.d.next = self.f11_rsn.q.val();
        self.f13_rsn.d.next = self.f12_rsn.q.val();
        self.f14_rsn.d.next = self.f13_rsn.q.val();
        self.f15_rsn.d.next = self.f14_rsn.q.val();
        self.f16_rsn.d.next = self.f15_rsn.q.val();
        self.f17_rsn.d.next = self.f16_rsn.q.val();
        self.f18_rsn.d.next = self.f17_rsn.q.val();
        self.f10_offset.d.next = self.f9_offset.q.val();
        self.f11_offset.d.next = self.f10_offset.q.val();
        self.f12_offset.d.next = self.f11_offset.q.val();
        self.f13_offset.d.next = self.f12_offset.q.val();
        self.f14_offset.d.next = self.f13_offset.q.val();
        self.f15_offset.d.next = self.f14_offset.q.val();
        self.f16_offset.d.next = self.f15_offset.q.val();
        self.f17_offset.d.next = self.f16_offset.q.val();
        self.f18_offset.d.next = self.f17_offset.q.val();
        self.f10_imm.d.next = self.f9_imm.q.val();
        self.f11_imm.d.next = self.f10_imm.q.val();
        self.f12_imm.d.next = self.f11_imm.q.val();
        self.f13_imm.d.next = self.f12_imm.q.val();
        self.f14_imm.d.next = self.f13_imm.q.val();
        self.f15_imm.d.next = self.f14_imm.q.val();
        self.f16_imm.d.next = self.f15_imm.q.val();
        self.f17_imm.d.next = self.f16_imm.q.val();
        self.f18_imm.d.next = self.f17_imm.q.val();
        self.f10_ack_base_psn.d.next = self.f9_ack_base_psn.q.val();
        self.f11_ack_base_psn.d.next = self.f10_ack_base_psn.q.val();
        self.f12_ack_base_psn.d.next = self.f11_ack_base_psn.q.val();
        self.f13_ack_base_psn.d.next = self.f12_ack_base_psn.q.val();
        self.f14_ack_base_psn.d.next = self.f13_ack_base_psn.q.val();
        self.f15_ack_base_psn.d.next = self.f14_ack_base_psn.q.val();
        self.f16_ack_base_psn.d.next = self.f15_ack_base_psn.q.val();
        self.f17_ack_base_psn.d.next = self.f16_ack_base_psn.q.val();
        self.f18_ack_base_psn.d.next = self.f17_ack_base_psn.q.val();
        self.f10_ack_csn_base.d.next = self.f9_ack_csn_base.q.val();
        self.f11_ack_csn_base.d.next = self.f10_ack_csn_base.q.val();
        self.f12_ack_csn_base.d.next = self.f11_ack_csn_base.q.val();
        self.f13_ack_csn_base.d.next = self.f12_ack_csn_base.q.val();
        self.f14_ack_csn_base.d.next = self.f13_ack_csn_base.q.val();
        self.f15_ack_csn_base.d.next = self.f14_ack_csn_base.q.val();
        self.f16_ack_csn_base.d.next = self.f15_ack_csn_base.q.val();
        self.f17_ack_csn_base.d.next = self.f16_ack_csn_base.q.val();
        self.f18_ack_csn_base.d.next = self.f17_ack_csn_base.q.val();
        self.f10_ack_ts_echo.d.next = self.f9_ack_ts_echo.q.val();
        self.f11_ack_ts_echo.d.next = self.f10_ack_ts_echo.q.val();
        self.f12_ack_ts_echo.d.next = self.f11_ack_ts_echo.q.val();
        self.f13_ack_ts_echo.d.next = self.f12_ack_ts_echo.q.val();
        self.f14_ack_ts_echo.d.next = self.f13_ack_ts_echo.q.val();
        self.f15_ack_ts_echo.d.next = self.f14_ack_ts_echo.q.val();
        self.f16_ack_ts_echo.d.next = self.f15_ack_ts_echo.q.val();
        self.f17_ack_ts_echo.d.next = self.f16_ack_ts_echo.q.val();
        self.f18_ack_ts_echo.d.next = self.f17_ack_ts_echo.q.val();
        self.f10_ack_ecn_count.d.next = self.f9_ack_ecn_count.q.val();
        self.f11_ack_ecn_count.d.next = self.f10_ack_ecn_count.q.val();
        self.f12_ack_ecn_count.d.next = self.f11_ack_ecn_count.q.val();
        self.f13_ack_ecn_count.d.next = self.f12_ack_ecn_count.q.val();
        self.f14_ack_ecn_count.d.next = self.f13_ack_ecn_count.q.val();
        self.f15_ack_ecn_count.d.next = self.f14_ack_ecn_count.q.val();
        self.f16_ack_ecn_count.d.next = self.f15_ack_ecn_count.q.val();
        self.f17_ack_ecn_count.d.next = self.f16_ack_ecn_count.q.val();
        self.f18_ack_ecn_count.d.next = self.f17_ack_ecn_count.q.val();
        self.f10_ack_rate_hint.d.next = self.f9_ack_rate_hint.q.val();
        self.f11_ack_rate_hint.d.next = self.f10_ack_rate_hint.q.val();
        self.f12_ack_rate_hint.d.next = self.f11_ack_rate_hint.q.val();
        self.f13_ack_rate_hint.d.next = self.f12_ack_rate_hint.q.val();
        self.f14_ack_rate_hint.d.next = self.f13_ack_rate_hint.q.val();
        self.f15_ack_rate_hint.d.next = self.f14_ack_rate_hint.q.val();
        self.f16_ack_rate_hint.d.next = self.f15_ack_rate_hint.q.val();
        self.f17_ack_rate_hint.d.next = self.f16_ack_rate_hint.q.val();
        self.f18_ack_rate_hint.d.next = self.f17_ack_rate_hint.q.val();
        self.f10_ack_sack.d.next = self.f9_ack_sack.q.val();
        self.f11_ack_sack.d.next = self.f10_ack_sack.q.val();
        self.f12_ack_sack.d.next = self.f11_ack_sack.q.val();
        self.f13_ack_sack.d.next = self.f12_ack_sack.q.val();
        self.f14_ack_sack.d.next = self.f13_ack_sack.q.val();
        self.f15_ack_sack.d.next = self.f14_ack_sack.q.val();
        self.f16_ack_sack.d.next = self.f15_ack_sack.q.val();
        self.f17_ack_sack.d.next = self.f16_ack_sack.q.val();
        self.f18_ack_sack.d.next = self.f17_ack_sack.q.val();
        self.f10_nack_reason.d.next = self.f9_nack_reason.q.val();
        self.f11_nack_reason.d.next = self.f10_nack_reason.q.val();
        self.f12_nack_reason.d.next = self.f11_nack_reason.q.val();
        self.f13_nack_reason.d.next = self.f12_nack_reason.q.val();
        self.f14_nack_reason.d.next = self.f13_nack_reason.q.val();
        self.f15_nack_reason.d.next = self.f14_nack_reason.q.val();
        self.f16_nack_reason.d.next = self.f15_nack_reason.q.val();
        self.f17_nack_reason.d.next = self.f16_nack_reason.q.val();
        self.f18_nack_reason.d.next = self.f17_nack_reason.q.val();
        self.f10_nack_psn.d.next = self.f9_nack_psn.q.val();
        self.f11_nack_psn.d.next = self.f10_nack_psn.q.val();
        self.f12_nack_psn.d.next = self.f11_nack_psn.q.val();
        self.f13_nack_psn.d.next = self.f12_nack_psn.q.val();
        self.f14_nack_psn.d.next = self.f13_nack_psn.q.val();
        self.f15_nack_psn.d.next = self.f14_nack_psn.q.val();
        self.f16_nack_psn.d.next = self.f15_nack_psn.q.val();
        self.f17_nack_psn.d.next = self.f16_nack_psn.q.val();
        self.f18_nack_psn.d.next = self.f17_nack_psn.q.val();
        self.f10_nack_csn.d.next = self.f9_nack_csn.q.val();
        self.f11_nack_csn.d.next = self.f10_nack_csn.q.val();
        self.f12_nack_csn.d.next = self.f11_nack_csn.q.val();
        self.f13_nack_csn.d.next = self.f12_nack_csn.q.val();
        self.f14_nack_csn.d.next = self.f13_nack_csn.q.val();
        self.f15_nack_csn.d.next = self.f14_nack_csn.q.val();
        self.f16_nack_csn.d.next = self.f15_nack_csn.q.val();
        self.f17_nack_csn.d.next = self.f16_nack_csn.q.val();
        self.f18_nack_csn.d.next = self.f17_nack_csn.q.val();
        self.f10_nack_detail.d.next = self.f9_nack_detail.q.val();
        self.f11_nack_detail.d.next = self.f10_nack_detail.q.val();
        self.f12_nack_detail.d.next = self.f11_nack_detail.q.val();
        self.f13_nack_detail.d.next = self.f12_nack_detail.q.val();
        self.f14_nack_detail.d.next = self.f13_nack_detail.q.val();
        self.f15_nack_detail.d.next = self.f14_nack_detail.q.val();
        self.f16_nack_detail.d.next = self.f15_nack_detail.q.val();
        self.f17_nack_detail.d.next = self.f16_nack_detail.q.val();
        self.f18_nack_detail.d.next = self.f17_nack_detail.q.val();
        self.f10_probe_seq.d.next = self.f9_probe_seq.q.val();
        self.f11_probe_seq.d.next = self.f10_probe_seq.q.val();
        self.f12_probe_seq.d.next = self.f11_probe_seq.q.val();
        self.f13_probe_seq.d.next = self.f12_probe_seq.q.val();
        self.f14_probe_seq.d.next = self.f13_probe_seq.q.val();
        self.f15_probe_seq.d.next = self.f14_probe_seq.q.val();
        self.f16_probe_seq.d.next = self.f15_probe_seq.q.val();
        self.f17_probe_seq.d.next = self.f16_probe_seq.q.val();
        self.f18_probe_seq.d.next = self.f17_probe_seq.q.val();
        self.f10_probe_ts.d.next = self.f9_probe_ts.q.val();
        self.f11_probe_ts.d.next = self.f10_probe_ts.q.val();
        self.f12_probe_ts.d.next = self.f11_probe_ts.q.val();
        self.f13_probe_ts.d.next = self.f12_probe_ts.q.val();
        self.f14_probe_ts.d.next = self.f13_probe_ts.q.val();
        self.f15_probe_ts.d.next = self.f14_probe_ts.q.val();
        self.f16_probe_ts.d.next = self.f15_probe_ts.q.val();
        self.f17_probe_ts.d.next = self.f16_probe_ts.q.val();
        self.f18_probe_ts.d.next = self.f17_probe_ts.q.val();
        self.q15_haspl.d.next = self.q14_haspl.q.val();
        self.q16_haspl.d.next = self.q15_haspl.q.val();
        self.q17_haspl.d.next = self.q16_haspl.q.val();
        self.q18_haspl.d.next = self.q17_haspl.q.val();
        self.q8_dv.d.next = self.s7_v.q.val() & self.s7_l.q.val();
        self.q9_dv.d.next = self.q8_dv.q.val();
        self.q10_dv.d.next = self.q9_dv.q.val();
        self.q11_dv.d.next = self.q10_dv.q.val();
        self.q12_dv.d.next = self.q11_dv.q.val();
        self.q13_dv.d.next = self.q12_dv.q.val();
        self.q14_dv.d.next = self.q13_dv.q.val();
        self.q15_dv.d.next = self.q14_dv.q.val();
        self.q16_dv.d.next = self.q15_dv.q.val();
        self.q17_dv.d.next = self.q16_dv.q.val();
        self.q18_dv.d.next = self.q17_dv.q.val();

        // ---------------- S7: frame context latch, masks, window, snapshot ----------------
        self.x_vlan.next = self.lt_vlan.q.val();
        self.lt_vlan.d.next = self.lt_vlan.q.val();
        self.x_is4.next = self.lt_is4.q.val();
        self.lt_is4.d.next = self.lt_is4.q.val();
        self.x_is6.next = self.lt_is6.q.val();
        self.lt_is6.d.next = self.lt_is6.q.val();
        self.x_tci.next = self.lt_tci.q.val();
        self.lt_tci.d.next = self.lt_tci.q.val();
        self.x_mac.next = self.lt_mac.q.val();
        self.lt_mac.d.next = self.lt_mac.q.val();
        self.x_verbad.next = self.lt_verbad.q.val();
        self.lt_verbad.d.next = self.lt_verbad.q.val();
        self.x_frag.next = self.lt_frag.q.val();
        self.lt_frag.d.next = self.lt_frag.q.val();
        self.x_notudp.next = self.lt_notudp.q.val();
        self.lt_notudp.d.next = self.lt_notudp.q.val();
        self.x_notip.next = self.lt_notip.q.val();
        self.lt_notip.d.next = self.lt_notip.q.val();
        self.x_ce.next = self.lt_ce.q.val();
        self.lt_ce.d.next = self.lt_ce.q.val();
        self.x_srcip.next = self.lt_srcip.q.val();
        self.lt_srcip.d.next = self.lt_srcip.q.val();
        self.x_dstip.next = self.lt_dstip.q.val();
        self.lt_dstip.d.next = self.lt_dstip.q.val();
        self.x_j.next = self.lt_j.q.val();
        self.lt_j.d.next = self.lt_j.q.val();
        self.x_l4off.next = self.lt_l4off.q.val();
        self.lt_l4off.d.next = self.lt_l4off.q.val();
        self.x_ipend.next = self.lt_ipend.q.val();
        self.lt_ipend.d.next = self.lt_ipend.q.val();
        self.x_ipm1.next = self.lt_ipm1.q.val();
        self.lt_ipm1.d.next = self.lt_ipm1.q.val();
        self.x_ip42.next = self.lt_ip42.q.val();
        self.lt_ip42.d.next = self.lt_ip42.q.val();
        self.x_ipplen.next = self.lt_ipplen.q.val();
        self.lt_ipplen.d.next = self.lt_ipplen.q.val();
        self.x_iplenbad.next = self.lt_iplenbad.q.val();
        self.lt_iplenbad.d.next = self.lt_iplenbad.q.val();
        self.x_xc.next = self.lt_xc.q.val();
        self.lt_xc.d.next = self.lt_xc.q.val();
        self.x_xd.next = self.lt_xd.q.val();
        self.lt_xd.d.next = self.lt_xd.q.val();
        self.x_iphe.next = self.lt_iphe.q.val();
        self.lt_iphe.d.next = self.lt_iphe.q.val();
        self.x_aa.next = self.lt_aa.q.val();
        self.lt_aa.d.next = self.lt_aa.q.val();
        self.x_ab.next = self.lt_ab.q.val();
        self.lt_ab.d.next = self.lt_ab.q.val();
        if self.s7_is0.q.val() {
            self.x_vlan.next = self.s7_vlan.q.val();
            self.x_is4.next = self.s7_is4.q.val();
            self.x_is6.next = self.s7_is6.q.val();
            self.x_tci.next = self.s7_tci.q.val();
            self.x_mac.next = self.s7_mac.q.val();
            self.x_verbad.next = self.s7_verbad.q.val();
            self.x_frag.next = self.s7_frag.q.val();
            self.x_notudp.next = self.s7_notudp.q.val();
            self.x_notip.next = self.s7_notip.q.val();
            self.x_ce.next = self.s7_ce.q.val();
            self.x_srcip.next = self.s7_srcip.q.val();
            self.x_dstip.next = self.s7_dstip.q.val();
            self.x_j.next = self.s7_j.q.val();
            self.x_l4off.next = self.s7_l4off.q.val();
            self.x_ipend.next = self.s7_ipend.q.val();
            self.x_ipm1.next = self.s7_ipm1.q.val();
            self.x_ip42.next = self.s7_ip42.q.val();
            self.x_ipplen.next = self.s7_ipplen.q.val();
            self.x_iplenbad.next = self.s7_iplenbad.q.val();
            self.x_xc.next = self.s7_xc.q.val();
            self.x_xd.next = self.s7_xd.q.val();
            self.x_iphe.next = self.s7_iphe.q.val();
            self.x_aa.next = self.s7_aa.q.val();
            self.x_ab.next = self.s7_ab.q.val();
        }
        if self.s7_v.q.val() & self.s7_is0.q.val() {
            self.lt_vlan.d.next = self.s7_vlan.q.val();
            self.lt_is4.d.next = self.s7_is4.q.val();
            self.lt_is6.d.next = self.s7_is6.q.val();
            self.lt_tci.d.next = self.s7_tci.q.val();
            self.lt_mac.d.next = self.s7_mac.q.val();
            self.lt_verbad.d.next = self.s7_verbad.q.val();
            self.lt_frag.d.next = self.s7_frag.q.val();
            self.lt_notudp.d.next = self.s7_notudp.q.val();
            self.lt_notip.d.next = self.s7_notip.q.val();
            self.lt_ce.d.next = self.s7_ce.q.val();
            self.lt_srcip.d.next = self.s7_srcip.q.val();
            self.lt_dstip.d.next = self.s7_dstip.q.val();
            self.lt_j.d.next = self.s7_j.q.val();
            self.lt_l4off.d.next = self.s7_l4off.q.val();
            self.lt_ipend.d.next = self.s7_ipend.q.val();
            self.lt_ipm1.d.next = self.s7_ipm1.q.val();
            self.lt_ip42.d.next = self.s7_ip42.q.val();
            self.lt_ipplen.d.next = self.s7_ipplen.q.val();
            self.lt_iplenbad.d.next = self.s7_iplenbad.q.val();
            self.lt_xc.d.next = self.s7_xc.q.val();
            self.lt_xd.d.next = self.s7_xd.q.val();
            self.lt_iphe.d.next = self.s7_iphe.q.val();
            self.lt_aa.d.next = self.s7_aa.q.val();
            self.lt_ab.d.next = self.s7_ab.q.val();
        }
        self.ad_init.a.next = bit_cast::<17, 16>(self.s6_ipplen.q.val());
        self.ad_init.b.next = bits::<17>(17);
        self.ad_init.cin.next = false;
        self.s7_init.d.next = self.ad_init.sum.val();
        // checksum lane masks for the beat at S7
        self.amt_lo.next = bit_cast::<10, 7>(self.x_l4off.val()) << 3;
        self.lo.next = self.consts.ones512.val();
        if self.s7_is0.q.val() {
            self.lo.next = self.consts.ones512.val() >> self.amt_lo.val();
        }
        if self.s7_is1.q.val() & self.x_l4off.val().get_bit(6) {
            self.lo.next = self.consts.ones512.val()
                >> bit_cast::<10, 9>(bit_cast::<9, 6>(self.x_l4off.val().get_bits::<6>(0)) << 3);
        }
        self.s8_lo.d.next = self.lo.val();
        self.s8_th.d.next = !(self.consts.ones512.val()
            >> bit_cast::<10, 9>(bit_cast::<9, 6>(self.x_ipend.val().get_bits::<6>(0)) << 3));
        self.s8_lt.d.next = self.s7_idx.q.val() < self.x_ipend.val().get_bits::<11>(6);
        self.s8_eq.d.next = self.s7_idx.q.val() == self.x_ipend.val().get_bits::<11>(6);
        self.s8_addr.d.next = bits::<512>(0);
        if self.s7_is0.q.val() {
            self.s8_addr.d.next = (self.consts.ones512.val()
                >> (bit_cast::<10, 7>(self.x_aa.val()) << 3))
                & !(self.consts.ones512.val() >> (bit_cast::<10, 7>(self.x_ab.val()) << 3));
        }
        self.s8_ipm.d.next = bits::<512>(0);
        if self.s7_is0.q.val() {
            self.s8_ipm.d.next = (self.consts.ones512.val()
                >> (bit_cast::<10, 7>(
                    bits::<7>(14) + (bit_cast::<7, 1>(self.x_vlan.val().into()) << 2),
                ) << 3))
                & !(self.consts.ones512.val() >> (bit_cast::<10, 7>(self.x_iphe.val()) << 3));
        }
        if self.s7_is1.q.val() & self.x_iphe.val().get_bit(6) {
            self.s8_ipm.d.next = !(self.consts.ones512.val()
                >> bit_cast::<10, 9>(bit_cast::<9, 6>(self.x_iphe.val().get_bits::<6>(0)) << 3));
        }
        // header window: beats 0..2 of the frame
        self.w0.d.next = self.w0.q.val();
        self.w1.d.next = self.w1.q.val();
        self.w2.d.next = self.w2.q.val();
        if self.s7_v.q.val() {
            if self.s7_is0.q.val() {
                self.w0.d.next = self.s7_d.q.val();
                self.w1.d.next = bits::<512>(0);
                self.w2.d.next = bits::<512>(0);
            }
            if self.s7_is1.q.val() {
                self.w1.d.next = self.s7_d.q.val();
            }
            if self.s7_is2.q.val() {
                self.w2.d.next = self.s7_d.q.val();
            }
        }
        self.e0.next = self.w0.q.val();
        self.e1.next = self.w1.q.val();
        self.e2.next = self.w2.q.val();
        if self.s7_is0.q.val() {
            self.e0.next = self.s7_d.q.val();
            self.e1.next = bits::<512>(0);
            self.e2.next = bits::<512>(0);
        }
        if self.s7_is1.q.val() {
            self.e1.next = self.s7_d.q.val();
            self.e2.next = bits::<512>(0);
        }
        if self.s7_is2.q.val() {
            self.e2.next = self.s7_d.q.val();
        }
        self.win.next = (((bit_cast::<1536, 512>(self.e0.val()) << 1024)
            | (bit_cast::<1536, 512>(self.e1.val()) << 512)
            | bit_cast::<1536, 512>(self.e2.val()))
            << 272)
            << (bit_cast::<11, 4>(self.x_j.val()) << 5);
        self.s8_l4.d.next = self.win.val().get_bits::<640>(896);
        self.hwin.next = (((bit_cast::<1024, 512>(self.e0.val()) << 512)
            | bit_cast::<1024, 512>(self.e1.val()))
            << 368)
            << (bit_cast::<10, 4>(self.x_j.val()) << 5);
        self.s8_hw.d.next = self.hwin.val().get_bits::<8>(1016);
        self.s8_j.d.next = self.x_j.val();
        self.s8_ip42.d.next = self.x_ip42.val();
        // truncation against the frame length F (F - 1 = idx * 64 + e)
        self.fm1.next =
            (bit_cast::<17, 11>(self.s7_idx.q.val()) << 6) | bit_cast::<17, 6>(self.s7_e.q.val());
        self.fm1_small.next = !self.fm1.val().get_bits::<10>(7).any();
        self.q8_ta.d.next =
            self.fm1_small.val() & (self.fm1.val().get_bits::<7>(0) < bits::<7>(13));
        self.q8_tb.d.next = self.x_vlan.val()
            & self.fm1_small.val()
            & (self.fm1.val().get_bits::<7>(0) < bits::<7>(17));
        self.q8_tc.d.next =
            self.fm1_small.val() & (self.fm1.val().get_bits::<7>(0) < self.x_xc.val());
        self.q8_td.d.next = self.x_is4.val()
            & self.fm1_small.val()
            & (self.fm1.val().get_bits::<7>(0) < self.x_xd.val());
        self.s8_fm1.d.next = self.fm1.val();
        self.s8_ipm1.d.next = self.x_ipm1.val();
        self.s8_ipplen.d.next = self.x_ipplen.val();
        self.s8_port.d.next = self.s7_port.q.val();
        self.q8_notip.d.next = self.x_notip.val();
        self.q8_verbad.d.next = self.x_verbad.val();
        self.q8_frag.d.next = self.x_is4.val() & self.x_frag.val();
        self.q8_notudp.d.next = self.x_notudp.val();
        self.q8_iplenbad.d.next = self.x_iplenbad.val();
        self.q8_is4.d.next = self.x_is4.val();
        self.q8_vlan.d.next = self.x_vlan.val();
        self.q8_tci.d.next = self.x_tci.val();
        self.q8_mac.d.next = self.x_mac.val();
        self.q8_is6.d.next = self.x_is6.val();
        self.q8_srcip.d.next = self.x_srcip.val();
        self.q8_dstip.d.next = self.x_dstip.val();
        self.q8_ce.d.next = self.x_ce.val();

        // ---------------- S8: checksum inputs; payload start; truncation vs IP length ----------------
        self.hi.next = bits::<512>(0);
        if self.s8_lt.q.val() {
            self.hi.next = self.consts.ones512.val();
        }
        if self.s8_eq.q.val() {
            self.hi.next = self.s8_th.q.val();
        }
        self.s9_ui.d.next =
            self.s8_d.q.val() & ((self.s8_lo.q.val() & self.hi.val()) | self.s8_addr.q.val());
        self.s9_ii.d.next = self.s8_d.q.val() & self.s8_ipm.q.val();
        self.hwc.next = bit_cast::<5, 8>(self.s8_hw.q.val());
        if self.s8_hw.q.val() < bits::<8>(8) {
            self.hwc.next = bits::<5>(8);
        }
        if self.s8_hw.q.val() > bits::<8>(18) {
            self.hwc.next = bits::<5>(18);
        }
        self.s9_hs.d.next = bit_cast::<5, 4>(self.s8_j.q.val()) + self.hwc.val();
        self.s9_ip42.d.next = self.s8_ip42.q.val();
        self.ad_te.a.next = bit_cast::<18, 17>(self.s8_fm1.q.val());
        self.ad_te.b.next = !bit_cast::<18, 17>(self.s8_ipm1.q.val());
        self.ad_te.cin.next = true;
        self.q9_te.d.next = self.ad_te.sum.val().get_bit(17);
        // UDP + Braid headers (80 bytes from the UDP header on)
        self.u_len.next = self.s8_l4.q.val().get_bits::<16>(592);
        self.b_hw.next = self.s8_l4.q.val().get_bits::<8>(536);
        self.b_op.next = self.s8_l4.q.val().get_bits::<8>(560);
        self.b_plen.next = self.s8_l4.q.val().get_bits::<16>(400);
        self.q9_fport.d.next = self.s8_l4.q.val().get_bits::<16>(608) != self.s8_port.q.val();
        self.q9_fuip.d.next = self.u_len.val() != self.s8_ipplen.q.val();
        self.q9_fumin.d.next = self.u_len.val() < bits::<16>(32);
        self.q9_ucz.d.next = !self.s8_l4.q.val().get_bits::<16>(576).any();
        self.q9_fbver.d.next = self.s8_l4.q.val().get_bits::<4>(568 + 4) != bits::<4>(1);
        self.op_w.next = (self.b_op.val() == bits::<8>(0x1)) | (self.b_op.val() == bits::<8>(0x2));
        self.op_s.next = (self.b_op.val() == bits::<8>(0x3)) | (self.b_op.val() == bits::<8>(0x4));
        self.op_a.next = self.b_op.val() == bits::<8>(0x10);
        self.op_n.next = self.b_op.val() == bits::<8>(0x11);
        self.op_p.next =
            (self.b_op.val() == bits::<8>(0x20)) | (self.b_op.val() == bits::<8>(0x21));
        self.q9_fbop.d.next = !(self.op_w.val()
            | self.op_s.val()
            | self.op_a.val()
            | self.op_n.val()
            | self.op_p.val());
        self.hw_exp.next = bits::<8>(0);
        if self.b_op.val() == bits::<8>(0x1) {
            self.hw_exp.next = bits::<8>(12);
        }
        if self.b_op.val() == bits::<8>(0x2) {
            self.hw_exp.next = bits::<8>(13);
        }
        if self.b_op.val() == bits::<8>(0x3) {
            self.hw_exp.next = bits::<8>(10);
        }
        if self.b_op.val() == bits::<8>(0x4) {
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
        self.q9_fhw.d.next = self.b_hw.val() != self.hw_exp.val();
        self.q9_fctrl.d.next =
            (self.op_a.val() | self.op_n.val() | self.op_p.val()) & self.b_plen.val().any();
        self.ad_bsum.a.next = bit_cast::<17, 16>(self.b_plen.val());
        self.ad_bsum.b.next = bit_cast::<17, 8>(self.b_hw.val()) << 2;
        self.ad_bsum.cin.next = false;
        self.s9_bsum.d.next = self.ad_bsum.sum.val();
        self.ad_ulm8.a.next = bit_cast::<17, 16>(self.u_len.val());
        self.ad_ulm8.b.next = bits::<17>(0x1fff8);
        self.ad_ulm8.cin.next = false;
        self.s9_ulm8.d.next = self.ad_ulm8.sum.val();
        // descriptor fields (zero where the opcode does not define them)
        self.f9_sport.d.next = self.s8_l4.q.val().get_bits::<16>(624);
        self.f9_opcode.d.next = self.s8_l4.q.val().get_bits::<8>(560);
        self.f9_flags.d.next = self.s8_l4.q.val().get_bits::<8>(552);
        self.f9_path_id.d.next = self.s8_l4.q.val().get_bits::<8>(544);
        self.f9_hdr_words.d.next = self.s8_l4.q.val().get_bits::<8>(536);
        self.f9_dst_conn.d.next = self.s8_l4.q.val().get_bits::<24>(512);
        self.f9_path_psn.d.next = self.s8_l4.q.val().get_bits::<32>(480);
        self.f9_csn.d.next = self.s8_l4.q.val().get_bits::<32>(448);
        self.f9_timestamp.d.next = self.s8_l4.q.val().get_bits::<32>(416);
        self.f9_payload_len.d.next = self.s8_l4.q.val().get_bits::<16>(400);
        self.f9_floor_delta.d.next = self.s8_l4.q.val().get_bits::<16>(384);
        self.f9_rkey.d.next = bits::<32>(0);
        self.f9_va.d.next = bits::<64>(0);
        self.f9_stream.d.next = bits::<8>(0);
        self.f9_msn.d.next = bits::<32>(0);
        self.f9_msg_len.d.next = bits::<32>(0);
        self.f9_rsn.d.next = bits::<24>(0);
        self.f9_offset.d.next = bits::<32>(0);
        self.f9_imm.d.next = bits::<32>(0);
        self.f9_ack_base_psn.d.next = bits::<32>(0);
        self.f9_ack_csn_base.d.next = bits::<32>(0);
        self.f9_ack_ts_echo.d.next = bits::<32>(0);
        self.f9_ack_ecn_count.d.next = bits::<16>(0);
        self.f9_ack_rate_hint.d.next = bits::<16>(0);
        self.f9_ack_sack.d.next = bits::<256>(0);
        self.f9_nack_reason.d.next = bits::<8>(0);
        self.f9_nack_psn.d.next = bits::<32>(0);
        self.f9_nack_csn.d.next = bits::<32>(0);
        self.f9_nack_detail.d.next = bits::<32>(0);
        self.f9_probe_seq.d.next = bits::<32>(0);
        self.f9_probe_ts.d.next = bits::<32>(0);
        self.rev_sack.i.next = self.s8_l4.q.val().get_bits::<256>(0);
        if self.op_w.val() {
            self.f9_rkey.d.next = self.s8_l4.q.val().get_bits::<32>(352);
            self.f9_va.d.next = self.s8_l4.q.val().get_bits::<64>(288);
            self.f9_stream.d.next = self.s8_l4.q.val().get_bits::<8>(280);
            self.f9_msn.d.next = self.s8_l4.q.val().get_bits::<32>(224);
            self.f9_msg_len.d.next = self.s8_l4.q.val().get_bits::<32>(192);
        }
        if self.b_op.val() == bits::<8>(2) {
            self.f9_imm.d.next = self.s8_l4.q.val().get_bits::<32>(160);
        }
        if self.op_s.val() {
            self.f9_stream.d.next = self.s8_l4.q.val().get_bits::<8>(376);
            self.f9_rsn.d.next = self.s8_l4.q.val().get_bits::<24>(352);
            self.f9_msn.d.next = self.s8_l4.q.val().get_bits::<32>(320);
            self.f9_offset.d.next = self.s8_l4.q.val().get_bits::<32>(288);
            self.f9_msg_len.d.next = self.s8_l4.q.val().get_bits::<32>(256);
        }
        if self.b_op.val() == bits::<8>(4) {
            self.f9_imm.d.next = self.s8_l4.q.val().get_bits::<32>(224);
        }
        if self.op_a.val() {
            self.f9_ack_base_psn.d.next = self.s8_l4.q.val().get_bits::<32>(352);
            self.f9_ack_csn_base.d.next = self.s8_l4.q.val().get_bits::<32>(320);
            self.f9_ack_ts_echo.d.next = self.s8_l4.q.val().get_bits::<32>(288);
            self.f9_ack_ecn_count.d.next = self.s8_l4.q.val().get_bits::<16>(272);
            self.f9_ack_rate_hint.d.next = self.s8_l4.q.val().get_bits::<16>(256);
            self.f9_ack_sack.d.next = self.rev_sack.o.val();
        }
        if self.op_n.val() {
            self.f9_nack_reason.d.next = self.s8_l4.q.val().get_bits::<8>(376);
            self.f9_nack_psn.d.next = self.s8_l4.q.val().get_bits::<32>(320);
            self.f9_nack_csn.d.next = self.s8_l4.q.val().get_bits::<32>(288);
            self.f9_nack_detail.d.next = self.s8_l4.q.val().get_bits::<32>(256);
        }
        if self.op_p.val() {
            self.f9_probe_seq.d.next = self.s8_l4.q.val().get_bits::<32>(352);
            self.f9_probe_ts.d.next = self.s8_l4.q.val().get_bits::<32>(320);
        }

        // ---------------- S9: payload start H and payload bytes up to the IP end ----------------
        self.hs10.next = bit_cast::<6, 5>(self.s9_hs.q.val()) + bits::<6>(10);
        self.s10_r.d.next =
            (bit_cast::<6, 4>(self.hs10.val().get_bits::<4>(0)) << 2) | bits::<6>(2);
        self.s10_q.d.next = self.hs10.val().get_bits::<2>(4);
        self.ad_rem.a.next = self.s9_ip42.q.val();
        self.ad_rem.b.next = !(bit_cast::<18, 5>(self.s9_hs.q.val()) << 2);
        self.ad_rem.cin.next = true;
        self.s10_rem.d.next = self.ad_rem.sum.val();
        self.s10_fblen.d.next = self.s9_ulm8.q.val() != self.s9_bsum.q.val();

        // ---------------- S10: realignment ----------------
        // A: bytes [r, 64) of the previous beat then [0, r) of this one;
        // B (flush after the last beat): bytes [r, 64) of this beat.
        self.x_r.next = self.rl_r.q.val();
        self.x_q.next = self.rl_q.q.val();
        if self.s10_is1.q.val() {
            self.x_r.next = self.s10_r.q.val();
            self.x_q.next = self.s10_q.q.val();
        }
        self.emit_a.next = self.s10_v.q.val()
            & !self.s10_is0.q.val()
            & !self.s10_is1.q.val()
            & ((self.x_q.val() == bits::<2>(1)) | !self.s10_is2.q.val());
        self.flush_b.next = self.s10_v.q.val()
            & self.s10_l.q.val()
            & !self.s10_is0.q.val()
            & ((self.x_q.val() == bits::<2>(1)) | !self.s10_is1.q.val());
        self.ad_r64.a.next = self.rl_rem.q.val();
        self.ad_r64.b.next = bits::<18>(0x3ffc0);
        self.ad_r64.cin.next = false;
        self.rl_r.d.next = self.rl_r.q.val();
        self.rl_q.d.next = self.rl_q.q.val();
        if self.s10_v.q.val() {
            self.rl_r.d.next = self.x_r.val();
            self.rl_q.d.next = self.x_q.val();
        }
        self.rl_rem.d.next = self.rl_rem.q.val();
        if self.s10_v.q.val() & self.s10_is1.q.val() {
            self.rl_rem.d.next = self.s10_rem.q.val();
        }
        if self.emit_a.val() {
            self.rl_rem.d.next = self.ad_r64.sum.val();
        }
        self.prev.d.next = self.prev.q.val();
        if self.s10_v.q.val() {
            self.prev.d.next = self.s10_d.q.val();
        }
        self.pair.next = ((bit_cast::<1024, 512>(self.prev.q.val()) << 512)
            | bit_cast::<1024, 512>(self.s10_d.q.val()))
            << (bit_cast::<10, 6>(self.x_r.val()) << 3);
        self.s11_a.d.next = self.pair.val().get_bits::<512>(512);
        self.s11_cur.d.next = self.s10_d.q.val();
        self.s11_av.d.next = self.emit_a.val();
        self.s11_bv.d.next = self.flush_b.val();
        self.s11_r.d.next = self.x_r.val();
        self.s11_rema.d.next = self.rl_rem.q.val();
        self.s11_remb.d.next = self.rl_rem.q.val();
        if self.s10_is1.q.val() {
            self.s11_remb.d.next = self.s10_rem.q.val();
        }
        if self.emit_a.val() {
            self.s11_remb.d.next = self.ad_r64.sum.val();
        }

        // ---------------- S11: byte counts ----------------
        self.s12_b.d.next = self.s11_cur.q.val() << (bit_cast::<10, 6>(self.s11_r.q.val()) << 3);
        self.s12_a.d.next = self.s11_a.q.val();
        self.s12_av.d.next = self.s11_av.q.val();
        self.s12_bv.d.next = self.s11_bv.q.val();
        self.nmr.next = bit_cast::<8, 7>(self.s11_n.q.val()) - bit_cast::<8, 6>(self.s11_r.q.val());
        self.s12_availa.d.next = bits::<7>(64);
        if self.s11_l.q.val() & self.nmr.val().get_bit(7) {
            self.s12_availa.d.next = bit_cast::<7, 6>(self.nmr.val().get_bits::<6>(0));
        }
        self.s12_availb.d.next = self.nmr.val().get_bits::<7>(0);
        if self.nmr.val().get_bit(7) {
            self.s12_availb.d.next = bits::<7>(0);
        }
        self.s12_clampa.d.next = bit_cast::<7, 6>(self.s11_rema.q.val().get_bits::<6>(0));
        if self.s11_rema.q.val().get_bits::<11>(6).any() {
            self.s12_clampa.d.next = bits::<7>(64);
        }
        if self.s11_rema.q.val().get_bit(17) {
            self.s12_clampa.d.next = bits::<7>(0);
        }
        self.s12_clampb.d.next = bit_cast::<7, 6>(self.s11_remb.q.val().get_bits::<6>(0));
        if self.s11_remb.q.val().get_bits::<11>(6).any() {
            self.s12_clampb.d.next = bits::<7>(64);
        }
        if self.s11_remb.q.val().get_bit(17) {
            self.s12_clampb.d.next = bits::<7>(0);
        }
        self.s12_le64.d.next = self.s11_rema.q.val().get_bit(17)
            | (!self.s11_rema.q.val().get_bits::<11>(7).any()
                & (!self.s11_rema.q.val().get_bit(6)
                    | !self.s11_rema.q.val().get_bits::<6>(0).any()));

        // ---------------- S12: output beats of this input beat ----------------
        self.ca.next = self.s12_availa.q.val();
        if self.s12_clampa.q.val() < self.s12_availa.q.val() {
            self.ca.next = self.s12_clampa.q.val();
        }
        self.cb.next = self.s12_availb.q.val();
        if self.s12_clampb.q.val() < self.s12_availb.q.val() {
            self.cb.next = self.s12_clampb.q.val();
        }
        self.s13_ca.d.next = self.ca.val();
        self.s13_cb.d.next = self.cb.val();
        self.s13_va.d.next = self.s12_av.q.val() & self.ca.val().any();
        self.s13_vb.d.next = self.s12_bv.q.val() & self.cb.val().any();
        self.s13_lasta.d.next = self.s12_le64.q.val();
        if self.s12_l.q.val() {
            self.s13_lasta.d.next = !self.cb.val().any();
        }
        self.s13_a.d.next = self.s12_a.q.val();
        self.s13_b.d.next = self.s12_b.q.val();

        // ---------------- S13: payload output select ----------------
        self.o_v.d.next = self.s13_va.q.val() | self.s13_vb.q.val() | self.pend_v.q.val();
        self.o_d.d.next = self.pend_d.q.val();
        self.o_c.d.next = self.pend_c.q.val();
        self.o_last.d.next = true;
        if self.s13_vb.q.val() {
            self.o_d.d.next = self.s13_b.q.val();
            self.o_c.d.next = self.s13_cb.q.val();
        }
        if self.s13_va.q.val() {
            self.o_d.d.next = self.s13_a.q.val();
            self.o_c.d.next = self.s13_ca.q.val();
            self.o_last.d.next = self.s13_lasta.q.val();
        }
        if !(self.s13_va.q.val() | self.s13_vb.q.val() | self.pend_v.q.val()) {
            self.o_c.d.next = bits::<7>(0);
            self.o_last.d.next = false;
        }
        self.pend_v.d.next = self.s13_va.q.val() & self.s13_vb.q.val();
        self.pend_d.d.next = self.s13_b.q.val();
        self.pend_c.d.next = self.s13_cb.q.val();
        self.emitted.d.next = self.emitted.q.val();
        if self.s13_v.q.val() {
            self.emitted.d.next = !self.s13_is0.q.val()
                & (self.emitted.q.val() | self.s13_va.q.val() | self.s13_vb.q.val());
        }
        self.q14_haspl.d.next = !self.s13_is0.q.val()
            & (self.emitted.q.val() | self.s13_va.q.val() | self.s13_vb.q.val());

        // ---------------- S14: payload outputs ----------------
        self.rev_out.i.next = self.o_d.q.val()
            & !(self.consts.ones512.val() >> (bit_cast::<10, 7>(self.o_c.q.val()) << 3));
        self.p_valid.next = self.o_v.q.val();
        self.p_data.next = self.rev_out.o.val();
        self.p_keep.next = !(self.consts.ones64.val() << self.o_c.q.val());
        self.p_last.next = self.o_last.q.val();

        // ---------------- checksums: trees S9..S14, accumulate S15, fold S16, verdict S17 ----------------
        self.tu.clock.next = self.clock.val();
        self.ti.clock.next = self.clock.val();
        self.tu.i.next = self.s9_ui.q.val();
        self.ti.i.next = self.s9_ii.q.val();
        self.ad_uacc.a.next = self.uacc.q.val();
        self.ad_iacc.a.next = self.iacc.q.val();
        if self.s14_is0.q.val() {
            self.ad_uacc.a.next = bit_cast::<32, 17>(self.s14_init.q.val());
            self.ad_iacc.a.next = bits::<32>(0);
        }
        self.ad_uacc.b.next = bit_cast::<32, 21>(self.tu.sum.val());
        self.ad_iacc.b.next = bit_cast::<32, 21>(self.ti.sum.val());
        self.ad_uacc.cin.next = false;
        self.ad_iacc.cin.next = false;
        self.uacc.d.next = self.uacc.q.val();
        self.iacc.d.next = self.iacc.q.val();
        if self.s14_v.q.val() {
            self.uacc.d.next = self.ad_uacc.sum.val();
            self.iacc.d.next = self.ad_iacc.sum.val();
        }
        self.s15_uf.d.next = self.ad_uacc.sum.val();
        self.s15_if.d.next = self.ad_iacc.sum.val();
        self.ad_uf.a.next = bit_cast::<17, 16>(self.s15_uf.q.val().get_bits::<16>(0));
        self.ad_uf.b.next = bit_cast::<17, 16>(self.s15_uf.q.val().get_bits::<16>(16));
        self.ad_uf.cin.next = false;
        self.ad_if.a.next = bit_cast::<17, 16>(self.s15_if.q.val().get_bits::<16>(0));
        self.ad_if.b.next = bit_cast::<17, 16>(self.s15_if.q.val().get_bits::<16>(16));
        self.ad_if.cin.next = false;
        self.s16_uf.d.next = self.ad_uf.sum.val();
        self.s16_if.d.next = self.ad_if.sum.val();
        // folded sum (x[15:0] + x[16]) == 0xffff
        self.s17_ubad.d.next = !((!self.s16_uf.q.val().get_bit(16)
            & (self.s16_uf.q.val().get_bits::<16>(0) == bits::<16>(0xffff)))
            | (self.s16_uf.q.val().get_bit(16)
                & (self.s16_uf.q.val().get_bits::<16>(0) == bits::<16>(0xfffe))));
        self.s17_ibad.d.next = !((!self.s16_if.q.val().get_bit(16)
            & (self.s16_if.q.val().get_bits::<16>(0) == bits::<16>(0xffff)))
            | (self.s16_if.q.val().get_bit(16)
                & (self.s16_if.q.val().get_bits::<16>(0) == bits::<16>(0xfffe))));

        // ---------------- S17: the first failing check, in order ----------------
        self.s18_ok.d.next = false;
        if self.q17_ta.q.val() | self.q17_tb.q.val() {
            self.s18_reason.d.next = bits::<4>(1);
        } else if self.q17_notip.q.val() {
            self.s18_reason.d.next = bits::<4>(2);
        } else if self.q17_tc.q.val() {
            self.s18_reason.d.next = bits::<4>(1);
        } else if self.q17_verbad.q.val() {
            self.s18_reason.d.next = bits::<4>(3);
        } else if self.q17_td.q.val() {
            self.s18_reason.d.next = bits::<4>(1);
        } else if self.q17_is4.q.val() & self.s17_ibad.q.val() {
            self.s18_reason.d.next = bits::<4>(4);
        } else if self.q17_frag.q.val() {
            self.s18_reason.d.next = bits::<4>(5);
        } else if self.q17_notudp.q.val() {
            self.s18_reason.d.next = bits::<4>(6);
        } else if self.q17_iplenbad.q.val() {
            self.s18_reason.d.next = bits::<4>(7);
        } else if self.q17_te.q.val() {
            self.s18_reason.d.next = bits::<4>(1);
        } else if self.q17_fport.q.val() {
            self.s18_reason.d.next = bits::<4>(8);
        } else if self.q17_fuip.q.val() {
            self.s18_reason.d.next = bits::<4>(9);
        } else if !self.q17_ucz.q.val() & self.s17_ubad.q.val() {
            self.s18_reason.d.next = bits::<4>(10);
        } else if self.q17_fumin.q.val() {
            self.s18_reason.d.next = bits::<4>(14);
        } else if self.q17_fbver.q.val() {
            self.s18_reason.d.next = bits::<4>(11);
        } else if self.q17_fbop.q.val() {
            self.s18_reason.d.next = bits::<4>(12);
        } else if self.q17_fhw.q.val() {
            self.s18_reason.d.next = bits::<4>(13);
        } else if self.q17_fblen.q.val() {
            self.s18_reason.d.next = bits::<4>(14);
        } else if self.q17_fctrl.q.val() {
            self.s18_reason.d.next = bits::<4>(15);
        } else {
            self.s18_reason.d.next = bits::<4>(0);
            self.s18_ok.d.next = true;
        }

        // ---------------- S18: descriptor and counters ----------------
        self.dv.next = self.q18_dv.q.val();
        self.dok.next = self.q18_dv.q.val() & self.s18_ok.q.val();
        self.od_v.d.next = self.dv.val();
        self.od_ok.d.next = self.dok.val();
        self.od_reason.d.next = bits::<8>(0);
        self.od_haspl.d.next = false;
        if self.dv.val() {
            self.od_reason.d.next = bit_cast::<8, 4>(self.s18_reason.q.val());
            self.od_haspl.d.next = self.q18_haspl.q.val();
        }
        self.od_src_mac.d.next = bits::<48>(0);
        self.od_vlan.d.next = false;
        self.od_vlan_tci.d.next = bits::<16>(0);
        self.od_is_ipv6.d.next = false;
        self.od_src_ip.d.next = bits::<128>(0);
        self.od_dst_ip.d.next = bits::<128>(0);
        self.od_ce.d.next = false;
        self.od_sport.d.next = bits::<16>(0);
        self.od_opcode.d.next = bits::<8>(0);
        self.od_flags.d.next = bits::<8>(0);
        self.od_path_id.d.next = bits::<8>(0);
        self.od_hdr_words.d.next = bits::<8>(0);
        self.od_dst_conn.d.next = bits::<24>(0);
        self.od_path_psn.d.next = bits::<32>(0);
        self.od_csn.d.next = bits::<32>(0);
        self.od_timestamp.d.next = bits::<32>(0);
        self.od_payload_len.d.next = bits::<16>(0);
        self.od_floor_delta.d.next = bits::<16>(0);
        self.od_rkey.d.next = bits::<32>(0);
        self.od_va.d.next = bits::<64>(0);
        self.od_stream.d.next = bits::<8>(0);
        self.od_msn.d.next = bits::<32>(0);
        self.od_msg_len.d.next = bits::<32>(0);
        self.od_rsn.d.next = bits::<24>(0);
        self.od_offset.d.next = bits::<32>(0);
        self.od_imm.d.next = bits::<32>(0);
        self.od_ack_base_psn.d.next = bits::<32>(0);
        self.od_ack_csn_base.d.next = bits::<32>(0);
        self.od_ack_ts_echo.d.next = bits::<32>(0);
        self.od_ack_ecn_count.d.next = bits::<16>(0);
        self.od_ack_rate_hint.d.next = bits::<16>(0);
        self.od_ack_sack.d.next = bits::<256>(0);
        self.od_nack_reason.d.next = bits::<8>(0);
        self.od_nack_psn.d.next = bits::<32>(0);
        self.od_nack_csn.d.next = bits::<32>(0);
        self.od_nack_detail.d.next = bits::<32>(0);
        self.od_probe_seq.d.next = bits::<32>(0);
        self.od_probe_ts.d.next = bits::<32>(0);
        if self.dok.val() {
            self.od_src_mac.d.next = self.q18_mac.q.val();
            self.od_vlan.d.next = self.q18_vlan.q.val();
            self.od_vlan_tci.d.next = self.q18_tci.q.val();
            self.od_is_ipv6.d.next = self.q18_is6.q.val();
            self.od_src_ip.d.next = self.q18_srcip.q.val();
            self.od_dst_ip.d.next = self.q18_dstip.q.val();
            self.od_ce.d.next = self.q18_ce.q.val();
            self.od_sport.d.next = self.f18_sport.q.val();
            self.od_opcode.d.next = self.f18_opcode.q.val();
            self.od_flags.d.next = self.f18_flags.q.val();
            self.od_path_id.d.next = self.f18_path_id.q.val();
            self.od_hdr_words.d.next = self.f18_hdr_words.q.val();
            self.od_dst_conn.d.next = self.f18_dst_conn.q.val();
            self.od_path_psn.d.next = self.f18_path_psn.q.val();
            self.od_csn.d.next = self.f18_csn.q.val();
            self.od_timestamp.d.next = self.f18_timestamp.q.val();
            self.od_payload_len.d.next = self.f18_payload_len.q.val();
            self.od_floor_delta.d.next = self.f18_floor_delta.q.val();
            self.od_rkey.d.next = self.f18_rkey.q.val();
            self.od_va.d.next = self.f18_va.q.val();
            self.od_stream.d.next = self.f18_stream.q.val();
            self.od_msn.d.next = self.f18_msn.q.val();
            self.od_msg_len.d.next = self.f18_msg_len.q.val();
            self.od_rsn.d.next = self.f18_rsn.q.val();
            self.od_offset.d.next = self.f18_offset.q.val();
            self.od_imm.d.next = self.f18_imm.q.val();
            self.od_ack_base_psn.d.next = self.f18_ack_base_psn.q.val();
            self.od_ack_csn_base.d.next = self.f18_ack_csn_base.q.val();
            self.od_ack_ts_echo.d.next = self.f18_ack_ts_echo.q.val();
            self.od_ack_ecn_count.d.next = self.f18_ack_ecn_count.q.val();
            self.od_ack_rate_hint.d.next = self.f18_ack_rate_hint.q.val();
            self.od_ack_sack.d.next = self.f18_ack_sack.q.val();
            self.od_nack_reason.d.next = self.f18_nack_reason.q.val();
            self.od_nack_psn.d.next = self.f18_nack_psn.q.val();
            self.od_nack_csn.d.next = self.f18_nack_csn.q.val();
            self.od_nack_detail.d.next = self.f18_nack_detail.q.val();
            self.od_probe_seq.d.next = self.f18_probe_seq.q.val();
            self.od_probe_ts.d.next = self.f18_probe_ts.q.val();
        }
        self.c_accepted.d.next = self.c_accepted.q.val();
        if self.dv.val()
            & (self.s18_reason.q.val() == bits::<4>(0))
            & (self.c_accepted.q.val() != bits::<32>(0xffff_ffff_u64))
        {
            self.c_accepted.d.next = self.c_accepted.q.val() + bits::<32>(1);
        }
        self.c_truncated.d.next = self.c_truncated.q.val();
        if self.dv.val()
            & (self.s18_reason.q.val() == bits::<4>(1))
            & (self.c_truncated.q.val() != bits::<32>(0xffff_ffff_u64))
        {
            self.c_truncated.d.next = self.c_truncated.q.val() + bits::<32>(1);
        }
        self.c_not_ip.d.next = self.c_not_ip.q.val();
        if self.dv.val()
            & (self.s18_reason.q.val() == bits::<4>(2))
            & (self.c_not_ip.q.val() != bits::<32>(0xffff_ffff_u64))
        {
            self.c_not_ip.d.next = self.c_not_ip.q.val() + bits::<32>(1);
        }
        self.c_bad_ip_header.d.next = self.c_bad_ip_header.q.val();
        if self.dv.val()
            & (self.s18_reason.q.val() == bits::<4>(3))
            & (self.c_bad_ip_header.q.val() != bits::<32>(0xffff_ffff_u64))
        {
            self.c_bad_ip_header.d.next = self.c_bad_ip_header.q.val() + bits::<32>(1);
        }
        self.c_ip_checksum.d.next = self.c_ip_checksum.q.val();
        if self.dv.val()
            & (self.s18_reason.q.val() == bits::<4>(4))
            & (self.c_ip_checksum.q.val() != bits::<32>(0xffff_ffff_u64))
        {
            self.c_ip_checksum.d.next = self.c_ip_checksum.q.val() + bits::<32>(1);
        }
        self.c_fragment.d.next = self.c_fragment.q.val();
        if self.dv.val()
            & (self.s18_reason.q.val() == bits::<4>(5))
            & (self.c_fragment.q.val() != bits::<32>(0xffff_ffff_u64))
        {
            self.c_fragment.d.next = self.c_fragment.q.val() + bits::<32>(1);
        }
        self.c_not_udp.d.next = self.c_not_udp.q.val();
        if self.dv.val()
            & (self.s18_reason.q.val() == bits::<4>(6))
            & (self.c_not_udp.q.val() != bits::<32>(0xffff_ffff_u64))
        {
            self.c_not_udp.d.next = self.c_not_udp.q.val() + bits::<32>(1);
        }
        self.c_ip_length.d.next = self.c_ip_length.q.val();
        if self.dv.val()
            & (self.s18_reason.q.val() == bits::<4>(7))
            & (self.c_ip_length.q.val() != bits::<32>(0xffff_ffff_u64))
        {
            self.c_ip_length.d.next = self.c_ip_length.q.val() + bits::<32>(1);
        }
        self.c_wrong_port.d.next = self.c_wrong_port.q.val();
        if self.dv.val()
            & (self.s18_reason.q.val() == bits::<4>(8))
            & (self.c_wrong_port.q.val() != bits::<32>(0xffff_ffff_u64))
        {
            self.c_wrong_port.d.next = self.c_wrong_port.q.val() + bits::<32>(1);
        }
        self.c_udp_length.d.next = self.c_udp_length.q.val();
        if self.dv.val()
            & (self.s18_reason.q.val() == bits::<4>(9))
            & (self.c_udp_length.q.val() != bits::<32>(0xffff_ffff_u64))
        {
            self.c_udp_length.d.next = self.c_udp_length.q.val() + bits::<32>(1);
        }
        self.c_udp_checksum.d.next = self.c_udp_checksum.q.val();
        if self.dv.val()
            & (self.s18_reason.q.val() == bits::<4>(10))
            & (self.c_udp_checksum.q.val() != bits::<32>(0xffff_ffff_u64))
        {
            self.c_udp_checksum.d.next = self.c_udp_checksum.q.val() + bits::<32>(1);
        }
        self.c_braid_version.d.next = self.c_braid_version.q.val();
        if self.dv.val()
            & (self.s18_reason.q.val() == bits::<4>(11))
            & (self.c_braid_version.q.val() != bits::<32>(0xffff_ffff_u64))
        {
            self.c_braid_version.d.next = self.c_braid_version.q.val() + bits::<32>(1);
        }
        self.c_bad_opcode.d.next = self.c_bad_opcode.q.val();
        if self.dv.val()
            & (self.s18_reason.q.val() == bits::<4>(12))
            & (self.c_bad_opcode.q.val() != bits::<32>(0xffff_ffff_u64))
        {
            self.c_bad_opcode.d.next = self.c_bad_opcode.q.val() + bits::<32>(1);
        }
        self.c_hdr_words.d.next = self.c_hdr_words.q.val();
        if self.dv.val()
            & (self.s18_reason.q.val() == bits::<4>(13))
            & (self.c_hdr_words.q.val() != bits::<32>(0xffff_ffff_u64))
        {
            self.c_hdr_words.d.next = self.c_hdr_words.q.val() + bits::<32>(1);
        }
        self.c_payload_length.d.next = self.c_payload_length.q.val();
        if self.dv.val()
            & (self.s18_reason.q.val() == bits::<4>(14))
            & (self.c_payload_length.q.val() != bits::<32>(0xffff_ffff_u64))
        {
            self.c_payload_length.d.next = self.c_payload_length.q.val() + bits::<32>(1);
        }
        self.c_control_payload.d.next = self.c_control_payload.q.val();
        if self.dv.val()
            & (self.s18_reason.q.val() == bits::<4>(15))
            & (self.c_control_payload.q.val() != bits::<32>(0xffff_ffff_u64))
        {
            self.c_control_payload.d.next = self.c_control_payload.q.val() + bits::<32>(1);
        }
        self.d_valid.next = self.od_v.q.val();
        self.d_ok.next = self.od_ok.q.val();
        self.d_reason.next = self.od_reason.q.val();
        self.d_has_payload.next = self.od_haspl.q.val();
        self.d_src_mac.next = self.od_src_mac.q.val();
        self.d_vlan.next = self.od_vlan.q.val();
        self.d_vlan_tci.next = self.od_vlan_tci.q.val();
        self.d_is_ipv6.next = self.od_is_ipv6.q.val();
        self.d_src_ip.next = self.od_src_ip.q.val();
        self.d_dst_ip.next = self.od_dst_ip.q.val();
        self.d_ce.next = self.od_ce.q.val();
        self.d_sport.next = self.od_sport.q.val();
        self.d_opcode.next = self.od_opcode.q.val();
        self.d_flags.next = self.od_flags.q.val();
        self.d_path_id.next = self.od_path_id.q.val();
        self.d_hdr_words.next = self.od_hdr_words.q.val();
        self.d_dst_conn.next = self.od_dst_conn.q.val();
        self.d_path_psn.next = self.od_path_psn.q.val();
        self.d_csn.next = self.od_csn.q.val();
        self.d_timestamp.next = self.od_timestamp.q.val();
        self.d_payload_len.next = self.od_payload_len.q.val();
        self.d_floor_delta.next = self.od_floor_delta.q.val();
        self.d_rkey.next = self.od_rkey.q.val();
        self.d_va.next = self.od_va.q.val();
        self.d_stream.next = self.od_stream.q.val();
        self.d_msn.next = self.od_msn.q.val();
        self.d_msg_len.next = self.od_msg_len.q.val();
        self.d_rsn.next = self.od_rsn.q.val();
        self.d_offset.next = self.od_offset.q.val();
        self.d_imm.next = self.od_imm.q.val();
        self.d_ack_base_psn.next = self.od_ack_base_psn.q.val();
        self.d_ack_csn_base.next = self.od_ack_csn_base.q.val();
        self.d_ack_ts_echo.next = self.od_ack_ts_echo.q.val();
        self.d_ack_ecn_count.next = self.od_ack_ecn_count.q.val();
        self.d_ack_rate_hint.next = self.od_ack_rate_hint.q.val();
        self.d_ack_sack.next = self.od_ack_sack.q.val();
        self.d_nack_reason.next = self.od_nack_reason.q.val();
        self.d_nack_psn.next = self.od_nack_psn.q.val();
        self.d_nack_csn.next = self.od_nack_csn.q.val();
        self.d_nack_detail.next = self.od_nack_detail.q.val();
        self.d_probe_seq.next = self.od_probe_seq.q.val();
        self.d_probe_ts.next = self.od_probe_ts.q.val();
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

#[cfg(test)]
mod tests {
    use super::*;
    use braid_spec::wire::braid::*;
    use braid_spec::wire::udp::*;

    fn spec_field(layer: &str, name: &str) -> (usize, usize) {
        let (table, fname): (&[braid_spec::Field], &str) = match layer {
            "udp" => (UDP, "src_port"),
            "base" => (BASE_HEADER, name),
            "write" | "write_imm" => (WRITE_EXT, name),
            "send" | "send_imm" => (SEND_EXT, name),
            "ack" => (ACK_EXT, name.trim_start_matches("ack_")),
            "nack" => (NACK_EXT, name.trim_start_matches("nack_")),
            "probe" => (PROBE_EXT, name),
            _ => unreachable!(),
        };
        let fname = match fname {
            "ecn_count" | "rate_hint" | "base_psn" | "csn_base" | "ts_echo" | "sack" => fname,
            n => n,
        };
        let f = braid_spec::field::find(table, fname).unwrap_or_else(|| panic!("{layer}.{fname}"));
        assert_eq!(f.bit_offset, 0);
        (f.offset, f.bits as usize / 8)
    }

    /// Every byte position the RTL decodes is the one braid-spec defines.
    #[test]
    fn field_offsets_match_the_spec() {
        for &(name, layer, off, len) in FIELD_OFFSETS {
            let (o, l) = match layer {
                "write_imm" | "send_imm" => {
                    let op = if layer == "write_imm" {
                        Opcode::WriteImm
                    } else {
                        Opcode::SendImm
                    };
                    (op.header_len() - BASE_HEADER_LEN - IMM_EXT_LEN, 4)
                }
                _ => spec_field(layer, name),
            };
            assert_eq!((o, l), (off, len), "{layer}.{name}");
        }
        assert_eq!(BASE_HEADER_LEN, 24);
        assert_eq!(UDP_LEN, 8);
    }

    /// The opcode values and header lengths the RTL compares against.
    #[test]
    fn opcodes_match_the_spec() {
        let rtl: &[(Opcode, u8, usize)] = &[
            (Opcode::Write, 0x01, 12),
            (Opcode::WriteImm, 0x02, 13),
            (Opcode::Send, 0x03, 10),
            (Opcode::SendImm, 0x04, 11),
            (Opcode::Ack, 0x10, 18),
            (Opcode::Nack, 0x11, 10),
            (Opcode::Probe, 0x20, 8),
            (Opcode::ProbeReply, 0x21, 8),
        ];
        assert_eq!(rtl.len(), OPCODES.len());
        for &(op, v, hw) in rtl {
            assert_eq!(op.value(), v);
            assert_eq!(op.header_len() / 4, hw, "{op:?}");
        }
    }

    /// The reason codes in the priority encoder are braid-spec's.
    #[test]
    fn reason_codes_match_the_spec() {
        use braid_spec::error::rx_drop as r;
        let rtl = [
            r::ACCEPTED,
            r::TRUNCATED,
            r::NOT_IP,
            r::BAD_IP_HEADER,
            r::IP_CHECKSUM,
            r::FRAGMENT,
            r::NOT_UDP,
            r::IP_LENGTH,
            r::WRONG_PORT,
            r::UDP_LENGTH,
            r::UDP_CHECKSUM,
            r::BRAID_VERSION,
            r::BAD_OPCODE,
            r::HDR_WORDS,
            r::PAYLOAD_LENGTH,
            r::CONTROL_PAYLOAD,
        ];
        for (i, c) in rtl.iter().enumerate() {
            assert_eq!(*c as usize, i);
            assert_eq!(r::NAMES[i].1, *c);
        }
    }
}
