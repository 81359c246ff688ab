//! One fault library and one invariant checker for every run of the
//! transport: the model engines ([`crate::model_backend`]) and the
//! Verilated engines (`braid-cosim`) alike.
//!
//! * [`FaultPlan`] names the faults of a run. The network's faults act in
//!   the fabric simulator that both kinds of run use ([`FaultPlan::apply`]
//!   writes them into a [`FabricConfig`]): random and bursty loss,
//!   reordering, duplication, bit corruption inside a frame, a black-holed
//!   spine, a flapping link. The host's faults act through the driver: a
//!   receiver that posts no receive buffers for a while, a host that stops
//!   polling its completion queue for a while (so it fills).
//! * [`run`] drives two engines through braid-driver's verbs API alone
//!   (any [`Backend`]): each side WRITEs, WRITE_WITH_IMMs, SENDs and
//!   SEND_WITH_IMMs seeded random messages to the other on several
//!   streams, under a [`FaultPlan`], until every message has completed
//!   or the progress deadline after the faults stop has passed.
//! * [`Ledger::check`] then applies the invariants and returns every
//!   violation: each message completes exactly once, SUCCESS with its
//!   bytes in place (WRITE) or in the next receive buffer of its stream
//!   (SEND), or with an error status, never silently; completions in
//!   posting order per stream; the immediate and the length in the
//!   receiver's completions; no byte of the receiver's memory changed
//!   where no message was due, and no DMA write outside what the host
//!   registered for it (its own record of regions and completion rings,
//!   not the engine's), a decoy region of another protection domain
//!   included; every message done within the deadline after the faults
//!   stop; and the engine's counters consistent with the frames the fabric
//!   carried.

use crate::fabric::{BlackHole, FabricConfig, LinkFailure, LossModel, Stats, Time};
use braid_driver::verbs::{
    access, CompletionQueue, Context, MemoryRegion, ProtectionDomain, QpInit, QueuePair, RecvWr,
    SendOp, SendWr, WcOpcode, WcStatus, WorkCompletion,
};
use braid_driver::Backend;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::{BTreeMap, HashMap, VecDeque};
use std::fmt;

/// Picoseconds per microsecond.
const US: Time = 1_000_000;

/// The faults of a run. Random faults act from the start until
/// `faults_until`; scheduled ones at their own times, all within it.
#[derive(Debug, Clone, PartialEq)]
pub struct FaultPlan {
    /// Independent end-to-end loss per packet.
    pub loss: f64,
    /// Bursty loss per hop (Gilbert-Elliott: enter the bad state with this
    /// probability per packet, leave it with one in four, lose half the
    /// packets there); 0 = none.
    pub burst: f64,
    /// Reordering: a packet held back (up to `reorder_us`) with this
    /// probability.
    pub reorder: f64,
    /// The longest hold of a reordered packet (microseconds).
    pub reorder_us: u64,
    /// Duplication probability per packet.
    pub duplicate: f64,
    /// Corruption probability per packet (a bit flipped inside the frame,
    /// past the Ethernet header, where no FCS catches it).
    pub corrupt: f64,
    /// A spine of the path's plane drops everything it forwards, silently,
    /// from 10% to 60% of the fault window.
    pub black_hole: bool,
    /// One leaf-spine link goes down and up again five times within the
    /// fault window.
    pub flap: bool,
    /// The receiver of SENDs posts no receive buffer until this far into
    /// the run (microseconds; 0 = from the start).
    pub rnr_us: u64,
    /// Both hosts stop polling their completion queues from 10% of the
    /// fault window to this far into the run (microseconds; 0 = never
    /// stop), so the queues fill.
    pub cq_stall_us: u64,
    /// The time the random faults stop (microseconds).
    pub faults_until_us: u64,
}

impl FaultPlan {
    /// No faults at all.
    pub fn none() -> FaultPlan {
        FaultPlan {
            loss: 0.0,
            burst: 0.0,
            reorder: 0.0,
            reorder_us: 0,
            duplicate: 0.0,
            corrupt: 0.0,
            black_hole: false,
            flap: false,
            rnr_us: 0,
            cq_stall_us: 0,
            faults_until_us: 0,
        }
    }

    /// Every fault at once, for `window_us` microseconds: 1% loss, bursts,
    /// 1% reordering by up to 20 us, 1% duplication, 0.5% corruption, a
    /// black-holed spine, a flapping link, no receive buffers for the
    /// first quarter, completion queues unpolled for the second.
    pub fn every(window_us: u64) -> FaultPlan {
        FaultPlan {
            loss: 0.01,
            burst: 0.002,
            reorder: 0.01,
            reorder_us: 20,
            duplicate: 0.01,
            corrupt: 0.005,
            black_hole: true,
            flap: true,
            rnr_us: window_us / 4,
            cq_stall_us: window_us / 2,
            faults_until_us: window_us,
        }
    }

    /// Write the network's faults into `fab` (a fabric of at least two
    /// leaves and two spines, so that paths cross spines).
    pub fn apply(&self, fab: &mut FabricConfig) {
        let window = self.faults_until_us * US;
        fab.faults_until = window;
        fab.e2e_loss = self.loss;
        fab.link_loss = if self.burst > 0.0 {
            LossModel::GilbertElliott {
                p_gb: self.burst,
                p_bg: 0.25,
                loss_good: 0.0,
                loss_bad: 0.5,
            }
        } else {
            LossModel::None
        };
        fab.reorder_prob = self.reorder;
        fab.reorder_ps = self.reorder_us * US;
        fab.dup_prob = self.duplicate;
        fab.corrupt_prob = self.corrupt;
        if self.black_hole {
            fab.black_holes.push(BlackHole {
                plane: 0,
                spine: 1 % fab.spines,
                from: window / 10,
                until: window * 6 / 10,
            });
        }
        if self.flap {
            let period = window / 6;
            fab.failures.extend(LinkFailure::flapping(
                0,
                0,
                2 % fab.spines,
                period / 2,
                period,
                period / 3,
                5,
            ));
        }
    }

    /// When the last fault ends (ps): the progress deadline counts from
    /// here.
    pub fn quiet_at(&self) -> Time {
        self.faults_until_us.max(self.rnr_us).max(self.cq_stall_us) * US
    }
}

impl fmt::Display for FaultPlan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "loss {}, burst {}, reorder {} (<= {} us), duplicate {}, corrupt {}, black hole {}, \
             flapping link {}, no receive buffers for {} us, CQs unpolled until {} us, \
             faults for {} us",
            self.loss,
            self.burst,
            self.reorder,
            self.reorder_us,
            self.duplicate,
            self.corrupt,
            self.black_hole,
            self.flap,
            self.rnr_us,
            self.cq_stall_us,
            self.faults_until_us
        )
    }
}

/// The corruption of a frame in bytes (Ethernet first, FCS excluded): one
/// bit flipped at a position `word` chooses, past the Ethernet header
/// (14 bytes), so the IP or UDP checksum must catch it. Returns true (the
/// frame is delivered, the receiver judges it); frames of 14 bytes or
/// fewer are left as they are.
pub fn corrupt_frame(frame: &mut [u8], word: u64) -> bool {
    if frame.len() > 14 {
        let bits = (frame.len() - 14) as u64 * 8;
        let b = 14 * 8 + word % bits;
        frame[(b / 8) as usize] ^= 1 << (b % 8);
    }
    true
}

/// What the traffic of a run is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Traffic {
    /// Messages each side sends.
    pub messages: usize,
    /// Longest message (bytes); lengths are drawn from 0 to this, most of
    /// them short, some the whole length.
    pub max_len: u32,
    /// Streams of each queue pair.
    pub streams: u8,
    /// Paths of each queue pair.
    pub paths: u8,
    /// Work requests kept posted per side at most.
    pub depth: usize,
    /// The seed of every choice.
    pub seed: u64,
}

/// A message kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// RDMA WRITE.
    Write,
    /// RDMA WRITE with immediate.
    WriteImm,
    /// SEND.
    Send,
    /// SEND with immediate.
    SendImm,
}

/// One message a side sends.
#[derive(Debug, Clone)]
pub struct Message {
    /// Its kind.
    pub kind: Kind,
    /// Stream.
    pub stream: u8,
    /// Offset of its bytes in the sender's source region and of its slot
    /// in the receiver's target region (a WRITE's destination, or the
    /// receive buffer a SEND lands in).
    pub off: u64,
    /// Length.
    pub len: u32,
    /// Receive buffer length (SENDs: `len` or more).
    pub buf_len: u32,
    /// Immediate data (`*Imm` kinds).
    pub imm: u32,
}

/// A violated invariant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violation(pub String);

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A host's own record of what it registered for the engine to write.
#[derive(Debug, Clone, Default)]
pub struct Registry {
    /// Regions and rings the engine may write: start address -> length.
    pub writable: BTreeMap<u64, u64>,
}

impl Registry {
    /// Record `[addr, addr + len)` as writable by the engine.
    pub fn allow(&mut self, addr: u64, len: u64) {
        self.writable.insert(addr, len);
    }

    /// Whether `[addr, addr + len)` lies inside one writable range.
    pub fn covers(&self, addr: u64, len: u64) -> bool {
        self.writable
            .range(..=addr)
            .next_back()
            .is_some_and(|(&a, &l)| addr + len <= a + l)
    }
}

/// What a side of a run is: its context, its domains, regions, queues.
pub struct SideSetup<B: Backend> {
    /// Queue pair (connected to the other side's).
    pub qp: QueuePair<B>,
    /// Its completion queue.
    pub cq: CompletionQueue<B>,
    /// Source region (LOCAL_WRITE): the bytes this side sends.
    pub src: MemoryRegion<B>,
    /// Target region (LOCAL_WRITE | REMOTE_WRITE): the other side's
    /// WRITEs and this side's receive buffers.
    pub dst: MemoryRegion<B>,
    /// A region of another protection domain with REMOTE_WRITE: nothing
    /// may ever land there.
    pub decoy: MemoryRegion<B>,
    /// The domains (kept alive).
    pub pds: [ProtectionDomain<B>; 2],
}

/// The ledger of a run: what was posted, what completed, what is due.
#[derive(Debug, Default)]
pub struct Ledger {
    /// Messages each side sends.
    pub msgs: [Vec<Message>; 2],
    /// Sender-side completions per side, in the order polled.
    pub sent: [Vec<WorkCompletion>; 2],
    /// Receiver-side completions per side, in the order polled.
    pub recvd: [Vec<WorkCompletion>; 2],
    /// When each side's last message completed (ps), if all did.
    pub done_at: [Option<Time>; 2],
    /// The progress deadline (ps of the run's clock).
    pub deadline: Time,
    /// Each side's registry (its own record).
    pub registry: [Registry; 2],
    /// Each side's `CQ_FULL` counter at the end: completions its engine
    /// dropped because the completion queue was full.
    pub cq_full: [u64; 2],
    /// Each side's host memory layout: (what, address, length) of its
    /// rings and regions, to name the target of a failing DMA.
    pub layout: [Vec<(&'static str, u64, u64)>; 2],
}

/// The engine's `CQ_FULL` counter.
fn cq_full<B: Backend>(ctx: &Context<B>) -> u64 {
    counter(ctx, "CQ_FULL")
}

/// An engine counter of braid-spec's register map, through the driver.
fn counter<B: Backend>(ctx: &Context<B>, name: &str) -> u64 {
    let r = braid_spec::regs::by_name(name).expect("a braid-spec register");
    ctx.with_backend(|b| b.read32(r.offset)).unwrap_or(u32::MAX) as u64
}

/// The engine counters of the frames an engine sends: data packets (first
/// sends and retransmissions), ACKs, NACKs and probe replies; of the data
/// packets, those whose payload read failed (`TX_PAYLOAD_ERR`) are
/// discarded before the wire.
pub const TX_FRAME_COUNTERS: [&str; 4] = ["TX_PKTS", "ACK_TX", "NACK_TX", "PROBE_REPLY_TX"];

/// The clock and the engines' own DMA records of a run: what differs
/// between the model and the Verilated engines.
pub trait Rig {
    /// The run's time (ps) since it began.
    fn now(&self) -> Time;
    /// Let time pass: `ps` picoseconds of engines and fabric.
    fn run(&mut self, ps: Time);
    /// Engine DMA writes into side `side`'s memory since the last call:
    /// `(address, length)`.
    fn take_dma_writes(&mut self, side: usize) -> Vec<(u64, u32)>;
    /// The fabric's counters.
    fn fabric_stats(&self) -> Stats;
}

/// Byte `i` of side `s`'s source region: a pattern that differs per side
/// and per position, so misplaced bytes show.
pub fn src_byte(seed: u64, s: usize, i: usize) -> u8 {
    let x = (i as u64)
        .wrapping_mul(0x9e37_79b9)
        .wrapping_add(seed ^ (s as u64 * 0x51));
    (x ^ (x >> 13) ^ (x >> 29)) as u8
}

/// Byte `i` of a target or decoy region before the run: never a value
/// the engine is asked to write there unless a message lands on it.
pub const FILL: u8 = 0xa5;

/// The messages of one side.
fn messages(r: &mut ChaCha8Rng, t: &Traffic) -> (Vec<Message>, u64) {
    let mut off = 0u64;
    let mut v = Vec::with_capacity(t.messages);
    for _ in 0..t.messages {
        let kind = [Kind::Write, Kind::WriteImm, Kind::Send, Kind::SendImm][r.gen_range(0..4)];
        let len = match r.gen_range(0..10) {
            0 => 0,
            1 => t.max_len,
            2..=5 => r.gen_range(1..=256.min(t.max_len.max(1))),
            _ => r.gen_range(1..=t.max_len.max(1)),
        };
        let buf_len = match kind {
            Kind::Send | Kind::SendImm => len + r.gen_range(0..64),
            _ => len,
        };
        v.push(Message {
            kind,
            stream: r.gen_range(0..t.streams),
            off,
            len,
            buf_len,
            imm: r.gen(),
        });
        // slots 64-byte aligned, a gap between them that must stay FILL
        off += (buf_len as u64).div_ceil(64) * 64 + 64;
    }
    (v, off.max(64))
}

/// Set up side `s` (its context `ctx`) for `msgs`: regions sized for the
/// traffic, a queue pair of `t`'s shape.
fn setup<B: Backend>(
    ctx: &Context<B>,
    t: &Traffic,
    span: u64,
    s: usize,
    reg: &mut Registry,
) -> Result<SideSetup<B>, Violation> {
    let err = |what: &str, e: braid_driver::Error| Violation(format!("side {s}: {what}: {e}"));
    let pd = ctx.alloc_pd();
    let other = ctx.alloc_pd();
    // the queue's completions: every message's, every receive's (`depth`
    // per stream), some WRITE_WITH_IMMs'
    let cq_len = ((t.depth as u32) * (2 + t.streams as u32))
        .next_power_of_two()
        .max(16);
    let cq = ctx.create_cq(cq_len).map_err(|e| err("CREATE_CQ", e))?;
    let src = pd
        .reg_mr(span as usize, access::LOCAL_WRITE)
        .map_err(|e| err("REG_MR src", e))?;
    let dst = pd
        .reg_mr(span as usize, access::LOCAL_WRITE | access::REMOTE_WRITE)
        .map_err(|e| err("REG_MR dst", e))?;
    let decoy = other
        .reg_mr(4096, access::LOCAL_WRITE | access::REMOTE_WRITE)
        .map_err(|e| err("REG_MR decoy", e))?;
    let init = QpInit {
        sq_entries: (t.depth as u32).next_power_of_two().max(2),
        rq_entries: (t.depth as u32).next_power_of_two().max(2),
        streams: t.streams,
        paths: t.paths,
    };
    let qp = pd.create_qp(&cq, init).map_err(|e| err("CREATE_CONN", e))?;
    let bytes: Vec<u8> = (0..span as usize).map(|i| src_byte(t.seed, s, i)).collect();
    src.write(0, &bytes).map_err(|e| err("fill src", e))?;
    dst.write(0, &vec![FILL; span as usize])
        .map_err(|e| err("fill dst", e))?;
    decoy
        .write(0, &[FILL; 4096])
        .map_err(|e| err("fill decoy", e))?;
    let ring = cq.ring();
    reg.allow(ring.iova, ring.len as u64);
    reg.allow(dst.addr(), dst.len() as u64);
    Ok(SideSetup {
        qp,
        cq,
        src,
        dst,
        decoy,
        pds: [pd, other],
    })
}

/// Summary of a run (after [`Ledger::check`]).
#[derive(Debug, Clone, Default)]
pub struct Outcome {
    /// Messages posted, both sides.
    pub messages: usize,
    /// Whether each side's queue pair went to the error state (a work
    /// request failed; the side posted no more).
    pub qp_failed: [bool; 2],
    /// Of them, completed SUCCESS.
    pub success: usize,
    /// Completed with an error status.
    pub failed: usize,
    /// Payload bytes of the successful messages.
    pub bytes: u64,
    /// Run time (ps) until the last completion.
    pub time: Time,
    /// The fabric's counters at the end.
    pub fabric: Stats,
    /// Engine DMA writes audited.
    pub dma_writes: u64,
    /// Frames the engines' counters say they sent ([`TX_FRAME_COUNTERS`],
    /// both sides).
    pub engine_frames: u64,
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let d = &self.fabric.drops;
        write!(
            f,
            "{} messages, {} SUCCESS, {} failed (queue pairs failed: {:?}), {} bytes, {} us, {} \
             DMA writes audited, {} frames; faults: {} lost end to end, {} in bursts, {} on \
             failed links, {} black-holed, {} corrupted and caught, {} corrupted and delivered, \
             {} duplicated, {} reordered",
            self.messages,
            self.success,
            self.failed,
            self.qp_failed,
            self.bytes,
            self.time / US,
            self.dma_writes,
            self.fabric.sent,
            d.e2e,
            d.link,
            d.link_down,
            d.black_hole,
            d.corrupt,
            self.fabric.corrupted,
            self.fabric.duplicated,
            self.fabric.reordered
        )
    }
}

/// Sums over the runs of a soak.
#[derive(Debug, Clone, Default)]
pub struct Totals {
    /// Runs.
    pub runs: u64,
    /// The sum of their outcomes (time: the longest run).
    pub sum: Outcome,
}

impl Totals {
    /// Add a run's outcome.
    pub fn add(&mut self, o: &Outcome) {
        let s = &mut self.sum;
        self.runs += 1;
        s.messages += o.messages;
        s.success += o.success;
        s.failed += o.failed;
        s.bytes += o.bytes;
        s.time = s.time.max(o.time);
        s.dma_writes += o.dma_writes;
        s.engine_frames += o.engine_frames;
        let (a, b) = (&mut s.fabric, &o.fabric);
        a.sent += b.sent;
        a.delivered += b.delivered;
        a.duplicated += b.duplicated;
        a.reordered += b.reordered;
        a.corrupted += b.corrupted;
        a.drops.e2e += b.drops.e2e;
        a.drops.link += b.drops.link;
        a.drops.link_down += b.drops.link_down;
        a.drops.black_hole += b.drops.black_hole;
        a.drops.corrupt += b.drops.corrupt;
        a.drops.buffer += b.drops.buffer;
    }
}

/// A run's result as a test or a soak reports it: its outcome, or (after
/// printing the first 20 violations on stderr) a message naming the seed,
/// the plan, the number of violations and the first.
pub fn verdict(
    res: Result<(Outcome, Ledger), Vec<Violation>>,
    seed: u64,
    plan: &FaultPlan,
) -> Result<Outcome, String> {
    match res {
        Ok((out, _)) => Ok(out),
        Err(v) => {
            for x in v.iter().take(20) {
                eprintln!("violation: {x}");
            }
            Err(format!(
                "seed {seed:#x}, plan {plan}: {} invariant violations (first: {})",
                v.len(),
                v.first().map(|x| x.0.as_str()).unwrap_or("")
            ))
        }
    }
}

/// Run the traffic `t` between the engines of `ctx` (side 0 and 1,
/// connected as (mac, ip) pairs `addr`) under the host faults of `plan`
/// (its network faults are the rig's fabric's, set up by the caller with
/// [`FaultPlan::apply`]); then check every invariant. `deadline_us`:
/// microseconds after the faults stop by which every message must be done.
pub fn run<B: Backend, R: Rig>(
    ctx: [&Context<B>; 2],
    addr: [([u8; 6], [u8; 4]); 2],
    rig: &mut R,
    plan: &FaultPlan,
    t: &Traffic,
    deadline_us: u64,
) -> Result<(Outcome, Ledger), Vec<Violation>> {
    let mut r = ChaCha8Rng::seed_from_u64(t.seed);
    let mut ledger = Ledger::default();
    let (m0, span0) = messages(&mut r, t);
    let (m1, span1) = messages(&mut r, t);
    let span = span0.max(span1);
    ledger.msgs = [m0, m1];
    let mut regs = [Registry::default(), Registry::default()];
    let mut sides = Vec::new();
    for s in 0..2 {
        sides.push(setup(ctx[s], t, span, s, &mut regs[s]).map_err(|v| vec![v])?);
    }
    ledger.registry = regs;
    for (s, side) in sides.iter().enumerate() {
        let (sq, rq, cq) = (side.qp.send_ring(), side.qp.recv_rings(), side.cq.ring());
        ledger.layout[s] = vec![
            ("send ring", sq.iova, sq.len as u64),
            ("receive rings", rq.iova, rq.len as u64),
            ("completion ring", cq.iova, cq.len as u64),
            ("source region", side.src.addr(), side.src.len() as u64),
            ("target region", side.dst.addr(), side.dst.len() as u64),
        ];
    }
    let dsts = [
        (sides[0].dst.addr(), sides[0].dst.rkey()),
        (sides[1].dst.addr(), sides[1].dst.rkey()),
    ];
    let params: Vec<_> = (0..2)
        .map(|s| sides[s].qp.local_params(addr[s].0, addr[s].1))
        .collect();
    for s in 0..2 {
        let (l, p) = (params[s], params[1 - s]);
        sides[s]
            .qp
            .connect(&l, &p)
            .map_err(|e| vec![Violation(format!("side {s}: SET_PEER: {e}"))])?;
    }
    // drain what the set-up wrote (rings, the fills are the host's)
    for s in 0..2 {
        rig.take_dma_writes(s);
    }
    let t0 = rig.now();
    ledger.deadline = plan.quiet_at() + deadline_us * US;
    let stall_from = plan.faults_until_us * US / 10;
    let stall_to = plan.cq_stall_us * US;
    let rnr_to = plan.rnr_us * US;
    // per side: next message to post, posted and not completed
    let mut next = [0usize; 2];
    let mut outstanding = [0usize; 2];
    // queue pairs in the error state
    let mut failed = [false; 2];
    // receives: per receiving side, per stream, the SENDs of the other
    // side in posting order, not yet posted
    let mut recv_q: [Vec<VecDeque<usize>>; 2] = [
        vec![VecDeque::new(); t.streams as usize],
        vec![VecDeque::new(); t.streams as usize],
    ];
    for (s, q) in recv_q.iter_mut().enumerate() {
        for (i, m) in ledger.msgs[1 - s].iter().enumerate() {
            if matches!(m.kind, Kind::Send | Kind::SendImm) {
                q[m.stream as usize].push_back(i);
            }
        }
    }
    // receives posted and not yet completed, per side and stream
    let mut recv_out = [
        vec![0usize; t.streams as usize],
        vec![0usize; t.streams as usize],
    ];
    let mut dma = [Vec::new(), Vec::new()];
    let mut violations = Vec::new();
    let slice = US; // 1 us between looks
    loop {
        let now = rig.now() - t0;
        // a side whose queue pair failed (a work request ended in error)
        // posts no more; what it posted must still all complete
        let sends_done = (0..2).all(|s| {
            ledger.sent[s].len() == next[s] && (failed[s] || next[s] == ledger.msgs[s].len())
        });
        let any_failed = failed[0] || failed[1];
        let all_done = sends_done
            && (any_failed
                || (0..2).all(|s| {
                    // side s's receives all done, and every WRITE_WITH_IMM of
                    // the other side shown or counted as dropped (CQ full)
                    let imm_ok = ledger.msgs[1 - s]
                        .iter()
                        .enumerate()
                        .filter(|(i, m)| {
                            m.kind == Kind::WriteImm
                                && ledger.sent[1 - s]
                                    .iter()
                                    .any(|w| w.wr_id == *i as u64 && w.status == WcStatus::Success)
                        })
                        .count() as u64;
                    let shown = ledger.recvd[s]
                        .iter()
                        .filter(|w| w.opcode == WcOpcode::RecvRdmaWithImm)
                        .count() as u64;
                    recv_q[s].iter().all(|q| q.is_empty())
                        && recv_out[s].iter().all(|&n| n == 0)
                        && shown + cq_full(ctx[s]) >= imm_ok
                }));
        if all_done || now > ledger.deadline {
            break;
        }
        for s in 0..2 {
            let side = &mut sides[s];
            // receive buffers, up to the depth per stream, once the RNR
            // fault is over
            if now >= rnr_to && !failed[s] {
                for st in 0..t.streams as usize {
                    let mut wrs = Vec::new();
                    while recv_out[s][st] + wrs.len() < t.depth {
                        let Some(i) = recv_q[s][st].pop_front() else {
                            break;
                        };
                        let m = &ledger.msgs[1 - s][i];
                        wrs.push(RecvWr {
                            wr_id: recv_wr_id(i),
                            sge: side.dst.sge(m.off, m.buf_len),
                        });
                    }
                    if !wrs.is_empty() {
                        match side.qp.post_recv(st as u8, &wrs) {
                            Ok(()) => recv_out[s][st] += wrs.len(),
                            Err(braid_driver::Error::QpError { .. }) => failed[s] = true,
                            Err(e) => violations.push(Violation(format!(
                                "side {s}: post_recv on stream {st}: {e}"
                            ))),
                        }
                    }
                }
            }
            // sends, up to the depth
            let mut wrs = Vec::new();
            while !failed[s]
                && next[s] < ledger.msgs[s].len()
                && outstanding[s] + wrs.len() < t.depth
            {
                let m = &ledger.msgs[s][next[s]];
                let remote_addr = dsts[1 - s].0 + m.off;
                let rkey = dsts[1 - s].1;
                let op = match m.kind {
                    Kind::Write => SendOp::Write { remote_addr, rkey },
                    Kind::WriteImm => SendOp::WriteWithImm {
                        remote_addr,
                        rkey,
                        imm: m.imm,
                    },
                    Kind::Send => SendOp::Send,
                    Kind::SendImm => SendOp::SendWithImm { imm: m.imm },
                };
                wrs.push(SendWr {
                    wr_id: next[s] as u64,
                    op,
                    stream: m.stream,
                    sg_list: if m.len == 0 {
                        Vec::new()
                    } else {
                        vec![side.src.sge(m.off, m.len)]
                    },
                });
                next[s] += 1;
            }
            if !wrs.is_empty() {
                match side.qp.post_send(&wrs) {
                    Ok(()) => outstanding[s] += wrs.len(),
                    Err(e) => {
                        if !matches!(e, braid_driver::Error::QpError { .. }) {
                            violations.push(Violation(format!("side {s}: post_send: {e}")));
                        }
                        failed[s] = true;
                        next[s] -= wrs.len();
                    }
                }
            }
            // completions, unless this host stalls its polling now
            if !(stall_from..stall_to).contains(&now) {
                match side.cq.poll(64) {
                    Ok(wcs) => {
                        for wc in wcs {
                            match wc.opcode {
                                WcOpcode::SendDone => {
                                    outstanding[s] = outstanding[s].saturating_sub(1);
                                    failed[s] |= wc.status != WcStatus::Success;
                                    ledger.sent[s].push(wc);
                                    if ledger.sent[s].len() == ledger.msgs[s].len() {
                                        ledger.done_at[s] = Some(rig.now() - t0);
                                    }
                                }
                                WcOpcode::Recv => {
                                    let st = (wc.stream as usize).min(t.streams as usize - 1);
                                    recv_out[s][st] = recv_out[s][st].saturating_sub(1);
                                    ledger.recvd[s].push(wc);
                                }
                                WcOpcode::RecvRdmaWithImm => ledger.recvd[s].push(wc),
                            }
                        }
                    }
                    Err(e) => violations.push(Violation(format!("side {s}: poll: {e}"))),
                }
            }
        }
        rig.run(slice);
        for (s, d) in dma.iter_mut().enumerate() {
            d.extend(rig.take_dma_writes(s));
        }
    }
    let time = rig.now() - t0;
    // messages never posted (their queue pair failed first) are none
    for (m, n) in ledger.msgs.iter_mut().zip(next) {
        m.truncate(n);
    }
    ledger.cq_full = [cq_full(ctx[0]), cq_full(ctx[1])];
    // the memory as the hosts see it
    let mut dst_bytes = Vec::new();
    let mut decoy_bytes = Vec::new();
    for (s, side) in sides.iter().enumerate() {
        let mut v = vec![0u8; side.dst.len()];
        if let Err(e) = side.dst.read(0, &mut v) {
            violations.push(Violation(format!("side {s}: read target region: {e}")));
        }
        dst_bytes.push(v);
        let mut d = vec![0u8; side.decoy.len()];
        if let Err(e) = side.decoy.read(0, &mut d) {
            violations.push(Violation(format!("side {s}: read decoy region: {e}")));
        }
        decoy_bytes.push(d);
    }
    let mut out = Outcome {
        messages: ledger.msgs[0].len() + ledger.msgs[1].len(),
        qp_failed: failed,
        time,
        fabric: rig.fabric_stats(),
        dma_writes: (dma[0].len() + dma[1].len()) as u64,
        ..Outcome::default()
    };
    violations.extend(ledger.check(t.seed, &dst_bytes, &decoy_bytes, &dma, &mut out));
    // the counters against the wire: every frame the fabric was handed is
    // one an engine counted as sent
    out.engine_frames = (0..2)
        .map(|s| {
            TX_FRAME_COUNTERS
                .iter()
                .map(|n| counter(ctx[s], n))
                .sum::<u64>()
                - counter(ctx[s], "TX_PAYLOAD_ERR")
        })
        .sum();
    if out.engine_frames != out.fabric.sent {
        violations.push(Violation(format!(
            "seed {:#x}: the engines count {} frames sent ({} - TX_PAYLOAD_ERR), the fabric \
             carried {}",
            t.seed,
            out.engine_frames,
            TX_FRAME_COUNTERS.join(" + "),
            out.fabric.sent
        )));
    }
    if violations.is_empty() {
        Ok((out, ledger))
    } else {
        // where each side's rings and regions lie, to name the target of
        // a violating DMA write or read (not a violation itself)
        for (s, l) in ledger.layout.iter().enumerate() {
            let parts: Vec<String> = l
                .iter()
                .map(|(w, a, n)| format!("{w} [{a:#x}, +{n:#x})"))
                .collect();
            eprintln!("side {s}'s memory: {}", parts.join(", "));
        }
        Err(violations)
    }
}

/// A receive's wr_id: the index of the SEND it is for, tagged.
fn recv_wr_id(i: usize) -> u64 {
    0x5ec0_0000_0000 | i as u64
}

impl Ledger {
    /// Apply every invariant to a finished run: `dst` and `decoy` are each
    /// side's target and decoy region as read at the end, `dma` the
    /// engines' writes into each side's memory.
    pub fn check(
        &self,
        seed: u64,
        dst: &[Vec<u8>],
        decoy: &[Vec<u8>],
        dma: &[Vec<(u64, u32)>; 2],
        out: &mut Outcome,
    ) -> Vec<Violation> {
        let mut v = Vec::new();
        let mut bad = |s: String| v.push(Violation(format!("seed {seed:#x}: {s}")));
        for s in 0..2 {
            let r = 1 - s;
            let msgs = &self.msgs[s];
            // exactly once, in posting order per stream
            let mut seen: HashMap<u64, usize> = HashMap::new();
            let mut last_per_stream: HashMap<u8, u64> = HashMap::new();
            for wc in &self.sent[s] {
                *seen.entry(wc.wr_id).or_default() += 1;
                let Some(m) = msgs.get(wc.wr_id as usize) else {
                    bad(format!(
                        "side {s}: a completion for wr_id {} never posted",
                        wc.wr_id
                    ));
                    continue;
                };
                if let Some(&prev) = last_per_stream.get(&m.stream) {
                    if prev > wc.wr_id {
                        bad(format!(
                            "side {s}: stream {}: wr_id {} completed after {prev}",
                            m.stream, wc.wr_id
                        ));
                    }
                }
                last_per_stream.insert(m.stream, wc.wr_id);
            }
            let mut status = vec![None; msgs.len()];
            for wc in &self.sent[s] {
                if let Some(x) = status.get_mut(wc.wr_id as usize) {
                    *x = Some(wc.status);
                }
            }
            for (i, n) in &seen {
                if *n > 1 {
                    bad(format!("side {s}: wr_id {i} completed {n} times"));
                }
            }
            for (i, st) in status.iter().enumerate() {
                match st {
                    None => bad(format!(
                        "side {s}: message {i} ({:?}, {} bytes, stream {}) never completed \
                         (deadline {} us after the faults)",
                        msgs[i].kind,
                        msgs[i].len,
                        msgs[i].stream,
                        self.deadline / US
                    )),
                    Some(WcStatus::Success) => {
                        out.success += 1;
                        out.bytes += msgs[i].len as u64;
                    }
                    Some(_) => out.failed += 1,
                }
            }
            // the receiver's completions: one per SEND (into the next
            // buffer of its stream) and per WRITE_WITH_IMM
            let mut recv_seen: HashMap<u64, usize> = HashMap::new();
            let mut imm_writes: VecDeque<usize> = msgs
                .iter()
                .enumerate()
                .filter(|(_, m)| m.kind == Kind::WriteImm)
                .map(|(i, _)| i)
                .collect();
            let mut imm_writes_done = Vec::new();
            for wc in &self.recvd[r] {
                match wc.opcode {
                    WcOpcode::Recv => {
                        let i = (wc.wr_id & 0xffff_ffff) as usize;
                        *recv_seen.entry(wc.wr_id).or_default() += 1;
                        let Some(m) = msgs.get(i) else {
                            bad(format!(
                                "side {r}: a receive completion for wr_id {:#x}",
                                wc.wr_id
                            ));
                            continue;
                        };
                        if wc.status == WcStatus::Success {
                            let imm = (m.kind == Kind::SendImm).then_some(m.imm);
                            if wc.byte_len != m.len || wc.imm != imm || wc.stream != m.stream {
                                bad(format!(
                                    "side {r}: SEND {i} received as {} bytes, imm {:?}, stream {} \
                                     (sent {} bytes, imm {imm:?}, stream {})",
                                    wc.byte_len, wc.imm, wc.stream, m.len, m.stream
                                ));
                            }
                        }
                    }
                    WcOpcode::RecvRdmaWithImm => {
                        // in posting order of the sender's WRITE_WITH_IMMs
                        // on each stream: match by immediate, stream, length
                        match imm_writes.iter().position(|&i| {
                            let m = &msgs[i];
                            m.imm == wc.imm.unwrap_or(!m.imm)
                                && m.stream == wc.stream
                                && m.len == wc.byte_len
                        }) {
                            Some(k) => {
                                let i = imm_writes.remove(k).expect("in range");
                                imm_writes_done.push(i);
                            }
                            None => bad(format!(
                                "side {r}: a WRITE_WITH_IMM completion matching no message: {wc:?}"
                            )),
                        }
                    }
                    WcOpcode::SendDone => unreachable!("sorted by opcode"),
                }
            }
            for (id, n) in &recv_seen {
                if *n > 1 {
                    bad(format!("side {r}: receive {id:#x} completed {n} times"));
                }
            }
            // every successful SEND and WRITE_WITH_IMM shows at the
            // receiver; a WRITE_WITH_IMM's completion may be missing only
            // as one the receiver's engine counted dropped (CQ full)
            let mut imm_missing = 0u64;
            for (i, m) in msgs.iter().enumerate() {
                if status[i] == Some(WcStatus::Success)
                    && m.kind == Kind::WriteImm
                    && !imm_writes_done.contains(&i)
                {
                    imm_missing += 1;
                }
            }
            if imm_missing != self.cq_full[r] {
                bad(format!(
                    "side {r}: {imm_missing} WRITE_WITH_IMM completions missing, CQ_FULL counts {}",
                    self.cq_full[r]
                ));
            }
            for (i, m) in msgs.iter().enumerate() {
                if status[i] != Some(WcStatus::Success) {
                    continue;
                }
                let shown = match m.kind {
                    Kind::Send | Kind::SendImm => recv_seen.contains_key(&recv_wr_id(i)),
                    Kind::WriteImm | Kind::Write => true,
                };
                if !shown {
                    bad(format!(
                        "side {s}: message {i} ({:?}) completed SUCCESS but side {r} shows no \
                         completion for it",
                        m.kind
                    ));
                }
            }
            // receive completions in order per stream (SENDs)
            let mut last: HashMap<u8, usize> = HashMap::new();
            for wc in self.recvd[r].iter().filter(|w| w.opcode == WcOpcode::Recv) {
                let i = (wc.wr_id & 0xffff_ffff) as usize;
                if let Some(&p) = last.get(&wc.stream) {
                    if p > i {
                        bad(format!(
                            "side {r}: stream {}: SEND {i} received after SEND {p}",
                            wc.stream
                        ));
                    }
                }
                last.insert(wc.stream, i);
            }
            // bytes: each slot holds the message (SUCCESS), the message or
            // the fill (failed), the fill everywhere else
            let mem = &dst[r];
            let mut covered = vec![false; mem.len()];
            for (i, m) in msgs.iter().enumerate() {
                let a = m.off as usize;
                for k in 0..m.len as usize {
                    covered[a + k] = true;
                    let want = src_byte(seed, s, a + k);
                    let got = mem[a + k];
                    let ok = match status[i] {
                        Some(WcStatus::Success) => got == want,
                        _ => got == want || got == FILL,
                    };
                    if !ok {
                        bad(format!(
                            "side {r}: byte {k} of message {i} ({:?}, {} bytes, {:?}) is {got:#04x}, \
                             sent {want:#04x}",
                            m.kind, m.len, status[i]
                        ));
                        break;
                    }
                }
            }
            if let Some(k) = (0..mem.len()).find(|&k| !covered[k] && mem[k] != FILL) {
                bad(format!(
                    "side {r}: target region byte {k:#x}, where no message lands, is {:#04x}",
                    mem[k]
                ));
            }
            if let Some(k) = decoy[r].iter().position(|&x| x != FILL) {
                bad(format!(
                    "side {r}: the decoy region (another protection domain) was written at {k:#x}"
                ));
            }
        }
        // DMA audit against the hosts' own records
        for (s, writes) in dma.iter().enumerate() {
            for &(a, l) in writes {
                if !self.registry[s].covers(a, l as u64) {
                    bad(format!(
                        "side {s}: engine DMA write [{a:#x}, +{l}) outside every region and ring \
                         the host registered"
                    ));
                    break;
                }
            }
        }
        // progress
        for s in 0..2 {
            if let Some(t) = self.done_at[s] {
                out.time = out.time.max(t);
            }
        }
        v
    }
}

/// A [`Rig`] of model engines: hosts 0 and 1 of a [`ModelWorld`] are sides
/// 0 and 1; the model records its own writes into host memory.
pub struct ModelRig {
    /// The world.
    pub world: std::rc::Rc<std::cell::RefCell<crate::model_backend::ModelWorld>>,
    t0: Time,
}

impl ModelRig {
    /// Rig the two first hosts of `world` (its DMA log turned on).
    pub fn new(
        world: std::rc::Rc<std::cell::RefCell<crate::model_backend::ModelWorld>>,
    ) -> ModelRig {
        let t0 = {
            let mut w = world.borrow_mut();
            w.net.dma_log = Some(Vec::new());
            w.net.now()
        };
        ModelRig { world, t0 }
    }

    /// The fabric of a fault run of model engines: two hosts on two
    /// leaves, four spines, `plan`'s faults, seeded.
    pub fn fabric(plan: &FaultPlan, seed: u64) -> FabricConfig {
        let mut fab = FabricConfig::leaf_spine(2);
        fab.hosts_per_leaf = 1;
        fab.spines = 4;
        fab.seed = seed;
        plan.apply(&mut fab);
        fab
    }
}

impl Rig for ModelRig {
    fn now(&self) -> Time {
        self.world.borrow().net.now() - self.t0
    }

    fn run(&mut self, ps: Time) {
        self.world.borrow_mut().run_for(ps);
    }

    fn take_dma_writes(&mut self, side: usize) -> Vec<(u64, u32)> {
        let mut w = self.world.borrow_mut();
        let log = w.net.dma_log.get_or_insert_with(Vec::new);
        let (mine, rest): (Vec<_>, Vec<_>) =
            log.drain(..).partition(|(h, _, _)| *h as usize == side);
        *log = rest;
        mine.into_iter().map(|(_, a, l)| (a, l)).collect()
    }

    fn fabric_stats(&self) -> Stats {
        self.world.borrow().net.fabric.stats()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SEED: u64 = 7;

    /// A finished run: ledger, target regions, decoys, DMA writes.
    type Run = (Ledger, Vec<Vec<u8>>, Vec<Vec<u8>>, [Vec<(u64, u32)>; 2]);

    fn wc(wr_id: u64, opcode: WcOpcode, len: u32, imm: Option<u32>, stream: u8) -> WorkCompletion {
        WorkCompletion {
            wr_id,
            status: WcStatus::Success,
            opcode,
            byte_len: len,
            imm,
            qp_num: 0,
            stream,
            msn: 0,
        }
    }

    /// A finished run that satisfies every invariant: side 0 sends a
    /// WRITE, a WRITE_WITH_IMM and a SEND_WITH_IMM on stream 0 and a SEND
    /// on stream 1; side 1 sends nothing.
    fn good() -> Run {
        let m = |kind, stream, off, len, buf_len, imm| Message {
            kind,
            stream,
            off,
            len,
            buf_len,
            imm,
        };
        let msgs = vec![
            m(Kind::Write, 0, 0, 100, 100, 0),
            m(Kind::WriteImm, 0, 192, 10, 10, 0x11),
            m(Kind::SendImm, 0, 256, 30, 40, 0x22),
            m(Kind::Send, 1, 384, 64, 64, 0),
        ];
        let mut dst1 = vec![FILL; 512];
        for mm in &msgs {
            for k in 0..mm.len as usize {
                dst1[mm.off as usize + k] = src_byte(SEED, 0, mm.off as usize + k);
            }
        }
        let mut l = Ledger {
            msgs: [msgs, Vec::new()],
            ..Ledger::default()
        };
        l.sent[0] = (0..4)
            .map(|i| wc(i, WcOpcode::SendDone, 0, None, 0))
            .collect();
        l.recvd[1] = vec![
            wc(0, WcOpcode::RecvRdmaWithImm, 10, Some(0x11), 0),
            wc(recv_wr_id(2), WcOpcode::Recv, 30, Some(0x22), 0),
            wc(recv_wr_id(3), WcOpcode::Recv, 64, None, 1),
        ];
        l.registry[1].allow(0x1000, 512);
        l.registry[1].allow(0x8000, 4096);
        let dma = [Vec::new(), vec![(0x1000, 100), (0x8000, 32), (0x10c0, 10)]];
        (l, vec![vec![FILL; 512], dst1], vec![vec![FILL; 64]; 2], dma)
    }

    fn check((l, dst, decoy, dma): &Run) -> Vec<Violation> {
        l.check(SEED, dst, decoy, dma, &mut Outcome::default())
    }

    fn expect(r: &Run, what: &str) {
        let v = check(r);
        assert!(
            v.iter().any(|x| x.0.contains(what)),
            "expected a violation with {what:?}, got {v:?}"
        );
    }

    #[test]
    fn a_good_run_has_no_violation() {
        assert_eq!(check(&good()), Vec::new());
    }

    #[test]
    fn a_missing_completion_is_a_violation() {
        let mut r = good();
        r.0.sent[0].remove(1);
        expect(
            &r,
            "message 1 (WriteImm, 10 bytes, stream 0) never completed",
        );
    }

    #[test]
    fn a_completion_twice_is_a_violation() {
        let mut r = good();
        let c = r.0.sent[0][3];
        r.0.sent[0].push(c);
        expect(&r, "wr_id 3 completed 2 times");
    }

    #[test]
    fn completions_out_of_order_on_a_stream_are_a_violation() {
        let mut r = good();
        r.0.sent[0].swap(0, 2);
        expect(&r, "stream 0: wr_id 1 completed after 2");
    }

    #[test]
    fn a_wrong_byte_is_a_violation() {
        let mut r = good();
        r.1[1][5] ^= 1;
        expect(&r, "byte 5 of message 0");
    }

    #[test]
    fn a_byte_outside_every_message_is_a_violation() {
        let mut r = good();
        r.1[1][150] = 0;
        expect(&r, "target region byte 0x96, where no message lands");
    }

    #[test]
    fn a_write_into_the_decoy_is_a_violation() {
        let mut r = good();
        r.2[1][3] = 0;
        expect(
            &r,
            "the decoy region (another protection domain) was written",
        );
    }

    #[test]
    fn a_dma_write_outside_the_registry_is_a_violation() {
        let mut r = good();
        r.3[1].push((0x11f0, 32));
        expect(&r, "engine DMA write [0x11f0, +32) outside every region");
    }

    #[test]
    fn a_lost_receive_completion_is_a_violation() {
        let mut r = good();
        r.0.recvd[1].remove(1);
        expect(
            &r,
            "message 2 (SendImm) completed SUCCESS but side 1 shows no completion",
        );
    }

    #[test]
    fn a_wrong_immediate_is_a_violation() {
        let mut r = good();
        r.0.recvd[1][1].imm = Some(0x23);
        expect(&r, "SEND 2 received as 30 bytes, imm Some(35)");
    }

    #[test]
    fn a_missing_write_imm_completion_must_be_counted_in_cq_full() {
        let mut r = good();
        r.0.recvd[1].remove(0);
        expect(&r, "1 WRITE_WITH_IMM completions missing, CQ_FULL counts 0");
        r.0.cq_full[1] = 1;
        assert_eq!(check(&r), Vec::new());
    }

    #[test]
    fn receives_out_of_order_on_a_stream_are_a_violation() {
        let mut r = good();
        // a second SEND on stream 1 received before the first
        r.0.msgs[0].push(Message {
            kind: Kind::Send,
            stream: 1,
            off: 448,
            len: 0,
            buf_len: 8,
            imm: 0,
        });
        r.0.sent[0].push(wc(4, WcOpcode::SendDone, 0, None, 1));
        r.0.recvd[1].insert(2, wc(recv_wr_id(4), WcOpcode::Recv, 0, None, 1));
        expect(&r, "stream 1: SEND 3 received after SEND 4");
    }

    #[test]
    fn the_registry_covers_exactly_its_ranges() {
        let mut g = Registry::default();
        g.allow(100, 50);
        g.allow(200, 10);
        assert!(g.covers(100, 50));
        assert!(g.covers(120, 1));
        assert!(!g.covers(99, 2));
        assert!(!g.covers(149, 2));
        assert!(!g.covers(150, 1));
        assert!(g.covers(200, 10));
        assert!(!g.covers(0, 1));
    }

    #[test]
    fn a_corrupted_frame_has_one_bit_flipped_past_ethernet() {
        for w in [0u64, 1, 7, 8, 1000, u64::MAX] {
            let mut f = vec![0u8; 60];
            assert!(corrupt_frame(&mut f, w));
            let ones: u32 = f.iter().map(|b| b.count_ones()).sum();
            assert_eq!(ones, 1, "word {w}");
            assert!(f[..14].iter().all(|&b| b == 0), "word {w}");
        }
    }
}
