//! `SelAdd40`: the pacer's 40-bit carry-select adder.

use rust_hdl::prelude::*;

hdl_block! {
    /// `sum = a + b + cin` mod 2^40: a carry-select adder on 3-bit chunks
    /// with a radix-3 prefix tree over the chunks' carries, written as
    /// constant shifts and masks (no chain for the mapper to rebuild): per
    /// chunk the sums for carry-in 0 and 1 and the carry-outs (one LUT each),
    /// three prefix levels (spans of 1, 3 and 9 chunks, three at a time), the
    /// carry into each chunk and a select: about 5 LUT6 levels.
    pub struct SelAdd40 {
        /// Addend.
        pub a: Signal<In, Bits<40>>,
        /// Addend.
        pub b: Signal<In, Bits<40>>,
        /// Carry in.
        pub cin: Signal<In, Bit>,
        /// `a + b + cin`, wrapped to 40 bits.
        pub sum: Signal<Out, Bits<40>>,
        // chunk positions: k0 (the lowest bit of each 3-bit chunk), k1, k2
        k0: Constant<Bits<40>> = Constant::new(bits::<40>(0x92_4924_9249_u64)),
        k1: Constant<Bits<40>> = Constant::new(bits::<40>(0x24_9249_2492_u64)),
        k2: Constant<Bits<40>> = Constant::new(bits::<40>(0x49_2492_4924_u64)),
        g: Signal<Local, Bits<40>>,
        p: Signal<Local, Bits<40>>,
        ci0: Signal<Local, Bits<40>>,
        ci1: Signal<Local, Bits<40>>,
        // at each chunk's top bit: the carry out of the chunks ending there
        // (span 1, 3, 9, 27 chunks) for carry-in 0 (gN) and 1 (pN)
        g0: Signal<Local, Bits<40>>,
        p0: Signal<Local, Bits<40>>,
        g1: Signal<Local, Bits<40>>,
        p1: Signal<Local, Bits<40>>,
        g2: Signal<Local, Bits<40>>,
        p2: Signal<Local, Bits<40>>,
        g3: Signal<Local, Bits<40>>,
        p3: Signal<Local, Bits<40>>,
        cinm: Signal<Local, Bits<40>>,
        cv: Signal<Local, Bits<40>>,
        ce: Signal<Local, Bits<40>>,
    }
}

impl SelAdd40 {
    /// The adder (chunk masks set).
    pub fn new() -> Self {
        Self::default()
    }
}

impl Logic for SelAdd40 {
    #[hdl_gen]
    fn update(&mut self) {
        self.g.next = self.a.val() & self.b.val();
        self.p.next = self.a.val() | self.b.val();
        // the carry into each bit from inside its chunk, for chunk carry-in 0 and 1
        self.ci0.next = ((self.g.val() << 1) & self.k1.val())
            | (((self.g.val() << 1) | ((self.p.val() << 1) & (self.g.val() << 2))) & self.k2.val());
        self.ci1.next = self.k0.val()
            | ((self.p.val() << 1) & self.k1.val())
            | (((self.g.val() << 1) | ((self.p.val() << 1) & (self.p.val() << 2))) & self.k2.val());
        // each chunk's carry out (read at its top bit)
        self.g0.next = self.g.val()
            | (self.p.val() & (self.g.val() << 1))
            | (self.p.val() & (self.p.val() << 1) & (self.g.val() << 2));
        self.p0.next = self.g.val()
            | (self.p.val() & (self.g.val() << 1))
            | (self.p.val() & (self.p.val() << 1) & (self.p.val() << 2));
        // prefix levels: a missing lower range is the identity (g 0, p 1)
        self.g1.next = self.g0.val()
            | (self.p0.val() & (self.g0.val() << 3))
            | (self.p0.val() & ((self.p0.val() << 3) | bits::<40>(0x7)) & (self.g0.val() << 6));
        self.p1.next = self.g0.val()
            | (self.p0.val() & (self.g0.val() << 3))
            | (self.p0.val()
                & ((self.p0.val() << 3) | bits::<40>(0x7))
                & ((self.p0.val() << 6) | bits::<40>(0x3f)));
        self.g2.next = self.g1.val()
            | (self.p1.val() & (self.g1.val() << 9))
            | (self.p1.val() & ((self.p1.val() << 9) | bits::<40>(0x1ff)) & (self.g1.val() << 18));
        self.p2.next = self.g1.val()
            | (self.p1.val() & (self.g1.val() << 9))
            | (self.p1.val()
                & ((self.p1.val() << 9) | bits::<40>(0x1ff))
                & ((self.p1.val() << 18) | bits::<40>(0x3_ffff)));
        self.g3.next = self.g2.val() | (self.p2.val() & (self.g2.val() << 27));
        self.p3.next =
            self.g2.val() | (self.p2.val() & ((self.p2.val() << 27) | bits::<40>(0x7ff_ffff)));
        // the carry into each chunk, spread over its three bits
        if self.cin.val() {
            self.cinm.next = bits::<40>(0xff_ffff_ffff_u64);
        } else {
            self.cinm.next = bits::<40>(0);
        }
        self.cv.next = (((self.g3.val() | (self.p3.val() & self.cinm.val())) << 1)
            & self.k0.val()
            & bits::<40>(0xff_ffff_fffe_u64))
            | (self.cinm.val() & bits::<40>(1));
        self.ce.next = self.cv.val() | (self.cv.val() << 1) | (self.cv.val() << 2);
        self.sum.next = (self.ce.val() & (self.a.val() ^ self.b.val() ^ self.ci1.val()))
            | (!self.ce.val() & (self.a.val() ^ self.b.val() ^ self.ci0.val()));
    }
}
