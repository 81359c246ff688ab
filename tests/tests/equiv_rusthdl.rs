//! Model vs the RustHDL block in RustHDL's own simulator: a short seeded run
//! per block (the simulator evaluates wide `Bits` bit by bit, so the long
//! runs go through Verilator in `equiv_verilator.rs`).

use braid_hdl::SackTracker;
use braid_sim::model::sack_tracker::{PsnClass, SackIn, SackOut, SackStim};
use braid_sim::model::{CycleModel, SackTrackerModel, Stimulus, W256};
use braid_tests::seeds;
use rust_hdl::prelude::*;

/// Convert a RustHDL 256-bit value to the model's type.
pub fn w256_of(b: Bits<256>) -> W256 {
    let mut w = W256::ZERO;
    for k in 0..4 {
        w.0[k] = b.get_bits::<64>(64 * k).to_u64();
    }
    w
}

/// Run one clock of a RustHDL block whose inputs were just set: settle the
/// combinational logic on the new inputs, then the rising and falling edge.
fn clock<B: Block>(uut: &mut B, clk: impl Fn(&mut B, bool)) {
    assert!(simulate(uut, 1000), "RustHDL simulation did not settle");
    clk(uut, true);
    assert!(simulate(uut, 1000), "RustHDL simulation did not settle");
    clk(uut, false);
    assert!(simulate(uut, 1000), "RustHDL simulation did not settle");
}

fn sack_step(uut: &mut SackTracker, i: &SackIn) -> SackOut {
    uut.init_valid.next = i.init.is_some();
    uut.init_psn.next = bits(i.init.unwrap_or(0) as u64);
    uut.pkt_valid.next = i.pkt.is_some();
    let (psn, fd) = i.pkt.unwrap_or((0, 0));
    uut.pkt_psn.next = bits(psn as u64);
    uut.pkt_floor.next = bits(fd as u64);
    clock(uut, |u, c| u.clock.next = Clock::from(c));
    let class = match uut.res_class.val().to_u64() {
        0 => PsnClass::New,
        1 => PsnClass::Duplicate,
        2 => PsnClass::Beyond,
        _ => PsnClass::Behind,
    };
    SackOut {
        res: uut
            .res_valid
            .val()
            .then(|| (class, uut.res_psn.val().to_u64() as u32)),
        ack_base: uut.ack_base.val().to_u64() as u32,
        ack_sack: w256_of(uut.ack_sack.val()),
    }
}

#[test]
fn sack_tracker_rusthdl_matches_model() {
    for seed in seeds(&[0x5ac1]) {
        let mut uut = SackTracker::default();
        uut.connect_all();
        assert!(simulate(&mut uut, 1000));
        let mut model = SackTrackerModel::default();
        let mut stim = SackStim::new(seed);
        let n = 3_000;
        let t = std::time::Instant::now();
        for cycle in 0..n {
            let i = stim.next(cycle);
            let want = model.step(&i);
            let got = sack_step(&mut uut, &i);
            assert_eq!(
                want, got,
                "RustHDL sack_tracker differs from the model at cycle {cycle} (seed {seed:#x}), inputs {i:?}"
            );
        }
        eprintln!(
            "sack_tracker (RustHDL simulator): {n} cycles equal, {:.0} cycles/s",
            n as f64 / t.elapsed().as_secs_f64()
        );
    }
}

fn path_window_step(
    uut: &mut braid_hdl::PathWindow,
    i: &braid_sim::model::path_window::PathWindowIn,
) -> braid_sim::model::path_window::PathWindowOut {
    uut.init_valid.next = i.init.is_some();
    uut.init_cwnd.next = bits(i.init.unwrap_or(0) as u64 & 0xff_ffff);
    uut.cwnd_valid.next = i.cwnd.is_some();
    uut.cwnd.next = bits(i.cwnd.unwrap_or(0) as u64 & 0xff_ffff);
    uut.send.next = i.send;
    uut.ack_valid.next = i.ack.is_some();
    uut.ack_count.next = bits(i.ack.unwrap_or(0) as u64 & 0x1ff);
    uut.loss_valid.next = i.loss.is_some();
    uut.loss_count.next = bits(i.loss.unwrap_or(0) as u64 & 0x1ff);
    clock(uut, |u, c| u.clock.next = Clock::from(c));
    braid_sim::model::path_window::PathWindowOut {
        open: uut.open.val(),
        in_flight: uut.in_flight.val().to_u64() as u16,
        cwnd_q: uut.cwnd_q.val().to_u64() as u32,
        avail: uut.avail.val().to_u64() as u16,
        err_underflow: uut.err_underflow.val(),
        err_send_closed: uut.err_send_closed.val(),
        cnt_underflow: uut.cnt_underflow.val().to_u64() as u16,
        cnt_send_closed: uut.cnt_send_closed.val().to_u64() as u16,
    }
}

#[test]
fn path_window_rusthdl_matches_model() {
    use braid_sim::model::path_window::PathWindowStim;
    use braid_sim::model::PathWindowModel;
    for seed in seeds(&[0x9a7d]) {
        let mut uut = braid_hdl::PathWindow::default();
        uut.connect_all();
        assert!(simulate(&mut uut, 1000));
        let mut model = PathWindowModel::default();
        let mut stim = PathWindowStim::new(seed);
        let n = 5_000;
        let t = std::time::Instant::now();
        for cycle in 0..n {
            let i = stim.next(cycle);
            let want = model.step(&i);
            let got = path_window_step(&mut uut, &i);
            assert_eq!(
                want, got,
                "RustHDL path_window differs from the model at cycle {cycle} (seed {seed:#x}), inputs {i:?}"
            );
        }
        eprintln!(
            "path_window (RustHDL simulator): {n} cycles equal, {:.0} cycles/s",
            n as f64 / t.elapsed().as_secs_f64()
        );
    }
}

fn bits256_of(w: &W256) -> Bits<256> {
    let mut b = Bits::<256>::default();
    for k in 0..4 {
        b = b | (bit_cast::<256, 64>(bits::<64>(w.0[k])) << (64 * k as u64));
    }
    b
}

fn loss_step(
    uut: &mut braid_hdl::LossDetector,
    i: &braid_sim::model::loss_detector::LossIn,
) -> braid_sim::model::loss_detector::LossOut {
    uut.init_valid.next = i.init.is_some();
    uut.init_psn.next = bits(i.init.unwrap_or(0) as u64);
    uut.send.next = i.send;
    uut.ack_valid.next = i.ack.is_some();
    let (base, sack) = i.ack.unwrap_or((0, W256::ZERO));
    uut.ack_base.next = bits(base as u64);
    uut.ack_sack.next = bits256_of(&sack);
    clock(uut, |u, c| u.clock.next = Clock::from(c));
    let sent_psn = uut.sent_psn.val().to_u64() as u32;
    braid_sim::model::loss_detector::LossOut {
        nxt: uut.nxt.val().to_u64() as u32,
        una: uut.una.val().to_u64() as u32,
        sendable: uut.sendable.val(),
        sent: uut.sent_valid.val().then_some(sent_psn),
        sent_psn,
        send_blocked: uut.send_blocked.val(),
        ack_done: uut.ack_done.val(),
        acked_count: uut.acked_count.val().to_u64() as u32,
        ack_rejected: uut.ack_rejected.val(),
        lost_valid: uut.lost_valid.val(),
        lost_psn: uut.lost_psn.val().to_u64() as u32,
    }
}

#[test]
fn loss_detector_rusthdl_matches_model() {
    use braid_sim::model::loss_detector::LossStim;
    use braid_sim::model::LossDetectorModel;
    for seed in seeds(&[0x1055]) {
        let mut uut = braid_hdl::LossDetector::default();
        uut.connect_all();
        assert!(simulate(&mut uut, 1000));
        let mut model = LossDetectorModel::default();
        let mut stim = LossStim::new(seed);
        let n = 1_500;
        let t = std::time::Instant::now();
        for cycle in 0..n {
            let i = stim.next(cycle);
            let want = model.step(&i);
            let got = loss_step(&mut uut, &i);
            stim.observe(&want);
            assert_eq!(
                want, got,
                "RustHDL loss_detector differs from the model at cycle {cycle} (seed {seed:#x}), inputs {i:?}"
            );
        }
        eprintln!(
            "loss_detector (RustHDL simulator): {n} cycles equal, {:.0} cycles/s",
            n as f64 / t.elapsed().as_secs_f64()
        );
    }
}

fn mr_check_step(
    uut: &mut braid_hdl::MrCheck,
    i: &braid_sim::model::mr_check::MrCheckIn,
) -> braid_sim::model::mr_check::MrCheckOut {
    let w = i.wr.unwrap_or(braid_sim::model::mr_check::MrWrite {
        index: 0,
        entry: Default::default(),
    });
    uut.wr_valid.next = i.wr.is_some();
    uut.wr_index.next = bits(w.index as u64 & 0xfff);
    uut.wr_entry_valid.next = w.entry.valid;
    uut.wr_key.next = bits(w.entry.key as u64);
    uut.wr_pd.next = bits(w.entry.pd as u64);
    uut.wr_access.next = bits(w.entry.access as u64 & 7);
    uut.wr_base.next = bits(w.entry.base);
    uut.wr_end.next = bits(w.entry.end);
    let r = i.req.unwrap_or_default();
    uut.req_valid.next = i.req.is_some();
    uut.req_rkey.next = bits(r.rkey as u64);
    uut.req_pd.next = bits(r.pd as u64);
    uut.req_va.next = bits(r.va);
    uut.req_len.next = bits(r.len as u64);
    uut.req_need_write.next = r.need_write;
    uut.req_local.next = r.local;
    uut.req_tag.next = bits(r.tag as u64);
    clock(uut, |u, c| u.clock.next = Clock::from(c));
    braid_sim::model::mr_check::MrCheckOut {
        valid: uut.res_valid.val(),
        ok: uut.res_ok.val(),
        reason: uut.res_reason.val().to_u64() as u8,
        va: uut.res_va.val().to_u64(),
        tag: uut.res_tag.val().to_u64() as u16,
    }
}

#[test]
fn mr_check_rusthdl_matches_model() {
    use braid_sim::model::mr_check::MrCheckStim;
    use braid_sim::model::MrCheckModel;
    for seed in seeds(&[0x3e9c]) {
        let mut uut = braid_hdl::MrCheck::default();
        uut.connect_all();
        assert!(simulate(&mut uut, 1000));
        let mut model = MrCheckModel::default();
        let mut stim = MrCheckStim::new(seed);
        let n = 3_000;
        for cycle in 0..n {
            let i = stim.next(cycle);
            let want = model.step(&i);
            let got = mr_check_step(&mut uut, &i);
            assert_eq!(
                want, got,
                "RustHDL mr_check differs from the model at cycle {cycle} (seed {seed:#x}), inputs {i:?}"
            );
        }
    }
}

fn reg_block_step(
    uut: &mut braid_hdl::RegBlock,
    i: &braid_sim::model::reg_block::RegBlockIn,
) -> braid_sim::model::reg_block::RegBlockOut {
    use braid_hdl::reg_block::ADDR_BITS;
    let amask = (1u64 << ADDR_BITS) - 1;
    uut.awvalid.next = i.awvalid;
    uut.awaddr.next = bits(i.awaddr as u64 & amask);
    uut.wvalid.next = i.wvalid;
    uut.wdata.next = bits(i.wdata as u64);
    uut.wstrb.next = bits(i.wstrb as u64 & 15);
    uut.bready.next = i.bready;
    uut.arvalid.next = i.arvalid;
    uut.araddr.next = bits(i.araddr as u64 & amask);
    uut.rready.next = i.rready;
    uut.reset_busy.next = i.reset_busy;
    uut.cmd_done.next = i.cmd_done;
    uut.cmd_error.next = bits(i.cmd_error as u64);
    let mut c = Bits::<{ braid_hdl::reg_block::COUNTER_BITS }>::default();
    for (k, v) in i.counters.iter().enumerate() {
        c = c
            | (bit_cast::<{ braid_hdl::reg_block::COUNTER_BITS }, 32>(bits(*v as u64))
                << (32 * k) as u64);
    }
    uut.counters.next = c;
    clock(uut, |u, c| u.clock.next = Clock::from(c));
    let a = uut.cmd_args.val();
    let mut cmd_args = [0u32; 8];
    for (k, w) in cmd_args.iter_mut().enumerate() {
        *w = a.get_bits::<32>(32 * k).to_u64() as u32;
    }
    let cf = uut.cfg_regs.val();
    let mut config = [0u32; braid_spec::regs::CONFIG.len()];
    for (k, w) in config.iter_mut().enumerate() {
        *w = cf.get_bits::<32>(32 * k).to_u64() as u32;
    }
    braid_sim::model::reg_block::RegBlockOut {
        awready: uut.awready.val(),
        wready: uut.wready.val(),
        bvalid: uut.bvalid.val(),
        bresp: uut.bresp.val().to_u64() as u8,
        arready: uut.arready.val(),
        rvalid: uut.rvalid.val(),
        rdata: uut.rdata.val().to_u64() as u32,
        rresp: uut.rresp.val().to_u64() as u8,
        ctrl_enable: uut.ctrl_enable.val(),
        soft_reset: uut.soft_reset.val(),
        db_sq_valid: uut.db_sq_valid.val(),
        db_sq: uut.db_sq.val().to_u64() as u32,
        db_rq_valid: uut.db_rq_valid.val(),
        db_rq: uut.db_rq.val().to_u64() as u32,
        db_cq_valid: uut.db_cq_valid.val(),
        db_cq: uut.db_cq.val().to_u64() as u32,
        cmd_valid: uut.cmd_valid.val(),
        cmd_opcode: uut.cmd_opcode.val().to_u64() as u8,
        cmd_args,
        config,
    }
}

#[test]
fn reg_block_rusthdl_matches_model() {
    use braid_sim::model::reg_block::RegBlockStim;
    use braid_sim::model::RegBlockModel;
    for seed in seeds(&[0x7e6b]) {
        let mut uut = braid_hdl::RegBlock::default();
        uut.connect_all();
        assert!(simulate(&mut uut, 1000));
        let mut model = RegBlockModel::default();
        let mut stim = RegBlockStim::new(seed);
        let n = 2_000;
        let t = std::time::Instant::now();
        for cycle in 0..n {
            let i = stim.next(cycle);
            let want = model.step(&i);
            let got = reg_block_step(&mut uut, &i);
            stim.observe(&want);
            assert_eq!(
                want, got,
                "RustHDL reg_block differs from the model at cycle {cycle} (seed {seed:#x}), inputs {i:?}"
            );
        }
        eprintln!(
            "reg_block (RustHDL simulator): {n} cycles equal, {:.0} cycles/s",
            n as f64 / t.elapsed().as_secs_f64()
        );
    }
}

fn rx_table_step(
    uut: &mut braid_hdl::RxPathTableTiny,
    i: &braid_sim::model::rx_path_table::RxIn,
) -> braid_sim::model::rx_path_table::RxOut {
    let op = i.op.unwrap_or_default();
    uut.op_valid.next = i.op.is_some();
    uut.op.next = bits(op.kind as u64);
    uut.idx.next = bits(op.idx as u64 & 63);
    uut.psn.next = bits(op.psn as u64);
    uut.floor_delta.next = bits(op.floor_delta as u64);
    uut.ce.next = op.ce;
    uut.ts.next = bits(op.ts as u64);
    uut.ack_req.next = op.ack_req;
    uut.cfg_ack_coalesce.next = bits(i.cfg_ack_coalesce as u64);
    clock(uut, |u, c| u.clock.next = Clock::from(c));
    braid_sim::model::rx_path_table::RxOut {
        valid: uut.res_valid.val(),
        op: uut.res_op.val().to_u64() as u8,
        idx: uut.res_idx.val().to_u64() as u32,
        psn: uut.res_psn.val().to_u64() as u32,
        class: uut.res_class.val().to_u64() as u8,
        base: uut.res_base.val().to_u64() as u32,
        sack: w256_of(uut.res_sack.val()),
        ecn_count: uut.res_ecn_count.val().to_u64() as u16,
        ts_echo: uut.res_ts_echo.val().to_u64() as u32,
        unacked: uut.res_unacked.val().to_u64() as u8,
        ack_pending: uut.res_ack_pending.val(),
        ack_now: uut.res_ack_now.val(),
        path_valid: uut.res_path_valid.val(),
    }
}

/// The tiny table (same RustHDL source as the full one) in RustHDL's
/// simulator: its `RAM` widget's read-during-write and the forwarding.
#[test]
fn rx_path_table_rusthdl_matches_model() {
    use braid_sim::model::rx_path_table::RxStim;
    use braid_sim::model::RxPathTableTinyModel;
    for seed in seeds(&[0x71e7]) {
        let mut uut = braid_hdl::RxPathTableTiny::default();
        uut.connect_all();
        assert!(simulate(&mut uut, 1000));
        let mut model = RxPathTableTinyModel::default();
        let mut stim = RxStim::<6>::new(seed);
        for cycle in 0..5_000 {
            let i = stim.next(cycle);
            let want = model.step(&i);
            let got = rx_table_step(&mut uut, &i);
            assert_eq!(
                want, got,
                "RustHDL rx_path_table differs from the model at cycle {cycle} (seed {seed:#x}), inputs {i:?}"
            );
        }
    }
}

fn msg_tracker_step<const IB: usize, const AB: usize, const PB: usize>(
    uut: &mut braid_hdl::MsgTracker<IB, AB, PB>,
    i: &braid_sim::model::msg_tracker::MsgIn,
) -> braid_sim::model::msg_tracker::MsgOut {
    use braid_sim::model::msg_tracker::{MsgEvent, MsgOut};
    let (ii, im) = i.init.unwrap_or((0, 0));
    uut.init_valid.next = i.init.is_some();
    let imask = (1u64 << IB) - 1;
    uut.init_index.next = bits(ii as u64 & imask);
    uut.init_msn.next = bits(im as u64);
    let k = i.pkt.unwrap_or_default();
    uut.pkt_valid.next = i.pkt.is_some();
    uut.pkt_index.next = bits(k.index as u64 & imask);
    uut.pkt_msn.next = bits(k.msn as u64);
    uut.pkt_msg_len.next = bits(k.msg_len as u64);
    uut.pkt_len.next = bits(k.len as u64);
    uut.pkt_kind.next = bits(k.kind as u64 & 3);
    uut.pkt_imm.next = bits(k.imm as u64);
    uut.pkt_solicited.next = k.solicited;
    uut.pkt_tag.next = bits(k.tag as u64);
    uut.drain_hold.next = i.hold;
    clock(uut, |u, c| u.clock.next = Clock::from(c));
    MsgOut {
        res: uut.res_valid.val().then(|| {
            (
                uut.res_code.val().to_u64() as u8,
                uut.res_tag.val().to_u64() as u16,
            )
        }),
        ev: uut.msg_done.val().then(|| MsgEvent {
            index: uut.ev_index.val().to_u64() as u32,
            msn: uut.ev_msn.val().to_u64() as u32,
            kind: uut.ev_kind.val().to_u64() as u8,
            byte_len: uut.ev_byte_len.val().to_u64() as u32,
            imm: uut.ev_imm.val().to_u64() as u32,
            solicited: uut.ev_solicited.val(),
            report: uut.ev_valid.val(),
        }),
        cnt_outside: uut.cnt_outside.val().to_u64() as u32,
    }
}

/// Both exported builds (`msg_tracker`, `msg_tracker_tiny`) against their
/// models, clock by clock.
#[test]
fn msg_tracker_rusthdl_matches_model() {
    use braid_sim::model::msg_tracker::{MsgStim, MsgTrackerModelN};
    fn run<const IB: usize, const AB: usize, const PB: usize, const MIB: u32>(
        name: &str,
        seed: u64,
    ) {
        braid_hdl::MsgTracker::<IB, AB, PB>::check_shape();
        let mut uut = braid_hdl::MsgTracker::<IB, AB, PB>::default();
        uut.connect_all();
        assert!(simulate(&mut uut, 1000));
        let mut model = MsgTrackerModelN::<MIB, 5>::default();
        let mut stim = MsgStim::<MIB, 5>::new(seed);
        for cycle in 0..3_000 {
            let i = stim.next(cycle);
            let want = model.step_inner(&i);
            stim.observe(&want);
            let got = msg_tracker_step(&mut uut, &i);
            assert_eq!(
                want, got,
                "RustHDL {name} differs from the model at cycle {cycle} (seed {seed:#x}), inputs {i:?}"
            );
        }
    }
    for seed in seeds(&[0x5e9d]) {
        run::<12, 17, 13, 12>("msg_tracker", seed);
        run::<6, 11, 7, 6>("msg_tracker_tiny", seed);
    }
}

/// A RustHDL value from little-endian bytes (byte k = bits 8k+7..8k).
fn bits_le<const N: usize>(b: &[u8]) -> Bits<N> {
    let mut v = Bits::<N>::default();
    for &x in b.iter().rev() {
        v = (v << 8u64) | bits::<N>(x as u64);
    }
    v
}

fn tx_step(
    uut: &mut braid_hdl::TxBuilder,
    i: &braid_sim::model::tx_builder::TxIn,
) -> braid_sim::model::tx_builder::TxOut {
    let d = i.desc.unwrap_or_default();
    uut.d_valid.next = i.desc.is_some();
    uut.d_dst_mac.next = bits(d.dst_mac);
    uut.d_src_mac.next = bits(d.src_mac);
    uut.d_vlan.next = d.vlan;
    uut.d_vlan_tci.next = bits(d.vlan_tci as u64);
    uut.d_ipv6.next = d.ipv6;
    uut.d_src_ip.next = bits_le(&d.src_ip.to_le_bytes());
    uut.d_dst_ip.next = bits_le(&d.dst_ip.to_le_bytes());
    uut.d_dscp.next = bits(d.dscp as u64);
    uut.d_ttl.next = bits(d.ttl as u64);
    uut.d_flow_label.next = bits(d.flow_label as u64);
    uut.d_udp_sport.next = bits(d.udp_sport as u64);
    uut.d_udp_dport.next = bits(d.udp_dport as u64);
    uut.d_opcode.next = bits(d.opcode as u64);
    uut.d_flags.next = bits(d.flags as u64);
    uut.d_path_id.next = bits(d.path_id as u64);
    uut.d_dst_conn.next = bits(d.dst_conn as u64);
    uut.d_path_psn.next = bits(d.path_psn as u64);
    uut.d_csn.next = bits(d.csn as u64);
    uut.d_timestamp.next = bits(d.timestamp as u64);
    uut.d_payload_len.next = bits(d.payload_len as u64);
    uut.d_floor_delta.next = bits(d.floor_delta as u64);
    uut.d_rkey.next = bits(d.rkey as u64);
    uut.d_va.next = bits(d.va);
    uut.d_stream.next = bits(d.stream as u64);
    uut.d_rsn.next = bits(d.rsn as u64);
    uut.d_msn.next = bits(d.msn as u64);
    uut.d_offset.next = bits(d.offset as u64);
    uut.d_msg_len.next = bits(d.msg_len as u64);
    uut.d_imm.next = bits(d.imm as u64);
    uut.d_ack_base_psn.next = bits(d.ack_base_psn as u64);
    uut.d_ack_csn_base.next = bits(d.ack_csn_base as u64);
    uut.d_ack_ts_echo.next = bits(d.ack_ts_echo as u64);
    uut.d_ack_ecn_count.next = bits(d.ack_ecn_count as u64);
    uut.d_ack_rate_hint.next = bits(d.ack_rate_hint as u64);
    uut.d_ack_sack.next = bits_le(&d.ack_sack);
    uut.d_nack_reason.next = bits(d.nack_reason as u64);
    uut.d_nack_psn.next = bits(d.nack_psn as u64);
    uut.d_nack_csn.next = bits(d.nack_csn as u64);
    uut.d_nack_detail.next = bits(d.nack_detail as u64);
    uut.d_probe_seq.next = bits(d.probe_seq as u64);
    uut.d_probe_ts.next = bits(d.probe_ts as u64);
    uut.pl_valid.next = i.pl.is_some();
    let pl =
        i.pl.map_or(([0u8; 64], 0, false), |b| (b.data, b.keep, b.last));
    uut.pl_data.next = bits_le(&pl.0);
    uut.pl_keep.next = bits(pl.1);
    uut.pl_last.next = pl.2;
    uut.m_ready.next = i.m_ready;
    clock(uut, |u, c| u.clock.next = Clock::from(c));
    let mut data = [0u8; 64];
    for (k, x) in data.iter_mut().enumerate() {
        *x = uut.m_data.val().get_bits::<8>(8 * k).to_u64() as u8;
    }
    braid_sim::model::tx_builder::TxOut {
        d_ready: uut.d_ready.val(),
        pl_ready: uut.pl_ready.val(),
        m_valid: uut.m_valid.val(),
        m_data: data,
        m_keep: uut.m_keep.val().to_u64(),
        m_last: uut.m_last.val(),
        frames_sent: uut.frames_sent.val().to_u64() as u32,
        bytes_sent: uut.bytes_sent.val().to_u64(),
        pl_errors: uut.pl_errors.val().to_u64() as u32,
    }
}

/// A short run (the block is 1,500+ bits wide per stage: RustHDL's
/// simulator is slow on it); the long runs are in `equiv_verilator.rs`.
#[test]
fn tx_builder_rusthdl_matches_model() {
    use braid_sim::model::tx_builder::TxStim;
    use braid_sim::model::TxBuilderModel;
    for seed in seeds(&[0x7b1d]) {
        let mut uut = braid_hdl::TxBuilder::default();
        uut.connect_all();
        assert!(simulate(&mut uut, 1000));
        let mut model = TxBuilderModel::default();
        let mut stim = TxStim::new(seed);
        stim.max_payload = 200;
        let n = 300;
        for cycle in 0..n {
            let i = stim.next(cycle);
            let want = model.step(&i);
            let got = tx_step(&mut uut, &i);
            stim.observe(&want);
            assert_eq!(
                want, got,
                "RustHDL tx_builder differs from the model at cycle {cycle} (seed {seed:#x}), inputs {i:?}"
            );
        }
        assert!(
            !stim.frames.is_empty(),
            "seed {seed:#x}: no frame in {n} cycles"
        );
    }
}

/// Port words of a RustHDL value (32-bit words, least significant first).
fn words<const N: usize>(b: Bits<N>) -> Vec<u32> {
    (0..N.div_ceil(32))
        .map(|k| {
            let w = (N - 32 * k).min(32);
            let mut v = 0u64;
            for i in 0..w {
                v |= (b.get_bit(32 * k + i) as u64) << i;
            }
            v as u32
        })
        .collect()
}

fn rx_step(
    uut: &mut braid_hdl::RxParser,
    i: &braid_sim::model::rx_parser::RxIn,
) -> braid_sim::model::rx_parser::RxOut {
    use braid_sim::model::RxParserModel;
    uut.s_valid.next = i.beat.is_some();
    let (data, keep, last) = i
        .beat
        .as_ref()
        .map_or(([0u8; 64], 1u8, false), |b| (b.data, b.keep, b.last));
    uut.s_data.next = bits_le(&data);
    uut.s_keep.next = bits(if keep >= 64 {
        u64::MAX
    } else {
        (1u64 << keep) - 1
    });
    uut.s_last.next = last;
    uut.cfg_udp_port.next = bits(i.port as u64);
    clock(uut, |u, c| u.clock.next = Clock::from(c));
    let b = |x: bool| vec![x as u32];
    let u = &*uut;
    let ports: Vec<Vec<u32>> = vec![
        b(u.p_valid.val()),
        words(u.p_data.val()),
        words(u.p_keep.val()),
        b(u.p_last.val()),
        b(u.d_valid.val()),
        b(u.d_ok.val()),
        words(u.d_reason.val()),
        b(u.d_has_payload.val()),
        words(u.d_src_mac.val()),
        b(u.d_vlan.val()),
        words(u.d_vlan_tci.val()),
        b(u.d_is_ipv6.val()),
        words(u.d_src_ip.val()),
        words(u.d_dst_ip.val()),
        b(u.d_ce.val()),
        words(u.d_sport.val()),
        words(u.d_opcode.val()),
        words(u.d_flags.val()),
        words(u.d_path_id.val()),
        words(u.d_hdr_words.val()),
        words(u.d_dst_conn.val()),
        words(u.d_path_psn.val()),
        words(u.d_csn.val()),
        words(u.d_timestamp.val()),
        words(u.d_payload_len.val()),
        words(u.d_floor_delta.val()),
        words(u.d_rkey.val()),
        words(u.d_va.val()),
        words(u.d_stream.val()),
        words(u.d_msn.val()),
        words(u.d_msg_len.val()),
        words(u.d_rsn.val()),
        words(u.d_offset.val()),
        words(u.d_imm.val()),
        words(u.d_ack_base_psn.val()),
        words(u.d_ack_csn_base.val()),
        words(u.d_ack_ts_echo.val()),
        words(u.d_ack_ecn_count.val()),
        words(u.d_ack_rate_hint.val()),
        words(u.d_ack_sack.val()),
        words(u.d_nack_reason.val()),
        words(u.d_nack_psn.val()),
        words(u.d_nack_csn.val()),
        words(u.d_nack_detail.val()),
        words(u.d_probe_seq.val()),
        words(u.d_probe_ts.val()),
        words(u.cnt_accepted.val()),
        words(u.cnt_truncated.val()),
        words(u.cnt_not_ip.val()),
        words(u.cnt_bad_ip_header.val()),
        words(u.cnt_ip_checksum.val()),
        words(u.cnt_fragment.val()),
        words(u.cnt_not_udp.val()),
        words(u.cnt_ip_length.val()),
        words(u.cnt_wrong_port.val()),
        words(u.cnt_udp_length.val()),
        words(u.cnt_udp_checksum.val()),
        words(u.cnt_braid_version.val()),
        words(u.cnt_bad_opcode.val()),
        words(u.cnt_hdr_words.val()),
        words(u.cnt_payload_length.val()),
        words(u.cnt_control_payload.val()),
    ];
    assert_eq!(ports.len(), RxParserModel::OUTPUTS.len());
    RxParserModel::decode(&ports)
}

/// A short run of the receive parser in RustHDL's simulator (its 512-bit
/// stages simulate at a few hundred clocks per second); the long runs are
/// in `equiv_verilator.rs`.
#[test]
fn rx_parser_rusthdl_matches_model() {
    use braid_sim::model::rx_parser::RxStim;
    use braid_sim::model::RxParserModel;
    for seed in seeds(&[0x5e1d]) {
        let mut uut = braid_hdl::RxParser::default();
        uut.connect_all();
        assert!(simulate(&mut uut, 1000));
        let mut model = RxParserModel::default();
        let mut stim = RxStim::new(seed);
        let (n, mut descs, mut beats) = (200, 0, 0);
        for cycle in 0..n {
            let i = stim.next(cycle);
            let want = model.step(&i);
            let got = rx_step(&mut uut, &i);
            descs += want.d.is_some() as u32;
            beats += want.p.is_some() as u32;
            assert_eq!(
                want, got,
                "RustHDL rx_parser differs from the model at cycle {cycle} (seed {seed:#x})"
            );
        }
        assert!(
            descs > 5 && beats > 5,
            "seed {seed:#x}: {descs} descriptors, {beats} payload beats"
        );
    }
}

fn path_cc_step(
    uut: &mut braid_hdl::PathCcTiny,
    i: &braid_sim::model::path_cc::PathCcIn,
) -> braid_sim::model::path_cc::PathCcOut {
    let e = i.ev.unwrap_or(braid_sim::model::path_cc::PathCcEv {
        kind: 0,
        idx: 0,
        n: 0,
        m: 0,
        rtt: None,
        idle: false,
    });
    uut.ev_valid.next = i.ev.is_some();
    uut.ev_kind.next = bits(e.kind as u64 & 7);
    uut.idx.next = bits(e.idx as u64 & 63);
    uut.n.next = bits(e.n as u64 & 0x1ff);
    uut.m.next = bits(e.m as u64 & 0x1ff);
    uut.rtt_valid.next = e.rtt.is_some();
    uut.rtt.next = bits(e.rtt.unwrap_or(0) as u64 & 0xff_ffff);
    uut.idle.next = e.idle;
    uut.now.next = bits(i.now as u64);
    let c = i.cfg.masked();
    uut.cfg_cwnd_init.next = bits(c.cwnd_init as u64);
    uut.cfg_cwnd_min.next = bits(c.cwnd_min as u64);
    uut.cfg_cwnd_max.next = bits(c.cwnd_max as u64);
    uut.cfg_alpha_init.next = bits(c.alpha_init as u64);
    uut.cfg_rto_min.next = bits(c.rto_min as u64);
    uut.cfg_rto_max.next = bits(c.rto_max as u64);
    uut.cfg_rehash_after.next = bits(c.rehash_after as u64);
    uut.cfg_retire_after.next = bits(c.retire_after as u64);
    uut.cfg_g.next = bits(c.g as u64);
    clock(uut, |u, c| u.clock.next = Clock::from(c));
    braid_sim::model::path_cc::PathCcOut {
        valid: uut.res_valid.val(),
        idx: uut.res_idx.val().to_u64() as u32,
        cwnd: uut.cwnd.val().to_u64() as u32,
        alpha: uut.alpha.val().to_u64() as u16,
        srtt: uut.srtt.val().to_u64() as u32,
        rttvar: uut.rttvar.val().to_u64() as u32,
        rto: uut.rto.val().to_u64() as u32,
        deadline: uut.rto_deadline.val().to_u64() as u32,
        armed: uut.armed.val(),
        timeouts: uut.timeouts.val().to_u64() as u8,
        rehash: uut.rehash.val(),
        retire: uut.retire.val(),
        failed: uut.failed.val(),
        fired: uut.fired.val(),
    }
}

/// The 64-path block in RustHDL's own simulator against the model (short:
/// the simulator runs this wide block at a few thousand clocks a second).
#[test]
fn path_cc_rusthdl_matches_model() {
    use braid_sim::model::path_cc::PathCcStim;
    use braid_sim::model::PathCcTinyModel;
    for seed in seeds(&[0xcc01]) {
        let mut uut = braid_hdl::PathCcTiny::default();
        uut.connect_all();
        assert!(simulate(&mut uut, 1000));
        let mut model = PathCcTinyModel::default();
        let mut stim = PathCcStim::<6>::new(seed);
        for cycle in 0..1_500 {
            let i = stim.next(cycle);
            let want = model.step(&i);
            let got = path_cc_step(&mut uut, &i);
            assert_eq!(
                want, got,
                "RustHDL path_cc_tiny differs from the model at cycle {cycle} (seed {seed:#x}), inputs {i:?}"
            );
        }
    }
}

fn cq_writer_step(
    uut: &mut braid_hdl::CqWriterTiny,
    i: &braid_sim::model::cq_writer::CqIn,
) -> braid_sim::model::cq_writer::CqOut {
    use braid_sim::model::cq_writer::CqOut;
    uut.op_valid.next = i.op_valid;
    uut.op.next = bits(i.op as u64 & 3);
    uut.cq.next = bits(i.cq as u64 & 15);
    uut.arg_iova.next = bits(i.iova);
    uut.arg_log2.next = bits(i.log2 as u64 & 15);
    uut.arg_ci.next = bits(i.ci as u64);
    uut.c_wr_id.next = bits(i.c.wr_id);
    uut.c_byte_len.next = bits(i.c.byte_len as u64);
    uut.c_imm.next = bits(i.c.imm as u64);
    uut.c_msn.next = bits(i.c.msn as u64);
    uut.c_conn.next = bits(i.c.conn as u64 & 0xff_ffff);
    uut.c_opcode.next = bits(i.c.opcode as u64);
    uut.c_status.next = bits(i.c.status as u64);
    uut.c_stream.next = bits(i.c.stream as u64);
    uut.c_flags.next = bits(i.c.flags as u64);
    uut.dw_ready.next = i.dw_ready;
    clock(uut, |u, c| u.clock.next = Clock::from(c));
    let mut data = [0u8; 32];
    for (k, x) in data.iter_mut().enumerate() {
        *x = uut.dw_data.val().get_bits::<8>(8 * k).to_u64() as u8;
    }
    CqOut {
        op_ready: uut.op_ready.val(),
        dw_valid: uut.dw_valid.val(),
        dw_addr: uut.dw_addr.val().to_u64(),
        dw_len: uut.dw_len.val().to_u64() as u16,
        dw_data: data,
        dw_last: uut.dw_last.val(),
        dw_cq: uut.dw_cq.val().to_u64() as u32,
        res_valid: uut.res_valid.val(),
        res_op: uut.res_op.val().to_u64() as u8,
        res_cq: uut.res_cq.val().to_u64() as u32,
        res_status: uut.res_status.val().to_u64() as u8,
        res_pi: uut.res_pi.val().to_u64() as u16,
        res_overrun: uut.res_overrun.val(),
        res_cq_valid: uut.res_cq_valid.val(),
        cnt_written: uut.cnt_written.val().to_u64() as u32,
        cnt_full: uut.cnt_full.val().to_u64() as u32,
        cnt_no_cq: uut.cnt_no_cq.val().to_u64() as u32,
    }
}

#[test]
fn cq_writer_rusthdl_matches_model() {
    use braid_sim::model::cq_writer::CqStim;
    use braid_sim::model::CqWriterTinyModel;
    for seed in seeds(&[0x7c0e]) {
        let mut uut = braid_hdl::CqWriterTiny::default();
        uut.connect_all();
        assert!(simulate(&mut uut, 1000));
        let mut model = CqWriterTinyModel::default();
        let mut stim = CqStim::<4>::new(seed);
        for cycle in 0..3_000 {
            let i = stim.next(cycle);
            let want = model.step(&i);
            let got = cq_writer_step(&mut uut, &i);
            assert_eq!(
                want, got,
                "RustHDL cq_writer differs from the model at cycle {cycle} (seed {seed:#x}), inputs {i:?}"
            );
        }
    }
}

fn dw_arb_step(
    uut: &mut braid_hdl::DwArb,
    i: &braid_sim::model::dw_arb::DwArbIn,
) -> braid_sim::model::dw_arb::DwArbOut {
    use braid_sim::model::dw_arb::{DwArbOut, DwBeat};
    let a = i.a.unwrap_or_default();
    uut.a_valid.next = i.a.is_some();
    uut.a_addr.next = bits(a.addr);
    uut.a_len.next = bits(a.len as u64);
    uut.a_data.next = bits_le(&a.data);
    uut.a_last.next = a.last;
    let b = i.b.unwrap_or_default();
    uut.b_valid.next = i.b.is_some();
    uut.b_addr.next = bits(b.addr);
    uut.b_len.next = bits(b.len as u64);
    uut.b_data.next = bits_le(&b.data);
    uut.b_last.next = b.last;
    uut.m_ready.next = i.m_ready;
    clock(uut, |u, c| u.clock.next = Clock::from(c));
    let mut data = [0u8; 64];
    for (k, x) in data.iter_mut().enumerate() {
        *x = uut.m_data.val().get_bits::<8>(8 * k).to_u64() as u8;
    }
    DwArbOut {
        a_ready: uut.a_ready.val(),
        b_ready: uut.b_ready.val(),
        m: uut.m_valid.val().then(|| {
            (
                DwBeat {
                    addr: uut.m_addr.val().to_u64(),
                    len: uut.m_len.val().to_u64() as u16,
                    data,
                    last: uut.m_last.val(),
                },
                uut.m_src.val(),
            )
        }),
    }
}

#[test]
fn dw_arb_rusthdl_matches_model() {
    use braid_sim::model::dw_arb::DwArbStim;
    use braid_sim::model::DwArbModel;
    for seed in seeds(&[0xd3a]) {
        let mut uut = braid_hdl::DwArb::default();
        uut.connect_all();
        assert!(simulate(&mut uut, 1000));
        let mut model = DwArbModel::default();
        let mut stim = DwArbStim::new(seed);
        for cycle in 0..3_000 {
            let i = stim.next(cycle);
            let want = model.step(&i);
            let got = dw_arb_step(&mut uut, &i);
            stim.observe(&want);
            assert_eq!(
                want, got,
                "RustHDL dw_arb differs from the model at cycle {cycle} (seed {seed:#x}), inputs {i:?}"
            );
        }
    }
}

fn u128_of(b: Bits<128>) -> u128 {
    b.get_bits::<64>(0).to_u64() as u128 | (b.get_bits::<64>(64).to_u64() as u128) << 64
}

fn ack_gen_step(
    uut: &mut braid_hdl::AckGen,
    i: &braid_sim::model::ack_gen::AckGenIn,
) -> braid_sim::model::ack_gen::AckGenOut {
    let r = i.res.unwrap_or_default();
    uut.res_valid.next = i.res.is_some();
    uut.res_op.next = bits(r.op as u64);
    uut.res_idx.next = bits(r.idx as u64);
    uut.res_base.next = bits(r.base as u64);
    uut.res_sack.next = bits256_of(&r.sack);
    uut.res_ecn_count.next = bits(r.ecn_count as u64);
    uut.res_ts_echo.next = bits(r.ts_echo as u64);
    uut.res_unacked.next = bits(r.unacked as u64);
    uut.res_ack_now.next = r.ack_now;
    uut.res_conn.next = bits(r.conn as u64);
    uut.res_path_id.next = bits(r.path_id as u64);
    uut.res_sport.next = bits(r.sport as u64);
    uut.res_csn_base.next = bits(r.csn_base as u64);
    uut.rate_hint.next = bits(i.rate_hint as u64);
    let n = i.nack.unwrap_or_default();
    uut.nack_valid.next = i.nack.is_some();
    uut.nack_conn.next = bits(n.conn as u64);
    uut.nack_path_id.next = bits(n.path_id as u64);
    uut.nack_sport.next = bits(n.sport as u64);
    uut.nack_reason.next = bits(n.reason as u64);
    uut.nack_psn.next = bits(n.psn as u64);
    uut.nack_csn.next = bits(n.csn as u64);
    uut.nack_detail.next = bits(n.detail as u64);
    let p = i.probe.unwrap_or_default();
    uut.probe_valid.next = i.probe.is_some();
    uut.probe_conn.next = bits(p.conn as u64);
    uut.probe_path_id.next = bits(p.path_id as u64);
    uut.probe_sport.next = bits(p.sport as u64);
    uut.probe_seq.next = bits(p.seq as u64);
    uut.probe_ts.next = bits(p.ts as u64);
    let (cc, c) = i.cfg.unwrap_or_default();
    uut.cfg_valid.next = i.cfg.is_some();
    uut.cfg_conn.next = bits(cc as u64);
    uut.cfg_flags.next = bits(c.flags as u64);
    uut.cfg_peer_mac.next = bits(c.mac);
    uut.cfg_peer_ip.next = bits_le(&c.ip.to_le_bytes());
    uut.cfg_udp_dport.next = bits(c.dport as u64);
    uut.cfg_vlan_tci.next = bits(c.tci as u64);
    uut.cfg_dscp.next = bits(c.dscp as u64);
    uut.cfg_remote_conn.next = bits(c.remote_conn as u64);
    uut.src_mac.next = bits(i.src_mac);
    uut.src_ip4.next = bits(i.src_ip4 as u64);
    uut.src_ip6.next = bits_le(&i.src_ip6.to_le_bytes());
    uut.ttl.next = bits(i.ttl as u64);
    uut.now.next = bits(i.now as u64);
    uut.data_valid.next = i.data.is_some();
    let d = i.data.unwrap_or_default();
    uut.data_dst_mac.next = bits(d.dst_mac);
    uut.data_src_mac.next = bits(d.src_mac);
    uut.data_vlan.next = d.vlan;
    uut.data_vlan_tci.next = bits(d.vlan_tci as u64);
    uut.data_ipv6.next = d.ipv6;
    uut.data_src_ip.next = bits_le(&d.src_ip.to_le_bytes());
    uut.data_dst_ip.next = bits_le(&d.dst_ip.to_le_bytes());
    uut.data_dscp.next = bits(d.dscp as u64);
    uut.data_ttl.next = bits(d.ttl as u64);
    uut.data_flow_label.next = bits(d.flow_label as u64);
    uut.data_udp_sport.next = bits(d.udp_sport as u64);
    uut.data_udp_dport.next = bits(d.udp_dport as u64);
    uut.data_opcode.next = bits(d.opcode as u64);
    uut.data_flags.next = bits(d.flags as u64);
    uut.data_path_id.next = bits(d.path_id as u64);
    uut.data_dst_conn.next = bits(d.dst_conn as u64);
    uut.data_path_psn.next = bits(d.path_psn as u64);
    uut.data_csn.next = bits(d.csn as u64);
    uut.data_timestamp.next = bits(d.timestamp as u64);
    uut.data_payload_len.next = bits(d.payload_len as u64);
    uut.data_floor_delta.next = bits(d.floor_delta as u64);
    uut.data_rkey.next = bits(d.rkey as u64);
    uut.data_va.next = bits(d.va);
    uut.data_stream.next = bits(d.stream as u64);
    uut.data_rsn.next = bits(d.rsn as u64);
    uut.data_msn.next = bits(d.msn as u64);
    uut.data_offset.next = bits(d.offset as u64);
    uut.data_msg_len.next = bits(d.msg_len as u64);
    uut.data_imm.next = bits(d.imm as u64);
    uut.data_ack_base_psn.next = bits(d.ack_base_psn as u64);
    uut.data_ack_csn_base.next = bits(d.ack_csn_base as u64);
    uut.data_ack_ts_echo.next = bits(d.ack_ts_echo as u64);
    uut.data_ack_ecn_count.next = bits(d.ack_ecn_count as u64);
    uut.data_ack_rate_hint.next = bits(d.ack_rate_hint as u64);
    uut.data_ack_sack.next = bits_le(&d.ack_sack);
    uut.data_nack_reason.next = bits(d.nack_reason as u64);
    uut.data_nack_psn.next = bits(d.nack_psn as u64);
    uut.data_nack_csn.next = bits(d.nack_csn as u64);
    uut.data_nack_detail.next = bits(d.nack_detail as u64);
    uut.data_probe_seq.next = bits(d.probe_seq as u64);
    uut.data_probe_ts.next = bits(d.probe_ts as u64);
    uut.d_ready.next = i.d_ready;
    clock(uut, |u, c| u.clock.next = Clock::from(c));
    let mut sack = [0u8; 32];
    for (k, x) in sack.iter_mut().enumerate() {
        *x = uut.d_ack_sack.val().get_bits::<8>(8 * k).to_u64() as u8;
    }
    let d = braid_sim::model::tx_builder::TxDesc {
        dst_mac: uut.d_dst_mac.val().to_u64(),
        src_mac: uut.d_src_mac.val().to_u64(),
        vlan: uut.d_vlan.val(),
        vlan_tci: uut.d_vlan_tci.val().to_u64() as u16,
        ipv6: uut.d_ipv6.val(),
        src_ip: u128_of(uut.d_src_ip.val()),
        dst_ip: u128_of(uut.d_dst_ip.val()),
        dscp: uut.d_dscp.val().to_u64() as u8,
        ttl: uut.d_ttl.val().to_u64() as u8,
        flow_label: uut.d_flow_label.val().to_u64() as u32,
        udp_sport: uut.d_udp_sport.val().to_u64() as u16,
        udp_dport: uut.d_udp_dport.val().to_u64() as u16,
        opcode: uut.d_opcode.val().to_u64() as u8,
        flags: uut.d_flags.val().to_u64() as u8,
        path_id: uut.d_path_id.val().to_u64() as u8,
        dst_conn: uut.d_dst_conn.val().to_u64() as u32,
        path_psn: uut.d_path_psn.val().to_u64() as u32,
        csn: uut.d_csn.val().to_u64() as u32,
        timestamp: uut.d_timestamp.val().to_u64() as u32,
        payload_len: uut.d_payload_len.val().to_u64() as u16,
        floor_delta: uut.d_floor_delta.val().to_u64() as u16,
        rkey: uut.d_rkey.val().to_u64() as u32,
        va: uut.d_va.val().to_u64(),
        stream: uut.d_stream.val().to_u64() as u8,
        rsn: uut.d_rsn.val().to_u64() as u32,
        msn: uut.d_msn.val().to_u64() as u32,
        offset: uut.d_offset.val().to_u64() as u32,
        msg_len: uut.d_msg_len.val().to_u64() as u32,
        imm: uut.d_imm.val().to_u64() as u32,
        ack_base_psn: uut.d_ack_base_psn.val().to_u64() as u32,
        ack_csn_base: uut.d_ack_csn_base.val().to_u64() as u32,
        ack_ts_echo: uut.d_ack_ts_echo.val().to_u64() as u32,
        ack_ecn_count: uut.d_ack_ecn_count.val().to_u64() as u16,
        ack_rate_hint: uut.d_ack_rate_hint.val().to_u64() as u16,
        ack_sack: sack,
        nack_reason: uut.d_nack_reason.val().to_u64() as u8,
        nack_psn: uut.d_nack_psn.val().to_u64() as u32,
        nack_csn: uut.d_nack_csn.val().to_u64() as u32,
        nack_detail: uut.d_nack_detail.val().to_u64() as u32,
        probe_seq: uut.d_probe_seq.val().to_u64() as u32,
        probe_ts: uut.d_probe_ts.val().to_u64() as u32,
    };
    braid_sim::model::ack_gen::AckGenOut {
        data_ready: uut.data_ready.val(),
        d_valid: uut.d_valid.val(),
        d,
        as_valid: uut.as_valid.val(),
        as_idx: uut.as_idx.val().to_u64() as u16,
        cnt: [
            uut.cnt_acks.val().to_u64() as u32,
            uut.cnt_nacks.val().to_u64() as u32,
            uut.cnt_probe_replies.val().to_u64() as u32,
            uut.cnt_ack_coalesced.val().to_u64() as u32,
            uut.cnt_ack_drops.val().to_u64() as u32,
            uut.cnt_nack_drops.val().to_u64() as u32,
            uut.cnt_probe_drops.val().to_u64() as u32,
            uut.cnt_no_peer.val().to_u64() as u32,
        ],
    }
}

/// A short run in RustHDL's simulator (the block is ~1,500 bits wide per
/// stage); the long runs are in `equiv_verilator.rs`. Busy fixed rates, so
/// that queues fill, ACKs coalesce and data waits behind control frames.
#[test]
fn ack_gen_rusthdl_matches_model() {
    use braid_sim::model::ack_gen::{AckGenStim, Phase};
    use braid_sim::model::AckGenModel;
    let busy = Phase {
        res: 60,
        nack: 15,
        probe: 15,
        data: 60,
        ready: 60,
        cfg: 20,
    };
    for seed in seeds(&[0xac6e]) {
        let mut uut = braid_hdl::AckGen::default();
        uut.connect_all();
        assert!(simulate(&mut uut, 1000));
        let mut model = AckGenModel::default();
        let mut stim = AckGenStim::fixed(seed, busy);
        let n = 1_500;
        let t = std::time::Instant::now();
        for cycle in 0..n {
            let i = stim.next(cycle);
            let want = model.step(&i);
            let got = ack_gen_step(&mut uut, &i);
            stim.observe(&want);
            assert_eq!(
                want, got,
                "RustHDL ack_gen differs from the model at cycle {cycle} (seed {seed:#x}), inputs {i:?}"
            );
        }
        eprintln!(
            "ack_gen (RustHDL simulator): {n} cycles equal, {:.0} cycles/s",
            n as f64 / t.elapsed().as_secs_f64()
        );
        let c = model.step(&Default::default()).cnt;
        assert!(
            c[0] > 5 && c[1] > 5 && c[2] > 5 && c[3] > 0,
            "seed {seed:#x}: {c:?}"
        );
    }
}

fn dedup_step(
    uut: &mut braid_hdl::DedupTableTiny,
    i: &braid_sim::model::dedup_table::DedupIn,
) -> braid_sim::model::dedup_table::DedupOut {
    let op = i.op.unwrap_or_default();
    uut.op_valid.next = i.op.is_some();
    uut.op.next = bits(op.kind as u64);
    uut.conn.next = bits(op.conn as u64 & 15);
    uut.csn.next = bits(op.csn as u64);
    clock(uut, |u, c| u.clock.next = Clock::from(c));
    braid_sim::model::dedup_table::DedupOut {
        valid: uut.res_valid.val(),
        op: uut.res_op.val().to_u64() as u8,
        conn: uut.res_conn.val().to_u64() as u32,
        csn: uut.res_csn.val().to_u64() as u32,
        class: uut.res_class.val().to_u64() as u8,
        base: uut.res_base.val().to_u64() as u32,
        cnt_dup: uut.cnt_dup.val().to_u64() as u32,
        cnt_oow: uut.cnt_oow.val().to_u64() as u32,
    }
}

/// The tiny dedup table (same RustHDL source as the full one) in RustHDL's
/// simulator: both RAM widgets' read-during-write, the bitmap forwarding
/// and the restart-in-flight anchor.
#[test]
fn dedup_table_rusthdl_matches_model() {
    use braid_sim::model::dedup_table::DedupStim;
    use braid_sim::model::DedupTableTinyModel;
    for seed in seeds(&[0xd7]) {
        let mut uut = braid_hdl::DedupTableTiny::default();
        uut.connect_all();
        assert!(simulate(&mut uut, 1000));
        let mut model = DedupTableTinyModel::default();
        let mut stim = DedupStim::<4>::new(seed);
        for cycle in 0..3_000 {
            let i = stim.next(cycle);
            let want = model.step(&i);
            stim.observe(&want);
            let got = dedup_step(&mut uut, &i);
            assert_eq!(
                want, got,
                "RustHDL dedup_table differs from the model at cycle {cycle} (seed {seed:#x}), inputs {i:?}"
            );
        }
    }
}

fn tx_table_step(
    uut: &mut braid_hdl::TxPathTableTiny,
    i: &braid_sim::model::tx_path_table::TxIn,
) -> braid_sim::model::tx_path_table::TxOut {
    use braid_sim::model::tx_path_table::{TxOut, TxRes};
    let op = i.op.unwrap_or_default();
    uut.op_valid.next = i.op.is_some();
    uut.op.next = bits(op.kind as u64);
    uut.idx.next = bits(op.idx as u64 & 63);
    uut.psn.next = bits(op.psn as u64);
    uut.sack.next = bits256_of(&op.sack);
    uut.lost_ready.next = i.lost_ready;
    clock(uut, |u, c| u.clock.next = Clock::from(c));
    let g = |b: u64| b as u32;
    TxOut {
        op_ready: uut.op_ready.val(),
        res: TxRes {
            valid: uut.res_valid.val(),
            op: uut.res_op.val().to_u64() as u8,
            idx: g(uut.res_idx.val().to_u64()),
            accepted: uut.res_accepted.val(),
            psn: g(uut.res_psn.val().to_u64()),
            floor_delta: uut.res_floor_delta.val().to_u64() as u16,
            una: g(uut.res_una.val().to_u64()),
            nxt: g(uut.res_nxt.val().to_u64()),
            idle: uut.res_idle.val(),
            rejected: uut.res_rejected.val(),
        },
        acked: uut.res_acked.val().to_u64() as u16,
        lost: uut.res_lost.val().to_u64() as u16,
        lost_valid: uut.lost_valid.val(),
        lost_idx: g(uut.lost_idx.val().to_u64()),
        lost_psn: g(uut.lost_psn.val().to_u64()),
        cnt: [
            g(uut.cnt_acks.val().to_u64()),
            g(uut.cnt_rejected.val().to_u64()),
            g(uut.cnt_lost.val().to_u64()),
            g(uut.cnt_timeouts.val().to_u64()),
            g(uut.cnt_retx.val().to_u64()),
        ],
    }
}

/// The tiny tx table (same RustHDL source as the full one) in RustHDL's
/// simulator: the RAM widgets' read-during-write, the forwarding, the work
/// and lost queues.
#[test]
fn tx_path_table_rusthdl_matches_model() {
    use braid_sim::model::tx_path_table::TxStim;
    use braid_sim::model::TxPathTableTinyModel;
    for seed in seeds(&[0x71e7a]) {
        let mut uut = braid_hdl::TxPathTableTiny::default();
        uut.connect_all();
        assert!(simulate(&mut uut, 1000));
        let mut model = TxPathTableTinyModel::default();
        let mut stim = TxStim::<6>::new(seed);
        let n = 600;
        let t = std::time::Instant::now();
        for cycle in 0..n {
            let i = stim.next(cycle);
            let want = model.step(&i);
            let got = tx_table_step(&mut uut, &i);
            stim.observe(&want);
            assert_eq!(
                want, got,
                "RustHDL tx_path_table differs from the model at cycle {cycle} (seed {seed:#x}), inputs {i:?}"
            );
        }
        eprintln!(
            "tx_path_table_tiny (RustHDL simulator): {n} cycles equal, {:.0} cycles/s",
            n as f64 / t.elapsed().as_secs_f64()
        );
    }
}

fn wqe_fetch_step(
    uut: &mut braid_hdl::WqeFetchTiny,
    i: &braid_sim::model::wqe_fetch::WqeIn,
) -> braid_sim::model::wqe_fetch::WqeOutputs {
    use braid_sim::model::wqe_fetch::{WqeFields, WqeOut, WqeOutputs};
    uut.enable.next = i.enable;
    uut.cmd_valid.next = i.cmd_valid;
    uut.cmd_op.next = i.cmd_op & 1 == 1;
    uut.cmd_conn.next = bits(i.cmd_conn as u64 & 15);
    uut.cmd_iova.next = bits(i.cmd_iova);
    uut.cmd_log2.next = bits(i.cmd_log2 as u64);
    uut.db_valid.next = i.db_valid;
    uut.db_conn.next = bits(i.db_conn as u64);
    uut.db_pi.next = bits(i.db_pi as u64);
    uut.cr_valid.next = i.cr_valid;
    uut.cr_conn.next = bits(i.cr_conn as u64 & 15);
    uut.cr_n.next = bits(i.cr_n as u64 & 15);
    uut.rd_ready.next = i.rd_ready;
    uut.rs_valid.next = i.rs.is_some();
    let b = i.rs.map_or([0u8; 64], |b| b.data);
    uut.rs_data.next = bits_le(&b);
    uut.rs_tag.next = bits(i.rs.map_or(0, |b| b.tag) as u64);
    uut.rs_last.next = i.rs.is_some_and(|b| b.last);
    uut.rs_err.next = i.rs.is_some_and(|b| b.err);
    uut.wqe_ready.next = i.wqe_ready;
    clock(uut, |u, c| u.clock.next = Clock::from(c));
    let v = |x: u64| x;
    let wqe = uut.wqe_valid.val().then(|| WqeOut {
        conn: uut.wqe_conn.val().to_u64() as u32,
        index: uut.wqe_index.val().to_u64() as u16,
        f: WqeFields {
            opcode: uut.wqe_opcode.val().to_u64() as u8,
            flags: uut.wqe_flags.val().to_u64() as u8,
            stream: uut.wqe_stream.val().to_u64() as u8,
            num_sge: uut.wqe_num_sge.val().to_u64() as u8,
            len: uut.wqe_len.val().to_u64() as u32,
            wr_id: v(uut.wqe_wr_id.val().to_u64()),
            imm: uut.wqe_imm.val().to_u64() as u32,
            rkey: uut.wqe_rkey.val().to_u64() as u32,
            remote_addr: uut.wqe_remote_addr.val().to_u64(),
            sge_addr: uut.wqe_sge_addr.val().to_u64(),
            sge_lkey: uut.wqe_sge_lkey.val().to_u64() as u32,
            sge_len: uut.wqe_sge_len.val().to_u64() as u32,
        },
        reason: uut.wqe_reason.val().to_u64() as u8,
    });
    if let Some(w) = wqe {
        assert_eq!(uut.wqe_bad.val(), w.reason != 0);
    } else {
        assert!(!uut.wqe_bad.val() && uut.wqe_wr_id.val().to_u64() == 0);
    }
    WqeOutputs {
        cmd_ready: uut.cmd_ready.val(),
        db_ready: uut.db_ready.val(),
        cr_ready: uut.cr_ready.val(),
        rd_valid: uut.rd_valid.val(),
        rd_addr: uut.rd_addr.val().to_u64(),
        rd_len: uut.rd_len.val().to_u64() as u16,
        rd_tag: uut.rd_tag.val().to_u64() as u8,
        rs_ready: uut.rs_ready.val(),
        wqe,
        res_valid: uut.res_valid.val(),
        res_op: uut.res_op.val().to_u64() as u8,
        res_conn: uut.res_conn.val().to_u64() as u32,
        res_refused: uut.res_refused.val(),
        res_n: uut.res_n.val().to_u64() as u8,
        cnt_db_refused: uut.cnt_db_refused.val().to_u64() as u32,
        cnt_cr_refused: uut.cnt_cr_refused.val().to_u64() as u32,
        cnt_bad_wqe: uut.cnt_bad_wqe.val().to_u64() as u32,
        cnt_stray: uut.cnt_stray.val().to_u64() as u32,
    }
}

/// The tiny WQE fetcher in RustHDL's own simulator against the model
/// (the FIFOs' registered reads, the hazard stalls, the response match).
#[test]
fn wqe_fetch_rusthdl_matches_model() {
    use braid_sim::model::wqe_fetch::WqeStim;
    use braid_sim::model::WqeFetchTinyModel;
    for seed in seeds(&[0x7fe7, 0x1b]) {
        let mut uut = braid_hdl::WqeFetchTiny::default();
        uut.connect_all();
        assert!(simulate(&mut uut, 1000));
        let mut model = WqeFetchTinyModel::default();
        let mut stim = WqeStim::<4>::new(seed);
        let n = 12_000;
        let t = std::time::Instant::now();
        for cycle in 0..n {
            let i = stim.next(cycle);
            let want = model.step(&i);
            let got = wqe_fetch_step(&mut uut, &i);
            stim.observe(&want);
            assert_eq!(
                want, got,
                "RustHDL wqe_fetch differs from the model at cycle {cycle} (seed {seed:#x}), inputs {i:?}"
            );
        }
        eprintln!(
            "wqe_fetch_tiny (RustHDL simulator): {n} cycles equal (seed {seed:#x}), {:.0} cycles/s",
            n as f64 / t.elapsed().as_secs_f64()
        );
    }
}

fn segmenter_step(
    uut: &mut braid_hdl::SegmenterTiny,
    i: &braid_sim::model::segmenter::SegIn,
) -> braid_sim::model::segmenter::SegOut {
    use braid_sim::model::segmenter::{SegCompl, SegOut, SegPkt};
    uut.mtu_code.next = bits(i.mtu_code as u64 & 3);
    let w = i.wqe.unwrap_or_default();
    uut.w_valid.next = i.wqe.is_some();
    uut.w_conn.next = bits(w.conn as u64 & 15);
    uut.w_idx.next = bits(w.idx as u64);
    uut.w_opcode.next = bits(w.opcode as u64);
    uut.w_flags.next = bits(w.flags as u64);
    uut.w_stream.next = bits(w.stream as u64);
    uut.w_len.next = bits(w.len as u64);
    uut.w_wr_id.next = bits(w.wr_id);
    uut.w_imm.next = bits(w.imm as u64);
    uut.w_rkey.next = bits(w.rkey as u64);
    uut.w_raddr.next = bits(w.raddr);
    uut.w_sge_addr.next = bits(w.sge_addr);
    uut.w_lkey.next = bits(w.lkey as u64);
    uut.w_bad.next = w.bad;
    let (ac, ab) = i.ack.unwrap_or((0, 0));
    uut.ack_valid.next = i.ack.is_some();
    uut.ack_conn.next = bits(ac as u64 & 15);
    uut.ack_csn_base.next = bits(ab as u64);
    uut.mc_valid.next = i.mc.is_some();
    uut.mc_conn.next = bits(i.mc.unwrap_or(0) as u64 & 15);
    uut.pd_ready.next = i.pd_ready;
    let (sf, sc) = i.cmd.unwrap_or((false, 0));
    uut.sc_valid.next = i.cmd.is_some();
    uut.sc_op.next = sf;
    uut.sc_conn.next = bits(sc as u64 & 15);
    clock(uut, |u, c| u.clock.next = Clock::from(c));
    SegOut {
        w_ready: uut.w_ready.val(),
        sc_ready: uut.sc_ready.val(),
        ack_ready: uut.ack_ready.val(),
        mc_ready: uut.mc_ready.val(),
        pd: uut.pd_valid.val().then(|| SegPkt {
            conn: uut.pd_conn.val().to_u64() as u32,
            csn: uut.pd_csn.val().to_u64() as u32,
            msn: uut.pd_msn.val().to_u64() as u32,
            stream: uut.pd_stream.val().to_u64() as u8,
            opcode: uut.pd_opcode.val().to_u64() as u8,
            flags: uut.pd_flags.val().to_u64() as u8,
            offset: uut.pd_offset.val().to_u64() as u32,
            len: uut.pd_len.val().to_u64() as u16,
            addr: uut.pd_addr.val().to_u64(),
            lkey: uut.pd_lkey.val().to_u64() as u32,
            raddr: uut.pd_raddr.val().to_u64(),
            rkey: uut.pd_rkey.val().to_u64() as u32,
            imm: uut.pd_imm.val().to_u64() as u32,
            msg_len: uut.pd_msg_len.val().to_u64() as u32,
            rsn: uut.pd_rsn.val().to_u64() as u32,
            wqe_idx: uut.pd_wqe_idx.val().to_u64() as u16,
        }),
        cm: uut.cm_valid.val().then(|| SegCompl {
            conn: uut.cm_conn.val().to_u64() as u32,
            last_csn: uut.cm_last_csn.val().to_u64() as u32,
            wr_id: uut.cm_wr_id.val().to_u64(),
            signaled: uut.cm_signaled.val(),
            stream: uut.cm_stream.val().to_u64() as u8,
            msn: uut.cm_msn.val().to_u64() as u32,
            len: uut.cm_len.val().to_u64() as u32,
            opcode: uut.cm_opcode.val().to_u64() as u8,
            status: uut.cm_status.val().to_u64() as u8,
            wqe_idx: uut.cm_wqe_idx.val().to_u64() as u16,
        }),
        cr: uut
            .cr_valid
            .val()
            .then(|| uut.cr_conn.val().to_u64() as u32),
        cnt_bad_ack: uut.cnt_bad_ack.val().to_u64() as u16,
        cnt_bad_mc: uut.cnt_bad_mc.val().to_u64() as u16,
        cnt_wqe_over: uut.cnt_wqe_over.val().to_u64() as u16,
        cnt_no_conn: uut.cnt_no_conn.val().to_u64() as u16,
    }
}

#[test]
fn segmenter_tiny_rusthdl_matches_model() {
    use braid_sim::model::segmenter::SegStim;
    use braid_sim::model::SegmenterTinyModel;
    for seed in seeds(&[0x5e9d]) {
        let mut uut = braid_hdl::SegmenterTiny::default();
        uut.connect_all();
        assert!(simulate(&mut uut, 1000));
        let mut model = SegmenterTinyModel::default();
        let mut stim = SegStim::<4>::new(seed);
        // past the first long mute of connection 0 (cycles 1,000 to 7,000:
        // its windows close, then ACKs reopen them)
        let t = std::time::Instant::now();
        let n = 20_000;
        for cycle in 0..n {
            let i = stim.next(cycle);
            let want = model.step(&i);
            let got = segmenter_step(&mut uut, &i);
            stim.observe(&want);
            assert_eq!(
                want, got,
                "RustHDL segmenter_tiny differs from the model at cycle {cycle} (seed {seed:#x}), inputs {i:?}"
            );
        }
        eprintln!(
            "segmenter_tiny (RustHDL simulator): {n} cycles equal (seed {seed:#x}), {:.0} cycles/s",
            n as f64 / t.elapsed().as_secs_f64()
        );
    }
}

fn timer_wheel_step(
    uut: &mut braid_hdl::TimerWheelTiny,
    i: &braid_sim::model::timer_wheel::TwIn,
) -> braid_sim::model::timer_wheel::TwOut {
    let op = i.op.unwrap_or_default();
    uut.op_valid.next = i.op.is_some();
    uut.op_kind.next = bits(op.kind as u64 & 3);
    uut.op_path.next = bits(op.path as u64 & 63);
    uut.op_deadline.next = bits(op.deadline as u64);
    uut.now.next = bits(i.now as u64);
    uut.cfg_shift.next = bits(i.shift as u64 & 31);
    uut.ev_ready.next = i.ev_ready;
    clock(uut, |u, c| u.clock.next = Clock::from(c));
    braid_sim::model::timer_wheel::TwOut {
        op_ready: uut.op_ready.val(),
        ev: uut.ev_valid.val().then(|| {
            (
                uut.ev_path.val().to_u64() as u32,
                uut.ev_deadline.val().to_u64() as u32,
            )
        }),
        cnt_late: uut.cnt_late.val().to_u64() as u16,
        cnt_bad: uut.cnt_bad.val().to_u64() as u16,
        wheel_time: uut.wheel_time.val().to_u64() as u32,
    }
}

/// The tiny timer wheel (same RustHDL source as the full one) in RustHDL's
/// simulator: the RAM widgets' read-during-write, the record and head
/// forwarding and the pointer chase straight from the next-pointer RAM.
#[test]
fn timer_wheel_rusthdl_matches_model() {
    use braid_sim::model::timer_wheel::TwStim;
    use braid_sim::model::TimerWheelTinyModel;
    for seed in seeds(&[0x71, 0x73]) {
        let mut uut = braid_hdl::TimerWheelTiny::default();
        uut.connect_all();
        assert!(simulate(&mut uut, 1000));
        let mut model = TimerWheelTinyModel::default();
        let mut stim = TwStim::<6, 4>::new(seed);
        for cycle in 0..3_000 {
            let i = stim.next(cycle);
            let want = model.step(&i);
            stim.observe(&want);
            let got = timer_wheel_step(&mut uut, &i);
            assert_eq!(
                want, got,
                "RustHDL timer_wheel differs from the model at cycle {cycle} (seed {seed:#x}), inputs {i:?}"
            );
        }
    }
}

fn sprayer_step(
    uut: &mut braid_hdl::SprayerTiny,
    i: &braid_sim::model::sprayer::SprayIn,
) -> braid_sim::model::sprayer::SprayOut {
    let op = i.op.unwrap_or_default();
    uut.op_valid.next = i.op.is_some();
    uut.op_init.next = op.init;
    uut.op_conn.next = bits(op.conn as u64 & 15);
    uut.op_retx.next = op.retx;
    uut.op_bytes.next = bits(op.bytes as u64 & 0x3fff);
    uut.op_paths_m1.next = bits(op.paths_m1 as u64 & 15);
    uut.op_tag.next = bits(op.tag as u64);
    uut.now.next = bits(i.now as u64);
    uut.cfg_spray_burst.next = bits(i.spray_burst as u64);
    let m = i.mask.unwrap_or_default();
    uut.mk_valid.next = i.mask.is_some();
    uut.mk_conn.next = bits(m.conn as u64 & 15);
    uut.mk_open_en.next = bits(m.open_en as u64);
    uut.mk_open_val.next = bits(m.open_val as u64);
    uut.mk_susp_en.next = bits(m.susp_en as u64);
    uut.mk_susp_val.next = bits(m.susp_val as u64);
    let r = i.rate.unwrap_or_default();
    uut.rt_valid.next = i.rate.is_some();
    uut.rt_conn.next = bits(r.conn as u64 & 15);
    uut.rt_hint.next = bits(r.hint as u64);
    uut.cfg_port_hint.next = bits(i.port_hint as u64);
    clock(uut, |u, c| u.clock.next = Clock::from(c));
    braid_sim::model::sprayer::SprayOut {
        valid: uut.res_valid.val(),
        init: uut.res_init.val(),
        conn: uut.res_conn.val().to_u64() as u32,
        tag: uut.res_tag.val().to_u64() as u16,
        retx: uut.res_retx.val(),
        ok: uut.res_ok.val(),
        paced: uut.res_paced.val(),
        no_path: uut.res_no_path.val(),
        path: uut.res_path.val().to_u64() as u8,
        next_path: uut.res_next_path.val().to_u64() as u8,
        burst: uut.res_burst.val().to_u64() as u8,
        ready_at: uut.res_ready_at.val().to_u64() as u32,
    }
}

/// The tiny sprayer (same RustHDL source as the full one) in RustHDL's
/// simulator: the one-bit mask RAMs, the rate ROM, the `RAM` widget's
/// read-during-write and the state loop's forwarding.
#[test]
fn sprayer_rusthdl_matches_model() {
    use braid_sim::model::sprayer::SprayStim;
    use braid_sim::model::SprayerTinyModel;
    for seed in seeds(&[0x71b7]) {
        let mut uut = braid_hdl::SprayerTiny::default();
        uut.connect_all();
        assert!(simulate(&mut uut, 1000));
        let mut model = SprayerTinyModel::default();
        let mut stim = SprayStim::<4, 8>::new(seed);
        let n = 3_000;
        let t = std::time::Instant::now();
        for cycle in 0..n {
            let i = stim.next(cycle);
            let want = model.step(&i);
            let got = sprayer_step(&mut uut, &i);
            assert_eq!(
                want, got,
                "RustHDL sprayer differs from the model at cycle {cycle} (seed {seed:#x}), inputs {i:?}"
            );
        }
        eprintln!(
            "sprayer_tiny (RustHDL simulator): {n} cycles equal, {:.0} cycles/s",
            n as f64 / t.elapsed().as_secs_f64()
        );
    }
}

fn dr_arb_step(
    uut: &mut braid_hdl::DrArb,
    i: &braid_sim::model::dr_arb::DrArbIn,
) -> braid_sim::model::dr_arb::DrArbOut {
    use braid_sim::model::dr_arb::{DrArbOut, RdReq, RsBeat};
    let r = i.rd.map(|r| r.unwrap_or_default());
    uut.a_rd_valid.next = i.rd[0].is_some();
    uut.a_rd_addr.next = bits(r[0].addr);
    uut.a_rd_len.next = bits(r[0].len as u64 & 0x1fff);
    uut.a_rd_tag.next = bits(r[0].tag as u64);
    uut.a_rs_ready.next = i.rs_ready[0];
    uut.b_rd_valid.next = i.rd[1].is_some();
    uut.b_rd_addr.next = bits(r[1].addr);
    uut.b_rd_len.next = bits(r[1].len as u64 & 0x1fff);
    uut.b_rd_tag.next = bits(r[1].tag as u64);
    uut.b_rs_ready.next = i.rs_ready[1];
    uut.c_rd_valid.next = i.rd[2].is_some();
    uut.c_rd_addr.next = bits(r[2].addr);
    uut.c_rd_len.next = bits(r[2].len as u64 & 0x1fff);
    uut.c_rd_tag.next = bits(r[2].tag as u64);
    uut.c_rs_ready.next = i.rs_ready[2];
    uut.m_rd_ready.next = i.m_rd_ready;
    let b = i.m_rs.unwrap_or_default();
    uut.m_rs_valid.next = i.m_rs.is_some();
    uut.m_rs_data.next = bits_le(&b.data);
    uut.m_rs_tag.next = bits(b.tag as u64);
    uut.m_rs_last.next = b.last;
    uut.m_rs_err.next = b.err;
    clock(uut, |u, c| u.clock.next = Clock::from(c));
    let mut data = [0u8; 64];
    for (k, x) in data.iter_mut().enumerate() {
        *x = uut.rs_data.val().get_bits::<8>(8 * k).to_u64() as u8;
    }
    DrArbOut {
        rd_ready: [
            uut.a_rd_ready.val(),
            uut.b_rd_ready.val(),
            uut.c_rd_ready.val(),
        ],
        rd_bad: [uut.a_rd_bad.val(), uut.b_rd_bad.val(), uut.c_rd_bad.val()],
        rs_valid: [
            uut.a_rs_valid.val(),
            uut.b_rs_valid.val(),
            uut.c_rs_valid.val(),
        ],
        rs: RsBeat {
            data,
            tag: uut.rs_tag.val().to_u64() as u8,
            last: uut.rs_last.val(),
            err: uut.rs_err.val(),
        },
        m_rd: uut.m_rd_valid.val().then(|| RdReq {
            addr: uut.m_rd_addr.val().to_u64(),
            len: uut.m_rd_len.val().to_u64() as u16,
            tag: uut.m_rd_tag.val().to_u64() as u8,
        }),
        m_rs_ready: uut.m_rs_ready.val(),
        bad_count: uut.bad_count.val().to_u64() as u16,
        outstanding: uut.outstanding.val().to_u64() as u8,
    }
}

#[test]
fn dr_arb_rusthdl_matches_model() {
    use braid_sim::model::dr_arb::DrArbStim;
    use braid_sim::model::DrArbModel;
    for seed in seeds(&[0xd7a]) {
        let mut uut = braid_hdl::DrArb::default();
        uut.connect_all();
        assert!(simulate(&mut uut, 1000));
        let mut model = DrArbModel::default();
        let mut stim = DrArbStim::new(seed);
        for cycle in 0..4_000 {
            let i = stim.next(cycle);
            let want = model.step(&i);
            let got = dr_arb_step(&mut uut, &i);
            assert_eq!(
                want, got,
                "RustHDL dr_arb differs from the model at cycle {cycle} (seed {seed:#x}), inputs {i:?}"
            );
        }
    }
}

fn tx_payload_step(
    uut: &mut braid_hdl::TxPayload,
    i: &braid_sim::model::tx_payload::TxPayloadIn,
) -> braid_sim::model::tx_payload::TxPayloadOut {
    use braid_sim::model::dr_arb::RdReq;
    use braid_sim::model::tx_payload::{PlBeat, TxPayloadOut};
    let (qa, ql) = i.q.unwrap_or((0, 0));
    uut.q_valid.next = i.q.is_some();
    uut.q_addr.next = bits(qa);
    uut.q_len.next = bits(ql as u64 & 0x3fff);
    uut.rd_ready.next = i.rd_ready;
    let b = i.rs.unwrap_or_default();
    uut.rs_valid.next = i.rs.is_some();
    uut.rs_data.next = bits_le(&b.data);
    uut.rs_tag.next = bits(b.tag as u64);
    uut.rs_last.next = b.last;
    uut.rs_err.next = b.err;
    uut.pl_ready.next = i.pl_ready;
    clock(uut, |u, c| u.clock.next = Clock::from(c));
    let mut data = [0u8; 64];
    for (k, x) in data.iter_mut().enumerate() {
        *x = uut.pl_data.val().get_bits::<8>(8 * k).to_u64() as u8;
    }
    TxPayloadOut {
        q_ready: uut.q_ready.val(),
        rd: uut.rd_valid.val().then(|| RdReq {
            addr: uut.rd_addr.val().to_u64(),
            len: uut.rd_len.val().to_u64() as u16,
            tag: uut.rd_tag.val().to_u64() as u8,
        }),
        rs_ready: uut.rs_ready.val(),
        pl: uut.pl_valid.val().then(|| PlBeat {
            data,
            keep: uut.pl_keep.val().to_u64(),
            last: uut.pl_last.val(),
            err: uut.pl_err.val(),
        }),
        cnt_reads: uut.cnt_reads.val().to_u64() as u32,
        cnt_err: uut.cnt_err.val().to_u64() as u32,
    }
}

#[test]
fn tx_payload_rusthdl_matches_model() {
    use braid_sim::model::tx_payload::TxPayloadStim;
    use braid_sim::model::TxPayloadModel;
    for seed in seeds(&[0x7a10]) {
        let mut uut = braid_hdl::TxPayload::default();
        uut.connect_all();
        assert!(simulate(&mut uut, 1000));
        let mut model = TxPayloadModel::default();
        let mut stim = TxPayloadStim::new(seed);
        for cycle in 0..3_000 {
            let i = stim.next(cycle);
            let want = model.step(&i);
            let got = tx_payload_step(&mut uut, &i);
            assert_eq!(
                want, got,
                "RustHDL tx_payload differs from the model at cycle {cycle} (seed {seed:#x}), inputs {i:?}"
            );
        }
    }
}

fn slot_table_step<const P: usize, const A: usize>(
    uut: &mut braid_hdl::SlotTable<P, A>,
    i: &braid_sim::model::slot_table::SlotIn,
) -> braid_sim::model::slot_table::SlotOut {
    use braid_sim::model::slot_table::SlotOut;
    let (wp, ws, we) = i.wr.unwrap_or_default();
    uut.wr_valid.next = i.wr.is_some();
    uut.wr_path.next = bits(wp as u64);
    uut.wr_slot.next = bits(ws as u64);
    uut.wr_entry.next = bits_le(&we.to_le_bytes()[..9]);
    let (rp, rs, rt) = i.rd.unwrap_or_default();
    uut.rd_valid.next = i.rd.is_some();
    uut.rd_path.next = bits(rp as u64);
    uut.rd_slot.next = bits(rs as u64);
    uut.rd_tag.next = bits(rt as u64);
    clock(uut, |u, c| u.clock.next = Clock::from(c));
    let e = uut.res_entry.val();
    SlotOut {
        valid: uut.res_valid.val(),
        entry: e.get_bits::<64>(0).to_u64() as u128 | (e.get_bits::<8>(64).to_u64() as u128) << 64,
        tag: uut.res_tag.val().to_u64() as u16,
        path: uut.res_path.val().to_u64() as u32,
        slot: uut.res_slot.val().to_u64() as u8,
    }
}

#[test]
fn slot_table_rusthdl_matches_model() {
    use braid_sim::model::slot_table::SlotStim;
    use braid_sim::model::{SlotTableModel, SlotTableTinyModel};
    for seed in seeds(&[0x5107]) {
        let mut uut = braid_hdl::SlotTableTiny::default();
        uut.connect_all();
        assert!(simulate(&mut uut, 1000));
        let mut model = SlotTableTinyModel::default();
        let mut stim = SlotStim::<6>::new(seed);
        for cycle in 0..5_000 {
            let i = stim.next(cycle);
            let want = model.step(&i);
            let got = slot_table_step(&mut uut, &i);
            assert_eq!(
                want, got,
                "RustHDL slot_table_tiny differs at cycle {cycle} (seed {seed:#x})"
            );
        }
        let mut uut = braid_hdl::SlotTableFull::default();
        uut.connect_all();
        assert!(simulate(&mut uut, 1000));
        let mut model = SlotTableModel::default();
        let mut stim = SlotStim::<14>::new(seed);
        for cycle in 0..5_000 {
            let i = stim.next(cycle);
            let want = model.step(&i);
            let got = slot_table_step(&mut uut, &i);
            assert_eq!(
                want, got,
                "RustHDL slot_table differs at cycle {cycle} (seed {seed:#x})"
            );
        }
    }
}

fn tx_compl_step(
    uut: &mut braid_hdl::TxComplTiny,
    i: &braid_sim::model::tx_compl::TxComplIn,
) -> braid_sim::model::tx_compl::TxComplOut {
    use braid_sim::model::tx_compl::{TxComplOut, TxCompletion};
    uut.op_valid.next = i.op_valid;
    uut.op.next = bits(i.op as u64 & 3);
    uut.op_conn.next = bits(i.conn as u64 & 15);
    uut.op_csn.next = bits(i.csn as u64);
    uut.op_wr_id.next = bits(i.rec.wr_id);
    uut.op_len.next = bits(i.rec.len as u64);
    uut.op_msn.next = bits(i.rec.msn as u64);
    uut.op_stream.next = bits(i.rec.stream as u64 & 3);
    uut.op_signaled.next = i.rec.signaled;
    uut.op_status.next = bits(i.rec.status as u64);
    uut.op_cq.next = bits(i.cq as u64 & 15);
    uut.op_at_base.next = i.at_base;
    uut.c_ready.next = i.c_ready;
    clock(uut, |u, c| u.clock.next = Clock::from(c));
    let g = |b: u64| b as u32;
    TxComplOut {
        op_ready: uut.op_ready.val(),
        res: uut.res_valid.val().then(|| {
            (
                uut.res_op.val().to_u64() as u8,
                g(uut.res_conn.val().to_u64()),
                uut.res_code.val().to_u64() as u8,
            )
        }),
        una: uut.una_valid.val().then(|| {
            (
                g(uut.una_conn.val().to_u64()),
                uut.una_stream.val().to_u64() as u8,
                g(uut.una_msn.val().to_u64()),
            )
        }),
        c: uut.c_valid.val().then(|| TxCompletion {
            cq: g(uut.c_cq.val().to_u64()),
            conn: g(uut.c_conn.val().to_u64()),
            wr_id: uut.c_wr_id.val().to_u64(),
            byte_len: g(uut.c_byte_len.val().to_u64()),
            msn: g(uut.c_msn.val().to_u64()),
            stream: uut.c_stream.val().to_u64() as u8,
            status: uut.c_status.val().to_u64() as u8,
        }),
        cnt_done: g(uut.cnt_done.val().to_u64()),
        cnt_flushed: g(uut.cnt_flushed.val().to_u64()),
        cnt_refused: g(uut.cnt_refused.val().to_u64()),
    }
}

#[test]
fn tx_compl_rusthdl_matches_model() {
    use braid_sim::model::tx_compl::TxComplStim;
    use braid_sim::model::TxComplTinyModel;
    for seed in seeds(&[0x7c0f]) {
        let mut uut = braid_hdl::TxComplTiny::default();
        uut.connect_all();
        assert!(simulate(&mut uut, 1000));
        let mut model = TxComplTinyModel::default();
        let mut stim = TxComplStim::<4>::new(seed);
        for cycle in 0..3_000 {
            let i = stim.next(cycle);
            let want = model.step(&i);
            let got = tx_compl_step(&mut uut, &i);
            assert_eq!(
                want, got,
                "RustHDL tx_compl differs from the model at cycle {cycle} (seed {seed:#x}), inputs {i:?}"
            );
            stim.observe(&want);
        }
    }
}

fn cmd_proc_step(
    uut: &mut braid_hdl::CmdProcTiny,
    i: &braid_sim::model::cmd_proc::CmdProcIn,
) -> braid_sim::model::cmd_proc::CmdProcOut {
    use braid_sim::model::cmd_proc::CmdProcOut;
    uut.cmd_valid.next = i.cmd_valid;
    uut.cmd_opcode.next = bits(i.cmd_opcode as u64);
    let mut a = Bits::<256>::default();
    for (k, w) in i.cmd_args.iter().enumerate() {
        a = a | (bit_cast::<256, 32>(bits(*w as u64)) << bits::<8>(32 * k as u64));
    }
    uut.cmd_args.next = a;
    uut.mr_ready.next = i.ready[0];
    uut.cq_ready.next = i.ready[1];
    uut.sq_ready.next = i.ready[2];
    uut.seg_ready.next = i.ready[3];
    uut.tc_ready.next = i.ready[4];
    uut.dd_ready.next = i.ready[5];
    uut.mt_ready.next = i.ready[6];
    uut.rp_ready.next = i.ready[7];
    uut.tp_ready.next = i.ready[8];
    uut.cc_ready.next = i.ready[9];
    uut.tw_ready.next = i.ready[10];
    uut.sp_ready.next = i.ready[11];
    uut.ag_ready.next = i.ready[12];
    uut.rq_ready.next = i.ready[13];
    uut.sq_res_valid.next = i.sq_res_valid;
    uut.sq_res_refused.next = i.sq_res_refused;
    uut.sq_rd_issue.next = i.sq_rd_issue;
    uut.sq_rd_done.next = i.sq_rd_done;
    uut.cm_emit.next = i.cm_emit;
    uut.cm_take.next = i.cm_take;
    uut.rl_valid.next = i.rl_valid;
    uut.rl_conn.next = bits(i.rl_conn as u64 & 0xff_ffff);
    uut.rl_tag.next = bits(i.rl_tag as u64);
    uut.tl_valid.next = i.tl_valid;
    uut.tl_conn.next = bits(i.tl_conn as u64 & 15);
    uut.tl_tag.next = bits(i.tl_tag as u64);
    clock(uut, |u, c| u.clock.next = Clock::from(c));
    let mut o = CmdProcOut::default();
    o.0[0] = uut.cmd_done.val() as u64;
    o.0[1] = uut.cmd_error.val().to_u64();
    o.0[2] = uut.mr_valid.val() as u64;
    o.0[3] = uut.mr_index.val().to_u64();
    o.0[4] = uut.mr_entry_valid.val() as u64;
    o.0[5] = uut.mr_key.val().to_u64();
    o.0[6] = uut.mr_pd.val().to_u64();
    o.0[7] = uut.mr_access.val().to_u64();
    o.0[8] = uut.mr_base.val().to_u64();
    o.0[9] = uut.mr_end.val().to_u64();
    o.0[10] = uut.cq_valid.val() as u64;
    o.0[11] = uut.cq_op.val().to_u64();
    o.0[12] = uut.cq_cq.val().to_u64();
    o.0[13] = uut.cq_iova.val().to_u64();
    o.0[14] = uut.cq_log2.val().to_u64();
    o.0[15] = uut.sq_valid.val() as u64;
    o.0[16] = uut.sq_op.val() as u64;
    o.0[17] = uut.sq_conn.val().to_u64();
    o.0[18] = uut.sq_iova.val().to_u64();
    o.0[19] = uut.sq_log2.val().to_u64();
    o.0[20] = uut.seg_valid.val() as u64;
    o.0[21] = uut.seg_op.val() as u64;
    o.0[22] = uut.seg_conn.val().to_u64();
    o.0[23] = uut.tc_valid.val() as u64;
    o.0[24] = uut.tc_op.val().to_u64();
    o.0[25] = uut.tc_conn.val().to_u64();
    o.0[26] = uut.tc_csn.val().to_u64();
    o.0[27] = uut.tc_cq.val().to_u64();
    o.0[28] = uut.dd_valid.val() as u64;
    o.0[29] = uut.dd_op.val().to_u64();
    o.0[30] = uut.dd_conn.val().to_u64();
    o.0[31] = uut.dd_csn.val().to_u64();
    o.0[32] = uut.mt_valid.val() as u64;
    o.0[33] = uut.mt_index.val().to_u64();
    o.0[34] = uut.mt_msn.val().to_u64();
    o.0[35] = uut.rp_valid.val() as u64;
    o.0[36] = uut.rp_op.val().to_u64();
    o.0[37] = uut.rp_idx.val().to_u64();
    o.0[38] = uut.rp_psn.val().to_u64();
    o.0[39] = uut.tp_valid.val() as u64;
    o.0[40] = uut.tp_op.val().to_u64();
    o.0[41] = uut.tp_idx.val().to_u64();
    o.0[42] = uut.tp_psn.val().to_u64();
    o.0[43] = uut.cc_valid.val() as u64;
    o.0[44] = uut.cc_kind.val().to_u64();
    o.0[45] = uut.cc_idx.val().to_u64();
    o.0[46] = uut.tw_valid.val() as u64;
    o.0[47] = uut.tw_kind.val().to_u64();
    o.0[48] = uut.tw_path.val().to_u64();
    o.0[49] = uut.tw_sel.val() as u64;
    o.0[50] = uut.sp_valid.val() as u64;
    o.0[51] = uut.sp_init.val() as u64;
    o.0[52] = uut.sp_conn.val().to_u64();
    o.0[53] = uut.sp_paths_m1.val().to_u64();
    o.0[54] = uut.sp_open_en.val().to_u64();
    o.0[55] = uut.sp_open_val.val().to_u64();
    o.0[56] = uut.sp_susp_en.val().to_u64();
    o.0[57] = uut.sp_susp_val.val().to_u64();
    o.0[58] = uut.sp_hint.val().to_u64();
    o.0[59] = uut.ag_valid.val() as u64;
    o.0[60] = uut.ag_conn.val().to_u64();
    o.0[61] = uut.ag_flags.val().to_u64();
    o.0[62] = uut.ag_peer_mac.val().to_u64();
    o.0[63] = uut.ag_peer_ip.val().get_bits::<64>(0).to_u64()
        | (((uut.ag_peer_ip.val().get_bits::<64>(64).to_u64() != 0) as u64) << 63);
    o.0[64] = uut.ag_udp_dport.val().to_u64();
    o.0[65] = uut.ag_vlan_tci.val().to_u64();
    o.0[66] = uut.ag_dscp.val().to_u64();
    o.0[67] = uut.ag_remote_conn.val().to_u64();
    o.0[68] = uut.rq_valid.val() as u64;
    o.0[69] = uut.rq_op.val() as u64;
    o.0[70] = uut.rq_conn.val().to_u64();
    o.0[71] = uut.rq_stream.val().to_u64();
    o.0[72] = uut.rq_iova.val().to_u64();
    o.0[73] = uut.rq_log2.val().to_u64();
    o.0[74] = uut.rr_valid.val() as u64;
    o.0[75] = uut.rr_ok.val() as u64;
    o.0[76] = uut.rr_pd.val().to_u64();
    o.0[77] = uut.rr_streams.val().to_u64();
    o.0[78] = uut.rr_paths.val().to_u64();
    o.0[79] = uut.rr_tag.val().to_u64();
    o.0[80] = uut.tr_valid.val() as u64;
    o.0[81] = uut.tr_ok.val() as u64;
    o.0[82] = uut.tr_peer_mac.val().to_u64();
    o.0[83] = uut.tr_peer_ip4.val().to_u64();
    o.0[84] = uut.tr_sport.val().to_u64();
    o.0[85] = uut.tr_dport.val().to_u64();
    o.0[86] = uut.tr_peer_conn.val().to_u64();
    o.0[87] = uut.tr_tag.val().to_u64();
    o.0[88] = uut.cnt_cmds.val().to_u64();
    o.0[89] = uut.cnt_bad_command.val().to_u64();
    o.0[90] = uut.cnt_bad_index.val().to_u64();
    o.0[91] = uut.cnt_busy.val().to_u64();
    o.0[92] = uut.cnt_bad_argument.val().to_u64();
    o
}

#[test]
fn cmd_proc_rusthdl_matches_model() {
    use braid_sim::model::cmd_proc::CmdProcStim;
    use braid_sim::model::CmdProcTinyModel;
    for seed in seeds(&[0xc0d]) {
        let mut uut = braid_hdl::CmdProcTiny::default();
        uut.connect_all();
        assert!(simulate(&mut uut, 1000));
        let mut model = CmdProcTinyModel::default();
        let mut stim = CmdProcStim::<4, 2, 4>::new(seed);
        for cycle in 0..3_000 {
            let i = stim.next(cycle);
            let want = model.step(&i);
            let got = cmd_proc_step(&mut uut, &i);
            assert_eq!(
                want, got,
                "RustHDL cmd_proc differs from the model at cycle {cycle} (seed {seed:#x}), inputs {i:?}"
            );
            stim.observe(&want);
        }
    }
}

fn rq_fetch_step(
    uut: &mut braid_hdl::RqFetchTiny,
    i: &braid_sim::model::rq_fetch::RqIn,
) -> braid_sim::model::rq_fetch::RqOutputs {
    use braid_sim::model::rq_fetch::{ConsumeOut, MatchOut, RqOutputs, RqRes};
    uut.cmd_valid.next = i.cmd_valid;
    uut.cmd_op.next = i.cmd_op & 1 == 1;
    uut.cmd_conn.next = bits(i.cmd_conn as u64 & 15);
    uut.cmd_stream.next = bits(i.cmd_stream as u64 & 3);
    uut.cmd_iova.next = bits(i.cmd_iova);
    uut.cmd_log2.next = bits(i.cmd_log2 as u64 & 15);
    uut.db_valid.next = i.db_valid;
    uut.db_pi.next = bits(i.db_pi as u64);
    uut.db_stream.next = bits(i.db_stream as u64 & 15);
    uut.db_conn.next = bits(i.db_conn as u64 & 0xfff);
    uut.rd_ready.next = i.rd_ready;
    uut.rs_valid.next = i.rs.is_some();
    let b = i.rs.map_or([0u8; 64], |b| b.data);
    uut.rs_data.next = bits_le(&b);
    uut.rs_tag.next = bits(i.rs.map_or(0, |b| b.tag) as u64);
    uut.rs_last.next = i.rs.is_some_and(|b| b.last);
    uut.rs_err.next = i.rs.is_some_and(|b| b.err);
    let m = i.m.unwrap_or_default();
    uut.m_valid.next = i.m.is_some();
    uut.m_tag.next = bits(m.tag as u64);
    uut.m_conn.next = bits(m.conn as u64 & 15);
    uut.m_stream.next = bits(m.stream as u64 & 3);
    uut.m_rsn.next = bits(m.rsn as u64 & 0xff_ffff);
    uut.m_offset.next = bits(m.offset as u64);
    uut.m_len.next = bits(m.len as u64);
    uut.m_msg_len.next = bits(m.msg_len as u64);
    let (cc, cst) = i.cs.unwrap_or((0, 0));
    uut.cs_valid.next = i.cs.is_some();
    uut.cs_conn.next = bits(cc as u64 & 15);
    uut.cs_stream.next = bits(cst as u64 & 3);
    clock(uut, |u, c| u.clock.next = Clock::from(c));
    let mo = uut.m_rvalid.val().then(|| MatchOut {
        tag: uut.m_rtag.val().to_u64() as u16,
        ok: uut.m_ok.val(),
        code: uut.m_code.val().to_u64() as u8,
        addr: uut.m_addr.val().to_u64(),
        lkey: uut.m_lkey.val().to_u64() as u32,
        buf_len: uut.m_buf_len.val().to_u64() as u32,
    });
    let cs = uut.cs_rvalid.val().then(|| ConsumeOut {
        ok: uut.cs_ok.val(),
        wr_id: uut.cs_wr_id.val().to_u64(),
        len: uut.cs_len.val().to_u64() as u32,
    });
    let res = uut.res_valid.val().then(|| RqRes {
        op: uut.res_op.val().to_u64() as u8,
        conn: uut.res_conn.val().to_u64() as u32,
        stream: uut.res_stream.val().to_u64() as u8,
        refused: uut.res_refused.val(),
    });
    RqOutputs {
        cmd_ready: uut.cmd_ready.val(),
        db_ready: uut.db_ready.val(),
        rd_valid: uut.rd_valid.val(),
        rd_addr: uut.rd_addr.val().to_u64(),
        rd_len: uut.rd_len.val().to_u64() as u16,
        rd_tag: uut.rd_tag.val().to_u64() as u8,
        rs_ready: uut.rs_ready.val(),
        m: mo,
        cs,
        res,
        cnt_db_refused: uut.cnt_db_refused.val().to_u64() as u32,
        cnt_consume_refused: uut.cnt_consume_refused.val().to_u64() as u32,
        cnt_rs_err: uut.cnt_rs_err.val().to_u64() as u32,
    }
}

/// The tiny receive-queue fetcher in RustHDL's own simulator against the
/// model (forwarding, the look pipeline, the banked cache writes).
#[test]
fn rq_fetch_rusthdl_matches_model() {
    use braid_sim::model::rq_fetch::RqStim;
    use braid_sim::model::RqFetchTinyModel;
    for seed in seeds(&[0x9ecf, 0x2c]) {
        let mut uut = braid_hdl::RqFetchTiny::default();
        uut.connect_all();
        assert!(simulate(&mut uut, 1000));
        let mut model = RqFetchTinyModel::default();
        let mut stim = RqStim::<4>::new(seed);
        let n = 6_000;
        let t = std::time::Instant::now();
        for cycle in 0..n {
            let i = stim.next(cycle);
            let want = model.step(&i);
            let got = rq_fetch_step(&mut uut, &i);
            stim.observe(&want);
            assert_eq!(
                want, got,
                "RustHDL rq_fetch differs from the model at cycle {cycle} (seed {seed:#x}), inputs {i:?}"
            );
        }
        eprintln!(
            "rq_fetch_tiny (RustHDL simulator): {n} cycles equal (seed {seed:#x}), {:.0} cycles/s",
            n as f64 / t.elapsed().as_secs_f64()
        );
    }
}

fn pwt_step(
    uut: &mut braid_hdl::PathWindowTableTiny,
    i: &braid_sim::model::path_window_table::PwtIn,
) -> braid_sim::model::path_window_table::PwtOut {
    use braid_sim::model::path_window_table::PwtOut;
    let t = i.tx.unwrap_or_default();
    uut.tx_valid.next = i.tx.is_some();
    uut.tx_op.next = bits(t.op as u64 & 7);
    uut.tx_idx.next = bits(t.idx as u64 & 63);
    uut.tx_accepted.next = t.accepted;
    uut.tx_rejected.next = t.rejected;
    uut.tx_acked.next = bits(t.acked as u64 & 0x1ff);
    uut.tx_lost.next = bits(t.lost as u64 & 0x1ff);
    uut.tx_una.next = bits(t.una as u64);
    uut.tx_nxt.next = bits(t.nxt as u64);
    let c = i.cc.unwrap_or_default();
    uut.cc_valid.next = i.cc.is_some();
    uut.cc_idx.next = bits(c.idx as u64 & 63);
    uut.cc_cwnd.next = bits(c.cwnd as u64 & 0xff_ffff);
    uut.cc_timeouts.next = bits(c.timeouts as u64);
    uut.cc_failed.next = c.failed;
    uut.rd_valid.next = i.rd.is_some();
    uut.rd_idx.next = bits(i.rd.unwrap_or(0) as u64 & 63);
    clock(uut, |u, c| u.clock.next = Clock::from(c));
    let g = |b: u64| b as u32;
    PwtOut {
        tx_ready: uut.tx_ready.val(),
        cc_ready: uut.cc_ready.val(),
        rd_ready: uut.rd_ready.val(),
        mk_valid: uut.mk_valid.val(),
        mk_conn: g(uut.mk_conn.val().to_u64()),
        mk_open_en: uut.mk_open_en.val().to_u64() as u16,
        mk_open_val: uut.mk_open_val.val().to_u64() as u16,
        mk_susp_en: uut.mk_susp_en.val().to_u64() as u16,
        mk_susp_val: uut.mk_susp_val.val().to_u64() as u16,
        rd_res_valid: uut.rd_res_valid.val(),
        rd_out: uut.rd_out.val().to_u64() as u16,
        rd_wnd: uut.rd_wnd.val().to_u64() as u16,
        rd_open: uut.rd_open.val(),
        rd_susp: uut.rd_susp.val(),
        cnt_updates: g(uut.cnt_updates.val().to_u64()),
        cnt_send_closed: g(uut.cnt_send_closed.val().to_u64()),
        cnt_underflow: g(uut.cnt_underflow.val().to_u64()),
        cnt_overflow: g(uut.cnt_overflow.val().to_u64()),
    }
}

/// The tiny per-path window table in RustHDL's simulator against the model
/// (FIFOs with overflow, forwarding at distance 1 and 2, reads).
#[test]
fn path_window_table_rusthdl_matches_model() {
    use braid_sim::model::path_window_table::PwtStim;
    use braid_sim::model::PathWindowTableTinyModel;
    for seed in seeds(&[0x7e]) {
        let mut uut = braid_hdl::PathWindowTableTiny::default();
        uut.connect_all();
        assert!(simulate(&mut uut, 1000));
        let mut model = PathWindowTableTinyModel::default();
        let mut stim = PwtStim::<6, 2>::new(seed);
        let n = 6_000;
        let t = std::time::Instant::now();
        for cycle in 0..n {
            let i = stim.next(cycle);
            let want = model.step(&i);
            stim.observe(&want);
            let got = pwt_step(&mut uut, &i);
            assert_eq!(
                want, got,
                "RustHDL path_window_table differs from the model at cycle {cycle} (seed {seed:#x}), inputs {i:?}"
            );
        }
        eprintln!(
            "path_window_table_tiny (RustHDL simulator): {n} cycles equal (seed {seed:#x}), {:.0} cycles/s",
            n as f64 / t.elapsed().as_secs_f64()
        );
    }
}

fn rate_hint_step(
    uut: &mut braid_hdl::RateHintTiny,
    i: &braid_sim::model::rx_rate_hint::RhIn,
) -> braid_sim::model::rx_rate_hint::RhOut {
    let (pc, pt) = i.pk.unwrap_or_default();
    uut.pk_valid.next = i.pk.is_some();
    uut.pk_conn.next = bits(pc as u64 & 15);
    uut.pk_ts.next = bits(pt as u64);
    uut.st_valid.next = i.st.is_some();
    uut.st_conn.next = bits(i.st.unwrap_or(0) as u64 & 15);
    uut.now.next = bits(i.now as u64);
    uut.cfg_interval.next = bits(i.cfg_interval as u64);
    uut.cfg_queue.next = bits(i.cfg_queue as u64);
    uut.cfg_port_hint.next = bits(i.cfg_port_hint as u64);
    clock(uut, |u, c| u.clock.next = Clock::from(c));
    braid_sim::model::rx_rate_hint::RhOut {
        st_ready: uut.st_ready.val(),
        hint: uut.hint.val().to_u64() as u16,
        senders: uut.senders.val().to_u64() as u16,
        scale: uut.scale.val().to_u64() as u32,
        cnt_cuts: uut.cnt_cuts.val().to_u64() as u32,
        epoch: uut.epoch.val().to_u64() as u16,
    }
}

/// The tiny rate hint in RustHDL's simulator: the record RAM's
/// read-during-write and forwarding, the interval counters and the
/// multiply/divide unit, until the first cuts of the scale.
#[test]
fn rx_rate_hint_rusthdl_matches_model() {
    use braid_sim::model::rx_rate_hint::RateHintStim;
    use braid_sim::model::RateHintTinyModel;
    for seed in seeds(&[0x4a82, 0x4a83]) {
        let mut uut = braid_hdl::RateHintTiny::default();
        uut.connect_all();
        assert!(simulate(&mut uut, 1000));
        let mut model = RateHintTinyModel::default();
        let mut stim = RateHintStim::<4>::new(seed);
        for cycle in 0..6_000 {
            let i = stim.next(cycle);
            let want = model.step(&i);
            stim.observe(&want);
            let got = rate_hint_step(&mut uut, &i);
            assert_eq!(
                want, got,
                "RustHDL rx_rate_hint differs from the model at cycle {cycle} (seed {seed:#x}), inputs {i:?}"
            );
        }
    }
}
