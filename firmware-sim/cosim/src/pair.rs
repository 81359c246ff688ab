//! Two Verilated engine tops (`braid_engine_tiny`), each under its own
//! unmodified braid-driver, with one queue pair each connected to the
//! other: the set-up shared by the MAC-to-MAC tests, the demo and the RTL
//! loss bench. How frames move between the two is the caller's choice
//! (MAC to MAC, or [`crate::wire::FabricWire`]).

use super::engine::{EngineBackend, EngineSim};
use anyhow::{bail, Context as _, Result};
use braid_driver::verbs::*;
use braid_driver::Backend;
use std::cell::RefCell;
use std::rc::Rc;

/// Engine A's MAC address.
pub const MAC_A: [u8; 6] = [2, 0x42, 0x52, 0, 0, 0xa];
/// Engine A's IPv4 address.
pub const IP_A: [u8; 4] = [10, 0, 0, 10];
/// Engine B's MAC address.
pub const MAC_B: [u8; 6] = [2, 0x42, 0x52, 0, 0, 0xb];
/// Engine B's IPv4 address.
pub const IP_B: [u8; 4] = [10, 0, 0, 11];

/// One engine top and the driver context that owns it.
pub struct Side {
    /// The simulated engine (clock it, move its frames).
    pub eng: Rc<RefCell<EngineSim>>,
    /// Its driver.
    pub ctx: Context<EngineBackend>,
}

impl Side {
    /// A Verilated tiny top under a new driver context, with its local
    /// addresses set.
    pub fn open(mac: [u8; 6], ip: [u8; 4]) -> Result<Side> {
        let be = EngineBackend::new(EngineSim::tiny()?);
        let eng = be.sim();
        let ctx = Context::open(be).context("open the engine's driver")?;
        ctx.set_local_addr(mac, ip)
            .context("set the engine's local addresses")?;
        Ok(Side { eng, ctx })
    }

    /// The register `name` of braid-spec's map (a counter, say), read
    /// through the driver.
    pub fn reg(&self, name: &str) -> Result<u32> {
        let r = braid_spec::regs::by_name(name)
            .with_context(|| format!("{name} is not a braid-spec register"))?;
        Ok(self.ctx.with_backend(|b| b.read32(r.offset))?)
    }

    /// Sets `TIMER_CFG.ack_coalesce` to `n` (data packets a path receives
    /// before its ACK is due; the ACK timer acknowledges a quieter path),
    /// the register's other fields at their reset values.
    pub fn set_ack_coalesce(&self, n: u32) -> Result<()> {
        let r = braid_spec::regs::by_name("TIMER_CFG").context("TIMER_CFG")?;
        let field = &braid_spec::regs::TIMER_CFG_ACK_COALESCE;
        if n >> field.bits != 0 {
            bail!(
                "ack_coalesce {n}: TIMER_CFG.ack_coalesce has {} bits",
                field.bits
            );
        }
        let v = braid_spec::regs::set(field, braid_spec::regs::CFG_TIMER, n);
        Ok(self.ctx.with_backend(|b| b.write32(r.offset, v))?)
    }

    /// A 64-bit counter kept as `<name>_LO` and `<name>_HI`.
    pub fn reg64(&self, name: &str) -> Result<u64> {
        let lo = self.reg(&format!("{name}_LO"))? as u64;
        Ok(lo | (self.reg(&format!("{name}_HI"))? as u64) << 32)
    }
}

/// A and B, each with a protection domain, a completion queue (64) and
/// one queue pair connected to the other's; A's source region
/// (LOCAL_WRITE) and B's target region (LOCAL_WRITE | REMOTE_WRITE), zero
/// filled. Fields drop in declaration order: the queue pairs before the
/// regions, CQs and protection domains, the contexts last.
pub struct EnginePair {
    /// A's queue pair.
    pub qp_a: QueuePair<EngineBackend>,
    /// B's queue pair.
    pub qp_b: QueuePair<EngineBackend>,
    /// A's source region.
    pub src: MemoryRegion<EngineBackend>,
    /// B's target region.
    pub dst: MemoryRegion<EngineBackend>,
    /// A's completion queue.
    pub cq_a: CompletionQueue<EngineBackend>,
    /// B's completion queue.
    pub cq_b: CompletionQueue<EngineBackend>,
    /// A's protection domain.
    pub pd_a: ProtectionDomain<EngineBackend>,
    /// B's protection domain.
    pub pd_b: ProtectionDomain<EngineBackend>,
    /// Engine A (host 0 on a fabric wire).
    pub a: Side,
    /// Engine B (host 1).
    pub b: Side,
}

impl EnginePair {
    /// Open both engines and connect a queue pair of `init` on each; the
    /// two regions are `region` bytes long.
    pub fn open(init: QpInit, region: usize) -> Result<EnginePair> {
        let a = Side::open(MAC_A, IP_A)?;
        let b = Side::open(MAC_B, IP_B)?;
        let pd_a = a.ctx.alloc_pd();
        let cq_a = a.ctx.create_cq(64).context("CREATE_CQ on A")?;
        let src = pd_a
            .reg_mr(region, access::LOCAL_WRITE)
            .context("REG_MR on A")?;
        let pd_b = b.ctx.alloc_pd();
        let cq_b = b.ctx.create_cq(64).context("CREATE_CQ on B")?;
        let dst = pd_b
            .reg_mr(region, access::LOCAL_WRITE | access::REMOTE_WRITE)
            .context("REG_MR on B")?;
        let mut qp_a = pd_a.create_qp(&cq_a, init).context("CREATE_CONN on A")?;
        let mut qp_b = pd_b.create_qp(&cq_b, init).context("CREATE_CONN on B")?;
        let pa = qp_a.local_params(MAC_A, IP_A);
        let pb = qp_b.local_params(MAC_B, IP_B);
        qp_a.connect(&pa, &pb).context("SET_PEER on A")?;
        qp_b.connect(&pb, &pa).context("SET_PEER on B")?;
        Ok(EnginePair {
            qp_a,
            qp_b,
            src,
            dst,
            cq_a,
            cq_b,
            pd_a,
            pd_b,
            a,
            b,
        })
    }
}
