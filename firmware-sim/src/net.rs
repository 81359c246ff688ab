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

use crate::fabric::{Event, Fabric, FabricConfig, HostId, Packet, Time, PS_PER_SEC};
use crate::transport::{BraidConfig, Kind};
use braid_spec::wire::braid::{
    Flags, NackReason, Opcode, ACK_EXT_LEN, BASE_HEADER_LEN, IMM_EXT_LEN, NACK_EXT_LEN,
    SEND_EXT_LEN, WRITE_EXT_LEN,
};
use braid_spec::wire::eth::ETHERNET_LEN;
use braid_spec::wire::ip::IPV4_LEN;
use braid_spec::wire::udp::UDP_LEN;
use braid_spec::Sack256;
use std::collections::{BTreeMap, BTreeSet, HashMap, VecDeque};

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
        Net {
            fabric: Fabric::new(fab),
            cfg,
            hosts,
            conns: Vec::new(),
            next_key: 0x100,
            fresh: Vec::new(),
            keep_cq: true,
            stray_packets: 0,
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

    /// Register `[addr, addr + len)` of host `h` in protection domain `pd`.
    pub fn reg_mr(
        &mut self,
        h: HostId,
        pd: u32,
        addr: u64,
        len: u64,
        access: u8,
    ) -> Result<MemRegion, PostError> {
        let host = &mut self.hosts[h as usize];
        if addr
            .checked_add(len)
            .map(|e| e > host.mem_size)
            .unwrap_or(true)
        {
            return Err(PostError::BadRegion {
                host: h,
                addr,
                len,
                mem: host.mem_size,
            });
        }
        self.next_key = self.next_key.wrapping_add(0x101);
        let mr = MemRegion {
            pd,
            addr,
            len,
            access,
            lkey: self.next_key,
            rkey: self.next_key ^ 0x5a5a_0000,
        };
        host.mrs_l.insert(mr.lkey, mr);
        host.mrs_r.insert(mr.rkey, mr);
        Ok(mr)
    }

    /// Remove a region: later WRITEs naming its rkey are NACKed.
    pub fn dereg_mr(&mut self, h: HostId, mr: &MemRegion) {
        let host = &mut self.hosts[h as usize];
        host.mrs_l.remove(&mr.lkey);
        host.mrs_r.remove(&mr.rkey);
    }

    /// Open a connection from `src` to `dst` in protection domain `pd`
    /// (the same number on both sides).
    pub fn connect(&mut self, src: HostId, dst: HostId, pd: u32) -> ConnId {
        let id = self.conns.len() as ConnId;
        let kind = self.cfg.kind;
        let n = match kind {
            Kind::Braid => self.cfg.braid.paths as usize,
            _ => 1,
        };
        let (init, _) = self.windows();
        let line = self.port_rate() as f64;
        let mut paths = Vec::with_capacity(n);
        let planes = self.fabric.config().planes;
        let mut sport = 0xc000u16.wrapping_add((id as u16).wrapping_mul(389));
        for p in 0..n {
            // Braid's NIC knows the plane hash: it deals the paths out
            // evenly over its planes (path p on plane p mod planes); a
            // RoCE QP's port is wherever its hash falls
            sport = sport.wrapping_add(37);
            if kind == Kind::Braid {
                sport = self.sport_on_plane(src, dst, sport, (p as u32) % planes);
            }
            paths.push(TxPath {
                sport,
                plane: self
                    .fabric
                    .plane_of(src, dst, sport, braid_spec::BRAID_UDP_PORT),
                nxt: 0,
                win: VecDeque::new(),
                lo: 0,
                out: 0,
                cwnd: init,
                alpha: 0.0,
                acked: 0,
                marked: 0,
                window_end: 0,
                srtt: 0.0,
                rttvar: 0.0,
                timer_at: None,
                timeouts: 0,
                retired: false,
            });
        }
        self.hosts[dst as usize].incoming += 1;
        // a new connection counts as active toward its receiver for at
        // least one full hint interval, data seen or not
        self.hosts[dst as usize].setups_cur += 1;
        let incoming = self.hosts[dst as usize].incoming;
        let streams = self.cfg.streams;
        // the receiver's share is learnt when the connection first sends
        // (from the set-up exchange: its capacity over the connections
        // open toward it), then from every ACK
        let _ = incoming;
        let hint = 0;
        self.conns.push(Conn {
            src,
            dst,
            pd,
            streams,
            error: false,
            paths,
            rr: 0,
            burst: 0,
            msgs: VecDeque::new(),
            msg_base: 0,
            cursor: (0, 0),
            inflight: HashMap::new(),
            retx: VecDeque::new(),
            rnr: VecDeque::new(),
            next_csn: 0,
            tx_msn: vec![0; streams as usize],
            tx_rsn: vec![0; streams as usize],
            hint_bps: hint,
            rack_at: 0,
            rto_armed: None,
            peer_csn_base: 0,
            tlp_at: None,
            next_tx: 0,
            wake_at: None,
            queued: false,
            gbn_una: 0,
            gbn_nxt: 0,
            gbn_segs: VecDeque::new(),
            gbn_deadline: None,
            gbn_timer: false,
            gbn_rnr_at: None,
            dcqcn: Dcqcn {
                rate: line,
                target: line,
                alpha: 1.0,
                last_cut: 0,
                last_raise: 0,
                steps: 0,
            },
            rx: (0..n).map(|_| RxPath::default()).collect(),
            rx_csn: BTreeSet::new(),
            rx_csn_base: 0,
            rx_streams: (0..streams).map(|_| RxStream::default()).collect(),
            gbn_expected: 0,
            gbn_nak_sent: false,
            rx_interval: 0,
            rx_min_owd: None,
            rx_owd_interval: 0,
            stats: ConnStats::default(),
            bins: Vec::new(),
        });
        if kind == Kind::Braid && !self.hosts[dst as usize].hint_timer {
            self.hosts[dst as usize].hint_timer = true;
            let t = self.now() + self.cfg.hint_interval;
            self.fabric.timer(t, dst, T_HINT);
        }
        id
    }

    fn windows(&self) -> (f64, f64) {
        match self.cfg.kind {
            Kind::Braid => (self.cfg.braid.init_cwnd, self.cfg.braid.max_cwnd),
            _ => (self.cfg.sr_window, self.cfg.sr_window),
        }
    }

    fn port_rate(&self) -> u64 {
        self.fabric.config().host_rate_bps
    }

    /// Bits per second a host can receive (all planes).
    pub fn host_capacity(&self) -> u64 {
        self.port_rate() * self.fabric.config().planes as u64
    }

    fn check_local(
        &self,
        c: &Conn,
        lkey: u32,
        addr: u64,
        len: u64,
    ) -> Result<MemRegion, PostError> {
        let mr = *self.hosts[c.src as usize]
            .mrs_l
            .get(&lkey)
            .ok_or(PostError::BadLkey(lkey))?;
        if mr.pd != c.pd {
            return Err(PostError::PdMismatch {
                lkey,
                region_pd: mr.pd,
                conn_pd: c.pd,
            });
        }
        if !mr.contains(addr, len) {
            return Err(PostError::OutOfRegion { lkey, addr, len });
        }
        Ok(mr)
    }

    /// Post a send work request on connection `c` (at its sender).
    pub fn post_send(&mut self, c: ConnId, wr: WorkRequest) -> Result<(), PostError> {
        let conn = self
            .conns
            .get(c as usize)
            .ok_or(PostError::NoConnection(c))?;
        if conn.error {
            return Err(PostError::ConnectionError(c));
        }
        if wr.stream >= conn.streams {
            return Err(PostError::BadStream {
                stream: wr.stream,
                streams: conn.streams,
            });
        }
        self.check_local(conn, wr.lkey, wr.local, wr.len as u64)?;
        let mtu = self.cfg.braid.mtu;
        let conn = &mut self.conns[c as usize];
        let s = wr.stream as usize;
        let msn = conn.tx_msn[s];
        conn.tx_msn[s] = msn.wrapping_add(1);
        let rsn = conn.tx_rsn[s];
        if wr.op.is_send() {
            conn.tx_rsn[s] = rsn.wrapping_add(1) & 0xff_ffff;
        }
        conn.msgs.push_back(TxMsg {
            wr,
            msn,
            rsn,
            segs: wr.len.div_ceil(mtu).max(1),
            acked: 0,
            status: None,
        });
        // the doorbell is processed after the call returns (at the same time)
        let conn = &mut self.conns[c as usize];
        if !conn.queued {
            conn.queued = true;
            let h = conn.src;
            self.hosts[h as usize].ready.push_back(c);
            let now = self.now();
            self.fabric.timer(now, h, T_KICK);
        }
        Ok(())
    }

    /// Post a receive buffer on stream `stream` of connection `c` (at its
    /// receiver). SENDs consume them in posting order.
    pub fn post_recv(&mut self, c: ConnId, stream: u8, rb: RecvBuf) -> Result<(), PostError> {
        let conn = self
            .conns
            .get(c as usize)
            .ok_or(PostError::NoConnection(c))?;
        if stream >= conn.streams {
            return Err(PostError::BadStream {
                stream,
                streams: conn.streams,
            });
        }
        let mr = *self.hosts[conn.dst as usize]
            .mrs_l
            .get(&rb.lkey)
            .ok_or(PostError::BadLkey(rb.lkey))?;
        if mr.pd != conn.pd {
            return Err(PostError::PdMismatch {
                lkey: rb.lkey,
                region_pd: mr.pd,
                conn_pd: conn.pd,
            });
        }
        if !mr.contains(rb.addr, rb.len as u64) {
            return Err(PostError::OutOfRegion {
                lkey: rb.lkey,
                addr: rb.addr,
                len: rb.len as u64,
            });
        }
        if mr.access & access::LOCAL_WRITE == 0 {
            return Err(PostError::NotWritable(rb.lkey));
        }
        self.conns[c as usize].rx_streams[stream as usize]
            .recvs
            .push_back(rb);
        Ok(())
    }

    /// Drain host `h`'s completion queue.
    pub fn poll_cq(&mut self, h: HostId) -> Vec<Completion> {
        std::mem::take(&mut self.hosts[h as usize].cq)
    }

    /// Completions (all hosts) since the last call.
    pub fn take_completions(&mut self) -> Vec<Completion> {
        std::mem::take(&mut self.fresh)
    }

    /// Whether completions arrived since the last [`Net::take_completions`].
    pub fn has_completions(&self) -> bool {
        !self.fresh.is_empty()
    }

    /// Counters of connection `c`.
    pub fn stats(&self, c: ConnId) -> ConnStats {
        self.conns[c as usize].stats
    }

    /// Sum of all connections' counters.
    pub fn total_stats(&self) -> ConnStats {
        let mut t = ConnStats::default();
        for c in &self.conns {
            let s = c.stats;
            t.data_sent += s.data_sent;
            t.retransmits += s.retransmits;
            t.sack_losses += s.sack_losses;
            t.timeouts += s.timeouts;
            t.rehashes += s.rehashes;
            t.retired += s.retired;
            t.goodput_bytes += s.goodput_bytes;
            t.rx_packets += s.rx_packets;
            t.duplicates += s.duplicates;
            t.nacked += s.nacked;
            t.rnr_retries += s.rnr_retries;
            t.rack_losses += s.rack_losses;
            t.tlp_losses += s.tlp_losses;
            t.acks_sent += s.acks_sent;
            t.msgs_done += s.msgs_done;
            t.msgs_received += s.msgs_received;
        }
        t
    }

    /// Unique payload bytes of connection `c` per bin (with `bin_ps`).
    pub fn bins(&self, c: ConnId) -> &[u64] {
        &self.conns[c as usize].bins
    }

    /// Sending and receiving host of connection `c`.
    pub fn endpoints(&self, c: ConnId) -> (HostId, HostId) {
        let conn = &self.conns[c as usize];
        (conn.src, conn.dst)
    }

    /// Number of connections.
    pub fn connections(&self) -> usize {
        self.conns.len()
    }

    /// Messages posted on `c` and not yet completed at its sender.
    pub fn pending(&self, c: ConnId) -> usize {
        self.conns[c as usize].msgs.len()
    }

    /// The connection is in the error state.
    pub fn is_error(&self, c: ConnId) -> bool {
        self.conns[c as usize].error
    }

    /// Current UDP source ports of `c`'s paths.
    pub fn path_ports(&self, c: ConnId) -> Vec<u16> {
        self.conns[c as usize]
            .paths
            .iter()
            .map(|p| p.sport)
            .collect()
    }

    /// The sender's state of path `i` of connection `c`.
    pub fn path_state(&self, c: ConnId, i: usize) -> PathState {
        let p = &self.conns[c as usize].paths[i];
        PathState {
            sport: p.sport,
            plane: p.plane,
            lo: p.lo,
            nxt: p.nxt,
            out: p.out,
            cwnd: p.cwnd,
            alpha: p.alpha,
            srtt: p.srtt,
            rttvar: p.rttvar,
            timer_at: p.timer_at,
            timeouts: p.timeouts,
            retired: p.retired,
        }
    }

    /// Process one event; `false` when nothing is left to happen.
    pub fn step(&mut self) -> bool {
        match self.fabric.next_event() {
            Some((_, ev)) => {
                self.handle(ev);
                true
            }
            None => false,
        }
    }

    /// Process the events up to simulated time `t` (later ones stay
    /// queued); `false` when nothing is left to happen.
    pub fn run_until(&mut self, t: Time) -> bool {
        loop {
            match self.fabric.next_time() {
                Some(next) if next <= t => {
                    self.step();
                }
                Some(_) => return true,
                None => return false,
            }
        }
    }

    /// Process one event if it is due at or before `t`; `false` otherwise.
    pub fn step_until(&mut self, t: Time) -> bool {
        match self.fabric.next_time() {
            Some(next) if next <= t => self.step(),
            _ => false,
        }
    }

    /// Run until every posted message has completed at its sender (or
    /// `deadline`, or [`COMPLETION_EVENTS_BASE`] plus
    /// [`COMPLETION_EVENTS_PER_SEGMENT`] events per packet still to be sent
    /// or acknowledged, so a livelock fails instead of hanging); `true` if
    /// all completed. A limit reached is reported on stderr.
    pub fn run_to_completion(&mut self, deadline: Time) -> bool {
        let open = |n: &Net| -> u64 {
            n.conns
                .iter()
                .flat_map(|c| c.msgs.iter())
                .map(|m| m.segs.saturating_sub(m.acked) as u64)
                .sum()
        };
        let limit = COMPLETION_EVENTS_BASE + COMPLETION_EVENTS_PER_SEGMENT * open(self);
        let mut events = 0u64;
        loop {
            if self.conns.iter().all(|c| c.msgs.is_empty()) {
                return true;
            }
            if events >= limit {
                eprintln!(
                    "run_to_completion: event limit {limit} reached at {:.1} us with {} packets of {} messages open",
                    self.now() as f64 / 1e6,
                    open(self),
                    self.conns.iter().map(|c| c.msgs.len()).sum::<usize>()
                );
                return false;
            }
            if self.now() >= deadline || !self.step() {
                return self.conns.iter().all(|c| c.msgs.is_empty());
            }
            events += 1;
        }
    }

    // ------------------------------------------------------------ events

    fn handle(&mut self, ev: Event<Msg>) {
        match ev {
            Event::Timer { host, token } => {
                let kind = token & (0xff << 56);
                let arg = token & ((1 << 56) - 1);
                match kind {
                    T_TICK => {
                        self.hosts[host as usize].port_busy[arg as usize] = false;
                        self.kick_plane(host, arg as usize);
                    }
                    T_RTO => self.on_rto_timer(arg as ConnId),
                    T_WAKE => {
                        let c = arg as ConnId;
                        let conn = &mut self.conns[c as usize];
                        if conn.wake_at.is_some_and(|w| w <= self.fabric.now()) {
                            conn.wake_at = None;
                            self.make_ready(c);
                        }
                    }
                    T_HINT => self.on_hint_interval(host),
                    T_RNR => self.on_rnr(arg as ConnId),
                    T_GBN => self.on_gbn_timeout(arg as ConnId),
                    T_DCQCN => self.on_dcqcn_timer(arg as ConnId),
                    T_KICK => {
                        // a doorbell: new work may go out on any port
                        self.hosts[host as usize].starved.fill(false);
                        self.kick(host);
                    }
                    T_TLP => self.on_tlp(arg as ConnId),
                    T_ACK => self.on_ack_timer((arg >> 8) as ConnId, arg as u8),
                    _ => {}
                }
            }
            Event::Deliver(pkt) => {
                let ce = pkt.ce;
                let sport = pkt.sport;
                // a packet for no connection of this host, or of the other
                // transport, is dropped and counted (the NIC's parser)
                let gbn = self.cfg.kind == Kind::GoBackN;
                let (conn, to_receiver, ok_kind) = match &pkt.payload {
                    Msg::Data(d) => (d.conn, true, true),
                    Msg::Ack(a) => (a.conn, false, !gbn),
                    Msg::Nack { conn, .. } => (*conn, false, !gbn),
                    Msg::Gbn { conn, .. } => (*conn, false, gbn),
                };
                let known = self
                    .conns
                    .get(conn as usize)
                    .is_some_and(|c| pkt.dst == if to_receiver { c.dst } else { c.src });
                if !known || !ok_kind {
                    self.stray_packets += 1;
                    return;
                }
                match pkt.payload {
                    Msg::Data(d) => {
                        if self.cfg.kind == Kind::GoBackN {
                            self.gbn_on_data(*d, ce, sport)
                        } else {
                            self.on_data(*d, ce, sport)
                        }
                    }
                    Msg::Ack(a) => self.on_ack(&a),
                    Msg::Nack {
                        conn,
                        path,
                        psn,
                        csn,
                        reason,
                        ..
                    } => self.on_nack(conn, path, psn, csn, reason),
                    Msg::Gbn {
                        conn,
                        psn,
                        nak,
                        ce,
                        fatal,
                    } => self.gbn_on_ack(conn, psn, nak, ce, fatal),
                }
            }
        }
    }

    /// The connection may have something to send: queue it at its host
    /// and fill the idle ports (also when it was queued already: a window
    /// may have opened on a path of an idle port).
    fn make_ready(&mut self, c: ConnId) {
        self.make_ready_on(c, None);
    }

    /// [`Net::make_ready`] when only a path on `plane` can have opened (or
    /// any plane: `None`). A port that found nothing to send stays
    /// "starved" (not rescanned) until something changes on its plane.
    fn make_ready_on(&mut self, c: ConnId, plane: Option<u32>) {
        let conn = &mut self.conns[c as usize];
        let h = conn.src;
        if !conn.queued {
            conn.queued = true;
            self.hosts[h as usize].ready.push_back(c);
        }
        match plane {
            Some(p) => {
                self.hosts[h as usize].starved[p as usize] = false;
                self.kick_plane(h, p as usize);
            }
            None => {
                self.hosts[h as usize].starved.fill(false);
                self.kick(h);
            }
        }
    }

    /// Fill every idle NIC port of host `h` from its ready connections.
    fn kick(&mut self, h: HostId) {
        let planes = self.hosts[h as usize].port_busy.len();
        for plane in 0..planes {
            self.kick_plane(h, plane);
        }
    }

    /// Fill NIC port `plane` of host `h` if it is idle.
    fn kick_plane(&mut self, h: HostId, plane: usize) {
        {
            if self.hosts[h as usize].port_busy[plane] || self.hosts[h as usize].starved[plane] {
                return;
            }
            let mut scanned = 0;
            let len = self.hosts[h as usize].ready.len();
            while scanned < len {
                scanned += 1;
                let Some(c) = self.hosts[h as usize].ready.pop_front() else {
                    break;
                };
                match self.try_send(c, plane as u32) {
                    Verdict::Sent(bytes) => {
                        self.hosts[h as usize].ready.push_back(c);
                        self.hosts[h as usize].port_busy[plane] = true;
                        let now = self.now();
                        let ser = self.fabric.config().ser_ps(bytes, self.port_rate());
                        self.fabric.timer(now + ser, h, T_TICK | plane as u64);
                        return;
                    }
                    Verdict::OtherPlane => self.hosts[h as usize].ready.push_back(c),
                    Verdict::Idle => {
                        self.conns[c as usize].queued = false;
                        self.arm_tlp(c);
                    }
                    Verdict::Paced(t) => {
                        let conn = &mut self.conns[c as usize];
                        conn.queued = false;
                        if conn.wake_at.is_none_or(|w| w > t) {
                            conn.wake_at = Some(t);
                            self.fabric.timer(t, h, T_WAKE | c as u64);
                        }
                    }
                }
            }
            // nothing can go out on this port until something changes
            self.hosts[h as usize].starved[plane] = true;
        }
    }

    /// The next segment to send: a retransmission first, then new data.
    fn next_seg(&mut self, c: ConnId) -> Option<(u32, Seg, bool)> {
        let mtu = self.cfg.braid.mtu;
        let conn = &mut self.conns[c as usize];
        while let Some(&csn) = conn.retx.front() {
            if let Some(seg) = conn.inflight.get(&csn) {
                return Some((csn, *seg, true));
            }
            conn.retx.pop_front(); // acknowledged meanwhile
        }
        let (mid, off) = conn.cursor;
        let idx = mid.checked_sub(conn.msg_base)? as usize;
        let m = conn.msgs.get(idx)?;
        if self.cfg.kind == Kind::Braid && off == 0 {
            // message window (SPEC section 7): message `msn` may start only
            // while `msn - msn_una < MSG_WINDOW`, `msn_una` being the oldest
            // message of its stream not yet fully acknowledged; the send
            // queue is served in posting order, so later messages wait too
            let s = m.wr.stream;
            let una = conn
                .msgs
                .iter()
                .take(idx)
                .find(|x| x.wr.stream == s && x.acked < x.segs)
                .map_or(m.msn, |x| x.msn);
            if m.msn.wrapping_sub(una) >= braid_spec::state::MSG_WINDOW as u32 {
                return None;
            }
        }
        let len = (m.wr.len - off).min(mtu);
        let csn = conn.next_csn;
        Some((csn, Seg { msg: mid, off, len }, false))
    }

    fn advance_cursor(&mut self, c: ConnId, seg: Seg) {
        let conn = &mut self.conns[c as usize];
        let idx = (seg.msg - conn.msg_base) as usize;
        let total = conn.msgs[idx].wr.len;
        conn.next_csn = conn.next_csn.wrapping_add(1);
        if seg.off + seg.len >= total {
            conn.cursor = (seg.msg + 1, 0);
        } else {
            conn.cursor = (seg.msg, seg.off + seg.len);
        }
    }

    fn try_send(&mut self, c: ConnId, plane: u32) -> Verdict {
        let spray_burst = self.cfg.braid.spray_burst.max(1);
        let now = self.now();
        if self.conns[c as usize].error {
            return Verdict::Idle;
        }
        if self.cfg.kind == Kind::GoBackN {
            let conn = &self.conns[c as usize];
            if conn.next_tx > now {
                return Verdict::Paced(conn.next_tx);
            }
            return self.gbn_try_send(c, plane, now);
        }
        let Some((csn, seg, is_retx)) = self.next_seg(c) else {
            return Verdict::Idle;
        };
        if self.cfg.kind == Kind::Braid && self.conns[c as usize].hint_bps == 0 {
            let dst = self.conns[c as usize].dst;
            let share = self.host_capacity() / self.hosts[dst as usize].incoming.max(1) as u64;
            self.conns[c as usize].hint_bps = share;
        }
        if self.conns[c as usize].next_tx > now {
            return Verdict::Paced(self.conns[c as usize].next_tx);
        }
        // pick a path with an open window, round robin
        let conn = &mut self.conns[c as usize];
        let n = conn.paths.len();
        let mut chosen = None;
        let mut other_plane = false;
        let mut suspect = None;
        for k in 0..n {
            let i = (conn.rr + k) % n;
            let p = &conn.paths[i];
            if (p.out as f64) < p.cwnd.floor().max(1.0)
                && p.nxt.wrapping_sub(p.lo) < 255
                && !p.retired
            {
                if p.plane != plane {
                    other_plane = true;
                    continue;
                }
                if is_retx && p.timeouts > 0 {
                    // a retransmission avoids a path that just timed out
                    suspect.get_or_insert(i);
                    continue;
                }
                chosen = Some(i);
                break;
            }
        }
        let chosen = chosen.or(suspect);
        let Some(i) = chosen else {
            return if other_plane {
                Verdict::OtherPlane
            } else {
                Verdict::Idle
            };
        };
        // spray in short bursts: the next packets of a path follow each
        // other closely, so a loss is proven by the SACK of its successor
        // a packet time later
        if i != conn.rr % n {
            conn.burst = 0;
        }
        conn.burst += 1;
        if conn.burst >= spray_burst {
            conn.rr = (i + 1) % n;
            conn.burst = 0;
        } else {
            conn.rr = i;
        }
        if is_retx {
            conn.retx.pop_front();
        } else {
            conn.inflight.insert(csn, seg);
        }
        let min_rto = self.cfg.braid.min_rto;
        let p = &mut conn.paths[i];
        let psn = p.nxt;
        p.nxt = p.nxt.wrapping_add(1);
        p.win.push_back(Some(Sent { csn, at: now }));
        p.out += 1;
        let floor_delta = psn.wrapping_sub(p.floor()) as u16;
        let sport = p.sport;
        if p.timer_at.is_none() {
            let t = now + p.rto(min_rto);
            p.timer_at = Some(t);
            self.arm_rto(c, t);
        }
        if !is_retx {
            self.advance_cursor(c, seg);
        }
        let d = self.build_data(c, i as u8, psn, csn, floor_delta, seg, is_retx);
        self.transmit(c, d, sport, braid_spec::BRAID_UDP_PORT, is_retx)
    }

    /// Count, pace and send a data packet of connection `c`.
    fn transmit(&mut self, c: ConnId, d: Data, sport: u16, dport: u16, is_retx: bool) -> Verdict {
        let bytes = data_frame_bytes(d.opcode, d.len);
        let conn = &mut self.conns[c as usize];
        conn.stats.data_sent += 1;
        conn.stats.retransmits += is_retx as u64;
        let (src, dst) = (conn.src, conn.dst);
        self.pace(c, bytes);
        self.fabric.send(Packet {
            src,
            dst,
            sport,
            dport,
            bytes,
            ce: false,
            payload: Msg::Data(Box::new(d)),
        });
        Verdict::Sent(bytes)
    }

    /// Advance the connection's pacing clock after sending `bytes`.
    fn pace(&mut self, c: ConnId, bytes: u32) {
        let now = self.now();
        let cap = match self.cfg.kind {
            Kind::Braid => self.host_capacity() as f64,
            _ => self.port_rate() as f64,
        };
        let conn = &mut self.conns[c as usize];
        let rate = match self.cfg.kind {
            Kind::Braid if conn.hint_bps > 0 => conn.hint_bps as f64,
            Kind::Braid => cap,
            Kind::GoBackN | Kind::SelectiveRepeat => conn.dcqcn.rate,
        };
        if rate < cap * 0.999 {
            let ser = self.fabric.config().ser_ps(bytes, rate.max(1e6) as u64);
            conn.next_tx = conn.next_tx.max(now.saturating_sub(ser / 2)) + ser;
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn build_data(
        &self,
        c: ConnId,
        path: u8,
        psn: u32,
        csn: u32,
        floor_delta: u16,
        seg: Seg,
        retx: bool,
    ) -> Data {
        let conn = &self.conns[c as usize];
        let m = &conn.msgs[(seg.msg - conn.msg_base) as usize];
        // as the engine: a first transmission leaves its ACK to the
        // receiver's coalescing, a retransmission asks for one at once
        let mut flags = 0;
        if seg.off == 0 {
            flags |= Flags::FIRST;
        }
        if seg.off + seg.len >= m.wr.len {
            flags |= Flags::LAST;
        }
        if retx {
            flags |= Flags::RETX | Flags::ACK_REQ;
        }
        let (rkey, va) = match m.wr.op {
            WrOp::Write { rkey, remote } | WrOp::WriteImm { rkey, remote, .. } => {
                (rkey, remote.wrapping_add(seg.off as u64))
            }
            _ => (0, 0),
        };
        let data = if self.cfg.carry_data {
            let a = (m.wr.local + seg.off as u64) as usize;
            Some(self.hosts[conn.src as usize].mem[a..a + seg.len as usize].to_vec())
        } else {
            None
        };
        Data {
            conn: c,
            path,
            psn,
            csn,
            floor_delta,
            ts: self.now(),
            opcode: m.wr.op.opcode(),
            flags,
            stream: m.wr.stream,
            msn: m.msn,
            rsn: m.rsn,
            rkey,
            va,
            offset: seg.off,
            msg_len: m.wr.len,
            imm: m.wr.op.imm(),
            len: seg.len,
            data,
        }
    }

    // ------------------------------------------------------------ receiver

    /// Placement checks of SPEC section 7; `Ok(address)` to write at.
    fn place_check(&self, d: &Data) -> Result<Option<u64>, (NackReason, u32)> {
        let conn = &self.conns[d.conn as usize];
        if d.stream >= conn.streams {
            return Err((NackReason::InvalidStream, d.stream as u32));
        }
        let host = &self.hosts[conn.dst as usize];
        match d.opcode {
            Opcode::Write | Opcode::WriteImm => {
                let mr = host
                    .mrs_r
                    .get(&d.rkey)
                    .ok_or((NackReason::InvalidRkey, d.rkey))?;
                if mr.pd != conn.pd {
                    return Err((NackReason::PdMismatch, d.rkey));
                }
                if mr.access & access::REMOTE_WRITE == 0 {
                    return Err((NackReason::AccessViolation, d.rkey));
                }
                if !mr.contains(d.va, d.len as u64) {
                    return Err((NackReason::OutOfBounds, d.rkey));
                }
                Ok(Some(d.va))
            }
            Opcode::Send | Opcode::SendImm => {
                let st = &conn.rx_streams[d.stream as usize];
                let idx = d.rsn.wrapping_sub(st.recv_base) & 0xff_ffff;
                if idx >= 1 << 23 {
                    // rsn before the oldest posted receive: its message has
                    // completed and consumed that receive, so this is a late
                    // duplicate for the CSN window to drop (a NO_RECV_BUFFER
                    // retry could never succeed)
                    return Ok(None);
                }
                let Some(rb) = st.recvs.get(idx as usize) else {
                    return Err((NackReason::NoReceiveBuffer, d.msn));
                };
                if d.msg_len > rb.len {
                    return Err((NackReason::BufferTooSmall, d.msn));
                }
                if d.offset as u64 + d.len as u64 > d.msg_len as u64 {
                    return Err((NackReason::Malformed, d.msn));
                }
                Ok(Some(rb.addr + d.offset as u64))
            }
            _ => Err((NackReason::Malformed, 0)),
        }
    }

    /// Count a placed packet toward its message; complete messages in MSN
    /// order per stream.
    fn account(&mut self, d: &Data) {
        let now = self.now();
        let conn = &mut self.conns[d.conn as usize];
        let st = &mut conn.rx_streams[d.stream as usize];
        // the sender's message window (SPEC section 7) keeps every counted
        // packet inside the receiver's window
        debug_assert!(
            self.cfg.kind != Kind::Braid
                || d.msn.wrapping_sub(st.next_msn) < braid_spec::state::MSG_WINDOW as u32,
            "msn {} outside the receiver's window at {}",
            d.msn,
            st.next_msn
        );
        let e = st.pending.entry(d.msn).or_insert(RxMsg {
            got: 0,
            len: d.msg_len,
            opcode: d.opcode,
            imm: d.imm,
            done: false,
        });
        e.got += d.len;
        if e.got >= e.len {
            e.done = true;
        }
        let c = d.conn;
        let h = conn.dst;
        while let Some(m) = st.pending.get(&st.next_msn) {
            if !m.done {
                break;
            }
            let m = st.pending.remove(&st.next_msn).expect("present");
            let msn = st.next_msn;
            st.next_msn = st.next_msn.wrapping_add(1);
            conn.stats.msgs_received += 1;
            let (opcode, wr_id) = match m.opcode {
                Opcode::WriteImm => (Some(WcOpcode::RecvWriteImm), 0),
                Opcode::Send | Opcode::SendImm => {
                    let rb = st.recvs.pop_front().expect("receive matched at placement");
                    st.recv_base = st.recv_base.wrapping_add(1) & 0xff_ffff;
                    (Some(WcOpcode::Recv), rb.wr_id)
                }
                _ => (None, 0),
            };
            if let Some(opcode) = opcode {
                let wc = Completion {
                    conn: c,
                    stream: d.stream,
                    wr_id,
                    opcode,
                    status: WcStatus::Success,
                    byte_len: m.len,
                    imm: matches!(m.opcode, Opcode::WriteImm | Opcode::SendImm).then_some(m.imm),
                    msn,
                    at: now,
                };
                if self.keep_cq {
                    self.hosts[h as usize].cq.push(wc);
                }
                self.fresh.push(wc);
            }
        }
    }

    fn note_active(&mut self, c: ConnId, bytes: u32) {
        let conn = &mut self.conns[c as usize];
        let host = &mut self.hosts[conn.dst as usize];
        if conn.rx_interval != host.interval {
            conn.rx_interval = host.interval;
            host.active_cur += 1;
        }
        if let Some(w) = self.cfg.bin_ps {
            let b = (self.fabric.now() / w) as usize;
            if conn.bins.len() <= b {
                conn.bins.resize(b + 1, 0);
            }
            conn.bins[b] += bytes as u64;
        }
    }

    fn on_hint_interval(&mut self, h: HostId) {
        let own_queue = self.cfg.own_queue_ps;
        let host = &mut self.hosts[h as usize];
        host.active_prev = host.active_cur;
        host.active_cur = 0;
        host.setups_prev = host.setups_cur;
        host.setups_cur = 0;
        host.interval += 1;
        if let Some(q) = host.min_excess.take() {
            host.hint_scale = if let Some(t) = own_queue.filter(|&t| q > t) {
                // the longer the queue, the deeper the cut
                host.hint_cuts += 1;
                let cut = (HINT_CUT * q as f64 / t as f64).min(0.5);
                (host.hint_scale * (1.0 - cut)).max(0.25)
            } else {
                (host.hint_scale + HINT_RECOVER).min(1.0)
            };
        }
        let t = self.now() + self.cfg.hint_interval;
        self.fabric.timer(t, h, T_HINT);
    }

    /// The rate hint host `h` currently gives each sender (bit/s).
    pub fn rate_hint_of(&self, h: HostId) -> u64 {
        self.rate_hint(h)
    }

    fn rate_hint(&self, h: HostId) -> u64 {
        (self.host_capacity() as f64 * self.hosts[h as usize].hint_scale
            / self.hint_senders(h) as f64) as u64
    }

    /// The senders host `h` divides its rate among (at least 1).
    pub fn hint_senders(&self, h: HostId) -> u32 {
        let host = &self.hosts[h as usize];
        host.active_prev
            .max(host.active_cur)
            .max(host.setups_prev + host.setups_cur)
            .max(1)
    }

    /// Intervals in which host `h`'s queue estimate lowered its hint.
    pub fn hint_cuts(&self, h: HostId) -> u64 {
        self.hosts[h as usize].hint_cuts
    }

    fn on_data(&mut self, d: Data, ce: bool, sport: u16) {
        let c = d.conn as usize;
        let now = self.now();
        if let Some(conn) = self.conns.get_mut(c) {
            let owd = now.saturating_sub(d.ts);
            let host = &mut self.hosts[conn.dst as usize];
            // as rx_rate_hint: the base creeps up one engine tick per
            // interval (clock drift, which this model does not have), and
            // the first packet after a silence has no excess
            let gap = host.interval.saturating_sub(conn.rx_owd_interval);
            conn.rx_owd_interval = host.interval;
            let (base, excess) = match conn.rx_min_owd {
                Some(b) if owd >= b => (b + gap * TICK_PS, if gap <= 1 { owd - b } else { 0 }),
                _ => (owd, 0),
            };
            conn.rx_min_owd = Some(base);
            host.min_excess = Some(host.min_excess.map_or(excess, |m| m.min(excess)));
        }
        if c >= self.conns.len() || d.path as usize >= self.conns[c].rx.len() {
            return; // INVALID_CONNECTION: silently dropped
        }
        // placement checks first: the NACK decision decides the SACK bit
        let verdict = self.place_check(&d);
        let conn = &mut self.conns[c];
        let r = &mut conn.rx[d.path as usize];
        if d.floor_delta < 256 {
            let floor = d.psn.wrapping_sub(d.floor_delta as u32);
            let delta = floor.wrapping_sub(r.base);
            if delta != 0 && (delta as i32) > 0 {
                r.shift(delta);
            }
        }
        let j = d.psn.wrapping_sub(r.base);
        let rejected = verdict.is_err();
        // ACK coalescing (rx_path_table): a packet in the window, new or
        // duplicate, counts toward the path's next ACK; the ACK is due at
        // once for ACK_REQ, a new packet beyond a hole or a refusal (its
        // NACK goes out too), else at `ack_coalesce` counted packets, else
        // when the ACK timer set by the first of them fires
        let counted = j < 256 && !rejected;
        if counted {
            let beyond_hole = j != 0 && !r.bits.get(j as usize);
            // a rejection stays a hole: if the NACK is lost the sender still
            // learns of it from the SACK and resends, to be NACKed again (a
            // SACKed fatal rejection would complete the WRITE as a success)
            r.bits.set(j as usize, true);
            r.unacked += 1;
            r.ecn += ce as u32;
            r.pending |= beyond_hole;
        }
        if counted || rejected {
            r.last_ts = d.ts;
        }
        r.pending |= rejected || d.flags & Flags::ACK_REQ != 0;
        r.sport = sport;
        let run = r.bits.leading_run() as u32;
        r.shift(run);
        let due = r.pending || r.unacked >= self.cfg.braid.ack_coalesce;
        let arm = !due && r.unacked > 0 && !r.armed;
        r.armed |= arm;
        let (src, dst) = (conn.src, conn.dst);
        match verdict {
            Err((reason, detail)) => {
                conn.stats.nacked += 1;
                self.fabric.send(Packet {
                    src: dst,
                    dst: src,
                    sport,
                    dport: braid_spec::BRAID_UDP_PORT,
                    bytes: nack_frame_bytes(),
                    ce: false,
                    payload: Msg::Nack {
                        conn: d.conn,
                        path: d.path,
                        psn: d.psn,
                        csn: d.csn,
                        reason,
                        detail,
                    },
                });
            }
            Ok(addr) => {
                let fresh =
                    d.csn.wrapping_sub(conn.rx_csn_base) as i32 >= 0 && conn.rx_csn.insert(d.csn);
                if fresh {
                    conn.stats.goodput_bytes += d.len as u64;
                    conn.stats.rx_packets += 1;
                    while conn.rx_csn.remove(&conn.rx_csn_base) {
                        conn.rx_csn_base = conn.rx_csn_base.wrapping_add(1);
                    }
                    if let (Some(a), Some(bytes)) = (addr, d.data.as_ref()) {
                        let a = a as usize;
                        self.hosts[dst as usize].mem[a..a + bytes.len()].copy_from_slice(bytes);
                    }
                    self.note_active(d.conn, d.len);
                    self.account(&d);
                } else {
                    conn.stats.duplicates += 1;
                }
            }
        }
        if due {
            self.send_ack(d.conn, d.path);
        } else if arm {
            let t = self.now() + self.cfg.braid.ack_delay;
            self.fabric
                .timer(t, dst, T_ACK | (c as u64) << 8 | d.path as u64);
        }
    }

    /// The ACK timer of path `path` of connection `c` fired: its ACK goes
    /// out if a packet is still unacknowledged.
    fn on_ack_timer(&mut self, c: ConnId, path: u8) {
        let Some(r) = self
            .conns
            .get_mut(c as usize)
            .and_then(|cn| cn.rx.get_mut(path as usize))
        else {
            return;
        };
        r.armed = false;
        if r.unacked > 0 || r.pending {
            self.send_ack(c, path);
        }
    }

    /// Send the ACK of receive path `path` of connection `c` (base, SACK,
    /// the packets counted since the last ACK) and start the next count.
    fn send_ack(&mut self, c: ConnId, path: u8) {
        let conn = &mut self.conns[c as usize];
        let (src, dst, csn_base) = (conn.src, conn.dst, conn.rx_csn_base);
        let r = &mut conn.rx[path as usize];
        let ack = Ack {
            conn: c,
            path,
            base: r.base,
            sack: r.bits,
            csn_base,
            ecn: r.ecn,
            ts_echo: r.last_ts,
            rate_hint: 0,
        };
        let sport = r.sport;
        r.unacked = 0;
        r.ecn = 0;
        r.pending = false;
        conn.stats.acks_sent += 1;
        let rate_hint = self.rate_hint(dst);
        self.fabric.send(Packet {
            src: dst,
            dst: src,
            sport,
            dport: braid_spec::BRAID_UDP_PORT,
            bytes: ack_frame_bytes(),
            ce: false,
            payload: Msg::Ack(Box::new(Ack { rate_hint, ..ack })),
        });
    }

    // ------------------------------------------------------------ sender

    /// A segment's delivery is confirmed. True when this completed the
    /// acknowledgement of its message (the message window may open).
    fn ack_csn(&mut self, c: ConnId, csn: u32) -> bool {
        let now = self.now();
        let conn = &mut self.conns[c as usize];
        let Some(seg) = conn.inflight.remove(&csn) else {
            return false;
        };
        let idx = (seg.msg - conn.msg_base) as usize;
        let m = &mut conn.msgs[idx];
        m.acked += 1;
        let full = m.acked == m.segs;
        self.complete_front(c, now);
        full
    }

    /// Retire finished messages at the front, in posting order.
    fn complete_front(&mut self, c: ConnId, now: Time) {
        let conn = &mut self.conns[c as usize];
        while let Some(m) = conn.msgs.front() {
            let status = match m.status {
                Some(s) => s,
                None if m.acked >= m.segs && conn.cursor.0 > conn.msg_base => WcStatus::Success,
                None => break,
            };
            let m = conn.msgs.pop_front().expect("front");
            conn.msg_base += 1;
            if conn.cursor.0 < conn.msg_base {
                conn.cursor = (conn.msg_base, 0);
            }
            conn.stats.msgs_done += 1;
            let wc = Completion {
                conn: c,
                stream: m.wr.stream,
                wr_id: m.wr.wr_id,
                opcode: if m.wr.op.is_send() {
                    WcOpcode::Send
                } else {
                    WcOpcode::Write
                },
                status,
                byte_len: m.wr.len,
                imm: None,
                msn: m.msn,
                at: now,
            };
            if self.keep_cq {
                self.hosts[conn.src as usize].cq.push(wc);
            }
            self.fresh.push(wc);
        }
    }

    fn on_ack(&mut self, a: &Ack) {
        let now = self.now();
        let c = a.conn;
        let g = self.cfg.braid.dctcp_g;
        let (_, max_cwnd) = self.windows();
        let dynamic = self.cfg.kind == Kind::Braid;
        if a.ecn > 0 && !dynamic {
            self.dcqcn_cut(c, now);
        }
        let mtu = self.cfg.braid.mtu;
        let conn = &mut self.conns[c as usize];
        let n_paths = conn.paths.len() as f64;
        if a.rate_hint > 0 && dynamic {
            conn.hint_bps = a.rate_hint;
        }
        if (a.csn_base.wrapping_sub(conn.peer_csn_base) as i32) > 0 {
            conn.peer_csn_base = a.csn_base;
        }
        let Some(p) = conn.paths.get_mut(a.path as usize) else {
            return;
        };
        // stale or bogus ACK: base beyond what was sent
        if a.base.wrapping_sub(p.lo) as i32 > p.nxt.wrapping_sub(p.lo) as i32 {
            return;
        }
        let r = now.saturating_sub(a.ts_echo) as f64;
        if p.srtt == 0.0 {
            p.srtt = r;
            p.rttvar = r / 2.0;
        } else {
            p.rttvar = 0.75 * p.rttvar + 0.25 * (p.srtt - r).abs();
            p.srtt = 0.875 * p.srtt + 0.125 * r;
        }
        let top = a.sack.highest_set().map(|t| t as u32);
        let mut acked_csns: Vec<u32> = Vec::new();
        let mut lost: Vec<u32> = Vec::new();
        let mut newest = 0;
        for (k, slot) in p.win.iter_mut().enumerate() {
            let Some(s) = *slot else { continue };
            let psn = p.lo.wrapping_add(k as u32);
            let j = psn.wrapping_sub(a.base);
            if (j as i32) < 0 || (j < 256 && a.sack.get(j as usize)) {
                *slot = None;
                acked_csns.push(s.csn);
                newest = newest.max(s.at);
            } else if j < 256 && top.is_some_and(|t| t > j) {
                *slot = None;
                lost.push(s.csn);
            } else if j >= 256 {
                break;
            }
        }
        let acked = acked_csns.len() as u32;
        p.out -= acked + lost.len() as u32;
        p.trim();
        if dynamic {
            p.acked += acked;
            p.marked += a.ecn;
            if a.base.wrapping_sub(p.window_end) as i32 >= 0 {
                let frac = if p.acked > 0 {
                    p.marked as f64 / p.acked as f64
                } else {
                    0.0
                };
                p.alpha = (1.0 - g) * p.alpha + g * frac;
                if p.marked > 0 {
                    p.cwnd = (p.cwnd * (1.0 - p.alpha / 2.0)).max(1.0);
                }
                p.acked = 0;
                p.marked = 0;
                p.window_end = p.nxt;
            }
            if a.ecn == 0 {
                p.cwnd = (p.cwnd + acked as f64 / p.cwnd).min(max_cwnd);
            }
            // the rate hint paces the connection, so a path needs no more
            // than twice its share of the bandwidth-delay product; a larger
            // window would only let a dead path swallow more packets
            if conn.hint_bps > 0 && p.srtt > 0.0 {
                let pkt_bits = (data_frame_bytes(Opcode::Write, mtu) + 20) as f64 * 8.0;
                let share = conn.hint_bps as f64 * p.srtt / PS_PER_SEC as f64 / pkt_bits / n_paths;
                p.cwnd = p.cwnd.min((2.0 * share).max(4.0));
            }
        }
        if acked > 0 {
            p.timeouts = 0;
        }
        // the timer needs no arming here: a path's timer runs whenever
        // packets are outstanding on it (armed at a send when idle, kept by
        // on_rto until the path is empty)
        debug_assert!(p.out == 0 || p.timer_at.is_some());
        conn.stats.sack_losses += lost.len() as u64;
        let mut only_plane = lost.is_empty().then_some(p.plane);
        for l in lost.into_iter().rev() {
            conn.retx.push_front(l);
        }
        for csn in acked_csns {
            if self.ack_csn(c, csn) && self.cfg.kind == Kind::Braid {
                // a message is fully acknowledged: its stream's message
                // window may have opened for a path on any plane
                only_plane = None;
            }
        }
        if dynamic && newest > self.conns[c as usize].rack_at {
            self.conns[c as usize].rack_at = newest;
            if self.rack_check(c) {
                only_plane = None;
            }
        }
        // with nothing to resend, only this path's window (on its plane)
        // can have opened
        self.make_ready_on(c, only_plane);
    }

    /// Cross-path loss detection (RACK-like): paths share the fabric, so
    /// when even the newest packet outstanding on a path was sent clearly
    /// before a packet another path has had acknowledged, the path has
    /// gone quiet: its outstanding packets are lost (a tail loss no SACK
    /// can prove, or a path that went dark). While a newer packet is in
    /// flight on the path, its ACK (which SACKs the older ones) is awaited
    /// instead, so a lost ACK does not look like a lost packet; and a
    /// packet whose CSN is below the receiver's reported CSN base did
    /// arrive and is acknowledged instead. "Clearly" is a quarter of the
    /// path's RTT plus twice its variation, at least 1 us, plus the
    /// receiver's ACK delay when it coalesces. A path that went
    /// quiet this way gets a new UDP source port (a new route) at once: a
    /// tail loss costs nothing by it, a dead route is left after one RTT.
    fn rack_check(&mut self, c: ConnId) -> bool {
        let rack_at = self.conns[c as usize].rack_at;
        let min_rto = self.cfg.braid.min_rto;
        let ack_delay = self.peer_ack_delay();
        let rehash_after = self.cfg.braid.rehash_after;
        let conn = &mut self.conns[c as usize];
        let (src, dst) = (conn.src, conn.dst);
        let peer_base = conn.peer_csn_base;
        let mut lost = Vec::new();
        let mut delivered = Vec::new();
        let mut failed = Vec::new();
        for (i, q) in conn.paths.iter_mut().enumerate() {
            let reo = if q.srtt > 0.0 {
                ((q.srtt / 4.0 + 2.0 * q.rttvar) as Time).max(1_000_000)
            } else {
                min_rto / 4
            } + ack_delay;
            let newest = q.win.iter().rev().flatten().map(|s| s.at).next();
            let dark = newest.is_some_and(|t| t + reo < rack_at);
            if !dark {
                continue;
            }
            // a path sends in PSN order, so when its newest packet went
            // quiet every older one did too
            let before = (lost.len(), delivered.len());
            for s in q.win.iter_mut().filter_map(Option::take) {
                // below the receiver's CSN base: it arrived and only its
                // ACK was lost
                if (s.csn.wrapping_sub(peer_base) as i32) < 0 {
                    delivered.push(s.csn);
                } else {
                    lost.push(s.csn);
                }
            }
            q.out -= (lost.len() - before.0 + delivered.len() - before.1) as u32;
            q.trim();
            if lost.len() > before.0 && rehash_after > 0 {
                failed.push(i);
            }
        }
        let changed = !lost.is_empty() || !delivered.is_empty();
        conn.stats.rack_losses += lost.len() as u64;
        conn.retx.extend(lost);
        for i in failed {
            self.rehash(c, i, src, dst);
        }
        for csn in delivered {
            self.ack_csn(c, csn);
        }
        changed
    }

    /// Probe timeout: the largest smoothed RTT of the connection's paths
    /// plus twice the largest variation plus 0.5 us (a quarter of the
    /// minimum RTO before any sample), plus the receiver's ACK delay when
    /// it coalesces (a quiet path's ACK waits for its timer).
    fn pto(&self, c: ConnId) -> Time {
        let conn = &self.conns[c as usize];
        let srtt = conn.paths.iter().map(|p| p.srtt).fold(0.0, f64::max);
        let var = conn.paths.iter().map(|p| p.rttvar).fold(0.0, f64::max);
        let base = if srtt > 0.0 {
            (srtt + 2.0 * var) as Time + 500_000
        } else {
            self.cfg.braid.min_rto / 4
        };
        base + self.peer_ack_delay()
    }

    /// How long the receiver may hold a path's ACK: its ACK timer when it
    /// coalesces (`ack_coalesce` above 1), else nothing.
    fn peer_ack_delay(&self) -> Time {
        if self.cfg.braid.ack_coalesce > 1 {
            self.cfg.braid.ack_delay
        } else {
            0
        }
    }

    /// The sender ran out of data with packets outstanding: arm the
    /// tail-loss probe (Braid only).
    fn arm_tlp(&mut self, c: ConnId) {
        if self.cfg.kind != Kind::Braid {
            return;
        }
        let now = self.now();
        let pto = self.pto(c);
        let conn = &mut self.conns[c as usize];
        if conn.tlp_at.is_some() || conn.inflight.is_empty() || conn.error {
            return;
        }
        conn.tlp_at = Some(now + pto);
        self.fabric.timer(now + pto, conn.src, T_TLP | c as u64);
    }

    /// Tail-loss probe: nothing new to send and no ACK has covered the
    /// newest packets for a probe timeout, so no SACK or cross-path
    /// evidence can come; the packets outstanding for longer than the
    /// probe timeout are declared lost and resent (on other paths). A
    /// merely late original makes a duplicate, which the CSN window drops.
    fn on_tlp(&mut self, c: ConnId) {
        let now = self.now();
        let pto = self.pto(c);
        let conn = &mut self.conns[c as usize];
        conn.tlp_at = None;
        if conn.error {
            return;
        }
        let mut lost = Vec::new();
        for q in conn.paths.iter_mut() {
            let before = lost.len();
            for slot in q.win.iter_mut() {
                match *slot {
                    Some(s) if s.at + pto <= now => {
                        *slot = None;
                        lost.push(s.csn);
                    }
                    _ => {}
                }
            }
            let n = (lost.len() - before) as u32;
            if n > 0 {
                q.out -= n;
                q.trim();
            }
        }
        conn.stats.tlp_losses += lost.len() as u64;
        conn.retx.extend(lost);
        self.make_ready(c);
        self.arm_tlp(c);
    }

    /// Move path `i` of `c` to a new UDP source port (a new route); with
    /// several planes the NIC knows the plane hash and moves the path off
    /// its plane.
    fn rehash(&mut self, c: ConnId, i: usize, src: HostId, dst: HostId) {
        let planes = self.fabric.config().planes;
        let conn = &self.conns[c as usize];
        let old = conn.paths[i].plane;
        // the other plane carrying fewest of this connection's paths
        let mut count = vec![0u32; planes as usize];
        for p in &conn.paths {
            count[p.plane as usize] += 1;
        }
        let target = (0..planes)
            .filter(|&q| planes == 1 || q != old)
            .min_by_key(|&q| (count[q as usize], q))
            .unwrap_or(0);
        let from = conn.paths[i].sport.wrapping_add(0x1357);
        let sport = self.sport_on_plane(src, dst, from, target);
        let conn = &mut self.conns[c as usize];
        let p = &mut conn.paths[i];
        p.sport = sport;
        p.plane = self
            .fabric
            .plane_of(src, dst, sport, braid_spec::BRAID_UDP_PORT);
        conn.stats.rehashes += 1;
    }

    /// The first UDP source port from `from` (stepping by 37) whose packets
    /// leave on `plane`.
    fn sport_on_plane(&self, src: HostId, dst: HostId, from: u16, plane: u32) -> u16 {
        let mut sport = from;
        for _ in 0..1024 {
            if self
                .fabric
                .plane_of(src, dst, sport, braid_spec::BRAID_UDP_PORT)
                == plane
            {
                return sport;
            }
            sport = sport.wrapping_add(37);
        }
        sport
    }

    /// One retransmission timer per connection, at the earliest deadline
    /// of its paths (a later stale firing finds nothing due).
    fn arm_rto(&mut self, c: ConnId, t: Time) {
        let conn = &mut self.conns[c as usize];
        if conn.rto_armed.is_none_or(|a| t < a) {
            conn.rto_armed = Some(t);
            self.fabric.timer(t, conn.src, T_RTO | c as u64);
        }
    }

    fn on_rto_timer(&mut self, c: ConnId) {
        let now = self.now();
        let conn = &mut self.conns[c as usize];
        if conn.rto_armed.is_some_and(|a| a > now) {
            return; // superseded: an earlier arming already handled this
        }
        conn.rto_armed = None;
        for i in 0..conn.paths.len() {
            if self.conns[c as usize].paths[i]
                .timer_at
                .is_some_and(|d| d <= now)
            {
                self.on_rto(c, i);
            }
        }
        let next = self.conns[c as usize]
            .paths
            .iter()
            .filter_map(|p| p.timer_at)
            .min();
        if let Some(t) = next {
            self.arm_rto(c, t);
        }
    }

    fn on_rto(&mut self, c: ConnId, path: usize) {
        let now = self.now();
        let min_rto = self.cfg.braid.min_rto;
        let rehash_after = self.cfg.braid.rehash_after;
        let retire_after = self.cfg.braid.retire_after;
        let dynamic = self.cfg.kind == Kind::Braid;
        let (src, dst) = (self.conns[c as usize].src, self.conns[c as usize].dst);
        let conn = &mut self.conns[c as usize];
        let p = &mut conn.paths[path];
        p.timer_at = None;
        if p.out == 0 {
            return;
        }
        let deadline = p.oldest().unwrap_or(now) + p.rto(min_rto);
        if deadline > now {
            p.timer_at = Some(deadline);
            return;
        }
        let mut all = Vec::new();
        for slot in p.win.iter_mut() {
            if let Some(s) = slot.take() {
                all.push(s.csn);
            }
        }
        p.out = 0;
        p.trim();
        p.timeouts += 1;
        if dynamic {
            // the path restarts from one packet
            p.cwnd = 1.0;
        }
        conn.stats.timeouts += 1;
        // as path_cc: from rehash_after on every timeout re-hashes, until
        // the one that retires the path
        let retire = dynamic && retire_after > 0 && p.timeouts == retire_after;
        let rehash = !retire && !p.retired && rehash_after > 0 && p.timeouts >= rehash_after;
        if retire {
            p.retired = true;
            conn.stats.retired += 1;
        }
        for csn in all {
            conn.retx.push_back(csn);
        }
        if rehash {
            self.rehash(c, path, src, dst);
        }
        if retire && self.conns[c as usize].paths.iter().all(|p| p.retired) {
            self.fail_unreachable(c);
            return;
        }
        self.make_ready(c);
    }

    /// Every path retired (the engine's `CQE_RETRY_EXCEEDED`): the first
    /// message the peer does not have whole completes RetryExceeded, every
    /// later one Flushed, earlier ones as acknowledged; the connection
    /// stops.
    fn fail_unreachable(&mut self, c: ConnId) {
        let now = self.now();
        let conn = &mut self.conns[c as usize];
        if conn.error {
            return;
        }
        conn.error = true;
        let first = conn.msgs.iter().position(|m| m.acked < m.segs);
        for (k, m) in conn.msgs.iter_mut().enumerate() {
            m.status = Some(match first {
                Some(f) if k < f => WcStatus::Success,
                Some(f) if k == f => WcStatus::RetryExceeded,
                _ => WcStatus::Flushed,
            });
        }
        conn.inflight.clear();
        conn.retx.clear();
        conn.cursor = (conn.msg_base + conn.msgs.len() as u64, 0);
        self.complete_front(c, now);
    }

    fn on_nack(&mut self, c: ConnId, path: u8, psn: u32, csn: u32, reason: NackReason) {
        let now = self.now();
        let Some(conn) = self.conns.get_mut(c as usize) else {
            return;
        };
        // the rejected PSN is resolved on its path either way
        if let Some(p) = conn.paths.get_mut(path as usize) {
            let k = psn.wrapping_sub(p.lo) as usize;
            if let Some(slot) = p.win.get_mut(k) {
                if slot.is_some_and(|s| s.csn == csn) {
                    *slot = None;
                    p.out -= 1;
                    p.trim();
                }
            }
        }
        if !conn.inflight.contains_key(&csn) {
            return;
        }
        if reason == NackReason::NoReceiveBuffer {
            conn.retx.retain(|&x| x != csn);
            conn.stats.rnr_retries += 1;
            let t = now + self.cfg.rnr_backoff;
            conn.rnr.push_back((t, csn));
            self.fabric.timer(t, conn.src, T_RNR | c as u64);
            return;
        }
        self.fail(c, csn, reason);
    }

    /// Fatal NACK: the message of `csn` completes in error, later ones are
    /// flushed, the connection stops.
    fn fail(&mut self, c: ConnId, csn: u32, reason: NackReason) {
        let now = self.now();
        let conn = &mut self.conns[c as usize];
        let Some(seg) = conn.inflight.get(&csn).copied() else {
            return;
        };
        conn.error = true;
        for m in conn.msgs.iter_mut() {
            m.status = Some(WcStatus::Flushed);
        }
        let idx = (seg.msg - conn.msg_base) as usize;
        // earlier messages that were fully acknowledged still succeed
        for (k, m) in conn.msgs.iter_mut().enumerate() {
            if k < idx && m.acked >= m.segs {
                m.status = Some(WcStatus::Success);
            }
        }
        conn.msgs[idx].status = Some(WcStatus::Remote(reason));
        conn.inflight.clear();
        conn.retx.clear();
        conn.cursor = (conn.msg_base + conn.msgs.len() as u64, 0);
        self.complete_front(c, now);
    }

    fn on_rnr(&mut self, c: ConnId) {
        let now = self.now();
        let conn = &mut self.conns[c as usize];
        if let Some(t) = conn.gbn_rnr_at {
            if t <= now {
                // go-back-N: resume from the oldest unacknowledged PSN
                conn.gbn_rnr_at = None;
                conn.gbn_nxt = conn.gbn_una;
                self.make_ready(c);
            }
            return;
        }
        while let Some(&(t, csn)) = conn.rnr.front() {
            if t > now {
                break;
            }
            conn.rnr.pop_front();
            if conn.inflight.contains_key(&csn) {
                conn.retx.push_back(csn);
            }
        }
        self.make_ready(c);
    }

    // ------------------------------------------------------------ go-back-N

    fn gbn_try_send(&mut self, c: ConnId, plane: u32, now: Time) -> Verdict {
        let conn = &mut self.conns[c as usize];
        if conn.gbn_rnr_at.is_some() {
            return Verdict::Idle; // receiver not ready: paused
        }
        let sport = conn.paths[0].sport;
        if conn.paths[0].plane != plane {
            return Verdict::OtherPlane;
        }
        let k = conn.gbn_nxt.wrapping_sub(conn.gbn_una) as usize;
        let (csn, seg, is_retx) = if k < conn.gbn_segs.len() {
            let csn = conn.gbn_segs[k];
            match conn.inflight.get(&csn) {
                Some(s) => (csn, *s, true),
                None => return Verdict::Idle,
            }
        } else {
            // new data only while the PSN window (2^23 in RoCE) allows
            let (mid, off) = conn.cursor;
            let Some(idx) = mid.checked_sub(conn.msg_base) else {
                return Verdict::Idle;
            };
            let Some(m) = conn.msgs.get(idx as usize) else {
                return Verdict::Idle;
            };
            let len = (m.wr.len - off).min(self.cfg.braid.mtu);
            let csn = conn.next_csn;
            let seg = Seg { msg: mid, off, len };
            conn.inflight.insert(csn, seg);
            conn.gbn_segs.push_back(csn);
            (csn, seg, false)
        };
        let conn = &mut self.conns[c as usize];
        let psn = conn.gbn_nxt;
        conn.gbn_nxt = conn.gbn_nxt.wrapping_add(1);
        if conn.gbn_deadline.is_none() {
            conn.gbn_deadline = Some(now + self.cfg.gbn_timeout);
        }
        if !conn.gbn_timer {
            conn.gbn_timer = true;
            self.fabric
                .timer(now + self.cfg.gbn_timeout, conn.src, T_GBN | c as u64);
        }
        if !is_retx {
            self.advance_cursor(c, seg);
        }
        let d = self.build_data(c, 0, psn, csn, 0, seg, is_retx);
        self.transmit(c, d, sport, ROCE_UDP_PORT, is_retx)
    }

    fn gbn_on_data(&mut self, d: Data, ce: bool, sport: u16) {
        let c = d.conn as usize;
        if c >= self.conns.len() {
            return;
        }
        let expected = self.conns[c].gbn_expected;
        let (src, dst) = (self.conns[c].src, self.conns[c].dst);
        let reply = |f: &mut Fabric<Msg>, psn, nak, fatal| {
            f.send(Packet {
                src: dst,
                dst: src,
                sport,
                dport: ROCE_UDP_PORT,
                bytes: ack_frame_bytes(),
                ce: false,
                payload: Msg::Gbn {
                    conn: d.conn,
                    psn,
                    nak,
                    ce,
                    fatal,
                },
            })
        };
        if d.psn == expected {
            match self.place_check(&d) {
                Ok(addr) => {
                    let conn = &mut self.conns[c];
                    conn.gbn_expected = expected.wrapping_add(1);
                    conn.gbn_nak_sent = false;
                    conn.stats.goodput_bytes += d.len as u64;
                    conn.stats.rx_packets += 1;
                    if let (Some(a), Some(bytes)) = (addr, d.data.as_ref()) {
                        let a = a as usize;
                        self.hosts[dst as usize].mem[a..a + bytes.len()].copy_from_slice(bytes);
                    }
                    self.note_active(d.conn, d.len);
                    self.account(&d);
                    reply(&mut self.fabric, expected.wrapping_add(1), false, None);
                }
                Err((NackReason::NoReceiveBuffer, _)) => {
                    // RNR NAK: the sender pauses for the RNR backoff, then
                    // goes back to this PSN
                    self.conns[c].stats.nacked += 1;
                    reply(
                        &mut self.fabric,
                        expected,
                        true,
                        Some(NackReason::NoReceiveBuffer),
                    );
                }
                Err((reason, _)) => {
                    self.conns[c].stats.nacked += 1;
                    reply(&mut self.fabric, expected, true, Some(reason));
                }
            }
        } else if (d.psn.wrapping_sub(expected) as i32) > 0 {
            if !self.conns[c].gbn_nak_sent {
                self.conns[c].gbn_nak_sent = true;
                reply(&mut self.fabric, expected, true, None);
            }
        } else {
            self.conns[c].stats.duplicates += 1;
            reply(&mut self.fabric, expected, false, None);
        }
    }

    fn gbn_on_ack(&mut self, c: ConnId, psn: u32, nak: bool, ce: bool, fatal: Option<NackReason>) {
        let now = self.now();
        let timeout = self.cfg.gbn_timeout;
        if ce {
            self.dcqcn_cut(c, now);
        }
        let conn2 = &mut self.conns[c as usize];
        let adv = psn.wrapping_sub(conn2.gbn_una);
        if adv as i32 > 0 && adv as usize <= conn2.gbn_segs.len() {
            let done: Vec<u32> = conn2.gbn_segs.drain(..adv as usize).collect();
            conn2.gbn_una = psn;
            if conn2.gbn_nxt.wrapping_sub(psn) as i32 <= 0 {
                conn2.gbn_nxt = psn;
            }
            conn2.gbn_deadline = if conn2.gbn_segs.is_empty() {
                None
            } else {
                Some(now + timeout)
            };
            for csn in done {
                self.ack_csn(c, csn);
            }
        }
        let conn = &mut self.conns[c as usize];
        if nak {
            if fatal == Some(NackReason::NoReceiveBuffer) {
                conn.stats.rnr_retries += 1;
                if conn.gbn_rnr_at.is_none() {
                    let t = now + self.cfg.rnr_backoff;
                    conn.gbn_rnr_at = Some(t);
                    self.fabric.timer(t, conn.src, T_RNR | c as u64);
                }
                return;
            }
            if let Some(reason) = fatal {
                if let Some(&csn) = conn.gbn_segs.front() {
                    self.fail(c, csn, reason);
                }
                return;
            }
            conn.stats.sack_losses += 1;
            if psn == conn.gbn_una {
                conn.gbn_nxt = psn;
            }
        }
        self.make_ready(c);
    }

    fn on_gbn_timeout(&mut self, c: ConnId) {
        let now = self.now();
        let timeout = self.cfg.gbn_timeout;
        let conn = &mut self.conns[c as usize];
        conn.gbn_timer = false;
        match conn.gbn_deadline {
            Some(d) if d <= now => {
                conn.stats.timeouts += 1;
                conn.gbn_nxt = conn.gbn_una;
                conn.gbn_deadline = Some(now + timeout);
                conn.gbn_timer = true;
                self.fabric.timer(now + timeout, conn.src, T_GBN | c as u64);
                self.make_ready(c);
            }
            Some(d) => {
                conn.gbn_timer = true;
                self.fabric.timer(d, conn.src, T_GBN | c as u64);
            }
            None => {}
        }
    }

    /// DCQCN reaction point: a congestion notification cuts the rate at
    /// most once per 50 us.
    fn dcqcn_cut(&mut self, c: ConnId, now: Time) {
        const CNP_INTERVAL: Time = 50_000_000;
        let conn = &mut self.conns[c as usize];
        let d = &mut conn.dcqcn;
        if now.saturating_sub(d.last_cut) < CNP_INTERVAL && d.last_cut != 0 {
            return;
        }
        let first = d.last_raise == 0 && d.last_cut == 0;
        d.alpha = (1.0 - 1.0 / 16.0) * d.alpha + 1.0 / 16.0;
        d.target = d.rate;
        d.rate *= 1.0 - d.alpha / 2.0;
        d.last_cut = now.max(1);
        d.steps = 0;
        let _ = first;
        self.fabric
            .timer(now + 55_000_000, conn.src, T_DCQCN | c as u64);
    }

    /// DCQCN rate increase every 55 us without a cut: fast recovery toward
    /// the target for 5 steps, then additive increase of 5% of line rate.
    fn on_dcqcn_timer(&mut self, c: ConnId) {
        const PERIOD: Time = 55_000_000;
        let now = self.now();
        let line = self.port_rate() as f64;
        let conn = &mut self.conns[c as usize];
        let d = &mut conn.dcqcn;
        if now.saturating_sub(d.last_cut) < PERIOD || now.saturating_sub(d.last_raise) < PERIOD {
            return;
        }
        d.alpha *= 1.0 - 1.0 / 16.0;
        d.steps += 1;
        if d.steps > 5 {
            d.target = (d.target + 0.05 * line).min(line);
        }
        d.rate = ((d.rate + d.target) / 2.0).min(line);
        d.last_raise = now;
        if d.rate < line * 0.999 {
            self.fabric
                .timer(now + PERIOD, conn.src, T_DCQCN | c as u64);
        } else {
            d.rate = line;
        }
    }
}

enum Verdict {
    Sent(u32),
    OtherPlane,
    Idle,
    Paced(Time),
}
