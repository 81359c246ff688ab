//! Field tables: the data every header accessor, generator and hash is built from.
//!
//! Two conventions exist and are never mixed:
//!
//! * [`Field`] describes **wire** headers. `offset` is the byte offset from the
//!   start of the header, `bit_offset` counts bits from the **most significant**
//!   bit of that byte (bit 0 = MSB, as in IETF packet diagrams), and the value is
//!   stored big-endian (network order). A field may span several bytes.
//! * [`StateField`] describes **state** records (BRAM words). A record is one
//!   bit vector; `lsb` is the index of the field's least significant bit, and the
//!   vector is stored little-endian (byte k holds bits 8k..8k+7, bit 0 = LSB).

/// One field of a wire header (big-endian, MSB-first bit numbering).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Field {
    /// Field name (snake_case, stable: it enters [`crate::SPEC_HASH`]).
    pub name: &'static str,
    /// Byte offset from the start of the header.
    pub offset: usize,
    /// Bit offset within byte `offset`, counted from the MSB (0..=7).
    pub bit_offset: u8,
    /// Width in bits.
    pub bits: u16,
    /// One-line description for the generated documentation.
    pub desc: &'static str,
}

impl Field {
    /// First bit of the field, counted from the MSB of byte 0 of the header.
    pub const fn start_bit(&self) -> usize {
        self.offset * 8 + self.bit_offset as usize
    }

    /// One past the last bit of the field.
    pub const fn end_bit(&self) -> usize {
        self.start_bit() + self.bits as usize
    }

    /// Number of header bytes needed to hold this field.
    pub const fn end_byte(&self) -> usize {
        self.end_bit().div_ceil(8)
    }

    /// Whether the field starts and ends on byte boundaries.
    pub const fn byte_aligned(&self) -> bool {
        self.bit_offset == 0 && self.bits % 8 == 0
    }

    /// The low 64 bits of a wider field, as a field of its own.
    const fn low64(&self) -> Field {
        let start = self.end_bit() - 64;
        Field {
            name: self.name,
            offset: start / 8,
            bit_offset: (start % 8) as u8,
            bits: 64,
            desc: self.desc,
        }
    }

    /// Read the field (at most 64 bits wide) from `buf` as a big-endian value.
    ///
    /// Never panics: bytes past the end of `buf` read as zero, and fields wider
    /// than 64 bits return their low 64 bits.
    pub fn read(&self, buf: &[u8]) -> u64 {
        if self.bits > 64 {
            return self.low64().read(buf);
        }
        let first = self.offset;
        let last = self.end_byte();
        let mut acc: u128 = 0;
        for i in first..last {
            acc = (acc << 8) | u128::from(buf.get(i).copied().unwrap_or(0));
        }
        let total_bits = (last - first) * 8;
        let shift = total_bits - self.bit_offset as usize - self.bits as usize;
        let v = acc >> shift;
        if self.bits >= 64 {
            v as u64
        } else {
            (v as u64) & ((1u64 << self.bits) - 1)
        }
    }

    /// Write `value` (masked to the field width, at most 64 bits) into `buf`,
    /// leaving all other bits untouched. Bytes past the end of `buf` are skipped.
    pub fn write(&self, buf: &mut [u8], value: u64) {
        if self.bits > 64 {
            return self.low64().write(buf, value);
        }
        let first = self.offset;
        let last = self.end_byte();
        let total_bits = (last - first) * 8;
        let shift = total_bits - self.bit_offset as usize - self.bits as usize;
        let width_mask: u128 = if self.bits >= 64 {
            u128::from(u64::MAX)
        } else {
            (1u128 << self.bits) - 1
        };
        let mask = width_mask << shift;
        let val = (u128::from(value) & width_mask) << shift;
        for (k, i) in (first..last).enumerate() {
            let byte_shift = (total_bits - 8 - k * 8) as u32;
            let m = (mask >> byte_shift) as u8;
            let v = (val >> byte_shift) as u8;
            if let Some(b) = buf.get_mut(i) {
                *b = (*b & !m) | (v & m);
            }
        }
    }

    /// The bytes of a byte-aligned field (addresses, bitmaps). Returns an empty
    /// slice if `buf` is too short; never panics.
    pub fn bytes<'a>(&self, buf: &'a [u8]) -> &'a [u8] {
        buf.get(self.offset..self.end_byte()).unwrap_or(&[])
    }

    /// Mutable bytes of a byte-aligned field (empty if `buf` is too short).
    pub fn bytes_mut<'a>(&self, buf: &'a mut [u8]) -> &'a mut [u8] {
        let r = self.offset..self.end_byte();
        buf.get_mut(r).unwrap_or(&mut [])
    }
}

/// Length in bytes of a header described by `table` (largest field end).
pub const fn table_len(table: &[Field]) -> usize {
    let mut i = 0;
    let mut max = 0;
    while i < table.len() {
        let e = table[i].end_byte();
        if e > max {
            max = e;
        }
        i += 1;
    }
    max
}

/// Look a field up by name.
pub fn find<'a>(table: &'a [Field], name: &str) -> Option<&'a Field> {
    table.iter().find(|f| f.name == name)
}

/// One field of a state record (little-endian bit vector, `lsb` = first bit).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StateField {
    /// Field name (stable: it enters [`crate::SPEC_HASH`]).
    pub name: &'static str,
    /// Bit index of the field's least significant bit within the record.
    pub lsb: u32,
    /// Width in bits.
    pub bits: u32,
    /// One-line description.
    pub desc: &'static str,
}

/// Width in bits of a state record (largest field end).
pub const fn state_bits(table: &[StateField]) -> u32 {
    let mut i = 0;
    let mut max = 0;
    while i < table.len() {
        let e = table[i].lsb + table[i].bits;
        if e > max {
            max = e;
        }
        i += 1;
    }
    max
}

/// Read bit `i` of a little-endian bit vector (false past the end).
pub fn get_bit_le(buf: &[u8], i: usize) -> bool {
    buf.get(i / 8).is_some_and(|b| (b >> (i % 8)) & 1 == 1)
}

/// Write bit `i` of a little-endian bit vector (ignored past the end).
pub fn set_bit_le(buf: &mut [u8], i: usize, v: bool) {
    if let Some(b) = buf.get_mut(i / 8) {
        if v {
            *b |= 1 << (i % 8);
        } else {
            *b &= !(1 << (i % 8));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Field;

    fn field(offset: usize, bit_offset: u8, bits: u16) -> Field {
        Field {
            name: "t",
            offset,
            bit_offset,
            bits,
            desc: "",
        }
    }

    /// Bits `[start, start + 64)` of `buf` (big-endian, bit 0 the MSB of
    /// byte 0), read one bit at a time.
    fn bits64(buf: &[u8], start: usize) -> u64 {
        (start..start + 64).fold(0, |a, i| a << 1 | u64::from(buf[i / 8] >> (7 - i % 8) & 1))
    }

    /// Little-endian bit vectors: setting and clearing bit `i` changes that
    /// bit alone; bits past the end read false and are not written.
    #[test]
    fn le_bits_change_one_bit_each() {
        for i in 0..24 {
            let mut b = [0u8; 3];
            super::set_bit_le(&mut b, i, true);
            assert_eq!(u32::from_le_bytes([b[0], b[1], b[2], 0]), 1 << i, "set {i}");
            let mut b = [0xffu8; 3];
            super::set_bit_le(&mut b, i, false);
            assert_eq!(
                u32::from_le_bytes([b[0], b[1], b[2], 0]),
                0xff_ffff ^ 1 << i,
                "clear {i}"
            );
            assert!(!super::get_bit_le(&b, i) && super::get_bit_le(&b, (i + 1) % 24));
        }
        let mut b = [0u8; 3];
        super::set_bit_le(&mut b, 24, true);
        assert_eq!(b, [0; 3]);
        assert!(!super::get_bit_le(&[0xff; 3], 24));
    }

    /// `find` returns the field of that name, and nothing for a name the
    /// table lacks.
    #[test]
    fn find_returns_the_named_field() {
        let t = [field(0, 0, 8), field(1, 0, 16), field(3, 0, 8)];
        let t = [
            Field { name: "a", ..t[0] },
            Field { name: "b", ..t[1] },
            Field { name: "c", ..t[2] },
        ];
        assert_eq!(super::find(&t, "b"), Some(&t[1]));
        assert_eq!(super::find(&t, "c"), Some(&t[2]));
        assert_eq!(super::find(&t, "d"), None);
    }

    /// A field wider than 64 bits reads and writes its low 64 bits (its last
    /// 64), aligned or not, and a write leaves every other bit as it was.
    #[test]
    fn a_field_wider_than_64_bits_reads_and_writes_its_low_64() {
        let buf: Vec<u8> = (0u8..32).map(|i| i.wrapping_mul(37) ^ 0x5a).collect();
        for (offset, bit_offset, bits) in [(2, 0, 128), (1, 4, 100), (1, 2, 100), (0, 7, 201)] {
            let f = field(offset, bit_offset, bits);
            let low = f.end_bit() - 64;
            assert_eq!(f.read(&buf), bits64(&buf, low), "{f:?}");
            let mut w = buf.clone();
            let v = 0x0123_4567_89ab_cdef;
            f.write(&mut w, v);
            assert_eq!(bits64(&w, low), v, "{f:?}");
            for i in (0..256).filter(|i| !(low..low + 64).contains(i)) {
                assert_eq!(
                    w[i / 8] >> (7 - i % 8) & 1,
                    buf[i / 8] >> (7 - i % 8) & 1,
                    "{f:?}: bit {i}"
                );
            }
        }
    }
}
