//! Internet checksum (RFC 1071) and UDP pseudo-header sums.

/// One's-complement sum of `data` (big-endian 16-bit words, odd byte padded
/// with zero) added to `acc`, not yet folded.
pub fn sum(data: &[u8], mut acc: u32) -> u32 {
    let mut chunks = data.chunks_exact(2);
    for c in &mut chunks {
        acc = acc.wrapping_add(u32::from(u16::from_be_bytes([c[0], c[1]])));
        acc = (acc & 0xffff) + (acc >> 16);
    }
    if let [b] = chunks.remainder() {
        acc = acc.wrapping_add(u32::from(*b) << 8);
        acc = (acc & 0xffff) + (acc >> 16);
    }
    acc
}

/// Fold a running sum into 16 bits (not complemented).
pub fn fold(mut acc: u32) -> u16 {
    while acc > 0xffff {
        acc = (acc & 0xffff) + (acc >> 16);
    }
    acc as u16
}

/// The checksum of `data`: complement of the folded sum.
pub fn checksum(data: &[u8]) -> u16 {
    !fold(sum(data, 0))
}

/// Pseudo-header sum for UDP over IPv4.
pub fn pseudo_v4(src: &[u8; 4], dst: &[u8; 4], udp_len: u16) -> u32 {
    let mut acc = sum(src, 0);
    acc = sum(dst, acc);
    sum(&[0, 17], sum(&udp_len.to_be_bytes(), acc))
}

/// Pseudo-header sum for UDP over IPv6.
pub fn pseudo_v6(src: &[u8; 16], dst: &[u8; 16], udp_len: u16) -> u32 {
    let mut acc = sum(src, 0);
    acc = sum(dst, acc);
    acc = sum(&u32::from(udp_len).to_be_bytes(), acc);
    sum(&[0, 0, 0, 17], acc)
}

/// UDP checksum over `udp` (header with checksum field zeroed, plus payload)
/// given the pseudo-header sum. A computed zero is sent as 0xffff.
pub fn udp(pseudo: u32, udp: &[u8]) -> u16 {
    let c = !fold(sum(udp, pseudo));
    if c == 0 {
        0xffff
    } else {
        c
    }
}
