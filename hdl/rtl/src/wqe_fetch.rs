//! Send-queue WQE fetcher: per connection a send-ring context in block
//! RAM, doorbells, a round-robin queue of connections with work, DMA reads
//! of up to 8 WQEs (braid-spec `host::WQE`, 64 bytes = one read beat) and a
//! stream of parsed, checked WQEs to the segmenter.
//!
//! # Behaviour (normative; `braid_model::WqeFetchModel` is the bit-
//! and cycle-exact reference)
//!
//! ## Contexts
//!
//! `2^IDX` send-queue contexts (`wqe_fetch`: IDX = 10; `wqe_fetch_tiny`:
//! IDX = 4). A context is `iova` (ring base, bits 63:6; the ring is 64-byte
//! aligned), `log2` (the ring has `2^log2` WQEs), `ci` (next WQE to fetch,
//! modulo 2^16), `pi` (from the doorbell, modulo 2^16), `credit` (free WQE
//! slots of the segmenter for this connection, 0..=[`SEG_WQE_SLOTS`]),
//! `valid` and `queued` (the connection has an entry in the fetch queue or a
//! fetch operation in the pipeline). Layout of the RAM word: iova 57:0,
//! log2 61:58, ci 77:62, pi 93:78, credit 97:94, valid 98, queued 99. At
//! power-up every context is zero (not valid, not queued).
//!
//! ## Operations
//!
//! Four sources, each a holding register: the command port (`cmd_valid`,
//! `cmd_ready`), the doorbell port (`db_*`), the credit-return port
//! (`cr_*`) and the fetch queue's head. A port takes an operation at an edge
//! where `*_valid && *_ready`; `*_ready` = the port's holding register is
//! empty (a register: one operation per port every second clock at most).
//! Each clock one held operation enters the context pipeline (stage S0), by
//! priority command > credit return > doorbell > fetch, skipping any whose
//! connection has an operation in S0, S1, S2 or S2b (so an operation reads
//! the context its predecessor on the same connection wrote: no forwarding,
//! no lost update). Operations on different connections enter one per clock.
//! A fetch also needs `enable` and room (see *Credits*).
//!
//! * CREATE (`cmd_op` 0; `cmd_conn`, `cmd_iova`, `cmd_log2`): refused
//!   (`res_refused`, nothing changes) unless `cmd_iova` is 64-byte aligned
//!   (braid-spec `SQ_ALIGN`) and `RING_LOG2_MIN <= cmd_log2 <=
//!   RING_LOG2_MAX` (1..=15, as the driver allows). Accepted: iova, log2,
//!   `ci = pi = 0`, `credit = SEG_WQE_SLOTS`, valid; `queued` is kept (a
//!   stale queue entry is consumed by a fetch that finds nothing to do).
//! * DESTROY (`cmd_op` 1): `valid = 0`. Queued work is dropped: the queue
//!   entry, when it comes up, fetches nothing. Reads already issued still
//!   deliver their WQEs (the command processor flushes them).
//! * DOORBELL (`db_conn` 16 bits and `db_pi` exactly as braid-spec's
//!   `SQ_DOORBELL` fields): with `dn = db_pi - ci` and `do = pi - ci`
//!   (modulo 2^16), accepted when `db_conn < 2^IDX`, the context is valid,
//!   `dn <= 2^log2` (not more than a ring ahead of `ci`) and `dn >= do` (not
//!   backwards): `pi = db_pi`, and when not queued, `dn != 0` and `credit >
//!   0` the connection is pushed to the fetch queue (`queued = 1`).
//!   Otherwise refused and counted in `cnt_db_refused`.
//! * CREDIT (`cr_conn`, `cr_n`: the segmenter freed `cr_n` WQE slots):
//!   accepted when valid, `cr_n != 0` and `credit + cr_n <= SEG_WQE_SLOTS`:
//!   `credit += cr_n`, and when not queued and `ci != pi` the connection is
//!   pushed (`queued = 1`). Otherwise refused, counted in `cnt_cr_refused`.
//! * FETCH (the queue's head): `n = min(8, pi - ci, credit, WQEs to the
//!   ring's end, WQEs to the next 4 KiB boundary of the address)`, 0 when
//!   not valid. `n >= 1`: one DMA read of `64 n` bytes at `iova + 64 (ci mod
//!   2^log2)` is queued (tag = a counter of reads, modulo 256), `ci += n`,
//!   `credit -= n`, and the connection is pushed again when `ci != pi` and
//!   `credit > 0` (round robin), else `queued = 0`. `n = 0`: `queued = 0`.
//!
//! Pipeline: S0 registers the chosen operation and addresses the RAM; S1
//! (the RAM's registered read) computes `pi - ci`, `db_pi - ci`, the slot
//! mask and offset, the 4 KiB offset; S2 the four caps of `n`, the doorbell
//! and credit compares and the address halves; S2b `n`, their minimum; S3
//! computes the new context. With S0 loaded at edge E (S1 at E+1, S2 at
//! E+2, S2b at E+3, S3 at E+4), the context write-back, the queue push,
//! the read-queue push and the result registers take effect at edge E+5:
//! `res_valid`, `res_op` (`OP_*`), `res_conn`, `res_refused`, `res_n` (WQEs
//! fetched) show from edge E+5, a read request from edge E+6 (`rd_valid`).
//! An operation taken by an idle port at edge t enters S0 at edge t+1. The
//! next operation of the same connection enters S0 at E+5 at the earliest
//! (one operation per 5 clocks per connection); operations of different
//! connections enter one per clock.
//!
//! ## DMA reads
//!
//! Requests leave in order from an 8-entry queue: `rd_valid`/`rd_ready`,
//! `rd_addr`, `rd_len` (bytes, 64..512, never crossing a 4 KiB boundary),
//! `rd_tag`. Responses (`rs_*`, ENGINE.md's read stream: in request order,
//! one 64-byte beat per WQE, WQE byte `i` in lane `i`) are always taken
//! (`rs_ready` = 1) and matched in order with the reads issued: beat `k` of
//! a read is WQE `ci_at_fetch + k` of its connection. A beat with `rs_err`,
//! a tag other than its read's, or `rs_last` not on the read's last beat is
//! passed on flagged `REASON_DMA`. A beat while no read is outstanding is
//! dropped and counted in `cnt_stray`.
//!
//! ## WQE stream
//!
//! Each beat is registered (R0), parsed and checked (R0-R1), written into
//! the output queue (R1, 32 entries, block RAM) and shown one clock after
//! the write: `wqe_valid`/`wqe_ready` (AXI-Stream rules; the output is held
//! while not ready), `wqe_conn`, `wqe_index` (the WQE's ring index modulo
//! 2^16, i.e. the producer-index count of the driver), the fields of
//! braid-spec's `host::WQE`, `wqe_bad` and `wqe_reason` (a mask of
//! `REASON_*`: DMA error, opcode outside 1..=4, `num_sge > 1`, `num_sge ==
//! 0` with `len != 0`, `sge_len != len`, `stream >= MAX_STREAMS`). Bad WQEs
//! are passed on (for an error completion) and counted in `cnt_bad_wqe`.
//! All `wqe_*` outputs are zero while `wqe_valid` is 0.
//!
//! ## Credits
//!
//! `used` counts output-queue entries reserved: a fetch adds 8 at the edge
//! that ends its S0, S3 gives back `8 - n`, a WQE taken from the output
//! gives back 1 one edge after it was taken. `fout` counts fetches from the
//! end of S0 to the edge after their last response beat was matched (or to
//! S3 when `n = 0`). A fetch enters S0 only while `used <= 24` and `fout <
//! FETCHES` (`used <= 16` and `fout < FETCHES - 1` while a fetch is in S0,
//! not yet counted), so the output queue never overflows, responses never
//! wait, and the request and response-match queues never overflow. Per
//! connection, `credit` bounds the WQEs fetched and not yet returned by the
//! segmenter to [`SEG_WQE_SLOTS`].

use crate::prefix_add::PrefixAdd;
use braid_spec::host::{wqe, RING_LOG2_MAX, RING_LOG2_MIN};
use braid_spec::state::MAX_STREAMS;
use rust_hdl::prelude::*;

/// WQE slots the segmenter keeps per connection (the per-connection credit
/// a CREATE starts with; `braid_spec::state::SEG_WQE_SLOTS`).
pub const SEG_WQE_SLOTS: usize = braid_spec::state::SEG_WQE_SLOTS;
/// Largest fetch (WQEs, one DMA read of at most 512 bytes).
pub const FETCH_MAX: usize = 8;
/// Fetches outstanding at most (request and response-match queue depth).
pub const FETCHES: usize = 8;
/// log2 of the output queue's entries.
pub const OUT_LOG: usize = 5;
/// Output queue entries.
pub const OUT_DEPTH: usize = 1 << OUT_LOG;
/// Context word width.
pub const CTX_BITS: usize = 100;
/// Index bits of the exported full-size block (1,024 connections).
pub const IDX_FULL: usize = 10;
/// Index bits of the exported tiny block (16 connections).
pub const IDX_TINY: usize = 4;

/// `res_op`: CREATE.
pub const OP_CREATE: u64 = 0;
/// `res_op`: DESTROY.
pub const OP_DESTROY: u64 = 1;
/// `res_op`: doorbell.
pub const OP_DOORBELL: u64 = 2;
/// `res_op`: credit return.
pub const OP_CREDIT: u64 = 3;
/// `res_op`: fetch.
pub const OP_FETCH: u64 = 4;

/// `wqe_reason` bit: the DMA read failed (or its tag or last flag was wrong).
pub const REASON_DMA: u64 = 1;
/// `wqe_reason` bit: opcode outside 1..=4.
pub const REASON_OPCODE: u64 = 2;
/// `wqe_reason` bit: more than one scatter entry.
pub const REASON_NUM_SGE: u64 = 4;
/// `wqe_reason` bit: no scatter entry but a length.
pub const REASON_NO_SGE: u64 = 8;
/// `wqe_reason` bit: `sge_len != len`.
pub const REASON_SGE_LEN: u64 = 16;
/// `wqe_reason` bit: stream beyond the engine's streams.
pub const REASON_STREAM: u64 = 32;

/// Output-queue entry: WQE bits 383:0 (braid-spec layout), conn 399:384,
/// ring index 415:400, reason 421:416.
const ENTRY: usize = 422;
/// Response-match entry: conn 15:0, first index 31:16, n 35:32, tag 43:36.
const PEND: usize = 44;
/// Request entry: address bits 63:6 at 57:0, n 61:58, tag 69:62.
const REQ: usize = 70;

const _: () = assert!(braid_spec::host::WQE_BYTES == 64);
// `cmd_iova` alignment is checked on its 6 low bits; `db_conn`/`db_pi` are
// the 16-bit fields of SQ_DOORBELL.
const _: () = assert!(braid_spec::host::SQ_ALIGN == 64);
const _: () =
    assert!(braid_spec::regs::SQ_DB_CONN.bits == 16 && braid_spec::regs::SQ_DB_PI.bits == 16);
const _: () = assert!(RING_LOG2_MIN == 1 && RING_LOG2_MAX == 15);
const _: () = assert!(SEG_WQE_SLOTS == 8 && FETCH_MAX == 8 && FETCHES == 8);
const _: () = assert!(wqe::SGE_LEN.lsb + wqe::SGE_LEN.bits <= 384);

/// First-word-fall-through FIFO in block RAM with 16-bit pointers: `push`
/// writes `din` at the edge; the entry shows (`valid`, `dout`) from the
/// second edge after the push decision; `pop` (only while `valid`) takes
/// the head at the edge. Never push into a full FIFO (the users' credits
/// guarantee it).
#[derive(LogicBlock, Default)]
pub struct FwftFifo<const W: usize, const A: usize> {
    /// Clock.
    pub clock: Signal<In, Clock>,
    /// Write `din` at this edge.
    pub push: Signal<In, Bit>,
    /// Entry to write.
    pub din: Signal<In, Bits<W>>,
    /// Take the head at this edge.
    pub pop: Signal<In, Bit>,
    /// The head is valid.
    pub valid: Signal<Out, Bit>,
    /// The head.
    pub dout: Signal<Out, Bits<W>>,
    ram: RAM<Bits<W>, A>,
    wp: DFF<Bits<16>>,
    wp_d: DFF<Bits<16>>,
    rp: DFF<Bits<16>>,
    rp_next: Signal<Local, Bits<16>>,
}

impl<const W: usize, const A: usize> Logic for FwftFifo<W, A> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, wp, wp_d, rp);
        self.ram.read_clock.next = self.clock.val();
        self.ram.write_clock.next = self.clock.val();
        self.ram.write_address.next = self.wp.q.val().get_bits::<A>(0);
        self.ram.write_data.next = self.din.val();
        self.ram.write_enable.next = self.push.val();
        if self.push.val() {
            self.wp.d.next = self.wp.q.val() + 1;
        }
        self.wp_d.d.next = self.wp.q.val();
        if self.pop.val() {
            self.rp_next.next = self.rp.q.val() + 1;
        } else {
            self.rp_next.next = self.rp.q.val();
        }
        self.rp.d.next = self.rp_next.val();
        self.ram.read_address.next = self.rp_next.val().get_bits::<A>(0);
        self.valid.next = self.wp_d.q.val() != self.rp.q.val();
        self.dout.next = self.ram.read_data.val();
    }
}

hdl_block! {
    /// The WQE fetcher with `2^IDX` connections.
    pub struct WqeFetch<const IDX: usize> {
        /// Engine clock.
        pub clock: Signal<In, Clock>,
        /// `CTRL.enable`: 0 stops new fetches.
        pub enable: Signal<In, Bit>,
        /// A command is offered.
        pub cmd_valid: Signal<In, Bit>,
        /// The command port is free.
        pub cmd_ready: Signal<Out, Bit>,
        /// 0 CREATE, 1 DESTROY.
        pub cmd_op: Signal<In, Bit>,
        /// Connection.
        pub cmd_conn: Signal<In, Bits<IDX>>,
        /// CREATE: ring base address.
        pub cmd_iova: Signal<In, Bits<64>>,
        /// CREATE: log2 of the ring's entries (`CREATE_CONN` ARG3 bits 7:0).
        pub cmd_log2: Signal<In, Bits<8>>,
        /// A doorbell is offered.
        pub db_valid: Signal<In, Bit>,
        /// The doorbell port is free.
        pub db_ready: Signal<Out, Bit>,
        /// `SQ_DOORBELL.conn`.
        pub db_conn: Signal<In, Bits<16>>,
        /// `SQ_DOORBELL.pi`.
        pub db_pi: Signal<In, Bits<16>>,
        /// A credit return is offered.
        pub cr_valid: Signal<In, Bit>,
        /// The credit port is free.
        pub cr_ready: Signal<Out, Bit>,
        /// Connection.
        pub cr_conn: Signal<In, Bits<IDX>>,
        /// WQE slots freed.
        pub cr_n: Signal<In, Bits<4>>,
        /// DMA read request valid.
        pub rd_valid: Signal<Out, Bit>,
        /// DMA read request taken.
        pub rd_ready: Signal<In, Bit>,
        /// Read address.
        pub rd_addr: Signal<Out, Bits<64>>,
        /// Read length in bytes.
        pub rd_len: Signal<Out, Bits<16>>,
        /// Read tag.
        pub rd_tag: Signal<Out, Bits<8>>,
        /// Response beat valid.
        pub rs_valid: Signal<In, Bit>,
        /// Response beat taken (always).
        pub rs_ready: Signal<Out, Bit>,
        /// Response data (byte i in lane i).
        pub rs_data: Signal<In, Bits<512>>,
        /// Response tag.
        pub rs_tag: Signal<In, Bits<8>>,
        /// Last beat of the read.
        pub rs_last: Signal<In, Bit>,
        /// The read failed.
        pub rs_err: Signal<In, Bit>,
        /// A WQE is shown.
        pub wqe_valid: Signal<Out, Bit>,
        /// The segmenter takes it.
        pub wqe_ready: Signal<In, Bit>,
        /// Its connection.
        pub wqe_conn: Signal<Out, Bits<IDX>>,
        /// Its ring index (modulo 2^16).
        pub wqe_index: Signal<Out, Bits<16>>,
        /// `opcode`.
        pub wqe_opcode: Signal<Out, Bits<8>>,
        /// `flags`.
        pub wqe_flags: Signal<Out, Bits<8>>,
        /// `stream`.
        pub wqe_stream: Signal<Out, Bits<8>>,
        /// `num_sge`.
        pub wqe_num_sge: Signal<Out, Bits<8>>,
        /// `len`.
        pub wqe_len: Signal<Out, Bits<32>>,
        /// `wr_id`.
        pub wqe_wr_id: Signal<Out, Bits<64>>,
        /// `imm`.
        pub wqe_imm: Signal<Out, Bits<32>>,
        /// `rkey`.
        pub wqe_rkey: Signal<Out, Bits<32>>,
        /// `remote_addr`.
        pub wqe_remote_addr: Signal<Out, Bits<64>>,
        /// `sge_addr`.
        pub wqe_sge_addr: Signal<Out, Bits<64>>,
        /// `sge_lkey`.
        pub wqe_sge_lkey: Signal<Out, Bits<32>>,
        /// `sge_len`.
        pub wqe_sge_len: Signal<Out, Bits<32>>,
        /// The WQE is bad (`wqe_reason != 0`).
        pub wqe_bad: Signal<Out, Bit>,
        /// `REASON_*` mask.
        pub wqe_reason: Signal<Out, Bits<6>>,
        /// A context operation finished.
        pub res_valid: Signal<Out, Bit>,
        /// Its `OP_*`.
        pub res_op: Signal<Out, Bits<3>>,
        /// Its connection.
        pub res_conn: Signal<Out, Bits<IDX>>,
        /// CREATE, DOORBELL, CREDIT: refused.
        pub res_refused: Signal<Out, Bit>,
        /// FETCH: WQEs read.
        pub res_n: Signal<Out, Bits<4>>,
        /// Doorbells refused.
        pub cnt_db_refused: Signal<Out, Bits<32>>,
        /// Credit returns refused.
        pub cnt_cr_refused: Signal<Out, Bits<32>>,
        /// Bad WQEs passed on.
        pub cnt_bad_wqe: Signal<Out, Bits<32>>,
        /// Response beats without an outstanding read.
        pub cnt_stray: Signal<Out, Bits<32>>,
        // WQE field positions from braid-spec
        k_opcode: Constant<Bits<9>> = lsb(wqe::OPCODE),
        k_flags: Constant<Bits<9>> = lsb(wqe::FLAGS),
        k_stream: Constant<Bits<9>> = lsb(wqe::STREAM),
        k_num_sge: Constant<Bits<9>> = lsb(wqe::NUM_SGE),
        k_len: Constant<Bits<9>> = lsb(wqe::LEN),
        k_wr_id: Constant<Bits<9>> = lsb(wqe::WR_ID),
        k_imm: Constant<Bits<9>> = lsb(wqe::IMM),
        k_rkey: Constant<Bits<9>> = lsb(wqe::RKEY),
        k_remote_addr: Constant<Bits<9>> = lsb(wqe::REMOTE_ADDR),
        k_sge_addr: Constant<Bits<9>> = lsb(wqe::SGE_ADDR),
        k_sge_lkey: Constant<Bits<9>> = lsb(wqe::SGE_LKEY),
        k_sge_len: Constant<Bits<9>> = lsb(wqe::SGE_LEN),
        k_streams: Constant<Bits<8>> = Constant::new(bits(MAX_STREAMS as u64)),
        k_log2_min: Constant<Bits<8>> = Constant::new(bits(RING_LOG2_MIN as u64)),
        k_log2_max: Constant<Bits<8>> = Constant::new(bits(RING_LOG2_MAX as u64)),
        k_slots: Constant<Bits<4>> = Constant::new(bits(SEG_WQE_SLOTS as u64)),
        k_used_max: Constant<Bits<6>> = Constant::new(bits((OUT_DEPTH - FETCH_MAX) as u64)),
        k_fetches: Constant<Bits<4>> = Constant::new(bits(FETCHES as u64)),
        k_nconn: Constant<Bits<16>> = Constant::new(bits(1u64 << IDX)),
        k_used_max2: Constant<Bits<6>> = Constant::new(bits((OUT_DEPTH - 2 * FETCH_MAX) as u64)),
        k_fetches2: Constant<Bits<4>> = Constant::new(bits(FETCHES as u64 - 1)),
        ctx: RAM<Bits<CTX_BITS>, IDX>,
        sched: FwftFifo<16, IDX>,
        reqf: FwftFifo<REQ, 3>,
        pendf: FwftFifo<PEND, 3>,
        outf: FwftFifo<ENTRY, OUT_LOG>,
        // holding registers
        cmd_h: DFF<Bit>,
        cmd_h_op: DFF<Bit>,
        cmd_h_conn: DFF<Bits<IDX>>,
        cmd_h_iova: DFF<Bits<64>>,
        cmd_h_log2: DFF<Bits<8>>,
        db_h: DFF<Bit>,
        db_h_conn: DFF<Bits<16>>,
        db_h_pi: DFF<Bits<16>>,
        cr_h: DFF<Bit>,
        cr_h_conn: DFF<Bits<IDX>>,
        cr_h_n: DFF<Bits<4>>,
        f_h: DFF<Bit>,
        f_h_conn: DFF<Bits<IDX>>,
        used: DFF<Bits<6>>,
        fout: DFF<Bits<4>>,
        tagc: DFF<Bits<8>>,
        // S0
        a_valid: DFF<Bit>,
        a_op: DFF<Bits<3>>,
        a_conn: DFF<Bits<IDX>>,
        a_iova: DFF<Bits<64>>,
        a_small: DFF<Bits<16>>,
        a_argbad: DFF<Bit>,
        // S1
        b_valid: DFF<Bit>,
        b_op: DFF<Bits<3>>,
        b_conn: DFF<Bits<IDX>>,
        b_iova: DFF<Bits<64>>,
        b_small: DFF<Bits<16>>,
        b_argbad: DFF<Bit>,
        // S2
        c_valid: DFF<Bit>,
        c_op: DFF<Bits<3>>,
        c_conn: DFF<Bits<IDX>>,
        c_rec: DFF<Bits<CTX_BITS>>,
        c_iova: DFF<Bits<64>>,
        c_small: DFF<Bits<16>>,
        c_argbad: DFF<Bit>,
        c_d: DFF<Bits<16>>,
        c_dn: DFF<Bits<16>>,
        c_off: DFF<Bits<16>>,
        c_wl: DFF<Bits<16>>,
        c_a6: DFF<Bits<6>>,
        c_ne: DFF<Bit>,
        c_crsum: DFF<Bits<5>>,
        // S2b
        e_valid: DFF<Bit>,
        e_op: DFF<Bits<3>>,
        e_conn: DFF<Bits<IDX>>,
        e_rec: DFF<Bits<CTX_BITS>>,
        e_iova: DFF<Bits<64>>,
        e_small: DFF<Bits<16>>,
        e_ok: DFF<Bit>,
        e_cap_d: DFF<Bits<4>>,
        e_cap_room: DFF<Bits<4>>,
        e_cap_4k: DFF<Bits<4>>,
        e_ge16: DFF<Bit>,
        e_d4: DFF<Bits<4>>,
        e_dn_nz: DFF<Bit>,
        e_ne: DFF<Bit>,
        e_crsum: DFF<Bits<5>>,
        e_lo: DFF<Bits<16>>,
        e_carry: DFF<Bit>,
        e_hi: DFF<Bits<42>>,
        e_hi_p1: DFF<Bits<42>>,
        pop_d: DFF<Bit>,
        fo1_d: DFF<Bit>,
        // S3
        d_valid: DFF<Bit>,
        d_op: DFF<Bits<3>>,
        d_conn: DFF<Bits<IDX>>,
        d_rec: DFF<Bits<CTX_BITS>>,
        d_iova: DFF<Bits<64>>,
        d_small: DFF<Bits<16>>,
        d_ok: DFF<Bit>,
        d_n: DFF<Bits<4>>,
        d_ge8: DFF<Bit>,
        d_d4: DFF<Bits<4>>,
        d_dn_nz: DFF<Bit>,
        d_ne: DFF<Bit>,
        d_crsum: DFF<Bits<5>>,
        d_lo: DFF<Bits<16>>,
        d_carry: DFF<Bit>,
        d_hi: DFF<Bits<42>>,
        d_hi_p1: DFF<Bits<42>>,
        // results
        r_valid: DFF<Bit>,
        r_op: DFF<Bits<3>>,
        r_conn: DFF<Bits<IDX>>,
        r_refused: DFF<Bit>,
        r_n: DFF<Bits<4>>,
        n_db_ref: DFF<Bits<32>>,
        n_cr_ref: DFF<Bits<32>>,
        n_bad: DFF<Bits<32>>,
        n_stray: DFF<Bits<32>>,
        // response side
        g_valid: DFF<Bit>,
        g_data: DFF<Bits<384>>,
        g_tag: DFF<Bits<8>>,
        g_last: DFF<Bit>,
        g_err: DFF<Bit>,
        k_beat: DFF<Bits<3>>,
        h_valid: DFF<Bit>,
        h_entry: DFF<Bits<ENTRY>>,
        add_d: PrefixAdd<16>,
        add_dn: PrefixAdd<16>,
        add_lo: PrefixAdd<17>,
        add_hi: PrefixAdd<42>,
        add_ci: PrefixAdd<16>,
        add_idx: PrefixAdd<16>,
        // combinational
        hz_cmd: Signal<Local, Bit>,
        hz_cr: Signal<Local, Bit>,
        hz_db: Signal<Local, Bit>,
        hz_f: Signal<Local, Bit>,
        db_lo: Signal<Local, Bits<IDX>>,
        can_cmd: Signal<Local, Bit>,
        can_cr: Signal<Local, Bit>,
        can_db: Signal<Local, Bit>,
        can_f: Signal<Local, Bit>,
        pick_cmd: Signal<Local, Bit>,
        pick_cr: Signal<Local, Bit>,
        pick_db: Signal<Local, Bit>,
        pick_f: Signal<Local, Bit>,
        f_load: Signal<Local, Bit>,
        inc8: Signal<Local, Bits<6>>,
        rel: Signal<Local, Bits<6>>,
        out_pop: Signal<Local, Bit>,
        out_pop6: Signal<Local, Bits<6>>,
        f_in: Signal<Local, Bits<4>>,
        f_out0: Signal<Local, Bits<4>>,
        f_out1: Signal<Local, Bits<4>>,
        // S1 locals
        r: Signal<Local, Bits<CTX_BITS>>,
        r_ci: Signal<Local, Bits<16>>,
        r_pi: Signal<Local, Bits<16>>,
        r_log2: Signal<Local, Bits<4>>,
        r_iova: Signal<Local, Bits<58>>,
        r_credit: Signal<Local, Bits<4>>,
        nci: Signal<Local, Bits<16>>,
        mask: Signal<Local, Bits<16>>,
        off: Signal<Local, Bits<16>>,
        off6: Signal<Local, Bits<6>>,
        iova6: Signal<Local, Bits<6>>,
        crn5: Signal<Local, Bits<5>>,
        cred5: Signal<Local, Bits<5>>,
        // S2 locals
        s_log2: Signal<Local, Bits<4>>,
        s_credit: Signal<Local, Bits<4>>,
        s_valid: Signal<Local, Bit>,
        cap_d: Signal<Local, Bits<4>>,
        cap_room: Signal<Local, Bits<4>>,
        cap_4k: Signal<Local, Bits<4>>,
        wl3: Signal<Local, Bits<4>>,
        a6lo: Signal<Local, Bits<4>>,
        min_a: Signal<Local, Bits<4>>,
        min_b: Signal<Local, Bits<4>>,
        n_sel: Signal<Local, Bits<4>>,
        size: Signal<Local, Bits<17>>,
        dn17: Signal<Local, Bits<17>>,
        s_iova: Signal<Local, Bits<58>>,
        s_ok: Signal<Local, Bit>,
        // S3 locals
        t_ci: Signal<Local, Bits<16>>,
        t_pi: Signal<Local, Bits<16>>,
        t_credit: Signal<Local, Bits<4>>,
        t_valid: Signal<Local, Bit>,
        t_queued: Signal<Local, Bit>,
        t_log2: Signal<Local, Bits<4>>,
        t_iova: Signal<Local, Bits<58>>,
        n16: Signal<Local, Bits<16>>,
        requeue: Signal<Local, Bit>,
        push_q: Signal<Local, Bit>,
        fetch_go: Signal<Local, Bit>,
        refused: Signal<Local, Bit>,
        addr_hi: Signal<Local, Bits<42>>,
        // response locals
        p_conn: Signal<Local, Bits<16>>,
        p_idx: Signal<Local, Bits<16>>,
        p_n: Signal<Local, Bits<4>>,
        p_tag: Signal<Local, Bits<8>>,
        beat: Signal<Local, Bit>,
        k4: Signal<Local, Bits<4>>,
        is_last: Signal<Local, Bit>,
        w_opcode: Signal<Local, Bits<8>>,
        w_stream: Signal<Local, Bits<8>>,
        w_num_sge: Signal<Local, Bits<8>>,
        w_len: Signal<Local, Bits<32>>,
        w_sge_len: Signal<Local, Bits<32>>,
        reason: Signal<Local, Bits<6>>,
        x_dma: Signal<Local, Bit>,
        x_op: Signal<Local, Bit>,
        x_sge: Signal<Local, Bit>,
        x_nosge: Signal<Local, Bit>,
        x_len: Signal<Local, Bit>,
        x_stream: Signal<Local, Bit>,
        fo0: Signal<Local, Bit>,
        fo1: Signal<Local, Bit>,
        a_fetch: Signal<Local, Bit>,
        room_ok: Signal<Local, Bit>,
        o: Signal<Local, Bits<ENTRY>>,
        o_wqe: Signal<Local, Bits<384>>,
    }
}

fn lsb(f: &braid_spec::StateField) -> Constant<Bits<9>> {
    Constant::new(bits(f.lsb as u64))
}

impl<const IDX: usize> Logic for WqeFetch<IDX> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, cmd_h, cmd_h_op, cmd_h_conn, cmd_h_iova, cmd_h_log2, db_h, db_h_conn,
            db_h_pi, cr_h, cr_h_conn, cr_h_n, f_h, f_h_conn, used, fout, tagc, a_valid, a_op,
            a_conn, a_iova, a_small, a_argbad, b_valid, b_op, b_conn, b_iova, b_small, b_argbad,
            c_valid, c_op, c_conn, c_rec, c_iova, c_small, c_argbad, c_d, c_dn, c_off, c_wl, c_a6,
            c_ne, c_crsum, e_valid, e_op, e_conn, e_rec, e_iova, e_small, e_ok, e_cap_d,
            e_cap_room, e_cap_4k, e_ge16, e_d4, e_dn_nz, e_ne, e_crsum, e_lo, e_carry, e_hi,
            e_hi_p1, pop_d, fo1_d, d_valid, d_op, d_conn, d_rec, d_iova, d_small, d_ok, d_n, d_ge8,
            d_d4, d_dn_nz, d_ne, d_crsum, d_lo, d_carry, d_hi, d_hi_p1, r_valid, r_op, r_conn,
            r_refused, r_n, n_db_ref, n_cr_ref, n_bad, n_stray, g_valid, g_data, g_tag, g_last,
            g_err, k_beat, h_valid, h_entry
        );
        self.ctx.read_clock.next = self.clock.val();
        self.ctx.write_clock.next = self.clock.val();
        self.sched.clock.next = self.clock.val();
        self.reqf.clock.next = self.clock.val();
        self.pendf.clock.next = self.clock.val();
        self.outf.clock.next = self.clock.val();

        // ---- ports: holding registers
        self.cmd_ready.next = !self.cmd_h.q.val();
        self.db_ready.next = !self.db_h.q.val();
        self.cr_ready.next = !self.cr_h.q.val();
        self.rs_ready.next = true;

        // ---- arbitration (hazard: same connection in S0, S1 or S2)
        self.db_lo.next = self.db_h_conn.q.val().get_bits::<IDX>(0);
        self.hz_cmd.next = (self.a_valid.q.val()
            & (self.a_conn.q.val() == self.cmd_h_conn.q.val()))
            | (self.b_valid.q.val() & (self.b_conn.q.val() == self.cmd_h_conn.q.val()))
            | (self.c_valid.q.val() & (self.c_conn.q.val() == self.cmd_h_conn.q.val()))
            | (self.e_valid.q.val() & (self.e_conn.q.val() == self.cmd_h_conn.q.val()));
        self.hz_cr.next = (self.a_valid.q.val() & (self.a_conn.q.val() == self.cr_h_conn.q.val()))
            | (self.b_valid.q.val() & (self.b_conn.q.val() == self.cr_h_conn.q.val()))
            | (self.c_valid.q.val() & (self.c_conn.q.val() == self.cr_h_conn.q.val()))
            | (self.e_valid.q.val() & (self.e_conn.q.val() == self.cr_h_conn.q.val()));
        self.hz_db.next = (self.a_valid.q.val() & (self.a_conn.q.val() == self.db_lo.val()))
            | (self.b_valid.q.val() & (self.b_conn.q.val() == self.db_lo.val()))
            | (self.c_valid.q.val() & (self.c_conn.q.val() == self.db_lo.val()))
            | (self.e_valid.q.val() & (self.e_conn.q.val() == self.db_lo.val()));
        self.hz_f.next = (self.a_valid.q.val() & (self.a_conn.q.val() == self.f_h_conn.q.val()))
            | (self.b_valid.q.val() & (self.b_conn.q.val() == self.f_h_conn.q.val()))
            | (self.c_valid.q.val() & (self.c_conn.q.val() == self.f_h_conn.q.val()))
            | (self.e_valid.q.val() & (self.e_conn.q.val() == self.f_h_conn.q.val()));
        // the fetch in S0 (if any) is not yet counted in used and fout
        self.a_fetch.next = self.a_valid.q.val() & (self.a_op.q.val() == 4);
        if self.a_fetch.val() {
            self.room_ok.next = (self.used.q.val() <= self.k_used_max2.val())
                & (self.fout.q.val() < self.k_fetches2.val());
        } else {
            self.room_ok.next = (self.used.q.val() <= self.k_used_max.val())
                & (self.fout.q.val() < self.k_fetches.val());
        }
        self.can_cmd.next = self.cmd_h.q.val() & !self.hz_cmd.val();
        self.can_cr.next = self.cr_h.q.val() & !self.hz_cr.val();
        self.can_db.next = self.db_h.q.val() & !self.hz_db.val();
        self.can_f.next =
            self.f_h.q.val() & !self.hz_f.val() & self.enable.val() & self.room_ok.val();
        self.pick_cmd.next = self.can_cmd.val();
        self.pick_cr.next = self.can_cr.val() & !self.can_cmd.val();
        self.pick_db.next = self.can_db.val() & !self.can_cmd.val() & !self.can_cr.val();
        self.pick_f.next =
            self.can_f.val() & !self.can_cmd.val() & !self.can_cr.val() & !self.can_db.val();

        self.cmd_h.d.next = (self.cmd_h.q.val() & !self.pick_cmd.val())
            | (self.cmd_valid.val() & !self.cmd_h.q.val());
        if !self.cmd_h.q.val() {
            self.cmd_h_op.d.next = self.cmd_op.val();
            self.cmd_h_conn.d.next = self.cmd_conn.val();
            self.cmd_h_iova.d.next = self.cmd_iova.val();
            self.cmd_h_log2.d.next = self.cmd_log2.val();
        }
        self.db_h.d.next =
            (self.db_h.q.val() & !self.pick_db.val()) | (self.db_valid.val() & !self.db_h.q.val());
        if !self.db_h.q.val() {
            self.db_h_conn.d.next = self.db_conn.val();
            self.db_h_pi.d.next = self.db_pi.val();
        }
        self.cr_h.d.next =
            (self.cr_h.q.val() & !self.pick_cr.val()) | (self.cr_valid.val() & !self.cr_h.q.val());
        if !self.cr_h.q.val() {
            self.cr_h_conn.d.next = self.cr_conn.val();
            self.cr_h_n.d.next = self.cr_n.val();
        }
        // the fetch queue's head moves into its holding register
        self.f_load.next = !self.f_h.q.val() & self.sched.valid.val();
        self.sched.pop.next = self.f_load.val();
        self.f_h.d.next = (self.f_h.q.val() & !self.pick_f.val()) | self.f_load.val();
        if self.f_load.val() {
            self.f_h_conn.d.next = self.sched.dout.val().get_bits::<IDX>(0);
        }

        // ---- S0: the chosen operation
        self.a_valid.d.next =
            self.pick_cmd.val() | self.pick_cr.val() | self.pick_db.val() | self.pick_f.val();
        self.a_op.d.next = bits::<3>(4);
        self.a_conn.d.next = self.f_h_conn.q.val();
        self.a_iova.d.next = self.cmd_h_iova.q.val();
        self.a_small.d.next = 0.into();
        self.a_argbad.d.next = false;
        if self.pick_cmd.val() {
            self.a_op.d.next = bit_cast::<3, 1>(self.cmd_h_op.q.val().into());
            self.a_conn.d.next = self.cmd_h_conn.q.val();
            self.a_small.d.next = bit_cast::<16, 8>(self.cmd_h_log2.q.val());
        } else if self.pick_cr.val() {
            self.a_op.d.next = bits::<3>(3);
            self.a_conn.d.next = self.cr_h_conn.q.val();
            self.a_small.d.next = bit_cast::<16, 4>(self.cr_h_n.q.val());
        } else if self.pick_db.val() {
            self.a_op.d.next = bits::<3>(2);
            self.a_conn.d.next = self.db_lo.val();
            self.a_small.d.next = self.db_h_pi.q.val();
            self.a_argbad.d.next = self.db_h_conn.q.val() >= self.k_nconn.val();
        }
        self.ctx.read_address.next = self.a_conn.q.val();

        // ---- S0-S1: create-argument check
        self.b_valid.d.next = self.a_valid.q.val();
        self.b_op.d.next = self.a_op.q.val();
        self.b_conn.d.next = self.a_conn.q.val();
        self.b_iova.d.next = self.a_iova.q.val();
        self.b_small.d.next = self.a_small.q.val();
        if self.a_op.q.val() == 0 {
            self.b_argbad.d.next = self.a_iova.q.val().get_bits::<6>(0).any()
                | (self.a_small.q.val().get_bits::<8>(0) < self.k_log2_min.val())
                | (self.a_small.q.val().get_bits::<8>(0) > self.k_log2_max.val());
        } else {
            self.b_argbad.d.next = self.a_argbad.q.val();
        }

        // ---- S1: the context from the RAM
        self.r.next = self.ctx.read_data.val();
        self.r_iova.next = self.r.val().get_bits::<58>(0);
        self.r_log2.next = self.r.val().get_bits::<4>(58);
        self.r_ci.next = self.r.val().get_bits::<16>(62);
        self.r_pi.next = self.r.val().get_bits::<16>(78);
        self.r_credit.next = self.r.val().get_bits::<4>(94);
        self.nci.next = !self.r_ci.val();
        // d = pi - ci, dn = db_pi - ci
        self.add_d.a.next = self.r_pi.val();
        self.add_d.b.next = self.nci.val();
        self.add_d.cin.next = true;
        self.add_dn.a.next = self.b_small.q.val();
        self.add_dn.b.next = self.nci.val();
        self.add_dn.cin.next = true;
        self.mask.next = !(bits::<16>(0xffff) << self.r_log2.val());
        self.off.next = self.r_ci.val() & self.mask.val();
        self.off6.next = self.off.val().get_bits::<6>(0);
        self.iova6.next = self.r_iova.val().get_bits::<6>(0);
        self.crn5.next = bit_cast::<5, 4>(self.b_small.q.val().get_bits::<4>(0));
        self.cred5.next = bit_cast::<5, 4>(self.r_credit.val());
        self.c_valid.d.next = self.b_valid.q.val();
        self.c_op.d.next = self.b_op.q.val();
        self.c_conn.d.next = self.b_conn.q.val();
        self.c_rec.d.next = self.r.val();
        self.c_iova.d.next = self.b_iova.q.val();
        self.c_small.d.next = self.b_small.q.val();
        self.c_argbad.d.next = self.b_argbad.q.val();
        self.c_d.d.next = self.add_d.sum.val();
        self.c_dn.d.next = self.add_dn.sum.val();
        self.c_off.d.next = self.off.val();
        self.c_wl.d.next = self.nci.val() & self.mask.val();
        self.c_a6.d.next = self.iova6.val() + self.off6.val();
        self.c_ne.d.next = self.r_ci.val() != self.r_pi.val();
        self.c_crsum.d.next = self.cred5.val() + self.crn5.val();

        // ---- S2: fetch caps, doorbell and credit checks, address halves
        self.s_log2.next = self.c_rec.q.val().get_bits::<4>(58);
        self.s_iova.next = self.c_rec.q.val().get_bits::<58>(0);
        self.s_valid.next = self.c_rec.q.val().get_bit(98);
        if self.c_d.q.val().get_bits::<13>(3).any() {
            self.cap_d.next = 8.into();
        } else {
            self.cap_d.next = self.c_d.q.val().get_bits::<4>(0);
        }
        self.wl3.next = bit_cast::<4, 3>(self.c_wl.q.val().get_bits::<3>(0)) + 1;
        if self.c_wl.q.val().get_bits::<13>(3).any() | self.c_wl.q.val().get_bits::<3>(0).all() {
            self.cap_room.next = 8.into();
        } else {
            self.cap_room.next = self.wl3.val();
        }
        self.a6lo.next = bits::<4>(8) - bit_cast::<4, 3>(self.c_a6.q.val().get_bits::<3>(0));
        if self.c_a6.q.val().get_bits::<3>(3).all() {
            self.cap_4k.next = self.a6lo.val();
        } else {
            self.cap_4k.next = 8.into();
        }
        self.size.next = bits::<17>(1) << self.s_log2.val();
        self.dn17.next = bit_cast::<17, 16>(self.c_dn.q.val());
        self.s_ok.next = false;
        if self.c_op.q.val() == 0 {
            self.s_ok.next = !self.c_argbad.q.val();
        } else if self.c_op.q.val() == 1 {
            self.s_ok.next = true;
        } else if self.c_op.q.val() == 2 {
            self.s_ok.next = self.s_valid.val()
                & !self.c_argbad.q.val()
                & (self.dn17.val() <= self.size.val())
                & (self.c_dn.q.val() >= self.c_d.q.val());
        } else if self.c_op.q.val() == 3 {
            self.s_ok.next = self.s_valid.val()
                & self.c_small.q.val().get_bits::<4>(0).any()
                & (self.c_crsum.q.val() <= bits::<5>(8));
        } else {
            self.s_ok.next = true;
        }
        self.add_lo.a.next = bit_cast::<17, 16>(self.s_iova.val().get_bits::<16>(0));
        self.add_lo.b.next = bit_cast::<17, 16>(self.c_off.q.val());
        self.add_lo.cin.next = false;
        self.add_hi.a.next = self.s_iova.val().get_bits::<42>(16);
        self.add_hi.b.next = 0.into();
        self.add_hi.cin.next = true;
        self.e_valid.d.next = self.c_valid.q.val();
        self.e_op.d.next = self.c_op.q.val();
        self.e_conn.d.next = self.c_conn.q.val();
        self.e_rec.d.next = self.c_rec.q.val();
        self.e_iova.d.next = self.c_iova.q.val();
        self.e_small.d.next = self.c_small.q.val();
        self.e_ok.d.next = self.s_ok.val();
        self.e_cap_d.d.next = self.cap_d.val();
        self.e_cap_room.d.next = self.cap_room.val();
        self.e_cap_4k.d.next = self.cap_4k.val();
        // d >= 16: more than any fetch takes (else d is its low 4 bits)
        self.e_ge16.d.next = self.c_d.q.val().get_bits::<12>(4).any();
        self.e_d4.d.next = self.c_d.q.val().get_bits::<4>(0);
        self.e_dn_nz.d.next = self.c_dn.q.val().any();
        self.e_ne.d.next = self.c_ne.q.val();
        self.e_crsum.d.next = self.c_crsum.q.val();
        self.e_lo.d.next = self.add_lo.sum.val().get_bits::<16>(0);
        self.e_carry.d.next = self.add_lo.sum.val().get_bit(16);
        self.e_hi.d.next = self.s_iova.val().get_bits::<42>(16);
        self.e_hi_p1.d.next = self.add_hi.sum.val();

        // ---- S2b: the fetch size n = min of the four caps
        self.s_credit.next = self.e_rec.q.val().get_bits::<4>(94);
        if self.e_cap_d.q.val() < self.e_cap_room.q.val() {
            self.min_a.next = self.e_cap_d.q.val();
        } else {
            self.min_a.next = self.e_cap_room.q.val();
        }
        if self.e_cap_4k.q.val() < self.s_credit.val() {
            self.min_b.next = self.e_cap_4k.q.val();
        } else {
            self.min_b.next = self.s_credit.val();
        }
        if !self.e_rec.q.val().get_bit(98) | (self.e_op.q.val() != 4) {
            self.n_sel.next = 0.into();
        } else if self.min_a.val() < self.min_b.val() {
            self.n_sel.next = self.min_a.val();
        } else {
            self.n_sel.next = self.min_b.val();
        }
        self.d_valid.d.next = self.e_valid.q.val();
        self.d_op.d.next = self.e_op.q.val();
        self.d_conn.d.next = self.e_conn.q.val();
        self.d_rec.d.next = self.e_rec.q.val();
        self.d_iova.d.next = self.e_iova.q.val();
        self.d_small.d.next = self.e_small.q.val();
        self.d_ok.d.next = self.e_ok.q.val();
        self.d_n.d.next = self.n_sel.val();
        self.d_ge8.d.next = self.e_ge16.q.val();
        self.d_d4.d.next = self.e_d4.q.val();
        self.d_dn_nz.d.next = self.e_dn_nz.q.val();
        self.d_ne.d.next = self.e_ne.q.val();
        self.d_crsum.d.next = self.e_crsum.q.val();
        self.d_lo.d.next = self.e_lo.q.val();
        self.d_carry.d.next = self.e_carry.q.val();
        self.d_hi.d.next = self.e_hi.q.val();
        self.d_hi_p1.d.next = self.e_hi_p1.q.val();

        // ---- S3: the new context, write back, queue push, read request
        self.t_iova.next = self.d_rec.q.val().get_bits::<58>(0);
        self.t_log2.next = self.d_rec.q.val().get_bits::<4>(58);
        self.t_ci.next = self.d_rec.q.val().get_bits::<16>(62);
        self.t_pi.next = self.d_rec.q.val().get_bits::<16>(78);
        self.t_credit.next = self.d_rec.q.val().get_bits::<4>(94);
        self.t_valid.next = self.d_rec.q.val().get_bit(98);
        self.t_queued.next = self.d_rec.q.val().get_bit(99);
        self.n16.next = bit_cast::<16, 4>(self.d_n.q.val());
        self.add_ci.a.next = self.d_rec.q.val().get_bits::<16>(62);
        self.add_ci.b.next = self.n16.val();
        self.add_ci.cin.next = false;
        self.requeue.next = (self.d_ge8.q.val() | (self.d_n.q.val() < self.d_d4.q.val()))
            & (self.d_n.q.val() < self.d_rec.q.val().get_bits::<4>(94));
        self.push_q.next = false;
        self.fetch_go.next = false;
        self.refused.next = false;
        if self.d_op.q.val() == 0 {
            if self.d_ok.q.val() {
                self.t_iova.next = self.d_iova.q.val().get_bits::<58>(6);
                self.t_log2.next = self.d_small.q.val().get_bits::<4>(0);
                self.t_ci.next = 0.into();
                self.t_pi.next = 0.into();
                self.t_credit.next = self.k_slots.val();
                self.t_valid.next = true;
            } else {
                self.refused.next = true;
            }
        } else if self.d_op.q.val() == 1 {
            self.t_valid.next = false;
        } else if self.d_op.q.val() == 2 {
            if self.d_ok.q.val() {
                self.t_pi.next = self.d_small.q.val();
                if !self.d_rec.q.val().get_bit(99)
                    & self.d_dn_nz.q.val()
                    & self.d_rec.q.val().get_bits::<4>(94).any()
                {
                    self.t_queued.next = true;
                    self.push_q.next = true;
                }
            } else {
                self.refused.next = true;
            }
        } else if self.d_op.q.val() == 3 {
            if self.d_ok.q.val() {
                self.t_credit.next = self.d_crsum.q.val().get_bits::<4>(0);
                if !self.d_rec.q.val().get_bit(99) & self.d_ne.q.val() {
                    self.t_queued.next = true;
                    self.push_q.next = true;
                }
            } else {
                self.refused.next = true;
            }
        } else if self.d_n.q.val().any() {
            self.t_ci.next = self.add_ci.sum.val();
            self.t_credit.next = self.d_rec.q.val().get_bits::<4>(94) - self.d_n.q.val();
            self.t_queued.next = self.requeue.val();
            self.push_q.next = self.requeue.val();
            self.fetch_go.next = true;
        } else {
            self.t_queued.next = false;
        }
        self.ctx.write_address.next = self.d_conn.q.val();
        self.ctx.write_enable.next = self.d_valid.q.val();
        self.ctx.write_data.next = bit_cast::<CTX_BITS, 58>(self.t_iova.val())
            | (bit_cast::<CTX_BITS, 4>(self.t_log2.val()) << bits::<7>(58))
            | (bit_cast::<CTX_BITS, 16>(self.t_ci.val()) << bits::<7>(62))
            | (bit_cast::<CTX_BITS, 16>(self.t_pi.val()) << bits::<7>(78))
            | (bit_cast::<CTX_BITS, 4>(self.t_credit.val()) << bits::<7>(94))
            | (bit_cast::<CTX_BITS, 1>(self.t_valid.val().into()) << bits::<7>(98))
            | (bit_cast::<CTX_BITS, 1>(self.t_queued.val().into()) << bits::<7>(99));
        self.sched.push.next = self.d_valid.q.val() & self.push_q.val();
        self.sched.din.next = bit_cast::<16, IDX>(self.d_conn.q.val());
        if self.d_carry.q.val() {
            self.addr_hi.next = self.d_hi_p1.q.val();
        } else {
            self.addr_hi.next = self.d_hi.q.val();
        }
        self.reqf.push.next = self.d_valid.q.val() & self.fetch_go.val();
        self.reqf.din.next = bit_cast::<REQ, 16>(self.d_lo.q.val())
            | (bit_cast::<REQ, 42>(self.addr_hi.val()) << bits::<7>(16))
            | (bit_cast::<REQ, 4>(self.d_n.q.val()) << bits::<7>(58))
            | (bit_cast::<REQ, 8>(self.tagc.q.val()) << bits::<7>(62));
        self.pendf.push.next = self.d_valid.q.val() & self.fetch_go.val();
        // the first index of the read is the context's ci before the fetch
        self.pendf.din.next = bit_cast::<PEND, IDX>(self.d_conn.q.val())
            | (bit_cast::<PEND, 16>(self.d_rec.q.val().get_bits::<16>(62)) << bits::<6>(16))
            | (bit_cast::<PEND, 4>(self.d_n.q.val()) << bits::<6>(32))
            | (bit_cast::<PEND, 8>(self.tagc.q.val()) << bits::<6>(36));
        if self.d_valid.q.val() & self.fetch_go.val() {
            self.tagc.d.next = self.tagc.q.val() + 1;
        }
        // results
        self.r_valid.d.next = self.d_valid.q.val();
        if self.d_valid.q.val() {
            self.r_op.d.next = self.d_op.q.val();
            self.r_conn.d.next = self.d_conn.q.val();
            self.r_refused.d.next = self.refused.val();
            self.r_n.d.next = self.d_n.q.val();
        } else {
            self.r_op.d.next = 0.into();
            self.r_conn.d.next = 0.into();
            self.r_refused.d.next = false;
            self.r_n.d.next = 0.into();
        }
        if self.r_valid.q.val() & self.r_refused.q.val() & (self.r_op.q.val() == 2) {
            self.n_db_ref.d.next = self.n_db_ref.q.val() + 1;
        }
        if self.r_valid.q.val() & self.r_refused.q.val() & (self.r_op.q.val() == 3) {
            self.n_cr_ref.d.next = self.n_cr_ref.q.val() + 1;
        }

        // ---- credits
        self.out_pop.next = self.outf.valid.val() & self.wqe_ready.val();
        self.pop_d.d.next = self.out_pop.val();
        self.out_pop6.next = bit_cast::<6, 1>(self.pop_d.q.val().into());
        if self.a_fetch.val() {
            self.inc8.next = 8.into();
        } else {
            self.inc8.next = 0.into();
        }
        if self.d_valid.q.val() & (self.d_op.q.val() == 4) {
            self.rel.next = bits::<6>(8) - bit_cast::<6, 4>(self.d_n.q.val());
        } else {
            self.rel.next = 0.into();
        }
        self.used.d.next =
            self.used.q.val() + self.inc8.val() - self.rel.val() - self.out_pop6.val();
        self.f_in.next = bit_cast::<4, 1>(self.a_fetch.val().into());
        self.fo0.next = self.d_valid.q.val() & (self.d_op.q.val() == 4) & !self.d_n.q.val().any();
        self.f_out0.next = bit_cast::<4, 1>(self.fo0.val().into());

        // ---- requests
        self.rd_valid.next = self.reqf.valid.val();
        self.reqf.pop.next = self.reqf.valid.val() & self.rd_ready.val();
        if self.reqf.valid.val() {
            self.rd_addr.next =
                bit_cast::<64, 58>(self.reqf.dout.val().get_bits::<58>(0)) << bits::<7>(6);
            self.rd_len.next =
                bit_cast::<16, 4>(self.reqf.dout.val().get_bits::<4>(58)) << bits::<5>(6);
            self.rd_tag.next = self.reqf.dout.val().get_bits::<8>(62);
        } else {
            self.rd_addr.next = 0.into();
            self.rd_len.next = 0.into();
            self.rd_tag.next = 0.into();
        }

        // ---- responses: R0 registers the beat
        self.g_valid.d.next = self.rs_valid.val();
        self.g_data.d.next = self.rs_data.val().get_bits::<384>(0);
        self.g_tag.d.next = self.rs_tag.val();
        self.g_last.d.next = self.rs_last.val();
        self.g_err.d.next = self.rs_err.val();
        // match with the oldest outstanding read
        self.p_conn.next = self.pendf.dout.val().get_bits::<16>(0);
        self.p_idx.next = self.pendf.dout.val().get_bits::<16>(16);
        self.p_n.next = self.pendf.dout.val().get_bits::<4>(32);
        self.p_tag.next = self.pendf.dout.val().get_bits::<8>(36);
        self.beat.next = self.g_valid.q.val() & self.pendf.valid.val();
        self.k4.next = bit_cast::<4, 3>(self.k_beat.q.val()) + 1;
        self.is_last.next = self.k4.val() == self.p_n.val();
        self.pendf.pop.next = self.beat.val() & self.is_last.val();
        if self.beat.val() {
            if self.is_last.val() {
                self.k_beat.d.next = 0.into();
            } else {
                self.k_beat.d.next = self.k_beat.q.val() + 1;
            }
        }
        if self.g_valid.q.val() & !self.pendf.valid.val() {
            self.n_stray.d.next = self.n_stray.q.val() + 1;
        }
        self.fo1.next = self.beat.val() & self.is_last.val();
        self.fo1_d.d.next = self.fo1.val();
        self.f_out1.next = bit_cast::<4, 1>(self.fo1_d.q.val().into());
        self.fout.d.next =
            self.fout.q.val() + self.f_in.val() - self.f_out0.val() - self.f_out1.val();
        self.add_idx.a.next = self.p_idx.val();
        self.add_idx.b.next = bit_cast::<16, 3>(self.k_beat.q.val());
        self.add_idx.cin.next = false;
        // checks (braid-spec field positions)
        self.w_opcode.next = self
            .g_data
            .q
            .val()
            .get_bits::<8>(self.k_opcode.val().index());
        self.w_stream.next = self
            .g_data
            .q
            .val()
            .get_bits::<8>(self.k_stream.val().index());
        self.w_num_sge.next = self
            .g_data
            .q
            .val()
            .get_bits::<8>(self.k_num_sge.val().index());
        self.w_len.next = self.g_data.q.val().get_bits::<32>(self.k_len.val().index());
        self.w_sge_len.next = self
            .g_data
            .q
            .val()
            .get_bits::<32>(self.k_sge_len.val().index());
        self.x_dma.next = self.g_err.q.val()
            | (self.g_tag.q.val() != self.p_tag.val())
            | (self.g_last.q.val() != self.is_last.val());
        self.x_op.next = (self.w_opcode.val() == 0) | (self.w_opcode.val() > bits::<8>(4));
        self.x_sge.next = self.w_num_sge.val() > bits::<8>(1);
        self.x_nosge.next = (self.w_num_sge.val() == 0) & self.w_len.val().any();
        self.x_len.next = self.w_sge_len.val() != self.w_len.val();
        self.x_stream.next = self.w_stream.val() >= self.k_streams.val();
        self.reason.next = bit_cast::<6, 1>(self.x_dma.val().into())
            | (bit_cast::<6, 1>(self.x_op.val().into()) << bits::<3>(1))
            | (bit_cast::<6, 1>(self.x_sge.val().into()) << bits::<3>(2))
            | (bit_cast::<6, 1>(self.x_nosge.val().into()) << bits::<3>(3))
            | (bit_cast::<6, 1>(self.x_len.val().into()) << bits::<3>(4))
            | (bit_cast::<6, 1>(self.x_stream.val().into()) << bits::<3>(5));
        // R1: the entry
        self.h_valid.d.next = self.beat.val();
        self.h_entry.d.next = bit_cast::<ENTRY, 384>(self.g_data.q.val())
            | (bit_cast::<ENTRY, 16>(self.p_conn.val()) << bits::<9>(384))
            | (bit_cast::<ENTRY, 16>(self.add_idx.sum.val()) << bits::<9>(400))
            | (bit_cast::<ENTRY, 6>(self.reason.val()) << bits::<9>(416));
        self.outf.push.next = self.h_valid.q.val();
        self.outf.din.next = self.h_entry.q.val();
        if self.h_valid.q.val() & self.h_entry.q.val().get_bits::<6>(416).any() {
            self.n_bad.d.next = self.n_bad.q.val() + 1;
        }

        // ---- the WQE stream
        self.outf.pop.next = self.out_pop.val();
        self.wqe_valid.next = self.outf.valid.val();
        if self.outf.valid.val() {
            self.o.next = self.outf.dout.val();
        } else {
            self.o.next = 0.into();
        }
        self.o_wqe.next = self.o.val().get_bits::<384>(0);
        self.wqe_conn.next = self.o.val().get_bits::<IDX>(384);
        self.wqe_index.next = self.o.val().get_bits::<16>(400);
        self.wqe_reason.next = self.o.val().get_bits::<6>(416);
        self.wqe_bad.next = self.o.val().get_bits::<6>(416).any();
        self.wqe_opcode.next = self.o_wqe.val().get_bits::<8>(self.k_opcode.val().index());
        self.wqe_flags.next = self.o_wqe.val().get_bits::<8>(self.k_flags.val().index());
        self.wqe_stream.next = self.o_wqe.val().get_bits::<8>(self.k_stream.val().index());
        self.wqe_num_sge.next = self.o_wqe.val().get_bits::<8>(self.k_num_sge.val().index());
        self.wqe_len.next = self.o_wqe.val().get_bits::<32>(self.k_len.val().index());
        self.wqe_wr_id.next = self.o_wqe.val().get_bits::<64>(self.k_wr_id.val().index());
        self.wqe_imm.next = self.o_wqe.val().get_bits::<32>(self.k_imm.val().index());
        self.wqe_rkey.next = self.o_wqe.val().get_bits::<32>(self.k_rkey.val().index());
        self.wqe_remote_addr.next = self
            .o_wqe
            .val()
            .get_bits::<64>(self.k_remote_addr.val().index());
        self.wqe_sge_addr.next = self
            .o_wqe
            .val()
            .get_bits::<64>(self.k_sge_addr.val().index());
        self.wqe_sge_lkey.next = self
            .o_wqe
            .val()
            .get_bits::<32>(self.k_sge_lkey.val().index());
        self.wqe_sge_len.next = self
            .o_wqe
            .val()
            .get_bits::<32>(self.k_sge_len.val().index());

        // ---- outputs
        self.res_valid.next = self.r_valid.q.val();
        self.res_op.next = self.r_op.q.val();
        self.res_conn.next = self.r_conn.q.val();
        self.res_refused.next = self.r_refused.q.val();
        self.res_n.next = self.r_n.q.val();
        self.cnt_db_refused.next = self.n_db_ref.q.val();
        self.cnt_cr_refused.next = self.n_cr_ref.q.val();
        self.cnt_bad_wqe.next = self.n_bad.q.val();
        self.cnt_stray.next = self.n_stray.q.val();
    }
}

/// The default build: 1,024 connections.
pub type WqeFetchFull = WqeFetch<IDX_FULL>;
/// The tiny build: 16 connections.
pub type WqeFetchTiny = WqeFetch<IDX_TINY>;
/// The mid build: 512 connections.
pub type WqeFetchMid = WqeFetch<9>;
