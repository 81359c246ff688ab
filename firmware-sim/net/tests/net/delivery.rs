//! Exactly-once delivery under duplication, reordering, spurious timeouts,
//! many connections and streams, and everything at once; determinism.

use super::*;

#[test]
fn duplicated_packets_count_once() {
    let cases = [
        (Kind::Braid, 0.0),
        (Kind::Braid, 0.01),
        (Kind::Braid, 0.05),
        (Kind::GoBackN, 0.0),
        (Kind::GoBackN, 0.01),
        (Kind::SelectiveRepeat, 0.0),
        (Kind::SelectiveRepeat, 0.01),
    ];
    for (i, &(kind, loss)) in cases.iter().chain(cases.iter()).enumerate() {
        let seed = 101 + i as u64;
        let mut f = fabric(seed);
        f.dup_prob = 0.05;
        f.e2e_loss = loss;
        let o = transfer(
            &format!("{kind:?} dup 5% e2e {loss}"),
            seed,
            f,
            net_config(kind),
        );
        assert!(o.fabric.duplicated > 0, "{} {:?}", o.ctx, o.fabric);
        assert!(o.total().duplicates > 0, "{} {:?}", o.ctx, o.total());
    }
}

/// Data packets of connection `c` that reached the receiver after a packet
/// sent later (seen from the receiver's ACKs, which echo each data packet's
/// send time in arrival order), and all of them.
fn watch_arrival_order(net: &mut Net, c: ConnId) -> Rc<RefCell<(u64, u64)>> {
    let seen = Rc::new(RefCell::new((0u64, 0u64)));
    let s = seen.clone();
    let mut newest: Time = 0;
    net.fabric.set_tap(move |_, p| {
        if let braid_net::net::Msg::Ack(a) = &p.payload {
            if a.conn == c {
                let mut s = s.borrow_mut();
                s.1 += 1;
                if a.ts_echo < newest {
                    s.0 += 1;
                }
                newest = newest.max(a.ts_echo);
            }
        }
    });
    seen
}

#[test]
fn braid_reordered_across_paths_under_cross_traffic() {
    for seed in [111u64, 112, 113] {
        // spine links slower than host ports, so the 16 sprayed paths queue
        // differently; two more senders and reverse traffic
        let mut f = fabric(seed);
        f.fabric_rate_bps = 100_000_000_000;
        let shape = Shape {
            flows: vec![(A, B), (B, A), (1, B), (20, B)],
            msgs: 60,
            bytes: 5 << 20,
        };
        let mut w = Workload::new(
            "braid reorder + cross traffic",
            seed,
            f,
            net_config(Kind::Braid),
            &shape,
        );
        let c = w.conns[0];
        let seen = watch_arrival_order(&mut w.net, c);
        let o = w.run();
        let (late, all) = *seen.borrow();
        assert!(all > 0, "{}", o.ctx);
        assert!(
            late > 0,
            "{} no data packet arrived out of send order ({all} packets)",
            o.ctx
        );
        // nothing is lost (or duplicated) on the way, so any retransmission
        // is spurious and must arrive as exactly one duplicate
        assert_eq!(o.fabric.drops, Default::default(), "{}", o.ctx);
        assert_eq!(o.fabric.sent, o.fabric.delivered, "{}", o.ctx);
        let s = o.total();
        assert_eq!(s.duplicates, s.retransmits, "{} {s:?}", o.ctx);
    }
}

#[test]
fn braid_spurious_timeouts_still_deliver_exactly_once() {
    for (seed, loss) in [(121u64, 0.0), (122, 0.0), (123, 0.02), (124, 0.02)] {
        let mut cfg = net_config(Kind::Braid);
        cfg.braid.min_rto = US / 2;
        let mut f = fabric(seed);
        f.e2e_loss = loss;
        f.fabric_rate_bps = 100_000_000_000; // queues, so RTTs vary
        let shape = Shape {
            flows: vec![(A, B), (1, B), (B, A)],
            msgs: 50,
            bytes: 4 << 20,
        };
        let o = Workload::new(
            &format!("braid min_rto 0.5us e2e {loss}"),
            seed,
            f,
            cfg,
            &shape,
        )
        .run();
        let s = o.total();
        assert!(s.timeouts > 0, "{} {s:?}", o.ctx);
        assert!(s.duplicates > 0, "{} {s:?}", o.ctx);
    }
}

#[test]
fn several_connections_and_streams_under_loss() {
    for (seed, kind) in [
        (131u64, Kind::Braid),
        (132, Kind::GoBackN),
        (133, Kind::SelectiveRepeat),
    ] {
        let mut f = fabric(seed);
        f.e2e_loss = 0.01;
        let mut cfg = net_config(kind);
        cfg.streams = 8;
        let shape = Shape {
            flows: vec![(A, B), (B, A), (2, B), (B, 17), (3, 4)],
            msgs: 60,
            bytes: 4 << 20,
        };
        let o = Workload::new(&format!("{kind:?} 5 conns 8 streams"), seed, f, cfg, &shape).run();
        assert!(o.total().retransmits > 0, "{} {:?}", o.ctx, o.total());
        assert_eq!(o.stats.len(), 5);
    }
}

/// Loss, bursts, duplication, reordering (slow spines, cross traffic) and
/// failures at once, on several connections.
#[test]
fn everything_at_once() {
    for seed in 301u64..=312 {
        let kind = [
            Kind::Braid,
            Kind::Braid,
            Kind::GoBackN,
            Kind::SelectiveRepeat,
        ][seed as usize % 4];
        let mut f = fabric(seed);
        f.e2e_loss = 0.01;
        f.link_loss = LossModel::GilbertElliott {
            p_gb: 0.005,
            p_bg: 0.2,
            loss_good: 0.0,
            loss_bad: 0.5,
        };
        f.dup_prob = 0.02;
        f.fabric_rate_bps = 200_000_000_000;
        f.failures.push(LinkFailure {
            plane: 0,
            leaf: 1,
            spine: (seed % 4) as u32,
            down: MID,
            up: MID + 300 * US,
        });
        if kind == Kind::Braid {
            // the baselines ride one route and cannot leave a dead plane
            f.planes = 2;
            f.plane_failures.push((1, MID, Time::MAX));
        }
        let mut cfg = net_config(kind);
        cfg.streams = 3;
        let shape = Shape {
            flows: vec![(A, B), (B, A), (1, B), (20, 9)],
            msgs: 60,
            bytes: 5 << 20,
        };
        let o = Workload::new(&format!("{kind:?} everything"), seed, f, cfg, &shape).run();
        if kind == Kind::Braid {
            assert!(o.fabric.drops.link_down > 0, "{} {:?}", o.ctx, o.fabric);
        }
        assert!(o.fabric.duplicated > 0, "{} {:?}", o.ctx, o.fabric);
        assert!(o.total().retransmits > 0, "{} {:?}", o.ctx, o.total());
    }
}

#[test]
fn runs_are_deterministic_from_the_seed() {
    let run = || {
        let mut f = fabric(141);
        f.e2e_loss = 0.02;
        f.dup_prob = 0.02;
        let mut w = Workload::new(
            "determinism",
            141,
            f,
            net_config(Kind::Braid),
            &Shape::single(30, 2 << 20),
        );
        w.post_recvs();
        w.post_sends();
        assert!(w.net.run_to_completion(DEADLINE));
        let mut wcs = w.net.take_completions();
        wcs.sort_by_key(|c| (c.at, c.conn, c.stream, c.msn, c.wr_id));
        (wcs, w.net.total_stats(), w.net.fabric.stats(), w.net.now())
    };
    let (a, b) = (run(), run());
    assert_eq!(a, b, "seed 141: two runs differ");
}

/// The fabric's duplication option itself: every packet arrives once or
/// twice, the copy at most one propagation delay after the original,
/// deterministically from the seed.
#[test]
fn fabric_duplicates_packets_deterministically() {
    use braid_net::fabric::{Event, Fabric, Packet};
    let run = |seed: u64, dup: f64| {
        let mut c = fabric(seed);
        c.dup_prob = dup;
        let prop = c.prop_ps;
        let mut f: Fabric<u64> = Fabric::new(c);
        for k in 0..2000u64 {
            f.send(Packet {
                src: A,
                dst: B,
                sport: 1000 + (k % 64) as u16,
                dport: 4791,
                bytes: 1500,
                ce: false,
                payload: k,
            });
        }
        let mut seen: HashMap<u64, Vec<Time>> = HashMap::new();
        while let Some((t, ev)) = f.next_event() {
            if let Event::Deliver(p) = ev {
                seen.entry(p.payload).or_default().push(t);
            }
        }
        for k in 0..2000u64 {
            let ts = &seen[&k];
            assert!(
                ts.len() == 1 || (ts.len() == 2 && ts[1] - ts[0] <= prop),
                "seed {seed}: packet {k} delivered at {ts:?}"
            );
        }
        (
            seen.values().filter(|v| v.len() == 2).count() as u64,
            f.stats(),
        )
    };
    for seed in [201u64, 202] {
        let (twice, st) = run(seed, 0.1);
        assert_eq!(twice, st.duplicated, "seed {seed}");
        assert_eq!(st.delivered, 2000 + st.duplicated, "seed {seed}");
        assert!((120..=280).contains(&twice), "seed {seed}: {twice} copies");
        assert_eq!(run(seed, 0.1).1, st, "seed {seed}: not deterministic");
        let (twice, st) = run(seed, 0.0);
        assert_eq!(
            (twice, st.duplicated, st.delivered),
            (0, 0, 2000),
            "seed {seed}"
        );
    }
}
