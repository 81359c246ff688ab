//! Seeded correctness tests of the complete transport model
//! (`braid_net::net`): every message is delivered exactly once and byte-exact
//! under loss, bursts, duplication, reordering and failures; completions come
//! in MSN order per stream; misuse is reported (post errors, fatal NACKs,
//! receiver-not-ready retries). Packets carry real payload bytes drawn from a
//! seeded ChaCha8 generator; every assertion message names its seed.

use braid_net::config::Kind;
use braid_net::fabric::{FabricConfig, HostId, LinkFailure, LossModel, Time};
use braid_net::net::{
    access, Completion, ConnId, ConnStats, MemRegion, Net, NetConfig, PostError, RecvBuf, WcOpcode,
    WcStatus, WorkRequest, WrOp,
};
use braid_spec::wire::braid::NackReason;
use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

#[path = "../common/mod.rs"]
mod common;
use common::{fabric, two_hosts, write_wr};

mod baselines;
mod braid;
mod delivery;
mod misuse;

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
/// Time by which about a third of the standard workload has gone out.
const MID: Time = 30 * US;
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
    fabric: braid_net::fabric::Stats,
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
