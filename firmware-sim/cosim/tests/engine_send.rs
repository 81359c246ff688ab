//! The engine top's send path (stage 2) on the Verilated tiny top, driven by
//! the unmodified braid-driver: posted WRITEs leave the MAC port as frames.
//! Every frame is parsed with braid-spec's decoder and checked field by
//! field: addresses and ports from the registers and SET_PEER, the UDP
//! source port of its path, every packet of every message exactly once,
//! CSNs consecutive in sending order, PSNs consecutive per path with the
//! floor at the path's first PSN (no ACKs yet), the paths sprayed round
//! robin in bursts of `TX_CFG.spray_burst`, the FIRST/LAST flags, the WRITE
//! extension, and the payload equal to host memory byte for byte.

use braid_cosim::engine::{EngineBackend, EngineSim, GlueCounters};
use braid_driver::verbs::*;
use braid_driver::Backend;
use braid_spec::regs;
use braid_spec::wire::braid::{Body, Flags, Opcode};
use braid_spec::wire::frame::parse_frame;
use braid_spec::wire::ip::IpRepr;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::{BTreeMap, BTreeSet};

const LOCAL_MAC: [u8; 6] = [2, 0x42, 0x52, 0, 0, 0];
const LOCAL_IP: [u8; 4] = [10, 0, 0, 1];
const PEER: ConnParams = ConnParams {
    conn: 3,
    mac: [2, 0x42, 0x52, 0, 0, 1],
    ip: [10, 0, 0, 2],
    udp_base: 0xc000,
};
const REMOTE_BASE: u64 = 0x2000_0000;
const RKEY: u32 = 0x0101;

fn remote_addr(i: usize) -> u64 {
    REMOTE_BASE + ((i as u64) << 20)
}

/// How the engine is set up and its ports behave.
#[derive(Clone, Copy, Default)]
struct Setup {
    /// `NET_CFG.mtu_code` (reset value when `None`).
    mtu_code: Option<u32>,
    /// `TX_CFG.spray_burst` (reset value when `None`).
    burst: Option<u32>,
    /// `tx_ready` low on one clock in `stall` (0: always high).
    stall: u64,
    /// DMA read latency and depth (the harness's defaults when `None`).
    dma: Option<(u64, usize)>,
    /// The region's host memory is unmapped once the WQEs are fetched:
    /// every payload read fails.
    fault: bool,
}

/// Post WRITEs of `lens` (message i from region offset `8192 * i`, to
/// `remote_addr(i)`, streams alternating) and check the frames.
fn writes_leave_as_frames(seed: u64, lens: &[u32], setup: Setup) {
    let be = EngineBackend::new(EngineSim::tiny().expect("the tiny engine top is Verilated"));
    let eng = be.sim();
    if let Some((lat, depth)) = setup.dma {
        eng.borrow_mut().rd = braid_cosim::host::DmaReadServer::new(lat, depth);
    }
    let ctx = Context::open(be).expect("open");
    ctx.set_local_addr(LOCAL_MAC, LOCAL_IP)
        .expect("local addresses");
    let (net, tx_cfg) = ctx
        .with_backend(|b| {
            if let Some(code) = setup.mtu_code {
                let v = b.read32(regs::CONFIG[3].offset)?;
                b.write32(
                    regs::CONFIG[3].offset,
                    regs::set(&regs::NET_CFG_MTU_CODE, v, code),
                )?;
            }
            // no ACKs come back here: a path's window (CC_CWND_INIT
            // packets in flight) would stop it; windows are tested in
            // engine_pair/
            b.write32(regs::CONFIG[4].offset, regs::CFG_CWND_MAX)?;
            // nor would a path's retransmission timer ever be stopped: the
            // smallest RTO is raised from 20 us to 10 ms (3,000,000 clocks,
            // beyond any run here), so every packet leaves exactly once;
            // timeouts are tested in engine_pair/
            b.write32(regs::CONFIG[8].offset, regs::CFG_RTO_MAX)?;
            if let Some(burst) = setup.burst {
                let v = b.read32(regs::CONFIG[11].offset)?;
                b.write32(
                    regs::CONFIG[11].offset,
                    regs::set(&regs::TX_CFG_SPRAY_BURST, v, burst),
                )?;
            }
            Ok::<_, braid_driver::Error>((
                b.read32(regs::CONFIG[3].offset)?,
                b.read32(regs::CONFIG[11].offset)?,
            ))
        })
        .expect("configuration registers");
    let mtu = 1024u64 << regs::get(&regs::NET_CFG_MTU_CODE, net);
    let burst = regs::get(&regs::TX_CFG_SPRAY_BURST, tx_cfg).max(1) as usize;

    let pd = ctx.alloc_pd();
    let cq = ctx.create_cq(64).expect("CREATE_CQ");
    let mr = pd
        .reg_mr(8192 * lens.len() + 65536, access::LOCAL_WRITE)
        .expect("REG_MR");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let host: Vec<u8> = (0..mr.len()).map(|_| rng.gen()).collect();
    mr.write(0, &host).expect("fill the region");
    let init = QpInit {
        sq_entries: 16,
        rq_entries: 16,
        streams: 2,
        paths: 4,
    };
    let mut qp = pd.create_qp(&cq, init).expect("CREATE_CONN");
    let local = qp.local_params(LOCAL_MAC, LOCAL_IP);
    qp.connect(&local, &PEER).expect("SET_PEER");
    let wrs: Vec<SendWr> = lens
        .iter()
        .enumerate()
        .map(|(i, &len)| SendWr {
            wr_id: 0x100 + i as u64,
            op: SendOp::Write {
                remote_addr: remote_addr(i),
                rkey: RKEY,
            },
            stream: (i % 2) as u8,
            sg_list: vec![mr.sge(i as u64 * 8192, len)],
        })
        .collect();
    qp.post_send(&wrs).expect("post");
    if setup.fault {
        // the WQEs are fetched within a few hundred clocks, long before a
        // payload read (the frames wait for the lookup and the sprayer)
        let mut e = eng.borrow_mut();
        e.run(20);
        assert!(e.mem.unmap(mr.addr()), "the region is mapped");
    }
    let want: usize = lens
        .iter()
        .map(|&l| (l as u64).div_ceil(mtu) as usize)
        .sum();

    // frames on the wire, and those the engine flagged bad (`tx_bad`:
    // discarded by the MAC side, never on the wire)
    let mut frames = Vec::new();
    let mut flagged = Vec::new();
    for c in 0..200_000u64 {
        let mut e = eng.borrow_mut();
        e.tx_ready = setup.stall == 0 || c % setup.stall != 0;
        e.run(1);
        frames.extend(e.tx().frames.drain(..));
        flagged.extend(e.tx().flagged.drain(..));
        if frames.len() + flagged.len() >= want {
            break;
        }
    }
    eng.borrow_mut().tx_ready = true;
    eng.borrow_mut().run(5000);
    frames.extend(eng.borrow_mut().tx().frames.drain(..));
    flagged.extend(eng.borrow_mut().tx().flagged.drain(..));
    if setup.fault {
        // every payload read failed: every frame leaves flagged bad
        assert_eq!(
            (frames.len(), flagged.len()),
            (0, want),
            "seed {seed:#x}: frames on the wire and flagged bad"
        );
        frames = flagged;
    } else {
        assert_eq!(
            (frames.len(), flagged.len()),
            (want, 0),
            "seed {seed:#x}: frames on the wire and flagged bad"
        );
    }

    let mut seen = BTreeSet::new();
    let mut by_path: BTreeMap<u8, Vec<(u32, u16)>> = BTreeMap::new();
    let mut csns = Vec::new();
    for (k, buf) in frames.iter().enumerate() {
        let f = parse_frame(buf).unwrap_or_else(|e| panic!("seed {seed:#x}: frame {k}: {e}"));
        let r = f.repr;
        let ctx_k = format!("seed {seed:#x} frame {k}: {r:?}");
        assert_eq!(
            (r.eth.dst, r.eth.src, r.eth.vlan),
            (PEER.mac, LOCAL_MAC, None),
            "{ctx_k}"
        );
        let IpRepr::V4(ip) = r.ip else {
            panic!("{ctx_k}: not IPv4")
        };
        assert_eq!((ip.src, ip.dst, ip.ttl), (LOCAL_IP, PEER.ip, 64), "{ctx_k}");
        let b = r.braid.base;
        assert!(b.path_id < 4, "{ctx_k}");
        assert_eq!(r.udp.dst_port, braid_spec::BRAID_UDP_PORT, "{ctx_k}");
        assert_eq!(r.udp.src_port, local.udp_base + b.path_id as u16, "{ctx_k}");
        assert_eq!(
            (b.opcode, b.dst_conn),
            (Opcode::Write, PEER.conn),
            "{ctx_k}"
        );
        let Body::Write { ext, imm } = r.braid.body else {
            panic!("{ctx_k}: not a WRITE body")
        };
        assert_eq!((ext.rkey, imm), (RKEY, None), "{ctx_k}");
        let i = ((ext.va - REMOTE_BASE) >> 20) as usize;
        assert!(i < lens.len(), "{ctx_k}");
        let off = ext.va - remote_addr(i);
        let len = lens[i] as u64;
        assert!(off.is_multiple_of(mtu) && off < len, "{ctx_k}");
        assert!(seen.insert((i, off)), "{ctx_k}: sent twice");
        let plen = (len - off).min(mtu);
        assert_eq!(b.payload_len as u64, plen, "{ctx_k}");
        assert_eq!(
            (ext.stream, ext.msn, ext.msg_len),
            ((i % 2) as u8, i as u32 / 2, lens[i]),
            "{ctx_k}"
        );
        let first = off == 0;
        let last = off + plen == len;
        assert_eq!(
            (b.flags.0 & Flags::FIRST != 0, b.flags.0 & Flags::LAST != 0),
            (first, last),
            "{ctx_k}"
        );
        let src = i * 8192 + off as usize;
        assert!(
            setup.fault || f.payload(buf) == &host[src..src + plen as usize],
            "{ctx_k}: payload differs from host memory"
        );
        by_path
            .entry(b.path_id)
            .or_default()
            .push((b.path_psn, b.floor_delta));
        csns.push(b.csn);
        // round robin over the 4 paths in bursts
        assert_eq!(b.path_id as usize, (k / burst) % 4, "{ctx_k}: spraying");
    }
    // CSNs consecutive in sending order
    for w in csns.windows(2) {
        assert_eq!(w[1], w[0].wrapping_add(1), "seed {seed:#x}: CSNs {csns:?}");
    }
    // PSNs consecutive per path; the floor stays at the path's first PSN
    for (p, v) in &by_path {
        let p0 = v[0].0;
        for (j, &(psn, fd)) in v.iter().enumerate() {
            assert_eq!(
                psn,
                p0.wrapping_add(j as u32),
                "seed {seed:#x} path {p}: {v:?}"
            );
            assert_eq!(
                fd as u32,
                psn.wrapping_sub(p0),
                "seed {seed:#x} path {p}: {v:?}"
            );
        }
    }
    assert_eq!(by_path.len(), 4.min(want.div_ceil(burst)), "seed {seed:#x}");
    let tx_pkts = ctx
        .with_backend(|b| b.read32(regs::COUNTERS[0].offset))
        .expect("TX_PKTS");
    assert_eq!(tx_pkts as usize, want, "seed {seed:#x}: TX_PKTS");
    assert_eq!(
        eng.borrow_mut().tx().malformed,
        0,
        "seed {seed:#x}: malformed MAC beats"
    );
    let mut e = eng.borrow_mut();
    assert_eq!(
        e.bad_writes(),
        &[],
        "seed {seed:#x}: DMA writes outside host buffers"
    );
    let want_pl_err = if setup.fault {
        assert!(
            e.read_faults() >= want as u64,
            "seed {seed:#x}: read faults"
        );
        e.mem.map(mr.addr(), mr.len());
        want as u32
    } else {
        assert_eq!(
            e.read_faults(),
            0,
            "seed {seed:#x}: DMA reads of unmapped memory"
        );
        0
    };
    assert_eq!(
        e.glue_counters(),
        GlueCounters {
            pl_err: want_pl_err,
            ..GlueCounters::default()
        },
        "seed {seed:#x}"
    );
    eprintln!(
        "seed {seed:#x}: {} frames in {} clocks, {} DMA reads",
        frames.len(),
        e.cycles(),
        e.dma_reads()
    );
    drop(e);
    drop(qp);
}

#[test]
fn writes_of_every_size_class_leave_as_checked_frames() {
    writes_leave_as_frames(
        0x5e1d,
        &[1, 63, 64, 65, 1000, 4096, 4097, 8192, 3, 12000],
        Setup::default(),
    );
}

/// 1 KiB MTU: 16 messages of up to 8 KiB are over 100 packets, more than
/// the send path holds (32 descriptors), sprayed in bursts of 3, with the
/// MAC taking a beat on 2 clocks in 3 and DMA reads answered after 300
/// clocks, 4 at a time.
#[test]
fn many_packets_under_back_pressure_leave_as_checked_frames() {
    let seed = 0x5e20_u64;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let lens: Vec<u32> = (0..16).map(|_| rng.gen_range(4000..=8192)).collect();
    let setup = Setup {
        mtu_code: Some(0),
        burst: Some(3),
        stall: 3,
        dma: Some((300, 4)),
        fault: false,
    };
    writes_leave_as_frames(seed, &lens, setup);
}

/// Failed payload reads: every frame leaves flagged bad (`tx_bad`, so the
/// MAC side discards it and the peer never places its payload), with its
/// headers right, each payload is counted in `cnt_pl_err`, and the engine
/// goes on.
#[test]
fn failed_payload_reads_are_counted() {
    let setup = Setup {
        fault: true,
        ..Setup::default()
    };
    writes_leave_as_frames(0x5e21, &[1, 5000, 64], setup);
}

#[test]
fn random_writes_leave_as_checked_frames() {
    for seed in [0x5e1e_u64, 0x5e1f] {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let lens: Vec<u32> = (0..12).map(|_| rng.gen_range(1..=8192)).collect();
        writes_leave_as_frames(seed, &lens, Setup::default());
    }
}
