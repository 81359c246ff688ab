//! Cycle-exact model of `dr_arb` (`hdl/rtl/src/dr_arb.rs`): three DMA read
//! request streams merged into one (round robin per request, bad requests
//! refused and counted), responses routed back by an in-order FIFO of
//! client ids.

use super::{get_u64, put_u64, CycleModel, Stimulus};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::VecDeque;

/// FIFO depth of the exported arbiter (`braid_hdl::dr_arb::DR_ARB_DEPTH`).
pub const DR_ARB_DEPTH: usize = 32;

/// Largest DMA read (and the boundary it may not cross).
pub const DR_MAX_LEN: u64 = 4096;

/// One DMA read request.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RdReq {
    /// First byte.
    pub addr: u64,
    /// Length in bytes (13 bits).
    pub len: u16,
    /// The client's tag.
    pub tag: u8,
}

impl RdReq {
    /// The PCIe rule: 1..=4096 bytes, not crossing a 4 KiB boundary.
    pub fn is_bad(&self) -> bool {
        self.len == 0 || (self.addr & (DR_MAX_LEN - 1)) + self.len as u64 > DR_MAX_LEN
    }
}

/// One DMA read response beat.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RsBeat {
    /// Data, the requested bytes packed from lane 0.
    pub data: [u8; 64],
    /// The request's tag.
    pub tag: u8,
    /// Last beat of the response.
    pub last: bool,
    /// The host refused the read.
    pub err: bool,
}

impl Default for RsBeat {
    fn default() -> Self {
        RsBeat {
            data: [0; 64],
            tag: 0,
            last: false,
            err: false,
        }
    }
}

/// One clock's inputs.
#[derive(Debug, Clone, Copy, Default)]
pub struct DrArbIn {
    /// Offered requests of clients a, b, c.
    pub rd: [Option<RdReq>; 3],
    /// `X_rs_ready` of clients a, b, c.
    pub rs_ready: [bool; 3],
    /// The host takes a request.
    pub m_rd_ready: bool,
    /// The host's offered response beat.
    pub m_rs: Option<RsBeat>,
}

/// Outputs (after an edge, for that clock's inputs).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DrArbOut {
    /// `X_rd_ready`.
    pub rd_ready: [bool; 3],
    /// `X_rd_bad`: a request of X was refused at the last edge.
    pub rd_bad: [bool; 3],
    /// `X_rs_valid`.
    pub rs_valid: [bool; 3],
    /// The shared response fields (the host's, passed through).
    pub rs: RsBeat,
    /// The request shown to the host.
    pub m_rd: Option<RdReq>,
    /// `m_rs_ready`.
    pub m_rs_ready: bool,
    /// Refused requests.
    pub bad_count: u16,
    /// Requests taken and not answered to their last beat.
    pub outstanding: u8,
}

/// Cycle-exact model with `D` outstanding requests.
#[derive(Debug, Clone)]
pub struct DrArbModelN<const D: usize> {
    o: Option<RdReq>,
    s: Option<RdReq>,
    last_src: usize,
    q: VecDeque<usize>,
    bad: [bool; 3],
    n_bad: u16,
}

impl<const D: usize> Default for DrArbModelN<D> {
    fn default() -> Self {
        DrArbModelN {
            o: None,
            s: None,
            last_src: 0,
            q: VecDeque::new(),
            bad: [false; 3],
            n_bad: 0,
        }
    }
}

/// The exported arbiter's model.
pub type DrArbModel = DrArbModelN<DR_ARB_DEPTH>;

impl<const D: usize> DrArbModelN<D> {
    /// The client chosen for these offers.
    fn sel(&self, v: [bool; 3]) -> usize {
        let order = match self.last_src {
            0 => [1, 2, 0],
            1 => [2, 0, 1],
            _ => [0, 1, 2],
        };
        order.into_iter().find(|&k| v[k]).unwrap_or(order[2])
    }

    fn full(&self) -> bool {
        self.q.len() == D
    }

    /// The outputs the block shows now (before the next edge) for inputs
    /// `i`: the combinational readies and response routing plus the
    /// registered fields.
    pub fn comb(&self, i: &DrArbIn) -> DrArbOut {
        let sel = self.sel(i.rd.map(|r| r.is_some()));
        let free = self.s.is_none() && !self.full();
        let head = self.q.front().copied();
        let h = head.unwrap_or(0);
        let m_rs_ready = head.is_some() && i.rs_ready[h];
        let mut rs_valid = [false; 3];
        if head.is_some() && i.m_rs.is_some() {
            rs_valid[h] = true;
        }
        DrArbOut {
            rd_ready: [0, 1, 2].map(|k| free && sel == k),
            rd_bad: self.bad,
            rs_valid,
            rs: i.m_rs.unwrap_or_default(),
            m_rd: self.o,
            m_rs_ready,
            bad_count: self.n_bad,
            outstanding: self.q.len() as u8,
        }
    }
}

impl<const D: usize> CycleModel for DrArbModelN<D> {
    const MODULE: &'static str = "dr_arb";
    const INPUTS: &'static [&'static str] = &[
        "a_rd_valid",
        "a_rd_addr",
        "a_rd_len",
        "a_rd_tag",
        "a_rs_ready",
        "b_rd_valid",
        "b_rd_addr",
        "b_rd_len",
        "b_rd_tag",
        "b_rs_ready",
        "c_rd_valid",
        "c_rd_addr",
        "c_rd_len",
        "c_rd_tag",
        "c_rs_ready",
        "m_rd_ready",
        "m_rs_valid",
        "m_rs_data",
        "m_rs_tag",
        "m_rs_last",
        "m_rs_err",
    ];
    const OUTPUTS: &'static [&'static str] = &[
        "a_rd_ready",
        "b_rd_ready",
        "c_rd_ready",
        "a_rd_bad",
        "b_rd_bad",
        "c_rd_bad",
        "a_rs_valid",
        "b_rs_valid",
        "c_rs_valid",
        "rs_data",
        "rs_tag",
        "rs_last",
        "rs_err",
        "m_rd_valid",
        "m_rd_addr",
        "m_rd_len",
        "m_rd_tag",
        "m_rs_ready",
        "bad_count",
        "outstanding",
    ];
    type In = DrArbIn;
    type Out = DrArbOut;
    type Stim = DrArbStim;

    fn step(&mut self, i: &DrArbIn) -> DrArbOut {
        let sel = self.sel(i.rd.map(|r| r.is_some()));
        let taken = if self.s.is_none() && !self.full() {
            i.rd[sel]
        } else {
            None
        };
        // response side (before the edge)
        let pop = match (self.q.front(), i.m_rs) {
            (Some(&h), Some(b)) => i.rs_ready[h] && b.last,
            _ => false,
        };
        self.bad = [false; 3];
        let mut good = None;
        if let Some(r) = taken {
            self.last_src = sel;
            if r.is_bad() {
                self.bad[sel] = true;
                self.n_bad = self.n_bad.wrapping_add(1);
            } else {
                good = Some(r);
            }
        }
        if self.o.is_some() && !i.m_rd_ready {
            if good.is_some() {
                self.s = good;
            }
        } else if self.s.is_some() {
            self.o = self.s.take();
        } else {
            self.o = good;
        }
        if pop {
            self.q.pop_front();
        }
        if good.is_some() {
            self.q.push_back(sel);
        }
        self.comb(i)
    }

    fn encode(i: &DrArbIn, p: &mut [Vec<u32>]) {
        for k in 0..3 {
            if let Some(r) = i.rd[k] {
                put_u64(&mut p[5 * k], 1);
                put_u64(&mut p[5 * k + 1], r.addr);
                put_u64(&mut p[5 * k + 2], r.len as u64 & 0x1fff);
                put_u64(&mut p[5 * k + 3], r.tag as u64);
            }
            put_u64(&mut p[5 * k + 4], i.rs_ready[k] as u64);
        }
        put_u64(&mut p[15], i.m_rd_ready as u64);
        if let Some(b) = i.m_rs {
            put_u64(&mut p[16], 1);
            for (j, w) in p[17].iter_mut().enumerate() {
                *w = u32::from_le_bytes(b.data[4 * j..4 * j + 4].try_into().unwrap());
            }
            put_u64(&mut p[18], b.tag as u64);
            put_u64(&mut p[19], b.last as u64);
            put_u64(&mut p[20], b.err as u64);
        }
    }

    fn decode(p: &[Vec<u32>]) -> DrArbOut {
        let bit = |k: usize| get_u64(&p[k]) & 1 == 1;
        let mut data = [0u8; 64];
        for (j, w) in p[9].iter().enumerate() {
            data[4 * j..4 * j + 4].copy_from_slice(&w.to_le_bytes());
        }
        DrArbOut {
            rd_ready: [bit(0), bit(1), bit(2)],
            rd_bad: [bit(3), bit(4), bit(5)],
            rs_valid: [bit(6), bit(7), bit(8)],
            rs: RsBeat {
                data,
                tag: get_u64(&p[10]) as u8,
                last: bit(11),
                err: bit(12),
            },
            m_rd: bit(13).then(|| RdReq {
                addr: get_u64(&p[14]),
                len: get_u64(&p[15]) as u16,
                tag: get_u64(&p[16]) as u8,
            }),
            m_rs_ready: bit(17),
            bad_count: get_u64(&p[18]) as u16,
            outstanding: get_u64(&p[19]) as u8,
        }
    }
}

/// The byte the test host holds at address `x`.
pub fn host_byte(x: u64) -> u8 {
    (x.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 56) as u8
}

/// Whether the test host refuses a read (IOMMU error), a fixed function of
/// the request so clients can predict it.
pub fn host_refuses(r: &RdReq) -> bool {
    ((r.addr >> 6) ^ r.len as u64 ^ r.tag as u64).is_multiple_of(37)
}

/// The beats the test host answers a good request with.
pub fn host_beats(r: &RdReq) -> Vec<RsBeat> {
    let n = (r.len as usize).div_ceil(64);
    let err = host_refuses(r);
    (0..n)
        .map(|k| {
            let mut data = [0u8; 64];
            for (lane, d) in data.iter_mut().enumerate() {
                let off = 64 * k + lane;
                if off < r.len as usize {
                    *d = host_byte(r.addr + off as u64);
                }
            }
            RsBeat {
                data,
                tag: r.tag,
                last: k + 1 == n,
                err,
            }
        })
        .collect()
}

/// Statistics of a stimulus run (what the behaviour test checks).
#[derive(Debug, Clone, Copy, Default)]
pub struct DrStats {
    /// Requests taken per client.
    pub taken: [u64; 3],
    /// Requests a client sent that break the rule (it knows them).
    pub bad_sent: u64,
    /// Response beats each client received and checked.
    pub beats: [u64; 3],
    /// Responses (last beats) each client received.
    pub responses: [u64; 3],
    /// Beats that differed from what the client expected (must stay 0).
    pub wrong: u64,
    /// Requests the host saw that were bad or not what a client asked
    /// (must stay 0).
    pub host_wrong: u64,
}

#[derive(Debug)]
struct Client {
    id: usize,
    offered: Option<RdReq>,
    /// Good requests taken, beats still expected, in order.
    expect: VecDeque<RsBeat>,
    outstanding: usize,
    max_outstanding: usize,
    next_tag: u8,
    seq: u64,
}

impl Client {
    fn make(&mut self, rng: &mut ChaCha8Rng, bad_rate: f64) -> RdReq {
        self.seq += 1;
        let base = ((self.id as u64 + 1) << 44) | (self.seq << 12) & 0xfff_ffff_f000;
        let tag = self.next_tag;
        self.next_tag = self.next_tag.wrapping_add(1);
        let (off, len) = if rng.gen_bool(bad_rate) {
            match rng.gen_range(0..3) {
                0 => (rng.gen_range(0..4096), 0),
                1 => (rng.gen_range(0..4096), rng.gen_range(4097..8192)),
                _ => {
                    let off = rng.gen_range(1..4096u64);
                    (off, rng.gen_range(4097 - off..=4096))
                }
            }
        } else {
            match self.id {
                // WQEs: 1 to 8 of 64 bytes, aligned
                0 => {
                    let n = rng.gen_range(1..=8u64);
                    (64 * rng.gen_range(0..=64 - n), 64 * n)
                }
                // receive entries: 16-byte multiples
                1 => {
                    let n = rng.gen_range(1..=16u64);
                    (16 * rng.gen_range(0..=256 - n), 16 * n)
                }
                // payload: any bytes, up to a boundary, sometimes exactly 4 KiB
                _ => {
                    if rng.gen_bool(0.05) {
                        (0, 4096)
                    } else {
                        let off = rng.gen_range(0..4096u64);
                        let max = (4096 - off).min(if rng.gen_bool(0.3) { 4096 } else { 300 });
                        (off, rng.gen_range(1..=max))
                    }
                }
            }
        };
        RdReq {
            addr: base | off,
            len: len as u16,
            tag,
        }
    }
}

/// In-order test host with random latency.
#[derive(Debug, Default)]
struct Host {
    /// Requests received, with the clock they may start answering.
    pending: VecDeque<(u64, RdReq)>,
    beats: VecDeque<RsBeat>,
    offered: Option<RsBeat>,
}

/// Seeded stimulus: three clients with credits (each keeps at most a few
/// requests in flight and takes every beat it asked for, with short
/// random `rs_ready` drops the arbiter must obey), some bad requests of
/// every kind, and a test host that answers in order after a random
/// latency, with request back-pressure and response gaps. Phases: full
/// load with short latency, full load with long latency (the FIFO fills),
/// light load, bad-request storm. The stimulus tracks the block with a
/// private model and checks every beat each client receives.
#[derive(Debug)]
pub struct DrArbStim {
    rng: ChaCha8Rng,
    clients: [Client; 3],
    host: Host,
    model: DrArbModel,
    rd_stall: u32,
    /// What the run saw.
    pub stats: DrStats,
}

impl DrArbStim {
    /// The private model (the block's state before the next clock).
    pub fn model(&self) -> &DrArbModel {
        &self.model
    }
}

impl Stimulus for DrArbStim {
    type In = DrArbIn;
    type Out = DrArbOut;

    fn new(seed: u64) -> Self {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let clients = [0, 1, 2].map(|id| Client {
            id,
            offered: None,
            expect: VecDeque::new(),
            outstanding: 0,
            max_outstanding: 0,
            next_tag: rng.gen(),
            seq: 0,
        });
        DrArbStim {
            rng,
            clients,
            host: Host::default(),
            model: DrArbModel::default(),
            rd_stall: 0,
            stats: DrStats::default(),
        }
    }

    fn next(&mut self, cycle: u64) -> DrArbIn {
        let phase = (cycle / 3000) % 4;
        let (load, lat, bad_rate, credits) = match phase {
            0 => (0.9, 5..40u64, 0.02, 12),
            1 => (0.9, 150..400, 0.02, 16),
            // light load, then quiet: the client-id FIFO drains to empty
            2 if cycle % 3000 < 1500 => (0.15, 5..60, 0.02, 4),
            2 => (0.0, 5..60, 0.02, 4),
            _ => (0.6, 5..80, 0.3, 8),
        };
        let rng = &mut self.rng;
        let mut i = DrArbIn::default();
        for (k, c) in self.clients.iter_mut().enumerate() {
            c.max_outstanding = credits;
            if c.offered.is_none() && c.outstanding < c.max_outstanding && rng.gen_bool(load) {
                c.offered = Some(c.make(rng, bad_rate));
            }
            i.rd[k] = c.offered;
            i.rs_ready[k] = !rng.gen_bool(0.05);
        }
        i.m_rd_ready = if self.rd_stall > 0 {
            self.rd_stall -= 1;
            false
        } else if rng.gen_bool(0.01) {
            self.rd_stall = rng.gen_range(3..30);
            false
        } else {
            rng.gen_bool(0.85)
        };
        // the host offers the next beat of the oldest due request
        if self.host.offered.is_none() {
            if self.host.beats.is_empty() {
                if let Some(&(due, r)) = self.host.pending.front() {
                    if due <= cycle {
                        self.host.pending.pop_front();
                        self.host.beats = host_beats(&r).into();
                    }
                }
            }
            if !self.host.beats.is_empty() && rng.gen_bool(0.8) {
                self.host.offered = self.host.beats.pop_front();
            }
        }
        i.m_rs = self.host.offered;

        // the transfers of this clock, as the block shows them now
        let now = self.model.comb(&i);
        for k in 0..3 {
            if let (Some(r), true) = (i.rd[k], now.rd_ready[k]) {
                let c = &mut self.clients[k];
                c.offered = None;
                self.stats.taken[k] += 1;
                if r.is_bad() {
                    self.stats.bad_sent += 1;
                } else {
                    c.outstanding += 1;
                    c.expect.extend(host_beats(&r));
                }
            }
        }
        if let (Some(r), true) = (now.m_rd, i.m_rd_ready) {
            if r.is_bad() {
                self.stats.host_wrong += 1;
            }
            let l = rng.gen_range(lat);
            self.host.pending.push_back((cycle + l, r));
        }
        if let (Some(b), true) = (i.m_rs, now.m_rs_ready) {
            self.host.offered = None;
            let k = (0..3).find(|&k| now.rs_valid[k]);
            match k {
                Some(k) if i.rs_ready[k] => {
                    let c = &mut self.clients[k];
                    self.stats.beats[k] += 1;
                    if c.expect.pop_front() != Some(b) || now.rs != b {
                        self.stats.wrong += 1;
                    }
                    if b.last {
                        c.outstanding -= 1;
                        self.stats.responses[k] += 1;
                    }
                }
                _ => self.stats.wrong += 1,
            }
        }
        self.model.step(&i);
        i
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every client gets exactly its bytes, in order, from an in-order host
    /// with random latency; the host never sees a bad request; bad requests
    /// are counted; the FIFO fills and drains; the clients share.
    #[test]
    fn every_client_gets_exactly_its_bytes() {
        for seed in [3u64, 4] {
            let mut m = DrArbModel::default();
            let mut stim = DrArbStim::new(seed);
            let (mut full, mut bad_flags, mut max_out) = (0u64, 0u64, 0u8);
            for c in 0..60_000u64 {
                let i = stim.next(c);
                let o = m.step(&i);
                full += (o.outstanding as usize == DR_ARB_DEPTH) as u64;
                bad_flags += o.rd_bad.iter().filter(|&&b| b).count() as u64;
                max_out = max_out.max(o.outstanding);
            }
            let s = stim.stats;
            assert_eq!((s.wrong, s.host_wrong), (0, 0), "seed {seed}: {s:?}");
            assert_eq!(bad_flags, s.bad_sent, "seed {seed}");
            assert_eq!(m.n_bad as u64, s.bad_sent, "seed {seed}");
            assert!(s.bad_sent > 100, "seed {seed}: {s:?}");
            assert!(
                full > 100 && max_out as usize == DR_ARB_DEPTH,
                "seed {seed}: {full}"
            );
            assert!(s.responses.iter().all(|&n| n > 2000), "seed {seed}: {s:?}");
        }
    }

    #[test]
    fn bad_rule() {
        let r = |addr, len| RdReq { addr, len, tag: 0 }.is_bad();
        assert!(r(0, 0));
        assert!(!r(0, 4096));
        assert!(r(0, 4097));
        assert!(!r(4095, 1));
        assert!(r(4095, 2));
        assert!(!r(0x1_0000_0fc0, 64));
        assert!(r(0x1_0000_0fc1, 64));
    }
}
