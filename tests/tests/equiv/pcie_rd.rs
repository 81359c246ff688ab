//! `pcie_rd` (work in progress: model only, no RTL yet): the model against
//! a host that answers its read TLPs as a root complex may (completions
//! split at the read completion boundary and the maximum payload size, tags
//! answered out of order, random latency), with faults injected (error
//! completions, lost completions, stray completions). Every response comes
//! back in request order, byte-exact, or marked failed exactly when a fault
//! hit it.

use braid_model::pcie_rd::{PcieRdIn, PcieRdModel, RcBeat, RdReq};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::VecDeque;

/// Host memory: byte at address `a` is a hash of `a`.
fn mem(a: u64) -> u8 {
    (a.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 56) as u8
}

/// A completion waiting to be sent: its beats.
struct Pending {
    ready_at: u64,
    beats: VecDeque<RcBeat>,
}

fn completion(
    tag: u8,
    la: u32,
    bc: u32,
    payload: &[u8],
    done: bool,
    status: u32,
) -> VecDeque<RcBeat> {
    // payload starts at its dword: la & 3 bytes of padding first
    let pad = (la & 3) as usize;
    let mut bytes = vec![0u8; 12 + pad];
    let dwc = (pad + payload.len()).div_ceil(4) as u32;
    let w0 = la | bc << 16 | (done as u32) << 30;
    let w1 = dwc | status << 11;
    let w2 = tag as u32;
    bytes[0..4].copy_from_slice(&w0.to_le_bytes());
    bytes[4..8].copy_from_slice(&w1.to_le_bytes());
    bytes[8..12].copy_from_slice(&w2.to_le_bytes());
    bytes.extend_from_slice(payload);
    let n = bytes.len().div_ceil(64);
    (0..n)
        .map(|k| {
            let mut data = [0u8; 64];
            let part = &bytes[64 * k..(64 * k + 64).min(bytes.len())];
            data[..part.len()].copy_from_slice(part);
            RcBeat {
                data,
                last: k + 1 == n,
                discontinue: false,
            }
        })
        .collect()
}

#[test]
fn pcie_rd_model_returns_every_read_in_order_or_failed_by_its_fault() {
    for seed in [0x7ead_u64, 0x51] {
        let mut r = ChaCha8Rng::seed_from_u64(seed);
        let mut m = PcieRdModel::default();
        let mut reqs: VecDeque<(RdReq, bool)> = VecDeque::new(); // (request, expect failure)
        let mut next_tag = 0u8;
        let mut offered: Option<RdReq> = None;
        let mut ready = true;
        let mut shown_rq = None;
        let mut shown_rs: Option<braid_model::pcie_rd::RsBeat> = None;
        let mut pending: Vec<Pending> = Vec::new();
        let mut sending: Option<VecDeque<RcBeat>> = None;
        // tags the host holds a read for: tag -> request index it serves
        let mut got: Vec<u8> = Vec::new();
        let (mut done, mut failed, mut faults) = (0u32, 0u32, 0u32);
        let mut req_index = 0usize;
        let timeout = 3_000u32;
        for c in 0..400_000u64 {
            // the engine: a new request now and then
            if offered.is_none() && r.gen_range(0..4) == 0 {
                let len = match r.gen_range(0..4) {
                    0 => r.gen_range(1..=64),
                    1 => r.gen_range(65..=700),
                    _ => r.gen_range(700..=4096),
                };
                let off = r.gen_range(0..=4096 - len as u64);
                let addr = (r.gen::<u64>() & !0xfff & 0xffff_ffff_ffff) | off;
                offered = Some(RdReq {
                    addr,
                    len,
                    tag: next_tag,
                });
                next_tag = next_tag.wrapping_add(1);
            }
            // the host: send the next beat of a completion that is due
            if sending.is_none() {
                // the earliest due: one read's completions stay in address
                // order, different reads' interleave
                let k = (0..pending.len())
                    .filter(|&k| pending[k].ready_at <= c)
                    .min_by_key(|&k| pending[k].ready_at);
                if let Some(k) = k {
                    sending = Some(pending.remove(k).beats);
                }
            }
            let rc = sending.as_mut().and_then(|b| b.pop_front());
            if sending.as_ref().is_some_and(|b| b.is_empty()) {
                sending = None;
            }
            let i = PcieRdIn {
                rd: offered,
                rs_ready: r.gen_range(0..5) != 0,
                rq_ready: r.gen_range(0..5) != 0,
                rc,
                mrrs: 2,
                timeout,
            };
            if let (Some(q), true) = (offered, ready) {
                reqs.push_back((q, false));
                offered = None;
                req_index += 1;
            }
            // a read TLP taken by the host: answer it later
            if let (Some(t), true) = (shown_rq, i.rq_ready) {
                let t: braid_model::pcie_rd::RdTlp = t;
                let ri = req_index - 1 - (reqs.len() - 1)
                    + reqs
                        .iter()
                        .position(|(q, _)| {
                            let a = q.addr;
                            t.addr >= a & !3 && t.addr < a + q.len as u64
                        })
                        .unwrap();
                let x = t.fbe.trailing_zeros().min(3) as u64;
                let tail = if t.dwc == 1 {
                    4 - (8 - t.fbe.leading_zeros())
                } else {
                    t.lbe.leading_zeros() - 4
                };
                let start = t.addr + x;
                let total = (4 * t.dwc - x as u32 - tail) as u64;
                let fault = r.gen_range(0..200);
                let idx = ri - (req_index - reqs.len());
                if fault < 2 {
                    reqs[idx].1 = true;
                    faults += 1;
                }
                // split at a 64- or 128-byte boundary, at most 256 bytes
                let rcb = if r.gen_range(0..2) == 0 { 64 } else { 128 };
                let mut a = start;
                let mut at = c + r.gen_range(20..200);
                while a < start + total {
                    let lim = ((a / rcb) + 1) * rcb;
                    let lim = lim.max(a + 1).min(start + total);
                    let mut e = lim;
                    while e < start + total && e - a < 256 && r.gen_range(0..3) != 0 {
                        e = (e + rcb).min(start + total);
                    }
                    // at most 256 bytes (MPS), still ending on a boundary
                    let e = if e > a + 256 {
                        (a + 256) / rcb * rcb
                    } else {
                        e
                    };
                    let payload: Vec<u8> = (a..e).map(mem).collect();
                    let last = e == start + total;
                    let bc = (start + total - a) as u32;
                    let status = if fault == 0 && last { 1 } else { 0 };
                    if fault == 1 && last {
                        // the last completion is lost: the tag times out
                    } else {
                        let beats =
                            completion(t.tag, (a & 0xfff) as u32, bc, &payload, last, status);
                        pending.push(Pending {
                            ready_at: at,
                            beats,
                        });
                    }
                    if fault == 2 && last {
                        // a stray completion: a tag no read was sent with
                        let stray = r.gen_range(32..=255u32) as u8;
                        let beats = completion(stray, (a & 0xfff) as u32, bc, &payload, last, 0);
                        pending.push(Pending {
                            ready_at: at + 1,
                            beats,
                        });
                    }
                    at += r.gen_range(1..30);
                    a = e;
                }
            }
            // a response beat taken by the engine
            if let (Some(b), true) = (shown_rs, i.rs_ready) {
                let (q, fail) = reqs.front().copied().expect("a response with no request");
                assert_eq!(b.tag, q.tag, "seed {seed:#x}: responses out of order");
                got.extend_from_slice(&b.data);
                if b.last {
                    if fail {
                        assert!(
                            b.err,
                            "seed {seed:#x}: a read hit by a fault came back good"
                        );
                        failed += 1;
                    } else {
                        assert!(
                            !b.err,
                            "seed {seed:#x}: read of {:#x}+{} failed at clock {c}",
                            q.addr, q.len
                        );
                        let want: Vec<u8> = (q.addr..q.addr + q.len as u64).map(mem).collect();
                        assert_eq!(
                            &got[..q.len as usize],
                            &want[..],
                            "seed {seed:#x}: data of {:#x}+{}",
                            q.addr,
                            q.len
                        );
                        assert!(got[q.len as usize..].iter().all(|&x| x == 0));
                        done += 1;
                    }
                    got.clear();
                    reqs.pop_front();
                }
            }
            let o = m.step(&i);
            ready = o.rd_ready;
            shown_rq = o.rq;
            shown_rs = o.rs;
        }
        let o = m.step(&PcieRdIn::default());
        eprintln!("seed {seed:#x}: {done} reads good, {failed} failed of {faults} faults; {o:?}");
        assert!(
            done > 1_000 && failed > 5,
            "seed {seed:#x}: {done} good, {failed} failed of {faults} faults"
        );
        assert!(
            o.cnt_cpl_err > 0 && o.cnt_timeouts > 0 && o.cnt_stray > 0,
            "seed {seed:#x}: {o:?}"
        );
    }
}
