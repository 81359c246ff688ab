//! Co-simulation of the engine top `braid_engine` (tiny build
//! `braid_engine_tiny`): the Verilated module with every host and network
//! port served from Rust, and a `braid_driver` [`Backend`] over it.
//!
//! * [`AxiLite`]: an AXI4-Lite master for BAR0 on any [`Sim`] with
//!   `reg_block`'s port names (`awvalid awready awaddr`, `wvalid wready
//!   wdata wstrb`, `bvalid bready bresp`, `arvalid arready araddr`,
//!   `rvalid rready rdata rresp`). It runs one access at a time: AW and W
//!   are presented together (`wstrb = 0xF`) and each held until its ready,
//!   `bready` / `rready` are always high. A response other than OKAY is an
//!   error naming the offset, and so is an access that has no response
//!   within [`AxiLite::timeout`] clocks (never a hang).
//! * [`EngineSim`]: the top with its AXI-Lite master, host memory
//!   ([`HostMem`] through a [`DmaReadServer`] and a [`DmaWriteSink`]), a MAC
//!   receive queue ([`RxFeeder`]) and a transmit [`FrameCollector`];
//!   counters of the DMA traffic and, on request, a log of it ([`DmaLog`]).
//! * [`EngineBackend`]: [`Backend`] over an [`EngineSim`]: registers through
//!   the AXI-Lite master, DMA memory in the [`HostMem`], the engine clocked
//!   while the driver polls ([`POLL_CLOCKS`] per [`Backend::dma_read`]).
//!
//! # Timing of one clock ([`EngineSim::run`])
//!
//! 1. every input is driven from the servers' state: the AXI master's
//!    channels, `rd_ready` and the read-response beat (`rs_*`), `dw_ready`,
//!    the next rx beat (`rx_*`, one per clock, no backpressure) and
//!    `tx_ready`;
//! 2. the model is evaluated (combinational outputs settle on those inputs);
//! 3. the outputs are sampled *before the rising edge*: a handshake
//!    (`valid && ready` as seen here) is taken at this edge by the servers
//!    (a DMA write's last beat is applied to host memory now, a frame's last
//!    beat completes it in the collector);
//! 4. the clock ticks (rising edge, then falling edge).
//!
//! So an output read with [`EngineSim::peek`] between clocks shows the value
//! after the last edge, and host memory written by the driver between clocks
//! is what the next read beat carries.
//!
//! A register access is a few clocks of the whole engine (the DMA servers
//! and the MAC run meanwhile): against `reg_block` a write takes 3 clocks
//! (AW+W accepted, write performed, B taken), a read 2 (AR accepted, R
//! taken).

use super::host::{BadWrite, DmaReadServer, DmaWriteSink, HostMem, ReadReq, WriteBeat, BEAT};
use super::mac::{FrameCollector, MacBeat, RxFeeder};
use super::{CosimError, Port, Sim};
use braid_driver::{Backend, DmaBuf, Error as DriverError, Result as DriverResult};
use braid_spec::regs;
use std::cell::RefCell;
use std::collections::HashMap;
use std::fmt;
use std::path::Path;
use std::rc::Rc;

/// The engine top this harness opens by default.
pub const DEFAULT_MODULE: &str = "braid_engine_tiny";
/// Clocks an AXI-Lite access may wait for a handshake or its response.
pub const AXI_TIMEOUT: u64 = 10_000;
/// Clocks the engine runs on each [`Backend::dma_read`] of [`EngineBackend`]
/// (so a driver polling a completion ring lets the engine advance).
pub const POLL_CLOCKS: u64 = 64;
/// Default clocks from taking a DMA read request to its first beat.
pub const DEFAULT_DMA_LATENCY: u64 = 20;
/// Default DMA read requests outstanding at most.
pub const DEFAULT_DMA_DEPTH: usize = 4;
/// First device address [`EngineBackend`] allocates (above 4 GiB, so an
/// engine that drops address bits above 31 faults instead of passing).
pub const IOVA_BASE: u64 = 0x1_0000_0000;
/// Page size of [`EngineBackend`]'s allocations; one unmapped page follows
/// each buffer (an overrun faults).
pub const PAGE: u64 = 4096;

/// Which AXI-Lite access.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AxiOp {
    /// AW + W + B.
    Write,
    /// AR + R.
    Read,
}

impl fmt::Display for AxiOp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            AxiOp::Write => "write",
            AxiOp::Read => "read",
        })
    }
}

fn resp_name(resp: &u32) -> &'static str {
    match *resp {
        0 => "OKAY",
        1 => "EXOKAY",
        2 => "SLVERR",
        _ => "DECERR",
    }
}

fn reg_name(off: &u32) -> &'static str {
    regs::by_offset(*off)
        .map(|r| r.name)
        .unwrap_or("no register")
}

fn direction(input: &bool, is: bool) -> &'static str {
    if *input == is {
        "input"
    } else {
        "output"
    }
}

/// Errors of the engine harness.
#[derive(Debug, thiserror::Error)]
pub enum EngineError {
    /// Opening the module or resolving a port failed.
    #[error(transparent)]
    Cosim(#[from] CosimError),
    /// A port has the wrong direction.
    #[error("module `{module}`: port `{port}` is an {}, the harness needs an {}",
        direction(.input, true), direction(.input, false))]
    Direction {
        /// Module name.
        module: &'static str,
        /// Port name.
        port: &'static str,
        /// The port is an input.
        input: bool,
    },
    /// A port has the wrong width.
    #[error("module `{module}`: port `{port}` is {got} bits wide, the harness needs {want}")]
    Width {
        /// Module name.
        module: &'static str,
        /// Port name.
        port: String,
        /// Width the harness expects.
        want: u32,
        /// Width of the port.
        got: u32,
    },
    /// An access answered with a response other than OKAY.
    #[error("{module}: AXI-Lite {op} of BAR0 offset {off:#05x} ({}) answered {} ({resp})",
        reg_name(.off), resp_name(.resp))]
    Resp {
        /// Module name.
        module: &'static str,
        /// Read or write.
        op: AxiOp,
        /// BAR0 byte offset.
        off: u32,
        /// `bresp` / `rresp`.
        resp: u32,
    },
    /// An access saw no handshake or no response in time.
    #[error("{module}: AXI-Lite {op} of BAR0 offset {off:#05x} ({}): no {waiting} within {clocks} clocks",
        reg_name(.off))]
    Timeout {
        /// Module name.
        module: &'static str,
        /// Read or write.
        op: AxiOp,
        /// BAR0 byte offset.
        off: u32,
        /// What never came (`awready`, `wready`, `bvalid`, `arready`, `rvalid`).
        waiting: &'static str,
        /// Clocks waited.
        clocks: u64,
    },
    /// An offset the AXI address port cannot carry (it would alias).
    #[error("{module}: BAR0 offset {off:#x} does not fit the {bits}-bit AXI-Lite address")]
    OutOfRange {
        /// Module name.
        module: &'static str,
        /// BAR0 byte offset.
        off: u32,
        /// Width of `awaddr` / `araddr`.
        bits: u32,
    },
    /// [`EngineSim::peek`] of a port wider than 64 bits.
    #[error("module `{module}`: port `{port}` is {width} bits wide; peek reads at most 64")]
    TooWide {
        /// Module name.
        module: &'static str,
        /// Port name.
        port: String,
        /// Its width.
        width: u32,
    },
}

/// One access in progress.
#[derive(Debug, Clone, Copy)]
struct Txn {
    op: AxiOp,
    off: u32,
    data: u32,
    /// AW (write) or AR (read) accepted.
    addr_done: bool,
    /// W accepted (writes).
    data_done: bool,
    clocks: u64,
}

/// An AXI4-Lite master for BAR0 on any module with `reg_block`'s AXI port
/// names. Use it standalone ([`AxiLite::write32`] / [`AxiLite::read32`]
/// clock the `Sim` themselves) or inside a larger per-clock loop
/// ([`AxiLite::start`], then [`AxiLite::drive`] before and
/// [`AxiLite::sample`] after the evaluation of every clock, until
/// [`AxiLite::take`] returns the result), as [`EngineSim`] does.
#[derive(Debug)]
pub struct AxiLite {
    module: &'static str,
    awvalid: Port,
    awready: Port,
    awaddr: Port,
    wvalid: Port,
    wready: Port,
    wdata: Port,
    wstrb: Port,
    bvalid: Port,
    bready: Port,
    bresp: Port,
    arvalid: Port,
    arready: Port,
    araddr: Port,
    rvalid: Port,
    rready: Port,
    rdata: Port,
    rresp: Port,
    addr_bits: u32,
    /// Clocks an access may wait for each handshake and for its response
    /// ([`AXI_TIMEOUT`] by default). After a timeout the access is abandoned
    /// (its valids drop); a response that still comes later is counted in
    /// [`AxiLite::stray`], not taken for the next access.
    pub timeout: u64,
    txn: Option<Txn>,
    done: Option<Result<u32, EngineError>>,
    /// Responses (`bvalid` / `rvalid`) seen with no access waiting for them.
    pub stray: u64,
    /// Accesses completed with OKAY.
    pub accesses: u64,
}

fn input_of(sim: &Sim, name: &'static str) -> Result<Port, EngineError> {
    Ok(sim.input(name)?)
}

fn output_of(sim: &Sim, name: &'static str) -> Result<Port, EngineError> {
    let p = sim.port(name)?;
    if sim.desc().ports.iter().any(|d| d.name == name && d.input) {
        return Err(EngineError::Direction {
            module: sim.desc().name,
            port: name,
            input: true,
        });
    }
    Ok(p)
}

fn check_width(sim: &Sim, name: &str, p: Port, want: u32) -> Result<Port, EngineError> {
    if p.width != want {
        return Err(EngineError::Width {
            module: sim.desc().name,
            port: name.into(),
            want,
            got: p.width,
        });
    }
    Ok(p)
}

fn inp(sim: &Sim, name: &'static str, width: u32) -> Result<Port, EngineError> {
    check_width(sim, name, input_of(sim, name)?, width)
}

fn out(sim: &Sim, name: &'static str, width: u32) -> Result<Port, EngineError> {
    check_width(sim, name, output_of(sim, name)?, width)
}

impl AxiLite {
    /// Resolve the AXI4-Lite ports of `sim`'s module (the address width is
    /// taken from `awaddr`; `araddr` must match it).
    pub fn new(sim: &Sim) -> Result<AxiLite, EngineError> {
        let awaddr = input_of(sim, "awaddr")?;
        let addr_bits = awaddr.width;
        if addr_bits > 32 {
            return Err(EngineError::Width {
                module: sim.desc().name,
                port: "awaddr".into(),
                want: 32,
                got: addr_bits,
            });
        }
        Ok(AxiLite {
            module: sim.desc().name,
            awvalid: inp(sim, "awvalid", 1)?,
            awready: out(sim, "awready", 1)?,
            awaddr,
            wvalid: inp(sim, "wvalid", 1)?,
            wready: out(sim, "wready", 1)?,
            wdata: inp(sim, "wdata", 32)?,
            wstrb: inp(sim, "wstrb", 4)?,
            bvalid: out(sim, "bvalid", 1)?,
            bready: inp(sim, "bready", 1)?,
            bresp: out(sim, "bresp", 2)?,
            arvalid: inp(sim, "arvalid", 1)?,
            arready: out(sim, "arready", 1)?,
            araddr: inp(sim, "araddr", addr_bits)?,
            rvalid: out(sim, "rvalid", 1)?,
            rready: inp(sim, "rready", 1)?,
            rdata: out(sim, "rdata", 32)?,
            rresp: out(sim, "rresp", 2)?,
            addr_bits,
            timeout: AXI_TIMEOUT,
            txn: None,
            done: None,
            stray: 0,
            accesses: 0,
        })
    }

    /// Width of the byte address (`awaddr`).
    pub fn addr_bits(&self) -> u32 {
        self.addr_bits
    }

    /// An access is in progress.
    pub fn busy(&self) -> bool {
        self.txn.is_some()
    }

    /// Begin an access: a write of `data` at `off` (`op == Write`) or a read
    /// of `off` (`data` ignored). Panics if one is already in progress or
    /// its result was not taken (a harness bug). An offset that does not fit
    /// the address port is refused at once ([`EngineError::OutOfRange`]).
    pub fn start(&mut self, op: AxiOp, off: u32, data: u32) -> Result<(), EngineError> {
        assert!(
            self.txn.is_none() && self.done.is_none(),
            "AXI-Lite access started while another is in progress"
        );
        if self.addr_bits < 32 && off >> self.addr_bits != 0 {
            return Err(EngineError::OutOfRange {
                module: self.module,
                off,
                bits: self.addr_bits,
            });
        }
        self.txn = Some(Txn {
            op,
            off,
            data,
            addr_done: false,
            data_done: false,
            clocks: 0,
        });
        Ok(())
    }

    /// Drive the master's inputs of the module for the coming edge.
    pub fn drive(&self, sim: &mut Sim) {
        let (aw, w, ar, off, data) = match self.txn {
            Some(t) if t.op == AxiOp::Write => (!t.addr_done, !t.data_done, false, t.off, t.data),
            Some(t) => (false, false, !t.addr_done, t.off, 0),
            None => (false, false, false, 0, 0),
        };
        sim.set(self.awvalid, aw as u64);
        sim.set(self.awaddr, off as u64);
        sim.set(self.wvalid, w as u64);
        sim.set(self.wdata, data as u64);
        sim.set(self.wstrb, 0xf);
        sim.set(self.arvalid, ar as u64);
        sim.set(self.araddr, off as u64);
        sim.set(self.bready, 1);
        sim.set(self.rready, 1);
    }

    /// Sample the slave's outputs after the evaluation of a clock whose
    /// inputs [`AxiLite::drive`] set: the handshakes seen here happen at the
    /// coming edge.
    pub fn sample(&mut self, sim: &Sim) {
        let bvalid = sim.get(self.bvalid) != 0;
        let rvalid = sim.get(self.rvalid) != 0;
        let Some(mut t) = self.txn else {
            self.stray += bvalid as u64 + rvalid as u64;
            return;
        };
        let mut result = None;
        match t.op {
            AxiOp::Write => {
                // a response counts once both halves were accepted at an
                // earlier edge
                if bvalid && t.addr_done && t.data_done {
                    let resp = sim.get(self.bresp) as u32;
                    result = Some(if resp == 0 {
                        Ok(0)
                    } else {
                        Err(self.resp_err(t, resp))
                    });
                } else if bvalid {
                    self.stray += 1;
                }
                if rvalid {
                    self.stray += 1;
                }
                if !t.addr_done && sim.get(self.awready) != 0 {
                    t.addr_done = true;
                    t.clocks = 0;
                }
                if !t.data_done && sim.get(self.wready) != 0 {
                    t.data_done = true;
                    t.clocks = 0;
                }
            }
            AxiOp::Read => {
                if rvalid && t.addr_done {
                    let resp = sim.get(self.rresp) as u32;
                    result = Some(if resp == 0 {
                        Ok(sim.get(self.rdata) as u32)
                    } else {
                        Err(self.resp_err(t, resp))
                    });
                } else if rvalid {
                    self.stray += 1;
                }
                if bvalid {
                    self.stray += 1;
                }
                if !t.addr_done && sim.get(self.arready) != 0 {
                    t.addr_done = true;
                    t.clocks = 0;
                }
            }
        }
        if result.is_none() {
            t.clocks += 1;
            if t.clocks >= self.timeout {
                let waiting = match t.op {
                    AxiOp::Write if !t.addr_done => "awready",
                    AxiOp::Write if !t.data_done => "wready",
                    AxiOp::Write => "bvalid",
                    AxiOp::Read if !t.addr_done => "arready",
                    AxiOp::Read => "rvalid",
                };
                result = Some(Err(EngineError::Timeout {
                    module: self.module,
                    op: t.op,
                    off: t.off,
                    waiting,
                    clocks: t.clocks,
                }));
            }
        }
        match result {
            Some(r) => {
                if r.is_ok() {
                    self.accesses += 1;
                }
                self.txn = None;
                self.done = Some(r);
            }
            None => self.txn = Some(t),
        }
    }

    fn resp_err(&self, t: Txn, resp: u32) -> EngineError {
        EngineError::Resp {
            module: self.module,
            op: t.op,
            off: t.off,
            resp,
        }
    }

    /// The result of the finished access (read data; 0 for a write), once.
    pub fn take(&mut self) -> Option<Result<u32, EngineError>> {
        self.done.take()
    }

    fn run_alone(
        &mut self,
        sim: &mut Sim,
        op: AxiOp,
        off: u32,
        v: u32,
    ) -> Result<u32, EngineError> {
        self.start(op, off, v)?;
        loop {
            self.drive(sim);
            sim.eval();
            self.sample(sim);
            sim.tick();
            if let Some(r) = self.take() {
                return r;
            }
        }
    }

    /// Write `v` at BAR0 offset `off` of a module driven by nothing else
    /// (each clock: drive, evaluate, sample, tick).
    pub fn write32(&mut self, sim: &mut Sim, off: u32, v: u32) -> Result<(), EngineError> {
        self.run_alone(sim, AxiOp::Write, off, v).map(|_| ())
    }

    /// Read BAR0 offset `off` of a module driven by nothing else.
    pub fn read32(&mut self, sim: &mut Sim, off: u32) -> Result<u32, EngineError> {
        self.run_alone(sim, AxiOp::Read, off, 0)
    }
}

/// The engine's ports other than AXI-Lite, resolved once.
#[derive(Debug)]
struct EnginePorts {
    rd_valid: Port,
    rd_ready: Port,
    rd_addr: Port,
    rd_len: Port,
    rd_tag: Port,
    rs_valid: Port,
    rs_ready: Port,
    rs_data: Port,
    rs_tag: Port,
    rs_last: Port,
    rs_err: Port,
    dw_valid: Port,
    dw_ready: Port,
    dw_addr: Port,
    dw_len: Port,
    dw_data: Port,
    dw_last: Port,
    rx_valid: Port,
    rx_data: Port,
    rx_keep: Port,
    rx_last: Port,
    tx_valid: Port,
    tx_ready: Port,
    tx_data: Port,
    tx_keep: Port,
    tx_last: Port,
    tx_bad: Port,
    cnt_db_dropped: Port,
    cnt_db_bad_cq: Port,
    cnt_glue_overflow: Port,
    cnt_tx_no_conn: Port,
    cnt_pl_err: Port,
    cnt_rx_bad: Port,
    cnt_rx_gate: Port,
    cnt_rx_dup: Port,
    cnt_rx_oow: Port,
    cnt_ack_tx: Port,
    cnt_nack_tx: Port,
    cnt_ack_rx: Port,
    cnt_ack_rej: Port,
    cnt_ack_bad: Port,
    cnt_retx_stale: Port,
    cnt_nack_rx: Port,
    cnt_nack_rnr: Port,
    cnt_nack_fail: Port,
    cnt_nack_drop: Port,
}

impl EnginePorts {
    fn new(sim: &Sim) -> Result<EnginePorts, EngineError> {
        Ok(EnginePorts {
            rd_valid: out(sim, "rd_valid", 1)?,
            rd_ready: inp(sim, "rd_ready", 1)?,
            rd_addr: out(sim, "rd_addr", 64)?,
            rd_len: out(sim, "rd_len", 13)?,
            rd_tag: out(sim, "rd_tag", 8)?,
            rs_valid: inp(sim, "rs_valid", 1)?,
            rs_ready: out(sim, "rs_ready", 1)?,
            rs_data: inp(sim, "rs_data", 512)?,
            rs_tag: inp(sim, "rs_tag", 8)?,
            rs_last: inp(sim, "rs_last", 1)?,
            rs_err: inp(sim, "rs_err", 1)?,
            dw_valid: out(sim, "dw_valid", 1)?,
            dw_ready: inp(sim, "dw_ready", 1)?,
            dw_addr: out(sim, "dw_addr", 64)?,
            dw_len: out(sim, "dw_len", 16)?,
            dw_data: out(sim, "dw_data", 512)?,
            dw_last: out(sim, "dw_last", 1)?,
            rx_valid: inp(sim, "rx_valid", 1)?,
            rx_data: inp(sim, "rx_data", 512)?,
            rx_keep: inp(sim, "rx_keep", 64)?,
            rx_last: inp(sim, "rx_last", 1)?,
            tx_valid: out(sim, "tx_valid", 1)?,
            tx_ready: inp(sim, "tx_ready", 1)?,
            tx_data: out(sim, "tx_data", 512)?,
            tx_keep: out(sim, "tx_keep", 64)?,
            tx_last: out(sim, "tx_last", 1)?,
            tx_bad: out(sim, "tx_bad", 1)?,
            cnt_db_dropped: out(sim, "cnt_db_dropped", 32)?,
            cnt_db_bad_cq: out(sim, "cnt_db_bad_cq", 32)?,
            cnt_glue_overflow: out(sim, "cnt_glue_overflow", 32)?,
            cnt_tx_no_conn: out(sim, "cnt_tx_no_conn", 32)?,
            cnt_pl_err: out(sim, "cnt_pl_err", 32)?,
            cnt_rx_bad: out(sim, "cnt_rx_bad", 32)?,
            cnt_rx_gate: out(sim, "cnt_rx_gate", 32)?,
            cnt_rx_dup: out(sim, "cnt_rx_dup", 32)?,
            cnt_rx_oow: out(sim, "cnt_rx_oow", 32)?,
            cnt_ack_tx: out(sim, "cnt_ack_tx", 32)?,
            cnt_nack_tx: out(sim, "cnt_nack_tx", 32)?,
            cnt_ack_rx: out(sim, "cnt_ack_rx", 32)?,
            cnt_ack_rej: out(sim, "cnt_ack_rej", 32)?,
            cnt_ack_bad: out(sim, "cnt_ack_bad", 32)?,
            cnt_retx_stale: out(sim, "cnt_retx_stale", 32)?,
            cnt_nack_rx: out(sim, "cnt_nack_rx", 32)?,
            cnt_nack_rnr: out(sim, "cnt_nack_rnr", 32)?,
            cnt_nack_fail: out(sim, "cnt_nack_fail", 32)?,
            cnt_nack_drop: out(sim, "cnt_nack_drop", 32)?,
        })
    }
}

/// The engine's own error counters (ports `cnt_*`), as of the last edge.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct GlueCounters {
    /// `cnt_db_dropped`: doorbells dropped (FIFO full).
    pub db_dropped: u32,
    /// `cnt_db_bad_cq`: CQ doorbells naming no completion queue.
    pub db_bad_cq: u32,
    /// `cnt_glue_overflow`: overflows of the top's glue FIFOs.
    pub glue_overflow: u32,
    /// `cnt_tx_no_conn`: packets dropped because their connection was
    /// destroyed before their header was built.
    pub tx_no_conn: u32,
    /// `cnt_pl_err`: payloads whose DMA read failed.
    pub pl_err: u32,
    /// `cnt_rx_bad`: received frames the parser dropped.
    pub rx_bad: u32,
    /// `cnt_rx_gate`: received frames dropped whole before the parser.
    pub rx_gate: u32,
    /// `cnt_rx_dup`: data packets whose CSN was already received.
    pub rx_dup: u32,
    /// `cnt_rx_oow`: data packets whose CSN is outside the dedup window.
    pub rx_oow: u32,
    /// `cnt_ack_tx`: ACK frames sent.
    pub ack_tx: u32,
    /// `cnt_nack_tx`: NACK frames sent.
    pub nack_tx: u32,
    /// `cnt_ack_rx`: ACKs received and accepted by `tx_path_table`.
    pub ack_rx: u32,
    /// `cnt_ack_rej`: ACKs received and rejected (base PSN far behind the
    /// path's next PSN: stale, or for PSNs never sent).
    pub ack_rej: u32,
    /// `cnt_ack_bad`: ACKs received naming no path of this engine.
    pub ack_bad: u32,
    /// `cnt_retx_stale`: lost packets not retransmitted because their
    /// message had completed (its record reused) or their connection failed.
    pub retx_stale: u32,
    /// `cnt_nack_rx`: well-formed NACKs received.
    pub nack_rx: u32,
    /// `cnt_nack_rnr`: of them, NO_RECV_BUFFER (no action).
    pub nack_rnr: u32,
    /// `cnt_nack_fail`: connections failed by a fatal NACK.
    pub nack_fail: u32,
    /// `cnt_nack_drop`: fatal NACKs that failed nothing (no such
    /// connection, not valid, CSN outside the window).
    pub nack_drop: u32,
}

/// DMA traffic recorded by [`EngineSim::log_dma`], in order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DmaLog {
    /// Read requests taken (`rd_valid && rd_ready`).
    pub reads: Vec<ReadReq>,
    /// Writes received whole (last beat taken): `(dw_addr, dw_len)`,
    /// applied or refused.
    pub writes: Vec<(u64, u32)>,
}

fn bytes_to_words(b: &[u8; BEAT], w: &mut [u32; BEAT / 4]) {
    for (k, x) in w.iter_mut().enumerate() {
        *x = u32::from_le_bytes([b[4 * k], b[4 * k + 1], b[4 * k + 2], b[4 * k + 3]]);
    }
}

fn words_to_bytes(w: &[u32; BEAT / 4]) -> [u8; BEAT] {
    let mut b = [0u8; BEAT];
    for (k, x) in w.iter().enumerate() {
        b[4 * k..4 * k + 4].copy_from_slice(&x.to_le_bytes());
    }
    b
}

/// The Verilated engine top with its host and network sides served from
/// Rust. See the module documentation for the order of events in a clock.
pub struct EngineSim {
    sim: Sim,
    axi: AxiLite,
    p: EnginePorts,
    /// Host memory the engine's DMA reaches.
    pub mem: HostMem,
    /// The DMA read channel (replace it to change latency or depth).
    pub rd: DmaReadServer,
    dw: DmaWriteSink,
    rx: RxFeeder,
    tx: FrameCollector,
    /// `tx_ready` driven on every clock (default high).
    pub tx_ready: bool,
    /// `dw_ready` driven on every clock (default high).
    pub dw_ready: bool,
    dma_writes: u64,
    dma_write_beats: u64,
    rx_beats: u64,
    log: Option<DmaLog>,
    zero: [u32; BEAT / 4],
    words: [u32; BEAT / 4],
}

impl fmt::Debug for EngineSim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("EngineSim")
            .field("module", &self.sim.desc().name)
            .field("cycles", &self.sim.cycles())
            .finish()
    }
}

impl EngineSim {
    /// Instantiate engine top `module` and resolve every port (an error
    /// names the first missing or mismatched port), with empty host memory,
    /// a DMA read channel of [`DEFAULT_DMA_LATENCY`] clocks and
    /// [`DEFAULT_DMA_DEPTH`] outstanding requests, nothing to receive and
    /// `tx_ready` / `dw_ready` high.
    pub fn new(module: &str) -> Result<EngineSim, EngineError> {
        let sim = Sim::new(module)?;
        let axi = AxiLite::new(&sim)?;
        let p = EnginePorts::new(&sim)?;
        Ok(EngineSim {
            sim,
            axi,
            p,
            mem: HostMem::new(),
            rd: DmaReadServer::new(DEFAULT_DMA_LATENCY, DEFAULT_DMA_DEPTH),
            dw: DmaWriteSink::new(),
            rx: RxFeeder::new(),
            tx: FrameCollector::new(),
            tx_ready: true,
            dw_ready: true,
            dma_writes: 0,
            dma_write_beats: 0,
            rx_beats: 0,
            log: None,
            zero: [0; BEAT / 4],
            words: [0; BEAT / 4],
        })
    }

    /// [`EngineSim::new`] of [`DEFAULT_MODULE`].
    pub fn tiny() -> Result<EngineSim, EngineError> {
        EngineSim::new(DEFAULT_MODULE)
    }

    /// The module's name.
    pub fn module(&self) -> &'static str {
        self.sim.desc().name
    }

    /// One clock (see the module documentation).
    fn clock(&mut self) {
        let p = &self.p;
        let sim = &mut self.sim;
        // 1. inputs for the coming edge
        self.axi.drive(sim);
        sim.set(p.rd_ready, self.rd.rd_ready() as u64);
        match self.rd.beat(&self.mem) {
            Some(b) => {
                bytes_to_words(&b.data, &mut self.words);
                sim.set(p.rs_valid, 1);
                sim.set_words(p.rs_data, &self.words);
                sim.set(p.rs_tag, b.tag as u64);
                sim.set(p.rs_last, b.last as u64);
                sim.set(p.rs_err, b.err as u64);
            }
            None => {
                sim.set(p.rs_valid, 0);
                sim.set_words(p.rs_data, &self.zero);
                sim.set(p.rs_tag, 0);
                sim.set(p.rs_last, 0);
                sim.set(p.rs_err, 0);
            }
        }
        sim.set(p.dw_ready, self.dw_ready as u64);
        match self.rx.next_beat() {
            Some(b) => {
                self.rx_beats += 1;
                bytes_to_words(&b.data, &mut self.words);
                sim.set(p.rx_valid, 1);
                sim.set_words(p.rx_data, &self.words);
                sim.set(p.rx_keep, b.keep);
                sim.set(p.rx_last, b.last as u64);
            }
            None => {
                sim.set(p.rx_valid, 0);
                sim.set_words(p.rx_data, &self.zero);
                sim.set(p.rx_keep, 0);
                sim.set(p.rx_last, 0);
            }
        }
        sim.set(p.tx_ready, self.tx_ready as u64);
        // 2. settle
        sim.eval();
        // 3. sample before the edge: the handshakes of this edge
        self.axi.sample(sim);
        let req = (sim.get(p.rd_valid) != 0).then(|| ReadReq {
            addr: sim.get(p.rd_addr),
            len: sim.get(p.rd_len) as u32,
            tag: sim.get(p.rd_tag) as u8,
        });
        let rs_ready = sim.get(p.rs_ready) != 0;
        if let (Some(r), Some(log), true) = (req, self.log.as_mut(), self.rd.rd_ready()) {
            log.reads.push(r);
        }
        self.rd.clock(&self.mem, req, rs_ready);
        if self.dw_ready && sim.get(p.dw_valid) != 0 {
            sim.get_words(p.dw_data, &mut self.words);
            let b = WriteBeat {
                addr: sim.get(p.dw_addr),
                len: sim.get(p.dw_len) as u32,
                data: words_to_bytes(&self.words),
                last: sim.get(p.dw_last) != 0,
            };
            self.dma_write_beats += 1;
            if b.last {
                self.dma_writes += 1;
                if let Some(log) = self.log.as_mut() {
                    log.writes.push((b.addr, b.len));
                }
            }
            self.dw.beat(&mut self.mem, &b);
        }
        if self.tx_ready && sim.get(p.tx_valid) != 0 {
            sim.get_words(p.tx_data, &mut self.words);
            let b = MacBeat {
                data: words_to_bytes(&self.words),
                keep: sim.get(p.tx_keep),
                last: sim.get(p.tx_last) != 0,
                bad: sim.get(p.tx_bad) != 0,
            };
            self.tx.beat(&b);
        }
        // 4. the edge
        sim.tick();
    }

    /// Run `n` clocks.
    pub fn run(&mut self, n: u64) {
        for _ in 0..n {
            self.clock();
        }
    }

    fn access(&mut self, op: AxiOp, off: u32, v: u32) -> Result<u32, EngineError> {
        self.axi.start(op, off, v)?;
        loop {
            self.clock();
            if let Some(r) = self.axi.take() {
                return r;
            }
        }
    }

    /// Write BAR0 offset `off` through AXI-Lite (the engine runs meanwhile).
    pub fn write32(&mut self, off: u32, v: u32) -> Result<(), EngineError> {
        self.access(AxiOp::Write, off, v).map(|_| ())
    }

    /// Read BAR0 offset `off` through AXI-Lite (the engine runs meanwhile).
    pub fn read32(&mut self, off: u32) -> Result<u32, EngineError> {
        self.access(AxiOp::Read, off, 0)
    }

    /// The AXI-Lite master (timeout, stray responses).
    pub fn axi(&mut self) -> &mut AxiLite {
        &mut self.axi
    }

    /// Responses the AXI-Lite master saw with no access waiting for them
    /// ([`AxiLite::stray`]; 0 unless an access timed out or the slave
    /// answered unasked).
    pub fn axi_stray(&self) -> u64 {
        self.axi.stray
    }

    /// Any output (or input) of up to 64 bits, as of the last edge.
    pub fn peek(&self, port: &str) -> Result<u64, EngineError> {
        let p = self.sim.port(port)?;
        if p.width > 64 {
            return Err(EngineError::TooWide {
                module: self.module(),
                port: port.into(),
                width: p.width,
            });
        }
        Ok(self.sim.get(p))
    }

    /// The `cnt_*` ports.
    pub fn glue_counters(&self) -> GlueCounters {
        GlueCounters {
            db_dropped: self.sim.get(self.p.cnt_db_dropped) as u32,
            db_bad_cq: self.sim.get(self.p.cnt_db_bad_cq) as u32,
            glue_overflow: self.sim.get(self.p.cnt_glue_overflow) as u32,
            tx_no_conn: self.sim.get(self.p.cnt_tx_no_conn) as u32,
            pl_err: self.sim.get(self.p.cnt_pl_err) as u32,
            rx_bad: self.sim.get(self.p.cnt_rx_bad) as u32,
            rx_gate: self.sim.get(self.p.cnt_rx_gate) as u32,
            rx_dup: self.sim.get(self.p.cnt_rx_dup) as u32,
            rx_oow: self.sim.get(self.p.cnt_rx_oow) as u32,
            ack_tx: self.sim.get(self.p.cnt_ack_tx) as u32,
            nack_tx: self.sim.get(self.p.cnt_nack_tx) as u32,
            ack_rx: self.sim.get(self.p.cnt_ack_rx) as u32,
            ack_rej: self.sim.get(self.p.cnt_ack_rej) as u32,
            ack_bad: self.sim.get(self.p.cnt_ack_bad) as u32,
            retx_stale: self.sim.get(self.p.cnt_retx_stale) as u32,
            nack_rx: self.sim.get(self.p.cnt_nack_rx) as u32,
            nack_rnr: self.sim.get(self.p.cnt_nack_rnr) as u32,
            nack_fail: self.sim.get(self.p.cnt_nack_fail) as u32,
            nack_drop: self.sim.get(self.p.cnt_nack_drop) as u32,
        }
    }

    /// Clocks run so far (register accesses included).
    pub fn cycles(&self) -> u64 {
        self.sim.cycles()
    }

    /// Queue a frame for the MAC receive port (its beats follow the frames
    /// queued before it, one per clock).
    pub fn push_rx_frame(&mut self, frame: &[u8]) {
        self.rx.push(frame);
    }

    /// Receive beats not yet shown to the engine.
    pub fn rx_backlog(&self) -> usize {
        self.rx.backlog()
    }

    /// Receive beats shown to the engine so far.
    pub fn rx_beats(&self) -> u64 {
        self.rx_beats
    }

    /// The frames the engine transmitted (complete ones in `frames`, oldest
    /// first; `malformed` counts the dropped ones).
    pub fn tx(&mut self) -> &mut FrameCollector {
        &mut self.tx
    }

    /// Writes the engine attempted that host memory refused or found
    /// malformed, in order.
    pub fn bad_writes(&self) -> &[BadWrite] {
        &self.mem.bad_writes
    }

    /// DMA read requests answered with `rs_err` (unmapped, empty or
    /// crossing 4 KiB).
    pub fn read_faults(&self) -> u64 {
        self.rd.faults
    }

    /// DMA read requests taken (`rd_valid && rd_ready`).
    pub fn dma_reads(&self) -> u64 {
        self.rd.requests
    }

    /// DMA writes received whole (last beat taken), applied or refused.
    pub fn dma_writes(&self) -> u64 {
        self.dma_writes
    }

    /// Start (or stop and drop) recording every DMA read request taken and
    /// every DMA write received whole ([`EngineSim::dma_log`]); off by
    /// default (a long run would grow it without bound).
    pub fn log_dma(&mut self, on: bool) {
        self.log = on.then(DmaLog::default);
    }

    /// The DMA writes recorded since the last call (`(dw_addr, dw_len)`,
    /// in order), emptying the record; nothing while logging is off.
    pub fn take_dma_writes(&mut self) -> Vec<(u64, u32)> {
        self.log
            .as_mut()
            .map(|l| std::mem::take(&mut l.writes))
            .unwrap_or_default()
    }

    /// The DMA traffic recorded since [`EngineSim::log_dma`] turned it on.
    pub fn dma_log(&self) -> Option<&DmaLog> {
        self.log.as_ref()
    }

    /// DMA write beats taken.
    pub fn dma_write_beats(&self) -> u64 {
        self.dma_write_beats
    }

    /// The Verilated module itself (raw port access).
    pub fn sim(&mut self) -> &mut Sim {
        &mut self.sim
    }

    /// Start writing an FST waveform of every signal to `path`.
    pub fn trace_to(&mut self, path: &Path) -> Result<(), EngineError> {
        Ok(self.sim.trace_to(path)?)
    }

    /// The waveform file being written, if any.
    pub fn trace_path(&self) -> Option<&Path> {
        self.sim.trace_path()
    }

    /// Close the waveform file, if any.
    pub fn trace_stop(&mut self) {
        self.sim.trace_stop()
    }
}

/// A `braid_driver` backend whose engine is an [`EngineSim`].
///
/// Registers go through the AXI-Lite master; DMA memory is allocated in the
/// engine's [`HostMem`] from [`IOVA_BASE`] up, page aligned, mapped and
/// writable by the engine, each buffer followed by an unmapped page;
/// [`Backend::dma_free`] unmaps it. Time: the engine runs during each
/// register access and [`POLL_CLOCKS`] clocks at the start of every
/// [`Backend::dma_read`] (a driver polling a completion ring lets it
/// advance); [`Backend::wait_event`] returns at once (no interrupts).
///
/// Register errors map to the driver's: SLVERR at an unaligned offset is
/// [`DriverError::Unaligned`], past `MAP_LEN` (or beyond the address
/// width) [`DriverError::OutOfRange`], at a hole [`DriverError::NoRegister`];
/// any other failure (SLVERR on a register, a timeout) is
/// [`DriverError::Backend`] with the harness's message.
pub struct EngineBackend {
    sim: Rc<RefCell<EngineSim>>,
    bufs: HashMap<u32, (u64, usize)>,
    next_id: u32,
    next_iova: u64,
    name: String,
}

impl EngineBackend {
    /// A backend over `sim`.
    pub fn new(sim: EngineSim) -> EngineBackend {
        let name = format!("cosim:{}", sim.module());
        EngineBackend {
            sim: Rc::new(RefCell::new(sim)),
            bufs: HashMap::new(),
            next_id: 0,
            next_iova: IOVA_BASE,
            name,
        }
    }

    /// The engine, shared (keep a clone to look at it while the driver owns
    /// the backend).
    pub fn sim(&self) -> Rc<RefCell<EngineSim>> {
        self.sim.clone()
    }

    fn buf(&self, buf: &DmaBuf, off: usize, len: usize) -> DriverResult<u64> {
        match self.bufs.get(&buf.id) {
            Some(&(iova, size))
                if iova == buf.iova && off.checked_add(len).is_some_and(|e| e <= size) =>
            {
                Ok(iova + off as u64)
            }
            Some(&(_, size)) => Err(DriverError::DmaRange {
                id: buf.id,
                off,
                len,
                size,
            }),
            None => Err(DriverError::DmaRange {
                id: buf.id,
                off,
                len,
                size: 0,
            }),
        }
    }
}

/// The driver's error for a failed register access of the backend named
/// `backend` (see [`EngineBackend`]).
pub fn driver_error(e: EngineError, backend: &str) -> DriverError {
    match e {
        EngineError::OutOfRange { off, .. } => DriverError::OutOfRange {
            off,
            len: regs::MAP_LEN,
        },
        EngineError::Resp { off, resp: 2, .. } if off % 4 != 0 => DriverError::Unaligned { off },
        EngineError::Resp { off, resp: 2, .. } if off >= regs::MAP_LEN => DriverError::OutOfRange {
            off,
            len: regs::MAP_LEN,
        },
        EngineError::Resp { off, resp: 2, .. } if regs::by_offset(off).is_none() => {
            DriverError::NoRegister { off }
        }
        e => DriverError::Backend {
            backend: backend.to_string(),
            why: e.to_string(),
        },
    }
}

fn pages(len: usize) -> u64 {
    (len as u64).div_ceil(PAGE) * PAGE
}

impl Backend for EngineBackend {
    fn read32(&self, off: u32) -> DriverResult<u32> {
        let r = self.sim.borrow_mut().read32(off);
        r.map_err(|e| driver_error(e, &self.name))
    }

    fn write32(&mut self, off: u32, v: u32) -> DriverResult<()> {
        let r = self.sim.borrow_mut().write32(off, v);
        r.map_err(|e| driver_error(e, &self.name))
    }

    fn name(&self) -> &str {
        &self.name
    }

    fn dma_alloc(&mut self, len: usize) -> DriverResult<DmaBuf> {
        if len == 0 {
            return Err(DriverError::DmaAlloc {
                len,
                why: "zero bytes".into(),
            });
        }
        let size = pages(len);
        let iova = self.next_iova;
        let Some(next) = iova.checked_add(size + PAGE) else {
            return Err(DriverError::DmaAlloc {
                len,
                why: "device address space exhausted".into(),
            });
        };
        {
            let mut s = self.sim.borrow_mut();
            s.mem.map(iova, size as usize);
            s.mem.allow_write(iova, size);
        }
        self.next_iova = next;
        let id = self.next_id;
        self.next_id += 1;
        self.bufs.insert(id, (iova, len));
        Ok(DmaBuf { id, iova, len })
    }

    fn dma_free(&mut self, buf: &DmaBuf) -> DriverResult<()> {
        self.buf(buf, 0, 0)?;
        let (iova, len) = self.bufs.remove(&buf.id).expect("checked");
        let mut s = self.sim.borrow_mut();
        s.mem.revoke_write(iova, pages(len));
        s.mem.unmap(iova);
        Ok(())
    }

    fn dma_read(&self, buf: &DmaBuf, off: usize, out: &mut [u8]) -> DriverResult<()> {
        let at = self.buf(buf, off, out.len())?;
        let mut s = self.sim.borrow_mut();
        s.run(POLL_CLOCKS);
        out.copy_from_slice(
            s.mem
                .read(at, out.len())
                .expect("allocated buffers are mapped"),
        );
        Ok(())
    }

    fn dma_write(&mut self, buf: &DmaBuf, off: usize, data: &[u8]) -> DriverResult<()> {
        let at = self.buf(buf, off, data.len())?;
        self.sim.borrow_mut().mem.write(at, data);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use braid_spec::regs::{self, REGS};

    /// Bits of a byte address covering the register map (reg_block's
    /// `ADDR_BITS`).
    fn map_bits() -> u32 {
        32 - (regs::MAP_LEN - 1).leading_zeros()
    }

    fn reg_block() -> (Sim, AxiLite) {
        let sim = Sim::new("reg_block").expect("reg_block is Verilated");
        let axi = AxiLite::new(&sim).expect("reg_block has the AXI-Lite ports");
        (sim, axi)
    }

    /// The master reads the identification registers as the spec defines
    /// them, and SCRATCH keeps what is written, with the clock counts of
    /// reg_block's handshake (write 3 clocks, read 2).
    #[test]
    fn axi_lite_reads_identity_and_round_trips_scratch() {
        let (mut sim, mut axi) = reg_block();
        assert_eq!(axi.addr_bits(), map_bits());
        assert_eq!(
            axi.read32(&mut sim, regs::ID.offset).unwrap(),
            regs::ID_MAGIC
        );
        assert_eq!(sim.cycles(), 2);
        assert_eq!(
            axi.read32(&mut sim, regs::VERSION.offset).unwrap(),
            (regs::IF_VERSION_MAJOR as u32) << 16 | regs::IF_VERSION_MINOR as u32
        );
        assert_eq!(
            axi.read32(&mut sim, regs::SPEC_HASH.offset).unwrap(),
            braid_spec::SPEC_HASH
        );
        assert_eq!(axi.read32(&mut sim, regs::SCRATCH.offset).unwrap(), 0);
        let c0 = sim.cycles();
        axi.write32(&mut sim, regs::SCRATCH.offset, 0xdead_beef)
            .unwrap();
        assert_eq!(sim.cycles() - c0, 3);
        assert_eq!(
            axi.read32(&mut sim, regs::SCRATCH.offset).unwrap(),
            0xdead_beef
        );
        for v in [0u32, u32::MAX, 0x5555_aaaa, 1 << 31, 0x0102_0304] {
            axi.write32(&mut sim, regs::SCRATCH.offset, v).unwrap();
            assert_eq!(axi.read32(&mut sim, regs::SCRATCH.offset).unwrap(), v);
        }
        // an RO register ignores the write (OKAY) and keeps its value
        axi.write32(&mut sim, regs::ID.offset, 0).unwrap();
        assert_eq!(
            axi.read32(&mut sim, regs::ID.offset).unwrap(),
            regs::ID_MAGIC
        );
        assert_eq!(axi.stray, 0);
        assert_eq!(axi.accesses, 18);
    }

    /// SLVERR surfaces as an error naming the offset: a hole, an unaligned
    /// offset, past the map, and a CMD write while a command is busy (no
    /// engine answers reg_block's `cmd_valid` here); an offset wider than
    /// the address port is refused without a bus access; the master goes
    /// on working after each.
    #[test]
    fn axi_lite_slverr_is_an_error_naming_the_offset() {
        let (mut sim, mut axi) = reg_block();
        let hole = (0..regs::MAP_LEN)
            .step_by(4)
            .find(|o| regs::by_offset(*o).is_none())
            .expect("the map has a hole");
        for off in [hole, 0x011, regs::MAP_LEN] {
            for op in [AxiOp::Read, AxiOp::Write] {
                let r = match op {
                    AxiOp::Read => axi.read32(&mut sim, off).map(|_| ()),
                    AxiOp::Write => axi.write32(&mut sim, off, 0x1234),
                };
                match r {
                    Err(EngineError::Resp {
                        module: "reg_block",
                        op: o,
                        off: x,
                        resp: 2,
                    }) if o == op && x == off => {}
                    other => panic!("{op} {off:#x}: {other:?}"),
                }
            }
        }
        let e = axi.read32(&mut sim, 0x011).unwrap_err().to_string();
        assert_eq!(
            e,
            "reg_block: AXI-Lite read of BAR0 offset 0x011 (no register) answered SLVERR (2)"
        );
        // CMD: the first write starts a command, the second is refused
        let cmd = regs::set(&regs::CMD_OPCODE, 0, 0x7f);
        axi.write32(&mut sim, regs::CMD.offset, cmd).unwrap();
        let st = axi.read32(&mut sim, regs::CMD_STATUS.offset).unwrap();
        assert_eq!(regs::get(&regs::CMD_STATUS_BUSY, st), 1);
        let e = axi.write32(&mut sim, regs::CMD.offset, cmd).unwrap_err();
        assert_eq!(
            e.to_string(),
            "reg_block: AXI-Lite write of BAR0 offset 0x060 (CMD) answered SLVERR (2)"
        );
        let c0 = sim.cycles();
        let e = axi.read32(&mut sim, 1 << 10).unwrap_err();
        assert!(
            matches!(
                e,
                EngineError::OutOfRange {
                    off: 0x400,
                    bits: 10,
                    ..
                }
            ),
            "{e:?}"
        );
        assert_eq!(sim.cycles(), c0, "refused before the bus");
        axi.write32(&mut sim, regs::SCRATCH.offset, 77).unwrap();
        assert_eq!(axi.read32(&mut sim, regs::SCRATCH.offset).unwrap(), 77);
        assert_eq!(axi.stray, 0);
    }

    /// Every register of the map reads OKAY at its reset value (CAPS: the
    /// block's build value is not in the spec, only checked to read).
    #[test]
    fn axi_lite_reads_every_register_at_reset() {
        let (mut sim, mut axi) = reg_block();
        for r in REGS.iter() {
            let v = axi.read32(&mut sim, r.offset);
            match r.reset.value() {
                Some(want) => assert_eq!(v.unwrap(), want, "{}", r.name),
                None => assert!(v.is_ok(), "{}: {v:?}", r.name),
            }
        }
        assert_eq!(axi.accesses, REGS.len() as u64);
    }

    /// An access without its response in time is a timeout naming what
    /// was awaited, never a hang. reg_block answers a read one clock after
    /// accepting AR, so with a budget of 1 clock the read times out
    /// waiting for `rvalid`; that late response is then counted as stray
    /// (not taken as the answer of the next read), and the next read works.
    #[test]
    fn axi_lite_times_out_instead_of_hanging() {
        let (mut sim, mut axi) = reg_block();
        axi.timeout = 1;
        let e = axi.read32(&mut sim, regs::ID.offset).unwrap_err();
        assert!(
            matches!(
                e,
                EngineError::Timeout {
                    op: AxiOp::Read,
                    off: 0,
                    waiting: "rvalid",
                    clocks: 1,
                    ..
                }
            ),
            "{e:?}"
        );
        assert_eq!(
            e.to_string(),
            "reg_block: AXI-Lite read of BAR0 offset 0x000 (ID): no rvalid within 1 clocks"
        );
        axi.timeout = AXI_TIMEOUT;
        // the abandoned read's response arrives while the next read waits
        // for its AR handshake: it is stray, not taken as the answer
        assert_eq!(axi.read32(&mut sim, regs::VERSION.offset).unwrap() >> 16, 2);
        assert_eq!(axi.stray, 1);
    }

    /// `EngineSim::new` resolves every port by name: a module without the
    /// engine's ports is refused with an error naming the first one
    /// missing; a module that does not exist is refused too.
    #[test]
    fn engine_sim_names_the_missing_port() {
        let e = EngineSim::new("reg_block").unwrap_err();
        let msg = e.to_string();
        assert!(
            msg.starts_with("module `reg_block` has no port `rd_valid` (ports: clock, awvalid"),
            "{msg}"
        );
        let e = EngineSim::new("no_such_engine").unwrap_err();
        assert!(
            e.to_string()
                .starts_with("no Verilated module `no_such_engine`"),
            "{e}"
        );
        // a port of the wrong direction
        let sim = Sim::new("reg_block").unwrap();
        let e = out(&sim, "awvalid", 1).unwrap_err();
        assert_eq!(
            e.to_string(),
            "module `reg_block`: port `awvalid` is an input, the harness needs an output"
        );
        let e = inp(&sim, "wdata", 16).unwrap_err();
        assert_eq!(
            e.to_string(),
            "module `reg_block`: port `wdata` is 32 bits wide, the harness needs 16"
        );
    }

    /// The backend's error mapping, on reg_block's real answers: SLVERR at
    /// an unaligned offset, a hole and past the map become the driver's
    /// typed errors (as `MemBackend` reports them); SLVERR on a register
    /// (CMD while busy) and a timeout keep the harness's message.
    #[test]
    fn register_errors_map_to_the_driver_errors() {
        let (mut sim, mut axi) = reg_block();
        let hole = (0..regs::MAP_LEN)
            .step_by(4)
            .find(|o| regs::by_offset(*o).is_none())
            .unwrap();
        let e = |r: Result<u32, EngineError>| driver_error(r.unwrap_err(), "cosim:reg_block");
        assert_eq!(
            e(axi.read32(&mut sim, 0x013)),
            DriverError::Unaligned { off: 0x013 }
        );
        assert_eq!(
            e(axi.read32(&mut sim, hole)),
            DriverError::NoRegister { off: hole }
        );
        let past = DriverError::OutOfRange {
            off: regs::MAP_LEN,
            len: regs::MAP_LEN,
        };
        assert_eq!(e(axi.read32(&mut sim, regs::MAP_LEN)), past);
        assert_eq!(
            e(axi.read32(&mut sim, 0x1000)),
            DriverError::OutOfRange {
                off: 0x1000,
                len: regs::MAP_LEN
            }
        );
        let cmd = regs::set(&regs::CMD_OPCODE, 0, 0x7f);
        axi.write32(&mut sim, regs::CMD.offset, cmd).unwrap();
        let busy = axi.write32(&mut sim, regs::CMD.offset, cmd).map(|_| 0);
        assert_eq!(
            e(busy),
            DriverError::Backend {
                backend: "cosim:reg_block".into(),
                why: "reg_block: AXI-Lite write of BAR0 offset 0x060 (CMD) answered SLVERR (2)"
                    .into()
            }
        );
        axi.timeout = 1;
        assert_eq!(
            e(axi.read32(&mut sim, regs::ID.offset)),
            DriverError::Backend {
                backend: "cosim:reg_block".into(),
                why:
                    "reg_block: AXI-Lite read of BAR0 offset 0x000 (ID): no rvalid within 1 clocks"
                        .into()
            }
        );
    }

    /// The harness on the tiny engine top itself: clocks, registers through
    /// the top's AXI-Lite ports (reg_block's timing: a read is 2 clocks),
    /// `peek` of a counter and its errors, the rx feeder (one beat per
    /// clock, no backpressure), and a waveform file.
    #[test]
    fn engine_sim_runs_the_tiny_top() {
        let mut e = EngineSim::tiny().expect("braid_engine_tiny is Verilated");
        assert_eq!(e.module(), DEFAULT_MODULE);
        let fst = std::env::temp_dir().join(format!("braid-engine-{}.fst", std::process::id()));
        e.trace_to(&fst).unwrap();
        assert_eq!(e.trace_path(), Some(fst.as_path()));
        e.run(10);
        assert_eq!(e.cycles(), 10);
        assert_eq!(e.read32(regs::ID.offset).unwrap(), regs::ID_MAGIC);
        assert_eq!(e.cycles(), 12);
        e.write32(regs::SCRATCH.offset, 0x600d_f00d).unwrap();
        assert_eq!(e.read32(regs::SCRATCH.offset).unwrap(), 0x600d_f00d);
        assert_eq!(e.peek("cnt_db_dropped").unwrap(), 0);
        assert!(
            matches!(
                e.peek("rs_data"),
                Err(EngineError::TooWide { width: 512, .. })
            ),
            "{:?}",
            e.peek("rs_data")
        );
        assert!(matches!(
            e.peek("no_such_port"),
            Err(EngineError::Cosim(CosimError::NoPort { .. }))
        ));
        e.push_rx_frame(&[0xab; 100]);
        e.push_rx_frame(&[0xcd; 64]);
        assert_eq!(e.rx_backlog(), 3);
        e.run(2);
        assert_eq!((e.rx_backlog(), e.rx_beats()), (1, 2));
        e.run(1);
        assert_eq!((e.rx_backlog(), e.rx_beats()), (0, 3));
        assert_eq!(e.axi_stray(), 0);
        assert_eq!((e.dma_reads(), e.dma_writes(), e.read_faults()), (0, 0, 0));
        drop(e);
        let len = std::fs::metadata(&fst).map(|m| m.len()).unwrap_or(0);
        let _ = std::fs::remove_file(&fst);
        assert!(len > 0, "no waveform written");
    }

    /// Beats cross the 512-bit ports with byte `i` in lane `i`.
    #[test]
    fn beat_words_are_little_endian_lanes() {
        let b: [u8; BEAT] = std::array::from_fn(|i| i as u8 ^ 0xa5);
        let mut w = [0u32; BEAT / 4];
        bytes_to_words(&b, &mut w);
        assert_eq!(w[0], u32::from_le_bytes([0xa5, 0xa4, 0xa7, 0xa6]));
        assert_eq!(
            w[15],
            u32::from_le_bytes([60 ^ 0xa5, 61 ^ 0xa5, 62 ^ 0xa5, 63 ^ 0xa5])
        );
        assert_eq!(words_to_bytes(&w), b);
    }

    /// `HostMem::unmap` (used by the backend's `dma_free`) removes exactly
    /// the mapping at its base, and the backend rounds buffers to pages.
    #[test]
    fn host_mem_unmap_and_page_rounding() {
        let mut m = HostMem::new();
        let (a, b) = (IOVA_BASE, IOVA_BASE + 2 * PAGE);
        m.map(a, PAGE as usize);
        m.map(b, 2 * PAGE as usize);
        assert!(m.unmap(a));
        assert!(!m.unmap(a));
        assert_eq!(m.read(a, 1), None);
        assert_eq!(m.read(b, 2 * PAGE as usize).map(|s| s.len()), Some(8192));
        // a fresh mapping may take the freed range
        m.map(a, PAGE as usize);
        assert_eq!(m.read(a, 4), Some(&[0u8; 4][..]));
        assert_eq!(pages(1), PAGE);
        assert_eq!(pages(4096), PAGE);
        assert_eq!(pages(4097), 2 * PAGE);
    }
}
