use braid_sim::fabric::{FabricConfig, LossModel};
use braid_sim::net::*;
use braid_sim::transport::Kind;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let loss: f64 = args.get(1).map(|s| s.parse().unwrap()).unwrap_or(0.01);
    let hop = args.get(2).is_some_and(|s| s == "hop");
    for kind in [Kind::Braid, Kind::GoBackN, Kind::SelectiveRepeat] {
        let mut fab = FabricConfig::leaf_spine(32);
        fab.spines = 8;
        fab.seed = 0xb4a1;
        if hop {
            fab.link_loss = LossModel::Bernoulli(loss)
        } else {
            fab.e2e_loss = loss;
        }
        let mut n = Net::new(fab, NetConfig::new(kind));
        n.keep_cq = false;
        n.set_memory(0, 1 << 30);
        n.set_memory(31, 1 << 30);
        let src = n.reg_mr(0, 1, 0, 1 << 30, access::LOCAL_WRITE).unwrap();
        let dst = n
            .reg_mr(
                31,
                1,
                0,
                1 << 30,
                access::REMOTE_WRITE | access::LOCAL_WRITE,
            )
            .unwrap();
        let c = n.connect(0, 31, 1);
        let len = 1u32 << 20;
        let mut posted = 0u64;
        let post = |n: &mut Net, posted: &mut u64| {
            let off = (*posted % 512) * len as u64;
            n.post_send(
                c,
                WorkRequest {
                    wr_id: *posted,
                    op: WrOp::Write {
                        rkey: dst.rkey,
                        remote: off,
                    },
                    stream: 0,
                    local: off,
                    len,
                    lkey: src.lkey,
                },
            )
            .unwrap();
            *posted += 1;
        };
        for _ in 0..8 {
            post(&mut n, &mut posted);
        }
        let t0 = std::time::Instant::now();
        let end = 5_000_000_000u64;
        let warm = end / 10;
        let mut at_warm = None;
        while n.now() < end && n.step() {
            if at_warm.is_none() && n.now() >= warm {
                at_warm = Some(n.stats(c).goodput_bytes);
            }
            if n.has_completions() {
                for _ in n.take_completions() {
                    post(&mut n, &mut posted);
                }
            }
        }
        let s = n.stats(c);
        let g = (s.goodput_bytes - at_warm.unwrap()) as f64 * 8.0
            / ((end - warm) as f64 / 1e12)
            / 400e9;
        println!("{:?} loss {} goodput {:.4} sent {} retx {} to {} dup {} msgs {} wall {:.2}s pkt/s {:.0}", kind, loss, g, s.data_sent, s.retransmits, s.timeouts, s.duplicates, s.msgs_done, t0.elapsed().as_secs_f64(), s.data_sent as f64 / t0.elapsed().as_secs_f64());
    }
}
