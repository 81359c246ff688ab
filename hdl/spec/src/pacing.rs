//! Pacing a connection at the receiver's rate hint: the fixed-point
//! increment the engine's pacer adds per byte, shared by the sprayer RTL
//! and its cycle model.
//!
//! The pacer counts engine ticks ([`CFG_TICK_HZ`]) in 1/2^[`PACER_FRAC`]
//! steps; a hint `h` (in [`RATE_HINT_UNIT_BPS`]) becomes an increment of
//! ticks per byte in 5.[`INC_FRAC`] fixed point.

use crate::regs::CFG_TICK_HZ;
use crate::wire::braid::RATE_HINT_UNIT_BPS;

/// Fractional bits of the pacing increment (ticks per byte).
pub const INC_FRAC: u32 = 20;
/// Fractional bits of the pacer.
pub const PACER_FRAC: u32 = 8;

/// Pacing increment for rate hint `h` (ticks per byte, 5.20 fixed point):
/// `round(8 * CFG_TICK_HZ * 2^20 / (h * RATE_HINT_UNIT_BPS))`; 0 for
/// `h = 0` (no hint: not paced).
pub fn inc_of_hint(h: u64) -> u64 {
    if h == 0 {
        return 0;
    }
    let num = (8 * CFG_TICK_HZ as u128) << INC_FRAC;
    let den = h as u128 * RATE_HINT_UNIT_BPS as u128;
    ((num + den / 2) / den) as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn increments_at_known_rates() {
        assert_eq!(inc_of_hint(0), 0);
        // a hint of 1 unit: 8 * CFG_TICK_HZ / RATE_HINT_UNIT_BPS ticks per byte
        let one = inc_of_hint(1);
        let exact = (8 * CFG_TICK_HZ as u128) << INC_FRAC;
        assert_eq!(
            one as u128,
            (exact + RATE_HINT_UNIT_BPS as u128 / 2) / RATE_HINT_UNIT_BPS as u128
        );
        // rounding to nearest: twice the hint, half the increment (within 1)
        for h in [1u64, 3, 7, 100, 4095] {
            assert!(
                inc_of_hint(2 * h).abs_diff(inc_of_hint(h) / 2) <= 1,
                "h = {h}"
            );
        }
    }

    /// Exact rounding to nearest against an independent form of the
    /// formula (half the doubled quotient, rounded up): a hint whose quotient
    /// has a fraction of one half or more rounds up.
    #[test]
    fn rounds_to_nearest_at_every_small_hint() {
        let num = (8 * CFG_TICK_HZ as u128) << INC_FRAC;
        let mut up = 0;
        for h in 1..=4096u64 {
            let den = h as u128 * RATE_HINT_UNIT_BPS as u128;
            let want = (2 * num / den).div_ceil(2);
            assert_eq!(inc_of_hint(h) as u128, want, "h = {h}");
            up += u32::from(num % den >= den.div_ceil(2));
        }
        assert!(
            up > 0,
            "no hint in range rounds up: the test sees no rounding"
        );
    }
}
