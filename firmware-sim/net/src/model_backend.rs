//! A driver backend whose engines are the transport reference model.
//!
//! Each [`ModelBackend`] is one host's engine in a shared [`ModelWorld`]
//! (the [`crate::net`] model on the fabric simulator). It implements the
//! host interface of `braid-spec` the way the RTL engine must: commands
//! program memory regions, completion queues and connections; doorbells make
//! it read WQEs and RQEs from the rings in host memory; completions are
//! written into the CQ rings with the owner bit. So `braid-driver`'s verbs
//! API runs end to end on it, payload bytes included, until the Verilated
//! engine (`cosim` backend) takes its place.
//!
//! Time: the model advances when the driver looks at a completion queue
//! ([`Backend::dma_read`] of a CQ ring: 20 ns while completions wait to be
//! read, up to 100 ns or the next completion when the queue is empty) or
//! waits ([`Backend::wait_event`]: up to the next completion).
//! Host `h` has MAC `02:42:52:00:00:h` and IPv4 `10.0.0.h+1`.
//!
//! A soft world ([`ModelWorld::soft`]) is one host's engine on real
//! sockets ([`crate::soft`]): its peer is another process, reached
//! through a [`SoftPort`]; time is the wall clock, and the engine runs
//! whenever the driver looks at a completion queue or waits. Memory keys
//! are the driver's own (the peer names them in its WRITEs), and a
//! connection's number on the wire is the driver's (`SET_PEER` gives the
//! peer's number and its IPv4 address, where its endpoint listens).

use crate::config::Kind;
use crate::fabric::{FabricConfig, HostId, Time};
use crate::net::{
    self, access, ConnId, Net, NetConfig, RecvBuf, WcOpcode, WcStatus, WorkRequest, WrOp,
};
use crate::soft::{SoftConfig, SoftPort};
use braid_driver::{Backend, DmaBuf, Error, MemBackend, Result};
use braid_spec::host::{self, cmd, cmd_arg as ca, rqe, wqe, CQE_BYTES, RQE_BYTES, WQE_BYTES};
use braid_spec::regs;
use braid_spec::wire::braid::Opcode;
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;
use std::time::Duration;

/// Simulated time the model runs per look at a completion queue, at most.
const SLICE: Time = 20_000_000; // 20 us
/// Simulated time one look at a non-empty completion queue takes (a CPU
/// poll): the engines keep running while the driver reads completions.
const POLL_PS: Time = 20_000; // 20 ns
/// Simulated time one look at an empty completion queue takes, at most
/// (it ends early when a completion is written).
const EMPTY_POLL_PS: Time = 100_000; // 100 ns

#[derive(Debug, Clone, Copy)]
struct Ring {
    iova: u64,
    log2: u32,
}

#[derive(Debug)]
struct ConnEng {
    sq: Ring,
    sq_ci: u32,
    rq: Ring,
    streams: u8,
    rq_ci: Vec<u32>,
    cq: u32,
    pd: u32,
    /// The model connection carrying this side's sends (after SET_PEER).
    tx: Option<ConnId>,
    /// Soft world: the model connection carrying the peer's sends into
    /// this side (after SET_PEER; in a simulated world it is the peer's
    /// `tx`).
    rx: Option<ConnId>,
    /// Peer (host, conn).
    peer: Option<(HostId, u32)>,
    /// Receives read from the rings before the peer's sending side existed.
    pending_recv: Vec<(u8, RecvBuf)>,
    /// Sender-side messages by model wr_id: the driver's wr_id.
    wr_ids: HashMap<u64, u64>,
    next_wr: u64,
}

#[derive(Debug)]
struct HostEng {
    next_iova: u64,
    bufs: HashMap<u32, (u64, usize)>,
    next_buf: u32,
    /// Driver key -> model region.
    mrs: HashMap<u32, net::MemRegion>,
    mr_slots: HashMap<u32, u32>,
    /// CQ number -> (ring, entries written, consumer index from the doorbell).
    cqs: HashMap<u32, (Ring, u64, u32)>,
    /// Completions dropped because their queue was full (`CQ_FULL`).
    cq_full: u64,
    conns: HashMap<u32, ConnEng>,
}

impl HostEng {
    fn new() -> HostEng {
        HostEng {
            next_iova: 4096,
            bufs: HashMap::new(),
            next_buf: 0,
            mrs: HashMap::new(),
            mr_slots: HashMap::new(),
            cqs: HashMap::new(),
            cq_full: 0,
            conns: HashMap::new(),
        }
    }
}

/// One end of a driver connection: (host, connection id on that host's engine).
type End = (HostId, u32);

/// The engines of all hosts and the model they run on.
pub struct ModelWorld {
    /// The transport model.
    pub net: Net,
    hosts: Vec<HostEng>,
    /// Model connection -> its sending and receiving ends.
    links: HashMap<ConnId, (End, End)>,
    /// A soft world's sockets (`None`: every host is simulated here).
    soft: Option<SoftPort>,
}

impl ModelWorld {
    /// `hosts` hosts on a leaf-spine fabric with end-to-end loss `loss`,
    /// `mem` bytes of host memory each, Braid transport.
    pub fn new(hosts: u32, mem: u64, loss: f64, seed: u64) -> Rc<RefCell<ModelWorld>> {
        let mut fab = FabricConfig::leaf_spine(hosts.max(2));
        fab.e2e_loss = loss;
        fab.seed = seed;
        ModelWorld::on(fab, mem)
    }

    /// Every host of the fabric `fab` with `mem` bytes of memory, Braid
    /// transport.
    pub fn on(fab: FabricConfig, mem: u64) -> Rc<RefCell<ModelWorld>> {
        let hosts = fab.hosts;
        let cfg = NetConfig {
            carry_data: true,
            ..NetConfig::new(Kind::Braid)
        };
        let mut n = Net::new(fab, cfg);
        n.keep_cq = false;
        for h in 0..hosts {
            n.set_memory(h, mem);
        }
        Rc::new(RefCell::new(ModelWorld {
            net: n,
            hosts: (0..hosts).map(|_| HostEng::new()).collect(),
            links: HashMap::new(),
            soft: None,
        }))
    }

    /// One host's engine on real sockets (`cfg`: its addresses, its host
    /// number in the two-host model, 0 or 1), `mem` bytes of host memory;
    /// the peer runs the other in its own process. Its backend is
    /// [`ModelWorld::backend`] of `cfg.host`.
    pub fn soft(cfg: SoftConfig, mem: u64) -> std::io::Result<Rc<RefCell<ModelWorld>>> {
        let h = cfg.host;
        let mut n = cfg.model(NetConfig {
            carry_data: true,
            ..NetConfig::new(Kind::Braid)
        })?;
        n.keep_cq = false;
        n.set_memory(h, mem);
        let port = SoftPort::attach(cfg, &mut n)?;
        Ok(Rc::new(RefCell::new(ModelWorld {
            net: n,
            hosts: (0..2).map(|_| HostEng::new()).collect(),
            links: HashMap::new(),
            soft: Some(port),
        })))
    }

    /// A soft world's sockets.
    pub fn soft_port(&self) -> Option<&SoftPort> {
        self.soft.as_ref()
    }

    /// The backend of host `h`.
    pub fn backend(world: &Rc<RefCell<ModelWorld>>, h: HostId) -> ModelBackend {
        ModelBackend {
            world: world.clone(),
            host: h,
            regs: MemBackend::new(),
            cmd_error: 0,
            name: format!("model engine of host {h}"),
        }
    }

    /// Run the model for `ps` of simulated time, writing completions as
    /// they come (a soft world: that much wall-clock time).
    pub fn run_for(&mut self, ps: Time) {
        self.advance(ps, false);
    }

    fn mem(&mut self, h: HostId) -> &mut [u8] {
        self.net.memory_mut(h)
    }

    fn read_rec<const N: usize>(&mut self, h: HostId, iova: u64) -> [u8; N] {
        let mut r = [0u8; N];
        let a = iova as usize;
        r.copy_from_slice(&self.mem(h)[a..a + N]);
        r
    }

    /// Run the model until a completion is written or `slice` passes
    /// (`stop_at_completion`), or for `slice` exactly.
    fn advance(&mut self, slice: Time, stop_at_completion: bool) -> bool {
        if self.soft.is_some() {
            return self.advance_soft(slice, stop_at_completion);
        }
        let end = self.net.now() + slice;
        let mut any = false;
        loop {
            if !self.net.step_until(end) {
                // nothing more happens before `end`: the time passes
                self.net.fabric.idle_until(end);
                break;
            }
            if self.net.has_completions() {
                self.deliver();
                any = true;
                if stop_at_completion {
                    break;
                }
            }
        }
        any
    }

    /// [`ModelWorld::advance`] of a soft world: `slice` of wall-clock time
    /// (at least one round of the sockets and the model).
    fn advance_soft(&mut self, slice: Time, stop_at_completion: bool) -> bool {
        let end = std::time::Instant::now() + Duration::from_nanos(slice / 1000);
        let mut any = false;
        loop {
            let port = self.soft.as_mut().expect("a soft world");
            // a socket error is a lost round: the transport recovers
            let next = port.poll(&mut self.net).unwrap_or(None);
            if self.net.has_completions() {
                self.deliver();
                any = true;
                if stop_at_completion {
                    return true;
                }
            }
            let now = std::time::Instant::now();
            if now >= end {
                return any;
            }
            let wait = next
                .unwrap_or(Duration::from_millis(1))
                .min(end - now)
                .min(Duration::from_millis(1));
            let _ = self
                .soft
                .as_ref()
                .expect("a soft world")
                .wait_readable(wait);
        }
    }

    /// Write the model's completions into the driver's CQ rings.
    fn deliver(&mut self) {
        for wc in self.net.take_completions() {
            let Some(&((sh, sconn), (rh, rconn))) = self.links.get(&wc.conn) else {
                continue;
            };
            let (h, conn) = match wc.opcode {
                WcOpcode::Write | WcOpcode::Send => (sh, sconn),
                _ => (rh, rconn),
            };
            let Some(c) = self.hosts[h as usize].conns.get_mut(&conn) else {
                continue;
            };
            let wr_id = match wc.opcode {
                WcOpcode::Write | WcOpcode::Send => c.wr_ids.remove(&wc.wr_id).unwrap_or(wc.wr_id),
                _ => wc.wr_id,
            };
            let cqn = c.cq;
            let dwc = braid_driver::verbs::WorkCompletion {
                wr_id,
                status: match wc.status {
                    WcStatus::Success => braid_driver::verbs::WcStatus::Success,
                    WcStatus::Flushed => braid_driver::verbs::WcStatus::Flushed,
                    WcStatus::RetryExceeded => braid_driver::verbs::WcStatus::RetryExceeded,
                    WcStatus::Remote(r) => braid_driver::verbs::WcStatus::Remote(r),
                },
                opcode: match wc.opcode {
                    WcOpcode::Write | WcOpcode::Send => braid_driver::verbs::WcOpcode::SendDone,
                    WcOpcode::Recv => braid_driver::verbs::WcOpcode::Recv,
                    WcOpcode::RecvWriteImm => braid_driver::verbs::WcOpcode::RecvRdmaWithImm,
                },
                byte_len: wc.byte_len,
                imm: wc.imm,
                qp_num: conn,
                stream: wc.stream,
                msn: wc.msn,
            };
            let he = &mut self.hosts[h as usize];
            let Some((ring, pi, ci)) = he.cqs.get_mut(&cqn) else {
                continue;
            };
            let n = 1u64 << ring.log2;
            // as the engine: a completion for a full queue is dropped and
            // counted, never written over one the host has not read
            if ((*pi as u32).wrapping_sub(*ci) & 0xffff) as u64 >= n {
                he.cq_full += 1;
                continue;
            }
            let mut rec = [0u8; CQE_BYTES];
            braid_driver::verbs::encode_cqe(&mut rec, &dwc, u8::from((*pi / n).is_multiple_of(2)));
            let at = (ring.iova + (*pi % n) * CQE_BYTES as u64) as usize;
            *pi += 1;
            self.mem(h)[at..at + CQE_BYTES].copy_from_slice(&rec);
            if let Some(log) = self.net.dma_log.as_mut() {
                log.push((h, at as u64, CQE_BYTES as u32));
            }
        }
    }

    fn command(&mut self, h: HostId, op: u8, a: [u32; 8]) -> u8 {
        let g = |f: &host::CmdArg| f.get(&a);
        let g32 = |f: &host::CmdArg| f.get(&a) as u32;
        let he = &mut self.hosts[h as usize];
        match op {
            cmd::NOP => cmd::OK,
            cmd::REG_MR => {
                let (iova, len, key, pd, acc) = (
                    g(ca::REG_MR_IOVA),
                    g(ca::REG_MR_LENGTH),
                    g32(ca::REG_MR_KEY),
                    g32(ca::REG_MR_PD),
                    g32(ca::REG_MR_ACCESS),
                );
                let mut ac = 0;
                if acc & host::ACCESS_LOCAL_WRITE != 0 {
                    ac |= access::LOCAL_WRITE;
                }
                if acc & host::ACCESS_REMOTE_WRITE != 0 {
                    ac |= access::REMOTE_WRITE;
                }
                if acc & host::ACCESS_REMOTE_READ != 0 {
                    ac |= access::REMOTE_READ;
                }
                // a soft world keeps the driver's key: the peer's WRITEs
                // name it
                let r = if self.soft.is_some() {
                    self.net.reg_mr_keyed(h, pd, iova, len, ac, key, key)
                } else {
                    self.net.reg_mr(h, pd, iova, len, ac)
                };
                match r {
                    Ok(mr) => {
                        let he = &mut self.hosts[h as usize];
                        he.mrs.insert(key, mr);
                        he.mr_slots.insert(g32(ca::REG_MR_INDEX), key);
                        cmd::OK
                    }
                    Err(_) => cmd::BAD_ARGUMENT,
                }
            }
            cmd::DEREG_MR => {
                if let Some(key) = he.mr_slots.remove(&g32(ca::DEREG_MR_INDEX)) {
                    if let Some(mr) = he.mrs.remove(&key) {
                        self.net.dereg_mr(h, &mr);
                    }
                }
                cmd::OK
            }
            cmd::CREATE_CQ => {
                he.cqs.insert(
                    g32(ca::CREATE_CQ_CQ),
                    (
                        Ring {
                            iova: g(ca::CREATE_CQ_IOVA),
                            log2: g32(ca::CREATE_CQ_LOG2),
                        },
                        0,
                        0,
                    ),
                );
                cmd::OK
            }
            cmd::DESTROY_CQ => {
                he.cqs.remove(&g32(ca::DESTROY_CQ_CQ));
                cmd::OK
            }
            cmd::CREATE_CONN => {
                let streams = g(ca::CREATE_CONN_STREAMS) as u8;
                he.conns.insert(
                    g32(ca::CREATE_CONN_CONN),
                    ConnEng {
                        sq: Ring {
                            iova: g(ca::CREATE_CONN_SQ_IOVA),
                            log2: g32(ca::CREATE_CONN_SQ_LOG2),
                        },
                        sq_ci: 0,
                        rq: Ring {
                            iova: g(ca::CREATE_CONN_RQ_IOVA),
                            log2: g32(ca::CREATE_CONN_RQ_LOG2),
                        },
                        streams,
                        rq_ci: vec![0; streams as usize],
                        cq: g32(ca::CREATE_CONN_CQ),
                        pd: g32(ca::CREATE_CONN_PD),
                        tx: None,
                        rx: None,
                        peer: None,
                        pending_recv: Vec::new(),
                        wr_ids: HashMap::new(),
                        next_wr: 0,
                    },
                );
                cmd::OK
            }
            cmd::SET_PEER if self.soft.is_some() => {
                // the peer is the other host; the numbers are the wire's
                let (conn, peer_conn) = (g32(ca::SET_PEER_CONN), g32(ca::SET_PEER_PEER_CONN));
                let Some(pd) = self.hosts[h as usize].conns.get(&conn).map(|c| c.pd) else {
                    return cmd::BAD_INDEX;
                };
                let p = 1 - h;
                let tx = self.net.connect(h, p, pd);
                let rx = self.net.connect(p, h, pd);
                self.links.insert(tx, ((h, conn), (p, peer_conn)));
                self.links.insert(rx, ((p, peer_conn), (h, conn)));
                let port = self.soft.as_mut().expect("checked");
                port.bind_qp(conn, tx, rx);
                port.set_peer_qp(conn, peer_conn);
                port.set_peer_ip(std::net::Ipv4Addr::from(g32(ca::SET_PEER_PEER_IP4)));
                let c = self.hosts[h as usize]
                    .conns
                    .get_mut(&conn)
                    .expect("checked");
                c.tx = Some(tx);
                c.rx = Some(rx);
                c.peer = Some((p, peer_conn));
                for (s, rb) in std::mem::take(&mut c.pending_recv) {
                    let _ = self.net.post_recv(rx, s, rb);
                }
                cmd::OK
            }
            cmd::SET_PEER => {
                // SET_PEER: peer IPv4 10.0.0.h+1 names the peer host
                let (conn, peer_conn) = (g32(ca::SET_PEER_CONN), g32(ca::SET_PEER_PEER_CONN));
                let peer_host = (g32(ca::SET_PEER_PEER_IP4) & 0xff).wrapping_sub(1);
                if peer_host as usize >= self.hosts.len() {
                    return cmd::BAD_ARGUMENT;
                }
                let Some(pd) = self.hosts[h as usize].conns.get(&conn).map(|c| c.pd) else {
                    return cmd::BAD_INDEX;
                };
                let tx = self.net.connect(h, peer_host, pd);
                self.links.insert(tx, ((h, conn), (peer_host, peer_conn)));
                let c = self.hosts[h as usize]
                    .conns
                    .get_mut(&conn)
                    .expect("checked");
                c.tx = Some(tx);
                c.peer = Some((peer_host, peer_conn));
                // receives the peer posted before this side existed
                if let Some(pc) = self.hosts[peer_host as usize].conns.get_mut(&peer_conn) {
                    let pending = std::mem::take(&mut pc.pending_recv);
                    for (s, rb) in pending {
                        let _ = self.net.post_recv(tx, s, rb);
                    }
                }
                cmd::OK
            }
            cmd::DESTROY_CONN => {
                he.conns.remove(&g32(ca::DESTROY_CONN_CONN));
                cmd::OK
            }
            _ => cmd::BAD_COMMAND,
        }
    }

    fn send_doorbell(&mut self, h: HostId, conn: u32, pi: u32) {
        let Some(c) = self.hosts[h as usize].conns.get(&conn) else {
            return;
        };
        let (ring, mut ci, tx, peer) = (c.sq, c.sq_ci, c.tx, c.peer);
        let n = 1u32 << ring.log2;
        while (ci & 0xffff) != (pi & 0xffff) {
            let rec: [u8; WQE_BYTES] =
                self.read_rec(h, ring.iova + ((ci % n) as u64) * WQE_BYTES as u64);
            ci = ci.wrapping_add(1);
            let g = |f| host::get(&rec, f);
            let (Some(tx), Some((ph, _))) = (tx, peer) else {
                continue;
            };
            // a zero-length message has no scatter entry, so no key
            let lkey = g(wqe::SGE_LKEY) as u32;
            let he = &self.hosts[h as usize];
            let lmr = match he.mrs.get(&lkey).copied() {
                Some(m) => Some(m),
                None if g(wqe::NUM_SGE) == 0 => None,
                None => continue,
            };
            let rkey = g(wqe::RKEY) as u32;
            // a soft peer's keys are its driver's; a simulated peer's
            // driver key names its model region here
            let net_rkey = if self.soft.is_some() {
                rkey
            } else {
                self.hosts[ph as usize]
                    .mrs
                    .get(&rkey)
                    .map(|m| m.rkey)
                    .unwrap_or(rkey ^ 0xffff_ffff)
            };
            let (remote, imm) = (g(wqe::REMOTE_ADDR), g(wqe::IMM) as u32);
            let op = match Opcode::from_u8(g(wqe::OPCODE) as u8) {
                Some(Opcode::Write) => WrOp::Write {
                    rkey: net_rkey,
                    remote,
                },
                Some(Opcode::WriteImm) => WrOp::WriteImm {
                    rkey: net_rkey,
                    remote,
                    imm,
                },
                Some(Opcode::Send) => WrOp::Send,
                _ => WrOp::SendImm { imm },
            };
            let c = self.hosts[h as usize].conns.get_mut(&conn).expect("exists");
            let id = c.next_wr;
            c.next_wr += 1;
            c.wr_ids.insert(id, g(wqe::WR_ID));
            let (local, lkey) = match lmr {
                Some(m) if g(wqe::NUM_SGE) != 0 => (g(wqe::SGE_ADDR), m.lkey),
                _ => (0, 0),
            };
            let _ = self.net.post_send(
                tx,
                WorkRequest {
                    wr_id: id,
                    op,
                    stream: g(wqe::STREAM) as u8,
                    local,
                    len: if g(wqe::NUM_SGE) == 0 {
                        0
                    } else {
                        g(wqe::LEN) as u32
                    },
                    lkey,
                },
            );
        }
        if let Some(c) = self.hosts[h as usize].conns.get_mut(&conn) {
            c.sq_ci = ci;
        }
    }

    fn recv_doorbell(&mut self, h: HostId, conn: u32, stream: u8, pi: u32) {
        let Some(c) = self.hosts[h as usize].conns.get(&conn) else {
            return;
        };
        if stream >= c.streams {
            return;
        }
        let (ring, mut ci, peer) = (c.rq, c.rq_ci[stream as usize], c.peer);
        let n = 1u32 << ring.log2;
        let base = ring.iova + stream as u64 * (n as u64) * RQE_BYTES as u64;
        // the model connection that delivers into this side: the peer's
        // sender (a soft world's own receiving end)
        let rx = if self.soft.is_some() {
            c.rx
        } else {
            peer.and_then(|(ph, pc)| self.hosts[ph as usize].conns.get(&pc).and_then(|c| c.tx))
        };
        while (ci & 0xffff) != (pi & 0xffff) {
            let rec: [u8; RQE_BYTES] =
                self.read_rec(h, base + ((ci % n) as u64) * RQE_BYTES as u64);
            ci = ci.wrapping_add(1);
            let g = |f| host::get(&rec, f);
            let Some(mr) = self.hosts[h as usize]
                .mrs
                .get(&(g(rqe::LKEY) as u32))
                .copied()
            else {
                continue;
            };
            let rb = RecvBuf {
                wr_id: g(rqe::WR_ID),
                addr: g(rqe::ADDR),
                len: g(rqe::LEN) as u32,
                lkey: mr.lkey,
            };
            match rx {
                Some(rx) => {
                    let _ = self.net.post_recv(rx, stream, rb);
                }
                None => self.hosts[h as usize]
                    .conns
                    .get_mut(&conn)
                    .expect("exists")
                    .pending_recv
                    .push((stream, rb)),
            }
        }
        if let Some(c) = self.hosts[h as usize].conns.get_mut(&conn) {
            c.rq_ci[stream as usize] = ci;
        }
    }
}

/// One host's engine in a [`ModelWorld`].
pub struct ModelBackend {
    world: Rc<RefCell<ModelWorld>>,
    host: HostId,
    regs: MemBackend,
    cmd_error: u8,
    name: String,
}

impl ModelBackend {
    /// An engine counter of this host, from the model's per-connection
    /// counters (sender side for TX_*, receiver side for RX_* and ACK_TX);
    /// the counters of events the transport model does not have (parser
    /// drops, queue overflows, the per-path `PATH_*` registers) read 0.
    fn counter(&self, name: &str) -> u32 {
        let w = self.world.borrow();
        let (mut tx, mut rx) = (net::ConnStats::default(), net::ConnStats::default());
        for c in 0..w.net.connections() as ConnId {
            let (src, dst) = w.net.endpoints(c);
            let s = w.net.stats(c);
            if src == self.host {
                tx.data_sent += s.data_sent;
                tx.retransmits += s.retransmits;
                tx.timeouts += s.timeouts;
                tx.rehashes += s.rehashes;
                tx.retired += s.retired;
                tx.msgs_done += s.msgs_done;
                tx.acks_rejected += s.acks_rejected;
            }
            if dst == self.host {
                rx.rx_packets += s.rx_packets;
                rx.duplicates += s.duplicates;
                rx.nacked += s.nacked;
                rx.goodput_bytes += s.goodput_bytes;
                rx.msgs_received += s.msgs_received;
                rx.acks_sent += s.acks_sent;
            }
        }
        let v = match name {
            "TX_PKTS" => tx.data_sent,
            "TX_RETX" => tx.retransmits,
            "TX_TIMEOUTS" => tx.timeouts,
            "TX_REHASHES" => tx.rehashes,
            "TX_RETIRED" => tx.retired,
            "TX_MSGS" => tx.msgs_done,
            "RX_PKTS" => rx.rx_packets,
            "RX_DUPLICATES" => rx.duplicates,
            "RX_REFUSED" => rx.nacked,
            "NACK_TX" => rx.nacked,
            "RX_BYTES_LO" => rx.goodput_bytes,
            "RX_BYTES_HI" => rx.goodput_bytes >> 32,
            "RX_MSGS" => rx.msgs_received,
            "RX_HINT_CUTS" => w.net.hint_cuts(self.host),
            "ACK_TX" => rx.acks_sent,
            "ACK_REJECTED" => tx.acks_rejected,
            "CQ_FULL" => w.hosts[self.host as usize].cq_full,
            "RX_HINT" => {
                let unit = braid_spec::wire::braid::RATE_HINT_UNIT_BPS;
                let hint = (w.net.rate_hint_of(self.host) / unit).clamp(1, 0xffff);
                hint | (w.net.hint_senders(self.host).min(0xffff) as u64) << 16
            }
            _ => 0,
        };
        v as u32
    }
}

impl Backend for ModelBackend {
    fn read32(&self, off: u32) -> Result<u32> {
        if off == regs::CMD_STATUS.offset {
            return Ok(regs::set(&regs::CMD_STATUS_ERROR, 0, self.cmd_error as u32));
        }
        if let Some(r) = regs::COUNTERS.iter().find(|r| r.offset == off) {
            return Ok(self.counter(r.name));
        }
        self.regs.read32(off)
    }

    fn write32(&mut self, off: u32, v: u32) -> Result<()> {
        self.regs.write32(off, v)?;
        let mut w = self.world.borrow_mut();
        // a soft world's clock moves only when it runs: bring it to now
        // before the engine acts, so that what it does now is stamped now
        {
            let ModelWorld { net, soft, .. } = &mut *w;
            if let Some(port) = soft.as_mut() {
                let _ = port.poll(net);
            }
        }
        if off == regs::CMD.offset {
            let mut a = [0u32; 8];
            for (i, r) in regs::CMD_ARGS.iter().enumerate() {
                a[i] = self.regs.read32(r.offset)?;
            }
            self.cmd_error = w.command(self.host, regs::get(&regs::CMD_OPCODE, v) as u8, a);
        } else if off == regs::CQ_DOORBELL.offset {
            let cq = regs::get(&regs::CQ_DB_CQ, v);
            if let Some(e) = w.hosts[self.host as usize].cqs.get_mut(&cq) {
                e.2 = regs::get(&regs::CQ_DB_CI, v);
            }
        } else if off == regs::SQ_DOORBELL.offset {
            w.send_doorbell(
                self.host,
                regs::get(&regs::SQ_DB_CONN, v),
                regs::get(&regs::SQ_DB_PI, v),
            );
        } else if off == regs::RQ_DOORBELL.offset {
            w.recv_doorbell(
                self.host,
                regs::get(&regs::RQ_DB_CONN, v),
                regs::get(&regs::RQ_DB_STREAM, v) as u8,
                regs::get(&regs::RQ_DB_PI, v),
            );
        }
        Ok(())
    }

    fn name(&self) -> &str {
        &self.name
    }

    fn dma_alloc(&mut self, len: usize) -> Result<DmaBuf> {
        let mut w = self.world.borrow_mut();
        let size = w.net.memory(self.host).len() as u64;
        let he = &mut w.hosts[self.host as usize];
        let iova = he.next_iova;
        let end = iova + (len as u64).div_ceil(4096) * 4096;
        if len == 0 || end > size {
            return Err(Error::DmaAlloc {
                len,
                why: format!("the model host has {size} bytes of memory"),
            });
        }
        he.next_iova = end;
        let id = he.next_buf;
        he.next_buf += 1;
        he.bufs.insert(id, (iova, len));
        Ok(DmaBuf { id, iova, len })
    }

    fn dma_free(&mut self, buf: &DmaBuf) -> Result<()> {
        let mut w = self.world.borrow_mut();
        w.hosts[self.host as usize]
            .bufs
            .remove(&buf.id)
            .map(|_| ())
            .ok_or(Error::DmaRange {
                id: buf.id,
                off: 0,
                len: 0,
                size: 0,
            })
    }

    fn dma_read(&self, buf: &DmaBuf, off: usize, out: &mut [u8]) -> Result<()> {
        let mut w = self.world.borrow_mut();
        // looking at a completion queue lets the engines run
        // looking at a completion queue lets the engines run: a CPU
        // poll's worth of time while completions are waiting to be read,
        // up to the next completion when the queue is empty
        let pending = w.hosts[self.host as usize]
            .cqs
            .values()
            .find(|(r, _, _)| r.iova == buf.iova)
            .map(|(_, pi, ci)| (*pi as u32).wrapping_sub(*ci) & 0xffff);
        match pending {
            Some(0) => {
                w.advance(EMPTY_POLL_PS, true);
            }
            Some(_) => {
                w.advance(POLL_PS, false);
            }
            None => {}
        }
        if off + out.len() > buf.len {
            return Err(Error::DmaRange {
                id: buf.id,
                off,
                len: out.len(),
                size: buf.len,
            });
        }
        let a = buf.iova as usize + off;
        out.copy_from_slice(&w.net.memory(self.host)[a..a + out.len()]);
        Ok(())
    }

    fn dma_write(&mut self, buf: &DmaBuf, off: usize, data: &[u8]) -> Result<()> {
        if off + data.len() > buf.len {
            return Err(Error::DmaRange {
                id: buf.id,
                off,
                len: data.len(),
                size: buf.len,
            });
        }
        let mut w = self.world.borrow_mut();
        let a = buf.iova as usize + off;
        w.mem(self.host)[a..a + data.len()].copy_from_slice(data);
        Ok(())
    }

    fn wait_event(&mut self, timeout: Duration) -> Result<bool> {
        let ps = (timeout.as_nanos() as u64)
            .saturating_mul(1000)
            .min(SLICE * 50);
        Ok(self.world.borrow_mut().advance(ps, true))
    }
}
