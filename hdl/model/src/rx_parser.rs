//! Reference model of `rx_parser` (hdl/rtl/src/rx_parser.rs): the receive
//! header parser, written from the block's doc comment. The verdict is
//! computed frame by frame, check after check in SPEC order (a plain
//! sequential parser over the frame's bytes, nothing like the RTL's
//! parallel flags and priority encoder); the payload beats and their
//! timing follow the documented geometry (`H`, `E`, `q`, `r`).

use super::{get_u64, put_u64, CycleModel, Stimulus};
use braid_spec::error::rx_drop as rd;
use braid_spec::wire::braid::*;
use braid_spec::wire::checksum;
use braid_spec::wire::eth::{ETHERTYPE_IPV4, ETHERTYPE_IPV6, ETHERTYPE_VLAN};
use braid_spec::wire::ip::IP_PROTO_UDP;
use braid_spec::{
    emit_frame_vec, AckRepr, BaseRepr, Body, BraidRepr, EthernetRepr, Flags, FrameRepr, IpRepr,
    Ipv4Repr, Ipv6Repr, NackRepr, Opcode, ProbeRepr, Sack256, SendRepr, UdpRepr, VlanTag,
    WriteRepr,
};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::VecDeque;

/// Clocks from the edge registering a beat to its payload output.
pub const PAYLOAD_LATENCY: u64 = 14;
/// Clocks from the edge registering a frame's last beat to its descriptor.
pub const DESC_LATENCY: u64 = 16;

/// One input beat.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RxBeat {
    /// Lane bytes (lanes at or beyond `keep` may hold anything: ignored).
    pub data: [u8; 64],
    /// Bytes in the beat (1..=64, lanes 0..keep).
    pub keep: u8,
    /// Last beat of the frame.
    pub last: bool,
}

/// One clock's inputs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RxIn {
    /// A beat this clock.
    pub beat: Option<RxBeat>,
    /// Braid UDP port.
    pub port: u16,
}

impl Default for RxIn {
    fn default() -> Self {
        RxIn {
            beat: None,
            port: braid_spec::BRAID_UDP_PORT,
        }
    }
}

/// One payload output beat.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PayloadBeat {
    /// Bytes, lanes at or beyond `keep` zero.
    pub data: [u8; 64],
    /// Bytes (1..=64).
    pub keep: u8,
    /// Last payload beat of its frame.
    pub last: bool,
}

/// Descriptor fields (all 0 unless the frame is accepted and the opcode
/// defines them).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[allow(missing_docs)]
pub struct DescFields {
    pub src_mac: u64,
    pub vlan: bool,
    pub vlan_tci: u16,
    pub is_ipv6: bool,
    pub src_ip: u128,
    pub dst_ip: u128,
    pub ce: bool,
    pub sport: u16,
    pub opcode: u8,
    pub flags: u8,
    pub path_id: u8,
    pub hdr_words: u8,
    pub dst_conn: u32,
    pub path_psn: u32,
    pub csn: u32,
    pub timestamp: u32,
    pub payload_len: u16,
    pub floor_delta: u16,
    pub rkey: u32,
    pub va: u64,
    pub stream: u8,
    pub msn: u32,
    pub msg_len: u32,
    pub rsn: u32,
    pub offset: u32,
    pub imm: u32,
    pub ack_base_psn: u32,
    pub ack_csn_base: u32,
    pub ack_ts_echo: u32,
    pub ack_ecn_count: u16,
    pub ack_rate_hint: u16,
    pub ack_sack: [u8; 32],
    pub nack_reason: u8,
    pub nack_psn: u32,
    pub nack_csn: u32,
    pub nack_detail: u32,
    pub probe_seq: u32,
    pub probe_ts: u32,
}

/// A descriptor.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Desc {
    /// Accepted.
    pub ok: bool,
    /// Drop reason (0 when ok).
    pub reason: u8,
    /// The frame emitted payload beats.
    pub has_payload: bool,
    /// Fields.
    pub f: DescFields,
}

/// Outputs after an edge.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RxOut {
    /// Payload beat.
    pub p: Option<PayloadBeat>,
    /// Descriptor.
    pub d: Option<Desc>,
    /// Counters by reason code (0 = accepted).
    pub cnt: [u32; rd::COUNT],
    /// An output was not 0 while its valid was low, or `p_keep` was not
    /// contiguous from lane 0 (never, in the model).
    pub junk: bool,
}

/// Byte `i` of a frame, 0 beyond its end.
fn byte(f: &[u8], i: usize) -> u8 {
    f.get(i).copied().unwrap_or(0)
}

fn be(f: &[u8], off: usize, n: usize) -> u64 {
    (0..n).fold(0u64, |a, k| a << 8 | byte(f, off + k) as u64)
}

/// Payload geometry of the frame from its first 128 bytes (doc comment).
#[derive(Debug, Clone, Copy)]
struct Geom {
    h: usize,
    q: u32,
    r: u32,
    rem0: i64,
}

fn geom(f: &[u8]) -> Geom {
    let vlan = be(f, 12, 2) == ETHERTYPE_VLAN as u64;
    let et = if vlan { be(f, 16, 2) } else { be(f, 12, 2) };
    let is4 = et == ETHERTYPE_IPV4 as u64;
    let is6 = et == ETHERTYPE_IPV6 as u64;
    let ipoff = 14 + 4 * vlan as usize;
    let ihl = (byte(f, ipoff) & 15).max(5) as usize;
    let j = vlan as usize + if is6 { 5 } else { ihl - 5 };
    let tl = if is4 {
        be(f, ipoff + 2, 2)
    } else {
        be(f, ipoff + 4, 2)
    } as i64;
    let ip42 = tl + if is6 { 12 } else { -28 } + 4 * vlan as i64;
    let hw = byte(f, 46 + 4 * j).clamp(8, 18) as usize;
    let hs = j + hw;
    let h = 42 + 4 * hs;
    Geom {
        h,
        q: (h / 64) as u32,
        r: (h % 64) as u32,
        rem0: ip42 - 4 * hs as i64,
    }
}

/// The verdict and the fields of a whole frame (bytes as the block sees
/// them: `f.len()` = F), checks in SPEC order.
pub fn parse(f: &[u8], port: u16) -> Result<DescFields, u8> {
    let len = f.len();
    if len < 14 {
        return Err(rd::TRUNCATED);
    }
    let vlan = be(f, 12, 2) == ETHERTYPE_VLAN as u64;
    if vlan && len < 18 {
        return Err(rd::TRUNCATED);
    }
    let ipoff = if vlan { 18 } else { 14 };
    let et = be(f, ipoff - 2, 2) as u16;
    let v6 = match et {
        ETHERTYPE_IPV4 => false,
        ETHERTYPE_IPV6 => true,
        _ => return Err(rd::NOT_IP),
    };
    if len < ipoff + if v6 { 40 } else { 20 } {
        return Err(rd::TRUNCATED);
    }
    let ver = byte(f, ipoff) >> 4;
    let ihl = (byte(f, ipoff) & 15) as usize;
    let (l4, ip_payload, ipend, proto) = if v6 {
        if ver != 6 {
            return Err(rd::BAD_IP_HEADER);
        }
        let plen = be(f, ipoff + 4, 2) as usize;
        (ipoff + 40, plen, ipoff + 40 + plen, byte(f, ipoff + 6))
    } else {
        if ver != 4 || ihl < 5 {
            return Err(rd::BAD_IP_HEADER);
        }
        if len < ipoff + 4 * ihl {
            return Err(rd::TRUNCATED);
        }
        if checksum::fold(checksum::sum(&f[ipoff..ipoff + 4 * ihl], 0)) != 0xffff {
            return Err(rd::IP_CHECKSUM);
        }
        let fl = be(f, ipoff + 6, 2);
        if fl & 0x2000 != 0 || fl & 0x1fff != 0 {
            return Err(rd::FRAGMENT);
        }
        let total = be(f, ipoff + 2, 2) as usize;
        (
            ipoff + 4 * ihl,
            total.wrapping_sub(4 * ihl),
            ipoff + total,
            byte(f, ipoff + 9),
        )
    };
    if proto != IP_PROTO_UDP {
        return Err(rd::NOT_UDP);
    }
    if ipend < l4 + 8 {
        return Err(rd::IP_LENGTH);
    }
    if len < ipend {
        return Err(rd::TRUNCATED);
    }
    if be(f, l4 + 2, 2) as u16 != port {
        return Err(rd::WRONG_PORT);
    }
    let ulen = be(f, l4 + 4, 2) as usize;
    if ulen != ip_payload {
        return Err(rd::UDP_LENGTH);
    }
    if be(f, l4 + 6, 2) != 0 {
        let ps = if v6 {
            let a: [u8; 16] = f[ipoff + 8..ipoff + 24].try_into().unwrap();
            let b: [u8; 16] = f[ipoff + 24..ipoff + 40].try_into().unwrap();
            checksum::pseudo_v6(&a, &b, ulen as u16)
        } else {
            let a: [u8; 4] = f[ipoff + 12..ipoff + 16].try_into().unwrap();
            let b: [u8; 4] = f[ipoff + 16..ipoff + 20].try_into().unwrap();
            checksum::pseudo_v4(&a, &b, ulen as u16)
        };
        if checksum::fold(checksum::sum(&f[l4..ipend], ps)) != 0xffff {
            return Err(rd::UDP_CHECKSUM);
        }
    }
    if ulen < 8 + BASE_HEADER_LEN {
        return Err(rd::PAYLOAD_LENGTH);
    }
    let bh = &f[l4 + 8..ipend];
    if B_VERSION.read(bh) != 1 {
        return Err(rd::BRAID_VERSION);
    }
    let op = Opcode::from_u8(B_OPCODE.read(bh) as u8).ok_or(rd::BAD_OPCODE)?;
    let hw = B_HDR_WORDS.read(bh) as usize;
    if hw * 4 != op.header_len() {
        return Err(rd::HDR_WORDS);
    }
    let plen = B_PAYLOAD_LEN.read(bh) as usize;
    if ulen != 8 + 4 * hw + plen {
        return Err(rd::PAYLOAD_LENGTH);
    }
    if !op.is_data() && plen != 0 {
        return Err(rd::CONTROL_PAYLOAD);
    }
    // accepted: the fields
    let ip = |o: usize| -> u128 {
        if v6 {
            be(f, o, 8) as u128 * (1u128 << 64) + be(f, o + 8, 8) as u128
        } else {
            0xffff_0000_0000u128 | be(f, o, 4) as u128
        }
    };
    let ecn = if v6 {
        (byte(f, ipoff + 1) >> 4) & 3
    } else {
        byte(f, ipoff + 1) & 3
    };
    let mut d = DescFields {
        src_mac: be(f, 6, 6),
        vlan,
        vlan_tci: if vlan { be(f, 14, 2) as u16 } else { 0 },
        is_ipv6: v6,
        src_ip: ip(if v6 { ipoff + 8 } else { ipoff + 12 }),
        dst_ip: ip(if v6 { ipoff + 24 } else { ipoff + 16 }),
        ce: ecn == 3,
        sport: be(f, l4, 2) as u16,
        opcode: op.value(),
        flags: B_FLAGS.read(bh) as u8,
        path_id: B_PATH_ID.read(bh) as u8,
        hdr_words: hw as u8,
        dst_conn: B_DST_CONN.read(bh) as u32,
        path_psn: B_PATH_PSN.read(bh) as u32,
        csn: B_CSN.read(bh) as u32,
        timestamp: B_TIMESTAMP.read(bh) as u32,
        payload_len: plen as u16,
        floor_delta: B_FLOOR_DELTA.read(bh) as u16,
        ..Default::default()
    };
    let ext = &bh[BASE_HEADER_LEN..];
    let imm_at = op.header_len() - BASE_HEADER_LEN - IMM_EXT_LEN;
    match op {
        Opcode::Write | Opcode::WriteImm => {
            d.rkey = W_RKEY.read(ext) as u32;
            d.va = W_VA.read(ext);
            d.stream = W_STREAM.read(ext) as u8;
            d.msn = W_MSN.read(ext) as u32;
            d.msg_len = W_MSG_LEN.read(ext) as u32;
        }
        Opcode::Send | Opcode::SendImm => {
            d.stream = S_STREAM.read(ext) as u8;
            d.rsn = S_RSN.read(ext) as u32;
            d.msn = S_MSN.read(ext) as u32;
            d.offset = S_OFFSET.read(ext) as u32;
            d.msg_len = S_MSG_LEN.read(ext) as u32;
        }
        Opcode::Ack => {
            d.ack_base_psn = A_BASE_PSN.read(ext) as u32;
            d.ack_csn_base = A_CSN_BASE.read(ext) as u32;
            d.ack_ts_echo = A_TS_ECHO.read(ext) as u32;
            d.ack_ecn_count = A_ECN_COUNT.read(ext) as u16;
            d.ack_rate_hint = A_RATE_HINT.read(ext) as u16;
            d.ack_sack.copy_from_slice(A_SACK.bytes(ext));
        }
        Opcode::Nack => {
            d.nack_reason = N_REASON.read(ext) as u8;
            d.nack_psn = N_PSN.read(ext) as u32;
            d.nack_csn = N_CSN.read(ext) as u32;
            d.nack_detail = N_DETAIL.read(ext) as u32;
        }
        Opcode::Probe | Opcode::ProbeReply => {
            d.probe_seq = P_SEQ.read(ext) as u32;
            d.probe_ts = P_TS.read(ext) as u32;
        }
    }
    if op.has_imm() {
        d.imm = I_IMM.read(&ext[imm_at..]) as u32;
    }
    Ok(d)
}

/// Cycle-exact model.
#[derive(Debug, Clone, Default)]
pub struct RxParserModel {
    t: u64,
    frame: Vec<u8>,
    beats: u64,
    geom: Option<Geom>,
    rem: i64,
    emitted: bool,
    p_q: VecDeque<(u64, PayloadBeat)>,
    d_q: VecDeque<(u64, Desc)>,
    cnt: [u32; rd::COUNT],
}

fn chunk(f: &[u8], from: usize, n: u32) -> [u8; 64] {
    let mut b = [0u8; 64];
    for (k, x) in b.iter_mut().enumerate().take(n as usize) {
        *x = byte(f, from + k);
    }
    b
}

impl RxParserModel {
    fn beat(&mut self, b: &RxBeat, port: u16) {
        let k = self.beats.min(2047);
        let n = b.keep as u32;
        self.frame.extend_from_slice(&b.data[..n as usize]);
        if k == 0 {
            self.emitted = false;
        }
        if k == 1 {
            let g = geom(&self.frame);
            self.geom = Some(g);
            self.rem = g.rem0;
        }
        let due = self.t + PAYLOAD_LATENCY;
        if let (true, Some(g)) = (k >= 1, self.geom) {
            let clamp = |x: i64| x.clamp(0, 64) as u32;
            let emit_a = k >= 2 && k > g.q as u64;
            let flush_b = b.last && k >= g.q as u64;
            let rem_a = self.rem;
            let rem_b = if emit_a { rem_a - 64 } else { rem_a };
            let nmr = n as i64 - g.r as i64;
            let avail_a = if b.last && nmr < 0 {
                (nmr + 64) as u32
            } else {
                64
            };
            let avail_b = nmr.max(0) as u32;
            let ca = avail_a.min(clamp(rem_a));
            let cb = avail_b.min(clamp(rem_b));
            let va = emit_a && ca > 0;
            let vb = flush_b && cb > 0;
            let base = g.h + 64 * k as usize - 64 * g.q as usize;
            if va {
                let last = if b.last { cb == 0 } else { rem_a <= 64 };
                let data = chunk(&self.frame, base - 64, ca);
                self.p_q.push_back((
                    due,
                    PayloadBeat {
                        data,
                        keep: ca as u8,
                        last,
                    },
                ));
            }
            if vb {
                let data = chunk(&self.frame, base, cb);
                self.p_q.push_back((
                    due + va as u64,
                    PayloadBeat {
                        data,
                        keep: cb as u8,
                        last: true,
                    },
                ));
            }
            self.emitted |= va | vb;
            if emit_a {
                self.rem -= 64;
            }
        }
        self.beats += 1;
        if b.last {
            let d = match parse(&self.frame, port) {
                Ok(f) => Desc {
                    ok: true,
                    reason: 0,
                    has_payload: self.emitted,
                    f,
                },
                Err(r) => Desc {
                    ok: false,
                    reason: r,
                    has_payload: self.emitted,
                    f: DescFields::default(),
                },
            };
            self.d_q.push_back((self.t + DESC_LATENCY, d));
            self.frame.clear();
            self.beats = 0;
            self.geom = None;
        }
    }
}

/// The descriptor ports `d_valid` .. `d_probe_ts`: `OUTPUTS[4..4 + DESC_PORTS]`.
const DESC_PORTS: usize = 42;

fn words_of(b: &[u8]) -> impl Iterator<Item = u32> + '_ {
    b.chunks(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
}

fn bytes_of(w: &[u32], n: usize) -> Vec<u8> {
    w.iter().flat_map(|x| x.to_le_bytes()).take(n).collect()
}

fn get_u128(w: &[u32]) -> u128 {
    w.iter()
        .take(4)
        .enumerate()
        .fold(0, |a, (k, x)| a | (*x as u128) << (32 * k))
}

impl CycleModel for RxParserModel {
    const MODULE: &'static str = "rx_parser";
    const INPUTS: &'static [&'static str] =
        &["s_valid", "s_data", "s_keep", "s_last", "cfg_udp_port"];
    const OUTPUTS: &'static [&'static str] = &[
        "p_valid",
        "p_data",
        "p_keep",
        "p_last",
        "d_valid",
        "d_ok",
        "d_reason",
        "d_has_payload",
        "d_src_mac",
        "d_vlan",
        "d_vlan_tci",
        "d_is_ipv6",
        "d_src_ip",
        "d_dst_ip",
        "d_ce",
        "d_sport",
        "d_opcode",
        "d_flags",
        "d_path_id",
        "d_hdr_words",
        "d_dst_conn",
        "d_path_psn",
        "d_csn",
        "d_timestamp",
        "d_payload_len",
        "d_floor_delta",
        "d_rkey",
        "d_va",
        "d_stream",
        "d_msn",
        "d_msg_len",
        "d_rsn",
        "d_offset",
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
        "cnt_accepted",
        "cnt_truncated",
        "cnt_not_ip",
        "cnt_bad_ip_header",
        "cnt_ip_checksum",
        "cnt_fragment",
        "cnt_not_udp",
        "cnt_ip_length",
        "cnt_wrong_port",
        "cnt_udp_length",
        "cnt_udp_checksum",
        "cnt_braid_version",
        "cnt_bad_opcode",
        "cnt_hdr_words",
        "cnt_payload_length",
        "cnt_control_payload",
    ];
    type In = RxIn;
    type Out = RxOut;
    type Stim = RxStim;

    fn step(&mut self, i: &RxIn) -> RxOut {
        if let Some(b) = &i.beat {
            self.beat(b, i.port);
        }
        let mut out = RxOut::default();
        if self.p_q.front().is_some_and(|x| x.0 == self.t) {
            out.p = self.p_q.pop_front().map(|x| x.1);
        }
        if self.d_q.front().is_some_and(|x| x.0 == self.t) {
            let d = self.d_q.pop_front().unwrap().1;
            let c = &mut self.cnt[d.reason as usize];
            *c = c.saturating_add(1);
            out.d = Some(d);
        }
        out.cnt = self.cnt;
        self.t += 1;
        out
    }

    fn encode(i: &RxIn, p: &mut [Vec<u32>]) {
        if let Some(b) = &i.beat {
            put_u64(&mut p[0], 1);
            for (w, x) in p[1].iter_mut().zip(words_of(&b.data)) {
                *w = x;
            }
            let keep = if b.keep >= 64 {
                u64::MAX
            } else {
                (1u64 << b.keep) - 1
            };
            put_u64(&mut p[2], keep);
            put_u64(&mut p[3], b.last as u64);
        }
        put_u64(&mut p[4], i.port as u64);
    }

    fn decode(p: &[Vec<u32>]) -> RxOut {
        let g = |k: usize| get_u64(&p[k]);
        let pv = g(0) & 1 == 1;
        let keep = g(2);
        let d = &p[4..];
        let dg = |k: usize| get_u64(&d[k]);
        let mut sack = [0u8; 32];
        sack.copy_from_slice(&bytes_of(&d[35], 32));
        let f = DescFields {
            src_mac: dg(4),
            vlan: dg(5) == 1,
            vlan_tci: dg(6) as u16,
            is_ipv6: dg(7) == 1,
            src_ip: get_u128(&d[8]),
            dst_ip: get_u128(&d[9]),
            ce: dg(10) == 1,
            sport: dg(11) as u16,
            opcode: dg(12) as u8,
            flags: dg(13) as u8,
            path_id: dg(14) as u8,
            hdr_words: dg(15) as u8,
            dst_conn: dg(16) as u32,
            path_psn: dg(17) as u32,
            csn: dg(18) as u32,
            timestamp: dg(19) as u32,
            payload_len: dg(20) as u16,
            floor_delta: dg(21) as u16,
            rkey: dg(22) as u32,
            va: dg(23),
            stream: dg(24) as u8,
            msn: dg(25) as u32,
            msg_len: dg(26) as u32,
            rsn: dg(27) as u32,
            offset: dg(28) as u32,
            imm: dg(29) as u32,
            ack_base_psn: dg(30) as u32,
            ack_csn_base: dg(31) as u32,
            ack_ts_echo: dg(32) as u32,
            ack_ecn_count: dg(33) as u16,
            ack_rate_hint: dg(34) as u16,
            ack_sack: sack,
            nack_reason: dg(36) as u8,
            nack_psn: dg(37) as u32,
            nack_csn: dg(38) as u32,
            nack_detail: dg(39) as u32,
            probe_seq: dg(40) as u32,
            probe_ts: dg(41) as u32,
        };
        let mut cnt = [0u32; rd::COUNT];
        for (k, c) in cnt.iter_mut().enumerate() {
            *c = get_u64(&p[46 + k]) as u32;
        }
        let mut data = [0u8; 64];
        data.copy_from_slice(&bytes_of(&p[1], 64));
        let kn = keep.count_ones();
        let mut junk = keep != if kn >= 64 { u64::MAX } else { (1u64 << kn) - 1 };
        if !pv {
            junk |= keep != 0 || g(3) != 0 || data.iter().any(|&b| b != 0);
        }
        if dg(0) != 1 {
            junk |= (1..DESC_PORTS).any(|k| d[k].iter().any(|&w| w != 0));
        } else if dg(1) != 1 {
            junk |= (4..DESC_PORTS).any(|k| d[k].iter().any(|&w| w != 0));
        }
        RxOut {
            p: pv.then(|| PayloadBeat {
                data,
                keep: keep.count_ones() as u8,
                last: g(3) == 1,
            }),
            d: (dg(0) == 1).then(|| Desc {
                ok: dg(1) == 1,
                reason: dg(2) as u8,
                has_payload: dg(3) == 1,
                f,
            }),
            cnt,
            junk,
        }
    }
}

// ------------------------------------------------------------------ stimulus

/// A frame built by the stimulus, with its layout.
#[derive(Debug, Clone)]
pub struct BuiltFrame {
    /// Bytes (FCS excluded).
    pub bytes: Vec<u8>,
    ipoff: usize,
    v6: bool,
    ihl: usize,
    l4: usize,
    ipend: usize,
    udp_csum: bool,
}

impl BuiltFrame {
    fn fix_ip(&mut self) {
        if self.v6 {
            return;
        }
        let (o, n) = (self.ipoff, 4 * self.ihl);
        self.bytes[o + 10] = 0;
        self.bytes[o + 11] = 0;
        let c = checksum::checksum(&self.bytes[o..o + n]);
        self.bytes[o + 10..o + 12].copy_from_slice(&c.to_be_bytes());
    }

    fn fix_udp(&mut self) {
        if !self.udp_csum {
            return;
        }
        let (o, l4, end) = (self.ipoff, self.l4, self.ipend.min(self.bytes.len()));
        self.bytes[l4 + 6] = 0;
        self.bytes[l4 + 7] = 0;
        let ulen = be(&self.bytes, l4 + 4, 2) as u16;
        let ps = if self.v6 {
            let a: [u8; 16] = self.bytes[o + 8..o + 24].try_into().unwrap();
            let b: [u8; 16] = self.bytes[o + 24..o + 40].try_into().unwrap();
            checksum::pseudo_v6(&a, &b, ulen)
        } else {
            let a: [u8; 4] = self.bytes[o + 12..o + 16].try_into().unwrap();
            let b: [u8; 4] = self.bytes[o + 16..o + 20].try_into().unwrap();
            checksum::pseudo_v4(&a, &b, ulen)
        };
        let c = checksum::udp(ps, &self.bytes[l4..end]);
        self.bytes[l4 + 6..l4 + 8].copy_from_slice(&c.to_be_bytes());
    }

    fn set16(&mut self, at: usize, v: u16) {
        self.bytes[at..at + 2].copy_from_slice(&v.to_be_bytes());
    }

    /// Change the IP datagram length to `udp` bytes (UDP length field
    /// too), keeping the frame consistent (checksums fixed by the caller).
    fn set_datagram(&mut self, udp: usize) {
        if self.v6 {
            self.set16(self.ipoff + 4, udp as u16);
        } else {
            self.set16(self.ipoff + 2, (4 * self.ihl + udp) as u16);
        }
        self.set16(self.l4 + 4, udp as u16);
        self.ipend = self.l4 + udp;
    }
}

/// A random valid frame of `op` to UDP port `port` (IPv4 with options or
/// IPv6, with or without 802.1Q, UDP checksum or not, padding or not).
pub fn random_frame(r: &mut ChaCha8Rng, op: Opcode, port: u16) -> BuiltFrame {
    let vlan = r.gen_bool(0.5).then(|| VlanTag {
        pcp: r.gen_range(0..8),
        dei: r.gen(),
        vid: r.gen_range(0..4096),
    });
    let eth = EthernetRepr {
        dst: r.gen(),
        src: r.gen(),
        vlan,
    };
    let v6 = r.gen_bool(0.5);
    let ecn = if r.gen_bool(0.3) {
        3
    } else {
        r.gen_range(0..4)
    };
    let ip = if v6 {
        IpRepr::V6(Ipv6Repr {
            dscp: r.gen_range(0..64),
            ecn,
            flow_label: r.gen_range(0..1 << 20),
            hop_limit: r.gen(),
            src: r.gen(),
            dst: r.gen(),
        })
    } else {
        IpRepr::V4(Ipv4Repr {
            dscp: r.gen_range(0..64),
            ecn,
            ident: r.gen(),
            dont_frag: r.gen(),
            ttl: r.gen(),
            src: r.gen(),
            dst: r.gen(),
        })
    };
    let plen: usize = if !op.is_data() {
        0
    } else {
        match r.gen_range(0..10) {
            0 => 0,
            1..=5 => r.gen_range(1..300),
            6..=8 => r.gen_range(1..2100),
            _ => r.gen_range(2100..9000),
        }
    };
    let body = match op {
        Opcode::Write | Opcode::WriteImm => Body::Write {
            ext: WriteRepr {
                rkey: r.gen(),
                va: r.gen(),
                stream: r.gen(),
                msn: r.gen(),
                msg_len: r.gen(),
            },
            imm: (op == Opcode::WriteImm).then(|| r.gen()),
        },
        Opcode::Send | Opcode::SendImm => Body::Send {
            ext: SendRepr {
                stream: r.gen(),
                rsn: r.gen_range(0..1 << 24),
                msn: r.gen(),
                offset: r.gen(),
                msg_len: r.gen(),
            },
            imm: (op == Opcode::SendImm).then(|| r.gen()),
        },
        Opcode::Ack => Body::Ack(AckRepr {
            base_psn: r.gen(),
            csn_base: r.gen(),
            ts_echo: r.gen(),
            ecn_count: r.gen(),
            rate_hint: r.gen(),
            sack: Sack256::from_bytes(&r.gen()),
        }),
        Opcode::Nack => Body::Nack(NackRepr {
            reason: NACK_REASONS[r.gen_range(0..NACK_REASONS.len())],
            psn: r.gen(),
            csn: r.gen(),
            detail: r.gen(),
        }),
        Opcode::Probe => Body::Probe(ProbeRepr {
            probe_seq: r.gen(),
            probe_ts: r.gen(),
        }),
        Opcode::ProbeReply => Body::ProbeReply(ProbeRepr {
            probe_seq: r.gen(),
            probe_ts: r.gen(),
        }),
    };
    let repr = FrameRepr {
        eth,
        ip,
        udp: UdpRepr {
            src_port: r.gen(),
            dst_port: port,
            checksum: r.gen_bool(0.5),
        },
        braid: BraidRepr {
            base: BaseRepr {
                opcode: op,
                flags: Flags(r.gen()),
                path_id: r.gen(),
                dst_conn: r.gen_range(0..1 << 24),
                path_psn: r.gen(),
                csn: r.gen(),
                timestamp: r.gen(),
                payload_len: plen as u16,
                floor_delta: r.gen(),
            },
            body,
        },
    };
    let payload: Vec<u8> = (0..plen).map(|_| r.gen()).collect();
    let bytes = emit_frame_vec(&repr, &payload).expect("stimulus frame");
    let ipoff = 14 + 4 * vlan.is_some() as usize;
    let ulen = 8 + op.header_len() + plen;
    let mut f = BuiltFrame {
        bytes,
        ipoff,
        v6,
        ihl: 5,
        l4: ipoff + if v6 { 40 } else { 20 },
        ipend: ipoff + if v6 { 40 } else { 20 } + ulen,
        udp_csum: repr.udp.checksum,
    };
    if !v6 && r.gen_bool(0.3) {
        // IPv4 options (skipped by the receiver, not covered by the UDP checksum)
        let k = r.gen_range(1..=10);
        let opts: Vec<u8> = (0..4 * k).map(|_| r.gen()).collect();
        let at = ipoff + 20;
        f.bytes.splice(at..at, opts);
        f.ihl = 5 + k;
        f.bytes[ipoff] = 0x40 | f.ihl as u8;
        f.l4 += 4 * k;
        f.ipend += 4 * k;
        f.set16(ipoff + 2, (4 * f.ihl + ulen) as u16);
        f.fix_ip();
    }
    if r.gen_bool(0.15) {
        let pad = r.gen_range(1..80);
        f.bytes.extend((0..pad).map(|_| r.gen::<u8>()));
    }
    f
}

/// Corrupt `f` so that the parser must drop it for `reason` (one
/// corruption; earlier checks still pass). Returns false when the
/// corruption does not apply to this frame (e.g. IPv4-only on IPv6).
pub fn corrupt(r: &mut ChaCha8Rng, f: &mut BuiltFrame, reason: u8, port: u16) -> bool {
    let (o, l4) = (f.ipoff, f.l4);
    match reason {
        rd::TRUNCATED => {
            let cut = r.gen_range(1..f.ipend);
            f.bytes.truncate(cut);
        }
        rd::NOT_IP => {
            let et = loop {
                let v: u16 = if r.gen_bool(0.3) {
                    [0x0806, 0x88cc, 0x8100, 0x86dc, 0x0801][r.gen_range(0..5)]
                } else {
                    r.gen()
                };
                if v != ETHERTYPE_IPV4 && v != ETHERTYPE_IPV6 && (o == 18 || v != ETHERTYPE_VLAN) {
                    break v;
                }
            };
            f.set16(o - 2, et);
        }
        rd::BAD_IP_HEADER => {
            if f.v6 {
                f.bytes[o] = f.bytes[o] & 15 | ([0, 4, 7, 15][r.gen_range(0..4)] << 4);
            } else if r.gen_bool(0.5) {
                f.bytes[o] = 0x40 | r.gen_range(0..5);
            } else {
                f.bytes[o] = f.bytes[o] & 15 | ([0, 5, 6, 15][r.gen_range(0..4)] << 4);
            }
        }
        rd::IP_CHECKSUM => {
            if f.v6 {
                return false;
            }
            let k = o + 2 * r.gen_range(0..2 * f.ihl);
            if k == o {
                f.bytes[o + 11] ^= 1;
            } else {
                f.bytes[k + 1] ^= 1 << r.gen_range(0..8);
                // keep the checks before the checksum passing
                if k == o + 2 && f.bytes.len() < o + 4 {
                    return false;
                }
            }
        }
        rd::FRAGMENT => {
            if f.v6 {
                return false;
            }
            let v: u16 = if r.gen_bool(0.5) {
                0x2000 | r.gen_range(0..0x2000)
            } else {
                r.gen_range(1..0x2000)
            };
            f.set16(o + 6, v | (r.gen_range(0..2) << 14));
            f.fix_ip();
        }
        rd::NOT_UDP => {
            let p = loop {
                let p: u8 = r.gen();
                if p != 17 {
                    break p;
                }
            };
            f.bytes[o + if f.v6 { 6 } else { 9 }] = p;
            f.fix_ip();
        }
        rd::IP_LENGTH => {
            if f.v6 {
                f.set16(o + 4, r.gen_range(0..8));
            } else {
                f.set16(o + 2, r.gen_range(0..4 * f.ihl as u16 + 8));
                f.fix_ip();
            }
        }
        rd::WRONG_PORT => {
            let p = loop {
                let p: u16 = r.gen();
                if p != port {
                    break p;
                }
            };
            f.set16(l4 + 2, p);
        }
        rd::UDP_LENGTH => {
            let u = be(&f.bytes, l4 + 4, 2) as u16;
            f.set16(l4 + 4, u ^ (1 << r.gen_range(0..16)));
        }
        rd::UDP_CHECKSUM => {
            if !f.udp_csum {
                f.udp_csum = true;
                f.fix_udp();
            }
            let k = r.gen_range(l4 + 8..f.ipend);
            f.bytes[k] ^= 1 << r.gen_range(0..8);
        }
        rd::BRAID_VERSION => {
            let v = [0u8, 2, 3, 15][r.gen_range(0..4)];
            f.bytes[l4 + 8] = f.bytes[l4 + 8] & 15 | v << 4;
            f.fix_udp();
        }
        rd::BAD_OPCODE => {
            let op = loop {
                let v: u8 = if r.gen_bool(0.5) {
                    r.gen_range(0..0x30)
                } else {
                    r.gen()
                };
                if Opcode::from_u8(v).is_none() {
                    break v;
                }
            };
            f.bytes[l4 + 9] = op;
            f.fix_udp();
        }
        rd::HDR_WORDS => {
            let op = Opcode::from_u8(f.bytes[l4 + 9]).unwrap();
            let hw = loop {
                let v: u8 = if r.gen_bool(0.7) {
                    r.gen_range(0..24)
                } else {
                    r.gen()
                };
                if v as usize * 4 != op.header_len() {
                    break v;
                }
            };
            f.bytes[l4 + 12] = hw;
            f.fix_udp();
        }
        rd::PAYLOAD_LENGTH => {
            if r.gen_bool(0.3) {
                // a datagram too short for the base header
                let u = r.gen_range(8..8 + BASE_HEADER_LEN);
                f.set_datagram(u);
                f.bytes.truncate(f.ipend);
                f.fix_ip();
            } else {
                let pl = be(&f.bytes, l4 + 8 + 20, 2) as u16;
                f.set16(l4 + 8 + 20, pl ^ (1 << r.gen_range(0..16)));
            }
            f.fix_udp();
        }
        rd::CONTROL_PAYLOAD => {
            let op = Opcode::from_u8(f.bytes[l4 + 9]).unwrap();
            if op.is_data() {
                return false;
            }
            let k = r.gen_range(1..600);
            let end = f.ipend;
            f.bytes.truncate(end);
            f.bytes.extend((0..k).map(|_| r.gen::<u8>()));
            f.set_datagram(f.ipend - l4 + k);
            f.set16(l4 + 8 + 20, k as u16);
            f.fix_ip();
            f.fix_udp();
        }
        _ => return false,
    }
    true
}

/// Seeded stimulus: valid frames of every opcode mixed with one-corruption
/// frames of every reason, random bytes, gaps and back-to-back frames.
#[derive(Debug)]
pub struct RxStim {
    rng: ChaCha8Rng,
    port: u16,
    cur: Vec<u8>,
    at: usize,
    gap: u32,
    /// Reason each frame was built for, in order (0 = valid, 0xff = random bytes).
    pub intended: Vec<u8>,
}

impl RxStim {
    fn new_frame(&mut self) {
        let r = &mut self.rng;
        let pick = r.gen_range(0..100);
        let op = OPCODES[r.gen_range(0..OPCODES.len())];
        let (bytes, why) = if pick < 5 {
            let n = r.gen_range(1..200);
            ((0..n).map(|_| r.gen()).collect(), 0xff)
        } else {
            let mut f = random_frame(r, op, self.port);
            if pick < 45 {
                (f.bytes, 0)
            } else {
                let mut reason;
                loop {
                    reason = self.rng.gen_range(1..rd::COUNT as u8);
                    let op2 = if reason == rd::CONTROL_PAYLOAD {
                        [Opcode::Ack, Opcode::Nack, Opcode::Probe, Opcode::ProbeReply]
                            [self.rng.gen_range(0..4)]
                    } else {
                        op
                    };
                    if op2 != op {
                        f = random_frame(&mut self.rng, op2, self.port);
                    }
                    if corrupt(&mut self.rng, &mut f, reason, self.port) {
                        break;
                    }
                }
                (f.bytes, reason)
            }
        };
        self.cur = bytes;
        self.at = 0;
        self.intended.push(why);
        self.gap = match self.rng.gen_range(0..4) {
            0 | 1 => 0,
            2 => 1,
            _ => self.rng.gen_range(2..6),
        };
    }
}

impl Stimulus for RxStim {
    type In = RxIn;
    type Out = RxOut;

    fn new(seed: u64) -> Self {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let port = if rng.gen_bool(0.5) {
            braid_spec::BRAID_UDP_PORT
        } else {
            rng.gen()
        };
        let mut s = RxStim {
            rng,
            port,
            cur: Vec::new(),
            at: 0,
            gap: 0,
            intended: Vec::new(),
        };
        s.new_frame();
        s
    }

    fn next(&mut self, _cycle: u64) -> RxIn {
        let port = self.port;
        if self.at >= self.cur.len() {
            if self.gap > 0 {
                self.gap -= 1;
                return RxIn { beat: None, port };
            }
            self.new_frame();
        }
        if self.rng.gen_range(0..8) == 0 {
            return RxIn { beat: None, port };
        }
        let n = (self.cur.len() - self.at).min(64);
        let mut data = [0u8; 64];
        self.rng.fill(&mut data[..]);
        data[..n].copy_from_slice(&self.cur[self.at..self.at + n]);
        self.at += n;
        RxIn {
            beat: Some(RxBeat {
                data,
                keep: n as u8,
                last: self.at >= self.cur.len(),
            }),
            port,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn desc_ports_are_the_d_outputs() {
        let d = &RxParserModel::OUTPUTS[4..4 + DESC_PORTS];
        assert_eq!((d[0], d[DESC_PORTS - 1]), ("d_valid", "d_probe_ts"));
        assert!(d.iter().all(|p| p.starts_with("d_")));
        assert!(!RxParserModel::OUTPUTS[4 + DESC_PORTS].starts_with("d_"));
    }
}
