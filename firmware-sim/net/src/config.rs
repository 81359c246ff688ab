//! Braid's transport parameters (from the engine's register resets) and the
//! transports the benchmarks compare.

use crate::fabric::Time;

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
    /// Added to the tail-loss probe timeout beyond the RTT samples: the
    /// delay a probe must allow that the samples do not show (0.5 us on a
    /// NIC; a software endpoint's scheduling jitter is far larger).
    pub pto_slack: Time,
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
            pto_slack: 500_000,
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
