//! Command processor: runs the `CMD` mailbox of `reg_block` (braid-spec
//! `host::COMMANDS`, arguments `host::CMD_ARGS`) and holds the connection
//! table both packet paths read.
//!
//! # Behaviour (normative; `braid_model::CmdProcModel` is the bit- and
//! cycle-exact reference)
//!
//! ## Sizes
//!
//! `CmdProc<CB, PB, PI, QB, MI>`: `2^CB` connections, `2^PB` paths per
//! connection (path index `conn << PB | path`, `PI = CB + PB` bits), `2^QB`
//! completion queues, `msg_tracker` indices `conn << 2 | stream` of
//! `MI = CB + 2` bits, 4,096 memory regions (`mr_check`), `MAX_STREAMS` = 4
//! streams. `cmd_proc`: CB 10, PB 4, QB 10 (16,384 paths); `cmd_proc_tiny`:
//! CB 4, PB 2, QB 4 (64 paths).
//!
//! ## Command sequencing
//!
//! `cmd_valid` (one clock, from `reg_block`, only while no command runs)
//! latches `cmd_opcode` and `cmd_args`. A command then runs through these
//! clocks (state `st`): `R1` (argument checks that need no table, the low
//! half of `iova + length`; the connection record is read), `R2` (the high
//! half; the CQ record is read: `CREATE_CONN`'s ARG7 cq, `DESTROY_CONN`'s
//! record cq, else ARG0), `R3` (the overflow flag), `CHK` (the error code),
//! `DEC` (the decision: a refused command, `NOP` and an accepted one with no
//! operations go to `FIN`; `DESTROY_CONN` clears the connection record here,
//! first, so the receive gate closes before any other operation), `SQ`
//! (`CREATE_CONN` only: the `sq` CREATE is issued and its result awaited
//! before anything else), `ISSUE` (every port group issues its operations
//! in parallel, each as fast as its `ready` allows; left when every group
//! is done, no `sq` result is awaited and the destroy drain is over), `FIN`
//! (the records are written, `cmd_done` and `cmd_error` show for one clock
//! after this edge). An accepted command without operations (`NOP`) takes 6
//! clocks from the edge that took `cmd_valid` to the edge after which
//! `cmd_done` shows; a refused one the same.
//!
//! Checks, in this order (the first failing one gives the code):
//!
//! | Command | `BAD_INDEX` | `BUSY` | `BAD_ARGUMENT` |
//! |---|---|---|---|
//! | `REG_MR` | index >= 4,096 | | key[19:8] != index, access >= 8, length 0, iova + length > 2^64 |
//! | `DEREG_MR` | index >= 4,096 | | |
//! | `CREATE_CQ` | cq >= CQs | created | log2 outside 1..=15, iova not 32-byte aligned |
//! | `DESTROY_CQ` | cq >= CQs or not created | used by a connection | |
//! | `CREATE_CONN` | conn >= connections | valid | send or receive log2 outside 1..=15, send iova not 64-byte aligned, receive iova not 32-byte aligned, streams outside 1..=4, paths outside 1..=2^PB, cq >= CQs or not created; the `sq` CREATE refused |
//! | `SET_PEER` | conn >= connections or not valid | | |
//! | `DESTROY_CONN` | conn >= connections or not valid | | |
//!
//! Other opcodes: `BAD_COMMAND`. A refused command issues no operation and
//! writes no record.
//!
//! `CREATE_CONN` and a refused `sq` CREATE: the `sq` CREATE goes first and
//! alone (state `SQ`); when `sq_res_refused` comes back the command ends with
//! `BAD_ARGUMENT` and nothing else was issued (wqe_fetch left its context
//! untouched), so no half-created connection exists. `wqe_fetch` checks the
//! same alignment and log2 range as this block, so a refusal does not happen
//! in practice.
//!
//! ## Operations per command (one port group per target)
//!
//! | Command | Operations |
//! |---|---|
//! | `REG_MR` | `mr` write (entry valid, key, pd, access[2:0], base = iova, end = iova + length) |
//! | `DEREG_MR` | `mr` write with `mr_entry_valid` 0 (other fields 0) |
//! | `CREATE_CQ` / `DESTROY_CQ` | `cq` `OP_CREATE` (iova, log2) / `OP_DESTROY` |
//! | `CREATE_CONN` | `sq` CREATE (awaited); then in parallel `seg` INIT, `tc` CREATE (csn 0, cq; after the record fence, below), `dd` INIT (csn 0), `mt` INIT per stream (index conn << 2 \| stream, msn 0), `rp`/`tp`/`cc` INIT per path (psn 0), `sp` INIT (paths - 1, open mask of `paths` bits, suspect mask cleared, rate hint 0), `rq` CREATE per stream |
//! | `SET_PEER` | `ag` entry (flags valid, peer MAC, ::ffff:IPv4, dport, peer conn) |
//! | `DESTROY_CONN` | record cleared first; then in parallel `sq` DESTROY (result awaited), `seg` FLUSH, `tc` FLUSH, `tp` INIT per path, `tw` DISARM per path into both wheels (`tw_sel` 0 then 1 for each path), `sp` mask closed (open 0, no INIT), `ag` entry invalid (all 0), `rq` DESTROY per stream |
//!
//! Records: `CREATE_CONN` writes the connection record (valid, pd, cq,
//! streams, paths; peer not set) and the CQ's use count + 1 in `FIN`;
//! `SET_PEER` writes the peer fields (peer set) in `FIN` (the local IPv4,
//! ARG4, is not kept: the engine's source address is a global level);
//! `DESTROY_CONN` clears the record in `DEC` and the CQ's use count - 1 in
//! `FIN`; `CREATE_CQ` / `DESTROY_CQ` write the CQ record (created, count 0)
//! in `FIN`.
//!
//! ## Port groups
//!
//! Each group `X` has `X_valid` (out, a function of registers only: it
//! never waits for `X_ready`) and `X_ready` (in); an operation is taken at
//! an edge with both high. Every field is 0 while `X_valid` is 0. For the
//! targets whose port is valid-only and shared with the data path
//! (`dd` dedup_table, `mt` msg_tracker init, `rp` rx_path_table, `cc`
//! path_cc, `sp` the sprayer's op/mask/rate ports, `mr`, `ag`) `X_ready`
//! is the top's grant: the top gives the port to this block on that clock
//! (holding the data path), and wires `X_valid & X_ready` into the target's
//! valid. For `cq` (cq_writer, through the completion merge), `sq`
//! (wqe_fetch `cmd_*`), `tc` (tx_compl `op_*`), `tp` (tx_path_table),
//! `tw` (timer wheels) `X_ready` is the target's ready (for `tw`:
//! `tw_sel ? ack_wheel.op_ready : rto_wheel.op_ready`). Fields are named
//! and sized as the target's ports; `seg` (segmenter INIT 0 / FLUSH 1) goes
//! to the segmenter and `rq` (receive-queue contexts: CREATE 0 / DESTROY 1,
//! conn, stream, `rq_iova` = base of the connection's rings, ring `s` at
//! `rq_iova + s * 2^rq_log2 * 32`, `rq_log2`) to `rq_fetch`.
//!
//! ## sq results and the destroy drain
//!
//! `sq_res_valid`/`sq_res_refused`: the result of the `sq` operation (the
//! top passes wqe_fetch results of CREATE/DESTROY only); ignored unless one
//! is awaited. `sq_rd_issue` (a wqe_fetch read request accepted) and
//! `sq_rd_done` (its last response beat) count the reads outstanding
//! (a done with none outstanding is ignored). `DESTROY_CONN` takes, at the
//! edge of its `sq` DESTROY result, the reads outstanding after that edge
//! (reads return in order, so these are every read issued before the
//! destroy took effect) and stays in `ISSUE` until that many `sq_rd_done`
//! have come, then `DRAIN_TAIL` = 8 more clocks (wqe_fetch's parse and
//! output register after the response beat, and the segmenter's WQE input),
//! then `FIN`.
//!
//! ## The record fence
//!
//! A connection destroyed and created again at once must not receive the
//! completion records of its earlier incarnation: the segmenter's records
//! reach `tx_compl` through a FIFO in the top, so one emitted before the
//! segmenter's INIT could otherwise arrive after `tx_compl`'s CREATE and
//! land in the new ring (stalling it behind a CSN the new connection never
//! sends, then completing with a stranger's `wr_id`). `cm_emit` (the
//! segmenter's `cm_valid`) and `cm_take` (`tx_compl` took a segmenter
//! record) count the records between the two blocks (`cmo`, 8 bits; a take
//! with none counted is ignored). `CREATE_CONN` offers `seg` INIT with the
//! other groups but holds `tc` CREATE: after the edge that takes the INIT,
//! the first clock with `seg_ready` high (the segmenter's hold is empty, so
//! the INIT was selected: every earlier operation of the connection has
//! passed S3 and emitted its record, and the INIT dropped the WQEs still
//! buffered) takes the count including that clock (`cwn`); `tc` CREATE is
//! offered once that many takes have come (FIFO order: every record of the
//! old incarnation has then reached `tx_compl`, and the CREATE empties the
//! ring they are in). The wait is bounded by the FIFO's depth.
//!
//! ## Lookups (II = 1 each, latency 1)
//!
//! Receive: `rl_valid`, `rl_conn` (24 bits, the header's `dst_conn`),
//! `rl_tag` taken at edge t; after edge t (the RAM's registered read, so
//! the result shows in the clock after the request) `rr_valid`, `rr_ok` (conn < 2^CB and
//! valid), `rr_pd`, `rr_streams`, `rr_paths` (0 unless ok), `rr_tag`.
//! Transmit: `tl_valid`, `tl_conn`, `tl_tag` taken at edge t; after edge t
//! `tr_valid`, `tr_ok` (valid and peer set), `tr_peer_mac` (first wire byte
//! in 47:40), `tr_peer_ip4`, `tr_sport` (source port base), `tr_dport`,
//! `tr_peer_conn` (0 unless ok), `tr_tag` (0 unless valid). A record
//! written at edge t is
//! seen by a lookup taken at edge t+1 (read-first RAM: one taken at edge t
//! sees the old record).
//!
//! ## Rates and how the top wires it
//!
//! Commands are sequential (`reg_block` allows one at a time); each group
//! issues at most one operation per clock, all groups in parallel, so a
//! `CREATE_CONN` of 16 paths and 4 streams takes about 6 + sq round trip +
//! 16 clocks + 2 with every ready high, a `DESTROY_CONN` 32 clocks of `tw`
//! plus the drain. The lookup ports are independent of the sequencer and
//! take one request per clock each. The top: `cmd_*` to `reg_block`; each
//! group as above (a grant on the valid-only shared ports); `tw` to both
//! wheels by `tw_sel`; `sp` to the sprayer's `op_*` (INIT, valid =
//! `sp_valid & sp_ready & sp_init`), `mk_*` (every `sp` operation) and
//! `rt_*` (with `sp_init`); `ag_conn`, `tl_conn` and `sp_conn` are `CB`
//! bits (zero-extend to ack_gen's 10); `rr_*` gates the receive path
//! (`NO_CONN` drop) and gives `mr_check` its `req_pd`; `tr_*` feeds the
//! data-frame header (source port = `tr_sport` + path).
//!
//! ## Counters (wrap at 2^32, after the `FIN` edge)
//!
//! `cnt_cmds` (commands completed), `cnt_bad_command`, `cnt_bad_index`,
//! `cnt_busy`, `cnt_bad_argument`.

use braid_spec::host::{self, cmd, cmd_arg};
use rust_hdl::prelude::*;

/// Connection index bits of the default build (1,024 connections).
pub const CP_CB_FULL: usize = 10;
/// Path bits per connection of the default build (16 paths).
pub const CP_PB_FULL: usize = 4;
/// Completion-queue index bits of the default build (1,024 CQs).
pub const CP_QB_FULL: usize = 10;
/// Connection index bits of the tiny build (16 connections).
pub const CP_CB_TINY: usize = 4;
/// Path bits per connection of the tiny build (4 paths, 64 in all).
pub const CP_PB_TINY: usize = 2;
/// Completion-queue index bits of the tiny build (16 CQs).
pub const CP_QB_TINY: usize = 4;
// The `mr_*` port's index is `mr_check`'s (literal 12 below: a named
// constant inside `#[hdl_gen]` would not reach the Verilog).
const _: () = assert!(crate::mr_check::MR_INDEX_BITS == 12);
/// Clocks after the last awaited read response before `DESTROY_CONN` ends.
pub const DRAIN_TAIL: u64 = 8;

/// States (`st`).
pub const ST_IDLE: u64 = 0;
/// First read clock.
pub const ST_R1: u64 = 1;
/// Second read clock.
pub const ST_R2: u64 = 2;
/// Third read clock.
pub const ST_R3: u64 = 3;
/// Error code.
pub const ST_CHK: u64 = 4;
/// Decision.
pub const ST_DEC: u64 = 5;
/// `CREATE_CONN`'s `sq` CREATE.
pub const ST_SQ: u64 = 6;
/// Operations.
pub const ST_ISSUE: u64 = 7;
/// Records, `cmd_done`.
pub const ST_FIN: u64 = 8;

// argument positions used as literals in the RTL
const _: () = assert!(cmd_arg::REG_MR_INDEX.bit() == 0 && cmd_arg::REG_MR_IOVA.bit() == 32);
const _: () = assert!(cmd_arg::REG_MR_LENGTH.bit() == 96 && cmd_arg::REG_MR_KEY.bit() == 160);
const _: () = assert!(cmd_arg::REG_MR_PD.bit() == 192 && cmd_arg::REG_MR_ACCESS.bit() == 224);
const _: () = assert!(cmd_arg::CREATE_CQ_IOVA.bit() == 32 && cmd_arg::CREATE_CQ_LOG2.bit() == 96);
const _: () = assert!(cmd_arg::CREATE_CONN_SQ_IOVA.bit() == 32);
const _: () =
    assert!(cmd_arg::CREATE_CONN_SQ_LOG2.bit() == 96 && cmd_arg::CREATE_CONN_PD.bit() == 112);
const _: () = assert!(cmd_arg::CREATE_CONN_RQ_IOVA.bit() == 128);
const _: () = assert!(cmd_arg::CREATE_CONN_RQ_LOG2.bit() == 192);
const _: () =
    assert!(cmd_arg::CREATE_CONN_STREAMS.bit() == 200 && cmd_arg::CREATE_CONN_PATHS.bit() == 208);
const _: () = assert!(cmd_arg::CREATE_CONN_CQ.bit() == 224);
const _: () =
    assert!(cmd_arg::SET_PEER_PEER_MAC.bit() == 32 && cmd_arg::SET_PEER_PEER_IP4.bit() == 96);
const _: () =
    assert!(cmd_arg::SET_PEER_SPORT_BASE.bit() == 160 && cmd_arg::SET_PEER_DPORT.bit() == 192);
const _: () =
    assert!(cmd_arg::SET_PEER_PEER_CONN.bit() == 224 && cmd_arg::SET_PEER_PEER_CONN.bits == 24);
const _: () = assert!(host::RING_LOG2_MIN == 1 && host::RING_LOG2_MAX == 15);
const _: () = assert!(host::SQ_ALIGN == 64 && host::RQ_ALIGN == 32 && host::CQ_ALIGN == 32);
const _: () = assert!(braid_spec::state::MAX_STREAMS == 4);
const _: () = assert!(
    cmd::NOP == 0
        && cmd::REG_MR == 1
        && cmd::DEREG_MR == 2
        && cmd::CREATE_CQ == 3
        && cmd::DESTROY_CQ == 4
        && cmd::CREATE_CONN == 5
        && cmd::SET_PEER == 6
        && cmd::DESTROY_CONN == 7
);
const _: () = assert!(
    cmd::OK == 0
        && cmd::BAD_COMMAND == 1
        && cmd::BAD_INDEX == 2
        && cmd::BUSY == 3
        && cmd::BAD_ARGUMENT == 4
);

/// Command processor with `2^CB` connections x `2^PB` paths (`PI = CB + PB`)
/// and `2^QB` completion queues.
#[derive(LogicBlock)]
pub struct CmdProc<
    const CB: usize,
    const PB: usize,
    const PI: usize,
    const QB: usize,
    const MI: usize,
> {
    /// Engine clock.
    pub clock: Signal<In, Clock>,
    /// A command was written (one clock; `reg_block.cmd_valid`).
    pub cmd_valid: Signal<In, Bit>,
    /// `CMD.opcode`.
    pub cmd_opcode: Signal<In, Bits<8>>,
    /// `CMD_ARG0..7` (ARG0 in 31:0).
    pub cmd_args: Signal<In, Bits<256>>,
    /// The command finished (one clock; `reg_block.cmd_done`).
    pub cmd_done: Signal<Out, Bit>,
    /// Its `CMD_STATUS.error` (with `cmd_done`, else 0).
    pub cmd_error: Signal<Out, Bits<8>>,
    /// `mr_check` table write offered.
    pub mr_valid: Signal<Out, Bit>,
    /// Grant.
    pub mr_ready: Signal<In, Bit>,
    /// `wr_index`.
    pub mr_index: Signal<Out, Bits<12>>,
    /// `wr_entry_valid`.
    pub mr_entry_valid: Signal<Out, Bit>,
    /// `wr_key`.
    pub mr_key: Signal<Out, Bits<32>>,
    /// `wr_pd`.
    pub mr_pd: Signal<Out, Bits<16>>,
    /// `wr_access`.
    pub mr_access: Signal<Out, Bits<3>>,
    /// `wr_base`.
    pub mr_base: Signal<Out, Bits<64>>,
    /// `wr_end` (exclusive).
    pub mr_end: Signal<Out, Bits<64>>,
    /// `cq_writer` operation offered.
    pub cq_valid: Signal<Out, Bit>,
    /// `cq_writer` (merge) ready.
    pub cq_ready: Signal<In, Bit>,
    /// `op` (1 CREATE, 3 DESTROY).
    pub cq_op: Signal<Out, Bits<2>>,
    /// `cq`.
    pub cq_cq: Signal<Out, Bits<QB>>,
    /// `arg_iova`.
    pub cq_iova: Signal<Out, Bits<64>>,
    /// `arg_log2`.
    pub cq_log2: Signal<Out, Bits<4>>,
    /// `wqe_fetch` command offered.
    pub sq_valid: Signal<Out, Bit>,
    /// `wqe_fetch.cmd_ready`.
    pub sq_ready: Signal<In, Bit>,
    /// `cmd_op` (0 CREATE, 1 DESTROY).
    pub sq_op: Signal<Out, Bit>,
    /// `cmd_conn`.
    pub sq_conn: Signal<Out, Bits<CB>>,
    /// `cmd_iova`.
    pub sq_iova: Signal<Out, Bits<64>>,
    /// `cmd_log2`.
    pub sq_log2: Signal<Out, Bits<8>>,
    /// A wqe_fetch CREATE/DESTROY result.
    pub sq_res_valid: Signal<In, Bit>,
    /// It was refused.
    pub sq_res_refused: Signal<In, Bit>,
    /// A wqe_fetch read request was accepted.
    pub sq_rd_issue: Signal<In, Bit>,
    /// The last response beat of a wqe_fetch read.
    pub sq_rd_done: Signal<In, Bit>,
    /// The segmenter emitted a completion record (`cm_valid`).
    pub cm_emit: Signal<In, Bit>,
    /// `tx_compl` took a segmenter record (the top's record FIFO popped).
    pub cm_take: Signal<In, Bit>,
    /// Segmenter operation offered.
    pub seg_valid: Signal<Out, Bit>,
    /// Ready.
    pub seg_ready: Signal<In, Bit>,
    /// 0 INIT, 1 FLUSH.
    pub seg_op: Signal<Out, Bit>,
    /// Connection.
    pub seg_conn: Signal<Out, Bits<CB>>,
    /// `tx_compl` operation offered.
    pub tc_valid: Signal<Out, Bit>,
    /// `tx_compl.op_ready`.
    pub tc_ready: Signal<In, Bit>,
    /// `op` (2 CREATE, 3 FLUSH).
    pub tc_op: Signal<Out, Bits<2>>,
    /// `op_conn`.
    pub tc_conn: Signal<Out, Bits<CB>>,
    /// `op_csn` (0).
    pub tc_csn: Signal<Out, Bits<32>>,
    /// `op_cq`.
    pub tc_cq: Signal<Out, Bits<QB>>,
    /// `dedup_table` INIT offered.
    pub dd_valid: Signal<Out, Bit>,
    /// Grant.
    pub dd_ready: Signal<In, Bit>,
    /// `op` (1 INIT).
    pub dd_op: Signal<Out, Bits<2>>,
    /// `conn`.
    pub dd_conn: Signal<Out, Bits<CB>>,
    /// `csn` (0).
    pub dd_csn: Signal<Out, Bits<32>>,
    /// `msg_tracker` INIT offered.
    pub mt_valid: Signal<Out, Bit>,
    /// Grant.
    pub mt_ready: Signal<In, Bit>,
    /// `init_index` (conn << 2 | stream).
    pub mt_index: Signal<Out, Bits<MI>>,
    /// `init_msn` (0).
    pub mt_msn: Signal<Out, Bits<32>>,
    /// `rx_path_table` INIT offered.
    pub rp_valid: Signal<Out, Bit>,
    /// Grant.
    pub rp_ready: Signal<In, Bit>,
    /// `op` (1 INIT).
    pub rp_op: Signal<Out, Bits<2>>,
    /// `idx`.
    pub rp_idx: Signal<Out, Bits<PI>>,
    /// `psn` (0).
    pub rp_psn: Signal<Out, Bits<32>>,
    /// `tx_path_table` INIT offered.
    pub tp_valid: Signal<Out, Bit>,
    /// `tx_path_table.op_ready`.
    pub tp_ready: Signal<In, Bit>,
    /// `op` (1 INIT).
    pub tp_op: Signal<Out, Bits<3>>,
    /// `idx`.
    pub tp_idx: Signal<Out, Bits<PI>>,
    /// `psn` (0).
    pub tp_psn: Signal<Out, Bits<32>>,
    /// `path_cc` init offered.
    pub cc_valid: Signal<Out, Bit>,
    /// Grant.
    pub cc_ready: Signal<In, Bit>,
    /// `ev_kind` (1 init).
    pub cc_kind: Signal<Out, Bits<3>>,
    /// `idx`.
    pub cc_idx: Signal<Out, Bits<PI>>,
    /// Timer-wheel DISARM offered.
    pub tw_valid: Signal<Out, Bit>,
    /// The selected wheel's `op_ready`.
    pub tw_ready: Signal<In, Bit>,
    /// `op_kind` (2 DISARM).
    pub tw_kind: Signal<Out, Bits<2>>,
    /// `op_path`.
    pub tw_path: Signal<Out, Bits<PI>>,
    /// Wheel: 0 RTO, 1 ACK coalescing.
    pub tw_sel: Signal<Out, Bit>,
    /// Sprayer operation offered (mask write, with INIT and rate when `sp_init`).
    pub sp_valid: Signal<Out, Bit>,
    /// Grant.
    pub sp_ready: Signal<In, Bit>,
    /// Also `op_valid` (INIT) and `rt_valid`.
    pub sp_init: Signal<Out, Bit>,
    /// `op_conn` / `mk_conn` / `rt_conn`.
    pub sp_conn: Signal<Out, Bits<CB>>,
    /// `op_paths_m1`.
    pub sp_paths_m1: Signal<Out, Bits<4>>,
    /// `mk_open_en`.
    pub sp_open_en: Signal<Out, Bits<16>>,
    /// `mk_open_val`.
    pub sp_open_val: Signal<Out, Bits<16>>,
    /// `mk_susp_en`.
    pub sp_susp_en: Signal<Out, Bits<16>>,
    /// `mk_susp_val` (0).
    pub sp_susp_val: Signal<Out, Bits<16>>,
    /// `rt_hint` (0: unpaced).
    pub sp_hint: Signal<Out, Bits<16>>,
    /// `ack_gen` peer entry offered.
    pub ag_valid: Signal<Out, Bit>,
    /// Grant.
    pub ag_ready: Signal<In, Bit>,
    /// `cfg_conn`.
    pub ag_conn: Signal<Out, Bits<CB>>,
    /// `cfg_flags` (bit0 valid).
    pub ag_flags: Signal<Out, Bits<8>>,
    /// `cfg_peer_mac` (first wire byte in 47:40).
    pub ag_peer_mac: Signal<Out, Bits<48>>,
    /// `cfg_peer_ip` (::ffff:IPv4).
    pub ag_peer_ip: Signal<Out, Bits<128>>,
    /// `cfg_udp_dport`.
    pub ag_udp_dport: Signal<Out, Bits<16>>,
    /// `cfg_vlan_tci` (0).
    pub ag_vlan_tci: Signal<Out, Bits<16>>,
    /// `cfg_dscp` (0).
    pub ag_dscp: Signal<Out, Bits<8>>,
    /// `cfg_remote_conn`.
    pub ag_remote_conn: Signal<Out, Bits<24>>,
    /// Receive-queue context operation offered.
    pub rq_valid: Signal<Out, Bit>,
    /// Ready.
    pub rq_ready: Signal<In, Bit>,
    /// 0 CREATE, 1 DESTROY.
    pub rq_op: Signal<Out, Bit>,
    /// Connection.
    pub rq_conn: Signal<Out, Bits<CB>>,
    /// Stream.
    pub rq_stream: Signal<Out, Bits<2>>,
    /// Base of the connection's receive rings (ring s at + s * 2^log2 * 32).
    pub rq_iova: Signal<Out, Bits<64>>,
    /// log2 entries of each ring.
    pub rq_log2: Signal<Out, Bits<4>>,
    /// Receive lookup.
    pub rl_valid: Signal<In, Bit>,
    /// Its `dst_conn`.
    pub rl_conn: Signal<In, Bits<24>>,
    /// Its tag.
    pub rl_tag: Signal<In, Bits<16>>,
    /// Receive lookup result.
    pub rr_valid: Signal<Out, Bit>,
    /// Connection in range and valid.
    pub rr_ok: Signal<Out, Bit>,
    /// Its pd.
    pub rr_pd: Signal<Out, Bits<16>>,
    /// Its streams.
    pub rr_streams: Signal<Out, Bits<3>>,
    /// Its paths.
    pub rr_paths: Signal<Out, Bits<5>>,
    /// The lookup's tag.
    pub rr_tag: Signal<Out, Bits<16>>,
    /// Transmit lookup.
    pub tl_valid: Signal<In, Bit>,
    /// Its connection.
    pub tl_conn: Signal<In, Bits<CB>>,
    /// Its tag.
    pub tl_tag: Signal<In, Bits<16>>,
    /// Transmit lookup result.
    pub tr_valid: Signal<Out, Bit>,
    /// Valid and peer set.
    pub tr_ok: Signal<Out, Bit>,
    /// Peer MAC (first wire byte in 47:40).
    pub tr_peer_mac: Signal<Out, Bits<48>>,
    /// Peer IPv4.
    pub tr_peer_ip4: Signal<Out, Bits<32>>,
    /// UDP source port base.
    pub tr_sport: Signal<Out, Bits<16>>,
    /// UDP destination port.
    pub tr_dport: Signal<Out, Bits<16>>,
    /// Peer connection id.
    pub tr_peer_conn: Signal<Out, Bits<24>>,
    /// The lookup's tag.
    pub tr_tag: Signal<Out, Bits<16>>,
    /// Commands completed.
    pub cnt_cmds: Signal<Out, Bits<32>>,
    /// Commands refused `BAD_COMMAND`.
    pub cnt_bad_command: Signal<Out, Bits<32>>,
    /// Commands refused `BAD_INDEX`.
    pub cnt_bad_index: Signal<Out, Bits<32>>,
    /// Commands refused `BUSY`.
    pub cnt_busy: Signal<Out, Bits<32>>,
    /// Commands refused `BAD_ARGUMENT`.
    pub cnt_bad_argument: Signal<Out, Bits<32>>,
    k_paths: Constant<Bits<8>>,
    k_pb: Constant<Bits<5>>,
    k_v4map: Constant<Bits<128>>,
    rx_tab: RAM<Bits<25>, CB>,
    tx_tab: RAM<Bits<137>, CB>,
    cp_tab: RAM<Bits<24>, CB>,
    cq_tab: RAM<Bits<12>, QB>,
    add_lo: crate::cond_sum_add::CondSumAdd,
    add_h0: crate::cond_sum_add::CondSumAdd,
    add_h1: crate::cond_sum_add::CondSumAdd,
    st: DFF<Bits<4>>,
    op: DFF<Bits<8>>,
    args: DFF<Bits<256>>,
    is_nop: DFF<Bit>,
    is_reg: DFF<Bit>,
    is_dereg: DFF<Bit>,
    is_ccq: DFF<Bit>,
    is_dcq: DFF<Bit>,
    is_cconn: DFF<Bit>,
    is_peer: DFF<Bit>,
    is_dconn: DFF<Bit>,
    f_mr_idx: DFF<Bit>,
    f_conn: DFF<Bit>,
    f_cq0: DFF<Bit>,
    f_cq7: DFF<Bit>,
    f_key: DFF<Bit>,
    f_acc: DFF<Bit>,
    f_len: DFF<Bit>,
    f_cql2: DFF<Bit>,
    f_cqal: DFF<Bit>,
    f_sql2: DFF<Bit>,
    f_sqal: DFF<Bit>,
    f_rql2: DFF<Bit>,
    f_rqal: DFF<Bit>,
    f_str: DFF<Bit>,
    f_pat: DFF<Bit>,
    s_lo: DFF<Bits<32>>,
    c_lo: DFF<Bit>,
    s_h0: DFF<Bits<32>>,
    c_h0: DFF<Bit>,
    s_h1: DFF<Bits<32>>,
    c_h1: DFF<Bit>,
    end_r: DFF<Bits<64>>,
    carry_r: DFF<Bit>,
    f_ovf: DFF<Bit>,
    rec_valid: DFF<Bit>,
    rec_cq: DFF<Bits<QB>>,
    rec_str: DFF<Bits<3>>,
    rec_pat: DFF<Bits<5>>,
    cq_created: DFF<Bit>,
    cq_count: DFF<Bits<11>>,
    err: DFF<Bits<3>>,
    n_str: DFF<Bits<3>>,
    n_pat: DFF<Bits<5>>,
    n_tw: DFF<Bits<6>>,
    mr_pend: DFF<Bit>,
    cq_pend: DFF<Bit>,
    sq_pend: DFF<Bit>,
    sq_wait: DFF<Bit>,
    seg_pend: DFF<Bit>,
    tc_pend: DFF<Bit>,
    dd_pend: DFF<Bit>,
    sp_pend: DFF<Bit>,
    ag_pend: DFF<Bit>,
    mt_on: DFF<Bit>,
    mt_i: DFF<Bits<3>>,
    rq_on: DFF<Bit>,
    rq_i: DFF<Bits<3>>,
    rp_on: DFF<Bit>,
    rp_i: DFF<Bits<5>>,
    tp_on: DFF<Bit>,
    tp_i: DFF<Bits<5>>,
    cc_on: DFF<Bit>,
    cc_i: DFF<Bits<5>>,
    tw_on: DFF<Bit>,
    tw_i: DFF<Bits<6>>,
    rd_out: DFF<Bits<8>>,
    wn: DFF<Bits<8>>,
    tail: DFF<Bits<4>>,
    cph: DFF<Bits<2>>,
    cmo: DFF<Bits<8>>,
    cwn: DFF<Bits<8>>,
    done_q: DFF<Bit>,
    err_q: DFF<Bits<8>>,
    n_cmds: DFF<Bits<32>>,
    n_badcmd: DFF<Bits<32>>,
    n_badidx: DFF<Bits<32>>,
    n_busy: DFF<Bits<32>>,
    n_badarg: DFF<Bits<32>>,
    l_valid: DFF<Bit>,
    l_inr: DFF<Bit>,
    l_tag: DFF<Bits<16>>,
    t_valid: DFF<Bit>,
    t_tag: DFF<Bits<16>>,
    // combinational
    a0: Signal<Local, Bits<32>>,
    a3: Signal<Local, Bits<32>>,
    a6: Signal<Local, Bits<32>>,
    a7: Signal<Local, Bits<32>>,
    a0_cb: Signal<Local, Bits<CB>>,
    a0_cbx: Signal<Local, Bits<32>>,
    a0_qb: Signal<Local, Bits<QB>>,
    a0_qbx: Signal<Local, Bits<32>>,
    a7_qb: Signal<Local, Bits<QB>>,
    a7_qbx: Signal<Local, Bits<32>>,
    streams8: Signal<Local, Bits<8>>,
    paths8: Signal<Local, Bits<8>>,
    cp_rd: Signal<Local, Bits<24>>,
    cq_rd: Signal<Local, Bits<12>>,
    ok: Signal<Local, Bit>,
    in_issue: Signal<Local, Bit>,
    v_mr: Signal<Local, Bit>,
    v_cq: Signal<Local, Bit>,
    v_sq: Signal<Local, Bit>,
    v_seg: Signal<Local, Bit>,
    v_tc: Signal<Local, Bit>,
    v_dd: Signal<Local, Bit>,
    v_mt: Signal<Local, Bit>,
    v_rp: Signal<Local, Bit>,
    v_tp: Signal<Local, Bit>,
    v_cc: Signal<Local, Bit>,
    v_tw: Signal<Local, Bit>,
    v_sp: Signal<Local, Bit>,
    v_ag: Signal<Local, Bit>,
    v_rq: Signal<Local, Bit>,
    left: Signal<Local, Bit>,
    sq_res: Signal<Local, Bit>,
    rd_next: Signal<Local, Bits<8>>,
    cmo_next: Signal<Local, Bits<8>>,
    conn_pi: Signal<Local, Bits<PI>>,
    rp_low: Signal<Local, Bits<PB>>,
    tp_low: Signal<Local, Bits<PB>>,
    cc_low: Signal<Local, Bits<PB>>,
    tw_low: Signal<Local, Bits<PB>>,
    open_sh: Signal<Local, Bits<16>>,
    pat_m1: Signal<Local, Bits<5>>,
    mb0: Signal<Local, Bits<8>>,
    mb1: Signal<Local, Bits<8>>,
    mb2: Signal<Local, Bits<8>>,
    mb3: Signal<Local, Bits<8>>,
    mb4: Signal<Local, Bits<8>>,
    mb5: Signal<Local, Bits<8>>,
    mac_w: Signal<Local, Bits<48>>,
    ip4: Signal<Local, Bits<32>>,
    cnt_p1: Signal<Local, Bits<11>>,
    cnt_m1: Signal<Local, Bits<11>>,
    rx_rd: Signal<Local, Bits<25>>,
    tx_rd: Signal<Local, Bits<137>>,
    rr_good: Signal<Local, Bit>,
    tr_good: Signal<Local, Bit>,
    rl_cb: Signal<Local, Bits<CB>>,
}

impl<const CB: usize, const PB: usize, const PI: usize, const QB: usize, const MI: usize> Default
    for CmdProc<CB, PB, PI, QB, MI>
{
    fn default() -> Self {
        assert!(CB + PB == PI && PB <= 4 && CB <= 10 && QB <= 10 && MI == CB + 2);
        Self {
            clock: Default::default(),
            cmd_valid: Default::default(),
            cmd_opcode: Default::default(),
            cmd_args: Default::default(),
            cmd_done: Default::default(),
            cmd_error: Default::default(),
            mr_valid: Default::default(),
            mr_ready: Default::default(),
            mr_index: Default::default(),
            mr_entry_valid: Default::default(),
            mr_key: Default::default(),
            mr_pd: Default::default(),
            mr_access: Default::default(),
            mr_base: Default::default(),
            mr_end: Default::default(),
            cq_valid: Default::default(),
            cq_ready: Default::default(),
            cq_op: Default::default(),
            cq_cq: Default::default(),
            cq_iova: Default::default(),
            cq_log2: Default::default(),
            sq_valid: Default::default(),
            sq_ready: Default::default(),
            sq_op: Default::default(),
            sq_conn: Default::default(),
            sq_iova: Default::default(),
            sq_log2: Default::default(),
            sq_res_valid: Default::default(),
            sq_res_refused: Default::default(),
            sq_rd_issue: Default::default(),
            sq_rd_done: Default::default(),
            cm_emit: Default::default(),
            cm_take: Default::default(),
            seg_valid: Default::default(),
            seg_ready: Default::default(),
            seg_op: Default::default(),
            seg_conn: Default::default(),
            tc_valid: Default::default(),
            tc_ready: Default::default(),
            tc_op: Default::default(),
            tc_conn: Default::default(),
            tc_csn: Default::default(),
            tc_cq: Default::default(),
            dd_valid: Default::default(),
            dd_ready: Default::default(),
            dd_op: Default::default(),
            dd_conn: Default::default(),
            dd_csn: Default::default(),
            mt_valid: Default::default(),
            mt_ready: Default::default(),
            mt_index: Default::default(),
            mt_msn: Default::default(),
            rp_valid: Default::default(),
            rp_ready: Default::default(),
            rp_op: Default::default(),
            rp_idx: Default::default(),
            rp_psn: Default::default(),
            tp_valid: Default::default(),
            tp_ready: Default::default(),
            tp_op: Default::default(),
            tp_idx: Default::default(),
            tp_psn: Default::default(),
            cc_valid: Default::default(),
            cc_ready: Default::default(),
            cc_kind: Default::default(),
            cc_idx: Default::default(),
            tw_valid: Default::default(),
            tw_ready: Default::default(),
            tw_kind: Default::default(),
            tw_path: Default::default(),
            tw_sel: Default::default(),
            sp_valid: Default::default(),
            sp_ready: Default::default(),
            sp_init: Default::default(),
            sp_conn: Default::default(),
            sp_paths_m1: Default::default(),
            sp_open_en: Default::default(),
            sp_open_val: Default::default(),
            sp_susp_en: Default::default(),
            sp_susp_val: Default::default(),
            sp_hint: Default::default(),
            ag_valid: Default::default(),
            ag_ready: Default::default(),
            ag_conn: Default::default(),
            ag_flags: Default::default(),
            ag_peer_mac: Default::default(),
            ag_peer_ip: Default::default(),
            ag_udp_dport: Default::default(),
            ag_vlan_tci: Default::default(),
            ag_dscp: Default::default(),
            ag_remote_conn: Default::default(),
            rq_valid: Default::default(),
            rq_ready: Default::default(),
            rq_op: Default::default(),
            rq_conn: Default::default(),
            rq_stream: Default::default(),
            rq_iova: Default::default(),
            rq_log2: Default::default(),
            rl_valid: Default::default(),
            rl_conn: Default::default(),
            rl_tag: Default::default(),
            rr_valid: Default::default(),
            rr_ok: Default::default(),
            rr_pd: Default::default(),
            rr_streams: Default::default(),
            rr_paths: Default::default(),
            rr_tag: Default::default(),
            tl_valid: Default::default(),
            tl_conn: Default::default(),
            tl_tag: Default::default(),
            tr_valid: Default::default(),
            tr_ok: Default::default(),
            tr_peer_mac: Default::default(),
            tr_peer_ip4: Default::default(),
            tr_sport: Default::default(),
            tr_dport: Default::default(),
            tr_peer_conn: Default::default(),
            tr_tag: Default::default(),
            cnt_cmds: Default::default(),
            cnt_bad_command: Default::default(),
            cnt_bad_index: Default::default(),
            cnt_busy: Default::default(),
            cnt_bad_argument: Default::default(),
            k_paths: Constant::new(bits(1u64 << PB)),
            k_pb: Constant::new(bits(PB as u64)),
            k_v4map: Constant::new(bits::<128>(0xffff) << bits::<8>(32)),
            rx_tab: Default::default(),
            tx_tab: Default::default(),
            cp_tab: Default::default(),
            cq_tab: Default::default(),
            add_lo: Default::default(),
            add_h0: Default::default(),
            add_h1: Default::default(),
            st: Default::default(),
            op: Default::default(),
            args: Default::default(),
            is_nop: Default::default(),
            is_reg: Default::default(),
            is_dereg: Default::default(),
            is_ccq: Default::default(),
            is_dcq: Default::default(),
            is_cconn: Default::default(),
            is_peer: Default::default(),
            is_dconn: Default::default(),
            f_mr_idx: Default::default(),
            f_conn: Default::default(),
            f_cq0: Default::default(),
            f_cq7: Default::default(),
            f_key: Default::default(),
            f_acc: Default::default(),
            f_len: Default::default(),
            f_cql2: Default::default(),
            f_cqal: Default::default(),
            f_sql2: Default::default(),
            f_sqal: Default::default(),
            f_rql2: Default::default(),
            f_rqal: Default::default(),
            f_str: Default::default(),
            f_pat: Default::default(),
            s_lo: Default::default(),
            c_lo: Default::default(),
            s_h0: Default::default(),
            c_h0: Default::default(),
            s_h1: Default::default(),
            c_h1: Default::default(),
            end_r: Default::default(),
            carry_r: Default::default(),
            f_ovf: Default::default(),
            rec_valid: Default::default(),
            rec_cq: Default::default(),
            rec_str: Default::default(),
            rec_pat: Default::default(),
            cq_created: Default::default(),
            cq_count: Default::default(),
            err: Default::default(),
            n_str: Default::default(),
            n_pat: Default::default(),
            n_tw: Default::default(),
            mr_pend: Default::default(),
            cq_pend: Default::default(),
            sq_pend: Default::default(),
            sq_wait: Default::default(),
            seg_pend: Default::default(),
            tc_pend: Default::default(),
            dd_pend: Default::default(),
            sp_pend: Default::default(),
            ag_pend: Default::default(),
            mt_on: Default::default(),
            mt_i: Default::default(),
            rq_on: Default::default(),
            rq_i: Default::default(),
            rp_on: Default::default(),
            rp_i: Default::default(),
            tp_on: Default::default(),
            tp_i: Default::default(),
            cc_on: Default::default(),
            cc_i: Default::default(),
            tw_on: Default::default(),
            tw_i: Default::default(),
            rd_out: Default::default(),
            wn: Default::default(),
            tail: Default::default(),
            cph: Default::default(),
            cmo: Default::default(),
            cwn: Default::default(),
            done_q: Default::default(),
            err_q: Default::default(),
            n_cmds: Default::default(),
            n_badcmd: Default::default(),
            n_badidx: Default::default(),
            n_busy: Default::default(),
            n_badarg: Default::default(),
            l_valid: Default::default(),
            l_inr: Default::default(),
            l_tag: Default::default(),
            t_valid: Default::default(),
            t_tag: Default::default(),
            a0: Default::default(),
            a3: Default::default(),
            a6: Default::default(),
            a7: Default::default(),
            a0_cb: Default::default(),
            a0_cbx: Default::default(),
            a0_qb: Default::default(),
            a0_qbx: Default::default(),
            a7_qb: Default::default(),
            a7_qbx: Default::default(),
            streams8: Default::default(),
            paths8: Default::default(),
            cp_rd: Default::default(),
            cq_rd: Default::default(),
            ok: Default::default(),
            in_issue: Default::default(),
            v_mr: Default::default(),
            v_cq: Default::default(),
            v_sq: Default::default(),
            v_seg: Default::default(),
            v_tc: Default::default(),
            v_dd: Default::default(),
            v_mt: Default::default(),
            v_rp: Default::default(),
            v_tp: Default::default(),
            v_cc: Default::default(),
            v_tw: Default::default(),
            v_sp: Default::default(),
            v_ag: Default::default(),
            v_rq: Default::default(),
            left: Default::default(),
            sq_res: Default::default(),
            rd_next: Default::default(),
            cmo_next: Default::default(),
            conn_pi: Default::default(),
            rp_low: Default::default(),
            tp_low: Default::default(),
            cc_low: Default::default(),
            tw_low: Default::default(),
            open_sh: Default::default(),
            pat_m1: Default::default(),
            mb0: Default::default(),
            mb1: Default::default(),
            mb2: Default::default(),
            mb3: Default::default(),
            mb4: Default::default(),
            mb5: Default::default(),
            mac_w: Default::default(),
            ip4: Default::default(),
            cnt_p1: Default::default(),
            cnt_m1: Default::default(),
            rx_rd: Default::default(),
            tx_rd: Default::default(),
            rr_good: Default::default(),
            tr_good: Default::default(),
            rl_cb: Default::default(),
        }
    }
}

impl<const CB: usize, const PB: usize, const PI: usize, const QB: usize, const MI: usize> Logic
    for CmdProc<CB, PB, PI, QB, MI>
{
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, st, op, args, is_nop, is_reg, is_dereg, is_ccq, is_dcq, is_cconn, is_peer,
            is_dconn, f_mr_idx, f_conn, f_cq0, f_cq7, f_key, f_acc, f_len, f_cql2, f_cqal, f_sql2,
            f_sqal, f_rql2, f_rqal, f_str, f_pat, s_lo, c_lo, s_h0, c_h0, s_h1, c_h1, end_r,
            carry_r, f_ovf, rec_valid, rec_cq, rec_str, rec_pat, cq_created, cq_count, err, n_str,
            n_pat, n_tw, mr_pend, cq_pend, sq_pend, sq_wait, seg_pend, tc_pend, dd_pend, sp_pend,
            ag_pend, mt_on, mt_i, rq_on, rq_i, rp_on, rp_i, tp_on, tp_i, cc_on, cc_i, tw_on, tw_i,
            rd_out, wn, tail, cph, cmo, cwn, done_q, err_q, n_cmds, n_badcmd, n_badidx, n_busy,
            n_badarg, l_valid, l_inr, l_tag, t_valid, t_tag
        );
        self.rx_tab.read_clock.next = self.clock.val();
        self.rx_tab.write_clock.next = self.clock.val();
        self.tx_tab.read_clock.next = self.clock.val();
        self.tx_tab.write_clock.next = self.clock.val();
        self.cp_tab.read_clock.next = self.clock.val();
        self.cp_tab.write_clock.next = self.clock.val();
        self.cq_tab.read_clock.next = self.clock.val();
        self.cq_tab.write_clock.next = self.clock.val();

        // ---- argument fields of the latched command
        self.a0.next = self.args.q.val().get_bits::<32>(0);
        self.a3.next = self.args.q.val().get_bits::<32>(96);
        self.a6.next = self.args.q.val().get_bits::<32>(192);
        self.a7.next = self.args.q.val().get_bits::<32>(224);
        self.a0_cb.next = self.a0.val().get_bits::<CB>(0);
        self.a0_cbx.next = bit_cast::<32, CB>(self.a0_cb.val());
        self.a0_qb.next = self.a0.val().get_bits::<QB>(0);
        self.a0_qbx.next = bit_cast::<32, QB>(self.a0_qb.val());
        self.a7_qb.next = self.a7.val().get_bits::<QB>(0);
        self.a7_qbx.next = bit_cast::<32, QB>(self.a7_qb.val());
        self.streams8.next = self.a6.val().get_bits::<8>(8);
        self.paths8.next = self.a6.val().get_bits::<8>(16);
        self.mb0.next = self.args.q.val().get_bits::<8>(32);
        self.mb1.next = self.args.q.val().get_bits::<8>(40);
        self.mb2.next = self.args.q.val().get_bits::<8>(48);
        self.mb3.next = self.args.q.val().get_bits::<8>(56);
        self.mb4.next = self.args.q.val().get_bits::<8>(64);
        self.mb5.next = self.args.q.val().get_bits::<8>(72);
        self.mac_w.next = (bit_cast::<48, 8>(self.mb0.val()) << bits::<6>(40))
            | (bit_cast::<48, 8>(self.mb1.val()) << bits::<6>(32))
            | (bit_cast::<48, 8>(self.mb2.val()) << bits::<6>(24))
            | (bit_cast::<48, 8>(self.mb3.val()) << bits::<6>(16))
            | (bit_cast::<48, 8>(self.mb4.val()) << bits::<6>(8))
            | bit_cast::<48, 8>(self.mb5.val());
        self.ip4.next = self.a3.val();
        self.ok.next = self.err.q.val() == 0;

        // ---- IDLE: take a command
        if (self.st.q.val() == 0) & self.cmd_valid.val() {
            self.op.d.next = self.cmd_opcode.val();
            self.args.d.next = self.cmd_args.val();
        }

        // ---- R1: opcode decode, checks without tables, low half of iova + length
        self.cp_tab.read_address.next = self.a0_cb.val();
        self.add_lo.a.next = self.args.q.val().get_bits::<32>(32);
        self.add_lo.b.next = self.args.q.val().get_bits::<32>(96);
        self.add_lo.cin.next = false;
        self.add_h0.a.next = self.args.q.val().get_bits::<32>(64);
        self.add_h0.b.next = self.args.q.val().get_bits::<32>(128);
        self.add_h0.cin.next = false;
        self.add_h1.a.next = self.args.q.val().get_bits::<32>(64);
        self.add_h1.b.next = self.args.q.val().get_bits::<32>(128);
        self.add_h1.cin.next = true;
        if self.st.q.val() == 1 {
            self.is_nop.d.next = self.op.q.val() == 0;
            self.is_reg.d.next = self.op.q.val() == 1;
            self.is_dereg.d.next = self.op.q.val() == 2;
            self.is_ccq.d.next = self.op.q.val() == 3;
            self.is_dcq.d.next = self.op.q.val() == 4;
            self.is_cconn.d.next = self.op.q.val() == 5;
            self.is_peer.d.next = self.op.q.val() == 6;
            self.is_dconn.d.next = self.op.q.val() == 7;
            self.f_mr_idx.d.next = self.a0.val().get_bits::<20>(12) == 0;
            self.f_conn.d.next = self.a0_cbx.val() == self.a0.val();
            self.f_cq0.d.next = self.a0_qbx.val() == self.a0.val();
            self.f_cq7.d.next = self.a7_qbx.val() == self.a7.val();
            self.f_key.d.next =
                self.args.q.val().get_bits::<12>(168) == self.a0.val().get_bits::<12>(0);
            self.f_acc.d.next = self.a7.val().get_bits::<29>(3) == 0;
            self.f_len.d.next = self.args.q.val().get_bits::<64>(96).any();
            self.f_cql2.d.next =
                (self.a3.val().get_bits::<28>(4) == 0) & self.a3.val().get_bits::<4>(0).any();
            self.f_cqal.d.next = self.args.q.val().get_bits::<5>(32) == 0;
            self.f_sql2.d.next =
                (self.a3.val().get_bits::<4>(4) == 0) & self.a3.val().get_bits::<4>(0).any();
            self.f_sqal.d.next = self.args.q.val().get_bits::<6>(32) == 0;
            self.f_rql2.d.next =
                (self.a6.val().get_bits::<4>(4) == 0) & self.a6.val().get_bits::<4>(0).any();
            self.f_rqal.d.next = self.args.q.val().get_bits::<5>(128) == 0;
            self.f_str.d.next = self.streams8.val().any() & (self.streams8.val() <= bits::<8>(4));
            self.f_pat.d.next = self.paths8.val().any() & (self.paths8.val() <= self.k_paths.val());
        }
        // the sums are registered on every clock (the arguments only change in IDLE)
        self.s_lo.d.next = self.add_lo.sum.val();
        self.c_lo.d.next = self.add_lo.cout.val();
        self.s_h0.d.next = self.add_h0.sum.val();
        self.c_h0.d.next = self.add_h0.cout.val();
        self.s_h1.d.next = self.add_h1.sum.val();
        self.c_h1.d.next = self.add_h1.cout.val();

        // ---- R2: the connection record; the CQ record is read
        self.cp_rd.next = self.cp_tab.read_data.val();
        if self.is_dconn.q.val() {
            self.cq_tab.read_address.next = self.cp_rd.val().get_bits::<QB>(9);
        } else if self.is_cconn.q.val() {
            self.cq_tab.read_address.next = self.a7_qb.val();
        } else {
            self.cq_tab.read_address.next = self.a0_qb.val();
        }
        if self.st.q.val() == 2 {
            self.rec_valid.d.next = self.cp_rd.val().get_bit(0) & self.f_conn.q.val();
            self.rec_str.d.next = self.cp_rd.val().get_bits::<3>(1);
            self.rec_pat.d.next = self.cp_rd.val().get_bits::<5>(4);
            self.rec_cq.d.next = self.cp_rd.val().get_bits::<QB>(9);
            if self.c_lo.q.val() {
                self.end_r.d.next = bit_cast::<64, 32>(self.s_lo.q.val())
                    | (bit_cast::<64, 32>(self.s_h1.q.val()) << bits::<8>(32));
                self.carry_r.d.next = self.c_h1.q.val();
            } else {
                self.end_r.d.next = bit_cast::<64, 32>(self.s_lo.q.val())
                    | (bit_cast::<64, 32>(self.s_h0.q.val()) << bits::<8>(32));
                self.carry_r.d.next = self.c_h0.q.val();
            }
        }

        // ---- R3: the CQ record, the overflow flag
        self.cq_rd.next = self.cq_tab.read_data.val();
        if self.st.q.val() == 3 {
            if self.is_dconn.q.val() {
                self.cq_created.d.next = self.cq_rd.val().get_bit(11);
            } else if self.is_cconn.q.val() {
                self.cq_created.d.next = self.cq_rd.val().get_bit(11) & self.f_cq7.q.val();
            } else {
                self.cq_created.d.next = self.cq_rd.val().get_bit(11) & self.f_cq0.q.val();
            }
            self.cq_count.d.next = self.cq_rd.val().get_bits::<11>(0);
            self.f_ovf.d.next = self.carry_r.q.val() & self.end_r.q.val().any();
        }

        // ---- CHK: the error code (1 BAD_COMMAND, 2 BAD_INDEX, 3 BUSY, 4 BAD_ARGUMENT)
        if self.st.q.val() == 4 {
            self.err.d.next = 0.into();
            if self.is_nop.q.val() {
                self.err.d.next = 0.into();
            } else if self.is_reg.q.val() {
                if !self.f_mr_idx.q.val() {
                    self.err.d.next = 2.into();
                } else if !(self.f_key.q.val()
                    & self.f_acc.q.val()
                    & self.f_len.q.val()
                    & !self.f_ovf.q.val())
                {
                    self.err.d.next = 4.into();
                }
            } else if self.is_dereg.q.val() {
                if !self.f_mr_idx.q.val() {
                    self.err.d.next = 2.into();
                }
            } else if self.is_ccq.q.val() {
                if !self.f_cq0.q.val() {
                    self.err.d.next = 2.into();
                } else if self.cq_created.q.val() {
                    self.err.d.next = 3.into();
                } else if !(self.f_cql2.q.val() & self.f_cqal.q.val()) {
                    self.err.d.next = 4.into();
                }
            } else if self.is_dcq.q.val() {
                if !self.cq_created.q.val() {
                    self.err.d.next = 2.into();
                } else if self.cq_count.q.val().any() {
                    self.err.d.next = 3.into();
                }
            } else if self.is_cconn.q.val() {
                if !self.f_conn.q.val() {
                    self.err.d.next = 2.into();
                } else if self.rec_valid.q.val() {
                    self.err.d.next = 3.into();
                } else if !(self.f_sql2.q.val()
                    & self.f_sqal.q.val()
                    & self.f_rql2.q.val()
                    & self.f_rqal.q.val()
                    & self.f_str.q.val()
                    & self.f_pat.q.val()
                    & self.cq_created.q.val())
                {
                    self.err.d.next = 4.into();
                }
            } else if self.is_peer.q.val() | self.is_dconn.q.val() {
                if !self.rec_valid.q.val() {
                    self.err.d.next = 2.into();
                }
            } else {
                self.err.d.next = 1.into();
            }
        }

        // ---- the port groups
        self.in_issue.next = self.st.q.val() == 7;
        self.v_mr.next = self.in_issue.val() & self.mr_pend.q.val();
        self.v_cq.next = self.in_issue.val() & self.cq_pend.q.val();
        self.v_sq.next = (self.in_issue.val() | (self.st.q.val() == 6)) & self.sq_pend.q.val();
        self.v_seg.next = self.in_issue.val() & self.seg_pend.q.val();
        self.v_tc.next = self.in_issue.val() & self.tc_pend.q.val();
        self.v_dd.next = self.in_issue.val() & self.dd_pend.q.val();
        self.v_sp.next = self.in_issue.val() & self.sp_pend.q.val();
        self.v_ag.next = self.in_issue.val() & self.ag_pend.q.val();
        self.v_mt.next =
            self.in_issue.val() & self.mt_on.q.val() & (self.mt_i.q.val() != self.n_str.q.val());
        self.v_rq.next =
            self.in_issue.val() & self.rq_on.q.val() & (self.rq_i.q.val() != self.n_str.q.val());
        self.v_rp.next =
            self.in_issue.val() & self.rp_on.q.val() & (self.rp_i.q.val() != self.n_pat.q.val());
        self.v_tp.next =
            self.in_issue.val() & self.tp_on.q.val() & (self.tp_i.q.val() != self.n_pat.q.val());
        self.v_cc.next =
            self.in_issue.val() & self.cc_on.q.val() & (self.cc_i.q.val() != self.n_pat.q.val());
        self.v_tw.next =
            self.in_issue.val() & self.tw_on.q.val() & (self.tw_i.q.val() != self.n_tw.q.val());
        if self.v_mr.val() & self.mr_ready.val() {
            self.mr_pend.d.next = false;
        }
        if self.v_cq.val() & self.cq_ready.val() {
            self.cq_pend.d.next = false;
        }
        if self.v_sq.val() & self.sq_ready.val() {
            self.sq_pend.d.next = false;
            self.sq_wait.d.next = true;
        }
        if self.v_seg.val() & self.seg_ready.val() {
            self.seg_pend.d.next = false;
            if self.cph.q.val() == 1 {
                self.cph.d.next = 2.into();
            }
        }
        if self.v_tc.val() & self.tc_ready.val() {
            self.tc_pend.d.next = false;
        }
        if self.v_dd.val() & self.dd_ready.val() {
            self.dd_pend.d.next = false;
        }
        if self.v_sp.val() & self.sp_ready.val() {
            self.sp_pend.d.next = false;
        }
        if self.v_ag.val() & self.ag_ready.val() {
            self.ag_pend.d.next = false;
        }
        if self.v_mt.val() & self.mt_ready.val() {
            self.mt_i.d.next = self.mt_i.q.val() + 1;
        }
        if self.v_rq.val() & self.rq_ready.val() {
            self.rq_i.d.next = self.rq_i.q.val() + 1;
        }
        if self.v_rp.val() & self.rp_ready.val() {
            self.rp_i.d.next = self.rp_i.q.val() + 1;
        }
        if self.v_tp.val() & self.tp_ready.val() {
            self.tp_i.d.next = self.tp_i.q.val() + 1;
        }
        if self.v_cc.val() & self.cc_ready.val() {
            self.cc_i.d.next = self.cc_i.q.val() + 1;
        }
        if self.v_tw.val() & self.tw_ready.val() {
            self.tw_i.d.next = self.tw_i.q.val() + 1;
        }
        self.left.next = self.mr_pend.q.val()
            | self.cq_pend.q.val()
            | self.sq_pend.q.val()
            | self.sq_wait.q.val()
            | self.seg_pend.q.val()
            | self.tc_pend.q.val()
            | self.dd_pend.q.val()
            | self.sp_pend.q.val()
            | self.ag_pend.q.val()
            | (self.mt_on.q.val() & (self.mt_i.q.val() != self.n_str.q.val()))
            | (self.rq_on.q.val() & (self.rq_i.q.val() != self.n_str.q.val()))
            | (self.rp_on.q.val() & (self.rp_i.q.val() != self.n_pat.q.val()))
            | (self.tp_on.q.val() & (self.tp_i.q.val() != self.n_pat.q.val()))
            | (self.cc_on.q.val() & (self.cc_i.q.val() != self.n_pat.q.val()))
            | (self.tw_on.q.val() & (self.tw_i.q.val() != self.n_tw.q.val()))
            | self.wn.q.val().any()
            | self.tail.q.val().any()
            | self.cph.q.val().any();

        // ---- reads outstanding at wqe_fetch, the destroy drain
        self.rd_next.next = self.rd_out.q.val();
        if self.sq_rd_issue.val() & !self.sq_rd_done.val() {
            self.rd_next.next = self.rd_out.q.val() + 1;
        } else if !self.sq_rd_issue.val() & self.sq_rd_done.val() & self.rd_out.q.val().any() {
            self.rd_next.next = self.rd_out.q.val() - 1;
        }
        self.rd_out.d.next = self.rd_next.val();
        self.sq_res.next = self.sq_res_valid.val() & self.sq_wait.q.val();
        if self.sq_res.val() {
            self.sq_wait.d.next = false;
        }
        if self.sq_res.val() & self.is_dconn.q.val() {
            self.wn.d.next = self.rd_next.val();
            self.tail.d.next = 8.into();
        } else if self.wn.q.val().any() {
            if self.sq_rd_done.val() {
                self.wn.d.next = self.wn.q.val() - 1;
            }
        } else if self.tail.q.val().any() {
            self.tail.d.next = self.tail.q.val() - 1;
        }

        // ---- CREATE_CONN's record fence (see "The record fence")
        self.cmo_next.next = self.cmo.q.val();
        if self.cm_emit.val() & !self.cm_take.val() {
            self.cmo_next.next = self.cmo.q.val() + 1;
        } else if !self.cm_emit.val() & self.cm_take.val() & self.cmo.q.val().any() {
            self.cmo_next.next = self.cmo.q.val() - 1;
        }
        self.cmo.d.next = self.cmo_next.val();
        if (self.cph.q.val() == 2) & self.seg_ready.val() {
            self.cwn.d.next = self.cmo_next.val();
            self.cph.d.next = 3.into();
        }
        if self.cph.q.val() == 3 {
            if !self.cwn.q.val().any() {
                self.tc_pend.d.next = true;
                self.cph.d.next = 0.into();
            } else if self.cm_take.val() {
                self.cwn.d.next = self.cwn.q.val() - 1;
            }
        }

        // ---- state transitions
        self.done_q.d.next = false;
        self.err_q.d.next = 0.into();
        if self.st.q.val() == 0 {
            if self.cmd_valid.val() {
                self.st.d.next = 1.into();
            }
        } else if self.st.q.val() < 5 {
            self.st.d.next = self.st.q.val() + 1;
        } else if self.st.q.val() == 5 {
            // DEC
            self.n_str.d.next = self.streams8.val().get_bits::<3>(0);
            self.n_pat.d.next = self.paths8.val().get_bits::<5>(0);
            self.n_tw.d.next = bit_cast::<6, 5>(self.paths8.val().get_bits::<5>(0)) << bits::<8>(1);
            if self.is_dconn.q.val() {
                self.n_str.d.next = self.rec_str.q.val();
                self.n_pat.d.next = self.rec_pat.q.val();
                self.n_tw.d.next = bit_cast::<6, 5>(self.rec_pat.q.val()) << bits::<8>(1);
            }
            self.mt_i.d.next = 0.into();
            self.rq_i.d.next = 0.into();
            self.rp_i.d.next = 0.into();
            self.tp_i.d.next = 0.into();
            self.cc_i.d.next = 0.into();
            self.tw_i.d.next = 0.into();
            self.mr_pend.d.next = self.ok.val() & (self.is_reg.q.val() | self.is_dereg.q.val());
            self.cq_pend.d.next = self.ok.val() & (self.is_ccq.q.val() | self.is_dcq.q.val());
            self.sq_pend.d.next = self.ok.val() & (self.is_cconn.q.val() | self.is_dconn.q.val());
            self.sq_wait.d.next = false;
            self.seg_pend.d.next = self.ok.val() & self.is_dconn.q.val();
            self.tc_pend.d.next = self.ok.val() & self.is_dconn.q.val();
            self.dd_pend.d.next = false;
            self.sp_pend.d.next = self.ok.val() & self.is_dconn.q.val();
            self.ag_pend.d.next = self.ok.val() & (self.is_peer.q.val() | self.is_dconn.q.val());
            self.mt_on.d.next = false;
            self.rq_on.d.next = self.ok.val() & self.is_dconn.q.val();
            self.rp_on.d.next = false;
            self.tp_on.d.next = self.ok.val() & self.is_dconn.q.val();
            self.cc_on.d.next = false;
            self.tw_on.d.next = self.ok.val() & self.is_dconn.q.val();
            if !self.ok.val() | self.is_nop.q.val() {
                self.st.d.next = 8.into();
            } else if self.is_cconn.q.val() {
                self.st.d.next = 6.into();
            } else {
                self.st.d.next = 7.into();
            }
        } else if self.st.q.val() == 6 {
            // SQ: CREATE_CONN's sq CREATE and its result
            if self.sq_res.val() {
                if self.sq_res_refused.val() {
                    self.err.d.next = 4.into();
                    self.st.d.next = 8.into();
                } else {
                    self.seg_pend.d.next = true;
                    self.cph.d.next = 1.into();
                    self.dd_pend.d.next = true;
                    self.sp_pend.d.next = true;
                    self.mt_on.d.next = true;
                    self.rq_on.d.next = true;
                    self.rp_on.d.next = true;
                    self.tp_on.d.next = true;
                    self.cc_on.d.next = true;
                    self.st.d.next = 7.into();
                }
            }
        } else if self.st.q.val() == 7 {
            if !self.left.val() {
                self.st.d.next = 8.into();
            }
        } else {
            // FIN
            self.st.d.next = 0.into();
            self.done_q.d.next = true;
            self.err_q.d.next = bit_cast::<8, 3>(self.err.q.val());
            self.n_cmds.d.next = self.n_cmds.q.val() + 1;
            if self.err.q.val() == 1 {
                self.n_badcmd.d.next = self.n_badcmd.q.val() + 1;
            }
            if self.err.q.val() == 2 {
                self.n_badidx.d.next = self.n_badidx.q.val() + 1;
            }
            if self.err.q.val() == 3 {
                self.n_busy.d.next = self.n_busy.q.val() + 1;
            }
            if self.err.q.val() == 4 {
                self.n_badarg.d.next = self.n_badarg.q.val() + 1;
            }
        }

        // ---- record writes: DESTROY_CONN clears the connection in DEC, the rest in FIN
        self.rx_tab.write_address.next = self.a0_cb.val();
        self.tx_tab.write_address.next = self.a0_cb.val();
        self.cp_tab.write_address.next = self.a0_cb.val();
        self.rx_tab.write_data.next = 0.into();
        self.tx_tab.write_data.next = 0.into();
        self.cp_tab.write_data.next = 0.into();
        self.rx_tab.write_enable.next = false;
        self.tx_tab.write_enable.next = false;
        self.cp_tab.write_enable.next = false;
        self.cq_tab.write_enable.next = false;
        self.cnt_p1.next = self.cq_count.q.val() + 1;
        self.cnt_m1.next = self.cq_count.q.val() - 1;
        if self.is_dconn.q.val() {
            self.cq_tab.write_address.next = self.rec_cq.q.val();
            self.cq_tab.write_data.next = bit_cast::<12, 11>(self.cnt_m1.val())
                | (bit_cast::<12, 1>(self.cq_created.q.val().into()) << bits::<8>(11));
        } else if self.is_cconn.q.val() {
            self.cq_tab.write_address.next = self.a7_qb.val();
            self.cq_tab.write_data.next = bit_cast::<12, 11>(self.cnt_p1.val()) | bits::<12>(0x800);
        } else if self.is_ccq.q.val() {
            self.cq_tab.write_address.next = self.a0_qb.val();
            self.cq_tab.write_data.next = bits::<12>(0x800);
        } else {
            self.cq_tab.write_address.next = self.a0_qb.val();
            self.cq_tab.write_data.next = 0.into();
        }
        if (self.st.q.val() == 5) & self.ok.val() & self.is_dconn.q.val() {
            self.rx_tab.write_enable.next = true;
            self.tx_tab.write_enable.next = true;
            self.cp_tab.write_enable.next = true;
        }
        if (self.st.q.val() == 8) & self.ok.val() {
            if self.is_cconn.q.val() {
                self.rx_tab.write_enable.next = true;
                self.tx_tab.write_enable.next = true;
                self.cp_tab.write_enable.next = true;
                self.rx_tab.write_data.next = bits::<25>(1)
                    | (bit_cast::<25, 16>(self.a3.val().get_bits::<16>(16)) << bits::<8>(1))
                    | (bit_cast::<25, 3>(self.streams8.val().get_bits::<3>(0)) << bits::<8>(17))
                    | (bit_cast::<25, 5>(self.paths8.val().get_bits::<5>(0)) << bits::<8>(20));
                self.cp_tab.write_data.next = bits::<24>(1)
                    | (bit_cast::<24, 3>(self.streams8.val().get_bits::<3>(0)) << bits::<8>(1))
                    | (bit_cast::<24, 5>(self.paths8.val().get_bits::<5>(0)) << bits::<8>(4))
                    | (bit_cast::<24, QB>(self.a7_qb.val()) << bits::<8>(9));
            }
            if self.is_peer.q.val() {
                self.tx_tab.write_enable.next = true;
                self.tx_tab.write_data.next = bits::<137>(1)
                    | (bit_cast::<137, 48>(self.mac_w.val()) << bits::<8>(1))
                    | (bit_cast::<137, 32>(self.ip4.val()) << bits::<8>(49))
                    | (bit_cast::<137, 16>(self.args.q.val().get_bits::<16>(160)) << bits::<8>(81))
                    | (bit_cast::<137, 16>(self.args.q.val().get_bits::<16>(192)) << bits::<8>(97))
                    | (bit_cast::<137, 24>(self.a7.val().get_bits::<24>(0)) << bits::<8>(113));
            }
            if self.is_cconn.q.val()
                | self.is_dconn.q.val()
                | self.is_ccq.q.val()
                | self.is_dcq.q.val()
            {
                self.cq_tab.write_enable.next = true;
            }
        }

        // ---- outputs of the port groups (0 while not valid)
        self.cmd_done.next = self.done_q.q.val();
        self.cmd_error.next = self.err_q.q.val();
        self.conn_pi.next = bit_cast::<PI, CB>(self.a0_cb.val()) << self.k_pb.val();
        self.rp_low.next = self.rp_i.q.val().get_bits::<PB>(0);
        self.tp_low.next = self.tp_i.q.val().get_bits::<PB>(0);
        self.cc_low.next = self.cc_i.q.val().get_bits::<PB>(0);
        self.tw_low.next = self.tw_i.q.val().get_bits::<PB>(1);
        self.open_sh.next = bits::<16>(0xffff) << self.n_pat.q.val();
        self.pat_m1.next = self.n_pat.q.val() - 1;

        self.mr_valid.next = self.v_mr.val();
        self.mr_index.next = 0.into();
        self.mr_entry_valid.next = false;
        self.mr_key.next = 0.into();
        self.mr_pd.next = 0.into();
        self.mr_access.next = 0.into();
        self.mr_base.next = 0.into();
        self.mr_end.next = 0.into();
        if self.v_mr.val() {
            self.mr_index.next = self.a0.val().get_bits::<12>(0);
            if self.is_reg.q.val() {
                self.mr_entry_valid.next = true;
                self.mr_key.next = self.args.q.val().get_bits::<32>(160);
                self.mr_pd.next = self.args.q.val().get_bits::<16>(192);
                self.mr_access.next = self.a7.val().get_bits::<3>(0);
                self.mr_base.next = self.args.q.val().get_bits::<64>(32);
                self.mr_end.next = self.end_r.q.val();
            }
        }

        self.cq_valid.next = self.v_cq.val();
        self.cq_op.next = 0.into();
        self.cq_cq.next = 0.into();
        self.cq_iova.next = 0.into();
        self.cq_log2.next = 0.into();
        if self.v_cq.val() {
            self.cq_cq.next = self.a0_qb.val();
            if self.is_ccq.q.val() {
                self.cq_op.next = 1.into();
                self.cq_iova.next = self.args.q.val().get_bits::<64>(32);
                self.cq_log2.next = self.a3.val().get_bits::<4>(0);
            } else {
                self.cq_op.next = 3.into();
            }
        }

        self.sq_valid.next = self.v_sq.val();
        self.sq_op.next = false;
        self.sq_conn.next = 0.into();
        self.sq_iova.next = 0.into();
        self.sq_log2.next = 0.into();
        if self.v_sq.val() {
            self.sq_conn.next = self.a0_cb.val();
            if self.is_cconn.q.val() {
                self.sq_iova.next = self.args.q.val().get_bits::<64>(32);
                self.sq_log2.next = self.a3.val().get_bits::<8>(0);
            } else {
                self.sq_op.next = true;
            }
        }

        self.seg_valid.next = self.v_seg.val();
        self.seg_op.next = false;
        self.seg_conn.next = 0.into();
        if self.v_seg.val() {
            self.seg_op.next = self.is_dconn.q.val();
            self.seg_conn.next = self.a0_cb.val();
        }

        self.tc_valid.next = self.v_tc.val();
        self.tc_op.next = 0.into();
        self.tc_conn.next = 0.into();
        self.tc_csn.next = 0.into();
        self.tc_cq.next = 0.into();
        if self.v_tc.val() {
            self.tc_conn.next = self.a0_cb.val();
            if self.is_cconn.q.val() {
                self.tc_op.next = 2.into();
                self.tc_cq.next = self.a7_qb.val();
            } else {
                self.tc_op.next = 3.into();
            }
        }

        self.dd_valid.next = self.v_dd.val();
        self.dd_op.next = 0.into();
        self.dd_conn.next = 0.into();
        self.dd_csn.next = 0.into();
        if self.v_dd.val() {
            self.dd_op.next = 1.into();
            self.dd_conn.next = self.a0_cb.val();
        }

        self.mt_valid.next = self.v_mt.val();
        self.mt_index.next = 0.into();
        self.mt_msn.next = 0.into();
        if self.v_mt.val() {
            self.mt_index.next = (bit_cast::<MI, CB>(self.a0_cb.val()) << bits::<8>(2))
                | bit_cast::<MI, 2>(self.mt_i.q.val().get_bits::<2>(0));
        }

        self.rp_valid.next = self.v_rp.val();
        self.rp_op.next = 0.into();
        self.rp_idx.next = 0.into();
        self.rp_psn.next = 0.into();
        if self.v_rp.val() {
            self.rp_op.next = 1.into();
            self.rp_idx.next = self.conn_pi.val() | bit_cast::<PI, PB>(self.rp_low.val());
        }

        self.tp_valid.next = self.v_tp.val();
        self.tp_op.next = 0.into();
        self.tp_idx.next = 0.into();
        self.tp_psn.next = 0.into();
        if self.v_tp.val() {
            self.tp_op.next = 1.into();
            self.tp_idx.next = self.conn_pi.val() | bit_cast::<PI, PB>(self.tp_low.val());
        }

        self.cc_valid.next = self.v_cc.val();
        self.cc_kind.next = 0.into();
        self.cc_idx.next = 0.into();
        if self.v_cc.val() {
            self.cc_kind.next = 1.into();
            self.cc_idx.next = self.conn_pi.val() | bit_cast::<PI, PB>(self.cc_low.val());
        }

        self.tw_valid.next = self.v_tw.val();
        self.tw_kind.next = 0.into();
        self.tw_path.next = 0.into();
        self.tw_sel.next = false;
        if self.v_tw.val() {
            self.tw_kind.next = 2.into();
            self.tw_path.next = self.conn_pi.val() | bit_cast::<PI, PB>(self.tw_low.val());
            self.tw_sel.next = self.tw_i.q.val().get_bit(0);
        }

        self.sp_valid.next = self.v_sp.val();
        self.sp_init.next = false;
        self.sp_conn.next = 0.into();
        self.sp_paths_m1.next = 0.into();
        self.sp_open_en.next = 0.into();
        self.sp_open_val.next = 0.into();
        self.sp_susp_en.next = 0.into();
        self.sp_susp_val.next = 0.into();
        self.sp_hint.next = 0.into();
        if self.v_sp.val() {
            self.sp_conn.next = self.a0_cb.val();
            self.sp_open_en.next = bits::<16>(0xffff);
            self.sp_susp_en.next = bits::<16>(0xffff);
            if self.is_cconn.q.val() {
                self.sp_init.next = true;
                self.sp_paths_m1.next = self.pat_m1.val().get_bits::<4>(0);
                self.sp_open_val.next = !self.open_sh.val();
            }
        }

        self.ag_valid.next = self.v_ag.val();
        self.ag_conn.next = 0.into();
        self.ag_flags.next = 0.into();
        self.ag_peer_mac.next = 0.into();
        self.ag_peer_ip.next = 0.into();
        self.ag_udp_dport.next = 0.into();
        self.ag_vlan_tci.next = 0.into();
        self.ag_dscp.next = 0.into();
        self.ag_remote_conn.next = 0.into();
        if self.v_ag.val() {
            self.ag_conn.next = self.a0_cb.val();
            if self.is_peer.q.val() {
                self.ag_flags.next = 1.into();
                self.ag_peer_mac.next = self.mac_w.val();
                self.ag_peer_ip.next = bit_cast::<128, 32>(self.ip4.val()) | self.k_v4map.val();
                self.ag_udp_dport.next = self.args.q.val().get_bits::<16>(192);
                self.ag_remote_conn.next = self.a7.val().get_bits::<24>(0);
            }
        }

        self.rq_valid.next = self.v_rq.val();
        self.rq_op.next = false;
        self.rq_conn.next = 0.into();
        self.rq_stream.next = 0.into();
        self.rq_iova.next = 0.into();
        self.rq_log2.next = 0.into();
        if self.v_rq.val() {
            self.rq_conn.next = self.a0_cb.val();
            self.rq_stream.next = self.rq_i.q.val().get_bits::<2>(0);
            if self.is_cconn.q.val() {
                self.rq_iova.next = self.args.q.val().get_bits::<64>(128);
                self.rq_log2.next = self.a6.val().get_bits::<4>(0);
            } else {
                self.rq_op.next = true;
            }
        }

        // ---- lookups (latency 1: the RAM's registered read)
        self.rl_cb.next = self.rl_conn.val().get_bits::<CB>(0);
        self.rx_tab.read_address.next = self.rl_cb.val();
        self.l_valid.d.next = self.rl_valid.val();
        self.l_inr.d.next = bit_cast::<24, CB>(self.rl_cb.val()) == self.rl_conn.val();
        self.l_tag.d.next = self.rl_tag.val();
        self.rx_rd.next = self.rx_tab.read_data.val();
        self.rr_good.next = self.l_valid.q.val() & self.l_inr.q.val() & self.rx_rd.val().get_bit(0);
        self.rr_valid.next = self.l_valid.q.val();
        self.rr_ok.next = self.rr_good.val();
        self.rr_pd.next = 0.into();
        self.rr_streams.next = 0.into();
        self.rr_paths.next = 0.into();
        self.rr_tag.next = 0.into();
        if self.l_valid.q.val() {
            self.rr_tag.next = self.l_tag.q.val();
        }
        if self.rr_good.val() {
            self.rr_pd.next = self.rx_rd.val().get_bits::<16>(1);
            self.rr_streams.next = self.rx_rd.val().get_bits::<3>(17);
            self.rr_paths.next = self.rx_rd.val().get_bits::<5>(20);
        }
        self.tx_tab.read_address.next = self.tl_conn.val();
        self.t_valid.d.next = self.tl_valid.val();
        self.t_tag.d.next = self.tl_tag.val();
        self.tx_rd.next = self.tx_tab.read_data.val();
        self.tr_good.next = self.t_valid.q.val() & self.tx_rd.val().get_bit(0);
        self.tr_valid.next = self.t_valid.q.val();
        self.tr_ok.next = self.tr_good.val();
        self.tr_peer_mac.next = 0.into();
        self.tr_peer_ip4.next = 0.into();
        self.tr_sport.next = 0.into();
        self.tr_dport.next = 0.into();
        self.tr_peer_conn.next = 0.into();
        self.tr_tag.next = 0.into();
        if self.t_valid.q.val() {
            self.tr_tag.next = self.t_tag.q.val();
        }
        if self.tr_good.val() {
            self.tr_peer_mac.next = self.tx_rd.val().get_bits::<48>(1);
            self.tr_peer_ip4.next = self.tx_rd.val().get_bits::<32>(49);
            self.tr_sport.next = self.tx_rd.val().get_bits::<16>(81);
            self.tr_dport.next = self.tx_rd.val().get_bits::<16>(97);
            self.tr_peer_conn.next = self.tx_rd.val().get_bits::<24>(113);
        }

        self.cnt_cmds.next = self.n_cmds.q.val();
        self.cnt_bad_command.next = self.n_badcmd.q.val();
        self.cnt_bad_index.next = self.n_badidx.q.val();
        self.cnt_busy.next = self.n_busy.q.val();
        self.cnt_bad_argument.next = self.n_badarg.q.val();
    }
}

/// The default build: 1,024 connections x 16 paths, 1,024 CQs.
pub type CmdProcFull = CmdProc<CP_CB_FULL, CP_PB_FULL, 14, CP_QB_FULL, 12>;
/// The tiny build: 16 connections x 4 paths, 16 CQs.
pub type CmdProcTiny = CmdProc<CP_CB_TINY, CP_PB_TINY, 6, CP_QB_TINY, 6>;
/// The mid build (U280, U55C): 512 connections x 16 paths, 512 CQs.
pub type CmdProcMid = CmdProc<9, 4, 13, 9, 11>;
const _: () = assert!(CP_CB_FULL + CP_PB_FULL == 14 && CP_CB_TINY + CP_PB_TINY == 6);
const _: () = assert!(CP_CB_FULL + 2 == 12 && CP_CB_TINY + 2 == 6);
