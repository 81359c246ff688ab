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
        let mut ops = [0u64; 5];
        let mut dist = [0u64; 4];
        let mut last_at: std::collections::HashMap<u32, u64> = Default::default();
        let (mut refused, mut rejected, mut ack_lost, mut tmo_lost) = (0u64, 0u64, 0u64, 0u64);
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
                epoch_wraps += (send && r.accepted && r.nxt & 1023 == 0) as u64;
                wraps += (send && r.accepted && r.nxt == 0) as u64;
                if let Some(u) = last_una.insert(r.idx, r.una) {
                    jumps += (r.una.wrapping_sub(u) > 1 && r.una.wrapping_sub(u) < 256) as u64;
                }
            }
            prev = o;
        }
        eprintln!(
            "{} seed {seed:#x}: ops (read init send ack timeout) {ops:?}, distance (-, 1, 2, >=3) {dist:?}, \
             refused sends {refused}, rejected acks {rejected}, acks declaring losses {ack_lost}, \
             timeouts declaring losses {tmo_lost}, emitted {emitted}, emission blocked {blocked}, \
             op_ready drops {stalled}, epoch wraps {epoch_wraps}, 2^32 wraps {wraps}, floor jumps {jumps}",
            M::MODULE
        );
        assert!(ops.iter().all(|&k| k > 20), "seed {seed:#x}: {ops:?}");
        assert!(
            dist[1] > 1_000 && dist[2] > 500 && dist[3] > 1_000,
            "seed {seed:#x}: {dist:?}"
        );
        assert!(refused > 50 && rejected > 50, "seed {seed:#x}");
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
    use braid_sim::model::tx_compl::{TxComplStim, OP_PUSH, RES_FULL, RES_NO_CONN};
    for seed in [0x7c0f, 0x51] {
        let mut m = TxComplTinyModel::default();
        let mut stim = TxComplStim::<4>::new(seed);
        let (mut full, mut no_conn, mut flushed, mut errors, mut signaled, mut silent) =
            (0, 0, 0, 0, 0, 0);
        let (mut not_ready, mut held) = (0, 0);
        let mut prev_c: Option<braid_sim::model::tx_compl::TxCompletion> = None;
        for c in 0..60_000u64 {
            let i = stim.next(c);
            let o = m.step(&i);
            stim.observe(&o);
            match o.res {
                Some((OP_PUSH, _, RES_FULL)) => full += 1,
                Some((OP_PUSH, _, RES_NO_CONN)) => no_conn += 1,
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
             flushed {flushed} silent {silent} not_ready {not_ready} held {held} done {}",
            m.step(&Default::default()).cnt_done
        );
        assert!(full > 0 && no_conn > 20, "seed {seed:#x}");
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
/// ones none.
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
                    (OP_FLUSH, RES_OK) => flushing[k] = true,
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
                if flushing[k] || r.signaled || r.status != 0 {
                    expect_c.push_back(TxCompletion {
                        cq: cq[k],
                        conn,
                        wr_id: r.wr_id,
                        byte_len: r.len,
                        msn: r.msn,
                        stream: r.stream,
                        status: if flushing[k] {
                            STATUS_FLUSHED
                        } else {
                            r.status
                        },
                    });
                }
            }
            shown = o.c;
        }
        assert!(
            completed > 5_000 && cqes > 3_000,
            "seed {seed:#x}: {completed} {cqes}"
        );
    }
}
