//! perftest's `write_bw` and `write_lat` loops over the verbs API, for any
//! backend.
//!
//! The loops only post work requests and poll completions; time and
//! progress come from a [`Clock`]. On a board that is the wall clock (the
//! engine runs by itself, [`WallClock`]); in co-simulation it is the
//! engine's clock, and waiting runs the simulation (braid-cosim's `bench`).
//! The same code measures both.
//!
//! * [`write_bw`]: the sender of a bandwidth run. `iters` RDMA WRITEs of
//!   `size` bytes, `depth` of them in flight, into the peer's buffer slot
//!   after slot. Bandwidth is payload bytes over the time from the first
//!   post to the last completion.
//! * [`LatSide`]: one side of a latency run, a ping-pong of
//!   WRITE_WITH_IMMs. The initiator writes; the responder answers each
//!   write with its own once its completion shows the write landed; the
//!   initiator's round trip ends with the answer's completion. Braid places
//!   packets in any order, so the last byte of a buffer says nothing about
//!   the bytes before it: unlike perftest over RC, the receiver waits for
//!   the `RECV_RDMA_WITH_IMM` completion, which the engine writes only
//!   after every byte of the message. The figure is half the round trip,
//!   as perftest reports it. [`write_lat`] runs one side to the end.

use crate::backend::Backend;
use crate::error::{Error, Result};
use crate::verbs::{
    exchange_line, CompletionQueue, MemoryRegion, QueuePair, SendOp, SendWr, WcOpcode, WcStatus,
};
use std::time::Instant;

/// A seed for a command line's `--seed`: decimal or `0x`-hex; the error
/// names the text and the two forms.
pub fn parse_seed(s: &str) -> std::result::Result<u64, String> {
    let r = match s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        Some(h) => u64::from_str_radix(h, 16),
        None => s.parse(),
    };
    r.map_err(|_| format!("{s:?} is not a seed: give a decimal or 0x-hex number"))
}

/// Time and progress for the loops.
pub trait Clock {
    /// Let time pass while the loop waits for the engine (co-simulation:
    /// clock the engines; a board: nothing, the engine runs by itself).
    fn wait(&mut self);
    /// Now, in picoseconds from any fixed origin.
    fn now_ps(&mut self) -> u64;
}

/// The wall clock, for a board.
#[derive(Debug, Clone, Copy)]
pub struct WallClock {
    t0: Instant,
}

impl Default for WallClock {
    fn default() -> Self {
        WallClock { t0: Instant::now() }
    }
}

impl Clock for WallClock {
    fn wait(&mut self) {
        std::hint::spin_loop();
    }

    fn now_ps(&mut self) -> u64 {
        self.t0.elapsed().as_nanos() as u64 * 1000
    }
}

/// The clock of a simulation that runs by itself while the loop polls
/// (braid-net's model engines advance on every register and DMA access):
/// waiting does nothing, the time is read with the closure.
pub struct PolledClock<F: FnMut() -> u64>(pub F);

impl<F: FnMut() -> u64> Clock for PolledClock<F> {
    fn wait(&mut self) {}

    fn now_ps(&mut self) -> u64 {
        (self.0)()
    }
}

/// A buffer of the peer's: where the loops write. perftest exchanges it
/// with the connection parameters ([`RemoteBuf::exchange`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RemoteBuf {
    /// Its address on the peer.
    pub addr: u64,
    /// The peer's rkey for it.
    pub rkey: u32,
    /// Its length in bytes.
    pub len: u64,
}

impl RemoteBuf {
    /// The whole of a local region, as the peer will see it.
    pub fn of<B: Backend>(mr: &MemoryRegion<B>) -> RemoteBuf {
        RemoteBuf {
            addr: mr.addr(),
            rkey: mr.rkey(),
            len: mr.len() as u64,
        }
    }

    /// One text line: `braid-buf ADDR RKEY LEN` (hex, hex, decimal).
    pub fn to_line(&self) -> String {
        format!("braid-buf {:x} {:08x} {}\n", self.addr, self.rkey, self.len)
    }

    /// Parse [`RemoteBuf::to_line`]'s line.
    pub fn from_line(line: &str) -> Result<RemoteBuf> {
        let bad = |why: &str| Error::BadParams(format!("{why} in buffer line {line:?}"));
        let p: Vec<&str> = line.split_whitespace().collect();
        if p.len() != 4 || p[0] != "braid-buf" {
            return Err(bad("expected `braid-buf ADDR RKEY LEN`"));
        }
        Ok(RemoteBuf {
            addr: u64::from_str_radix(p[1], 16).map_err(|_| bad("bad address"))?,
            rkey: u32::from_str_radix(p[2], 16).map_err(|_| bad("bad rkey"))?,
            len: p[3].parse().map_err(|_| bad("bad length"))?,
        })
    }

    /// Send ours over a byte stream, read theirs.
    pub fn exchange(
        &self,
        stream: &mut (impl std::io::Read + std::io::Write),
    ) -> Result<RemoteBuf> {
        RemoteBuf::from_line(&exchange_line(stream, &self.to_line())?)
    }
}

/// A `write_bw` run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BwConfig {
    /// Bytes per WRITE.
    pub size: u32,
    /// WRITEs.
    pub iters: u32,
    /// WRITEs in flight.
    pub depth: u32,
    /// Stream they go on.
    pub stream: u8,
    /// No completion for this long (picoseconds) fails the run.
    pub stall_ps: u64,
}

/// What a `write_bw` run measured.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BwResult {
    /// Payload bytes moved.
    pub bytes: u64,
    /// Picoseconds from the first post to the last completion.
    pub ps: u64,
}

impl BwResult {
    /// Bandwidth, Gb/s.
    pub fn gbps(&self) -> f64 {
        self.bytes as f64 * 8.0 / (self.ps.max(1) as f64 * 1e-12) / 1e9
    }
}

fn arg(why: String) -> Error {
    Error::BadArgument(why)
}

/// Check a run's size against the local source and the peer's buffer.
fn check_size<B: Backend>(size: u32, src: &MemoryRegion<B>, remote: &RemoteBuf) -> Result<()> {
    if size == 0 {
        return Err(arg("size 0: a run moves at least 1 byte per message".into()));
    }
    if size as usize > src.len() {
        return Err(arg(format!(
            "size {size}: larger than the local source region ({} bytes)",
            src.len()
        )));
    }
    if size as u64 > remote.len {
        return Err(arg(format!(
            "size {size}: larger than the peer's buffer ({} bytes)",
            remote.len
        )));
    }
    Ok(())
}

/// perftest's `write_bw` sender: `cfg.iters` RDMA WRITEs of `cfg.size`
/// bytes from the start of `src`, `cfg.depth` in flight, into `remote`'s
/// slots of `size` bytes in turn (WRITE `k` into slot `k % slots`). `cq` is
/// the queue pair's completion queue and must see only its completions.
/// Every completion must succeed.
pub fn write_bw<B: Backend>(
    qp: &mut QueuePair<B>,
    cq: &CompletionQueue<B>,
    src: &MemoryRegion<B>,
    remote: RemoteBuf,
    cfg: &BwConfig,
    clock: &mut impl Clock,
) -> Result<BwResult> {
    check_size(cfg.size, src, &remote)?;
    if cfg.iters == 0 {
        return Err(arg("iters 0: a run posts at least one WRITE".into()));
    }
    let sq = qp.init().sq_entries;
    if cfg.depth == 0 || cfg.depth > sq {
        return Err(arg(format!(
            "depth {}: must be 1 to the send queue's {sq} entries",
            cfg.depth
        )));
    }
    let slots = remote.len / cfg.size as u64;
    let wr = |k: u32| SendWr {
        wr_id: k as u64,
        op: SendOp::Write {
            remote_addr: remote.addr + (k as u64 % slots) * cfg.size as u64,
            rkey: remote.rkey,
        },
        stream: cfg.stream,
        sg_list: vec![src.sge(0, cfg.size)],
    };
    let t0 = clock.now_ps();
    let (mut posted, mut done) = (0u32, 0u32);
    let (mut last, mut end) = (t0, t0);
    let mut wcs = Vec::with_capacity(64);
    while done < cfg.iters {
        let room = (cfg.depth - (posted - done)).min(cfg.iters - posted);
        if room > 0 {
            let wrs: Vec<SendWr> = (posted..posted + room).map(wr).collect();
            qp.post_send(&wrs)?;
            posted += room;
        }
        clock.wait();
        let now = clock.now_ps();
        wcs.clear();
        cq.poll_into(64, &mut wcs)?;
        for wc in &wcs {
            if wc.status != WcStatus::Success || wc.opcode != WcOpcode::SendDone {
                return Err(Error::WorkFailed {
                    wr_id: wc.wr_id,
                    what: format!("{:?} {}", wc.opcode, wc.status),
                });
            }
            done += 1;
            (last, end) = (now, now);
        }
        if now - last > cfg.stall_ps {
            return Err(Error::Stalled {
                waited_us: (now - last) / 1_000_000,
                what: format!(
                    "write_bw: {done} of {} WRITEs complete, {posted} posted",
                    cfg.iters
                ),
            });
        }
    }
    Ok(BwResult {
        bytes: cfg.size as u64 * cfg.iters as u64,
        ps: end - t0,
    })
}

/// A `write_lat` run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LatConfig {
    /// Bytes per WRITE_WITH_IMM.
    pub size: u32,
    /// Round trips.
    pub iters: u32,
    /// Stream the writes go on.
    pub stream: u8,
    /// No progress for this long (picoseconds) fails the run.
    pub stall_ps: u64,
}

/// One side of a `write_lat` ping-pong, driven by [`LatSide::step`].
pub struct LatSide<'a, B: Backend> {
    qp: &'a mut QueuePair<B>,
    cq: &'a CompletionQueue<B>,
    src: &'a MemoryRegion<B>,
    remote: RemoteBuf,
    cfg: LatConfig,
    initiator: bool,
    /// Round trip under way (initiator) or next write expected (responder).
    k: u32,
    waiting: bool,
    t_post: u64,
    sends_done: u32,
    last: Option<u64>,
    rtts: Vec<u64>,
    wcs: Vec<crate::verbs::WorkCompletion>,
}

impl<'a, B: Backend> LatSide<'a, B> {
    /// One side: the `initiator` writes first; the other answers. Both
    /// write `cfg.size` bytes from the start of `src` to the start of
    /// `remote`, with the round trip's number as immediate data. `cq` is
    /// the queue pair's completion queue and must see only its
    /// completions.
    pub fn new(
        qp: &'a mut QueuePair<B>,
        cq: &'a CompletionQueue<B>,
        src: &'a MemoryRegion<B>,
        remote: RemoteBuf,
        cfg: LatConfig,
        initiator: bool,
    ) -> Result<Self> {
        check_size(cfg.size, src, &remote)?;
        if cfg.iters == 0 {
            return Err(arg("iters 0: a run makes at least one round trip".into()));
        }
        Ok(LatSide {
            qp,
            cq,
            src,
            remote,
            cfg,
            initiator,
            k: 0,
            waiting: false,
            t_post: 0,
            sends_done: 0,
            last: None,
            rtts: Vec::with_capacity(cfg.iters as usize),
            wcs: Vec::with_capacity(16),
        })
    }

    fn post(&mut self) -> Result<()> {
        let wr = SendWr {
            wr_id: self.k as u64,
            op: SendOp::WriteWithImm {
                remote_addr: self.remote.addr,
                rkey: self.remote.rkey,
                imm: self.k,
            },
            stream: self.cfg.stream,
            sg_list: vec![self.src.sge(0, self.cfg.size)],
        };
        self.qp.post_send(&[wr])
    }

    /// Every round trip answered and every own write completed.
    pub fn done(&self) -> bool {
        self.k == self.cfg.iters && self.sends_done == self.cfg.iters
    }

    /// Post what is due and take the completions there are, at time
    /// `now_ps`. Never blocks.
    pub fn step(&mut self, now_ps: u64) -> Result<()> {
        let last = *self.last.get_or_insert(now_ps);
        if self.initiator && !self.waiting && self.k < self.cfg.iters {
            self.post()?;
            self.t_post = now_ps;
            self.waiting = true;
        }
        let mut wcs = std::mem::take(&mut self.wcs);
        wcs.clear();
        self.cq.poll_into(16, &mut wcs)?;
        for wc in &wcs {
            if wc.status != WcStatus::Success {
                return Err(Error::WorkFailed {
                    wr_id: wc.wr_id,
                    what: format!("{:?} {}", wc.opcode, wc.status),
                });
            }
            match wc.opcode {
                WcOpcode::SendDone => self.sends_done += 1,
                WcOpcode::RecvRdmaWithImm
                    if wc.imm == Some(self.k)
                        && wc.byte_len == self.cfg.size
                        && (!self.initiator || self.waiting) =>
                {
                    if self.initiator {
                        self.rtts.push(now_ps - self.t_post);
                        self.waiting = false;
                    } else {
                        self.post()?;
                    }
                    self.k += 1;
                }
                _ => {
                    return Err(Error::WorkFailed {
                        wr_id: wc.wr_id,
                        what: format!(
                            "unexpected completion {:?} of {} bytes, immediate {:?}, while \
                             waiting for WRITE_WITH_IMM {} of {} bytes",
                            wc.opcode, wc.byte_len, wc.imm, self.k, self.cfg.size
                        ),
                    })
                }
            }
        }
        let progress = !wcs.is_empty();
        self.wcs = wcs;
        if progress {
            self.last = Some(now_ps);
        } else if !self.done() && now_ps - last > self.cfg.stall_ps {
            return Err(Error::Stalled {
                waited_us: (now_ps - last) / 1_000_000,
                what: format!(
                    "write_lat {}: round trip {} of {}, {} own writes complete",
                    if self.initiator {
                        "initiator"
                    } else {
                        "responder"
                    },
                    self.k,
                    self.cfg.iters,
                    self.sends_done
                ),
            });
        }
        Ok(())
    }
}

/// Run one side of a `write_lat` ping-pong to the end (on a board, each
/// host runs its side); returns the initiator's round trips (empty for the
/// responder).
pub fn write_lat<B: Backend>(mut side: LatSide<'_, B>, clock: &mut impl Clock) -> Result<Vec<u64>> {
    while !side.done() {
        let now = clock.now_ps();
        side.step(now)?;
        clock.wait();
    }
    Ok(side.rtts)
}

/// Run both sides of a `write_lat` ping-pong in this process (co-simulated
/// or model engines) to the end; returns the initiator's round trips.
/// Each turn steps `a`, then `b`, at the same time, then waits.
pub fn ping_pong<B: Backend>(
    mut a: LatSide<'_, B>,
    mut b: LatSide<'_, B>,
    clock: &mut impl Clock,
) -> Result<Vec<u64>> {
    while !(a.done() && b.done()) {
        let now = clock.now_ps();
        a.step(now)?;
        b.step(now)?;
        clock.wait();
    }
    Ok(if a.initiator { a.rtts } else { b.rtts })
}

/// perftest's latency figures: half of each round trip, picoseconds.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LatStats {
    /// Round trips.
    pub n: usize,
    /// Smallest.
    pub min: f64,
    /// Largest.
    pub max: f64,
    /// Median (perftest's "typical").
    pub typical: f64,
    /// Mean.
    pub avg: f64,
    /// 99th percentile.
    pub p99: f64,
    /// 99.9th percentile.
    pub p999: f64,
}

impl LatStats {
    /// The figures of round trips `rtts_ps` (not empty).
    pub fn from_rtts(rtts_ps: &[u64]) -> LatStats {
        assert!(!rtts_ps.is_empty(), "no round trips");
        let mut v: Vec<f64> = rtts_ps.iter().map(|&r| r as f64 / 2.0).collect();
        v.sort_by(f64::total_cmp);
        let n = v.len();
        // nearest rank
        let pct = |p: f64| v[((p * n as f64).ceil() as usize).clamp(1, n) - 1];
        LatStats {
            n,
            min: v[0],
            max: v[n - 1],
            typical: v[(n - 1) / 2],
            avg: v.iter().sum::<f64>() / n as f64,
            p99: pct(0.99),
            p999: pct(0.999),
        }
    }
}

impl std::fmt::Display for LatStats {
    /// perftest's table in microseconds: a header line and a figures line.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(
            f,
            "{:>8} {:>9} {:>9} {:>9} {:>9} {:>9} {:>9}",
            "iters", "min (us)", "typical", "avg", "p99", "p99.9", "max"
        )?;
        let us = |ps: f64| ps / 1e6;
        writeln!(
            f,
            "{:>8} {:>9.3} {:>9.3} {:>9.3} {:>9.3} {:>9.3} {:>9.3}",
            self.n,
            us(self.min),
            us(self.typical),
            us(self.avg),
            us(self.p99),
            us(self.p999),
            us(self.max)
        )
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn seeds_are_decimal_or_hex() {
        assert_eq!(super::parse_seed("46241"), Ok(46241));
        assert_eq!(super::parse_seed("0xb4a1"), Ok(0xb4a1));
        assert_eq!(super::parse_seed("0XB4A1"), Ok(0xb4a1));
        assert_eq!(
            super::parse_seed("0xzz"),
            Err("\"0xzz\" is not a seed: give a decimal or 0x-hex number".into())
        );
        assert!(super::parse_seed("-1").is_err());
    }

    use super::*;

    #[test]
    fn remote_buf_line_round_trips_and_bad_lines_say_why() {
        let b = RemoteBuf {
            addr: 0x7f00_1234_5000,
            rkey: 0x0000_0a01,
            len: 131072,
        };
        assert_eq!(b.to_line(), "braid-buf 7f0012345000 00000a01 131072\n");
        assert_eq!(RemoteBuf::from_line(&b.to_line()).unwrap(), b);
        let e = RemoteBuf::from_line("braid-buf 10 zz 4").unwrap_err();
        assert_eq!(
            e.to_string(),
            "bad connection parameters from the peer: bad rkey in buffer line \"braid-buf 10 zz 4\""
        );
        assert!(RemoteBuf::from_line("braid-conn 1 2 3").is_err());
    }

    #[test]
    fn lat_stats_are_half_round_trips_by_nearest_rank() {
        let rtts: Vec<u64> = (1..=1000).map(|i| i * 2).collect();
        let s = LatStats::from_rtts(&rtts);
        assert_eq!(s.n, 1000);
        assert_eq!((s.min, s.max), (1.0, 1000.0));
        assert_eq!(s.typical, 500.0);
        assert_eq!(s.avg, 500.5);
        assert_eq!((s.p99, s.p999), (990.0, 999.0));
        let one = LatStats::from_rtts(&[10]);
        assert_eq!(
            (one.min, one.typical, one.p99, one.p999),
            (5.0, 5.0, 5.0, 5.0)
        );
        let us = LatStats::from_rtts(&[4_000_000, 6_000_000, 2_000_000_000]);
        assert_eq!(
            us.to_string(),
            "   iters  min (us)   typical       avg       p99     p99.9       max\n       \
             3     2.000     3.000   335.000  1000.000  1000.000  1000.000\n"
        );
    }
}
