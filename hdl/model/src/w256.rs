//! A 256-bit vector, the width of a path's SACK bitmap.

use std::fmt;

/// 256 bits; word 0 holds bits 0..63.
#[derive(Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct W256(pub [u64; 4]);

impl W256 {
    /// All zeros.
    pub const ZERO: W256 = W256([0; 4]);
    /// All ones.
    pub const ONES: W256 = W256([u64::MAX; 4]);

    /// Bit `i` (0..=255).
    pub fn get(&self, i: u32) -> bool {
        let i = i & 255;
        (self.0[(i >> 6) as usize] >> (i & 63)) & 1 == 1
    }

    /// Set bit `i` to `v`.
    pub fn set(&mut self, i: u32, v: bool) {
        let i = i & 255;
        let m = 1u64 << (i & 63);
        if v {
            self.0[(i >> 6) as usize] |= m;
        } else {
            self.0[(i >> 6) as usize] &= !m;
        }
    }

    /// Number of set bits.
    pub fn count_ones(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// `r[j] = self[(j + k) mod 256]`: rotate right by `k`.
    pub fn rotate_right(&self, k: u32) -> W256 {
        let k = (k & 255) as usize;
        let (wq, b) = (k / 64, k % 64);
        let mut r = W256::ZERO;
        for i in 0..4 {
            let lo = self.0[(i + wq) % 4] >> b;
            let hi = if b > 0 {
                self.0[(i + wq + 1) % 4] << (64 - b)
            } else {
                0
            };
            r.0[i] = lo | hi;
        }
        r
    }

    /// As eight little-endian 32-bit words (Verilator's layout).
    pub fn to_words(&self, w: &mut [u32]) {
        for (k, x) in w.iter_mut().enumerate().take(8) {
            *x = (self.0[k / 2] >> (32 * (k % 2))) as u32;
        }
    }

    /// From eight little-endian 32-bit words.
    pub fn from_words(w: &[u32]) -> W256 {
        let mut r = W256::ZERO;
        for (k, x) in w.iter().enumerate().take(8) {
            r.0[k / 2] |= (*x as u64) << (32 * (k % 2));
        }
        r
    }
}

impl fmt::Debug for W256 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "0x{:016x}_{:016x}_{:016x}_{:016x}",
            self.0[3], self.0[2], self.0[1], self.0[0]
        )
    }
}

impl std::ops::BitAnd for W256 {
    type Output = W256;
    fn bitand(self, o: W256) -> W256 {
        W256([
            self.0[0] & o.0[0],
            self.0[1] & o.0[1],
            self.0[2] & o.0[2],
            self.0[3] & o.0[3],
        ])
    }
}

impl std::ops::BitOr for W256 {
    type Output = W256;
    fn bitor(self, o: W256) -> W256 {
        W256([
            self.0[0] | o.0[0],
            self.0[1] | o.0[1],
            self.0[2] | o.0[2],
            self.0[3] | o.0[3],
        ])
    }
}

impl std::ops::Not for W256 {
    type Output = W256;
    fn not(self) -> W256 {
        W256([!self.0[0], !self.0[1], !self.0[2], !self.0[3]])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rotate_right_is_the_bitwise_definition() {
        let mut x = W256::ZERO;
        for j in [0, 1, 63, 64, 100, 191, 192, 255] {
            x.set(j, true);
        }
        for k in [0, 1, 5, 63, 64, 65, 130, 255, 256, 300] {
            let r = x.rotate_right(k);
            for j in 0..256 {
                assert_eq!(r.get(j), x.get((j + k) & 255), "k {k} bit {j}");
            }
        }
    }
}
