//! Fuzz targets: each takes arbitrary bytes, must never panic, and checks
//! a property on what it accepts. `fuzz/` runs them coverage-guided with
//! cargo-fuzz (`scripts/fuzz.sh`, nightly Rust); the inputs it ever found
//! failing are kept under `fuzz/regressions/<target>/` and replayed by
//! `firmware-sim/net/tests/fuzz_regressions.rs` on stable Rust in every
//! test run. [`TARGETS`] lists them.
//!
//! - [`frame`]: braid-spec's frame parser (Ethernet, IPv4/IPv6, UDP,
//!   Braid): what it accepts re-emits to a frame it parses the same.
//! - [`codec`]: a UDP payload to a model packet and back: decoding is a
//!   fixed point after one round.
//! - [`conn_line`]: the connection parameters and remote buffer lines that
//!   perftest sides exchange over TCP: what parses prints back the same.
//! - [`cqe`]: the driver's completion-queue record decoding.
//! - [`hostile`]: structure-aware, the transport model under hostile
//!   packets. Packets decoded from the input are injected into a receiver
//!   that has a registered region, and into its peer's sender, with a key
//!   that is never the region's; then a genuine WRITE runs. Not one byte
//!   of the receiver's memory may change but the genuine WRITE's, and the
//!   WRITE completes byte-exact or with an error status, never silently
//!   wrong.

use crate::codec::{msg_of, udp_payload_of};
use crate::config::Kind;
use crate::fabric::{FabricConfig, Packet};
use crate::net::{access, Msg, Net, NetConfig, WcStatus, WorkRequest, WrOp};

/// A fuzz target: arbitrary bytes in, a panic on a violated property.
pub type Target = fn(&[u8]);

/// Every target by name (the names of `fuzz/fuzz_targets/*.rs`).
pub const TARGETS: &[(&str, Target)] = &[
    ("frame", frame),
    ("codec", codec),
    ("conn_line", conn_line),
    ("cqe", cqe),
    ("hostile", hostile),
];

/// braid-spec's frame parser: no panic; an accepted frame re-emits (its
/// headers and payload) to bytes that parse to the same headers.
pub fn frame(data: &[u8]) {
    use braid_spec::wire::frame::{emit_frame_vec, parse_frame};
    let Ok(f) = parse_frame(data) else {
        return;
    };
    let payload = &data[f.payload.clone()];
    let again = emit_frame_vec(&f.repr, payload).expect("an accepted frame re-emits");
    let g = parse_frame(&again).expect("a re-emitted frame parses");
    assert_eq!(format!("{:?}", g.repr), format!("{:?}", f.repr));
    assert_eq!(&again[g.payload], payload);
}

/// The codec: no panic; a decoded packet encodes, and decoding that gives
/// the same packet.
pub fn codec(data: &[u8]) {
    let now = 1 << 40;
    let Ok(m) = msg_of(data, now, true) else {
        return;
    };
    let bytes = udp_payload_of(&m).expect("a decoded packet encodes");
    let again = msg_of(&bytes, now, true).expect("an encoded packet decodes");
    assert_eq!(format!("{again:?}"), format!("{m:?}"));
}

/// The lines perftest sides exchange: no panic; a parsed line prints to
/// a line that parses the same.
pub fn conn_line(data: &[u8]) {
    use braid_driver::perf::RemoteBuf;
    use braid_driver::verbs::ConnParams;
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(p) = ConnParams::from_line(text) {
        let q = ConnParams::from_line(&p.to_line()).expect("a printed line parses");
        assert_eq!(format!("{q:?}"), format!("{p:?}"));
    }
    if let Ok(r) = RemoteBuf::from_line(text) {
        let s = RemoteBuf::from_line(&r.to_line()).expect("a printed line parses");
        assert_eq!(format!("{s:?}"), format!("{r:?}"));
    }
}

/// The driver's CQE decoding: no panic on any record of the CQE's size.
pub fn cqe(data: &[u8]) {
    let mut rec = [0u8; braid_spec::host::CQE_BYTES];
    let n = data.len().min(rec.len());
    rec[..n].copy_from_slice(&data[..n]);
    let _ = braid_driver::verbs::decode_cqe(&rec);
}

/// Host memory of the [`hostile`] target's receiver, and its region.
const MEM: u64 = 1 << 16;
const REGION_AT: u64 = 0x4000;
const REGION_LEN: u64 = 0x8000;
/// The genuine WRITE: where it lands in the region, its length.
const GENUINE_AT: u64 = 0x5000;
const GENUINE_LEN: u32 = 10_000;
/// What the receiver's memory holds before anything arrives.
fn canary(i: usize) -> u8 {
    (i as u8).wrapping_mul(31) ^ 0xa5
}

/// The transport model under hostile packets (see the module
/// documentation). The input is cut into packets, each a 2-byte
/// little-endian length and that many bytes of a UDP payload; those the
/// codec takes are injected, one every microsecond, before the genuine
/// WRITE is posted.
pub fn hostile(data: &[u8]) {
    hostile_run(data);
}

/// What a [`hostile`] run did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HostileRun {
    /// Hostile packets injected (the codec took them).
    pub injected: usize,
    /// The genuine WRITE completed successfully (and its bytes were
    /// checked); otherwise it completed with an error status or could not
    /// be posted.
    pub delivered: bool,
}

/// [`hostile`], saying what happened.
pub fn hostile_run(data: &[u8]) -> HostileRun {
    let cfg = NetConfig {
        carry_data: true,
        ..NetConfig::new(Kind::Braid)
    };
    let mut net = Net::new(FabricConfig::leaf_spine(2), cfg);
    let (a, b) = (0, 1);
    net.set_memory(a, MEM);
    net.set_memory(b, MEM);
    for (i, x) in net.memory_mut(b).iter_mut().enumerate() {
        *x = canary(i);
    }
    for (i, x) in net.memory_mut(a).iter_mut().enumerate() {
        *x = (i as u8) ^ 0x3c;
    }
    let src = net
        .reg_mr(a, 1, 0, MEM, access::LOCAL_WRITE)
        .expect("A's region");
    let dst = net
        .reg_mr(
            b,
            1,
            REGION_AT,
            REGION_LEN,
            access::LOCAL_WRITE | access::REMOTE_WRITE,
        )
        .expect("B's region");
    let c = net.connect(a, b, 1);
    // the hostile packets
    let mut injected = 0;
    let mut rest = data;
    while rest.len() >= 2 {
        let n = u16::from_le_bytes([rest[0], rest[1]]) as usize;
        let chunk = &rest[2..(2 + n).min(rest.len())];
        rest = &rest[(2 + n).min(rest.len())..];
        let now = net.now();
        let Ok(mut msg) = msg_of(chunk, now, true) else {
            continue;
        };
        // aim at the live connection, never with the region's key
        let to = match &mut msg {
            Msg::Data(d) => {
                d.conn = c;
                if d.rkey == dst.rkey {
                    d.rkey ^= 1;
                }
                b
            }
            Msg::Ack(k) => {
                k.conn = c;
                a
            }
            Msg::Nack { conn, .. } | Msg::Gbn { conn, .. } => {
                *conn = c;
                a
            }
        };
        let bytes = crate::net::frame_bytes(&msg);
        net.fabric.inject(Packet {
            src: 1 - to,
            dst: to,
            sport: 0xc000,
            dport: braid_spec::BRAID_UDP_PORT,
            bytes,
            ce: false,
            payload: msg,
        });
        injected += 1;
        net.run_until(now + 1_000_000);
    }
    // the genuine WRITE
    let posted = net.post_send(
        c,
        WorkRequest {
            wr_id: 7,
            op: WrOp::Write {
                rkey: dst.rkey,
                remote: GENUINE_AT,
            },
            stream: 0,
            local: 0x100,
            len: GENUINE_LEN,
            lkey: src.lkey,
        },
    );
    let deadline = net.now() + 2_000_000_000_000;
    net.run_to_completion(deadline);
    let done: Vec<_> = net
        .poll_cq(a)
        .into_iter()
        .filter(|w| w.wr_id == 7)
        .collect();
    let delivered = posted.is_ok() && done.len() == 1 && done[0].status == WcStatus::Success;
    if posted.is_ok() {
        assert!(
            done.len() <= 1,
            "the genuine WRITE completed {} times",
            done.len()
        );
    }
    // B's memory: the canary everywhere but the genuine WRITE, which holds
    // A's bytes if it completed successfully (and anything of them, or
    // the canary, if it failed with an error status)
    let (g0, g1) = (
        GENUINE_AT as usize,
        (GENUINE_AT + GENUINE_LEN as u64) as usize,
    );
    let mem = net.memory(b);
    for (i, &x) in mem.iter().enumerate() {
        if (g0..g1).contains(&i) {
            let mine = ((0x100 + i - g0) as u8) ^ 0x3c;
            if delivered {
                assert_eq!(x, mine, "byte {i:#x} of the genuine WRITE");
            } else {
                assert!(
                    x == mine || x == canary(i),
                    "byte {i:#x}: neither A's nor the canary"
                );
            }
        } else {
            assert_eq!(x, canary(i), "byte {i:#x} of B's memory changed");
        }
    }
    HostileRun {
        injected,
        delivered,
    }
}

/// Seed inputs for every target, from a real model run: the frames and
/// UDP payloads of a Braid connection carrying WRITE, WRITE_IMM, SEND and
/// SEND_IMM at 1% loss (data, ACKs, NACKs), those payloads in groups for
/// [`hostile`], parameter lines as perftest prints them, and CQE records.
/// (target name, input).
pub fn seeds() -> Vec<(&'static str, Vec<u8>)> {
    use braid_driver::perf::RemoteBuf;
    use braid_driver::verbs::ConnParams;
    let frames = crate::capture::capture_braid(0.01, 400, 0x5eed);
    let mut out = Vec::new();
    // the UDP payloads: what follows the Ethernet, IP and UDP headers
    let payloads: Vec<Vec<u8>> = frames
        .iter()
        .map(|f| {
            let r = braid_spec::wire::frame::parse_frame(&f.1)
                .expect("the model's frames parse")
                .repr;
            f.1[r.header_len() - r.braid.buffer_len()..].to_vec()
        })
        .collect();
    // every kind of packet the run made, a few of each
    let mut kinds: std::collections::BTreeMap<(u8, u8), usize> = Default::default();
    for (f, p) in frames.iter().zip(&payloads) {
        let k = kinds.entry((p[0], p[1])).or_default();
        if *k < 3 {
            *k += 1;
            out.push(("frame", f.1.clone()));
            out.push(("codec", p.clone()));
        }
    }
    for group in payloads.chunks(7).take(12) {
        let mut v = Vec::new();
        for p in group {
            v.extend((p.len() as u16).to_le_bytes());
            v.extend(p);
        }
        out.push(("hostile", v));
    }
    let p = ConnParams {
        conn: 3,
        mac: [2, 0x42, 0x52, 0, 0, 1],
        ip: [10, 0, 0, 1],
        udp_base: 0xc000,
    };
    out.push(("conn_line", p.to_line().into_bytes()));
    let r = RemoteBuf {
        addr: 0x1_0000_0000,
        rkey: 0x101,
        len: 1 << 20,
    };
    out.push(("conn_line", r.to_line().into_bytes()));
    for b in [0u8, 0xff, 0x5a] {
        out.push(("cqe", vec![b; braid_spec::host::CQE_BYTES]));
    }
    out
}
