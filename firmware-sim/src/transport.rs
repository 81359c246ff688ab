//! Shared transport definitions: the transports the benchmarks compare,
//! Braid's parameters, and turning model packets into real Ethernet frames
//! (pcap captures, Wireshark) and the loss plot. The model itself is
//! [`crate::net`]; the scenarios are [`crate::bench`].

use crate::bench::Row;
use crate::fabric::{FabricConfig, HostId, Packet, Time};
use crate::net::{access, Msg, Net, NetConfig, RecvBuf, WorkRequest, WrOp};

/// Transport parameters.
#[derive(Debug, Clone)]
pub struct BraidConfig {
    /// Paths per connection.
    pub paths: u8,
    /// Payload bytes per packet.
    pub mtu: u32,
    /// Initial window per path, packets.
    pub init_cwnd: f64,
    /// Largest window per path, packets (at most 256: the SACK window).
    pub max_cwnd: f64,
    /// Smallest retransmission timeout.
    pub min_rto: Time,
    /// DCTCP gain.
    pub dctcp_g: f64,
    /// Consecutive timeouts from which every timeout gives a path a new
    /// UDP source port (0: never).
    pub rehash_after: u32,
    /// Consecutive timeouts that retire a path: it takes no more packets
    /// (0: never).
    pub retire_after: u32,
    /// Packets sent in a row on one path before the sprayer moves on
    /// (short bursts let the SACK of a packet's successor prove its loss
    /// within a packet time).
    pub spray_burst: u32,
    /// Receiver: data packets a path receives before its ACK is due
    /// without ACK_REQ or a hole (`TIMER_CFG.ack_coalesce`; 1: every
    /// packet is acknowledged, 0 acts alike).
    pub ack_coalesce: u32,
    /// Receiver: a path below `ack_coalesce` is acknowledged this long
    /// after its first unacknowledged packet (the engine's ACK timer:
    /// `2^(TIMER_CFG.ack_shift + ACK_DELAY_BUCKETS_LOG2)` ticks).
    pub ack_delay: Time,
}

/// The engine's ACK timer fires `2^ACK_DELAY_BUCKETS_LOG2` buckets of its
/// wheel (`TIMER_CFG.ack_shift`) after a path's first unacknowledged
/// packet (`braid_engine`'s `a_dly`).
pub const ACK_DELAY_BUCKETS_LOG2: u32 = 6;

/// `ticks` engine ticks (`CFG_TICK_HZ`) in ps.
fn ticks_ps(ticks: u64) -> Time {
    (ticks * 1_000_000_000_000 / braid_spec::regs::CFG_TICK_HZ) as Time
}

impl Default for BraidConfig {
    /// The engine's configuration registers at reset (`braid_spec::regs`
    /// `CONFIG`), in the model's units: the model and the RTL start from the
    /// same constants.
    fn default() -> Self {
        use braid_spec::regs::{self as r, get};
        BraidConfig {
            paths: 16,
            mtu: braid_spec::state::MTU_MIN << get(&r::NET_CFG_MTU_CODE, r::CFG_NET),
            init_cwnd: r::CFG_CWND_INIT as f64 / 256.0,
            max_cwnd: r::CFG_CWND_MAX as f64 / 256.0,
            min_rto: ticks_ps(r::CFG_RTO_MIN as u64),
            dctcp_g: 1.0 / f64::from(1u32 << (get(&r::CC_ALPHA_G, r::CFG_ALPHA) + 3)),
            rehash_after: get(&r::PATH_HEALTH_REHASH, r::CFG_PATH_HEALTH),
            retire_after: get(&r::PATH_HEALTH_RETIRE, r::CFG_PATH_HEALTH),
            spray_burst: get(&r::TX_CFG_SPRAY_BURST, r::CFG_TX),
            ack_coalesce: get(&r::TIMER_CFG_ACK_COALESCE, r::CFG_TIMER),
            ack_delay: ticks_ps(
                1 << (get(&r::TIMER_CFG_ACK_SHIFT, r::CFG_TIMER) + ACK_DELAY_BUCKETS_LOG2),
            ),
        }
    }
}

#[cfg(test)]
mod cfg_tests {
    use super::BraidConfig;

    /// The register resets are the model's historical defaults (the loss
    /// benchmark's figures were measured with these).
    #[test]
    fn defaults_come_from_the_register_resets() {
        let c = BraidConfig::default();
        assert_eq!(
            (
                c.paths,
                c.mtu,
                c.rehash_after,
                c.retire_after,
                c.spray_burst
            ),
            (16, 4096, 1, 16, 4)
        );
        assert_eq!(
            (c.init_cwnd, c.max_cwnd, c.dctcp_g),
            (8.0, 256.0, 1.0 / 16.0)
        );
        assert_eq!(c.min_rto, 20_000_000);
        // every packet acknowledged; the ACK timer at 512 ticks (1.7 us)
        assert_eq!((c.ack_coalesce, c.ack_delay), (1, 1_706_666));
    }
}

/// Which transport a benchmark row ran.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Braid: 16 sprayed paths.
    Braid,
    /// RoCEv2 RC: one path, go-back-N, with a retransmission timeout.
    GoBackN,
    /// IRN-like: one path, selective repeat (SACK), window capped at the
    /// bandwidth-delay product.
    SelectiveRepeat,
}

impl Kind {
    /// Name in tables and JSON.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Braid => "braid",
            Kind::GoBackN => "roce-gbn",
            Kind::SelectiveRepeat => "sr-irn",
        }
    }
}

/// MAC address of host `h` in captures (locally administered).
pub fn host_mac(h: HostId) -> [u8; 6] {
    [0x02, 0x42, 0x52, (h >> 16) as u8, (h >> 8) as u8, h as u8]
}

/// IPv4 address of host `h` in captures (10.x.y.z).
pub fn host_ip(h: HostId) -> [u8; 4] {
    [10, (h >> 16) as u8, (h >> 8) as u8, h as u8]
}

/// A model packet as a real Ethernet/IPv4/UDP/Braid frame (FCS not
/// included), per `braid-spec`: the payload is the packet's bytes when the
/// model carries data, zeros otherwise. `None` for the go-back-N
/// baseline's packets, which are not Braid.
pub fn frame_of(p: &Packet<Msg>) -> Option<Vec<u8>> {
    use braid_spec::wire::braid::{
        AckRepr, BaseRepr, Body, BraidRepr, Flags, NackRepr, Opcode, SendRepr, WriteRepr,
    };
    use braid_spec::wire::eth::EthernetRepr;
    use braid_spec::wire::frame::{emit_frame_vec, FrameRepr};
    use braid_spec::wire::ip::{IpRepr, Ipv4Repr};
    use braid_spec::wire::udp::UdpRepr;
    let ts = |t: Time| (t / 1000) as u32;
    let (base, body, payload) = match &p.payload {
        Msg::Data(d) => {
            let imm = d.opcode.has_imm().then_some(d.imm);
            let body = match d.opcode {
                Opcode::Write | Opcode::WriteImm => Body::Write {
                    ext: WriteRepr {
                        rkey: d.rkey,
                        va: d.va,
                        stream: d.stream,
                        msn: d.msn,
                        msg_len: d.msg_len,
                    },
                    imm,
                },
                _ => Body::Send {
                    ext: SendRepr {
                        stream: d.stream,
                        rsn: d.rsn,
                        msn: d.msn,
                        offset: d.offset,
                        msg_len: d.msg_len,
                    },
                    imm,
                },
            };
            (
                BaseRepr {
                    opcode: d.opcode,
                    flags: Flags(d.flags),
                    path_id: d.path,
                    dst_conn: d.conn,
                    path_psn: d.psn,
                    csn: d.csn,
                    timestamp: ts(d.ts),
                    payload_len: d.len as u16,
                    floor_delta: d.floor_delta,
                },
                body,
                d.data.clone().unwrap_or_else(|| vec![0; d.len as usize]),
            )
        }
        Msg::Ack(a) => (
            BaseRepr {
                opcode: Opcode::Ack,
                flags: Flags(0),
                path_id: a.path,
                dst_conn: a.conn,
                path_psn: 0,
                csn: 0,
                timestamp: 0,
                payload_len: 0,
                floor_delta: 0,
            },
            Body::Ack(AckRepr {
                base_psn: a.base,
                csn_base: a.csn_base,
                ts_echo: ts(a.ts_echo),
                ecn_count: a.ecn.min(u16::MAX as u32) as u16,
                rate_hint: (a.rate_hint / braid_spec::wire::braid::RATE_HINT_UNIT_BPS)
                    .min(u16::MAX as u64) as u16,
                sack: a.sack,
            }),
            Vec::new(),
        ),
        Msg::Nack {
            conn,
            path,
            psn,
            csn,
            reason,
            detail,
        } => (
            BaseRepr {
                opcode: Opcode::Nack,
                flags: Flags(0),
                path_id: *path,
                dst_conn: *conn,
                path_psn: 0,
                csn: 0,
                timestamp: 0,
                payload_len: 0,
                floor_delta: 0,
            },
            Body::Nack(NackRepr {
                reason: *reason,
                psn: *psn,
                csn: *csn,
                detail: *detail,
            }),
            Vec::new(),
        ),
        Msg::Gbn { .. } => return None,
    };
    let repr = FrameRepr {
        eth: EthernetRepr {
            dst: host_mac(p.dst),
            src: host_mac(p.src),
            vlan: None,
        },
        ip: IpRepr::V4(Ipv4Repr {
            dscp: 0,
            ecn: if p.ce { 3 } else { 1 },
            ident: 0,
            dont_frag: true,
            ttl: 64,
            src: host_ip(p.src),
            dst: host_ip(p.dst),
        }),
        udp: UdpRepr {
            src_port: p.sport,
            dst_port: p.dport,
            checksum: false,
        },
        braid: BraidRepr { base, body },
    };
    emit_frame_vec(&repr, &payload).ok()
}

/// One line of a goodput chart.
pub struct Series {
    /// Legend.
    pub name: String,
    /// SVG colour.
    pub color: &'static str,
    /// Goodput over the line rate, one value per loss point.
    pub values: Vec<f64>,
    /// Drawn dashed.
    pub dashed: bool,
}

impl Series {
    /// A solid line.
    pub fn new(name: &str, color: &'static str, values: Vec<f64>) -> Series {
        Series {
            name: name.to_string(),
            color,
            values,
            dashed: false,
        }
    }

    /// A dashed line.
    pub fn dashed(name: &str, color: &'static str, values: Vec<f64>) -> Series {
        Series {
            dashed: true,
            ..Series::new(name, color, values)
        }
    }
}

/// An SVG line chart of goodput (0 to 1) against the loss points `losses`
/// (evenly spaced on the x axis), one line per series.
pub fn goodput_svg(title: &str, losses: &[f64], series: &[Series]) -> String {
    let (w, h, m) = (640.0, 400.0, 60.0);
    let xs = |i: usize| m + (w - 2.0 * m) * i as f64 / (losses.len().max(2) - 1) as f64;
    let ys = |g: f64| h - m - (h - 2.0 * m) * g.clamp(0.0, 1.0);
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" font-family=\"sans-serif\" font-size=\"12\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n<text x=\"{}\" y=\"24\" text-anchor=\"middle\" font-size=\"15\">{title}</text>\n",
        w / 2.0
    );
    for k in 0..=10 {
        let g = k as f64 / 10.0;
        s += &format!(
            "<line x1=\"{m}\" x2=\"{}\" y1=\"{y}\" y2=\"{y}\" stroke=\"#ddd\"/><text x=\"{}\" y=\"{}\" text-anchor=\"end\">{g:.1}</text>\n",
            w - m,
            m - 6.0,
            ys(g) + 4.0,
            y = ys(g)
        );
    }
    for (i, l) in losses.iter().enumerate() {
        s += &format!(
            "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}%</text>\n",
            xs(i),
            h - m + 18.0,
            l * 100.0
        );
    }
    s += &format!(
        "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">loss p (data and ACKs)</text>\n",
        w / 2.0,
        h - 16.0
    );
    for (k, l) in series.iter().enumerate() {
        let pts: Vec<String> = l
            .values
            .iter()
            .enumerate()
            .map(|(i, g)| format!("{:.1},{:.1}", xs(i), ys(*g)))
            .collect();
        let dash = if l.dashed {
            " stroke-dasharray=\"5,4\""
        } else {
            ""
        };
        s += &format!(
            "<polyline fill=\"none\" stroke=\"{}\" stroke-width=\"2\"{dash} points=\"{}\"/>\n<text x=\"{}\" y=\"{}\" fill=\"{}\">{}</text>\n",
            l.color,
            pts.join(" "),
            w - m - 110.0,
            h - m - 120.0 + 16.0 * k as f64,
            l.color,
            l.name
        );
    }
    s += "</svg>\n";
    s
}

/// An SVG line chart of goodput against end-to-end loss from the loss
/// scenario's rows, one line per transport plus the physical limit.
pub fn loss_svg(rows: &[Row]) -> String {
    let e2e: Vec<&Row> = rows
        .iter()
        .filter(|r| matches!(r.get("where"), Some(crate::bench::Val::S(s)) if s == "e2e"))
        .collect();
    let mut losses: Vec<f64> = e2e.iter().map(|r| r.num("loss")).collect();
    losses.dedup();
    let at = |l: f64, kind: Option<Kind>, col: &str| {
        e2e.iter()
            .find(|r| r.num("loss") == l && kind.is_none_or(|k| r.transport == k))
            .map(|r| r.num(col))
            .unwrap_or(0.0)
    };
    let mut series = vec![Series::dashed(
        "limit",
        "#999",
        losses.iter().map(|&l| at(l, None, "limit")).collect(),
    )];
    for (kind, color) in [
        (Kind::Braid, "#d62728"),
        (Kind::SelectiveRepeat, "#1f77b4"),
        (Kind::GoBackN, "#2ca02c"),
    ] {
        let v = losses
            .iter()
            .map(|&l| at(l, Some(kind), "goodput_frac"))
            .collect();
        series.push(Series::new(kind.name(), color, v));
    }
    goodput_svg(
        "Goodput / line rate against end-to-end loss (2 hosts, 400 Gb/s, 4 KiB)",
        &losses,
        &series,
    )
}

/// Captured frames: (time in ns, frame bytes).
pub type Frames = Vec<(u64, Vec<u8>)>;

/// Frames of the first `max` packets of a Braid connection carrying real
/// data (WRITE, WRITE_IMM, SEND and SEND_IMM messages of a few sizes over
/// two streams) at end-to-end loss `loss`, with their send times in ns.
pub fn capture_braid(loss: f64, max: usize, seed: u64) -> Frames {
    use std::cell::RefCell;
    use std::rc::Rc;
    let mut fab = FabricConfig::leaf_spine(32);
    fab.spines = 8;
    fab.seed = seed;
    fab.e2e_loss = loss;
    let cfg = NetConfig {
        carry_data: true,
        ..NetConfig::new(Kind::Braid)
    };
    let mut n = Net::new(fab, cfg);
    let frames: Rc<RefCell<Frames>> = Rc::new(RefCell::new(Vec::new()));
    let sink = frames.clone();
    n.fabric.set_tap(move |t: Time, p: &Packet<Msg>| {
        let mut v = sink.borrow_mut();
        if v.len() < max {
            if let Some(fr) = frame_of(p) {
                v.push((t / 1000, fr));
            }
        }
    });
    let (a, b) = (0, 31);
    let size = 8 << 20;
    n.set_memory(a, size);
    n.set_memory(b, size);
    for (i, x) in n.memory_mut(a).iter_mut().enumerate() {
        *x = (i as u64).wrapping_mul(0x9e37_79b9) as u8;
    }
    let src = n.reg_mr(a, 1, 0, size, access::LOCAL_WRITE).expect("mr");
    let dst = n
        .reg_mr(b, 1, 0, size, access::LOCAL_WRITE | access::REMOTE_WRITE)
        .expect("mr");
    let c = n.connect(a, b, 1);
    let mut off = 0u64;
    for k in 0..64u32 {
        let len = [100_000u32, 4096, 1, 65_536][k as usize % 4];
        let stream = (k % 2) as u8;
        let op = match k % 4 {
            0 => WrOp::Write {
                rkey: dst.rkey,
                remote: off,
            },
            1 => WrOp::WriteImm {
                rkey: dst.rkey,
                remote: off,
                imm: k,
            },
            2 => WrOp::Send,
            _ => WrOp::SendImm { imm: k },
        };
        if matches!(op, WrOp::Send | WrOp::SendImm { .. }) {
            n.post_recv(
                c,
                stream,
                RecvBuf {
                    wr_id: k as u64,
                    addr: off,
                    len,
                    lkey: dst.lkey,
                },
            )
            .expect("recv");
        }
        n.post_send(
            c,
            WorkRequest {
                wr_id: k as u64,
                op,
                stream,
                local: off,
                len,
                lkey: src.lkey,
            },
        )
        .expect("post");
        off += len as u64;
    }
    n.run_to_completion(1_000_000_000_000);
    let v = frames.borrow().clone();
    v
}
