//! 256-bit selective-acknowledgement / circular bitmap type.

use crate::SACK_BITS;

/// Bytes of a [`Sack256`] on the wire.
pub const SACK_BYTES: usize = SACK_BITS / 8;

/// A 256-bit bitmap.
///
/// Bit `j` is bit `j % 64` of word `j / 64` (word 0 holds bits 0..=63).
/// On the wire and in state records it is 32 bytes in little-endian bit
/// order: byte `k`, bit `b` (bit 0 = LSB) is bit `j = 8k + b`.
///
/// In an ACK, bit `j` refers to path PSN `base_psn + j`. In state records the
/// same type is used circularly: bit `i` is the PSN in the window whose low
/// 8 bits equal `i`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Sack256 {
    /// Word 0 = bits 0..=63, word 3 = bits 192..=255.
    pub words: [u64; 4],
}

impl Sack256 {
    /// All bits clear.
    pub const ZERO: Sack256 = Sack256 { words: [0; 4] };
    /// All bits set.
    pub const ONES: Sack256 = Sack256 {
        words: [u64::MAX; 4],
    };

    /// All bits clear.
    pub const fn new() -> Self {
        Self::ZERO
    }

    /// Bit `j`; `false` for `j >= 256`.
    pub const fn get(&self, j: usize) -> bool {
        if j >= SACK_BITS {
            return false;
        }
        (self.words[j / 64] >> (j % 64)) & 1 == 1
    }

    /// Set bit `j` to `v`; ignored for `j >= 256`.
    pub fn set(&mut self, j: usize, v: bool) {
        if j >= SACK_BITS {
            return;
        }
        let m = 1u64 << (j % 64);
        if v {
            self.words[j / 64] |= m;
        } else {
            self.words[j / 64] &= !m;
        }
    }

    /// Decode the 32-byte wire form.
    pub fn from_bytes(b: &[u8; SACK_BYTES]) -> Self {
        let mut words = [0u64; 4];
        for (w, chunk) in words.iter_mut().zip(b.chunks_exact(8)) {
            let mut a = [0u8; 8];
            a.copy_from_slice(chunk);
            *w = u64::from_le_bytes(a);
        }
        Sack256 { words }
    }

    /// Decode from a slice; missing bytes read as zero (never panics).
    pub fn from_slice(b: &[u8]) -> Self {
        let mut a = [0u8; SACK_BYTES];
        for (d, s) in a.iter_mut().zip(b) {
            *d = *s;
        }
        Self::from_bytes(&a)
    }

    /// Encode to the 32-byte wire form.
    pub fn to_bytes(&self) -> [u8; SACK_BYTES] {
        let mut out = [0u8; SACK_BYTES];
        for (chunk, w) in out.chunks_exact_mut(8).zip(self.words) {
            chunk.copy_from_slice(&w.to_le_bytes());
        }
        out
    }

    /// Number of set bits.
    pub const fn count_ones(&self) -> u32 {
        self.words[0].count_ones()
            + self.words[1].count_ones()
            + self.words[2].count_ones()
            + self.words[3].count_ones()
    }

    /// Index of the highest set bit, if any.
    pub fn highest_set(&self) -> Option<usize> {
        (0..4)
            .rev()
            .find(|&w| self.words[w] != 0)
            .map(|w| w * 64 + 63 - self.words[w].leading_zeros() as usize)
    }

    /// Number of consecutive set bits from bit 0 (the run a receiver's
    /// base slides over); 256 when all are set.
    pub fn leading_run(&self) -> usize {
        let mut n = 0;
        for w in self.words {
            let t = w.trailing_ones() as usize;
            n += t;
            if t < 64 {
                break;
            }
        }
        n
    }

    /// Whether no bit is set.
    pub const fn is_empty(&self) -> bool {
        self.words[0] | self.words[1] | self.words[2] | self.words[3] == 0
    }

    /// Bit `j` of the result is bit `j + n` of `self` (a window sliding
    /// forward by `n` PSNs); all clear for `n >= 256`.
    pub fn shr(&self, n: usize) -> Sack256 {
        let mut out = Sack256::ZERO;
        if n >= SACK_BITS {
            return out;
        }
        let (wq, b) = (n / 64, n % 64);
        for k in 0..4 - wq {
            let lo = self.words[k + wq] >> b;
            let hi = if b > 0 && k + wq + 1 < 4 {
                self.words[k + wq + 1] << (64 - b)
            } else {
                0
            };
            out.words[k] = lo | hi;
        }
        out
    }

    /// Bits proven lost by an ACK: clear bits strictly below the highest set bit.
    ///
    /// Valid only for ACK bitmaps (bit j = base_psn + j) of a single path.
    pub fn holes(&self) -> Sack256 {
        let mut out = Sack256::ZERO;
        if let Some(h) = self.highest_set() {
            for j in 0..h {
                if !self.get(j) {
                    out.set(j, true);
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every query against a plain array of 256 flags, over patterns with
    /// the word edges (0, 63, 64, 127, 128, 191, 192, 255) set and cleared,
    /// full and empty words, and seeded random fills (a splitmix64 stream,
    /// seed printed on failure).
    #[test]
    fn every_query_matches_a_plain_array() {
        let edges = [0usize, 1, 62, 63, 64, 65, 127, 128, 191, 192, 254, 255];
        let mut patterns: Vec<Vec<usize>> = vec![vec![], (0..256).collect()];
        for &e in &edges {
            patterns.push(vec![e]);
            patterns.push((0..=e).collect()); // a run from bit 0
            patterns.push((0..256).filter(|&j| j != e).collect()); // one hole
        }
        // two words alike (the same bit in each), the rest clear
        for (a, b) in [
            (0, 64),
            (0, 128),
            (0, 192),
            (64, 128),
            (64, 192),
            (128, 192),
        ] {
            patterns.push(vec![a, b]);
            patterns.push(vec![a + 5, b + 5, a + 63, b + 63]);
        }
        let seed = 0x5ac4_u64;
        let mut x = seed;
        let mut next = || {
            x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = x;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        };
        for density in [2u64, 8, 32, 64, 128] {
            for _ in 0..20 {
                patterns.push((0..256).filter(|_| next() % density != 0).collect());
            }
        }
        for (k, p) in patterns.iter().enumerate() {
            let mut flags = [false; SACK_BITS];
            let mut s = Sack256::ONES;
            // start from all set and clear the others: exercises set(j, false)
            for (j, f) in flags.iter_mut().enumerate() {
                *f = p.contains(&j);
                s.set(j, *f);
            }
            let ctx = format!("seed {seed:#x}, pattern {k}: {p:?}");
            for (j, &f) in flags.iter().enumerate() {
                assert_eq!(s.get(j), f, "{ctx}: bit {j}");
            }
            assert!(!s.get(256) && !s.get(1000), "{ctx}");
            let count = flags.iter().filter(|f| **f).count();
            assert_eq!(s.count_ones() as usize, count, "{ctx}");
            assert_eq!(s.is_empty(), count == 0, "{ctx}");
            let high = flags.iter().rposition(|f| *f);
            assert_eq!(s.highest_set(), high, "{ctx}");
            let run = flags.iter().position(|f| !*f).unwrap_or(SACK_BITS);
            assert_eq!(s.leading_run(), run, "{ctx}");
            let holes = s.holes();
            for (j, &f) in flags.iter().enumerate() {
                let hole = high.is_some_and(|h| j < h && !f);
                assert_eq!(holes.get(j), hole, "{ctx}: hole {j}");
            }
            assert_eq!(Sack256::from_bytes(&s.to_bytes()), s, "{ctx}");
        }
        // out of range is ignored
        let mut s = Sack256::ZERO;
        s.set(256, true);
        assert!(s.is_empty());
        // the same bit in two words is two bits, not none
        for (a, b) in [(0, 64), (64, 128), (128, 192), (0, 192)] {
            let mut s = Sack256::ZERO;
            s.set(a + 5, true);
            s.set(b + 5, true);
            assert!(!s.is_empty(), "bits {} and {}", a + 5, b + 5);
        }
    }

    #[test]
    fn shr_moves_every_bit_down() {
        let mut s = Sack256::ZERO;
        for j in [0, 1, 63, 64, 65, 127, 128, 200, 255] {
            s.set(j, true);
        }
        for n in [0, 1, 7, 63, 64, 65, 128, 200, 255, 256, 300] {
            let r = s.shr(n);
            for j in 0..SACK_BITS {
                assert_eq!(r.get(j), s.get(j + n), "n {n} bit {j}");
            }
        }
    }
}
