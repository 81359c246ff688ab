//! Packet-level tests of the transport model (`braid_net::net`): crafted
//! packets in, exact ACKs out at the receiver; crafted ACKs in, exact
//! sender state out (congestion window, RTT estimator, retransmission
//! timer, cross-path loss check). Every figure is simulated time, so the
//! tests assert exact values (picoseconds, f64 bit-exact where the model
//! computes in f64).

use braid_net::config::Kind;
use braid_net::fabric::{FabricConfig, Packet, Time};
use braid_net::net::{
    ack_frame_bytes, data_frame_bytes, Ack, ConnId, ConnStats, MemRegion, Msg, Net, NetConfig,
    PathState, WcStatus,
};
use braid_spec::sack::Sack256;
use braid_spec::wire::braid::Opcode;
use std::cell::RefCell;
use std::rc::Rc;

mod common;
use common::{fabric, two_hosts, two_hosts_on, write_wr};

const US: Time = 1_000_000;

fn net_config(kind: Kind) -> NetConfig {
    NetConfig {
        carry_data: true,
        ..NetConfig::new(kind)
    }
}

// ------------------------------------------------------------ receiver

/// One connection of one path between hosts 0 and 1 that has carried one
/// small WRITE; then packets made from that WRITE's data packet (its
/// route, its CSN: duplicates for the dedup window, but every one counts in
/// the path's SACK state) are injected at the sender's NIC, and every ACK
/// the receiver sends is recorded with its time and base PSN.
struct Injector {
    n: Net,
    good: Packet<Msg>,
    acks: Rc<RefCell<Vec<(Time, Ack)>>>,
    /// The path's base after the WRITE: the next PSN expected.
    base: u32,
}

impl Injector {
    fn new(mut cfg: NetConfig) -> Injector {
        cfg.braid.paths = 1;
        let (mut n, l, r) = two_hosts(cfg);
        // a connection before it, so the one under test is not number 0
        n.connect(2, 3, 1);
        let c = n.connect(0, 1, 1);
        assert_eq!(c, 1);
        let first: Rc<RefCell<Option<Packet<Msg>>>> = Rc::default();
        let acks = Rc::new(RefCell::new(Vec::new()));
        let (f, ak) = (first.clone(), acks.clone());
        n.fabric.set_tap(move |t, p| match &p.payload {
            Msg::Data(_) => {
                f.borrow_mut().get_or_insert_with(|| p.clone());
            }
            Msg::Ack(a) => ak.borrow_mut().push((t, (**a).clone())),
            _ => {}
        });
        n.post_send(c, write_wr(&l, &r, 1, 100)).unwrap();
        assert!(n.run_to_completion(10_000_000_000), "the WRITE completes");
        let quiet = n.now() + 1_000_000_000;
        n.run_until(quiet);
        let good = first.borrow().clone().expect("the WRITE's data packet");
        let Msg::Data(d) = &good.payload else {
            unreachable!()
        };
        let base = d.psn + 1;
        acks.borrow_mut().clear();
        Injector {
            n,
            good,
            acks,
            base,
        }
    }

    /// Send a copy of the WRITE's packet with this PSN, floor delta and
    /// flags now; returns the time.
    fn inject(&mut self, psn: u32, floor_delta: u16, flags: u8) -> Time {
        self.inject_stamped(psn, floor_delta, flags, 0, false)
    }

    /// [`Injector::inject`] with a send timestamp `age` ps before now (a
    /// one-way delay that much longer) and the ECN CE mark `ce`.
    fn inject_stamped(
        &mut self,
        psn: u32,
        floor_delta: u16,
        flags: u8,
        age: Time,
        ce: bool,
    ) -> Time {
        let mut p = self.good.clone();
        let now = self.n.now();
        let Msg::Data(d) = &mut p.payload else {
            unreachable!()
        };
        (d.psn, d.floor_delta, d.flags, d.ts) = (psn, floor_delta, flags, now - age);
        p.ce = ce;
        self.n.fabric.send(p);
        now
    }

    /// Run `ps` picoseconds on.
    fn run(&mut self, ps: Time) {
        let t = self.n.now() + ps;
        self.n.run_until(t);
        self.n.fabric.idle_until(t);
    }

    /// `f` of every ACK so far.
    fn ack_fields<T>(&self, f: impl Fn(&Ack) -> T) -> Vec<T> {
        self.acks.borrow().iter().map(|(_, a)| f(a)).collect()
    }

    /// The ACKs' base PSNs so far.
    fn bases(&self) -> Vec<u32> {
        self.ack_fields(|a| a.base)
    }
}

/// The floor rule at its edge (SPEC section 6): a receiver ignores the
/// floor of a packet with `floor_delta` 256 or more and slides its base to
/// the floor of one with `floor_delta` 255. Seen in the ACKs of one path:
/// a packet exactly one window ahead, or 400 PSNs ahead with `floor_delta`
/// 256, is beyond the window (no ACK) and moves nothing, so the next
/// expected PSN is still taken; a packet 301 ahead with `floor_delta` 255
/// moves the base to its floor.
#[test]
fn the_floor_of_a_floor_delta_of_256_is_ignored() {
    let mut x = Injector::new(net_config(Kind::Braid));
    let base = x.base;
    x.inject(base + 256, 256, 0);
    x.run(1_000_000_000);
    x.inject(base + 400, 256, 0);
    x.run(1_000_000_000);
    assert_eq!(x.bases(), [], "beyond the window, floor ignored");
    x.inject(base, 0, 0);
    x.run(1_000_000_000);
    assert_eq!(x.bases(), [base + 1], "the base did not move");
    x.inject(base + 1 + 300, 255, 0);
    x.run(1_000_000_000);
    assert_eq!(
        x.bases(),
        [base + 1, base + 1 + 300 - 255],
        "the base slid to the floor"
    );
}

/// ACK coalescing (SPEC section 6) at `ack_coalesce` 4, clock-exact on
/// one path (every packet's floor at the first PSN, so no floor moves the
/// base): ACK_REQ and a packet beyond a hole are acknowledged at once;
/// a packet below the count arms the ACK timer, which acknowledges it
/// `ack_delay` after it arrived and is not re-armed by later packets while
/// it runs; a packet acknowledged at once arms nothing, so a packet after
/// it gets a full `ack_delay` of its own; the 4th counted packet is
/// acknowledged at once; a packet beyond the window arms nothing.
#[test]
fn ack_coalescing_sends_each_ack_at_its_exact_time() {
    let mut cfg = net_config(Kind::Braid);
    cfg.braid.ack_coalesce = 4;
    let d = 20_000_000; // 20 us, far above the one-way latency
    cfg.braid.ack_delay = d;
    let mut x = Injector::new(cfg);
    let b = x.base;
    let req = braid_spec::wire::braid::Flags::ACK_REQ;
    // ACK_REQ: at once; the latency L of one packet from it
    let t0 = x.inject(b, 0, req);
    x.run(d / 2);
    let l = x.acks.borrow()[0].0 - t0;
    assert!(l < d / 8, "latency {l} ps");
    let at = |x: &Injector| x.acks.borrow().iter().map(|a| a.0).collect::<Vec<_>>();
    assert_eq!((at(&x), x.bases()), (vec![t0 + l], vec![b + 1]));
    // beyond a hole (b + 2 with b + 1 missing): at once
    let t1 = x.inject(b + 2, 2, 0);
    x.run(d / 2);
    assert_eq!(at(&x)[1..], [t1 + l], "beyond a hole");
    // the hole filled: below the count, the timer acknowledges it
    let t2 = x.inject(b + 1, 1, 0);
    x.run(d / 2);
    assert_eq!(at(&x).len(), 2, "no ACK before the timer");
    x.run(d);
    assert_eq!(at(&x)[2..], [t2 + l + d], "the timer's ACK");
    assert_eq!(x.bases()[2], b + 3);
    // a second packet while the timer runs does not re-arm it; one after
    // the timer's ACK arms it again
    let t3 = x.inject(b + 3, 3, 0);
    x.run(d / 2);
    x.inject(b + 4, 4, 0);
    x.run(d / 2 + l + 1);
    let t5 = x.inject(b + 5, 5, 0);
    x.run(2 * d);
    assert_eq!(at(&x)[3..], [t3 + l + d, t5 + l + d], "one timer at a time");
    assert_eq!(x.bases()[3..], [b + 5, b + 6]);
    // an ACK_REQ with no timer running is acknowledged at once and arms
    // none: a packet half a delay later gets a full delay of its own
    let t6 = x.inject(b + 6, 6, req);
    x.run(d / 2);
    let t7 = x.inject(b + 7, 7, 0);
    x.run(2 * d);
    assert_eq!(at(&x)[5..], [t6 + l, t7 + l + d], "a timer of its own");
    assert_eq!(x.bases()[5..], [b + 7, b + 8]);
    // four counted packets: the 4th is acknowledged at once; the timer the
    // first armed then finds nothing to acknowledge
    let t8 = x.inject(b + 8, 8, 0);
    for k in 9..12 {
        x.inject(b + k, k as u16, 0);
    }
    x.run(d / 2);
    let n = at(&x).len();
    assert_eq!(n, 8, "the 4th packet's ACK, before the timer");
    assert!(at(&x)[7] < t8 + l + d / 8);
    assert_eq!(x.bases()[7], b + 12);
    x.run(2 * d);
    assert_eq!(at(&x).len(), 8, "the timer finds nothing");
    // a packet beyond the window counts for nothing and arms nothing
    x.inject(b + 12 + 256, 256, 0);
    x.run(d / 2);
    let t9 = x.inject(b + 12, 12, 0);
    x.run(2 * d);
    assert_eq!(at(&x)[8..], [t9 + l + d], "armed by the counted packet");
}

/// Run to 1/10 of an interval after the receiver's next rate-hint interval
/// begins (host 1's hint timer runs from time 0).
fn next_interval(x: &mut Injector) {
    let iv = x.n.config().hint_interval;
    let t = (x.n.now() / iv + 1) * iv + iv / 10;
    x.n.run_until(t);
}

/// The receiver's rate hint (SPEC section 8) from the one-way delays of
/// the packets it receives, interval by interval: the first packet after a
/// silence sets the base delay; a packet queued `e` longer in the next
/// interval has an excess of `e`, and at the interval's end the hint is cut
/// by `HINT_CUT * e / own_queue_ps`; the base creeps up one engine tick per
/// interval, so the same delay an interval later has an excess one tick
/// less; an interval whose packets have no excess recovers `HINT_RECOVER`;
/// the first packet after an interval with no packets has no excess. Each
/// ACK carries the hint of its time and counts its packet's CE mark.
#[test]
fn the_rate_hint_follows_the_one_way_delay_interval_by_interval() {
    const HINT_CUT: f64 = 0.1; // the model's cut per unit of queue over the threshold
    const HINT_RECOVER: f64 = 0.05; // and its recovery per interval
    let cfg = net_config(Kind::Braid);
    let own = cfg.own_queue_ps.expect("a queue threshold") as f64;
    let tick = 1_000_000_000_000 / braid_spec::regs::CFG_TICK_HZ as Time;
    let mut x = Injector::new(cfg);
    let b = x.base;
    let cap = x.n.host_capacity() as f64;
    let e = 6 * US;
    // (age of the timestamp, CE mark) of one packet in each interval; None:
    // an interval with no packet
    let plan: [Option<(Time, bool)>; 9] = [
        Some((0, false)),
        Some((0, false)),
        Some((e, false)),
        Some((e, false)),
        Some((0, true)),
        Some((0, false)),
        None,
        Some((e, false)),
        Some((0, false)),
    ];
    let mut psn = b;
    for step in plan {
        next_interval(&mut x);
        if let Some((age, ce)) = step {
            x.inject_stamped(psn, 0, 0, age, ce);
            psn += 1;
        }
    }
    x.n.run_until(x.n.now() + 1_000_000);
    assert_eq!(x.n.hint_senders(1), 1);
    let cut = |s: f64, q: Time| (s * (1.0 - (HINT_CUT * q as f64 / own).min(0.5))).max(0.25);
    let up = |s: f64| (s + HINT_RECOVER).min(1.0);
    // the scale each packet's ACK carries. Interval 0's packet finds the
    // base crept up by the silence since the warm-up WRITE, interval 1's
    // resets it; interval 2's excess e cuts at interval 3, interval 3's
    // e - tick at interval 4; interval 4's packet (no delay) resets the
    // base again, and intervals 4 and 5 recover; interval 6 is empty (no
    // change); interval 7's packet follows a silence (no excess), so
    // interval 7 recovers too
    let s3 = cut(1.0, e);
    let s4 = cut(s3, e - tick);
    let scales = [1.0, 1.0, 1.0, s3, s4, up(s4), up(up(s4)), up(up(up(s4)))];
    let want: Vec<(u64, u32)> = scales
        .iter()
        .zip([0, 0, 0, 0, 1, 0, 0, 0])
        .map(|(&s, ce)| ((cap * s) as u64, ce))
        .collect();
    let got = x.ack_fields(|a| (a.rate_hint, a.ecn));
    assert_eq!(got, want, "(rate hint, ECN count) of each ACK");
    assert_eq!(x.n.hint_cuts(1), 2);
}

/// The ECN count of a coalesced ACK (`ack_coalesce` 3) is the number of
/// CE-marked packets it acknowledges.
#[test]
fn a_coalesced_ack_counts_every_ce_mark_it_covers() {
    let mut cfg = net_config(Kind::Braid);
    cfg.braid.ack_coalesce = 3;
    let mut x = Injector::new(cfg);
    let b = x.base;
    for (k, ce) in [true, false, true, true, true, false]
        .into_iter()
        .enumerate()
    {
        x.inject_stamped(b + k as u32, k as u16, 0, 0, ce);
    }
    x.run(10 * US);
    assert_eq!(x.ack_fields(|a| (a.base, a.ecn)), [(b + 3, 2), (b + 6, 2)]);
}

// ------------------------------------------------------------ sender

/// A data packet as the sender sent it.
#[derive(Debug, Clone, Copy)]
struct Sent {
    at: Time,
    path: u8,
    psn: u32,
    csn: u32,
}

/// One connection from host 0 to host 1 whose data packets are all lost on
/// the way (each recorded as sent): the sender hears only the ACKs the test
/// makes and hands it.
struct Sender {
    n: Net,
    c: ConnId,
    l: MemRegion,
    r: MemRegion,
    sent: Rc<RefCell<Vec<Sent>>>,
}

impl Sender {
    fn new(cfg: NetConfig, paths: u8) -> Sender {
        Sender::on_fabric(fabric(1), cfg, paths)
    }

    /// [`Sender::new`] on the fabric `fab`.
    fn on_fabric(fab: FabricConfig, mut cfg: NetConfig, paths: u8) -> Sender {
        cfg.braid.paths = paths;
        let (mut n, l, r) = two_hosts_on(fab, cfg);
        let c = n.connect(0, 1, 1);
        let sent = Rc::new(RefCell::new(Vec::new()));
        let s = sent.clone();
        n.fabric.set_tap(move |at, p| {
            if let Msg::Data(d) = &p.payload {
                s.borrow_mut().push(Sent {
                    at,
                    path: d.path,
                    psn: d.psn,
                    csn: d.csn,
                });
            }
        });
        n.fabric.set_drop(|_, p| matches!(p.payload, Msg::Data(_)));
        Sender { n, c, l, r, sent }
    }

    /// Post a WRITE of `packets` MTU-sized packets now.
    fn post(&mut self, wr_id: u64, packets: u32) {
        let len = packets * self.n.config().braid.mtu;
        let wr = write_wr(&self.l, &self.r, wr_id, len);
        self.n.post_send(self.c, wr).unwrap();
    }

    /// Run to time `t` exactly.
    fn run_to(&mut self, t: Time) {
        self.n.run_until(t);
        self.n.fabric.idle_until(t);
    }

    /// The packets sent on `path` so far, in order.
    fn on(&self, path: u8) -> Vec<Sent> {
        self.sent
            .borrow()
            .iter()
            .filter(|s| s.path == path)
            .copied()
            .collect()
    }

    /// The last packet sent.
    fn last(&self) -> Sent {
        *self.sent.borrow().last().expect("a packet sent")
    }

    fn path(&self, i: usize) -> PathState {
        self.n.path_state(self.c, i)
    }

    fn stats(&self) -> ConnStats {
        self.n.stats(self.c)
    }

    /// An ACK of `path`: cumulative `base`, the SACK bits `sacked`
    /// (offsets from `base`), `ecn` marks, echoing `ts_echo`.
    fn ack(&self, path: u8, base: u32, sacked: &[usize], ecn: u32, ts_echo: Time) -> Ack {
        let mut sack = Sack256::default();
        for &j in sacked {
            sack.set(j, true);
        }
        Ack {
            conn: self.c,
            path,
            base,
            sack,
            csn_base: 0,
            ecn,
            ts_echo,
            rate_hint: 0,
        }
    }

    /// Hand the sender `a` from the receiver now and run until it has
    /// taken it; returns that time.
    fn hand(&mut self, a: Ack) -> Time {
        let sport = self.n.path_ports(self.c)[a.path as usize];
        self.n.fabric.send(Packet {
            src: 1,
            dst: 0,
            sport,
            dport: braid_spec::BRAID_UDP_PORT,
            bytes: ack_frame_bytes(),
            ce: false,
            payload: Msg::Ack(Box::new(a)),
        });
        let before = self.n.fabric.stats().delivered;
        for _ in 0..100_000 {
            assert!(self.n.step(), "the ACK is delivered");
            if self.n.fabric.stats().delivered > before {
                return self.n.now();
            }
        }
        panic!("the ACK was not delivered in 100,000 events");
    }
}

/// The model's RTT estimator, restated: (srtt, rttvar) after sample `r`.
fn rtt_after(srtt: f64, rttvar: f64, r: f64) -> (f64, f64) {
    if srtt == 0.0 {
        (r, r / 2.0)
    } else {
        (
            0.875 * srtt + 0.125 * r,
            0.75 * rttvar + 0.25 * (srtt - r).abs(),
        )
    }
}

/// A Braid path's window from the ACKs it gets (SPEC section 8), checked
/// bit-exact after each ACK on path 0 of two: the RTT estimator from each
/// echo; DCTCP's once-per-window update (alpha = (1 - g) alpha + g marked /
/// acked, a cut of alpha / 2 when anything was marked, none when nothing
/// was, the next window ending at the next PSN to send); additive increase
/// of acked / cwnd on an unmarked ACK only; and the cap of twice the path's
/// share of the receiver's hinted rate over its RTT, kept when a later ACK
/// carries no hint.
#[test]
fn a_paths_window_follows_dctcp_and_the_rate_hint_ack_by_ack() {
    let cfg = net_config(Kind::Braid);
    let (g, init, max) = (cfg.braid.dctcp_g, cfg.braid.init_cwnd, cfg.braid.max_cwnd);
    let pkt_bits = (data_frame_bytes(Opcode::Write, cfg.braid.mtu) + 20) as f64 * 8.0;
    let mut s = Sender::new(cfg, 2);
    s.post(1, 200);
    s.run_to(2 * US);
    let p0 = s.on(0);
    let lo = p0[0].psn;
    let st = s.path(0);
    assert_eq!(p0.len(), init as usize, "the first window");
    assert_eq!(
        (st.lo, st.nxt, st.out, st.cwnd, st.alpha, st.srtt),
        (lo, lo + init as u32, init as u32, init, 0.0, 0.0)
    );
    let (mut cwnd, mut alpha, mut srtt, mut rttvar) = (init, 0.0, 0.0, 0.0);
    // the next PSN path 0 sends, seen just before an ACK is taken
    let nxt_before = |s: &Sender, t: Time| lo + s.on(0).iter().filter(|p| p.at < t).count() as u32;
    // ACK 1 (PSNs lo, lo + 1, unmarked) ends the first DCTCP window (which
    // ends at PSN 0): alpha stays 0, no cut; the window grows by 2 / cwnd
    let t = s.hand(s.ack(0, lo + 2, &[], 0, p0[1].at));
    (srtt, rttvar) = rtt_after(srtt, rttvar, (t - p0[1].at) as f64);
    let end1 = nxt_before(&s, t);
    alpha *= 1.0 - g;
    cwnd = (cwnd + 2.0 / cwnd).min(max);
    let st = s.path(0);
    assert_eq!(
        (st.cwnd, st.alpha, st.srtt, st.rttvar),
        (cwnd, alpha, srtt, rttvar),
        "ACK 1"
    );
    // ACK 2 (two more, one marked) is inside the window: no update, and a
    // marked ACK does not grow the window
    let t = s.hand(s.ack(0, lo + 4, &[], 1, p0[3].at));
    (srtt, rttvar) = rtt_after(srtt, rttvar, (t - p0[3].at) as f64);
    let st = s.path(0);
    assert_eq!(
        (st.cwnd, st.alpha, st.srtt, st.rttvar),
        (cwnd, alpha, srtt, rttvar),
        "ACK 2"
    );
    // ACK 3 reaches the window's end with 3 marked of 4 + (end1 - lo - 4)
    // acknowledged: alpha moves toward that fraction and the window is cut
    let t = s.hand(s.ack(0, end1, &[], 2, p0[7].at));
    (srtt, rttvar) = rtt_after(srtt, rttvar, (t - p0[7].at) as f64);
    let end2 = nxt_before(&s, t);
    let acked = (end1 - lo - 2) as f64;
    alpha = (1.0 - g) * alpha + g * (3.0 / acked);
    cwnd = (cwnd * (1.0 - alpha / 2.0)).max(1.0);
    let st = s.path(0);
    assert_eq!(
        (st.cwnd, st.alpha, st.srtt, st.rttvar),
        (cwnd, alpha, srtt, rttvar),
        "ACK 3"
    );
    assert!(alpha > 0.0 && cwnd < init + 2.0 / init, "cut");
    // ACK 4 ends the next window unmarked, with a rate hint: alpha decays,
    // nothing is cut, the window grows and is then capped at twice the
    // path's share (one of two paths) of the hinted rate over its RTT
    let echo = s.on(0).iter().find(|p| p.psn == end2 - 1).unwrap().at;
    let hint = (0.75 * cwnd * pkt_bits / (srtt / 1e12)) as u64;
    let mut a = s.ack(0, end2, &[], 0, echo);
    a.rate_hint = hint;
    let t = s.hand(a);
    (srtt, rttvar) = rtt_after(srtt, rttvar, (t - echo) as f64);
    let share = |srtt: f64| hint as f64 * srtt / 1e12 / pkt_bits / 2.0;
    alpha *= 1.0 - g;
    cwnd = (cwnd + (end2 - end1) as f64 / cwnd).min(max);
    assert!(
        2.0 * share(srtt) > 4.0 && 2.0 * share(srtt) < cwnd,
        "the cap binds: {} of {cwnd}",
        2.0 * share(srtt)
    );
    cwnd = cwnd.min((2.0 * share(srtt)).max(4.0));
    let st = s.path(0);
    assert_eq!(
        (st.cwnd, st.alpha, st.srtt, st.rttvar),
        (cwnd, alpha, srtt, rttvar),
        "ACK 4"
    );
    // ACK 5 carries no hint: the last one still caps the window
    let echo = s.on(0).iter().find(|p| p.psn == end2).unwrap().at;
    let t = s.hand(s.ack(0, end2 + 1, &[], 0, echo));
    (srtt, rttvar) = rtt_after(srtt, rttvar, (t - echo) as f64);
    cwnd = (cwnd + 1.0 / cwnd)
        .min(max)
        .min((2.0 * share(srtt)).max(4.0));
    let st = s.path(0);
    assert_eq!(
        (st.cwnd, st.alpha, st.srtt, st.rttvar),
        (cwnd, alpha, srtt, rttvar),
        "ACK 5"
    );
    assert_eq!(s.stats().timeouts, 0);
}

/// The retransmission timer of a path whose packets all vanish. Braid's
/// tail probe resends long before it could fire, so it is checked on the
/// selective-repeat baseline, which shares it: armed at the first send for
/// the minimum RTO; at its deadline every outstanding packet is resent in
/// order, the path moves to a new source port and the timer doubles; an
/// ACK that acknowledges nothing keeps the back-off, one that acknowledges
/// a packet ends it.
#[test]
fn the_retransmission_timer_fires_at_its_deadline_and_backs_off() {
    let cfg = net_config(Kind::SelectiveRepeat);
    let (min_rto, window) = (cfg.braid.min_rto, cfg.sr_window);
    let mut s = Sender::new(cfg, 1);
    s.post(1, 200);
    s.run_to(10 * US);
    let first = s.on(0)[0];
    let st = s.path(0);
    let sport0 = st.sport;
    assert_eq!(
        (st.timer_at, s.on(0).len()),
        (Some(first.at + min_rto), window as usize)
    );
    s.run_to(first.at + min_rto - 1);
    assert_eq!(s.stats().timeouts, 0);
    s.run_to(first.at + min_rto);
    let re = s.last();
    let st = s.path(0);
    assert_eq!(
        (re.at, re.csn, st.timeouts, st.out),
        (first.at + min_rto, first.csn, 1, 1),
        "the first lost packet resent at the deadline"
    );
    assert_eq!(st.timer_at, Some(re.at + 2 * min_rto), "the timer doubled");
    assert_eq!((s.stats().timeouts, s.stats().rehashes), (1, 1));
    assert_ne!(st.sport, sport0, "a new route");
    // nothing acknowledged: still backed off
    s.hand(s.ack(0, st.lo, &[], 0, re.at));
    assert_eq!(s.path(0).timeouts, 1);
    // the resent packet acknowledged: the back-off ends
    s.hand(s.ack(0, st.lo + 1, &[], 0, re.at));
    assert_eq!(s.path(0).timeouts, 0);
}

/// The model's reordering allowance of a path in the cross-path check:
/// a quarter of its smoothed RTT plus twice its variation, at least 1 us,
/// or a quarter of the minimum RTO before the path has an RTT sample.
fn allowance(st: &PathState, min_rto: Time) -> Time {
    if st.srtt > 0.0 {
        ((st.srtt / 4.0 + 2.0 * st.rttvar) as Time).max(US)
    } else {
        min_rto / 4
    }
}

/// What a cross-path check case ends in.
struct Quiet {
    stats: ConnStats,
    /// The quiet packet's path after the check.
    path: PathState,
    /// Its source port before.
    sport: u16,
    /// The quiet packet's WRITE completed, when.
    done: Option<Time>,
    /// When the later packet's ACK was taken.
    at: Time,
    /// The quiet packet.
    q: Sent,
    /// Packets sent once the ACK was taken.
    after: Vec<Sent>,
}

/// The cross-path check at an exact gap. Two paths take turns (spray
/// burst 1) with one-packet WRITEs: one for each of `ages`, acknowledged as
/// soon as it is sent with an echo that much older than its send time
/// (negative: newer), an RTT sample for the path it took; then the quiet
/// packet Q, and a packet Z on the other path `gap(allowance of Q's path)`
/// ps after Q. Only Z is acknowledged (with the receiver's CSN base past Q
/// when `covered`).
fn quiet_case(ages: &[i64], gap: impl Fn(Time) -> Time, covered: bool, rehash_after: u32) -> Quiet {
    let mut cfg = net_config(Kind::Braid);
    cfg.braid.spray_burst = 1;
    cfg.braid.rehash_after = rehash_after;
    let min_rto = cfg.braid.min_rto;
    let mut s = Sender::new(cfg, 2);
    s.run_to(20 * US);
    for (k, &age) in ages.iter().enumerate() {
        s.post(10 + k as u64, 1);
        s.run_to(s.n.now() + 1);
        let w = s.last();
        let echo = w.at.checked_add_signed(-age).unwrap();
        s.hand(s.ack(w.path, w.psn + 1, &[], 0, echo));
        assert_eq!(s.n.take_completions().len(), 1, "warm-up WRITE {k}");
    }
    s.run_to(s.n.now() + US);
    let t_q = s.n.now();
    s.post(1, 1);
    s.run_to(t_q);
    let q = s.last();
    assert_eq!(q.at, t_q, "sent when posted");
    let st = s.path(q.path as usize);
    let gap = gap(allowance(&st, min_rto));
    s.run_to(t_q + gap);
    s.post(2, 1);
    s.run_to(t_q + gap);
    let z = s.last();
    assert_eq!(
        (z.at, z.path),
        (t_q + gap, 1 - q.path),
        "Z on the other path, {gap} ps after Q"
    );
    let mut a = s.ack(z.path, z.psn + 1, &[], 0, z.at);
    if covered {
        a.csn_base = q.csn + 1;
    }
    let at = s.hand(a);
    let after = s
        .sent
        .borrow()
        .iter()
        .filter(|p| p.at >= at)
        .copied()
        .collect();
    let done =
        s.n.take_completions()
            .iter()
            .find(|w| w.wr_id == 1 && w.status == WcStatus::Success)
            .map(|w| w.at);
    Quiet {
        stats: s.stats(),
        path: s.path(q.path as usize),
        sport: st.sport,
        done,
        at,
        q,
        after,
    }
}

/// The cross-path check at its exact boundary, on a path with an RTT
/// sample (allowance above its 1 us floor): Z sent exactly the allowance
/// after Q leaves Q outstanding; one picosecond more declares Q lost
/// (resent, counted, its path moved to a new source port, no timeout).
#[test]
fn the_cross_path_check_waits_exactly_its_allowance() {
    let ages = [4 * US as i64, 4 * US as i64];
    let at = quiet_case(&ages, |a| a, false, 1);
    assert!(at.path.srtt > 4e6, "the echo's age is in the sample");
    assert_eq!(
        (at.stats.rack_losses, at.stats.retransmits, at.path.out),
        (0, 0, 1),
        "{:?}",
        at.stats
    );
    let past = quiet_case(&ages, |a| a + 1, false, 1);
    let s = past.stats;
    assert_eq!(
        (
            s.rack_losses,
            s.retransmits,
            s.rehashes,
            s.timeouts,
            s.tlp_losses
        ),
        (1, 1, 1, 0, 0),
        "{s:?}"
    );
    let resent: Vec<(Time, u32)> = past.after.iter().map(|p| (p.at, p.csn)).collect();
    assert_eq!(resent, [(past.at, past.q.csn)], "Q resent at once");
    assert!(past.path.lo > past.q.psn, "Q's PSN resolved");
    assert_ne!(past.path.sport, past.sport, "a new route");
    // with re-hashing off the loss is the same and the route stays
    let kept = quiet_case(&ages, |a| a + 1, false, 0);
    assert_eq!((kept.stats.rack_losses, kept.stats.rehashes), (1, 0));
    assert_eq!(kept.path.sport, kept.sport);
}

/// Below the floor: a path whose RTT sample is short (its echo newer than
/// the send) still allows 1 us. The other path's sample is long, so the
/// tail probe waits longer than the check.
#[test]
fn the_cross_path_allowance_is_at_least_one_microsecond() {
    let ages = [-700_000, 8 * US as i64];
    let at = quiet_case(&ages, |a| a, false, 1);
    assert!(
        at.path.srtt > 0.0 && at.path.srtt / 4.0 + 2.0 * at.path.rttvar < 1e6,
        "the sample is short enough ({} ps)",
        at.path.srtt
    );
    assert_eq!(at.stats.rack_losses, 0, "{:?}", at.stats);
    let past = quiet_case(&ages, |a| a + 1, false, 1);
    assert_eq!(
        (past.stats.rack_losses, past.stats.tlp_losses),
        (1, 0),
        "{:?}",
        past.stats
    );
}

/// A path with no RTT sample allows a quarter of the minimum RTO.
#[test]
fn a_path_without_an_rtt_sample_allows_a_quarter_of_the_minimum_rto() {
    let min_rto = NetConfig::new(Kind::Braid).braid.min_rto;
    // one warm-up WRITE gives the other path a long sample, so the tail
    // probe waits longer than the check
    let at = quiet_case(&[8 * US as i64], |a| a, false, 1);
    assert_eq!((at.path.srtt, at.path.out), (0.0, 1));
    assert_eq!(at.stats.rack_losses, 0, "{:?}", at.stats);
    let past = quiet_case(&[8 * US as i64], |a| a + 1, false, 1);
    assert_eq!(
        (past.stats.rack_losses, past.stats.tlp_losses),
        (1, 0),
        "{:?}",
        past.stats
    );
    assert_eq!(allowance(&at.path, min_rto), min_rto / 4);
}

/// A quiet packet the receiver's CSN base already covers arrived (only its
/// ACK went missing): the cross-path check acknowledges it instead of
/// resending it, its WRITE completes at that ACK, and its route is kept.
#[test]
fn a_quiet_packet_below_the_receivers_csn_base_was_delivered() {
    let q = quiet_case(&[4 * US as i64, 4 * US as i64], |a| a + 1, true, 1);
    let s = q.stats;
    assert_eq!(
        (s.rack_losses, s.retransmits, s.rehashes, q.path.out),
        (0, 0, 0, 0),
        "{s:?}"
    );
    assert_eq!(q.path.sport, q.sport);
    assert_eq!(q.done, Some(q.at), "the quiet WRITE completes at the ACK");
}

/// The baselines' DCQCN (selective repeat): an ACK with an ECN count cuts
/// the sending rate (alpha starts at 1, so the first cut halves it) and
/// the packets it releases are paced at half the line rate; an unmarked
/// ACK releases its packets at line rate.
#[test]
fn a_marked_ack_cuts_the_baselines_rate() {
    // the send times of the 8 packets an ACK of 8 releases
    fn released(ecn: u32) -> Vec<Time> {
        let mut s = Sender::new(net_config(Kind::SelectiveRepeat), 1);
        s.post(1, 200);
        s.run_to(10 * US);
        let p = s.on(0);
        let lo = s.path(0).lo;
        let before = p.len();
        assert_eq!(lo, p[0].psn, "nothing resolved yet");
        s.hand(s.ack(0, lo + 8, &[], ecn, p[7].at));
        s.run_to(s.n.now() + 5 * US);
        let p = s.on(0);
        assert!(
            p.len() >= before + 8,
            "{} sent after the ACK",
            p.len() - before
        );
        p[before..before + 8]
            .windows(2)
            .map(|w| w[1].at - w[0].at)
            .collect()
    }
    let line = released(0);
    let cut = released(1);
    let ser = line[1];
    assert!(line.iter().all(|&g| g == ser), "line rate: {line:?}");
    assert!(
        cut[1..].iter().all(|&g| g == 2 * ser),
        "half rate: {cut:?} (line {ser})"
    );
}

/// The message window (SPEC section 7, 32 messages a stream) opened by an
/// ACK on one plane wakes every plane: two planes, one path on each, 40
/// one-packet WRITEs; 32 leave and the window shuts. An ACK of message 1
/// (on plane 1) opens nothing while message 0 is outstanding; the ACK of
/// message 0 (on plane 0) completes both, and the two messages it lets in
/// leave at once, one on each plane.
#[test]
fn a_message_window_opened_on_one_plane_sends_on_every_plane() {
    let mut cfg = net_config(Kind::Braid);
    cfg.braid.spray_burst = 1;
    cfg.braid.init_cwnd = 32.0;
    let mut fab = fabric(1);
    fab.planes = 2;
    let mut s = Sender::on_fabric(fab, cfg, 2);
    for k in 0..40 {
        s.post(k, 1);
    }
    s.run_to(3 * US);
    assert_eq!(s.sent.borrow().len(), 32, "the message window");
    assert_eq!((s.path(0).plane, s.path(1).plane), (0, 1));
    let (m0, m1) = (s.on(0)[0], s.on(1)[0]);
    assert_eq!((m0.csn, m1.csn), (0, 1));
    s.hand(s.ack(1, m1.psn + 1, &[], 0, m1.at));
    let t = s.n.now();
    s.run_to(t + 200_000);
    assert_eq!(s.sent.borrow().len(), 32, "message 0 holds the window");
    assert_eq!(s.n.take_completions(), []);
    let t = s.hand(s.ack(0, m0.psn + 1, &[], 0, m0.at));
    s.run_to(t + 10_000);
    let released: Vec<(Time, u8)> = s.sent.borrow()[32..]
        .iter()
        .map(|p| (p.at, p.path))
        .collect();
    assert_eq!(
        released,
        [(t, 0), (t, 1)],
        "one message on each plane at once"
    );
    assert_eq!(s.n.take_completions().len(), 2);
}

/// A DCTCP window that ends on an ACK acknowledging nothing new (a
/// duplicate, every packet already acknowledged) counts a marked fraction
/// of 0: alpha decays by 1 - g and the window neither grows nor shrinks.
#[test]
fn a_window_ending_with_nothing_acknowledged_decays_alpha() {
    let cfg = net_config(Kind::Braid);
    let (g, init) = (cfg.braid.dctcp_g, cfg.braid.init_cwnd);
    let mut s = Sender::new(cfg, 1);
    s.post(1, 2);
    s.run_to(US);
    let p = s.on(0);
    assert_eq!(p.len(), 2);
    // both acknowledged, one marked: the first window ends (at PSN 0)
    s.hand(s.ack(0, p[1].psn + 1, &[], 1, p[1].at));
    let alpha = g * 0.5;
    let st = s.path(0);
    assert_eq!(
        (st.out, st.alpha, st.cwnd),
        (0, alpha, init * (1.0 - alpha / 2.0))
    );
    // the same ACK again reaches the next window's end with nothing new
    s.hand(s.ack(0, p[1].psn + 1, &[], 0, p[1].at));
    let st2 = s.path(0);
    assert_eq!((st2.alpha, st2.cwnd), ((1.0 - g) * alpha, st.cwnd));
}

/// An ACK whose echo is not in the past (a bogus timestamp) gives an RTT of
/// 0, which the sender takes as no sample yet: the window grows by acked /
/// cwnd and the rate hint does not cap it (a cap needs an RTT).
#[test]
fn an_echo_from_the_future_is_no_rtt_sample() {
    let cfg = net_config(Kind::Braid);
    let init = cfg.braid.init_cwnd;
    let mut s = Sender::new(cfg, 1);
    s.post(1, 64);
    s.run_to(US);
    let p = s.on(0);
    assert_eq!(p.len(), init as usize);
    s.hand(s.ack(0, p[3].psn + 1, &[], 0, 1_000 * US));
    let st = s.path(0);
    assert_eq!((st.srtt, st.rttvar, st.cwnd), (0.0, 0.0, init + 4.0 / init));
}
