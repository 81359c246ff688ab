//! Wireshark dissector generator.
//!
//! [`wireshark_lua`] turns the Braid field tables, opcodes, flags and NACK
//! reasons into a Lua dissector for Wireshark 3.6+ / 4.x. The generated file
//! is committed as `tools/wireshark/braid.lua` (regenerate with
//! `cargo run -p braid-spec --example gen-dissector`); a test fails when it
//! differs from the generator's output.
//!
//! Field abbreviations are `braid.<header>.<field>` with the header keys of
//! [`DISSECTOR_HEADERS`] (`braid.base.path_psn`, `braid.write.rkey`,
//! `braid.ack.base_psn` ...). Besides the table fields the dissector adds
//! the flag bits (`braid.base.flags.<flag>`, lower case), the SACK summary
//! ([`SACK_RECEIVED`], [`SACK_HIGHEST`], [`SACK_LOST`], [`SACK_HOLES`]) and
//! the payload ([`PAYLOAD`]).

use core::fmt::Write;

use crate::field::{find, table_len, Field};
use crate::wire::braid::{
    Flags, ACK_EXT, A_SACK, BASE_HEADER, BASE_HEADER_LEN, B_FLAGS, B_OPCODE, IMM_EXT, NACK_EXT,
    NACK_REASONS, N_REASON, OPCODES, PROBE_EXT, SEND_EXT, WRITE_EXT,
};
use crate::{BRAID_UDP_PORT, BRAID_VERSION, SPEC_HASH};

/// Command that regenerates the committed dissector.
pub const DISSECTOR_REGEN: &str = "cargo run -p braid-spec --example gen-dissector";

/// Path of the committed dissector, relative to the workspace root.
pub const DISSECTOR_PATH: &str = "tools/wireshark/braid.lua";

/// The Braid headers the dissector decodes: (abbreviation key, title, table).
pub const DISSECTOR_HEADERS: &[(&str, &str, &[Field])] = &[
    ("base", "Base header", BASE_HEADER),
    ("write", "WRITE extension", WRITE_EXT),
    ("send", "SEND extension", SEND_EXT),
    ("imm", "Immediate", IMM_EXT),
    ("ack", "ACK extension", ACK_EXT),
    ("nack", "NACK extension", NACK_EXT),
    ("probe", "PROBE extension", PROBE_EXT),
];

/// Generated field: number of PSNs the SACK marks received.
pub const SACK_RECEIVED: &str = "braid.ack.sack_received";
/// Generated field: highest PSN the SACK marks received (absent when none).
pub const SACK_HIGHEST: &str = "braid.ack.sack_highest_psn";
/// Generated field: number of clear SACK bits below the highest set bit.
pub const SACK_LOST: &str = "braid.ack.sack_lost";
/// Generated field: the lost PSNs (holes below the highest set bit) as
/// space-separated ranges `a-b` or single PSNs (absent when none).
pub const SACK_HOLES: &str = "braid.ack.sack_holes";
/// The payload bytes after the Braid headers.
pub const PAYLOAD: &str = "braid.payload";
/// Expert info abbreviation of malformed packets.
pub const EXPERT_MALFORMED: &str = "braid.malformed";
/// Expert info abbreviation of an error inside the dissector itself (a bug:
/// it is caught and reported instead of a Lua error).
pub const EXPERT_INTERNAL: &str = "braid.dissector_error";

/// Abbreviation of a table field: `braid.<header>.<field>`.
pub fn field_abbr(header: &str, field: &str) -> String {
    format!("braid.{header}.{field}")
}

/// Abbreviation of a flag bit: `braid.base.flags.<flag, lower case>`.
pub fn flag_abbr(flag: &str) -> String {
    format!("braid.base.flags.{}", flag.to_ascii_lowercase())
}

/// A Lua string literal.
fn lua_str(s: &str) -> String {
    let mut o = String::with_capacity(s.len() + 2);
    o.push('"');
    for c in s.chars() {
        match c {
            '\\' => o.push_str("\\\\"),
            '"' => o.push_str("\\\""),
            '\n' => o.push_str("\\n"),
            c if (c as u32) < 0x20 => {
                let _ = write!(o, "\\{:03}", c as u32);
            }
            c => o.push(c),
        }
    }
    o.push('"');
    o
}

/// Header key of an extension table.
fn header_key(t: &[Field]) -> &'static str {
    DISSECTOR_HEADERS
        .iter()
        .find(|(_, _, h)| *h == t)
        .map(|(k, _, _)| *k)
        .expect("every opcode extension is in DISSECTOR_HEADERS")
}

/// The ProtoField constructor call and the byte range (offset, length) for
/// one table field.
fn proto_field(key: &str, f: &Field) -> (String, usize, usize) {
    let abbr = field_abbr(key, f.name);
    let off = f.offset;
    let len = f.end_byte() - f.offset;
    let hex = f.name.starts_with("reserved")
        || [B_FLAGS.name, "rkey", "va", "imm", "detail"].contains(&f.name);
    let (base, vs) = if *f == B_OPCODE {
        ("base.HEX", "opcode_names")
    } else if *f == N_REASON {
        ("base.DEC", "reason_names")
    } else if hex {
        ("base.HEX", "nil")
    } else {
        ("base.DEC", "nil")
    };
    let desc = lua_str(f.desc);
    let name = lua_str(f.name);
    let call = if f.byte_aligned() {
        let ty = match len {
            1 => "uint8",
            2 => "uint16",
            3 => "uint24",
            4 => "uint32",
            8 => "uint64",
            _ => "bytes",
        };
        if ty == "bytes" {
            format!(
                "ProtoField.bytes({}, {name}, base.NONE, {desc})",
                lua_str(&abbr)
            )
        } else {
            format!(
                "ProtoField.{ty}({}, {name}, {base}, {vs}, nil, {desc})",
                lua_str(&abbr)
            )
        }
    } else {
        // A bit field inside a 1..4 byte container: masked integer.
        assert!(
            len <= 4,
            "{abbr}: bit fields wider than a 4-byte container are not supported"
        );
        let ty = ["uint8", "uint16", "uint24", "uint32"][len - 1];
        let shift = len * 8 - usize::from(f.bit_offset) - usize::from(f.bits);
        let mask = ((1u64 << f.bits) - 1) << shift;
        format!(
            "ProtoField.{ty}({}, {name}, {base}, {vs}, 0x{mask:0w$x}, {desc})",
            lua_str(&abbr),
            w = len * 2
        )
    };
    (call, off, len)
}

/// Fields the Lua code reads by name (each at most 4 bytes wide).
const READ_BY_NAME: &[(&[Field], &str)] = &[
    (BASE_HEADER, "version"),
    (BASE_HEADER, "opcode"),
    (BASE_HEADER, "path_id"),
    (BASE_HEADER, "hdr_words"),
    (BASE_HEADER, "dst_conn"),
    (BASE_HEADER, "path_psn"),
    (BASE_HEADER, "csn"),
    (BASE_HEADER, "payload_len"),
    (ACK_EXT, "base_psn"),
];

/// The Wireshark Lua dissector, generated from the field tables.
///
/// # Panics
///
/// If a table holds a field the generator cannot express (a bit field
/// spanning more than 4 bytes, a multi-bit flag) or lacks a field the
/// dissector reads by name; the tests exercise it.
pub fn wireshark_lua() -> String {
    for (t, n) in READ_BY_NAME {
        let f = find(t, n).unwrap_or_else(|| panic!("dissector reads missing field {n}"));
        assert!(
            f.end_byte() - f.offset <= 4,
            "dissector reads {n} as <= 4 bytes"
        );
    }
    let mut o = String::new();
    let _ = write!(
        o,
        r#"-- Braid RDMA transport: Wireshark dissector (Wireshark 3.6+ / 4.x).
--
-- GENERATED from the braid-spec field tables (hdl/spec); do not edit.
-- Regenerate with `{DISSECTOR_REGEN}`.
-- Wire format: hdl/spec/SPEC.md, SPEC_HASH 0x{SPEC_HASH:08x}.
--
-- Use: wireshark -X lua_script:{DISSECTOR_PATH} capture.pcap
--   or copy this file to ~/.local/lib/wireshark/plugins/.
-- Registered on UDP port {BRAID_UDP_PORT} (preference "braid.udp_port"), and as a
-- heuristic UDP dissector for the same destination port: when a UDP source
-- port below the Braid port belongs to another protocol, enable
-- udp.try_heuristic_first.

local BRAID_VERSION = {BRAID_VERSION}
local BRAID_UDP_PORT = {BRAID_UDP_PORT}
local BASE_LEN = {BASE_HEADER_LEN}

local braid = Proto("braid", "Braid RDMA transport")

local opcode_names = {{
"#
    );
    for op in OPCODES {
        let _ = writeln!(o, "  [0x{:02x}] = {},", op.value(), lua_str(op.name()));
    }
    o.push_str("}\n\nlocal reason_names = {\n");
    for r in NACK_REASONS {
        let _ = writeln!(o, "  [0x{:02x}] = {},", r.value(), lua_str(r.name()));
    }
    o.push_str("}\n\n");

    o.push_str(
        "-- Opcode -> extension header, immediate, total Braid header length, data.\n\
         local OPS = {\n",
    );
    for op in OPCODES {
        let _ = writeln!(
            o,
            "  [0x{:02x}] = {{ name = {}, ext = {}, imm = {}, hlen = {}, data = {} }},",
            op.value(),
            lua_str(op.name()),
            lua_str(header_key(op.extension())),
            op.has_imm(),
            op.header_len(),
            op.is_data()
        );
    }
    o.push_str("}\n\n");

    o.push_str(
        "local fields = {}\n\
         local function field(p)\n  fields[#fields + 1] = p\n  return p\nend\n\n",
    );
    o.push_str(
        "-- Header tables. A field occupies bytes [off, off + len) of its header; its\n\
         -- value is that big-endian number shifted right by shift, bits wide.\n\
         local H = {}\n",
    );
    for (key, title, table) in DISSECTOR_HEADERS {
        let _ = writeln!(
            o,
            "H.{key} = {{ title = {}, len = {}, fields = {{",
            lua_str(title),
            table_len(table)
        );
        for f in table.iter() {
            let (call, off, len) = proto_field(key, f);
            let kind = if *f == B_FLAGS {
                "\"flags\""
            } else if *f == A_SACK {
                "\"sack\""
            } else {
                "nil"
            };
            let shift = len * 8 - usize::from(f.bit_offset) - usize::from(f.bits);
            let _ = writeln!(
                o,
                "  {{ name = {}, f = field({call}), off = {off}, len = {len}, shift = {shift}, bits = {}, kind = {kind} }},",
                lua_str(f.name),
                f.bits
            );
        }
        o.push_str("} }\n");
    }
    o.push_str(
        "for _, h in pairs(H) do\n  h.by = {}\n  for _, e in ipairs(h.fields) do h.by[e.name] = e end\nend\n",
    );
    o.push_str("\nlocal flag_fields = {\n");
    for (name, mask, desc) in Flags::TABLE {
        let _ = writeln!(
            o,
            "  field(ProtoField.bool({}, {}, 8, nil, 0x{mask:02x}, {})),",
            lua_str(&flag_abbr(name)),
            lua_str(name),
            lua_str(desc)
        );
    }
    let _ = write!(
        o,
        r#"}}
local flag_bits = {{ {flag_bits} }}

local f_sack_received = field(ProtoField.uint16("{SACK_RECEIVED}", "PSNs received (SACK bits set)", base.DEC))
local f_sack_highest = field(ProtoField.uint32("{SACK_HIGHEST}", "Highest PSN received", base.DEC))
local f_sack_lost = field(ProtoField.uint16("{SACK_LOST}", "PSNs lost (clear bits below the highest set bit)", base.DEC))
local f_sack_holes = field(ProtoField.string("{SACK_HOLES}", "Lost PSNs"))
local f_payload = field(ProtoField.bytes("{PAYLOAD}", "Payload"))

braid.fields = fields

local ef_malformed = ProtoExpert.new("{EXPERT_MALFORMED}", "Malformed Braid packet",
  expert.group.MALFORMED, expert.severity.ERROR)
local ef_internal = ProtoExpert.new("{EXPERT_INTERNAL}", "Braid dissector error",
  expert.group.MALFORMED, expert.severity.ERROR)
braid.experts = {{ ef_malformed, ef_internal }}

braid.prefs.udp_port = Pref.uint("UDP port", BRAID_UDP_PORT, "UDP destination port of Braid packets")

local function malformed(item, pinfo, msg)
  item:add_proto_expert_info(ef_malformed, msg)
  pinfo.cols.info:append(" [" .. msg .. "]")
end

local function bit_set(byte, b)
  return math.floor(byte / 2 ^ b) % 2 == 1
end

-- Value of field e (at most 4 bytes) of the header at hoff.
local function val(tvb, hoff, e)
  return math.floor(tvb(hoff + e.off, e.len):uint() / 2 ^ e.shift) % 2 ^ e.bits
end

-- Flag bits under the flags item.
local function add_flags(item, range)
  local v = range:uint()
  local names = {{}}
  for _, f in ipairs(flag_fields) do
    item:add(f, range)
  end
  for _, fb in ipairs(flag_bits) do
    if math.floor(v / fb[2]) % 2 == 1 then names[#names + 1] = fb[1] end
  end
  if #names > 0 then item:append_text(" (" .. table.concat(names, " ") .. ")") end
end

-- SACK summary: bit j (byte j/8, bit j%8 from the LSB) = PSN base_psn + j received.
local function add_sack(item, range, base_psn)
  local count, highest = 0, -1
  local bits = {{}}
  for k = 0, range:len() - 1 do
    local byte = range(k, 1):uint()
    for b = 0, 7 do
      local set = bit_set(byte, b)
      bits[k * 8 + b] = set
      if set then
        count = count + 1
        highest = k * 8 + b
      end
    end
  end
  local psn = function(j) return (base_psn + j) % 4294967296 end
  local lost, holes, j = 0, {{}}, 0
  while j < highest do
    if not bits[j] then
      local s = j
      while j + 1 < highest and not bits[j + 1] do j = j + 1 end
      lost = lost + (j - s + 1)
      if s == j then
        holes[#holes + 1] = string.format("%d", psn(s))
      else
        holes[#holes + 1] = string.format("%d-%d", psn(s), psn(j))
      end
    end
    j = j + 1
  end
  item:add(f_sack_received, count):set_generated()
  if highest >= 0 then item:add(f_sack_highest, psn(highest)):set_generated() end
  item:add(f_sack_lost, lost):set_generated()
  if lost > 0 then item:add(f_sack_holes, table.concat(holes, " ")):set_generated() end
  return count, lost
end

-- Add the fields of header h found at off, using only bytes before limit.
-- Returns the header's tree item (nil when no byte is present) and whether
-- every field was present.
local function add_header(tree, tvb, h, off, limit)
  local n = math.min(h.len, limit - off)
  if n <= 0 then return nil, false end
  local sub = tree:add(tvb(off, n), h.title)
  local complete = true
  for _, e in ipairs(h.fields) do
    local fo, fl = off + e.off, e.len
    if fo + fl <= limit then
      local item = sub:add(e.f, tvb(fo, fl))
      if e.kind == "flags" then add_flags(item, tvb(fo, fl)) end
    else
      complete = false
    end
  end
  return sub, complete
end

local function dissect(tvb, pinfo, tree)
  local len = tvb:len()
  local rlen = tvb:reported_len()
  pinfo.cols.protocol = "Braid"
  pinfo.cols.info = "Braid"
  local root
  if len > 0 then root = tree:add(braid, tvb()) else root = tree:add(braid) end
  if len < BASE_LEN then
    add_header(root, tvb, H.base, 0, len)
    malformed(root, pinfo, string.format("Truncated base header: %d of %d bytes", len, BASE_LEN))
    return
  end
  add_header(root, tvb, H.base, 0, len)
  local b = H.base.by
  local version = val(tvb, 0, b.version)
  local opcode = val(tvb, 0, b.opcode)
  local path_id = val(tvb, 0, b.path_id)
  local hlen = val(tvb, 0, b.hdr_words) * 4
  local dst_conn = val(tvb, 0, b.dst_conn)
  local payload_len = val(tvb, 0, b.payload_len)
  local op = OPS[opcode]
  pinfo.cols.info = string.format("%s path %d conn %d", op and op.name or string.format("opcode 0x%02x", opcode), path_id, dst_conn)
  if version ~= BRAID_VERSION then
    malformed(root, pinfo, string.format("Unsupported version %d (expected %d)", version, BRAID_VERSION))
    return
  end
  if not op then
    malformed(root, pinfo, string.format("Unknown opcode 0x%02x", opcode))
    return
  end
  if op.data then
    pinfo.cols.info:append(string.format(" psn %d csn %d len %d", val(tvb, 0, b.path_psn), val(tvb, 0, b.csn), payload_len))
  end
  root:append_text(", " .. op.name)
  -- The extension is chosen by the opcode; hdr_words must agree with it.
  local consistent = hlen == op.hlen
  if not consistent then
    malformed(root, pinfo, string.format("hdr_words %d does not match %s (expected %d)", hlen / 4, op.name, op.hlen / 4))
  end
  local limit = math.min(op.hlen, len)
  local ext = H[op.ext]
  local sub, complete = add_header(root, tvb, ext, BASE_LEN, limit)
  if complete and op.ext == "ack" then
    for _, e in ipairs(ext.fields) do
      if e.kind == "sack" then
        local base_psn = val(tvb, BASE_LEN, ext.by.base_psn)
        local count, lost = add_sack(sub, tvb(BASE_LEN + e.off, e.len), base_psn)
        pinfo.cols.info:append(string.format(" base %d sacked %d lost %d", base_psn, count, lost))
      end
    end
  end
  if op.imm then
    local _, c = add_header(root, tvb, H.imm, BASE_LEN + ext.len, limit)
    complete = complete and c
  end
  if not complete then
    malformed(root, pinfo, string.format("Truncated %s headers: %d of %d bytes", op.name, len, op.hlen))
    return
  end
  if not consistent then return end
  if not op.data and payload_len ~= 0 then
    malformed(root, pinfo, string.format("%s carries payload_len %d (control packets carry none)", op.name, payload_len))
  end
  local follow = rlen - hlen
  if follow ~= payload_len then
    malformed(root, pinfo, string.format("payload_len %d but %d bytes follow the headers", payload_len, follow))
  end
  local n = math.min(payload_len, len - hlen)
  if n > 0 then root:add(f_payload, tvb(hlen, n)) end
end

function braid.dissector(tvb, pinfo, tree)
  local ok, err = pcall(dissect, tvb, pinfo, tree)
  if not ok then
    tree:add_proto_expert_info(ef_internal, "Braid dissector error: " .. tostring(err))
  end
  return tvb:len()
end

-- Heuristic entry: Braid destination port and a consistent base header.
local function heuristic(tvb, pinfo, tree)
  if pinfo.dst_port ~= braid.prefs.udp_port or tvb:len() < BASE_LEN then return false end
  local b = H.base.by
  local op = OPS[val(tvb, 0, b.opcode)]
  if val(tvb, 0, b.version) ~= BRAID_VERSION or not op or val(tvb, 0, b.hdr_words) * 4 ~= op.hlen then
    return false
  end
  braid.dissector(tvb, pinfo, tree)
  return true
end
braid:register_heuristic("udp", heuristic)

local current_port = BRAID_UDP_PORT
DissectorTable.get("udp.port"):add(current_port, braid)

function braid.prefs_changed()
  if braid.prefs.udp_port ~= current_port then
    local t = DissectorTable.get("udp.port")
    t:remove(current_port, braid)
    current_port = braid.prefs.udp_port
    t:add(current_port, braid)
  end
end
"#,
        flag_bits = Flags::TABLE
            .iter()
            .map(|(n, m, _)| {
                assert!(m.is_power_of_two(), "flag {n} is not a single bit");
                format!("{{ {}, 0x{m:02x} }}", lua_str(n))
            })
            .collect::<Vec<_>>()
            .join(", "),
    );
    o
}

#[cfg(test)]
mod tests {
    use super::lua_str;

    /// Quotes, backslashes, newlines and every other control character are
    /// escaped (Lua's `\ddd` is decimal); the rest passes as it is.
    #[test]
    fn lua_strings_escape_what_lua_would_misread() {
        assert_eq!(lua_str("plain é"), "\"plain é\"");
        assert_eq!(lua_str("a\"b\\c\nd"), "\"a\\\"b\\\\c\\nd\"");
        assert_eq!(lua_str("\t\u{1}\u{1f} "), "\"\\009\\001\\031 \"");
    }
}
