//! `cmd_proc`: its cycle model against the RTL block, in Verilator (every
//! output on every clock, seeded random stimulus biased toward the
//! edges) and in RustHDL's own simulator (a short seeded run).

use crate::common::*;
use braid_model::*;
use braid_tests::{assert_equiv, equiv_cycles, seeds};
use rust_hdl::prelude::*;

#[test]
fn cmd_proc_matches_model() {
    let n = equiv_cycles();
    for seed in seeds(&[0xc0d, 0x77]) {
        assert_equiv::<CmdProcFullModel>(seed, n / 2);
        assert_equiv::<CmdProcTinyModel>(seed, n / 2);
    }
}

/// The command stimulus reaches every edge: every error code of every
/// command (and BAD_COMMAND), every port group stalled by its ready, a
/// DESTROY_CONN waiting on outstanding wqe_fetch reads, for both builds.
#[test]
fn cmd_proc_stimulus_covers_the_edges() {
    use braid_model::cmd_proc::{CmdProcStim, GROUPS};
    fn cover<const CB: usize, const PB: usize, const QB: usize>(seed: u64, cycles: u64) {
        let mut m = braid_model::cmd_proc::CmdProcModel::<CB, PB, QB>::default();
        let mut stim = CmdProcStim::<CB, PB, QB>::new(seed);
        for c in 0..cycles {
            let i = stim.next(c);
            let o = m.step(&i);
            stim.observe(&o);
        }
        // (opcode row, error codes that must be reached)
        let want: [(usize, &[usize]); 9] = [
            (0, &[0]),
            (1, &[0, 2, 4]),
            (2, &[0, 2]),
            (3, &[0, 2, 3, 4]),
            (4, &[0, 2, 3]),
            (5, &[0, 2, 3, 4]),
            (6, &[0, 2]),
            (7, &[0, 2]),
            (8, &[1]),
        ];
        eprintln!(
            "cmd_proc {CB}/{PB}/{QB} seed {seed:#x}: results {:?} stalls {:?} ops {:?} drain wait {} fence wait {} sq refused {}",
            m.stat_results,
            m.stat_stalls,
            m.stat_ops,
            m.stat_drain_wait,
            m.stat_fence_wait,
            m.stat_sq_refused
        );
        for (row, codes) in want {
            for c in codes {
                assert!(
                    m.stat_results[row][*c] > 0,
                    "seed {seed:#x}: opcode row {row} never gave error {c}"
                );
            }
        }
        for (g, name) in GROUPS.iter().enumerate() {
            assert!(
                m.stat_stalls[g] > 0,
                "seed {seed:#x}: group {name} never stalled"
            );
            assert!(
                m.stat_ops[g] > 0,
                "seed {seed:#x}: group {name} never issued"
            );
        }
        assert!(
            m.stat_drain_wait > 0,
            "seed {seed:#x}: no destroy waited on reads"
        );
        assert!(
            m.stat_fence_wait > 1_000,
            "seed {seed:#x}: CREATE_CONN's tc CREATE waited on segmenter records for only {} clocks",
            m.stat_fence_wait
        );
        assert!(
            m.stat_sq_refused > 0,
            "seed {seed:#x}: no CREATE_CONN refused by wqe_fetch"
        );
    }
    for seed in [0xc0d, 0x77] {
        cover::<4, 2, 4>(seed, 200_000);
        cover::<10, 4, 10>(seed, 200_000);
    }
}

/// A scripted command sequence through the model and the Verilated RTL
/// (compared every clock): the exact error codes, the exact operations per
/// port group (written out by hand), the lookups of a created, a refused
/// and a destroyed connection, and the destroy drain.
#[test]
fn cmd_proc_golden_sequence() {
    use braid_cosim::equiv::Bound;
    use braid_model::cmd_proc::{CmdProcIn, CmdProcOut, GROUPS, OUT_PORTS};
    use braid_spec::host::{cmd, cmd_arg as ca, CmdArg};
    use std::collections::BTreeMap;

    type Ops = BTreeMap<&'static str, Vec<Vec<u64>>>;
    struct Run {
        m: CmdProcTinyModel,
        rtl: Bound<CmdProcTinyModel>,
        last: CmdProcOut,
        cycle: u64,
        sq: Vec<(u64, bool)>,
        refuse: bool,
        dones: Vec<u64>,
        issues: u32,
    }
    impl Run {
        fn step(&mut self, mut i: CmdProcIn, ops: &mut Ops) -> CmdProcOut {
            // readys: every group stalls now and then
            for g in 0..14 {
                i.ready[g] = !(self.cycle + g as u64).is_multiple_of(4);
            }
            if self.last.get("sq_valid") == 1 && i.ready[2] {
                self.sq.push((self.cycle + 3, self.refuse));
            }
            if let Some(k) = self.sq.iter().position(|s| s.0 == self.cycle) {
                i.sq_res_valid = true;
                i.sq_res_refused = self.sq.remove(k).1;
            }
            i.sq_rd_done = self.dones.contains(&self.cycle);
            if self.issues > 0 {
                i.sq_rd_issue = true;
                self.issues -= 1;
            }
            for (g, name) in GROUPS.iter().enumerate() {
                if self.last.get(&format!("{name}_valid")) == 1 && i.ready[g] {
                    let f: Vec<u64> = OUT_PORTS
                        .iter()
                        .filter(|p| {
                            p.starts_with(&format!("{name}_")) && **p != format!("{name}_valid")
                        })
                        .map(|p| self.last.get(p))
                        .collect();
                    ops.entry(name).or_default().push(f);
                }
            }
            let want = self.m.step(&i);
            let got = self.rtl.step(&i);
            assert_eq!(
                want, got,
                "RTL differs from the model at cycle {}",
                self.cycle
            );
            self.cycle += 1;
            self.last = want.clone();
            want
        }
        /// Run one command to `cmd_done`: its error, its operations, its clocks.
        fn cmd(&mut self, op: u8, f: &[(&CmdArg, u64)]) -> (u8, Ops, u64) {
            let mut a = [0u32; 8];
            for (k, v) in f {
                k.put(&mut a, *v);
            }
            let mut ops = Ops::new();
            let start = self.cycle;
            let mut i = CmdProcIn {
                cmd_valid: true,
                cmd_opcode: op,
                cmd_args: a,
                ..Default::default()
            };
            loop {
                let o = self.step(i.clone(), &mut ops);
                i.cmd_valid = false;
                if o.get("cmd_done") == 1 {
                    return (o.get("cmd_error") as u8, ops, self.cycle - start);
                }
                assert!(self.cycle - start < 200, "command {op:#x} never finished");
            }
        }
        fn lookup(&mut self, rl: u32, tl: u32) -> CmdProcOut {
            let i = CmdProcIn {
                rl_valid: true,
                rl_conn: rl,
                rl_tag: 0x5a5a,
                tl_valid: true,
                tl_conn: tl,
                tl_tag: 0xa5a5,
                ..Default::default()
            };
            self.step(i, &mut Ops::new())
        }
    }
    fn ops(v: &[(&'static str, &[&[u64]])]) -> Ops {
        v.iter()
            .map(|(g, l)| (*g, l.iter().map(|f| f.to_vec()).collect()))
            .collect()
    }
    let mut r = Run {
        m: CmdProcTinyModel::default(),
        rtl: Bound::new().expect("Verilated cmd_proc_tiny"),
        last: CmdProcOut::default(),
        cycle: 0,
        sq: vec![],
        refuse: false,
        dones: vec![],
        issues: 0,
    };
    let (ok, idx, busy, arg, badc) = (
        cmd::OK,
        cmd::BAD_INDEX,
        cmd::BUSY,
        cmd::BAD_ARGUMENT,
        cmd::BAD_COMMAND,
    );
    let none = Ops::new();
    // CQs
    let ccq = |cq: u64, iova: u64, l2: u64| {
        [
            (ca::CREATE_CQ_CQ, cq),
            (ca::CREATE_CQ_IOVA, iova),
            (ca::CREATE_CQ_LOG2, l2),
        ]
    };
    let (e, o, n) = r.cmd(cmd::CREATE_CQ, &ccq(2, 0x1000, 4));
    assert_eq!((e, &o), (ok, &ops(&[("cq", &[&[1, 2, 0x1000, 4]])])));
    assert!(n >= 8, "{n} clocks");
    assert_eq!(r.cmd(cmd::CREATE_CQ, &ccq(2, 0x1000, 4)).0, busy);
    assert_eq!(r.cmd(cmd::CREATE_CQ, &ccq(16, 0x1000, 4)).0, idx);
    assert_eq!(r.cmd(cmd::CREATE_CQ, &ccq(3, 0x1000, 16)).0, arg);
    assert_eq!(r.cmd(cmd::CREATE_CQ, &ccq(3, 0x1000, 0)).0, arg);
    assert_eq!(r.cmd(cmd::CREATE_CQ, &ccq(3, 0x1010, 4)).1, none);
    // a connection: 2 streams, 3 paths, CQ 2
    let cconn = |conn: u64, paths: u64, cq: u64| {
        [
            (ca::CREATE_CONN_CONN, conn),
            (ca::CREATE_CONN_SQ_IOVA, 0x10000),
            (ca::CREATE_CONN_SQ_LOG2, 5),
            (ca::CREATE_CONN_PD, 7),
            (ca::CREATE_CONN_RQ_IOVA, 0x20000),
            (ca::CREATE_CONN_RQ_LOG2, 6),
            (ca::CREATE_CONN_STREAMS, 2),
            (ca::CREATE_CONN_PATHS, paths),
            (ca::CREATE_CONN_CQ, cq),
        ]
    };
    let (e, o, _) = r.cmd(cmd::CREATE_CONN, &cconn(3, 3, 2));
    assert_eq!(e, ok);
    assert_eq!(
        o,
        ops(&[
            ("sq", &[&[0, 3, 0x10000, 5]]),
            ("seg", &[&[0, 3]]),
            ("tc", &[&[2, 3, 0, 2]]),
            ("dd", &[&[1, 3, 0]]),
            ("mt", &[&[12, 0], &[13, 0]]),
            ("rp", &[&[1, 12, 0], &[1, 13, 0], &[1, 14, 0]]),
            ("tp", &[&[1, 12, 0], &[1, 13, 0], &[1, 14, 0]]),
            ("cc", &[&[1, 12], &[1, 13], &[1, 14]]),
            ("sp", &[&[1, 3, 2, 0xffff, 0x7, 0xffff, 0, 0]]),
            ("rq", &[&[0, 3, 0, 0x20000, 6], &[0, 3, 1, 0x20000, 6]]),
        ])
    );
    assert_eq!(r.cmd(cmd::DESTROY_CQ, &[(ca::DESTROY_CQ_CQ, 2)]).0, busy);
    // receive lookup ok, transmit lookup not yet (no peer)
    let l = r.lookup(3, 3);
    assert_eq!(
        [
            l.get("rr_ok"),
            l.get("rr_pd"),
            l.get("rr_streams"),
            l.get("rr_paths"),
            l.get("rr_tag")
        ],
        [1, 7, 2, 3, 0x5a5a]
    );
    assert_eq!([l.get("tr_valid"), l.get("tr_ok")], [1, 0]);
    // the peer
    let mac = u64::from_le_bytes([0x02, 0x11, 0x22, 0x33, 0x44, 0x55, 0, 0]);
    let peer = [
        (ca::SET_PEER_CONN, 3),
        (ca::SET_PEER_PEER_MAC, mac),
        (ca::SET_PEER_PEER_IP4, 0x0a00_0002),
        (ca::SET_PEER_LOCAL_IP4, 0x0a00_0001),
        (ca::SET_PEER_SPORT_BASE, 0xc000),
        (ca::SET_PEER_DPORT, 4793),
        (ca::SET_PEER_PEER_CONN, 9),
    ];
    let (e, o, _) = r.cmd(cmd::SET_PEER, &peer);
    assert_eq!(e, ok);
    assert_eq!(
        o,
        ops(&[(
            "ag",
            &[&[3, 1, 0x0211_2233_4455, 0xffff_0a00_0002, 4793, 0, 0, 9]]
        )])
    );
    let l = r.lookup(0x13, 3);
    assert_eq!(
        [l.get("rr_valid"), l.get("rr_ok"), l.get("rr_pd")],
        [1, 0, 0],
        "conn 0x13 is out of range"
    );
    assert_eq!(
        [
            l.get("tr_ok"),
            l.get("tr_peer_mac"),
            l.get("tr_peer_ip4"),
            l.get("tr_sport"),
            l.get("tr_dport"),
            l.get("tr_peer_conn"),
            l.get("tr_tag")
        ],
        [1, 0x0211_2233_4455, 0x0a00_0002, 0xc000, 4793, 9, 0xa5a5]
    );
    let l = r.lookup(4, 0);
    assert_eq!(l.get("rr_ok"), 0, "conn 4 was never created");
    // refused connections
    assert_eq!(r.cmd(cmd::CREATE_CONN, &cconn(3, 3, 2)).0, busy);
    assert_eq!(r.cmd(cmd::CREATE_CONN, &cconn(16, 3, 2)).0, idx);
    assert_eq!(
        r.cmd(cmd::CREATE_CONN, &cconn(4, 3, 5)),
        (arg, none.clone(), 7)
    );
    assert_eq!(r.cmd(cmd::CREATE_CONN, &cconn(4, 5, 2)).0, arg);
    assert_eq!(r.cmd(cmd::CREATE_CONN, &cconn(4, 0, 2)).0, arg);
    // refused by wqe_fetch: only the sq operation, no record
    r.refuse = true;
    let (e, o, _) = r.cmd(cmd::CREATE_CONN, &cconn(4, 4, 2));
    r.refuse = false;
    assert_eq!((e, o), (arg, ops(&[("sq", &[&[0, 4, 0x10000, 5]])])));
    assert_eq!(r.lookup(4, 4).get("rr_ok"), 0);
    // memory regions
    let mr = |idx: u64, key: u64, iova: u64, len: u64| {
        [
            (ca::REG_MR_INDEX, idx),
            (ca::REG_MR_IOVA, iova),
            (ca::REG_MR_LENGTH, len),
            (ca::REG_MR_KEY, key),
            (ca::REG_MR_PD, 7),
            (ca::REG_MR_ACCESS, 3),
        ]
    };
    let (e, o, _) = r.cmd(cmd::REG_MR, &mr(5, 0x5ab, 0x4000, 0x1000));
    assert_eq!(
        (e, o),
        (ok, ops(&[("mr", &[&[5, 1, 0x5ab, 7, 3, 0x4000, 0x5000]])]))
    );
    assert_eq!(r.cmd(cmd::REG_MR, &mr(5, 0x6ab, 0x4000, 0x1000)).0, arg);
    assert_eq!(r.cmd(cmd::REG_MR, &mr(5, 0x5ab, 0x4000, 0)).0, arg);
    assert_eq!(
        r.cmd(
            cmd::REG_MR,
            &mr(5, 0x5ab, 0u64.wrapping_sub(0x1000), 0x1001)
        )
        .0,
        arg
    );
    let (e, o, _) = r.cmd(
        cmd::REG_MR,
        &mr(5, 0x5ab, 0u64.wrapping_sub(0x1000), 0x1000),
    );
    assert_eq!(
        (e, o),
        (
            ok,
            ops(&[("mr", &[&[5, 1, 0x5ab, 7, 3, 0u64.wrapping_sub(0x1000), 0]])])
        )
    );
    assert_eq!(r.cmd(cmd::REG_MR, &mr(4096, 0, 0x4000, 0x1000)).0, idx);
    let (e, o, _) = r.cmd(cmd::DEREG_MR, &[(ca::DEREG_MR_INDEX, 5)]);
    assert_eq!((e, o), (ok, ops(&[("mr", &[&[5, 0, 0, 0, 0, 0, 0]])])));
    // destroy with two wqe_fetch reads outstanding
    r.issues = 2;
    r.lookup(0, 0);
    r.lookup(0, 0);
    let start = r.cycle;
    r.dones = vec![start + 15, start + 25];
    let (e, o, n) = r.cmd(cmd::DESTROY_CONN, &[(ca::DESTROY_CONN_CONN, 3)]);
    assert_eq!(e, ok);
    // the last done at edge start + 25, 8 tail clocks, ISSUE -> FIN -> done
    assert_eq!(n, 25 + 8 + 3, "busy until the reads came back and the tail");
    assert_eq!(
        o,
        ops(&[
            ("sq", &[&[1, 3, 0, 0]]),
            ("seg", &[&[1, 3]]),
            ("tc", &[&[3, 3, 0, 0]]),
            ("tp", &[&[1, 12, 0], &[1, 13, 0], &[1, 14, 0]]),
            (
                "tw",
                &[
                    &[2, 12, 0],
                    &[2, 12, 1],
                    &[2, 13, 0],
                    &[2, 13, 1],
                    &[2, 14, 0],
                    &[2, 14, 1]
                ]
            ),
            ("sp", &[&[0, 3, 0, 0xffff, 0, 0xffff, 0, 0]]),
            ("ag", &[&[3, 0, 0, 0, 0, 0, 0, 0]]),
            ("rq", &[&[1, 3, 0, 0, 0], &[1, 3, 1, 0, 0]]),
        ])
    );
    let l = r.lookup(3, 3);
    assert_eq!([l.get("rr_ok"), l.get("tr_ok")], [0, 0], "destroyed");
    assert_eq!(
        r.cmd(cmd::DESTROY_CONN, &[(ca::DESTROY_CONN_CONN, 3)]).0,
        idx
    );
    assert_eq!(r.cmd(cmd::SET_PEER, &peer).0, idx);
    let (e, o, _) = r.cmd(cmd::DESTROY_CQ, &[(ca::DESTROY_CQ_CQ, 2)]);
    assert_eq!((e, o), (ok, ops(&[("cq", &[&[3, 2, 0, 0]])])));
    assert_eq!(r.cmd(cmd::DESTROY_CQ, &[(ca::DESTROY_CQ_CQ, 2)]).0, idx);
    assert_eq!(r.cmd(0x42, &[]).0, badc);
    assert_eq!(r.cmd(cmd::NOP, &[]), (ok, none.clone(), 7));
    let o = r.lookup(0, 0);
    assert_eq!(
        [
            o.get("cnt_cmds"),
            o.get("cnt_bad_command"),
            o.get("cnt_bad_index"),
            o.get("cnt_busy"),
            o.get("cnt_bad_argument")
        ],
        [29, 1, 6, 3, 10]
    );
}

fn cmd_proc_step(
    uut: &mut braid_hdl::CmdProcTiny,
    i: &braid_model::cmd_proc::CmdProcIn,
) -> braid_model::cmd_proc::CmdProcOut {
    use braid_model::cmd_proc::CmdProcOut;
    uut.cmd_valid.next = i.cmd_valid;
    uut.cmd_opcode.next = bits(i.cmd_opcode as u64);
    let mut a = Bits::<256>::default();
    for (k, w) in i.cmd_args.iter().enumerate() {
        a = a | (bit_cast::<256, 32>(bits(*w as u64)) << bits::<8>(32 * k as u64));
    }
    uut.cmd_args.next = a;
    uut.mr_ready.next = i.ready[0];
    uut.cq_ready.next = i.ready[1];
    uut.sq_ready.next = i.ready[2];
    uut.seg_ready.next = i.ready[3];
    uut.tc_ready.next = i.ready[4];
    uut.dd_ready.next = i.ready[5];
    uut.mt_ready.next = i.ready[6];
    uut.rp_ready.next = i.ready[7];
    uut.tp_ready.next = i.ready[8];
    uut.cc_ready.next = i.ready[9];
    uut.tw_ready.next = i.ready[10];
    uut.sp_ready.next = i.ready[11];
    uut.ag_ready.next = i.ready[12];
    uut.rq_ready.next = i.ready[13];
    uut.sq_res_valid.next = i.sq_res_valid;
    uut.sq_res_refused.next = i.sq_res_refused;
    uut.sq_rd_issue.next = i.sq_rd_issue;
    uut.sq_rd_done.next = i.sq_rd_done;
    uut.cm_emit.next = i.cm_emit;
    uut.cm_take.next = i.cm_take;
    uut.rl_valid.next = i.rl_valid;
    uut.rl_conn.next = bits(i.rl_conn as u64 & 0xff_ffff);
    uut.rl_tag.next = bits(i.rl_tag as u64);
    uut.tl_valid.next = i.tl_valid;
    uut.tl_conn.next = bits(i.tl_conn as u64 & 15);
    uut.tl_tag.next = bits(i.tl_tag as u64);
    clock(uut, |u, c| u.clock.next = Clock::from(c));
    let mut o = CmdProcOut::default();
    o.0[0] = uut.cmd_done.val() as u64;
    o.0[1] = uut.cmd_error.val().to_u64();
    o.0[2] = uut.mr_valid.val() as u64;
    o.0[3] = uut.mr_index.val().to_u64();
    o.0[4] = uut.mr_entry_valid.val() as u64;
    o.0[5] = uut.mr_key.val().to_u64();
    o.0[6] = uut.mr_pd.val().to_u64();
    o.0[7] = uut.mr_access.val().to_u64();
    o.0[8] = uut.mr_base.val().to_u64();
    o.0[9] = uut.mr_end.val().to_u64();
    o.0[10] = uut.cq_valid.val() as u64;
    o.0[11] = uut.cq_op.val().to_u64();
    o.0[12] = uut.cq_cq.val().to_u64();
    o.0[13] = uut.cq_iova.val().to_u64();
    o.0[14] = uut.cq_log2.val().to_u64();
    o.0[15] = uut.sq_valid.val() as u64;
    o.0[16] = uut.sq_op.val() as u64;
    o.0[17] = uut.sq_conn.val().to_u64();
    o.0[18] = uut.sq_iova.val().to_u64();
    o.0[19] = uut.sq_log2.val().to_u64();
    o.0[20] = uut.seg_valid.val() as u64;
    o.0[21] = uut.seg_op.val() as u64;
    o.0[22] = uut.seg_conn.val().to_u64();
    o.0[23] = uut.tc_valid.val() as u64;
    o.0[24] = uut.tc_op.val().to_u64();
    o.0[25] = uut.tc_conn.val().to_u64();
    o.0[26] = uut.tc_csn.val().to_u64();
    o.0[27] = uut.tc_cq.val().to_u64();
    o.0[28] = uut.dd_valid.val() as u64;
    o.0[29] = uut.dd_op.val().to_u64();
    o.0[30] = uut.dd_conn.val().to_u64();
    o.0[31] = uut.dd_csn.val().to_u64();
    o.0[32] = uut.mt_valid.val() as u64;
    o.0[33] = uut.mt_index.val().to_u64();
    o.0[34] = uut.mt_msn.val().to_u64();
    o.0[35] = uut.rp_valid.val() as u64;
    o.0[36] = uut.rp_op.val().to_u64();
    o.0[37] = uut.rp_idx.val().to_u64();
    o.0[38] = uut.rp_psn.val().to_u64();
    o.0[39] = uut.tp_valid.val() as u64;
    o.0[40] = uut.tp_op.val().to_u64();
    o.0[41] = uut.tp_idx.val().to_u64();
    o.0[42] = uut.tp_psn.val().to_u64();
    o.0[43] = uut.cc_valid.val() as u64;
    o.0[44] = uut.cc_kind.val().to_u64();
    o.0[45] = uut.cc_idx.val().to_u64();
    o.0[46] = uut.tw_valid.val() as u64;
    o.0[47] = uut.tw_kind.val().to_u64();
    o.0[48] = uut.tw_path.val().to_u64();
    o.0[49] = uut.tw_sel.val() as u64;
    o.0[50] = uut.sp_valid.val() as u64;
    o.0[51] = uut.sp_init.val() as u64;
    o.0[52] = uut.sp_conn.val().to_u64();
    o.0[53] = uut.sp_paths_m1.val().to_u64();
    o.0[54] = uut.sp_open_en.val().to_u64();
    o.0[55] = uut.sp_open_val.val().to_u64();
    o.0[56] = uut.sp_susp_en.val().to_u64();
    o.0[57] = uut.sp_susp_val.val().to_u64();
    o.0[58] = uut.sp_hint.val().to_u64();
    o.0[59] = uut.ag_valid.val() as u64;
    o.0[60] = uut.ag_conn.val().to_u64();
    o.0[61] = uut.ag_flags.val().to_u64();
    o.0[62] = uut.ag_peer_mac.val().to_u64();
    o.0[63] = uut.ag_peer_ip.val().get_bits::<64>(0).to_u64()
        | (((uut.ag_peer_ip.val().get_bits::<64>(64).to_u64() != 0) as u64) << 63);
    o.0[64] = uut.ag_udp_dport.val().to_u64();
    o.0[65] = uut.ag_vlan_tci.val().to_u64();
    o.0[66] = uut.ag_dscp.val().to_u64();
    o.0[67] = uut.ag_remote_conn.val().to_u64();
    o.0[68] = uut.rq_valid.val() as u64;
    o.0[69] = uut.rq_op.val() as u64;
    o.0[70] = uut.rq_conn.val().to_u64();
    o.0[71] = uut.rq_stream.val().to_u64();
    o.0[72] = uut.rq_iova.val().to_u64();
    o.0[73] = uut.rq_log2.val().to_u64();
    o.0[74] = uut.rr_valid.val() as u64;
    o.0[75] = uut.rr_ok.val() as u64;
    o.0[76] = uut.rr_pd.val().to_u64();
    o.0[77] = uut.rr_streams.val().to_u64();
    o.0[78] = uut.rr_paths.val().to_u64();
    o.0[79] = uut.rr_tag.val().to_u64();
    o.0[80] = uut.tr_valid.val() as u64;
    o.0[81] = uut.tr_ok.val() as u64;
    o.0[82] = uut.tr_peer_mac.val().to_u64();
    o.0[83] = uut.tr_peer_ip4.val().to_u64();
    o.0[84] = uut.tr_sport.val().to_u64();
    o.0[85] = uut.tr_dport.val().to_u64();
    o.0[86] = uut.tr_peer_conn.val().to_u64();
    o.0[87] = uut.tr_tag.val().to_u64();
    o.0[88] = uut.cnt_cmds.val().to_u64();
    o.0[89] = uut.cnt_bad_command.val().to_u64();
    o.0[90] = uut.cnt_bad_index.val().to_u64();
    o.0[91] = uut.cnt_busy.val().to_u64();
    o.0[92] = uut.cnt_bad_argument.val().to_u64();
    o
}

#[test]
fn cmd_proc_rusthdl_matches_model() {
    use braid_model::cmd_proc::CmdProcStim;
    use braid_model::CmdProcTinyModel;
    for seed in seeds(&[0xc0d]) {
        let mut uut = braid_hdl::CmdProcTiny::default();
        uut.connect_all();
        assert!(simulate(&mut uut, 1000));
        let mut model = CmdProcTinyModel::default();
        let mut stim = CmdProcStim::<4, 2, 4>::new(seed);
        for cycle in 0..3_000 {
            let i = stim.next(cycle);
            let want = model.step(&i);
            let got = cmd_proc_step(&mut uut, &i);
            assert_eq!(
                want, got,
                "RustHDL cmd_proc differs from the model at cycle {cycle} (seed {seed:#x}), inputs {i:?}"
            );
            stim.observe(&want);
        }
    }
}
