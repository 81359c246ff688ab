//! # braid-spec
//!
//! The single source of truth for the Braid transport: wire format (field
//! tables, views, reprs, frame parser/emitter), sequence arithmetic, the
//! 256-bit SACK type, state layouts with their sizes, the BAR0 register map
//! ([`regs`]), and [`SPEC_HASH`].
//!
//! The normative prose lives in `hdl/spec/SPEC.md`; its tables are generated
//! by [`spec_markdown`] and checked by the test suite.
//!
//! Parsing never panics on any input; see `tests/fuzz.rs`.

// `deny`, not `forbid`: only `bar0` (volatile stores to a mapped BAR0) may allow it.
#![deny(unsafe_code)]
#![warn(missing_docs)]

#[allow(unsafe_code)]
#[rustfmt::skip]
pub mod bar0;
pub mod dissector;
pub mod error;
pub mod field;
mod gen;
mod gen_bar0;
pub mod hash;
pub mod host;
pub mod pacing;
pub mod pcap;
pub mod pci;
pub mod regs;
pub mod sack;
pub mod seq;
pub mod state;
pub mod wire;

pub use dissector::wireshark_lua;
pub use error::{Error, Result};
pub use field::{Field, StateField};
pub use gen::{spec_markdown, splice, GEN_BEGIN, GEN_END};
pub use gen_bar0::bar0_source;
pub use hash::SPEC_HASH;
pub use sack::Sack256;
pub use wire::braid::{
    AckRepr, BaseRepr, Body, BraidRepr, Flags, NackReason, NackRepr, Opcode, ProbeRepr, SendRepr,
    WriteRepr,
};
pub use wire::eth::{EthernetRepr, VlanTag};
pub use wire::frame::{
    emit_frame, emit_frame_vec, parse_frame, parse_frame_on_port, Frame, FrameRepr,
};
pub use wire::ip::{IpRepr, Ipv4Repr, Ipv6Repr};
pub use wire::udp::UdpRepr;

/// Braid protocol version carried in every base header.
pub const BRAID_VERSION: u8 = 1;
/// Default UDP destination port (configurable per connection).
pub const BRAID_UDP_PORT: u16 = 4793;
/// Width of path PSNs and CSNs (serial-number arithmetic, see [`seq`]).
pub const PSN_BITS: u32 = 32;
/// Width of the SACK bitvector and of every circular bitmap.
pub const SACK_BITS: usize = 256;

/// Every wire header table, with its display name, in frame order.
pub const WIRE_TABLES: &[(&str, &[Field])] = &[
    ("Ethernet II", wire::eth::ETHERNET),
    ("802.1Q tag", wire::eth::VLAN_TAG),
    ("IPv4", wire::ip::IPV4),
    ("IPv6", wire::ip::IPV6),
    ("UDP", wire::udp::UDP),
    ("Braid base header", wire::braid::BASE_HEADER),
    ("WRITE extension", wire::braid::WRITE_EXT),
    ("SEND extension", wire::braid::SEND_EXT),
    ("Immediate extension", wire::braid::IMM_EXT),
    ("ACK extension", wire::braid::ACK_EXT),
    ("NACK extension", wire::braid::NACK_EXT),
    ("PROBE extension", wire::braid::PROBE_EXT),
];
