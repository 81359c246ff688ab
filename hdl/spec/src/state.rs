//! State layouts: fixed-size records the engine keeps in block RAM.
//!
//! Each record is one little-endian bit vector (see [`StateField`]): field
//! `f` occupies bits `f.lsb .. f.lsb + f.bits`, byte `k` of the packed form
//! holds bits `8k .. 8k+7`. Multi-byte *values* inside a record are plain
//! integers (a MAC or IP address is the big-endian number it spells, so its
//! first octet is in the field's top bits). Bitmaps are [`Sack256`] words in
//! order (word 0 at `lsb`).
//!
//! Circular bitmaps (`received`, `outstanding`, `epoch_lo`/`epoch_hi`, `retx_pending`,
//! `dedup`): bit `i` stands for the sequence number in the record's 256-wide
//! window whose low 8 bits equal `i`.

use crate::field::{state_bits, StateField};
use crate::sack::Sack256;

const fn sf(name: &'static str, lsb: u32, bits: u32, desc: &'static str) -> StateField {
    StateField {
        name,
        lsb,
        bits,
        desc,
    }
}

/// Streams per connection tracked in [`CONN_STATE`] (stream ids 0..MAX_STREAMS;
/// a packet with a larger stream id is NACKed with `INVALID_STREAM`).
pub const MAX_STREAMS: usize = 4;

/// Message window per stream (SPEC section 7): a sender MUST NOT send any
/// packet of message `msn` on a stream unless `msn - msn_una < MSG_WINDOW`,
/// where `msn_una` is its oldest message on the stream not yet fully
/// acknowledged. The receiver then tracks messages `[rx_msn, rx_msn +
/// MSG_WINDOW)` in [`RX_MSG_STATE`] slots indexed by the MSN's low bits.
pub const MSG_WINDOW: usize = 32;

/// Bits of an MSN that select its slot (`log2(MSG_WINDOW)`).
pub const MSG_SLOT_BITS: u32 = MSG_WINDOW.trailing_zeros();

/// Receiver per-path state record.
pub const RX_PATH_STATE: &[StateField] = &[
    sf(
        "base_psn",
        0,
        32,
        "First path PSN not yet received (cumulative ACK point)",
    ),
    sf(
        "received",
        32,
        256,
        "Circular bitmap: bit i = PSN in [base_psn, base_psn+256) with low 8 bits i received",
    ),
    sf(
        "ecn_count",
        288,
        16,
        "CE-marked data packets since the last ACK (saturating)",
    ),
    sf(
        "last_ts",
        304,
        32,
        "timestamp of the newest data packet (echoed as ts_echo)",
    ),
    sf(
        "unacked",
        336,
        8,
        "Data packets received since the last ACK (coalescing counter, saturating)",
    ),
    sf(
        "flags",
        344,
        8,
        "bit0 valid, bit1 ack_pending (ACK_REQ seen or hole found), others 0",
    ),
];

/// `rx_path.flags` bit 0: the record is in use (set by a path restart).
pub const RX_FLAG_VALID: u8 = 1 << 0;
/// `rx_path.flags` bit 1: an ACK is due (a packet asked for one with ACK_REQ
/// or landed beyond a hole); cleared when the ACK is sent.
pub const RX_FLAG_ACK_PENDING: u8 = 1 << 1;

/// Sender per-path state record.
pub const TX_PATH_STATE: &[StateField] = &[
    sf(
        "udp_sport",
        0,
        16,
        "UDP source port (ECMP entropy) of this path",
    ),
    sf(
        "una",
        16,
        32,
        "Path floor: lowest PSN still outstanding, or nxt (sent as floor_delta)",
    ),
    sf("nxt", 48, 32, "Next path PSN to send"),
    sf(
        "outstanding",
        80,
        256,
        "Circular (PSN low 8 bits): sent, neither acknowledged nor declared lost",
    ),
    sf(
        "epoch_lo",
        336,
        256,
        "Circular: bit 8 of the PSN held in each slot (tells an ACK's PSN for the slot from one 256 earlier or later)",
    ),
    sf(
        "epoch_hi",
        592,
        256,
        "Circular: bit 9 of the PSN held in each slot",
    ),
    sf(
        "retx_pending",
        848,
        256,
        "Circular: declared lost (proven by an ACK or timed out), retransmission not yet emitted",
    ),
    sf(
        "cwnd",
        1104,
        24,
        "Congestion window in packets, unsigned 16.8 fixed point",
    ),
    sf(
        "inflight",
        1128,
        16,
        "Packets outstanding and not reported lost",
    ),
    sf(
        "alpha",
        1144,
        16,
        "DCTCP marked-fraction estimate, unsigned 0.16 fixed point",
    ),
    sf("srtt", 1160, 24, "Smoothed RTT in engine clock ticks"),
    sf("rttvar", 1184, 24, "RTT variation in engine clock ticks"),
    sf(
        "rto_deadline",
        1208,
        32,
        "Tick at which the oldest outstanding packet times out",
    ),
    sf(
        "timeouts",
        1240,
        8,
        "Consecutive timeouts (re-hash after 2, retire after 4 by default)",
    ),
    sf(
        "flags",
        1248,
        8,
        "bit0 active, bit1 failed, bit2 probing, others 0",
    ),
];

/// Bits of the `conn` record's `flags` field (named here once; the table's
/// description says the same).
pub mod conn_flags {
    /// The record is in use.
    pub const VALID: u8 = 1 << 0;
    /// The peer is reached over IPv6.
    pub const IPV6: u8 = 1 << 1;
    /// Frames carry an 802.1Q tag (`vlan_tci`).
    pub const VLAN: u8 = 1 << 2;
    /// The connection ended in error.
    pub const ERROR: u8 = 1 << 3;
}

/// Per-connection state record.
pub const CONN_STATE: &[StateField] = &[
    sf(
        "flags",
        0,
        8,
        "bit0 valid, bit1 ipv6, bit2 vlan, bit3 error, others 0",
    ),
    sf("peer_mac", 8, 48, "Peer (or next-hop) MAC address"),
    sf(
        "peer_ip",
        56,
        128,
        "Peer IP address (IPv4 as ::ffff:a.b.c.d)",
    ),
    sf("udp_dport", 184, 16, "Peer's Braid UDP port"),
    sf("vlan_tci", 200, 16, "802.1Q TCI when flags.vlan"),
    sf(
        "dscp",
        216,
        8,
        "DSCP for emitted packets (low 6 bits), high 2 bits 0",
    ),
    sf(
        "local_conn",
        224,
        24,
        "Local connection id (dst_conn of packets we receive)",
    ),
    sf(
        "remote_conn",
        248,
        24,
        "Peer's connection id (dst_conn of packets we send)",
    ),
    sf(
        "num_paths_m1",
        272,
        8,
        "Number of paths minus one (0..=255 for 1..=256 paths)",
    ),
    sf("next_path", 280, 8, "Sprayer round-robin pointer"),
    sf("pd", 288, 16, "Protection domain"),
    sf("csn_next", 304, 32, "Sender: next CSN to assign"),
    sf(
        "csn_una",
        336,
        32,
        "Sender: oldest CSN not yet acknowledged",
    ),
    sf(
        "dedup_base",
        368,
        32,
        "Receiver: every CSN before this has been counted",
    ),
    sf(
        "dedup",
        400,
        256,
        "Receiver: circular bitmap over CSN low 8 bits in [dedup_base, +256)",
    ),
    sf(
        "rate_hint",
        656,
        16,
        "Last rate hint received from the peer (100 Mb/s units, 0 = none)",
    ),
    sf(
        "pacer_next",
        672,
        32,
        "Pacer: earliest tick the next data packet may leave",
    ),
    sf("tx_msn0", 704, 32, "Sender: next MSN to assign on stream 0"),
    sf("tx_msn1", 736, 32, "Sender: next MSN to assign on stream 1"),
    sf("tx_msn2", 768, 32, "Sender: next MSN to assign on stream 2"),
    sf("tx_msn3", 800, 32, "Sender: next MSN to assign on stream 3"),
    sf(
        "rx_msn0",
        832,
        32,
        "Receiver: next MSN to complete on stream 0",
    ),
    sf(
        "rx_msn1",
        864,
        32,
        "Receiver: next MSN to complete on stream 1",
    ),
    sf(
        "rx_msn2",
        896,
        32,
        "Receiver: next MSN to complete on stream 2",
    ),
    sf(
        "rx_msn3",
        928,
        32,
        "Receiver: next MSN to complete on stream 3",
    ),
];

/// Receiver per-message slot record of the message tracker: one per
/// (connection, stream, `msn mod MSG_WINDOW`). Written by the packets of the
/// message; meaningful while the slot's bit in `busy` of
/// [`RX_MSG_HEAD_STATE`] is set.
pub const RX_MSG_STATE: &[StateField] = &[
    sf(
        "remaining",
        0,
        32,
        "Payload bytes of the message not yet counted (0 = complete)",
    ),
    sf(
        "msg_len",
        32,
        32,
        "Message length (byte_len of the completion)",
    ),
    sf("imm", 64, 32, "Immediate data (WRITE_IMM, SEND_IMM)"),
    sf(
        "kind",
        96,
        2,
        "Opcode - 1: 0 WRITE, 1 WRITE_IMM, 2 SEND, 3 SEND_IMM",
    ),
    sf(
        "solicited",
        98,
        1,
        "SOLICITED flag of the message's packets",
    ),
];

/// Receiver per-stream head record of the message tracker: one per
/// (connection, stream).
pub const RX_MSG_HEAD_STATE: &[StateField] = &[
    sf(
        "rx_msn",
        0,
        32,
        "Next MSN to complete on the stream (the window is [rx_msn, rx_msn + MSG_WINDOW))",
    ),
    sf(
        "busy",
        32,
        MSG_WINDOW as u32,
        "Circular (MSN low bits): the slot holds a message of the window (a packet was counted)",
    ),
    sf(
        "done",
        32 + MSG_WINDOW as u32,
        MSG_WINDOW as u32,
        "Circular (MSN low bits): the slot's message is complete, waiting for the head",
    ),
    sf(
        "queued",
        32 + 2 * MSG_WINDOW as u32,
        1,
        "The stream has an entry in the tracker's drain queue",
    ),
];

/// Width of [`RX_PATH_STATE`] in bits.
pub const RX_PATH_STATE_BITS: u32 = state_bits(RX_PATH_STATE);
/// Packed size of [`RX_PATH_STATE`] in bytes.
pub const RX_PATH_STATE_BYTES: usize = RX_PATH_STATE_BITS.div_ceil(8) as usize;
/// Width of [`TX_PATH_STATE`] in bits.
pub const TX_PATH_STATE_BITS: u32 = state_bits(TX_PATH_STATE);
/// Packed size of [`TX_PATH_STATE`] in bytes.
pub const TX_PATH_STATE_BYTES: usize = TX_PATH_STATE_BITS.div_ceil(8) as usize;
/// Width of [`CONN_STATE`] in bits.
pub const CONN_STATE_BITS: u32 = state_bits(CONN_STATE);
/// Packed size of [`CONN_STATE`] in bytes.
pub const CONN_STATE_BYTES: usize = CONN_STATE_BITS.div_ceil(8) as usize;

/// Width of [`RX_MSG_STATE`] in bits.
pub const RX_MSG_STATE_BITS: u32 = state_bits(RX_MSG_STATE);
/// Width of [`RX_MSG_HEAD_STATE`] in bits.
pub const RX_MSG_HEAD_STATE_BITS: u32 = state_bits(RX_MSG_HEAD_STATE);

/// Sender slot-table entry (ENGINE.md "Slot table"): one per path and PSN
/// slot (the PSN's low [`TX_SLOT_BITS`] bits), written when a packet is sent
/// on the path and read when its PSN is declared lost or times out, to
/// rebuild the packet. It holds what is per packet; what is per message
/// (opcode, stream, message length, local and remote addresses, rkey, imm
/// from the WQE; MSN and RSN from the segmenter's per-message record of the
/// WQE) is found through `wqe_idx`. The packet's byte offset is
/// `offset * MTU` and its length `min(MTU, len - offset * MTU)` (every
/// packet but the last of a message carries exactly one MTU). 72 bits: one
/// UltraRAM (4K x 72) or block-RAM (512 x 72) word. An on-chip record, not
/// part of the wire format or the host interface (not in [`STATE_TABLES`],
/// not hashed into `SPEC_HASH`).
pub const TX_SLOT_ENTRY: &[StateField] = &[
    sf(
        "csn",
        0,
        32,
        "CSN of the packet in the slot (kept across retransmissions)",
    ),
    sf(
        "wqe_idx",
        32,
        16,
        "Send-queue ring index of the packet's WQE",
    ),
    sf(
        "offset",
        48,
        20,
        "Offset of the packet's payload in its message, in MTUs",
    ),
    sf(
        "valid",
        68,
        1,
        "The slot holds a sent packet (0 after power-up)",
    ),
    sf("first", 69, 1, "First packet of its message"),
    sf("last", 70, 1, "Last packet of its message"),
    sf(
        "retx",
        71,
        1,
        "The packet was a retransmission when it was sent into this slot",
    ),
];

/// Width of [`TX_SLOT_ENTRY`] in bits (72).
pub const TX_SLOT_ENTRY_BITS: u32 = state_bits(TX_SLOT_ENTRY);

/// Slot-table slots per path: `2^TX_SLOT_BITS` (the PSN's low bits, as
/// [`crate::seq::slot`]).
pub const TX_SLOT_BITS: u32 = 8;

/// Every state table, with its name.
pub const STATE_TABLES: &[(&str, &[StateField])] = &[
    ("rx_path", RX_PATH_STATE),
    ("tx_path", TX_PATH_STATE),
    ("conn", CONN_STATE),
    ("rx_msg", RX_MSG_STATE),
    ("rx_msg_head", RX_MSG_HEAD_STATE),
];

// ------------------------------------------------------------ bit access

/// Read `bits` (<= 128) bits at `lsb` of a little-endian bit vector.
pub fn get_bits(buf: &[u8], lsb: u32, bits: u32) -> u128 {
    let mut v = 0u128;
    for i in (0..bits.min(128)).rev() {
        v = (v << 1) | u128::from(crate::field::get_bit_le(buf, (lsb + i) as usize));
    }
    v
}

/// Write the low `bits` (<= 128) bits of `v` at `lsb` of a little-endian bit vector.
pub fn put_bits(buf: &mut [u8], lsb: u32, bits: u32, v: u128) {
    for i in 0..bits.min(128) {
        crate::field::set_bit_le(buf, (lsb + i) as usize, (v >> i) & 1 == 1);
    }
}

fn field(table: &'static [StateField], name: &str) -> &'static StateField {
    match table.iter().find(|f| f.name == name) {
        Some(f) => f,
        None => unreachable!("state field {name} missing from its table"),
    }
}

struct Packer<'a> {
    table: &'static [StateField],
    buf: &'a mut [u8],
}

impl Packer<'_> {
    fn u(&mut self, name: &str, v: u128) {
        let f = field(self.table, name);
        put_bits(self.buf, f.lsb, f.bits, v);
    }
    fn map(&mut self, name: &str, m: &Sack256) {
        let f = field(self.table, name);
        for (k, w) in m.words.iter().enumerate() {
            put_bits(self.buf, f.lsb + 64 * k as u32, 64, u128::from(*w));
        }
    }
}

struct Reader<'a> {
    table: &'static [StateField],
    buf: &'a [u8],
}

impl Reader<'_> {
    fn u(&self, name: &str) -> u128 {
        let f = field(self.table, name);
        get_bits(self.buf, f.lsb, f.bits)
    }
    fn map(&self, name: &str) -> Sack256 {
        let f = field(self.table, name);
        let mut s = Sack256::ZERO;
        for (k, w) in s.words.iter_mut().enumerate() {
            *w = get_bits(self.buf, f.lsb + 64 * k as u32, 64) as u64;
        }
        s
    }
}

/// Receiver per-path state ([`RX_PATH_STATE`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct RxPathState {
    /// First PSN not yet received.
    pub base_psn: u32,
    /// Circular received bitmap.
    pub received: Sack256,
    /// CE-marked packets since last ACK.
    pub ecn_count: u16,
    /// Newest data timestamp.
    pub last_ts: u32,
    /// Packets since last ACK.
    pub unacked: u8,
    /// Flags.
    pub flags: u8,
}

impl RxPathState {
    /// Pack into the BRAM word.
    pub fn pack(&self) -> [u8; RX_PATH_STATE_BYTES] {
        let mut b = [0u8; RX_PATH_STATE_BYTES];
        let mut p = Packer {
            table: RX_PATH_STATE,
            buf: &mut b,
        };
        p.u("base_psn", self.base_psn.into());
        p.map("received", &self.received);
        p.u("ecn_count", self.ecn_count.into());
        p.u("last_ts", self.last_ts.into());
        p.u("unacked", self.unacked.into());
        p.u("flags", self.flags.into());
        b
    }
    /// Unpack from the BRAM word.
    pub fn unpack(b: &[u8; RX_PATH_STATE_BYTES]) -> Self {
        let r = Reader {
            table: RX_PATH_STATE,
            buf: b,
        };
        RxPathState {
            base_psn: r.u("base_psn") as u32,
            received: r.map("received"),
            ecn_count: r.u("ecn_count") as u16,
            last_ts: r.u("last_ts") as u32,
            unacked: r.u("unacked") as u8,
            flags: r.u("flags") as u8,
        }
    }
}

/// Sender per-path state ([`TX_PATH_STATE`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct TxPathState {
    /// UDP source port.
    pub udp_sport: u16,
    /// Path floor: lowest outstanding PSN, or `nxt`.
    pub una: u32,
    /// Next PSN to send.
    pub nxt: u32,
    /// Circular outstanding bitmap.
    pub outstanding: Sack256,
    /// Circular: bit 8 of the PSN in each slot.
    pub epoch_lo: Sack256,
    /// Circular: bit 9 of the PSN in each slot.
    pub epoch_hi: Sack256,
    /// Circular pending-retransmit bitmap.
    pub retx_pending: Sack256,
    /// cwnd, 16.8 fixed point (24 bits).
    pub cwnd: u32,
    /// In-flight count.
    pub inflight: u16,
    /// DCTCP alpha, 0.16 fixed point.
    pub alpha: u16,
    /// Smoothed RTT (24 bits, ticks).
    pub srtt: u32,
    /// RTT variation (24 bits, ticks).
    pub rttvar: u32,
    /// RTO deadline (ticks).
    pub rto_deadline: u32,
    /// Consecutive timeouts.
    pub timeouts: u8,
    /// Flags.
    pub flags: u8,
}

impl TxPathState {
    /// Pack into the BRAM word (24-bit fields are truncated to 24 bits).
    pub fn pack(&self) -> [u8; TX_PATH_STATE_BYTES] {
        let mut b = [0u8; TX_PATH_STATE_BYTES];
        let mut p = Packer {
            table: TX_PATH_STATE,
            buf: &mut b,
        };
        p.u("udp_sport", self.udp_sport.into());
        p.u("una", self.una.into());
        p.u("nxt", self.nxt.into());
        p.map("outstanding", &self.outstanding);
        p.map("epoch_lo", &self.epoch_lo);
        p.map("epoch_hi", &self.epoch_hi);
        p.map("retx_pending", &self.retx_pending);
        p.u("cwnd", self.cwnd.into());
        p.u("inflight", self.inflight.into());
        p.u("alpha", self.alpha.into());
        p.u("srtt", self.srtt.into());
        p.u("rttvar", self.rttvar.into());
        p.u("rto_deadline", self.rto_deadline.into());
        p.u("timeouts", self.timeouts.into());
        p.u("flags", self.flags.into());
        b
    }
    /// Unpack from the BRAM word.
    pub fn unpack(b: &[u8; TX_PATH_STATE_BYTES]) -> Self {
        let r = Reader {
            table: TX_PATH_STATE,
            buf: b,
        };
        TxPathState {
            udp_sport: r.u("udp_sport") as u16,
            una: r.u("una") as u32,
            nxt: r.u("nxt") as u32,
            outstanding: r.map("outstanding"),
            epoch_lo: r.map("epoch_lo"),
            epoch_hi: r.map("epoch_hi"),
            retx_pending: r.map("retx_pending"),
            cwnd: r.u("cwnd") as u32,
            inflight: r.u("inflight") as u16,
            alpha: r.u("alpha") as u16,
            srtt: r.u("srtt") as u32,
            rttvar: r.u("rttvar") as u32,
            rto_deadline: r.u("rto_deadline") as u32,
            timeouts: r.u("timeouts") as u8,
            flags: r.u("flags") as u8,
        }
    }
}

/// Per-connection state ([`CONN_STATE`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ConnState {
    /// Flags.
    pub flags: u8,
    /// Peer MAC.
    pub peer_mac: [u8; 6],
    /// Peer IP (IPv4-mapped for IPv4).
    pub peer_ip: [u8; 16],
    /// Peer UDP port.
    pub udp_dport: u16,
    /// VLAN TCI.
    pub vlan_tci: u16,
    /// DSCP.
    pub dscp: u8,
    /// Local connection id (24 bits).
    pub local_conn: u32,
    /// Remote connection id (24 bits).
    pub remote_conn: u32,
    /// Paths minus one.
    pub num_paths_m1: u8,
    /// Sprayer pointer.
    pub next_path: u8,
    /// Protection domain.
    pub pd: u16,
    /// Next CSN to assign.
    pub csn_next: u32,
    /// Oldest unacknowledged CSN.
    pub csn_una: u32,
    /// Dedup window base.
    pub dedup_base: u32,
    /// Dedup bitmap (circular).
    pub dedup: Sack256,
    /// Last rate hint from the peer.
    pub rate_hint: u16,
    /// Pacer next-departure tick.
    pub pacer_next: u32,
    /// Next MSN to assign per stream.
    pub tx_msn: [u32; MAX_STREAMS],
    /// Next MSN to complete per stream.
    pub rx_msn: [u32; MAX_STREAMS],
}

const TX_MSN: [&str; MAX_STREAMS] = ["tx_msn0", "tx_msn1", "tx_msn2", "tx_msn3"];
const RX_MSN: [&str; MAX_STREAMS] = ["rx_msn0", "rx_msn1", "rx_msn2", "rx_msn3"];

impl ConnState {
    /// Pack into the BRAM word.
    pub fn pack(&self) -> [u8; CONN_STATE_BYTES] {
        let mut b = [0u8; CONN_STATE_BYTES];
        let mut p = Packer {
            table: CONN_STATE,
            buf: &mut b,
        };
        let mut mac = [0u8; 16];
        mac[10..].copy_from_slice(&self.peer_mac);
        p.u("flags", self.flags.into());
        p.u("peer_mac", u128::from_be_bytes(mac));
        p.u("peer_ip", u128::from_be_bytes(self.peer_ip));
        p.u("udp_dport", self.udp_dport.into());
        p.u("vlan_tci", self.vlan_tci.into());
        p.u("dscp", self.dscp.into());
        p.u("local_conn", self.local_conn.into());
        p.u("remote_conn", self.remote_conn.into());
        p.u("num_paths_m1", self.num_paths_m1.into());
        p.u("next_path", self.next_path.into());
        p.u("pd", self.pd.into());
        p.u("csn_next", self.csn_next.into());
        p.u("csn_una", self.csn_una.into());
        p.u("dedup_base", self.dedup_base.into());
        p.map("dedup", &self.dedup);
        p.u("rate_hint", self.rate_hint.into());
        p.u("pacer_next", self.pacer_next.into());
        for s in 0..MAX_STREAMS {
            p.u(TX_MSN[s], self.tx_msn[s].into());
            p.u(RX_MSN[s], self.rx_msn[s].into());
        }
        b
    }
    /// Unpack from the BRAM word.
    pub fn unpack(b: &[u8; CONN_STATE_BYTES]) -> Self {
        let r = Reader {
            table: CONN_STATE,
            buf: b,
        };
        let mac = (r.u("peer_mac") as u64).to_be_bytes();
        let mut peer_mac = [0u8; 6];
        peer_mac.copy_from_slice(&mac[2..]);
        let mut s = ConnState {
            flags: r.u("flags") as u8,
            peer_mac,
            peer_ip: r.u("peer_ip").to_be_bytes(),
            udp_dport: r.u("udp_dport") as u16,
            vlan_tci: r.u("vlan_tci") as u16,
            dscp: r.u("dscp") as u8,
            local_conn: r.u("local_conn") as u32,
            remote_conn: r.u("remote_conn") as u32,
            num_paths_m1: r.u("num_paths_m1") as u8,
            next_path: r.u("next_path") as u8,
            pd: r.u("pd") as u16,
            csn_next: r.u("csn_next") as u32,
            csn_una: r.u("csn_una") as u32,
            dedup_base: r.u("dedup_base") as u32,
            dedup: r.map("dedup"),
            rate_hint: r.u("rate_hint") as u16,
            pacer_next: r.u("pacer_next") as u32,
            tx_msn: [0; MAX_STREAMS],
            rx_msn: [0; MAX_STREAMS],
        };
        for i in 0..MAX_STREAMS {
            s.tx_msn[i] = r.u(TX_MSN[i]) as u32;
            s.rx_msn[i] = r.u(RX_MSN[i]) as u32;
        }
        s
    }
}

// ------------------------------------------------------------ BRAM budget

/// Bits in one UltraScale+ RAMB36 (36 Kib).
pub const RAMB36_BITS: u32 = 36 * 1024;

/// (depth, width) shapes of one RAMB36 in simple-dual-port mode.
pub const RAMB36_SHAPES: &[(u64, u64)] = &[
    (512, 72),
    (1024, 36),
    (2048, 18),
    (4096, 9),
    (8192, 4),
    (16384, 2),
    (32768, 1),
];

/// Devices and their RAMB36 counts.
pub const DEVICES: &[(&str, u64)] = &[("Alveo U250", 2688), ("Alveo U280", 2016)];

/// RAMB36 blocks for a table of `depth` records of `width` bits, using the
/// best single RAMB36 shape (width tiled side by side, depth cascaded).
pub fn ramb36_for_table(depth: u64, width: u64) -> u64 {
    RAMB36_SHAPES
        .iter()
        .map(|&(d, w)| width.div_ceil(w) * depth.div_ceil(d))
        .min()
        .unwrap_or(u64::MAX)
}

/// RAMB36 blocks for `conns` connections with `paths` paths each: one
/// connection table, sender and receiver path tables of `conns * paths`
/// records (every connection both sends and receives), and the message
/// tracker's head (`conns * MAX_STREAMS`) and slot (`conns * MAX_STREAMS *
/// MSG_WINDOW`) tables.
pub fn ramb36_for(conns: u64, paths: u64) -> u64 {
    let streams = conns * MAX_STREAMS as u64;
    ramb36_for_table(conns, u64::from(CONN_STATE_BITS))
        + ramb36_for_table(conns * paths, u64::from(TX_PATH_STATE_BITS))
        + ramb36_for_table(conns * paths, u64::from(RX_PATH_STATE_BITS))
        + ramb36_for_table(streams, u64::from(RX_MSG_HEAD_STATE_BITS))
        + ramb36_for_table(streams * MSG_WINDOW as u64, u64::from(RX_MSG_STATE_BITS))
}

/// Largest connection count whose state fits in `budget` RAMB36 blocks.
pub fn max_connections(budget: u64, paths: u64) -> u64 {
    let (mut lo, mut hi) = (0u64, 1u64 << 24);
    while lo < hi {
        let mid = (lo + hi).div_ceil(2);
        if ramb36_for(mid, paths) <= budget {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    lo
}
