-- Braid RDMA transport: Wireshark dissector (Wireshark 3.6+ / 4.x).
--
-- GENERATED from the braid-spec field tables (hdl/spec); do not edit.
-- Regenerate with `cargo run -p braid-spec --example gen-dissector`.
-- Wire format: hdl/spec/SPEC.md, SPEC_HASH 0x9456f5b9.
--
-- Use: wireshark -X lua_script:tools/wireshark/braid.lua capture.pcap
--   or copy this file to ~/.local/lib/wireshark/plugins/.
-- Registered on UDP port 4793 (preference "braid.udp_port"), and as a
-- heuristic UDP dissector for the same destination port: when a UDP source
-- port below the Braid port belongs to another protocol, enable
-- udp.try_heuristic_first.

local BRAID_VERSION = 1
local BRAID_UDP_PORT = 4793
local BASE_LEN = 24

local braid = Proto("braid", "Braid RDMA transport")

local opcode_names = {
  [0x01] = "WRITE",
  [0x02] = "WRITE_IMM",
  [0x03] = "SEND",
  [0x04] = "SEND_IMM",
  [0x10] = "ACK",
  [0x11] = "NACK",
  [0x20] = "PROBE",
  [0x21] = "PROBE_REPLY",
}

local reason_names = {
  [0x01] = "NO_RECV_BUFFER",
  [0x02] = "INVALID_RKEY",
  [0x03] = "ACCESS_VIOLATION",
  [0x04] = "OUT_OF_BOUNDS",
  [0x05] = "PD_MISMATCH",
  [0x06] = "MALFORMED",
  [0x07] = "INVALID_CONNECTION",
  [0x08] = "INVALID_STREAM",
  [0x09] = "BUFFER_TOO_SMALL",
}

-- Opcode -> extension header, immediate, total Braid header length, data.
local OPS = {
  [0x01] = { name = "WRITE", ext = "write", imm = false, hlen = 48, data = true },
  [0x02] = { name = "WRITE_IMM", ext = "write", imm = true, hlen = 52, data = true },
  [0x03] = { name = "SEND", ext = "send", imm = false, hlen = 40, data = true },
  [0x04] = { name = "SEND_IMM", ext = "send", imm = true, hlen = 44, data = true },
  [0x10] = { name = "ACK", ext = "ack", imm = false, hlen = 72, data = false },
  [0x11] = { name = "NACK", ext = "nack", imm = false, hlen = 40, data = false },
  [0x20] = { name = "PROBE", ext = "probe", imm = false, hlen = 32, data = false },
  [0x21] = { name = "PROBE_REPLY", ext = "probe", imm = false, hlen = 32, data = false },
}

local fields = {}
local function field(p)
  fields[#fields + 1] = p
  return p
end

-- Header tables. A field occupies bytes [off, off + len) of its header; its
-- value is that big-endian number shifted right by shift, bits wide.
local H = {}
H.base = { title = "Base header", len = 24, fields = {
  { name = "version", f = field(ProtoField.uint8("braid.base.version", "version", base.DEC, nil, 0xf0, "Protocol version, = 1")), off = 0, len = 1, shift = 4, bits = 4, kind = nil },
  { name = "reserved0", f = field(ProtoField.uint8("braid.base.reserved0", "reserved0", base.HEX, nil, 0x0f, "Reserved: send 0, ignore on receive")), off = 0, len = 1, shift = 0, bits = 4, kind = nil },
  { name = "opcode", f = field(ProtoField.uint8("braid.base.opcode", "opcode", base.HEX, opcode_names, nil, "Opcode (see opcode table); selects the extension")), off = 1, len = 1, shift = 0, bits = 8, kind = nil },
  { name = "flags", f = field(ProtoField.uint8("braid.base.flags", "flags", base.HEX, nil, nil, "Flag bits (see flag table)")), off = 2, len = 1, shift = 0, bits = 8, kind = "flags" },
  { name = "path_id", f = field(ProtoField.uint8("braid.base.path_id", "path_id", base.DEC, nil, nil, "Path this packet is sequenced on (data) or refers to (ACK/NACK/PROBE)")), off = 3, len = 1, shift = 0, bits = 8, kind = nil },
  { name = "hdr_words", f = field(ProtoField.uint8("braid.base.hdr_words", "hdr_words", base.DEC, nil, nil, "Braid header length (base + extension + immediate) in 4-byte words")), off = 4, len = 1, shift = 0, bits = 8, kind = nil },
  { name = "dst_conn", f = field(ProtoField.uint24("braid.base.dst_conn", "dst_conn", base.DEC, nil, nil, "Destination connection id at the receiver")), off = 5, len = 3, shift = 0, bits = 24, kind = nil },
  { name = "path_psn", f = field(ProtoField.uint32("braid.base.path_psn", "path_psn", base.DEC, nil, nil, "Data: per-path PSN (serial arithmetic). Control: 0")), off = 8, len = 4, shift = 0, bits = 32, kind = nil },
  { name = "csn", f = field(ProtoField.uint32("braid.base.csn", "csn", base.DEC, nil, nil, "Data: connection sequence number, kept across retransmits. Control: 0")), off = 12, len = 4, shift = 0, bits = 32, kind = nil },
  { name = "timestamp", f = field(ProtoField.uint32("braid.base.timestamp", "timestamp", base.DEC, nil, nil, "Sender clock (engine ticks) at transmission; echoed in ACK")), off = 16, len = 4, shift = 0, bits = 32, kind = nil },
  { name = "payload_len", f = field(ProtoField.uint16("braid.base.payload_len", "payload_len", base.DEC, nil, nil, "Payload bytes after all Braid headers (0 for control packets)")), off = 20, len = 2, shift = 0, bits = 16, kind = nil },
  { name = "floor_delta", f = field(ProtoField.uint16("braid.base.floor_delta", "floor_delta", base.DEC, nil, nil, "Data: path_psn minus the sender's path floor (its lowest unresolved PSN on this path); the receiver may slide its base up to path_psn - floor_delta. Control: 0")), off = 22, len = 2, shift = 0, bits = 16, kind = nil },
} }
H.write = { title = "WRITE extension", len = 24, fields = {
  { name = "rkey", f = field(ProtoField.uint32("braid.write.rkey", "rkey", base.HEX, nil, nil, "Remote key of the target memory region")), off = 0, len = 4, shift = 0, bits = 32, kind = nil },
  { name = "va", f = field(ProtoField.uint64("braid.write.va", "va", base.HEX, nil, nil, "Remote virtual address of THIS packet's first payload byte")), off = 4, len = 8, shift = 0, bits = 64, kind = nil },
  { name = "stream", f = field(ProtoField.uint8("braid.write.stream", "stream", base.DEC, nil, nil, "Stream whose completion order this message joins")), off = 12, len = 1, shift = 0, bits = 8, kind = nil },
  { name = "reserved", f = field(ProtoField.uint24("braid.write.reserved", "reserved", base.HEX, nil, nil, "Reserved: send 0, ignore on receive")), off = 13, len = 3, shift = 0, bits = 24, kind = nil },
  { name = "msn", f = field(ProtoField.uint32("braid.write.msn", "msn", base.DEC, nil, nil, "Message sequence number within the stream")), off = 16, len = 4, shift = 0, bits = 32, kind = nil },
  { name = "msg_len", f = field(ProtoField.uint32("braid.write.msg_len", "msg_len", base.DEC, nil, nil, "Total message length in bytes")), off = 20, len = 4, shift = 0, bits = 32, kind = nil },
} }
H.send = { title = "SEND extension", len = 16, fields = {
  { name = "stream", f = field(ProtoField.uint8("braid.send.stream", "stream", base.DEC, nil, nil, "Stream id")), off = 0, len = 1, shift = 0, bits = 8, kind = nil },
  { name = "rsn", f = field(ProtoField.uint24("braid.send.rsn", "rsn", base.DEC, nil, nil, "Receive sequence number: index (mod 2^24) of the posted receive this message consumes on the stream")), off = 1, len = 3, shift = 0, bits = 24, kind = nil },
  { name = "msn", f = field(ProtoField.uint32("braid.send.msn", "msn", base.DEC, nil, nil, "Message sequence number within the stream (orders completions)")), off = 4, len = 4, shift = 0, bits = 32, kind = nil },
  { name = "offset", f = field(ProtoField.uint32("braid.send.offset", "offset", base.DEC, nil, nil, "Byte offset of THIS packet's payload within the message")), off = 8, len = 4, shift = 0, bits = 32, kind = nil },
  { name = "msg_len", f = field(ProtoField.uint32("braid.send.msg_len", "msg_len", base.DEC, nil, nil, "Total message length in bytes")), off = 12, len = 4, shift = 0, bits = 32, kind = nil },
} }
H.imm = { title = "Immediate", len = 4, fields = {
  { name = "imm", f = field(ProtoField.uint32("braid.imm.imm", "imm", base.HEX, nil, nil, "Immediate data, delivered in the receiver's completion")), off = 0, len = 4, shift = 0, bits = 32, kind = nil },
} }
H.ack = { title = "ACK extension", len = 48, fields = {
  { name = "base_psn", f = field(ProtoField.uint32("braid.ack.base_psn", "base_psn", base.DEC, nil, nil, "First path PSN not yet received on path_id (all before it received)")), off = 0, len = 4, shift = 0, bits = 32, kind = nil },
  { name = "csn_base", f = field(ProtoField.uint32("braid.ack.csn_base", "csn_base", base.DEC, nil, nil, "Receiver dedup window base: every CSN before it has been received")), off = 4, len = 4, shift = 0, bits = 32, kind = nil },
  { name = "ts_echo", f = field(ProtoField.uint32("braid.ack.ts_echo", "ts_echo", base.DEC, nil, nil, "timestamp of the newest data packet on this path that triggered the ACK")), off = 8, len = 4, shift = 0, bits = 32, kind = nil },
  { name = "ecn_count", f = field(ProtoField.uint16("braid.ack.ecn_count", "ecn_count", base.DEC, nil, nil, "CE-marked data packets on this path since the previous ACK (saturating)")), off = 12, len = 2, shift = 0, bits = 16, kind = nil },
  { name = "rate_hint", f = field(ProtoField.uint16("braid.ack.rate_hint", "rate_hint", base.DEC, nil, nil, "Receiver's fair-share rate for this sender, units of 100 Mb/s; 0 = no limit")), off = 14, len = 2, shift = 0, bits = 16, kind = nil },
  { name = "sack", f = field(ProtoField.bytes("braid.ack.sack", "sack", base.NONE, "Bit j (byte j/8, bit j%8 from LSB) set = PSN base_psn + j received")), off = 16, len = 32, shift = 0, bits = 256, kind = "sack" },
} }
H.nack = { title = "NACK extension", len = 16, fields = {
  { name = "reason", f = field(ProtoField.uint8("braid.nack.reason", "reason", base.DEC, reason_names, nil, "Reason code (see NACK reason table)")), off = 0, len = 1, shift = 0, bits = 8, kind = nil },
  { name = "reserved", f = field(ProtoField.uint24("braid.nack.reserved", "reserved", base.HEX, nil, nil, "Reserved: send 0, ignore on receive")), off = 1, len = 3, shift = 0, bits = 24, kind = nil },
  { name = "psn", f = field(ProtoField.uint32("braid.nack.psn", "psn", base.DEC, nil, nil, "path_psn of the rejected packet (on base path_id)")), off = 4, len = 4, shift = 0, bits = 32, kind = nil },
  { name = "csn", f = field(ProtoField.uint32("braid.nack.csn", "csn", base.DEC, nil, nil, "csn of the rejected packet")), off = 8, len = 4, shift = 0, bits = 32, kind = nil },
  { name = "detail", f = field(ProtoField.uint32("braid.nack.detail", "detail", base.HEX, nil, nil, "Reason-specific detail (rkey, msn, stream ...)")), off = 12, len = 4, shift = 0, bits = 32, kind = nil },
} }
H.probe = { title = "PROBE extension", len = 8, fields = {
  { name = "probe_seq", f = field(ProtoField.uint32("braid.probe.probe_seq", "probe_seq", base.DEC, nil, nil, "Probe sequence number (reply echoes it)")), off = 0, len = 4, shift = 0, bits = 32, kind = nil },
  { name = "probe_ts", f = field(ProtoField.uint32("braid.probe.probe_ts", "probe_ts", base.DEC, nil, nil, "Prober's clock at transmission (reply echoes it; RTT = now - probe_ts)")), off = 4, len = 4, shift = 0, bits = 32, kind = nil },
} }
for _, h in pairs(H) do
  h.by = {}
  for _, e in ipairs(h.fields) do h.by[e.name] = e end
end

local flag_fields = {
  field(ProtoField.bool("braid.base.flags.ack_req", "ACK_REQ", 8, nil, 0x01, "Ask the receiver to ACK this path now")),
  field(ProtoField.bool("braid.base.flags.first", "FIRST", 8, nil, 0x02, "First packet of the message (lowest offset)")),
  field(ProtoField.bool("braid.base.flags.last", "LAST", 8, nil, 0x04, "Last packet of the message (highest offset)")),
  field(ProtoField.bool("braid.base.flags.solicited", "SOLICITED", 8, nil, 0x08, "Completion should raise an event")),
  field(ProtoField.bool("braid.base.flags.retx", "RETX", 8, nil, 0x10, "Retransmission (new path PSN, same CSN)")),
}
local flag_bits = { { "ACK_REQ", 0x01 }, { "FIRST", 0x02 }, { "LAST", 0x04 }, { "SOLICITED", 0x08 }, { "RETX", 0x10 } }

local f_sack_received = field(ProtoField.uint16("braid.ack.sack_received", "PSNs received (SACK bits set)", base.DEC))
local f_sack_highest = field(ProtoField.uint32("braid.ack.sack_highest_psn", "Highest PSN received", base.DEC))
local f_sack_lost = field(ProtoField.uint16("braid.ack.sack_lost", "PSNs lost (clear bits below the highest set bit)", base.DEC))
local f_sack_holes = field(ProtoField.string("braid.ack.sack_holes", "Lost PSNs"))
local f_payload = field(ProtoField.bytes("braid.payload", "Payload"))

braid.fields = fields

local ef_malformed = ProtoExpert.new("braid.malformed", "Malformed Braid packet",
  expert.group.MALFORMED, expert.severity.ERROR)
local ef_internal = ProtoExpert.new("braid.dissector_error", "Braid dissector error",
  expert.group.MALFORMED, expert.severity.ERROR)
braid.experts = { ef_malformed, ef_internal }

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
  local names = {}
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
  local bits = {}
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
  local lost, holes, j = 0, {}, 0
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
