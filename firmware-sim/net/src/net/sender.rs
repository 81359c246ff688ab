//! The sender's side of recovery: ACKs in (RTT, windows, proven losses),
//! the cross-path check, tail-loss probes, re-hash, retransmission
//! timeouts, NACKs and failures.

use super::*;

impl Net {
    // ------------------------------------------------------------ sender

    /// A segment's delivery is confirmed. True when this completed the
    /// acknowledgement of its message (the message window may open).
    pub(super) fn ack_csn(&mut self, c: ConnId, csn: u32) -> bool {
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
    pub(super) fn complete_front(&mut self, c: ConnId, now: Time) {
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

    pub(super) fn on_ack(&mut self, a: &Ack) {
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
        let Some(p) = conn.paths.get(a.path as usize) else {
            conn.stats.acks_rejected += 1;
            return;
        };
        // stale or bogus ACK: base beyond what was sent. Refused whole, as
        // the engine refuses it: its CSN base and rate hint are not taken
        // either (a forged CSN base would make a quiet path's packets look
        // delivered)
        if a.base.wrapping_sub(p.lo) as i32 > p.nxt.wrapping_sub(p.lo) as i32 {
            conn.stats.acks_rejected += 1;
            return;
        }
        if a.rate_hint > 0 && dynamic {
            conn.hint_bps = a.rate_hint;
        }
        if (a.csn_base.wrapping_sub(conn.peer_csn_base) as i32) > 0 {
            conn.peer_csn_base = a.csn_base;
        }
        let p = &mut conn.paths[a.path as usize];
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
    pub(super) fn rack_check(&mut self, c: ConnId) -> bool {
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
    /// plus twice the largest variation plus `pto_slack` (a quarter of the
    /// minimum RTO before any sample), plus the receiver's ACK delay when
    /// it coalesces (a quiet path's ACK waits for its timer).
    pub(super) fn pto(&self, c: ConnId) -> Time {
        let conn = &self.conns[c as usize];
        let srtt = conn.paths.iter().map(|p| p.srtt).fold(0.0, f64::max);
        let var = conn.paths.iter().map(|p| p.rttvar).fold(0.0, f64::max);
        let base = if srtt > 0.0 {
            (srtt + 2.0 * var) as Time + self.cfg.braid.pto_slack
        } else {
            self.cfg.braid.min_rto / 4
        };
        base + self.peer_ack_delay()
    }

    /// How long the receiver may hold a path's ACK: its ACK timer when it
    /// coalesces (`ack_coalesce` above 1), else nothing.
    pub(super) fn peer_ack_delay(&self) -> Time {
        if self.cfg.braid.ack_coalesce > 1 {
            self.cfg.braid.ack_delay
        } else {
            0
        }
    }

    /// The sender ran out of data with packets outstanding: arm the
    /// tail-loss probe (Braid only).
    pub(super) fn arm_tlp(&mut self, c: ConnId) {
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
    pub(super) fn on_tlp(&mut self, c: ConnId) {
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
    pub(super) fn rehash(&mut self, c: ConnId, i: usize, src: HostId, dst: HostId) {
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
    pub(super) fn sport_on_plane(&self, src: HostId, dst: HostId, from: u16, plane: u32) -> u16 {
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
    pub(super) fn arm_rto(&mut self, c: ConnId, t: Time) {
        let conn = &mut self.conns[c as usize];
        if conn.rto_armed.is_none_or(|a| t < a) {
            conn.rto_armed = Some(t);
            self.fabric.timer(t, conn.src, T_RTO | c as u64);
        }
    }

    pub(super) fn on_rto_timer(&mut self, c: ConnId) {
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

    pub(super) fn on_rto(&mut self, c: ConnId, path: usize) {
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
    pub(super) fn fail_unreachable(&mut self, c: ConnId) {
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

    pub(super) fn on_nack(&mut self, c: ConnId, path: u8, psn: u32, csn: u32, reason: NackReason) {
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
    pub(super) fn fail(&mut self, c: ConnId, csn: u32, reason: NackReason) {
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

    pub(super) fn on_rnr(&mut self, c: ConnId) {
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
}
