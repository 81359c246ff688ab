//! The generated Wireshark dissector: freshness of the committed file, and
//! decoding checked with `tshark` against the values `emit_frame` wrote.
//!
//! `tshark` (Debian package `tshark`, installed by `scripts/setup.sh`) is
//! required: the tshark tests fail, naming the package, when it is missing.

mod common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use braid_spec::dissector::{
    field_abbr, flag_abbr, DISSECTOR_HEADERS, DISSECTOR_REGEN, EXPERT_INTERNAL, EXPERT_MALFORMED,
    PAYLOAD, SACK_HIGHEST, SACK_HOLES, SACK_LOST, SACK_RECEIVED,
};
use braid_spec::pcap::PcapWriter;
use braid_spec::wire::braid::{Flags, BASE_HEADER, IMM_EXT, NACK_REASONS, OPCODES};
use braid_spec::wire::checksum;
use braid_spec::*;
use common::Rng;

fn lua_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tools/wireshark/braid.lua")
}

#[test]
fn committed_dissector_is_up_to_date() {
    let path = lua_path();
    let fresh = wireshark_lua();
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    if committed != fresh {
        if std::env::var_os("BRAID_BLESS").is_some() {
            std::fs::create_dir_all(path.parent().unwrap()).expect("create tools/wireshark");
            std::fs::write(&path, &fresh).expect("write braid.lua");
            return;
        }
        panic!(
            "tools/wireshark/braid.lua is out of date with the field tables.\n\
             Regenerate with `{DISSECTOR_REGEN}` \
             (or `BRAID_BLESS=1 cargo test -p braid-spec --test dissector`)."
        );
    }
}

#[test]
fn every_table_field_has_an_abbreviation() {
    let lua = wireshark_lua();
    for (key, _, table) in DISSECTOR_HEADERS {
        for f in table.iter() {
            let a = format!("\"{}\"", field_abbr(key, f.name));
            assert_eq!(lua.matches(&a).count(), 1, "{a}");
        }
    }
    for (n, _, _) in Flags::TABLE {
        assert!(lua.contains(&flag_abbr(n)), "{n}");
    }
    assert!(lua.contains("braid.base.path_psn") && lua.contains("braid.ack.base_psn"));
    assert!(lua.contains("braid.write.rkey"));
}

// ------------------------------------------------------------------ tshark

fn tshark_available() {
    match Command::new("tshark").arg("--version").output() {
        Ok(o) if o.status.success() => {}
        _ => panic!(
            "tshark not found: install the Debian package `tshark` \
             (`apt-get install tshark`, or run scripts/setup.sh) to test the Wireshark dissector"
        ),
    }
}

fn temp_dir(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("braid-dissector-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&d).expect("create temp dir");
    d
}

/// Run tshark with the dissector on `pcap` (only frames matching the display
/// `filter`, if any); returns one row per frame.
fn tshark_fields(pcap: &Path, filter: Option<&str>, fields: &[String]) -> Vec<Vec<String>> {
    let mut cmd = Command::new("tshark");
    if let Some(f) = filter {
        cmd.arg("-Y").arg(f);
    }
    cmd.arg("-n")
        .arg("-X")
        .arg(format!("lua_script:{}", lua_path().display()))
        .arg("-r")
        .arg(pcap)
        .args(["-T", "fields", "-E", "separator=,", "-E", "aggregator=|"]);
    for f in fields {
        cmd.arg("-e").arg(f);
    }
    let out = cmd.output().expect("run tshark");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "tshark failed: {}\n{stderr}\n{stdout}",
        out.status
    );
    for s in [&stdout, &stderr] {
        assert!(
            !s.contains("Lua Error") && !s.contains("Lua: Error"),
            "Lua error from the dissector:\n{stderr}\n{stdout}"
        );
    }
    stdout
        .lines()
        .map(|l| l.split(',').map(str::to_string).collect())
        .collect()
}

/// Canonical form of a tshark field value: integers in decimal, byte
/// strings as bare lower-case hex, booleans as 0/1.
fn norm(v: &str) -> String {
    let v = v.trim();
    if let Some(h) = v.strip_prefix("0x") {
        if let Ok(n) = u64::from_str_radix(h, 16) {
            return n.to_string();
        }
    }
    match v {
        "True" | "true" => return "1".into(),
        "False" | "false" => return "0".into(),
        _ => {}
    }
    if v.contains(':') && v.split(':').all(|p| p.len() == 2) {
        return v.replace(':', "").to_ascii_lowercase();
    }
    v.to_string()
}

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

/// (received, highest PSN, lost, holes) as the dissector reports them.
fn sack_summary(base_psn: u32, s: &Sack256) -> (u32, Option<u32>, u32, String) {
    let received = (0..SACK_BITS).filter(|&j| s.get(j)).count() as u32;
    let highest = (0..SACK_BITS).rev().find(|&j| s.get(j));
    let psn = |j: usize| base_psn.wrapping_add(j as u32);
    let mut lost = 0;
    let mut holes = Vec::new();
    if let Some(h) = highest {
        let mut j = 0;
        while j < h {
            if !s.get(j) {
                let start = j;
                while j + 1 < h && !s.get(j + 1) {
                    j += 1;
                }
                lost += (j - start + 1) as u32;
                holes.push(if start == j {
                    psn(j).to_string()
                } else {
                    format!("{}-{}", psn(start), psn(j))
                });
            }
            j += 1;
        }
    }
    (received, highest.map(psn), lost, holes.join(" "))
}

/// The values a frame's Braid fields must decode to, by abbreviation.
fn expected(repr: &FrameRepr, payload: &[u8]) -> BTreeMap<String, String> {
    let b = &repr.braid.base;
    let mut m = BTreeMap::new();
    let mut put = |hdr: &str, name: &str, v: u64| {
        m.insert(field_abbr(hdr, name), v.to_string());
    };
    put("base", "version", 1);
    put("base", "reserved0", 0);
    put("base", "opcode", b.opcode.value().into());
    put("base", "flags", b.flags.0.into());
    put("base", "path_id", b.path_id.into());
    put("base", "hdr_words", (b.opcode.header_len() / 4) as u64);
    put("base", "dst_conn", b.dst_conn.into());
    put("base", "path_psn", b.path_psn.into());
    put("base", "csn", b.csn.into());
    put("base", "timestamp", b.timestamp.into());
    put("base", "payload_len", b.payload_len.into());
    put("base", "floor_delta", b.floor_delta.into());
    let mut imm_v = None;
    match &repr.braid.body {
        Body::Write { ext, imm } => {
            put("write", "rkey", ext.rkey.into());
            put("write", "va", ext.va);
            put("write", "stream", ext.stream.into());
            put("write", "reserved", 0);
            put("write", "msn", ext.msn.into());
            put("write", "msg_len", ext.msg_len.into());
            imm_v = *imm;
        }
        Body::Send { ext, imm } => {
            put("send", "stream", ext.stream.into());
            put("send", "rsn", ext.rsn.into());
            put("send", "msn", ext.msn.into());
            put("send", "offset", ext.offset.into());
            put("send", "msg_len", ext.msg_len.into());
            imm_v = *imm;
        }
        Body::Ack(a) => {
            put("ack", "base_psn", a.base_psn.into());
            put("ack", "csn_base", a.csn_base.into());
            put("ack", "ts_echo", a.ts_echo.into());
            put("ack", "ecn_count", a.ecn_count.into());
            put("ack", "rate_hint", a.rate_hint.into());
        }
        Body::Nack(n) => {
            put("nack", "reason", n.reason.value().into());
            put("nack", "reserved", 0);
            put("nack", "psn", n.psn.into());
            put("nack", "csn", n.csn.into());
            put("nack", "detail", n.detail.into());
        }
        Body::Probe(p) | Body::ProbeReply(p) => {
            put("probe", "probe_seq", p.probe_seq.into());
            put("probe", "probe_ts", p.probe_ts.into());
        }
    }
    if let Some(v) = imm_v {
        put("imm", "imm", v.into());
    }
    if let Body::Ack(a) = &repr.braid.body {
        m.insert(field_abbr("ack", "sack"), hex(&a.sack.to_bytes()));
        let (rcv, hi, lost, holes) = sack_summary(a.base_psn, &a.sack);
        m.insert(SACK_RECEIVED.into(), rcv.to_string());
        if let Some(h) = hi {
            m.insert(SACK_HIGHEST.into(), h.to_string());
        }
        m.insert(SACK_LOST.into(), lost.to_string());
        if !holes.is_empty() {
            m.insert(SACK_HOLES.into(), holes);
        }
    }
    for (n, mask, _) in Flags::TABLE {
        m.insert(flag_abbr(n), u8::from(b.flags.0 & mask != 0).to_string());
    }
    if !payload.is_empty() {
        m.insert(PAYLOAD.into(), hex(payload));
    }
    m.insert("udp.srcport".into(), repr.udp.src_port.to_string());
    m
}

fn sack_of(r: &mut Rng, mode: u64) -> Sack256 {
    let mut s = Sack256::ZERO;
    match mode {
        0 => {}
        1 => {
            // a few received PSNs: holes below the highest
            for _ in 0..1 + r.below(6) {
                s.set(r.below(SACK_BITS as u64) as usize, true);
            }
        }
        2 => s.words = [r.next(), r.next(), r.next(), r.next()],
        _ => {
            // a run of received PSNs after a hole
            let lo = r.below(40) as usize;
            for j in lo..lo + 1 + r.below(60) as usize {
                s.set(j, true);
            }
        }
    }
    s
}

/// A unicast, globally administered MAC (no expert info from Ethernet).
fn unicast(mut m: [u8; 6]) -> [u8; 6] {
    m[0] &= 0xfc;
    m
}

/// One frame per (opcode, IP version, VLAN, seed) with random field values.
fn frame_for(op: Opcode, v6: bool, vlan: bool, r: &mut Rng) -> (FrameRepr, Vec<u8>) {
    let imm = op.has_imm().then(|| r.next() as u32);
    let body = match op {
        Opcode::Write | Opcode::WriteImm => Body::Write {
            ext: WriteRepr {
                rkey: r.next() as u32,
                va: r.next(),
                stream: r.next() as u8,
                msn: r.next() as u32,
                msg_len: r.next() as u32,
            },
            imm,
        },
        Opcode::Send | Opcode::SendImm => Body::Send {
            ext: SendRepr {
                stream: r.next() as u8,
                rsn: r.below(1 << 24) as u32,
                msn: r.next() as u32,
                offset: r.next() as u32,
                msg_len: r.next() as u32,
            },
            imm,
        },
        Opcode::Ack => {
            let mode = r.below(4);
            Body::Ack(AckRepr {
                base_psn: r.next() as u32,
                csn_base: r.next() as u32,
                ts_echo: r.next() as u32,
                ecn_count: r.next() as u16,
                rate_hint: r.next() as u16,
                sack: sack_of(r, mode),
            })
        }
        Opcode::Nack => Body::Nack(NackRepr {
            reason: NACK_REASONS[r.below(NACK_REASONS.len() as u64) as usize],
            psn: r.next() as u32,
            csn: r.next() as u32,
            detail: r.next() as u32,
        }),
        Opcode::Probe | Opcode::ProbeReply => {
            let p = ProbeRepr {
                probe_seq: r.next() as u32,
                probe_ts: r.next() as u32,
            };
            if op == Opcode::Probe {
                Body::Probe(p)
            } else {
                Body::ProbeReply(p)
            }
        }
    };
    let pl = if op.is_data() { r.below(300) as u16 } else { 0 };
    let payload: Vec<u8> = (0..pl).map(|_| r.next() as u8).collect();
    let ip = if v6 {
        IpRepr::V6(Ipv6Repr {
            dscp: r.below(64) as u8,
            ecn: r.below(4) as u8,
            flow_label: r.below(1 << 20) as u32,
            hop_limit: 64,
            src: r.bytes(),
            dst: r.bytes(),
        })
    } else {
        IpRepr::V4(Ipv4Repr {
            dscp: r.below(64) as u8,
            ecn: r.below(4) as u8,
            ident: r.next() as u16,
            dont_frag: true,
            ttl: 64,
            src: r.bytes(),
            dst: r.bytes(),
        })
    };
    let repr = FrameRepr {
        eth: EthernetRepr {
            dst: unicast(r.bytes()),
            src: unicast(r.bytes()),
            vlan: vlan.then(|| VlanTag {
                pcp: r.below(8) as u8,
                dei: r.below(2) == 1,
                vid: 1 + r.below(4094) as u16,
            }),
        },
        ip,
        udp: UdpRepr {
            // Wireshark's UDP dissector tries the lower port first: a source
            // port above 4793 keeps a well-known low port from winning.
            src_port: BRAID_UDP_PORT + 1 + r.below(u64::from(u16::MAX - BRAID_UDP_PORT)) as u16,
            dst_port: BRAID_UDP_PORT,
            checksum: r.below(2) == 0,
        },
        braid: BraidRepr {
            base: BaseRepr {
                opcode: op,
                flags: Flags(r.next() as u8),
                path_id: r.next() as u8,
                dst_conn: r.below(1 << 24) as u32,
                path_psn: r.next() as u32,
                csn: r.next() as u32,
                timestamp: r.next() as u32,
                payload_len: pl,
                floor_delta: r.next() as u16,
            },
            body,
        },
    };
    (repr, payload)
}

/// Every abbreviation the dissector can produce for a well-formed frame.
fn all_columns() -> Vec<String> {
    let mut cols = Vec::new();
    for (key, _, table) in DISSECTOR_HEADERS {
        for f in table.iter() {
            cols.push(field_abbr(key, f.name));
        }
    }
    for (n, _, _) in Flags::TABLE {
        cols.push(flag_abbr(n));
    }
    for c in [SACK_RECEIVED, SACK_HIGHEST, SACK_LOST, SACK_HOLES, PAYLOAD] {
        cols.push(c.to_string());
    }
    cols.push("udp.srcport".into());
    cols
}

const SEEDS: u64 = 4;

/// Display filter matching the dissector's expert infos.
const EXPERTS_FILTER: &str = "braid.malformed || braid.dissector_error";

#[test]
fn experts_filter_names_the_generated_experts() {
    assert_eq!(
        EXPERTS_FILTER,
        format!("{EXPERT_MALFORMED} || {EXPERT_INTERNAL}")
    );
}

#[test]
fn tshark_decodes_every_field_as_emitted() {
    tshark_available();
    let mut r = Rng(0xb4a1_d15e_c7ed);
    let mut frames = Vec::new();
    for op in OPCODES {
        for v6 in [false, true] {
            for vlan in [false, true] {
                for _ in 0..SEEDS {
                    let (repr, payload) = frame_for(*op, v6, vlan, &mut r);
                    let bytes = emit_frame_vec(&repr, &payload).expect("emit");
                    parse_frame(&bytes).expect("emitted frame parses");
                    frames.push((repr, payload, bytes));
                }
            }
        }
    }
    let dir = temp_dir("fields");
    let pcap = dir.join("frames.pcap");
    let mut w = PcapWriter::new(std::fs::File::create(&pcap).unwrap()).unwrap();
    for (i, (_, _, bytes)) in frames.iter().enumerate() {
        w.write_frame(1_000_000 * i as u64, bytes).unwrap();
    }
    w.into_inner().unwrap();

    let cols = all_columns();
    let rows = tshark_fields(&pcap, None, &cols);
    // no frame carries the dissector's expert infos
    let flagged = tshark_fields(&pcap, Some(EXPERTS_FILTER), &["frame.number".into()]);
    assert!(
        flagged.is_empty(),
        "frames with Braid expert info: {flagged:?}"
    );
    assert_eq!(rows.len(), frames.len(), "one output line per frame");
    let mut checked = 0usize;
    for (i, ((repr, payload, _), row)) in frames.iter().zip(&rows).enumerate() {
        assert_eq!(row.len(), cols.len(), "frame {}: {row:?}", i + 1);
        let want = expected(repr, payload);
        for (c, got) in cols.iter().zip(row) {
            let w = want.get(c).map(String::as_str).unwrap_or("");
            assert_eq!(
                norm(got),
                w,
                "frame {} ({}, {}, vlan {}): field {c}",
                i + 1,
                repr.braid.base.opcode.name(),
                if matches!(repr.ip, IpRepr::V6(_)) {
                    "IPv6"
                } else {
                    "IPv4"
                },
                repr.eth.vlan.is_some()
            );
            if !w.is_empty() {
                checked += 1;
            }
        }
        // every field of every header this opcode carries was compared
        let op = repr.braid.base.opcode;
        let carried =
            BASE_HEADER.len() + op.extension().len() + if op.has_imm() { IMM_EXT.len() } else { 0 };
        let compared = want
            .keys()
            .filter(|k| {
                DISSECTOR_HEADERS
                    .iter()
                    .any(|(h, _, t)| t.iter().any(|f| **k == field_abbr(h, f.name)))
            })
            .count();
        assert_eq!(compared, carried, "frame {}", i + 1);
    }
    eprintln!(
        "tshark checked {} frames, {checked} non-empty field values",
        frames.len()
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// A well-formed IPv4 frame with the Braid bytes (UDP payload) replaced by
/// `braid`: IP total length, header checksum and UDP length are fixed up
/// (UDP checksum 0).
fn reframe_v4(template: &[u8], braid: &[u8]) -> Vec<u8> {
    let (l3, l4) = (14, 34);
    let mut f = template[..l4 + 8].to_vec();
    f.extend_from_slice(braid);
    let total = (f.len() - l3) as u16;
    f[l3 + 2..l3 + 4].copy_from_slice(&total.to_be_bytes());
    f[l3 + 10..l3 + 12].copy_from_slice(&[0, 0]);
    let c = checksum::checksum(&f[l3..l4]);
    f[l3 + 10..l3 + 12].copy_from_slice(&c.to_be_bytes());
    let ulen = (8 + braid.len()) as u16;
    f[l4 + 4..l4 + 6].copy_from_slice(&ulen.to_be_bytes());
    f[l4 + 6..l4 + 8].copy_from_slice(&[0, 0]);
    f
}

#[test]
fn tshark_flags_malformed_packets_without_lua_errors() {
    tshark_available();
    let mut r = Rng(0x7a11_0bad);
    let frame = |op: Opcode, r: &mut Rng| {
        let (mut repr, payload) = frame_for(op, false, false, r);
        repr.udp.checksum = false;
        emit_frame_vec(&repr, &payload).unwrap()
    };
    let write = frame(Opcode::Write, &mut r);
    let ack = frame(Opcode::Ack, &mut r);
    let probe = frame(Opcode::Probe, &mut r);
    let udp_payload = |f: &[u8]| f[42..].to_vec();
    let (w, a, p) = (udp_payload(&write), udp_payload(&ack), udp_payload(&probe));

    // (description, frame, expected expert text, captured length or full)
    let mut cases: Vec<(&str, Vec<u8>, &str, Option<usize>)> = Vec::new();
    // (a UDP datagram without payload never reaches the dissector)
    cases.push((
        "cut in base header",
        reframe_v4(&ack, &a[..10]),
        "Truncated base header",
        None,
    ));
    cases.push((
        "cut in ACK extension",
        reframe_v4(&ack, &a[..44]),
        "Truncated ACK headers",
        None,
    ));
    cases.push((
        "cut in WRITE extension",
        reframe_v4(&write, &w[..30]),
        "Truncated WRITE headers",
        None,
    ));
    let mut short = w.clone();
    short.truncate(48);
    let pl = u16::from_be_bytes([w[20], w[21]]);
    short[20..22].copy_from_slice(&(pl + 5).to_be_bytes());
    cases.push((
        "payload shorter than payload_len",
        reframe_v4(&write, &short),
        "payload_len",
        None,
    ));
    let mut hw = a.clone();
    hw[4] = 5;
    cases.push((
        "bad hdr_words",
        reframe_v4(&ack, &hw),
        "hdr_words 5 does not match ACK",
        None,
    ));
    let mut hw0 = p.clone();
    hw0[4] = 0;
    cases.push((
        "zero hdr_words",
        reframe_v4(&probe, &hw0),
        "hdr_words 0 does not match PROBE",
        None,
    ));
    let mut unk = p.clone();
    unk[1] = 0x7f;
    cases.push((
        "unknown opcode",
        reframe_v4(&probe, &unk),
        "Unknown opcode 0x7f",
        None,
    ));
    let mut ver = p.clone();
    ver[0] = 0x20;
    cases.push((
        "version 2",
        reframe_v4(&probe, &ver),
        "Unsupported version 2",
        None,
    ));
    let mut ctl = p.clone();
    ctl[20..22].copy_from_slice(&4u16.to_be_bytes());
    ctl.extend_from_slice(&[1, 2, 3, 4]);
    cases.push((
        "control packet with payload",
        reframe_v4(&probe, &ctl),
        "carries payload_len 4",
        None,
    ));
    cases.push((
        "capture cut in ACK SACK (snaplen)",
        ack.clone(),
        "Truncated ACK headers",
        Some(42 + 60),
    ));
    cases.push((
        "capture cut in base header (snaplen)",
        write.clone(),
        "Truncated base header",
        Some(42 + 12),
    ));
    // a well-formed frame last: decoded, no expert info
    cases.push(("well-formed", probe.clone(), "", None));

    let dir = temp_dir("malformed");
    let pcap = dir.join("malformed.pcap");
    let mut pw = PcapWriter::new(std::fs::File::create(&pcap).unwrap()).unwrap();
    for (i, (_, f, _, cut)) in cases.iter().enumerate() {
        let data = &f[..cut.unwrap_or(f.len())];
        pw.write_packet(i as u64 * 1000, data, f.len()).unwrap();
    }
    pw.into_inner().unwrap();
    let cols = [
        "braid.base.opcode",
        "_ws.expert.message",
        "_ws.expert.severity",
        "frame.protocols",
    ]
    .map(String::from);
    let rows = tshark_fields(&pcap, None, &cols);
    assert_eq!(rows.len(), cases.len());
    let flagged = tshark_fields(&pcap, Some(EXPERT_MALFORMED), &["frame.number".into()]);
    let bad: Vec<String> = (1..cases.len()).map(|n| n.to_string()).collect();
    assert_eq!(
        flagged.concat(),
        bad,
        "every malformed frame (and only those) matches braid.malformed"
    );
    for ((what, _, msg, _), row) in cases.iter().zip(&rows) {
        let line = row.join(",");
        assert!(
            row[3].ends_with(":braid"),
            "{what}: not dissected as Braid: {line}"
        );
        assert!(
            !line.contains("dissector error"),
            "{what}: the dissector failed: {line}"
        );
        if msg.is_empty() {
            assert!(row[1].is_empty(), "{what}: unexpected expert info: {line}");
        } else {
            assert!(row[1].contains(msg), "{what}: expected {msg:?}: {line}");
            assert!(
                row[2]
                    .split('|')
                    .any(|s| norm(s) == "8388608" || s.contains("Error")),
                "{what}: expert info is not an error: {line}"
            );
        }
    }
    std::fs::remove_dir_all(&dir).ok();
}
