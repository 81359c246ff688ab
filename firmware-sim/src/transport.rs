//! Braid transport model at packet level, running on the fabric simulator.
//!
//! This first version carries one bulk WRITE stream per connection and
//! implements the data path of the protocol: spraying over N paths with
//! open windows (one UDP source port per path), per-path PSNs, the
//! receiver's per-path base + 256-PSN SACK window with the sender's floor
//! (`braid-spec` section 6), exactly-once accounting over the CSN,
//! immediate retransmission of losses proven by a SACK hole (under a new
//! PSN, on whichever path is open), per-path RTT estimation and tail-loss
//! timeouts with re-hashing of a path that keeps timing out, and per-path
//! DCTCP-style ECN windows. Not yet here (issue 3): receiver rate hints and
//! pacing below line rate, SEND/stream matching and completions, memory
//! regions, and the baselines.

use crate::fabric::{Event, Fabric, FabricConfig, HostId, Packet, Time};
use braid_spec::wire::braid::{ACK_EXT_LEN, BASE_HEADER_LEN, WRITE_EXT_LEN};
use braid_spec::wire::eth::ETHERNET_LEN;
use braid_spec::wire::ip::IPV4_LEN;
use braid_spec::wire::udp::UDP_LEN;
use braid_spec::Sack256;
use std::collections::{BTreeMap, BTreeSet, VecDeque};

/// Ethernet FCS bytes.
pub const FCS_LEN: u32 = 4;

/// Bytes on the wire of a WRITE data packet with `payload` bytes (IPv4).
pub fn data_bytes(payload: u32) -> u32 {
    (ETHERNET_LEN + IPV4_LEN + UDP_LEN + BASE_HEADER_LEN + WRITE_EXT_LEN) as u32 + payload + FCS_LEN
}

/// Bytes on the wire of an ACK (IPv4).
pub fn ack_bytes() -> u32 {
    (ETHERNET_LEN + IPV4_LEN + UDP_LEN + BASE_HEADER_LEN + ACK_EXT_LEN) as u32 + FCS_LEN
}

/// What a packet carries in the model (Braid, and the RoCEv2 go-back-N
/// baseline's data/ACK/NAK).
#[derive(Debug, Clone)]
pub enum Msg {
    /// Go-back-N data packet (RoCEv2 RC style: one PSN space, one path).
    GbnData {
        /// PSN.
        psn: u32,
        /// Payload bytes.
        len: u32,
    },
    /// Go-back-N ACK: every PSN before `psn` received in order.
    GbnAck {
        /// Next expected PSN.
        psn: u32,
    },
    /// Go-back-N NAK (sequence error): resend from `psn`.
    GbnNak {
        /// Expected PSN.
        psn: u32,
    },
    /// A WRITE data packet.
    Data {
        /// Path id.
        path: u8,
        /// Path PSN.
        psn: u32,
        /// Connection sequence number (kept across retransmissions).
        csn: u32,
        /// `psn - floor`.
        floor_delta: u16,
        /// Payload bytes.
        len: u32,
        /// Send time (echoed in the ACK).
        ts: Time,
    },
    /// An ACK for one path.
    Ack {
        /// Path id.
        path: u8,
        /// Cumulative base PSN.
        base: u32,
        /// Bit j = PSN `base + j` received.
        sack: Sack256,
        /// The acknowledged data packet carried CE.
        ce: bool,
        /// Its send time.
        ts_echo: Time,
    },
}

/// Transport parameters.
#[derive(Debug, Clone)]
pub struct BraidConfig {
    /// Paths per connection.
    pub paths: u8,
    /// Payload bytes per packet.
    pub mtu: u32,
    /// Initial window per path, packets.
    pub init_cwnd: f64,
    /// Largest window per path, packets (at most 256: the SACK window).
    pub max_cwnd: f64,
    /// Smallest retransmission timeout.
    pub min_rto: Time,
    /// DCTCP gain.
    pub dctcp_g: f64,
    /// Consecutive timeouts after which a path gets a new UDP source port.
    pub rehash_after: u32,
    /// Packets sent in a row on one path before the sprayer moves on
    /// (short bursts let the SACK of a packet's successor prove its loss
    /// within a packet time).
    pub spray_burst: u32,
}

impl Default for BraidConfig {
    fn default() -> Self {
        BraidConfig {
            paths: 16,
            mtu: 4096,
            init_cwnd: 8.0,
            max_cwnd: 256.0,
            min_rto: 20_000_000, // 20 us
            dctcp_g: 1.0 / 16.0,
            rehash_after: 1,
            spray_burst: 4,
        }
    }
}

#[derive(Debug, Clone, Copy)]
struct Sent {
    csn: u32,
    len: u32,
    at: Time,
}

#[derive(Debug)]
struct TxPath {
    sport: u16,
    nxt: u32,
    outstanding: BTreeMap<u32, Sent>,
    cwnd: f64,
    alpha: f64,
    acked: u32,
    marked: u32,
    window_end: u32,
    srtt: f64,
    rttvar: f64,
    rto_deadline: Option<Time>,
    timeouts: u32,
}

impl TxPath {
    /// Retransmission timeout: srtt + 4 rttvar, at least `min`.
    fn rto(&self, min: Time) -> Time {
        ((self.srtt + 4.0 * self.rttvar) as Time).max(min)
    }

    fn floor(&self) -> u32 {
        self.outstanding.keys().next().copied().unwrap_or(self.nxt)
    }
}

#[derive(Debug, Default)]
struct RxPath {
    base: u32,
    /// bit j = base + j received
    bits: Sack256,
}

impl RxPath {
    fn shift(&mut self, n: u32) {
        self.bits = self.bits.shr(n as usize);
        self.base = self.base.wrapping_add(n);
    }
}

/// Counters of one sender/receiver pair.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct BraidStats {
    /// Data packets sent (first transmissions and retransmissions).
    pub data_sent: u64,
    /// Retransmissions.
    pub retransmits: u64,
    /// Losses proven by a SACK hole.
    pub sack_losses: u64,
    /// Retransmission timeouts (per path).
    pub timeouts: u64,
    /// Packets queued for retransmission by a timeout.
    pub timeouts_resent: u64,
    /// Paths moved to a new UDP source port.
    pub rehashes: u64,
    /// Unique payload bytes the receiver counted (exactly once).
    pub goodput_bytes: u64,
    /// Duplicate data packets at the receiver (not counted again).
    pub duplicates: u64,
}

/// One connection from `src` to `dst` carrying an endless bulk WRITE.
pub struct BulkWrite {
    cfg: BraidConfig,
    src: HostId,
    dst: HostId,
    paths: Vec<TxPath>,
    rx: Vec<RxPath>,
    next_csn: u32,
    retx: VecDeque<(u32, u32)>,
    rx_csn: BTreeSet<u32>,
    rx_csn_base: u32,
    rr: usize,
    sending: bool,
    /// Stats so far.
    pub stats: BraidStats,
}

const TICK: u64 = 1 << 40;
const RTO: u64 = 2 << 40;

impl BulkWrite {
    /// A connection with `cfg.paths` paths.
    pub fn new(cfg: BraidConfig, src: HostId, dst: HostId) -> Self {
        let paths = (0..cfg.paths)
            .map(|p| TxPath {
                sport: 0xc000 + p as u16 * 37,
                nxt: 0,
                outstanding: BTreeMap::new(),
                cwnd: cfg.init_cwnd,
                alpha: 0.0,
                acked: 0,
                marked: 0,
                window_end: 0,
                srtt: 0.0,
                rttvar: 0.0,
                rto_deadline: None,
                timeouts: 0,
            })
            .collect();
        let rx = (0..cfg.paths).map(|_| RxPath::default()).collect();
        BulkWrite {
            cfg,
            src,
            dst,
            paths,
            rx,
            next_csn: 0,
            retx: VecDeque::new(),
            rx_csn: BTreeSet::new(),
            rx_csn_base: 0,
            rr: 0,
            sending: false,
            stats: BraidStats::default(),
        }
    }

    /// Start sending at the current time.
    pub fn start(&mut self, f: &mut Fabric<Msg>) {
        self.try_send(f);
    }

    /// Send one packet if a path is open; keep the NIC busy at line rate
    /// with a tick per packet time.
    fn try_send(&mut self, f: &mut Fabric<Msg>) {
        if self.sending {
            return;
        }
        let n = self.paths.len();
        let mut chosen = None;
        for k in 0..n {
            let i = (self.rr + k) % n;
            let p = &self.paths[i];
            if (p.outstanding.len() as f64) < p.cwnd.floor().max(1.0)
                && p.nxt.wrapping_sub(p.floor()) < 255
            {
                chosen = Some(i);
                break;
            }
        }
        let Some(i) = chosen else { return };
        self.rr = i + 1;
        let (csn, len, is_retx) = match self.retx.pop_front() {
            Some((csn, len)) => (csn, len, true),
            None => {
                let c = self.next_csn;
                self.next_csn = self.next_csn.wrapping_add(1);
                (c, self.cfg.mtu, false)
            }
        };
        let now = f.now();
        let rto = self.paths[i].rto(self.cfg.min_rto);
        let p = &mut self.paths[i];
        let psn = p.nxt;
        p.nxt = p.nxt.wrapping_add(1);
        p.outstanding.insert(psn, Sent { csn, len, at: now });
        let floor_delta = psn.wrapping_sub(p.floor()) as u16;
        if p.rto_deadline.is_none() {
            p.rto_deadline = Some(now + rto);
            f.timer(now + rto, self.src, RTO | i as u64);
        }
        let bytes = data_bytes(len);
        f.send(Packet {
            src: self.src,
            dst: self.dst,
            sport: p.sport,
            dport: braid_spec::BRAID_UDP_PORT,
            bytes,
            ce: false,
            payload: Msg::Data {
                path: i as u8,
                psn,
                csn,
                floor_delta,
                len,
                ts: now,
            },
        });
        self.stats.data_sent += 1;
        self.stats.retransmits += is_retx as u64;
        self.sending = true;
        let ser = f.config().ser_ps(bytes, f.config().host_rate_bps);
        f.timer(now + ser, self.src, TICK);
    }

    /// Handle an event addressed to this connection's hosts.
    pub fn handle(&mut self, f: &mut Fabric<Msg>, ev: Event<Msg>) {
        match ev {
            Event::Timer { token, .. } if token == TICK => {
                self.sending = false;
                self.try_send(f);
            }
            Event::Timer { token, .. } if token & RTO == RTO => {
                self.on_rto(f, (token & 0xff) as usize)
            }
            Event::Timer { .. } => {}
            Event::Deliver(pkt) => match pkt.payload {
                Msg::Data {
                    path,
                    psn,
                    csn,
                    floor_delta,
                    len,
                    ts,
                } => self.on_data(f, pkt.sport, path, psn, csn, floor_delta, len, ts, pkt.ce),
                Msg::Ack {
                    path,
                    base,
                    sack,
                    ce,
                    ts_echo,
                } => self.on_ack(f, path, base, &sack, ce, ts_echo),
                _ => {}
            },
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn on_data(
        &mut self,
        f: &mut Fabric<Msg>,
        sport: u16,
        path: u8,
        psn: u32,
        csn: u32,
        fd: u16,
        len: u32,
        ts: Time,
        ce: bool,
    ) {
        let r = &mut self.rx[path as usize];
        if fd < 256 {
            let floor = psn.wrapping_sub(fd as u32);
            let d = floor.wrapping_sub(r.base);
            if d != 0 && (d as i32) > 0 {
                r.shift(d);
            }
        }
        let j = psn.wrapping_sub(r.base);
        if j < 256 {
            r.bits.set(j as usize, true);
        }
        // slide over the leading received run
        let run = (0..256).find(|&k| !r.bits.get(k)).unwrap_or(256) as u32;
        r.shift(run);
        let (base, sack) = (r.base, r.bits);
        // exactly once over the CSN
        if csn.wrapping_sub(self.rx_csn_base) as i32 >= 0 && self.rx_csn.insert(csn) {
            self.stats.goodput_bytes += len as u64;
            while self.rx_csn.remove(&self.rx_csn_base) {
                self.rx_csn_base = self.rx_csn_base.wrapping_add(1);
            }
        } else {
            self.stats.duplicates += 1;
        }
        f.send(Packet {
            src: self.dst,
            dst: self.src,
            sport,
            dport: braid_spec::BRAID_UDP_PORT,
            bytes: ack_bytes(),
            ce: false,
            payload: Msg::Ack {
                path,
                base,
                sack,
                ce,
                ts_echo: ts,
            },
        });
    }

    fn on_ack(
        &mut self,
        f: &mut Fabric<Msg>,
        path: u8,
        base: u32,
        sack: &Sack256,
        ce: bool,
        ts_echo: Time,
    ) {
        let now = f.now();
        let g = self.cfg.dctcp_g;
        let max_cwnd = self.cfg.max_cwnd;
        let p = &mut self.paths[path as usize];
        // RTT sample (RFC 6298 gains)
        let r = (now - ts_echo) as f64;
        if p.srtt == 0.0 {
            p.srtt = r;
            p.rttvar = r / 2.0;
        } else {
            p.rttvar = 0.75 * p.rttvar + 0.25 * (p.srtt - r).abs();
            p.srtt = 0.875 * p.srtt + 0.125 * r;
        }
        let top = sack.highest_set().map(|t| t as u32);
        let mut acked = 0u32;
        let mut lost = Vec::new();
        let keys: Vec<u32> = p.outstanding.keys().copied().collect();
        for psn in keys {
            let j = psn.wrapping_sub(base);
            let below = (j as i32) < 0;
            if below || (j < 256 && sack.get(j as usize)) {
                p.outstanding.remove(&psn);
                acked += 1;
            } else if j < 256 && top.map(|t| t > j).unwrap_or(false) {
                let s = p.outstanding.remove(&psn).expect("present");
                lost.push((s.csn, s.len));
            }
        }
        // DCTCP: alpha once per window of acknowledged PSNs
        p.acked += acked;
        p.marked += ce as u32;
        if base.wrapping_sub(p.window_end) as i32 >= 0 {
            let frac = if p.acked > 0 {
                p.marked as f64 / p.acked as f64
            } else {
                0.0
            };
            p.alpha = (1.0 - g) * p.alpha + g * frac;
            if p.marked > 0 {
                p.cwnd = (p.cwnd * (1.0 - p.alpha / 2.0)).max(1.0);
            }
            p.acked = 0;
            p.marked = 0;
            p.window_end = p.nxt;
        }
        if !ce {
            p.cwnd = (p.cwnd + acked as f64 / p.cwnd).min(max_cwnd);
        }
        if acked > 0 {
            p.timeouts = 0;
        }
        p.rto_deadline = None;
        if let Some(oldest) = p.outstanding.values().map(|s| s.at).min() {
            let rto = p.rto(self.cfg.min_rto);
            p.rto_deadline = Some(oldest + rto);
            f.timer(oldest + rto, self.src, RTO | path as u64);
        }
        self.stats.sack_losses += lost.len() as u64;
        for l in lost.into_iter().rev() {
            self.retx.push_front(l);
        }
        self.try_send(f);
    }

    fn on_rto(&mut self, f: &mut Fabric<Msg>, path: usize) {
        let now = f.now();
        let p = &mut self.paths[path];
        match p.rto_deadline {
            Some(d) if d <= now => {}
            _ => return, // re-armed since
        }
        p.rto_deadline = None;
        let all: Vec<Sent> = p.outstanding.values().copied().collect();
        p.outstanding.clear();
        p.timeouts += 1;
        self.stats.timeouts += 1;
        if p.timeouts >= self.cfg.rehash_after {
            p.sport = p.sport.wrapping_add(0x1357);
            p.timeouts = 0;
            self.stats.rehashes += 1;
        }
        self.stats.timeouts_resent += all.len() as u64;
        for s in all {
            self.retx.push_back((s.csn, s.len));
        }
        self.try_send(f);
    }
}

/// The RoCEv2 RC baseline: one path (one UDP source port, one ECMP hash),
/// go-back-N. The receiver accepts only the expected PSN, NAKs the first
/// gap once, and ACKs in-order arrivals; the sender goes back to the NAKed
/// PSN, or to the oldest unacknowledged one after `timeout`. No PFC; with
/// one flow and no marking, DCQCN keeps the line rate, so the sender
/// sends at line rate whenever it has something to send.
pub struct GoBackN {
    src: HostId,
    dst: HostId,
    mtu: u32,
    sport: u16,
    timeout: Time,
    una: u32,
    nxt: u32,
    /// Highest PSN sent so far + 1 (new data beyond it).
    top: u32,
    deadline: Option<Time>,
    sending: bool,
    expected: u32,
    nak_sent: bool,
    /// Counters: data packets sent, retransmissions, timeouts, goodput.
    pub stats: BraidStats,
}

impl GoBackN {
    /// A connection with a retransmission timeout of `timeout`.
    pub fn new(src: HostId, dst: HostId, mtu: u32, timeout: Time) -> Self {
        GoBackN {
            src,
            dst,
            mtu,
            sport: 0xc000,
            timeout,
            una: 0,
            nxt: 0,
            top: 0,
            deadline: None,
            sending: false,
            expected: 0,
            nak_sent: false,
            stats: BraidStats::default(),
        }
    }

    fn try_send(&mut self, f: &mut Fabric<Msg>) {
        if self.sending {
            return;
        }
        let now = f.now();
        let psn = self.nxt;
        self.nxt = self.nxt.wrapping_add(1);
        if psn.wrapping_sub(self.top) as i32 >= 0 {
            self.top = psn.wrapping_add(1);
        } else {
            self.stats.retransmits += 1;
        }
        let bytes = data_bytes(self.mtu);
        f.send(Packet {
            src: self.src,
            dst: self.dst,
            sport: self.sport,
            dport: 4791,
            bytes,
            ce: false,
            payload: Msg::GbnData { psn, len: self.mtu },
        });
        self.stats.data_sent += 1;
        if self.deadline.is_none() {
            self.deadline = Some(now + self.timeout);
            f.timer(now + self.timeout, self.src, RTO);
        }
        self.sending = true;
        let ser = f.config().ser_ps(bytes, f.config().host_rate_bps);
        f.timer(now + ser, self.src, TICK);
    }

    fn reply(&self, f: &mut Fabric<Msg>, m: Msg) {
        f.send(Packet {
            src: self.dst,
            dst: self.src,
            sport: self.sport,
            dport: 4791,
            bytes: ack_bytes(),
            ce: false,
            payload: m,
        });
    }
}

/// A transport the benchmarks can drive.
pub trait Transport {
    /// Begin sending.
    fn start(&mut self, f: &mut Fabric<Msg>);
    /// React to an event.
    fn handle(&mut self, f: &mut Fabric<Msg>, ev: Event<Msg>);
    /// Counters.
    fn stats(&self) -> BraidStats;
}

impl Transport for BulkWrite {
    fn start(&mut self, f: &mut Fabric<Msg>) {
        BulkWrite::start(self, f)
    }
    fn handle(&mut self, f: &mut Fabric<Msg>, ev: Event<Msg>) {
        BulkWrite::handle(self, f, ev)
    }
    fn stats(&self) -> BraidStats {
        self.stats
    }
}

impl Transport for GoBackN {
    fn start(&mut self, f: &mut Fabric<Msg>) {
        self.try_send(f);
    }
    fn handle(&mut self, f: &mut Fabric<Msg>, ev: Event<Msg>) {
        let now = f.now();
        match ev {
            Event::Timer { token, .. } if token == TICK => {
                self.sending = false;
                self.try_send(f);
            }
            Event::Timer { token, .. } if token == RTO => {
                if let Some(d) = self.deadline {
                    if d <= now {
                        // go back to the oldest unacknowledged packet
                        self.stats.timeouts += 1;
                        self.nxt = self.una;
                        self.deadline = Some(now + self.timeout);
                        f.timer(now + self.timeout, self.src, RTO);
                    }
                }
            }
            Event::Timer { .. } => {}
            Event::Deliver(pkt) => match pkt.payload {
                Msg::GbnData { psn, len } => {
                    if psn == self.expected {
                        self.expected = self.expected.wrapping_add(1);
                        self.nak_sent = false;
                        self.stats.goodput_bytes += len as u64;
                        self.reply(f, Msg::GbnAck { psn: self.expected });
                    } else if (psn.wrapping_sub(self.expected) as i32) > 0 {
                        // out of order: dropped; NAK the gap once
                        if !self.nak_sent {
                            self.nak_sent = true;
                            self.reply(f, Msg::GbnNak { psn: self.expected });
                        }
                    } else {
                        self.stats.duplicates += 1;
                        self.reply(f, Msg::GbnAck { psn: self.expected });
                    }
                }
                Msg::GbnAck { psn } | Msg::GbnNak { psn } => {
                    if (psn.wrapping_sub(self.una) as i32) > 0 {
                        self.una = psn;
                        self.deadline = Some(now + self.timeout);
                        f.timer(now + self.timeout, self.src, RTO);
                    }
                    if let Msg::GbnNak { .. } = pkt.payload {
                        self.stats.sack_losses += 1;
                        self.nxt = psn;
                    }
                }
                _ => {}
            },
        }
    }
    fn stats(&self) -> BraidStats {
        self.stats
    }
}

/// Which transport a benchmark row ran.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Braid: 16 sprayed paths.
    Braid,
    /// RoCEv2 RC: one path, go-back-N, with a retransmission timeout.
    GoBackN,
    /// IRN-like: one path, selective repeat (SACK), window capped at the
    /// bandwidth-delay product.
    SelectiveRepeat,
}

impl Kind {
    /// Name in tables and JSON.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Braid => "braid",
            Kind::GoBackN => "roce-gbn",
            Kind::SelectiveRepeat => "sr-irn",
        }
    }
}

/// One row of the loss benchmark.
#[derive(Debug, Clone, Copy)]
pub struct LossRow {
    /// Transport.
    pub kind: Kind,
    /// Loss probability: end to end, or on every switch hop when `per_hop`.
    pub loss: f64,
    /// The loss applies on every switch hop (3 for data, 3 for ACKs).
    pub per_hop: bool,
    /// Goodput over the sender's line rate.
    pub goodput_frac: f64,
    /// The physical limit: the delivered fraction ((1 - loss), or
    /// (1 - loss)^3 per hop) x payload / wire bytes.
    pub limit: f64,
    /// Counters.
    pub stats: BraidStats,
}

/// Two hosts, one connection of `kind`, random end-to-end loss `loss`
/// (data and ACKs alike), `sim_ps` of simulated time; goodput is measured
/// after the first tenth (start-up).
pub fn loss_point(
    fab: &FabricConfig,
    cfg: &BraidConfig,
    kind: Kind,
    loss: f64,
    sim_ps: Time,
) -> LossRow {
    loss_point_tapped(fab, cfg, kind, loss, false, sim_ps, None)
}

/// A capture point on the fabric (see [`Fabric::set_tap`]).
pub type Tap = Box<dyn FnMut(Time, &Packet<Msg>)>;

/// [`loss_point`] with a capture tap on the fabric.
pub fn loss_point_tapped(
    fab: &FabricConfig,
    cfg: &BraidConfig,
    kind: Kind,
    loss: f64,
    per_hop: bool,
    sim_ps: Time,
    tap: Option<Tap>,
) -> LossRow {
    let mut fc = fab.clone();
    if per_hop {
        fc.link_loss = crate::fabric::LossModel::Bernoulli(loss);
    } else {
        fc.e2e_loss = loss;
    }
    let dst = fc.hosts - 1;
    let mut f: Fabric<Msg> = Fabric::new(fc);
    if let Some(tap) = tap {
        f.set_tap(tap);
    }
    let mut t: Box<dyn Transport> = match kind {
        Kind::Braid => Box::new(BulkWrite::new(cfg.clone(), 0, dst)),
        Kind::GoBackN => Box::new(GoBackN::new(0, dst, cfg.mtu, 1_000_000_000)),
        Kind::SelectiveRepeat => {
            // one path, window = bandwidth-delay product (base RTT ~4.6 us
            // at 400 Gb/s: 56 packets of 4 KiB)
            let bdp = 56.0;
            let c = BraidConfig {
                paths: 1,
                init_cwnd: bdp,
                max_cwnd: bdp,
                ..cfg.clone()
            };
            Box::new(BulkWrite::new(c, 0, dst))
        }
    };
    t.start(&mut f);
    let warm = sim_ps / 10;
    let mut at_warm = None;
    while let Some((now, ev)) = f.next_event() {
        if at_warm.is_none() && now >= warm {
            at_warm = Some(t.stats().goodput_bytes);
        }
        if now >= sim_ps {
            break;
        }
        t.handle(&mut f, ev);
    }
    let stats = t.stats();
    let bytes = stats.goodput_bytes - at_warm.unwrap_or(0);
    let secs = (sim_ps - warm) as f64 / 1e12;
    let rate = fab.host_rate_bps as f64;
    let wire = data_bytes(cfg.mtu) + fab.wire_overhead;
    let delivered = if per_hop {
        (1.0 - loss).powi(3)
    } else {
        1.0 - loss
    };
    LossRow {
        kind,
        loss,
        per_hop,
        goodput_frac: bytes as f64 * 8.0 / secs / rate,
        limit: delivered * cfg.mtu as f64 / wire as f64,
        stats,
    }
}

/// The loss sweep of `braid-sim bench loss`: 2 hosts on a 32-host, 8-spine
/// fabric, p in {0, 0.1%, 1%, 5%, 10%}, braid and both baselines; 1 ms of
/// simulated time per point when `quick`, else 5 ms.
pub fn loss_sweep(quick: bool, seed: u64) -> Vec<LossRow> {
    let mut fab = FabricConfig::leaf_spine(32);
    fab.spines = 8;
    fab.seed = seed;
    let cfg = BraidConfig::default();
    let sim_ps = if quick { 1_000_000_000 } else { 5_000_000_000 };
    let mut rows = Vec::new();
    for loss in [0.0, 0.001, 0.01, 0.05, 0.1] {
        for kind in [Kind::Braid, Kind::GoBackN, Kind::SelectiveRepeat] {
            rows.push(loss_point(&fab, &cfg, kind, loss, sim_ps));
        }
    }
    // the harsher variant: the same p on every switch hop
    for loss in [0.001, 0.01, 0.05, 0.1] {
        for kind in [Kind::Braid, Kind::GoBackN, Kind::SelectiveRepeat] {
            rows.push(loss_point_tapped(
                &fab, &cfg, kind, loss, true, sim_ps, None,
            ));
        }
    }
    rows
}

/// The sweep as a fixed-width table (also the snapshot format).
pub fn loss_table(rows: &[LossRow]) -> String {
    let mut t = format!(
        "{:>6} {:>5} {:>10} {:>14} {:>9} {:>8} {:>9} {:>8}\n",
        "loss", "where", "transport", "goodput_frac", "limit", "sent", "retransm", "timeouts"
    );
    for r in rows {
        t.push_str(&format!(
            "{:>6} {:>5} {:>10} {:>14.4} {:>9.4} {:>8} {:>9} {:>8}\n",
            r.loss,
            if r.per_hop { "hop" } else { "e2e" },
            r.kind.name(),
            r.goodput_frac,
            r.limit,
            r.stats.data_sent,
            r.stats.retransmits,
            r.stats.timeouts
        ));
    }
    t
}

/// MAC address of host `h` in captures (locally administered).
pub fn host_mac(h: HostId) -> [u8; 6] {
    [0x02, 0x42, 0x52, (h >> 16) as u8, (h >> 8) as u8, h as u8]
}

/// IPv4 address of host `h` in captures (10.x.y.z).
pub fn host_ip(h: HostId) -> [u8; 4] {
    [10, (h >> 16) as u8, (h >> 8) as u8, h as u8]
}

/// A model packet as a real Ethernet/IPv4/UDP/Braid frame (FCS not
/// included, payload zeros), per `braid-spec`; `None` for the baselines'
/// packets, which are not Braid.
pub fn frame_of(p: &Packet<Msg>) -> Option<Vec<u8>> {
    use braid_spec::wire::braid::{AckRepr, BaseRepr, Body, BraidRepr, Flags, Opcode, WriteRepr};
    use braid_spec::wire::eth::EthernetRepr;
    use braid_spec::wire::frame::{emit_frame_vec, FrameRepr};
    use braid_spec::wire::ip::{IpRepr, Ipv4Repr};
    use braid_spec::wire::udp::UdpRepr;
    let (base, body, payload_len) = match &p.payload {
        Msg::Data {
            path,
            psn,
            csn,
            floor_delta,
            len,
            ts,
        } => (
            BaseRepr {
                opcode: Opcode::Write,
                flags: Flags(Flags::ACK_REQ),
                path_id: *path,
                dst_conn: 1,
                path_psn: *psn,
                csn: *csn,
                timestamp: (*ts / 1000) as u32,
                payload_len: *len as u16,
                floor_delta: *floor_delta,
            },
            Body::Write {
                ext: WriteRepr {
                    rkey: 0x1000,
                    va: 0x7f00_0000_0000 + *csn as u64 * *len as u64,
                    stream: 0,
                    msn: 0,
                    msg_len: 0,
                },
                imm: None,
            },
            *len as usize,
        ),
        Msg::Ack {
            path,
            base,
            sack,
            ce,
            ts_echo,
        } => (
            BaseRepr {
                opcode: Opcode::Ack,
                flags: Flags(0),
                path_id: *path,
                dst_conn: 1,
                path_psn: 0,
                csn: 0,
                timestamp: 0,
                payload_len: 0,
                floor_delta: 0,
            },
            Body::Ack(AckRepr {
                base_psn: *base,
                csn_base: 0,
                ts_echo: (*ts_echo / 1000) as u32,
                ecn_count: *ce as u16,
                rate_hint: 0,
                sack: *sack,
            }),
            0,
        ),
        _ => return None,
    };
    let repr = FrameRepr {
        eth: EthernetRepr {
            dst: host_mac(p.dst),
            src: host_mac(p.src),
            vlan: None,
        },
        ip: IpRepr::V4(Ipv4Repr {
            dscp: 0,
            ecn: if p.ce { 3 } else { 1 },
            ident: 0,
            dont_frag: true,
            ttl: 64,
            src: host_ip(p.src),
            dst: host_ip(p.dst),
        }),
        udp: UdpRepr {
            src_port: p.sport,
            dst_port: p.dport,
            checksum: false,
        },
        braid: BraidRepr { base, body },
    };
    emit_frame_vec(&repr, &vec![0u8; payload_len]).ok()
}

/// An SVG line chart of goodput against loss, one line per transport plus
/// the physical limit.
pub fn loss_svg(rows: &[LossRow]) -> String {
    let (w, h, m) = (640.0, 400.0, 60.0);
    let losses: Vec<f64> = {
        let mut v: Vec<f64> = rows.iter().filter(|r| !r.per_hop).map(|r| r.loss).collect();
        v.dedup();
        v
    };
    let xs = |i: usize| m + (w - 2.0 * m) * i as f64 / (losses.len().max(2) - 1) as f64;
    let ys = |g: f64| h - m - (h - 2.0 * m) * g.clamp(0.0, 1.0);
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" font-family=\"sans-serif\" font-size=\"12\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n<text x=\"{}\" y=\"24\" text-anchor=\"middle\" font-size=\"15\">Goodput / line rate against end-to-end loss (2 hosts, 400 Gb/s, 4 KiB)</text>\n",
        w / 2.0
    );
    for k in 0..=10 {
        let g = k as f64 / 10.0;
        s += &format!(
            "<line x1=\"{m}\" x2=\"{}\" y1=\"{y}\" y2=\"{y}\" stroke=\"#ddd\"/><text x=\"{}\" y=\"{}\" text-anchor=\"end\">{g:.1}</text>\n",
            w - m,
            m - 6.0,
            ys(g) + 4.0,
            y = ys(g)
        );
    }
    for (i, l) in losses.iter().enumerate() {
        s += &format!(
            "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}%</text>\n",
            xs(i),
            h - m + 18.0,
            l * 100.0
        );
    }
    s += &format!(
        "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">loss p (data and ACKs)</text>\n",
        w / 2.0,
        h - 16.0
    );
    let mut series: Vec<(&str, &str, Vec<f64>)> = vec![(
        "limit",
        "#999",
        losses
            .iter()
            .map(|l| {
                rows.iter()
                    .find(|r| r.loss == *l)
                    .map(|r| r.limit)
                    .unwrap_or(0.0)
            })
            .collect(),
    )];
    for (kind, color) in [
        (Kind::Braid, "#d62728"),
        (Kind::SelectiveRepeat, "#1f77b4"),
        (Kind::GoBackN, "#2ca02c"),
    ] {
        let v: Vec<f64> = losses
            .iter()
            .map(|l| {
                rows.iter()
                    .find(|r| r.loss == *l && r.kind == kind)
                    .map(|r| r.goodput_frac)
                    .unwrap_or(0.0)
            })
            .collect();
        series.push((kind.name(), color, v));
    }
    for (k, (name, color, v)) in series.iter().enumerate() {
        let pts: Vec<String> = v
            .iter()
            .enumerate()
            .map(|(i, g)| format!("{:.1},{:.1}", xs(i), ys(*g)))
            .collect();
        let dash = if *name == "limit" {
            " stroke-dasharray=\"5,4\""
        } else {
            ""
        };
        s += &format!(
            "<polyline fill=\"none\" stroke=\"{color}\" stroke-width=\"2\"{dash} points=\"{}\"/>\n<text x=\"{}\" y=\"{}\" fill=\"{color}\">{name}</text>\n",
            pts.join(" "),
            w - m - 90.0,
            h - m - 120.0 + 16.0 * k as f64
        );
    }
    s += "</svg>\n";
    s
}

/// Captured frames: (time in ns, frame bytes).
pub type Frames = Vec<(u64, Vec<u8>)>;

/// Frames of the first `max` packets a braid connection sends (data and
/// ACKs) at end-to-end loss `loss`, with their send times in ns.
pub fn capture_braid(loss: f64, max: usize, seed: u64) -> Frames {
    use std::cell::RefCell;
    use std::rc::Rc;
    let mut fab = FabricConfig::leaf_spine(32);
    fab.spines = 8;
    fab.seed = seed;
    let frames: Rc<RefCell<Frames>> = Rc::new(RefCell::new(Vec::new()));
    let sink = frames.clone();
    let tap: Tap = Box::new(move |t: Time, p: &Packet<Msg>| {
        let mut v = sink.borrow_mut();
        if v.len() < max {
            if let Some(fr) = frame_of(p) {
                v.push((t / 1000, fr));
            }
        }
    });
    loss_point_tapped(
        &fab,
        &BraidConfig::default(),
        Kind::Braid,
        loss,
        false,
        200_000_000,
        Some(tap),
    );
    let v = frames.borrow().clone();
    v
}
