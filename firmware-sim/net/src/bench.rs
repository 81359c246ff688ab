//! The benchmark scenarios of `braid-sim bench`: loss sweep, incast,
//! planes, failover and ring all-reduce, each for Braid and the two
//! baselines on the same fabric, driven through the verbs-like API of
//! [`crate::net`].

use crate::config::Kind;
use crate::fabric::{FabricConfig, LinkFailure, LossModel, Time, PS_PER_SEC};
use crate::net::{
    access, data_frame_bytes, ConnId, ConnStats, Net, NetConfig, WcOpcode, WorkRequest, WrOp,
};
use crate::plot::{goodput_svg, Series};
use braid_spec::wire::braid::Opcode;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::io::IsTerminal;

static SIM_PACKETS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// Data packets simulated by the scenarios of this process so far (for
/// the simulator-speed figure).
pub fn simulated_packets() -> u64 {
    SIM_PACKETS.load(std::sync::atomic::Ordering::Relaxed)
}

fn count(n: &Net) {
    SIM_PACKETS.fetch_add(
        n.total_stats().data_sent,
        std::sync::atomic::Ordering::Relaxed,
    );
}

/// The three transports, Braid first.
pub const KINDS: [Kind; 3] = [Kind::Braid, Kind::GoBackN, Kind::SelectiveRepeat];

/// A value in a benchmark row.
#[derive(Debug, Clone, PartialEq)]
pub enum Val {
    /// Integer.
    I(i64),
    /// Float with the given number of decimals in tables.
    F(f64, usize),
    /// Text.
    S(String),
}

impl Val {
    fn table(&self) -> String {
        match self {
            Val::I(v) => v.to_string(),
            Val::F(v, d) if v.is_finite() => format!("{v:.d$}", d = *d),
            Val::F(..) => "-".into(),
            Val::S(s) => s.clone(),
        }
    }
    fn json(&self) -> String {
        match self {
            Val::I(v) => v.to_string(),
            Val::F(v, _) if v.is_finite() => format!("{v}"),
            Val::F(..) => "null".into(),
            Val::S(s) => format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\"")),
        }
    }
}

/// One row of a scenario: its parameters and metrics, in column order.
#[derive(Debug, Clone)]
pub struct Row {
    /// Scenario name.
    pub scenario: &'static str,
    /// Transport.
    pub transport: Kind,
    /// (name, value) columns.
    pub cols: Vec<(&'static str, Val)>,
}

impl Row {
    /// A row with no columns yet.
    pub fn new(scenario: &'static str, transport: Kind) -> Row {
        Row {
            scenario,
            transport,
            cols: Vec::new(),
        }
    }
    /// Add an integer column.
    pub fn i(mut self, k: &'static str, v: impl Into<i64>) -> Row {
        self.cols.push((k, Val::I(v.into())));
        self
    }
    /// Add a number column shown with `d` decimals.
    pub fn f(mut self, k: &'static str, v: f64, d: usize) -> Row {
        self.cols.push((k, Val::F(v, d)));
        self
    }
    /// Add a text column.
    pub fn s(mut self, k: &'static str, v: impl Into<String>) -> Row {
        self.cols.push((k, Val::S(v.into())));
        self
    }
    /// A column by name.
    pub fn get(&self, k: &str) -> Option<&Val> {
        self.cols.iter().find(|(n, _)| *n == k).map(|(_, v)| v)
    }
    /// A numeric column by name.
    pub fn num(&self, k: &str) -> f64 {
        match self.get(k) {
            Some(Val::I(v)) => *v as f64,
            Some(Val::F(v, _)) => *v,
            _ => f64::NAN,
        }
    }
    /// The row as one JSON object.
    pub fn json(&self) -> String {
        let mut s = format!(
            "{{\"scenario\":\"{}\",\"transport\":\"{}\"",
            self.scenario,
            self.transport.name()
        );
        for (k, v) in &self.cols {
            s.push_str(&format!(",\"{k}\":{}", v.json()));
        }
        s.push('}');
        s
    }
}

/// Rows as a fixed-width table (columns in order of first appearance).
pub fn table(rows: &[Row]) -> String {
    let mut names: Vec<&str> = vec!["transport"];
    for r in rows {
        for (k, _) in &r.cols {
            if !names.contains(k) {
                names.push(k);
            }
        }
    }
    let cells: Vec<Vec<String>> = rows
        .iter()
        .map(|r| {
            names
                .iter()
                .map(|n| {
                    if *n == "transport" {
                        r.transport.name().to_string()
                    } else {
                        r.get(n).map(|v| v.table()).unwrap_or_default()
                    }
                })
                .collect()
        })
        .collect();
    let w: Vec<usize> = names
        .iter()
        .enumerate()
        .map(|(i, n)| {
            cells
                .iter()
                .map(|c| c[i].len())
                .chain([n.len()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut t = String::new();
    let line = |t: &mut String, cells: &[String]| {
        let parts: Vec<String> = cells
            .iter()
            .zip(&w)
            .map(|(c, w)| format!("{c:>w$}", w = *w))
            .collect();
        t.push_str(parts.join("  ").trim_end());
        t.push('\n');
    };
    line(
        &mut t,
        &names.iter().map(|s| s.to_string()).collect::<Vec<_>>(),
    );
    for c in &cells {
        line(&mut t, c);
    }
    t
}

/// A progress line on stderr (drawn only when stderr is a terminal).
pub struct Progress {
    label: String,
    total: usize,
    done: usize,
    on: bool,
    t0: std::time::Instant,
}

impl Progress {
    /// `total` steps of `label`.
    pub fn new(label: &str, total: usize) -> Progress {
        let p = Progress {
            label: label.to_string(),
            total,
            done: 0,
            on: std::io::stderr().is_terminal(),
            t0: std::time::Instant::now(),
        };
        p.draw();
        p
    }
    fn draw(&self) {
        if !self.on {
            return;
        }
        let w = 30;
        let fill = (self.done * w).checked_div(self.total).unwrap_or(w);
        eprint!(
            "\r{:<10} [{}{}] {}/{} {:.0}s ",
            self.label,
            "#".repeat(fill),
            ".".repeat(w - fill),
            self.done,
            self.total,
            self.t0.elapsed().as_secs_f64()
        );
    }
    /// One step done.
    pub fn inc(&mut self) {
        self.done += 1;
        self.draw();
    }
    /// Clear the line.
    pub fn finish(&self) {
        if self.on {
            eprint!("\r{:60}\r", "");
        }
    }
}

/// Round-trip time of an unloaded path between hosts on different leaves
/// (4 links each way: data packet of `mtu` out, ACK back), the unit of the
/// scenarios' "round trips".
pub fn base_rtt(fab: &FabricConfig, mtu: u32) -> Time {
    let data = fab.ser_ps(data_frame_bytes(Opcode::Write, mtu), fab.host_rate_bps);
    let ack = fab.ser_ps(crate::net::ack_frame_bytes(), fab.host_rate_bps);
    4 * (data + ack + 2 * fab.prop_ps)
}

/// Payload bits per second a port delivers at line rate with `mtu`
/// payloads (WRITE headers, FCS, preamble and gap removed).
pub fn payload_rate(fab: &FabricConfig, mtu: u32) -> f64 {
    let wire = data_frame_bytes(Opcode::Write, mtu) + fab.wire_overhead;
    fab.host_rate_bps as f64 * mtu as f64 / wire as f64
}

/// Keeps `depth` WRITEs of `len` bytes posted on each of its connections.
struct Bulk {
    len: u32,
    depth: u32,
    per: Vec<(u32, u32)>, // (lkey, rkey) per connection
    posted: Vec<u64>,
    stop: bool,
}

impl Bulk {
    fn new(len: u32, depth: u32) -> Bulk {
        Bulk {
            len,
            depth,
            per: Vec::new(),
            posted: Vec::new(),
            stop: false,
        }
    }

    /// Connect `src` to `dst` with regions big enough for the ring of
    /// `depth` messages and start it.
    fn add(&mut self, n: &mut Net, src: u32, dst: u32) -> ConnId {
        let span = self.len as u64 * self.depth as u64;
        let pd = 1;
        // regions sized for the ring; addresses only bound the checks
        let l = n
            .reg_mr(src, pd, 0, span, access::LOCAL_WRITE)
            .expect("source region");
        let r = n
            .reg_mr(dst, pd, 0, span, access::REMOTE_WRITE | access::LOCAL_WRITE)
            .expect("target region");
        let c = n.connect(src, dst, pd);
        assert_eq!(c as usize, self.per.len());
        self.per.push((l.lkey, r.rkey));
        self.posted.push(0);
        for _ in 0..self.depth {
            self.post(n, c);
        }
        c
    }

    fn post(&mut self, n: &mut Net, c: ConnId) {
        let (lkey, rkey) = self.per[c as usize];
        let k = self.posted[c as usize];
        let off = (k % self.depth as u64) * self.len as u64;
        n.post_send(
            c,
            WorkRequest {
                wr_id: k,
                op: WrOp::Write { rkey, remote: off },
                stream: 0,
                local: off,
                len: self.len,
                lkey,
            },
        )
        .expect("bulk post");
        self.posted[c as usize] += 1;
    }

    /// React to completions: every finished WRITE is replaced.
    fn refill(&mut self, n: &mut Net) {
        if !n.has_completions() {
            return;
        }
        for wc in n.take_completions() {
            if wc.opcode == WcOpcode::Write && !self.stop {
                self.post(n, wc.conn);
            }
        }
    }
}

fn hosts_mem(n: &mut Net, hosts: u32) {
    for h in 0..hosts {
        n.set_memory(h, 1 << 40);
    }
}

// ---------------------------------------------------------------- loss

/// Bulk WRITEs of `len` bytes (`depth` kept posted) from host 0 to host
/// `dst` on `n` (its first `hosts` hosts given memory) until `sim_ps`: the goodput in
/// bits per second after a tenth of warm-up, and the connection's
/// statistics at the end.
pub fn bulk_goodput(
    mut n: Net,
    hosts: u32,
    dst: u32,
    (len, depth): (u32, u32),
    sim_ps: Time,
) -> (f64, ConnStats) {
    n.keep_cq = false;
    hosts_mem(&mut n, hosts);
    let mut b = Bulk::new(len, depth);
    let c = b.add(&mut n, 0, dst);
    let warm = sim_ps / 10;
    let mut at_warm = None;
    let mut budget = Budget::timed("bulk_goodput", &n, sim_ps);
    while n.now() < sim_ps && budget.step(&mut n, String::new) {
        if at_warm.is_none() && n.now() >= warm {
            at_warm = Some(n.stats(c).goodput_bytes);
        }
        b.refill(&mut n);
    }
    let s = n.stats(c);
    count(&n);
    let secs = (sim_ps - warm) as f64 / PS_PER_SEC as f64;
    let good = (s.goodput_bytes - at_warm.unwrap_or(0)) as f64 * 8.0 / secs;
    (good, s)
}

/// One point of the loss sweep (2 hosts, 1 connection): goodput over
/// `sim_ps` after a tenth of warm-up.
pub fn loss_row(kind: Kind, loss: f64, per_hop: bool, sim_ps: Time, seed: u64) -> Row {
    let mut fab = FabricConfig::leaf_spine(32);
    fab.spines = 8;
    fab.seed = seed;
    if per_hop {
        fab.link_loss = LossModel::Bernoulli(loss);
    } else {
        fab.e2e_loss = loss;
    }
    let cfg = NetConfig::new(kind);
    let mtu = cfg.braid.mtu;
    let rate = payload_rate(&fab, mtu);
    let (good, s) = bulk_goodput(Net::new(fab.clone(), cfg), 32, 31, (1 << 20, 8), sim_ps);
    let delivered = if per_hop {
        (1.0 - loss).powi(3)
    } else {
        1.0 - loss
    };
    Row::new("loss", kind)
        .f("loss", loss, 3)
        .s("where", if per_hop { "hop" } else { "e2e" })
        .f("goodput_frac", good / fab.host_rate_bps as f64, 4)
        .f("limit", delivered * rate / fab.host_rate_bps as f64, 4)
        .i("data_sent", s.data_sent as i64)
        .i("retransmits", s.retransmits as i64)
        .i("timeouts", s.timeouts as i64)
}

/// The loss sweep: p in {0, 0.1%, 1%, 5%, 10%} end to end, then
/// {0.1%, 1%, 5%, 10%} on every hop; 1 ms simulated per point when
/// `quick`, else 5 ms.
pub fn loss(quick: bool, seed: u64) -> Vec<Row> {
    let sim = if quick { 1_000_000_000 } else { 5_000_000_000 };
    let mut pts = Vec::new();
    for l in [0.0, 0.001, 0.01, 0.05, 0.1] {
        pts.push((l, false));
    }
    for l in [0.001, 0.01, 0.05, 0.1] {
        pts.push((l, true));
    }
    let mut pr = Progress::new("loss", pts.len() * 3);
    let mut rows = Vec::new();
    for (l, hop) in pts {
        for k in KINDS {
            rows.push(loss_row(k, l, hop, sim, seed));
            pr.inc();
        }
    }
    pr.finish();
    rows
}

// ---------------------------------------------------------------- incast

/// 32-to-1 incast: 32 senders each WRITE `bytes` to one receiver at the
/// same moment.
pub fn incast_row(kind: Kind, senders: u32, bytes: u64, seed: u64) -> Row {
    let mut fab = FabricConfig::leaf_spine(64);
    fab.seed = seed;
    let mut cfg = NetConfig::new(kind);
    let mtu = cfg.braid.mtu;
    let rtt = base_rtt(&fab, mtu);
    cfg.bin_ps = Some(rtt);
    let mut n = Net::new(fab.clone(), cfg);
    n.keep_cq = false;
    hosts_mem(&mut n, 64);
    let msg = bytes.min(1 << 20) as u32;
    let depth = bytes.div_ceil(msg as u64) as u32;
    let mut conns = Vec::new();
    let mut b = Bulk::new(msg, depth);
    b.stop = true; // exactly `depth` messages each
    for s in 1..=senders {
        conns.push(b.add(&mut n, s, 0));
    }
    let mut finish = vec![None; conns.len()];
    let deadline = 2_000_000_000_000; // 2 s of simulated time at most
    let mut budget = Budget::timed("incast_row", &n, deadline);
    while n.now() < deadline && budget.step(&mut n, String::new) {
        if n.has_completions() {
            for wc in n.take_completions() {
                if wc.opcode == WcOpcode::Write && n.pending(wc.conn) == 0 {
                    finish[wc.conn as usize] = Some(wc.at);
                }
            }
            if finish.iter().all(|f| f.is_some()) {
                break;
            }
        }
    }
    let rate = payload_rate(&fab, mtu);
    let total = bytes * senders as u64;
    let ideal = total as f64 * 8.0 / fab.host_rate_bps as f64;
    let last = finish
        .iter()
        .map(|f| f.unwrap_or(deadline))
        .max()
        .unwrap_or(0);
    let first = finish
        .iter()
        .map(|f| f.unwrap_or(deadline))
        .min()
        .unwrap_or(0);
    // convergence: rates over windows of 8 round trips, from the first
    // arrival to the first completion; converged at the first round from
    // which every window has every sender within 10% of fair share
    let bins: Vec<&[u64]> = conns.iter().map(|&c| n.bins(c)).collect();
    let start = (0..)
        .find(|&b| bins.iter().any(|v| v.get(b).copied().unwrap_or(0) > 0))
        .unwrap_or(0);
    let end = (first / rtt) as usize;
    let w = 8;
    let fair = rate / senders as f64 * (rtt * w as u64) as f64 / PS_PER_SEC as f64 / 8.0;
    let ok = |b0: usize| {
        bins.iter().all(|v| {
            let got: u64 = (b0..b0 + w).map(|b| v.get(b).copied().unwrap_or(0)).sum();
            (got as f64 - fair).abs() <= 0.1 * fair
        })
    };
    let mut conv = None;
    if end >= start + w {
        for b0 in (start..=end - w).rev() {
            if ok(b0) {
                conv = Some(b0 - start);
            } else {
                break;
            }
        }
    }
    // Jain's index of the per-sender bytes from the first arrival to the
    // first completion
    let tp: Vec<f64> = bins
        .iter()
        .map(|v| {
            (start..end.max(start + 1))
                .map(|b| v.get(b).copied().unwrap_or(0))
                .sum::<u64>() as f64
        })
        .collect();
    let jain =
        tp.iter().sum::<f64>().powi(2) / (tp.len() as f64 * tp.iter().map(|x| x * x).sum::<f64>());
    let bdp = fab.host_rate_bps as f64 * rtt as f64 / PS_PER_SEC as f64 / 8.0;
    let st = n.total_stats();
    count(&n);
    let fs = n.fabric.stats();
    Row::new("incast", kind)
        .i("senders", senders)
        .i("bytes_each", bytes as i64)
        .s(
            "rounds_to_converge",
            conv.map(|c| c.to_string())
                .unwrap_or_else(|| "never".into()),
        )
        .f("peak_queue_bdp", fs.max_queue as f64 / bdp, 2)
        .f("jain", jain, 4)
        .f(
            "last_over_ideal",
            last as f64 / PS_PER_SEC as f64 / ideal,
            4,
        )
        .f(
            "last_over_wire_ideal",
            last as f64 / PS_PER_SEC as f64 / ideal * payload_rate(&fab, mtu)
                / fab.host_rate_bps as f64,
            4,
        )
        .i("drops", (fs.drops.buffer) as i64)
        .i("retransmits", st.retransmits as i64)
        .i("timeouts", st.timeouts as i64)
}

/// 32-to-1 incast for every transport (1 MiB each when `quick`, else 4 MiB).
pub fn incast(quick: bool, seed: u64) -> Vec<Row> {
    let bytes = if quick { 1 << 20 } else { 4 << 20 };
    let mut pr = Progress::new("incast", 3);
    let rows = KINDS
        .iter()
        .map(|&k| {
            let r = incast_row(k, 32, bytes, seed);
            pr.inc();
            r
        })
        .collect();
    pr.finish();
    rows
}

// ---------------------------------------------------------------- planes

/// 64 hosts, `planes` planes of a non-blocking leaf-spine, `conns`
/// connections between distinct random host pairs, all sending bulk.
pub fn planes_row(kind: Kind, planes: u32, conns: u32, sim_ps: Time, seed: u64) -> Row {
    let mut fab = FabricConfig::leaf_spine(64);
    fab.planes = planes;
    fab.spines = 16;
    fab.seed = seed;
    let cfg = NetConfig::new(kind);
    let mtu = cfg.braid.mtu;
    let mut n = Net::new(fab.clone(), cfg);
    n.keep_cq = false;
    hosts_mem(&mut n, 64);
    let mut pairs: Vec<(u32, u32)> = (0..64)
        .flat_map(|a| (0..64).filter(move |&b| b != a).map(move |b| (a, b)))
        .collect();
    pairs.shuffle(&mut ChaCha8Rng::seed_from_u64(seed));
    let mut b = Bulk::new(256 << 10, 2);
    for &(s, d) in pairs.iter().take(conns as usize) {
        b.add(&mut n, s, d);
    }
    let warm = sim_ps / 3;
    let mut at_warm = None;
    let mut budget = Budget::timed("planes_row", &n, sim_ps);
    while n.now() < sim_ps && budget.step(&mut n, String::new) {
        if at_warm.is_none() && n.now() >= warm {
            at_warm = Some(n.total_stats().goodput_bytes);
        }
        b.refill(&mut n);
    }
    let st = n.total_stats();
    count(&n);
    let secs = (sim_ps - warm) as f64 / PS_PER_SEC as f64;
    let agg = (st.goodput_bytes - at_warm.unwrap_or(0)) as f64 * 8.0 / secs;
    let cap = planes as f64 * 64.0 * fab.host_rate_bps as f64;
    let fs = n.fabric.stats();
    Row::new("planes", kind)
        .i("planes", planes)
        .i("connections", conns)
        .f("aggregate_tbps", agg / 1e12, 2)
        .f("capacity_tbps", cap / 1e12, 1)
        .f("aggregate_frac", agg / cap, 4)
        .f(
            "payload_limit",
            payload_rate(&fab, mtu) / fab.host_rate_bps as f64,
            4,
        )
        .i("drops", (fs.drops.buffer) as i64)
        .i("retransmits", st.retransmits as i64)
        .i("timeouts", st.timeouts as i64)
}

/// Planes 1, 2, 4, 8 with 4,000 connections, every transport.
pub fn planes(quick: bool, seed: u64) -> Vec<Row> {
    let sim = if quick { 60_000_000 } else { 150_000_000 };
    let mut pr = Progress::new("planes", 12);
    let mut rows = Vec::new();
    for p in [1, 2, 4, 8] {
        for k in KINDS {
            rows.push(planes_row(k, p, 4000, sim, seed));
            pr.inc();
        }
    }
    pr.finish();
    rows
}

// ---------------------------------------------------------------- failover

/// What fails.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Failure {
    /// One leaf-spine link of 8.
    Link,
    /// One plane of 4.
    Plane,
}

/// 8 hosts on one leaf each stream to a partner on another leaf through
/// a non-blocking fabric; at `t_fail` a link (or a whole plane) fails for
/// good. Rounds to get back to (N-1)/N of the throughput before, and the
/// messages lost after draining.
pub fn failover_row(kind: Kind, what: Failure, sim_ps: Time, seed: u64) -> Row {
    let mut fab = FabricConfig::leaf_spine(16);
    fab.hosts_per_leaf = 8;
    fab.spines = 8;
    fab.seed = seed;
    let t_fail = sim_ps / 2;
    let parts = match what {
        Failure::Link => {
            fab.failures.push(LinkFailure {
                plane: 0,
                leaf: 0,
                spine: 0,
                down: t_fail,
                up: Time::MAX,
            });
            8.0
        }
        Failure::Plane => {
            fab.planes = 4;
            fab.plane_failures.push((1, t_fail, Time::MAX));
            4.0
        }
    };
    let mut cfg = NetConfig::new(kind);
    let mtu = cfg.braid.mtu;
    let rtt = base_rtt(&fab, mtu);
    cfg.bin_ps = Some(rtt);
    let mut n = Net::new(fab.clone(), cfg);
    n.keep_cq = false;
    hosts_mem(&mut n, 16);
    let mut b = Bulk::new(256 << 10, 16);
    let conns: Vec<ConnId> = (0..8).map(|i| b.add(&mut n, i, 8 + i)).collect();
    let mut budget = Budget::timed("failover_row", &n, sim_ps);
    while n.now() < sim_ps && budget.step(&mut n, String::new) {
        b.refill(&mut n);
    }
    // drain: no new messages; everything posted must complete
    b.stop = true;
    let drain_deadline = sim_ps + 100 * 1_000_000_000; // +100 ms
    let mut budget = Budget::timed("failover_row", &n, drain_deadline);
    while n.now() < drain_deadline && budget.step(&mut n, String::new) {
        b.refill(&mut n);
        if n.now() > sim_ps && conns.iter().all(|&c| n.pending(c) == 0) {
            break;
        }
    }
    let per_bin = |bn: usize| -> f64 {
        conns
            .iter()
            .map(|&c| n.bins(c).get(bn).copied().unwrap_or(0) as f64)
            .sum()
    };
    let fb = (t_fail / rtt) as usize;
    if std::env::var_os("BRAID_DEBUG_BINS").is_some() {
        let v: Vec<String> = (0..(sim_ps / rtt) as usize)
            .map(|b| format!("{:.0}", per_bin(b) * 8.0 / (rtt as f64 / 1e12) / 1e9))
            .collect();
        eprintln!("failure at round {fb}; Gb/s per round: {}", v.join(" "));
    }
    let pre_bins = 20.min(fb.saturating_sub(5)).max(1);
    let pre: f64 = (fb - pre_bins..fb).map(per_bin).sum::<f64>() / pre_bins as f64;
    let target = (parts - 1.0) / parts * pre;
    let last = (sim_ps / rtt) as usize;
    let avg = |b0: usize| (b0..b0 + 4).map(per_bin).sum::<f64>() / 4.0;
    // recovered at the first round from which every later 4-round average
    // is within 2% of the target (2% is the noise of a 4-round average of
    // these 8 flows at the target rate: the target is exactly what the
    // surviving links can carry)
    let end = last.saturating_sub(4);
    let mut rounds = None;
    for b0 in (fb..end).rev() {
        if avg(b0) >= 0.98 * target {
            rounds = Some(b0 - fb);
        } else {
            break;
        }
    }
    let post_fail: f64 = (fb + 10..last).map(per_bin).sum::<f64>() / (last - fb - 10).max(1) as f64;
    let st = n.total_stats();
    count(&n);
    let posted: u64 = b.posted.iter().sum();
    let lost = posted - st.msgs_received;
    let rate_of = |bytes: f64| bytes * 8.0 / (rtt as f64 / PS_PER_SEC as f64) / 1e9;
    Row::new("failover", kind)
        .s(
            "failure",
            match what {
                Failure::Link => "link 1/8",
                Failure::Plane => "plane 1/4",
            },
        )
        .f("before_gbps", rate_of(pre), 0)
        .f(
            "before_frac",
            rate_of(pre) * 1e9 / (8.0 * fab.planes as f64 * payload_rate(&fab, mtu)),
            3,
        )
        .f("after_gbps", rate_of(post_fail), 0)
        .f("target_gbps", rate_of(target), 0)
        .s(
            "rounds_to_recover",
            rounds
                .map(|r| r.to_string())
                .unwrap_or_else(|| "never".into()),
        )
        .i("messages", posted as i64)
        .i("messages_lost", lost as i64)
        .i(
            "drain_us",
            ((n.now().saturating_sub(sim_ps)) / 1_000_000) as i64,
        )
        .i("drops", n.fabric.stats().drops.buffer as i64)
        .i("timeouts", st.timeouts as i64)
        .i("rack_losses", st.rack_losses as i64)
        .i("rehashes", st.rehashes as i64)
}

/// Link and plane failure for every transport.
pub fn failover(quick: bool, seed: u64) -> Vec<Row> {
    let sim = if quick { 300_000_000 } else { 1_000_000_000 };
    let mut pr = Progress::new("failover", 6);
    let mut rows = Vec::new();
    for what in [Failure::Link, Failure::Plane] {
        for k in KINDS {
            rows.push(failover_row(k, what, sim, seed));
            pr.inc();
        }
    }
    pr.finish();
    rows
}

// ---------------------------------------------------------------- all-reduce

/// Ring all-reduce over `nodes` hosts: 2 (nodes - 1) steps; in each, every
/// node WRITEs (with immediate) one chunk of `bytes / nodes` to its
/// successor, and starts its next step when the predecessor's chunk of
/// this step has landed. Returns the completion time.
pub fn allreduce_time(
    kind: Kind,
    nodes: u32,
    bytes: u64,
    loss: f64,
    seed: u64,
) -> (Time, crate::net::ConnStats) {
    let mut fab = FabricConfig::leaf_spine(nodes);
    fab.seed = seed;
    fab.e2e_loss = loss;
    let cfg = NetConfig::new(kind);
    let mut n = Net::new(fab, cfg);
    n.keep_cq = false;
    hosts_mem(&mut n, nodes);
    let chunk = (bytes / nodes as u64) as u32;
    let span = chunk as u64 * nodes as u64;
    let mut keys = Vec::new();
    for i in 0..nodes {
        let d = (i + 1) % nodes;
        let l = n.reg_mr(i, 1, 0, span, access::LOCAL_WRITE).expect("mr");
        let r = n
            .reg_mr(d, 1, span, span, access::REMOTE_WRITE | access::LOCAL_WRITE)
            .expect("mr");
        let c = n.connect(i, d, 1);
        assert_eq!(c, i);
        keys.push((l.lkey, r.rkey));
    }
    let steps = 2 * (nodes - 1);
    let post = |n: &mut Net, i: u32, s: u32| {
        let (lkey, rkey) = keys[i as usize];
        let k = ((i + nodes - s % nodes) % nodes) as u64;
        n.post_send(
            i,
            WorkRequest {
                wr_id: s as u64,
                op: WrOp::WriteImm {
                    rkey,
                    remote: span + k * chunk as u64,
                    imm: s,
                },
                stream: 0,
                local: k * chunk as u64,
                len: chunk,
                lkey,
            },
        )
        .expect("post");
    };
    for i in 0..nodes {
        post(&mut n, i, 0);
    }
    let mut received = vec![0u32; nodes as usize];
    let mut done_at = 0;
    let mut finished = 0;
    // limits: 100 times the lossless ideal (every step's chunk at the host
    // rate) in simulated time (go-back-N at 1% loss takes 15 times), and 20
    // events per KiB moved (the runs take under 1)
    let rate = FabricConfig::leaf_spine(nodes).host_rate_bps as u128;
    let ideal = (steps as u128 * chunk as u128 * 8 * PS_PER_SEC as u128 / rate) as Time;
    let packets = steps as u64 * nodes as u64 * (chunk as u64).div_ceil(1024);
    let mut budget = Budget::new(
        format!("allreduce ({kind:?}, {nodes} nodes, {bytes} bytes, loss {loss}, seed {seed:#x})"),
        100 * ideal,
        20 * packets,
    );
    while finished < nodes
        && budget.step(&mut n, || {
            format!("{finished} of {nodes} nodes finished, chunks received {received:?}")
        })
    {
        if !n.has_completions() {
            continue;
        }
        for wc in n.take_completions() {
            if wc.opcode != WcOpcode::RecvWriteImm {
                continue;
            }
            let me = (wc.conn + 1) % nodes;
            received[me as usize] += 1;
            let s = wc.imm.expect("imm");
            assert_eq!(s + 1, received[me as usize], "chunks arrive in step order");
            if s + 1 < steps {
                post(&mut n, me, s + 1);
            } else {
                finished += 1;
                done_at = wc.at;
            }
        }
    }
    count(&n);
    log::debug!(
        "allreduce {kind:?} {nodes} nodes loss {loss}: {} of {} events, {done_at} of {} ps",
        budget.used(),
        20 * packets,
        100 * ideal
    );
    (done_at, n.total_stats())
}

// ---------------------------------------------------------------- all-to-all

/// What one all-to-all run measured.
#[derive(Debug, Clone)]
pub struct AllToAll {
    /// When the last flow completed.
    pub done: Time,
    /// The lossless ideal: every host's `(hosts - 1) * bytes` of payload,
    /// with their headers, through its port at line rate.
    pub ideal: Time,
    /// Each flow's completion time (flow `src * (hosts - 1) + k`).
    pub flows: Vec<Time>,
    /// The whole run's statistics.
    pub stats: ConnStats,
    /// Packets the fabric's buffers dropped.
    pub buffer_drops: u64,
}

impl AllToAll {
    /// Completion time over the lossless ideal.
    pub fn over_ideal(&self) -> f64 {
        self.done as f64 / self.ideal as f64
    }

    /// The slowest flow's completion time over the median flow's.
    pub fn slowest_over_median(&self) -> f64 {
        let mut v = self.flows.clone();
        v.sort_unstable();
        v[v.len() - 1] as f64 / v[v.len() / 2] as f64
    }
}

/// All-to-all: every one of `hosts` hosts (a leaf-spine of 16 hosts per
/// leaf, non-blocking) WRITEs `bytes` to every other, all flows starting at
/// once, with `loss` end to end on data and ACKs. Messages are at most
/// 1 MiB, all posted at the start.
pub fn alltoall_run(kind: Kind, hosts: u32, bytes: u64, loss: f64, seed: u64) -> AllToAll {
    let mut fab = FabricConfig::leaf_spine(hosts);
    fab.seed = seed;
    fab.e2e_loss = loss;
    let cfg = NetConfig::new(kind);
    let mtu = cfg.braid.mtu;
    let mut n = Net::new(fab.clone(), cfg);
    n.keep_cq = false;
    hosts_mem(&mut n, hosts);
    let msg = bytes.min(1 << 20) as u32;
    let depth = bytes.div_ceil(msg as u64) as u32;
    let mut b = Bulk::new(msg, depth);
    b.stop = true; // exactly `depth` messages each
    for s in 0..hosts {
        for k in 1..hosts {
            b.add(&mut n, s, (s + k) % hosts);
        }
    }
    let flows = (hosts * (hosts - 1)) as usize;
    let mut finish: Vec<Option<Time>> = vec![None; flows];
    let per_host = (hosts - 1) as u64 * depth as u64 * msg as u64;
    let ideal = (per_host as f64 * 8.0 / payload_rate(&fab, mtu) * PS_PER_SEC as f64) as Time;
    // limits, to stop a hang and not a slow run: 1,000 times the ideal in
    // simulated time (go-back-N at 1% loss takes 72 times at 64 hosts and
    // 64 KiB), 200 events per KiB moved
    let kib = hosts as u64 * per_host.div_ceil(1024);
    let mut budget = Budget::new(
        format!("alltoall ({kind:?}, {hosts} hosts, {bytes} bytes, loss {loss}, seed {seed:#x})"),
        1000 * ideal,
        200 * kib,
    );
    let mut left = flows;
    while left > 0 && budget.step(&mut n, || format!("{left} of {flows} flows not finished")) {
        if !n.has_completions() {
            continue;
        }
        for wc in n.take_completions() {
            let f = wc.conn as usize;
            if wc.opcode == WcOpcode::Write && n.pending(wc.conn) == 0 && finish[f].is_none() {
                finish[f] = Some(wc.at);
                left -= 1;
            }
        }
    }
    count(&n);
    let flows: Vec<Time> = finish
        .into_iter()
        .map(|f| f.expect("every flow finished"))
        .collect();
    AllToAll {
        done: flows.iter().copied().max().unwrap_or(0),
        ideal,
        flows,
        stats: n.total_stats(),
        buffer_drops: n.fabric.stats().drops.buffer,
    }
}

/// 64-host all-to-all at 0% and 1% loss for every transport (64 KiB per
/// pair when `quick`, else 1 MiB).
pub fn alltoall(quick: bool, seed: u64) -> Vec<Row> {
    let bytes: u64 = if quick { 64 << 10 } else { 1 << 20 };
    let mut pr = Progress::new("alltoall", 6);
    let mut rows = Vec::new();
    for k in KINDS {
        for loss in [0.0, 0.01] {
            let r = alltoall_run(k, 64, bytes, loss, seed);
            pr.inc();
            rows.push(
                Row::new("alltoall", k)
                    .i("hosts", 64)
                    .i("bytes_per_pair", bytes as i64)
                    .f("loss", loss, 2)
                    .f("ideal_us", r.ideal as f64 / 1e6, 1)
                    .f("done_us", r.done as f64 / 1e6, 1)
                    .f("over_ideal", r.over_ideal(), 4)
                    .f("slowest_over_median", r.slowest_over_median(), 4)
                    .i("buffer_drops", r.buffer_drops as i64)
                    .i("retransmits", r.stats.retransmits as i64)
                    .i("timeouts", r.stats.timeouts as i64),
            );
        }
    }
    pr.finish();
    rows
}

/// The limits of a simulation loop, in simulated time and in events: a
/// loop that reaches either has hung (a message that never completes keeps
/// timers firing, so `Net::step` never runs dry), and fails with what it
/// was doing instead of spinning on.
pub struct Budget {
    what: String,
    until: Time,
    events: u64,
    used: u64,
}

impl Budget {
    /// `what` names the loop in the failure; `until` is the simulated
    /// time and `events` the number of events it may take.
    pub fn new(what: impl Into<String>, until: Time, events: u64) -> Budget {
        Budget {
            what: what.into(),
            until,
            events,
            used: 0,
        }
    }

    /// `n.step()`, after checking the limits (`state` describes the
    /// loop's progress for the failure message).
    pub fn step(&mut self, n: &mut Net, state: impl FnOnce() -> String) -> bool {
        if n.now() > self.until || self.used >= self.events {
            panic!(
                "{}: not done at {:.1} us of simulated time after {} events (limits {:.1} us, {} events): {}",
                self.what,
                n.now() as f64 / 1e6,
                self.used,
                self.until as f64 / 1e6,
                self.events,
                state()
            );
        }
        self.used += 1;
        n.step()
    }

    /// Events taken so far.
    pub fn used(&self) -> u64 {
        self.used
    }

    /// A loop of `n` that stops itself at simulated time `until`: the
    /// time limit is `until` plus 1 ms, the event limit 20 events per KiB
    /// that every host port of the fabric could send until then (the
    /// benchmarks take under 1).
    pub fn timed(what: impl Into<String>, n: &Net, until: Time) -> Budget {
        let f = n.fabric.config();
        let port_bits = f.hosts as u128 * f.planes as u128 * f.host_rate_bps as u128;
        let kib = port_bits * until as u128 / PS_PER_SEC as u128 / 8 / 1024;
        Budget::new(what, until + 1_000_000_000, 20 * kib as u64 + 1_000_000)
    }
}

/// 64-node ring all-reduce at 0% and 1% loss for every transport
/// (8 MiB per node when `quick`, else 64 MiB).
pub fn allreduce(quick: bool, seed: u64) -> Vec<Row> {
    let bytes: u64 = if quick { 8 << 20 } else { 64 << 20 };
    let mut pr = Progress::new("allreduce", 6);
    let mut rows = Vec::new();
    for k in KINDS {
        let (t0, _) = allreduce_time(k, 64, bytes, 0.0, seed);
        pr.inc();
        let (t1, st) = allreduce_time(k, 64, bytes, 0.01, seed);
        pr.inc();
        rows.push(
            Row::new("allreduce", k)
                .i("nodes", 64)
                .i("bytes_per_node", bytes as i64)
                .f("lossless_us", t0 as f64 / 1e6, 1)
                .f("loss_1pct_us", t1 as f64 / 1e6, 1)
                .f("ratio", t1 as f64 / t0 as f64, 4)
                .i("retransmits", st.retransmits as i64)
                .i("timeouts", st.timeouts as i64),
        );
    }
    pr.finish();
    rows
}

/// An SVG line chart of goodput against end-to-end loss from the loss
/// scenario's rows, one line per transport plus the physical limit.
pub fn loss_svg(rows: &[Row]) -> String {
    let e2e: Vec<&Row> = rows
        .iter()
        .filter(|r| matches!(r.get("where"), Some(Val::S(s)) if s == "e2e"))
        .collect();
    let mut losses: Vec<f64> = e2e.iter().map(|r| r.num("loss")).collect();
    losses.dedup();
    let at = |l: f64, kind: Option<Kind>, col: &str| {
        e2e.iter()
            .find(|r| r.num("loss") == l && kind.is_none_or(|k| r.transport == k))
            .map(|r| r.num(col))
            .unwrap_or(0.0)
    };
    let mut series = vec![Series::dashed(
        "limit",
        "#999",
        losses.iter().map(|&l| at(l, None, "limit")).collect(),
    )];
    for (kind, color) in [
        (Kind::Braid, "#d62728"),
        (Kind::SelectiveRepeat, "#1f77b4"),
        (Kind::GoBackN, "#2ca02c"),
    ] {
        let v = losses
            .iter()
            .map(|&l| at(l, Some(kind), "goodput_frac"))
            .collect();
        series.push(Series::new(kind.name(), color, v));
    }
    goodput_svg(
        "Goodput / line rate against end-to-end loss (2 hosts, 400 Gb/s, 4 KiB)",
        &losses,
        &series,
    )
}
