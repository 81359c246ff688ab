//! Receiver CSN dedup table: the connection-level exactly-once window of
//! SPEC section 5 (and the CSN rule of section 4) for every connection, in
//! block RAM: per connection the `conn` record's `dedup_base` and its
//! 256-slot circular `dedup` bitmap (widths from `braid_spec::state`).
//!
//! # Behaviour (normative; `braid_model::DedupTableModel` is the bit-
//! and cycle-exact reference)
//!
//! The table has `2^IDX` connections (`dedup_table`: IDX = 10, 1,024
//! connections; `dedup_table_tiny`: IDX = 4, 16). At power-up every
//! connection is as after `init(conn, 0)`.
//!
//! One operation per clock (II = 1): `op_valid`, `op` (`OP_*`), `conn`,
//! `csn`. Operations take effect in order, each on the state left by every
//! earlier operation, whatever the distance between operations on the same
//! connection (no stall, no lost update).
//!
//! * `OP_INIT`: restart the connection's window at `csn`: every CSN before
//!   `csn` counts as received, none from `csn` on.
//! * `OP_PKT`: a data packet with CSN `csn` that passed every other check.
//!   Let `B` be SPEC's `dedup_base` (the first CSN not yet received) and `a`
//!   the block's *anchor* (below). Result class:
//!   - `CLASS_NEW`: `csn` in `[a, a + 256)` and not yet received. It is
//!     now received (and must be counted toward its message);
//!   - `CLASS_DUPLICATE`: already received: in `[a, a + 256)` with its slot
//!     set, or before `B` (32-bit serial arithmetic);
//!   - `CLASS_OUT_OF_WINDOW`: every other CSN (`csn - B` in `[256, 2^31)`,
//!     or in `[a + 256 - B, 256)`, see the latitude below). Nothing changes
//!     and the caller drops the packet without touching the path state.
//! * `OP_READ` (and op 3): no change.
//!
//! Every operation's result carries `res_base` = `B` after the operation,
//! exactly (the ACK's `csn_base`). `cnt_dup` and `cnt_oow` count the
//! `CLASS_DUPLICATE` and `CLASS_OUT_OF_WINDOW` results (wrapping), one edge
//! after the result shows.
//!
//! **The anchor (implementation latitude, SPEC section 5).** `a` is `B` as
//! it was after the connection's operations sampled at least 7 clocks
//! earlier (the exact base is written back by the last pipeline stage), or
//! the restart CSN of an `OP_INIT` of the connection that is still in the
//! pipeline. So `a <= B <= a + 256`, and the only verdict that can differ
//! from SPEC section 5 evaluated against the instantaneous `B` is a `csn` in
//! `[a + 256, B + 256)`: it is reported `CLASS_OUT_OF_WINDOW` (not counted,
//! the sender sees it as lost) instead of `CLASS_NEW`. A conforming sender
//! never sends one: it may send CSN `c` only while `c - csn_una < 256`, its
//! `csn_una` is at most the base after the last operation of a packet it
//! has heard of through an ACK, and that ACK is built from a result that
//! leaves the block no earlier than the base it reports is written back;
//! the ACK's way to the sender and the packet's way back take far more
//! than 7 clocks, so the packet is judged against an anchor at least that
//! base. Duplicates are always exact: no packet is ever counted twice.
//!
//! # Representation
//!
//! The base RAM (`dedup_base`) holds `B` after the last written operation of
//! each connection. The bitmap RAM (`dedup`) holds, for slot `i` (CSN low 8
//! bits), bit 8 of the CSN that slot waits for next: with any anchor
//! `a <= B <= a + 256`, a CSN `x` in `[a, a + 256)` is received iff
//! `dedup[x mod 256] != bit 8 of x`. Receiving `x` toggles its slot (it now
//! waits for `x + 256`); `init(c)` writes `dedup[i] = bit 8 of c + ((i - c)
//! mod 256)`. So moving the base needs no bitmap change at all: "while the
//! bit at dedup_base is set, clear it and advance" is a search, not an
//! update, and it moves out of the state loop into four pipeline stages
//! after it (rotate by the anchor, find the first CSN not received with a
//! log-depth prefix OR, encode, add) whose result is written to the base
//! RAM and is the next operations' anchor. An all-zero RAM is `init(0)`.
//!
//! # Pipeline
//!
//! E0 registers the operation; E0-E1 reads the base RAM (the anchor) and
//! finds the youngest restart of the connection in stages E1..E6 (then its
//! CSN is the anchor: the base RAM is not yet written); E1-E2 compares the
//! CSN with the anchor (high 24 bits equal to `csn_hi` or `csn_hi - 1`,
//! low 8 bits ordered), decodes its slot and the restart pattern, reads the
//! bitmap RAM and registers the forwarding selects; E2-E3 is the only state
//! loop: the bitmap from the previous operation (distance 1), the one
//! before (distance 2: its RAM write is on the edge that reads; the RAM
//! returns the old word) or the RAM, a 256:1 bit test, the toggle; E3-E4
//! writes the bitmap back and rotates it into CSN order from the anchor;
//! E4-E5 finds the first CSN not received; E5-E6 encodes its offset;
//! E6-E7 adds it to the anchor (the exact base: written to the base RAM on
//! the edge that registers the results) and classifies a packet outside
//! the anchor's window by the sign of `csn - base`. Results show 7 rising
//! edges after the edge that sampled the operation; with no operation the
//! result outputs are zero.

use braid_spec::host::field;
use braid_spec::state::CONN_STATE;
use rust_hdl::prelude::*;

/// `op`: a data packet.
pub const OP_PKT: u64 = 0;
/// `op`: restart the connection's window at `csn`.
pub const OP_INIT: u64 = 1;
/// `op`: read the base (op 3 does the same).
pub const OP_READ: u64 = 2;

/// Class: counted now.
pub const CLASS_NEW: u64 = 0;
/// Class: received before (before the base, or its slot set).
pub const CLASS_DUPLICATE: u64 = 1;
/// Class: beyond the window; dropped, nothing changes.
pub const CLASS_OUT_OF_WINDOW: u64 = 2;

/// Result latency: the result of an operation sampled on edge `k` shows
/// after edge `k + DEDUP_LATENCY`.
pub const DEDUP_LATENCY: usize = 7;
/// Index bits of the exported full-size table (1,024 connections).
pub const IDX_FULL: usize = 10;
/// Index bits of the exported tiny table (16 connections).
pub const IDX_TINY: usize = 4;

const F_BASE: &braid_spec::StateField = field(CONN_STATE, "dedup_base");
const F_DEDUP: &braid_spec::StateField = field(CONN_STATE, "dedup");
// the widths are types below: they must be braid-spec's
const _: () = assert!(F_BASE.bits == 32 && F_DEDUP.bits == 256);

/// A 256-bit constant with bit `i` set where `f(i)`.
fn pattern(f: impl Fn(u64) -> bool) -> Bits<256> {
    let mut b = Bits::<256>::default();
    for i in 0..256u64 {
        if f(i) {
            b = b | (bits::<256>(1) << i);
        }
    }
    b
}

hdl_block! {
    /// Receiver CSN dedup table with `2^IDX` connections.
    pub struct DedupTable<const IDX: usize> {
        /// Engine clock.
        pub clock: Signal<In, Clock>,
        /// An operation this clock.
        pub op_valid: Signal<In, Bit>,
        /// `OP_PKT`, `OP_INIT` or `OP_READ`.
        pub op: Signal<In, Bits<2>>,
        /// Connection (record address).
        pub conn: Signal<In, Bits<IDX>>,
        /// Packet CSN (`OP_PKT`) or restart CSN (`OP_INIT`).
        pub csn: Signal<In, Bits<32>>,
        /// A result (7 clocks after its operation).
        pub res_valid: Signal<Out, Bit>,
        /// The operation.
        pub res_op: Signal<Out, Bits<2>>,
        /// Its connection.
        pub res_conn: Signal<Out, Bits<IDX>>,
        /// Its `csn`.
        pub res_csn: Signal<Out, Bits<32>>,
        /// Packet class (`CLASS_*`; 0 for other operations).
        pub res_class: Signal<Out, Bits<2>>,
        /// `dedup_base` after the operation (the ACK's `csn_base`).
        pub res_base: Signal<Out, Bits<32>>,
        /// Duplicates (wrapping).
        pub cnt_dup: Signal<Out, Bits<32>>,
        /// Out-of-window packets (wrapping).
        pub cnt_oow: Signal<Out, Bits<32>>,
        // constants
        ones: Constant<Bits<256>> = Constant::new(pattern(|_| true)),
        enc0: Constant<Bits<256>> = Constant::new(pattern(|i| i & 1 == 1)),
        enc1: Constant<Bits<256>> = Constant::new(pattern(|i| (i >> 1) & 1 == 1)),
        enc2: Constant<Bits<256>> = Constant::new(pattern(|i| (i >> 2) & 1 == 1)),
        enc3: Constant<Bits<256>> = Constant::new(pattern(|i| (i >> 3) & 1 == 1)),
        enc4: Constant<Bits<256>> = Constant::new(pattern(|i| (i >> 4) & 1 == 1)),
        enc5: Constant<Bits<256>> = Constant::new(pattern(|i| (i >> 5) & 1 == 1)),
        enc6: Constant<Bits<256>> = Constant::new(pattern(|i| (i >> 6) & 1 == 1)),
        enc7: Constant<Bits<256>> = Constant::new(pattern(|i| (i >> 7) & 1 == 1)),
        k_op_pkt: Constant<Bits<2>> = Constant::new(bits(OP_PKT)),
        k_op_init: Constant<Bits<2>> = Constant::new(bits(OP_INIT)),
        k_new: Constant<Bits<2>> = Constant::new(bits(CLASS_NEW)),
        k_dup: Constant<Bits<2>> = Constant::new(bits(CLASS_DUPLICATE)),
        k_oow: Constant<Bits<2>> = Constant::new(bits(CLASS_OUT_OF_WINDOW)),
        // RAMs
        bases: RAM<Bits<32>, IDX>,
        maps: RAM<Bits<256>, IDX>,
        // E0: inputs
        i_valid: DFF<Bit>,
        i_op: DFF<Bits<2>>,
        i_idx: DFF<Bits<IDX>>,
        i_csn: DFF<Bits<32>>,
        // E1
        q_valid: DFF<Bit>,
        q_op: DFF<Bits<2>>,
        q_pkt: DFF<Bit>,
        q_init: DFF<Bit>,
        q_idx: DFF<Bits<IDX>>,
        q_csn: DFF<Bits<32>>,
        q_chm1: DFF<Bits<24>>,
        q_pend: DFF<Bit>,
        q_pbase: DFF<Bits<32>>,
        // E2: loop inputs
        u_valid: DFF<Bit>,
        u_op: DFF<Bits<2>>,
        u_pkt: DFF<Bit>,
        u_init: DFF<Bit>,
        u_idx: DFF<Bits<IDX>>,
        u_csn: DFF<Bits<32>>,
        u_anchor: DFF<Bits<32>>,
        u_pw: DFF<Bit>,
        u_bit8: DFF<Bit>,
        u_dec: DFF<Bits<256>>,
        u_im: DFF<Bits<256>>,
        u_fwd1: DFF<Bit>,
        u_fwd2: DFF<Bit>,
        // E3: the new bitmap
        w_valid: DFF<Bit>,
        w_op: DFF<Bits<2>>,
        w_pkt: DFF<Bit>,
        w_init: DFF<Bit>,
        w_idx: DFF<Bits<IDX>>,
        w_csn: DFF<Bits<32>>,
        w_anchor: DFF<Bits<32>>,
        w_map: DFF<Bits<256>>,
        w_new: DFF<Bit>,
        w_dupb: DFF<Bit>,
        w_dca: DFF<Bits<32>>,
        w_cy: DFF<Bit>,
        // E4: distance-2 forwarding; received vector in CSN order
        w2_valid: DFF<Bit>,
        w2_idx: DFF<Bits<IDX>>,
        w2_map: DFF<Bits<256>>,
        p_valid: DFF<Bit>,
        p_op: DFF<Bits<2>>,
        p_pkt: DFF<Bit>,
        p_init: DFF<Bit>,
        p_idx: DFF<Bits<IDX>>,
        p_csn: DFF<Bits<32>>,
        p_anchor: DFF<Bits<32>>,
        p_rcv: DFF<Bits<256>>,
        p_new: DFF<Bit>,
        p_dupb: DFF<Bit>,
        p_dca: DFF<Bits<32>>,
        p_cy: DFF<Bit>,
        p_ahp1: DFF<Bits<23>>,
        // E5: first CSN not received, one-hot
        x_valid: DFF<Bit>,
        x_op: DFF<Bits<2>>,
        x_pkt: DFF<Bit>,
        x_init: DFF<Bit>,
        x_idx: DFF<Bits<IDX>>,
        x_csn: DFF<Bits<32>>,
        x_anchor: DFF<Bits<32>>,
        x_first: DFF<Bits<256>>,
        x_none: DFF<Bit>,
        x_new: DFF<Bit>,
        x_dupb: DFF<Bit>,
        x_dca: DFF<Bits<32>>,
        x_cy: DFF<Bit>,
        x_ahp1: DFF<Bits<23>>,
        // E6: its offset from the anchor
        y_valid: DFF<Bit>,
        y_op: DFF<Bits<2>>,
        y_pkt: DFF<Bit>,
        y_init: DFF<Bit>,
        y_idx: DFF<Bits<IDX>>,
        y_csn: DFF<Bits<32>>,
        y_anchor: DFF<Bits<32>>,
        y_len: DFF<Bits<9>>,
        y_new: DFF<Bit>,
        y_dupb: DFF<Bit>,
        y_dca: DFF<Bits<32>>,
        y_ahp1: DFF<Bits<23>>,
        // E7: results
        r_valid: DFF<Bit>,
        r_op: DFF<Bits<2>>,
        r_idx: DFF<Bits<IDX>>,
        r_csn: DFF<Bits<32>>,
        r_class: DFF<Bits<2>>,
        r_base: DFF<Bits<32>>,
        r_dup: DFF<Bit>,
        r_oow: DFF<Bit>,
        // E8: counters
        c_dup: DFF<Bits<32>>,
        c_oow: DFF<Bits<32>>,
        // E0-E1 locals
        m1: Signal<Local, Bit>,
        m2: Signal<Local, Bit>,
        m3: Signal<Local, Bit>,
        m4: Signal<Local, Bit>,
        m5: Signal<Local, Bit>,
        m6: Signal<Local, Bit>,
        // E1-E2 locals
        anchor: Signal<Local, Bits<32>>,
        a_hi: Signal<Local, Bits<24>>,
        a_lo: Signal<Local, Bits<8>>,
        c_hi: Signal<Local, Bits<24>>,
        c_lo: Signal<Local, Bits<8>>,
        lt: Signal<Local, Bits<256>>,
        // loop locals
        cur: Signal<Local, Bits<256>>,
        seen_w: Signal<Local, Bit>,
        seen_w2: Signal<Local, Bit>,
        seen_ram: Signal<Local, Bit>,
        rcv: Signal<Local, Bit>,
        is_new: Signal<Local, Bit>,
        // E3-E4 locals
        wa_lo: Signal<Local, Bits<8>>,
        wa_nlo: Signal<Local, Bits<8>>,
        doubled: Signal<Local, Bits<512>>,
        funnel: Signal<Local, Bits<512>>,
        wrap_ge: Signal<Local, Bits<256>>,
        lap: Signal<Local, Bits<256>>,
        // E4-E5 locals
        z: Signal<Local, Bits<256>>,
        z0: Signal<Local, Bits<256>>,
        z1: Signal<Local, Bits<256>>,
        z2: Signal<Local, Bits<256>>,
        z3: Signal<Local, Bits<256>>,
        z4: Signal<Local, Bits<256>>,
        // E6-E7 locals
        neg: Signal<Local, Bit>,
        // adders (carry-select and prefix-AND increments: shallow)
        dz1: Signal<Local, Bits<24>>,
        dz2: Signal<Local, Bits<24>>,
        dz3: Signal<Local, Bits<24>>,
        dz4: Signal<Local, Bits<24>>,
        dz5: Signal<Local, Bits<24>>,
        na0: Signal<Local, Bits<8>>,
        na1: Signal<Local, Bits<8>>,
        na2: Signal<Local, Bits<8>>,
        na3: Signal<Local, Bits<8>>,
        s0: Signal<Local, Bits<9>>,
        s1: Signal<Local, Bits<9>>,
        s2: Signal<Local, Bits<9>>,
        s3: Signal<Local, Bits<9>>,
        ah: Signal<Local, Bits<23>>,
        ap1: Signal<Local, Bits<23>>,
        ap2: Signal<Local, Bits<23>>,
        ap3: Signal<Local, Bits<23>>,
        ap4: Signal<Local, Bits<23>>,
        ap5: Signal<Local, Bits<23>>,
        lo10: Signal<Local, Bits<10>>,
        bhi: Signal<Local, Bits<23>>,
        bstar: Signal<Local, Bits<32>>,
        b9: Signal<Local, Bit>,
        ez: Signal<Local, Bit>,
        cd1: Signal<Local, Bits<32>>,
        cd2: Signal<Local, Bits<32>>,
        cd3: Signal<Local, Bits<32>>,
        cd4: Signal<Local, Bits<32>>,
        cd5: Signal<Local, Bits<32>>,
        co1: Signal<Local, Bits<32>>,
        co2: Signal<Local, Bits<32>>,
        co3: Signal<Local, Bits<32>>,
        co4: Signal<Local, Bits<32>>,
        co5: Signal<Local, Bits<32>>,
    }
}

impl<const IDX: usize> Logic for DedupTable<IDX> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, i_valid, i_op, i_idx, i_csn, q_valid, q_op, q_pkt, q_init, q_idx, q_csn,
            q_chm1, q_pend, q_pbase, u_valid, u_op, u_pkt, u_init, u_idx, u_csn, u_anchor, u_pw,
            u_bit8, u_dec, u_im, u_fwd1, u_fwd2, w_valid, w_op, w_pkt, w_init, w_idx, w_csn,
            w_anchor, w_map, w_new, w_dupb, w_dca, w_cy, w2_valid, w2_idx, w2_map, p_valid, p_op,
            p_pkt, p_init, p_idx, p_csn, p_anchor, p_rcv, p_new, p_dupb, p_dca, p_cy, p_ahp1,
            x_valid, x_op, x_pkt, x_init, x_idx, x_csn, x_anchor, x_first, x_none, x_new, x_dupb,
            x_dca, x_cy, x_ahp1, y_valid, y_op, y_pkt, y_init, y_idx, y_csn, y_anchor, y_len,
            y_new, y_dupb, y_dca, y_ahp1, r_valid, r_op, r_idx, r_csn, r_class, r_base, r_dup,
            r_oow, c_dup, c_oow
        );
        self.bases.read_clock.next = self.clock.val();
        self.bases.write_clock.next = self.clock.val();
        self.maps.read_clock.next = self.clock.val();
        self.maps.write_clock.next = self.clock.val();

        // ---- E0: register the operation
        self.i_valid.d.next = self.op_valid.val();
        self.i_op.d.next = self.op.val();
        self.i_idx.d.next = self.conn.val();
        self.i_csn.d.next = self.csn.val();

        // ---- E0-E1: read the anchor; the youngest restart in flight
        self.bases.read_address.next = self.i_idx.q.val();
        // csn_hi - 1: bit i flips when every bit below it is 0
        self.dz1.next = !self.i_csn.q.val().get_bits::<24>(8);
        self.dz2.next = self.dz1.val() & ((self.dz1.val() << 1) | 1);
        self.dz3.next = self.dz2.val() & ((self.dz2.val() << 2) | 3);
        self.dz4.next = self.dz3.val() & ((self.dz3.val() << 4) | 0xf);
        self.dz5.next = self.dz4.val() & ((self.dz4.val() << 8) | 0xff);
        self.m1.next = self.q_init.q.val() & (self.q_idx.q.val() == self.i_idx.q.val());
        self.m2.next = self.u_init.q.val() & (self.u_idx.q.val() == self.i_idx.q.val());
        self.m3.next = self.w_init.q.val() & (self.w_idx.q.val() == self.i_idx.q.val());
        self.m4.next = self.p_init.q.val() & (self.p_idx.q.val() == self.i_idx.q.val());
        self.m5.next = self.x_init.q.val() & (self.x_idx.q.val() == self.i_idx.q.val());
        self.m6.next = self.y_init.q.val() & (self.y_idx.q.val() == self.i_idx.q.val());
        self.q_pend.d.next = self.m1.val()
            | self.m2.val()
            | self.m3.val()
            | self.m4.val()
            | self.m5.val()
            | self.m6.val();
        if self.m1.val() {
            self.q_pbase.d.next = self.q_csn.q.val();
        } else if self.m2.val() {
            self.q_pbase.d.next = self.u_csn.q.val();
        } else if self.m3.val() {
            self.q_pbase.d.next = self.w_csn.q.val();
        } else if self.m4.val() {
            self.q_pbase.d.next = self.p_csn.q.val();
        } else if self.m5.val() {
            self.q_pbase.d.next = self.x_csn.q.val();
        } else {
            self.q_pbase.d.next = self.y_csn.q.val();
        }
        self.q_valid.d.next = self.i_valid.q.val();
        self.q_op.d.next = self.i_op.q.val();
        self.q_pkt.d.next = self.i_valid.q.val() & (self.i_op.q.val() == self.k_op_pkt.val());
        self.q_init.d.next = self.i_valid.q.val() & (self.i_op.q.val() == self.k_op_init.val());
        self.q_idx.d.next = self.i_idx.q.val();
        self.q_csn.d.next = self.i_csn.q.val();
        self.q_chm1.d.next = self.i_csn.q.val().get_bits::<24>(8)
            ^ (((self.dz5.val() & ((self.dz5.val() << 16) | 0xffff)) << 1) | 1);

        // ---- E1-E2: window test against the anchor, slot decode, restart
        // pattern, bitmap RAM read, forwarding selects
        self.maps.read_address.next = self.q_idx.q.val();
        if self.q_pend.q.val() {
            self.anchor.next = self.q_pbase.q.val();
        } else {
            self.anchor.next = self.bases.read_data.val();
        }
        self.a_hi.next = self.anchor.val().get_bits::<24>(8);
        self.a_lo.next = self.anchor.val().get_bits::<8>(0);
        self.c_hi.next = self.q_csn.q.val().get_bits::<24>(8);
        self.c_lo.next = self.q_csn.q.val().get_bits::<8>(0);
        // a packet with csn in [anchor, anchor + 256)
        self.u_pw.d.next = self.q_pkt.q.val()
            & (((self.c_hi.val() == self.a_hi.val()) & (self.c_lo.val() >= self.a_lo.val()))
                | ((self.q_chm1.q.val() == self.a_hi.val()) & (self.c_lo.val() < self.a_lo.val())));
        // a restart's own window starts at its CSN
        if self.q_init.q.val() {
            self.u_anchor.d.next = self.q_csn.q.val();
        } else {
            self.u_anchor.d.next = self.anchor.val();
        }
        self.u_dec.d.next = bits::<256>(1) << self.c_lo.val();
        // restart at csn: slot i waits for csn + ((i - csn) mod 256), whose
        // bit 8 is csn's, flipped for the slots below csn's
        self.lt.next = !(self.ones.val() << self.c_lo.val());
        if self.q_csn.q.val().get_bit(8) {
            self.u_im.d.next = !self.lt.val();
        } else {
            self.u_im.d.next = self.lt.val();
        }
        self.u_bit8.d.next = self.q_csn.q.val().get_bit(8);
        self.u_fwd1.d.next = self.u_valid.q.val() & (self.u_idx.q.val() == self.q_idx.q.val());
        self.u_fwd2.d.next = self.w_valid.q.val() & (self.w_idx.q.val() == self.q_idx.q.val());
        self.u_valid.d.next = self.q_valid.q.val();
        self.u_op.d.next = self.q_op.q.val();
        self.u_pkt.d.next = self.q_pkt.q.val();
        self.u_init.d.next = self.q_init.q.val();
        self.u_idx.d.next = self.q_idx.q.val();
        self.u_csn.d.next = self.q_csn.q.val();

        // ---- E2-E3: the state loop (bit test and toggle)
        if self.u_fwd1.q.val() {
            self.cur.next = self.w_map.q.val();
        } else if self.u_fwd2.q.val() {
            self.cur.next = self.w2_map.q.val();
        } else {
            self.cur.next = self.maps.read_data.val();
        }
        // received iff the slot waits for a CSN with another bit 8; the
        // slot is read from each source and the bit selected (shallower
        // than selecting the 256-bit word first)
        self.seen_w.next = (self.w_map.q.val() & self.u_dec.q.val()).any();
        self.seen_w2.next = (self.w2_map.q.val() & self.u_dec.q.val()).any();
        self.seen_ram.next = (self.maps.read_data.val() & self.u_dec.q.val()).any();
        if self.u_fwd1.q.val() {
            self.rcv.next = self.seen_w.val() ^ self.u_bit8.q.val();
        } else if self.u_fwd2.q.val() {
            self.rcv.next = self.seen_w2.val() ^ self.u_bit8.q.val();
        } else {
            self.rcv.next = self.seen_ram.val() ^ self.u_bit8.q.val();
        }
        self.is_new.next = self.u_pw.q.val() & !self.rcv.val();
        if self.u_init.q.val() {
            self.w_map.d.next = self.u_im.q.val();
        } else if self.is_new.val() {
            self.w_map.d.next = self.cur.val() ^ self.u_dec.q.val();
        } else {
            self.w_map.d.next = self.cur.val();
        }
        self.w_new.d.next = self.is_new.val();
        self.w_dupb.d.next = self.u_pw.q.val() & self.rcv.val();
        // e = csn - anchor, one byte per stage (E2..E5), carry registered
        // inverted in its own 8-bit signal: Verilog would widen before `~`
        self.na0.next = !self.u_anchor.q.val().get_bits::<8>(0);
        self.s0.next = bit_cast::<9, 8>(self.u_csn.q.val().get_bits::<8>(0))
            + bit_cast::<9, 8>(self.na0.val())
            + bits::<9>(1);
        self.w_dca.d.next = bit_cast::<32, 8>(self.s0.val().get_bits::<8>(0));
        self.w_cy.d.next = self.s0.val().get_bit(8);
        self.w_valid.d.next = self.u_valid.q.val();
        self.w_op.d.next = self.u_op.q.val();
        self.w_pkt.d.next = self.u_pkt.q.val();
        self.w_init.d.next = self.u_init.q.val();
        self.w_idx.d.next = self.u_idx.q.val();
        self.w_csn.d.next = self.u_csn.q.val();
        self.w_anchor.d.next = self.u_anchor.q.val();

        // ---- E3-E4: write the bitmap back; received vector from the
        // anchor (bit j: CSN anchor + j received)
        self.maps.write_address.next = self.w_idx.q.val();
        self.maps.write_data.next = self.w_map.q.val();
        self.maps.write_enable.next = self.w_valid.q.val();
        self.w2_valid.d.next = self.w_valid.q.val();
        self.w2_idx.d.next = self.w_idx.q.val();
        self.w2_map.d.next = self.w_map.q.val();
        self.wa_lo.next = self.w_anchor.q.val().get_bits::<8>(0);
        self.wa_nlo.next = !self.wa_lo.val();
        self.doubled.next = bit_cast::<512, 256>(self.w_map.q.val())
            | (bit_cast::<512, 256>(self.w_map.q.val()) << 256);
        self.funnel.next = self.doubled.val() >> self.wa_lo.val();
        // bit 8 of anchor + j flips for j >= 256 - anchor_lo
        self.wrap_ge.next = self.ones.val() << self.wa_nlo.val();
        if self.w_anchor.q.val().get_bit(8) {
            self.lap.next = !(self.wrap_ge.val() << 1);
        } else {
            self.lap.next = self.wrap_ge.val() << 1;
        }
        self.p_rcv.d.next = self.funnel.val().get_bits::<256>(0) ^ self.lap.val();
        self.p_valid.d.next = self.w_valid.q.val();
        self.p_op.d.next = self.w_op.q.val();
        self.p_pkt.d.next = self.w_pkt.q.val();
        self.p_init.d.next = self.w_init.q.val();
        self.p_idx.d.next = self.w_idx.q.val();
        self.p_csn.d.next = self.w_csn.q.val();
        self.p_anchor.d.next = self.w_anchor.q.val();
        self.p_new.d.next = self.w_new.q.val();
        self.p_dupb.d.next = self.w_dupb.q.val();
        // inverted in its own 8-bit signal: Verilog would widen before `~`
        self.na1.next = !self.w_anchor.q.val().get_bits::<8>(8);
        self.s1.next = bit_cast::<9, 8>(self.w_csn.q.val().get_bits::<8>(8))
            + bit_cast::<9, 8>(self.na1.val())
            + bit_cast::<9, 1>(self.w_cy.q.val().into());
        self.p_dca.d.next =
            self.w_dca.q.val() | (bit_cast::<32, 8>(self.s1.val().get_bits::<8>(0)) << 8);
        self.p_cy.d.next = self.s1.val().get_bit(8);
        // anchor[31:9] + 1 (for the base's carry-select)
        self.ah.next = self.w_anchor.q.val().get_bits::<23>(9);
        self.ap1.next = self.ah.val() & ((self.ah.val() << 1) | 1);
        self.ap2.next = self.ap1.val() & ((self.ap1.val() << 2) | 3);
        self.ap3.next = self.ap2.val() & ((self.ap2.val() << 4) | 0xf);
        self.ap4.next = self.ap3.val() & ((self.ap3.val() << 8) | 0xff);
        self.ap5.next = self.ap4.val() & ((self.ap4.val() << 16) | 0xffff);
        self.p_ahp1.d.next = self.ah.val() ^ ((self.ap5.val() << 1) | 1);

        // ---- E4-E5: the first CSN not received (lowest zero), one-hot:
        // z4[j] = OR of z below j (a 6-ary prefix OR)
        self.z.next = !self.p_rcv.q.val();
        self.z0.next = self.z.val() << 1;
        self.z1.next = self.z0.val()
            | (self.z0.val() << 1)
            | (self.z0.val() << 2)
            | (self.z0.val() << 3)
            | (self.z0.val() << 4)
            | (self.z0.val() << 5);
        self.z2.next = self.z1.val()
            | (self.z1.val() << 6)
            | (self.z1.val() << 12)
            | (self.z1.val() << 18)
            | (self.z1.val() << 24)
            | (self.z1.val() << 30);
        self.z3.next = self.z2.val()
            | (self.z2.val() << 36)
            | (self.z2.val() << 72)
            | (self.z2.val() << 108)
            | (self.z2.val() << 144)
            | (self.z2.val() << 180);
        self.z4.next = self.z3.val() | (self.z3.val() << 216);
        self.x_first.d.next = self.z.val() & !self.z4.val();
        self.x_none.d.next = !self.z.val().any();
        self.x_valid.d.next = self.p_valid.q.val();
        self.x_op.d.next = self.p_op.q.val();
        self.x_pkt.d.next = self.p_pkt.q.val();
        self.x_init.d.next = self.p_init.q.val();
        self.x_idx.d.next = self.p_idx.q.val();
        self.x_csn.d.next = self.p_csn.q.val();
        self.x_anchor.d.next = self.p_anchor.q.val();
        self.x_new.d.next = self.p_new.q.val();
        self.x_dupb.d.next = self.p_dupb.q.val();
        // inverted in its own 8-bit signal: Verilog would widen before `~`
        self.na2.next = !self.p_anchor.q.val().get_bits::<8>(16);
        self.s2.next = bit_cast::<9, 8>(self.p_csn.q.val().get_bits::<8>(16))
            + bit_cast::<9, 8>(self.na2.val())
            + bit_cast::<9, 1>(self.p_cy.q.val().into());
        self.x_dca.d.next =
            self.p_dca.q.val() | (bit_cast::<32, 8>(self.s2.val().get_bits::<8>(0)) << 16);
        self.x_cy.d.next = self.s2.val().get_bit(8);
        self.x_ahp1.d.next = self.p_ahp1.q.val();

        // ---- E5-E6: its offset (256 when all 256 are received)
        self.y_len.d.next = bits::<9>(0)
            .replace_bit(0, (self.x_first.q.val() & self.enc0.val()).any())
            .replace_bit(1, (self.x_first.q.val() & self.enc1.val()).any())
            .replace_bit(2, (self.x_first.q.val() & self.enc2.val()).any())
            .replace_bit(3, (self.x_first.q.val() & self.enc3.val()).any())
            .replace_bit(4, (self.x_first.q.val() & self.enc4.val()).any())
            .replace_bit(5, (self.x_first.q.val() & self.enc5.val()).any())
            .replace_bit(6, (self.x_first.q.val() & self.enc6.val()).any())
            .replace_bit(7, (self.x_first.q.val() & self.enc7.val()).any())
            .replace_bit(8, self.x_none.q.val());
        self.y_valid.d.next = self.x_valid.q.val();
        self.y_op.d.next = self.x_op.q.val();
        self.y_pkt.d.next = self.x_pkt.q.val();
        self.y_init.d.next = self.x_init.q.val();
        self.y_idx.d.next = self.x_idx.q.val();
        self.y_csn.d.next = self.x_csn.q.val();
        self.y_anchor.d.next = self.x_anchor.q.val();
        self.y_new.d.next = self.x_new.q.val();
        self.y_dupb.d.next = self.x_dupb.q.val();
        // inverted in its own 8-bit signal: Verilog would widen before `~`
        self.na3.next = !self.x_anchor.q.val().get_bits::<8>(24);
        self.s3.next = bit_cast::<9, 8>(self.x_csn.q.val().get_bits::<8>(24))
            + bit_cast::<9, 8>(self.na3.val())
            + bit_cast::<9, 1>(self.x_cy.q.val().into());
        self.y_dca.d.next =
            self.x_dca.q.val() | (bit_cast::<32, 8>(self.s3.val().get_bits::<8>(0)) << 24);
        self.y_ahp1.d.next = self.x_ahp1.q.val();

        // ---- E6-E7: the exact base (written back: the next anchor); the
        // class of a packet outside the anchor's window: sign of csn - base
        // base = anchor + len: 9-bit add, carry-select of the high bits
        self.lo10.next = bit_cast::<10, 9>(self.y_anchor.q.val().get_bits::<9>(0))
            + bit_cast::<10, 9>(self.y_len.q.val());
        if self.lo10.val().get_bit(9) {
            self.bhi.next = self.y_ahp1.q.val();
        } else {
            self.bhi.next = self.y_anchor.q.val().get_bits::<23>(9);
        }
        self.bstar.next = bit_cast::<32, 9>(self.lo10.val().get_bits::<9>(0))
            | (bit_cast::<32, 23>(self.bhi.val()) << 9);
        // sign of csn - base = e - len: e[31], flipped when the low 9 bits
        // borrow into an all-zero e[30:9]
        self.b9.next = self.y_dca.q.val().get_bits::<9>(0) < self.y_len.q.val();
        self.ez.next = !self.y_dca.q.val().get_bits::<22>(9).any();
        self.neg.next = self.y_dca.q.val().get_bit(31) ^ (self.b9.val() & self.ez.val());
        self.bases.write_address.next = self.y_idx.q.val();
        self.bases.write_data.next = self.bstar.val();
        self.bases.write_enable.next = self.y_valid.q.val();
        self.r_valid.d.next = self.y_valid.q.val();
        self.r_op.d.next = bits::<2>(0);
        self.r_idx.d.next = bits::<IDX>(0);
        self.r_csn.d.next = bits::<32>(0);
        self.r_class.d.next = bits::<2>(0);
        self.r_base.d.next = bits::<32>(0);
        self.r_dup.d.next = false;
        self.r_oow.d.next = false;
        if self.y_valid.q.val() {
            self.r_op.d.next = self.y_op.q.val();
            self.r_idx.d.next = self.y_idx.q.val();
            self.r_csn.d.next = self.y_csn.q.val();
            self.r_base.d.next = self.bstar.val();
            if self.y_pkt.q.val() {
                if self.y_new.q.val() {
                    self.r_class.d.next = self.k_new.val();
                } else if self.y_dupb.q.val() | self.neg.val() {
                    self.r_class.d.next = self.k_dup.val();
                    self.r_dup.d.next = true;
                } else {
                    self.r_class.d.next = self.k_oow.val();
                    self.r_oow.d.next = true;
                }
            }
        }
        self.res_valid.next = self.r_valid.q.val();
        self.res_op.next = self.r_op.q.val();
        self.res_conn.next = self.r_idx.q.val();
        self.res_csn.next = self.r_csn.q.val();
        self.res_class.next = self.r_class.q.val();
        self.res_base.next = self.r_base.q.val();

        // ---- E7-E8: counters
        self.cd1.next = self.c_dup.q.val() & ((self.c_dup.q.val() << 1) | 1);
        self.cd2.next = self.cd1.val() & ((self.cd1.val() << 2) | 3);
        self.cd3.next = self.cd2.val() & ((self.cd2.val() << 4) | 0xf);
        self.cd4.next = self.cd3.val() & ((self.cd3.val() << 8) | 0xff);
        self.cd5.next = self.cd4.val() & ((self.cd4.val() << 16) | 0xffff);
        if self.r_dup.q.val() {
            self.c_dup.d.next = self.c_dup.q.val() ^ ((self.cd5.val() << 1) | 1);
        }
        self.co1.next = self.c_oow.q.val() & ((self.c_oow.q.val() << 1) | 1);
        self.co2.next = self.co1.val() & ((self.co1.val() << 2) | 3);
        self.co3.next = self.co2.val() & ((self.co2.val() << 4) | 0xf);
        self.co4.next = self.co3.val() & ((self.co3.val() << 8) | 0xff);
        self.co5.next = self.co4.val() & ((self.co4.val() << 16) | 0xffff);
        if self.r_oow.q.val() {
            self.c_oow.d.next = self.c_oow.q.val() ^ ((self.co5.val() << 1) | 1);
        }
        self.cnt_dup.next = self.c_dup.q.val();
        self.cnt_oow.next = self.c_oow.q.val();
    }
}

/// The exported full-size table (`dedup_table`, 1,024 connections).
pub type DedupTableFull = DedupTable<IDX_FULL>;
/// The exported tiny table (`dedup_table_tiny`, 16 connections).
pub type DedupTableTiny = DedupTable<IDX_TINY>;
/// The exported mid table (`dedup_table_mid`, 512 connections).
pub type DedupTableMid = DedupTable<9>;
