//! Cycle-exact model of `cq_writer` (`hdl/rtl/src/cq_writer.rs`): CQ
//! contexts, CQE packing by braid-spec's `host::CQE` table, owner bit,
//! doorbell limit, overrun, credits and the output queue of DMA writes.

use super::{get_u64, put_u64, CycleModel, Stimulus};
use braid_spec::host::{cqe, CQE_BYTES};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::VecDeque;

/// `op`: write a completion.
pub const OP_CQE: u8 = 0;
/// `op`: create a CQ.
pub const OP_CREATE: u8 = 1;
/// `op`: CQ doorbell.
pub const OP_DOORBELL: u8 = 2;
/// `op`: destroy a CQ.
pub const OP_DESTROY: u8 = 3;
/// `res_status`: written / done.
pub const ST_WRITTEN: u8 = 0;
/// `res_status`: dropped, ring full.
pub const ST_DROP_FULL: u8 = 1;
/// `res_status`: dropped, CQ not valid.
pub const ST_DROP_NO_CQ: u8 = 2;
/// Output queue depth.
pub const QUEUE: u32 = 8;

/// The completion fields of a CQE (all but `owner`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Completion {
    /// `wr_id`.
    pub wr_id: u64,
    /// `byte_len`.
    pub byte_len: u32,
    /// `imm`.
    pub imm: u32,
    /// `msn`.
    pub msn: u32,
    /// `conn` (24 bits).
    pub conn: u32,
    /// `opcode`.
    pub opcode: u8,
    /// `status`.
    pub status: u8,
    /// `stream`.
    pub stream: u8,
    /// `flags`.
    pub flags: u8,
}

impl Completion {
    /// The 32-byte CQE with `owner`, laid out by braid-spec's table.
    pub fn encode(&self, owner: bool) -> [u8; CQE_BYTES] {
        let mut b = [0u8; CQE_BYTES];
        let mut put = |f: &braid_spec::StateField, v: u64| braid_spec::host::put(&mut b, f, v);
        put(cqe::WR_ID, self.wr_id);
        put(cqe::BYTE_LEN, self.byte_len as u64);
        put(cqe::IMM, self.imm as u64);
        put(cqe::MSN, self.msn as u64);
        put(cqe::CONN, (self.conn & 0xff_ffff) as u64);
        put(cqe::OPCODE, self.opcode as u64);
        put(cqe::STATUS, self.status as u64);
        put(cqe::STREAM, self.stream as u64);
        put(cqe::FLAGS, self.flags as u64);
        put(cqe::OWNER, owner as u64);
        b
    }
}

/// One clock's inputs.
#[derive(Debug, Clone, Copy, Default)]
pub struct CqIn {
    /// An operation is offered.
    pub op_valid: bool,
    /// `OP_*`.
    pub op: u8,
    /// CQ index.
    pub cq: u32,
    /// `OP_CREATE`: ring base.
    pub iova: u64,
    /// `OP_CREATE`: log2 entries (0..=15).
    pub log2: u8,
    /// `OP_DOORBELL`: consumer index.
    pub ci: u16,
    /// `OP_CQE`: the completion.
    pub c: Completion,
    /// The DMA side takes a beat.
    pub dw_ready: bool,
}

/// Outputs after one edge.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CqOut {
    /// `op_ready`.
    pub op_ready: bool,
    /// A DMA write beat.
    pub dw_valid: bool,
    /// Its address.
    pub dw_addr: u64,
    /// Its length (32).
    pub dw_len: u16,
    /// The CQE bytes (lanes 0..31).
    pub dw_data: [u8; CQE_BYTES],
    /// Last beat.
    pub dw_last: bool,
    /// Its CQ.
    pub dw_cq: u32,
    /// A result.
    pub res_valid: bool,
    /// Its operation.
    pub res_op: u8,
    /// Its CQ.
    pub res_cq: u32,
    /// `ST_*`.
    pub res_status: u8,
    /// `pi` after the operation.
    pub res_pi: u16,
    /// `overrun` after the operation.
    pub res_overrun: bool,
    /// `valid` after the operation.
    pub res_cq_valid: bool,
    /// CQEs written.
    pub cnt_written: u32,
    /// Dropped on a full ring.
    pub cnt_full: u32,
    /// Dropped for a CQ that is not valid.
    pub cnt_no_cq: u32,
}

/// One CQ context.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CqCtx {
    /// Ring base.
    pub iova: u64,
    /// Producer index.
    pub pi: u16,
    /// `ci + 2^log2`: full when `pi == limit`.
    pub limit: u16,
    /// log2 entries.
    pub log2: u8,
    /// Created and not destroyed.
    pub valid: bool,
    /// A completion was dropped on a full ring.
    pub overrun: bool,
}

/// Apply one operation to a context: the status and, for a written CQE,
/// (slot, owner).
pub fn apply(c: &mut CqCtx, i: &CqIn) -> (u8, u16, bool) {
    let slot = c.pi & !(0xffffu16 << c.log2);
    let owner = (c.pi >> c.log2) & 1 == 0;
    match i.op {
        OP_CQE => {
            if !c.valid {
                return (ST_DROP_NO_CQ, slot, owner);
            }
            if c.pi == c.limit {
                c.overrun = true;
                return (ST_DROP_FULL, slot, owner);
            }
            c.pi = c.pi.wrapping_add(1);
        }
        OP_CREATE => {
            *c = CqCtx {
                iova: i.iova,
                pi: 0,
                limit: 1u16 << (i.log2 & 15),
                log2: i.log2 & 15,
                valid: true,
                overrun: false,
            };
        }
        OP_DOORBELL => c.limit = i.ci.wrapping_add(1u16 << c.log2),
        _ => c.valid = false,
    }
    (ST_WRITTEN, slot, owner)
}

#[derive(Debug, Clone, Copy, Default)]
struct Wstage {
    valid: bool,
    op: u8,
    cq: u32,
    ctx: CqCtx,
    status: u8,
    slot: u16,
    owner: bool,
    c: Completion,
}

#[derive(Debug, Clone, Copy, Default)]
struct Entry {
    addr: u64,
    data: [u8; CQE_BYTES],
    cq: u32,
}

/// Cycle-exact model with `2^IDX` CQs.
#[derive(Debug, Clone)]
pub struct CqWriterModelG<const IDX: usize> {
    mem: Vec<CqCtx>,
    credits: u32,
    queue: VecDeque<Entry>,
    /// E0 registers (`op_valid` = taken).
    i: CqIn,
    /// E1: the operation in the update stage, its forwarding selects.
    q: CqIn,
    q_fwd1: bool,
    q_fwd2: bool,
    /// The RAM's registered read data.
    rd: CqCtx,
    w: Wstage,
    w2: Wstage,
    r: Wstage,
    a: Option<Entry>,
    p: Option<Entry>,
    cnt: [u32; 3],
    out: CqOut,
}

/// The default build: 1,024 CQs.
pub type CqWriterModel = CqWriterModelG<10>;
/// The tiny build: 16 CQs.
pub type CqWriterTinyModel = CqWriterModelG<4>;

impl<const IDX: usize> Default for CqWriterModelG<IDX> {
    fn default() -> Self {
        CqWriterModelG {
            mem: vec![CqCtx::default(); 1 << IDX],
            credits: 0,
            queue: VecDeque::new(),
            i: CqIn::default(),
            q: CqIn::default(),
            q_fwd1: false,
            q_fwd2: false,
            rd: CqCtx::default(),
            w: Wstage::default(),
            w2: Wstage::default(),
            r: Wstage::default(),
            a: None,
            p: None,
            cnt: [0; 3],
            out: CqOut {
                op_ready: true,
                ..CqOut::default()
            },
        }
    }
}

impl<const IDX: usize> CqWriterModelG<IDX> {
    /// The context of CQ `cq` as stored in the RAM.
    pub fn ctx(&self, cq: u32) -> CqCtx {
        self.mem[cq as usize & ((1 << IDX) - 1)]
    }
}

impl<const IDX: usize> CycleModel for CqWriterModelG<IDX> {
    const MODULE: &'static str = if IDX == 10 {
        "cq_writer"
    } else {
        "cq_writer_tiny"
    };
    const INPUTS: &'static [&'static str] = &[
        "op_valid",
        "op",
        "cq",
        "arg_iova",
        "arg_log2",
        "arg_ci",
        "c_wr_id",
        "c_byte_len",
        "c_imm",
        "c_msn",
        "c_conn",
        "c_opcode",
        "c_status",
        "c_stream",
        "c_flags",
        "dw_ready",
    ];
    const OUTPUTS: &'static [&'static str] = &[
        "op_ready",
        "dw_valid",
        "dw_addr",
        "dw_len",
        "dw_data",
        "dw_last",
        "dw_cq",
        "res_valid",
        "res_op",
        "res_cq",
        "res_status",
        "res_pi",
        "res_overrun",
        "res_cq_valid",
        "cnt_written",
        "cnt_full",
        "cnt_no_cq",
    ];
    type In = CqIn;
    type Out = CqOut;
    type Stim = CqStim<IDX>;

    fn step(&mut self, i: &CqIn) -> CqOut {
        let mask = (1u32 << IDX) - 1;
        let taken = i.op_valid && self.credits < QUEUE;
        let take_cqe = taken && i.op == OP_CQE;
        let pop = !self.queue.is_empty() && i.dw_ready;
        let drop = self.w.valid && self.w.op == OP_CQE && self.w.status != ST_WRITTEN;
        self.credits = self.credits + take_cqe as u32 - pop as u32 - drop as u32;

        // output queue: pop, then the entry registered at E4
        if pop {
            self.queue.pop_front();
        }
        if let Some(e) = self.p.take() {
            self.queue.push_back(e);
        }
        // E3-E4
        self.p = self.a.take();
        // E2-E3: counters from the previous results, results, address
        if self.r.valid && self.r.op == OP_CQE {
            let k = self.r.status.min(2) as usize;
            self.cnt[k] = self.cnt[k].wrapping_add(1);
        }
        self.r = self.w;
        if self.w.valid && self.w.op == OP_CQE && self.w.status == ST_WRITTEN {
            self.a = Some(Entry {
                addr: self.w.ctx.iova.wrapping_add(32 * self.w.slot as u64),
                data: self.w.c.encode(self.w.owner),
                cq: self.w.cq,
            });
        }
        // RAM: read-first, the write from the E2 registers
        let rd_next = self.mem[(self.i.cq & mask) as usize];
        if self.w.valid {
            self.mem[(self.w.cq & mask) as usize] = self.w.ctx;
        }
        // E1-E2: the update, on the record forwarded from the previous two
        // operations' results or read from the RAM
        let (old_w, old_w2) = (self.w, self.w2);
        self.w2 = old_w;
        if self.q.op_valid {
            let mut ctx = if self.q_fwd1 {
                old_w.ctx
            } else if self.q_fwd2 {
                old_w2.ctx
            } else {
                self.rd
            };
            let (status, slot, owner) = apply(&mut ctx, &self.q);
            self.w = Wstage {
                valid: true,
                op: self.q.op,
                cq: self.q.cq & mask,
                ctx,
                status,
                slot,
                owner,
                c: self.q.c,
            };
        } else {
            self.w = Wstage::default();
        }
        // E0-E1
        self.q_fwd1 = self.q.op_valid && (self.q.cq & mask) == (self.i.cq & mask);
        self.q_fwd2 = old_w.valid && old_w.cq == (self.i.cq & mask);
        self.q = self.i;
        self.rd = rd_next;
        // E0
        self.i = *i;
        self.i.op_valid = taken;
        self.i.cq &= mask;

        let front = self.queue.front().copied();
        self.out = CqOut {
            op_ready: self.credits < QUEUE,
            dw_valid: front.is_some(),
            dw_addr: front.map_or(0, |e| e.addr),
            dw_len: if front.is_some() { 32 } else { 0 },
            dw_data: front.map_or([0; CQE_BYTES], |e| e.data),
            dw_last: front.is_some(),
            dw_cq: front.map_or(0, |e| e.cq),
            res_valid: self.r.valid,
            res_op: self.r.op,
            res_cq: self.r.cq,
            res_status: self.r.status,
            res_pi: self.r.ctx.pi,
            res_overrun: self.r.valid && self.r.ctx.overrun,
            res_cq_valid: self.r.valid && self.r.ctx.valid,
            cnt_written: self.cnt[0],
            cnt_full: self.cnt[1],
            cnt_no_cq: self.cnt[2],
        };
        self.out
    }

    fn encode(i: &CqIn, p: &mut [Vec<u32>]) {
        put_u64(&mut p[0], i.op_valid as u64);
        put_u64(&mut p[1], i.op as u64 & 3);
        put_u64(&mut p[2], i.cq as u64 & ((1 << IDX) - 1));
        put_u64(&mut p[3], i.iova);
        put_u64(&mut p[4], i.log2 as u64 & 15);
        put_u64(&mut p[5], i.ci as u64);
        put_u64(&mut p[6], i.c.wr_id);
        put_u64(&mut p[7], i.c.byte_len as u64);
        put_u64(&mut p[8], i.c.imm as u64);
        put_u64(&mut p[9], i.c.msn as u64);
        put_u64(&mut p[10], i.c.conn as u64 & 0xff_ffff);
        put_u64(&mut p[11], i.c.opcode as u64);
        put_u64(&mut p[12], i.c.status as u64);
        put_u64(&mut p[13], i.c.stream as u64);
        put_u64(&mut p[14], i.c.flags as u64);
        put_u64(&mut p[15], i.dw_ready as u64);
    }

    fn decode(p: &[Vec<u32>]) -> CqOut {
        let mut data = [0u8; CQE_BYTES];
        for (k, b) in data.iter_mut().enumerate() {
            *b = (p[4][k / 4] >> (8 * (k % 4))) as u8;
        }
        CqOut {
            op_ready: get_u64(&p[0]) & 1 == 1,
            dw_valid: get_u64(&p[1]) & 1 == 1,
            dw_addr: get_u64(&p[2]),
            dw_len: get_u64(&p[3]) as u16,
            dw_data: data,
            dw_last: get_u64(&p[5]) & 1 == 1,
            dw_cq: get_u64(&p[6]) as u32,
            res_valid: get_u64(&p[7]) & 1 == 1,
            res_op: get_u64(&p[8]) as u8,
            res_cq: get_u64(&p[9]) as u32,
            res_status: get_u64(&p[10]) as u8,
            res_pi: get_u64(&p[11]) as u16,
            res_overrun: get_u64(&p[12]) & 1 == 1,
            res_cq_valid: get_u64(&p[13]) & 1 == 1,
            cnt_written: get_u64(&p[14]) as u32,
            cnt_full: get_u64(&p[15]) as u32,
            cnt_no_cq: get_u64(&p[16]) as u32,
        }
    }
}

/// Seeded stimulus: a hot set of CQs with small rings (so rings fill, wrap
/// and overrun), doorbells around the producer index, creates (some with a
/// base near the top of the address space, for the address carry), destroys,
/// completions to CQs that do not exist, and random DMA back-pressure with
/// long stalls (credits run out).
#[derive(Debug)]
pub struct CqStim<const IDX: usize> {
    rng: ChaCha8Rng,
    hot: [u32; 3],
    /// CQE operations offered per CQ (an upper bound of its `pi`).
    sent: Vec<u16>,
    stall: u32,
}

impl<const IDX: usize> CqStim<IDX> {
    fn pick(&mut self) -> u32 {
        if self.rng.gen_bool(0.85) {
            self.hot[self.rng.gen_range(0..3)]
        } else {
            self.rng.gen_range(0..1u32 << IDX)
        }
    }
}

impl<const IDX: usize> Stimulus for CqStim<IDX> {
    type In = CqIn;
    type Out = CqOut;

    fn new(seed: u64) -> Self {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let n = 1u32 << IDX;
        let hot = [0, rng.gen_range(1..n), n - 1];
        CqStim {
            rng,
            hot,
            sent: vec![0; n as usize],
            stall: 0,
        }
    }

    fn next(&mut self, _cycle: u64) -> CqIn {
        let r = &mut self.rng;
        let dw_ready = if self.stall > 0 {
            self.stall -= 1;
            false
        } else if r.gen_bool(0.01) {
            self.stall = r.gen_range(5..40);
            false
        } else {
            r.gen_bool(0.8)
        };
        let mut i = CqIn {
            op_valid: r.gen_bool(0.85),
            dw_ready,
            c: Completion {
                wr_id: r.gen(),
                byte_len: r.gen(),
                imm: r.gen(),
                msn: r.gen(),
                conn: r.gen_range(0..1 << 24),
                opcode: r.gen_range(1..=3),
                status: if r.gen_bool(0.9) { 0 } else { r.gen() },
                stream: r.gen_range(0..4),
                flags: r.gen_range(0..4),
            },
            ..CqIn::default()
        };
        i.cq = self.pick();
        let r = &mut self.rng;
        let k: u32 = r.gen_range(0..100);
        i.op = match k {
            0..=69 => OP_CQE,
            70..=86 => OP_DOORBELL,
            87..=96 => OP_CREATE,
            _ => OP_DESTROY,
        };
        match i.op {
            OP_CQE if i.op_valid => {
                let s = &mut self.sent[i.cq as usize];
                *s = s.wrapping_add(1);
            }
            OP_CREATE => {
                i.log2 = if r.gen_bool(0.8) {
                    r.gen_range(0..4)
                } else {
                    r.gen_range(0..16)
                };
                i.iova = if r.gen_bool(0.3) {
                    // near the top: the slot address carries into bit 63
                    u64::MAX - 32 * r.gen_range(0..64u64) - 31
                } else {
                    r.gen::<u64>() & !31
                };
                if i.op_valid {
                    self.sent[i.cq as usize] = 0;
                }
            }
            OP_DOORBELL => {
                // around the producer: some consumed, some not yet
                i.ci = self.sent[i.cq as usize].wrapping_sub(r.gen_range(0..6));
            }
            _ => {}
        }
        if !i.op_valid {
            // idle inputs still carry values: they must change nothing
            i.op = r.gen_range(0..4);
        }
        i
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cqe(k: u64) -> Completion {
        Completion {
            wr_id: k,
            byte_len: k as u32 * 3,
            opcode: 1,
            ..Completion::default()
        }
    }

    /// Drive `ops` (one per clock while ready) and return every DMA write.
    fn run(ops: &[CqIn], clocks: usize) -> (Vec<(u64, [u8; 32])>, CqOut) {
        let mut m = CqWriterTinyModel::default();
        let mut out = m.out;
        let mut writes = Vec::new();
        let mut k = 0;
        for _ in 0..clocks {
            let mut i = ops.get(k).copied().unwrap_or_default();
            i.dw_ready = true;
            if out.op_ready && k < ops.len() {
                k += 1;
            } else {
                i.op_valid = false;
            }
            out = m.step(&i);
            if out.dw_valid {
                writes.push((out.dw_addr, out.dw_data));
            }
        }
        (writes, out)
    }

    #[test]
    fn ring_fills_wraps_with_owner_and_overruns() {
        let base = 0x1_0000;
        let mut ops = vec![CqIn {
            op_valid: true,
            op: OP_CREATE,
            cq: 2,
            iova: base,
            log2: 2,
            ..CqIn::default()
        }];
        // 5 completions into a 4-entry ring: the fifth is dropped
        for k in 0..5 {
            ops.push(CqIn {
                op_valid: true,
                op: OP_CQE,
                cq: 2,
                c: cqe(k),
                ..CqIn::default()
            });
        }
        // consume 3, then 3 more completions: slots 0, 1, 2 of pass 2
        ops.push(CqIn {
            op_valid: true,
            op: OP_DOORBELL,
            cq: 2,
            ci: 3,
            ..CqIn::default()
        });
        for k in 10..13 {
            ops.push(CqIn {
                op_valid: true,
                op: OP_CQE,
                cq: 2,
                c: cqe(k),
                ..CqIn::default()
            });
        }
        // a completion to a CQ that does not exist
        ops.push(CqIn {
            op_valid: true,
            op: OP_CQE,
            cq: 5,
            c: cqe(99),
            ..CqIn::default()
        });
        let (w, out) = run(&ops, 40);
        let want: Vec<(u64, [u8; 32])> = [(0, 0, true), (1, 1, true), (2, 2, true), (3, 3, true)]
            .iter()
            .chain([(0, 10, false), (1, 11, false), (2, 12, false)].iter())
            .map(|&(slot, k, owner)| (base + 32 * slot, cqe(k).encode(owner)))
            .collect();
        assert_eq!(w, want);
        assert_eq!((out.cnt_written, out.cnt_full, out.cnt_no_cq), (7, 1, 1));
    }

    #[test]
    fn address_carries_across_the_select_boundaries() {
        let base = (1u64 << 43) - 64; // bits 42:21 all ones
        let mut ops = vec![CqIn {
            op_valid: true,
            op: OP_CREATE,
            cq: 1,
            iova: base,
            log2: 3,
            ..CqIn::default()
        }];
        for k in 0..4 {
            ops.push(CqIn {
                op_valid: true,
                op: OP_CQE,
                cq: 1,
                c: cqe(k),
                ..CqIn::default()
            });
        }
        let (w, _) = run(&ops, 30);
        let addrs: Vec<u64> = w.iter().map(|x| x.0).collect();
        assert_eq!(addrs, vec![base, base + 32, base + 64, base + 96]);
    }

    #[test]
    fn full_rate_with_ready_dma() {
        // one completion per clock into a large ring: every clock taken
        let mut m = CqWriterTinyModel::default();
        m.step(&CqIn {
            op_valid: true,
            op: OP_CREATE,
            cq: 0,
            log2: 15,
            ..CqIn::default()
        });
        let mut written = 0;
        for k in 0..1000u64 {
            let o = m.step(&CqIn {
                op_valid: true,
                op: OP_CQE,
                cq: 0,
                c: cqe(k),
                dw_ready: true,
                ..CqIn::default()
            });
            assert!(o.op_ready, "clock {k}: not ready at full rate");
            written += o.dw_valid as u32;
        }
        assert!(written >= 994, "{written}");
    }
}
