//! Reference model of `ack_gen` (hdl/rtl/src/ack_gen.rs): the receiver's
//! ACK/NACK/PROBE_REPLY generator and control-first transmit arbiter,
//! written from the block's doc comment.

use super::tx_builder::{put_desc, put_u128, TxDesc};
use super::{get_u64, put_u64, CycleModel, Stimulus, W256};
use braid_spec::wire::braid::{Opcode, NACK_REASONS};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::{BTreeMap, VecDeque};

/// `now` at clock 0 of the stimulus (it wraps during a run).
pub const NOW0: u32 = u32::MAX - 20_000;
/// Peer table entries.
pub const CONNS: usize = 1024;
/// Entries per request queue.
pub const QUEUE_DEPTH: usize = 4;
/// Control descriptors in a row before waiting data goes.
pub const CTRL_BURST: u8 = 4;
/// `rx_path_table` operations.
pub const OP_PKT: u8 = 0;
/// Restart.
pub const OP_INIT: u8 = 1;
/// ACK sent.
pub const OP_ACK_SENT: u8 = 2;
/// Read (coalescing timer).
pub const OP_READ: u8 = 3;
/// conn flags bits (braid-spec's `state::conn_flags`).
pub const FLAG_VALID: u8 = braid_spec::state::conn_flags::VALID;
/// IPv6 peer.
pub const FLAG_IPV6: u8 = braid_spec::state::conn_flags::IPV6;
/// VLAN tag.
pub const FLAG_VLAN: u8 = braid_spec::state::conn_flags::VLAN;

/// A result of `rx_path_table` with the packet's companions.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[allow(missing_docs)]
pub struct AckRes {
    pub op: u8,
    pub idx: u16,
    pub base: u32,
    pub sack: W256,
    pub ecn_count: u16,
    pub ts_echo: u32,
    pub unacked: u8,
    pub ack_now: bool,
    pub conn: u16,
    pub path_id: u8,
    pub sport: u16,
    pub csn_base: u32,
}

impl AckRes {
    /// Whether the result asks for an ACK.
    pub fn wants_ack(&self) -> bool {
        (self.op == OP_PKT && self.ack_now)
            || (self.op == OP_READ && (self.ack_now || self.unacked != 0))
    }
}

/// A NACK request.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[allow(missing_docs)]
pub struct NackReq {
    pub conn: u16,
    pub path_id: u8,
    pub sport: u16,
    pub reason: u8,
    pub psn: u32,
    pub csn: u32,
    pub detail: u32,
}

/// A PROBE to answer.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[allow(missing_docs)]
pub struct ProbeReq {
    pub conn: u16,
    pub path_id: u8,
    pub sport: u16,
    pub seq: u32,
    pub ts: u32,
}

/// A peer table entry.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[allow(missing_docs)]
pub struct Peer {
    pub flags: u8,
    pub mac: u64,
    pub ip: u128,
    pub dport: u16,
    pub tci: u16,
    pub dscp: u8,
    pub remote_conn: u32,
}

/// One clock's inputs.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[allow(missing_docs)]
pub struct AckGenIn {
    pub res: Option<AckRes>,
    pub rate_hint: u16,
    pub nack: Option<NackReq>,
    pub probe: Option<ProbeReq>,
    /// Peer table write (connection, entry).
    pub cfg: Option<(u16, Peer)>,
    pub src_mac: u64,
    pub src_ip4: u32,
    pub src_ip6: u128,
    pub ttl: u8,
    pub now: u32,
    /// Data descriptor offered.
    pub data: Option<TxDesc>,
    pub d_ready: bool,
}

/// Counter indices in [`AckGenOut::cnt`].
pub const CNT_NAMES: [&str; 8] = [
    "cnt_acks",
    "cnt_nacks",
    "cnt_probe_replies",
    "cnt_ack_coalesced",
    "cnt_ack_drops",
    "cnt_nack_drops",
    "cnt_probe_drops",
    "cnt_no_peer",
];
/// ACKs taken.
pub const C_ACKS: usize = 0;
/// NACKs taken.
pub const C_NACKS: usize = 1;
/// PROBE_REPLYs taken.
pub const C_PROBES: usize = 2;
/// Coalesced ACK requests.
pub const C_COAL: usize = 3;
/// Dropped ACK requests.
pub const C_ADROP: usize = 4;
/// Dropped NACK requests.
pub const C_NDROP: usize = 5;
/// Dropped PROBE requests.
pub const C_PDROP: usize = 6;
/// Requests without a valid peer.
pub const C_NOPEER: usize = 7;

/// Outputs after an edge.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[allow(missing_docs)]
pub struct AckGenOut {
    pub data_ready: bool,
    pub d_valid: bool,
    pub d: TxDesc,
    pub as_valid: bool,
    pub as_idx: u16,
    pub cnt: [u32; 8],
}

/// Cycle-exact model.
#[derive(Debug, Clone)]
pub struct AckGenModel {
    peers: Vec<Peer>,
    /// E0 input registers.
    i: AckGenIn,
    aq: VecDeque<(AckRes, u16)>,
    nq: VecDeque<NackReq>,
    pq: VecDeque<ProbeReq>,
    /// The peer table's registered read port (address of the last edge).
    raddr: u16,
    rd: Peer,
    l: Option<Ctl>,
    o_valid: bool,
    /// ACK kind and index of O's descriptor.
    o_ack: Option<u16>,
    o_kind: u8,
    o: TxDesc,
    run: u8,
    as_valid: bool,
    as_idx: u16,
    ev: [bool; 8],
    cnt: [u32; 8],
}

impl Default for AckGenModel {
    fn default() -> Self {
        AckGenModel {
            peers: vec![Peer::default(); CONNS],
            i: AckGenIn::default(),
            aq: VecDeque::new(),
            nq: VecDeque::new(),
            pq: VecDeque::new(),
            raddr: 0,
            rd: Peer::default(),
            l: None,
            o_valid: false,
            o_ack: None,
            o_kind: 0,
            o: TxDesc::default(),
            run: 0,
            as_valid: false,
            as_idx: 0,
            ev: [false; 8],
            cnt: [0; 8],
        }
    }
}

/// A control request as the lookup stage holds it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ctl {
    /// ACK from a result, with the rate hint sampled with it.
    Ack(AckRes, u16),
    /// NACK.
    Nack(NackReq),
    /// PROBE_REPLY.
    Probe(ProbeReq),
}

impl Ctl {
    fn conn(&self) -> u16 {
        match self {
            Ctl::Ack(a, _) => a.conn,
            Ctl::Nack(n) => n.conn,
            Ctl::Probe(p) => p.conn,
        }
    }
}

/// The SACK port's wire bytes (byte k = bits 8k+7..8k).
pub fn sack_bytes(w: &W256) -> [u8; 32] {
    let mut b = [0u8; 32];
    for k in 0..4 {
        b[8 * k..8 * k + 8].copy_from_slice(&w.0[k].to_le_bytes());
    }
    b
}

/// The control descriptor the block builds from an entry, its peer, the
/// local addresses and the clock.
pub fn control_desc(c: &Ctl, peer: &Peer, i: &AckGenIn) -> TxDesc {
    let (op, path, sport) = match c {
        Ctl::Ack(a, _) => (Opcode::Ack, a.path_id, a.sport),
        Ctl::Nack(n) => (Opcode::Nack, n.path_id, n.sport),
        Ctl::Probe(p) => (Opcode::ProbeReply, p.path_id, p.sport),
    };
    let v6 = peer.flags & FLAG_IPV6 != 0;
    let mut d = TxDesc {
        dst_mac: peer.mac,
        src_mac: i.src_mac,
        vlan: peer.flags & FLAG_VLAN != 0,
        vlan_tci: peer.tci,
        ipv6: v6,
        src_ip: if v6 { i.src_ip6 } else { i.src_ip4 as u128 },
        dst_ip: peer.ip,
        dscp: peer.dscp & 0x3f,
        ttl: i.ttl,
        flow_label: sport as u32,
        udp_sport: sport,
        udp_dport: peer.dport,
        opcode: op.value(),
        path_id: path,
        dst_conn: peer.remote_conn,
        timestamp: i.now,
        ..TxDesc::default()
    };
    match c {
        Ctl::Ack(a, rate) => {
            d.ack_base_psn = a.base;
            d.ack_sack = sack_bytes(&a.sack);
            d.ack_ecn_count = a.ecn_count;
            d.ack_ts_echo = a.ts_echo;
            d.ack_csn_base = a.csn_base;
            d.ack_rate_hint = *rate;
        }
        Ctl::Nack(n) => {
            d.nack_reason = n.reason;
            d.nack_psn = n.psn;
            d.nack_csn = n.csn;
            d.nack_detail = n.detail;
        }
        Ctl::Probe(p) => {
            d.probe_seq = p.seq;
            d.probe_ts = p.ts;
        }
    }
    d
}

impl AckGenModel {
    fn data_ready(&self, d_ready: bool, peer_ok: bool) -> bool {
        let o_acc = !self.o_valid || d_ready;
        let ctl_ok = self.l.is_some() && peer_ok;
        o_acc && (!ctl_ok || self.run == CTRL_BURST)
    }
}

impl CycleModel for AckGenModel {
    const MODULE: &'static str = "ack_gen";
    const INPUTS: &'static [&'static str] = &INPUT_PORTS;
    const OUTPUTS: &'static [&'static str] = &OUTPUT_PORTS;
    type In = AckGenIn;
    type Out = AckGenOut;
    type Stim = AckGenStim;

    fn step(&mut self, i: &AckGenIn) -> AckGenOut {
        let peer_ok = self.rd.flags & FLAG_VALID != 0;
        let o_acc = !self.o_valid || i.d_ready;
        let ctl_ok = self.l.is_some() && peer_ok;
        let ctl_win = ctl_ok && (self.run != CTRL_BURST || i.data.is_none());
        let data_take = o_acc && !ctl_win && i.data.is_some();
        let taken = self.o_valid && i.d_ready;
        // counters add the events registered at the previous edge
        for (c, e) in self.cnt.iter_mut().zip(self.ev) {
            *c = c.wrapping_add(e as u32);
        }
        let mut ev = [false; 8];

        // ack_sent and the emitted-descriptor counters (O before the edge)
        self.as_valid = taken && self.o_kind == 1;
        if self.as_valid {
            self.as_idx = self.o_ack.unwrap_or(0);
        }
        if taken && (1..=3).contains(&self.o_kind) {
            let k = (self.o_kind - 1) as usize;
            ev[k] = true;
        }

        // selection into L (from the queues before the edge)
        let l_free = self.l.is_none();
        let sel = if !l_free {
            None
        } else if let Some(n) = self.nq.front() {
            Some(Ctl::Nack(*n))
        } else if let Some(p) = self.pq.front() {
            Some(Ctl::Probe(*p))
        } else {
            self.aq.front().map(|a| Ctl::Ack(a.0, a.1))
        };
        let pop_a = matches!(sel, Some(Ctl::Ack(..)));
        let pop_n = matches!(sel, Some(Ctl::Nack(_)));
        let pop_p = matches!(sel, Some(Ctl::Probe(_)));

        // O and L
        if self.l.is_some() && !peer_ok {
            ev[C_NOPEER] = true;
            self.l = None;
        }
        if o_acc {
            if ctl_win {
                let c = self.l.take().expect("L full");
                self.o = control_desc(&c, &self.rd, i);
                self.o_valid = true;
                self.o_ack = match c {
                    Ctl::Ack(a, _) => Some(a.idx),
                    _ => None,
                };
                self.o_kind = match c {
                    Ctl::Ack(..) => 1,
                    Ctl::Nack(_) => 2,
                    Ctl::Probe(_) => 3,
                };
                if self.run != CTRL_BURST {
                    self.run += 1;
                }
            } else if data_take {
                self.o = i.data.expect("data");
                self.o_valid = true;
                self.o_kind = 0;
                self.o_ack = None;
                self.run = 0;
            } else {
                self.o_valid = false;
            }
        }

        // peer table: read at the address of the entry entering L (or the
        // one L holds), old contents on a write of the same entry
        let raddr = sel.map_or(self.raddr, |c| c.conn());
        self.raddr = raddr;
        self.rd = self.peers[raddr as usize % CONNS];
        if let Some(c) = sel {
            self.l = Some(c);
        }
        if let Some((conn, p)) = self.i.cfg {
            self.peers[conn as usize % CONNS] = p;
        }

        // E1: queue writes from the input registers
        if pop_a {
            self.aq.pop_front();
        }
        if pop_n {
            self.nq.pop_front();
        }
        if pop_p {
            self.pq.pop_front();
        }
        if let Some(r) = self.i.res.filter(|r| r.wants_ack()) {
            let e = (r, self.i.rate_hint);
            // the queue after the pop: the head leaving now is not matched
            if let Some(q) = self.aq.iter_mut().find(|q| q.0.idx == r.idx) {
                *q = e;
                ev[C_COAL] = true;
            } else if self.aq.len() < QUEUE_DEPTH {
                self.aq.push_back(e);
            } else {
                ev[C_ADROP] = true;
            }
        }
        if let Some(n) = self.i.nack {
            if self.nq.len() < QUEUE_DEPTH {
                self.nq.push_back(n);
            } else {
                ev[C_NDROP] = true;
            }
        }
        if let Some(p) = self.i.probe {
            if self.pq.len() < QUEUE_DEPTH {
                self.pq.push_back(p);
            } else {
                ev[C_PDROP] = true;
            }
        }

        self.ev = ev;
        // E0
        self.i = i.clone();
        let peer_ok_after = self.rd.flags & FLAG_VALID != 0;
        AckGenOut {
            data_ready: self.data_ready(i.d_ready, peer_ok_after),
            d_valid: self.o_valid,
            d: self.o,
            as_valid: self.as_valid,
            as_idx: self.as_idx,
            cnt: self.cnt,
        }
    }

    fn encode(i: &AckGenIn, p: &mut [Vec<u32>]) {
        let r = i.res.unwrap_or_default();
        put_u64(&mut p[0], i.res.is_some() as u64);
        put_u64(&mut p[1], (r.op & 3) as u64);
        put_u64(&mut p[2], (r.idx & 0x3fff) as u64);
        put_u64(&mut p[3], r.base as u64);
        r.sack.to_words(&mut p[4]);
        put_u64(&mut p[5], r.ecn_count as u64);
        put_u64(&mut p[6], r.ts_echo as u64);
        put_u64(&mut p[7], r.unacked as u64);
        put_u64(&mut p[8], r.ack_now as u64);
        put_u64(&mut p[9], (r.conn & 0x3ff) as u64);
        put_u64(&mut p[10], r.path_id as u64);
        put_u64(&mut p[11], r.sport as u64);
        put_u64(&mut p[12], r.csn_base as u64);
        put_u64(&mut p[13], i.rate_hint as u64);
        let n = i.nack.unwrap_or_default();
        put_u64(&mut p[14], i.nack.is_some() as u64);
        put_u64(&mut p[15], (n.conn & 0x3ff) as u64);
        put_u64(&mut p[16], n.path_id as u64);
        put_u64(&mut p[17], n.sport as u64);
        put_u64(&mut p[18], n.reason as u64);
        put_u64(&mut p[19], n.psn as u64);
        put_u64(&mut p[20], n.csn as u64);
        put_u64(&mut p[21], n.detail as u64);
        let q = i.probe.unwrap_or_default();
        put_u64(&mut p[22], i.probe.is_some() as u64);
        put_u64(&mut p[23], (q.conn & 0x3ff) as u64);
        put_u64(&mut p[24], q.path_id as u64);
        put_u64(&mut p[25], q.sport as u64);
        put_u64(&mut p[26], q.seq as u64);
        put_u64(&mut p[27], q.ts as u64);
        let (cc, c) = i.cfg.unwrap_or_default();
        put_u64(&mut p[28], i.cfg.is_some() as u64);
        put_u64(&mut p[29], (cc & 0x3ff) as u64);
        put_u64(&mut p[30], c.flags as u64);
        put_u64(&mut p[31], c.mac & 0xffff_ffff_ffff);
        put_u128(&mut p[32], c.ip);
        put_u64(&mut p[33], c.dport as u64);
        put_u64(&mut p[34], c.tci as u64);
        put_u64(&mut p[35], c.dscp as u64);
        put_u64(&mut p[36], (c.remote_conn & 0xff_ffff) as u64);
        put_u64(&mut p[37], i.src_mac & 0xffff_ffff_ffff);
        put_u64(&mut p[38], i.src_ip4 as u64);
        put_u128(&mut p[39], i.src_ip6);
        put_u64(&mut p[40], i.ttl as u64);
        put_u64(&mut p[41], i.now as u64);
        put_u64(&mut p[42], i.data.is_some() as u64);
        put_desc(&mut p[43..43 + DESC_PORTS], &i.data.unwrap_or_default());
        put_u64(&mut p[43 + DESC_PORTS], i.d_ready as u64);
    }

    fn decode(p: &[Vec<u32>]) -> AckGenOut {
        let mut cnt = [0u32; 8];
        for (k, c) in cnt.iter_mut().enumerate() {
            *c = get_u64(&p[4 + DESC_PORTS + k]) as u32;
        }
        AckGenOut {
            data_ready: get_u64(&p[0]) & 1 == 1,
            d_valid: get_u64(&p[1]) & 1 == 1,
            d: get_desc(&p[2..2 + DESC_PORTS]),
            as_valid: get_u64(&p[2 + DESC_PORTS]) & 1 == 1,
            as_idx: get_u64(&p[3 + DESC_PORTS]) as u16,
            cnt,
        }
    }
}

/// Descriptor fields, in tx_builder's port order.
pub const DESC_FIELDS: [&str; 41] = [
    "dst_mac",
    "src_mac",
    "vlan",
    "vlan_tci",
    "ipv6",
    "src_ip",
    "dst_ip",
    "dscp",
    "ttl",
    "flow_label",
    "udp_sport",
    "udp_dport",
    "opcode",
    "flags",
    "path_id",
    "dst_conn",
    "path_psn",
    "csn",
    "timestamp",
    "payload_len",
    "floor_delta",
    "rkey",
    "va",
    "stream",
    "rsn",
    "msn",
    "offset",
    "msg_len",
    "imm",
    "ack_base_psn",
    "ack_csn_base",
    "ack_ts_echo",
    "ack_ecn_count",
    "ack_rate_hint",
    "ack_sack",
    "nack_reason",
    "nack_psn",
    "nack_csn",
    "nack_detail",
    "probe_seq",
    "probe_ts",
];
const DESC_PORTS: usize = DESC_FIELDS.len();

macro_rules! desc_ports {
    ($p:literal) => {
        [
            concat!($p, "dst_mac"),
            concat!($p, "src_mac"),
            concat!($p, "vlan"),
            concat!($p, "vlan_tci"),
            concat!($p, "ipv6"),
            concat!($p, "src_ip"),
            concat!($p, "dst_ip"),
            concat!($p, "dscp"),
            concat!($p, "ttl"),
            concat!($p, "flow_label"),
            concat!($p, "udp_sport"),
            concat!($p, "udp_dport"),
            concat!($p, "opcode"),
            concat!($p, "flags"),
            concat!($p, "path_id"),
            concat!($p, "dst_conn"),
            concat!($p, "path_psn"),
            concat!($p, "csn"),
            concat!($p, "timestamp"),
            concat!($p, "payload_len"),
            concat!($p, "floor_delta"),
            concat!($p, "rkey"),
            concat!($p, "va"),
            concat!($p, "stream"),
            concat!($p, "rsn"),
            concat!($p, "msn"),
            concat!($p, "offset"),
            concat!($p, "msg_len"),
            concat!($p, "imm"),
            concat!($p, "ack_base_psn"),
            concat!($p, "ack_csn_base"),
            concat!($p, "ack_ts_echo"),
            concat!($p, "ack_ecn_count"),
            concat!($p, "ack_rate_hint"),
            concat!($p, "ack_sack"),
            concat!($p, "nack_reason"),
            concat!($p, "nack_psn"),
            concat!($p, "nack_csn"),
            concat!($p, "nack_detail"),
            concat!($p, "probe_seq"),
            concat!($p, "probe_ts"),
        ]
    };
}

const DATA_PORTS: [&str; 41] = desc_ports!("data_");
const D_PORTS: [&str; 41] = desc_ports!("d_");

const INPUT_HEAD: [&str; 43] = [
    "res_valid",
    "res_op",
    "res_idx",
    "res_base",
    "res_sack",
    "res_ecn_count",
    "res_ts_echo",
    "res_unacked",
    "res_ack_now",
    "res_conn",
    "res_path_id",
    "res_sport",
    "res_csn_base",
    "rate_hint",
    "nack_valid",
    "nack_conn",
    "nack_path_id",
    "nack_sport",
    "nack_reason",
    "nack_psn",
    "nack_csn",
    "nack_detail",
    "probe_valid",
    "probe_conn",
    "probe_path_id",
    "probe_sport",
    "probe_seq",
    "probe_ts",
    "cfg_valid",
    "cfg_conn",
    "cfg_flags",
    "cfg_peer_mac",
    "cfg_peer_ip",
    "cfg_udp_dport",
    "cfg_vlan_tci",
    "cfg_dscp",
    "cfg_remote_conn",
    "src_mac",
    "src_ip4",
    "src_ip6",
    "ttl",
    "now",
    "data_valid",
];

const fn concat_ports<const A: usize, const B: usize, const C: usize, const N: usize>(
    a: [&'static str; A],
    b: [&'static str; B],
    c: [&'static str; C],
) -> [&'static str; N] {
    let mut out = [""; N];
    let mut k = 0;
    while k < A {
        out[k] = a[k];
        k += 1;
    }
    while k < A + B {
        out[k] = b[k - A];
        k += 1;
    }
    while k < A + B + C {
        out[k] = c[k - A - B];
        k += 1;
    }
    assert!(k == N);
    out
}

const INPUT_PORTS: [&str; 85] = concat_ports(INPUT_HEAD, DATA_PORTS, ["d_ready"]);
const OUTPUT_PORTS: [&str; 53] = concat_ports(
    ["data_ready", "d_valid"],
    D_PORTS,
    [
        "as_valid",
        "as_idx",
        CNT_NAMES[0],
        CNT_NAMES[1],
        CNT_NAMES[2],
        CNT_NAMES[3],
        CNT_NAMES[4],
        CNT_NAMES[5],
        CNT_NAMES[6],
        CNT_NAMES[7],
    ],
);

fn get_u128(w: &[u32]) -> u128 {
    w.iter()
        .take(4)
        .enumerate()
        .fold(0, |a, (k, x)| a | (*x as u128) << (32 * k))
}

/// Descriptor from its 41 ports.
pub fn get_desc(p: &[Vec<u32>]) -> TxDesc {
    let mut sack = [0u8; 32];
    for (k, w) in p[34].iter().enumerate() {
        sack[4 * k..4 * k + 4].copy_from_slice(&w.to_le_bytes());
    }
    TxDesc {
        dst_mac: get_u64(&p[0]),
        src_mac: get_u64(&p[1]),
        vlan: get_u64(&p[2]) & 1 == 1,
        vlan_tci: get_u64(&p[3]) as u16,
        ipv6: get_u64(&p[4]) & 1 == 1,
        src_ip: get_u128(&p[5]),
        dst_ip: get_u128(&p[6]),
        dscp: get_u64(&p[7]) as u8,
        ttl: get_u64(&p[8]) as u8,
        flow_label: get_u64(&p[9]) as u32,
        udp_sport: get_u64(&p[10]) as u16,
        udp_dport: get_u64(&p[11]) as u16,
        opcode: get_u64(&p[12]) as u8,
        flags: get_u64(&p[13]) as u8,
        path_id: get_u64(&p[14]) as u8,
        dst_conn: get_u64(&p[15]) as u32,
        path_psn: get_u64(&p[16]) as u32,
        csn: get_u64(&p[17]) as u32,
        timestamp: get_u64(&p[18]) as u32,
        payload_len: get_u64(&p[19]) as u16,
        floor_delta: get_u64(&p[20]) as u16,
        rkey: get_u64(&p[21]) as u32,
        va: get_u64(&p[22]),
        stream: get_u64(&p[23]) as u8,
        rsn: get_u64(&p[24]) as u32,
        msn: get_u64(&p[25]) as u32,
        offset: get_u64(&p[26]) as u32,
        msg_len: get_u64(&p[27]) as u32,
        imm: get_u64(&p[28]) as u32,
        ack_base_psn: get_u64(&p[29]) as u32,
        ack_csn_base: get_u64(&p[30]) as u32,
        ack_ts_echo: get_u64(&p[31]) as u32,
        ack_ecn_count: get_u64(&p[32]) as u16,
        ack_rate_hint: get_u64(&p[33]) as u16,
        ack_sack: sack,
        nack_reason: get_u64(&p[35]) as u8,
        nack_psn: get_u64(&p[36]) as u32,
        nack_csn: get_u64(&p[37]) as u32,
        nack_detail: get_u64(&p[38]) as u32,
        probe_seq: get_u64(&p[39]) as u32,
        probe_ts: get_u64(&p[40]) as u32,
    }
}

/// One path of the stimulus: its table index, connection, `path_id`, UDP
/// source port and the received PSNs the table would report.
#[derive(Debug, Clone)]
struct PathSt {
    idx: u16,
    conn: u16,
    path_id: u8,
    sport: u16,
    base: u32,
    received: Vec<u32>,
    csn_base: u32,
}

/// An ACK request the stimulus made (`ts_echo` is unique per result).
#[derive(Debug, Clone)]
pub struct AckMade {
    /// Clock it was presented.
    pub cycle: u64,
    /// The result.
    pub res: AckRes,
    /// The rate hint presented with it.
    pub rate_hint: u16,
    /// The received PSNs its SACK reports (all in `[base, base + 256)`).
    pub received: Vec<u32>,
}

/// Request rates of a phase, in percent per clock.
#[derive(Debug, Clone, Copy)]
pub struct Phase {
    /// Results.
    pub res: u32,
    /// NACK requests.
    pub nack: u32,
    /// PROBE requests.
    pub probe: u32,
    /// New data descriptors.
    pub data: u32,
    /// `d_ready`.
    pub ready: u32,
    /// Peer table rewrites (per mille).
    pub cfg: u32,
}

/// Seeded closed-loop stimulus: a few connections and paths (two of them
/// hot, so ACKs coalesce), one connection never configured, bursts and
/// quiet phases of results, NACKs, probes and data, random `d_ready`, peer
/// rewrites racing with lookups, the clock wrapping. It records every
/// request and every descriptor `tx_builder` took, for the frame test.
#[derive(Debug)]
pub struct AckGenStim {
    rng: ChaCha8Rng,
    conns: Vec<u16>,
    /// A connection whose peer entry is never valid.
    pub bad_conn: u16,
    paths: Vec<PathSt>,
    phase: Phase,
    phase_left: u64,
    ts_ctr: u32,
    seq_ctr: u32,
    data_ctr: u32,
    now0: u32,
    src: (u64, u32, u128, u8),
    pending: Option<TxDesc>,
    last: AckGenOut,
    d_ready: bool,
    /// Fixed rates instead of random phases.
    pub fixed: Option<Phase>,
    /// Stop making requests and data (drain).
    pub stop: bool,
    /// Every peer entry written, per connection, in order.
    pub peer_log: BTreeMap<u16, Vec<Peer>>,
    /// Every result presented (ACK-asking or not).
    pub acks: Vec<AckMade>,
    /// Every NACK request (`csn` unique).
    pub nacks: Vec<(u64, NackReq)>,
    /// Every PROBE request (`seq` unique).
    pub probes: Vec<(u64, ProbeReq)>,
    /// Data descriptors taken by the block, in order.
    pub data_taken: Vec<TxDesc>,
    /// Descriptors taken by tx_builder: (clock of the taking edge, descriptor).
    pub emitted: Vec<(u64, TxDesc)>,
    /// `as_idx` of every `as_valid`.
    pub as_seen: Vec<u16>,
    /// The longest run of control descriptors taken into O while a data
    /// descriptor was waiting.
    pub max_ctl_run_while_data: u32,
    ctl_run: u32,
    cycle: u64,
}

impl AckGenStim {
    /// A stimulus with fixed rates.
    pub fn fixed(seed: u64, p: Phase) -> Self {
        let mut s = Self::new(seed);
        s.fixed = Some(p);
        s.phase = p;
        s
    }

    /// Local addresses and TTL presented every clock.
    pub fn local(&self) -> (u64, u32, u128, u8) {
        self.src
    }

    fn random_peer(&mut self) -> Peer {
        let r = &mut self.rng;
        let v6 = r.gen_bool(0.5);
        let ip = if v6 {
            r.gen::<u128>()
        } else {
            0xffff_0000_0000u128 | r.gen::<u32>() as u128
        };
        Peer {
            flags: FLAG_VALID
                | if v6 { FLAG_IPV6 } else { 0 }
                | if r.gen_bool(0.4) { FLAG_VLAN } else { 0 },
            mac: r.gen::<u64>() & 0xffff_ffff_ffff,
            ip,
            dport: if r.gen_bool(0.7) {
                braid_spec::BRAID_UDP_PORT
            } else {
                r.gen()
            },
            tci: r.gen(),
            dscp: if r.gen_bool(0.8) {
                r.gen_range(0..64)
            } else {
                r.gen()
            },
            remote_conn: r.gen::<u32>() & 0xff_ffff,
        }
    }

    fn new_phase(&mut self) {
        if let Some(p) = self.fixed {
            self.phase = p;
            self.phase_left = u64::MAX;
            return;
        }
        let r = &mut self.rng;
        self.phase = Phase {
            res: [0, 10, 40, 100][r.gen_range(0..4)],
            nack: [0, 2, 15, 60][r.gen_range(0..4)],
            probe: [0, 2, 15, 60][r.gen_range(0..4)],
            data: [0, 30, 100][r.gen_range(0..3)],
            ready: [15, 60, 100][r.gen_range(0..3)],
            cfg: [0, 0, 5][r.gen_range(0..3)],
        };
        self.phase_left = r.gen_range(200..2000);
    }

    fn result(&mut self, cycle: u64) -> AckRes {
        // two hot paths take half of the results
        let k = if self.rng.gen_bool(0.5) {
            self.rng.gen_range(0..2)
        } else {
            self.rng.gen_range(0..self.paths.len())
        };
        let r = &mut self.rng;
        let p = &mut self.paths[k];
        if r.gen_range(0..500) == 0 {
            p.sport = r.gen(); // re-hashed path
        }
        // the path advances: new PSNs received, the base slides or jumps
        for _ in 0..r.gen_range(0..4) {
            let psn = p.base.wrapping_add(r.gen_range(0..256));
            if !p.received.contains(&psn) {
                p.received.push(psn);
            }
        }
        if r.gen_bool(0.3) {
            let step = if r.gen_bool(0.1) {
                r.gen_range(0..300)
            } else {
                r.gen_range(0..4)
            };
            p.base = p.base.wrapping_add(step);
            let base = p.base;
            p.received.retain(|&q| q.wrapping_sub(base) < 256);
        }
        p.csn_base = p.csn_base.wrapping_add(r.gen_range(0..3));
        let mut sack = W256::default();
        for &q in &p.received {
            sack.set(q.wrapping_sub(p.base), true);
        }
        self.ts_ctr = self.ts_ctr.wrapping_add(1);
        let op = match r.gen_range(0..100) {
            0..=79 => OP_PKT,
            80..=89 => OP_READ,
            90..=94 => OP_INIT,
            _ => OP_ACK_SENT,
        };
        let res = AckRes {
            op,
            idx: p.idx,
            base: p.base,
            sack,
            ecn_count: if r.gen_bool(0.1) {
                0xffff
            } else {
                r.gen_range(0..8)
            },
            ts_echo: self.ts_ctr,
            unacked: if r.gen_bool(0.3) { 0 } else { r.gen() },
            ack_now: r.gen_bool(0.6),
            conn: p.conn,
            path_id: p.path_id,
            sport: p.sport,
            csn_base: p.csn_base,
        };
        let received = p.received.clone();
        let rate_hint = if r.gen_bool(0.2) { 0 } else { r.gen() };
        self.acks.push(AckMade {
            cycle,
            res,
            rate_hint,
            received,
        });
        res
    }

    fn data_desc(&mut self) -> TxDesc {
        let r = &mut self.rng;
        self.data_ctr = self.data_ctr.wrapping_add(1);
        let mut sack = [0u8; 32];
        r.fill(&mut sack[..]);
        TxDesc {
            dst_mac: r.gen::<u64>() & 0xffff_ffff_ffff,
            src_mac: r.gen::<u64>() & 0xffff_ffff_ffff,
            vlan: r.gen(),
            vlan_tci: r.gen(),
            ipv6: r.gen(),
            src_ip: r.gen(),
            dst_ip: r.gen(),
            dscp: r.gen_range(0..64),
            ttl: r.gen(),
            flow_label: r.gen_range(0..1 << 20),
            udp_sport: r.gen(),
            udp_dport: r.gen(),
            opcode: r.gen_range(1..5),
            flags: r.gen(),
            path_id: r.gen(),
            dst_conn: r.gen_range(0..1 << 24),
            path_psn: r.gen(),
            csn: self.data_ctr,
            timestamp: r.gen(),
            payload_len: r.gen(),
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
            nack_reason: r.gen(),
            nack_psn: r.gen(),
            nack_csn: r.gen(),
            nack_detail: r.gen(),
            probe_seq: r.gen(),
            probe_ts: r.gen(),
        }
    }

    fn pick_conn(&mut self) -> u16 {
        if self.rng.gen_range(0..20) == 0 {
            self.bad_conn
        } else {
            self.conns[self.rng.gen_range(0..self.conns.len())]
        }
    }
}

impl Stimulus for AckGenStim {
    type In = AckGenIn;
    type Out = AckGenOut;
    const CLOSED_LOOP: bool = true;

    fn new(seed: u64) -> Self {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut conns = vec![0, 1023];
        while conns.len() < 5 {
            let c = rng.gen_range(1..1023);
            if !conns.contains(&c) {
                conns.push(c);
            }
        }
        let bad_conn = loop {
            let c = rng.gen_range(1..1023);
            if !conns.contains(&c) {
                break c;
            }
        };
        let mut paths = Vec::new();
        for k in 0..8 {
            let idx = match k {
                0 => 0,
                1 => 0x3fff,
                _ => rng.gen_range(1..0x3fff),
            };
            if paths.iter().any(|p: &PathSt| p.idx == idx) {
                continue;
            }
            paths.push(PathSt {
                idx,
                conn: if k == 7 {
                    bad_conn
                } else {
                    conns[k % conns.len()]
                },
                path_id: rng.gen(),
                sport: rng.gen(),
                base: if k == 1 { u32::MAX - 100 } else { rng.gen() },
                received: Vec::new(),
                csn_base: rng.gen(),
            });
        }
        let src = (
            rng.gen::<u64>() & 0xffff_ffff_ffff,
            rng.gen(),
            rng.gen(),
            rng.gen(),
        );
        let mut s = AckGenStim {
            rng,
            conns,
            bad_conn,
            paths,
            phase: Phase {
                res: 0,
                nack: 0,
                probe: 0,
                data: 0,
                ready: 100,
                cfg: 0,
            },
            phase_left: 0,
            ts_ctr: 0,
            seq_ctr: 0,
            data_ctr: 0,
            now0: NOW0,
            src,
            pending: None,
            last: AckGenOut::default(),
            d_ready: false,
            fixed: None,
            stop: false,
            peer_log: BTreeMap::new(),
            acks: Vec::new(),
            nacks: Vec::new(),
            probes: Vec::new(),
            data_taken: Vec::new(),
            emitted: Vec::new(),
            as_seen: Vec::new(),
            max_ctl_run_while_data: 0,
            ctl_run: 0,
            cycle: 0,
        };
        s.new_phase();
        s
    }

    fn next(&mut self, cycle: u64) -> AckGenIn {
        self.cycle = cycle;
        let ready = self.stop || self.rng.gen_range(0..100) < self.phase.ready;
        self.d_ready = ready;
        if self.last.d_valid && ready {
            self.emitted.push((cycle, self.last.d));
        }
        let (src_mac, src_ip4, src_ip6, ttl) = self.src;
        let mut i = AckGenIn {
            src_mac,
            src_ip4,
            src_ip6,
            ttl,
            now: self.now0.wrapping_add(cycle as u32),
            d_ready: ready,
            ..AckGenIn::default()
        };
        // configure the peers first
        let nconf = self.conns.len() as u64;
        if cycle < nconf {
            let c = self.conns[cycle as usize];
            let p = self.random_peer();
            self.peer_log.entry(c).or_default().push(p);
            i.cfg = Some((c, p));
            return i;
        }
        if !self.stop {
            if self.phase_left == 0 {
                self.new_phase();
            }
            self.phase_left -= 1;
            let ph = self.phase;
            if self.rng.gen_range(0..1000) < ph.cfg {
                let c = self.conns[self.rng.gen_range(0..self.conns.len())];
                let mut p = self.random_peer();
                if self.rng.gen_range(0..10) == 0 {
                    p.flags &= !FLAG_VALID; // taken out of service for a while
                }
                self.peer_log.entry(c).or_default().push(p);
                i.cfg = Some((c, p));
            } else if let Some((&c, log)) = self
                .peer_log
                .iter()
                .find(|(_, l)| l.last().is_some_and(|p| p.flags & FLAG_VALID == 0))
            {
                // back in service on the next clocks
                if self.rng.gen_range(0..50) == 0 {
                    let mut p = *log.last().expect("entry");
                    p.flags |= FLAG_VALID;
                    self.peer_log.entry(c).or_default().push(p);
                    i.cfg = Some((c, p));
                }
            }
            if self.rng.gen_range(0..100) < ph.res {
                i.res = Some(self.result(cycle));
                i.rate_hint = self.acks.last().expect("made").rate_hint;
            } else {
                i.rate_hint = self.rng.gen();
            }
            if self.rng.gen_range(0..100) < ph.nack {
                let conn = self.pick_conn();
                let r = &mut self.rng;
                self.seq_ctr = self.seq_ctr.wrapping_add(1);
                let reason = if r.gen_range(0..20) == 0 {
                    r.gen()
                } else {
                    NACK_REASONS[r.gen_range(0..NACK_REASONS.len())].value()
                };
                let n = NackReq {
                    conn,
                    path_id: r.gen(),
                    sport: r.gen(),
                    reason,
                    psn: r.gen(),
                    csn: self.seq_ctr,
                    detail: r.gen(),
                };
                self.nacks.push((cycle, n));
                i.nack = Some(n);
            }
            if self.rng.gen_range(0..100) < ph.probe {
                let conn = self.pick_conn();
                let r = &mut self.rng;
                self.seq_ctr = self.seq_ctr.wrapping_add(1);
                let p = ProbeReq {
                    conn,
                    path_id: r.gen(),
                    sport: r.gen(),
                    seq: self.seq_ctr,
                    ts: r.gen(),
                };
                self.probes.push((cycle, p));
                i.probe = Some(p);
            }
            if self.pending.is_none() && self.rng.gen_range(0..100) < ph.data {
                self.pending = Some(self.data_desc());
            }
        } else {
            i.rate_hint = self.rng.gen();
        }
        i.data = self.pending;
        i
    }

    fn observe(&mut self, o: &AckGenOut) {
        let prev_valid = self.last.d_valid;
        let o_moved = !prev_valid || self.d_ready;
        if let Some(p) = self.pending {
            if o.d_valid && o.d == p {
                self.data_taken.push(p);
                self.pending = None;
                self.ctl_run = 0;
            } else if o_moved && o.d_valid {
                // a control descriptor went ahead of the waiting data
                self.ctl_run += 1;
                self.max_ctl_run_while_data = self.max_ctl_run_while_data.max(self.ctl_run);
            }
        } else {
            self.ctl_run = 0;
        }
        if o.as_valid {
            self.as_seen.push(o.as_idx);
        }
        self.last = *o;
    }
}
