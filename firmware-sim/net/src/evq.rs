//! The simulator's event queue: a calendar queue. Events are ordered by
//! (time, sequence number) exactly like a binary heap would order them, so
//! a run is the same event for event; only faster when many packets are in
//! flight (tens of thousands of events pending).
//!
//! Time is cut into buckets of `2^SHIFT` ps; a ring of `BUCKETS` buckets
//! covers the near future and a binary heap holds what lies beyond it. A
//! bucket is sorted once when time reaches it and then popped from its
//! end; an event pushed into the bucket being consumed is inserted in
//! order.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

const SHIFT: u32 = 14; // 16.4 ns buckets
const BUCKETS: usize = 1 << 12; // 67 us of near future

/// A priority queue of `(time, seq, item)`, smallest first.
pub struct EventQueue<T: Ord> {
    ring: Vec<Vec<(u64, u64, T)>>,
    /// Bucket number (time >> SHIFT) of the bucket being consumed.
    cur: u64,
    /// The current bucket is sorted (descending) and being consumed.
    sorted: bool,
    far: BinaryHeap<Reverse<(u64, u64, T)>>,
    len: usize,
    /// One bit per ring bucket: set while it may hold events (cleared
    /// when it is found empty), so that moving on skips empty buckets a
    /// word at a time instead of one by one (with the wall clock of the
    /// soft endpoint, events lie microseconds apart: hundreds of buckets).
    occupied: [u64; BUCKETS / 64],
}

impl<T: Ord> Default for EventQueue<T> {
    fn default() -> Self {
        EventQueue {
            ring: (0..BUCKETS).map(|_| Vec::new()).collect(),
            cur: 0,
            sorted: false,
            far: BinaryHeap::new(),
            len: 0,
            occupied: [0; BUCKETS / 64],
        }
    }
}

impl<T: Ord> EventQueue<T> {
    /// Items queued.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Nothing queued.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Queue `item` at `time` (not before the last popped time) with
    /// tie-breaking sequence number `seq`.
    pub fn push(&mut self, time: u64, seq: u64, item: T) {
        self.len += 1;
        let b = time >> SHIFT;
        if b < self.cur {
            // earlier than the bucket being consumed cannot happen for a
            // simulator that never schedules into the past; keep order anyway
            self.far.push(Reverse((time, seq, item)));
            return;
        }
        if b >= self.cur + BUCKETS as u64 {
            self.far.push(Reverse((time, seq, item)));
            return;
        }
        let i = (b as usize) & (BUCKETS - 1);
        self.occupied[i / 64] |= 1 << (i % 64);
        let v = &mut self.ring[i];
        if b == self.cur && self.sorted {
            // descending order: find the place from the end
            let key = (time, seq);
            let pos = v.partition_point(|e| (e.0, e.1) > key);
            v.insert(pos, (time, seq, item));
        } else {
            v.push((time, seq, item));
        }
    }

    /// Time of the smallest item, without removing it.
    pub fn peek_time(&mut self) -> Option<u64> {
        let (t, seq, item) = self.pop()?;
        self.push(t, seq, item);
        Some(t)
    }

    /// The smallest item.
    pub fn pop(&mut self) -> Option<(u64, u64, T)> {
        if self.len == 0 {
            return None;
        }
        loop {
            let idx = (self.cur as usize) & (BUCKETS - 1);
            if !self.sorted {
                // bring in far events that belong to this bucket
                let end = (self.cur + 1) << SHIFT;
                while let Some(Reverse(top)) = self.far.peek() {
                    if top.0 >= end {
                        break;
                    }
                    let Reverse(e) = self.far.pop().expect("peeked");
                    self.ring[idx].push(e);
                }
                let v = &mut self.ring[idx];
                v.sort_unstable_by_key(|e| std::cmp::Reverse((e.0, e.1)));
                self.sorted = true;
            }
            if let Some(e) = self.ring[idx].pop() {
                // a far event earlier than this one (pushed "into the
                // past" of the ring) would come first
                if let Some(Reverse(top)) = self.far.peek() {
                    if (top.0, top.1) < (e.0, e.1) {
                        self.ring[idx].push(e);
                        let Reverse(f) = self.far.pop().expect("peeked");
                        self.len -= 1;
                        return Some(f);
                    }
                }
                self.len -= 1;
                return Some(e);
            }
            // bucket exhausted: move on to the next bucket that holds
            // events, in the ring or at the top of the far heap
            self.sorted = false;
            self.occupied[idx / 64] &= !(1 << (idx % 64));
            let far_b = self.far.peek().map(|Reverse(top)| top.0 >> SHIFT);
            let ring_b = if self.far.len() == self.len {
                None
            } else {
                self.next_occupied()
            };
            self.cur = match (ring_b, far_b) {
                (Some(r), Some(f)) => r.min(f),
                (Some(r), None) => r,
                (None, Some(f)) => f,
                (None, None) => unreachable!("len > 0 but nothing queued"),
            };
        }
    }

    /// The first bucket after the current one, within the ring's window,
    /// whose occupancy bit is set.
    fn next_occupied(&self) -> Option<u64> {
        let start = ((self.cur + 1) as usize) & (BUCKETS - 1);
        let mut off = 0usize;
        while off < BUCKETS - 1 {
            let i = (start + off) & (BUCKETS - 1);
            let word = self.occupied[i / 64] >> (i % 64);
            if word != 0 {
                let k = word.trailing_zeros() as usize;
                if off + k < BUCKETS - 1 {
                    return Some(self.cur + 1 + (off + k) as u64);
                }
                return None;
            }
            off += 64 - i % 64;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    /// Same order as a binary heap on random interleaved pushes and pops.
    #[test]
    fn orders_like_a_heap() {
        let seed = 0x5eed;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut q = EventQueue::default();
        let mut h = BinaryHeap::new();
        let mut now = 0u64;
        let mut seq = 0u64;
        for _ in 0..200_000 {
            if rng.gen_bool(0.55) || h.is_empty() {
                let dt = match rng.gen_range(0..4) {
                    0 => 0,
                    1 => rng.gen_range(0..1 << SHIFT),
                    2 => rng.gen_range(0..1 << 22),
                    _ => rng.gen_range(0..1 << 34),
                };
                seq += 1;
                q.push(now + dt, seq, seq as u32);
                h.push(Reverse((now + dt, seq, seq as u32)));
            } else {
                let a = q.pop();
                let Reverse(b) = h.pop().expect("nonempty");
                assert_eq!(a, Some(b), "seed {seed:#x}");
                now = b.0;
            }
            assert_eq!(q.len(), h.len(), "seed {seed:#x}");
        }
        while let Some(Reverse(b)) = h.pop() {
            assert_eq!(q.pop(), Some(b), "seed {seed:#x}");
        }
        assert_eq!(q.pop(), None);
    }
}
