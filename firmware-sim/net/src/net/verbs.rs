//! The model's host interface: memory, regions, connections, posting,
//! completions, statistics and running the simulation.

use super::*;

impl Net {
    /// Register `[addr, addr + len)` of host `h` in protection domain `pd`.
    pub fn reg_mr(
        &mut self,
        h: HostId,
        pd: u32,
        addr: u64,
        len: u64,
        access: u8,
    ) -> Result<MemRegion, PostError> {
        let key = self.next_key.wrapping_add(0x101);
        let mr = self.reg_mr_keyed(h, pd, addr, len, access, key, key ^ 0x5a5a_0000)?;
        self.next_key = key;
        Ok(mr)
    }

    /// [`Net::reg_mr`] with the keys chosen by the caller (a host whose
    /// driver names its regions: the soft endpoint's).
    #[allow(clippy::too_many_arguments)]
    pub fn reg_mr_keyed(
        &mut self,
        h: HostId,
        pd: u32,
        addr: u64,
        len: u64,
        access: u8,
        lkey: u32,
        rkey: u32,
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
        let mr = MemRegion {
            pd,
            addr,
            len,
            access,
            lkey,
            rkey,
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

    pub(super) fn windows(&self) -> (f64, f64) {
        match self.cfg.kind {
            Kind::Braid => (self.cfg.braid.init_cwnd, self.cfg.braid.max_cwnd),
            _ => (self.cfg.sr_window, self.cfg.sr_window),
        }
    }

    pub(super) fn port_rate(&self) -> u64 {
        self.fabric.config().host_rate_bps
    }

    /// Bits per second a host can receive (all planes).
    pub fn host_capacity(&self) -> u64 {
        self.port_rate() * self.fabric.config().planes as u64
    }

    pub(super) fn check_local(
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
        // a zero-length message reads nothing: no key to check
        if wr.len > 0 {
            self.check_local(conn, wr.lkey, wr.local, wr.len as u64)?;
        }
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
            t.acks_rejected += s.acks_rejected;
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
}
