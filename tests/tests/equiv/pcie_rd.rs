//! `pcie_rd`: its cycle model against the RTL block in Verilator (every
//! output on every clock), and the model against a host that answers its
//! read TLPs as a root complex may (completions split at the read
//! completion boundary and at 256 bytes, tags answered out of order) with
//! faults injected: every read comes back in request order, byte-exact, or
//! marked failed exactly when a fault hit it or it was invalid.

use braid_model::pcie_rd::{host_byte, PcieRdOut, PcieRdStim, RsBeat};
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
