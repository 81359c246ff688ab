//! Conditional-sum adder, 32 bits: `sum = a + b + cin` mod 2^32 and the
//! carry out.
//!
//! Every block of 2^l bits carries its sum and carry-out for both values of
//! its carry-in; two neighbouring blocks merge with one 2:1 select per bit
//! (the upper block's pair chosen by the lower block's carries). Five merges
//! cover 32 bits, and the carry-in picks the final pair. In the LUT6 depth
//! flow (constraints/synth) this keeps its shape better than the prefix
//! adders, whose carry trees the area rewriting before mapping turns back
//! into longer chains: a 24-bit add inside `path_cc`'s one-clock window
//! loop maps to about 5 levels. Narrower operands are zero-extended (bit N
//! of the sum is then the carry out of an N-bit add); unused outputs are
//! removed by synthesis.

use rust_hdl::prelude::*;

/// `sum = a + b + cin` with conditional-sum (carry-select per bit) merges.
#[derive(LogicBlock, Default)]
pub struct CondSumAdd {
    /// Addend.
    pub a: Signal<In, Bits<32>>,
    /// Addend.
    pub b: Signal<In, Bits<32>>,
    /// Carry in.
    pub cin: Signal<In, Bit>,
    /// `a + b + cin`, wrapped to 32 bits.
    pub sum: Signal<Out, Bits<32>>,
    /// The carry out of bit 31.
    pub cout: Signal<Out, Bit>,
    // level l: per bit, the sum of its 2^l block (s0 carry-in 0, s1
    // carry-in 1) and the block's carry-out (c0, c1), repeated on every bit
    s0_0: Signal<Local, Bits<32>>,
    s1_0: Signal<Local, Bits<32>>,
    c0_0: Signal<Local, Bits<32>>,
    c1_0: Signal<Local, Bits<32>>,
    s0_1: Signal<Local, Bits<32>>,
    s1_1: Signal<Local, Bits<32>>,
    c0_1: Signal<Local, Bits<32>>,
    c1_1: Signal<Local, Bits<32>>,
    s0_2: Signal<Local, Bits<32>>,
    s1_2: Signal<Local, Bits<32>>,
    c0_2: Signal<Local, Bits<32>>,
    c1_2: Signal<Local, Bits<32>>,
    s0_3: Signal<Local, Bits<32>>,
    s1_3: Signal<Local, Bits<32>>,
    c0_3: Signal<Local, Bits<32>>,
    c1_3: Signal<Local, Bits<32>>,
    s0_4: Signal<Local, Bits<32>>,
    s1_4: Signal<Local, Bits<32>>,
    c0_4: Signal<Local, Bits<32>>,
    c1_4: Signal<Local, Bits<32>>,
    s0_5: Signal<Local, Bits<32>>,
    s1_5: Signal<Local, Bits<32>>,
    // merge l: the lower block's carries moved onto the upper block's bits,
    // and the merged block's carries (valid on its upper half)
    l0_1: Signal<Local, Bits<32>>,
    l1_1: Signal<Local, Bits<32>>,
    x0_1: Signal<Local, Bits<32>>,
    x1_1: Signal<Local, Bits<32>>,
    l0_2: Signal<Local, Bits<32>>,
    l1_2: Signal<Local, Bits<32>>,
    x0_2: Signal<Local, Bits<32>>,
    x1_2: Signal<Local, Bits<32>>,
    l0_3: Signal<Local, Bits<32>>,
    l1_3: Signal<Local, Bits<32>>,
    x0_3: Signal<Local, Bits<32>>,
    x1_3: Signal<Local, Bits<32>>,
    l0_4: Signal<Local, Bits<32>>,
    l1_4: Signal<Local, Bits<32>>,
    x0_4: Signal<Local, Bits<32>>,
    x1_4: Signal<Local, Bits<32>>,
    l0_5: Signal<Local, Bits<32>>,
    l1_5: Signal<Local, Bits<32>>,
    x0_5: Signal<Local, Bits<32>>,
    x1_5: Signal<Local, Bits<32>>,
}

impl Logic for CondSumAdd {
    #[hdl_gen]
    fn update(&mut self) {
        // one-bit blocks
        self.s0_0.next = self.a.val() ^ self.b.val();
        self.s1_0.next = !(self.a.val() ^ self.b.val());
        self.c0_0.next = self.a.val() & self.b.val();
        self.c1_0.next = self.a.val() | self.b.val();
        // merge 1: blocks of 2 (lower halves: mask 0x55555555)
        self.l0_1.next = self.c0_0.val() << 1;
        self.l1_1.next = self.c1_0.val() << 1;
        self.s0_1.next = (self.s0_0.val() & bits::<32>(0x5555_5555))
            | (!bits::<32>(0x5555_5555)
                & ((self.l0_1.val() & self.s1_0.val()) | (!self.l0_1.val() & self.s0_0.val())));
        self.s1_1.next = (self.s1_0.val() & bits::<32>(0x5555_5555))
            | (!bits::<32>(0x5555_5555)
                & ((self.l1_1.val() & self.s1_0.val()) | (!self.l1_1.val() & self.s0_0.val())));
        self.x0_1.next = (self.l0_1.val() & self.c1_0.val()) | (!self.l0_1.val() & self.c0_0.val());
        self.x1_1.next = (self.l1_1.val() & self.c1_0.val()) | (!self.l1_1.val() & self.c0_0.val());
        self.c0_1.next = (!bits::<32>(0x5555_5555) & self.x0_1.val())
            | (bits::<32>(0x5555_5555) & (self.x0_1.val() >> 1));
        self.c1_1.next = (!bits::<32>(0x5555_5555) & self.x1_1.val())
            | (bits::<32>(0x5555_5555) & (self.x1_1.val() >> 1));
        // merge 2: blocks of 4
        self.l0_2.next = self.c0_1.val() << 2;
        self.l1_2.next = self.c1_1.val() << 2;
        self.s0_2.next = (self.s0_1.val() & bits::<32>(0x3333_3333))
            | (!bits::<32>(0x3333_3333)
                & ((self.l0_2.val() & self.s1_1.val()) | (!self.l0_2.val() & self.s0_1.val())));
        self.s1_2.next = (self.s1_1.val() & bits::<32>(0x3333_3333))
            | (!bits::<32>(0x3333_3333)
                & ((self.l1_2.val() & self.s1_1.val()) | (!self.l1_2.val() & self.s0_1.val())));
        self.x0_2.next = (self.l0_2.val() & self.c1_1.val()) | (!self.l0_2.val() & self.c0_1.val());
        self.x1_2.next = (self.l1_2.val() & self.c1_1.val()) | (!self.l1_2.val() & self.c0_1.val());
        self.c0_2.next = (!bits::<32>(0x3333_3333) & self.x0_2.val())
            | (bits::<32>(0x3333_3333) & (self.x0_2.val() >> 2));
        self.c1_2.next = (!bits::<32>(0x3333_3333) & self.x1_2.val())
            | (bits::<32>(0x3333_3333) & (self.x1_2.val() >> 2));
        // merge 3: blocks of 8
        self.l0_3.next = self.c0_2.val() << 4;
        self.l1_3.next = self.c1_2.val() << 4;
        self.s0_3.next = (self.s0_2.val() & bits::<32>(0x0f0f_0f0f))
            | (!bits::<32>(0x0f0f_0f0f)
                & ((self.l0_3.val() & self.s1_2.val()) | (!self.l0_3.val() & self.s0_2.val())));
        self.s1_3.next = (self.s1_2.val() & bits::<32>(0x0f0f_0f0f))
            | (!bits::<32>(0x0f0f_0f0f)
                & ((self.l1_3.val() & self.s1_2.val()) | (!self.l1_3.val() & self.s0_2.val())));
        self.x0_3.next = (self.l0_3.val() & self.c1_2.val()) | (!self.l0_3.val() & self.c0_2.val());
        self.x1_3.next = (self.l1_3.val() & self.c1_2.val()) | (!self.l1_3.val() & self.c0_2.val());
        self.c0_3.next = (!bits::<32>(0x0f0f_0f0f) & self.x0_3.val())
            | (bits::<32>(0x0f0f_0f0f) & (self.x0_3.val() >> 4));
        self.c1_3.next = (!bits::<32>(0x0f0f_0f0f) & self.x1_3.val())
            | (bits::<32>(0x0f0f_0f0f) & (self.x1_3.val() >> 4));
        // merge 4: blocks of 16
        self.l0_4.next = self.c0_3.val() << 8;
        self.l1_4.next = self.c1_3.val() << 8;
        self.s0_4.next = (self.s0_3.val() & bits::<32>(0x00ff_00ff))
            | (!bits::<32>(0x00ff_00ff)
                & ((self.l0_4.val() & self.s1_3.val()) | (!self.l0_4.val() & self.s0_3.val())));
        self.s1_4.next = (self.s1_3.val() & bits::<32>(0x00ff_00ff))
            | (!bits::<32>(0x00ff_00ff)
                & ((self.l1_4.val() & self.s1_3.val()) | (!self.l1_4.val() & self.s0_3.val())));
        self.x0_4.next = (self.l0_4.val() & self.c1_3.val()) | (!self.l0_4.val() & self.c0_3.val());
        self.x1_4.next = (self.l1_4.val() & self.c1_3.val()) | (!self.l1_4.val() & self.c0_3.val());
        self.c0_4.next = (!bits::<32>(0x00ff_00ff) & self.x0_4.val())
            | (bits::<32>(0x00ff_00ff) & (self.x0_4.val() >> 8));
        self.c1_4.next = (!bits::<32>(0x00ff_00ff) & self.x1_4.val())
            | (bits::<32>(0x00ff_00ff) & (self.x1_4.val() >> 8));
        // merge 5: the whole word (its carries on the upper half)
        self.l0_5.next = self.c0_4.val() << 16;
        self.l1_5.next = self.c1_4.val() << 16;
        self.s0_5.next = (self.s0_4.val() & bits::<32>(0x0000_ffff))
            | (!bits::<32>(0x0000_ffff)
                & ((self.l0_5.val() & self.s1_4.val()) | (!self.l0_5.val() & self.s0_4.val())));
        self.s1_5.next = (self.s1_4.val() & bits::<32>(0x0000_ffff))
            | (!bits::<32>(0x0000_ffff)
                & ((self.l1_5.val() & self.s1_4.val()) | (!self.l1_5.val() & self.s0_4.val())));
        self.x0_5.next = (self.l0_5.val() & self.c1_4.val()) | (!self.l0_5.val() & self.c0_4.val());
        self.x1_5.next = (self.l1_5.val() & self.c1_4.val()) | (!self.l1_5.val() & self.c0_4.val());
        if self.cin.val() {
            self.sum.next = self.s1_5.val();
            self.cout.next = self.x1_5.val().get_bit(31);
        } else {
            self.sum.next = self.s0_5.val();
            self.cout.next = self.x0_5.val().get_bit(31);
        }
    }
}

/// `sum = a + b + cin` mod 2^W for W <= 32 on a [`CondSumAdd`] (operands
/// zero-extended; the same ports as `PrefixAdd<W>`).
#[derive(LogicBlock, Default)]
pub struct CondAdd<const W: usize> {
    /// Addend.
    pub a: Signal<In, Bits<W>>,
    /// Addend.
    pub b: Signal<In, Bits<W>>,
    /// Carry in.
    pub cin: Signal<In, Bit>,
    /// `a + b + cin`, wrapped to W bits.
    pub sum: Signal<Out, Bits<W>>,
    core: CondSumAdd,
}

impl<const W: usize> Logic for CondAdd<W> {
    #[hdl_gen]
    fn update(&mut self) {
        self.core.a.next = bit_cast::<32, W>(self.a.val());
        self.core.b.next = bit_cast::<32, W>(self.b.val());
        self.core.cin.next = self.cin.val();
        self.sum.next = bit_cast::<W, 32>(self.core.sum.val());
    }
}
