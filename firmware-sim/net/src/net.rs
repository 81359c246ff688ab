//! The complete transport reference model: hosts with memory, memory
//! regions, connections carrying several streams of WRITE / WRITE_IMM /
//! SEND / SEND_IMM messages, NICs with one port per plane, and three
//! transports behind one verbs-like API:
//!
//! * **Braid** (`braid-spec`): messages segmented into MTU packets that
//!   each carry their final placement (rkey + VA, or stream + RSN + offset);
//!   spraying over N paths (one UDP source port each) whose windows are
//!   open; per-path PSNs, the receiver's per-path base + 256-bit SACK window
//!   with the sender's floor (SPEC section 6); immediate retransmission of a
//!   loss proven by a SACK hole, under a new PSN on any open path; per-path
//!   RTT estimation and tail-loss timeouts; re-hashing a path to a new UDP
//!   source port after repeated timeouts; exactly-once accounting over the
//!   CSN; DCTCP-style per-path ECN windows plus the receiver's rate hint in
//!   every ACK (its capacity shared among the connections sending to it),
//!   which the sender paces at; placement checks (SPEC section 7) and NACKs
//!   (section 8); completions in MSN order per stream.
//! * **RoCEv2 go-back-N** (the baseline): one path (one UDP source port),
//!   one PSN space, in-order acceptance only, NAK on the first gap,
//!   retransmission timeout, DCQCN-style rate control on ECN echoes.
//! * **Selective repeat, IRN-like**: the Braid machinery on one path with the
//!   window capped at the bandwidth-delay product and no rate hints.
//!
//! A connection is one direction (sender at `src`, receiver at `dst`); a
//! verbs queue pair is two of them. The model is deterministic from the
//! fabric seed. With [`NetConfig::carry_data`] packets carry real payload
//! bytes read from the sender's host memory and written into the receiver's
//! (tests check them byte for byte); without it only lengths travel (the
//! large benchmarks), and every placement check still runs.

use crate::config::{BraidConfig, Kind};
use crate::fabric::{Event, Fabric, FabricConfig, HostId, Packet, Time, PS_PER_SEC};
use braid_spec::wire::braid::{
    Flags, NackReason, Opcode, ACK_EXT_LEN, BASE_HEADER_LEN, IMM_EXT_LEN, NACK_EXT_LEN,
    SEND_EXT_LEN, WRITE_EXT_LEN,
};
use braid_spec::wire::eth::ETHERNET_LEN;
use braid_spec::wire::ip::IPV4_LEN;
use braid_spec::wire::udp::UDP_LEN;
use braid_spec::Sack256;
use std::collections::{BTreeMap, BTreeSet, HashMap, VecDeque};

mod events;
mod gbn;
mod receiver;
mod sender;
mod verbs;

/// Connection index.
pub type ConnId = u32;

/// UDP destination port of RoCEv2 (the go-back-N baseline's packets).
pub const ROCE_UDP_PORT: u16 = 4791;
/// [`Net::run_to_completion`]'s event limit: this many events, plus
/// [`COMPLETION_EVENTS_PER_SEGMENT`] per packet open at the start.
pub const COMPLETION_EVENTS_BASE: u64 = 100_000;
/// [`Net::run_to_completion`]'s event limit per packet open at the start.
pub const COMPLETION_EVENTS_PER_SEGMENT: u64 = 200;

const FCS: u32 = 4;
const L2L4: u32 = (ETHERNET_LEN + IPV4_LEN + UDP_LEN + BASE_HEADER_LEN) as u32 + FCS;

/// Frame bytes (FCS included) of a data packet of `op` with `payload` bytes.
pub fn data_frame_bytes(op: Opcode, payload: u32) -> u32 {
    let ext = match op {
        Opcode::Write => WRITE_EXT_LEN,
        Opcode::WriteImm => WRITE_EXT_LEN + IMM_EXT_LEN,
        Opcode::Send => SEND_EXT_LEN,
        Opcode::SendImm => SEND_EXT_LEN + IMM_EXT_LEN,
        _ => 0,
    } as u32;
    L2L4 + ext + payload
}

/// Frame bytes of an ACK.
pub fn ack_frame_bytes() -> u32 {
    L2L4 + ACK_EXT_LEN as u32
}

/// Frame bytes of a NACK.
pub fn nack_frame_bytes() -> u32 {
    L2L4 + NACK_EXT_LEN as u32
}

/// Frame bytes of a packet as the fabric carries it (the go-back-N
/// baseline's NAK counts as an ACK).
pub fn frame_bytes(msg: &Msg) -> u32 {
    match msg {
        Msg::Data(d) => data_frame_bytes(d.opcode, d.len),
        Msg::Nack { .. } => nack_frame_bytes(),
        _ => ack_frame_bytes(),
    }
}

/// Memory-region access rights (bits).
pub mod access {
    use braid_spec::host;
    /// The local NIC may write (receive buffers).
    pub const LOCAL_WRITE: u8 = host::ACCESS_LOCAL_WRITE as u8;
    /// Remote WRITEs may land here.
    pub const REMOTE_WRITE: u8 = host::ACCESS_REMOTE_WRITE as u8;
    /// Remote reads (reserved for READ).
    pub const REMOTE_READ: u8 = host::ACCESS_REMOTE_READ as u8;
    // every flag fits the model's byte
    const _: () = assert!(
        host::ACCESS_LOCAL_WRITE <= 0xff
            && host::ACCESS_REMOTE_WRITE <= 0xff
            && host::ACCESS_REMOTE_READ <= 0xff
    );
}

/// A registered memory region (addresses are host-memory offsets).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MemRegion {
    /// Protection domain.
    pub pd: u32,
    /// First byte.
    pub addr: u64,
    /// Length in bytes.
    pub len: u64,
    /// [`access`] bits.
    pub access: u8,
    /// Local key (for scatter entries and receive buffers).
    pub lkey: u32,
    /// Remote key (for WRITEs from the peer).
    pub rkey: u32,
}

impl MemRegion {
    fn contains(&self, addr: u64, len: u64) -> bool {
        match addr.checked_add(len) {
            Some(end) => addr >= self.addr && end <= self.addr + self.len,
            None => false,
        }
    }
}

/// What a work request does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WrOp {
    /// RDMA WRITE to `remote` in the region of `rkey`.
    Write {
        /// Remote key.
        rkey: u32,
        /// Remote address of the first byte.
        remote: u64,
    },
    /// RDMA WRITE with immediate: also a completion at the receiver.
    WriteImm {
        /// Remote key.
        rkey: u32,
        /// Remote address of the first byte.
        remote: u64,
        /// Immediate data.
        imm: u32,
    },
    /// SEND into the next posted receive of the stream.
    Send,
    /// SEND with immediate.
    SendImm {
        /// Immediate data.
        imm: u32,
    },
}

impl WrOp {
    fn opcode(self) -> Opcode {
        match self {
            WrOp::Write { .. } => Opcode::Write,
            WrOp::WriteImm { .. } => Opcode::WriteImm,
            WrOp::Send => Opcode::Send,
            WrOp::SendImm { .. } => Opcode::SendImm,
        }
    }
    fn is_send(self) -> bool {
        matches!(self, WrOp::Send | WrOp::SendImm { .. })
    }
    fn imm(self) -> u32 {
        match self {
            WrOp::WriteImm { imm, .. } | WrOp::SendImm { imm } => imm,
            _ => 0,
        }
    }
}

/// A send work request (one scatter entry).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WorkRequest {
    /// Returned in the completion.
    pub wr_id: u64,
    /// Operation.
    pub op: WrOp,
    /// Stream (completion order).
    pub stream: u8,
    /// Local source address.
    pub local: u64,
    /// Bytes.
    pub len: u32,
    /// Local key of the region holding `[local, local + len)`.
    pub lkey: u32,
}

/// A posted receive buffer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RecvBuf {
    /// Returned in the completion.
    pub wr_id: u64,
    /// First byte.
    pub addr: u64,
    /// Capacity.
    pub len: u32,
    /// Local key of its region (must allow local write).
    pub lkey: u32,
}

/// Completion status.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WcStatus {
    /// Done.
    Success,
    /// The peer refused the data (the NACK reason).
    Remote(NackReason),
    /// Not executed: the connection went to the error state first.
    Flushed,
    /// Every path of the connection was retired: the first message not
    /// acknowledged whole (the later ones are flushed).
    RetryExceeded,
}

/// Completion opcode.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WcOpcode {
    /// Sender: a WRITE or WRITE_IMM finished.
    Write,
    /// Sender: a SEND finished.
    Send,
    /// Receiver: a WRITE_IMM landed.
    RecvWriteImm,
    /// Receiver: a SEND landed in a receive buffer.
    Recv,
}

/// A work completion.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Completion {
    /// Connection.
    pub conn: ConnId,
    /// Stream.
    pub stream: u8,
    /// The work request's (or receive's) id.
    pub wr_id: u64,
    /// What finished.
    pub opcode: WcOpcode,
    /// How.
    pub status: WcStatus,
    /// Bytes (receiver: message length).
    pub byte_len: u32,
    /// Immediate data (WRITE_IMM, SEND_IMM).
    pub imm: Option<u32>,
    /// MSN of the message on its stream.
    pub msn: u32,
    /// When.
    pub at: Time,
}

/// A wrong argument to the API.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PostError {
    /// No such connection.
    #[error("connection {0} does not exist")]
    NoConnection(ConnId),
    /// The connection is in the error state.
    #[error("connection {0} is in the error state")]
    ConnectionError(ConnId),
    /// Stream out of range.
    #[error("stream {stream} out of range (connection has {streams})")]
    BadStream {
        /// Given.
        stream: u8,
        /// Streams of the connection.
        streams: u8,
    },
    /// lkey unknown on this host.
    #[error("lkey {0:#x} is not registered on this host")]
    BadLkey(u32),
    /// Region of another protection domain.
    #[error("lkey {lkey:#x} belongs to protection domain {region_pd}, connection uses {conn_pd}")]
    PdMismatch {
        /// Key.
        lkey: u32,
        /// Region's PD.
        region_pd: u32,
        /// Connection's PD.
        conn_pd: u32,
    },
    /// Scatter entry outside the region.
    #[error("[{addr:#x}, +{len}) lies outside the region of lkey {lkey:#x}")]
    OutOfRegion {
        /// Key.
        lkey: u32,
        /// Address.
        addr: u64,
        /// Length.
        len: u64,
    },
    /// Receive buffer in a region without local write.
    #[error("receive buffer region (lkey {0:#x}) lacks LOCAL_WRITE")]
    NotWritable(u32),
    /// Region outside host memory.
    #[error("region [{addr:#x}, +{len}) is outside host {host}'s {mem} bytes of memory")]
    BadRegion {
        /// Host.
        host: HostId,
        /// Start.
        addr: u64,
        /// Length.
        len: u64,
        /// Host memory size.
        mem: u64,
    },
}

/// A data packet (every field the wire carries, plus model bookkeeping).
#[derive(Debug, Clone)]
pub struct Data {
    /// Destination connection.
    pub conn: ConnId,
    /// Path id (0 for go-back-N).
    pub path: u8,
    /// Path PSN (go-back-N: the PSN).
    pub psn: u32,
    /// Connection sequence number.
    pub csn: u32,
    /// `psn - floor`.
    pub floor_delta: u16,
    /// Send time (echoed).
    pub ts: Time,
    /// Opcode.
    pub opcode: Opcode,
    /// FIRST/LAST/RETX flags.
    pub flags: u8,
    /// Stream.
    pub stream: u8,
    /// Message sequence number on the stream.
    pub msn: u32,
    /// SEND: receive sequence number.
    pub rsn: u32,
    /// WRITE: remote key.
    pub rkey: u32,
    /// WRITE: address of this payload.
    pub va: u64,
    /// Offset in the message.
    pub offset: u32,
    /// Message length.
    pub msg_len: u32,
    /// Immediate.
    pub imm: u32,
    /// Payload bytes.
    pub len: u32,
    /// The payload when the model carries data.
    pub data: Option<Vec<u8>>,
}

/// An ACK of one path.
#[derive(Debug, Clone)]
pub struct Ack {
    /// Connection.
    pub conn: ConnId,
    /// Path.
    pub path: u8,
    /// Cumulative base PSN.
    pub base: u32,
    /// Bit j = PSN base + j received.
    pub sack: Sack256,
    /// Receiver's CSN dedup base.
    pub csn_base: u32,
    /// CE-marked data packets the path received since its previous ACK
    /// (the wire's `ecn_count`).
    pub ecn: u32,
    /// Timestamp of the path's last data packet.
    pub ts_echo: Time,
    /// Receiver's rate hint, bit/s (0 = none).
    pub rate_hint: u64,
}

/// Packet contents in the model.
#[derive(Debug, Clone)]
pub enum Msg {
    /// Data (Braid, or the go-back-N baseline).
    Data(Box<Data>),
    /// Braid ACK.
    Ack(Box<Ack>),
    /// Braid NACK.
    Nack {
        /// Connection.
        conn: ConnId,
        /// Path of the rejected packet.
        path: u8,
        /// Its PSN.
        psn: u32,
        /// Its CSN.
        csn: u32,
        /// Why.
        reason: NackReason,
        /// Detail word.
        detail: u32,
    },
    /// Go-back-N ACK (next expected PSN) or NAK.
    Gbn {
        /// Connection.
        conn: ConnId,
        /// Next expected PSN.
        psn: u32,
        /// NAK (sequence error or receiver not ready) rather than ACK.
        nak: bool,
        /// ECN echo (a CNP in RoCE terms).
        ce: bool,
        /// NAK reason: `NoReceiveBuffer` is RoCE's receiver-not-ready NAK
        /// (retry after the RNR backoff), any other is fatal (remote
        /// access error); `None` with `nak` is a PSN sequence error.
        fatal: Option<NackReason>,
    },
}

/// Model parameters.
#[derive(Debug, Clone)]
pub struct NetConfig {
    /// Transport.
    pub kind: Kind,
    /// Braid parameters (paths, MTU, windows, RTO).
    pub braid: BraidConfig,
    /// Packets carry payload bytes (for byte-exact tests).
    pub carry_data: bool,
    /// Go-back-N retransmission timeout.
    pub gbn_timeout: Time,
    /// Selective repeat window (packets; the BDP).
    pub sr_window: f64,
    /// Receiver-not-ready backoff before a SEND is retried (half the
    /// minimum RTO by default, as the engine's, which takes `RTO_MIN / 2`).
    pub rnr_backoff: Time,
    /// Receiver's rate-hint interval (about one round trip).
    pub hint_interval: Time,
    /// Streams per connection.
    pub streams: u8,
    /// Record unique payload bytes per connection in bins of this width.
    pub bin_ps: Option<Time>,
    /// The receiver lowers its rate hint while its own queue is above this
    /// queueing delay (`None`: never).
    pub own_queue_ps: Option<Time>,
}

impl NetConfig {
    /// Defaults for `kind`.
    pub fn new(kind: Kind) -> NetConfig {
        let braid = BraidConfig::default();
        let rnr_backoff = braid.min_rto / 2; // 10 us
        NetConfig {
            kind,
            braid,
            carry_data: false,
            gbn_timeout: 1_000_000_000, // 1 ms
            sr_window: 56.0,
            rnr_backoff,
            hint_interval: 5_000_000,
            streams: 4,
            bin_ps: None,
            // about one bandwidth-delay product of queue at 400 Gb/s
            own_queue_ps: Some(4_000_000),
        }
    }
}

/// Counters of one connection.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ConnStats {
    /// Data packets sent.
    pub data_sent: u64,
    /// Retransmissions.
    pub retransmits: u64,
    /// Losses proven by a SACK hole (go-back-N: NAKs).
    pub sack_losses: u64,
    /// Retransmission timeouts.
    pub timeouts: u64,
    /// Paths moved to a new UDP source port.
    pub rehashes: u64,
    /// Paths retired after `retire_after` timeouts in a row.
    pub retired: u64,
    /// Unique payload bytes at the receiver.
    pub goodput_bytes: u64,
    /// Data packets placed at the receiver (each counted once).
    pub rx_packets: u64,
    /// Duplicate data packets at the receiver.
    pub duplicates: u64,
    /// Packets the receiver dropped by a placement check (NACKed).
    pub nacked: u64,
    /// Receiver-not-ready retries.
    pub rnr_retries: u64,
    /// Losses declared because packets sent later on other paths were
    /// acknowledged (tail losses, dead paths).
    pub rack_losses: u64,
    /// Packets resent by a tail-loss probe.
    pub tlp_losses: u64,
    /// ACKs the receiver sent (Braid; one per data packet unless
    /// `ack_coalesce` > 1).
    pub acks_sent: u64,
    /// ACKs the sender refused: for a path it lacks, or acknowledging
    /// PSNs it never sent (the engine's `ACK_REJECTED`, `ACK_BAD_PATH`).
    pub acks_rejected: u64,
    /// Messages completed at the sender.
    pub msgs_done: u64,
    /// Messages completed at the receiver (MSN order).
    pub msgs_received: u64,
}

// ------------------------------------------------------------------ sender

#[derive(Debug, Clone, Copy)]
struct Sent {
    csn: u32,
    at: Time,
}

#[derive(Debug)]
struct TxPath {
    sport: u16,
    plane: u32,
    nxt: u32,
    /// Slots for PSNs [lo, nxt); `None` = resolved.
    win: VecDeque<Option<Sent>>,
    lo: u32,
    out: u32,
    cwnd: f64,
    alpha: f64,
    acked: u32,
    marked: u32,
    window_end: u32,
    srtt: f64,
    rttvar: f64,
    timer_at: Option<Time>,
    timeouts: u32,
    /// Retired after `retire_after` timeouts in a row: never picked again.
    retired: bool,
}

impl TxPath {
    fn floor(&self) -> u32 {
        self.lo
    }
    fn trim(&mut self) {
        while let Some(None) = self.win.front() {
            self.win.pop_front();
            self.lo = self.lo.wrapping_add(1);
        }
    }
    /// srtt + 4 rttvar (at least `min`), doubled per consecutive timeout.
    fn rto(&self, min: Time) -> Time {
        ((self.srtt + 4.0 * self.rttvar) as Time).max(min) << self.timeouts.min(5)
    }
    fn oldest(&self) -> Option<Time> {
        self.win.iter().flatten().map(|s| s.at).next()
    }
}

/// A sender path's state as [`Net::path_state`] reports it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PathState {
    /// UDP source port (the path's route).
    pub sport: u16,
    /// Plane its packets take.
    pub plane: u32,
    /// Oldest PSN not yet resolved.
    pub lo: u32,
    /// Next PSN to send.
    pub nxt: u32,
    /// Packets outstanding.
    pub out: u32,
    /// Congestion window, packets.
    pub cwnd: f64,
    /// DCTCP's estimate of the marked fraction.
    pub alpha: f64,
    /// Smoothed RTT, ps (0: no sample yet).
    pub srtt: f64,
    /// RTT variation, ps.
    pub rttvar: f64,
    /// Retransmission deadline, when armed.
    pub timer_at: Option<Time>,
    /// Timeouts in a row.
    pub timeouts: u32,
    /// Never picked again.
    pub retired: bool,
}

#[derive(Debug, Clone, Copy)]
struct Seg {
    msg: u64,
    off: u32,
    len: u32,
}

#[derive(Debug)]
struct TxMsg {
    wr: WorkRequest,
    msn: u32,
    rsn: u32,
    segs: u32,
    acked: u32,
    status: Option<WcStatus>,
}

#[derive(Debug, Default)]
struct RxPath {
    base: u32,
    bits: Sack256,
    // ---- ACK coalescing (SPEC 6; `rx_path_table`'s `unacked`,
    // `ecn_count`, `last_ts`, `ack_pending`)
    /// Data packets received (new or duplicate) since the last ACK.
    unacked: u32,
    /// CE-marked ones among them.
    ecn: u32,
    /// Timestamp of the last one.
    last_ts: Time,
    /// An ACK is due: ACK_REQ, a packet beyond a hole, or a refusal.
    pending: bool,
    /// UDP source port of the last packet (the ACK shares its path).
    sport: u16,
    /// The ACK timer is set.
    armed: bool,
}

impl RxPath {
    fn shift(&mut self, n: u32) {
        self.bits = self.bits.shr(n as usize);
        self.base = self.base.wrapping_add(n);
    }
}

#[derive(Debug)]
struct RxMsg {
    got: u32,
    len: u32,
    opcode: Opcode,
    imm: u32,
    done: bool,
}

#[derive(Debug, Default)]
struct RxStream {
    next_msn: u32,
    pending: BTreeMap<u32, RxMsg>,
    recvs: VecDeque<RecvBuf>,
    recv_base: u32,
}

/// One connection (sender at `src`, receiver at `dst`).
#[derive(Debug)]
struct Conn {
    src: HostId,
    dst: HostId,
    pd: u32,
    streams: u8,
    error: bool,
    // ---- sender
    paths: Vec<TxPath>,
    rr: usize,
    /// Packets sent in a row on path `rr`.
    burst: u32,
    msgs: VecDeque<TxMsg>,
    msg_base: u64,
    cursor: (u64, u32),
    inflight: HashMap<u32, Seg>,
    retx: VecDeque<u32>,
    rnr: VecDeque<(Time, u32)>,
    next_csn: u32,
    tx_msn: Vec<u32>,
    tx_rsn: Vec<u32>,
    hint_bps: u64,
    /// Latest send time of any acknowledged packet (cross-path loss
    /// detection).
    rack_at: Time,
    /// The connection's retransmission timer is set for this time.
    rto_armed: Option<Time>,
    /// Highest CSN base the receiver has reported.
    peer_csn_base: u32,
    /// Tail-loss probe armed for this time.
    tlp_at: Option<Time>,
    next_tx: Time,
    wake_at: Option<Time>,
    queued: bool,
    // go-back-N sender
    gbn_una: u32,
    gbn_nxt: u32,
    gbn_segs: VecDeque<u32>, // csn of PSN una + i
    gbn_deadline: Option<Time>,
    gbn_timer: bool,
    /// Paused by a receiver-not-ready NAK until this time.
    gbn_rnr_at: Option<Time>,
    dcqcn: Dcqcn,
    // ---- receiver
    rx: Vec<RxPath>,
    rx_csn: BTreeSet<u32>,
    rx_csn_base: u32,
    rx_streams: Vec<RxStream>,
    gbn_expected: u32,
    gbn_nak_sent: bool,
    rx_interval: u64,
    /// Smallest one-way delay seen on this connection (clock offset plus
    /// propagation; the receiver's queue-delay reference).
    rx_min_owd: Option<Time>,
    /// The receiver's rate-hint interval in which `rx_min_owd` was last
    /// updated.
    rx_owd_interval: u64,
    stats: ConnStats,
    bins: Vec<u64>,
}

#[derive(Debug, Clone, Copy)]
struct Dcqcn {
    rate: f64,
    target: f64,
    alpha: f64,
    last_cut: Time,
    last_raise: Time,
    steps: u32,
}

#[derive(Debug)]
struct Host {
    mem: Vec<u8>,
    mem_size: u64,
    mrs_l: HashMap<u32, MemRegion>,
    mrs_r: HashMap<u32, MemRegion>,
    port_busy: Vec<bool>,
    /// The port's last scan found nothing to send (see `make_ready_on`).
    starved: Vec<bool>,
    ready: VecDeque<ConnId>,
    incoming: u32,
    active_cur: u32,
    active_prev: u32,
    setups_cur: u32,
    setups_prev: u32,
    /// Smallest queueing delay of any data packet received this interval
    /// (its one-way delay over its connection's smallest one-way delay):
    /// when even the least delayed packet waited, the queue in front of
    /// this receiver (its switch port, shared by every sender) builds.
    min_excess: Option<Time>,
    /// Share scale: lowered while the receiver's own queue builds,
    /// recovering when it is gone.
    hint_scale: f64,
    /// Intervals whose queue estimate lowered the scale (`RX_HINT_CUTS`).
    hint_cuts: u64,
    interval: u64,
    hint_timer: bool,
    cq: Vec<Completion>,
}

/// Tokens of timers (kind in the top byte).
const T_TICK: u64 = 1 << 56;
const T_RTO: u64 = 2 << 56;
const T_WAKE: u64 = 3 << 56;
const T_HINT: u64 = 4 << 56;
const T_RNR: u64 = 5 << 56;
const T_GBN: u64 = 6 << 56;
const T_DCQCN: u64 = 7 << 56;
const T_KICK: u64 = 8 << 56;
const T_TLP: u64 = 9 << 56;
const T_ACK: u64 = 10 << 56;
/// One engine tick (`CFG_TICK_HZ`), ps: the rate hint's base creeps up by
/// one per interval.
const TICK_PS: Time = 1_000_000_000_000 / braid_spec::regs::CFG_TICK_HZ as Time;

/// Rate hint: cut per interval while the own queue builds, times the
/// queueing delay over the threshold (at most half).
const HINT_CUT: f64 = 0.1;
/// Rate hint: recovery per interval without it.
const HINT_RECOVER: f64 = 0.05;

/// Hosts, connections and a fabric: the whole model.
pub struct Net {
    /// The fabric.
    pub fabric: Fabric<Msg>,
    cfg: NetConfig,
    hosts: Vec<Host>,
    conns: Vec<Conn>,
    next_key: u32,
    /// Completions since the last [`Net::take_completions`], all hosts.
    fresh: Vec<Completion>,
    /// Keep completions in the per-host queues for [`Net::poll_cq`].
    pub keep_cq: bool,
    /// Packets delivered to a host that has no such connection (or of the
    /// other transport): dropped.
    pub stray_packets: u64,
    /// When `Some`, every write of packet data into host memory is
    /// recorded here, `(host, address, length)`, in order (an audit of
    /// where the engine writes; off by default).
    pub dma_log: Option<Vec<(HostId, u64, u32)>>,
}

impl Net {
    /// A model on a fabric of `fab` with transport parameters `cfg`.
    pub fn new(fab: FabricConfig, cfg: NetConfig) -> Net {
        let planes = fab.planes as usize;
        let hosts = (0..fab.hosts)
            .map(|_| Host {
                mem: Vec::new(),
                mem_size: 0,
                mrs_l: HashMap::new(),
                mrs_r: HashMap::new(),
                port_busy: vec![false; planes],
                starved: vec![false; planes],
                ready: VecDeque::new(),
                incoming: 0,
                active_cur: 0,
                active_prev: 0,
                setups_cur: 0,
                setups_prev: 0,
                min_excess: None,
                hint_scale: 1.0,
                hint_cuts: 0,
                interval: 1,
                hint_timer: false,
                cq: Vec::new(),
            })
            .collect();
        let mut fabric = Fabric::new(fab);
        // a model packet stands for a frame with its UDP checksum: a bit
        // flipped inside it never passes the receiver's check (one's-
        // complement sums catch every single-bit error)
        fabric.set_corrupt(|_, _| false);
        Net {
            fabric,
            cfg,
            hosts,
            conns: Vec::new(),
            next_key: 0x100,
            fresh: Vec::new(),
            keep_cq: true,
            stray_packets: 0,
            dma_log: None,
        }
    }

    /// Parameters.
    pub fn config(&self) -> &NetConfig {
        &self.cfg
    }

    /// Current simulated time.
    pub fn now(&self) -> Time {
        self.fabric.now()
    }

    /// Give host `h` `size` bytes of memory (addresses 0..size). Without
    /// `carry_data` the size only bounds the regions.
    pub fn set_memory(&mut self, h: HostId, size: u64) {
        let host = &mut self.hosts[h as usize];
        host.mem_size = size;
        if self.cfg.carry_data {
            host.mem = vec![0; size as usize];
        }
    }

    /// Host memory (empty without `carry_data`).
    pub fn memory(&self, h: HostId) -> &[u8] {
        &self.hosts[h as usize].mem
    }

    /// Host memory, writable (to fill send buffers).
    pub fn memory_mut(&mut self, h: HostId) -> &mut [u8] {
        &mut self.hosts[h as usize].mem
    }
}

enum Verdict {
    Sent(u32),
    OtherPlane,
    Idle,
    Paced(Time),
}
