//! `NextSet`: the sprayer's next-path search over a candidate mask.

use rust_hdl::prelude::*;

/// For a constant pointer `r`: the first set bit of `x` at or after `r`
/// (wrapping), and the pointer after it, `(nx + 1) mod (n_m1 + 1)`. Two
/// register stages (the outputs are registers).
#[derive(LogicBlock, Default)]
pub struct NextSet {
    /// Clock.
    pub clock: Signal<In, Clock>,
    /// Candidate mask.
    pub x: Signal<In, Bits<16>>,
    /// Pointer (tied to a constant).
    pub r: Signal<In, Bits<4>>,
    /// Paths minus one.
    pub n_m1: Signal<In, Bits<4>>,
    /// First set bit of `x` at or after `r`, wrapping (0 when `x` is 0), 2 clocks later.
    pub nx: Signal<Out, Bits<4>>,
    /// `(nx + 1) mod (n_m1 + 1)`, 2 clocks later.
    pub nx1: Signal<Out, Bits<4>>,
    ge: Signal<Local, Bits<16>>,
    a_idx: Signal<Local, Bits<4>>,
    b_idx: Signal<Local, Bits<4>>,
    idx: Signal<Local, Bits<4>>,
    s_any: DFF<Bit>,
    s_ag: DFF<Bits<4>>,
    s_ai0: DFF<Bits<4>>,
    s_ai1: DFF<Bits<4>>,
    s_bg: DFF<Bits<4>>,
    s_bi0: DFF<Bits<4>>,
    s_bi1: DFF<Bits<4>>,
    s_nm1: DFF<Bits<4>>,
    o_nx: DFF<Bits<4>>,
    o_nx1: DFF<Bits<4>>,
}

impl Logic for NextSet {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, s_any, s_ag, s_ai0, s_ai1, s_bg, s_bi0, s_bi1, s_nm1, o_nx, o_nx1);
        // the first set bit of x at or after r, else the first of x: the
        // lowest set bit of each, by groups of four (no adder, no shifter)
        self.ge.next = self.x.val() & (bits::<16>(0xffff) << self.r.val());
        self.s_ag.d.next = bits::<4>(0)
            .replace_bit(
                0,
                self.ge.val().get_bit(0)
                    | self.ge.val().get_bit(1)
                    | self.ge.val().get_bit(2)
                    | self.ge.val().get_bit(3),
            )
            .replace_bit(
                1,
                self.ge.val().get_bit(4)
                    | self.ge.val().get_bit(5)
                    | self.ge.val().get_bit(6)
                    | self.ge.val().get_bit(7),
            )
            .replace_bit(
                2,
                self.ge.val().get_bit(8)
                    | self.ge.val().get_bit(9)
                    | self.ge.val().get_bit(10)
                    | self.ge.val().get_bit(11),
            )
            .replace_bit(
                3,
                self.ge.val().get_bit(12)
                    | self.ge.val().get_bit(13)
                    | self.ge.val().get_bit(14)
                    | self.ge.val().get_bit(15),
            );
        self.s_ai0.d.next = bits::<4>(0)
            .replace_bit(
                0,
                !self.ge.val().get_bit(0)
                    & (self.ge.val().get_bit(1)
                        | (!self.ge.val().get_bit(2) & self.ge.val().get_bit(3))),
            )
            .replace_bit(
                1,
                !self.ge.val().get_bit(4)
                    & (self.ge.val().get_bit(5)
                        | (!self.ge.val().get_bit(6) & self.ge.val().get_bit(7))),
            )
            .replace_bit(
                2,
                !self.ge.val().get_bit(8)
                    & (self.ge.val().get_bit(9)
                        | (!self.ge.val().get_bit(10) & self.ge.val().get_bit(11))),
            )
            .replace_bit(
                3,
                !self.ge.val().get_bit(12)
                    & (self.ge.val().get_bit(13)
                        | (!self.ge.val().get_bit(14) & self.ge.val().get_bit(15))),
            );
        self.s_ai1.d.next = bits::<4>(0)
            .replace_bit(
                0,
                !self.ge.val().get_bit(0)
                    & !self.ge.val().get_bit(1)
                    & (self.ge.val().get_bit(2) | self.ge.val().get_bit(3)),
            )
            .replace_bit(
                1,
                !self.ge.val().get_bit(4)
                    & !self.ge.val().get_bit(5)
                    & (self.ge.val().get_bit(6) | self.ge.val().get_bit(7)),
            )
            .replace_bit(
                2,
                !self.ge.val().get_bit(8)
                    & !self.ge.val().get_bit(9)
                    & (self.ge.val().get_bit(10) | self.ge.val().get_bit(11)),
            )
            .replace_bit(
                3,
                !self.ge.val().get_bit(12)
                    & !self.ge.val().get_bit(13)
                    & (self.ge.val().get_bit(14) | self.ge.val().get_bit(15)),
            );
        self.a_idx.next = bits::<4>(0)
            .replace_bit(
                0,
                (self.s_ag.q.val().get_bit(0) & self.s_ai0.q.val().get_bit(0))
                    | (!self.s_ag.q.val().get_bit(0)
                        & self.s_ag.q.val().get_bit(1)
                        & self.s_ai0.q.val().get_bit(1))
                    | (!self.s_ag.q.val().get_bit(0)
                        & !self.s_ag.q.val().get_bit(1)
                        & self.s_ag.q.val().get_bit(2)
                        & self.s_ai0.q.val().get_bit(2))
                    | (!self.s_ag.q.val().get_bit(0)
                        & !self.s_ag.q.val().get_bit(1)
                        & !self.s_ag.q.val().get_bit(2)
                        & self.s_ai0.q.val().get_bit(3)),
            )
            .replace_bit(
                1,
                (self.s_ag.q.val().get_bit(0) & self.s_ai1.q.val().get_bit(0))
                    | (!self.s_ag.q.val().get_bit(0)
                        & self.s_ag.q.val().get_bit(1)
                        & self.s_ai1.q.val().get_bit(1))
                    | (!self.s_ag.q.val().get_bit(0)
                        & !self.s_ag.q.val().get_bit(1)
                        & self.s_ag.q.val().get_bit(2)
                        & self.s_ai1.q.val().get_bit(2))
                    | (!self.s_ag.q.val().get_bit(0)
                        & !self.s_ag.q.val().get_bit(1)
                        & !self.s_ag.q.val().get_bit(2)
                        & self.s_ai1.q.val().get_bit(3)),
            )
            .replace_bit(
                2,
                !self.s_ag.q.val().get_bit(0)
                    & (self.s_ag.q.val().get_bit(1)
                        | (!self.s_ag.q.val().get_bit(2) & self.s_ag.q.val().get_bit(3))),
            )
            .replace_bit(
                3,
                !self.s_ag.q.val().get_bit(0)
                    & !self.s_ag.q.val().get_bit(1)
                    & (self.s_ag.q.val().get_bit(2) | self.s_ag.q.val().get_bit(3)),
            );
        self.s_bg.d.next = bits::<4>(0)
            .replace_bit(
                0,
                self.x.val().get_bit(0)
                    | self.x.val().get_bit(1)
                    | self.x.val().get_bit(2)
                    | self.x.val().get_bit(3),
            )
            .replace_bit(
                1,
                self.x.val().get_bit(4)
                    | self.x.val().get_bit(5)
                    | self.x.val().get_bit(6)
                    | self.x.val().get_bit(7),
            )
            .replace_bit(
                2,
                self.x.val().get_bit(8)
                    | self.x.val().get_bit(9)
                    | self.x.val().get_bit(10)
                    | self.x.val().get_bit(11),
            )
            .replace_bit(
                3,
                self.x.val().get_bit(12)
                    | self.x.val().get_bit(13)
                    | self.x.val().get_bit(14)
                    | self.x.val().get_bit(15),
            );
        self.s_bi0.d.next = bits::<4>(0)
            .replace_bit(
                0,
                !self.x.val().get_bit(0)
                    & (self.x.val().get_bit(1)
                        | (!self.x.val().get_bit(2) & self.x.val().get_bit(3))),
            )
            .replace_bit(
                1,
                !self.x.val().get_bit(4)
                    & (self.x.val().get_bit(5)
                        | (!self.x.val().get_bit(6) & self.x.val().get_bit(7))),
            )
            .replace_bit(
                2,
                !self.x.val().get_bit(8)
                    & (self.x.val().get_bit(9)
                        | (!self.x.val().get_bit(10) & self.x.val().get_bit(11))),
            )
            .replace_bit(
                3,
                !self.x.val().get_bit(12)
                    & (self.x.val().get_bit(13)
                        | (!self.x.val().get_bit(14) & self.x.val().get_bit(15))),
            );
        self.s_bi1.d.next = bits::<4>(0)
            .replace_bit(
                0,
                !self.x.val().get_bit(0)
                    & !self.x.val().get_bit(1)
                    & (self.x.val().get_bit(2) | self.x.val().get_bit(3)),
            )
            .replace_bit(
                1,
                !self.x.val().get_bit(4)
                    & !self.x.val().get_bit(5)
                    & (self.x.val().get_bit(6) | self.x.val().get_bit(7)),
            )
            .replace_bit(
                2,
                !self.x.val().get_bit(8)
                    & !self.x.val().get_bit(9)
                    & (self.x.val().get_bit(10) | self.x.val().get_bit(11)),
            )
            .replace_bit(
                3,
                !self.x.val().get_bit(12)
                    & !self.x.val().get_bit(13)
                    & (self.x.val().get_bit(14) | self.x.val().get_bit(15)),
            );
        self.b_idx.next = bits::<4>(0)
            .replace_bit(
                0,
                (self.s_bg.q.val().get_bit(0) & self.s_bi0.q.val().get_bit(0))
                    | (!self.s_bg.q.val().get_bit(0)
                        & self.s_bg.q.val().get_bit(1)
                        & self.s_bi0.q.val().get_bit(1))
                    | (!self.s_bg.q.val().get_bit(0)
                        & !self.s_bg.q.val().get_bit(1)
                        & self.s_bg.q.val().get_bit(2)
                        & self.s_bi0.q.val().get_bit(2))
                    | (!self.s_bg.q.val().get_bit(0)
                        & !self.s_bg.q.val().get_bit(1)
                        & !self.s_bg.q.val().get_bit(2)
                        & self.s_bi0.q.val().get_bit(3)),
            )
            .replace_bit(
                1,
                (self.s_bg.q.val().get_bit(0) & self.s_bi1.q.val().get_bit(0))
                    | (!self.s_bg.q.val().get_bit(0)
                        & self.s_bg.q.val().get_bit(1)
                        & self.s_bi1.q.val().get_bit(1))
                    | (!self.s_bg.q.val().get_bit(0)
                        & !self.s_bg.q.val().get_bit(1)
                        & self.s_bg.q.val().get_bit(2)
                        & self.s_bi1.q.val().get_bit(2))
                    | (!self.s_bg.q.val().get_bit(0)
                        & !self.s_bg.q.val().get_bit(1)
                        & !self.s_bg.q.val().get_bit(2)
                        & self.s_bi1.q.val().get_bit(3)),
            )
            .replace_bit(
                2,
                !self.s_bg.q.val().get_bit(0)
                    & (self.s_bg.q.val().get_bit(1)
                        | (!self.s_bg.q.val().get_bit(2) & self.s_bg.q.val().get_bit(3))),
            )
            .replace_bit(
                3,
                !self.s_bg.q.val().get_bit(0)
                    & !self.s_bg.q.val().get_bit(1)
                    & (self.s_bg.q.val().get_bit(2) | self.s_bg.q.val().get_bit(3)),
            );
        self.s_any.d.next = self.ge.val().any();
        self.s_nm1.d.next = self.n_m1.val();
        // second clock: the index of each, the choice and the pointer after it
        if self.s_any.q.val() {
            self.idx.next = self.a_idx.val();
        } else {
            self.idx.next = self.b_idx.val();
        }
        self.o_nx.d.next = self.idx.val();
        if self.idx.val() == self.s_nm1.q.val() {
            self.o_nx1.d.next = bits::<4>(0);
        } else {
            self.o_nx1.d.next = self.idx.val() + 1;
        }
        self.nx.next = self.o_nx.q.val();
        self.nx1.next = self.o_nx1.q.val();
    }
}
