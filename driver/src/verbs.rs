//! Verbs-like API: the names and shapes of libibverbs over any [`Backend`].
//!
//! | libibverbs | here |
//! |---|---|
//! | `ibv_open_device` | [`Context::open`] |
//! | `ibv_alloc_pd` | [`Context::alloc_pd`] |
//! | `ibv_reg_mr` | [`ProtectionDomain::reg_mr`] (allocates and maps DMA memory) |
//! | `ibv_create_cq` | [`Context::create_cq`] |
//! | `ibv_create_qp` | [`ProtectionDomain::create_qp`] |
//! | `ibv_modify_qp` to RTS | [`QueuePair::connect`] with the peer's [`ConnParams`] |
//! | `ibv_post_send` / `ibv_post_recv` | [`QueuePair::post_send`] / [`QueuePair::post_recv`] |
//! | `ibv_poll_cq` | [`CompletionQueue::poll`] |
//!
//! Everything the engine sees goes through the host-interface definitions of
//! [`braid_spec::host`] and [`braid_spec::regs`]: queue entries are written
//! into DMA rings and announced with one doorbell write per batch; memory
//! regions, completion queues and connections are programmed with engine
//! commands. Resources are released on drop, in dependency order: a queue
//! pair keeps its completion queue and protection domain alive, a memory
//! region its protection domain, everything the context.
//!
//! Checks made before anything reaches the engine (typed [`Error`]s):
//! posting on an unconnected or failed queue pair, a stream out of range,
//! an lkey that is not registered, a region of another protection domain,
//! a scatter entry outside its region or without the needed access, more
//! scatter entries than a work request holds, a full send or receive queue,
//! and more outstanding completions than the completion queue holds.

use crate::device::{Caps, Device};
use crate::{Backend, DmaBuf, Error, Result};
use braid_spec::field::StateField;
use braid_spec::host::{self, cmd_arg, CmdArg, CQE_BYTES, RQE_BYTES, WQE_BYTES};
use braid_spec::wire::braid::Opcode;
use braid_spec::{bar0, regs};
use std::cell::RefCell;
use std::collections::HashMap;
use std::fmt;
use std::rc::Rc;

use braid_spec::host::{cqe, rqe, wqe};

/// Memory-region access rights (`ibv_access_flags`).
pub mod access {
    /// The local engine may write (receive buffers).
    pub const LOCAL_WRITE: u32 = braid_spec::host::ACCESS_LOCAL_WRITE;
    /// The peer may WRITE here.
    pub const REMOTE_WRITE: u32 = braid_spec::host::ACCESS_REMOTE_WRITE;
    /// The peer may read (reserved for READ).
    pub const REMOTE_READ: u32 = braid_spec::host::ACCESS_REMOTE_READ;
}

/// Scatter entries a work request holds.
pub const MAX_SGE: usize = 1;

#[derive(Debug, Clone, Copy)]
struct MrEntry {
    pd: u32,
    iova: u64,
    len: u64,
    access: u32,
}

/// Bits of a memory key that are its tag: all but the slot (bits 19:8,
/// the engine's region table index, `mr_check`).
pub const KEY_TAG_MASK: u32 = 0xfff0_00ff;

/// The slot a memory key names.
fn key_slot(key: u32) -> usize {
    ((key >> 8) & 0xfff) as usize
}

/// A new tag for a slot whose last tag was `prev`: 20 random bits (the
/// kernel's, `/dev/urandom`), never `prev` and never 0. A stale key of a freed
/// and re-registered slot never matches; a guessed key of a live region
/// matches with probability 2^-20.
fn key_tag(prev: u32) -> u32 {
    loop {
        use std::io::Read;
        let mut b = [0u8; 4];
        let got = std::fs::File::open("/dev/urandom").and_then(|mut f| f.read_exact(&mut b));
        let r = if got.is_ok() {
            u32::from_le_bytes(b)
        } else {
            // no /dev/urandom: the clock's nanoseconds, mixed
            let t = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos() as u64);
            (t.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 32) as u32
        };
        let tag = r & KEY_TAG_MASK;
        if tag != 0 && tag != prev {
            return tag;
        }
    }
}

struct Ctx<B: Backend> {
    dev: Device<B>,
    caps: Caps,
    next_pd: u32,
    /// Registered regions by slot (key bits 19:8), with their key.
    mrs: Vec<Option<(u32, MrEntry)>>,
    /// The tag of each slot's last key (see [`key_tag`]), kept after
    /// the region is freed so that the next differs.
    mr_tags: Vec<u32>,
    cqs: Vec<bool>,
    conns: Vec<bool>,
    /// Completions each CQ may still receive (posted, not yet polled).
    cq_outstanding: Vec<u32>,
    /// Send work requests completed per connection.
    sq_done: Vec<u32>,
    /// Receives completed per connection and stream.
    rq_done: HashMap<(u32, u8), u32>,
    /// Connections that saw an error completion.
    failed: Vec<bool>,
    /// Per connection number: send completions a destroyed queue pair of
    /// that number still has coming (its work requests outstanding at the
    /// destroy, which the engine completes FLUSHED), and the CQ they go to.
    /// The number is not given out again until they have all been polled,
    /// so they are never taken for a new queue pair's.
    quarantine: Vec<(u32, u32)>,
    /// CQ numbers kept out of use: destroyed while a destroyed queue pair's
    /// completions were still coming to them.
    cq_quarantine: Vec<bool>,
}

/// Ring reads a destroyed completion queue spends collecting the
/// completions of destroyed queue pairs still coming to it.
pub const CQ_DRAIN_POLLS: u32 = 10_000;

impl<B: Backend> Ctx<B> {
    fn command(&mut self, name: &'static str, args: &[u32]) -> Result<()> {
        for (i, a) in args.iter().enumerate() {
            self.dev.write(&regs::CMD_ARGS[i], *a)?;
        }
        let code = host::command(name) as u32;
        self.dev.write(&regs::CMD, {
            let mut c = bar0::Cmd(0);
            c.set_opcode(code as u8);
            c.0
        })?;
        for _ in 0..1_000_000 {
            let st = self.dev.read(&regs::CMD_STATUS)?;
            let st = bar0::CmdStatus(st);
            if !st.busy() {
                let err = st.error();
                if err == 0 {
                    return Ok(());
                }
                let reason = host::CMD_ERRORS
                    .iter()
                    .find(|e| e.1 == err)
                    .map(|e| format!("{} ({})", e.0, e.2))
                    .unwrap_or_else(|| format!("error code {err}"));
                return Err(Error::Command { cmd: name, reason });
            }
        }
        Err(Error::CommandTimeout { cmd: name })
    }
}

/// Command argument registers holding `fields` (`braid_spec::host::cmd_arg`),
/// up to the last register a field uses.
fn args(fields: &[(&CmdArg, u64)]) -> Vec<u32> {
    let mut a = [0u32; 8];
    let mut n = 0;
    for (f, v) in fields {
        f.put(&mut a, *v);
        n = n.max((f.arg + (f.lsb + f.bits).div_ceil(32)) as usize);
    }
    a[..n].to_vec()
}

/// An open engine (`ibv_context`).
pub struct Context<B: Backend> {
    inner: Rc<RefCell<Ctx<B>>>,
}

impl<B: Backend> Clone for Context<B> {
    fn clone(&self) -> Self {
        Context {
            inner: self.inner.clone(),
        }
    }
}

impl<B: Backend> Context<B> {
    /// Open the engine behind `backend` (identity checked as by
    /// [`Device::open`]), reset it ([`Device::soft_reset`]: whatever an
    /// earlier owner left, connections, queues, regions and counters, is
    /// gone) and enable it.
    pub fn open(backend: B) -> Result<Self> {
        let mut dev = Device::open(backend)?;
        let caps = dev.info().caps;
        dev.soft_reset()?;
        let mut ctrl = bar0::Ctrl(0);
        ctrl.set_enable(true);
        dev.write(&regs::CTRL, ctrl.0)?;
        let conns = caps.connections as usize;
        Ok(Context {
            inner: Rc::new(RefCell::new(Ctx {
                dev,
                caps,
                next_pd: 1,
                mrs: vec![None; 4096],
                mr_tags: vec![0; 4096],
                cqs: vec![false; conns.max(1)],
                conns: vec![false; conns],
                cq_outstanding: vec![0; conns.max(1)],
                sq_done: vec![0; conns],
                rq_done: HashMap::new(),
                failed: vec![false; conns],
                quarantine: vec![(0, 0); conns],
                cq_quarantine: vec![false; conns.max(1)],
            })),
        })
    }

    /// Program the engine's own addresses (`LOCAL_MAC_LO`/`HI`,
    /// `LOCAL_IP4`): the source of every frame it sends. Set them before
    /// connecting a queue pair; [`QueuePair::local_params`] takes the same
    /// pair.
    pub fn set_local_addr(&self, mac: [u8; 6], ip: [u8; 4]) -> Result<()> {
        let m = mac.iter().fold(0u64, |a, &b| (a << 8) | u64::from(b));
        let mut c = self.inner.borrow_mut();
        c.dev.write(&regs::CONFIG[0], m as u32)?;
        c.dev.write(&regs::CONFIG[1], {
            let mut hi = bar0::LocalMacHi(0);
            hi.set_mac_hi((m >> 32) as u16);
            hi.0
        })?;
        c.dev.write(&regs::CONFIG[2], u32::from_be_bytes(ip))
    }

    /// The engine's counters.
    pub fn counters(&self) -> Result<crate::Counters> {
        self.inner.borrow().dev.counters()
    }

    /// Select the path whose statistics [`Context::path_stats`] reads
    /// (`PATH_SEL`: its counts restart); `path` is the path number within
    /// the queue pair `conn`.
    pub fn select_path(&self, conn: u32, path: u32) -> Result<()> {
        self.inner.borrow_mut().dev.select_path(conn, path)
    }

    /// The selected path's statistics.
    pub fn path_stats(&self) -> Result<crate::PathStats> {
        self.inner.borrow().dev.path_stats()
    }

    /// The engine's build sizes.
    pub fn caps(&self) -> Caps {
        self.inner.borrow().caps
    }

    /// Run `f` on the backend (tests play the engine through it).
    pub fn with_backend<R>(&self, f: impl FnOnce(&mut B) -> R) -> R {
        f(self.inner.borrow_mut().dev.backend_mut())
    }

    /// A new protection domain.
    pub fn alloc_pd(&self) -> ProtectionDomain<B> {
        let mut c = self.inner.borrow_mut();
        let pd = c.next_pd;
        c.next_pd += 1;
        ProtectionDomain {
            inner: Rc::new(PdInner {
                ctx: self.clone(),
                pd,
            }),
        }
    }

    /// A completion queue of `entries` entries (a power of two, 2..=65536).
    pub fn create_cq(&self, entries: u32) -> Result<CompletionQueue<B>> {
        let (min, max) = (1u32 << host::RING_LOG2_MIN, 1u32 << host::RING_LOG2_MAX);
        if !(min..=max).contains(&entries) || !entries.is_power_of_two() {
            return Err(Error::BadArgument(format!(
                "completion queue size {entries}: must be a power of two from {min} to {max}"
            )));
        }
        let mut c = self.inner.borrow_mut();
        let max = c.cqs.len() as u32;
        let cq = (0..c.cqs.len())
            .find(|&q| !c.cqs[q] && !c.cq_quarantine[q])
            .ok_or(Error::NoResources {
                what: "completion queue",
                max,
            })? as u32;
        let buf = c
            .dev
            .backend_mut()
            .dma_alloc(entries as usize * CQE_BYTES)?;
        if let Err(e) = c.command(
            "CREATE_CQ",
            &args(&[
                (cmd_arg::CREATE_CQ_CQ, cq as u64),
                (cmd_arg::CREATE_CQ_IOVA, buf.iova),
                (cmd_arg::CREATE_CQ_LOG2, entries.trailing_zeros() as u64),
            ]),
        ) {
            let _ = c.dev.backend_mut().dma_free(&buf);
            return Err(e);
        }
        c.cqs[cq as usize] = true;
        c.cq_outstanding[cq as usize] = 0;
        drop(c);
        Ok(CompletionQueue {
            inner: Rc::new(RefCell::new(CqInner {
                ctx: self.clone(),
                cq,
                buf,
                entries,
                ci: 0,
            })),
        })
    }
}

struct PdInner<B: Backend> {
    ctx: Context<B>,
    pd: u32,
}

/// A protection domain (`ibv_pd`).
pub struct ProtectionDomain<B: Backend> {
    inner: Rc<PdInner<B>>,
}

impl<B: Backend> Clone for ProtectionDomain<B> {
    fn clone(&self) -> Self {
        ProtectionDomain {
            inner: self.inner.clone(),
        }
    }
}

impl<B: Backend> ProtectionDomain<B> {
    /// Its number.
    pub fn number(&self) -> u32 {
        self.inner.pd
    }

    /// Allocate `len` bytes of DMA memory, map it for the engine and
    /// register it in this protection domain with [`access`] rights.
    pub fn reg_mr(&self, len: usize, access: u32) -> Result<MemoryRegion<B>> {
        if access & !(access::LOCAL_WRITE | access::REMOTE_WRITE | access::REMOTE_READ) != 0 {
            return Err(Error::BadArgument(format!(
                "access flags 0x{access:x}: only LOCAL_WRITE, REMOTE_WRITE and REMOTE_READ exist"
            )));
        }
        let ctx = &self.inner.ctx;
        let mut c = ctx.inner.borrow_mut();
        let slot = c
            .mrs
            .iter()
            .position(|m| m.is_none())
            .ok_or(Error::NoResources {
                what: "memory region slot",
                max: 4096,
            })?;
        let buf = c.dev.backend_mut().dma_alloc(len)?;
        // the slot in bits 19:8 (the engine's table index), a fresh random
        // tag in the others
        let tag = key_tag(c.mr_tags[slot]);
        let key = (slot as u32) << 8 | tag;
        if let Err(e) = c.command(
            "REG_MR",
            &args(&[
                (cmd_arg::REG_MR_INDEX, slot as u64),
                (cmd_arg::REG_MR_IOVA, buf.iova),
                (cmd_arg::REG_MR_LENGTH, len as u64),
                (cmd_arg::REG_MR_KEY, key as u64),
                (cmd_arg::REG_MR_PD, self.inner.pd as u64),
                (cmd_arg::REG_MR_ACCESS, access as u64),
            ]),
        ) {
            let _ = c.dev.backend_mut().dma_free(&buf);
            return Err(e);
        }
        c.mr_tags[slot] = tag;
        c.mrs[slot] = Some((
            key,
            MrEntry {
                pd: self.inner.pd,
                iova: buf.iova,
                len: len as u64,
                access,
            },
        ));
        drop(c);
        Ok(MemoryRegion {
            pd: self.clone(),
            buf,
            slot: slot as u32,
            key,
            access,
        })
    }

    /// A queue pair (one connection of the engine) in this protection
    /// domain, completing into `cq`.
    pub fn create_qp(&self, cq: &CompletionQueue<B>, init: QpInit) -> Result<QueuePair<B>> {
        let ctx = self.inner.ctx.clone();
        let caps = ctx.caps();
        for (what, n) in [("send", init.sq_entries), ("receive", init.rq_entries)] {
            if !(2..=1 << 15).contains(&n) || !n.is_power_of_two() {
                return Err(Error::BadArgument(format!(
                    "{what} queue size {n}: must be a power of two from 2 to 32768"
                )));
            }
        }
        if init.streams == 0 || init.streams as u32 > caps.streams {
            return Err(Error::BadArgument(format!(
                "{} streams: the engine supports 1 to {}",
                init.streams, caps.streams
            )));
        }
        if init.paths == 0 || init.paths as u32 > caps.paths {
            return Err(Error::BadArgument(format!(
                "{} paths: the engine supports 1 to {}",
                init.paths, caps.paths
            )));
        }
        let cqn = cq.inner.borrow().cq;
        let mut c = ctx.inner.borrow_mut();
        let max = c.conns.len() as u32;
        let conn = (0..c.conns.len())
            .find(|&n| !c.conns[n] && c.quarantine[n].0 == 0)
            .ok_or(Error::NoResources {
                what: if c.quarantine.iter().any(|q| q.0 != 0) {
                    "connection (the free ones still await FLUSHED completions of destroyed queue pairs: poll their completion queues)"
                } else {
                    "connection"
                },
                max,
            })? as u32;
        let sq = c
            .dev
            .backend_mut()
            .dma_alloc(init.sq_entries as usize * WQE_BYTES)?;
        let rq = match c
            .dev
            .backend_mut()
            .dma_alloc(init.rq_entries as usize * RQE_BYTES * init.streams as usize)
        {
            Ok(b) => b,
            Err(e) => {
                let _ = c.dev.backend_mut().dma_free(&sq);
                return Err(e);
            }
        };
        let r = c.command(
            "CREATE_CONN",
            &args(&[
                (cmd_arg::CREATE_CONN_CONN, conn as u64),
                (cmd_arg::CREATE_CONN_SQ_IOVA, sq.iova),
                (
                    cmd_arg::CREATE_CONN_SQ_LOG2,
                    init.sq_entries.trailing_zeros() as u64,
                ),
                (cmd_arg::CREATE_CONN_PD, self.inner.pd as u64),
                (cmd_arg::CREATE_CONN_RQ_IOVA, rq.iova),
                (
                    cmd_arg::CREATE_CONN_RQ_LOG2,
                    init.rq_entries.trailing_zeros() as u64,
                ),
                (cmd_arg::CREATE_CONN_STREAMS, init.streams as u64),
                (cmd_arg::CREATE_CONN_PATHS, init.paths as u64),
                (cmd_arg::CREATE_CONN_CQ, cqn as u64),
            ]),
        );
        if let Err(e) = r {
            let _ = c.dev.backend_mut().dma_free(&sq);
            let _ = c.dev.backend_mut().dma_free(&rq);
            return Err(e);
        }
        c.conns[conn as usize] = true;
        c.sq_done[conn as usize] = 0;
        c.failed[conn as usize] = false;
        for s in 0..init.streams {
            c.rq_done.insert((conn, s), 0);
        }
        drop(c);
        Ok(QueuePair {
            pd: self.clone(),
            cq: cq.clone(),
            conn,
            init,
            sq,
            rq,
            sq_pi: 0,
            rq_pi: vec![0; init.streams as usize],
            peer: None,
        })
    }
}

/// A registered memory region (`ibv_mr`): DMA memory the engine may read
/// and, with the rights given, write.
pub struct MemoryRegion<B: Backend> {
    pd: ProtectionDomain<B>,
    buf: DmaBuf,
    slot: u32,
    key: u32,
    access: u32,
}

impl<B: Backend> fmt::Debug for MemoryRegion<B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MemoryRegion")
            .field("iova", &format_args!("0x{:x}", self.buf.iova))
            .field("len", &self.buf.len)
            .field("lkey", &format_args!("0x{:08x}", self.key))
            .field("access", &self.access)
            .finish()
    }
}

impl<B: Backend> MemoryRegion<B> {
    /// Local key (scatter entries, receive buffers).
    pub fn lkey(&self) -> u32 {
        self.key
    }
    /// Remote key (for the peer's WRITEs).
    pub fn rkey(&self) -> u32 {
        self.key
    }
    /// Device address of the first byte (the region's "virtual address").
    pub fn addr(&self) -> u64 {
        self.buf.iova
    }
    /// Length in bytes.
    pub fn len(&self) -> usize {
        self.buf.len
    }
    /// Whether the region is empty (never: regions are at least 1 byte).
    pub fn is_empty(&self) -> bool {
        self.buf.len == 0
    }
    /// A scatter entry for `[off, off + len)` of this region.
    pub fn sge(&self, off: u64, len: u32) -> Sge {
        Sge {
            addr: self.buf.iova + off,
            len,
            lkey: self.key,
        }
    }
    /// Copy `data` into the region at `off`.
    pub fn write(&self, off: usize, data: &[u8]) -> Result<()> {
        self.pd
            .inner
            .ctx
            .with_backend(|b| b.dma_write(&self.buf, off, data))
    }
    /// Copy from the region at `off`.
    pub fn read(&self, off: usize, out: &mut [u8]) -> Result<()> {
        self.pd
            .inner
            .ctx
            .with_backend(|b| b.dma_read(&self.buf, off, out))
    }
}

impl<B: Backend> Drop for MemoryRegion<B> {
    fn drop(&mut self) {
        let mut c = self.pd.inner.ctx.inner.borrow_mut();
        if let Err(e) = c.command(
            "DEREG_MR",
            &args(&[(cmd_arg::DEREG_MR_INDEX, self.slot as u64)]),
        ) {
            log::warn!("deregistering memory region 0x{:08x}: {e}", self.key);
        }
        c.mrs[self.slot as usize] = None;
        if let Err(e) = c.dev.backend_mut().dma_free(&self.buf) {
            log::warn!("freeing memory region 0x{:08x}: {e}", self.key);
        }
    }
}

struct CqInner<B: Backend> {
    ctx: Context<B>,
    cq: u32,
    buf: DmaBuf,
    entries: u32,
    /// Entries consumed since creation (free running).
    ci: u64,
}

impl<B: Backend> Drop for CqInner<B> {
    fn drop(&mut self) {
        // completions of destroyed queue pairs still coming here: collect
        // them (nobody polls this queue any more), so their numbers are
        // free again and none lands in a later queue of this number
        let waiting = |c: &Ctx<B>, cq: u32| c.quarantine.iter().any(|q| q.0 != 0 && q.1 == cq);
        let mut polls = 0;
        while waiting(&self.ctx.inner.borrow(), self.cq) && polls < CQ_DRAIN_POLLS {
            if let Err(e) = self.poll_ring(usize::MAX, &mut Vec::new()) {
                log::warn!("draining completion queue {}: {e}", self.cq);
                break;
            }
            polls += 1;
        }
        let mut c = self.ctx.inner.borrow_mut();
        if waiting(&c, self.cq) {
            log::warn!(
                "completion queue {} destroyed before the FLUSHED completions of destroyed queue pairs arrived: its number stays out of use",
                self.cq
            );
            c.cq_quarantine[self.cq as usize] = true;
        }
        if let Err(e) = c.command(
            "DESTROY_CQ",
            &args(&[(cmd_arg::DESTROY_CQ_CQ, self.cq as u64)]),
        ) {
            log::warn!("destroying completion queue {}: {e}", self.cq);
        }
        c.cqs[self.cq as usize] = false;
        if let Err(e) = c.dev.backend_mut().dma_free(&self.buf) {
            log::warn!("freeing completion queue {}: {e}", self.cq);
        }
    }
}

/// A completion queue (`ibv_cq`).
pub struct CompletionQueue<B: Backend> {
    inner: Rc<RefCell<CqInner<B>>>,
}

impl<B: Backend> Clone for CompletionQueue<B> {
    fn clone(&self) -> Self {
        CompletionQueue {
            inner: self.inner.clone(),
        }
    }
}

/// Completion status (`ibv_wc_status`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WcStatus {
    /// Done.
    Success,
    /// Not executed: the queue pair went to the error state first.
    Flushed,
    /// Not executed: the engine found the work request malformed.
    BadWqe,
    /// Not delivered: every path of the connection was retired after
    /// timing out again and again (the peer is unreachable); the queue
    /// pair went to the error state.
    RetryExceeded,
    /// The peer refused the data, for this NACK reason.
    Remote(braid_spec::wire::braid::NackReason),
    /// A status code this driver does not know.
    Unknown(u8),
}

impl fmt::Display for WcStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WcStatus::Success => write!(f, "success"),
            WcStatus::Flushed => {
                write!(f, "flushed: the queue pair failed before this request ran")
            }
            WcStatus::BadWqe => write!(
                f,
                "bad work request: the engine refused it, nothing was sent"
            ),
            WcStatus::RetryExceeded => write!(
                f,
                "retry exceeded: every path to the peer timed out until it was retired"
            ),
            WcStatus::Remote(r) => write!(f, "remote error: the peer refused the data ({r:?})"),
            WcStatus::Unknown(c) => write!(f, "unknown completion status 0x{c:02x}"),
        }
    }
}

/// Completion opcode (`ibv_wc_opcode`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WcOpcode {
    /// A WRITE, WRITE_WITH_IMM or SEND finished at the sender.
    SendDone,
    /// A SEND landed in a receive buffer.
    Recv,
    /// A WRITE_WITH_IMM landed (`IBV_WC_RECV_RDMA_WITH_IMM`).
    RecvRdmaWithImm,
}

/// A work completion (`ibv_wc`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WorkCompletion {
    /// The work request's (or receive's) id.
    pub wr_id: u64,
    /// How it ended.
    pub status: WcStatus,
    /// What ended.
    pub opcode: WcOpcode,
    /// Bytes.
    pub byte_len: u32,
    /// Immediate data.
    pub imm: Option<u32>,
    /// Queue pair (connection id).
    pub qp_num: u32,
    /// Stream.
    pub stream: u8,
    /// Message sequence number on its stream.
    pub msn: u32,
}

impl<B: Backend> CompletionQueue<B> {
    /// Its number.
    pub fn number(&self) -> u32 {
        self.inner.borrow().cq
    }

    /// Entries.
    pub fn entries(&self) -> u32 {
        self.inner.borrow().entries
    }

    /// The ring in DMA memory (tests and backends play the engine on it).
    pub fn ring(&self) -> DmaBuf {
        self.inner.borrow().buf.clone()
    }

    /// Up to `max` completions (`ibv_poll_cq`), oldest first.
    pub fn poll(&self, max: usize) -> Result<Vec<WorkCompletion>> {
        let mut out = Vec::with_capacity(max.min(64));
        self.poll_into(max, &mut out)?;
        Ok(out)
    }

    /// Wait at most `timeout` for the engine to signal an event (the role
    /// of `ibv_get_cq_event`), then [`CompletionQueue::poll`] again. `true`
    /// if an event came. A backend without events (a board polled through
    /// its BAR) returns `false` at once and the caller goes on polling; the
    /// soft endpoint sleeps until a completion, running its sockets and
    /// timers meanwhile.
    pub fn wait(&self, timeout: std::time::Duration) -> Result<bool> {
        let ctx = self.inner.borrow().ctx.clone();
        let mut c = ctx.inner.borrow_mut();
        c.dev.backend_mut().wait_event(timeout)
    }

    /// [`CompletionQueue::poll`] appending to `out`; returns how many.
    pub fn poll_into(&self, max: usize, out: &mut Vec<WorkCompletion>) -> Result<usize> {
        self.inner.borrow_mut().poll_ring(max, out)
    }
}

impl<B: Backend> CqInner<B> {
    /// Take up to `max` completions off the ring into `out`, with the
    /// driver's accounting; returns how many.
    fn poll_ring(&mut self, max: usize, out: &mut Vec<WorkCompletion>) -> Result<usize> {
        let cq = self;
        let ctx = cq.ctx.clone();
        let mut c = ctx.inner.borrow_mut();
        let (mask, shift) = (cq.entries as u64 - 1, cq.entries.trailing_zeros());
        let mut got = 0;
        let mut rec = [0u8; CQE_BYTES];
        while got < max {
            let idx = (cq.ci & mask) as usize;
            let parity = u64::from((cq.ci >> shift) & 1 == 0);
            c.dev
                .backend_mut()
                .dma_read(&cq.buf, idx * CQE_BYTES, &mut rec)?;
            if host::get(&rec, cqe::OWNER) != parity {
                break;
            }
            let wc = decode_cqe(&rec);
            let n = wc.qp_num as usize;
            let live = c.conns.get(n).copied().unwrap_or(false);
            if live {
                match wc.opcode {
                    WcOpcode::SendDone => c.sq_done[n] = c.sq_done[n].wrapping_add(1),
                    WcOpcode::Recv => {
                        if let Some(d) = c.rq_done.get_mut(&(wc.qp_num, wc.stream)) {
                            *d = d.wrapping_add(1);
                        }
                    }
                    // a WRITE_WITH_IMM consumes no receive (SPEC section 7)
                    WcOpcode::RecvRdmaWithImm => {}
                }
                if wc.status != WcStatus::Success {
                    c.failed[n] = true;
                }
                let o = &mut c.cq_outstanding[cq.cq as usize];
                *o = o.saturating_sub(1);
            } else if wc.opcode == WcOpcode::SendDone
                && c.quarantine.get(n).is_some_and(|q| q.0 > 0)
            {
                // a destroyed queue pair's FLUSHED send: one less to wait
                // for (its room in the queue was kept); a destroyed queue
                // pair's receive changes nothing (its room was given back
                // at the destroy)
                c.quarantine[n].0 -= 1;
                let o = &mut c.cq_outstanding[cq.cq as usize];
                *o = o.saturating_sub(1);
            }
            out.push(wc);
            cq.ci += 1;
            got += 1;
        }
        if got > 0 {
            let mut db = bar0::CqDoorbell(0);
            db.set_ci(cq.ci as u16);
            db.set_cq(cq.cq as u16);
            c.dev.write(&regs::CQ_DOORBELL, db.0)?;
        }
        Ok(got)
    }
}

/// Decode a completion-queue entry as the engine wrote it (the owner bit
/// is the ring walker's business and not part of the result).
pub fn decode_cqe(rec: &[u8]) -> WorkCompletion {
    let g = |f: &StateField| host::get(rec, f);
    let status = match g(cqe::STATUS) as u8 {
        host::CQE_OK => WcStatus::Success,
        host::CQE_FLUSHED => WcStatus::Flushed,
        host::CQE_BAD_WQE => WcStatus::BadWqe,
        host::CQE_RETRY_EXCEEDED => WcStatus::RetryExceeded,
        s if s & host::CQE_REMOTE != 0 => {
            match braid_spec::wire::braid::NackReason::from_u8(s & !host::CQE_REMOTE) {
                Some(r) => WcStatus::Remote(r),
                None => WcStatus::Unknown(s),
            }
        }
        s => WcStatus::Unknown(s),
    };
    let opcode = match g(cqe::OPCODE) as u8 {
        host::CQE_RECV => WcOpcode::Recv,
        host::CQE_RECV_WRITE_IMM => WcOpcode::RecvRdmaWithImm,
        _ => WcOpcode::SendDone,
    };
    WorkCompletion {
        wr_id: g(cqe::WR_ID),
        status,
        opcode,
        byte_len: g(cqe::BYTE_LEN) as u32,
        imm: (g(cqe::FLAGS) as u8 & host::CQE_IMM != 0).then_some(g(cqe::IMM) as u32),
        qp_num: g(cqe::CONN) as u32,
        stream: g(cqe::STREAM) as u8,
        msn: g(cqe::MSN) as u32,
    }
}

/// Queue-pair sizes (`ibv_qp_init_attr`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct QpInit {
    /// Send queue entries (power of two).
    pub sq_entries: u32,
    /// Receive queue entries per stream (power of two).
    pub rq_entries: u32,
    /// Streams.
    pub streams: u8,
    /// Paths.
    pub paths: u8,
}

impl Default for QpInit {
    fn default() -> Self {
        QpInit {
            sq_entries: 256,
            rq_entries: 256,
            streams: 1,
            paths: 16,
        }
    }
}

/// What a peer needs to connect to a queue pair (exchanged out of band).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ConnParams {
    /// Connection id on its engine.
    pub conn: u32,
    /// Ethernet address.
    pub mac: [u8; 6],
    /// IPv4 address.
    pub ip: [u8; 4],
    /// First UDP source port of its paths.
    pub udp_base: u16,
}

impl ConnParams {
    /// One text line: `braid-conn <conn> <mac> <ip> <udp_base>`.
    pub fn to_line(&self) -> String {
        let m = self.mac;
        format!(
            "braid-conn {} {:02x}:{:02x}:{:02x}:{:02x}:{:02x}:{:02x} {}.{}.{}.{} {}\n",
            self.conn,
            m[0],
            m[1],
            m[2],
            m[3],
            m[4],
            m[5],
            self.ip[0],
            self.ip[1],
            self.ip[2],
            self.ip[3],
            self.udp_base
        )
    }

    /// Parse [`ConnParams::to_line`].
    pub fn from_line(line: &str) -> Result<ConnParams> {
        let bad = |why: &str| Error::BadParams(format!("{why} in {:?}", line.trim()));
        let p: Vec<&str> = line.split_whitespace().collect();
        if p.len() != 5 || p[0] != "braid-conn" {
            return Err(bad("expected `braid-conn <conn> <mac> <ip> <udp_base>`"));
        }
        let conn = p[1].parse().map_err(|_| bad("bad connection id"))?;
        let mut mac = [0u8; 6];
        let ms: Vec<&str> = p[2].split(':').collect();
        if ms.len() != 6 {
            return Err(bad("bad MAC address"));
        }
        for (i, m) in ms.iter().enumerate() {
            mac[i] = u8::from_str_radix(m, 16).map_err(|_| bad("bad MAC address"))?;
        }
        let ip: std::net::Ipv4Addr = p[3].parse().map_err(|_| bad("bad IPv4 address"))?;
        let udp_base = p[4].parse().map_err(|_| bad("bad UDP port"))?;
        Ok(ConnParams {
            conn,
            mac,
            ip: ip.octets(),
            udp_base,
        })
    }

    /// Exchange parameters over any byte stream (a TCP connection, a pipe):
    /// send ours, read theirs.
    pub fn exchange(
        &self,
        stream: &mut (impl std::io::Read + std::io::Write),
    ) -> Result<ConnParams> {
        ConnParams::from_line(&exchange_line(stream, &self.to_line())?)
    }
}

/// Write `line` (ending in a newline) to `stream`, then read the peer's
/// line (at most 256 bytes, without its newline): the out-of-band
/// exchange of [`ConnParams::exchange`] and of perftest's programs
/// ([`crate::perf::RemoteBuf::exchange`]).
pub fn exchange_line(
    stream: &mut (impl std::io::Read + std::io::Write),
    line: &str,
) -> Result<String> {
    let io = |e: std::io::Error| Error::BadParams(format!("exchange failed: {e}"));
    stream.write_all(line.as_bytes()).map_err(io)?;
    stream.flush().map_err(io)?;
    let mut got = Vec::new();
    let mut b = [0u8; 1];
    while got.len() < 256 {
        if stream.read(&mut b).map_err(io)? == 0 {
            break;
        }
        if b[0] == b'\n' {
            break;
        }
        got.push(b[0]);
    }
    Ok(String::from_utf8_lossy(&got).into_owned())
}

/// A scatter entry (`ibv_sge`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sge {
    /// Address (inside the region of `lkey`).
    pub addr: u64,
    /// Length.
    pub len: u32,
    /// Local key.
    pub lkey: u32,
}

/// What a send work request does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SendOp {
    /// RDMA WRITE to `remote_addr` in the peer's region `rkey`.
    Write {
        /// Peer address.
        remote_addr: u64,
        /// Peer key.
        rkey: u32,
    },
    /// RDMA WRITE with immediate (a completion at the peer too).
    WriteWithImm {
        /// Peer address.
        remote_addr: u64,
        /// Peer key.
        rkey: u32,
        /// Immediate data.
        imm: u32,
    },
    /// SEND into the peer's next receive buffer of the stream.
    Send,
    /// SEND with immediate.
    SendWithImm {
        /// Immediate data.
        imm: u32,
    },
}

/// A send work request (`ibv_send_wr`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SendWr {
    /// Returned in the completion.
    pub wr_id: u64,
    /// Operation.
    pub op: SendOp,
    /// Stream.
    pub stream: u8,
    /// Scatter entries (at most [`MAX_SGE`]; none for a zero-length message).
    pub sg_list: Vec<Sge>,
}

/// A receive work request (`ibv_recv_wr`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecvWr {
    /// Returned in the completion.
    pub wr_id: u64,
    /// Buffer (one scatter entry).
    pub sge: Sge,
}

/// A queue pair (`ibv_qp`): one Braid connection.
///
/// Dropping it destroys the connection (`DESTROY_CONN`). The send work
/// requests still outstanding then complete `Flushed` in its completion
/// queue (those the engine had fetched; the engine drops the rest unread),
/// with the old `qp_num`; receives still posted are dropped. Until every
/// outstanding send has come back that way, the connection number is not
/// given to a new queue pair, so no completion of the old one is ever taken
/// for the new one's, and their room in the completion queue stays
/// reserved. Work requests the engine never fetched never come back, so a
/// number destroyed with more sends outstanding than the engine holds per
/// connection (8 buffered plus 32 messages in flight) stays out of use for
/// the life of the [`Context`].
pub struct QueuePair<B: Backend> {
    pd: ProtectionDomain<B>,
    cq: CompletionQueue<B>,
    conn: u32,
    init: QpInit,
    sq: DmaBuf,
    rq: DmaBuf,
    sq_pi: u32,
    rq_pi: Vec<u32>,
    peer: Option<ConnParams>,
}

impl<B: Backend> QueuePair<B> {
    /// Its sizes, as created.
    pub fn init(&self) -> QpInit {
        self.init
    }

    /// Its number (the engine's connection id).
    pub fn qp_num(&self) -> u32 {
        self.conn
    }

    /// Parameters the peer needs, with this host's addresses.
    pub fn local_params(&self, mac: [u8; 6], ip: [u8; 4]) -> ConnParams {
        ConnParams {
            conn: self.conn,
            mac,
            ip,
            udp_base: 0xc000u16.wrapping_add(self.conn as u16 * 16),
        }
    }

    /// Connect to the peer (`ibv_modify_qp` to RTS): program its addresses.
    pub fn connect(&mut self, local: &ConnParams, peer: &ConnParams) -> Result<()> {
        let ctx = self.pd.inner.ctx.clone();
        let mut c = ctx.inner.borrow_mut();
        let m = peer.mac;
        c.command(
            "SET_PEER",
            &args(&[
                (cmd_arg::SET_PEER_CONN, self.conn as u64),
                (
                    cmd_arg::SET_PEER_PEER_MAC,
                    u64::from_le_bytes([m[0], m[1], m[2], m[3], m[4], m[5], 0, 0]),
                ),
                (
                    cmd_arg::SET_PEER_PEER_IP4,
                    u32::from_be_bytes(peer.ip) as u64,
                ),
                (
                    cmd_arg::SET_PEER_LOCAL_IP4,
                    u32::from_be_bytes(local.ip) as u64,
                ),
                (cmd_arg::SET_PEER_SPORT_BASE, local.udp_base as u64),
                (cmd_arg::SET_PEER_DPORT, braid_spec::BRAID_UDP_PORT as u64),
                (cmd_arg::SET_PEER_PEER_CONN, peer.conn as u64),
            ]),
        )?;
        self.peer = Some(*peer);
        Ok(())
    }

    fn check_sge(c: &Ctx<B>, pd: u32, sge: &Sge, need: u32) -> Result<()> {
        let mr = match c.mrs.get(key_slot(sge.lkey)) {
            Some(Some((k, mr))) if *k == sge.lkey => mr,
            _ => return Err(Error::BadLkey { lkey: sge.lkey }),
        };
        if mr.pd != pd {
            return Err(Error::PdMismatch {
                lkey: sge.lkey,
                region_pd: mr.pd,
                qp_pd: pd,
            });
        }
        let inside = sge.addr >= mr.iova
            && sge
                .addr
                .checked_add(sge.len as u64)
                .is_some_and(|e| e <= mr.iova + mr.len);
        if !inside {
            return Err(Error::SgeOutOfRegion {
                lkey: sge.lkey,
                addr: sge.addr,
                len: sge.len as u64,
                start: mr.iova,
                size: mr.len,
            });
        }
        if mr.access & need != need {
            return Err(Error::AccessDenied {
                lkey: sge.lkey,
                need: "LOCAL_WRITE",
            });
        }
        Ok(())
    }

    /// The completion queue has room for `n` more completions: its number.
    fn cq_room(&self, c: &Ctx<B>, n: u32) -> Result<u32> {
        let cqn = self.cq.number();
        let entries = self.cq.entries();
        let o = c.cq_outstanding[cqn as usize];
        if o + n > entries {
            return Err(Error::CqFull {
                cq: cqn,
                entries,
                outstanding: o,
                posting: n,
            });
        }
        Ok(cqn)
    }

    fn usable(&self, c: &Ctx<B>) -> Result<()> {
        if self.peer.is_none() {
            return Err(Error::NotConnected { conn: self.conn });
        }
        if c.failed[self.conn as usize] {
            return Err(Error::QpError { conn: self.conn });
        }
        Ok(())
    }

    /// Post send work requests (`ibv_post_send`): every request is checked
    /// first, then all are written and announced with one doorbell. On an
    /// error nothing is posted.
    pub fn post_send(&mut self, wrs: &[SendWr]) -> Result<()> {
        let ctx = self.pd.inner.ctx.clone();
        let mut c = ctx.inner.borrow_mut();
        self.usable(&c)?;
        let pd = self.pd.inner.pd;
        for wr in wrs {
            if wr.stream >= self.init.streams {
                return Err(Error::BadStream {
                    stream: wr.stream,
                    streams: self.init.streams,
                });
            }
            if wr.sg_list.len() > MAX_SGE {
                return Err(Error::TooManySge {
                    n: wr.sg_list.len(),
                    max: MAX_SGE,
                });
            }
            for sge in &wr.sg_list {
                Self::check_sge(&c, pd, sge, 0)?;
            }
        }
        let n = wrs.len() as u32;
        let outstanding = self.sq_pi.wrapping_sub(c.sq_done[self.conn as usize]);
        if outstanding + n > self.init.sq_entries {
            return Err(Error::SendQueueFull {
                conn: self.conn,
                entries: self.init.sq_entries,
                outstanding,
                posting: n,
            });
        }
        let cqn = self.cq_room(&c, n)?;
        let mut rec = [0u8; WQE_BYTES];
        for wr in wrs {
            rec.fill(0);
            let (opcode, imm, rkey, raddr) = match wr.op {
                SendOp::Write { remote_addr, rkey } => (Opcode::Write, 0, rkey, remote_addr),
                SendOp::WriteWithImm {
                    remote_addr,
                    rkey,
                    imm,
                } => (Opcode::WriteImm, imm, rkey, remote_addr),
                SendOp::Send => (Opcode::Send, 0, 0, 0),
                SendOp::SendWithImm { imm } => (Opcode::SendImm, imm, 0, 0),
            };
            let len: u64 = wr.sg_list.iter().map(|s| s.len as u64).sum();
            let p = |r: &mut [u8], f: &StateField, v: u64| host::put(r, f, v);
            p(&mut rec, wqe::OPCODE, opcode.value() as u64);
            p(&mut rec, wqe::FLAGS, host::WQE_SIGNALED as u64);
            p(&mut rec, wqe::STREAM, wr.stream as u64);
            p(&mut rec, wqe::NUM_SGE, wr.sg_list.len() as u64);
            p(&mut rec, wqe::LEN, len);
            p(&mut rec, wqe::WR_ID, wr.wr_id);
            p(&mut rec, wqe::IMM, imm as u64);
            p(&mut rec, wqe::RKEY, rkey as u64);
            p(&mut rec, wqe::REMOTE_ADDR, raddr);
            if let Some(s) = wr.sg_list.first() {
                p(&mut rec, wqe::SGE_ADDR, s.addr);
                p(&mut rec, wqe::SGE_LKEY, s.lkey as u64);
                p(&mut rec, wqe::SGE_LEN, s.len as u64);
            }
            let idx = (self.sq_pi % self.init.sq_entries) as usize;
            c.dev
                .backend_mut()
                .dma_write(&self.sq, idx * WQE_BYTES, &rec)?;
            self.sq_pi = self.sq_pi.wrapping_add(1);
        }
        c.cq_outstanding[cqn as usize] += n;
        if n > 0 {
            let mut db = bar0::SqDoorbell(0);
            db.set_pi(self.sq_pi as u16);
            db.set_conn(self.conn as u16);
            c.dev.write(&regs::SQ_DOORBELL, db.0)?;
        }
        Ok(())
    }

    /// Post receive buffers on `stream` (`ibv_post_recv`); one doorbell.
    pub fn post_recv(&mut self, stream: u8, wrs: &[RecvWr]) -> Result<()> {
        let ctx = self.pd.inner.ctx.clone();
        let mut c = ctx.inner.borrow_mut();
        if c.failed[self.conn as usize] {
            return Err(Error::QpError { conn: self.conn });
        }
        if stream >= self.init.streams {
            return Err(Error::BadStream {
                stream,
                streams: self.init.streams,
            });
        }
        let pd = self.pd.inner.pd;
        for wr in wrs {
            Self::check_sge(&c, pd, &wr.sge, access::LOCAL_WRITE)?;
        }
        let n = wrs.len() as u32;
        let s = stream as usize;
        let done = c.rq_done.get(&(self.conn, stream)).copied().unwrap_or(0);
        if self.rq_pi[s].wrapping_sub(done) + n > self.init.rq_entries {
            return Err(Error::RecvQueueFull {
                conn: self.conn,
                stream,
                entries: self.init.rq_entries,
            });
        }
        let cqn = self.cq_room(&c, n)?;
        let base = s * self.init.rq_entries as usize * RQE_BYTES;
        let mut rec = [0u8; RQE_BYTES];
        for wr in wrs {
            rec.fill(0);
            host::put(&mut rec, rqe::WR_ID, wr.wr_id);
            host::put(&mut rec, rqe::ADDR, wr.sge.addr);
            host::put(&mut rec, rqe::LKEY, wr.sge.lkey as u64);
            host::put(&mut rec, rqe::LEN, wr.sge.len as u64);
            let idx = (self.rq_pi[s] % self.init.rq_entries) as usize;
            c.dev
                .backend_mut()
                .dma_write(&self.rq, base + idx * RQE_BYTES, &rec)?;
            self.rq_pi[s] = self.rq_pi[s].wrapping_add(1);
        }
        c.cq_outstanding[cqn as usize] += n;
        if n > 0 {
            let mut db = bar0::RqDoorbell(0);
            db.set_pi(self.rq_pi[s] as u16);
            db.set_stream(stream);
            db.set_conn(self.conn as u16);
            c.dev.write(&regs::RQ_DOORBELL, db.0)?;
        }
        Ok(())
    }

    /// The send ring (tests play the engine through it).
    pub fn send_ring(&self) -> &DmaBuf {
        &self.sq
    }

    /// The receive rings, one per stream back to back.
    pub fn recv_rings(&self) -> &DmaBuf {
        &self.rq
    }
}

impl<B: Backend> Drop for QueuePair<B> {
    fn drop(&mut self) {
        let ctx = self.pd.inner.ctx.clone();
        let mut c = ctx.inner.borrow_mut();
        if let Err(e) = c.command(
            "DESTROY_CONN",
            &args(&[(cmd_arg::DESTROY_CONN_CONN, self.conn as u64)]),
        ) {
            log::warn!("destroying queue pair {}: {e}", self.conn);
        }
        let n = self.conn as usize;
        c.conns[n] = false;
        // the send work requests outstanding complete FLUSHED (those the
        // engine fetched; see `quarantine`); the receives outstanding
        // never complete: their room in the queue is given back now
        let cqn = self.cq.number();
        c.quarantine[n] = (self.sq_pi.wrapping_sub(c.sq_done[n]), cqn);
        let mut unused = 0u32;
        for s in 0..self.init.streams {
            let done = c.rq_done.remove(&(self.conn, s)).unwrap_or(0);
            unused += self.rq_pi[s as usize].wrapping_sub(done);
        }
        let o = &mut c.cq_outstanding[cqn as usize];
        *o = o.saturating_sub(unused);
        for b in [&self.sq, &self.rq] {
            if let Err(e) = c.dev.backend_mut().dma_free(b) {
                log::warn!("freeing queue pair {} ring: {e}", self.conn);
            }
        }
    }
}

/// Encode a completion as the engine writes it (for backends that play
/// the engine, and tests).
pub fn encode_cqe(rec: &mut [u8; CQE_BYTES], wc: &WorkCompletion, owner: u8) {
    rec.fill(0);
    let p = |r: &mut [u8], f: &StateField, v: u64| host::put(r, f, v);
    p(rec, cqe::WR_ID, wc.wr_id);
    p(rec, cqe::BYTE_LEN, wc.byte_len as u64);
    p(rec, cqe::IMM, wc.imm.unwrap_or(0) as u64);
    p(rec, cqe::MSN, wc.msn as u64);
    p(rec, cqe::CONN, wc.qp_num as u64);
    p(
        rec,
        cqe::OPCODE,
        match wc.opcode {
            WcOpcode::SendDone => host::CQE_SEND_DONE,
            WcOpcode::Recv => host::CQE_RECV,
            WcOpcode::RecvRdmaWithImm => host::CQE_RECV_WRITE_IMM,
        } as u64,
    );
    p(
        rec,
        cqe::STATUS,
        match wc.status {
            WcStatus::Success => host::CQE_OK,
            WcStatus::Flushed => host::CQE_FLUSHED,
            WcStatus::BadWqe => host::CQE_BAD_WQE,
            WcStatus::RetryExceeded => host::CQE_RETRY_EXCEEDED,
            WcStatus::Remote(r) => host::CQE_REMOTE | r as u8,
            WcStatus::Unknown(c) => c,
        } as u64,
    );
    p(rec, cqe::STREAM, wc.stream as u64);
    p(
        rec,
        cqe::FLAGS,
        if wc.imm.is_some() {
            host::CQE_IMM as u64
        } else {
            0
        },
    );
    p(rec, cqe::OWNER, owner as u64);
}
