//! The loss scenario with the RTL in the loop: two Verilated engine tops
//! (`braid_engine_tiny`), each under its own unmodified braid-driver,
//! connected through the fabric simulator ([`crate::wire`]), beside
//! the transport model on the same fabric with the same parameters.
//!
//! Scenario (both engines): 2 hosts on two leaves, 4 spines; every port at
//! the engine's MAC rate ([`ENGINE_LINE_BPS`]: 512 bits per clock at
//! 300 MHz), 500 ns links; one connection of 4 paths (the tiny top's
//! paths per connection) carrying bulk RDMA WRITEs of 1 MiB, 8 posted at
//! all times (each completion posts the next); loss p end to end on data
//! and ACKs. Goodput: payload bytes placed by the receiver (`RX_BYTES` for
//! the RTL, the model's unique goodput bytes) after a tenth of warm-up,
//! over the port rate. Both transports start from the engine's register
//! resets (`braid_spec::regs`): windows, RTO, spray burst, MTU 4,096, an
//! ACK per data packet (`ack_coalesce` sets `TIMER_CFG.ack_coalesce` on
//! both engines and the model's receiver alike).
//!
//! [`write_bw`] runs perftest's WRITE bandwidth loop on the same two
//! engines and fabric (`braid-sim write-bw`).

use crate::pair::EnginePair;
use crate::wire::{clock_ps, FabricWire, CLOCK_HZ};
use anyhow::{bail, Context as _, Result};
use braid_driver::perf::{self, BwConfig, LatConfig, LatSide, LatStats, RemoteBuf};
use braid_driver::verbs::*;
use braid_net::bench::{Row, Val};
use braid_net::capture::Frames;
use braid_net::config::Kind;
use braid_net::fabric::FabricConfig;
use braid_net::fabric::PS_PER_SEC;
use braid_net::net::{Net, NetConfig};
use braid_net::plot::{goodput_svg, Series};
use std::cell::RefCell;
use std::path::PathBuf;
use std::rc::Rc;

/// The engine's MAC rate: one 512-bit beat per clock.
pub const ENGINE_LINE_BPS: u64 = 512 * CLOCK_HZ;

/// Bytes per WRITE of the bulk traffic.
const MSG: u32 = 1 << 20;
/// WRITEs kept posted.
const DEPTH: u32 = 8;
/// Paths of the connection (the tiny top's paths per connection).
const PATHS: u8 = 4;

/// The fabric of the scenario at loss `p`: two hosts on two leaves, four
/// spines, the engine's line rate everywhere.
pub fn fabric(p: f64, seed: u64) -> FabricConfig {
    let mut f = FabricConfig::leaf_spine(2);
    f.hosts_per_leaf = 1;
    f.spines = 4;
    f.host_rate_bps = ENGINE_LINE_BPS;
    f.fabric_rate_bps = ENGINE_LINE_BPS;
    f.e2e_loss = p;
    f.seed = seed;
    f
}

/// Figures of one run.
#[derive(Debug, Clone, Copy, Default)]
pub struct Point {
    /// Goodput over the port rate.
    pub goodput_frac: f64,
    /// Data frames sent (first sends and retransmissions).
    pub data_sent: u64,
    /// Retransmissions.
    pub retransmits: u64,
    /// Retransmission timeouts.
    pub timeouts: u64,
    /// WRITEs completed.
    pub msgs: u64,
    /// ACKs the receiver sent.
    pub acks: u64,
    /// Engine clocks per second of wall time (RTL; both engines together).
    pub clocks_per_sec: f64,
}

/// The transport model (`kind`: Braid, or a baseline on one path) on the
/// scenario's fabric for `clocks` engine clocks.
pub fn model_point(kind: Kind, p: f64, clocks: u64, seed: u64, ack_coalesce: u32) -> Point {
    let fab = fabric(p, seed);
    let mut cfg = NetConfig::new(kind);
    cfg.braid.paths = PATHS;
    cfg.braid.ack_coalesce = ack_coalesce;
    let mtu = cfg.braid.mtu;
    assert_eq!(mtu, 4096, "the engine's reset MTU");
    let (good, s) =
        braid_net::bench::bulk_goodput(Net::new(fab, cfg), 2, 1, (MSG, DEPTH), clock_ps(clocks));
    Point {
        goodput_frac: good / ENGINE_LINE_BPS as f64,
        data_sent: s.data_sent,
        retransmits: s.retransmits,
        timeouts: s.timeouts,
        msgs: s.msgs_done,
        acks: s.acks_sent,
        clocks_per_sec: 0.0,
    }
}

/// What an RTL run records besides its figures.
#[derive(Debug, Clone, Default)]
pub struct Capture {
    /// The first this many frames the two engines send (time in ns,
    /// frame).
    pub frames: usize,
    /// FST waveforms of both engines (`engine-a.fst`, `engine-b.fst`) into
    /// this directory, for the first `fst_clocks` clocks of the run.
    pub fst: Option<PathBuf>,
    /// Clocks traced (each file grows by about 0.6 kB per clock).
    pub fst_clocks: u64,
}

/// The two Verilated engines on the scenario's fabric for `clocks` clocks,
/// recording what `cap` asks for, both with `TIMER_CFG.ack_coalesce` =
/// `ack_coalesce`. Fails when a WRITE completes with an error or B writes
/// outside its registered region.
pub fn rtl_point(
    p: f64,
    clocks: u64,
    seed: u64,
    cap: &Capture,
    ack_coalesce: u32,
) -> Result<(Point, Frames)> {
    let init = QpInit {
        sq_entries: 16,
        rq_entries: 16,
        streams: 1,
        paths: PATHS,
    };
    let mut pair = EnginePair::open(init, MSG as usize * DEPTH as usize)?;
    let (a, b) = (&pair.a, &pair.b);
    a.set_ack_coalesce(ack_coalesce)?;
    b.set_ack_coalesce(ack_coalesce)?;
    let (src, dst) = (&pair.src, &pair.dst);
    let (qp_a, cq_a) = (&mut pair.qp_a, &pair.cq_a);
    let wr = |k: u64| SendWr {
        wr_id: k,
        op: SendOp::Write {
            remote_addr: dst.addr() + (k % DEPTH as u64) * MSG as u64,
            rkey: dst.rkey(),
        },
        stream: 0,
        sg_list: vec![src.sge((k % DEPTH as u64) * MSG as u64, MSG)],
    };
    let first: Vec<SendWr> = (0..DEPTH as u64).map(wr).collect();
    qp_a.post_send(&first)?;
    let mut posted = DEPTH as u64;
    let mut done = 0u64;

    let mut wire = FabricWire::new(fabric(p, seed), a.eng.clone(), b.eng.clone());
    let frames: Rc<RefCell<Frames>> = Rc::default();
    let capture = cap.frames;
    if capture > 0 {
        // the tap runs at the end of a step, when both engines' clocks are
        // the wire's: A's clock count since the wire was built is its time
        let (sink, eng, base) = (frames.clone(), a.eng.clone(), a.eng.borrow().cycles());
        wire.tap = Some(Box::new(move |_, f: &[u8]| {
            let mut v = sink.borrow_mut();
            if v.len() < capture {
                let t = clock_ps(eng.borrow().cycles() - base) / 1000;
                v.push((t, f.to_vec()));
            }
        }));
    }
    if let Some(dir) = &cap.fst {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
        for (side, name) in [(&a, "engine-a.fst"), (&b, "engine-b.fst")] {
            side.eng.borrow_mut().trace_to(&dir.join(name))?;
        }
    }
    let warm = clocks / 10;
    let mut at_warm = None;
    let t0 = std::time::Instant::now();
    while wire.clocks() < clocks {
        wire.run(500);
        if cap.fst.is_some() && wire.clocks() >= cap.fst_clocks {
            a.eng.borrow_mut().trace_stop();
            b.eng.borrow_mut().trace_stop();
        }
        if at_warm.is_none() && wire.clocks() >= warm {
            at_warm = Some((b.reg64("RX_BYTES")?, wire.clocks()));
        }
        for wc in cq_a.poll(16)? {
            if wc.status != WcStatus::Success {
                bail!(
                    "RTL loss bench, p {p}: WRITE {} completed {}",
                    wc.wr_id,
                    wc.status
                );
            }
            done += 1;
            qp_a.post_send(&[wr(posted)])?;
            posted += 1;
        }
    }
    let wall = t0.elapsed().as_secs_f64();
    if !b.eng.borrow().bad_writes().is_empty() {
        bail!("RTL loss bench, p {p}: B wrote outside host buffers");
    }
    let (b0, c0) = at_warm.unwrap_or((0, 0));
    let secs = (clock_ps(wire.clocks()) - clock_ps(c0)) as f64 / PS_PER_SEC as f64;
    let good = (b.reg64("RX_BYTES")? - b0) as f64 * 8.0 / secs;
    let pt = Point {
        goodput_frac: good / ENGINE_LINE_BPS as f64,
        data_sent: wire.counts().sent[0],
        retransmits: a.reg("TX_RETX")? as u64,
        timeouts: a.reg("TX_TIMEOUTS")? as u64,
        msgs: done,
        // B sends nothing but ACKs (and NACKs, none here)
        acks: wire.counts().sent[1],
        clocks_per_sec: 2.0 * wire.clocks() as f64 / wall,
    };
    drop(wire);
    drop(pair);
    let frames = std::mem::take(&mut *frames.borrow_mut());
    Ok((pt, frames))
}

/// The sweep: p in {0, 1%, 10%} (`quick`: 300,000 clocks, 1 ms, per
/// point), else also 0.1% and 5%, 1.5 ms per point. Rows at each p: the
/// go-back-N baseline (model), the Braid model, then the RTL with its
/// goodput over the Braid model's (`rtl_over_model`), all with
/// `ack_coalesce` (the register's reset: 1). The RTL run at 1% loss records
/// what `cap` asks for; its frames are returned.
pub fn loss_rtl(
    quick: bool,
    seed: u64,
    cap: &Capture,
    ack_coalesce: u32,
) -> Result<(Vec<Row>, Frames)> {
    let (pts, clocks): (&[f64], u64) = if quick {
        (&[0.0, 0.01, 0.1], 300_000)
    } else {
        (&[0.0, 0.001, 0.01, 0.05, 0.1], 450_000)
    };
    let mut pr = braid_net::bench::Progress::new("loss rtl", pts.len() * 3);
    let mut rows = Vec::new();
    let mut frames = Frames::new();
    for &p in pts {
        let gbn = model_point(Kind::GoBackN, p, clocks, seed, ack_coalesce);
        pr.inc();
        let m = model_point(Kind::Braid, p, clocks, seed, ack_coalesce);
        pr.inc();
        let none = Capture::default();
        let c = if p == 0.01 { cap } else { &none };
        let (r, f) = rtl_point(p, clocks, seed, c, ack_coalesce)?;
        if p == 0.01 {
            frames = f;
        }
        pr.inc();
        let sim_us = clock_ps(clocks) as f64 / 1e6;
        for (kind, engine, x) in [
            (Kind::GoBackN, "model", gbn),
            (Kind::Braid, "model", m),
            (Kind::Braid, "rtl", r),
        ] {
            let mut row = Row::new("loss-rtl", kind)
                .s("engine", engine)
                .f("loss", p, 3)
                .f("sim_us", sim_us, 0)
                .f("goodput_frac", x.goodput_frac, 4)
                .i("msgs_done", x.msgs as i64)
                .i("data_sent", x.data_sent as i64)
                .i("retransmits", x.retransmits as i64)
                .i("timeouts", x.timeouts as i64);
            if kind == Kind::Braid {
                row = row.i("acks", x.acks as i64);
            }
            if engine == "rtl" {
                row = row
                    .f("rtl_over_model", x.goodput_frac / m.goodput_frac, 4)
                    .f("clocks_per_s", x.clocks_per_sec, 0);
            }
            rows.push(row);
        }
    }
    pr.finish();
    Ok((rows, frames))
}

/// An SVG chart of the sweep's goodput against loss: go-back-N and the
/// Braid model (the transport model), and the RTL.
pub fn loss_rtl_svg(rows: &[Row]) -> String {
    let mut losses: Vec<f64> = rows.iter().map(|r| r.num("loss")).collect();
    losses.dedup();
    let series = |kind: Kind, engine: &str| -> Vec<f64> {
        losses
            .iter()
            .map(|&l| {
                rows.iter()
                    .find(|r| {
                        r.num("loss") == l
                            && r.transport == kind
                            && matches!(r.get("engine"), Some(Val::S(e)) if e == engine)
                    })
                    .map_or(0.0, |r| r.num("goodput_frac"))
            })
            .collect()
    };
    goodput_svg(
        &format!(
            "Goodput / port rate against loss: two engine tops in Verilator ({:.1} Gb/s, 4 paths)",
            ENGINE_LINE_BPS as f64 / 1e9
        ),
        &losses,
        &[
            Series::new("braid RTL", "#d62728", series(Kind::Braid, "rtl")),
            Series::dashed("braid model", "#ff7f0e", series(Kind::Braid, "model")),
            Series::new("roce-gbn model", "#2ca02c", series(Kind::GoBackN, "model")),
        ],
    )
}

/// The largest |RTL / model - 1| of the sweep's rows.
pub fn worst_gap(rows: &[Row]) -> f64 {
    rows.iter()
        .filter_map(|r| r.get("rtl_over_model").map(|_| r.num("rtl_over_model")))
        .map(|x| (x - 1.0).abs())
        .fold(0.0, f64::max)
}

/// Most `write_bw` work requests in flight on the Verilated engine: the
/// engine holds braid-spec's `MSG_WINDOW` (32) messages per connection in
/// flight (its send-completion ring), and A's CQ has 64 entries.
pub const WRITE_BW_MAX_DEPTH: u32 = braid_spec::state::MSG_WINDOW as u32;

/// Figures of a perftest-style `write_bw` run on the two Verilated engines.
#[derive(Debug, Clone)]
pub struct WriteBw {
    /// Bytes per WRITE.
    pub size: u32,
    /// WRITEs.
    pub iters: u32,
    /// WRITEs in flight.
    pub depth: u32,
    /// Payload bytes moved (size x iterations).
    pub bytes: u64,
    /// Engine clocks from the first post to the last completion.
    pub clocks: u64,
    /// Bandwidth over the engine clock, Gb/s.
    pub gbps: f64,
    /// A's retransmissions (`TX_RETX`).
    pub retransmits: u64,
    /// A's retransmission timeouts (`TX_TIMEOUTS`).
    pub timeouts: u64,
    /// Engine clocks per second of wall time (both engines together).
    pub clocks_per_sec: f64,
    /// The engines' counters (sender A, receiver B) as `braid stats` reads
    /// them.
    pub counters: (braid_driver::Counters, braid_driver::Counters),
    /// The statistics of A's path 0 (selected before the first post).
    pub path0: braid_driver::PathStats,
}

/// perftest's `write_bw` on two Verilated tiny engines through the fabric
/// (2 leaves, 4 spines, end-to-end loss `loss`), driven only through
/// braid-driver's verbs API: `iters` RDMA WRITEs of `size` bytes, `depth`
/// in flight, one connection of 4 paths, alternating between two
/// destination slots. A's source holds a seeded pattern; at the end both
/// slots of B's region must hold it (the data is checked, the figures are
/// not). Bandwidth is measured over the engines' clock (512 bits per clock
/// at 300 MHz: 153.6 Gb/s line rate).
pub fn write_bw(size: u32, iters: u32, depth: u32, loss: f64, seed: u64) -> Result<WriteBw> {
    check_run(size, iters, loss)?;
    if depth == 0 || depth > WRITE_BW_MAX_DEPTH {
        bail!(
            "--tx-depth {depth}: must be 1 to {WRITE_BW_MAX_DEPTH} on the Verilated engine \
             (it holds {WRITE_BW_MAX_DEPTH} messages per connection in flight)"
        );
    }
    let init = QpInit {
        sq_entries: depth.next_power_of_two().max(16),
        rq_entries: 16,
        streams: 1,
        paths: PATHS,
    };
    let size_b = size as usize;
    let mut pair = EnginePair::open(init, 2 * size_b)?;
    let pattern = seeded_bytes(seed, size_b);
    pair.src.write(0, &pattern).context("fill A's source")?;
    let mut clock = WireClock {
        wire: FabricWire::new(fabric(loss, seed), pair.a.eng.clone(), pair.b.eng.clone()),
        per_wait: 200,
    };
    let cfg = BwConfig {
        size,
        iters,
        depth,
        stream: 0,
        stall_ps: clock_ps(STALL_CLOCKS),
    };
    let remote = RemoteBuf::of(&pair.dst);
    pair.a
        .ctx
        .select_path(pair.qp_a.qp_num(), 0)
        .context("select A's path 0")?;
    let t0 = std::time::Instant::now();
    let bw = perf::write_bw(
        &mut pair.qp_a,
        &pair.cq_a,
        &pair.src,
        remote,
        &cfg,
        &mut clock,
    )
    .context("write_bw")?;
    let clocks = clock.wire.clocks();
    let wall = t0.elapsed().as_secs_f64();
    let (a, b) = (&pair.a, &pair.b);
    if !b.eng.borrow().bad_writes().is_empty() {
        bail!("write_bw: B wrote outside host buffers");
    }
    for slot in 0..iters.min(2) as usize {
        check_region(
            &pair.dst,
            slot * size_b,
            &pattern,
            &format!("B's slot {slot}"),
        )?;
    }
    let r = WriteBw {
        size,
        iters,
        depth,
        bytes: bw.bytes,
        clocks,
        gbps: bw.gbps(),
        retransmits: a.reg("TX_RETX")? as u64,
        timeouts: a.reg("TX_TIMEOUTS")? as u64,
        clocks_per_sec: 2.0 * clocks as f64 / wall,
        counters: (a.ctx.counters()?, b.ctx.counters()?),
        path0: a.ctx.path_stats()?,
    };
    drop(clock);
    drop(pair);
    Ok(r)
}

/// The arguments `write_bw` and `write_lat` share.
fn check_run(size: u32, iters: u32, loss: f64) -> Result<()> {
    if !(0.0..1.0).contains(&loss) {
        bail!("--loss {loss}: must be at least 0 and below 1");
    }
    if size == 0 || size > 16 << 20 {
        bail!("--size {size}: must be 1 byte to 16 MiB on the Verilated engine");
    }
    if iters == 0 {
        bail!("--iters must be at least 1");
    }
    Ok(())
}

/// No progress for this many clocks fails a run, not slows it (a lost
/// tail waits for its RTO, 20 us = 6,000 clocks at reset).
const STALL_CLOCKS: u64 = 2_000_000;

/// The engines' clock for braid-driver's perftest loops: waiting runs the
/// wire (both engines and the fabric) `per_wait` clocks.
struct WireClock {
    wire: FabricWire,
    per_wait: u64,
}

impl perf::Clock for WireClock {
    fn wait(&mut self) {
        self.wire.run(self.per_wait);
    }

    fn now_ps(&mut self) -> u64 {
        clock_ps(self.wire.clocks())
    }
}

/// `n` bytes of ChaCha8 from `seed`.
fn seeded_bytes(seed: u64, n: usize) -> Vec<u8> {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    (0..n).map(|_| rng.gen()).collect()
}

/// Fail unless `mr` holds `want` at `off`.
fn check_region(
    mr: &MemoryRegion<crate::engine::EngineBackend>,
    off: usize,
    want: &[u8],
    what: &str,
) -> Result<()> {
    let mut got = vec![0u8; want.len()];
    mr.read(off, &mut got)
        .with_context(|| format!("read {what}"))?;
    if got != want {
        let at = got.iter().zip(want).position(|(g, w)| g != w);
        bail!("{what} differs from the data sent at byte {at:?}");
    }
    Ok(())
}

/// Figures of a perftest-style `write_lat` run on the two Verilated
/// engines.
#[derive(Debug, Clone)]
pub struct WriteLat {
    /// Bytes per WRITE_WITH_IMM.
    pub size: u32,
    /// Half round trips, picoseconds of engine clock.
    pub stats: LatStats,
    /// Retransmissions (`TX_RETX`) of A and B.
    pub retransmits: (u64, u64),
    /// Engine clocks per second of wall time (both engines together).
    pub clocks_per_sec: f64,
}

/// perftest's `write_lat` on the two Verilated tiny engines through the
/// fabric of [`write_bw`], driven only through braid-driver's verbs API: A
/// and B play ping-pong with WRITE_WITH_IMMs of `size` bytes, `iters` round
/// trips, each side answering the other's completion (see
/// [`braid_driver::perf`]). The wire steps one clock at a time, so the
/// figures are exact to the clock. Both buffers must hold the other side's
/// seeded data at the end.
pub fn write_lat(size: u32, iters: u32, loss: f64, seed: u64) -> Result<WriteLat> {
    check_run(size, iters, loss)?;
    let init = QpInit {
        sq_entries: 16,
        rq_entries: 16,
        streams: 1,
        paths: PATHS,
    };
    let size_b = size as usize;
    let mut pair = EnginePair::open(init, size_b)?;
    let a_dst = pair
        .pd_a
        .reg_mr(size_b, access::LOCAL_WRITE | access::REMOTE_WRITE)
        .context("REG_MR on A")?;
    let b_src = pair
        .pd_b
        .reg_mr(size_b, access::LOCAL_WRITE)
        .context("REG_MR on B")?;
    let (pat_a, pat_b) = (seeded_bytes(seed, size_b), seeded_bytes(!seed, size_b));
    pair.src.write(0, &pat_a).context("fill A's source")?;
    b_src.write(0, &pat_b).context("fill B's source")?;
    let mut wire = FabricWire::new(fabric(loss, seed), pair.a.eng.clone(), pair.b.eng.clone());
    wire.step = 1;
    let mut clock = WireClock { wire, per_wait: 1 };
    let cfg = LatConfig {
        size,
        iters,
        stream: 0,
        stall_ps: clock_ps(STALL_CLOCKS),
    };
    let (to_b, to_a) = (RemoteBuf::of(&pair.dst), RemoteBuf::of(&a_dst));
    let a = LatSide::new(&mut pair.qp_a, &pair.cq_a, &pair.src, to_b, cfg, true)?;
    let b = LatSide::new(&mut pair.qp_b, &pair.cq_b, &b_src, to_a, cfg, false)?;
    let t0 = std::time::Instant::now();
    let rtts = perf::ping_pong(a, b, &mut clock).context("write_lat (A initiates)")?;
    let wall = t0.elapsed().as_secs_f64();
    let clocks = clock.wire.clocks();
    let stats = LatStats::from_rtts(&rtts);
    for (side, bad) in [("A", &pair.a), ("B", &pair.b)] {
        if !bad.eng.borrow().bad_writes().is_empty() {
            bail!("write_lat: {side} wrote outside host buffers");
        }
    }
    check_region(&pair.dst, 0, &pat_a, "B's buffer")?;
    check_region(&a_dst, 0, &pat_b, "A's buffer")?;
    let r = WriteLat {
        size,
        stats,
        retransmits: (pair.a.reg("TX_RETX")? as u64, pair.b.reg("TX_RETX")? as u64),
        clocks_per_sec: 2.0 * clocks as f64 / wall,
    };
    drop(clock);
    drop(a_dst);
    drop(b_src);
    drop(pair);
    Ok(r)
}

impl std::fmt::Display for WriteBw {
    /// The figures as `braid write_bw` and `braid-sim write-bw` print them.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(
            f,
            "{:>10} {:>8} {:>12} {:>14} {:>10} {:>9} {:>12} {:>14}",
            "bytes",
            "iters",
            "BW (Gb/s)",
            "BW (MB/s)",
            "retransm",
            "timeouts",
            "clocks",
            "clocks/s"
        )?;
        writeln!(
            f,
            "{:>10} {:>8} {:>12.2} {:>14.1} {:>10} {:>9} {:>12} {:>14.0}",
            self.size,
            self.iters,
            self.gbps,
            self.gbps * 1e3 / 8.0,
            self.retransmits,
            self.timeouts,
            self.clocks,
            self.clocks_per_sec
        )?;
        writeln!(f, "B's region holds A's source in both slots (checked).")?;
        writeln!(f, "\nengine counters (braid stats), sender and receiver:")?;
        let (a, b) = &self.counters;
        for ((name, a), (_, b)) in a.engine_wide().zip(b.engine_wide()) {
            writeln!(f, "  {name:<22} {a:>12} {b:>12}")?;
        }
        write!(f, "\nA's {}", self.path0)?;
        Ok(())
    }
}

impl std::fmt::Display for WriteLat {
    /// The figures as `braid write_lat` and `braid-sim write-lat` print
    /// them.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.stats)?;
        writeln!(
            f,
            "retransmissions A/B: {}/{}; both buffers hold the other side's data (checked); \
             co-simulation {:.0} clocks/s (both engines)",
            self.retransmits.0, self.retransmits.1, self.clocks_per_sec
        )
    }
}
