//! Seeded correctness tests of the complete transport model
//! (`braid_sim::net`): every message is delivered exactly once and byte-exact
//! under loss, bursts, duplication, reordering and failures; completions come
//! in MSN order per stream; misuse is reported (post errors, fatal NACKs,
//! receiver-not-ready retries). Packets carry real payload bytes drawn from a
//! seeded ChaCha8 generator; every assertion message names its seed.

use braid_sim::fabric::{FabricConfig, HostId, LinkFailure, LossModel, Time};
use braid_sim::net::{
    access, Completion, ConnId, ConnStats, MemRegion, Net, NetConfig, PostError, RecvBuf, WcOpcode,
    WcStatus, WorkRequest, WrOp,
};
use braid_sim::transport::Kind;
use braid_spec::wire::braid::NackReason;
use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

mod common;
use common::{fabric, two_hosts, write_wr};

const US: Time = 1_000_000;
const MS: Time = 1_000 * US;
/// Protection domain of every connection.
const PD: u32 = 7;
/// Sender and receiver of the single-flow tests: on different leaves, so
/// packets cross the spines.
const A: HostId = 0;
const B: HostId = 31;
/// Simulated-time limit of one run.
const DEADLINE: Time = 200 * MS;
/// Events a checked run may take before it counts as a livelock (the
/// largest run of this file takes 18,368).
const MAX_EVENTS: u64 = 2_000_000;
/// Sizes every workload starts with (edge cases around the 4096-byte MTU).
const EDGE_SIZES: [u32; 12] = [
    0,
    1,
    2,
    4095,
    4096,
    4097,
    8191,
    8192,
    8193,
    3 * 4096 + 5,
    65536 + 7,
    1 << 20,
];

// ------------------------------------------------------------ workload

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Op {
    Write,
    WriteImm,
    Send,
    SendImm,
}

impl Op {
    fn is_send(self) -> bool {
        matches!(self, Op::Send | Op::SendImm)
    }
}

/// One planned message.
#[derive(Debug, Clone)]
struct Planned {
    conn: ConnId,
    src: HostId,
    dst: HostId,
    op: Op,
    stream: u8,
    len: u32,
    /// Source address at `src`.
    local: u64,
    /// WRITE: remote address; SEND: receive buffer address (at `dst`).
    target: u64,
    /// SEND: receive buffer capacity.
    cap: u32,
    imm: u32,
    /// MSN on (conn, stream), in posting order.
    msn: u32,
    wr_id: u64,
    recv_wr_id: u64,
}

/// Regions of one connection.
#[derive(Debug, Clone, Copy)]
struct ConnMrs {
    send: MemRegion,
    write: MemRegion,
    recv: MemRegion,
}

/// A model with a planned workload of messages, filled source buffers and
/// the memory image every host must end with.
struct Workload {
    seed: u64,
    label: String,
    net: Net,
    conns: Vec<ConnId>,
    msgs: Vec<Planned>,
    mrs: Vec<ConnMrs>,
    /// Final memory image per host.
    expected: Vec<Vec<u8>>,
}

/// Options of [`Workload::new`].
#[derive(Debug, Clone)]
struct Shape {
    /// Connections (sender, receiver).
    flows: Vec<(HostId, HostId)>,
    /// Messages in all (the edge sizes first).
    msgs: usize,
    /// Payload bytes in all (roughly: the edge sizes are always included).
    bytes: u64,
}

impl Shape {
    fn single(msgs: usize, bytes: u64) -> Shape {
        Shape {
            flows: vec![(A, B)],
            msgs,
            bytes,
        }
    }
}

/// Bump allocator of one host's memory, with random gaps between buffers
/// (so a write past a buffer's end lands on a byte that must stay zero).
struct Bump(u64);

impl Bump {
    fn take(&mut self, rng: &mut ChaCha8Rng, len: u64) -> u64 {
        let addr = self.0 + rng.gen_range(1..=67);
        self.0 = addr + len;
        addr
    }
    /// Start an area (a region) after an unregistered guard.
    fn area(&mut self) -> u64 {
        self.0 += 4096;
        self.0
    }
    /// End an area: slack inside the region, then return [start, end).
    fn close(&mut self, start: u64) -> (u64, u64) {
        self.0 += 128;
        (start, self.0 - start)
    }
}

impl Workload {
    fn new(label: &str, seed: u64, fab: FabricConfig, cfg: NetConfig, shape: &Shape) -> Workload {
        let hosts = fab.hosts as usize;
        let streams = cfg.streams;
        let mut net = Net::new(fab, cfg);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let conns: Vec<ConnId> = shape
            .flows
            .iter()
            .map(|&(s, d)| net.connect(s, d, PD))
            .collect();
        // what to send
        let mut msgs = Vec::new();
        let mut budget = shape.bytes;
        for i in 0..shape.msgs {
            let k = rng.gen_range(0..conns.len());
            let op = [Op::Write, Op::WriteImm, Op::Send, Op::SendImm][rng.gen_range(0..4)];
            let len = if let Some(&len) = EDGE_SIZES.get(i) {
                len
            } else {
                let r = rng.gen_range(0..100);
                let len = if r < 60 {
                    rng.gen_range(0..=12_000u64)
                } else if r < 92 {
                    rng.gen_range(12_000..=200_000)
                } else {
                    rng.gen_range(200_000..=1_200_000)
                };
                len.min(budget) as u32
            };
            budget = budget.saturating_sub(len as u64);
            msgs.push(Planned {
                conn: conns[k],
                src: shape.flows[k].0,
                dst: shape.flows[k].1,
                op,
                stream: rng.gen_range(0..streams),
                len,
                local: 0,
                target: 0,
                cap: 0,
                imm: rng.gen(),
                msn: 0,
                wr_id: i as u64,
                recv_wr_id: 1_000_000 + i as u64,
            });
        }
        // MSNs in posting order per (connection, stream)
        let mut msn: HashMap<(ConnId, u8), u32> = HashMap::new();
        for m in msgs.iter_mut() {
            let n = msn.entry((m.conn, m.stream)).or_insert(0);
            m.msn = *n;
            *n += 1;
        }
        // layout: per connection a send area at its sender, a WRITE area and
        // a receive area at its receiver, each one region
        let mut bump: Vec<Bump> = (0..hosts).map(|_| Bump(0)).collect();
        let mut areas = Vec::new();
        for (k, &c) in conns.iter().enumerate() {
            let (s, d) = shape.flows[k];
            let start = bump[s as usize].area();
            for m in msgs.iter_mut().filter(|m| m.conn == c) {
                m.local = bump[s as usize].take(&mut rng, m.len as u64);
            }
            let send = bump[s as usize].close(start);
            let start = bump[d as usize].area();
            for m in msgs.iter_mut().filter(|m| m.conn == c && !m.op.is_send()) {
                m.target = bump[d as usize].take(&mut rng, m.len as u64);
            }
            let write = bump[d as usize].close(start);
            let start = bump[d as usize].area();
            for m in msgs.iter_mut().filter(|m| m.conn == c && m.op.is_send()) {
                m.cap = m.len + rng.gen_range(0..=100);
                m.target = bump[d as usize].take(&mut rng, m.cap as u64);
            }
            let recv = bump[d as usize].close(start);
            areas.push((send, write, recv));
        }
        for (h, b) in bump.iter().enumerate() {
            if b.0 > 0 {
                net.set_memory(h as HostId, b.0 + 4096);
            }
        }
        let mut mrs = Vec::new();
        for (k, &(send, write, recv)) in areas.iter().enumerate() {
            let (s, d) = shape.flows[k];
            let reg = |net: &mut Net, h, (a, l), acc| {
                net.reg_mr(h, PD, a, l, acc)
                    .unwrap_or_else(|e| panic!("seed {seed}: reg_mr: {e}"))
            };
            mrs.push(ConnMrs {
                send: reg(&mut net, s, send, access::LOCAL_WRITE),
                // WRITEs need REMOTE_WRITE only, receives LOCAL_WRITE only
                write: reg(&mut net, d, write, access::REMOTE_WRITE),
                recv: reg(&mut net, d, recv, access::LOCAL_WRITE),
            });
        }
        for m in &msgs {
            let a = m.local as usize;
            rng.fill_bytes(&mut net.memory_mut(m.src)[a..a + m.len as usize]);
        }
        let mut expected: Vec<Vec<u8>> = (0..hosts)
            .map(|h| net.memory(h as HostId).to_vec())
            .collect();
        for m in &msgs {
            let (a, t, l) = (m.local as usize, m.target as usize, m.len as usize);
            let data = expected[m.src as usize][a..a + l].to_vec();
            expected[m.dst as usize][t..t + l].copy_from_slice(&data);
        }
        Workload {
            seed,
            label: label.to_string(),
            net,
            conns,
            msgs,
            mrs,
            expected,
        }
    }

    fn ctx(&self) -> String {
        format!("[{} seed {:#x}]", self.label, self.seed)
    }

    fn conn_index(&self, c: ConnId) -> usize {
        self.conns.iter().position(|&x| x == c).expect("known conn")
    }

    fn work_request(&self, m: &Planned) -> WorkRequest {
        let mr = self.mrs[self.conn_index(m.conn)];
        let op = match m.op {
            Op::Write => WrOp::Write {
                rkey: mr.write.rkey,
                remote: m.target,
            },
            Op::WriteImm => WrOp::WriteImm {
                rkey: mr.write.rkey,
                remote: m.target,
                imm: m.imm,
            },
            Op::Send => WrOp::Send,
            Op::SendImm => WrOp::SendImm { imm: m.imm },
        };
        WorkRequest {
            wr_id: m.wr_id,
            op,
            stream: m.stream,
            local: m.local,
            len: m.len,
            lkey: mr.send.lkey,
        }
    }

    fn recv_buf(&self, m: &Planned) -> RecvBuf {
        RecvBuf {
            wr_id: m.recv_wr_id,
            addr: m.target,
            len: m.cap,
            lkey: self.mrs[self.conn_index(m.conn)].recv.lkey,
        }
    }

    fn post_recvs(&mut self) {
        for i in 0..self.msgs.len() {
            let m = &self.msgs[i];
            if m.op.is_send() {
                let rb = self.recv_buf(m);
                let (c, s) = (m.conn, m.stream);
                self.net
                    .post_recv(c, s, rb)
                    .unwrap_or_else(|e| panic!("{} post_recv: {e}", self.ctx()));
            }
        }
    }

    fn post_sends(&mut self) {
        for i in 0..self.msgs.len() {
            let wr = self.work_request(&self.msgs[i]);
            let c = self.msgs[i].conn;
            self.net
                .post_send(c, wr)
                .unwrap_or_else(|e| panic!("{} post_send {}: {e}", self.ctx(), wr.wr_id));
        }
    }

    /// Segments (packets of first transmission) of all messages.
    fn segments(&self, mtu: u32) -> u64 {
        self.msgs
            .iter()
            .map(|m| m.len.div_ceil(mtu).max(1) as u64)
            .sum()
    }

    /// The message's bytes at its target equal its source bytes now.
    fn landed(&self, m: &Planned) -> bool {
        let (a, t, l) = (m.local as usize, m.target as usize, m.len as usize);
        self.net.memory(m.src)[a..a + l] == self.net.memory(m.dst)[t..t + l]
    }

    /// Post everything, run to completion checking every completion as it
    /// appears, then check the end state exactly. Returns the counters.
    fn run(mut self) -> Outcome {
        self.post_recvs();
        self.post_sends();
        self.run_posted()
    }

    fn run_posted(mut self) -> Outcome {
        let ctx = self.ctx();
        // receiver completions expected per (conn, stream), in MSN order
        let mut want_rx: HashMap<(ConnId, u8), Vec<Completion>> = HashMap::new();
        let mut per_stream: HashMap<(ConnId, u8), Vec<usize>> = HashMap::new();
        let mut by_msn: HashMap<(ConnId, u8, u32), usize> = HashMap::new();
        for (i, m) in self.msgs.iter().enumerate() {
            per_stream.entry((m.conn, m.stream)).or_default().push(i);
            by_msn.insert((m.conn, m.stream, m.msn), i);
            let (opcode, wr_id, imm) = match m.op {
                Op::Write => continue,
                Op::WriteImm => (WcOpcode::RecvWriteImm, 0, Some(m.imm)),
                Op::Send => (WcOpcode::Recv, m.recv_wr_id, None),
                Op::SendImm => (WcOpcode::Recv, m.recv_wr_id, Some(m.imm)),
            };
            want_rx
                .entry((m.conn, m.stream))
                .or_default()
                .push(Completion {
                    conn: m.conn,
                    stream: m.stream,
                    wr_id,
                    opcode,
                    status: WcStatus::Success,
                    byte_len: m.len,
                    imm,
                    msn: m.msn,
                    at: 0,
                });
        }
        let mut got_rx: HashMap<(ConnId, u8), Vec<Completion>> = HashMap::new();
        let mut tx_count = vec![0u32; self.msgs.len()];
        let mut tx_msn: HashMap<(ConnId, u8), Vec<u32>> = HashMap::new();
        let mut verified: HashMap<(ConnId, u8), usize> = HashMap::new();
        let mut fresh_by_host: HashMap<HostId, Vec<Completion>> = HashMap::new();
        let mut events = 0u64;
        loop {
            for wc in self.net.take_completions() {
                match wc.opcode {
                    WcOpcode::Write | WcOpcode::Send => {
                        let i = wc.wr_id as usize;
                        assert!(i < self.msgs.len(), "{ctx} unknown wr_id: {wc:?}");
                        let m = &self.msgs[i];
                        fresh_by_host.entry(m.src).or_default().push(wc);
                        tx_count[i] += 1;
                        let op = if m.op.is_send() {
                            WcOpcode::Send
                        } else {
                            WcOpcode::Write
                        };
                        assert_eq!(
                            (
                                wc.conn,
                                wc.stream,
                                wc.opcode,
                                wc.status,
                                wc.byte_len,
                                wc.msn
                            ),
                            (m.conn, m.stream, op, WcStatus::Success, m.len, m.msn),
                            "{ctx} sender completion of {m:?}"
                        );
                        // acknowledged means placed
                        assert!(
                            self.landed(m),
                            "{ctx} {m:?} completed at its sender before its data landed"
                        );
                        tx_msn.entry((m.conn, m.stream)).or_default().push(wc.msn);
                    }
                    WcOpcode::RecvWriteImm | WcOpcode::Recv => {
                        let key = (wc.conn, wc.stream);
                        let Some(&i) = by_msn.get(&(wc.conn, wc.stream, wc.msn)) else {
                            panic!("{ctx} receiver completion of no message: {wc:?}");
                        };
                        fresh_by_host.entry(self.msgs[i].dst).or_default().push(wc);
                        // a completion guarantees every earlier message of
                        // its stream (and its own) is in memory
                        let list = &per_stream[&key];
                        let v = verified.entry(key).or_insert(0);
                        while *v < list.len() && self.msgs[list[*v]].msn <= wc.msn {
                            let m = &self.msgs[list[*v]];
                            assert!(
                                self.landed(m),
                                "{ctx} completion {wc:?} before earlier/own message {m:?} landed"
                            );
                            *v += 1;
                        }
                        got_rx.entry(key).or_default().push(wc);
                    }
                }
            }
            if self.conns.iter().all(|&c| self.net.pending(c) == 0) {
                break;
            }
            if self.net.now() >= DEADLINE || !self.net.step() {
                break;
            }
            events += 1;
            assert!(
                events < MAX_EVENTS,
                "{ctx} still running after {events} events at {} ps (a livelock)",
                self.net.now()
            );
        }
        assert!(
            self.net.run_to_completion(DEADLINE),
            "{ctx} not complete at {} ps: pending {:?}, stats {:?}",
            self.net.now(),
            self.conns
                .iter()
                .map(|&c| self.net.pending(c))
                .collect::<Vec<_>>(),
            self.conns
                .iter()
                .map(|&c| self.net.stats(c))
                .collect::<Vec<_>>()
        );
        assert!(
            !self.net.has_completions(),
            "{ctx} completions after the last message"
        );
        // exactly one sender completion per work request, MSN order per stream
        for (i, n) in tx_count.iter().enumerate() {
            assert_eq!(*n, 1, "{ctx} sender completions of {:?}", self.msgs[i]);
        }
        for (key, msns) in &tx_msn {
            let want: Vec<u32> = (0..msns.len() as u32).collect();
            assert_eq!(msns, &want, "{ctx} sender completion order of {key:?}");
        }
        // receiver: exactly the expected completions, in MSN order
        let mut keys: Vec<_> = want_rx.keys().chain(got_rx.keys()).copied().collect();
        keys.sort();
        keys.dedup();
        for key in keys {
            let got = got_rx.remove(&key).unwrap_or_default();
            for w in got.windows(2) {
                assert!(w[0].at <= w[1].at, "{ctx} {key:?}: time goes back");
            }
            let strip = |v: Vec<Completion>| -> Vec<Completion> {
                v.into_iter().map(|c| Completion { at: 0, ..c }).collect()
            };
            let want = want_rx.remove(&key).unwrap_or_default();
            assert_eq!(
                strip(got),
                want,
                "{ctx} receiver completions of (conn, stream) {key:?}"
            );
        }
        // the host completion queues hold the same completions
        for (h, fresh) in fresh_by_host {
            assert_eq!(self.net.poll_cq(h), fresh, "{ctx} poll_cq({h})");
        }
        // memory: byte-exact at every target, untouched everywhere else
        for (h, want) in self.expected.iter().enumerate() {
            let got = self.net.memory(h as HostId);
            if got != &want[..] {
                let at = got
                    .iter()
                    .zip(want.iter())
                    .position(|(a, b)| a != b)
                    .unwrap_or(got.len().min(want.len()));
                let owner = self.msgs.iter().find(|m| {
                    m.dst == h as HostId
                        && (m.target..m.target + m.len as u64).contains(&(at as u64))
                });
                panic!(
                    "{ctx} host {h} memory differs at {at:#x} (len {} vs {}): got {:?}, want {:?}; \
                     target of {owner:?}",
                    got.len(),
                    want.len(),
                    got.get(at),
                    want.get(at)
                );
            }
        }
        let mtu = self.net.config().braid.mtu;
        let mut stats = Vec::new();
        for &c in &self.conns {
            let s = self.net.stats(c);
            let mine: Vec<&Planned> = self.msgs.iter().filter(|m| m.conn == c).collect();
            let bytes: u64 = mine.iter().map(|m| m.len as u64).sum();
            let segs: u64 = mine.iter().map(|m| m.len.div_ceil(mtu).max(1) as u64).sum();
            assert!(!self.net.is_error(c), "{ctx} conn {c} in error");
            assert_eq!(s.msgs_done, mine.len() as u64, "{ctx} conn {c} msgs_done");
            assert_eq!(
                s.msgs_received,
                mine.len() as u64,
                "{ctx} conn {c} msgs_received"
            );
            // unique payload counted exactly once
            assert_eq!(s.goodput_bytes, bytes, "{ctx} conn {c} goodput bytes");
            // every send is a first transmission or a retransmission
            assert_eq!(
                s.data_sent - s.retransmits,
                segs,
                "{ctx} conn {c} first transmissions: {s:?}"
            );
            stats.push(s);
        }
        Outcome {
            ctx,
            segments: self.segments(mtu),
            stats,
            fabric: self.net.fabric.stats(),
            net: self.net,
        }
    }
}

struct Outcome {
    ctx: String,
    segments: u64,
    /// Per connection.
    stats: Vec<ConnStats>,
    fabric: braid_sim::fabric::Stats,
    net: Net,
}

impl Outcome {
    fn total(&self) -> ConnStats {
        self.net.total_stats()
    }
}

fn net_config(kind: Kind) -> NetConfig {
    NetConfig {
        carry_data: true,
        ..NetConfig::new(kind)
    }
}

/// The standard single-flow workload: the edge sizes plus random messages,
/// about 3 MiB.
fn transfer(label: &str, seed: u64, fab: FabricConfig, cfg: NetConfig) -> Outcome {
    Workload::new(label, seed, fab, cfg, &Shape::single(40, 3 << 20)).run()
}

// ------------------------------------------------------------ Braid

/// SACK loss proof at its exact boundary. One connection on one path
/// sends WRITEs of `packets` MTU-sized packets, and the fabric loses
/// exactly the data packets whose PSN is in `lose` (first transmissions
/// only). Returns the sender's statistics and when the WRITE completed.
fn lose_exactly(packets: u32, lose: &'static [u32]) -> (ConnStats, Time) {
    lose_exactly_after(0, packets, lose)
}

/// [`lose_exactly`] after a first WRITE of `warm` packets has completed
/// (its RTT samples in the path's estimator; PSNs count from it), timed
/// from the second WRITE's posting.
fn lose_exactly_after(warm: u32, packets: u32, lose: &'static [u32]) -> (ConnStats, Time) {
    let mut cfg = net_config(Kind::Braid);
    cfg.braid.paths = 1;
    let mtu = cfg.braid.mtu;
    let (mut n, l, r) = two_hosts(cfg);
    let c = n.connect(0, 1, 1);
    n.fabric.set_drop(move |_, p| match &p.payload {
        braid_sim::net::Msg::Data(d) => {
            d.flags & braid_spec::wire::braid::Flags::RETX == 0 && lose.contains(&d.psn)
        }
        _ => false,
    });
    let wr = |wr_id, len| write_wr(&l, &r, wr_id, len);
    if warm > 0 {
        n.post_send(c, wr(0, warm * mtu)).unwrap();
        assert!(
            n.run_to_completion(10_000_000_000),
            "the first WRITE completes"
        );
        n.take_completions();
    }
    let t0 = n.now();
    n.post_send(c, wr(1, packets * mtu)).unwrap();
    assert!(n.run_to_completion(10_000_000_000), "the WRITE completes");
    let at = n.take_completions().iter().map(|w| w.at).max().unwrap() - t0;
    assert_eq!(n.fabric.stats().drops.chosen, lose.len() as u64);
    (n.stats(c), at)
}

/// A hole below the highest PSN an ACK's bitvector holds is proof of loss
/// at once: PSN 0 of 2 is lost, PSN 1's ACK (bit 1 set, bit 0 clear)
/// proves it, and it is resent exactly once, with no timeout, long before
/// the minimum RTO. A PSN above the highest set bit is not proven lost by
/// that ACK: a lost last packet is recovered without a SACK proof.
#[test]
fn sack_proves_a_loss_at_the_first_later_packet() {
    let min_rto = NetConfig::new(Kind::Braid).braid.min_rto;
    let (clean, t_clean) = lose_exactly(2, &[]);
    assert_eq!(
        (clean.retransmits, clean.sack_losses, clean.timeouts),
        (0, 0, 0)
    );
    let (s, t) = lose_exactly(2, &[0]);
    assert_eq!(
        (s.retransmits, s.sack_losses, s.timeouts),
        (1, 1, 0),
        "{s:?}"
    );
    assert!(
        t < t_clean + min_rto / 2,
        "resent on the SACK proof, not a timer: {t} ps vs {t_clean} ps lossless"
    );
    // PSN 0 proven by PSN 1's ACK, still missing at PSN 2's: resent once
    let (s, _) = lose_exactly(3, &[0]);
    assert_eq!(
        (s.retransmits, s.sack_losses, s.timeouts),
        (1, 1, 0),
        "{s:?}"
    );
    // PSNs 0 and 2 lost: PSN 0 proven by PSN 1, PSN 2 by the ACK of PSN
    // 0's retransmission (PSN 3)
    let (s, _) = lose_exactly(3, &[0, 2]);
    assert_eq!(
        (s.retransmits, s.sack_losses, s.timeouts),
        (2, 2, 0),
        "{s:?}"
    );
    // the last packet lost: nothing above it, no SACK proof
    let (s, _) = lose_exactly(2, &[1]);
    assert_eq!((s.retransmits, s.sack_losses), (1, 0), "{s:?}");
}

/// A data packet naming a connection the receiver does not have, or a
/// path its connection does not have (one past the last, and the largest
/// path id), is dropped without a trace: nothing written, no NACK, no ACK,
/// no count, and the receiver goes on (SPEC: INVALID_CONNECTION is dropped
/// silently).
#[test]
fn data_for_no_such_connection_or_path_is_dropped() {
    let mut cfg = net_config(Kind::Braid);
    cfg.braid.paths = 2;
    let (mut n, l, r) = two_hosts(cfg);
    let c = n.connect(0, 1, 1);
    n.memory_mut(0)[..100].fill(0xab);
    let first: Rc<RefCell<Option<braid_sim::fabric::Packet<braid_sim::net::Msg>>>> = Rc::default();
    let replies = Rc::new(RefCell::new(0u32));
    let (f, rp) = (first.clone(), replies.clone());
    n.fabric.set_tap(move |_, p| match &p.payload {
        braid_sim::net::Msg::Data(_) => {
            f.borrow_mut().get_or_insert_with(|| p.clone());
        }
        _ => *rp.borrow_mut() += 1,
    });
    let wr = |wr_id, remote| WorkRequest {
        op: WrOp::Write {
            rkey: r.rkey,
            remote,
        },
        ..write_wr(&l, &r, wr_id, 100)
    };
    n.post_send(c, wr(1, 0)).unwrap();
    assert!(
        n.run_to_completion(10_000_000_000),
        "the good WRITE completes"
    );
    assert_eq!(n.memory(1)[..100], [0xab; 100]);
    let good = first.borrow().clone().expect("the WRITE's data packet");
    let (before, replies_before) = (n.stats(c), *replies.borrow());
    assert_eq!(before.rx_packets, 1, "the WRITE's one packet");
    for (conn, path) in [(c + 1, 0u8), (7, 0), (c, 2), (c, 255)] {
        let mut p = good.clone();
        let braid_sim::net::Msg::Data(d) = &mut p.payload else {
            unreachable!()
        };
        (d.conn, d.path, d.va) = (conn, path, 4096);
        d.data = Some(vec![0xcd; 100]);
        n.fabric.send(p);
    }
    let quiet = n.now() + 1_000_000_000;
    n.run_until(quiet);
    assert_eq!(n.memory(1)[4096..4196], [0; 100], "nothing written");
    assert_eq!(*replies.borrow(), replies_before, "no ACK or NACK");
    let after = n.stats(c);
    assert_eq!(
        (
            after.rx_packets,
            after.duplicates,
            after.nacked,
            after.acks_sent
        ),
        (
            before.rx_packets,
            before.duplicates,
            before.nacked,
            before.acks_sent
        )
    );
    // and the connection still works
    n.post_send(c, wr(2, 8192)).unwrap();
    assert!(
        n.run_to_completion(20_000_000_000),
        "a later WRITE completes"
    );
    assert_eq!(n.memory(1)[8192..8292], [0xab; 100]);
    assert_eq!(n.stats(c).rx_packets, 2);
}

/// A lost last packet (no later packet on its path to prove it lost) is
/// recovered by the tail-loss probe one probe timeout after it was sent:
/// the path's smoothed RTT plus twice its variation plus 0.5 us, from the
/// RTT samples of an earlier WRITE of 8 packets. The delay over the lossless
/// run is pinned to the picosecond (simulated time), so a change in the
/// RTT estimator or the probe timeout shows here.
#[test]
fn a_lost_last_packet_is_resent_one_probe_timeout_later() {
    let (clean, t_clean) = lose_exactly_after(8, 2, &[]);
    assert_eq!((clean.retransmits, clean.tlp_losses), (0, 0));
    let (s, t) = lose_exactly_after(8, 2, &[9]);
    assert_eq!(
        (s.retransmits, s.tlp_losses, s.sack_losses, s.timeouts),
        (1, 1, 0, 0),
        "{s:?}"
    );
    assert_eq!(
        (t_clean, t - t_clean),
        (2_258_120, 5_717_637),
        "lossless completion and the tail's extra delay, ps"
    );
}

/// A last packet lost twice (its first transmission and the tail probe's
/// retransmission) is recovered by a second tail probe, long before the
/// retransmission timer (`min_rto` 20 us) could fire: no timeout. Counts
/// and the extra delay over the lossless run are pinned (simulated time,
/// to the picosecond).
#[test]
fn a_packet_lost_twice_is_recovered_by_a_second_probe() {
    let (_, t_clean) = lose_exactly_after(8, 2, &[]);
    let mut cfg = net_config(Kind::Braid);
    cfg.braid.paths = 1;
    let mtu = cfg.braid.mtu;
    let (mut n, l, r) = two_hosts(cfg);
    let c = n.connect(0, 1, 1);
    let mut lost = 0;
    n.fabric.set_drop(move |_, p| match &p.payload {
        braid_sim::net::Msg::Data(d) if d.csn == 9 && lost < 2 => {
            lost += 1;
            true
        }
        _ => false,
    });
    let wr = |wr_id, len| write_wr(&l, &r, wr_id, len);
    n.post_send(c, wr(0, 8 * mtu)).unwrap();
    assert!(n.run_to_completion(10_000_000_000));
    n.take_completions();
    let t0 = n.now();
    n.post_send(c, wr(1, 2 * mtu)).unwrap();
    assert!(n.run_to_completion(10_000_000_000), "the WRITE completes");
    let t = n.take_completions().iter().map(|w| w.at).max().unwrap() - t0;
    let s = n.stats(c);
    assert_eq!(
        (s.retransmits, s.tlp_losses, s.timeouts, s.sack_losses),
        (2, 2, 0, 0),
        "{s:?}"
    );
    assert_eq!(t - t_clean, 8_609_194, "the extra delay, ps");
}

/// A route dies under a connection that has RTT samples on both of its
/// paths: from then on every packet path 0 sends on its source port is
/// lost. Path 1's ACKs show path 0 has gone quiet (its newest packet sent
/// more than a quarter RTT plus twice the variation before one path 1 had
/// acknowledged), so the cross-path check declares path 0's packets lost
/// and moves the path to a new source port at once, with no timeout; the
/// WRITE lands whole. Counts pinned.
#[test]
fn a_dead_route_is_found_by_the_cross_path_check_and_left() {
    let mut cfg = net_config(Kind::Braid);
    cfg.braid.paths = 2;
    let mtu = cfg.braid.mtu;
    let (mut n, l, r) = two_hosts(cfg);
    let c = n.connect(0, 1, 1);
    let dead = Rc::new(std::cell::Cell::new(false));
    let d2 = dead.clone();
    let mut port: Option<u16> = None;
    n.fabric.set_drop(move |_, p| match &p.payload {
        braid_sim::net::Msg::Data(d) if d.path == 0 => {
            d2.get() && *port.get_or_insert(p.sport) == p.sport
        }
        _ => false,
    });
    let wr = |wr_id, len| write_wr(&l, &r, wr_id, len);
    n.post_send(c, wr(0, 16 * mtu)).unwrap();
    assert!(n.run_to_completion(10_000_000_000));
    n.take_completions();
    dead.set(true);
    n.memory_mut(0)[..200 * mtu as usize].fill(0x5a);
    let t0 = n.now();
    n.post_send(c, wr(1, 200 * mtu)).unwrap();
    assert!(n.run_to_completion(20_000_000_000), "the WRITE completes");
    let t = n.take_completions().iter().map(|w| w.at).max().unwrap() - t0;
    assert!(n.memory(1)[..200 * mtu as usize].iter().all(|&b| b == 0x5a));
    let s = n.stats(c);
    assert_eq!(
        (
            s.rack_losses,
            s.tlp_losses,
            s.timeouts,
            s.rehashes,
            s.retransmits
        ),
        (8, 0, 0, 1, 8),
        "{s:?}"
    );
    assert_eq!(t, 23_805_840, "completion, ps after posting");
}

#[test]
fn braid_lossless_is_exact_with_no_retransmission() {
    for seed in 1u64..=6 {
        let o = transfer("braid 0%", seed, fabric(seed), net_config(Kind::Braid));
        let s = o.total();
        assert_eq!(s.retransmits, 0, "{} {s:?}", o.ctx);
        assert_eq!(s.timeouts, 0, "{} {s:?}", o.ctx);
        assert_eq!(s.duplicates, 0, "{} {s:?}", o.ctx);
        assert_eq!(s.data_sent, o.segments, "{} {s:?}", o.ctx);
        assert_eq!(o.fabric.drops, Default::default(), "{}", o.ctx);
    }
}

/// ACK coalescing at its reset value (`ack_coalesce` 1): every data
/// packet is acknowledged, with one ACK each.
#[test]
fn braid_acknowledges_every_packet_at_the_reset_coalescing() {
    let seed = 7;
    let o = transfer("braid acks", seed, fabric(seed), net_config(Kind::Braid));
    let s = o.total();
    assert_eq!(s.data_sent, o.segments, "{} {s:?}", o.ctx);
    assert_eq!(s.acks_sent, s.data_sent, "{} {s:?}", o.ctx);
}

/// ACK coalescing (SPEC 6) with `ack_coalesce` 8: a path is acknowledged
/// at its 8th unacknowledged packet, at once for a packet beyond a hole or
/// a retransmission (ACK_REQ), and otherwise by the ACK timer after its
/// first unacknowledged packet. Delivery stays byte-exact and exactly
/// once; lossless runs need no retransmission and far fewer ACKs than
/// packets; at 1% loss every message still completes.
#[test]
fn braid_coalesced_acks_lossless_and_one_percent() {
    for (seed, loss) in [(51u64, 0.0), (52, 0.0), (53, 0.01), (54, 0.01)] {
        let mut f = fabric(seed);
        f.e2e_loss = loss;
        let mut cfg = net_config(Kind::Braid);
        cfg.braid.ack_coalesce = 8;
        let o = transfer(&format!("braid coalesce 8, {loss}"), seed, f, cfg);
        let s = o.total();
        let ctx = &o.ctx;
        assert!(s.acks_sent > 0, "{ctx} {s:?}");
        if loss == 0.0 {
            assert_eq!((s.retransmits, s.timeouts), (0, 0), "{ctx} {s:?}");
            assert_eq!(s.data_sent, o.segments, "{ctx} {s:?}");
            // one ACK per 8 packets of a path, plus the timer's ACK when
            // a path goes quiet between the sprayer's bursts (4 packets)
            assert!(s.acks_sent * 8 >= s.data_sent, "{ctx} {s:?}");
            assert!(s.acks_sent * 3 < s.data_sent, "{ctx} {s:?}");
        } else {
            assert!(s.retransmits > 0, "{ctx} {s:?}");
            assert!(s.acks_sent * 2 < s.data_sent, "{ctx} {s:?}");
        }
    }
}

/// The ACK timer alone: five one-packet messages (the first edge sizes, 0
/// to 4,096 bytes) over one path with `ack_coalesce` 16 leave the path
/// below the threshold with no ACK_REQ and no hole, so exactly one ACK
/// comes back, from the timer, and the last completion comes after
/// `ack_delay`.
#[test]
fn braid_quiet_path_is_acknowledged_by_the_ack_timer() {
    let seed = 61;
    let mut cfg = net_config(Kind::Braid);
    cfg.braid.paths = 1;
    cfg.braid.ack_coalesce = 16;
    let delay = cfg.braid.ack_delay;
    let o = Workload::new("ack timer", seed, fabric(seed), cfg, &Shape::single(5, 0)).run();
    let s = o.total();
    assert_eq!(s.data_sent, 5, "{} {s:?}", o.ctx);
    assert_eq!(s.acks_sent, 1, "{} {s:?}", o.ctx);
    assert_eq!((s.retransmits, s.timeouts), (0, 0), "{} {s:?}", o.ctx);
    assert!(o.net.now() > delay, "{}: done at {} ps", o.ctx, o.net.now());
}

#[test]
fn braid_one_percent_e2e_loss() {
    for seed in 11u64..=18 {
        let mut f = fabric(seed);
        f.e2e_loss = 0.01;
        let o = transfer("braid e2e 1%", seed, f, net_config(Kind::Braid));
        let s = o.total();
        assert!(o.fabric.drops.e2e > 0, "{} {:?}", o.ctx, o.fabric);
        assert!(s.retransmits > 0, "{} {s:?}", o.ctx);
    }
}

#[test]
fn braid_ten_percent_e2e_loss() {
    for seed in 21u64..=26 {
        let mut f = fabric(seed);
        f.e2e_loss = 0.10;
        let o = transfer("braid e2e 10%", seed, f, net_config(Kind::Braid));
        let s = o.total();
        assert!(
            o.fabric.drops.e2e > o.segments / 20,
            "{} {:?}",
            o.ctx,
            o.fabric
        );
        assert!(s.retransmits >= o.fabric.drops.e2e / 4, "{} {s:?}", o.ctx);
    }
}

#[test]
fn braid_per_hop_loss() {
    for seed in 31u64..=36 {
        let mut f = fabric(seed);
        f.link_loss = LossModel::Bernoulli(0.01);
        let o = transfer("braid hop 1%", seed, f, net_config(Kind::Braid));
        assert!(o.fabric.drops.link > 0, "{} {:?}", o.ctx, o.fabric);
        assert!(o.total().retransmits > 0, "{} {:?}", o.ctx, o.total());
    }
}

#[test]
fn braid_bursty_loss() {
    for seed in 41u64..=46 {
        let mut f = fabric(seed);
        f.link_loss = LossModel::GilbertElliott {
            p_gb: 0.01,
            p_bg: 0.1,
            loss_good: 0.0,
            loss_bad: 0.6,
        };
        let o = transfer("braid Gilbert-Elliott", seed, f, net_config(Kind::Braid));
        assert!(o.fabric.drops.link > 0, "{} {:?}", o.ctx, o.fabric);
        assert!(o.total().retransmits > 0, "{} {:?}", o.ctx, o.total());
    }
}

/// Time by which about a third of the standard workload has gone out.
const MID: Time = 30 * US;

#[test]
fn braid_link_failure_mid_transfer() {
    for seed in 51u64..=56 {
        // the sender's leaf loses an uplink for good, and the receiver's leaf
        // loses one for a while
        let mut f = fabric(seed);
        f.failures.push(LinkFailure {
            plane: 0,
            leaf: 0,
            spine: 1,
            down: MID,
            up: Time::MAX,
        });
        f.failures.push(LinkFailure {
            plane: 0,
            leaf: 1,
            spine: 2,
            down: MID + 5 * US,
            up: MID + 200 * US,
        });
        let o = transfer("braid link failure", seed, f, net_config(Kind::Braid));
        assert!(o.fabric.drops.link_down > 0, "{} {:?}", o.ctx, o.fabric);
        assert!(o.total().retransmits > 0, "{} {:?}", o.ctx, o.total());
    }
}

#[test]
fn braid_plane_failure_mid_transfer() {
    for (seed, planes) in [(61u64, 2u32), (62, 4), (63, 2), (64, 4), (65, 2), (66, 4)] {
        let mut f = fabric(seed);
        f.planes = planes;
        f.plane_failures.push((1, MID / 2, Time::MAX));
        let o = transfer(
            &format!("braid plane failure ({planes} planes)"),
            seed,
            f,
            net_config(Kind::Braid),
        );
        assert!(o.fabric.drops.link_down > 0, "{} {:?}", o.ctx, o.fabric);
        assert!(o.total().retransmits > 0, "{} {:?}", o.ctx, o.total());
    }
}

// ------------------------------------------------------------ baselines

#[test]
fn go_back_n_lossless_and_one_percent() {
    for (seed, loss) in [
        (71u64, 0.0),
        (72, 0.0),
        (73, 0.01),
        (74, 0.01),
        (75, 0.01),
        (76, 0.01),
    ] {
        let mut f = fabric(seed);
        f.e2e_loss = loss;
        let o = transfer(
            &format!("go-back-N e2e {loss}"),
            seed,
            f,
            net_config(Kind::GoBackN),
        );
        let s = o.total();
        if loss == 0.0 {
            assert_eq!(s.retransmits, 0, "{} {s:?}", o.ctx);
            assert_eq!(s.data_sent, o.segments, "{} {s:?}", o.ctx);
        } else {
            assert!(s.retransmits > 0, "{} {s:?}", o.ctx);
        }
    }
}

#[test]
fn selective_repeat_lossless_and_one_percent() {
    for (seed, loss) in [
        (81u64, 0.0),
        (82, 0.0),
        (83, 0.01),
        (84, 0.01),
        (85, 0.01),
        (86, 0.01),
    ] {
        let mut f = fabric(seed);
        f.e2e_loss = loss;
        let o = transfer(
            &format!("selective repeat e2e {loss}"),
            seed,
            f,
            net_config(Kind::SelectiveRepeat),
        );
        let s = o.total();
        if loss == 0.0 {
            assert_eq!(s.retransmits, 0, "{} {s:?}", o.ctx);
            assert_eq!(s.data_sent, o.segments, "{} {s:?}", o.ctx);
        } else {
            assert!(s.retransmits > 0, "{} {s:?}", o.ctx);
        }
    }
}

#[test]
fn baselines_per_hop_loss() {
    for (seed, kind) in [
        (91u64, Kind::GoBackN),
        (92, Kind::SelectiveRepeat),
        (93, Kind::GoBackN),
        (94, Kind::SelectiveRepeat),
    ] {
        let mut f = fabric(seed);
        f.link_loss = LossModel::Bernoulli(0.005);
        let o = transfer(&format!("{kind:?} hop 0.5%"), seed, f, net_config(kind));
        assert!(o.total().retransmits > 0, "{} {:?}", o.ctx, o.total());
    }
}

// ------------------------------------------------------------ duplication

#[test]
fn duplicated_packets_count_once() {
    let cases = [
        (Kind::Braid, 0.0),
        (Kind::Braid, 0.01),
        (Kind::Braid, 0.05),
        (Kind::GoBackN, 0.0),
        (Kind::GoBackN, 0.01),
        (Kind::SelectiveRepeat, 0.0),
        (Kind::SelectiveRepeat, 0.01),
    ];
    for (i, &(kind, loss)) in cases.iter().chain(cases.iter()).enumerate() {
        let seed = 101 + i as u64;
        let mut f = fabric(seed);
        f.dup_prob = 0.05;
        f.e2e_loss = loss;
        let o = transfer(
            &format!("{kind:?} dup 5% e2e {loss}"),
            seed,
            f,
            net_config(kind),
        );
        assert!(o.fabric.duplicated > 0, "{} {:?}", o.ctx, o.fabric);
        assert!(o.total().duplicates > 0, "{} {:?}", o.ctx, o.total());
    }
}

// ------------------------------------------------------------ reordering

/// Data packets of connection `c` that reached the receiver after a packet
/// sent later (seen from the receiver's ACKs, which echo each data packet's
/// send time in arrival order), and all of them.
fn watch_arrival_order(net: &mut Net, c: ConnId) -> Rc<RefCell<(u64, u64)>> {
    let seen = Rc::new(RefCell::new((0u64, 0u64)));
    let s = seen.clone();
    let mut newest: Time = 0;
    net.fabric.set_tap(move |_, p| {
        if let braid_sim::net::Msg::Ack(a) = &p.payload {
            if a.conn == c {
                let mut s = s.borrow_mut();
                s.1 += 1;
                if a.ts_echo < newest {
                    s.0 += 1;
                }
                newest = newest.max(a.ts_echo);
            }
        }
    });
    seen
}

#[test]
fn braid_reordered_across_paths_under_cross_traffic() {
    for seed in [111u64, 112, 113] {
        // spine links slower than host ports, so the 16 sprayed paths queue
        // differently; two more senders and reverse traffic
        let mut f = fabric(seed);
        f.fabric_rate_bps = 100_000_000_000;
        let shape = Shape {
            flows: vec![(A, B), (B, A), (1, B), (20, B)],
            msgs: 60,
            bytes: 5 << 20,
        };
        let mut w = Workload::new(
            "braid reorder + cross traffic",
            seed,
            f,
            net_config(Kind::Braid),
            &shape,
        );
        let c = w.conns[0];
        let seen = watch_arrival_order(&mut w.net, c);
        let o = w.run();
        let (late, all) = *seen.borrow();
        assert!(all > 0, "{}", o.ctx);
        assert!(
            late > 0,
            "{} no data packet arrived out of send order ({all} packets)",
            o.ctx
        );
        // nothing is lost (or duplicated) on the way, so any retransmission
        // is spurious and must arrive as exactly one duplicate
        assert_eq!(o.fabric.drops, Default::default(), "{}", o.ctx);
        assert_eq!(o.fabric.sent, o.fabric.delivered, "{}", o.ctx);
        let s = o.total();
        assert_eq!(s.duplicates, s.retransmits, "{} {s:?}", o.ctx);
    }
}

#[test]
fn braid_spurious_timeouts_still_deliver_exactly_once() {
    for (seed, loss) in [(121u64, 0.0), (122, 0.0), (123, 0.02), (124, 0.02)] {
        let mut cfg = net_config(Kind::Braid);
        cfg.braid.min_rto = US / 2;
        let mut f = fabric(seed);
        f.e2e_loss = loss;
        f.fabric_rate_bps = 100_000_000_000; // queues, so RTTs vary
        let shape = Shape {
            flows: vec![(A, B), (1, B), (B, A)],
            msgs: 50,
            bytes: 4 << 20,
        };
        let o = Workload::new(
            &format!("braid min_rto 0.5us e2e {loss}"),
            seed,
            f,
            cfg,
            &shape,
        )
        .run();
        let s = o.total();
        assert!(s.timeouts > 0, "{} {s:?}", o.ctx);
        assert!(s.duplicates > 0, "{} {s:?}", o.ctx);
    }
}

#[test]
fn several_connections_and_streams_under_loss() {
    for (seed, kind) in [
        (131u64, Kind::Braid),
        (132, Kind::GoBackN),
        (133, Kind::SelectiveRepeat),
    ] {
        let mut f = fabric(seed);
        f.e2e_loss = 0.01;
        let mut cfg = net_config(kind);
        cfg.streams = 8;
        let shape = Shape {
            flows: vec![(A, B), (B, A), (2, B), (B, 17), (3, 4)],
            msgs: 60,
            bytes: 4 << 20,
        };
        let o = Workload::new(&format!("{kind:?} 5 conns 8 streams"), seed, f, cfg, &shape).run();
        assert!(o.total().retransmits > 0, "{} {:?}", o.ctx, o.total());
        assert_eq!(o.stats.len(), 5);
    }
}

/// Loss, bursts, duplication, reordering (slow spines, cross traffic) and
/// failures at once, on several connections.
#[test]
fn everything_at_once() {
    for seed in 301u64..=312 {
        let kind = [
            Kind::Braid,
            Kind::Braid,
            Kind::GoBackN,
            Kind::SelectiveRepeat,
        ][seed as usize % 4];
        let mut f = fabric(seed);
        f.e2e_loss = 0.01;
        f.link_loss = LossModel::GilbertElliott {
            p_gb: 0.005,
            p_bg: 0.2,
            loss_good: 0.0,
            loss_bad: 0.5,
        };
        f.dup_prob = 0.02;
        f.fabric_rate_bps = 200_000_000_000;
        f.failures.push(LinkFailure {
            plane: 0,
            leaf: 1,
            spine: (seed % 4) as u32,
            down: MID,
            up: MID + 300 * US,
        });
        if kind == Kind::Braid {
            // the baselines ride one route and cannot leave a dead plane
            f.planes = 2;
            f.plane_failures.push((1, MID, Time::MAX));
        }
        let mut cfg = net_config(kind);
        cfg.streams = 3;
        let shape = Shape {
            flows: vec![(A, B), (B, A), (1, B), (20, 9)],
            msgs: 60,
            bytes: 5 << 20,
        };
        let o = Workload::new(&format!("{kind:?} everything"), seed, f, cfg, &shape).run();
        if kind == Kind::Braid {
            assert!(o.fabric.drops.link_down > 0, "{} {:?}", o.ctx, o.fabric);
        }
        assert!(o.fabric.duplicated > 0, "{} {:?}", o.ctx, o.fabric);
        assert!(o.total().retransmits > 0, "{} {:?}", o.ctx, o.total());
    }
}

#[test]
fn runs_are_deterministic_from_the_seed() {
    let run = || {
        let mut f = fabric(141);
        f.e2e_loss = 0.02;
        f.dup_prob = 0.02;
        let mut w = Workload::new(
            "determinism",
            141,
            f,
            net_config(Kind::Braid),
            &Shape::single(30, 2 << 20),
        );
        w.post_recvs();
        w.post_sends();
        assert!(w.net.run_to_completion(DEADLINE));
        let mut wcs = w.net.take_completions();
        wcs.sort_by_key(|c| (c.at, c.conn, c.stream, c.msn, c.wr_id));
        (wcs, w.net.total_stats(), w.net.fabric.stats(), w.net.now())
    };
    let (a, b) = (run(), run());
    assert_eq!(a, b, "seed 141: two runs differ");
}

// ------------------------------------------------------------ misuse

/// A two-host model with a few regions, for the misuse tests.
struct Small {
    net: Net,
    c: ConnId,
    /// Sender: source buffers.
    src: MemRegion,
    /// Sender: another protection domain.
    src_other_pd: MemRegion,
    /// Receiver: WRITE target (REMOTE_WRITE).
    dst: MemRegion,
    /// Receiver: receive buffers (LOCAL_WRITE only).
    recv: MemRegion,
    /// Receiver: another protection domain (both rights).
    dst_other_pd: MemRegion,
    /// Receiver: remote write but no local write.
    dst_remote_only: MemRegion,
}

const MEM: u64 = 1 << 20;

impl Small {
    fn new(kind: Kind, seed: u64, fab: FabricConfig) -> Small {
        let ctx = format!("[{kind:?} setup seed {seed}]");
        let mut net = Net::new(fab, net_config(kind));
        net.set_memory(A, MEM);
        net.set_memory(B, MEM);
        let rw = access::LOCAL_WRITE | access::REMOTE_WRITE;
        let src = net
            .reg_mr(A, PD, 4096, 256 << 10, access::LOCAL_WRITE)
            .expect(&ctx);
        let src_other_pd = net
            .reg_mr(A, PD + 1, 512 << 10, 64 << 10, access::LOCAL_WRITE)
            .expect(&ctx);
        let dst = net
            .reg_mr(B, PD, 64 << 10, 128 << 10, access::REMOTE_WRITE)
            .expect(&ctx);
        let recv = net
            .reg_mr(B, PD, 256 << 10, 128 << 10, access::LOCAL_WRITE)
            .expect(&ctx);
        let dst_other_pd = net.reg_mr(B, PD + 1, 512 << 10, 64 << 10, rw).expect(&ctx);
        let dst_remote_only = net
            .reg_mr(B, PD, 640 << 10, 64 << 10, access::REMOTE_WRITE)
            .expect(&ctx);
        let c = net.connect(A, B, PD);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let (a, l) = (src.addr as usize, src.len as usize);
        rng.fill_bytes(&mut net.memory_mut(A)[a..a + l]);
        Small {
            net,
            c,
            src,
            src_other_pd,
            dst,
            recv,
            dst_other_pd,
            dst_remote_only,
        }
    }

    fn wr(&self, wr_id: u64, op: WrOp, stream: u8, local: u64, len: u32) -> WorkRequest {
        WorkRequest {
            wr_id,
            op,
            stream,
            local,
            len,
            lkey: self.src.lkey,
        }
    }

    fn write(&self, wr_id: u64, stream: u8, local: u64, remote: u64, len: u32) -> WorkRequest {
        self.wr(
            wr_id,
            WrOp::Write {
                rkey: self.dst.rkey,
                remote,
            },
            stream,
            local,
            len,
        )
    }

    fn regions(&self) -> [MemRegion; 4] {
        [self.dst, self.recv, self.dst_other_pd, self.dst_remote_only]
    }

    /// Receiver bytes outside every registered region are all zero.
    fn outside_regions_untouched(&self, ctx: &str) {
        let mem = self.net.memory(B);
        let regions = self.regions();
        for (i, &b) in mem.iter().enumerate() {
            let i = i as u64;
            if b != 0 && !regions.iter().any(|r| r.addr <= i && i < r.addr + r.len) {
                panic!("{ctx} receiver byte {i:#x} outside every region written");
            }
        }
    }

    fn same(&self, local: u64, remote: u64, len: u32) -> bool {
        let (a, r, l) = (local as usize, remote as usize, len as usize);
        self.net.memory(A)[a..a + l] == self.net.memory(B)[r..r + l]
    }

    fn zero(&self, addr: u64, len: u64) -> bool {
        self.net.memory(B)[addr as usize..(addr + len) as usize]
            .iter()
            .all(|&b| b == 0)
    }
}

#[test]
fn post_errors_are_reported_and_consume_nothing() {
    let seed = 151;
    let ctx = format!("[post errors seed {seed}]");
    let mut s = Small::new(Kind::Braid, seed, fabric(seed));
    let c = s.c;
    let (src, src_other_pd) = (s.src, s.src_other_pd);
    let base = s.write(0, 0, src.addr, s.dst.addr, 100);
    let cases: Vec<(WorkRequest, PostError)> = vec![
        (
            WorkRequest {
                lkey: 0xdead,
                ..base
            },
            PostError::BadLkey(0xdead),
        ),
        // an rkey is not an lkey
        (
            WorkRequest {
                lkey: src.rkey,
                ..base
            },
            PostError::BadLkey(src.rkey),
        ),
        // ends one byte past the region
        (
            WorkRequest {
                local: src.addr + src.len - 99,
                ..base
            },
            PostError::OutOfRegion {
                lkey: src.lkey,
                addr: src.addr + src.len - 99,
                len: 100,
            },
        ),
        // starts one byte before it
        (
            WorkRequest {
                local: src.addr - 1,
                ..base
            },
            PostError::OutOfRegion {
                lkey: src.lkey,
                addr: src.addr - 1,
                len: 100,
            },
        ),
        // address arithmetic overflows
        (
            WorkRequest {
                local: u64::MAX - 10,
                ..base
            },
            PostError::OutOfRegion {
                lkey: src.lkey,
                addr: u64::MAX - 10,
                len: 100,
            },
        ),
        (
            WorkRequest {
                lkey: src_other_pd.lkey,
                local: src_other_pd.addr,
                ..base
            },
            PostError::PdMismatch {
                lkey: src_other_pd.lkey,
                region_pd: PD + 1,
                conn_pd: PD,
            },
        ),
        (
            WorkRequest { stream: 4, ..base },
            PostError::BadStream {
                stream: 4,
                streams: 4,
            },
        ),
        (
            WorkRequest {
                stream: 255,
                ..base
            },
            PostError::BadStream {
                stream: 255,
                streams: 4,
            },
        ),
    ];
    for (wr, err) in cases {
        assert_eq!(s.net.post_send(c, wr), Err(err.clone()), "{ctx} {wr:?}");
    }
    assert_eq!(
        s.net.post_send(c + 1, base),
        Err(PostError::NoConnection(c + 1)),
        "{ctx}"
    );
    assert_eq!(s.net.pending(c), 0, "{ctx} a failed post was queued");
    // receive buffers
    let rb = RecvBuf {
        wr_id: 500,
        addr: s.recv.addr,
        len: 4096,
        lkey: s.recv.lkey,
    };
    let recv_cases: Vec<(u8, RecvBuf, PostError)> = vec![
        (
            0,
            RecvBuf { lkey: 0xbeef, ..rb },
            PostError::BadLkey(0xbeef),
        ),
        // a region of the sender's host is unknown at the receiver
        (
            0,
            RecvBuf {
                lkey: src.lkey,
                ..rb
            },
            PostError::BadLkey(src.lkey),
        ),
        (
            0,
            RecvBuf {
                addr: s.recv.addr + s.recv.len - 4095,
                ..rb
            },
            PostError::OutOfRegion {
                lkey: s.recv.lkey,
                addr: s.recv.addr + s.recv.len - 4095,
                len: 4096,
            },
        ),
        (
            0,
            RecvBuf {
                lkey: s.dst_other_pd.lkey,
                addr: s.dst_other_pd.addr,
                ..rb
            },
            PostError::PdMismatch {
                lkey: s.dst_other_pd.lkey,
                region_pd: PD + 1,
                conn_pd: PD,
            },
        ),
        (
            0,
            RecvBuf {
                lkey: s.dst_remote_only.lkey,
                addr: s.dst_remote_only.addr,
                ..rb
            },
            PostError::NotWritable(s.dst_remote_only.lkey),
        ),
        (
            4,
            rb,
            PostError::BadStream {
                stream: 4,
                streams: 4,
            },
        ),
    ];
    for (stream, rb, err) in recv_cases {
        assert_eq!(s.net.post_recv(c, stream, rb), Err(err), "{ctx} {rb:?}");
    }
    assert_eq!(
        s.net.post_recv(c + 1, 0, rb),
        Err(PostError::NoConnection(c + 1)),
        "{ctx}"
    );
    // regions outside host memory
    assert_eq!(
        s.net.reg_mr(A, PD, MEM - 10, 11, access::LOCAL_WRITE),
        Err(PostError::BadRegion {
            host: A,
            addr: MEM - 10,
            len: 11,
            mem: MEM
        }),
        "{ctx}"
    );
    assert_eq!(
        s.net.reg_mr(A, PD, u64::MAX, 2, access::LOCAL_WRITE),
        Err(PostError::BadRegion {
            host: A,
            addr: u64::MAX,
            len: 2,
            mem: MEM
        }),
        "{ctx}"
    );
    // nothing was consumed: the first valid messages get MSN 0 and the first
    // valid receive buffer
    s.net.post_recv(c, 0, rb).expect(&ctx);
    let imm = WrOp::WriteImm {
        rkey: s.dst.rkey,
        remote: s.dst.addr + 8,
        imm: 0x1234_5678,
    };
    s.net
        .post_send(c, s.wr(1, imm, 0, src.addr, 5000))
        .expect(&ctx);
    s.net
        .post_send(
            c,
            s.wr(2, WrOp::SendImm { imm: 9 }, 0, src.addr + 8192, 4000),
        )
        .expect(&ctx);
    assert!(s.net.run_to_completion(DEADLINE), "{ctx}");
    let rx = s.net.poll_cq(B);
    let strip: Vec<_> = rx
        .iter()
        .map(|w| (w.wr_id, w.opcode, w.status, w.byte_len, w.imm, w.msn))
        .collect();
    assert_eq!(
        strip,
        vec![
            (
                0,
                WcOpcode::RecvWriteImm,
                WcStatus::Success,
                5000,
                Some(0x1234_5678),
                0
            ),
            (500, WcOpcode::Recv, WcStatus::Success, 4000, Some(9), 1),
        ],
        "{ctx}"
    );
    let tx: Vec<_> = s
        .net
        .poll_cq(A)
        .iter()
        .map(|w| (w.wr_id, w.status, w.msn))
        .collect();
    assert_eq!(
        tx,
        vec![(1, WcStatus::Success, 0), (2, WcStatus::Success, 1)],
        "{ctx}"
    );
    assert!(s.same(src.addr, s.dst.addr + 8, 5000), "{ctx}");
    assert!(s.same(src.addr + 8192, s.recv.addr, 4000), "{ctx}");
    s.outside_regions_untouched(&ctx);
}

/// What goes wrong in [`remote_error`].
#[derive(Debug, Clone, Copy)]
enum Bad {
    Rkey,
    RkeyImm,
    /// One packet across the region's end.
    OutOfBounds,
    /// Three packets, only the last one crosses the end.
    OutOfBoundsTail,
    /// Before the region's start.
    OutOfBoundsBefore,
    NoRemoteWrite,
    OtherPd,
    SendTooBig,
}

/// A valid WRITE_IMM completes first; then a bad message and two valid
/// ones behind it: the bad one completes with `Remote(reason)`, the later
/// ones are flushed, the connection is in error, and nothing outside the
/// registered regions was written.
fn remote_error(kind: Kind, seed: u64, bad: Bad, want: NackReason, loss: f64) {
    let ctx = format!("[{kind:?} remote error {bad:?} e2e {loss} seed {seed}]");
    let mut f = fabric(seed);
    f.e2e_loss = loss;
    let mut s = Small::new(kind, seed, f);
    let c = s.c;
    let src = s.src;
    let first = WrOp::WriteImm {
        rkey: s.dst.rkey,
        remote: s.dst.addr + 100,
        imm: 77,
    };
    s.net
        .post_send(c, s.wr(10, first, 0, src.addr, 10_000))
        .expect(&ctx);
    assert!(s.net.run_to_completion(DEADLINE), "{ctx}");
    let end = s.dst.addr + s.dst.len;
    let (op, len) = match bad {
        Bad::Rkey => (
            WrOp::Write {
                rkey: 0xdead_beef,
                remote: s.dst.addr,
            },
            3000,
        ),
        Bad::RkeyImm => (
            WrOp::WriteImm {
                rkey: s.dst.rkey ^ 1,
                remote: s.dst.addr,
                imm: 5,
            },
            9000,
        ),
        Bad::OutOfBounds => (
            WrOp::Write {
                rkey: s.dst.rkey,
                remote: end - 1000,
            },
            1001,
        ),
        Bad::OutOfBoundsTail => (
            WrOp::Write {
                rkey: s.dst.rkey,
                remote: end - 2 * 4096 - 100,
            },
            2 * 4096 + 101,
        ),
        Bad::OutOfBoundsBefore => (
            WrOp::WriteImm {
                rkey: s.dst.rkey,
                remote: s.dst.addr - 1,
                imm: 1,
            },
            10,
        ),
        Bad::NoRemoteWrite => (
            WrOp::Write {
                rkey: s.recv.rkey,
                remote: s.recv.addr,
            },
            500,
        ),
        Bad::OtherPd => (
            WrOp::Write {
                rkey: s.dst_other_pd.rkey,
                remote: s.dst_other_pd.addr,
            },
            500,
        ),
        Bad::SendTooBig => (WrOp::Send, 6000),
    };
    if let Bad::SendTooBig = bad {
        let rb = RecvBuf {
            wr_id: 900,
            addr: s.recv.addr + 4096,
            len: 5999,
            lkey: s.recv.lkey,
        };
        s.net.post_recv(c, 1, rb).expect(&ctx);
    }
    // the bad message on stream 1, then a plain WRITE on stream 0 and a
    // SEND on stream 2
    s.net
        .post_send(c, s.wr(11, op, 1, src.addr + 20_000, len))
        .expect(&ctx);
    let later_write = (src.addr + 40_000, s.dst.addr + 30_000, 5000u32);
    s.net
        .post_send(
            c,
            s.write(12, 0, later_write.0, later_write.1, later_write.2),
        )
        .expect(&ctx);
    let later_send = (src.addr + 60_000, s.recv.addr + (64 << 10), 3000u32);
    s.net
        .post_recv(
            c,
            2,
            RecvBuf {
                wr_id: 901,
                addr: later_send.1,
                len: 4096,
                lkey: s.recv.lkey,
            },
        )
        .expect(&ctx);
    s.net
        .post_send(c, s.wr(13, WrOp::Send, 2, later_send.0, later_send.2))
        .expect(&ctx);
    assert!(s.net.run_to_completion(DEADLINE), "{ctx} hangs");
    let tx: Vec<_> = s
        .net
        .poll_cq(A)
        .iter()
        .map(|w| (w.wr_id, w.status))
        .collect();
    assert_eq!(
        tx,
        vec![
            (10, WcStatus::Success),
            (11, WcStatus::Remote(want)),
            (12, WcStatus::Flushed),
            (13, WcStatus::Flushed),
        ],
        "{ctx}"
    );
    assert!(s.net.is_error(c), "{ctx}");
    assert!(s.net.stats(c).nacked >= 1, "{ctx}");
    assert_eq!(
        s.net.post_send(c, s.write(14, 0, src.addr, s.dst.addr, 10)),
        Err(PostError::ConnectionError(c)),
        "{ctx}"
    );
    // the receiver: the first message exactly, nothing of the bad one
    let rx = s.net.poll_cq(B);
    assert_eq!(
        rx.len() as u32,
        1 + rx.iter().filter(|w| w.wr_id == 901).count() as u32,
        "{ctx} {rx:?}"
    );
    assert_eq!(
        (
            rx[0].wr_id,
            rx[0].opcode,
            rx[0].imm,
            rx[0].msn,
            rx[0].byte_len
        ),
        (0, WcOpcode::RecvWriteImm, Some(77), 0, 10_000),
        "{ctx}"
    );
    assert!(s.same(src.addr, s.dst.addr + 100, 10_000), "{ctx}");
    match bad {
        Bad::OutOfBounds => assert!(s.zero(end - 1000, 1000), "{ctx}"),
        Bad::OutOfBoundsTail => {
            // the first two packets are in bounds and may land; the third
            // does not
            assert!(s.zero(end - 100, 100), "{ctx}");
        }
        Bad::Rkey | Bad::RkeyImm => assert!(s.zero(s.dst.addr, 100), "{ctx}"),
        Bad::NoRemoteWrite => assert!(s.zero(s.recv.addr, 4096), "{ctx}"),
        Bad::OtherPd => assert!(s.zero(s.dst_other_pd.addr, s.dst_other_pd.len), "{ctx}"),
        Bad::SendTooBig => assert!(s.zero(s.recv.addr + 4096, 6000), "{ctx}"),
        Bad::OutOfBoundsBefore => {}
    }
    // flushed messages may have landed before the error, but only where
    // they were meant to
    for (l, r, n) in [later_write, later_send] {
        let (a, b) = (
            &s.net.memory(A)[l as usize..(l + n as u64) as usize],
            &s.net.memory(B)[r as usize..(r + n as u64) as usize],
        );
        assert!(
            a.iter().zip(b).all(|(x, y)| *y == 0 || x == y),
            "{ctx} flushed message wrote wrong bytes"
        );
    }
    s.outside_regions_untouched(&ctx);
}

const FATAL_CASES: [(Bad, NackReason); 8] = [
    (Bad::Rkey, NackReason::InvalidRkey),
    (Bad::RkeyImm, NackReason::InvalidRkey),
    (Bad::OutOfBounds, NackReason::OutOfBounds),
    (Bad::OutOfBoundsTail, NackReason::OutOfBounds),
    (Bad::OutOfBoundsBefore, NackReason::OutOfBounds),
    (Bad::NoRemoteWrite, NackReason::AccessViolation),
    (Bad::OtherPd, NackReason::PdMismatch),
    (Bad::SendTooBig, NackReason::BufferTooSmall),
];

#[test]
fn fatal_nacks_complete_in_error_and_stop_the_connection() {
    for kind in [Kind::Braid, Kind::GoBackN, Kind::SelectiveRepeat] {
        for (i, &(bad, reason)) in FATAL_CASES.iter().enumerate() {
            remote_error(kind, 160 + i as u64, bad, reason, 0.0);
        }
    }
}

/// A lost NACK (or a lost ACK around it) must neither let the refused
/// message complete successfully nor hang the connection.
#[test]
fn fatal_nacks_survive_heavy_loss() {
    for kind in [Kind::Braid, Kind::GoBackN, Kind::SelectiveRepeat] {
        for seed in 0..12u64 {
            for (i, &(bad, reason)) in FATAL_CASES.iter().enumerate() {
                remote_error(kind, 1000 + seed * 16 + i as u64, bad, reason, 0.3);
            }
        }
    }
}

/// A SEND without a posted receive is retried until the receive appears,
/// and a WRITE_IMM behind it on the same stream completes after it.
#[test]
fn send_without_receive_is_retried_until_posted() {
    for (seed, kind, loss) in [
        (171u64, Kind::Braid, 0.0),
        (172, Kind::Braid, 0.05),
        (173, Kind::SelectiveRepeat, 0.0),
        (174, Kind::GoBackN, 0.0),
    ] {
        let ctx = format!("[{kind:?} RNR e2e {loss} seed {seed}]");
        let mut f = fabric(seed);
        f.e2e_loss = loss;
        let mut s = Small::new(kind, seed, f);
        let c = s.c;
        let src = s.src;
        s.net
            .post_send(c, s.wr(1, WrOp::SendImm { imm: 3 }, 1, src.addr, 10_000))
            .expect(&ctx);
        let wi = WrOp::WriteImm {
            rkey: s.dst.rkey,
            remote: s.dst.addr,
            imm: 4,
        };
        s.net
            .post_send(c, s.wr(2, wi, 1, src.addr + 16384, 7000))
            .expect(&ctx);
        s.net.run_until(300 * US);
        assert_eq!(
            s.net.poll_cq(B),
            vec![],
            "{ctx} completion before the receive"
        );
        assert_eq!(s.net.pending(c), 2, "{ctx}");
        assert!(!s.net.is_error(c), "{ctx}");
        assert!(s.net.stats(c).rnr_retries > 0, "{ctx} {:?}", s.net.stats(c));
        assert!(s.zero(s.recv.addr, s.recv.len), "{ctx}");
        let rb = RecvBuf {
            wr_id: 42,
            addr: s.recv.addr + 1000,
            len: 10_000,
            lkey: s.recv.lkey,
        };
        s.net.post_recv(c, 1, rb).expect(&ctx);
        assert!(s.net.run_to_completion(DEADLINE), "{ctx} hangs");
        let rx: Vec<_> = s
            .net
            .poll_cq(B)
            .iter()
            .map(|w| (w.wr_id, w.opcode, w.status, w.byte_len, w.imm, w.msn))
            .collect();
        assert_eq!(
            rx,
            vec![
                (42, WcOpcode::Recv, WcStatus::Success, 10_000, Some(3), 0),
                (
                    0,
                    WcOpcode::RecvWriteImm,
                    WcStatus::Success,
                    7000,
                    Some(4),
                    1
                ),
            ],
            "{ctx}"
        );
        let mut tx: Vec<_> = s
            .net
            .poll_cq(A)
            .iter()
            .map(|w| (w.wr_id, w.status))
            .collect();
        tx.sort_by_key(|w| w.0);
        assert_eq!(
            tx,
            vec![(1, WcStatus::Success), (2, WcStatus::Success)],
            "{ctx}"
        );
        assert!(s.same(src.addr, s.recv.addr + 1000, 10_000), "{ctx}");
        assert!(s.same(src.addr + 16384, s.dst.addr, 7000), "{ctx}");
        assert_eq!(s.net.stats(c).goodput_bytes, 17_000, "{ctx}");
        s.outside_regions_untouched(&ctx);
        // untouched inside the receive region around the buffer
        assert!(s.zero(s.recv.addr, 1000), "{ctx}");
        assert!(s.zero(s.recv.addr + 11_000, s.recv.len - 11_000), "{ctx}");
    }
}

/// The fabric's duplication option itself: every packet arrives once or
/// twice, the copy at most one propagation delay after the original,
/// deterministically from the seed.
#[test]
fn fabric_duplicates_packets_deterministically() {
    use braid_sim::fabric::{Event, Fabric, Packet};
    let run = |seed: u64, dup: f64| {
        let mut c = fabric(seed);
        c.dup_prob = dup;
        let prop = c.prop_ps;
        let mut f: Fabric<u64> = Fabric::new(c);
        for k in 0..2000u64 {
            f.send(Packet {
                src: A,
                dst: B,
                sport: 1000 + (k % 64) as u16,
                dport: 4791,
                bytes: 1500,
                ce: false,
                payload: k,
            });
        }
        let mut seen: HashMap<u64, Vec<Time>> = HashMap::new();
        while let Some((t, ev)) = f.next_event() {
            if let Event::Deliver(p) = ev {
                seen.entry(p.payload).or_default().push(t);
            }
        }
        for k in 0..2000u64 {
            let ts = &seen[&k];
            assert!(
                ts.len() == 1 || (ts.len() == 2 && ts[1] - ts[0] <= prop),
                "seed {seed}: packet {k} delivered at {ts:?}"
            );
        }
        (
            seen.values().filter(|v| v.len() == 2).count() as u64,
            f.stats(),
        )
    };
    for seed in [201u64, 202] {
        let (twice, st) = run(seed, 0.1);
        assert_eq!(twice, st.duplicated, "seed {seed}");
        assert_eq!(st.delivered, 2000 + st.duplicated, "seed {seed}");
        assert!((120..=280).contains(&twice), "seed {seed}: {twice} copies");
        assert_eq!(run(seed, 0.1).1, st, "seed {seed}: not deterministic");
        let (twice, st) = run(seed, 0.0);
        assert_eq!(
            (twice, st.duplicated, st.delivered),
            (0, 0, 2000),
            "seed {seed}"
        );
    }
}
