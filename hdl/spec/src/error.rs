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
