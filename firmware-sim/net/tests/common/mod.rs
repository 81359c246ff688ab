//! Helpers the model's test files share: a two-host net and WRITEs on it.

use braid_net::fabric::FabricConfig;
use braid_net::net::{access, MemRegion, Net, NetConfig, WorkRequest, WrOp};

/// The 32-host leaf-spine fabric of the model tests, seeded.
pub fn fabric(seed: u64) -> FabricConfig {
    let mut f = FabricConfig::leaf_spine(32);
    f.seed = seed;
    f
}

/// A net on [`fabric`] with 1 MiB of memory on hosts 0 and 1, a source
/// region on host 0 and a destination region (REMOTE_WRITE) on host 1,
/// both of protection domain 1.
pub fn two_hosts(cfg: NetConfig) -> (Net, MemRegion, MemRegion) {
    two_hosts_on(fabric(1), cfg)
}

/// [`two_hosts`] on the fabric `fab`.
pub fn two_hosts_on(fab: FabricConfig, cfg: NetConfig) -> (Net, MemRegion, MemRegion) {
    let mut n = Net::new(fab, cfg);
    n.set_memory(0, 1 << 20);
    n.set_memory(1, 1 << 20);
    let l = n.reg_mr(0, 1, 0, 1 << 20, access::LOCAL_WRITE).unwrap();
    let r = n
        .reg_mr(1, 1, 0, 1 << 20, access::REMOTE_WRITE | access::LOCAL_WRITE)
        .unwrap();
    (n, l, r)
}

/// A WRITE of `len` bytes from offset 0 of `l` to offset 0 of `r`.
pub fn write_wr(l: &MemRegion, r: &MemRegion, wr_id: u64, len: u32) -> WorkRequest {
    WorkRequest {
        wr_id,
        op: WrOp::Write {
            rkey: r.rkey,
            remote: 0,
        },
        stream: 0,
        local: 0,
        len,
        lkey: l.lkey,
    }
}
