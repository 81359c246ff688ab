//! Two Verilated engine tops (`braid_engine_tiny`), each under its own
//! unmodified braid-driver, wired MAC to MAC: engine A's frames are fed to
//! engine B's receive port. RDMA WRITEs posted on A are placed by B into
//! B's registered region, byte for byte, and nowhere else (stage 3's
//! first part: receive parsing, connection lookup, region check, DMA
//! placement). Bad input into B (random bytes, a truncated frame, a wrong
//! rkey, an address past the region's end) is dropped and counted and
//! writes nothing; B keeps placing good traffic.

use braid_driver::verbs::*;
use braid_driver::Backend;
use braid_sim::cosim::engine::{EngineBackend, EngineSim, GlueCounters};
use braid_spec::regs;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::cell::RefCell;
use std::rc::Rc;

const MAC_A: [u8; 6] = [2, 0x42, 0x52, 0, 0, 0xa];
const IP_A: [u8; 4] = [10, 0, 0, 10];
const MAC_B: [u8; 6] = [2, 0x42, 0x52, 0, 0, 0xb];
const IP_B: [u8; 4] = [10, 0, 0, 11];

struct Side {
    eng: Rc<RefCell<EngineSim>>,
    ctx: Context<EngineBackend>,
}

fn side(mac: [u8; 6], ip: [u8; 4]) -> Side {
    let be = EngineBackend::new(EngineSim::tiny().expect("the tiny engine top is Verilated"));
    let eng = be.sim();
    let ctx = Context::open(be).expect("open");
    let m = mac.iter().fold(0u64, |a, &b| (a << 8) | b as u64);
    ctx.with_backend(|b| {
        b.write32(regs::CONFIG[0].offset, m as u32)?;
        b.write32(regs::CONFIG[1].offset, (m >> 32) as u32)?;
        b.write32(regs::CONFIG[2].offset, u32::from_be_bytes(ip))
    })
    .expect("local addresses");
    Side { eng, ctx }
}

fn counter(s: &Side, i: usize) -> u32 {
    s.ctx
        .with_backend(|b| b.read32(regs::COUNTERS[i].offset))
        .expect("counter")
}

/// Clock both engines `n` times, A's frames into B (and B's into A, none
/// yet; copies kept in `seen`); `extra` frames go to B first.
fn run_pair(
    a: &Side,
    b: &Side,
    n: u64,
    extra: &mut Vec<Vec<u8>>,
    seen: &mut Vec<Vec<u8>>,
) -> usize {
    let mut moved = 0;
    for _ in 0..n / 100 {
        a.eng.borrow_mut().run(100);
        let fa: Vec<Vec<u8>> = a.eng.borrow_mut().tx().frames.drain(..).collect();
        let mut eb = b.eng.borrow_mut();
        for f in extra.drain(..) {
            eb.push_rx_frame(&f);
        }
        for f in &fa {
            eb.push_rx_frame(f);
        }
        moved += fa.len();
        seen.extend(fa);
        eb.run(100);
        assert!(eb.tx().frames.is_empty(), "B sends nothing yet");
    }
    moved
}

#[test]
fn writes_from_engine_a_are_placed_by_engine_b() {
    let seed = 0xb0a1_u64;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let a = side(MAC_A, IP_A);
    let b = side(MAC_B, IP_B);
    let init = QpInit {
        sq_entries: 16,
        rq_entries: 16,
        streams: 2,
        paths: 4,
    };
    // A: the source region; B: the target region (REMOTE_WRITE)
    let pd_a = a.ctx.alloc_pd();
    let cq_a = a.ctx.create_cq(64).expect("CREATE_CQ on A");
    let src = pd_a
        .reg_mr(256 << 10, access::LOCAL_WRITE)
        .expect("REG_MR on A");
    let src_bytes: Vec<u8> = (0..src.len()).map(|_| rng.gen()).collect();
    src.write(0, &src_bytes).expect("fill A's region");
    let pd_b = b.ctx.alloc_pd();
    let cq_b = b.ctx.create_cq(64).expect("CREATE_CQ on B");
    let dst = pd_b
        .reg_mr(256 << 10, access::LOCAL_WRITE | access::REMOTE_WRITE)
        .expect("REG_MR on B");
    let mut qp_a = pd_a.create_qp(&cq_a, init).expect("CREATE_CONN on A");
    let mut qp_b = pd_b.create_qp(&cq_b, init).expect("CREATE_CONN on B");
    let pa = qp_a.local_params(MAC_A, IP_A);
    let pb = qp_b.local_params(MAC_B, IP_B);
    qp_a.connect(&pa, &pb).expect("SET_PEER on A");
    qp_b.connect(&pb, &pa).expect("SET_PEER on B");

    // WRITEs of every size class, each to its own 16 KiB slot of B's region
    let lens = [1u32, 63, 64, 65, 4096, 4097, 8192, 12000, 777, 3];
    let wrs: Vec<SendWr> = lens
        .iter()
        .enumerate()
        .map(|(i, &len)| SendWr {
            wr_id: i as u64,
            op: SendOp::Write {
                remote_addr: dst.addr() + (i as u64) * 16384 + (i as u64 * 13) % 64,
                rkey: dst.rkey(),
            },
            stream: (i % 2) as u8,
            sg_list: vec![src.sge(i as u64 * 16384 + 7, len)],
        })
        .collect();
    qp_a.post_send(&wrs).expect("post on A");
    let mtu = 4096u64;
    let want_pkts: u32 = lens.iter().map(|&l| (l as u64).div_ceil(mtu) as u32).sum();
    let want_bytes: u64 = lens.iter().map(|&l| l as u64).sum();

    // bad input into B ahead of the good frames: random bytes of random
    // lengths (the parser drops each)
    let good_conn = qp_b.qp_num();
    let mut bad: Vec<Vec<u8>> = (0..20)
        .map(|_| {
            let n = rng.gen_range(1..300);
            (0..n).map(|_| rng.gen()).collect()
        })
        .collect();
    let mut moved = 0;
    let mut seen = Vec::new();
    for _ in 0..200 {
        moved += run_pair(&a, &b, 1000, &mut bad, &mut seen);
        if counter(&b, 5) >= want_pkts {
            break;
        }
    }
    run_pair(&a, &b, 2000, &mut bad, &mut seen);
    assert_eq!(moved as u32, want_pkts, "frames A sent");
    assert_eq!(counter(&b, 5), want_pkts, "RX_PKTS on B");
    let rx_bytes = counter(&b, 8) as u64 | (counter(&b, 9) as u64) << 32;
    assert_eq!(rx_bytes, want_bytes, "RX_BYTES on B");
    assert_eq!(counter(&b, 7), 0, "RX_REFUSED on B");

    // B's region: every message at its place, every other byte still 0
    let mut got = vec![0u8; dst.len()];
    dst.read(0, &mut got).expect("read B's region");
    let mut want = vec![0u8; dst.len()];
    for (i, &len) in lens.iter().enumerate() {
        let to = i * 16384 + (i * 13) % 64;
        let from = i * 16384 + 7;
        want[to..to + len as usize].copy_from_slice(&src_bytes[from..from + len as usize]);
    }
    let diff = got.iter().zip(&want).position(|(g, w)| g != w);
    assert_eq!(
        diff, None,
        "seed {seed:#x}: B's region differs at this offset"
    );
    {
        let eb = b.eng.borrow();
        assert_eq!(eb.bad_writes(), &[], "B wrote outside host buffers");
        let g = eb.glue_counters();
        assert_eq!(
            g,
            GlueCounters {
                rx_bad: 20,
                ..GlueCounters::default()
            },
            "seed {seed:#x}: the random frames, dropped by the parser"
        );
    }

    // crafted bad copies of A's 4 KiB WRITE (message 4, first packet): a
    // wrong rkey, an address past the region's end, a truncated frame; then
    // the good frame again (a duplicate, placed again with the same bytes)
    // message 4 went to slot 4 at offset (4 * 13) mod 64 = 52
    let va4 = dst.addr() + 4 * 16384 + 52;
    let f4 = seen
        .iter()
        .find(|f| {
            let r = braid_spec::wire::frame::parse_frame(f)
                .expect("A's frames parse")
                .repr;
            matches!(r.braid.body, braid_spec::wire::braid::Body::Write { ext, .. } if ext.va == va4)
        })
        .expect("message 4's first frame")
        .clone();
    let find = |f: &[u8], pat: &[u8]| {
        f.windows(pat.len())
            .position(|w| w == pat)
            .expect("field in the frame")
    };
    let k = find(&f4, &dst.rkey().to_be_bytes());
    let mut wrong_rkey = f4.clone();
    wrong_rkey[k] ^= 0x80;
    let k = find(&f4, &va4.to_be_bytes());
    let mut past_end = f4.clone();
    let far = dst.addr() + dst.len() as u64 - 100;
    past_end[k..k + 8].copy_from_slice(&far.to_be_bytes());
    let truncated = f4[..f4.len() - 100].to_vec();
    let mut crafted = vec![wrong_rkey, past_end, truncated, f4.clone()];
    run_pair(&a, &b, 3000, &mut crafted, &mut seen);
    assert_eq!(
        counter(&b, 7),
        2,
        "RX_REFUSED on B: wrong rkey, past the end"
    );
    assert_eq!(counter(&b, 5), want_pkts + 1, "RX_PKTS on B: the duplicate");
    let mut again = vec![0u8; dst.len()];
    dst.read(0, &mut again).expect("read B's region");
    assert!(
        again == want,
        "seed {seed:#x}: B's region changed by bad input"
    );
    let eb = b.eng.borrow();
    assert_eq!(eb.bad_writes(), &[], "B wrote outside host buffers");
    assert_eq!(
        eb.glue_counters(),
        GlueCounters {
            rx_bad: 21,
            ..GlueCounters::default()
        },
        "seed {seed:#x}: the truncated frame, dropped by the parser"
    );
    eprintln!(
        "seed {seed:#x}: {want_pkts} packets, {want_bytes} bytes placed by B in {} clocks; conn {good_conn}",
        eb.cycles()
    );
    drop(eb);
    drop(qp_a);
    drop(qp_b);
}
