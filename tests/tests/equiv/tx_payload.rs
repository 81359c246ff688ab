//! `tx_payload`: its cycle model against the RTL block, in Verilator (every
//! output on every clock, seeded random stimulus biased toward the
//! edges) and in RustHDL's own simulator (a short seeded run).

use crate::common::*;
use braid_model::*;
use braid_tests::{assert_equiv, equiv_cycles, seeds};
use rust_hdl::prelude::*;

#[test]
fn tx_payload_matches_model() {
    let n = equiv_cycles() / 2;
    for seed in seeds(&[0x7a10, 0x9e1d]) {
        assert_equiv::<TxPayloadModel>(seed, n);
    }
}

/// The payload reader's stimulus reaches lengths 0, 1, 63, 64, 65, 4096
/// and 8192, every start alignment, starts right before a 4 KiB boundary,
/// payloads crossing 2^24, 2^34, 2^44 and 2^54, payloads of three reads, requests taken back to back, a full request
/// queue, a nearly full buffer, `pl_ready` and `rd_ready` held low with a
/// beat or read waiting, failed reads and corrupted tags; and every beat is
/// the host's bytes (checked by the stimulus).
#[test]
fn tx_payload_stimulus_covers_the_edges() {
    use braid_model::tx_payload::TxPayloadStim;
    use braid_model::Stimulus;
    for seed in [0x7a10u64, 0x9e1d] {
        let mut stim = TxPayloadStim::new(seed);
        for c in 0..50_000u64 {
            stim.next(c);
        }
        let s = stim.stats;
        eprintln!("seed {seed:#x}: {s:?}");
        assert_eq!((s.wrong, s.bad_reads), (0, 0), "seed {seed:#x}: {s:?}");
        assert_eq!(s.aligns, !0, "seed {seed:#x}");
        assert!(s.len_class.iter().all(|&n| n > 10), "seed {seed:#x}: {s:?}");
        assert!(
            s.chunk_carry.iter().all(|&n| n > 20),
            "seed {seed:#x}: {s:?}"
        );
        for (what, n) in [
            ("len 0", s.zero_len),
            ("near 4 KiB", s.near_4k),
            ("three reads", s.three_reads),
            ("q back to back", s.q_b2b),
            ("q full", s.q_full),
            ("buffer low", s.buf_low),
            ("pl held", s.pl_held),
            ("rd held", s.rd_held),
            ("error payloads", s.err_payloads),
            ("tag errors", s.tag_err_payloads),
        ] {
            assert!(n > 10, "seed {seed:#x}: {what} {n}");
        }
    }
}

/// Behaviour on the Verilated RTL: the payload bytes it delivers are the
/// host's (the stimulus checks every beat taken from the RTL's outputs,
/// which equal the model's on every clock) and its counters agree.
#[test]
fn tx_payload_rtl_delivers_the_host_bytes() {
    use braid_model::tx_payload::TxPayloadStim;
    use braid_model::Stimulus;
    for seed in seeds(&[0x7a11]) {
        let mut stim = TxPayloadStim::new(seed);
        let mut m = TxPayloadModel::default();
        let mut rtl =
            braid_cosim::equiv::Bound::<TxPayloadModel>::new().expect("tx_payload Verilated");
        let mut last = Default::default();
        for c in 0..40_000u64 {
            let i = stim.next(c);
            let want = m.step(&i);
            let got = rtl.step(&i);
            assert_eq!(want, got, "seed {seed:#x} clock {c}");
            last = got;
        }
        let s = stim.stats;
        assert_eq!((s.wrong, s.bad_reads), (0, 0), "seed {seed:#x}: {s:?}");
        assert_eq!(last.cnt_reads as u64, s.reads, "seed {seed:#x}");
        assert!(
            s.payloads > 1000 && s.err_payloads > 10,
            "seed {seed:#x}: {s:?}"
        );
    }
}

fn tx_payload_step(
    uut: &mut braid_hdl::TxPayload,
    i: &braid_model::tx_payload::TxPayloadIn,
) -> braid_model::tx_payload::TxPayloadOut {
    use braid_model::dr_arb::RdReq;
    use braid_model::tx_payload::{PlBeat, TxPayloadOut};
    let (qa, ql) = i.q.unwrap_or((0, 0));
    uut.q_valid.next = i.q.is_some();
    uut.q_addr.next = bits(qa);
    uut.q_len.next = bits(ql as u64 & 0x3fff);
    uut.rd_ready.next = i.rd_ready;
    let b = i.rs.unwrap_or_default();
    uut.rs_valid.next = i.rs.is_some();
    uut.rs_data.next = bits_le(&b.data);
    uut.rs_tag.next = bits(b.tag as u64);
    uut.rs_last.next = b.last;
    uut.rs_err.next = b.err;
    uut.pl_ready.next = i.pl_ready;
    clock(uut, |u, c| u.clock.next = Clock::from(c));
    let mut data = [0u8; 64];
    for (k, x) in data.iter_mut().enumerate() {
        *x = uut.pl_data.val().get_bits::<8>(8 * k).to_u64() as u8;
    }
    TxPayloadOut {
        q_ready: uut.q_ready.val(),
        rd: uut.rd_valid.val().then(|| RdReq {
            addr: uut.rd_addr.val().to_u64(),
            len: uut.rd_len.val().to_u64() as u16,
            tag: uut.rd_tag.val().to_u64() as u8,
        }),
        rs_ready: uut.rs_ready.val(),
        pl: uut.pl_valid.val().then(|| PlBeat {
            data,
            keep: uut.pl_keep.val().to_u64(),
            last: uut.pl_last.val(),
            err: uut.pl_err.val(),
        }),
        cnt_reads: uut.cnt_reads.val().to_u64() as u32,
        cnt_err: uut.cnt_err.val().to_u64() as u32,
    }
}

#[test]
fn tx_payload_rusthdl_matches_model() {
    use braid_model::tx_payload::TxPayloadStim;
    use braid_model::TxPayloadModel;
    for seed in seeds(&[0x7a10]) {
        let mut uut = braid_hdl::TxPayload::default();
        uut.connect_all();
        assert!(simulate(&mut uut, 1000));
        let mut model = TxPayloadModel::default();
        let mut stim = TxPayloadStim::new(seed);
        for cycle in 0..3_000 {
            let i = stim.next(cycle);
            let want = model.step(&i);
            let got = tx_payload_step(&mut uut, &i);
            assert_eq!(
                want, got,
                "RustHDL tx_payload differs from the model at cycle {cycle} (seed {seed:#x}), inputs {i:?}"
            );
        }
    }
}
