//! `braid-sim demo`'s engine part: the Verilated engine top under the
//! driver, two tops MAC to MAC, and two tops through the fabric simulator.

use super::*;

/// The two engine tops through the fabric simulator at 0%, 1% and 10%
/// loss (`bench loss --engine rtl --quick`): goodput of the RTL beside the
/// Braid model and the go-back-N baseline on the same fabric. Prints the
/// RTL/model gap; the 2% bound is the bench's check, not the demo's. Writes
/// the chart and a capture of the RTL run at 1% into `out`.
pub(crate) fn engine_fabric_demo(seed: u64, out: &Path, fst: Option<&Path>) -> Result<()> {
    let t0 = std::time::Instant::now();
    let cap = braid_cosim::bench::Capture {
        frames: RTL_CAPTURE,
        fst: fst.map(|d| d.join("engine-fabric-1pct")),
        fst_clocks: FST_CLOCKS,
    };
    let reset = regs::get(&regs::TIMER_CFG_ACK_COALESCE, regs::CFG_TIMER);
    let (rows, frames) = braid_cosim::bench::loss_rtl(true, seed, &cap, reset)?;
    out!(
        "\nTwo engine tops (braid_engine_tiny) through the fabric simulator (2 hosts, 4 spines, ports at the engine's {:.1} Gb/s, 1 MiB WRITEs on 4 paths, loss p end to end), 1 ms per point, seed {seed:#x}; goodput over the port rate beside the Braid model and RoCE go-back-N on the same fabric:",
        braid_cosim::bench::ENGINE_LINE_BPS as f64 / 1e9
    );
    write!(std::io::stdout().lock(), "{}", bench::table(&rows))?;
    out!(
        "  largest RTL/model goodput gap {:.2}% (the bound is 2%: `bench loss --engine rtl` checks it); {:.1} s wall",
        braid_cosim::bench::worst_gap(&rows) * 100.0,
        t0.elapsed().as_secs_f64()
    );
    let (svg, pcap) = write_rtl_files(out, &rows, &frames)?;
    out!(
        "  wrote {} and {} (the RTL run at 1% loss, first {} frames of both engines)",
        svg.display(),
        pcap.display(),
        frames.len()
    );
    if let Some(d) = &cap.fst {
        out!(
            "  waveforms of the 1% run's first {} clocks: {}/engine-a.fst and engine-b.fst",
            cap.fst_clocks,
            d.display()
        );
    }
    Ok(())
}

/// Frames of the RTL run at 1% loss kept for the capture.
pub(crate) const RTL_CAPTURE: usize = 2000;

/// Write `loss-rtl.svg` (goodput against loss) and `rtl-loss-1pct.pcap`
/// (the RTL run's frames at 1% loss) into `dir`.
pub(crate) fn write_rtl_files(
    dir: &Path,
    rows: &[bench::Row],
    frames: &[(u64, Vec<u8>)],
) -> Result<(PathBuf, PathBuf)> {
    std::fs::create_dir_all(dir)
        .map_err(|e| anyhow::anyhow!("cannot create {}: {e}", dir.display()))?;
    let svg = dir.join("loss-rtl.svg");
    std::fs::write(&svg, braid_cosim::bench::loss_rtl_svg(rows))?;
    let pcap = dir.join("rtl-loss-1pct.pcap");
    write_pcap(&pcap, frames)?;
    Ok((svg, pcap))
}

/// Say where the chart and the capture of `n` frames went.
pub(crate) fn wrote(svg: &Path, pcap: &Path, n: usize) -> Result<()> {
    out!(
        "wrote {} and {} ({n} frames)\n",
        svg.display(),
        pcap.display()
    );
    Ok(())
}

/// Write `frames` (time in ns, frame) as a pcap file.
pub(crate) fn write_pcap(path: &Path, frames: &[(u64, Vec<u8>)]) -> Result<()> {
    let f = std::fs::File::create(path)
        .map_err(|e| anyhow::anyhow!("cannot create {}: {e}", path.display()))?;
    let mut w = braid_spec::pcap::PcapWriter::new(std::io::BufWriter::new(f))?;
    for (t, fr) in frames {
        w.write_frame(*t, fr)?;
    }
    w.flush()?;
    Ok(())
}

/// Two engine tops (`braid_engine_tiny`) in Verilator, each under its own
/// driver, MAC to MAC: RDMA WRITEs of seeded sizes posted on A are sent
/// as frames, which B parses, checks (connection, rkey, protection domain,
/// access, bounds, CSN window) and places by DMA into its registered
/// region; the region must then hold exactly the bytes written, and B's
/// ACKs, fed back to A, must acknowledge every PSN of every path used, be
/// accepted by A and complete every WRITE on A (SUCCESS, posting order).
/// Prints the co-simulation speed of the pair (clocks of both engines per
/// second).
pub(crate) fn engine_pair_demo(seed: u64) -> Result<()> {
    use braid_cosim::engine::EngineBackend;
    use braid_cosim::pair::EnginePair;
    use braid_driver::verbs::*;
    use braid_driver::Backend;
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed ^ 0x9a1f);
    let init = QpInit {
        sq_entries: 16,
        rq_entries: 16,
        streams: 2,
        paths: 4,
    };
    let mut pair = EnginePair::open(init, 256 << 10)?;
    let (eng_a, eng_b, ctx_b) = (&pair.a.eng, &pair.b.eng, &pair.b.ctx);
    let (src, dst, cq_a, qp_a) = (&pair.src, &pair.dst, &pair.cq_a, &mut pair.qp_a);
    let src_bytes: Vec<u8> = (0..src.len()).map(|_| rng.gen()).collect();
    src.write(0, &src_bytes)?;
    let lens: Vec<u32> = (0..16).map(|_| rng.gen_range(1..=12_000)).collect();
    let wrs: Vec<SendWr> = lens
        .iter()
        .enumerate()
        .map(|(i, &len)| SendWr {
            wr_id: i as u64,
            op: SendOp::Write {
                remote_addr: dst.addr() + i as u64 * 16384,
                rkey: dst.rkey(),
            },
            stream: (i % 2) as u8,
            sg_list: vec![src.sge(i as u64 * 16384, len)],
        })
        .collect();
    qp_a.post_send(&wrs)?;
    let want_pkts: u64 = lens.iter().map(|&l| (l as u64).div_ceil(4096)).sum();
    let want_bytes: u64 = lens.iter().map(|&l| l as u64).sum();
    let (a0, b0) = (eng_a.borrow().cycles(), eng_b.borrow().cycles());
    let t0 = std::time::Instant::now();
    let rx_pkts = |ctx: &Context<EngineBackend>| {
        ctx.with_backend(|b| b.read32(braid_spec::regs::COUNTERS[5].offset))
    };
    let mut frames = 0u64;
    // B's frames go back to A; the last ACK of each path (base PSN, SACK)
    let mut acks = 0u64;
    let mut last_ack: std::collections::BTreeMap<u8, (u32, bool)> = Default::default();
    let mut next_psn: std::collections::BTreeMap<u8, u32> = Default::default();
    let mut settle = 0;
    for _ in 0..2000 {
        eng_a.borrow_mut().run(100);
        let fa: Vec<Vec<u8>> = eng_a.borrow_mut().tx().frames.drain(..).collect();
        frames += fa.len() as u64;
        for f in &fa {
            let b = braid_spec::wire::frame::parse_frame(f)?.repr.braid.base;
            next_psn.insert(b.path_id, b.path_psn.wrapping_add(1));
        }
        let fb: Vec<Vec<u8>> = {
            let mut eb = eng_b.borrow_mut();
            for f in &fa {
                eb.push_rx_frame(f);
            }
            eb.run(100);
            eb.tx().frames.drain(..).collect()
        };
        for f in &fb {
            let r = braid_spec::wire::frame::parse_frame(f)?.repr.braid;
            if let braid_spec::wire::braid::Body::Ack(a) = r.body {
                acks += 1;
                last_ack.insert(r.base.path_id, (a.base_psn, a.sack.words == [0; 4]));
            }
            eng_a.borrow_mut().push_rx_frame(f);
        }
        if rx_pkts(ctx_b)? as u64 >= want_pkts {
            settle += 1;
            if settle > 5 {
                break;
            }
        }
    }
    let acked_all = !next_psn.is_empty()
        && next_psn
            .iter()
            .all(|(p, &n)| last_ack.get(p) == Some(&(n, true)));
    let wall = t0.elapsed().as_secs_f64();
    let clocks = (eng_a.borrow().cycles() - a0) + (eng_b.borrow().cycles() - b0);
    let placed = rx_pkts(ctx_b)? as u64;
    let mut got = vec![0u8; dst.len()];
    dst.read(0, &mut got)?;
    let mut want = vec![0u8; dst.len()];
    for (i, &len) in lens.iter().enumerate() {
        let (to, n) = (i * 16384, len as usize);
        want[to..to + n].copy_from_slice(&src_bytes[to..to + n]);
    }
    // A took B's ACKs (the last ones reached A after its last clock):
    // every WRITE completes SUCCESS, in posting order
    eng_a.borrow_mut().run(2000);
    let mut done = Vec::new();
    for _ in 0..50 {
        done.extend(cq_a.poll(16)?);
    }
    let ids: Vec<u64> = done
        .iter()
        .filter(|w| w.status == WcStatus::Success)
        .map(|w| w.wr_id)
        .collect();
    if ids != (0..lens.len() as u64).collect::<Vec<_>>() || done.len() != lens.len() {
        bail!(
            "engine pair: A's completions {done:?}, expected SUCCESS for 0..{}",
            lens.len()
        );
    }
    let ga = eng_a.borrow().glue_counters();
    if ga.ack_rx as u64 != acks || ga.ack_rej != 0 || ga.ack_bad != 0 {
        bail!(
            "engine pair: A took {} of B's {acks} ACKs ({} rejected, {} bad)",
            ga.ack_rx,
            ga.ack_rej,
            ga.ack_bad
        );
    }
    if placed != want_pkts || got != want || !eng_b.borrow().bad_writes().is_empty() || !acked_all {
        bail!(
            "engine pair: {placed} of {want_pkts} packets placed, region {}, every path acknowledged: {acked_all}",
            if got == want { "equal" } else { "differs" }
        );
    }
    out!("\nTwo engine tops (braid_engine_tiny), MAC to MAC, each under its own braid-driver, seed {seed:#x}:");
    out!(
        "  {} RDMA WRITEs ({want_bytes} bytes) posted on A: {frames} frames, all placed by B ({placed} packets, checked: connection, rkey, protection domain, access, bounds); B's region equals the bytes written",
        lens.len()
    );
    out!(
        "  {clocks} clocks of the two engines in {wall:.2} s: {:.3} M engine clocks/s ({:.3} M clocks/s of the pair)",
        clocks as f64 / wall / 1e6,
        clocks as f64 / 2.0 / wall / 1e6
    );
    out!(
        "  B sent {acks} ACKs back to A; the last one of each of the {} paths used acknowledges every PSN sent on it (base = next PSN, no SACK holes)",
        next_psn.len()
    );
    out!(
        "  A took all {} ACKs (none rejected): every path's window reopened with its ACKs, and the {} WRITEs completed SUCCESS on A in posting order",
        ga.ack_rx,
        lens.len()
    );
    Ok(())
}

/// The engine top (stages 1 and 2: host interface, control path, send
/// path) in Verilator under the unmodified driver: `rounds` times a queue
/// pair is created and connected, up to 6 WRITEs of seeded sizes (at most
/// one 4 KiB packet each) are posted, fetched by DMA and sent as frames
/// (each parsed by braid-spec, its payload checked against host memory),
/// and the queue pair is destroyed; with no receive path nothing
/// acknowledges the frames, so every work request must come back FLUSHED,
/// in posting order, from the engine's CQ ring. Prints the co-simulation
/// speed of the whole top.
pub(crate) fn engine_control_demo(rounds: u32, seed: u64) -> Result<()> {
    use braid_cosim::engine::{EngineBackend, EngineSim};
    use braid_driver::verbs::*;
    use braid_driver::Backend;
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let be = EngineBackend::new(EngineSim::tiny()?);
    let eng = be.sim();
    let ctx = Context::open(be)?;
    // the engine's own addresses: the source of every frame it sends
    let local_mac = [2u8, 0x42, 0x52, 0, 0, 0];
    let local_ip = [10u8, 0, 0, 1];
    let mac = local_mac.iter().fold(0u64, |a, &b| (a << 8) | b as u64);
    ctx.with_backend(|b| {
        b.write32(braid_spec::regs::CONFIG[0].offset, mac as u32)?;
        b.write32(braid_spec::regs::CONFIG[1].offset, (mac >> 32) as u32)?;
        b.write32(
            braid_spec::regs::CONFIG[2].offset,
            u32::from_be_bytes(local_ip),
        )
    })?;
    let pd = ctx.alloc_pd();
    let cq = ctx.create_cq(256)?;
    let mr = pd.reg_mr(1 << 20, access::LOCAL_WRITE)?;
    let host: Vec<u8> = (0..mr.len()).map(|_| rng.gen()).collect();
    mr.write(0, &host)?;
    let init = QpInit {
        sq_entries: 16,
        rq_entries: 16,
        streams: 2,
        paths: 4,
    };
    let t0 = std::time::Instant::now();
    let c0 = eng.borrow().cycles();
    let (mut posted, mut flushed, mut frames, mut payload_bytes) = (0u64, 0u64, 0u64, 0u64);
    for round in 0..rounds {
        let mut qp = pd.create_qp(&cq, init)?;
        let local = qp.local_params(local_mac, local_ip);
        let peer = ConnParams {
            conn: round,
            mac: [2, 0x42, 0x52, 0, 0, 1],
            ip: [10, 0, 0, 2],
            udp_base: 0xc000,
        };
        qp.connect(&local, &peer)?;
        let n = rng.gen_range(1..=6u64);
        let lens: Vec<u32> = (0..n).map(|_| rng.gen_range(1..=4096)).collect();
        let wrs: Vec<SendWr> = (0..n)
            .map(|i| SendWr {
                wr_id: posted + i,
                op: SendOp::Write {
                    remote_addr: 0x2000_0000 + i * 0x1_0000,
                    rkey: 0x0101,
                },
                stream: (i % 2) as u8,
                sg_list: vec![mr.sge(i * 8192, lens[i as usize])],
            })
            .collect();
        qp.post_send(&wrs)?;
        for _ in 0..4 {
            if !cq.poll(8)?.is_empty() {
                bail!("engine demo: a completion before the queue pair was destroyed");
            }
        }
        // one frame per WRITE (each fits the reset MTU of 4 KiB): parsed by
        // braid-spec, addressed as SET_PEER said, its payload the host's
        let mut got_frames = Vec::new();
        for _ in 0..100 {
            eng.borrow_mut().run(200);
            got_frames.extend(eng.borrow_mut().tx().frames.drain(..));
            if got_frames.len() as u64 >= n {
                break;
            }
        }
        if got_frames.len() as u64 != n {
            bail!(
                "engine demo, round {round}: {} frames for {n} WRITEs",
                got_frames.len()
            );
        }
        for buf in &got_frames {
            use braid_spec::wire::braid::Body;
            let f = braid_spec::wire::frame::parse_frame(buf)
                .map_err(|e| anyhow::anyhow!("engine demo, round {round}: a frame: {e}"))?;
            let Body::Write { ext, .. } = f.repr.braid.body else {
                bail!("engine demo, round {round}: not a WRITE: {:?}", f.repr);
            };
            let i = ((ext.va - 0x2000_0000) >> 16) as usize;
            let want = lens.get(i).map(|&l| &host[i * 8192..i * 8192 + l as usize]);
            if f.repr.braid.base.dst_conn != round
                || f.repr.eth.src != local_mac
                || want != Some(f.payload(buf))
            {
                bail!("engine demo, round {round}: wrong frame {:?}", f.repr);
            }
            payload_bytes += f.payload(buf).len() as u64;
        }
        frames += n;
        drop(qp);
        let mut got = Vec::new();
        for _ in 0..2000 {
            got.extend(cq.poll(16)?);
            if got.len() as u64 >= n {
                break;
            }
        }
        let ids: Vec<u64> = got.iter().map(|w| w.wr_id).collect();
        let want: Vec<u64> = (posted..posted + n).collect();
        if ids != want || got.iter().any(|w| w.status != WcStatus::Flushed) {
            bail!("engine demo, round {round}: completions {got:?}, expected FLUSHED {want:?}");
        }
        posted += n;
        flushed += got.len() as u64;
    }
    let wall = t0.elapsed().as_secs_f64();
    // the top alone: the harness clocks it with every server attached and
    // no driver call in between
    let raw_clocks = 200_000u64;
    let t1 = std::time::Instant::now();
    eng.borrow_mut().run(raw_clocks);
    let raw_wall = t1.elapsed().as_secs_f64();
    let e = eng.borrow();
    let clocks = e.cycles() - c0 - raw_clocks;
    if !e.bad_writes().is_empty() || e.read_faults() != 0 {
        bail!(
            "engine demo: {} DMA writes outside host buffers, {} faulting reads",
            e.bad_writes().len(),
            e.read_faults()
        );
    }
    out!(
        "\nEngine top braid_engine_tiny (host interface, control path, send path; no peer) under braid-driver, seed {seed:#x}:"
    );
    out!(
        "  {rounds} queue pairs created, connected and destroyed; {posted} WRITEs posted and fetched by DMA; {frames} frames sent ({payload_bytes} payload bytes), each parsed by braid-spec with its payload equal to host memory; {flushed} FLUSHED completions from the engine's CQ ring in posting order"
    );
    out!(
        "  {clocks} clocks in {wall:.2} s under the driver: {:.3} M clocks/s; {} DMA reads, {} DMA writes, 0 outside host buffers",
        clocks as f64 / wall / 1e6,
        e.dma_reads(),
        e.dma_writes()
    );
    out!(
        "  the top alone, {raw_clocks} more clocks with the DMA and MAC servers attached: {:.3} M clocks/s",
        raw_clocks as f64 / raw_wall / 1e6
    );
    out!("  (no peer engine here: nothing acknowledges the frames, so the WRITEs complete as FLUSHED when their queue pair is destroyed)");
    Ok(())
}
