//! The receive parser's sub-blocks: constants, byte reversal, the
//! checksum's sum tree and the saturating drop counter.

use super::*;

hdl_block! {
    /// Constants used by the parser.
    pub struct Consts {
        /// All ones (512 bits).
        pub ones512: Signal<Out, Bits<512>>,
        /// All ones (64 bits).
        pub ones64: Signal<Out, Bits<64>>,
        /// Lanes p with bit 0 of p set.
        pub m0: Signal<Out, Bits<64>>,
        /// Lanes p with bit 1 of p set.
        pub m1: Signal<Out, Bits<64>>,
        /// Lanes p with bit 2 of p set.
        pub m2: Signal<Out, Bits<64>>,
        /// Lanes p with bit 3 of p set.
        pub m3: Signal<Out, Bits<64>>,
        /// Lanes p with bit 4 of p set.
        pub m4: Signal<Out, Bits<64>>,
        /// Lanes p with bit 5 of p set.
        pub m5: Signal<Out, Bits<64>>,
        /// 0xffff << 32: the ::ffff:0:0/96 prefix of IPv4-mapped addresses.
        pub v4mapped: Signal<Out, Bits<128>>,
        c_ones512: Constant<Bits<512>> = Constant::new(!Bits::<512>::default()),
        c_ones64: Constant<Bits<64>> = Constant::new(!Bits::<64>::default()),
        c_m0: Constant<Bits<64>> = Constant::new(lane_mask(0)),
        c_m1: Constant<Bits<64>> = Constant::new(lane_mask(1)),
        c_m2: Constant<Bits<64>> = Constant::new(lane_mask(2)),
        c_m3: Constant<Bits<64>> = Constant::new(lane_mask(3)),
        c_m4: Constant<Bits<64>> = Constant::new(lane_mask(4)),
        c_m5: Constant<Bits<64>> = Constant::new(lane_mask(5)),
        c_v4mapped: Constant<Bits<128>> = Constant::new(bits::<128>(0xffff) << 32),
    }
}

fn lane_mask(b: u32) -> Bits<64> {
    let mut v = 0u64;
    for p in 0..64u32 {
        if p & (1 << b) != 0 {
            v |= 1 << p;
        }
    }
    bits(v)
}

impl Logic for Consts {
    #[hdl_gen]
    fn update(&mut self) {
        self.ones512.next = self.c_ones512.val();
        self.ones64.next = self.c_ones64.val();
        self.m0.next = self.c_m0.val();
        self.m1.next = self.c_m1.val();
        self.m2.next = self.c_m2.val();
        self.m3.next = self.c_m3.val();
        self.m4.next = self.c_m4.val();
        self.m5.next = self.c_m5.val();
        self.v4mapped.next = self.c_v4mapped.val();
    }
}

/// Byte reversal of a beat (wiring only): AXI lane order <-> wire order.
#[derive(LogicBlock, Default)]
pub struct ByteRev64 {
    /// Input.
    pub i: Signal<In, Bits<512>>,
    /// Input with its bytes in reverse order.
    pub o: Signal<Out, Bits<512>>,
}

impl Logic for ByteRev64 {
    #[hdl_gen]
    fn update(&mut self) {
        self.o.next = (bit_cast::<512, 8>(self.i.val().get_bits::<8>(0)) << 504)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(8)) << 496)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(16)) << 488)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(24)) << 480)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(32)) << 472)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(40)) << 464)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(48)) << 456)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(56)) << 448)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(64)) << 440)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(72)) << 432)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(80)) << 424)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(88)) << 416)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(96)) << 408)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(104)) << 400)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(112)) << 392)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(120)) << 384)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(128)) << 376)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(136)) << 368)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(144)) << 360)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(152)) << 352)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(160)) << 344)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(168)) << 336)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(176)) << 328)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(184)) << 320)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(192)) << 312)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(200)) << 304)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(208)) << 296)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(216)) << 288)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(224)) << 280)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(232)) << 272)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(240)) << 264)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(248)) << 256)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(256)) << 248)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(264)) << 240)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(272)) << 232)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(280)) << 224)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(288)) << 216)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(296)) << 208)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(304)) << 200)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(312)) << 192)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(320)) << 184)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(328)) << 176)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(336)) << 168)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(344)) << 160)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(352)) << 152)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(360)) << 144)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(368)) << 136)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(376)) << 128)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(384)) << 120)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(392)) << 112)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(400)) << 104)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(408)) << 96)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(416)) << 88)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(424)) << 80)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(432)) << 72)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(440)) << 64)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(448)) << 56)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(456)) << 48)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(464)) << 40)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(472)) << 32)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(480)) << 24)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(488)) << 16)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(496)) << 8)
            | (bit_cast::<512, 8>(self.i.val().get_bits::<8>(504)) << 0);
    }
}

/// Byte reversal of the 256-bit SACK field (wiring only).
#[derive(LogicBlock, Default)]
pub struct ByteRev32 {
    /// Input.
    pub i: Signal<In, Bits<256>>,
    /// Input with its bytes in reverse order.
    pub o: Signal<Out, Bits<256>>,
}

impl Logic for ByteRev32 {
    #[hdl_gen]
    fn update(&mut self) {
        self.o.next = (bit_cast::<256, 8>(self.i.val().get_bits::<8>(0)) << 248)
            | (bit_cast::<256, 8>(self.i.val().get_bits::<8>(8)) << 240)
            | (bit_cast::<256, 8>(self.i.val().get_bits::<8>(16)) << 232)
            | (bit_cast::<256, 8>(self.i.val().get_bits::<8>(24)) << 224)
            | (bit_cast::<256, 8>(self.i.val().get_bits::<8>(32)) << 216)
            | (bit_cast::<256, 8>(self.i.val().get_bits::<8>(40)) << 208)
            | (bit_cast::<256, 8>(self.i.val().get_bits::<8>(48)) << 200)
            | (bit_cast::<256, 8>(self.i.val().get_bits::<8>(56)) << 192)
            | (bit_cast::<256, 8>(self.i.val().get_bits::<8>(64)) << 184)
            | (bit_cast::<256, 8>(self.i.val().get_bits::<8>(72)) << 176)
            | (bit_cast::<256, 8>(self.i.val().get_bits::<8>(80)) << 168)
            | (bit_cast::<256, 8>(self.i.val().get_bits::<8>(88)) << 160)
            | (bit_cast::<256, 8>(self.i.val().get_bits::<8>(96)) << 152)
            | (bit_cast::<256, 8>(self.i.val().get_bits::<8>(104)) << 144)
            | (bit_cast::<256, 8>(self.i.val().get_bits::<8>(112)) << 136)
            | (bit_cast::<256, 8>(self.i.val().get_bits::<8>(120)) << 128)
            | (bit_cast::<256, 8>(self.i.val().get_bits::<8>(128)) << 120)
            | (bit_cast::<256, 8>(self.i.val().get_bits::<8>(136)) << 112)
            | (bit_cast::<256, 8>(self.i.val().get_bits::<8>(144)) << 104)
            | (bit_cast::<256, 8>(self.i.val().get_bits::<8>(152)) << 96)
            | (bit_cast::<256, 8>(self.i.val().get_bits::<8>(160)) << 88)
            | (bit_cast::<256, 8>(self.i.val().get_bits::<8>(168)) << 80)
            | (bit_cast::<256, 8>(self.i.val().get_bits::<8>(176)) << 72)
            | (bit_cast::<256, 8>(self.i.val().get_bits::<8>(184)) << 64)
            | (bit_cast::<256, 8>(self.i.val().get_bits::<8>(192)) << 56)
            | (bit_cast::<256, 8>(self.i.val().get_bits::<8>(200)) << 48)
            | (bit_cast::<256, 8>(self.i.val().get_bits::<8>(208)) << 40)
            | (bit_cast::<256, 8>(self.i.val().get_bits::<8>(216)) << 32)
            | (bit_cast::<256, 8>(self.i.val().get_bits::<8>(224)) << 24)
            | (bit_cast::<256, 8>(self.i.val().get_bits::<8>(232)) << 16)
            | (bit_cast::<256, 8>(self.i.val().get_bits::<8>(240)) << 8)
            | (bit_cast::<256, 8>(self.i.val().get_bits::<8>(248)) << 0);
    }
}

/// Pipelined adder tree: the sum of the 32 16-bit words of a 512-bit
/// vector, five register levels (latency 5 clocks, II = 1). The adders
/// are conditional-sum adders: in the flattened block the area rewriting
/// turned the 18- and 21-bit prefix adders into 10-level chains.
#[derive(LogicBlock, Default)]
pub struct SumTree32 {
    /// Clock.
    pub clock: Signal<In, Clock>,
    /// 32 words (the caller's register).
    pub i: Signal<In, Bits<512>>,
    /// Their sum, 5 clocks later.
    pub sum: Signal<Out, Bits<21>>,
    a0_0: CondSumAdd,
    r0_0: DFF<Bits<17>>,
    a0_1: CondSumAdd,
    r0_1: DFF<Bits<17>>,
    a0_2: CondSumAdd,
    r0_2: DFF<Bits<17>>,
    a0_3: CondSumAdd,
    r0_3: DFF<Bits<17>>,
    a0_4: CondSumAdd,
    r0_4: DFF<Bits<17>>,
    a0_5: CondSumAdd,
    r0_5: DFF<Bits<17>>,
    a0_6: CondSumAdd,
    r0_6: DFF<Bits<17>>,
    a0_7: CondSumAdd,
    r0_7: DFF<Bits<17>>,
    a0_8: CondSumAdd,
    r0_8: DFF<Bits<17>>,
    a0_9: CondSumAdd,
    r0_9: DFF<Bits<17>>,
    a0_10: CondSumAdd,
    r0_10: DFF<Bits<17>>,
    a0_11: CondSumAdd,
    r0_11: DFF<Bits<17>>,
    a0_12: CondSumAdd,
    r0_12: DFF<Bits<17>>,
    a0_13: CondSumAdd,
    r0_13: DFF<Bits<17>>,
    a0_14: CondSumAdd,
    r0_14: DFF<Bits<17>>,
    a0_15: CondSumAdd,
    r0_15: DFF<Bits<17>>,
    a1_0: CondSumAdd,
    r1_0: DFF<Bits<18>>,
    a1_1: CondSumAdd,
    r1_1: DFF<Bits<18>>,
    a1_2: CondSumAdd,
    r1_2: DFF<Bits<18>>,
    a1_3: CondSumAdd,
    r1_3: DFF<Bits<18>>,
    a1_4: CondSumAdd,
    r1_4: DFF<Bits<18>>,
    a1_5: CondSumAdd,
    r1_5: DFF<Bits<18>>,
    a1_6: CondSumAdd,
    r1_6: DFF<Bits<18>>,
    a1_7: CondSumAdd,
    r1_7: DFF<Bits<18>>,
    a2_0: CondSumAdd,
    r2_0: DFF<Bits<19>>,
    a2_1: CondSumAdd,
    r2_1: DFF<Bits<19>>,
    a2_2: CondSumAdd,
    r2_2: DFF<Bits<19>>,
    a2_3: CondSumAdd,
    r2_3: DFF<Bits<19>>,
    a3_0: CondSumAdd,
    r3_0: DFF<Bits<20>>,
    a3_1: CondSumAdd,
    r3_1: DFF<Bits<20>>,
    a4_0: CondSumAdd,
    r4_0: DFF<Bits<21>>,
}

impl Logic for SumTree32 {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, r0_0, r0_1, r0_2, r0_3, r0_4, r0_5, r0_6, r0_7, r0_8, r0_9, r0_10, r0_11,
            r0_12, r0_13, r0_14, r0_15, r1_0, r1_1, r1_2, r1_3, r1_4, r1_5, r1_6, r1_7, r2_0, r2_1,
            r2_2, r2_3, r3_0, r3_1, r4_0
        );
        self.a0_0.a.next = bit_cast::<32, 16>(self.i.val().get_bits::<16>(0));
        self.a0_0.b.next = bit_cast::<32, 16>(self.i.val().get_bits::<16>(16));
        self.a0_0.cin.next = false;
        self.r0_0.d.next = self.a0_0.sum.val().get_bits::<17>(0);
        self.a0_1.a.next = bit_cast::<32, 16>(self.i.val().get_bits::<16>(32));
        self.a0_1.b.next = bit_cast::<32, 16>(self.i.val().get_bits::<16>(48));
        self.a0_1.cin.next = false;
        self.r0_1.d.next = self.a0_1.sum.val().get_bits::<17>(0);
        self.a0_2.a.next = bit_cast::<32, 16>(self.i.val().get_bits::<16>(64));
        self.a0_2.b.next = bit_cast::<32, 16>(self.i.val().get_bits::<16>(80));
        self.a0_2.cin.next = false;
        self.r0_2.d.next = self.a0_2.sum.val().get_bits::<17>(0);
        self.a0_3.a.next = bit_cast::<32, 16>(self.i.val().get_bits::<16>(96));
        self.a0_3.b.next = bit_cast::<32, 16>(self.i.val().get_bits::<16>(112));
        self.a0_3.cin.next = false;
        self.r0_3.d.next = self.a0_3.sum.val().get_bits::<17>(0);
        self.a0_4.a.next = bit_cast::<32, 16>(self.i.val().get_bits::<16>(128));
        self.a0_4.b.next = bit_cast::<32, 16>(self.i.val().get_bits::<16>(144));
        self.a0_4.cin.next = false;
        self.r0_4.d.next = self.a0_4.sum.val().get_bits::<17>(0);
        self.a0_5.a.next = bit_cast::<32, 16>(self.i.val().get_bits::<16>(160));
        self.a0_5.b.next = bit_cast::<32, 16>(self.i.val().get_bits::<16>(176));
        self.a0_5.cin.next = false;
        self.r0_5.d.next = self.a0_5.sum.val().get_bits::<17>(0);
        self.a0_6.a.next = bit_cast::<32, 16>(self.i.val().get_bits::<16>(192));
        self.a0_6.b.next = bit_cast::<32, 16>(self.i.val().get_bits::<16>(208));
        self.a0_6.cin.next = false;
        self.r0_6.d.next = self.a0_6.sum.val().get_bits::<17>(0);
        self.a0_7.a.next = bit_cast::<32, 16>(self.i.val().get_bits::<16>(224));
        self.a0_7.b.next = bit_cast::<32, 16>(self.i.val().get_bits::<16>(240));
        self.a0_7.cin.next = false;
        self.r0_7.d.next = self.a0_7.sum.val().get_bits::<17>(0);
        self.a0_8.a.next = bit_cast::<32, 16>(self.i.val().get_bits::<16>(256));
        self.a0_8.b.next = bit_cast::<32, 16>(self.i.val().get_bits::<16>(272));
        self.a0_8.cin.next = false;
        self.r0_8.d.next = self.a0_8.sum.val().get_bits::<17>(0);
        self.a0_9.a.next = bit_cast::<32, 16>(self.i.val().get_bits::<16>(288));
        self.a0_9.b.next = bit_cast::<32, 16>(self.i.val().get_bits::<16>(304));
        self.a0_9.cin.next = false;
        self.r0_9.d.next = self.a0_9.sum.val().get_bits::<17>(0);
        self.a0_10.a.next = bit_cast::<32, 16>(self.i.val().get_bits::<16>(320));
        self.a0_10.b.next = bit_cast::<32, 16>(self.i.val().get_bits::<16>(336));
        self.a0_10.cin.next = false;
        self.r0_10.d.next = self.a0_10.sum.val().get_bits::<17>(0);
        self.a0_11.a.next = bit_cast::<32, 16>(self.i.val().get_bits::<16>(352));
        self.a0_11.b.next = bit_cast::<32, 16>(self.i.val().get_bits::<16>(368));
        self.a0_11.cin.next = false;
        self.r0_11.d.next = self.a0_11.sum.val().get_bits::<17>(0);
        self.a0_12.a.next = bit_cast::<32, 16>(self.i.val().get_bits::<16>(384));
        self.a0_12.b.next = bit_cast::<32, 16>(self.i.val().get_bits::<16>(400));
        self.a0_12.cin.next = false;
        self.r0_12.d.next = self.a0_12.sum.val().get_bits::<17>(0);
        self.a0_13.a.next = bit_cast::<32, 16>(self.i.val().get_bits::<16>(416));
        self.a0_13.b.next = bit_cast::<32, 16>(self.i.val().get_bits::<16>(432));
        self.a0_13.cin.next = false;
        self.r0_13.d.next = self.a0_13.sum.val().get_bits::<17>(0);
        self.a0_14.a.next = bit_cast::<32, 16>(self.i.val().get_bits::<16>(448));
        self.a0_14.b.next = bit_cast::<32, 16>(self.i.val().get_bits::<16>(464));
        self.a0_14.cin.next = false;
        self.r0_14.d.next = self.a0_14.sum.val().get_bits::<17>(0);
        self.a0_15.a.next = bit_cast::<32, 16>(self.i.val().get_bits::<16>(480));
        self.a0_15.b.next = bit_cast::<32, 16>(self.i.val().get_bits::<16>(496));
        self.a0_15.cin.next = false;
        self.r0_15.d.next = self.a0_15.sum.val().get_bits::<17>(0);
        self.a1_0.a.next = bit_cast::<32, 17>(self.r0_0.q.val());
        self.a1_0.b.next = bit_cast::<32, 17>(self.r0_1.q.val());
        self.a1_0.cin.next = false;
        self.r1_0.d.next = self.a1_0.sum.val().get_bits::<18>(0);
        self.a1_1.a.next = bit_cast::<32, 17>(self.r0_2.q.val());
        self.a1_1.b.next = bit_cast::<32, 17>(self.r0_3.q.val());
        self.a1_1.cin.next = false;
        self.r1_1.d.next = self.a1_1.sum.val().get_bits::<18>(0);
        self.a1_2.a.next = bit_cast::<32, 17>(self.r0_4.q.val());
        self.a1_2.b.next = bit_cast::<32, 17>(self.r0_5.q.val());
        self.a1_2.cin.next = false;
        self.r1_2.d.next = self.a1_2.sum.val().get_bits::<18>(0);
        self.a1_3.a.next = bit_cast::<32, 17>(self.r0_6.q.val());
        self.a1_3.b.next = bit_cast::<32, 17>(self.r0_7.q.val());
        self.a1_3.cin.next = false;
        self.r1_3.d.next = self.a1_3.sum.val().get_bits::<18>(0);
        self.a1_4.a.next = bit_cast::<32, 17>(self.r0_8.q.val());
        self.a1_4.b.next = bit_cast::<32, 17>(self.r0_9.q.val());
        self.a1_4.cin.next = false;
        self.r1_4.d.next = self.a1_4.sum.val().get_bits::<18>(0);
        self.a1_5.a.next = bit_cast::<32, 17>(self.r0_10.q.val());
        self.a1_5.b.next = bit_cast::<32, 17>(self.r0_11.q.val());
        self.a1_5.cin.next = false;
        self.r1_5.d.next = self.a1_5.sum.val().get_bits::<18>(0);
        self.a1_6.a.next = bit_cast::<32, 17>(self.r0_12.q.val());
        self.a1_6.b.next = bit_cast::<32, 17>(self.r0_13.q.val());
        self.a1_6.cin.next = false;
        self.r1_6.d.next = self.a1_6.sum.val().get_bits::<18>(0);
        self.a1_7.a.next = bit_cast::<32, 17>(self.r0_14.q.val());
        self.a1_7.b.next = bit_cast::<32, 17>(self.r0_15.q.val());
        self.a1_7.cin.next = false;
        self.r1_7.d.next = self.a1_7.sum.val().get_bits::<18>(0);
        self.a2_0.a.next = bit_cast::<32, 18>(self.r1_0.q.val());
        self.a2_0.b.next = bit_cast::<32, 18>(self.r1_1.q.val());
        self.a2_0.cin.next = false;
        self.r2_0.d.next = self.a2_0.sum.val().get_bits::<19>(0);
        self.a2_1.a.next = bit_cast::<32, 18>(self.r1_2.q.val());
        self.a2_1.b.next = bit_cast::<32, 18>(self.r1_3.q.val());
        self.a2_1.cin.next = false;
        self.r2_1.d.next = self.a2_1.sum.val().get_bits::<19>(0);
        self.a2_2.a.next = bit_cast::<32, 18>(self.r1_4.q.val());
        self.a2_2.b.next = bit_cast::<32, 18>(self.r1_5.q.val());
        self.a2_2.cin.next = false;
        self.r2_2.d.next = self.a2_2.sum.val().get_bits::<19>(0);
        self.a2_3.a.next = bit_cast::<32, 18>(self.r1_6.q.val());
        self.a2_3.b.next = bit_cast::<32, 18>(self.r1_7.q.val());
        self.a2_3.cin.next = false;
        self.r2_3.d.next = self.a2_3.sum.val().get_bits::<19>(0);
        self.a3_0.a.next = bit_cast::<32, 19>(self.r2_0.q.val());
        self.a3_0.b.next = bit_cast::<32, 19>(self.r2_1.q.val());
        self.a3_0.cin.next = false;
        self.r3_0.d.next = self.a3_0.sum.val().get_bits::<20>(0);
        self.a3_1.a.next = bit_cast::<32, 19>(self.r2_2.q.val());
        self.a3_1.b.next = bit_cast::<32, 19>(self.r2_3.q.val());
        self.a3_1.cin.next = false;
        self.r3_1.d.next = self.a3_1.sum.val().get_bits::<20>(0);
        self.a4_0.a.next = bit_cast::<32, 20>(self.r3_0.q.val());
        self.a4_0.b.next = bit_cast::<32, 20>(self.r3_1.q.val());
        self.a4_0.cin.next = false;
        self.r4_0.d.next = self.a4_0.sum.val().get_bits::<21>(0);
        self.sum.next = self.r4_0.q.val();
    }
}

/// A 32-bit event counter that saturates at 2^32 - 1.
#[derive(LogicBlock, Default)]
pub struct SatCounter {
    /// Clock.
    pub clock: Signal<In, Clock>,
    /// Count this clock.
    pub inc: Signal<In, Bit>,
    /// The count.
    pub q: Signal<Out, Bits<32>>,
    r: DFF<Bits<32>>,
    add: PrefixAdd<32>,
}

impl Logic for SatCounter {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, r);
        self.add.a.next = self.r.q.val();
        self.add.b.next = bits::<32>(0);
        self.add.cin.next = self.inc.val() & !self.r.q.val().all();
        self.r.d.next = self.add.sum.val();
        self.q.next = self.r.q.val();
    }
}
