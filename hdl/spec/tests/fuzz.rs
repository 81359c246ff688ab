//! No input makes a parser panic.

mod common;

use std::panic::{catch_unwind, AssertUnwindSafe};

use braid_spec::wire::braid::*;
use braid_spec::*;
use common::*;
use proptest::prelude::*;

/// Run every parser on `buf`; return whether the frame parsed.
fn parse_all(buf: &[u8]) -> bool {
    let _ = BraidRepr::parse(buf);
    let _ = EthernetRepr::parse(buf);
    if let Ok(p) = BasePacket::new_checked(buf) {
        let _ = BaseRepr::parse(&p);
    }
    if let Ok(p) = NackPacket::new_checked(buf) {
        let _ = NackRepr::parse(&p);
    }
    if let Ok(p) = wire::ip::Ipv4Packet::new_checked(buf) {
        let _ = Ipv4Repr::parse(&p);
    }
    if let Ok(p) = wire::ip::Ipv6Packet::new_checked(buf) {
        let _ = Ipv6Repr::parse(&p);
    }
    // unchecked views must not panic either
    let v = BasePacket::new_unchecked(buf);
    let _ = (v.csn(), v.payload_len(), v.rest());
    let a = AckPacket::new_unchecked(buf);
    let _ = a.sack();
    let _ = parse_frame_on_port(buf, 0);
    parse_frame(buf).is_ok()
}

fn check(seed: u64, what: &str, buf: &[u8]) -> bool {
    match catch_unwind(AssertUnwindSafe(|| parse_all(buf))) {
        Ok(ok) => ok,
        Err(_) => panic!(
            "parser panicked: seed={seed:#x} case={what} len={} bytes={:02x?}",
            buf.len(),
            buf
        ),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn random_bytes_never_panic(buf in proptest::collection::vec(any::<u8>(), 0..256)) {
        let _ = parse_all(&buf);
    }

    #[test]
    fn mutated_frames_never_panic(
        (r, payload) in frame(false),
        muts in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..6),
        cut in any::<prop::sample::Index>(),
    ) {
        let mut buf = emit_frame_vec(&r, &payload).unwrap();
        for (i, v) in muts {
            let i = i.index(buf.len());
            buf[i] = v;
        }
        let _ = parse_all(&buf);
        let c = cut.index(buf.len() + 1);
        let _ = parse_all(&buf[..c]);
    }
}

/// ~100k seeded cases: random buffers, random Braid-looking buffers, and
/// valid frames with mutations (bytes, truncation, extension). Set
/// BRAID_FUZZ_SEED to reproduce a failure; the seed is printed on panic.
#[test]
fn seeded_fuzz_loop() {
    let seed: u64 = std::env::var("BRAID_FUZZ_SEED")
        .ok()
        .and_then(|s| u64::from_str_radix(s.trim_start_matches("0x"), 16).ok())
        .unwrap_or(0x00b7_a1d5_eed0_0001);
    eprintln!("seeded_fuzz_loop: BRAID_FUZZ_SEED={seed:#x}");
    let mut rng = Rng(seed);
    let mut parsed = 0u32;
    let iters = 100_000u32;
    for it in 0..iters {
        let case_seed = rng.next();
        let mut r = Rng(case_seed);
        let buf: Vec<u8> = match it % 4 {
            0 => {
                let n = r.below(200) as usize;
                (0..n).map(|_| r.next() as u8).collect()
            }
            1 => {
                // Braid-looking UDP payload: valid version and a real opcode
                let n = r.below(120) as usize;
                let mut b: Vec<u8> = (0..n).map(|_| r.next() as u8).collect();
                if let Some(x) = b.get_mut(0) {
                    *x = 0x10;
                }
                if let Some(x) = b.get_mut(1) {
                    *x = OPCODES[r.below(OPCODES.len() as u64) as usize].value();
                }
                b
            }
            _ => {
                let (repr, payload) = random_frame(&mut r);
                let mut b = emit_frame_vec(&repr, &payload).unwrap();
                assert!(
                    check(case_seed, "valid", &b),
                    "valid frame rejected: seed={case_seed:#x} {:?}",
                    parse_frame(&b)
                );
                match r.below(3) {
                    0 => {
                        for _ in 0..=r.below(4) {
                            let i = r.below(b.len() as u64) as usize;
                            b[i] = r.next() as u8;
                        }
                    }
                    1 => b.truncate(r.below(b.len() as u64) as usize),
                    _ => {
                        for _ in 0..=r.below(8) {
                            b.push(r.next() as u8);
                        }
                    }
                }
                b
            }
        };
        if check(case_seed, "fuzz", &buf) {
            parsed += 1;
        }
    }
    eprintln!("seeded_fuzz_loop: {parsed} of {iters} mutated/random inputs still parsed");
}

/// Every strict prefix of a valid frame is an error, never a panic.
#[test]
fn every_prefix_is_an_error() {
    let mut rng = Rng(0x7275_6e63);
    for _ in 0..300 {
        let case_seed = rng.next();
        let (repr, payload) = random_frame(&mut Rng(case_seed));
        let b = emit_frame_vec(&repr, &payload).unwrap();
        assert!(parse_frame(&b).is_ok());
        for n in 0..b.len() {
            let res = catch_unwind(|| parse_frame(&b[..n]));
            match res {
                Ok(Err(_)) => {}
                Ok(Ok(_)) => panic!("prefix {n} of {} parsed: seed={case_seed:#x}", b.len()),
                Err(_) => panic!("prefix {n} panicked: seed={case_seed:#x}"),
            }
        }
    }
}
