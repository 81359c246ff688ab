//! The host side of an engine's DMA ports in co-simulation: host memory
//! served from Rust, with ENGINE.md's stream shapes.
//!
//! * [`HostMem`]: DMA-mapped buffers (an IOMMU's view: an address outside
//!   every mapping faults) and the windows the engine may write (the
//!   registered regions with LOCAL_WRITE or REMOTE_WRITE and the completion
//!   rings). A write outside its windows is refused, recorded and counted,
//!   never applied: the bad-input tests assert that the count stays 0.
//! * [`DmaReadServer`]: the read channel. Requests (`rd_addr`, `rd_len`,
//!   `rd_tag`) are taken while fewer than `depth` are outstanding; each is
//!   answered after `latency` clocks by `ceil(len / 64)` beats of 64 bytes
//!   (the first requested byte in lane 0, the last beat zero-padded), in
//!   request order, never interleaved, one beat per clock while `rs_ready`.
//!   A request that touches unmapped memory, is empty or crosses a 4 KiB
//!   boundary is answered with the same number of beats, data zero and
//!   `rs_err` on every beat.
//! * [`DmaWriteSink`]: the write channel. Beats carry `dw_addr` and
//!   `dw_len` (the write's first byte and length) on every beat, data packed
//!   from lane 0, `dw_last` on the last; the sink assembles a write and
//!   applies it at its last beat, checked against the windows.
//!
//! The engine harness calls `clock` once per engine clock with the values
//! the engine showed before the edge, and drives the returned values as the
//! next clock's inputs.

use std::collections::VecDeque;

/// Bytes in one beat of the 512-bit streams.
pub const BEAT: usize = 64;

/// One DMA-mapped buffer.
#[derive(Debug, Clone)]
struct Mapping {
    base: u64,
    data: Vec<u8>,
}

/// A write the sink refused (outside every window) or found malformed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadWrite {
    /// First byte.
    pub addr: u64,
    /// Bytes.
    pub len: u32,
    /// Why.
    pub why: &'static str,
}

/// Host memory as the engine's DMA sees it.
#[derive(Debug, Clone, Default)]
pub struct HostMem {
    maps: Vec<Mapping>,
    windows: Vec<(u64, u64)>,
    /// Writes refused or malformed, in order.
    pub bad_writes: Vec<BadWrite>,
    /// Bytes written (applied writes).
    pub bytes_written: u64,
    /// Writes applied.
    pub writes: u64,
}

impl HostMem {
    /// Empty memory: every access faults.
    pub fn new() -> HostMem {
        HostMem::default()
    }

    /// Map `len` zero bytes at device address `base`. Panics if it overlaps
    /// an existing mapping (a harness bug).
    pub fn map(&mut self, base: u64, len: usize) {
        let end = base.checked_add(len as u64).expect("mapping wraps");
        assert!(
            self.maps
                .iter()
                .all(|m| end <= m.base || base >= m.base + m.data.len() as u64),
            "mapping {base:#x}+{len:#x} overlaps another"
        );
        self.maps.push(Mapping {
            base,
            data: vec![0; len],
        });
    }

    /// Remove the mapping that starts at `base` (its bytes are gone; an
    /// engine access there faults from now on). Write windows are not
    /// touched ([`HostMem::revoke_write`]). `false` if no mapping starts
    /// there.
    pub fn unmap(&mut self, base: u64) -> bool {
        match self.maps.iter().position(|m| m.base == base) {
            Some(i) => {
                self.maps.remove(i);
                true
            }
            None => false,
        }
    }

    /// Let the engine write `[base, base + len)`.
    pub fn allow_write(&mut self, base: u64, len: u64) {
        self.windows.push((base, base.saturating_add(len)));
    }

    /// Withdraw a window given to [`HostMem::allow_write`] (deregistration).
    pub fn revoke_write(&mut self, base: u64, len: u64) {
        let w = (base, base.saturating_add(len));
        if let Some(i) = self.windows.iter().position(|&x| x == w) {
            self.windows.remove(i);
        }
    }

    fn find(&self, addr: u64, len: usize) -> Option<(usize, usize)> {
        let end = addr.checked_add(len as u64)?;
        self.maps.iter().enumerate().find_map(|(i, m)| {
            (addr >= m.base && end <= m.base + m.data.len() as u64)
                .then(|| (i, (addr - m.base) as usize))
        })
    }

    /// Host-side read (the test's view), `None` if not mapped.
    pub fn read(&self, addr: u64, len: usize) -> Option<&[u8]> {
        let (i, off) = self.find(addr, len)?;
        Some(&self.maps[i].data[off..off + len])
    }

    /// Host-side write (the driver posting entries or the test filling a
    /// buffer); panics if not mapped.
    pub fn write(&mut self, addr: u64, bytes: &[u8]) {
        let (i, off) = self
            .find(addr, bytes.len())
            .unwrap_or_else(|| panic!("host write {addr:#x}+{} not mapped", bytes.len()));
        self.maps[i].data[off..off + bytes.len()].copy_from_slice(bytes);
    }

    fn may_write(&self, addr: u64, len: u64) -> bool {
        let Some(end) = addr.checked_add(len) else {
            return false;
        };
        self.windows.iter().any(|&(b, e)| addr >= b && end <= e)
            && self.find(addr, len as usize).is_some()
    }

    /// An engine write: applied if it lies in one window, else recorded.
    pub fn dma_write(&mut self, addr: u64, bytes: &[u8]) -> bool {
        if bytes.is_empty() || !self.may_write(addr, bytes.len() as u64) {
            self.bad_writes.push(BadWrite {
                addr,
                len: bytes.len() as u32,
                why: if bytes.is_empty() {
                    "empty write"
                } else {
                    "outside every write window"
                },
            });
            return false;
        }
        self.write(addr, bytes);
        self.writes += 1;
        self.bytes_written += bytes.len() as u64;
        true
    }
}

/// A read request as the engine shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ReadReq {
    /// `rd_addr`.
    pub addr: u64,
    /// `rd_len` (bytes).
    pub len: u32,
    /// `rd_tag`.
    pub tag: u8,
}

/// One response beat.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadBeat {
    /// `rs_data`: byte `i` in lane `i`.
    pub data: [u8; BEAT],
    /// `rs_tag`.
    pub tag: u8,
    /// `rs_last`.
    pub last: bool,
    /// `rs_err`.
    pub err: bool,
}

#[derive(Debug)]
struct Pending {
    due: u64,
    req: ReadReq,
    sent: u32,
    /// Answered with `rs_err` whatever the memory holds (an injected
    /// fault).
    inject: bool,
}

/// The DMA read channel of one engine.
#[derive(Debug)]
pub struct DmaReadServer {
    /// Clocks from taking a request to its first beat.
    pub latency: u64,
    /// Requests outstanding at most (`rd_ready` is low at the limit).
    pub depth: usize,
    queue: VecDeque<Pending>,
    now: u64,
    /// Requests taken.
    pub requests: u64,
    /// Requests answered with `rs_err`.
    pub faults: u64,
    /// Beats delivered.
    pub beats: u64,
    /// Injected faults: a taken request is answered with `rs_err` on
    /// every beat with this probability (the host's completion with an
    /// error status: a poisoned TLP, a completer abort, an IOMMU fault);
    /// 0 = never. Drawn from `fault_seed`.
    pub fault_prob: f64,
    /// The seed of the injected faults (advanced per request).
    pub fault_seed: u64,
    /// Requests answered with an injected fault (also in `faults`).
    pub injected: u64,
    /// The addresses and lengths of the first 1,000 of them.
    pub injected_reads: Vec<(u64, u32)>,
}

impl DmaReadServer {
    /// A channel with `latency` clocks to the first beat and `depth`
    /// outstanding requests.
    pub fn new(latency: u64, depth: usize) -> DmaReadServer {
        DmaReadServer {
            latency,
            depth: depth.max(1),
            queue: VecDeque::new(),
            now: 0,
            requests: 0,
            faults: 0,
            beats: 0,
            fault_prob: 0.0,
            fault_seed: 0,
            injected: 0,
            injected_reads: Vec::new(),
        }
    }

    /// `rd_ready` for the coming edge.
    pub fn rd_ready(&self) -> bool {
        self.queue.len() < self.depth
    }

    /// The beat shown on `rs_*` for the coming edge, if any.
    pub fn beat(&self, mem: &HostMem) -> Option<ReadBeat> {
        let p = self.queue.front()?;
        if p.due > self.now {
            return None;
        }
        let len = p.req.len as usize;
        let beats = len.div_ceil(BEAT).max(1) as u32;
        let ok = len > 0
            && !p.inject
            && (p.req.addr % 4096) as usize + len <= 4096
            && mem.read(p.req.addr, len).is_some();
        let mut data = [0u8; BEAT];
        if ok {
            let off = p.sent as usize * BEAT;
            let n = (len - off).min(BEAT);
            let src = mem.read(p.req.addr + off as u64, n).expect("checked");
            data[..n].copy_from_slice(src);
        }
        Some(ReadBeat {
            data,
            tag: p.req.tag,
            last: p.sent + 1 == beats,
            err: !ok,
        })
    }

    /// One edge: `req` is what the engine showed with `rd_valid` (taken if
    /// `rd_ready` was high), `rs_ready` whether it took the beat shown.
    /// Returns the beat that was taken, if any.
    pub fn clock(
        &mut self,
        mem: &HostMem,
        req: Option<ReadReq>,
        rs_ready: bool,
    ) -> Option<ReadBeat> {
        let shown = self.beat(mem);
        let ready = self.rd_ready();
        let mut taken = None;
        if let (Some(b), true) = (&shown, rs_ready) {
            let p = self.queue.front_mut().expect("a beat has a request");
            p.sent += 1;
            self.beats += 1;
            if b.last {
                if b.err {
                    self.faults += 1;
                }
                self.queue.pop_front();
            }
            taken = shown;
        }
        if let (Some(r), true) = (req, ready) {
            self.requests += 1;
            let inject = self.fault_prob > 0.0 && {
                // splitmix64: a draw per request from the seed
                self.fault_seed = self.fault_seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
                let mut z = self.fault_seed;
                z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
                z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
                z ^= z >> 31;
                ((z >> 11) as f64 / (1u64 << 53) as f64) < self.fault_prob
            };
            self.injected += inject as u64;
            if inject && self.injected_reads.len() < 1000 {
                self.injected_reads.push((r.addr, r.len));
            }
            self.queue.push_back(Pending {
                due: self.now + 1 + self.latency,
                req: r,
                sent: 0,
                inject,
            });
        }
        self.now += 1;
        taken
    }
}

/// One write beat as the engine shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WriteBeat {
    /// `dw_addr`: the write's first byte (on every beat).
    pub addr: u64,
    /// `dw_len`: the write's bytes (on every beat).
    pub len: u32,
    /// `dw_data`: byte `64k + i` of the write in lane `i` of beat `k`.
    pub data: [u8; BEAT],
    /// `dw_last`.
    pub last: bool,
}

/// The DMA write channel of one engine.
#[derive(Debug, Default)]
pub struct DmaWriteSink {
    cur: Vec<u8>,
    head: Option<(u64, u32)>,
}

impl DmaWriteSink {
    /// A sink with nothing in progress.
    pub fn new() -> DmaWriteSink {
        DmaWriteSink::default()
    }

    /// A beat taken at an edge (`dw_valid && dw_ready`). A beat whose
    /// address or length differs from its write's first beat, a last beat
    /// early or late, is recorded in `mem.bad_writes` and its write
    /// dropped.
    pub fn beat(&mut self, mem: &mut HostMem, b: &WriteBeat) {
        let (addr, len) = *self.head.get_or_insert((b.addr, b.len));
        if (addr, len) != (b.addr, b.len) {
            mem.bad_writes.push(BadWrite {
                addr: b.addr,
                len: b.len,
                why: "address or length changed within a write",
            });
            self.reset();
            return;
        }
        let off = self.cur.len();
        let n = (len as usize).saturating_sub(off).min(BEAT);
        self.cur.extend_from_slice(&b.data[..n]);
        let done = self.cur.len() >= len as usize;
        if b.last != done {
            mem.bad_writes.push(BadWrite {
                addr,
                len,
                why: if b.last {
                    "last beat before the write's length"
                } else {
                    "no last beat at the write's length"
                },
            });
            self.reset();
            return;
        }
        if done {
            let bytes = std::mem::take(&mut self.cur);
            mem.dma_write(addr, &bytes);
            self.reset();
        }
    }

    fn reset(&mut self) {
        self.cur.clear();
        self.head = None;
    }

    /// A write is partly received.
    pub fn busy(&self) -> bool {
        self.head.is_some()
    }
}

/// The beats of a write of `bytes` at `addr` as an engine shows them.
pub fn write_beats(addr: u64, bytes: &[u8]) -> Vec<WriteBeat> {
    let n = bytes.len().div_ceil(BEAT).max(1);
    (0..n)
        .map(|k| {
            let mut data = [0u8; BEAT];
            let s = &bytes[(k * BEAT).min(bytes.len())..((k + 1) * BEAT).min(bytes.len())];
            data[..s.len()].copy_from_slice(s);
            WriteBeat {
                addr,
                len: bytes.len() as u32,
                data,
                last: k + 1 == n,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    fn mem() -> HostMem {
        let mut m = HostMem::new();
        m.map(0x10_0000, 64 << 10);
        m.map(0x40_0000, 8 << 10);
        let fill: Vec<u8> = (0..64 << 10).map(|i| (i * 7 + 3) as u8).collect();
        m.write(0x10_0000, &fill);
        m
    }

    /// Random requests with random `rs_ready`: every request is answered in
    /// order, whole, with exactly its bytes (faults for unmapped, empty and
    /// 4 KiB-crossing requests), never more than `depth` outstanding.
    #[test]
    fn reads_return_exactly_the_requested_bytes_in_order() {
        for seed in [1u64, 0xd3a] {
            let m = mem();
            let mut s = DmaReadServer::new(20, 4);
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut sent: VecDeque<ReadReq> = VecDeque::new();
            let mut got: Vec<u8> = Vec::new();
            let (mut ok, mut bad, mut tag) = (0, 0, 0u8);
            for _ in 0..20_000 {
                let req = rng.gen_bool(0.3).then(|| {
                    let bad = rng.gen_bool(0.1);
                    let addr = if bad && rng.gen_bool(0.5) {
                        0x20_0000 + rng.gen_range(0..4096)
                    } else {
                        0x10_0000 + rng.gen_range(0..60u64 << 10)
                    };
                    let room = 4096 - (addr % 4096) as u32;
                    let len = if bad {
                        room + 1
                    } else {
                        rng.gen_range(1..=room.min(512))
                    };
                    tag = tag.wrapping_add(1);
                    ReadReq { addr, len, tag }
                });
                let was_ready = s.rd_ready();
                if let (Some(r), true) = (req, was_ready) {
                    sent.push_back(r);
                }
                if let Some(b) = s.clock(&m, req, rng.gen_bool(0.7)) {
                    let r = *sent.front().expect("a beat with no request");
                    assert_eq!(b.tag, r.tag, "seed {seed}");
                    got.extend_from_slice(&b.data);
                    if b.last {
                        sent.pop_front();
                        let n = r.len as usize;
                        assert_eq!(got.len(), n.div_ceil(BEAT) * BEAT, "seed {seed}");
                        let fault =
                            (r.addr % 4096) as usize + n > 4096 || m.read(r.addr, n).is_none();
                        assert_eq!(b.err, fault, "seed {seed}: {r:?}");
                        if fault {
                            assert!(got.iter().all(|&x| x == 0));
                            bad += 1;
                        } else {
                            assert_eq!(&got[..n], m.read(r.addr, n).unwrap(), "seed {seed}");
                            assert!(got[n..].iter().all(|&x| x == 0));
                            ok += 1;
                        }
                        got.clear();
                    }
                }
                assert!(sent.len() <= 4);
            }
            assert!(ok > 1000 && bad > 100, "seed {seed}: {ok} {bad}");
            assert_eq!(s.faults, bad);
        }
    }

    /// Writes inside a window land byte for byte; writes outside any
    /// window, straddling its end, or to unmapped memory are refused and
    /// recorded without touching memory; malformed beat sequences too.
    #[test]
    fn writes_land_only_inside_their_windows() {
        let mut m = mem();
        m.allow_write(0x10_1000, 0x1000);
        let mut sink = DmaWriteSink::new();
        let data: Vec<u8> = (0..200u32).map(|i| (i ^ 0x5a) as u8).collect();
        for b in write_beats(0x10_1010, &data) {
            sink.beat(&mut m, &b);
        }
        assert_eq!(m.read(0x10_1010, 200).unwrap(), &data[..]);
        assert_eq!((m.writes, m.bytes_written), (1, 200));
        let before = m.read(0x10_0000, 64 << 10).unwrap().to_vec();
        // straddles the window's end; outside; unmapped but "allowed"
        m.allow_write(0x30_0000, 0x1000);
        for addr in [0x10_1f80, 0x10_3000, 0x30_0000] {
            for b in write_beats(addr, &data) {
                sink.beat(&mut m, &b);
            }
        }
        assert_eq!(m.bad_writes.len(), 3);
        assert!(m
            .bad_writes
            .iter()
            .all(|w| w.why == "outside every write window" && w.len == 200));
        // an early last beat, a length change within a write
        let mut beats = write_beats(0x10_1100, &data);
        beats[1].last = true;
        for b in &beats[..2] {
            sink.beat(&mut m, b);
        }
        assert_eq!(m.bad_writes.len(), 4);
        assert!(!sink.busy());
        // the beat that changes the length ends its write; the write's
        // remaining beat then starts a write of its own that ends early
        let mut beats = write_beats(0x10_1100, &data);
        beats[2].len = 199;
        for b in &beats {
            sink.beat(&mut m, b);
        }
        let why: Vec<_> = m.bad_writes[3..].iter().map(|w| w.why).collect();
        assert_eq!(
            why,
            [
                "last beat before the write's length",
                "address or length changed within a write",
                "last beat before the write's length"
            ]
        );
        assert!(!sink.busy());
        assert_eq!(m.read(0x10_0000, 64 << 10).unwrap(), &before[..]);
        m.revoke_write(0x10_1000, 0x1000);
        for b in write_beats(0x10_1010, &data) {
            sink.beat(&mut m, &b);
        }
        assert_eq!(m.bad_writes.len(), 7);
        assert_eq!(m.writes, 1);
    }
}
