//! Braid headers: the base header present on every packet, and the
//! opcode-selected extension headers that follow it.
//!
//! Layout of the UDP payload:
//!
//! ```text
//! | base header (24) | extension (0..48, by opcode) | immediate (4, *_IMM only) | payload |
//! ```

use super::{fld, header_view};
use crate::field::{table_len, Field};
use crate::sack::{Sack256, SACK_BYTES};
use crate::{Error, Result, BRAID_VERSION};

// ---------------------------------------------------------------- opcodes

/// Braid opcodes (base header byte 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Opcode {
    /// RDMA WRITE: payload placed at (rkey, va) carried by this packet.
    Write = 0x01,
    /// RDMA WRITE with immediate: as WRITE, plus a completion carrying `imm`
    /// on the receiver when the whole message has landed.
    WriteImm = 0x02,
    /// SEND: payload placed into the posted receive buffer of (stream, msn) at `offset`.
    Send = 0x03,
    /// SEND with immediate data.
    SendImm = 0x04,
    /// Per-path acknowledgement with 256-bit SACK bitvector.
    Ack = 0x10,
    /// Negative acknowledgement: a data packet arrived but was not placed.
    Nack = 0x11,
    /// Path liveness probe.
    Probe = 0x20,
    /// Answer to a probe.
    ProbeReply = 0x21,
}

/// Every opcode, in table order.
pub const OPCODES: &[Opcode] = &[
    Opcode::Write,
    Opcode::WriteImm,
    Opcode::Send,
    Opcode::SendImm,
    Opcode::Ack,
    Opcode::Nack,
    Opcode::Probe,
    Opcode::ProbeReply,
];

impl Opcode {
    /// Decode; `None` for unassigned values.
    pub const fn from_u8(v: u8) -> Option<Opcode> {
        Some(match v {
            0x01 => Opcode::Write,
            0x02 => Opcode::WriteImm,
            0x03 => Opcode::Send,
            0x04 => Opcode::SendImm,
            0x10 => Opcode::Ack,
            0x11 => Opcode::Nack,
            0x20 => Opcode::Probe,
            0x21 => Opcode::ProbeReply,
            _ => return None,
        })
    }

    /// Wire value.
    pub const fn value(self) -> u8 {
        self as u8
    }

    /// Stable name (enters the spec hash).
    pub const fn name(self) -> &'static str {
        match self {
            Opcode::Write => "WRITE",
            Opcode::WriteImm => "WRITE_IMM",
            Opcode::Send => "SEND",
            Opcode::SendImm => "SEND_IMM",
            Opcode::Ack => "ACK",
            Opcode::Nack => "NACK",
            Opcode::Probe => "PROBE",
            Opcode::ProbeReply => "PROBE_REPLY",
        }
    }

    /// The extension table that follows the base header (empty slice: none).
    pub const fn extension(self) -> &'static [Field] {
        match self {
            Opcode::Write | Opcode::WriteImm => WRITE_EXT,
            Opcode::Send | Opcode::SendImm => SEND_EXT,
            Opcode::Ack => ACK_EXT,
            Opcode::Nack => NACK_EXT,
            Opcode::Probe | Opcode::ProbeReply => PROBE_EXT,
        }
    }

    /// Whether a 4-byte immediate header follows the extension.
    pub const fn has_imm(self) -> bool {
        matches!(self, Opcode::WriteImm | Opcode::SendImm)
    }

    /// Whether the packet carries payload and is sequenced (path PSN, CSN).
    pub const fn is_data(self) -> bool {
        matches!(
            self,
            Opcode::Write | Opcode::WriteImm | Opcode::Send | Opcode::SendImm
        )
    }

    /// Total Braid header length (base + extension + immediate) in bytes.
    pub const fn header_len(self) -> usize {
        BASE_HEADER_LEN + table_len(self.extension()) + if self.has_imm() { IMM_EXT_LEN } else { 0 }
    }

    /// One-line description for the documentation.
    pub const fn desc(self) -> &'static str {
        match self {
            Opcode::Write => "RDMA WRITE packet; placed at (rkey, va) it carries",
            Opcode::WriteImm => "WRITE + immediate; completion with imm when message complete",
            Opcode::Send => "SEND packet; placed in posted buffer of (stream, msn) at offset",
            Opcode::SendImm => "SEND + immediate",
            Opcode::Ack => "Per-path cumulative + selective ACK, ECN count, rate hint",
            Opcode::Nack => "Data packet received but not placed; reason code",
            Opcode::Probe => "Path liveness / RTT probe",
            Opcode::ProbeReply => "Echo of a probe",
        }
    }
}

// ---------------------------------------------------------------- flags

/// Base-header flag bits (byte 2). Unassigned bits are reserved: emitted as
/// given, ignored by receivers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Flags(pub u8);

impl Flags {
    /// Receiver should ACK this packet immediately (no coalescing).
    pub const ACK_REQ: u8 = 0x01;
    /// First packet of its message (by offset, not by arrival).
    pub const FIRST: u8 = 0x02;
    /// Last packet of its message (by offset, not by arrival).
    pub const LAST: u8 = 0x04;
    /// Solicited event: the completion of this message should raise an interrupt.
    pub const SOLICITED: u8 = 0x08;
    /// This packet is a retransmission (informational; carries a fresh path PSN).
    pub const RETX: u8 = 0x10;

    /// Names and values of the assigned bits, for documentation and hashing.
    pub const TABLE: &'static [(&'static str, u8, &'static str)] = &[
        (
            "ACK_REQ",
            Self::ACK_REQ,
            "Ask the receiver to ACK this path now",
        ),
        (
            "FIRST",
            Self::FIRST,
            "First packet of the message (lowest offset)",
        ),
        (
            "LAST",
            Self::LAST,
            "Last packet of the message (highest offset)",
        ),
        (
            "SOLICITED",
            Self::SOLICITED,
            "Completion should raise an event",
        ),
        (
            "RETX",
            Self::RETX,
            "Retransmission (new path PSN, same CSN)",
        ),
    ];

    /// Whether all bits in `mask` are set.
    pub const fn has(self, mask: u8) -> bool {
        self.0 & mask == mask
    }
}

// ---------------------------------------------------------------- NACK reasons

/// NACK reason codes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum NackReason {
    /// SEND: no receive buffer posted for (stream, msn). Retryable.
    NoReceiveBuffer = 0x01,
    /// WRITE: rkey unknown or invalidated. Fatal.
    InvalidRkey = 0x02,
    /// WRITE: memory region lacks remote-write access. Fatal.
    AccessViolation = 0x03,
    /// WRITE: [va, va + payload_len) not inside the region; SEND: offset + len beyond the buffer. Fatal.
    OutOfBounds = 0x04,
    /// WRITE: region belongs to another protection domain. Fatal.
    PdMismatch = 0x05,
    /// Header fields inconsistent (e.g. offset + payload > msg_len). Fatal.
    Malformed = 0x06,
    /// Destination connection id unknown or not in the connected state. Fatal.
    InvalidConnection = 0x07,
    /// Stream id beyond the streams this connection supports. Fatal.
    InvalidStream = 0x08,
    /// SEND: message longer than the posted receive buffer. Fatal.
    BufferTooSmall = 0x09,
}

/// Every NACK reason, in table order.
pub const NACK_REASONS: &[NackReason] = &[
    NackReason::NoReceiveBuffer,
    NackReason::InvalidRkey,
    NackReason::AccessViolation,
    NackReason::OutOfBounds,
    NackReason::PdMismatch,
    NackReason::Malformed,
    NackReason::InvalidConnection,
    NackReason::InvalidStream,
    NackReason::BufferTooSmall,
];

impl NackReason {
    /// Decode; `None` for unassigned values.
    pub const fn from_u8(v: u8) -> Option<NackReason> {
        Some(match v {
            0x01 => NackReason::NoReceiveBuffer,
            0x02 => NackReason::InvalidRkey,
            0x03 => NackReason::AccessViolation,
            0x04 => NackReason::OutOfBounds,
            0x05 => NackReason::PdMismatch,
            0x06 => NackReason::Malformed,
            0x07 => NackReason::InvalidConnection,
            0x08 => NackReason::InvalidStream,
            0x09 => NackReason::BufferTooSmall,
            _ => return None,
        })
    }
    /// Wire value.
    pub const fn value(self) -> u8 {
        self as u8
    }
    /// Stable name.
    pub const fn name(self) -> &'static str {
        match self {
            NackReason::NoReceiveBuffer => "NO_RECV_BUFFER",
            NackReason::InvalidRkey => "INVALID_RKEY",
            NackReason::AccessViolation => "ACCESS_VIOLATION",
            NackReason::OutOfBounds => "OUT_OF_BOUNDS",
            NackReason::PdMismatch => "PD_MISMATCH",
            NackReason::Malformed => "MALFORMED",
            NackReason::InvalidConnection => "INVALID_CONNECTION",
            NackReason::InvalidStream => "INVALID_STREAM",
            NackReason::BufferTooSmall => "BUFFER_TOO_SMALL",
        }
    }
    /// Whether the sender may retry (only `NoReceiveBuffer`); every other
    /// reason completes the work request in error and stops the connection.
    pub const fn retryable(self) -> bool {
        matches!(self, NackReason::NoReceiveBuffer)
    }
    /// What `detail` carries for this reason.
    pub const fn desc(self) -> &'static str {
        match self {
            NackReason::NoReceiveBuffer => "retryable; detail = msn",
            NackReason::InvalidRkey => "fatal; detail = rkey",
            NackReason::AccessViolation => "fatal; detail = rkey",
            NackReason::OutOfBounds => "fatal; detail = rkey (WRITE) or msn (SEND)",
            NackReason::PdMismatch => "fatal; detail = rkey",
            NackReason::Malformed => "fatal; detail = 0",
            NackReason::InvalidConnection => "fatal; detail = dst_conn received",
            NackReason::InvalidStream => "fatal; detail = stream",
            NackReason::BufferTooSmall => "fatal; detail = msn",
        }
    }
}

// ---------------------------------------------------------------- base header

/// Base header: version.
pub const B_VERSION: Field = fld("version", 0, 0, 4, "Protocol version, = 1");
/// Base header: reserved nibble.
pub const B_RSVD0: Field = fld("reserved0", 0, 4, 4, "Reserved: send 0, ignore on receive");
/// Base header: opcode.
pub const B_OPCODE: Field = fld(
    "opcode",
    1,
    0,
    8,
    "Opcode (see opcode table); selects the extension",
);
/// Base header: flags.
pub const B_FLAGS: Field = fld("flags", 2, 0, 8, "Flag bits (see flag table)");
/// Base header: path id.
pub const B_PATH_ID: Field = fld(
    "path_id",
    3,
    0,
    8,
    "Path this packet is sequenced on (data) or refers to (ACK/NACK/PROBE)",
);
/// Base header: header length in 32-bit words.
pub const B_HDR_WORDS: Field = fld(
    "hdr_words",
    4,
    0,
    8,
    "Braid header length (base + extension + immediate) in 4-byte words",
);
/// Base header: destination connection id.
pub const B_DST_CONN: Field = fld(
    "dst_conn",
    5,
    0,
    24,
    "Destination connection id at the receiver",
);
/// Base header: path PSN.
pub const B_PATH_PSN: Field = fld(
    "path_psn",
    8,
    0,
    32,
    "Data: per-path PSN (serial arithmetic). Control: 0",
);
/// Base header: connection sequence number.
pub const B_CSN: Field = fld(
    "csn",
    12,
    0,
    32,
    "Data: connection sequence number, kept across retransmits. Control: 0",
);
/// Base header: send timestamp.
pub const B_TIMESTAMP: Field = fld(
    "timestamp",
    16,
    0,
    32,
    "Sender clock (engine ticks) at transmission; echoed in ACK",
);
/// Base header: payload length.
pub const B_PAYLOAD_LEN: Field = fld(
    "payload_len",
    20,
    0,
    16,
    "Payload bytes after all Braid headers (0 for control packets)",
);
/// Base header: distance from the path floor.
pub const B_FLOOR_DELTA: Field = fld(
    "floor_delta",
    22,
    0,
    16,
    "Data: path_psn minus the sender's path floor (its lowest unresolved PSN on this path); the receiver may slide its base up to path_psn - floor_delta. Control: 0",
);
/// Base header table.
pub const BASE_HEADER: &[Field] = &[
    B_VERSION,
    B_RSVD0,
    B_OPCODE,
    B_FLAGS,
    B_PATH_ID,
    B_HDR_WORDS,
    B_DST_CONN,
    B_PATH_PSN,
    B_CSN,
    B_TIMESTAMP,
    B_PAYLOAD_LEN,
    B_FLOOR_DELTA,
];
/// Base header length.
pub const BASE_HEADER_LEN: usize = table_len(BASE_HEADER);

header_view! {
    /// View of the Braid base header.
    BasePacket, layer = "braid base header", len = BASE_HEADER_LEN,
    {
        version / set_version: u8 = B_VERSION;
        opcode_raw / set_opcode_raw: u8 = B_OPCODE;
        flags_raw / set_flags_raw: u8 = B_FLAGS;
        path_id / set_path_id: u8 = B_PATH_ID;
        hdr_words / set_hdr_words: u8 = B_HDR_WORDS;
        dst_conn / set_dst_conn: u32 = B_DST_CONN;
        path_psn / set_path_psn: u32 = B_PATH_PSN;
        csn / set_csn: u32 = B_CSN;
        timestamp / set_timestamp: u32 = B_TIMESTAMP;
        payload_len / set_payload_len: u16 = B_PAYLOAD_LEN;
        floor_delta / set_floor_delta: u16 = B_FLOOR_DELTA;
    }
}

/// Parsed base header. `version` and `hdr_words` are implied.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BaseRepr {
    /// Opcode.
    pub opcode: Opcode,
    /// Flags.
    pub flags: Flags,
    /// Path id.
    pub path_id: u8,
    /// Destination connection id (24 bits).
    pub dst_conn: u32,
    /// Path PSN.
    pub path_psn: u32,
    /// Connection sequence number.
    pub csn: u32,
    /// Send timestamp.
    pub timestamp: u32,
    /// Payload length after the Braid headers.
    pub payload_len: u16,
    /// `path_psn` minus the sender's path floor (section 6, "Path floor").
    pub floor_delta: u16,
}

impl BaseRepr {
    /// Parse and check version, opcode and `hdr_words`.
    pub fn parse<T: AsRef<[u8]>>(p: &BasePacket<T>) -> Result<Self> {
        if p.version() != BRAID_VERSION {
            return Err(Error::BadVersion {
                layer: "braid",
                found: p.version(),
                expected: BRAID_VERSION,
            });
        }
        let opcode = Opcode::from_u8(p.opcode_raw()).ok_or(Error::BadOpcode(p.opcode_raw()))?;
        let expected = opcode.header_len() / 4;
        if usize::from(p.hdr_words()) != expected {
            return Err(Error::BadHeaderLength {
                layer: "braid",
                found: usize::from(p.hdr_words()),
                expected,
            });
        }
        Ok(BaseRepr {
            opcode,
            flags: Flags(p.flags_raw()),
            path_id: p.path_id(),
            dst_conn: p.dst_conn(),
            path_psn: p.path_psn(),
            csn: p.csn(),
            timestamp: p.timestamp(),
            payload_len: p.payload_len(),
            floor_delta: p.floor_delta(),
        })
    }

    /// Base header length (24).
    pub const fn buffer_len(&self) -> usize {
        BASE_HEADER_LEN
    }

    /// Emit (reserved fields zeroed, `hdr_words` from the opcode).
    pub fn emit<T: AsRef<[u8]> + AsMut<[u8]>>(&self, p: &mut BasePacket<T>) {
        p.set_version(BRAID_VERSION);
        B_RSVD0.write(p.buffer.as_mut(), 0);
        p.set_opcode_raw(self.opcode.value());
        p.set_flags_raw(self.flags.0);
        p.set_path_id(self.path_id);
        p.set_hdr_words((self.opcode.header_len() / 4) as u8);
        p.set_dst_conn(self.dst_conn);
        p.set_path_psn(self.path_psn);
        p.set_csn(self.csn);
        p.set_timestamp(self.timestamp);
        p.set_payload_len(self.payload_len);
        p.set_floor_delta(self.floor_delta);
    }
}

// ---------------------------------------------------------------- WRITE

/// WRITE: rkey.
pub const W_RKEY: Field = fld("rkey", 0, 0, 32, "Remote key of the target memory region");
/// WRITE: virtual address of this packet's payload.
pub const W_VA: Field = fld(
    "va",
    4,
    0,
    64,
    "Remote virtual address of THIS packet's first payload byte",
);
/// WRITE: stream.
pub const W_STREAM: Field = fld(
    "stream",
    12,
    0,
    8,
    "Stream whose completion order this message joins",
);
/// WRITE: reserved.
pub const W_RSVD: Field = fld("reserved", 13, 0, 24, "Reserved: send 0, ignore on receive");
/// WRITE: message sequence number.
pub const W_MSN: Field = fld(
    "msn",
    16,
    0,
    32,
    "Message sequence number within the stream",
);
/// WRITE: total message length.
pub const W_MSG_LEN: Field = fld("msg_len", 20, 0, 32, "Total message length in bytes");
/// WRITE extension table.
pub const WRITE_EXT: &[Field] = &[W_RKEY, W_VA, W_STREAM, W_RSVD, W_MSN, W_MSG_LEN];
/// WRITE extension length.
pub const WRITE_EXT_LEN: usize = table_len(WRITE_EXT);

header_view! {
    /// View of the WRITE extension.
    WriteExtPacket, layer = "braid WRITE extension", len = WRITE_EXT_LEN,
    {
        rkey / set_rkey: u32 = W_RKEY;
        va / set_va: u64 = W_VA;
        stream / set_stream: u8 = W_STREAM;
        msn / set_msn: u32 = W_MSN;
        msg_len / set_msg_len: u32 = W_MSG_LEN;
    }
}

/// Parsed WRITE extension.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct WriteRepr {
    /// Remote key.
    pub rkey: u32,
    /// Virtual address of this packet's payload.
    pub va: u64,
    /// Stream.
    pub stream: u8,
    /// Message sequence number.
    pub msn: u32,
    /// Total message length.
    pub msg_len: u32,
}

impl WriteRepr {
    /// Parse.
    pub fn parse<T: AsRef<[u8]>>(p: &WriteExtPacket<T>) -> Self {
        WriteRepr {
            rkey: p.rkey(),
            va: p.va(),
            stream: p.stream(),
            msn: p.msn(),
            msg_len: p.msg_len(),
        }
    }
    /// Length (24).
    pub const fn buffer_len(&self) -> usize {
        WRITE_EXT_LEN
    }
    /// Emit.
    pub fn emit<T: AsRef<[u8]> + AsMut<[u8]>>(&self, p: &mut WriteExtPacket<T>) {
        p.set_rkey(self.rkey);
        p.set_va(self.va);
        p.set_stream(self.stream);
        W_RSVD.write(p.buffer.as_mut(), 0);
        p.set_msn(self.msn);
        p.set_msg_len(self.msg_len);
    }
}

// ---------------------------------------------------------------- SEND

/// SEND: stream.
pub const S_STREAM: Field = fld("stream", 0, 0, 8, "Stream id");
/// SEND: receive sequence number.
pub const S_RSN: Field = fld(
    "rsn",
    1,
    0,
    24,
    "Receive sequence number: index (mod 2^24) of the posted receive this message consumes on the stream",
);
/// SEND: message sequence number.
pub const S_MSN: Field = fld(
    "msn",
    4,
    0,
    32,
    "Message sequence number within the stream (orders completions)",
);
/// SEND: offset of this packet's payload.
pub const S_OFFSET: Field = fld(
    "offset",
    8,
    0,
    32,
    "Byte offset of THIS packet's payload within the message",
);
/// SEND: total message length.
pub const S_MSG_LEN: Field = fld("msg_len", 12, 0, 32, "Total message length in bytes");
/// SEND extension table.
pub const SEND_EXT: &[Field] = &[S_STREAM, S_RSN, S_MSN, S_OFFSET, S_MSG_LEN];
/// SEND extension length.
pub const SEND_EXT_LEN: usize = table_len(SEND_EXT);

header_view! {
    /// View of the SEND extension.
    SendExtPacket, layer = "braid SEND extension", len = SEND_EXT_LEN,
    {
        stream / set_stream: u8 = S_STREAM;
        rsn / set_rsn: u32 = S_RSN;
        msn / set_msn: u32 = S_MSN;
        offset / set_offset: u32 = S_OFFSET;
        msg_len / set_msg_len: u32 = S_MSG_LEN;
    }
}

/// Parsed SEND extension.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SendRepr {
    /// Stream.
    pub stream: u8,
    /// Receive sequence number (24 bits).
    pub rsn: u32,
    /// Message sequence number.
    pub msn: u32,
    /// Offset of this packet's payload within the message.
    pub offset: u32,
    /// Total message length.
    pub msg_len: u32,
}

impl SendRepr {
    /// Parse.
    pub fn parse<T: AsRef<[u8]>>(p: &SendExtPacket<T>) -> Self {
        SendRepr {
            stream: p.stream(),
            rsn: p.rsn(),
            msn: p.msn(),
            offset: p.offset(),
            msg_len: p.msg_len(),
        }
    }
    /// Length (16).
    pub const fn buffer_len(&self) -> usize {
        SEND_EXT_LEN
    }
    /// Emit.
    pub fn emit<T: AsRef<[u8]> + AsMut<[u8]>>(&self, p: &mut SendExtPacket<T>) {
        p.set_stream(self.stream);
        p.set_rsn(self.rsn);
        p.set_msn(self.msn);
        p.set_offset(self.offset);
        p.set_msg_len(self.msg_len);
    }
}

// ---------------------------------------------------------------- IMM

/// Immediate data.
pub const I_IMM: Field = fld(
    "imm",
    0,
    0,
    32,
    "Immediate data, delivered in the receiver's completion",
);
/// Immediate extension table (follows WRITE/SEND extension for *_IMM opcodes).
pub const IMM_EXT: &[Field] = &[I_IMM];
/// Immediate extension length.
pub const IMM_EXT_LEN: usize = table_len(IMM_EXT);

header_view! {
    /// View of the immediate-data extension.
    ImmExtPacket, layer = "braid immediate", len = IMM_EXT_LEN,
    { imm / set_imm: u32 = I_IMM; }
}

// ---------------------------------------------------------------- ACK

/// ACK: cumulative base PSN.
pub const A_BASE_PSN: Field = fld(
    "base_psn",
    0,
    0,
    32,
    "First path PSN not yet received on path_id (all before it received)",
);
/// ACK: CSN dedup base.
pub const A_CSN_BASE: Field = fld(
    "csn_base",
    4,
    0,
    32,
    "Receiver dedup window base: every CSN before it has been received",
);
/// ACK: timestamp echo.
pub const A_TS_ECHO: Field = fld(
    "ts_echo",
    8,
    0,
    32,
    "timestamp of the newest data packet on this path that triggered the ACK",
);
/// ACK: ECN-marked count.
pub const A_ECN_COUNT: Field = fld(
    "ecn_count",
    12,
    0,
    16,
    "CE-marked data packets on this path since the previous ACK (saturating)",
);
/// ACK: rate hint.
pub const A_RATE_HINT: Field = fld(
    "rate_hint",
    14,
    0,
    16,
    "Receiver's fair-share rate for this sender, units of 100 Mb/s; 0 = no limit",
);
/// ACK: SACK bitvector.
pub const A_SACK: Field = fld(
    "sack",
    16,
    0,
    256,
    "Bit j (byte j/8, bit j%8 from LSB) set = PSN base_psn + j received",
);
/// ACK extension table.
pub const ACK_EXT: &[Field] = &[
    A_BASE_PSN,
    A_CSN_BASE,
    A_TS_ECHO,
    A_ECN_COUNT,
    A_RATE_HINT,
    A_SACK,
];
/// ACK extension length.
pub const ACK_EXT_LEN: usize = table_len(ACK_EXT);

header_view! {
    /// View of the ACK extension.
    AckPacket, layer = "braid ACK extension", len = ACK_EXT_LEN,
    {
        base_psn / set_base_psn: u32 = A_BASE_PSN;
        csn_base / set_csn_base: u32 = A_CSN_BASE;
        ts_echo / set_ts_echo: u32 = A_TS_ECHO;
        ecn_count / set_ecn_count: u16 = A_ECN_COUNT;
        rate_hint / set_rate_hint: u16 = A_RATE_HINT;
    }
}

impl<T: AsRef<[u8]>> AckPacket<T> {
    /// The SACK bitvector.
    pub fn sack(&self) -> Sack256 {
        Sack256::from_slice(A_SACK.bytes(self.as_bytes()))
    }
}

impl<T: AsRef<[u8]> + AsMut<[u8]>> AckPacket<T> {
    /// Set the SACK bitvector.
    pub fn set_sack(&mut self, s: &Sack256) {
        let bytes: [u8; SACK_BYTES] = s.to_bytes();
        for (d, b) in A_SACK.bytes_mut(self.buffer.as_mut()).iter_mut().zip(bytes) {
            *d = b;
        }
    }
}

/// Rate-hint unit in bits per second (100 Mb/s).
pub const RATE_HINT_UNIT_BPS: u64 = 100_000_000;

/// Parsed ACK extension (the acked path is the base header's `path_id`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct AckRepr {
    /// First PSN not yet received.
    pub base_psn: u32,
    /// CSN dedup window base.
    pub csn_base: u32,
    /// Echoed timestamp.
    pub ts_echo: u32,
    /// ECN-marked count.
    pub ecn_count: u16,
    /// Rate hint (100 Mb/s units, 0 = none).
    pub rate_hint: u16,
    /// Bit j = PSN base_psn + j received.
    pub sack: Sack256,
}

impl AckRepr {
    /// Parse.
    pub fn parse<T: AsRef<[u8]>>(p: &AckPacket<T>) -> Self {
        AckRepr {
            base_psn: p.base_psn(),
            csn_base: p.csn_base(),
            ts_echo: p.ts_echo(),
            ecn_count: p.ecn_count(),
            rate_hint: p.rate_hint(),
            sack: p.sack(),
        }
    }
    /// Length (48).
    pub const fn buffer_len(&self) -> usize {
        ACK_EXT_LEN
    }
    /// Emit.
    pub fn emit<T: AsRef<[u8]> + AsMut<[u8]>>(&self, p: &mut AckPacket<T>) {
        p.set_base_psn(self.base_psn);
        p.set_csn_base(self.csn_base);
        p.set_ts_echo(self.ts_echo);
        p.set_ecn_count(self.ecn_count);
        p.set_rate_hint(self.rate_hint);
        p.set_sack(&self.sack);
    }
}

// ---------------------------------------------------------------- NACK

/// NACK: reason.
pub const N_REASON: Field = fld("reason", 0, 0, 8, "Reason code (see NACK reason table)");
/// NACK: reserved.
pub const N_RSVD: Field = fld("reserved", 1, 0, 24, "Reserved: send 0, ignore on receive");
/// NACK: rejected packet's PSN.
pub const N_PSN: Field = fld(
    "psn",
    4,
    0,
    32,
    "path_psn of the rejected packet (on base path_id)",
);
/// NACK: rejected packet's CSN.
pub const N_CSN: Field = fld("csn", 8, 0, 32, "csn of the rejected packet");
/// NACK: reason-specific detail.
pub const N_DETAIL: Field = fld(
    "detail",
    12,
    0,
    32,
    "Reason-specific detail (rkey, msn, stream ...)",
);
/// NACK extension table.
pub const NACK_EXT: &[Field] = &[N_REASON, N_RSVD, N_PSN, N_CSN, N_DETAIL];
/// NACK extension length.
pub const NACK_EXT_LEN: usize = table_len(NACK_EXT);

header_view! {
    /// View of the NACK extension.
    NackPacket, layer = "braid NACK extension", len = NACK_EXT_LEN,
    {
        reason_raw / set_reason_raw: u8 = N_REASON;
        psn / set_psn: u32 = N_PSN;
        csn / set_csn: u32 = N_CSN;
        detail / set_detail: u32 = N_DETAIL;
    }
}

/// Parsed NACK extension (the path is the base header's `path_id`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct NackRepr {
    /// Reason.
    pub reason: NackReason,
    /// Rejected packet's path PSN.
    pub psn: u32,
    /// Rejected packet's CSN.
    pub csn: u32,
    /// Reason-specific detail.
    pub detail: u32,
}

impl NackRepr {
    /// Parse (unknown reason codes are an error).
    pub fn parse<T: AsRef<[u8]>>(p: &NackPacket<T>) -> Result<Self> {
        let reason =
            NackReason::from_u8(p.reason_raw()).ok_or(Error::BadNackReason(p.reason_raw()))?;
        Ok(NackRepr {
            reason,
            psn: p.psn(),
            csn: p.csn(),
            detail: p.detail(),
        })
    }
    /// Length (16).
    pub const fn buffer_len(&self) -> usize {
        NACK_EXT_LEN
    }
    /// Emit.
    pub fn emit<T: AsRef<[u8]> + AsMut<[u8]>>(&self, p: &mut NackPacket<T>) {
        p.set_reason_raw(self.reason.value());
        N_RSVD.write(p.buffer.as_mut(), 0);
        p.set_psn(self.psn);
        p.set_csn(self.csn);
        p.set_detail(self.detail);
    }
}

// ---------------------------------------------------------------- PROBE

/// PROBE: sequence.
pub const P_SEQ: Field = fld(
    "probe_seq",
    0,
    0,
    32,
    "Probe sequence number (reply echoes it)",
);
/// PROBE: origin timestamp.
pub const P_TS: Field = fld(
    "probe_ts",
    4,
    0,
    32,
    "Prober's clock at transmission (reply echoes it; RTT = now - probe_ts)",
);
/// PROBE / PROBE_REPLY extension table.
pub const PROBE_EXT: &[Field] = &[P_SEQ, P_TS];
/// PROBE extension length.
pub const PROBE_EXT_LEN: usize = table_len(PROBE_EXT);

header_view! {
    /// View of the PROBE / PROBE_REPLY extension.
    ProbePacket, layer = "braid PROBE extension", len = PROBE_EXT_LEN,
    {
        probe_seq / set_probe_seq: u32 = P_SEQ;
        probe_ts / set_probe_ts: u32 = P_TS;
    }
}

/// Parsed PROBE / PROBE_REPLY extension.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ProbeRepr {
    /// Probe sequence.
    pub probe_seq: u32,
    /// Origin timestamp.
    pub probe_ts: u32,
}

impl ProbeRepr {
    /// Parse.
    pub fn parse<T: AsRef<[u8]>>(p: &ProbePacket<T>) -> Self {
        ProbeRepr {
            probe_seq: p.probe_seq(),
            probe_ts: p.probe_ts(),
        }
    }
    /// Length (8).
    pub const fn buffer_len(&self) -> usize {
        PROBE_EXT_LEN
    }
    /// Emit.
    pub fn emit<T: AsRef<[u8]> + AsMut<[u8]>>(&self, p: &mut ProbePacket<T>) {
        p.set_probe_seq(self.probe_seq);
        p.set_probe_ts(self.probe_ts);
    }
}

// ---------------------------------------------------------------- whole Braid header

/// The opcode-specific part of a Braid packet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Body {
    /// WRITE (`imm: None`) or WRITE_IMM.
    Write {
        /// Extension.
        ext: WriteRepr,
        /// Immediate data.
        imm: Option<u32>,
    },
    /// SEND (`imm: None`) or SEND_IMM.
    Send {
        /// Extension.
        ext: SendRepr,
        /// Immediate data.
        imm: Option<u32>,
    },
    /// ACK.
    Ack(AckRepr),
    /// NACK.
    Nack(NackRepr),
    /// PROBE.
    Probe(ProbeRepr),
    /// PROBE_REPLY.
    ProbeReply(ProbeRepr),
}

impl Body {
    /// The opcode this body is sent with.
    pub const fn opcode(&self) -> Opcode {
        match self {
            Body::Write { imm: None, .. } => Opcode::Write,
            Body::Write { imm: Some(_), .. } => Opcode::WriteImm,
            Body::Send { imm: None, .. } => Opcode::Send,
            Body::Send { imm: Some(_), .. } => Opcode::SendImm,
            Body::Ack(_) => Opcode::Ack,
            Body::Nack(_) => Opcode::Nack,
            Body::Probe(_) => Opcode::Probe,
            Body::ProbeReply(_) => Opcode::ProbeReply,
        }
    }
}

/// All Braid headers of one packet (base + extension + immediate).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BraidRepr {
    /// Base header; `base.opcode` must equal `body.opcode()`.
    pub base: BaseRepr,
    /// Extension(s).
    pub body: Body,
}

impl BraidRepr {
    /// Parse the Braid headers at the start of `udp_payload`, which must be
    /// exactly headers + `payload_len` bytes. Returns the repr and the header
    /// length (offset of the payload within `udp_payload`).
    pub fn parse(udp_payload: &[u8]) -> Result<(Self, usize)> {
        let bp = BasePacket::new_checked(udp_payload)?;
        let base = BaseRepr::parse(&bp)?;
        let hlen = base.opcode.header_len();
        if udp_payload.len() < hlen {
            return Err(Error::Truncated {
                layer: "braid extension",
                needed: hlen,
                have: udp_payload.len(),
            });
        }
        let ext = bp.rest();
        let imm = || {
            ImmExtPacket::new_checked(ext.get(table_len(base.opcode.extension())..).unwrap_or(&[]))
                .map(|p| p.imm())
        };
        let body = match base.opcode {
            Opcode::Write | Opcode::WriteImm => Body::Write {
                ext: WriteRepr::parse(&WriteExtPacket::new_checked(ext)?),
                imm: if base.opcode.has_imm() {
                    Some(imm()?)
                } else {
                    None
                },
            },
            Opcode::Send | Opcode::SendImm => Body::Send {
                ext: SendRepr::parse(&SendExtPacket::new_checked(ext)?),
                imm: if base.opcode.has_imm() {
                    Some(imm()?)
                } else {
                    None
                },
            },
            Opcode::Ack => Body::Ack(AckRepr::parse(&AckPacket::new_checked(ext)?)),
            Opcode::Nack => Body::Nack(NackRepr::parse(&NackPacket::new_checked(ext)?)?),
            Opcode::Probe => Body::Probe(ProbeRepr::parse(&ProbePacket::new_checked(ext)?)),
            Opcode::ProbeReply => {
                Body::ProbeReply(ProbeRepr::parse(&ProbePacket::new_checked(ext)?))
            }
        };
        if !base.opcode.is_data() && base.payload_len != 0 {
            return Err(Error::LengthMismatch {
                layer: "braid control packet payload_len",
                claimed: usize::from(base.payload_len),
                actual: 0,
            });
        }
        let total = hlen + usize::from(base.payload_len);
        if total != udp_payload.len() {
            return Err(Error::LengthMismatch {
                layer: "braid payload_len",
                claimed: total,
                actual: udp_payload.len(),
            });
        }
        Ok((BraidRepr { base, body }, hlen))
    }

    /// Header length (base + extension + immediate), without payload.
    pub const fn buffer_len(&self) -> usize {
        self.body.opcode().header_len()
    }

    /// Check the invariants `emit` relies on.
    pub fn validate(&self) -> Result<()> {
        if self.base.opcode != self.body.opcode() {
            return Err(Error::OpcodeMismatch {
                opcode: self.base.opcode.value(),
            });
        }
        if self.base.dst_conn > 0x00ff_ffff {
            return Err(Error::FieldOverflow { field: "dst_conn" });
        }
        if let Body::Send { ext, .. } = &self.body {
            if ext.rsn > 0x00ff_ffff {
                return Err(Error::FieldOverflow { field: "rsn" });
            }
        }
        if !self.base.opcode.is_data() && self.base.payload_len != 0 {
            return Err(Error::FieldOverflow {
                field: "payload_len (control packets carry no payload)",
            });
        }
        Ok(())
    }

    /// Emit the headers into the start of `buf` (payload not written).
    /// Returns the header length.
    pub fn emit(&self, buf: &mut [u8]) -> Result<usize> {
        self.validate()?;
        let hlen = self.buffer_len();
        if buf.len() < hlen {
            return Err(Error::BufferTooSmall {
                needed: hlen,
                have: buf.len(),
            });
        }
        let (hdr, _) = buf.split_at_mut(hlen);
        let (b, ext) = hdr.split_at_mut(BASE_HEADER_LEN);
        self.base.emit(&mut BasePacket::new_unchecked(b));
        let ext_len = table_len(self.base.opcode.extension());
        let (e, i) = ext.split_at_mut(ext_len);
        match &self.body {
            Body::Write { ext, .. } => ext.emit(&mut WriteExtPacket::new_unchecked(e)),
            Body::Send { ext, .. } => ext.emit(&mut SendExtPacket::new_unchecked(e)),
            Body::Ack(a) => a.emit(&mut AckPacket::new_unchecked(e)),
            Body::Nack(n) => n.emit(&mut NackPacket::new_unchecked(e)),
            Body::Probe(p) | Body::ProbeReply(p) => p.emit(&mut ProbePacket::new_unchecked(e)),
        }
        if let Body::Write { imm: Some(v), .. } | Body::Send { imm: Some(v), .. } = self.body {
            ImmExtPacket::new_unchecked(i).set_imm(v);
        }
        Ok(hlen)
    }
}
