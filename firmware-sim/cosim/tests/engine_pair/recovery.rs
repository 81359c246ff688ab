//! Loss recovery on the Verilated pair: SACK-proven losses, tail loss,
//! re-hash, retirement, a connection whose paths all retire, and failed
//! payload reads.

use super::*;

/// The path of A whose statistics the loss test checks.
const LOSSY_PATH: u32 = 0;

/// Loss (stage 4b): the wire loses five of A's data packets (CSN 3, 10, 11,
/// 30 and 49 of the first WRITE, 49 the full packet before its 5-byte LAST)
/// and the first retransmission of CSN 10, and three of B's ACKs. Each loss
/// is proven by the SACK bitvector of a later packet on its path (the LAST
/// packet, CSN 50, is the last on its path: its loss could only time out,
/// which `a_lost_last_packet_is_resent_when_its_path_times_out` covers),
/// so no timeout fires; A sends
/// every lost packet again (six retransmissions, `TX_RETX`), each equal to
/// its original but for path, PSN, timestamp, floor and the flags RETX and
/// ACK_REQ; B places both WRITEs byte for byte, sees no duplicate, and A
/// completes them SUCCESS in posting order.

#[test]
fn lost_packets_are_retransmitted_and_the_writes_complete() {
    let seed = 0x4b10_u64;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let Pair {
        a,
        b,
        mut qp_a,
        qp_b,
        src,
        src_bytes,
        dst,
        cq_a,
        cq_b: _cq_b,
        _pd,
    } = pair(&mut rng, 512 << 10);
    // (length, source offset, destination offset, stream)
    let msgs = [
        (200 * 1024 + 5, 11usize, 100usize, 0u8),
        (100_000, 300_000, 300_007, 1),
    ];
    let wrs: Vec<SendWr> = msgs
        .iter()
        .enumerate()
        .map(|(i, &(len, from, to, stream))| SendWr {
            wr_id: 40 + i as u64,
            op: SendOp::Write {
                remote_addr: dst.addr() + to as u64,
                rkey: dst.rkey(),
            },
            stream,
            sg_list: vec![src.sge(from as u64, len)],
        })
        .collect();
    a.ctx
        .select_path(qp_a.qp_num(), LOSSY_PATH)
        .expect("select A's path");
    qp_a.post_send(&wrs).expect("post on A");
    let want_pkts: u32 = msgs.iter().map(|m| m.0.div_ceil(4096)).sum();
    assert_eq!(want_pkts, 76);

    let lose = [3u32, 10, 11, 30, 49];
    let mut retx10 = 0;
    let mut acks = 0;
    let mut w = Wires {
        lose_ab: Some(Box::new(move |f: &[u8]| {
            let base = parse_frame(f).expect("A's frames parse").repr.braid.base;
            if base.flags.0 & Flags::RETX == 0 {
                lose.contains(&base.csn)
            } else if base.csn == 10 {
                retx10 += 1;
                retx10 == 1
            } else {
                false
            }
        })),
        lose_ba: Some(Box::new(move |_: &[u8]| {
            acks += 1;
            [4, 5, 9].contains(&acks)
        })),
        ..Wires::default()
    };
    run_until_received(&a, &b, want_pkts, 200, &mut w);
    b.eng.borrow_mut().run(100);
    assert_eq!(counter(&b, 5), want_pkts, "seed {seed:#x}: RX_PKTS on B");
    assert_eq!(counter(&b, 6), 0, "seed {seed:#x}: RX_DUPLICATES on B");
    assert_eq!(
        (w.lost_ab, w.lost_ba),
        (6, 3),
        "seed {seed:#x}: frames lost"
    );
    assert_eq!(counter(&a, 1), 6, "seed {seed:#x}: TX_RETX on A");
    assert_eq!(counter(&a, 2), 0, "seed {seed:#x}: TX_TIMEOUTS on A");
    assert_eq!(
        w.ab.len() as u32,
        want_pkts + 6,
        "seed {seed:#x}: A's frames"
    );

    // every retransmission is its original again (same CSN), but for the
    // path, PSN, timestamp, floor and the flags RETX and ACK_REQ
    let mut orig = BTreeMap::new();
    let mut resent = Vec::new();
    for f in &w.ab {
        let fr = parse_frame(f).expect("A's frames parse");
        let base = fr.repr.braid.base;
        let payload = f[fr.payload.clone()].to_vec();
        if base.flags.0 & Flags::RETX == 0 {
            assert!(
                orig.insert(base.csn, (fr.repr.braid, payload)).is_none(),
                "seed {seed:#x}: CSN {} sent twice without RETX",
                base.csn
            );
        } else {
            resent.push((fr.repr.braid, payload));
        }
    }
    let mut csns: Vec<u32> = resent.iter().map(|r| r.0.base.csn).collect();
    csns.sort();
    assert_eq!(
        csns,
        [3, 10, 10, 11, 30, 49],
        "seed {seed:#x}: retransmitted CSNs"
    );
    for (r, payload) in &resent {
        let (o, opay) = &orig[&r.base.csn];
        let csn = r.base.csn;
        assert_eq!(
            r.body, o.body,
            "seed {seed:#x}: CSN {csn}: extension header"
        );
        assert_eq!(payload, opay, "seed {seed:#x}: CSN {csn}: payload");
        assert_eq!(
            (r.base.opcode, r.base.dst_conn, r.base.payload_len),
            (o.base.opcode, o.base.dst_conn, o.base.payload_len),
            "seed {seed:#x}: CSN {csn}: opcode, connection, length"
        );
        assert_eq!(
            r.base.flags.0,
            o.base.flags.0 | Flags::RETX | Flags::ACK_REQ,
            "seed {seed:#x}: CSN {csn}: flags"
        );
    }

    // B's region: both WRITEs, every other byte 0; A's completions
    let writes: Vec<(usize, usize, usize)> = msgs
        .iter()
        .map(|&(len, from, to, _)| (to, from, len as usize))
        .collect();
    assert_region(seed, &dst, &src_bytes, &writes);
    assert_eq!(
        completions(&cq_a),
        [
            (40, WcStatus::Success, msgs[0].0),
            (41, WcStatus::Success, msgs[1].0)
        ],
        "seed {seed:#x}: A's completions"
    );
    assert_acks_accepted(seed, &a, &w);
    assert_bar0_counters(seed, &a);
    assert_bar0_counters(seed, &b);
    // the selected path: of the packets it carried, the ones the wire lost
    // were declared lost (by SACK: no timeout), every other one
    // acknowledged once
    let mut seen10 = 0;
    let (mut sent, mut lost) = (0u32, 0u32);
    for f in &w.ab {
        let base = parse_frame(f).expect("A's frames parse").repr.braid.base;
        let dropped = if base.flags.0 & Flags::RETX == 0 {
            lose.contains(&base.csn)
        } else if base.csn == 10 {
            seen10 += 1;
            seen10 == 1
        } else {
            false
        };
        if base.path_id == LOSSY_PATH as u8 {
            sent += 1;
            lost += u32::from(dropped);
        }
    }
    assert!(
        lost > 0,
        "seed {seed:#x}: the wire lost nothing of path {LOSSY_PATH}"
    );
    let p = a.ctx.path_stats().expect("A's path stats");
    assert_eq!(
        (p.path, p.sent, p.acked, p.lost, p.timeouts, p.ecn),
        (LOSSY_PATH, sent, sent - lost, lost, 0, 0),
        "seed {seed:#x}: A's path {LOSSY_PATH}: {p:?}"
    );
    assert!(p.seen && !p.failed, "seed {seed:#x}: {p:?}");
    eprintln!(
        "seed {seed:#x}: {} frames ({} retransmitted), {} ACKs in {} clocks",
        w.ab.len(),
        resent.len(),
        w.ba.len(),
        a.eng.borrow().cycles()
    );
    drop(qp_a);
    drop(qp_b);
}

/// The path that carries the last packet of the tail-loss test's WRITE
/// (16 packets, bursts of 4 over 4 paths).
const TAIL_PATH: u32 = 3;

/// Tail loss (stage 4c): the wire loses the LAST packet of a WRITE, so no
/// later packet on its path can prove the loss. The path's retransmission
/// timer (`path_cc`'s deadline in the RTO wheel) fires once (`TX_TIMEOUTS`
/// = 1), `tx_path_table`'s timeout declares the path's one outstanding PSN
/// lost, and it is sent again (`TX_RETX` = 1); the other paths, idle once
/// their ACKs return, never time out. B then holds the WRITE byte for byte
/// and A completes it SUCCESS.

#[test]
fn a_lost_last_packet_is_resent_when_its_path_times_out() {
    let seed = 0x4c70_u64;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let Pair {
        a,
        b,
        mut qp_a,
        qp_b,
        src,
        src_bytes,
        dst,
        cq_a,
        cq_b: _cq_b,
        _pd,
    } = pair(&mut rng, 128 << 10);
    let len = 15 * 4096 + 100;
    let wr = SendWr {
        wr_id: 9,
        op: SendOp::Write {
            remote_addr: dst.addr() + 32,
            rkey: dst.rkey(),
        },
        stream: 0,
        sg_list: vec![src.sge(5, len)],
    };
    a.ctx
        .select_path(qp_a.qp_num(), TAIL_PATH)
        .expect("select A's path");
    qp_a.post_send(&[wr]).expect("post on A");
    let want_pkts = len.div_ceil(4096);
    let mut w = Wires {
        lose_ab: Some(Box::new(move |f: &[u8]| {
            let base = parse_frame(f).expect("A's frames parse").repr.braid.base;
            base.csn == want_pkts - 1 && base.flags.0 & Flags::RETX == 0
        })),
        ..Wires::default()
    };
    let clocks = run_until_received(&a, &b, want_pkts, 200, &mut w);
    assert_eq!(counter(&b, 5), want_pkts, "seed {seed:#x}: RX_PKTS on B");
    assert_eq!(w.lost_ab, 1, "seed {seed:#x}: frames lost");
    assert_eq!(counter(&a, 2), 1, "seed {seed:#x}: TX_TIMEOUTS on A");
    assert_eq!(counter(&a, 1), 1, "seed {seed:#x}: TX_RETX on A");
    let resent: Vec<u32> =
        w.ab.iter()
            .map(|f| parse_frame(f).expect("A's frames parse").repr.braid.base)
            .filter(|b| b.flags.0 & Flags::RETX != 0)
            .map(|b| b.csn)
            .collect();
    assert_eq!(
        resent,
        [want_pkts - 1],
        "seed {seed:#x}: retransmitted CSNs"
    );
    // not before the minimum RTO (20 us = 6,000 ticks at 300 MHz)
    assert!(
        clocks >= braid_spec::regs::CFG_RTO_MIN as u64,
        "seed {seed:#x}: done after {clocks} clocks, before the RTO"
    );
    assert_region(seed, &dst, &src_bytes, &[(32, 5, len as usize)]);
    assert_eq!(
        completions(&cq_a),
        [(9, WcStatus::Success, len)],
        "seed {seed:#x}: A's completions"
    );
    assert_acks_accepted(seed, &a, &w);
    assert_bar0_counters(seed, &a);
    // the last packet's path: its one timeout and one loss, every other
    // packet it carried (the retransmission too, if it went there)
    // acknowledged; no ACK of new data on it since the timeout, and its
    // timer stopped with the timeout (nothing is outstanding on it)
    let last =
        w.ab.iter()
            .map(|f| parse_frame(f).expect("A's frames parse").repr.braid.base)
            .find(|b| b.csn == want_pkts - 1)
            .expect("the last packet");
    assert_eq!(
        u32::from(last.path_id),
        TAIL_PATH,
        "seed {seed:#x}: the last packet's path"
    );
    let sent =
        w.ab.iter()
            .filter(|f| u32::from(path_of(f)) == TAIL_PATH)
            .count() as u32;
    let p = a.ctx.path_stats().expect("A's path stats");
    assert_eq!(
        (
            p.sent,
            p.acked,
            p.lost,
            p.timeouts,
            p.timeouts_in_row,
            p.armed
        ),
        (sent, sent - 1, 1, 1, 1, false),
        "seed {seed:#x}: A's path {TAIL_PATH}: {p:?}"
    );
    assert!(p.rto >= regs::CFG_RTO_MIN, "seed {seed:#x}: {p:?}");
    // idle from here: no timer runs, so no further timeout (the backed-off
    // RTOs of 12,000, 24,000 and 48,000 ticks all pass), re-hash or
    // retirement on the path that lost the packet
    let rehashes = counter(&a, 3);
    run_pair(&a, &b, 100_000, &mut Vec::new(), &mut w);
    assert_eq!(
        (counter(&a, 2), counter(&a, 3), reg(&a, "TX_RETIRED")),
        (1, rehashes, 0),
        "seed {seed:#x}: TX_TIMEOUTS, TX_REHASHES, TX_RETIRED after 100,000 idle clocks"
    );
    let q = a.ctx.path_stats().expect("A's path stats");
    assert_eq!(q, p, "seed {seed:#x}: the idle path changed");
    eprintln!(
        "seed {seed:#x}: {} frames, {} ACKs in {} clocks",
        w.ab.len(),
        w.ba.len(),
        a.eng.borrow().cycles()
    );
    drop(qp_a);
    drop(qp_b);
}

/// A's source-port base (the first frame's port less its path: every path
/// starts with salt 0) and each path's source ports in the order they
/// first appear among A's frames.
fn ports_by_path(ab: &[Vec<u8>]) -> (u16, BTreeMap<u8, Vec<u16>>) {
    let mut base = None;
    let mut ports: BTreeMap<u8, Vec<u16>> = BTreeMap::new();
    for f in ab {
        let r = parse_frame(f).expect("A's frames parse").repr;
        let path = r.braid.base.path_id;
        base.get_or_insert(r.udp.src_port.wrapping_sub(path as u16));
        let seen = ports.entry(path).or_default();
        if seen.last() != Some(&r.udp.src_port) {
            seen.push(r.udp.src_port);
        }
    }
    (base.expect("A sent frames"), ports)
}

/// Routes that black-hole some of A's source ports, as failures the
/// switches never notice: path 1's ports with salts 0, 1 and 2 (`base +
/// (salt << 4 | 1)`) and path 2's first port (salt 0) lose every frame.
/// Each timeout declares the path's packets lost (they are resent on the
/// other paths) and, from `PATH_HEALTH.rehash_after` timeouts in a row on
/// (1 at reset), re-hashes the path onto a new source port with salt =
/// `TX_REHASHES` + 1. Paths 1 and 2 time out and take salts 1 and 2; path
/// 1's is dead again, so it times out again and takes salt 3. So
/// `TX_REHASHES` = 3, every salt is used once, every port a path leaves is
/// a dead one and its last one is live; the live paths never change port;
/// nothing retires (16 at reset); B holds the 2.4 MB WRITE byte for byte
/// and A completes it SUCCESS.
#[test]
fn a_path_that_keeps_timing_out_is_re_hashed_onto_a_new_source_port() {
    let seed = 0x2e4a_u64;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let Pair {
        a,
        b,
        mut qp_a,
        qp_b,
        src,
        src_bytes,
        dst,
        cq_a,
        cq_b: _cq_b,
        _pd,
    } = pair(&mut rng, 600 * 4096 + 4096);
    let len = 600 * 4096;
    let wr = SendWr {
        wr_id: 77,
        op: SendOp::Write {
            remote_addr: dst.addr(),
            rkey: dst.rkey(),
        },
        stream: 0,
        sg_list: vec![src.sge(0, len)],
    };
    qp_a.post_send(&[wr]).expect("post on A");
    let want_pkts = len.div_ceil(4096);
    // port offsets from the base that lose every frame
    const DEAD: [u16; 4] = [0x01, 0x11, 0x21, 0x02];
    let base = std::rc::Rc::new(std::cell::Cell::new(None::<u16>));
    let b2 = base.clone();
    let mut w = Wires {
        lose_ab: Some(Box::new(move |f: &[u8]| {
            let r = parse_frame(f).expect("A's frames parse").repr;
            let path = r.braid.base.path_id as u16;
            let base = b2.get().unwrap_or(r.udp.src_port.wrapping_sub(path));
            b2.set(Some(base));
            DEAD.contains(&r.udp.src_port.wrapping_sub(base))
        })),
        ..Wires::default()
    };
    let clocks = run_until_received(&a, &b, want_pkts, 400, &mut w);
    let (base, ports) = ports_by_path(&w.ab);
    eprintln!(
        "seed {seed:#x}: {} frames ({} lost) and {} ACKs in {clocks} clocks; TX_TIMEOUTS {}, TX_RETX {}, TX_REHASHES {}, TX_RETIRED {}; ports by path (base {base:#x}): {ports:x?}",
        w.ab.len(),
        w.lost_ab,
        w.ba.len(),
        counter(&a, 2),
        counter(&a, 1),
        counter(&a, 3),
        counter(&a, 13),
    );
    assert_eq!(counter(&a, 3), 3, "seed {seed:#x}: TX_REHASHES on A");
    assert_eq!(counter(&a, 13), 0, "seed {seed:#x}: TX_RETIRED on A");
    assert_eq!(ports[&0], [base], "seed {seed:#x}: path 0's ports");
    assert_eq!(ports[&3], [base + 3], "seed {seed:#x}: path 3's ports");
    let mut salts = Vec::new();
    for p in [1u16, 2] {
        let seen = &ports[&(p as u8)];
        assert_eq!(seen[0], base + p, "seed {seed:#x}: path {p}'s first port");
        for (k, &port) in seen.iter().enumerate() {
            let off = port.wrapping_sub(base);
            assert_eq!(off & 0xf, p, "seed {seed:#x}: path {p}'s port {port:#x}");
            let last = k + 1 == seen.len();
            assert_eq!(
                DEAD.contains(&off),
                !last,
                "seed {seed:#x}: path {p} left port {port:#x} only if it was dead ({seen:x?})"
            );
            if k > 0 {
                salts.push(off >> 4);
            }
        }
    }
    salts.sort();
    assert_eq!(salts, [1, 2, 3], "seed {seed:#x}: the re-hashes' salts");
    assert!(
        counter(&a, 2) >= 3,
        "seed {seed:#x}: TX_TIMEOUTS {} (one per dead port)",
        counter(&a, 2)
    );
    assert_eq!(counter(&b, 5), want_pkts, "seed {seed:#x}: RX_PKTS on B");
    assert_region(seed, &dst, &src_bytes, &[(0, 0, len as usize)]);
    assert_eq!(
        completions(&cq_a),
        [(77, WcStatus::Success, len)],
        "seed {seed:#x}: A's completions"
    );
    assert_eq!(
        b.eng.borrow().bad_writes(),
        &[],
        "B wrote outside host buffers"
    );
    drop(qp_a);
    drop(qp_b);
}

/// Path 1 of A is dead whatever its source port (every route from A's
/// port to B loses it, say). With `PATH_HEALTH` = re-hash from 1 timeout,
/// retire at 2: its first timeout re-hashes it (salt 1, two ports in
/// all), the second retires it (`TX_RETIRED` = 1, no second re-hash) and
/// from then on no frame of A carries path 1: the window
/// table keeps it closed to new data and to retransmissions. The other
/// three paths carry the 2.4 MB WRITE, which B holds byte for byte; A
/// completes it SUCCESS.
#[test]
fn a_path_dead_on_every_port_is_retired() {
    let seed = 0x7e71_u64;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let Pair {
        a,
        b,
        mut qp_a,
        qp_b,
        src,
        src_bytes,
        dst,
        cq_a,
        cq_b: _cq_b,
        _pd,
    } = pair(&mut rng, 600 * 4096 + 4096);
    let health = regs::by_name("PATH_HEALTH").expect("PATH_HEALTH").offset;
    let v = regs::set(&regs::PATH_HEALTH_RETIRE, regs::CFG_PATH_HEALTH, 2);
    a.ctx
        .with_backend(|be| be.write32(health, v))
        .expect("PATH_HEALTH on A");
    let len = 600 * 4096;
    let wr = SendWr {
        wr_id: 78,
        op: SendOp::Write {
            remote_addr: dst.addr(),
            rkey: dst.rkey(),
        },
        stream: 0,
        sg_list: vec![src.sge(0, len)],
    };
    qp_a.post_send(&[wr]).expect("post on A");
    let want_pkts = len.div_ceil(4096);
    let mut w = Wires {
        lose_ab: Some(Box::new(|f: &[u8]| path_of(f) == 1)),
        ..Wires::default()
    };
    // steps of 1,000 clocks; A's frames sent by the end of the step in
    // which TX_RETIRED first reads 1
    let mut none = Vec::new();
    let mut retired_at = None;
    let mut clocks = 0u64;
    for _ in 0..600 {
        run_pair(&a, &b, 1000, &mut none, &mut w);
        clocks += 1000;
        if retired_at.is_none() && counter(&a, 13) != 0 {
            retired_at = Some(w.ab.len());
        }
        if counter(&b, 5) >= want_pkts {
            break;
        }
    }
    run_pair(&a, &b, 3000, &mut none, &mut w);
    a.eng.borrow_mut().run(2000);
    let (base, ports) = ports_by_path(&w.ab);
    let Some(retired_at) = retired_at else {
        panic!(
            "seed {seed:#x}: path 1 not retired in {clocks} clocks: TX_TIMEOUTS {}, TX_REHASHES {}, TX_RETIRED {}, RX_PKTS on B {}; ports by path (base {base:#x}): {ports:x?}",
            counter(&a, 2),
            counter(&a, 3),
            counter(&a, 13),
            counter(&b, 5),
        )
    };
    let after = w.ab[retired_at..]
        .iter()
        .filter(|f| path_of(f) == 1)
        .count();
    eprintln!(
        "seed {seed:#x}: {} frames ({} lost; {} after the retirement) in {clocks} clocks; TX_TIMEOUTS {}, TX_RETX {}, TX_REHASHES {}, TX_RETIRED {}; ports by path (base {base:#x}): {ports:x?}",
        w.ab.len(),
        w.lost_ab,
        w.ab.len() - retired_at,
        counter(&a, 2),
        counter(&a, 1),
        counter(&a, 3),
        counter(&a, 13),
    );
    assert_eq!(counter(&a, 13), 1, "seed {seed:#x}: TX_RETIRED on A");
    assert_eq!(counter(&a, 3), 1, "seed {seed:#x}: TX_REHASHES on A");
    assert!(
        counter(&a, 2) >= 2,
        "seed {seed:#x}: TX_TIMEOUTS {}",
        counter(&a, 2)
    );
    assert_eq!(
        ports[&1],
        [base + 1, base + 0x11],
        "seed {seed:#x}: path 1's ports"
    );
    for p in [0u16, 2, 3] {
        assert_eq!(
            ports[&(p as u8)],
            [base + p],
            "seed {seed:#x}: path {p}'s ports"
        );
    }
    assert_eq!(
        after, 0,
        "seed {seed:#x}: frames on path 1 after its retirement"
    );
    assert!(
        w.ab.len() > retired_at + 100,
        "seed {seed:#x}: the transfer went on after the retirement"
    );
    assert_eq!(counter(&b, 5), want_pkts, "seed {seed:#x}: RX_PKTS on B");
    assert_region(seed, &dst, &src_bytes, &[(0, 0, len as usize)]);
    assert_eq!(
        completions(&cq_a),
        [(78, WcStatus::Success, len)],
        "seed {seed:#x}: A's completions"
    );
    assert_eq!(
        b.eng.borrow().bad_writes(),
        &[],
        "B wrote outside host buffers"
    );
    drop(qp_a);
    drop(qp_b);
}

/// Every path of one connection is dead (A's frames to B's first queue
/// pair are all lost), while a second connection between the same engines
/// works. With `PATH_HEALTH` = re-hash from 1 timeout, retire at 2, each
/// of the dead connection's four paths times out twice and retires
/// (`TX_RETIRED` = 4); the last retirement fails the connection: its
/// WRITE, which the peer never acknowledged, completes RETRY_EXCEEDED and
/// the WRITE posted after it FLUSHED, and A sends nothing more on it. The
/// second connection's 1.2 MB WRITE, posted at the same time, lands byte
/// for byte and completes SUCCESS: the failed connection's descriptors do
/// not hold the send path.
#[test]
fn a_connection_whose_paths_all_retire_fails_and_the_others_go_on() {
    let seed = 0x4dea_u64;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let Pair {
        a,
        b,
        mut qp_a,
        qp_b,
        src,
        src_bytes,
        dst,
        cq_a,
        cq_b,
        _pd,
    } = pair(&mut rng, 2 * 300 * 4096);
    let health = regs::by_name("PATH_HEALTH").expect("PATH_HEALTH").offset;
    let v = regs::set(&regs::PATH_HEALTH_RETIRE, regs::CFG_PATH_HEALTH, 2);
    a.ctx
        .with_backend(|be| be.write32(health, v))
        .expect("PATH_HEALTH on A");
    // the second connection
    let init = qp_a.init();
    let mut qp_a2 = _pd[0].create_qp(&cq_a, init).expect("CREATE_CONN on A");
    let mut qp_b2 = _pd[1].create_qp(&cq_b, init).expect("CREATE_CONN on B");
    let pa = qp_a2.local_params(MAC_A, IP_A);
    let pb = qp_b2.local_params(MAC_B, IP_B);
    qp_a2.connect(&pa, &pb).expect("SET_PEER on A");
    qp_b2.connect(&pb, &pa).expect("SET_PEER on B");
    let dead = qp_b.qp_num();
    assert_ne!(dead, qp_b2.qp_num());
    let write = |wr_id: u64, off: usize, len: usize| SendWr {
        wr_id,
        op: SendOp::Write {
            remote_addr: dst.addr() + off as u64,
            rkey: dst.rkey(),
        },
        stream: 0,
        sg_list: vec![src.sge(off as u64, len as u32)],
    };
    let len = 300 * 4096;
    qp_a.post_send(&[write(1, 0, 40 * 4096), write(2, 40 * 4096, 4096)])
        .expect("post on A's first connection");
    qp_a2
        .post_send(&[write(3, len, len)])
        .expect("post on A's second connection");
    let want_pkts = len.div_ceil(4096) as u32;
    let mut w = Wires {
        lose_ab: Some(Box::new(move |f: &[u8]| {
            parse_frame(f)
                .expect("A's frames parse")
                .repr
                .braid
                .base
                .dst_conn
                == dead
        })),
        ..Wires::default()
    };
    let to_dead = |f: &Vec<u8>| {
        parse_frame(f)
            .expect("A's frames parse")
            .repr
            .braid
            .base
            .dst_conn
            == dead
    };
    // steps of 1,000 clocks; A's frames sent by the end of the step in
    // which the fourth path retired
    let mut none = Vec::new();
    let mut failed_at = None;
    let mut clocks = 0u64;
    for _ in 0..600 {
        run_pair(&a, &b, 1000, &mut none, &mut w);
        clocks += 1000;
        if failed_at.is_none() && counter(&a, 13) == 4 {
            failed_at = Some(w.ab.len());
        }
        if failed_at.is_some() && counter(&b, 5) >= want_pkts {
            break;
        }
    }
    run_pair(&a, &b, 3000, &mut none, &mut w);
    a.eng.borrow_mut().run(2000);
    let failed_at = failed_at.expect("the first connection's four paths retired");
    let dead_after = w.ab[failed_at..].iter().filter(|f| to_dead(f)).count();
    let mut got = completions(&cq_a);
    got.sort_by_key(|c| c.0);
    eprintln!(
        "seed {seed:#x}: {} frames ({} lost, {} to the dead connection after its failure) in {clocks} clocks; TX_TIMEOUTS {}, TX_REHASHES {}, TX_RETIRED {}; A's completions {got:?}",
        w.ab.len(),
        w.lost_ab,
        dead_after,
        counter(&a, 2),
        counter(&a, 3),
        counter(&a, 13),
    );
    assert_eq!(counter(&a, 13), 4, "seed {seed:#x}: TX_RETIRED on A");
    assert_eq!(
        counter(&a, 3),
        4,
        "seed {seed:#x}: TX_REHASHES on A (one per path)"
    );
    assert_eq!(
        dead_after, 0,
        "seed {seed:#x}: frames to the failed connection after it failed"
    );
    assert_eq!(
        got,
        [
            (1, WcStatus::RetryExceeded, 40 * 4096),
            (2, WcStatus::Flushed, 4096),
            (3, WcStatus::Success, len as u32),
        ],
        "seed {seed:#x}: A's completions"
    );
    assert_eq!(counter(&b, 5), want_pkts, "seed {seed:#x}: RX_PKTS on B");
    assert_region(seed, &dst, &src_bytes, &[(len, len, len)]);
    assert_eq!(
        b.eng.borrow().bad_writes(),
        &[],
        "B wrote outside host buffers"
    );
    drop(qp_a);
    drop(qp_b);
    drop(qp_a2);
    drop(qp_b2);
}

/// Payload reads that fail (the host answers `rs_err`: here A's source
/// region is unmapped while the WRITE's packets are first read) are never
/// placed: each packet leaves flagged bad (`tx_bad`), the MAC side discards
/// it, `TX_PAYLOAD_ERR` counts it, and it is lost to the transport like any
/// dropped frame. With the region mapped again, the retransmissions read
/// the right bytes: B places the WRITE exactly once, byte for byte, and A
/// completes it SUCCESS.
#[test]
fn failed_payload_reads_are_never_placed_and_the_write_completes() {
    let seed = 0x4f40_u64;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let Pair {
        a,
        b,
        mut qp_a,
        qp_b,
        src,
        src_bytes,
        dst,
        cq_a,
        cq_b: _cq_b,
        _pd,
    } = pair(&mut rng, 64 << 10);
    let len = 5 * 4096 + 77;
    let wr = SendWr {
        wr_id: 12,
        op: SendOp::Write {
            remote_addr: dst.addr() + 64,
            rkey: dst.rkey(),
        },
        stream: 1,
        sg_list: vec![src.sge(3, len)],
    };
    qp_a.post_send(&[wr]).expect("post on A");
    let want_pkts = len.div_ceil(4096);
    // the WQE is fetched within a few hundred clocks, before any payload
    // read (the packets wait for the lookup and the sprayer)
    a.eng.borrow_mut().run(20);
    assert!(
        a.eng.borrow_mut().mem.unmap(src.addr()),
        "A's region mapped"
    );
    let mut w = Wires::default();
    let mut flagged = Vec::new();
    for _ in 0..20 {
        run_pair(&a, &b, 1000, &mut Vec::new(), &mut w);
        flagged.extend(a.eng.borrow_mut().tx().flagged.drain(..));
        if flagged.len() as u32 >= want_pkts {
            break;
        }
    }
    assert_eq!(
        (flagged.len() as u32, w.ab.len()),
        (want_pkts, 0),
        "seed {seed:#x}: A's frames flagged bad and on the wire while its region is unmapped"
    );
    assert_eq!(
        reg(&a, "TX_PAYLOAD_ERR"),
        want_pkts,
        "seed {seed:#x}: TX_PAYLOAD_ERR"
    );
    assert_eq!(counter(&b, 5), 0, "seed {seed:#x}: RX_PKTS on B");
    // the flagged frames are the WRITE's packets, headers intact
    let mut csns: Vec<u32> = flagged
        .iter()
        .map(|f| {
            parse_frame(f)
                .expect("flagged frames parse")
                .repr
                .braid
                .base
                .csn
        })
        .collect();
    csns.sort();
    assert_eq!(csns, (0..want_pkts).collect::<Vec<_>>(), "seed {seed:#x}");

    // mapped again (fresh pages: the bytes are written again)
    a.eng.borrow_mut().mem.map(src.addr(), src.len());
    src.write(0, &src_bytes).expect("refill A's region");
    run_until_received(&a, &b, want_pkts, 200, &mut w);
    assert_eq!(counter(&b, 5), want_pkts, "seed {seed:#x}: RX_PKTS on B");
    assert_eq!(counter(&b, 6), 0, "seed {seed:#x}: RX_DUPLICATES on B");
    assert_eq!(
        w.ab.len() as u32,
        want_pkts,
        "seed {seed:#x}: A's frames on the wire"
    );
    assert!(
        w.ab.iter().all(|f| parse_frame(f)
            .expect("A's frames parse")
            .repr
            .braid
            .base
            .flags
            .0
            & Flags::RETX
            != 0),
        "seed {seed:#x}: a frame on the wire is not a retransmission"
    );
    assert_eq!(
        reg(&a, "TX_PAYLOAD_ERR"),
        want_pkts,
        "seed {seed:#x}: TX_PAYLOAD_ERR after the recovery"
    );
    assert_region(seed, &dst, &src_bytes, &[(64, 3, len as usize)]);
    assert_eq!(
        completions(&cq_a),
        [(12, WcStatus::Success, len)],
        "seed {seed:#x}: A's completions"
    );
    assert_bar0_counters(seed, &a);
    eprintln!(
        "seed {seed:#x}: {want_pkts} packets flagged bad, resent after {} timeouts, done in {} clocks",
        counter(&a, 2),
        a.eng.borrow().cycles()
    );
    drop(qp_a);
    drop(qp_b);
}

/// A payload read that keeps failing (A's source region unmapped for
/// good) never reaches B: every transmission leaves flagged bad, its
/// path times out again and again, and once every path has retired
/// (PATH_HEALTH.retire_after 2 here, as in the test above) the WRITE
/// completes RETRY_EXCEEDED. The engine does not hang: it reports the
/// failure through the completion queue.
#[test]
fn a_payload_read_that_keeps_failing_ends_in_retry_exceeded() {
    let seed = 0x4f41_u64;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let Pair {
        a,
        b,
        mut qp_a,
        qp_b,
        src,
        src_bytes: _,
        dst,
        cq_a,
        cq_b: _cq_b,
        _pd,
    } = pair(&mut rng, 64 << 10);
    let health = regs::by_name("PATH_HEALTH").expect("PATH_HEALTH").offset;
    let v = regs::set(&regs::PATH_HEALTH_RETIRE, regs::CFG_PATH_HEALTH, 2);
    a.ctx
        .with_backend(|be| be.write32(health, v))
        .expect("PATH_HEALTH on A");
    let len = 3 * 4096;
    let wr = SendWr {
        wr_id: 13,
        op: SendOp::Write {
            remote_addr: dst.addr(),
            rkey: dst.rkey(),
        },
        stream: 0,
        sg_list: vec![src.sge(0, len)],
    };
    qp_a.post_send(&[wr]).expect("post on A");
    a.eng.borrow_mut().run(20);
    assert!(
        a.eng.borrow_mut().mem.unmap(src.addr()),
        "A's region mapped"
    );
    let mut w = Wires::default();
    let mut got = Vec::new();
    let mut clocks = 0u64;
    for _ in 0..1000 {
        run_pair(&a, &b, 1000, &mut Vec::new(), &mut w);
        clocks += 1000;
        got.extend(cq_a.poll(16).expect("poll A's CQ"));
        if !got.is_empty() {
            break;
        }
    }
    let flagged = a.eng.borrow_mut().tx().flagged.drain(..).count();
    let got: Vec<(u64, WcStatus)> = got.iter().map(|c| (c.wr_id, c.status)).collect();
    eprintln!(
        "seed {seed:#x}: {flagged} frames flagged bad, TX_TIMEOUTS {}, TX_RETIRED {}, completion {got:?} after {clocks} clocks",
        counter(&a, 2),
        reg(&a, "TX_RETIRED")
    );
    assert_eq!(
        got,
        [(13, WcStatus::RetryExceeded)],
        "seed {seed:#x}: A's completions"
    );
    assert_eq!(w.ab.len(), 0, "seed {seed:#x}: A's frames on the wire");
    assert_eq!(
        reg(&a, "TX_PAYLOAD_ERR") as usize,
        flagged,
        "seed {seed:#x}: TX_PAYLOAD_ERR"
    );
    assert_eq!(counter(&b, 5), 0, "seed {seed:#x}: RX_PKTS on B");
    a.eng.borrow_mut().mem.map(src.addr(), src.len());
    drop(qp_a);
    drop(qp_b);
}
