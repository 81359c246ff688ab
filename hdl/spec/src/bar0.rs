//! BAR0 as Rust types, generated from `regs::REGS` by `cargo run -p braid-spec --example gen-bar0`: do not edit.
//!
//! [`Bar0`] lays every register at its offset as a `volatile-register` cell
//! (`RO` for read-only registers, `RW` otherwise), for a driver that maps
//! BAR0 into memory; [`Bar0::read`] and [`Bar0::write`] reach a register by
//! offset. Each register with fields has a `bitfield` type of the same name
//! (`CMD_STATUS` -> [`CmdStatus`]) whose accessors are the fields of
//! `regs` (bit positions and widths checked against them below).

#![allow(missing_docs)]

use volatile_register::{RO, RW};

/// BAR0, one field per register at its offset (`regs::MAP_LEN` bytes).
#[repr(C)]
pub struct Bar0 {
    /// `ID` (0x000): Magic 0x42524149 (ASCII "BRAI"): this BAR belongs to a Braid engine
    pub id: RO<u32>,
    /// `VERSION` (0x004): Register interface version, major.minor
    pub version: RO<u32>,
    /// `SPEC_HASH` (0x008): `SPEC_HASH` of the braid-spec revision the engine was built from
    pub spec_hash: RO<u32>,
    /// `CAPS` (0x00c): Capabilities: sizes the engine was built with (counts, not minus one)
    pub caps: RO<u32>,
    /// `SCRATCH` (0x010): Scratch: no effect on the engine; reads return the last value written
    pub scratch: RW<u32>,
    /// `CTRL` (0x014): Global control; other bits reserved (write 0)
    pub ctrl: RW<u32>,
    /// `STATUS` (0x018): Global status; other bits reserved (read 0)
    pub status: RO<u32>,
    _reserved_01c: [u32; 9],
    /// `CMD_ARG0` (0x040): Command argument (see the command table of the host interface)
    pub cmd_arg0: RW<u32>,
    /// `CMD_ARG1` (0x044): Command argument (see the command table of the host interface)
    pub cmd_arg1: RW<u32>,
    /// `CMD_ARG2` (0x048): Command argument (see the command table of the host interface)
    pub cmd_arg2: RW<u32>,
    /// `CMD_ARG3` (0x04c): Command argument (see the command table of the host interface)
    pub cmd_arg3: RW<u32>,
    /// `CMD_ARG4` (0x050): Command argument (see the command table of the host interface)
    pub cmd_arg4: RW<u32>,
    /// `CMD_ARG5` (0x054): Command argument (see the command table of the host interface)
    pub cmd_arg5: RW<u32>,
    /// `CMD_ARG6` (0x058): Command argument (see the command table of the host interface)
    pub cmd_arg6: RW<u32>,
    /// `CMD_ARG7` (0x05c): Command argument (see the command table of the host interface)
    pub cmd_arg7: RW<u32>,
    /// `CMD` (0x060): Write: run the command with the arguments in CMD_ARG0..7; read: the last command written
    pub cmd: RW<u32>,
    /// `CMD_STATUS` (0x064): Command progress and result
    pub cmd_status: RO<u32>,
    _reserved_068: [u32; 6],
    /// `SQ_DOORBELL` (0x080): Send doorbell: the driver wrote WQEs up to `pi` on `conn`'s send ring; reads return the last write
    pub sq_doorbell: RW<u32>,
    /// `RQ_DOORBELL` (0x084): Receive doorbell: RQEs written up to `pi`; reads return the last write
    pub rq_doorbell: RW<u32>,
    /// `CQ_DOORBELL` (0x088): Completion doorbell: the driver consumed CQEs up to `ci`; reads return the last write
    pub cq_doorbell: RW<u32>,
    _reserved_08c: [u32; 29],
    /// `TX_PKTS` (0x100): Data packets sent (first transmissions and retransmissions)
    pub tx_pkts: RO<u32>,
    /// `TX_RETX` (0x104): Data packets retransmitted
    pub tx_retx: RO<u32>,
    /// `TX_TIMEOUTS` (0x108): Retransmission timeouts
    pub tx_timeouts: RO<u32>,
    /// `TX_REHASHES` (0x10c): Paths moved to a new UDP source port
    pub tx_rehashes: RO<u32>,
    /// `TX_MSGS` (0x110): Send work requests completed
    pub tx_msgs: RO<u32>,
    /// `RX_PKTS` (0x114): Data packets placed (counted once each)
    pub rx_pkts: RO<u32>,
    /// `RX_DUPLICATES` (0x118): Duplicate data packets dropped by the CSN window
    pub rx_duplicates: RO<u32>,
    /// `RX_REFUSED` (0x11c): Data packets refused by a placement check (NACKed)
    pub rx_refused: RO<u32>,
    /// `RX_BYTES_LO` (0x120): Payload bytes placed, low 32 bits
    pub rx_bytes_lo: RO<u32>,
    /// `RX_BYTES_HI` (0x124): Payload bytes placed, high 32 bits
    pub rx_bytes_hi: RO<u32>,
    /// `RX_MSGS` (0x128): Messages completed at the receiver, in MSN order
    pub rx_msgs: RO<u32>,
    /// `RX_HINT_CUTS` (0x12c): Rate-hint intervals whose queue estimate was above HINT_CFG.queue (each lowers the hint)
    pub rx_hint_cuts: RO<u32>,
    /// `RX_HINT` (0x130): Live, not a counter: the rate hint sent in every ACK and the senders it is shared among
    pub rx_hint: RO<u32>,
    /// `TX_RETIRED` (0x134): Paths retired after PATH_HEALTH.retire_after timeouts in a row
    pub tx_retired: RO<u32>,
    /// `DB_DROPPED` (0x138): Doorbells dropped: their FIFO was full
    pub db_dropped: RO<u32>,
    /// `DB_BAD_CQ` (0x13c): CQ doorbells naming a completion queue the build does not have
    pub db_bad_cq: RO<u32>,
    /// `GLUE_OVERFLOW` (0x140): Overflows of the engine's internal FIFOs (0 in correct operation)
    pub glue_overflow: RO<u32>,
    /// `TX_NO_CONN` (0x144): Packets dropped at transmit: their connection was destroyed meanwhile
    pub tx_no_conn: RO<u32>,
    /// `TX_PAYLOAD_ERR` (0x148): Packets whose payload DMA read failed: sent flagged bad (`tx_bad`, discarded by the MAC side) and resent as lost
    pub tx_payload_err: RO<u32>,
    /// `RX_BAD` (0x14c): Received frames the parser dropped (the sum of the RX_DROP_* reasons)
    pub rx_bad: RO<u32>,
    /// `RX_GATE` (0x150): Received frames dropped whole before the parser (receive side full, or over 160 beats)
    pub rx_gate: RO<u32>,
    /// `RX_OUT_OF_WINDOW` (0x154): Data packets whose CSN is outside the dedup window: dropped
    pub rx_out_of_window: RO<u32>,
    /// `ACK_TX` (0x158): ACK frames sent
    pub ack_tx: RO<u32>,
    /// `NACK_TX` (0x15c): NACK frames sent
    pub nack_tx: RO<u32>,
    /// `ACK_RX` (0x160): ACKs received and accepted
    pub ack_rx: RO<u32>,
    /// `ACK_REJECTED` (0x164): ACKs received and rejected: base PSN after the path's next PSN, or 512 or more before it
    pub ack_rejected: RO<u32>,
    /// `ACK_BAD_PATH` (0x168): ACKs received naming a path the build does not have
    pub ack_bad_path: RO<u32>,
    /// `RETX_STALE` (0x16c): Lost packets not resent: their message had completed or their connection failed
    pub retx_stale: RO<u32>,
    /// `NACK_RX` (0x170): Well-formed NACKs received
    pub nack_rx: RO<u32>,
    /// `NACK_RNR` (0x174): NACKs received with reason NO_RECV_BUFFER
    pub nack_rnr: RO<u32>,
    /// `NACK_FAIL` (0x178): Connections failed by a fatal NACK
    pub nack_fail: RO<u32>,
    /// `NACK_DROP` (0x17c): Fatal NACKs that failed nothing (no such connection, or CSN outside the window)
    pub nack_drop: RO<u32>,
    /// `RX_DROP_TRUNCATED` (0x180): Frames dropped: shorter than their headers
    pub rx_drop_truncated: RO<u32>,
    /// `RX_DROP_NOT_IP` (0x184): Frames dropped: EtherType neither IPv4 nor IPv6
    pub rx_drop_not_ip: RO<u32>,
    /// `RX_DROP_IP_HEADER` (0x188): Frames dropped: IP version wrong, or IPv4 header length below 5 words
    pub rx_drop_ip_header: RO<u32>,
    /// `RX_DROP_IP_CHECKSUM` (0x18c): Frames dropped: IPv4 header checksum wrong
    pub rx_drop_ip_checksum: RO<u32>,
    /// `RX_DROP_FRAGMENT` (0x190): Frames dropped: an IPv4 fragment
    pub rx_drop_fragment: RO<u32>,
    /// `RX_DROP_NOT_UDP` (0x194): Frames dropped: IP protocol (next header) not UDP
    pub rx_drop_not_udp: RO<u32>,
    /// `RX_DROP_IP_LENGTH` (0x198): Frames dropped: IP payload length below a UDP header
    pub rx_drop_ip_length: RO<u32>,
    /// `RX_DROP_PORT` (0x19c): Frames dropped: UDP destination port not NET_CFG.udp_port
    pub rx_drop_port: RO<u32>,
    /// `RX_DROP_UDP_LENGTH` (0x1a0): Frames dropped: UDP length differs from the IP payload length
    pub rx_drop_udp_length: RO<u32>,
    /// `RX_DROP_UDP_CHECKSUM` (0x1a4): Frames dropped: UDP checksum wrong
    pub rx_drop_udp_checksum: RO<u32>,
    /// `RX_DROP_VERSION` (0x1a8): Frames dropped: Braid version not this engine's
    pub rx_drop_version: RO<u32>,
    /// `RX_DROP_OPCODE` (0x1ac): Frames dropped: unknown Braid opcode
    pub rx_drop_opcode: RO<u32>,
    /// `RX_DROP_HDR_WORDS` (0x1b0): Frames dropped: Braid header length disagrees with the opcode
    pub rx_drop_hdr_words: RO<u32>,
    /// `RX_DROP_PAYLOAD_LEN` (0x1b4): Frames dropped: UDP length shorter than a Braid header, or not headers plus payload_len
    pub rx_drop_payload_len: RO<u32>,
    /// `RX_DROP_CTRL_PAYLOAD` (0x1b8): Frames dropped: a control packet (ACK, NACK, probe) carrying payload
    pub rx_drop_ctrl_payload: RO<u32>,
    /// `PROBE_REPLY_TX` (0x1bc): PROBE_REPLY frames sent
    pub probe_reply_tx: RO<u32>,
    /// `ACK_COALESCED` (0x1c0): ACK requests merged into a queued ACK of the same path
    pub ack_coalesced: RO<u32>,
    /// `ACK_TX_DROPS` (0x1c4): ACK requests dropped: the ACK queue was full (a later ACK covers them)
    pub ack_tx_drops: RO<u32>,
    /// `NACK_TX_DROPS` (0x1c8): NACK requests dropped: the NACK queue was full
    pub nack_tx_drops: RO<u32>,
    /// `PROBE_TX_DROPS` (0x1cc): PROBE requests dropped: the queue was full
    pub probe_tx_drops: RO<u32>,
    /// `ACK_NO_PEER` (0x1d0): ACK, NACK and probe requests discarded: their connection has no peer (SET_PEER)
    pub ack_no_peer: RO<u32>,
    /// `CQE_WRITTEN` (0x1d4): Completion entries written
    pub cqe_written: RO<u32>,
    /// `CQ_FULL` (0x1d8): Completion entries dropped: their completion queue was full
    pub cq_full: RO<u32>,
    /// `CQ_MISSING` (0x1dc): Completion entries dropped: their completion queue does not exist
    pub cq_missing: RO<u32>,
    /// `RX_MSG_OUTSIDE` (0x1e0): Data packets whose MSN is outside the receiver's 32-message window
    pub rx_msg_outside: RO<u32>,
    /// `RQ_DB_REFUSED` (0x1e4): Receive doorbells refused (no such connection or stream, or the producer index beyond the ring)
    pub rq_db_refused: RO<u32>,
    /// `RQ_CONSUME_REFUSED` (0x1e8): Receive-entry consumes refused (the context is gone or holds no entry)
    pub rq_consume_refused: RO<u32>,
    /// `RQ_FETCH_ERR` (0x1ec): Failed or stray receive-queue DMA read responses
    pub rq_fetch_err: RO<u32>,
    /// `PATH_CWND` (0x1f0): Selected path (PATH_SEL): congestion window, unsigned 16.8 packets, as of its last congestion-control event
    pub path_cwnd: RO<u32>,
    /// `PATH_SRTT` (0x1f4): Selected path: smoothed RTT in engine ticks (0 before the first sample)
    pub path_srtt: RO<u32>,
    /// `PATH_RTTVAR` (0x1f8): Selected path: RTT variation in engine ticks
    pub path_rttvar: RO<u32>,
    /// `PATH_RTO` (0x1fc): Selected path: retransmission timeout in engine ticks (with backoff)
    pub path_rto: RO<u32>,
    /// `PATH_STATE` (0x200): Selected path: alpha, consecutive timeouts, timer and retirement
    pub path_state: RO<u32>,
    /// `PATH_SENT` (0x204): Selected path: data packets sent since PATH_SEL last changed
    pub path_sent: RO<u32>,
    /// `PATH_ACKED` (0x208): Selected path: PSNs newly acknowledged since PATH_SEL last changed
    pub path_acked: RO<u32>,
    /// `PATH_LOST` (0x20c): Selected path: PSNs declared lost (SACK proof or timeout) since PATH_SEL last changed
    pub path_lost: RO<u32>,
    /// `PATH_ECN` (0x210): Selected path: CE-marked packets reported by ACKs since PATH_SEL last changed
    pub path_ecn: RO<u32>,
    /// `PATH_TIMEOUTS` (0x214): Selected path: retransmission timeouts since PATH_SEL last changed
    pub path_timeouts: RO<u32>,
    _reserved_218: [u32; 58],
    /// `LOCAL_MAC_LO` (0x300): Engine MAC address, bits 31:0 (source of every frame sent)
    pub local_mac_lo: RW<u32>,
    /// `LOCAL_MAC_HI` (0x304): Engine MAC address, bits 47:32
    pub local_mac_hi: RW<u32>,
    /// `LOCAL_IP4` (0x308): Engine IPv4 address (source of every packet sent; bits 31:24 first on the wire)
    pub local_ip4: RW<u32>,
    /// `NET_CFG` (0x30c): UDP port and MTU
    pub net_cfg: RW<u32>,
    /// `CC_CWND_INIT` (0x310): Window of a new path
    pub cc_cwnd_init: RW<u32>,
    /// `CC_CWND_MIN` (0x314): Smallest window of a path
    pub cc_cwnd_min: RW<u32>,
    /// `CC_CWND_MAX` (0x318): Largest window of a path
    pub cc_cwnd_max: RW<u32>,
    /// `CC_ALPHA` (0x31c): DCTCP parameters
    pub cc_alpha: RW<u32>,
    /// `RTO_MIN` (0x320): Smallest retransmission timeout, engine ticks
    pub rto_min: RW<u32>,
    /// `RTO_MAX` (0x324): Largest retransmission timeout (and backoff cap), engine ticks
    pub rto_max: RW<u32>,
    /// `PATH_HEALTH` (0x328): Path re-hash and retirement after timeouts
    pub path_health: RW<u32>,
    /// `TX_CFG` (0x32c): Sprayer burst and port rate (pacer)
    pub tx_cfg: RW<u32>,
    /// `TIMER_CFG` (0x330): ACK coalescing and timer-wheel granularity
    pub timer_cfg: RW<u32>,
    /// `HINT_CFG` (0x334): Receiver rate hint: interval and queue threshold
    pub hint_cfg: RW<u32>,
    /// `PATH_SEL` (0x338): Path shown by the PATH_* statistics registers; a new value restarts them (writing the value it holds does not)
    pub path_sel: RW<u32>,
}

const _: () = assert!(core::mem::size_of::<Bar0>() == crate::regs::MAP_LEN as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, id) == crate::regs::REGS[0].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, version) == crate::regs::REGS[1].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, spec_hash) == crate::regs::REGS[2].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, caps) == crate::regs::REGS[3].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, scratch) == crate::regs::REGS[4].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, ctrl) == crate::regs::REGS[5].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, status) == crate::regs::REGS[6].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, cmd_arg0) == crate::regs::REGS[7].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, cmd_arg1) == crate::regs::REGS[8].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, cmd_arg2) == crate::regs::REGS[9].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, cmd_arg3) == crate::regs::REGS[10].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, cmd_arg4) == crate::regs::REGS[11].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, cmd_arg5) == crate::regs::REGS[12].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, cmd_arg6) == crate::regs::REGS[13].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, cmd_arg7) == crate::regs::REGS[14].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, cmd) == crate::regs::REGS[15].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, cmd_status) == crate::regs::REGS[16].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, sq_doorbell) == crate::regs::REGS[17].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, rq_doorbell) == crate::regs::REGS[18].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, cq_doorbell) == crate::regs::REGS[19].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, tx_pkts) == crate::regs::REGS[20].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, tx_retx) == crate::regs::REGS[21].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, tx_timeouts) == crate::regs::REGS[22].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, tx_rehashes) == crate::regs::REGS[23].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, tx_msgs) == crate::regs::REGS[24].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, rx_pkts) == crate::regs::REGS[25].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, rx_duplicates) == crate::regs::REGS[26].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, rx_refused) == crate::regs::REGS[27].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, rx_bytes_lo) == crate::regs::REGS[28].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, rx_bytes_hi) == crate::regs::REGS[29].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, rx_msgs) == crate::regs::REGS[30].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, rx_hint_cuts) == crate::regs::REGS[31].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, rx_hint) == crate::regs::REGS[32].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, tx_retired) == crate::regs::REGS[33].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, db_dropped) == crate::regs::REGS[34].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, db_bad_cq) == crate::regs::REGS[35].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, glue_overflow) == crate::regs::REGS[36].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, tx_no_conn) == crate::regs::REGS[37].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, tx_payload_err) == crate::regs::REGS[38].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, rx_bad) == crate::regs::REGS[39].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, rx_gate) == crate::regs::REGS[40].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, rx_out_of_window) == crate::regs::REGS[41].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, ack_tx) == crate::regs::REGS[42].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, nack_tx) == crate::regs::REGS[43].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, ack_rx) == crate::regs::REGS[44].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, ack_rejected) == crate::regs::REGS[45].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, ack_bad_path) == crate::regs::REGS[46].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, retx_stale) == crate::regs::REGS[47].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, nack_rx) == crate::regs::REGS[48].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, nack_rnr) == crate::regs::REGS[49].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, nack_fail) == crate::regs::REGS[50].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, nack_drop) == crate::regs::REGS[51].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, rx_drop_truncated) == crate::regs::REGS[52].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, rx_drop_not_ip) == crate::regs::REGS[53].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, rx_drop_ip_header) == crate::regs::REGS[54].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, rx_drop_ip_checksum) == crate::regs::REGS[55].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, rx_drop_fragment) == crate::regs::REGS[56].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, rx_drop_not_udp) == crate::regs::REGS[57].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, rx_drop_ip_length) == crate::regs::REGS[58].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, rx_drop_port) == crate::regs::REGS[59].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, rx_drop_udp_length) == crate::regs::REGS[60].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, rx_drop_udp_checksum) == crate::regs::REGS[61].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, rx_drop_version) == crate::regs::REGS[62].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, rx_drop_opcode) == crate::regs::REGS[63].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, rx_drop_hdr_words) == crate::regs::REGS[64].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, rx_drop_payload_len) == crate::regs::REGS[65].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, rx_drop_ctrl_payload) == crate::regs::REGS[66].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, probe_reply_tx) == crate::regs::REGS[67].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, ack_coalesced) == crate::regs::REGS[68].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, ack_tx_drops) == crate::regs::REGS[69].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, nack_tx_drops) == crate::regs::REGS[70].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, probe_tx_drops) == crate::regs::REGS[71].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, ack_no_peer) == crate::regs::REGS[72].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, cqe_written) == crate::regs::REGS[73].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, cq_full) == crate::regs::REGS[74].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, cq_missing) == crate::regs::REGS[75].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, rx_msg_outside) == crate::regs::REGS[76].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, rq_db_refused) == crate::regs::REGS[77].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, rq_consume_refused) == crate::regs::REGS[78].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, rq_fetch_err) == crate::regs::REGS[79].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, path_cwnd) == crate::regs::REGS[80].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, path_srtt) == crate::regs::REGS[81].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, path_rttvar) == crate::regs::REGS[82].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, path_rto) == crate::regs::REGS[83].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, path_state) == crate::regs::REGS[84].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, path_sent) == crate::regs::REGS[85].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, path_acked) == crate::regs::REGS[86].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, path_lost) == crate::regs::REGS[87].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, path_ecn) == crate::regs::REGS[88].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, path_timeouts) == crate::regs::REGS[89].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, local_mac_lo) == crate::regs::REGS[90].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, local_mac_hi) == crate::regs::REGS[91].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, local_ip4) == crate::regs::REGS[92].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, net_cfg) == crate::regs::REGS[93].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, cc_cwnd_init) == crate::regs::REGS[94].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, cc_cwnd_min) == crate::regs::REGS[95].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, cc_cwnd_max) == crate::regs::REGS[96].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, cc_alpha) == crate::regs::REGS[97].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, rto_min) == crate::regs::REGS[98].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, rto_max) == crate::regs::REGS[99].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, path_health) == crate::regs::REGS[100].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, tx_cfg) == crate::regs::REGS[101].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, timer_cfg) == crate::regs::REGS[102].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, hint_cfg) == crate::regs::REGS[103].offset as usize);
const _: () = assert!(core::mem::offset_of!(Bar0, path_sel) == crate::regs::REGS[104].offset as usize);

/// A write to a register that cannot be written (read-only) or to an
/// offset that holds none.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NotWritable(pub u32);

impl Bar0 {
    /// The register at byte offset `off` (`None`: no register there).
    pub fn read(&self, off: u32) -> Option<u32> {
        Some(match off {
            0x000 => self.id.read(),
            0x004 => self.version.read(),
            0x008 => self.spec_hash.read(),
            0x00c => self.caps.read(),
            0x010 => self.scratch.read(),
            0x014 => self.ctrl.read(),
            0x018 => self.status.read(),
            0x040 => self.cmd_arg0.read(),
            0x044 => self.cmd_arg1.read(),
            0x048 => self.cmd_arg2.read(),
            0x04c => self.cmd_arg3.read(),
            0x050 => self.cmd_arg4.read(),
            0x054 => self.cmd_arg5.read(),
            0x058 => self.cmd_arg6.read(),
            0x05c => self.cmd_arg7.read(),
            0x060 => self.cmd.read(),
            0x064 => self.cmd_status.read(),
            0x080 => self.sq_doorbell.read(),
            0x084 => self.rq_doorbell.read(),
            0x088 => self.cq_doorbell.read(),
            0x100 => self.tx_pkts.read(),
            0x104 => self.tx_retx.read(),
            0x108 => self.tx_timeouts.read(),
            0x10c => self.tx_rehashes.read(),
            0x110 => self.tx_msgs.read(),
            0x114 => self.rx_pkts.read(),
            0x118 => self.rx_duplicates.read(),
            0x11c => self.rx_refused.read(),
            0x120 => self.rx_bytes_lo.read(),
            0x124 => self.rx_bytes_hi.read(),
            0x128 => self.rx_msgs.read(),
            0x12c => self.rx_hint_cuts.read(),
            0x130 => self.rx_hint.read(),
            0x134 => self.tx_retired.read(),
            0x138 => self.db_dropped.read(),
            0x13c => self.db_bad_cq.read(),
            0x140 => self.glue_overflow.read(),
            0x144 => self.tx_no_conn.read(),
            0x148 => self.tx_payload_err.read(),
            0x14c => self.rx_bad.read(),
            0x150 => self.rx_gate.read(),
            0x154 => self.rx_out_of_window.read(),
            0x158 => self.ack_tx.read(),
            0x15c => self.nack_tx.read(),
            0x160 => self.ack_rx.read(),
            0x164 => self.ack_rejected.read(),
            0x168 => self.ack_bad_path.read(),
            0x16c => self.retx_stale.read(),
            0x170 => self.nack_rx.read(),
            0x174 => self.nack_rnr.read(),
            0x178 => self.nack_fail.read(),
            0x17c => self.nack_drop.read(),
            0x180 => self.rx_drop_truncated.read(),
            0x184 => self.rx_drop_not_ip.read(),
            0x188 => self.rx_drop_ip_header.read(),
            0x18c => self.rx_drop_ip_checksum.read(),
            0x190 => self.rx_drop_fragment.read(),
            0x194 => self.rx_drop_not_udp.read(),
            0x198 => self.rx_drop_ip_length.read(),
            0x19c => self.rx_drop_port.read(),
            0x1a0 => self.rx_drop_udp_length.read(),
            0x1a4 => self.rx_drop_udp_checksum.read(),
            0x1a8 => self.rx_drop_version.read(),
            0x1ac => self.rx_drop_opcode.read(),
            0x1b0 => self.rx_drop_hdr_words.read(),
            0x1b4 => self.rx_drop_payload_len.read(),
            0x1b8 => self.rx_drop_ctrl_payload.read(),
            0x1bc => self.probe_reply_tx.read(),
            0x1c0 => self.ack_coalesced.read(),
            0x1c4 => self.ack_tx_drops.read(),
            0x1c8 => self.nack_tx_drops.read(),
            0x1cc => self.probe_tx_drops.read(),
            0x1d0 => self.ack_no_peer.read(),
            0x1d4 => self.cqe_written.read(),
            0x1d8 => self.cq_full.read(),
            0x1dc => self.cq_missing.read(),
            0x1e0 => self.rx_msg_outside.read(),
            0x1e4 => self.rq_db_refused.read(),
            0x1e8 => self.rq_consume_refused.read(),
            0x1ec => self.rq_fetch_err.read(),
            0x1f0 => self.path_cwnd.read(),
            0x1f4 => self.path_srtt.read(),
            0x1f8 => self.path_rttvar.read(),
            0x1fc => self.path_rto.read(),
            0x200 => self.path_state.read(),
            0x204 => self.path_sent.read(),
            0x208 => self.path_acked.read(),
            0x20c => self.path_lost.read(),
            0x210 => self.path_ecn.read(),
            0x214 => self.path_timeouts.read(),
            0x300 => self.local_mac_lo.read(),
            0x304 => self.local_mac_hi.read(),
            0x308 => self.local_ip4.read(),
            0x30c => self.net_cfg.read(),
            0x310 => self.cc_cwnd_init.read(),
            0x314 => self.cc_cwnd_min.read(),
            0x318 => self.cc_cwnd_max.read(),
            0x31c => self.cc_alpha.read(),
            0x320 => self.rto_min.read(),
            0x324 => self.rto_max.read(),
            0x328 => self.path_health.read(),
            0x32c => self.tx_cfg.read(),
            0x330 => self.timer_cfg.read(),
            0x334 => self.hint_cfg.read(),
            0x338 => self.path_sel.read(),
            _ => return None,
        })
    }

    /// Write `v` to the register at byte offset `off`.
    ///
    /// # Safety
    /// `self` must be the device's BAR0 (or memory standing for it): the
    /// write is a volatile store with the register's side effects.
    pub unsafe fn write(&self, off: u32, v: u32) -> Result<(), NotWritable> {
        match off {
            0x010 => self.scratch.write(v),
            0x014 => self.ctrl.write(v),
            0x040 => self.cmd_arg0.write(v),
            0x044 => self.cmd_arg1.write(v),
            0x048 => self.cmd_arg2.write(v),
            0x04c => self.cmd_arg3.write(v),
            0x050 => self.cmd_arg4.write(v),
            0x054 => self.cmd_arg5.write(v),
            0x058 => self.cmd_arg6.write(v),
            0x05c => self.cmd_arg7.write(v),
            0x060 => self.cmd.write(v),
            0x080 => self.sq_doorbell.write(v),
            0x084 => self.rq_doorbell.write(v),
            0x088 => self.cq_doorbell.write(v),
            0x300 => self.local_mac_lo.write(v),
            0x304 => self.local_mac_hi.write(v),
            0x308 => self.local_ip4.write(v),
            0x30c => self.net_cfg.write(v),
            0x310 => self.cc_cwnd_init.write(v),
            0x314 => self.cc_cwnd_min.write(v),
            0x318 => self.cc_cwnd_max.write(v),
            0x31c => self.cc_alpha.write(v),
            0x320 => self.rto_min.write(v),
            0x324 => self.rto_max.write(v),
            0x328 => self.path_health.write(v),
            0x32c => self.tx_cfg.write(v),
            0x330 => self.timer_cfg.write(v),
            0x334 => self.hint_cfg.write(v),
            0x338 => self.path_sel.write(v),
            _ => return Err(NotWritable(off)),
        }
        Ok(())
    }
}

bitfield::bitfield! {
    /// `VERSION`'s fields.
    #[derive(Clone, Copy, PartialEq, Eq, Default)]
    pub struct Version(pub u32);
    impl Debug;
    /// Minor version: backward-compatible additions; a driver needs at least its own
    pub u16, minor, set_minor: 15, 0;
    /// Major version: incompatible changes; a driver needs an exact match
    pub u16, major, set_major: 31, 16;
}

bitfield::bitfield! {
    /// `CAPS`'s fields.
    #[derive(Clone, Copy, PartialEq, Eq, Default)]
    pub struct Caps(pub u32);
    impl Debug;
    /// Number of connections the engine holds state for (ids 0..connections)
    pub u16, connections, set_connections: 15, 0;
    /// Paths per connection (path state records per connection)
    pub u8, paths, set_paths: 23, 16;
    /// Streams per connection (at most `MAX_STREAMS`)
    pub u8, streams, set_streams: 31, 24;
}

bitfield::bitfield! {
    /// `CTRL`'s fields.
    #[derive(Clone, Copy, PartialEq, Eq, Default)]
    pub struct Ctrl(pub u32);
    impl Debug;
    /// 1: the engine fetches work and processes traffic; 0: it fetches nothing and drops received frames
    pub enable, set_enable: 0;
    /// Write 1: return all engine state and every register to reset (CTRL included); self-clearing, reads 0
    pub soft_reset, set_soft_reset: 1;
}

bitfield::bitfield! {
    /// `STATUS`'s fields.
    #[derive(Clone, Copy, PartialEq, Eq, Default)]
    pub struct Status(pub u32);
    impl Debug;
    /// `CTRL.enable` has taken effect: the engine is running
    pub enabled, set_enabled: 0;
    /// A soft reset is in progress; access only `STATUS` until it reads 0
    pub reset_busy, set_reset_busy: 1;
}

bitfield::bitfield! {
    /// `CMD`'s fields.
    #[derive(Clone, Copy, PartialEq, Eq, Default)]
    pub struct Cmd(pub u32);
    impl Debug;
    /// Command code (`host::COMMANDS`); writing `CMD` starts the command
    pub u8, opcode, set_opcode: 7, 0;
}

bitfield::bitfield! {
    /// `CMD_STATUS`'s fields.
    #[derive(Clone, Copy, PartialEq, Eq, Default)]
    pub struct CmdStatus(pub u32);
    impl Debug;
    /// The engine is running the last command; do not write CMD or CMD_ARG* until 0
    pub busy, set_busy: 0;
    /// Result of the last command (`host::CMD_ERRORS`; 0 = accepted)
    pub u8, error, set_error: 15, 8;
    /// Commands completed since reset (modulo 2^16)
    pub u16, count, set_count: 31, 16;
}

bitfield::bitfield! {
    /// `SQ_DOORBELL`'s fields.
    #[derive(Clone, Copy, PartialEq, Eq, Default)]
    pub struct SqDoorbell(pub u32);
    impl Debug;
    /// New producer index of the send queue (entries written so far, modulo 2^16)
    pub u16, pi, set_pi: 15, 0;
    /// Connection
    pub u16, conn, set_conn: 31, 16;
}

bitfield::bitfield! {
    /// `RQ_DOORBELL`'s fields.
    #[derive(Clone, Copy, PartialEq, Eq, Default)]
    pub struct RqDoorbell(pub u32);
    impl Debug;
    /// New producer index of the receive ring (modulo 2^16)
    pub u16, pi, set_pi: 15, 0;
    /// Stream whose receive ring grew
    pub u8, stream, set_stream: 19, 16;
    /// Connection (receive doorbells reach connections 0..4095)
    pub u16, conn, set_conn: 31, 20;
}

bitfield::bitfield! {
    /// `CQ_DOORBELL`'s fields.
    #[derive(Clone, Copy, PartialEq, Eq, Default)]
    pub struct CqDoorbell(pub u32);
    impl Debug;
    /// New consumer index: entries before it are free for the engine again
    pub u16, ci, set_ci: 15, 0;
    /// Completion queue
    pub u16, cq, set_cq: 31, 16;
}

bitfield::bitfield! {
    /// `RX_HINT`'s fields.
    #[derive(Clone, Copy, PartialEq, Eq, Default)]
    pub struct RxHint(pub u32);
    impl Debug;
    /// The rate hint this engine sends in every ACK, in rate-hint units (0: no limit)
    pub u16, hint, set_hint: 15, 0;
    /// The senders the port's rate is divided among
    pub u16, senders, set_senders: 31, 16;
}

bitfield::bitfield! {
    /// `PATH_STATE`'s fields.
    #[derive(Clone, Copy, PartialEq, Eq, Default)]
    pub struct PathState(pub u32);
    impl Debug;
    /// DCTCP marked-fraction estimate, unsigned 0.16 fixed point
    pub u16, alpha, set_alpha: 15, 0;
    /// Consecutive timeouts
    pub u8, timeouts, set_timeouts: 23, 16;
    /// The path's retransmission timer runs
    pub armed, set_armed: 24;
    /// The path is retired (PATH_HEALTH.retire_after timeouts in a row)
    pub failed, set_failed: 25;
    /// The congestion-control block reported the selected path since PATH_SEL last changed (the other PATH_* state fields and PATH_CWND/SRTT/RTTVAR/RTO are valid)
    pub seen, set_seen: 31;
}

bitfield::bitfield! {
    /// `LOCAL_MAC_HI`'s fields.
    #[derive(Clone, Copy, PartialEq, Eq, Default)]
    pub struct LocalMacHi(pub u32);
    impl Debug;
    /// Bits 47:32 of the engine's MAC address (bits 47:40 are the first byte on the wire)
    pub u16, mac_hi, set_mac_hi: 15, 0;
}

bitfield::bitfield! {
    /// `NET_CFG`'s fields.
    #[derive(Clone, Copy, PartialEq, Eq, Default)]
    pub struct NetCfg(pub u32);
    impl Debug;
    /// UDP destination port of Braid frames (sent and accepted)
    pub u16, udp_port, set_udp_port: 15, 0;
    /// Payload MTU = `MTU_MIN << mtu_code` (1,024 .. 8,192 bytes)
    pub u8, mtu_code, set_mtu_code: 17, 16;
}

bitfield::bitfield! {
    /// `CC_CWND_INIT`'s fields.
    #[derive(Clone, Copy, PartialEq, Eq, Default)]
    pub struct CcCwndInit(pub u32);
    impl Debug;
    /// Window in packets, unsigned 16.8 fixed point
    pub u32, cwnd, set_cwnd: 23, 0;
}

bitfield::bitfield! {
    /// `CC_CWND_MIN`'s fields.
    #[derive(Clone, Copy, PartialEq, Eq, Default)]
    pub struct CcCwndMin(pub u32);
    impl Debug;
    /// Window in packets, unsigned 16.8 fixed point
    pub u32, cwnd, set_cwnd: 23, 0;
}

bitfield::bitfield! {
    /// `CC_CWND_MAX`'s fields.
    #[derive(Clone, Copy, PartialEq, Eq, Default)]
    pub struct CcCwndMax(pub u32);
    impl Debug;
    /// Window in packets, unsigned 16.8 fixed point
    pub u32, cwnd, set_cwnd: 23, 0;
}

bitfield::bitfield! {
    /// `CC_ALPHA`'s fields.
    #[derive(Clone, Copy, PartialEq, Eq, Default)]
    pub struct CcAlpha(pub u32);
    impl Debug;
    /// DCTCP `alpha` of a new path, unsigned 0.16 fixed point
    pub u16, alpha_init, set_alpha_init: 15, 0;
    /// DCTCP gain `g = 2^-(g + 3)`
    pub u8, g, set_g: 17, 16;
}

bitfield::bitfield! {
    /// `PATH_HEALTH`'s fields.
    #[derive(Clone, Copy, PartialEq, Eq, Default)]
    pub struct PathHealth(pub u32);
    impl Debug;
    /// Timeouts in a row from which every timeout moves the path to a new UDP source port, until it retires (0: never)
    pub u8, rehash_after, set_rehash_after: 7, 0;
    /// Timeouts in a row after which a path is retired: closed to new data and retransmissions until its connection is created again (0: never)
    pub u8, retire_after, set_retire_after: 15, 8;
}

bitfield::bitfield! {
    /// `TX_CFG`'s fields.
    #[derive(Clone, Copy, PartialEq, Eq, Default)]
    pub struct TxCfg(pub u32);
    impl Debug;
    /// Packets sent in a row on one path before the sprayer moves on (0 acts as 1)
    pub u8, spray_burst, set_spray_burst: 7, 0;
    /// The port's rate in rate-hint units: a connection hinted at or above it is not paced
    pub u16, port_hint, set_port_hint: 31, 16;
}

bitfield::bitfield! {
    /// `TIMER_CFG`'s fields.
    #[derive(Clone, Copy, PartialEq, Eq, Default)]
    pub struct TimerCfg(pub u32);
    impl Debug;
    /// Data packets a path receives before an ACK is due without ACK_REQ
    pub u8, ack_coalesce, set_ack_coalesce: 7, 0;
    /// Retransmission timer wheel: log2 ticks per bucket (set before enabling)
    pub u8, rto_shift, set_rto_shift: 12, 8;
    /// ACK coalescing timer wheel: log2 ticks per bucket (set before enabling)
    pub u8, ack_shift, set_ack_shift: 20, 16;
}

bitfield::bitfield! {
    /// `HINT_CFG`'s fields.
    #[derive(Clone, Copy, PartialEq, Eq, Default)]
    pub struct HintCfg(pub u32);
    impl Debug;
    /// Rate-hint interval in engine ticks (senders are counted and the queue estimate taken per interval; 0 acts as 65,536)
    pub u16, interval, set_interval: 15, 0;
    /// Queueing delay in engine ticks above which the receiver lowers its rate hint (0: never lowered)
    pub u16, queue, set_queue: 31, 16;
}

bitfield::bitfield! {
    /// `PATH_SEL`'s fields.
    #[derive(Clone, Copy, PartialEq, Eq, Default)]
    pub struct PathSel(pub u32);
    impl Debug;
    /// Path number within the connection (below CAPS.paths)
    pub u8, path, set_path: 7, 0;
    /// Connection (below CAPS.connections)
    pub u16, conn, set_conn: 31, 16;
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each accessor sets exactly the bits of its `regs` field.
    #[test]
    fn bitfields_sit_at_the_fields_of_regs() {
        let f = |reg: &str, field: &str| {
            let r = crate::regs::by_name(reg).unwrap();
            let f = r.fields.iter().find(|f| f.name == field).unwrap();
            (((1u64 << f.bits) - 1) << f.lsb) as u32
        };
        let mut v = Version(0);
        v.set_minor(0xffff);
        assert_eq!(v.0, f("VERSION", "minor"));
        assert_eq!(Version(!0).minor(), 0xffff);
        let mut v = Version(0);
        v.set_major(0xffff);
        assert_eq!(v.0, f("VERSION", "major"));
        assert_eq!(Version(!0).major(), 0xffff);
        let mut v = Caps(0);
        v.set_connections(0xffff);
        assert_eq!(v.0, f("CAPS", "connections"));
        assert_eq!(Caps(!0).connections(), 0xffff);
        let mut v = Caps(0);
        v.set_paths(0xff);
        assert_eq!(v.0, f("CAPS", "paths"));
        assert_eq!(Caps(!0).paths(), 0xff);
        let mut v = Caps(0);
        v.set_streams(0xff);
        assert_eq!(v.0, f("CAPS", "streams"));
        assert_eq!(Caps(!0).streams(), 0xff);
        let mut v = Ctrl(0);
        v.set_enable(true);
        assert_eq!(v.0, f("CTRL", "enable"));
        assert!(Ctrl(!0).enable());
        let mut v = Ctrl(0);
        v.set_soft_reset(true);
        assert_eq!(v.0, f("CTRL", "soft_reset"));
        assert!(Ctrl(!0).soft_reset());
        let mut v = Status(0);
        v.set_enabled(true);
        assert_eq!(v.0, f("STATUS", "enabled"));
        assert!(Status(!0).enabled());
        let mut v = Status(0);
        v.set_reset_busy(true);
        assert_eq!(v.0, f("STATUS", "reset_busy"));
        assert!(Status(!0).reset_busy());
        let mut v = Cmd(0);
        v.set_opcode(0xff);
        assert_eq!(v.0, f("CMD", "opcode"));
        assert_eq!(Cmd(!0).opcode(), 0xff);
        let mut v = CmdStatus(0);
        v.set_busy(true);
        assert_eq!(v.0, f("CMD_STATUS", "busy"));
        assert!(CmdStatus(!0).busy());
        let mut v = CmdStatus(0);
        v.set_error(0xff);
        assert_eq!(v.0, f("CMD_STATUS", "error"));
        assert_eq!(CmdStatus(!0).error(), 0xff);
        let mut v = CmdStatus(0);
        v.set_count(0xffff);
        assert_eq!(v.0, f("CMD_STATUS", "count"));
        assert_eq!(CmdStatus(!0).count(), 0xffff);
        let mut v = SqDoorbell(0);
        v.set_pi(0xffff);
        assert_eq!(v.0, f("SQ_DOORBELL", "pi"));
        assert_eq!(SqDoorbell(!0).pi(), 0xffff);
        let mut v = SqDoorbell(0);
        v.set_conn(0xffff);
        assert_eq!(v.0, f("SQ_DOORBELL", "conn"));
        assert_eq!(SqDoorbell(!0).conn(), 0xffff);
        let mut v = RqDoorbell(0);
        v.set_pi(0xffff);
        assert_eq!(v.0, f("RQ_DOORBELL", "pi"));
        assert_eq!(RqDoorbell(!0).pi(), 0xffff);
        let mut v = RqDoorbell(0);
        v.set_stream(0xf);
        assert_eq!(v.0, f("RQ_DOORBELL", "stream"));
        assert_eq!(RqDoorbell(!0).stream(), 0xf);
        let mut v = RqDoorbell(0);
        v.set_conn(0xfff);
        assert_eq!(v.0, f("RQ_DOORBELL", "conn"));
        assert_eq!(RqDoorbell(!0).conn(), 0xfff);
        let mut v = CqDoorbell(0);
        v.set_ci(0xffff);
        assert_eq!(v.0, f("CQ_DOORBELL", "ci"));
        assert_eq!(CqDoorbell(!0).ci(), 0xffff);
        let mut v = CqDoorbell(0);
        v.set_cq(0xffff);
        assert_eq!(v.0, f("CQ_DOORBELL", "cq"));
        assert_eq!(CqDoorbell(!0).cq(), 0xffff);
        let mut v = RxHint(0);
        v.set_hint(0xffff);
        assert_eq!(v.0, f("RX_HINT", "hint"));
        assert_eq!(RxHint(!0).hint(), 0xffff);
        let mut v = RxHint(0);
        v.set_senders(0xffff);
        assert_eq!(v.0, f("RX_HINT", "senders"));
        assert_eq!(RxHint(!0).senders(), 0xffff);
        let mut v = PathState(0);
        v.set_alpha(0xffff);
        assert_eq!(v.0, f("PATH_STATE", "alpha"));
        assert_eq!(PathState(!0).alpha(), 0xffff);
        let mut v = PathState(0);
        v.set_timeouts(0xff);
        assert_eq!(v.0, f("PATH_STATE", "timeouts"));
        assert_eq!(PathState(!0).timeouts(), 0xff);
        let mut v = PathState(0);
        v.set_armed(true);
        assert_eq!(v.0, f("PATH_STATE", "armed"));
        assert!(PathState(!0).armed());
        let mut v = PathState(0);
        v.set_failed(true);
        assert_eq!(v.0, f("PATH_STATE", "failed"));
        assert!(PathState(!0).failed());
        let mut v = PathState(0);
        v.set_seen(true);
        assert_eq!(v.0, f("PATH_STATE", "seen"));
        assert!(PathState(!0).seen());
        let mut v = LocalMacHi(0);
        v.set_mac_hi(0xffff);
        assert_eq!(v.0, f("LOCAL_MAC_HI", "mac_hi"));
        assert_eq!(LocalMacHi(!0).mac_hi(), 0xffff);
        let mut v = NetCfg(0);
        v.set_udp_port(0xffff);
        assert_eq!(v.0, f("NET_CFG", "udp_port"));
        assert_eq!(NetCfg(!0).udp_port(), 0xffff);
        let mut v = NetCfg(0);
        v.set_mtu_code(0x3);
        assert_eq!(v.0, f("NET_CFG", "mtu_code"));
        assert_eq!(NetCfg(!0).mtu_code(), 0x3);
        let mut v = CcCwndInit(0);
        v.set_cwnd(0xffffff);
        assert_eq!(v.0, f("CC_CWND_INIT", "cwnd"));
        assert_eq!(CcCwndInit(!0).cwnd(), 0xffffff);
        let mut v = CcCwndMin(0);
        v.set_cwnd(0xffffff);
        assert_eq!(v.0, f("CC_CWND_MIN", "cwnd"));
        assert_eq!(CcCwndMin(!0).cwnd(), 0xffffff);
        let mut v = CcCwndMax(0);
        v.set_cwnd(0xffffff);
        assert_eq!(v.0, f("CC_CWND_MAX", "cwnd"));
        assert_eq!(CcCwndMax(!0).cwnd(), 0xffffff);
        let mut v = CcAlpha(0);
        v.set_alpha_init(0xffff);
        assert_eq!(v.0, f("CC_ALPHA", "alpha_init"));
        assert_eq!(CcAlpha(!0).alpha_init(), 0xffff);
        let mut v = CcAlpha(0);
        v.set_g(0x3);
        assert_eq!(v.0, f("CC_ALPHA", "g"));
        assert_eq!(CcAlpha(!0).g(), 0x3);
        let mut v = PathHealth(0);
        v.set_rehash_after(0xff);
        assert_eq!(v.0, f("PATH_HEALTH", "rehash_after"));
        assert_eq!(PathHealth(!0).rehash_after(), 0xff);
        let mut v = PathHealth(0);
        v.set_retire_after(0xff);
        assert_eq!(v.0, f("PATH_HEALTH", "retire_after"));
        assert_eq!(PathHealth(!0).retire_after(), 0xff);
        let mut v = TxCfg(0);
        v.set_spray_burst(0xff);
        assert_eq!(v.0, f("TX_CFG", "spray_burst"));
        assert_eq!(TxCfg(!0).spray_burst(), 0xff);
        let mut v = TxCfg(0);
        v.set_port_hint(0xffff);
        assert_eq!(v.0, f("TX_CFG", "port_hint"));
        assert_eq!(TxCfg(!0).port_hint(), 0xffff);
        let mut v = TimerCfg(0);
        v.set_ack_coalesce(0xff);
        assert_eq!(v.0, f("TIMER_CFG", "ack_coalesce"));
        assert_eq!(TimerCfg(!0).ack_coalesce(), 0xff);
        let mut v = TimerCfg(0);
        v.set_rto_shift(0x1f);
        assert_eq!(v.0, f("TIMER_CFG", "rto_shift"));
        assert_eq!(TimerCfg(!0).rto_shift(), 0x1f);
        let mut v = TimerCfg(0);
        v.set_ack_shift(0x1f);
        assert_eq!(v.0, f("TIMER_CFG", "ack_shift"));
        assert_eq!(TimerCfg(!0).ack_shift(), 0x1f);
        let mut v = HintCfg(0);
        v.set_interval(0xffff);
        assert_eq!(v.0, f("HINT_CFG", "interval"));
        assert_eq!(HintCfg(!0).interval(), 0xffff);
        let mut v = HintCfg(0);
        v.set_queue(0xffff);
        assert_eq!(v.0, f("HINT_CFG", "queue"));
        assert_eq!(HintCfg(!0).queue(), 0xffff);
        let mut v = PathSel(0);
        v.set_path(0xff);
        assert_eq!(v.0, f("PATH_SEL", "path"));
        assert_eq!(PathSel(!0).path(), 0xff);
        let mut v = PathSel(0);
        v.set_conn(0xffff);
        assert_eq!(v.0, f("PATH_SEL", "conn"));
        assert_eq!(PathSel(!0).conn(), 0xffff);
    }
}
