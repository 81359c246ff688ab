//! Cycle-exact model of `dw_arb` (`hdl/rtl/src/dw_arb.rs`): two DMA write
//! streams merged into one, writes kept whole, round robin per write.

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

/// One clock's inputs.
#[derive(Debug, Clone, Copy, Default)]
pub struct DwArbIn {
    /// Client a's offered beat.
    pub a: Option<DwBeat>,
    /// Client b's offered beat.
    pub b: Option<DwBeat>,
    /// The output side takes a beat.
    pub m_ready: bool,
}

/// Outputs after one edge.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DwArbOut {
    /// `a_ready` (for the next clock's inputs, given the same valids).
    pub a_ready: bool,
    /// `b_ready`.
    pub b_ready: bool,
    /// The output beat and its client (false a, true b).
    pub m: Option<(DwBeat, bool)>,
}

/// Cycle-exact model.
#[derive(Debug, Clone, Default)]
pub struct DwArbModel {
    o: Option<(DwBeat, bool)>,
    s: Option<(DwBeat, bool)>,
    locked: bool,
    lock_src: bool,
    last_src: bool,
}

impl DwArbModel {
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

impl CycleModel for DwArbModel {
    const MODULE: &'static str = "dw_arb";
    const INPUTS: &'static [&'static str] = &[
        "a_valid", "a_addr", "a_len", "a_data", "a_last", "b_valid", "b_addr", "b_len", "b_data",
        "b_last", "m_ready",
    ];
    const OUTPUTS: &'static [&'static str] = &[
        "a_ready", "b_ready", "m_valid", "m_addr", "m_len", "m_data", "m_last", "m_src",
    ];
    type In = DwArbIn;
    type Out = DwArbOut;
    type Stim = DwArbStim;

    fn step(&mut self, i: &DwArbIn) -> DwArbOut {
        let sel = self.sel(i.a.is_some(), i.b.is_some());
        let offered = if sel { i.b } else { i.a };
        let taken = if self.s.is_none() { offered } else { None };
        if let Some(beat) = taken {
            if !self.locked {
                self.last_src = sel;
            }
            self.locked = !beat.last;
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
        DwArbOut {
            a_ready,
            b_ready,
            m: self.o,
        }
    }

    fn encode(i: &DwArbIn, p: &mut [Vec<u32>]) {
        for (k, beat) in [(0, i.a), (5, i.b)] {
            if let Some(b) = beat {
                put_u64(&mut p[k], 1);
                put_u64(&mut p[k + 1], b.addr);
                put_u64(&mut p[k + 2], b.len as u64);
                for (j, w) in p[k + 3].iter_mut().enumerate() {
                    *w = u32::from_le_bytes(b.data[4 * j..4 * j + 4].try_into().unwrap());
                }
                put_u64(&mut p[k + 4], b.last as u64);
            }
        }
        put_u64(&mut p[10], i.m_ready as u64);
    }

    fn decode(p: &[Vec<u32>]) -> DwArbOut {
        let mut data = [0u8; 64];
        for (j, w) in p[5].iter().enumerate() {
            data[4 * j..4 * j + 4].copy_from_slice(&w.to_le_bytes());
        }
        DwArbOut {
            a_ready: get_u64(&p[0]) & 1 == 1,
            b_ready: get_u64(&p[1]) & 1 == 1,
            m: (get_u64(&p[2]) & 1 == 1).then(|| {
                (
                    DwBeat {
                        addr: get_u64(&p[3]),
                        len: get_u64(&p[4]) as u16,
                        data,
                        last: get_u64(&p[6]) & 1 == 1,
                    },
                    get_u64(&p[7]) & 1 == 1,
                )
            }),
        }
    }
}

/// One client: writes of 1 to 5 beats, each beat's data naming the client,
/// the write and the beat, offered with gaps; a beat stays offered until
/// taken (AXI-Stream).
#[derive(Debug)]
struct Client {
    id: u8,
    writes: u32,
    beat: u32,
    beats: u32,
    offered: Option<DwBeat>,
}

impl Client {
    fn next(&mut self, rng: &mut ChaCha8Rng, busy: f64) -> Option<DwBeat> {
        if self.offered.is_none() && rng.gen_bool(busy) {
            if self.beat == 0 {
                self.beats = rng.gen_range(1..=5);
            }
            let mut data = [0u8; 64];
            rng.fill(&mut data[..]);
            data[0] = self.id;
            data[1..5].copy_from_slice(&self.writes.to_le_bytes());
            data[5] = self.beat as u8;
            self.offered = Some(DwBeat {
                addr: ((self.id as u64) << 40) | (self.writes as u64) << 12,
                len: (64 * self.beats - rng.gen_range(0..64)) as u16,
                data,
                last: self.beat + 1 == self.beats,
            });
        }
        self.offered
    }

    fn taken(&mut self) {
        let b = self.offered.take().expect("a beat was offered");
        if b.last {
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
pub struct DwArbStim {
    rng: ChaCha8Rng,
    a: Client,
    b: Client,
    /// What was offered this clock, and the arbiter's state to judge it.
    model: DwArbModel,
    last_in: DwArbIn,
    stall: u32,
}

impl Stimulus for DwArbStim {
    type In = DwArbIn;
    type Out = DwArbOut;
    const CLOSED_LOOP: bool = true;

    fn new(seed: u64) -> Self {
        let client = |id| Client {
            id,
            writes: 0,
            beat: 0,
            beats: 1,
            offered: None,
        };
        DwArbStim {
            rng: ChaCha8Rng::seed_from_u64(seed),
            a: client(0xa),
            b: client(0xb),
            model: DwArbModel::default(),
            last_in: DwArbIn::default(),
            stall: 0,
        }
    }

    fn next(&mut self, cycle: u64) -> DwArbIn {
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
        let i = DwArbIn {
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

    fn observe(&mut self, _out: &DwArbOut) {
        // track the arbiter's state with a private copy of the model
        let i = self.last_in;
        self.model.step(&i);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Writes come out whole, in each client's order, every beat once with
    /// its own data, and under contention the clients share write starts
    /// evenly.
    #[test]
    fn writes_stay_whole_in_order_and_share() {
        for seed in [7u64, 8] {
            let mut m = DwArbModel::default();
            let mut stim = DwArbStim::new(seed);
            let mut shown: Option<(DwBeat, bool)> = None;
            let mut cur: Option<(bool, u32, u8)> = None;
            let mut next_write = [0u32; 2];
            let mut busy_starts = [0u32; 2];
            for c in 0..40_000u64 {
                let i = stim.next(c);
                if let (Some((b, src)), true) = (shown, i.m_ready) {
                    // taken by the output side at this edge
                    assert_eq!(b.data[0], if src { 0xb } else { 0xa }, "seed {seed}");
                    let w = u32::from_le_bytes(b.data[1..5].try_into().unwrap());
                    let beat = b.data[5];
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
                    if b.last {
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
}
