//! Markdown generator for the tables in SPEC.md.

use core::fmt::Write;

use crate::field::Field;
use crate::field::StateField;
use crate::regs::{self, Reset, REGS};
use crate::state::{self, DEVICES, MAX_STREAMS, MSG_WINDOW, STATE_TABLES};
use crate::wire::braid::{Flags, Opcode, NACK_REASONS, OPCODES, RATE_HINT_UNIT_BPS};
use crate::wire::{eth, ip, udp};
use crate::{BRAID_UDP_PORT, BRAID_VERSION, PSN_BITS, SACK_BITS, SPEC_HASH, WIRE_TABLES};

/// Marker line opening the generated section of SPEC.md.
pub const GEN_BEGIN: &str =
    "<!-- BEGIN GENERATED: do not edit; run `cargo run -p braid-spec --example gen-spec` -->";
/// Marker line closing the generated section of SPEC.md.
pub const GEN_END: &str = "<!-- END GENERATED -->";

fn wire_table(out: &mut String, name: &str, t: &[Field]) {
    let len = crate::field::table_len(t);
    let _ = writeln!(out, "### {name} ({len} bytes)\n");
    out.push_str("| Byte | Bit (from MSB) | Width | Field | Description |\n");
    out.push_str("|---:|---:|---:|---|---|\n");
    for f in t {
        let _ = writeln!(
            out,
            "| {} | {} | {} | `{}` | {} |",
            f.offset, f.bit_offset, f.bits, f.name, f.desc
        );
    }
    out.push('\n');
}

fn state_table(out: &mut String, name: &str, t: &[StateField]) {
    let bits = crate::field::state_bits(t);
    let _ = writeln!(
        out,
        "### State `{name}` ({bits} bits = {} bytes)\n",
        bits.div_ceil(8)
    );
    out.push_str("| LSB | Width | Field | Description |\n|---:|---:|---|---|\n");
    for f in t {
        let _ = writeln!(
            out,
            "| {} | {} | `{}` | {} |",
            f.lsb, f.bits, f.name, f.desc
        );
    }
    out.push('\n');
}

fn register_map(out: &mut String) {
    let _ = writeln!(
        out,
        "### Register map (BAR0, interface version {}.{}, {} bytes)\n",
        regs::IF_VERSION_MAJOR,
        regs::IF_VERSION_MINOR,
        regs::MAP_LEN
    );
    out.push_str("| Offset | Name | Width | Access | Reset | Description |\n");
    out.push_str("|---:|---|---:|---|---|---|\n");
    for r in REGS {
        let reset = match r.reset {
            Reset::Value(v) => format!("`0x{v:08x}`"),
            Reset::SpecHash => format!("`SPEC_HASH` (`0x{SPEC_HASH:08x}`)"),
            Reset::Build => "build parameter".to_string(),
        };
        let _ = writeln!(
            out,
            "| 0x{:03x} | `{}` | {} | {} | {} | {} |",
            r.offset,
            r.name,
            r.bits,
            r.access.name(),
            reset,
            r.desc
        );
    }
    out.push_str("\nOffsets not listed are reserved.\n\n");
    for r in REGS.iter().filter(|r| !r.fields.is_empty()) {
        let _ = writeln!(out, "#### `{}` fields (0x{:03x})\n", r.name, r.offset);
        out.push_str("| LSB | Width | Field | Description |\n|---:|---:|---|---|\n");
        for f in r.fields {
            let _ = writeln!(
                out,
                "| {} | {} | `{}` | {} |",
                f.lsb, f.bits, f.name, f.desc
            );
        }
        out.push('\n');
    }
}

/// The generated part of SPEC.md (between [`GEN_BEGIN`] and [`GEN_END`], exclusive).
pub fn spec_markdown() -> String {
    let mut o = String::new();
    o.push_str("## Generated reference tables\n\n");
    o.push_str("### Constants\n\n| Name | Value |\n|---|---|\n");
    let _ = writeln!(o, "| `SPEC_HASH` | `0x{SPEC_HASH:08x}` |");
    let _ = writeln!(o, "| `BRAID_VERSION` | {BRAID_VERSION} |");
    let _ = writeln!(o, "| `BRAID_UDP_PORT` | {BRAID_UDP_PORT} |");
    let _ = writeln!(o, "| `PSN_BITS` | {PSN_BITS} |");
    let _ = writeln!(o, "| `SACK_BITS` | {SACK_BITS} |");
    let _ = writeln!(o, "| `MAX_STREAMS` (state) | {MAX_STREAMS} |");
    let _ = writeln!(o, "| `MSG_WINDOW` (messages per stream) | {MSG_WINDOW} |");
    let _ = writeln!(o, "| rate hint unit | {RATE_HINT_UNIT_BPS} b/s |\n");

    o.push_str("### Opcodes\n\n");
    o.push_str(
        "| Value | Name | Extension | Braid header bytes | Meaning |\n|---:|---|---|---:|---|\n",
    );
    for op in OPCODES {
        let ext = match op {
            Opcode::Write => "WRITE",
            Opcode::WriteImm => "WRITE + Immediate",
            Opcode::Send => "SEND",
            Opcode::SendImm => "SEND + Immediate",
            Opcode::Ack => "ACK",
            Opcode::Nack => "NACK",
            Opcode::Probe | Opcode::ProbeReply => "PROBE",
        };
        let _ = writeln!(
            o,
            "| 0x{:02x} | `{}` | {} | {} | {} |",
            op.value(),
            op.name(),
            ext,
            op.header_len(),
            op.desc()
        );
    }
    o.push_str("\nAll other opcode values are reserved; a receiver drops them (`BadOpcode`).\n\n");

    o.push_str("### Flags (base header byte 2)\n\n| Mask | Name | Meaning |\n|---:|---|---|\n");
    for (n, m, d) in Flags::TABLE {
        let _ = writeln!(o, "| 0x{m:02x} | `{n}` | {d} |");
    }
    o.push_str("\nOther bits are reserved: send 0, ignore on receive.\n\n");

    o.push_str("### NACK reasons\n\n| Value | Name | Retry | Detail |\n|---:|---|---|---|\n");
    for r in NACK_REASONS {
        let _ = writeln!(
            o,
            "| 0x{:02x} | `{}` | {} | {} |",
            r.value(),
            r.name(),
            if r.retryable() { "yes" } else { "no" },
            r.desc()
        );
    }
    o.push('\n');

    for (name, t) in WIRE_TABLES {
        wire_table(&mut o, name, t);
    }

    o.push_str("### Frame sizes (bytes, 4-byte FCS included, no 802.1Q tag)\n\n");
    o.push_str("| Opcode | Braid headers | IPv4 frame overhead | IPv6 frame overhead |\n|---|---:|---:|---:|\n");
    let l2 = eth::ETHERNET_LEN + 4;
    for op in OPCODES {
        let b = op.header_len();
        let _ = writeln!(
            o,
            "| `{}` | {} | {} | {} |",
            op.name(),
            b,
            l2 + ip::IPV4_LEN + udp::UDP_LEN + b,
            l2 + ip::IPV6_LEN + udp::UDP_LEN + b
        );
    }
    o.push_str("\nOverhead = all bytes of a frame except payload (add 20 bytes preamble + inter-frame gap on the wire).\n\n");

    for (name, t) in STATE_TABLES {
        state_table(&mut o, name, t);
    }

    o.push_str("### Host interface records\n\n");
    o.push_str("Little-endian records in host memory (see `hdl/spec/src/host.rs`): send work-queue entries (`wqe`), receive entries (`rqe`), completions (`cqe`). Every field is byte-aligned.\n\n");
    for (name, t) in crate::host::HOST_TABLES {
        state_table(&mut o, name, t);
    }
    o.push_str(
        "### Commands (`CMD.opcode`)\n\n| Code | Name | Arguments and effect |\n|---:|---|---|\n",
    );
    for (name, code, desc) in crate::host::COMMANDS {
        let _ = writeln!(
            o,
            "| 0x{code:02x} | `{name}` | {} |",
            desc.replace('|', "\\|")
        );
    }
    o.push_str("\nArgument fields (`host::CMD_ARGS`, constants in `host::cmd_arg`; a field wider than 32 bits continues in the next registers; unnamed bits are reserved, written 0 and ignored):\n\n| Command | Field | Register | Bits | Description |\n|---|---|---|---|---|\n");
    for a in crate::host::CMD_ARGS {
        let reg = if a.bits > 32 {
            format!("ARG{}/{}", a.arg, a.arg + 1)
        } else {
            format!("ARG{}", a.arg)
        };
        let bits = if a.bits > 32 {
            format!("{}:0", a.bits - 1)
        } else {
            format!("{}:{}", a.lsb + a.bits - 1, a.lsb)
        };
        let _ = writeln!(
            o,
            "| `{}` | `{}` | {reg} | {bits} | {} |",
            a.cmd, a.name, a.desc
        );
    }
    o.push_str("\n| `CMD_STATUS.error` | Name | Meaning |\n|---:|---|---|\n");
    for (name, code, desc) in crate::host::CMD_ERRORS {
        let _ = writeln!(o, "| {code} | `{name}` | {desc} |");
    }
    o.push('\n');

    o.push_str("### On-chip capacity (RAMB36, 16 paths per connection)\n\n");
    o.push_str(
        "Each connection needs one `conn` record, 16 `tx_path` + 16 `rx_path` records \
         (it both sends and receives) and, per stream, one `rx_msg_head` record and \
         `MSG_WINDOW` `rx_msg` slots. Tables are tiled from RAMB36 blocks in their best \
         shape (512x72 ... 32Kx1): blocks = ceil(width / shape width) x ceil(depth / shape depth), \
         summed over the five tables. ",
    );
    let per = u64::from(state::CONN_STATE_BITS)
        + 16 * u64::from(state::TX_PATH_STATE_BITS + state::RX_PATH_STATE_BITS)
        + MAX_STREAMS as u64
            * (u64::from(state::RX_MSG_HEAD_STATE_BITS)
                + MSG_WINDOW as u64 * u64::from(state::RX_MSG_STATE_BITS));
    let _ = writeln!(
        o,
        "Raw state per connection: {per} bits = {} bytes.\n",
        per.div_ceil(8)
    );
    o.push_str("| Device | RAMB36 | Share for state | Max connections | RAMB36 used |\n|---|---:|---:|---:|---:|\n");
    for (dev, n) in DEVICES {
        for pct in [100u64, 50] {
            let budget = n * pct / 100;
            let c = state::max_connections(budget, 16);
            let _ = writeln!(
                o,
                "| {dev} | {n} | {pct}% ({budget}) | {c} | {} |",
                state::ramb36_for(c, 16)
            );
        }
    }
    o.push('\n');

    register_map(&mut o);
    o
}

/// Replace the generated section of `doc` with [`spec_markdown`]. `None` if
/// the markers are missing or out of order.
pub fn splice(doc: &str) -> Option<String> {
    let b = doc.find(GEN_BEGIN)?;
    let e = doc.find(GEN_END)?;
    if e < b {
        return None;
    }
    let head = &doc[..b + GEN_BEGIN.len()];
    let tail = &doc[e..];
    Some(format!("{head}\n\n{}{tail}", spec_markdown()))
}
