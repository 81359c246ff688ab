//! `sprayer`: its cycle model against the RTL block, in Verilator (every
//! output on every clock, seeded random stimulus biased toward the
//! edges) and in RustHDL's own simulator (a short seeded run).

use crate::common::*;
use braid_model::*;
use braid_tests::{assert_equiv, equiv_cycles, seeds};
use rust_hdl::prelude::*;

#[test]
fn sprayer_matches_model() {
    let n = equiv_cycles();
    for seed in seeds(&[0x5b7a, 0xb0a7]) {
        assert_equiv::<SprayerModel>(seed, n / 2);
    }
}

#[test]
fn sprayer_tiny_matches_model() {
    let n = equiv_cycles();
    for seed in seeds(&[0x71b7, 0x5e1f]) {
        assert_equiv::<SprayerTinyModel>(seed, n / 2);
    }
}

/// The sprayer stimulus reaches every outcome (picked, paced, no path,
/// INIT), picks of one connection at every forwarding distance (1, 2 and
/// 3), Busy refusals (a paced connection picked within two clocks of
/// another operation on it, at distance 2 only, and an unpaced one right
/// after a paced PICK), unpaced picks at distance 1 and 2 and right after
/// an INIT, a mask write and a pick of its connection in the same clock,
/// retransmissions steered off a suspect path and onto one when only
/// suspects are open, every path count, burst ends and restarts, pacing
/// active and inactive, every class of rate write, and `now` wrapping
/// (so the equivalence above covers the edges).
#[test]
fn sprayer_stimulus_covers_the_edges() {
    use braid_model::sprayer::{pick, SprayStim, SprayerModelG};
    fn run<const IDX: usize, const RB: usize>(seed: u64) {
        let mut m = SprayerModelG::<IDX, RB>::default();
        let mut stim = SprayStim::<IDX, RB>::new(seed);
        let (mut ok, mut paced, mut none, mut inits) = (0u64, 0u64, 0u64, 0u64);
        let mut dist = [0u64; 4];
        let (mut busy_n, mut d1_unpaced) = (0u64, 0u64);
        let (mut same_clock, mut steered, mut only_suspects) = (0u64, 0u64, 0u64);
        let mut nm1 = [0u64; 16];
        let (mut adv, mut cont, mut restart) = (0u64, 0u64, 0u64);
        let (mut rate_off, mut rate_on, mut paced_ok, mut wraps) = (0u64, 0u64, 0u64, 0u64);
        let mut last: Vec<Option<u32>> = vec![None; 4];
        let mut recent: [Option<(u32, bool)>; 2] = [None; 2];
        let (mut busy_d2, mut busy_unpaced, mut near_unpaced, mut init_fwd) =
            (0u64, 0u64, 0u64, 0u64);
        let mut last_init: [Option<u32>; 2] = [None; 2];
        let mut prev_now = 0u32;
        let mask = (1u32 << IDX) - 1;
        for c in 0..60_000 {
            let i = stim.next(c);
            wraps += (i.now < prev_now && prev_now - i.now > 1 << 31) as u64;
            prev_now = i.now;
            if let Some(r) = i.rate {
                if SprayerModelG::<IDX, RB>::inc_for(r.hint, i.port_hint) == 0 {
                    rate_off += 1;
                } else {
                    rate_on += 1;
                }
            }
            let before = i.op.map(|op| {
                let mut s = *m.conn(op.conn);
                if let Some(w) = i.mask.filter(|w| w.conn == op.conn) {
                    same_clock += 1;
                    s.open = (s.open & !w.open_en) | (w.open_val & w.open_en);
                    s.susp = (s.susp & !w.susp_en) | (w.susp_val & w.susp_en);
                }
                if let Some(r) = i.rate.filter(|r| r.conn == op.conn) {
                    s.inc = SprayerModelG::<IDX, RB>::inc_for(r.hint, i.port_hint);
                }
                // last[k]: the operation k + 1 clocks before
                for (k, l) in last.iter().enumerate().take(3) {
                    if *l == Some(op.conn & mask) {
                        dist[k + 1] += 1;
                        break;
                    }
                }
                let conn = op.conn & mask;
                let near: Vec<(usize, bool)> = recent
                    .iter()
                    .enumerate()
                    .filter_map(|(k, r)| r.filter(|r| r.0 == conn).map(|r| (k, r.1)))
                    .collect();
                let busy = !op.init && near.iter().any(|&(_, pp)| s.inc != 0 || pp);
                if busy {
                    busy_d2 += near.iter().all(|&(k, _)| k == 1) as u64;
                    busy_unpaced += (s.inc == 0) as u64;
                } else if !op.init && !near.is_empty() {
                    near_unpaced += 1;
                }
                (s, busy)
            });
            last.rotate_right(1);
            last[0] = i.op.map(|op| op.conn & mask);
            if let (Some(op), Some((s, false))) = (i.op, before) {
                // an unpaced PICK within two clocks after an INIT of its
                // connection (the INIT's pacer is forwarded)
                init_fwd +=
                    (!op.init && s.inc == 0 && last_init.contains(&Some(op.conn & mask))) as u64;
            }
            let o = m.step(&i);
            recent[1] = recent[0];
            recent[0] =
                i.op.map(|op| (op.conn & mask, !op.init && m.conn(op.conn).inc != 0));
            last_init[1] = last_init[0];
            last_init[0] = i.op.filter(|op| op.init).map(|op| op.conn & mask);
            if let (Some(op), Some((s, busy))) = (i.op, before) {
                if op.init {
                    nm1[op.paths_m1 as usize & 15] += 1;
                } else if busy {
                    // a paced connection's PICK right after another
                    // operation on it: refused, nothing changes
                    busy_n += 1;
                    assert_eq!(*m.conn(op.conn), s, "busy: the state is unchanged");
                } else {
                    d1_unpaced += (last[1] == Some(op.conn & mask)) as u64;
                    let cand = s.open & ((2u32 << (s.n_m1 & 15)) - 1) as u16;
                    let after = *m.conn(op.conn);
                    let mut t = s;
                    let (picked, ..) = pick(&mut t, op.retx, op.bytes, i.now, i.spray_burst);
                    assert_eq!(t, after, "the model's state is pick() applied in order");
                    if picked && op.retx && cand & s.susp != 0 {
                        if cand & !s.susp != 0 {
                            steered += 1;
                        } else {
                            only_suspects += 1;
                        }
                    }
                    if after.next_path != s.next_path || after.burst != s.burst {
                        if after.burst == 0 {
                            adv += 1;
                        } else if after.burst == 1 {
                            restart += 1;
                        } else {
                            cont += 1;
                        }
                    }
                    if s.inc != 0 && after.pacer != s.pacer {
                        paced_ok += 1;
                    }
                }
            }
            if o.valid {
                ok += o.ok as u64;
                paced += o.paced as u64;
                none += o.no_path as u64;
                inits += o.init as u64;
            }
        }
        eprintln!(
            "IDX {IDX}: ok {ok} paced {paced} no-path {none} inits {inits}; distances {dist:?}; \
             same-clock mask {same_clock}; retx steered {steered}, onto suspects {only_suspects}; \
             n_m1 {nm1:?}; advance {adv} continue {cont} restart {restart}; rates on {rate_on} \
             off {rate_off}; paced picks {paced_ok}; now wraps {wraps}; busy {busy_n}, \
             unpaced at distance 1 {d1_unpaced}; busy at distance 2 only {busy_d2}, busy unpaced \
             (after a paced PICK) {busy_unpaced}, picked within 2 clocks of another operation \
             {near_unpaced}, unpaced after INIT {init_fwd}"
        );
        assert!(ok > 10_000 && paced > 3_000 && none > 1_000 && inits > 100);
        assert!(dist[1] > 5_000 && dist[2] > 1_000 && dist[3] > 500);
        assert!(busy_n > 1_000 && d1_unpaced > 1_000);
        assert!(busy_d2 > 100 && busy_unpaced > 0 && near_unpaced > 1_000 && init_fwd > 0);
        assert!(same_clock > 5_000 && steered > 300 && only_suspects > 100);
        assert!(nm1.iter().all(|&n| n > 0));
        assert!(adv > 1_000 && cont > 1_000 && restart > 1_000);
        assert!(rate_on > 200 && rate_off > 200 && paced_ok > 1_000 && wraps > 0);
    }
    run::<10, 12>(0x5b7a);
    run::<4, 8>(0x71b7);
}

fn sprayer_step(
    uut: &mut braid_hdl::SprayerTiny,
    i: &braid_model::sprayer::SprayIn,
) -> braid_model::sprayer::SprayOut {
    let op = i.op.unwrap_or_default();
    uut.op_valid.next = i.op.is_some();
    uut.op_init.next = op.init;
    uut.op_conn.next = bits(op.conn as u64 & 15);
    uut.op_retx.next = op.retx;
    uut.op_bytes.next = bits(op.bytes as u64 & 0x3fff);
    uut.op_paths_m1.next = bits(op.paths_m1 as u64 & 15);
    uut.op_tag.next = bits(op.tag as u64);
    uut.now.next = bits(i.now as u64);
    uut.cfg_spray_burst.next = bits(i.spray_burst as u64);
    let m = i.mask.unwrap_or_default();
    uut.mk_valid.next = i.mask.is_some();
    uut.mk_conn.next = bits(m.conn as u64 & 15);
    uut.mk_open_en.next = bits(m.open_en as u64);
    uut.mk_open_val.next = bits(m.open_val as u64);
    uut.mk_susp_en.next = bits(m.susp_en as u64);
    uut.mk_susp_val.next = bits(m.susp_val as u64);
    let r = i.rate.unwrap_or_default();
    uut.rt_valid.next = i.rate.is_some();
    uut.rt_conn.next = bits(r.conn as u64 & 15);
    uut.rt_hint.next = bits(r.hint as u64);
    uut.cfg_port_hint.next = bits(i.port_hint as u64);
    clock(uut, |u, c| u.clock.next = Clock::from(c));
    braid_model::sprayer::SprayOut {
        valid: uut.res_valid.val(),
        init: uut.res_init.val(),
        conn: uut.res_conn.val().to_u64() as u32,
        tag: uut.res_tag.val().to_u64() as u16,
        retx: uut.res_retx.val(),
        ok: uut.res_ok.val(),
        paced: uut.res_paced.val(),
        no_path: uut.res_no_path.val(),
        path: uut.res_path.val().to_u64() as u8,
        next_path: uut.res_next_path.val().to_u64() as u8,
        burst: uut.res_burst.val().to_u64() as u8,
        ready_at: uut.res_ready_at.val().to_u64() as u32,
    }
}

/// The tiny sprayer (same RustHDL source as the full one) in RustHDL's
/// simulator: the one-bit mask RAMs, the rate ROM, the `RAM` widget's
/// read-during-write and the state loop's forwarding.
#[test]
fn sprayer_rusthdl_matches_model() {
    use braid_model::sprayer::SprayStim;
    use braid_model::SprayerTinyModel;
    for seed in seeds(&[0x71b7]) {
        let mut uut = braid_hdl::SprayerTiny::default();
        uut.connect_all();
        assert!(simulate(&mut uut, 1000));
        let mut model = SprayerTinyModel::default();
        let mut stim = SprayStim::<4, 8>::new(seed);
        let n = 3_000;
        let t = std::time::Instant::now();
        for cycle in 0..n {
            let i = stim.next(cycle);
            let want = model.step(&i);
            let got = sprayer_step(&mut uut, &i);
            assert_eq!(
                want, got,
                "RustHDL sprayer differs from the model at cycle {cycle} (seed {seed:#x}), inputs {i:?}"
            );
        }
        eprintln!(
            "sprayer_tiny (RustHDL simulator): {n} cycles equal, {:.0} cycles/s",
            n as f64 / t.elapsed().as_secs_f64()
        );
    }
}
