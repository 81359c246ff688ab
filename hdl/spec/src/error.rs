//! Typed parse and emit errors.

use thiserror::Error;

/// Every way a buffer can fail to parse as (or be emitted as) a Braid frame.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum Error {
    /// The buffer ends before the named header (or its payload) does.
    #[error("truncated {layer}: need {needed} bytes, have {have}")]
    Truncated {
        /// Header or layer being read.
        layer: &'static str,
        /// Bytes required.
        needed: usize,
        /// Bytes available.
        have: usize,
    },
    /// Version field is not the one this spec defines.
    #[error("bad {layer} version {found} (expected {expected})")]
    BadVersion {
        /// Header being read.
        layer: &'static str,
        /// Version found.
        found: u8,
        /// Version required.
        expected: u8,
    },
    /// Unknown Braid opcode.
    #[error("unknown Braid opcode 0x{0:02x}")]
    BadOpcode(u8),
    /// Unknown NACK reason code.
    #[error("unknown NACK reason 0x{0:02x}")]
    BadNackReason(u8),
    /// A checksum did not verify.
    #[error("bad {layer} checksum")]
    BadChecksum {
        /// Header whose checksum failed.
        layer: &'static str,
    },
    /// EtherType is neither IPv4 nor IPv6 (after at most one 802.1Q tag).
    #[error("not IP: ethertype 0x{0:04x}")]
    NotIp(u16),
    /// IP protocol / next header is not UDP (IPv6 extension headers are not supported).
    #[error("not UDP: IP protocol {0}")]
    NotUdp(u8),
    /// UDP destination port is not the Braid port.
    #[error("not Braid: UDP destination port {found} (expected {expected})")]
    WrongPort {
        /// Port found.
        found: u16,
        /// Port expected.
        expected: u16,
    },
    /// IPv4 fragment (MF set or non-zero fragment offset); Braid never fragments.
    #[error("IPv4 fragment (Braid packets are never fragmented)")]
    Fragmented,
    /// A header-length field is impossible (IPv4 IHL < 5, Braid hdr_words wrong for the opcode).
    #[error("bad {layer} header length: {found} (expected {expected})")]
    BadHeaderLength {
        /// Header being read.
        layer: &'static str,
        /// Value found (in the field's own units).
        found: usize,
        /// Value required.
        expected: usize,
    },
    /// Two length fields disagree (IP total length vs UDP length vs Braid payload length).
    #[error("{layer} length mismatch: field says {claimed}, actual {actual}")]
    LengthMismatch {
        /// Layer whose length field is inconsistent.
        layer: &'static str,
        /// What the length field claims.
        claimed: usize,
        /// What the enclosing layer / buffer implies.
        actual: usize,
    },
    /// Emit only: the base header opcode does not match the extension.
    #[error("opcode {opcode:?} does not match the extension header")]
    OpcodeMismatch {
        /// Opcode in the base header representation.
        opcode: u8,
    },
    /// Emit only: the output buffer is too small.
    #[error("buffer too small: need {needed} bytes, have {have}")]
    BufferTooSmall {
        /// Bytes required.
        needed: usize,
        /// Bytes available.
        have: usize,
    },
    /// Emit only: a value does not fit its field (e.g. connection id > 24 bits).
    #[error("value of {field} does not fit its field")]
    FieldOverflow {
        /// Field name.
        field: &'static str,
    },
}

/// Result alias for this crate.
pub type Result<T> = core::result::Result<T, Error>;

/// Drop reasons of the receive parser (`rx_parser` block, `d_reason`), in
/// the order it applies its checks (SPEC sections 2 and 3). Each maps to a
/// parse [`Error`] of this crate. Not part of `SPEC_HASH` (a hardware
/// counter/reason table, not wire format).
pub mod rx_drop {
    /// Accepted (no drop).
    pub const ACCEPTED: u8 = 0;
    /// The frame ends before a header it claims or before its IP datagram ([`super::Error::Truncated`]).
    pub const TRUNCATED: u8 = 1;
    /// EtherType (after at most one 802.1Q tag) is neither IPv4 nor IPv6 ([`super::Error::NotIp`]).
    pub const NOT_IP: u8 = 2;
    /// IP version wrong, or IPv4 IHL < 5 ([`super::Error::BadVersion`], [`super::Error::BadHeaderLength`]).
    pub const BAD_IP_HEADER: u8 = 3;
    /// IPv4 header checksum fails ([`super::Error::BadChecksum`]).
    pub const IP_CHECKSUM: u8 = 4;
    /// IPv4 fragment ([`super::Error::Fragmented`]).
    pub const FRAGMENT: u8 = 5;
    /// IP protocol / next header is not UDP ([`super::Error::NotUdp`]).
    pub const NOT_UDP: u8 = 6;
    /// IP length too small for a UDP header ([`super::Error::LengthMismatch`]).
    pub const IP_LENGTH: u8 = 7;
    /// UDP destination port is not the configured Braid port ([`super::Error::WrongPort`]).
    pub const WRONG_PORT: u8 = 8;
    /// UDP length differs from the IP payload length ([`super::Error::LengthMismatch`]).
    pub const UDP_LENGTH: u8 = 9;
    /// Non-zero UDP checksum fails ([`super::Error::BadChecksum`]).
    pub const UDP_CHECKSUM: u8 = 10;
    /// Braid version is not 1 ([`super::Error::BadVersion`]).
    pub const BRAID_VERSION: u8 = 11;
    /// Unknown Braid opcode ([`super::Error::BadOpcode`]).
    pub const BAD_OPCODE: u8 = 12;
    /// `hdr_words` differs from the opcode's ([`super::Error::BadHeaderLength`]).
    pub const HDR_WORDS: u8 = 13;
    /// UDP length below 8 + 24, or != 8 + 4 * hdr_words + payload_len ([`super::Error::LengthMismatch`]).
    pub const PAYLOAD_LENGTH: u8 = 14;
    /// ACK/NACK/PROBE/PROBE_REPLY with a payload ([`super::Error::LengthMismatch`]).
    pub const CONTROL_PAYLOAD: u8 = 15;
    /// Number of codes (0..COUNT).
    pub const COUNT: usize = 16;
    /// (name, code) of every code, in code order.
    pub const NAMES: [(&str, u8); COUNT] = [
        ("accepted", ACCEPTED),
        ("truncated", TRUNCATED),
        ("not_ip", NOT_IP),
        ("bad_ip_header", BAD_IP_HEADER),
        ("ip_checksum", IP_CHECKSUM),
        ("fragment", FRAGMENT),
        ("not_udp", NOT_UDP),
        ("ip_length", IP_LENGTH),
        ("wrong_port", WRONG_PORT),
        ("udp_length", UDP_LENGTH),
        ("udp_checksum", UDP_CHECKSUM),
        ("braid_version", BRAID_VERSION),
        ("bad_opcode", BAD_OPCODE),
        ("hdr_words", HDR_WORDS),
        ("payload_length", PAYLOAD_LENGTH),
        ("control_payload", CONTROL_PAYLOAD),
    ];
}
