//! Repr -> emit -> parse == Repr, for every header and whole frames.

mod common;

use braid_spec::wire::braid::*;
use braid_spec::wire::eth::EthernetPacket;
use braid_spec::wire::ip::{Ipv4Packet, Ipv6Packet};
use braid_spec::wire::udp::UDP_LEN;
use braid_spec::*;
use common::*;
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn write_ext(r in write_repr()) {
        let mut b = [0u8; WRITE_EXT_LEN];
        r.emit(&mut WriteExtPacket::new_checked(&mut b[..]).unwrap());
        prop_assert_eq!(WriteRepr::parse(&WriteExtPacket::new_checked(&b[..]).unwrap()), r);
    }

    #[test]
    fn send_ext(r in send_repr()) {
        let mut b = [0u8; SEND_EXT_LEN];
        r.emit(&mut SendExtPacket::new_checked(&mut b[..]).unwrap());
        prop_assert_eq!(SendRepr::parse(&SendExtPacket::new_checked(&b[..]).unwrap()), r);
    }

    #[test]
    fn ack_ext(r in ack_repr()) {
        let mut b = [0u8; ACK_EXT_LEN];
        r.emit(&mut AckPacket::new_checked(&mut b[..]).unwrap());
        prop_assert_eq!(AckRepr::parse(&AckPacket::new_checked(&b[..]).unwrap()), r);
    }

    #[test]
    fn nack_ext(r in nack_repr()) {
        let mut b = [0u8; NACK_EXT_LEN];
        r.emit(&mut NackPacket::new_checked(&mut b[..]).unwrap());
        prop_assert_eq!(NackRepr::parse(&NackPacket::new_checked(&b[..]).unwrap()).unwrap(), r);
    }

    #[test]
    fn probe_ext(r in probe_repr()) {
        let mut b = [0u8; PROBE_EXT_LEN];
        r.emit(&mut ProbePacket::new_checked(&mut b[..]).unwrap());
        prop_assert_eq!(ProbeRepr::parse(&ProbePacket::new_checked(&b[..]).unwrap()), r);
    }

    #[test]
    fn base_header(r in braid_repr(9000)) {
        let mut b = [0u8; BASE_HEADER_LEN];
        r.base.emit(&mut BasePacket::new_checked(&mut b[..]).unwrap());
        prop_assert_eq!(BaseRepr::parse(&BasePacket::new_checked(&b[..]).unwrap()).unwrap(), r.base);
    }

    #[test]
    fn braid_headers(r in braid_repr(1500)) {
        let n = r.buffer_len() + usize::from(r.base.payload_len);
        let mut b = vec![0u8; n];
        prop_assert_eq!(r.emit(&mut b).unwrap(), r.buffer_len());
        let (p, hlen) = BraidRepr::parse(&b).unwrap();
        prop_assert_eq!(p, r);
        prop_assert_eq!(hlen, r.buffer_len());
        prop_assert_eq!(hlen % 4, 0);
    }

    #[test]
    fn ethernet(r in eth_repr(), et in prop_oneof![Just(0x0800u16), Just(0x86dd)]) {
        let mut b = vec![0u8; r.buffer_len()];
        r.emit(&mut b, et).unwrap();
        let (p, et2, len) = EthernetRepr::parse(&b).unwrap();
        prop_assert_eq!(p, r);
        prop_assert_eq!(et2, et);
        prop_assert_eq!(len, r.buffer_len());
    }

    #[test]
    fn ipv4(r in ipv4_repr(), plen in 0usize..2000) {
        let mut b = [0u8; 20];
        r.emit(&mut Ipv4Packet::new_checked(&mut b[..]).unwrap(), plen);
        let p = Ipv4Packet::new_checked(&b[..]).unwrap();
        prop_assert!(p.verify_checksum());
        prop_assert_eq!(usize::from(p.total_len()), 20 + plen);
        let (q, proto, hl) = Ipv4Repr::parse(&p).unwrap();
        prop_assert_eq!((q, proto, hl), (r, 17, 20));
    }

    #[test]
    fn ipv6(r in ipv6_repr(), plen in 0usize..2000) {
        let mut b = [0u8; 40];
        r.emit(&mut Ipv6Packet::new_checked(&mut b[..]).unwrap(), plen);
        let (q, next) = Ipv6Repr::parse(&Ipv6Packet::new_checked(&b[..]).unwrap()).unwrap();
        prop_assert_eq!((q, next), (r, 17));
    }

    #[test]
    fn frame_v4((r, payload) in frame(false)) {
        let buf = emit_frame_vec(&r, &payload).unwrap();
        prop_assert_eq!(buf.len(), r.buffer_len());
        let f = parse_frame(&buf).unwrap();
        prop_assert_eq!(f.repr, r);
        prop_assert_eq!(f.payload(&buf), &payload[..]);
    }

    #[test]
    fn frame_v6((r, payload) in frame(true)) {
        let buf = emit_frame_vec(&r, &payload).unwrap();
        let f = parse_frame(&buf).unwrap();
        prop_assert_eq!(f.repr, r);
        prop_assert_eq!(f.payload(&buf), &payload[..]);
    }

    #[test]
    fn frame_with_ethernet_padding((r, payload) in frame(false), pad in 1usize..64) {
        let mut buf = emit_frame_vec(&r, &payload).unwrap();
        buf.extend(std::iter::repeat_n(0u8, pad));
        let f = parse_frame(&buf).unwrap();
        prop_assert_eq!(f.repr, r);
        prop_assert_eq!(f.payload(&buf), &payload[..]);
    }

    #[test]
    fn sack_bytes_round_trip(s in sack()) {
        prop_assert_eq!(Sack256::from_bytes(&s.to_bytes()), s);
        let b = s.to_bytes();
        for j in 0..256 {
            prop_assert_eq!(s.get(j), (b[j / 8] >> (j % 8)) & 1 == 1);
        }
    }

    #[test]
    fn udp_checksum_detects_any_single_byte_flip(
        (mut r, payload) in frame(false), idx in any::<prop::sample::Index>(), x in 1u8..=255
    ) {
        r.udp.checksum = true;
        let mut buf = emit_frame_vec(&r, &payload).unwrap();
        let l4 = r.eth.buffer_len() + 20;
        // flip a byte of the UDP payload (the checksum field itself could flip to 0 = none)
        let i = l4 + 8 + idx.index(buf.len() - l4 - 8);
        buf[i] ^= x;
        let e = parse_frame(&buf);
        prop_assert!(e.is_err(), "flip at {} accepted", i);
    }
}

#[test]
fn ipv4_checksum_known_vector() {
    // Classic example header with checksum 0xb861.
    let mut h = [
        0x45, 0x00, 0x00, 0x73, 0x00, 0x00, 0x40, 0x00, 0x40, 0x11, 0x00, 0x00, 0xc0, 0xa8, 0x00,
        0x01, 0xc0, 0xa8, 0x00, 0xc7,
    ];
    let mut p = Ipv4Packet::new_checked(&mut h[..]).unwrap();
    p.fill_checksum();
    assert_eq!(p.checksum(), 0xb861);
    assert!(p.verify_checksum());
    assert_eq!(wire::checksum::checksum(&h), 0);
}

/// Naive reference UDP checksum (RFC 768) to cross-check the emitter.
fn naive_udp_v4(src: [u8; 4], dst: [u8; 4], udp: &[u8]) -> u16 {
    let mut v: Vec<u8> = Vec::new();
    v.extend(src);
    v.extend(dst);
    v.extend([0, 17]);
    v.extend((udp.len() as u16).to_be_bytes());
    v.extend(udp);
    if v.len() % 2 == 1 {
        v.push(0);
    }
    let mut s: u64 = 0;
    for c in v.chunks(2) {
        s += u64::from(u16::from_be_bytes([c[0], c[1]]));
    }
    while s > 0xffff {
        s = (s & 0xffff) + (s >> 16);
    }
    let c = !(s as u16);
    if c == 0 {
        0xffff
    } else {
        c
    }
}

#[test]
fn udp_checksum_matches_reference_and_bad_checksum_is_rejected() {
    let mut rng = Rng(7);
    for _ in 0..500 {
        let (mut r, payload) = random_frame(&mut rng);
        r.udp.checksum = true;
        let buf = emit_frame_vec(&r, &payload).unwrap();
        let IpRepr::V4(ip) = r.ip else { continue };
        let l4 = r.eth.buffer_len() + 20;
        let mut udp = buf[l4..].to_vec();
        let sent = u16::from_be_bytes([udp[6], udp[7]]);
        udp[6] = 0;
        udp[7] = 0;
        assert_eq!(sent, naive_udp_v4(ip.src, ip.dst, &udp));
        let mut bad = buf.clone();
        bad[l4 + 7] ^= 0x01;
        assert_eq!(parse_frame(&bad), Err(Error::BadChecksum { layer: "udp" }));
    }
}

#[test]
fn ipv4_bad_header_checksum_rejected() {
    let mut rng = Rng(11);
    let mut n = 0;
    while n < 200 {
        let (r, payload) = random_frame(&mut rng);
        if !matches!(r.ip, IpRepr::V4(_)) {
            continue;
        }
        n += 1;
        let mut buf = emit_frame_vec(&r, &payload).unwrap();
        let off = r.eth.buffer_len() + 10;
        buf[off] ^= 0x40;
        assert_eq!(parse_frame(&buf), Err(Error::BadChecksum { layer: "ipv4" }));
    }
}

#[test]
fn zero_udp_checksum_accepted_on_v4_and_v6() {
    let mut rng = Rng(3);
    for _ in 0..200 {
        let (mut r, payload) = random_frame(&mut rng);
        r.udp.checksum = false;
        let buf = emit_frame_vec(&r, &payload).unwrap();
        let f = parse_frame(&buf).unwrap();
        assert!(!f.repr.udp.checksum);
    }
}

#[test]
fn golden_write_imm_bytes() {
    // Hand-written expected bytes: the layout a hardware engineer implements.
    let r = BraidRepr {
        base: BaseRepr {
            opcode: Opcode::WriteImm,
            flags: Flags(Flags::LAST | Flags::ACK_REQ),
            path_id: 0x0f,
            dst_conn: 0x0a0b0c,
            path_psn: 0x1122_3344,
            csn: 0x5566_7788,
            timestamp: 0x99aa_bbcc,
            payload_len: 0,
            floor_delta: 7,
        },
        body: Body::Write {
            ext: WriteRepr {
                rkey: 0xdead_beef,
                va: 0x0102_0304_0506_0708,
                stream: 3,
                msn: 0x0000_0042,
                msg_len: 0x0001_0000,
            },
            imm: Some(0xcafe_f00d),
        },
    };
    let mut b = [0u8; 52];
    assert_eq!(r.emit(&mut b).unwrap(), 52);
    #[rustfmt::skip]
    let expect: [u8; 52] = [
        0x10, 0x02, 0x05, 0x0f,   0x0d, 0x0a, 0x0b, 0x0c,
        0x11, 0x22, 0x33, 0x44,   0x55, 0x66, 0x77, 0x88,
        0x99, 0xaa, 0xbb, 0xcc,   0x00, 0x00, 0x00, 0x07,
        0xde, 0xad, 0xbe, 0xef,   0x01, 0x02, 0x03, 0x04,
        0x05, 0x06, 0x07, 0x08,   0x03, 0x00, 0x00, 0x00,
        0x00, 0x00, 0x00, 0x42,   0x00, 0x01, 0x00, 0x00,
        0xca, 0xfe, 0xf0, 0x0d,
    ];
    assert_eq!(b, expect);
}

#[test]
fn golden_ack_sack_bit_order() {
    let mut sack = Sack256::new();
    sack.set(0, true);
    sack.set(9, true);
    sack.set(255, true);
    let r = AckRepr {
        base_psn: 100,
        csn_base: 7,
        ts_echo: 1,
        ecn_count: 2,
        rate_hint: 4000,
        sack,
    };
    let mut b = [0u8; ACK_EXT_LEN];
    r.emit(&mut AckPacket::new_checked(&mut b[..]).unwrap());
    assert_eq!(&b[0..4], &[0, 0, 0, 100]);
    assert_eq!(&b[12..16], &[0, 2, 0x0f, 0xa0]);
    assert_eq!(b[16], 0x01); // bit 0 -> byte 0 LSB
    assert_eq!(b[17], 0x02); // bit 9 -> byte 1 bit 1
    assert_eq!(b[47], 0x80); // bit 255 -> byte 31 MSB
    assert!(sack.get(0) && sack.get(9) && sack.get(255) && !sack.get(1) && !sack.get(256));
    assert_eq!(sack.words[0], 0x201);
    assert_eq!(sack.highest_set(), Some(255));
    assert_eq!(sack.holes().count_ones(), 256 - 3);
}

#[test]
fn eth_view_accessors() {
    let mut b = [0u8; 14];
    let mut e = EthernetPacket::new_checked(&mut b[..]).unwrap();
    e.set_dst_mac([1, 2, 3, 4, 5, 6]);
    e.set_src_mac([7, 8, 9, 10, 11, 12]);
    e.set_ethertype(0x86dd);
    assert_eq!(b, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 0x86, 0xdd]);
}

#[test]
fn emit_rejects_inconsistent_reprs() {
    let mut rng = Rng(5);
    let (mut r, payload) = random_frame(&mut rng);
    r.braid.base.opcode = if r.braid.base.opcode == Opcode::Ack {
        Opcode::Nack
    } else {
        Opcode::Ack
    };
    assert!(matches!(
        emit_frame_vec(&r, &payload),
        Err(Error::OpcodeMismatch { .. }) | Err(Error::FieldOverflow { .. })
    ));
    let (mut r, payload) = random_frame(&mut rng);
    r.braid.base.dst_conn = 1 << 24;
    assert!(emit_frame_vec(&r, &payload).is_err());
    let (r, _) = random_frame(&mut rng);
    assert!(matches!(
        emit_frame_vec(&r, &[0u8; 5000]),
        Err(Error::LengthMismatch { .. })
    ));
}

/// `Flags::has` is true only when every bit of the mask is set.
#[test]
fn flags_has_needs_every_bit_of_its_mask() {
    let f = Flags(Flags::FIRST | Flags::LAST);
    assert!(f.has(Flags::FIRST) && f.has(Flags::LAST));
    assert!(f.has(Flags::FIRST | Flags::LAST));
    assert!(!f.has(Flags::RETX));
    assert!(!f.has(Flags::FIRST | Flags::RETX));
    assert!(Flags(0).has(0));
}

proptest! {
    /// Each layer's `buffer_len` is its length on the wire: the base header,
    /// the opcode's extension and the immediate add up to the header that
    /// `BraidRepr::emit` writes.
    #[test]
    fn each_layers_buffer_len_adds_up_to_the_header(r in braid_repr(1500)) {
        prop_assert_eq!(r.base.buffer_len(), BASE_HEADER_LEN);
        let imm = |i: &Option<u32>| if i.is_some() { IMM_EXT_LEN } else { 0 };
        let ext = match &r.body {
            Body::Write { ext, imm: i } => {
                prop_assert_eq!(ext.buffer_len(), WRITE_EXT_LEN);
                ext.buffer_len() + imm(i)
            }
            Body::Send { ext, imm: i } => {
                prop_assert_eq!(ext.buffer_len(), SEND_EXT_LEN);
                ext.buffer_len() + imm(i)
            }
            Body::Ack(a) => {
                prop_assert_eq!(a.buffer_len(), ACK_EXT_LEN);
                a.buffer_len()
            }
            Body::Nack(n) => {
                prop_assert_eq!(n.buffer_len(), NACK_EXT_LEN);
                n.buffer_len()
            }
            Body::Probe(p) | Body::ProbeReply(p) => {
                prop_assert_eq!(p.buffer_len(), PROBE_EXT_LEN);
                p.buffer_len()
            }
        };
        prop_assert_eq!(r.base.buffer_len() + ext, r.buffer_len());
        let mut b = vec![0u8; r.buffer_len() + usize::from(r.base.payload_len)];
        prop_assert_eq!(r.emit(&mut b).unwrap(), r.base.buffer_len() + ext);
    }
}

/// The layer lengths themselves, as `SPEC.md` gives them.
#[test]
fn layer_lengths_are_the_specifications() {
    assert_eq!(
        (BASE_HEADER_LEN, WRITE_EXT_LEN, SEND_EXT_LEN, IMM_EXT_LEN),
        (24, 24, 16, 4)
    );
    assert_eq!((ACK_EXT_LEN, NACK_EXT_LEN, PROBE_EXT_LEN), (48, 16, 8));
}

/// `validate`'s 24-bit fields at their limit: `dst_conn` and a SEND's `rsn`
/// of 0xff_ffff are accepted, 1 << 24 and above refused by name.
#[test]
fn validate_accepts_24_bit_fields_up_to_their_limit() {
    let mut rng = Rng(0x24b1);
    let send = loop {
        let (r, _) = random_frame(&mut rng);
        if matches!(r.braid.body, Body::Send { .. }) {
            break r.braid;
        }
    };
    let with = |dst_conn: u32, rsn: u32| {
        let mut r = send;
        r.base.dst_conn = dst_conn;
        if let Body::Send { ext, .. } = &mut r.body {
            ext.rsn = rsn;
        }
        r.validate()
    };
    assert_eq!(with(0xff_ffff, 0xff_ffff), Ok(()));
    for big in [1 << 24, (1 << 24) + 1, u32::MAX] {
        assert_eq!(
            with(big, 0),
            Err(Error::FieldOverflow { field: "dst_conn" }),
            "dst_conn {big:#x}"
        );
        assert_eq!(
            with(0, big),
            Err(Error::FieldOverflow { field: "rsn" }),
            "rsn {big:#x}"
        );
    }
}

/// `fold` of a sum with carries beyond 16 bits: the carries are added back
/// until it fits (end-around carry), as RFC 1071 folds.
#[test]
fn fold_adds_every_carry_back() {
    use braid_spec::wire::checksum::fold;
    assert_eq!(fold(0x0000_1234), 0x1234);
    assert_eq!(fold(0x0003_0004), 0x0007);
    // 0xffff + 1 carries again: 0x1_0000 folds to 1
    assert_eq!(fold(0x0001_ffff), 0x0001);
    assert_eq!(fold(0xffff_ffff), 0xffff);
    assert_eq!(fold(0x8000_8000), 0x0001);
}

/// A random data frame over IPv4 or IPv6 with `payload` bytes of payload.
fn data_frame(seed: u64, v6: bool, payload: usize) -> (FrameRepr, Vec<u8>) {
    let mut rng = Rng(seed);
    loop {
        let (mut r, _) = random_frame(&mut rng);
        if r.braid.base.opcode.is_data() && matches!(r.ip, IpRepr::V6(_)) == v6 {
            r.braid.base.payload_len = payload as u16;
            return (r, (0..payload).map(|i| i as u8).collect());
        }
    }
}

/// An IP datagram too short for a UDP header is a length error of the IP
/// layer (rx_drop IP_LENGTH), at every length below 8 and not at 8; a
/// frame cut short inside a datagram that claims more is truncated, with
/// the exact length it needed.
#[test]
fn ip_lengths_below_a_udp_header_and_truncated_datagrams() {
    for v6 in [false, true] {
        let (r, payload) = data_frame(0x1e4, v6, 64);
        let good = emit_frame_vec(&r, &payload).unwrap();
        let l3 = r.eth.buffer_len();
        let hlen = r.ip.buffer_len();
        for dg in 0..=8usize {
            let mut f = good.clone();
            if v6 {
                Ipv6Packet::new_unchecked(&mut f[l3..]).set_payload_len(dg as u16);
            } else {
                let mut p = Ipv4Packet::new_unchecked(&mut f[l3..]);
                p.set_total_len((hlen + dg) as u16);
                p.fill_checksum();
            }
            let e = parse_frame(&f).unwrap_err();
            let ip_length = Error::LengthMismatch {
                layer: if v6 {
                    "ipv6 payload_len"
                } else {
                    "ipv4 total_len"
                },
                claimed: if v6 { dg } else { hlen + dg },
                actual: hlen * usize::from(!v6) + 8,
            };
            if dg < 8 {
                assert_eq!(e, ip_length, "v6 {v6}, datagram {dg}");
            } else {
                assert_ne!(e, ip_length, "v6 {v6}, datagram {dg}");
            }
        }
        // the frame ends 5 bytes before the datagram it claims
        let cut = &good[..good.len() - 5];
        assert_eq!(
            parse_frame(cut).unwrap_err(),
            Error::Truncated {
                layer: if v6 { "ipv6 payload" } else { "ipv4 payload" },
                needed: good.len() - l3,
                have: cut.len() - l3,
            },
            "v6 {v6}"
        );
    }
}

/// `emit_frame` writes into a buffer of at least the frame's length and
/// leaves the rest alone; a buffer one byte short is refused.
#[test]
fn emit_frame_needs_a_buffer_of_the_frames_length() {
    let (r, payload) = data_frame(0xb0f, false, 100);
    let want = emit_frame_vec(&r, &payload).unwrap();
    let mut big = vec![0xa5u8; want.len() + 3];
    assert_eq!(emit_frame(&r, &payload, &mut big), Ok(want.len()));
    assert_eq!(&big[..want.len()], &want[..]);
    assert_eq!(&big[want.len()..], &[0xa5; 3]);
    let mut short = vec![0u8; want.len() - 1];
    assert_eq!(
        emit_frame(&r, &payload, &mut short),
        Err(Error::BufferTooSmall {
            needed: want.len(),
            have: want.len() - 1
        })
    );
}

/// The 16-bit length fields at their limit: a UDP datagram of 65,535 bytes
/// (IPv6) and an IPv4 packet of 65,535 bytes are emitted and parse back;
/// one byte more is refused, naming the field.
#[test]
fn emit_frame_at_the_16_bit_length_limits() {
    for v6 in [false, true] {
        let (r, _) = data_frame(0x1e6, v6, 0);
        let over = UDP_LEN + r.braid.buffer_len() + if v6 { 0 } else { 20 };
        let max = 65_535 - over;
        for (payload, field) in [
            (max, None),
            (
                max + 1,
                Some(if v6 { "udp length" } else { "ipv4 total_len" }),
            ),
        ] {
            let (r, bytes) = data_frame(0x1e6, v6, payload);
            match (emit_frame_vec(&r, &bytes), field) {
                (Ok(f), None) => {
                    let p = parse_frame(&f).unwrap();
                    assert_eq!(p.payload(&f), &bytes[..], "v6 {v6}");
                }
                (Err(e), Some(field)) => {
                    assert_eq!(e, Error::FieldOverflow { field }, "v6 {v6}")
                }
                (got, _) => panic!("v6 {v6}, payload {payload}: {got:?}"),
            }
        }
    }
}

/// The UDP length limit applies over IPv4 too: a datagram of 65,536 bytes
/// is refused as a UDP length before the IPv4 total length is looked at.
#[test]
fn emit_frame_refuses_a_udp_length_over_16_bits_on_ipv4() {
    let (r, _) = data_frame(0x1e7, false, 0);
    let payload = 65_536 - UDP_LEN - r.braid.buffer_len();
    let (r, bytes) = data_frame(0x1e7, false, payload);
    assert_eq!(
        emit_frame_vec(&r, &bytes),
        Err(Error::FieldOverflow {
            field: "udp length"
        })
    );
}

/// IPv4 header checks: an IHL below 5 is a bad header length, an IHL of 6
/// (one option word) parses with its 24-byte length, and a packet with
/// either More Fragments or a fragment offset is a fragment.
#[test]
fn ipv4_header_length_and_fragments() {
    let parse = |ihl: u8, mf: u8, off: u16| {
        let mut b = [0u8; 24];
        let mut p = Ipv4Packet::new_unchecked(&mut b[..]);
        p.set_version(4);
        p.set_ihl(ihl);
        p.set_total_len(24);
        p.set_ttl(64);
        p.set_protocol(17);
        p.set_flag_mf(mf);
        p.set_frag_offset(off);
        p.fill_checksum();
        Ipv4Repr::parse(&Ipv4Packet::new_checked(&b[..]).unwrap()).map(|(_, proto, hl)| (proto, hl))
    };
    for ihl in 0..5 {
        assert_eq!(
            parse(ihl, 0, 0),
            Err(Error::BadHeaderLength {
                layer: "ipv4",
                found: usize::from(ihl),
                expected: 5
            }),
            "ihl {ihl}"
        );
    }
    assert_eq!(parse(5, 0, 0), Ok((17, 20)));
    assert_eq!(parse(6, 0, 0), Ok((17, 24)));
    assert_eq!(parse(5, 1, 0), Err(Error::Fragmented));
    assert_eq!(parse(5, 0, 1), Err(Error::Fragmented));
    assert_eq!(parse(5, 1, 0x1fff), Err(Error::Fragmented));
}

/// One's-complement sum of big-endian 16-bit words, written here apart
/// from `wire::checksum` as RFC 768 and RFC 8200 state it.
fn ones_sum(parts: &[&[u8]]) -> u16 {
    let bytes: Vec<u8> = parts.concat();
    let mut s: u64 = bytes
        .chunks(2)
        .map(|c| u64::from(c[0]) << 8 | u64::from(*c.get(1).unwrap_or(&0)))
        .sum();
    while s > 0xffff {
        s = (s & 0xffff) + (s >> 16);
    }
    s as u16
}

/// The UDP checksum a frame carries over IPv4 and over IPv6 is the one its
/// pseudo-header defines: source, destination, protocol 17 and the UDP
/// length, summed with the datagram to 0xffff.
#[test]
fn udp_checksum_covers_the_pseudo_header_of_both_ip_versions() {
    for v6 in [false, true] {
        let (mut r, payload) = data_frame(0xc5, v6, 33);
        r.udp.checksum = true;
        let f = emit_frame_vec(&r, &payload).unwrap();
        let l3 = r.eth.buffer_len();
        let l4 = l3 + r.ip.buffer_len();
        let udp_len = (f.len() - l4) as u16;
        let dg = &f[l4..];
        let sum = if v6 {
            let len = u32::from(udp_len).to_be_bytes();
            ones_sum(&[&f[l3 + 8..l3 + 40], &len, &[0, 0, 0, 17], dg])
        } else {
            ones_sum(&[&f[l3 + 12..l3 + 20], &[0, 17], &udp_len.to_be_bytes(), dg])
        };
        assert_ne!(&dg[6..8], &[0, 0], "v6 {v6}: a checksum is carried");
        assert_eq!(sum, 0xffff, "v6 {v6}");
    }
}

/// An IPv4 header whose IHL is below 5 never verifies, even when its
/// few words happen to sum to a valid checksum.
#[test]
fn ipv4_checksum_of_a_header_below_20_bytes_fails() {
    // IHL 2: 0x4200 + 0xbdff = 0xffff over its 8 bytes
    let h = [
        0x42, 0x00, 0xbd, 0xff, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    ];
    assert_eq!(wire::checksum::checksum(&h[..8]), 0);
    assert!(!Ipv4Packet::new_checked(&h[..]).unwrap().verify_checksum());
}

/// A frame's ECN codepoint and CE mark, on both IP versions.
#[test]
fn ecn_and_ce_of_either_ip_version() {
    for v6 in [false, true] {
        let (mut r, _) = data_frame(0xec, v6, 0);
        for ecn in 0..4u8 {
            match &mut r.ip {
                IpRepr::V4(x) => x.ecn = ecn,
                IpRepr::V6(x) => x.ecn = ecn,
            }
            assert_eq!(r.ip.ecn(), ecn, "v6 {v6}");
            assert_eq!(r.ip.ce(), ecn == 3, "v6 {v6}, ecn {ecn}");
        }
    }
}

/// The UDP header's length.
#[test]
fn udp_header_is_8_bytes() {
    let u = UdpRepr {
        src_port: 1,
        dst_port: 2,
        checksum: false,
    };
    assert_eq!((u.buffer_len(), UDP_LEN), (8, 8));
}
