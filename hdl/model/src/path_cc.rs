//! Reference model of `path_cc` (hdl/rtl/src/path_cc.rs): the sender's
//! per-path RTT estimate, retransmission timer and DCTCP congestion window
//! for every path, written from the block's doc comment.
//!
//! The state update is sequential (each event sees every earlier event on
//! its path, whatever the distance: the RTL forwards in-flight records);
//! the outputs of the event given to `step(n)` are returned by
//! `step(n + PATH_CC_LATENCY)`.

use super::{get_u64, put_u64, CycleModel, Stimulus};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Clocks from an event's input to its outputs (`step(n)` -> `step(n + 7)`).
pub const PATH_CC_LATENCY: usize = 7;
/// Largest backoff exponent: the RTO doubles per consecutive timeout up to
/// 2^6 times the base.
pub const BACKOFF_MAX: u32 = 6;
/// Largest observation-window exponent (2^8 = 256 packets, the SACK window).
pub const WIN_K_MAX: u32 = 8;

/// Event kinds (`ev_kind`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
pub enum CcEvent {
    /// Report the state unchanged (also kinds 6 and 7).
    Read = 0,
    /// Restart the path.
    Init = 1,
    /// An ACK: `n` newly acknowledged, `m` CE-marked, optional RTT sample.
    Ack = 2,
    /// `n` packets proven lost.
    Loss = 3,
    /// The path's RTO expired.
    Timeout = 4,
    /// A packet left on the path.
    Send = 5,
}

/// Configuration sampled with each event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CcCfg {
    /// Window after `init` (16.8 packets).
    pub cwnd_init: u32,
    /// Smallest window (16.8).
    pub cwnd_min: u32,
    /// Largest window (16.8): twice the path's share of the BDP.
    pub cwnd_max: u32,
    /// `alpha` after `init` (0.16).
    pub alpha_init: u16,
    /// Smallest RTO (ticks).
    pub rto_min: u32,
    /// Largest RTO (ticks), also the backoff cap.
    pub rto_max: u32,
    /// Timeouts in a row from which every timeout asks for a re-hash (0:
    /// never).
    pub rehash_after: u8,
    /// Timeouts in a row that retire the path (0: never).
    pub retire_after: u8,
    /// DCTCP gain: `g = 2^-(cfg_g + 3)` (2 bits; 1 is g = 1/16).
    pub g: u8,
}

impl CcCfg {
    /// The configuration as the block sees it (24-bit windows, 2-bit gain).
    pub fn masked(self) -> CcCfg {
        CcCfg {
            cwnd_init: self.cwnd_init & 0xff_ffff,
            cwnd_min: self.cwnd_min & 0xff_ffff,
            cwnd_max: self.cwnd_max & 0xff_ffff,
            g: self.g & 3,
            ..self
        }
    }
}

impl Default for CcCfg {
    fn default() -> Self {
        CcCfg {
            cwnd_init: 16 << 8,
            cwnd_min: 1 << 8,
            cwnd_max: 128 << 8,
            alpha_init: 0xffff,
            rto_min: 2_000,
            rto_max: 2_000_000,
            rehash_after: 2,
            retire_after: 4,
            g: 1,
        }
    }
}

/// One clock's inputs.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PathCcIn {
    /// The event (None: no event this clock).
    pub ev: Option<PathCcEv>,
    /// Current tick.
    pub now: u32,
    /// Configuration.
    pub cfg: CcCfg,
}

/// One event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PathCcEv {
    /// Kind (3 bits; 6 and 7 act as `Read`).
    pub kind: u8,
    /// Path index.
    pub idx: u32,
    /// Packets acknowledged or lost (9 bits).
    pub n: u16,
    /// CE-marked packets (9 bits, ACK only).
    pub m: u16,
    /// RTT sample in ticks (24 bits), ACK only.
    pub rtt: Option<u32>,
    /// ACK: nothing is outstanding on the path after it.
    pub idle: bool,
}

/// Per-path state (the fields of braid-spec's `tx_path` this block owns,
/// plus the DCTCP accumulators and the timer flags).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CcState {
    /// Window, 16.8 packets (24 bits).
    pub cwnd: u32,
    /// Marked-fraction estimate, 0.16.
    pub alpha: u16,
    /// Smoothed RTT (ticks, 24 bits; 0 = no sample yet).
    pub srtt: u32,
    /// RTT variation (ticks, 24 bits).
    pub rttvar: u32,
    /// Tick at which the timer expires.
    pub deadline: u32,
    /// Consecutive timeouts (saturating).
    pub timeouts: u8,
    /// bit0 active (set by init), bit1 failed (set on retire).
    pub flags: u8,
    /// Acked packets in the current observation window (10 bits).
    pub acc_acked: u16,
    /// Marked packets in the current observation window (10 bits, saturating).
    pub acc_marked: u16,
    /// The timer is running.
    pub armed: bool,
    /// A loss already cut the window in this observation window.
    pub loss_cut: bool,
}

/// Outputs after an edge.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PathCcOut {
    /// An event's result.
    pub valid: bool,
    /// Its path.
    pub idx: u32,
    /// Window after the event.
    pub cwnd: u32,
    /// alpha after the event.
    pub alpha: u16,
    /// srtt after the event.
    pub srtt: u32,
    /// rttvar after the event.
    pub rttvar: u32,
    /// RTO of the state after the event (backed off).
    pub rto: u32,
    /// Timer deadline.
    pub deadline: u32,
    /// Timer running.
    pub armed: bool,
    /// Consecutive timeouts.
    pub timeouts: u8,
    /// This timeout asks for a new UDP source port (pulse).
    pub rehash: bool,
    /// This timeout retires the path (pulse).
    pub retire: bool,
    /// The path is retired (`flags.failed` after the event).
    pub failed: bool,
    /// The event was a timeout of a running timer (pulse).
    pub fired: bool,
}

/// `ceil(log2(max(cwnd_max / 2 packets, 1)))`, at most 8: the observation
/// window is `2^k` acknowledged packets.
pub fn win_k(cwnd_max: u32) -> u32 {
    let w = (cwnd_max & 0xff_ffff) >> 9;
    if w <= 1 {
        0
    } else {
        (32 - (w - 1).leading_zeros()).min(WIN_K_MAX)
    }
}

/// The cut shift for `alpha`: the window loses `cwnd >> s`, i.e. alpha is
/// quantised to `2^(1-s)`, the power of two nearest to it in the log domain
/// (rounded up from 1.5 times a power of two), s in 1..=4 (alpha below 3/16
/// counts as 1/8).
pub fn cut_shift(alpha: u16) -> u32 {
    if alpha == 0 {
        return 4;
    }
    let l = 15 - alpha.leading_zeros();
    let r = if l > 0 {
        (alpha >> (l - 1)) as u32 & 1
    } else {
        0
    };
    (17 - (l + r) as i32).clamp(1, 4) as u32
}

/// The RTO of a state: `clamp(srtt + 4 rttvar, rto_min, rto_max)` doubled
/// per consecutive timeout (at most 2^6 times) and capped at `rto_max`.
pub fn rto(s: &CcState, c: &CcCfg) -> u32 {
    let sum = s.srtt as u64 + 4 * s.rttvar as u64;
    let base = sum.max(c.rto_min as u64).min(c.rto_max as u64);
    let sh = (s.timeouts as u32).min(BACKOFF_MAX);
    (base << sh).min(c.rto_max as u64) as u32
}

fn clamp_w(x: u32, c: &CcCfg) -> u32 {
    x.max(c.cwnd_min).min(c.cwnd_max)
}

/// Apply one event to a path's state; returns the rehash and retire pulses.
pub fn apply(s: &mut CcState, e: &PathCcEv, now: u32, c: &CcCfg) -> (bool, bool) {
    let n = (e.n & 0x1ff) as u32;
    let m = (e.m & 0x1ff) as u32;
    let (mut rehash, mut retire) = (false, false);
    match e.kind & 7 {
        1 => {
            *s = CcState {
                cwnd: clamp_w(c.cwnd_init, c),
                alpha: c.alpha_init,
                flags: 1,
                ..CcState::default()
            };
        }
        2 => {
            // RTT (Jacobson/Karels, shifts only)
            if let Some(r) = e.rtt {
                let r = r & 0xff_ffff;
                if s.srtt == 0 {
                    s.srtt = r;
                    s.rttvar = r >> 1;
                } else {
                    let err = r.abs_diff(s.srtt);
                    s.srtt = (7 * s.srtt + r) >> 3;
                    s.rttvar = (3 * s.rttvar + err) >> 2;
                }
            }
            // DCTCP observation window of 2^k acknowledged packets
            let k = win_k(c.cwnd_max);
            let sa = s.acc_acked as u32 + n;
            let sm = (s.acc_marked as u32 + m).min(1023);
            let close = sa >= 1 << k;
            let ecn_cut = close && sm > 0;
            if close {
                let f = ((sm as u64) << (16 - k)).min(0xffff) as u32;
                let g = c.g as u32 + 3;
                let a = s.alpha as u32;
                s.alpha = (a - (a >> g) + (f >> g)) as u16;
                s.acc_acked = 0;
                s.acc_marked = 0;
                s.loss_cut = false;
            } else {
                s.acc_acked = sa as u16;
                s.acc_marked = sm as u16;
            }
            let w = s.cwnd;
            if ecn_cut {
                s.cwnd = if w >= 2 * c.cwnd_min {
                    w - (w >> cut_shift(s.alpha))
                } else {
                    c.cwnd_min
                };
            } else if n > 0 && m == 0 {
                let inc = (n << 8) >> k;
                s.cwnd = (w + inc).min(c.cwnd_max);
            }
            // timer: new data acknowledged restarts it or stops it
            if n > 0 {
                s.timeouts = 0;
                if e.idle {
                    s.armed = false;
                } else {
                    s.armed = true;
                    s.deadline = now.wrapping_add(rto(s, c));
                }
            }
        }
        3 if n > 0 && !s.loss_cut => {
            s.loss_cut = true;
            s.cwnd = if s.cwnd >= 2 * c.cwnd_min {
                s.cwnd >> 1
            } else {
                c.cwnd_min
            };
        }
        4 if s.armed => {
            s.timeouts = s.timeouts.saturating_add(1);
            s.cwnd = c.cwnd_min;
            // every PSN outstanding on the path is declared lost with it:
            // the timer stops until the next send
            s.armed = false;
            s.deadline = now.wrapping_add(rto(s, c));
            // from `rehash_after` on every timeout moves the path to a new
            // route, until the one that retires it
            retire = s.timeouts == c.retire_after && s.flags & 2 == 0;
            rehash =
                !retire && c.rehash_after != 0 && s.timeouts >= c.rehash_after && s.flags & 2 == 0;
            if retire {
                s.flags |= 2;
            }
        }
        5 if !s.armed => {
            s.armed = true;
            s.deadline = now.wrapping_add(rto(s, c));
        }
        _ => {}
    }
    (rehash, retire)
}

/// Cycle-exact model, generic over the index width (`N` = 14: `path_cc`,
/// 16,384 paths; `N` = 6: `path_cc_tiny`, 64 paths).
#[derive(Debug, Clone)]
pub struct PathCcModel<const N: usize> {
    table: Vec<CcState>,
    /// Results in flight, newest last.
    pipe: std::collections::VecDeque<Option<PathCcOut>>,
    out: PathCcOut,
}

/// The exported 16,384-path block.
pub type PathCcFullModel = PathCcModel<14>;
/// The exported 64-path block.
pub type PathCcTinyModel = PathCcModel<6>;

impl<const N: usize> Default for PathCcModel<N> {
    fn default() -> Self {
        PathCcModel {
            table: vec![CcState::default(); 1 << N],
            pipe: std::iter::repeat_n(None, PATH_CC_LATENCY).collect(),
            out: PathCcOut::default(),
        }
    }
}

impl<const N: usize> PathCcModel<N> {
    /// The state of path `idx` after every event given so far.
    pub fn state(&self, idx: u32) -> &CcState {
        &self.table[idx as usize & ((1 << N) - 1)]
    }
}

impl<const N: usize> CycleModel for PathCcModel<N> {
    const MODULE: &'static str = if N == 14 { "path_cc" } else { "path_cc_tiny" };
    const INPUTS: &'static [&'static str] = &[
        "ev_valid",
        "ev_kind",
        "idx",
        "n",
        "m",
        "rtt_valid",
        "rtt",
        "idle",
        "now",
        "cfg_cwnd_init",
        "cfg_cwnd_min",
        "cfg_cwnd_max",
        "cfg_alpha_init",
        "cfg_rto_min",
        "cfg_rto_max",
        "cfg_rehash_after",
        "cfg_retire_after",
        "cfg_g",
    ];
    const OUTPUTS: &'static [&'static str] = &[
        "res_valid",
        "res_idx",
        "cwnd",
        "alpha",
        "srtt",
        "rttvar",
        "rto",
        "rto_deadline",
        "armed",
        "timeouts",
        "rehash",
        "retire",
        "failed",
        "fired",
    ];
    type In = PathCcIn;
    type Out = PathCcOut;
    type Stim = PathCcStim<N>;

    fn step(&mut self, i: &PathCcIn) -> PathCcOut {
        let res = i.ev.map(|e| {
            let e = PathCcEv {
                idx: e.idx & ((1 << N) - 1),
                ..e
            };
            let c = i.cfg.masked();
            let s = &mut self.table[e.idx as usize];
            let fired = e.kind & 7 == CcEvent::Timeout as u8 && s.armed;
            let (rehash, retire) = apply(s, &e, i.now, &c);
            PathCcOut {
                valid: true,
                idx: e.idx,
                cwnd: s.cwnd,
                alpha: s.alpha,
                srtt: s.srtt,
                rttvar: s.rttvar,
                rto: rto(s, &c),
                deadline: s.deadline,
                armed: s.armed,
                timeouts: s.timeouts,
                rehash,
                retire,
                failed: s.flags & 2 != 0,
                fired,
            }
        });
        self.pipe.push_back(res);
        match self.pipe.pop_front().flatten() {
            Some(o) => self.out = o,
            None => {
                self.out.valid = false;
                self.out.rehash = false;
                self.out.retire = false;
                self.out.fired = false;
            }
        }
        self.out
    }

    fn encode(i: &PathCcIn, p: &mut [Vec<u32>]) {
        if let Some(e) = i.ev {
            put_u64(&mut p[0], 1);
            put_u64(&mut p[1], (e.kind & 7) as u64);
            put_u64(&mut p[2], (e.idx & ((1 << N) - 1)) as u64);
            put_u64(&mut p[3], (e.n & 0x1ff) as u64);
            put_u64(&mut p[4], (e.m & 0x1ff) as u64);
            put_u64(&mut p[5], e.rtt.is_some() as u64);
            put_u64(&mut p[6], (e.rtt.unwrap_or(0) & 0xff_ffff) as u64);
            put_u64(&mut p[7], e.idle as u64);
        }
        put_u64(&mut p[8], i.now as u64);
        let c = &i.cfg;
        put_u64(&mut p[9], (c.cwnd_init & 0xff_ffff) as u64);
        put_u64(&mut p[10], (c.cwnd_min & 0xff_ffff) as u64);
        put_u64(&mut p[11], (c.cwnd_max & 0xff_ffff) as u64);
        put_u64(&mut p[12], c.alpha_init as u64);
        put_u64(&mut p[13], c.rto_min as u64);
        put_u64(&mut p[14], c.rto_max as u64);
        put_u64(&mut p[15], c.rehash_after as u64);
        put_u64(&mut p[16], c.retire_after as u64);
        put_u64(&mut p[17], (c.g & 3) as u64);
    }

    fn decode(p: &[Vec<u32>]) -> PathCcOut {
        PathCcOut {
            valid: get_u64(&p[0]) & 1 == 1,
            idx: get_u64(&p[1]) as u32,
            cwnd: get_u64(&p[2]) as u32,
            alpha: get_u64(&p[3]) as u16,
            srtt: get_u64(&p[4]) as u32,
            rttvar: get_u64(&p[5]) as u32,
            rto: get_u64(&p[6]) as u32,
            deadline: get_u64(&p[7]) as u32,
            armed: get_u64(&p[8]) & 1 == 1,
            timeouts: get_u64(&p[9]) as u8,
            rehash: get_u64(&p[10]) & 1 == 1,
            retire: get_u64(&p[11]) & 1 == 1,
            failed: get_u64(&p[12]) & 1 == 1,
            fired: get_u64(&p[13]) & 1 == 1,
        }
    }
}

/// One simulated path of the stimulus.
#[derive(Debug, Clone, Copy)]
struct HotPath {
    idx: u32,
    /// Base RTT in ticks.
    rtt: u32,
    /// Marking probability (per mille).
    mark: u32,
}

/// Seeded stimulus: a hot set of paths hit at every distance (hazards),
/// ACKs with random marking fractions, RTT samples with jitter and spikes,
/// losses, timeouts (armed and not), sends, restarts, configuration
/// changes, occasional cold paths, and `now` wrapping through 2^32.
#[derive(Debug)]
pub struct PathCcStim<const N: usize> {
    rng: ChaCha8Rng,
    hot: Vec<HotPath>,
    now: u32,
    cfg: CcCfg,
}

impl<const N: usize> PathCcStim<N> {
    fn random_cfg(&mut self) -> CcCfg {
        let r = &mut self.rng;
        let mut c = CcCfg::default();
        if r.gen_bool(0.5) {
            c.cwnd_min = r.gen_range(0..4 << 8);
            c.cwnd_max = match r.gen_range(0..4) {
                0 => r.gen_range(0..8 << 8),
                1 => 256 << 8,
                2 => r.gen_range(0..0x100_0000),
                _ => r.gen_range(2 << 8..256 << 8),
            };
            c.cwnd_init = r.gen_range(0..300 << 8);
            c.alpha_init = r.gen();
            c.rto_min = r.gen_range(0..100_000);
            c.rto_max = match r.gen_range(0..3) {
                0 => r.gen(),
                1 => r.gen_range(0..200_000),
                _ => u32::MAX,
            };
            c.rehash_after = r.gen_range(0..4);
            c.retire_after = r.gen_range(0..6);
            c.g = r.gen_range(0..4);
        }
        c
    }

    fn sample(&mut self, p: HotPath) -> u32 {
        let r = &mut self.rng;
        match r.gen_range(0..40) {
            0 => r.gen_range(0..0x100_0000),               // anything
            1 => p.rtt.saturating_mul(r.gen_range(4..40)), // spike
            2 => 0,
            3 => 0xff_ffff,
            _ => {
                let j = (p.rtt / 8).max(1);
                p.rtt - j + r.gen_range(0..2 * j)
            }
        }
    }
}

impl<const N: usize> Stimulus for PathCcStim<N> {
    type In = PathCcIn;
    type Out = PathCcOut;

    fn new(seed: u64) -> Self {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mask = (1u32 << N) - 1;
        let mut hot = Vec::new();
        for k in 0..6 {
            let idx = match k {
                0 => 0,
                1 => mask,
                _ => rng.gen_range(0..=mask),
            };
            hot.push(HotPath {
                idx,
                rtt: rng.gen_range(8..30_000),
                mark: [0, 10, 100, 300, 700, 1000][rng.gen_range(0..6)],
            });
        }
        PathCcStim {
            now: u32::MAX - rng.gen_range(0..3_000_000),
            rng,
            hot,
            cfg: CcCfg::default(),
        }
    }

    fn next(&mut self, _cycle: u64) -> PathCcIn {
        // time passes unevenly; it wraps through 2^32 early in every run
        self.now = self.now.wrapping_add(match self.rng.gen_range(0..10) {
            0 => self.rng.gen_range(0..100_000),
            1..=4 => 0,
            _ => self.rng.gen_range(1..64),
        });
        if self.rng.gen_ratio(1, 2_000) {
            self.cfg = self.random_cfg();
        }
        if self.rng.gen_ratio(1, 500) {
            // a hot path changes character
            let k = self.rng.gen_range(0..self.hot.len());
            self.hot[k].rtt = self.rng.gen_range(8..200_000);
            self.hot[k].mark = self.rng.gen_range(0..=1000);
        }
        if self.rng.gen_ratio(1, 6) {
            return PathCcIn {
                ev: None,
                now: self.now,
                cfg: self.cfg,
            };
        }
        let p = if self.rng.gen_ratio(1, 16) {
            HotPath {
                idx: self.rng.gen_range(0..1 << N),
                rtt: 1000,
                mark: 100,
            }
        } else {
            // hazards: the hot set is small, a few paths dominate
            let k = self.rng.gen_range(0..self.hot.len());
            let k = if self.rng.gen_bool(0.4) { k.min(1) } else { k };
            self.hot[k]
        };
        let kind = match self.rng.gen_range(0..100) {
            0..=44 => 2,
            45..=69 => 5,
            70..=75 => 3,
            76..=83 => 4,
            84..=86 => 1,
            87..=93 => 0,
            94..=96 => 6,
            _ => 7,
        };
        let n: u16 = match self.rng.gen_range(0..10) {
            0 => 0,
            1 => self.rng.gen_range(0..512),
            2 => 511,
            _ => self.rng.gen_range(1..8),
        };
        let m = if self.rng.gen_ratio(1, 50) {
            self.rng.gen_range(0..512)
        } else {
            (0..n)
                .filter(|_| self.rng.gen_range(0..1000) < p.mark)
                .count() as u16
        };
        let rtt = self.rng.gen_bool(0.8).then(|| self.sample(p));
        PathCcIn {
            ev: Some(PathCcEv {
                kind,
                idx: p.idx,
                n,
                m,
                rtt,
                idle: self.rng.gen_ratio(1, 5),
            }),
            now: self.now,
            cfg: self.cfg,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn helpers() {
        assert_eq!(win_k(0), 0);
        assert_eq!(win_k(2 << 8), 0);
        assert_eq!(win_k(4 << 8), 1);
        assert_eq!(win_k(64 << 8), 5);
        assert_eq!(win_k(65 << 8), 5);
        assert_eq!(win_k(66 << 8), 6);
        assert_eq!(win_k(256 << 8), 7);
        assert_eq!(win_k(0xff_ffff), 8);
        assert_eq!(cut_shift(0xffff), 1);
        assert_eq!(cut_shift(0xc000), 1);
        assert_eq!(cut_shift(0xbfff), 2);
        assert_eq!(cut_shift(0x8000), 2);
        assert_eq!(cut_shift(0x6000), 2);
        assert_eq!(cut_shift(0x5fff), 3);
        assert_eq!(cut_shift(0x3000), 3);
        assert_eq!(cut_shift(0x2fff), 4);
        assert_eq!(cut_shift(0x0001), 4);
    }

    fn ack(n: u16, m: u16, rtt: Option<u32>) -> PathCcEv {
        PathCcEv {
            kind: CcEvent::Ack as u8,
            idx: 0,
            n,
            m,
            rtt,
            idle: false,
        }
    }

    fn init(c: &CcCfg) -> CcState {
        let mut s = CcState::default();
        let e = PathCcEv {
            kind: CcEvent::Init as u8,
            ..ack(0, 0, None)
        };
        apply(&mut s, &e, 0, c);
        s
    }

    /// A steady marking fraction f: alpha settles on f (mean over the last
    /// half of the run within 0.03; the 0.16 arithmetic and the gain 1/16
    /// leave only the sampling noise of 64-packet windows).
    #[test]
    fn alpha_converges_to_the_marking_fraction() {
        let c = CcCfg::default();
        for (seed, f) in [
            (1u64, 0.05f64),
            (2, 0.2),
            (3, 0.5),
            (4, 0.9),
            (5, 0.0),
            (6, 1.0),
        ] {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut s = init(&c);
            let (mut sum, mut cnt) = (0f64, 0u32);
            for i in 0..64 * 3000 {
                let m = rng.gen_bool(f) as u16;
                apply(&mut s, &ack(1, m, None), 0, &c);
                if i >= 64 * 1500 {
                    sum += s.alpha as f64 / 65536.0;
                    cnt += 1;
                }
            }
            let mean = sum / cnt as f64;
            assert!(
                (mean - f).abs() < 0.03,
                "f = {f}: mean alpha {mean:.4} (seed {seed})"
            );
        }
    }

    /// A constant RTT: srtt lands within 7 ticks of it (the shifts floor),
    /// rttvar decays to a few ticks, the RTO falls to its floor.
    #[test]
    fn srtt_converges_to_a_constant_rtt() {
        let c = CcCfg {
            rto_min: 100,
            ..CcCfg::default()
        };
        for rtt in [1u32, 37, 5_000, 123_456, 0xff_ffff] {
            let mut s = init(&c);
            for _ in 0..400 {
                apply(&mut s, &ack(1, 0, Some(rtt)), 0, &c);
            }
            assert!(
                s.srtt <= rtt && rtt - s.srtt <= 7,
                "rtt {rtt}: srtt {}",
                s.srtt
            );
            assert!(s.rttvar <= 3, "rtt {rtt}: rttvar {}", s.rttvar);
            let want = (s.srtt as u64 + 4 * s.rttvar as u64).clamp(100, c.rto_max as u64);
            assert_eq!(rto(&s, &c) as u64, want);
        }
        // a spike moves srtt by an eighth of the error and rttvar by a quarter
        let mut s = init(&c);
        apply(&mut s, &ack(1, 0, Some(8_000)), 0, &c);
        assert_eq!((s.srtt, s.rttvar), (8_000, 4_000));
        apply(&mut s, &ack(1, 0, Some(16_000)), 0, &c);
        assert_eq!((s.srtt, s.rttvar), (9_000, 5_000));
    }

    /// Consecutive timeouts double the RTO up to 2^6 times, never past
    /// rto_max; re-hash at 2 and 3, retire at 4 (no re-hash then or
    /// after); an ACK of new data resets.
    #[test]
    fn rto_backs_off_and_clamps() {
        let c = CcCfg {
            rto_min: 1_000,
            rto_max: 1_000_000,
            ..CcCfg::default()
        };
        let mut s = init(&c);
        apply(&mut s, &ack(1, 0, Some(2_000)), 50, &c);
        // srtt 2000, rttvar 1000: base 6000
        assert_eq!(rto(&s, &c), 6_000);
        assert!(s.armed);
        assert_eq!(s.deadline, 6_050);
        let to = PathCcEv {
            kind: CcEvent::Timeout as u8,
            ..ack(0, 0, None)
        };
        let send = PathCcEv {
            kind: CcEvent::Send as u8,
            ..ack(0, 0, None)
        };
        let mut seen = Vec::new();
        for t in 1..=10u32 {
            // a timeout stops the timer: the next send starts it again,
            // at the backed-off RTO
            if t > 1 {
                assert!(!s.armed, "timeout {}: the timer stopped", t - 1);
                apply(&mut s, &send, 100 * t - 50, &c);
                assert!(s.armed);
                assert_eq!(s.deadline, 100 * t - 50 + rto(&s, &c));
            }
            let (rehash, retire) = apply(&mut s, &to, 100 * t, &c);
            assert!(!s.armed);
            // a second timeout of the stopped timer is ignored
            let after = s;
            assert_eq!(apply(&mut s, &to, 100 * t + 1, &c), (false, false));
            assert_eq!(s, after, "timeout {t}: a second one changed the state");
            assert_eq!(s.timeouts as u32, t);
            assert_eq!(s.cwnd, c.cwnd_min);
            assert_eq!(rehash, t == 2 || t == 3, "timeout {t}");
            assert_eq!(retire, t == 4);
            let r = rto(&s, &c);
            assert_eq!(r, (6_000u32 << t.min(6)).min(1_000_000));
            assert_eq!(s.deadline, 100 * t + r);
            seen.push(r);
        }
        assert_eq!(seen[5], 384_000, "2^6 cap");
        assert_eq!(seen[9], 384_000);
        assert_eq!(s.flags & 2, 2, "retired");
        let tight = CcCfg {
            rto_max: 20_000,
            ..c
        };
        assert_eq!(rto(&s, &tight), 20_000, "capped at rto_max");
        apply(&mut s, &ack(1, 0, None), 2_000, &c);
        assert_eq!(s.timeouts, 0);
        assert_eq!(rto(&s, &c), 6_000);
        // an idle path ignores a timeout
        apply(
            &mut s,
            &PathCcEv {
                idle: true,
                ..ack(1, 0, None)
            },
            2_100,
            &c,
        );
        assert!(!s.armed);
        let before = s;
        assert_eq!(apply(&mut s, &to, 9_999, &c), (false, false));
        assert_eq!(s, before);
    }

    /// The re-hash and retire thresholds: every timeout from
    /// `rehash_after` on re-hashes until the one that retires; 0 turns
    /// either off; an init clears `failed`.
    #[test]
    fn rehash_repeats_until_retire() {
        let pulses = |rehash_after: u8, retire_after: u8, n: u32| {
            let c = CcCfg {
                rehash_after,
                retire_after,
                ..CcCfg::default()
            };
            let mut s = init(&c);
            apply(&mut s, &ack(1, 0, Some(2_000)), 0, &c);
            let to = PathCcEv {
                kind: CcEvent::Timeout as u8,
                ..ack(0, 0, None)
            };
            let send = PathCcEv {
                kind: CcEvent::Send as u8,
                ..ack(0, 0, None)
            };
            // each timeout after a send (a timeout stops the timer)
            let p: Vec<(bool, bool)> = (0..n)
                .map(|t| {
                    apply(&mut s, &send, t, &c);
                    apply(&mut s, &to, t, &c)
                })
                .collect();
            (p, s)
        };
        let (p, s) = pulses(1, 3, 5);
        assert_eq!(
            p,
            [
                (true, false),
                (true, false),
                (false, true),
                (false, false),
                (false, false)
            ]
        );
        assert_eq!(s.flags, 3, "active and failed");
        let (p, _) = pulses(0, 2, 3);
        assert_eq!(p, [(false, false), (false, true), (false, false)]);
        let (p, s) = pulses(2, 0, 300);
        assert!(!p[0].0 && p[1..].iter().all(|&(h, r)| h && !r));
        assert_eq!((s.timeouts, s.flags), (255, 1), "saturated, never retired");
        let (_, mut s) = pulses(1, 1, 1);
        assert_eq!(s.flags, 3);
        // a retired path retires once: an ACK restarts the count, and the
        // count reaching retire_after again raises nothing
        let c = CcCfg {
            rehash_after: 1,
            retire_after: 1,
            ..CcCfg::default()
        };
        apply(&mut s, &ack(1, 0, Some(2_000)), 0, &c);
        assert_eq!(s.timeouts, 0);
        let to = PathCcEv {
            kind: CcEvent::Timeout as u8,
            ..ack(0, 0, None)
        };
        assert_eq!(apply(&mut s, &to, 1, &c), (false, false));
        assert_eq!((s.timeouts, s.flags), (1, 3));
        apply(
            &mut s,
            &PathCcEv {
                kind: CcEvent::Init as u8,
                ..ack(0, 0, None)
            },
            0,
            &CcCfg::default(),
        );
        assert_eq!((s.flags, s.timeouts), (1, 0), "init clears failed");
    }

    /// Under a steady marking fraction the window saw-tooths inside
    /// [cwnd_min, cwnd_max] and its average falls as the fraction rises
    /// (roughly as 1/f: each window of 64 ACKs adds one packet and cuts
    /// cwnd * alpha / 2); without marks it sits at the cap.
    #[test]
    fn cwnd_behaves_like_dctcp() {
        let c = CcCfg {
            cwnd_init: 10 << 8,
            cwnd_min: 1 << 8,
            cwnd_max: 128 << 8,
            ..CcCfg::default()
        };
        let mut means = Vec::new();
        for (seed, f) in [(7u64, 0.0f64), (8, 0.02), (9, 0.1), (10, 0.3), (11, 0.6)] {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut s = init(&c);
            let (mut sum, mut cnt, mut lo, mut hi) = (0f64, 0u32, u32::MAX, 0);
            for i in 0..64 * 4000 {
                let m = rng.gen_bool(f) as u16;
                apply(&mut s, &ack(1, m, Some(1_000)), i, &c);
                assert!(
                    s.cwnd >= c.cwnd_min && s.cwnd <= c.cwnd_max,
                    "f {f}: cwnd {}",
                    s.cwnd
                );
                if i >= 64 * 2000 {
                    sum += s.cwnd as f64 / 256.0;
                    cnt += 1;
                    lo = lo.min(s.cwnd);
                    hi = hi.max(s.cwnd);
                }
            }
            let mean = sum / cnt as f64;
            eprintln!(
                "f {f}: mean cwnd {mean:.1} packets, range {:.1}..{:.1}",
                lo as f64 / 256.0,
                hi as f64 / 256.0
            );
            if f > 0.05 {
                assert!(hi > lo, "f {f}: no saw-tooth");
            }
            means.push(mean);
        }
        assert!(means[0] > 127.0, "no marks: at the cap ({:.1})", means[0]);
        for w in means.windows(2) {
            assert!(
                w[1] < w[0],
                "average window must fall as f rises: {means:?}"
            );
        }
        assert!(means[4] * 2.5 < means[2], "roughly 1/f: {means:?}");
    }

    /// A proven loss halves the window once per observation window.
    #[test]
    fn loss_cuts_once_per_window() {
        let c = CcCfg {
            cwnd_init: 64 << 8,
            ..CcCfg::default()
        };
        let mut s = init(&c);
        let loss = PathCcEv {
            kind: CcEvent::Loss as u8,
            ..ack(3, 0, None)
        };
        apply(&mut s, &loss, 0, &c);
        assert_eq!(s.cwnd, 32 << 8);
        apply(&mut s, &loss, 0, &c);
        assert_eq!(s.cwnd, 32 << 8, "second loss in the same window");
        // close the window (k = 6: 64 acked), then a loss cuts again
        apply(&mut s, &ack(64, 0, None), 0, &c);
        let w = s.cwnd;
        apply(&mut s, &loss, 0, &c);
        assert_eq!(s.cwnd, w >> 1);
    }
}
