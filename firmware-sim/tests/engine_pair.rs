//! Two Verilated engine tops (`braid_engine_tiny`), each under its own
//! unmodified braid-driver, wired MAC to MAC: engine A's frames are fed to
//! engine B's receive port. RDMA WRITEs posted on A are placed by B into
//! B's registered region, byte for byte, and nowhere else (receive
//! parsing, connection lookup, region check, DMA placement, the CSN dedup
//! window, per-path SACK state and ACK generation). B's ACKs go back to A; their base PSN, bitvector, CSN base
//! and timestamp echo are checked against the frames A sent. Bad input
//! into B (random bytes, a truncated frame, a wrong rkey, an address past
//! the region's end, a duplicate) is dropped and counted and writes
//! nothing; the refused WRITEs are answered with NACKs carrying their
//! reason; B keeps placing good traffic. A takes B's ACKs: its WRITEs complete SUCCESS in posting order, and a path's
//! window stops it at `CC_CWND_INIT` packets in flight until ACKs return.

use braid_driver::verbs::*;
use braid_driver::Backend;
use braid_sim::cosim::engine::{EngineBackend, GlueCounters};
use braid_sim::cosim::pair::{EnginePair, Side, IP_A, IP_B, MAC_A, MAC_B};
use braid_sim::model::rx_parser;
use braid_spec::error::rx_drop as rd;
use braid_spec::regs;
use braid_spec::wire::braid::{Body, Flags, NackReason};
use braid_spec::wire::frame::parse_frame;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeMap;

fn counter(s: &Side, i: usize) -> u32 {
    s.ctx
        .with_backend(|b| b.read32(regs::COUNTERS[i].offset))
        .expect("counter")
}

fn reg(s: &Side, name: &str) -> u32 {
    s.reg(name).unwrap_or_else(|e| panic!("{name}: {e:#}"))
}

/// BAR0's counters of the engine's own events are its `cnt_*` ports, each
/// at the register braid-spec names for it (read while the engine is
/// quiet: the ports are read again after the registers).
fn assert_bar0_counters(seed: u64, s: &Side) {
    let before = s.eng.borrow().glue_counters();
    let bar0 = GlueCounters {
        db_dropped: reg(s, "DB_DROPPED"),
        db_bad_cq: reg(s, "DB_BAD_CQ"),
        glue_overflow: reg(s, "GLUE_OVERFLOW"),
        tx_no_conn: reg(s, "TX_NO_CONN"),
        pl_err: reg(s, "TX_PAYLOAD_ERR"),
        rx_bad: reg(s, "RX_BAD"),
        rx_gate: reg(s, "RX_GATE"),
        rx_dup: reg(s, "RX_DUPLICATES"),
        rx_oow: reg(s, "RX_OUT_OF_WINDOW"),
        ack_tx: reg(s, "ACK_TX"),
        nack_tx: reg(s, "NACK_TX"),
        ack_rx: reg(s, "ACK_RX"),
        ack_rej: reg(s, "ACK_REJECTED"),
        ack_bad: reg(s, "ACK_BAD_PATH"),
        retx_stale: reg(s, "RETX_STALE"),
        nack_rx: reg(s, "NACK_RX"),
        nack_rnr: reg(s, "NACK_RNR"),
        nack_fail: reg(s, "NACK_FAIL"),
        nack_drop: reg(s, "NACK_DROP"),
    };
    assert_eq!(
        s.eng.borrow().glue_counters(),
        before,
        "seed {seed:#x}: the engine was not quiet"
    );
    assert_eq!(bar0, before, "seed {seed:#x}: BAR0 counters vs cnt_* ports");
}

/// The parser's drop counter of each reason code of
/// `braid_spec::error::rx_drop` (1..): register and code, in code order.
const RX_DROP_REGS: [(&str, u8); 15] = [
    ("RX_DROP_TRUNCATED", rd::TRUNCATED),
    ("RX_DROP_NOT_IP", rd::NOT_IP),
    ("RX_DROP_IP_HEADER", rd::BAD_IP_HEADER),
    ("RX_DROP_IP_CHECKSUM", rd::IP_CHECKSUM),
    ("RX_DROP_FRAGMENT", rd::FRAGMENT),
    ("RX_DROP_NOT_UDP", rd::NOT_UDP),
    ("RX_DROP_IP_LENGTH", rd::IP_LENGTH),
    ("RX_DROP_PORT", rd::WRONG_PORT),
    ("RX_DROP_UDP_LENGTH", rd::UDP_LENGTH),
    ("RX_DROP_UDP_CHECKSUM", rd::UDP_CHECKSUM),
    ("RX_DROP_VERSION", rd::BRAID_VERSION),
    ("RX_DROP_OPCODE", rd::BAD_OPCODE),
    ("RX_DROP_HDR_WORDS", rd::HDR_WORDS),
    ("RX_DROP_PAYLOAD_LEN", rd::PAYLOAD_LENGTH),
    ("RX_DROP_CTRL_PAYLOAD", rd::CONTROL_PAYLOAD),
];

/// Add the reason the reference parser gives each of `frames` (each must
/// be dropped) to `tally` (by reason code).
fn tally_drops(seed: u64, frames: &[Vec<u8>], tally: &mut [u32; rd::COUNT]) {
    for f in frames {
        match rx_parser::parse(f, braid_spec::BRAID_UDP_PORT) {
            Err(r) => tally[r as usize] += 1,
            Ok(_) => panic!("seed {seed:#x}: a bad frame parses: {f:02x?}"),
        }
    }
}

/// B's `RX_DROP_*` counters hold `tally` (by reason code) and `RX_BAD`
/// their sum.
fn assert_drop_counts(seed: u64, s: &Side, tally: &[u32; rd::COUNT]) {
    let got: Vec<(&str, u32)> = RX_DROP_REGS.iter().map(|&(n, _)| (n, reg(s, n))).collect();
    let want: Vec<(&str, u32)> = RX_DROP_REGS
        .iter()
        .map(|&(n, code)| (n, tally[code as usize]))
        .collect();
    assert_eq!(got, want, "seed {seed:#x}: drops by reason");
    let nonzero: Vec<String> = got
        .iter()
        .filter(|(_, v)| *v != 0)
        .map(|(n, v)| format!("{n} {v}"))
        .collect();
    eprintln!("seed {seed:#x}: dropped by reason: {}", nonzero.join(", "));
    assert_eq!(
        reg(s, "RX_BAD"),
        tally.iter().sum::<u32>(),
        "seed {seed:#x}: RX_BAD is the sum of the reasons"
    );
}

/// `f`'s path.
fn path_of(f: &[u8]) -> u8 {
    parse_frame(f)
        .expect("A's frames parse")
        .repr
        .braid
        .base
        .path_id
}

/// A and B, each with one queue pair (2 streams, 4 paths) connected to the
/// other: A's source region of `len` random bytes (LOCAL_WRITE), B's target
/// region of `len` zero bytes (REMOTE_WRITE). Fields drop in order: the
/// queue pairs before the regions, CQs and protection domains.
struct Pair {
    a: Side,
    b: Side,
    qp_a: QueuePair<EngineBackend>,
    qp_b: QueuePair<EngineBackend>,
    src: MemoryRegion<EngineBackend>,
    src_bytes: Vec<u8>,
    dst: MemoryRegion<EngineBackend>,
    cq_a: CompletionQueue<EngineBackend>,
    cq_b: CompletionQueue<EngineBackend>,
    _pd: [ProtectionDomain<EngineBackend>; 2],
}

fn pair(rng: &mut ChaCha8Rng, len: usize) -> Pair {
    let init = QpInit {
        sq_entries: 16,
        rq_entries: 16,
        streams: 2,
        paths: 4,
    };
    let p = EnginePair::open(init, len).expect("two engines with connected queue pairs");
    let src_bytes: Vec<u8> = (0..p.src.len()).map(|_| rng.gen()).collect();
    p.src.write(0, &src_bytes).expect("fill A's region");
    Pair {
        a: p.a,
        b: p.b,
        qp_a: p.qp_a,
        qp_b: p.qp_b,
        src: p.src,
        src_bytes,
        dst: p.dst,
        cq_a: p.cq_a,
        cq_b: p.cq_b,
        _pd: [p.pd_a, p.pd_b],
    }
}

/// Decides whether the wire loses a frame (true: lost).
type Loss = Box<dyn FnMut(&[u8]) -> bool>;

/// Frames seen on the two wires.
#[derive(Default)]
struct Wires {
    /// A to B (A's data frames).
    ab: Vec<Vec<u8>>,
    /// B to A (B's ACKs and NACKs).
    ba: Vec<Vec<u8>>,
    /// Hold B's frames back from A (they wait in `held`).
    hold: bool,
    /// B's frames not yet given to A.
    held: Vec<Vec<u8>>,
    /// Frames of A that the wire loses (true: dropped; kept in `ab`).
    lose_ab: Option<Loss>,
    /// Frames of B that the wire loses (true: dropped; kept in `ba`).
    lose_ba: Option<Loss>,
    /// Frames lost on each wire.
    lost_ab: usize,
    lost_ba: usize,
}

/// Clock both engines `n` times, A's frames into B and B's into A (copies
/// kept in `w`, lost ones too); `extra` frames go to B first. Returns A's
/// frames sent.
fn run_pair(a: &Side, b: &Side, n: u64, extra: &mut Vec<Vec<u8>>, w: &mut Wires) -> usize {
    let mut moved = 0;
    for _ in 0..n / 100 {
        // driver calls clock one engine alone: the one behind catches up
        // first, so that the engines' ticks differ by a fixed offset, as
        // between two free-running engines (the rate hint's one-way delays
        // rely on it: a drifting offset looks like a queue)
        let (ca, cb) = (a.eng.borrow().cycles(), b.eng.borrow().cycles());
        if ca < cb {
            a.eng.borrow_mut().run(cb - ca);
        } else {
            b.eng.borrow_mut().run(ca - cb);
        }
        a.eng.borrow_mut().run(100);
        let fa: Vec<Vec<u8>> = a.eng.borrow_mut().tx().frames.drain(..).collect();
        let fb: Vec<Vec<u8>> = {
            let mut eb = b.eng.borrow_mut();
            for f in extra.drain(..) {
                eb.push_rx_frame(&f);
            }
            for f in &fa {
                if w.lose_ab.as_mut().is_some_and(|l| l(f)) {
                    w.lost_ab += 1;
                } else {
                    eb.push_rx_frame(f);
                }
            }
            eb.run(100);
            eb.tx().frames.drain(..).collect()
        };
        let mut ea = a.eng.borrow_mut();
        for f in &fb {
            if w.lose_ba.as_mut().is_some_and(|l| l(f)) {
                w.lost_ba += 1;
            } else {
                w.held.push(f.clone());
            }
        }
        if !w.hold {
            for f in w.held.drain(..) {
                ea.push_rx_frame(&f);
            }
        }
        moved += fa.len();
        w.ab.extend(fa);
        w.ba.extend(fb);
    }
    moved
}

/// Clock the pair in steps of 1,000 clocks until B has received `want`
/// packets (at most `steps` steps), then 3,000 clocks more for the last
/// ACKs and 2,000 on A alone for its completions. Returns the clocks of
/// the steps.
fn run_until_received(a: &Side, b: &Side, want: u32, steps: usize, w: &mut Wires) -> u64 {
    let mut none = Vec::new();
    let mut clocks = 0;
    for _ in 0..steps {
        run_pair(a, b, 1000, &mut none, w);
        clocks += 1000;
        if counter(b, 5) >= want {
            break;
        }
    }
    run_pair(a, b, 3000, &mut none, w);
    a.eng.borrow_mut().run(2000);
    clocks
}

/// A's completions as (work request id, status, byte length), from 50 polls.
fn completions(cq: &CompletionQueue<EngineBackend>) -> Vec<(u64, WcStatus, u32)> {
    let mut done = Vec::new();
    for _ in 0..50 {
        done.extend(cq.poll(16).expect("poll A's CQ"));
    }
    done.iter()
        .map(|c| (c.wr_id, c.status, c.byte_len))
        .collect()
}

/// B's region holds the `writes` (destination offset, source offset,
/// length) of A's source bytes, and 0 everywhere else.
fn assert_region(
    seed: u64,
    dst: &MemoryRegion<EngineBackend>,
    src_bytes: &[u8],
    writes: &[(usize, usize, usize)],
) {
    let mut got = vec![0u8; dst.len()];
    dst.read(0, &mut got).expect("read B's region");
    let mut want = vec![0u8; dst.len()];
    for &(to, from, n) in writes {
        want[to..to + n].copy_from_slice(&src_bytes[from..from + n]);
    }
    let diff = got.iter().zip(&want).position(|(g, w)| g != w);
    assert_eq!(
        diff, None,
        "seed {seed:#x}: B's region differs at this offset"
    );
}

/// A accepted every ACK of B that reached it, and dropped no
/// retransmission as stale.
fn assert_acks_accepted(seed: u64, a: &Side, w: &Wires) {
    assert_eq!(
        a.eng.borrow().glue_counters(),
        GlueCounters {
            ack_rx: (w.ba.len() - w.lost_ba) as u32,
            ..GlueCounters::default()
        },
        "seed {seed:#x}: A: every ACK that arrived accepted, no stale retransmission"
    );
}

/// What B's last ACK of a path must say.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Expect {
    /// The next PSN of the path (every PSN before it received).
    base_psn: u32,
    /// The timestamp of the path's last packet.
    ts_echo: u32,
    /// The CSN dedup base just after that packet: the first CSN not
    /// received among the frames up to it.
    csn_base: u32,
}

/// What A's data frames, delivered in order, imply for B's last ACK of
/// each path (by path id), and the CSN base after all of them. CSNs start
/// at 0.
fn expected_acks(ab: &[Vec<u8>]) -> (BTreeMap<u8, Expect>, u32) {
    let mut per_path = BTreeMap::new();
    let mut got = std::collections::BTreeSet::new();
    let mut csn_base = 0u32;
    for f in ab {
        let b = parse_frame(f).expect("A's frames parse").repr.braid.base;
        got.insert(b.csn);
        while got.contains(&csn_base) {
            csn_base += 1;
        }
        let e = Expect {
            base_psn: b.path_psn.wrapping_add(1),
            ts_echo: b.timestamp,
            csn_base,
        };
        per_path.insert(b.path_id, e);
    }
    (per_path, csn_base)
}

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
/// The path of A whose statistics the loss test checks.
const LOSSY_PATH: u32 = 0;

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

/// Tail loss (stage 4c): the wire loses the LAST packet of a WRITE, so no
/// later packet on its path can prove the loss. The path's retransmission
/// timer (`path_cc`'s deadline in the RTO wheel) fires once (`TX_TIMEOUTS`
/// = 1), `tx_path_table`'s timeout declares the path's one outstanding PSN
/// lost, and it is sent again (`TX_RETX` = 1); the other paths, idle once
/// their ACKs return, never time out. B then holds the WRITE byte for byte
/// and A completes it SUCCESS.
/// The path that carries the last packet of the tail-loss test's WRITE
/// (16 packets, bursts of 4 over 4 paths).
const TAIL_PATH: u32 = 3;

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
    use braid_sim::cosim::wire::FabricWire;
    use braid_sim::fabric::{FabricConfig, LinkFailure};
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
                    down: braid_sim::cosim::wire::clock_ps(at),
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

/// `braid-sim write-bw` on the Verilated engines (`bench::rtl::write_bw`):
/// 64 WRITEs of 64 KiB at 1% loss through the fabric, driven only through
/// the verbs API; every WRITE completes, B's region holds A's source (the
/// function checks it), and both engines' counters add up. Bad arguments
/// are refused with the argument's name.
#[test]
fn write_bw_on_the_verilated_engines() {
    use braid_sim::bench::rtl::{write_bw, WRITE_BW_MAX_DEPTH};
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
    use braid_sim::bench::rtl::write_lat;
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
