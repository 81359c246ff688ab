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
