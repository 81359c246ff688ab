//! Model packets as real Ethernet/IPv4/UDP/Braid frames, per `braid-spec`:
//! pcap captures that Wireshark and the project's dissector read.

use crate::config::Kind;
use crate::fabric::{FabricConfig, HostId, Packet, Time};
use crate::net::{access, Msg, Net, NetConfig, RecvBuf, WorkRequest, WrOp};

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
    use braid_spec::wire::eth::EthernetRepr;
    use braid_spec::wire::frame::{emit_frame_vec, FrameRepr};
    use braid_spec::wire::ip::{IpRepr, Ipv4Repr, ECN_CE, ECN_ECT0};
    use braid_spec::wire::udp::UdpRepr;
    let (braid, payload) = crate::codec::braid_of(&p.payload)?;
    let repr = FrameRepr {
        eth: EthernetRepr {
            dst: host_mac(p.dst),
            src: host_mac(p.src),
            vlan: None,
        },
        ip: IpRepr::V4(Ipv4Repr {
            dscp: 0,
            ecn: if p.ce { ECN_CE } else { ECN_ECT0 },
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
        braid,
    };
    emit_frame_vec(&repr, &payload).ok()
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
