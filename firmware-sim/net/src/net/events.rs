//! Event dispatch and the send path: which connection sends next on a
//! plane, segmenting work requests into packets, pacing and transmission.

use super::*;

impl Net {
    // ------------------------------------------------------------ events

    pub(super) fn handle(&mut self, ev: Event<Msg>) {
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
    pub(super) fn make_ready(&mut self, c: ConnId) {
        self.make_ready_on(c, None);
    }

    /// [`Net::make_ready`] when only a path on `plane` can have opened (or
    /// any plane: `None`). A port that found nothing to send stays
    /// "starved" (not rescanned) until something changes on its plane.
    pub(super) fn make_ready_on(&mut self, c: ConnId, plane: Option<u32>) {
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
    pub(super) fn kick(&mut self, h: HostId) {
        let planes = self.hosts[h as usize].port_busy.len();
        for plane in 0..planes {
            self.kick_plane(h, plane);
        }
    }

    /// Fill NIC port `plane` of host `h` if it is idle.
    pub(super) fn kick_plane(&mut self, h: HostId, plane: usize) {
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
    pub(super) fn next_seg(&mut self, c: ConnId) -> Option<(u32, Seg, bool)> {
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

    pub(super) fn advance_cursor(&mut self, c: ConnId, seg: Seg) {
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

    pub(super) fn try_send(&mut self, c: ConnId, plane: u32) -> Verdict {
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
    pub(super) fn transmit(
        &mut self,
        c: ConnId,
        d: Data,
        sport: u16,
        dport: u16,
        is_retx: bool,
    ) -> Verdict {
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
    pub(super) fn pace(&mut self, c: ConnId, bytes: u32) {
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
    pub(super) fn build_data(
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
}
