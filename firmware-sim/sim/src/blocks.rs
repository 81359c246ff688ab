//! `braid-sim demo`'s first part: every exported RTL block in Verilator
//! against its cycle-exact model, one function per block.

use super::*;

pub(crate) struct Row {
    block: &'static str,
    checked: EquivReport,
    raw: EquivReport,
    what: String,
}

pub(crate) fn bench<M: CycleModel>(
    seed: u64,
    cycles: u64,
    fst: &Option<PathBuf>,
    seen: impl FnMut(&M::In, &M::Out),
) -> Result<(EquivReport, EquivReport)> {
    if let Some(dir) = fst {
        std::env::set_var("BRAID_FST", dir);
    }
    let checked = match equiv::run_observed::<M>(seed, cycles, seen) {
        Ok(r) => r,
        Err(m) => bail!("{m}"),
    };
    std::env::remove_var("BRAID_FST");
    let raw = equiv::run_rtl_only::<M>(seed, cycles);
    Ok((checked, raw))
}

pub(crate) fn demo(cycles: u64, seed: u64, fst: Option<PathBuf>, out: &Path) -> Result<()> {
    if cycles == 0 {
        bail!("--cycles must be at least 1");
    }
    out!("Braid RTL blocks in Verilator vs the reference model: {cycles} clocks per block, seed {seed:#x}\n");
    let rows = [
        sack_tracker(seed, cycles, &fst)?,
        loss_detector(seed, cycles, &fst)?,
        path_window(seed, cycles, &fst)?,
        mr_check(seed, cycles, &fst)?,
        reg_block(seed, cycles, &fst)?,
        rx_path_table(seed, cycles, &fst)?,
        msg_tracker(seed, cycles, &fst)?,
        path_cc(seed, cycles, &fst)?,
        tx_builder(seed, cycles, &fst)?,
        rx_parser(seed, cycles, &fst)?,
        cq_writer(seed, cycles, &fst)?,
        dw_arb(seed, cycles, &fst)?,
        ack_gen(seed, cycles, &fst)?,
        dedup_table(seed, cycles, &fst)?,
        tx_path_table(seed, cycles, &fst)?,
        segmenter(seed, cycles, &fst)?,
        timer_wheel(seed, cycles, &fst)?,
        sprayer(seed, cycles, &fst)?,
        wqe_fetch(seed, cycles, &fst)?,
        dr_arb(seed, cycles, &fst)?,
        slot_table(seed, cycles, &fst)?,
        tx_compl(seed, cycles, &fst)?,
        cmd_proc(seed, cycles, &fst)?,
        rq_fetch(seed, cycles, &fst)?,
        path_window_table(seed, cycles, &fst)?,
        rx_rate_hint(seed, cycles, &fst)?,
        pcie_bar(seed, cycles, &fst)?,
        pcie_wr(seed, cycles, &fst)?,
        pcie_rd(seed, cycles, &fst)?,
    ];
    out!(
        "{:<14} {:>10} {:>22} {:>20}  what it did",
        "block",
        "clocks",
        "checked vs model (M/s)",
        "RTL alone (M/s)"
    );
    for r in &rows {
        out!(
            "{:<14} {:>10} {:>22.2} {:>20.2}  {}",
            r.block,
            r.checked.cycles,
            r.checked.cycles_per_sec() / 1e6,
            r.raw.cycles_per_sec() / 1e6,
            r.what
        );
    }
    out!("\nEvery output of every block equalled the model on every clock.");
    if let Some(d) = &fst {
        out!("Waveforms: {}", d.display());
    }
    engine_control_demo(2, seed)?;
    engine_pair_demo(seed)?;
    engine_fabric_demo(seed, out, fst.as_deref())
}

/// receiver SACK tracker
fn sack_tracker(seed: u64, cycles: u64, fst: &Option<PathBuf>) -> Result<Row> {
    let mut classes = [0u64; 4];
    let (mut advanced, mut jumps, mut last): (u64, u64, Option<SackOut>) = (0, 0, None);
    let (checked, raw) = bench::<SackTrackerModel>(seed, cycles, fst, |_, o| {
        if let Some((c, _)) = o.res {
            classes[c as usize] += 1;
        }
        if let Some(l) = last {
            let step = o.ack_base.wrapping_sub(l.ack_base);
            if step <= 256 {
                advanced += step as u64;
                jumps += (step > 2) as u64;
            }
        }
        last = Some(*o);
    })?;
    Ok(Row {
        block: "sack_tracker",
        checked,
        raw,
        what: format!(
            "{} new, {} duplicate, {} beyond window, {} behind base; base advanced {} PSNs ({} floor jumps)",
            classes[PsnClass::New as usize],
            classes[PsnClass::Duplicate as usize],
            classes[PsnClass::Beyond as usize],
            classes[PsnClass::Behind as usize],
            advanced,
            jumps
        ),
    })
}

/// sender loss detector
fn loss_detector(seed: u64, cycles: u64, fst: &Option<PathBuf>) -> Result<Row> {
    let (mut sent, mut acks, mut acked, mut lost, mut rej, mut blocked) =
        (0u64, 0u64, 0u64, 0u64, 0u64, 0u64);
    let (checked, raw) = bench::<LossDetectorModel>(seed, cycles, fst, |_, o: &LossOut| {
        sent += o.sent.is_some() as u64;
        if o.ack_done {
            acks += 1;
            acked += o.acked_count as u64;
        }
        lost += o.lost_valid as u64;
        rej += o.ack_rejected as u64;
        blocked += o.send_blocked as u64;
    })?;
    Ok(Row {
        block: "loss_detector",
        checked,
        raw,
        what: format!(
            "{sent} sent, {acks} ACKs applied ({acked} PSNs newly acked), {lost} proven lost, {rej} bad ACKs rejected, {blocked} sends refused"
        ),
    })
}

/// per-path window
fn path_window(seed: u64, cycles: u64, fst: &Option<PathBuf>) -> Result<Row> {
    let (mut sends, mut closed, mut under, mut open) = (0u64, 0u64, 0u64, 0u64);
    let (checked, raw) = bench::<PathWindowModel>(seed, cycles, fst, |i, o: &PathWindowOut| {
        sends += i.send as u64;
        closed += o.err_send_closed as u64;
        under += o.err_underflow as u64;
        open += o.open as u64;
    })?;
    Ok(Row {
        block: "path_window",
        checked,
        raw,
        what: format!(
            "{sends} sends, window open {:.0}% of clocks, {closed} sends into a closed window and {under} underflows flagged",
            100.0 * open as f64 / cycles as f64
        ),
    })
}

/// receiver memory-region check
fn mr_check(seed: u64, cycles: u64, fst: &Option<PathBuf>) -> Result<Row> {
    let (mut checks, mut ok, mut refused) = (0u64, 0u64, 0u64);
    let (checked, raw) = bench::<MrCheckModel>(seed, cycles, fst, |_, o: &MrCheckOut| {
        if o.valid {
            checks += 1;
            ok += o.ok as u64;
            refused += !o.ok as u64;
        }
    })?;
    Ok(Row {
        block: "mr_check",
        checked,
        raw,
        what: format!(
            "{checks} placement checks: {ok} accepted, {refused} refused with a NACK reason"
        ),
    })
}

/// BAR0 register block
fn reg_block(seed: u64, cycles: u64, fst: &Option<PathBuf>) -> Result<Row> {
    let (mut writes, mut reads, mut errs, mut cmds, mut dbs) = (0u64, 0u64, 0u64, 0u64, 0u64);
    let mut prev: Option<RegBlockOut> = None;
    let (checked, raw) = bench::<RegBlockModel>(seed, cycles, fst, |i, o: &RegBlockOut| {
        // a response is taken when it was valid before the edge and ready at it
        if let Some(p) = prev {
            let (b, r) = (p.bvalid && i.bready, p.rvalid && i.rready);
            writes += b as u64;
            reads += r as u64;
            errs += (b && p.bresp != 0) as u64 + (r && p.rresp != 0) as u64;
        }
        prev = Some(*o);
        cmds += o.cmd_valid as u64;
        dbs += (o.db_sq_valid || o.db_rq_valid || o.db_cq_valid) as u64;
    })?;
    Ok(Row {
        block: "reg_block",
        checked,
        raw,
        what: format!(
            "{writes} AXI-Lite writes and {reads} reads ({errs} SLVERR), {cmds} commands started, {dbs} doorbells"
        ),
    })
}

/// receiver per-path table
fn rx_path_table(seed: u64, cycles: u64, fst: &Option<PathBuf>) -> Result<Row> {
    let (mut ops, mut pkts, mut new, mut acks_due) = (0u64, 0u64, 0u64, 0u64);
    let (checked, raw) = bench::<RxPathTableModel>(seed, cycles, fst, |_, o: &RxOut| {
        if o.valid {
            ops += 1;
            pkts += (o.op == 0) as u64;
            new += (o.op == 0 && o.class == 0) as u64;
            acks_due += o.ack_now as u64;
        }
    })?;
    Ok(Row {
        block: "rx_path_table",
        checked,
        raw,
        what: format!(
            "{ops} operations on 16,384 paths: {pkts} packets ({new} new), ACK due after {acks_due}"
        ),
    })
}

/// receiver message tracker
fn msg_tracker(seed: u64, cycles: u64, fst: &Option<PathBuf>) -> Result<Row> {
    let (mut results, mut outside, mut passed, mut events) = (0u64, 0u64, 0u64, 0u64);
    let (checked, raw) = bench::<MsgTrackerModel>(seed, cycles, fst, |_, o: &MsgOut| {
        if let Some((code, _)) = o.res {
            results += 1;
            outside += (code == braid_model::msg_tracker::RES_OUTSIDE) as u64;
        }
        if let Some(e) = o.ev {
            passed += 1;
            events += e.report as u64;
        }
    })?;
    Ok(Row {
        block: "msg_tracker",
        checked,
        raw,
        what: format!(
            "{results} packets counted or refused ({outside} outside the window), {passed} messages passed in MSN order, {events} completion events"
        ),
    })
}

/// sender per-path congestion control
fn path_cc(seed: u64, cycles: u64, fst: &Option<PathBuf>) -> Result<Row> {
    let (mut results, mut armed, mut backoffs, mut rehashes, mut retires) =
        (0u64, 0u64, 0u64, 0u64, 0u64);
    let (mut cw_lo, mut cw_hi) = (u32::MAX, 0u32);
    let (checked, raw) = bench::<PathCcFullModel>(seed, cycles, fst, |_, o: &PathCcOut| {
        if o.valid {
            results += 1;
            armed += o.armed as u64;
            backoffs += (o.timeouts > 0) as u64;
            cw_lo = cw_lo.min(o.cwnd);
            cw_hi = cw_hi.max(o.cwnd);
        }
        rehashes += o.rehash as u64;
        retires += o.retire as u64;
    })?;
    Ok(Row {
        block: "path_cc",
        checked,
        raw,
        what: format!(
            "{results} events on 16,384 paths ({armed} with the timer armed, {backoffs} backed off), cwnd {:.1}..{:.1} packets, {rehashes} re-hashes, {retires} retires",
            cw_lo as f64 / 256.0,
            cw_hi as f64 / 256.0
        ),
    })
}

/// transmit frame builder (a quarter of the clocks: its 512-bit datapath
/// and 1,536-bit header pipeline simulate ~20x slower than the others)
fn tx_builder(seed: u64, cycles: u64, fst: &Option<PathBuf>) -> Result<Row> {
    let (mut frames, mut bytes, mut beats, mut errs, mut prev_valid) =
        (0u32, 0u64, 0u64, 0u32, false);
    let tx_cycles = cycles.div_ceil(4);
    let (checked, raw) = bench::<TxBuilderModel>(seed, tx_cycles, fst, |i, o: &TxOut| {
        beats += (prev_valid && i.m_ready) as u64;
        prev_valid = o.m_valid;
        frames = o.frames_sent;
        bytes = o.bytes_sent;
        errs = o.pl_errors;
    })?;
    Ok(Row {
        block: "tx_builder",
        checked,
        raw,
        what: format!(
            "{frames} frames ({bytes} bytes, {beats} beats) sent under random back-pressure and gaps, {errs} mis-framed payload beats counted"
        ),
    })
}

/// receive header parser
fn rx_parser(seed: u64, cycles: u64, fst: &Option<PathBuf>) -> Result<Row> {
    let (mut frames, mut accepted, mut beats) = (0u64, 0u64, 0u64);
    let (checked, raw) = bench::<RxParserModel>(seed, cycles, fst, |_, o: &RxParserOut| {
        beats += o.p.is_some() as u64;
        if let Some(d) = &o.d {
            frames += 1;
            accepted += d.ok as u64;
        }
    })?;
    Ok(Row {
        block: "rx_parser",
        checked,
        raw,
        what: format!(
            "{frames} frames parsed: {accepted} accepted, {} dropped with a reason; {beats} realigned payload beats",
            frames - accepted
        ),
    })
}

/// completion-queue writer
fn cq_writer(seed: u64, cycles: u64, fst: &Option<PathBuf>) -> Result<Row> {
    let (mut written, mut full, mut no_cq, mut beats, mut shown) = (0u32, 0u32, 0u32, 0u64, false);
    let (checked, raw) = bench::<CqWriterModel>(seed, cycles, fst, |i, o: &CqOut| {
        beats += (shown && i.dw_ready) as u64;
        shown = o.dw_valid;
        (written, full, no_cq) = (o.cnt_written, o.cnt_full, o.cnt_no_cq);
    })?;
    Ok(Row {
        block: "cq_writer",
        checked,
        raw,
        what: format!(
            "{written} CQEs written ({beats} DMA beats taken under back-pressure), {full} dropped on full rings, {no_cq} to destroyed CQs"
        ),
    })
}

/// PCIe completer: BAR0 requests into AXI4-Lite accesses, completions back
fn pcie_bar(seed: u64, cycles: u64, fst: &Option<PathBuf>) -> Result<Row> {
    use braid_model::pcie_bar::{PcieBarIn, PcieBarOut};
    let (mut writes, mut reads, mut cpl, mut last) = (0u64, 0u64, 0u64, PcieBarOut::default());
    let (checked, raw) =
        bench::<braid_model::PcieBarModel>(seed, cycles, fst, |i: &PcieBarIn, o: &PcieBarOut| {
            writes += (last.wvalid && i.wready) as u64;
            reads += (last.rready && i.rvalid) as u64;
            cpl += (last.cc_valid && last.cc_last && i.cc_ready) as u64;
            last = *o;
        })?;
    Ok(Row {
        block: "pcie_bar",
        checked,
        raw,
        what: format!(
            "{writes} register writes and {reads} reads from BAR0 requests, {cpl} completions ({} UR/CA), {} requests dropped",
            last.cnt_ur, last.cnt_drop
        ),
    })
}

/// PCIe requester, write side: DMA writes into memory write TLPs
fn pcie_wr(seed: u64, cycles: u64, fst: &Option<PathBuf>) -> Result<Row> {
    use braid_model::pcie_wr::{PcieWrIn, PcieWrOut};
    let (mut beats, mut writes, mut shown) = (0u64, 0u64, None);
    let mut last = PcieWrOut::default();
    let (checked, raw) =
        bench::<braid_model::PcieWrModel>(seed, cycles, fst, |i: &PcieWrIn, o: &PcieWrOut| {
            if let (Some(b), true) = (i.dw, last.dw_ready) {
                writes += b.last as u64;
            }
            beats += (shown.is_some() && i.rq_ready) as u64;
            shown = o.rq;
            last = *o;
        })?;
    Ok(Row {
        block: "pcie_wr",
        checked,
        raw,
        what: format!(
            "{writes} DMA writes cut into {} memory write TLPs ({beats} RQ beats) under back-pressure",
            last.cnt_tlps
        ),
    })
}

/// PCIe requester, read side: DMA reads into memory read TLPs, completions
/// back in order
fn pcie_rd(seed: u64, cycles: u64, fst: &Option<PathBuf>) -> Result<Row> {
    use braid_model::pcie_rd::{PcieRdIn, PcieRdOut};
    let (mut reads, mut failed, mut shown) = (0u64, 0u64, None);
    let mut last = PcieRdOut::default();
    let (checked, raw) =
        bench::<braid_model::PcieRdModel>(seed, cycles, fst, |i: &PcieRdIn, o: &PcieRdOut| {
            if let (Some(b), true) = (shown, i.rs_ready) {
                let b: braid_model::pcie_rd::RsBeat = b;
                reads += b.last as u64;
                failed += (b.last && b.err) as u64;
            }
            shown = o.rs;
            last = *o;
        })?;
    Ok(Row {
        block: "pcie_rd",
        checked,
        raw,
        what: format!(
            "{reads} DMA reads answered in order ({failed} failed: faults and invalid reads) from {} read TLPs; {} completion errors, {} timeouts, {} stray completions",
            last.cnt_reads, last.cnt_cpl_err, last.cnt_timeouts, last.cnt_stray
        ),
    })
}

/// DMA write arbiter
fn dw_arb(seed: u64, cycles: u64, fst: &Option<PathBuf>) -> Result<Row> {
    let (mut beats, mut writes, mut from_b, mut shown) = (0u64, 0u64, 0u64, None);
    let (checked, raw) = bench::<DwArbModel>(seed, cycles, fst, |i, o: &DwArbOut| {
        if let (Some((b, src)), true) = (shown, i.m_ready) {
            let b: braid_model::dw_arb::DwBeat = b;
            beats += 1;
            writes += b.last as u64;
            from_b += (b.last && src) as u64;
        }
        shown = o.m;
    })?;
    Ok(Row {
        block: "dw_arb",
        checked,
        raw,
        what: format!(
            "{beats} beats of {writes} DMA writes merged whole ({from_b} from the second client) under back-pressure"
        ),
    })
}

/// ACK/NACK/PROBE_REPLY generator and control-first transmit arbiter (a
/// quarter of the clocks: it carries two 1,500-bit descriptor streams)
fn ack_gen(seed: u64, cycles: u64, fst: &Option<PathBuf>) -> Result<Row> {
    let (mut cnt, mut data) = ([0u32; 8], 0u64);
    let ack_cycles = cycles.div_ceil(4);
    let (checked, raw) = bench::<AckGenModel>(seed, ack_cycles, fst, |i, o: &AckGenOut| {
        cnt = o.cnt;
        data += (i.data.is_some() && o.d_valid && i.data.as_ref() == Some(&o.d)) as u64;
    })?;
    Ok(Row {
        block: "ack_gen",
        checked,
        raw,
        what: format!(
            "{} ACKs ({} requests coalesced, {} dropped), {} NACKs, {} PROBE_REPLYs sent ahead of {data} data descriptors; {} requests without a peer discarded",
            cnt[0], cnt[3], cnt[4] + cnt[5] + cnt[6], cnt[1], cnt[2], cnt[7]
        ),
    })
}

/// receiver CSN dedup table
fn dedup_table(seed: u64, cycles: u64, fst: &Option<PathBuf>) -> Result<Row> {
    let (mut pkts, mut new, mut dup, mut oow) = (0u64, 0u64, 0u64, 0u64);
    let (checked, raw) = bench::<DedupTableModel>(seed, cycles, fst, |_, o: &DedupOut| {
        if o.valid && o.op == 0 {
            pkts += 1;
            new += (o.class == 0) as u64;
            dup += (o.class == 1) as u64;
            oow += (o.class == 2) as u64;
        }
    })?;
    Ok(Row {
        block: "dedup_table",
        checked,
        raw,
        what: format!(
            "{pkts} packets on 1,024 connections: {new} new, {dup} duplicate, {oow} out of window"
        ),
    })
}

/// sender per-path loss-detection table
fn tx_path_table(seed: u64, cycles: u64, fst: &Option<PathBuf>) -> Result<Row> {
    let (mut sends, mut acks, mut declared, mut emitted, mut prev_lost) =
        (0u64, 0u64, 0u64, 0u64, false);
    let (checked, raw) = bench::<TxPathTableModel>(seed, cycles, fst, |i, o: &TxPathOut| {
        emitted += (prev_lost && i.lost_ready) as u64;
        prev_lost = o.lost_valid;
        sends += (o.res.valid && o.res.op == 2 && o.res.accepted) as u64;
        acks += (o.res.valid && o.res.op == 3 && !o.res.rejected) as u64;
        declared += o.lost as u64;
    })?;
    Ok(Row {
        block: "tx_path_table",
        checked,
        raw,
        what: format!(
            "{sends} PSNs allocated on 16,384 paths, {acks} ACKs applied, {declared} PSNs declared lost, {emitted} retransmissions emitted under back-pressure"
        ),
    })
}

/// sender segmenter
fn segmenter(seed: u64, cycles: u64, fst: &Option<PathBuf>) -> Result<Row> {
    let (mut pkts, mut msgs, mut bad_wqes, mut credits) = (0u64, 0u64, 0u64, 0u64);
    let (mut flushed, mut cmds) = (0u64, 0u64);
    let (mut prev_pd, mut prev_sc) = (false, false);
    let (checked, raw) = bench::<braid_model::SegmenterModel>(
        seed,
        cycles,
        fst,
        |i, o: &braid_model::segmenter::SegOut| {
            pkts += (prev_pd && i.pd_ready) as u64;
            prev_pd = o.pd.is_some();
            cmds += (prev_sc && i.cmd.is_some()) as u64;
            prev_sc = o.sc_ready;
            if let Some(m) = o.cm {
                msgs += 1;
                bad_wqes += (m.status == braid_spec::host::CQE_BAD_WQE) as u64;
                flushed += (m.status == braid_spec::host::CQE_FLUSHED) as u64;
            }
            credits += o.cr.is_some() as u64;
        },
    )?;
    Ok(Row {
        block: "segmenter",
        checked,
        raw,
        what: format!(
            "{pkts} packet descriptors taken, {msgs} messages recorded ({bad_wqes} bad WQEs, {flushed} flushed), {credits} WQE credits returned, {cmds} INIT/FLUSH commands on 1,024 connections"
        ),
    })
}

/// timer wheel over 16,384 paths
fn timer_wheel(seed: u64, cycles: u64, fst: &Option<PathBuf>) -> Result<Row> {
    let (mut events, mut shown, mut late) = (0u64, false, 0u16);
    let (checked, raw) = bench::<braid_model::TimerWheelModel>(
        seed,
        cycles,
        fst,
        |i, o: &braid_model::timer_wheel::TwOut| {
            events += (shown && i.ev_ready) as u64;
            shown = o.ev.is_some();
            late = o.cnt_late;
        },
    )?;
    Ok(Row {
        block: "timer_wheel",
        checked,
        raw,
        what: format!(
            "{events} timeouts fired on 16,384 paths under ARM/DISARM/re-arm and back-pressure ({late} re-arms counted late)"
        ),
    })
}

/// send-side path choice and pacer
fn sprayer(seed: u64, cycles: u64, fst: &Option<PathBuf>) -> Result<Row> {
    let (mut picks, mut ok, mut paced, mut none, mut paths) = (0u64, 0u64, 0u64, 0u64, 0u16);
    let (checked, raw) = bench::<SprayerModel>(seed, cycles, fst, |_, o: &SprayOut| {
        if o.valid && !o.init {
            picks += 1;
            ok += o.ok as u64;
            paced += o.paced as u64;
            none += o.no_path as u64;
            paths |= (o.ok as u16) << o.path;
        }
    })?;
    Ok(Row {
        block: "sprayer",
        checked,
        raw,
        what: format!(
            "{picks} picks on 1,024 connections: {ok} sent on {} distinct paths, {paced} held by the pacer, {none} with no open path",
            paths.count_ones()
        ),
    })
}

/// send-queue WQE fetcher
fn wqe_fetch(seed: u64, cycles: u64, fst: &Option<PathBuf>) -> Result<Row> {
    let (mut wqes, mut bad, mut reads, mut refused, mut shown) = (0u64, 0u32, 0u64, 0u32, false);
    let (checked, raw) = bench::<braid_model::WqeFetchModel>(
        seed,
        cycles,
        fst,
        |i, o: &braid_model::wqe_fetch::WqeOutputs| {
            wqes += (shown && i.wqe_ready) as u64;
            shown = o.wqe.is_some();
            reads += (o.res_valid && o.res_op == 4 && o.res_n > 0) as u64;
            (bad, refused) = (o.cnt_bad_wqe, o.cnt_db_refused);
        },
    )?;
    Ok(Row {
        block: "wqe_fetch",
        checked,
        raw,
        what: format!(
            "{wqes} WQEs fetched from host rings in {reads} DMA reads ({bad} flagged bad), {refused} doorbells refused"
        ),
    })
}

/// DMA read arbiter (three clients, in-order host with random latency)
fn dr_arb(seed: u64, cycles: u64, fst: &Option<PathBuf>) -> Result<Row> {
    let (mut reqs, mut beats, mut bad) = (0u64, 0u64, 0u16);
    let (checked, raw) = bench::<braid_model::DrArbModel>(
        seed,
        cycles,
        fst,
        |i, o: &braid_model::dr_arb::DrArbOut| {
            reqs += (o.m_rd.is_some() && i.m_rd_ready) as u64;
            beats += o.m_rs_ready as u64 * i.m_rs.is_some() as u64;
            bad = o.bad_count;
        },
    )?;
    Ok(Row {
        block: "dr_arb",
        checked,
        raw,
        what: format!(
            "~{reqs} DMA reads of three clients merged, ~{beats} response beats routed back, {bad} bad requests refused"
        ),
    })
}

/// slot table (16,384 paths x 256 slots)
fn slot_table(seed: u64, cycles: u64, fst: &Option<PathBuf>) -> Result<Row> {
    let (mut writes, mut reads) = (0u64, 0u64);
    let (checked, raw) = bench::<braid_model::SlotTableModel>(
        seed,
        cycles,
        fst,
        |i, o: &braid_model::slot_table::SlotOut| {
            writes += i.wr.is_some() as u64;
            reads += o.valid as u64;
        },
    )?;
    Ok(Row {
        block: "slot_table",
        checked,
        raw,
        what: format!(
            "{writes} sent packets recorded in 4 M PSN slots, {reads} slots read back for retransmission"
        ),
    })
}

/// send completions
fn tx_compl(seed: u64, cycles: u64, fst: &Option<PathBuf>) -> Result<Row> {
    let (mut done, mut flushed, mut refused, mut cqes, mut shown) = (0u32, 0u32, 0u32, 0u64, false);
    let (checked, raw) = bench::<TxComplFullModel>(seed, cycles, fst, |i, o: &TxComplOut| {
        cqes += (shown && i.c_ready) as u64;
        shown = o.c.is_some();
        (done, flushed, refused) = (o.cnt_done, o.cnt_flushed, o.cnt_refused);
    })?;
    Ok(Row {
        block: "tx_compl",
        checked,
        raw,
        what: format!(
            "{done} send messages completed in posting order by csn_base ({flushed} flushed), {cqes} completions taken under back-pressure, {refused} pushes refused"
        ),
    })
}

/// command processor (1,024 connections)
fn cmd_proc(seed: u64, cycles: u64, fst: &Option<PathBuf>) -> Result<Row> {
    let (mut cmds, mut refused, mut lookups) = (0u32, 0u32, 0u64);
    let (checked, raw) = bench::<braid_model::CmdProcFullModel>(
        seed,
        cycles,
        fst,
        |_, o: &braid_model::cmd_proc::CmdProcOut| {
            cmds = o.get("cnt_cmds") as u32;
            refused = (o.get("cnt_bad_command")
                + o.get("cnt_bad_index")
                + o.get("cnt_busy")
                + o.get("cnt_bad_argument")) as u32;
            lookups += o.get("rr_valid") + o.get("tr_valid");
        },
    )?;
    Ok(Row {
        block: "cmd_proc",
        checked,
        raw,
        what: format!(
            "{cmds} commands run ({refused} refused with their error code), {lookups} connection-table lookups"
        ),
    })
}

/// receive-queue fetcher (4,096 receive rings)
fn rq_fetch(seed: u64, cycles: u64, fst: &Option<PathBuf>) -> Result<Row> {
    let (mut placed, mut nrb, mut consumed, mut reads) = (0u64, 0u64, 0u64, 0u64);
    let (checked, raw) = bench::<braid_model::RqFetchModel>(
        seed,
        cycles,
        fst,
        |i, o: &braid_model::rq_fetch::RqOutputs| {
            placed += o.m.is_some_and(|m| m.ok) as u64;
            nrb +=
                o.m.is_some_and(|m| m.code == braid_model::rq_fetch::CODE_NO_RECV_BUFFER) as u64;
            consumed += o.cs.is_some_and(|c| c.ok) as u64;
            reads += (o.rd_valid && i.rd_ready) as u64;
        },
    )?;
    Ok(Row {
        block: "rq_fetch",
        checked,
        raw,
        what: format!(
            "{placed} SEND packets placed ({nrb} NO_RECV_BUFFER), {consumed} receives consumed, {reads} RQE reads"
        ),
    })
}

/// sender per-path window table (16,384 paths)
fn path_window_table(seed: u64, cycles: u64, fst: &Option<PathBuf>) -> Result<Row> {
    let (mut writes, mut closed, mut reads, mut prev) = (0u64, 0u64, 0u64, Default::default());
    let (checked, raw) = bench::<braid_model::PathWindowTableModel>(
        seed,
        cycles,
        fst,
        |_, o: &braid_model::path_window_table::PwtOut| {
            writes += o.mk_valid as u64;
            closed += (o.mk_valid && o.mk_open_val == 0) as u64;
            reads += o.rd_res_valid as u64;
            prev = *o;
        },
    )?;
    Ok(Row {
        block: "path_window_table",
        checked,
        raw,
        what: format!(
            "{writes} mask writes ({closed} closing a path), {reads} stats reads; {} sends on a closed path, {} underflows, {} results dropped at a full FIFO (floods ignoring ready)",
            prev.cnt_send_closed, prev.cnt_underflow, prev.cnt_overflow
        ),
    })
}

/// receiver rate hint over 1,024 connections
fn rx_rate_hint(seed: u64, cycles: u64, fst: &Option<PathBuf>) -> Result<Row> {
    let (mut hints, mut last_hint, mut max_senders) = (0u64, None, 0u16);
    let mut last: Option<braid_model::rx_rate_hint::RhOut> = None;
    let (checked, raw) = bench::<braid_model::RateHintModel>(
        seed,
        cycles,
        fst,
        |_, o: &braid_model::rx_rate_hint::RhOut| {
            if last_hint != Some(o.hint) {
                hints += 1;
                last_hint = Some(o.hint);
            }
            max_senders = max_senders.max(o.senders);
            last = Some(*o);
        },
    )?;
    let cuts = last.map_or(0, |o| o.cnt_cuts);
    Ok(Row {
        block: "rx_rate_hint",
        checked,
        raw,
        what: format!(
            "{hints} hint changes, up to {max_senders} senders, {cuts} cuts of the scale by a building queue"
        ),
    })
}
