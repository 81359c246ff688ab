//! Receiver control-frame generator and transmit arbiter: turns receive-side
//! results into ACK, NACK and PROBE_REPLY header descriptors for
//! `tx_builder` (SPEC sections 6, 8 and 9) and merges them, ahead of the
//! send side's data descriptors, into the one descriptor stream that
//! `tx_builder` takes.
//!
//! # Behaviour (normative; `braid_model::AckGenModel` is the bit- and
//! cycle-exact reference)
//!
//! ## Inputs (each may carry a new item on every clock, II = 1)
//!
//! Every input is registered on the rising edge that samples it (call it
//! E0); the queues, the peer table and the counters change at the next edge
//! (E1).
//!
//! * **ACK requests**: the result ports of `rx_path_table` (`res_valid`,
//!   `res_op`, `res_idx`, `res_base`, `res_sack` with bit j = PSN
//!   `res_base + j`, `res_ecn_count`, `res_ts_echo`, `res_unacked`,
//!   `res_ack_now`) together with what the engine carries alongside the
//!   packet: `res_conn` (local connection index, the peer table's address),
//!   `res_path_id` (the data packet's `path_id`), `res_sport` (the data
//!   packet's UDP source port: the ACK uses it, SPEC section 6, so that it
//!   shares the path's fate), `res_csn_base` (the dedup table's
//!   `dedup_base` after the packet), and the register input `rate_hint` (the
//!   receiver's current fair-share hint, 100 Mb/s units). A result asks for
//!   an ACK when `res_valid` and either `res_op` = `OP_PKT` with
//!   `res_ack_now`, or `res_op` = `OP_READ` with `res_ack_now` or
//!   `res_unacked` != 0 (the coalescing timer reads a quiet path to ACK it).
//!   `OP_INIT` and `OP_ACK_SENT` results never ask for one (the latter
//!   would loop with a coalescing threshold of 0).
//! * **NACK requests**: `nack_valid`, `nack_conn`, `nack_path_id`,
//!   `nack_sport` (the rejected packet's path and UDP source port),
//!   `nack_reason` (braid-spec's NACK reason code, passed through),
//!   `nack_psn`, `nack_csn`, `nack_detail`.
//! * **PROBE requests**: `probe_valid`, `probe_conn`, `probe_path_id`,
//!   `probe_sport`, `probe_seq`, `probe_ts`, answered with a PROBE_REPLY
//!   echoing `probe_seq` and `probe_ts`.
//! * **Peer table** (block RAM, `2^CONN_BITS` = 1,024 entries, all zero at
//!   power-up): `cfg_valid` writes entry `cfg_conn` with `cfg_flags` (the
//!   conn record's flags: bit 0 valid, bit 1 IPv6, bit 2 VLAN),
//!   `cfg_peer_mac`, `cfg_peer_ip` (IPv4 as ::ffff:a.b.c.d, used from bits
//!   31:0), `cfg_udp_dport`, `cfg_vlan_tci`, `cfg_dscp` (low 6 bits used),
//!   `cfg_remote_conn`; every width is the one of braid-spec's `conn`
//!   record field of the same name. The entry is written at E1.
//! * **Local addresses and clock** (levels, sampled when a control
//!   descriptor is built): `src_mac`, `src_ip4`, `src_ip6`, `ttl` (IPv4 TTL
//!   / IPv6 hop limit), `now` (engine clock: the control frame's
//!   `timestamp`).
//! * **Data descriptors** from the send side: `data_valid`/`data_ready` and
//!   `data_<field>` for every `tx_builder` descriptor field, passed through
//!   unchanged. A data descriptor is taken at an edge where `data_valid &&
//!   data_ready`; `data_ready` is a function of registers and `d_ready`
//!   (never of `data_valid`).
//!
//! ## Queues
//!
//! Each request kind has its own 4-entry queue, written at E1:
//!
//! * ACK queue, with coalescing: ACKs are cumulative and the table clears a
//!   path's counters only on `ack_sent`, so a newer result of a path holds
//!   everything an older one holds. An ACK request whose `res_idx` equals
//!   the index of an ACK still in the queue (other than the queue head
//!   leaving at the same edge) **replaces** that entry in place and counts
//!   in `cnt_ack_coalesced`; the queue never holds two ACKs of one path.
//!   Otherwise it is appended when the queue has room (4 entries, or 4 with
//!   the head leaving at that edge), else dropped and counted in
//!   `cnt_ack_drops` (harmless: the path's next result asks again, and the
//!   table keeps the information until `ack_sent`).
//! * NACK and PROBE queues: appended under the same room rule, else dropped
//!   and counted in `cnt_nack_drops` / `cnt_probe_drops` (a dropped NACK is
//!   recovered by the sender through the SACK hole, SPEC section 8; a
//!   dropped PROBE_REPLY is a lost probe).
//!
//! ## Pipeline and arbitration
//!
//! * Lookup stage L: when L is empty at an edge, it takes the head of the
//!   NACK queue, else of the PROBE queue, else of the ACK queue (fixed
//!   priority NACK > PROBE_REPLY > ACK: NACKs and probes are rare and
//!   time-critical, ACKs are coalesced meanwhile), and the peer table is
//!   read at that entry's connection (registered read, kept on the same
//!   address while L waits). L takes a new entry only when it is empty, so
//!   control descriptors advance at most every other clock; every frame is
//!   at least two 64-byte beats, so this is above the MAC's frame rate.
//! * An entry in L whose peer entry is not valid (flags bit 0 clear) is
//!   discarded at the next edge and counted in `cnt_no_peer`.
//! * Output stage O (the `d_*` ports, `d_valid`): O takes a descriptor at
//!   an edge where it is empty or `d_ready` is high (so it moves one
//!   descriptor per clock under `d_ready`). The candidate control entry (L
//!   full, peer valid) wins unless data is waiting and `run` = `CTRL_BURST`
//!   (4) control descriptors have been taken into O since the last data
//!   descriptor: `run` counts control descriptors into O, saturating at
//!   `CTRL_BURST`, and is reset by a data descriptor. So control frames go
//!   first but a waiting data descriptor gets at least one slot in every
//!   `CTRL_BURST + 1`, and after an idle stretch without data (`run`
//!   saturated) a data descriptor goes at once. `data_ready` = O can take
//!   and (no valid control candidate or `run` = `CTRL_BURST`).
//! * A control descriptor: `dst_mac` = peer MAC, `src_mac` = `src_mac`,
//!   `vlan`/`ipv6` = peer flags bits 2/1, `vlan_tci` = peer TCI, `src_ip` =
//!   `src_ip6` for IPv6 else `src_ip4` (bits 31:0), `dst_ip` = peer IP,
//!   `dscp` = peer DSCP bits 5:0, `ttl` = `ttl`, `flow_label` = the UDP
//!   source port (the path entropy), `udp_sport` = the request's source
//!   port, `udp_dport` = peer port, `opcode` = ACK / NACK / PROBE_REPLY
//!   (braid-spec's values), `flags` 0, `path_id` = the request's path,
//!   `dst_conn` = peer `remote_conn`, `path_psn`, `csn`, `payload_len`,
//!   `floor_delta` 0, `timestamp` = `now` at the edge it enters O; the
//!   extension of its opcode from the request (ACK: `ack_base_psn`,
//!   `ack_sack`, `ack_ecn_count`, `ack_ts_echo`, `ack_csn_base`,
//!   `ack_rate_hint`; NACK: `nack_reason`, `nack_psn`, `nack_csn`,
//!   `nack_detail`; PROBE_REPLY: `probe_seq`, `probe_ts`); every other
//!   field 0.
//! * `ack_sent`: at the edge where `tx_builder` takes an ACK descriptor
//!   (`d_valid && d_ready`), `as_valid` is set for one clock with `as_idx` =
//!   the ACK's `res_idx`: the `OP_ACK_SENT` operation for `rx_path_table`
//!   (`as_idx` holds its value otherwise).
//! * Counters (32 bits, wrapping; an event at edge t is registered at t and
//!   added at t + 1, so the counter shows it after edge t + 1):
//!   `cnt_acks`, `cnt_nacks`, `cnt_probe_replies` (descriptors taken by
//!   `tx_builder`), `cnt_ack_coalesced`, `cnt_ack_drops`, `cnt_nack_drops`,
//!   `cnt_probe_drops`, `cnt_no_peer`.
//!
//! ## Latency
//!
//! A request sampled at edge t is queued at t + 1, enters L at t + 2 at the
//! earliest and O at t + 3: `d_valid` with its descriptor shows after edge
//! t + 3 when the queues, L and O are free. A data descriptor taken at edge
//! t shows on `d_*` after t. `as_valid` follows one clock after the edge
//! that took the ACK.
//!
//! ECN accounting note: the table clears a path's `ecn_count` at
//! `ack_sent`; an ACK of the same path that had already left the queue (in
//! L or O) when a newer one was queued carries marks the newer one repeats.
//! This over-reports at most the marks of the packets between two such
//! results (bounded by the two pipeline stages).
//!
//! Logic depth: queue selection depends on registers only (L empty, queue
//! counts); coalescing compares the registered request index with the four
//! queued indices; the output mux is selected from `d_ready`, `data_valid`
//! and registers; counters use parallel-prefix adders.

use crate::prefix_add::PrefixAdd;
use braid_spec::host::field;
use braid_spec::state::CONN_STATE;
use braid_spec::wire::braid::Opcode;
use braid_spec::StateField;
use rust_hdl::prelude::*;

/// Peer table address bits (1,024 connections).
pub const CONN_BITS: usize = 10;
/// `rx_path_table` index bits (the full-size table's `IDX_FULL`).
pub const IDX_BITS: usize = crate::rx_path_table::IDX_FULL;
/// Control descriptors in a row before a waiting data descriptor goes.
pub const CTRL_BURST: u64 = 4;
/// Entries per request queue.
pub const QUEUE_DEPTH: usize = 4;

/// Descriptor kinds inside the block.
pub const KIND_DATA: u64 = 0;
/// ACK.
pub const KIND_ACK: u64 = 1;
/// NACK.
pub const KIND_NACK: u64 = 2;
/// PROBE_REPLY.
pub const KIND_PROBE: u64 = 3;

/// `rx_path_table` operation codes that may ask for an ACK.
pub const OP_PKT: u64 = crate::rx_path_table::OP_PKT;
/// Read (coalescing timer).
pub const OP_READ: u64 = crate::rx_path_table::OP_READ;

const F_FLAGS: &StateField = field(CONN_STATE, "flags");
const F_MAC: &StateField = field(CONN_STATE, "peer_mac");
const F_IP: &StateField = field(CONN_STATE, "peer_ip");
const F_DPORT: &StateField = field(CONN_STATE, "udp_dport");
const F_TCI: &StateField = field(CONN_STATE, "vlan_tci");
const F_DSCP: &StateField = field(CONN_STATE, "dscp");
const F_RCONN: &StateField = field(CONN_STATE, "remote_conn");
// the peer table's port and RAM widths below are braid-spec's
const _: () = assert!(F_FLAGS.bits == 8 && F_MAC.bits == 48 && F_IP.bits == 128);
// the peer-entry flag bits read below by position (bits 0, 1, 2)
const _: () = assert!(
    braid_spec::state::conn_flags::VALID == 1 << 0
        && braid_spec::state::conn_flags::IPV6 == 1 << 1
        && braid_spec::state::conn_flags::VLAN == 1 << 2
);
const _: () = assert!(F_DPORT.bits == 16 && F_TCI.bits == 16 && F_DSCP.bits == 8);
const _: () = assert!(F_RCONN.bits == 24);
// the logic uses these values as literals (RustHDL's Verilog generator
// does not resolve constant names)
const _: () = assert!(CONN_BITS == 10 && IDX_BITS == 14 && QUEUE_DEPTH == 4 && CTRL_BURST == 4);
const _: () = assert!(OP_PKT == 0 && OP_READ == 3);
const _: () = assert!(KIND_DATA == 0 && KIND_ACK == 1 && KIND_NACK == 2 && KIND_PROBE == 3);

/// ACK queue entry: idx 0..14, conn 14..24, path 24..32, sport 32..48,
/// base 48..80, sack 80..336, ecn 336..352, ts_echo 352..384,
/// csn_base 384..416, rate_hint 416..432.
pub const W_ACK: usize = 432;
/// NACK queue entry: conn 0..10, path 10..18, sport 18..34, reason 34..42,
/// psn 42..74, csn 74..106, detail 106..138.
pub const W_NACK: usize = 138;
/// PROBE queue entry: conn 0..10, path 10..18, sport 18..34, seq 34..66,
/// ts 66..98.
pub const W_PROBE: usize = 98;

/// A 4-entry register queue with an in-place overwrite port.
///
/// At an edge: slot `(rd + count) mod 4` takes `din` when `push`; every
/// slot whose bit is set in `ow_mask` takes `din`; `pop` advances `rd`;
/// `count` += `push` - `pop`. The user pushes only with room (count < 4, or
/// 4 with `pop`), pops only when count > 0 and never pushes and overwrites
/// at the same edge.
#[derive(LogicBlock, Default)]
pub struct Queue4<const W: usize> {
    /// Clock.
    pub clock: Signal<In, Clock>,
    /// Append `din`.
    pub push: Signal<In, Bit>,
    /// Overwrite the slots set here with `din`.
    pub ow_mask: Signal<In, Bits<4>>,
    /// Entry to write.
    pub din: Signal<In, Bits<W>>,
    /// Drop the head.
    pub pop: Signal<In, Bit>,
    /// Entries held.
    pub count: Signal<Out, Bits<3>>,
    /// Head slot.
    pub rd: Signal<Out, Bits<2>>,
    /// Head entry.
    pub head: Signal<Out, Bits<W>>,
    /// Slot 0.
    pub s0: Signal<Out, Bits<W>>,
    /// Slot 1.
    pub s1: Signal<Out, Bits<W>>,
    /// Slot 2.
    pub s2: Signal<Out, Bits<W>>,
    /// Slot 3.
    pub s3: Signal<Out, Bits<W>>,
    e0: DFF<Bits<W>>,
    e1: DFF<Bits<W>>,
    e2: DFF<Bits<W>>,
    e3: DFF<Bits<W>>,
    r_rd: DFF<Bits<2>>,
    r_cnt: DFF<Bits<3>>,
    wr: Signal<Local, Bits<2>>,
}

impl<const W: usize> Logic for Queue4<W> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, e0, e1, e2, e3, r_rd, r_cnt);
        self.wr.next = self.r_rd.q.val() + self.r_cnt.q.val().get_bits::<2>(0);
        if (self.push.val() & (self.wr.val() == bits::<2>(0))) | self.ow_mask.val().get_bit(0) {
            self.e0.d.next = self.din.val();
        }
        if (self.push.val() & (self.wr.val() == bits::<2>(1))) | self.ow_mask.val().get_bit(1) {
            self.e1.d.next = self.din.val();
        }
        if (self.push.val() & (self.wr.val() == bits::<2>(2))) | self.ow_mask.val().get_bit(2) {
            self.e2.d.next = self.din.val();
        }
        if (self.push.val() & (self.wr.val() == bits::<2>(3))) | self.ow_mask.val().get_bit(3) {
            self.e3.d.next = self.din.val();
        }
        if self.pop.val() {
            self.r_rd.d.next = self.r_rd.q.val() + bits::<2>(1);
        }
        if self.push.val() & !self.pop.val() {
            self.r_cnt.d.next = self.r_cnt.q.val() + bits::<3>(1);
        } else if !self.push.val() & self.pop.val() {
            self.r_cnt.d.next = self.r_cnt.q.val() - bits::<3>(1);
        }
        match self.r_rd.q.val().index() {
            0 => self.head.next = self.e0.q.val(),
            1 => self.head.next = self.e1.q.val(),
            2 => self.head.next = self.e2.q.val(),
            _ => self.head.next = self.e3.q.val(),
        }
        self.count.next = self.r_cnt.q.val();
        self.rd.next = self.r_rd.q.val();
        self.s0.next = self.e0.q.val();
        self.s1.next = self.e1.q.val();
        self.s2.next = self.e2.q.val();
        self.s3.next = self.e3.q.val();
    }
}

hdl_block! {
    /// The opcode of a control kind, from braid-spec.
    pub struct KindOpcode {
        /// `KIND_ACK`, `KIND_NACK` or `KIND_PROBE`.
        pub kind: Signal<In, Bits<2>>,
        /// braid-spec's opcode value (0 for `KIND_DATA`).
        pub op: Signal<Out, Bits<8>>,
        k_ack: Constant<Bits<8>> = Constant::new(bits(Opcode::Ack.value() as u64)),
        k_nack: Constant<Bits<8>> = Constant::new(bits(Opcode::Nack.value() as u64)),
        k_probe: Constant<Bits<8>> = Constant::new(bits(Opcode::ProbeReply.value() as u64)),
    }
}

impl Logic for KindOpcode {
    #[hdl_gen]
    fn update(&mut self) {
        match self.kind.val().index() {
            1 => self.op.next = self.k_ack.val(),
            2 => self.op.next = self.k_nack.val(),
            3 => self.op.next = self.k_probe.val(),
            _ => self.op.next = bits::<8>(0),
        }
    }
}

/// ACK/NACK/PROBE_REPLY generator and transmit arbiter.
#[derive(LogicBlock, Default)]
pub struct AckGen {
    /// Engine clock.
    pub clock: Signal<In, Clock>,
    // ---- rx_path_table results and the packet's companions
    /// A result of `rx_path_table`.
    pub res_valid: Signal<In, Bit>,
    /// Its operation.
    pub res_op: Signal<In, Bits<2>>,
    /// Its path index (returned in `as_idx`).
    pub res_idx: Signal<In, Bits<IDX_BITS>>,
    /// ACK view: cumulative base.
    pub res_base: Signal<In, Bits<32>>,
    /// ACK view: bit j = PSN `res_base + j` received.
    pub res_sack: Signal<In, Bits<256>>,
    /// ACK view: CE-marked packets since the last ACK.
    pub res_ecn_count: Signal<In, Bits<16>>,
    /// ACK view: timestamp to echo.
    pub res_ts_echo: Signal<In, Bits<32>>,
    /// ACK view: packets since the last ACK.
    pub res_unacked: Signal<In, Bits<8>>,
    /// An ACK is due.
    pub res_ack_now: Signal<In, Bit>,
    /// Local connection of the packet (peer table address).
    pub res_conn: Signal<In, Bits<CONN_BITS>>,
    /// The packet's `path_id`.
    pub res_path_id: Signal<In, Bits<8>>,
    /// The packet's UDP source port.
    pub res_sport: Signal<In, Bits<16>>,
    /// The dedup table's `dedup_base` after the packet.
    pub res_csn_base: Signal<In, Bits<32>>,
    /// Receiver's current rate hint (100 Mb/s units, 0 = no limit).
    pub rate_hint: Signal<In, Bits<16>>,
    // ---- NACK requests
    /// A NACK request.
    pub nack_valid: Signal<In, Bit>,
    /// Local connection.
    pub nack_conn: Signal<In, Bits<CONN_BITS>>,
    /// Path of the rejected packet.
    pub nack_path_id: Signal<In, Bits<8>>,
    /// UDP source port of the rejected packet.
    pub nack_sport: Signal<In, Bits<16>>,
    /// Reason code.
    pub nack_reason: Signal<In, Bits<8>>,
    /// Rejected packet's `path_psn`.
    pub nack_psn: Signal<In, Bits<32>>,
    /// Rejected packet's `csn`.
    pub nack_csn: Signal<In, Bits<32>>,
    /// Detail word.
    pub nack_detail: Signal<In, Bits<32>>,
    // ---- PROBE requests
    /// A PROBE to answer.
    pub probe_valid: Signal<In, Bit>,
    /// Local connection.
    pub probe_conn: Signal<In, Bits<CONN_BITS>>,
    /// The probe's `path_id`.
    pub probe_path_id: Signal<In, Bits<8>>,
    /// The probe's UDP source port.
    pub probe_sport: Signal<In, Bits<16>>,
    /// `probe_seq` to echo.
    pub probe_seq: Signal<In, Bits<32>>,
    /// `probe_ts` to echo.
    pub probe_ts: Signal<In, Bits<32>>,
    // ---- peer table writes
    /// Write a peer entry.
    pub cfg_valid: Signal<In, Bit>,
    /// Entry (local connection).
    pub cfg_conn: Signal<In, Bits<CONN_BITS>>,
    /// conn flags: bit 0 valid, bit 1 IPv6, bit 2 VLAN.
    pub cfg_flags: Signal<In, Bits<8>>,
    /// Peer MAC.
    pub cfg_peer_mac: Signal<In, Bits<48>>,
    /// Peer IP (IPv4 in bits 31:0).
    pub cfg_peer_ip: Signal<In, Bits<128>>,
    /// Peer's Braid UDP port.
    pub cfg_udp_dport: Signal<In, Bits<16>>,
    /// 802.1Q TCI.
    pub cfg_vlan_tci: Signal<In, Bits<16>>,
    /// DSCP (low 6 bits).
    pub cfg_dscp: Signal<In, Bits<8>>,
    /// Peer's connection id.
    pub cfg_remote_conn: Signal<In, Bits<24>>,
    // ---- local
    /// Local MAC.
    pub src_mac: Signal<In, Bits<48>>,
    /// Local IPv4 address.
    pub src_ip4: Signal<In, Bits<32>>,
    /// Local IPv6 address.
    pub src_ip6: Signal<In, Bits<128>>,
    /// IPv4 TTL / IPv6 hop limit of control frames.
    pub ttl: Signal<In, Bits<8>>,
    /// Engine clock ticks.
    pub now: Signal<In, Bits<32>>,
    // ---- data descriptors
    /// A data descriptor.
    pub data_valid: Signal<In, Bit>,
    /// The data descriptor is taken at this edge (with `data_valid`).
    pub data_ready: Signal<Out, Bit>,
    /// Data descriptor: `dst_mac` (as tx_builder's `d_dst_mac`).
    pub data_dst_mac: Signal<In, Bits<48>>,
    /// Data descriptor: `src_mac` (as tx_builder's `d_src_mac`).
    pub data_src_mac: Signal<In, Bits<48>>,
    /// Data descriptor: `vlan` (as tx_builder's `d_vlan`).
    pub data_vlan: Signal<In, Bit>,
    /// Data descriptor: `vlan_tci` (as tx_builder's `d_vlan_tci`).
    pub data_vlan_tci: Signal<In, Bits<16>>,
    /// Data descriptor: `ipv6` (as tx_builder's `d_ipv6`).
    pub data_ipv6: Signal<In, Bit>,
    /// Data descriptor: `src_ip` (as tx_builder's `d_src_ip`).
    pub data_src_ip: Signal<In, Bits<128>>,
    /// Data descriptor: `dst_ip` (as tx_builder's `d_dst_ip`).
    pub data_dst_ip: Signal<In, Bits<128>>,
    /// Data descriptor: `dscp` (as tx_builder's `d_dscp`).
    pub data_dscp: Signal<In, Bits<6>>,
    /// Data descriptor: `ttl` (as tx_builder's `d_ttl`).
    pub data_ttl: Signal<In, Bits<8>>,
    /// Data descriptor: `flow_label` (as tx_builder's `d_flow_label`).
    pub data_flow_label: Signal<In, Bits<20>>,
    /// Data descriptor: `udp_sport` (as tx_builder's `d_udp_sport`).
    pub data_udp_sport: Signal<In, Bits<16>>,
    /// Data descriptor: `udp_dport` (as tx_builder's `d_udp_dport`).
    pub data_udp_dport: Signal<In, Bits<16>>,
    /// Data descriptor: `opcode` (as tx_builder's `d_opcode`).
    pub data_opcode: Signal<In, Bits<8>>,
    /// Data descriptor: `flags` (as tx_builder's `d_flags`).
    pub data_flags: Signal<In, Bits<8>>,
    /// Data descriptor: `path_id` (as tx_builder's `d_path_id`).
    pub data_path_id: Signal<In, Bits<8>>,
    /// Data descriptor: `dst_conn` (as tx_builder's `d_dst_conn`).
    pub data_dst_conn: Signal<In, Bits<24>>,
    /// Data descriptor: `path_psn` (as tx_builder's `d_path_psn`).
    pub data_path_psn: Signal<In, Bits<32>>,
    /// Data descriptor: `csn` (as tx_builder's `d_csn`).
    pub data_csn: Signal<In, Bits<32>>,
    /// Data descriptor: `timestamp` (as tx_builder's `d_timestamp`).
    pub data_timestamp: Signal<In, Bits<32>>,
    /// Data descriptor: `payload_len` (as tx_builder's `d_payload_len`).
    pub data_payload_len: Signal<In, Bits<16>>,
    /// Data descriptor: `floor_delta` (as tx_builder's `d_floor_delta`).
    pub data_floor_delta: Signal<In, Bits<16>>,
    /// Data descriptor: `rkey` (as tx_builder's `d_rkey`).
    pub data_rkey: Signal<In, Bits<32>>,
    /// Data descriptor: `va` (as tx_builder's `d_va`).
    pub data_va: Signal<In, Bits<64>>,
    /// Data descriptor: `stream` (as tx_builder's `d_stream`).
    pub data_stream: Signal<In, Bits<8>>,
    /// Data descriptor: `rsn` (as tx_builder's `d_rsn`).
    pub data_rsn: Signal<In, Bits<24>>,
    /// Data descriptor: `msn` (as tx_builder's `d_msn`).
    pub data_msn: Signal<In, Bits<32>>,
    /// Data descriptor: `offset` (as tx_builder's `d_offset`).
    pub data_offset: Signal<In, Bits<32>>,
    /// Data descriptor: `msg_len` (as tx_builder's `d_msg_len`).
    pub data_msg_len: Signal<In, Bits<32>>,
    /// Data descriptor: `imm` (as tx_builder's `d_imm`).
    pub data_imm: Signal<In, Bits<32>>,
    /// Data descriptor: `ack_base_psn` (as tx_builder's `d_ack_base_psn`).
    pub data_ack_base_psn: Signal<In, Bits<32>>,
    /// Data descriptor: `ack_csn_base` (as tx_builder's `d_ack_csn_base`).
    pub data_ack_csn_base: Signal<In, Bits<32>>,
    /// Data descriptor: `ack_ts_echo` (as tx_builder's `d_ack_ts_echo`).
    pub data_ack_ts_echo: Signal<In, Bits<32>>,
    /// Data descriptor: `ack_ecn_count` (as tx_builder's `d_ack_ecn_count`).
    pub data_ack_ecn_count: Signal<In, Bits<16>>,
    /// Data descriptor: `ack_rate_hint` (as tx_builder's `d_ack_rate_hint`).
    pub data_ack_rate_hint: Signal<In, Bits<16>>,
    /// Data descriptor: `ack_sack` (as tx_builder's `d_ack_sack`).
    pub data_ack_sack: Signal<In, Bits<256>>,
    /// Data descriptor: `nack_reason` (as tx_builder's `d_nack_reason`).
    pub data_nack_reason: Signal<In, Bits<8>>,
    /// Data descriptor: `nack_psn` (as tx_builder's `d_nack_psn`).
    pub data_nack_psn: Signal<In, Bits<32>>,
    /// Data descriptor: `nack_csn` (as tx_builder's `d_nack_csn`).
    pub data_nack_csn: Signal<In, Bits<32>>,
    /// Data descriptor: `nack_detail` (as tx_builder's `d_nack_detail`).
    pub data_nack_detail: Signal<In, Bits<32>>,
    /// Data descriptor: `probe_seq` (as tx_builder's `d_probe_seq`).
    pub data_probe_seq: Signal<In, Bits<32>>,
    /// Data descriptor: `probe_ts` (as tx_builder's `d_probe_ts`).
    pub data_probe_ts: Signal<In, Bits<32>>,
    // ---- descriptor stream to tx_builder
    /// A descriptor.
    pub d_valid: Signal<Out, Bit>,
    /// tx_builder takes it.
    pub d_ready: Signal<In, Bit>,
    /// Descriptor to tx_builder: `dst_mac`.
    pub d_dst_mac: Signal<Out, Bits<48>>,
    /// Descriptor to tx_builder: `src_mac`.
    pub d_src_mac: Signal<Out, Bits<48>>,
    /// Descriptor to tx_builder: `vlan`.
    pub d_vlan: Signal<Out, Bit>,
    /// Descriptor to tx_builder: `vlan_tci`.
    pub d_vlan_tci: Signal<Out, Bits<16>>,
    /// Descriptor to tx_builder: `ipv6`.
    pub d_ipv6: Signal<Out, Bit>,
    /// Descriptor to tx_builder: `src_ip`.
    pub d_src_ip: Signal<Out, Bits<128>>,
    /// Descriptor to tx_builder: `dst_ip`.
    pub d_dst_ip: Signal<Out, Bits<128>>,
    /// Descriptor to tx_builder: `dscp`.
    pub d_dscp: Signal<Out, Bits<6>>,
    /// Descriptor to tx_builder: `ttl`.
    pub d_ttl: Signal<Out, Bits<8>>,
    /// Descriptor to tx_builder: `flow_label`.
    pub d_flow_label: Signal<Out, Bits<20>>,
    /// Descriptor to tx_builder: `udp_sport`.
    pub d_udp_sport: Signal<Out, Bits<16>>,
    /// Descriptor to tx_builder: `udp_dport`.
    pub d_udp_dport: Signal<Out, Bits<16>>,
    /// Descriptor to tx_builder: `opcode`.
    pub d_opcode: Signal<Out, Bits<8>>,
    /// Descriptor to tx_builder: `flags`.
    pub d_flags: Signal<Out, Bits<8>>,
    /// Descriptor to tx_builder: `path_id`.
    pub d_path_id: Signal<Out, Bits<8>>,
    /// Descriptor to tx_builder: `dst_conn`.
    pub d_dst_conn: Signal<Out, Bits<24>>,
    /// Descriptor to tx_builder: `path_psn`.
    pub d_path_psn: Signal<Out, Bits<32>>,
    /// Descriptor to tx_builder: `csn`.
    pub d_csn: Signal<Out, Bits<32>>,
    /// Descriptor to tx_builder: `timestamp`.
    pub d_timestamp: Signal<Out, Bits<32>>,
    /// Descriptor to tx_builder: `payload_len`.
    pub d_payload_len: Signal<Out, Bits<16>>,
    /// Descriptor to tx_builder: `floor_delta`.
    pub d_floor_delta: Signal<Out, Bits<16>>,
    /// Descriptor to tx_builder: `rkey`.
    pub d_rkey: Signal<Out, Bits<32>>,
    /// Descriptor to tx_builder: `va`.
    pub d_va: Signal<Out, Bits<64>>,
    /// Descriptor to tx_builder: `stream`.
    pub d_stream: Signal<Out, Bits<8>>,
    /// Descriptor to tx_builder: `rsn`.
    pub d_rsn: Signal<Out, Bits<24>>,
    /// Descriptor to tx_builder: `msn`.
    pub d_msn: Signal<Out, Bits<32>>,
    /// Descriptor to tx_builder: `offset`.
    pub d_offset: Signal<Out, Bits<32>>,
    /// Descriptor to tx_builder: `msg_len`.
    pub d_msg_len: Signal<Out, Bits<32>>,
    /// Descriptor to tx_builder: `imm`.
    pub d_imm: Signal<Out, Bits<32>>,
    /// Descriptor to tx_builder: `ack_base_psn`.
    pub d_ack_base_psn: Signal<Out, Bits<32>>,
    /// Descriptor to tx_builder: `ack_csn_base`.
    pub d_ack_csn_base: Signal<Out, Bits<32>>,
    /// Descriptor to tx_builder: `ack_ts_echo`.
    pub d_ack_ts_echo: Signal<Out, Bits<32>>,
    /// Descriptor to tx_builder: `ack_ecn_count`.
    pub d_ack_ecn_count: Signal<Out, Bits<16>>,
    /// Descriptor to tx_builder: `ack_rate_hint`.
    pub d_ack_rate_hint: Signal<Out, Bits<16>>,
    /// Descriptor to tx_builder: `ack_sack`.
    pub d_ack_sack: Signal<Out, Bits<256>>,
    /// Descriptor to tx_builder: `nack_reason`.
    pub d_nack_reason: Signal<Out, Bits<8>>,
    /// Descriptor to tx_builder: `nack_psn`.
    pub d_nack_psn: Signal<Out, Bits<32>>,
    /// Descriptor to tx_builder: `nack_csn`.
    pub d_nack_csn: Signal<Out, Bits<32>>,
    /// Descriptor to tx_builder: `nack_detail`.
    pub d_nack_detail: Signal<Out, Bits<32>>,
    /// Descriptor to tx_builder: `probe_seq`.
    pub d_probe_seq: Signal<Out, Bits<32>>,
    /// Descriptor to tx_builder: `probe_ts`.
    pub d_probe_ts: Signal<Out, Bits<32>>,
    // ---- ack_sent toward rx_path_table
    /// An ACK left: issue `OP_ACK_SENT`.
    pub as_valid: Signal<Out, Bit>,
    /// Its path index.
    pub as_idx: Signal<Out, Bits<IDX_BITS>>,
    // ---- counters
    /// ACKs taken by tx_builder.
    pub cnt_acks: Signal<Out, Bits<32>>,
    /// NACKs taken.
    pub cnt_nacks: Signal<Out, Bits<32>>,
    /// PROBE_REPLYs taken.
    pub cnt_probe_replies: Signal<Out, Bits<32>>,
    /// ACK requests merged into a queued ACK of the same path.
    pub cnt_ack_coalesced: Signal<Out, Bits<32>>,
    /// ACK requests dropped (queue full).
    pub cnt_ack_drops: Signal<Out, Bits<32>>,
    /// NACK requests dropped (queue full).
    pub cnt_nack_drops: Signal<Out, Bits<32>>,
    /// PROBE requests dropped (queue full).
    pub cnt_probe_drops: Signal<Out, Bits<32>>,
    /// Requests discarded for a peer entry that is not valid.
    pub cnt_no_peer: Signal<Out, Bits<32>>,
    // ---- E0: input registers
    i_ack: DFF<Bit>,
    i_a_idx: DFF<Bits<IDX_BITS>>,
    i_a_conn: DFF<Bits<CONN_BITS>>,
    i_a_path: DFF<Bits<8>>,
    i_a_sport: DFF<Bits<16>>,
    i_a_base: DFF<Bits<32>>,
    i_a_sack: DFF<Bits<256>>,
    i_a_ecn: DFF<Bits<16>>,
    i_a_tse: DFF<Bits<32>>,
    i_a_csn: DFF<Bits<32>>,
    i_a_rate: DFF<Bits<16>>,
    i_nack: DFF<Bit>,
    i_n_conn: DFF<Bits<CONN_BITS>>,
    i_n_path: DFF<Bits<8>>,
    i_n_sport: DFF<Bits<16>>,
    i_n_reason: DFF<Bits<8>>,
    i_n_psn: DFF<Bits<32>>,
    i_n_csn: DFF<Bits<32>>,
    i_n_detail: DFF<Bits<32>>,
    i_probe: DFF<Bit>,
    i_p_conn: DFF<Bits<CONN_BITS>>,
    i_p_path: DFF<Bits<8>>,
    i_p_sport: DFF<Bits<16>>,
    i_p_seq: DFF<Bits<32>>,
    i_p_ts: DFF<Bits<32>>,
    i_cfg: DFF<Bit>,
    i_c_conn: DFF<Bits<CONN_BITS>>,
    i_c_flags: DFF<Bits<8>>,
    i_c_mac: DFF<Bits<48>>,
    i_c_ip: DFF<Bits<128>>,
    i_c_dport: DFF<Bits<16>>,
    i_c_tci: DFF<Bits<16>>,
    i_c_dscp: DFF<Bits<8>>,
    i_c_rconn: DFF<Bits<24>>,
    // ---- queues
    aq: Queue4<W_ACK>,
    nq: Queue4<W_NACK>,
    pq: Queue4<W_PROBE>,
    // queue control
    a_off0: Signal<Local, Bits<2>>,
    a_off1: Signal<Local, Bits<2>>,
    a_off2: Signal<Local, Bits<2>>,
    a_off3: Signal<Local, Bits<2>>,
    a_m: Signal<Local, Bits<4>>,
    a_room: Signal<Local, Bit>,
    n_room: Signal<Local, Bit>,
    p_room: Signal<Local, Bit>,
    sel_n: Signal<Local, Bit>,
    sel_p: Signal<Local, Bit>,
    sel_a: Signal<Local, Bit>,
    // ---- peer table (one RAM per conn-record field)
    t_flags: RAM<Bits<8>, CONN_BITS>,
    t_mac: RAM<Bits<48>, CONN_BITS>,
    t_ip: RAM<Bits<128>, CONN_BITS>,
    t_dport: RAM<Bits<16>, CONN_BITS>,
    t_tci: RAM<Bits<16>, CONN_BITS>,
    t_dscp: RAM<Bits<8>, CONN_BITS>,
    t_rconn: RAM<Bits<24>, CONN_BITS>,
    raddr: Signal<Local, Bits<CONN_BITS>>,
    // ---- L: lookup stage
    l_valid: DFF<Bit>,
    l_kind: DFF<Bits<2>>,
    l_conn: DFF<Bits<CONN_BITS>>,
    l_path: DFF<Bits<8>>,
    l_sport: DFF<Bits<16>>,
    l_a: DFF<Bits<W_ACK>>,
    l_n: DFF<Bits<W_NACK>>,
    l_p: DFF<Bits<W_PROBE>>,
    opr: KindOpcode,
    peer_ok: Signal<Local, Bit>,
    c_src_ip: Signal<Local, Bits<128>>,
    c_ack_base_psn: Signal<Local, Bits<32>>,
    c_ack_csn_base: Signal<Local, Bits<32>>,
    c_ack_ts_echo: Signal<Local, Bits<32>>,
    c_ack_ecn_count: Signal<Local, Bits<16>>,
    c_ack_rate_hint: Signal<Local, Bits<16>>,
    c_ack_sack: Signal<Local, Bits<256>>,
    c_nack_reason: Signal<Local, Bits<8>>,
    c_nack_psn: Signal<Local, Bits<32>>,
    c_nack_csn: Signal<Local, Bits<32>>,
    c_nack_detail: Signal<Local, Bits<32>>,
    c_probe_seq: Signal<Local, Bits<32>>,
    c_probe_ts: Signal<Local, Bits<32>>,
    // ---- O: output stage
    o_valid: DFF<Bit>,
    o_kind: DFF<Bits<2>>,
    o_idx: DFF<Bits<IDX_BITS>>,
    o_dst_mac: DFF<Bits<48>>,
    o_src_mac: DFF<Bits<48>>,
    o_vlan: DFF<Bit>,
    o_vlan_tci: DFF<Bits<16>>,
    o_ipv6: DFF<Bit>,
    o_src_ip: DFF<Bits<128>>,
    o_dst_ip: DFF<Bits<128>>,
    o_dscp: DFF<Bits<6>>,
    o_ttl: DFF<Bits<8>>,
    o_flow_label: DFF<Bits<20>>,
    o_udp_sport: DFF<Bits<16>>,
    o_udp_dport: DFF<Bits<16>>,
    o_opcode: DFF<Bits<8>>,
    o_flags: DFF<Bits<8>>,
    o_path_id: DFF<Bits<8>>,
    o_dst_conn: DFF<Bits<24>>,
    o_path_psn: DFF<Bits<32>>,
    o_csn: DFF<Bits<32>>,
    o_timestamp: DFF<Bits<32>>,
    o_payload_len: DFF<Bits<16>>,
    o_floor_delta: DFF<Bits<16>>,
    o_rkey: DFF<Bits<32>>,
    o_va: DFF<Bits<64>>,
    o_stream: DFF<Bits<8>>,
    o_rsn: DFF<Bits<24>>,
    o_msn: DFF<Bits<32>>,
    o_offset: DFF<Bits<32>>,
    o_msg_len: DFF<Bits<32>>,
    o_imm: DFF<Bits<32>>,
    o_ack_base_psn: DFF<Bits<32>>,
    o_ack_csn_base: DFF<Bits<32>>,
    o_ack_ts_echo: DFF<Bits<32>>,
    o_ack_ecn_count: DFF<Bits<16>>,
    o_ack_rate_hint: DFF<Bits<16>>,
    o_ack_sack: DFF<Bits<256>>,
    o_nack_reason: DFF<Bits<8>>,
    o_nack_psn: DFF<Bits<32>>,
    o_nack_csn: DFF<Bits<32>>,
    o_nack_detail: DFF<Bits<32>>,
    o_probe_seq: DFF<Bits<32>>,
    o_probe_ts: DFF<Bits<32>>,
    run: DFF<Bits<3>>,
    o_acc: Signal<Local, Bit>,
    ctl_ok: Signal<Local, Bit>,
    ctl_win: Signal<Local, Bit>,
    taken: Signal<Local, Bit>,
    // ---- ack_sent and counters
    r_as_valid: DFF<Bit>,
    r_as_idx: DFF<Bits<IDX_BITS>>,
    ev: DFF<Bits<8>>,
    ev_n: Signal<Local, Bits<8>>,
    c_acks: DFF<Bits<32>>,
    c_nacks: DFF<Bits<32>>,
    c_probes: DFF<Bits<32>>,
    c_coal: DFF<Bits<32>>,
    c_adrop: DFF<Bits<32>>,
    c_ndrop: DFF<Bits<32>>,
    c_pdrop: DFF<Bits<32>>,
    c_nopeer: DFF<Bits<32>>,
    add_acks: PrefixAdd<32>,
    add_nacks: PrefixAdd<32>,
    add_probes: PrefixAdd<32>,
    add_coal: PrefixAdd<32>,
    add_adrop: PrefixAdd<32>,
    add_ndrop: PrefixAdd<32>,
    add_pdrop: PrefixAdd<32>,
    add_nopeer: PrefixAdd<32>,
}

impl Logic for AckGen {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            clock,
            i_ack,
            i_a_idx,
            i_a_conn,
            i_a_path,
            i_a_sport,
            i_a_base,
            i_a_sack,
            i_a_ecn,
            i_a_tse,
            i_a_csn,
            i_a_rate,
            i_nack,
            i_n_conn,
            i_n_path,
            i_n_sport,
            i_n_reason,
            i_n_psn,
            i_n_csn,
            i_n_detail,
            i_probe,
            i_p_conn,
            i_p_path,
            i_p_sport,
            i_p_seq,
            i_p_ts,
            i_cfg,
            i_c_conn,
            i_c_flags,
            i_c_mac,
            i_c_ip,
            i_c_dport,
            i_c_tci,
            i_c_dscp,
            i_c_rconn,
            l_valid,
            l_kind,
            l_conn,
            l_path,
            l_sport,
            l_a,
            l_n,
            l_p,
            o_valid,
            o_kind,
            o_idx,
            o_dst_mac,
            o_src_mac,
            o_vlan,
            o_vlan_tci,
            o_ipv6,
            o_src_ip,
            o_dst_ip,
            o_dscp,
            o_ttl,
            o_flow_label,
            o_udp_sport,
            o_udp_dport,
            o_opcode,
            o_flags,
            o_path_id,
            o_dst_conn,
            o_path_psn,
            o_csn,
            o_timestamp,
            o_payload_len,
            o_floor_delta,
            o_rkey,
            o_va,
            o_stream,
            o_rsn,
            o_msn,
            o_offset,
            o_msg_len,
            o_imm,
            o_ack_base_psn,
            o_ack_csn_base,
            o_ack_ts_echo,
            o_ack_ecn_count,
            o_ack_rate_hint,
            o_ack_sack,
            o_nack_reason,
            o_nack_psn,
            o_nack_csn,
            o_nack_detail,
            o_probe_seq,
            o_probe_ts,
            run,
            r_as_valid,
            r_as_idx,
            ev,
            c_acks,
            c_nacks,
            c_probes,
            c_coal,
            c_adrop,
            c_ndrop,
            c_pdrop,
            c_nopeer
        );
        self.aq.clock.next = self.clock.val();
        self.nq.clock.next = self.clock.val();
        self.pq.clock.next = self.clock.val();

        // ---- E0: register the inputs
        self.i_ack.d.next = self.res_valid.val()
            & (((self.res_op.val() == bits::<2>(0)) & self.res_ack_now.val())
                | ((self.res_op.val() == bits::<2>(3))
                    & (self.res_ack_now.val() | self.res_unacked.val().any())));
        self.i_a_idx.d.next = self.res_idx.val();
        self.i_a_conn.d.next = self.res_conn.val();
        self.i_a_path.d.next = self.res_path_id.val();
        self.i_a_sport.d.next = self.res_sport.val();
        self.i_a_base.d.next = self.res_base.val();
        self.i_a_sack.d.next = self.res_sack.val();
        self.i_a_ecn.d.next = self.res_ecn_count.val();
        self.i_a_tse.d.next = self.res_ts_echo.val();
        self.i_a_csn.d.next = self.res_csn_base.val();
        self.i_a_rate.d.next = self.rate_hint.val();
        self.i_nack.d.next = self.nack_valid.val();
        self.i_n_conn.d.next = self.nack_conn.val();
        self.i_n_path.d.next = self.nack_path_id.val();
        self.i_n_sport.d.next = self.nack_sport.val();
        self.i_n_reason.d.next = self.nack_reason.val();
        self.i_n_psn.d.next = self.nack_psn.val();
        self.i_n_csn.d.next = self.nack_csn.val();
        self.i_n_detail.d.next = self.nack_detail.val();
        self.i_probe.d.next = self.probe_valid.val();
        self.i_p_conn.d.next = self.probe_conn.val();
        self.i_p_path.d.next = self.probe_path_id.val();
        self.i_p_sport.d.next = self.probe_sport.val();
        self.i_p_seq.d.next = self.probe_seq.val();
        self.i_p_ts.d.next = self.probe_ts.val();
        self.i_cfg.d.next = self.cfg_valid.val();
        self.i_c_conn.d.next = self.cfg_conn.val();
        self.i_c_flags.d.next = self.cfg_flags.val();
        self.i_c_mac.d.next = self.cfg_peer_mac.val();
        self.i_c_ip.d.next = self.cfg_peer_ip.val();
        self.i_c_dport.d.next = self.cfg_udp_dport.val();
        self.i_c_tci.d.next = self.cfg_vlan_tci.val();
        self.i_c_dscp.d.next = self.cfg_dscp.val();
        self.i_c_rconn.d.next = self.cfg_remote_conn.val();

        // ---- selection into L (registers only): NACK > PROBE > ACK
        self.sel_n.next = !self.l_valid.q.val() & self.nq.count.val().any();
        self.sel_p.next =
            !self.l_valid.q.val() & !self.nq.count.val().any() & self.pq.count.val().any();
        self.sel_a.next = !self.l_valid.q.val()
            & !self.nq.count.val().any()
            & !self.pq.count.val().any()
            & self.aq.count.val().any();
        self.nq.pop.next = self.sel_n.val();
        self.pq.pop.next = self.sel_p.val();
        self.aq.pop.next = self.sel_a.val();

        // ---- E1: queue writes
        // ACK queue: coalesce with a queued ACK of the same path (not the
        // head leaving now), else append with room, else drop
        self.a_off0.next = bits::<2>(0) - self.aq.rd.val();
        self.a_off1.next = bits::<2>(1) - self.aq.rd.val();
        self.a_off2.next = bits::<2>(2) - self.aq.rd.val();
        self.a_off3.next = bits::<2>(3) - self.aq.rd.val();
        self.a_m.next = bits::<4>(0);
        if (bit_cast::<3, 2>(self.a_off0.val()) < self.aq.count.val())
            & (self.aq.s0.val().get_bits::<IDX_BITS>(0) == self.i_a_idx.q.val())
            & !(self.sel_a.val() & (self.aq.rd.val() == bits::<2>(0)))
        {
            self.a_m.next = bits::<4>(1);
        }
        if (bit_cast::<3, 2>(self.a_off1.val()) < self.aq.count.val())
            & (self.aq.s1.val().get_bits::<IDX_BITS>(0) == self.i_a_idx.q.val())
            & !(self.sel_a.val() & (self.aq.rd.val() == bits::<2>(1)))
        {
            self.a_m.next = bits::<4>(2);
        }
        if (bit_cast::<3, 2>(self.a_off2.val()) < self.aq.count.val())
            & (self.aq.s2.val().get_bits::<IDX_BITS>(0) == self.i_a_idx.q.val())
            & !(self.sel_a.val() & (self.aq.rd.val() == bits::<2>(2)))
        {
            self.a_m.next = bits::<4>(4);
        }
        if (bit_cast::<3, 2>(self.a_off3.val()) < self.aq.count.val())
            & (self.aq.s3.val().get_bits::<IDX_BITS>(0) == self.i_a_idx.q.val())
            & !(self.sel_a.val() & (self.aq.rd.val() == bits::<2>(3)))
        {
            self.a_m.next = bits::<4>(8);
        }
        self.a_room.next = !self.aq.count.val().get_bit(2) | self.sel_a.val();
        self.n_room.next = !self.nq.count.val().get_bit(2) | self.sel_n.val();
        self.p_room.next = !self.pq.count.val().get_bit(2) | self.sel_p.val();
        self.aq.din.next = bit_cast::<W_ACK, IDX_BITS>(self.i_a_idx.q.val())
            | (bit_cast::<W_ACK, CONN_BITS>(self.i_a_conn.q.val()) << 14)
            | (bit_cast::<W_ACK, 8>(self.i_a_path.q.val()) << 24)
            | (bit_cast::<W_ACK, 16>(self.i_a_sport.q.val()) << 32)
            | (bit_cast::<W_ACK, 32>(self.i_a_base.q.val()) << 48)
            | (bit_cast::<W_ACK, 256>(self.i_a_sack.q.val()) << 80)
            | (bit_cast::<W_ACK, 16>(self.i_a_ecn.q.val()) << 336)
            | (bit_cast::<W_ACK, 32>(self.i_a_tse.q.val()) << 352)
            | (bit_cast::<W_ACK, 32>(self.i_a_csn.q.val()) << 384)
            | (bit_cast::<W_ACK, 16>(self.i_a_rate.q.val()) << 416);
        self.aq.ow_mask.next = bits::<4>(0);
        self.aq.push.next = false;
        if self.i_ack.q.val() {
            if self.a_m.val().any() {
                self.aq.ow_mask.next = self.a_m.val();
            } else {
                self.aq.push.next = self.a_room.val();
            }
        }
        self.nq.din.next = bit_cast::<W_NACK, CONN_BITS>(self.i_n_conn.q.val())
            | (bit_cast::<W_NACK, 8>(self.i_n_path.q.val()) << 10)
            | (bit_cast::<W_NACK, 16>(self.i_n_sport.q.val()) << 18)
            | (bit_cast::<W_NACK, 8>(self.i_n_reason.q.val()) << 34)
            | (bit_cast::<W_NACK, 32>(self.i_n_psn.q.val()) << 42)
            | (bit_cast::<W_NACK, 32>(self.i_n_csn.q.val()) << 74)
            | (bit_cast::<W_NACK, 32>(self.i_n_detail.q.val()) << 106);
        self.nq.ow_mask.next = bits::<4>(0);
        self.nq.push.next = self.i_nack.q.val() & self.n_room.val();
        self.pq.din.next = bit_cast::<W_PROBE, CONN_BITS>(self.i_p_conn.q.val())
            | (bit_cast::<W_PROBE, 8>(self.i_p_path.q.val()) << 10)
            | (bit_cast::<W_PROBE, 16>(self.i_p_sport.q.val()) << 18)
            | (bit_cast::<W_PROBE, 32>(self.i_p_seq.q.val()) << 34)
            | (bit_cast::<W_PROBE, 32>(self.i_p_ts.q.val()) << 66);
        self.pq.ow_mask.next = bits::<4>(0);
        self.pq.push.next = self.i_probe.q.val() & self.p_room.val();

        // ---- peer table: written at E1, read at the address of the entry
        // entering L (or of the entry L holds)
        self.t_flags.read_clock.next = self.clock.val();
        self.t_flags.write_clock.next = self.clock.val();
        self.t_mac.read_clock.next = self.clock.val();
        self.t_mac.write_clock.next = self.clock.val();
        self.t_ip.read_clock.next = self.clock.val();
        self.t_ip.write_clock.next = self.clock.val();
        self.t_dport.read_clock.next = self.clock.val();
        self.t_dport.write_clock.next = self.clock.val();
        self.t_tci.read_clock.next = self.clock.val();
        self.t_tci.write_clock.next = self.clock.val();
        self.t_dscp.read_clock.next = self.clock.val();
        self.t_dscp.write_clock.next = self.clock.val();
        self.t_rconn.read_clock.next = self.clock.val();
        self.t_rconn.write_clock.next = self.clock.val();
        self.t_flags.write_address.next = self.i_c_conn.q.val();
        self.t_mac.write_address.next = self.i_c_conn.q.val();
        self.t_ip.write_address.next = self.i_c_conn.q.val();
        self.t_dport.write_address.next = self.i_c_conn.q.val();
        self.t_tci.write_address.next = self.i_c_conn.q.val();
        self.t_dscp.write_address.next = self.i_c_conn.q.val();
        self.t_rconn.write_address.next = self.i_c_conn.q.val();
        self.t_flags.write_enable.next = self.i_cfg.q.val();
        self.t_mac.write_enable.next = self.i_cfg.q.val();
        self.t_ip.write_enable.next = self.i_cfg.q.val();
        self.t_dport.write_enable.next = self.i_cfg.q.val();
        self.t_tci.write_enable.next = self.i_cfg.q.val();
        self.t_dscp.write_enable.next = self.i_cfg.q.val();
        self.t_rconn.write_enable.next = self.i_cfg.q.val();
        self.t_flags.write_data.next = self.i_c_flags.q.val();
        self.t_mac.write_data.next = self.i_c_mac.q.val();
        self.t_ip.write_data.next = self.i_c_ip.q.val();
        self.t_dport.write_data.next = self.i_c_dport.q.val();
        self.t_tci.write_data.next = self.i_c_tci.q.val();
        self.t_dscp.write_data.next = self.i_c_dscp.q.val();
        self.t_rconn.write_data.next = self.i_c_rconn.q.val();
        if self.sel_n.val() {
            self.raddr.next = self.nq.head.val().get_bits::<CONN_BITS>(0);
        } else if self.sel_p.val() {
            self.raddr.next = self.pq.head.val().get_bits::<CONN_BITS>(0);
        } else if self.sel_a.val() {
            self.raddr.next = self.aq.head.val().get_bits::<CONN_BITS>(14);
        } else {
            self.raddr.next = self.l_conn.q.val();
        }
        self.t_flags.read_address.next = self.raddr.val();
        self.t_mac.read_address.next = self.raddr.val();
        self.t_ip.read_address.next = self.raddr.val();
        self.t_dport.read_address.next = self.raddr.val();
        self.t_tci.read_address.next = self.raddr.val();
        self.t_dscp.read_address.next = self.raddr.val();
        self.t_rconn.read_address.next = self.raddr.val();

        // ---- L: load from the selected queue head
        if self.sel_n.val() | self.sel_p.val() | self.sel_a.val() {
            self.l_valid.d.next = true;
            self.l_conn.d.next = self.raddr.val();
            self.l_a.d.next = self.aq.head.val();
            self.l_n.d.next = self.nq.head.val();
            self.l_p.d.next = self.pq.head.val();
        }
        if self.sel_n.val() {
            self.l_kind.d.next = bits::<2>(2);
            self.l_path.d.next = self.nq.head.val().get_bits::<8>(10);
            self.l_sport.d.next = self.nq.head.val().get_bits::<16>(18);
        } else if self.sel_p.val() {
            self.l_kind.d.next = bits::<2>(3);
            self.l_path.d.next = self.pq.head.val().get_bits::<8>(10);
            self.l_sport.d.next = self.pq.head.val().get_bits::<16>(18);
        } else if self.sel_a.val() {
            self.l_kind.d.next = bits::<2>(1);
            self.l_path.d.next = self.aq.head.val().get_bits::<8>(24);
            self.l_sport.d.next = self.aq.head.val().get_bits::<16>(32);
        }

        // ---- the control descriptor's fields
        self.opr.kind.next = self.l_kind.q.val();
        self.peer_ok.next = self.t_flags.read_data.val().get_bit(0);
        if self.t_flags.read_data.val().get_bit(1) {
            self.c_src_ip.next = self.src_ip6.val();
        } else {
            self.c_src_ip.next = bit_cast::<128, 32>(self.src_ip4.val());
        }
        self.c_ack_base_psn.next = bits::<32>(0);
        self.c_ack_csn_base.next = bits::<32>(0);
        self.c_ack_ts_echo.next = bits::<32>(0);
        self.c_ack_ecn_count.next = bits::<16>(0);
        self.c_ack_rate_hint.next = bits::<16>(0);
        self.c_ack_sack.next = bits::<256>(0);
        self.c_nack_reason.next = bits::<8>(0);
        self.c_nack_psn.next = bits::<32>(0);
        self.c_nack_csn.next = bits::<32>(0);
        self.c_nack_detail.next = bits::<32>(0);
        self.c_probe_seq.next = bits::<32>(0);
        self.c_probe_ts.next = bits::<32>(0);
        if self.l_kind.q.val() == bits::<2>(1) {
            self.c_ack_base_psn.next = self.l_a.q.val().get_bits::<32>(48);
            self.c_ack_sack.next = self.l_a.q.val().get_bits::<256>(80);
            self.c_ack_ecn_count.next = self.l_a.q.val().get_bits::<16>(336);
            self.c_ack_ts_echo.next = self.l_a.q.val().get_bits::<32>(352);
            self.c_ack_csn_base.next = self.l_a.q.val().get_bits::<32>(384);
            self.c_ack_rate_hint.next = self.l_a.q.val().get_bits::<16>(416);
        }
        if self.l_kind.q.val() == bits::<2>(2) {
            self.c_nack_reason.next = self.l_n.q.val().get_bits::<8>(34);
            self.c_nack_psn.next = self.l_n.q.val().get_bits::<32>(42);
            self.c_nack_csn.next = self.l_n.q.val().get_bits::<32>(74);
            self.c_nack_detail.next = self.l_n.q.val().get_bits::<32>(106);
        }
        if self.l_kind.q.val() == bits::<2>(3) {
            self.c_probe_seq.next = self.l_p.q.val().get_bits::<32>(34);
            self.c_probe_ts.next = self.l_p.q.val().get_bits::<32>(66);
        }

        // ---- O: control first, data after CTRL_BURST control in a row
        self.o_acc.next = !self.o_valid.q.val() | self.d_ready.val();
        self.ctl_ok.next = self.l_valid.q.val() & self.peer_ok.val();
        self.ctl_win.next =
            self.ctl_ok.val() & ((self.run.q.val() != bits::<3>(4)) | !self.data_valid.val());
        self.data_ready.next =
            self.o_acc.val() & (!self.ctl_ok.val() | (self.run.q.val() == bits::<3>(4)));
        self.taken.next = self.o_valid.q.val() & self.d_ready.val();
        if self.l_valid.q.val() & !self.peer_ok.val() {
            self.l_valid.d.next = false;
        }
        if self.o_acc.val() {
            if self.ctl_win.val() {
                self.l_valid.d.next = false;
                self.o_valid.d.next = true;
                self.o_kind.d.next = self.l_kind.q.val();
                self.o_idx.d.next = self.l_a.q.val().get_bits::<IDX_BITS>(0);
                if self.run.q.val() != bits::<3>(4) {
                    self.run.d.next = self.run.q.val() + bits::<3>(1);
                }
                self.o_dst_mac.d.next = self.t_mac.read_data.val();
                self.o_src_mac.d.next = self.src_mac.val();
                self.o_vlan.d.next = self.t_flags.read_data.val().get_bit(2);
                self.o_vlan_tci.d.next = self.t_tci.read_data.val();
                self.o_ipv6.d.next = self.t_flags.read_data.val().get_bit(1);
                self.o_src_ip.d.next = self.c_src_ip.val();
                self.o_dst_ip.d.next = self.t_ip.read_data.val();
                self.o_dscp.d.next = self.t_dscp.read_data.val().get_bits::<6>(0);
                self.o_ttl.d.next = self.ttl.val();
                self.o_flow_label.d.next = bit_cast::<20, 16>(self.l_sport.q.val());
                self.o_udp_sport.d.next = self.l_sport.q.val();
                self.o_udp_dport.d.next = self.t_dport.read_data.val();
                self.o_opcode.d.next = self.opr.op.val();
                self.o_flags.d.next = bits::<8>(0);
                self.o_path_id.d.next = self.l_path.q.val();
                self.o_dst_conn.d.next = self.t_rconn.read_data.val();
                self.o_path_psn.d.next = bits::<32>(0);
                self.o_csn.d.next = bits::<32>(0);
                self.o_timestamp.d.next = self.now.val();
                self.o_payload_len.d.next = bits::<16>(0);
                self.o_floor_delta.d.next = bits::<16>(0);
                self.o_rkey.d.next = bits::<32>(0);
                self.o_va.d.next = bits::<64>(0);
                self.o_stream.d.next = bits::<8>(0);
                self.o_rsn.d.next = bits::<24>(0);
                self.o_msn.d.next = bits::<32>(0);
                self.o_offset.d.next = bits::<32>(0);
                self.o_msg_len.d.next = bits::<32>(0);
                self.o_imm.d.next = bits::<32>(0);
                self.o_ack_base_psn.d.next = self.c_ack_base_psn.val();
                self.o_ack_csn_base.d.next = self.c_ack_csn_base.val();
                self.o_ack_ts_echo.d.next = self.c_ack_ts_echo.val();
                self.o_ack_ecn_count.d.next = self.c_ack_ecn_count.val();
                self.o_ack_rate_hint.d.next = self.c_ack_rate_hint.val();
                self.o_ack_sack.d.next = self.c_ack_sack.val();
                self.o_nack_reason.d.next = self.c_nack_reason.val();
                self.o_nack_psn.d.next = self.c_nack_psn.val();
                self.o_nack_csn.d.next = self.c_nack_csn.val();
                self.o_nack_detail.d.next = self.c_nack_detail.val();
                self.o_probe_seq.d.next = self.c_probe_seq.val();
                self.o_probe_ts.d.next = self.c_probe_ts.val();
            } else if self.data_valid.val() {
                self.o_valid.d.next = true;
                self.o_kind.d.next = bits::<2>(0);
                self.run.d.next = bits::<3>(0);
                self.o_dst_mac.d.next = self.data_dst_mac.val();
                self.o_src_mac.d.next = self.data_src_mac.val();
                self.o_vlan.d.next = self.data_vlan.val();
                self.o_vlan_tci.d.next = self.data_vlan_tci.val();
                self.o_ipv6.d.next = self.data_ipv6.val();
                self.o_src_ip.d.next = self.data_src_ip.val();
                self.o_dst_ip.d.next = self.data_dst_ip.val();
                self.o_dscp.d.next = self.data_dscp.val();
                self.o_ttl.d.next = self.data_ttl.val();
                self.o_flow_label.d.next = self.data_flow_label.val();
                self.o_udp_sport.d.next = self.data_udp_sport.val();
                self.o_udp_dport.d.next = self.data_udp_dport.val();
                self.o_opcode.d.next = self.data_opcode.val();
                self.o_flags.d.next = self.data_flags.val();
                self.o_path_id.d.next = self.data_path_id.val();
                self.o_dst_conn.d.next = self.data_dst_conn.val();
                self.o_path_psn.d.next = self.data_path_psn.val();
                self.o_csn.d.next = self.data_csn.val();
                self.o_timestamp.d.next = self.data_timestamp.val();
                self.o_payload_len.d.next = self.data_payload_len.val();
                self.o_floor_delta.d.next = self.data_floor_delta.val();
                self.o_rkey.d.next = self.data_rkey.val();
                self.o_va.d.next = self.data_va.val();
                self.o_stream.d.next = self.data_stream.val();
                self.o_rsn.d.next = self.data_rsn.val();
                self.o_msn.d.next = self.data_msn.val();
                self.o_offset.d.next = self.data_offset.val();
                self.o_msg_len.d.next = self.data_msg_len.val();
                self.o_imm.d.next = self.data_imm.val();
                self.o_ack_base_psn.d.next = self.data_ack_base_psn.val();
                self.o_ack_csn_base.d.next = self.data_ack_csn_base.val();
                self.o_ack_ts_echo.d.next = self.data_ack_ts_echo.val();
                self.o_ack_ecn_count.d.next = self.data_ack_ecn_count.val();
                self.o_ack_rate_hint.d.next = self.data_ack_rate_hint.val();
                self.o_ack_sack.d.next = self.data_ack_sack.val();
                self.o_nack_reason.d.next = self.data_nack_reason.val();
                self.o_nack_psn.d.next = self.data_nack_psn.val();
                self.o_nack_csn.d.next = self.data_nack_csn.val();
                self.o_nack_detail.d.next = self.data_nack_detail.val();
                self.o_probe_seq.d.next = self.data_probe_seq.val();
                self.o_probe_ts.d.next = self.data_probe_ts.val();
            } else {
                self.o_valid.d.next = false;
            }
        }
        self.d_valid.next = self.o_valid.q.val();
        self.d_dst_mac.next = self.o_dst_mac.q.val();
        self.d_src_mac.next = self.o_src_mac.q.val();
        self.d_vlan.next = self.o_vlan.q.val();
        self.d_vlan_tci.next = self.o_vlan_tci.q.val();
        self.d_ipv6.next = self.o_ipv6.q.val();
        self.d_src_ip.next = self.o_src_ip.q.val();
        self.d_dst_ip.next = self.o_dst_ip.q.val();
        self.d_dscp.next = self.o_dscp.q.val();
        self.d_ttl.next = self.o_ttl.q.val();
        self.d_flow_label.next = self.o_flow_label.q.val();
        self.d_udp_sport.next = self.o_udp_sport.q.val();
        self.d_udp_dport.next = self.o_udp_dport.q.val();
        self.d_opcode.next = self.o_opcode.q.val();
        self.d_flags.next = self.o_flags.q.val();
        self.d_path_id.next = self.o_path_id.q.val();
        self.d_dst_conn.next = self.o_dst_conn.q.val();
        self.d_path_psn.next = self.o_path_psn.q.val();
        self.d_csn.next = self.o_csn.q.val();
        self.d_timestamp.next = self.o_timestamp.q.val();
        self.d_payload_len.next = self.o_payload_len.q.val();
        self.d_floor_delta.next = self.o_floor_delta.q.val();
        self.d_rkey.next = self.o_rkey.q.val();
        self.d_va.next = self.o_va.q.val();
        self.d_stream.next = self.o_stream.q.val();
        self.d_rsn.next = self.o_rsn.q.val();
        self.d_msn.next = self.o_msn.q.val();
        self.d_offset.next = self.o_offset.q.val();
        self.d_msg_len.next = self.o_msg_len.q.val();
        self.d_imm.next = self.o_imm.q.val();
        self.d_ack_base_psn.next = self.o_ack_base_psn.q.val();
        self.d_ack_csn_base.next = self.o_ack_csn_base.q.val();
        self.d_ack_ts_echo.next = self.o_ack_ts_echo.q.val();
        self.d_ack_ecn_count.next = self.o_ack_ecn_count.q.val();
        self.d_ack_rate_hint.next = self.o_ack_rate_hint.q.val();
        self.d_ack_sack.next = self.o_ack_sack.q.val();
        self.d_nack_reason.next = self.o_nack_reason.q.val();
        self.d_nack_psn.next = self.o_nack_psn.q.val();
        self.d_nack_csn.next = self.o_nack_csn.q.val();
        self.d_nack_detail.next = self.o_nack_detail.q.val();
        self.d_probe_seq.next = self.o_probe_seq.q.val();
        self.d_probe_ts.next = self.o_probe_ts.q.val();

        // ---- ack_sent and counters
        self.r_as_valid.d.next = self.taken.val() & (self.o_kind.q.val() == bits::<2>(1));
        if self.taken.val() & (self.o_kind.q.val() == bits::<2>(1)) {
            self.r_as_idx.d.next = self.o_idx.q.val();
        }
        self.as_valid.next = self.r_as_valid.q.val();
        self.as_idx.next = self.r_as_idx.q.val();
        // events are registered, the counters add them one clock later
        self.ev_n.next = bits::<8>(0);
        if self.taken.val() & (self.o_kind.q.val() == bits::<2>(1)) {
            self.ev_n.next = self.ev_n.val() | bits::<8>(1);
        }
        if self.taken.val() & (self.o_kind.q.val() == bits::<2>(2)) {
            self.ev_n.next = self.ev_n.val() | bits::<8>(2);
        }
        if self.taken.val() & (self.o_kind.q.val() == bits::<2>(3)) {
            self.ev_n.next = self.ev_n.val() | bits::<8>(4);
        }
        if self.i_ack.q.val() & self.a_m.val().any() {
            self.ev_n.next = self.ev_n.val() | bits::<8>(8);
        }
        if self.i_ack.q.val() & !self.a_m.val().any() & !self.a_room.val() {
            self.ev_n.next = self.ev_n.val() | bits::<8>(16);
        }
        if self.i_nack.q.val() & !self.n_room.val() {
            self.ev_n.next = self.ev_n.val() | bits::<8>(32);
        }
        if self.i_probe.q.val() & !self.p_room.val() {
            self.ev_n.next = self.ev_n.val() | bits::<8>(64);
        }
        if self.l_valid.q.val() & !self.peer_ok.val() {
            self.ev_n.next = self.ev_n.val() | bits::<8>(128);
        }
        self.ev.d.next = self.ev_n.val();
        self.add_acks.a.next = self.c_acks.q.val();
        self.add_acks.b.next = bits::<32>(0);
        self.add_acks.cin.next = self.ev.q.val().get_bit(0);
        self.c_acks.d.next = self.add_acks.sum.val();
        self.add_nacks.a.next = self.c_nacks.q.val();
        self.add_nacks.b.next = bits::<32>(0);
        self.add_nacks.cin.next = self.ev.q.val().get_bit(1);
        self.c_nacks.d.next = self.add_nacks.sum.val();
        self.add_probes.a.next = self.c_probes.q.val();
        self.add_probes.b.next = bits::<32>(0);
        self.add_probes.cin.next = self.ev.q.val().get_bit(2);
        self.c_probes.d.next = self.add_probes.sum.val();
        self.add_coal.a.next = self.c_coal.q.val();
        self.add_coal.b.next = bits::<32>(0);
        self.add_coal.cin.next = self.ev.q.val().get_bit(3);
        self.c_coal.d.next = self.add_coal.sum.val();
        self.add_adrop.a.next = self.c_adrop.q.val();
        self.add_adrop.b.next = bits::<32>(0);
        self.add_adrop.cin.next = self.ev.q.val().get_bit(4);
        self.c_adrop.d.next = self.add_adrop.sum.val();
        self.add_ndrop.a.next = self.c_ndrop.q.val();
        self.add_ndrop.b.next = bits::<32>(0);
        self.add_ndrop.cin.next = self.ev.q.val().get_bit(5);
        self.c_ndrop.d.next = self.add_ndrop.sum.val();
        self.add_pdrop.a.next = self.c_pdrop.q.val();
        self.add_pdrop.b.next = bits::<32>(0);
        self.add_pdrop.cin.next = self.ev.q.val().get_bit(6);
        self.c_pdrop.d.next = self.add_pdrop.sum.val();
        self.add_nopeer.a.next = self.c_nopeer.q.val();
        self.add_nopeer.b.next = bits::<32>(0);
        self.add_nopeer.cin.next = self.ev.q.val().get_bit(7);
        self.c_nopeer.d.next = self.add_nopeer.sum.val();
        self.cnt_acks.next = self.c_acks.q.val();
        self.cnt_nacks.next = self.c_nacks.q.val();
        self.cnt_probe_replies.next = self.c_probes.q.val();
        self.cnt_ack_coalesced.next = self.c_coal.q.val();
        self.cnt_ack_drops.next = self.c_adrop.q.val();
        self.cnt_nack_drops.next = self.c_ndrop.q.val();
        self.cnt_probe_drops.next = self.c_pdrop.q.val();
        self.cnt_no_peer.next = self.c_nopeer.q.val();
    }
}
