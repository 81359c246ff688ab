//! Reference model of `timer_wheel` (hdl/rtl/src/timer_wheel.rs): one
//! deadline per path, a wheel of buckets holding the paths' nodes as linked
//! lists, timeout events. Written register by register from the block's
//! doc comment (every pipeline register and RAM read register of the RTL
//! is a field here), generic over `N` path bits and `B` bucket bits.

use super::{get_u64, put_u64, CycleModel, Stimulus};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Operation kind ARM.
pub const TW_ARM: u8 = 1;
/// Operation kind DISARM.
pub const TW_DISARM: u8 = 2;

/// One operation offered on the op port.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TwOp {
    /// 1 ARM, 2 DISARM (0, 3 refused).
    pub kind: u8,
    /// Path index.
    pub path: u32,
    /// ARM: deadline tick.
    pub deadline: u32,
}

/// One clock's inputs.
#[derive(Debug, Clone, Copy, Default)]
pub struct TwIn {
    /// The offered operation (`op_valid`).
    pub op: Option<TwOp>,
    /// Current tick.
    pub now: u32,
    /// `cfg_shift` (bucket width 2^k).
    pub shift: u8,
    /// The consumer takes the shown event.
    pub ev_ready: bool,
}

/// Outputs after one edge.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TwOut {
    /// `op_ready`: an op offered in the next clock is taken.
    pub op_ready: bool,
    /// The shown event (path, deadline).
    pub ev: Option<(u32, u32)>,
    /// `cnt_late`.
    pub cnt_late: u16,
    /// `cnt_bad`.
    pub cnt_bad: u16,
    /// `wheel_time`.
    pub wheel_time: u32,
}

/// What the model saw inside (for coverage and behaviour tests).
#[derive(Debug, Clone, Copy, Default)]
pub struct TwCov {
    /// Events pushed by a visit.
    pub fire_visit: u64,
    /// Events pushed by an ARM whose deadline was reached.
    pub fire_arm: u64,
    /// Visited live nodes re-queued (in span / farthest bucket).
    pub requeue: u64,
    /// Re-queued or ARMed into the farthest bucket.
    pub far: u64,
    /// Visited live nodes re-queued into the farthest bucket (deadline
    /// still beyond the span).
    pub far_requeue: u64,
    /// Stale nodes dropped.
    pub stale: u64,
    /// DISARMs of an armed path.
    pub disarm: u64,
    /// External ops in the record stage right after an external op on the
    /// same path (back to back, forwarded record).
    pub b2b: u64,
    /// Clocks with an event shown and `ev_ready` low.
    pub ev_stall: u64,
    /// ARMs that switched to the other node (deadline moved earlier).
    pub moved_earlier: u64,
    /// ARMs that kept the queued live node (deadline later).
    pub kept: u64,
    /// Record reads that took the forwarded record.
    pub forwarded: u64,
    /// Head reads that took the forwarded head.
    pub head_fwd: u64,
    /// Takes of an empty bucket / a non-empty one.
    pub take_empty: u64,
    /// Takes that started a walk.
    pub walks: u64,
    /// Clocks with 4 events queued.
    pub fifo_full: u64,
    /// Wheel pointer wrap-arounds (bucket 2^B - 1 -> 0).
    pub wheel_wraps: u64,
    /// `wheel_time` wraps of the 32-bit tick.
    pub tick_wraps: u64,
    /// The event pushed at this edge (path, deadline).
    pub pushed: Option<(u32, u32)>,
    /// The ARM/DISARM applied in this edge's record stage (kind, path, deadline).
    pub applied: Option<(u8, u32, u32)>,
    /// The path counted in `cnt_late` at this edge.
    pub late_path: Option<u32>,
}

/// A path record.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Rec {
    d: u32,
    bd: u32,
    /// bit0 armed, bit1 live node, bit2 Q0, bit3 Q1.
    f: u8,
    qs: u32,
}

/// Cycle-exact model, `N` path bits, `B` bucket bits.
#[derive(Debug, Clone)]
pub struct TimerWheelModelG<const N: usize, const B: usize> {
    rec: Vec<Rec>,
    rec_rd: Rec,
    head: Vec<(bool, u32)>,
    head_rd: (bool, u32),
    nx: Vec<(bool, u32)>,
    nx_rd: (bool, u32),
    k_r: u32,
    width: u32,
    mask_hi: u32,
    span_hi: u32,
    far_off: u32,
    boot: u8,
    n_r: u32,
    wt: u32,
    wt_end: u32,
    wt_far: u32,
    wt_s: u32,
    span_r: u32,
    wb: u32,
    wbf: u32,
    st: u8,
    sp_r: bool,
    adv_r: bool,
    turn: bool,
    w_src: bool,
    w_hold: (bool, u32),
    i: Option<TwOp>,
    i_dl: u32,
    i_bd: u32,
    i_reached: bool,
    a_v: bool,
    a_kind: u8,
    a_path: u32,
    a_j: bool,
    a_dl: u32,
    a_bd: u32,
    a_reached: bool,
    a_ps: u32,
    a_pb: u32,
    f_v: bool,
    f_path: u32,
    f_rec: Rec,
    f_ext: bool,
    h1: (bool, bool, u32, u32),
    h2: (bool, bool, u32, u32),
    hf: (bool, u32, bool, u32),
    q: [(u32, u32); 4],
    q_cnt: u8,
    q_wp: usize,
    q_rp: usize,
    c_late: u16,
    c_bad: u16,
    /// Coverage counters and what happened at the last edge.
    pub cov: TwCov,
}

/// The default block's model (16,384 paths, 4,096 buckets).
pub type TimerWheelModel = TimerWheelModelG<14, 12>;
/// The tiny block's model (64 paths, 16 buckets).
pub type TimerWheelTinyModel = TimerWheelModelG<6, 4>;

impl<const N: usize, const B: usize> Default for TimerWheelModelG<N, B> {
    fn default() -> Self {
        TimerWheelModelG {
            rec: vec![Rec::default(); 1 << N],
            rec_rd: Rec::default(),
            head: vec![(false, 0); 1 << B],
            head_rd: (false, 0),
            nx: vec![(false, 0); 2 << N],
            nx_rd: (false, 0),
            k_r: 0,
            width: 0,
            mask_hi: 0,
            span_hi: 0,
            far_off: 0,
            boot: 0,
            n_r: 0,
            wt: 0,
            wt_end: 0,
            wt_far: 0,
            wt_s: 0,
            span_r: 0,
            wb: 0,
            wbf: 0,
            st: 0,
            sp_r: false,
            adv_r: false,
            turn: false,
            w_src: false,
            w_hold: (false, 0),
            i: None,
            i_dl: 0,
            i_bd: 0,
            i_reached: false,
            a_v: false,
            a_kind: 0,
            a_path: 0,
            a_j: false,
            a_dl: 0,
            a_bd: 0,
            a_reached: false,
            a_ps: 0,
            a_pb: 0,
            f_v: false,
            f_path: 0,
            f_rec: Rec::default(),
            f_ext: false,
            h1: (false, false, 0, 0),
            h2: (false, false, 0, 0),
            hf: (false, 0, false, 0),
            q: [(0, 0); 4],
            q_cnt: 0,
            q_wp: 0,
            q_rp: 0,
            c_late: 0,
            c_bad: 0,
            cov: TwCov::default(),
        }
    }
}

/// An ARM's placement was the farthest bucket (its slot is `wt_far`).
fn inspan_a_r(ps: u32, wt_far: u32) -> bool {
    ps != wt_far
}

/// `a` at or after `b` (serial, 32-bit).
fn reached(now: u32, d: u32) -> bool {
    now.wrapping_sub(d) >> 31 == 0
}

fn shl(x: u32, k: u32) -> u32 {
    if k >= 32 {
        0
    } else {
        x << k
    }
}

impl<const N: usize, const B: usize> TimerWheelModelG<N, B> {
    /// A deadline `d` with bucket `bd` is within the wheel's span: `(d -
    /// wt) mod 2^32 < 2^(k+B)` computed as the RTL does (the bits in
    /// `span_hi` of `d` equal those of `wt`, or of `wt + 2^(k+B)` when `bd`
    /// is below `wb`: a borrow out of the bucket bits).
    fn inspan(&self, d: u32, bd: u32) -> bool {
        let base = if bd < self.wb { self.wt_s } else { self.wt };
        (d ^ base) & self.span_hi == 0
    }

    const PMASK: u32 = (1 << N) - 1;
    const BMASK: u32 = (1 << B) - 1;

    fn rm(&self) -> bool {
        self.q_cnt + self.a_v as u8 <= 2
    }

    fn take_want(&self) -> bool {
        self.st == 0 && self.sp_r && !self.adv_r && self.boot == 3
    }

    fn op_ready(&self) -> bool {
        self.boot == 3 && self.rm() && !(self.st == 2 && self.turn) && !self.take_want()
    }

    /// Every event, as shown now (for tests): the FIFO's contents in order.
    pub fn queued_events(&self) -> Vec<(u32, u32)> {
        (0..self.q_cnt as usize)
            .map(|n| self.q[(self.q_rp + n) % 4])
            .collect()
    }

    fn out(&self) -> TwOut {
        TwOut {
            op_ready: self.op_ready(),
            ev: (self.q_cnt != 0).then_some(self.q[self.q_rp]),
            cnt_late: self.c_late,
            cnt_bad: self.c_bad,
            wheel_time: self.wt,
        }
    }
}

impl<const N: usize, const B: usize> CycleModel for TimerWheelModelG<N, B> {
    const MODULE: &'static str = if N == 14 {
        "timer_wheel"
    } else {
        "timer_wheel_tiny"
    };
    const INPUTS: &'static [&'static str] = &[
        "op_valid",
        "op_kind",
        "op_path",
        "op_deadline",
        "now",
        "cfg_shift",
        "ev_ready",
    ];
    const OUTPUTS: &'static [&'static str] = &[
        "op_ready",
        "ev_valid",
        "ev_path",
        "ev_deadline",
        "cnt_late",
        "cnt_bad",
        "wheel_time",
    ];
    type In = TwIn;
    type Out = TwOut;
    type Stim = TwStim<N, B>;

    fn step(&mut self, inp: &TwIn) -> TwOut {
        // ---- configuration
        let lo_mask = shl(1, self.k_r).wrapping_sub(1);
        let far_s = shl(Self::BMASK, self.k_r);
        let n_k_r = (inp.shift & 31) as u32;
        let n_width = shl(1, self.k_r);
        let n_mask_hi = !lo_mask;
        let n_span_hi = !(far_s | lo_mask);
        let n_far_off = far_s;
        let n_span_r = shl(Self::BMASK + 1, self.k_r);
        let n_sp = reached(self.n_r, self.wt_end);

        let rm = self.rm();
        let take_want = self.take_want();
        let op_ready = self.op_ready();

        // ---- E0
        let mut n_i = None;
        let mut n_c_bad = self.c_bad;
        if let (Some(op), true) = (inp.op, op_ready) {
            if op.kind == 1 || op.kind == 2 {
                n_i = Some(TwOp {
                    kind: op.kind,
                    path: op.path & Self::PMASK,
                    deadline: op.deadline,
                });
            } else {
                n_c_bad = n_c_bad.wrapping_add(1);
            }
        }

        let port_dl = inp.op.map_or(0, |o| o.deadline);
        let n_i_bd = if self.k_r >= 32 {
            0
        } else {
            port_dl >> self.k_r
        } & Self::BMASK;
        let n_i_reached = reached(inp.now, port_dl);

        // ---- c0
        let cur = if self.w_src { self.nx_rd } else { self.w_hold };
        let walk_end = self.st == 2 && !cur.0;
        let visit = self.st == 2 && cur.0 && self.i.is_none() && rm;
        let mut n_w_src = visit;
        let mut n_w_hold = cur;
        let n_nx_rd = self.nx[cur.1 as usize];
        let sel_path = match self.i {
            Some(op) => op.path,
            None => cur.1 >> 1,
        };
        let n_rec_rd = self.rec[sel_path as usize];
        let idl = self.i_dl;
        let dal_a = idl & self.mask_hi;
        let bd_a = self.i_bd;
        let inspan_a = self.inspan(idl, bd_a);
        let n_a_v = self.i.is_some() || visit;
        let n_a_kind = self.i.map_or(3, |o| o.kind);
        let n_a_j = cur.1 & 1 == 1;
        let n_a_reached = self.i_reached;
        let (n_a_ps, n_a_pb) = if inspan_a {
            (dal_a, bd_a)
        } else {
            (self.wt_far, self.wbf)
        };

        // ---- c1
        let fwd = self.f_v && self.f_path == self.a_path;
        let r = if fwd { self.f_rec } else { self.rec_rd };
        let reached_v = reached(self.n_r, r.d);
        let dal_v = r.d & self.mask_hi;
        let inspan_v = self.inspan(r.d, r.bd);
        let later = self.a_ps.wrapping_sub(r.qs) >> 31 == 1;
        let rl = (r.f >> 1) & 1 == 1;
        let live = r.f & 1 == 1 && self.a_j == rl;
        let qbit = |j: bool| if j { 8u8 } else { 4u8 };
        let ql = r.f & qbit(rl) != 0;
        let qo = r.f & qbit(!rl) != 0;
        let mut n = r;
        let mut fire = false;
        let mut fire_d = r.d;
        let mut ins = false;
        let mut ins_b = self.a_pb;
        let mut ins_j = self.a_j;
        let mut late = false;
        if self.a_v {
            if self.a_kind == 3 {
                if live && reached_v {
                    fire = true;
                    n.f &= !1;
                    n.f &= !qbit(self.a_j);
                    // (the RTL sets the slot as for a re-queue; unread)
                    n.qs = if inspan_v { dal_v } else { self.wt_far };
                } else if live {
                    ins = true;
                    if inspan_v {
                        ins_b = r.bd;
                        n.qs = dal_v;
                    } else {
                        ins_b = self.wbf;
                        n.qs = self.wt_far;
                    }
                } else {
                    n.f &= !qbit(self.a_j);
                }
            } else if self.a_kind == 2 {
                n.f &= !1;
            } else {
                n.d = self.a_dl;
                n.bd = self.a_bd;
                fire_d = self.a_dl;
                if self.a_reached {
                    fire = true;
                    n.f &= !1;
                } else {
                    n.f |= 1;
                    if !ql {
                        ins = true;
                        ins_j = rl;
                        n.qs = self.a_ps;
                        n.f |= qbit(rl);
                    } else if later && !qo {
                        ins = true;
                        ins_j = !rl;
                        n.f = (n.f & !2) | if rl { 0 } else { 2 };
                        n.qs = self.a_ps;
                        n.f |= qbit(!rl);
                    } else if later {
                        late = true;
                    }
                }
            }
        }
        let cov = &mut self.cov;
        cov.pushed = fire.then_some((self.a_path, fire_d));
        cov.applied =
            (self.a_v && self.a_kind != 3).then_some((self.a_kind, self.a_path, self.a_dl));
        cov.late_path = late.then_some(self.a_path);
        if self.a_v {
            cov.forwarded += fwd as u64;
            cov.b2b += (fwd && self.a_kind != 3 && self.f_ext) as u64;
            if self.a_kind == 3 {
                cov.fire_visit += fire as u64;
                cov.requeue += ins as u64;
                cov.far += (ins && !inspan_v) as u64;
                cov.far_requeue += (ins && !inspan_v) as u64;
                cov.stale += !live as u64;
            } else if self.a_kind == 2 {
                cov.disarm += (r.f & 1) as u64;
            } else if self.a_kind == 1 {
                cov.fire_arm += fire as u64;
                cov.far += (ins && !inspan_a_r(self.a_ps, self.wt_far)) as u64;
                cov.moved_earlier += (ins && ql) as u64;
                cov.kept += (!self.a_reached && ql && !later) as u64;
            }
        }
        if self.a_v {
            self.rec[self.a_path as usize] = n;
        }
        let n_f = (self.a_v, self.a_path, n);
        let n_c_late = self.c_late.wrapping_add(late as u16);
        let ins_node = (self.a_path << 1) | ins_j as u32;

        // ---- head stages
        let take = take_want && !self.a_v;
        let n_h1 = (
            ins || take,
            !ins,
            if ins { ins_b } else { self.wb },
            ins_node,
        );
        let n_head_rd = self.head[self.h1.2 as usize];
        let n_h2 = self.h1;
        let old = if self.hf.0 && self.hf.1 == self.h2.2 {
            (self.hf.2, self.hf.3)
        } else {
            self.head_rd
        };
        let (h2v, h2take, h2b, h2node) = self.h2;
        if h2v && self.hf.0 && self.hf.1 == h2b {
            self.cov.head_fwd += 1;
        }
        if self.st == 1 && h2v && h2take {
            if old.0 {
                self.cov.walks += 1;
            } else {
                self.cov.take_empty += 1;
            }
        }
        if h2v {
            self.head[h2b as usize] = (!h2take, h2node);
            if !h2take {
                self.nx[h2node as usize] = old;
            }
        }
        let n_hf = (h2v, h2b, !h2take, h2node);

        // ---- wheel state
        let mut adv = false;
        let mut n_st = self.st;
        if take {
            n_st = 1;
        }
        if self.st == 1 && h2v && h2take {
            if old.0 {
                n_st = 2;
                n_w_src = false;
                n_w_hold = (true, old.1);
            } else {
                n_st = 0;
                adv = true;
            }
        }
        if walk_end {
            n_st = 0;
            adv = true;
        }
        let n_turn = self.st == 2 && !self.turn;
        let boot_before = self.boot;
        if self.boot != 3 {
            self.boot += 1;
            self.wt = 0;
            self.wt_end = self.width;
            self.wt_far = self.far_off;
            self.wt_s = self.span_r;
            self.wb = 0;
            self.wbf = Self::BMASK;
        } else if adv {
            self.cov.wheel_wraps += (self.wb == Self::BMASK) as u64;
            self.cov.tick_wraps += (self.wt.wrapping_add(self.width) < self.wt) as u64;
            self.wt = self.wt.wrapping_add(self.width);
            self.wt_end = self.wt_end.wrapping_add(self.width);
            self.wt_far = self.wt_far.wrapping_add(self.width);
            self.wt_s = self.wt_s.wrapping_add(self.width);
            self.wb = (self.wb + 1) & Self::BMASK;
            self.wbf = (self.wbf + 1) & Self::BMASK;
        }

        // ---- event FIFO
        let pop = self.q_cnt != 0 && inp.ev_ready;
        self.cov.ev_stall += (self.q_cnt != 0 && !inp.ev_ready) as u64;
        if fire {
            assert!(
                self.q_cnt < 4 || pop,
                "timer_wheel model: event FIFO overflow"
            );
            self.q[self.q_wp] = (self.a_path, fire_d);
            self.q_wp = (self.q_wp + 1) % 4;
        }
        if pop {
            self.q_rp = (self.q_rp + 1) % 4;
        }
        self.q_cnt = self.q_cnt + fire as u8 - pop as u8;
        self.cov.fifo_full += (self.q_cnt == 4) as u64;

        // ---- registers
        self.k_r = n_k_r;
        self.width = n_width;
        self.mask_hi = n_mask_hi;
        self.span_hi = n_span_hi;
        self.far_off = n_far_off;
        self.span_r = n_span_r;
        self.n_r = inp.now;
        self.sp_r = n_sp;
        self.adv_r = adv || boot_before != 3;
        self.turn = n_turn;
        self.st = n_st;
        self.w_src = n_w_src;
        self.w_hold = n_w_hold;
        self.nx_rd = n_nx_rd;
        self.rec_rd = n_rec_rd;
        self.head_rd = n_head_rd;
        // i_dl registers the port whatever the valid
        self.i_dl = inp.op.map_or(0, |o| o.deadline);
        self.i = n_i;
        self.i_bd = n_i_bd;
        self.i_reached = n_i_reached;
        self.a_v = n_a_v;
        self.a_kind = n_a_kind;
        self.a_path = sel_path;
        self.a_j = n_a_j;
        self.a_dl = idl;
        self.a_bd = bd_a;
        self.a_reached = n_a_reached;
        self.a_ps = n_a_ps;
        self.a_pb = n_a_pb;
        (self.f_v, self.f_path, self.f_rec) = n_f;
        self.f_ext = self.a_v && self.a_kind != 3;
        self.h1 = n_h1;
        self.h2 = n_h2;
        self.hf = n_hf;
        self.c_late = n_c_late;
        self.c_bad = n_c_bad;
        self.out()
    }

    fn encode(i: &TwIn, p: &mut [Vec<u32>]) {
        let op = i.op.unwrap_or_default();
        put_u64(&mut p[0], i.op.is_some() as u64);
        put_u64(&mut p[1], (op.kind & 3) as u64);
        put_u64(&mut p[2], (op.path & Self::PMASK) as u64);
        put_u64(&mut p[3], op.deadline as u64);
        put_u64(&mut p[4], i.now as u64);
        put_u64(&mut p[5], (i.shift & 31) as u64);
        put_u64(&mut p[6], i.ev_ready as u64);
    }

    fn decode(p: &[Vec<u32>]) -> TwOut {
        TwOut {
            op_ready: get_u64(&p[0]) & 1 == 1,
            ev: (get_u64(&p[1]) & 1 == 1).then(|| (get_u64(&p[2]) as u32, get_u64(&p[3]) as u32)),
            cnt_late: get_u64(&p[4]) as u16,
            cnt_bad: get_u64(&p[5]) as u16,
            wheel_time: get_u64(&p[6]) as u32,
        }
    }
}

/// Seeded stimulus: ARMs (deadlines already reached, inside one bucket,
/// inside the wheel's span, beyond it, moved earlier and later), DISARMs
/// and refused kinds on a hot set of paths (back-to-back ops on one path)
/// and on all paths; `now` advancing 0..2 ticks per clock with a bucket
/// width of 8..32 ticks, or (every fourth seed) 2^(30 - max(B, 10))-tick
/// buckets (1/8 bucket per clock) with
/// `now` racing through the 32-bit wrap; event back-pressure with stalls.
/// Closed loop: an op stays offered until `op_ready` takes it.
#[derive(Debug)]
pub struct TwStim<const N: usize, const B: usize> {
    rng: ChaCha8Rng,
    shift: u8,
    rate: u32,
    now: u32,
    ready: bool,
    offered: Option<TwOp>,
    stall: u32,
    hot: [u32; 4],
}

impl<const N: usize, const B: usize> TwStim<N, B> {
    fn new_op(&mut self) -> TwOp {
        let r = &mut self.rng;
        let path = if r.gen_bool(0.5) {
            self.hot[r.gen_range(0..4)]
        } else {
            r.gen_range(0..1u32 << N)
        };
        let w = 1u32 << self.shift;
        // k + B <= 30: the span is at most 2^30, beyond it at most 1.5 spans
        let span = w << B;
        let kind = match r.gen_range(0..100) {
            0..=69 => TW_ARM,
            70..=95 => TW_DISARM,
            96..=97 => 0,
            _ => 3,
        };
        let deadline = match r.gen_range(0..10) {
            0 => self.now.wrapping_sub(r.gen_range(0..4 * w)),
            1 => self.now.wrapping_add(r.gen_range(0..2)),
            2 | 3 => self.now.wrapping_add(r.gen_range(0..2 * w)),
            4..=7 => self.now.wrapping_add(r.gen_range(0..span)),
            8 => self.now.wrapping_add(r.gen_range(span..span + span / 2)),
            _ => self.now.wrapping_add(r.gen_range(0..8 * w)),
        };
        TwOp {
            kind,
            path,
            deadline,
        }
    }
}

impl<const N: usize, const B: usize> Stimulus for TwStim<N, B> {
    type In = TwIn;
    type Out = TwOut;
    const CLOSED_LOOP: bool = true;

    fn new(seed: u64) -> Self {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let fast = seed % 4 == 3;
        let shift = if fast {
            30 - B.max(10) as u8
        } else {
            rng.gen_range(3..=5)
        };
        let rate = if fast { 1 << (shift - 3) } else { 1 };
        let hot = [0, 1, rng.gen_range(2..1u32 << N), (1u32 << N) - 1];
        TwStim {
            rng,
            shift,
            rate,
            now: 0,
            ready: false,
            offered: None,
            stall: 0,
            hot,
        }
    }

    fn next(&mut self, cycle: u64) -> TwIn {
        // phases: busy, light, idle, flood of one path
        let phase = (cycle / 3000) % 4;
        let p_op = [0.6, 0.2, 0.02, 0.9][phase as usize];
        let step = match self.rng.gen_range(0..4) {
            0 => 0,
            3 => 2 * self.rate,
            _ => self.rate,
        };
        self.now = self.now.wrapping_add(step);
        if self.offered.is_none() && self.rng.gen_bool(p_op) {
            let mut op = self.new_op();
            if phase == 3 && self.rng.gen_bool(0.7) {
                op.path = self.hot[0];
            }
            self.offered = Some(op);
        }
        let ev_ready = if self.stall > 0 {
            self.stall -= 1;
            false
        } else if self.rng.gen_bool(0.005) {
            self.stall = self.rng.gen_range(5..60);
            false
        } else {
            self.rng.gen_bool(0.9)
        };
        let i = TwIn {
            op: self.offered,
            now: self.now,
            shift: self.shift,
            ev_ready,
        };
        if self.ready {
            self.offered = None;
        }
        i
    }

    fn observe(&mut self, out: &TwOut) {
        self.ready = out.op_ready;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(m: &mut TimerWheelTinyModel, now: u32, op: Option<TwOp>) -> TwOut {
        m.step(&TwIn {
            op,
            now,
            shift: 3,
            ev_ready: true,
        })
    }

    /// On an idle wheel (8-tick buckets, one tick per clock) one ARM fires
    /// once, with its deadline, after it is reached and within a bucket
    /// width plus the pipeline; a DISARMed path and a re-ARMed earlier
    /// deadline (the other node) behave; an ARM already due fires at once.
    #[test]
    fn arm_fires_once_in_time_and_disarm_cancels() {
        let mut m = TimerWheelTinyModel::default();
        let arm = |path, deadline| {
            Some(TwOp {
                kind: TW_ARM,
                path,
                deadline,
            })
        };
        let mut ops: Vec<(u32, TwOp)> = vec![
            (10, arm(5, 100).unwrap()),
            (11, arm(6, 300).unwrap()),
            (12, arm(7, 200).unwrap()),
            (20, arm(7, 60).unwrap()), // moved earlier: the other node
            (
                30,
                TwOp {
                    kind: TW_DISARM,
                    path: 6,
                    deadline: 0,
                },
            ),
            (40, arm(9, 35).unwrap()), // already due: fires at once
        ];
        ops.reverse();
        let mut fired = Vec::new();
        let mut pending: Option<TwOp> = None;
        let mut ready = false;
        let mut late = 0;
        for now in 0..400u32 {
            if pending.is_none() && ops.last().is_some_and(|o| o.0 <= now) {
                pending = Some(ops.pop().unwrap().1);
            }
            let taken = ready && pending.is_some();
            let o = run(&mut m, now, pending);
            if taken {
                pending = None;
            }
            ready = o.op_ready;
            late = o.cnt_late;
            if let Some((p, d)) = o.ev {
                fired.push((p, d, now));
            }
        }
        let got: Vec<(u32, u32)> = fired.iter().map(|f| (f.0, f.1)).collect();
        assert_eq!(got, vec![(9, 35), (7, 60), (5, 100)], "{fired:?}");
        for &(_, d, at) in &fired {
            let due = d.max(40);
            assert!(at > d && at <= due + 8 + 12, "{fired:?}");
        }
        assert_eq!(late, 0);
    }
}
