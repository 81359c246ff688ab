//! Reference model of the sprayer and its pacer (`hdl/rtl/src/sprayer.rs`,
//! exported as `sprayer` with 2^10 connections and a 4,096-entry rate
//! table, and `sprayer_tiny` with 2^4 connections and 256 entries).
//!
//! Written from the block's specification: per connection the masks, the
//! path count, the pacing increment and the pick state; each clock the
//! mask write and the rate write take effect first, then the operation,
//! and the result is delayed by the pipeline. The RTL's forwarding makes
//! every operation see the state left by all earlier ones, so the model
//! needs no hazard logic; the one rule about distance is the block's Busy
//! step: a PICK one or two clocks after another operation on its
//! connection is refused as paced when the connection is paced (`inc !=
//! 0`) or that operation was a PICK of the connection while it was paced.
//!
//! The pick follows the transport model's braid sender (`net.rs`,
//! `try_send` and `pace`): paced first, then round robin over the open
//! paths from the pointer, `spray_burst` packets per path, a retransmission
//! avoiding a suspect path while another is open, and the pacer advanced
//! by the packet's serialization time at the hinted rate, never more than
//! half a packet behind now.

use super::{get_u64, put_u64, CycleModel, Stimulus};
pub use braid_spec::pacing::{inc_of_hint, INC_FRAC, PACER_FRAC};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Rising edges after the one that samples an operation until its result
/// shows (E0 samples, E8 registers the result).
pub const SPRAYER_LATENCY: usize = 8;
const M40: u64 = (1 << 40) - 1;

/// The packet's serialization time in 1/256 ticks for increment `inc`.
pub fn ser_of(bytes: u16, inc: u64) -> u64 {
    ((bytes as u64 & 0x3fff) * inc) >> (INC_FRAC - PACER_FRAC)
}

/// An operation on the operation port.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SprayOp {
    /// INIT (else PICK).
    pub init: bool,
    /// Connection.
    pub conn: u32,
    /// PICK: a retransmission.
    pub retx: bool,
    /// PICK: bytes on the wire (14 bits).
    pub bytes: u16,
    /// INIT: paths minus one (4 bits).
    pub paths_m1: u8,
    /// Opaque tag.
    pub tag: u16,
}

/// A mask write.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MaskWr {
    /// Connection.
    pub conn: u32,
    /// Open bits to write.
    pub open_en: u16,
    /// Their values.
    pub open_val: u16,
    /// Suspect bits to write.
    pub susp_en: u16,
    /// Their values.
    pub susp_val: u16,
}

/// A rate write.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RateWr {
    /// Connection.
    pub conn: u32,
    /// Rate hint (0 = no limit).
    pub hint: u16,
}

/// One clock's inputs.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SprayIn {
    /// Operation port.
    pub op: Option<SprayOp>,
    /// Engine tick.
    pub now: u32,
    /// Packets per path in a row (0 counts as 1).
    pub spray_burst: u8,
    /// Mask port.
    pub mask: Option<MaskWr>,
    /// Rate port.
    pub rate: Option<RateWr>,
    /// Port rate in hint units.
    pub port_hint: u16,
}

/// Outputs after one clock (all zero when `valid` is false).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SprayOut {
    /// A result.
    pub valid: bool,
    /// It was an INIT.
    pub init: bool,
    /// Connection.
    pub conn: u32,
    /// Tag.
    pub tag: u16,
    /// `retx` echo.
    pub retx: bool,
    /// A path was chosen.
    pub ok: bool,
    /// Refused by the pacer.
    pub paced: bool,
    /// Refused: no candidate path.
    pub no_path: bool,
    /// Chosen path.
    pub path: u8,
    /// Pointer after the operation.
    pub next_path: u8,
    /// Burst counter after the operation.
    pub burst: u8,
    /// First tick the pacer lets a packet go.
    pub ready_at: u32,
}

/// Per-connection state.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SprayConn {
    /// Open paths.
    pub open: u16,
    /// Suspect paths.
    pub susp: u16,
    /// Paths minus one.
    pub n_m1: u8,
    /// Ticks per byte (5.20), 0 = not paced.
    pub inc: u64,
    /// Round-robin pointer.
    pub next_path: u8,
    /// Packets sent in a row on the pointer's path.
    pub burst: u8,
    /// Earliest departure, 32.8 fixed-point ticks (40 bits).
    pub pacer: u64,
}

/// The pick of the block's behaviour on one connection's state; returns
/// `(ok, paced, no_path, path)`.
pub fn pick(
    c: &mut SprayConn,
    retx: bool,
    bytes: u16,
    now: u32,
    spray_burst: u8,
) -> (bool, bool, bool, u8) {
    let n = (now as u64) << PACER_FRAC;
    let x = n.wrapping_sub(c.pacer) & M40;
    // the pacer is ahead of now by 1/256 .. 2^24 ticks
    if x >> 32 == 0xff {
        return (false, true, false, 0);
    }
    let nmask = ((2u32 << (c.n_m1 & 15)) - 1) as u16;
    let cand = c.open & nmask;
    let alt = cand & !c.susp;
    let use_ = if retx && alt != 0 { alt } else { cand };
    if use_ == 0 {
        return (false, false, true, 0);
    }
    let rr = c.next_path & 15;
    let ch = (0..16u8)
        .map(|k| (rr + k) & 15)
        .find(|&p| use_ >> p & 1 == 1)
        .unwrap();
    let ch1 = if ch == c.n_m1 & 15 { 0 } else { (ch + 1) & 15 };
    let e = ch == rr;
    let sm1 = spray_burst.max(1) - 1;
    let adv = if e { c.burst >= sm1 } else { sm1 == 0 };
    if adv {
        c.next_path = ch1;
        c.burst = 0;
    } else {
        c.next_path = ch;
        c.burst = if e { c.burst + 1 } else { 1 };
    }
    if c.inc != 0 {
        let ser = ser_of(bytes, c.inc);
        let half = ser >> 1;
        let a = n.wrapping_sub(half) & M40;
        let b = (n + half + (ser & 1)) & M40;
        let y = c.pacer.wrapping_sub(a) & M40;
        let in_rng = x >> 39 == 0 && y >> 39 == 0;
        c.pacer = if in_rng { (c.pacer + ser) & M40 } else { b };
    }
    (true, false, false, ch)
}

/// Cycle-exact model of `sprayer` (`IDX` = 10, `RB` = 12) or `sprayer_tiny`
/// (`IDX` = 4, `RB` = 8).
#[derive(Debug, Clone)]
pub struct SprayerModelG<const IDX: usize, const RB: usize> {
    conns: Vec<SprayConn>,
    pipe: [SprayOut; SPRAYER_LATENCY],
    /// The operations of the previous two clocks (most recent first): the
    /// connection and whether it was a PICK of a paced connection.
    prev: [Option<(u32, bool)>; 2],
}

/// The full-size block's model.
pub type SprayerModel = SprayerModelG<10, 12>;
/// The tiny block's model.
pub type SprayerTinyModel = SprayerModelG<4, 8>;

impl<const IDX: usize, const RB: usize> Default for SprayerModelG<IDX, RB> {
    fn default() -> Self {
        SprayerModelG {
            conns: vec![SprayConn::default(); 1 << IDX],
            pipe: [SprayOut::default(); SPRAYER_LATENCY],
            prev: [None; 2],
        }
    }
}

impl<const IDX: usize, const RB: usize> SprayerModelG<IDX, RB> {
    fn mask() -> u32 {
        (1 << IDX) - 1
    }

    /// The state of connection `c` as left by every operation so far.
    pub fn conn(&self, c: u32) -> &SprayConn {
        &self.conns[(c & Self::mask()) as usize]
    }

    /// The increment a rate write of `hint` stores.
    pub fn inc_for(hint: u16, port_hint: u16) -> u64 {
        if hint == 0 || hint >= port_hint || hint as u64 >= 1 << RB {
            0
        } else {
            inc_of_hint(hint as u64)
        }
    }
}

impl<const IDX: usize, const RB: usize> CycleModel for SprayerModelG<IDX, RB> {
    const MODULE: &'static str = if IDX == 10 { "sprayer" } else { "sprayer_tiny" };
    const INPUTS: &'static [&'static str] = &[
        "op_valid",
        "op_init",
        "op_conn",
        "op_retx",
        "op_bytes",
        "op_paths_m1",
        "op_tag",
        "now",
        "cfg_spray_burst",
        "mk_valid",
        "mk_conn",
        "mk_open_en",
        "mk_open_val",
        "mk_susp_en",
        "mk_susp_val",
        "rt_valid",
        "rt_conn",
        "rt_hint",
        "cfg_port_hint",
    ];
    const OUTPUTS: &'static [&'static str] = &[
        "res_valid",
        "res_init",
        "res_conn",
        "res_tag",
        "res_retx",
        "res_ok",
        "res_paced",
        "res_no_path",
        "res_path",
        "res_next_path",
        "res_burst",
        "res_ready_at",
    ];
    type In = SprayIn;
    type Out = SprayOut;
    type Stim = SprayStim<IDX, RB>;

    fn step(&mut self, i: &SprayIn) -> SprayOut {
        let out = self.pipe[0];
        self.pipe.rotate_left(1);
        if let Some(m) = i.mask {
            let c = &mut self.conns[(m.conn & Self::mask()) as usize];
            c.open = (c.open & !m.open_en) | (m.open_val & m.open_en);
            c.susp = (c.susp & !m.susp_en) | (m.susp_val & m.susp_en);
        }
        if let Some(r) = i.rate {
            self.conns[(r.conn & Self::mask()) as usize].inc = Self::inc_for(r.hint, i.port_hint);
        }
        let mut res = SprayOut::default();
        if let Some(op) = i.op {
            let conn = op.conn & Self::mask();
            let c = &mut self.conns[conn as usize];
            res.valid = true;
            res.init = op.init;
            res.conn = conn;
            res.tag = op.tag;
            res.retx = op.retx;
            if op.init {
                c.n_m1 = op.paths_m1 & 15;
                c.next_path = 0;
                c.burst = 0;
                c.pacer = (i.now as u64) << PACER_FRAC;
            } else if self
                .prev
                .iter()
                .flatten()
                .any(|&(pc, paced_pick)| pc == conn && (c.inc != 0 || paced_pick))
            {
                // busy: a PICK within two clocks after another operation on
                // its connection, when the connection is paced or that
                // operation was a paced PICK, is refused; nothing changes
                res.paced = true;
            } else {
                let (ok, paced, none, path) =
                    pick(c, op.retx, op.bytes & 0x3fff, i.now, i.spray_burst);
                res.ok = ok;
                res.paced = paced;
                res.no_path = none;
                res.path = path;
            }
            res.next_path = c.next_path;
            res.burst = c.burst;
            res.ready_at = ((c.pacer >> 8) + (c.pacer & 255 != 0) as u64) as u32;
        }
        self.prev[1] = self.prev[0];
        self.prev[0] = i.op.map(|op| {
            let conn = op.conn & Self::mask();
            (conn, !op.init && self.conns[conn as usize].inc != 0)
        });
        self.pipe[SPRAYER_LATENCY - 1] = res;
        out
    }

    fn encode(i: &SprayIn, p: &mut [Vec<u32>]) {
        let op = i.op.unwrap_or_default();
        put_u64(&mut p[0], i.op.is_some() as u64);
        put_u64(&mut p[1], op.init as u64);
        put_u64(&mut p[2], (op.conn & Self::mask()) as u64);
        put_u64(&mut p[3], op.retx as u64);
        put_u64(&mut p[4], (op.bytes & 0x3fff) as u64);
        put_u64(&mut p[5], (op.paths_m1 & 15) as u64);
        put_u64(&mut p[6], op.tag as u64);
        put_u64(&mut p[7], i.now as u64);
        put_u64(&mut p[8], i.spray_burst as u64);
        let m = i.mask.unwrap_or_default();
        put_u64(&mut p[9], i.mask.is_some() as u64);
        put_u64(&mut p[10], (m.conn & Self::mask()) as u64);
        put_u64(&mut p[11], m.open_en as u64);
        put_u64(&mut p[12], m.open_val as u64);
        put_u64(&mut p[13], m.susp_en as u64);
        put_u64(&mut p[14], m.susp_val as u64);
        let r = i.rate.unwrap_or_default();
        put_u64(&mut p[15], i.rate.is_some() as u64);
        put_u64(&mut p[16], (r.conn & Self::mask()) as u64);
        put_u64(&mut p[17], r.hint as u64);
        put_u64(&mut p[18], i.port_hint as u64);
    }

    fn decode(p: &[Vec<u32>]) -> SprayOut {
        SprayOut {
            valid: get_u64(&p[0]) & 1 == 1,
            init: get_u64(&p[1]) & 1 == 1,
            conn: get_u64(&p[2]) as u32,
            tag: get_u64(&p[3]) as u16,
            retx: get_u64(&p[4]) & 1 == 1,
            ok: get_u64(&p[5]) & 1 == 1,
            paced: get_u64(&p[6]) & 1 == 1,
            no_path: get_u64(&p[7]) & 1 == 1,
            path: get_u64(&p[8]) as u8,
            next_path: get_u64(&p[9]) as u8,
            burst: get_u64(&p[10]) as u8,
            ready_at: get_u64(&p[11]) as u32,
        }
    }
}

/// What the stimulus believes about one connection.
#[derive(Debug, Clone, Copy, Default)]
struct ConnHabit {
    /// Usual packet size class.
    size: u8,
    /// 1/x chance of a mask flip per clock while hot.
    flip_every: u32,
}

/// Seeded stimulus: picks on a small hot set of connections (runs of the
/// same connection, so distances 1, 2, 3 ... occur constantly) and random
/// others; INITs with every path count; masks flipping per path and whole
/// masks written, often in the same clock as a pick of their connection;
/// retransmissions with suspect paths; rate writes across the hint range
/// (0, small, near and at the port rate, beyond the table); packet sizes
/// from 0 to 16,383 bytes; `now` advancing by one tick a clock with jumps,
/// stalls and the 2^32 wrap; the burst length changing now and then.
#[derive(Debug, Clone)]
pub struct SprayStim<const IDX: usize, const RB: usize> {
    rng: ChaCha8Rng,
    hot: Vec<u32>,
    habits: Vec<ConnHabit>,
    now: u32,
    burst_cfg: u8,
    port_hint: u16,
    run: u32,
    cur: u32,
    tag: u16,
}

impl<const IDX: usize, const RB: usize> SprayStim<IDX, RB> {
    fn mask() -> u32 {
        (1u32 << IDX) - 1
    }

    fn pick_conn(&mut self) -> u32 {
        if self.run > 0 {
            self.run -= 1;
            return self.cur;
        }
        let r = self.rng.gen_range(0..20);
        self.cur = if r < 14 {
            self.hot[self.rng.gen_range(0..self.hot.len())]
        } else {
            self.rng.gen::<u32>() & Self::mask()
        };
        if self.rng.gen_ratio(1, 3) {
            self.run = self.rng.gen_range(1..12);
        }
        self.cur
    }

    fn hint(&mut self) -> u16 {
        let top = 1u32 << RB;
        let r = &mut self.rng;
        match r.gen_range(0..10) {
            0 => 0,
            1 => self.port_hint,
            2 => self.port_hint.saturating_sub(1),
            3 => r.gen_range(top..=top + 5) as u16,
            4 => r.gen(),
            5 => r.gen_range(1..4),
            _ => r.gen_range(1..top.min(self.port_hint.max(2) as u32)) as u16,
        }
    }

    fn bytes(&mut self, class: u8) -> u16 {
        let r = &mut self.rng;
        match (class, r.gen_range(0..10)) {
            (_, 0) => [0, 1, 64, 84, 0x3fff][r.gen_range(0..5)],
            (0, _) => r.gen_range(1..200),
            (1, _) => r.gen_range(1000..1600),
            _ => r.gen_range(4000..9100),
        }
    }
}

impl<const IDX: usize, const RB: usize> Stimulus for SprayStim<IDX, RB> {
    type In = SprayIn;
    type Out = SprayOut;

    fn new(seed: u64) -> Self {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let hot = (0..5).map(|_| rng.gen::<u32>() & Self::mask()).collect();
        let habits = (0..1usize << IDX)
            .map(|_| ConnHabit {
                size: rng.gen_range(0..3),
                flip_every: [2, 6, 30][rng.gen_range(0..3)],
            })
            .collect();
        // start a little before the 32-bit wrap of the tick counter
        let now = 0u32.wrapping_sub(rng.gen_range(1000..200_000));
        let top = 1u32 << RB;
        let port_hint = [top as u16 - 1, (top / 4) as u16, 1000, 0xffff][rng.gen_range(0..4)];
        SprayStim {
            rng,
            hot,
            habits,
            now,
            burst_cfg: 4,
            port_hint,
            run: 0,
            cur: 0,
            tag: 0,
        }
    }

    fn next(&mut self, _cycle: u64) -> SprayIn {
        // time: one tick a clock, sometimes a stall or a jump
        match self.rng.gen_range(0..1000) {
            0 => self.now = self.now.wrapping_add(self.rng.gen_range(1000..3_000_000)),
            1 => self.now = self.rng.gen(),
            2..=60 => {}
            _ => self.now = self.now.wrapping_add(1),
        }
        if self.rng.gen_ratio(1, 3000) {
            self.burst_cfg = [0, 1, 2, 4, 4, 4, 8, 255][self.rng.gen_range(0..8)];
        }
        if self.rng.gen_ratio(1, 20_000) {
            self.port_hint = self.rng.gen_range(1..=u16::MAX);
        }
        let mut i = SprayIn {
            now: self.now,
            spray_burst: self.burst_cfg,
            port_hint: self.port_hint,
            ..Default::default()
        };
        if self.rng.gen_ratio(7, 8) {
            let conn = self.pick_conn();
            self.tag = self.tag.wrapping_add(1);
            let init = self.rng.gen_ratio(1, 150);
            let class = self.habits[conn as usize].size;
            let bytes = self.bytes(class);
            i.op = Some(SprayOp {
                init,
                conn,
                retx: self.rng.gen_ratio(1, 4),
                bytes,
                paths_m1: match self.rng.gen_range(0..4) {
                    0 => 15,
                    1 => 0,
                    _ => self.rng.gen_range(0..16),
                },
                tag: self.tag,
            });
        }
        let same = i.op.map(|o| o.conn);
        if self.rng.gen_ratio(1, 2) {
            let conn = match same {
                Some(c) if self.rng.gen_ratio(1, 2) => c,
                _ => self.pick_conn(),
            };
            let h = self.habits[conn as usize];
            let r = &mut self.rng;
            let mut m = MaskWr {
                conn,
                ..Default::default()
            };
            match r.gen_range(0..12) {
                0 => {
                    // whole masks
                    m.open_en = 0xffff;
                    m.open_val = r.gen();
                    m.susp_en = 0xffff;
                    m.susp_val = if r.gen_ratio(1, 2) { 0 } else { r.gen() };
                }
                1 => {
                    m.open_en = 0xffff;
                    m.open_val = [0, 0xffff, 1 << r.gen_range(0..16)][r.gen_range(0..3)];
                }
                2 | 3 => {
                    let p = r.gen_range(0..16);
                    m.susp_en = 1 << p;
                    m.susp_val = (r.gen_ratio(1, 2) as u16) << p;
                }
                _ if r.gen_ratio(1, h.flip_every) => {
                    // a path's window closes or opens
                    let p = r.gen_range(0..16);
                    m.open_en = 1 << p;
                    m.open_val = (r.gen_ratio(2, 3) as u16) << p;
                }
                _ => {
                    m.open_en = r.gen();
                    m.open_val = r.gen();
                    m.susp_en = r.gen::<u16>() & r.gen::<u16>();
                    m.susp_val = r.gen();
                }
            }
            i.mask = Some(m);
        }
        if self.rng.gen_ratio(1, 40) {
            let conn = match same {
                Some(c) if self.rng.gen_ratio(1, 2) => c,
                _ => self.pick_conn(),
            };
            let hint = self.hint();
            i.rate = Some(RateWr { conn, hint });
        }
        i
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use braid_spec::regs::CFG_TICK_HZ as TICK_HZ;
    use braid_spec::wire::braid::RATE_HINT_UNIT_BPS;

    /// Round robin over the open paths in bursts of `spray_burst`: every
    /// open path gets its share within one burst, closed paths and paths
    /// beyond the count none, runs are exactly one burst long and visit
    /// the open paths in circular order (random masks, counts, bursts).
    #[test]
    fn spreads_round_robin_in_bursts() {
        let seed = 0xfa1e;
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for trial in 0..300 {
            let n_m1: u8 = rng.gen_range(0..16);
            let burst: u8 = rng.gen_range(1..=8);
            let open = rng.gen::<u16>() | 1 << rng.gen_range(0..=n_m1);
            let cand = open & ((2u32 << n_m1) - 1) as u16;
            let k = cand.count_ones() as i64;
            let mut c = SprayConn {
                open,
                n_m1,
                next_path: rng.gen_range(0..=n_m1),
                ..Default::default()
            };
            let total: i64 = rng.gen_range(100..3000);
            let mut counts = [0i64; 16];
            let mut seq = Vec::new();
            for _ in 0..total {
                let (ok, paced, none, p) = pick(&mut c, rng.gen(), 1500, 0, burst);
                assert!(ok && !paced && !none, "seed {seed:#x} trial {trial}");
                counts[p as usize] += 1;
                seq.push(p);
            }
            let ctx = format!("seed {seed:#x} trial {trial}: open {open:#06x} n_m1 {n_m1} burst {burst} total {total} counts {counts:?}");
            for (p, &n) in counts.iter().enumerate() {
                if cand >> p & 1 == 1 {
                    assert!((n - total / k).abs() <= burst as i64, "{ctx}");
                } else {
                    assert_eq!(n, 0, "{ctx}");
                }
            }
            if k > 1 {
                let runs: Vec<(u8, usize)> = seq
                    .chunk_by(|a, b| a == b)
                    .map(|r| (r[0], r.len()))
                    .collect();
                for (j, w) in runs.windows(2).enumerate() {
                    // the first run may finish a burst begun before
                    if j > 0 {
                        assert_eq!(w[0].1, burst as usize, "{ctx}");
                    }
                    let next = (1..=16)
                        .map(|d| (w[0].0 + d) & 15)
                        .find(|&q| cand >> q & 1 == 1)
                        .unwrap();
                    assert_eq!(w[1].0, next, "{ctx}");
                }
            }
        }
    }

    /// A retransmission never takes a suspect path while a candidate that
    /// is not suspect exists, and takes a suspect one when only suspects
    /// are open; a first transmission ignores `suspect`.
    #[test]
    fn retransmissions_avoid_suspect_paths() {
        let seed = 0x5a5;
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let (mut avoided, mut forced) = (0, 0);
        for _ in 0..20_000 {
            let mut c = SprayConn {
                open: rng.gen(),
                susp: rng.gen(),
                n_m1: rng.gen_range(0..16),
                next_path: rng.gen_range(0..16),
                burst: rng.gen_range(0..4),
                ..Default::default()
            };
            let cand = c.open & ((2u32 << c.n_m1) - 1) as u16;
            let retx = rng.gen();
            let before = c;
            let (ok, _, none, p) = pick(&mut c, retx, 100, 0, 4);
            assert_eq!(ok, cand != 0, "seed {seed:#x} {before:?}");
            assert_eq!(none, cand == 0);
            if !ok {
                assert_eq!(c, before);
                continue;
            }
            assert!(cand >> p & 1 == 1);
            let suspect = before.susp >> p & 1 == 1;
            if retx && cand & !before.susp != 0 {
                assert!(!suspect, "seed {seed:#x} {before:?} -> {p}");
                avoided += (cand & before.susp != 0) as u32;
            } else if retx {
                forced += 1;
            }
            // the same choice as a first transmission when no suspect is in the way
            if !retx || cand & before.susp == 0 || cand & !before.susp == 0 {
                let mut d = before;
                assert_eq!(pick(&mut d, false, 100, 0, 4).3, p);
            }
        }
        assert!(avoided > 1000 && forced > 100, "{avoided} {forced}");
    }

    /// Paced rate over 10,000 back-to-back packets of one connection,
    /// against the hint and against the transport model's f64 pacer
    /// (`net.rs`, `pace`: next = max(next, now - ser/2) + ser, the
    /// sender woken when next is due) run on the same schedule: within 1%
    /// of both, for hints from 100 Mb/s to 400 Gb/s and frames from the
    /// minimum to jumbo, across the 32-bit tick wrap.
    #[test]
    fn paces_at_the_hinted_rate() {
        let port_hint = 4095u16;
        for &hint in &[1u16, 7, 100, 250, 1000, 2500, 4000] {
            for &bytes in &[84u16, 1538, 4200, 9038] {
                let ser_ticks = bytes as f64 * 8.0 * TICK_HZ as f64 / (hint as f64 * 1e8);
                if ser_ticks < 2.0 {
                    continue; // faster than one attempt per tick can show
                }
                let start: u64 = (1 << 32) - 1_000_000;
                // the block
                let mut c = SprayConn {
                    open: 1,
                    inc: SprayerModel::inc_for(hint, port_hint),
                    pacer: (start << 8) & M40,
                    ..Default::default()
                };
                let mut t = start;
                let mut sent = Vec::new();
                while sent.len() < 10_000 {
                    let (ok, paced, ..) = pick(&mut c, false, bytes, t as u32, 4);
                    if ok {
                        sent.push(t);
                    } else {
                        assert!(paced);
                        let ready = ((c.pacer >> 8) + (c.pacer & 255 != 0) as u64) as u32;
                        t += ready.wrapping_sub(t as u32) as u64;
                    }
                }
                // the transport model's f64 pacer on the same schedule
                let ser = ((bytes as u128 * 8 * 1_000_000_000_000)
                    .div_ceil(hint as u128 * 100_000_000)) as f64
                    * TICK_HZ as f64
                    / 1e12;
                let (mut next, mut t2, mut sent2) = (start as f64, start, Vec::new());
                while sent2.len() < 10_000 {
                    if next > t2 as f64 {
                        t2 = next.ceil() as u64;
                    } else {
                        sent2.push(t2);
                        next = next.max(t2 as f64 - ser / 2.0) + ser;
                    }
                }
                let rate = |s: &[u64]| {
                    (s.len() - 1) as f64 * bytes as f64 * 8.0
                        / ((s[s.len() - 1] - s[0]) as f64 / TICK_HZ as f64)
                };
                let (hw, f) = (rate(&sent), rate(&sent2));
                let want = hint as f64 * RATE_HINT_UNIT_BPS as f64;
                assert!(
                    (hw / want - 1.0).abs() < 0.01,
                    "hint {hint} bytes {bytes}: {hw} b/s"
                );
                assert!(
                    (hw / f - 1.0).abs() < 0.01,
                    "hint {hint} bytes {bytes}: {hw} vs f64 {f}"
                );
                assert!(hw >= f * 0.9999, "truncation only speeds up: {hw} {f}");
            }
        }
    }

    /// Not paced: hint 0, at or above the port rate, beyond the table;
    /// a pacer left far behind (idle connection, tick wrap-around) does
    /// not hold the connection, and neither does one more than 2^24 ticks
    /// ahead (stale).
    #[test]
    fn pacer_limits_and_stale_values() {
        assert_eq!(SprayerModel::inc_for(0, 1000), 0);
        assert_eq!(SprayerModel::inc_for(1000, 1000), 0);
        assert_eq!(SprayerModel::inc_for(4096, 0xffff), 0);
        assert_ne!(SprayerModel::inc_for(999, 1000), 0);
        assert_eq!(SprayerTinyModel::inc_for(256, 1000), 0);
        for (pacer_ticks, now, held) in [
            (100u64, 100u32, false),
            (101, 100, true),
            (100 + (1 << 24), 100, true),
            (101 + (1 << 24), 100, false),
            (5, u32::MAX - 3, true),
            (u32::MAX as u64 - 3, 5, false),
        ] {
            let mut c = SprayConn {
                open: 1,
                inc: inc_of_hint(10),
                pacer: (pacer_ticks << 8) & M40,
                ..Default::default()
            };
            let (ok, paced, ..) = pick(&mut c, false, 1000, now, 4);
            assert_eq!((paced, ok), (held, !held), "pacer {pacer_ticks} now {now}");
            if ok {
                // a packet's time from now or from the pacer, never more than half behind
                let ser = ser_of(1000, c.inc);
                let n = (now as u64) << 8;
                let d = c.pacer.wrapping_sub(n) & M40;
                assert!(d >= ser - ser / 2 && d <= ser, "{d} {ser}");
            }
        }
    }

    #[test]
    fn inc_is_ticks_per_byte() {
        // 100 Gb/s at 300 MHz: 0.024 ticks per byte
        let inc = inc_of_hint(1000) as f64 / (1u64 << INC_FRAC) as f64;
        assert!((inc - 0.024).abs() < 1e-6, "{inc}");
        assert_eq!(inc_of_hint(1), 24 << INC_FRAC);
        assert_eq!(inc_of_hint(0), 0);
    }

    /// Busy: a paced connection's PICK within two clocks after another
    /// operation on it is refused as paced and changes nothing; an
    /// unpaced connection is picked on every clock (also right after its
    /// INIT); two clocks between two PICKs (idle or other connections'
    /// operations) let the second through.
    #[test]
    fn busy_refuses_back_to_back_paced_picks() {
        let mut m = SprayerModel::default();
        let op = |conn, init| SprayOp {
            init,
            conn,
            bytes: 84,
            paths_m1: 3,
            ..Default::default()
        };
        let base = SprayIn {
            now: 1000,
            spray_burst: 1,
            port_hint: 4095,
            ..Default::default()
        };
        let mut outs = Vec::new();
        let mut run = |m: &mut SprayerModel, i: SprayIn| {
            outs.push(m.step(&i));
        };
        let open = MaskWr {
            conn: 5,
            open_en: 0xf,
            open_val: 0xf,
            ..Default::default()
        };
        // INIT 5 with every path open; 5 unpaced: PICKs on three clocks in a row
        run(
            &mut m,
            SprayIn {
                op: Some(op(5, true)),
                mask: Some(open),
                ..base
            },
        );
        for _ in 0..3 {
            run(
                &mut m,
                SprayIn {
                    op: Some(op(5, false)),
                    ..base
                },
            );
        }
        // 5 paced at a hint of 1 (84 bytes: 2,016 ticks), one clock
        // later: the first PICK goes, the next clock's is busy, and so is
        // the next one's (it follows a refused PICK)
        let rate = RateWr { conn: 5, hint: 1 };
        run(
            &mut m,
            SprayIn {
                rate: Some(rate),
                ..base
            },
        );
        // two clocks apart from the last PICK (a paced PICK within two
        // clocks after another operation on its connection is Busy)
        run(&mut m, base);
        run(
            &mut m,
            SprayIn {
                op: Some(op(5, false)),
                ..base
            },
        );
        let pacer = m.conn(5).pacer;
        run(
            &mut m,
            SprayIn {
                op: Some(op(5, false)),
                now: 5000,
                ..base
            },
        );
        run(
            &mut m,
            SprayIn {
                op: Some(op(5, false)),
                now: 5000,
                ..base
            },
        );
        assert_eq!(m.conn(5).pacer, pacer, "a busy PICK leaves the pacer");
        // two operations of another connection in between: the pacer (far
        // behind now) lets it go
        for _ in 0..2 {
            run(
                &mut m,
                SprayIn {
                    op: Some(op(6, false)),
                    now: 5000,
                    ..base
                },
            );
        }
        run(
            &mut m,
            SprayIn {
                op: Some(op(5, false)),
                now: 5000,
                ..base
            },
        );
        for _ in 0..SPRAYER_LATENCY {
            run(&mut m, base);
        }
        let r: Vec<(bool, bool)> = outs[SPRAYER_LATENCY..]
            .iter()
            .filter(|o| o.valid && o.conn == 5 && !o.init)
            .map(|o| (o.ok, o.paced))
            .collect();
        assert_eq!(
            r,
            [
                (true, false),
                (true, false),
                (true, false),
                (true, false),
                (false, true),
                (false, true),
                (true, false)
            ]
        );
        assert_ne!(m.conn(5).pacer, pacer);
    }
}
