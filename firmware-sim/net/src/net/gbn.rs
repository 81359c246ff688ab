//! The go-back-N baseline and DCQCN rate control.

use super::*;

impl Net {
    // ------------------------------------------------------------ go-back-N

    pub(super) fn gbn_try_send(&mut self, c: ConnId, plane: u32, now: Time) -> Verdict {
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

    pub(super) fn gbn_on_data(&mut self, d: Data, ce: bool, sport: u16) {
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
                        if let Some(log) = self.dma_log.as_mut() {
                            log.push((dst, a as u64, bytes.len() as u32));
                        }
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

    pub(super) fn gbn_on_ack(
        &mut self,
        c: ConnId,
        psn: u32,
        nak: bool,
        ce: bool,
        fatal: Option<NackReason>,
    ) {
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

    pub(super) fn on_gbn_timeout(&mut self, c: ConnId) {
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
    pub(super) fn dcqcn_cut(&mut self, c: ConnId, now: Time) {
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
    pub(super) fn on_dcqcn_timer(&mut self, c: ConnId) {
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
