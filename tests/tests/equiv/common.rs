//! Helpers for driving RustHDL blocks in RustHDL's simulator.

use braid_model::W256;
use rust_hdl::prelude::*;

/// Convert a RustHDL 256-bit value to the model's type.
pub fn w256_of(b: Bits<256>) -> W256 {
    let mut w = W256::ZERO;
    for k in 0..4 {
        w.0[k] = b.get_bits::<64>(64 * k).to_u64();
    }
    w
}

/// Run one clock of a RustHDL block whose inputs were just set: settle the
/// combinational logic on the new inputs, then the rising and falling edge.
pub fn clock<B: Block>(uut: &mut B, clk: impl Fn(&mut B, bool)) {
    assert!(simulate(uut, 1000), "RustHDL simulation did not settle");
    clk(uut, true);
    assert!(simulate(uut, 1000), "RustHDL simulation did not settle");
    clk(uut, false);
    assert!(simulate(uut, 1000), "RustHDL simulation did not settle");
}

pub fn bits256_of(w: &W256) -> Bits<256> {
    let mut b = Bits::<256>::default();
    for k in 0..4 {
        b = b | (bit_cast::<256, 64>(bits::<64>(w.0[k])) << (64 * k as u64));
    }
    b
}

/// A RustHDL value from little-endian bytes (byte k = bits 8k+7..8k).
pub fn bits_le<const N: usize>(b: &[u8]) -> Bits<N> {
    let mut v = Bits::<N>::default();
    for &x in b.iter().rev() {
        v = (v << 8u64) | bits::<N>(x as u64);
    }
    v
}

/// Port words of a RustHDL value (32-bit words, least significant first).
pub fn words<const N: usize>(b: Bits<N>) -> Vec<u32> {
    (0..N.div_ceil(32))
        .map(|k| {
            let w = (N - 32 * k).min(32);
            let mut v = 0u64;
            for i in 0..w {
                v |= (b.get_bit(32 * k + i) as u64) << i;
            }
            v as u32
        })
        .collect()
}

pub fn u128_of(b: Bits<128>) -> u128 {
    b.get_bits::<64>(0).to_u64() as u128 | (b.get_bits::<64>(64).to_u64() as u128) << 64
}
