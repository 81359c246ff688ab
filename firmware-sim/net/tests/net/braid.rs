//! Braid's transport: SACK loss proof, bad packets, tail-loss probes, the
//! cross-path check, ACK coalescing, and delivery under loss and failures.

use super::*;

/// SACK loss proof at its exact boundary. One connection on one path
/// sends WRITEs of `packets` MTU-sized packets, and the fabric loses
/// exactly the data packets whose PSN is in `lose` (first transmissions
/// only). Returns the sender's statistics and when the WRITE completed.
fn lose_exactly(packets: u32, lose: &'static [u32]) -> (ConnStats, Time) {
    lose_exactly_after(0, packets, lose)
}

/// [`lose_exactly`] after a first WRITE of `warm` packets has completed
/// (its RTT samples in the path's estimator; PSNs count from it), timed
/// from the second WRITE's posting.
fn lose_exactly_after(warm: u32, packets: u32, lose: &'static [u32]) -> (ConnStats, Time) {
    let mut cfg = net_config(Kind::Braid);
    cfg.braid.paths = 1;
    let mtu = cfg.braid.mtu;
    let (mut n, l, r) = two_hosts(cfg);
    let c = n.connect(0, 1, 1);
    n.fabric.set_drop(move |_, p| match &p.payload {
        braid_net::net::Msg::Data(d) => {
            d.flags & braid_spec::wire::braid::Flags::RETX == 0 && lose.contains(&d.psn)
        }
        _ => false,
    });
    let wr = |wr_id, len| write_wr(&l, &r, wr_id, len);
    if warm > 0 {
        n.post_send(c, wr(0, warm * mtu)).unwrap();
        assert!(
            n.run_to_completion(10_000_000_000),
            "the first WRITE completes"
        );
        n.take_completions();
    }
    let t0 = n.now();
    n.post_send(c, wr(1, packets * mtu)).unwrap();
    assert!(n.run_to_completion(10_000_000_000), "the WRITE completes");
    let at = n.take_completions().iter().map(|w| w.at).max().unwrap() - t0;
    assert_eq!(n.fabric.stats().drops.chosen, lose.len() as u64);
    (n.stats(c), at)
}

/// A hole below the highest PSN an ACK's bitvector holds is proof of loss
/// at once: PSN 0 of 2 is lost, PSN 1's ACK (bit 1 set, bit 0 clear)
/// proves it, and it is resent exactly once, with no timeout, long before
/// the minimum RTO. A PSN above the highest set bit is not proven lost by
/// that ACK: a lost last packet is recovered without a SACK proof.
#[test]
fn sack_proves_a_loss_at_the_first_later_packet() {
    let min_rto = NetConfig::new(Kind::Braid).braid.min_rto;
    let (clean, t_clean) = lose_exactly(2, &[]);
    assert_eq!(
        (clean.retransmits, clean.sack_losses, clean.timeouts),
        (0, 0, 0)
    );
    let (s, t) = lose_exactly(2, &[0]);
    assert_eq!(
        (s.retransmits, s.sack_losses, s.timeouts),
        (1, 1, 0),
        "{s:?}"
    );
    assert!(
        t < t_clean + min_rto / 2,
        "resent on the SACK proof, not a timer: {t} ps vs {t_clean} ps lossless"
    );
    // PSN 0 proven by PSN 1's ACK, still missing at PSN 2's: resent once
    let (s, _) = lose_exactly(3, &[0]);
    assert_eq!(
        (s.retransmits, s.sack_losses, s.timeouts),
        (1, 1, 0),
        "{s:?}"
    );
    // PSNs 0 and 2 lost: PSN 0 proven by PSN 1, PSN 2 by the ACK of PSN
    // 0's retransmission (PSN 3)
    let (s, _) = lose_exactly(3, &[0, 2]);
    assert_eq!(
        (s.retransmits, s.sack_losses, s.timeouts),
        (2, 2, 0),
        "{s:?}"
    );
    // the last packet lost: nothing above it, no SACK proof
    let (s, _) = lose_exactly(2, &[1]);
    assert_eq!((s.retransmits, s.sack_losses), (1, 0), "{s:?}");
}

/// A data packet naming a connection the receiver does not have, or a
/// path its connection does not have (one past the last, and the largest
/// path id), is dropped without a trace: nothing written, no NACK, no ACK,
/// no count, and the receiver goes on (SPEC: INVALID_CONNECTION is dropped
/// silently).
#[test]
fn data_for_no_such_connection_or_path_is_dropped() {
    let mut cfg = net_config(Kind::Braid);
    cfg.braid.paths = 2;
    let (mut n, l, r) = two_hosts(cfg);
    let c = n.connect(0, 1, 1);
    n.memory_mut(0)[..100].fill(0xab);
    let first: Rc<RefCell<Option<braid_net::fabric::Packet<braid_net::net::Msg>>>> = Rc::default();
    let replies = Rc::new(RefCell::new(0u32));
    let (f, rp) = (first.clone(), replies.clone());
    n.fabric.set_tap(move |_, p| match &p.payload {
        braid_net::net::Msg::Data(_) => {
            f.borrow_mut().get_or_insert_with(|| p.clone());
        }
        _ => *rp.borrow_mut() += 1,
    });
    let wr = |wr_id, remote| WorkRequest {
        op: WrOp::Write {
            rkey: r.rkey,
            remote,
        },
        ..write_wr(&l, &r, wr_id, 100)
    };
    n.post_send(c, wr(1, 0)).unwrap();
    assert!(
        n.run_to_completion(10_000_000_000),
        "the good WRITE completes"
    );
    assert_eq!(n.memory(1)[..100], [0xab; 100]);
    let good = first.borrow().clone().expect("the WRITE's data packet");
    let (before, replies_before) = (n.stats(c), *replies.borrow());
    assert_eq!(before.rx_packets, 1, "the WRITE's one packet");
    for (conn, path) in [(c + 1, 0u8), (7, 0), (c, 2), (c, 255)] {
        let mut p = good.clone();
        let braid_net::net::Msg::Data(d) = &mut p.payload else {
            unreachable!()
        };
        (d.conn, d.path, d.va) = (conn, path, 4096);
        d.data = Some(vec![0xcd; 100]);
        n.fabric.send(p);
    }
    let quiet = n.now() + 1_000_000_000;
    n.run_until(quiet);
    assert_eq!(n.memory(1)[4096..4196], [0; 100], "nothing written");
    assert_eq!(*replies.borrow(), replies_before, "no ACK or NACK");
    let after = n.stats(c);
    assert_eq!(
        (
            after.rx_packets,
            after.duplicates,
            after.nacked,
            after.acks_sent
        ),
        (
            before.rx_packets,
            before.duplicates,
            before.nacked,
            before.acks_sent
        )
    );
    // and the connection still works
    n.post_send(c, wr(2, 8192)).unwrap();
    assert!(
        n.run_to_completion(20_000_000_000),
        "a later WRITE completes"
    );
    assert_eq!(n.memory(1)[8192..8292], [0xab; 100]);
    assert_eq!(n.stats(c).rx_packets, 2);
}

/// A lost last packet (no later packet on its path to prove it lost) is
/// recovered by the tail-loss probe one probe timeout after it was sent:
/// the path's smoothed RTT plus twice its variation plus 0.5 us, from the
/// RTT samples of an earlier WRITE of 8 packets. The delay over the lossless
/// run is pinned to the picosecond (simulated time), so a change in the
/// RTT estimator or the probe timeout shows here.
#[test]
fn a_lost_last_packet_is_resent_one_probe_timeout_later() {
    let (clean, t_clean) = lose_exactly_after(8, 2, &[]);
    assert_eq!((clean.retransmits, clean.tlp_losses), (0, 0));
    let (s, t) = lose_exactly_after(8, 2, &[9]);
    assert_eq!(
        (s.retransmits, s.tlp_losses, s.sack_losses, s.timeouts),
        (1, 1, 0, 0),
        "{s:?}"
    );
    assert_eq!(
        (t_clean, t - t_clean),
        (2_258_120, 5_717_637),
        "lossless completion and the tail's extra delay, ps"
    );
}

/// A last packet lost twice (its first transmission and the tail probe's
/// retransmission) is recovered by a second tail probe, long before the
/// retransmission timer (`min_rto` 20 us) could fire: no timeout. Counts
/// and the extra delay over the lossless run are pinned (simulated time,
/// to the picosecond).
#[test]
fn a_packet_lost_twice_is_recovered_by_a_second_probe() {
    let (_, t_clean) = lose_exactly_after(8, 2, &[]);
    let mut cfg = net_config(Kind::Braid);
    cfg.braid.paths = 1;
    let mtu = cfg.braid.mtu;
    let (mut n, l, r) = two_hosts(cfg);
    let c = n.connect(0, 1, 1);
    let mut lost = 0;
    n.fabric.set_drop(move |_, p| match &p.payload {
        braid_net::net::Msg::Data(d) if d.csn == 9 && lost < 2 => {
            lost += 1;
            true
        }
        _ => false,
    });
    let wr = |wr_id, len| write_wr(&l, &r, wr_id, len);
    n.post_send(c, wr(0, 8 * mtu)).unwrap();
    assert!(n.run_to_completion(10_000_000_000));
    n.take_completions();
    let t0 = n.now();
    n.post_send(c, wr(1, 2 * mtu)).unwrap();
    assert!(n.run_to_completion(10_000_000_000), "the WRITE completes");
    let t = n.take_completions().iter().map(|w| w.at).max().unwrap() - t0;
    let s = n.stats(c);
    assert_eq!(
        (s.retransmits, s.tlp_losses, s.timeouts, s.sack_losses),
        (2, 2, 0, 0),
        "{s:?}"
    );
    assert_eq!(t - t_clean, 8_609_194, "the extra delay, ps");
}

/// A route dies under a connection that has RTT samples on both of its
/// paths: from then on every packet path 0 sends on its source port is
/// lost. Path 1's ACKs show path 0 has gone quiet (its newest packet sent
/// more than a quarter RTT plus twice the variation before one path 1 had
/// acknowledged), so the cross-path check declares path 0's packets lost
/// and moves the path to a new source port at once, with no timeout; the
/// WRITE lands whole. Counts pinned.
#[test]
fn a_dead_route_is_found_by_the_cross_path_check_and_left() {
    let mut cfg = net_config(Kind::Braid);
    cfg.braid.paths = 2;
    let mtu = cfg.braid.mtu;
    let (mut n, l, r) = two_hosts(cfg);
    let c = n.connect(0, 1, 1);
    let dead = Rc::new(std::cell::Cell::new(false));
    let d2 = dead.clone();
    let mut port: Option<u16> = None;
    n.fabric.set_drop(move |_, p| match &p.payload {
        braid_net::net::Msg::Data(d) if d.path == 0 => {
            d2.get() && *port.get_or_insert(p.sport) == p.sport
        }
        _ => false,
    });
    let wr = |wr_id, len| write_wr(&l, &r, wr_id, len);
    n.post_send(c, wr(0, 16 * mtu)).unwrap();
    assert!(n.run_to_completion(10_000_000_000));
    n.take_completions();
    dead.set(true);
    n.memory_mut(0)[..200 * mtu as usize].fill(0x5a);
    let t0 = n.now();
    n.post_send(c, wr(1, 200 * mtu)).unwrap();
    assert!(n.run_to_completion(20_000_000_000), "the WRITE completes");
    let t = n.take_completions().iter().map(|w| w.at).max().unwrap() - t0;
    assert!(n.memory(1)[..200 * mtu as usize].iter().all(|&b| b == 0x5a));
    let s = n.stats(c);
    assert_eq!(
        (
            s.rack_losses,
            s.tlp_losses,
            s.timeouts,
            s.rehashes,
            s.retransmits
        ),
        (8, 0, 0, 1, 8),
        "{s:?}"
    );
    assert_eq!(t, 23_805_840, "completion, ps after posting");
}

#[test]
fn braid_lossless_is_exact_with_no_retransmission() {
    for seed in 1u64..=6 {
        let o = transfer("braid 0%", seed, fabric(seed), net_config(Kind::Braid));
        let s = o.total();
        assert_eq!(s.retransmits, 0, "{} {s:?}", o.ctx);
        assert_eq!(s.timeouts, 0, "{} {s:?}", o.ctx);
        assert_eq!(s.duplicates, 0, "{} {s:?}", o.ctx);
        assert_eq!(s.data_sent, o.segments, "{} {s:?}", o.ctx);
        assert_eq!(o.fabric.drops, Default::default(), "{}", o.ctx);
    }
}

/// ACK coalescing at its reset value (`ack_coalesce` 1): every data
/// packet is acknowledged, with one ACK each.
#[test]
fn braid_acknowledges_every_packet_at_the_reset_coalescing() {
    let seed = 7;
    let o = transfer("braid acks", seed, fabric(seed), net_config(Kind::Braid));
    let s = o.total();
    assert_eq!(s.data_sent, o.segments, "{} {s:?}", o.ctx);
    assert_eq!(s.acks_sent, s.data_sent, "{} {s:?}", o.ctx);
}

/// ACK coalescing (SPEC 6) with `ack_coalesce` 8: a path is acknowledged
/// at its 8th unacknowledged packet, at once for a packet beyond a hole or
/// a retransmission (ACK_REQ), and otherwise by the ACK timer after its
/// first unacknowledged packet. Delivery stays byte-exact and exactly
/// once; lossless runs need no retransmission and far fewer ACKs than
/// packets; at 1% loss every message still completes.
#[test]
fn braid_coalesced_acks_lossless_and_one_percent() {
    for (seed, loss) in [(51u64, 0.0), (52, 0.0), (53, 0.01), (54, 0.01)] {
        let mut f = fabric(seed);
        f.e2e_loss = loss;
        let mut cfg = net_config(Kind::Braid);
        cfg.braid.ack_coalesce = 8;
        let o = transfer(&format!("braid coalesce 8, {loss}"), seed, f, cfg);
        let s = o.total();
        let ctx = &o.ctx;
        assert!(s.acks_sent > 0, "{ctx} {s:?}");
        if loss == 0.0 {
            assert_eq!((s.retransmits, s.timeouts), (0, 0), "{ctx} {s:?}");
            assert_eq!(s.data_sent, o.segments, "{ctx} {s:?}");
            // one ACK per 8 packets of a path, plus the timer's ACK when
            // a path goes quiet between the sprayer's bursts (4 packets)
            assert!(s.acks_sent * 8 >= s.data_sent, "{ctx} {s:?}");
            assert!(s.acks_sent * 3 < s.data_sent, "{ctx} {s:?}");
        } else {
            assert!(s.retransmits > 0, "{ctx} {s:?}");
            assert!(s.acks_sent * 2 < s.data_sent, "{ctx} {s:?}");
        }
    }
}

/// The ACK timer alone: five one-packet messages (the first edge sizes, 0
/// to 4,096 bytes) over one path with `ack_coalesce` 16 leave the path
/// below the threshold with no ACK_REQ and no hole, so exactly one ACK
/// comes back, from the timer, and the last completion comes after
/// `ack_delay`.
#[test]
fn braid_quiet_path_is_acknowledged_by_the_ack_timer() {
    let seed = 61;
    let mut cfg = net_config(Kind::Braid);
    cfg.braid.paths = 1;
    cfg.braid.ack_coalesce = 16;
    let delay = cfg.braid.ack_delay;
    let o = Workload::new("ack timer", seed, fabric(seed), cfg, &Shape::single(5, 0)).run();
    let s = o.total();
    assert_eq!(s.data_sent, 5, "{} {s:?}", o.ctx);
    assert_eq!(s.acks_sent, 1, "{} {s:?}", o.ctx);
    assert_eq!((s.retransmits, s.timeouts), (0, 0), "{} {s:?}", o.ctx);
    assert!(o.net.now() > delay, "{}: done at {} ps", o.ctx, o.net.now());
}

#[test]
fn braid_one_percent_e2e_loss() {
    for seed in 11u64..=18 {
        let mut f = fabric(seed);
        f.e2e_loss = 0.01;
        let o = transfer("braid e2e 1%", seed, f, net_config(Kind::Braid));
        let s = o.total();
        assert!(o.fabric.drops.e2e > 0, "{} {:?}", o.ctx, o.fabric);
        assert!(s.retransmits > 0, "{} {s:?}", o.ctx);
    }
}

#[test]
fn braid_ten_percent_e2e_loss() {
    for seed in 21u64..=26 {
        let mut f = fabric(seed);
        f.e2e_loss = 0.10;
        let o = transfer("braid e2e 10%", seed, f, net_config(Kind::Braid));
        let s = o.total();
        assert!(
            o.fabric.drops.e2e > o.segments / 20,
            "{} {:?}",
            o.ctx,
            o.fabric
        );
        assert!(s.retransmits >= o.fabric.drops.e2e / 4, "{} {s:?}", o.ctx);
    }
}

#[test]
fn braid_per_hop_loss() {
    for seed in 31u64..=36 {
        let mut f = fabric(seed);
        f.link_loss = LossModel::Bernoulli(0.01);
        let o = transfer("braid hop 1%", seed, f, net_config(Kind::Braid));
        assert!(o.fabric.drops.link > 0, "{} {:?}", o.ctx, o.fabric);
        assert!(o.total().retransmits > 0, "{} {:?}", o.ctx, o.total());
    }
}

#[test]
fn braid_bursty_loss() {
    for seed in 41u64..=46 {
        let mut f = fabric(seed);
        f.link_loss = LossModel::GilbertElliott {
            p_gb: 0.01,
            p_bg: 0.1,
            loss_good: 0.0,
            loss_bad: 0.6,
        };
        let o = transfer("braid Gilbert-Elliott", seed, f, net_config(Kind::Braid));
        assert!(o.fabric.drops.link > 0, "{} {:?}", o.ctx, o.fabric);
        assert!(o.total().retransmits > 0, "{} {:?}", o.ctx, o.total());
    }
}

#[test]
fn braid_link_failure_mid_transfer() {
    for seed in 51u64..=56 {
        // the sender's leaf loses an uplink for good, and the receiver's leaf
        // loses one for a while
        let mut f = fabric(seed);
        f.failures.push(LinkFailure {
            plane: 0,
            leaf: 0,
            spine: 1,
            down: MID,
            up: Time::MAX,
        });
        f.failures.push(LinkFailure {
            plane: 0,
            leaf: 1,
            spine: 2,
            down: MID + 5 * US,
            up: MID + 200 * US,
        });
        let o = transfer("braid link failure", seed, f, net_config(Kind::Braid));
        assert!(o.fabric.drops.link_down > 0, "{} {:?}", o.ctx, o.fabric);
        assert!(o.total().retransmits > 0, "{} {:?}", o.ctx, o.total());
    }
}

#[test]
fn braid_plane_failure_mid_transfer() {
    for (seed, planes) in [(61u64, 2u32), (62, 4), (63, 2), (64, 4), (65, 2), (66, 4)] {
        let mut f = fabric(seed);
        f.planes = planes;
        f.plane_failures.push((1, MID / 2, Time::MAX));
        let o = transfer(
            &format!("braid plane failure ({planes} planes)"),
            seed,
            f,
            net_config(Kind::Braid),
        );
        assert!(o.fabric.drops.link_down > 0, "{} {:?}", o.ctx, o.fabric);
        assert!(o.total().retransmits > 0, "{} {:?}", o.ctx, o.total());
    }
}
