//! Software-path benchmark: work requests posted and completions polled per
//! second on one core, on the memory backend (no engine: this measures the
//! driver alone). Each round posts a batch of WRITEs with one doorbell, the
//! benchmark then writes their completions into the CQ ring as the engine
//! would (not timed), and polls them.
//!
//! `cargo run --release -p braid-driver --example sw_path`

use braid_driver::verbs::*;
use braid_driver::{Backend, MemBackend};
use braid_spec::host::CQE_BYTES;
use std::time::{Duration, Instant};

fn main() -> Result<(), braid_driver::Error> {
    println!("batch  posted/s (M)  polled/s (M)  post+poll/s (M)");
    for batch in [1usize, 8, 32, 128] {
        let ctx = Context::open(MemBackend::new())?;
        let pd = ctx.alloc_pd();
        let cq = ctx.create_cq(4096)?;
        let mr = pd.reg_mr(1 << 20, access::LOCAL_WRITE)?;
        let mut qp = pd.create_qp(
            &cq,
            QpInit {
                sq_entries: 4096,
                rq_entries: 16,
                streams: 1,
                paths: 16,
            },
        )?;
        let me = qp.local_params([2, 0, 0, 0, 0, 1], [10, 0, 0, 1]);
        qp.connect(&me, &ConnParams { conn: 0, ..me })?;
        let wrs: Vec<SendWr> = (0..batch)
            .map(|i| SendWr {
                wr_id: i as u64,
                op: SendOp::Write {
                    remote_addr: 0x1000,
                    rkey: 1,
                },
                stream: 0,
                sg_list: vec![mr.sge(0, 4096)],
            })
            .collect();
        let ring = cq.ring();
        let n = cq.entries() as u64;
        let mut eng_ci = 0u64;
        let mut out = Vec::with_capacity(batch);
        let (mut t_post, mut t_poll) = (Duration::ZERO, Duration::ZERO);
        let mut done = 0u64;
        let t_all = Instant::now();
        while t_all.elapsed() < Duration::from_millis(700) {
            for _ in 0..64 {
                let t = Instant::now();
                qp.post_send(&wrs)?;
                t_post += t.elapsed();
                // the engine's part (not timed)
                ctx.with_backend(|b| {
                    for i in 0..batch {
                        let wc = WorkCompletion {
                            wr_id: i as u64,
                            status: WcStatus::Success,
                            opcode: WcOpcode::SendDone,
                            byte_len: 4096,
                            imm: None,
                            qp_num: qp.qp_num(),
                            stream: 0,
                            msn: 0,
                        };
                        let mut rec = [0u8; CQE_BYTES];
                        encode_cqe(&mut rec, &wc, if (eng_ci / n) % 2 == 0 { 1 } else { 0 });
                        b.dma_write(&ring, ((eng_ci % n) as usize) * CQE_BYTES, &rec)
                            .unwrap();
                        eng_ci += 1;
                    }
                });
                let t = Instant::now();
                out.clear();
                let got = cq.poll_into(batch, &mut out)?;
                t_poll += t.elapsed();
                assert_eq!(got, batch);
                done += batch as u64;
            }
        }
        let d = done as f64;
        println!(
            "{batch:>5}  {:>12.1}  {:>12.1}  {:>15.1}",
            d / t_post.as_secs_f64() / 1e6,
            d / t_poll.as_secs_f64() / 1e6,
            d / (t_post + t_poll).as_secs_f64() / 1e6
        );
    }
    Ok(())
}
