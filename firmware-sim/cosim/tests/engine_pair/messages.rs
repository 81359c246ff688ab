//! SEND/RECV on the Verilated pair, and messages through the fabric
//! simulator under loss and link failure.

use super::*;

/// B's NACKs among `frames` as (reason, detail).
fn nacks_in(frames: &[Vec<u8>]) -> Vec<(NackReason, u32)> {
    frames
        .iter()
        .filter_map(
            |f| match parse_frame(f).expect("B's frames parse").repr.braid.body {
                Body::Nack(n) => Some((n.reason, n.detail)),
                _ => None,
            },
        )
        .collect()
}

/// SEND matching on B: a SEND with no receive posted is refused with
/// NACKs NO_RECV_BUFFER (detail: the MSN) and writes nothing; A backs each
/// refused packet off (its PSN resolved, the packet resent after RTO_MIN /
/// 2, no timeout); once B posts a receive, the next copies land in it, B
/// completes the receive with its wr_id and A completes the SEND. A copy
/// of that SEND arriving after its message completed (its receive
/// consumed) is a duplicate: no write, no NACK. A SEND longer than its
/// receive buffer is refused with NACKs BUFFER_TOO_SMALL and writes
/// nothing; on A (NACK processing) that SEND completes with the peer's
/// reason, the connection fails: a SEND posted afterwards completes
/// FLUSHED, nothing more of it leaves A, and a copy of the fatal NACK
/// fails nothing more.
#[test]
fn a_send_waits_for_its_receive_and_a_small_buffer_refuses_one() {
    let seed = 0x5e9d_u64;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let Pair {
        a,
        b,
        mut qp_a,
        mut qp_b,
        src,
        src_bytes,
        dst,
        cq_a,
        cq_b,
        _pd,
    } = pair(&mut rng, 64 << 10);
    let len = 5000u32;
    let send = |wr_id: u64, stream: u8, from: u64, len: u32| SendWr {
        wr_id,
        op: SendOp::Send,
        stream,
        sg_list: vec![src.sge(from, len)],
    };
    qp_a.post_send(&[send(1, 0, 100, len)]).expect("post on A");
    let mut w = Wires::default();
    let mut none = Vec::new();
    // no receive for 20,000 clocks: every copy of the two packets is
    // refused NO_RECV_BUFFER; A resolves each refused PSN on its path and
    // resends the packet after the back-off (RTO_MIN / 2 = 3,000 clocks),
    // so the pair comes back once per back-off and round trip, no path
    // times out or re-hashes, and nothing is written
    run_pair(&a, &b, 20_000, &mut none, &mut w);
    let rnr = nacks_in(&w.ba).len() as u32;
    assert_eq!(
        nacks_in(&w.ba),
        vec![(NackReason::NoReceiveBuffer, 0); rnr as usize],
        "seed {seed:#x}: B's NACKs before the receive"
    );
    assert!(
        rnr.is_multiple_of(2) && (10..=12).contains(&rnr),
        "seed {seed:#x}: {rnr} NO_RECV_BUFFER NACKs in 20,000 clocks: one pair per back-off"
    );
    assert_eq!(
        (counter(&b, 5), counter(&b, 7)),
        (0, rnr),
        "seed {seed:#x}: RX_PKTS, RX_REFUSED on B: every copy refused"
    );
    let g = a.eng.borrow().glue_counters();
    assert_eq!(
        (g.nack_rx, g.nack_rnr, g.nack_drop),
        (rnr, rnr, 0),
        "seed {seed:#x}: A's NACKs received, NO_RECV_BUFFER, dropped"
    );
    assert_eq!(
        (counter(&a, 1), counter(&a, 2), counter(&a, 3)),
        (rnr - 2, 0, 0),
        "seed {seed:#x}: TX_RETX, TX_TIMEOUTS, TX_REHASHES on A"
    );
    assert_region(seed, &dst, &src_bytes, &[]);
    assert_eq!(completions(&cq_a), [], "seed {seed:#x}: A completed early");

    // the receive: the next back-off's copies land in it, within a
    // back-off and a round trip
    let rwr = RecvWr {
        wr_id: 77,
        sge: dst.sge(640, len + 100),
    };
    qp_b.post_recv(0, &[rwr]).expect("post_recv on B");
    let sent_before = w.ab.len();
    let clocks = run_until_received(&a, &b, 2, 100, &mut w);
    eprintln!("{rnr} NO_RECV_BUFFER NACKs in 20,000 clocks; the SEND landed within {clocks} clocks of its receive");
    assert!(
        clocks <= 5000,
        "seed {seed:#x}: the SEND landed {clocks} clocks after its receive"
    );
    assert_eq!(counter(&b, 5), 2, "seed {seed:#x}: RX_PKTS on B");
    assert_eq!(counter(&a, 2), 0, "seed {seed:#x}: TX_TIMEOUTS on A");
    assert_region(seed, &dst, &src_bytes, &[(640, 100, len as usize)]);
    assert_eq!(
        completions(&cq_a),
        [(1, WcStatus::Success, len)],
        "seed {seed:#x}: A's completions"
    );
    let got_b = cq_b.poll(16).expect("poll B's CQ");
    assert_eq!(
        got_b,
        [WorkCompletion {
            wr_id: 77,
            status: WcStatus::Success,
            opcode: WcOpcode::Recv,
            byte_len: len,
            imm: None,
            qp_num: qp_b.qp_num(),
            stream: 0,
            msn: 0,
        }],
        "seed {seed:#x}: B's completions"
    );
    assert!(
        counter(&a, 1) >= 2,
        "seed {seed:#x}: TX_RETX on A: {}",
        counter(&a, 1)
    );

    // a late copy of one of those packets: a duplicate, nothing written,
    // no NACK
    let nacks_before = nacks_in(&w.ba).len();
    let mut late = vec![w.ab[sent_before].clone()];
    let dups = counter(&b, 6);
    run_pair(&a, &b, 2000, &mut late, &mut w);
    assert_eq!(
        counter(&b, 6),
        dups + 1,
        "seed {seed:#x}: RX_DUPLICATES on B"
    );
    assert_eq!(
        counter(&b, 5),
        2,
        "seed {seed:#x}: RX_PKTS on B after the copy"
    );
    assert_eq!(
        nacks_in(&w.ba).len(),
        nacks_before,
        "seed {seed:#x}: a NACK for the late copy"
    );
    assert_region(seed, &dst, &src_bytes, &[(640, 100, len as usize)]);

    // a receive shorter than its SEND (stream 1): BUFFER_TOO_SMALL, MSN 0
    let rwr = RecvWr {
        wr_id: 78,
        sge: dst.sge(32 << 10, 1000),
    };
    qp_b.post_recv(1, &[rwr]).expect("post_recv on B");
    run_pair(&a, &b, 2000, &mut none, &mut w);
    let nacks_before = nacks_in(&w.ba).len();
    // behind it, a WRITE (stream 0): B places it, but its CSN comes after
    // the refused one, so B's csn_base never passes it
    let write = SendWr {
        wr_id: 3,
        op: SendOp::Write {
            remote_addr: dst.addr() + (48 << 10),
            rkey: dst.rkey(),
        },
        stream: 0,
        sg_list: vec![src.sge(20_000, 200)],
    };
    let stale = a.eng.borrow().glue_counters().retx_stale;
    qp_a.post_send(&[send(2, 1, 9000, 3000), write])
        .expect("post on A");
    run_pair(&a, &b, 3000, &mut none, &mut w);
    assert_eq!(
        nacks_in(&w.ba)[nacks_before..],
        [(NackReason::BufferTooSmall, 0)],
        "seed {seed:#x}: B's NACK for the SEND longer than its receive"
    );
    assert_eq!(
        counter(&b, 5),
        3,
        "seed {seed:#x}: RX_PKTS on B, only the WRITE placed"
    );
    assert_region(
        seed,
        &dst,
        &src_bytes,
        &[(640, 100, len as usize), (48 << 10, 20_000, 200)],
    );
    assert_eq!(
        cq_b.poll(16).expect("poll B's CQ"),
        [],
        "seed {seed:#x}: B completed the refused SEND"
    );
    assert_eq!(
        b.eng.borrow().bad_writes(),
        &[],
        "seed {seed:#x}: B wrote outside host buffers"
    );

    // A: the refused SEND completes with B's reason, the connection fails,
    // the WRITE behind it completes FLUSHED
    assert_eq!(
        completions(&cq_a),
        [
            (2, WcStatus::Remote(NackReason::BufferTooSmall), 3000),
            (3, WcStatus::Flushed, 200)
        ],
        "seed {seed:#x}: A's completions of the refused SEND and the WRITE"
    );
    let g = a.eng.borrow().glue_counters();
    assert_eq!(
        (g.nack_rx, g.nack_rnr, g.nack_fail, g.nack_drop),
        (rnr + 1, rnr, 1, 0),
        "seed {seed:#x}: A's NACK counters (received, NO_RECV_BUFFER, failed, dropped)"
    );
    let fatal =
        w.ba.iter()
            .rev()
            .find(|f| {
                matches!(
                    parse_frame(f).expect("B's frames parse").repr.braid.body,
                    Body::Nack(n) if n.reason == NackReason::BufferTooSmall
                )
            })
            .expect("B's BUFFER_TOO_SMALL NACK")
            .clone();
    // the driver saw the error: posting on the queue pair says so; the
    // refused packet's path timer fires, but its retransmission is
    // dropped: nothing more leaves A
    let e = qp_a
        .post_send(&[send(4, 0, 0, 100)])
        .expect_err("a post on a failed queue pair");
    assert!(e.to_string().contains("error state"), "seed {seed:#x}: {e}");
    let sent = w.ab.len();
    run_pair(&a, &b, 40_000, &mut none, &mut w);
    a.eng.borrow_mut().run(2000);
    assert_eq!(
        w.ab.len(),
        sent,
        "seed {seed:#x}: A sent frames on its failed connection"
    );
    let g = a.eng.borrow().glue_counters();
    assert!(
        g.retx_stale > stale,
        "seed {seed:#x}: no retransmission of the failed connection dropped ({} -> {})",
        stale,
        g.retx_stale
    );
    // a copy of the fatal NACK: the connection is no longer valid
    a.eng.borrow_mut().push_rx_frame(&fatal);
    a.eng.borrow_mut().run(200);
    let g = a.eng.borrow().glue_counters();
    assert_eq!(
        (g.nack_rx, g.nack_fail, g.nack_drop),
        (rnr + 2, 1, 1),
        "seed {seed:#x}: A's NACK counters after a copy of the fatal NACK"
    );
    assert_eq!(completions(&cq_a), [], "seed {seed:#x}: A completed more");
    drop(qp_a);
    drop(qp_b);
}

/// How the fabric between the engines misbehaves.
#[derive(Clone, Copy, Debug)]
enum Trouble {
    /// Each frame (data and ACK) dropped once with this probability on its
    /// way (the protocol's "loss p").
    Loss(f64),
    /// Two of leaf 0's four spine links fail for good after `at` clocks;
    /// the switches route around them after 10 us.
    LinkFailure { at: u64 },
}

/// WRITEs, WRITE_WITH_IMMs, SENDs and SEND_WITH_IMMs from 0 bytes to 3 MiB
/// from A to B through the fabric simulator
/// (two leaves, four spines, 400 Gb/s, 500 ns links; A's four paths spread
/// over the spines by their UDP source ports) with `trouble`: B's region
/// ends byte for byte equal to what A wrote (at the WRITEs' addresses and
/// in the receive buffers B posted for the SENDs) and 0 elsewhere, A
/// completes every message SUCCESS in posting order, B completes the
/// WRITE_WITH_IMMs and the SENDs (with their receives' wr_ids) in MSN
/// order per stream, every data frame the fabric lost was sent again, and
/// no DMA write of B left a registered region. `ack_coalesce` is B's
/// `TIMER_CFG.ack_coalesce` (1, its reset value: every packet
/// acknowledged).
fn messages_over_the_fabric(seed: u64, trouble: Trouble, ack_coalesce: u32) {
    use braid_cosim::wire::FabricWire;
    use braid_net::fabric::{FabricConfig, LinkFailure};
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    // WRITEs (W), WRITE_WITH_IMMs (WI), SENDs (S) and SEND_WITH_IMMs (SI),
    // streams taking turns; B completes all but the WRITEs, in MSN order
    // per stream
    #[derive(Clone, Copy, PartialEq)]
    enum K {
        W,
        WI,
        S,
        SI,
    }
    use K::*;
    let msgs = [
        (1u32, W),
        (4095, WI),
        (4097, S),
        (65_539, W),
        ((1 << 20) + 7, SI),
        (3 << 20, W),
        (777, WI),
        (1, S),
        (0, WI),
        ((2 << 20) + 5, S),
        (70_001, SI),
        (0, SI),
    ];
    let lens: Vec<u32> = msgs.iter().map(|m| m.0).collect();
    let kind = |i: usize| msgs[i].1;
    let imm = |i: usize| 0xc0de_0000 | i as u32;
    // each receive buffer is 64 bytes longer than its SEND
    let slack = 64u32;
    // each message at a 64-byte-unaligned place of its own
    let mut at = Vec::new();
    let mut off = 0usize;
    for &len in &lens {
        at.push(off + 13);
        off += (len as usize + 13).next_multiple_of(4096);
    }
    let Pair {
        a,
        b,
        mut qp_a,
        mut qp_b,
        src,
        src_bytes,
        dst,
        cq_a,
        cq_b,
        _pd,
    } = pair(&mut rng, off + 4096);
    if ack_coalesce != 1 {
        b.set_ack_coalesce(ack_coalesce).expect("TIMER_CFG");
    }
    // B's receives, one per SEND, in the SENDs' order on each stream (a
    // SEND lands at the start of its buffer, a WRITE 3 bytes in)
    for (i, &(len, k)) in msgs.iter().enumerate() {
        if k == S || k == SI {
            let rwr = RecvWr {
                wr_id: 900 + i as u64,
                sge: dst.sge(at[i] as u64, len + slack),
            };
            qp_b.post_recv((i % 2) as u8, &[rwr])
                .expect("post_recv on B");
        }
    }
    let wrs: Vec<SendWr> = lens
        .iter()
        .enumerate()
        .map(|(i, &len)| {
            let remote_addr = dst.addr() + at[i] as u64 + 3;
            let rkey = dst.rkey();
            SendWr {
                wr_id: 500 + i as u64,
                op: match kind(i) {
                    W => SendOp::Write { remote_addr, rkey },
                    WI => SendOp::WriteWithImm {
                        remote_addr,
                        rkey,
                        imm: imm(i),
                    },
                    S => SendOp::Send,
                    SI => SendOp::SendWithImm { imm: imm(i) },
                },
                stream: (i % 2) as u8,
                sg_list: vec![src.sge(at[i] as u64, len)],
            }
        })
        .collect();
    qp_a.post_send(&wrs).expect("post on A");
    // (a zero-length message is one packet)
    let want_pkts: u32 = lens.iter().map(|l| l.div_ceil(4096).max(1)).sum();
    // B's completions: the WRITE_WITH_IMMs (no receive, wr_id 0) and the
    // SENDs (their receive's wr_id), in MSN order per stream (the MSN
    // counts every message of the stream)
    let want_b: Vec<WorkCompletion> = lens
        .iter()
        .enumerate()
        .filter(|&(i, _)| kind(i) != W)
        .map(|(i, &len)| WorkCompletion {
            wr_id: if kind(i) == WI { 0 } else { 900 + i as u64 },
            status: WcStatus::Success,
            opcode: if kind(i) == WI {
                WcOpcode::RecvRdmaWithImm
            } else {
                WcOpcode::Recv
            },
            byte_len: len,
            imm: (kind(i) != S).then(|| imm(i)),
            qp_num: qp_b.qp_num(),
            stream: (i % 2) as u8,
            msn: i as u32 / 2,
        })
        .collect();

    let mut cfg = FabricConfig::leaf_spine(2);
    cfg.hosts_per_leaf = 1;
    cfg.seed = seed;
    match trouble {
        Trouble::Loss(p) => cfg.e2e_loss = p,
        Trouble::LinkFailure { at } => {
            for spine in [1, 2] {
                cfg.failures.push(LinkFailure {
                    plane: 0,
                    leaf: 0,
                    spine,
                    down: braid_cosim::wire::clock_ps(at),
                    up: u64::MAX,
                });
            }
        }
    }
    let mut wire = FabricWire::new(cfg, a.eng.clone(), b.eng.clone());
    let mut done = Vec::new();
    let mut done_b = Vec::new();
    // (clock, TX_TIMEOUTS) whenever it moved: printed below
    let mut timeouts_at = Vec::new();
    // (each driver call clocks A alone, and the wire then lets B catch up:
    // one poll and one register read per 1,000 clocks)
    for _ in 0..2000 {
        wire.run(1000);
        done.extend(
            cq_a.poll(16)
                .expect("poll A's CQ")
                .iter()
                .map(|c| (c.wr_id, c.status, c.byte_len)),
        );
        done_b.extend(cq_b.poll(16).expect("poll B's CQ"));
        let t = counter(&a, 2);
        if timeouts_at.last().map_or(t > 0, |&(_, n)| n != t) {
            timeouts_at.push((wire.clocks(), t));
        }
        if done.len() == lens.len() && done_b.len() >= want_b.len() {
            break;
        }
    }
    wire.run(5000);
    done.extend(completions(&cq_a));
    done_b.extend(cq_b.poll(16).expect("poll B's CQ"));
    let c = wire.counts();
    let st = wire.fab.stats();
    eprintln!(
        "seed {seed:#x} {trouble:?}: {} clocks; A sent {} frames ({} retransmissions, {} timeouts), {} reached B; B sent {} ACKs, {} reached A; fabric drops {:?}; B: {} packets placed, {} duplicates; A: {:?}",
        wire.clocks(),
        c.sent[0],
        counter(&a, 1),
        counter(&a, 2),
        c.delivered[0],
        c.sent[1],
        c.delivered[1],
        st.drops,
        counter(&b, 5),
        counter(&b, 6),
        a.eng.borrow().glue_counters()
    );
    eprintln!(
        "seed {seed:#x}: timeouts (clock, count) {timeouts_at:?}; most beats waiting at a MAC receive port (A, B): {:?}",
        c.max_rx_backlog
    );
    let want_done: Vec<(u64, WcStatus, u32)> = lens
        .iter()
        .enumerate()
        .map(|(i, &len)| (500 + i as u64, WcStatus::Success, len))
        .collect();
    assert_eq!(done, want_done, "seed {seed:#x}: A's completions");
    for s in 0..2 {
        let per_stream = |v: &[WorkCompletion]| -> Vec<WorkCompletion> {
            v.iter().filter(|c| c.stream == s).copied().collect()
        };
        assert_eq!(
            per_stream(&done_b),
            per_stream(&want_b),
            "seed {seed:#x}: B's completions on stream {s}"
        );
    }
    assert_eq!(
        done_b.len(),
        want_b.len(),
        "seed {seed:#x}: B's completions: {done_b:?}"
    );
    assert_eq!(
        counter(&b, 10),
        lens.len() as u32,
        "seed {seed:#x}: RX_MSGS on B (WRITEs included)"
    );
    let writes: Vec<(usize, usize, usize)> = lens
        .iter()
        .enumerate()
        .map(|(i, &len)| match kind(i) {
            W | WI => (at[i] + 3, at[i], len as usize),
            S | SI => (at[i], at[i], len as usize),
        })
        .collect();
    assert_region(seed, &dst, &src_bytes, &writes);
    assert_eq!(
        b.eng.borrow().bad_writes(),
        &[],
        "B wrote outside host buffers"
    );
    assert_eq!(counter(&b, 5), want_pkts, "seed {seed:#x}: RX_PKTS on B");
    // every frame of A is a packet once or a retransmission
    assert_eq!(
        c.sent[0],
        (want_pkts + counter(&a, 1)) as u64,
        "seed {seed:#x}: A's frames = packets + TX_RETX"
    );
    let lost_a = c.sent[0] - c.delivered[0];
    assert!(
        counter(&a, 1) as u64 >= lost_a,
        "seed {seed:#x}: {lost_a} of A's frames lost, {} retransmitted",
        counter(&a, 1)
    );
    match trouble {
        Trouble::Loss(p) if p > 0.0 => assert!(lost_a > 0, "seed {seed:#x}: nothing lost"),
        Trouble::Loss(_) => assert_eq!(
            (lost_a, counter(&a, 1), counter(&a, 2)),
            (0, 0, 0),
            "seed {seed:#x}: no loss: no retransmission, no timeout"
        ),
        Trouble::LinkFailure { .. } => assert!(
            st.drops.link_down > 0,
            "seed {seed:#x}: the failed links carried nothing"
        ),
    }
    drop(qp_a);
    drop(qp_b);
}

#[test]
fn messages_over_the_fabric_without_loss() {
    messages_over_the_fabric(0xfab0, Trouble::Loss(0.0), 1);
}

#[test]
fn messages_over_the_fabric_at_1_percent_loss() {
    messages_over_the_fabric(0xfab1, Trouble::Loss(0.01), 1);
}

#[test]
fn messages_over_the_fabric_at_10_percent_loss() {
    messages_over_the_fabric(0xfab2, Trouble::Loss(0.10), 1);
}

#[test]
fn messages_over_the_fabric_through_a_link_failure() {
    messages_over_the_fabric(0xfab3, Trouble::LinkFailure { at: 20_000 }, 1);
}

/// The same at 1% loss with B acknowledging a path at its 8th packet or by
/// the ACK coalescing timer: lost ACKs and data leave paths quiet below the
/// threshold, and the timer's reads acknowledge them.
#[test]
fn messages_over_the_fabric_at_1_percent_loss_with_ack_coalescing() {
    messages_over_the_fabric(0xfab4, Trouble::Loss(0.01), 8);
}
