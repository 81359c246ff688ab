//! Soft Braid: the transport model ([`crate::net`]) on real UDP sockets
//! and the real clock, one process per host.
//!
//! A [`SoftNet`] is a two-host model (this host and its peer, the
//! sockets in its [`SoftPort`]) whose
//! fabric never carries a packet between them: its egress hook takes every
//! packet for the peer and sends it as a UDP datagram (the payload exactly
//! [`crate::codec`]'s bytes: the Braid header and payload braid-spec
//! defines), from a socket bound to the packet's UDP source port (so each
//! path is its own 5-tuple and ECMP spreads them) to the peer's
//! [`braid_spec::BRAID_UDP_PORT`]. Datagrams arriving on this host's
//! Braid port are decoded and injected as deliveries. Simulated time is
//! the wall clock since the endpoint started: [`SoftPort::poll`] receives
//! what arrived, runs the model's events due by now, and sends what they
//! produced. The sender, the receiver, their timers and their pacing are
//! the model's own: one source of truth for the protocol.
//!
//! Connections are queue pairs, as on the engine: [`SoftNet::open_qp`]
//! gives a number, which stands for a model connection to the peer (this
//! host sends) and one from it (this host receives). A packet carries the
//! number its receiving host knows the queue pair by (`dst_conn`): data
//! goes to the peer's receiving end, ACKs and NACKs to its sending end. So
//! the two sides exchange their numbers out of band (as they exchange
//! memory keys) and each tells its queue pair the peer's
//! ([`SoftPort::set_peer_qp`]). Packets of a queue pair without the peer's
//! number yet are not sent (counted; the transport recovers them as
//! lost).

use crate::codec::{msg_of, udp_payload_of};
use crate::config::BraidConfig;
use crate::fabric::{FabricConfig, HostId, Packet, Time};
use crate::net::{ConnId, Msg, Net, NetConfig};
use braid_spec::regs as r;
use std::cell::RefCell;
use std::collections::HashMap;
use std::io::{self, ErrorKind};
use std::net::{Ipv4Addr, SocketAddrV4, UdpSocket};
use std::rc::Rc;
use std::time::{Duration, Instant};

/// Where a soft endpoint lives and how fast it may send.
#[derive(Debug, Clone)]
pub struct SoftConfig {
    /// This host's address (its sockets bind to it).
    pub local_ip: Ipv4Addr,
    /// The peer's address (unspecified, 0.0.0.0, until
    /// [`SoftPort::set_peer_ip`] gives it: nothing is sent or accepted
    /// meanwhile).
    pub peer_ip: Ipv4Addr,
    /// This host's number in the model, 0 or 1 (the peer is the other):
    /// the two processes must agree.
    pub host: HostId,
    /// The NIC rate the model paces at (bit/s).
    pub rate_bps: u64,
    /// Smallest retransmission timeout: a software endpoint's round trip
    /// includes the kernel and the scheduler, far above a NIC's.
    pub min_rto: Time,
    /// The tail-loss probe's allowance beyond the RTT samples
    /// ([`BraidConfig::pto_slack`]): the scheduling delays they miss.
    pub pto_slack: Time,
    /// UDP port both hosts receive on.
    pub port: u16,
    /// Payload bytes per packet: `MTU_MIN << mtu_code` as on the engine
    /// (`NET_CFG.mtu_code`: 1,024 to 8,192). Each side segments its own
    /// messages; a receiver takes packets of any of these sizes.
    pub mtu: u32,
}

impl SoftConfig {
    /// Host `host` of two at `local_ip`, its peer at `peer_ip`: 10 Gb/s,
    /// RTO from 5 ms, tail-loss probes 1 ms beyond the RTT, Braid's UDP
    /// port.
    pub fn new(local_ip: Ipv4Addr, peer_ip: Ipv4Addr, host: HostId) -> SoftConfig {
        SoftConfig {
            local_ip,
            peer_ip,
            host,
            rate_bps: 10_000_000_000,
            min_rto: 5_000_000_000,
            pto_slack: 1_000_000_000,
            port: braid_spec::BRAID_UDP_PORT,
            mtu: default_mtu(),
        }
    }

    /// Whether `mtu` is a payload size the engine has (`MTU_MIN << code`,
    /// code 0 to `MTU_CODE_MAX`).
    pub fn valid_mtu(mtu: u32) -> bool {
        (0..=braid_spec::state::MTU_CODE_MAX).any(|c| braid_spec::state::MTU_MIN << c == mtu)
    }

    /// The smallest link MTU (IP datagram bytes) that carries this
    /// endpoint's largest packet, a WRITE_WITH_IMM of `mtu` payload bytes,
    /// unfragmented.
    pub fn link_mtu(&self) -> u32 {
        use braid_spec::wire::braid::Opcode;
        use braid_spec::wire::{ip::IPV4_LEN, udp::UDP_LEN};
        (Opcode::WriteImm.header_len() + IPV4_LEN + UDP_LEN) as u32 + self.mtu
    }
}

/// Counts of a soft endpoint's socket side.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SoftStats {
    /// Datagrams sent.
    pub sent: u64,
    /// Datagrams the kernel refused to send, for any reason but their
    /// size (counted, not retried: the transport recovers them as lost;
    /// an nftables drop on output shows here).
    pub send_errors: u64,
    /// Datagrams larger than the path MTU: they are sent with DF (SPEC.md
    /// section 2), so the link needs an MTU of at least
    /// [`SoftConfig::link_mtu`] (jumbo frames); the kernel refused them.
    pub too_big: u64,
    /// Sends with UDP segmentation offload (a train of one path's
    /// datagrams of one length, cut by the kernel).
    pub gso_sends: u64,
    /// Datagrams those carried.
    pub gso_datagrams: u64,
    /// Datagrams received and delivered to the model.
    pub received: u64,
    /// Datagrams received whose IP header carried CE (congestion
    /// experienced): the model sees the mark, as the engine would.
    pub ce: u64,
    /// Datagrams received that are not a model packet (dropped).
    pub undecodable: u64,
    /// Datagrams received from an address other than the peer's
    /// (dropped).
    pub foreign: u64,
    /// Packets of a queue pair without the peer's number yet, or sent
    /// before the peer's address is known (not sent).
    pub unpeered: u64,
}

/// The payload bytes per packet of an endpoint unless told otherwise: the
/// engine's at reset (`NET_CFG.mtu_code`), 4,096.
pub fn default_mtu() -> u32 {
    braid_spec::state::MTU_MIN << r::get(&r::NET_CFG_MTU_CODE, r::CFG_NET)
}

/// Socket buffer asked for each way (bytes): a burst of a window of 4 KiB
/// packets on every path must fit while the other process is not running.
pub const SOCKET_BUFFER: i32 = 16 << 20;

fn setsockopt_i32(s: &UdpSocket, level: i32, opt: i32, v: i32) -> io::Result<()> {
    use std::os::fd::AsRawFd;
    // SAFETY: a valid socket descriptor and a pointer to an i32 of the
    // length given, as setsockopt(2) requires
    let r = unsafe {
        libc::setsockopt(
            s.as_raw_fd(),
            level,
            opt,
            (&v as *const i32).cast(),
            std::mem::size_of::<i32>() as libc::socklen_t,
        )
    };
    if r == 0 {
        Ok(())
    } else {
        Err(io::Error::last_os_error())
    }
}

/// The buffer `opt` as large as `bytes`: beyond `net.core.[rw]mem_max`
/// with `force` where the process may (root), else as large as the limit.
fn set_buffer(s: &UdpSocket, opt: i32, force: i32, bytes: i32) {
    if setsockopt_i32(s, libc::SOL_SOCKET, force, bytes).is_err() {
        let _ = setsockopt_i32(s, libc::SOL_SOCKET, opt, bytes);
    }
}

/// The realtime clock, nanoseconds since the epoch.
fn realtime_ns() -> i128 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as i128)
}

/// Datagrams taken off the receive socket per system call.
pub const RECV_BATCH: usize = 64;
/// Room for one datagram (larger ones are cut and counted undecodable):
/// a Braid packet of the largest payload with its headers.
const SLOT: usize = 9216;

/// One received datagram of a [`RecvBatch`].
#[derive(Debug, Clone, Copy)]
struct Arrival {
    len: usize,
    from: SocketAddrV4,
    /// The kernel's receive time, realtime ns (`SO_TIMESTAMPNS`).
    stamp: Option<i128>,
    /// The IP header's ECN field (`IP_RECVTOS`).
    ecn: u8,
    truncated: bool,
}

/// `recvmmsg(2)` buffers: up to [`RECV_BATCH`] datagrams per call, each
/// with its sender, receive timestamp and TOS byte.
struct RecvBatch {
    bufs: Vec<u8>,
    addrs: Vec<libc::sockaddr_in>,
    iovs: Vec<libc::iovec>,
    controls: Vec<[u64; 8]>,
    hdrs: Vec<libc::mmsghdr>,
    got: Vec<Arrival>,
}

impl RecvBatch {
    fn new() -> RecvBatch {
        // SAFETY: all-zero sockaddr_in, iovec and mmsghdr are valid values
        let zeroed = || unsafe { std::mem::zeroed() };
        let mut b = RecvBatch {
            bufs: vec![0; RECV_BATCH * SLOT],
            addrs: (0..RECV_BATCH).map(|_| zeroed()).collect(),
            iovs: (0..RECV_BATCH)
                .map(|_| libc::iovec {
                    iov_base: std::ptr::null_mut(),
                    iov_len: 0,
                })
                .collect(),
            controls: vec![[0; 8]; RECV_BATCH],
            hdrs: (0..RECV_BATCH)
                .map(|_| unsafe { std::mem::zeroed::<libc::mmsghdr>() })
                .collect(),
            got: Vec::with_capacity(RECV_BATCH),
        };
        // the headers point into the vectors' heap storage, which never
        // moves (none of them grows): set once, not at every receive
        for i in 0..RECV_BATCH {
            b.iovs[i] = libc::iovec {
                // SAFETY: slot i lies inside `bufs`
                iov_base: unsafe { b.bufs.as_mut_ptr().add(i * SLOT) }.cast(),
                iov_len: SLOT,
            };
            let h = &mut b.hdrs[i].msg_hdr;
            h.msg_name = (&mut b.addrs[i] as *mut libc::sockaddr_in).cast();
            h.msg_iov = &mut b.iovs[i];
            h.msg_iovlen = 1;
            h.msg_control = b.controls[i].as_mut_ptr().cast();
        }
        b
    }

    /// The `i`th datagram's bytes of the last [`RecvBatch::recv`].
    fn bytes(&self, i: usize) -> &[u8] {
        &self.bufs[i * SLOT..i * SLOT + self.got[i].len]
    }

    /// Take what has arrived on `s` (at most [`RECV_BATCH`], without
    /// waiting) into `self.got`; returns how many.
    fn recv(&mut self, s: &UdpSocket) -> io::Result<usize> {
        use std::os::fd::AsRawFd;
        self.got.clear();
        // the lengths the kernel overwrote in the last receive
        for m in &mut self.hdrs {
            m.msg_hdr.msg_namelen = std::mem::size_of::<libc::sockaddr_in>() as libc::socklen_t;
            m.msg_hdr.msg_controllen = std::mem::size_of::<[u64; 8]>() as _;
            m.msg_hdr.msg_flags = 0;
            m.msg_len = 0;
        }
        // SAFETY: RECV_BATCH headers, each pointing at its own address,
        // iovec (into `bufs`) and control buffer of the lengths given
        let n = unsafe {
            libc::recvmmsg(
                s.as_raw_fd(),
                self.hdrs.as_mut_ptr(),
                RECV_BATCH as libc::c_uint,
                libc::MSG_DONTWAIT,
                std::ptr::null_mut(),
            )
        };
        if n < 0 {
            let e = io::Error::last_os_error();
            return if e.kind() == ErrorKind::WouldBlock {
                Ok(0)
            } else {
                Err(e)
            };
        }
        for i in 0..n as usize {
            let h = &self.hdrs[i].msg_hdr;
            let (mut stamp, mut ecn) = (None, 0u8);
            // SAFETY: the kernel filled the control buffer of header i;
            // the CMSG macros walk it within msg_controllen
            unsafe {
                let mut c = libc::CMSG_FIRSTHDR(h);
                while !c.is_null() {
                    let (level, ty) = ((*c).cmsg_level, (*c).cmsg_type);
                    if level == libc::SOL_SOCKET && ty == libc::SCM_TIMESTAMPNS {
                        let ts =
                            std::ptr::read_unaligned(libc::CMSG_DATA(c) as *const libc::timespec);
                        stamp = Some(ts.tv_sec as i128 * 1_000_000_000 + ts.tv_nsec as i128);
                    } else if level == libc::IPPROTO_IP && ty == libc::IP_TOS {
                        ecn = *libc::CMSG_DATA(c) & 3;
                    }
                    c = libc::CMSG_NXTHDR(h, c);
                }
            }
            let a = &self.addrs[i];
            self.got.push(Arrival {
                len: (self.hdrs[i].msg_len as usize).min(SLOT),
                from: SocketAddrV4::new(
                    Ipv4Addr::from(u32::from_be(a.sin_addr.s_addr)),
                    u16::from_be(a.sin_port),
                ),
                stamp,
                ecn,
                truncated: h.msg_flags & libc::MSG_TRUNC != 0,
            });
        }
        Ok(n as usize)
    }
}

/// Datagrams leave with IP ECN ECT(0), as SPEC.md section 2 asks of a
/// sender.
fn set_ect0(s: &UdpSocket) -> io::Result<()> {
    setsockopt_i32(
        s,
        libc::IPPROTO_IP,
        libc::IP_TOS,
        braid_spec::wire::ip::ECN_ECT0 as i32,
    )
}

/// Where an endpoint's clock starts (ns): past 2^32 ns, so that a time
/// from a peer whose clock runs ahead (the wire carries 32 bits of ns) is
/// placed 2^32 ns back ([`crate::codec::time_of_wire_ts`]) rather than
/// clamped at 0, and echoes back with the bits it came with.
pub const CLOCK_START: Time = 1 << 33;

/// A drop filter on outgoing packets, for tests (true: dropped).
pub type LossFn = Box<dyn FnMut(&Packet<Msg>) -> bool>;

/// The socket side of a soft endpoint, attached to a two-host [`Net`]
/// (see the module documentation): the sockets, the clock, the queue
/// pairs' numbers. [`SoftNet`] pairs one with its model; the soft driver
/// backend keeps the model in its own world.
pub struct SoftPort {
    cfg: SoftConfig,
    outbox: Rc<RefCell<Vec<Packet<Msg>>>>,
    rx: UdpSocket,
    tx: HashMap<u16, UdpSocket>,
    start: Instant,
    /// The realtime clock at `start` (kernel receive timestamps are
    /// realtime), nanoseconds since the epoch.
    start_rt: i128,
    batch: RecvBatch,
    /// Send trains of one path with UDP segmentation offload (cleared
    /// when the kernel refuses it).
    gso: bool,
    stats: SoftStats,
    loss: Option<LossFn>,
    /// Queue pair number -> (sending end, receiving end) model connections.
    qps: HashMap<u32, (ConnId, ConnId)>,
    /// Model connection -> its queue pair.
    qp_of: HashMap<ConnId, u32>,
    /// Queue pair -> the peer's number for it.
    peer_qp: HashMap<u32, u32>,
}

impl SoftConfig {
    /// The two-host model this endpoint runs: `net_cfg` with its
    /// `min_rto` and `pto_slack` replaced by this configuration's, a
    /// fabric whose NIC ports run at `rate_bps`.
    pub fn model(&self, mut net_cfg: NetConfig) -> io::Result<Net> {
        if !SoftConfig::valid_mtu(self.mtu) {
            return Err(io::Error::new(
                ErrorKind::InvalidInput,
                format!(
                    "MTU {}: a packet carries 1024, 2048, 4096 or 8192 payload bytes",
                    self.mtu
                ),
            ));
        }
        if self.host > 1 {
            return Err(io::Error::new(
                ErrorKind::InvalidInput,
                format!("host {}: a soft endpoint is host 0 or 1", self.host),
            ));
        }
        let mut fab = FabricConfig::leaf_spine(2);
        fab.host_rate_bps = self.rate_bps;
        fab.fabric_rate_bps = self.rate_bps;
        net_cfg.braid = BraidConfig {
            min_rto: self.min_rto,
            pto_slack: self.pto_slack,
            mtu: self.mtu,
            ..net_cfg.braid
        };
        Ok(Net::new(fab, net_cfg))
    }
}

impl SoftPort {
    /// Attach to `net` (two hosts, of which `cfg.host` is this one),
    /// which must not have run yet: its clock is set to the endpoint's,
    /// and its packets for the peer leave through the sockets from now
    /// on. Receives on `cfg.local_ip:cfg.port`.
    pub fn attach(cfg: SoftConfig, net: &mut Net) -> io::Result<SoftPort> {
        if cfg.host > 1 || net.fabric.config().hosts != 2 {
            return Err(io::Error::new(
                ErrorKind::InvalidInput,
                "a soft endpoint is host 0 or 1 of a two-host model",
            ));
        }
        let outbox: Rc<RefCell<Vec<Packet<Msg>>>> = Rc::default();
        let out = outbox.clone();
        let peer = 1 - cfg.host;
        net.fabric.set_egress(move |_, p: Packet<Msg>| {
            if p.dst == peer {
                out.borrow_mut().push(p);
                None
            } else {
                Some(p)
            }
        });
        // the model's clock starts at the endpoint's, before anything is
        // scheduled (a periodic timer armed at 0 would have to catch up)
        let start = Instant::now();
        let start_rt = realtime_ns();
        // timers of this thread fire when asked, not up to 50 us later
        // (the default slack): pacing gaps are microseconds
        // SAFETY: PR_SET_TIMERSLACK takes one integer argument
        unsafe { libc::prctl(libc::PR_SET_TIMERSLACK, 1 as libc::c_ulong) };
        net.fabric.idle_until(CLOCK_START * 1000);
        let rx = UdpSocket::bind(SocketAddrV4::new(cfg.local_ip, cfg.port))?;
        rx.set_nonblocking(true)?;
        set_buffer(&rx, libc::SO_RCVBUF, libc::SO_RCVBUFFORCE, SOCKET_BUFFER);
        setsockopt_i32(&rx, libc::SOL_SOCKET, libc::SO_TIMESTAMPNS, 1)?;
        setsockopt_i32(&rx, libc::IPPROTO_IP, libc::IP_RECVTOS, 1)?;
        // no receive offload (UDP_GRO): with it, CE marks that nftables
        // set on the way did not reach IP_RECVTOS on a veth (the receiver
        // must see every mark), and it saved no time here (docs/soft.md)
        Ok(SoftPort {
            cfg,
            outbox,
            rx,
            tx: HashMap::new(),
            start,
            start_rt,
            batch: RecvBatch::new(),
            gso: true,
            stats: SoftStats::default(),
            loss: None,
            qps: HashMap::new(),
            qp_of: HashMap::new(),
            peer_qp: HashMap::new(),
        })
    }

    /// This host in the model.
    pub fn host(&self) -> HostId {
        self.cfg.host
    }

    /// The peer in the model.
    pub fn peer(&self) -> HostId {
        1 - self.cfg.host
    }

    /// Queue pair `qp` (the number the peer's packets for it carry) is the
    /// model connections `send` (this host to the peer) and `recv` (the
    /// peer to this host).
    pub fn bind_qp(&mut self, qp: u32, send: ConnId, recv: ConnId) {
        self.qps.insert(qp, (send, recv));
        self.qp_of.insert(send, qp);
        self.qp_of.insert(recv, qp);
    }

    /// Queue pair `qp`'s model connections: (this host sends, it receives).
    pub fn qp_conns(&self, qp: u32) -> Option<(ConnId, ConnId)> {
        self.qps.get(&qp).copied()
    }

    /// The peer's number for queue pair `qp`.
    pub fn set_peer_qp(&mut self, qp: u32, peer: u32) {
        self.peer_qp.insert(qp, peer);
    }

    /// The peer's address (the driver's `SET_PEER` gives it).
    pub fn set_peer_ip(&mut self, ip: Ipv4Addr) {
        self.cfg.peer_ip = ip;
    }

    /// Socket counts so far.
    pub fn stats(&self) -> SoftStats {
        self.stats
    }

    /// Drop outgoing packets that `loss` picks (tests of loss recovery on
    /// real sockets without touching the host's network).
    pub fn set_loss(&mut self, loss: LossFn) {
        self.loss = Some(loss);
    }

    /// Wall-clock time since the endpoint started plus [`CLOCK_START`],
    /// in the model's units (picoseconds).
    pub fn now(&self) -> Time {
        (self.start.elapsed().as_nanos() as Time + CLOCK_START) * 1000
    }

    /// One round on `net`: deliver every datagram that has arrived, each at
    /// the time the kernel received it (the model's events due before
    /// then run first, so a timer never fires ahead of an ACK that came
    /// in time but found this process descheduled), run the model's events
    /// due by now, send the packets they produced.
    /// Returns how long until the model's next event (`None`: nothing
    /// scheduled).
    pub fn poll(&mut self, net: &mut Net) -> io::Result<Option<Duration>> {
        let now = self.now();
        self.receive(net, now)?;
        net.run_until(now);
        net.fabric.idle_until(now);
        self.send()?;
        Ok(net
            .fabric
            .next_time()
            .map(|t| Duration::from_nanos(t.saturating_sub(self.now()) / 1000)))
    }

    /// Wait until a datagram is ready or `wait` has passed: `ppoll(2)`,
    /// whose timeout is a high-resolution timer (a socket receive timeout
    /// is rounded up to the kernel's tick, milliseconds, which would hold
    /// every pacing gap and ACK that long).
    pub fn wait_readable(&self, wait: Duration) -> io::Result<()> {
        use std::os::fd::AsRawFd;
        let mut fd = libc::pollfd {
            fd: self.rx.as_raw_fd(),
            events: libc::POLLIN,
            revents: 0,
        };
        let ts = libc::timespec {
            tv_sec: wait.as_secs() as libc::time_t,
            tv_nsec: wait.subsec_nanos() as libc::c_long,
        };
        // SAFETY: one valid pollfd, a valid timespec, no signal mask
        let r = unsafe { libc::ppoll(&mut fd, 1, &ts, std::ptr::null()) };
        if r < 0 {
            let e = io::Error::last_os_error();
            if e.kind() != ErrorKind::Interrupted {
                return Err(e);
            }
        }
        Ok(())
    }

    fn receive(&mut self, net: &mut Net, now: Time) -> io::Result<()> {
        let carry = net.config().carry_data;
        loop {
            let n = self.batch.recv(&self.rx)?;
            for i in 0..n {
                let got = self.batch.got[i];
                // the arrival in the model's time, never before what it
                // has already run nor after now
                let at = got.stamp.map_or(now, |rt| {
                    let ns = (rt - self.start_rt).max(0) as Time + CLOCK_START;
                    (ns * 1000).clamp(net.now(), now)
                });
                net.run_until(at);
                net.fabric.idle_until(at);
                if *got.from.ip() != self.cfg.peer_ip {
                    self.stats.foreign += 1;
                    continue;
                }
                if got.truncated {
                    self.stats.undecodable += 1;
                    continue;
                }
                let Ok(mut msg) = msg_of(self.batch.bytes(i), at, carry) else {
                    self.stats.undecodable += 1;
                    continue;
                };
                // the queue pair's number to the model connection: data
                // for its receiving end, ACKs and NACKs for its sending
                // end (a number of no queue pair goes on as is: the model
                // drops it as stray)
                let (conn, to_recv) = match &mut msg {
                    Msg::Data(d) => (&mut d.conn, true),
                    Msg::Ack(a) => (&mut a.conn, false),
                    Msg::Nack { conn, .. } | Msg::Gbn { conn, .. } => (conn, false),
                };
                match self.qps.get(conn) {
                    Some(&(send, recv)) => *conn = if to_recv { recv } else { send },
                    None => *conn = ConnId::MAX,
                }
                let bytes = crate::net::frame_bytes(&msg);
                let ce = got.ecn == braid_spec::wire::ip::ECN_CE;
                self.stats.received += 1;
                self.stats.ce += u64::from(ce);
                net.fabric.inject(Packet {
                    src: self.peer(),
                    dst: self.cfg.host,
                    sport: got.from.port(),
                    dport: self.cfg.port,
                    bytes,
                    ce,
                    payload: msg,
                });
            }
            if n < RECV_BATCH {
                return Ok(());
            }
        }
    }

    fn send(&mut self) -> io::Result<()> {
        let out = std::mem::take(&mut *self.outbox.borrow_mut());
        if out.is_empty() {
            return Ok(());
        }
        if self.cfg.peer_ip.is_unspecified() {
            self.stats.unpeered += out.len() as u64;
            return Ok(());
        }
        // each packet's source port and datagram, in the model's order
        let mut dgrams: Vec<(u16, Vec<u8>)> = Vec::with_capacity(out.len());
        for mut p in out {
            let conn = match &mut p.payload {
                Msg::Data(d) => &mut d.conn,
                Msg::Ack(a) => &mut a.conn,
                Msg::Nack { conn, .. } | Msg::Gbn { conn, .. } => conn,
            };
            match self.qp_of.get(conn).and_then(|q| self.peer_qp.get(q)) {
                Some(&n) => *conn = n,
                None => {
                    self.stats.unpeered += 1;
                    continue;
                }
            }
            if self.loss.as_mut().is_some_and(|l| l(&p)) {
                continue;
            }
            if let Some(bytes) = udp_payload_of(&p.payload) {
                dgrams.push((p.sport, bytes));
            }
        }
        // one sendmmsg(2) per source port (a path's socket), each
        // path's datagrams in their order
        dgrams.sort_by_key(|d| d.0);
        let to = SocketAddrV4::new(self.cfg.peer_ip, self.cfg.port);
        let mut i = 0;
        while i < dgrams.len() {
            let sport = dgrams[i].0;
            let j = i + dgrams[i..].iter().take_while(|d| d.0 == sport).count();
            let gso = self.gso;
            let sock = self.socket(sport)?;
            let r = send_batch(sock, to, &dgrams[i..j], gso);
            if r.gso_refused {
                self.gso = false;
            }
            let (sent, too_big) = (r.sent, r.too_big);
            self.stats.gso_sends += r.gso_sends as u64;
            self.stats.gso_datagrams += r.gso_datagrams as u64;
            self.stats.sent += sent as u64;
            if too_big > 0 && self.stats.too_big == 0 {
                // said once: nothing larger than an ACK gets through
                eprintln!(
                    "braid soft endpoint: the path MTU from {} to {} is below {} bytes; \
                     Braid packets are never fragmented (SPEC.md section 2), so the link needs \
                     jumbo frames (ip link set DEV mtu 9000): datagrams are being dropped",
                    self.cfg.local_ip,
                    self.cfg.peer_ip,
                    self.cfg.link_mtu()
                );
            }
            self.stats.too_big += too_big as u64;
            self.stats.send_errors += (j - i - sent - too_big) as u64;
            i = j;
        }
        Ok(())
    }

    /// The socket bound to source port `sport` (made on first use).
    fn socket(&mut self, sport: u16) -> io::Result<&UdpSocket> {
        if !self.tx.contains_key(&sport) {
            let s = UdpSocket::bind(SocketAddrV4::new(self.cfg.local_ip, sport))?;
            s.set_nonblocking(true)?;
            set_ect0(&s)?;
            // DF: SPEC.md section 2 (a receiver drops fragments)
            setsockopt_i32(
                &s,
                libc::IPPROTO_IP,
                libc::IP_MTU_DISCOVER,
                libc::IP_PMTUDISC_DO,
            )?;
            set_buffer(&s, libc::SO_SNDBUF, libc::SO_SNDBUFFORCE, SOCKET_BUFFER);
            self.tx.insert(sport, s);
        }
        Ok(&self.tx[&sport])
    }
}

/// Largest UDP payload of one segmentation-offload send (the kernel's
/// limit is 64 KiB less the headers).
const GSO_MAX_BYTES: usize = 65_000;
/// Most segments in one segmentation-offload send (`UDP_MAX_SEGMENTS`).
const GSO_MAX_SEGS: usize = 64;

/// Trains of `dgrams` that one send with UDP segmentation offload can
/// carry: consecutive datagrams of one length, the last possibly shorter.
/// (start, count, segment length); one datagram per train without `gso`.
fn trains(dgrams: &[(u16, Vec<u8>)], gso: bool) -> Vec<(usize, usize, usize)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < dgrams.len() {
        let seg = dgrams[i].1.len();
        let mut n = 1;
        if gso {
            let most = (GSO_MAX_BYTES / seg.max(1)).min(GSO_MAX_SEGS);
            while i + n < dgrams.len() && n < most && dgrams[i + n].1.len() <= seg {
                n += 1;
                if dgrams[i + n - 1].1.len() < seg {
                    break;
                }
            }
        }
        out.push((i, n, seg));
        i += n;
    }
    out
}

/// What [`send_batch`] did.
#[derive(Debug, Clone, Copy, Default)]
struct Sent {
    /// Datagrams the kernel took.
    sent: usize,
    /// Datagrams refused as larger than the path MTU.
    too_big: usize,
    /// A segmentation-offload send was refused as such (the device cannot
    /// checksum or segment): the caller sends without it from now on.
    gso_refused: bool,
    /// Segmentation-offload sends the kernel took, and their datagrams.
    gso_sends: usize,
    gso_datagrams: usize,
}

/// Send `dgrams` (source port, bytes) from `sock` to `to` with as few
/// `sendmmsg(2)` calls as the kernel takes, trains of one length as one
/// UDP segmentation-offload send each when `gso` (the kernel cuts them
/// into the same datagrams, late in its stack). A datagram the kernel
/// refuses is skipped: the transport recovers it as lost.
fn send_batch(sock: &UdpSocket, to: SocketAddrV4, dgrams: &[(u16, Vec<u8>)], gso: bool) -> Sent {
    use std::os::fd::AsRawFd;
    // SAFETY: an all-zero sockaddr_in is a valid value
    let mut addr: libc::sockaddr_in = unsafe { std::mem::zeroed() };
    addr.sin_family = libc::AF_INET as libc::sa_family_t;
    addr.sin_port = to.port().to_be();
    addr.sin_addr.s_addr = u32::from(*to.ip()).to_be();
    let mut iovs: Vec<libc::iovec> = dgrams
        .iter()
        .map(|(_, b)| libc::iovec {
            iov_base: b.as_ptr() as *mut libc::c_void,
            iov_len: b.len(),
        })
        .collect();
    let trains = trains(dgrams, gso);
    // one control message per train: UDP_SEGMENT with the segment length
    let space = unsafe { libc::CMSG_SPACE(std::mem::size_of::<u16>() as u32) } as usize;
    let mut controls = vec![0u64; trains.len() * space.div_ceil(8)];
    let stride = space.div_ceil(8);
    let mut hdrs: Vec<libc::mmsghdr> = Vec::with_capacity(trains.len());
    for (k, &(start, n, seg)) in trains.iter().enumerate() {
        // SAFETY: an all-zero mmsghdr is a valid value
        let mut h: libc::mmsghdr = unsafe { std::mem::zeroed() };
        h.msg_hdr.msg_name = (&mut addr as *mut libc::sockaddr_in).cast();
        h.msg_hdr.msg_namelen = std::mem::size_of::<libc::sockaddr_in>() as libc::socklen_t;
        h.msg_hdr.msg_iov = iovs[start..].as_mut_ptr();
        h.msg_hdr.msg_iovlen = n as _;
        if n > 1 {
            let c = controls[k * stride..].as_mut_ptr();
            h.msg_hdr.msg_control = c.cast();
            h.msg_hdr.msg_controllen = space as _;
            // SAFETY: the control buffer holds one UDP_SEGMENT message of
            // CMSG_SPACE(2) bytes, 8-byte aligned
            unsafe {
                let cm = libc::CMSG_FIRSTHDR(&h.msg_hdr);
                (*cm).cmsg_level = libc::SOL_UDP;
                (*cm).cmsg_type = libc::UDP_SEGMENT;
                (*cm).cmsg_len = libc::CMSG_LEN(std::mem::size_of::<u16>() as u32) as _;
                std::ptr::write_unaligned(libc::CMSG_DATA(cm) as *mut u16, seg as u16);
            }
        }
        hdrs.push(h);
    }
    let mut out = Sent::default();
    let mut done = 0;
    while done < hdrs.len() {
        // SAFETY: the headers from `done` on point at `addr`, at iovecs
        // over datagrams and at control buffers that outlive the call
        let n = unsafe {
            libc::sendmmsg(
                sock.as_raw_fd(),
                hdrs[done..].as_mut_ptr(),
                (hdrs.len() - done) as libc::c_uint,
                0,
            )
        };
        if n <= 0 {
            // the first remaining train was refused: skip it
            let (_, count, _) = trains[done];
            let e = io::Error::last_os_error().raw_os_error();
            if count > 1 && matches!(e, Some(libc::EIO) | Some(libc::EINVAL)) {
                // no segmentation offload on this route: send the rest
                // one by one
                out.gso_refused = true;
                let rest = send_batch(sock, to, &dgrams[trains[done].0..], false);
                out.sent += rest.sent;
                out.too_big += rest.too_big;
                return out;
            }
            if e == Some(libc::EMSGSIZE) {
                out.too_big += count;
            }
            done += 1;
        } else {
            for &(_, count, _) in &trains[done..done + n as usize] {
                out.sent += count;
                if count > 1 {
                    out.gso_sends += 1;
                    out.gso_datagrams += count;
                }
            }
            done += n as usize;
        }
    }
    out
}

/// A soft endpoint with its own model (see the module documentation).
pub struct SoftNet {
    /// The model: this host and its peer. Post work and poll completions
    /// on it between [`SoftNet::poll`] calls, right after one: the
    /// model's clock moves only there, and work posted on a clock left
    /// behind would be stamped in the past (its packets would look late
    /// to the tail-loss probe at once).
    pub net: Net,
    /// The sockets.
    pub port: SoftPort,
    next_qp: u32,
}

impl SoftNet {
    /// An endpoint running [`SoftConfig::model`] of `net_cfg`, receiving
    /// on `cfg.local_ip:cfg.port`.
    pub fn new(cfg: SoftConfig, net_cfg: NetConfig) -> io::Result<SoftNet> {
        let mut net = cfg.model(net_cfg)?;
        let port = SoftPort::attach(cfg, &mut net)?;
        Ok(SoftNet {
            net,
            port,
            next_qp: 0,
        })
    }

    /// Open a queue pair with the peer in protection domain `pd`: returns
    /// its number (what the peer's packets for it carry).
    pub fn open_qp(&mut self, pd: u32) -> u32 {
        let (h, p) = (self.port.host(), self.port.peer());
        let send = self.net.connect(h, p, pd);
        let recv = self.net.connect(p, h, pd);
        let n = self.next_qp;
        self.next_qp += 1;
        self.port.bind_qp(n, send, recv);
        n
    }

    /// [`SoftPort::poll`] on this endpoint's model.
    pub fn poll(&mut self) -> io::Result<Option<Duration>> {
        self.port.poll(&mut self.net)
    }

    /// [`SoftNet::poll`] until `done` holds or `timeout` passes; between
    /// rounds it waits for a datagram or the model's next event (at most
    /// 1 ms). `true` if `done` held.
    pub fn run_until(
        &mut self,
        timeout: Duration,
        mut done: impl FnMut(&mut Net) -> bool,
    ) -> io::Result<bool> {
        let end = Instant::now() + timeout;
        loop {
            let next = self.poll()?;
            if done(&mut self.net) {
                return Ok(true);
            }
            if Instant::now() >= end {
                return Ok(false);
            }
            let wait = next
                .unwrap_or(Duration::from_millis(1))
                .min(Duration::from_millis(1));
            self.port.wait_readable(wait)?;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Trains for segmentation offload: consecutive datagrams of one
    /// length, the last possibly shorter, at most 64 KiB; one datagram per
    /// train without offload.
    #[test]
    fn trains_are_runs_of_one_length_ending_with_a_shorter_one() {
        let d = |lens: &[usize]| -> Vec<(u16, Vec<u8>)> {
            lens.iter().map(|&n| (7, vec![0; n])).collect()
        };
        assert_eq!(
            trains(&d(&[100, 100, 100, 50, 100, 100, 200]), true),
            [(0, 4, 100), (4, 2, 100), (6, 1, 200)]
        );
        assert_eq!(
            trains(&d(&[100, 100, 50]), false),
            [(0, 1, 100), (1, 1, 100), (2, 1, 50)]
        );
        // 4,176-byte datagrams: 15 fit in 64 KiB
        let big = trains(&d(&[4176; 20]), true);
        assert_eq!(big, [(0, 15, 4176), (15, 5, 4176)]);
    }

    /// The largest packet is a WRITE_WITH_IMM: at the default 4 KiB its
    /// IPv4 datagram is 4,176 bytes (SPEC.md's frame table: 98 bytes of
    /// overhead, less Ethernet's 14 and the FCS's 4), at 8 KiB it fits a
    /// 9,000-byte jumbo frame.
    #[test]
    fn the_link_mtu_is_the_largest_braid_datagram_over_ipv4() {
        use braid_spec::wire::braid::Opcode;
        let mut cfg = SoftConfig::new(Ipv4Addr::LOCALHOST, Ipv4Addr::LOCALHOST, 0);
        assert_eq!((cfg.mtu, cfg.link_mtu()), (4096, 4096 + 98 - 14 - 4));
        assert!(crate::net::data_frame_bytes(Opcode::WriteImm, cfg.mtu) >= cfg.link_mtu());
        cfg.mtu = 8192;
        assert_eq!(cfg.link_mtu(), 8192 + 80);
        assert!(
            cfg.link_mtu() <= 9000,
            "8 KiB packets fit a 9,000-byte jumbo frame"
        );
    }

    #[test]
    fn an_mtu_the_engine_lacks_is_refused() {
        let valid: Vec<u32> = (0..=16384).filter(|&m| SoftConfig::valid_mtu(m)).collect();
        assert_eq!(valid, [1024, 2048, 4096, 8192]);
        let mut cfg = SoftConfig::new(Ipv4Addr::LOCALHOST, Ipv4Addr::LOCALHOST, 0);
        cfg.mtu = 5000;
        let e = cfg
            .model(NetConfig::new(crate::config::Kind::Braid))
            .err()
            .expect("refused");
        assert!(e.to_string().contains("1024, 2048, 4096 or 8192"), "{e}");
    }
}
