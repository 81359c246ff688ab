//! Parallel-prefix (Kogge-Stone) adder: `sum = a + b + cin` mod 2^N.
//!
//! Generic synthesis maps `+` to a ripple carry chain (13 LUT levels for 32
//! bits in the LUT6 depth flow); the prefix form needs log2(N) combine
//! steps, which ABC packs into a few LUT levels. Used wherever an adder
//! sits on a path with other logic. Valid for N <= 64.

use rust_hdl::prelude::*;

/// `sum = a + b + cin` with a logarithmic-depth carry network.
#[derive(LogicBlock, Default)]
pub struct PrefixAdd<const N: usize> {
    /// Addend.
    pub a: Signal<In, Bits<N>>,
    /// Addend.
    pub b: Signal<In, Bits<N>>,
    /// Carry in.
    pub cin: Signal<In, Bit>,
    /// `a + b + cin`, wrapped to N bits.
    pub sum: Signal<Out, Bits<N>>,
    g0: Signal<Local, Bits<N>>,
    p0: Signal<Local, Bits<N>>,
    g1: Signal<Local, Bits<N>>,
    p1: Signal<Local, Bits<N>>,
    g2: Signal<Local, Bits<N>>,
    p2: Signal<Local, Bits<N>>,
    g3: Signal<Local, Bits<N>>,
    p3: Signal<Local, Bits<N>>,
    g4: Signal<Local, Bits<N>>,
    p4: Signal<Local, Bits<N>>,
    g5: Signal<Local, Bits<N>>,
    p5: Signal<Local, Bits<N>>,
    g6: Signal<Local, Bits<N>>,
    cin0: Signal<Local, Bits<N>>,
}

impl<const N: usize> Logic for PrefixAdd<N> {
    #[hdl_gen]
    fn update(&mut self) {
        // the carry-in is folded into bit 0's generate
        self.cin0.next = bit_cast::<N, 1>(self.cin.val().into());
        self.p0.next = self.a.val() ^ self.b.val();
        self.g0.next = (self.a.val() & self.b.val()) | (self.p0.val() & self.cin0.val());
        // (g_k, p_k) span bits [i - 2^k + 1, i]; the shifts fill with zeros,
        // which is exact for the generate of a span reaching below bit 0
        self.g1.next = self.g0.val() | (self.p0.val() & (self.g0.val() << 1));
        self.p1.next = self.p0.val() & (self.p0.val() << 1);
        self.g2.next = self.g1.val() | (self.p1.val() & (self.g1.val() << 2));
        self.p2.next = self.p1.val() & (self.p1.val() << 2);
        self.g3.next = self.g2.val() | (self.p2.val() & (self.g2.val() << 4));
        self.p3.next = self.p2.val() & (self.p2.val() << 4);
        self.g4.next = self.g3.val() | (self.p3.val() & (self.g3.val() << 8));
        self.p4.next = self.p3.val() & (self.p3.val() << 8);
        self.g5.next = self.g4.val() | (self.p4.val() & (self.g4.val() << 16));
        self.p5.next = self.p4.val() & (self.p4.val() << 16);
        self.g6.next = self.g5.val() | (self.p5.val() & (self.g5.val() << 32));
        // g6[i] is the carry out of bit i
        self.sum.next = self.p0.val() ^ ((self.g6.val() << 1) | self.cin0.val());
    }
}
