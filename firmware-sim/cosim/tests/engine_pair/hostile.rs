//! Engine B's receive port under hostile frames while good traffic runs:
//! a structure-aware fuzzer (seeded) takes A's frames as they pass and
//! sends B mutated copies. Headers are re-emitted with valid checksums
//! after their fields are changed (PSN, CSN, path, floor, connection,
//! opcode, flags, payload length, address, stream, MSN, message length),
//! so the frames reach the transport, not only the parser; some are then
//! cut short or have a bit flipped. A WRITE's key is never the region's
//! (the attacker does not have it). B must write nothing it should not:
//! no DMA outside host buffers, its region holding exactly A's genuine
//! WRITEs; and every WRITE of A completes exactly once, SUCCESS with its
//! bytes in place or with an error status (a forged NACK for an
//! outstanding CSN may fail the connection: the wire carries no
//! authentication), never silently wrong.

use super::*;
use braid_spec::wire::braid::Opcode;
use braid_spec::wire::frame::emit_frame_vec;

/// A hostile copy of `f` (a frame of A's).
fn mutate(r: &mut ChaCha8Rng, f: &[u8], rkey: u32) -> Vec<u8> {
    let mut v = match parse_frame(f) {
        Ok(p) => {
            let mut repr = p.repr;
            let payload = f[p.payload].to_vec();
            let base = &mut repr.braid.base;
            for _ in 0..r.gen_range(1..4) {
                match r.gen_range(0..10) {
                    0 => base.path_psn = base.path_psn.wrapping_add_signed(r.gen_range(-300..300)),
                    1 => base.csn = base.csn.wrapping_add_signed(r.gen_range(-40..40)),
                    2 => base.path_id = r.gen_range(0..8),
                    3 => base.floor_delta = r.gen(),
                    4 => base.dst_conn ^= 1 << r.gen_range(0..4),
                    5 => base.flags = Flags(r.gen()),
                    6 => base.path_psn = r.gen(),
                    _ => {}
                }
            }
            if let Body::Write { ext, .. } = &mut repr.braid.body {
                match r.gen_range(0..4) {
                    0 => ext.va = ext.va.wrapping_add(r.gen_range(0..1 << 20)),
                    1 => ext.stream = r.gen_range(0..4),
                    2 => ext.msn = ext.msn.wrapping_add(r.gen_range(0..4)),
                    _ => ext.msg_len = r.gen(),
                }
            }
            if r.gen_bool(0.2) {
                // a WRITE with or without immediate data
                let op = [Opcode::Write, Opcode::WriteImm][r.gen_range(0..2)];
                repr.braid.body = match (&repr.braid.body, op) {
                    (Body::Write { ext, .. }, Opcode::Write) => Body::Write {
                        ext: *ext,
                        imm: None,
                    },
                    (Body::Write { ext, .. }, Opcode::WriteImm) => Body::Write {
                        ext: *ext,
                        imm: Some(r.gen()),
                    },
                    (b, _) => *b,
                };
            }
            // never the region's key
            if let Body::Write { ext, .. } = &mut repr.braid.body {
                if ext.rkey == rkey {
                    ext.rkey ^= 1 << r.gen_range(0..32);
                }
            }
            repr.braid.base.opcode = repr.braid.body.opcode();
            let mut payload = payload;
            if r.gen_bool(0.3) {
                payload.truncate(r.gen_range(0..=payload.len()));
            }
            repr.braid.base.payload_len = payload.len() as u16;
            emit_frame_vec(&repr, &payload).unwrap_or_else(|_| f.to_vec())
        }
        Err(_) => f.to_vec(),
    };
    match r.gen_range(0..6) {
        0 => v.truncate(r.gen_range(0..=v.len())),
        1 if !v.is_empty() => {
            let i = r.gen_range(0..v.len());
            v[i] ^= 1 << r.gen_range(0..8);
        }
        _ => {}
    }
    v
}

/// Three seeded runs; each prints what it sent and how the WRITEs ended.
#[test]
fn hostile_frames_during_good_traffic_write_nothing_and_lose_nothing() {
    for seed in [0xf0a5_u64, 0xf0a6, 0xf0a7] {
        hostile_run(seed);
    }
}

fn hostile_run(seed: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let Pair {
        a,
        b,
        mut qp_a,
        qp_b,
        src,
        src_bytes,
        dst,
        cq_a,
        cq_b,
        _pd,
    } = pair(&mut rng, 256 << 10);
    let lens = [30_000u32, 4096, 1, 20_000, 9000, 12_345];
    let slot = 40_000u64;
    let wrs: Vec<SendWr> = lens
        .iter()
        .enumerate()
        .map(|(i, &len)| SendWr {
            wr_id: i as u64,
            op: SendOp::Write {
                remote_addr: dst.addr() + i as u64 * slot,
                rkey: dst.rkey(),
            },
            stream: (i % 2) as u8,
            sg_list: vec![src.sge(i as u64 * slot, len)],
        })
        .collect();
    qp_a.post_send(&wrs).expect("post on A");
    let mut w = Wires::default();
    let mut hostile = Vec::new();
    let mut sent_hostile = 0;
    let mut done = Vec::new();
    for _ in 0..300 {
        let seen = w.ab.len();
        run_pair(&a, &b, 500, &mut hostile, &mut w);
        // up to two hostile copies of each frame A sent in this step, into
        // B with the next step's good frames
        for f in w.ab[seen..].iter() {
            for _ in 0..rng.gen_range(0..3) {
                hostile.push(mutate(&mut rng, f, dst.rkey()));
                sent_hostile += 1;
            }
        }
        done.extend(cq_a.poll(16).expect("poll A's CQ"));
        if done.len() == lens.len() {
            break;
        }
    }
    run_pair(&a, &b, 3000, &mut Vec::new(), &mut w);
    done.extend(cq_a.poll(16).expect("poll A's CQ"));
    // every WRITE exactly once, in posting order
    let ids: Vec<u64> = done.iter().map(|c| c.wr_id).collect();
    assert_eq!(
        ids,
        (0..lens.len() as u64).collect::<Vec<_>>(),
        "seed {seed:#x}: A's completions {done:?}"
    );
    // B's region: a WRITE that completed SUCCESS holds A's bytes; one that
    // failed holds A's bytes or zeros; every other byte is zero
    let mut got = vec![0u8; dst.len()];
    dst.read(0, &mut got).expect("read B's region");
    let mut ok = 0;
    for (i, x) in got.iter().enumerate() {
        let k = i as u64 / slot;
        let off = i as u64 % slot;
        let inside = (k as usize) < lens.len() && off < lens[k as usize] as u64;
        let mine = src_bytes.get(i).copied().unwrap_or(0);
        if !inside {
            assert_eq!(
                *x, 0,
                "seed {seed:#x}: B's byte {i:#x}, outside every WRITE"
            );
        } else if done[k as usize].status == WcStatus::Success {
            assert_eq!(
                *x, mine,
                "seed {seed:#x}: B's byte {i:#x}, WRITE {k} completed"
            );
        } else {
            assert!(
                *x == mine || *x == 0,
                "seed {seed:#x}: B's byte {i:#x}, WRITE {k} failed: neither A's nor 0"
            );
        }
    }
    for c in &done {
        ok += usize::from(c.status == WcStatus::Success);
    }
    let refused = reg(&b, "RX_REFUSED");
    // B posted no receive and got no genuine WRITE_IMM: nothing completes
    let b_done = cq_b.poll(16).expect("poll B's CQ");
    assert_eq!(b_done.len(), 0, "seed {seed:#x}: B's CQ {b_done:?}");
    let eb = b.eng.borrow();
    assert_eq!(
        eb.bad_writes(),
        &[],
        "seed {seed:#x}: B wrote outside host buffers"
    );
    eprintln!(
        "seed {seed:#x}: {sent_hostile} hostile frames into B among {} of A's; {ok} of {} WRITEs \
         SUCCESS, the others {:?}; B: RX_BAD {}, RX_REFUSED {}, duplicates {}; {} clocks",
        w.ab.len(),
        lens.len(),
        done.iter()
            .filter(|c| c.status != WcStatus::Success)
            .map(|c| c.status)
            .collect::<Vec<_>>(),
        eb.glue_counters().rx_bad,
        refused,
        eb.glue_counters().rx_dup,
        eb.cycles()
    );
    drop(eb);
    drop(qp_a);
    drop(qp_b);
}
