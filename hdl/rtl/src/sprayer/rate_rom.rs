//! `RateRom<RB>`: the sprayer's rate table, a ROM of `2^RB` pacer
//! increments (`inc_of_hint` of every hint it can pace, registered read),
//! and `2^RB`, the first hint it cannot.
//!
//! A block of its own so that the sprayer, whose other fields all start at
//! their defaults, can derive `Default` (RustHDL's `SyncROM` and
//! `Constant` have none).

use super::{inc_of_hint, INC_BITS};
use rust_hdl::prelude::*;

hdl_block! {
    /// The rate table of `2^RB` hints.
    pub struct RateRom<const RB: usize> {
        /// Clock.
        pub clock: Signal<In, Clock>,
        /// The hint to look up.
        pub address: Signal<In, Bits<RB>>,
        /// `inc_of_hint(address)`, one clock after `address`.
        pub data: Signal<Out, Bits<INC_BITS>>,
        /// `2^RB`.
        pub rmax: Signal<Out, Bits<16>>,
        rom: SyncROM<Bits<INC_BITS>, RB> =
            SyncROM::from((0..1u64 << RB).map(|h| bits::<INC_BITS>(inc_of_hint(h)))),
        k_rmax: Constant<Bits<16>> = Constant::new(bits(1u64 << RB)),
    }
}

impl<const RB: usize> Logic for RateRom<RB> {
    #[hdl_gen]
    fn update(&mut self) {
        self.rom.clock.next = self.clock.val();
        self.rom.address.next = self.address.val();
        self.data.next = self.rom.data.val();
        self.rmax.next = self.k_rmax.val();
    }
}
