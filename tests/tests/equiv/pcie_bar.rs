//! `pcie_bar`: its cycle model against the RTL block, in Verilator (every
//! output on every clock, seeded random requests of every kind against a
//! random AXI4-Lite slave) and in RustHDL's own simulator (a short seeded
//! run). The independent check against the PCIe hard block's own model
//! (cocotbext-pcie) is `tests/cocotb/pcie_bar`.

use crate::common::*;
use braid_model::pcie_bar::{read_byte_count, PcieBarIn, PcieBarOut, PcieBarStim};
use braid_model::*;
use braid_tests::{assert_equiv, equiv_cycles, seeds};
use rust_hdl::prelude::*;

#[test]
fn pcie_bar_matches_model() {
    let n = equiv_cycles();
    for seed in seeds(&[0x9c1e, 0xba7]) {
        assert_equiv::<PcieBarModel>(seed, n);
    }
}

/// PCIe's byte-count rule (Base Specification, "Byte Count" of a read
/// completion) on the cases its table names.
#[test]
fn pcie_bar_byte_count_follows_the_pcie_rule() {
    // one dword: from the first byte enables alone
    for (fbe, bc) in [
        (0b1001, 4),
        (0b1111, 4),
        (0b0101, 3),
        (0b0111, 3),
        (0b1010, 3),
        (0b1110, 3),
        (0b0011, 2),
        (0b0110, 2),
        (0b1100, 2),
        (0b0001, 1),
        (0b0010, 1),
        (0b0100, 1),
        (0b1000, 1),
        (0b0000, 1),
    ] {
        assert_eq!(
            read_byte_count(1, fbe, 0),
            bc,
            "1 dword, first BE {fbe:04b}"
        );
    }
    // longer: 4n less the leading disabled bytes of the first dword and
    // the trailing disabled bytes of the last
    assert_eq!(read_byte_count(2, 0b1111, 0b1111), 8);
    assert_eq!(read_byte_count(2, 0b1110, 0b0111), 6);
    assert_eq!(read_byte_count(3, 0b1000, 0b0001), 6);
    assert_eq!(read_byte_count(1024, 0b1111, 0b1111), 4096);
}

/// The stimulus reaches every path: multi-beat writes, reads of several
/// dwords and of none, UR and CA completions, dropped and drained
/// requests, dwords outside the window, AXI error responses, completion
/// beats held by `tready`, and multi-beat completions.
#[test]
fn pcie_bar_stimulus_covers_the_edges() {
    for seed in [0x9c1e, 0xba7] {
        let mut m = PcieBarModel::default();
        let mut stim = PcieBarStim::new(seed);
        let mut prev = PcieBarOut {
            cq_ready: true,
            ..Default::default()
        };
        let (mut cc_multi, mut cc_held, mut writes, mut reads) = (0, 0, 0, 0);
        for c in 0..100_000u64 {
            let i: PcieBarIn = stim.next(c);
            if prev.cc_valid && !prev.cc_last && i.cc_ready {
                cc_multi += 1;
            }
            if prev.cc_valid && !i.cc_ready {
                cc_held += 1;
            }
            writes += (prev.wvalid && i.wready) as u32;
            reads += (prev.rready && i.rvalid) as u32;
            let o = m.step(&i);
            stim.observe(&o);
            prev = o;
        }
        let o = prev;
        for (what, k, min) in [
            ("write dwords", writes, 6_000),
            ("read dwords", reads, 4_000),
            ("completion beats held", cc_held, 200),
            ("multi-beat completions", cc_multi, 200),
            ("UR/CA completions", o.cnt_ur, 150),
            ("dropped requests", o.cnt_drop, 150),
            ("errors", o.cnt_err, 3_000),
        ] {
            assert!(k >= min, "seed {seed:#x}: {what} {k} < {min}");
        }
    }
}

fn pcie_bar_step(uut: &mut braid_hdl::PcieBar, i: &PcieBarIn) -> PcieBarOut {
    let b = i.cq.unwrap_or_default();
    let mut data = Bits::<512>::default();
    for w in b.data.iter().rev() {
        data = (data << 32u64) | bits::<512>(*w as u64);
    }
    uut.m_axis_cq_tdata.next = data;
    uut.m_axis_cq_tkeep.next = bits(b.keep as u64);
    uut.m_axis_cq_tlast.next = b.last;
    uut.m_axis_cq_tuser.next = bits::<183>(b.first_be as u64 & 0xf | (b.last_be as u64 & 0xf) << 8)
        | (bits::<183>(b.discontinue as u64) << 96u64);
    uut.m_axis_cq_tvalid.next = i.cq.is_some();
    uut.s_axis_cc_tready.next = i.cc_ready;
    uut.m_awready.next = i.awready;
    uut.m_wready.next = i.wready;
    uut.m_bvalid.next = i.bvalid;
    uut.m_bresp.next = bits(i.bresp as u64 & 3);
    uut.m_arready.next = i.arready;
    uut.m_rvalid.next = i.rvalid;
    uut.m_rdata.next = bits(i.rdata as u64);
    uut.m_rresp.next = bits(i.rresp as u64 & 3);
    clock(uut, |u, c| u.clock.next = Clock::from(c));
    let mut cc_data = [0u32; 16];
    for (k, w) in cc_data.iter_mut().enumerate() {
        *w = uut.s_axis_cc_tdata.val().get_bits::<32>(32 * k).to_u64() as u32;
    }
    let u = uut.s_axis_cc_tuser.val();
    PcieBarOut {
        cq_ready: uut.m_axis_cq_tready.val(),
        cc_valid: uut.s_axis_cc_tvalid.val(),
        cc_data,
        cc_keep: uut.s_axis_cc_tkeep.val().to_u64() as u16,
        cc_last: uut.s_axis_cc_tlast.val(),
        cc_user: u.get_bits::<64>(0).to_u64() as u128
            | (u.get_bits::<17>(64).to_u64() as u128) << 64,
        np_req: uut.pcie_cq_np_req.val().to_u64() as u8,
        awvalid: uut.m_awvalid.val(),
        awaddr: uut.m_awaddr.val().to_u64() as u32,
        wvalid: uut.m_wvalid.val(),
        wdata: uut.m_wdata.val().to_u64() as u32,
        wstrb: uut.m_wstrb.val().to_u64() as u8,
        bready: uut.m_bready.val(),
        arvalid: uut.m_arvalid.val(),
        araddr: uut.m_araddr.val().to_u64() as u32,
        rready: uut.m_rready.val(),
        cnt_ur: uut.cnt_ur.val().to_u64() as u32,
        cnt_drop: uut.cnt_drop.val().to_u64() as u32,
        cnt_err: uut.cnt_err.val().to_u64() as u32,
    }
}

#[test]
fn pcie_bar_rusthdl_matches_model() {
    for seed in seeds(&[0x9c1e]) {
        let mut uut = braid_hdl::PcieBar::default();
        uut.connect_all();
        assert!(simulate(&mut uut, 1000));
        let mut model = PcieBarModel::default();
        let mut stim = PcieBarStim::new(seed);
        for cycle in 0..600 {
            let i = stim.next(cycle);
            let want = model.step(&i);
            let got = pcie_bar_step(&mut uut, &i);
            stim.observe(&want);
            assert_eq!(
                want, got,
                "RustHDL pcie_bar differs from the model at cycle {cycle} (seed {seed:#x}), inputs {i:?}"
            );
        }
    }
}
