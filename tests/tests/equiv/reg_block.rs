//! `reg_block`: its cycle model against the RTL block, in Verilator (every
//! output on every clock, seeded random stimulus biased toward the
//! edges) and in RustHDL's own simulator (a short seeded run).

use crate::common::*;
use braid_model::*;
use braid_tests::{assert_equiv, equiv_cycles, seeds};
use rust_hdl::prelude::*;

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
    use braid_model::reg_block::RegBlockStim;
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
    rtl: braid_cosim::equiv::Bound<RegBlockModel>,
    last: braid_model::reg_block::RegBlockOut,
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
        let mut rtl = braid_cosim::equiv::Bound::<RegBlockModel>::new().unwrap();
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

    fn clock(&mut self, mut i: braid_model::reg_block::RegBlockIn) {
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
        use braid_model::reg_block::RegBlockIn;
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
        use braid_model::reg_block::RegBlockIn;
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
        braid_model::reg_block::CAPS,
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

fn reg_block_step(
    uut: &mut braid_hdl::RegBlock,
    i: &braid_model::reg_block::RegBlockIn,
) -> braid_model::reg_block::RegBlockOut {
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
    braid_model::reg_block::RegBlockOut {
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
    use braid_model::reg_block::RegBlockStim;
    use braid_model::RegBlockModel;
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
