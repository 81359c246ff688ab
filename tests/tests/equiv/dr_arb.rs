//! `dr_arb`: its cycle model against the RTL block, in Verilator (every
//! output on every clock, seeded random stimulus biased toward the
//! edges) and in RustHDL's own simulator (a short seeded run).

use crate::common::*;
use braid_model::*;
use braid_tests::{assert_equiv, equiv_cycles, seeds};
use rust_hdl::prelude::*;

#[test]
fn dr_arb_matches_model() {
    let n = equiv_cycles();
    for seed in seeds(&[0xd7a, 0x3ead]) {
        assert_equiv::<DrArbModel>(seed, n);
    }
}

/// The read arbiter's stimulus reaches three-way and two-way contention,
/// a full client-id FIFO with requests waiting, an empty FIFO, the skid
/// register full, host request back-pressure, a response beat held by its
/// client's `rs_ready`, every kind of bad request from every client, back
/// to back takes and the longest reads (4 KiB).
#[test]
fn dr_arb_stimulus_covers_the_edges() {
    use braid_model::dr_arb::{DrArbStim, DR_ARB_DEPTH};
    for seed in [0xd7a, 0x3ead] {
        let mut stim = DrArbStim::new(seed);
        let mut k = [0u64; 12];
        let mut prev_taken = false;
        for c in 0..60_000u64 {
            let pre = stim.model().clone();
            let i = stim.next(c);
            let o = pre.comb(&i);
            let offers = i.rd.iter().filter(|r| r.is_some()).count();
            let taken = (0..3).any(|x| i.rd[x].is_some() && o.rd_ready[x]);
            k[0] += (offers == 3 && taken) as u64;
            k[1] += (offers == 2 && taken) as u64;
            k[2] += (offers > 0 && o.outstanding as usize == DR_ARB_DEPTH) as u64;
            k[3] += (o.outstanding == 0) as u64;
            k[4] += (offers > 0 && !taken && (o.outstanding as usize) < DR_ARB_DEPTH) as u64;
            k[5] += (o.m_rd.is_some() && !i.m_rd_ready) as u64;
            k[6] += (i.m_rs.is_some() && o.rs_valid.iter().any(|&v| v) && !o.m_rs_ready) as u64;
            for x in 0..3 {
                if let (Some(r), true) = (i.rd[x], o.rd_ready[x]) {
                    if r.len == 0 {
                        k[7] += 1;
                    } else if r.len > 4096 {
                        k[8] += 1;
                    } else if r.is_bad() {
                        k[9] += 1;
                    }
                    k[11] += (r.len == 4096) as u64;
                }
            }
            k[10] += (taken && prev_taken) as u64;
            prev_taken = taken;
        }
        let bad_from = stim.stats.taken;
        assert!(
            bad_from.iter().all(|&n| n > 1000),
            "seed {seed:#x}: {bad_from:?}"
        );
        for (what, n) in [
            "3-way",
            "2-way",
            "full",
            "empty",
            "skid",
            "m_rd stall",
            "rs held",
            "len 0",
            "len > 4096",
            "crossing",
            "b2b",
            "4 KiB",
        ]
        .iter()
        .zip(k)
        {
            assert!(n > 50, "seed {seed:#x}: {what} {n}");
        }
    }
}

/// Behaviour against a Rust host memory (in order, random latency): every
/// client gets exactly its bytes, in order, the host never sees a bad
/// request, and bad requests are flagged and counted; checked on the
/// Verilated RTL's outputs.
#[test]
fn dr_arb_clients_get_exactly_their_bytes() {
    use braid_model::dr_arb::DrArbStim;
    use braid_model::Stimulus;
    for seed in seeds(&[0xb17e]) {
        let mut stim = DrArbStim::new(seed);
        let mut m = DrArbModel::default();
        let mut flags = 0u64;
        let mut rtl = braid_cosim::equiv::Bound::<DrArbModel>::new().expect("dr_arb Verilated");
        let mut last = Default::default();
        for c in 0..60_000u64 {
            let i = stim.next(c);
            let want = m.step(&i);
            let got = rtl.step(&i);
            assert_eq!(want, got, "seed {seed:#x} clock {c}");
            flags += got.rd_bad.iter().filter(|&&b| b).count() as u64;
            last = got;
        }
        let s = stim.stats;
        assert_eq!((s.wrong, s.host_wrong), (0, 0), "seed {seed:#x}: {s:?}");
        assert_eq!(flags, s.bad_sent, "seed {seed:#x}");
        assert_eq!(last.bad_count as u64, s.bad_sent, "seed {seed:#x}");
        assert!(
            s.responses.iter().all(|&n| n > 1000),
            "seed {seed:#x}: {s:?}"
        );
        assert!(s.beats[2] > 10_000, "seed {seed:#x}: {s:?}");
    }
}

fn dr_arb_step(
    uut: &mut braid_hdl::DrArb,
    i: &braid_model::dr_arb::DrArbIn,
) -> braid_model::dr_arb::DrArbOut {
    use braid_model::dr_arb::{DrArbOut, RdReq, RsBeat};
    let r = i.rd.map(|r| r.unwrap_or_default());
    uut.a_rd_valid.next = i.rd[0].is_some();
    uut.a_rd_addr.next = bits(r[0].addr);
    uut.a_rd_len.next = bits(r[0].len as u64 & 0x1fff);
    uut.a_rd_tag.next = bits(r[0].tag as u64);
    uut.a_rs_ready.next = i.rs_ready[0];
    uut.b_rd_valid.next = i.rd[1].is_some();
    uut.b_rd_addr.next = bits(r[1].addr);
    uut.b_rd_len.next = bits(r[1].len as u64 & 0x1fff);
    uut.b_rd_tag.next = bits(r[1].tag as u64);
    uut.b_rs_ready.next = i.rs_ready[1];
    uut.c_rd_valid.next = i.rd[2].is_some();
    uut.c_rd_addr.next = bits(r[2].addr);
    uut.c_rd_len.next = bits(r[2].len as u64 & 0x1fff);
    uut.c_rd_tag.next = bits(r[2].tag as u64);
    uut.c_rs_ready.next = i.rs_ready[2];
    uut.m_rd_ready.next = i.m_rd_ready;
    let b = i.m_rs.unwrap_or_default();
    uut.m_rs_valid.next = i.m_rs.is_some();
    uut.m_rs_data.next = bits_le(&b.data);
    uut.m_rs_tag.next = bits(b.tag as u64);
    uut.m_rs_last.next = b.last;
    uut.m_rs_err.next = b.err;
    clock(uut, |u, c| u.clock.next = Clock::from(c));
    let mut data = [0u8; 64];
    for (k, x) in data.iter_mut().enumerate() {
        *x = uut.rs_data.val().get_bits::<8>(8 * k).to_u64() as u8;
    }
    DrArbOut {
        rd_ready: [
            uut.a_rd_ready.val(),
            uut.b_rd_ready.val(),
            uut.c_rd_ready.val(),
        ],
        rd_bad: [uut.a_rd_bad.val(), uut.b_rd_bad.val(), uut.c_rd_bad.val()],
        rs_valid: [
            uut.a_rs_valid.val(),
            uut.b_rs_valid.val(),
            uut.c_rs_valid.val(),
        ],
        rs: RsBeat {
            data,
            tag: uut.rs_tag.val().to_u64() as u8,
            last: uut.rs_last.val(),
            err: uut.rs_err.val(),
        },
        m_rd: uut.m_rd_valid.val().then(|| RdReq {
            addr: uut.m_rd_addr.val().to_u64(),
            len: uut.m_rd_len.val().to_u64() as u16,
            tag: uut.m_rd_tag.val().to_u64() as u8,
        }),
        m_rs_ready: uut.m_rs_ready.val(),
        bad_count: uut.bad_count.val().to_u64() as u16,
        outstanding: uut.outstanding.val().to_u64() as u8,
    }
}

#[test]
fn dr_arb_rusthdl_matches_model() {
    use braid_model::dr_arb::DrArbStim;
    use braid_model::DrArbModel;
    for seed in seeds(&[0xd7a]) {
        let mut uut = braid_hdl::DrArb::default();
        uut.connect_all();
        assert!(simulate(&mut uut, 1000));
        let mut model = DrArbModel::default();
        let mut stim = DrArbStim::new(seed);
        for cycle in 0..4_000 {
            let i = stim.next(cycle);
            let want = model.step(&i);
            let got = dr_arb_step(&mut uut, &i);
            assert_eq!(
                want, got,
                "RustHDL dr_arb differs from the model at cycle {cycle} (seed {seed:#x}), inputs {i:?}"
            );
        }
    }
}
