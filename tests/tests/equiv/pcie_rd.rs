//! `pcie_rd`: its cycle model against the RTL block in Verilator (every
//! output on every clock), and the model against a host that answers its
//! read TLPs as a root complex may (completions split at the read
//! completion boundary and at 256 bytes, tags answered out of order) with
//! faults injected: every read comes back in request order, byte-exact, or
//! marked failed exactly when a fault hit it or it was invalid.

use braid_model::pcie_rd::{host_byte, PcieRdIn, PcieRdOut, PcieRdStim, RsBeat};
use braid_model::*;
use braid_tests::{assert_equiv, equiv_cycles, seeds};

#[test]
fn pcie_rd_matches_model() {
    let n = equiv_cycles();
    for seed in seeds(&[0x7ead, 0x51]) {
        assert_equiv::<PcieRdModel>(seed, n);
    }
}

#[test]
fn pcie_rd_returns_every_read_in_order_or_failed_by_its_fault() {
    for seed in seeds(&[0x7ead, 0x51, 3]) {
        let mut m = PcieRdModel::default();
        let mut st = PcieRdStim::new(seed);
        let mut got: Vec<u8> = Vec::new();
        let mut shown: Option<RsBeat> = None;
        let (mut good, mut failed) = (0u32, 0u32);
        let mut o = PcieRdOut::default();
        for c in 0..200_000u64 {
            let i = st.next(c);
            let taken = shown.filter(|_| i.rs_ready);
            o = m.step(&i);
            st.observe(&o);
            if let Some(b) = taken {
                got.extend_from_slice(&b.data);
                if b.last {
                    let (q, fail) = st.done.expect("a response with no request");
                    assert_eq!(b.tag, q.tag, "seed {seed:#x}: responses out of order");
                    if fail {
                        assert!(
                            b.err,
                            "seed {seed:#x}: read of {:#x}+{} came back good",
                            q.addr, q.len
                        );
                        assert!(
                            got.iter().all(|&x| x == 0),
                            "seed {seed:#x}: data of a failed read"
                        );
                        failed += 1;
                    } else {
                        assert!(
                            !b.err,
                            "seed {seed:#x}: read of {:#x}+{} failed at clock {c}",
                            q.addr, q.len
                        );
                        let want: Vec<u8> =
                            (q.addr..q.addr + q.len as u64).map(host_byte).collect();
                        assert_eq!(
                            &got[..q.len as usize],
                            &want[..],
                            "seed {seed:#x}: data of {:#x}+{}",
                            q.addr,
                            q.len
                        );
                        assert!(
                            got[q.len as usize..].iter().all(|&x| x == 0),
                            "seed {seed:#x}: lanes past the length"
                        );
                        good += 1;
                    }
                    assert_eq!(
                        got.len(),
                        64 * (q.len as usize).div_ceil(64).max(1),
                        "seed {seed:#x}: beats"
                    );
                    got.clear();
                }
            }
            shown = o.rs;
        }
        eprintln!(
            "seed {seed:#x}: {good} reads good, {failed} failed ({} faults); {o:?}",
            st.faults
        );
        assert!(
            good > 1_000 && failed > 20,
            "seed {seed:#x}: {good} good, {failed} failed"
        );
        assert!(
            o.cnt_cpl_err > 0 && o.cnt_timeouts > 0 && o.cnt_stray > 0,
            "seed {seed:#x}: {o:?}"
        );
    }
}

fn pcie_rd_step(uut: &mut braid_hdl::PcieRd, i: &PcieRdIn) -> PcieRdOut {
    use crate::common::{bits_le, clock};
    use braid_model::pcie_rd::RdTlp;
    use rust_hdl::prelude::*;
    let r = i.rd.unwrap_or_default();
    uut.rd_valid.next = i.rd.is_some();
    uut.rd_addr.next = bits(r.addr);
    uut.rd_len.next = bits(r.len as u64 & 0x1fff);
    uut.rd_tag.next = bits(r.tag as u64);
    uut.rs_ready.next = i.rs_ready;
    uut.s_axis_rq_tready.next = i.rq_ready;
    uut.m_axis_rc_tvalid.next = i.rc.is_some();
    let b = i.rc.unwrap_or(braid_model::pcie_rd::RcBeat {
        data: [0; 64],
        last: false,
        discontinue: false,
    });
    uut.m_axis_rc_tdata.next = bits_le(&b.data);
    uut.m_axis_rc_tlast.next = b.last;
    uut.m_axis_rc_tuser.next = bits::<161>(b.discontinue as u64) << 96;
    uut.cfg_max_read_req.next = bits(i.mrrs as u64 & 7);
    uut.cfg_timeout.next = bits(i.timeout as u64);
    clock(uut, |u, c| u.clock.next = Clock::from(c));
    let rq = uut.s_axis_rq_tvalid.val().then(|| {
        let d = uut.s_axis_rq_tdata.val();
        let u = uut.s_axis_rq_tuser.val();
        RdTlp {
            addr: d.get_bits::<64>(0).to_u64(),
            dwc: d.get_bits::<11>(64).to_u64() as u32,
            tag: d.get_bits::<8>(96).to_u64() as u8,
            fbe: u.get_bits::<4>(0).to_u64() as u8,
            lbe: u.get_bits::<4>(8).to_u64() as u8,
        }
    });
    let rs = uut.rs_valid.val().then(|| {
        let mut data = [0u8; 64];
        for (k, x) in data.iter_mut().enumerate() {
            *x = uut.rs_data.val().get_bits::<8>(8 * k).to_u64() as u8;
        }
        RsBeat {
            data,
            tag: uut.rs_tag.val().to_u64() as u8,
            last: uut.rs_last.val(),
            err: uut.rs_err.val(),
        }
    });
    PcieRdOut {
        rd_ready: uut.rd_ready.val(),
        rq,
        rs,
        cnt_reads: uut.cnt_reads.val().to_u64() as u32,
        cnt_cpl_err: uut.cnt_cpl_err.val().to_u64() as u32,
        cnt_timeouts: uut.cnt_timeouts.val().to_u64() as u32,
        cnt_stray: uut.cnt_stray.val().to_u64() as u32,
    }
}

/// The block in RustHDL's own simulator against the model: the exported
/// Verilog and the Rust description it came from behave alike.
#[test]
fn pcie_rd_rusthdl_matches_model() {
    use rust_hdl::prelude::*;
    for seed in seeds(&[0x7ead]) {
        let mut uut = braid_hdl::PcieRd::default();
        uut.connect_all();
        assert!(simulate(&mut uut, 1000));
        let mut model = PcieRdModel::default();
        let mut stim = PcieRdStim::new(seed);
        let mut responses = 0;
        for cycle in 0..700 {
            let i = stim.next(cycle);
            let want = model.step(&i);
            let got = pcie_rd_step(&mut uut, &i);
            stim.observe(&want);
            responses += want.rs.is_some() as u32;
            assert_eq!(
                want, got,
                "RustHDL pcie_rd differs from the model at cycle {cycle} (seed {seed:#x}), inputs {i:?}"
            );
        }
        assert!(responses > 20, "seed {seed:#x}: {responses} response beats");
    }
}
