//! `next_path`: the sprayer's stage E5-E6, a sub-block of `sprayer`.
//!
//! # Behaviour
//!
//! * The next-path/burst loop, one clock: the record merged at E4-E5 (or
//!   the result just ahead, forwarded) gives the pointer and the burst;
//!   the burst goes on while the chosen path is the pointer's own and
//!   `burst < spray_burst - 1`, else the pointer moves to the next open
//!   path (`NextSet`'s precomputed choice for each pointer value).
//! * The pacer's first clock on the merged pacer: paced when `pacer - N`
//!   (mod 2^40) is in `[1, 2^32]` (a Busy PICK always is, an INIT never);
//!   the signs of `N - pacer` and `pacer - (N - ser/2)` from 39-bit
//!   compares; `pacer + ser`.
//! * The results (`c_*`: the chosen path, paced, none; `w_*`, `v_*`: the
//!   record and pacer for the next stages) are registers.

use super::SelAdd40;
use rust_hdl::prelude::*;

/// The sprayer's next-path loop and first pacer clock (E5-E6).
#[derive(LogicBlock, Default)]
pub struct NextPath<const IDX: usize> {
    /// Clock.
    pub clock: Signal<In, Clock>,
    /// From `merge.u_fwd1_q`.
    pub merge_u_fwd1_q: Signal<In, Bit>,
    /// From `merge.u_nb_q`.
    pub merge_u_nb_q: Signal<In, Bits<12>>,
    /// From `merge.u_pc_q`.
    pub merge_u_pc_q: Signal<In, Bits<40>>,
    /// From `merge.u_n_q`.
    pub merge_u_n_q: Signal<In, Bits<40>>,
    /// From `merge.u_a_q`.
    pub merge_u_a_q: Signal<In, Bits<40>>,
    /// From `merge.u_cl_q`.
    pub merge_u_cl_q: Signal<In, Bits<4>>,
    /// From `merge.u_ce_q`.
    pub merge_u_ce_q: Signal<In, Bits<4>>,
    /// From `merge.u_nh_q`.
    pub merge_u_nh_q: Signal<In, Bits<8>>,
    /// From `merge.u_nh1_q`.
    pub merge_u_nh1_q: Signal<In, Bits<8>>,
    /// From `merge.u_pick_q`.
    pub merge_u_pick_q: Signal<In, Bit>,
    /// From `merge.u_busy_q`.
    pub merge_u_busy_q: Signal<In, Bit>,
    /// From `merge.u_ser_q`.
    pub merge_u_ser_q: Signal<In, Bits<40>>,
    /// From `merge.u_b_q`.
    pub merge_u_b_q: Signal<In, Bits<40>>,
    /// From `merge.u_init_q`.
    pub merge_u_init_q: Signal<In, Bit>,
    /// From `merge.u_c_q`.
    pub merge_u_c_q: Signal<In, Bit>,
    /// From `merge.u_fwd2_q`.
    pub merge_u_fwd2_q: Signal<In, Bit>,
    /// From `ns0.nx`.
    pub ns0_nx: Signal<In, Bits<4>>,
    /// From `ns1.nx`.
    pub ns1_nx: Signal<In, Bits<4>>,
    /// From `ns2.nx`.
    pub ns2_nx: Signal<In, Bits<4>>,
    /// From `ns3.nx`.
    pub ns3_nx: Signal<In, Bits<4>>,
    /// From `ns4.nx`.
    pub ns4_nx: Signal<In, Bits<4>>,
    /// From `ns5.nx`.
    pub ns5_nx: Signal<In, Bits<4>>,
    /// From `ns6.nx`.
    pub ns6_nx: Signal<In, Bits<4>>,
    /// From `ns7.nx`.
    pub ns7_nx: Signal<In, Bits<4>>,
    /// From `ns8.nx`.
    pub ns8_nx: Signal<In, Bits<4>>,
    /// From `ns9.nx`.
    pub ns9_nx: Signal<In, Bits<4>>,
    /// From `ns10.nx`.
    pub ns10_nx: Signal<In, Bits<4>>,
    /// From `ns11.nx`.
    pub ns11_nx: Signal<In, Bits<4>>,
    /// From `ns12.nx`.
    pub ns12_nx: Signal<In, Bits<4>>,
    /// From `ns13.nx`.
    pub ns13_nx: Signal<In, Bits<4>>,
    /// From `ns14.nx`.
    pub ns14_nx: Signal<In, Bits<4>>,
    /// From `ns15.nx`.
    pub ns15_nx: Signal<In, Bits<4>>,
    /// From `ns0.nx1`.
    pub ns0_nx1: Signal<In, Bits<4>>,
    /// From `ns1.nx1`.
    pub ns1_nx1: Signal<In, Bits<4>>,
    /// From `ns2.nx1`.
    pub ns2_nx1: Signal<In, Bits<4>>,
    /// From `ns3.nx1`.
    pub ns3_nx1: Signal<In, Bits<4>>,
    /// From `ns4.nx1`.
    pub ns4_nx1: Signal<In, Bits<4>>,
    /// From `ns5.nx1`.
    pub ns5_nx1: Signal<In, Bits<4>>,
    /// From `ns6.nx1`.
    pub ns6_nx1: Signal<In, Bits<4>>,
    /// From `ns7.nx1`.
    pub ns7_nx1: Signal<In, Bits<4>>,
    /// From `ns8.nx1`.
    pub ns8_nx1: Signal<In, Bits<4>>,
    /// From `ns9.nx1`.
    pub ns9_nx1: Signal<In, Bits<4>>,
    /// From `ns10.nx1`.
    pub ns10_nx1: Signal<In, Bits<4>>,
    /// From `ns11.nx1`.
    pub ns11_nx1: Signal<In, Bits<4>>,
    /// From `ns12.nx1`.
    pub ns12_nx1: Signal<In, Bits<4>>,
    /// From `ns13.nx1`.
    pub ns13_nx1: Signal<In, Bits<4>>,
    /// From `ns14.nx1`.
    pub ns14_nx1: Signal<In, Bits<4>>,
    /// From `ns15.nx1`.
    pub ns15_nx1: Signal<In, Bits<4>>,
    /// From `merge.u_use_q`.
    pub merge_u_use_q: Signal<In, Bits<16>>,
    /// From `merge.u_pa_q`.
    pub merge_u_pa_q: Signal<In, Bit>,
    /// From `merge.u_sm1_q`.
    pub merge_u_sm1_q: Signal<In, Bits<8>>,
    /// From `merge.u_sm1z_q`.
    pub merge_u_sm1z_q: Signal<In, Bit>,
    /// From `merge.u_valid_q`.
    pub merge_u_valid_q: Signal<In, Bit>,
    /// From `merge.u_conn_q`.
    pub merge_u_conn_q: Signal<In, Bits<IDX>>,
    /// From `merge.u_incnz_q`.
    pub merge_u_incnz_q: Signal<In, Bit>,
    /// From `merge.u_any_q`.
    pub merge_u_any_q: Signal<In, Bit>,
    /// From `merge.u_tag_q`.
    pub merge_u_tag_q: Signal<In, Bits<16>>,
    /// From `merge.u_retx_q`.
    pub merge_u_retx_q: Signal<In, Bit>,
    /// This block's `w_valid_q`.
    pub w_valid_q: Signal<Out, Bit>,
    /// This block's `w_conn_q`.
    pub w_conn_q: Signal<Out, Bits<IDX>>,
    /// This block's `c_init_q`.
    pub c_init_q: Signal<Out, Bit>,
    /// This block's `c_ok_q`.
    pub c_ok_q: Signal<Out, Bit>,
    /// This block's `c_paced_q`.
    pub c_paced_q: Signal<Out, Bit>,
    /// This block's `c_none_q`.
    pub c_none_q: Signal<Out, Bit>,
    /// This block's `c_path_q`.
    pub c_path_q: Signal<Out, Bits<4>>,
    /// This block's `c_tag_q`.
    pub c_tag_q: Signal<Out, Bits<16>>,
    /// This block's `c_retx_q`.
    pub c_retx_q: Signal<Out, Bit>,
    /// This block's `w_nb_q`.
    pub w_nb_q: Signal<Out, Bits<12>>,
    /// This block's `w_n_q`.
    pub w_n_q: Signal<Out, Bits<40>>,
    /// This block's `w_init_q`.
    pub w_init_q: Signal<Out, Bit>,
    /// This block's `w_pick_q`.
    pub w_pick_q: Signal<Out, Bit>,
    /// This block's `w_incnz_q`.
    pub w_incnz_q: Signal<Out, Bit>,
    /// This block's `v_sum_q`.
    pub v_sum_q: Signal<Out, Bits<40>>,
    /// This block's `v_b_q`.
    pub v_b_q: Signal<Out, Bits<40>>,
    /// This block's `v_set_q`.
    pub v_set_q: Signal<Out, Bit>,
    /// This block's `v_f1_q`.
    pub v_f1_q: Signal<Out, Bit>,
    /// This block's `v_f2_q`.
    pub v_f2_q: Signal<Out, Bit>,
    /// This block's `v_pc_q`.
    pub v_pc_q: Signal<Out, Bits<40>>,
    /// This block's `v_xl_q`.
    pub v_xl_q: Signal<Out, Bits<5>>,
    /// This block's `v_xe_q`.
    pub v_xe_q: Signal<Out, Bits<5>>,
    /// This block's `v_yl_q`.
    pub v_yl_q: Signal<Out, Bits<5>>,
    /// This block's `v_ye_q`.
    pub v_ye_q: Signal<Out, Bits<5>>,
    /// This block's `v_xt_q`.
    pub v_xt_q: Signal<Out, Bit>,
    /// This block's `v_yt_q`.
    pub v_yt_q: Signal<Out, Bit>,
    /// This block's `v_init_q`.
    pub v_init_q: Signal<Out, Bit>,
    add_p: SelAdd40,
    w_valid: DFF<Bit>,
    w_conn: DFF<Bits<IDX>>,
    c_init: DFF<Bit>,
    c_ok: DFF<Bit>,
    c_paced: DFF<Bit>,
    c_none: DFF<Bit>,
    c_path: DFF<Bits<4>>,
    c_tag: DFF<Bits<16>>,
    c_retx: DFF<Bit>,
    w_nb: DFF<Bits<12>>,
    w_n: DFF<Bits<40>>,
    w_init: DFF<Bit>,
    w_pick: DFF<Bit>,
    w_incnz: DFF<Bit>,
    v_sum: DFF<Bits<40>>,
    v_b: DFF<Bits<40>>,
    v_set: DFF<Bit>,
    v_f1: DFF<Bit>,
    v_f2: DFF<Bit>,
    v_pc: DFF<Bits<40>>,
    v_xl: DFF<Bits<5>>,
    v_xe: DFF<Bits<5>>,
    v_yl: DFF<Bits<5>>,
    v_ye: DFF<Bits<5>>,
    v_xt: DFF<Bit>,
    v_yt: DFF<Bit>,
    v_init: DFF<Bit>,
    cxl_l: Signal<Local, Bits<13>>,
    cxl_e: Signal<Local, Bits<13>>,
    cxl_l1: Signal<Local, Bits<5>>,
    cxl_e1: Signal<Local, Bits<5>>,
    cyl_l: Signal<Local, Bits<13>>,
    cyl_e: Signal<Local, Bits<13>>,
    cyl_l1: Signal<Local, Bits<5>>,
    cyl_e1: Signal<Local, Bits<5>>,
    cbl_l: Signal<Local, Bits<3>>,
    cbl_e: Signal<Local, Bits<3>>,
    blt: Signal<Local, Bit>,
    cur: Signal<Local, Bits<12>>,
    rr: Signal<Local, Bits<4>>,
    bst: Signal<Local, Bits<8>>,
    pc: Signal<Local, Bits<40>>,
    n_39: Signal<Local, Bits<39>>,
    pb_39: Signal<Local, Bits<39>>,
    a_39: Signal<Local, Bits<39>>,
    lt_b: Signal<Local, Bit>,
    nxb0: Signal<Local, Bits<16>>,
    nxb1: Signal<Local, Bits<16>>,
    nxb2: Signal<Local, Bits<16>>,
    nxb3: Signal<Local, Bits<16>>,
    nx1b0: Signal<Local, Bits<16>>,
    nx1b1: Signal<Local, Bits<16>>,
    nx1b2: Signal<Local, Bits<16>>,
    nx1b3: Signal<Local, Bits<16>>,
    ch: Signal<Local, Bits<4>>,
    ch1: Signal<Local, Bits<4>>,
    e: Signal<Local, Bit>,
    paced: Signal<Local, Bit>,
    ok: Signal<Local, Bit>,
    adv: Signal<Local, Bit>,
    bp1: Signal<Local, Bits<8>>,
    rr_n: Signal<Local, Bits<4>>,
    bst_n: Signal<Local, Bits<8>>,
    eqh: Signal<Local, Bit>,
    eqh1: Signal<Local, Bit>,
    t_rr: Signal<Local, Bits<4>>,
    t_b: Signal<Local, Bits<8>>,
}

impl<const IDX: usize> Logic for NextPath<IDX> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, w_valid, w_conn, c_init, c_ok, c_paced, c_none, c_path, c_tag, c_retx,
            w_nb, w_n, w_init, w_pick, w_incnz, v_sum, v_b, v_set, v_f1, v_f2, v_pc, v_xl, v_xe,
            v_yl, v_ye, v_xt, v_yt, v_init
        );
        // ---- E5-E6: the next_path/burst loop (one clock, forwarding the
        // result just ahead) and the pacer's first clock (compares and
        // pacer + ser on the merged pacer, all registers)
        if self.merge_u_fwd1_q.val() {
            self.cur.next = self.w_nb.q.val();
        } else {
            self.cur.next = self.merge_u_nb_q.val();
        }
        self.rr.next = self.cur.val().get_bits::<4>(0);
        self.bst.next = self.cur.val().get_bits::<8>(4);
        self.pc.next = self.merge_u_pc_q.val();
        self.n_39.next = self.merge_u_n_q.val().get_bits::<39>(0);
        self.pb_39.next = self.pc.val().get_bits::<39>(0);
        self.a_39.next = self.merge_u_a_q.val().get_bits::<39>(0);
        // paced: pacer - N (mod 2^40) in [1, 2^32]: P_lo > N_lo and the top
        // bytes equal, or P_lo <= N_lo and P's top byte is N's + 1; a Busy
        // PICK always is, an INIT never
        self.lt_b.next = self.merge_u_cl_q.val().get_bit(3)
            | (self.merge_u_ce_q.val().get_bit(3)
                & (self.merge_u_cl_q.val().get_bit(2)
                    | (self.merge_u_ce_q.val().get_bit(2)
                        & (self.merge_u_cl_q.val().get_bit(1)
                            | (self.merge_u_ce_q.val().get_bit(1)
                                & (self.merge_u_cl_q.val().get_bit(0)))))));
        self.eqh.next = self.pc.val().get_bits::<8>(32) == self.merge_u_nh_q.val();
        self.eqh1.next = self.pc.val().get_bits::<8>(32) == self.merge_u_nh1_q.val();
        self.paced.next = self.merge_u_pick_q.val()
            & (self.merge_u_busy_q.val()
                | (self.lt_b.val() & self.eqh.val())
                | (!self.lt_b.val() & self.eqh1.val()));
        // the signs of N - pacer and pacer - (N - ser/2), from 39-bit
        // compares (bit 39 of a difference is the top bits' xor and the
        // borrow out of the low 39): the pacer counts when both are >= 0
        self.cxl_l.next = bits::<13>(0)
            .replace_bit(
                0,
                self.n_39.val().get_bits::<3>(0) < self.pb_39.val().get_bits::<3>(0),
            )
            .replace_bit(
                1,
                self.n_39.val().get_bits::<3>(3) < self.pb_39.val().get_bits::<3>(3),
            )
            .replace_bit(
                2,
                self.n_39.val().get_bits::<3>(6) < self.pb_39.val().get_bits::<3>(6),
            )
            .replace_bit(
                3,
                self.n_39.val().get_bits::<3>(9) < self.pb_39.val().get_bits::<3>(9),
            )
            .replace_bit(
                4,
                self.n_39.val().get_bits::<3>(12) < self.pb_39.val().get_bits::<3>(12),
            )
            .replace_bit(
                5,
                self.n_39.val().get_bits::<3>(15) < self.pb_39.val().get_bits::<3>(15),
            )
            .replace_bit(
                6,
                self.n_39.val().get_bits::<3>(18) < self.pb_39.val().get_bits::<3>(18),
            )
            .replace_bit(
                7,
                self.n_39.val().get_bits::<3>(21) < self.pb_39.val().get_bits::<3>(21),
            )
            .replace_bit(
                8,
                self.n_39.val().get_bits::<3>(24) < self.pb_39.val().get_bits::<3>(24),
            )
            .replace_bit(
                9,
                self.n_39.val().get_bits::<3>(27) < self.pb_39.val().get_bits::<3>(27),
            )
            .replace_bit(
                10,
                self.n_39.val().get_bits::<3>(30) < self.pb_39.val().get_bits::<3>(30),
            )
            .replace_bit(
                11,
                self.n_39.val().get_bits::<3>(33) < self.pb_39.val().get_bits::<3>(33),
            )
            .replace_bit(
                12,
                self.n_39.val().get_bits::<3>(36) < self.pb_39.val().get_bits::<3>(36),
            );
        self.cxl_e.next = bits::<13>(0)
            .replace_bit(
                0,
                self.n_39.val().get_bits::<3>(0) == self.pb_39.val().get_bits::<3>(0),
            )
            .replace_bit(
                1,
                self.n_39.val().get_bits::<3>(3) == self.pb_39.val().get_bits::<3>(3),
            )
            .replace_bit(
                2,
                self.n_39.val().get_bits::<3>(6) == self.pb_39.val().get_bits::<3>(6),
            )
            .replace_bit(
                3,
                self.n_39.val().get_bits::<3>(9) == self.pb_39.val().get_bits::<3>(9),
            )
            .replace_bit(
                4,
                self.n_39.val().get_bits::<3>(12) == self.pb_39.val().get_bits::<3>(12),
            )
            .replace_bit(
                5,
                self.n_39.val().get_bits::<3>(15) == self.pb_39.val().get_bits::<3>(15),
            )
            .replace_bit(
                6,
                self.n_39.val().get_bits::<3>(18) == self.pb_39.val().get_bits::<3>(18),
            )
            .replace_bit(
                7,
                self.n_39.val().get_bits::<3>(21) == self.pb_39.val().get_bits::<3>(21),
            )
            .replace_bit(
                8,
                self.n_39.val().get_bits::<3>(24) == self.pb_39.val().get_bits::<3>(24),
            )
            .replace_bit(
                9,
                self.n_39.val().get_bits::<3>(27) == self.pb_39.val().get_bits::<3>(27),
            )
            .replace_bit(
                10,
                self.n_39.val().get_bits::<3>(30) == self.pb_39.val().get_bits::<3>(30),
            )
            .replace_bit(
                11,
                self.n_39.val().get_bits::<3>(33) == self.pb_39.val().get_bits::<3>(33),
            )
            .replace_bit(
                12,
                self.n_39.val().get_bits::<3>(36) == self.pb_39.val().get_bits::<3>(36),
            );
        self.cxl_l1.next = bits::<5>(0)
            .replace_bit(
                0,
                self.cxl_l.val().get_bit(2)
                    | (self.cxl_e.val().get_bit(2)
                        & (self.cxl_l.val().get_bit(1)
                            | (self.cxl_e.val().get_bit(1) & (self.cxl_l.val().get_bit(0))))),
            )
            .replace_bit(
                1,
                self.cxl_l.val().get_bit(5)
                    | (self.cxl_e.val().get_bit(5)
                        & (self.cxl_l.val().get_bit(4)
                            | (self.cxl_e.val().get_bit(4) & (self.cxl_l.val().get_bit(3))))),
            )
            .replace_bit(
                2,
                self.cxl_l.val().get_bit(8)
                    | (self.cxl_e.val().get_bit(8)
                        & (self.cxl_l.val().get_bit(7)
                            | (self.cxl_e.val().get_bit(7) & (self.cxl_l.val().get_bit(6))))),
            )
            .replace_bit(
                3,
                self.cxl_l.val().get_bit(11)
                    | (self.cxl_e.val().get_bit(11)
                        & (self.cxl_l.val().get_bit(10)
                            | (self.cxl_e.val().get_bit(10) & (self.cxl_l.val().get_bit(9))))),
            )
            .replace_bit(4, self.cxl_l.val().get_bit(12));
        self.cxl_e1.next = bits::<5>(0)
            .replace_bit(
                0,
                self.cxl_e.val().get_bit(0)
                    & self.cxl_e.val().get_bit(1)
                    & self.cxl_e.val().get_bit(2),
            )
            .replace_bit(
                1,
                self.cxl_e.val().get_bit(3)
                    & self.cxl_e.val().get_bit(4)
                    & self.cxl_e.val().get_bit(5),
            )
            .replace_bit(
                2,
                self.cxl_e.val().get_bit(6)
                    & self.cxl_e.val().get_bit(7)
                    & self.cxl_e.val().get_bit(8),
            )
            .replace_bit(
                3,
                self.cxl_e.val().get_bit(9)
                    & self.cxl_e.val().get_bit(10)
                    & self.cxl_e.val().get_bit(11),
            )
            .replace_bit(4, self.cxl_e.val().get_bit(12));
        self.cyl_l.next = bits::<13>(0)
            .replace_bit(
                0,
                self.pb_39.val().get_bits::<3>(0) < self.a_39.val().get_bits::<3>(0),
            )
            .replace_bit(
                1,
                self.pb_39.val().get_bits::<3>(3) < self.a_39.val().get_bits::<3>(3),
            )
            .replace_bit(
                2,
                self.pb_39.val().get_bits::<3>(6) < self.a_39.val().get_bits::<3>(6),
            )
            .replace_bit(
                3,
                self.pb_39.val().get_bits::<3>(9) < self.a_39.val().get_bits::<3>(9),
            )
            .replace_bit(
                4,
                self.pb_39.val().get_bits::<3>(12) < self.a_39.val().get_bits::<3>(12),
            )
            .replace_bit(
                5,
                self.pb_39.val().get_bits::<3>(15) < self.a_39.val().get_bits::<3>(15),
            )
            .replace_bit(
                6,
                self.pb_39.val().get_bits::<3>(18) < self.a_39.val().get_bits::<3>(18),
            )
            .replace_bit(
                7,
                self.pb_39.val().get_bits::<3>(21) < self.a_39.val().get_bits::<3>(21),
            )
            .replace_bit(
                8,
                self.pb_39.val().get_bits::<3>(24) < self.a_39.val().get_bits::<3>(24),
            )
            .replace_bit(
                9,
                self.pb_39.val().get_bits::<3>(27) < self.a_39.val().get_bits::<3>(27),
            )
            .replace_bit(
                10,
                self.pb_39.val().get_bits::<3>(30) < self.a_39.val().get_bits::<3>(30),
            )
            .replace_bit(
                11,
                self.pb_39.val().get_bits::<3>(33) < self.a_39.val().get_bits::<3>(33),
            )
            .replace_bit(
                12,
                self.pb_39.val().get_bits::<3>(36) < self.a_39.val().get_bits::<3>(36),
            );
        self.cyl_e.next = bits::<13>(0)
            .replace_bit(
                0,
                self.pb_39.val().get_bits::<3>(0) == self.a_39.val().get_bits::<3>(0),
            )
            .replace_bit(
                1,
                self.pb_39.val().get_bits::<3>(3) == self.a_39.val().get_bits::<3>(3),
            )
            .replace_bit(
                2,
                self.pb_39.val().get_bits::<3>(6) == self.a_39.val().get_bits::<3>(6),
            )
            .replace_bit(
                3,
                self.pb_39.val().get_bits::<3>(9) == self.a_39.val().get_bits::<3>(9),
            )
            .replace_bit(
                4,
                self.pb_39.val().get_bits::<3>(12) == self.a_39.val().get_bits::<3>(12),
            )
            .replace_bit(
                5,
                self.pb_39.val().get_bits::<3>(15) == self.a_39.val().get_bits::<3>(15),
            )
            .replace_bit(
                6,
                self.pb_39.val().get_bits::<3>(18) == self.a_39.val().get_bits::<3>(18),
            )
            .replace_bit(
                7,
                self.pb_39.val().get_bits::<3>(21) == self.a_39.val().get_bits::<3>(21),
            )
            .replace_bit(
                8,
                self.pb_39.val().get_bits::<3>(24) == self.a_39.val().get_bits::<3>(24),
            )
            .replace_bit(
                9,
                self.pb_39.val().get_bits::<3>(27) == self.a_39.val().get_bits::<3>(27),
            )
            .replace_bit(
                10,
                self.pb_39.val().get_bits::<3>(30) == self.a_39.val().get_bits::<3>(30),
            )
            .replace_bit(
                11,
                self.pb_39.val().get_bits::<3>(33) == self.a_39.val().get_bits::<3>(33),
            )
            .replace_bit(
                12,
                self.pb_39.val().get_bits::<3>(36) == self.a_39.val().get_bits::<3>(36),
            );
        self.cyl_l1.next = bits::<5>(0)
            .replace_bit(
                0,
                self.cyl_l.val().get_bit(2)
                    | (self.cyl_e.val().get_bit(2)
                        & (self.cyl_l.val().get_bit(1)
                            | (self.cyl_e.val().get_bit(1) & (self.cyl_l.val().get_bit(0))))),
            )
            .replace_bit(
                1,
                self.cyl_l.val().get_bit(5)
                    | (self.cyl_e.val().get_bit(5)
                        & (self.cyl_l.val().get_bit(4)
                            | (self.cyl_e.val().get_bit(4) & (self.cyl_l.val().get_bit(3))))),
            )
            .replace_bit(
                2,
                self.cyl_l.val().get_bit(8)
                    | (self.cyl_e.val().get_bit(8)
                        & (self.cyl_l.val().get_bit(7)
                            | (self.cyl_e.val().get_bit(7) & (self.cyl_l.val().get_bit(6))))),
            )
            .replace_bit(
                3,
                self.cyl_l.val().get_bit(11)
                    | (self.cyl_e.val().get_bit(11)
                        & (self.cyl_l.val().get_bit(10)
                            | (self.cyl_e.val().get_bit(10) & (self.cyl_l.val().get_bit(9))))),
            )
            .replace_bit(4, self.cyl_l.val().get_bit(12));
        self.cyl_e1.next = bits::<5>(0)
            .replace_bit(
                0,
                self.cyl_e.val().get_bit(0)
                    & self.cyl_e.val().get_bit(1)
                    & self.cyl_e.val().get_bit(2),
            )
            .replace_bit(
                1,
                self.cyl_e.val().get_bit(3)
                    & self.cyl_e.val().get_bit(4)
                    & self.cyl_e.val().get_bit(5),
            )
            .replace_bit(
                2,
                self.cyl_e.val().get_bit(6)
                    & self.cyl_e.val().get_bit(7)
                    & self.cyl_e.val().get_bit(8),
            )
            .replace_bit(
                3,
                self.cyl_e.val().get_bit(9)
                    & self.cyl_e.val().get_bit(10)
                    & self.cyl_e.val().get_bit(11),
            )
            .replace_bit(4, self.cyl_e.val().get_bit(12));
        self.v_xl.d.next = self.cxl_l1.val();
        self.v_xe.d.next = self.cxl_e1.val();
        self.v_yl.d.next = self.cyl_l1.val();
        self.v_ye.d.next = self.cyl_e1.val();
        self.v_xt.d.next = self.merge_u_n_q.val().get_bit(39) ^ self.pc.val().get_bit(39);
        self.v_yt.d.next = self.pc.val().get_bit(39) ^ self.merge_u_a_q.val().get_bit(39);
        // pacer + ser
        self.add_p.a.next = self.merge_u_pc_q.val();
        self.add_p.b.next = self.merge_u_ser_q.val();
        self.add_p.cin.next = false;
        self.v_sum.d.next = self.add_p.sum.val();
        self.v_b.d.next = self.merge_u_b_q.val();
        self.v_init.d.next = self.merge_u_init_q.val();
        self.v_set.d.next = self.merge_u_c_q.val() & !self.paced.val();
        self.v_pc.d.next = self.pc.val();
        self.v_f1.d.next = self.merge_u_fwd1_q.val();
        self.v_f2.d.next = self.merge_u_fwd2_q.val();
        // the choice for this pointer (precomputed per pointer value)
        self.nxb0.next = bits::<16>(0)
            .replace_bit(0, self.ns0_nx.val().get_bit(0))
            .replace_bit(1, self.ns1_nx.val().get_bit(0))
            .replace_bit(2, self.ns2_nx.val().get_bit(0))
            .replace_bit(3, self.ns3_nx.val().get_bit(0))
            .replace_bit(4, self.ns4_nx.val().get_bit(0))
            .replace_bit(5, self.ns5_nx.val().get_bit(0))
            .replace_bit(6, self.ns6_nx.val().get_bit(0))
            .replace_bit(7, self.ns7_nx.val().get_bit(0))
            .replace_bit(8, self.ns8_nx.val().get_bit(0))
            .replace_bit(9, self.ns9_nx.val().get_bit(0))
            .replace_bit(10, self.ns10_nx.val().get_bit(0))
            .replace_bit(11, self.ns11_nx.val().get_bit(0))
            .replace_bit(12, self.ns12_nx.val().get_bit(0))
            .replace_bit(13, self.ns13_nx.val().get_bit(0))
            .replace_bit(14, self.ns14_nx.val().get_bit(0))
            .replace_bit(15, self.ns15_nx.val().get_bit(0));
        self.nx1b0.next = bits::<16>(0)
            .replace_bit(0, self.ns0_nx1.val().get_bit(0))
            .replace_bit(1, self.ns1_nx1.val().get_bit(0))
            .replace_bit(2, self.ns2_nx1.val().get_bit(0))
            .replace_bit(3, self.ns3_nx1.val().get_bit(0))
            .replace_bit(4, self.ns4_nx1.val().get_bit(0))
            .replace_bit(5, self.ns5_nx1.val().get_bit(0))
            .replace_bit(6, self.ns6_nx1.val().get_bit(0))
            .replace_bit(7, self.ns7_nx1.val().get_bit(0))
            .replace_bit(8, self.ns8_nx1.val().get_bit(0))
            .replace_bit(9, self.ns9_nx1.val().get_bit(0))
            .replace_bit(10, self.ns10_nx1.val().get_bit(0))
            .replace_bit(11, self.ns11_nx1.val().get_bit(0))
            .replace_bit(12, self.ns12_nx1.val().get_bit(0))
            .replace_bit(13, self.ns13_nx1.val().get_bit(0))
            .replace_bit(14, self.ns14_nx1.val().get_bit(0))
            .replace_bit(15, self.ns15_nx1.val().get_bit(0));
        self.nxb1.next = bits::<16>(0)
            .replace_bit(0, self.ns0_nx.val().get_bit(1))
            .replace_bit(1, self.ns1_nx.val().get_bit(1))
            .replace_bit(2, self.ns2_nx.val().get_bit(1))
            .replace_bit(3, self.ns3_nx.val().get_bit(1))
            .replace_bit(4, self.ns4_nx.val().get_bit(1))
            .replace_bit(5, self.ns5_nx.val().get_bit(1))
            .replace_bit(6, self.ns6_nx.val().get_bit(1))
            .replace_bit(7, self.ns7_nx.val().get_bit(1))
            .replace_bit(8, self.ns8_nx.val().get_bit(1))
            .replace_bit(9, self.ns9_nx.val().get_bit(1))
            .replace_bit(10, self.ns10_nx.val().get_bit(1))
            .replace_bit(11, self.ns11_nx.val().get_bit(1))
            .replace_bit(12, self.ns12_nx.val().get_bit(1))
            .replace_bit(13, self.ns13_nx.val().get_bit(1))
            .replace_bit(14, self.ns14_nx.val().get_bit(1))
            .replace_bit(15, self.ns15_nx.val().get_bit(1));
        self.nx1b1.next = bits::<16>(0)
            .replace_bit(0, self.ns0_nx1.val().get_bit(1))
            .replace_bit(1, self.ns1_nx1.val().get_bit(1))
            .replace_bit(2, self.ns2_nx1.val().get_bit(1))
            .replace_bit(3, self.ns3_nx1.val().get_bit(1))
            .replace_bit(4, self.ns4_nx1.val().get_bit(1))
            .replace_bit(5, self.ns5_nx1.val().get_bit(1))
            .replace_bit(6, self.ns6_nx1.val().get_bit(1))
            .replace_bit(7, self.ns7_nx1.val().get_bit(1))
            .replace_bit(8, self.ns8_nx1.val().get_bit(1))
            .replace_bit(9, self.ns9_nx1.val().get_bit(1))
            .replace_bit(10, self.ns10_nx1.val().get_bit(1))
            .replace_bit(11, self.ns11_nx1.val().get_bit(1))
            .replace_bit(12, self.ns12_nx1.val().get_bit(1))
            .replace_bit(13, self.ns13_nx1.val().get_bit(1))
            .replace_bit(14, self.ns14_nx1.val().get_bit(1))
            .replace_bit(15, self.ns15_nx1.val().get_bit(1));
        self.nxb2.next = bits::<16>(0)
            .replace_bit(0, self.ns0_nx.val().get_bit(2))
            .replace_bit(1, self.ns1_nx.val().get_bit(2))
            .replace_bit(2, self.ns2_nx.val().get_bit(2))
            .replace_bit(3, self.ns3_nx.val().get_bit(2))
            .replace_bit(4, self.ns4_nx.val().get_bit(2))
            .replace_bit(5, self.ns5_nx.val().get_bit(2))
            .replace_bit(6, self.ns6_nx.val().get_bit(2))
            .replace_bit(7, self.ns7_nx.val().get_bit(2))
            .replace_bit(8, self.ns8_nx.val().get_bit(2))
            .replace_bit(9, self.ns9_nx.val().get_bit(2))
            .replace_bit(10, self.ns10_nx.val().get_bit(2))
            .replace_bit(11, self.ns11_nx.val().get_bit(2))
            .replace_bit(12, self.ns12_nx.val().get_bit(2))
            .replace_bit(13, self.ns13_nx.val().get_bit(2))
            .replace_bit(14, self.ns14_nx.val().get_bit(2))
            .replace_bit(15, self.ns15_nx.val().get_bit(2));
        self.nx1b2.next = bits::<16>(0)
            .replace_bit(0, self.ns0_nx1.val().get_bit(2))
            .replace_bit(1, self.ns1_nx1.val().get_bit(2))
            .replace_bit(2, self.ns2_nx1.val().get_bit(2))
            .replace_bit(3, self.ns3_nx1.val().get_bit(2))
            .replace_bit(4, self.ns4_nx1.val().get_bit(2))
            .replace_bit(5, self.ns5_nx1.val().get_bit(2))
            .replace_bit(6, self.ns6_nx1.val().get_bit(2))
            .replace_bit(7, self.ns7_nx1.val().get_bit(2))
            .replace_bit(8, self.ns8_nx1.val().get_bit(2))
            .replace_bit(9, self.ns9_nx1.val().get_bit(2))
            .replace_bit(10, self.ns10_nx1.val().get_bit(2))
            .replace_bit(11, self.ns11_nx1.val().get_bit(2))
            .replace_bit(12, self.ns12_nx1.val().get_bit(2))
            .replace_bit(13, self.ns13_nx1.val().get_bit(2))
            .replace_bit(14, self.ns14_nx1.val().get_bit(2))
            .replace_bit(15, self.ns15_nx1.val().get_bit(2));
        self.nxb3.next = bits::<16>(0)
            .replace_bit(0, self.ns0_nx.val().get_bit(3))
            .replace_bit(1, self.ns1_nx.val().get_bit(3))
            .replace_bit(2, self.ns2_nx.val().get_bit(3))
            .replace_bit(3, self.ns3_nx.val().get_bit(3))
            .replace_bit(4, self.ns4_nx.val().get_bit(3))
            .replace_bit(5, self.ns5_nx.val().get_bit(3))
            .replace_bit(6, self.ns6_nx.val().get_bit(3))
            .replace_bit(7, self.ns7_nx.val().get_bit(3))
            .replace_bit(8, self.ns8_nx.val().get_bit(3))
            .replace_bit(9, self.ns9_nx.val().get_bit(3))
            .replace_bit(10, self.ns10_nx.val().get_bit(3))
            .replace_bit(11, self.ns11_nx.val().get_bit(3))
            .replace_bit(12, self.ns12_nx.val().get_bit(3))
            .replace_bit(13, self.ns13_nx.val().get_bit(3))
            .replace_bit(14, self.ns14_nx.val().get_bit(3))
            .replace_bit(15, self.ns15_nx.val().get_bit(3));
        self.nx1b3.next = bits::<16>(0)
            .replace_bit(0, self.ns0_nx1.val().get_bit(3))
            .replace_bit(1, self.ns1_nx1.val().get_bit(3))
            .replace_bit(2, self.ns2_nx1.val().get_bit(3))
            .replace_bit(3, self.ns3_nx1.val().get_bit(3))
            .replace_bit(4, self.ns4_nx1.val().get_bit(3))
            .replace_bit(5, self.ns5_nx1.val().get_bit(3))
            .replace_bit(6, self.ns6_nx1.val().get_bit(3))
            .replace_bit(7, self.ns7_nx1.val().get_bit(3))
            .replace_bit(8, self.ns8_nx1.val().get_bit(3))
            .replace_bit(9, self.ns9_nx1.val().get_bit(3))
            .replace_bit(10, self.ns10_nx1.val().get_bit(3))
            .replace_bit(11, self.ns11_nx1.val().get_bit(3))
            .replace_bit(12, self.ns12_nx1.val().get_bit(3))
            .replace_bit(13, self.ns13_nx1.val().get_bit(3))
            .replace_bit(14, self.ns14_nx1.val().get_bit(3))
            .replace_bit(15, self.ns15_nx1.val().get_bit(3));
        self.ch.next = bits::<4>(0)
            .replace_bit(0, self.nxb0.val().get_bit(self.rr.val().index()))
            .replace_bit(1, self.nxb1.val().get_bit(self.rr.val().index()))
            .replace_bit(2, self.nxb2.val().get_bit(self.rr.val().index()))
            .replace_bit(3, self.nxb3.val().get_bit(self.rr.val().index()));
        self.ch1.next = bits::<4>(0)
            .replace_bit(0, self.nx1b0.val().get_bit(self.rr.val().index()))
            .replace_bit(1, self.nx1b1.val().get_bit(self.rr.val().index()))
            .replace_bit(2, self.nx1b2.val().get_bit(self.rr.val().index()))
            .replace_bit(3, self.nx1b3.val().get_bit(self.rr.val().index()));
        // the chosen path is the pointer's own: the burst goes on
        self.e.next = self.merge_u_use_q.val().get_bit(self.rr.val().index());
        self.ok.next = self.merge_u_pa_q.val() & !self.paced.val();
        // bst + 1 and bst >= sm1 written as flat logic (no carry chain)
        self.bp1.next = bits::<8>(0)
            .replace_bit(0, !self.bst.val().get_bit(0))
            .replace_bit(1, self.bst.val().get_bit(1) ^ (self.bst.val().get_bit(0)))
            .replace_bit(
                2,
                self.bst.val().get_bit(2) ^ (self.bst.val().get_bit(0) & self.bst.val().get_bit(1)),
            )
            .replace_bit(
                3,
                self.bst.val().get_bit(3)
                    ^ (self.bst.val().get_bit(0)
                        & self.bst.val().get_bit(1)
                        & self.bst.val().get_bit(2)),
            )
            .replace_bit(
                4,
                self.bst.val().get_bit(4)
                    ^ (self.bst.val().get_bit(0)
                        & self.bst.val().get_bit(1)
                        & self.bst.val().get_bit(2)
                        & self.bst.val().get_bit(3)),
            )
            .replace_bit(
                5,
                self.bst.val().get_bit(5)
                    ^ (self.bst.val().get_bit(0)
                        & self.bst.val().get_bit(1)
                        & self.bst.val().get_bit(2)
                        & self.bst.val().get_bit(3)
                        & self.bst.val().get_bit(4)),
            )
            .replace_bit(
                6,
                self.bst.val().get_bit(6)
                    ^ (self.bst.val().get_bit(0)
                        & self.bst.val().get_bit(1)
                        & self.bst.val().get_bit(2)
                        & self.bst.val().get_bit(3)
                        & self.bst.val().get_bit(4)
                        & self.bst.val().get_bit(5)),
            )
            .replace_bit(
                7,
                self.bst.val().get_bit(7)
                    ^ (self.bst.val().get_bit(0)
                        & self.bst.val().get_bit(1)
                        & self.bst.val().get_bit(2)
                        & self.bst.val().get_bit(3)
                        & self.bst.val().get_bit(4)
                        & self.bst.val().get_bit(5)
                        & self.bst.val().get_bit(6)),
            );
        self.cbl_l.next = bits::<3>(0)
            .replace_bit(
                0,
                self.bst.val().get_bits::<3>(0) < self.merge_u_sm1_q.val().get_bits::<3>(0),
            )
            .replace_bit(
                1,
                self.bst.val().get_bits::<3>(3) < self.merge_u_sm1_q.val().get_bits::<3>(3),
            )
            .replace_bit(
                2,
                self.bst.val().get_bits::<2>(6) < self.merge_u_sm1_q.val().get_bits::<2>(6),
            );
        self.cbl_e.next = bits::<3>(0)
            .replace_bit(
                0,
                self.bst.val().get_bits::<3>(0) == self.merge_u_sm1_q.val().get_bits::<3>(0),
            )
            .replace_bit(
                1,
                self.bst.val().get_bits::<3>(3) == self.merge_u_sm1_q.val().get_bits::<3>(3),
            )
            .replace_bit(
                2,
                self.bst.val().get_bits::<2>(6) == self.merge_u_sm1_q.val().get_bits::<2>(6),
            );
        self.blt.next = self.cbl_l.val().get_bit(2)
            | (self.cbl_e.val().get_bit(2)
                & (self.cbl_l.val().get_bit(1)
                    | (self.cbl_e.val().get_bit(1) & (self.cbl_l.val().get_bit(0)))));
        if self.e.val() {
            self.adv.next = !self.blt.val();
        } else {
            self.adv.next = self.merge_u_sm1z_q.val();
        }
        // each next-state bit is one LUT over late selects and early data
        if self.adv.val() {
            self.t_rr.next = self.ch1.val();
            self.t_b.next = bits::<8>(0);
        } else {
            self.t_rr.next = self.ch.val();
            if self.e.val() {
                self.t_b.next = self.bp1.val();
            } else {
                self.t_b.next = bits::<8>(1);
            }
        }
        if self.merge_u_init_q.val() {
            self.rr_n.next = bits::<4>(0);
            self.bst_n.next = bits::<8>(0);
        } else if self.ok.val() {
            self.rr_n.next = self.t_rr.val();
            self.bst_n.next = self.t_b.val();
        } else {
            self.rr_n.next = self.rr.val();
            self.bst_n.next = self.bst.val();
        }
        self.w_nb.d.next =
            bit_cast::<12, 4>(self.rr_n.val()) | (bit_cast::<12, 8>(self.bst_n.val()) << 4);
        self.w_valid.d.next = self.merge_u_valid_q.val();
        self.w_conn.d.next = self.merge_u_conn_q.val();
        self.w_init.d.next = self.merge_u_init_q.val();
        self.w_pick.d.next = self.merge_u_pick_q.val();
        self.w_incnz.d.next = self.merge_u_incnz_q.val();
        self.w_n.d.next = self.merge_u_n_q.val();
        self.c_init.d.next = self.merge_u_init_q.val();
        self.c_ok.d.next = self.ok.val();
        self.c_paced.d.next = self.paced.val();
        self.c_none.d.next =
            self.merge_u_pick_q.val() & !self.paced.val() & !self.merge_u_any_q.val();
        if self.ok.val() {
            self.c_path.d.next = self.ch.val();
        } else {
            self.c_path.d.next = bits::<4>(0);
        }
        self.c_tag.d.next = self.merge_u_tag_q.val();
        self.c_retx.d.next = self.merge_u_retx_q.val();

        self.w_valid_q.next = self.w_valid.q.val();
        self.w_conn_q.next = self.w_conn.q.val();
        self.c_init_q.next = self.c_init.q.val();
        self.c_ok_q.next = self.c_ok.q.val();
        self.c_paced_q.next = self.c_paced.q.val();
        self.c_none_q.next = self.c_none.q.val();
        self.c_path_q.next = self.c_path.q.val();
        self.c_tag_q.next = self.c_tag.q.val();
        self.c_retx_q.next = self.c_retx.q.val();
        self.w_nb_q.next = self.w_nb.q.val();
        self.w_n_q.next = self.w_n.q.val();
        self.w_init_q.next = self.w_init.q.val();
        self.w_pick_q.next = self.w_pick.q.val();
        self.w_incnz_q.next = self.w_incnz.q.val();
        self.v_sum_q.next = self.v_sum.q.val();
        self.v_b_q.next = self.v_b.q.val();
        self.v_set_q.next = self.v_set.q.val();
        self.v_f1_q.next = self.v_f1.q.val();
        self.v_f2_q.next = self.v_f2.q.val();
        self.v_pc_q.next = self.v_pc.q.val();
        self.v_xl_q.next = self.v_xl.q.val();
        self.v_xe_q.next = self.v_xe.q.val();
        self.v_yl_q.next = self.v_yl.q.val();
        self.v_ye_q.next = self.v_ye.q.val();
        self.v_xt_q.next = self.v_xt.q.val();
        self.v_yt_q.next = self.v_yt.q.val();
        self.v_init_q.next = self.v_init.q.val();
    }
}
