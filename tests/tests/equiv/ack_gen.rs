//! `ack_gen`: its cycle model against the RTL block, in Verilator (every
//! output on every clock, seeded random stimulus biased toward the
//! edges) and in RustHDL's own simulator (a short seeded run).

use crate::common::*;
use braid_model::*;
use braid_tests::{assert_equiv, equiv_cycles, seeds};
use rust_hdl::prelude::*;

#[test]
fn ack_gen_matches_model() {
    let n = equiv_cycles();
    for seed in seeds(&[0xac6e, 0x5e7d]) {
        assert_equiv::<AckGenModel>(seed, n / 4);
    }
}

mod ack {
    use braid_cosim::equiv::Bound;
    use braid_model::ack_gen::*;
    use braid_model::{AckGenModel, CycleModel, Stimulus};
    use braid_spec::*;
    use std::collections::HashMap;

    fn mac(m: u64) -> [u8; 6] {
        let b = m.to_be_bytes();
        [b[2], b[3], b[4], b[5], b[6], b[7]]
    }

    /// The peer entry a control frame was addressed with: one of the valid
    /// entries written for its connection (rewrites race with lookups).
    fn check_addressing(stim: &AckGenStim, conn: u16, fr: &FrameRepr, ctx: &str) {
        let (src_mac, src_ip4, src_ip6, ttl) = stim.local();
        let log = stim
            .peer_log
            .get(&conn)
            .unwrap_or_else(|| panic!("{ctx}: frame for connection {conn} never configured"));
        let ok = log.iter().filter(|p| p.flags & FLAG_VALID != 0).any(|p| {
            let v6 = p.flags & FLAG_IPV6 != 0;
            let vlan = (p.flags & FLAG_VLAN != 0).then_some(VlanTag {
                pcp: (p.tci >> 13) as u8,
                dei: (p.tci >> 12) & 1 == 1,
                vid: p.tci & 0xfff,
            });
            let ip_ok = match &fr.ip {
                IpRepr::V4(h) => {
                    !v6 && h.src == src_ip4.to_be_bytes()
                        && h.dst == (p.ip as u32).to_be_bytes()
                        && h.dscp == p.dscp & 0x3f
                        && h.ttl == ttl
                }
                IpRepr::V6(h) => {
                    v6 && h.src == src_ip6.to_be_bytes()
                        && h.dst == p.ip.to_be_bytes()
                        && h.dscp == p.dscp & 0x3f
                        && h.hop_limit == ttl
                        && h.flow_label == fr.udp.src_port as u32
                }
            };
            fr.eth.dst == mac(p.mac)
                && fr.eth.src == mac(src_mac)
                && fr.eth.vlan == vlan
                && ip_ok
                && fr.udp.dst_port == p.dport
                && fr.braid.base.dst_conn == p.remote_conn
        });
        assert!(
            ok,
            "{ctx}: addressing matches no valid peer entry of connection {conn}: {fr:?}"
        );
    }

    /// Run the Verilated block on the stimulus, then drain.
    fn run(stim: &mut AckGenStim, cycles: u64, seed: u64) -> AckGenOut {
        let mut rtl = Bound::<AckGenModel>::new().expect("ack_gen Verilated");
        let mut model = AckGenModel::default();
        let mut out = AckGenOut::default();
        for c in 0..cycles + 3_000 {
            if c == cycles {
                stim.stop = true;
            }
            let i = stim.next(c);
            out = rtl.step(&i);
            let want = model.step(&i);
            assert_eq!(
                out, want,
                "seed {seed:#x} cycle {c}: RTL differs from the model"
            );
            stim.observe(&out);
        }
        assert!(!out.d_valid, "seed {seed:#x}: not drained");
        out
    }

    /// Every descriptor the block handed to tx_builder, written as a frame
    /// by braid-spec's field tables (the tx_builder model's emitter) and
    /// parsed by braid-spec's decoder, carries exactly what was asked: ACKs
    /// the base, SACK (bit j = PSN base + j), CSN base, ts_echo, ECN count
    /// and rate hint of the result they answer, NACKs and PROBE_REPLYs their
    /// request's fields, all addressed from the peer table and the path's
    /// UDP source port. Data descriptors pass unchanged and in order; every
    /// request is accounted for; ack_sent follows every ACK.
    #[test]
    fn ack_gen_frames_decode_to_the_requests() {
        for seed in braid_tests::seeds(&[0xf3a1, 0x0b7c]) {
            let mut stim = AckGenStim::new(seed);
            let out = run(&mut stim, braid_tests::equiv_cycles() / 4, seed);
            let now0 = NOW0;
            let acks: HashMap<u32, &AckMade> =
                stim.acks.iter().map(|a| (a.res.ts_echo, a)).collect();
            let nacks: HashMap<u32, &(u64, NackReq)> =
                stim.nacks.iter().map(|n| (n.1.csn, n)).collect();
            let probes: HashMap<u32, &(u64, ProbeReq)> =
                stim.probes.iter().map(|p| (p.1.seq, p)).collect();
            let (mut n_ack, mut n_nack, mut n_probe, mut n_data) = (0u32, 0u32, 0u32, 0usize);
            let mut last_ts_of: HashMap<u16, u32> = HashMap::new();
            let mut acked_idx = Vec::new();
            let (mut last_nack, mut last_probe) = (0u32, 0u32);
            for (k, (ce, d)) in stim.emitted.iter().enumerate() {
                let ctx = format!("seed {seed:#x} descriptor {k} (taken at clock {ce})");
                if Opcode::from_u8(d.opcode).is_some_and(|o| o.is_data()) {
                    assert_eq!(
                        d, &stim.data_taken[n_data],
                        "{ctx}: data descriptor changed"
                    );
                    n_data += 1;
                    continue;
                }
                let bytes = d.header();
                let parsed = parse_frame_on_port(&bytes, d.udp_dport);
                let made_at = match Opcode::from_u8(d.opcode) {
                    Some(Opcode::Ack) => {
                        let a = acks
                            .get(&d.ack_ts_echo)
                            .unwrap_or_else(|| panic!("{ctx}: ACK answers no result"));
                        assert!(a.res.wants_ack(), "{ctx}: ACK for a result that asked none");
                        assert_ne!(a.res.conn, stim.bad_conn, "{ctx}: ACK without a peer");
                        let fr = parsed
                            .unwrap_or_else(|e| panic!("{ctx}: not parsed: {e}"))
                            .repr;
                        let Body::Ack(ack) = &fr.braid.body else {
                            panic!("{ctx}: not an ACK body")
                        };
                        let r = &a.res;
                        assert_eq!(ack.base_psn, r.base, "{ctx}: base");
                        assert_eq!(ack.csn_base, r.csn_base, "{ctx}: csn_base");
                        assert_eq!(ack.ts_echo, r.ts_echo, "{ctx}: ts_echo");
                        assert_eq!(ack.ecn_count, r.ecn_count, "{ctx}: ecn_count");
                        assert_eq!(ack.rate_hint, a.rate_hint, "{ctx}: rate hint");
                        for j in 0..SACK_BITS {
                            let psn = r.base.wrapping_add(j as u32);
                            assert_eq!(
                                ack.sack.get(j),
                                a.received.contains(&psn),
                                "{ctx}: SACK bit {j} (PSN {psn:#x})"
                            );
                        }
                        assert_eq!(fr.braid.base.path_id, r.path_id, "{ctx}: path_id");
                        assert_eq!(fr.udp.src_port, r.sport, "{ctx}: UDP source port");
                        check_addressing(&stim, r.conn, &fr, &ctx);
                        // per path, ACKs leave in result order (coalescing
                        // only replaces an entry by a newer one)
                        if let Some(p) = last_ts_of.insert(r.idx, r.ts_echo) {
                            assert!(p < r.ts_echo, "{ctx}: ACK older than the previous one");
                        }
                        acked_idx.push(r.idx);
                        n_ack += 1;
                        a.cycle
                    }
                    Some(Opcode::Nack) => {
                        let (c, n) = nacks
                            .get(&d.nack_csn)
                            .unwrap_or_else(|| panic!("{ctx}: NACK answers no request"));
                        assert!(n.csn > last_nack, "{ctx}: NACKs out of order");
                        last_nack = n.csn;
                        assert_ne!(n.conn, stim.bad_conn, "{ctx}: NACK without a peer");
                        match NackReason::from_u8(n.reason) {
                            None => {
                                assert_eq!(parsed, Err(Error::BadNackReason(n.reason)), "{ctx}")
                            }
                            Some(reason) => {
                                let fr = parsed.unwrap_or_else(|e| panic!("{ctx}: {e}")).repr;
                                let want = NackRepr {
                                    reason,
                                    psn: n.psn,
                                    csn: n.csn,
                                    detail: n.detail,
                                };
                                assert_eq!(fr.braid.body, Body::Nack(want), "{ctx}");
                                assert_eq!(fr.braid.base.path_id, n.path_id, "{ctx}");
                                assert_eq!(fr.udp.src_port, n.sport, "{ctx}");
                                check_addressing(&stim, n.conn, &fr, &ctx);
                            }
                        }
                        n_nack += 1;
                        *c
                    }
                    Some(Opcode::ProbeReply) => {
                        let (c, p) = probes
                            .get(&d.probe_seq)
                            .unwrap_or_else(|| panic!("{ctx}: reply to no probe"));
                        assert!(p.seq > last_probe, "{ctx}: PROBE_REPLYs out of order");
                        last_probe = p.seq;
                        assert_ne!(p.conn, stim.bad_conn, "{ctx}: reply without a peer");
                        let fr = parsed.unwrap_or_else(|e| panic!("{ctx}: {e}")).repr;
                        let want = ProbeRepr {
                            probe_seq: p.seq,
                            probe_ts: p.ts,
                        };
                        assert_eq!(fr.braid.body, Body::ProbeReply(want), "{ctx}");
                        assert_eq!(fr.braid.base.path_id, p.path_id, "{ctx}");
                        assert_eq!(fr.udp.src_port, p.sport, "{ctx}");
                        check_addressing(&stim, p.conn, &fr, &ctx);
                        n_probe += 1;
                        *c
                    }
                    _ => panic!("{ctx}: unexpected opcode {:#x}", d.opcode),
                };
                // control frames: no sequence numbers or payload; the
                // timestamp is the clock between request and departure
                if let Ok(f) = parse_frame_on_port(&bytes, d.udp_dport) {
                    let b = &f.repr.braid.base;
                    assert_eq!(
                        (b.path_psn, b.csn, b.payload_len, b.floor_delta),
                        (0, 0, 0, 0)
                    );
                    assert_eq!(b.flags, Flags(0), "{ctx}");
                    let t = b.timestamp.wrapping_sub(now0) as u64;
                    assert!(
                        made_at < t && t < *ce,
                        "{ctx}: timestamp {t} outside ({made_at}, {ce})"
                    );
                }
            }
            let c = out.cnt;
            eprintln!(
                "seed {seed:#x}: {n_ack} ACKs, {n_nack} NACKs, {n_probe} PROBE_REPLYs decoded, \
                 {n_data} data descriptors passed; counters {c:?}"
            );
            assert_eq!(n_data, stim.data_taken.len(), "seed {seed:#x}: data lost");
            assert_eq!(
                (c[C_ACKS], c[C_NACKS], c[C_PROBES]),
                (n_ack, n_nack, n_probe),
                "seed {seed:#x}: emission counters"
            );
            assert_eq!(stim.as_seen, acked_idx, "seed {seed:#x}: ack_sent sequence");
            let asked = stim.acks.iter().filter(|a| a.res.wants_ack()).count()
                + stim.nacks.len()
                + stim.probes.len();
            let accounted: u32 = c.iter().sum();
            assert_eq!(
                accounted as usize, asked,
                "seed {seed:#x}: requests unaccounted"
            );
            assert!(
                stim.max_ctl_run_while_data <= CTRL_BURST as u32,
                "seed {seed:#x}: data waited behind {} control descriptors",
                stim.max_ctl_run_while_data
            );
            assert!(n_ack > 500 && n_nack > 100 && n_probe > 100 && n_data > 500);
        }
    }

    /// The stimulus (on the model) reaches the edges: coalescing, every
    /// drop, requests without a peer, every opcode on IPv4/IPv6 with and
    /// without a tag, OP_READ ACKs, data held back for CTRL_BURST control
    /// descriptors, back-pressure, the clock wrapping.
    #[test]
    fn ack_gen_stimulus_covers_the_edges() {
        for seed in braid_tests::seeds(&[0xac6e, 0x5e7d]) {
            let mut m = AckGenModel::default();
            let mut stim = AckGenStim::new(seed);
            let (mut stalls, mut wraps, mut last_now) = (0u64, 0u64, 0u32);
            let mut o = AckGenOut::default();
            for c in 0..200_000 {
                let i = stim.next(c);
                stalls += (o.d_valid && !i.d_ready) as u64;
                wraps += (i.now < last_now) as u64;
                last_now = i.now;
                o = m.step(&i);
                stim.observe(&o);
            }
            let mut combos = HashMap::new();
            for (_, d) in &stim.emitted {
                *combos.entry((d.opcode, d.vlan, d.ipv6)).or_insert(0u32) += 1;
            }
            let reads = stim
                .acks
                .iter()
                .filter(|a| a.res.op == OP_READ && a.res.wants_ack())
                .count();
            eprintln!(
                "seed {seed:#x}: counters {:?}, {} descriptors, {} combinations, stalls {stalls}, \
                 OP_READ ACKs asked {reads}, longest control run ahead of data {}",
                o.cnt,
                stim.emitted.len(),
                combos.len(),
                stim.max_ctl_run_while_data
            );
            for (name, n) in CNT_NAMES.iter().zip(o.cnt) {
                assert!(n > 50, "seed {seed:#x}: {name} only {n}");
            }
            for op in [Opcode::Ack, Opcode::Nack, Opcode::ProbeReply] {
                for vlan in [false, true] {
                    for v6 in [false, true] {
                        let n = combos.get(&(op.value(), vlan, v6)).copied().unwrap_or(0);
                        assert!(n >= 10, "seed {seed:#x}: {op:?} vlan {vlan} v6 {v6}: {n}");
                    }
                }
            }
            assert_eq!(stim.max_ctl_run_while_data, CTRL_BURST as u32);
            assert!(stalls > 1000 && wraps == 1 && reads > 100);
        }
    }
}

fn ack_gen_step(
    uut: &mut braid_hdl::AckGen,
    i: &braid_model::ack_gen::AckGenIn,
) -> braid_model::ack_gen::AckGenOut {
    let r = i.res.unwrap_or_default();
    uut.res_valid.next = i.res.is_some();
    uut.res_op.next = bits(r.op as u64);
    uut.res_idx.next = bits(r.idx as u64);
    uut.res_base.next = bits(r.base as u64);
    uut.res_sack.next = bits256_of(&r.sack);
    uut.res_ecn_count.next = bits(r.ecn_count as u64);
    uut.res_ts_echo.next = bits(r.ts_echo as u64);
    uut.res_unacked.next = bits(r.unacked as u64);
    uut.res_ack_now.next = r.ack_now;
    uut.res_conn.next = bits(r.conn as u64);
    uut.res_path_id.next = bits(r.path_id as u64);
    uut.res_sport.next = bits(r.sport as u64);
    uut.res_csn_base.next = bits(r.csn_base as u64);
    uut.rate_hint.next = bits(i.rate_hint as u64);
    let n = i.nack.unwrap_or_default();
    uut.nack_valid.next = i.nack.is_some();
    uut.nack_conn.next = bits(n.conn as u64);
    uut.nack_path_id.next = bits(n.path_id as u64);
    uut.nack_sport.next = bits(n.sport as u64);
    uut.nack_reason.next = bits(n.reason as u64);
    uut.nack_psn.next = bits(n.psn as u64);
    uut.nack_csn.next = bits(n.csn as u64);
    uut.nack_detail.next = bits(n.detail as u64);
    let p = i.probe.unwrap_or_default();
    uut.probe_valid.next = i.probe.is_some();
    uut.probe_conn.next = bits(p.conn as u64);
    uut.probe_path_id.next = bits(p.path_id as u64);
    uut.probe_sport.next = bits(p.sport as u64);
    uut.probe_seq.next = bits(p.seq as u64);
    uut.probe_ts.next = bits(p.ts as u64);
    let (cc, c) = i.cfg.unwrap_or_default();
    uut.cfg_valid.next = i.cfg.is_some();
    uut.cfg_conn.next = bits(cc as u64);
    uut.cfg_flags.next = bits(c.flags as u64);
    uut.cfg_peer_mac.next = bits(c.mac);
    uut.cfg_peer_ip.next = bits_le(&c.ip.to_le_bytes());
    uut.cfg_udp_dport.next = bits(c.dport as u64);
    uut.cfg_vlan_tci.next = bits(c.tci as u64);
    uut.cfg_dscp.next = bits(c.dscp as u64);
    uut.cfg_remote_conn.next = bits(c.remote_conn as u64);
    uut.src_mac.next = bits(i.src_mac);
    uut.src_ip4.next = bits(i.src_ip4 as u64);
    uut.src_ip6.next = bits_le(&i.src_ip6.to_le_bytes());
    uut.ttl.next = bits(i.ttl as u64);
    uut.now.next = bits(i.now as u64);
    uut.data_valid.next = i.data.is_some();
    let d = i.data.unwrap_or_default();
    uut.data_dst_mac.next = bits(d.dst_mac);
    uut.data_src_mac.next = bits(d.src_mac);
    uut.data_vlan.next = d.vlan;
    uut.data_vlan_tci.next = bits(d.vlan_tci as u64);
    uut.data_ipv6.next = d.ipv6;
    uut.data_src_ip.next = bits_le(&d.src_ip.to_le_bytes());
    uut.data_dst_ip.next = bits_le(&d.dst_ip.to_le_bytes());
    uut.data_dscp.next = bits(d.dscp as u64);
    uut.data_ttl.next = bits(d.ttl as u64);
    uut.data_flow_label.next = bits(d.flow_label as u64);
    uut.data_udp_sport.next = bits(d.udp_sport as u64);
    uut.data_udp_dport.next = bits(d.udp_dport as u64);
    uut.data_opcode.next = bits(d.opcode as u64);
    uut.data_flags.next = bits(d.flags as u64);
    uut.data_path_id.next = bits(d.path_id as u64);
    uut.data_dst_conn.next = bits(d.dst_conn as u64);
    uut.data_path_psn.next = bits(d.path_psn as u64);
    uut.data_csn.next = bits(d.csn as u64);
    uut.data_timestamp.next = bits(d.timestamp as u64);
    uut.data_payload_len.next = bits(d.payload_len as u64);
    uut.data_floor_delta.next = bits(d.floor_delta as u64);
    uut.data_rkey.next = bits(d.rkey as u64);
    uut.data_va.next = bits(d.va);
    uut.data_stream.next = bits(d.stream as u64);
    uut.data_rsn.next = bits(d.rsn as u64);
    uut.data_msn.next = bits(d.msn as u64);
    uut.data_offset.next = bits(d.offset as u64);
    uut.data_msg_len.next = bits(d.msg_len as u64);
    uut.data_imm.next = bits(d.imm as u64);
    uut.data_ack_base_psn.next = bits(d.ack_base_psn as u64);
    uut.data_ack_csn_base.next = bits(d.ack_csn_base as u64);
    uut.data_ack_ts_echo.next = bits(d.ack_ts_echo as u64);
    uut.data_ack_ecn_count.next = bits(d.ack_ecn_count as u64);
    uut.data_ack_rate_hint.next = bits(d.ack_rate_hint as u64);
    uut.data_ack_sack.next = bits_le(&d.ack_sack);
    uut.data_nack_reason.next = bits(d.nack_reason as u64);
    uut.data_nack_psn.next = bits(d.nack_psn as u64);
    uut.data_nack_csn.next = bits(d.nack_csn as u64);
    uut.data_nack_detail.next = bits(d.nack_detail as u64);
    uut.data_probe_seq.next = bits(d.probe_seq as u64);
    uut.data_probe_ts.next = bits(d.probe_ts as u64);
    uut.d_ready.next = i.d_ready;
    clock(uut, |u, c| u.clock.next = Clock::from(c));
    let mut sack = [0u8; 32];
    for (k, x) in sack.iter_mut().enumerate() {
        *x = uut.d_ack_sack.val().get_bits::<8>(8 * k).to_u64() as u8;
    }
    let d = braid_model::tx_builder::TxDesc {
        dst_mac: uut.d_dst_mac.val().to_u64(),
        src_mac: uut.d_src_mac.val().to_u64(),
        vlan: uut.d_vlan.val(),
        vlan_tci: uut.d_vlan_tci.val().to_u64() as u16,
        ipv6: uut.d_ipv6.val(),
        src_ip: u128_of(uut.d_src_ip.val()),
        dst_ip: u128_of(uut.d_dst_ip.val()),
        dscp: uut.d_dscp.val().to_u64() as u8,
        ttl: uut.d_ttl.val().to_u64() as u8,
        flow_label: uut.d_flow_label.val().to_u64() as u32,
        udp_sport: uut.d_udp_sport.val().to_u64() as u16,
        udp_dport: uut.d_udp_dport.val().to_u64() as u16,
        opcode: uut.d_opcode.val().to_u64() as u8,
        flags: uut.d_flags.val().to_u64() as u8,
        path_id: uut.d_path_id.val().to_u64() as u8,
        dst_conn: uut.d_dst_conn.val().to_u64() as u32,
        path_psn: uut.d_path_psn.val().to_u64() as u32,
        csn: uut.d_csn.val().to_u64() as u32,
        timestamp: uut.d_timestamp.val().to_u64() as u32,
        payload_len: uut.d_payload_len.val().to_u64() as u16,
        floor_delta: uut.d_floor_delta.val().to_u64() as u16,
        rkey: uut.d_rkey.val().to_u64() as u32,
        va: uut.d_va.val().to_u64(),
        stream: uut.d_stream.val().to_u64() as u8,
        rsn: uut.d_rsn.val().to_u64() as u32,
        msn: uut.d_msn.val().to_u64() as u32,
        offset: uut.d_offset.val().to_u64() as u32,
        msg_len: uut.d_msg_len.val().to_u64() as u32,
        imm: uut.d_imm.val().to_u64() as u32,
        ack_base_psn: uut.d_ack_base_psn.val().to_u64() as u32,
        ack_csn_base: uut.d_ack_csn_base.val().to_u64() as u32,
        ack_ts_echo: uut.d_ack_ts_echo.val().to_u64() as u32,
        ack_ecn_count: uut.d_ack_ecn_count.val().to_u64() as u16,
        ack_rate_hint: uut.d_ack_rate_hint.val().to_u64() as u16,
        ack_sack: sack,
        nack_reason: uut.d_nack_reason.val().to_u64() as u8,
        nack_psn: uut.d_nack_psn.val().to_u64() as u32,
        nack_csn: uut.d_nack_csn.val().to_u64() as u32,
        nack_detail: uut.d_nack_detail.val().to_u64() as u32,
        probe_seq: uut.d_probe_seq.val().to_u64() as u32,
        probe_ts: uut.d_probe_ts.val().to_u64() as u32,
    };
    braid_model::ack_gen::AckGenOut {
        data_ready: uut.data_ready.val(),
        d_valid: uut.d_valid.val(),
        d,
        as_valid: uut.as_valid.val(),
        as_idx: uut.as_idx.val().to_u64() as u16,
        cnt: [
            uut.cnt_acks.val().to_u64() as u32,
            uut.cnt_nacks.val().to_u64() as u32,
            uut.cnt_probe_replies.val().to_u64() as u32,
            uut.cnt_ack_coalesced.val().to_u64() as u32,
            uut.cnt_ack_drops.val().to_u64() as u32,
            uut.cnt_nack_drops.val().to_u64() as u32,
            uut.cnt_probe_drops.val().to_u64() as u32,
            uut.cnt_no_peer.val().to_u64() as u32,
        ],
    }
}

/// A short run in RustHDL's simulator (the block is ~1,500 bits wide per
/// stage); the long runs are the Verilator tests above. Busy fixed rates, so
/// that queues fill, ACKs coalesce and data waits behind control frames.
#[test]
fn ack_gen_rusthdl_matches_model() {
    use braid_model::ack_gen::{AckGenStim, Phase};
    use braid_model::AckGenModel;
    let busy = Phase {
        res: 60,
        nack: 15,
        probe: 15,
        data: 60,
        ready: 60,
        cfg: 20,
    };
    for seed in seeds(&[0xac6e]) {
        let mut uut = braid_hdl::AckGen::default();
        uut.connect_all();
        assert!(simulate(&mut uut, 1000));
        let mut model = AckGenModel::default();
        let mut stim = AckGenStim::fixed(seed, busy);
        let n = 1_500;
        let t = std::time::Instant::now();
        for cycle in 0..n {
            let i = stim.next(cycle);
            let want = model.step(&i);
            let got = ack_gen_step(&mut uut, &i);
            stim.observe(&want);
            assert_eq!(
                want, got,
                "RustHDL ack_gen differs from the model at cycle {cycle} (seed {seed:#x}), inputs {i:?}"
            );
        }
        eprintln!(
            "ack_gen (RustHDL simulator): {n} cycles equal, {:.0} cycles/s",
            n as f64 / t.elapsed().as_secs_f64()
        );
        let c = model.step(&Default::default()).cnt;
        assert!(
            c[0] > 5 && c[1] > 5 && c[2] > 5 && c[3] > 0,
            "seed {seed:#x}: {c:?}"
        );
    }
}
