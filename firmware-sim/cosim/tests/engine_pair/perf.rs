//! The perftest loops on the Verilated engines and the rate hint.

use super::*;

/// `braid-sim write-bw` on the Verilated engines (`bench::rtl::write_bw`):
/// 64 WRITEs of 64 KiB at 1% loss through the fabric, driven only through
/// the verbs API; every WRITE completes, B's region holds A's source (the
/// function checks it), and both engines' counters add up. Bad arguments
/// are refused with the argument's name.
#[test]
fn write_bw_on_the_verilated_engines() {
    use braid_cosim::bench::{write_bw, WRITE_BW_MAX_DEPTH};
    let seed = 0x3b3b;
    let (size, iters) = (65_536u32, 64u32);
    let r = write_bw(size, iters, 16, 0.01, seed).expect("write_bw at 1% loss");
    eprintln!(
        "seed {seed:#x}: {} bytes in {} clocks: {:.2} Gb/s, {} retransmissions, {} timeouts",
        r.bytes, r.clocks, r.gbps, r.retransmits, r.timeouts
    );
    let get = |c: &braid_driver::Counters, name: &str| c.get(name).expect("counter") as u64;
    let (a, b) = &r.counters;
    let bytes = size as u64 * iters as u64;
    assert_eq!(r.bytes, bytes);
    assert_eq!(
        get(a, "TX_MSGS"),
        iters as u64,
        "seed {seed:#x}: TX_MSGS on A"
    );
    assert_eq!(
        get(b, "RX_MSGS"),
        iters as u64,
        "seed {seed:#x}: RX_MSGS on B"
    );
    assert_eq!(
        get(b, "RX_PKTS"),
        bytes / 4096,
        "seed {seed:#x}: RX_PKTS on B"
    );
    assert_eq!(b.rx_bytes(), bytes, "seed {seed:#x}: RX_BYTES on B");
    assert_eq!(
        get(a, "TX_PKTS"),
        bytes / 4096 + r.retransmits,
        "seed {seed:#x}: A's packets: each once, plus retransmissions"
    );
    assert!(r.retransmits > 0, "seed {seed:#x}: nothing lost at 1%");
    for (args, what) in [
        ((0, 1, 1, 0.0), "--size 0"),
        ((4096, 1, WRITE_BW_MAX_DEPTH + 1, 0.0), "--tx-depth 33"),
        ((4096, 1, 0, 0.0), "--tx-depth 0"),
        ((4096, 0, 1, 0.0), "--iters"),
        ((4096, 1, 1, 1.0), "--loss 1"),
    ] {
        let e = write_bw(args.0, args.1, args.2, args.3, seed)
            .expect_err(what)
            .to_string();
        assert!(e.contains(what), "{what}: {e}");
    }
}

/// perftest's `write_lat` on the Verilated engines: a ping-pong of
/// two-packet WRITE_WITH_IMMs at 10% loss, each side answering its
/// completion, both buffers checked byte for byte inside `write_lat`.
#[test]
fn write_lat_on_the_verilated_engines() {
    use braid_cosim::bench::write_lat;
    let seed = 0x1a7;
    let (size, iters) = (6000u32, 24u32);
    let r = write_lat(size, iters, 0.10, seed).expect("write_lat at 10% loss");
    eprintln!("seed {seed:#x}:\n{r}");
    let s = &r.stats;
    assert_eq!(s.n, iters as usize, "seed {seed:#x}");
    // each way crosses 4 links of 500 ns, plus 2 packets of 4,096 and
    // 1,904 bytes at 64 bytes per 3.33 ns clock
    assert!(s.min >= 2_000_000.0, "seed {seed:#x}: {r}");
    assert!(s.min <= s.typical && s.typical <= s.p99 && s.p99 <= s.max);
    assert!(s.min <= s.avg && s.avg <= s.max);
    // 2 x 24 messages of 2 packets at 10% loss: some packet was lost, and
    // its round trip waited for the retransmission
    assert!(r.retransmits.0 + r.retransmits.1 > 0, "seed {seed:#x}: {r}");
    assert!(s.max > s.typical, "seed {seed:#x}: {r}");
    for (args, what) in [
        ((0, 1, 0.0), "--size 0"),
        ((8, 0, 0.0), "--iters"),
        ((8, 1, 1.0), "--loss 1"),
    ] {
        let e = write_lat(args.0, args.1, args.2, seed)
            .expect_err(what)
            .to_string();
        assert!(e.contains(what), "{what}: {e}");
    }
}

/// The rate hints in B's ACKs, in order.
fn hints_in(frames: &[Vec<u8>]) -> Vec<u16> {
    frames
        .iter()
        .filter_map(
            |f| match parse_frame(f).expect("B's frame parses").repr.braid.body {
                Body::Ack(a) => Some(a.rate_hint),
                _ => None,
            },
        )
        .collect()
}

/// Clock the pair 100 clocks at a time until B has received `want` data
/// packets (at most `limit` clocks); returns the clock (of A, from its
/// power-up) at which each of A's frames of this run left, in 100-clock
/// steps.
fn run_timed(a: &Side, b: &Side, want: u32, limit: u64, w: &mut Wires) -> Vec<u64> {
    let mut none = Vec::new();
    let mut at = Vec::new();
    for _ in 0..limit / 100 {
        let n = run_pair(a, b, 100, &mut none, w);
        let now = a.eng.borrow().cycles();
        at.extend(std::iter::repeat_n(now, n));
        if counter(b, 5) >= want {
            break;
        }
    }
    run_pair(a, b, 3000, &mut none, w);
    a.eng.borrow_mut().run(2000);
    at
}

/// The receiver's rate hint, both sides (protocol mechanism 5): B divides
/// its port's rate (`TX_CFG.port_hint`) among its senders and every ACK
/// carries the share; A's sprayer paces the connection at the hint. With
/// B's port at 50 hint units (5 Gb/s) and one sender, A's packets leave
/// one per (4,096 + 96) x 8 / 5 Gb/s = 2,012.16 clocks at 300 MHz; with
/// B's port back at 1,000 units (A's own port rate) A is not paced.
#[test]
fn the_receivers_rate_hint_paces_the_sender() {
    let seed = 0x4a7e_u64;
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
    let tx_cfg = regs::by_name("TX_CFG").expect("TX_CFG").offset;
    let port = |s: &Side, hint: u32| {
        let v = regs::set(&regs::TX_CFG_PORT_HINT, regs::CFG_TX, hint);
        s.ctx
            .with_backend(|be| be.write32(tx_cfg, v))
            .expect("TX_CFG");
    };
    let rx_hint = |s: &Side| {
        let v = s.reg("RX_HINT").expect("RX_HINT");
        (
            regs::get(&regs::RX_HINT_HINT, v),
            regs::get(&regs::RX_HINT_SENDERS, v),
        )
    };
    let len = 128u32 << 10;
    let write = |i: u64| SendWr {
        wr_id: 300 + i,
        op: SendOp::Write {
            remote_addr: dst.addr() + i * len as u64,
            rkey: dst.rkey(),
        },
        stream: 0,
        sg_list: vec![src.sge(i * len as u64, len)],
    };
    // one packet first, so that A holds B's hint before the measured WRITE
    let warm = SendWr {
        wr_id: 299,
        op: SendOp::Write {
            remote_addr: dst.addr(),
            rkey: dst.rkey(),
        },
        stream: 0,
        sg_list: vec![src.sge(0, 4096)],
    };
    let pkts = len / 4096;
    // the unlimited share: B's port rate, one sender (its set-up)
    assert_eq!(
        rx_hint(&b),
        (1000, 1),
        "seed {seed:#x}: B's RX_HINT after open"
    );

    // phase 1: B's port at 50 units; a few hint rounds before the WRITE
    port(&b, 50);
    let mut w = Wires::default();
    run_pair(&a, &b, 1000, &mut Vec::new(), &mut w);
    assert_eq!(
        rx_hint(&b),
        (50, 1),
        "seed {seed:#x}: B's RX_HINT at 50 units"
    );
    qp_a.post_send(std::slice::from_ref(&warm))
        .expect("post on A");
    run_timed(&a, &b, 1, 20_000, &mut w);
    qp_a.post_send(&[write(0)]).expect("post on A");
    let at = run_timed(&a, &b, 1 + pkts, 200_000, &mut w);
    assert_eq!(at.len() as u32, pkts, "seed {seed:#x}: A's frames, phase 1");
    let hints = hints_in(&w.ba);
    assert!(
        hints.len() as u32 > pkts && hints.iter().all(|&h| h == 50),
        "seed {seed:#x}: B's ACKs carry 50: {hints:?}"
    );
    // the pacer holds every packet: the second leaves half a packet early
    // (an idle connection's pacer is at most half a packet behind now),
    // then mean spacing 2,012.16 clocks (100-clock steps over 30 gaps:
    // within 0.2%), never two in one step
    let mean = (at[pkts as usize - 1] - at[1]) as f64 / (pkts - 2) as f64;
    eprintln!(
        "seed {seed:#x}: paced at 50 units: mean spacing {mean:.1} clocks (expect 2012.2), first frames at {:?}",
        &at[..4]
    );
    assert!(
        (mean - 2012.16).abs() < 0.01 * 2012.16,
        "seed {seed:#x}: mean spacing {mean:.1} clocks at a 5 Gb/s hint"
    );
    assert!(
        at.windows(2).all(|p| p[1] > p[0]),
        "seed {seed:#x}: two paced packets left in one 100-clock step: {at:?}"
    );
    assert_eq!(
        completions(&cq_a),
        [
            (299, WcStatus::Success, 4096),
            (300, WcStatus::Success, len)
        ]
    );

    // phase 2: B's port back at A's rate: its ACKs say 1,000 and A's
    // sprayer stops pacing
    port(&b, 1000);
    let n1 = w.ba.len();
    run_pair(&a, &b, 1000, &mut Vec::new(), &mut w);
    assert_eq!(
        rx_hint(&b),
        (1000, 1),
        "seed {seed:#x}: B's RX_HINT at 1,000"
    );
    qp_a.post_send(&[warm]).expect("post on A");
    run_timed(&a, &b, 2 + pkts, 20_000, &mut w);
    qp_a.post_send(&[write(1)]).expect("post on A");
    let at2 = run_timed(&a, &b, 2 + 2 * pkts, 200_000, &mut w);
    assert_eq!(
        at2.len() as u32,
        pkts,
        "seed {seed:#x}: A's frames, phase 2"
    );
    let hints = hints_in(&w.ba[n1..]);
    assert!(
        hints.len() as u32 >= pkts && hints.iter().all(|&h| h == 1000),
        "seed {seed:#x}: B's ACKs carry 1,000: {hints:?}"
    );
    // unpaced, a 4 KiB packet takes about 66 clocks on the 512-bit path
    let span = at2[pkts as usize - 1] - at2[0];
    eprintln!("seed {seed:#x}: not paced: {pkts} packets in {span} clocks");
    assert!(
        span < 4000,
        "seed {seed:#x}: {pkts} unpaced packets took {span} clocks"
    );
    assert_eq!(
        completions(&cq_a),
        [
            (299, WcStatus::Success, 4096),
            (301, WcStatus::Success, len)
        ]
    );
    assert_region(seed, &dst, &src_bytes, &[(0, 0, 2 * len as usize)]);
    assert_acks_accepted(seed, &a, &w);
    assert_eq!(counter(&b, 11), 0, "seed {seed:#x}: RX_HINT_CUTS on B");
    assert_eq!(counter(&a, 1), 0, "seed {seed:#x}: TX_RETX on A");
    drop(qp_a);
    drop(qp_b);
}
