//! Reference model of `tx_builder` (hdl/rtl/src/tx_builder.rs): the transmit
//! frame builder, written from the block's doc comment. Headers are written
//! byte by byte with braid-spec's field tables (not with the RTL's shifted
//! pieces); the checksum is braid-spec's.

use super::{get_u64, put_u64, CycleModel, Stimulus};
use braid_spec::field::Field;
use braid_spec::wire::braid::{self as br, Opcode, BASE_HEADER_LEN};
use braid_spec::wire::checksum;
use braid_spec::wire::eth::{self, ETHERNET_LEN, VLAN_TAG_LEN};
use braid_spec::wire::ip::{self, IPV4_LEN, IPV6_LEN, IP_PROTO_UDP};
use braid_spec::wire::udp::{self, UDP_LEN};
use braid_spec::BRAID_VERSION;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::VecDeque;

/// Bytes per beat.
pub const BEAT: usize = 64;
/// Output FIFO depth of the block.
pub const FIFO_DEPTH: usize = 4;

/// One header descriptor (every field the block's `d_*` ports carry).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[allow(missing_docs)]
pub struct TxDesc {
    pub dst_mac: u64,
    pub src_mac: u64,
    pub vlan: bool,
    pub vlan_tci: u16,
    pub ipv6: bool,
    pub src_ip: u128,
    pub dst_ip: u128,
    pub dscp: u8,
    pub ttl: u8,
    pub flow_label: u32,
    pub udp_sport: u16,
    pub udp_dport: u16,
    pub opcode: u8,
    pub flags: u8,
    pub path_id: u8,
    pub dst_conn: u32,
    pub path_psn: u32,
    pub csn: u32,
    pub timestamp: u32,
    pub payload_len: u16,
    pub floor_delta: u16,
    pub rkey: u32,
    pub va: u64,
    pub stream: u8,
    pub rsn: u32,
    pub msn: u32,
    pub offset: u32,
    pub msg_len: u32,
    pub imm: u32,
    pub ack_base_psn: u32,
    pub ack_csn_base: u32,
    pub ack_ts_echo: u32,
    pub ack_ecn_count: u16,
    pub ack_rate_hint: u16,
    /// Wire bytes of the SACK field (byte k = bits 8k+7..8k of the port).
    pub ack_sack: [u8; 32],
    pub nack_reason: u8,
    pub nack_psn: u32,
    pub nack_csn: u32,
    pub nack_detail: u32,
    pub probe_seq: u32,
    pub probe_ts: u32,
}

impl TxDesc {
    /// Braid header bytes the block emits for this opcode (the base header
    /// alone for an opcode outside the table).
    pub fn braid_len(&self) -> usize {
        Opcode::from_u8(self.opcode).map_or(BASE_HEADER_LEN, |o| o.header_len())
    }

    /// Ethernet (+ tag) + IP header bytes.
    pub fn l23_len(&self) -> usize {
        ETHERNET_LEN
            + if self.vlan { VLAN_TAG_LEN } else { 0 }
            + if self.ipv6 { IPV6_LEN } else { IPV4_LEN }
    }

    /// All header bytes before the payload.
    pub fn header_len(&self) -> usize {
        self.l23_len() + UDP_LEN + self.braid_len()
    }

    /// UDP length as the block computes it (16 bits, wrapping).
    pub fn udp_len(&self) -> u16 {
        (UDP_LEN + self.braid_len() + self.payload_len as usize) as u16
    }

    /// Frame length without FCS.
    pub fn frame_len(&self) -> usize {
        self.header_len() + self.payload_len as usize
    }

    /// The frame's header bytes, written with braid-spec's field tables.
    pub fn header(&self) -> Vec<u8> {
        let mut b = vec![0u8; self.header_len()];
        let w = |b: &mut [u8], at: usize, f: &Field, v: u64| f.write(&mut b[at..], v);
        w(&mut b, 0, &eth::ETH_DST, self.dst_mac);
        w(&mut b, 0, &eth::ETH_SRC, self.src_mac);
        let et = if self.ipv6 {
            eth::ETHERTYPE_IPV6
        } else {
            eth::ETHERTYPE_IPV4
        };
        let mut l3 = ETHERNET_LEN;
        if self.vlan {
            w(&mut b, 0, &eth::ETH_TYPE, eth::ETHERTYPE_VLAN as u64);
            let t = self.vlan_tci as u64;
            w(&mut b, l3, &eth::VLAN_PCP, t >> 13);
            w(&mut b, l3, &eth::VLAN_DEI, (t >> 12) & 1);
            w(&mut b, l3, &eth::VLAN_VID, t & 0xfff);
            w(&mut b, l3, &eth::VLAN_TYPE, et as u64);
            l3 += VLAN_TAG_LEN;
        } else {
            w(&mut b, 0, &eth::ETH_TYPE, et as u64);
        }
        let udp_len = self.udp_len();
        let l4 = if self.ipv6 {
            w(&mut b, l3, &ip::V6_VERSION, 6);
            w(&mut b, l3, &ip::V6_DSCP, self.dscp as u64);
            w(&mut b, l3, &ip::V6_ECN, ip::ECN_ECT0 as u64);
            w(&mut b, l3, &ip::V6_FLOW, self.flow_label as u64);
            w(&mut b, l3, &ip::V6_PAYLOAD_LEN, udp_len as u64);
            w(&mut b, l3, &ip::V6_NEXT, IP_PROTO_UDP as u64);
            w(&mut b, l3, &ip::V6_HOP, self.ttl as u64);
            ip::V6_SRC
                .bytes_mut(&mut b[l3..])
                .copy_from_slice(&self.src_ip.to_be_bytes());
            ip::V6_DST
                .bytes_mut(&mut b[l3..])
                .copy_from_slice(&self.dst_ip.to_be_bytes());
            l3 + IPV6_LEN
        } else {
            w(&mut b, l3, &ip::V4_VERSION, 4);
            w(&mut b, l3, &ip::V4_IHL, 5);
            w(&mut b, l3, &ip::V4_DSCP, self.dscp as u64);
            w(&mut b, l3, &ip::V4_ECN, ip::ECN_ECT0 as u64);
            w(
                &mut b,
                l3,
                &ip::V4_TOTAL_LEN,
                (IPV4_LEN as u64 + udp_len as u64) & 0xffff,
            );
            w(&mut b, l3, &ip::V4_DF, 1);
            w(&mut b, l3, &ip::V4_TTL, self.ttl as u64);
            w(&mut b, l3, &ip::V4_PROTO, IP_PROTO_UDP as u64);
            w(&mut b, l3, &ip::V4_SRC, self.src_ip as u32 as u64);
            w(&mut b, l3, &ip::V4_DST, self.dst_ip as u32 as u64);
            let c = checksum::checksum(&b[l3..l3 + IPV4_LEN]);
            w(&mut b, l3, &ip::V4_CHECKSUM, c as u64);
            l3 + IPV4_LEN
        };
        w(&mut b, l4, &udp::UDP_SRC, self.udp_sport as u64);
        w(&mut b, l4, &udp::UDP_DST, self.udp_dport as u64);
        w(&mut b, l4, &udp::UDP_LENGTH, udp_len as u64);
        let o = l4 + UDP_LEN;
        w(&mut b, o, &br::B_VERSION, BRAID_VERSION as u64);
        w(&mut b, o, &br::B_OPCODE, self.opcode as u64);
        w(&mut b, o, &br::B_FLAGS, self.flags as u64);
        w(&mut b, o, &br::B_PATH_ID, self.path_id as u64);
        w(&mut b, o, &br::B_HDR_WORDS, (self.braid_len() / 4) as u64);
        w(&mut b, o, &br::B_DST_CONN, self.dst_conn as u64);
        w(&mut b, o, &br::B_PATH_PSN, self.path_psn as u64);
        w(&mut b, o, &br::B_CSN, self.csn as u64);
        w(&mut b, o, &br::B_TIMESTAMP, self.timestamp as u64);
        w(&mut b, o, &br::B_PAYLOAD_LEN, self.payload_len as u64);
        w(&mut b, o, &br::B_FLOOR_DELTA, self.floor_delta as u64);
        let e = o + BASE_HEADER_LEN;
        match Opcode::from_u8(self.opcode) {
            Some(op @ (Opcode::Write | Opcode::WriteImm)) => {
                w(&mut b, e, &br::W_RKEY, self.rkey as u64);
                w(&mut b, e, &br::W_VA, self.va);
                w(&mut b, e, &br::W_STREAM, self.stream as u64);
                w(&mut b, e, &br::W_MSN, self.msn as u64);
                w(&mut b, e, &br::W_MSG_LEN, self.msg_len as u64);
                if op.has_imm() {
                    w(&mut b, e + br::WRITE_EXT_LEN, &br::I_IMM, self.imm as u64);
                }
            }
            Some(op @ (Opcode::Send | Opcode::SendImm)) => {
                w(&mut b, e, &br::S_STREAM, self.stream as u64);
                w(&mut b, e, &br::S_RSN, self.rsn as u64);
                w(&mut b, e, &br::S_MSN, self.msn as u64);
                w(&mut b, e, &br::S_OFFSET, self.offset as u64);
                w(&mut b, e, &br::S_MSG_LEN, self.msg_len as u64);
                if op.has_imm() {
                    w(&mut b, e + br::SEND_EXT_LEN, &br::I_IMM, self.imm as u64);
                }
            }
            Some(Opcode::Ack) => {
                w(&mut b, e, &br::A_BASE_PSN, self.ack_base_psn as u64);
                w(&mut b, e, &br::A_CSN_BASE, self.ack_csn_base as u64);
                w(&mut b, e, &br::A_TS_ECHO, self.ack_ts_echo as u64);
                w(&mut b, e, &br::A_ECN_COUNT, self.ack_ecn_count as u64);
                w(&mut b, e, &br::A_RATE_HINT, self.ack_rate_hint as u64);
                br::A_SACK
                    .bytes_mut(&mut b[e..])
                    .copy_from_slice(&self.ack_sack);
            }
            Some(Opcode::Nack) => {
                w(&mut b, e, &br::N_REASON, self.nack_reason as u64);
                w(&mut b, e, &br::N_PSN, self.nack_psn as u64);
                w(&mut b, e, &br::N_CSN, self.nack_csn as u64);
                w(&mut b, e, &br::N_DETAIL, self.nack_detail as u64);
            }
            Some(Opcode::Probe | Opcode::ProbeReply) => {
                w(&mut b, e, &br::P_SEQ, self.probe_seq as u64);
                w(&mut b, e, &br::P_TS, self.probe_ts as u64);
            }
            None => {}
        }
        b
    }
}

/// One payload beat.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlBeat {
    /// Bytes (lane 0 first).
    pub data: [u8; BEAT],
    /// `pl_keep`.
    pub keep: u64,
    /// `pl_last`.
    pub last: bool,
    /// `pl_bad`.
    pub bad: bool,
}

/// One clock's inputs.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TxIn {
    /// `d_valid` with the descriptor.
    pub desc: Option<TxDesc>,
    /// `pl_valid` with the beat.
    pub pl: Option<PlBeat>,
    /// `m_ready`.
    pub m_ready: bool,
}

/// Outputs after an edge.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TxOut {
    /// `d_ready`.
    pub d_ready: bool,
    /// `pl_ready`.
    pub pl_ready: bool,
    /// `m_valid`.
    pub m_valid: bool,
    /// `m_data`.
    pub m_data: [u8; BEAT],
    /// `m_keep`.
    pub m_keep: u64,
    /// `m_last`.
    pub m_last: bool,
    /// `m_bad`.
    pub m_bad: bool,
    /// `frames_sent`.
    pub frames_sent: u32,
    /// `bytes_sent`.
    pub bytes_sent: u64,
    /// `pl_errors`.
    pub pl_errors: u32,
}

impl Default for TxOut {
    /// The outputs at power-up: stage A empty, so `d_ready` is 1.
    fn default() -> Self {
        TxOut {
            d_ready: true,
            pl_ready: false,
            m_valid: false,
            m_data: [0; BEAT],
            m_keep: 0,
            m_last: false,
            m_bad: false,
            frames_sent: 0,
            bytes_sent: 0,
            pl_errors: 0,
        }
    }
}

/// Keep mask of the low `n mod 64` lanes, all 64 when `n mod 64 == 0`.
pub fn tail_keep(n: usize) -> u64 {
    match n % BEAT {
        0 => u64::MAX,
        m => (1u64 << m) - 1,
    }
}

/// One beat of bytes (a `Default` 64-byte array).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct B64([u8; BEAT]);

impl Default for B64 {
    fn default() -> Self {
        B64([0; BEAT])
    }
}

impl std::ops::Deref for B64 {
    type Target = [u8; BEAT];
    fn deref(&self) -> &[u8; BEAT] {
        &self.0
    }
}

/// A descriptor as stage P holds it.
#[derive(Debug, Clone)]
struct Prepared {
    hdr: [[u8; BEAT]; 3],
    f: u32,
    nbpl: u32,
    nbout: u32,
    s: usize,
    hb2: bool,
    pkeep: u64,
    fkeep: u64,
}

fn prepare(d: &TxDesc) -> Prepared {
    let h = d.header();
    let mut hdr = [[0u8; BEAT]; 3];
    for (i, &x) in h.iter().enumerate() {
        hdr[i / BEAT][i % BEAT] = x;
    }
    let hl = h.len();
    let p = d.payload_len as usize;
    let f = (hl + p) as u32 & 0x1_ffff;
    Prepared {
        hdr,
        f,
        nbpl: p.div_ceil(BEAT) as u32,
        nbout: f.div_ceil(BEAT as u32) & 0x7ff,
        s: hl % BEAT,
        hb2: hl & 0x80 != 0,
        pkeep: tail_keep(p),
        fkeep: tail_keep(f as usize),
    }
}

/// Sequencer state (the frame being issued).
#[derive(Debug, Clone, Default)]
struct Seq {
    act: bool,
    hdr1: bool,
    first: bool,
    hcur1: B64,
    hcur2: B64,
    f: u32,
    pl_left: u32,
    pl_more: bool,
    pl_one: bool,
    out_left: u32,
    out_one: bool,
    s: usize,
    hb2: bool,
    pkeep: u64,
    fkeep: u64,
    bad: bool,
}

/// Beat stage 1 (command).
#[derive(Debug, Clone, Default)]
struct Cmd {
    v: bool,
    hdr_k: bool,
    pl_k: bool,
    first: bool,
    last: bool,
    hdr: B64,
    pl: B64,
    pl_last: bool,
    pl_keep: u64,
    exp_last: bool,
    exp_keep: u64,
    s: usize,
    keep: u64,
    f: u32,
    bad: bool,
}

/// Beat stage 2 (rotated payload).
#[derive(Debug, Clone, Default)]
struct Rot {
    v: bool,
    hdr_k: bool,
    pl_k: bool,
    first: bool,
    last: bool,
    hdr: B64,
    rot: B64,
    s: usize,
    keep: u64,
    f: u32,
    err: bool,
    bad: bool,
}

/// One FIFO slot.
#[derive(Debug, Clone, Copy)]
struct Slot {
    data: [u8; BEAT],
    keep: u64,
    last: bool,
    f: u32,
    bad: bool,
}

impl Default for Slot {
    fn default() -> Self {
        Slot {
            data: [0; BEAT],
            keep: 0,
            last: false,
            f: 0,
            bad: false,
        }
    }
}

/// Cycle-exact model.
#[derive(Debug, Clone, Default)]
pub struct TxBuilderModel {
    /// Stages A..E: descriptors in flight (index 0 = A).
    pipe: [Option<TxDesc>; 5],
    /// Stage P.
    p: Option<Prepared>,
    seq: Seq,
    c: Cmd,
    r: Rot,
    carry: B64,
    fifo: [Slot; FIFO_DEPTH],
    wr: usize,
    rd: usize,
    cnt: usize,
    q_last: bool,
    q_f: u32,
    frames: u32,
    bytes: u64,
    errs: u32,
}

/// Flow-control signals of one clock (functions of the state only, except
/// the payload handshake).
struct Flow {
    room: bool,
    start: bool,
    plr: bool,
    hdr1: bool,
    flush: bool,
    free: [bool; 6],
}

impl TxBuilderModel {
    fn flow(&self) -> Flow {
        let occ = self.cnt + self.c.v as usize + self.r.v as usize;
        let room = occ < FIFO_DEPTH;
        let s = &self.seq;
        let start = !s.act && self.p.is_some() && room;
        let plr = s.act && !s.hdr1 && s.pl_more && room;
        let hdr1 = s.act && s.hdr1 && room;
        let flush = s.act && !s.hdr1 && !s.pl_more && room;
        // free[0] = A ... free[4] = E, free[5] = P
        let mut free = [false; 6];
        free[5] = self.p.is_none() || start;
        for k in (0..5).rev() {
            free[k] = self.pipe[k].is_none() || free[k + 1];
        }
        Flow {
            room,
            start,
            plr,
            hdr1,
            flush,
            free,
        }
    }

    fn outputs(&self) -> TxOut {
        let f = self.flow();
        let h = &self.fifo[self.rd];
        TxOut {
            d_ready: f.free[0],
            pl_ready: f.plr,
            m_valid: self.cnt != 0,
            m_data: h.data,
            m_keep: h.keep,
            m_last: h.last,
            m_bad: h.bad,
            frames_sent: self.frames,
            bytes_sent: self.bytes,
            pl_errors: self.errs,
        }
    }
}

fn rotate(x: &[u8; BEAT], s: usize) -> [u8; BEAT] {
    let mut r = [0u8; BEAT];
    for (i, v) in r.iter_mut().enumerate() {
        *v = x[(i + BEAT - s) % BEAT];
    }
    r
}

impl CycleModel for TxBuilderModel {
    const MODULE: &'static str = "tx_builder";
    const INPUTS: &'static [&'static str] = &[
        "d_valid",
        "d_dst_mac",
        "d_src_mac",
        "d_vlan",
        "d_vlan_tci",
        "d_ipv6",
        "d_src_ip",
        "d_dst_ip",
        "d_dscp",
        "d_ttl",
        "d_flow_label",
        "d_udp_sport",
        "d_udp_dport",
        "d_opcode",
        "d_flags",
        "d_path_id",
        "d_dst_conn",
        "d_path_psn",
        "d_csn",
        "d_timestamp",
        "d_payload_len",
        "d_floor_delta",
        "d_rkey",
        "d_va",
        "d_stream",
        "d_rsn",
        "d_msn",
        "d_offset",
        "d_msg_len",
        "d_imm",
        "d_ack_base_psn",
        "d_ack_csn_base",
        "d_ack_ts_echo",
        "d_ack_ecn_count",
        "d_ack_rate_hint",
        "d_ack_sack",
        "d_nack_reason",
        "d_nack_psn",
        "d_nack_csn",
        "d_nack_detail",
        "d_probe_seq",
        "d_probe_ts",
        "pl_valid",
        "pl_data",
        "pl_keep",
        "pl_last",
        "m_ready",
        "pl_bad",
    ];
    const OUTPUTS: &'static [&'static str] = &[
        "d_ready",
        "pl_ready",
        "m_valid",
        "m_data",
        "m_keep",
        "m_last",
        "frames_sent",
        "bytes_sent",
        "pl_errors",
        "m_bad",
    ];
    type In = TxIn;
    type Out = TxOut;
    type Stim = TxStim;

    fn step(&mut self, i: &TxIn) -> TxOut {
        let fl = self.flow();
        let issue_pl = fl.plr && i.pl.is_some();
        let pop = self.cnt != 0 && i.m_ready;
        let head = self.fifo[self.rd];

        // counters (registered pop of a last beat)
        self.frames = self.frames.wrapping_add(self.q_last as u32);
        if self.q_last {
            self.bytes = self.bytes.wrapping_add(self.q_f as u64);
        }
        self.errs = self.errs.wrapping_add(self.r.err as u32);
        self.q_last = pop && head.last;
        self.q_f = head.f;

        // merge stage 2 into the FIFO
        let r = &self.r;
        if r.v {
            let prev = if r.first { r.hdr } else { self.carry };
            let mut d = [0u8; BEAT];
            for (k, x) in d.iter_mut().enumerate() {
                let raw = if r.hdr_k {
                    r.hdr[k]
                } else if k < r.s {
                    prev[k]
                } else if r.pl_k {
                    r.rot[k]
                } else {
                    0
                };
                *x = if r.keep >> k & 1 == 1 { raw } else { 0 };
            }
            self.fifo[self.wr] = Slot {
                data: d,
                keep: r.keep,
                last: r.last,
                f: r.f,
                bad: r.bad,
            };
            self.wr = (self.wr + 1) % FIFO_DEPTH;
            if r.pl_k {
                self.carry = r.rot;
            }
        }
        if pop {
            self.rd = (self.rd + 1) % FIFO_DEPTH;
        }
        self.cnt = self.cnt + r.v as usize - pop as usize;
        assert!(self.cnt <= FIFO_DEPTH, "FIFO overflow");

        // beat stage 2 from stage 1
        let c = &self.c;
        self.r = Rot {
            v: c.v,
            hdr_k: c.hdr_k,
            pl_k: c.pl_k,
            first: c.first,
            last: c.last,
            hdr: c.hdr,
            rot: B64(rotate(&c.pl, c.s)),
            s: c.s,
            keep: c.keep,
            f: c.f,
            err: c.v && c.pl_k && (c.pl_last != c.exp_last || c.pl_keep != c.exp_keep),
            bad: c.bad && c.last,
        };

        // sequencer -> stage 1
        let s = &self.seq;
        let pl = i.pl.unwrap_or(PlBeat {
            data: [0; BEAT],
            keep: 0,
            last: false,
            bad: false,
        });
        let p0 = self.p.as_ref().map_or([0; BEAT], |p| p.hdr[0]);
        self.c = Cmd {
            v: fl.start || fl.hdr1 || issue_pl || fl.flush,
            hdr_k: fl.start || fl.hdr1,
            pl_k: issue_pl,
            first: s.first,
            last: !fl.start && s.out_one,
            hdr: if fl.start {
                B64(p0)
            } else if s.hdr1 || !s.hb2 {
                s.hcur1
            } else {
                s.hcur2
            },
            pl: B64(pl.data),
            pl_last: pl.last,
            pl_keep: pl.keep,
            exp_last: s.pl_one,
            exp_keep: if s.pl_one { s.pkeep } else { u64::MAX },
            s: s.s,
            keep: if !fl.start && s.out_one {
                s.fkeep
            } else {
                u64::MAX
            },
            f: s.f,
            bad: !fl.start && (s.bad || (issue_pl && pl.bad)),
        };
        let old = self.seq.clone();
        let s = &mut self.seq;
        if fl.start {
            let p = self.p.as_ref().expect("start without a prepared frame");
            *s = Seq {
                act: true,
                hdr1: p.hb2,
                first: true,
                hcur1: B64(p.hdr[1]),
                hcur2: B64(p.hdr[2]),
                f: p.f,
                pl_left: p.nbpl,
                pl_more: p.nbpl != 0,
                pl_one: p.nbpl == 1,
                out_left: (p.nbout.wrapping_sub(1)) & 0x7ff,
                out_one: p.nbout == 2,
                s: p.s,
                hb2: p.hb2,
                pkeep: p.pkeep,
                fkeep: p.fkeep,
                bad: false,
            };
        }
        if fl.hdr1 || issue_pl || fl.flush {
            s.out_left = old.out_left.wrapping_sub(1) & 0x7ff;
            s.out_one = old.out_left == 2;
            if old.out_one {
                s.act = false;
            }
            if fl.hdr1 {
                s.hdr1 = false;
            } else {
                s.first = false;
            }
            if issue_pl {
                s.bad |= pl.bad;
                s.pl_left = old.pl_left.wrapping_sub(1) & 0x7ff;
                s.pl_more = !old.pl_one;
                s.pl_one = old.pl_left == 2;
            }
        }

        // descriptor pipeline
        if fl.free[5] {
            self.p = self.pipe[4].take().map(|d| prepare(&d));
        }
        for k in (1..5).rev() {
            if fl.free[k] {
                self.pipe[k] = self.pipe[k - 1].take();
            }
        }
        if fl.free[0] {
            self.pipe[0] = i.desc;
        }
        let _ = fl.room;
        self.outputs()
    }

    fn encode(i: &TxIn, p: &mut [Vec<u32>]) {
        if let Some(d) = &i.desc {
            put_u64(&mut p[0], 1);
            put_desc(&mut p[1..], d);
        }
        if let Some(b) = &i.pl {
            put_u64(&mut p[42], 1);
            put_bytes(&mut p[43], &b.data);
            put_u64(&mut p[44], b.keep);
            put_u64(&mut p[45], b.last as u64);
            put_u64(&mut p[47], b.bad as u64);
        }
        put_u64(&mut p[46], i.m_ready as u64);
    }

    fn decode(p: &[Vec<u32>]) -> TxOut {
        let mut data = [0u8; BEAT];
        for (k, w) in p[3].iter().enumerate() {
            data[4 * k..4 * k + 4].copy_from_slice(&w.to_le_bytes());
        }
        TxOut {
            d_ready: get_u64(&p[0]) & 1 == 1,
            pl_ready: get_u64(&p[1]) & 1 == 1,
            m_valid: get_u64(&p[2]) & 1 == 1,
            m_data: data,
            m_keep: get_u64(&p[4]),
            m_last: get_u64(&p[5]) & 1 == 1,
            frames_sent: get_u64(&p[6]) as u32,
            bytes_sent: get_u64(&p[7]),
            pl_errors: get_u64(&p[8]) as u32,
            m_bad: get_u64(&p[9]) & 1 == 1,
        }
    }
}

// ---------------------------------------------------------------- stimulus

/// A frame the stimulus collected from the output.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Collected {
    /// Frame bytes (the kept lanes of its beats).
    pub bytes: Vec<u8>,
    /// Every beat but the last had all 64 keep bits, and the last beat's keep
    /// was a run of low lanes.
    pub keep_ok: bool,
    /// Beats of the frame.
    pub beats: usize,
    /// `m_bad` with its last beat.
    pub bad: bool,
}

/// Rates of one traffic phase (percent).
#[derive(Debug, Clone, Copy)]
pub struct Phase {
    /// A new descriptor is offered in a clock.
    pub desc: u32,
    /// The next payload beat is offered in a clock.
    pub pl: u32,
    /// `m_ready` is high.
    pub ready: u32,
}

/// Seeded closed-loop stimulus: descriptors of every opcode (and a few
/// unknown ones), IPv4/IPv6, tagged or not, payloads from 0 to 9000 bytes
/// biased to the beat edges, random gaps on both inputs, random
/// back-pressure, occasional wrong `pl_last`/`pl_keep`. Valid is held until
/// ready (AXI rules). It also records what it sent and reassembles the
/// frames it took from the output, for the end-to-end checks.
#[derive(Debug)]
pub struct TxStim {
    rng: ChaCha8Rng,
    /// Fixed phase (throughput runs), else random phases.
    fixed: Option<Phase>,
    phase: Phase,
    phase_left: u32,
    last: TxOut,
    offer: Option<TxDesc>,
    offer_pl: Option<PlBeat>,
    queue: VecDeque<PlBeat>,
    cur: Vec<u8>,
    cur_ok: bool,
    cur_beats: usize,
    /// Descriptors taken by the block and their payloads, in order.
    pub sent: Vec<(TxDesc, Vec<u8>)>,
    /// Frames taken from the block, in order.
    pub frames: Vec<Collected>,
    /// Payload beats taken whose `pl_last`/`pl_keep` were made wrong.
    pub bad_beats: u32,
    /// Per descriptor taken: its payload beats carried `pl_bad` (every
    /// eleventh payload of at least one beat, all its beats).
    pub sent_bad: Vec<bool>,
    payloads: u64,
    /// Clocks in which a beat was taken from the output.
    pub beats_out: u64,
    /// Offer no new descriptor (let the block drain).
    pub stop: bool,
    /// Largest payload generated.
    pub max_payload: u16,
}

impl TxStim {
    /// A stimulus with one fixed phase (e.g. 100/100/100 for full speed).
    pub fn fixed(seed: u64, phase: Phase) -> Self {
        let mut s = Self::new(seed);
        s.fixed = Some(phase);
        s.phase = phase;
        s
    }

    fn new_phase(&mut self) {
        let r = &mut self.rng;
        let pick = |r: &mut ChaCha8Rng| match r.gen_range(0..4) {
            0 => 100,
            1 => r.gen_range(70..100),
            2 => r.gen_range(20..70),
            _ => r.gen_range(2..20),
        };
        self.phase = Phase {
            desc: pick(r),
            pl: pick(r),
            ready: pick(r),
        };
        self.phase_left = r.gen_range(200..3000);
    }

    /// A random descriptor and its payload.
    pub fn descriptor(&mut self) -> (TxDesc, Vec<u8>) {
        let max_payload = self.max_payload;
        let r = &mut self.rng;
        let ops = br::OPCODES;
        let opcode = if r.gen_range(0..50) == 0 {
            loop {
                let v: u8 = r.gen();
                if Opcode::from_u8(v).is_none() {
                    break v;
                }
            }
        } else {
            ops[r.gen_range(0..ops.len())].value()
        };
        let data = Opcode::from_u8(opcode).is_none_or(|o| o.is_data());
        let payload_len: u16 = if !data {
            0
        } else {
            match r.gen_range(0..20) {
                0 => 0,
                1..=5 => r.gen_range(1..=130),
                6..=9 => {
                    let k = r.gen_range(1..=24u16) * 64;
                    (k + r.gen_range(0..3)).wrapping_sub(1)
                }
                10..=14 => r.gen_range(131..=1500),
                15..=18 => r.gen_range(1501..=9000),
                _ => [1, 63, 64, 65, 127, 128, 129, 9000][r.gen_range(0..8)],
            }
            .min(max_payload)
        };
        let ipv6 = r.gen();
        let v4 = |r: &mut ChaCha8Rng| -> u128 {
            if r.gen() {
                0xffff_0000_0000 | r.gen::<u32>() as u128
            } else {
                r.gen()
            }
        };
        let mut sack = [0u8; 32];
        r.fill(&mut sack[..]);
        let reasons = br::NACK_REASONS;
        let d = TxDesc {
            dst_mac: r.gen::<u64>() & 0xffff_ffff_ffff,
            src_mac: r.gen::<u64>() & 0xffff_ffff_ffff,
            vlan: r.gen(),
            vlan_tci: r.gen(),
            ipv6,
            src_ip: if ipv6 { r.gen() } else { v4(r) },
            dst_ip: if ipv6 { r.gen() } else { v4(r) },
            dscp: r.gen_range(0..64),
            ttl: r.gen(),
            flow_label: r.gen_range(0..1 << 20),
            udp_sport: r.gen(),
            udp_dport: if r.gen_range(0..4) == 0 {
                r.gen()
            } else {
                braid_spec::BRAID_UDP_PORT
            },
            opcode,
            flags: r.gen(),
            path_id: r.gen(),
            dst_conn: r.gen_range(0..1 << 24),
            path_psn: r.gen(),
            csn: r.gen(),
            timestamp: r.gen(),
            payload_len,
            floor_delta: r.gen(),
            rkey: r.gen(),
            va: r.gen(),
            stream: r.gen(),
            rsn: r.gen_range(0..1 << 24),
            msn: r.gen(),
            offset: r.gen(),
            msg_len: r.gen(),
            imm: r.gen(),
            ack_base_psn: r.gen(),
            ack_csn_base: r.gen(),
            ack_ts_echo: r.gen(),
            ack_ecn_count: r.gen(),
            ack_rate_hint: r.gen(),
            ack_sack: sack,
            nack_reason: if r.gen_range(0..20) == 0 {
                r.gen()
            } else {
                reasons[r.gen_range(0..reasons.len())].value()
            },
            nack_psn: r.gen(),
            nack_csn: r.gen(),
            nack_detail: r.gen(),
            probe_seq: r.gen(),
            probe_ts: r.gen(),
        };
        let mut payload = vec![0u8; payload_len as usize];
        r.fill(&mut payload[..]);
        (d, payload)
    }

    fn beats_of(&mut self, payload: &[u8]) {
        let n = payload.len().div_ceil(BEAT);
        let bad = n > 0 && self.payloads % 11 == 5;
        self.payloads += (n > 0) as u64;
        self.sent_bad.push(bad);
        for k in 0..n {
            let mut data = [0u8; BEAT];
            self.rng.fill(&mut data[..]); // bytes past the payload: garbage
            let part = &payload[k * BEAT..payload.len().min((k + 1) * BEAT)];
            data[..part.len()].copy_from_slice(part);
            let last = k + 1 == n;
            let mut b = PlBeat {
                data,
                keep: if last {
                    tail_keep(payload.len())
                } else {
                    u64::MAX
                },
                last,
                bad,
            };
            if self.rng.gen_range(0..40) == 0 {
                if self.rng.gen() {
                    b.last = !b.last;
                } else {
                    b.keep ^= 1u64 << self.rng.gen_range(0..64);
                }
                self.bad_beats += 1;
            }
            self.queue.push_back(b);
        }
    }
}

impl Stimulus for TxStim {
    type In = TxIn;
    type Out = TxOut;
    const CLOSED_LOOP: bool = true;

    fn new(seed: u64) -> Self {
        let mut s = TxStim {
            rng: ChaCha8Rng::seed_from_u64(seed),
            fixed: None,
            phase: Phase {
                desc: 100,
                pl: 100,
                ready: 100,
            },
            phase_left: 0,
            last: TxOut::default(),
            offer: None,
            offer_pl: None,
            queue: VecDeque::new(),
            cur: Vec::new(),
            cur_ok: true,
            cur_beats: 0,
            sent: Vec::new(),
            frames: Vec::new(),
            bad_beats: 0,
            sent_bad: Vec::new(),
            payloads: 0,
            beats_out: 0,
            stop: false,
            max_payload: 9000,
        };
        s.new_phase();
        s
    }

    fn next(&mut self, _cycle: u64) -> TxIn {
        if self.fixed.is_none() {
            if self.phase_left == 0 {
                self.new_phase();
            }
            self.phase_left -= 1;
        }
        let ph = self.phase;
        // descriptor: offered until taken (the outputs seen after the last
        // edge are the readies of this clock)
        if self.offer.is_none() && !self.stop && self.rng.gen_range(0..100) < ph.desc {
            let (d, p) = self.descriptor();
            self.offer = Some(d);
            self.sent.push((d, p));
        }
        let desc = self.offer;
        if desc.is_some() && self.last.d_ready {
            self.offer = None;
            let p = self.sent.last().expect("offered").1.clone();
            self.beats_of(&p);
        }
        // payload
        if self.offer_pl.is_none() && self.rng.gen_range(0..100) < ph.pl {
            self.offer_pl = self.queue.pop_front();
        }
        let pl = self.offer_pl;
        if pl.is_some() && self.last.pl_ready {
            self.offer_pl = None;
        }
        // output
        let m_ready = self.rng.gen_range(0..100) < ph.ready;
        if m_ready && self.last.m_valid {
            let o = &self.last;
            self.beats_out += 1;
            self.cur_beats += 1;
            let lanes = o.m_keep.trailing_ones() as usize;
            let run = o.m_keep == u64::MAX || o.m_keep == (1u64 << lanes) - 1;
            self.cur_ok &= run && (o.m_last || o.m_keep == u64::MAX) && lanes > 0;
            self.cur.extend_from_slice(&o.m_data[..lanes]);
            self.cur_ok &= o.m_data[lanes..].iter().all(|&x| x == 0);
            if o.m_last {
                self.frames.push(Collected {
                    bytes: std::mem::take(&mut self.cur),
                    keep_ok: self.cur_ok,
                    beats: self.cur_beats,
                    bad: o.m_bad,
                });
                self.cur_ok = true;
                self.cur_beats = 0;
            }
        }
        TxIn { desc, pl, m_ready }
    }

    fn observe(&mut self, out: &TxOut) {
        self.last = out.clone();
    }
}

/// A 128-bit value onto a port's words.
pub fn put_u128(w: &mut [u32], v: u128) {
    for (k, x) in w.iter_mut().enumerate().take(4) {
        *x = (v >> (32 * k)) as u32;
    }
}

/// Bytes onto a port's words, byte k in bits 8k+7..8k.
pub fn put_bytes(w: &mut [u32], b: &[u8]) {
    for (k, x) in w.iter_mut().enumerate() {
        *x = u32::from_le_bytes([b[4 * k], b[4 * k + 1], b[4 * k + 2], b[4 * k + 3]]);
    }
}

/// Descriptor fields onto their 41 ports.
pub fn put_desc(p: &mut [Vec<u32>], d: &TxDesc) {
    put_u64(&mut p[0], d.dst_mac & 0xffff_ffff_ffff);
    put_u64(&mut p[1], d.src_mac & 0xffff_ffff_ffff);
    put_u64(&mut p[2], d.vlan as u64);
    put_u64(&mut p[3], d.vlan_tci as u64);
    put_u64(&mut p[4], d.ipv6 as u64);
    put_u128(&mut p[5], d.src_ip);
    put_u128(&mut p[6], d.dst_ip);
    put_u64(&mut p[7], (d.dscp & 0x3f) as u64);
    put_u64(&mut p[8], d.ttl as u64);
    put_u64(&mut p[9], (d.flow_label & 0xf_ffff) as u64);
    put_u64(&mut p[10], d.udp_sport as u64);
    put_u64(&mut p[11], d.udp_dport as u64);
    put_u64(&mut p[12], d.opcode as u64);
    put_u64(&mut p[13], d.flags as u64);
    put_u64(&mut p[14], d.path_id as u64);
    put_u64(&mut p[15], (d.dst_conn & 0xff_ffff) as u64);
    put_u64(&mut p[16], d.path_psn as u64);
    put_u64(&mut p[17], d.csn as u64);
    put_u64(&mut p[18], d.timestamp as u64);
    put_u64(&mut p[19], d.payload_len as u64);
    put_u64(&mut p[20], d.floor_delta as u64);
    put_u64(&mut p[21], d.rkey as u64);
    put_u64(&mut p[22], d.va);
    put_u64(&mut p[23], d.stream as u64);
    put_u64(&mut p[24], (d.rsn & 0xff_ffff) as u64);
    put_u64(&mut p[25], d.msn as u64);
    put_u64(&mut p[26], d.offset as u64);
    put_u64(&mut p[27], d.msg_len as u64);
    put_u64(&mut p[28], d.imm as u64);
    put_u64(&mut p[29], d.ack_base_psn as u64);
    put_u64(&mut p[30], d.ack_csn_base as u64);
    put_u64(&mut p[31], d.ack_ts_echo as u64);
    put_u64(&mut p[32], d.ack_ecn_count as u64);
    put_u64(&mut p[33], d.ack_rate_hint as u64);
    put_bytes(&mut p[34], &d.ack_sack);
    put_u64(&mut p[35], d.nack_reason as u64);
    put_u64(&mut p[36], d.nack_psn as u64);
    put_u64(&mut p[37], d.nack_csn as u64);
    put_u64(&mut p[38], d.nack_detail as u64);
    put_u64(&mut p[39], d.probe_seq as u64);
    put_u64(&mut p[40], d.probe_ts as u64);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_is_what_braid_spec_parses() {
        let mut stim = TxStim::new(7);
        for _ in 0..2000 {
            let (d, p) = stim.descriptor();
            let mut f = d.header();
            f.extend_from_slice(&p);
            let parsed = braid_spec::parse_frame_on_port(&f, d.udp_dport);
            let op = Opcode::from_u8(d.opcode);
            let bad_reason = op == Some(Opcode::Nack)
                && braid_spec::NackReason::from_u8(d.nack_reason).is_none();
            if op.is_none() || bad_reason {
                assert!(parsed.is_err());
            } else {
                let fr = parsed.unwrap_or_else(|e| panic!("{e:?} for {d:?}"));
                assert_eq!(fr.payload(&f), &p[..]);
                assert_eq!(fr.repr.braid.base.path_psn, d.path_psn);
            }
        }
    }
}
