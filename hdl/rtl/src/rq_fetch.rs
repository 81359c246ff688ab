//! Receive-queue fetcher and SEND placement match: per (connection, stream)
//! a receive-ring context in block RAM, `RQ_DOORBELL`s, DMA reads of up to 8
//! receive entries (braid-spec `host::RQE`, 32 bytes, two per read beat)
//! into a 32-entry cache per context, MATCH of SEND packets against the
//! cache and CONSUME of completed SEND messages.
//!
//! # Behaviour (normative; `braid_model::RqFetchModel` is the bit- and
//! cycle-exact reference)
//!
//! ## Contexts
//!
//! `2^IDX` connections x 4 streams = `2^CI` contexts (`rq_fetch`: IDX = 10,
//! 4,096 contexts; `rq_fetch_tiny`: IDX = 4, 64), context index
//! `conn * 4 + stream`. A context is `iova` (the stream's ring base, bits
//! 63:5), `log2` (the ring has `2^log2` RQEs), `pi` (16 bits, from the
//! doorbell), `fetch` (24 bits: the RSN of the next receive to fetch; every
//! receive below it is in the cache), `base` (24 bits: the RSN of the oldest
//! receive not consumed), `gen` (8 bits, +1 at every accepted CREATE),
//! `valid`, `queued` (the context owns the one fetch token: an entry in the
//! fetch queue, a fetch look in the pipeline or a read in flight), `kick`
//! (something changed while the token was out: look again) and `err` (a read
//! failed: fetching stopped until the next CREATE). RAM word: iova 58:0, log2
//! 62:59, pi 78:63, fetch 102:79, base 126:103, gen 134:127, valid 135,
//! queued 136, kick 137, err 138. Power-up: all zero.
//!
//! Receive number k of a stream (its k-th RQE, ring slot `k mod 2^log2`) is
//! the one RSN k matches: a CREATE sets `pi = fetch = base = 0`. The cache
//! holds per context [`MSG_WINDOW`] (32) entries indexed by `rsn mod 32`;
//! entry `rsn` is present iff `rsn - base < fetch - base` (mod 2^24), and
//! `fetch - base <= 32` always.
//!
//! ## The context pipeline (lane A) and the match lane (lane B)
//!
//! One operation per clock enters lane A's stage S0, by priority CONSUME
//! (`cs_valid`: always taken, never waits) > LAND (a read finished) > the
//! second half of a doorbell or fetch (DB_COMMIT, F_CLEAR) > a command >
//! a doorbell look (DB_LOOK) > a fetch look (F_LOOK). S0 addresses the
//! context RAM; S1 takes the record (the RAM's registered read, or the
//! record lane A wrote on the previous clock when the index is the same:
//! forwarding), computes the new record and writes it back at the end of
//! S1. So every lane-A operation sees every lane-A operation that entered
//! before it, on any clock: back-to-back CONSUMEs of one context never
//! stall. MATCH (lane B) reads a second copy of the context RAM (same
//! writes) with the same forwarding: a MATCH taken at edge t sees every
//! lane-A operation that entered S0 at edge t-1 or earlier (a CONSUME taken
//! at the same edge is ordered after the MATCH).
//!
//! Commands, doorbells and fetches ("slow" operations) run one at a time:
//! a DB_LOOK or F_LOOK sets `busy` when it enters S0, and no command,
//! DB_LOOK or F_LOOK enters while `busy`. The look reads the record at S1
//! and decides over S2-S4; the decision clears `busy`, or holds the second
//! half (DB_COMMIT, F_CLEAR) which clears `busy` when it enters S0. Between
//! look and decision only CONSUME (`base` grows) and LAND (another
//! context's token) change contexts, so the look's figures stay safe.
//!
//! * CREATE (`cmd_op` 0; `cmd_conn`, `cmd_stream`, `cmd_iova` = base of the
//!   connection's rings, `cmd_log2`): refused unless `cmd_iova` is
//!   RQE-aligned (braid-spec `RQ_ALIGN`, 32) and `RING_LOG2_MIN <= cmd_log2
//!   <= RING_LOG2_MAX`. Accepted: ring `iova + stream * 2^log2 * 32`, `pi =
//!   fetch = base = 0`, `gen += 1`, valid, `kick = err = 0`; `queued` kept
//!   (the token, wherever it is, comes back and finds nothing to do).
//!   A command is taken at an edge where `cmd_valid && cmd_ready`
//!   (`cmd_ready` = its holding register is empty) and may enter S0 from the
//!   third edge after (the ring address is computed on the way).
//! * DESTROY (`cmd_op` 1): `valid = 0`. Reads in flight still return; their
//!   LAND finds the context not valid (or `gen` changed) and changes
//!   nothing; their beats may write cache slots, which are not present.
//! * DOORBELL (`db_pi`, `db_stream` (4 bits), `db_conn` (12 bits): braid-spec
//!   `RQ_DOORBELL` fields), looked at with `dn = db_pi - base` and `do = pi -
//!   base` (mod 2^16): accepted when `db_conn < 2^IDX`, `db_stream < 4`, the
//!   context is valid, `dn <= 2^log2` and `dn >= do`; otherwise refused
//!   (counted in `cnt_db_refused`). Accepted: DB_COMMIT sets `pi = db_pi`
//!   and, when `db_pi != pi`, queues the context (`queued = 1`, pushed to the
//!   fetch queue) or, when it is queued already, sets `kick`.
//! * FETCH: the fetch queue's head (round robin) is looked at (F_LOOK, only
//!   while fewer than [`FETCHES`] reads are outstanding): `n = min(8, pi -
//!   fetch (mod 2^16), 32 - (fetch - base), RQEs to the ring's end, RQEs to
//!   the next 4 KiB boundary)`, 0 when not valid or `err`. `n >= 1`: one DMA
//!   read of `32 n` bytes at `ring + 32 (fetch mod 2^log2)` (tag = a counter
//!   of reads) and a pending entry (context, `gen`, first RSN = `fetch`, n,
//!   tag); the token stays out until the LAND. `n = 0`: F_CLEAR: with `kick`
//!   the context goes back to the queue (`kick = 0`), else `queued = 0`.
//! * LAND (the read's last beat was taken): when the context is valid and
//!   its `gen` is the read's: on a failed read `err = 1` (the entries stay
//!   absent, fetching stops until CREATE; the sender keeps getting
//!   NO_RECV_BUFFER), else `fetch = first + n` (the entries become present).
//!   Always `kick = 0` and the token goes back to the fetch queue.
//! * CONSUME (`cs_conn`, `cs_stream`): refused (counted in
//!   `cnt_consume_refused`, nothing changes) when the context is not valid
//!   or nothing is present (`fetch == base`); else returns `wr_id` and `len`
//!   of the entry at `base` and `base += 1`; the freed slot queues the
//!   context (or sets `kick`) when `pi != fetch`.
//! * MATCH (`m_tag`, `m_conn`, `m_stream`, `m_rsn`, `m_offset`, `m_len`,
//!   `m_msg_len`) changes nothing. Result code in the reference model's
//!   order: [`CODE_NO_CONTEXT`] (not valid), [`CODE_LATE`] (`rsn - base >=
//!   2^23`: a late duplicate, no write, no NACK), NO_RECV_BUFFER (not
//!   present: not posted, or posted and not fetched yet, which the reference
//!   model would have accepted: the sender retries), BUFFER_TOO_SMALL
//!   (`msg_len > len`), MALFORMED (`offset + len > msg_len`, 33 bits), else
//!   0 with `m_ok`, `m_addr = addr + offset` (mod 2^64), `m_lkey` and
//!   `m_buf_len` (`len` of the RQE) for the region check. The codes are
//!   braid-spec's NACK reasons.
//!
//! ## Timing
//!
//! * MATCH taken at edge t: `m_rvalid`, `m_rtag`, `m_ok`, `m_code`, `m_addr`,
//!   `m_lkey`, `m_buf_len` show from edge t+4 (latency 4), one per clock.
//!   All zero without a result; `m_addr`, `m_lkey`, `m_buf_len` zero unless
//!   `m_ok`.
//! * CONSUME taken at edge t: `cs_rvalid`, `cs_ok`, `cs_wr_id`, `cs_len`
//!   from edge t+3 (latency 3); `cs_wr_id`, `cs_len` zero unless `cs_ok`.
//! * Commands and doorbell looks give `res_valid`, `res_op` ([`OP_CREATE`],
//!   [`OP_DESTROY`], [`OP_DOORBELL`]), `res_conn`, `res_stream`,
//!   `res_refused` four edges after they enter S0.
//!
//! ## DMA reads
//!
//! Requests leave in order from an 8-entry queue (`rd_*`, ENGINE.md's read
//! stream, to `dr_arb`). Responses (`rs_*`, in request order, the first
//! requested byte in lane 0) are always taken (`rs_ready` = 1); beat k of a
//! read carries RQEs `first + 2k` (lanes 0-31) and `first + 2k + 1` (lanes
//! 32-63; absent on the last beat of an odd n). Each beat is registered and
//! written into the cache (two banks by slot parity, so both RQEs of a beat
//! are written at once) at the next edge, parsed with braid-spec `host::RQE`
//! fields. A beat with `rs_err`, a tag other than its read's or `rs_last`
//! not on the read's last beat is not written and marks the read failed; a
//! beat while no read is outstanding is dropped. Both are counted in
//! `cnt_rs_err`. Credits: at most [`FETCHES`] reads from F_LOOK to LAND, so
//! the request, pending and LAND queues never overflow and responses never
//! wait. The cache slots a read writes are never present (they are at
//! `fetch..fetch+n`, within 32 of `base`), so a MATCH or CONSUME never sees
//! a half-written entry.

//!
//! ## Rates and sizes
//!
//! MATCH and CONSUME: one each per clock, never held. Commands, doorbells
//! and fetch looks share one "slow" slot: a doorbell takes about 6 clocks
//! (look, decision, commit), a fetch look 5; they wait while CONSUMEs (and
//! LANDs) take lane A. A context has at most one read in flight (its token
//! is out until the LAND), so one stream refills at most 8 receives per DMA
//! round trip; the engine has at most [`FETCHES`] reads in flight, so at
//! most 64 RQEs per round trip over all streams (about 0.06 per clock at a
//! 1 us round trip). Memories: two copies of the context table (lane A and
//! MATCH; 139-bit words), and the cache twice (MATCH reads addr, lkey, len:
//! 128 bits; CONSUME reads wr_id, len: 96 bits), each copy in two banks by
//! slot parity so a beat writes both of its RQEs at once. Default build:
//! 4,096 x 32 x 224 bits in UltraRAM (`ULTRA_RAM` in export.rs; 128
//! URAM288 at 72-bit width), contexts in block RAM; tiny build all block
//! RAM.

use crate::cond_sum_add::{CondAdd, CondSumAdd};
use crate::prefix_add::PrefixAdd;
use crate::wqe_fetch::FwftFifo;
use braid_spec::host::{rqe, RING_LOG2_MAX, RING_LOG2_MIN};
use braid_spec::state::MSG_WINDOW;
use braid_spec::wire::braid::NackReason;
use rust_hdl::prelude::*;

/// Largest fetch (RQEs, one DMA read of at most 256 bytes).
pub const FETCH_MAX: usize = 8;
/// Reads outstanding at most (F_LOOK to LAND).
pub const FETCHES: usize = 8;
/// Context word width.
pub const CTX_BITS: usize = 139;
/// Connection index bits of the default build (1,024 connections).
pub const IDX_FULL: usize = 10;
/// Connection index bits of the tiny build (16 connections).
pub const IDX_TINY: usize = 4;

/// `res_op`: CREATE.
pub const OP_CREATE: u64 = 0;
/// `res_op`: DESTROY.
pub const OP_DESTROY: u64 = 1;
/// `res_op`: doorbell.
pub const OP_DOORBELL: u64 = 2;

/// `m_code`: placed (`m_ok`).
pub const CODE_OK: u64 = 0;
/// `m_code`: NO_RECV_BUFFER (braid-spec NACK reason).
pub const CODE_NO_RECV_BUFFER: u64 = NackReason::NoReceiveBuffer as u64;
/// `m_code`: MALFORMED (braid-spec NACK reason).
pub const CODE_MALFORMED: u64 = NackReason::Malformed as u64;
/// `m_code`: BUFFER_TOO_SMALL (braid-spec NACK reason).
pub const CODE_BUFFER_TOO_SMALL: u64 = NackReason::BufferTooSmall as u64;
/// `m_code`: late duplicate (rsn behind `base`): drop, no NACK.
pub const CODE_LATE: u64 = 14;
/// `m_code`: the context is not valid (the top answers INVALID_STREAM).
pub const CODE_NO_CONTEXT: u64 = 15;

// lane-A operation codes (internal)
// 0 CREATE, 1 DESTROY, 2 DB_LOOK, 3 DB_COMMIT, 4 F_LOOK, 5 F_CLEAR, 6 LAND,
// 7 CONSUME

/// Request entry: address bits 63:5 at 58:0, n 62:59, tag 70:63.
const REQ: usize = 71;
/// Pending entry: context 15:0, gen 23:16, first RSN 47:24, n 51:48, tag 59:52.
const PEND: usize = 60;
/// LAND entry: context 15:0, gen 23:16, new fetch 47:24, failed 48.
const LANDW: usize = 49;

const _: () = assert!(MSG_WINDOW == 32 && FETCH_MAX == 8 && FETCHES == 8);
const _: () = assert!(braid_spec::host::RQE_BYTES == 32 && braid_spec::host::RQ_ALIGN == 32);
const _: () = assert!(RING_LOG2_MIN == 1 && RING_LOG2_MAX == 15);
const _: () = assert!(
    braid_spec::regs::RQ_DB_PI.lsb == 0
        && braid_spec::regs::RQ_DB_PI.bits == 16
        && braid_spec::regs::RQ_DB_STREAM.bits == 4
        && braid_spec::regs::RQ_DB_CONN.bits == 12
);
const _: () = assert!(rqe::LEN.lsb + rqe::LEN.bits <= 256);
const _: () = assert!(CODE_NO_RECV_BUFFER < CODE_LATE && CODE_BUFFER_TOO_SMALL < CODE_LATE);

hdl_block! {
    /// The receive-queue fetcher: `2^IDX` connections, `CI = IDX + 2` context
    /// index bits, `CA = CI + 4` cache-bank address bits.
    pub struct RqFetch<const IDX: usize, const CI: usize, const CA: usize> {
        /// Engine clock.
        pub clock: Signal<In, Clock>,
        /// A command is offered (`cmd_proc`'s `rq_*` group).
        pub cmd_valid: Signal<In, Bit>,
        /// The command port is free.
        pub cmd_ready: Signal<Out, Bit>,
        /// 0 CREATE, 1 DESTROY.
        pub cmd_op: Signal<In, Bit>,
        /// Connection.
        pub cmd_conn: Signal<In, Bits<IDX>>,
        /// Stream.
        pub cmd_stream: Signal<In, Bits<2>>,
        /// CREATE: base of the connection's receive rings.
        pub cmd_iova: Signal<In, Bits<64>>,
        /// CREATE: log2 of each ring's entries.
        pub cmd_log2: Signal<In, Bits<4>>,
        /// A doorbell is offered.
        pub db_valid: Signal<In, Bit>,
        /// The doorbell port is free.
        pub db_ready: Signal<Out, Bit>,
        /// `RQ_DOORBELL.pi`.
        pub db_pi: Signal<In, Bits<16>>,
        /// `RQ_DOORBELL.stream`.
        pub db_stream: Signal<In, Bits<4>>,
        /// `RQ_DOORBELL.conn`.
        pub db_conn: Signal<In, Bits<12>>,
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
        /// Response data (the first requested byte in lane 0).
        pub rs_data: Signal<In, Bits<512>>,
        /// Response tag.
        pub rs_tag: Signal<In, Bits<8>>,
        /// Last beat of the read.
        pub rs_last: Signal<In, Bit>,
        /// The read failed.
        pub rs_err: Signal<In, Bit>,
        /// A SEND packet to match (no ready).
        pub m_valid: Signal<In, Bit>,
        /// Caller's tag, returned with the result.
        pub m_tag: Signal<In, Bits<16>>,
        /// Connection.
        pub m_conn: Signal<In, Bits<IDX>>,
        /// Stream.
        pub m_stream: Signal<In, Bits<2>>,
        /// RSN of the packet's message.
        pub m_rsn: Signal<In, Bits<24>>,
        /// Byte offset of the packet in its message.
        pub m_offset: Signal<In, Bits<32>>,
        /// Payload bytes of the packet.
        pub m_len: Signal<In, Bits<16>>,
        /// Message length.
        pub m_msg_len: Signal<In, Bits<32>>,
        /// A MATCH result.
        pub m_rvalid: Signal<Out, Bit>,
        /// Its tag.
        pub m_rtag: Signal<Out, Bits<16>>,
        /// Placed: write at `m_addr`.
        pub m_ok: Signal<Out, Bit>,
        /// `CODE_*` (0 when placed).
        pub m_code: Signal<Out, Bits<4>>,
        /// RQE `addr + offset`.
        pub m_addr: Signal<Out, Bits<64>>,
        /// RQE `lkey`.
        pub m_lkey: Signal<Out, Bits<32>>,
        /// RQE `len`.
        pub m_buf_len: Signal<Out, Bits<32>>,
        /// A SEND message completed: consume its receive (no ready).
        pub cs_valid: Signal<In, Bit>,
        /// Connection.
        pub cs_conn: Signal<In, Bits<IDX>>,
        /// Stream.
        pub cs_stream: Signal<In, Bits<2>>,
        /// A CONSUME result.
        pub cs_rvalid: Signal<Out, Bit>,
        /// Consumed (else refused).
        pub cs_ok: Signal<Out, Bit>,
        /// RQE `wr_id`.
        pub cs_wr_id: Signal<Out, Bits<64>>,
        /// RQE `len`.
        pub cs_len: Signal<Out, Bits<32>>,
        /// A command or doorbell finished.
        pub res_valid: Signal<Out, Bit>,
        /// Its `OP_*`.
        pub res_op: Signal<Out, Bits<2>>,
        /// Its connection (low IDX bits).
        pub res_conn: Signal<Out, Bits<IDX>>,
        /// Its stream (low 2 bits).
        pub res_stream: Signal<Out, Bits<2>>,
        /// Refused.
        pub res_refused: Signal<Out, Bit>,
        /// Doorbells refused.
        pub cnt_db_refused: Signal<Out, Bits<32>>,
        /// CONSUMEs refused.
        pub cnt_consume_refused: Signal<Out, Bits<32>>,
        /// Failed or stray response beats.
        pub cnt_rs_err: Signal<Out, Bits<32>>,
        // constants
        k_wr_id: Constant<Bits<9>> = lsb(rqe::WR_ID),
        k_addr: Constant<Bits<9>> = lsb(rqe::ADDR),
        k_lkey: Constant<Bits<9>> = lsb(rqe::LKEY),
        k_len: Constant<Bits<9>> = lsb(rqe::LEN),
        k_nconn: Constant<Bits<13>> = Constant::new(bits(1u64 << IDX)),
        k_fetches: Constant<Bits<4>> = Constant::new(bits(FETCHES as u64)),
        k_log2_min: Constant<Bits<4>> = Constant::new(bits(RING_LOG2_MIN as u64)),
        k_nrb: Constant<Bits<4>> = Constant::new(bits(CODE_NO_RECV_BUFFER)),
        k_mal: Constant<Bits<4>> = Constant::new(bits(CODE_MALFORMED)),
        k_bts: Constant<Bits<4>> = Constant::new(bits(CODE_BUFFER_TOO_SMALL)),
        k_late: Constant<Bits<4>> = Constant::new(bits(CODE_LATE)),
        k_noctx: Constant<Bits<4>> = Constant::new(bits(CODE_NO_CONTEXT)),
        // memories
        ctx_a: RAM<Bits<CTX_BITS>, CI>,
        ctx_b: RAM<Bits<CTX_BITS>, CI>,
        ca0: RAM<Bits<128>, CA>,
        ca1: RAM<Bits<128>, CA>,
        cb0: RAM<Bits<96>, CA>,
        cb1: RAM<Bits<96>, CA>,
        sched: FwftFifo<16, CI>,
        reqf: FwftFifo<REQ, 3>,
        pendf: FwftFifo<PEND, 3>,
        landf: FwftFifo<LANDW, 3>,
        // holding registers
        cmd_h: DFF<Bit>,
        cmd_age: DFF<Bits<2>>,
        cmd_h_op: DFF<Bit>,
        cmd_h_conn: DFF<Bits<IDX>>,
        cmd_h_stream: DFF<Bits<2>>,
        cmd_h_iova: DFF<Bits<64>>,
        cmd_h_log2: DFF<Bits<4>>,
        cp_sh: DFF<Bits<17>>,
        cp_lo: DFF<Bits<18>>,
        cp_hi: DFF<Bits<42>>,
        cp_hi1: DFF<Bits<42>>,
        db_h: DFF<Bit>,
        db_h_pi: DFF<Bits<16>>,
        db_h_stream: DFF<Bits<4>>,
        db_h_conn: DFF<Bits<12>>,
        f_h: DFF<Bit>,
        f_h_idx: DFF<Bits<CI>>,
        busy: DFF<Bit>,
        s2_h: DFF<Bit>,
        s2_op: DFF<Bits<3>>,
        s2_idx: DFF<Bits<CI>>,
        s2_pi: DFF<Bits<16>>,
        s2_nw: DFF<Bit>,
        fout: DFF<Bits<4>>,
        tagc: DFF<Bits<8>>,
        // lane A S0
        a_valid: DFF<Bit>,
        a_op: DFF<Bits<3>>,
        a_idx: DFF<Bits<CI>>,
        a_iova: DFF<Bits<59>>,
        a_small: DFF<Bits<16>>,
        a_argbad: DFF<Bit>,
        a_flag: DFF<Bit>,
        a_gen: DFF<Bits<8>>,
        a_fnew: DFF<Bits<24>>,
        // lane A S1
        b_valid: DFF<Bit>,
        b_op: DFF<Bits<3>>,
        b_idx: DFF<Bits<CI>>,
        b_iova: DFF<Bits<59>>,
        b_small: DFF<Bits<16>>,
        b_argbad: DFF<Bit>,
        b_flag: DFF<Bit>,
        b_gen: DFF<Bits<8>>,
        b_fnew: DFF<Bits<24>>,
        b_fwd: DFF<Bit>,
        w_rec: DFF<Bits<CTX_BITS>>,
        // consume result
        cz_valid: DFF<Bit>,
        cz_ok: DFF<Bit>,
        cz_bank: DFF<Bit>,
        o_cs_valid: DFF<Bit>,
        o_cs_ok: DFF<Bit>,
        o_cs_wr_id: DFF<Bits<64>>,
        o_cs_len: DFF<Bits<32>>,
        // look S2
        c_valid: DFF<Bit>,
        c_op: DFF<Bits<3>>,
        c_idx: DFF<Bits<CI>>,
        c_rec: DFF<Bits<CTX_BITS>>,
        c_small: DFF<Bits<16>>,
        c_argbad: DFF<Bit>,
        // look S3
        e_valid: DFF<Bit>,
        e_op: DFF<Bits<3>>,
        e_idx: DFF<Bits<CI>>,
        e_rec: DFF<Bits<CTX_BITS>>,
        e_small: DFF<Bits<16>>,
        e_argbad: DFF<Bit>,
        e_d16: DFF<Bits<16>>,
        e_dn: DFF<Bits<16>>,
        e_do: DFF<Bits<16>>,
        e_used: DFF<Bits<6>>,
        e_wl: DFF<Bits<16>>,
        e_a7: DFF<Bits<7>>,
        e_lo: DFF<Bits<16>>,
        e_carry: DFF<Bit>,
        e_hi: DFF<Bits<43>>,
        e_hi1: DFF<Bits<43>>,
        // look S4
        d_valid: DFF<Bit>,
        d_op: DFF<Bits<3>>,
        d_idx: DFF<Bits<CI>>,
        d_gen: DFF<Bits<8>>,
        d_fetch: DFF<Bits<24>>,
        d_go: DFF<Bit>,
        d_small: DFF<Bits<16>>,
        d_ok: DFF<Bit>,
        d_nw: DFF<Bit>,
        d_min_a: DFF<Bits<4>>,
        d_min_b: DFF<Bits<4>>,
        d_addr: DFF<Bits<59>>,
        // results
        q_valid: DFF<Bit>,
        q_op: DFF<Bits<2>>,
        q_conn: DFF<Bits<IDX>>,
        q_stream: DFF<Bits<2>>,
        q_refused: DFF<Bit>,
        n_db_ref: DFF<Bits<32>>,
        n_cs_ref: DFF<Bits<32>>,
        n_rs_err: DFF<Bits<32>>,
        // match lane
        ma_valid: DFF<Bit>,
        ma_tag: DFF<Bits<16>>,
        ma_idx: DFF<Bits<CI>>,
        ma_rsn: DFF<Bits<24>>,
        ma_offset: DFF<Bits<32>>,
        ma_len: DFF<Bits<16>>,
        ma_msg_len: DFF<Bits<32>>,
        mb_valid: DFF<Bit>,
        mb_tag: DFF<Bits<16>>,
        mb_rsn: DFF<Bits<24>>,
        mb_offset: DFF<Bits<32>>,
        mb_msg_len: DFF<Bits<32>>,
        mb_ol: DFF<Bits<33>>,
        mb_fwd: DFF<Bit>,
        mb_bank: DFF<Bit>,
        mc_valid: DFF<Bit>,
        mc_tag: DFF<Bits<16>>,
        mc_cvalid: DFF<Bit>,
        mc_d: DFF<Bits<24>>,
        mc_f6: DFF<Bits<6>>,
        mc_entry: DFF<Bits<128>>,
        mc_mal: DFF<Bit>,
        mc_msg_len: DFF<Bits<32>>,
        mc_offset: DFF<Bits<32>>,
        md_valid: DFF<Bit>,
        md_tag: DFF<Bits<16>>,
        md_code: DFF<Bits<4>>,
        md_lo: DFF<Bits<32>>,
        md_carry: DFF<Bit>,
        md_hi: DFF<Bits<32>>,
        md_hi1: DFF<Bits<32>>,
        md_lkey: DFF<Bits<32>>,
        md_blen: DFF<Bits<32>>,
        o_m_valid: DFF<Bit>,
        o_m_tag: DFF<Bits<16>>,
        o_m_ok: DFF<Bit>,
        o_m_code: DFF<Bits<4>>,
        o_m_addr: DFF<Bits<64>>,
        o_m_lkey: DFF<Bits<32>>,
        o_m_blen: DFF<Bits<32>>,
        // response side
        g_valid: DFF<Bit>,
        g_data: DFF<Bits<512>>,
        g_tag: DFF<Bits<8>>,
        g_last: DFF<Bit>,
        g_err: DFF<Bit>,
        k_beat: DFF<Bits<2>>,
        p_err: DFF<Bit>,
        // adders
        add_cp: PrefixAdd<18>,
        add_cphi: PrefixAdd<42>,
        add_base: CondAdd<24>,
        add_basew: CondAdd<24>,
        add_d: PrefixAdd<16>,
        add_dn: PrefixAdd<16>,
        add_do: PrefixAdd<16>,
        add_lo: PrefixAdd<17>,
        add_hi: PrefixAdd<43>,
        add_fnew: PrefixAdd<24>,
        add_ol: PrefixAdd<33>,
        add_md: PrefixAdd<24>,
        add_mlo: CondSumAdd,
        add_mhi: CondAdd<32>,
        // combinational: picks
        cmd_elig: Signal<Local, Bit>,
        free: Signal<Local, Bit>,
        pick_cs: Signal<Local, Bit>,
        pick_land: Signal<Local, Bit>,
        pick_s2: Signal<Local, Bit>,
        pick_cmd: Signal<Local, Bit>,
        pick_db: Signal<Local, Bit>,
        pick_f: Signal<Local, Bit>,
        f_load: Signal<Local, Bit>,
        cs_idx: Signal<Local, Bits<CI>>,
        cmd_idx: Signal<Local, Bits<CI>>,
        db_idx: Signal<Local, Bits<CI>>,
        m_idx: Signal<Local, Bits<CI>>,
        ring: Signal<Local, Bits<59>>,
        iova59: Signal<Local, Bits<59>>,
        sh17: Signal<Local, Bits<17>>,
        l_dout: Signal<Local, Bits<LANDW>>,
        // lane A S1
        rec: Signal<Local, Bits<CTX_BITS>>,
        r_iova: Signal<Local, Bits<59>>,
        r_log2: Signal<Local, Bits<4>>,
        r_pi: Signal<Local, Bits<16>>,
        r_fetch: Signal<Local, Bits<24>>,
        r_base: Signal<Local, Bits<24>>,
        r_gen: Signal<Local, Bits<8>>,
        r_valid: Signal<Local, Bit>,
        r_queued: Signal<Local, Bit>,
        r_kick: Signal<Local, Bit>,
        r_err: Signal<Local, Bit>,
        t_iova: Signal<Local, Bits<59>>,
        t_log2: Signal<Local, Bits<4>>,
        t_pi: Signal<Local, Bits<16>>,
        t_fetch: Signal<Local, Bits<24>>,
        t_base: Signal<Local, Bits<24>>,
        t_gen: Signal<Local, Bits<8>>,
        t_valid: Signal<Local, Bit>,
        t_queued: Signal<Local, Bit>,
        t_kick: Signal<Local, Bit>,
        t_err: Signal<Local, Bit>,
        t_rec: Signal<Local, Bits<CTX_BITS>>,
        push: Signal<Local, Bit>,
        cs_okl: Signal<Local, Bit>,
        cb_addr: Signal<Local, Bits<CA>>,
        // look S2
        s_pi: Signal<Local, Bits<16>>,
        s_f16: Signal<Local, Bits<16>>,
        s_b16: Signal<Local, Bits<16>>,
        s_log2: Signal<Local, Bits<4>>,
        s_iova: Signal<Local, Bits<59>>,
        mask: Signal<Local, Bits<16>>,
        off: Signal<Local, Bits<16>>,
        // look S3
        cap_d: Signal<Local, Bits<4>>,
        room: Signal<Local, Bits<6>>,
        cap_room: Signal<Local, Bits<4>>,
        cap_end: Signal<Local, Bits<4>>,
        cap_4k: Signal<Local, Bits<4>>,
        min_a: Signal<Local, Bits<4>>,
        min_b: Signal<Local, Bits<4>>,
        size17: Signal<Local, Bits<17>>,
        dn17: Signal<Local, Bits<17>>,
        db_ok: Signal<Local, Bit>,
        // look S4
        n: Signal<Local, Bits<4>>,
        issue: Signal<Local, Bit>,
        clr_busy: Signal<Local, Bit>,
        res_now: Signal<Local, Bit>,
        // match
        mrec: Signal<Local, Bits<CTX_BITS>>,
        m_entry: Signal<Local, Bits<128>>,
        m_present: Signal<Local, Bit>,
        m_bts: Signal<Local, Bit>,
        code: Signal<Local, Bits<4>>,
        // response
        p_idx: Signal<Local, Bits<CI>>,
        p_gen: Signal<Local, Bits<8>>,
        p_f0: Signal<Local, Bits<24>>,
        p_n: Signal<Local, Bits<4>>,
        p_tag: Signal<Local, Bits<8>>,
        beat: Signal<Local, Bit>,
        nb: Signal<Local, Bits<3>>,
        k3: Signal<Local, Bits<3>>,
        is_last: Signal<Local, Bit>,
        x_dma: Signal<Local, Bit>,
        slot0: Signal<Local, Bits<5>>,
        slot1: Signal<Local, Bits<5>>,
        k2n: Signal<Local, Bits<4>>,
        lane1: Signal<Local, Bit>,
        we: Signal<Local, Bit>,
        lane0d: Signal<Local, Bits<256>>,
        lane1d: Signal<Local, Bits<256>>,
        ea0: Signal<Local, Bits<128>>,
        ea1: Signal<Local, Bits<128>>,
        eb0: Signal<Local, Bits<96>>,
        eb1: Signal<Local, Bits<96>>,
        land_err: Signal<Local, Bit>,
        base1: Signal<Local, Bits<24>>,
        ne_fb_r: Signal<Local, Bit>,
        ne_fb_w: Signal<Local, Bit>,
        ne_pf_r: Signal<Local, Bit>,
        ne_pf_w: Signal<Local, Bit>,
        ne_fb: Signal<Local, Bit>,
        ne_pf: Signal<Local, Bit>,
    }
    setup {
        assert!(CI == IDX + 2 && CA == CI + 4 && CI <= 16);
    }
}

fn lsb(f: &braid_spec::StateField) -> Constant<Bits<9>> {
    Constant::new(bits(f.lsb as u64))
}

// the nested ifs mirror the operation table of the module doc
#[allow(clippy::collapsible_if)]
impl<const IDX: usize, const CI: usize, const CA: usize> Logic for RqFetch<IDX, CI, CA> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            clock,
            cmd_h,
            cmd_age,
            cmd_h_op,
            cmd_h_conn,
            cmd_h_stream,
            cmd_h_iova,
            cmd_h_log2,
            cp_sh,
            cp_lo,
            cp_hi,
            cp_hi1,
            db_h,
            db_h_pi,
            db_h_stream,
            db_h_conn,
            f_h,
            f_h_idx,
            busy,
            s2_h,
            s2_op,
            s2_idx,
            s2_pi,
            s2_nw,
            fout,
            tagc,
            a_valid,
            a_op,
            a_idx,
            a_iova,
            a_small,
            a_argbad,
            a_flag,
            a_gen,
            a_fnew,
            b_valid,
            b_op,
            b_idx,
            b_iova,
            b_small,
            b_argbad,
            b_flag,
            b_gen,
            b_fnew,
            b_fwd,
            w_rec,
            cz_valid,
            cz_ok,
            cz_bank,
            o_cs_valid,
            o_cs_ok,
            o_cs_wr_id,
            o_cs_len,
            c_valid,
            c_op,
            c_idx,
            c_rec,
            c_small,
            c_argbad,
            e_valid,
            e_op,
            e_idx,
            e_rec,
            e_small,
            e_argbad,
            e_d16,
            e_dn,
            e_do,
            e_used,
            e_wl,
            e_a7,
            e_lo,
            e_carry,
            e_hi,
            e_hi1,
            d_valid,
            d_op,
            d_idx,
            d_gen,
            d_fetch,
            d_go,
            d_small,
            d_ok,
            d_nw,
            d_min_a,
            d_min_b,
            d_addr,
            q_valid,
            q_op,
            q_conn,
            q_stream,
            q_refused,
            n_db_ref,
            n_cs_ref,
            n_rs_err,
            ma_valid,
            ma_tag,
            ma_idx,
            ma_rsn,
            ma_offset,
            ma_len,
            ma_msg_len,
            mb_valid,
            mb_tag,
            mb_rsn,
            mb_offset,
            mb_msg_len,
            mb_ol,
            mb_fwd,
            mb_bank,
            mc_valid,
            mc_tag,
            mc_cvalid,
            mc_d,
            mc_f6,
            mc_entry,
            mc_mal,
            mc_msg_len,
            mc_offset,
            md_valid,
            md_tag,
            md_code,
            md_lo,
            md_carry,
            md_hi,
            md_hi1,
            md_lkey,
            md_blen,
            o_m_valid,
            o_m_tag,
            o_m_ok,
            o_m_code,
            o_m_addr,
            o_m_lkey,
            o_m_blen,
            g_valid,
            g_data,
            g_tag,
            g_last,
            g_err,
            k_beat,
            p_err
        );
        self.ctx_a.read_clock.next = self.clock.val();
        self.ctx_a.write_clock.next = self.clock.val();
        self.ctx_b.read_clock.next = self.clock.val();
        self.ctx_b.write_clock.next = self.clock.val();
        self.ca0.read_clock.next = self.clock.val();
        self.ca0.write_clock.next = self.clock.val();
        self.ca1.read_clock.next = self.clock.val();
        self.ca1.write_clock.next = self.clock.val();
        self.cb0.read_clock.next = self.clock.val();
        self.cb0.write_clock.next = self.clock.val();
        self.cb1.read_clock.next = self.clock.val();
        self.cb1.write_clock.next = self.clock.val();
        self.sched.clock.next = self.clock.val();
        self.reqf.clock.next = self.clock.val();
        self.pendf.clock.next = self.clock.val();
        self.landf.clock.next = self.clock.val();

        // ---- ports: holding registers
        self.cmd_ready.next = !self.cmd_h.q.val();
        self.db_ready.next = !self.db_h.q.val();
        self.rs_ready.next = true;

        // ---- command preparation: ring = iova + (stream << log2) RQEs
        self.iova59.next = self.cmd_h_iova.q.val().get_bits::<59>(5);
        self.sh17.next = bit_cast::<17, 2>(self.cmd_h_stream.q.val()) << self.cmd_h_log2.q.val();
        self.cp_sh.d.next = self.sh17.val();
        self.add_cp.a.next = bit_cast::<18, 17>(self.iova59.val().get_bits::<17>(0));
        self.add_cp.b.next = bit_cast::<18, 17>(self.cp_sh.q.val());
        self.add_cp.cin.next = false;
        self.cp_lo.d.next = self.add_cp.sum.val();
        self.add_cphi.a.next = self.iova59.val().get_bits::<42>(17);
        self.add_cphi.b.next = 0.into();
        self.add_cphi.cin.next = true;
        self.cp_hi.d.next = self.iova59.val().get_bits::<42>(17);
        self.cp_hi1.d.next = self.add_cphi.sum.val();
        if self.cp_lo.q.val().get_bit(17) {
            self.ring.next = bit_cast::<59, 17>(self.cp_lo.q.val().get_bits::<17>(0))
                | (bit_cast::<59, 42>(self.cp_hi1.q.val()) << bits::<6>(17));
        } else {
            self.ring.next = bit_cast::<59, 17>(self.cp_lo.q.val().get_bits::<17>(0))
                | (bit_cast::<59, 42>(self.cp_hi.q.val()) << bits::<6>(17));
        }
        self.cmd_elig.next = self.cmd_h.q.val() & (self.cmd_age.q.val() == 2);

        // ---- lane A arbitration
        self.pick_cs.next = self.cs_valid.val();
        self.pick_land.next = !self.cs_valid.val() & self.landf.valid.val();
        self.pick_s2.next = !self.cs_valid.val() & !self.landf.valid.val() & self.s2_h.q.val();
        self.free.next = !self.cs_valid.val()
            & !self.landf.valid.val()
            & !self.s2_h.q.val()
            & !self.busy.q.val();
        self.pick_cmd.next = self.free.val() & self.cmd_elig.val();
        self.pick_db.next = self.free.val() & !self.cmd_elig.val() & self.db_h.q.val();
        self.pick_f.next = self.free.val()
            & !self.cmd_elig.val()
            & !self.db_h.q.val()
            & self.f_h.q.val()
            & (self.fout.q.val() < self.k_fetches.val());

        self.cmd_h.d.next = (self.cmd_h.q.val() & !self.pick_cmd.val())
            | (self.cmd_valid.val() & !self.cmd_h.q.val());
        if !self.cmd_h.q.val() {
            self.cmd_h_op.d.next = self.cmd_op.val();
            self.cmd_h_conn.d.next = self.cmd_conn.val();
            self.cmd_h_stream.d.next = self.cmd_stream.val();
            self.cmd_h_iova.d.next = self.cmd_iova.val();
            self.cmd_h_log2.d.next = self.cmd_log2.val();
            self.cmd_age.d.next = 0.into();
        } else if self.cmd_age.q.val() != 2 {
            self.cmd_age.d.next = self.cmd_age.q.val() + 1;
        }
        self.db_h.d.next =
            (self.db_h.q.val() & !self.pick_db.val()) | (self.db_valid.val() & !self.db_h.q.val());
        if !self.db_h.q.val() {
            self.db_h_pi.d.next = self.db_pi.val();
            self.db_h_stream.d.next = self.db_stream.val();
            self.db_h_conn.d.next = self.db_conn.val();
        }
        self.f_load.next = !self.f_h.q.val() & self.sched.valid.val();
        self.sched.pop.next = self.f_load.val();
        self.f_h.d.next = (self.f_h.q.val() & !self.pick_f.val()) | self.f_load.val();
        if self.f_load.val() {
            self.f_h_idx.d.next = self.sched.dout.val().get_bits::<CI>(0);
        }
        self.landf.pop.next = self.pick_land.val();
        self.l_dout.next = self.landf.dout.val();

        self.cs_idx.next = (bit_cast::<CI, IDX>(self.cs_conn.val()) << bits::<3>(2))
            | bit_cast::<CI, 2>(self.cs_stream.val());
        self.cmd_idx.next = (bit_cast::<CI, IDX>(self.cmd_h_conn.q.val()) << bits::<3>(2))
            | bit_cast::<CI, 2>(self.cmd_h_stream.q.val());
        self.db_idx.next = (bit_cast::<CI, IDX>(self.db_h_conn.q.val().get_bits::<IDX>(0))
            << bits::<3>(2))
            | bit_cast::<CI, 2>(self.db_h_stream.q.val().get_bits::<2>(0));

        // ---- S0
        self.a_valid.d.next = self.pick_cs.val()
            | self.pick_land.val()
            | self.pick_s2.val()
            | self.pick_cmd.val()
            | self.pick_db.val()
            | self.pick_f.val();
        self.a_op.d.next = bits::<3>(4);
        self.a_idx.d.next = self.f_h_idx.q.val();
        self.a_iova.d.next = self.ring.val();
        self.a_small.d.next = 0.into();
        self.a_argbad.d.next = false;
        self.a_flag.d.next = false;
        self.a_gen.d.next = self.l_dout.val().get_bits::<8>(16);
        self.a_fnew.d.next = self.l_dout.val().get_bits::<24>(24);
        if self.pick_cs.val() {
            self.a_op.d.next = bits::<3>(7);
            self.a_idx.d.next = self.cs_idx.val();
        } else if self.pick_land.val() {
            self.a_op.d.next = bits::<3>(6);
            self.a_idx.d.next = self.l_dout.val().get_bits::<CI>(0);
            self.a_flag.d.next = self.l_dout.val().get_bit(48);
        } else if self.pick_s2.val() {
            self.a_op.d.next = self.s2_op.q.val();
            self.a_idx.d.next = self.s2_idx.q.val();
            self.a_small.d.next = self.s2_pi.q.val();
            self.a_flag.d.next = self.s2_nw.q.val();
        } else if self.pick_cmd.val() {
            self.a_op.d.next = bit_cast::<3, 1>(self.cmd_h_op.q.val().into());
            self.a_idx.d.next = self.cmd_idx.val();
            self.a_small.d.next = bit_cast::<16, 4>(self.cmd_h_log2.q.val());
            self.a_argbad.d.next = self.cmd_h_iova.q.val().get_bits::<5>(0).any()
                | (self.cmd_h_log2.q.val() < self.k_log2_min.val());
        } else if self.pick_db.val() {
            self.a_op.d.next = bits::<3>(2);
            self.a_idx.d.next = self.db_idx.val();
            self.a_small.d.next = self.db_h_pi.q.val();
            self.a_argbad.d.next = (bit_cast::<13, 12>(self.db_h_conn.q.val())
                >= self.k_nconn.val())
                | self.db_h_stream.q.val().get_bits::<2>(2).any();
        }
        self.ctx_a.read_address.next = self.a_idx.q.val();

        // ---- S0 -> S1
        self.b_valid.d.next = self.a_valid.q.val();
        self.b_op.d.next = self.a_op.q.val();
        self.b_idx.d.next = self.a_idx.q.val();
        self.b_iova.d.next = self.a_iova.q.val();
        self.b_small.d.next = self.a_small.q.val();
        self.b_argbad.d.next = self.a_argbad.q.val();
        self.b_flag.d.next = self.a_flag.q.val();
        self.b_gen.d.next = self.a_gen.q.val();
        self.b_fnew.d.next = self.a_fnew.q.val();
        // the op now in S1 writes the record the op now in S0 will need
        self.b_fwd.d.next = self.a_valid.q.val()
            & self.b_valid.q.val()
            & (self.a_idx.q.val() == self.b_idx.q.val());

        // ---- S1: the context loop
        if self.b_fwd.q.val() {
            self.rec.next = self.w_rec.q.val();
        } else {
            self.rec.next = self.ctx_a.read_data.val();
        }
        self.r_iova.next = self.rec.val().get_bits::<59>(0);
        self.r_log2.next = self.rec.val().get_bits::<4>(59);
        self.r_pi.next = self.rec.val().get_bits::<16>(63);
        self.r_fetch.next = self.rec.val().get_bits::<24>(79);
        self.r_base.next = self.rec.val().get_bits::<24>(103);
        self.r_gen.next = self.rec.val().get_bits::<8>(127);
        self.r_valid.next = self.rec.val().get_bit(135);
        self.r_queued.next = self.rec.val().get_bit(136);
        self.r_kick.next = self.rec.val().get_bit(137);
        self.r_err.next = self.rec.val().get_bit(138);
        self.t_iova.next = self.r_iova.val();
        self.t_log2.next = self.r_log2.val();
        self.t_pi.next = self.r_pi.val();
        self.t_fetch.next = self.r_fetch.val();
        self.t_base.next = self.r_base.val();
        self.t_gen.next = self.r_gen.val();
        self.t_valid.next = self.r_valid.val();
        self.t_queued.next = self.r_queued.val();
        self.t_kick.next = self.r_kick.val();
        self.t_err.next = self.r_err.val();
        self.push.next = false;
        // base + 1 of both record sources (inputs straight from registers)
        self.add_base.a.next = self.ctx_a.read_data.val().get_bits::<24>(103);
        self.add_base.b.next = 0.into();
        self.add_base.cin.next = true;
        self.add_basew.a.next = self.w_rec.q.val().get_bits::<24>(103);
        self.add_basew.b.next = 0.into();
        self.add_basew.cin.next = true;
        if self.b_fwd.q.val() {
            self.base1.next = self.add_basew.sum.val();
        } else {
            self.base1.next = self.add_base.sum.val();
        }
        // the compares of both record sources, before the forwarding mux
        self.ne_fb_r.next = self.ctx_a.read_data.val().get_bits::<24>(79)
            != self.ctx_a.read_data.val().get_bits::<24>(103);
        self.ne_fb_w.next =
            self.w_rec.q.val().get_bits::<24>(79) != self.w_rec.q.val().get_bits::<24>(103);
        self.ne_pf_r.next = self.ctx_a.read_data.val().get_bits::<16>(63)
            != self.ctx_a.read_data.val().get_bits::<16>(79);
        self.ne_pf_w.next =
            self.w_rec.q.val().get_bits::<16>(63) != self.w_rec.q.val().get_bits::<16>(79);
        if self.b_fwd.q.val() {
            self.ne_fb.next = self.ne_fb_w.val();
            self.ne_pf.next = self.ne_pf_w.val();
        } else {
            self.ne_fb.next = self.ne_fb_r.val();
            self.ne_pf.next = self.ne_pf_r.val();
        }
        self.cs_okl.next = self.r_valid.val() & self.ne_fb.val();
        if self.b_op.q.val() == 0 {
            if !self.b_argbad.q.val() {
                self.t_iova.next = self.b_iova.q.val();
                self.t_log2.next = self.b_small.q.val().get_bits::<4>(0);
                self.t_pi.next = 0.into();
                self.t_fetch.next = 0.into();
                self.t_base.next = 0.into();
                self.t_gen.next = self.r_gen.val() + 1;
                self.t_valid.next = true;
                self.t_kick.next = false;
                self.t_err.next = false;
            }
        } else if self.b_op.q.val() == 1 {
            self.t_valid.next = false;
        } else if self.b_op.q.val() == 3 {
            self.t_pi.next = self.b_small.q.val();
            if self.b_flag.q.val() {
                if self.r_queued.val() {
                    self.t_kick.next = true;
                } else {
                    self.t_queued.next = true;
                    self.push.next = true;
                }
            }
        } else if self.b_op.q.val() == 5 {
            if self.r_kick.val() {
                self.t_kick.next = false;
                self.push.next = true;
            } else {
                self.t_queued.next = false;
            }
        } else if self.b_op.q.val() == 6 {
            if self.r_valid.val() & (self.r_gen.val() == self.b_gen.q.val()) {
                if self.b_flag.q.val() {
                    self.t_err.next = true;
                } else {
                    self.t_fetch.next = self.b_fnew.q.val();
                }
            }
            self.t_kick.next = false;
            self.push.next = true;
        } else if self.b_op.q.val() == 7 {
            if self.cs_okl.val() {
                self.t_base.next = self.base1.val();
                if self.r_queued.val() {
                    self.t_kick.next = true;
                } else if self.ne_pf.val() {
                    self.t_queued.next = true;
                    self.push.next = true;
                }
            }
        }
        self.t_rec.next = bit_cast::<CTX_BITS, 59>(self.t_iova.val())
            | (bit_cast::<CTX_BITS, 4>(self.t_log2.val()) << bits::<8>(59))
            | (bit_cast::<CTX_BITS, 16>(self.t_pi.val()) << bits::<8>(63))
            | (bit_cast::<CTX_BITS, 24>(self.t_fetch.val()) << bits::<8>(79))
            | (bit_cast::<CTX_BITS, 24>(self.t_base.val()) << bits::<8>(103))
            | (bit_cast::<CTX_BITS, 8>(self.t_gen.val()) << bits::<8>(127))
            | (bit_cast::<CTX_BITS, 1>(self.t_valid.val().into()) << bits::<8>(135))
            | (bit_cast::<CTX_BITS, 1>(self.t_queued.val().into()) << bits::<8>(136))
            | (bit_cast::<CTX_BITS, 1>(self.t_kick.val().into()) << bits::<8>(137))
            | (bit_cast::<CTX_BITS, 1>(self.t_err.val().into()) << bits::<8>(138));
        self.ctx_a.write_address.next = self.b_idx.q.val();
        self.ctx_a.write_data.next = self.t_rec.val();
        self.ctx_a.write_enable.next = self.b_valid.q.val();
        self.ctx_b.write_address.next = self.b_idx.q.val();
        self.ctx_b.write_data.next = self.t_rec.val();
        self.ctx_b.write_enable.next = self.b_valid.q.val();
        self.w_rec.d.next = self.t_rec.val();
        self.sched.push.next = self.b_valid.q.val() & self.push.val();
        self.sched.din.next = bit_cast::<16, CI>(self.b_idx.q.val());
        // CONSUME: the entry at base
        self.cb_addr.next = (bit_cast::<CA, CI>(self.b_idx.q.val()) << bits::<4>(4))
            | bit_cast::<CA, 4>(self.r_base.val().get_bits::<4>(1));
        self.cb0.read_address.next = self.cb_addr.val();
        self.cb1.read_address.next = self.cb_addr.val();
        self.cz_valid.d.next = self.b_valid.q.val() & (self.b_op.q.val() == 7);
        self.cz_ok.d.next = self.cs_okl.val();
        self.cz_bank.d.next = self.r_base.val().get_bit(0);
        self.o_cs_valid.d.next = self.cz_valid.q.val();
        self.o_cs_ok.d.next = self.cz_valid.q.val() & self.cz_ok.q.val();
        if self.cz_valid.q.val() & self.cz_ok.q.val() {
            if self.cz_bank.q.val() {
                self.o_cs_wr_id.d.next = self.cb1.read_data.val().get_bits::<64>(0);
                self.o_cs_len.d.next = self.cb1.read_data.val().get_bits::<32>(64);
            } else {
                self.o_cs_wr_id.d.next = self.cb0.read_data.val().get_bits::<64>(0);
                self.o_cs_len.d.next = self.cb0.read_data.val().get_bits::<32>(64);
            }
        } else {
            self.o_cs_wr_id.d.next = 0.into();
            self.o_cs_len.d.next = 0.into();
        }
        if self.cz_valid.q.val() & !self.cz_ok.q.val() {
            self.n_cs_ref.d.next = self.n_cs_ref.q.val() + 1;
        }

        // ---- S1 -> S2 (looks and commands)
        self.c_valid.d.next = self.b_valid.q.val()
            & ((self.b_op.q.val() == 0)
                | (self.b_op.q.val() == 1)
                | (self.b_op.q.val() == 2)
                | (self.b_op.q.val() == 4));
        self.c_op.d.next = self.b_op.q.val();
        self.c_idx.d.next = self.b_idx.q.val();
        self.c_rec.d.next = self.rec.val();
        self.c_small.d.next = self.b_small.q.val();
        self.c_argbad.d.next = self.b_argbad.q.val();

        // ---- S2: differences, ring offset, address halves
        self.s_pi.next = self.c_rec.q.val().get_bits::<16>(63);
        self.s_f16.next = self.c_rec.q.val().get_bits::<16>(79);
        self.s_b16.next = self.c_rec.q.val().get_bits::<16>(103);
        self.s_log2.next = self.c_rec.q.val().get_bits::<4>(59);
        self.s_iova.next = self.c_rec.q.val().get_bits::<59>(0);
        self.add_d.a.next = self.s_pi.val();
        self.add_d.b.next = !self.s_f16.val();
        self.add_d.cin.next = true;
        self.add_dn.a.next = self.c_small.q.val();
        self.add_dn.b.next = !self.s_b16.val();
        self.add_dn.cin.next = true;
        self.add_do.a.next = self.s_pi.val();
        self.add_do.b.next = !self.s_b16.val();
        self.add_do.cin.next = true;
        self.mask.next = !(bits::<16>(0xffff) << self.s_log2.val());
        self.off.next = self.s_f16.val() & self.mask.val();
        self.add_lo.a.next = bit_cast::<17, 16>(self.s_iova.val().get_bits::<16>(0));
        self.add_lo.b.next = bit_cast::<17, 16>(self.off.val());
        self.add_lo.cin.next = false;
        self.add_hi.a.next = self.s_iova.val().get_bits::<43>(16);
        self.add_hi.b.next = 0.into();
        self.add_hi.cin.next = true;
        self.e_valid.d.next = self.c_valid.q.val();
        self.e_op.d.next = self.c_op.q.val();
        self.e_idx.d.next = self.c_idx.q.val();
        self.e_rec.d.next = self.c_rec.q.val();
        self.e_small.d.next = self.c_small.q.val();
        self.e_argbad.d.next = self.c_argbad.q.val();
        self.e_d16.d.next = self.add_d.sum.val();
        self.e_dn.d.next = self.add_dn.sum.val();
        self.e_do.d.next = self.add_do.sum.val();
        self.e_used.d.next =
            self.c_rec.q.val().get_bits::<6>(79) - self.c_rec.q.val().get_bits::<6>(103);
        self.e_wl.d.next = !self.s_f16.val() & self.mask.val();
        self.e_a7.d.next = self.s_iova.val().get_bits::<7>(0) + self.off.val().get_bits::<7>(0);
        self.e_lo.d.next = self.add_lo.sum.val().get_bits::<16>(0);
        self.e_carry.d.next = self.add_lo.sum.val().get_bit(16);
        self.e_hi.d.next = self.s_iova.val().get_bits::<43>(16);
        self.e_hi1.d.next = self.add_hi.sum.val();

        // ---- S3: caps of n, doorbell checks, the address
        if self.e_d16.q.val().get_bits::<13>(3).any() {
            self.cap_d.next = 8.into();
        } else {
            self.cap_d.next = self.e_d16.q.val().get_bits::<4>(0);
        }
        self.room.next = bits::<6>(32) - self.e_used.q.val();
        if self.room.val().get_bits::<3>(3).any() {
            self.cap_room.next = 8.into();
        } else {
            self.cap_room.next = bit_cast::<4, 3>(self.room.val().get_bits::<3>(0));
        }
        if self.e_wl.q.val().get_bits::<13>(3).any() | self.e_wl.q.val().get_bits::<3>(0).all() {
            self.cap_end.next = 8.into();
        } else {
            self.cap_end.next = bit_cast::<4, 3>(self.e_wl.q.val().get_bits::<3>(0)) + 1;
        }
        if self.e_a7.q.val().get_bits::<4>(3).all() {
            self.cap_4k.next = bits::<4>(8) - bit_cast::<4, 3>(self.e_a7.q.val().get_bits::<3>(0));
        } else {
            self.cap_4k.next = 8.into();
        }
        if self.cap_d.val() < self.cap_room.val() {
            self.min_a.next = self.cap_d.val();
        } else {
            self.min_a.next = self.cap_room.val();
        }
        if self.cap_end.val() < self.cap_4k.val() {
            self.min_b.next = self.cap_end.val();
        } else {
            self.min_b.next = self.cap_4k.val();
        }
        self.size17.next = bits::<17>(1) << self.e_rec.q.val().get_bits::<4>(59);
        self.dn17.next = bit_cast::<17, 16>(self.e_dn.q.val());
        self.db_ok.next = self.e_rec.q.val().get_bit(135)
            & !self.e_argbad.q.val()
            & (self.dn17.val() <= self.size17.val())
            & (self.e_dn.q.val() >= self.e_do.q.val());
        self.d_valid.d.next = self.e_valid.q.val();
        self.d_op.d.next = self.e_op.q.val();
        self.d_idx.d.next = self.e_idx.q.val();
        self.d_gen.d.next = self.e_rec.q.val().get_bits::<8>(127);
        self.d_fetch.d.next = self.e_rec.q.val().get_bits::<24>(79);
        self.d_go.d.next = self.e_rec.q.val().get_bit(135) & !self.e_rec.q.val().get_bit(138);
        self.d_small.d.next = self.e_small.q.val();
        if self.e_op.q.val() == 0 {
            self.d_ok.d.next = !self.e_argbad.q.val();
        } else if self.e_op.q.val() == 2 {
            self.d_ok.d.next = self.db_ok.val();
        } else {
            self.d_ok.d.next = true;
        }
        self.d_nw.d.next = self.e_dn.q.val() != self.e_do.q.val();
        self.d_min_a.d.next = self.min_a.val();
        self.d_min_b.d.next = self.min_b.val();
        if self.e_carry.q.val() {
            self.d_addr.d.next = bit_cast::<59, 16>(self.e_lo.q.val())
                | (bit_cast::<59, 43>(self.e_hi1.q.val()) << bits::<6>(16));
        } else {
            self.d_addr.d.next = bit_cast::<59, 16>(self.e_lo.q.val())
                | (bit_cast::<59, 43>(self.e_hi.q.val()) << bits::<6>(16));
        }

        // ---- S4: decisions
        if !self.d_go.q.val() {
            self.n.next = 0.into();
        } else if self.d_min_a.q.val() < self.d_min_b.q.val() {
            self.n.next = self.d_min_a.q.val();
        } else {
            self.n.next = self.d_min_b.q.val();
        }
        self.issue.next = self.d_valid.q.val() & (self.d_op.q.val() == 4) & self.n.val().any();
        self.clr_busy.next = self.issue.val()
            | (self.d_valid.q.val() & (self.d_op.q.val() == 2) & !self.d_ok.q.val());
        self.reqf.push.next = self.issue.val();
        self.reqf.din.next = bit_cast::<REQ, 59>(self.d_addr.q.val())
            | (bit_cast::<REQ, 4>(self.n.val()) << bits::<7>(59))
            | (bit_cast::<REQ, 8>(self.tagc.q.val()) << bits::<7>(63));
        self.pendf.push.next = self.issue.val();
        self.pendf.din.next = bit_cast::<PEND, CI>(self.d_idx.q.val())
            | (bit_cast::<PEND, 8>(self.d_gen.q.val()) << bits::<6>(16))
            | (bit_cast::<PEND, 24>(self.d_fetch.q.val()) << bits::<6>(24))
            | (bit_cast::<PEND, 4>(self.n.val()) << bits::<6>(48))
            | (bit_cast::<PEND, 8>(self.tagc.q.val()) << bits::<6>(52));
        if self.issue.val() {
            self.tagc.d.next = self.tagc.q.val() + 1;
        }
        if self.issue.val() & !self.pick_land.val() {
            self.fout.d.next = self.fout.q.val() + 1;
        } else if !self.issue.val() & self.pick_land.val() {
            self.fout.d.next = self.fout.q.val() - 1;
        }
        if self.d_valid.q.val() & (self.d_op.q.val() == 4) & !self.n.val().any() {
            self.s2_h.d.next = true;
            self.s2_op.d.next = bits::<3>(5);
            self.s2_idx.d.next = self.d_idx.q.val();
            self.s2_pi.d.next = 0.into();
            self.s2_nw.d.next = false;
        } else if self.d_valid.q.val() & (self.d_op.q.val() == 2) & self.d_ok.q.val() {
            self.s2_h.d.next = true;
            self.s2_op.d.next = bits::<3>(3);
            self.s2_idx.d.next = self.d_idx.q.val();
            self.s2_pi.d.next = self.d_small.q.val();
            self.s2_nw.d.next = self.d_nw.q.val();
        } else if self.pick_s2.val() {
            self.s2_h.d.next = false;
        }
        // busy: a look in flight until its decision or its second half
        if self.pick_db.val() | self.pick_f.val() {
            self.busy.d.next = true;
        } else if self.pick_s2.val() | self.clr_busy.val() {
            self.busy.d.next = false;
        }
        // results of commands and doorbells
        self.res_now.next = self.d_valid.q.val() & (self.d_op.q.val() < 3);
        self.q_valid.d.next = self.res_now.val();
        if self.res_now.val() {
            self.q_op.d.next = self.d_op.q.val().get_bits::<2>(0);
            self.q_conn.d.next = self.d_idx.q.val().get_bits::<IDX>(2);
            self.q_stream.d.next = self.d_idx.q.val().get_bits::<2>(0);
            self.q_refused.d.next = !self.d_ok.q.val();
        } else {
            self.q_op.d.next = 0.into();
            self.q_conn.d.next = 0.into();
            self.q_stream.d.next = 0.into();
            self.q_refused.d.next = false;
        }
        if self.d_valid.q.val() & (self.d_op.q.val() == 2) & !self.d_ok.q.val() {
            self.n_db_ref.d.next = self.n_db_ref.q.val() + 1;
        }

        // ---- requests
        self.rd_valid.next = self.reqf.valid.val();
        self.reqf.pop.next = self.reqf.valid.val() & self.rd_ready.val();
        if self.reqf.valid.val() {
            self.rd_addr.next =
                bit_cast::<64, 59>(self.reqf.dout.val().get_bits::<59>(0)) << bits::<7>(5);
            self.rd_len.next =
                bit_cast::<16, 4>(self.reqf.dout.val().get_bits::<4>(59)) << bits::<5>(5);
            self.rd_tag.next = self.reqf.dout.val().get_bits::<8>(63);
        } else {
            self.rd_addr.next = 0.into();
            self.rd_len.next = 0.into();
            self.rd_tag.next = 0.into();
        }

        // ---- responses: the beat registered, written into the cache
        self.g_valid.d.next = self.rs_valid.val();
        self.g_data.d.next = self.rs_data.val();
        self.g_tag.d.next = self.rs_tag.val();
        self.g_last.d.next = self.rs_last.val();
        self.g_err.d.next = self.rs_err.val();
        self.p_idx.next = self.pendf.dout.val().get_bits::<CI>(0);
        self.p_gen.next = self.pendf.dout.val().get_bits::<8>(16);
        self.p_f0.next = self.pendf.dout.val().get_bits::<24>(24);
        self.p_n.next = self.pendf.dout.val().get_bits::<4>(48);
        self.p_tag.next = self.pendf.dout.val().get_bits::<8>(52);
        self.beat.next = self.g_valid.q.val() & self.pendf.valid.val();
        self.nb.next =
            self.p_n.val().get_bits::<3>(1) + bit_cast::<3, 1>(self.p_n.val().get_bit(0).into());
        self.k3.next = bit_cast::<3, 2>(self.k_beat.q.val()) + 1;
        self.is_last.next = self.k3.val() == self.nb.val();
        self.x_dma.next = self.g_err.q.val()
            | (self.g_tag.q.val() != self.p_tag.val())
            | (self.g_last.q.val() != self.is_last.val());
        self.slot0.next = self.p_f0.val().get_bits::<5>(0)
            + (bit_cast::<5, 2>(self.k_beat.q.val()) << bits::<3>(1));
        self.slot1.next = self.slot0.val() + 1;
        self.k2n.next = (bit_cast::<4, 2>(self.k_beat.q.val()) << bits::<3>(1)) | bits::<4>(1);
        self.lane1.next = self.k2n.val() < self.p_n.val();
        self.we.next = self.beat.val() & !self.x_dma.val();
        self.lane0d.next = self.g_data.q.val().get_bits::<256>(0);
        self.lane1d.next = self.g_data.q.val().get_bits::<256>(256);
        self.ea0.next =
            bit_cast::<128, 64>(self.lane0d.val().get_bits::<64>(self.k_addr.val().index()))
                | (bit_cast::<128, 32>(
                    self.lane0d.val().get_bits::<32>(self.k_lkey.val().index()),
                ) << bits::<8>(64))
                | (bit_cast::<128, 32>(self.lane0d.val().get_bits::<32>(self.k_len.val().index()))
                    << bits::<8>(96));
        self.ea1.next =
            bit_cast::<128, 64>(self.lane1d.val().get_bits::<64>(self.k_addr.val().index()))
                | (bit_cast::<128, 32>(
                    self.lane1d.val().get_bits::<32>(self.k_lkey.val().index()),
                ) << bits::<8>(64))
                | (bit_cast::<128, 32>(self.lane1d.val().get_bits::<32>(self.k_len.val().index()))
                    << bits::<8>(96));
        self.eb0.next =
            bit_cast::<96, 64>(self.lane0d.val().get_bits::<64>(self.k_wr_id.val().index()))
                | (bit_cast::<96, 32>(self.lane0d.val().get_bits::<32>(self.k_len.val().index()))
                    << bits::<7>(64));
        self.eb1.next =
            bit_cast::<96, 64>(self.lane1d.val().get_bits::<64>(self.k_wr_id.val().index()))
                | (bit_cast::<96, 32>(self.lane1d.val().get_bits::<32>(self.k_len.val().index()))
                    << bits::<7>(64));
        if self.p_f0.val().get_bit(0) {
            // lane 0 is odd: odd bank at slot0, even bank gets lane 1 at slot0 + 1
            self.ca1.write_address.next = (bit_cast::<CA, CI>(self.p_idx.val()) << bits::<4>(4))
                | bit_cast::<CA, 4>(self.slot0.val().get_bits::<4>(1));
            self.cb1.write_address.next = (bit_cast::<CA, CI>(self.p_idx.val()) << bits::<4>(4))
                | bit_cast::<CA, 4>(self.slot0.val().get_bits::<4>(1));
            self.ca1.write_data.next = self.ea0.val();
            self.cb1.write_data.next = self.eb0.val();
            self.ca1.write_enable.next = self.we.val();
            self.cb1.write_enable.next = self.we.val();
            self.ca0.write_address.next = (bit_cast::<CA, CI>(self.p_idx.val()) << bits::<4>(4))
                | bit_cast::<CA, 4>(self.slot1.val().get_bits::<4>(1));
            self.cb0.write_address.next = (bit_cast::<CA, CI>(self.p_idx.val()) << bits::<4>(4))
                | bit_cast::<CA, 4>(self.slot1.val().get_bits::<4>(1));
            self.ca0.write_data.next = self.ea1.val();
            self.cb0.write_data.next = self.eb1.val();
            self.ca0.write_enable.next = self.we.val() & self.lane1.val();
            self.cb0.write_enable.next = self.we.val() & self.lane1.val();
        } else {
            self.ca0.write_address.next = (bit_cast::<CA, CI>(self.p_idx.val()) << bits::<4>(4))
                | bit_cast::<CA, 4>(self.slot0.val().get_bits::<4>(1));
            self.cb0.write_address.next = (bit_cast::<CA, CI>(self.p_idx.val()) << bits::<4>(4))
                | bit_cast::<CA, 4>(self.slot0.val().get_bits::<4>(1));
            self.ca0.write_data.next = self.ea0.val();
            self.cb0.write_data.next = self.eb0.val();
            self.ca0.write_enable.next = self.we.val();
            self.cb0.write_enable.next = self.we.val();
            self.ca1.write_address.next = (bit_cast::<CA, CI>(self.p_idx.val()) << bits::<4>(4))
                | bit_cast::<CA, 4>(self.slot0.val().get_bits::<4>(1));
            self.cb1.write_address.next = (bit_cast::<CA, CI>(self.p_idx.val()) << bits::<4>(4))
                | bit_cast::<CA, 4>(self.slot0.val().get_bits::<4>(1));
            self.ca1.write_data.next = self.ea1.val();
            self.cb1.write_data.next = self.eb1.val();
            self.ca1.write_enable.next = self.we.val() & self.lane1.val();
            self.cb1.write_enable.next = self.we.val() & self.lane1.val();
        }
        self.pendf.pop.next = self.beat.val() & self.is_last.val();
        if self.beat.val() {
            if self.is_last.val() {
                self.k_beat.d.next = 0.into();
                self.p_err.d.next = false;
            } else {
                self.k_beat.d.next = self.k_beat.q.val() + 1;
                self.p_err.d.next = self.p_err.q.val() | self.x_dma.val();
            }
        }
        self.add_fnew.a.next = self.pendf.dout.val().get_bits::<24>(24);
        self.add_fnew.b.next = bit_cast::<24, 4>(self.pendf.dout.val().get_bits::<4>(48));
        self.add_fnew.cin.next = false;
        self.land_err.next = self.p_err.q.val() | self.x_dma.val();
        self.landf.push.next = self.beat.val() & self.is_last.val();
        self.landf.din.next = bit_cast::<LANDW, CI>(self.p_idx.val())
            | (bit_cast::<LANDW, 8>(self.p_gen.val()) << bits::<6>(16))
            | (bit_cast::<LANDW, 24>(self.add_fnew.sum.val()) << bits::<6>(24))
            | (bit_cast::<LANDW, 1>(self.land_err.val().into()) << bits::<6>(48));
        if (self.g_valid.q.val() & !self.pendf.valid.val()) | (self.beat.val() & self.x_dma.val()) {
            self.n_rs_err.d.next = self.n_rs_err.q.val() + 1;
        }

        // ---- MATCH lane: S0
        self.m_idx.next = (bit_cast::<CI, IDX>(self.m_conn.val()) << bits::<3>(2))
            | bit_cast::<CI, 2>(self.m_stream.val());
        self.ma_valid.d.next = self.m_valid.val();
        self.ma_tag.d.next = self.m_tag.val();
        self.ma_idx.d.next = self.m_idx.val();
        self.ma_rsn.d.next = self.m_rsn.val();
        self.ma_offset.d.next = self.m_offset.val();
        self.ma_len.d.next = self.m_len.val();
        self.ma_msg_len.d.next = self.m_msg_len.val();
        self.ctx_b.read_address.next = self.ma_idx.q.val();
        self.ca0.read_address.next = (bit_cast::<CA, CI>(self.ma_idx.q.val()) << bits::<4>(4))
            | bit_cast::<CA, 4>(self.ma_rsn.q.val().get_bits::<4>(1));
        self.ca1.read_address.next = (bit_cast::<CA, CI>(self.ma_idx.q.val()) << bits::<4>(4))
            | bit_cast::<CA, 4>(self.ma_rsn.q.val().get_bits::<4>(1));
        self.add_ol.a.next = bit_cast::<33, 32>(self.ma_offset.q.val());
        self.add_ol.b.next = bit_cast::<33, 16>(self.ma_len.q.val());
        self.add_ol.cin.next = false;
        self.mb_valid.d.next = self.ma_valid.q.val();
        self.mb_tag.d.next = self.ma_tag.q.val();
        self.mb_rsn.d.next = self.ma_rsn.q.val();
        self.mb_offset.d.next = self.ma_offset.q.val();
        self.mb_msg_len.d.next = self.ma_msg_len.q.val();
        self.mb_ol.d.next = self.add_ol.sum.val();
        self.mb_fwd.d.next = self.b_valid.q.val() & (self.ma_idx.q.val() == self.b_idx.q.val());
        self.mb_bank.d.next = self.ma_rsn.q.val().get_bit(0);
        // S1: the context (forwarded), rsn - base, fetch - base
        if self.mb_fwd.q.val() {
            self.mrec.next = self.w_rec.q.val();
        } else {
            self.mrec.next = self.ctx_b.read_data.val();
        }
        if self.mb_bank.q.val() {
            self.m_entry.next = self.ca1.read_data.val();
        } else {
            self.m_entry.next = self.ca0.read_data.val();
        }
        self.add_md.a.next = self.mb_rsn.q.val();
        self.add_md.b.next = !self.mrec.val().get_bits::<24>(103);
        self.add_md.cin.next = true;
        self.mc_valid.d.next = self.mb_valid.q.val();
        self.mc_tag.d.next = self.mb_tag.q.val();
        self.mc_cvalid.d.next = self.mrec.val().get_bit(135);
        self.mc_d.d.next = self.add_md.sum.val();
        self.mc_f6.d.next = self.mrec.val().get_bits::<6>(79) - self.mrec.val().get_bits::<6>(103);
        self.mc_entry.d.next = self.m_entry.val();
        self.mc_mal.d.next = self.mb_ol.q.val() > bit_cast::<33, 32>(self.mb_msg_len.q.val());
        self.mc_msg_len.d.next = self.mb_msg_len.q.val();
        self.mc_offset.d.next = self.mb_offset.q.val();
        // S2: present, the checks in order, the address halves
        self.m_present.next = !self.mc_d.q.val().get_bits::<18>(6).any()
            & (self.mc_d.q.val().get_bits::<6>(0) < self.mc_f6.q.val());
        self.m_bts.next = self.mc_msg_len.q.val() > self.mc_entry.q.val().get_bits::<32>(96);
        if !self.mc_cvalid.q.val() {
            self.code.next = self.k_noctx.val();
        } else if self.mc_d.q.val().get_bit(23) {
            self.code.next = self.k_late.val();
        } else if !self.m_present.val() {
            self.code.next = self.k_nrb.val();
        } else if self.m_bts.val() {
            self.code.next = self.k_bts.val();
        } else if self.mc_mal.q.val() {
            self.code.next = self.k_mal.val();
        } else {
            self.code.next = 0.into();
        }
        self.add_mlo.a.next = self.mc_entry.q.val().get_bits::<32>(0);
        self.add_mlo.b.next = self.mc_offset.q.val();
        self.add_mlo.cin.next = false;
        self.add_mhi.a.next = self.mc_entry.q.val().get_bits::<32>(32);
        self.add_mhi.b.next = 0.into();
        self.add_mhi.cin.next = true;
        self.md_valid.d.next = self.mc_valid.q.val();
        self.md_tag.d.next = self.mc_tag.q.val();
        self.md_code.d.next = self.code.val();
        self.md_lo.d.next = self.add_mlo.sum.val();
        self.md_carry.d.next = self.add_mlo.cout.val();
        self.md_hi.d.next = self.mc_entry.q.val().get_bits::<32>(32);
        self.md_hi1.d.next = self.add_mhi.sum.val();
        self.md_lkey.d.next = self.mc_entry.q.val().get_bits::<32>(64);
        self.md_blen.d.next = self.mc_entry.q.val().get_bits::<32>(96);
        // S3: the result registers
        self.o_m_valid.d.next = self.md_valid.q.val();
        if self.md_valid.q.val() {
            self.o_m_tag.d.next = self.md_tag.q.val();
            self.o_m_code.d.next = self.md_code.q.val();
        } else {
            self.o_m_tag.d.next = 0.into();
            self.o_m_code.d.next = 0.into();
        }
        if self.md_valid.q.val() & !self.md_code.q.val().any() {
            self.o_m_ok.d.next = true;
            if self.md_carry.q.val() {
                self.o_m_addr.d.next = bit_cast::<64, 32>(self.md_lo.q.val())
                    | (bit_cast::<64, 32>(self.md_hi1.q.val()) << bits::<7>(32));
            } else {
                self.o_m_addr.d.next = bit_cast::<64, 32>(self.md_lo.q.val())
                    | (bit_cast::<64, 32>(self.md_hi.q.val()) << bits::<7>(32));
            }
            self.o_m_lkey.d.next = self.md_lkey.q.val();
            self.o_m_blen.d.next = self.md_blen.q.val();
        } else {
            self.o_m_ok.d.next = false;
            self.o_m_addr.d.next = 0.into();
            self.o_m_lkey.d.next = 0.into();
            self.o_m_blen.d.next = 0.into();
        }

        // ---- outputs
        self.m_rvalid.next = self.o_m_valid.q.val();
        self.m_rtag.next = self.o_m_tag.q.val();
        self.m_ok.next = self.o_m_ok.q.val();
        self.m_code.next = self.o_m_code.q.val();
        self.m_addr.next = self.o_m_addr.q.val();
        self.m_lkey.next = self.o_m_lkey.q.val();
        self.m_buf_len.next = self.o_m_blen.q.val();
        self.cs_rvalid.next = self.o_cs_valid.q.val();
        self.cs_ok.next = self.o_cs_ok.q.val();
        self.cs_wr_id.next = self.o_cs_wr_id.q.val();
        self.cs_len.next = self.o_cs_len.q.val();
        self.res_valid.next = self.q_valid.q.val();
        self.res_op.next = self.q_op.q.val();
        self.res_conn.next = self.q_conn.q.val();
        self.res_stream.next = self.q_stream.q.val();
        self.res_refused.next = self.q_refused.q.val();
        self.cnt_db_refused.next = self.n_db_ref.q.val();
        self.cnt_consume_refused.next = self.n_cs_ref.q.val();
        self.cnt_rs_err.next = self.n_rs_err.q.val();
    }
}

/// The default build: 1,024 connections x 4 streams.
pub type RqFetchFull = RqFetch<IDX_FULL, 12, 16>;
/// The tiny build: 16 connections x 4 streams.
pub type RqFetchTiny = RqFetch<IDX_TINY, 6, 10>;
/// The mid build: 512 connections x 4 streams.
pub type RqFetchMid = RqFetch<9, 11, 15>;
