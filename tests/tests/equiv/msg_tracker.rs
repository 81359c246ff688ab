//! `msg_tracker`: its cycle model against the RTL block, in Verilator (every
//! output on every clock, seeded random stimulus biased toward the
//! edges) and in RustHDL's own simulator (a short seeded run).

use crate::common::*;
use braid_model::*;
use braid_tests::{assert_equiv, equiv_cycles, seeds};
use rust_hdl::prelude::*;

#[test]
fn msg_tracker_matches_model() {
    let n = equiv_cycles();
    for seed in seeds(&[0x5e9d, 0x77c3]) {
        assert_equiv::<MsgTrackerModel>(seed, n / 2);
        assert_equiv::<MsgTrackerTinyModel>(seed, n / 2);
    }
}

/// The message-tracker stimulus reaches the edges: every result code,
/// completions by a packet and by the drain (several at once behind a
/// filled hole), WRITEs passed silently, zero-length messages, back-to-back
/// packets of one slot and of one index, a deep drain queue, restarts
/// (with a packet in the same clock) and MSN wraps.
#[test]
fn msg_tracker_stimulus_covers_the_edges() {
    use braid_model::msg_tracker::{MsgStim, RES_COMPLETED, RES_DROPPED, RES_OUTSIDE};
    for seed in seeds(&[0x5e9d, 0x77c3]) {
        let mut m = MsgTrackerModel::default();
        let mut stim = MsgStim::<12, 5>::new(seed);
        let mut codes = [0u64; 4];
        let (mut evs, mut writes, mut zero, mut runs, mut wraps) = (0u64, 0u64, 0u64, 0u64, 0u64);
        let (mut same_slot, mut same_index, mut max_q, mut inits) = (0u64, 0u64, 0u32, 0u64);
        let mut held = 0u64;
        let mut prev: Option<(u32, u32)> = None;
        let mut run = 0u32;
        for c in 0..100_000 {
            let i = stim.next(c);
            inits += i.init.is_some() as u64;
            held += (i.hold && i.pkt.is_none() && i.init.is_none() && m.queue_len() > 0) as u64;
            let cur = i.pkt.map(|k| (k.index, k.msn));
            if let (Some(a), Some(b)) = (prev, cur) {
                same_index += (a.0 == b.0) as u64;
                same_slot += (a.0 == b.0 && (a.1 ^ b.1) & 31 == 0) as u64;
            }
            prev = cur;
            let o = m.step(&i);
            stim.observe(&o);
            if let Some((code, _)) = o.res {
                codes[code as usize] += 1;
            }
            match o.ev {
                Some(e) => {
                    evs += 1;
                    writes += !e.report as u64;
                    zero += (e.byte_len == 0) as u64;
                    wraps += (e.msn == u32::MAX) as u64;
                    run += 1;
                }
                None => {
                    runs += (run >= 3) as u64;
                    run = 0;
                }
            }
            max_q = max_q.max(m.queue_len());
        }
        eprintln!(
            "seed {seed:#x}: codes (counted, completed, outside, dropped) {codes:?} passed {evs} \
             (writes {writes}, zero-length {zero}, runs of >= 3 {runs}, wraps {wraps}) \
             back-to-back same index {same_index} same slot {same_slot} max queue {max_q} inits {inits} \
             drains held {held}"
        );
        assert!(
            codes[0] > 5_000 && codes[RES_COMPLETED as usize] > 5_000,
            "seed {seed:#x}"
        );
        assert!(
            codes[RES_OUTSIDE as usize] > 50 && codes[RES_DROPPED as usize] > 0,
            "seed {seed:#x}"
        );
        assert_eq!(
            codes[RES_OUTSIDE as usize], stim.outside_sent,
            "seed {seed:#x}"
        );
        assert!(
            evs > 5_000 && writes > 1_000 && zero > 500 && runs > 100,
            "seed {seed:#x}"
        );
        assert!(
            same_index > 1_000 && same_slot > 300 && max_q >= 3,
            "seed {seed:#x}"
        );
        assert!(inits > 5 && wraps > 0, "seed {seed:#x}");
        assert!(held > 100, "seed {seed:#x}: drains held {held}");
        assert_eq!(
            m.cnt_outside_now(),
            stim.outside_sent as u32,
            "seed {seed:#x}"
        );
    }
}

/// Behaviour (model, both the exported 32-slot build and an 8-slot one):
/// for random interleavings of the packets of many messages, every message
/// whose packets were all sent is passed exactly once, in MSN order per
/// index, with its length, kind, imm and solicited flag; a WRITE is never
/// reported as a completion event; only the packets sent outside the
/// window are refused; nothing stays behind once the drain has run.
#[test]
fn msg_tracker_completes_each_message_once_in_order() {
    fn run<const IB: u32, const SB: u32>(seed: u64) {
        use braid_model::msg_tracker::{MsgIn, MsgStim, MsgTrackerModelN, RES_OUTSIDE};
        let mut m = MsgTrackerModelN::<IB, SB>::default();
        let mut stim = MsgStim::<IB, SB>::new(seed);
        let (mut passed, mut outside) = (0u64, 0u64);
        let total = 150_000u64;
        for c in 0..total + 20_000 {
            let i = if c < total {
                stim.next(c)
            } else {
                stim.cycle = c;
                MsgIn::default()
            };
            let o = m.step_inner(&i);
            stim.observe(&o);
            if let Some((code, _)) = o.res {
                outside += (code == RES_OUTSIDE) as u64;
            }
            let Some(e) = o.ev else { continue };
            let s = stim
                .idx
                .iter_mut()
                .find(|s| s.index == e.index)
                .unwrap_or_else(|| panic!("seed {seed:#x}: event of an unknown index {e:?}"));
            if c <= s.mute_until {
                continue; // an event of the epoch before a restart
            }
            let want = s.expect.pop_front().unwrap_or_else(|| {
                panic!("seed {seed:#x} cycle {c}: message passed twice or never sent: {e:?}")
            });
            assert_eq!(
                e, want,
                "seed {seed:#x} cycle {c} (SB {SB}): wrong or reordered"
            );
            passed += 1;
        }
        for s in &stim.idx {
            if let Some(front) = s.expect.front() {
                assert!(
                    s.active.iter().any(|a| a.msn == front.msn),
                    "seed {seed:#x} (SB {SB}): index {} msn {:#x} fully sent but never passed",
                    s.index,
                    front.msn
                );
            }
        }
        assert_eq!(outside, stim.outside_sent, "seed {seed:#x} (SB {SB})");
        assert_eq!(
            m.queue_len(),
            0,
            "seed {seed:#x} (SB {SB}): drain queue not empty"
        );
        assert!(
            passed > 10_000,
            "seed {seed:#x} (SB {SB}): only {passed} passed"
        );
        eprintln!("SB {SB} seed {seed:#x}: {passed} messages passed in order, {outside} outside");
    }
    for seed in seeds(&[0xb0a7, 0x3e55]) {
        run::<12, 5>(seed);
        run::<6, 3>(seed);
    }
}

fn msg_tracker_step<const IB: usize, const AB: usize, const PB: usize>(
    uut: &mut braid_hdl::MsgTracker<IB, AB, PB>,
    i: &braid_model::msg_tracker::MsgIn,
) -> braid_model::msg_tracker::MsgOut {
    use braid_model::msg_tracker::{MsgEvent, MsgOut};
    let (ii, im) = i.init.unwrap_or((0, 0));
    uut.init_valid.next = i.init.is_some();
    let imask = (1u64 << IB) - 1;
    uut.init_index.next = bits(ii as u64 & imask);
    uut.init_msn.next = bits(im as u64);
    let k = i.pkt.unwrap_or_default();
    uut.pkt_valid.next = i.pkt.is_some();
    uut.pkt_index.next = bits(k.index as u64 & imask);
    uut.pkt_msn.next = bits(k.msn as u64);
    uut.pkt_msg_len.next = bits(k.msg_len as u64);
    uut.pkt_len.next = bits(k.len as u64);
    uut.pkt_kind.next = bits(k.kind as u64 & 3);
    uut.pkt_imm.next = bits(k.imm as u64);
    uut.pkt_solicited.next = k.solicited;
    uut.pkt_tag.next = bits(k.tag as u64);
    uut.drain_hold.next = i.hold;
    clock(uut, |u, c| u.clock.next = Clock::from(c));
    MsgOut {
        res: uut.res_valid.val().then(|| {
            (
                uut.res_code.val().to_u64() as u8,
                uut.res_tag.val().to_u64() as u16,
            )
        }),
        ev: uut.msg_done.val().then(|| MsgEvent {
            index: uut.ev_index.val().to_u64() as u32,
            msn: uut.ev_msn.val().to_u64() as u32,
            kind: uut.ev_kind.val().to_u64() as u8,
            byte_len: uut.ev_byte_len.val().to_u64() as u32,
            imm: uut.ev_imm.val().to_u64() as u32,
            solicited: uut.ev_solicited.val(),
            report: uut.ev_valid.val(),
        }),
        cnt_outside: uut.cnt_outside.val().to_u64() as u32,
    }
}

/// Both exported builds (`msg_tracker`, `msg_tracker_tiny`) against their
/// models, clock by clock.
#[test]
fn msg_tracker_rusthdl_matches_model() {
    use braid_model::msg_tracker::{MsgStim, MsgTrackerModelN};
    fn run<const IB: usize, const AB: usize, const PB: usize, const MIB: u32>(
        name: &str,
        seed: u64,
    ) {
        braid_hdl::MsgTracker::<IB, AB, PB>::check_shape();
        let mut uut = braid_hdl::MsgTracker::<IB, AB, PB>::default();
        uut.connect_all();
        assert!(simulate(&mut uut, 1000));
        let mut model = MsgTrackerModelN::<MIB, 5>::default();
        let mut stim = MsgStim::<MIB, 5>::new(seed);
        for cycle in 0..3_000 {
            let i = stim.next(cycle);
            let want = model.step_inner(&i);
            stim.observe(&want);
            let got = msg_tracker_step(&mut uut, &i);
            assert_eq!(
                want, got,
                "RustHDL {name} differs from the model at cycle {cycle} (seed {seed:#x}), inputs {i:?}"
            );
        }
    }
    for seed in seeds(&[0x5e9d]) {
        run::<12, 17, 13, 12>("msg_tracker", seed);
        run::<6, 11, 7, 6>("msg_tracker_tiny", seed);
    }
}
