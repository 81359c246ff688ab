//! Reference model of `msg_tracker` (hdl/rtl/src/msg_tracker.rs): the
//! receiver's message tracker (SPEC section 7, message completion and
//! message window), written from the block's doc comment. Generic over the
//! build: `IB` index bits (index = connection << 2 | stream), `SB` slot
//! bits (`1 << SB` messages per stream).

use super::{get_u64, put_u64, CycleModel, Stimulus};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::VecDeque;

/// Result: counted toward its message.
pub const RES_COUNTED: u8 = 0;
/// Result: counted, and it completed its message.
pub const RES_COMPLETED: u8 = 1;
/// Result: outside the window `[rx_msn, rx_msn + W)`: not counted.
pub const RES_OUTSIDE: u8 = 2;
/// Result: an `init` in the same clock took the slot: not counted.
pub const RES_DROPPED: u8 = 3;

/// Message kind (opcode - 1): WRITE.
pub const KIND_WRITE: u8 = 0;
/// WRITE_IMM.
pub const KIND_WRITE_IMM: u8 = 1;
/// SEND.
pub const KIND_SEND: u8 = 2;
/// SEND_IMM.
pub const KIND_SEND_IMM: u8 = 3;

/// A counted data packet.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MsgPkt {
    /// connection << 2 | stream.
    pub index: u32,
    /// Message sequence number.
    pub msn: u32,
    /// Message length.
    pub msg_len: u32,
    /// Payload bytes of this packet.
    pub len: u16,
    /// Opcode - 1.
    pub kind: u8,
    /// Immediate.
    pub imm: u32,
    /// SOLICITED flag.
    pub solicited: bool,
    /// Opaque tag returned with the result.
    pub tag: u16,
}

/// One clock's inputs.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MsgIn {
    /// Restart index with `rx_msn = msn` (index, msn).
    pub init: Option<(u32, u32)>,
    /// A counted packet.
    pub pkt: Option<MsgPkt>,
    /// `drain_hold`: the drain pops nothing.
    pub hold: bool,
}

/// A message the head passed (`report` false for a WRITE: no completion).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MsgEvent {
    /// connection << 2 | stream.
    pub index: u32,
    /// The message's MSN.
    pub msn: u32,
    /// Opcode - 1 (never WRITE).
    pub kind: u8,
    /// Message length.
    pub byte_len: u32,
    /// Immediate.
    pub imm: u32,
    /// SOLICITED.
    pub solicited: bool,
    /// A completion event (`ev_valid`): not a WRITE.
    pub report: bool,
}

/// Outputs after an edge.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MsgOut {
    /// A packet's result (code, tag).
    pub res: Option<(u8, u16)>,
    /// The head passed a message (`msg_done`; any kind, WRITE included).
    pub ev: Option<MsgEvent>,
    /// Packets outside the window since power-up (wrapping).
    pub cnt_outside: u32,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Head {
    rx: u32,
    busy: u64,
    done: u64,
    queued: bool,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Info {
    msg_len: u32,
    imm: u32,
    kind: u8,
    sol: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Op {
    Init { msn: u32 },
    Pkt(MsgPkt),
    Drain { slot: u32 },
}

/// An operation between the address stage and the state loop.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Stage {
    op: Op,
    index: u32,
    /// Slot the op addresses (packet: msn low bits; drain: entry slot).
    slot: u32,
    /// A packet dropped by a same-clock init (its tag).
    dropped: Option<u16>,
    hit_head: bool,
    hit_rem: bool,
}

/// Cycle-exact model; `IB` index bits, `SB` slot bits.
#[derive(Debug, Clone)]
pub struct MsgTrackerModelN<const IB: u32, const SB: u32> {
    head: Vec<Head>,
    rem: Vec<u32>,
    info: Vec<Info>,
    fifo: Vec<u32>,
    rp: u32,
    wp: u32,
    wp_prev: u32,
    fifo_rd: u32,
    // input registers
    i: MsgIn,
    // state-loop stage
    p1: Option<Stage>,
    head_rd: Head,
    rem_rd: u32,
    info_rd: Info,
    fwd_head: Head,
    fwd_rem: u32,
    // push register
    push: Option<u32>,
    out: MsgOut,
}

/// The exported build: 1,024 connections x 4 streams, `MSG_WINDOW` (32) slots.
pub type MsgTrackerModel = MsgTrackerModelN<12, 5>;
/// The exported tiny build (`msg_tracker_tiny`, open boards): 16
/// connections x 4 streams, `MSG_WINDOW` (32) slots.
pub type MsgTrackerTinyModel = MsgTrackerModelN<6, 5>;

const _: () = assert!(1 << 5 == braid_spec::state::MSG_WINDOW);

impl<const IB: u32, const SB: u32> Default for MsgTrackerModelN<IB, SB> {
    fn default() -> Self {
        MsgTrackerModelN {
            head: vec![Head::default(); 1 << IB],
            rem: vec![0; 1 << (IB + SB)],
            info: vec![Info::default(); 1 << (IB + SB)],
            fifo: vec![0; 1 << IB],
            rp: 0,
            wp: 0,
            wp_prev: 0,
            fifo_rd: 0,
            i: MsgIn::default(),
            p1: None,
            head_rd: Head::default(),
            rem_rd: 0,
            info_rd: Info::default(),
            fwd_head: Head::default(),
            fwd_rem: 0,
            push: None,
            out: MsgOut::default(),
        }
    }
}

impl<const IB: u32, const SB: u32> MsgTrackerModelN<IB, SB> {
    /// Slots per index.
    pub const W: u32 = 1 << SB;
    const SMASK: u32 = (1 << SB) - 1;
    const IMASK: u32 = (1 << IB) - 1;
    const PMASK: u32 = (2 << IB) - 1;

    /// The head MSN of an index (for tests).
    pub fn rx_msn(&self, index: u32) -> u32 {
        self.head[(index & Self::IMASK) as usize].rx
    }

    /// The outside-window counter as it will read once the pipeline has
    /// settled (for tests).
    pub fn cnt_outside_now(&self) -> u32 {
        self.out
            .cnt_outside
            .wrapping_add(matches!(self.out.res, Some((RES_OUTSIDE, _))) as u32)
    }

    /// Drain-queue entries (for tests).
    pub fn queue_len(&self) -> u32 {
        self.wp.wrapping_sub(self.rp) & Self::PMASK
    }

    fn addr(index: u32, slot: u32) -> usize {
        ((index << SB) | slot) as usize
    }

    /// The state loop: returns (new head, rem write, info write, outputs, push).
    #[allow(clippy::type_complexity)]
    fn loop_stage(&self, p: &Stage) -> (Head, Option<u32>, Option<Info>, MsgOut, Option<u32>, u32) {
        let h = if p.hit_head {
            self.fwd_head
        } else {
            self.head_rd
        };
        let rem_sel = if p.hit_rem { self.fwd_rem } else { self.rem_rd };
        let oh = 1u64 << p.slot;
        let r_lo = h.rx & Self::SMASK;
        let next_done = h.done >> ((r_lo + 1) & Self::SMASK) & 1 == 1;
        let mut n = h;
        let mut out = MsgOut {
            cnt_outside: self.out.cnt_outside,
            ..Default::default()
        };
        let mut rem_w = None;
        let mut info_w = None;
        let mut push = false;
        match p.op {
            Op::Init { msn } => {
                n = Head {
                    rx: msn,
                    busy: 0,
                    done: 0,
                    queued: h.queued,
                };
            }
            Op::Pkt(k) => {
                let in_win = k.msn.wrapping_sub(h.rx) < Self::W;
                let busy_j = h.busy & oh != 0;
                let len = k.len as u32;
                let complete = if busy_j {
                    rem_sel == len
                } else {
                    k.msg_len == len
                };
                let rem_new = if busy_j {
                    rem_sel.wrapping_sub(len)
                } else {
                    k.msg_len.wrapping_sub(len)
                };
                rem_w = in_win.then_some(rem_new);
                if in_win {
                    info_w = Some(Info {
                        msg_len: k.msg_len,
                        imm: k.imm,
                        kind: k.kind & 3,
                        sol: k.solicited,
                    });
                }
                let at_head = p.slot == r_lo;
                let emit = in_win && complete && at_head;
                if emit {
                    n.rx = h.rx.wrapping_add(1);
                    n.busy = h.busy & !oh;
                    n.done = h.done & !oh;
                    push = next_done && !h.queued;
                    n.queued = h.queued || push;
                    out.ev = Some(MsgEvent {
                        index: p.index,
                        msn: h.rx,
                        kind: k.kind & 3,
                        byte_len: k.msg_len,
                        imm: k.imm,
                        solicited: k.solicited,
                        report: k.kind & 3 != KIND_WRITE,
                    });
                } else if in_win {
                    n.busy = h.busy | oh;
                    if complete {
                        n.done = h.done | oh;
                    }
                }
                let code = if !in_win {
                    RES_OUTSIDE
                } else if complete {
                    RES_COMPLETED
                } else {
                    RES_COUNTED
                };
                out.res = Some((code, k.tag));
            }
            Op::Drain { slot } => {
                let done_s = h.done & oh != 0;
                let head_done = h.done >> r_lo & 1 == 1;
                if slot == r_lo && done_s {
                    let i = self.info_rd;
                    n.rx = h.rx.wrapping_add(1);
                    n.busy = h.busy & !oh;
                    n.done = h.done & !oh;
                    push = next_done;
                    n.queued = next_done;
                    out.ev = Some(MsgEvent {
                        index: p.index,
                        msn: h.rx,
                        kind: i.kind,
                        byte_len: i.msg_len,
                        imm: i.imm,
                        solicited: i.sol,
                        report: i.kind != KIND_WRITE,
                    });
                } else if head_done {
                    // a stale entry (the index was restarted): retry at the head
                    push = true;
                    n.queued = true;
                } else {
                    n.queued = false;
                }
            }
        }
        if let Some(tag) = p.dropped {
            out.res = Some((RES_DROPPED, tag));
        }
        let entry = (p.index << SB) | (n.rx & Self::SMASK);
        (n, rem_w, info_w, out, push.then_some(entry), rem_sel)
    }
}

macro_rules! cycle_model {
    ($ib:literal, $sb:literal, $name:literal) => {
        impl CycleModel for MsgTrackerModelN<$ib, $sb> {
            const MODULE: &'static str = $name;
            const INPUTS: &'static [&'static str] = &[
                "init_valid",
                "init_index",
                "init_msn",
                "pkt_valid",
                "pkt_index",
                "pkt_msn",
                "pkt_msg_len",
                "pkt_len",
                "pkt_kind",
                "pkt_imm",
                "pkt_solicited",
                "pkt_tag",
                "drain_hold",
            ];
            const OUTPUTS: &'static [&'static str] = &[
                "res_valid",
                "res_code",
                "res_tag",
                "msg_done",
                "ev_valid",
                "ev_index",
                "ev_msn",
                "ev_kind",
                "ev_byte_len",
                "ev_imm",
                "ev_solicited",
                "cnt_outside",
            ];
            type In = MsgIn;
            type Out = MsgOut;
            type Stim = MsgStim<$ib, $sb>;

            fn step(&mut self, i: &MsgIn) -> MsgOut {
                self.step_inner(i)
            }
            fn encode(i: &MsgIn, p: &mut [Vec<u32>]) {
                encode_in(i, p, Self::IMASK)
            }
            fn decode(p: &[Vec<u32>]) -> MsgOut {
                decode_out(p)
            }
        }
    };
}
cycle_model!(12, 5, "msg_tracker");
cycle_model!(6, 5, "msg_tracker_tiny");

fn encode_in(i: &MsgIn, p: &mut [Vec<u32>], imask: u32) {
    if let Some((index, msn)) = i.init {
        put_u64(&mut p[0], 1);
        put_u64(&mut p[1], (index & imask) as u64);
        put_u64(&mut p[2], msn as u64);
    }
    if let Some(k) = i.pkt {
        put_u64(&mut p[3], 1);
        put_u64(&mut p[4], (k.index & imask) as u64);
        put_u64(&mut p[5], k.msn as u64);
        put_u64(&mut p[6], k.msg_len as u64);
        put_u64(&mut p[7], k.len as u64);
        put_u64(&mut p[8], (k.kind & 3) as u64);
        put_u64(&mut p[9], k.imm as u64);
        put_u64(&mut p[10], k.solicited as u64);
        put_u64(&mut p[11], k.tag as u64);
    }
    put_u64(&mut p[12], i.hold as u64);
}

fn decode_out(p: &[Vec<u32>]) -> MsgOut {
    MsgOut {
        res: (get_u64(&p[0]) & 1 == 1).then(|| (get_u64(&p[1]) as u8, get_u64(&p[2]) as u16)),
        ev: (get_u64(&p[3]) & 1 == 1).then(|| MsgEvent {
            index: get_u64(&p[5]) as u32,
            msn: get_u64(&p[6]) as u32,
            kind: get_u64(&p[7]) as u8,
            byte_len: get_u64(&p[8]) as u32,
            imm: get_u64(&p[9]) as u32,
            solicited: get_u64(&p[10]) & 1 == 1,
            report: get_u64(&p[4]) & 1 == 1,
        }),
        cnt_outside: get_u64(&p[11]) as u32,
    }
}

impl<const IB: u32, const SB: u32> MsgTrackerModelN<IB, SB> {
    /// One clock (see the RTL's behaviour section).
    pub fn step_inner(&mut self, inp: &MsgIn) -> MsgOut {
        // ---- state loop (S2)
        let s2 = self.p1.map(|p| (p, self.loop_stage(&p)));
        // ---- address stage (S1): pick the op
        let avail = self.rp != self.wp_prev;
        let (op, index, slot, dropped, pop) = if let Some((index, msn)) = self.i.init {
            let d = self.i.pkt.map(|k| k.tag);
            (Some(Op::Init { msn }), index, 0, d, false)
        } else if let Some(k) = self.i.pkt {
            (Some(Op::Pkt(k)), k.index, k.msn & Self::SMASK, None, false)
        } else if avail && !self.i.hold {
            let e = self.fifo_rd;
            (
                Some(Op::Drain {
                    slot: e & Self::SMASK,
                }),
                e >> SB,
                e & Self::SMASK,
                None,
                true,
            )
        } else {
            (None, 0, 0, None, false)
        };
        let index = index & Self::IMASK;
        let stage = op.map(|op| {
            let (hit_head, hit_rem) = match self.p1 {
                Some(p) => (
                    p.index == index,
                    matches!(p.op, Op::Pkt(_))
                        && matches!(op, Op::Pkt(_))
                        && p.index == index
                        && p.slot == slot,
                ),
                None => (false, false),
            };
            Stage {
                op,
                index,
                slot,
                dropped,
                hit_head,
                hit_rem,
            }
        });
        // read addresses of this clock (registered at the edge, old contents)
        let rd_slot = match op {
            Some(Op::Drain { slot }) => slot,
            Some(Op::Pkt(k)) => k.msn & Self::SMASK,
            _ => 0,
        };
        let rp_next = self.rp.wrapping_add(pop as u32) & Self::PMASK;
        // ---- the edge
        let head_rd = self.head[index as usize];
        let rem_rd = self.rem[Self::addr(index, rd_slot)];
        let info_rd = self.info[Self::addr(index, rd_slot)];
        let fifo_rd = self.fifo[(rp_next & Self::IMASK) as usize];
        // writes: the state loop, and the drain queue from the push register
        if let Some((p, (n, rem_w, info_w, out, push, rem_sel))) = s2 {
            self.head[p.index as usize] = n;
            if let Some(r) = rem_w {
                self.rem[Self::addr(p.index, p.slot)] = r;
            }
            if let Some(i) = info_w {
                self.info[Self::addr(p.index, p.slot)] = i;
            }
            self.fwd_head = n;
            if matches!(p.op, Op::Pkt(_)) {
                // what the slot holds after this packet (written or not)
                self.fwd_rem = rem_w.unwrap_or(rem_sel);
            }
            let cnt = self
                .out
                .cnt_outside
                .wrapping_add(matches!(self.out.res, Some((RES_OUTSIDE, _))) as u32);
            self.out = MsgOut {
                cnt_outside: cnt,
                ..out
            };
            self.wp_prev = self.wp;
            if let Some(e) = self.push {
                self.fifo[(self.wp & Self::IMASK) as usize] = e;
                self.wp = self.wp.wrapping_add(1) & Self::PMASK;
            }
            self.push = push;
        } else {
            let cnt = self
                .out
                .cnt_outside
                .wrapping_add(matches!(self.out.res, Some((RES_OUTSIDE, _))) as u32);
            self.out = MsgOut {
                cnt_outside: cnt,
                ..MsgOut::default()
            };
            self.wp_prev = self.wp;
            if let Some(e) = self.push {
                self.fifo[(self.wp & Self::IMASK) as usize] = e;
                self.wp = self.wp.wrapping_add(1) & Self::PMASK;
            }
            self.push = None;
        }
        self.head_rd = head_rd;
        self.rem_rd = rem_rd;
        self.info_rd = info_rd;
        self.fifo_rd = fifo_rd;
        self.rp = rp_next;
        self.p1 = stage;
        self.i = *inp;
        self.out
    }
}

/// A message the stimulus is sending.
#[derive(Debug, Clone)]
pub struct StimMsg {
    /// Its MSN.
    pub msn: u32,
    /// Length.
    pub msg_len: u32,
    /// Opcode - 1.
    pub kind: u8,
    /// Immediate.
    pub imm: u32,
    /// SOLICITED.
    pub solicited: bool,
    /// Payload lengths of the packets not yet sent.
    pub left: Vec<u16>,
}

/// Per-index state of the stimulus.
#[derive(Debug, Clone, Default)]
pub struct StimIndex {
    /// The index.
    pub index: u32,
    /// Head as seen on the outputs (lags the block's head).
    pub rx_seen: u32,
    /// Next MSN to start.
    pub next: u32,
    /// Messages with packets left to send.
    pub active: Vec<StimMsg>,
    /// Every message started since the last init, in MSN order, with the
    /// event expected for it (for the behavioural test).
    pub expect: VecDeque<MsgEvent>,
    /// Outputs up to this clock may still belong to the epoch before an
    /// init (an operation ahead of the init leaves the pipeline by then;
    /// the first packet after it, at the earliest one clock later).
    pub mute_until: u64,
}

/// Seeded closed-loop stimulus: a hot set of indices, messages of random
/// kind and size (zero-length ones included) started while the sender's
/// rule holds against the head seen on the outputs, their packets in random
/// order and interleaved across messages and indices, back to back or with
/// idle clocks (the drain runs on idle clocks without `drain_hold`, which is
/// set in some phases, on all or half of their clocks), rare restarts (also near
/// the MSN wrap) and rare packets outside the window (behind the head, or
/// beyond it by more than the pipeline can have advanced it).
#[derive(Debug)]
pub struct MsgStim<const IB: u32, const SB: u32> {
    rng: ChaCha8Rng,
    /// The hot indices.
    pub idx: Vec<StimIndex>,
    tag: u16,
    /// Packets sent outside the window on purpose.
    pub outside_sent: u64,
    /// Packets sent in the same clock as an init (dropped).
    pub collided: u64,
    /// Percent of clocks with a packet.
    load: u32,
    /// Percent of clocks with `drain_hold` set.
    hold: u32,
    /// Clocks left in the current load phase.
    phase: u32,
    /// The clock `next` was last called for.
    pub cycle: u64,
}

impl<const IB: u32, const SB: u32> MsgStim<IB, SB> {
    const W: u32 = 1 << SB;

    fn new_msg(&mut self, k: usize) -> StimMsg {
        let r = &mut self.rng;
        let msn = self.idx[k].next;
        let msg_len: u32 = match r.gen_range(0..10) {
            0 | 1 => 0,
            2..=4 => r.gen_range(1..=64),
            5..=7 => r.gen_range(65..=4096),
            _ => r.gen_range(4097..=20_000),
        };
        let mut left = Vec::new();
        let mut rest = msg_len;
        while rest > 0 {
            let l = if r.gen_range(0..3) == 0 {
                r.gen_range(1..=rest.min(4096))
            } else {
                rest.min(4096)
            };
            left.push(l as u16);
            rest -= l;
        }
        if left.is_empty() {
            left.push(0);
        }
        let m = StimMsg {
            msn,
            msg_len,
            kind: r.gen_range(0..4),
            imm: r.gen(),
            solicited: r.gen(),
            left,
        };
        let e = MsgEvent {
            index: self.idx[k].index,
            msn,
            kind: m.kind,
            byte_len: msg_len,
            imm: m.imm,
            solicited: m.solicited,
            report: m.kind != KIND_WRITE,
        };
        let s = &mut self.idx[k];
        s.next = s.next.wrapping_add(1);
        s.expect.push_back(e);
        m
    }

    fn packet(&mut self) -> Option<MsgPkt> {
        let k = self.rng.gen_range(0..self.idx.len());
        self.tag = self.tag.wrapping_add(1);
        let tag = self.tag;
        // a packet outside the window, now and then
        if self.rng.gen_range(0..200) == 0 {
            let s = &self.idx[k];
            let msn = if self.rng.gen() {
                s.rx_seen
                    .wrapping_add(Self::W + 8)
                    .wrapping_add(self.rng.gen_range(0..1000))
            } else {
                s.rx_seen.wrapping_sub(self.rng.gen_range(1..1000))
            };
            self.outside_sent += 1;
            return Some(MsgPkt {
                index: s.index,
                msn,
                msg_len: self.rng.gen_range(0..100),
                len: self.rng.gen_range(0..100),
                kind: self.rng.gen_range(0..4),
                imm: self.rng.gen(),
                solicited: self.rng.gen(),
                tag,
            });
        }
        let s = &self.idx[k];
        let can_start = s.next.wrapping_sub(s.rx_seen) < Self::W;
        if can_start && (s.active.is_empty() || self.rng.gen_range(0..3) == 0) {
            let m = self.new_msg(k);
            self.idx[k].active.push(m);
        }
        let s = &mut self.idx[k];
        if s.active.is_empty() {
            return None;
        }
        let a = self.rng.gen_range(0..s.active.len());
        let m = &mut s.active[a];
        let p = self.rng.gen_range(0..m.left.len());
        let len = m.left.swap_remove(p);
        let pkt = MsgPkt {
            index: s.index,
            msn: m.msn,
            msg_len: m.msg_len,
            len,
            kind: m.kind,
            imm: m.imm,
            solicited: m.solicited,
            tag,
        };
        if m.left.is_empty() {
            s.active.swap_remove(a);
        }
        Some(pkt)
    }
}

impl<const IB: u32, const SB: u32> Stimulus for MsgStim<IB, SB> {
    type In = MsgIn;
    type Out = MsgOut;
    const CLOSED_LOOP: bool = true;

    fn new(seed: u64) -> Self {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let imax = (1u32 << IB) - 1;
        let mut idx = Vec::new();
        for k in 0..6u32 {
            let index = match k {
                0 => 0,
                1 => imax,
                _ => rng.gen_range(0..=imax),
            };
            if idx.iter().any(|s: &StimIndex| s.index == index) {
                continue;
            }
            idx.push(StimIndex {
                index,
                ..Default::default()
            });
        }
        MsgStim {
            rng,
            idx,
            tag: 0,
            outside_sent: 0,
            collided: 0,
            load: 60,
            hold: 0,
            phase: 0,
            cycle: 0,
        }
    }

    fn next(&mut self, cycle: u64) -> MsgIn {
        self.cycle = cycle;
        if self.phase == 0 {
            self.phase = self.rng.gen_range(50..2000);
            self.load = match self.rng.gen_range(0..4) {
                0 => 95,
                1 => 30,
                _ => 60,
            };
            // a consumer without room now and then: drain held for a
            // whole phase or half its clocks
            self.hold = match self.rng.gen_range(0..8) {
                0 => 100,
                1 => 50,
                _ => 0,
            };
        }
        self.phase -= 1;
        let mut i = MsgIn {
            hold: self.rng.gen_range(0..100) < self.hold,
            ..Default::default()
        };
        if self.rng.gen_range(0..4000) == 0 {
            let k = self.rng.gen_range(0..self.idx.len());
            let msn = if self.rng.gen() {
                self.rng.gen_range(0xffff_ffc0..=u32::MAX)
            } else {
                self.rng.gen()
            };
            let s = &mut self.idx[k];
            s.rx_seen = msn;
            s.next = msn;
            s.active.clear();
            s.expect.clear();
            s.mute_until = cycle + 2;
            i.init = Some((s.index, msn));
            if self.rng.gen_range(0..4) == 0 {
                // a packet in the same clock as an init is dropped
                self.tag = self.tag.wrapping_add(1);
                self.collided += 1;
                i.pkt = Some(MsgPkt {
                    index: s.index,
                    msn,
                    tag: self.tag,
                    ..Default::default()
                });
            }
            return i;
        }
        if self.rng.gen_range(0..100) < self.load {
            i.pkt = self.packet();
        }
        i
    }

    fn observe(&mut self, out: &MsgOut) {
        if let Some(e) = out.ev {
            if let Some(s) = self.idx.iter_mut().find(|s| s.index == e.index) {
                if self.cycle > s.mute_until {
                    s.rx_seen = e.msn.wrapping_add(1);
                }
            }
        }
    }
}
