//! Cycle-exact model of the two-client stream arbiters: `dw_arb`
//! (`hdl/rtl/src/dw_arb.rs`: two DMA write streams merged into one) and
//! `rq_arb` (`hdl/rtl/src/stream_arb.rs`: the PCIe requester request
//! streams of `pcie_wr` and `pcie_rd`). Both keep a client's packets
//! (writes, TLPs) whole and go round robin per packet; they differ only in
//! the beat they carry (`ArbBeat`).

use super::{get_u64, put_u64, CycleModel, Stimulus};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// One beat of a DMA write stream.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DwBeat {
    /// Write address (first byte of the write).
    pub addr: u64,
    /// Write length in bytes.
    pub len: u16,
    /// Data, byte k in lane k.
    pub data: [u8; 64],
    /// Last beat of the write.
    pub last: bool,
}

impl Default for DwBeat {
    fn default() -> Self {
        DwBeat {
            addr: 0,
            len: 0,
            data: [0; 64],
            last: false,
        }
    }
}

/// A beat an arbiter carries: its fields as ports, and a test beat that
/// names its client, packet and beat.
pub trait ArbBeat: Copy + Default + Eq + std::fmt::Debug {
    /// Verilog module name.
    const MODULE: &'static str;
    /// Input ports (client a's fields, client b's, `m_ready`).
    const INPUTS: &'static [&'static str];
    /// Output ports.
    const OUTPUTS: &'static [&'static str];
    /// Number of ports of one client's fields (valid excluded).
    const FIELDS: usize;
    /// Last beat of a packet.
    fn last(&self) -> bool;
    /// Write the beat's fields into the ports from `p[0]` on (after valid).
    fn encode(&self, p: &mut [Vec<u32>]);
    /// Read the beat's fields from the ports from `p[0]` on.
    fn decode(p: &[Vec<u32>]) -> Self;
    /// A test beat: client `id`, packet `n`, beat `k` of `beats`, random
    /// filler `fill`.
    fn make(id: u8, n: u32, k: u32, beats: u32, fill: [u8; 64]) -> Self;
    /// The client id, packet number and beat number `make` put in.
    fn names(&self) -> (u8, u32, u8);
}

impl ArbBeat for DwBeat {
    const MODULE: &'static str = "dw_arb";
    const INPUTS: &'static [&'static str] = &[
        "a_valid", "a_addr", "a_len", "a_data", "a_last", "b_valid", "b_addr", "b_len", "b_data",
        "b_last", "m_ready",
    ];
    const OUTPUTS: &'static [&'static str] = &[
        "a_ready", "b_ready", "m_valid", "m_addr", "m_len", "m_data", "m_last", "m_src",
    ];
    const FIELDS: usize = 4;
    fn last(&self) -> bool {
        self.last
    }
    fn encode(&self, p: &mut [Vec<u32>]) {
        put_u64(&mut p[0], self.addr);
        put_u64(&mut p[1], self.len as u64);
        for (j, w) in p[2].iter_mut().enumerate() {
            *w = u32::from_le_bytes(self.data[4 * j..4 * j + 4].try_into().unwrap());
        }
        put_u64(&mut p[3], self.last as u64);
    }
    fn decode(p: &[Vec<u32>]) -> Self {
        let mut data = [0u8; 64];
        for (j, w) in p[2].iter().enumerate() {
            data[4 * j..4 * j + 4].copy_from_slice(&w.to_le_bytes());
        }
        DwBeat {
            addr: get_u64(&p[0]),
            len: get_u64(&p[1]) as u16,
            data,
            last: get_u64(&p[3]) & 1 == 1,
        }
    }
    fn make(id: u8, n: u32, k: u32, beats: u32, mut data: [u8; 64]) -> Self {
        data[0] = id;
        data[1..5].copy_from_slice(&n.to_le_bytes());
        data[5] = k as u8;
        DwBeat {
            addr: ((id as u64) << 40) | (n as u64) << 12,
            len: (64 * beats - data[6] as u32 % 64) as u16,
            data,
            last: k + 1 == beats,
        }
    }
    fn names(&self) -> (u8, u32, u8) {
        let n = u32::from_le_bytes(self.data[1..5].try_into().unwrap());
        (self.data[0], n, self.data[5])
    }
}

/// One beat of a PCIe requester request stream as `rq_arb` carries it:
/// `tdata` (512), `tkeep` (16) and `tuser` (137) packed into 665 bits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct RqArbBeat {
    /// The packed beat: bits 0-511 `tdata`, 512-527 `tkeep`, 528-664 `tuser`.
    pub words: [u32; 21],
    /// `tlast`.
    pub last: bool,
}

impl ArbBeat for RqArbBeat {
    const MODULE: &'static str = "rq_arb";
    const INPUTS: &'static [&'static str] = &[
        "a_valid", "a_data", "a_last", "b_valid", "b_data", "b_last", "m_ready",
    ];
    const OUTPUTS: &'static [&'static str] =
        &["a_ready", "b_ready", "m_valid", "m_data", "m_last", "m_src"];
    const FIELDS: usize = 2;
    fn last(&self) -> bool {
        self.last
    }
    fn encode(&self, p: &mut [Vec<u32>]) {
        p[0].copy_from_slice(&self.words);
        put_u64(&mut p[1], self.last as u64);
    }
    fn decode(p: &[Vec<u32>]) -> Self {
        RqArbBeat {
            words: p[0][..21].try_into().unwrap(),
            last: get_u64(&p[1]) & 1 == 1,
        }
    }
    fn make(id: u8, n: u32, k: u32, beats: u32, fill: [u8; 64]) -> Self {
        let mut words = [0u32; 21];
        for (j, w) in words.iter_mut().enumerate() {
            let o = 4 * (j % 16);
            *w = u32::from_le_bytes(fill[o..o + 4].try_into().unwrap());
        }
        words[0] = id as u32 | k << 8 | words[0] & 0xffff_0000;
        words[1] = n;
        // 665 bits: the top word holds 25 of them
        words[20] &= (1 << 25) - 1;
        RqArbBeat {
            words,
            last: k + 1 == beats,
        }
    }
    fn names(&self) -> (u8, u32, u8) {
        let w = self.words[0];
        (w as u8, self.words[1], (w >> 8) as u8)
    }
}

/// One clock's inputs.
#[derive(Debug, Clone, Copy, Default)]
pub struct ArbIn<B> {
    /// Client a's offered beat.
    pub a: Option<B>,
    /// Client b's offered beat.
    pub b: Option<B>,
    /// The output side takes a beat.
    pub m_ready: bool,
}

/// Outputs after one edge.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ArbOut<B> {
    /// `a_ready` (for the next clock's inputs, given the same valids).
    pub a_ready: bool,
    /// `b_ready`.
    pub b_ready: bool,
    /// The output beat and its client (false a, true b).
    pub m: Option<(B, bool)>,
}

/// Cycle-exact model.
#[derive(Debug, Clone, Default)]
pub struct ArbModel<B> {
    o: Option<(B, bool)>,
    s: Option<(B, bool)>,
    locked: bool,
    lock_src: bool,
    last_src: bool,
}

/// `dw_arb`'s inputs.
pub type DwArbIn = ArbIn<DwBeat>;
/// `dw_arb`'s outputs.
pub type DwArbOut = ArbOut<DwBeat>;
/// `dw_arb`'s model.
pub type DwArbModel = ArbModel<DwBeat>;
/// `dw_arb`'s stimulus.
pub type DwArbStim = ArbStim<DwBeat>;
/// `rq_arb`'s inputs.
pub type RqArbIn = ArbIn<RqArbBeat>;
/// `rq_arb`'s outputs.
pub type RqArbOut = ArbOut<RqArbBeat>;
/// `rq_arb`'s model.
pub type RqArbModel = ArbModel<RqArbBeat>;
/// `rq_arb`'s stimulus.
pub type RqArbStim = ArbStim<RqArbBeat>;

impl<B: ArbBeat> ArbModel<B> {
    /// The choice for inputs with these valids (true = b).
    fn sel(&self, a: bool, b: bool) -> bool {
        if self.locked {
            self.lock_src
        } else if a && b {
            !self.last_src
        } else {
            b
        }
    }

    /// Whether client a / b would be taken this clock with these valids.
    pub fn ready(&self, a: bool, b: bool) -> (bool, bool) {
        let sel = self.sel(a, b);
        (self.s.is_none() && !sel, self.s.is_none() && sel)
    }
}

impl<B: ArbBeat> CycleModel for ArbModel<B> {
    const MODULE: &'static str = B::MODULE;
    const INPUTS: &'static [&'static str] = B::INPUTS;
    const OUTPUTS: &'static [&'static str] = B::OUTPUTS;
    type In = ArbIn<B>;
    type Out = ArbOut<B>;
    type Stim = ArbStim<B>;

    fn step(&mut self, i: &ArbIn<B>) -> ArbOut<B> {
        let sel = self.sel(i.a.is_some(), i.b.is_some());
        let offered = if sel { i.b } else { i.a };
        let taken = if self.s.is_none() { offered } else { None };
        if let Some(beat) = taken {
            if !self.locked {
                self.last_src = sel;
            }
            self.locked = !beat.last();
            self.lock_src = sel;
        }
        let leave = self.o.is_some() && i.m_ready;
        if self.o.is_some() && !leave {
            if let Some(beat) = taken {
                self.s = Some((beat, sel));
            }
        } else if self.s.is_some() {
            self.o = self.s.take();
        } else {
            self.o = taken.map(|b| (b, sel));
        }
        // ready as the RTL shows it after the edge: for the same valids
        let (a_ready, b_ready) = self.ready(i.a.is_some(), i.b.is_some());
        ArbOut {
            a_ready,
            b_ready,
            m: self.o,
        }
    }

    fn encode(i: &ArbIn<B>, p: &mut [Vec<u32>]) {
        let f = B::FIELDS;
        for (k, beat) in [(0, i.a), (f + 1, i.b)] {
            if let Some(b) = beat {
                put_u64(&mut p[k], 1);
                b.encode(&mut p[k + 1..k + 1 + f]);
            }
        }
        put_u64(&mut p[2 * f + 2], i.m_ready as u64);
    }

    fn decode(p: &[Vec<u32>]) -> ArbOut<B> {
        let f = B::FIELDS;
        ArbOut {
            a_ready: get_u64(&p[0]) & 1 == 1,
            b_ready: get_u64(&p[1]) & 1 == 1,
            m: (get_u64(&p[2]) & 1 == 1)
                .then(|| (B::decode(&p[3..3 + f]), get_u64(&p[3 + f]) & 1 == 1)),
        }
    }
}

/// One client: packets of 1 to 5 beats, each beat naming the client, the
/// packet and the beat, offered with gaps; a beat stays offered until
/// taken (AXI-Stream).
#[derive(Debug)]
struct Client<B> {
    id: u8,
    writes: u32,
    beat: u32,
    beats: u32,
    offered: Option<B>,
}

impl<B: ArbBeat> Client<B> {
    fn next(&mut self, rng: &mut ChaCha8Rng, busy: f64) -> Option<B> {
        if self.offered.is_none() && rng.gen_bool(busy) {
            if self.beat == 0 {
                self.beats = rng.gen_range(1..=5);
            }
            let mut fill = [0u8; 64];
            rng.fill(&mut fill[..]);
            self.offered = Some(B::make(self.id, self.writes, self.beat, self.beats, fill));
        }
        self.offered
    }

    fn taken(&mut self) {
        let b = self.offered.take().expect("a beat was offered");
        if b.last() {
            self.beat = 0;
            self.writes += 1;
        } else {
            self.beat += 1;
        }
    }
}

/// Seeded stimulus: two clients with their own loads (phases of both busy,
/// one busy, idle) and random output back-pressure with stalls. Closed loop:
/// a client learns from the outputs whether its beat was taken.
#[derive(Debug)]
pub struct ArbStim<B> {
    rng: ChaCha8Rng,
    a: Client<B>,
    b: Client<B>,
    /// What was offered this clock, and the arbiter's state to judge it.
    model: ArbModel<B>,
    last_in: ArbIn<B>,
    stall: u32,
}

impl<B: ArbBeat> Stimulus for ArbStim<B> {
    type In = ArbIn<B>;
    type Out = ArbOut<B>;
    const CLOSED_LOOP: bool = true;

    fn new(seed: u64) -> Self {
        let client = |id| Client {
            id,
            writes: 0,
            beat: 0,
            beats: 1,
            offered: None,
        };
        ArbStim {
            rng: ChaCha8Rng::seed_from_u64(seed),
            a: client(0xa),
            b: client(0xb),
            model: ArbModel::default(),
            last_in: ArbIn::default(),
            stall: 0,
        }
    }

    fn next(&mut self, cycle: u64) -> ArbIn<B> {
        let phase = (cycle / 2000) % 4;
        let (pa, pb) = match phase {
            0 => (0.9, 0.9),
            1 => (0.9, 0.1),
            2 => (0.2, 0.8),
            _ => (0.5, 0.5),
        };
        let m_ready = if self.stall > 0 {
            self.stall -= 1;
            false
        } else if self.rng.gen_bool(0.01) {
            self.stall = self.rng.gen_range(3..20);
            false
        } else {
            self.rng.gen_bool(0.85)
        };
        let i = ArbIn {
            a: self.a.next(&mut self.rng, pa),
            b: self.b.next(&mut self.rng, pb),
            m_ready,
        };
        // the arbiter takes a beat at this edge when it is ready for it now
        let (ra, rb) = self.model.ready(i.a.is_some(), i.b.is_some());
        if i.a.is_some() && ra {
            self.a.taken();
        }
        if i.b.is_some() && rb {
            self.b.taken();
        }
        self.last_in = i;
        i
    }

    fn observe(&mut self, _out: &ArbOut<B>) {
        // track the arbiter's state with a private copy of the model
        let i = self.last_in;
        self.model.step(&i);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Packets come out whole, in each client's order, every beat once with
    /// its own data, and under contention the clients share packet starts
    /// evenly.
    fn packets_stay_whole_in_order_and_share<B: ArbBeat>() {
        for seed in [7u64, 8] {
            let mut m = ArbModel::<B>::default();
            let mut stim = ArbStim::<B>::new(seed);
            let mut shown: Option<(B, bool)> = None;
            let mut cur: Option<(bool, u32, u8)> = None;
            let mut next_write = [0u32; 2];
            let mut busy_starts = [0u32; 2];
            for c in 0..40_000u64 {
                let i = stim.next(c);
                if let (Some((b, src)), true) = (shown, i.m_ready) {
                    // taken by the output side at this edge
                    let (id, w, beat) = b.names();
                    assert_eq!(id, if src { 0xb } else { 0xa }, "seed {seed}");
                    match cur {
                        None => {
                            assert_eq!((w, beat), (next_write[src as usize], 0), "seed {seed}");
                            if (c / 2000) % 4 == 0 {
                                busy_starts[src as usize] += 1;
                            }
                        }
                        Some((s, cw, nb)) => {
                            assert_eq!((src, w, beat), (s, cw, nb), "seed {seed} clock {c}")
                        }
                    }
                    cur = Some((src, w, beat + 1));
                    if b.last() {
                        cur = None;
                        next_write[src as usize] += 1;
                    }
                }
                let o = m.step(&i);
                stim.observe(&o);
                shown = o.m;
            }
            assert!(
                next_write.iter().all(|&n| n > 2000),
                "seed {seed}: {next_write:?}"
            );
            let (a, b) = (busy_starts[0] as f64, busy_starts[1] as f64);
            assert!(
                (a - b).abs() < 0.1 * (a + b),
                "seed {seed}: {busy_starts:?}"
            );
        }
    }

    #[test]
    fn writes_stay_whole_in_order_and_share() {
        packets_stay_whole_in_order_and_share::<DwBeat>();
    }

    #[test]
    fn tlps_stay_whole_in_order_and_share() {
        packets_stay_whole_in_order_and_share::<RqArbBeat>();
    }
}
