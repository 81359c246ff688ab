//! [`SPEC_HASH`]: FNV-1a over everything that defines the format.
//!
//! Covered: every wire table (name, offset, bit offset, width of each field),
//! every state table (name, lsb, width), opcodes (value, name, header length),
//! flag bits, NACK reasons, the protocol constants and the register map
//! (name, offset, width, access, reset value, fields). Descriptions are not
//! covered, so documentation edits do not change the hash.

use crate::field::{Field, StateField};
use crate::regs::{Reg, Reset, REGS};
use crate::state::{MAX_STREAMS, MSG_WINDOW, STATE_TABLES};
use crate::wire::braid::{Flags, NACK_REASONS, OPCODES};
use crate::{BRAID_UDP_PORT, BRAID_VERSION, PSN_BITS, SACK_BITS, WIRE_TABLES};

const FNV_OFFSET: u32 = 0x811c_9dc5;
const FNV_PRIME: u32 = 0x0100_0193;

/// FNV-1a step over bytes.
pub const fn fnv1a(mut h: u32, b: &[u8]) -> u32 {
    let mut i = 0;
    while i < b.len() {
        h ^= b[i] as u32;
        h = h.wrapping_mul(FNV_PRIME);
        i += 1;
    }
    h
}

const fn u(h: u32, v: u64) -> u32 {
    let b = v.to_le_bytes();
    fnv1a(h, &b)
}

const fn s(h: u32, v: &str) -> u32 {
    // length first, so ("ab","c") and ("a","bc") differ
    fnv1a(u(h, v.len() as u64), v.as_bytes())
}

const fn wire_table(mut h: u32, name: &str, t: &[Field]) -> u32 {
    h = s(h, name);
    h = u(h, t.len() as u64);
    let mut i = 0;
    while i < t.len() {
        h = s(h, t[i].name);
        h = u(h, t[i].offset as u64);
        h = u(h, t[i].bit_offset as u64);
        h = u(h, t[i].bits as u64);
        i += 1;
    }
    h
}

const fn state_table(mut h: u32, name: &str, t: &[StateField]) -> u32 {
    h = s(h, name);
    h = u(h, t.len() as u64);
    let mut i = 0;
    while i < t.len() {
        h = s(h, t[i].name);
        h = u(h, t[i].lsb as u64);
        h = u(h, t[i].bits as u64);
        i += 1;
    }
    h
}

const fn reg(mut h: u32, r: &Reg) -> u32 {
    h = u(h, r.offset as u64);
    h = u(h, r.bits as u64);
    h = u(h, r.access.code() as u64);
    // the SPEC_HASH register's reset value is the hash itself: hash a tag instead
    h = match r.reset {
        Reset::Value(v) => u(u(h, 0), v as u64),
        Reset::SpecHash => u(h, 1),
        Reset::Build => u(h, 2),
    };
    state_table(h, r.name, r.fields)
}

const fn compute() -> u32 {
    let mut h = FNV_OFFSET;
    h = s(h, "braid-spec");
    h = u(h, BRAID_VERSION as u64);
    h = u(h, BRAID_UDP_PORT as u64);
    h = u(h, PSN_BITS as u64);
    h = u(h, SACK_BITS as u64);
    h = u(h, MAX_STREAMS as u64);
    h = u(h, MSG_WINDOW as u64);
    let mut i = 0;
    while i < WIRE_TABLES.len() {
        h = wire_table(h, WIRE_TABLES[i].0, WIRE_TABLES[i].1);
        i += 1;
    }
    i = 0;
    while i < STATE_TABLES.len() {
        h = state_table(h, STATE_TABLES[i].0, STATE_TABLES[i].1);
        i += 1;
    }
    i = 0;
    while i < crate::host::HOST_TABLES.len() {
        h = state_table(
            h,
            crate::host::HOST_TABLES[i].0,
            crate::host::HOST_TABLES[i].1,
        );
        i += 1;
    }
    i = 0;
    while i < crate::host::COMMANDS.len() {
        h = s(h, crate::host::COMMANDS[i].0);
        h = u(h, crate::host::COMMANDS[i].1 as u64);
        i += 1;
    }
    i = 0;
    while i < crate::host::CMD_ARGS.len() {
        let a = &crate::host::CMD_ARGS[i];
        h = s(h, a.cmd);
        h = s(h, a.name);
        h = u(h, a.bit() as u64);
        h = u(h, a.bits as u64);
        i += 1;
    }
    i = 0;
    while i < OPCODES.len() {
        h = u(h, OPCODES[i].value() as u64);
        h = s(h, OPCODES[i].name());
        h = u(h, OPCODES[i].header_len() as u64);
        i += 1;
    }
    i = 0;
    while i < Flags::TABLE.len() {
        h = s(h, Flags::TABLE[i].0);
        h = u(h, Flags::TABLE[i].1 as u64);
        i += 1;
    }
    i = 0;
    while i < NACK_REASONS.len() {
        h = u(h, NACK_REASONS[i].value() as u64);
        h = s(h, NACK_REASONS[i].name());
        i += 1;
    }
    h = u(h, REGS.len() as u64);
    i = 0;
    while i < REGS.len() {
        h = reg(h, &REGS[i]);
        i += 1;
    }
    h
}

/// Hash of the whole specification; carried by the engine's `SPEC_HASH` register.
/// The driver refuses an engine whose hash differs.
pub const SPEC_HASH: u32 = compute();
