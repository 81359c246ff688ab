//! Receiver per-path table: the `rx_path` state (SPEC "State rx_path") of
//! every path of every connection in block RAM, with one update pipeline
//! shared by all paths. It is the table form of [`crate::SackTracker`]
//! (same PSN classes, circular bitmap and floor rule, SPEC sections 4-6)
//! plus the ACK bookkeeping of a path (ECN count, timestamp echo,
//! coalescing counter, ACK-pending flag).
//!
//! # Behaviour (normative; `braid_model::RxPathTableModel` is the bit-
//! and cycle-exact reference)
//!
//! The table has `2^IDX` records (`rx_path_table`: IDX = 14, 16,384 paths;
//! `rx_path_table_tiny`: IDX = 6, 64 paths), laid out as braid-spec's
//! `RX_PATH_STATE` (352 bits; field offsets and widths come from
//! `braid_spec::state`). At power-up every record is all zeros (not valid,
//! base 0, empty bitmap).
//!
//! One operation per clock (II = 1): `op_valid`, `op` (`OP_*`), `idx`, and
//! for a packet `psn`, `floor_delta`, `ce`, `ts`, `ack_req`; `psn` is also
//! the restart PSN of `OP_INIT`. `cfg_ack_coalesce` is sampled with the
//! operation. Operations take effect in order, each on the record as left
//! by every earlier operation, whatever the distance between operations on
//! the same index (no stalls, no lost updates).
//!
//! * `OP_INIT`: restart the path at `psn`: base = `psn`, empty bitmap,
//!   `ecn_count`, `last_ts`, `unacked` 0, flags = valid.
//! * `OP_PKT`: a data packet of the path (it passed the parser and
//!   placement checks). Let `base` be the record's base and `f = psn -
//!   floor_delta` the sender's path floor.
//!   1. Floor rule: when `floor_delta < 256` and `f` lies in `(base,
//!      base + 256]`, the base jumps to `f` and the slots of `[base, f)` are
//!      cleared (the sender has resolved every PSN before `f`); the packet
//!      is then in the window `[f, f + 256)` (`floor_delta < 256`), so it is
//!      `NEW`, or `DUPLICATE` when it was already received in the old
//!      window. A floor further ahead, or behind, is ignored.
//!   2. Otherwise the packet is classified against `[base, base + 256)` in
//!      32-bit serial arithmetic: `NEW` (in the window, bit clear),
//!      `DUPLICATE` (in the window, bit set), `BEYOND` (`psn - base` mod
//!      2^32 in `[256, 2^31)`) or `BEHIND` (`psn - base` mod 2^32 in
//!      `[2^31, 2^32)`: before `base`; exactly 2^31 away is `BEHIND`).
//!   3. A `NEW` packet sets its bit (bit `psn mod 256`).
//!   4. Slide: when no floor jump happened, the base then advances over the
//!      received PSNs at its head, at most two: over `base` if its bit is
//!      set (the packet's own bit included), and then over `base + 1` if its
//!      bit is set too; their bits are cleared. So a path in order keeps
//!      `base` = next expected PSN, and after a hole is filled the run of n
//!      received PSNs behind it is absorbed by the path's next packets (each
//!      adds at most one and removes up to two), or at once by the floor
//!      rule as soon as the sender's floor has passed it. The table does not
//!      slide an idle path (it only touches the indexed record); the lag is
//!      visible to the sender only as SACK bits instead of a higher base.
//!   5. `NEW` and `DUPLICATE` packets are counted: `unacked` += 1
//!      (saturating at 255), `ecn_count` += `ce` (saturating at 65,535),
//!      `last_ts` = `ts`. `BEHIND` and `BEYOND` packets change nothing of
//!      that.
//!   6. `ack_pending` is set when `ack_req` is set (any class) or when the
//!      packet is `NEW` and not at the window's head (`psn` != base after
//!      the floor rule, before the slide): it landed beyond a hole.
//! * `OP_ACK_SENT`: the ACK generator sent the path's ACK: `ecn_count`,
//!   `unacked` and `ack_pending` are cleared.
//! * `OP_READ`: no change.
//!
//! `flags.valid` is set by `OP_INIT` only and is not consulted: a packet
//! on a record that is not valid is processed like any other (the engine
//! routes only packets of live paths here); `res_path_valid` reports it.
//!
//! # Results
//!
//! For every operation, after the 4th rising edge following the edge that
//! sampled it (the 5th counting that edge: the same latency as
//! `sack_tracker`), the outputs show for one clock:
//! `res_valid`, `res_op`, `res_idx`, `res_psn` (the operation's `psn`),
//! `res_class` (`CLASS_*`, meaningful for `OP_PKT`; 0 otherwise) and the
//! ACK view of the record after the operation: `res_base`, `res_sack` (bit
//! j = PSN `res_base + j` received: the circular bitmap rotated by the
//! base's low byte), `res_ecn_count`, `res_ts_echo` (= `last_ts`),
//! `res_unacked`, `res_ack_pending`, `res_path_valid` and `res_ack_now` =
//! `ack_pending` or `unacked >= cfg_ack_coalesce`. With no operation the
//! outputs are zero.
//!
//! # Pipeline
//!
//! E0 registers the operation; E0-E1 computes the packet's floor
//! (`psn - floor_delta`, `- 1`) and `psn_hi - 1`; E1-E2 the floor's
//! `hi - 1`, the one-hot of the PSN's slot and the slot mask below the
//! floor, and the RAM read of `idx` (registered read: the data shows after
//! E2). E2-E3 is the update stage, the only state loop: the record is
//! taken from the update result of the previous clock when that operation
//! had the same index (distance 1), else from the one before (distance 2:
//! its RAM write happens on the edge that reads, and the RAM returns the
//! old word on a read-during-write of the same address, as the `RAM`
//! widget and block RAM in read-first mode do), else from the RAM. Both
//! selects are registered index compares, so the forwarding is one 3:1 mux
//! in front of the update. E3 registers the new record; E3-E4 writes it to
//! the RAM and rotates the bitmap into the ACK view and finds the class's
//! sign (`psn - base`); E4 registers the results.
//!
//! Logic depth: in the update stage the window tests compare the high 24
//! bits for equality (with `psn_hi - 1` precomputed instead of `base_hi +
//! 1`) and the low 8 bits for order; the bitmap reads are 256:1 muxes;
//! adders are parallel-prefix.

use crate::prefix_add::PrefixAdd;
use braid_spec::host::field;
use braid_spec::state::{RX_FLAG_ACK_PENDING, RX_FLAG_VALID, RX_PATH_STATE, RX_PATH_STATE_BITS};
use rust_hdl::prelude::*;

pub use crate::sack_tracker::{CLASS_BEHIND, CLASS_BEYOND, CLASS_DUPLICATE, CLASS_NEW};

/// `op`: a data packet.
pub const OP_PKT: u64 = 0;
/// `op`: restart the path at `psn`.
pub const OP_INIT: u64 = 1;
/// `op`: the path's ACK was sent.
pub const OP_ACK_SENT: u64 = 2;
/// `op`: read the ACK view.
pub const OP_READ: u64 = 3;

/// Record width (`RX_PATH_STATE_BITS`).
pub const REC_BITS: usize = 352;
/// Index bits of the exported full-size table (16,384 paths).
pub const IDX_FULL: usize = 14;
/// Index bits of the exported tiny table (64 paths).
pub const IDX_TINY: usize = 6;

const F_BASE: &braid_spec::StateField = field(RX_PATH_STATE, "base_psn");
const F_RECV: &braid_spec::StateField = field(RX_PATH_STATE, "received");
const F_ECN: &braid_spec::StateField = field(RX_PATH_STATE, "ecn_count");
const F_TS: &braid_spec::StateField = field(RX_PATH_STATE, "last_ts");
const F_UNACKED: &braid_spec::StateField = field(RX_PATH_STATE, "unacked");
const F_FLAGS: &braid_spec::StateField = field(RX_PATH_STATE, "flags");
// the widths are types below: they must be braid-spec's
const _: () = assert!(RX_PATH_STATE_BITS as usize == REC_BITS);
const _: () = assert!(F_BASE.bits == 32 && F_RECV.bits == 256 && F_ECN.bits == 16);
const _: () = assert!(F_TS.bits == 32 && F_UNACKED.bits == 8 && F_FLAGS.bits == 8);

hdl_block! {
    /// Receiver per-path state table with `2^IDX` records.
    pub struct RxPathTable<const IDX: usize> {
        /// Engine clock.
        pub clock: Signal<In, Clock>,
        /// An operation this clock.
        pub op_valid: Signal<In, Bit>,
        /// `OP_PKT`, `OP_INIT`, `OP_ACK_SENT` or `OP_READ`.
        pub op: Signal<In, Bits<2>>,
        /// Path index (record address).
        pub idx: Signal<In, Bits<IDX>>,
        /// Packet PSN (`OP_PKT`) or restart PSN (`OP_INIT`).
        pub psn: Signal<In, Bits<32>>,
        /// Packet `floor_delta`: the sender's floor is `psn - floor_delta`.
        pub floor_delta: Signal<In, Bits<16>>,
        /// Packet carried ECN CE.
        pub ce: Signal<In, Bit>,
        /// Packet timestamp.
        pub ts: Signal<In, Bits<32>>,
        /// Packet had ACK_REQ.
        pub ack_req: Signal<In, Bit>,
        /// ACK coalescing threshold (`ack_now` when `unacked` reaches it).
        pub cfg_ack_coalesce: Signal<In, Bits<8>>,
        /// A result (5 clocks after its operation).
        pub res_valid: Signal<Out, Bit>,
        /// The operation.
        pub res_op: Signal<Out, Bits<2>>,
        /// Its index.
        pub res_idx: Signal<Out, Bits<IDX>>,
        /// Its `psn`.
        pub res_psn: Signal<Out, Bits<32>>,
        /// Packet class (`CLASS_*`; 0 for other operations).
        pub res_class: Signal<Out, Bits<2>>,
        /// ACK view: cumulative base.
        pub res_base: Signal<Out, Bits<32>>,
        /// ACK view: bit j = PSN `res_base + j` received.
        pub res_sack: Signal<Out, Bits<256>>,
        /// ACK view: CE-marked packets since the last ACK.
        pub res_ecn_count: Signal<Out, Bits<16>>,
        /// ACK view: timestamp to echo.
        pub res_ts_echo: Signal<Out, Bits<32>>,
        /// ACK view: packets since the last ACK.
        pub res_unacked: Signal<Out, Bits<8>>,
        /// ACK view: an ACK is pending.
        pub res_ack_pending: Signal<Out, Bit>,
        /// An ACK is due: pending, or `unacked >= cfg_ack_coalesce`.
        pub res_ack_now: Signal<Out, Bit>,
        /// The record's `flags.valid`.
        pub res_path_valid: Signal<Out, Bit>,
        // constants: field LSBs and flag bits from braid-spec
        k_base: Constant<Bits<9>> = lsb(F_BASE),
        k_recv: Constant<Bits<9>> = lsb(F_RECV),
        k_ecn: Constant<Bits<9>> = lsb(F_ECN),
        k_ts: Constant<Bits<9>> = lsb(F_TS),
        k_unacked: Constant<Bits<9>> = lsb(F_UNACKED),
        k_flags: Constant<Bits<9>> = lsb(F_FLAGS),
        k_fvalid: Constant<Bits<8>> = Constant::new(bits(RX_FLAG_VALID as u64)),
        k_fpend: Constant<Bits<8>> = Constant::new(bits(RX_FLAG_ACK_PENDING as u64)),
        ones: Constant<Bits<256>> = Constant::new(!Bits::<256>::default()),
        k_op_pkt: Constant<Bits<2>> = Constant::new(bits(OP_PKT)),
        k_op_init: Constant<Bits<2>> = Constant::new(bits(OP_INIT)),
        k_op_ack: Constant<Bits<2>> = Constant::new(bits(OP_ACK_SENT)),
        k_new: Constant<Bits<2>> = Constant::new(bits(CLASS_NEW)),
        k_dup: Constant<Bits<2>> = Constant::new(bits(CLASS_DUPLICATE)),
        k_beyond: Constant<Bits<2>> = Constant::new(bits(CLASS_BEYOND)),
        k_behind: Constant<Bits<2>> = Constant::new(bits(CLASS_BEHIND)),
        recs: RAM<Bits<REC_BITS>, IDX>,
        // E0: inputs
        i_valid: DFF<Bit>,
        i_op: DFF<Bits<2>>,
        i_idx: DFF<Bits<IDX>>,
        i_psn: DFF<Bits<32>>,
        i_fd: DFF<Bits<16>>,
        i_ce: DFF<Bit>,
        i_ts: DFF<Bits<32>>,
        i_req: DFF<Bit>,
        i_cfg: DFF<Bits<8>>,
        add_f: PrefixAdd<32>,
        add_fm1: PrefixAdd<32>,
        add_phm1: PrefixAdd<24>,
        // E1
        q_valid: DFF<Bit>,
        q_op: DFF<Bits<2>>,
        q_idx: DFF<Bits<IDX>>,
        q_psn: DFF<Bits<32>>,
        q_f: DFF<Bits<32>>,
        q_fm1: DFF<Bits<32>>,
        q_phm1: DFF<Bits<24>>,
        q_fsmall: DFF<Bit>,
        q_fzero: DFF<Bit>,
        q_ce: DFF<Bit>,
        q_ts: DFF<Bits<32>>,
        q_req: DFF<Bit>,
        q_cfg: DFF<Bits<8>>,
        add_fhm1: PrefixAdd<24>,
        // E2: update-stage inputs
        u_valid: DFF<Bit>,
        u_op: DFF<Bits<2>>,
        u_pkt: DFF<Bit>,
        u_init: DFF<Bit>,
        u_ack: DFF<Bit>,
        u_fwd1: DFF<Bit>,
        u_fwd2: DFF<Bit>,
        u_idx: DFF<Bits<IDX>>,
        u_psn: DFF<Bits<32>>,
        u_plm1: DFF<Bits<8>>,
        u_f: DFF<Bits<32>>,
        u_fm1: DFF<Bits<32>>,
        u_phm1: DFF<Bits<24>>,
        u_fhm1: DFF<Bits<24>>,
        u_fsmall: DFF<Bit>,
        u_fzero: DFF<Bit>,
        u_dec: DFF<Bits<256>>,
        u_ltf: DFF<Bits<256>>,
        u_ce: DFF<Bit>,
        u_ts: DFF<Bits<32>>,
        u_req: DFF<Bit>,
        u_cfg: DFF<Bits<8>>,
        // E3: the new record
        w_valid: DFF<Bit>,
        w_op: DFF<Bits<2>>,
        w_idx: DFF<Bits<IDX>>,
        w_rec: DFF<Bits<REC_BITS>>,
        c_pkt: DFF<Bit>,
        c_psn: DFF<Bits<32>>,
        c_base: DFF<Bits<32>>,
        c_counted: DFF<Bit>,
        c_seen: DFF<Bit>,
        c_cfg: DFF<Bits<8>>,
        add_delta: PrefixAdd<32>,
        // E4: written record (distance-2 forwarding) and results
        w2_valid: DFF<Bit>,
        w2_idx: DFF<Bits<IDX>>,
        w2_rec: DFF<Bits<REC_BITS>>,
        r_valid: DFF<Bit>,
        r_op: DFF<Bits<2>>,
        r_idx: DFF<Bits<IDX>>,
        r_psn: DFF<Bits<32>>,
        r_class: DFF<Bits<2>>,
        r_base: DFF<Bits<32>>,
        r_sack: DFF<Bits<256>>,
        r_ecn: DFF<Bits<16>>,
        r_ts: DFF<Bits<32>>,
        r_unacked: DFF<Bits<8>>,
        r_pending: DFF<Bit>,
        r_now: DFF<Bit>,
        r_pvalid: DFF<Bit>,
        // update stage
        cur: Signal<Local, Bits<REC_BITS>>,
        cs_base: Signal<Local, Bits<REC_BITS>>,
        cs_recv: Signal<Local, Bits<REC_BITS>>,
        cs_ecn: Signal<Local, Bits<REC_BITS>>,
        cs_ts: Signal<Local, Bits<REC_BITS>>,
        cs_unacked: Signal<Local, Bits<REC_BITS>>,
        cs_flags: Signal<Local, Bits<REC_BITS>>,
        ws_base: Signal<Local, Bits<REC_BITS>>,
        ws_recv: Signal<Local, Bits<REC_BITS>>,
        ws_unacked: Signal<Local, Bits<REC_BITS>>,
        ws_flags: Signal<Local, Bits<REC_BITS>>,
        ws_ecn: Signal<Local, Bits<REC_BITS>>,
        ws_ts: Signal<Local, Bits<REC_BITS>>,
        b: Signal<Local, Bits<32>>,
        bm: Signal<Local, Bits<256>>,
        ecn: Signal<Local, Bits<16>>,
        lts: Signal<Local, Bits<32>>,
        una: Signal<Local, Bits<8>>,
        flg: Signal<Local, Bits<8>>,
        b_hi: Signal<Local, Bits<24>>,
        b_lo: Signal<Local, Bits<8>>,
        p_lo: Signal<Local, Bits<8>>,
        fm1_lo: Signal<Local, Bits<8>>,
        f_lo: Signal<Local, Bits<8>>,
        in_win: Signal<Local, Bit>,
        near: Signal<Local, Bit>,
        seen: Signal<Local, Bit>,
        counted: Signal<Local, Bit>,
        is_new: Signal<Local, Bit>,
        at_head: Signal<Local, Bit>,
        ge_b: Signal<Local, Bits<256>>,
        range: Signal<Local, Bits<256>>,
        bm_r1: Signal<Local, Bits<256>>,
        hd0: Signal<Local, Bits<256>>,
        hd1: Signal<Local, Bits<256>>,
        h0: Signal<Local, Bit>,
        h1: Signal<Local, Bit>,
        pa1: Signal<Local, Bits<32>>,
        pa2: Signal<Local, Bits<32>>,
        pa3: Signal<Local, Bits<32>>,
        pa4: Signal<Local, Bits<32>>,
        pa5: Signal<Local, Bits<32>>,
        b_p1: Signal<Local, Bits<32>>,
        bh: Signal<Local, Bits<32>>,
        pb1: Signal<Local, Bits<32>>,
        pb2: Signal<Local, Bits<32>>,
        pb3: Signal<Local, Bits<32>>,
        pb4: Signal<Local, Bits<32>>,
        pb5: Signal<Local, Bits<32>>,
        b_p2: Signal<Local, Bits<32>>,
        ea1: Signal<Local, Bits<16>>,
        ea2: Signal<Local, Bits<16>>,
        ea3: Signal<Local, Bits<16>>,
        ea4: Signal<Local, Bits<16>>,
        ecn_p1: Signal<Local, Bits<16>>,
        ua1: Signal<Local, Bits<8>>,
        ua2: Signal<Local, Bits<8>>,
        ua3: Signal<Local, Bits<8>>,
        una_p1: Signal<Local, Bits<8>>,
        xm: Signal<Local, Bits<256>>,
        bm_n: Signal<Local, Bits<256>>,
        base_n: Signal<Local, Bits<32>>,
        ecn_n: Signal<Local, Bits<16>>,
        lts_n: Signal<Local, Bits<32>>,
        una_n: Signal<Local, Bits<8>>,
        valid_n: Signal<Local, Bit>,
        pend_n: Signal<Local, Bit>,
        flags_n: Signal<Local, Bits<8>>,
        // result stage
        w_base: Signal<Local, Bits<32>>,
        w_bm: Signal<Local, Bits<256>>,
        w_una: Signal<Local, Bits<8>>,
        w_flg: Signal<Local, Bits<8>>,
        w_pend: Signal<Local, Bit>,
        doubled: Signal<Local, Bits<512>>,
        funnel: Signal<Local, Bits<512>>,
    }
}

fn lsb(f: &braid_spec::StateField) -> Constant<Bits<9>> {
    Constant::new(bits(f.lsb as u64))
}

impl<const IDX: usize> Logic for RxPathTable<IDX> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, i_valid, i_op, i_idx, i_psn, i_fd, i_ce, i_ts, i_req, i_cfg, q_valid,
            q_op, q_idx, q_psn, q_f, q_fm1, q_phm1, q_fsmall, q_fzero, q_ce, q_ts, q_req, q_cfg,
            u_valid, u_op, u_pkt, u_init, u_ack, u_fwd1, u_fwd2, u_idx, u_psn, u_plm1, u_f, u_fm1,
            u_phm1, u_fhm1, u_fsmall, u_fzero, u_dec, u_ltf, u_ce, u_ts, u_req, u_cfg, w_valid,
            w_op, w_idx, w_rec, c_pkt, c_psn, c_base, c_counted, c_seen, c_cfg, w2_valid, w2_idx,
            w2_rec, r_valid, r_op, r_idx, r_psn, r_class, r_base, r_sack, r_ecn, r_ts, r_unacked,
            r_pending, r_now, r_pvalid
        );
        self.recs.read_clock.next = self.clock.val();
        self.recs.write_clock.next = self.clock.val();

        // ---- E0: register the operation
        self.i_valid.d.next = self.op_valid.val();
        self.i_op.d.next = self.op.val();
        self.i_idx.d.next = self.idx.val();
        self.i_psn.d.next = self.psn.val();
        self.i_fd.d.next = self.floor_delta.val();
        self.i_ce.d.next = self.ce.val();
        self.i_ts.d.next = self.ts.val();
        self.i_req.d.next = self.ack_req.val();
        self.i_cfg.d.next = self.cfg_ack_coalesce.val();

        // ---- E0-E1: the floor f = psn - fd, f - 1, psn_hi - 1
        self.add_f.a.next = self.i_psn.q.val();
        self.add_f.b.next = !bit_cast::<32, 16>(self.i_fd.q.val());
        self.add_f.cin.next = true;
        self.add_fm1.a.next = self.i_psn.q.val();
        self.add_fm1.b.next = !bit_cast::<32, 16>(self.i_fd.q.val());
        self.add_fm1.cin.next = false;
        self.add_phm1.a.next = self.i_psn.q.val().get_bits::<24>(8);
        self.add_phm1.b.next = bits::<24>(0xff_ffff);
        self.add_phm1.cin.next = false;
        self.q_valid.d.next = self.i_valid.q.val();
        self.q_op.d.next = self.i_op.q.val();
        self.q_idx.d.next = self.i_idx.q.val();
        self.q_psn.d.next = self.i_psn.q.val();
        self.q_f.d.next = self.add_f.sum.val();
        self.q_fm1.d.next = self.add_fm1.sum.val();
        self.q_phm1.d.next = self.add_phm1.sum.val();
        self.q_fsmall.d.next = !self.i_fd.q.val().get_bits::<8>(8).any();
        self.q_fzero.d.next = !self.i_fd.q.val().any();
        self.q_ce.d.next = self.i_ce.q.val();
        self.q_ts.d.next = self.i_ts.q.val();
        self.q_req.d.next = self.i_req.q.val();
        self.q_cfg.d.next = self.i_cfg.q.val();

        // ---- E1-E2: RAM read, (f - 1)_hi - 1, slot decodes, forwarding
        // selects (registered compares with the two operations ahead)
        self.recs.read_address.next = self.q_idx.q.val();
        self.add_fhm1.a.next = self.q_fm1.q.val().get_bits::<24>(8);
        self.add_fhm1.b.next = bits::<24>(0xff_ffff);
        self.add_fhm1.cin.next = false;
        self.u_valid.d.next = self.q_valid.q.val();
        self.u_op.d.next = self.q_op.q.val();
        self.u_pkt.d.next = self.q_valid.q.val() & (self.q_op.q.val() == self.k_op_pkt.val());
        self.u_init.d.next = self.q_valid.q.val() & (self.q_op.q.val() == self.k_op_init.val());
        self.u_ack.d.next = self.q_valid.q.val() & (self.q_op.q.val() == self.k_op_ack.val());
        self.u_fwd1.d.next = self.u_valid.q.val() & (self.u_idx.q.val() == self.q_idx.q.val());
        self.u_fwd2.d.next = self.w_valid.q.val() & (self.w_idx.q.val() == self.q_idx.q.val());
        self.u_idx.d.next = self.q_idx.q.val();
        self.u_psn.d.next = self.q_psn.q.val();
        self.u_plm1.d.next = self.q_psn.q.val().get_bits::<8>(0) - 1;
        self.u_f.d.next = self.q_f.q.val();
        self.u_fm1.d.next = self.q_fm1.q.val();
        self.u_phm1.d.next = self.q_phm1.q.val();
        self.u_fhm1.d.next = self.add_fhm1.sum.val();
        self.u_fsmall.d.next = self.q_fsmall.q.val();
        self.u_fzero.d.next = self.q_fzero.q.val();
        self.u_dec.d.next = bits::<256>(1) << self.q_psn.q.val().get_bits::<8>(0);
        self.u_ltf.d.next = !(self.ones.val() << self.q_f.q.val().get_bits::<8>(0));
        self.u_ce.d.next = self.q_ce.q.val();
        self.u_ts.d.next = self.q_ts.q.val();
        self.u_req.d.next = self.q_req.q.val();
        self.u_cfg.d.next = self.q_cfg.q.val();

        // ---- E2-E3: the update (the state loop)
        if self.u_fwd1.q.val() {
            self.cur.next = self.w_rec.q.val();
        } else if self.u_fwd2.q.val() {
            self.cur.next = self.w2_rec.q.val();
        } else {
            self.cur.next = self.recs.read_data.val();
        }
        self.cs_base.next = self.cur.val() >> self.k_base.val();
        self.cs_recv.next = self.cur.val() >> self.k_recv.val();
        self.cs_ecn.next = self.cur.val() >> self.k_ecn.val();
        self.cs_ts.next = self.cur.val() >> self.k_ts.val();
        self.cs_unacked.next = self.cur.val() >> self.k_unacked.val();
        self.cs_flags.next = self.cur.val() >> self.k_flags.val();
        self.b.next = self.cs_base.val().get_bits::<32>(0);
        self.bm.next = self.cs_recv.val().get_bits::<256>(0);
        self.ecn.next = self.cs_ecn.val().get_bits::<16>(0);
        self.lts.next = self.cs_ts.val().get_bits::<32>(0);
        self.una.next = self.cs_unacked.val().get_bits::<8>(0);
        self.flg.next = self.cs_flags.val().get_bits::<8>(0);
        self.b_hi.next = self.b.val().get_bits::<24>(8);
        self.b_lo.next = self.b.val().get_bits::<8>(0);
        self.p_lo.next = self.u_psn.q.val().get_bits::<8>(0);
        self.fm1_lo.next = self.u_fm1.q.val().get_bits::<8>(0);
        self.f_lo.next = self.u_f.q.val().get_bits::<8>(0);
        // psn in [base, base + 256); f - 1 in [base, base + 256) is f in
        // (base, base + 256]
        self.in_win.next = ((self.u_psn.q.val().get_bits::<24>(8) == self.b_hi.val())
            & (self.p_lo.val() >= self.b_lo.val()))
            | ((self.u_phm1.q.val() == self.b_hi.val()) & (self.p_lo.val() < self.b_lo.val()));
        self.near.next = self.u_pkt.q.val()
            & self.u_fsmall.q.val()
            & (((self.u_fm1.q.val().get_bits::<24>(8) == self.b_hi.val())
                & (self.fm1_lo.val() >= self.b_lo.val()))
                | ((self.u_fhm1.q.val() == self.b_hi.val())
                    & (self.fm1_lo.val() < self.b_lo.val())));
        self.seen.next = (self.bm.val() & self.u_dec.q.val()).any() & self.in_win.val();
        self.counted.next = self.u_pkt.q.val() & (self.in_win.val() | self.near.val());
        self.is_new.next = self.counted.val() & !self.seen.val();
        // slots of [base, f): circular range from base_lo up to f_lo
        // (all 256 when f = base + 256)
        self.ge_b.next = self.ones.val() << self.b_lo.val();
        if self.f_lo.val() > self.b_lo.val() {
            self.range.next = self.ge_b.val() & self.u_ltf.q.val();
        } else {
            self.range.next = self.ge_b.val() | self.u_ltf.q.val();
        }
        // the packet is at the head of its window (after a floor jump:
        // psn = f)
        if self.near.val() {
            self.at_head.next = self.u_fzero.q.val();
        } else {
            self.at_head.next = self.p_lo.val() == self.b_lo.val();
        }
        // received bits at the head (base, base + 1), the packet's own
        // included; no slide on a floor jump or for other operations
        self.bm_r1.next = (self.bm.val() >> 1) | (self.bm.val() << 255);
        self.h0.next = self.u_pkt.q.val()
            & !self.near.val()
            & (self.bm.val().get_bit(self.b_lo.val().index())
                | (self.in_win.val() & (self.p_lo.val() == self.b_lo.val())));
        self.h1.next = self.u_pkt.q.val()
            & !self.near.val()
            & (self.bm_r1.val().get_bit(self.b_lo.val().index())
                | (self.in_win.val() & (self.u_plm1.q.val() == self.b_lo.val())));
        self.hd0.next = bits::<256>(1) << self.b_lo.val();
        self.hd1.next = (self.hd0.val() << 1) | (self.hd0.val() >> 255);
        // bitmap before the slide
        if self.u_init.q.val() {
            self.xm.next = bits::<256>(0);
        } else if self.near.val() {
            self.xm.next = (self.bm.val() & !self.range.val()) | self.u_dec.q.val();
        } else if self.u_pkt.q.val() & self.in_win.val() {
            self.xm.next = self.bm.val() | self.u_dec.q.val();
        } else {
            self.xm.next = self.bm.val();
        }
        if self.h0.val() {
            if self.h1.val() {
                self.bm_n.next = self.xm.val() & !(self.hd0.val() | self.hd1.val());
            } else {
                self.bm_n.next = self.xm.val() & !self.hd0.val();
            }
        } else {
            self.bm_n.next = self.xm.val();
        }
        // base + 1 and base + 2: prefix ANDs (inline, logarithmic depth)
        self.pa1.next = self.b.val() & ((self.b.val() << 1) | 1);
        self.pa2.next = self.pa1.val() & ((self.pa1.val() << 2) | 3);
        self.pa3.next = self.pa2.val() & ((self.pa2.val() << 4) | 0xf);
        self.pa4.next = self.pa3.val() & ((self.pa3.val() << 8) | 0xff);
        self.pa5.next = self.pa4.val() & ((self.pa4.val() << 16) | 0xffff);
        self.b_p1.next = self.b.val() ^ ((self.pa5.val() << 1) | 1);
        self.bh.next = self.b.val() >> 1;
        self.pb1.next = self.bh.val() & ((self.bh.val() << 1) | 1);
        self.pb2.next = self.pb1.val() & ((self.pb1.val() << 2) | 3);
        self.pb3.next = self.pb2.val() & ((self.pb2.val() << 4) | 0xf);
        self.pb4.next = self.pb3.val() & ((self.pb3.val() << 8) | 0xff);
        self.pb5.next = self.pb4.val() & ((self.pb4.val() << 16) | 0xffff);
        self.b_p2.next = self.b.val() ^ ((self.pb5.val() << 2) | 2);
        if self.u_init.q.val() {
            self.base_n.next = self.u_psn.q.val();
        } else if self.near.val() {
            self.base_n.next = self.u_f.q.val();
        } else if self.h0.val() {
            if self.h1.val() {
                self.base_n.next = self.b_p2.val();
            } else {
                self.base_n.next = self.b_p1.val();
            }
        } else {
            self.base_n.next = self.b.val();
        }
        // counters
        self.ea1.next = self.ecn.val() & ((self.ecn.val() << 1) | 1);
        self.ea2.next = self.ea1.val() & ((self.ea1.val() << 2) | 3);
        self.ea3.next = self.ea2.val() & ((self.ea2.val() << 4) | 0xf);
        self.ea4.next = self.ea3.val() & ((self.ea3.val() << 8) | 0xff);
        self.ecn_p1.next = self.ecn.val() ^ ((self.ea4.val() << 1) | 1);
        self.ua1.next = self.una.val() & ((self.una.val() << 1) | 1);
        self.ua2.next = self.ua1.val() & ((self.ua1.val() << 2) | 3);
        self.ua3.next = self.ua2.val() & ((self.ua2.val() << 4) | 0xf);
        self.una_p1.next = self.una.val() ^ ((self.ua3.val() << 1) | 1);
        if self.u_init.q.val() | self.u_ack.q.val() {
            self.ecn_n.next = bits::<16>(0);
            self.una_n.next = bits::<8>(0);
        } else if self.counted.val() {
            if self.u_ce.q.val() & !self.ecn.val().all() {
                self.ecn_n.next = self.ecn_p1.val();
            } else {
                self.ecn_n.next = self.ecn.val();
            }
            if self.una.val().all() {
                self.una_n.next = self.una.val();
            } else {
                self.una_n.next = self.una_p1.val();
            }
        } else {
            self.ecn_n.next = self.ecn.val();
            self.una_n.next = self.una.val();
        }
        if self.u_init.q.val() {
            self.lts_n.next = bits::<32>(0);
        } else if self.counted.val() {
            self.lts_n.next = self.u_ts.q.val();
        } else {
            self.lts_n.next = self.lts.val();
        }
        self.valid_n.next = self.u_init.q.val() | (self.flg.val() & self.k_fvalid.val()).any();
        if self.u_init.q.val() | self.u_ack.q.val() {
            self.pend_n.next = false;
        } else {
            self.pend_n.next = (self.flg.val() & self.k_fpend.val()).any()
                | (self.u_pkt.q.val() & self.u_req.q.val())
                | (self.is_new.val() & !self.at_head.val());
        }
        self.flags_n.next = bits::<8>(0);
        if self.valid_n.val() {
            if self.pend_n.val() {
                self.flags_n.next = self.k_fvalid.val() | self.k_fpend.val();
            } else {
                self.flags_n.next = self.k_fvalid.val();
            }
        } else if self.pend_n.val() {
            self.flags_n.next = self.k_fpend.val();
        }
        self.w_rec.d.next = (bit_cast::<REC_BITS, 32>(self.base_n.val()) << self.k_base.val())
            | (bit_cast::<REC_BITS, 256>(self.bm_n.val()) << self.k_recv.val())
            | (bit_cast::<REC_BITS, 16>(self.ecn_n.val()) << self.k_ecn.val())
            | (bit_cast::<REC_BITS, 32>(self.lts_n.val()) << self.k_ts.val())
            | (bit_cast::<REC_BITS, 8>(self.una_n.val()) << self.k_unacked.val())
            | (bit_cast::<REC_BITS, 8>(self.flags_n.val()) << self.k_flags.val());
        self.w_valid.d.next = self.u_valid.q.val();
        self.w_op.d.next = self.u_op.q.val();
        self.w_idx.d.next = self.u_idx.q.val();
        self.c_pkt.d.next = self.u_pkt.q.val();
        self.c_psn.d.next = self.u_psn.q.val();
        self.c_base.d.next = self.b.val();
        self.c_counted.d.next = self.counted.val();
        self.c_seen.d.next = self.seen.val();
        self.c_cfg.d.next = self.u_cfg.q.val();

        // ---- E3-E4: write the record back; results
        self.recs.write_address.next = self.w_idx.q.val();
        self.recs.write_data.next = self.w_rec.q.val();
        self.recs.write_enable.next = self.w_valid.q.val();
        self.w2_valid.d.next = self.w_valid.q.val();
        self.w2_idx.d.next = self.w_idx.q.val();
        self.w2_rec.d.next = self.w_rec.q.val();
        self.ws_base.next = self.w_rec.q.val() >> self.k_base.val();
        self.ws_recv.next = self.w_rec.q.val() >> self.k_recv.val();
        self.ws_unacked.next = self.w_rec.q.val() >> self.k_unacked.val();
        self.ws_flags.next = self.w_rec.q.val() >> self.k_flags.val();
        self.ws_ecn.next = self.w_rec.q.val() >> self.k_ecn.val();
        self.ws_ts.next = self.w_rec.q.val() >> self.k_ts.val();
        self.w_base.next = self.ws_base.val().get_bits::<32>(0);
        self.w_bm.next = self.ws_recv.val().get_bits::<256>(0);
        self.w_una.next = self.ws_unacked.val().get_bits::<8>(0);
        self.w_flg.next = self.ws_flags.val().get_bits::<8>(0);
        self.w_pend.next = (self.w_flg.val() & self.k_fpend.val()).any();
        self.add_delta.a.next = self.c_psn.q.val();
        self.add_delta.b.next = !self.c_base.q.val();
        self.add_delta.cin.next = true;
        self.doubled.next =
            bit_cast::<512, 256>(self.w_bm.val()) | (bit_cast::<512, 256>(self.w_bm.val()) << 256);
        self.funnel.next = self.doubled.val() >> self.w_base.val().get_bits::<8>(0);
        self.r_valid.d.next = self.w_valid.q.val();
        self.r_op.d.next = bits::<2>(0);
        self.r_idx.d.next = bits::<IDX>(0);
        self.r_psn.d.next = bits::<32>(0);
        self.r_class.d.next = bits::<2>(0);
        self.r_base.d.next = bits::<32>(0);
        self.r_sack.d.next = bits::<256>(0);
        self.r_ecn.d.next = bits::<16>(0);
        self.r_ts.d.next = bits::<32>(0);
        self.r_unacked.d.next = bits::<8>(0);
        self.r_pending.d.next = false;
        self.r_now.d.next = false;
        self.r_pvalid.d.next = false;
        if self.w_valid.q.val() {
            self.r_op.d.next = self.w_op.q.val();
            self.r_idx.d.next = self.w_idx.q.val();
            self.r_psn.d.next = self.c_psn.q.val();
            if self.c_pkt.q.val() {
                if self.c_counted.q.val() {
                    if self.c_seen.q.val() {
                        self.r_class.d.next = self.k_dup.val();
                    } else {
                        self.r_class.d.next = self.k_new.val();
                    }
                } else if self.add_delta.sum.val().get_bit(31) {
                    self.r_class.d.next = self.k_behind.val();
                } else {
                    self.r_class.d.next = self.k_beyond.val();
                }
            }
            self.r_base.d.next = self.w_base.val();
            self.r_sack.d.next = self.funnel.val().get_bits::<256>(0);
            self.r_ecn.d.next = self.ws_ecn.val().get_bits::<16>(0);
            self.r_ts.d.next = self.ws_ts.val().get_bits::<32>(0);
            self.r_unacked.d.next = self.w_una.val();
            self.r_pending.d.next = self.w_pend.val();
            self.r_now.d.next = self.w_pend.val() | (self.w_una.val() >= self.c_cfg.q.val());
            self.r_pvalid.d.next = (self.w_flg.val() & self.k_fvalid.val()).any();
        }
        self.res_valid.next = self.r_valid.q.val();
        self.res_op.next = self.r_op.q.val();
        self.res_idx.next = self.r_idx.q.val();
        self.res_psn.next = self.r_psn.q.val();
        self.res_class.next = self.r_class.q.val();
        self.res_base.next = self.r_base.q.val();
        self.res_sack.next = self.r_sack.q.val();
        self.res_ecn_count.next = self.r_ecn.q.val();
        self.res_ts_echo.next = self.r_ts.q.val();
        self.res_unacked.next = self.r_unacked.q.val();
        self.res_ack_pending.next = self.r_pending.q.val();
        self.res_ack_now.next = self.r_now.q.val();
        self.res_path_valid.next = self.r_pvalid.q.val();
    }
}

/// The exported full-size table (`rx_path_table`, 16,384 paths).
pub type RxPathTableFull = RxPathTable<IDX_FULL>;
/// The exported tiny table (`rx_path_table_tiny`, 64 paths).
pub type RxPathTableTiny = RxPathTable<IDX_TINY>;
/// The exported mid table (`rx_path_table_mid`, 8,192 paths).
pub type RxPathTableMid = RxPathTable<13>;
