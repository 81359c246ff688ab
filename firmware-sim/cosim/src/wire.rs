//! Two Verilated engine tops connected through the fabric simulator.
//!
//! Engine `i` is fabric host `i` (0 and 1). Both engines are clocked
//! together in steps of [`FabricWire::step`] clocks at [`CLOCK_HZ`]; the
//! frames an engine sends during a step enter the fabric at the end of the
//! step, addressed to the other host, with their UDP ports as the ECMP
//! 5-tuple (one Braid path, one UDP source port: one route). The fabric
//! queues, serializes, propagates, marks ECN and loses them as configured
//! (per hop, end to end, link and plane failures); a frame delivered at
//! time `t` enters the receiving engine's MAC queue before the first step
//! that starts at or after `t`. A delivered frame that a switch marked
//! congestion-experienced gets ECN CE in its IPv4 header (checksum
//! updated), so the receiver's ACKs count it.
//!
//! The step bounds the timing error of every frame (`step` clocks, 107 ns
//! with the default 32 at 300 MHz), far below the fabric's round trip.
//!
//! A driver call between steps (a register read or write, a doorbell)
//! clocks its engine alone. The wire keeps the two engines' time equal: its
//! time is the larger of the two engines' clocks since the wire was built,
//! and each step first lets the other engine catch up, so both see the
//! same time pass (a frame sent during a driver call enters the fabric at
//! the end of the next step).

use super::engine::EngineSim;
use braid_net::fabric::{Event, Fabric, FabricConfig, HostId, Packet, Time, PS_PER_SEC};
use std::cell::RefCell;
use std::rc::Rc;

/// The engine's clock: `braid_spec::regs::CFG_TICK_HZ` (one tick per clock).
pub const CLOCK_HZ: u64 = braid_spec::regs::CFG_TICK_HZ;

/// A token no transport uses: the wire's own fabric timer.
const STEP_TOKEN: u64 = u64::MAX - 0x5157;

/// Frames counted by the wire, per direction (index: the sending host).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct WireCounts {
    /// Frames the engine sent into the fabric.
    pub sent: [u64; 2],
    /// Frames the fabric delivered to the other engine.
    pub delivered: [u64; 2],
    /// Of those, delivered with ECN CE.
    pub ce: [u64; 2],
    /// Most beats waiting in an engine's MAC receive queue (index: the
    /// receiving host) at the start of a step: frames the fabric delivered
    /// faster than the engine took them.
    pub max_rx_backlog: [usize; 2],
}

/// Decides what happens to a frame the engine `src` sends; true: it is
/// dropped before entering the fabric (a test's targeted loss).
pub type Filter = Box<dyn FnMut(HostId, &[u8]) -> bool>;

/// Sees every frame an engine sends (the sending host, the frame).
pub type Tap = Box<dyn FnMut(HostId, &[u8])>;

/// Two engines and the fabric between them.
pub struct FabricWire {
    /// The fabric (its statistics, failures, configuration).
    pub fab: Fabric<Vec<u8>>,
    eng: [Rc<RefCell<EngineSim>>; 2],
    /// Clocks per step (at least 1).
    pub step: u64,
    /// Wire time in clocks (see the module's documentation).
    clocks: u64,
    /// Each engine's clock count when the wire was built.
    base: [u64; 2],
    counts: WireCounts,
    /// Called with every frame an engine sends (host, frame), before the
    /// filter.
    pub tap: Option<Tap>,
    /// Targeted loss on top of the fabric's.
    pub filter: Option<Filter>,
    /// Frames the filter dropped, per sending host.
    pub filtered: [u64; 2],
}

/// Picoseconds at the start of clock `c`.
pub fn clock_ps(c: u64) -> Time {
    (c as u128 * PS_PER_SEC as u128 / CLOCK_HZ as u128) as Time
}

impl FabricWire {
    /// Engines `a` (host 0) and `b` (host 1) over a fabric of `cfg`, which
    /// must have exactly 2 hosts.
    pub fn new(
        cfg: FabricConfig,
        a: Rc<RefCell<EngineSim>>,
        b: Rc<RefCell<EngineSim>>,
    ) -> FabricWire {
        assert_eq!(cfg.hosts, 2, "the wire connects two engines");
        let base = [a.borrow().cycles(), b.borrow().cycles()];
        FabricWire {
            base,
            fab: Fabric::new(cfg),
            eng: [a, b],
            step: 32,
            clocks: 0,
            counts: WireCounts::default(),
            tap: None,
            filter: None,
            filtered: [0; 2],
        }
    }

    /// Clocks run so far (of each engine).
    pub fn clocks(&self) -> u64 {
        self.clocks
    }

    /// Frames counted so far.
    pub fn counts(&self) -> WireCounts {
        self.counts
    }

    /// Fabric time now.
    pub fn now(&self) -> Time {
        clock_ps(self.clocks)
    }

    /// Run both engines `n` clocks (rounded up to whole steps).
    pub fn run(&mut self, n: u64) {
        // driver calls since the last step clocked an engine alone: the
        // wire's time is the one further ahead
        self.clocks = self.clocks.max(self.own_clocks(0)).max(self.own_clocks(1));
        let end = self.clocks + n;
        while self.clocks < end {
            self.deliver_due();
            let t = self.clocks + self.step.max(1);
            for i in 0..2 {
                let q = self.eng[i].borrow().rx_backlog();
                self.counts.max_rx_backlog[i] = self.counts.max_rx_backlog[i].max(q);
                let behind = t.saturating_sub(self.own_clocks(i));
                self.eng[i].borrow_mut().run(behind);
            }
            self.clocks = t;
            self.send_out();
        }
    }

    /// Engine `i`'s clocks since the wire was built.
    fn own_clocks(&self, i: usize) -> u64 {
        self.eng[i].borrow().cycles() - self.base[i]
    }

    /// Deliver every fabric event due by now into the engines' MAC queues.
    fn deliver_due(&mut self) {
        let t = self.now();
        if self.fab.next_time().is_none_or(|n| n > t) {
            self.fab.idle_until(t);
            return;
        }
        // a timer at `t` stops the walk there: next_event returns no later
        self.fab.timer(t, 0, STEP_TOKEN);
        while let Some((_, ev)) = self.fab.next_event() {
            match ev {
                Event::Timer { token, .. } if token == STEP_TOKEN => break,
                Event::Timer { .. } => {}
                Event::Deliver(mut p) => {
                    let src = p.src as usize;
                    self.counts.delivered[src] += 1;
                    if p.ce && set_ce(&mut p.payload) {
                        self.counts.ce[src] += 1;
                    }
                    self.eng[p.dst as usize]
                        .borrow_mut()
                        .push_rx_frame(&p.payload);
                }
            }
        }
    }

    /// Hand the frames the engines sent in the last step to the fabric.
    fn send_out(&mut self) {
        self.fab.idle_until(self.now());
        for src in 0..2u32 {
            let frames: Vec<Vec<u8>> = self.eng[src as usize]
                .borrow_mut()
                .tx()
                .frames
                .drain(..)
                .collect();
            for f in frames {
                if let Some(tap) = self.tap.as_mut() {
                    tap(src, &f);
                }
                if let Some(filter) = self.filter.as_mut() {
                    if filter(src, &f) {
                        self.filtered[src as usize] += 1;
                        continue;
                    }
                }
                let (sport, dport) = udp_ports(&f).unwrap_or((0, 0));
                self.counts.sent[src as usize] += 1;
                self.fab.send(Packet {
                    src,
                    dst: 1 - src,
                    sport,
                    dport,
                    // the frame and its FCS
                    bytes: f.len() as u32 + 4,
                    ce: false,
                    payload: f,
                });
            }
        }
    }
}

/// Offset of the IPv4 header: after the Ethernet header and any VLAN tag;
/// `None` when the frame is not IPv4.
fn ip_offset(f: &[u8]) -> Option<usize> {
    let mut k = 12;
    if f.get(k..k + 2)? == [0x81, 0x00] {
        k += 4;
    }
    (f.get(k..k + 2)? == [0x08, 0x00]).then_some(k + 2)
}

/// The UDP source and destination ports of an IPv4/UDP frame.
fn udp_ports(f: &[u8]) -> Option<(u16, u16)> {
    let ip = ip_offset(f)?;
    let ihl = (*f.get(ip)? & 0x0f) as usize * 4;
    if *f.get(ip + 9)? != 17 {
        return None;
    }
    let u = f.get(ip + ihl..ip + ihl + 4)?;
    Some((
        u16::from_be_bytes([u[0], u[1]]),
        u16::from_be_bytes([u[2], u[3]]),
    ))
}

/// Set ECN CE (both ECN bits) in an IPv4 frame and update the header
/// checksum; false when the frame is not IPv4 or was not ECN-capable
/// (a switch marks only ECT packets).
fn set_ce(f: &mut [u8]) -> bool {
    let Some(ip) = ip_offset(f) else {
        return false;
    };
    let ihl = (f[ip] & 0x0f) as usize * 4;
    if f.len() < ip + ihl || ihl < 20 || f[ip + 1] & 0x03 == 0 {
        return false;
    }
    f[ip + 1] |= 0x03;
    f[ip + 10] = 0;
    f[ip + 11] = 0;
    let mut sum: u32 = f[ip..ip + ihl]
        .chunks(2)
        .map(|w| u16::from_be_bytes([w[0], w[1]]) as u32)
        .sum();
    while sum > 0xffff {
        sum = (sum & 0xffff) + (sum >> 16);
    }
    f[ip + 10..ip + 12].copy_from_slice(&(!(sum as u16)).to_be_bytes());
    true
}

/// Two Verilated engines on a [`FabricWire`] as a rig of
/// [`braid_net::faults`]: the fault library's runs and invariants on the
/// RTL. Engine `i` is side `i`; their DMA writes are logged from the rig's
/// creation on.
pub struct WireRig {
    /// The wire.
    pub wire: FabricWire,
    t0: u64,
}

impl WireRig {
    /// Rig `wire`'s engines: DMA logging on, and the fabric's corruption
    /// flips a bit of the frame past its Ethernet header
    /// ([`braid_net::faults::corrupt_frame`]), for the receiving engine's
    /// checks to judge.
    pub fn new(mut wire: FabricWire) -> WireRig {
        for e in &wire.eng {
            e.borrow_mut().log_dma(true);
        }
        wire.fab
            .set_corrupt(|p, w| braid_net::faults::corrupt_frame(&mut p.payload, w));
        let t0 = wire.now();
        WireRig { wire, t0 }
    }
}

/// Two fresh Verilated engines (A and B of [`crate::pair`]) on the fabric
/// of [`crate::bench::fabric`] with the network faults of `plan`, their
/// host DMA reads failing with probability `read_faults` (seeded from
/// `seed`), rigged for [`braid_net::faults::run`].
pub fn fault_pair(
    plan: &braid_net::faults::FaultPlan,
    seed: u64,
    read_faults: f64,
) -> Result<(crate::pair::Side, crate::pair::Side, WireRig), anyhow::Error> {
    use crate::pair::{Side, IP_A, IP_B, MAC_A, MAC_B};
    let a = Side::open(MAC_A, IP_A)?;
    let b = Side::open(MAC_B, IP_B)?;
    for (i, s) in [&a, &b].iter().enumerate() {
        let mut e = s.eng.borrow_mut();
        e.rd.fault_prob = read_faults;
        e.rd.fault_seed = seed ^ ((i as u64 + 1) * 0x5eed);
    }
    let mut fab = crate::bench::fabric(0.0, seed);
    plan.apply(&mut fab);
    let rig = WireRig::new(FabricWire::new(fab, a.eng.clone(), b.eng.clone()));
    Ok((a, b, rig))
}

/// The addresses of [`fault_pair`]'s engines, side 0 and 1.
pub const FAULT_PAIR_ADDR: [([u8; 6], [u8; 4]); 2] = [
    (crate::pair::MAC_A, crate::pair::IP_A),
    (crate::pair::MAC_B, crate::pair::IP_B),
];

impl braid_net::faults::Rig for WireRig {
    fn now(&self) -> Time {
        self.wire.now() - self.t0
    }

    fn run(&mut self, ps: Time) {
        let clocks = (ps as u128 * CLOCK_HZ as u128).div_ceil(PS_PER_SEC as u128) as u64;
        self.wire.run(clocks.max(1));
    }

    fn take_dma_writes(&mut self, side: usize) -> Vec<(u64, u32)> {
        self.wire.eng[side].borrow_mut().take_dma_writes()
    }

    fn fabric_stats(&self) -> braid_net::fabric::Stats {
        self.wire.fab.stats()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_times_are_exact_at_300_mhz() {
        assert_eq!(CLOCK_HZ, 300_000_000);
        assert_eq!(clock_ps(3), 10_000);
        assert_eq!(clock_ps(300_000_000), PS_PER_SEC);
    }

    #[test]
    fn ce_marking_keeps_the_ip_checksum_valid() {
        // Ethernet + IPv4 (ECT(0)) + UDP, checksum filled by the IP sum rule
        let mut f = vec![0u8; 14 + 20 + 8];
        f[12..14].copy_from_slice(&[0x08, 0x00]);
        f[14] = 0x45;
        f[15] = 0x02;
        f[16..18].copy_from_slice(&28u16.to_be_bytes());
        f[22] = 64;
        f[23] = 17;
        f[26..30].copy_from_slice(&[10, 0, 0, 1]);
        f[30..34].copy_from_slice(&[10, 0, 0, 2]);
        f[34..36].copy_from_slice(&0xc001u16.to_be_bytes());
        f[36..38].copy_from_slice(&4791u16.to_be_bytes());
        let check = |f: &[u8]| {
            let mut s: u32 = f[14..34]
                .chunks(2)
                .map(|w| u16::from_be_bytes([w[0], w[1]]) as u32)
                .sum();
            while s > 0xffff {
                s = (s & 0xffff) + (s >> 16);
            }
            s == 0xffff
        };
        assert!(set_ce(&mut f), "ECT frame marked");
        assert_eq!(f[15] & 3, 3);
        assert!(check(&f), "checksum after marking");
        assert_eq!(udp_ports(&f), Some((0xc001, 4791)));
        let mut not_ect = f.clone();
        not_ect[15] = 0;
        assert!(!set_ce(&mut not_ect), "not-ECT frames are not marked");
        assert_eq!(udp_ports(&f[..30]), None, "truncated");
    }
}
