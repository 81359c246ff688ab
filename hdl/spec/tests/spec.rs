//! Field tables, sizes, state layouts, hash and SPEC.md freshness.

mod common;

use braid_spec::field::{table_len, Field, StateField};
use braid_spec::state::*;
use braid_spec::wire::braid::*;
use braid_spec::*;
use common::*;
use proptest::prelude::*;

fn check_wire_table(name: &str, t: &[Field]) {
    // fields are in order, contiguous (no gaps, no overlap), and cover whole bytes
    let mut bit = 0usize;
    for f in t {
        assert_eq!(f.start_bit(), bit, "{name}.{}: gap or overlap", f.name);
        assert!(f.bit_offset < 8, "{name}.{}", f.name);
        assert!(f.bits > 0);
        bit = f.end_bit();
    }
    assert_eq!(
        bit % 32,
        if name == "Ethernet II" { 16 } else { 0 },
        "{name} not word aligned"
    );
    assert_eq!(bit, table_len(t) * 8);
    let mut names: Vec<_> = t.iter().map(|f| f.name).collect();
    names.sort();
    names.dedup();
    assert_eq!(names.len(), t.len(), "{name}: duplicate field names");
}

#[test]
fn wire_tables_are_contiguous() {
    for (name, t) in WIRE_TABLES {
        check_wire_table(name, t);
    }
}

#[test]
fn header_sizes() {
    assert_eq!(BASE_HEADER_LEN, 24);
    assert_eq!(WRITE_EXT_LEN, 24);
    assert_eq!(SEND_EXT_LEN, 16);
    assert_eq!(IMM_EXT_LEN, 4);
    assert_eq!(ACK_EXT_LEN, 48);
    assert_eq!(NACK_EXT_LEN, 16);
    assert_eq!(PROBE_EXT_LEN, 8);
    assert_eq!(wire::eth::ETHERNET_LEN, 14);
    assert_eq!(wire::ip::IPV4_LEN, 20);
    assert_eq!(wire::ip::IPV6_LEN, 40);
    assert_eq!(wire::udp::UDP_LEN, 8);
    for op in OPCODES {
        assert_eq!(op.header_len() % 4, 0);
        assert!(op.header_len() / 4 < 256);
        assert_eq!(Opcode::from_u8(op.value()), Some(*op));
    }
    for r in NACK_REASONS {
        assert_eq!(NackReason::from_u8(r.value()), Some(*r));
    }
    let unknown = (0..=255u8)
        .filter(|v| Opcode::from_u8(*v).is_none())
        .count();
    assert_eq!(unknown, 256 - OPCODES.len());
}

/// Every view accessor reads exactly its table field: set a field to all
/// ones through the table and check that only that accessor changes.
#[test]
fn accessors_follow_tables() {
    let probe = |f: &Field| {
        let mut b = [0u8; 64];
        f.write(&mut b, u64::MAX);
        b
    };
    let b = probe(&B_CSN);
    let p = BasePacket::new_checked(&b[..]).unwrap();
    assert_eq!(p.csn(), u32::MAX);
    assert_eq!((p.path_psn(), p.timestamp(), p.dst_conn()), (0, 0, 0));
    let b = probe(&B_DST_CONN);
    let p = BasePacket::new_checked(&b[..]).unwrap();
    assert_eq!(
        (p.dst_conn(), p.hdr_words(), p.path_psn()),
        (0xff_ffff, 0, 0)
    );
    let b = probe(&B_VERSION);
    assert_eq!(b[0], 0xf0);
    let b = probe(&W_VA);
    let p = WriteExtPacket::new_checked(&b[..]).unwrap();
    assert_eq!((p.va(), p.rkey(), p.stream()), (u64::MAX, 0, 0));
    assert_eq!(&b[4..12], &[0xff; 8]);
    let b = probe(&A_RATE_HINT);
    let p = AckPacket::new_checked(&b[..]).unwrap();
    assert_eq!((p.rate_hint(), p.ecn_count()), (0xffff, 0));
    let b = probe(&wire::ip::V6_FLOW);
    let p = wire::ip::Ipv6Packet::new_checked(&b[..]).unwrap();
    assert_eq!((p.flow_label(), p.ecn(), p.payload_len()), (0xf_ffff, 0, 0));
    assert_eq!(&b[..4], &[0x00, 0x0f, 0xff, 0xff]);
}

fn check_state_table(t: &[StateField]) {
    let mut bit = 0;
    for f in t {
        assert_eq!(f.lsb, bit, "{}: gap or overlap", f.name);
        bit += f.bits;
    }
}

#[test]
fn state_sizes() {
    for (_, t) in STATE_TABLES {
        check_state_table(t);
    }
    assert_eq!(RX_PATH_STATE_BITS, 352);
    assert_eq!(RX_PATH_STATE_BYTES, 44);
    assert_eq!(TX_PATH_STATE_BITS, 1256);
    assert_eq!(TX_PATH_STATE_BYTES, 157);
    assert_eq!(CONN_STATE_BITS, 960);
    assert_eq!(CONN_STATE_BYTES, 120);
    assert_eq!(RAMB36_BITS, 36864);
}

#[test]
fn bram_capacity() {
    // Spot check the arithmetic by hand for 32 connections x 16 paths:
    // tx 1256 bits x 512 deep = 18 blocks (512x72), rx 352 bits = 5 blocks,
    // conn 960 bits x 32 deep = 14 blocks (512x72), rx_msg_head 97 bits x
    // 128 deep = 2 blocks (512x72), rx_msg 99 bits x 4096 deep = 11 blocks
    // (4096x9).
    assert_eq!(ramb36_for(32, 16), 18 + 5 + 14 + 2 + 11);
    let u250 = max_connections(2688, 16);
    let u280 = max_connections(2016, 16);
    assert!(ramb36_for(u250, 16) <= 2688 && ramb36_for(u250 + 1, 16) > 2688);
    assert!(ramb36_for(u280, 16) <= 2016 && ramb36_for(u280 + 1, 16) > 2016);
    // these state tables alone hold 1,024 connections x 16 paths in the
    // block RAM of a U250 and of a U280 (the 4,000-connection benchmark
    // spreads them over 64 hosts); the engine's other memories, its slot
    // table in UltraRAM first, make the U280 and U55C build 512
    // connections (constraints/alveo/README.md)
    assert!(
        u250 >= 1024 && u280 >= 1024,
        "U250/U280 must hold 1,024 connections x 16 paths: {u250} / {u280}"
    );
}

/// Setting one struct field to all ones sets exactly the table's bits.
#[test]
fn state_fields_land_where_the_table_says() {
    let ones = |t: &[StateField], name: &str, packed: &[u8]| {
        let f = t.iter().find(|f| f.name == name).unwrap();
        for i in 0..(packed.len() * 8) as u32 {
            let set = (packed[(i / 8) as usize] >> (i % 8)) & 1 == 1;
            let inside = i >= f.lsb && i < f.lsb + f.bits;
            assert_eq!(set, inside, "{name} bit {i}");
        }
    };
    let s = RxPathState {
        ecn_count: u16::MAX,
        ..Default::default()
    };
    ones(RX_PATH_STATE, "ecn_count", &s.pack());
    let s = RxPathState {
        received: Sack256::ONES,
        ..Default::default()
    };
    ones(RX_PATH_STATE, "received", &s.pack());
    let s = TxPathState {
        cwnd: 0xff_ffff,
        ..Default::default()
    };
    ones(TX_PATH_STATE, "cwnd", &s.pack());
    let s = TxPathState {
        epoch_hi: Sack256::ONES,
        ..Default::default()
    };
    ones(TX_PATH_STATE, "epoch_hi", &s.pack());
    let s = ConnState {
        peer_ip: [0xff; 16],
        ..Default::default()
    };
    ones(CONN_STATE, "peer_ip", &s.pack());
    let s = ConnState {
        rx_msn: [0, 0, u32::MAX, 0],
        ..Default::default()
    };
    ones(CONN_STATE, "rx_msn2", &s.pack());
    // MAC first octet lands in the field's top bits
    let s = ConnState {
        peer_mac: [0x80, 0, 0, 0, 0, 0],
        ..Default::default()
    };
    let f = CONN_STATE.iter().find(|f| f.name == "peer_mac").unwrap();
    assert_eq!(get_bits(&s.pack(), f.lsb + 47, 1), 1);
}

proptest! {
    #[test]
    fn rx_state_round_trip(base_psn: u32, w: [u64; 4], ecn_count: u16, last_ts: u32, unacked: u8, flags: u8) {
        let s = RxPathState { base_psn, received: Sack256 { words: w }, ecn_count, last_ts, unacked, flags };
        prop_assert_eq!(RxPathState::unpack(&s.pack()), s);
    }

    #[test]
    fn tx_state_round_trip(
        a in (any::<u16>(), any::<u32>(), any::<u32>(), sack(), sack(), sack(), sack()),
        b in (0u32..1 << 24, any::<u16>(), any::<u16>(), 0u32..1 << 24, 0u32..1 << 24, any::<u32>(), any::<u8>(), any::<u8>()),
    ) {
        let s = TxPathState {
            udp_sport: a.0, una: a.1, nxt: a.2, outstanding: a.3, epoch_lo: a.4, epoch_hi: a.5,
            retx_pending: a.6,
            cwnd: b.0, inflight: b.1, alpha: b.2, srtt: b.3, rttvar: b.4, rto_deadline: b.5,
            timeouts: b.6, flags: b.7,
        };
        prop_assert_eq!(TxPathState::unpack(&s.pack()), s);
    }

    #[test]
    fn conn_state_round_trip(
        a in (any::<u8>(), any::<[u8; 6]>(), any::<[u8; 16]>(), any::<u16>(), any::<u16>(), 0u8..64, 0u32..1 << 24, 0u32..1 << 24),
        b in (any::<u8>(), any::<u8>(), any::<u16>(), any::<u32>(), any::<u32>(), any::<u32>(), sack(), any::<u16>()),
        c in (any::<u32>(), any::<[u32; 4]>(), any::<[u32; 4]>()),
    ) {
        let s = ConnState {
            flags: a.0, peer_mac: a.1, peer_ip: a.2, udp_dport: a.3, vlan_tci: a.4, dscp: a.5,
            local_conn: a.6, remote_conn: a.7, num_paths_m1: b.0, next_path: b.1, pd: b.2,
            csn_next: b.3, csn_una: b.4, dedup_base: b.5, dedup: b.6, rate_hint: b.7,
            pacer_next: c.0, tx_msn: c.1, rx_msn: c.2,
        };
        prop_assert_eq!(ConnState::unpack(&s.pack()), s);
    }

    #[test]
    fn seq_arithmetic(a: u32, d in 1u32..0x8000_0000) {
        let b = a.wrapping_add(d);
        prop_assert!(seq::before(a, b));
        prop_assert!(!seq::before(b, a));
        prop_assert!(seq::after(b, a));
        prop_assert_eq!(seq::diff(a, b), d as i32);
        prop_assert!(!seq::before(a, a));
        prop_assert_eq!(seq::in_window(a, b, 256), d < 256);
    }
}

#[test]
fn seq_wraps() {
    assert!(seq::before(0xffff_fff0, 0x10));
    assert!(!seq::before(0x10, 0xffff_fff0));
    assert_eq!(seq::slot(0x1234_56ab), 0xab);
}

#[test]
fn spec_hash_is_stable_and_sensitive() {
    // The hash is a pure function of the tables: recompute with the public fn.
    assert_ne!(SPEC_HASH, 0);
    let a = hash::fnv1a(0x811c_9dc5, b"a");
    assert_ne!(a, hash::fnv1a(0x811c_9dc5, b"b"));
    // The expected value is pinned: update it (and SPEC.md) when the format changes.
    assert_eq!(
        SPEC_HASH, EXPECTED_SPEC_HASH,
        "format changed: update EXPECTED_SPEC_HASH and regenerate SPEC.md"
    );
}

const EXPECTED_SPEC_HASH: u32 = 0x9456_f5b9;

#[test]
fn register_map_is_well_formed() {
    use braid_spec::regs::{self, Access, Reset, REGS};
    let mut offsets: Vec<u32> = REGS.iter().map(|r| r.offset).collect();
    assert!(
        offsets.windows(2).all(|w| w[0] < w[1]),
        "registers not in offset order"
    );
    offsets.dedup();
    assert_eq!(offsets.len(), REGS.len(), "duplicate register offsets");
    let mut names: Vec<_> = REGS.iter().map(|r| r.name).collect();
    names.sort();
    names.dedup();
    assert_eq!(names.len(), REGS.len(), "duplicate register names");
    for r in REGS {
        assert_eq!(r.offset % 4, 0, "{} not 4-byte aligned", r.name);
        assert_eq!(r.bits, 32, "{}", r.name);
        assert!(r.offset + 4 <= regs::MAP_LEN);
        assert_eq!(regs::by_offset(r.offset), Some(r));
        assert_eq!(regs::by_name(r.name), Some(r));
        // fields fit, do not overlap, have unique names, and the reset value
        // sets no bit outside them
        let mut used = 0u32;
        for f in r.fields {
            assert!(
                f.bits > 0 && f.lsb + f.bits <= r.bits,
                "{}.{}",
                r.name,
                f.name
            );
            let m = regs::set(f, 0, u32::MAX);
            assert_eq!(used & m, 0, "{}.{} overlaps", r.name, f.name);
            used |= m;
        }
        let mut fnames: Vec<_> = r.fields.iter().map(|f| f.name).collect();
        fnames.sort();
        fnames.dedup();
        assert_eq!(fnames.len(), r.fields.len(), "{}: duplicate fields", r.name);
        if let (Some(v), false) = (r.reset.value(), r.fields.is_empty()) {
            assert_eq!(v & !used, 0, "{} reset sets reserved bits", r.name);
        }
        // registers with a spec-defined identity value are read-only
        if matches!(r.reset, Reset::SpecHash | Reset::Build) {
            assert_eq!(r.access, Access::Ro, "{}", r.name);
        }
    }
    assert_eq!(regs::MAP_LEN, 0x33c);
    assert_eq!(regs::by_offset(0x002), None);
    assert_eq!(regs::by_offset(regs::MAP_LEN), None);
}

#[test]
fn identity_registers() {
    use braid_spec::regs::{self, *};
    assert_eq!(ID.offset, 0x000);
    assert_eq!(ID.reset.value(), Some(0x4252_4149));
    assert_eq!(&ID_MAGIC.to_be_bytes(), b"BRAI");
    let v = VERSION.reset.value().unwrap();
    assert_eq!(regs::get(&VERSION_MAJOR, v), u32::from(IF_VERSION_MAJOR));
    assert_eq!(regs::get(&VERSION_MINOR, v), u32::from(IF_VERSION_MINOR));
    assert_eq!(regs::SPEC_HASH.reset.value(), Some(braid_spec::SPEC_HASH));
    assert_eq!(CAPS.reset.value(), None);
    // field accessors
    let w = regs::set(&CAPS_PATHS, 0xffff_ffff, 16);
    assert_eq!(w, 0xff10_ffff);
    assert_eq!(regs::get(&CAPS_PATHS, w), 16);
    assert_eq!(
        regs::set(&CAPS_STREAMS, 0, 0x1ff),
        0xff00_0000,
        "masked to width"
    );
}

/// `splice` keeps everything outside the markers, the begin marker
/// included, and puts the generated text before the end marker; markers
/// missing or out of order give `None`.
#[test]
fn splice_replaces_only_between_the_markers() {
    let gen = spec_markdown();
    let doc = format!("head\n{GEN_BEGIN}\nold text\n{GEN_END}\ntail\n");
    assert_eq!(
        splice(&doc).as_deref(),
        Some(format!("head\n{GEN_BEGIN}\n\n{gen}{GEN_END}\ntail\n").as_str())
    );
    assert_eq!(
        splice(&format!("{GEN_BEGIN}{GEN_END}")),
        Some(format!("{GEN_BEGIN}\n\n{gen}{GEN_END}"))
    );
    assert_eq!(
        splice(&format!("a {GEN_END} b {GEN_BEGIN} c")),
        None,
        "out of order"
    );
    assert_eq!(splice(&format!("a {GEN_BEGIN} b")), None, "no end marker");
    assert_eq!(splice(&format!("a {GEN_END} b")), None, "no begin marker");
}

#[test]
fn spec_md_is_up_to_date() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/SPEC.md");
    let doc = std::fs::read_to_string(path).expect("read SPEC.md");
    let fresh = splice(&doc).expect("SPEC.md lacks the GENERATED markers");
    if fresh != doc {
        if std::env::var_os("BRAID_BLESS").is_some() {
            std::fs::write(path, &fresh).expect("write SPEC.md");
            return;
        }
        panic!(
            "hdl/spec/SPEC.md is out of date with the field tables.\n\
             Regenerate with `cargo run -p braid-spec --example gen-spec` \
             (or `BRAID_BLESS=1 cargo test -p braid-spec --test spec`)."
        );
    }
}

/// The const lookups by name find every entry, the last included, and
/// stop a missing name with their own message (not an index past the end).
#[test]
fn host_lookups_by_name() {
    use braid_spec::host::*;
    for &(name, code, _) in COMMANDS {
        assert_eq!(command(name), code, "{name}");
    }
    for &(name, code, _) in CMD_ERRORS {
        assert_eq!(cmd_error(name), code, "{name}");
    }
    for a in CMD_ARGS {
        let got = cmd_arg(a.cmd, a.name);
        assert_eq!(
            (got.cmd, got.name, got.arg, got.lsb),
            (a.cmd, a.name, a.arg, a.lsb)
        );
    }
    for t in [WQE, RQE, CQE] {
        for f in t {
            assert!(std::ptr::eq(field(t, f.name), f), "{}", f.name);
        }
    }
    assert!(eq("", "") && eq("NOP", "NOP"));
    assert!(!eq("NOP", "NOQ") && !eq("NOP", "NO") && !eq("NO", "NOP") && !eq("AOP", "NOP"));
}

#[test]
#[should_panic(expected = "no such command")]
fn command_of_a_missing_name_panics() {
    braid_spec::host::command("NOT_A_COMMAND");
}

#[test]
#[should_panic(expected = "no such command argument")]
fn cmd_arg_of_a_missing_name_panics() {
    braid_spec::host::cmd_arg("REG_MR", "not_an_argument");
}

#[test]
#[should_panic(expected = "no such command error")]
fn cmd_error_of_a_missing_name_panics() {
    braid_spec::host::cmd_error("NOT_AN_ERROR");
}

#[test]
#[should_panic(expected = "no such field")]
fn field_of_a_missing_name_panics() {
    braid_spec::host::field(braid_spec::host::WQE, "not_a_field");
}

fn arg(cmd: &'static str, arg: u32, lsb: u32, bits: u32) -> braid_spec::host::CmdArg {
    braid_spec::host::CmdArg {
        cmd,
        name: "f",
        arg,
        lsb,
        bits,
        desc: "",
    }
}

/// `cmd_args_fit` accepts the map and every field at its limits, and
/// refuses each way a field can break the argument registers.
#[test]
fn cmd_args_fit_refuses_each_bad_field() {
    use braid_spec::host::{cmd_args_fit, CMD_ARGS};
    assert!(cmd_args_fit(CMD_ARGS));
    assert!(cmd_args_fit(&[]));
    let ok = [
        arg("A", 0, 0, 1),
        arg("A", 0, 31, 1),
        arg("A", 1, 0, 64),
        arg("A", 3, 16, 32),
        arg("A", 7, 0, 32),
        arg("B", 0, 0, 32), // another command may reuse the bits
    ];
    assert!(cmd_args_fit(&ok));
    for (bad, why) in [
        (arg("A", 0, 0, 0), "no bits"),
        (arg("A", 0, 0, 65), "wider than 64"),
        (arg("A", 0, 32, 1), "lsb past the register"),
        (arg("A", 0, 1, 33), "wide field not at bit 0"),
        (arg("A", 7, 16, 17), "past ARG7"),
        (arg("A", 7, 0, 33), "past ARG7 (wide)"),
    ] {
        assert!(!cmd_args_fit(&[bad]), "{why}");
    }
    // overlaps within one command, at either end and nested
    for (a, b) in [
        (arg("A", 0, 0, 8), arg("A", 0, 7, 2)),
        (arg("A", 0, 8, 8), arg("A", 0, 0, 9)),
        (arg("A", 0, 0, 64), arg("A", 1, 4, 4)),
    ] {
        assert!(!cmd_args_fit(&[a, b]), "{a:?} {b:?}");
        assert!(!cmd_args_fit(&[b, a]), "{b:?} {a:?}");
    }
    assert!(
        cmd_args_fit(&[arg("A", 0, 0, 8), arg("A", 0, 8, 8)]),
        "adjacent"
    );
}

/// `CmdArg::get` and `put` on fields that cross into the next register
/// (a 32-bit field at bit 16) and end exactly at a register's end (ARG7):
/// exact register values, other bits untouched, values masked.
#[test]
fn cmd_arg_get_put_across_registers() {
    let f = arg("A", 2, 16, 32);
    let mut r = [0xffff_ffffu32; 8];
    f.put(&mut r, 0x1234_5678);
    assert_eq!(r[2], 0x5678_ffff);
    assert_eq!(r[3], 0xffff_1234);
    assert_eq!((r[1], r[4]), (0xffff_ffff, 0xffff_ffff));
    assert_eq!(f.get(&r), 0x1234_5678);
    let mut z = [0u32; 8];
    f.put(&mut z, 0xab_cdef_0123); // masked to 32 bits
    assert_eq!((z[2], z[3]), (0x0123_0000, 0x0000_cdef));
    assert_eq!(f.get(&z), 0xcdef_0123);
    let last = arg("A", 7, 0, 32);
    let mut r = [0u32; 8];
    last.put(&mut r, 0x8765_4321);
    assert_eq!(r, [0, 0, 0, 0, 0, 0, 0, 0x8765_4321]);
    assert_eq!(last.get(&r), 0x8765_4321);
    let top = arg("A", 7, 24, 8);
    top.put(&mut r, 0x1ff);
    assert_eq!(r[7], 0xff65_4321);
    assert_eq!(top.get(&r), 0xff);
}

fn sf(lsb: u32, bits: u32) -> StateField {
    StateField {
        name: "f",
        lsb,
        bits,
        desc: "",
    }
}

/// Record fields of every width `get`/`put` serve (8, 16, 24, 32, 48, 64
/// bits) at an offset: little-endian bytes exactly where the field is,
/// every other byte untouched, the value masked to the width.
#[test]
fn host_record_get_put_every_width() {
    use braid_spec::host::{get, put};
    for bits in [8u32, 16, 24, 32, 40, 48, 56, 64] {
        for at in [0u32, 3, 5] {
            let f = sf(at * 8, bits);
            let n = (bits / 8) as usize;
            let a = at as usize;
            let mut rec = [0xeeu8; 16];
            put(&mut rec, &f, 0x8877_6655_4433_2211);
            let want: Vec<u8> = (0..16)
                .map(|i| {
                    if i >= a && i < a + n {
                        0x11 * (i - a + 1) as u8
                    } else {
                        0xee
                    }
                })
                .collect();
            assert_eq!(rec.to_vec(), want, "{bits} bits at byte {at}");
            let mask = if bits == 64 {
                u64::MAX
            } else {
                (1u64 << bits) - 1
            };
            assert_eq!(
                get(&rec, &f),
                0x8877_6655_4433_2211 & mask,
                "{bits} bits at byte {at}"
            );
        }
    }
}

/// `byte_aligned` accepts the records and refuses a field off a byte
/// boundary at either end or past the record's size.
#[test]
fn byte_aligned_refuses_each_bad_field() {
    use braid_spec::host::*;
    assert!(byte_aligned(WQE, WQE_BYTES) && byte_aligned(RQE, RQE_BYTES));
    assert!(byte_aligned(CQE, CQE_BYTES));
    assert!(byte_aligned(&[sf(0, 8), sf(8, 16), sf(120, 8)], 16));
    assert!(!byte_aligned(&[sf(0, 8), sf(4, 8)], 16), "lsb off a byte");
    assert!(
        !byte_aligned(&[sf(8, 12), sf(0, 8)], 16),
        "width off a byte"
    );
    assert!(!byte_aligned(&[sf(0, 8), sf(120, 16)], 16), "past the end");
    assert!(byte_aligned(&[], 0));
}

/// `offsets_increase` accepts the map and refuses two registers out of
/// order or at one offset.
#[test]
fn offsets_increase_refuses_disorder_and_sharing() {
    use braid_spec::regs::{offsets_increase, REGS};
    assert!(offsets_increase(REGS));
    assert!(offsets_increase(&[]) && offsets_increase(&REGS[..1]));
    assert!(offsets_increase(&[REGS[0], REGS[1], REGS[2]]));
    assert!(!offsets_increase(&[REGS[1], REGS[0]]), "out of order");
    assert!(
        !offsets_increase(&[REGS[0], REGS[1], REGS[1]]),
        "shared offset"
    );
}

/// Every flag bit named in braid-spec's constants is the bit the record's
/// `flags` description gives it ("bitN name"), and the description names
/// no bit the constants lack.
#[test]
fn flag_constants_match_their_descriptions() {
    use braid_spec::field::StateField;
    let check = |t: &[StateField], flags: &[(&str, u8)]| {
        let f = t.iter().find(|f| f.name == "flags").expect("a flags field");
        let named: Vec<(String, u32)> = f
            .desc
            .split(", ")
            .filter_map(|p| {
                let (bit, name) = p.strip_prefix("bit")?.split_once(' ')?;
                let name = name.split(' ').next()?;
                Some((name.to_string(), bit.parse().ok()?))
            })
            .collect();
        assert_eq!(named.len(), flags.len(), "{}", f.desc);
        for &(name, v) in flags {
            let bit = named
                .iter()
                .find(|(n, _)| n == name)
                .unwrap_or_else(|| panic!("{name} not in {:?}", f.desc))
                .1;
            assert_eq!(u32::from(v), 1 << bit, "{name}");
        }
    };
    check(
        RX_PATH_STATE,
        &[
            ("valid", RX_FLAG_VALID),
            ("ack_pending", RX_FLAG_ACK_PENDING),
        ],
    );
    check(
        CONN_STATE,
        &[
            ("valid", conn_flags::VALID),
            ("ipv6", conn_flags::IPV6),
            ("vlan", conn_flags::VLAN),
            ("error", conn_flags::ERROR),
        ],
    );
}
