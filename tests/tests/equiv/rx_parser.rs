//! `rx_parser`: its cycle model against the RTL block, in Verilator (every
//! output on every clock, seeded random stimulus biased toward the
//! edges) and in RustHDL's own simulator (a short seeded run).

use crate::common::*;
use braid_model::*;
use braid_tests::{assert_equiv, equiv_cycles, seeds};
use rust_hdl::prelude::*;

#[test]
fn rx_parser_matches_model() {
    let n = equiv_cycles();
    for seed in seeds(&[0x9a25, 0x1f0e]) {
        assert_equiv::<RxParserModel>(seed, n / 4);
    }
}

/// The parser's stimulus reaches every drop reason and every opcode
/// accepted, IPv4 and IPv6, with and without 802.1Q, payload beats of every
/// length, gaps and back-to-back frames; no output is ever non-zero while
/// its valid is low.
#[test]
fn rx_parser_stimulus_covers_the_edges() {
    use braid_model::rx_parser::RxStim;
    let mut m = RxParserModel::default();
    let mut stim = RxStim::new(0x9a25);
    let (mut reasons, mut ops) = ([0u64; 16], [0u64; 256]);
    let (mut v4, mut v6, mut vlan, mut ce, mut b2b, mut partial, mut big) = (0, 0, 0, 0, 0, 0, 0);
    let mut last_was_last = false;
    let mut o = m.step(&stim.next(0));
    for c in 1..300_000 {
        let i = stim.next(c);
        if let Some(b) = &i.beat {
            b2b += last_was_last as u64;
            last_was_last = b.last;
        } else {
            last_was_last = false;
        }
        o = m.step(&i);
        assert!(!o.junk);
        if let Some(p) = &o.p {
            partial += (p.keep < 64) as u64;
        }
        if let Some(d) = &o.d {
            reasons[d.reason as usize] += 1;
            if d.ok {
                ops[d.f.opcode as usize] += 1;
                v6 += d.f.is_ipv6 as u64;
                v4 += !d.f.is_ipv6 as u64;
                vlan += d.f.vlan as u64;
                ce += d.f.ce as u64;
                big += (d.f.payload_len > 4096) as u64;
            }
        }
    }
    eprintln!(
        "reasons {reasons:?}\nops {:?}\nv4 {v4} v6 {v6} vlan {vlan} ce {ce} back-to-back {b2b} partial payload beats {partial} big {big}",
        braid_spec::wire::braid::OPCODES
            .iter()
            .map(|op| ops[op.value() as usize])
            .collect::<Vec<_>>()
    );
    for (k, n) in reasons.iter().enumerate() {
        assert!(*n >= 5, "reason {k} seen {n} times");
    }
    for op in braid_spec::wire::braid::OPCODES {
        assert!(ops[op.value() as usize] >= 5, "{op:?} accepted too rarely");
    }
    assert!(v4 > 20 && v6 > 20 && vlan > 20 && ce > 5 && b2b > 100 && partial > 100 && big > 5);
    assert_eq!(
        o.cnt.iter().map(|&c| c as u64).sum::<u64>(),
        reasons.iter().sum::<u64>()
    );
}

/// The descriptor fields braid-spec's decoder gives for a frame (built
/// from its representation, independently of the parser's model).
fn rx_desc_of(r: &braid_spec::FrameRepr) -> braid_model::rx_parser::DescFields {
    use braid_spec::{Body, IpRepr};
    let b = &r.braid.base;
    let mut d = braid_model::rx_parser::DescFields {
        src_mac: r.eth.src.iter().fold(0u64, |a, &x| a << 8 | x as u64),
        vlan: r.eth.vlan.is_some(),
        vlan_tci: r
            .eth
            .vlan
            .map_or(0, |t| (t.pcp as u16) << 13 | (t.dei as u16) << 12 | t.vid),
        is_ipv6: matches!(r.ip, IpRepr::V6(_)),
        ce: r.ip.ce(),
        sport: r.udp.src_port,
        opcode: b.opcode.value(),
        flags: b.flags.0,
        path_id: b.path_id,
        hdr_words: (b.opcode.header_len() / 4) as u8,
        dst_conn: b.dst_conn,
        path_psn: b.path_psn,
        csn: b.csn,
        timestamp: b.timestamp,
        payload_len: b.payload_len,
        floor_delta: b.floor_delta,
        ..Default::default()
    };
    (d.src_ip, d.dst_ip) = match &r.ip {
        IpRepr::V4(v) => (
            0xffff_0000_0000 | u32::from_be_bytes(v.src) as u128,
            0xffff_0000_0000 | u32::from_be_bytes(v.dst) as u128,
        ),
        IpRepr::V6(v) => (u128::from_be_bytes(v.src), u128::from_be_bytes(v.dst)),
    };
    match &r.braid.body {
        Body::Write { ext, imm } => {
            (d.rkey, d.va, d.stream, d.msn, d.msg_len) =
                (ext.rkey, ext.va, ext.stream, ext.msn, ext.msg_len);
            d.imm = imm.unwrap_or(0);
        }
        Body::Send { ext, imm } => {
            (d.stream, d.rsn, d.msn, d.offset, d.msg_len) =
                (ext.stream, ext.rsn, ext.msn, ext.offset, ext.msg_len);
            d.imm = imm.unwrap_or(0);
        }
        Body::Ack(a) => {
            (d.ack_base_psn, d.ack_csn_base, d.ack_ts_echo) = (a.base_psn, a.csn_base, a.ts_echo);
            (d.ack_ecn_count, d.ack_rate_hint) = (a.ecn_count, a.rate_hint);
            d.ack_sack = a.sack.to_bytes();
        }
        Body::Nack(n) => {
            (d.nack_reason, d.nack_psn, d.nack_csn, d.nack_detail) =
                (n.reason.value(), n.psn, n.csn, n.detail);
        }
        Body::Probe(p) | Body::ProbeReply(p) => {
            (d.probe_seq, d.probe_ts) = (p.probe_seq, p.probe_ts)
        }
    }
    d
}

/// End to end against braid-spec's own frame parser: through the RTL (the
/// outputs agree with the model every clock), every frame braid-spec
/// accepts gets an ok descriptor whose fields are the frame's and whose
/// payload run is the frame's payload byte for byte; frames it rejects are
/// dropped (except unknown NACK reasons, which the parser passes on).
#[test]
fn rx_parser_payload_is_the_frames_payload() {
    use braid_model::rx_parser::{RxIn, RxOut};
    use std::cell::RefCell;
    let frames: RefCell<(Vec<Vec<u8>>, Vec<u8>)> = RefCell::new((Vec::new(), Vec::new()));
    let runs: RefCell<(Vec<Vec<u8>>, Vec<u8>)> = RefCell::new((Vec::new(), Vec::new()));
    let descs = RefCell::new(Vec::new());
    for seed in seeds(&[0xfa11]) {
        let seen = |i: &RxIn, o: &RxOut| {
            let mut f = frames.borrow_mut();
            if let Some(b) = &i.beat {
                f.1.extend_from_slice(&b.data[..b.keep as usize]);
                if b.last {
                    let done = std::mem::take(&mut f.1);
                    f.0.push(done);
                }
            }
            let mut r = runs.borrow_mut();
            if let Some(p) = &o.p {
                r.1.extend_from_slice(&p.data[..p.keep as usize]);
                if p.last {
                    let done = std::mem::take(&mut r.1);
                    r.0.push(done);
                }
            }
            if let Some(d) = &o.d {
                descs.borrow_mut().push(d.clone());
            }
        };
        if let Err(m) = braid_cosim::equiv::run_observed::<RxParserModel>(seed, 60_000, seen) {
            panic!("{m}\nreproduce with BRAID_SEED={:x}", m.seed);
        }
        let port = {
            use braid_model::Stimulus;
            braid_model::rx_parser::RxStim::new(seed).next(0).port
        };
        let (frames, runs, descs) = (frames.borrow(), runs.borrow(), descs.borrow());
        let mut runs = runs.0.iter();
        let mut ok = 0;
        for (k, d) in descs.iter().enumerate() {
            let run = if d.has_payload {
                runs.next().cloned()
            } else {
                None
            };
            let f = &frames.0[k];
            match braid_spec::parse_frame_on_port(f, port) {
                Ok(p) => {
                    assert!(
                        d.ok,
                        "seed {seed:#x} frame {k}: braid-spec accepts, parser says {d:?}"
                    );
                    let want = p.payload(f);
                    assert_eq!(
                        run.as_deref().unwrap_or(&[]),
                        want,
                        "seed {seed:#x} frame {k}: payload"
                    );
                    assert_eq!(d.f.payload_len as usize, want.len());
                    assert_eq!(
                        d.f,
                        rx_desc_of(&p.repr),
                        "seed {seed:#x} frame {k}: descriptor"
                    );
                    ok += 1;
                }
                Err(braid_spec::Error::BadNackReason(_)) => assert!(d.ok),
                Err(e) => assert!(
                    !d.ok,
                    "seed {seed:#x} frame {k}: braid-spec says {e}, parser accepts"
                ),
            }
        }
        eprintln!(
            "seed {seed:#x}: {} frames, {ok} accepted with payload checked",
            descs.len()
        );
        assert!(ok > 50);
    }
}

fn rx_step(
    uut: &mut braid_hdl::RxParser,
    i: &braid_model::rx_parser::RxIn,
) -> braid_model::rx_parser::RxOut {
    use braid_model::RxParserModel;
    uut.s_valid.next = i.beat.is_some();
    let (data, keep, last) = i
        .beat
        .as_ref()
        .map_or(([0u8; 64], 1u8, false), |b| (b.data, b.keep, b.last));
    uut.s_data.next = bits_le(&data);
    uut.s_keep.next = bits(if keep >= 64 {
        u64::MAX
    } else {
        (1u64 << keep) - 1
    });
    uut.s_last.next = last;
    uut.cfg_udp_port.next = bits(i.port as u64);
    clock(uut, |u, c| u.clock.next = Clock::from(c));
    let b = |x: bool| vec![x as u32];
    let u = &*uut;
    let ports: Vec<Vec<u32>> = vec![
        b(u.p_valid.val()),
        words(u.p_data.val()),
        words(u.p_keep.val()),
        b(u.p_last.val()),
        b(u.d_valid.val()),
        b(u.d_ok.val()),
        words(u.d_reason.val()),
        b(u.d_has_payload.val()),
        words(u.d_src_mac.val()),
        b(u.d_vlan.val()),
        words(u.d_vlan_tci.val()),
        b(u.d_is_ipv6.val()),
        words(u.d_src_ip.val()),
        words(u.d_dst_ip.val()),
        b(u.d_ce.val()),
        words(u.d_sport.val()),
        words(u.d_opcode.val()),
        words(u.d_flags.val()),
        words(u.d_path_id.val()),
        words(u.d_hdr_words.val()),
        words(u.d_dst_conn.val()),
        words(u.d_path_psn.val()),
        words(u.d_csn.val()),
        words(u.d_timestamp.val()),
        words(u.d_payload_len.val()),
        words(u.d_floor_delta.val()),
        words(u.d_rkey.val()),
        words(u.d_va.val()),
        words(u.d_stream.val()),
        words(u.d_msn.val()),
        words(u.d_msg_len.val()),
        words(u.d_rsn.val()),
        words(u.d_offset.val()),
        words(u.d_imm.val()),
        words(u.d_ack_base_psn.val()),
        words(u.d_ack_csn_base.val()),
        words(u.d_ack_ts_echo.val()),
        words(u.d_ack_ecn_count.val()),
        words(u.d_ack_rate_hint.val()),
        words(u.d_ack_sack.val()),
        words(u.d_nack_reason.val()),
        words(u.d_nack_psn.val()),
        words(u.d_nack_csn.val()),
        words(u.d_nack_detail.val()),
        words(u.d_probe_seq.val()),
        words(u.d_probe_ts.val()),
        words(u.cnt_accepted.val()),
        words(u.cnt_truncated.val()),
        words(u.cnt_not_ip.val()),
        words(u.cnt_bad_ip_header.val()),
        words(u.cnt_ip_checksum.val()),
        words(u.cnt_fragment.val()),
        words(u.cnt_not_udp.val()),
        words(u.cnt_ip_length.val()),
        words(u.cnt_wrong_port.val()),
        words(u.cnt_udp_length.val()),
        words(u.cnt_udp_checksum.val()),
        words(u.cnt_braid_version.val()),
        words(u.cnt_bad_opcode.val()),
        words(u.cnt_hdr_words.val()),
        words(u.cnt_payload_length.val()),
        words(u.cnt_control_payload.val()),
    ];
    assert_eq!(ports.len(), RxParserModel::OUTPUTS.len());
    RxParserModel::decode(&ports)
}

/// A short run of the receive parser in RustHDL's simulator (its 512-bit
/// stages simulate at a few hundred clocks per second); the long runs are
/// the Verilator tests above.
#[test]
fn rx_parser_rusthdl_matches_model() {
    use braid_model::rx_parser::RxStim;
    use braid_model::RxParserModel;
    for seed in seeds(&[0x5e1d]) {
        let mut uut = braid_hdl::RxParser::default();
        uut.connect_all();
        assert!(simulate(&mut uut, 1000));
        let mut model = RxParserModel::default();
        let mut stim = RxStim::new(seed);
        let (n, mut descs, mut beats) = (200, 0, 0);
        for cycle in 0..n {
            let i = stim.next(cycle);
            let want = model.step(&i);
            let got = rx_step(&mut uut, &i);
            descs += want.d.is_some() as u32;
            beats += want.p.is_some() as u32;
            assert_eq!(
                want, got,
                "RustHDL rx_parser differs from the model at cycle {cycle} (seed {seed:#x})"
            );
        }
        assert!(
            descs > 5 && beats > 5,
            "seed {seed:#x}: {descs} descriptors, {beats} payload beats"
        );
    }
}
