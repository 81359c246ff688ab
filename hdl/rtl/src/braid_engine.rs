//! `braid_engine`: the packet engine's top, wiring every block of
//! `hdl/rtl/src/` (theory of operation by subsystem: `hdl/rtl/ENGINE.md`,
//! its wiring under "Top wiring"; what is done and what is not:
//! `hdl/rtl/STATUS.md`).
//!
//! It has the host and control path; the send packet path; WRITE and SEND
//! placement, dedup, SACK state, ACKs and NACKs and message completions on
//! receive; ACK intake, windows, send completions, retransmissions of
//! proven and timed-out losses, NACK processing with the NO_RECV_BUFFER
//! back-off, the rate hint, re-hash and retirement on the sender; the soft
//! reset.
//!
//! # Structure
//!
//! Every block with its own file in `verilog-out/` (`cmd_proc`,
//! `segmenter`, `sprayer`, `tx_path_table`, `rx_parser`, ...) is a direct
//! instance of the top, so the hierarchical synthesis report composes the
//! top from their rows. The glue between them is split along the data
//! path into sub-blocks in `braid_engine/`, each with its own
//! theory-of-operation header; the top's `update` keeps the BAR0 and
//! command wiring, the doorbells and WQE fetch, the DMA arbiters, the send
//! path up to `tx_path_table`, the frame output, the counters' words, and
//! the wiring:
//!
//! * host: `soft_reset` (the sweep and the command processor's command
//!   port), `cq_merge` (the completion merge into `cq_writer`);
//! * send: `path_ops` (`tx_path_table`'s port: ACKs, NACK resolves,
//!   SENDs, and their results for `path_cc`, `tx_compl` and the slot
//!   table), `tx_header` (transmit lookup, header and payload request),
//!   `retx` (the retransmission rebuild and the NO_RECV_BUFFER back-off),
//!   `cc_events` (`path_cc`'s events in, its results to the RTO wheel),
//!   `rehash` (new source ports for failing paths, retirement);
//! * receive: `rx_place` (gate, checks, verdict, dedup, payload mover),
//!   `rx_ack` (per-path SACK state, ACK coalescing, ACK requests),
//!   `rx_msg` (message completion and receive consumption), `nack_rx`
//!   (received NACKs, fatal failures);
//! * counters: `stats` (per-path statistics, the counters' soft-reset
//!   baseline);
//! * `layout`: the literal bit positions the `#[hdl_gen]` code uses,
//!   checked against braid-spec at compile time; `records`: the glue
//!   FIFOs' record tables.
//!
//! A sub-block's ports are named after the top's signal they connect to
//! (`seg_pd_csn` is `seg.pd_csn`); a register of the top that a sub-block
//! writes is written through a `<reg>_we`/`<reg>_wd` pair. A change of
//! structure that must keep behaviour is checked with `scripts/lockstep.sh`
//! (the earlier Verilog beside the new on every co-simulation test).
//!
//! # Ports
//!
//! * AXI4-Lite BAR0: `awvalid awready awaddr wvalid wready wdata wstrb
//!   bvalid bready bresp arvalid arready araddr rvalid rready rdata rresp`
//!   (`reg_block`'s protocol).
//! * DMA read: requests `rd_valid rd_ready rd_addr rd_len (13 bits, bytes)
//!   rd_tag`; responses `rs_valid rs_ready rs_data rs_tag rs_last rs_err`
//!   (in request order, 64-byte beats, byte `i` in lane `i`).
//! * DMA write: `dw_valid dw_ready dw_addr dw_len dw_data dw_last`
//!   (ENGINE.md's write stream: address and length on every beat).
//! * MAC: receive `rx_valid rx_data rx_keep rx_last` (no back-pressure),
//!   transmit `tx_valid tx_ready tx_data tx_keep tx_last tx_bad`.
//! * Glue counters: `cnt_db_dropped`, `cnt_db_bad_cq`, `cnt_glue_overflow`
//!   (entries lost at a full glue FIFO: a bug upstream, never expected; the
//!   send path's FIFOs add one per clock with a drop), `cnt_tx_no_conn`
//!   (packets whose connection was destroyed before their header was
//!   built), `cnt_pl_err` (payloads whose DMA read failed: their frames leave
//!   with `tx_bad`, never to be received, and are resent as lost), `cnt_rx_bad`
//!   (received frames the parser dropped), `cnt_rx_gate` (received frames
//!   dropped whole before the parser), `cnt_rx_dup` and `cnt_rx_oow`
//!   (`dedup_table`'s duplicates and CSNs outside the window),
//!   `cnt_ack_tx` and `cnt_nack_tx` (`ack_gen`'s ACKs and NACKs sent),
//!   `cnt_ack_rx`, `cnt_ack_rej` and `cnt_ack_bad` (ACKs received: accepted,
//!   rejected by `tx_path_table`, naming no path of this build),
//!   `cnt_retx_stale` (lost packets of completed messages or failed
//!   connections, not resent), `cnt_nack_rx`, `cnt_nack_rnr`,
//!   `cnt_nack_fail` and `cnt_nack_drop` (NACKs received; of them
//!   NO_RECV_BUFFER; connections failed; fatal NACKs that failed nothing).
//!
//! # Soft reset
//!
//! Writing `CTRL.soft_reset` empties every table through the command
//! processor, one command at a time, with `STATUS.reset_busy` high, and
//! returns every counter to 0 (ENGINE.md, "Soft reset").
//!
//! # Sizes
//!
//! `BraidEngine<CB, QB, PB, PI, WB, SQ, TA, PTR, TB, RCI, RCA, CMW, SRB,
//! SA, MA, MP>`: `2^CB`
//! connections, `2^QB` completion queues, `2^PB` paths per connection
//! (`PI = CB + PB`), and the derived widths of the blocks' own generics:
//! `WB = CB + 3`, `SQ = CB + 1`, `TA = CB + 5`, `PTR = PI + 1`, `TB` the
//! timer wheels' bucket bits, `RCI`/`RCA` `rq_fetch`'s cache index and
//! address bits, `CMW = CB + 171` (a completion record in the glue FIFO),
//! `SRB` the sprayer's rate-table bits (12 full, 8 tiny), `SA = PI + 8`
//! the slot table's address bits, and `msg_tracker`'s index bits `RCI`
//! (`CB + 2`, as `rq_fetch`'s contexts: connection x stream) with its slot
//! and queue-pointer bits `MA = RCI + 5` and `MP = RCI + 1`.
//! [`BraidEngineFull`]: 1,024 connections x 16 paths, 1,024 CQs;
//! [`BraidEngineMid`]: 512 connections x 16 paths, 512 CQs (U280, U55C);
//! [`BraidEngineTiny`]: 16 connections x 4 paths, 16 CQs.

mod cc_events;
mod cq_merge;
mod layout;
mod nack_rx;
mod path_ops;
pub mod records;
mod rehash;
mod retx;
mod rx_ack;
mod rx_msg;
mod rx_place;
mod soft_reset;
mod stats;
mod tx_header;

use crate::fifo::Fifo;
use crate::reg_block::{self, RegBlock};
use crate::skid::Skid;
use crate::{
    AckGen, CmdProc, CqWriter, DedupTable, DrArb, DwArb, MrCheck, MsgTracker, PathCc,
    PathWindowTable, RateHint, RqFetch, RxParser, RxPathTable, Segmenter, SlotTable, Sprayer,
    TimerWheel, TxBuilder, TxCompl, TxPathTable, TxPayload, WqeFetch,
};
use cc_events::CcEvents;
use cq_merge::CqMerge;
use layout::CM_FIXED;
use nack_rx::NackRx;
use path_ops::PathOps;
use rehash::Rehash;
use retx::Retx;
use rust_hdl::prelude::*;
use rx_ack::RxAck;
use rx_msg::RxMsg;
use rx_place::RxPlace;
use soft_reset::SoftReset;
use stats::Stats;
use tx_header::TxHeader;

/// Bits of `reg_block`'s AXI byte address.
pub const ADDR_BITS: usize = reg_block::ADDR_BITS;
const CFG_BITS: usize = reg_block::CFG_BITS;
const COUNTER_BITS: usize = reg_block::COUNTER_BITS;
const ARG_BITS: usize = reg_block::ARG_BITS;

hdl_block! {
    /// The packet engine (see the module documentation for what is wired).
    pub struct BraidEngine<
        const CB: usize,
        const QB: usize,
        const PB: usize,
        const PI: usize,
        const WB: usize,
        const SQ: usize,
        const TA: usize,
        const PTR: usize,
        const TB: usize,
        const RCI: usize,
        const RCA: usize,
        const CMW: usize,
        const SRB: usize,
        const SA: usize,
        const MA: usize,
        const MP: usize,
    > {
        /// Engine clock.
        pub clock: Signal<In, Clock>,
        /// AXI write address valid.
        pub awvalid: Signal<In, Bit>,
        /// AXI write address ready.
        pub awready: Signal<Out, Bit>,
        /// AXI write byte address.
        pub awaddr: Signal<In, Bits<ADDR_BITS>>,
        /// AXI write data valid.
        pub wvalid: Signal<In, Bit>,
        /// AXI write data ready.
        pub wready: Signal<Out, Bit>,
        /// AXI write data.
        pub wdata: Signal<In, Bits<32>>,
        /// AXI write strobes.
        pub wstrb: Signal<In, Bits<4>>,
        /// AXI write response valid.
        pub bvalid: Signal<Out, Bit>,
        /// AXI write response ready.
        pub bready: Signal<In, Bit>,
        /// AXI write response.
        pub bresp: Signal<Out, Bits<2>>,
        /// AXI read address valid.
        pub arvalid: Signal<In, Bit>,
        /// AXI read address ready.
        pub arready: Signal<Out, Bit>,
        /// AXI read byte address.
        pub araddr: Signal<In, Bits<ADDR_BITS>>,
        /// AXI read data valid.
        pub rvalid: Signal<Out, Bit>,
        /// AXI read data ready.
        pub rready: Signal<In, Bit>,
        /// AXI read data.
        pub rdata: Signal<Out, Bits<32>>,
        /// AXI read response.
        pub rresp: Signal<Out, Bits<2>>,
        /// DMA read request valid.
        pub rd_valid: Signal<Out, Bit>,
        /// DMA read request ready.
        pub rd_ready: Signal<In, Bit>,
        /// DMA read host address.
        pub rd_addr: Signal<Out, Bits<64>>,
        /// DMA read length in bytes.
        pub rd_len: Signal<Out, Bits<13>>,
        /// DMA read tag.
        pub rd_tag: Signal<Out, Bits<8>>,
        /// DMA read response beat valid.
        pub rs_valid: Signal<In, Bit>,
        /// DMA read response ready.
        pub rs_ready: Signal<Out, Bit>,
        /// DMA read response data (byte `i` in lane `i`).
        pub rs_data: Signal<In, Bits<512>>,
        /// DMA read response tag.
        pub rs_tag: Signal<In, Bits<8>>,
        /// Last beat of a read.
        pub rs_last: Signal<In, Bit>,
        /// The read failed.
        pub rs_err: Signal<In, Bit>,
        /// DMA write beat valid.
        pub dw_valid: Signal<Out, Bit>,
        /// DMA write ready.
        pub dw_ready: Signal<In, Bit>,
        /// DMA write host address of the write's first byte.
        pub dw_addr: Signal<Out, Bits<64>>,
        /// DMA write length in bytes.
        pub dw_len: Signal<Out, Bits<16>>,
        /// DMA write data (byte `64k + i` of the write in lane `i` of beat `k`).
        pub dw_data: Signal<Out, Bits<512>>,
        /// Last beat of a write.
        pub dw_last: Signal<Out, Bit>,
        /// MAC receive beat valid (no back-pressure).
        pub rx_valid: Signal<In, Bit>,
        /// MAC receive data.
        pub rx_data: Signal<In, Bits<512>>,
        /// MAC receive byte enables.
        pub rx_keep: Signal<In, Bits<64>>,
        /// Last beat of a received frame.
        pub rx_last: Signal<In, Bit>,
        /// MAC transmit beat valid.
        pub tx_valid: Signal<Out, Bit>,
        /// MAC transmit ready.
        pub tx_ready: Signal<In, Bit>,
        /// MAC transmit data.
        pub tx_data: Signal<Out, Bits<512>>,
        /// MAC transmit byte enables.
        pub tx_keep: Signal<Out, Bits<64>>,
        /// Last beat of a transmitted frame.
        pub tx_last: Signal<Out, Bit>,
        /// With `tx_last`: the frame's payload DMA read failed; the MAC side
        /// discards the frame (`cmac_adapter`'s `tx_bad`).
        pub tx_bad: Signal<Out, Bit>,
        /// Doorbells lost at a full doorbell FIFO.
        pub cnt_db_dropped: Signal<Out, Bits<32>>,
        /// CQ doorbells naming a CQ the build does not have.
        pub cnt_db_bad_cq: Signal<Out, Bits<32>>,
        /// Entries lost at a full glue FIFO (never expected).
        pub cnt_glue_overflow: Signal<Out, Bits<32>>,
        /// Packets dropped at the transmit lookup: their connection was
        /// destroyed after they were cut.
        pub cnt_tx_no_conn: Signal<Out, Bits<32>>,
        /// Payloads whose DMA read failed (the frame is still sent).
        pub cnt_pl_err: Signal<Out, Bits<32>>,
        /// Received frames the parser dropped (any reason of `rx_parser`).
        pub cnt_rx_bad: Signal<Out, Bits<32>>,
        /// Received frames dropped whole before the parser: receive side
        /// disabled, or its payload or descriptor FIFO too full.
        pub cnt_rx_gate: Signal<Out, Bits<32>>,
        /// Data packets whose CSN was already received (`dedup_table`): their
        /// payload is dropped, their path still acknowledges them.
        pub cnt_rx_dup: Signal<Out, Bits<32>>,
        /// Data packets whose CSN is outside the dedup window: dropped whole.
        pub cnt_rx_oow: Signal<Out, Bits<32>>,
        /// ACK frames handed to `tx_builder`.
        pub cnt_ack_tx: Signal<Out, Bits<32>>,
        /// NACK frames handed to `tx_builder`.
        pub cnt_nack_tx: Signal<Out, Bits<32>>,
        /// ACKs received that `tx_path_table` accepted (its `cnt_acks`).
        pub cnt_ack_rx: Signal<Out, Bits<32>>,
        /// ACKs received that `tx_path_table` rejected: base PSN 512 or more
        /// behind the path's next PSN (stale, or for PSNs never sent).
        pub cnt_ack_rej: Signal<Out, Bits<32>>,
        /// ACKs received that name no path of this engine (connection number
        /// at or above the build's, or path number at or above `2^PB`).
        pub cnt_ack_bad: Signal<Out, Bits<32>>,
        /// Lost packets not retransmitted because their message's record was
        /// reused (the message completed: the peer has the packet) or their
        /// connection failed (a fatal NACK).
        pub cnt_retx_stale: Signal<Out, Bits<32>>,
        /// Well-formed NACKs received (every reason).
        pub cnt_nack_rx: Signal<Out, Bits<32>>,
        /// Of them, NO_RECV_BUFFER: no action here (the refused packet stays a
        /// hole on its path and is resent by the path's timer or a later
        /// packet's SACK).
        pub cnt_nack_rnr: Signal<Out, Bits<32>>,
        /// Connections failed by a fatal NACK.
        pub cnt_nack_fail: Signal<Out, Bits<32>>,
        /// Fatal NACKs that failed nothing: connection number at or above the
        /// build's, connection not valid (destroyed, or failed already), or a
        /// CSN outside the connection's window (`tx_compl`'s `RES_STALE`).
        pub cnt_nack_drop: Signal<Out, Bits<32>>,

        // ---- blocks
        rb: RegBlock = RegBlock::new(reg_block::caps(
            1 << CB,
            1 << PB,
            braid_spec::state::MAX_STREAMS as u32,
        )),
        cp: CmdProc<CB, PB, PI, QB, RCI>,
        mrc: MrCheck,
        cqw: CqWriter<QB>,
        wf: WqeFetch<CB>,
        rqf: RqFetch<CB, RCI, RCA>,
        seg: Segmenter<CB, WB, SQ>,
        tc: TxCompl<CB, TA, SQ>,
        dd: DedupTable<CB>,
        mt: MsgTracker<RCI, MA, MP>,
        rpt: RxPathTable<PI>,
        tpt: TxPathTable<PI, PTR>,
        pcc: PathCc<PI>,
        pwt: PathWindowTable<PI, CB, PB>,
        rtw: TimerWheel<PI, PTR, TB>,
        atw: TimerWheel<PI, PTR, TB>,
        ag: AckGen,
        rh: RateHint<CB>,
        dra: DrArb,
        dwa: DwArb,
        spr: Sprayer<CB, SRB>,
        slt: SlotTable<PI, SA>,
        txp: TxPayload,
        txb: TxBuilder,
        rxp: RxParser,
        /// tx_header (`braid_engine/tx_header.rs`).
        tx_header: TxHeader<CB, PI>,
        /// rx_ack (`braid_engine/rx_ack.rs`).
        rx_ack: RxAck<CB, PB, PI>,
        /// rx_msg (`braid_engine/rx_msg.rs`).
        rx_msg: RxMsg<CB, QB, RCI>,
        /// nack_rx (`braid_engine/nack_rx.rs`).
        nack_rx: NackRx<CB, QB, PB, CMW>,
        /// path_ops (`braid_engine/path_ops.rs`).
        path_ops: PathOps<CB, PI>,
        /// retx (`braid_engine/retx.rs`).
        retx: Retx<CB, PI, TA>,
        /// The receive path's placement stage (`braid_engine/rx_place.rs`).
        rx_place: RxPlace<CB, PB>,
        stats: Stats<CB, PB, PI>,
        soft_reset: SoftReset<CB, QB>,
        cq_merge: CqMerge<CB, QB>,
        cc_events: CcEvents<PI>,
        // ---- glue FIFOs (records with a table: `braid_engine/records.rs`)
        // host: the SQ, RQ and CQ doorbells written to BAR0; the
        // segmenter's completion records (conn 171, status 163, signaled
        // 162, stream 160, msn 128, len 96, wr_id 32, last CSN 0), its WQE
        // credits back to wqe_fetch (conn), tx_compl's `una` returns to it
        // (conn)
        sq_db_q: Fifo<32, 4>,
        rq_db_q: Fifo<32, 4>,
        cq_db_q: Fifo<32, 4>,
        seg_done_q: Fifo<CMW, 5>,
        wqe_credit_q: Fifo<CB, 6>,
        una_q: Fifo<CB, 6>,
        // send path (ENGINE.md "Send pipeline"), descriptors `D`: new from
        // the segmenter, waiting for the sprayer's result, with their path,
        // retries waiting for the next PICK; `H` for the header stage; `S`,
        // the register slice into tx_builder; the DMA read requests of
        // wqe_fetch and rq_fetch (address 0, length 64, tag 77)
        desc_q: Fifo<448, 5>,
        pick_q: Fifo<448, 4>,
        sprayed_q: Fifo<448, 4>,
        retry_q: Fifo<448, 6>,
        hdr_q: Fifo<512, 4>,
        frame_skid: Skid<1420>,
        wqe_rd_q: Fifo<85, 2>,
        rq_rd_q: Fifo<85, 2>,
        // receive path: packets for the SACK state (`P`, from rx_place to
        // rx_ack); the ACK wheel's timeouts (path) and its ARMs (deadline 0,
        // path 32)
        sack_req_q: Fifo<162, 5>,
        ack_timer_q: Fifo<16, 4>,
        ack_arm_q: Fifo<48, 5>,
        aw_cmd: Signal<Local, Bit>,
        aw_go: Signal<Local, Bit>,
        // ACK intake: received ACKs (`A`), path_cc's ACK events (`E`), the
        // CSN bases for tx_compl and for the segmenter (conn 0, CSN 16)
        ack_rx_q: Fifo<416, 5>,
        cc_ack_q: Fifo<60, 5>,
        compl_csn_q: Fifo<48, 5>,
        seg_csn_q: Fifo<48, 5>,
        // retransmission descriptors (`D`) ready for a PICK
        retx_q: Fifo<448, 6>,
        // path_cc: SEND events (path), the RTO wheel's timeouts (path), RTO
        // wheel operations (kind 0, deadline 2, path 34), tx_path_table
        // timeouts (path)
        cc_send_q: Fifo<16, 5>,
        rto_fired_q: Fifo<16, 4>,
        rto_op_q: Fifo<48, 5>,
        path_timeout_q: Fifo<16, 4>,
        /// Re-hash and retirement (`braid_engine/rehash.rs`).
        rehash: Rehash<CB, PI>,
        cnt_vec: Signal<Local, Bits<COUNTER_BITS>>,
        // NACK intake: received NACKs (`K`), the failure in flight, each
        // connection's failed bit
        nack_q: Fifo<104, 5>,
        // the NO_RECV_BUFFER back-off: the refused packet's slot-table
        // entry looked up (`rnr_lookup_q`, then `retx`'s `rnr_entry_q`: idx
        // 0, PSN 16, CSN 48), its PSN resolved on its path
        // (`rnr_resolve_q`: idx 0, PSN 16, entry 48; `rnr_resolved_q`: idx
        // 0, entry 16), then held until its deadline (`rnr_hold_q`: deadline
        // 0, idx 32, entry 48) before the retransmission rebuild takes it
        rnr_lookup_q: Fifo<80, 4>,
        rnr_resolve_q: Fifo<120, 4>,
        rnr_resolved_q: Fifo<88, 4>,
        rnr_hold_q: Fifo<120, 4>,
        r_res: Signal<Local, Bit>,
        r_ok: Signal<Local, Bit>,
        rel: Signal<Local, Bit>,
        fail_conn: DFF<Bits<CB>>,
        fail_flush: DFF<Bit>,
        nk_dinc: Signal<Local, Bits<2>>,
        n_nack_rx: DFF<Bits<32>>,
        n_nack_rnr: DFF<Bits<32>>,
        n_nack_fail: DFF<Bits<32>>,
        n_nack_drop: DFF<Bits<32>>,
        conn_failed: RAM<Bits<1>, CB>,
        // a copy of `conn_failed` read at PICK: a failed connection's descriptor
        // whose PICK found no path is dropped (`pick_dead_q`: the bit beside `pick_q`)
        conn_failed_pick: RAM<Bits<1>, CB>,
        pick_dead_q: Fifo<1, 4>,
        pick_v1: DFF<Bit>,
        s_dead: Signal<Local, Bit>,
        // message completion: placed packets waiting for msg_tracker (`M`),
        // receive completion events (`F`: see `cq_merge`), the consumed
        // receives' results (wr_id 0, ok 64); each connection's CQ
        placed_q: Fifo<128, 5>,
        rx_done_q: Fifo<127, 5>,
        consumed_q: Fifo<65, 5>,
        conn_cq: RAM<Bits<QB>, CB>,
        k_nc: Constant<Bits<24>> = Constant::new(bits::<24>(1 << CB)),
        k_np: Constant<Bits<8>> = Constant::new(bits::<8>(1 << PB)),
        k_pb: Constant<Bits<8>> = Constant::new(bits::<8>(PB as u64)),
        // ---- registers
        now: DFF<Bits<32>>,
        n_db_drop: DFF<Bits<32>>,
        n_db_bad_cq: DFF<Bits<32>>,
        n_glue_ovf: DFF<Bits<32>>,
        held: DFF<Bits<8>>,
        n_tx_pkts: DFF<Bits<32>>,
        n_tx_drop: DFF<Bits<32>>,
        n_pl_err: DFF<Bits<32>>,
        pick_room: DFF<Bit>,
        n_rx_pkts: DFF<Bits<32>>,
        n_rx_refused: DFF<Bits<32>>,
        n_rx_bytes: DFF<Bits<64>>,
        n_rx_bad: DFF<Bits<32>>,
        n_rx_gate: DFF<Bits<32>>,
        db_inc: DFF<Bits<2>>,
        gl_inc: DFF<Bits<3>>,
        n_ack_bad: DFF<Bits<32>>,
        hint_v: DFF<Bit>,
        hint_conn: DFF<Bits<CB>>,
        hint_rate: DFF<Bits<16>>,
        dd_cmd: Signal<Local, Bit>,
        lost_room: DFF<Bit>,
        retx_stale: DFF<Bit>,
        n_tx_retx: DFF<Bits<32>>,
        n_retx_stale: DFF<Bits<32>>,
        n_tx_timeouts: DFF<Bits<32>>,
        n_rx_msgs: DFF<Bits<32>>,
        sr_clr: Signal<Local, Bit>,
        eng_en: Signal<Local, Bit>,
        // ---- locals
        cq_db_idx: Signal<Local, Bits<16>>,
        cq_db_ok: Signal<Local, Bit>,
        db_drops: Signal<Local, Bits<2>>,
        glue_drops: Signal<Local, Bits<2>>,
        cm_sig: Signal<Local, Bits<1>>,
        o_sq: Signal<Local, Bits<2>>,
        o_rq: Signal<Local, Bits<2>>,
        o_cq: Signal<Local, Bits<2>>,
        o_cm: Signal<Local, Bits<2>>,
        o_cr: Signal<Local, Bits<2>>,
        o_una: Signal<Local, Bits<2>>,
        seg_push: Signal<Local, Bit>,
        sp_cmd_op: Signal<Local, Bit>,
        pick_ok: Signal<Local, Bit>,
        pick_d: Signal<Local, Bits<448>>,
        pick_len: Signal<Local, Bits<14>>,
        sres: Signal<Local, Bit>,
        tacc: Signal<Local, Bit>,
        mark: Signal<Local, Bits<1>>,
        fill1: Signal<Local, Bits<16>>,
        held_up: Signal<Local, Bits<8>>,
        held_inc: Signal<Local, Bits<2>>,
        held_dec: Signal<Local, Bits<2>>,
        lost_take: Signal<Local, Bit>,
        pick_retx: Signal<Local, Bit>,
        r_to: Signal<Local, Bit>,
        rw_cmd: Signal<Local, Bit>,
        rw_go: Signal<Local, Bit>,
        s2_ovf: Signal<Local, Bits<2>>,
        t_vlan: Signal<Local, Bits<1>>,
        t_ipv6: Signal<Local, Bits<1>>,
        a_res: Signal<Local, Bit>,
        a_m: Signal<Local, Bits<9>>,
    }
    setup {
        assert!(PI == CB + PB && WB == CB + 3 && SQ == CB + 1 && TA == CB + 5);
        assert!(PTR == PI + 1 && CMW == CB + CM_FIXED && PB <= 4 && QB <= 16);
        assert!(SA == PI + 8 && CB <= 12 && (SRB == 8 || SRB == 12));
        assert!(RCI == CB + 2);
        MsgTracker::<RCI, MA, MP>::check_shape();
    }
}

/// The default build: 1,024 connections x 16 paths, 1,024 CQs.
pub type BraidEngineFull =
    BraidEngine<10, 10, 4, 14, 13, 11, 15, 15, 12, 12, 16, 181, 12, 22, 17, 13>;
/// The mid build for the cards with 960 UltraRAMs (U280, U55C): 512
/// connections x 16 paths, 512 CQs.
pub type BraidEngineMid = BraidEngine<9, 9, 4, 13, 12, 10, 14, 14, 11, 11, 15, 180, 12, 21, 16, 12>;
/// The tiny build for open boards: 16 connections x 4 paths, 16 CQs.
pub type BraidEngineTiny = BraidEngine<4, 4, 2, 6, 7, 5, 9, 7, 4, 6, 10, 175, 8, 14, 11, 7>;

// (the register and instance lists stay compact)
#[rustfmt::skip::macros(dff_setup, clock)]
impl<
        const CB: usize,
        const QB: usize,
        const PB: usize,
        const PI: usize,
        const WB: usize,
        const SQ: usize,
        const TA: usize,
        const PTR: usize,
        const TB: usize,
        const RCI: usize,
        const RCA: usize,
        const CMW: usize,
        const SRB: usize,
        const SA: usize,
        const MA: usize,
        const MP: usize,
    > Logic for BraidEngine<CB, QB, PB, PI, WB, SQ, TA, PTR, TB, RCI, RCA, CMW, SRB, SA, MA, MP>
{
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, now, n_db_drop, n_db_bad_cq, n_glue_ovf, held, n_tx_pkts, n_tx_drop,
            n_pl_err, pick_room, n_rx_pkts, n_rx_refused, n_rx_bytes, n_rx_bad, n_rx_gate, db_inc,
            gl_inc, n_ack_bad, hint_v, hint_conn, hint_rate, pick_v1, fail_conn, fail_flush,
            n_nack_rx, n_nack_rnr, n_nack_fail, n_nack_drop, lost_room, retx_stale, n_tx_retx,
            n_retx_stale, n_tx_timeouts, n_rx_msgs
        );
        clock!(
            self, clock, rb, cp, mrc, cqw, wf, rqf, seg, tc, dd, mt, rh, rpt, tpt, pcc, pwt, rtw,
            atw, ag, dra, dwa, sq_db_q, rq_db_q, cq_db_q, seg_done_q, wqe_credit_q, una_q, spr, slt,
            txp, txb, desc_q, pick_q, pick_dead_q, sprayed_q, retry_q, hdr_q, frame_skid, wqe_rd_q,
            rq_rd_q, rxp, tx_header, rx_ack, rx_msg, nack_rx, path_ops, retx, rx_place, stats,
            soft_reset, cq_merge, cc_events, sack_req_q, ack_timer_q, ack_arm_q, ack_rx_q, nack_q,
            rnr_lookup_q, rnr_resolve_q, rnr_resolved_q, rnr_hold_q, cc_ack_q, compl_csn_q,
            seg_csn_q, retx_q, cc_send_q, rto_fired_q, rto_op_q, path_timeout_q, rehash, placed_q,
            rx_done_q, consumed_q
        );
        self.conn_failed_pick.read_clock.next = self.clock.val();
        self.conn_failed_pick.write_clock.next = self.clock.val();
        self.conn_failed.read_clock.next = self.clock.val();
        self.conn_failed.write_clock.next = self.clock.val();
        self.conn_cq.read_clock.next = self.clock.val();
        self.conn_cq.write_clock.next = self.clock.val();

        // ---- the engine's tick counter
        self.now.d.next = self.now.q.val() + 1;

        // ---- BAR0
        self.rb.awvalid.next = self.awvalid.val();
        self.awready.next = self.rb.awready.val();
        self.rb.awaddr.next = self.awaddr.val();
        self.rb.wvalid.next = self.wvalid.val();
        self.wready.next = self.rb.wready.val();
        self.rb.wdata.next = self.wdata.val();
        self.rb.wstrb.next = self.wstrb.val();
        self.bvalid.next = self.rb.bvalid.val();
        self.rb.bready.next = self.bready.val();
        self.bresp.next = self.rb.bresp.val();
        self.rb.arvalid.next = self.arvalid.val();
        self.arready.next = self.rb.arready.val();
        self.rb.araddr.next = self.araddr.val();
        self.rvalid.next = self.rb.rvalid.val();
        self.rb.rready.next = self.rready.val();
        self.rdata.next = self.rb.rdata.val();
        self.rresp.next = self.rb.rresp.val();
        // ---- soft reset (`braid_engine/soft_reset.rs`): the sweep, and the
        // command processor's command (the host's, or the sweep's)
        self.soft_reset.rb_soft_reset.next = self.rb.soft_reset.val();
        self.soft_reset.rb_ctrl_enable.next = self.rb.ctrl_enable.val();
        self.soft_reset.rb_cmd_valid.next = self.rb.cmd_valid.val();
        self.soft_reset.rb_cmd_opcode.next = self.rb.cmd_opcode.val();
        self.soft_reset.rb_cmd_args.next = self.rb.cmd_args.val();
        self.soft_reset.cp_cmd_done.next = self.cp.cmd_done.val();
        self.soft_reset.cp_cmd_error.next = self.cp.cmd_error.val();
        self.rb.reset_busy.next = self.soft_reset.rb_reset_busy.val();
        self.rb.cmd_done.next = self.soft_reset.rb_cmd_done.val();
        self.rb.cmd_error.next = self.soft_reset.rb_cmd_error.val();
        self.cp.cmd_valid.next = self.soft_reset.cp_cmd_valid.val();
        self.cp.cmd_opcode.next = self.soft_reset.cp_cmd_opcode.val();
        self.cp.cmd_args.next = self.soft_reset.cp_cmd_args.val();
        self.eng_en.next = self.soft_reset.eng_en.val();
        self.sr_clr.next = self.soft_reset.sr_clr.val();

        // mr: the region table's write port is the command processor's alone
        self.mrc.wr_valid.next = self.cp.mr_valid.val();
        self.cp.mr_ready.next = true;
        self.mrc.wr_index.next = self.cp.mr_index.val();
        self.mrc.wr_entry_valid.next = self.cp.mr_entry_valid.val();
        self.mrc.wr_key.next = self.cp.mr_key.val();
        self.mrc.wr_pd.next = self.cp.mr_pd.val();
        self.mrc.wr_access.next = self.cp.mr_access.val();
        self.mrc.wr_base.next = self.cp.mr_base.val();
        self.mrc.wr_end.next = self.cp.mr_end.val();

        // sq: wqe_fetch's contexts; results of CREATE / DESTROY go back
        self.wf.enable.next = self.eng_en.val();
        self.wf.cmd_valid.next = self.cp.sq_valid.val();
        self.cp.sq_ready.next = self.wf.cmd_ready.val();
        self.wf.cmd_op.next = self.cp.sq_op.val();
        self.wf.cmd_conn.next = self.cp.sq_conn.val();
        self.wf.cmd_iova.next = self.cp.sq_iova.val();
        self.wf.cmd_log2.next = self.cp.sq_log2.val();
        self.cp.sq_res_valid.next = self.wf.res_valid.val()
            & !self.wf.res_op.val().get_bit(2)
            & !self.wf.res_op.val().get_bit(1);
        self.cp.sq_res_refused.next = self.wf.res_refused.val();
        self.cp.sq_rd_issue.next = self.wf.rd_valid.val() & !self.wqe_rd_q.full.val();
        self.cp.sq_rd_done.next =
            self.dra.a_rs_valid.val() & self.wf.rs_ready.val() & self.dra.rs_last.val();

        // seg: the segmenter's INIT / FLUSH
        // the segmenter's commands: the command processor's, then a failed
        // connection's FLUSH (NACK intake)
        self.seg.sc_valid.next = self.cp.seg_valid.val() | self.fail_flush.q.val();
        self.cp.seg_ready.next = self.seg.sc_ready.val();
        if self.cp.seg_valid.val() {
            self.seg.sc_op.next = self.cp.seg_op.val();
            self.seg.sc_conn.next = self.cp.seg_conn.val();
        } else {
            self.seg.sc_op.next = true;
            self.seg.sc_conn.next = self.fail_conn.q.val();
        }

        // dd, rp: valid-only ports shared with the receive path, which
        // yields to a command in the same clock (see the receive path); mt,
        // cc: granted (no data path yet). The dedup INIT (once per
        // CREATE_CONN) is also the rate hint's set-up: granted while
        // rx_rate_hint has no set-up pending
        self.dd_cmd.next = self.cp.dd_valid.val() & self.rh.st_ready.val();
        self.cp.dd_ready.next = self.rh.st_ready.val();
        self.mt.init_valid.next = self.cp.mt_valid.val();
        self.cp.mt_ready.next = true;
        self.mt.init_index.next = self.cp.mt_index.val();
        self.mt.init_msn.next = self.cp.mt_msn.val();
        self.cp.rp_ready.next = true;
        self.rpt.cfg_ack_coalesce.next = self.rb.cfg_regs.val().get_bits::<8>(384);
        // ---- path_cc's events (`braid_engine/cc_events.rs`)
        self.cc_events.cp_cc_valid.next = self.cp.cc_valid.val();
        self.cc_events.cp_cc_kind.next = self.cp.cc_kind.val();
        self.cc_events.cp_cc_idx.next = self.cp.cc_idx.val();
        self.cc_events.pwt_cc_ready.next = self.pwt.cc_ready.val();
        self.cc_events.cc_ack_q_valid.next = self.cc_ack_q.valid.val();
        self.cc_events.cc_ack_q_dout.next = self.cc_ack_q.dout.val();
        self.cc_events.rto_op_q_fill.next = self.rto_op_q.fill.val();
        self.cc_events.path_timeout_q_fill.next = self.path_timeout_q.fill.val();
        self.cc_events.rehash_q_fill.next = self.rehash.rehash_q_fill.val();
        self.cc_events.rto_fired_q_valid.next = self.rto_fired_q.valid.val();
        self.cc_events.rto_fired_q_dout.next = self.rto_fired_q.dout.val();
        self.cc_events.cc_send_q_dout.next = self.cc_send_q.dout.val();
        self.cc_events.cc_send_q_valid.next = self.cc_send_q.valid.val();
        self.cp.cc_ready.next = self.cc_events.cp_cc_ready.val();
        self.cc_ack_q.pop.next = self.cc_events.cc_ack_q_pop.val();
        self.rto_fired_q.pop.next = self.cc_events.rto_fired_q_pop.val();
        self.cc_send_q.pop.next = self.cc_events.cc_send_q_pop.val();
        self.pcc.ev_valid.next = self.cc_events.pcc_ev_valid.val();
        self.pcc.idle.next = self.cc_events.pcc_idle.val();
        self.pcc.idx.next = self.cc_events.pcc_idx.val();
        self.pcc.n.next = self.cc_events.pcc_n.val();
        self.pcc.ev_kind.next = self.cc_events.pcc_ev_kind.val();
        self.pcc.rtt_valid.next = self.cc_events.pcc_rtt_valid.val();
        self.pcc.rtt.next = self.cc_events.pcc_rtt.val();
        self.pcc.m.next = self.cc_events.pcc_m.val();
        self.pcc.now.next = self.now.q.val();
        self.pcc.cfg_cwnd_init.next = self.rb.cfg_regs.val().get_bits::<24>(128);
        self.pcc.cfg_cwnd_min.next = self.rb.cfg_regs.val().get_bits::<24>(160);
        self.pcc.cfg_cwnd_max.next = self.rb.cfg_regs.val().get_bits::<24>(192);
        self.pcc.cfg_alpha_init.next = self.rb.cfg_regs.val().get_bits::<16>(224);
        self.pcc.cfg_rto_min.next = self.rb.cfg_regs.val().get_bits::<32>(256);
        self.pcc.cfg_rto_max.next = self.rb.cfg_regs.val().get_bits::<32>(288);
        self.pcc.cfg_rehash_after.next = self.rb.cfg_regs.val().get_bits::<8>(320);
        self.pcc.cfg_retire_after.next = self.rb.cfg_regs.val().get_bits::<8>(328);
        self.pcc.cfg_g.next = self.rb.cfg_regs.val().get_bits::<2>(240);

        // tp: tx_path_table INIT from the command processor; SEND from the
        // send path below (the command goes first)
        // (a command is taken only while path_window_table can take its
        // result; the ACKs' and the SENDs' op-port logic is below)
        self.cp.tp_ready.next = self.tpt.op_ready.val() & self.pwt.tx_ready.val();
        // lost PSNs: taken while fewer than 30 descriptors are held (the
        // flag is one clock old), the segmenter's only below 24, so new data
        // never fills the send path against a proven loss; the
        // retransmission pipeline is below
        self.lost_room.d.next = self.held.q.val() < bits::<8>(30);
        self.tpt.lost_ready.next = self.lost_room.q.val();
        self.lost_take.next = self.tpt.lost_valid.val() & self.lost_room.q.val();

        // path_window_table: every tx_path_table result (TX port) and every
        // path_cc result (CC port); its mask writes go to the sprayer
        self.pwt.tx_valid.next = self.tpt.res_valid.val();
        // (a resolve changes the window as an ACK does)
        if self.tpt.res_op.val() == bits::<3>(5) {
            self.pwt.tx_op.next = bits::<3>(3);
        } else {
            self.pwt.tx_op.next = self.tpt.res_op.val();
        }
        self.pwt.tx_idx.next = self.tpt.res_idx.val();
        self.pwt.tx_accepted.next = self.tpt.res_accepted.val();
        self.pwt.tx_rejected.next = self.tpt.res_rejected.val();
        self.pwt.tx_acked.next = self.tpt.res_acked.val();
        self.pwt.tx_lost.next = self.tpt.res_lost.val();
        self.pwt.tx_una.next = self.tpt.res_una.val();
        self.pwt.tx_nxt.next = self.tpt.res_nxt.val();
        self.pwt.cc_valid.next = self.pcc.res_valid.val();
        self.pwt.cc_idx.next = self.pcc.res_idx.val();
        self.pwt.cc_cwnd.next = self.pcc.cwnd.val();
        self.pwt.cc_timeouts.next = self.pcc.timeouts.val();
        self.pwt.cc_failed.next = self.pcc.failed.val();
        self.pwt.rd_valid.next = false;
        self.pwt.rd_idx.next = 0.into();

        // path_cc's results (`cc_events`)
        self.cc_events.pcc_res_valid.next = self.pcc.res_valid.val();
        self.cc_events.pcc_res_idx.next = self.pcc.res_idx.val();
        self.cc_events.pcc_armed.next = self.pcc.armed.val();
        self.cc_events.pcc_fired.next = self.pcc.fired.val();
        self.cc_events.pcc_rto_deadline.next = self.pcc.rto_deadline.val();
        self.rto_op_q.push.next = self.cc_events.rto_op_q_push.val();
        self.rto_op_q.din.next = self.cc_events.rto_op_q_din.val();
        self.path_timeout_q.push.next = self.cc_events.path_timeout_q_push.val();
        self.path_timeout_q.din.next = self.cc_events.path_timeout_q_din.val();
        self.r_to.next = self.cc_events.r_to.val();
        if self.r_to.val() {
            self.n_tx_timeouts.d.next = self.n_tx_timeouts.q.val() + 1;
        }
        // ---- re-hash and retirement (`braid_engine/rehash.rs`)
        self.rehash.pcc_res_valid.next = self.pcc.res_valid.val();
        self.rehash.pcc_res_idx.next = self.pcc.res_idx.val();
        self.rehash.pcc_rehash.next = self.pcc.rehash.val();
        self.rehash.pcc_retire.next = self.pcc.retire.val();
        self.rehash.pwt_mk_valid.next = self.pwt.mk_valid.val();
        self.rehash.pwt_tx_ready.next = self.pwt.tx_ready.val();
        self.rehash.cp_sp_valid.next = self.cp.sp_valid.val();
        self.rehash.cp_sp_init.next = self.cp.sp_init.val();
        self.rehash.cp_sp_conn.next = self.cp.sp_conn.val();
        self.rehash.cp_sp_paths_m1.next = self.cp.sp_paths_m1.val();
        self.rehash.cp_tp_valid.next = self.cp.tp_valid.val();
        self.rehash.cp_tp_op.next = self.cp.tp_op.val();
        self.rehash.cp_tp_idx.next = self.cp.tp_idx.val();
        self.rehash.k_pb.next = self.k_pb.val();
        self.rehash.salt_read_address.next = self.tx_header.salt_read_address.val();
        self.rehash.retire_fail_we.next = self.nack_rx.retire_fail_we.val();
        self.rehash.retire_fail_wd.next = self.nack_rx.retire_fail_wd.val();
        self.rehash.sr_clr.next = self.sr_clr.val();
        // tw: DISARM into the RTO wheel (sel 0) or the ACK wheel (sel 1);
        // the RTO wheel then takes the ARMs and DISARMs of `rto_op_q`; its
        // timeouts enter `rto_fired_q` (path_cc's timeout events, above)
        self.rw_cmd.next = self.cp.tw_valid.val() & !self.cp.tw_sel.val();
        self.rw_go.next = self.rto_op_q.valid.val() & !self.rw_cmd.val() & self.rtw.op_ready.val();
        self.rto_op_q.pop.next = self.rw_go.val();
        self.rtw.op_valid.next = self.rw_cmd.val() | self.rw_go.val();
        // the ACK wheel: the command's DISARMs, then the coalescing ARMs of
        // `ack_arm_q` (below, at the path table's results)
        self.aw_cmd.next = self.cp.tw_valid.val() & self.cp.tw_sel.val();
        self.aw_go.next = self.ack_arm_q.valid.val() & !self.aw_cmd.val() & self.atw.op_ready.val();
        self.ack_arm_q.pop.next = self.aw_go.val();
        self.atw.op_valid.next = self.aw_cmd.val() | self.aw_go.val();
        if self.rw_cmd.val() {
            self.rtw.op_kind.next = self.cp.tw_kind.val();
            self.rtw.op_path.next = self.cp.tw_path.val();
            self.rtw.op_deadline.next = 0.into();
        } else {
            self.rtw.op_kind.next = self.rto_op_q.dout.val().get_bits::<2>(0);
            self.rtw.op_path.next = self.rto_op_q.dout.val().get_bits::<PI>(34);
            self.rtw.op_deadline.next = self.rto_op_q.dout.val().get_bits::<32>(2);
        }
        if self.aw_cmd.val() {
            self.atw.op_kind.next = self.cp.tw_kind.val();
            self.atw.op_path.next = self.cp.tw_path.val();
            self.atw.op_deadline.next = 0.into();
        } else {
            self.atw.op_kind.next = bits::<2>(1);
            self.atw.op_path.next = self.ack_arm_q.dout.val().get_bits::<PI>(32);
            self.atw.op_deadline.next = self.ack_arm_q.dout.val().get_bits::<32>(0);
        }
        if self.cp.tw_sel.val() {
            self.cp.tw_ready.next = self.atw.op_ready.val();
        } else {
            self.cp.tw_ready.next = self.rtw.op_ready.val();
        }
        self.rtw.now.next = self.now.q.val();
        self.atw.now.next = self.now.q.val();
        self.rtw.cfg_shift.next = self.rb.cfg_regs.val().get_bits::<5>(392);
        self.atw.cfg_shift.next = self.rb.cfg_regs.val().get_bits::<5>(400);
        self.rtw.ev_ready.next = self.rto_fired_q.fill.val() < bits::<16>(8);
        self.rto_fired_q.push.next =
            self.rtw.ev_valid.val() & (self.rto_fired_q.fill.val() < bits::<16>(8));
        self.rto_fired_q.din.next = bit_cast::<16, PI>(self.rtw.ev_path.val());
        self.atw.ev_ready.next = self.ack_timer_q.fill.val() < bits::<16>(8);
        self.ack_timer_q.push.next =
            self.atw.ev_valid.val() & (self.ack_timer_q.fill.val() < bits::<16>(8));
        self.ack_timer_q.din.next = bit_cast::<16, PI>(self.atw.ev_path.val());

        // ag: ack_gen's peer table
        self.ag.cfg_valid.next = self.cp.ag_valid.val();
        self.cp.ag_ready.next = true;
        self.ag.cfg_conn.next = bit_cast::<10, CB>(self.cp.ag_conn.val());
        self.ag.cfg_flags.next = self.cp.ag_flags.val();
        self.ag.cfg_peer_mac.next = self.cp.ag_peer_mac.val();
        self.ag.cfg_peer_ip.next = self.cp.ag_peer_ip.val();
        self.ag.cfg_udp_dport.next = self.cp.ag_udp_dport.val();
        self.ag.cfg_vlan_tci.next = self.cp.ag_vlan_tci.val();
        self.ag.cfg_dscp.next = self.cp.ag_dscp.val();
        self.ag.cfg_remote_conn.next = self.cp.ag_remote_conn.val();
        self.ag.probe_valid.next = false;
        self.ag.probe_conn.next = 0.into();
        self.ag.probe_path_id.next = 0.into();
        self.ag.probe_sport.next = 0.into();
        self.ag.probe_seq.next = 0.into();
        self.ag.probe_ts.next = 0.into();
        self.ag.src_mac.next = (bit_cast::<48, 16>(self.rb.cfg_regs.val().get_bits::<16>(32))
            << bits::<6>(32))
            | bit_cast::<48, 32>(self.rb.cfg_regs.val().get_bits::<32>(0));
        self.ag.src_ip4.next = self.rb.cfg_regs.val().get_bits::<32>(64);
        self.ag.src_ip6.next = 0.into();
        self.ag.ttl.next = 64.into();
        self.ag.now.next = self.now.q.val();
        self.ag.data_ack_base_psn.next = 0.into();
        self.ag.data_ack_csn_base.next = 0.into();
        self.ag.data_ack_ts_echo.next = 0.into();
        self.ag.data_ack_ecn_count.next = 0.into();
        self.ag.data_ack_rate_hint.next = 0.into();
        self.ag.data_ack_sack.next = 0.into();
        self.ag.data_nack_reason.next = 0.into();
        self.ag.data_nack_psn.next = 0.into();
        self.ag.data_nack_csn.next = 0.into();
        self.ag.data_nack_detail.next = 0.into();
        self.ag.data_probe_seq.next = 0.into();
        self.ag.data_probe_ts.next = 0.into();

        // rq: receive-queue contexts
        self.rqf.cmd_valid.next = self.cp.rq_valid.val();
        self.cp.rq_ready.next = self.rqf.cmd_ready.val();
        self.rqf.cmd_op.next = self.cp.rq_op.val();
        self.rqf.cmd_conn.next = self.cp.rq_conn.val();
        self.rqf.cmd_stream.next = self.cp.rq_stream.val();
        self.rqf.cmd_iova.next = self.cp.rq_iova.val();
        self.rqf.cmd_log2.next = self.cp.rq_log2.val();
        // (MATCH: the receive path's D1; CONSUME: message completion)

        // ---- doorbells
        self.sq_db_q.push.next = self.rb.db_sq_valid.val();
        self.sq_db_q.din.next = self.rb.db_sq.val();
        self.wf.db_valid.next = self.sq_db_q.valid.val();
        self.wf.db_conn.next = self.sq_db_q.dout.val().get_bits::<16>(16);
        self.wf.db_pi.next = self.sq_db_q.dout.val().get_bits::<16>(0);
        self.sq_db_q.pop.next = self.wf.db_ready.val();
        self.rq_db_q.push.next = self.rb.db_rq_valid.val();
        self.rq_db_q.din.next = self.rb.db_rq.val();
        self.rqf.db_valid.next = self.rq_db_q.valid.val();
        self.rqf.db_pi.next = self.rq_db_q.dout.val().get_bits::<16>(0);
        self.rqf.db_stream.next = self.rq_db_q.dout.val().get_bits::<4>(16);
        self.rqf.db_conn.next = self.rq_db_q.dout.val().get_bits::<12>(20);
        self.rq_db_q.pop.next = self.rqf.db_ready.val();
        self.cq_db_q.push.next = self.rb.db_cq_valid.val();
        self.cq_db_q.din.next = self.rb.db_cq.val();
        self.cq_db_idx.next = self.cq_db_q.dout.val().get_bits::<16>(16);
        self.cq_db_ok.next =
            bit_cast::<16, QB>(self.cq_db_idx.val().get_bits::<QB>(0)) == self.cq_db_idx.val();

        // ---- WQEs into the segmenter, credits back
        self.seg.mtu_code.next = self.rb.cfg_regs.val().get_bits::<2>(112);
        self.seg.w_valid.next = self.wf.wqe_valid.val();
        self.wf.wqe_ready.next = self.seg.w_ready.val();
        self.seg.w_conn.next = self.wf.wqe_conn.val();
        self.seg.w_idx.next = self.wf.wqe_index.val();
        self.seg.w_opcode.next = self.wf.wqe_opcode.val();
        self.seg.w_flags.next = self.wf.wqe_flags.val();
        self.seg.w_stream.next = self.wf.wqe_stream.val();
        self.seg.w_len.next = self.wf.wqe_len.val();
        self.seg.w_wr_id.next = self.wf.wqe_wr_id.val();
        self.seg.w_imm.next = self.wf.wqe_imm.val();
        self.seg.w_rkey.next = self.wf.wqe_rkey.val();
        self.seg.w_raddr.next = self.wf.wqe_remote_addr.val();
        self.seg.w_sge_addr.next = self.wf.wqe_sge_addr.val();
        self.seg.w_lkey.next = self.wf.wqe_sge_lkey.val();
        self.seg.w_bad.next = self.wf.wqe_bad.val();
        self.wqe_credit_q.push.next = self.seg.cr_valid.val();
        self.wqe_credit_q.din.next = self.seg.cr_conn.val();
        self.wf.cr_valid.next = self.wqe_credit_q.valid.val();
        self.wf.cr_conn.next = self.wqe_credit_q.dout.val();
        self.wf.cr_n.next = 1.into();
        self.wqe_credit_q.pop.next = self.wf.cr_ready.val();
        // no ACKs and no packet output yet
        // the received ACKs' CSN bases (`seg_csn_q`: conn 0, csn 16) move the
        // segmenter's CSN window (`csn_una`)
        self.seg.ack_valid.next = self.seg_csn_q.valid.val();
        self.seg.ack_conn.next = self.seg_csn_q.dout.val().get_bits::<CB>(0);
        self.seg.ack_csn_base.next = self.seg_csn_q.dout.val().get_bits::<32>(16);
        self.seg_csn_q.pop.next = self.seg.ack_ready.val();

        // ---- segmenter completion records into tx_compl, una back
        self.seg_done_q.push.next = self.seg.cm_valid.val();
        self.cm_sig.next = self.seg.cm_signaled.val().into();
        self.seg_done_q.din.next = (bit_cast::<CMW, CB>(self.seg.cm_conn.val()) << bits::<8>(171))
            | (bit_cast::<CMW, 8>(self.seg.cm_status.val()) << bits::<8>(163))
            | (bit_cast::<CMW, 1>(self.cm_sig.val()) << bits::<8>(162))
            | (bit_cast::<CMW, 2>(self.seg.cm_stream.val().get_bits::<2>(0)) << bits::<8>(160))
            | (bit_cast::<CMW, 32>(self.seg.cm_msn.val()) << bits::<8>(128))
            | (bit_cast::<CMW, 32>(self.seg.cm_len.val()) << bits::<8>(96))
            | (bit_cast::<CMW, 64>(self.seg.cm_wr_id.val()) << bits::<8>(32))
            | bit_cast::<CMW, 32>(self.seg.cm_last_csn.val());
        // the segmenter's records reach `cmd_proc`'s record fence;
        // `tx_compl`'s `una` returns go back to the segmenter through `una_q`
        self.cp.cm_emit.next = self.seg.cm_valid.val();
        self.una_q.push.next = self.tc.una_valid.val();
        self.una_q.din.next = self.tc.una_conn.val();
        self.seg.mc_valid.next = self.una_q.valid.val();
        self.seg.mc_conn.next = self.una_q.dout.val();
        self.una_q.pop.next = self.seg.mc_ready.val();
        // ---- nack_rx (`braid_engine/nack_rx.rs`)
        self.nack_rx.nack_q_dout.next = self.nack_q.dout.val();
        self.nack_rx.nack_q_valid.next = self.nack_q.valid.val();
        self.nack_rx.tc_op_ready.next = self.tc.op_ready.val();
        self.nack_rx.cp_tc_valid.next = self.cp.tc_valid.val();
        self.nack_rx.rnr_lookup_q_fill.next = self.rnr_lookup_q.fill.val();
        self.nack_rx.n_nack_rnr_q.next = self.n_nack_rnr.q.val();
        self.nack_rx.retire_fail_q.next = self.rehash.retire_fail.val();
        self.nack_rx.retire_fail_conn_q.next = self.rehash.retire_fail_conn.val();
        self.nack_rx.tc_res_valid.next = self.tc.res_valid.val();
        self.nack_rx.tc_res_code.next = self.tc.res_code.val();
        self.nack_rx.n_nack_fail_q.next = self.n_nack_fail.q.val();
        self.nack_rx.fail_flush_q.next = self.fail_flush.q.val();
        self.nack_rx.cp_seg_valid.next = self.cp.seg_valid.val();
        self.nack_rx.seg_sc_ready.next = self.seg.sc_ready.val();
        self.nack_rx.tc_res_conn.next = self.tc.res_conn.val();
        self.nack_rx.tc_res_op.next = self.tc.res_op.val();
        self.nack_rx.compl_csn_q_valid.next = self.compl_csn_q.valid.val();
        self.nack_rx.seg_done_q_valid.next = self.seg_done_q.valid.val();
        self.nack_rx.seg_done_q_dout.next = self.seg_done_q.dout.val();
        self.nack_rx.cp_tc_cq.next = self.cp.tc_cq.val();
        self.nack_rx.cp_tc_op.next = self.cp.tc_op.val();
        self.nack_rx.cp_tc_conn.next = self.cp.tc_conn.val();
        self.nack_rx.cp_tc_csn.next = self.cp.tc_csn.val();
        self.nack_rx.compl_csn_q_dout.next = self.compl_csn_q.dout.val();
        self.nack_rx.k_nc.next = self.k_nc.val();
        self.nack_rx.k_np.next = self.k_np.val();
        self.nack_rx.k_pb.next = self.k_pb.val();
        self.nack_rx.fail_conn_q.next = self.fail_conn.q.val();
        self.nack_q.pop.next = self.nack_rx.nack_q_pop.val();
        self.rnr_lookup_q.push.next = self.nack_rx.rnr_lookup_q_push.val();
        self.rnr_lookup_q.din.next = self.nack_rx.rnr_lookup_q_din.val();
        self.conn_failed.write_address.next = self.nack_rx.conn_failed_write_address.val();
        self.conn_failed.write_enable.next = self.nack_rx.conn_failed_write_enable.val();
        self.conn_failed.write_data.next = self.nack_rx.conn_failed_write_data.val();
        self.conn_failed_pick.write_address.next =
            self.nack_rx.conn_failed_pick_write_address.val();
        self.conn_failed_pick.write_enable.next = self.nack_rx.conn_failed_pick_write_enable.val();
        self.conn_failed_pick.write_data.next = self.nack_rx.conn_failed_pick_write_data.val();
        self.tc.op_valid.next = self.nack_rx.tc_op_valid.val();
        self.cp.tc_ready.next = self.nack_rx.cp_tc_ready.val();
        self.compl_csn_q.pop.next = self.nack_rx.compl_csn_q_pop.val();
        self.seg_done_q.pop.next = self.nack_rx.seg_done_q_pop.val();
        self.cp.cm_take.next = self.nack_rx.cp_cm_take.val();
        self.tc.op_at_base.next = self.nack_rx.tc_op_at_base.val();
        self.tc.op_wr_id.next = self.nack_rx.tc_op_wr_id.val();
        self.tc.op_len.next = self.nack_rx.tc_op_len.val();
        self.tc.op_msn.next = self.nack_rx.tc_op_msn.val();
        self.tc.op_stream.next = self.nack_rx.tc_op_stream.val();
        self.tc.op_signaled.next = self.nack_rx.tc_op_signaled.val();
        self.tc.op_status.next = self.nack_rx.tc_op_status.val();
        self.tc.op_cq.next = self.nack_rx.tc_op_cq.val();
        self.tc.op.next = self.nack_rx.tc_op.val();
        self.tc.op_conn.next = self.nack_rx.tc_op_conn.val();
        self.tc.op_csn.next = self.nack_rx.tc_op_csn.val();
        self.nk_dinc.next = self.nack_rx.nk_dinc.val();
        if self.nack_rx.n_nack_rnr_we.val() {
            self.n_nack_rnr.d.next = self.nack_rx.n_nack_rnr_wd.val();
        }
        if self.nack_rx.fail_conn_we.val() {
            self.fail_conn.d.next = self.nack_rx.fail_conn_wd.val();
        }
        if self.nack_rx.fail_flush_we.val() {
            self.fail_flush.d.next = self.nack_rx.fail_flush_wd.val();
        }
        if self.nack_rx.n_nack_fail_we.val() {
            self.n_nack_fail.d.next = self.nack_rx.n_nack_fail_wd.val();
        }
        // ---- completion merge into cq_writer (`braid_engine/cq_merge.rs`)
        self.cq_merge.rx_done_q_dout.next = self.rx_done_q.dout.val();
        self.cq_merge.rx_done_q_valid.next = self.rx_done_q.valid.val();
        self.cq_merge.consumed_q_valid.next = self.consumed_q.valid.val();
        self.cq_merge.consumed_q_dout.next = self.consumed_q.dout.val();
        self.cq_merge.cp_cq_valid.next = self.cp.cq_valid.val();
        self.cq_merge.cp_cq_op.next = self.cp.cq_op.val();
        self.cq_merge.cp_cq_cq.next = self.cp.cq_cq.val();
        self.cq_merge.cp_cq_iova.next = self.cp.cq_iova.val();
        self.cq_merge.cp_cq_log2.next = self.cp.cq_log2.val();
        self.cq_merge.tc_c_valid.next = self.tc.c_valid.val();
        self.cq_merge.tc_c_cq.next = self.tc.c_cq.val();
        self.cq_merge.tc_c_wr_id.next = self.tc.c_wr_id.val();
        self.cq_merge.tc_c_byte_len.next = self.tc.c_byte_len.val();
        self.cq_merge.tc_c_msn.next = self.tc.c_msn.val();
        self.cq_merge.tc_c_conn.next = self.tc.c_conn.val();
        self.cq_merge.tc_c_status.next = self.tc.c_status.val();
        self.cq_merge.tc_c_stream.next = self.tc.c_stream.val();
        self.cq_merge.cq_db_q_valid.next = self.cq_db_q.valid.val();
        self.cq_merge.cq_db_q_dout.next = self.cq_db_q.dout.val();
        self.cq_merge.cq_db_ok.next = self.cq_db_ok.val();
        self.cq_merge.cq_db_idx.next = self.cq_db_idx.val();
        self.cq_merge.cqw_op_ready.next = self.cqw.op_ready.val();
        self.cqw.op_valid.next = self.cq_merge.cqw_op_valid.val();
        self.cp.cq_ready.next = self.cq_merge.cp_cq_ready.val();
        self.tc.c_ready.next = self.cq_merge.tc_c_ready.val();
        self.rx_done_q.pop.next = self.cq_merge.rx_done_q_pop.val();
        self.consumed_q.pop.next = self.cq_merge.consumed_q_pop.val();
        self.cq_db_q.pop.next = self.cq_merge.cq_db_q_pop.val();
        self.cqw.op.next = self.cq_merge.cqw_op.val();
        self.cqw.cq.next = self.cq_merge.cqw_cq.val();
        self.cqw.arg_iova.next = self.cq_merge.cqw_arg_iova.val();
        self.cqw.arg_log2.next = self.cq_merge.cqw_arg_log2.val();
        self.cqw.arg_ci.next = self.cq_merge.cqw_arg_ci.val();
        self.cqw.c_wr_id.next = self.cq_merge.cqw_c_wr_id.val();
        self.cqw.c_byte_len.next = self.cq_merge.cqw_c_byte_len.val();
        self.cqw.c_imm.next = self.cq_merge.cqw_c_imm.val();
        self.cqw.c_msn.next = self.cq_merge.cqw_c_msn.val();
        self.cqw.c_conn.next = self.cq_merge.cqw_c_conn.val();
        self.cqw.c_opcode.next = self.cq_merge.cqw_c_opcode.val();
        self.cqw.c_status.next = self.cq_merge.cqw_c_status.val();
        self.cqw.c_stream.next = self.cq_merge.cqw_c_stream.val();
        self.cqw.c_flags.next = self.cq_merge.cqw_c_flags.val();
        // each connection's CQ, kept from tx_compl's CREATE (the command
        // that creates the connection names one CQ for all its completions)
        self.conn_cq.write_enable.next =
            self.cp.tc_valid.val() & self.tc.op_ready.val() & (self.cp.tc_op.val() == bits::<2>(2));
        self.conn_cq.write_address.next = self.cp.tc_conn.val();
        self.conn_cq.write_data.next = self.cp.tc_cq.val();

        // ---- DMA reads: a wqe_fetch, b rq_fetch, c tx_payload
        // (clients a and b through a 4-entry request FIFO each: their
        // `rd_valid` comes from FIFO compares inside the blocks, and
        // `dr_arb`'s choice and 4 KiB check would add to that path)
        self.wqe_rd_q.push.next = self.wf.rd_valid.val() & !self.wqe_rd_q.full.val();
        self.wf.rd_ready.next = !self.wqe_rd_q.full.val();
        self.wqe_rd_q.din.next = bit_cast::<85, 64>(self.wf.rd_addr.val())
            | (bit_cast::<85, 13>(self.wf.rd_len.val().get_bits::<13>(0)) << 64)
            | (bit_cast::<85, 8>(self.wf.rd_tag.val()) << 77);
        self.dra.a_rd_valid.next = self.wqe_rd_q.valid.val();
        self.wqe_rd_q.pop.next = self.dra.a_rd_ready.val();
        self.dra.a_rd_addr.next = self.wqe_rd_q.dout.val().get_bits::<64>(0);
        self.dra.a_rd_len.next = self.wqe_rd_q.dout.val().get_bits::<13>(64);
        self.dra.a_rd_tag.next = self.wqe_rd_q.dout.val().get_bits::<8>(77);
        self.dra.a_rs_ready.next = self.wf.rs_ready.val();
        self.wf.rs_valid.next = self.dra.a_rs_valid.val();
        self.wf.rs_data.next = self.dra.rs_data.val();
        self.wf.rs_tag.next = self.dra.rs_tag.val();
        self.wf.rs_last.next = self.dra.rs_last.val();
        self.wf.rs_err.next = self.dra.rs_err.val();
        self.rq_rd_q.push.next = self.rqf.rd_valid.val() & !self.rq_rd_q.full.val();
        self.rqf.rd_ready.next = !self.rq_rd_q.full.val();
        self.rq_rd_q.din.next = bit_cast::<85, 64>(self.rqf.rd_addr.val())
            | (bit_cast::<85, 13>(self.rqf.rd_len.val().get_bits::<13>(0)) << 64)
            | (bit_cast::<85, 8>(self.rqf.rd_tag.val()) << 77);
        self.dra.b_rd_valid.next = self.rq_rd_q.valid.val();
        self.rq_rd_q.pop.next = self.dra.b_rd_ready.val();
        self.dra.b_rd_addr.next = self.rq_rd_q.dout.val().get_bits::<64>(0);
        self.dra.b_rd_len.next = self.rq_rd_q.dout.val().get_bits::<13>(64);
        self.dra.b_rd_tag.next = self.rq_rd_q.dout.val().get_bits::<8>(77);
        self.dra.b_rs_ready.next = self.rqf.rs_ready.val();
        self.rqf.rs_valid.next = self.dra.b_rs_valid.val();
        self.rqf.rs_data.next = self.dra.rs_data.val();
        self.rqf.rs_tag.next = self.dra.rs_tag.val();
        self.rqf.rs_last.next = self.dra.rs_last.val();
        self.rqf.rs_err.next = self.dra.rs_err.val();
        self.dra.c_rd_valid.next = self.txp.rd_valid.val();
        self.txp.rd_ready.next = self.dra.c_rd_ready.val();
        self.dra.c_rd_addr.next = self.txp.rd_addr.val();
        self.dra.c_rd_len.next = self.txp.rd_len.val();
        self.dra.c_rd_tag.next = self.txp.rd_tag.val();
        self.dra.c_rs_ready.next = self.txp.rs_ready.val();
        self.txp.rs_valid.next = self.dra.c_rs_valid.val();
        self.txp.rs_data.next = self.dra.rs_data.val();
        self.txp.rs_tag.next = self.dra.rs_tag.val();
        self.txp.rs_last.next = self.dra.rs_last.val();
        self.txp.rs_err.next = self.dra.rs_err.val();
        self.rd_valid.next = self.dra.m_rd_valid.val();
        self.dra.m_rd_ready.next = self.rd_ready.val();
        self.rd_addr.next = self.dra.m_rd_addr.val();
        self.rd_len.next = self.dra.m_rd_len.val();
        self.rd_tag.next = self.dra.m_rd_tag.val();
        self.dra.m_rs_valid.next = self.rs_valid.val();
        self.rs_ready.next = self.dra.m_rs_ready.val();
        self.dra.m_rs_data.next = self.rs_data.val();
        self.dra.m_rs_tag.next = self.rs_tag.val();
        self.dra.m_rs_last.next = self.rs_last.val();
        self.dra.m_rs_err.next = self.rs_err.val();

        // ---- DMA writes: a cq_writer, b payload placement
        self.dwa.a_valid.next = self.cqw.dw_valid.val();
        self.cqw.dw_ready.next = self.dwa.a_ready.val();
        self.dwa.a_addr.next = self.cqw.dw_addr.val();
        self.dwa.a_len.next = self.cqw.dw_len.val();
        self.dwa.a_data.next = self.cqw.dw_data.val();
        self.dwa.a_last.next = self.cqw.dw_last.val();
        self.dw_valid.next = self.dwa.m_valid.val();
        self.dwa.m_ready.next = self.dw_ready.val();
        self.dw_addr.next = self.dwa.m_addr.val();
        self.dw_len.next = self.dwa.m_len.val();
        self.dw_data.next = self.dwa.m_data.val();
        self.dw_last.next = self.dwa.m_last.val();

        // ---- send path: segmenter descriptors -> sprayer PICK ->
        // tx_path_table SEND -> slot table, header (transmit lookup) ->
        // ack_gen's data port -> tx_builder, payload by DMA (tx_payload).
        // D (448 bits): csn 0, msn 32, offset 64, len 96 (16), addr 112,
        // lkey 176, raddr 208, rkey 272, imm 304, msg_len 336, rsn 368 (24),
        // wqe_idx 392 (16), opcode 408, flags 416, stream 424 (2), conn 426
        // (CB of 12), path 438 (4), retry mark 442. `held` counts the
        // descriptors in desc_q, pick_q, sprayed_q, send_q and retry_q; the segmenter is taken
        // only below 24 (lost PSNs below 30: under full load the send path
        // holds 24 new descriptors and a proven loss still enters at once),
        // so a retry always finds room (retry_q holds 64).
        self.seg.pd_ready.next = self.held.q.val() < bits::<8>(24);
        self.seg_push.next = self.seg.pd_valid.val() & (self.held.q.val() < bits::<8>(24));
        self.desc_q.push.next = self.seg_push.val();
        self.desc_q.din.next = bit_cast::<448, 32>(self.seg.pd_csn.val())
            | (bit_cast::<448, 32>(self.seg.pd_msn.val()) << 32)
            | (bit_cast::<448, 32>(self.seg.pd_offset.val()) << 64)
            | (bit_cast::<448, 16>(self.seg.pd_len.val()) << 96)
            | (bit_cast::<448, 64>(self.seg.pd_addr.val()) << 112)
            | (bit_cast::<448, 32>(self.seg.pd_lkey.val()) << 176)
            | (bit_cast::<448, 64>(self.seg.pd_raddr.val()) << 208)
            | (bit_cast::<448, 32>(self.seg.pd_rkey.val()) << 272)
            | (bit_cast::<448, 32>(self.seg.pd_imm.val()) << 304)
            | (bit_cast::<448, 32>(self.seg.pd_msg_len.val()) << 336)
            | (bit_cast::<448, 24>(self.seg.pd_rsn.val()) << 368)
            | (bit_cast::<448, 16>(self.seg.pd_wqe_idx.val()) << 392)
            | (bit_cast::<448, 8>(self.seg.pd_opcode.val()) << 408)
            | (bit_cast::<448, 8>(self.seg.pd_flags.val()) << 416)
            | (bit_cast::<448, 2>(self.seg.pd_stream.val()) << 424)
            | (bit_cast::<448, CB>(self.seg.pd_conn.val()) << 426);

        // PICK: retries first, then new descriptors; a command's INIT has
        // the sprayer's operation port; at most 12 descriptors wait for or
        // hold a sprayer result
        // (path_window_table's mask writes cannot wait: a command's sprayer
        // operation waits for a clock without one)
        // (and for a clock in which a retirement writes its count: both
        // decided in `rehash`)
        self.cp.sp_ready.next = self.rehash.sp_rdy.val();
        self.sp_cmd_op.next = self.rehash.rc_init.val();
        self.fill1.next = self.pick_q.fill.val() + self.sprayed_q.fill.val();
        // (the credit flags are registered, one clock old: each limit is one
        // below the bound it keeps, as the count moves by one per clock)
        self.pick_room.d.next = self.fill1.val() < bits::<16>(11);
        self.pick_ok.next = !self.sp_cmd_op.val()
            & self.pick_room.q.val()
            & (self.retry_q.valid.val() | self.retx_q.valid.val() | self.desc_q.valid.val());
        if self.retry_q.valid.val() {
            self.pick_d.next = self.retry_q.dout.val();
        } else if self.retx_q.valid.val() {
            self.pick_d.next = self.retx_q.dout.val();
        } else {
            self.pick_d.next = self.desc_q.dout.val();
        }
        self.retry_q.pop.next = self.pick_ok.val() & self.retry_q.valid.val();
        self.retx_q.pop.next =
            self.pick_ok.val() & !self.retry_q.valid.val() & self.retx_q.valid.val();
        self.desc_q.pop.next =
            self.pick_ok.val() & !self.retry_q.valid.val() & !self.retx_q.valid.val();
        // a retransmission (flags RETX) avoids suspect paths
        self.pick_retx.next = self.pick_d.val().get_bit(420);
        self.pick_q.push.next = self.pick_ok.val();
        self.pick_q.din.next = self.pick_d.val();
        // the connection's failed bit, one clock later, beside it
        self.conn_failed_pick.read_address.next = self.pick_d.val().get_bits::<CB>(426);
        self.pick_v1.d.next = self.pick_ok.val();
        self.pick_dead_q.push.next = self.pick_v1.q.val();
        self.pick_dead_q.din.next = self.conn_failed_pick.read_data.val();
        self.pick_len.next = self.pick_d.val().get_bits::<14>(96);
        self.spr.op_valid.next = self.sp_cmd_op.val() | self.pick_ok.val();
        self.spr.op_init.next = self.sp_cmd_op.val();
        if self.sp_cmd_op.val() {
            self.spr.op_conn.next = self.cp.sp_conn.val();
        } else {
            self.spr.op_conn.next = self.pick_d.val().get_bits::<CB>(426);
        }
        self.spr.op_retx.next = self.pick_retx.val();
        // bytes on the wire: the payload and 96 bytes of headers (pacing
        // only; the pacer needs no exact figure)
        self.spr.op_bytes.next = self.pick_len.val() + bits::<14>(96);
        self.spr.op_paths_m1.next = self.cp.sp_paths_m1.val();
        self.spr.op_tag.next = 0.into();
        self.spr.now.next = self.now.q.val();
        self.spr.cfg_spray_burst.next = self.rb.cfg_regs.val().get_bits::<8>(352);
        self.spr.mk_valid.next = self.cp.sp_valid.val() | self.pwt.mk_valid.val();
        if self.pwt.mk_valid.val() {
            self.spr.mk_conn.next = self.pwt.mk_conn.val();
            self.spr.mk_open_en.next = self.pwt.mk_open_en.val();
            self.spr.mk_open_val.next = self.pwt.mk_open_val.val();
            self.spr.mk_susp_en.next = self.pwt.mk_susp_en.val();
            self.spr.mk_susp_val.next = self.pwt.mk_susp_val.val();
        } else {
            self.spr.mk_conn.next = self.cp.sp_conn.val();
            self.spr.mk_open_en.next = self.cp.sp_open_en.val();
            self.spr.mk_open_val.next = self.cp.sp_open_val.val();
            self.spr.mk_susp_en.next = self.cp.sp_susp_en.val();
            self.spr.mk_susp_val.next = self.cp.sp_susp_val.val();
        }
        // the rate port: a command's INIT, else the rate hint of the last
        // clock's ACK (one that comes with an INIT is not applied: the
        // connection's next ACK carries it again)
        self.spr.rt_valid.next = self.sp_cmd_op.val() | self.hint_v.q.val();
        if self.sp_cmd_op.val() {
            self.spr.rt_conn.next = self.cp.sp_conn.val();
            self.spr.rt_hint.next = self.cp.sp_hint.val();
        } else {
            self.spr.rt_conn.next = self.hint_conn.q.val();
            self.spr.rt_hint.next = self.hint_rate.q.val();
        }
        self.spr.cfg_port_hint.next = self.rb.cfg_regs.val().get_bits::<16>(368);

        // the sprayer's result for the oldest PICK (8 edges later): the path,
        // or marked for a retry (paced, no open path)
        self.sres.next = self.spr.res_valid.val() & !self.spr.res_init.val();
        self.pick_q.pop.next = self.sres.val();
        self.pick_dead_q.pop.next = self.sres.val();
        self.mark.next = (!self.spr.res_ok.val()).into();
        // a failed connection's descriptor without a path is dropped (its
        // paths all retired, it would wait in the retry loop for ever)
        self.s_dead.next =
            self.sres.val() & !self.spr.res_ok.val() & self.pick_dead_q.dout.val().any();
        self.sprayed_q.push.next = self.sres.val() & !self.s_dead.val();
        self.sprayed_q.din.next = bit_cast::<448, 438>(self.pick_q.dout.val().get_bits::<438>(0))
            | (bit_cast::<448, 4>(self.spr.res_path.val()) << 438)
            | (bit_cast::<448, 1>(self.mark.val()) << 442);

        // ---- path_ops (`braid_engine/path_ops.rs`)
        self.path_ops.ack_rx_q_dout.next = self.ack_rx_q.dout.val();
        self.path_ops.cc_ack_q_fill.next = self.cc_ack_q.fill.val();
        self.path_ops.compl_csn_q_fill.next = self.compl_csn_q.fill.val();
        self.path_ops.seg_csn_q_fill.next = self.seg_csn_q.fill.val();
        self.path_ops.path_timeout_q_valid.next = self.path_timeout_q.valid.val();
        self.path_ops.cp_tp_valid.next = self.cp.tp_valid.val();
        self.path_ops.tpt_op_ready.next = self.tpt.op_ready.val();
        self.path_ops.pwt_tx_ready.next = self.pwt.tx_ready.val();
        self.path_ops.ack_rx_q_valid.next = self.ack_rx_q.valid.val();
        self.path_ops.n_ack_bad_q.next = self.n_ack_bad.q.val();
        self.path_ops.tpt_res_valid.next = self.tpt.res_valid.val();
        self.path_ops.tpt_res_op.next = self.tpt.res_op.val();
        self.path_ops.now_q.next = self.now.q.val();
        self.path_ops.tpt_res_idle.next = self.tpt.res_idle.val();
        self.path_ops.tpt_res_rejected.next = self.tpt.res_rejected.val();
        self.path_ops.tpt_res_acked.next = self.tpt.res_acked.val();
        self.path_ops.tpt_res_idx.next = self.tpt.res_idx.val();
        self.path_ops.tpt_res_accepted.next = self.tpt.res_accepted.val();
        self.path_ops.sprayed_q_valid.next = self.sprayed_q.valid.val();
        self.path_ops.sprayed_q_dout.next = self.sprayed_q.dout.val();
        self.path_ops.hdr_q_fill.next = self.hdr_q.fill.val();
        self.path_ops.cc_send_q_fill.next = self.cc_send_q.fill.val();
        self.path_ops.rnr_resolve_q_valid.next = self.rnr_resolve_q.valid.val();
        self.path_ops.rnr_resolved_q_fill.next = self.rnr_resolved_q.fill.val();
        self.path_ops.rnr_hold_q_fill.next = self.rnr_hold_q.fill.val();
        self.path_ops.rnr_resolve_q_dout.next = self.rnr_resolve_q.dout.val();
        self.path_ops.cp_tp_op.next = self.cp.tp_op.val();
        self.path_ops.cp_tp_idx.next = self.cp.tp_idx.val();
        self.path_ops.cp_tp_psn.next = self.cp.tp_psn.val();
        self.path_ops.path_timeout_q_dout.next = self.path_timeout_q.dout.val();
        self.path_ops.tpt_res_psn.next = self.tpt.res_psn.val();
        self.path_ops.tpt_res_slot.next = self.tpt.res_slot.val();
        self.path_ops.tpt_res_floor_delta.next = self.tpt.res_floor_delta.val();
        self.path_ops.rb_cfg_regs.next = self.rb.cfg_regs.val();
        self.path_ops.k_nc.next = self.k_nc.val();
        self.path_ops.k_np.next = self.k_np.val();
        self.path_ops.k_pb.next = self.k_pb.val();
        self.path_ops.hint_v_q.next = self.hint_v.q.val();
        self.path_ops.hint_conn_q.next = self.hint_conn.q.val();
        self.path_ops.hint_rate_q.next = self.hint_rate.q.val();
        self.path_timeout_q.pop.next = self.path_ops.path_timeout_q_pop.val();
        self.ack_rx_q.pop.next = self.path_ops.ack_rx_q_pop.val();
        self.rnr_resolved_q.pop.next = self.path_ops.rnr_resolved_q_pop.val();
        self.cc_ack_q.push.next = self.path_ops.cc_ack_q_push.val();
        self.cc_ack_q.din.next = self.path_ops.cc_ack_q_din.val();
        self.compl_csn_q.push.next = self.path_ops.compl_csn_q_push.val();
        self.compl_csn_q.din.next = self.path_ops.compl_csn_q_din.val();
        self.seg_csn_q.push.next = self.path_ops.seg_csn_q_push.val();
        self.seg_csn_q.din.next = self.path_ops.seg_csn_q_din.val();
        self.cc_send_q.push.next = self.path_ops.cc_send_q_push.val();
        self.cc_send_q.din.next = self.path_ops.cc_send_q_din.val();
        self.sprayed_q.pop.next = self.path_ops.sprayed_q_pop.val();
        self.rnr_resolve_q.pop.next = self.path_ops.rnr_resolve_q_pop.val();
        self.rnr_resolved_q.push.next = self.path_ops.rnr_resolved_q_push.val();
        self.rnr_resolved_q.din.next = self.path_ops.rnr_resolved_q_din.val();
        self.tpt.op_valid.next = self.path_ops.tpt_op_valid.val();
        self.tpt.op.next = self.path_ops.tpt_op.val();
        self.tpt.idx.next = self.path_ops.tpt_idx.val();
        self.tpt.psn.next = self.path_ops.tpt_psn.val();
        self.tpt.sack.next = self.path_ops.tpt_sack.val();
        self.retry_q.push.next = self.path_ops.retry_q_push.val();
        self.retry_q.din.next = self.path_ops.retry_q_din.val();
        self.hdr_q.push.next = self.path_ops.hdr_q_push.val();
        self.hdr_q.din.next = self.path_ops.hdr_q_din.val();
        self.slt.wr_valid.next = self.path_ops.slt_wr_valid.val();
        self.slt.wr_path.next = self.path_ops.slt_wr_path.val();
        self.slt.wr_slot.next = self.path_ops.slt_wr_slot.val();
        self.slt.wr_entry.next = self.path_ops.slt_wr_entry.val();
        self.a_res.next = self.path_ops.a_res.val();
        self.a_m.next = self.path_ops.a_m.val();
        self.r_res.next = self.path_ops.r_res.val();
        self.r_ok.next = self.path_ops.r_ok.val();
        self.tacc.next = self.path_ops.tacc.val();
        if self.path_ops.n_ack_bad_we.val() {
            self.n_ack_bad.d.next = self.path_ops.n_ack_bad_wd.val();
        }
        if self.path_ops.hint_v_we.val() {
            self.hint_v.d.next = self.path_ops.hint_v_wd.val();
        }
        if self.path_ops.hint_conn_we.val() {
            self.hint_conn.d.next = self.path_ops.hint_conn_wd.val();
        }
        if self.path_ops.hint_rate_we.val() {
            self.hint_rate.d.next = self.path_ops.hint_rate_wd.val();
        }
        // ---- retx (`braid_engine/retx.rs`)
        self.retx.seg_pd_csn.next = self.seg.pd_csn.val();
        self.retx.seg_pd_msn.next = self.seg.pd_msn.val();
        self.retx.seg_pd_addr.next = self.seg.pd_addr.val();
        self.retx.seg_pd_raddr.next = self.seg.pd_raddr.val();
        self.retx.seg_pd_rkey.next = self.seg.pd_rkey.val();
        self.retx.seg_pd_imm.next = self.seg.pd_imm.val();
        self.retx.seg_pd_msg_len.next = self.seg.pd_msg_len.val();
        self.retx.seg_pd_rsn.next = self.seg.pd_rsn.val();
        self.retx.seg_pd_opcode.next = self.seg.pd_opcode.val();
        self.retx.seg_pd_stream.next = self.seg.pd_stream.val();
        self.retx.seg_pd_flags.next = self.seg.pd_flags.val();
        self.retx.seg_pd_conn.next = self.seg.pd_conn.val();
        self.retx.seg_pd_wqe_idx.next = self.seg.pd_wqe_idx.val();
        self.retx.rnr_lookup_q_valid.next = self.rnr_lookup_q.valid.val();
        self.retx.rnr_resolve_q_fill.next = self.rnr_resolve_q.fill.val();
        self.retx.rnr_lookup_q_dout.next = self.rnr_lookup_q.dout.val();
        self.retx.tpt_lost_idx.next = self.tpt.lost_idx.val();
        self.retx.tpt_lost_slot.next = self.tpt.lost_slot.val();
        self.retx.slt_res_valid.next = self.slt.res_valid.val();
        self.retx.slt_res_tag.next = self.slt.res_tag.val();
        self.retx.slt_res_entry.next = self.slt.res_entry.val();
        self.retx.rb_cfg_regs.next = self.rb.cfg_regs.val();
        self.retx.now_q.next = self.now.q.val();
        self.retx.rnr_resolved_q_dout.next = self.rnr_resolved_q.dout.val();
        self.retx.n_nack_drop_q.next = self.n_nack_drop.q.val();
        self.retx.rnr_hold_q_dout.next = self.rnr_hold_q.dout.val();
        self.retx.rnr_hold_q_valid.next = self.rnr_hold_q.valid.val();
        self.retx.lost_room_q.next = self.lost_room.q.val();
        self.retx.slt_res_path.next = self.slt.res_path.val();
        self.retx.conn_failed_read_data.next = self.conn_failed.read_data.val();
        self.retx.retx_stale_q.next = self.retx_stale.q.val();
        self.retx.n_retx_stale_q.next = self.n_retx_stale.q.val();
        self.retx.seg_push.next = self.seg_push.val();
        self.retx.lost_take.next = self.lost_take.val();
        self.retx.r_ok.next = self.r_ok.val();
        self.retx.r_res.next = self.r_res.val();
        self.retx.nk_dinc.next = self.nk_dinc.val();
        self.retx.k_pb.next = self.k_pb.val();
        self.rnr_lookup_q.pop.next = self.retx.rnr_lookup_q_pop.val();
        self.slt.rd_valid.next = self.retx.slt_rd_valid.val();
        self.slt.rd_path.next = self.retx.slt_rd_path.val();
        self.slt.rd_slot.next = self.retx.slt_rd_slot.val();
        self.slt.rd_tag.next = self.retx.slt_rd_tag.val();
        self.rnr_resolve_q.push.next = self.retx.rnr_resolve_q_push.val();
        self.rnr_resolve_q.din.next = self.retx.rnr_resolve_q_din.val();
        self.rnr_hold_q.push.next = self.retx.rnr_hold_q_push.val();
        self.rnr_hold_q.din.next = self.retx.rnr_hold_q_din.val();
        self.rnr_hold_q.pop.next = self.retx.rnr_hold_q_pop.val();
        self.conn_failed.read_address.next = self.retx.conn_failed_read_address.val();
        self.retx_q.push.next = self.retx.retx_q_push.val();
        self.retx_q.din.next = self.retx.retx_q_din.val();
        self.rel.next = self.retx.rel.val();
        if self.retx.n_nack_drop_we.val() {
            self.n_nack_drop.d.next = self.retx.n_nack_drop_wd.val();
        }
        if self.retx.retx_stale_we.val() {
            self.retx_stale.d.next = self.retx.retx_stale_wd.val();
        }
        if self.retx.n_retx_stale_we.val() {
            self.n_retx_stale.d.next = self.retx.n_retx_stale_wd.val();
        }
        // descriptors in flight: +1 from the segmenter, -1 when accepted
        // (and lost PSNs from their take to a SEND or a stale drop)
        // (and a refused PSN released from the back-off)
        self.held_inc.next = bit_cast::<2, 1>(self.seg_push.val().into())
            + bit_cast::<2, 1>(self.lost_take.val().into())
            + bit_cast::<2, 1>(self.rel.val().into());
        // (and a failed connection's descriptor dropped at its PICK)
        self.held_dec.next = bit_cast::<2, 1>(self.tacc.val().into())
            + bit_cast::<2, 1>(self.retx_stale.q.val().into())
            + bit_cast::<2, 1>(self.s_dead.val().into());
        self.held_up.next = self.held.q.val() + bit_cast::<8, 2>(self.held_inc.val());
        self.held.d.next = self.held_up.val() - bit_cast::<8, 2>(self.held_dec.val());

        // ---- tx_header (`braid_engine/tx_header.rs`)
        self.tx_header.hdr_q_valid.next = self.hdr_q.valid.val();
        self.tx_header.hdr_q_dout.next = self.hdr_q.dout.val();
        self.tx_header.cp_tr_sport.next = self.cp.tr_sport.val();
        self.tx_header.salt_read_data.next = self.rehash.salt_read_data.val();
        self.tx_header.cp_tr_ok.next = self.cp.tr_ok.val();
        self.tx_header.cp_tr_peer_mac.next = self.cp.tr_peer_mac.val();
        self.tx_header.cp_tr_peer_ip4.next = self.cp.tr_peer_ip4.val();
        self.tx_header.cp_tr_dport.next = self.cp.tr_dport.val();
        self.tx_header.cp_tr_peer_conn.next = self.cp.tr_peer_conn.val();
        self.tx_header.txp_q_ready.next = self.txp.q_ready.val();
        self.tx_header.ag_data_ready.next = self.ag.data_ready.val();
        self.tx_header.rb_cfg_regs.next = self.rb.cfg_regs.val();
        self.tx_header.now_q.next = self.now.q.val();
        self.tx_header.n_tx_pkts_q.next = self.n_tx_pkts.q.val();
        self.tx_header.n_tx_retx_q.next = self.n_tx_retx.q.val();
        self.tx_header.n_tx_drop_q.next = self.n_tx_drop.q.val();
        self.tx_header.txp_pl_valid.next = self.txp.pl_valid.val();
        self.tx_header.txp_pl_ready.next = self.txp.pl_ready.val();
        self.tx_header.txp_pl_last.next = self.txp.pl_last.val();
        self.tx_header.txp_pl_err.next = self.txp.pl_err.val();
        self.tx_header.n_pl_err_q.next = self.n_pl_err.q.val();
        self.tx_header.k_pb.next = self.k_pb.val();
        self.hdr_q.pop.next = self.tx_header.hdr_q_pop.val();
        self.cp.tl_valid.next = self.tx_header.cp_tl_valid.val();
        self.cp.tl_conn.next = self.tx_header.cp_tl_conn.val();
        self.cp.tl_tag.next = self.tx_header.cp_tl_tag.val();
        self.ag.data_valid.next = self.tx_header.ag_data_valid.val();
        self.ag.data_dst_mac.next = self.tx_header.ag_data_dst_mac.val();
        self.ag.data_src_mac.next = self.tx_header.ag_data_src_mac.val();
        self.ag.data_vlan.next = self.tx_header.ag_data_vlan.val();
        self.ag.data_vlan_tci.next = self.tx_header.ag_data_vlan_tci.val();
        self.ag.data_ipv6.next = self.tx_header.ag_data_ipv6.val();
        self.ag.data_src_ip.next = self.tx_header.ag_data_src_ip.val();
        self.ag.data_dst_ip.next = self.tx_header.ag_data_dst_ip.val();
        self.ag.data_dscp.next = self.tx_header.ag_data_dscp.val();
        self.ag.data_ttl.next = self.tx_header.ag_data_ttl.val();
        self.ag.data_flow_label.next = self.tx_header.ag_data_flow_label.val();
        self.ag.data_udp_sport.next = self.tx_header.ag_data_udp_sport.val();
        self.ag.data_udp_dport.next = self.tx_header.ag_data_udp_dport.val();
        self.ag.data_opcode.next = self.tx_header.ag_data_opcode.val();
        self.ag.data_flags.next = self.tx_header.ag_data_flags.val();
        self.ag.data_path_id.next = self.tx_header.ag_data_path_id.val();
        self.ag.data_dst_conn.next = self.tx_header.ag_data_dst_conn.val();
        self.ag.data_path_psn.next = self.tx_header.ag_data_path_psn.val();
        self.ag.data_csn.next = self.tx_header.ag_data_csn.val();
        self.ag.data_timestamp.next = self.tx_header.ag_data_timestamp.val();
        self.ag.data_payload_len.next = self.tx_header.ag_data_payload_len.val();
        self.ag.data_floor_delta.next = self.tx_header.ag_data_floor_delta.val();
        self.ag.data_rkey.next = self.tx_header.ag_data_rkey.val();
        self.ag.data_va.next = self.tx_header.ag_data_va.val();
        self.ag.data_stream.next = self.tx_header.ag_data_stream.val();
        self.ag.data_rsn.next = self.tx_header.ag_data_rsn.val();
        self.ag.data_msn.next = self.tx_header.ag_data_msn.val();
        self.ag.data_offset.next = self.tx_header.ag_data_offset.val();
        self.ag.data_msg_len.next = self.tx_header.ag_data_msg_len.val();
        self.ag.data_imm.next = self.tx_header.ag_data_imm.val();
        self.txp.q_valid.next = self.tx_header.txp_q_valid.val();
        self.txp.q_addr.next = self.tx_header.txp_q_addr.val();
        self.txp.q_len.next = self.tx_header.txp_q_len.val();
        if self.tx_header.n_tx_pkts_we.val() {
            self.n_tx_pkts.d.next = self.tx_header.n_tx_pkts_wd.val();
        }
        if self.tx_header.n_tx_retx_we.val() {
            self.n_tx_retx.d.next = self.tx_header.n_tx_retx_wd.val();
        }
        if self.tx_header.n_tx_drop_we.val() {
            self.n_tx_drop.d.next = self.tx_header.n_tx_drop_wd.val();
        }
        if self.tx_header.n_pl_err_we.val() {
            self.n_pl_err.d.next = self.tx_header.n_pl_err_wd.val();
        }
        // ack_gen's output (control first, then data) into tx_builder, its
        // payload from tx_payload, its frames to the MAC
        // (through the register slice `frame_skid`: `tx_builder`'s `d_ready` is
        // several levels deep and must not reach ack_gen's output stage)
        self.frame_skid.s_valid.next = self.ag.d_valid.val();
        self.ag.d_ready.next = self.frame_skid.s_ready.val();
        self.txb.d_valid.next = self.frame_skid.m_valid.val();
        self.frame_skid.m_ready.next = self.txb.d_ready.val();
        self.t_vlan.next = self.ag.d_vlan.val().into();
        self.t_ipv6.next = self.ag.d_ipv6.val().into();
        self.frame_skid.s_data.next = bit_cast::<1420, 48>(self.ag.d_dst_mac.val())
            | (bit_cast::<1420, 48>(self.ag.d_src_mac.val()) << 48)
            | (bit_cast::<1420, 1>(self.t_vlan.val()) << 96)
            | (bit_cast::<1420, 16>(self.ag.d_vlan_tci.val()) << 97)
            | (bit_cast::<1420, 1>(self.t_ipv6.val()) << 113)
            | (bit_cast::<1420, 128>(self.ag.d_src_ip.val()) << 114)
            | (bit_cast::<1420, 128>(self.ag.d_dst_ip.val()) << 242)
            | (bit_cast::<1420, 6>(self.ag.d_dscp.val()) << 370)
            | (bit_cast::<1420, 8>(self.ag.d_ttl.val()) << 376)
            | (bit_cast::<1420, 20>(self.ag.d_flow_label.val()) << 384)
            | (bit_cast::<1420, 16>(self.ag.d_udp_sport.val()) << 404)
            | (bit_cast::<1420, 16>(self.ag.d_udp_dport.val()) << 420)
            | (bit_cast::<1420, 8>(self.ag.d_opcode.val()) << 436)
            | (bit_cast::<1420, 8>(self.ag.d_flags.val()) << 444)
            | (bit_cast::<1420, 8>(self.ag.d_path_id.val()) << 452)
            | (bit_cast::<1420, 24>(self.ag.d_dst_conn.val()) << 460)
            | (bit_cast::<1420, 32>(self.ag.d_path_psn.val()) << 484)
            | (bit_cast::<1420, 32>(self.ag.d_csn.val()) << 516)
            | (bit_cast::<1420, 32>(self.ag.d_timestamp.val()) << 548)
            | (bit_cast::<1420, 16>(self.ag.d_payload_len.val()) << 580)
            | (bit_cast::<1420, 16>(self.ag.d_floor_delta.val()) << 596)
            | (bit_cast::<1420, 32>(self.ag.d_rkey.val()) << 612)
            | (bit_cast::<1420, 64>(self.ag.d_va.val()) << 644)
            | (bit_cast::<1420, 8>(self.ag.d_stream.val()) << 708)
            | (bit_cast::<1420, 24>(self.ag.d_rsn.val()) << 716)
            | (bit_cast::<1420, 32>(self.ag.d_msn.val()) << 740)
            | (bit_cast::<1420, 32>(self.ag.d_offset.val()) << 772)
            | (bit_cast::<1420, 32>(self.ag.d_msg_len.val()) << 804)
            | (bit_cast::<1420, 32>(self.ag.d_imm.val()) << 836)
            | (bit_cast::<1420, 32>(self.ag.d_ack_base_psn.val()) << 868)
            | (bit_cast::<1420, 32>(self.ag.d_ack_csn_base.val()) << 900)
            | (bit_cast::<1420, 32>(self.ag.d_ack_ts_echo.val()) << 932)
            | (bit_cast::<1420, 16>(self.ag.d_ack_ecn_count.val()) << 964)
            | (bit_cast::<1420, 16>(self.ag.d_ack_rate_hint.val()) << 980)
            | (bit_cast::<1420, 256>(self.ag.d_ack_sack.val()) << 996)
            | (bit_cast::<1420, 8>(self.ag.d_nack_reason.val()) << 1252)
            | (bit_cast::<1420, 32>(self.ag.d_nack_psn.val()) << 1260)
            | (bit_cast::<1420, 32>(self.ag.d_nack_csn.val()) << 1292)
            | (bit_cast::<1420, 32>(self.ag.d_nack_detail.val()) << 1324)
            | (bit_cast::<1420, 32>(self.ag.d_probe_seq.val()) << 1356)
            | (bit_cast::<1420, 32>(self.ag.d_probe_ts.val()) << 1388);
        self.txb.d_dst_mac.next = self.frame_skid.m_data.val().get_bits::<48>(0);
        self.txb.d_src_mac.next = self.frame_skid.m_data.val().get_bits::<48>(48);
        self.txb.d_vlan.next = self.frame_skid.m_data.val().get_bit(96);
        self.txb.d_vlan_tci.next = self.frame_skid.m_data.val().get_bits::<16>(97);
        self.txb.d_ipv6.next = self.frame_skid.m_data.val().get_bit(113);
        self.txb.d_src_ip.next = self.frame_skid.m_data.val().get_bits::<128>(114);
        self.txb.d_dst_ip.next = self.frame_skid.m_data.val().get_bits::<128>(242);
        self.txb.d_dscp.next = self.frame_skid.m_data.val().get_bits::<6>(370);
        self.txb.d_ttl.next = self.frame_skid.m_data.val().get_bits::<8>(376);
        self.txb.d_flow_label.next = self.frame_skid.m_data.val().get_bits::<20>(384);
        self.txb.d_udp_sport.next = self.frame_skid.m_data.val().get_bits::<16>(404);
        self.txb.d_udp_dport.next = self.frame_skid.m_data.val().get_bits::<16>(420);
        self.txb.d_opcode.next = self.frame_skid.m_data.val().get_bits::<8>(436);
        self.txb.d_flags.next = self.frame_skid.m_data.val().get_bits::<8>(444);
        self.txb.d_path_id.next = self.frame_skid.m_data.val().get_bits::<8>(452);
        self.txb.d_dst_conn.next = self.frame_skid.m_data.val().get_bits::<24>(460);
        self.txb.d_path_psn.next = self.frame_skid.m_data.val().get_bits::<32>(484);
        self.txb.d_csn.next = self.frame_skid.m_data.val().get_bits::<32>(516);
        self.txb.d_timestamp.next = self.frame_skid.m_data.val().get_bits::<32>(548);
        self.txb.d_payload_len.next = self.frame_skid.m_data.val().get_bits::<16>(580);
        self.txb.d_floor_delta.next = self.frame_skid.m_data.val().get_bits::<16>(596);
        self.txb.d_rkey.next = self.frame_skid.m_data.val().get_bits::<32>(612);
        self.txb.d_va.next = self.frame_skid.m_data.val().get_bits::<64>(644);
        self.txb.d_stream.next = self.frame_skid.m_data.val().get_bits::<8>(708);
        self.txb.d_rsn.next = self.frame_skid.m_data.val().get_bits::<24>(716);
        self.txb.d_msn.next = self.frame_skid.m_data.val().get_bits::<32>(740);
        self.txb.d_offset.next = self.frame_skid.m_data.val().get_bits::<32>(772);
        self.txb.d_msg_len.next = self.frame_skid.m_data.val().get_bits::<32>(804);
        self.txb.d_imm.next = self.frame_skid.m_data.val().get_bits::<32>(836);
        self.txb.d_ack_base_psn.next = self.frame_skid.m_data.val().get_bits::<32>(868);
        self.txb.d_ack_csn_base.next = self.frame_skid.m_data.val().get_bits::<32>(900);
        self.txb.d_ack_ts_echo.next = self.frame_skid.m_data.val().get_bits::<32>(932);
        self.txb.d_ack_ecn_count.next = self.frame_skid.m_data.val().get_bits::<16>(964);
        self.txb.d_ack_rate_hint.next = self.frame_skid.m_data.val().get_bits::<16>(980);
        self.txb.d_ack_sack.next = self.frame_skid.m_data.val().get_bits::<256>(996);
        self.txb.d_nack_reason.next = self.frame_skid.m_data.val().get_bits::<8>(1252);
        self.txb.d_nack_psn.next = self.frame_skid.m_data.val().get_bits::<32>(1260);
        self.txb.d_nack_csn.next = self.frame_skid.m_data.val().get_bits::<32>(1292);
        self.txb.d_nack_detail.next = self.frame_skid.m_data.val().get_bits::<32>(1324);
        self.txb.d_probe_seq.next = self.frame_skid.m_data.val().get_bits::<32>(1356);
        self.txb.d_probe_ts.next = self.frame_skid.m_data.val().get_bits::<32>(1388);
        self.txb.pl_valid.next = self.txp.pl_valid.val();
        self.txp.pl_ready.next = self.txb.pl_ready.val();
        self.txb.pl_data.next = self.txp.pl_data.val();
        self.txb.pl_keep.next = self.txp.pl_keep.val();
        self.txb.pl_last.next = self.txp.pl_last.val();
        self.txb.pl_bad.next = self.txp.pl_err.val();
        self.tx_valid.next = self.txb.m_valid.val();
        self.txb.m_ready.next = self.tx_ready.val();
        self.tx_data.next = self.txb.m_data.val();
        self.tx_keep.next = self.txb.m_keep.val();
        self.tx_last.next = self.txb.m_last.val();
        self.tx_bad.next = self.txb.m_bad.val();

        // ---- receive path: placement (`rx_place`: the gate, the parser's
        // descriptors through the connection lookup, the MATCH, the region
        // check and the dedup port, the payload mover)
        self.rx_place.eng_en.next = self.eng_en.val();
        self.rx_place.rx_valid.next = self.rx_valid.val();
        self.rx_place.rx_data.next = self.rx_data.val();
        self.rx_place.rx_keep.next = self.rx_keep.val();
        self.rx_place.rx_last.next = self.rx_last.val();
        self.rx_place.ak_fill.next = self.ack_rx_q.fill.val();
        self.rx_place.nk_fill.next = self.nack_q.fill.val();
        self.rxp.s_valid.next = self.rx_place.s_valid.val();
        self.rxp.s_data.next = self.rx_place.s_data.val();
        self.rxp.s_keep.next = self.rx_place.s_keep.val();
        self.rxp.s_last.next = self.rx_place.s_last.val();
        self.rxp.cfg_udp_port.next = self.rb.cfg_regs.val().get_bits::<16>(96);
        self.rx_place.p_valid.next = self.rxp.p_valid.val();
        self.rx_place.p_data.next = self.rxp.p_data.val();
        self.rx_place.p_keep.next = self.rxp.p_keep.val();
        self.rx_place.p_last.next = self.rxp.p_last.val();
        self.rx_place.d_valid.next = self.rxp.d_valid.val();
        self.rx_place.d_ok.next = self.rxp.d_ok.val();
        self.rx_place.d_has_payload.next = self.rxp.d_has_payload.val();
        self.rx_place.d_ce.next = self.rxp.d_ce.val();
        self.rx_place.d_sport.next = self.rxp.d_sport.val();
        self.rx_place.d_opcode.next = self.rxp.d_opcode.val();
        self.rx_place.d_flags.next = self.rxp.d_flags.val();
        self.rx_place.d_path_id.next = self.rxp.d_path_id.val();
        self.rx_place.d_dst_conn.next = self.rxp.d_dst_conn.val();
        self.rx_place.d_path_psn.next = self.rxp.d_path_psn.val();
        self.rx_place.d_csn.next = self.rxp.d_csn.val();
        self.rx_place.d_timestamp.next = self.rxp.d_timestamp.val();
        self.rx_place.d_payload_len.next = self.rxp.d_payload_len.val();
        self.rx_place.d_floor_delta.next = self.rxp.d_floor_delta.val();
        self.rx_place.d_rkey.next = self.rxp.d_rkey.val();
        self.rx_place.d_va.next = self.rxp.d_va.val();
        self.rx_place.d_stream.next = self.rxp.d_stream.val();
        self.rx_place.d_msn.next = self.rxp.d_msn.val();
        self.rx_place.d_msg_len.next = self.rxp.d_msg_len.val();
        self.rx_place.d_rsn.next = self.rxp.d_rsn.val();
        self.rx_place.d_offset.next = self.rxp.d_offset.val();
        self.rx_place.d_imm.next = self.rxp.d_imm.val();
        self.rx_place.d_ack_base_psn.next = self.rxp.d_ack_base_psn.val();
        self.rx_place.d_ack_csn_base.next = self.rxp.d_ack_csn_base.val();
        self.rx_place.d_ack_ts_echo.next = self.rxp.d_ack_ts_echo.val();
        self.rx_place.d_ack_ecn_count.next = self.rxp.d_ack_ecn_count.val();
        self.rx_place.d_ack_rate_hint.next = self.rxp.d_ack_rate_hint.val();
        self.rx_place.d_ack_sack.next = self.rxp.d_ack_sack.val();
        self.rx_place.d_nack_reason.next = self.rxp.d_nack_reason.val();
        self.rx_place.d_nack_psn.next = self.rxp.d_nack_psn.val();
        self.rx_place.d_nack_csn.next = self.rxp.d_nack_csn.val();
        self.ack_rx_q.push.next = self.rx_place.ak_push.val();
        self.ack_rx_q.din.next = self.rx_place.ak_din.val();
        self.nack_q.push.next = self.rx_place.nk_push.val();
        self.nack_q.din.next = self.rx_place.nk_din.val();
        self.cp.rl_valid.next = self.rx_place.rl_valid.val();
        self.cp.rl_conn.next = self.rx_place.rl_conn.val();
        self.cp.rl_tag.next = self.rx_place.rl_tag.val();
        self.rx_place.rr_ok.next = self.cp.rr_ok.val();
        self.rx_place.rr_pd.next = self.cp.rr_pd.val();
        self.rx_place.rr_streams.next = self.cp.rr_streams.val();
        self.rqf.m_valid.next = self.rx_place.mq_valid.val();
        self.rqf.m_tag.next = self.rx_place.mq_tag.val();
        self.rqf.m_conn.next = self.rx_place.mq_conn.val();
        self.rqf.m_stream.next = self.rx_place.mq_stream.val();
        self.rqf.m_rsn.next = self.rx_place.mq_rsn.val();
        self.rqf.m_offset.next = self.rx_place.mq_offset.val();
        self.rqf.m_len.next = self.rx_place.mq_len.val();
        self.rqf.m_msg_len.next = self.rx_place.mq_msg_len.val();
        self.rx_place.mq_rvalid.next = self.rqf.m_rvalid.val();
        self.rx_place.mq_ok.next = self.rqf.m_ok.val();
        self.rx_place.mq_code.next = self.rqf.m_code.val();
        self.rx_place.mq_addr.next = self.rqf.m_addr.val();
        self.rx_place.mq_lkey.next = self.rqf.m_lkey.val();
        self.mrc.req_valid.next = self.rx_place.mr_req_valid.val();
        self.mrc.req_rkey.next = self.rx_place.mr_req_rkey.val();
        self.mrc.req_pd.next = self.rx_place.mr_req_pd.val();
        self.mrc.req_va.next = self.rx_place.mr_req_va.val();
        self.mrc.req_len.next = self.rx_place.mr_req_len.val();
        self.mrc.req_need_write.next = self.rx_place.mr_req_need_write.val();
        self.mrc.req_local.next = self.rx_place.mr_req_local.val();
        self.mrc.req_tag.next = self.rx_place.mr_req_tag.val();
        self.rx_place.mr_res_valid.next = self.mrc.res_valid.val();
        self.rx_place.mr_res_ok.next = self.mrc.res_ok.val();
        self.rx_place.mr_res_reason.next = self.mrc.res_reason.val();
        self.rx_place.dd_cmd.next = self.dd_cmd.val();
        self.rx_place.cmd_dd_op.next = self.cp.dd_op.val();
        self.rx_place.cmd_dd_conn.next = self.cp.dd_conn.val();
        self.rx_place.cmd_dd_csn.next = self.cp.dd_csn.val();
        self.dd.op_valid.next = self.rx_place.dd_op_valid.val();
        self.dd.op.next = self.rx_place.dd_op.val();
        self.dd.conn.next = self.rx_place.dd_conn.val();
        self.dd.csn.next = self.rx_place.dd_csn.val();
        self.rx_place.dd_res_valid.next = self.dd.res_valid.val();
        self.rx_place.dd_res_op.next = self.dd.res_op.val();
        self.rx_place.dd_res_class.next = self.dd.res_class.val();
        self.rx_place.dd_res_base.next = self.dd.res_base.val();
        self.ag.nack_valid.next = self.rx_place.nack_valid.val();
        self.ag.nack_conn.next = self.rx_place.nack_conn.val();
        self.ag.nack_path_id.next = self.rx_place.nack_path_id.val();
        self.ag.nack_sport.next = self.rx_place.nack_sport.val();
        self.ag.nack_reason.next = self.rx_place.nack_reason.val();
        self.ag.nack_psn.next = self.rx_place.nack_psn.val();
        self.ag.nack_csn.next = self.rx_place.nack_csn.val();
        self.ag.nack_detail.next = self.rx_place.nack_detail.val();
        self.sack_req_q.push.next = self.rx_place.sack_req_q_push.val();
        self.sack_req_q.din.next = self.rx_place.sack_req_q_din.val();
        if self.rx_place.inc_gate.val() {
            self.n_rx_gate.d.next = self.n_rx_gate.q.val() + 1;
        }
        if self.rx_place.inc_nack_rx.val() {
            self.n_nack_rx.d.next = self.n_nack_rx.q.val() + 1;
        }
        if self.rx_place.inc_bad.val() {
            self.n_rx_bad.d.next = self.n_rx_bad.q.val() + 1;
        }
        if self.rx_place.inc_refused.val() {
            self.n_rx_refused.d.next = self.n_rx_refused.q.val() + 1;
        }
        if self.rx_place.inc_pkts.val() {
            self.n_rx_pkts.d.next = self.n_rx_pkts.q.val() + 1;
        }
        self.n_rx_bytes.d.next =
            self.n_rx_bytes.q.val() + bit_cast::<64, 16>(self.rx_place.placed_bytes.val());
        // placement writes on dw_arb's port b; placed packets into `placed_q`
        self.dwa.b_valid.next = self.rx_place.wr_valid.val();
        self.dwa.b_data.next = self.rx_place.wr_data.val();
        self.dwa.b_last.next = self.rx_place.wr_last.val();
        self.dwa.b_addr.next = self.rx_place.wr_addr.val();
        self.dwa.b_len.next = self.rx_place.wr_len.val();
        self.rx_place.wr_ready.next = self.dwa.b_ready.val();
        self.placed_q.push.next = self.rx_place.mi_push.val();
        self.placed_q.din.next = self.rx_place.mi_din.val();
        self.rx_place.mi_fill.next = self.placed_q.fill.val();
        // ---- rx_ack (`braid_engine/rx_ack.rs`)
        self.rx_ack.ag_as_valid.next = self.ag.as_valid.val();
        self.rx_ack.ag_as_idx.next = self.ag.as_idx.val();
        self.rx_ack.cp_rp_valid.next = self.cp.rp_valid.val();
        self.rx_ack.ack_timer_q_dout.next = self.ack_timer_q.dout.val();
        self.rx_ack.ack_timer_q_valid.next = self.ack_timer_q.valid.val();
        self.rx_ack.ack_arm_q_fill.next = self.ack_arm_q.fill.val();
        self.rx_ack.ag_d_ack_ts_echo.next = self.ag.d_ack_ts_echo.val();
        self.rx_ack.sack_req_q_valid.next = self.sack_req_q.valid.val();
        self.rx_ack.sack_req_q_dout.next = self.sack_req_q.dout.val();
        self.rx_ack.cp_rp_op.next = self.cp.rp_op.val();
        self.rx_ack.cp_rp_idx.next = self.cp.rp_idx.val();
        self.rx_ack.cp_rp_psn.next = self.cp.rp_psn.val();
        self.rx_ack.rpt_res_valid.next = self.rpt.res_valid.val();
        self.rx_ack.rpt_res_op.next = self.rpt.res_op.val();
        self.rx_ack.rb_cfg_regs.next = self.rb.cfg_regs.val();
        self.rx_ack.now_q.next = self.now.q.val();
        self.rx_ack.rpt_res_unacked.next = self.rpt.res_unacked.val();
        self.rx_ack.rpt_res_ts_echo.next = self.rpt.res_ts_echo.val();
        self.rx_ack.rpt_res_ack_now.next = self.rpt.res_ack_now.val();
        self.rx_ack.rpt_res_idx.next = self.rpt.res_idx.val();
        self.rx_ack.rpt_res_base.next = self.rpt.res_base.val();
        self.rx_ack.rpt_res_sack.next = self.rpt.res_sack.val();
        self.rx_ack.rpt_res_ecn_count.next = self.rpt.res_ecn_count.val();
        self.rx_ack.cp_dd_conn.next = self.cp.dd_conn.val();
        self.rx_ack.rh_hint.next = self.rh.hint.val();
        self.rx_ack.k_pb.next = self.k_pb.val();
        self.rx_ack.dd_cmd.next = self.dd_cmd.val();
        self.ack_timer_q.pop.next = self.rx_ack.ack_timer_q_pop.val();
        self.sack_req_q.pop.next = self.rx_ack.sack_req_q_pop.val();
        self.rpt.op_valid.next = self.rx_ack.rpt_op_valid.val();
        self.rpt.floor_delta.next = self.rx_ack.rpt_floor_delta.val();
        self.rpt.ce.next = self.rx_ack.rpt_ce.val();
        self.rpt.ts.next = self.rx_ack.rpt_ts.val();
        self.rpt.ack_req.next = self.rx_ack.rpt_ack_req.val();
        self.rpt.op.next = self.rx_ack.rpt_op.val();
        self.rpt.idx.next = self.rx_ack.rpt_idx.val();
        self.rpt.psn.next = self.rx_ack.rpt_psn.val();
        self.ack_arm_q.push.next = self.rx_ack.ack_arm_q_push.val();
        self.ack_arm_q.din.next = self.rx_ack.ack_arm_q_din.val();
        self.ag.res_valid.next = self.rx_ack.ag_res_valid.val();
        self.ag.res_op.next = self.rx_ack.ag_res_op.val();
        self.ag.res_idx.next = self.rx_ack.ag_res_idx.val();
        self.ag.res_base.next = self.rx_ack.ag_res_base.val();
        self.ag.res_sack.next = self.rx_ack.ag_res_sack.val();
        self.ag.res_ecn_count.next = self.rx_ack.ag_res_ecn_count.val();
        self.ag.res_ts_echo.next = self.rx_ack.ag_res_ts_echo.val();
        self.ag.res_unacked.next = self.rx_ack.ag_res_unacked.val();
        self.ag.res_ack_now.next = self.rx_ack.ag_res_ack_now.val();
        self.ag.res_conn.next = self.rx_ack.ag_res_conn.val();
        self.ag.res_path_id.next = self.rx_ack.ag_res_path_id.val();
        self.ag.res_sport.next = self.rx_ack.ag_res_sport.val();
        self.ag.res_csn_base.next = self.rx_ack.ag_res_csn_base.val();
        self.rh.pk_valid.next = self.rx_ack.rh_pk_valid.val();
        self.rh.pk_conn.next = self.rx_ack.rh_pk_conn.val();
        self.rh.pk_ts.next = self.rx_ack.rh_pk_ts.val();
        self.rh.st_valid.next = self.rx_ack.rh_st_valid.val();
        self.rh.st_conn.next = self.rx_ack.rh_st_conn.val();
        self.rh.now.next = self.rx_ack.rh_now.val();
        self.rh.cfg_interval.next = self.rx_ack.rh_cfg_interval.val();
        self.rh.cfg_queue.next = self.rx_ack.rh_cfg_queue.val();
        self.rh.cfg_port_hint.next = self.rx_ack.rh_cfg_port_hint.val();
        self.ag.rate_hint.next = self.rx_ack.ag_rate_hint.val();
        // ---- rx_msg (`braid_engine/rx_msg.rs`)
        self.rx_msg.placed_q_dout.next = self.placed_q.dout.val();
        self.rx_msg.wr_done.next = self.rx_place.wr_done.val();
        self.rx_msg.rx_done_q_fill.next = self.rx_done_q.fill.val();
        self.rx_msg.placed_q_valid.next = self.placed_q.valid.val();
        self.rx_msg.cp_mt_valid.next = self.cp.mt_valid.val();
        self.rx_msg.mt_msg_done.next = self.mt.msg_done.val();
        self.rx_msg.n_rx_msgs_q.next = self.n_rx_msgs.q.val();
        self.rx_msg.mt_ev_solicited.next = self.mt.ev_solicited.val();
        self.rx_msg.mt_ev_valid.next = self.mt.ev_valid.val();
        self.rx_msg.mt_ev_index.next = self.mt.ev_index.val();
        self.rx_msg.mt_ev_msn.next = self.mt.ev_msn.val();
        self.rx_msg.mt_ev_byte_len.next = self.mt.ev_byte_len.val();
        self.rx_msg.mt_ev_imm.next = self.mt.ev_imm.val();
        self.rx_msg.mt_ev_kind.next = self.mt.ev_kind.val();
        self.rx_msg.conn_cq_read_data.next = self.conn_cq.read_data.val();
        self.rx_msg.rqf_cs_ok.next = self.rqf.cs_ok.val();
        self.rx_msg.rqf_cs_rvalid.next = self.rqf.cs_rvalid.val();
        self.rx_msg.rqf_cs_wr_id.next = self.rqf.cs_wr_id.val();
        self.placed_q.pop.next = self.rx_msg.placed_q_pop.val();
        self.mt.pkt_valid.next = self.rx_msg.mt_pkt_valid.val();
        self.mt.pkt_index.next = self.rx_msg.mt_pkt_index.val();
        self.mt.pkt_msn.next = self.rx_msg.mt_pkt_msn.val();
        self.mt.pkt_msg_len.next = self.rx_msg.mt_pkt_msg_len.val();
        self.mt.pkt_kind.next = self.rx_msg.mt_pkt_kind.val();
        self.mt.pkt_imm.next = self.rx_msg.mt_pkt_imm.val();
        self.mt.pkt_solicited.next = self.rx_msg.mt_pkt_solicited.val();
        self.mt.pkt_len.next = self.rx_msg.mt_pkt_len.val();
        self.mt.pkt_tag.next = self.rx_msg.mt_pkt_tag.val();
        self.mt.drain_hold.next = self.rx_msg.mt_drain_hold.val();
        self.conn_cq.read_address.next = self.rx_msg.conn_cq_read_address.val();
        self.rx_done_q.push.next = self.rx_msg.rx_done_q_push.val();
        self.rx_done_q.din.next = self.rx_msg.rx_done_q_din.val();
        self.rqf.cs_valid.next = self.rx_msg.rqf_cs_valid.val();
        self.rqf.cs_conn.next = self.rx_msg.rqf_cs_conn.val();
        self.rqf.cs_stream.next = self.rx_msg.rqf_cs_stream.val();
        self.consumed_q.push.next = self.rx_msg.consumed_q_push.val();
        self.consumed_q.din.next = self.rx_msg.consumed_q_din.val();
        if self.rx_msg.n_rx_msgs_we.val() {
            self.n_rx_msgs.d.next = self.rx_msg.n_rx_msgs_wd.val();
        }
        // ---- glue counters
        self.o_sq.next = bit_cast::<2, 1>(self.sq_db_q.ovf.val().into());
        self.o_rq.next = bit_cast::<2, 1>(self.rq_db_q.ovf.val().into());
        self.o_cq.next = bit_cast::<2, 1>(self.cq_db_q.ovf.val().into());
        self.o_cm.next = bit_cast::<2, 1>(self.seg_done_q.ovf.val().into());
        self.o_cr.next = bit_cast::<2, 1>(self.wqe_credit_q.ovf.val().into());
        self.o_una.next = bit_cast::<2, 1>(self.una_q.ovf.val().into());
        self.db_drops.next = self.o_sq.val() + self.o_rq.val() + self.o_cq.val();
        // (drop counts are summed into a register, added one clock later)
        self.db_inc.d.next = self.db_drops.val();
        self.n_db_drop.d.next = self.n_db_drop.q.val() + bit_cast::<32, 2>(self.db_inc.q.val());
        if self.cq_db_q.valid.val() & !self.cq_db_ok.val() {
            self.n_db_bad_cq.d.next = self.n_db_bad_cq.q.val() + 1;
        }
        self.glue_drops.next = self.o_cm.val() + self.o_cr.val() + self.o_una.val();
        // the send path's FIFOs: one count per clock with any drop
        self.s2_ovf.next = 0.into();
        if self.desc_q.ovf.val()
            | self.cc_send_q.ovf.val()
            | self.rto_fired_q.ovf.val()
            | self.ack_timer_q.ovf.val()
            | self.ack_arm_q.ovf.val()
            | self.rto_op_q.ovf.val()
            | self.path_timeout_q.ovf.val()
            | self.retx_q.ovf.val()
            | self.pick_q.ovf.val()
            | self.sprayed_q.ovf.val()
            | self.retry_q.ovf.val()
            | self.hdr_q.ovf.val()
            | self.consumed_q.ovf.val()
            | self.rx_place.ovf.val()
            | self.retx.ovf.val()
            | self.cc_events.ovf.val()
            | self.rx_ack.ovf.val()
            | self.tx_header.ovf.val()
            | self.path_ops.ovf.val()
            | self.rehash.ovf.val()
            | self.sack_req_q.ovf.val()
            | self.ack_rx_q.ovf.val()
            | self.nack_q.ovf.val()
            | self.rnr_lookup_q.ovf.val()
            | self.rnr_resolve_q.ovf.val()
            | self.rnr_resolved_q.ovf.val()
            | self.rnr_hold_q.ovf.val()
            | self.cc_ack_q.ovf.val()
            | self.compl_csn_q.ovf.val()
            | self.seg_csn_q.ovf.val()
        {
            self.s2_ovf.next = 1.into();
        }
        self.gl_inc.d.next =
            bit_cast::<3, 2>(self.glue_drops.val()) + bit_cast::<3, 2>(self.s2_ovf.val());
        self.n_glue_ovf.d.next = self.n_glue_ovf.q.val() + bit_cast::<32, 3>(self.gl_inc.q.val());
        self.cnt_db_dropped.next = self.n_db_drop.q.val();
        self.cnt_db_bad_cq.next = self.n_db_bad_cq.q.val();
        self.cnt_glue_overflow.next = self.n_glue_ovf.q.val();
        self.cnt_tx_no_conn.next = self.n_tx_drop.q.val();
        self.cnt_pl_err.next = self.n_pl_err.q.val();
        self.cnt_rx_bad.next = self.n_rx_bad.q.val();
        self.cnt_rx_gate.next = self.n_rx_gate.q.val();
        self.cnt_rx_dup.next = self.dd.cnt_dup.val();
        self.cnt_rx_oow.next = self.dd.cnt_oow.val();
        self.cnt_ack_tx.next = self.ag.cnt_acks.val();
        self.cnt_nack_tx.next = self.ag.cnt_nacks.val();
        self.cnt_ack_rx.next = self.tpt.cnt_acks.val();
        self.cnt_ack_rej.next = self.tpt.cnt_rejected.val();
        self.cnt_ack_bad.next = self.n_ack_bad.q.val();
        self.cnt_retx_stale.next = self.n_retx_stale.q.val();
        self.cnt_nack_rx.next = self.n_nack_rx.q.val();
        self.cnt_nack_rnr.next = self.n_nack_rnr.q.val();
        self.cnt_nack_fail.next = self.n_nack_fail.q.val();
        self.cnt_nack_drop.next = self.n_nack_drop.q.val();

        // per-path statistics (`braid_engine/stats.rs`)
        self.stats.ps_cfg.next = self.rb.cfg_regs.val().get_bits::<32>(448);
        self.stats.sr_clr.next = self.sr_clr.val();
        self.stats.tacc.next = self.tacc.val();
        self.stats.a_res.next = self.a_res.val();
        self.stats.a_m.next = self.a_m.val();
        self.stats.r_to.next = self.r_to.val();
        self.stats.tpt_res_valid.next = self.tpt.res_valid.val();
        self.stats.tpt_res_op.next = self.tpt.res_op.val();
        self.stats.tpt_res_idx.next = self.tpt.res_idx.val();
        self.stats.tpt_res_rejected.next = self.tpt.res_rejected.val();
        self.stats.tpt_res_acked.next = self.tpt.res_acked.val();
        self.stats.tpt_res_lost.next = self.tpt.res_lost.val();
        self.stats.pcc_res_valid.next = self.pcc.res_valid.val();
        self.stats.pcc_res_idx.next = self.pcc.res_idx.val();
        self.stats.pcc_cwnd.next = self.pcc.cwnd.val();
        self.stats.pcc_srtt.next = self.pcc.srtt.val();
        self.stats.pcc_rttvar.next = self.pcc.rttvar.val();
        self.stats.pcc_rto.next = self.pcc.rto.val();
        self.stats.pcc_alpha.next = self.pcc.alpha.val();
        self.stats.pcc_timeouts.next = self.pcc.timeouts.val();
        self.stats.pcc_armed.next = self.pcc.armed.val();
        self.stats.pcc_failed.next = self.pcc.failed.val();
        // counters: every COUNTERS register, at its word (positions
        // checked against braid-spec at the top of this file)
        self.cnt_vec.next = bit_cast::<COUNTER_BITS, 32>(self.n_tx_pkts.q.val())
            | (bit_cast::<COUNTER_BITS, 32>(self.n_tx_retx.q.val()) << bits::<12>(32))
            | (bit_cast::<COUNTER_BITS, 32>(self.n_tx_timeouts.q.val()) << bits::<12>(64))
            | (bit_cast::<COUNTER_BITS, 32>(self.rehash.n_tx_rehashes.val()) << bits::<12>(96))
            | (bit_cast::<COUNTER_BITS, 32>(self.tc.cnt_done.val()) << bits::<12>(128))
            | (bit_cast::<COUNTER_BITS, 32>(self.n_rx_pkts.q.val()) << bits::<12>(160))
            | (bit_cast::<COUNTER_BITS, 32>(self.dd.cnt_dup.val()) << bits::<12>(192))
            | (bit_cast::<COUNTER_BITS, 32>(self.n_rx_refused.q.val()) << bits::<12>(224))
            | (bit_cast::<COUNTER_BITS, 64>(self.n_rx_bytes.q.val()) << bits::<12>(256))
            | (bit_cast::<COUNTER_BITS, 32>(self.n_rx_msgs.q.val()) << bits::<12>(320))
            | (bit_cast::<COUNTER_BITS, 32>(self.rh.cnt_cuts.val()) << bits::<12>(352))
            | (bit_cast::<COUNTER_BITS, 16>(self.rh.hint.val()) << bits::<12>(384))
            | (bit_cast::<COUNTER_BITS, 16>(self.rh.senders.val()) << bits::<12>(400))
            | (bit_cast::<COUNTER_BITS, 32>(self.rehash.n_tx_retired.val()) << bits::<12>(416))
            | (bit_cast::<COUNTER_BITS, 32>(self.n_db_drop.q.val()) << bits::<12>(448))
            | (bit_cast::<COUNTER_BITS, 32>(self.n_db_bad_cq.q.val()) << bits::<12>(480))
            | (bit_cast::<COUNTER_BITS, 32>(self.n_glue_ovf.q.val()) << bits::<12>(512))
            | (bit_cast::<COUNTER_BITS, 32>(self.n_tx_drop.q.val()) << bits::<12>(544))
            | (bit_cast::<COUNTER_BITS, 32>(self.n_pl_err.q.val()) << bits::<12>(576))
            | (bit_cast::<COUNTER_BITS, 32>(self.n_rx_bad.q.val()) << bits::<12>(608))
            | (bit_cast::<COUNTER_BITS, 32>(self.n_rx_gate.q.val()) << bits::<12>(640))
            | (bit_cast::<COUNTER_BITS, 32>(self.dd.cnt_oow.val()) << bits::<12>(672))
            | (bit_cast::<COUNTER_BITS, 32>(self.ag.cnt_acks.val()) << bits::<12>(704))
            | (bit_cast::<COUNTER_BITS, 32>(self.ag.cnt_nacks.val()) << bits::<12>(736))
            | (bit_cast::<COUNTER_BITS, 32>(self.tpt.cnt_acks.val()) << bits::<12>(768))
            | (bit_cast::<COUNTER_BITS, 32>(self.tpt.cnt_rejected.val()) << bits::<12>(800))
            | (bit_cast::<COUNTER_BITS, 32>(self.n_ack_bad.q.val()) << bits::<12>(832))
            | (bit_cast::<COUNTER_BITS, 32>(self.n_retx_stale.q.val()) << bits::<12>(864))
            | (bit_cast::<COUNTER_BITS, 32>(self.n_nack_rx.q.val()) << bits::<12>(896))
            | (bit_cast::<COUNTER_BITS, 32>(self.n_nack_rnr.q.val()) << bits::<12>(928))
            | (bit_cast::<COUNTER_BITS, 32>(self.n_nack_fail.q.val()) << bits::<12>(960))
            | (bit_cast::<COUNTER_BITS, 32>(self.n_nack_drop.q.val()) << bits::<12>(992))
            | (bit_cast::<COUNTER_BITS, 32>(self.rxp.cnt_truncated.val()) << bits::<12>(1024))
            | (bit_cast::<COUNTER_BITS, 32>(self.rxp.cnt_not_ip.val()) << bits::<12>(1056))
            | (bit_cast::<COUNTER_BITS, 32>(self.rxp.cnt_bad_ip_header.val()) << bits::<12>(1088))
            | (bit_cast::<COUNTER_BITS, 32>(self.rxp.cnt_ip_checksum.val()) << bits::<12>(1120))
            | (bit_cast::<COUNTER_BITS, 32>(self.rxp.cnt_fragment.val()) << bits::<12>(1152))
            | (bit_cast::<COUNTER_BITS, 32>(self.rxp.cnt_not_udp.val()) << bits::<12>(1184))
            | (bit_cast::<COUNTER_BITS, 32>(self.rxp.cnt_ip_length.val()) << bits::<12>(1216))
            | (bit_cast::<COUNTER_BITS, 32>(self.rxp.cnt_wrong_port.val()) << bits::<12>(1248))
            | (bit_cast::<COUNTER_BITS, 32>(self.rxp.cnt_udp_length.val()) << bits::<12>(1280))
            | (bit_cast::<COUNTER_BITS, 32>(self.rxp.cnt_udp_checksum.val()) << bits::<12>(1312))
            | (bit_cast::<COUNTER_BITS, 32>(self.rxp.cnt_braid_version.val()) << bits::<12>(1344))
            | (bit_cast::<COUNTER_BITS, 32>(self.rxp.cnt_bad_opcode.val()) << bits::<12>(1376))
            | (bit_cast::<COUNTER_BITS, 32>(self.rxp.cnt_hdr_words.val()) << bits::<12>(1408))
            | (bit_cast::<COUNTER_BITS, 32>(self.rxp.cnt_payload_length.val()) << bits::<12>(1440))
            | (bit_cast::<COUNTER_BITS, 32>(self.rxp.cnt_control_payload.val())
                << bits::<12>(1472))
            | (bit_cast::<COUNTER_BITS, 32>(self.ag.cnt_probe_replies.val()) << bits::<12>(1504))
            | (bit_cast::<COUNTER_BITS, 32>(self.ag.cnt_ack_coalesced.val()) << bits::<12>(1536))
            | (bit_cast::<COUNTER_BITS, 32>(self.ag.cnt_ack_drops.val()) << bits::<12>(1568))
            | (bit_cast::<COUNTER_BITS, 32>(self.ag.cnt_nack_drops.val()) << bits::<12>(1600))
            | (bit_cast::<COUNTER_BITS, 32>(self.ag.cnt_probe_drops.val()) << bits::<12>(1632))
            | (bit_cast::<COUNTER_BITS, 32>(self.ag.cnt_no_peer.val()) << bits::<12>(1664))
            | (bit_cast::<COUNTER_BITS, 32>(self.cqw.cnt_written.val()) << bits::<12>(1696))
            | (bit_cast::<COUNTER_BITS, 32>(self.cqw.cnt_full.val()) << bits::<12>(1728))
            | (bit_cast::<COUNTER_BITS, 32>(self.cqw.cnt_no_cq.val()) << bits::<12>(1760))
            | (bit_cast::<COUNTER_BITS, 32>(self.mt.cnt_outside.val()) << bits::<12>(1792))
            | (bit_cast::<COUNTER_BITS, 32>(self.rqf.cnt_db_refused.val()) << bits::<12>(1824))
            | (bit_cast::<COUNTER_BITS, 32>(self.rqf.cnt_consume_refused.val())
                << bits::<12>(1856))
            | (bit_cast::<COUNTER_BITS, 32>(self.rqf.cnt_rs_err.val()) << bits::<12>(1888))
            | (bit_cast::<COUNTER_BITS, 24>(self.stats.ps_cwnd.val()) << bits::<12>(1920))
            | (bit_cast::<COUNTER_BITS, 24>(self.stats.ps_srtt.val()) << bits::<12>(1952))
            | (bit_cast::<COUNTER_BITS, 24>(self.stats.ps_rttvar.val()) << bits::<12>(1984))
            | (bit_cast::<COUNTER_BITS, 32>(self.stats.ps_rto.val()) << bits::<12>(2016))
            | (bit_cast::<COUNTER_BITS, 32>(self.stats.ps_state.val()) << bits::<12>(2048))
            | (bit_cast::<COUNTER_BITS, 32>(self.stats.ps_sent.val()) << bits::<12>(2080))
            | (bit_cast::<COUNTER_BITS, 32>(self.stats.ps_acked.val()) << bits::<12>(2112))
            | (bit_cast::<COUNTER_BITS, 32>(self.stats.ps_lost.val()) << bits::<12>(2144))
            | (bit_cast::<COUNTER_BITS, 32>(self.stats.ps_ecn.val()) << bits::<12>(2176))
            | (bit_cast::<COUNTER_BITS, 32>(self.stats.ps_timeouts.val()) << bits::<12>(2208));
        // (the blocks' words count from the last soft reset: `stats`)
        self.stats.cnt_vec.next = self.cnt_vec.val();
        self.rb.counters.next = self.stats.counters.val();
        // the end of a soft reset: every count starts again from 0
        if self.sr_clr.val() {
            self.n_tx_pkts.d.next = 0.into();
            self.n_tx_retx.d.next = 0.into();
            self.n_tx_timeouts.d.next = 0.into();
            self.n_rx_pkts.d.next = 0.into();
            self.n_rx_refused.d.next = 0.into();
            self.n_rx_bytes.d.next = 0.into();
            self.n_rx_msgs.d.next = 0.into();
            self.n_db_drop.d.next = 0.into();
            self.n_db_bad_cq.d.next = 0.into();
            self.n_glue_ovf.d.next = 0.into();
            self.n_tx_drop.d.next = 0.into();
            self.n_pl_err.d.next = 0.into();
            self.n_rx_bad.d.next = 0.into();
            self.n_rx_gate.d.next = 0.into();
            self.n_ack_bad.d.next = 0.into();
            self.n_retx_stale.d.next = 0.into();
            self.n_nack_rx.d.next = 0.into();
            self.n_nack_rnr.d.next = 0.into();
            self.n_nack_fail.d.next = 0.into();
            self.n_nack_drop.d.next = 0.into();
        }
    }
}
