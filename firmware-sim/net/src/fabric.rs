//! Multipath fabric simulator: discrete events, deterministic from a seed.
//!
//! Topology: `planes` parallel two-tier leaf-spine networks. Every host has
//! one NIC port per plane, to its leaf in that plane; every leaf has one
//! link to every spine of its plane. The NIC picks the plane from the
//! flow's 5-tuple (so the UDP source port, a Braid path, picks it) and every
//! leaf picks the spine by an ECMP hash of the 5-tuple over its live
//! uplinks (resilient hashing: only the flows of a failed uplink move):
//! one UDP source port is one route, so packets of one path stay in order
//! while different paths spread over the fabric.
//!
//! Output-queued ports with finite buffers (tail drop) and an ECN marking
//! threshold (CE set when the queue ahead of the packet exceeds it);
//! serialization at the port rate and propagation delay per link; per-hop
//! random loss and Gilbert-Elliott bursty loss per link; end-to-end loss
//! (each packet dropped once with probability p before delivery: the
//! protocol's definition of "loss p"); duplication (a delivered packet
//! delivered again, a little later, with probability `dup_prob`); links
//! that fail and recover at given times, with ECMP routing around a failed
//! link after a detection delay.
//!
//! The simulator is pulled: [`Fabric::next_event`] advances time to the next
//! event the transport must see (a packet delivered to a host, or a timer
//! it set) and returns it; the transport reacts with [`Fabric::send`] and
//! [`Fabric::timer`] at the current time. Time is in picoseconds.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Simulated time in picoseconds.
pub type Time = u64;

/// Picoseconds per second.
pub const PS_PER_SEC: u64 = 1_000_000_000_000;

/// Host index.
pub type HostId = u32;

/// A packet on the fabric. `payload` is the transport's own data.
#[derive(Debug, Clone)]
pub struct Packet<P> {
    /// Sending host.
    pub src: HostId,
    /// Receiving host.
    pub dst: HostId,
    /// UDP source port: the path's ECMP entropy.
    pub sport: u16,
    /// UDP destination port.
    pub dport: u16,
    /// Bytes on the wire (headers, payload, FCS; preamble and gap are
    /// added per port from [`FabricConfig::wire_overhead`]).
    pub bytes: u32,
    /// ECN congestion experienced, set by a switch.
    pub ce: bool,
    /// The transport's data.
    pub payload: P,
}

/// Random loss on a link.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum LossModel {
    /// No random loss.
    None,
    /// Each packet dropped independently with this probability.
    Bernoulli(f64),
    /// Gilbert-Elliott: a good and a bad state; per packet, move good ->
    /// bad with `p_gb` and bad -> good with `p_bg`; drop with `loss_good`
    /// or `loss_bad` in the state the packet finds.
    GilbertElliott {
        /// Probability of entering the bad state, per packet.
        p_gb: f64,
        /// Probability of leaving it, per packet.
        p_bg: f64,
        /// Loss probability in the good state.
        loss_good: f64,
        /// Loss probability in the bad state.
        loss_bad: f64,
    },
}

/// A link failure (both directions) between time `down` and `up`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LinkFailure {
    /// Plane of the link.
    pub plane: u32,
    /// Leaf end.
    pub leaf: u32,
    /// Spine end.
    pub spine: u32,
    /// Failure time.
    pub down: Time,
    /// Recovery time (`Time::MAX`: never).
    pub up: Time,
}

impl LinkFailure {
    /// A flapping link: `count` failures of the link (plane, leaf, spine),
    /// the first at `start`, one every `period`, each `down_for` long.
    pub fn flapping(
        plane: u32,
        leaf: u32,
        spine: u32,
        start: Time,
        period: Time,
        down_for: Time,
        count: u32,
    ) -> Vec<LinkFailure> {
        assert!(
            down_for < period,
            "a flapping link comes back before it fails again"
        );
        (0..count as u64)
            .map(|k| LinkFailure {
                plane,
                leaf,
                spine,
                down: start + k * period,
                up: start + k * period + down_for,
            })
            .collect()
    }
}

/// A spine that drops what it forwards, silently, from `from` to `until`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BlackHole {
    /// Plane of the spine.
    pub plane: u32,
    /// The spine.
    pub spine: u32,
    /// Start.
    pub from: Time,
    /// End (`Time::MAX`: never).
    pub until: Time,
}

/// Fabric parameters.
#[derive(Debug, Clone)]
pub struct FabricConfig {
    /// Hosts.
    pub hosts: u32,
    /// Hosts per leaf switch.
    pub hosts_per_leaf: u32,
    /// Spines per plane.
    pub spines: u32,
    /// Parallel planes (each host has one port per plane).
    pub planes: u32,
    /// Host port rate (bits/s).
    pub host_rate_bps: u64,
    /// Leaf-spine link rate (bits/s).
    pub fabric_rate_bps: u64,
    /// Propagation delay per link.
    pub prop_ps: Time,
    /// Switch output buffer per port (bytes); tail drop beyond it.
    pub buffer_bytes: u64,
    /// ECN marking threshold per port (bytes queued ahead of the packet).
    pub ecn_bytes: u64,
    /// Preamble + start delimiter + inter-frame gap, added to each packet's
    /// serialization time (20 bytes on Ethernet).
    pub wire_overhead: u32,
    /// Random loss on every switch output link (per hop).
    pub link_loss: LossModel,
    /// End-to-end loss: each packet is dropped once with this probability
    /// on its way (applied at delivery).
    pub e2e_loss: f64,
    /// Duplication: each packet that reaches its destination host is
    /// delivered a second time with this probability (0 = never). The copy
    /// arrives up to `prop_ps` after the original (a uniformly drawn delay,
    /// so it may be reordered with later packets), is never lost and never
    /// duplicated again. Deterministic from `seed`; with 0 no random draw
    /// is made, so runs are identical to a fabric without the option.
    pub dup_prob: f64,
    /// Reordering: each packet that reaches its destination host is held
    /// back with this probability (0 = never) by a uniformly drawn delay
    /// up to `reorder_ps`, so later packets, of its own path too, overtake
    /// it. With 0 no random draw is made.
    pub reorder_prob: f64,
    /// The longest hold of a reordered packet.
    pub reorder_ps: Time,
    /// Corruption inside a switch (after one link's FCS check, before the
    /// next link's FCS is made, so no FCS catches it): each packet that
    /// reaches its destination host is corrupted with this probability by
    /// the hook of [`Fabric::set_corrupt`] (0 = never; with 0 no random
    /// draw is made).
    pub corrupt_prob: f64,
    /// The random faults (`link_loss`, `e2e_loss`, `dup_prob`,
    /// `reorder_prob`, `corrupt_prob`) act only before this time
    /// (`Time::MAX`: always), so a run can check that the transport
    /// recovers once they stop.
    pub faults_until: Time,
    /// Scheduled link failures.
    pub failures: Vec<LinkFailure>,
    /// Black holes: a spine that silently drops every packet it would
    /// forward between the times given, while its links stay up, so
    /// routing never moves around it (a faulty ECMP member). The paths
    /// hashed onto it lose everything; the others lose nothing.
    pub black_holes: Vec<BlackHole>,
    /// Plane failures: (plane, down, up): every link of the plane.
    pub plane_failures: Vec<(u32, Time, Time)>,
    /// Time for switches to route around a failed link.
    pub detect_ps: Time,
    /// Seed of every random choice.
    pub seed: u64,
}

impl FabricConfig {
    /// A small default: `hosts` hosts, 16 per leaf, 4 spines, 1 plane,
    /// 400 Gb/s everywhere, 500 ns links, 1 MiB buffers, ECN at 100 KiB.
    pub fn leaf_spine(hosts: u32) -> FabricConfig {
        FabricConfig {
            hosts,
            hosts_per_leaf: 16,
            spines: 4,
            planes: 1,
            host_rate_bps: 400_000_000_000,
            fabric_rate_bps: 400_000_000_000,
            prop_ps: 500_000,
            buffer_bytes: 1 << 20,
            ecn_bytes: 100 << 10,
            wire_overhead: 20,
            link_loss: LossModel::None,
            e2e_loss: 0.0,
            dup_prob: 0.0,
            reorder_prob: 0.0,
            reorder_ps: 0,
            corrupt_prob: 0.0,
            faults_until: Time::MAX,
            failures: Vec::new(),
            black_holes: Vec::new(),
            plane_failures: Vec::new(),
            detect_ps: 10_000_000,
            seed: 1,
        }
    }

    /// Leaves per plane.
    pub fn leaves(&self) -> u32 {
        self.hosts.div_ceil(self.hosts_per_leaf)
    }

    /// Serialization time of `bytes` at `rate` (rounded up to a picosecond).
    pub fn ser_ps(&self, bytes: u32, rate_bps: u64) -> Time {
        let bits = (bytes as u128 + self.wire_overhead as u128) * 8;
        (bits * PS_PER_SEC as u128).div_ceil(rate_bps as u128) as Time
    }
}

/// What the transport sees.
#[derive(Debug)]
pub enum Event<P> {
    /// A packet arrived at its destination host.
    Deliver(Packet<P>),
    /// A timer set with [`Fabric::timer`] fired.
    Timer {
        /// The host that set it.
        host: HostId,
        /// Its token.
        token: u64,
    },
}

/// Why packets were dropped.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Drops {
    /// Switch buffer full (tail drop).
    pub buffer: u64,
    /// Random per-hop loss (Bernoulli or Gilbert-Elliott).
    pub link: u64,
    /// End-to-end loss.
    pub e2e: u64,
    /// Sent into a failed link, or queued on it when it failed.
    pub link_down: u64,
    /// Chosen by the drop filter ([`Fabric::set_drop`]).
    pub chosen: u64,
    /// Dropped by a black-holed spine.
    pub black_hole: u64,
    /// Corrupted and caught by a check the transport's packets stand for
    /// (the hook of [`Fabric::set_corrupt`] said so).
    pub corrupt: u64,
}

/// Counters of a run.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stats {
    /// Packets handed to [`Fabric::send`].
    pub sent: u64,
    /// Packets delivered to hosts.
    pub delivered: u64,
    /// Packets delivered with CE set.
    pub ce_marked: u64,
    /// Extra copies delivered by duplication ([`FabricConfig::dup_prob`];
    /// also counted in `delivered`).
    pub duplicated: u64,
    /// Drops by reason.
    pub drops: Drops,
    /// Largest switch queue seen (bytes).
    pub max_queue: u64,
    /// Internal events processed.
    pub events: u64,
    /// Packets the egress hook took out of the fabric
    /// ([`Fabric::set_egress`]).
    pub egress: u64,
    /// Packets injected from outside ([`Fabric::inject`]; also counted in
    /// `delivered`).
    pub injected: u64,
    /// Packets held back by reordering (counted in `delivered` when they
    /// arrive).
    pub reordered: u64,
    /// Packets corrupted and delivered all the same (the receiver judges
    /// them; also counted in `delivered`).
    pub corrupted: u64,
}

/// A capture callback (see [`Fabric::set_tap`]).
pub type TapFn<P> = Box<dyn FnMut(Time, &Packet<P>)>;
/// A drop filter (see [`Fabric::set_drop`]).
pub type DropFn<P> = Box<dyn FnMut(Time, &Packet<P>) -> bool>;
/// A corruption hook (see [`Fabric::set_corrupt`]).
pub type CorruptFn<P> = Box<dyn FnMut(&mut Packet<P>, u64) -> bool>;
/// An egress hook (see [`Fabric::set_egress`]).
pub type EgressFn<P> = Box<dyn FnMut(Time, Packet<P>) -> Option<Packet<P>>>;

/// Node of the topology.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Node {
    Host(u32),
    Leaf(u32, u32),
    Spine(u32, u32),
}

/// One output port (a unidirectional link and its queue).
#[derive(Debug)]
struct Port {
    rate_bps: u64,
    to: Node,
    /// When the last packet accepted finishes serializing: the queue is
    /// FIFO at a constant rate, so its backlog at any time follows from
    /// this alone, and a packet's arrival at the far end is known when it
    /// is queued (one event per hop).
    free_at: Time,
    /// Host NIC ports never drop (the transport paces itself).
    switch: bool,
    up: bool,
    /// Gilbert-Elliott state: true = bad.
    bad: bool,
    /// Bumped when the link fails: events and packets of an older
    /// generation were on the link and are gone.
    gen: u32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Ev {
    /// Packet arrives at a node (node code, packet, via port, generation).
    Arrive(u32, u32, u32, u32),
    /// A user timer.
    Timer(u32, u64),
    /// Link (leaf port, spine port) changes state.
    Link(u32, u32, bool),
    /// Routing learns the current link states.
    Converge,
    /// A duplicate copy (packet) reaches its destination host.
    Dup(u32),
    /// A packet from outside the fabric reaches its destination host.
    Inject(u32),
    /// A packet held back by reordering reaches its destination host.
    Late(u32),
}

/// The simulator.
pub struct Fabric<P> {
    cfg: FabricConfig,
    now: Time,
    seq: u64,
    heap: crate::evq::EventQueue<Ev>,
    ports: Vec<Port>,
    /// Packet slab and its free list.
    pkts: Vec<Option<Packet<P>>>,
    free: Vec<u32>,
    rng: ChaCha8Rng,
    stats: Stats,
    /// host_port[h * planes + p]; leaf_down[(p * leaves + l) * hpl + i];
    /// leaf_up[(p * leaves + l) * spines + s]; spine_down[(p * spines + s) * leaves + l].
    host_port: Vec<u32>,
    leaf_down: Vec<u32>,
    leaf_up: Vec<u32>,
    spine_down: Vec<u32>,
    /// Routing view: may spine s of plane p be used from leaf l toward leaf d?
    /// Rebuilt on convergence from link states.
    route_ok: Vec<bool>,
    /// Sees every packet handed to [`Fabric::send`] (a capture point).
    tap: Option<TapFn<P>>,
    drop: Option<DropFn<P>>,
    egress: Option<EgressFn<P>>,
    corrupt: Option<CorruptFn<P>>,
}

fn mix(mut x: u64) -> u64 {
    // splitmix64 finalizer
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

impl<P> Fabric<P> {
    /// Build the topology of `cfg`.
    pub fn new(cfg: FabricConfig) -> Fabric<P> {
        assert!(cfg.hosts > 0 && cfg.hosts_per_leaf > 0 && cfg.spines > 0 && cfg.planes > 0);
        let leaves = cfg.leaves();
        let mut ports = Vec::new();
        let mut mk = |rate, to, switch| {
            ports.push(Port {
                rate_bps: rate,
                to,
                free_at: 0,
                switch,
                up: true,
                bad: false,
                gen: 0,
            });
            (ports.len() - 1) as u32
        };
        let mut host_port = Vec::new();
        for h in 0..cfg.hosts {
            for p in 0..cfg.planes {
                host_port.push(mk(
                    cfg.host_rate_bps,
                    Node::Leaf(p, h / cfg.hosts_per_leaf),
                    false,
                ));
            }
        }
        let mut leaf_down = Vec::new();
        let mut leaf_up = Vec::new();
        let mut spine_down = Vec::new();
        for p in 0..cfg.planes {
            for l in 0..leaves {
                for i in 0..cfg.hosts_per_leaf {
                    // the last leaf may have unused ports (never routed to)
                    let h = (l * cfg.hosts_per_leaf + i).min(cfg.hosts - 1);
                    leaf_down.push(mk(cfg.host_rate_bps, Node::Host(h), true));
                }
                for s in 0..cfg.spines {
                    leaf_up.push(mk(cfg.fabric_rate_bps, Node::Spine(p, s), true));
                }
            }
            for _spine in 0..cfg.spines {
                for l in 0..leaves {
                    spine_down.push(mk(cfg.fabric_rate_bps, Node::Leaf(p, l), true));
                }
            }
        }
        let route_ok = vec![true; (cfg.planes * leaves * leaves * cfg.spines) as usize];
        let mut f = Fabric {
            rng: ChaCha8Rng::seed_from_u64(cfg.seed),
            now: 0,
            seq: 0,
            heap: crate::evq::EventQueue::default(),
            ports,
            pkts: Vec::new(),
            free: Vec::new(),
            stats: Stats::default(),
            host_port,
            leaf_down,
            leaf_up,
            spine_down,
            route_ok,
            tap: None,
            drop: None,
            egress: None,
            corrupt: None,
            cfg,
        };
        let mut changes = Vec::new();
        for lf in f.cfg.failures.clone() {
            changes.push((lf.plane, lf.leaf, lf.spine, lf.down, lf.up));
        }
        for (p, down, up) in f.cfg.plane_failures.clone() {
            for l in 0..leaves {
                for s in 0..f.cfg.spines {
                    changes.push((p, l, s, down, up));
                }
            }
        }
        for (p, l, s, down, up) in changes {
            let a = f.leaf_up[((p * leaves + l) * f.cfg.spines + s) as usize];
            let b = f.spine_down[((p * f.cfg.spines + s) * leaves + l) as usize];
            f.push(down, Ev::Link(a, b, false));
            if up != Time::MAX {
                f.push(up, Ev::Link(a, b, true));
            }
        }
        f
    }

    /// Move the clock to `t` when no event is due before it (time passes
    /// with nothing happening); otherwise leave it.
    pub fn idle_until(&mut self, t: Time) {
        if t > self.now && self.heap.peek_time().is_none_or(|n| n >= t) {
            self.now = t;
        }
    }

    /// Time of the next scheduled event, if any.
    pub fn next_time(&mut self) -> Option<Time> {
        self.heap.peek_time()
    }

    /// Current simulated time.
    pub fn now(&self) -> Time {
        self.now
    }

    /// The configuration.
    pub fn config(&self) -> &FabricConfig {
        &self.cfg
    }

    /// Counters so far.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    fn push(&mut self, t: Time, ev: Ev) {
        self.seq += 1;
        self.heap.push(t, self.seq, ev);
    }

    /// Call `tap` with every packet handed to [`Fabric::send`] from now on.
    pub fn set_tap(&mut self, tap: impl FnMut(Time, &Packet<P>) + 'static) {
        self.tap = Some(Box::new(tap));
    }

    /// Lose every packet handed to [`Fabric::send`] for which `drop`
    /// returns true (after the tap has seen it), counted in
    /// `drops.chosen`: a test's exact loss pattern.
    pub fn set_drop(&mut self, drop: impl FnMut(Time, &Packet<P>) -> bool + 'static) {
        self.drop = Some(Box::new(drop));
    }

    /// Hand a packet to the source host's NIC at the current time.
    pub fn send(&mut self, pkt: Packet<P>) {
        assert!(
            pkt.src < self.cfg.hosts && pkt.dst < self.cfg.hosts,
            "host out of range"
        );
        self.stats.sent += 1;
        if let Some(tap) = self.tap.as_mut() {
            tap(self.now, &pkt);
        }
        if self.drop.as_mut().is_some_and(|d| d(self.now, &pkt)) {
            self.stats.drops.chosen += 1;
            return;
        }
        let pkt = match self.egress.as_mut() {
            Some(e) => match e(self.now, pkt) {
                Some(p) => p,
                None => {
                    self.stats.egress += 1;
                    return;
                }
            },
            None => pkt,
        };
        let plane = self.plane_of(pkt.src, pkt.dst, pkt.sport, pkt.dport);
        let port = self.host_port[(pkt.src * self.cfg.planes + plane) as usize];
        let id = self.alloc(pkt);
        self.enqueue(port, id);
    }

    /// The corruption of [`FabricConfig::corrupt_prob`]: `corrupt` gets
    /// the packet and a random word, changes the packet (a bit flipped
    /// inside the frame, say), and returns whether it is still delivered
    /// (true: the receiver judges it) or is caught by a check that the
    /// transport's packet stands for and is dropped (counted in
    /// `drops.corrupt`).
    pub fn set_corrupt(&mut self, corrupt: impl FnMut(&mut Packet<P>, u64) -> bool + 'static) {
        self.corrupt = Some(Box::new(corrupt));
    }

    /// Hand every packet [`Fabric::send`] gets (after the tap and the drop
    /// filter) to `egress` first: a packet it returns takes the fabric's
    /// links as usual, one it keeps has left the fabric (a real network
    /// carries it; counted in [`Stats::egress`]).
    pub fn set_egress(
        &mut self,
        egress: impl FnMut(Time, Packet<P>) -> Option<Packet<P>> + 'static,
    ) {
        self.egress = Some(Box::new(egress));
    }

    /// Deliver a packet that arrived from outside the fabric to its
    /// destination host now (after the events already due now).
    pub fn inject(&mut self, pkt: Packet<P>) {
        assert!(pkt.dst < self.cfg.hosts, "host out of range");
        let id = self.alloc(pkt);
        self.push(self.now, Ev::Inject(id));
    }

    /// Fire `Event::Timer { host, token }` at time `at` (not before now).
    pub fn timer(&mut self, at: Time, host: HostId, token: u64) {
        self.push(at.max(self.now), Ev::Timer(host, token));
    }

    fn alloc(&mut self, pkt: Packet<P>) -> u32 {
        match self.free.pop() {
            Some(i) => {
                self.pkts[i as usize] = Some(pkt);
                i
            }
            None => {
                self.pkts.push(Some(pkt));
                (self.pkts.len() - 1) as u32
            }
        }
    }

    fn take(&mut self, id: u32) -> Packet<P> {
        self.free.push(id);
        self.pkts[id as usize].take().expect("live packet")
    }

    fn flow_hash(&self, p: &Packet<P>, salt: u64) -> u64 {
        self.tuple_hash(p.src, p.dst, p.sport, p.dport, salt)
    }

    fn tuple_hash(&self, src: HostId, dst: HostId, sport: u16, dport: u16, salt: u64) -> u64 {
        mix((src as u64) << 40
            ^ (dst as u64) << 16
            ^ mix((sport as u64) << 16 | dport as u64 | 17 << 32)
            ^ mix(salt ^ self.cfg.seed))
    }

    /// The plane (NIC port) a packet with this 5-tuple leaves on: the NIC
    /// hashes the plane like a switch hashes the spine, so a transport can
    /// schedule each of its ports separately. The hash is symmetric in the
    /// two hosts, so a reply (an ACK with the same ports) returns on the
    /// plane its data came in on.
    pub fn plane_of(&self, src: HostId, dst: HostId, sport: u16, dport: u16) -> u32 {
        let (a, b) = (src.min(dst), src.max(dst));
        (self.tuple_hash(a, b, sport, dport, 0x7a11) % self.cfg.planes as u64) as u32
    }

    fn enqueue(&mut self, port: u32, id: u32) {
        let bytes = self.pkts[id as usize].as_ref().expect("live").bytes;
        let now = self.now;
        let pt = &self.ports[port as usize];
        if !pt.up {
            self.stats.drops.link_down += 1;
            self.take(id);
            return;
        }
        // bytes still to serialize ahead of this packet (wire bytes,
        // preamble and gap included)
        let backlog = (pt.free_at.saturating_sub(now) as u128 * pt.rate_bps as u128
            / 8
            / PS_PER_SEC as u128) as u64;
        let wire = (bytes + self.cfg.wire_overhead) as u64;
        if pt.switch {
            if backlog + wire > self.cfg.buffer_bytes {
                self.stats.drops.buffer += 1;
                self.take(id);
                return;
            }
            if backlog > self.cfg.ecn_bytes {
                self.pkts[id as usize].as_mut().expect("live").ce = true;
            }
            if backlog + wire > self.stats.max_queue {
                self.stats.max_queue = backlog + wire;
            }
        }
        let ser = self.cfg.ser_ps(bytes, pt.rate_bps);
        let pt = &mut self.ports[port as usize];
        let done = pt.free_at.max(now) + ser;
        pt.free_at = done;
        let (to, gen) = (pt.to, pt.gen);
        let node = match to {
            Node::Host(h) => h,
            Node::Leaf(p, l) => 0x8000_0000 | (p * self.cfg.leaves() + l),
            Node::Spine(p, s) => 0x4000_0000 | (p * self.cfg.spines + s),
        };
        self.push(done + self.cfg.prop_ps, Ev::Arrive(node, id, port, gen));
    }

    fn link_loss(&mut self, port: u32) -> bool {
        let pt = &mut self.ports[port as usize];
        if !pt.switch || self.now >= self.cfg.faults_until {
            return false;
        }
        match self.cfg.link_loss {
            LossModel::None => false,
            LossModel::Bernoulli(p) => self.rng.gen_bool(p),
            LossModel::GilbertElliott {
                p_gb,
                p_bg,
                loss_good,
                loss_bad,
            } => {
                let flip = if pt.bad { p_bg } else { p_gb };
                if self.rng.gen_bool(flip) {
                    pt.bad = !pt.bad;
                }
                self.rng.gen_bool(if pt.bad { loss_bad } else { loss_good })
            }
        }
    }

    fn route(&self, node: Node, pkt: &Packet<P>) -> Option<u32> {
        let c = &self.cfg;
        let leaves = c.leaves();
        let dst_leaf = pkt.dst / c.hosts_per_leaf;
        match node {
            Node::Host(_) => None,
            Node::Leaf(p, l) => {
                if l == dst_leaf {
                    let i = pkt.dst - l * c.hosts_per_leaf;
                    Some(self.leaf_down[((p * leaves + l) * c.hosts_per_leaf + i) as usize])
                } else {
                    // resilient ECMP over the spines routing says reach
                    // dst_leaf: a flow keeps its spine while that spine is
                    // usable; only flows of a failed spine are re-spread
                    // over the live ones
                    let base = ((p * leaves + l) * leaves + dst_leaf) * c.spines;
                    let ok = &self.route_ok[base as usize..(base + c.spines) as usize];
                    let h = self.flow_hash(pkt, 0x1eaf_0000 | (p * leaves + l) as u64);
                    let first = (h % c.spines as u64) as usize;
                    if ok[first] {
                        return Some(
                            self.leaf_up[((p * leaves + l) * c.spines + first as u32) as usize],
                        );
                    }
                    let n = ok.iter().filter(|x| **x).count() as u64;
                    if n == 0 {
                        return None;
                    }
                    let mut k = mix(h) % n;
                    for (s, alive) in ok.iter().enumerate() {
                        if *alive {
                            if k == 0 {
                                return Some(
                                    self.leaf_up[((p * leaves + l) * c.spines + s as u32) as usize],
                                );
                            }
                            k -= 1;
                        }
                    }
                    None
                }
            }
            Node::Spine(p, s) => {
                Some(self.spine_down[((p * c.spines + s) * leaves + dst_leaf) as usize])
            }
        }
    }

    fn converge(&mut self) {
        let c = &self.cfg;
        let leaves = c.leaves();
        for p in 0..c.planes {
            for l in 0..leaves {
                for d in 0..leaves {
                    for s in 0..c.spines {
                        let up = self.ports
                            [self.leaf_up[((p * leaves + l) * c.spines + s) as usize] as usize]
                            .up;
                        let down = self.ports
                            [self.spine_down[((p * c.spines + s) * leaves + d) as usize] as usize]
                            .up;
                        self.route_ok[(((p * leaves + l) * leaves + d) * c.spines + s) as usize] =
                            up && down;
                    }
                }
            }
        }
    }

    fn set_link(&mut self, port: u32, up: bool) {
        let pt = &mut self.ports[port as usize];
        pt.up = up;
        if !up {
            // everything queued or on the wire is lost: their arrival
            // events carry the old generation
            pt.free_at = self.now;
            pt.gen = pt.gen.wrapping_add(1);
        }
    }
}

impl<P: Clone> Fabric<P> {
    /// Advance to the next event the transport must see, or `None` when
    /// nothing is left to happen.
    pub fn next_event(&mut self) -> Option<(Time, Event<P>)> {
        while let Some((t, _, ev)) = self.heap.pop() {
            self.now = t;
            self.stats.events += 1;
            match ev {
                Ev::Arrive(node, id, via, gen) => {
                    if self.ports[via as usize].gen != gen {
                        // queued or propagating on the link when it failed
                        self.stats.drops.link_down += 1;
                        self.take(id);
                        continue;
                    }
                    if self.link_loss(via) {
                        self.stats.drops.link += 1;
                        self.take(id);
                        continue;
                    }
                    let node = if node & 0x8000_0000 != 0 {
                        let x = node & 0x3fff_ffff;
                        Node::Leaf(x / self.cfg.leaves(), x % self.cfg.leaves())
                    } else if node & 0x4000_0000 != 0 {
                        let x = node & 0x3fff_ffff;
                        Node::Spine(x / self.cfg.spines, x % self.cfg.spines)
                    } else {
                        Node::Host(node)
                    };
                    if let Node::Spine(p, s) = node {
                        let now = self.now;
                        if self
                            .cfg
                            .black_holes
                            .iter()
                            .any(|b| b.plane == p && b.spine == s && b.from <= now && now < b.until)
                        {
                            self.stats.drops.black_hole += 1;
                            self.take(id);
                            continue;
                        }
                    }
                    if let Node::Host(_) = node {
                        let mut pkt = self.take(id);
                        if self.now >= self.cfg.faults_until {
                            self.stats.delivered += 1;
                            self.stats.ce_marked += pkt.ce as u64;
                            return Some((t, Event::Deliver(pkt)));
                        }
                        if self.cfg.e2e_loss > 0.0 && self.rng.gen_bool(self.cfg.e2e_loss) {
                            self.stats.drops.e2e += 1;
                            continue;
                        }
                        if self.cfg.corrupt_prob > 0.0 && self.rng.gen_bool(self.cfg.corrupt_prob) {
                            let word = self.rng.gen::<u64>();
                            let hook = self
                                .corrupt
                                .as_mut()
                                .expect("corrupt_prob > 0 needs Fabric::set_corrupt");
                            if !hook(&mut pkt, word) {
                                self.stats.drops.corrupt += 1;
                                continue;
                            }
                            self.stats.corrupted += 1;
                        }
                        if self.cfg.dup_prob > 0.0 && self.rng.gen_bool(self.cfg.dup_prob) {
                            let delay = self.rng.gen_range(0..=self.cfg.prop_ps);
                            let copy = self.alloc(pkt.clone());
                            self.push(self.now + delay, Ev::Dup(copy));
                        }
                        if self.cfg.reorder_prob > 0.0 && self.rng.gen_bool(self.cfg.reorder_prob) {
                            let delay = self.rng.gen_range(1..=self.cfg.reorder_ps.max(1));
                            let late = self.alloc(pkt);
                            self.stats.reordered += 1;
                            self.push(self.now + delay, Ev::Late(late));
                            continue;
                        }
                        self.stats.delivered += 1;
                        self.stats.ce_marked += pkt.ce as u64;
                        return Some((t, Event::Deliver(pkt)));
                    }
                    let route = {
                        let pkt = self.pkts[id as usize].as_ref().expect("live");
                        self.route(node, pkt)
                    };
                    match route {
                        Some(port) => self.enqueue(port, id),
                        None => {
                            self.stats.drops.link_down += 1;
                            self.take(id);
                        }
                    }
                }
                Ev::Timer(host, token) => return Some((t, Event::Timer { host, token })),
                Ev::Link(a, b, up) => {
                    self.set_link(a, up);
                    self.set_link(b, up);
                    self.push(self.now + self.cfg.detect_ps, Ev::Converge);
                }
                Ev::Converge => self.converge(),
                Ev::Inject(id) => {
                    let pkt = self.take(id);
                    self.stats.delivered += 1;
                    self.stats.injected += 1;
                    self.stats.ce_marked += pkt.ce as u64;
                    return Some((t, Event::Deliver(pkt)));
                }
                Ev::Late(id) => {
                    let pkt = self.take(id);
                    self.stats.delivered += 1;
                    self.stats.ce_marked += pkt.ce as u64;
                    return Some((t, Event::Deliver(pkt)));
                }
                Ev::Dup(id) => {
                    let pkt = self.take(id);
                    self.stats.delivered += 1;
                    self.stats.duplicated += 1;
                    self.stats.ce_marked += pkt.ce as u64;
                    return Some((t, Event::Deliver(pkt)));
                }
            }
        }
        None
    }
}
