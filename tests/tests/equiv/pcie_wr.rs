//! `pcie_wr`: its cycle model against the RTL block in Verilator (every
//! output on every clock), and the model's TLPs decoded back into memory
//! writes: every byte of every engine write lands once, at its address,
//! in TLPs that keep PCIe's rules (at most the maximum payload size, never
//! across 4 KiB, byte enables exact). The independent check against the
//! PCIe hard block's own model is `tests/cocotb/pcie_wr`.

use braid_model::pcie_wr::{PcieWrIn, PcieWrOut, PcieWrStim};
use braid_model::*;
use braid_tests::{assert_equiv, equiv_cycles, seeds};
use std::collections::VecDeque;

#[test]
fn pcie_wr_matches_model() {
    let n = equiv_cycles();
    for seed in seeds(&[0x3a17, 0x5eed]) {
        assert_equiv::<PcieWrModel>(seed, n);
    }
}

/// A memory write TLP decoded from RQ beats.
struct Tlp {
    addr: u64,
    dwc: u32,
    fbe: u32,
    lbe: u32,
    payload: Vec<u8>,
}

fn decode_tlp(beats: &[braid_model::pcie_wr::RqBeat]) -> Tlp {
    let mut bytes = Vec::new();
    for b in beats {
        for k in 0..16 {
            if b.keep >> k & 1 == 1 {
                bytes.extend_from_slice(&b.data[4 * k..4 * k + 4]);
            }
        }
    }
    let d0 = u64::from_le_bytes(bytes[0..8].try_into().unwrap());
    let d1 = u64::from_le_bytes(bytes[8..16].try_into().unwrap());
    assert_eq!(d0 & 3, 0, "address type 0");
    assert_eq!((d1 >> 11) & 0xf, 1, "memory write");
    assert_eq!(d1 >> 15, 0, "no poison, tag, IDs, TC or attributes");
    Tlp {
        addr: d0,
        dwc: (d1 & 0x7ff) as u32,
        fbe: (beats[0].user & 0xf) as u32,
        lbe: ((beats[0].user >> 8) & 0xf) as u32,
        payload: bytes[16..].to_vec(),
    }
}

#[test]
fn pcie_wr_tlps_carry_every_byte_once_within_pcie_rules() {
    for seed in seeds(&[0x3a17, 0x5eed, 7]) {
        let mut m = PcieWrModel::default();
        let mut stim = PcieWrStim::new(seed);
        let mut ready = true;
        // the engine's writes (address, bytes) in order, as offered
        let mut writes: VecDeque<(u64, Vec<u8>, u8, usize)> = VecDeque::new();
        let mut mid = false;
        let mut tlp: Vec<braid_model::pcie_wr::RqBeat> = Vec::new();
        let mut shown: Option<braid_model::pcie_wr::RqBeat> = None;
        // bytes the TLPs wrote, by address, for the write at the head
        let mut landed: Vec<(u64, u8)> = Vec::new();
        let (mut checked, mut tlps, mut crossers) = (0u32, 0u32, 0u32);
        for c in 0..200_000u64 {
            let i: PcieWrIn = stim.next(c);
            if let (Some(b), true) = (i.dw, ready) {
                let want = b.len as usize;
                if !mid && want > 0 {
                    if (b.addr & 0xfff) + want as u64 > 4096 {
                        crossers += 1;
                    }
                    writes.push_back((b.addr, Vec::new(), i.mps & 3, want));
                }
                if want > 0 {
                    let d = &mut writes.back_mut().unwrap().1;
                    let k = d.len();
                    d.extend_from_slice(&b.data[..(want - k).min(64)]);
                }
                mid = !b.last;
            }
            if let (Some(b), true) = (shown, i.rq_ready) {
                tlp.push(b);
                if b.last {
                    let t = decode_tlp(&tlp);
                    tlp.clear();
                    tlps += 1;
                    let (a, data, wmps, wlen) =
                        writes.front().expect("a TLP with no write").clone();
                    let mps = 128u64 << wmps;
                    let (x, len) = {
                        let x = t.fbe.trailing_zeros().min(3);
                        let tail = if t.dwc == 1 {
                            4 - (32 - t.fbe.leading_zeros())
                        } else {
                            t.lbe.leading_zeros() - 28
                        };
                        (x, t.dwc * 4 - x - tail)
                    };
                    let start = t.addr + x as u64;
                    assert!(
                        len as u64 <= mps,
                        "seed {seed:#x}: TLP of {len} bytes over MPS {mps}"
                    );
                    assert!(
                        (start & 0xfff) + len as u64 <= 4096,
                        "seed {seed:#x}: TLP crosses 4 KiB at {start:#x}+{len}"
                    );
                    assert_eq!(
                        t.payload.len(),
                        4 * t.dwc as usize,
                        "seed {seed:#x}: dword count"
                    );
                    for k in 0..len as usize {
                        landed.push((start + k as u64, t.payload[x as usize + k]));
                    }
                    if landed.len() >= wlen {
                        assert_eq!(
                            landed.len(),
                            wlen,
                            "seed {seed:#x}: more bytes than the write at {a:#x}"
                        );
                        for (k, (addr, byte)) in landed.iter().enumerate() {
                            assert_eq!(
                                *addr,
                                a + k as u64,
                                "seed {seed:#x}: byte {k} of the write at {a:#x} went to {addr:#x}"
                            );
                            assert_eq!(
                                *byte, data[k],
                                "seed {seed:#x}: byte {k} of the write at {a:#x}"
                            );
                        }
                        landed.clear();
                        writes.pop_front();
                        checked += 1;
                    }
                }
            }
            let o: PcieWrOut = m.step(&i);
            stim.observe(&o);
            ready = o.dw_ready;
            shown = o.rq;
        }
        assert!(
            checked > 2_000 && crossers > 100 && tlps > 4_000,
            "seed {seed:#x}: {checked} writes, {crossers} across 4 KiB, {tlps} TLPs"
        );
    }
}

fn pcie_wr_step(uut: &mut braid_hdl::PcieWr, i: &PcieWrIn) -> PcieWrOut {
    use crate::common::{bits_le, clock};
    use braid_model::pcie_wr::RqBeat;
    use rust_hdl::prelude::*;
    let b = i.dw.unwrap_or_default();
    uut.dw_valid.next = i.dw.is_some();
    uut.dw_addr.next = bits(b.addr);
    uut.dw_len.next = bits(b.len as u64);
    uut.dw_data.next = bits_le(&b.data);
    uut.dw_last.next = b.last;
    uut.cfg_max_payload.next = bits(i.mps as u64 & 3);
    uut.s_axis_rq_tready.next = i.rq_ready;
    clock(uut, |u, c| u.clock.next = Clock::from(c));
    let rq = uut.s_axis_rq_tvalid.val().then(|| {
        let mut data = [0u8; 64];
        for (k, x) in data.iter_mut().enumerate() {
            *x = uut.s_axis_rq_tdata.val().get_bits::<8>(8 * k).to_u64() as u8;
        }
        let u = uut.s_axis_rq_tuser.val();
        RqBeat {
            data,
            keep: uut.s_axis_rq_tkeep.val().to_u64() as u16,
            last: uut.s_axis_rq_tlast.val(),
            user: u.get_bits::<64>(0).to_u64() as u128
                | (u.get_bits::<64>(64).to_u64() as u128) << 64,
            user_hi: u.get_bits::<9>(128).any(),
        }
    });
    PcieWrOut {
        dw_ready: uut.dw_ready.val(),
        rq,
        cnt_tlps: uut.cnt_tlps.val().to_u64() as u32,
        cnt_empty: uut.cnt_empty.val().to_u64() as u32,
    }
}

#[test]
fn pcie_wr_rusthdl_matches_model() {
    use rust_hdl::prelude::*;
    for seed in seeds(&[0x3a17]) {
        let mut uut = braid_hdl::PcieWr::default();
        uut.connect_all();
        assert!(simulate(&mut uut, 1000));
        let mut model = PcieWrModel::default();
        let mut stim = PcieWrStim::new(seed);
        for cycle in 0..600 {
            let i = stim.next(cycle);
            let want = model.step(&i);
            let got = pcie_wr_step(&mut uut, &i);
            stim.observe(&want);
            assert_eq!(
                want, got,
                "RustHDL pcie_wr differs from the model at cycle {cycle} (seed {seed:#x}), inputs {i:?}"
            );
        }
    }
}
