//! Reference model of the sender path window (`hdl/rtl/src/path_window.rs`).
//!
//! Written from the block's specification: the in-flight count is a plain
//! integer that loses the acknowledged and lost packets (never below 0) and
//! gains the sent one (never above 256); the window is `min(cwnd, 256.0)`.
//! Timing: an input is registered on one edge, applied to the state on the
//! next, and the outputs show that state one edge later, so the input given
//! to `step(n)` is first visible in the value returned by `step(n + 2)`.

use super::{get_u64, put_u64, CycleModel, Stimulus};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// 256.0 packets in 16.8 fixed point.
pub const CWND_MAX: u32 = 256 << 8;
/// Window after power-on: 16.0 packets.
pub const CWND_POWER_ON: u32 = 16 << 8;
/// Most packets in flight (the SACK window).
pub const MAX_IN_FLIGHT: u32 = 256;

/// Inputs of one clock.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PathWindowIn {
    /// Restart with this window (16.8 packets, 24 bits).
    pub init: Option<u32>,
    /// New window from congestion control (16.8 packets, 24 bits).
    pub cwnd: Option<u32>,
    /// One packet sent.
    pub send: bool,
    /// Packets newly acknowledged (9 bits).
    pub ack: Option<u16>,
    /// Packets declared lost (9 bits).
    pub loss: Option<u16>,
}

impl PathWindowIn {
    /// Whether send, ack, loss and a cwnd update all arrive in this clock.
    pub fn all_at_once(&self) -> bool {
        self.send && self.ack.is_some() && self.loss.is_some() && self.cwnd.is_some()
    }
}

/// Outputs after one clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PathWindowOut {
    /// `in_flight < floor(cwnd_q)`.
    pub open: bool,
    /// Packets in flight, 0..=256.
    pub in_flight: u16,
    /// Current window, 16.8 packets, at most 256.0.
    pub cwnd_q: u32,
    /// `floor(cwnd_q) - in_flight`, at least 0.
    pub avail: u16,
    /// Acks plus losses exceeded the in-flight count.
    pub err_underflow: bool,
    /// A send while the window was closed.
    pub err_send_closed: bool,
    /// Saturating count of underflows since the last restart.
    pub cnt_underflow: u16,
    /// Saturating count of sends into a closed window since the last restart.
    pub cnt_send_closed: u16,
}

/// The accounting state of the path.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct State {
    in_flight: u32,
    cwnd: u32,
    cnt_underflow: u16,
    cnt_send_closed: u16,
    // error pulses of the last update
    underflow: bool,
    send_closed: bool,
}

impl State {
    fn restarted(cwnd: u32) -> State {
        State {
            in_flight: 0,
            cwnd: clamp_cwnd(cwnd),
            cnt_underflow: 0,
            cnt_send_closed: 0,
            underflow: false,
            send_closed: false,
        }
    }

    /// Whole packets the window allows.
    fn window(&self) -> u32 {
        self.cwnd >> 8
    }

    fn view(&self) -> PathWindowOut {
        PathWindowOut {
            open: self.in_flight < self.window(),
            in_flight: self.in_flight as u16,
            cwnd_q: self.cwnd,
            avail: self.window().saturating_sub(self.in_flight) as u16,
            err_underflow: self.underflow,
            err_send_closed: self.send_closed,
            cnt_underflow: self.cnt_underflow,
            cnt_send_closed: self.cnt_send_closed,
        }
    }

    /// Apply one clock's (registered) inputs.
    fn apply(&mut self, i: &PathWindowIn) {
        if let Some(c) = i.init {
            *self = State::restarted(c);
            return;
        }
        let acked = i.ack.map_or(0, |a| (a & 0x1ff) as u32);
        let lost = i.loss.map_or(0, |l| (l & 0x1ff) as u32);
        let leaving = acked + lost;
        self.underflow = leaving > self.in_flight;
        let was_closed = self.in_flight >= self.window() || self.in_flight >= MAX_IN_FLIGHT;
        self.send_closed = i.send && was_closed;
        let mut n = self.in_flight.saturating_sub(leaving);
        if i.send {
            n = (n + 1).min(MAX_IN_FLIGHT);
        }
        self.in_flight = n;
        if self.underflow {
            self.cnt_underflow = self.cnt_underflow.saturating_add(1);
        }
        if self.send_closed {
            self.cnt_send_closed = self.cnt_send_closed.saturating_add(1);
        }
        if let Some(c) = i.cwnd {
            self.cwnd = clamp_cwnd(c);
        }
    }
}

/// A 24-bit 16.8 window limited to 256.0 packets.
pub fn clamp_cwnd(c: u32) -> u32 {
    (c & 0xff_ffff).min(CWND_MAX)
}

/// Cycle-exact model of `path_window`.
#[derive(Debug, Clone)]
pub struct PathWindowModel {
    registered: PathWindowIn,
    state: State,
}

impl Default for PathWindowModel {
    fn default() -> Self {
        PathWindowModel {
            registered: PathWindowIn::default(),
            state: State::restarted(CWND_POWER_ON),
        }
    }
}

impl PathWindowModel {
    /// Packets in flight in the state (not yet on the outputs).
    pub fn in_flight(&self) -> u32 {
        self.state.in_flight
    }

    /// Whole packets of the window in the state.
    pub fn window(&self) -> u32 {
        self.state.window()
    }
}

impl CycleModel for PathWindowModel {
    const MODULE: &'static str = "path_window";
    const INPUTS: &'static [&'static str] = &[
        "init_valid",
        "init_cwnd",
        "cwnd_valid",
        "cwnd",
        "send",
        "ack_valid",
        "ack_count",
        "loss_valid",
        "loss_count",
    ];
    const OUTPUTS: &'static [&'static str] = &[
        "open",
        "in_flight",
        "cwnd_q",
        "avail",
        "err_underflow",
        "err_send_closed",
        "cnt_underflow",
        "cnt_send_closed",
    ];
    type In = PathWindowIn;
    type Out = PathWindowOut;
    type Stim = PathWindowStim;

    fn step(&mut self, i: &PathWindowIn) -> PathWindowOut {
        let out = self.state.view();
        let r = self.registered;
        self.state.apply(&r);
        self.registered = *i;
        out
    }

    fn encode(i: &PathWindowIn, p: &mut [Vec<u32>]) {
        put_u64(&mut p[0], i.init.is_some() as u64);
        put_u64(&mut p[1], (i.init.unwrap_or(0) & 0xff_ffff) as u64);
        put_u64(&mut p[2], i.cwnd.is_some() as u64);
        put_u64(&mut p[3], (i.cwnd.unwrap_or(0) & 0xff_ffff) as u64);
        put_u64(&mut p[4], i.send as u64);
        put_u64(&mut p[5], i.ack.is_some() as u64);
        put_u64(&mut p[6], (i.ack.unwrap_or(0) & 0x1ff) as u64);
        put_u64(&mut p[7], i.loss.is_some() as u64);
        put_u64(&mut p[8], (i.loss.unwrap_or(0) & 0x1ff) as u64);
    }

    fn decode(p: &[Vec<u32>]) -> PathWindowOut {
        PathWindowOut {
            open: get_u64(&p[0]) & 1 == 1,
            in_flight: get_u64(&p[1]) as u16,
            cwnd_q: get_u64(&p[2]) as u32,
            avail: get_u64(&p[3]) as u16,
            err_underflow: get_u64(&p[4]) & 1 == 1,
            err_send_closed: get_u64(&p[5]) & 1 == 1,
            cnt_underflow: get_u64(&p[6]) as u16,
            cnt_send_closed: get_u64(&p[7]) as u16,
        }
    }
}

/// Seeded stimulus for the path window, biased toward the edges. It keeps
/// its own estimate of the in-flight count (as the sender would) and runs
/// phases: steady traffic, fill the window to full and push against it,
/// fill 256 packets under a window above 256, drain with acks larger than
/// in-flight, window edges (0, fractional, around 256.0, above 256.0), every
/// input at once, and restarts.
#[derive(Debug, Clone)]
pub struct PathWindowStim {
    rng: ChaCha8Rng,
    /// Sender's estimate of the in-flight count.
    est: u32,
    /// Window (whole packets) the sender last set.
    win: u32,
    mode: u8,
    left: u32,
}

impl PathWindowStim {
    /// A window value biased toward the edges.
    fn pick_cwnd(&mut self) -> u32 {
        let r = &mut self.rng;
        match r.gen_range(0..12) {
            0 => 0,
            1 => r.gen_range(1..0x100),             // below one packet
            2 => CWND_MAX,                          // exactly 256.0
            3 => CWND_MAX - r.gen_range(1..0x101),  // just below
            4 => CWND_MAX + r.gen_range(1..0x100),  // just above
            5 => r.gen_range(CWND_MAX..0x100_0000), // far above
            6 => 0xff_ffff,                         // largest input
            7 => (r.gen_range(1..32) << 8) | r.gen_range(1..0x100), // small, fractional
            8 => r.gen_range(1..257) << 8,          // whole packets
            _ => r.gen_range(0..CWND_MAX),
        }
    }

    fn ack_amount(&mut self, max_extra: u32) -> u16 {
        let r = &mut self.rng;
        let n = match r.gen_range(0..10) {
            0 => 0,
            1 => 256,
            2 => 511,
            3 => self.est,
            4 => self.est + r.gen_range(1..=max_extra.max(1)),
            _ => r.gen_range(0..=self.est.min(8)),
        };
        n.min(511) as u16
    }

    fn set_window(&mut self, c: u32, i: &mut PathWindowIn) {
        i.cwnd = Some(c);
        self.win = clamp_cwnd(c) >> 8;
    }

    /// Track the sender's estimate the way the block counts.
    fn account(&mut self, i: &PathWindowIn) {
        if let Some(c) = i.init {
            self.est = 0;
            self.win = clamp_cwnd(c) >> 8;
            return;
        }
        let gone = i.ack.map_or(0, |a| a as u32) + i.loss.map_or(0, |l| l as u32);
        self.est = self.est.saturating_sub(gone);
        if i.send {
            self.est = (self.est + 1).min(MAX_IN_FLIGHT);
        }
        if let Some(c) = i.cwnd {
            self.win = clamp_cwnd(c) >> 8;
        }
    }
}

impl Stimulus for PathWindowStim {
    type In = PathWindowIn;
    type Out = PathWindowOut;

    fn new(seed: u64) -> Self {
        PathWindowStim {
            rng: ChaCha8Rng::seed_from_u64(seed),
            est: 0,
            win: CWND_POWER_ON >> 8,
            mode: 0,
            left: 0,
        }
    }

    fn next(&mut self, _cycle: u64) -> PathWindowIn {
        let mut i = PathWindowIn::default();
        if self.rng.gen_ratio(1, 3000) {
            // restart, sometimes with other inputs in the same clock
            i.init = Some(self.pick_cwnd());
            if self.rng.gen_bool(0.5) {
                i.send = true;
                i.ack = Some(self.rng.gen_range(0..300));
                if self.rng.gen_bool(0.5) {
                    i.cwnd = Some(self.pick_cwnd());
                }
            }
            self.account(&i);
            return i;
        }
        if self.left == 0 {
            self.mode = self.rng.gen_range(0..7);
            self.left = self.rng.gen_range(30..1200);
            match self.mode {
                // fill: a window the stimulus can reach and hold
                1 => {
                    let c = if self.rng.gen_bool(0.3) {
                        self.rng.gen_range(1..64) << 8
                    } else {
                        self.pick_cwnd()
                    };
                    self.set_window(c, &mut i);
                }
                // reach 256 in flight under a window of 256.0 or more
                2 => {
                    let c =
                        [CWND_MAX, CWND_MAX + 1, 0xff_ffff, 0x02_0000][self.rng.gen_range(0..4)];
                    self.set_window(c, &mut i);
                    self.left = self.left.max(600);
                }
                _ => {}
            }
        }
        self.left -= 1;
        let r = self.rng.gen_range(0..100);
        match self.mode {
            // steady: send while open, acks trail, a loss now and then
            0 => {
                i.send = self.est < self.win && r < 60;
                if r % 3 == 0 && self.est > 0 {
                    i.ack = Some(self.rng.gen_range(1..=self.est.min(6)) as u16);
                }
                if r > 96 && self.est > 0 {
                    i.loss = Some(self.rng.gen_range(1..=self.est.min(3)) as u16);
                }
                if r == 50 {
                    let c = self.pick_cwnd();
                    self.set_window(c, &mut i);
                }
            }
            // fill to the window, then keep pushing against it; acks rare
            1 | 2 => {
                i.send = r < 90;
                if r >= 97 {
                    i.ack = Some(self.rng.gen_range(0..3));
                }
            }
            // drain: acks and losses, often more than in flight
            3 => {
                i.send = r < 10;
                if r < 60 {
                    i.ack = Some(self.ack_amount(4));
                }
                if (40..70).contains(&r) {
                    i.loss = Some(self.ack_amount(2));
                }
            }
            // window edges, changed often, while traffic flows
            4 => {
                if r < 25 {
                    let c = self.pick_cwnd();
                    self.set_window(c, &mut i);
                }
                i.send = r % 2 == 0;
                if r % 5 == 0 {
                    i.ack = Some(self.rng.gen_range(0..4));
                }
            }
            // everything at once
            5 => {
                i.send = true;
                i.ack = Some(self.ack_amount(3));
                i.loss = Some(self.ack_amount(3));
                let c = self.pick_cwnd();
                self.set_window(c, &mut i);
                if r == 0 {
                    i.init = Some(self.pick_cwnd());
                }
            }
            // random, including idle clocks
            _ => {
                if r < 20 {
                    // idle
                } else {
                    i.send = self.rng.gen_bool(0.5);
                    if self.rng.gen_bool(0.3) {
                        i.ack = Some(self.rng.gen_range(0..512));
                    }
                    if self.rng.gen_bool(0.1) {
                        i.loss = Some(self.rng.gen_range(0..512));
                    }
                    if self.rng.gen_bool(0.05) {
                        i.cwnd = Some(self.rng.gen_range(0..0x100_0000));
                    }
                }
            }
        }
        self.account(&i);
        i
    }
}
