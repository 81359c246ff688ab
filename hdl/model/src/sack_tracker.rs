//! Reference model of the receiver SACK tracker (`hdl/rtl/src/sack_tracker.rs`).
//!
//! Written from the block's specification rather than its structure: the
//! window test is `(psn - base) mod 2^32 < 256`, the classification uses the
//! serial-number sign of `psn - base`, and the bitmap is circular (bit `i`
//! is the window PSN whose low byte is `i`).

use super::{get_u64, put_u64, CycleModel, Stimulus, W256};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Result classes (the `res_class` port).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
pub enum PsnClass {
    /// In the window, first arrival.
    New = 0,
    /// In the window, already received.
    Duplicate = 1,
    /// `psn - base` (mod 2^32) in `[256, 2^31)`.
    Beyond = 2,
    /// `psn - base` (mod 2^32) in `[2^31, 2^32)`: before base (exactly
    /// 2^31 away included).
    Behind = 3,
}

impl PsnClass {
    fn from_bits(v: u64) -> PsnClass {
        match v & 3 {
            0 => PsnClass::New,
            1 => PsnClass::Duplicate,
            2 => PsnClass::Beyond,
            _ => PsnClass::Behind,
        }
    }
}

/// Inputs of one clock.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SackIn {
    /// Restart at `init_psn`.
    pub init: Option<u32>,
    /// A packet: (path PSN, `floor_delta`).
    pub pkt: Option<(u32, u16)>,
}

/// Outputs after one clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SackOut {
    /// Class of the packet that entered five clocks earlier, if any.
    pub res: Option<(PsnClass, u32)>,
    /// ACK view: cumulative base.
    pub ack_base: u32,
    /// ACK view: bit j = PSN `ack_base + j` received.
    pub ack_sack: W256,
}

/// Cycle-exact model of `sack_tracker`.
#[derive(Debug, Clone)]
pub struct SackTrackerModel {
    // input registers, then the two preparation stages q and q2
    in_init: Option<u32>,
    in_pkt: Option<(u32, u16)>,
    q_init: Option<u32>,
    q_pkt: Option<(u32, u16)>,
    q2_init: Option<u32>,
    q2_pkt: Option<(u32, u16)>,
    base: u32,
    bitmap: W256,
    c: Option<(u32, u32, bool, bool)>, // psn, base snapshot, in_window, seen
}

impl Default for SackTrackerModel {
    fn default() -> Self {
        SackTrackerModel {
            in_init: None,
            in_pkt: None,
            q_init: None,
            q_pkt: None,
            q2_init: None,
            q2_pkt: None,
            base: 0,
            bitmap: W256::ZERO,
            c: None,
        }
    }
}

/// Class of a packet found in the window (`in_window`, with its bit
/// `seen`), or else before or after `base` in serial-number order.
pub fn classify(psn: u32, base: u32, in_window: bool, seen: bool) -> PsnClass {
    let d = psn.wrapping_sub(base);
    if in_window {
        if seen {
            PsnClass::Duplicate
        } else {
            PsnClass::New
        }
    } else if (d as i32) < 0 {
        PsnClass::Behind
    } else {
        PsnClass::Beyond
    }
}

impl CycleModel for SackTrackerModel {
    const MODULE: &'static str = "sack_tracker";
    const INPUTS: &'static [&'static str] = &[
        "init_valid",
        "init_psn",
        "pkt_valid",
        "pkt_psn",
        "pkt_floor",
    ];
    const OUTPUTS: &'static [&'static str] =
        &["res_valid", "res_class", "res_psn", "ack_base", "ack_sack"];
    type In = SackIn;
    type Out = SackOut;
    type Stim = SackStim;

    fn step(&mut self, i: &SackIn) -> SackOut {
        // outputs registered from the classification stage and the state
        let res = self
            .c
            .map(|(psn, base, in_win, seen)| (classify(psn, base, in_win, seen), psn));
        let out = SackOut {
            res,
            ack_base: self.base,
            ack_sack: self.bitmap.rotate_right(self.base & 255),
        };

        // the packet in q2 against the state
        let init = self.q2_init;
        // the floor rule, exact: f = psn - fd (fd < 256) in (base, base + 256]
        let near = self.q2_pkt.is_some_and(|(psn, fd)| {
            fd < 256
                && psn
                    .wrapping_sub(fd as u32)
                    .wrapping_sub(self.base)
                    .wrapping_sub(1)
                    < 256
        });
        let mut set = None;
        let mut floor = None;
        self.c = None;
        if let Some((psn, fd)) = self.q2_pkt {
            let in_win = psn.wrapping_sub(self.base) < 256;
            let seen = self.bitmap.get(psn & 255);
            if init.is_none() {
                self.c = Some((psn, self.base, in_win || near, seen && in_win));
            }
            if (in_win && !seen) || (near && !in_win) {
                set = Some(psn & 255);
            }
            if near {
                floor = Some(psn.wrapping_sub(fd as u32));
            }
        }
        if let Some(p) = init {
            self.base = p;
            self.bitmap = W256::ZERO;
        } else if let Some(f) = floor {
            // jump to the floor: forget [base, f)
            let mut x = self.base;
            while x != f {
                self.bitmap.set(x & 255, false);
                x = x.wrapping_add(1);
            }
            self.base = f;
        } else {
            // slide over up to two received PSNs at the head
            let head = self.base & 255;
            let mut s = 0;
            if self.bitmap.get(head) {
                s = 1;
                if self.bitmap.get(head + 1) {
                    s = 2;
                }
            }
            for k in 0..s {
                self.bitmap.set(head + k, false);
            }
            self.base = self.base.wrapping_add(s);
        }
        if init.is_none() {
            if let Some(slot) = set {
                self.bitmap.set(slot, true);
            }
        }
        self.q2_pkt = self.q_pkt;
        self.q2_init = self.q_init;
        self.q_pkt = self.in_pkt;
        self.q_init = self.in_init;
        self.in_init = i.init;
        self.in_pkt = i.pkt;
        out
    }

    fn encode(i: &SackIn, p: &mut [Vec<u32>]) {
        put_u64(&mut p[0], i.init.is_some() as u64);
        put_u64(&mut p[1], i.init.unwrap_or(0) as u64);
        put_u64(&mut p[2], i.pkt.is_some() as u64);
        let (psn, fd) = i.pkt.unwrap_or((0, 0));
        put_u64(&mut p[3], psn as u64);
        put_u64(&mut p[4], fd as u64);
    }

    fn decode(p: &[Vec<u32>]) -> SackOut {
        SackOut {
            res: (get_u64(&p[0]) & 1 == 1)
                .then(|| (PsnClass::from_bits(get_u64(&p[1])), get_u64(&p[2]) as u32)),
            ack_base: get_u64(&p[3]) as u32,
            ack_sack: W256::from_words(&p[4]),
        }
    }
}

/// Seeded stimulus for the SACK tracker, biased toward the edges: PSN
/// wraparound, a full window (255 received behind one hole, then the hole
/// filled), all-ones runs, duplicates, PSNs just inside and just outside
/// both window edges, far-away PSNs and restarts.
#[derive(Debug, Clone)]
pub struct SackStim {
    rng: ChaCha8Rng,
    /// Sender's next PSN.
    next: u32,
    /// Oldest PSN the sender may still retransmit (the window base it knows).
    low: u32,
    mode: u8,
    left: u32,
    hole: Option<u32>,
    pending_init: bool,
    holes: std::collections::VecDeque<u32>,
}

impl SackStim {
    fn pick_start(&mut self) -> u32 {
        match self.rng.gen_range(0..5) {
            0 => 0,
            1 => u32::MAX - self.rng.gen_range(0..600),
            2 => 0x8000_0000 - self.rng.gen_range(0..600),
            3 => 0xff_ff00 + self.rng.gen_range(0..0x200),
            _ => self.rng.gen(),
        }
    }
}

impl Stimulus for SackStim {
    type In = SackIn;
    type Out = SackOut;

    fn new(seed: u64) -> Self {
        SackStim {
            rng: ChaCha8Rng::seed_from_u64(seed),
            next: 0,
            low: 0,
            mode: 0,
            left: 0,
            hole: None,
            pending_init: true,
            holes: Default::default(),
        }
    }

    fn next(&mut self, _cycle: u64) -> SackIn {
        let mut i = SackIn::default();
        if self.pending_init || self.rng.gen_ratio(1, 4000) {
            let p = self.pick_start();
            i.init = Some(p);
            self.next = p;
            self.low = p;
            self.pending_init = false;
            self.hole = None;
            self.left = 0;
            self.holes.clear();
            // a packet in the same cycle as a restart
            if self.rng.gen_bool(0.5) {
                i.pkt = Some((p.wrapping_add(self.rng.gen_range(0..300)), self.rng.gen()));
            }
            return i;
        }
        if self.left == 0 {
            self.mode = [0, 0, 0, 1, 1, 2, 3][self.rng.gen_range(0..7)];
            if !self.holes.is_empty() {
                // retransmit what is still missing before changing phase
                self.mode = 4;
                self.left = self.holes.len() as u32 + 1;
            }
            self.left = self.rng.gen_range(50..1500);
            if self.mode == 1 {
                // full-window phase: hold a hole at the sender's oldest PSN
                self.hole = Some(self.next);
                self.next = self.next.wrapping_add(1);
            }
        }
        self.left -= 1;
        if self.rng.gen_ratio(1, 8) {
            return i; // idle cycle
        }
        let psn = match self.mode {
            // in order with random losses, retransmissions of the holes
            // (a sender that respects the 256-PSN window) and duplicates
            0 => {
                let oldest = self.holes.front().copied().unwrap_or(self.next);
                self.low = oldest;
                let r = self.rng.gen_range(0..20);
                if (self.next.wrapping_sub(oldest) >= 250 || r < 3) && !self.holes.is_empty() {
                    let h = self.holes.pop_front().unwrap_or(oldest);
                    if self.rng.gen_ratio(1, 3) {
                        // declared lost and resent under a new PSN: the
                        // sender's floor moves past it
                        let p = self.next;
                        self.next = self.next.wrapping_add(1);
                        p
                    } else {
                        h
                    }
                } else if r < 5 {
                    self.next.wrapping_sub(self.rng.gen_range(1..40))
                } else {
                    if r < 7 {
                        for _ in 0..self.rng.gen_range(1..4) {
                            self.holes.push_back(self.next);
                            self.next = self.next.wrapping_add(1);
                        }
                    }
                    let p = self.next;
                    self.next = self.next.wrapping_add(1);
                    p
                }
            }
            // fill the window behind a hole, then fill the hole
            1 => {
                let hole = self.hole.unwrap_or(self.low);
                if self.next.wrapping_sub(hole) < 256 && self.left > 1 {
                    let p = self.next;
                    self.next = self.next.wrapping_add(1);
                    p
                } else {
                    self.left = 0;
                    self.low = self.next;
                    self.hole = None;
                    if self.rng.gen_bool(0.5) {
                        // the hole is declared lost instead: the next packet,
                        // possibly just past the receiver's window, carries
                        // the floor that lets the receiver jump
                        let p = self.next;
                        self.next = self.next.wrapping_add(1);
                        p
                    } else {
                        hole
                    }
                }
            }
            // edges: just inside / just outside the window, duplicates
            2 => {
                let off: i64 = match self.rng.gen_range(0..6) {
                    0 => 255,
                    1 => 256,
                    2 => 257,
                    3 => -1,
                    4 => -2,
                    _ => self.rng.gen_range(0..256),
                };
                self.low.wrapping_add(off as u32)
            }
            // drain the holes of mode 0
            4 => match self.holes.pop_front() {
                Some(h) => h,
                None => {
                    self.low = self.next;
                    self.left = 0;
                    return i;
                }
            },
            // far away and random
            _ => match self.rng.gen_range(0..3) {
                0 => self.rng.gen(),
                1 => self.low.wrapping_add(0x8000_0000),
                _ => self.low.wrapping_sub(self.rng.gen_range(1..1000)),
            },
        };
        // the sender's floor: its oldest unresolved PSN
        let mut floor = match self.mode {
            0 | 4 => self.holes.front().copied().unwrap_or(self.next),
            1 => self.hole.unwrap_or(self.low),
            _ => self.low,
        };
        if (psn.wrapping_sub(floor) as i32) < 0 {
            floor = psn;
        }
        // odd floor values only in the edge phases, so that the sender-like
        // phases keep their holes (and reach a full window)
        let odd = if self.mode >= 2 && self.mode != 4 {
            8
        } else {
            1000
        };
        let fd = match self.rng.gen_range(0..odd) {
            0 => self.rng.gen(),
            1 => 0,
            2 => 255,
            3 => 256,
            4 => self.rng.gen_range(0..4),
            _ => {
                let d = psn.wrapping_sub(floor);
                if d < 0x1_0000 {
                    d as u16
                } else {
                    0xffff
                }
            }
        };
        i.pkt = Some((psn, fd));
        i
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_at_the_window_edges_and_half_the_psn_space() {
        for base in [0u32, 0x1000, 0xffff_ff80] {
            let at = |d: u32| classify(base.wrapping_add(d), base, d < 256, false);
            assert_eq!(at(0), PsnClass::New);
            assert_eq!(at(255), PsnClass::New);
            assert_eq!(at(256), PsnClass::Beyond);
            assert_eq!(at(0x7fff_ffff), PsnClass::Beyond);
            assert_eq!(at(0x8000_0000), PsnClass::Behind, "exactly 2^31 away");
            assert_eq!(at(0xffff_ffff), PsnClass::Behind);
            assert_eq!(classify(base, base, true, true), PsnClass::Duplicate);
        }
    }
}
