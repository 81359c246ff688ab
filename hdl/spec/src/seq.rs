//! Sequence-number arithmetic for path PSNs and CSNs (32-bit, RFC 1982 style).
//!
//! `a` is *before* `b` iff `(b - a) as i32 > 0` with wrapping subtraction.
//! Two numbers exactly 2^31 apart are unordered (neither is before the other);
//! senders never let a window span that far (windows are 256 packets).

/// Signed distance from `a` to `b` (`b - a`, wrapping, as i32).
pub const fn diff(a: u32, b: u32) -> i32 {
    b.wrapping_sub(a) as i32
}

/// `a` strictly before `b`.
pub const fn before(a: u32, b: u32) -> bool {
    diff(a, b) > 0
}

/// `a` strictly after `b`.
pub const fn after(a: u32, b: u32) -> bool {
    before(b, a)
}

/// `psn` lies in the window `[base, base + len)` (wrapping).
pub const fn in_window(base: u32, psn: u32, len: u32) -> bool {
    psn.wrapping_sub(base) < len
}

/// Index of `psn` in a circular 256-entry bitmap (its low 8 bits).
pub const fn slot(psn: u32) -> usize {
    (psn & 0xff) as usize
}

#[cfg(test)]
mod edge_tests {
    use super::*;

    /// `after` and `in_window` at their edges, across the wrap.
    #[test]
    fn order_and_window_edges() {
        for base in [0u32, 1, 1000, u32::MAX - 100, u32::MAX] {
            assert!(after(base.wrapping_add(1), base) && !after(base, base));
            assert!(!after(base, base.wrapping_add(1)));
            for len in [1u32, 2, 256] {
                let last = base.wrapping_add(len - 1);
                assert!(in_window(base, base, len), "base {base} len {len}");
                assert!(in_window(base, last, len), "base {base} len {len}");
                assert!(
                    !in_window(base, base.wrapping_add(len), len),
                    "base {base} len {len}"
                );
                assert!(
                    !in_window(base, base.wrapping_sub(1), len),
                    "base {base} len {len}"
                );
            }
            assert!(!in_window(base, base, 0), "an empty window holds nothing");
        }
    }
}
