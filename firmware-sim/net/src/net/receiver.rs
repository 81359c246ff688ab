//! The receiver: placement checks, the rate hint, data packets in (SACK
//! state, dedup, placement, completions) and the ACKs sent back.

use super::*;

impl Net {
    // ------------------------------------------------------------ receiver

    /// Placement checks of SPEC section 7; `Ok(address)` to write at.
    pub(super) fn place_check(&self, d: &Data) -> Result<Option<u64>, (NackReason, u32)> {
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
    pub(super) fn account(&mut self, d: &Data) {
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

    pub(super) fn note_active(&mut self, c: ConnId, bytes: u32) {
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

    pub(super) fn on_hint_interval(&mut self, h: HostId) {
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

    pub(super) fn rate_hint(&self, h: HostId) -> u64 {
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

    pub(super) fn on_data(&mut self, d: Data, ce: bool, sport: u16) {
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
                        if let Some(log) = self.dma_log.as_mut() {
                            log.push((dst, a as u64, bytes.len() as u32));
                        }
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
    pub(super) fn on_ack_timer(&mut self, c: ConnId, path: u8) {
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
    pub(super) fn send_ack(&mut self, c: ConnId, path: u8) {
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
}
