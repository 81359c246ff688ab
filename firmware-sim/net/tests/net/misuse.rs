//! Misuse: post errors, fatal NACKs from the receiver, and SENDs without a
//! posted receive.

use super::*;

/// A two-host model with a few regions, for the misuse tests.
struct Small {
    net: Net,
    c: ConnId,
    /// Sender: source buffers.
    src: MemRegion,
    /// Sender: another protection domain.
    src_other_pd: MemRegion,
    /// Receiver: WRITE target (REMOTE_WRITE).
    dst: MemRegion,
    /// Receiver: receive buffers (LOCAL_WRITE only).
    recv: MemRegion,
    /// Receiver: another protection domain (both rights).
    dst_other_pd: MemRegion,
    /// Receiver: remote write but no local write.
    dst_remote_only: MemRegion,
}

const MEM: u64 = 1 << 20;

impl Small {
    fn new(kind: Kind, seed: u64, fab: FabricConfig) -> Small {
        let ctx = format!("[{kind:?} setup seed {seed}]");
        let mut net = Net::new(fab, net_config(kind));
        net.set_memory(A, MEM);
        net.set_memory(B, MEM);
        let rw = access::LOCAL_WRITE | access::REMOTE_WRITE;
        let src = net
            .reg_mr(A, PD, 4096, 256 << 10, access::LOCAL_WRITE)
            .expect(&ctx);
        let src_other_pd = net
            .reg_mr(A, PD + 1, 512 << 10, 64 << 10, access::LOCAL_WRITE)
            .expect(&ctx);
        let dst = net
            .reg_mr(B, PD, 64 << 10, 128 << 10, access::REMOTE_WRITE)
            .expect(&ctx);
        let recv = net
            .reg_mr(B, PD, 256 << 10, 128 << 10, access::LOCAL_WRITE)
            .expect(&ctx);
        let dst_other_pd = net.reg_mr(B, PD + 1, 512 << 10, 64 << 10, rw).expect(&ctx);
        let dst_remote_only = net
            .reg_mr(B, PD, 640 << 10, 64 << 10, access::REMOTE_WRITE)
            .expect(&ctx);
        let c = net.connect(A, B, PD);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let (a, l) = (src.addr as usize, src.len as usize);
        rng.fill_bytes(&mut net.memory_mut(A)[a..a + l]);
        Small {
            net,
            c,
            src,
            src_other_pd,
            dst,
            recv,
            dst_other_pd,
            dst_remote_only,
        }
    }

    fn wr(&self, wr_id: u64, op: WrOp, stream: u8, local: u64, len: u32) -> WorkRequest {
        WorkRequest {
            wr_id,
            op,
            stream,
            local,
            len,
            lkey: self.src.lkey,
        }
    }

    fn write(&self, wr_id: u64, stream: u8, local: u64, remote: u64, len: u32) -> WorkRequest {
        self.wr(
            wr_id,
            WrOp::Write {
                rkey: self.dst.rkey,
                remote,
            },
            stream,
            local,
            len,
        )
    }

    fn regions(&self) -> [MemRegion; 4] {
        [self.dst, self.recv, self.dst_other_pd, self.dst_remote_only]
    }

    /// Receiver bytes outside every registered region are all zero.
    fn outside_regions_untouched(&self, ctx: &str) {
        let mem = self.net.memory(B);
        let regions = self.regions();
        for (i, &b) in mem.iter().enumerate() {
            let i = i as u64;
            if b != 0 && !regions.iter().any(|r| r.addr <= i && i < r.addr + r.len) {
                panic!("{ctx} receiver byte {i:#x} outside every region written");
            }
        }
    }

    fn same(&self, local: u64, remote: u64, len: u32) -> bool {
        let (a, r, l) = (local as usize, remote as usize, len as usize);
        self.net.memory(A)[a..a + l] == self.net.memory(B)[r..r + l]
    }

    fn zero(&self, addr: u64, len: u64) -> bool {
        self.net.memory(B)[addr as usize..(addr + len) as usize]
            .iter()
            .all(|&b| b == 0)
    }
}

#[test]
fn post_errors_are_reported_and_consume_nothing() {
    let seed = 151;
    let ctx = format!("[post errors seed {seed}]");
    let mut s = Small::new(Kind::Braid, seed, fabric(seed));
    let c = s.c;
    let (src, src_other_pd) = (s.src, s.src_other_pd);
    let base = s.write(0, 0, src.addr, s.dst.addr, 100);
    let cases: Vec<(WorkRequest, PostError)> = vec![
        (
            WorkRequest {
                lkey: 0xdead,
                ..base
            },
            PostError::BadLkey(0xdead),
        ),
        // an rkey is not an lkey
        (
            WorkRequest {
                lkey: src.rkey,
                ..base
            },
            PostError::BadLkey(src.rkey),
        ),
        // ends one byte past the region
        (
            WorkRequest {
                local: src.addr + src.len - 99,
                ..base
            },
            PostError::OutOfRegion {
                lkey: src.lkey,
                addr: src.addr + src.len - 99,
                len: 100,
            },
        ),
        // starts one byte before it
        (
            WorkRequest {
                local: src.addr - 1,
                ..base
            },
            PostError::OutOfRegion {
                lkey: src.lkey,
                addr: src.addr - 1,
                len: 100,
            },
        ),
        // address arithmetic overflows
        (
            WorkRequest {
                local: u64::MAX - 10,
                ..base
            },
            PostError::OutOfRegion {
                lkey: src.lkey,
                addr: u64::MAX - 10,
                len: 100,
            },
        ),
        (
            WorkRequest {
                lkey: src_other_pd.lkey,
                local: src_other_pd.addr,
                ..base
            },
            PostError::PdMismatch {
                lkey: src_other_pd.lkey,
                region_pd: PD + 1,
                conn_pd: PD,
            },
        ),
        (
            WorkRequest { stream: 4, ..base },
            PostError::BadStream {
                stream: 4,
                streams: 4,
            },
        ),
        (
            WorkRequest {
                stream: 255,
                ..base
            },
            PostError::BadStream {
                stream: 255,
                streams: 4,
            },
        ),
    ];
    for (wr, err) in cases {
        assert_eq!(s.net.post_send(c, wr), Err(err.clone()), "{ctx} {wr:?}");
    }
    assert_eq!(
        s.net.post_send(c + 1, base),
        Err(PostError::NoConnection(c + 1)),
        "{ctx}"
    );
    assert_eq!(s.net.pending(c), 0, "{ctx} a failed post was queued");
    // receive buffers
    let rb = RecvBuf {
        wr_id: 500,
        addr: s.recv.addr,
        len: 4096,
        lkey: s.recv.lkey,
    };
    let recv_cases: Vec<(u8, RecvBuf, PostError)> = vec![
        (
            0,
            RecvBuf { lkey: 0xbeef, ..rb },
            PostError::BadLkey(0xbeef),
        ),
        // a region of the sender's host is unknown at the receiver
        (
            0,
            RecvBuf {
                lkey: src.lkey,
                ..rb
            },
            PostError::BadLkey(src.lkey),
        ),
        (
            0,
            RecvBuf {
                addr: s.recv.addr + s.recv.len - 4095,
                ..rb
            },
            PostError::OutOfRegion {
                lkey: s.recv.lkey,
                addr: s.recv.addr + s.recv.len - 4095,
                len: 4096,
            },
        ),
        (
            0,
            RecvBuf {
                lkey: s.dst_other_pd.lkey,
                addr: s.dst_other_pd.addr,
                ..rb
            },
            PostError::PdMismatch {
                lkey: s.dst_other_pd.lkey,
                region_pd: PD + 1,
                conn_pd: PD,
            },
        ),
        (
            0,
            RecvBuf {
                lkey: s.dst_remote_only.lkey,
                addr: s.dst_remote_only.addr,
                ..rb
            },
            PostError::NotWritable(s.dst_remote_only.lkey),
        ),
        (
            4,
            rb,
            PostError::BadStream {
                stream: 4,
                streams: 4,
            },
        ),
    ];
    for (stream, rb, err) in recv_cases {
        assert_eq!(s.net.post_recv(c, stream, rb), Err(err), "{ctx} {rb:?}");
    }
    assert_eq!(
        s.net.post_recv(c + 1, 0, rb),
        Err(PostError::NoConnection(c + 1)),
        "{ctx}"
    );
    // regions outside host memory
    assert_eq!(
        s.net.reg_mr(A, PD, MEM - 10, 11, access::LOCAL_WRITE),
        Err(PostError::BadRegion {
            host: A,
            addr: MEM - 10,
            len: 11,
            mem: MEM
        }),
        "{ctx}"
    );
    assert_eq!(
        s.net.reg_mr(A, PD, u64::MAX, 2, access::LOCAL_WRITE),
        Err(PostError::BadRegion {
            host: A,
            addr: u64::MAX,
            len: 2,
            mem: MEM
        }),
        "{ctx}"
    );
    // nothing was consumed: the first valid messages get MSN 0 and the first
    // valid receive buffer
    s.net.post_recv(c, 0, rb).expect(&ctx);
    let imm = WrOp::WriteImm {
        rkey: s.dst.rkey,
        remote: s.dst.addr + 8,
        imm: 0x1234_5678,
    };
    s.net
        .post_send(c, s.wr(1, imm, 0, src.addr, 5000))
        .expect(&ctx);
    s.net
        .post_send(
            c,
            s.wr(2, WrOp::SendImm { imm: 9 }, 0, src.addr + 8192, 4000),
        )
        .expect(&ctx);
    assert!(s.net.run_to_completion(DEADLINE), "{ctx}");
    let rx = s.net.poll_cq(B);
    let strip: Vec<_> = rx
        .iter()
        .map(|w| (w.wr_id, w.opcode, w.status, w.byte_len, w.imm, w.msn))
        .collect();
    assert_eq!(
        strip,
        vec![
            (
                0,
                WcOpcode::RecvWriteImm,
                WcStatus::Success,
                5000,
                Some(0x1234_5678),
                0
            ),
            (500, WcOpcode::Recv, WcStatus::Success, 4000, Some(9), 1),
        ],
        "{ctx}"
    );
    let tx: Vec<_> = s
        .net
        .poll_cq(A)
        .iter()
        .map(|w| (w.wr_id, w.status, w.msn))
        .collect();
    assert_eq!(
        tx,
        vec![(1, WcStatus::Success, 0), (2, WcStatus::Success, 1)],
        "{ctx}"
    );
    assert!(s.same(src.addr, s.dst.addr + 8, 5000), "{ctx}");
    assert!(s.same(src.addr + 8192, s.recv.addr, 4000), "{ctx}");
    s.outside_regions_untouched(&ctx);
}

/// What goes wrong in [`remote_error`].
#[derive(Debug, Clone, Copy)]
enum Bad {
    Rkey,
    RkeyImm,
    /// One packet across the region's end.
    OutOfBounds,
    /// Three packets, only the last one crosses the end.
    OutOfBoundsTail,
    /// Before the region's start.
    OutOfBoundsBefore,
    NoRemoteWrite,
    OtherPd,
    SendTooBig,
}

/// A valid WRITE_IMM completes first; then a bad message and two valid
/// ones behind it: the bad one completes with `Remote(reason)`, the later
/// ones are flushed, the connection is in error, and nothing outside the
/// registered regions was written.
fn remote_error(kind: Kind, seed: u64, bad: Bad, want: NackReason, loss: f64) {
    let ctx = format!("[{kind:?} remote error {bad:?} e2e {loss} seed {seed}]");
    let mut f = fabric(seed);
    f.e2e_loss = loss;
    let mut s = Small::new(kind, seed, f);
    let c = s.c;
    let src = s.src;
    let first = WrOp::WriteImm {
        rkey: s.dst.rkey,
        remote: s.dst.addr + 100,
        imm: 77,
    };
    s.net
        .post_send(c, s.wr(10, first, 0, src.addr, 10_000))
        .expect(&ctx);
    assert!(s.net.run_to_completion(DEADLINE), "{ctx}");
    let end = s.dst.addr + s.dst.len;
    let (op, len) = match bad {
        Bad::Rkey => (
            WrOp::Write {
                rkey: 0xdead_beef,
                remote: s.dst.addr,
            },
            3000,
        ),
        Bad::RkeyImm => (
            WrOp::WriteImm {
                rkey: s.dst.rkey ^ 1,
                remote: s.dst.addr,
                imm: 5,
            },
            9000,
        ),
        Bad::OutOfBounds => (
            WrOp::Write {
                rkey: s.dst.rkey,
                remote: end - 1000,
            },
            1001,
        ),
        Bad::OutOfBoundsTail => (
            WrOp::Write {
                rkey: s.dst.rkey,
                remote: end - 2 * 4096 - 100,
            },
            2 * 4096 + 101,
        ),
        Bad::OutOfBoundsBefore => (
            WrOp::WriteImm {
                rkey: s.dst.rkey,
                remote: s.dst.addr - 1,
                imm: 1,
            },
            10,
        ),
        Bad::NoRemoteWrite => (
            WrOp::Write {
                rkey: s.recv.rkey,
                remote: s.recv.addr,
            },
            500,
        ),
        Bad::OtherPd => (
            WrOp::Write {
                rkey: s.dst_other_pd.rkey,
                remote: s.dst_other_pd.addr,
            },
            500,
        ),
        Bad::SendTooBig => (WrOp::Send, 6000),
    };
    if let Bad::SendTooBig = bad {
        let rb = RecvBuf {
            wr_id: 900,
            addr: s.recv.addr + 4096,
            len: 5999,
            lkey: s.recv.lkey,
        };
        s.net.post_recv(c, 1, rb).expect(&ctx);
    }
    // the bad message on stream 1, then a plain WRITE on stream 0 and a
    // SEND on stream 2
    s.net
        .post_send(c, s.wr(11, op, 1, src.addr + 20_000, len))
        .expect(&ctx);
    let later_write = (src.addr + 40_000, s.dst.addr + 30_000, 5000u32);
    s.net
        .post_send(
            c,
            s.write(12, 0, later_write.0, later_write.1, later_write.2),
        )
        .expect(&ctx);
    let later_send = (src.addr + 60_000, s.recv.addr + (64 << 10), 3000u32);
    s.net
        .post_recv(
            c,
            2,
            RecvBuf {
                wr_id: 901,
                addr: later_send.1,
                len: 4096,
                lkey: s.recv.lkey,
            },
        )
        .expect(&ctx);
    s.net
        .post_send(c, s.wr(13, WrOp::Send, 2, later_send.0, later_send.2))
        .expect(&ctx);
    assert!(s.net.run_to_completion(DEADLINE), "{ctx} hangs");
    let tx: Vec<_> = s
        .net
        .poll_cq(A)
        .iter()
        .map(|w| (w.wr_id, w.status))
        .collect();
    assert_eq!(
        tx,
        vec![
            (10, WcStatus::Success),
            (11, WcStatus::Remote(want)),
            (12, WcStatus::Flushed),
            (13, WcStatus::Flushed),
        ],
        "{ctx}"
    );
    assert!(s.net.is_error(c), "{ctx}");
    assert!(s.net.stats(c).nacked >= 1, "{ctx}");
    assert_eq!(
        s.net.post_send(c, s.write(14, 0, src.addr, s.dst.addr, 10)),
        Err(PostError::ConnectionError(c)),
        "{ctx}"
    );
    // the receiver: the first message exactly, nothing of the bad one
    let rx = s.net.poll_cq(B);
    assert_eq!(
        rx.len() as u32,
        1 + rx.iter().filter(|w| w.wr_id == 901).count() as u32,
        "{ctx} {rx:?}"
    );
    assert_eq!(
        (
            rx[0].wr_id,
            rx[0].opcode,
            rx[0].imm,
            rx[0].msn,
            rx[0].byte_len
        ),
        (0, WcOpcode::RecvWriteImm, Some(77), 0, 10_000),
        "{ctx}"
    );
    assert!(s.same(src.addr, s.dst.addr + 100, 10_000), "{ctx}");
    match bad {
        Bad::OutOfBounds => assert!(s.zero(end - 1000, 1000), "{ctx}"),
        Bad::OutOfBoundsTail => {
            // the first two packets are in bounds and may land; the third
            // does not
            assert!(s.zero(end - 100, 100), "{ctx}");
        }
        Bad::Rkey | Bad::RkeyImm => assert!(s.zero(s.dst.addr, 100), "{ctx}"),
        Bad::NoRemoteWrite => assert!(s.zero(s.recv.addr, 4096), "{ctx}"),
        Bad::OtherPd => assert!(s.zero(s.dst_other_pd.addr, s.dst_other_pd.len), "{ctx}"),
        Bad::SendTooBig => assert!(s.zero(s.recv.addr + 4096, 6000), "{ctx}"),
        Bad::OutOfBoundsBefore => {}
    }
    // flushed messages may have landed before the error, but only where
    // they were meant to
    for (l, r, n) in [later_write, later_send] {
        let (a, b) = (
            &s.net.memory(A)[l as usize..(l + n as u64) as usize],
            &s.net.memory(B)[r as usize..(r + n as u64) as usize],
        );
        assert!(
            a.iter().zip(b).all(|(x, y)| *y == 0 || x == y),
            "{ctx} flushed message wrote wrong bytes"
        );
    }
    s.outside_regions_untouched(&ctx);
}

const FATAL_CASES: [(Bad, NackReason); 8] = [
    (Bad::Rkey, NackReason::InvalidRkey),
    (Bad::RkeyImm, NackReason::InvalidRkey),
    (Bad::OutOfBounds, NackReason::OutOfBounds),
    (Bad::OutOfBoundsTail, NackReason::OutOfBounds),
    (Bad::OutOfBoundsBefore, NackReason::OutOfBounds),
    (Bad::NoRemoteWrite, NackReason::AccessViolation),
    (Bad::OtherPd, NackReason::PdMismatch),
    (Bad::SendTooBig, NackReason::BufferTooSmall),
];

#[test]
fn fatal_nacks_complete_in_error_and_stop_the_connection() {
    for kind in [Kind::Braid, Kind::GoBackN, Kind::SelectiveRepeat] {
        for (i, &(bad, reason)) in FATAL_CASES.iter().enumerate() {
            remote_error(kind, 160 + i as u64, bad, reason, 0.0);
        }
    }
}

/// A lost NACK (or a lost ACK around it) must neither let the refused
/// message complete successfully nor hang the connection.
#[test]
fn fatal_nacks_survive_heavy_loss() {
    for kind in [Kind::Braid, Kind::GoBackN, Kind::SelectiveRepeat] {
        for seed in 0..12u64 {
            for (i, &(bad, reason)) in FATAL_CASES.iter().enumerate() {
                remote_error(kind, 1000 + seed * 16 + i as u64, bad, reason, 0.3);
            }
        }
    }
}

/// A SEND without a posted receive is retried until the receive appears,
/// and a WRITE_IMM behind it on the same stream completes after it.
#[test]
fn send_without_receive_is_retried_until_posted() {
    for (seed, kind, loss) in [
        (171u64, Kind::Braid, 0.0),
        (172, Kind::Braid, 0.05),
        (173, Kind::SelectiveRepeat, 0.0),
        (174, Kind::GoBackN, 0.0),
    ] {
        let ctx = format!("[{kind:?} RNR e2e {loss} seed {seed}]");
        let mut f = fabric(seed);
        f.e2e_loss = loss;
        let mut s = Small::new(kind, seed, f);
        let c = s.c;
        let src = s.src;
        s.net
            .post_send(c, s.wr(1, WrOp::SendImm { imm: 3 }, 1, src.addr, 10_000))
            .expect(&ctx);
        let wi = WrOp::WriteImm {
            rkey: s.dst.rkey,
            remote: s.dst.addr,
            imm: 4,
        };
        s.net
            .post_send(c, s.wr(2, wi, 1, src.addr + 16384, 7000))
            .expect(&ctx);
        s.net.run_until(300 * US);
        assert_eq!(
            s.net.poll_cq(B),
            vec![],
            "{ctx} completion before the receive"
        );
        assert_eq!(s.net.pending(c), 2, "{ctx}");
        assert!(!s.net.is_error(c), "{ctx}");
        assert!(s.net.stats(c).rnr_retries > 0, "{ctx} {:?}", s.net.stats(c));
        assert!(s.zero(s.recv.addr, s.recv.len), "{ctx}");
        let rb = RecvBuf {
            wr_id: 42,
            addr: s.recv.addr + 1000,
            len: 10_000,
            lkey: s.recv.lkey,
        };
        s.net.post_recv(c, 1, rb).expect(&ctx);
        assert!(s.net.run_to_completion(DEADLINE), "{ctx} hangs");
        let rx: Vec<_> = s
            .net
            .poll_cq(B)
            .iter()
            .map(|w| (w.wr_id, w.opcode, w.status, w.byte_len, w.imm, w.msn))
            .collect();
        assert_eq!(
            rx,
            vec![
                (42, WcOpcode::Recv, WcStatus::Success, 10_000, Some(3), 0),
                (
                    0,
                    WcOpcode::RecvWriteImm,
                    WcStatus::Success,
                    7000,
                    Some(4),
                    1
                ),
            ],
            "{ctx}"
        );
        let mut tx: Vec<_> = s
            .net
            .poll_cq(A)
            .iter()
            .map(|w| (w.wr_id, w.status))
            .collect();
        tx.sort_by_key(|w| w.0);
        assert_eq!(
            tx,
            vec![(1, WcStatus::Success), (2, WcStatus::Success)],
            "{ctx}"
        );
        assert!(s.same(src.addr, s.recv.addr + 1000, 10_000), "{ctx}");
        assert!(s.same(src.addr + 16384, s.dst.addr, 7000), "{ctx}");
        assert_eq!(s.net.stats(c).goodput_bytes, 17_000, "{ctx}");
        s.outside_regions_untouched(&ctx);
        // untouched inside the receive region around the buffer
        assert!(s.zero(s.recv.addr, 1000), "{ctx}");
        assert!(s.zero(s.recv.addr + 11_000, s.recv.len - 11_000), "{ctx}");
    }
}

/// A forged ACK whose base lies beyond what its path sent is refused
/// whole, as the engine refuses it (`ACK_REJECTED`): its CSN base is not
/// taken either. Taken, a CSN base far ahead made every packet of a path
/// that then went quiet look delivered (the cross-path loss check trusts
/// the receiver's CSN base): the WRITE completed SUCCESS with those bytes
/// missing at the receiver, as this test showed before the fix. Here path
/// 0's first port loses every packet, so they must be resent.
#[test]
fn a_forged_ack_beyond_the_sent_psns_is_refused_whole() {
    use braid_net::fabric::Packet;
    use braid_net::net::{Ack, Msg};
    let seed = 0xf0f0_u64;
    // two_hosts: hosts 0 (source) and 1 (destination), domain 1
    let (a, b) = (0, 1);
    let (mut n, l, r) = two_hosts(net_config(Kind::Braid));
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.fill_bytes(&mut n.memory_mut(a)[..900_000]);
    let c = n.connect(a, b, 1);
    // the sender's packets on path 0's first source port are lost
    let sport0 = n.path_ports(c)[0];
    n.fabric
        .set_drop(move |_, p: &Packet<Msg>| p.src == a && p.sport == sport0);
    n.post_send(c, write_wr(&l, &r, 1, 900_000)).expect("post");
    n.run_until(n.now() + US / 2);
    n.fabric.inject(Packet {
        src: b,
        dst: a,
        sport: 0xc000,
        dport: braid_spec::BRAID_UDP_PORT,
        bytes: 118,
        ce: false,
        payload: Msg::Ack(Box::new(Ack {
            conn: c,
            path: 0,
            base: n.path_state(c, 0).nxt + 1000,
            sack: braid_spec::Sack256::ZERO,
            csn_base: 1 << 30,
            ecn: 0,
            ts_echo: n.now(),
            rate_hint: 0,
        })),
    });
    assert!(
        n.run_to_completion(n.now() + 100_000 * US),
        "seed {seed:#x}: completes"
    );
    let done = n.poll_cq(a);
    assert_eq!(
        done.iter().map(|w| (w.wr_id, w.status)).collect::<Vec<_>>(),
        [(1, WcStatus::Success)],
        "seed {seed:#x}"
    );
    let diff = n.memory(b)[..900_000]
        .iter()
        .zip(&n.memory(a)[..900_000])
        .position(|(x, y)| x != y);
    assert_eq!(
        diff, None,
        "seed {seed:#x}: B's bytes differ from this offset"
    );
    assert!(
        n.stats(c).retransmits > 0,
        "seed {seed:#x}: path 0's packets resent"
    );
    assert_eq!(
        n.stats(c).acks_rejected,
        1,
        "seed {seed:#x}: the forged ACK counted"
    );
}
