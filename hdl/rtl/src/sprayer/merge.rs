//! `merge`: the sprayer's stage E4-E5, a sub-block of `sprayer`.
//!
//! # Behaviour
//!
//! * The pacer's window bounds of the operation at E4: `N - floor(ser/2)`
//!   and `N + ceil(ser/2)` (`N` the operation's time, `ser` its
//!   serialization time in 1/256 ticks).
//! * The connection's record (next path, burst, pacer) merged from the
//!   RAM (read at E4: it holds the writes of the operations 5 or more
//!   ahead) or the results of the operations 2, 3 and 4 ahead on the same
//!   connection (`w`, `y`, `y2`); the one just ahead is forwarded inside
//!   the next-path loop (`next_path`). An INIT sets the pacer to its `N`.
//! * The paced compare's first half per pacer source (3-bit chunks of the
//!   low bits, selected with the pacer later), and Busy: a PICK with an
//!   operation on its connection 1 or 2 ahead, when this connection is
//!   paced or that operation was a paced PICK.
//!
//! Every result is a register (`*_q` outputs, the `u` stage).

use super::SelAdd40;
use super::REC_BITS;
use rust_hdl::prelude::*;

/// The sprayer's record merge and pacer bounds (E4-E5).
#[derive(LogicBlock, Default)]
pub struct Merge<const IDX: usize> {
    /// Clock.
    pub clock: Signal<In, Clock>,
    /// From `x_ser.q`.
    pub x_ser_q: Signal<In, Bits<40>>,
    /// From `x_now.q`.
    pub x_now_q: Signal<In, Bits<32>>,
    /// From `x_init.q`.
    pub x_init_q: Signal<In, Bit>,
    /// From `x_conn.q`.
    pub x_conn_q: Signal<In, Bits<IDX>>,
    /// From `w_valid.q`.
    pub w_valid_q: Signal<In, Bit>,
    /// From `w_conn.q`.
    pub w_conn_q: Signal<In, Bits<IDX>>,
    /// From `y_valid.q`.
    pub y_valid_q: Signal<In, Bit>,
    /// From `y_conn.q`.
    pub y_conn_q: Signal<In, Bits<IDX>>,
    /// From `y2_valid.q`.
    pub y2_valid_q: Signal<In, Bit>,
    /// From `y2_conn.q`.
    pub y2_conn_q: Signal<In, Bits<IDX>>,
    /// From `w_nb.q`.
    pub w_nb_q: Signal<In, Bits<12>>,
    /// From `y_rec.q`.
    pub y_rec_q: Signal<In, Bits<REC_BITS>>,
    /// From `y2_rec.q`.
    pub y2_rec_q: Signal<In, Bits<REC_BITS>>,
    /// From `recs.read_data`.
    pub recs_read_data: Signal<In, Bits<REC_BITS>>,
    /// From `w_n.q`.
    pub w_n_q: Signal<In, Bits<40>>,
    /// From `w_init.q`.
    pub w_init_q: Signal<In, Bit>,
    /// From `x_valid.q`.
    pub x_valid_q: Signal<In, Bit>,
    /// From `x_incnz.q`.
    pub x_incnz_q: Signal<In, Bit>,
    /// From `w_pick.q`.
    pub w_pick_q: Signal<In, Bit>,
    /// From `w_incnz.q`.
    pub w_incnz_q: Signal<In, Bit>,
    /// From `x_any.q`.
    pub x_any_q: Signal<In, Bit>,
    /// From `x_retx.q`.
    pub x_retx_q: Signal<In, Bit>,
    /// From `x_tag.q`.
    pub x_tag_q: Signal<In, Bits<16>>,
    /// From `x_use.q`.
    pub x_use_q: Signal<In, Bits<16>>,
    /// From `x_sm1.q`.
    pub x_sm1_q: Signal<In, Bits<8>>,
    /// From `x_sm1z.q`.
    pub x_sm1z_q: Signal<In, Bit>,
    /// This block's `u_valid_q`.
    pub u_valid_q: Signal<Out, Bit>,
    /// This block's `u_pick_q`.
    pub u_pick_q: Signal<Out, Bit>,
    /// This block's `u_init_q`.
    pub u_init_q: Signal<Out, Bit>,
    /// This block's `u_conn_q`.
    pub u_conn_q: Signal<Out, Bits<IDX>>,
    /// This block's `u_retx_q`.
    pub u_retx_q: Signal<Out, Bit>,
    /// This block's `u_tag_q`.
    pub u_tag_q: Signal<Out, Bits<16>>,
    /// This block's `u_n_q`.
    pub u_n_q: Signal<Out, Bits<40>>,
    /// This block's `u_a_q`.
    pub u_a_q: Signal<Out, Bits<40>>,
    /// This block's `u_b_q`.
    pub u_b_q: Signal<Out, Bits<40>>,
    /// This block's `u_ser_q`.
    pub u_ser_q: Signal<Out, Bits<40>>,
    /// This block's `u_incnz_q`.
    pub u_incnz_q: Signal<Out, Bit>,
    /// This block's `u_any_q`.
    pub u_any_q: Signal<Out, Bit>,
    /// This block's `u_use_q`.
    pub u_use_q: Signal<Out, Bits<16>>,
    /// This block's `u_sm1_q`.
    pub u_sm1_q: Signal<Out, Bits<8>>,
    /// This block's `u_sm1z_q`.
    pub u_sm1z_q: Signal<Out, Bit>,
    /// This block's `u_fwd1_q`.
    pub u_fwd1_q: Signal<Out, Bit>,
    /// This block's `u_nh_q`.
    pub u_nh_q: Signal<Out, Bits<8>>,
    /// This block's `u_nh1_q`.
    pub u_nh1_q: Signal<Out, Bits<8>>,
    /// This block's `u_c_q`.
    pub u_c_q: Signal<Out, Bit>,
    /// This block's `u_pa_q`.
    pub u_pa_q: Signal<Out, Bit>,
    /// This block's `u_nb_q`.
    pub u_nb_q: Signal<Out, Bits<12>>,
    /// This block's `u_pc_q`.
    pub u_pc_q: Signal<Out, Bits<40>>,
    /// This block's `u_fwd2_q`.
    pub u_fwd2_q: Signal<Out, Bit>,
    /// This block's `u_busy_q`.
    pub u_busy_q: Signal<Out, Bit>,
    /// This block's `u_cl_q`.
    pub u_cl_q: Signal<Out, Bits<4>>,
    /// This block's `u_ce_q`.
    pub u_ce_q: Signal<Out, Bits<4>>,
    add_a: SelAdd40,
    add_b: SelAdd40,
    u_valid: DFF<Bit>,
    u_pick: DFF<Bit>,
    u_init: DFF<Bit>,
    u_conn: DFF<Bits<IDX>>,
    u_retx: DFF<Bit>,
    u_tag: DFF<Bits<16>>,
    u_n: DFF<Bits<40>>,
    u_a: DFF<Bits<40>>,
    u_b: DFF<Bits<40>>,
    u_ser: DFF<Bits<40>>,
    u_incnz: DFF<Bit>,
    u_any: DFF<Bit>,
    u_use: DFF<Bits<16>>,
    u_sm1: DFF<Bits<8>>,
    u_sm1z: DFF<Bit>,
    u_fwd1: DFF<Bit>,
    u_nh: DFF<Bits<8>>,
    u_nh1: DFF<Bits<8>>,
    u_c: DFF<Bit>,
    u_pa: DFF<Bit>,
    u_nb: DFF<Bits<12>>,
    u_pc: DFF<Bits<40>>,
    u_fwd2: DFF<Bit>,
    u_busy: DFF<Bit>,
    eq_u: Signal<Local, Bit>,
    eq_w: Signal<Local, Bit>,
    eq_y: Signal<Local, Bit>,
    eq_y2: Signal<Local, Bit>,
    nlo_x: Signal<Local, Bits<32>>,
    cs1_l: Signal<Local, Bits<11>>,
    cs1_e: Signal<Local, Bits<11>>,
    cs2_l: Signal<Local, Bits<11>>,
    cs2_e: Signal<Local, Bits<11>>,
    cs3_l: Signal<Local, Bits<11>>,
    cs3_e: Signal<Local, Bits<11>>,
    cs4_l: Signal<Local, Bits<11>>,
    cs4_e: Signal<Local, Bits<11>>,
    cs5_l: Signal<Local, Bits<11>>,
    cs5_e: Signal<Local, Bits<11>>,
    u_cl: DFF<Bits<4>>,
    u_ce: DFF<Bits<4>>,
    ps1: Signal<Local, Bits<32>>,
    ps2: Signal<Local, Bits<32>>,
    ps3: Signal<Local, Bits<32>>,
    ps4: Signal<Local, Bits<32>>,
    ps5: Signal<Local, Bits<32>>,
    cs1_l1: Signal<Local, Bits<4>>,
    cs1_e1: Signal<Local, Bits<4>>,
    cs2_l1: Signal<Local, Bits<4>>,
    cs2_e1: Signal<Local, Bits<4>>,
    cs3_l1: Signal<Local, Bits<4>>,
    cs3_e1: Signal<Local, Bits<4>>,
    cs4_l1: Signal<Local, Bits<4>>,
    cs4_e1: Signal<Local, Bits<4>>,
    cs5_l1: Signal<Local, Bits<4>>,
    cs5_e1: Signal<Local, Bits<4>>,
    g1: Signal<Local, Bit>,
    mg1: Signal<Local, Bits<12>>,
    g2: Signal<Local, Bit>,
    mg2: Signal<Local, Bits<12>>,
    g3: Signal<Local, Bit>,
    mg3: Signal<Local, Bits<12>>,
    g4: Signal<Local, Bit>,
    mg4: Signal<Local, Bits<12>>,
    f1: Signal<Local, Bit>,
    mf1: Signal<Local, Bits<40>>,
    f2: Signal<Local, Bit>,
    mf2: Signal<Local, Bits<40>>,
    f3: Signal<Local, Bit>,
    mf3: Signal<Local, Bits<40>>,
    f4: Signal<Local, Bit>,
    mf4: Signal<Local, Bits<40>>,
    f5: Signal<Local, Bit>,
    mf5: Signal<Local, Bits<40>>,
    half: Signal<Local, Bits<40>>,
}

impl<const IDX: usize> Logic for Merge<IDX> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, u_valid, u_pick, u_init, u_conn, u_retx, u_tag, u_n, u_a, u_b, u_ser,
            u_incnz, u_any, u_use, u_sm1, u_sm1z, u_fwd1, u_nh, u_nh1, u_c, u_pa, u_nb, u_pc,
            u_fwd2, u_busy, u_cl, u_ce
        );
        // ---- E4-E5: N - floor(ser/2) and N + ceil(ser/2); record read;
        // merges from the RAM and the results ahead; Busy
        self.half.next = self.x_ser_q.val() >> 1;
        self.u_n.d.next = bit_cast::<40, 32>(self.x_now_q.val()) << 8;
        self.add_a.a.next = bit_cast::<40, 32>(self.x_now_q.val()) << 8;
        self.add_a.b.next = !self.half.val();
        self.add_a.cin.next = true;
        self.add_b.a.next = bit_cast::<40, 32>(self.x_now_q.val()) << 8;
        self.add_b.b.next = self.half.val();
        self.add_b.cin.next = self.x_ser_q.val().get_bit(0);
        self.u_a.d.next = self.add_a.sum.val();
        // an INIT sets the pacer to N through the same select as a pick
        if self.x_init_q.val() {
            self.u_b.d.next = bit_cast::<40, 32>(self.x_now_q.val()) << 8;
        } else {
            self.u_b.d.next = self.add_b.sum.val();
        }
        self.u_ser.d.next = self.x_ser_q.val();
        // the operations 1 (u), 2 (w), 3 (y) and 4 (y2) ahead on this
        // connection
        self.eq_u.next = self.u_valid.q.val() & (self.u_conn.q.val() == self.x_conn_q.val());
        self.eq_w.next = self.w_valid_q.val() & (self.w_conn_q.val() == self.x_conn_q.val());
        self.eq_y.next = self.y_valid_q.val() & (self.y_conn_q.val() == self.x_conn_q.val());
        self.eq_y2.next = self.y2_valid_q.val() & (self.y2_conn_q.val() == self.x_conn_q.val());
        // next_path and burst: the RAM (read at E4: it holds the writes of
        // the operations 5 or more ahead), else the result of the one 4
        // ahead (being written at E4), 3 ahead or 2 ahead; the one just
        // ahead is forwarded inside the loop
        self.g1.next = self.eq_w.val();
        self.g2.next = !self.eq_w.val() & self.eq_y.val();
        self.g3.next = !self.eq_w.val() & !self.eq_y.val() & self.eq_y2.val();
        self.g4.next = !self.eq_w.val() & !self.eq_y.val() & !self.eq_y2.val();
        if self.g1.val() {
            self.mg1.next = bits::<12>(0xfff);
        } else {
            self.mg1.next = bits::<12>(0);
        }
        if self.g2.val() {
            self.mg2.next = bits::<12>(0xfff);
        } else {
            self.mg2.next = bits::<12>(0);
        }
        if self.g3.val() {
            self.mg3.next = bits::<12>(0xfff);
        } else {
            self.mg3.next = bits::<12>(0);
        }
        if self.g4.val() {
            self.mg4.next = bits::<12>(0xfff);
        } else {
            self.mg4.next = bits::<12>(0);
        }
        self.u_nb.d.next = (self.w_nb_q.val() & self.mg1.val())
            | (self.y_rec_q.val().get_bits::<12>(0) & self.mg2.val())
            | (self.y2_rec_q.val().get_bits::<12>(0) & self.mg3.val())
            | (self.recs_read_data.val().get_bits::<12>(0) & self.mg4.val());
        // the paced compare's first half per pacer source: N_lo < P_lo by
        // 3-bit chunks (lt and eq), selected with the pacer below
        self.nlo_x.next = self.x_now_q.val() << 8;
        self.ps1.next = self.u_n.q.val().get_bits::<32>(0);
        self.ps2.next = self.w_n_q.val().get_bits::<32>(0);
        self.ps3.next = self.y_rec_q.val().get_bits::<32>(12);
        self.ps4.next = self.y2_rec_q.val().get_bits::<32>(12);
        self.ps5.next = self.recs_read_data.val().get_bits::<32>(12);
        self.cs1_l.next = bits::<11>(0)
            .replace_bit(
                0,
                self.nlo_x.val().get_bits::<3>(0) < self.ps1.val().get_bits::<3>(0),
            )
            .replace_bit(
                1,
                self.nlo_x.val().get_bits::<3>(3) < self.ps1.val().get_bits::<3>(3),
            )
            .replace_bit(
                2,
                self.nlo_x.val().get_bits::<3>(6) < self.ps1.val().get_bits::<3>(6),
            )
            .replace_bit(
                3,
                self.nlo_x.val().get_bits::<3>(9) < self.ps1.val().get_bits::<3>(9),
            )
            .replace_bit(
                4,
                self.nlo_x.val().get_bits::<3>(12) < self.ps1.val().get_bits::<3>(12),
            )
            .replace_bit(
                5,
                self.nlo_x.val().get_bits::<3>(15) < self.ps1.val().get_bits::<3>(15),
            )
            .replace_bit(
                6,
                self.nlo_x.val().get_bits::<3>(18) < self.ps1.val().get_bits::<3>(18),
            )
            .replace_bit(
                7,
                self.nlo_x.val().get_bits::<3>(21) < self.ps1.val().get_bits::<3>(21),
            )
            .replace_bit(
                8,
                self.nlo_x.val().get_bits::<3>(24) < self.ps1.val().get_bits::<3>(24),
            )
            .replace_bit(
                9,
                self.nlo_x.val().get_bits::<3>(27) < self.ps1.val().get_bits::<3>(27),
            )
            .replace_bit(
                10,
                self.nlo_x.val().get_bits::<2>(30) < self.ps1.val().get_bits::<2>(30),
            );
        self.cs1_e.next = bits::<11>(0)
            .replace_bit(
                0,
                self.nlo_x.val().get_bits::<3>(0) == self.ps1.val().get_bits::<3>(0),
            )
            .replace_bit(
                1,
                self.nlo_x.val().get_bits::<3>(3) == self.ps1.val().get_bits::<3>(3),
            )
            .replace_bit(
                2,
                self.nlo_x.val().get_bits::<3>(6) == self.ps1.val().get_bits::<3>(6),
            )
            .replace_bit(
                3,
                self.nlo_x.val().get_bits::<3>(9) == self.ps1.val().get_bits::<3>(9),
            )
            .replace_bit(
                4,
                self.nlo_x.val().get_bits::<3>(12) == self.ps1.val().get_bits::<3>(12),
            )
            .replace_bit(
                5,
                self.nlo_x.val().get_bits::<3>(15) == self.ps1.val().get_bits::<3>(15),
            )
            .replace_bit(
                6,
                self.nlo_x.val().get_bits::<3>(18) == self.ps1.val().get_bits::<3>(18),
            )
            .replace_bit(
                7,
                self.nlo_x.val().get_bits::<3>(21) == self.ps1.val().get_bits::<3>(21),
            )
            .replace_bit(
                8,
                self.nlo_x.val().get_bits::<3>(24) == self.ps1.val().get_bits::<3>(24),
            )
            .replace_bit(
                9,
                self.nlo_x.val().get_bits::<3>(27) == self.ps1.val().get_bits::<3>(27),
            )
            .replace_bit(
                10,
                self.nlo_x.val().get_bits::<2>(30) == self.ps1.val().get_bits::<2>(30),
            );
        self.cs2_l.next = bits::<11>(0)
            .replace_bit(
                0,
                self.nlo_x.val().get_bits::<3>(0) < self.ps2.val().get_bits::<3>(0),
            )
            .replace_bit(
                1,
                self.nlo_x.val().get_bits::<3>(3) < self.ps2.val().get_bits::<3>(3),
            )
            .replace_bit(
                2,
                self.nlo_x.val().get_bits::<3>(6) < self.ps2.val().get_bits::<3>(6),
            )
            .replace_bit(
                3,
                self.nlo_x.val().get_bits::<3>(9) < self.ps2.val().get_bits::<3>(9),
            )
            .replace_bit(
                4,
                self.nlo_x.val().get_bits::<3>(12) < self.ps2.val().get_bits::<3>(12),
            )
            .replace_bit(
                5,
                self.nlo_x.val().get_bits::<3>(15) < self.ps2.val().get_bits::<3>(15),
            )
            .replace_bit(
                6,
                self.nlo_x.val().get_bits::<3>(18) < self.ps2.val().get_bits::<3>(18),
            )
            .replace_bit(
                7,
                self.nlo_x.val().get_bits::<3>(21) < self.ps2.val().get_bits::<3>(21),
            )
            .replace_bit(
                8,
                self.nlo_x.val().get_bits::<3>(24) < self.ps2.val().get_bits::<3>(24),
            )
            .replace_bit(
                9,
                self.nlo_x.val().get_bits::<3>(27) < self.ps2.val().get_bits::<3>(27),
            )
            .replace_bit(
                10,
                self.nlo_x.val().get_bits::<2>(30) < self.ps2.val().get_bits::<2>(30),
            );
        self.cs2_e.next = bits::<11>(0)
            .replace_bit(
                0,
                self.nlo_x.val().get_bits::<3>(0) == self.ps2.val().get_bits::<3>(0),
            )
            .replace_bit(
                1,
                self.nlo_x.val().get_bits::<3>(3) == self.ps2.val().get_bits::<3>(3),
            )
            .replace_bit(
                2,
                self.nlo_x.val().get_bits::<3>(6) == self.ps2.val().get_bits::<3>(6),
            )
            .replace_bit(
                3,
                self.nlo_x.val().get_bits::<3>(9) == self.ps2.val().get_bits::<3>(9),
            )
            .replace_bit(
                4,
                self.nlo_x.val().get_bits::<3>(12) == self.ps2.val().get_bits::<3>(12),
            )
            .replace_bit(
                5,
                self.nlo_x.val().get_bits::<3>(15) == self.ps2.val().get_bits::<3>(15),
            )
            .replace_bit(
                6,
                self.nlo_x.val().get_bits::<3>(18) == self.ps2.val().get_bits::<3>(18),
            )
            .replace_bit(
                7,
                self.nlo_x.val().get_bits::<3>(21) == self.ps2.val().get_bits::<3>(21),
            )
            .replace_bit(
                8,
                self.nlo_x.val().get_bits::<3>(24) == self.ps2.val().get_bits::<3>(24),
            )
            .replace_bit(
                9,
                self.nlo_x.val().get_bits::<3>(27) == self.ps2.val().get_bits::<3>(27),
            )
            .replace_bit(
                10,
                self.nlo_x.val().get_bits::<2>(30) == self.ps2.val().get_bits::<2>(30),
            );
        self.cs3_l.next = bits::<11>(0)
            .replace_bit(
                0,
                self.nlo_x.val().get_bits::<3>(0) < self.ps3.val().get_bits::<3>(0),
            )
            .replace_bit(
                1,
                self.nlo_x.val().get_bits::<3>(3) < self.ps3.val().get_bits::<3>(3),
            )
            .replace_bit(
                2,
                self.nlo_x.val().get_bits::<3>(6) < self.ps3.val().get_bits::<3>(6),
            )
            .replace_bit(
                3,
                self.nlo_x.val().get_bits::<3>(9) < self.ps3.val().get_bits::<3>(9),
            )
            .replace_bit(
                4,
                self.nlo_x.val().get_bits::<3>(12) < self.ps3.val().get_bits::<3>(12),
            )
            .replace_bit(
                5,
                self.nlo_x.val().get_bits::<3>(15) < self.ps3.val().get_bits::<3>(15),
            )
            .replace_bit(
                6,
                self.nlo_x.val().get_bits::<3>(18) < self.ps3.val().get_bits::<3>(18),
            )
            .replace_bit(
                7,
                self.nlo_x.val().get_bits::<3>(21) < self.ps3.val().get_bits::<3>(21),
            )
            .replace_bit(
                8,
                self.nlo_x.val().get_bits::<3>(24) < self.ps3.val().get_bits::<3>(24),
            )
            .replace_bit(
                9,
                self.nlo_x.val().get_bits::<3>(27) < self.ps3.val().get_bits::<3>(27),
            )
            .replace_bit(
                10,
                self.nlo_x.val().get_bits::<2>(30) < self.ps3.val().get_bits::<2>(30),
            );
        self.cs3_e.next = bits::<11>(0)
            .replace_bit(
                0,
                self.nlo_x.val().get_bits::<3>(0) == self.ps3.val().get_bits::<3>(0),
            )
            .replace_bit(
                1,
                self.nlo_x.val().get_bits::<3>(3) == self.ps3.val().get_bits::<3>(3),
            )
            .replace_bit(
                2,
                self.nlo_x.val().get_bits::<3>(6) == self.ps3.val().get_bits::<3>(6),
            )
            .replace_bit(
                3,
                self.nlo_x.val().get_bits::<3>(9) == self.ps3.val().get_bits::<3>(9),
            )
            .replace_bit(
                4,
                self.nlo_x.val().get_bits::<3>(12) == self.ps3.val().get_bits::<3>(12),
            )
            .replace_bit(
                5,
                self.nlo_x.val().get_bits::<3>(15) == self.ps3.val().get_bits::<3>(15),
            )
            .replace_bit(
                6,
                self.nlo_x.val().get_bits::<3>(18) == self.ps3.val().get_bits::<3>(18),
            )
            .replace_bit(
                7,
                self.nlo_x.val().get_bits::<3>(21) == self.ps3.val().get_bits::<3>(21),
            )
            .replace_bit(
                8,
                self.nlo_x.val().get_bits::<3>(24) == self.ps3.val().get_bits::<3>(24),
            )
            .replace_bit(
                9,
                self.nlo_x.val().get_bits::<3>(27) == self.ps3.val().get_bits::<3>(27),
            )
            .replace_bit(
                10,
                self.nlo_x.val().get_bits::<2>(30) == self.ps3.val().get_bits::<2>(30),
            );
        self.cs4_l.next = bits::<11>(0)
            .replace_bit(
                0,
                self.nlo_x.val().get_bits::<3>(0) < self.ps4.val().get_bits::<3>(0),
            )
            .replace_bit(
                1,
                self.nlo_x.val().get_bits::<3>(3) < self.ps4.val().get_bits::<3>(3),
            )
            .replace_bit(
                2,
                self.nlo_x.val().get_bits::<3>(6) < self.ps4.val().get_bits::<3>(6),
            )
            .replace_bit(
                3,
                self.nlo_x.val().get_bits::<3>(9) < self.ps4.val().get_bits::<3>(9),
            )
            .replace_bit(
                4,
                self.nlo_x.val().get_bits::<3>(12) < self.ps4.val().get_bits::<3>(12),
            )
            .replace_bit(
                5,
                self.nlo_x.val().get_bits::<3>(15) < self.ps4.val().get_bits::<3>(15),
            )
            .replace_bit(
                6,
                self.nlo_x.val().get_bits::<3>(18) < self.ps4.val().get_bits::<3>(18),
            )
            .replace_bit(
                7,
                self.nlo_x.val().get_bits::<3>(21) < self.ps4.val().get_bits::<3>(21),
            )
            .replace_bit(
                8,
                self.nlo_x.val().get_bits::<3>(24) < self.ps4.val().get_bits::<3>(24),
            )
            .replace_bit(
                9,
                self.nlo_x.val().get_bits::<3>(27) < self.ps4.val().get_bits::<3>(27),
            )
            .replace_bit(
                10,
                self.nlo_x.val().get_bits::<2>(30) < self.ps4.val().get_bits::<2>(30),
            );
        self.cs4_e.next = bits::<11>(0)
            .replace_bit(
                0,
                self.nlo_x.val().get_bits::<3>(0) == self.ps4.val().get_bits::<3>(0),
            )
            .replace_bit(
                1,
                self.nlo_x.val().get_bits::<3>(3) == self.ps4.val().get_bits::<3>(3),
            )
            .replace_bit(
                2,
                self.nlo_x.val().get_bits::<3>(6) == self.ps4.val().get_bits::<3>(6),
            )
            .replace_bit(
                3,
                self.nlo_x.val().get_bits::<3>(9) == self.ps4.val().get_bits::<3>(9),
            )
            .replace_bit(
                4,
                self.nlo_x.val().get_bits::<3>(12) == self.ps4.val().get_bits::<3>(12),
            )
            .replace_bit(
                5,
                self.nlo_x.val().get_bits::<3>(15) == self.ps4.val().get_bits::<3>(15),
            )
            .replace_bit(
                6,
                self.nlo_x.val().get_bits::<3>(18) == self.ps4.val().get_bits::<3>(18),
            )
            .replace_bit(
                7,
                self.nlo_x.val().get_bits::<3>(21) == self.ps4.val().get_bits::<3>(21),
            )
            .replace_bit(
                8,
                self.nlo_x.val().get_bits::<3>(24) == self.ps4.val().get_bits::<3>(24),
            )
            .replace_bit(
                9,
                self.nlo_x.val().get_bits::<3>(27) == self.ps4.val().get_bits::<3>(27),
            )
            .replace_bit(
                10,
                self.nlo_x.val().get_bits::<2>(30) == self.ps4.val().get_bits::<2>(30),
            );
        self.cs5_l.next = bits::<11>(0)
            .replace_bit(
                0,
                self.nlo_x.val().get_bits::<3>(0) < self.ps5.val().get_bits::<3>(0),
            )
            .replace_bit(
                1,
                self.nlo_x.val().get_bits::<3>(3) < self.ps5.val().get_bits::<3>(3),
            )
            .replace_bit(
                2,
                self.nlo_x.val().get_bits::<3>(6) < self.ps5.val().get_bits::<3>(6),
            )
            .replace_bit(
                3,
                self.nlo_x.val().get_bits::<3>(9) < self.ps5.val().get_bits::<3>(9),
            )
            .replace_bit(
                4,
                self.nlo_x.val().get_bits::<3>(12) < self.ps5.val().get_bits::<3>(12),
            )
            .replace_bit(
                5,
                self.nlo_x.val().get_bits::<3>(15) < self.ps5.val().get_bits::<3>(15),
            )
            .replace_bit(
                6,
                self.nlo_x.val().get_bits::<3>(18) < self.ps5.val().get_bits::<3>(18),
            )
            .replace_bit(
                7,
                self.nlo_x.val().get_bits::<3>(21) < self.ps5.val().get_bits::<3>(21),
            )
            .replace_bit(
                8,
                self.nlo_x.val().get_bits::<3>(24) < self.ps5.val().get_bits::<3>(24),
            )
            .replace_bit(
                9,
                self.nlo_x.val().get_bits::<3>(27) < self.ps5.val().get_bits::<3>(27),
            )
            .replace_bit(
                10,
                self.nlo_x.val().get_bits::<2>(30) < self.ps5.val().get_bits::<2>(30),
            );
        self.cs5_e.next = bits::<11>(0)
            .replace_bit(
                0,
                self.nlo_x.val().get_bits::<3>(0) == self.ps5.val().get_bits::<3>(0),
            )
            .replace_bit(
                1,
                self.nlo_x.val().get_bits::<3>(3) == self.ps5.val().get_bits::<3>(3),
            )
            .replace_bit(
                2,
                self.nlo_x.val().get_bits::<3>(6) == self.ps5.val().get_bits::<3>(6),
            )
            .replace_bit(
                3,
                self.nlo_x.val().get_bits::<3>(9) == self.ps5.val().get_bits::<3>(9),
            )
            .replace_bit(
                4,
                self.nlo_x.val().get_bits::<3>(12) == self.ps5.val().get_bits::<3>(12),
            )
            .replace_bit(
                5,
                self.nlo_x.val().get_bits::<3>(15) == self.ps5.val().get_bits::<3>(15),
            )
            .replace_bit(
                6,
                self.nlo_x.val().get_bits::<3>(18) == self.ps5.val().get_bits::<3>(18),
            )
            .replace_bit(
                7,
                self.nlo_x.val().get_bits::<3>(21) == self.ps5.val().get_bits::<3>(21),
            )
            .replace_bit(
                8,
                self.nlo_x.val().get_bits::<3>(24) == self.ps5.val().get_bits::<3>(24),
            )
            .replace_bit(
                9,
                self.nlo_x.val().get_bits::<3>(27) == self.ps5.val().get_bits::<3>(27),
            )
            .replace_bit(
                10,
                self.nlo_x.val().get_bits::<2>(30) == self.ps5.val().get_bits::<2>(30),
            );
        self.cs1_l1.next = bits::<4>(0)
            .replace_bit(
                0,
                self.cs1_l.val().get_bit(2)
                    | (self.cs1_e.val().get_bit(2)
                        & (self.cs1_l.val().get_bit(1)
                            | (self.cs1_e.val().get_bit(1) & (self.cs1_l.val().get_bit(0))))),
            )
            .replace_bit(
                1,
                self.cs1_l.val().get_bit(5)
                    | (self.cs1_e.val().get_bit(5)
                        & (self.cs1_l.val().get_bit(4)
                            | (self.cs1_e.val().get_bit(4) & (self.cs1_l.val().get_bit(3))))),
            )
            .replace_bit(
                2,
                self.cs1_l.val().get_bit(8)
                    | (self.cs1_e.val().get_bit(8)
                        & (self.cs1_l.val().get_bit(7)
                            | (self.cs1_e.val().get_bit(7) & (self.cs1_l.val().get_bit(6))))),
            )
            .replace_bit(
                3,
                self.cs1_l.val().get_bit(10)
                    | (self.cs1_e.val().get_bit(10) & (self.cs1_l.val().get_bit(9))),
            );
        self.cs1_e1.next = bits::<4>(0)
            .replace_bit(
                0,
                self.cs1_e.val().get_bit(0)
                    & self.cs1_e.val().get_bit(1)
                    & self.cs1_e.val().get_bit(2),
            )
            .replace_bit(
                1,
                self.cs1_e.val().get_bit(3)
                    & self.cs1_e.val().get_bit(4)
                    & self.cs1_e.val().get_bit(5),
            )
            .replace_bit(
                2,
                self.cs1_e.val().get_bit(6)
                    & self.cs1_e.val().get_bit(7)
                    & self.cs1_e.val().get_bit(8),
            )
            .replace_bit(
                3,
                self.cs1_e.val().get_bit(9) & self.cs1_e.val().get_bit(10),
            );
        self.cs2_l1.next = bits::<4>(0)
            .replace_bit(
                0,
                self.cs2_l.val().get_bit(2)
                    | (self.cs2_e.val().get_bit(2)
                        & (self.cs2_l.val().get_bit(1)
                            | (self.cs2_e.val().get_bit(1) & (self.cs2_l.val().get_bit(0))))),
            )
            .replace_bit(
                1,
                self.cs2_l.val().get_bit(5)
                    | (self.cs2_e.val().get_bit(5)
                        & (self.cs2_l.val().get_bit(4)
                            | (self.cs2_e.val().get_bit(4) & (self.cs2_l.val().get_bit(3))))),
            )
            .replace_bit(
                2,
                self.cs2_l.val().get_bit(8)
                    | (self.cs2_e.val().get_bit(8)
                        & (self.cs2_l.val().get_bit(7)
                            | (self.cs2_e.val().get_bit(7) & (self.cs2_l.val().get_bit(6))))),
            )
            .replace_bit(
                3,
                self.cs2_l.val().get_bit(10)
                    | (self.cs2_e.val().get_bit(10) & (self.cs2_l.val().get_bit(9))),
            );
        self.cs2_e1.next = bits::<4>(0)
            .replace_bit(
                0,
                self.cs2_e.val().get_bit(0)
                    & self.cs2_e.val().get_bit(1)
                    & self.cs2_e.val().get_bit(2),
            )
            .replace_bit(
                1,
                self.cs2_e.val().get_bit(3)
                    & self.cs2_e.val().get_bit(4)
                    & self.cs2_e.val().get_bit(5),
            )
            .replace_bit(
                2,
                self.cs2_e.val().get_bit(6)
                    & self.cs2_e.val().get_bit(7)
                    & self.cs2_e.val().get_bit(8),
            )
            .replace_bit(
                3,
                self.cs2_e.val().get_bit(9) & self.cs2_e.val().get_bit(10),
            );
        self.cs3_l1.next = bits::<4>(0)
            .replace_bit(
                0,
                self.cs3_l.val().get_bit(2)
                    | (self.cs3_e.val().get_bit(2)
                        & (self.cs3_l.val().get_bit(1)
                            | (self.cs3_e.val().get_bit(1) & (self.cs3_l.val().get_bit(0))))),
            )
            .replace_bit(
                1,
                self.cs3_l.val().get_bit(5)
                    | (self.cs3_e.val().get_bit(5)
                        & (self.cs3_l.val().get_bit(4)
                            | (self.cs3_e.val().get_bit(4) & (self.cs3_l.val().get_bit(3))))),
            )
            .replace_bit(
                2,
                self.cs3_l.val().get_bit(8)
                    | (self.cs3_e.val().get_bit(8)
                        & (self.cs3_l.val().get_bit(7)
                            | (self.cs3_e.val().get_bit(7) & (self.cs3_l.val().get_bit(6))))),
            )
            .replace_bit(
                3,
                self.cs3_l.val().get_bit(10)
                    | (self.cs3_e.val().get_bit(10) & (self.cs3_l.val().get_bit(9))),
            );
        self.cs3_e1.next = bits::<4>(0)
            .replace_bit(
                0,
                self.cs3_e.val().get_bit(0)
                    & self.cs3_e.val().get_bit(1)
                    & self.cs3_e.val().get_bit(2),
            )
            .replace_bit(
                1,
                self.cs3_e.val().get_bit(3)
                    & self.cs3_e.val().get_bit(4)
                    & self.cs3_e.val().get_bit(5),
            )
            .replace_bit(
                2,
                self.cs3_e.val().get_bit(6)
                    & self.cs3_e.val().get_bit(7)
                    & self.cs3_e.val().get_bit(8),
            )
            .replace_bit(
                3,
                self.cs3_e.val().get_bit(9) & self.cs3_e.val().get_bit(10),
            );
        self.cs4_l1.next = bits::<4>(0)
            .replace_bit(
                0,
                self.cs4_l.val().get_bit(2)
                    | (self.cs4_e.val().get_bit(2)
                        & (self.cs4_l.val().get_bit(1)
                            | (self.cs4_e.val().get_bit(1) & (self.cs4_l.val().get_bit(0))))),
            )
            .replace_bit(
                1,
                self.cs4_l.val().get_bit(5)
                    | (self.cs4_e.val().get_bit(5)
                        & (self.cs4_l.val().get_bit(4)
                            | (self.cs4_e.val().get_bit(4) & (self.cs4_l.val().get_bit(3))))),
            )
            .replace_bit(
                2,
                self.cs4_l.val().get_bit(8)
                    | (self.cs4_e.val().get_bit(8)
                        & (self.cs4_l.val().get_bit(7)
                            | (self.cs4_e.val().get_bit(7) & (self.cs4_l.val().get_bit(6))))),
            )
            .replace_bit(
                3,
                self.cs4_l.val().get_bit(10)
                    | (self.cs4_e.val().get_bit(10) & (self.cs4_l.val().get_bit(9))),
            );
        self.cs4_e1.next = bits::<4>(0)
            .replace_bit(
                0,
                self.cs4_e.val().get_bit(0)
                    & self.cs4_e.val().get_bit(1)
                    & self.cs4_e.val().get_bit(2),
            )
            .replace_bit(
                1,
                self.cs4_e.val().get_bit(3)
                    & self.cs4_e.val().get_bit(4)
                    & self.cs4_e.val().get_bit(5),
            )
            .replace_bit(
                2,
                self.cs4_e.val().get_bit(6)
                    & self.cs4_e.val().get_bit(7)
                    & self.cs4_e.val().get_bit(8),
            )
            .replace_bit(
                3,
                self.cs4_e.val().get_bit(9) & self.cs4_e.val().get_bit(10),
            );
        self.cs5_l1.next = bits::<4>(0)
            .replace_bit(
                0,
                self.cs5_l.val().get_bit(2)
                    | (self.cs5_e.val().get_bit(2)
                        & (self.cs5_l.val().get_bit(1)
                            | (self.cs5_e.val().get_bit(1) & (self.cs5_l.val().get_bit(0))))),
            )
            .replace_bit(
                1,
                self.cs5_l.val().get_bit(5)
                    | (self.cs5_e.val().get_bit(5)
                        & (self.cs5_l.val().get_bit(4)
                            | (self.cs5_e.val().get_bit(4) & (self.cs5_l.val().get_bit(3))))),
            )
            .replace_bit(
                2,
                self.cs5_l.val().get_bit(8)
                    | (self.cs5_e.val().get_bit(8)
                        & (self.cs5_l.val().get_bit(7)
                            | (self.cs5_e.val().get_bit(7) & (self.cs5_l.val().get_bit(6))))),
            )
            .replace_bit(
                3,
                self.cs5_l.val().get_bit(10)
                    | (self.cs5_e.val().get_bit(10) & (self.cs5_l.val().get_bit(9))),
            );
        self.cs5_e1.next = bits::<4>(0)
            .replace_bit(
                0,
                self.cs5_e.val().get_bit(0)
                    & self.cs5_e.val().get_bit(1)
                    & self.cs5_e.val().get_bit(2),
            )
            .replace_bit(
                1,
                self.cs5_e.val().get_bit(3)
                    & self.cs5_e.val().get_bit(4)
                    & self.cs5_e.val().get_bit(5),
            )
            .replace_bit(
                2,
                self.cs5_e.val().get_bit(6)
                    & self.cs5_e.val().get_bit(7)
                    & self.cs5_e.val().get_bit(8),
            )
            .replace_bit(
                3,
                self.cs5_e.val().get_bit(9) & self.cs5_e.val().get_bit(10),
            );
        // the pacer: an INIT 1 or 2 ahead sets it to its N; a PICK 1 or 2
        // ahead leaves it (an unpaced one) or makes this one Busy (a paced
        // one); else the final pacer of the operation 3 ahead, 4 ahead, or
        // the RAM
        self.f1.next = self.eq_u.val() & self.u_init.q.val();
        self.f2.next = !self.f1.val() & self.eq_w.val() & self.w_init_q.val();
        self.f3.next = !self.f1.val() & !(self.eq_w.val() & self.w_init_q.val()) & self.eq_y.val();
        self.f4.next = !self.f1.val()
            & !(self.eq_w.val() & self.w_init_q.val())
            & !self.eq_y.val()
            & self.eq_y2.val();
        self.f5.next = !self.f1.val()
            & !(self.eq_w.val() & self.w_init_q.val())
            & !self.eq_y.val()
            & !self.eq_y2.val();
        if self.f1.val() {
            self.mf1.next = bits::<40>(0xff_ffff_ffff_u64);
        } else {
            self.mf1.next = bits::<40>(0);
        }
        if self.f2.val() {
            self.mf2.next = bits::<40>(0xff_ffff_ffff_u64);
        } else {
            self.mf2.next = bits::<40>(0);
        }
        if self.f3.val() {
            self.mf3.next = bits::<40>(0xff_ffff_ffff_u64);
        } else {
            self.mf3.next = bits::<40>(0);
        }
        if self.f4.val() {
            self.mf4.next = bits::<40>(0xff_ffff_ffff_u64);
        } else {
            self.mf4.next = bits::<40>(0);
        }
        if self.f5.val() {
            self.mf5.next = bits::<40>(0xff_ffff_ffff_u64);
        } else {
            self.mf5.next = bits::<40>(0);
        }
        self.u_pc.d.next = (self.u_n.q.val() & self.mf1.val())
            | (self.w_n_q.val() & self.mf2.val())
            | (self.y_rec_q.val().get_bits::<40>(12) & self.mf3.val())
            | (self.y2_rec_q.val().get_bits::<40>(12) & self.mf4.val())
            | (self.recs_read_data.val().get_bits::<40>(12) & self.mf5.val());
        self.u_cl.d.next = (self.cs1_l1.val() & self.mf1.val().get_bits::<4>(0))
            | (self.cs2_l1.val() & self.mf2.val().get_bits::<4>(0))
            | (self.cs3_l1.val() & self.mf3.val().get_bits::<4>(0))
            | (self.cs4_l1.val() & self.mf4.val().get_bits::<4>(0))
            | (self.cs5_l1.val() & self.mf5.val().get_bits::<4>(0));
        self.u_ce.d.next = (self.cs1_e1.val() & self.mf1.val().get_bits::<4>(0))
            | (self.cs2_e1.val() & self.mf2.val().get_bits::<4>(0))
            | (self.cs3_e1.val() & self.mf3.val().get_bits::<4>(0))
            | (self.cs4_e1.val() & self.mf4.val().get_bits::<4>(0))
            | (self.cs5_e1.val() & self.mf5.val().get_bits::<4>(0));
        // Busy: a PICK with an operation on its connection 1 or 2 ahead,
        // when this connection is paced or that operation was a paced PICK
        self.u_busy.d.next = self.x_valid_q.val()
            & !self.x_init_q.val()
            & ((self.eq_u.val()
                & (self.x_incnz_q.val() | (self.u_pick.q.val() & self.u_incnz.q.val())))
                | (self.eq_w.val()
                    & (self.x_incnz_q.val() | (self.w_pick_q.val() & self.w_incnz_q.val()))));
        self.u_fwd1.d.next = self.eq_u.val();
        self.u_fwd2.d.next = self.eq_w.val();
        self.u_nh.d.next = self.x_now_q.val().get_bits::<8>(24);
        self.u_nh1.d.next = self.x_now_q.val().get_bits::<8>(24) + 1;
        self.u_c.d.next = self.x_valid_q.val()
            & (self.x_init_q.val() | (self.x_any_q.val() & self.x_incnz_q.val()));
        self.u_pa.d.next = self.x_valid_q.val() & !self.x_init_q.val() & self.x_any_q.val();
        self.u_valid.d.next = self.x_valid_q.val();
        self.u_pick.d.next = self.x_valid_q.val() & !self.x_init_q.val();
        self.u_init.d.next = self.x_valid_q.val() & self.x_init_q.val();
        self.u_conn.d.next = self.x_conn_q.val();
        self.u_retx.d.next = self.x_retx_q.val();
        self.u_tag.d.next = self.x_tag_q.val();
        self.u_incnz.d.next = self.x_incnz_q.val();
        self.u_any.d.next = self.x_any_q.val();
        self.u_use.d.next = self.x_use_q.val();
        self.u_sm1.d.next = self.x_sm1_q.val();
        self.u_sm1z.d.next = self.x_sm1z_q.val();

        self.u_valid_q.next = self.u_valid.q.val();
        self.u_pick_q.next = self.u_pick.q.val();
        self.u_init_q.next = self.u_init.q.val();
        self.u_conn_q.next = self.u_conn.q.val();
        self.u_retx_q.next = self.u_retx.q.val();
        self.u_tag_q.next = self.u_tag.q.val();
        self.u_n_q.next = self.u_n.q.val();
        self.u_a_q.next = self.u_a.q.val();
        self.u_b_q.next = self.u_b.q.val();
        self.u_ser_q.next = self.u_ser.q.val();
        self.u_incnz_q.next = self.u_incnz.q.val();
        self.u_any_q.next = self.u_any.q.val();
        self.u_use_q.next = self.u_use.q.val();
        self.u_sm1_q.next = self.u_sm1.q.val();
        self.u_sm1z_q.next = self.u_sm1z.q.val();
        self.u_fwd1_q.next = self.u_fwd1.q.val();
        self.u_nh_q.next = self.u_nh.q.val();
        self.u_nh1_q.next = self.u_nh1.q.val();
        self.u_c_q.next = self.u_c.q.val();
        self.u_pa_q.next = self.u_pa.q.val();
        self.u_nb_q.next = self.u_nb.q.val();
        self.u_pc_q.next = self.u_pc.q.val();
        self.u_fwd2_q.next = self.u_fwd2.q.val();
        self.u_busy_q.next = self.u_busy.q.val();
        self.u_cl_q.next = self.u_cl.q.val();
        self.u_ce_q.next = self.u_ce.q.val();
    }
}
