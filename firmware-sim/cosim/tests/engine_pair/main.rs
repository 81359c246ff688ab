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

use braid_cosim::engine::{EngineBackend, GlueCounters};
use braid_cosim::pair::{EnginePair, Side, IP_A, IP_B, MAC_A, MAC_B};
use braid_driver::verbs::*;
use braid_driver::Backend;
use braid_model::rx_parser;
use braid_spec::error::rx_drop as rd;
use braid_spec::regs;
use braid_spec::wire::braid::{Body, Flags, NackReason};
use braid_spec::wire::frame::parse_frame;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeMap;

/// B's receive port under hostile frames while good traffic runs.
mod hostile;
/// SEND/RECV matching, receiver-not-ready NACKs, and messages over the
/// fabric under loss and link failure.
mod messages;
/// `write_bw`/`write_lat` on the Verilated engines and the receiver's rate
/// hint pacing the sender.
mod perf;
/// Losses proven by SACK and resent, tail loss, re-hash, retirement and a
/// connection's failure.
mod recovery;
/// WRITEs placed byte for byte, bad input dropped and counted, path windows,
/// the CSN window and the ACK coalescing timer.
mod writes;

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

/// Every frame both engines sent is what SPEC.md section 2 asks of a
/// sender (the checker the transport model's capture test uses too).
fn assert_sender_frames(seed: u64, w: &Wires) {
    for (who, frames) in [("A", &w.ab), ("B", &w.ba)] {
        for (i, f) in frames.iter().enumerate() {
            if let Err(e) = braid_spec::wire::frame::check_sender_frame(f) {
                panic!("seed {seed:#x}: {who}'s frame {i}: {e}");
            }
        }
    }
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
