//! `braid pair_check`: two boards in one host, cabled port to port (or two
//! simulated boards), each under its own driver context with one queue
//! pair connected to the other's. Seeded messages go from A to B in
//! batches, the operations in turn RDMA WRITE, WRITE_WITH_IMM and
//! SEND/RECV (a batch ends with one B completes), of seeded lengths, from
//! seeded places of A's region to their own slot of B's. Every completion
//! must come back with its id, status, length and immediate, and after each
//! batch B's whole region must equal what the messages put there (the
//! bytes outside them still zero): exact, exactly once. The figures printed are the counts; the engines' counters
//! follow.

use crate::board::open_board;
use braid_driver::verbs::*;
use braid_driver::{Backend, Error};
use std::time::{Duration, Instant};

/// Engine A's Ethernet and IPv4 addresses.
const MAC_A: [u8; 6] = [2, 0x42, 0x52, 0, 0, 0xa];
const IP_A: [u8; 4] = [10, 0, 0, 10];
/// Engine B's.
const MAC_B: [u8; 6] = [2, 0x42, 0x52, 0, 0, 0xb];
const IP_B: [u8; 4] = [10, 0, 0, 11];
/// A batch that has not completed after this long fails the check.
const BATCH_TIMEOUT: Duration = Duration::from_secs(120);

/// What `pair_check` was asked for.
pub struct PairCheck {
    /// A's device.
    pub device: String,
    /// B's device.
    pub peer: String,
    /// Messages.
    pub count: u32,
    /// Largest message in bytes.
    pub max_size: u32,
    /// Messages per batch (in flight together).
    pub depth: u32,
    /// Seed of the lengths, places and bytes.
    pub seed: u64,
    /// Paths of the connection (at most what the engines have).
    pub paths: Option<u8>,
    /// sysfs root for boards.
    pub sysfs: std::path::PathBuf,
    /// Device-file root for boards.
    pub dev: std::path::PathBuf,
}

fn s(e: Error) -> String {
    e.to_string()
}

/// splitmix64: the seeded numbers (the same on every platform).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `lo..=hi`.
    fn range(&mut self, lo: u64, hi: u64) -> u64 {
        lo + self.next() % (hi - lo + 1)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Op {
    Write,
    WriteImm,
    Send,
}

/// One message of a batch and what it must produce.
struct Msg {
    id: u64,
    op: Op,
    src_off: u64,
    dst_off: u64,
    len: u32,
    imm: u32,
}

/// Run the check; its report on standard output.
pub fn pair_check(c: &PairCheck) -> Result<(), String> {
    if c.count == 0 || c.max_size == 0 || c.depth == 0 {
        return Err("--count, --max-size and --depth must each be at least 1".into());
    }
    let window = braid_spec::state::MSG_WINDOW as u32;
    if c.depth > window {
        return Err(format!(
            "--depth {}: at most {window} (the messages a connection holds in flight)",
            c.depth
        ));
    }
    if c.device == c.peer {
        return Err(format!(
            "--device and --peer-device both name {}: the check needs two boards",
            c.device
        ));
    }
    let (be_a, _, _) = open_board(&c.device, c.sysfs.clone(), c.dev.clone())?;
    let (be_b, _, _) = open_board(&c.peer, c.sysfs.clone(), c.dev.clone())?;
    let a = Context::open(be_a).map_err(s)?;
    let b = Context::open(be_b).map_err(s)?;
    a.set_local_addr(MAC_A, IP_A).map_err(s)?;
    b.set_local_addr(MAC_B, IP_B).map_err(s)?;
    let most = a.caps().paths.min(b.caps().paths);
    let paths = match c.paths {
        Some(p) if p == 0 || u32::from(p) > most => {
            return Err(format!(
                "--paths {p}: must be 1 to {most} (the paths per connection both engines have)"
            ))
        }
        Some(p) => p,
        None => most as u8,
    };
    let slot = c.max_size.next_multiple_of(64) as usize;
    let region = slot * c.depth as usize;
    let pd_a = a.alloc_pd();
    let pd_b = b.alloc_pd();
    let cq_a = a.create_cq(64).map_err(s)?;
    let cq_b = b.create_cq(64).map_err(s)?;
    let src = pd_a.reg_mr(region, access::LOCAL_WRITE).map_err(s)?;
    let dst = pd_b
        .reg_mr(region, access::LOCAL_WRITE | access::REMOTE_WRITE)
        .map_err(s)?;
    let init = QpInit {
        sq_entries: c.depth.next_power_of_two().max(16),
        rq_entries: c.depth.next_power_of_two().max(16),
        streams: 1,
        paths,
    };
    let mut qp_a = pd_a.create_qp(&cq_a, init).map_err(s)?;
    let mut qp_b = pd_b.create_qp(&cq_b, init).map_err(s)?;
    let pa = qp_a.local_params(MAC_A, IP_A);
    let pb = qp_b.local_params(MAC_B, IP_B);
    qp_a.connect(&pa, &pb).map_err(s)?;
    qp_b.connect(&pb, &pa).map_err(s)?;

    let mut rng = Rng(c.seed);
    let src_bytes: Vec<u8> = (0..region).map(|_| rng.next() as u8).collect();
    src.write(0, &src_bytes).map_err(s)?;
    let mut shadow = vec![0u8; region];
    let mut counts = [0u32; 3];
    let mut bytes = 0u64;
    let mut next_id = 1u64;
    let mut sent = 0u32;
    let t0 = Instant::now();
    while sent < c.count {
        let n = c.depth.min(c.count - sent);
        let mut batch = Vec::new();
        for k in 0..n {
            let mut op = [Op::Write, Op::WriteImm, Op::Send][((sent + k) % 3) as usize];
            // a batch ends with a message B completes: B completes a stream's
            // messages in order, each once all its bytes are placed, so that
            // completion follows every byte of the batch (A's completion of a
            // WRITE says B received it, not that B's DMA has written it)
            if k + 1 == n && op == Op::Write {
                op = Op::WriteImm;
            }
            let len = rng.range(1, c.max_size as u64) as u32;
            let src_off = rng.range(0, (region - len as usize) as u64);
            let dst_off = k as u64 * slot as u64 + rng.range(0, (slot - len as usize) as u64);
            batch.push(Msg {
                id: next_id,
                op,
                src_off,
                dst_off,
                len,
                imm: rng.next() as u32,
            });
            next_id += 1;
        }
        // B's receives first, then A's messages in one post
        let recvs: Vec<RecvWr> = batch
            .iter()
            .filter(|m| m.op == Op::Send)
            .map(|m| RecvWr {
                wr_id: m.id | 1 << 32,
                sge: dst.sge(m.dst_off, m.len),
            })
            .collect();
        if !recvs.is_empty() {
            qp_b.post_recv(0, &recvs).map_err(s)?;
        }
        let wrs: Vec<SendWr> = batch
            .iter()
            .map(|m| {
                let remote_addr = dst.addr() + m.dst_off;
                let rkey = dst.rkey();
                SendWr {
                    wr_id: m.id,
                    op: match m.op {
                        Op::Write => SendOp::Write { remote_addr, rkey },
                        Op::WriteImm => SendOp::WriteWithImm {
                            remote_addr,
                            rkey,
                            imm: m.imm,
                        },
                        Op::Send => SendOp::Send,
                    },
                    stream: 0,
                    sg_list: vec![src.sge(m.src_off, m.len)],
                }
            })
            .collect();
        qp_a.post_send(&wrs).map_err(s)?;
        let want_b = batch.iter().filter(|m| m.op != Op::Write).count();
        let (got_a, got_b) = wait_for(&cq_a, &cq_b, batch.len(), want_b, sent)?;
        for (i, (m, wc)) in batch.iter().zip(&got_a).enumerate() {
            let ok = wc.wr_id == m.id
                && wc.status == WcStatus::Success
                && wc.opcode == WcOpcode::SendDone;
            if !ok {
                return Err(format!(
                    "message {} (seed {:#x}): A's completion {i} of the batch is {wc:?}, \
                     expected wr_id {} SendDone success",
                    sent as usize + i,
                    c.seed,
                    m.id
                ));
            }
        }
        let mut at_b = batch.iter().filter(|m| m.op != Op::Write);
        for wc in &got_b {
            let m = at_b.next().expect("counted");
            let (op, wr_id, imm) = match m.op {
                Op::Send => (WcOpcode::Recv, m.id | 1 << 32, None),
                // a WRITE_WITH_IMM consumes no receive: its wr_id is not one of B's
                _ => (WcOpcode::RecvRdmaWithImm, wc.wr_id, Some(m.imm)),
            };
            let ok = wc.status == WcStatus::Success
                && wc.opcode == op
                && wc.wr_id == wr_id
                && wc.byte_len == m.len
                && wc.imm == imm;
            if !ok {
                return Err(format!(
                    "message id {} (seed {:#x}): B's completion is {wc:?}, expected {op:?} \
                     of {} bytes, imm {imm:?}",
                    m.id, c.seed, m.len
                ));
            }
        }
        for m in &batch {
            let (d, s0) = (m.dst_off as usize, m.src_off as usize);
            shadow[d..d + m.len as usize].copy_from_slice(&src_bytes[s0..s0 + m.len as usize]);
            counts[m.op as usize] += 1;
            bytes += m.len as u64;
        }
        let mut got = vec![0u8; region];
        dst.read(0, &mut got).map_err(s)?;
        if let Some(i) = (0..region).find(|&i| got[i] != shadow[i]) {
            let wrong = (0..region).filter(|&i| got[i] != shadow[i]).count();
            let by = batch
                .iter()
                .find(|m| (m.dst_off as usize..(m.dst_off + m.len as u64) as usize).contains(&i))
                .map_or("no message of this batch".to_string(), |m| {
                    format!(
                        "message id {} ({:?}, {} bytes at {})",
                        m.id, m.op, m.len, m.dst_off
                    )
                });
            return Err(format!(
                "after message {} (seed {:#x}): B's region byte {i} is {:#04x}, expected \
                 {:#04x} (written by {by}); {wrong} bytes of the region wrong",
                sent + n,
                c.seed,
                got[i],
                shadow[i]
            ));
        }
        sent += n;
    }
    println!(
        "pair_check {} -> {}: {} messages ({} WRITE, {} WRITE_WITH_IMM, {} SEND) of 1 to {} \
         bytes, {} bytes, {} per batch, {paths} paths, seed {:#x}: every completion and every \
         byte of B's region exact ({:.1} s)",
        c.device,
        c.peer,
        c.count,
        counts[0],
        counts[1],
        counts[2],
        c.max_size,
        bytes,
        c.depth,
        c.seed,
        t0.elapsed().as_secs_f64()
    );
    print!("A (sender):\n{}", a.counters().map_err(s)?);
    print!("B (receiver):\n{}", b.counters().map_err(s)?);
    drop((qp_a, qp_b));
    Ok(())
}

/// Poll both CQs until A has `want_a` completions and B `want_b`; on a
/// simulated board every poll lets the simulation run.
fn wait_for<B: Backend>(
    cq_a: &CompletionQueue<B>,
    cq_b: &CompletionQueue<B>,
    want_a: usize,
    want_b: usize,
    sent: u32,
) -> Result<(Vec<WorkCompletion>, Vec<WorkCompletion>), String> {
    let (mut got_a, mut got_b) = (Vec::new(), Vec::new());
    let t0 = Instant::now();
    while got_a.len() < want_a || got_b.len() < want_b {
        if t0.elapsed() > BATCH_TIMEOUT {
            return Err(format!(
                "the batch after message {sent} did not complete in {} s: A has {} of {want_a} \
                 completions, B {} of {want_b}",
                BATCH_TIMEOUT.as_secs(),
                got_a.len(),
                got_b.len()
            ));
        }
        cq_a.poll_into(want_a - got_a.len(), &mut got_a)
            .map_err(s)?;
        if got_b.len() < want_b {
            cq_b.poll_into(want_b - got_b.len(), &mut got_b)
                .map_err(s)?;
        }
    }
    Ok((got_a, got_b))
}
