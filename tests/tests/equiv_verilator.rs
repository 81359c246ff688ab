//! Model vs Verilated RTL, every output on every clock, seeded random
//! stimulus biased toward the edges. ~100k cycles per block here;
//! `BRAID_EQUIV_CYCLES=10000000` for the opt-in long run (scripts/long-run.sh).

use braid_sim::model::*;
use braid_tests::{assert_equiv, equiv_cycles, seeds};

#[test]
fn sack_tracker_matches_model() {
    let n = equiv_cycles();
    for seed in seeds(&[0x5ac1, 0xbead]) {
        assert_equiv::<SackTrackerModel>(seed, n / 2);
    }
}

/// The stimulus reaches every class, wraps the PSN space, and drives the
/// window to all-ones and back (so the equivalence above covers the edges).
#[test]
fn sack_stimulus_covers_the_edges() {
    use braid_sim::model::sack_tracker::{PsnClass, SackStim};
    let mut m = SackTrackerModel::default();
    let mut stim = SackStim::new(0x5ac1);
    let mut classes = [0u64; 4];
    let (mut full, mut big_slide, mut wraps, mut jumps) = (0, 0, 0, 0);
    let mut last_base = 0u32;
    for c in 0..50_000 {
        let o = m.step(&stim.next(c));
        if let Some((k, _)) = o.res {
            classes[k as usize] += 1;
        }
        if o.ack_sack.count_ones() >= 255 {
            full += 1;
        }
        let step = o.ack_base.wrapping_sub(last_base);
        if step == 2 {
            big_slide += 1;
        }
        if (3..=256).contains(&step) {
            jumps += 1;
        }
        if o.ack_base < last_base && last_base.wrapping_sub(o.ack_base) > 0x8000_0000 {
            wraps += 1;
        }
        last_base = o.ack_base;
    }
    eprintln!(
        "classes {classes:?} full-window cycles {full} 2-step slides {big_slide} floor jumps {jumps} wraps {wraps}"
    );
    for (k, n) in classes.iter().enumerate() {
        assert!(*n > 500, "class {k} seen only {n} times");
    }
    assert!(full > 10 && big_slide > 100 && wraps > 0 && jumps > 100);
    let _ = PsnClass::New;
}

#[test]
fn path_window_matches_model() {
    let n = equiv_cycles();
    for seed in seeds(&[0x9a7d, 0x3c1f]) {
        assert_equiv::<PathWindowModel>(seed, n / 2);
    }
}

/// The path-window stimulus reaches the edges: a full window, 0 and 256 in
/// flight, sends into a closed window (also at 256), acks beyond in-flight,
/// cwnd 0, fractional and clamped windows, every input at once, restarts.
#[test]
fn path_window_stimulus_covers_the_edges() {
    use braid_sim::model::path_window::{PathWindowStim, CWND_MAX};
    for seed in [0x9a7d, 0x3c1f] {
        let mut m = PathWindowModel::default();
        let mut stim = PathWindowStim::new(seed);
        let (mut full, mut zero, mut at256, mut closed256) = (0, 0, 0, 0);
        let (mut under, mut closed, mut cwnd0, mut frac, mut capped) = (0, 0, 0, 0, 0);
        let (mut over_in, mut all, mut inits, mut init_busy) = (0, 0, 0, 0);
        let (mut open, mut shut) = (0, 0);
        for c in 0..50_000 {
            let i = stim.next(c);
            over_in += [i.cwnd, i.init]
                .iter()
                .flatten()
                .filter(|&&v| v > CWND_MAX)
                .count();
            all += i.all_at_once() as u32;
            if i.init.is_some() {
                inits += 1;
                init_busy += (i.send || i.ack.is_some()) as u32;
            }
            let o = m.step(&i);
            let win = (o.cwnd_q >> 8) as u16;
            full += (win > 0 && o.in_flight == win) as u32;
            zero += (o.in_flight == 0) as u32;
            at256 += (o.in_flight == 256) as u32;
            closed256 += (o.in_flight == 256 && o.err_send_closed) as u32;
            under += o.err_underflow as u32;
            closed += o.err_send_closed as u32;
            cwnd0 += (o.cwnd_q == 0) as u32;
            frac += (o.cwnd_q & 0xff != 0 && win < 32) as u32;
            capped += (o.cwnd_q == CWND_MAX) as u32;
            open += o.open as u32;
            shut += !o.open as u32;
        }
        eprintln!(
            "seed {seed:#x}: full {full} zero {zero} at256 {at256} closed@256 {closed256} \
             underflow {under} send-closed {closed} cwnd0 {cwnd0} fractional {frac} \
             capped {capped} cwnd>256 inputs {over_in} all-at-once {all} inits {inits} \
             (busy {init_busy}) open {open} closed {shut}"
        );
        assert!(full > 1000 && zero > 1000 && at256 > 200 && closed256 > 50);
        assert!(under > 500 && closed > 1000 && cwnd0 > 200 && frac > 500);
        assert!(capped > 500 && over_in > 200 && all > 1000 && inits > 5 && init_busy > 1);
        assert!(open > 5000 && shut > 5000);
    }
}

/// The 16-bit error counters saturate: an error storm (window 0, a send
/// and an ack beyond in-flight every clock) for 70k clocks, then the normal
/// stimulus, compared with the model like the run above.
#[test]
fn path_window_counters_saturate_matches_model() {
    use braid_sim::model::path_window::{PathWindowIn, PathWindowOut, PathWindowStim};

    #[derive(Default)]
    struct Storm(PathWindowModel);
    struct StormStim(PathWindowStim);
    const STORM: u64 = 70_000;
    impl Stimulus for StormStim {
        type In = PathWindowIn;
        type Out = PathWindowOut;
        fn new(seed: u64) -> Self {
            StormStim(PathWindowStim::new(seed))
        }
        fn next(&mut self, cycle: u64) -> PathWindowIn {
            match cycle {
                0 => PathWindowIn {
                    init: Some(0),
                    ..Default::default()
                },
                c if c < STORM => PathWindowIn {
                    send: true,
                    ack: Some(2),
                    ..Default::default()
                },
                c => self.0.next(c),
            }
        }
    }
    impl CycleModel for Storm {
        const MODULE: &'static str = PathWindowModel::MODULE;
        const INPUTS: &'static [&'static str] = PathWindowModel::INPUTS;
        const OUTPUTS: &'static [&'static str] = PathWindowModel::OUTPUTS;
        type In = PathWindowIn;
        type Out = PathWindowOut;
        type Stim = StormStim;
        fn step(&mut self, i: &PathWindowIn) -> PathWindowOut {
            self.0.step(i)
        }
        fn encode(i: &PathWindowIn, ports: &mut [Vec<u32>]) {
            PathWindowModel::encode(i, ports)
        }
        fn decode(ports: &[Vec<u32>]) -> PathWindowOut {
            PathWindowModel::decode(ports)
        }
    }

    let mut m = Storm::default();
    let mut stim = StormStim::new(0x5a7);
    let o = (0..STORM).map(|c| m.step(&stim.next(c))).last().unwrap();
    assert_eq!((o.cnt_underflow, o.cnt_send_closed), (0xffff, 0xffff));
    assert!(o.err_underflow && o.err_send_closed);
    assert_equiv::<Storm>(0x5a7, STORM + 10_000);
}

#[test]
fn loss_detector_matches_model() {
    let n = equiv_cycles();
    for seed in seeds(&[0x1055, 0xacc5]) {
        assert_equiv::<LossDetectorModel>(seed, n / 2);
    }
}

/// The loss detector's stimulus exercises what matters: losses found and
/// emitted, ACKs accepted with large and small counts, ACKs rejected, sends
/// refused, the window filling (not sendable) and restarts near the wrap.
#[test]
fn loss_stimulus_covers_the_edges() {
    use braid_sim::model::loss_detector::LossStim;
    for seed in seeds(&[0x1055, 0xacc5]) {
        let mut m = LossDetectorModel::default();
        let mut stim = LossStim::new(seed);
        let (mut lost, mut done, mut rej, mut blocked, mut full, mut big, mut sent) =
            (0u64, 0u64, 0u64, 0u64, 0u64, 0u64, 0u64);
        let mut wraps = 0;
        let mut last_nxt = 0u32;
        for c in 0..50_000 {
            let o = m.step(&stim.next(c));
            stim.observe(&o);
            lost += o.lost_valid as u64;
            done += o.ack_done as u64;
            rej += o.ack_rejected as u64;
            blocked += o.send_blocked as u64;
            full += (!o.sendable) as u64;
            big += (o.ack_done && o.acked_count >= 64) as u64;
            sent += o.sent.is_some() as u64;
            if o.nxt < last_nxt && last_nxt - o.nxt > 0x8000_0000 {
                wraps += 1;
            }
            last_nxt = o.nxt;
        }
        eprintln!(
            "seed {seed:#x}: sent {sent} lost {lost} acks {done} (>=64 newly acked: {big}) rejected {rej} blocked {blocked} not-sendable cycles {full} wraps {wraps}"
        );
        assert!(
            sent > 10_000 && lost > 500 && done > 2_000 && rej > 50,
            "seed {seed:#x}"
        );
        assert!(blocked > 20 && full > 1_000 && big > 10, "seed {seed:#x}");
    }
}

/// Against the ground truth: with truthful ACKs, every PSN the detector
/// declares lost was dropped by the path (no false loss on an in-order
/// path), no PSN is declared twice, and acknowledged + lost never exceeds
/// what was sent.
#[test]
fn loss_detector_reports_only_real_losses() {
    use braid_sim::model::loss_detector::LossStim;
    use std::collections::HashSet;
    for seed in seeds(&[0x7a11, 0x1055]) {
        let mut m = LossDetectorModel::default();
        let mut stim = LossStim::truthful(seed);
        let (mut sent, mut acked, mut lost) = (0u64, 0u64, 0u64);
        let mut seen = HashSet::new();
        for c in 0..200_000 {
            let o = m.step(&stim.next(c));
            stim.observe(&o);
            sent += o.sent.is_some() as u64;
            if o.ack_done {
                acked += o.acked_count as u64;
            }
            if o.lost_valid {
                lost += 1;
                assert!(
                    stim.dropped.contains(&o.lost_psn),
                    "seed {seed:#x} cycle {c}: PSN {:#x} declared lost but it was delivered",
                    o.lost_psn
                );
                assert!(
                    seen.insert(o.lost_psn),
                    "seed {seed:#x}: PSN {:#x} declared lost twice",
                    o.lost_psn
                );
            }
        }
        eprintln!(
            "seed {seed:#x}: sent {sent} acked {acked} lost {lost} dropped {}",
            stim.dropped.len()
        );
        assert!(
            acked + lost <= sent,
            "seed {seed:#x}: resolved more than sent"
        );
        assert!(
            lost * 10 >= stim.dropped.len() as u64 * 7,
            "seed {seed:#x}: most drops must be found"
        );
    }
}

#[test]
fn mr_check_matches_model() {
    let n = equiv_cycles();
    for seed in seeds(&[0x3e9c, 0x77a1]) {
        assert_equiv::<MrCheckModel>(seed, n / 2);
    }
}

/// The memory-region stimulus reaches every outcome: accepted, each of the
/// four reasons, bounds failures at both edges and at the 63-bit limit, and
/// a check in the same clock as a write to its slot.
#[test]
fn mr_check_stimulus_covers_the_edges() {
    use braid_sim::model::mr_check::MrCheckStim;
    let mut m = MrCheckModel::default();
    let mut stim = MrCheckStim::new(0x3e9c);
    let mut reasons = [0u64; 6];
    let mut same_clock = 0;
    for c in 0..50_000 {
        let i = stim.next(c);
        if let (Some(w), Some(r)) = (i.wr, i.req) {
            same_clock += (w.index as u32 == (r.rkey >> 8) & 0xfff) as u64;
        }
        let o = m.step(&i);
        if o.valid {
            reasons[o.reason as usize] += 1;
        }
    }
    eprintln!("reasons (ok, -, rkey, access, bounds, pd) {reasons:?}; same-clock write+check {same_clock}");
    for k in [0, 2, 3, 4, 5] {
        assert!(reasons[k] > 300, "reason {k} seen {} times", reasons[k]);
    }
    assert!(same_clock > 100);
}

#[test]
fn reg_block_matches_model() {
    let n = equiv_cycles();
    for seed in seeds(&[0x7e6b, 0xba40]) {
        assert_equiv::<RegBlockModel>(seed, n / 2);
    }
}

/// The register-block stimulus reaches every register (an OKAY read and an
/// OKAY write of each slot of `REGS`, RO ones included), every response
/// class (SLVERR reads of holes and unaligned offsets; SLVERR writes of
/// holes, unaligned offsets, partial strobes and command writes while
/// busy), AW before W, W before AW and both in one clock, B and R
/// backpressure, a B slot reused at the edge it frees, soft resets, command
/// completions and a stray `cmd_done`, and RX_BYTES_HI reads whose snapshot
/// differs from the live counter (the carry happened between LO and HI).
#[test]
fn reg_block_stimulus_covers_every_register_and_response() {
    use braid_sim::model::reg_block::RegBlockStim;
    use braid_spec::regs::REGS;
    for seed in seeds(&[0x7e6b, 0xba40]) {
        let mut m = RegBlockModel::default();
        let mut stim = RegBlockStim::new(seed);
        let (mut okay, mut slverr) = ([0u64; 2], [0u64; 2]);
        let (mut dbs, mut cmds, mut enabled) = (0u64, 0u64, 0u64);
        for c in 0..50_000 {
            let o = m.step(&stim.next(c));
            stim.observe(&o);
            if o.bvalid {
                okay[0] += (o.bresp == 0) as u64;
                slverr[0] += (o.bresp == 2) as u64;
            }
            if o.rvalid {
                okay[1] += (o.rresp == 0) as u64;
                slverr[1] += (o.rresp == 2) as u64;
            }
            dbs += (o.db_sq_valid || o.db_rq_valid || o.db_cq_valid) as u64;
            cmds += o.cmd_valid as u64;
            enabled += o.ctrl_enable as u64;
        }
        let s = &m.stats;
        eprintln!("seed {seed:#x}: {s:?}\n  okay {okay:?} slverr {slverr:?} doorbells {dbs} commands {cmds} enabled {enabled}");
        for (k, r) in REGS.iter().enumerate() {
            assert!(
                s.reads[k] >= 10,
                "seed {seed:#x}: {} read {} times",
                r.name,
                s.reads[k]
            );
            assert!(
                s.writes[k] >= 5,
                "seed {seed:#x}: {} written {} times",
                r.name,
                s.writes[k]
            );
        }
        assert!(s.rd_err.iter().all(|&n| n >= 20), "seed {seed:#x}");
        assert!(s.wr_err.iter().all(|&n| n >= 20), "seed {seed:#x}");
        assert!(s.order.iter().all(|&n| n >= 200), "seed {seed:#x}");
        assert!(s.stalls.iter().all(|&n| n >= 1000), "seed {seed:#x}");
        assert!(s.b_reuse >= 100 && s.soft_resets >= 10, "seed {seed:#x}");
        assert!(
            s.cmd_done[0] >= 100 && s.cmd_done[1] >= 10,
            "seed {seed:#x}"
        );
        assert!(s.hi_snapshot_differs >= 3, "seed {seed:#x}");
        assert!(okay.iter().all(|&n| n > 1000) && slverr.iter().all(|&n| n > 100));
        assert!(dbs > 100 && cmds > 100 && enabled > 1000 && enabled < 49_000);
    }
}

/// An AXI4-Lite master on the Verilated `reg_block`, playing the engine
/// too: it feeds `counters`, answers each command a few clocks after
/// `cmd_valid` (OK for a known opcode, BAD_COMMAND otherwise).
struct AxiLite {
    rtl: braid_sim::cosim::equiv::Bound<RegBlockModel>,
    last: braid_sim::model::reg_block::RegBlockOut,
    counters: [u32; 11],
    cmd_due: Option<(u32, u8)>,
    cmds: Vec<(u8, [u32; 8])>,
    clocks: u64,
    /// A running 64-bit RX_BYTES (advanced every clock) and its history.
    rx_bytes: Option<u64>,
    rx_hist: Vec<u64>,
}

fn counter_index(name: &str) -> usize {
    braid_spec::regs::COUNTERS
        .iter()
        .position(|c| c.name == name)
        .unwrap()
}

impl AxiLite {
    fn new() -> Self {
        let mut rtl = braid_sim::cosim::equiv::Bound::<RegBlockModel>::new().unwrap();
        let last = rtl.step(&Default::default());
        AxiLite {
            rtl,
            last,
            counters: [0; 11],
            cmd_due: None,
            cmds: Vec::new(),
            clocks: 1,
            rx_bytes: None,
            rx_hist: Vec::new(),
        }
    }

    fn clock(&mut self, mut i: braid_sim::model::reg_block::RegBlockIn) {
        if let Some(b) = self.rx_bytes.as_mut() {
            *b = b.wrapping_add(0x0fff_ffff);
            self.counters[counter_index("RX_BYTES_LO")] = *b as u32;
            self.counters[counter_index("RX_BYTES_HI")] = (*b >> 32) as u32;
            self.rx_hist.push(*b);
        }
        i.counters = self.counters;
        if let Some((n, e)) = self.cmd_due {
            if n == 0 {
                i.cmd_done = true;
                i.cmd_error = e;
                self.cmd_due = None;
            } else {
                self.cmd_due = Some((n - 1, e));
            }
        }
        let o = self.rtl.step(&i);
        if o.cmd_valid {
            let known = braid_spec::host::COMMANDS
                .iter()
                .any(|c| c.1 == o.cmd_opcode);
            let e = if known {
                0
            } else {
                braid_spec::host::cmd_error("BAD_COMMAND")
            };
            self.cmd_due = Some((3, e));
            self.cmds.push((o.cmd_opcode, o.cmd_args));
        }
        self.last = o;
        self.clocks += 1;
        assert!(self.clocks < 1_000_000, "AXI-Lite transaction hung");
    }

    /// One read: (data, resp).
    fn read(&mut self, addr: u32) -> (u32, u8) {
        use braid_sim::model::reg_block::RegBlockIn;
        loop {
            let accepted = self.last.arready;
            self.clock(RegBlockIn {
                arvalid: true,
                araddr: addr,
                ..Default::default()
            });
            if accepted {
                break;
            }
        }
        while !self.last.rvalid {
            self.clock(Default::default());
        }
        let r = (self.last.rdata, self.last.rresp);
        self.clock(RegBlockIn {
            rready: true,
            ..Default::default()
        });
        r
    }

    /// One write with AW and W in the same clock: resp.
    fn write(&mut self, addr: u32, data: u32) -> u8 {
        use braid_sim::model::reg_block::RegBlockIn;
        let (mut aw, mut w) = (true, true);
        while aw || w {
            let (ar, wr) = (self.last.awready, self.last.wready);
            self.clock(RegBlockIn {
                awvalid: aw,
                awaddr: addr,
                wvalid: w,
                wdata: data,
                wstrb: 15,
                ..Default::default()
            });
            aw &= !ar;
            w &= !wr;
        }
        while !self.last.bvalid {
            self.clock(Default::default());
        }
        let r = self.last.bresp;
        self.clock(RegBlockIn {
            bready: true,
            ..Default::default()
        });
        r
    }
}

/// `braid_driver::Backend` over the Verilated register block: registers
/// only (DMA is refused), SLVERR mapped to the driver's offset errors.
struct RegBlockBackend(std::cell::RefCell<AxiLite>);

impl braid_driver::Backend for RegBlockBackend {
    fn read32(&self, off: u32) -> braid_driver::Result<u32> {
        let (v, resp) = self.0.borrow_mut().read(off);
        match resp {
            0 => Ok(v),
            _ if !off.is_multiple_of(4) => Err(braid_driver::Error::Unaligned { off }),
            _ => Err(braid_driver::Error::NoRegister { off }),
        }
    }
    fn write32(&mut self, off: u32, v: u32) -> braid_driver::Result<()> {
        match self.0.borrow_mut().write(off, v) {
            0 => Ok(()),
            _ if !off.is_multiple_of(4) => Err(braid_driver::Error::Unaligned { off }),
            _ => Err(braid_driver::Error::NoRegister { off }),
        }
    }
    fn name(&self) -> &str {
        "reg_block (Verilator)"
    }
    fn dma_alloc(&mut self, len: usize) -> braid_driver::Result<braid_driver::DmaBuf> {
        Err(braid_driver::Error::DmaAlloc {
            len,
            why: "the register-block co-simulation has no DMA".into(),
        })
    }
    fn dma_free(&mut self, _: &braid_driver::DmaBuf) -> braid_driver::Result<()> {
        Err(braid_driver::Error::BadArgument("no DMA here".into()))
    }
    fn dma_read(
        &self,
        _: &braid_driver::DmaBuf,
        _: usize,
        _: &mut [u8],
    ) -> braid_driver::Result<()> {
        Err(braid_driver::Error::BadArgument("no DMA here".into()))
    }
    fn dma_write(
        &mut self,
        _: &braid_driver::DmaBuf,
        _: usize,
        _: &[u8],
    ) -> braid_driver::Result<()> {
        Err(braid_driver::Error::BadArgument("no DMA here".into()))
    }
}

/// After power-up, every register read through AXI-Lite from the Verilated
/// block returns the reset value `braid_spec::regs` defines (CAPS: the
/// block's build parameter), with OKAY; the model agrees on CAPS.
#[test]
fn reg_block_resets_to_the_spec_values() {
    use braid_spec::regs::{Reset, REGS};
    assert_eq!(
        braid_sim::model::reg_block::CAPS,
        braid_hdl::reg_block::DEFAULT_CAPS
    );
    let mut axi = AxiLite::new();
    for r in REGS {
        let want = match r.reset {
            Reset::Build => braid_hdl::reg_block::DEFAULT_CAPS,
            other => other.value().unwrap(),
        };
        assert_eq!(
            axi.read(r.offset),
            (want, 0),
            "{} at {:#05x}",
            r.name,
            r.offset
        );
    }
    // holes, past the map and unaligned: SLVERR, data 0
    for a in [
        0x01c,
        0x03c,
        0x068,
        0x08c,
        0x0fc,
        braid_spec::regs::MAP_LEN,
        0x1fc,
        0x001,
        0x012,
    ] {
        assert_eq!(axi.read(a), (0, 2), "offset {a:#05x}");
    }
}

/// The driver's own open sequence (ID, VERSION, SPEC_HASH, CAPS checks in
/// `Device::open`), its scratch test, its counter read-out (RX_BYTES LO/HI
/// a consistent pair while the counter carries) and its command mailbox
/// protocol (args, CMD, poll CMD_STATUS) against the Verilated block.
#[test]
fn driver_opens_the_verilated_reg_block() {
    use braid_driver::{Backend, Device};
    use braid_spec::regs;
    let backend = RegBlockBackend(std::cell::RefCell::new(AxiLite::new()));
    let mut dev = Device::open(backend).expect("driver refuses the RTL register block");
    let info = *dev.info();
    assert_eq!(info.spec_hash, braid_spec::SPEC_HASH);
    assert_eq!(info.version_major, regs::IF_VERSION_MAJOR);
    assert_eq!(info.caps.to_reg(), braid_hdl::reg_block::DEFAULT_CAPS);
    dev.scratch_test().expect("scratch test");
    assert!(matches!(
        dev.backend_mut().read32(0x20),
        Err(braid_driver::Error::NoRegister { off: 0x20 })
    ));
    // counters: the driver reads COUNTERS in order, so LO then HI
    let cnt: Vec<u32> = (0..11).map(|k| 0x100 * k + 7).collect();
    dev.backend_mut()
        .0
        .borrow_mut()
        .counters
        .copy_from_slice(&cnt);
    let got = dev.counters().unwrap();
    for (k, r) in regs::COUNTERS.iter().enumerate() {
        assert_eq!(got.0[k], (r.name, cnt[k]));
    }
    // a running byte counter (carries into HI every ~16 clocks): LO then HI
    // is a value the counter held, although HI moved between the two reads
    dev.backend_mut().0.borrow_mut().rx_bytes = Some(0xffff_0000);
    let (lo, hi) = (counter_index("RX_BYTES_LO"), counter_index("RX_BYTES_HI"));
    let mut moved = 0;
    for _ in 0..40 {
        let c = dev.counters().unwrap();
        let v = (c.0[hi].1 as u64) << 32 | c.0[lo].1 as u64;
        let b = dev.backend_mut().0.borrow();
        assert!(
            b.rx_hist.contains(&v),
            "RX_BYTES {v:#x} was never the counter's value"
        );
        moved += (b.rx_hist.last().unwrap() >> 32 != v >> 32) as u32;
    }
    assert!(
        moved > 0,
        "HI never moved during a read-out: the test proves nothing"
    );
    dev.backend_mut().0.borrow_mut().rx_bytes = None;
    // a command through the mailbox, as braid-driver's verbs issue it
    for (name, want_err) in [("NOP", 0), ("REG_MR", 0)] {
        let args: Vec<u32> = (0..8).map(|k| 0x1000 + k).collect();
        for (k, a) in args.iter().enumerate() {
            dev.write(&regs::CMD_ARGS[k], *a).unwrap();
        }
        let op = braid_spec::host::command(name) as u32;
        dev.write(&regs::CMD, regs::set(&regs::CMD_OPCODE, 0, op))
            .unwrap();
        let st = loop {
            let st = dev.read(&regs::CMD_STATUS).unwrap();
            if regs::get(&regs::CMD_STATUS_BUSY, st) == 0 {
                break st;
            }
        };
        assert_eq!(regs::get(&regs::CMD_STATUS_ERROR, st), want_err);
        let (op_seen, args_seen) = *dev.backend_mut().0.borrow().cmds.last().unwrap();
        assert_eq!((op_seen as u32, args_seen.to_vec()), (op, args));
    }
    let st = dev.read(&regs::CMD_STATUS).unwrap();
    assert_eq!(regs::get(&regs::CMD_STATUS_COUNT, st), 2);
    // an unknown opcode is refused by the engine behind the block
    dev.write(&regs::CMD, 0xee).unwrap();
    while regs::get(&regs::CMD_STATUS_BUSY, dev.read(&regs::CMD_STATUS).unwrap()) == 1 {}
    let st = dev.read(&regs::CMD_STATUS).unwrap();
    assert_eq!(
        regs::get(&regs::CMD_STATUS_ERROR, st) as u8,
        braid_spec::host::cmd_error("BAD_COMMAND")
    );
    // the driver refuses to write RO registers itself; the block ignores them
    assert!(dev.write(&regs::ID, 0).is_err());
    dev.backend_mut().write32(regs::ID.offset, 0).unwrap();
    assert_eq!(dev.read(&regs::ID).unwrap(), regs::ID_MAGIC);
    // soft reset: CTRL.enable, SCRATCH and CMD_STATUS return to reset
    dev.write(&regs::CTRL, 1).unwrap();
    dev.write(&regs::SCRATCH, 0x1234).unwrap();
    assert_eq!(dev.read(&regs::STATUS).unwrap() & 1, 1);
    dev.write(&regs::CTRL, regs::set(&regs::CTRL_SOFT_RESET, 1, 1))
        .unwrap();
    for r in [regs::CTRL, regs::SCRATCH, regs::CMD_STATUS, regs::STATUS] {
        assert_eq!(dev.read(&r).unwrap(), 0, "{} after soft reset", r.name);
    }
}

#[test]
fn rx_path_table_matches_model() {
    let n = equiv_cycles();
    for seed in seeds(&[0x7ab1e, 0x5ac7]) {
        assert_equiv::<RxPathTableModel>(seed, n / 2);
    }
}

#[test]
fn rx_path_table_tiny_matches_model() {
    let n = equiv_cycles();
    for seed in seeds(&[0x71e7, 0x64]) {
        assert_equiv::<RxPathTableTinyModel>(seed, n / 2);
    }
}

/// The table stimulus reaches every class, every hazard distance up to the
/// pipeline's (1 and 2 forwarded, 3 through the RAM just written), floor
/// jumps (also a full 256-slot clear), windows across 2^32, packets on
/// records never initialised, every operation, `unacked` saturation and
/// both reasons for `ack_now` (so the equivalence above covers the edges).
#[test]
fn rx_path_table_stimulus_covers_the_edges() {
    use braid_sim::model::rx_path_table::{RxOpKind, RxStim};
    for (seed, tiny) in [(0x7ab1e, false), (0x71e7, true)] {
        let mut full_m = RxPathTableModel::default();
        let mut tiny_m = RxPathTableTinyModel::default();
        let mut stim_f = RxStim::<14>::new(seed);
        let mut stim_t = RxStim::<6>::new(seed);
        let mut classes = [0u64; 4];
        let mut dist = [0u64; 4];
        let mut last_at: std::collections::HashMap<u32, u64> = Default::default();
        let (mut jumps, mut full_jumps, mut wraps, mut uninit) = (0u64, 0u64, 0u64, 0u64);
        let mut ops = [0u64; 4];
        let (mut sat, mut now_pending, mut now_coalesce, mut slide2) = (0u64, 0u64, 0u64, 0u64);
        for c in 0..50_000u64 {
            let i = if tiny { stim_t.next(c) } else { stim_f.next(c) };
            if let Some(op) = i.op {
                let idx = op.idx & if tiny { 63 } else { 0x3fff };
                let before = if tiny {
                    *tiny_m.record(idx)
                } else {
                    *full_m.record(idx)
                };
                if let Some(p) = last_at.insert(idx, c) {
                    dist[((c - p) as usize).min(3)] += 1;
                }
                ops[op.kind as usize] += 1;
                if op.kind == RxOpKind::Pkt {
                    let f = op.psn.wrapping_sub(op.floor_delta as u32);
                    let d = f.wrapping_sub(before.base);
                    if op.floor_delta < 256 && (1..=256).contains(&d) {
                        jumps += 1;
                        full_jumps += (d == 256) as u64;
                    }
                    wraps += (before.base > 0xffff_ff00 && op.psn < 0x100) as u64;
                    uninit += !before.valid as u64;
                }
                let after = if tiny {
                    tiny_m.step(&i);
                    *tiny_m.record(idx)
                } else {
                    full_m.step(&i);
                    *full_m.record(idx)
                };
                slide2 += (op.kind == RxOpKind::Pkt
                    && after.base == before.base.wrapping_add(2)
                    && !(op.floor_delta < 256
                        && op.psn.wrapping_sub(op.floor_delta as u32) == after.base))
                    as u64;
                sat += (before.unacked == 255 && after.unacked == 255) as u64;
                let coalesce = after.unacked >= i.cfg_ack_coalesce;
                now_pending += (after.pending && !coalesce) as u64;
                now_coalesce += (coalesce && !after.pending) as u64;
            } else if tiny {
                tiny_m.step(&i);
            } else {
                full_m.step(&i);
            }
        }
        // the classes from the results, through the pipeline
        let mut m = RxPathTableTinyModel::default();
        let mut s = RxStim::<6>::new(seed);
        for c in 0..50_000 {
            let o = m.step(&s.next(c));
            if o.valid && o.op == RxOpKind::Pkt as u8 {
                classes[o.class as usize] += 1;
            }
        }
        eprintln!(
            "seed {seed:#x} tiny {tiny}: classes (new dup beyond behind) {classes:?}, distance \
             (-, 1, 2, >=3) {dist:?}, ops (pkt init ack read) {ops:?}, jumps {jumps} (full \
             {full_jumps}), wraps {wraps}, uninit {uninit}, unacked saturated {sat}, ack_now \
             pending-only {now_pending} coalesce-only {now_coalesce}, slide by 2 {slide2}"
        );
        assert!(
            classes.iter().all(|&k| k > 200),
            "seed {seed:#x}: {classes:?}"
        );
        assert!(
            dist[1] > 2_000 && dist[2] > 1_000 && dist[3] > 1_000,
            "seed {seed:#x}: {dist:?}"
        );
        assert!(ops.iter().all(|&k| k > 100), "seed {seed:#x}: {ops:?}");
        assert!(
            jumps > 100 && full_jumps > 0,
            "seed {seed:#x}: jumps {jumps} full {full_jumps}"
        );
        assert!(
            wraps > 0 && uninit > 50 && sat > 50 && slide2 > 100,
            "seed {seed:#x}"
        );
        assert!(now_pending > 100 && now_coalesce > 50, "seed {seed:#x}");
    }
}

/// ECN count saturation (65,535 CE-marked packets without an ACK) and the
/// unacked counter held at 255, in Verilator: a long in-order CE storm on
/// one path, then the normal stimulus.
#[test]
fn rx_path_table_counters_saturate_matches_model() {
    use braid_sim::model::rx_path_table::{RxIn, RxOp, RxOpKind, RxOut, RxStim};

    #[derive(Default)]
    struct Storm(RxPathTableTinyModel);
    struct StormStim(RxStim<6>);
    const STORM: u64 = 66_000;
    impl Stimulus for StormStim {
        type In = RxIn;
        type Out = RxOut;
        fn new(seed: u64) -> Self {
            StormStim(RxStim::new(seed))
        }
        fn next(&mut self, cycle: u64) -> RxIn {
            let psn = 0xffff_f000u32.wrapping_add(cycle as u32);
            let op = match cycle {
                0 => RxOp {
                    kind: RxOpKind::Init,
                    idx: 5,
                    psn: psn.wrapping_add(1),
                    ..Default::default()
                },
                c if c < STORM => RxOp {
                    kind: RxOpKind::Pkt,
                    idx: 5,
                    psn,
                    ce: true,
                    ts: c as u32,
                    ..Default::default()
                },
                c => return self.0.next(c),
            };
            RxIn {
                op: Some(op),
                cfg_ack_coalesce: 0xff,
            }
        }
    }
    impl CycleModel for Storm {
        const MODULE: &'static str = RxPathTableTinyModel::MODULE;
        const INPUTS: &'static [&'static str] = RxPathTableTinyModel::INPUTS;
        const OUTPUTS: &'static [&'static str] = RxPathTableTinyModel::OUTPUTS;
        type In = RxIn;
        type Out = RxOut;
        type Stim = StormStim;
        fn step(&mut self, i: &RxIn) -> RxOut {
            self.0.step(i)
        }
        fn encode(i: &RxIn, ports: &mut [Vec<u32>]) {
            RxPathTableTinyModel::encode(i, ports)
        }
        fn decode(ports: &[Vec<u32>]) -> RxOut {
            RxPathTableTinyModel::decode(ports)
        }
    }

    let mut m = Storm::default();
    let mut stim = StormStim::new(0xec17);
    let o = (0..STORM + 5)
        .map(|c| m.step(&stim.next(c)))
        .nth(STORM as usize + 3);
    let o = o.unwrap();
    assert_eq!((o.ecn_count, o.unacked), (0xffff, 0xff), "{o:?}");
    assert!(o.ack_now && !o.ack_pending);
    assert_equiv::<Storm>(0xec17, STORM + 20_000);
}

/// Protocol level (models): a lossy single path between braid's sender
/// loss detector and the table. The ACK views the table returns (after
/// `ack_now`, or every 32 clocks) make the sender declare lost exactly the
/// dropped PSNs it can prove lost (never a delivered one), and find every
/// drop followed by a delivered PSN; the sender's floor keeps the table's
/// base within the window.
#[test]
fn rx_path_table_acks_let_the_sender_find_every_loss() {
    use braid_sim::model::loss_detector::LossIn;
    use braid_sim::model::rx_path_table::{RxIn, RxOp, RxOpKind};
    use rand::{Rng, SeedableRng};
    use std::collections::{HashSet, VecDeque};
    for seed in seeds(&[0x1055, 0xacc]) {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let start: u32 = 0u32.wrapping_sub(rng.gen_range(0..5_000));
        let idx = 9;
        let mut tx = LossDetectorModel::default();
        let mut rx = RxPathTableTinyModel::default();
        let mut o = tx.step(&LossIn {
            init: Some(start),
            ..Default::default()
        });
        rx.step(&RxIn {
            op: Some(RxOp {
                kind: RxOpKind::Init,
                idx,
                psn: start,
                ..Default::default()
            }),
            cfg_ack_coalesce: 4,
        });
        let (mut wire, mut acks) = (VecDeque::new(), VecDeque::new());
        let (mut dropped, mut delivered, mut lost) =
            (HashSet::new(), HashSet::new(), HashSet::new());
        let mut ack_sent_due = false;
        let n = 200_000u64;
        for c in 0..n + 5_000 {
            // sender: send while the window allows (not in the tail)
            let send = c < n && o.sendable && rng.gen_ratio(3, 4);
            let ack = match acks.front() {
                Some(&(t, b, s)) if t <= c => {
                    acks.pop_front();
                    Some((b, s))
                }
                _ => None,
            };
            o = tx.step(&LossIn {
                init: None,
                send,
                ack,
            });
            if let Some(p) = o.sent {
                let fd = p.wrapping_sub(o.una).min(0xffff) as u16;
                if rng.gen_ratio(1, 12) {
                    dropped.insert(p);
                } else {
                    wire.push_back((c + rng.gen_range(2..6), p, fd));
                }
            }
            if o.lost_valid {
                assert!(
                    dropped.contains(&o.lost_psn) && !delivered.contains(&o.lost_psn),
                    "seed {seed:#x} cycle {c}: PSN {:#x} declared lost but delivered",
                    o.lost_psn
                );
                assert!(lost.insert(o.lost_psn), "seed {seed:#x}: lost twice");
            }
            // receiver: one operation per clock
            let op = match wire.front() {
                Some(&(t, p, fd)) if t <= c => {
                    wire.pop_front();
                    delivered.insert(p);
                    RxOp {
                        kind: RxOpKind::Pkt,
                        idx,
                        psn: p,
                        floor_delta: fd,
                        ack_req: rng.gen_ratio(1, 64),
                        ..Default::default()
                    }
                }
                _ if ack_sent_due => {
                    ack_sent_due = false;
                    RxOp {
                        kind: RxOpKind::AckSent,
                        idx,
                        ..Default::default()
                    }
                }
                _ if c % 32 == 0 => RxOp {
                    kind: RxOpKind::Read,
                    idx,
                    ..Default::default()
                },
                _ => RxOp {
                    kind: RxOpKind::Read,
                    idx: idx + 1,
                    ..Default::default()
                },
            };
            let r = rx.step(&RxIn {
                op: Some(op),
                cfg_ack_coalesce: 4,
            });
            if r.valid && r.idx == idx {
                assert_ne!(r.class, 2, "seed {seed:#x}: a packet beyond the window");
                let timer = r.op == RxOpKind::Read as u8;
                if (r.ack_now || timer) && r.op != RxOpKind::AckSent as u8 {
                    // the ACK generator sends the view; 1 in 10 ACKs is lost
                    if !rng.gen_ratio(1, 10) {
                        acks.push_back((c + rng.gen_range(3..10), r.base, r.sack));
                    }
                    ack_sent_due = r.ack_now;
                }
            }
        }
        // every drop with a later delivered PSN must have been found
        let last = delivered
            .iter()
            .map(|&p| p.wrapping_sub(start))
            .max()
            .unwrap();
        let provable: Vec<u32> = dropped
            .iter()
            .copied()
            .filter(|p| p.wrapping_sub(start) < last)
            .collect();
        let missed = provable.iter().filter(|p| !lost.contains(p)).count();
        eprintln!(
            "seed {seed:#x}: delivered {} dropped {} provable {} declared lost {} missed {missed}",
            delivered.len(),
            dropped.len(),
            provable.len(),
            lost.len()
        );
        assert!(delivered.len() > 50_000, "seed {seed:#x}");
        assert_eq!(missed, 0, "seed {seed:#x}: drops not found");
    }
}

#[test]
fn msg_tracker_matches_model() {
    let n = equiv_cycles();
    for seed in seeds(&[0x5e9d, 0x77c3]) {
        assert_equiv::<MsgTrackerModel>(seed, n / 2);
    }
}

/// The message-tracker stimulus reaches the edges: every result code,
/// completions by a packet and by the drain (several at once behind a
/// filled hole), WRITEs passed silently, zero-length messages, back-to-back
/// packets of one slot and of one index, a deep drain queue, restarts
/// (with a packet in the same clock) and MSN wraps.
#[test]
fn msg_tracker_stimulus_covers_the_edges() {
    use braid_sim::model::msg_tracker::{MsgStim, RES_COMPLETED, RES_DROPPED, RES_OUTSIDE};
    for seed in seeds(&[0x5e9d, 0x77c3]) {
        let mut m = MsgTrackerModel::default();
        let mut stim = MsgStim::<12, 5>::new(seed);
        let mut codes = [0u64; 4];
        let (mut evs, mut writes, mut zero, mut runs, mut wraps) = (0u64, 0u64, 0u64, 0u64, 0u64);
        let (mut same_slot, mut same_index, mut max_q, mut inits) = (0u64, 0u64, 0u32, 0u64);
        let mut prev: Option<(u32, u32)> = None;
        let mut run = 0u32;
        for c in 0..100_000 {
            let i = stim.next(c);
            inits += i.init.is_some() as u64;
            let cur = i.pkt.map(|k| (k.index, k.msn));
            if let (Some(a), Some(b)) = (prev, cur) {
                same_index += (a.0 == b.0) as u64;
                same_slot += (a.0 == b.0 && (a.1 ^ b.1) & 31 == 0) as u64;
            }
            prev = cur;
            let o = m.step(&i);
            stim.observe(&o);
            if let Some((code, _)) = o.res {
                codes[code as usize] += 1;
            }
            match o.ev {
                Some(e) => {
                    evs += 1;
                    writes += !e.report as u64;
                    zero += (e.byte_len == 0) as u64;
                    wraps += (e.msn == u32::MAX) as u64;
                    run += 1;
                }
                None => {
                    runs += (run >= 3) as u64;
                    run = 0;
                }
            }
            max_q = max_q.max(m.queue_len());
        }
        eprintln!(
            "seed {seed:#x}: codes (counted, completed, outside, dropped) {codes:?} passed {evs} \
             (writes {writes}, zero-length {zero}, runs of >= 3 {runs}, wraps {wraps}) \
             back-to-back same index {same_index} same slot {same_slot} max queue {max_q} inits {inits}"
        );
        assert!(
            codes[0] > 5_000 && codes[RES_COMPLETED as usize] > 5_000,
            "seed {seed:#x}"
        );
        assert!(
            codes[RES_OUTSIDE as usize] > 50 && codes[RES_DROPPED as usize] > 0,
            "seed {seed:#x}"
        );
        assert_eq!(
            codes[RES_OUTSIDE as usize], stim.outside_sent,
            "seed {seed:#x}"
        );
        assert!(
            evs > 5_000 && writes > 1_000 && zero > 500 && runs > 100,
            "seed {seed:#x}"
        );
        assert!(
            same_index > 1_000 && same_slot > 300 && max_q >= 3,
            "seed {seed:#x}"
        );
        assert!(inits > 5 && wraps > 0, "seed {seed:#x}");
        assert_eq!(
            m.cnt_outside_now(),
            stim.outside_sent as u32,
            "seed {seed:#x}"
        );
    }
}

/// Behaviour (model, both the exported 32-slot build and an 8-slot one):
/// for random interleavings of the packets of many messages, every message
/// whose packets were all sent is passed exactly once, in MSN order per
/// index, with its length, kind, imm and solicited flag; a WRITE is never
/// reported as a completion event; only the packets sent outside the
/// window are refused; nothing stays behind once the drain has run.
#[test]
fn msg_tracker_completes_each_message_once_in_order() {
    fn run<const IB: u32, const SB: u32>(seed: u64) {
        use braid_sim::model::msg_tracker::{MsgIn, MsgStim, MsgTrackerModelN, RES_OUTSIDE};
        let mut m = MsgTrackerModelN::<IB, SB>::default();
        let mut stim = MsgStim::<IB, SB>::new(seed);
        let (mut passed, mut outside) = (0u64, 0u64);
        let total = 150_000u64;
        for c in 0..total + 20_000 {
            let i = if c < total {
                stim.next(c)
            } else {
                stim.cycle = c;
                MsgIn::default()
            };
            let o = m.step_inner(&i);
            stim.observe(&o);
            if let Some((code, _)) = o.res {
                outside += (code == RES_OUTSIDE) as u64;
            }
            let Some(e) = o.ev else { continue };
            let s = stim
                .idx
                .iter_mut()
                .find(|s| s.index == e.index)
                .unwrap_or_else(|| panic!("seed {seed:#x}: event of an unknown index {e:?}"));
            if c <= s.mute_until {
                continue; // an event of the epoch before a restart
            }
            let want = s.expect.pop_front().unwrap_or_else(|| {
                panic!("seed {seed:#x} cycle {c}: message passed twice or never sent: {e:?}")
            });
            assert_eq!(
                e, want,
                "seed {seed:#x} cycle {c} (SB {SB}): wrong or reordered"
            );
            passed += 1;
        }
        for s in &stim.idx {
            if let Some(front) = s.expect.front() {
                assert!(
                    s.active.iter().any(|a| a.msn == front.msn),
                    "seed {seed:#x} (SB {SB}): index {} msn {:#x} fully sent but never passed",
                    s.index,
                    front.msn
                );
            }
        }
        assert_eq!(outside, stim.outside_sent, "seed {seed:#x} (SB {SB})");
        assert_eq!(
            m.queue_len(),
            0,
            "seed {seed:#x} (SB {SB}): drain queue not empty"
        );
        assert!(
            passed > 10_000,
            "seed {seed:#x} (SB {SB}): only {passed} passed"
        );
        eprintln!("SB {SB} seed {seed:#x}: {passed} messages passed in order, {outside} outside");
    }
    for seed in seeds(&[0xb0a7, 0x3e55]) {
        run::<12, 5>(seed);
        run::<6, 3>(seed);
    }
}

#[test]
fn tx_builder_matches_model() {
    let n = equiv_cycles();
    for seed in seeds(&[0x7b1d, 0x3f20]) {
        assert_equiv::<TxBuilderModel>(seed, n / 4);
    }
}

mod tx {
    use braid_sim::cosim::equiv::Bound;
    use braid_sim::model::tx_builder::{tail_keep, Phase, TxDesc, TxStim, BEAT};
    use braid_sim::model::{CycleModel, Stimulus, TxBuilderModel};
    use braid_spec::wire::checksum;
    use braid_spec::wire::eth::{ETHERNET_LEN, VLAN_TAG_LEN};
    use braid_spec::wire::ip::{ECN_ECT0, IPV4_LEN};
    use braid_spec::*;

    /// The frame braid-spec's own emitter builds from the descriptor.
    pub fn expected_repr(d: &TxDesc) -> Option<FrameRepr> {
        let mac = |m: u64| {
            let b = m.to_be_bytes();
            [b[2], b[3], b[4], b[5], b[6], b[7]]
        };
        let eth = EthernetRepr {
            dst: mac(d.dst_mac),
            src: mac(d.src_mac),
            vlan: d.vlan.then_some(VlanTag {
                pcp: (d.vlan_tci >> 13) as u8,
                dei: (d.vlan_tci >> 12) & 1 == 1,
                vid: d.vlan_tci & 0xfff,
            }),
        };
        let ip = if d.ipv6 {
            IpRepr::V6(Ipv6Repr {
                dscp: d.dscp,
                ecn: ECN_ECT0,
                flow_label: d.flow_label,
                hop_limit: d.ttl,
                src: d.src_ip.to_be_bytes(),
                dst: d.dst_ip.to_be_bytes(),
            })
        } else {
            IpRepr::V4(Ipv4Repr {
                dscp: d.dscp,
                ecn: ECN_ECT0,
                ident: 0,
                dont_frag: true,
                ttl: d.ttl,
                src: (d.src_ip as u32).to_be_bytes(),
                dst: (d.dst_ip as u32).to_be_bytes(),
            })
        };
        let op = Opcode::from_u8(d.opcode)?;
        let imm = op.has_imm().then_some(d.imm);
        let probe = ProbeRepr {
            probe_seq: d.probe_seq,
            probe_ts: d.probe_ts,
        };
        let body = match op {
            Opcode::Write | Opcode::WriteImm => Body::Write {
                ext: WriteRepr {
                    rkey: d.rkey,
                    va: d.va,
                    stream: d.stream,
                    msn: d.msn,
                    msg_len: d.msg_len,
                },
                imm,
            },
            Opcode::Send | Opcode::SendImm => Body::Send {
                ext: SendRepr {
                    stream: d.stream,
                    rsn: d.rsn,
                    msn: d.msn,
                    offset: d.offset,
                    msg_len: d.msg_len,
                },
                imm,
            },
            Opcode::Ack => Body::Ack(AckRepr {
                base_psn: d.ack_base_psn,
                csn_base: d.ack_csn_base,
                ts_echo: d.ack_ts_echo,
                ecn_count: d.ack_ecn_count,
                rate_hint: d.ack_rate_hint,
                sack: Sack256::from_bytes(&d.ack_sack),
            }),
            Opcode::Nack => Body::Nack(NackRepr {
                reason: NackReason::from_u8(d.nack_reason)?,
                psn: d.nack_psn,
                csn: d.nack_csn,
                detail: d.nack_detail,
            }),
            Opcode::Probe => Body::Probe(probe),
            Opcode::ProbeReply => Body::ProbeReply(probe),
        };
        Some(FrameRepr {
            eth,
            ip,
            udp: UdpRepr {
                src_port: d.udp_sport,
                dst_port: d.udp_dport,
                checksum: false,
            },
            braid: BraidRepr {
                base: BaseRepr {
                    opcode: op,
                    flags: Flags(d.flags),
                    path_id: d.path_id,
                    dst_conn: d.dst_conn,
                    path_psn: d.path_psn,
                    csn: d.csn,
                    timestamp: d.timestamp,
                    payload_len: d.payload_len,
                    floor_delta: d.floor_delta,
                },
                body,
            },
        })
    }

    /// Every collected frame against its descriptor: parsed by braid-spec's
    /// decoder into exactly the descriptor's fields and payload, equal byte
    /// for byte to braid-spec's emitter, valid IPv4 checksum, lengths, beat
    /// count and keep pattern. Unknown opcodes and NACK reasons are refused
    /// by the decoder as such. Returns the number of frames checked.
    pub fn check_frames(stim: &TxStim, seed: u64) -> usize {
        assert!(!stim.frames.is_empty(), "seed {seed:#x}: no frame");
        for (k, (f, (d, p))) in stim.frames.iter().zip(&stim.sent).enumerate() {
            let ctx = format!("seed {seed:#x} frame {k} ({d:?})");
            let buf = &f.bytes;
            assert!(f.keep_ok, "{ctx}: keep pattern");
            assert_eq!(buf.len(), d.frame_len(), "{ctx}: frame length");
            assert_eq!(f.beats, d.frame_len().div_ceil(BEAT), "{ctx}: beats");
            let parsed = parse_frame_on_port(buf, d.udp_dport);
            match expected_repr(d) {
                None => match Opcode::from_u8(d.opcode) {
                    None => assert_eq!(parsed, Err(Error::BadOpcode(d.opcode)), "{ctx}"),
                    Some(_) => {
                        assert_eq!(parsed, Err(Error::BadNackReason(d.nack_reason)), "{ctx}")
                    }
                },
                Some(want) => {
                    let fr = parsed.unwrap_or_else(|e| panic!("{ctx}: not parsed: {e}"));
                    assert_eq!(fr.repr, want, "{ctx}: fields");
                    assert_eq!(fr.payload(buf), &p[..], "{ctx}: payload");
                    let emitted = emit_frame_vec(&want, p).expect("braid-spec emits it");
                    assert_eq!(
                        buf, &emitted,
                        "{ctx}: bytes differ from braid-spec's emitter"
                    );
                }
            }
            if !d.ipv6 {
                let l3 = ETHERNET_LEN + if d.vlan { VLAN_TAG_LEN } else { 0 };
                assert_eq!(
                    checksum::checksum(&buf[l3..l3 + IPV4_LEN]),
                    0,
                    "{ctx}: checksum"
                );
            }
        }
        stim.frames.len()
    }

    /// Run `cycles` clocks of the stimulus on the Verilated block, then let
    /// it drain (no new descriptors); check the counters against what was
    /// collected.
    pub fn run_rtl(stim: &mut TxStim, cycles: u64, seed: u64) {
        let mut rtl = Bound::<TxBuilderModel>::new().expect("tx_builder Verilated");
        let mut out = None;
        let mut idle = 0;
        for c in 0..cycles + 30_000 {
            if c == cycles {
                stim.stop = true;
            }
            let i = stim.next(c);
            let o = rtl.step(&i);
            stim.observe(&o);
            out = Some(o);
            // the counters follow one clock after the last beat was taken
            if c > cycles && stim.frames.len() == stim.sent.len() {
                idle += 1;
                if idle > 2 {
                    break;
                }
            }
        }
        let o = out.expect("ran");
        assert_eq!(
            stim.frames.len(),
            stim.sent.len(),
            "seed {seed:#x}: not drained"
        );
        assert_eq!(o.frames_sent as usize, stim.frames.len(), "seed {seed:#x}");
        let bytes: usize = stim.frames.iter().map(|f| f.bytes.len()).sum();
        assert_eq!(o.bytes_sent, bytes as u64, "seed {seed:#x}");
        assert_eq!(o.pl_errors, stim.bad_beats, "seed {seed:#x}");
    }

    #[test]
    fn tx_builder_frames_parse_with_braid_spec() {
        for seed in braid_tests::seeds(&[0xf4a3, 0x0c7e]) {
            let mut stim = TxStim::new(seed);
            run_rtl(&mut stim, braid_tests::equiv_cycles() / 2, seed);
            let n = check_frames(&stim, seed);
            eprintln!("seed {seed:#x}: {n} frames parsed and byte-equal to braid-spec's emitter");
            assert!(n > 300, "seed {seed:#x}: only {n} frames");
        }
    }

    /// Full speed (descriptors, payload and m_ready always there): after the
    /// first beat the RTL emits a beat on every clock, across frame
    /// boundaries.
    #[test]
    fn tx_builder_full_rate() {
        let full = Phase {
            desc: 100,
            pl: 100,
            ready: 100,
        };
        for seed in braid_tests::seeds(&[0x5eed, 0xfa57]) {
            let mut stim = TxStim::fixed(seed, full);
            let mut rtl = Bound::<TxBuilderModel>::new().expect("tx_builder Verilated");
            let (mut first, mut idle) = (None, 0u64);
            let cycles = 20_000;
            for c in 0..cycles {
                let i = stim.next(c);
                let o = rtl.step(&i);
                stim.observe(&o);
                if o.m_valid && first.is_none() {
                    first = Some(c);
                }
                if first.is_some() && !o.m_valid {
                    idle += 1;
                }
            }
            let first = first.expect("a beat");
            eprintln!(
                "seed {seed:#x}: first beat after {} clocks, {} frames, {} idle clocks after it",
                first + 1,
                stim.frames.len(),
                idle
            );
            assert_eq!(idle, 0, "seed {seed:#x}: idle output clocks at full rate");
            assert!(first <= 10, "seed {seed:#x}: latency {first}");
            check_frames(&stim, seed);
        }
    }

    /// The stimulus (on the model) reaches every opcode with and without
    /// tag on IPv4 and IPv6, every payload class, flush beats, two-beat
    /// headers, back-pressure, payload gaps, refused offers, framing errors
    /// and frames leaving back to back.
    #[test]
    fn tx_builder_stimulus_covers_the_edges() {
        for seed in braid_tests::seeds(&[0x7b1d, 0x3f20]) {
            let mut m = TxBuilderModel::default();
            let mut stim = TxStim::new(seed);
            let (mut stalls, mut pl_gaps, mut d_waits, mut b2b) = (0u64, 0u64, 0u64, 0u64);
            let mut prev = m.step(&stim.next(0));
            stim.observe(&prev);
            let mut last_end = None;
            for c in 1..200_000 {
                let i = stim.next(c);
                stalls += (prev.m_valid && !i.m_ready) as u64;
                pl_gaps += (prev.pl_ready && i.pl.is_none()) as u64;
                d_waits += (i.desc.is_some() && !prev.d_ready) as u64;
                if prev.m_valid && i.m_ready {
                    if last_end == Some(c - 1) {
                        b2b += 1;
                    }
                    if prev.m_last {
                        last_end = Some(c);
                    }
                }
                let o = m.step(&i);
                stim.observe(&o);
                prev = o;
            }
            let mut combos = std::collections::HashMap::new();
            let (mut flush, mut hb2, mut zero, mut edge, mut big) = (0, 0, 0, 0, 0);
            for (d, _) in stim.sent.iter().take(stim.frames.len()) {
                let key = (Opcode::from_u8(d.opcode).map(|o| o.value()), d.vlan, d.ipv6);
                *combos.entry(key).or_insert(0u32) += 1;
                let h = d.header_len();
                let p = d.payload_len as usize;
                flush += ((h % BEAT + p).div_ceil(BEAT) > p.div_ceil(BEAT) && p > 0) as u32;
                hb2 += (h >= 2 * BEAT) as u32;
                zero += (p == 0 && Opcode::from_u8(d.opcode).is_some_and(|o| o.is_data())) as u32;
                edge += (p > 0 && tail_keep(p) == u64::MAX) as u32;
                big += (p > 8000) as u32;
            }
            eprintln!(
                "seed {seed:#x}: {} frames, {} combinations, flush {flush} two-beat headers {hb2} \
                 zero-payload data {zero} whole-beat payloads {edge} >8000 B {big}; stalls {stalls} \
                 payload gaps {pl_gaps} refused offers {d_waits} back-to-back {b2b} bad beats {}",
                stim.frames.len(),
                combos.len(),
                stim.bad_beats
            );
            for op in braid_spec::wire::braid::OPCODES {
                for vlan in [false, true] {
                    for v6 in [false, true] {
                        let n = combos
                            .get(&(Some(op.value()), vlan, v6))
                            .copied()
                            .unwrap_or(0);
                        assert!(n >= 5, "seed {seed:#x}: {op:?} vlan {vlan} v6 {v6}: {n}");
                    }
                }
            }
            assert!(combos.keys().any(|k| k.0.is_none()), "unknown opcodes");
            assert!(flush > 50 && hb2 > 50 && zero > 5 && edge > 10 && big > 5);
            assert!(stalls > 1000 && pl_gaps > 1000 && d_waits > 1000 && b2b > 100);
            assert!(stim.bad_beats > 10);
        }
    }
}

#[test]
fn sprayer_matches_model() {
    let n = equiv_cycles();
    for seed in seeds(&[0x5b7a, 0xb0a7]) {
        assert_equiv::<SprayerModel>(seed, n / 2);
    }
}

#[test]
fn sprayer_tiny_matches_model() {
    let n = equiv_cycles();
    for seed in seeds(&[0x71b7, 0x5e1f]) {
        assert_equiv::<SprayerTinyModel>(seed, n / 2);
    }
}

/// The sprayer stimulus reaches every outcome (picked, paced, no path,
/// INIT), picks of one connection at every forwarding distance (1, 2 and
/// 3), a mask write and a pick of its connection in the same clock,
/// retransmissions steered off a suspect path and onto one when only
/// suspects are open, every path count, burst ends and restarts, pacing
/// active and inactive, every class of rate write, and `now` wrapping
/// (so the equivalence above covers the edges).
#[test]
fn sprayer_stimulus_covers_the_edges() {
    use braid_sim::model::sprayer::{pick, SprayStim, SprayerModelG};
    fn run<const IDX: usize, const RB: usize>(seed: u64) {
        let mut m = SprayerModelG::<IDX, RB>::default();
        let mut stim = SprayStim::<IDX, RB>::new(seed);
        let (mut ok, mut paced, mut none, mut inits) = (0u64, 0u64, 0u64, 0u64);
        let mut dist = [0u64; 4];
        let (mut same_clock, mut steered, mut only_suspects) = (0u64, 0u64, 0u64);
        let mut nm1 = [0u64; 16];
        let (mut adv, mut cont, mut restart) = (0u64, 0u64, 0u64);
        let (mut rate_off, mut rate_on, mut paced_ok, mut wraps) = (0u64, 0u64, 0u64, 0u64);
        let mut last: Vec<Option<u32>> = vec![None; 4];
        let mut prev_now = 0u32;
        for c in 0..60_000 {
            let i = stim.next(c);
            wraps += (i.now < prev_now && prev_now - i.now > 1 << 31) as u64;
            prev_now = i.now;
            if let Some(r) = i.rate {
                if SprayerModelG::<IDX, RB>::inc_for(r.hint, i.port_hint) == 0 {
                    rate_off += 1;
                } else {
                    rate_on += 1;
                }
            }
            let before = i.op.map(|op| {
                let mut s = *m.conn(op.conn);
                if let Some(w) = i.mask.filter(|w| w.conn == op.conn) {
                    same_clock += 1;
                    s.open = (s.open & !w.open_en) | (w.open_val & w.open_en);
                    s.susp = (s.susp & !w.susp_en) | (w.susp_val & w.susp_en);
                }
                if let Some(r) = i.rate.filter(|r| r.conn == op.conn) {
                    s.inc = SprayerModelG::<IDX, RB>::inc_for(r.hint, i.port_hint);
                }
                for (k, l) in last.iter().enumerate().skip(1) {
                    if *l == Some(op.conn) {
                        dist[k] += 1;
                        break;
                    }
                }
                s
            });
            last.rotate_right(1);
            last[0] = i.op.map(|op| op.conn);
            let o = m.step(&i);
            if let (Some(op), Some(s)) = (i.op, before) {
                if op.init {
                    nm1[op.paths_m1 as usize & 15] += 1;
                } else {
                    let cand = s.open & ((2u32 << (s.n_m1 & 15)) - 1) as u16;
                    let after = *m.conn(op.conn);
                    let mut t = s;
                    let (picked, ..) = pick(&mut t, op.retx, op.bytes, i.now, i.spray_burst);
                    assert_eq!(t, after, "the model's state is pick() applied in order");
                    if picked && op.retx && cand & s.susp != 0 {
                        if cand & !s.susp != 0 {
                            steered += 1;
                        } else {
                            only_suspects += 1;
                        }
                    }
                    if after.next_path != s.next_path || after.burst != s.burst {
                        if after.burst == 0 {
                            adv += 1;
                        } else if after.burst == 1 {
                            restart += 1;
                        } else {
                            cont += 1;
                        }
                    }
                    if s.inc != 0 && after.pacer != s.pacer {
                        paced_ok += 1;
                    }
                }
            }
            if o.valid {
                ok += o.ok as u64;
                paced += o.paced as u64;
                none += o.no_path as u64;
                inits += o.init as u64;
            }
        }
        eprintln!(
            "IDX {IDX}: ok {ok} paced {paced} no-path {none} inits {inits}; distances {dist:?}; \
             same-clock mask {same_clock}; retx steered {steered}, onto suspects {only_suspects}; \
             n_m1 {nm1:?}; advance {adv} continue {cont} restart {restart}; rates on {rate_on} \
             off {rate_off}; paced picks {paced_ok}; now wraps {wraps}"
        );
        assert!(ok > 10_000 && paced > 3_000 && none > 1_000 && inits > 100);
        assert!(dist[1] > 5_000 && dist[2] > 1_000 && dist[3] > 500);
        assert!(same_clock > 5_000 && steered > 300 && only_suspects > 100);
        assert!(nm1.iter().all(|&n| n > 0));
        assert!(adv > 1_000 && cont > 1_000 && restart > 1_000);
        assert!(rate_on > 200 && rate_off > 200 && paced_ok > 1_000 && wraps > 0);
    }
    run::<10, 12>(0x5b7a);
    run::<4, 8>(0x71b7);
}
