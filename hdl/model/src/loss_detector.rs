//! Reference model of the sender loss detector (`hdl/rtl/src/loss_detector.rs`).
//!
//! Written per slot from the block's specification: each slot holds the PSN
//! of `[nxt-256, nxt)` with its low byte; an ACK speaks of PSN
//! `q = ack_base + ((slot - ack_base) mod 256)` for that slot; the slot's
//! 2-bit epoch (PSN bits 9:8) says whether the slot's PSN is `q` (the ACK bit
//! decides), `q - 256` (below the ACK's base: acknowledged) or later
//! (unknown to this ACK).

use super::{get_u64, put_u64, CycleModel, Stimulus, W256};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::VecDeque;

/// Inputs of one clock.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LossIn {
    /// Restart at this PSN.
    pub init: Option<u32>,
    /// A packet is sent this clock (PSN = `nxt` output).
    pub send: bool,
    /// An ACK: (base, SACK bitvector with bit j = base + j).
    pub ack: Option<(u32, W256)>,
}

/// Outputs after one clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct LossOut {
    /// PSN of the next send.
    pub nxt: u32,
    /// Path floor.
    pub una: u32,
    /// A send next clock is accepted.
    pub sendable: bool,
    /// An accepted send of the previous clock, with its PSN.
    pub sent: Option<u32>,
    /// `sent_psn` port (valid or not).
    pub sent_psn: u32,
    /// A refused send.
    pub send_blocked: bool,
    /// An ACK completed.
    pub ack_done: bool,
    /// Its newly acknowledged count (`acked_count` port, always driven).
    pub acked_count: u32,
    /// An ACK was rejected.
    pub ack_rejected: bool,
    /// A lost PSN emitted.
    pub lost_valid: bool,
    /// `lost_psn` port (valid or not).
    pub lost_psn: u32,
}

#[derive(Debug, Clone, Copy, Default)]
struct AckStage {
    valid: bool,
    ok: bool,
    base: u32,
    sack: W256,
}

#[derive(Debug, Clone, Copy, Default)]
struct Out1 {
    acked: u32,
    done: bool,
    rej: bool,
    emit: Option<u32>,
    emit_valid: bool,
    emit_nxt: u32,
}

/// Cycle-exact model of `loss_detector`.
#[derive(Debug, Clone)]
pub struct LossDetectorModel {
    in_init: Option<u32>,
    in_ack: Option<(u32, W256)>,
    a: AckStage,
    b: AckStage,
    nxt: u32,
    una: u32,
    sendable: bool,
    outstanding: W256,
    pending: W256,
    epoch: [u8; 256],
    sent_valid: bool,
    sent_psn: u32,
    send_blocked: bool,
    // output pipeline: c (state edge), d, e, f, g
    c: Out1,
    d: Out1,
    e: Out1,
    f: Out1,
    g: Out1,
}

impl Default for LossDetectorModel {
    fn default() -> Self {
        LossDetectorModel {
            in_init: None,
            in_ack: None,
            a: AckStage::default(),
            b: AckStage::default(),
            nxt: 0,
            una: 0,
            sendable: true,
            outstanding: W256::ZERO,
            pending: W256::ZERO,
            epoch: [0; 256],
            sent_valid: false,
            sent_psn: 0,
            send_blocked: false,
            c: Out1::default(),
            d: Out1::default(),
            e: Out1::default(),
            f: Out1::default(),
            g: Out1::default(),
        }
    }
}

impl LossDetectorModel {
    fn outputs(&self) -> LossOut {
        // lost PSN: slot offset from the nxt snapshot, minus 256
        let idx = self.f.emit.unwrap_or(0);
        let off = idx.wrapping_sub(self.f.emit_nxt) & 255;
        LossOut {
            nxt: self.nxt,
            una: self.una,
            sendable: self.sendable,
            sent: self.sent_valid.then_some(self.sent_psn),
            sent_psn: self.sent_psn,
            send_blocked: self.send_blocked,
            ack_done: self.g.done,
            acked_count: self.g.acked,
            ack_rejected: self.g.rej,
            lost_valid: self.f.emit_valid,
            lost_psn: self.f.emit_nxt.wrapping_sub(256).wrapping_add(off),
        }
    }
}

impl CycleModel for LossDetectorModel {
    const MODULE: &'static str = "loss_detector";
    const INPUTS: &'static [&'static str] = &[
        "init_valid",
        "init_psn",
        "send",
        "ack_valid",
        "ack_base",
        "ack_sack",
    ];
    const OUTPUTS: &'static [&'static str] = &[
        "nxt",
        "una",
        "sendable",
        "sent_valid",
        "sent_psn",
        "send_blocked",
        "ack_done",
        "acked_count",
        "ack_rejected",
        "lost_valid",
        "lost_psn",
    ];
    type In = LossIn;
    type Out = LossOut;
    type Stim = LossStim;

    fn step(&mut self, i: &LossIn) -> LossOut {
        // ---- output pipeline (registers shift)
        self.g = self.f;
        // f: lost PSN formed from e; counts carried
        self.f = self.e;
        self.e = self.d;
        self.d = self.c;

        // ---- the state edge
        let b = self.b;
        let apply = b.valid && b.ok;
        let lo = b.base & 255;
        let mut acked_now = W256::ZERO;
        let mut lost_now = W256::ZERO;
        if apply {
            // highest set bit of the ACK (in ACK order)
            let top = (0..256u32).rev().find(|&j| b.sack.get(j));
            for slot in 0..256u32 {
                if !self.outstanding.get(slot) {
                    continue;
                }
                let j = slot.wrapping_sub(lo) & 255;
                let q = b.base.wrapping_add(j);
                let eq = (q >> 8) & 3;
                let ep = self.epoch[slot as usize] as u32;
                let bit = b.sack.get(j);
                if ep == eq {
                    if bit {
                        acked_now.set(slot, true);
                    } else if top.map(|t| t > j).unwrap_or(false) {
                        lost_now.set(slot, true);
                    }
                } else if ep == (eq + 3) & 3 {
                    acked_now.set(slot, true);
                }
            }
        }
        let busy = self.outstanding | self.pending;
        let do_send = i.send && self.sendable && self.in_init.is_none();
        let slot = self.nxt & 255;
        let next_slot = if do_send { (slot + 1) & 255 } else { slot };
        let new_sendable = !busy.get(next_slot);
        let emit = (0..256u32).find(|&s| self.pending.get(s));
        let emit_valid = emit.is_some();

        let mut outstanding = self.outstanding & !acked_now & !lost_now;
        let mut pending = self.pending;
        if let Some(e) = emit {
            pending.set(e, false);
        }
        pending = pending | lost_now;
        if do_send {
            outstanding.set(slot, true);
            self.epoch[slot as usize] = ((self.nxt >> 8) & 3) as u8;
        }
        // the floor walks over up to two resolved slots
        let mut s = 0;
        if !self.outstanding.get(self.una & 255) && self.una != self.nxt {
            s = 1;
            if !self.outstanding.get(self.una.wrapping_add(1) & 255)
                && self.una.wrapping_add(1) != self.nxt
            {
                s = 2;
            }
        }
        let old_nxt = self.nxt;
        self.c = Out1 {
            acked: acked_now.count_ones(),
            done: b.valid && b.ok,
            rej: b.valid && !b.ok,
            emit,
            emit_valid,
            emit_nxt: old_nxt,
        };
        self.sent_valid = do_send;
        self.sent_psn = old_nxt;
        self.send_blocked = i.send && !self.sendable && self.in_init.is_none();
        self.outstanding = outstanding;
        self.pending = pending;
        self.sendable = new_sendable;
        self.nxt = old_nxt.wrapping_add(do_send as u32);
        self.una = self.una.wrapping_add(s);
        if let Some(p) = self.in_init {
            self.nxt = p;
            self.una = p;
            self.outstanding = W256::ZERO;
            self.pending = W256::ZERO;
            self.epoch = [0; 256];
            self.sendable = true;
        }

        // ---- ACK preparation stages (the range check uses the old nxt)
        self.b = self.a;
        self.a = match self.in_ack {
            Some((base, sack)) => AckStage {
                valid: true,
                ok: old_nxt.wrapping_sub(base) < 512,
                base,
                sack,
            },
            None => AckStage {
                valid: false,
                ok: old_nxt.wrapping_sub(0) < 512,
                base: 0,
                sack: W256::ZERO,
            },
        };

        // ---- input registers
        self.in_init = i.init;
        self.in_ack = i.ack;
        self.outputs()
    }

    fn encode(i: &LossIn, p: &mut [Vec<u32>]) {
        put_u64(&mut p[0], i.init.is_some() as u64);
        put_u64(&mut p[1], i.init.unwrap_or(0) as u64);
        put_u64(&mut p[2], i.send as u64);
        put_u64(&mut p[3], i.ack.is_some() as u64);
        let (base, sack) = i.ack.unwrap_or((0, W256::ZERO));
        put_u64(&mut p[4], base as u64);
        sack.to_words(&mut p[5]);
    }

    fn decode(p: &[Vec<u32>]) -> LossOut {
        let sent_valid = get_u64(&p[3]) & 1 == 1;
        let sent_psn = get_u64(&p[4]) as u32;
        LossOut {
            nxt: get_u64(&p[0]) as u32,
            una: get_u64(&p[1]) as u32,
            sendable: get_u64(&p[2]) & 1 == 1,
            sent: sent_valid.then_some(sent_psn),
            sent_psn,
            send_blocked: get_u64(&p[5]) & 1 == 1,
            ack_done: get_u64(&p[6]) & 1 == 1,
            acked_count: get_u64(&p[7]) as u32,
            ack_rejected: get_u64(&p[8]) & 1 == 1,
            lost_valid: get_u64(&p[9]) & 1 == 1,
            lost_psn: get_u64(&p[10]) as u32,
        }
    }
}

/// Closed-loop seeded stimulus: a sender that sends while `sendable` says
/// so (and sometimes when it does not), a lossy path toward an emulated
/// receiver that honours the sender's floor, and ACKs that come back after
/// a delay, sometimes reordered, duplicated, very stale, or bogus (base
/// after anything sent, random bitvectors). Phases vary the loss rate
/// (0 to 60%), the ACK rate, delay and loss (up to ACK blackouts that
/// fill the window) and the send rate; restarts land near the PSN
/// wraparound.
#[derive(Debug, Clone)]
pub struct LossStim {
    rng: ChaCha8Rng,
    last: LossOut,
    /// Receiver: cumulative base and received PSNs in [base, base+256).
    rx_base: u32,
    rx: W256,
    /// Packets in flight toward the receiver: (arrival cycle, psn).
    wire: VecDeque<(u64, u32)>,
    /// ACKs in flight toward the sender: (arrival cycle, base, sack).
    acks: Vec<(u64, u32, W256)>,
    loss: f64,
    send_p: f64,
    ack_every: u64,
    ack_delay: (u64, u64),
    ack_drop: f64,
    phase_left: u64,
    pending_init: Option<u32>,
    bogus: bool,
    /// PSNs the path dropped since the last restart.
    pub dropped: std::collections::HashSet<u32>,
}

impl LossStim {
    /// A generator without bogus ACKs (every ACK is what the emulated
    /// receiver really saw): for checking the loss detector's answers
    /// against the ground truth of which packets the path dropped.
    pub fn truthful(seed: u64) -> Self {
        let mut s = <Self as Stimulus>::new(seed);
        s.bogus = false;
        s
    }

    fn receiver_ack(&self) -> (u32, W256) {
        (self.rx_base, self.rx)
    }

    fn rx_slide(&mut self) {
        while self.rx.get(0) {
            // shift the received window down by one
            let mut n = W256::ZERO;
            for j in 1..256 {
                if self.rx.get(j) {
                    n.set(j - 1, true);
                }
            }
            self.rx = n;
            self.rx_base = self.rx_base.wrapping_add(1);
        }
    }

    fn rx_floor(&mut self, floor: u32) {
        let d = floor.wrapping_sub(self.rx_base);
        if d != 0 && (d as i32) > 0 {
            let mut n = W256::ZERO;
            if d < 256 {
                for j in d..256 {
                    if self.rx.get(j) {
                        n.set(j - d, true);
                    }
                }
            }
            self.rx = n;
            self.rx_base = floor;
        }
    }
}

impl Stimulus for LossStim {
    type In = LossIn;
    type Out = LossOut;
    const CLOSED_LOOP: bool = true;

    fn new(seed: u64) -> Self {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let start = match rng.gen_range(0..3) {
            0 => u32::MAX - rng.gen_range(0..300),
            1 => 0x3fe,
            _ => rng.gen(),
        };
        LossStim {
            rng,
            last: LossOut {
                sendable: true,
                ..Default::default()
            },
            rx_base: start,
            rx: W256::ZERO,
            wire: VecDeque::new(),
            acks: Vec::new(),
            loss: 0.05,
            send_p: 0.8,
            ack_every: 4,
            ack_delay: (20, 60),
            ack_drop: 0.0,
            phase_left: 0,
            pending_init: Some(start),
            bogus: true,
            dropped: Default::default(),
        }
    }

    fn observe(&mut self, out: &LossOut) {
        self.last = *out;
    }

    fn next(&mut self, cycle: u64) -> LossIn {
        let mut i = LossIn::default();
        if let Some(p) = self.pending_init.take() {
            i.init = Some(p);
            self.rx_base = p;
            self.rx = W256::ZERO;
            self.wire.clear();
            self.acks.clear();
            self.dropped.clear();
            return i;
        }
        if self.phase_left == 0 {
            self.phase_left = self.rng.gen_range(200..3000);
            self.loss = [0.0, 0.01, 0.05, 0.2, 0.6][self.rng.gen_range(0..5)];
            self.send_p = [1.0, 0.8, 0.3][self.rng.gen_range(0..3)];
            self.ack_every = [1, 3, 16, 64][self.rng.gen_range(0..4)];
            self.ack_delay = [(20, 60), (20, 60), (200, 400), (500, 900)][self.rng.gen_range(0..4)];
            self.ack_drop = [0.0, 0.0, 0.1, 0.9, 1.0][self.rng.gen_range(0..5)];
            if self.rng.gen_ratio(1, 12) {
                let p = match self.rng.gen_range(0..3) {
                    0 => u32::MAX - self.rng.gen_range(0..300),
                    1 => 0x3fe,
                    _ => self.rng.gen(),
                };
                if self.bogus {
                    self.pending_init = Some(p);
                }
            }
        }
        self.phase_left -= 1;

        // the sender
        if let Some(psn) = self.last.sent {
            if !self.rng.gen_bool(self.loss) {
                let delay = self.rng.gen_range(20..40);
                self.wire.push_back((cycle + delay, psn));
            } else {
                self.dropped.insert(psn);
            }
        }
        i.send = if self.last.sendable {
            self.rng.gen_bool(self.send_p)
        } else {
            self.rng.gen_ratio(1, 20)
        };

        // the receiver: packets of one path arrive in order; each carries
        // the sender's floor
        let floor = self.last.una;
        while let Some(&(t, psn)) = self.wire.front() {
            if t > cycle {
                break;
            }
            self.wire.pop_front();
            self.rx_floor(floor);
            let d = psn.wrapping_sub(self.rx_base);
            if d < 256 {
                self.rx.set(d, true);
            }
            self.rx_slide();
        }
        if cycle.is_multiple_of(self.ack_every) && !self.rng.gen_bool(self.ack_drop) {
            let (b, s) = self.receiver_ack();
            let delay = self.rng.gen_range(self.ack_delay.0..self.ack_delay.1);
            self.acks.push((cycle + delay, b, s));
            if self.rng.gen_ratio(1, 50) {
                // duplicate, arriving later
                self.acks
                    .push((cycle + delay + self.rng.gen_range(1..200), b, s));
            }
        }

        // ACK delivery (sometimes reordered), or a bogus one
        let r = self.rng.gen_range(0..1000);
        if r < 4 && self.bogus {
            let mut s = W256::ZERO;
            for w in 0..4 {
                s.0[w] = self.rng.gen();
            }
            let base = match r {
                0 => self.last.nxt.wrapping_add(self.rng.gen_range(1..100)),
                1 => self.last.nxt.wrapping_sub(self.rng.gen_range(512..5000)),
                2 => self.last.nxt.wrapping_sub(self.rng.gen_range(200..300)),
                _ => self.rng.gen(),
            };
            i.ack = Some((base, s));
        } else if let Some(k) = self.acks.iter().position(|a| a.0 <= cycle).map(|k| {
            if self.rng.gen_ratio(1, 30) {
                self.acks.len() - 1
            } else {
                k
            }
        }) {
            let (_, b, s) = self.acks.remove(k);
            i.ack = Some((b, s));
        }
        i
    }
}
