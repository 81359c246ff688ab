//! WRITEs from engine A placed by engine B, bad input, path windows, the
//! CSN window and the ACK coalescing timer.

use super::*;

#[test]
fn writes_from_engine_a_are_placed_by_engine_b() {
    let seed = 0xb0a1_u64;
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
    } = pair(&mut rng, 256 << 10);

    // WRITEs of every size class, each to its own 16 KiB slot of B's region
    let lens = [1u32, 63, 64, 65, 4096, 4097, 8192, 12000, 777, 3];
    let wrs: Vec<SendWr> = lens
        .iter()
        .enumerate()
        .map(|(i, &len)| SendWr {
            wr_id: i as u64,
            op: SendOp::Write {
                remote_addr: dst.addr() + (i as u64) * 16384 + (i as u64 * 13) % 64,
                rkey: dst.rkey(),
            },
            stream: (i % 2) as u8,
            sg_list: vec![src.sge(i as u64 * 16384 + 7, len)],
        })
        .collect();
    // A's path 2 in the PATH_* statistics registers
    a.ctx
        .select_path(qp_a.qp_num(), 2)
        .expect("select A's path 2");
    qp_a.post_send(&wrs).expect("post on A");
    let mtu = 4096u64;
    let want_pkts: u32 = lens.iter().map(|&l| (l as u64).div_ceil(mtu) as u32).sum();
    let want_bytes: u64 = lens.iter().map(|&l| l as u64).sum();

    // bad input into B ahead of the good frames: random bytes of random
    // lengths (the parser drops each)
    let good_conn = qp_b.qp_num();
    let mut bad: Vec<Vec<u8>> = (0..20)
        .map(|_| {
            let n = rng.gen_range(1..300);
            (0..n).map(|_| rng.gen()).collect()
        })
        .collect();
    let mut drops = [0u32; rd::COUNT];
    tally_drops(seed, &bad, &mut drops);
    let mut moved = 0;
    let mut w = Wires::default();
    for _ in 0..200 {
        moved += run_pair(&a, &b, 1000, &mut bad, &mut w);
        if counter(&b, 5) >= want_pkts {
            break;
        }
    }
    run_pair(&a, &b, 2000, &mut bad, &mut w);
    assert_eq!(moved as u32, want_pkts, "frames A sent");
    assert_eq!(counter(&b, 5), want_pkts, "RX_PKTS on B");
    let rx_bytes = counter(&b, 8) as u64 | (counter(&b, 9) as u64) << 32;
    assert_eq!(rx_bytes, want_bytes, "RX_BYTES on B");
    assert_eq!(counter(&b, 7), 0, "RX_REFUSED on B");
    // every WRITE passed B's message tracker, none wrote a completion
    assert_eq!(counter(&b, 10), lens.len() as u32, "RX_MSGS on B");
    assert_eq!(cq_b.poll(16).expect("poll B's CQ"), vec![], "B's CQ");

    // B's region: every message at its place, every other byte still 0
    let mut got = vec![0u8; dst.len()];
    dst.read(0, &mut got).expect("read B's region");
    let mut want = vec![0u8; dst.len()];
    for (i, &len) in lens.iter().enumerate() {
        let to = i * 16384 + (i * 13) % 64;
        let from = i * 16384 + 7;
        want[to..to + len as usize].copy_from_slice(&src_bytes[from..from + len as usize]);
    }
    let diff = got.iter().zip(&want).position(|(g, w)| g != w);
    assert_eq!(
        diff, None,
        "seed {seed:#x}: B's region differs at this offset"
    );
    {
        let eb = b.eng.borrow();
        assert_eq!(eb.bad_writes(), &[], "B wrote outside host buffers");
        let g = eb.glue_counters();
        assert_eq!(
            g,
            GlueCounters {
                rx_bad: 20,
                ack_tx: w.ba.len() as u32,
                ..GlueCounters::default()
            },
            "seed {seed:#x}: the random frames, dropped by the parser; B's ACKs"
        );
    }
    assert_drop_counts(seed, &b, &drops);
    assert_bar0_counters(seed, &b);

    // B's ACKs: every frame back is an ACK to A's connection on the path of
    // a packet A sent; the last one of each path acknowledges every PSN A
    // sent on it (in order: base = next PSN, empty bitvector) and every CSN
    // (csn_base = next CSN) and echoes the path's last timestamp
    let (per_path, next_csn) = expected_acks(&w.ab);
    assert!(!w.ba.is_empty(), "seed {seed:#x}: B sent no ACK");
    assert_sender_frames(seed, &w);
    let mut last = BTreeMap::new();
    for f in &w.ba {
        let r = parse_frame(f).expect("B's frames parse").repr;
        assert_eq!(
            r.braid.base.dst_conn,
            qp_a.qp_num(),
            "ACK to A's connection"
        );
        let Body::Ack(ack) = r.braid.body else {
            panic!(
                "seed {seed:#x}: B sent a frame that is not an ACK: {:?}",
                r.braid.body
            )
        };
        assert!(
            per_path.contains_key(&r.braid.base.path_id),
            "ACK on a path A used"
        );
        last.insert(r.braid.base.path_id, (ack, r.udp.src_port));
    }
    assert_eq!(
        last.keys().collect::<Vec<_>>(),
        per_path.keys().collect::<Vec<_>>(),
        "seed {seed:#x}: an ACK for every path A used"
    );
    for (p, (ack, _)) in &last {
        let e = per_path[p];
        assert_eq!(
            ack.base_psn, e.base_psn,
            "seed {seed:#x}: path {p}: base PSN"
        );
        assert_eq!(
            ack.sack.words, [0; 4],
            "seed {seed:#x}: path {p}: SACK bits"
        );
        assert_eq!(
            ack.csn_base, e.csn_base,
            "seed {seed:#x}: path {p}: CSN base"
        );
        assert_eq!(
            ack.ts_echo, e.ts_echo,
            "seed {seed:#x}: path {p}: timestamp echo"
        );
    }
    assert_eq!(next_csn, want_pkts, "A's CSNs are 0 .. packets");

    // A took every one of B's ACKs (tx_path_table accepted each: none is
    // stale, none names a path A lacks) and, as the CSN base passed each
    // message's last CSN, completed the WRITEs: SUCCESS, in posting order
    // (B's last frames reached A after A's last clock)
    a.eng.borrow_mut().run(2000);
    let mut done = Vec::new();
    for _ in 0..50 {
        done.extend(cq_a.poll(16).expect("poll A's CQ"));
    }
    assert_eq!(
        done.len(),
        wrs.len(),
        "seed {seed:#x}: A's completions: {done:#?}"
    );
    for (i, (wc, wr)) in done.iter().zip(&wrs).enumerate() {
        assert_eq!(
            wc.wr_id, wr.wr_id,
            "seed {seed:#x}: posting order: {done:#?}"
        );
        assert_eq!(wc.status, WcStatus::Success, "seed {seed:#x}: {wc:?}");
        assert_eq!(wc.opcode, WcOpcode::SendDone, "seed {seed:#x}: {wc:?}");
        assert_eq!(wc.byte_len, lens[i], "seed {seed:#x}: {wc:?}");
        assert_eq!(wc.msn, i as u32 / 2, "seed {seed:#x}: {wc:?}");
        assert_eq!(wc.stream, wr.stream, "seed {seed:#x}: {wc:?}");
        assert_eq!(wc.qp_num, qp_a.qp_num(), "seed {seed:#x}: {wc:?}");
    }
    assert_eq!(counter(&a, 4), wrs.len() as u32, "TX_MSGS on A");
    assert_bar0_counters(seed, &a);
    // A's path 2: every packet it carried sent and acknowledged once,
    // nothing lost; its congestion state reported, the RTT measured
    let on2 = w.ab.iter().filter(|f| path_of(f) == 2).count() as u32;
    assert!(on2 > 0, "seed {seed:#x}: path 2 carried nothing");
    let p = a.ctx.path_stats().expect("A's path stats");
    assert_eq!(
        (p.conn, p.path, p.sent, p.acked, p.lost, p.ecn, p.timeouts),
        (qp_a.qp_num(), 2, on2, on2, 0, 0, 0),
        "seed {seed:#x}: A's path 2: {p:?}"
    );
    assert!(
        p.seen && !p.failed && p.timeouts_in_row == 0,
        "seed {seed:#x}: A's path 2: {p:?}"
    );
    assert!(
        p.srtt > 0 && p.rto >= regs::CFG_RTO_MIN && p.cwnd >= regs::CFG_CWND_INIT,
        "seed {seed:#x}: A's path 2: {p:?}"
    );
    // selecting it again restarts the counts and the state
    a.ctx
        .select_path(qp_a.qp_num(), 2)
        .expect("select A's path 2");
    let p = a.ctx.path_stats().expect("A's path stats");
    assert_eq!(
        p,
        braid_driver::PathStats {
            conn: qp_a.qp_num(),
            path: 2,
            ..Default::default()
        },
        "seed {seed:#x}: A's path 2 selected again"
    );
    assert_eq!(
        a.eng.borrow().glue_counters(),
        GlueCounters {
            ack_rx: w.ba.len() as u32,
            ..GlueCounters::default()
        },
        "seed {seed:#x}: A: B's ACKs, all accepted"
    );
    assert_eq!(
        last.values().map(|(a, _)| a.csn_base).max(),
        Some(next_csn),
        "seed {seed:#x}: the last ACK's CSN base"
    );
    let acks_before = w.ba.len();

    // crafted bad copies of A's 4 KiB WRITE (message 4, first packet): a
    // wrong rkey, an address past the region's end, a truncated frame; then
    // the good frame again (a duplicate, not placed again; behind its path's
    // window and without ACK_REQ it changes nothing there, so it is not
    // acknowledged: TIMER_CFG.ack_coalesce is 1 after reset), and a copy
    // with ACK_REQ set, as a retransmission carries it (acknowledged)
    // message 4 went to slot 4 at offset (4 * 13) mod 64 = 52
    let va4 = dst.addr() + 4 * 16384 + 52;
    let f4 = w
        .ab
        .iter()
        .find(|f| {
            let r = braid_spec::wire::frame::parse_frame(f)
                .expect("A's frames parse")
                .repr;
            matches!(r.braid.body, braid_spec::wire::braid::Body::Write { ext, .. } if ext.va == va4)
        })
        .expect("message 4's first frame")
        .clone();
    let find = |f: &[u8], pat: &[u8]| {
        f.windows(pat.len())
            .position(|w| w == pat)
            .expect("field in the frame")
    };
    let k = find(&f4, &dst.rkey().to_be_bytes());
    let mut wrong_rkey = f4.clone();
    wrong_rkey[k] ^= 0x80;
    let k = find(&f4, &va4.to_be_bytes());
    let mut past_end = f4.clone();
    let far = dst.addr() + dst.len() as u64 - 100;
    past_end[k..k + 8].copy_from_slice(&far.to_be_bytes());
    let truncated = f4[..f4.len() - 100].to_vec();
    let parsed4 = parse_frame(&f4).expect("frame 4 parses");
    let mut repr = parsed4.repr;
    repr.braid.base.flags.0 |= braid_spec::wire::braid::Flags::ACK_REQ;
    let ack_req = braid_spec::wire::frame::emit_frame_vec(&repr, parsed4.payload(&f4))
        .expect("frame 4 with ACK_REQ");
    // and a copy on stream 3 (the connection has 2)
    let mut bad_stream = parse_frame(&f4).expect("frame 4 parses").repr;
    let Body::Write { ext, .. } = &mut bad_stream.braid.body else {
        panic!("frame 4 is a WRITE")
    };
    ext.stream = 3;
    let bad_stream = braid_spec::wire::frame::emit_frame_vec(&bad_stream, parsed4.payload(&f4))
        .expect("frame 4 on stream 3");
    let mut crafted = vec![
        wrong_rkey,
        past_end,
        bad_stream,
        truncated,
        f4.clone(),
        ack_req,
    ];
    tally_drops(seed, &crafted[3..4], &mut drops);
    run_pair(&a, &b, 3000, &mut crafted, &mut w);
    assert_eq!(
        counter(&b, 7),
        3,
        "RX_REFUSED on B: wrong rkey, past the end, stream 3"
    );
    assert_eq!(
        counter(&b, 5),
        want_pkts,
        "RX_PKTS on B: not the duplicates"
    );
    // back: a NACK for each refused WRITE, with its reason, PSN and CSN,
    // then one ACK, for the duplicate with ACK_REQ (nothing new: the same
    // base and CSN base)
    let f4b = parse_frame(&f4).expect("frame 4 parses").repr.braid.base;
    let back: Vec<Body> = w.ba[acks_before..]
        .iter()
        .map(|f| parse_frame(f).expect("B's frames parse").repr.braid.body)
        .collect();
    let nacks: Vec<(NackReason, u32, u32, u32)> = back
        .iter()
        .filter_map(|b| match b {
            Body::Nack(n) => Some((n.reason, n.psn, n.csn, n.detail)),
            _ => None,
        })
        .collect();
    // (detail: the rkey the packet named; the stream for INVALID_STREAM)
    let rk = dst.rkey();
    assert_eq!(
        nacks,
        vec![
            (
                NackReason::InvalidRkey,
                f4b.path_psn,
                f4b.csn,
                rk ^ 0x8000_0000
            ),
            (NackReason::OutOfBounds, f4b.path_psn, f4b.csn, rk),
            (NackReason::InvalidStream, f4b.path_psn, f4b.csn, 3),
        ],
        "seed {seed:#x}: B's NACKs"
    );
    let acks: Vec<_> = back
        .iter()
        .filter_map(|b| match b {
            Body::Ack(a) => Some(*a),
            _ => None,
        })
        .collect();
    assert_eq!(
        acks.len(),
        1,
        "seed {seed:#x}: one ACK, for the duplicate with ACK_REQ"
    );
    let dup_ack = &acks[0];
    assert_eq!(
        dup_ack.csn_base, next_csn,
        "seed {seed:#x}: duplicate: CSN base"
    );
    assert_eq!(
        dup_ack.base_psn, per_path[&f4b.path_id].base_psn,
        "seed {seed:#x}: duplicate: base PSN"
    );
    let mut again = vec![0u8; dst.len()];
    dst.read(0, &mut again).expect("read B's region");
    assert!(
        again == want,
        "seed {seed:#x}: B's region changed by bad input"
    );
    let eb = b.eng.borrow();
    assert_eq!(eb.bad_writes(), &[], "B wrote outside host buffers");
    assert_eq!(
        eb.glue_counters(),
        GlueCounters {
            rx_bad: 21,
            rx_dup: 2,
            ack_tx: (w.ba.len() - nacks.len()) as u32,
            nack_tx: 3,
            ..GlueCounters::default()
        },
        "seed {seed:#x}: the truncated frame, dropped by the parser; the duplicate; ACKs, NACKs"
    );
    drop(eb);
    assert_drop_counts(seed, &b, &drops);
    assert_bar0_counters(seed, &b);
    let refused = reg(&b, "RX_REFUSED");
    let eb = b.eng.borrow();
    // A: the ACK of the duplicate accepted (it acknowledges nothing new);
    // the fatal NACKs name a CSN B acknowledged long ago (copies of a
    // delivered packet): stale, dropped, the connection does not fail and
    // no completion changes
    a.eng.borrow_mut().run(2000);
    assert_eq!(
        a.eng.borrow().glue_counters(),
        GlueCounters {
            ack_rx: (w.ba.len() - nacks.len()) as u32,
            nack_rx: 3,
            nack_drop: 3,
            ..GlueCounters::default()
        },
        "seed {seed:#x}: A: B's ACKs and NACKs"
    );
    assert_bar0_counters(seed, &a);
    assert_eq!(
        cq_a.poll(16).expect("poll A's CQ"),
        vec![],
        "seed {seed:#x}: A's CQ"
    );
    eprintln!(
        "seed {seed:#x}: {want_pkts} packets, {want_bytes} bytes placed by B in {} clocks; conn {good_conn}; \
         refused {} (RX_REFUSED), duplicates {}, DMA writes outside host buffers {}",
        eb.cycles(),
        refused,
        eb.glue_counters().rx_dup,
        eb.bad_writes().len()
    );
    drop(eb);
    drop(qp_a);
    drop(qp_b);
}

/// A path's window: with B's ACKs held back, A sends `CC_CWND_INIT` (8)
/// packets on each of its 4 paths and stops; once the ACKs reach A the
/// windows reopen, every packet is placed and every WRITE completes. A's
/// `RTO_MIN` is raised to 1 ms (300,000 clocks) so that only the window
/// stops it: with the default 20 us its timers would fire while the ACKs
/// are held and resend the unacknowledged packets (the timeout test below).
#[test]
fn a_window_stops_each_path_until_its_acks_return() {
    let seed = 0x3a1d_u64;
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
    } = pair(&mut rng, 256 << 10);
    // three 64 KiB WRITEs: 48 packets of 4 KiB
    let len = 64u32 << 10;
    let wrs: Vec<SendWr> = (0..3u64)
        .map(|i| SendWr {
            wr_id: 100 + i,
            op: SendOp::Write {
                remote_addr: dst.addr() + i * (len as u64),
                rkey: dst.rkey(),
            },
            stream: (i % 2) as u8,
            sg_list: vec![src.sge(i * (len as u64) + 5, len)],
        })
        .collect();
    let rto_min = regs::by_name("RTO_MIN").expect("RTO_MIN").offset;
    a.ctx
        .with_backend(|be| be.write32(rto_min, 300_000))
        .expect("RTO_MIN on A");
    qp_a.post_send(&wrs).expect("post on A");
    let want_pkts = 3 * len / 4096;
    let window = regs::CFG_CWND_INIT >> 8;

    let mut w = Wires {
        hold: true,
        ..Wires::default()
    };
    let mut none = Vec::new();
    // A stops: nothing more leaves in a further 10,000 clocks
    let moved = run_pair(&a, &b, 30_000, &mut none, &mut w) as u32;
    assert_eq!(
        run_pair(&a, &b, 10_000, &mut none, &mut w),
        0,
        "seed {seed:#x}: A kept sending with every window full"
    );
    let mut per_path = BTreeMap::new();
    for f in &w.ab {
        let r = parse_frame(f).expect("A's frame parses");
        *per_path.entry(r.repr.braid.base.path_id).or_insert(0u32) += 1;
    }
    // every path filled its window. A path's mask closes about 14 clocks
    // after the SEND that fills its window (tx_path_table's result 7,
    // path_window_table's push 3, update and mask write 3, the sprayer's
    // register 1), so packets picked before then still go: those between
    // PICK and SEND at that SEND (at most 12: the pick credit) and those
    // picked in the 14 clocks after (one per clock), all paths together
    eprintln!("seed {seed:#x}: packets per path with no ACK back: {per_path:?}");
    assert_eq!(
        per_path.len(),
        4,
        "seed {seed:#x}: paths used: {per_path:?}"
    );
    assert!(
        per_path.values().all(|&n| n >= window) && moved <= 4 * window + 12 + 14,
        "seed {seed:#x}: packets per path {per_path:?}, window {window}"
    );
    assert_eq!(counter(&b, 5), moved, "RX_PKTS on B");
    assert_eq!(
        cq_a.poll(16).expect("poll A's CQ"),
        vec![],
        "no ACK, no completion"
    );

    // the ACKs go back: the windows reopen and the rest follows
    w.hold = false;
    run_until_received(&a, &b, want_pkts, 100, &mut w);
    assert_eq!(w.ab.len() as u32, want_pkts, "seed {seed:#x}: A's frames");
    assert_eq!(counter(&b, 5), want_pkts, "RX_PKTS on B");
    assert_eq!(counter(&a, 0), want_pkts, "TX_PKTS on A");
    let n = 3 * len as usize;
    assert_region(seed, &dst, &src_bytes, &[(0, 5, n)]);
    assert_eq!(
        completions(&cq_a),
        [
            (100, WcStatus::Success, len),
            (101, WcStatus::Success, len),
            (102, WcStatus::Success, len)
        ],
        "seed {seed:#x}: A's completions"
    );
    assert_acks_accepted(seed, &a, &w);
    assert_eq!(counter(&a, 2), 0, "seed {seed:#x}: TX_TIMEOUTS on A");
    eprintln!(
        "seed {seed:#x}: {want_pkts} packets, {} ACKs in {} clocks",
        w.ba.len(),
        a.eng.borrow().cycles()
    );
    drop(qp_a);
    drop(qp_b);
}

/// A transfer longer than the CSN window: one WRITE of 2 MiB + 1 byte (513
/// packets of 4 KiB, over twice the segmenter's 256-CSN window) goes
/// through only because A's ACK intake moves the window on; B's region
/// holds it byte for byte and A completes it.
#[test]
fn a_write_longer_than_the_csn_window_completes() {
    let seed = 0x2b1c_u64;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let len = (2u32 << 20) + 1;
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
    } = pair(&mut rng, len as usize + 4096);
    let wr = SendWr {
        wr_id: 7,
        op: SendOp::Write {
            remote_addr: dst.addr() + 64,
            rkey: dst.rkey(),
        },
        stream: 1,
        sg_list: vec![src.sge(3, len)],
    };
    qp_a.post_send(&[wr]).expect("post on A");
    let want_pkts = len.div_ceil(4096);
    let mut w = Wires::default();
    run_until_received(&a, &b, want_pkts, 400, &mut w);
    assert_eq!(counter(&b, 5), want_pkts, "seed {seed:#x}: RX_PKTS on B");
    assert_eq!(w.ab.len() as u32, want_pkts, "seed {seed:#x}: A's frames");
    assert_region(seed, &dst, &src_bytes, &[(64, 3, len as usize)]);
    assert_eq!(
        completions(&cq_a),
        [(7, WcStatus::Success, len)],
        "seed {seed:#x}: A's completions"
    );
    assert_acks_accepted(seed, &a, &w);
    assert_eq!(counter(&a, 2), 0, "seed {seed:#x}: TX_TIMEOUTS on A");
    eprintln!(
        "seed {seed:#x}: {want_pkts} packets, {} ACKs in {} clocks",
        w.ba.len(),
        a.eng.borrow().cycles()
    );
    drop(qp_a);
    drop(qp_b);
}

/// ACK coalescing (SPEC 6): with B's `TIMER_CFG.ack_coalesce` at 16, a
/// path is acknowledged at its 16th unacknowledged packet or, when it goes
/// quiet before that, by the ACK coalescing timer (64 buckets of the ACK
/// wheel, 512 ticks at the reset `ack_shift`, after its first
/// unacknowledged packet, the wheel reads the path and asks `ack_gen` for
/// its ACK). A's 40-packet WRITE over 4 paths (8 packets in flight per
/// path at A's initial window) leaves every path below the threshold, so
/// without the timer no ACK would come back until A's paths timed out. B sends fewer ACKs than
/// packets; the last ACK of each path acknowledges every PSN and CSN A sent
/// on it, echoes the path's last timestamp and goes to its last source
/// port; A completes the WRITE with no timeout and no retransmission.
#[test]
fn a_quiet_path_is_acknowledged_by_the_coalescing_timer() {
    let seed = 0x7c0a_u64;
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
    } = pair(&mut rng, 256 << 10);
    let coalesce = 16u32;
    b.set_ack_coalesce(coalesce).expect("TIMER_CFG");
    let len = 40 * 4096 - 77;
    let wr = SendWr {
        wr_id: 11,
        op: SendOp::Write {
            remote_addr: dst.addr() + 128,
            rkey: dst.rkey(),
        },
        stream: 1,
        sg_list: vec![src.sge(9, len)],
    };
    qp_a.post_send(&[wr]).expect("post on A");
    let want_pkts = len.div_ceil(4096);
    let mut w = Wires::default();
    run_until_received(&a, &b, want_pkts, 200, &mut w);
    assert_eq!(counter(&b, 5), want_pkts, "seed {seed:#x}: RX_PKTS on B");
    assert_eq!(w.ab.len() as u32, want_pkts, "seed {seed:#x}: A's frames");
    assert_region(seed, &dst, &src_bytes, &[(128, 9, len as usize)]);
    assert_eq!(
        completions(&cq_a),
        [(11, WcStatus::Success, len)],
        "seed {seed:#x}: A's completions"
    );
    assert_eq!(counter(&a, 2), 0, "seed {seed:#x}: TX_TIMEOUTS on A");
    assert_eq!(counter(&a, 1), 0, "seed {seed:#x}: TX_RETX on A");
    assert_acks_accepted(seed, &a, &w);
    // coalesced: fewer ACKs than packets, every one an ACK
    assert!(
        w.ba.len() < want_pkts as usize,
        "seed {seed:#x}: {} ACKs for {want_pkts} packets",
        w.ba.len()
    );
    let (per_path, next_csn) = expected_acks(&w.ab);
    assert_eq!(next_csn, want_pkts, "A's CSNs are 0 .. packets");
    let mut sport = BTreeMap::new();
    for f in &w.ab {
        let r = parse_frame(f).expect("A's frames parse").repr;
        sport.insert(r.braid.base.path_id, r.udp.src_port);
    }
    let mut last = BTreeMap::new();
    for f in &w.ba {
        let r = parse_frame(f).expect("B's frames parse").repr;
        let Body::Ack(ack) = r.braid.body else {
            panic!(
                "seed {seed:#x}: B sent a frame that is not an ACK: {:?}",
                r.braid.body
            )
        };
        last.insert(r.braid.base.path_id, (ack, r.udp.src_port));
    }
    assert_eq!(
        last.keys().collect::<Vec<_>>(),
        per_path.keys().collect::<Vec<_>>(),
        "seed {seed:#x}: an ACK for every path A used"
    );
    for (p, (ack, port)) in &last {
        let e = per_path[p];
        assert_eq!(
            ack.base_psn, e.base_psn,
            "seed {seed:#x}: path {p}: base PSN"
        );
        assert_eq!(
            ack.sack.words, [0; 4],
            "seed {seed:#x}: path {p}: SACK bits"
        );
        assert_eq!(
            ack.csn_base, e.csn_base,
            "seed {seed:#x}: path {p}: CSN base"
        );
        assert_eq!(
            ack.ts_echo, e.ts_echo,
            "seed {seed:#x}: path {p}: timestamp echo"
        );
        assert_eq!(*port, sport[p], "seed {seed:#x}: path {p}: UDP source port");
    }
    eprintln!(
        "seed {seed:#x}: {want_pkts} packets, {} ACKs (ack_coalesce {coalesce}) in {} clocks",
        w.ba.len(),
        a.eng.borrow().cycles()
    );
    drop(qp_a);
    drop(qp_b);
}
