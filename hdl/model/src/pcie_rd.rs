//! Model of `pcie_rd` (work in progress: the RTL block does not exist yet,
//! and the clock-level timing here is a first cut that the RTL will fix):
//! the engine's DMA read stream into memory read TLPs on the PCIe hard
//! block's requester request interface, completions from its requester
//! completion interface placed and returned in request order.
//!
//! * Requests (`rd_addr`, `rd_len` 1-4,096 never crossing 4 KiB, `rd_tag`)
//!   take one of 8 slots, each a 4 KiB page of one buffer indexed by page
//!   offset. A request of length 0 or crossing 4 KiB takes a slot too and is
//!   answered with `rs_err` on every beat, without a TLP.
//! * A request is cut at MRRS-aligned addresses (MRRS = 128 <<
//!   `cfg_max_read_req`, taken at the request), one read TLP per piece, each
//!   with a free tag of 32 (no extended tags), the lowest first.
//! * Completions: a completion is good when its error code and status are
//!   0, it is not discontinued, its lower address is where its tag's data
//!   continues, and it ends at its tag's end (with `request completed`) or
//!   on a 64-byte boundary before it (PCIe's RCB is 64 or 128). Its bytes
//!   go to the slot's page. Any other completion for a busy tag fails the
//!   slot's read and quarantines the tag; a completion for a tag not busy is
//!   dropped whole (`cnt_stray`).
//! * Timeout: every clock one tag is checked; a busy tag older than
//!   `cfg_timeout` clocks (0: never) fails its read and is quarantined;
//!   a quarantined tag is free again after another `cfg_timeout` clocks.
//! * Responses: the oldest slot, once every piece is answered, returns
//!   `ceil(len / 64)` beats (one for length 0), the first requested byte in
//!   lane 0, lanes past the length 0, `rs_tag` its tag, `rs_err` on every
//!   beat of a failed read (data 0).

use std::collections::VecDeque;

/// Slots (requests in flight).
pub const SLOTS: usize = 8;
/// PCIe tags.
pub const TAGS: usize = 32;

/// One engine read request.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct RdReq {
    /// Host address.
    pub addr: u64,
    /// Length in bytes (13 bits).
    pub len: u16,
    /// The engine's tag.
    pub tag: u8,
}

/// One RC beat.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RcBeat {
    /// Data, byte `i` in lane `i`.
    pub data: [u8; 64],
    /// Last beat of a completion.
    pub last: bool,
    /// `tuser` discontinue (bit 96).
    pub discontinue: bool,
}

/// One clock's inputs.
#[derive(Debug, Clone, Copy, Default)]
pub struct PcieRdIn {
    /// The engine's offered request.
    pub rd: Option<RdReq>,
    /// `rs_ready`.
    pub rs_ready: bool,
    /// `s_axis_rq_tready`.
    pub rq_ready: bool,
    /// The RC beat (`m_axis_rc_tvalid`; the block is always ready).
    pub rc: Option<RcBeat>,
    /// `cfg_max_read_req`.
    pub mrrs: u8,
    /// `cfg_timeout` in clocks (0: never).
    pub timeout: u32,
}

/// A read TLP on RQ (one beat).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RdTlp {
    /// Address (dword-aligned in the descriptor).
    pub addr: u64,
    /// Dword count.
    pub dwc: u32,
    /// Tag.
    pub tag: u8,
    /// First byte enables.
    pub fbe: u8,
    /// Last byte enables.
    pub lbe: u8,
}

/// One response beat.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RsBeat {
    /// Data, the request's byte `64k + i` in lane `i`.
    pub data: [u8; 64],
    /// The request's tag.
    pub tag: u8,
    /// Last beat of the response.
    pub last: bool,
    /// The read failed.
    pub err: bool,
}

/// Outputs after one edge.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PcieRdOut {
    /// `rd_ready`.
    pub rd_ready: bool,
    /// The read TLP shown on RQ.
    pub rq: Option<RdTlp>,
    /// The response beat shown.
    pub rs: Option<RsBeat>,
    /// Read TLPs sent.
    pub cnt_reads: u32,
    /// Reads failed by a completion (error, status, discontinued, out of
    /// place).
    pub cnt_cpl_err: u32,
    /// Reads failed by a timeout.
    pub cnt_timeouts: u32,
    /// Completions for a tag not in flight, dropped.
    pub cnt_stray: u32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
enum TagState {
    #[default]
    Free,
    Busy,
    Dead,
}

#[derive(Debug, Clone, Copy, Default)]
struct Tag {
    state: TagState,
    slot: usize,
    time: u32,
    /// Page offset where its data continues, and where it ends.
    next: u32,
    end: u32,
}

#[derive(Debug, Clone)]
struct Slot {
    tag: u8,
    off: u32,
    len: u32,
    err: bool,
    issued_all: bool,
    pending: u32,
    page: Vec<u8>,
}

#[derive(Debug, Clone, Default)]
struct Split {
    slot: usize,
    addr: u64,
    left: u32,
    mrrs: u32,
    chunk: u32,
    setup: bool,
}

#[derive(Debug, Clone, Default)]
struct Cpl {
    tag: usize,
    stray: bool,
    good: bool,
    la: u32,
    len: u32,
    done: bool,
    bytes: Vec<u8>,
}

/// Model.
#[derive(Debug, Clone, Default)]
pub struct PcieRdModel {
    now: u32,
    slots: VecDeque<Slot>,
    split: Option<Split>,
    tags: [Tag; TAGS],
    rq: Option<RdTlp>,
    cpl: Option<Cpl>,
    /// Completion effects applied one clock after their last beat.
    later: Vec<(usize, bool, bool)>,
    r_k: u32,
    rs: Option<RsBeat>,
    n_reads: u32,
    n_cpl_err: u32,
    n_timeouts: u32,
    n_stray: u32,
}

impl PcieRdModel {
    fn outputs(&self) -> PcieRdOut {
        PcieRdOut {
            rd_ready: self.slots.len() < SLOTS && self.split.is_none(),
            rq: self.rq,
            rs: self.rs,
            cnt_reads: self.n_reads,
            cnt_cpl_err: self.n_cpl_err,
            cnt_timeouts: self.n_timeouts,
            cnt_stray: self.n_stray,
        }
    }

    /// Apply one clock.
    pub fn step(&mut self, i: &PcieRdIn) -> PcieRdOut {
        let out_before = self.outputs();
        // RQ output register
        if self.rq.is_some() && i.rq_ready {
            self.rq = None;
        }
        // response output register
        if self.rs.is_some() && i.rs_ready {
            self.rs = None;
        }
        // completion effects of the last clock
        for (slot, fail, free) in std::mem::take(&mut self.later) {
            if let Some(s) = self.slots.get_mut(slot) {
                s.err |= fail;
                if free {
                    s.pending -= 1;
                }
            }
        }
        // issue one read TLP
        if let Some(sp) = self.split.as_mut() {
            if sp.setup {
                let m = sp.mrrs;
                let room = m - (sp.addr as u32 & (m - 1));
                sp.chunk = sp.left.min(room);
                sp.setup = false;
            } else if self.rq.is_none() {
                if let Some(t) = (0..TAGS).find(|&t| self.tags[t].state == TagState::Free) {
                    let x = (sp.addr & 3) as u32;
                    let dwc = (x + sp.chunk).div_ceil(4);
                    let end = x + sp.chunk;
                    let fbe = if dwc == 1 {
                        (0xf << x) & ((1u32 << end) - 1) & 0xf
                    } else {
                        (0xf << x) & 0xf
                    };
                    let lbe = if dwc == 1 {
                        0
                    } else if end & 3 == 0 {
                        0xf
                    } else {
                        (1 << (end & 3)) - 1
                    };
                    self.rq = Some(RdTlp {
                        addr: sp.addr & !3,
                        dwc,
                        tag: t as u8,
                        fbe: fbe as u8,
                        lbe: lbe as u8,
                    });
                    self.n_reads = self.n_reads.wrapping_add(1);
                    let po = (sp.addr & 0xfff) as u32;
                    self.tags[t] = Tag {
                        state: TagState::Busy,
                        slot: sp.slot,
                        time: self.now,
                        next: po,
                        end: po + sp.chunk,
                    };
                    self.slots[sp.slot].pending += 1;
                    sp.addr += sp.chunk as u64;
                    sp.left -= sp.chunk;
                    if sp.left == 0 {
                        self.slots[sp.slot].issued_all = true;
                        self.split = None;
                    } else {
                        sp.chunk = sp.left.min(sp.mrrs);
                    }
                }
            }
        }
        // completions (always taken)
        if let Some(b) = i.rc {
            if self.cpl.is_none() {
                let d = &b.data;
                let w0 = u32::from_le_bytes(d[0..4].try_into().unwrap());
                let w1 = u32::from_le_bytes(d[4..8].try_into().unwrap());
                let w2 = u32::from_le_bytes(d[8..12].try_into().unwrap());
                let la = w0 & 0xfff;
                let ec = (w0 >> 12) & 0xf;
                let bc = (w0 >> 16) & 0x1fff;
                let done = w0 >> 30 & 1 == 1;
                let dwc = w1 & 0x7ff;
                let st = (w1 >> 11) & 7;
                let tag = (w2 & 0xff) as usize;
                let t = if tag < TAGS {
                    self.tags[tag]
                } else {
                    Tag::default()
                };
                let stray = t.state != TagState::Busy;
                let clen = bc.min((4 * dwc).saturating_sub(la & 3));
                let ends = la + clen;
                let good = !stray
                    && ec == 0
                    && st == 0
                    && la == t.next
                    && ends <= t.end
                    && (ends == t.end) == done
                    && (done || ends % 64 == 0);
                self.cpl = Some(Cpl {
                    tag,
                    stray,
                    good,
                    la,
                    len: clen,
                    done,
                    bytes: d[12 + (la & 3) as usize..].to_vec(),
                });
            } else if let Some(c) = self.cpl.as_mut() {
                c.bytes.extend_from_slice(&b.data);
            }
            if b.discontinue {
                self.cpl.as_mut().unwrap().good = false;
            }
            if b.last {
                let c = self.cpl.take().unwrap();
                if c.stray {
                    self.n_stray = self.n_stray.wrapping_add(1);
                } else {
                    let t = self.tags[c.tag];
                    if c.good {
                        let s = &mut self.slots[t.slot];
                        for k in 0..c.len as usize {
                            s.page[c.la as usize + k] = c.bytes[k];
                        }
                        self.tags[c.tag].next = c.la + c.len;
                        if c.done {
                            self.tags[c.tag].state = TagState::Free;
                            self.later.push((t.slot, false, true));
                        }
                    } else {
                        self.n_cpl_err = self.n_cpl_err.wrapping_add(1);
                        self.tags[c.tag] = Tag {
                            state: TagState::Dead,
                            time: self.now,
                            ..t
                        };
                        self.later.push((t.slot, true, true));
                    }
                }
            }
        }
        // the timeout checker: one tag per clock
        let scan = (self.now as usize) % TAGS;
        let t = self.tags[scan];
        let in_cpl = self.cpl.as_ref().is_some_and(|c| c.tag == scan);
        if i.timeout != 0 && self.now.wrapping_sub(t.time) >= i.timeout && !in_cpl {
            match t.state {
                TagState::Busy => {
                    self.n_timeouts = self.n_timeouts.wrapping_add(1);
                    self.tags[scan] = Tag {
                        state: TagState::Dead,
                        time: self.now,
                        ..t
                    };
                    self.later.push((t.slot, true, true));
                }
                TagState::Dead => self.tags[scan].state = TagState::Free,
                TagState::Free => {}
            }
        }
        // responses, the oldest slot first
        if self.rs.is_none() {
            if let Some(s) = self.slots.front() {
                if s.issued_all && s.pending == 0 {
                    let beats = s.len.div_ceil(64).max(1);
                    let mut data = [0u8; 64];
                    if !s.err {
                        for (k, b) in data.iter_mut().enumerate() {
                            let pos = 64 * self.r_k + k as u32;
                            if pos < s.len {
                                *b = s.page[(s.off + pos) as usize];
                            }
                        }
                    }
                    let last = self.r_k + 1 == beats;
                    self.rs = Some(RsBeat {
                        data,
                        tag: s.tag,
                        last,
                        err: s.err,
                    });
                    if last {
                        self.r_k = 0;
                        self.slots.pop_front();
                        // later effects name ring positions: shift them
                        for e in self.later.iter_mut() {
                            e.0 = e.0.wrapping_sub(1);
                        }
                        for t in self.tags.iter_mut() {
                            t.slot = t.slot.wrapping_sub(1);
                        }
                        if let Some(sp) = self.split.as_mut() {
                            sp.slot -= 1;
                        }
                    } else {
                        self.r_k += 1;
                    }
                }
            }
        }
        // requests
        if let (Some(r), true) = (i.rd, out_before.rd_ready) {
            let off = (r.addr & 0xfff) as u32;
            let len = r.len as u32 & 0x1fff;
            let bad = len == 0 || len > 4096 || off + len > 4096;
            self.slots.push_back(Slot {
                tag: r.tag,
                off,
                len,
                err: bad,
                issued_all: bad,
                pending: 0,
                page: vec![0; 4096],
            });
            if !bad {
                self.split = Some(Split {
                    slot: self.slots.len() - 1,
                    addr: r.addr,
                    left: len,
                    mrrs: 128 << (i.mrrs.min(5)),
                    chunk: 0,
                    setup: true,
                });
            }
        }
        self.now = self.now.wrapping_add(1);
        self.outputs()
    }
}
