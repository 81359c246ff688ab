//! `braid-sim bench`: the block benchmarks, the loss sweep with the RTL in
//! the loop, the scenarios, and the perftest loops.

use super::*;

pub(crate) fn bench_cmd(which: Bench) -> Result<()> {
    let (names, o): (Vec<&str>, BenchOpts) = match which {
        Bench::Loss(o) => (vec!["loss"], o),
        Bench::Incast(o) => (vec!["incast"], o),
        Bench::Planes(o) => (vec!["planes"], o),
        Bench::Failover(o) => (vec!["failover"], o),
        Bench::Allreduce(o) => (vec!["allreduce"], o),
        Bench::Alltoall(o) => (vec!["alltoall"], o),
        Bench::All(o) => (SCENARIOS.to_vec(), o),
    };
    if o.engine == EngineKind::Rtl {
        if names != ["loss"] {
            bail!("--engine rtl: only the loss scenario runs with the RTL in the loop (`bench loss --engine rtl`)");
        }
        return loss_rtl(&o);
    }
    if o.fst.is_some() {
        bail!("--fst: waveforms come from the RTL; use it with `bench loss --engine rtl`");
    }
    if o.ack_coalesce.is_some() {
        bail!("--ack-coalesce: only `bench loss --engine rtl` sets it (the other scenarios acknowledge every packet)");
    }
    if let Some(dir) = &o.out {
        std::fs::create_dir_all(dir)
            .map_err(|e| anyhow::anyhow!("cannot create {}: {e}", dir.display()))?;
    }
    let t_all = std::time::Instant::now();
    for name in names {
        scenario(name, &o)?;
    }
    if !o.json {
        let secs = t_all.elapsed().as_secs_f64();
        let pkts = bench::simulated_packets();
        out!(
            "simulator: {pkts} data packets (plus their ACKs) in {secs:.1} s wall: {:.2} M data packets/s on one core",
            pkts as f64 / secs / 1e6
        );
    }
    Ok(())
}

/// `bench loss --engine rtl`: the sweep of `bench::rtl`, its table (or JSON
/// rows), and a failure when the RTL's goodput is not within 2% of the
/// model's at every point.
pub(crate) fn loss_rtl(o: &BenchOpts) -> Result<()> {
    let t0 = std::time::Instant::now();
    if o.fst_clocks == 0 {
        bail!("--fst-clocks must be at least 1");
    }
    let cap = braid_cosim::bench::Capture {
        frames: RTL_CAPTURE,
        fst: o.fst.clone(),
        fst_clocks: o.fst_clocks,
    };
    let reset = regs::get(&regs::TIMER_CFG_ACK_COALESCE, regs::CFG_TIMER);
    let coalesce = o.ack_coalesce.unwrap_or(reset);
    let bits = regs::TIMER_CFG_ACK_COALESCE.bits;
    if coalesce >> bits != 0 {
        bail!("--ack-coalesce {coalesce}: TIMER_CFG.ack_coalesce has {bits} bits (0 to 255)");
    }
    let (rows, frames) = braid_cosim::bench::loss_rtl(o.quick, o.seed, &cap, coalesce)?;
    let text = bench::table(&rows);
    let json: String = rows.iter().map(|r| r.json() + "\n").collect();
    let title = format!(
        "loss sweep with the RTL in the loop ({}): two braid_engine_tiny tops in Verilator, each under braid-driver, through the fabric simulator (2 hosts on two leaves, 4 spines, every port at the engine's {:.1} Gb/s MAC rate, 500 ns links); 1 connection of 4 paths, 1 MiB WRITEs, 8 posted; loss p end to end on data and ACKs; ack_coalesce {coalesce}; goodput = payload bytes placed by the receiver after a tenth of warm-up over the port rate; model = the transport model on the same fabric with the same parameters",
        if o.quick { "quick" } else { "full" },
        braid_cosim::bench::ENGINE_LINE_BPS as f64 / 1e9
    );
    let gap = braid_cosim::bench::worst_gap(&rows);
    if o.json {
        write!(std::io::stdout().lock(), "{json}")?;
    } else {
        out!("{title}\nseed {:#x}\n", o.seed);
        write!(std::io::stdout().lock(), "{text}")?;
        out!(
            "largest RTL/model goodput gap: {:.2}% (bound 2%); {:.1} s wall\n",
            gap * 100.0,
            t0.elapsed().as_secs_f64()
        );
    }
    if let Some(dir) = &o.out {
        std::fs::create_dir_all(dir)
            .map_err(|e| anyhow::anyhow!("cannot create {}: {e}", dir.display()))?;
        std::fs::write(dir.join("loss-rtl.txt"), format!("{title}\n\n{text}"))?;
        std::fs::write(dir.join("loss-rtl.jsonl"), &json)?;
        let (svg, pcap) = write_rtl_files(dir, &rows, &frames)?;
        if !o.json {
            wrote(&svg, &pcap, frames.len())?;
        }
    }
    if gap > 0.02 {
        bail!(
            "RTL and model goodput differ by {:.2}% (more than 2%)",
            gap * 100.0
        );
    }
    Ok(())
}

pub(crate) fn scenario(name: &str, o: &BenchOpts) -> Result<()> {
    let (q, seed) = (o.quick, o.seed);
    let (t0, p0) = (std::time::Instant::now(), bench::simulated_packets());
    let size = if q { "quick" } else { "full" };
    let (title, rows) = match name {
        "loss" => (
            format!("loss sweep ({size}): 2 hosts, 1 connection, 16 paths (braid), 400 Gb/s, 4096 B payloads, {} ms simulated per point; loss p end to end on data and ACKs (e2e), then p on every switch hop (hop); limit = delivered fraction x payload/wire bytes", if q { 1 } else { 5 }),
            bench::loss(q, seed),
        ),
        "incast" => (
            format!("incast ({size}): 32 senders WRITE {} MiB each to one receiver at the same moment; 64-host leaf-spine, 400 Gb/s, 1 MiB buffers, ECN at 100 KiB; rounds = base RTTs from the first arrival until every sender stays within 10% of fair share (8-RTT windows); peak queue in BDPs; Jain over bytes until the first completion; last completion over total payload / receiver line rate", if q { 1 } else { 4 }),
            bench::incast(q, seed),
        ),
        "planes" => (
            format!("planes ({size}): 64 hosts (16 per leaf, 16 spines per plane, non-blocking), 4,000 connections between random distinct host pairs, bulk WRITEs; aggregate payload goodput over planes x 64 x 400 Gb/s"),
            bench::planes(q, seed),
        ),
        "failover" => (
            format!("failover ({size}): 8 hosts on one leaf each stream to a partner on another (8 spines, non-blocking); at half time a leaf-spine link (1 of 8) or a whole plane (1 of 4) fails for good, switches reroute after 10 us; rounds = base RTTs after the failure until every later 4-round average stays within 2% of (N-1)/N x before; then no new messages, and every posted message must complete (messages_lost)"),
            bench::failover(q, seed),
        ),
        "allreduce" => (
            format!("allreduce ({size}): 64-node ring all-reduce, {} MiB per node (126 steps of WRITE_WITH_IMM chunks, each step waits for the predecessor's chunk), at 0% and 1% end-to-end loss", if q { 8 } else { 64 }),
            bench::allreduce(q, seed),
        ),
        "alltoall" => (
            format!("alltoall ({size}): 64 hosts (16 per leaf, non-blocking), every host WRITEs {} to every other, all 4,032 flows starting at once, at 0% and 1% end-to-end loss; over_ideal = last completion over the lossless ideal (each host's 63 x payload with headers through its port at 400 Gb/s); slowest_over_median = flow completion times", if q { "64 KiB" } else { "1 MiB" }),
            bench::alltoall(q, seed),
        ),
        _ => bail!("unknown scenario {name}"),
    };
    let text = bench::table(&rows);
    let json: String = rows.iter().map(|r| r.json() + "\n").collect();
    if o.json {
        write!(std::io::stdout().lock(), "{json}")?;
    } else {
        out!("{title}\nseed {seed:#x}; baselines on the same fabric and API: roce-gbn = RoCEv2 RC go-back-N on one path (1 ms timeout, DCQCN, no PFC); sr-irn = one path, selective repeat, window = BDP, DCQCN\n");
        write!(std::io::stdout().lock(), "{text}")?;
        let (secs, pkts) = (t0.elapsed().as_secs_f64(), bench::simulated_packets() - p0);
        out!(
            "({pkts} simulated data packets in {secs:.1} s: {:.2} M/s)\n",
            pkts as f64 / secs / 1e6
        );
    }
    if let Some(dir) = &o.out {
        std::fs::write(
            dir.join(format!("{name}.txt")),
            format!("{title}\n\n{text}"),
        )?;
        std::fs::write(dir.join(format!("{name}.jsonl")), &json)?;
        if name == "loss" {
            let svg = dir.join("loss.svg");
            std::fs::write(&svg, braid_net::bench::loss_svg(&rows))?;
            let pcap = dir.join("braid-loss-1pct.pcap");
            let frames = braid_net::capture::capture_braid(0.01, 2000, seed);
            write_pcap(&pcap, &frames)?;
            if !o.json {
                wrote(&svg, &pcap, frames.len())?;
            }
        }
    }
    Ok(())
}

pub(crate) fn write_bw(size: u32, iters: u32, tx_depth: u32, loss: f64, seed: u64) -> Result<()> {
    use braid_driver::perf::{self, BwConfig, PolledClock, RemoteBuf};
    use braid_driver::verbs::*;
    use braid_net::model_backend::ModelWorld;
    if !(0.0..1.0).contains(&loss) {
        bail!("--loss {loss}: must be at least 0 and below 1");
    }
    if size == 0 || size > 64 << 20 {
        bail!("--size {size}: must be 1 byte to 64 MiB");
    }
    if tx_depth == 0 || tx_depth > 4096 || iters == 0 {
        bail!("--tx-depth must be 1 to 4096 and --iters at least 1");
    }
    let region = (size as usize * 2).max(4096);
    let world = ModelWorld::new(2, region as u64 * 2 + (16 << 20), loss, seed);
    let ca = Context::open(ModelWorld::backend(&world, 0))?;
    let cb = Context::open(ModelWorld::backend(&world, 1))?;
    let (pa, pb) = (ca.alloc_pd(), cb.alloc_pd());
    let depth = tx_depth.next_power_of_two().max(2);
    let (qa, qb) = (ca.create_cq(depth * 2)?, cb.create_cq(16)?);
    let src = pa.reg_mr(region, access::LOCAL_WRITE)?;
    let dst = pb.reg_mr(region, access::LOCAL_WRITE | access::REMOTE_WRITE)?;
    let init = QpInit {
        sq_entries: depth,
        rq_entries: 16,
        streams: 1,
        paths: 16,
    };
    let mut a = pa.create_qp(&qa, init)?;
    let mut b = pb.create_qp(&qb, init)?;
    let la = a.local_params([2, 0x42, 0x52, 0, 0, 0], [10, 0, 0, 1]);
    let lb = b.local_params([2, 0x42, 0x52, 0, 0, 1], [10, 0, 0, 2]);
    a.connect(&la, &lb)?;
    b.connect(&lb, &la)?;
    let cfg = BwConfig {
        size,
        iters,
        depth: tx_depth,
        stream: 0,
        stall_ps: 1_000_000_000_000,
    };
    let t0 = std::time::Instant::now();
    let mut clock = PolledClock(|| world.borrow().net.now());
    let r = perf::write_bw(&mut a, &qa, &src, RemoteBuf::of(&dst), &cfg, &mut clock)?;
    let wall = t0.elapsed().as_secs_f64();
    let st = world.borrow().net.total_stats();
    out!("write_bw on two model engines (braid-driver verbs API -> host interface -> transport model), 400 Gb/s, 16 paths, loss {loss}, seed {seed:#x}");
    out!(
        "{:>10} {:>8} {:>12} {:>14} {:>10} {:>12}",
        "bytes",
        "iters",
        "BW (Gb/s)",
        "BW (MB/s)",
        "retransm",
        "wall (s)"
    );
    let gbps = r.gbps();
    let (cta, ctb) = (ca.counters()?, cb.counters()?);
    out!(
        "{size:>10} {iters:>8} {gbps:>12.2} {:>14.1} {:>10} {wall:>12.2}",
        gbps * 1e3 / 8.0,
        st.retransmits
    );
    out!("\nengine counters (braid stats), sender and receiver:");
    // (the model engines have no per-path statistics registers)
    for ((name, a), (_, b)) in cta.engine_wide().zip(ctb.engine_wide()) {
        out!("  {name:<22} {a:>12} {b:>12}");
    }
    Ok(())
}

pub(crate) fn write_lat(size: u32, iters: u32, loss: f64, seed: u64) -> Result<()> {
    use braid_driver::perf::{self, LatConfig, LatSide, LatStats, PolledClock, RemoteBuf};
    use braid_driver::verbs::*;
    use braid_net::model_backend::ModelWorld;
    if !(0.0..1.0).contains(&loss) {
        bail!("--loss {loss}: must be at least 0 and below 1");
    }
    if size == 0 || size > 16 << 20 || iters == 0 {
        bail!("--size must be 1 byte to 16 MiB and --iters at least 1");
    }
    let region = (size as usize).max(4096);
    let world = ModelWorld::new(2, region as u64 * 2 + (16 << 20), loss, seed);
    let ctx = [
        Context::open(ModelWorld::backend(&world, 0))?,
        Context::open(ModelWorld::backend(&world, 1))?,
    ];
    let pds = [ctx[0].alloc_pd(), ctx[1].alloc_pd()];
    let cqs = [ctx[0].create_cq(16)?, ctx[1].create_cq(16)?];
    let mrs = [
        pds[0].reg_mr(region, access::LOCAL_WRITE | access::REMOTE_WRITE)?,
        pds[1].reg_mr(region, access::LOCAL_WRITE | access::REMOTE_WRITE)?,
    ];
    let init = QpInit {
        sq_entries: 16,
        rq_entries: 16,
        streams: 1,
        paths: 16,
    };
    let mut qps = [
        pds[0].create_qp(&cqs[0], init)?,
        pds[1].create_qp(&cqs[1], init)?,
    ];
    let l0 = qps[0].local_params([2, 0x42, 0x52, 0, 0, 0], [10, 0, 0, 1]);
    let l1 = qps[1].local_params([2, 0x42, 0x52, 0, 0, 1], [10, 0, 0, 2]);
    qps[0].connect(&l0, &l1)?;
    qps[1].connect(&l1, &l0)?;
    // ping from 0 to 1, pong from 1 to 0: each side writes back when its
    // completion shows the peer's data landed (braid_driver::perf)
    let cfg = LatConfig {
        size,
        iters,
        stream: 0,
        stall_ps: 1_000_000_000_000,
    };
    let [q0, q1] = &mut qps;
    let a = LatSide::new(q0, &cqs[0], &mrs[0], RemoteBuf::of(&mrs[1]), cfg, true)?;
    let b = LatSide::new(q1, &cqs[1], &mrs[1], RemoteBuf::of(&mrs[0]), cfg, false)?;
    let t0 = std::time::Instant::now();
    // polling runs the model world
    let rtts = perf::ping_pong(a, b, &mut PolledClock(|| world.borrow().net.now()))?;
    let stats = LatStats::from_rtts(&rtts);
    out!("write_lat on two model engines (braid-driver verbs API -> host interface -> transport model), 400 Gb/s, {size} bytes, loss {loss}, seed {seed:#x}");
    out!("one-way latency = half a WRITE_WITH_IMM ping-pong (each side writes back when its completion shows the peer's data landed), simulated time, no host software time; hosts on one leaf");
    write!(std::io::stdout().lock(), "{stats}")?;
    out!(
        "({iters} round trips in {:.2} s wall)",
        t0.elapsed().as_secs_f64()
    );
    Ok(())
}
