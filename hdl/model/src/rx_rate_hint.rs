//! Cycle-exact model of `rx_rate_hint` (`hdl/rtl/src/rx_rate_hint.rs`): the
//! receiver's fair-share hint. The port's rate is scaled down while the
//! queue in front of the receiver builds (one-way delay over each
//! connection's smallest) and divided among the senders active toward it.

use super::{get_u64, put_u64, CycleModel, Stimulus};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// `cut` per tick of queueing delay over the threshold, 16-bit fixed point
/// (0.1, the fabric model's `HINT_CUT`).
pub const CUT_NUM: u32 = 6554;
/// Largest cut (one half).
pub const CUT_MAX: u32 = 32768;
/// Recovery per interval without a queue (0.05, `HINT_RECOVER`).
pub const RECOVER: u32 = 3277;
/// Smallest scale (one quarter).
pub const SCALE_MIN: u32 = 16384;
/// Scale 1.0.
pub const SCALE_ONE: u32 = 65536;

/// One clock's inputs.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RhIn {
    /// A data packet: (connection, timestamp).
    pub pk: Option<(u32, u32)>,
    /// A connection set-up (taken only while `st_ready`).
    pub st: Option<u32>,
    /// The engine tick.
    pub now: u32,
    /// Ticks per interval (0: 65,536).
    pub cfg_interval: u16,
    /// Queue threshold in ticks (0: never lowered).
    pub cfg_queue: u16,
    /// The port's rate in hint units.
    pub cfg_port_hint: u16,
}

/// Outputs after one edge.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RhOut {
    /// No set-up pending.
    pub st_ready: bool,
    /// The hint.
    pub hint: u16,
    /// The sender count of the hint.
    pub senders: u16,
    /// The queue scale (65,536 = 1.0).
    pub scale: u32,
    /// Cuts of the scale.
    pub cnt_cuts: u32,
    /// Interval number.
    pub epoch: u16,
}

const REC_BV: u64 = 1 << 32;
const MASK17: u32 = (1 << 17) - 1;

fn rec_base(r: u64) -> u32 {
    r as u32
}
fn rec_epoch(r: u64) -> u16 {
    (r >> 33) as u16
}

/// Cycle-exact model; `CB` connection index bits (10 default, 4 tiny).
#[derive(Debug, Clone)]
pub struct RateHintModelG<const CB: usize> {
    recs: Vec<u64>,
    ram_q: u64,
    st_pend: bool,
    st_pconn: u32,
    a_valid: bool,
    a_setup: bool,
    a_conn: u32,
    a_now: u32,
    a_ts: u32,
    b_valid: bool,
    b_setup: bool,
    b_conn: u32,
    b_owd: u32,
    w_valid: bool,
    w_conn: u32,
    w_rec: u64,
    c_inc: bool,
    c_st: bool,
    c_exv: bool,
    c_ex: u32,
    c_old: bool,
    iv_cnt: u16,
    iv_end: bool,
    /// The interval count; its low 16 bits are the epoch in the records.
    e32: u32,
    act_cur: u16,
    act_prev: u16,
    st_cur: u16,
    st_prev: u16,
    mx: u16,
    mx_valid: bool,
    adj_pend: bool,
    adj_qv: bool,
    adj_q: u16,
    n1: u16,
    ns: u16,
    nn: u16,
    ph: u8,
    steps: u8,
    m_x: u32,
    m_hi: u32,
    m_lo: u32,
    d_rem: u32,
    u_n: u16,
    u_t: u16,
    u_ph: u16,
    sc: u32,
    hint: u16,
    senders: u16,
    cuts: u32,
}

/// The default build (1,024 connections).
pub type RateHintModel = RateHintModelG<10>;
/// The tiny build (16 connections).
pub type RateHintTinyModel = RateHintModelG<4>;

impl<const CB: usize> Default for RateHintModelG<CB> {
    fn default() -> Self {
        RateHintModelG {
            recs: vec![0; 1 << CB],
            ram_q: 0,
            st_pend: false,
            st_pconn: 0,
            a_valid: false,
            a_setup: false,
            a_conn: 0,
            a_now: 0,
            a_ts: 0,
            b_valid: false,
            b_setup: false,
            b_conn: 0,
            b_owd: 0,
            w_valid: false,
            w_conn: 0,
            w_rec: 0,
            c_inc: false,
            c_st: false,
            c_exv: false,
            c_ex: 0,
            c_old: false,
            iv_cnt: 0,
            iv_end: false,
            e32: 0,
            act_cur: 0,
            act_prev: 0,
            st_cur: 0,
            st_prev: 0,
            mx: 0,
            mx_valid: false,
            adj_pend: false,
            adj_qv: false,
            adj_q: 0,
            n1: 0,
            ns: 0,
            nn: 0,
            ph: 0,
            steps: 0,
            m_x: 0,
            m_hi: 0,
            m_lo: 0,
            d_rem: 0,
            u_n: 0,
            u_t: 0,
            u_ph: 0,
            sc: SCALE_ONE,
            hint: 0,
            senders: 0,
            cuts: 0,
        }
    }
}

impl<const CB: usize> RateHintModelG<CB> {
    /// The epoch stored in the records: the interval count's low half.
    fn ep(&self) -> u16 {
        self.e32 as u16
    }

    fn mask() -> u32 {
        (1u32 << CB) - 1
    }

    /// The scale (65,536 = 1.0).
    pub fn scale(&self) -> u32 {
        self.sc
    }

    /// The hint.
    pub fn hint(&self) -> u16 {
        self.hint
    }
}

impl<const CB: usize> CycleModel for RateHintModelG<CB> {
    const MODULE: &'static str = if CB == 10 {
        "rx_rate_hint"
    } else {
        "rx_rate_hint_tiny"
    };
    const INPUTS: &'static [&'static str] = &[
        "pk_valid",
        "pk_conn",
        "pk_ts",
        "st_valid",
        "st_conn",
        "now",
        "cfg_interval",
        "cfg_queue",
        "cfg_port_hint",
    ];
    const OUTPUTS: &'static [&'static str] =
        &["st_ready", "hint", "senders", "scale", "cnt_cuts", "epoch"];
    type In = RhIn;
    type Out = RhOut;
    type Stim = RateHintStim<CB>;

    fn step(&mut self, i: &RhIn) -> RhOut {
        let m = Self::mask();
        let mut n = self.clone();

        // issue
        let pk_valid = i.pk.is_some();
        let (pk_conn, pk_ts) = i.pk.map_or((0, 0), |(c, t)| (c & m, t));
        if self.st_pend {
            n.st_pend = pk_valid;
        } else {
            n.st_pend = i.st.is_some();
            if let Some(c) = i.st {
                n.st_pconn = c & m;
            }
        }
        n.a_valid = pk_valid || self.st_pend;
        n.a_setup = !pk_valid && self.st_pend;
        n.a_conn = if pk_valid { pk_conn } else { self.st_pconn };
        // the one-way delay less the 32-bit interval count: a base kept
        // relative to it creeps up one tick per interval (clock drift)
        n.a_now = i.now.wrapping_sub(self.e32);
        n.a_ts = pk_ts;

        // stage A
        n.b_valid = self.a_valid;
        n.b_setup = self.a_setup;
        n.b_conn = self.a_conn;
        n.b_owd = self.a_now.wrapping_sub(self.a_ts);
        n.ram_q = self.recs[self.a_conn as usize];

        // stage B
        let fwd = self.w_valid && self.w_conn == self.b_conn;
        let rec = if fwd { self.w_rec } else { self.ram_q };
        let d = self.b_owd.wrapping_sub(rec_base(rec));
        let keep = rec & REC_BV != 0 && d >> 31 == 0;
        // only a connection seen in this interval or the last one has an
        // excess (the first packet after a silence carries the drift)
        let recent = rec_epoch(rec) == self.ep() || rec_epoch(rec) == self.ep().wrapping_sub(1);
        let new_rec = if self.b_setup {
            (self.ep().wrapping_sub(1) as u64) << 33
        } else if keep {
            (self.ep() as u64) << 33 | REC_BV | rec_base(rec) as u64
        } else {
            (self.ep() as u64) << 33 | REC_BV | self.b_owd as u64
        };
        if self.b_valid {
            n.recs[self.b_conn as usize] = new_rec;
        }
        n.w_valid = self.b_valid;
        n.w_conn = self.b_conn;
        n.w_rec = new_rec;
        n.c_inc = self.b_valid && !self.b_setup && rec_epoch(rec) != self.ep();
        n.c_st = self.b_valid && self.b_setup;
        n.c_exv = self.b_valid && !self.b_setup;
        n.c_ex = if keep && recent { d } else { 0 };
        n.c_old = self.iv_end;

        // intervals
        if self.iv_cnt != 0 {
            n.iv_cnt = self.iv_cnt - 1;
            n.iv_end = false;
        } else {
            n.iv_cnt = i.cfg_interval.wrapping_sub(1);
            n.iv_end = true;
        }

        // stage C
        let ex16 = if self.c_ex >> 16 != 0 {
            0xffff
        } else {
            self.c_ex as u16
        };
        let inc_cur = (self.c_inc && !self.c_old) as u16;
        let inc_prev = (self.c_inc && self.c_old) as u16;
        let stc_cur = (self.c_st && !self.c_old) as u16;
        let stc_prev = (self.c_st && self.c_old) as u16;
        if self.iv_end {
            n.e32 = self.e32.wrapping_add(1);
            n.act_prev = self.act_cur.wrapping_add(inc_cur);
            n.act_cur = 0;
            n.st_prev = self.st_cur.wrapping_add(stc_cur);
            n.st_cur = 0;
            n.adj_qv = self.mx_valid;
            n.adj_q = self.mx;
            n.mx_valid = self.c_exv;
            n.mx = ex16;
        } else {
            n.act_cur = self.act_cur.wrapping_add(inc_cur);
            n.act_prev = self.act_prev.wrapping_add(inc_prev);
            n.st_cur = self.st_cur.wrapping_add(stc_cur);
            n.st_prev = self.st_prev.wrapping_add(stc_prev);
            if self.c_exv && (!self.mx_valid || ex16 < self.mx) {
                n.mx = ex16;
                n.mx_valid = true;
            }
        }

        // senders
        n.n1 = self.act_prev.max(self.act_cur);
        n.ns = (self.st_prev as u32 + self.st_cur as u32).min(0xffff) as u16;
        n.nn = self.n1.max(self.ns).max(1);

        // arithmetic unit
        let msum = self.m_hi + if self.m_lo & 1 != 0 { self.m_x } else { 0 };
        let mul_hi = msum >> 1;
        let mul_lo = (self.m_lo >> 1) | (msum & 1) << 16;
        let drem = (self.d_rem << 1 | self.m_lo >> 31) & MASK17;
        let dfit = drem >= self.u_t as u32;
        let div_rem = if dfit { drem - self.u_t as u32 } else { drem };
        let div_lo = self.m_lo << 1 | dfit as u32;
        n.steps = self.steps.wrapping_sub(1) & 63;
        match self.ph {
            0 => {
                n.ph = 4;
                if self.adj_pend {
                    if self.adj_qv && i.cfg_queue != 0 && self.adj_q > i.cfg_queue {
                        n.ph = 1;
                        n.steps = 17;
                        n.m_x = CUT_NUM;
                        n.m_hi = 0;
                        n.m_lo = self.adj_q as u32;
                        n.u_t = i.cfg_queue;
                    } else {
                        n.sc = (self.sc + RECOVER).min(SCALE_ONE);
                    }
                }
            }
            1 => {
                n.m_hi = mul_hi;
                n.m_lo = mul_lo;
                if self.steps == 1 {
                    n.ph = 2;
                    n.steps = 32;
                    n.m_lo = mul_hi << 17 | (mul_lo & MASK17);
                    n.d_rem = 0;
                }
            }
            2 => {
                n.d_rem = div_rem;
                n.m_lo = div_lo;
                if self.steps == 1 {
                    n.ph = 7;
                }
            }
            7 => {
                n.ph = 3;
                n.steps = 17;
                n.m_x = self.sc;
                n.m_hi = 0;
                n.m_lo = SCALE_ONE - self.m_lo.min(CUT_MAX);
            }
            3 => {
                n.m_hi = mul_hi;
                n.m_lo = mul_lo;
                if self.steps == 1 {
                    n.ph = 4;
                    n.cuts = self.cuts.wrapping_add(1);
                    n.sc = (msum & MASK17).max(SCALE_MIN);
                }
            }
            4 => {
                n.ph = 5;
                n.steps = 17;
                n.u_n = self.nn;
                n.u_ph = i.cfg_port_hint;
                n.m_x = self.sc;
                n.m_hi = 0;
                n.m_lo = i.cfg_port_hint as u32;
            }
            5 => {
                n.m_hi = mul_hi;
                n.m_lo = mul_lo;
                if self.steps == 1 {
                    n.ph = 6;
                    n.steps = 16;
                    n.m_lo = (msum & 0xffff) << 16;
                    n.d_rem = 0;
                    n.u_t = self.u_n;
                }
            }
            6 => {
                n.d_rem = div_rem;
                n.m_lo = div_lo;
                if self.steps == 1 {
                    n.ph = 8;
                }
            }
            _ => {
                n.ph = 0;
                n.senders = self.u_n;
                let q = self.m_lo as u16;
                n.hint = if self.u_ph == 0 { 0 } else { q.max(1) };
            }
        }
        n.adj_pend = if self.ph == 0 {
            self.iv_end
        } else {
            self.adj_pend || self.iv_end
        };

        *self = n;
        RhOut {
            st_ready: !self.st_pend,
            hint: self.hint,
            senders: self.senders,
            scale: self.sc,
            cnt_cuts: self.cuts,
            epoch: self.ep(),
        }
    }

    fn encode(i: &RhIn, p: &mut [Vec<u32>]) {
        if let Some((c, t)) = i.pk {
            put_u64(&mut p[0], 1);
            put_u64(&mut p[1], c as u64);
            put_u64(&mut p[2], t as u64);
        }
        if let Some(c) = i.st {
            put_u64(&mut p[3], 1);
            put_u64(&mut p[4], c as u64);
        }
        put_u64(&mut p[5], i.now as u64);
        put_u64(&mut p[6], i.cfg_interval as u64);
        put_u64(&mut p[7], i.cfg_queue as u64);
        put_u64(&mut p[8], i.cfg_port_hint as u64);
    }

    fn decode(p: &[Vec<u32>]) -> RhOut {
        RhOut {
            st_ready: get_u64(&p[0]) & 1 == 1,
            hint: get_u64(&p[1]) as u16,
            senders: get_u64(&p[2]) as u16,
            scale: get_u64(&p[3]) as u32,
            cnt_cuts: get_u64(&p[4]) as u32,
            epoch: get_u64(&p[5]) as u16,
        }
    }
}

/// Seeded stimulus: phases of 12,000 clocks, each with its own interval
/// (1 to 400 ticks, sometimes 0 = 65,536), queue threshold (sometimes 0),
/// port rate (sometimes 0), sender set, load and queue behaviour: a shared
/// queueing delay that builds, holds or drains, added to each connection's
/// own clock offset and path delay; bursts of one connection (the record
/// forwarded from the previous clock), timestamps ahead of the base (the
/// base moves down) or far behind it (the excess saturates), and set-ups,
/// some while one is pending (refused by `st_ready`).
#[derive(Debug, Clone)]
pub struct RateHintStim<const CB: usize> {
    rng: ChaCha8Rng,
    start: u32,
    offs: Vec<u32>,
    senders: Vec<u32>,
    load: f64,
    queue: u32,
    trend: i32,
    cfg: (u16, u16, u16),
    burst: u32,
    cur: u32,
}

impl<const CB: usize> RateHintStim<CB> {
    fn new_phase(&mut self) {
        let r = &mut self.rng;
        let n = 1usize << CB;
        let k = match r.gen_range(0..4) {
            0 => 1,
            1 => r.gen_range(2..=4.min(n)),
            2 => r.gen_range(1..=n.min(40)),
            _ => r.gen_range(1..=n),
        };
        self.senders = (0..k).map(|_| r.gen_range(0..n as u32)).collect();
        self.load = [0.05, 0.3, 0.7, 0.95][r.gen_range(0..4)];
        let interval = match r.gen_range(0..10) {
            0 => 1,
            1 => 0,
            2 => r.gen_range(2..40),
            _ => r.gen_range(40..400),
        };
        let queue = match r.gen_range(0..5) {
            0 => 0,
            _ => r.gen_range(1..300),
        };
        let port = match r.gen_range(0..6) {
            0 => 0,
            1 => 4000,
            2 => r.gen_range(1..16),
            _ => r.gen(),
        };
        self.cfg = (interval, queue, port);
    }
}

impl<const CB: usize> Stimulus for RateHintStim<CB> {
    type In = RhIn;
    type Out = RhOut;

    fn new(seed: u64) -> Self {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let start = if seed.is_multiple_of(2) {
            0u32.wrapping_sub(30_000)
        } else {
            rng.gen()
        };
        let offs = (0..1u32 << CB).map(|_| rng.gen()).collect();
        let mut s = RateHintStim {
            rng,
            start,
            offs,
            senders: vec![0],
            load: 0.5,
            queue: 0,
            trend: 0,
            cfg: (100, 100, 4000),
            burst: 0,
            cur: 0,
        };
        s.new_phase();
        s
    }

    fn next(&mut self, cycle: u64) -> RhIn {
        if cycle % 12_000 == 11_999 {
            self.new_phase();
        }
        let now = self.start.wrapping_add(cycle as u32);
        let r = &mut self.rng;
        // the shared queue: builds, holds or drains in stretches
        if r.gen_ratio(1, 1500) {
            self.trend = match r.gen_range(0..6) {
                0 | 1 => {
                    self.queue = 0; // drained at once
                    0
                }
                2 => 0,
                5 => -3,
                _ => r.gen_range(1..=3),
            };
        }
        if r.gen_ratio(1, 4) {
            self.queue = (self.queue as i64 + self.trend as i64).clamp(0, 5_000) as u32;
        }
        let pk = if r.gen_bool(self.load) {
            let c = if self.burst > 0 {
                self.burst -= 1;
                self.cur
            } else {
                self.cur = self.senders[r.gen_range(0..self.senders.len())];
                if r.gen_ratio(1, 8) {
                    self.burst = r.gen_range(1..6);
                }
                self.cur
            };
            let path = 200 + (c % 7) * 13 + r.gen_range(0..4);
            let mut owd = path + self.queue;
            match r.gen_range(0..400) {
                0 => owd = owd.wrapping_sub(r.gen_range(1..1000)), // ahead of the base
                1 => owd = owd.wrapping_add(r.gen_range(70_000..1 << 30)), // far behind
                _ => {}
            }
            // the sender's clock is the receiver's minus its offset
            let ts = now.wrapping_sub(owd).wrapping_sub(self.offs[c as usize]);
            Some((c, ts))
        } else {
            None
        };
        let st = r
            .gen_ratio(1, 300)
            .then(|| r.gen_range(0..1u32 << CB))
            .or_else(|| (r.gen_ratio(1, 20_000)).then_some(0));
        // a set-up changes the connection's peer: a new clock offset
        if let Some(c) = st {
            if r.gen_bool(0.5) {
                self.offs[c as usize] = r.gen();
            }
        }
        RhIn {
            pk,
            st,
            now,
            cfg_interval: self.cfg.0,
            cfg_queue: self.cfg.1,
            cfg_port_hint: self.cfg.2,
        }
    }
}

/// What a run reached (for the coverage test).
#[derive(Debug, Clone, Copy, Default)]
pub struct RhCov {
    /// Cuts of the scale.
    pub cuts: u32,
    /// Distinct hint values shown.
    pub hints: usize,
    /// Clocks with the scale at its floor.
    pub at_floor: u64,
    /// Times the scale came back to 1.0 after a cut.
    pub recovered: u32,
    /// Largest sender count.
    pub max_senders: u16,
    /// Set-ups refused (`st_ready` low).
    pub st_refused: u32,
    /// Hints of 0 with a port rate (never) and of 0 with none.
    pub zero_hints: u32,
}

/// Run the stimulus through the model and report what it reached.
pub fn coverage<const CB: usize>(seed: u64, cycles: u64) -> RhCov {
    let mut m = RateHintModelG::<CB>::default();
    let mut s = RateHintStim::<CB>::new(seed);
    let mut cov = RhCov::default();
    let mut seen = std::collections::HashSet::new();
    let mut ready = true;
    let mut was_cut = false;
    for c in 0..cycles {
        let i = s.next(c);
        if i.st.is_some() && !ready {
            cov.st_refused += 1;
        }
        let o = m.step(&i);
        s.observe(&o);
        ready = o.st_ready;
        seen.insert(o.hint);
        cov.max_senders = cov.max_senders.max(o.senders);
        if o.scale == SCALE_MIN {
            cov.at_floor += 1;
        }
        if o.scale < SCALE_ONE {
            was_cut = true;
        } else if was_cut {
            was_cut = false;
            cov.recovered += 1;
        }
        if o.hint == 0 {
            cov.zero_hints += 1;
        }
        cov.cuts = o.cnt_cuts;
    }
    cov.hints = seen.len();
    cov
}

#[cfg(test)]
mod tests {
    use super::*;

    fn idle(now: u32, interval: u16, queue: u16, port: u16) -> RhIn {
        RhIn {
            now,
            cfg_interval: interval,
            cfg_queue: queue,
            cfg_port_hint: port,
            ..RhIn::default()
        }
    }

    /// Five steady senders without a queue share the port exactly:
    /// 4,000 / 5 = 800; a sixth that starts sending counts at once; set-ups
    /// alone count as senders for a whole interval; senders that stop count
    /// one more interval.
    #[test]
    fn steady_senders_share_the_port() {
        let mut m = RateHintModel::default();
        let mut o = RhOut::default();
        for c in 0..4_000u32 {
            let mut i = idle(c, 200, 0, 4000);
            i.pk = Some((10 + c % 5, c.wrapping_sub(300)));
            o = m.step(&i);
        }
        assert_eq!((o.hint, o.senders, o.scale), (800, 5, SCALE_ONE));
        for c in 4_000..4_100u32 {
            let mut i = idle(c, 200, 0, 4000);
            i.pk = Some((10 + c % 6, c.wrapping_sub(300)));
            o = m.step(&i);
        }
        assert_eq!((o.hint, o.senders), (666, 6));
        // everyone stops: after two intervals the hint is the whole port
        for c in 4_100..4_500u32 {
            o = m.step(&idle(c, 200, 0, 4000));
        }
        assert_eq!((o.hint, o.senders), (4000, 1));
        // four connections are set up: they count as senders until the
        // interval after next, data or not
        for c in 4_500..4_600u32 {
            let mut i = idle(c, 200, 0, 4000);
            i.st = (c < 4_508 && c % 2 == 0).then_some(c);
            o = m.step(&i);
        }
        assert_eq!((o.hint, o.senders), (1000, 4));
        for c in 4_600..5_000u32 {
            o = m.step(&idle(c, 200, 0, 4000));
        }
        assert_eq!((o.hint, o.senders), (4000, 1));
        assert_eq!(o.cnt_cuts, 0);
    }

    /// A queue building in front of the receiver cuts the scale, by more
    /// the longer it is and at most to a quarter; the hint follows the
    /// scale; once the queue drains the scale comes back to 1.0 by a
    /// twentieth per interval. A port rate of 0 gives hint 0.
    #[test]
    fn a_building_queue_cuts_the_hint_and_it_recovers() {
        let mut m = RateHintModel::default();
        let (interval, queue, port) = (150u16, 100u16, 4000u16);
        let mut o = RhOut::default();
        let mut q = 0u32;
        let mut last_scale = SCALE_ONE;
        let mut cuts_seen = 0;
        for c in 0..60_000u32 {
            if (2_000..30_000).contains(&c) && c.is_multiple_of(20) {
                q += 1; // the queue builds 1 tick every 20
            }
            if c >= 30_000 {
                q = 0;
            }
            let mut i = idle(c, interval, queue, port);
            i.pk = Some((3, c.wrapping_sub(500 + q)));
            o = m.step(&i);
            if o.scale < last_scale {
                cuts_seen += 1;
                // one cut is at most a half, and with the queue over the
                // threshold it is at least a tenth of q / threshold - 1
                assert!(o.scale >= (last_scale / 2).max(SCALE_MIN), "clock {c}");
                assert!(o.scale <= last_scale - last_scale / 11 || o.scale == SCALE_MIN);
            }
            if c == 29_999 {
                assert_eq!(
                    o.scale, SCALE_MIN,
                    "the long queue drives the scale to its floor"
                );
                assert_eq!(o.hint, 1000);
            }
            last_scale = o.scale;
        }
        assert!(cuts_seen > 5, "{cuts_seen}");
        assert_eq!(o.scale, SCALE_ONE);
        assert_eq!((o.hint, o.senders), (4000, 1));
        assert!(o.cnt_cuts >= cuts_seen);
        for c in 60_000..60_100u32 {
            o = m.step(&idle(c, interval, queue, 0));
        }
        assert_eq!(o.hint, 0);
    }

    /// Clock drift is not a queue: a sender whose clock runs slow (its
    /// one-way delay grows by a tick every 300 clocks, half a tick per
    /// 150-clock interval, 667 ticks in all: far over the 100-tick
    /// threshold) never cuts the hint, nor does its first burst after a
    /// silence of 333 intervals; a real queue of 400 ticks still does.
    #[test]
    fn clock_drift_does_not_cut_the_hint() {
        let mut m = RateHintModel::default();
        let (interval, queue, port) = (150u16, 100u16, 4000u16);
        let owd = |c: u32| 500 + c / 300;
        let mut o = RhOut::default();
        for c in 0..200_000u32 {
            let mut i = idle(c, interval, queue, port);
            let sending = !(100_000..150_000).contains(&c);
            if sending {
                i.pk = Some((3, c.wrapping_sub(owd(c))));
            }
            o = m.step(&i);
            assert_eq!(o.cnt_cuts, 0, "clock {c}: drift cut the hint");
        }
        assert_eq!((o.hint, o.scale), (4000, SCALE_ONE));
        for c in 200_000..203_000u32 {
            let mut i = idle(c, interval, queue, port);
            i.pk = Some((3, c.wrapping_sub(owd(c) + 400)));
            o = m.step(&i);
        }
        assert!(o.cnt_cuts > 5 && o.scale < SCALE_ONE, "{o:?}");
    }

    /// The stimulus reaches cuts, the floor, recoveries, many hint values,
    /// many senders and refused set-ups, for both builds.
    #[test]
    fn stimulus_covers_the_edges() {
        for seed in [1u64, 2] {
            let c = coverage::<10>(seed, 100_000);
            assert!(c.cuts > 20, "seed {seed}: {c:?}");
            assert!(c.at_floor > 100, "seed {seed}: {c:?}");
            assert!(c.recovered > 2, "seed {seed}: {c:?}");
            assert!(c.hints > 50, "seed {seed}: {c:?}");
            assert!(c.max_senders > 20, "seed {seed}: {c:?}");
            assert!(c.st_refused > 0, "seed {seed}: {c:?}");
            assert!(c.zero_hints > 0, "seed {seed}: {c:?}");
            let t = coverage::<4>(seed, 100_000);
            assert!(
                t.cuts > 20 && t.hints > 20 && t.max_senders > 4,
                "seed {seed}: {t:?}"
            );
        }
    }
}
