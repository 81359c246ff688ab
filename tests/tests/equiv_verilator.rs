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
fn sack_tracker_stimulus_covers_the_edges() {
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
fn loss_detector_stimulus_covers_the_edges() {
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
    counters: [u32; braid_spec::regs::COUNTERS.len()],
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
            counters: [0; braid_spec::regs::COUNTERS.len()],
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
        0x218,
        0x2fc,
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
    let cnt: Vec<u32> = (0..regs::COUNTERS.len() as u32)
        .map(|k| 0x100 * k + 7)
        .collect();
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
        assert_equiv::<MsgTrackerTinyModel>(seed, n / 2);
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
        let mut held = 0u64;
        let mut prev: Option<(u32, u32)> = None;
        let mut run = 0u32;
        for c in 0..100_000 {
            let i = stim.next(c);
            inits += i.init.is_some() as u64;
            held += (i.hold && i.pkt.is_none() && i.init.is_none() && m.queue_len() > 0) as u64;
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
             back-to-back same index {same_index} same slot {same_slot} max queue {max_q} inits {inits} \
             drains held {held}"
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
        assert!(held > 100, "seed {seed:#x}: drains held {held}");
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
fn rx_parser_matches_model() {
    let n = equiv_cycles();
    for seed in seeds(&[0x9a25, 0x1f0e]) {
        assert_equiv::<RxParserModel>(seed, n / 4);
    }
}

/// The parser's stimulus reaches every drop reason and every opcode
/// accepted, IPv4 and IPv6, with and without 802.1Q, payload beats of every
/// length, gaps and back-to-back frames; no output is ever non-zero while
/// its valid is low.
#[test]
fn rx_parser_stimulus_covers_the_edges() {
    use braid_sim::model::rx_parser::RxStim;
    let mut m = RxParserModel::default();
    let mut stim = RxStim::new(0x9a25);
    let (mut reasons, mut ops) = ([0u64; 16], [0u64; 256]);
    let (mut v4, mut v6, mut vlan, mut ce, mut b2b, mut partial, mut big) = (0, 0, 0, 0, 0, 0, 0);
    let mut last_was_last = false;
    let mut o = m.step(&stim.next(0));
    for c in 1..300_000 {
        let i = stim.next(c);
        if let Some(b) = &i.beat {
            b2b += last_was_last as u64;
            last_was_last = b.last;
        } else {
            last_was_last = false;
        }
        o = m.step(&i);
        assert!(!o.junk);
        if let Some(p) = &o.p {
            partial += (p.keep < 64) as u64;
        }
        if let Some(d) = &o.d {
            reasons[d.reason as usize] += 1;
            if d.ok {
                ops[d.f.opcode as usize] += 1;
                v6 += d.f.is_ipv6 as u64;
                v4 += !d.f.is_ipv6 as u64;
                vlan += d.f.vlan as u64;
                ce += d.f.ce as u64;
                big += (d.f.payload_len > 4096) as u64;
            }
        }
    }
    eprintln!(
        "reasons {reasons:?}\nops {:?}\nv4 {v4} v6 {v6} vlan {vlan} ce {ce} back-to-back {b2b} partial payload beats {partial} big {big}",
        braid_spec::wire::braid::OPCODES
            .iter()
            .map(|op| ops[op.value() as usize])
            .collect::<Vec<_>>()
    );
    for (k, n) in reasons.iter().enumerate() {
        assert!(*n >= 5, "reason {k} seen {n} times");
    }
    for op in braid_spec::wire::braid::OPCODES {
        assert!(ops[op.value() as usize] >= 5, "{op:?} accepted too rarely");
    }
    assert!(v4 > 20 && v6 > 20 && vlan > 20 && ce > 5 && b2b > 100 && partial > 100 && big > 5);
    assert_eq!(
        o.cnt.iter().map(|&c| c as u64).sum::<u64>(),
        reasons.iter().sum::<u64>()
    );
}

/// The descriptor fields braid-spec's decoder gives for a frame (built
/// from its representation, independently of the parser's model).
fn rx_desc_of(r: &braid_spec::FrameRepr) -> braid_sim::model::rx_parser::DescFields {
    use braid_spec::{Body, IpRepr};
    let b = &r.braid.base;
    let mut d = braid_sim::model::rx_parser::DescFields {
        src_mac: r.eth.src.iter().fold(0u64, |a, &x| a << 8 | x as u64),
        vlan: r.eth.vlan.is_some(),
        vlan_tci: r
            .eth
            .vlan
            .map_or(0, |t| (t.pcp as u16) << 13 | (t.dei as u16) << 12 | t.vid),
        is_ipv6: matches!(r.ip, IpRepr::V6(_)),
        ce: r.ip.ce(),
        sport: r.udp.src_port,
        opcode: b.opcode.value(),
        flags: b.flags.0,
        path_id: b.path_id,
        hdr_words: (b.opcode.header_len() / 4) as u8,
        dst_conn: b.dst_conn,
        path_psn: b.path_psn,
        csn: b.csn,
        timestamp: b.timestamp,
        payload_len: b.payload_len,
        floor_delta: b.floor_delta,
        ..Default::default()
    };
    (d.src_ip, d.dst_ip) = match &r.ip {
        IpRepr::V4(v) => (
            0xffff_0000_0000 | u32::from_be_bytes(v.src) as u128,
            0xffff_0000_0000 | u32::from_be_bytes(v.dst) as u128,
        ),
        IpRepr::V6(v) => (u128::from_be_bytes(v.src), u128::from_be_bytes(v.dst)),
    };
    match &r.braid.body {
        Body::Write { ext, imm } => {
            (d.rkey, d.va, d.stream, d.msn, d.msg_len) =
                (ext.rkey, ext.va, ext.stream, ext.msn, ext.msg_len);
            d.imm = imm.unwrap_or(0);
        }
        Body::Send { ext, imm } => {
            (d.stream, d.rsn, d.msn, d.offset, d.msg_len) =
                (ext.stream, ext.rsn, ext.msn, ext.offset, ext.msg_len);
            d.imm = imm.unwrap_or(0);
        }
        Body::Ack(a) => {
            (d.ack_base_psn, d.ack_csn_base, d.ack_ts_echo) = (a.base_psn, a.csn_base, a.ts_echo);
            (d.ack_ecn_count, d.ack_rate_hint) = (a.ecn_count, a.rate_hint);
            d.ack_sack = a.sack.to_bytes();
        }
        Body::Nack(n) => {
            (d.nack_reason, d.nack_psn, d.nack_csn, d.nack_detail) =
                (n.reason.value(), n.psn, n.csn, n.detail);
        }
        Body::Probe(p) | Body::ProbeReply(p) => {
            (d.probe_seq, d.probe_ts) = (p.probe_seq, p.probe_ts)
        }
    }
    d
}

/// End to end against braid-spec's own frame parser: through the RTL (the
/// outputs agree with the model every clock), every frame braid-spec
/// accepts gets an ok descriptor whose fields are the frame's and whose
/// payload run is the frame's payload byte for byte; frames it rejects are
/// dropped (except unknown NACK reasons, which the parser passes on).
#[test]
fn rx_parser_payload_is_the_frames_payload() {
    use braid_sim::model::rx_parser::{RxIn, RxOut};
    use std::cell::RefCell;
    let frames: RefCell<(Vec<Vec<u8>>, Vec<u8>)> = RefCell::new((Vec::new(), Vec::new()));
    let runs: RefCell<(Vec<Vec<u8>>, Vec<u8>)> = RefCell::new((Vec::new(), Vec::new()));
    let descs = RefCell::new(Vec::new());
    for seed in seeds(&[0xfa11]) {
        let seen = |i: &RxIn, o: &RxOut| {
            let mut f = frames.borrow_mut();
            if let Some(b) = &i.beat {
                f.1.extend_from_slice(&b.data[..b.keep as usize]);
                if b.last {
                    let done = std::mem::take(&mut f.1);
                    f.0.push(done);
                }
            }
            let mut r = runs.borrow_mut();
            if let Some(p) = &o.p {
                r.1.extend_from_slice(&p.data[..p.keep as usize]);
                if p.last {
                    let done = std::mem::take(&mut r.1);
                    r.0.push(done);
                }
            }
            if let Some(d) = &o.d {
                descs.borrow_mut().push(d.clone());
            }
        };
        if let Err(m) = braid_sim::cosim::equiv::run_observed::<RxParserModel>(seed, 60_000, seen) {
            panic!("{m}\nreproduce with BRAID_SEED={:x}", m.seed);
        }
        let port = {
            use braid_sim::model::Stimulus;
            braid_sim::model::rx_parser::RxStim::new(seed).next(0).port
        };
        let (frames, runs, descs) = (frames.borrow(), runs.borrow(), descs.borrow());
        let mut runs = runs.0.iter();
        let mut ok = 0;
        for (k, d) in descs.iter().enumerate() {
            let run = if d.has_payload {
                runs.next().cloned()
            } else {
                None
            };
            let f = &frames.0[k];
            match braid_spec::parse_frame_on_port(f, port) {
                Ok(p) => {
                    assert!(
                        d.ok,
                        "seed {seed:#x} frame {k}: braid-spec accepts, parser says {d:?}"
                    );
                    let want = p.payload(f);
                    assert_eq!(
                        run.as_deref().unwrap_or(&[]),
                        want,
                        "seed {seed:#x} frame {k}: payload"
                    );
                    assert_eq!(d.f.payload_len as usize, want.len());
                    assert_eq!(
                        d.f,
                        rx_desc_of(&p.repr),
                        "seed {seed:#x} frame {k}: descriptor"
                    );
                    ok += 1;
                }
                Err(braid_spec::Error::BadNackReason(_)) => assert!(d.ok),
                Err(e) => assert!(
                    !d.ok,
                    "seed {seed:#x} frame {k}: braid-spec says {e}, parser accepts"
                ),
            }
        }
        eprintln!(
            "seed {seed:#x}: {} frames, {ok} accepted with payload checked",
            descs.len()
        );
        assert!(ok > 50);
    }
}

#[test]
fn path_cc_tiny_matches_model() {
    let n = equiv_cycles();
    for seed in seeds(&[0xcc01, 0xcc02]) {
        assert_equiv::<PathCcTinyModel>(seed, n / 2);
    }
}

#[test]
fn path_cc_matches_model() {
    let n = equiv_cycles();
    for seed in seeds(&[0xcc11]) {
        assert_equiv::<PathCcFullModel>(seed, n / 2);
    }
}

/// The congestion-control stimulus reaches every case: same-path events at
/// every pipeline distance 1..=7, first RTT samples, window closes with and
/// without marks, ECN cuts clamped at the minimum, additive increases
/// capped at the maximum, loss cuts (and losses within an already-cut
/// window), armed and ignored timeouts, re-hash and retire pulses, RTOs at
/// both clamps and backed off, and `now` wrapping.
#[test]
fn path_cc_stimulus_covers_the_edges() {
    use braid_sim::model::path_cc::{rto, win_k, CcState, PathCcStim};
    for seed in [0xcc01u64, 0xcc11] {
        let mut m = PathCcTinyModel::default();
        let mut stim = PathCcStim::<6>::new(seed);
        let mut last: Vec<Option<u32>> = vec![None; 8];
        let mut dist = [0u64; 8];
        let mut c = std::collections::BTreeMap::<&str, u64>::new();
        let mut prev_now = 0u32;
        for cyc in 0..100_000 {
            let i = stim.next(cyc);
            if i.now < prev_now {
                *c.entry("now wraps").or_default() += 1;
            }
            prev_now = i.now;
            if let Some(e) = i.ev {
                let idx = e.idx & 63;
                if let Some(d) = (1..8).find(|&d| last[d] == Some(idx)) {
                    dist[d] += 1;
                }
                let before: CcState = *m.state(idx);
                let cfg = i.cfg.masked();
                let _ = m.step(&i);
                let after: CcState = *m.state(idx);
                let k = win_k(cfg.cwnd_max);
                match e.kind {
                    2 => {
                        if e.rtt.is_some() && before.srtt == 0 {
                            *c.entry("first sample").or_default() += 1;
                        }
                        let sa = before.acc_acked as u32 + (e.n as u32 & 0x1ff);
                        if sa >= 1 << k {
                            let marked = before.acc_marked as u32 + e.m as u32 > 0;
                            *c.entry(if marked {
                                "close marked"
                            } else {
                                "close clean"
                            })
                            .or_default() += 1;
                            if marked && after.cwnd == cfg.cwnd_min && before.cwnd > cfg.cwnd_min {
                                *c.entry("ecn cut at min").or_default() += 1;
                            }
                            if marked && after.cwnd < before.cwnd && after.cwnd > cfg.cwnd_min {
                                *c.entry("ecn cut").or_default() += 1;
                            }
                        }
                        if e.n > 0
                            && e.m == 0
                            && after.cwnd == cfg.cwnd_max
                            && before.cwnd < cfg.cwnd_max
                        {
                            *c.entry("ai capped").or_default() += 1;
                        }
                    }
                    3 if e.n > 0 => {
                        *c.entry(if before.loss_cut {
                            "loss, already cut"
                        } else {
                            "loss cut"
                        })
                        .or_default() += 1;
                    }
                    4 => {
                        *c.entry(if before.armed {
                            "timeout"
                        } else {
                            "timeout ignored"
                        })
                        .or_default() += 1;
                        if before.armed && after.timeouts == cfg.rehash_after {
                            *c.entry("rehash").or_default() += 1;
                        }
                        if before.armed && after.timeouts == cfg.retire_after {
                            *c.entry("retire").or_default() += 1;
                        }
                        if before.armed && after.timeouts > 1 && rto(&after, &cfg) < cfg.rto_max {
                            *c.entry("backed off").or_default() += 1;
                        }
                    }
                    _ => {}
                }
                let r = rto(&after, &cfg);
                if r == cfg.rto_min && after.srtt > 0 {
                    *c.entry("rto at min").or_default() += 1;
                }
                if r == cfg.rto_max {
                    *c.entry("rto at max").or_default() += 1;
                }
            } else {
                let _ = m.step(&i);
            }
            last.rotate_right(1);
            last[1] = i.ev.map(|e| e.idx & 63);
        }
        eprintln!(
            "seed {seed:#x}: same-path distance 1..7 {:?}; {c:?}",
            &dist[1..]
        );
        for (d, n) in dist.iter().enumerate().skip(1) {
            assert!(*n > 1000, "seed {seed:#x}: distance {d} seen {n} times");
        }
        assert!(
            c.contains_key("now wraps"),
            "seed {seed:#x}: now never wrapped"
        );
        for key in [
            "first sample",
            "close marked",
            "close clean",
            "ecn cut",
            "ecn cut at min",
            "ai capped",
            "loss cut",
            "loss, already cut",
            "timeout",
            "timeout ignored",
            "rehash",
            "retire",
            "backed off",
            "rto at min",
            "rto at max",
        ] {
            assert!(
                c.get(key).copied().unwrap_or(0) >= 5,
                "seed {seed:#x}: {key} seen {:?} times",
                c.get(key)
            );
        }
    }
}

#[test]
fn cq_writer_matches_model() {
    let n = equiv_cycles();
    for seed in seeds(&[0xc0e, 0x9a11]) {
        assert_equiv::<CqWriterModel>(seed, n / 2);
    }
}

#[test]
fn cq_writer_tiny_matches_model() {
    let n = equiv_cycles();
    for seed in seeds(&[0x7c0e, 0x16]) {
        assert_equiv::<CqWriterTinyModel>(seed, n / 2);
    }
}

/// The CQ writer's stimulus reaches every operation and status, both
/// forwarding distances and the RAM path, rings that wrap (owner 0 and 1),
/// exhausted credits (op_ready low), and slot addresses that carry into
/// bits 21 and 43 (the carry-select boundaries).
#[test]
fn cq_writer_stimulus_covers_the_edges() {
    use braid_sim::model::cq_writer::{CqStim, OP_CQE};
    for seed in [0xc0e, 0x7c0e] {
        let mut m = CqWriterTinyModel::default();
        let mut stim = CqStim::<4>::new(seed);
        let (mut ops, mut status) = ([0u64; 4], [0u64; 3]);
        let mut dist = [0u64; 4];
        let mut last_at: std::collections::HashMap<u32, u64> = Default::default();
        let (mut not_ready, mut owner) = (0u64, [0u64; 2]);
        let (mut carry21, mut carry43) = (0u64, 0u64);
        let mut ready = true;
        let mut shown = braid_sim::model::cq_writer::CqOut::default();
        for c in 0..100_000u64 {
            let i = stim.next(c);
            if i.op_valid && ready {
                ops[i.op as usize] += 1;
                if let Some(&t) = last_at.get(&i.cq) {
                    dist[((c - t) as usize).min(3)] += 1;
                }
                last_at.insert(i.cq, c);
            }
            not_ready += (i.op_valid && !ready) as u64;
            // the beat shown before this edge is taken at it
            if shown.dw_valid && i.dw_ready {
                owner[(shown.dw_data[31] & 1) as usize] += 1;
                let base = m.ctx(shown.dw_cq).iova;
                let off = shown.dw_addr.wrapping_sub(base);
                if off < 32 << 15 {
                    carry21 += ((base & 0x1f_ffff) + off > 0x1f_ffff) as u64;
                    carry43 += ((base & ((1 << 43) - 1)) + off >= 1 << 43) as u64;
                }
            }
            let o = m.step(&i);
            ready = o.op_ready;
            if o.res_valid && o.res_op == OP_CQE {
                status[o.res_status as usize] += 1;
            }
            shown = o;
        }
        assert!(ops.iter().all(|&k| k > 1000), "seed {seed:#x}: ops {ops:?}");
        assert!(
            status.iter().all(|&k| k > 1000),
            "seed {seed:#x}: {status:?}"
        );
        assert!(
            dist[1..].iter().all(|&k| k > 1000),
            "seed {seed:#x}: {dist:?}"
        );
        assert!(not_ready > 1000, "seed {seed:#x}: {not_ready}");
        assert!(owner.iter().all(|&k| k > 1000), "seed {seed:#x}: {owner:?}");
        assert!(
            carry21 > 100 && carry43 > 10,
            "seed {seed:#x}: {carry21} {carry43}"
        );
    }
}

/// The Verilated CQ writer fills a small ring in host memory that a consumer
/// walks exactly as braid-driver's `poll_cq` does (owner bit by pass parity,
/// `decode_cqe`), returning entries by doorbells: the consumer sees every
/// written completion once, in order, with every field, the ring wraps many
/// times, completions offered to a full ring are dropped, counted and
/// reported, and nothing is written outside the ring.
#[test]
fn cq_writer_ring_is_read_back_by_the_driver() {
    use braid_driver::verbs::{decode_cqe, WcOpcode};
    use braid_sim::cosim::equiv::Bound;
    use braid_sim::model::cq_writer::{
        Completion, CqIn, OP_CQE, OP_CREATE, OP_DOORBELL, ST_DROP_FULL, ST_WRITTEN,
    };
    use rand::{Rng, SeedableRng};
    for seed in seeds(&[0xd41e, 0x5]) {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut rtl = Bound::<CqWriterModel>::new().expect("cq_writer Verilated");
        let (cq, log2, base) = (777u32, 3u8, 0x7fff_ffff_ffe0u64 & !0xff);
        let n = 1usize << log2;
        let mut ring = vec![0u8; n * 32];
        let mut ops = std::collections::VecDeque::new();
        ops.push_back(CqIn {
            op_valid: true,
            op: OP_CREATE,
            cq,
            iova: base,
            log2,
            ..CqIn::default()
        });
        let mut issued = std::collections::VecDeque::new();
        let mut written = std::collections::VecDeque::new();
        let (mut ci, mut seen, mut drops, mut k) = (0u64, 0u64, 0u64, 0u64);
        let mut ready = true;
        let mut shown = braid_sim::model::cq_writer::CqOut::default();
        for clock in 0..20_000u64 {
            // the producer: a completion now and then
            if ops.len() < 4 && rng.gen_bool(0.3) && k < 2000 {
                let c = Completion {
                    wr_id: rng.gen(),
                    byte_len: rng.gen(),
                    imm: rng.gen(),
                    msn: k as u32,
                    conn: rng.gen_range(0..1 << 24),
                    opcode: rng.gen_range(1..=3),
                    status: 0,
                    stream: rng.gen_range(0..4),
                    flags: rng.gen_range(0..2),
                };
                k += 1;
                ops.push_back(CqIn {
                    op_valid: true,
                    op: OP_CQE,
                    cq,
                    c,
                    ..CqIn::default()
                });
            }
            let mut i = ops.front().copied().unwrap_or_default();
            i.dw_ready = rng.gen_bool(0.7);
            if i.op_valid && ready {
                ops.pop_front();
                if i.op == OP_CQE {
                    issued.push_back(i.c);
                }
            }
            // the beat shown before this edge is taken at it
            if shown.dw_valid && i.dw_ready {
                let off = shown.dw_addr.wrapping_sub(base) as usize;
                assert!(
                    off.is_multiple_of(32) && off < ring.len(),
                    "seed {seed:#x}: write at {off:#x}"
                );
                assert_eq!((shown.dw_len, shown.dw_last, shown.dw_cq), (32, true, cq));
                ring[off..off + 32].copy_from_slice(&shown.dw_data);
            }
            let o = rtl.step(&i);
            shown = o;
            ready = o.op_ready;
            if o.res_valid && o.res_op == OP_CQE {
                let c = issued.pop_front().expect("a result per completion");
                match o.res_status {
                    ST_WRITTEN => written.push_back(c),
                    ST_DROP_FULL => drops += 1,
                    s => panic!("seed {seed:#x}: status {s}"),
                }
            }
            // the consumer, sometimes slow: walk as poll_cq does
            if rng.gen_bool(0.2) {
                let mut moved = false;
                loop {
                    let idx = (ci % n as u64) as usize;
                    let rec = &ring[idx * 32..idx * 32 + 32];
                    let parity = u8::from((ci >> log2) & 1 == 0);
                    if rec[31] != parity {
                        break;
                    }
                    let wc = decode_cqe(rec);
                    let c = written.pop_front().unwrap_or_else(|| {
                        panic!("seed {seed:#x} clock {clock}: entry {ci} never written")
                    });
                    assert_eq!(
                        (wc.wr_id, wc.byte_len, wc.msn, wc.qp_num, wc.stream),
                        (c.wr_id, c.byte_len, c.msn, c.conn, c.stream),
                        "seed {seed:#x}: entry {ci}"
                    );
                    assert_eq!(wc.imm, (c.flags & 1 == 1).then_some(c.imm));
                    let want = match c.opcode {
                        1 => WcOpcode::SendDone,
                        2 => WcOpcode::Recv,
                        _ => WcOpcode::RecvRdmaWithImm,
                    };
                    assert_eq!(wc.opcode, want, "seed {seed:#x}: entry {ci}");
                    ci += 1;
                    seen += 1;
                    moved = true;
                }
                if moved {
                    ops.push_back(CqIn {
                        op_valid: true,
                        op: OP_DOORBELL,
                        cq,
                        ci: ci as u16,
                        ..CqIn::default()
                    });
                }
            }
        }
        let o = rtl.step(&CqIn::default());
        assert!(
            written.is_empty(),
            "seed {seed:#x}: {} unread",
            written.len()
        );
        assert!(
            seen > 1000 && drops > 50,
            "seed {seed:#x}: {seen} seen, {drops} dropped"
        );
        assert_eq!((o.cnt_written as u64, o.cnt_full as u64), (seen, drops));
    }
}

#[test]
fn dw_arb_matches_model() {
    let n = equiv_cycles();
    for seed in seeds(&[0xd3a, 0xab]) {
        assert_equiv::<DwArbModel>(seed, n);
    }
}

/// The arbiter's stimulus reaches contention (both offering with no write
/// under way, so round robin decides), writes held open across the other
/// client's offers, a full skid register (inputs refused), back-to-back
/// beats at full rate and idle clocks.
#[test]
fn dw_arb_stimulus_covers_the_edges() {
    use braid_sim::model::dw_arb::DwArbStim;
    for seed in [0xd3a, 0xab] {
        let mut m = DwArbModel::default();
        let mut stim = DwArbStim::new(seed);
        let (mut contended, mut held, mut refused, mut b2b, mut idle) = (0, 0, 0, 0, 0);
        let mut prev_taken = false;
        let mut mid_write = false;
        for c in 0..50_000u64 {
            let i = stim.next(c);
            let (ra, rb) = m.ready(i.a.is_some(), i.b.is_some());
            let both = i.a.is_some() && i.b.is_some();
            contended += (both && !mid_write && (ra || rb)) as u32;
            held += (both && mid_write) as u32;
            refused += ((i.a.is_some() || i.b.is_some()) && !ra && !rb) as u32;
            let taken = (i.a.is_some() && ra) || (i.b.is_some() && rb);
            b2b += (taken && prev_taken) as u32;
            idle += (i.a.is_none() && i.b.is_none()) as u32;
            if taken {
                let beat = if ra && i.a.is_some() { i.a } else { i.b }.unwrap();
                mid_write = !beat.last;
            }
            prev_taken = taken;
            let o = m.step(&i);
            stim.observe(&o);
        }
        for (what, k) in [
            ("contended", contended),
            ("held", held),
            ("refused", refused),
            ("b2b", b2b),
            ("idle", idle),
        ] {
            assert!(k > 500, "seed {seed:#x}: {what} {k}");
        }
    }
}

#[test]
fn ack_gen_matches_model() {
    let n = equiv_cycles();
    for seed in seeds(&[0xac6e, 0x5e7d]) {
        assert_equiv::<AckGenModel>(seed, n / 4);
    }
}

mod ack {
    use braid_sim::cosim::equiv::Bound;
    use braid_sim::model::ack_gen::*;
    use braid_sim::model::{AckGenModel, CycleModel, Stimulus};
    use braid_spec::*;
    use std::collections::HashMap;

    fn mac(m: u64) -> [u8; 6] {
        let b = m.to_be_bytes();
        [b[2], b[3], b[4], b[5], b[6], b[7]]
    }

    /// The peer entry a control frame was addressed with: one of the valid
    /// entries written for its connection (rewrites race with lookups).
    fn check_addressing(stim: &AckGenStim, conn: u16, fr: &FrameRepr, ctx: &str) {
        let (src_mac, src_ip4, src_ip6, ttl) = stim.local();
        let log = stim
            .peer_log
            .get(&conn)
            .unwrap_or_else(|| panic!("{ctx}: frame for connection {conn} never configured"));
        let ok = log.iter().filter(|p| p.flags & FLAG_VALID != 0).any(|p| {
            let v6 = p.flags & FLAG_IPV6 != 0;
            let vlan = (p.flags & FLAG_VLAN != 0).then_some(VlanTag {
                pcp: (p.tci >> 13) as u8,
                dei: (p.tci >> 12) & 1 == 1,
                vid: p.tci & 0xfff,
            });
            let ip_ok = match &fr.ip {
                IpRepr::V4(h) => {
                    !v6 && h.src == src_ip4.to_be_bytes()
                        && h.dst == (p.ip as u32).to_be_bytes()
                        && h.dscp == p.dscp & 0x3f
                        && h.ttl == ttl
                }
                IpRepr::V6(h) => {
                    v6 && h.src == src_ip6.to_be_bytes()
                        && h.dst == p.ip.to_be_bytes()
                        && h.dscp == p.dscp & 0x3f
                        && h.hop_limit == ttl
                        && h.flow_label == fr.udp.src_port as u32
                }
            };
            fr.eth.dst == mac(p.mac)
                && fr.eth.src == mac(src_mac)
                && fr.eth.vlan == vlan
                && ip_ok
                && fr.udp.dst_port == p.dport
                && fr.braid.base.dst_conn == p.remote_conn
        });
        assert!(
            ok,
            "{ctx}: addressing matches no valid peer entry of connection {conn}: {fr:?}"
        );
    }

    /// Run the Verilated block on the stimulus, then drain.
    fn run(stim: &mut AckGenStim, cycles: u64, seed: u64) -> AckGenOut {
        let mut rtl = Bound::<AckGenModel>::new().expect("ack_gen Verilated");
        let mut model = AckGenModel::default();
        let mut out = AckGenOut::default();
        for c in 0..cycles + 3_000 {
            if c == cycles {
                stim.stop = true;
            }
            let i = stim.next(c);
            out = rtl.step(&i);
            let want = model.step(&i);
            assert_eq!(
                out, want,
                "seed {seed:#x} cycle {c}: RTL differs from the model"
            );
            stim.observe(&out);
        }
        assert!(!out.d_valid, "seed {seed:#x}: not drained");
        out
    }

    /// Every descriptor the block handed to tx_builder, written as a frame
    /// by braid-spec's field tables (the tx_builder model's emitter) and
    /// parsed by braid-spec's decoder, carries exactly what was asked: ACKs
    /// the base, SACK (bit j = PSN base + j), CSN base, ts_echo, ECN count
    /// and rate hint of the result they answer, NACKs and PROBE_REPLYs their
    /// request's fields, all addressed from the peer table and the path's
    /// UDP source port. Data descriptors pass unchanged and in order; every
    /// request is accounted for; ack_sent follows every ACK.
    #[test]
    fn ack_gen_frames_decode_to_the_requests() {
        for seed in braid_tests::seeds(&[0xf3a1, 0x0b7c]) {
            let mut stim = AckGenStim::new(seed);
            let out = run(&mut stim, braid_tests::equiv_cycles() / 4, seed);
            let now0 = NOW0;
            let acks: HashMap<u32, &AckMade> =
                stim.acks.iter().map(|a| (a.res.ts_echo, a)).collect();
            let nacks: HashMap<u32, &(u64, NackReq)> =
                stim.nacks.iter().map(|n| (n.1.csn, n)).collect();
            let probes: HashMap<u32, &(u64, ProbeReq)> =
                stim.probes.iter().map(|p| (p.1.seq, p)).collect();
            let (mut n_ack, mut n_nack, mut n_probe, mut n_data) = (0u32, 0u32, 0u32, 0usize);
            let mut last_ts_of: HashMap<u16, u32> = HashMap::new();
            let mut acked_idx = Vec::new();
            let (mut last_nack, mut last_probe) = (0u32, 0u32);
            for (k, (ce, d)) in stim.emitted.iter().enumerate() {
                let ctx = format!("seed {seed:#x} descriptor {k} (taken at clock {ce})");
                if Opcode::from_u8(d.opcode).is_some_and(|o| o.is_data()) {
                    assert_eq!(
                        d, &stim.data_taken[n_data],
                        "{ctx}: data descriptor changed"
                    );
                    n_data += 1;
                    continue;
                }
                let bytes = d.header();
                let parsed = parse_frame_on_port(&bytes, d.udp_dport);
                let made_at = match Opcode::from_u8(d.opcode) {
                    Some(Opcode::Ack) => {
                        let a = acks
                            .get(&d.ack_ts_echo)
                            .unwrap_or_else(|| panic!("{ctx}: ACK answers no result"));
                        assert!(a.res.wants_ack(), "{ctx}: ACK for a result that asked none");
                        assert_ne!(a.res.conn, stim.bad_conn, "{ctx}: ACK without a peer");
                        let fr = parsed
                            .unwrap_or_else(|e| panic!("{ctx}: not parsed: {e}"))
                            .repr;
                        let Body::Ack(ack) = &fr.braid.body else {
                            panic!("{ctx}: not an ACK body")
                        };
                        let r = &a.res;
                        assert_eq!(ack.base_psn, r.base, "{ctx}: base");
                        assert_eq!(ack.csn_base, r.csn_base, "{ctx}: csn_base");
                        assert_eq!(ack.ts_echo, r.ts_echo, "{ctx}: ts_echo");
                        assert_eq!(ack.ecn_count, r.ecn_count, "{ctx}: ecn_count");
                        assert_eq!(ack.rate_hint, a.rate_hint, "{ctx}: rate hint");
                        for j in 0..SACK_BITS {
                            let psn = r.base.wrapping_add(j as u32);
                            assert_eq!(
                                ack.sack.get(j),
                                a.received.contains(&psn),
                                "{ctx}: SACK bit {j} (PSN {psn:#x})"
                            );
                        }
                        assert_eq!(fr.braid.base.path_id, r.path_id, "{ctx}: path_id");
                        assert_eq!(fr.udp.src_port, r.sport, "{ctx}: UDP source port");
                        check_addressing(&stim, r.conn, &fr, &ctx);
                        // per path, ACKs leave in result order (coalescing
                        // only replaces an entry by a newer one)
                        if let Some(p) = last_ts_of.insert(r.idx, r.ts_echo) {
                            assert!(p < r.ts_echo, "{ctx}: ACK older than the previous one");
                        }
                        acked_idx.push(r.idx);
                        n_ack += 1;
                        a.cycle
                    }
                    Some(Opcode::Nack) => {
                        let (c, n) = nacks
                            .get(&d.nack_csn)
                            .unwrap_or_else(|| panic!("{ctx}: NACK answers no request"));
                        assert!(n.csn > last_nack, "{ctx}: NACKs out of order");
                        last_nack = n.csn;
                        assert_ne!(n.conn, stim.bad_conn, "{ctx}: NACK without a peer");
                        match NackReason::from_u8(n.reason) {
                            None => {
                                assert_eq!(parsed, Err(Error::BadNackReason(n.reason)), "{ctx}")
                            }
                            Some(reason) => {
                                let fr = parsed.unwrap_or_else(|e| panic!("{ctx}: {e}")).repr;
                                let want = NackRepr {
                                    reason,
                                    psn: n.psn,
                                    csn: n.csn,
                                    detail: n.detail,
                                };
                                assert_eq!(fr.braid.body, Body::Nack(want), "{ctx}");
                                assert_eq!(fr.braid.base.path_id, n.path_id, "{ctx}");
                                assert_eq!(fr.udp.src_port, n.sport, "{ctx}");
                                check_addressing(&stim, n.conn, &fr, &ctx);
                            }
                        }
                        n_nack += 1;
                        *c
                    }
                    Some(Opcode::ProbeReply) => {
                        let (c, p) = probes
                            .get(&d.probe_seq)
                            .unwrap_or_else(|| panic!("{ctx}: reply to no probe"));
                        assert!(p.seq > last_probe, "{ctx}: PROBE_REPLYs out of order");
                        last_probe = p.seq;
                        assert_ne!(p.conn, stim.bad_conn, "{ctx}: reply without a peer");
                        let fr = parsed.unwrap_or_else(|e| panic!("{ctx}: {e}")).repr;
                        let want = ProbeRepr {
                            probe_seq: p.seq,
                            probe_ts: p.ts,
                        };
                        assert_eq!(fr.braid.body, Body::ProbeReply(want), "{ctx}");
                        assert_eq!(fr.braid.base.path_id, p.path_id, "{ctx}");
                        assert_eq!(fr.udp.src_port, p.sport, "{ctx}");
                        check_addressing(&stim, p.conn, &fr, &ctx);
                        n_probe += 1;
                        *c
                    }
                    _ => panic!("{ctx}: unexpected opcode {:#x}", d.opcode),
                };
                // control frames: no sequence numbers or payload; the
                // timestamp is the clock between request and departure
                if let Ok(f) = parse_frame_on_port(&bytes, d.udp_dport) {
                    let b = &f.repr.braid.base;
                    assert_eq!(
                        (b.path_psn, b.csn, b.payload_len, b.floor_delta),
                        (0, 0, 0, 0)
                    );
                    assert_eq!(b.flags, Flags(0), "{ctx}");
                    let t = b.timestamp.wrapping_sub(now0) as u64;
                    assert!(
                        made_at < t && t < *ce,
                        "{ctx}: timestamp {t} outside ({made_at}, {ce})"
                    );
                }
            }
            let c = out.cnt;
            eprintln!(
                "seed {seed:#x}: {n_ack} ACKs, {n_nack} NACKs, {n_probe} PROBE_REPLYs decoded, \
                 {n_data} data descriptors passed; counters {c:?}"
            );
            assert_eq!(n_data, stim.data_taken.len(), "seed {seed:#x}: data lost");
            assert_eq!(
                (c[C_ACKS], c[C_NACKS], c[C_PROBES]),
                (n_ack, n_nack, n_probe),
                "seed {seed:#x}: emission counters"
            );
            assert_eq!(stim.as_seen, acked_idx, "seed {seed:#x}: ack_sent sequence");
            let asked = stim.acks.iter().filter(|a| a.res.wants_ack()).count()
                + stim.nacks.len()
                + stim.probes.len();
            let accounted: u32 = c.iter().sum();
            assert_eq!(
                accounted as usize, asked,
                "seed {seed:#x}: requests unaccounted"
            );
            assert!(
                stim.max_ctl_run_while_data <= CTRL_BURST as u32,
                "seed {seed:#x}: data waited behind {} control descriptors",
                stim.max_ctl_run_while_data
            );
            assert!(n_ack > 500 && n_nack > 100 && n_probe > 100 && n_data > 500);
        }
    }

    /// The stimulus (on the model) reaches the edges: coalescing, every
    /// drop, requests without a peer, every opcode on IPv4/IPv6 with and
    /// without a tag, OP_READ ACKs, data held back for CTRL_BURST control
    /// descriptors, back-pressure, the clock wrapping.
    #[test]
    fn ack_gen_stimulus_covers_the_edges() {
        for seed in braid_tests::seeds(&[0xac6e, 0x5e7d]) {
            let mut m = AckGenModel::default();
            let mut stim = AckGenStim::new(seed);
            let (mut stalls, mut wraps, mut last_now) = (0u64, 0u64, 0u32);
            let mut o = AckGenOut::default();
            for c in 0..200_000 {
                let i = stim.next(c);
                stalls += (o.d_valid && !i.d_ready) as u64;
                wraps += (i.now < last_now) as u64;
                last_now = i.now;
                o = m.step(&i);
                stim.observe(&o);
            }
            let mut combos = HashMap::new();
            for (_, d) in &stim.emitted {
                *combos.entry((d.opcode, d.vlan, d.ipv6)).or_insert(0u32) += 1;
            }
            let reads = stim
                .acks
                .iter()
                .filter(|a| a.res.op == OP_READ && a.res.wants_ack())
                .count();
            eprintln!(
                "seed {seed:#x}: counters {:?}, {} descriptors, {} combinations, stalls {stalls}, \
                 OP_READ ACKs asked {reads}, longest control run ahead of data {}",
                o.cnt,
                stim.emitted.len(),
                combos.len(),
                stim.max_ctl_run_while_data
            );
            for (name, n) in CNT_NAMES.iter().zip(o.cnt) {
                assert!(n > 50, "seed {seed:#x}: {name} only {n}");
            }
            for op in [Opcode::Ack, Opcode::Nack, Opcode::ProbeReply] {
                for vlan in [false, true] {
                    for v6 in [false, true] {
                        let n = combos.get(&(op.value(), vlan, v6)).copied().unwrap_or(0);
                        assert!(n >= 10, "seed {seed:#x}: {op:?} vlan {vlan} v6 {v6}: {n}");
                    }
                }
            }
            assert_eq!(stim.max_ctl_run_while_data, CTRL_BURST as u32);
            assert!(stalls > 1000 && wraps == 1 && reads > 100);
        }
    }
}

#[test]
fn dedup_table_matches_model() {
    let n = equiv_cycles();
    for seed in seeds(&[0xdedb, 0x5e7d]) {
        assert_equiv::<DedupTableModel>(seed, n / 2);
    }
}

#[test]
fn dedup_table_tiny_matches_model() {
    let n = equiv_cycles();
    for seed in seeds(&[0xd7, 0x16c]) {
        assert_equiv::<DedupTableTinyModel>(seed, n / 2);
    }
}

/// The dedup stimulus reaches every class (a duplicate both by its slot and
/// before the base), every distance between operations of one connection
/// up to past the pipeline's (1 and 2 forwarded, 3..6 through the bitmap
/// RAM while the base write is pending, 7 and more through both RAMs),
/// operations behind a restart still in the pipeline, every operation code,
/// windows across 2^32, and bases that jump over a filled hole (so the
/// equivalence above covers the edges).
#[test]
fn dedup_table_stimulus_covers_the_edges() {
    use braid_sim::model::dedup_table::{DedupClass, DedupOpKind, DedupStim};
    for (seed, tiny) in [(0xdedb, false), (0xd7, true)] {
        let mut full_m = DedupTableModel::default();
        let mut tiny_m = DedupTableTinyModel::default();
        let mut stim_f = DedupStim::<10>::new(seed);
        let mut stim_t = DedupStim::<4>::new(seed);
        let mut classes = [0u64; 3];
        let (mut dup_before, mut dup_slot) = (0u64, 0u64);
        let mut dist = [0u64; 9];
        let mut ops = [0u64; 4];
        let mut last_at: std::collections::HashMap<u32, u64> = Default::default();
        let mut last_init: std::collections::HashMap<u32, u64> = Default::default();
        let mut last_base: std::collections::HashMap<u32, u32> = Default::default();
        let (mut behind_init, mut wraps, mut jumps, mut big_jumps) = (0u64, 0u64, 0u64, 0u64);
        for c in 0..60_000u64 {
            let i = if tiny { stim_t.next(c) } else { stim_f.next(c) };
            if let Some(op) = i.op {
                let conn = op.conn & if tiny { 15 } else { 1023 };
                if let Some(p) = last_at.insert(conn, c) {
                    dist[((c - p) as usize).min(8)] += 1;
                }
                if last_init.get(&conn).is_some_and(|&t| c - t <= 6) {
                    behind_init += 1;
                }
                if op.kind == DedupOpKind::Init {
                    last_init.insert(conn, c);
                }
                ops[op.kind as usize] += 1;
            }
            let o = if tiny {
                let o = tiny_m.step(&i);
                stim_t.observe(&o);
                o
            } else {
                let o = full_m.step(&i);
                stim_f.observe(&o);
                o
            };
            if !o.valid {
                continue;
            }
            if o.op == DedupOpKind::Pkt as u8 {
                classes[o.class as usize] += 1;
                if o.class == DedupClass::Duplicate as u8 {
                    if (o.csn.wrapping_sub(o.base) as i32) < 0 {
                        dup_before += 1;
                    } else {
                        dup_slot += 1;
                    }
                }
            }
            if let Some(p) = last_base.insert(o.conn, o.base) {
                let step = o.base.wrapping_sub(p);
                if o.op != DedupOpKind::Init as u8 && step <= 256 {
                    jumps += (step > 1) as u64;
                    big_jumps += (step > 16) as u64;
                    wraps += (o.base < p) as u64;
                }
            }
        }
        let (cd, co) = if tiny {
            let o = tiny_m.step(&Default::default());
            (o.cnt_dup, o.cnt_oow)
        } else {
            let o = full_m.step(&Default::default());
            (o.cnt_dup, o.cnt_oow)
        };
        eprintln!(
            "seed {seed:#x} tiny {tiny}: classes (new dup oow) {classes:?} (dup before base \
             {dup_before}, by slot {dup_slot}), distance (-, 1..7, >=8) {dist:?}, ops (pkt init \
             read other) {ops:?}, behind a restart in flight {behind_init}, base wraps {wraps}, \
             jumps {jumps} (over 16: {big_jumps}), counters {cd}/{co}"
        );
        assert!(
            classes[0] > 5_000 && classes[1] > 2_000 && classes[2] > 500,
            "seed {seed:#x}: {classes:?}"
        );
        assert!(dup_before > 500 && dup_slot > 500, "seed {seed:#x}");
        assert!(
            dist[1..=7].iter().all(|&k| k > 300) && dist[8] > 1_000,
            "seed {seed:#x}: {dist:?}"
        );
        assert!(ops.iter().all(|&k| k > 100), "seed {seed:#x}: {ops:?}");
        assert!(
            behind_init > 20 && wraps > 0 && jumps > 200 && big_jumps > 0,
            "seed {seed:#x}"
        );
        assert_eq!(
            (cd as u64, co as u64),
            (classes[1], classes[2]),
            "seed {seed:#x}"
        );
    }
}

/// Behaviour (model): connections each receive a stream of CSNs (one of
/// them across 2^32) in random order within the window, with duplicates
/// and stale retransmissions, from a conforming sender that learns the
/// base from the results (as from ACKs). Every CSN is NEW exactly once, no
/// NEW for a CSN already counted, a DUPLICATE only for a counted one, never
/// OUT_OF_WINDOW, the base never goes back and ends at the end of each
/// stream, and the counters agree.
#[test]
fn dedup_table_counts_every_csn_once() {
    use braid_sim::model::dedup_table::{DedupClass, DedupIn, DedupOp, DedupOpKind};
    use rand::{Rng, SeedableRng};
    struct Conn {
        id: u32,
        start: u32,
        n: u32,
        sent: Vec<bool>,
        counted: Vec<bool>,
        frontier: u32,
        rep: u32,
    }
    for seed in seeds(&[0xdd01, 0xdd02, 0xdd03]) {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut m = DedupTableTinyModel::default();
        let mut conns: Vec<Conn> = [3u32, 7, 12]
            .iter()
            .enumerate()
            .map(|(k, &id)| {
                let n = rng.gen_range(2_000..4_000);
                Conn {
                    id,
                    start: if k == 0 {
                        0u32.wrapping_sub(rng.gen_range(1..1_500))
                    } else {
                        rng.gen()
                    },
                    n,
                    sent: vec![false; n as usize],
                    counted: vec![false; n as usize],
                    frontier: 0,
                    rep: 0,
                }
            })
            .collect();
        let (mut news, mut dups, mut reads) = (0u64, 0u64, 0u64);
        let mut check = |o: &braid_sim::model::dedup_table::DedupOut, conns: &mut [Conn]| {
            if !o.valid || o.op == DedupOpKind::Init as u8 {
                return;
            }
            let k = conns.iter().position(|c| c.id == o.conn).expect("conn");
            let c = &mut conns[k];
            let adv = o.base.wrapping_sub(c.start).wrapping_sub(c.rep);
            assert!(adv <= 256, "seed {seed:#x}: base went back: {o:?}");
            c.rep = c.rep.wrapping_add(adv);
            if o.op != DedupOpKind::Pkt as u8 {
                reads += 1;
                return;
            }
            let off = o.csn.wrapping_sub(c.start) as usize;
            match o.class {
                x if x == DedupClass::New as u8 => {
                    assert!(!c.counted[off], "seed {seed:#x}: counted twice: {o:?}");
                    c.counted[off] = true;
                    news += 1;
                }
                x if x == DedupClass::Duplicate as u8 => {
                    assert!(
                        c.counted[off],
                        "seed {seed:#x}: duplicate of an uncounted CSN: {o:?}"
                    );
                    dups += 1;
                }
                _ => panic!("seed {seed:#x}: out of window for a conforming sender: {o:?}"),
            }
        };
        // restart every connection at its start
        for k in 0..conns.len() {
            let op = DedupOp {
                kind: DedupOpKind::Init,
                conn: conns[k].id,
                csn: conns[k].start,
            };
            let o = m.step(&DedupIn { op: Some(op) });
            check(&o, &mut conns);
        }
        let mut cycles = 0u64;
        while conns.iter().any(|c| c.frontier < c.n) {
            cycles += 1;
            assert!(cycles < 200_000, "seed {seed:#x}: no progress");
            let k = rng.gen_range(0..conns.len());
            let c = &mut conns[k];
            let lo = c.rep;
            let mut op = None;
            let r = rng.gen_range(0..100);
            if r < 8 {
                op = Some((DedupOpKind::Read, 0));
            } else if r < 35 && lo > 0 {
                // a retransmission of something sent (some before the base)
                let hi = c.sent.iter().rposition(|&s| s).unwrap_or(0) as u32;
                let from = lo.saturating_sub(300);
                let off = rng.gen_range(from..=hi.max(from));
                if c.sent[off as usize] {
                    op = Some((DedupOpKind::Pkt, off));
                }
            } else if r < 90 {
                // a new CSN anywhere in the window, or the lowest unsent
                let off = lo + rng.gen_range(0..256);
                if off < c.n && !c.sent[off as usize] {
                    op = Some((DedupOpKind::Pkt, off));
                } else if c.frontier < c.n && c.frontier < lo + 256 {
                    op = Some((DedupOpKind::Pkt, c.frontier));
                }
            }
            if let Some((DedupOpKind::Pkt, off)) = op {
                c.sent[off as usize] = true;
                while c.frontier < c.n && c.sent[c.frontier as usize] {
                    c.frontier += 1;
                }
            }
            let i = DedupIn {
                op: op.map(|(kind, off)| DedupOp {
                    kind,
                    conn: c.id,
                    csn: c.start.wrapping_add(off),
                }),
            };
            let o = m.step(&i);
            check(&o, &mut conns);
        }
        // drain, then read every connection
        for k in 0..conns.len() + 10 {
            let op = conns.get(k).map(|c| DedupOp {
                kind: DedupOpKind::Read,
                conn: c.id,
                csn: 0,
            });
            let o = m.step(&DedupIn { op });
            check(&o, &mut conns);
        }
        let o = m.step(&DedupIn::default());
        for c in &conns {
            assert!(
                c.counted.iter().all(|&x| x),
                "seed {seed:#x}: a CSN never counted"
            );
            assert_eq!(c.rep, c.n, "seed {seed:#x}: base not at the end");
            assert_eq!(m.base(c.id), c.start.wrapping_add(c.n), "seed {seed:#x}");
        }
        let total: u64 = conns.iter().map(|c| c.n as u64).sum();
        eprintln!(
            "seed {seed:#x}: {total} CSNs counted once in {cycles} clocks, {dups} duplicates, {reads} reads"
        );
        assert_eq!(news, total, "seed {seed:#x}");
        assert_eq!((o.cnt_dup as u64, o.cnt_oow), (dups, 0), "seed {seed:#x}");
        assert!(dups > 1_000 && reads > 100, "seed {seed:#x}");
    }
}

#[test]
fn tx_path_table_matches_model() {
    let n = equiv_cycles();
    for seed in seeds(&[0x7a7b1e, 0x10557]) {
        assert_equiv::<TxPathTableModel>(seed, n / 2);
    }
}

#[test]
fn tx_path_table_tiny_matches_model() {
    let n = equiv_cycles();
    for seed in seeds(&[0x71e7a, 0x64]) {
        assert_equiv::<TxPathTableTinyModel>(seed, n / 2);
    }
}

/// The tx table stimulus reaches the edges (so the equivalence runs above
/// cover them): every operation; the same path at distance 1, 2 and 3+
/// (forwarding from the loop, from the write in flight, through the RAM);
/// refused sends; ACKs rejected; losses declared by ACKs and by timeouts;
/// emissions under backpressure (a full lost queue, `op_ready` reserving a
/// slot); the epoch bits and the 32-bit PSN wrapping; floors that jump.
#[test]
fn tx_path_table_stimulus_covers_the_edges() {
    use braid_sim::model::tx_path_table::{TxOpKind, TxStim};
    fn run<
        M: CycleModel<
            In = braid_sim::model::tx_path_table::TxIn,
            Out = braid_sim::model::tx_path_table::TxOut,
        >,
        const IDX: usize,
    >(
        seed: u64,
    ) {
        let mut m = M::default();
        let mut stim = TxStim::<IDX>::new(seed);
        let mut ops = [0u64; 6];
        let mut dist = [0u64; 4];
        let mut last_at: std::collections::HashMap<u32, u64> = Default::default();
        let (mut refused, mut rejected, mut ack_lost, mut tmo_lost) = (0u64, 0u64, 0u64, 0u64);
        let (mut resolved, mut rsv_rejected) = (0u64, 0u64);
        let (mut emitted, mut stalled, mut blocked, mut epoch_wraps, mut wraps, mut jumps) =
            (0u64, 0u64, 0u64, 0u64, 0u64, 0u64);
        let mut last_una: std::collections::HashMap<u32, u32> = Default::default();
        let mut last_ready = false;
        let mut prev = braid_sim::model::tx_path_table::TxOut::default();
        for c in 0..60_000u64 {
            let i = stim.next(c);
            emitted += (prev.lost_valid && i.lost_ready) as u64;
            blocked += (prev.lost_valid && !i.lost_ready) as u64;
            let o = m.step(&i);
            stim.observe(&o);
            stalled += (!o.op_ready && last_ready) as u64;
            last_ready = o.op_ready;
            let r = o.res;
            if r.valid {
                ops[r.op as usize] += 1;
                if let Some(p) = last_at.insert(r.idx, c) {
                    dist[((c - p) as usize).min(3)] += 1;
                }
                let send = r.op == TxOpKind::Send as u8;
                refused += (send && !r.accepted) as u64;
                rejected += r.rejected as u64;
                ack_lost += (r.op == TxOpKind::Ack as u8 && o.lost > 0) as u64;
                tmo_lost += (r.op == TxOpKind::Timeout as u8 && o.lost > 0) as u64;
                let rsv = r.op == TxOpKind::Resolve as u8;
                resolved += (rsv && o.acked > 0) as u64;
                rsv_rejected += (rsv && r.rejected) as u64;
                epoch_wraps += (send && r.accepted && r.nxt & 1023 == 0) as u64;
                wraps += (send && r.accepted && r.nxt == 0) as u64;
                if let Some(u) = last_una.insert(r.idx, r.una) {
                    jumps += (r.una.wrapping_sub(u) > 1 && r.una.wrapping_sub(u) < 256) as u64;
                }
            }
            prev = o;
        }
        eprintln!(
            "{} seed {seed:#x}: ops (read init send ack timeout resolve) {ops:?}, distance (-, 1, 2, >=3) {dist:?}, \
             refused sends {refused}, rejected acks {rejected}, acks declaring losses {ack_lost}, \
             timeouts declaring losses {tmo_lost}, resolves acknowledging {resolved}, \
             resolves rejected {rsv_rejected}, emitted {emitted}, emission blocked {blocked}, \
             op_ready drops {stalled}, epoch wraps {epoch_wraps}, 2^32 wraps {wraps}, floor jumps {jumps}",
            M::MODULE
        );
        assert!(ops.iter().all(|&k| k > 20), "seed {seed:#x}: {ops:?}");
        assert!(
            dist[1] > 1_000 && dist[2] > 500 && dist[3] > 1_000,
            "seed {seed:#x}: {dist:?}"
        );
        assert!(refused > 50 && rejected > 50, "seed {seed:#x}");
        assert!(resolved > 20 && rsv_rejected > 5, "seed {seed:#x}");
        assert!(ack_lost > 100 && tmo_lost > 10, "seed {seed:#x}");
        assert!(
            emitted > 1_000 && blocked > 1_000 && stalled > 10,
            "seed {seed:#x}"
        );
        assert!(
            epoch_wraps > 5 && wraps > 0 && jumps > 100,
            "seed {seed:#x}"
        );
    }
    for seed in [0x7a7b1e, 0x10557] {
        run::<TxPathTableModel, 14>(seed);
    }
    for seed in [0x71e7a, 0x64] {
        run::<TxPathTableTinyModel, 6>(seed);
    }
}

/// Protocol check of the tx table on a lossy channel toward emulated
/// receivers (truthful ACKs, delayed, lost, duplicated, reordered; safe
/// timeouts; backpressure on the lost stream), driven through `step` (the
/// model, or the Verilated RTL checked against the model): every dropped
/// PSN is declared lost exactly once and emitted exactly once, no delivered
/// PSN is ever declared lost, and the counters agree.
fn tx_protocol_check<const IDX: usize>(
    seed: u64,
    cycles: u64,
    mut step: impl FnMut(
        &braid_sim::model::tx_path_table::TxIn,
    ) -> braid_sim::model::tx_path_table::TxOut,
) {
    use braid_sim::model::tx_path_table::TxStim;
    use std::collections::HashSet;
    let mut stim = TxStim::<IDX>::truthful(seed, cycles);
    let mut o = Default::default();
    for c in 0..cycles + 30_000 {
        let i = stim.next(c);
        o = step(&i);
        stim.observe(&o);
    }
    let o: braid_sim::model::tx_path_table::TxOut = o;
    let mut seen = HashSet::new();
    for e in &stim.emitted {
        assert!(seen.insert(*e), "seed {seed:#x}: {e:x?} emitted twice");
        assert!(
            !stim.delivered.contains(e),
            "seed {seed:#x}: {e:x?} declared lost but it was delivered"
        );
        assert!(
            stim.dropped.contains(e),
            "seed {seed:#x}: {e:x?} never sent"
        );
    }
    let missed: Vec<_> = stim.dropped.difference(&seen).collect();
    eprintln!(
        "tx protocol {IDX} seed {seed:#x}: sent {} delivered {} dropped {} declared {} emitted {} missed {} counters {:?}",
        stim.sent,
        stim.delivered.len(),
        stim.dropped.len(),
        stim.declared,
        stim.emitted.len(),
        missed.len(),
        o.cnt
    );
    assert!(
        missed.is_empty(),
        "seed {seed:#x}: drops never declared: {missed:x?}"
    );
    assert_eq!(stim.declared, stim.emitted.len() as u64, "seed {seed:#x}");
    assert_eq!(o.cnt[2] as u64, stim.declared, "seed {seed:#x}: cnt_lost");
    assert_eq!(o.cnt[4] as u64, stim.declared, "seed {seed:#x}: cnt_retx");
    assert!(
        stim.sent > cycles / 4 && stim.dropped.len() > 100,
        "seed {seed:#x}"
    );
}

#[test]
fn tx_path_table_protocol_model() {
    for seed in seeds(&[0x9a7, 0x1055]) {
        let mut m = TxPathTableTinyModel::default();
        tx_protocol_check::<6>(seed, 100_000, |i| m.step(i));
        let mut m = TxPathTableModel::default();
        tx_protocol_check::<14>(seed, 50_000, |i| m.step(i));
    }
}

/// The protocol check above on the Verilated RTL (compared with the model
/// every clock).
#[test]
fn tx_path_table_protocol_verilator() {
    use braid_sim::cosim::equiv::Bound;
    for seed in seeds(&[0x9a7]) {
        let mut rtl = Bound::<TxPathTableTinyModel>::new().expect("tx_path_table_tiny not built");
        let mut m = TxPathTableTinyModel::default();
        let mut c = 0u64;
        tx_protocol_check::<6>(seed, 40_000, |i| {
            let want = m.step(i);
            let got = rtl.step(i);
            assert_eq!(
                want, got,
                "seed {seed:#x} cycle {c}: RTL differs, inputs {i:?}"
            );
            c += 1;
            want
        });
    }
}

#[test]
fn timer_wheel_matches_model() {
    let n = equiv_cycles();
    // 0x7e3: 2^20-tick buckets, `now` wraps the 32-bit tick space
    for seed in seeds(&[0x7e1, 0x7e3]) {
        assert_equiv::<TimerWheelModel>(seed, n);
    }
}

#[test]
fn timer_wheel_tiny_matches_model() {
    let n = equiv_cycles();
    for seed in seeds(&[0x71, 0x73]) {
        assert_equiv::<TimerWheelTinyModel>(seed, n);
    }
}

/// The timer-wheel stimulus reaches every path through the block: events
/// from visits and from ARMs already due, re-queues (also into the farthest
/// bucket), stale nodes dropped, deadlines moved earlier (the other node)
/// and later (kept), the record and head forwarding, empty and non-empty
/// buckets, a full event FIFO, the wheel pointer and the 32-bit tick
/// wrapping, refused kinds and ARMs counted late; also far deadlines
/// re-queued when visited, DISARMs of armed paths, back-to-back external
/// ops on one path and events held by `ev_ready` low.
#[test]
fn timer_wheel_stimulus_covers_the_edges() {
    use braid_sim::model::timer_wheel::TwStim;
    let mut late = 0;
    let mut bad = 0;
    let mut tot = braid_sim::model::timer_wheel::TwCov::default();
    for seed in [0x71u64, 0x73] {
        let mut m = TimerWheelTinyModel::default();
        let mut stim = TwStim::<6, 4>::new(seed);
        for c in 0..50_000 {
            let o = m.step(&stim.next(c));
            stim.observe(&o);
            late = late.max(o.cnt_late);
            bad = bad.max(o.cnt_bad);
        }
        let c = m.cov;
        eprintln!("seed {seed:#x}: {c:?}");
        tot.fire_visit += c.fire_visit;
        tot.fire_arm += c.fire_arm;
        tot.requeue += c.requeue;
        tot.far += c.far;
        tot.stale += c.stale;
        tot.far_requeue += c.far_requeue;
        tot.disarm += c.disarm;
        tot.b2b += c.b2b;
        tot.ev_stall += c.ev_stall;
        tot.moved_earlier += c.moved_earlier;
        tot.kept += c.kept;
        tot.forwarded += c.forwarded;
        tot.head_fwd += c.head_fwd;
        tot.take_empty += c.take_empty;
        tot.walks += c.walks;
        tot.fifo_full += c.fifo_full;
        tot.wheel_wraps += c.wheel_wraps;
        tot.tick_wraps += c.tick_wraps;
    }
    let t = tot;
    for (name, v) in [
        ("fire_visit", t.fire_visit),
        ("fire_arm", t.fire_arm),
        ("requeue", t.requeue),
        ("far", t.far),
        ("stale", t.stale),
        ("far_requeue", t.far_requeue),
        ("disarm", t.disarm),
        ("b2b", t.b2b),
        ("ev_stall", t.ev_stall),
        ("moved_earlier", t.moved_earlier),
        ("kept", t.kept),
        ("forwarded", t.forwarded),
        ("head_fwd", t.head_fwd),
        ("take_empty", t.take_empty),
        ("walks", t.walks),
        ("fifo_full", t.fifo_full),
        ("wheel_wraps", t.wheel_wraps),
    ] {
        assert!(v > 20, "{name} reached only {v} times");
    }
    assert!(t.tick_wraps > 0, "the 32-bit tick never wrapped");
    assert!(late > 0 && bad > 20, "cnt_late {late} cnt_bad {bad}");
}

/// Many paths armed, re-armed and disarmed at random against a golden map
/// (path -> deadline), with the ops applied in the block's record stage:
/// every event names an armed path with exactly its deadline, never before
/// it is reached, at most bucket width + queue delay after it; no armed
/// path stays un-fired past that bound. The measured worst lateness is
/// printed. Paths counted in `cnt_late` (three ever-earlier deadlines in
/// one span) are exempt from the bound, not from the other checks.
#[test]
fn timer_wheel_fires_every_deadline_in_time() {
    use braid_sim::model::timer_wheel::TwStim;
    fn run<const N: usize, const B: usize>(seed: u64, cycles: u64) {
        let mut m = braid_sim::model::timer_wheel::TimerWheelModelG::<N, B>::default();
        let mut stim = TwStim::<N, B>::new(seed);
        // path -> (deadline, due: the deadline or, when it had passed, the ARM's clock)
        let mut gold: Vec<Option<(u32, u32)>> = vec![None; 1 << N];
        let mut exempt = vec![false; 1 << N];
        let mut now_prev = 0u32;
        let mut width = 0u32;
        let mut rate = 0u32;
        let mut worst = 0u32;
        let mut fired = 0u64;
        let mut last_late = 0u16;
        // queue delay allowance: 400 clocks of the fastest `now`
        let slack = |width: u32, rate: u32| width + 400 * rate.max(1);
        for c in 0..cycles {
            let i = stim.next(c);
            width = 1 << i.shift;
            rate = rate.max(i.now.wrapping_sub(now_prev) / 2);
            let o = m.step(&i);
            stim.observe(&o);
            last_late = o.cnt_late;
            let cov = m.cov;
            if let Some((kind, p, d)) = cov.applied {
                let due = if now_prev.wrapping_sub(d) < 1 << 31 {
                    now_prev
                } else {
                    d
                };
                gold[p as usize] = (kind == 1).then_some((d, due));
                if kind == 1 {
                    exempt[p as usize] = false;
                }
            }
            if let Some(p) = cov.late_path {
                exempt[p as usize] = true;
            }
            if let Some((p, d)) = cov.pushed {
                let g = gold[p as usize];
                assert_eq!(
                    g.map(|g| g.0),
                    Some(d),
                    "seed {seed:#x} clock {c}: event ({p}, {d:#x}) not armed"
                );
                let lateness = now_prev.wrapping_sub(g.unwrap().1);
                assert!(
                    now_prev.wrapping_sub(d) < 1 << 31 && lateness < 1 << 31,
                    "seed {seed:#x} clock {c}: path {p} fired early ({d:#x} at {now_prev:#x})"
                );
                if !exempt[p as usize] {
                    assert!(
                        lateness <= slack(width, rate),
                        "seed {seed:#x} clock {c}: path {p} fired {lateness} ticks late (bucket width {width})"
                    );
                    worst = worst.max(lateness);
                }
                gold[p as usize] = None;
                fired += 1;
            }
            if c % 64 == 0 {
                for (p, g) in gold.iter().enumerate() {
                    if let (Some((_, d)), false) = (g, exempt[p]) {
                        let over = i.now.wrapping_sub(*d);
                        assert!(
                            over >= 1 << 31 || over <= slack(width, rate) + 64 * rate.max(2),
                            "seed {seed:#x} clock {c}: path {p} due {d:#x} not fired at {:#x}",
                            i.now
                        );
                    }
                }
            }
            now_prev = i.now;
        }
        eprintln!(
            "seed {seed:#x} ({N} path bits, {B} bucket bits): {fired} events, worst lateness {worst} ticks \
             (bucket width {width}, ticks per clock up to {rate}), cnt_late {last_late}"
        );
        assert!(fired > 1000, "seed {seed:#x}: only {fired} events");
    }
    for seed in seeds(&[0x71, 0x72, 0x73]) {
        run::<6, 4>(seed, 200_000);
    }
    for seed in seeds(&[0x7e1, 0x7e3]) {
        run::<14, 12>(seed, 100_000);
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
/// 3), Busy refusals (a paced connection picked within two clocks of
/// another operation on it, at distance 2 only, and an unpaced one right
/// after a paced PICK), unpaced picks at distance 1 and 2 and right after
/// an INIT, a mask write and a pick of its connection in the same clock,
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
        let (mut busy_n, mut d1_unpaced) = (0u64, 0u64);
        let (mut same_clock, mut steered, mut only_suspects) = (0u64, 0u64, 0u64);
        let mut nm1 = [0u64; 16];
        let (mut adv, mut cont, mut restart) = (0u64, 0u64, 0u64);
        let (mut rate_off, mut rate_on, mut paced_ok, mut wraps) = (0u64, 0u64, 0u64, 0u64);
        let mut last: Vec<Option<u32>> = vec![None; 4];
        let mut recent: [Option<(u32, bool)>; 2] = [None; 2];
        let (mut busy_d2, mut busy_unpaced, mut near_unpaced, mut init_fwd) =
            (0u64, 0u64, 0u64, 0u64);
        let mut last_init: [Option<u32>; 2] = [None; 2];
        let mut prev_now = 0u32;
        let mask = (1u32 << IDX) - 1;
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
                // last[k]: the operation k + 1 clocks before
                for (k, l) in last.iter().enumerate().take(3) {
                    if *l == Some(op.conn & mask) {
                        dist[k + 1] += 1;
                        break;
                    }
                }
                let conn = op.conn & mask;
                let near: Vec<(usize, bool)> = recent
                    .iter()
                    .enumerate()
                    .filter_map(|(k, r)| r.filter(|r| r.0 == conn).map(|r| (k, r.1)))
                    .collect();
                let busy = !op.init && near.iter().any(|&(_, pp)| s.inc != 0 || pp);
                if busy {
                    busy_d2 += near.iter().all(|&(k, _)| k == 1) as u64;
                    busy_unpaced += (s.inc == 0) as u64;
                } else if !op.init && !near.is_empty() {
                    near_unpaced += 1;
                }
                (s, busy)
            });
            last.rotate_right(1);
            last[0] = i.op.map(|op| op.conn & mask);
            if let (Some(op), Some((s, false))) = (i.op, before) {
                // an unpaced PICK within two clocks after an INIT of its
                // connection (the INIT's pacer is forwarded)
                init_fwd +=
                    (!op.init && s.inc == 0 && last_init.contains(&Some(op.conn & mask))) as u64;
            }
            let o = m.step(&i);
            recent[1] = recent[0];
            recent[0] =
                i.op.map(|op| (op.conn & mask, !op.init && m.conn(op.conn).inc != 0));
            last_init[1] = last_init[0];
            last_init[0] = i.op.filter(|op| op.init).map(|op| op.conn & mask);
            if let (Some(op), Some((s, busy))) = (i.op, before) {
                if op.init {
                    nm1[op.paths_m1 as usize & 15] += 1;
                } else if busy {
                    // a paced connection's PICK right after another
                    // operation on it: refused, nothing changes
                    busy_n += 1;
                    assert_eq!(*m.conn(op.conn), s, "busy: the state is unchanged");
                } else {
                    d1_unpaced += (last[1] == Some(op.conn & mask)) as u64;
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
             off {rate_off}; paced picks {paced_ok}; now wraps {wraps}; busy {busy_n}, \
             unpaced at distance 1 {d1_unpaced}; busy at distance 2 only {busy_d2}, busy unpaced \
             (after a paced PICK) {busy_unpaced}, picked within 2 clocks of another operation \
             {near_unpaced}, unpaced after INIT {init_fwd}"
        );
        assert!(ok > 10_000 && paced > 3_000 && none > 1_000 && inits > 100);
        assert!(dist[1] > 5_000 && dist[2] > 1_000 && dist[3] > 500);
        assert!(busy_n > 1_000 && d1_unpaced > 1_000);
        assert!(busy_d2 > 100 && busy_unpaced > 0 && near_unpaced > 1_000 && init_fwd > 0);
        assert!(same_clock > 5_000 && steered > 300 && only_suspects > 100);
        assert!(nm1.iter().all(|&n| n > 0));
        assert!(adv > 1_000 && cont > 1_000 && restart > 1_000);
        assert!(rate_on > 200 && rate_off > 200 && paced_ok > 1_000 && wraps > 0);
    }
    run::<10, 12>(0x5b7a);
    run::<4, 8>(0x71b7);
}

#[test]
fn dr_arb_matches_model() {
    let n = equiv_cycles();
    for seed in seeds(&[0xd7a, 0x3ead]) {
        assert_equiv::<DrArbModel>(seed, n);
    }
}

/// The read arbiter's stimulus reaches three-way and two-way contention,
/// a full client-id FIFO with requests waiting, an empty FIFO, the skid
/// register full, host request back-pressure, a response beat held by its
/// client's `rs_ready`, every kind of bad request from every client, back
/// to back takes and the longest reads (4 KiB).
#[test]
fn dr_arb_stimulus_covers_the_edges() {
    use braid_sim::model::dr_arb::{DrArbStim, DR_ARB_DEPTH};
    for seed in [0xd7a, 0x3ead] {
        let mut stim = DrArbStim::new(seed);
        let mut k = [0u64; 12];
        let mut prev_taken = false;
        for c in 0..60_000u64 {
            let pre = stim.model().clone();
            let i = stim.next(c);
            let o = pre.comb(&i);
            let offers = i.rd.iter().filter(|r| r.is_some()).count();
            let taken = (0..3).any(|x| i.rd[x].is_some() && o.rd_ready[x]);
            k[0] += (offers == 3 && taken) as u64;
            k[1] += (offers == 2 && taken) as u64;
            k[2] += (offers > 0 && o.outstanding as usize == DR_ARB_DEPTH) as u64;
            k[3] += (o.outstanding == 0) as u64;
            k[4] += (offers > 0 && !taken && (o.outstanding as usize) < DR_ARB_DEPTH) as u64;
            k[5] += (o.m_rd.is_some() && !i.m_rd_ready) as u64;
            k[6] += (i.m_rs.is_some() && o.rs_valid.iter().any(|&v| v) && !o.m_rs_ready) as u64;
            for x in 0..3 {
                if let (Some(r), true) = (i.rd[x], o.rd_ready[x]) {
                    if r.len == 0 {
                        k[7] += 1;
                    } else if r.len > 4096 {
                        k[8] += 1;
                    } else if r.is_bad() {
                        k[9] += 1;
                    }
                    k[11] += (r.len == 4096) as u64;
                }
            }
            k[10] += (taken && prev_taken) as u64;
            prev_taken = taken;
        }
        let bad_from = stim.stats.taken;
        assert!(
            bad_from.iter().all(|&n| n > 1000),
            "seed {seed:#x}: {bad_from:?}"
        );
        for (what, n) in [
            "3-way",
            "2-way",
            "full",
            "empty",
            "skid",
            "m_rd stall",
            "rs held",
            "len 0",
            "len > 4096",
            "crossing",
            "b2b",
            "4 KiB",
        ]
        .iter()
        .zip(k)
        {
            assert!(n > 50, "seed {seed:#x}: {what} {n}");
        }
    }
}

/// Behaviour against a Rust host memory (in order, random latency): every
/// client gets exactly its bytes, in order, the host never sees a bad
/// request, and bad requests are flagged and counted; checked on the
/// Verilated RTL's outputs.
#[test]
fn dr_arb_clients_get_exactly_their_bytes() {
    use braid_sim::model::dr_arb::DrArbStim;
    use braid_sim::model::Stimulus;
    for seed in seeds(&[0xb17e]) {
        let mut stim = DrArbStim::new(seed);
        let mut m = DrArbModel::default();
        let mut flags = 0u64;
        let mut rtl =
            braid_sim::cosim::equiv::Bound::<DrArbModel>::new().expect("dr_arb Verilated");
        let mut last = Default::default();
        for c in 0..60_000u64 {
            let i = stim.next(c);
            let want = m.step(&i);
            let got = rtl.step(&i);
            assert_eq!(want, got, "seed {seed:#x} clock {c}");
            flags += got.rd_bad.iter().filter(|&&b| b).count() as u64;
            last = got;
        }
        let s = stim.stats;
        assert_eq!((s.wrong, s.host_wrong), (0, 0), "seed {seed:#x}: {s:?}");
        assert_eq!(flags, s.bad_sent, "seed {seed:#x}");
        assert_eq!(last.bad_count as u64, s.bad_sent, "seed {seed:#x}");
        assert!(
            s.responses.iter().all(|&n| n > 1000),
            "seed {seed:#x}: {s:?}"
        );
        assert!(s.beats[2] > 10_000, "seed {seed:#x}: {s:?}");
    }
}

#[test]
fn tx_payload_matches_model() {
    let n = equiv_cycles() / 2;
    for seed in seeds(&[0x7a10, 0x9e1d]) {
        assert_equiv::<TxPayloadModel>(seed, n);
    }
}

/// The payload reader's stimulus reaches lengths 0, 1, 63, 64, 65, 4096
/// and 8192, every start alignment, starts right before a 4 KiB boundary,
/// payloads crossing 2^24, 2^34, 2^44 and 2^54, payloads of three reads, requests taken back to back, a full request
/// queue, a nearly full buffer, `pl_ready` and `rd_ready` held low with a
/// beat or read waiting, failed reads and corrupted tags; and every beat is
/// the host's bytes (checked by the stimulus).
#[test]
fn tx_payload_stimulus_covers_the_edges() {
    use braid_sim::model::tx_payload::TxPayloadStim;
    use braid_sim::model::Stimulus;
    for seed in [0x7a10u64, 0x9e1d] {
        let mut stim = TxPayloadStim::new(seed);
        for c in 0..50_000u64 {
            stim.next(c);
        }
        let s = stim.stats;
        eprintln!("seed {seed:#x}: {s:?}");
        assert_eq!((s.wrong, s.bad_reads), (0, 0), "seed {seed:#x}: {s:?}");
        assert_eq!(s.aligns, !0, "seed {seed:#x}");
        assert!(s.len_class.iter().all(|&n| n > 10), "seed {seed:#x}: {s:?}");
        assert!(
            s.chunk_carry.iter().all(|&n| n > 20),
            "seed {seed:#x}: {s:?}"
        );
        for (what, n) in [
            ("len 0", s.zero_len),
            ("near 4 KiB", s.near_4k),
            ("three reads", s.three_reads),
            ("q back to back", s.q_b2b),
            ("q full", s.q_full),
            ("buffer low", s.buf_low),
            ("pl held", s.pl_held),
            ("rd held", s.rd_held),
            ("error payloads", s.err_payloads),
            ("tag errors", s.tag_err_payloads),
        ] {
            assert!(n > 10, "seed {seed:#x}: {what} {n}");
        }
    }
}

/// Behaviour on the Verilated RTL: the payload bytes it delivers are the
/// host's (the stimulus checks every beat taken from the RTL's outputs,
/// which equal the model's on every clock) and its counters agree.
#[test]
fn tx_payload_rtl_delivers_the_host_bytes() {
    use braid_sim::model::tx_payload::TxPayloadStim;
    use braid_sim::model::Stimulus;
    for seed in seeds(&[0x7a11]) {
        let mut stim = TxPayloadStim::new(seed);
        let mut m = TxPayloadModel::default();
        let mut rtl =
            braid_sim::cosim::equiv::Bound::<TxPayloadModel>::new().expect("tx_payload Verilated");
        let mut last = Default::default();
        for c in 0..40_000u64 {
            let i = stim.next(c);
            let want = m.step(&i);
            let got = rtl.step(&i);
            assert_eq!(want, got, "seed {seed:#x} clock {c}");
            last = got;
        }
        let s = stim.stats;
        assert_eq!((s.wrong, s.bad_reads), (0, 0), "seed {seed:#x}: {s:?}");
        assert_eq!(last.cnt_reads as u64, s.reads, "seed {seed:#x}");
        assert!(
            s.payloads > 1000 && s.err_payloads > 10,
            "seed {seed:#x}: {s:?}"
        );
    }
}

#[test]
fn slot_table_matches_model() {
    let n = equiv_cycles();
    for seed in seeds(&[0x5107, 0x7ab1]) {
        assert_equiv::<SlotTableModel>(seed, n);
    }
}

#[test]
fn slot_table_tiny_matches_model() {
    let n = equiv_cycles();
    for seed in seeds(&[0x5107, 0x7ab1]) {
        assert_equiv::<SlotTableTinyModel>(seed, n);
    }
}

/// The slot table's stimulus reaches reads of the slot written on the same
/// clock (read-first) and on the clock before, reads of never-written
/// slots, rewrites of a slot after its PSN wrapped (256 later), the lowest
/// and highest path indices, a write and a read on every clock, and idle
/// clocks.
#[test]
fn slot_table_stimulus_covers_the_edges() {
    use braid_sim::model::slot_table::SlotStim;
    use braid_sim::model::Stimulus;
    use std::collections::HashMap;
    for seed in [0x5107u64, 0x7ab1] {
        let mut stim = SlotStim::<14>::new(seed);
        let mut written: HashMap<(u32, u8), u32> = HashMap::new();
        let (mut same, mut after, mut never, mut rewrite, mut lo, mut hi, mut both, mut idle) =
            (0u32, 0u32, 0u32, 0u32, 0u32, 0u32, 0u32, 0u32);
        let mut prev = None;
        for c in 0..60_000u64 {
            let i = stim.next(c);
            if let Some((p, s, _)) = i.rd {
                same += (i.wr.map(|(wp, ws, _)| (wp, ws)) == Some((p, s))) as u32;
                after += (prev == Some((p, s))) as u32;
                never += !written.contains_key(&(p, s)) as u32;
            }
            if let Some((p, s, _)) = i.wr {
                let n = written.entry((p, s)).or_insert(0);
                *n += 1;
                rewrite += (*n > 1) as u32;
                lo += (p == 0) as u32;
                hi += (p == (1 << 14) - 1) as u32;
            }
            both += (i.wr.is_some() && i.rd.is_some()) as u32;
            idle += (i.wr.is_none() && i.rd.is_none()) as u32;
            prev = i.wr.map(|(p, s, _)| (p, s));
        }
        for (what, n) in [
            ("same clock", same),
            ("next clock", after),
            ("never written", never),
            ("rewrite", rewrite),
            ("path 0", lo),
            ("last path", hi),
            ("both", both),
            ("idle", idle),
        ] {
            assert!(n > 200, "seed {seed:#x}: {what} {n}");
        }
    }
}

#[test]
fn wqe_fetch_matches_model() {
    let n = equiv_cycles();
    for seed in seeds(&[0x3fe7, 0xd00b]) {
        assert_equiv::<WqeFetchModel>(seed, n);
    }
}

#[test]
fn wqe_fetch_tiny_matches_model() {
    let n = equiv_cycles();
    for seed in seeds(&[0x7fe7, 0x1b]) {
        assert_equiv::<WqeFetchTinyModel>(seed, n);
    }
}

/// Reads of `rd` that end at their ring's end (the ring-end split) or at a
/// 4 KiB boundary short of 8 WQEs (the page split), given the rings.
fn wqe_read_kind(
    conns: &[braid_sim::model::wqe_fetch::HostConn],
    addr: u64,
    len: u16,
) -> (bool, bool) {
    let end = addr.wrapping_add(len as u64);
    let ring_end = conns
        .iter()
        .any(|c| c.created && end == c.iova.wrapping_add(64u64 << c.log2));
    let page = end.is_multiple_of(4096) && len < 512;
    (ring_end, page)
}

/// The WQE fetcher's stimulus reaches every edge: every operation, every
/// kind of refused doorbell (connection out of range, not created, more
/// than a ring ahead, backwards; each classified against the context the
/// doorbell was judged on) and of refused credit return, refused creates,
/// every fetch size 0..=8, reads cut at the ring's end and at 4 KiB
/// boundaries, ring wrap-around, every bad-WQE reason (DMA errors, wrong
/// tags and last flags among them), stray beats, destroys of connections
/// with queued work, `enable` low while a fetch waits (and no fetch ever
/// enters while it is low), connections out of credits with work waiting,
/// the output queue full (fetches held back), all fetch slots in use, and
/// back-pressure on both the read requests and the WQE stream.
#[test]
fn wqe_fetch_stimulus_covers_the_edges() {
    use braid_sim::model::wqe_fetch::{
        WqeStim, FETCHES, OP_CREATE, OP_CREDIT, OP_DESTROY, OP_DOORBELL, OP_FETCH, SEG_WQE_SLOTS,
    };
    use std::collections::VecDeque;
    // the seeds and length of `wqe_fetch_tiny_matches_model`
    for seed in [0x7fe7, 0x1b] {
        let mut m = WqeFetchTinyModel::default();
        let mut stim = WqeStim::<4>::new(seed);
        let mut sizes = [0u64; 9];
        let (mut ref_create, mut creates, mut destroys) = (0u64, 0u64, 0u64);
        // doorbells: out of range, not created, too far ahead, backwards
        let mut db_kinds = [0u64; 4];
        // credit returns: not created, zero, over SEG_WQE_SLOTS
        let mut cr_kinds = [0u64; 3];
        let (mut dbq, mut crq) = (VecDeque::new(), VecDeque::new());
        let mut reasons = [0u64; 6];
        let (mut ring_end, mut page, mut wraps) = (0u64, 0u64, 0u64);
        let (mut rd_stall, mut wqe_stall) = (0u64, 0u64);
        let (mut destroy_queued, mut off_waiting, mut off_run) = (0u64, 0u64, 0u32);
        let (mut no_credit, mut out_full, mut fetch_full) = (0u64, 0u64, 0u64);
        // the outputs before the first edge: every port free
        let mut shown = braid_sim::model::wqe_fetch::WqeOutputs {
            cmd_ready: true,
            db_ready: true,
            cr_ready: true,
            rs_ready: true,
            ..Default::default()
        };
        let mut o = shown;
        for c in 0..equiv_cycles() {
            let i = stim.next(c);
            if shown.rd_valid && i.rd_ready {
                let (e, p) = wqe_read_kind(&stim.conns, shown.rd_addr, shown.rd_len);
                ring_end += e as u64;
                page += p as u64;
            }
            rd_stall += (shown.rd_valid && !i.rd_ready) as u64;
            if let Some(w) = shown.wqe {
                wqe_stall += !i.wqe_ready as u64;
                if i.wqe_ready {
                    for (k, r) in reasons.iter_mut().enumerate() {
                        *r += (w.reason >> k & 1) as u64;
                    }
                    if let Some(hc) = stim.conns.iter().find(|x| x.conn == w.conn) {
                        wraps += (w.index as u32 >= 1 << hc.log2) as u64;
                    }
                }
            }
            if shown.db_ready && i.db_valid {
                dbq.push_back((i.db_conn, i.db_pi));
            }
            if shown.cr_ready && i.cr_valid {
                crq.push_back((i.cr_conn & 15, i.cr_n & 15));
            }
            off_run = if i.enable { 0 } else { off_run + 1 };
            off_waiting += (!i.enable && m.fetch_held()) as u64;
            o = m.step(&i);
            stim.observe(&o);
            if o.res_valid {
                // the context the operation was judged on (a refused
                // operation writes it back unchanged, and no other
                // operation of the connection has written since)
                let x = m.ctx(o.res_conn);
                match o.res_op {
                    OP_CREATE => {
                        creates += 1;
                        ref_create += o.res_refused as u64;
                    }
                    OP_DESTROY => {
                        destroys += 1;
                        destroy_queued += (x.queued && x.ci != x.pi) as u64;
                    }
                    OP_DOORBELL => {
                        let (conn, pi) = dbq.pop_front().expect("a doorbell result");
                        assert_eq!(conn as u32 & 15, o.res_conn, "seed {seed:#x} cycle {c}");
                        if !o.res_refused {
                            assert!(
                                conn < 16 && x.valid && x.pi == pi,
                                "seed {seed:#x} cycle {c}"
                            );
                        } else {
                            let (dn, d) = (pi.wrapping_sub(x.ci), x.pi.wrapping_sub(x.ci));
                            let k = if conn >= 16 {
                                0
                            } else if !x.valid {
                                1
                            } else if dn as u32 > 1 << x.log2 {
                                2
                            } else if dn < d {
                                3
                            } else {
                                panic!("seed {seed:#x} cycle {c}: doorbell {conn} pi {pi} refused on {x:?}")
                            };
                            db_kinds[k] += 1;
                        }
                    }
                    OP_CREDIT => {
                        let (conn, n) = crq.pop_front().expect("a credit result");
                        assert_eq!(conn, o.res_conn, "seed {seed:#x} cycle {c}");
                        if o.res_refused {
                            let k = if !x.valid {
                                0
                            } else if n == 0 {
                                1
                            } else if x.credit + n > SEG_WQE_SLOTS {
                                2
                            } else {
                                panic!(
                                    "seed {seed:#x} cycle {c}: credit {conn} +{n} refused on {x:?}"
                                )
                            };
                            cr_kinds[k] += 1;
                        }
                    }
                    OP_FETCH => {
                        // a fetch entered S0 five edges before its result,
                        // at an edge where enable was 1
                        assert!(
                            off_run <= 5,
                            "seed {seed:#x} cycle {c}: fetch while disabled"
                        );
                        sizes[o.res_n as usize] += 1;
                    }
                    op => panic!("seed {seed:#x} cycle {c}: res_op {op}"),
                }
            }
            no_credit += stim
                .conns
                .iter()
                .map(|h| m.ctx(h.conn))
                .filter(|x| x.valid && x.credit == 0 && x.ci != x.pi)
                .count() as u64;
            out_full += (m.used() > 24) as u64;
            fetch_full += (m.fout() == FETCHES) as u64;
            shown = o;
        }
        eprintln!(
            "seed {seed:#x}: sizes {sizes:?} refused db {db_kinds:?} cr {cr_kinds:?} create {ref_create}/{creates} destroys {destroys} ({destroy_queued} with queued work) reasons {reasons:?} (rs_err {} tag {} last {}) ring-end {ring_end} page {page} wraps {wraps} stalls {rd_stall}/{wqe_stall} strays {} disabled-while-queued {off_waiting} no-credit {no_credit} out-full {out_full} fetches-full {fetch_full}",
            stim.dma_errs, stim.bad_tags, stim.bad_lasts, o.cnt_stray
        );
        assert!(sizes.iter().all(|&k| k > 20), "seed {seed:#x}: {sizes:?}");
        assert!(
            db_kinds.iter().all(|&k| k > 20),
            "seed {seed:#x}: {db_kinds:?}"
        );
        assert!(
            cr_kinds.iter().all(|&k| k > 10),
            "seed {seed:#x}: {cr_kinds:?}"
        );
        assert_eq!(
            (db_kinds.iter().sum::<u64>(), cr_kinds.iter().sum::<u64>()),
            (o.cnt_db_refused as u64, o.cnt_cr_refused as u64),
            "seed {seed:#x}"
        );
        assert!(
            ref_create > 20 && creates > ref_create && destroy_queued > 10,
            "seed {seed:#x}"
        );
        assert!(
            reasons.iter().all(|&k| k > 5),
            "seed {seed:#x}: {reasons:?}"
        );
        assert!(
            stim.dma_errs > 20 && stim.bad_tags > 5 && stim.bad_lasts > 5,
            "seed {seed:#x}"
        );
        assert!(ring_end > 100 && page > 5 && wraps > 1000, "seed {seed:#x}");
        assert!(
            rd_stall > 1000 && wqe_stall > 1000 && o.cnt_stray > 5,
            "seed {seed:#x}"
        );
        assert!(
            off_waiting > 100 && no_credit > 1000 && out_full > 100 && fetch_full > 10,
            "seed {seed:#x}"
        );
    }
}

/// The Verilated WQE fetcher against a host: rings of random WQEs for six
/// connections in a host memory, doorbells at random (some refused), a DMA
/// responder with random latency, a segmenter with stalls that returns its
/// credits late. Every WQE comes out exactly once, in ring order per
/// connection, with every field equal to braid-spec's decoding of the host
/// memory and the bad flags its checks give, across ring wrap-around, ring
/// end and 4 KiB splits; no connection ever has more than SEG_WQE_SLOTS
/// WQEs at the segmenter; the refusal counters count exactly the bad
/// doorbells, credit returns and stray beats sent.
#[test]
fn wqe_fetch_delivers_every_wqe_once_in_ring_order() {
    use braid_sim::cosim::equiv::Bound;
    use braid_sim::model::wqe_fetch::WqeStim;
    for seed in seeds(&[0x0bad_f00d, 0x5eed]) {
        let mut rtl = Bound::<WqeFetchModel>::new().expect("wqe_fetch Verilated");
        let mut stim = WqeStim::<10>::clean(seed);
        let (mut ring_end, mut page) = (0u64, 0u64);
        let mut shown: Option<(u64, u16)> = None;
        let mut o = Default::default();
        for c in 0..150_000u64 {
            let i = stim.next(c);
            if let Some((a, l)) = shown {
                if i.rd_ready {
                    // 1..=8 whole WQEs inside one ring, not crossing 4 KiB
                    assert!(
                        (64..=512).contains(&l)
                            && l.is_multiple_of(64)
                            && a % 4096 + l as u64 <= 4096,
                        "seed {seed:#x} cycle {c}: read {a:#x} len {l}"
                    );
                    assert!(
                        stim.conns.iter().any(|h| h.created
                            && a >= h.iova
                            && a + l as u64 <= h.iova + (64u64 << h.log2)),
                        "seed {seed:#x} cycle {c}: read {a:#x} len {l} outside every ring"
                    );
                    let (e, p) = wqe_read_kind(&stim.conns, a, l);
                    ring_end += e as u64;
                    page += p as u64;
                }
            }
            o = rtl.step(&i);
            stim.observe(&o);
            shown = o.rd_valid.then_some((o.rd_addr, o.rd_len));
        }
        // drain: the operations still held or in the pipeline reach the
        // counters (no new inputs, nothing taken)
        for _ in 0..30 {
            o = rtl.step(&braid_sim::model::wqe_fetch::WqeIn {
                enable: true,
                ..Default::default()
            });
        }
        let o: braid_sim::model::wqe_fetch::WqeOutputs = o;
        assert!(
            stim.errors.is_empty(),
            "seed {seed:#x}: {} errors, first {:?}",
            stim.errors.len(),
            &stim.errors[..stim.errors.len().min(5)]
        );
        let wraps = stim
            .conns
            .iter()
            .filter(|c| c.consumed as u32 > 2 << c.log2)
            .count();
        eprintln!(
            "seed {seed:#x}: {} WQEs delivered ({} bad), ring-end reads {ring_end}, page splits {page}, {wraps} rings wrapped, refused db {} cr {}, strays {}",
            stim.delivered, stim.bad_wqes, o.cnt_db_refused, o.cnt_cr_refused, o.cnt_stray
        );
        assert!(
            stim.delivered > 20_000 && stim.bad_wqes > 500,
            "seed {seed:#x}"
        );
        assert!(ring_end > 100 && wraps >= 4, "seed {seed:#x}");
        assert_eq!(
            (
                o.cnt_db_refused as u64,
                o.cnt_cr_refused as u64,
                o.cnt_stray as u64
            ),
            (stim.bad_db, stim.bad_cr, stim.strays),
            "seed {seed:#x}"
        );
        assert!(o.cnt_bad_wqe as u64 >= stim.bad_wqes);
    }
}

/// Directed, RTL and model compared on every clock: `enable` = 0 holds a
/// queued fetch back (no read, no fetch result) and 1 releases it; the
/// WQEs of the read carry their ring indices and every field braid-spec's
/// decoder reads from the host ring; a DESTROY of a connection with queued
/// work drops it (its queue entry fetches nothing, no read) and later
/// doorbells are refused; a read issued before a DESTROY still delivers
/// its WQEs.
#[test]
fn wqe_fetch_enable_and_destroy() {
    use braid_sim::cosim::equiv::Bound;
    use braid_sim::model::wqe_fetch::{
        is_reserved, random_wqe, Beat, WqeFields, WqeIn, WqeOut, WqeOutputs, OP_CREATE, OP_DESTROY,
        OP_DOORBELL, OP_FETCH,
    };
    use braid_spec::host;
    use rand::SeedableRng;
    let mut rtl = Bound::<WqeFetchTinyModel>::new().expect("wqe_fetch_tiny Verilated");
    let mut m = WqeFetchTinyModel::default();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    let base = 0x1234_5000u64;
    let mut ring: Vec<[u8; 64]> = (0..8).map(|_| random_wqe(&mut rng)).collect();
    // garbage in the reserved bytes of one WQE: ignored
    for f in host::WQE.iter().filter(|f| is_reserved(f)) {
        let a = f.lsb as usize / 8;
        ring[1][a..a + f.bits as usize / 8].fill(0xa5);
    }
    let mut cyc = 0u64;
    let mut step = |m: &mut WqeFetchTinyModel, i: WqeIn| -> WqeOutputs {
        let want = m.step(&i);
        let got = rtl.step(&i);
        assert_eq!(want, got, "cycle {cyc}: RTL differs, inputs {i:?}");
        cyc += 1;
        want
    };
    let idle = |enable: bool| WqeIn {
        enable,
        rd_ready: true,
        wqe_ready: true,
        ..WqeIn::default()
    };
    let cmd = |op: u8, enable: bool| WqeIn {
        cmd_valid: true,
        cmd_op: op,
        cmd_conn: 3,
        cmd_iova: base,
        cmd_log2: 3,
        ..idle(enable)
    };
    let db = |pi: u16, enable: bool| WqeIn {
        db_valid: true,
        db_conn: 3,
        db_pi: pi,
        ..idle(enable)
    };
    let check_wqe = |w: &WqeOut, k: u16| {
        assert_eq!((w.conn, w.index), (3, k));
        let b = &ring[k as usize & 7];
        for fld in host::WQE.iter().filter(|f| !is_reserved(f)) {
            assert_eq!(w.f.field(fld.name), Some(host::get(b, fld)), "{}", fld.name);
        }
        assert_eq!(w.reason, WqeFields::decode(b).check());
    };
    // run `n` clocks of `i`; the results and WQEs seen, and the reads
    let run = |m: &mut WqeFetchTinyModel,
               step: &mut dyn FnMut(&mut WqeFetchTinyModel, WqeIn) -> WqeOutputs,
               i: WqeIn,
               n: usize| {
        let (mut res, mut wqes, mut reads) = (Vec::new(), Vec::new(), Vec::new());
        for _ in 0..n {
            let o = step(m, i);
            if o.res_valid {
                res.push((o.res_op, o.res_refused, o.res_n));
            }
            wqes.extend(o.wqe);
            if o.rd_valid {
                reads.push((o.rd_addr, o.rd_len, o.rd_tag));
            }
        }
        (res, wqes, reads)
    };
    let answer = |m: &mut WqeFetchTinyModel,
                  step: &mut dyn FnMut(&mut WqeFetchTinyModel, WqeIn) -> WqeOutputs,
                  tag: u8,
                  n: u16| {
        let mut wqes = Vec::new();
        for k in 0..n {
            let o = step(
                m,
                WqeIn {
                    rs: Some(Beat {
                        data: ring[k as usize],
                        tag,
                        last: k + 1 == n,
                        err: false,
                    }),
                    ..idle(true)
                },
            );
            wqes.extend(o.wqe);
        }
        wqes
    };

    // create, then a doorbell of 5 WQEs while disabled: nothing is fetched
    step(&mut m, cmd(OP_CREATE, false));
    let (res, _, _) = run(&mut m, &mut step, idle(false), 10);
    assert_eq!(res, vec![(OP_CREATE, false, 0)]);
    step(&mut m, db(5, false));
    let (res, wqes, reads) = run(&mut m, &mut step, idle(false), 40);
    assert_eq!(res, vec![(OP_DOORBELL, false, 0)]);
    assert!(wqes.is_empty() && reads.is_empty() && m.fetch_held());
    // enabled: one read of the 5 WQEs, then they come out in ring order
    let (res, _, reads) = run(&mut m, &mut step, idle(true), 20);
    assert_eq!(res, vec![(OP_FETCH, false, 5)]);
    assert_eq!(reads, vec![(base, 320, 0)]);
    let mut wqes = answer(&mut m, &mut step, 0, 5);
    wqes.extend(run(&mut m, &mut step, idle(true), 10).1);
    assert_eq!(wqes.len(), 5);
    for (k, w) in wqes.iter().enumerate() {
        check_wqe(w, k as u16);
    }
    // give the 5 slots back; a doorbell to 8 while disabled queues the
    // connection; DESTROY drops the queued work
    step(
        &mut m,
        WqeIn {
            cr_valid: true,
            cr_conn: 3,
            cr_n: 5,
            ..idle(false)
        },
    );
    step(&mut m, db(8, false));
    let (res, _, _) = run(&mut m, &mut step, idle(false), 12);
    assert_eq!(
        res.iter().filter(|r| r.1).count(),
        0,
        "credit and doorbell accepted: {res:?}"
    );
    let x = m.ctx(3);
    assert!(
        x.valid && x.queued && (x.ci, x.pi, x.credit) == (5, 8, 8),
        "{x:?}"
    );
    step(&mut m, cmd(OP_DESTROY, false));
    let (res, _, _) = run(&mut m, &mut step, idle(false), 10);
    assert_eq!(res, vec![(OP_DESTROY, false, 0)]);
    let (res, wqes, reads) = run(&mut m, &mut step, idle(true), 40);
    assert_eq!(res, vec![(OP_FETCH, false, 0)]);
    assert!(wqes.is_empty() && reads.is_empty());
    assert!(!m.ctx(3).queued && !m.ctx(3).valid);
    step(&mut m, db(8, true));
    let (res, _, _) = run(&mut m, &mut step, idle(true), 10);
    assert_eq!(res, vec![(OP_DOORBELL, true, 0)]);
    // re-created: a read issued before a DESTROY still delivers its WQEs
    step(&mut m, cmd(OP_CREATE, true));
    run(&mut m, &mut step, idle(true), 10);
    step(&mut m, db(2, true));
    let (_, _, reads) = run(&mut m, &mut step, idle(true), 20);
    assert_eq!(reads, vec![(base, 128, 1)]);
    step(&mut m, cmd(OP_DESTROY, true));
    let (res, _, _) = run(&mut m, &mut step, idle(true), 10);
    assert_eq!(res, vec![(OP_DESTROY, false, 0)]);
    let mut wqes = answer(&mut m, &mut step, 1, 2);
    let (_, more, _) = run(&mut m, &mut step, idle(true), 10);
    wqes.extend(more);
    assert_eq!(wqes.len(), 2);
    for (k, w) in wqes.iter().enumerate() {
        check_wqe(w, k as u16);
    }
    let o = step(&mut m, idle(true));
    assert_eq!((o.cnt_db_refused, o.cnt_stray), (1, 0));
}

/// Throughput, RTL and model compared on every clock: rings kept full on
/// `conns` connections, a DMA responder that answers each read `lat`
/// clocks after it was taken at one beat per clock, a segmenter that takes
/// every WQE at once and returns its slots at the first free clock of the
/// credit port, for `total` clocks. Returns WQEs per clock after a
/// warm-up and the fewest WQEs a connection got; every WQE comes in ring
/// order per connection (its index counts on across the 2^16 wrap).
fn wqe_fetch_rate(conns: usize, lat: u64, total: u64) -> (f64, u64) {
    use braid_sim::cosim::equiv::Bound;
    use braid_sim::model::wqe_fetch::{Beat, WqeIn, WqeOutputs};
    use braid_sim::model::CycleModel;
    use std::collections::VecDeque;
    let mut rtl = Bound::<WqeFetchTinyModel>::new().expect("wqe_fetch_tiny Verilated");
    let mut m = WqeFetchTinyModel::default();
    let mut o = WqeOutputs {
        cmd_ready: true,
        db_ready: true,
        cr_ready: true,
        rs_ready: true,
        ..Default::default()
    };
    let (mut taken, mut held, mut db) = (vec![0u16; conns], vec![0u8; conns], vec![0u16; conns]);
    let mut reads: VecDeque<(u64, u8, u8)> = VecDeque::new();
    let mut cur: Option<(u8, u8, u8)> = None;
    let (mut next_db, mut next_cr, mut delivered) = (0usize, 0usize, 0u64);
    let warm = 3_000u64;
    let mut count = vec![0u64; conns];
    for c in 0..total {
        let mut i = WqeIn {
            enable: true,
            rd_ready: true,
            wqe_ready: true,
            ..WqeIn::default()
        };
        if let Some(w) = o.wqe {
            let k = w.conn as usize;
            assert_eq!(w.index, taken[k], "conn {k} at cycle {c}");
            taken[k] = taken[k].wrapping_add(1);
            count[k] += 1;
            held[k] += 1;
            delivered += (c >= warm) as u64;
        }
        if c < 2 * conns as u64 {
            // CREATE: rings of 64 WQEs, one 4 KiB page each
            if c % 2 == 0 {
                i.cmd_valid = true;
                i.cmd_conn = c as u32 / 2;
                i.cmd_iova = 0x10_0000 * (c + 2);
                i.cmd_log2 = 6;
            }
        } else {
            if o.db_ready {
                // the driver keeps the ring full
                let k = next_db % conns;
                next_db += 1;
                let pi = taken[k].wrapping_add(64);
                if pi != db[k] {
                    db[k] = pi;
                    (i.db_valid, i.db_conn, i.db_pi) = (true, k as u16, pi);
                }
            }
            if o.cr_ready {
                if let Some(k) = (0..conns)
                    .map(|j| (next_cr + j) % conns)
                    .find(|&k| held[k] > 0)
                {
                    (i.cr_valid, i.cr_conn, i.cr_n) = (true, k as u32, held[k]);
                    held[k] = 0;
                    next_cr = k + 1;
                }
            }
        }
        if o.rd_valid {
            reads.push_back((c + lat, (o.rd_len / 64) as u8, o.rd_tag));
        }
        if cur.is_none() && reads.front().is_some_and(|r| r.0 <= c) {
            let (_, n, tag) = reads.pop_front().expect("a read");
            cur = Some((n, tag, 0));
        }
        if let Some((n, tag, k)) = cur {
            i.rs = Some(Beat {
                data: [0; 64],
                tag,
                last: k + 1 == n,
                err: false,
            });
            cur = (k + 1 < n).then_some((n, tag, k + 1));
        }
        o = m.step(&i);
        assert_eq!(o, rtl.step(&i), "cycle {c}: RTL differs, inputs {i:?}");
    }
    let rate = delivered as f64 / (total - warm) as f64;
    let fewest = count.iter().copied().min().unwrap_or(0);
    eprintln!(
        "wqe_fetch_tiny: {conns} connections, DMA latency {lat}: {rate:.3} WQEs per clock, at least {fewest} WQEs each"
    );
    (rate, fewest)
}

/// One WQE per clock (II = 1) once enough connections have work to cover
/// the per-connection credit round trip; with a long DMA latency the rate
/// is bounded by the 32-entry output queue that reserves room for every
/// beat in flight (about 32 WQEs per round trip). One connection alone
/// runs its indices past 2^16 (`ci`, `pi` and `wqe_index` wrap); the
/// round robin gives every connection an equal share.
#[test]
fn wqe_fetch_sustains_one_wqe_per_clock() {
    assert!(wqe_fetch_rate(8, 8, 15_000).0 > 0.999);
    // round robin: every connection gets its share
    let (rate, fewest) = wqe_fetch_rate(16, 0, 15_000);
    assert!(
        rate > 0.999 && fewest * 16 * 10 > 12_000 * 9,
        "{rate} {fewest}"
    );
    let (one, n) = wqe_fetch_rate(1, 0, 320_000);
    assert!(one > 0.2 && n > 1 << 16, "one connection: {one}, {n} WQEs");
    let far = wqe_fetch_rate(16, 30, 15_000).0;
    assert!(far > 0.6, "DMA latency 30: {far}");
}

#[test]
fn tx_compl_matches_model() {
    let n = equiv_cycles();
    for seed in seeds(&[0x7c0f, 0x51]) {
        assert_equiv::<TxComplFullModel>(seed, n / 2);
        assert_equiv::<TxComplTinyModel>(seed, n / 2);
    }
}

/// The send-completion stimulus reaches every edge: completions of every
/// kind (signaled, error, flushed), unsignaled messages completed silently,
/// refused pushes (ring full, connection not valid), stale drain entries of
/// re-created connections, a full output queue holding operations back
/// (op_ready low for credits), and many completions per connection.
#[test]
fn tx_compl_stimulus_covers_the_edges() {
    use braid_sim::model::tx_compl::{
        TxComplStim, OP_CREATE, OP_FLUSH, OP_PUSH, RES_FULL, RES_NO_CONN, RES_OK, RES_STALE,
    };
    for seed in [0x7c0f, 0x51] {
        let mut m = TxComplTinyModel::default();
        let mut stim = TxComplStim::<4>::new(seed);
        let (mut full, mut no_conn, mut flushed, mut errors, mut signaled, mut silent) =
            (0, 0, 0, 0, 0, 0);
        // pushes accepted by a flushing connection (destroyed, not re-created)
        let (mut flushing, mut late_push) = ([false; 16], 0);
        let (mut not_ready, mut held) = (0, 0);
        // failures accepted and refused as stale; destroys
        let (mut fails, mut stale, mut destroys, mut base_fails) = (0, 0, 0, 0);
        let mut ops = std::collections::VecDeque::new();
        let mut prev_c: Option<braid_sim::model::tx_compl::TxCompletion> = None;
        for c in 0..60_000u64 {
            let i = stim.next(c);
            if i.op_valid && m.op_ready() {
                ops.push_back(i);
            }
            let o = m.step(&i);
            stim.observe(&o);
            if let Some((_, _, code)) = o.res {
                let ti = ops.pop_front().expect("a result without an operation");
                match (ti.op, ti.rec.status != 0, code) {
                    (OP_FLUSH, true, RES_OK) if ti.at_base => base_fails += 1,
                    (OP_FLUSH, true, RES_OK) => fails += 1,
                    (OP_FLUSH, true, RES_STALE) => stale += 1,
                    (OP_FLUSH, false, RES_OK) => destroys += 1,
                    _ => {}
                }
            }
            match o.res {
                Some((OP_PUSH, _, RES_FULL)) => full += 1,
                Some((OP_PUSH, _, RES_NO_CONN)) => no_conn += 1,
                Some((OP_PUSH, k, RES_OK)) if flushing[k as usize] => late_push += 1,
                Some((OP_FLUSH, k, RES_OK)) => flushing[k as usize] = true,
                Some((OP_CREATE, k, RES_OK)) => flushing[k as usize] = false,
                _ => {}
            }
            if let Some(cq) = prev_c {
                if i.c_ready {
                    match cq.status {
                        0 => signaled += 1,
                        1 => flushed += 1,
                        _ => errors += 1,
                    }
                } else {
                    held += 1;
                }
            }
            prev_c = o.c;
            if o.una.is_some() && o.c.is_none() {
                silent += 1;
            }
            not_ready += (!o.op_ready) as u32;
        }
        eprintln!(
            "seed {seed:#x}: full {full} no_conn {no_conn} signaled {signaled} errors {errors} \
             flushed {flushed} silent {silent} not_ready {not_ready} held {held} \
             late_push {late_push} fails {fails} at base {base_fails} stale {stale} destroys {destroys} done {}",
            m.step(&Default::default()).cnt_done
        );
        assert!(full > 0 && no_conn > 20 && late_push > 20, "seed {seed:#x}");
        assert!(
            fails > 20 && base_fails > 5 && stale > 20 && destroys > 20,
            "seed {seed:#x}"
        );
        assert!(
            signaled > 1000 && errors > 20 && flushed > 20,
            "seed {seed:#x}"
        );
        assert!(
            silent > 100 && not_ready > 1000 && held > 100,
            "seed {seed:#x}"
        );
        eprintln!(
            "stale drains {} drains behind a push {}",
            m.stat_stale, m.stat_whit
        );
        assert!(
            m.stat_stale > 0 && m.stat_whit > 0,
            "seed {seed:#x}: a drain edge not reached"
        );
    }
}

/// Golden check of the completion rule over the model (which the RTL equals
/// clock by clock above): every accepted message completes exactly once, in
/// posting order per connection, never before the peer's csn_base passed its
/// last CSN unless flushed; signaled or failed ones produce a completion
/// with exactly their fields, to the connection's CQ; unsignaled successful
/// ones none. A failure is accepted exactly when its CSN is in the 256-CSN
/// window at `csn_base` (a failure at the base, `at_base`, always is);
/// after it, messages the peer has keep their status, the first other one
/// at or after the refused CSN (the base) takes the failure's status,
/// every other one completes FLUSHED.
#[test]
fn tx_compl_completes_in_order_exactly_once() {
    use braid_sim::model::tx_compl::*;
    use std::collections::VecDeque;
    for seed in [0x7c0f, 0x51, 0x99] {
        let mut m = TxComplTinyModel::default();
        let mut stim = TxComplStim::<4>::new(seed);
        // per connection: (cq, base, flushing, generation) and the accepted records
        let mut base = [0u32; 16];
        let mut cq = [0u32; 16];
        let mut flushing = [false; 16];
        // a failed connection: (err still to give, refused CSN)
        let mut failed: [Option<(u8, u32)>; 16] = [None; 16];
        let mut took = 0u64;
        let mut pending: Vec<VecDeque<(MsgRec, bool)>> = vec![VecDeque::new(); 16];
        let mut expect_c: VecDeque<TxCompletion> = VecDeque::new();
        let mut inflight: VecDeque<(u64, TxComplIn)> = VecDeque::new();
        let mut ready = true;
        let mut shown: Option<TxCompletion> = None;
        let (mut completed, mut cqes) = (0u64, 0u64);
        for c in 0..80_000u64 {
            let i = stim.next(c);
            if i.op_valid && ready {
                inflight.push_back((c, i));
            }
            if let (Some(got), true) = (shown, i.c_ready) {
                // the completion shown is taken at this edge: the oldest expected
                let want = expect_c.pop_front().expect("an unexpected completion");
                assert_eq!(got, want, "seed {seed:#x} cycle {c}");
                cqes += 1;
            }
            let o = m.step(&i);
            stim.observe(&o);
            ready = o.op_ready;
            if let Some((op, conn, code)) = o.res {
                let (_, ti) = inflight.pop_front().expect("a result without an operation");
                assert_eq!((ti.op, ti.conn), (op, conn), "seed {seed:#x} cycle {c}");
                let k = conn as usize;
                match (op, code) {
                    (OP_CREATE, RES_OK) => {
                        base[k] = ti.csn;
                        cq[k] = ti.cq;
                        flushing[k] = false;
                        failed[k] = None;
                        // records of the previous incarnation are discarded
                        pending[k].clear();
                    }
                    (OP_PUSH, RES_OK) => {
                        let mut r = ti.rec;
                        r.last = ti.csn;
                        pending[k].push_back((r, false));
                    }
                    (OP_ACK, RES_OK) if base[k].wrapping_sub(ti.csn) & 0x8000_0000 != 0 => {
                        base[k] = ti.csn;
                    }
                    (OP_FLUSH, RES_OK) => {
                        flushing[k] = true;
                        if ti.rec.status != 0 && ti.at_base {
                            // a local failure: at the base, no window test
                            failed[k] = Some((ti.rec.status, base[k]));
                        } else if ti.rec.status != 0 {
                            assert!(ti.csn.wrapping_sub(base[k]) < 256, "seed {seed:#x}");
                            failed[k] = Some((ti.rec.status, ti.csn));
                        }
                    }
                    (OP_FLUSH, RES_STALE) => {
                        assert!(
                            ti.rec.status != 0 && !ti.at_base,
                            "seed {seed:#x} cycle {c}"
                        );
                        assert!(ti.csn.wrapping_sub(base[k]) >= 256, "seed {seed:#x}");
                    }
                    _ => {}
                }
            }
            if let Some((conn, stream, msn)) = o.una {
                let k = conn as usize;
                let (r, _) = pending[k]
                    .pop_front()
                    .unwrap_or_else(|| panic!("seed {seed:#x} cycle {c}: completion of nothing"));
                assert_eq!(
                    (r.stream, r.msn),
                    (stream, msn),
                    "seed {seed:#x} cycle {c}: order"
                );
                let covered = r.last.wrapping_sub(base[k]) & 0x8000_0000 != 0;
                assert!(
                    covered || flushing[k],
                    "seed {seed:#x} cycle {c}: completed before csn_base passed {} (base {})",
                    r.last,
                    base[k]
                );
                completed += 1;
                let own = !flushing[k] || (failed[k].is_some() && covered);
                let take = match failed[k] {
                    Some((err, ecsn)) => {
                        !covered && err != 0 && r.last.wrapping_sub(ecsn) & 0x8000_0000 == 0
                    }
                    None => false,
                };
                let status = if own {
                    r.status
                } else if take {
                    took += 1;
                    let (err, ecsn) = failed[k].unwrap();
                    failed[k] = Some((0, ecsn));
                    err
                } else {
                    STATUS_FLUSHED
                };
                if !own || r.signaled || r.status != 0 {
                    expect_c.push_back(TxCompletion {
                        cq: cq[k],
                        conn,
                        wr_id: r.wr_id,
                        byte_len: r.len,
                        msn: r.msn,
                        stream: r.stream,
                        status,
                    });
                }
            }
            shown = o.c;
        }
        assert!(
            completed > 5_000 && cqes > 3_000 && took > 20,
            "seed {seed:#x}: {completed} {cqes} {took}"
        );
    }
}

#[test]
fn segmenter_matches_model() {
    let n = equiv_cycles();
    for seed in seeds(&[0x5e9, 0x5e9a]) {
        assert_equiv::<SegmenterModel>(seed, n);
    }
}

#[test]
fn segmenter_tiny_matches_model() {
    let n = equiv_cycles();
    for seed in seeds(&[0x5e9b, 0x5e9c]) {
        assert_equiv::<SegmenterTinyModel>(seed, n);
    }
}

/// Runs the segmenter model under its closed-loop stimulus and checks the
/// transport rules on every descriptor the consumer takes and every
/// completion record; returns the statistics for the coverage test.
fn segmenter_check<const CB: usize>(seed: u64, cycles: u64) -> SegStats {
    use braid_sim::model::segmenter::{SegStim, SegWqe, SegmenterModelG};
    use braid_spec::state::SEG_WQE_SLOTS;
    use braid_spec::wire::braid::Flags;
    use std::collections::{HashMap, VecDeque};
    #[derive(Default)]
    struct Conn {
        taken: VecDeque<SegWqe>,
        cur: Option<(SegWqe, u32, u32)>, // message, next offset, msn
        csn: u32,
        msn: [u32; 4],
        rsn: [u32; 4],
        cm_good: VecDeque<(u64, u32)>,
        done: VecDeque<SegWqe>,
        cms: u64,
        mcs: u64,
        started: u64,
        full: bool,
        last_take: Option<u64>,
        // ring indices taken, in posting order (each completes once)
        order: VecDeque<u16>,
        // FLUSH taken: (cycle, first ring index sent after it)
        flushed: Option<(u64, u16)>,
        pkts_after_flush: u64,
    }
    // the connection's state of the incarnation ring index `idx` belongs
    // to: the current one, or the one before the last INIT
    fn pick<'a>(
        conns: &'a mut HashMap<u32, Conn>,
        old: &'a mut HashMap<u32, Conn>,
        conn: u32,
        cur: bool,
    ) -> &'a mut Conn {
        if cur {
            conns.entry(conn).or_default()
        } else {
            old.get_mut(&conn).expect("an earlier incarnation")
        }
    }
    let mut m = SegmenterModelG::<CB>::default();
    let mut stim = SegStim::<CB>::new(seed);
    let mut st = SegStats::default();
    let mut conns: HashMap<u32, Conn> = HashMap::new();
    let mut old: HashMap<u32, Conn> = HashMap::new();
    let mut prev = m.step(&Default::default());
    let blocked = stim.conns[0].conn;
    let mut mtus = [false; 4];
    let mut prev_pd: Option<(u64, u32)> = None;
    for cycle in 0..cycles {
        let i = stim.next(cycle);
        mtus[i.mtu_code as usize] = true;
        let ctx = || format!("seed {seed:#x} cycle {cycle}");
        // the inputs taken in this clock
        if let (Some(w), true) = (i.wqe, prev.w_ready) {
            let c = conns.entry(w.conn).or_default();
            if c.last_take.is_some_and(|t| cycle - t <= 4) {
                st.b2b_wqes += 1;
            }
            c.last_take = Some(cycle);
            c.taken.push_back(w);
            c.order.push_back(w.idx);
        }
        if let (Some(c), true) = (i.mc, prev.mc_ready) {
            conns.entry(c).or_default().mcs += 1;
        }
        // the descriptor taken in this clock
        if let (Some(p), true) = (prev.pd, i.pd_ready) {
            st.pkts += 1;
            let k = stim.conns.iter().position(|c| c.conn == p.conn).unwrap();
            let cur = stim.current(k, p.wqe_idx);
            let acked = stim.conns[k].acked;
            let d = p.csn.wrapping_sub(acked);
            // (the peer's ACK state is the current incarnation's)
            assert!(
                !cur || d < 256,
                "{}: CSN window exceeded: csn {} acked {acked}",
                ctx(),
                p.csn
            );
            if cur {
                st.max_window = st.max_window.max(d);
            } else {
                st.old_pkts += 1;
            }
            st.opcodes |= 1 << (p.opcode & 7);
            if prev_pd.is_some_and(|(t, c)| t + 1 == cycle && c == p.conn) {
                st.b2b_pkts += 1;
            }
            prev_pd = Some((cycle, p.conn));
            if p.conn == blocked && stim.conns[0].mute_until > cycle {
                st.blocked_pkts += 1;
            } else if stim.conns[0].mute_until > cycle + 1000 {
                st.pkts_while_muted += 1;
            }
            let c = pick(&mut conns, &mut old, p.conn, cur);
            if let Some((tf, _)) = c.flushed {
                // after a FLUSH only what the pipeline and the descriptor
                // FIFO (16) held comes out
                if cycle > tf {
                    c.pkts_after_flush += 1;
                    st.pkts_after_flush = st.pkts_after_flush.max(c.pkts_after_flush);
                    assert!(c.pkts_after_flush <= 24, "{}: packets after FLUSH", ctx());
                }
            }
            assert_eq!(p.csn, c.csn, "{}: CSN not consecutive", ctx());
            // the window was full at the previous packet: an ACK reopened it
            st.reopened += c.full as u64;
            c.full = d == 255;
            c.csn = c.csn.wrapping_add(1);
            let first = p.flags & Flags::FIRST != 0;
            let last = p.flags & Flags::LAST != 0;
            if first {
                assert!(c.cur.is_none(), "{}: FIRST inside a message", ctx());
                // earlier WQEs of the connection were bad or refused
                let w = loop {
                    let w = c.taken.pop_front().expect("a taken WQE for the packet");
                    if w.idx == p.wqe_idx {
                        break w;
                    }
                    c.done.push_back(w);
                };
                let s = (w.stream & 3) as usize;
                assert!(!w.is_bad(), "{}: a bad WQE was sent", ctx());
                assert_eq!(p.msn, c.msn[s], "{}: MSN not consecutive", ctx());
                c.msn[s] = c.msn[s].wrapping_add(1);
                assert_eq!(p.rsn, c.rsn[s], "{}: RSN", ctx());
                if w.opcode >= 3 {
                    c.rsn[s] = (c.rsn[s] + 1) & 0xff_ffff;
                }
                c.cur = Some((w, 0, p.msn));
                c.started += 1;
                // messages started (as seen by the consumer) and not yet
                // returned never exceed the message window
                assert!(
                    c.started - c.mcs <= 32,
                    "{}: {} messages started and not returned",
                    ctx(),
                    c.started - c.mcs
                );
                st.msgs += 1;
                st.zero_len += (w.len == 0) as u64;
            }
            let (w, off, msn) = c.cur.expect("a packet outside a message");
            assert_eq!(p.offset, off, "{}: offset", ctx());
            assert_eq!(p.msn, msn, "{}: MSN inside a message", ctx());
            assert_eq!(
                (p.opcode, p.stream, p.msg_len, p.imm, p.lkey, p.rkey, p.wqe_idx),
                (w.opcode, w.stream & 3, w.len, w.imm, w.lkey, w.rkey, w.idx),
                "{}: fields",
                ctx()
            );
            assert_eq!(p.addr, w.sge_addr.wrapping_add(off as u64), "{}", ctx());
            assert_eq!(p.raddr, w.raddr.wrapping_add(off as u64), "{}", ctx());
            assert_eq!(
                p.flags & Flags::SOLICITED != 0,
                w.flags & 2 != 0,
                "{}",
                ctx()
            );
            let end = off as u64 + p.len as u64;
            assert!(end <= w.len as u64, "{}: beyond the message", ctx());
            assert_eq!(last, end == w.len as u64, "{}: LAST", ctx());
            if !last {
                assert!(
                    [1024, 2048, 4096, 8192].contains(&p.len),
                    "{}: a non-last packet of {} bytes",
                    ctx(),
                    p.len
                );
            } else {
                assert!(p.len <= 8192 && (p.len > 0 || w.len == 0), "{}", ctx());
                c.cur = None;
                let (wr_id, lcsn) = c.cm_good.pop_front().expect("completion before LAST");
                assert_eq!(
                    (wr_id, lcsn),
                    (w.wr_id, p.csn),
                    "{}: completion record",
                    ctx()
                );
                st.multi += (off > 0) as u64;
            }
            if !last {
                c.cur = Some((w, end as u32, msn));
            }
        }
        let before: Vec<(u64, u64)> = stim.conns.iter().map(|c| (c.inits, c.flushes)).collect();
        let o = m.step(&i);
        stim.observe(&o);
        // commands taken in this clock
        for (k, &(ni, nf)) in before.iter().enumerate() {
            let sc = stim.conns[k].clone();
            if sc.flushes != nf {
                st.flushes += 1;
                // WQEs buffered or in flight; connection 0 muted: its
                // windows closed
                st.flush_with_wqes += (sc.credits < SEG_WQE_SLOTS as i32) as u64;
                st.flush_blocked += (k == 0 && sc.mute_until > cycle) as u64;
                let c = conns.entry(sc.conn).or_default();
                c.flushed = Some((cycle, sc.flush_idx));
                st.flush_half += c.cur.is_some() as u64;
            }
            if sc.inits != ni {
                st.inits += 1;
                let c = conns.remove(&sc.conn).unwrap_or_default();
                st.init_with_wqes += (c.flushed.is_none() && !c.taken.is_empty()) as u64;
                st.init_blocked += (k == 0 && sc.mute_until > cycle) as u64;
                old.insert(sc.conn, c);
            }
        }
        st.sc_stalls += (i.cmd.is_some() && !prev.sc_ready) as u64;
        // one credit with every completion (the slot is freed then)
        assert_eq!(o.cr, o.cm.map(|r| r.conn), "{}: credit", ctx());
        st.credits += o.cr.is_some() as u64;
        if let Some(r) = o.cm {
            let k = stim.conns.iter().position(|c| c.conn == r.conn).unwrap();
            let cur = stim.current(k, r.wqe_idx);
            let c = pick(&mut conns, &mut old, r.conn, cur);
            // every WQE completes once, in posting order (a WQE refused
            // for a full buffer never completes)
            loop {
                let x = c.order.pop_front().expect("a taken WQE for the completion");
                if x == r.wqe_idx {
                    break;
                }
                st.skipped += 1;
            }
            if r.status != braid_spec::host::CQE_FLUSHED {
                c.cms += 1;
            }
            let out = c.cms - c.mcs;
            assert!(out <= 32, "{}: {out} messages outstanding", ctx());
            st.max_outst = st.max_outst.max(out);
            if r.status == braid_spec::host::CQE_FLUSHED {
                let (_, fidx) = c
                    .flushed
                    .expect("FLUSHED completion of a flushed connection");
                st.flushed += 1;
                st.wqe_after_flush += (r.wqe_idx.wrapping_sub(fidx) < 0x8000) as u64;
                if c.cur.is_some_and(|(w, ..)| w.idx == r.wqe_idx) {
                    // the message half sent: its MSN
                    assert_eq!(r.msn, c.cur.unwrap().2, "{}: flushed MSN", ctx());
                    st.half_flushed += 1;
                }
            } else if r.status == braid_spec::host::CQE_OK {
                c.cm_good.push_back((r.wr_id, r.last_csn));
            } else {
                assert_eq!(r.status, braid_spec::host::CQE_BAD_WQE);
                st.bad_wqes += 1;
                c.started += 1;
                // a WQE taken earlier and not sent
                let w = if let Some(k) = c.done.iter().position(|w| w.wr_id == r.wr_id) {
                    c.done.remove(k).unwrap()
                } else {
                    let k = c.taken.iter().position(|w| w.wr_id == r.wr_id);
                    c.taken
                        .remove(k.expect("a taken WQE for the bad completion"))
                        .unwrap()
                };
                assert!(w.is_bad(), "{}: a good WQE completed bad", ctx());
            }
        }
        st.bad_acks = o.cnt_bad_ack as u64;
        st.bad_mcs = o.cnt_bad_mc as u64;
        st.over = o.cnt_wqe_over as u64;
        st.no_conn = o.cnt_no_conn as u64;
        st.stalls += (o.pd.is_some() && !i.pd_ready) as u64;
        prev = o;
    }
    assert!(
        st.skipped <= st.over,
        "seed {seed:#x}: WQEs never completed: {st:?}"
    );
    st.mtus = mtus.iter().filter(|x| **x).count();
    eprintln!("segmenter check (seed {seed:#x}): {st:?}");
    st
}

#[derive(Debug, Default)]
struct SegStats {
    pkts: u64,
    msgs: u64,
    multi: u64,
    zero_len: u64,
    bad_wqes: u64,
    bad_acks: u64,
    bad_mcs: u64,
    over: u64,
    stalls: u64,
    max_window: u32,
    max_outst: u64,
    blocked_pkts: u64,
    pkts_while_muted: u64,
    mtus: usize,
    opcodes: u32,
    reopened: u64,
    credits: u64,
    b2b_pkts: u64,
    b2b_wqes: u64,
    old_pkts: u64,
    pkts_after_flush: u64,
    flushes: u64,
    flush_with_wqes: u64,
    flush_blocked: u64,
    flush_half: u64,
    inits: u64,
    init_with_wqes: u64,
    init_blocked: u64,
    sc_stalls: u64,
    skipped: u64,
    flushed: u64,
    half_flushed: u64,
    wqe_after_flush: u64,
    no_conn: u64,
}

/// Every byte of every message is covered once, in order, CSNs and MSNs
/// are consecutive, the windows hold, completions come in posting order
/// with the last CSN, and a blocked connection does not stop the others.
#[test]
fn segmenter_behaviour() {
    for seed in seeds(&[0x5e9, 0x5e9a]) {
        let st = segmenter_check::<10>(seed, 200_000);
        assert!(
            st.msgs > 2000 && st.multi > 200 && st.zero_len > 50,
            "{st:?}"
        );
        assert!(st.pkts_while_muted > 5000, "others stopped: {st:?}");
        let st = segmenter_check::<4>(seed, 100_000);
        assert!(st.msgs > 1000, "{st:?}");
    }
}

/// The stimulus reaches the edges: full CSN window and its reopening by
/// an ACK, full message window, refused ACKs, returns and WQEs, bad WQEs,
/// zero-length and multi-packet messages, every opcode, credit returns,
/// backpressure, back-to-back operations of one connection, every MTU.
#[test]
fn segmenter_stimulus_covers_the_edges() {
    for seed in [0x5e9, 0x5e9a] {
        let st = segmenter_check::<10>(seed, 200_000);
        assert!(st.max_window == 255 && st.reopened >= 2, "{st:?}");
        assert!(st.max_outst == 32, "{st:?}");
        assert!(
            st.bad_wqes > 20 && st.bad_acks > 5 && st.bad_mcs > 5,
            "{st:?}"
        );
        assert!(st.over > 0 && st.stalls > 1000 && st.mtus == 4, "{st:?}");
        assert!(st.zero_len > 50 && st.multi > 200, "{st:?}");
        assert_eq!(st.opcodes, 0b1_1110, "every opcode sent: {st:?}");
        assert!(st.credits > 1000, "{st:?}");
        assert!(st.b2b_pkts > 0 && st.b2b_wqes > 1000, "{st:?}");
        // INIT and FLUSH: with WQEs buffered, a message half sent, the
        // windows closed, WQEs after the FLUSH, refused ACKs/returns of an
        // invalid connection, descriptors of an earlier incarnation
        assert!(st.flushes > 20 && st.inits > 20, "{st:?}");
        assert!(st.flush_with_wqes > 5 && st.init_with_wqes > 2, "{st:?}");
        assert!(st.flush_blocked > 0 && st.init_blocked > 0, "{st:?}");
        assert!(st.flush_half > 0 && st.half_flushed > 0, "{st:?}");
        assert!(st.flushed > 50 && st.wqe_after_flush > 5, "{st:?}");
        assert!(
            st.no_conn > 5 && st.old_pkts > 0 && st.sc_stalls > 0,
            "{st:?}"
        );
    }
}

#[test]
fn cmd_proc_matches_model() {
    let n = equiv_cycles();
    for seed in seeds(&[0xc0d, 0x77]) {
        assert_equiv::<CmdProcFullModel>(seed, n / 2);
        assert_equiv::<CmdProcTinyModel>(seed, n / 2);
    }
}

/// The command stimulus reaches every edge: every error code of every
/// command (and BAD_COMMAND), every port group stalled by its ready, a
/// DESTROY_CONN waiting on outstanding wqe_fetch reads, for both builds.
#[test]
fn cmd_proc_stimulus_covers_the_edges() {
    use braid_sim::model::cmd_proc::{CmdProcStim, GROUPS};
    fn cover<const CB: usize, const PB: usize, const QB: usize>(seed: u64, cycles: u64) {
        let mut m = braid_sim::model::cmd_proc::CmdProcModel::<CB, PB, QB>::default();
        let mut stim = CmdProcStim::<CB, PB, QB>::new(seed);
        for c in 0..cycles {
            let i = stim.next(c);
            let o = m.step(&i);
            stim.observe(&o);
        }
        // (opcode row, error codes that must be reached)
        let want: [(usize, &[usize]); 9] = [
            (0, &[0]),
            (1, &[0, 2, 4]),
            (2, &[0, 2]),
            (3, &[0, 2, 3, 4]),
            (4, &[0, 2, 3]),
            (5, &[0, 2, 3, 4]),
            (6, &[0, 2]),
            (7, &[0, 2]),
            (8, &[1]),
        ];
        eprintln!(
            "cmd_proc {CB}/{PB}/{QB} seed {seed:#x}: results {:?} stalls {:?} ops {:?} drain wait {} fence wait {} sq refused {}",
            m.stat_results,
            m.stat_stalls,
            m.stat_ops,
            m.stat_drain_wait,
            m.stat_fence_wait,
            m.stat_sq_refused
        );
        for (row, codes) in want {
            for c in codes {
                assert!(
                    m.stat_results[row][*c] > 0,
                    "seed {seed:#x}: opcode row {row} never gave error {c}"
                );
            }
        }
        for (g, name) in GROUPS.iter().enumerate() {
            assert!(
                m.stat_stalls[g] > 0,
                "seed {seed:#x}: group {name} never stalled"
            );
            assert!(
                m.stat_ops[g] > 0,
                "seed {seed:#x}: group {name} never issued"
            );
        }
        assert!(
            m.stat_drain_wait > 0,
            "seed {seed:#x}: no destroy waited on reads"
        );
        assert!(
            m.stat_fence_wait > 1_000,
            "seed {seed:#x}: CREATE_CONN's tc CREATE waited on segmenter records for only {} clocks",
            m.stat_fence_wait
        );
        assert!(
            m.stat_sq_refused > 0,
            "seed {seed:#x}: no CREATE_CONN refused by wqe_fetch"
        );
    }
    for seed in [0xc0d, 0x77] {
        cover::<4, 2, 4>(seed, 200_000);
        cover::<10, 4, 10>(seed, 200_000);
    }
}

/// A scripted command sequence through the model and the Verilated RTL
/// (compared every clock): the exact error codes, the exact operations per
/// port group (written out by hand), the lookups of a created, a refused
/// and a destroyed connection, and the destroy drain.
#[test]
fn cmd_proc_golden_sequence() {
    use braid_sim::cosim::equiv::Bound;
    use braid_sim::model::cmd_proc::{CmdProcIn, CmdProcOut, GROUPS, OUT_PORTS};
    use braid_spec::host::{cmd, cmd_arg as ca, CmdArg};
    use std::collections::BTreeMap;

    type Ops = BTreeMap<&'static str, Vec<Vec<u64>>>;
    struct Run {
        m: CmdProcTinyModel,
        rtl: Bound<CmdProcTinyModel>,
        last: CmdProcOut,
        cycle: u64,
        sq: Vec<(u64, bool)>,
        refuse: bool,
        dones: Vec<u64>,
        issues: u32,
    }
    impl Run {
        fn step(&mut self, mut i: CmdProcIn, ops: &mut Ops) -> CmdProcOut {
            // readys: every group stalls now and then
            for g in 0..14 {
                i.ready[g] = !(self.cycle + g as u64).is_multiple_of(4);
            }
            if self.last.get("sq_valid") == 1 && i.ready[2] {
                self.sq.push((self.cycle + 3, self.refuse));
            }
            if let Some(k) = self.sq.iter().position(|s| s.0 == self.cycle) {
                i.sq_res_valid = true;
                i.sq_res_refused = self.sq.remove(k).1;
            }
            i.sq_rd_done = self.dones.contains(&self.cycle);
            if self.issues > 0 {
                i.sq_rd_issue = true;
                self.issues -= 1;
            }
            for (g, name) in GROUPS.iter().enumerate() {
                if self.last.get(&format!("{name}_valid")) == 1 && i.ready[g] {
                    let f: Vec<u64> = OUT_PORTS
                        .iter()
                        .filter(|p| {
                            p.starts_with(&format!("{name}_")) && **p != format!("{name}_valid")
                        })
                        .map(|p| self.last.get(p))
                        .collect();
                    ops.entry(name).or_default().push(f);
                }
            }
            let want = self.m.step(&i);
            let got = self.rtl.step(&i);
            assert_eq!(
                want, got,
                "RTL differs from the model at cycle {}",
                self.cycle
            );
            self.cycle += 1;
            self.last = want.clone();
            want
        }
        /// Run one command to `cmd_done`: its error, its operations, its clocks.
        fn cmd(&mut self, op: u8, f: &[(&CmdArg, u64)]) -> (u8, Ops, u64) {
            let mut a = [0u32; 8];
            for (k, v) in f {
                k.put(&mut a, *v);
            }
            let mut ops = Ops::new();
            let start = self.cycle;
            let mut i = CmdProcIn {
                cmd_valid: true,
                cmd_opcode: op,
                cmd_args: a,
                ..Default::default()
            };
            loop {
                let o = self.step(i.clone(), &mut ops);
                i.cmd_valid = false;
                if o.get("cmd_done") == 1 {
                    return (o.get("cmd_error") as u8, ops, self.cycle - start);
                }
                assert!(self.cycle - start < 200, "command {op:#x} never finished");
            }
        }
        fn lookup(&mut self, rl: u32, tl: u32) -> CmdProcOut {
            let i = CmdProcIn {
                rl_valid: true,
                rl_conn: rl,
                rl_tag: 0x5a5a,
                tl_valid: true,
                tl_conn: tl,
                tl_tag: 0xa5a5,
                ..Default::default()
            };
            self.step(i, &mut Ops::new())
        }
    }
    fn ops(v: &[(&'static str, &[&[u64]])]) -> Ops {
        v.iter()
            .map(|(g, l)| (*g, l.iter().map(|f| f.to_vec()).collect()))
            .collect()
    }
    let mut r = Run {
        m: CmdProcTinyModel::default(),
        rtl: Bound::new().expect("Verilated cmd_proc_tiny"),
        last: CmdProcOut::default(),
        cycle: 0,
        sq: vec![],
        refuse: false,
        dones: vec![],
        issues: 0,
    };
    let (ok, idx, busy, arg, badc) = (
        cmd::OK,
        cmd::BAD_INDEX,
        cmd::BUSY,
        cmd::BAD_ARGUMENT,
        cmd::BAD_COMMAND,
    );
    let none = Ops::new();
    // CQs
    let ccq = |cq: u64, iova: u64, l2: u64| {
        [
            (ca::CREATE_CQ_CQ, cq),
            (ca::CREATE_CQ_IOVA, iova),
            (ca::CREATE_CQ_LOG2, l2),
        ]
    };
    let (e, o, n) = r.cmd(cmd::CREATE_CQ, &ccq(2, 0x1000, 4));
    assert_eq!((e, &o), (ok, &ops(&[("cq", &[&[1, 2, 0x1000, 4]])])));
    assert!(n >= 8, "{n} clocks");
    assert_eq!(r.cmd(cmd::CREATE_CQ, &ccq(2, 0x1000, 4)).0, busy);
    assert_eq!(r.cmd(cmd::CREATE_CQ, &ccq(16, 0x1000, 4)).0, idx);
    assert_eq!(r.cmd(cmd::CREATE_CQ, &ccq(3, 0x1000, 16)).0, arg);
    assert_eq!(r.cmd(cmd::CREATE_CQ, &ccq(3, 0x1000, 0)).0, arg);
    assert_eq!(r.cmd(cmd::CREATE_CQ, &ccq(3, 0x1010, 4)).1, none);
    // a connection: 2 streams, 3 paths, CQ 2
    let cconn = |conn: u64, paths: u64, cq: u64| {
        [
            (ca::CREATE_CONN_CONN, conn),
            (ca::CREATE_CONN_SQ_IOVA, 0x10000),
            (ca::CREATE_CONN_SQ_LOG2, 5),
            (ca::CREATE_CONN_PD, 7),
            (ca::CREATE_CONN_RQ_IOVA, 0x20000),
            (ca::CREATE_CONN_RQ_LOG2, 6),
            (ca::CREATE_CONN_STREAMS, 2),
            (ca::CREATE_CONN_PATHS, paths),
            (ca::CREATE_CONN_CQ, cq),
        ]
    };
    let (e, o, _) = r.cmd(cmd::CREATE_CONN, &cconn(3, 3, 2));
    assert_eq!(e, ok);
    assert_eq!(
        o,
        ops(&[
            ("sq", &[&[0, 3, 0x10000, 5]]),
            ("seg", &[&[0, 3]]),
            ("tc", &[&[2, 3, 0, 2]]),
            ("dd", &[&[1, 3, 0]]),
            ("mt", &[&[12, 0], &[13, 0]]),
            ("rp", &[&[1, 12, 0], &[1, 13, 0], &[1, 14, 0]]),
            ("tp", &[&[1, 12, 0], &[1, 13, 0], &[1, 14, 0]]),
            ("cc", &[&[1, 12], &[1, 13], &[1, 14]]),
            ("sp", &[&[1, 3, 2, 0xffff, 0x7, 0xffff, 0, 0]]),
            ("rq", &[&[0, 3, 0, 0x20000, 6], &[0, 3, 1, 0x20000, 6]]),
        ])
    );
    assert_eq!(r.cmd(cmd::DESTROY_CQ, &[(ca::DESTROY_CQ_CQ, 2)]).0, busy);
    // receive lookup ok, transmit lookup not yet (no peer)
    let l = r.lookup(3, 3);
    assert_eq!(
        [
            l.get("rr_ok"),
            l.get("rr_pd"),
            l.get("rr_streams"),
            l.get("rr_paths"),
            l.get("rr_tag")
        ],
        [1, 7, 2, 3, 0x5a5a]
    );
    assert_eq!([l.get("tr_valid"), l.get("tr_ok")], [1, 0]);
    // the peer
    let mac = u64::from_le_bytes([0x02, 0x11, 0x22, 0x33, 0x44, 0x55, 0, 0]);
    let peer = [
        (ca::SET_PEER_CONN, 3),
        (ca::SET_PEER_PEER_MAC, mac),
        (ca::SET_PEER_PEER_IP4, 0x0a00_0002),
        (ca::SET_PEER_LOCAL_IP4, 0x0a00_0001),
        (ca::SET_PEER_SPORT_BASE, 0xc000),
        (ca::SET_PEER_DPORT, 4793),
        (ca::SET_PEER_PEER_CONN, 9),
    ];
    let (e, o, _) = r.cmd(cmd::SET_PEER, &peer);
    assert_eq!(e, ok);
    assert_eq!(
        o,
        ops(&[(
            "ag",
            &[&[3, 1, 0x0211_2233_4455, 0xffff_0a00_0002, 4793, 0, 0, 9]]
        )])
    );
    let l = r.lookup(0x13, 3);
    assert_eq!(
        [l.get("rr_valid"), l.get("rr_ok"), l.get("rr_pd")],
        [1, 0, 0],
        "conn 0x13 is out of range"
    );
    assert_eq!(
        [
            l.get("tr_ok"),
            l.get("tr_peer_mac"),
            l.get("tr_peer_ip4"),
            l.get("tr_sport"),
            l.get("tr_dport"),
            l.get("tr_peer_conn"),
            l.get("tr_tag")
        ],
        [1, 0x0211_2233_4455, 0x0a00_0002, 0xc000, 4793, 9, 0xa5a5]
    );
    let l = r.lookup(4, 0);
    assert_eq!(l.get("rr_ok"), 0, "conn 4 was never created");
    // refused connections
    assert_eq!(r.cmd(cmd::CREATE_CONN, &cconn(3, 3, 2)).0, busy);
    assert_eq!(r.cmd(cmd::CREATE_CONN, &cconn(16, 3, 2)).0, idx);
    assert_eq!(
        r.cmd(cmd::CREATE_CONN, &cconn(4, 3, 5)),
        (arg, none.clone(), 7)
    );
    assert_eq!(r.cmd(cmd::CREATE_CONN, &cconn(4, 5, 2)).0, arg);
    assert_eq!(r.cmd(cmd::CREATE_CONN, &cconn(4, 0, 2)).0, arg);
    // refused by wqe_fetch: only the sq operation, no record
    r.refuse = true;
    let (e, o, _) = r.cmd(cmd::CREATE_CONN, &cconn(4, 4, 2));
    r.refuse = false;
    assert_eq!((e, o), (arg, ops(&[("sq", &[&[0, 4, 0x10000, 5]])])));
    assert_eq!(r.lookup(4, 4).get("rr_ok"), 0);
    // memory regions
    let mr = |idx: u64, key: u64, iova: u64, len: u64| {
        [
            (ca::REG_MR_INDEX, idx),
            (ca::REG_MR_IOVA, iova),
            (ca::REG_MR_LENGTH, len),
            (ca::REG_MR_KEY, key),
            (ca::REG_MR_PD, 7),
            (ca::REG_MR_ACCESS, 3),
        ]
    };
    let (e, o, _) = r.cmd(cmd::REG_MR, &mr(5, 0x5ab, 0x4000, 0x1000));
    assert_eq!(
        (e, o),
        (ok, ops(&[("mr", &[&[5, 1, 0x5ab, 7, 3, 0x4000, 0x5000]])]))
    );
    assert_eq!(r.cmd(cmd::REG_MR, &mr(5, 0x6ab, 0x4000, 0x1000)).0, arg);
    assert_eq!(r.cmd(cmd::REG_MR, &mr(5, 0x5ab, 0x4000, 0)).0, arg);
    assert_eq!(
        r.cmd(
            cmd::REG_MR,
            &mr(5, 0x5ab, 0u64.wrapping_sub(0x1000), 0x1001)
        )
        .0,
        arg
    );
    let (e, o, _) = r.cmd(
        cmd::REG_MR,
        &mr(5, 0x5ab, 0u64.wrapping_sub(0x1000), 0x1000),
    );
    assert_eq!(
        (e, o),
        (
            ok,
            ops(&[("mr", &[&[5, 1, 0x5ab, 7, 3, 0u64.wrapping_sub(0x1000), 0]])])
        )
    );
    assert_eq!(r.cmd(cmd::REG_MR, &mr(4096, 0, 0x4000, 0x1000)).0, idx);
    let (e, o, _) = r.cmd(cmd::DEREG_MR, &[(ca::DEREG_MR_INDEX, 5)]);
    assert_eq!((e, o), (ok, ops(&[("mr", &[&[5, 0, 0, 0, 0, 0, 0]])])));
    // destroy with two wqe_fetch reads outstanding
    r.issues = 2;
    r.lookup(0, 0);
    r.lookup(0, 0);
    let start = r.cycle;
    r.dones = vec![start + 15, start + 25];
    let (e, o, n) = r.cmd(cmd::DESTROY_CONN, &[(ca::DESTROY_CONN_CONN, 3)]);
    assert_eq!(e, ok);
    // the last done at edge start + 25, 8 tail clocks, ISSUE -> FIN -> done
    assert_eq!(n, 25 + 8 + 3, "busy until the reads came back and the tail");
    assert_eq!(
        o,
        ops(&[
            ("sq", &[&[1, 3, 0, 0]]),
            ("seg", &[&[1, 3]]),
            ("tc", &[&[3, 3, 0, 0]]),
            ("tp", &[&[1, 12, 0], &[1, 13, 0], &[1, 14, 0]]),
            (
                "tw",
                &[
                    &[2, 12, 0],
                    &[2, 12, 1],
                    &[2, 13, 0],
                    &[2, 13, 1],
                    &[2, 14, 0],
                    &[2, 14, 1]
                ]
            ),
            ("sp", &[&[0, 3, 0, 0xffff, 0, 0xffff, 0, 0]]),
            ("ag", &[&[3, 0, 0, 0, 0, 0, 0, 0]]),
            ("rq", &[&[1, 3, 0, 0, 0], &[1, 3, 1, 0, 0]]),
        ])
    );
    let l = r.lookup(3, 3);
    assert_eq!([l.get("rr_ok"), l.get("tr_ok")], [0, 0], "destroyed");
    assert_eq!(
        r.cmd(cmd::DESTROY_CONN, &[(ca::DESTROY_CONN_CONN, 3)]).0,
        idx
    );
    assert_eq!(r.cmd(cmd::SET_PEER, &peer).0, idx);
    let (e, o, _) = r.cmd(cmd::DESTROY_CQ, &[(ca::DESTROY_CQ_CQ, 2)]);
    assert_eq!((e, o), (ok, ops(&[("cq", &[&[3, 2, 0, 0]])])));
    assert_eq!(r.cmd(cmd::DESTROY_CQ, &[(ca::DESTROY_CQ_CQ, 2)]).0, idx);
    assert_eq!(r.cmd(0x42, &[]).0, badc);
    assert_eq!(r.cmd(cmd::NOP, &[]), (ok, none.clone(), 7));
    let o = r.lookup(0, 0);
    assert_eq!(
        [
            o.get("cnt_cmds"),
            o.get("cnt_bad_command"),
            o.get("cnt_bad_index"),
            o.get("cnt_busy"),
            o.get("cnt_bad_argument")
        ],
        [29, 1, 6, 3, 10]
    );
}

#[test]
fn rq_fetch_matches_model() {
    let n = equiv_cycles();
    for seed in seeds(&[0x5eceb, 0x71]) {
        assert_equiv::<RqFetchModel>(seed, n);
    }
}

#[test]
fn rq_fetch_tiny_matches_model() {
    let n = equiv_cycles();
    for seed in seeds(&[0x9ecf, 0x2c]) {
        assert_equiv::<RqFetchTinyModel>(seed, n);
    }
}

/// The receive-queue fetcher's stimulus reaches every edge: every MATCH
/// result code, the cache full (32 fetched), reads cut at the ring's end and
/// at 4 KiB, every read size 1..=8 (odd ones end with a half beat), failed
/// and mangled reads, stray beats, DESTROYs with reads in flight (their
/// LANDs dropped), a MATCH of the slot written on the same edge, CONSUMEs
/// of one context back to back and refused ones, refused doorbells and
/// CREATEs, empty fetch looks and kicked ones, every read slot in use,
/// doorbells and commands held behind CONSUME traffic.
#[test]
fn rq_fetch_stimulus_covers_the_edges() {
    use braid_sim::model::rq_fetch::{
        RqStim, CODE_BUFFER_TOO_SMALL, CODE_LATE, CODE_MALFORMED, CODE_NO_CONTEXT,
        CODE_NO_RECV_BUFFER, CODE_OK,
    };
    // the seeds and length of `rq_fetch_tiny_matches_model`
    for seed in seeds(&[0x9ecf, 0x2c]) {
        let mut m = RqFetchTinyModel::default();
        let mut stim = RqStim::<4>::new(seed);
        let mut o = Default::default();
        for c in 0..equiv_cycles() {
            let i = stim.next(c);
            o = m.step(&i);
            stim.observe(&o);
        }
        let o: braid_sim::model::rq_fetch::RqOutputs = o;
        let v = m.cov;
        eprintln!("seed {seed:#x}: {v:?}, counters {o:?}");
        for code in [
            CODE_OK,
            CODE_NO_RECV_BUFFER,
            CODE_MALFORMED,
            CODE_BUFFER_TOO_SMALL,
            CODE_LATE,
            CODE_NO_CONTEXT,
        ] {
            assert!(v.codes[code as usize] > 20, "seed {seed:#x}: code {code}");
        }
        for (n, k) in v.sizes.iter().enumerate().skip(1) {
            assert!(*k > 5, "seed {seed:#x}: reads of {n} RQEs: {k}");
        }
        for (what, k) in [
            ("cache full", v.cache_full),
            ("ring-end reads", v.ring_end),
            ("4 KiB reads", v.page),
            ("odd reads", v.odd),
            ("destroys with reads in flight", v.destroy_inflight),
            ("LANDs dropped", v.land_dropped),
            ("failed reads", v.land_err),
            ("MATCH of the slot being written", v.match_written),
            ("CONSUMEs back to back", v.consume_b2b),
            ("CONSUMEs refused", v.consume_refused),
            ("doorbells refused", v.db_refused),
            ("CREATEs refused", v.create_refused),
            ("empty fetch looks", v.fetch_zero),
            ("kicked looks", v.kicked),
            ("doorbells/commands held", v.slow_held),
            ("fetches waiting for a read slot", v.fetch_full),
        ] {
            assert!(k > 2, "seed {seed:#x}: {what} {k}");
        }
        assert!(o.cnt_rs_err > 5 && o.cnt_db_refused > 20 && o.cnt_consume_refused > 20);
    }
}

/// A golden host: receive rings in host memory, receives posted with
/// doorbells, reads answered from the rings; senders MATCH the packets of
/// one message per ring in RSN order (retrying NO_RECV_BUFFER), and a
/// completed message is CONSUMEd. Every placement address, lkey, buffer
/// length and every consumed `wr_id` is the posted RQE's exactly (the
/// Verilated default build).
#[test]
fn rq_fetch_places_sends_at_the_posted_buffers() {
    use braid_sim::cosim::equiv::Bound;
    use braid_sim::model::rq_fetch::{MatchIn, RqBeat, RqIn, RqOutputs, Rqe, CODE_NO_RECV_BUFFER};
    use rand::{Rng, SeedableRng};
    use std::collections::{HashMap, VecDeque};
    struct Ring {
        conn: u32,
        stream: u8,
        iova: u64,
        log2: u8,
        posted: u32,
        consumed: u32,
        rqes: HashMap<u32, Rqe>,
        msg: u32,
        msg_len: u32,
        off: u32,
        busy: bool,
        done: bool,
    }
    for seed in seeds(&[0x51de, 0xfeed5]) {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut rtl = Bound::<RqFetchModel>::new().expect("rq_fetch Verilated");
        let mut rings: Vec<Ring> = Vec::new();
        for (k, conn) in [0u32, 5, 1023].into_iter().enumerate() {
            let log2 = 3 + k as u8;
            let iova = ((k as u64 + 7) << 20) + 4096 - 32 * 5;
            for stream in [0u8, 3] {
                rings.push(Ring {
                    conn,
                    stream,
                    iova,
                    log2,
                    posted: 0,
                    consumed: 0,
                    rqes: HashMap::new(),
                    msg: 0,
                    msg_len: 0,
                    off: 0,
                    busy: false,
                    done: true,
                });
            }
        }
        let ring_at = |r: &Ring, rsn: u32| {
            r.iova
                .wrapping_add((r.stream as u64) << (r.log2 + 5))
                .wrapping_add(32 * (rsn as u64 & ((1 << r.log2) - 1)))
        };
        let mut host: HashMap<u64, [u8; 32]> = HashMap::new();
        let mut o = RqOutputs {
            cmd_ready: true,
            db_ready: true,
            ..RqOutputs::default()
        };
        // create every ring
        let mut todo: VecDeque<usize> = (0..rings.len()).collect();
        let mut created = 0;
        for _ in 0..200 {
            let mut i = RqIn::default();
            if o.cmd_ready {
                if let Some(k) = todo.pop_front() {
                    let r = &rings[k];
                    i.cmd_valid = true;
                    i.cmd_conn = r.conn;
                    i.cmd_stream = r.stream;
                    i.cmd_iova = r.iova;
                    i.cmd_log2 = r.log2;
                }
            }
            o = rtl.step(&i);
            if let Some(res) = o.res {
                assert!(!res.refused, "seed {seed:#x}: CREATE refused {res:?}");
                created += 1;
            }
        }
        assert_eq!(created, rings.len());
        let mut reads: VecDeque<(u64, u16, u8, u64)> = VecDeque::new();
        let mut beat = 0u8;
        let mut mq: VecDeque<(usize, MatchIn)> = VecDeque::new();
        let mut cq: VecDeque<(usize, u32)> = VecDeque::new();
        let mut cs_wait: VecDeque<(usize, u32)> = VecDeque::new();
        let (mut placed, mut retries, mut consumed) = (0u64, 0u64, 0u64);
        for c in 0..120_000u64 {
            let mut i = RqIn::default();
            // post receives
            if o.db_ready && rng.gen_bool(0.2) {
                let k = rng.gen_range(0..rings.len());
                let r = &mut rings[k];
                let room = (r.consumed + (1 << r.log2)) - r.posted;
                if room > 0 {
                    for _ in 0..rng.gen_range(1..=room.min(6)) {
                        let e = Rqe {
                            wr_id: rng.gen(),
                            addr: if rng.gen_bool(0.1) {
                                u64::MAX - rng.gen_range(0..70_000)
                            } else {
                                rng.gen::<u64>() >> 4
                            },
                            lkey: rng.gen(),
                            len: rng.gen_range(0..20_000),
                        };
                        let rsn = r.posted;
                        host.insert(ring_at(r, rsn), e.encode());
                        r.rqes.insert(rsn, e);
                        r.posted += 1;
                    }
                    i.db_valid = true;
                    i.db_pi = r.posted as u16;
                    i.db_stream = r.stream;
                    i.db_conn = r.conn as u16;
                }
            }
            // the DMA side
            i.rd_ready = rng.gen_bool(0.7);
            if o.rd_valid && i.rd_ready {
                let lat = rng.gen_range(5..60);
                reads.push_back((o.rd_addr, o.rd_len, o.rd_tag, c + lat));
            }
            if let Some(&(a, l, tag, at)) = reads.front() {
                if at <= c && rng.gen_bool(0.8) {
                    let n = (l / 32) as u8;
                    let nb = n.div_ceil(2);
                    let mut data = [0u8; 64];
                    for lane in 0..2u8 {
                        if 2 * beat + lane < n {
                            let x = host
                                .get(&(a + 32 * (2 * beat + lane) as u64))
                                .copied()
                                .unwrap_or_else(|| {
                                    panic!("seed {seed:#x}: read of {a:#x} outside the rings")
                                });
                            data[32 * lane as usize..32 * lane as usize + 32].copy_from_slice(&x);
                        }
                    }
                    i.rs = Some(RqBeat {
                        data,
                        tag,
                        last: beat + 1 == nb,
                        err: false,
                    });
                    beat += 1;
                    if beat == nb {
                        beat = 0;
                        reads.pop_front();
                    }
                }
            }
            // a sender's next packet
            let k = rng.gen_range(0..rings.len());
            let r = &mut rings[k];
            if !r.busy {
                if r.done {
                    if let Some(e) = r.rqes.get(&r.msg) {
                        r.msg_len = rng.gen_range(0..=e.len);
                        r.off = 0;
                        r.done = false;
                    }
                }
                if !r.done {
                    let len = (r.msg_len - r.off).min(rng.gen_range(1..=4096)) as u16;
                    let m = MatchIn {
                        tag: c as u16,
                        conn: r.conn,
                        stream: r.stream,
                        rsn: r.msg,
                        offset: r.off,
                        len,
                        msg_len: r.msg_len,
                    };
                    i.m = Some(m);
                    r.busy = true;
                    mq.push_back((k, m));
                }
            }
            // a completed message's CONSUME
            if let Some((k, rsn)) = cq.pop_front() {
                i.cs = Some((rings[k].conn, rings[k].stream));
                cs_wait.push_back((k, rsn));
            }
            o = rtl.step(&i);
            if let Some(res) = o.res {
                assert!(
                    !res.refused,
                    "seed {seed:#x} cycle {c}: doorbell refused {res:?}"
                );
            }
            if let Some(mo) = o.m {
                let (k, m) = mq.pop_front().expect("a MATCH result without a MATCH");
                let r = &mut rings[k];
                r.busy = false;
                assert_eq!(mo.tag, m.tag);
                if mo.code == CODE_NO_RECV_BUFFER {
                    retries += 1;
                } else {
                    let e = r.rqes[&m.rsn];
                    assert!(
                        mo.ok
                            && mo.addr == e.addr.wrapping_add(m.offset as u64)
                            && mo.lkey == e.lkey
                            && mo.buf_len == e.len,
                        "seed {seed:#x} cycle {c}: {m:?} gave {mo:?}, posted {e:?}"
                    );
                    placed += 1;
                    r.off += m.len as u32;
                    if r.off == r.msg_len {
                        r.done = true;
                        cq.push_back((k, r.msg));
                        r.msg += 1;
                    }
                }
            }
            if let Some(co) = o.cs {
                let (k, rsn) = cs_wait
                    .pop_front()
                    .expect("a CONSUME result without a CONSUME");
                let r = &mut rings[k];
                let e = r.rqes.remove(&rsn).expect("posted");
                assert!(
                    co.ok && co.wr_id == e.wr_id && co.len == e.len,
                    "seed {seed:#x} cycle {c}: CONSUME of rsn {rsn} gave {co:?}, posted {e:?}"
                );
                r.consumed += 1;
                consumed += 1;
            }
        }
        let wrapped = rings.iter().filter(|r| r.consumed > 4 << r.log2).count();
        eprintln!(
            "seed {seed:#x}: {placed} packets placed, {retries} NO_RECV_BUFFER retries, {consumed} receives consumed, {wrapped} of {} rings wrapped 4 times, counters db {} cs {} rs {}",
            rings.len(),
            o.cnt_db_refused,
            o.cnt_consume_refused,
            o.cnt_rs_err
        );
        assert!(placed > 10_000 && consumed > 2_000 && wrapped == rings.len());
        assert_eq!(
            (o.cnt_db_refused, o.cnt_consume_refused, o.cnt_rs_err),
            (0, 0, 0)
        );
    }
}

#[test]
fn path_window_table_matches_model() {
    let n = equiv_cycles();
    for seed in seeds(&[0x9d7a, 0x1c3b]) {
        assert_equiv::<PathWindowTableModel>(seed, n / 2);
    }
}

#[test]
fn path_window_table_tiny_matches_model() {
    let n = equiv_cycles();
    for seed in seeds(&[0x7e, 0x4b1]) {
        assert_equiv::<PathWindowTableTinyModel>(seed, n / 2);
    }
}

/// The window-table stimulus reaches the edges: the TX FIFO full and
/// `tx_ready` low, overflow only in the floods that ignore ready (none when
/// the sources obey it); the CC FIFO, popped first on every clock it has a
/// head, never reaches its ready limit even when `path_cc` delivers a
/// result every clock (so `cc_ready` stays high: the CC FIFO's ready is a
/// guard, not a throttle); updates of one path on consecutive clocks and two
/// apart, the same path from both ports in one clock, underflow, sends on a
/// closed path, spans at 254/255/256, windows 0 / fractional / beyond
/// 256.0, timeouts 0 and not, reads taken and held back, in flight at 256.
#[test]
fn path_window_table_stimulus_covers_the_edges() {
    use braid_sim::model::path_window_table::{op, PwtIn, PwtOut, PwtStim, FIFO_DEPTH};
    #[derive(Default, Debug)]
    struct Cov {
        tx_full: u64,
        cc_full: u64,
        tx_low: u64,
        cc_low: u64,
        dist1: u64,
        dist2: u64,
        both_ports: u64,
        span: [u64; 3],
        cwnd0: u64,
        frac: u64,
        big: u64,
        to0: u64,
        to_nz: u64,
        rd_taken: u64,
        rd_held: u64,
        rd_res: u64,
        at256: u64,
        timeouts: u64,
        inits: u64,
        bad_ops: u64,
        closed_writes: u64,
        open_writes: u64,
    }
    fn run<M: CycleModel<In = PwtIn, Out = PwtOut>, const I: usize, const P: usize>(
        seed: u64,
        floods: bool,
        fifo: impl Fn(&M) -> (usize, usize),
    ) -> (Cov, PwtOut, u64) {
        let mut m = M::default();
        let mut stim = PwtStim::<I, P>::new(seed);
        stim.floods = floods;
        let mut c = Cov::default();
        let mut last: [Option<(u32, u16)>; 2] = [None, None];
        let mut o = PwtOut::default();
        for cyc in 0..60_000u64 {
            let i = stim.next(cyc);
            if let (Some(t), Some(k)) = (i.tx, i.cc) {
                c.both_ports += (t.idx == k.idx) as u64;
            }
            if let Some(t) = i.tx {
                let d = t.nxt.wrapping_sub(t.una);
                if (254..=256).contains(&d) {
                    c.span[(d - 254) as usize] += 1;
                }
                c.timeouts += (t.op == op::TIMEOUT) as u64;
                c.inits += (t.op == op::INIT) as u64;
                c.bad_ops += (t.op > op::TIMEOUT) as u64;
            }
            if let Some(k) = i.cc {
                c.cwnd0 += (k.cwnd >> 8 == 0) as u64;
                c.frac += (k.cwnd & 0xff != 0 && k.cwnd >> 8 != 0) as u64;
                c.big += (k.cwnd > 0x1_0000) as u64;
                c.to0 += (k.timeouts == 0) as u64;
                c.to_nz += (k.timeouts != 0) as u64;
            }
            if i.rd.is_some() {
                if o.rd_ready {
                    c.rd_taken += 1;
                } else {
                    c.rd_held += 1;
                }
            }
            o = m.step(&i);
            stim.observe(&o);
            let (lt, lc) = fifo(&m);
            c.tx_full += (lt == FIFO_DEPTH) as u64;
            c.cc_full += (lc == FIFO_DEPTH) as u64;
            c.tx_low += !o.tx_ready as u64;
            c.cc_low += !o.cc_ready as u64;
            c.rd_res += o.rd_res_valid as u64;
            c.at256 += (o.rd_res_valid && o.rd_out == 256) as u64;
            let cur = o.mk_valid.then_some((o.mk_conn, o.mk_open_en));
            if cur.is_some() {
                c.dist1 += (cur == last[0]) as u64;
                c.dist2 += (cur == last[1]) as u64;
                c.open_writes += (o.mk_open_val != 0) as u64;
                c.closed_writes += (o.mk_open_val == 0) as u64;
            }
            last = [cur, last[0]];
        }
        (c, o, stim.disobeyed)
    }
    for (seed, tiny) in [(0x9d7a, false), (0x7e, true)] {
        for floods in [true, false] {
            let (c, o, dis) = if tiny {
                run::<PathWindowTableTinyModel, 6, 2>(seed, floods, |m| m.fifo_lens())
            } else {
                run::<PathWindowTableModel, 14, 4>(seed, floods, |m| m.fifo_lens())
            };
            eprintln!(
                "seed {seed:#x} tiny {tiny} floods {floods}: {c:?}, disobeyed {dis}, counters \
                 updates {} send-closed {} underflow {} overflow {}",
                o.cnt_updates, o.cnt_send_closed, o.cnt_underflow, o.cnt_overflow
            );
            let ctx = format!("seed {seed:#x} tiny {tiny} floods {floods}");
            assert!(c.tx_low > 500 && c.cc_low == 0 && c.cc_full == 0, "{ctx}");
            assert!(c.dist1 > 500 && c.dist2 > 500 && c.both_ports > 20, "{ctx}");
            assert!(c.span.iter().all(|&k| k > 50), "{ctx}");
            assert!(c.cwnd0 > 50 && c.frac > 500 && c.big > 200, "{ctx}");
            assert!(c.to0 > 500 && c.to_nz > 200, "{ctx}");
            assert!(
                c.rd_taken > 500 && c.rd_held > 500 && c.rd_res > 500,
                "{ctx}"
            );
            assert!(c.timeouts > 50 && c.inits > 50 && c.bad_ops > 20, "{ctx}");
            assert!(c.open_writes > 500 && c.closed_writes > 500, "{ctx}");
            assert!(o.cnt_send_closed > 200 && o.cnt_underflow > 100, "{ctx}");
            if floods {
                assert!(c.tx_full > 20, "{ctx}");
                assert!(dis > 100 && o.cnt_overflow > 20, "{ctx}");
            } else {
                assert_eq!((dis, o.cnt_overflow), (0, 0), "{ctx}");
            }
        }
    }
}

/// Behaviour (model and Verilated RTL): results for the paths of one
/// connection (random sends, ACKs, timeouts, inits, windows, timeouts
/// counts and spans, back to back, obeying ready) replayed burst by burst
/// (each burst on one port; both ports at once are the equivalence
/// runs' job); the test keeps the sprayer's 16-bit open and suspect
/// masks of the connection, applied from the `mk_*` writes, and after each
/// burst has drained they equal the rule computed from a plain per-path
/// reference (in flight against max(floor(cwnd), 1), span < 255, not
/// retired; suspect: timeouts != 0); writes never touch another connection; the counters agree with
/// the reference's.
#[test]
fn path_window_table_mask_follows_the_rule() {
    use braid_sim::cosim::equiv::Bound;
    use braid_sim::model::path_window_table::{op, CcResult, PwtIn, PwtOut, TxResult};
    use rand::{Rng, SeedableRng};
    #[derive(Clone, Copy, Default)]
    struct Ref {
        out: u32,
        cwnd: u32,
        span: u32,
        timeouts: u8,
        failed: bool,
    }
    impl Ref {
        fn open(&self) -> bool {
            let w = ((self.cwnd >> 8) as f64).clamp(1.0, 256.0) as u32;
            self.out < w && self.span < 255 && !self.failed
        }
    }
    for seed in seeds(&[0x3a5c, 0x77]) {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let conn = rng.gen_range(0..1024u32);
        let mut m = PathWindowTableModel::default();
        let mut rtl = Bound::<PathWindowTableModel>::new().expect("path_window_table Verilated");
        let mut refs = [Ref::default(); 16];
        let (mut open_mask, mut susp_mask) = (0xffffu16, 0u16);
        let (mut sc, mut uf) = (0u32, 0u32);
        let mut o = PwtOut::default();
        let mut step = |i: &PwtIn, open: &mut u16, susp: &mut u16| -> PwtOut {
            let a = m.step(i);
            let b = rtl.step(i);
            assert_eq!(
                a, b,
                "seed {seed:#x}: RTL differs from the model, inputs {i:?}"
            );
            if a.mk_valid {
                assert_eq!(a.mk_conn, conn, "seed {seed:#x}");
                assert_eq!(a.mk_open_en.count_ones(), 1);
                assert_eq!(a.mk_open_en, a.mk_susp_en);
                *open = (*open & !a.mk_open_en) | a.mk_open_val;
                *susp = (*susp & !a.mk_susp_en) | a.mk_susp_val;
            }
            a
        };
        for burst in 0..300 {
            let n = rng.gen_range(1..40);
            // one port per burst: the reference applies results in issue
            // order, the block takes CC results first, and whether a send
            // found its path closed depends on that order across ports
            let use_tx = rng.gen_ratio(2, 3);
            let mut k = 0;
            while k < n {
                let mut i = PwtIn::default();
                if use_tx && o.tx_ready && rng.gen_ratio(2, 3) {
                    let p = rng.gen_range(0..16usize);
                    let r = &mut refs[p];
                    let una = rng.gen::<u32>();
                    let span = if rng.gen_ratio(1, 6) {
                        rng.gen_range(250..260)
                    } else {
                        rng.gen_range(0..20)
                    };
                    let mut t = TxResult {
                        op: op::SEND,
                        idx: conn << 4 | p as u32,
                        accepted: true,
                        una,
                        nxt: una.wrapping_add(span),
                        ..Default::default()
                    };
                    match rng.gen_range(0..10) {
                        0..=4 => {
                            t.accepted = !rng.gen_ratio(1, 8);
                            if t.accepted {
                                sc += !r.open() as u32;
                                r.out = (r.out + 1).min(256);
                            }
                        }
                        5..=7 => {
                            t.op = op::ACK;
                            t.rejected = rng.gen_ratio(1, 8);
                            t.acked = rng.gen_range(0..=(r.out + 2).min(511)) as u16;
                            t.lost = rng.gen_range(0..3);
                            if !t.rejected {
                                let a = (t.acked + t.lost) as u32;
                                uf += (a > r.out) as u32;
                                r.out = r.out.saturating_sub(a);
                            }
                        }
                        8 => {
                            t.op = op::TIMEOUT;
                            t.lost = r.out as u16;
                            r.out = 0;
                        }
                        _ => {
                            t.op = op::INIT;
                            r.out = 0;
                        }
                    }
                    r.span = span;
                    i.tx = Some(t);
                    k += 1;
                }
                if !use_tx && o.cc_ready && rng.gen_ratio(1, 2) {
                    let p = rng.gen_range(0..16usize);
                    let r = &mut refs[p];
                    r.cwnd = match rng.gen_range(0..6) {
                        0 => rng.gen_range(0..0x100),
                        1 => rng.gen_range(0x1_0000..0x100_0000),
                        _ => rng.gen_range(0x100..0x1000),
                    };
                    r.timeouts = if rng.gen_ratio(1, 4) { rng.gen() } else { 0 };
                    r.failed = r.timeouts != 0 && rng.gen_ratio(1, 4);
                    i.cc = Some(CcResult {
                        idx: conn << 4 | p as u32,
                        cwnd: r.cwnd,
                        timeouts: r.timeouts,
                        failed: r.failed,
                    });
                    k += 1;
                }
                o = step(&i, &mut open_mask, &mut susp_mask);
            }
            // drain (sources idle), then compare with the rule
            for _ in 0..80 {
                o = step(&PwtIn::default(), &mut open_mask, &mut susp_mask);
            }
            let want_open = (0..16).fold(0u16, |a, p| a | ((refs[p].open() as u16) << p));
            let want_susp = (0..16).fold(0u16, |a, p| a | (((refs[p].timeouts != 0) as u16) << p));
            // a path never written keeps the sprayer's initial mask (open)
            assert_eq!(
                (open_mask, susp_mask),
                (want_open, want_susp),
                "seed {seed:#x} burst {burst}: masks {open_mask:016b}/{susp_mask:016b}, rule {want_open:016b}/{want_susp:016b}"
            );
            assert_eq!(
                (o.cnt_send_closed, o.cnt_underflow, o.cnt_overflow),
                (sc, uf, 0),
                "seed {seed:#x}"
            );
        }
        eprintln!(
            "seed {seed:#x}: {} mask writes, {sc} sends on a closed path, {uf} underflows",
            o.cnt_updates
        );
    }
}

/// Saturation (model and Verilated RTL, directed): 300 accepted sends on one
/// path with a 256.0 window leave 256 in flight (the last 44 counted as
/// sends on a closed path, the window closes at 256), a read shows it; an
/// ACK of 300 then underflows to 0 and reopens the path; a span of 255
/// closes it and 254 reopens it.
#[test]
fn path_window_table_saturates_at_256() {
    use braid_sim::cosim::equiv::Bound;
    use braid_sim::model::path_window_table::{op, CcResult, PwtIn, PwtOut, TxResult};
    let mut m = PathWindowTableModel::default();
    let mut rtl = Bound::<PathWindowTableModel>::new().expect("path_window_table Verilated");
    let idx = 0x2a7;
    let mut last = PwtOut::default();
    let mut run = |i: PwtIn, last: &mut PwtOut| {
        let a = m.step(&i);
        let b = rtl.step(&i);
        assert_eq!(a, b, "RTL differs from the model, inputs {i:?}");
        *last = a;
        a
    };
    let tx = |op: u8, acked: u16, span: u32| PwtIn {
        tx: Some(TxResult {
            op,
            idx,
            accepted: true,
            acked,
            una: 7,
            nxt: 7 + span,
            ..Default::default()
        }),
        ..Default::default()
    };
    let idle = |last: &mut PwtOut, run: &mut dyn FnMut(PwtIn, &mut PwtOut) -> PwtOut| {
        for _ in 0..40 {
            run(PwtIn::default(), last);
        }
    };
    let read = |last: &mut PwtOut, run: &mut dyn FnMut(PwtIn, &mut PwtOut) -> PwtOut| {
        run(
            PwtIn {
                rd: Some(idx),
                ..Default::default()
            },
            last,
        );
        let mut r = None;
        for _ in 0..8 {
            let o = run(PwtIn::default(), last);
            if o.rd_res_valid {
                r = Some((o.rd_out, o.rd_wnd, o.rd_open, o.rd_susp));
            }
        }
        r.expect("a read result")
    };
    run(
        PwtIn {
            cc: Some(CcResult {
                idx,
                cwnd: 0x1_0000,
                timeouts: 0,
                failed: false,
            }),
            ..Default::default()
        },
        &mut last,
    );
    let mut sends = 0;
    while sends < 300 {
        if last.tx_ready {
            run(tx(op::SEND, 0, 1), &mut last);
            sends += 1;
        } else {
            run(PwtIn::default(), &mut last);
        }
    }
    idle(&mut last, &mut run);
    assert_eq!(read(&mut last, &mut run), (256, 256, false, false));
    assert_eq!((last.cnt_send_closed, last.cnt_underflow), (44, 0));
    run(tx(op::ACK, 300, 0), &mut last);
    idle(&mut last, &mut run);
    assert_eq!(read(&mut last, &mut run), (0, 256, true, false));
    assert_eq!(last.cnt_underflow, 1);
    run(tx(op::READ, 0, 255), &mut last);
    idle(&mut last, &mut run);
    assert!(!read(&mut last, &mut run).2);
    run(tx(op::READ, 0, 254), &mut last);
    idle(&mut last, &mut run);
    assert!(read(&mut last, &mut run).2);
    assert_eq!(last.cnt_overflow, 0);
}

#[test]
fn rx_rate_hint_matches_model() {
    let n = equiv_cycles();
    for seed in seeds(&[0x4a7e, 0x4a7f]) {
        assert_equiv::<RateHintModel>(seed, n);
    }
}

#[test]
fn rx_rate_hint_tiny_matches_model() {
    let n = equiv_cycles();
    for seed in seeds(&[0x4a80, 0x4a81]) {
        assert_equiv::<RateHintTinyModel>(seed, n);
    }
}
