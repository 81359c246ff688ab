//! `braid_engine`: the packet engine's top, wiring every block of
//! `hdl/rtl/src/` (plan of record: `hdl/rtl/ENGINE.md`, "Top wiring").
//!
//! # Status: stage 1 of 4 (the host and control path)
//!
//! Built and tested here:
//! * the host interface: BAR0 as an AXI4-Lite slave (`reg_block`), the DMA
//!   read stream (`dr_arb`: client a `wqe_fetch`, b `rq_fetch`, c reserved
//!   for payload reads) and the DMA write stream (`dw_arb`: a `cq_writer`,
//!   b reserved for payload placement);
//! * `cmd_proc` wired to every block a command programs: `mr_check` (region
//!   table), `cq_writer` (CQ contexts), `wqe_fetch` (send-queue contexts,
//!   result and read tracking for the destroy drain), `rq_fetch`
//!   (receive-queue contexts), the segmenter (INIT / FLUSH), `tx_compl`
//!   (CREATE / FLUSH), `dedup_table`, `msg_tracker`, `rx_path_table`,
//!   `tx_path_table` and `path_cc` (INIT), both timer wheels (DISARM) and
//!   `ack_gen`'s peer table (SET_PEER);
//! * the doorbells: `SQ_DOORBELL` into `wqe_fetch`, `RQ_DOORBELL` into
//!   `rq_fetch`, `CQ_DOORBELL` into `cq_writer`, each through a FIFO of 16
//!   (a dropped doorbell counts in `cnt_db_dropped`, a CQ doorbell naming a
//!   CQ the build does not have in `cnt_db_bad_cq`);
//! * the send control path: WQEs fetched by DMA into the segmenter, its
//!   WQE-slot credits back to `wqe_fetch` (FIFO of 64), its completion
//!   records into `tx_compl` (FIFO of 32, `PUSH`), `tx_compl`'s `una`
//!   returns back into the segmenter's message window (FIFO of 64);
//! * the completion merge into `cq_writer`'s one operation port: command
//!   operations first, then `tx_compl`'s completions (CQE opcode
//!   `SEND_DONE`), then CQ doorbells.
//!
//! Not yet here (the segmenter's descriptor output is held, `pd_ready` = 0;
//! `rx_valid` beats are ignored; `tx_valid` is 0): stage 2, the send packet
//! path (sprayer, `tx_path_table` SEND, `slot_table`, header fields from
//! the connection table, payload reads on `dr_arb` c, `tx_builder` behind
//! `ack_gen`'s control-first arbiter); stage 3, the receive path
//! (`rx_parser`, the payload FIFO, the connection gate, placement checks,
//! SACK and dedup, `msg_tracker`, receive completions, ACK generation);
//! stage 4, ACK processing with `path_window_table`, the timers, the
//! soft-reset sweep and the packet counters. The register map's packet
//! counters read 0 except `TX_MSGS`.
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
//!   transmit `tx_valid tx_ready tx_data tx_keep tx_last`.
//! * Glue counters: `cnt_db_dropped`, `cnt_db_bad_cq`, `cnt_glue_overflow`
//!   (entries lost at a full glue FIFO: a bug upstream, never expected).
//!
//! # Sizes
//!
//! `BraidEngine<CB, QB, PB, PI, WB, SQ, TA, PTR, TB, RCI, RCA, CMW>`: `2^CB`
//! connections, `2^QB` completion queues, `2^PB` paths per connection
//! (`PI = CB + PB`), and the derived widths of the blocks' own generics:
//! `WB = CB + 3`, `SQ = CB + 1`, `TA = CB + 5`, `PTR = PI + 1`, `TB` the
//! timer wheels' bucket bits, `RCI`/`RCA` `rq_fetch`'s cache index and
//! address bits, `CMW = CB + 171` (a completion record in the glue FIFO).
//! [`BraidEngineFull`]: 1,024 connections x 16 paths, 1,024 CQs;
//! [`BraidEngineTiny`]: 16 connections x 4 paths, 16 CQs.

use crate::cq_writer;
use crate::fifo::Fifo;
use crate::reg_block::{self, RegBlock};
use crate::tx_compl;
use crate::wqe_fetch;
use crate::{
    AckGen, CmdProc, CqWriter, DedupTable, DrArb, DwArb, MrCheck, MsgTracker, PathCc, RqFetch,
    RxPathTable, Segmenter, TimerWheel, TxCompl, TxPathTable, WqeFetch,
};
use braid_spec::host;
use braid_spec::regs;
use rust_hdl::prelude::*;

/// Bits of `reg_block`'s AXI byte address.
pub const ADDR_BITS: usize = reg_block::ADDR_BITS;
const CFG_BITS: usize = reg_block::CFG_BITS;
const COUNTER_BITS: usize = reg_block::COUNTER_BITS;
const ARG_BITS: usize = reg_block::ARG_BITS;

// ---- literal positions used inside `#[hdl_gen]` (a named constant there
// would be written into the Verilog as an undeclared identifier), checked
// against braid-spec here.
const fn cfg_word(r: &regs::Reg) -> usize {
    ((r.offset - regs::CONFIG[0].offset) / 4) as usize
}
const fn cfg_bit(r: &regs::Reg, f: &braid_spec::field::StateField) -> usize {
    32 * cfg_word(r) + f.lsb as usize
}
const _: () = assert!(CFG_BITS == 416 && COUNTER_BITS == 352 && ARG_BITS == 256);
const _: () = assert!(cfg_word(&regs::CONFIG[0]) == 0 && regs::CONFIG[0].offset == 0x180);
// LOCAL_MAC_LO word 0, LOCAL_MAC_HI.mac_hi 32..48, LOCAL_IP4 64..96
const _: () = assert!(cfg_word(&regs::CONFIG[1]) == 1 && regs::LOCAL_MAC_HI_MAC.lsb == 0);
const _: () = assert!(regs::LOCAL_MAC_HI_MAC.bits == 16 && cfg_word(&regs::CONFIG[2]) == 2);
// NET_CFG: udp_port 96..112, mtu_code 112..114
const _: () = assert!(cfg_bit(&regs::CONFIG[3], &regs::NET_CFG_UDP_PORT) == 96);
const _: () = assert!(cfg_bit(&regs::CONFIG[3], &regs::NET_CFG_MTU_CODE) == 112);
const _: () = assert!(regs::NET_CFG_MTU_CODE.bits == 2 && regs::NET_CFG_UDP_PORT.bits == 16);
// CC_CWND_INIT / MIN / MAX: 24 bits at 128, 160, 192
const _: () = assert!(cfg_bit(&regs::CONFIG[4], &regs::CC_CWND) == 128);
const _: () = assert!(cfg_bit(&regs::CONFIG[5], &regs::CC_CWND) == 160);
const _: () = assert!(cfg_bit(&regs::CONFIG[6], &regs::CC_CWND) == 192);
const _: () = assert!(regs::CC_CWND.bits == 24);
// CC_ALPHA: alpha_init 224..240, g 240..242
const _: () = assert!(cfg_bit(&regs::CONFIG[7], &regs::CC_ALPHA_INIT) == 224);
const _: () = assert!(cfg_bit(&regs::CONFIG[7], &regs::CC_ALPHA_G) == 240);
// RTO_MIN 256..288, RTO_MAX 288..320
const _: () = assert!(cfg_word(&regs::CONFIG[8]) == 8 && cfg_word(&regs::CONFIG[9]) == 9);
// PATH_HEALTH: rehash 320..328, retire 328..336
const _: () = assert!(cfg_bit(&regs::CONFIG[10], &regs::PATH_HEALTH_REHASH) == 320);
const _: () = assert!(cfg_bit(&regs::CONFIG[10], &regs::PATH_HEALTH_RETIRE) == 328);
// TX_CFG: spray_burst 352..360, port_hint 368..384
const _: () = assert!(cfg_bit(&regs::CONFIG[11], &regs::TX_CFG_SPRAY_BURST) == 352);
const _: () = assert!(cfg_bit(&regs::CONFIG[11], &regs::TX_CFG_PORT_HINT) == 368);
// TIMER_CFG: ack_coalesce 384..392, rto_shift 392..397, ack_shift 400..405
const _: () = assert!(cfg_bit(&regs::CONFIG[12], &regs::TIMER_CFG_ACK_COALESCE) == 384);
const _: () = assert!(cfg_bit(&regs::CONFIG[12], &regs::TIMER_CFG_RTO_SHIFT) == 392);
const _: () = assert!(cfg_bit(&regs::CONFIG[12], &regs::TIMER_CFG_ACK_SHIFT) == 400);
const _: () = assert!(regs::TIMER_CFG_RTO_SHIFT.bits == 5 && regs::TIMER_CFG_ACK_SHIFT.bits == 5);
// doorbell fields
const _: () = assert!(regs::SQ_DB_PI.lsb == 0 && regs::SQ_DB_CONN.lsb == 16);
const _: () = assert!(regs::RQ_DB_PI.lsb == 0 && regs::RQ_DB_STREAM.lsb == 16);
const _: () = assert!(regs::RQ_DB_CONN.lsb == 20 && regs::RQ_DB_CONN.bits == 12);
const _: () = assert!(regs::CQ_DB_CI.lsb == 0 && regs::CQ_DB_CQ.lsb == 16);
// TX_MSGS is counter word 4 (bits 128..160)
const _: () = assert!(regs::COUNTERS[4].offset == 0x110 && regs::COUNTERS[0].offset == 0x100);
// block operation codes used as literals
const _: () = assert!(cq_writer::OP_CQE == 0 && cq_writer::OP_DOORBELL == 2);
const _: () = assert!(tx_compl::OP_PUSH == 0);
const _: () = assert!(wqe_fetch::OP_CREATE == 0 && wqe_fetch::OP_DESTROY == 1);
const _: () = assert!(host::CQE_SEND_DONE == 1);
// the completion record in the glue FIFO: last_csn 0..32, wr_id 32..96,
// len 96..128, msn 128..160, stream 160..162, signaled 162, status 163..171,
// conn 171..
const CM_FIXED: usize = 171;

/// The packet engine (see the module documentation for what stage 1 wires).
#[derive(LogicBlock)]
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
    /// Doorbells lost at a full doorbell FIFO.
    pub cnt_db_dropped: Signal<Out, Bits<32>>,
    /// CQ doorbells naming a CQ the build does not have.
    pub cnt_db_bad_cq: Signal<Out, Bits<32>>,
    /// Entries lost at a full glue FIFO (never expected).
    pub cnt_glue_overflow: Signal<Out, Bits<32>>,

    // ---- blocks
    rb: RegBlock,
    cp: CmdProc<CB, PB, PI, QB>,
    mrc: MrCheck,
    cqw: CqWriter<QB>,
    wf: WqeFetch<CB>,
    rqf: RqFetch<CB, RCI, RCA>,
    seg: Segmenter<CB, WB, SQ>,
    tc: TxCompl<CB, TA, SQ>,
    dd: DedupTable<CB>,
    mt: MsgTracker,
    rpt: RxPathTable<PI>,
    tpt: TxPathTable<PI, PTR>,
    pcc: PathCc<PI>,
    rtw: TimerWheel<PI, PTR, TB>,
    atw: TimerWheel<PI, PTR, TB>,
    ag: AckGen,
    dra: DrArb,
    dwa: DwArb,
    // ---- glue FIFOs
    fsq: Fifo<32, 4>,
    frq: Fifo<32, 4>,
    fcq: Fifo<32, 4>,
    fcm: Fifo<CMW, 5>,
    fcr: Fifo<CB, 6>,
    funa: Fifo<CB, 6>,
    // ---- registers
    now: DFF<Bits<32>>,
    n_db_drop: DFF<Bits<32>>,
    n_db_bad_cq: DFF<Bits<32>>,
    n_glue_ovf: DFF<Bits<32>>,
    // ---- locals
    cq_db_idx: Signal<Local, Bits<16>>,
    cq_db_ok: Signal<Local, Bit>,
    sel_cq_cmd: Signal<Local, Bit>,
    sel_cq_tc: Signal<Local, Bit>,
    sel_cq_db: Signal<Local, Bit>,
    db_drops: Signal<Local, Bits<2>>,
    glue_drops: Signal<Local, Bits<2>>,
    cm_sig: Signal<Local, Bits<1>>,
    o_sq: Signal<Local, Bits<2>>,
    o_rq: Signal<Local, Bits<2>>,
    o_cq: Signal<Local, Bits<2>>,
    o_cm: Signal<Local, Bits<2>>,
    o_cr: Signal<Local, Bits<2>>,
    o_una: Signal<Local, Bits<2>>,
}

/// The default build: 1,024 connections x 16 paths, 1,024 CQs.
pub type BraidEngineFull = BraidEngine<10, 10, 4, 14, 13, 11, 15, 15, 12, 12, 16, 181>;
/// The tiny build for open boards: 16 connections x 4 paths, 16 CQs.
pub type BraidEngineTiny = BraidEngine<4, 4, 2, 6, 7, 5, 9, 7, 4, 6, 10, 175>;

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
    > Default for BraidEngine<CB, QB, PB, PI, WB, SQ, TA, PTR, TB, RCI, RCA, CMW>
{
    fn default() -> Self {
        assert!(PI == CB + PB && WB == CB + 3 && SQ == CB + 1 && TA == CB + 5);
        assert!(PTR == PI + 1 && CMW == CB + CM_FIXED && PB <= 4 && QB <= 16);
        Self {
            clock: Default::default(),
            awvalid: Default::default(),
            awready: Default::default(),
            awaddr: Default::default(),
            wvalid: Default::default(),
            wready: Default::default(),
            wdata: Default::default(),
            wstrb: Default::default(),
            bvalid: Default::default(),
            bready: Default::default(),
            bresp: Default::default(),
            arvalid: Default::default(),
            arready: Default::default(),
            araddr: Default::default(),
            rvalid: Default::default(),
            rready: Default::default(),
            rdata: Default::default(),
            rresp: Default::default(),
            rd_valid: Default::default(),
            rd_ready: Default::default(),
            rd_addr: Default::default(),
            rd_len: Default::default(),
            rd_tag: Default::default(),
            rs_valid: Default::default(),
            rs_ready: Default::default(),
            rs_data: Default::default(),
            rs_tag: Default::default(),
            rs_last: Default::default(),
            rs_err: Default::default(),
            dw_valid: Default::default(),
            dw_ready: Default::default(),
            dw_addr: Default::default(),
            dw_len: Default::default(),
            dw_data: Default::default(),
            dw_last: Default::default(),
            rx_valid: Default::default(),
            rx_data: Default::default(),
            rx_keep: Default::default(),
            rx_last: Default::default(),
            tx_valid: Default::default(),
            tx_ready: Default::default(),
            tx_data: Default::default(),
            tx_keep: Default::default(),
            tx_last: Default::default(),
            cnt_db_dropped: Default::default(),
            cnt_db_bad_cq: Default::default(),
            cnt_glue_overflow: Default::default(),
            rb: RegBlock::new(reg_block::caps(
                1 << CB,
                1 << PB,
                braid_spec::state::MAX_STREAMS as u32,
            )),
            cp: Default::default(),
            mrc: Default::default(),
            cqw: Default::default(),
            wf: Default::default(),
            rqf: Default::default(),
            seg: Default::default(),
            tc: Default::default(),
            dd: Default::default(),
            mt: Default::default(),
            rpt: Default::default(),
            tpt: Default::default(),
            pcc: Default::default(),
            rtw: Default::default(),
            atw: Default::default(),
            ag: Default::default(),
            dra: Default::default(),
            dwa: Default::default(),
            fsq: Default::default(),
            frq: Default::default(),
            fcq: Default::default(),
            fcm: Default::default(),
            fcr: Default::default(),
            funa: Default::default(),
            now: Default::default(),
            n_db_drop: Default::default(),
            n_db_bad_cq: Default::default(),
            n_glue_ovf: Default::default(),
            cq_db_idx: Default::default(),
            cq_db_ok: Default::default(),
            sel_cq_cmd: Default::default(),
            sel_cq_tc: Default::default(),
            sel_cq_db: Default::default(),
            db_drops: Default::default(),
            glue_drops: Default::default(),
            cm_sig: Default::default(),
            o_sq: Default::default(),
            o_rq: Default::default(),
            o_cq: Default::default(),
            o_cm: Default::default(),
            o_cr: Default::default(),
            o_una: Default::default(),
        }
    }
}

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
    > Logic for BraidEngine<CB, QB, PB, PI, WB, SQ, TA, PTR, TB, RCI, RCA, CMW>
{
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, now, n_db_drop, n_db_bad_cq, n_glue_ovf);
        self.rb.clock.next = self.clock.val();
        self.cp.clock.next = self.clock.val();
        self.mrc.clock.next = self.clock.val();
        self.cqw.clock.next = self.clock.val();
        self.wf.clock.next = self.clock.val();
        self.rqf.clock.next = self.clock.val();
        self.seg.clock.next = self.clock.val();
        self.tc.clock.next = self.clock.val();
        self.dd.clock.next = self.clock.val();
        self.mt.clock.next = self.clock.val();
        self.rpt.clock.next = self.clock.val();
        self.tpt.clock.next = self.clock.val();
        self.pcc.clock.next = self.clock.val();
        self.rtw.clock.next = self.clock.val();
        self.atw.clock.next = self.clock.val();
        self.ag.clock.next = self.clock.val();
        self.dra.clock.next = self.clock.val();
        self.dwa.clock.next = self.clock.val();
        self.fsq.clock.next = self.clock.val();
        self.frq.clock.next = self.clock.val();
        self.fcq.clock.next = self.clock.val();
        self.fcm.clock.next = self.clock.val();
        self.fcr.clock.next = self.clock.val();
        self.funa.clock.next = self.clock.val();

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
        self.rb.reset_busy.next = false;
        self.rb.cmd_done.next = self.cp.cmd_done.val();
        self.rb.cmd_error.next = self.cp.cmd_error.val();
        // counters: TX_MSGS (word 4) is tx_compl's; the others come with
        // the packet paths
        self.rb.counters.next = bit_cast::<352, 32>(self.tc.cnt_done.val()) << bits::<9>(128);

        // ---- command processor
        self.cp.cmd_valid.next = self.rb.cmd_valid.val();
        self.cp.cmd_opcode.next = self.rb.cmd_opcode.val();
        self.cp.cmd_args.next = self.rb.cmd_args.val();

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
        self.mrc.req_valid.next = false;
        self.mrc.req_rkey.next = 0.into();
        self.mrc.req_pd.next = 0.into();
        self.mrc.req_va.next = 0.into();
        self.mrc.req_len.next = 0.into();
        self.mrc.req_need_write.next = false;
        self.mrc.req_tag.next = 0.into();

        // sq: wqe_fetch's contexts; results of CREATE / DESTROY go back
        self.wf.enable.next = self.rb.ctrl_enable.val();
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
        self.cp.sq_rd_issue.next = self.wf.rd_valid.val() & self.dra.a_rd_ready.val();
        self.cp.sq_rd_done.next =
            self.dra.a_rs_valid.val() & self.wf.rs_ready.val() & self.dra.rs_last.val();

        // seg: the segmenter's INIT / FLUSH
        self.seg.sc_valid.next = self.cp.seg_valid.val();
        self.cp.seg_ready.next = self.seg.sc_ready.val();
        self.seg.sc_op.next = self.cp.seg_op.val();
        self.seg.sc_conn.next = self.cp.seg_conn.val();

        // dd, mt, rp, cc: valid-only ports, granted (no data path yet)
        self.dd.op_valid.next = self.cp.dd_valid.val();
        self.cp.dd_ready.next = true;
        self.dd.op.next = self.cp.dd_op.val();
        self.dd.conn.next = self.cp.dd_conn.val();
        self.dd.csn.next = self.cp.dd_csn.val();
        self.mt.init_valid.next = self.cp.mt_valid.val();
        self.cp.mt_ready.next = true;
        self.mt.init_index.next = self.cp.mt_index.val();
        self.mt.init_msn.next = self.cp.mt_msn.val();
        self.mt.pkt_valid.next = false;
        self.mt.pkt_index.next = 0.into();
        self.mt.pkt_msn.next = 0.into();
        self.mt.pkt_msg_len.next = 0.into();
        self.mt.pkt_len.next = 0.into();
        self.mt.pkt_kind.next = 0.into();
        self.mt.pkt_imm.next = 0.into();
        self.mt.pkt_solicited.next = false;
        self.mt.pkt_tag.next = 0.into();
        self.rpt.op_valid.next = self.cp.rp_valid.val();
        self.cp.rp_ready.next = true;
        self.rpt.op.next = self.cp.rp_op.val();
        self.rpt.idx.next = self.cp.rp_idx.val();
        self.rpt.psn.next = self.cp.rp_psn.val();
        self.rpt.floor_delta.next = 0.into();
        self.rpt.ce.next = false;
        self.rpt.ts.next = 0.into();
        self.rpt.ack_req.next = false;
        self.rpt.cfg_ack_coalesce.next = self.rb.cfg_regs.val().get_bits::<8>(384);
        self.pcc.ev_valid.next = self.cp.cc_valid.val();
        self.cp.cc_ready.next = true;
        self.pcc.ev_kind.next = self.cp.cc_kind.val();
        self.pcc.idx.next = self.cp.cc_idx.val();
        self.pcc.n.next = 0.into();
        self.pcc.m.next = 0.into();
        self.pcc.rtt_valid.next = false;
        self.pcc.rtt.next = 0.into();
        self.pcc.idle.next = false;
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

        // tp: tx_path_table INIT (its ready)
        self.tpt.op_valid.next = self.cp.tp_valid.val();
        self.cp.tp_ready.next = self.tpt.op_ready.val();
        self.tpt.op.next = self.cp.tp_op.val();
        self.tpt.idx.next = self.cp.tp_idx.val();
        self.tpt.psn.next = self.cp.tp_psn.val();
        self.tpt.sack.next = 0.into();
        self.tpt.lost_ready.next = true;

        // tw: DISARM into the RTO wheel (sel 0) or the ACK wheel (sel 1)
        self.rtw.op_valid.next = self.cp.tw_valid.val() & !self.cp.tw_sel.val();
        self.atw.op_valid.next = self.cp.tw_valid.val() & self.cp.tw_sel.val();
        self.rtw.op_kind.next = self.cp.tw_kind.val();
        self.atw.op_kind.next = self.cp.tw_kind.val();
        self.rtw.op_path.next = self.cp.tw_path.val();
        self.atw.op_path.next = self.cp.tw_path.val();
        self.rtw.op_deadline.next = 0.into();
        self.atw.op_deadline.next = 0.into();
        if self.cp.tw_sel.val() {
            self.cp.tw_ready.next = self.atw.op_ready.val();
        } else {
            self.cp.tw_ready.next = self.rtw.op_ready.val();
        }
        self.rtw.now.next = self.now.q.val();
        self.atw.now.next = self.now.q.val();
        self.rtw.cfg_shift.next = self.rb.cfg_regs.val().get_bits::<5>(392);
        self.atw.cfg_shift.next = self.rb.cfg_regs.val().get_bits::<5>(400);
        self.rtw.ev_ready.next = true;
        self.atw.ev_ready.next = true;

        // sp: no sprayer yet; its operations are taken and have no effect
        self.cp.sp_ready.next = true;

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
        self.ag.res_valid.next = false;
        self.ag.res_op.next = 0.into();
        self.ag.res_idx.next = 0.into();
        self.ag.res_base.next = 0.into();
        self.ag.res_sack.next = 0.into();
        self.ag.res_ecn_count.next = 0.into();
        self.ag.res_ts_echo.next = 0.into();
        self.ag.res_unacked.next = 0.into();
        self.ag.res_ack_now.next = false;
        self.ag.res_conn.next = 0.into();
        self.ag.res_path_id.next = 0.into();
        self.ag.res_sport.next = 0.into();
        self.ag.res_csn_base.next = 0.into();
        self.ag.rate_hint.next = 0.into();
        self.ag.nack_valid.next = false;
        self.ag.nack_conn.next = 0.into();
        self.ag.nack_path_id.next = 0.into();
        self.ag.nack_sport.next = 0.into();
        self.ag.nack_reason.next = 0.into();
        self.ag.nack_psn.next = 0.into();
        self.ag.nack_csn.next = 0.into();
        self.ag.nack_detail.next = 0.into();
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
        self.ag.data_valid.next = false;
        self.ag.data_dst_mac.next = 0.into();
        self.ag.data_src_mac.next = 0.into();
        self.ag.data_vlan.next = false;
        self.ag.data_vlan_tci.next = 0.into();
        self.ag.data_ipv6.next = false;
        self.ag.data_src_ip.next = 0.into();
        self.ag.data_dst_ip.next = 0.into();
        self.ag.data_dscp.next = 0.into();
        self.ag.data_ttl.next = 0.into();
        self.ag.data_flow_label.next = 0.into();
        self.ag.data_udp_sport.next = 0.into();
        self.ag.data_udp_dport.next = 0.into();
        self.ag.data_opcode.next = 0.into();
        self.ag.data_flags.next = 0.into();
        self.ag.data_path_id.next = 0.into();
        self.ag.data_dst_conn.next = 0.into();
        self.ag.data_path_psn.next = 0.into();
        self.ag.data_csn.next = 0.into();
        self.ag.data_timestamp.next = 0.into();
        self.ag.data_payload_len.next = 0.into();
        self.ag.data_floor_delta.next = 0.into();
        self.ag.data_rkey.next = 0.into();
        self.ag.data_va.next = 0.into();
        self.ag.data_stream.next = 0.into();
        self.ag.data_rsn.next = 0.into();
        self.ag.data_msn.next = 0.into();
        self.ag.data_offset.next = 0.into();
        self.ag.data_msg_len.next = 0.into();
        self.ag.data_imm.next = 0.into();
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
        self.ag.d_ready.next = false;

        // rq: receive-queue contexts
        self.rqf.cmd_valid.next = self.cp.rq_valid.val();
        self.cp.rq_ready.next = self.rqf.cmd_ready.val();
        self.rqf.cmd_op.next = self.cp.rq_op.val();
        self.rqf.cmd_conn.next = self.cp.rq_conn.val();
        self.rqf.cmd_stream.next = self.cp.rq_stream.val();
        self.rqf.cmd_iova.next = self.cp.rq_iova.val();
        self.rqf.cmd_log2.next = self.cp.rq_log2.val();
        self.rqf.m_valid.next = false;
        self.rqf.m_tag.next = 0.into();
        self.rqf.m_conn.next = 0.into();
        self.rqf.m_stream.next = 0.into();
        self.rqf.m_rsn.next = 0.into();
        self.rqf.m_offset.next = 0.into();
        self.rqf.m_len.next = 0.into();
        self.rqf.m_msg_len.next = 0.into();
        self.rqf.cs_valid.next = false;
        self.rqf.cs_conn.next = 0.into();
        self.rqf.cs_stream.next = 0.into();

        // lookups: no packet path yet
        self.cp.rl_valid.next = false;
        self.cp.rl_conn.next = 0.into();
        self.cp.rl_tag.next = 0.into();
        self.cp.tl_valid.next = false;
        self.cp.tl_conn.next = 0.into();
        self.cp.tl_tag.next = 0.into();

        // ---- doorbells
        self.fsq.push.next = self.rb.db_sq_valid.val();
        self.fsq.din.next = self.rb.db_sq.val();
        self.wf.db_valid.next = self.fsq.valid.val();
        self.wf.db_conn.next = self.fsq.dout.val().get_bits::<16>(16);
        self.wf.db_pi.next = self.fsq.dout.val().get_bits::<16>(0);
        self.fsq.pop.next = self.wf.db_ready.val();
        self.frq.push.next = self.rb.db_rq_valid.val();
        self.frq.din.next = self.rb.db_rq.val();
        self.rqf.db_valid.next = self.frq.valid.val();
        self.rqf.db_pi.next = self.frq.dout.val().get_bits::<16>(0);
        self.rqf.db_stream.next = self.frq.dout.val().get_bits::<4>(16);
        self.rqf.db_conn.next = self.frq.dout.val().get_bits::<12>(20);
        self.frq.pop.next = self.rqf.db_ready.val();
        self.fcq.push.next = self.rb.db_cq_valid.val();
        self.fcq.din.next = self.rb.db_cq.val();
        self.cq_db_idx.next = self.fcq.dout.val().get_bits::<16>(16);
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
        self.fcr.push.next = self.seg.cr_valid.val();
        self.fcr.din.next = self.seg.cr_conn.val();
        self.wf.cr_valid.next = self.fcr.valid.val();
        self.wf.cr_conn.next = self.fcr.dout.val();
        self.wf.cr_n.next = 1.into();
        self.fcr.pop.next = self.wf.cr_ready.val();
        // no ACKs and no packet output yet
        self.seg.ack_valid.next = false;
        self.seg.ack_conn.next = 0.into();
        self.seg.ack_csn_base.next = 0.into();
        self.seg.pd_ready.next = false;

        // ---- segmenter completion records into tx_compl, una back
        self.fcm.push.next = self.seg.cm_valid.val();
        if self.seg.cm_signaled.val() {
            self.cm_sig.next = bits::<1>(1);
        } else {
            self.cm_sig.next = bits::<1>(0);
        }
        self.fcm.din.next = (bit_cast::<CMW, CB>(self.seg.cm_conn.val()) << bits::<8>(171))
            | (bit_cast::<CMW, 8>(self.seg.cm_status.val()) << bits::<8>(163))
            | (bit_cast::<CMW, 1>(self.cm_sig.val()) << bits::<8>(162))
            | (bit_cast::<CMW, 2>(self.seg.cm_stream.val().get_bits::<2>(0)) << bits::<8>(160))
            | (bit_cast::<CMW, 32>(self.seg.cm_msn.val()) << bits::<8>(128))
            | (bit_cast::<CMW, 32>(self.seg.cm_len.val()) << bits::<8>(96))
            | (bit_cast::<CMW, 64>(self.seg.cm_wr_id.val()) << bits::<8>(32))
            | bit_cast::<CMW, 32>(self.seg.cm_last_csn.val());
        self.tc.op_valid.next = self.cp.tc_valid.val() | self.fcm.valid.val();
        self.cp.tc_ready.next = self.tc.op_ready.val();
        self.fcm.pop.next = self.tc.op_ready.val() & !self.cp.tc_valid.val();
        self.tc.op_wr_id.next = self.fcm.dout.val().get_bits::<64>(32);
        self.tc.op_len.next = self.fcm.dout.val().get_bits::<32>(96);
        self.tc.op_msn.next = self.fcm.dout.val().get_bits::<32>(128);
        self.tc.op_stream.next = self.fcm.dout.val().get_bits::<2>(160);
        self.tc.op_signaled.next = self.fcm.dout.val().get_bit(162);
        self.tc.op_status.next = self.fcm.dout.val().get_bits::<8>(163);
        self.tc.op_cq.next = bit_cast::<CB, QB>(self.cp.tc_cq.val());
        if self.cp.tc_valid.val() {
            self.tc.op.next = self.cp.tc_op.val();
            self.tc.op_conn.next = self.cp.tc_conn.val();
            self.tc.op_csn.next = self.cp.tc_csn.val();
        } else {
            self.tc.op.next = 0.into();
            self.tc.op_conn.next = self.fcm.dout.val().get_bits::<CB>(171);
            self.tc.op_csn.next = self.fcm.dout.val().get_bits::<32>(0);
        }
        self.funa.push.next = self.tc.una_valid.val();
        self.funa.din.next = self.tc.una_conn.val();
        self.seg.mc_valid.next = self.funa.valid.val();
        self.seg.mc_conn.next = self.funa.dout.val();
        self.funa.pop.next = self.seg.mc_ready.val();

        // ---- completion merge into cq_writer: commands, send completions,
        // CQ doorbells
        self.sel_cq_cmd.next = self.cp.cq_valid.val();
        self.sel_cq_tc.next = !self.cp.cq_valid.val() & self.tc.c_valid.val();
        self.sel_cq_db.next = !self.cp.cq_valid.val()
            & !self.tc.c_valid.val()
            & self.fcq.valid.val()
            & self.cq_db_ok.val();
        self.cqw.op_valid.next =
            self.sel_cq_cmd.val() | self.sel_cq_tc.val() | self.sel_cq_db.val();
        self.cp.cq_ready.next = self.cqw.op_ready.val();
        self.tc.c_ready.next = self.cqw.op_ready.val() & !self.cp.cq_valid.val();
        self.fcq.pop.next = (self.cqw.op_ready.val() & self.sel_cq_db.val())
            | (self.fcq.valid.val() & !self.cq_db_ok.val());
        if self.sel_cq_cmd.val() {
            self.cqw.op.next = self.cp.cq_op.val();
            self.cqw.cq.next = self.cp.cq_cq.val();
        } else if self.sel_cq_tc.val() {
            self.cqw.op.next = 0.into();
            self.cqw.cq.next = bit_cast::<QB, CB>(self.tc.c_cq.val());
        } else {
            self.cqw.op.next = 2.into();
            self.cqw.cq.next = self.cq_db_idx.val().get_bits::<QB>(0);
        }
        self.cqw.arg_iova.next = self.cp.cq_iova.val();
        self.cqw.arg_log2.next = self.cp.cq_log2.val();
        self.cqw.arg_ci.next = self.fcq.dout.val().get_bits::<16>(0);
        self.cqw.c_wr_id.next = self.tc.c_wr_id.val();
        self.cqw.c_byte_len.next = self.tc.c_byte_len.val();
        self.cqw.c_imm.next = 0.into();
        self.cqw.c_msn.next = self.tc.c_msn.val();
        self.cqw.c_conn.next = bit_cast::<24, CB>(self.tc.c_conn.val());
        self.cqw.c_opcode.next = 1.into();
        self.cqw.c_status.next = self.tc.c_status.val();
        self.cqw.c_stream.next = bit_cast::<8, 2>(self.tc.c_stream.val());
        self.cqw.c_flags.next = 0.into();

        // ---- DMA reads: a wqe_fetch, b rq_fetch, c (payload) unused yet
        self.dra.a_rd_valid.next = self.wf.rd_valid.val();
        self.wf.rd_ready.next = self.dra.a_rd_ready.val();
        self.dra.a_rd_addr.next = self.wf.rd_addr.val();
        self.dra.a_rd_len.next = self.wf.rd_len.val().get_bits::<13>(0);
        self.dra.a_rd_tag.next = self.wf.rd_tag.val();
        self.dra.a_rs_ready.next = self.wf.rs_ready.val();
        self.wf.rs_valid.next = self.dra.a_rs_valid.val();
        self.wf.rs_data.next = self.dra.rs_data.val();
        self.wf.rs_tag.next = self.dra.rs_tag.val();
        self.wf.rs_last.next = self.dra.rs_last.val();
        self.wf.rs_err.next = self.dra.rs_err.val();
        self.dra.b_rd_valid.next = self.rqf.rd_valid.val();
        self.rqf.rd_ready.next = self.dra.b_rd_ready.val();
        self.dra.b_rd_addr.next = self.rqf.rd_addr.val();
        self.dra.b_rd_len.next = self.rqf.rd_len.val().get_bits::<13>(0);
        self.dra.b_rd_tag.next = self.rqf.rd_tag.val();
        self.dra.b_rs_ready.next = self.rqf.rs_ready.val();
        self.rqf.rs_valid.next = self.dra.b_rs_valid.val();
        self.rqf.rs_data.next = self.dra.rs_data.val();
        self.rqf.rs_tag.next = self.dra.rs_tag.val();
        self.rqf.rs_last.next = self.dra.rs_last.val();
        self.rqf.rs_err.next = self.dra.rs_err.val();
        self.dra.c_rd_valid.next = false;
        self.dra.c_rd_addr.next = 0.into();
        self.dra.c_rd_len.next = 0.into();
        self.dra.c_rd_tag.next = 0.into();
        self.dra.c_rs_ready.next = true;
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

        // ---- DMA writes: a cq_writer, b (payload placement) unused yet
        self.dwa.a_valid.next = self.cqw.dw_valid.val();
        self.cqw.dw_ready.next = self.dwa.a_ready.val();
        self.dwa.a_addr.next = self.cqw.dw_addr.val();
        self.dwa.a_len.next = self.cqw.dw_len.val();
        self.dwa.a_data.next = self.cqw.dw_data.val();
        self.dwa.a_last.next = self.cqw.dw_last.val();
        self.dwa.b_valid.next = false;
        self.dwa.b_addr.next = 0.into();
        self.dwa.b_len.next = 0.into();
        self.dwa.b_data.next = 0.into();
        self.dwa.b_last.next = false;
        self.dw_valid.next = self.dwa.m_valid.val();
        self.dwa.m_ready.next = self.dw_ready.val();
        self.dw_addr.next = self.dwa.m_addr.val();
        self.dw_len.next = self.dwa.m_len.val();
        self.dw_data.next = self.dwa.m_data.val();
        self.dw_last.next = self.dwa.m_last.val();

        // ---- MAC: no packet paths yet
        self.tx_valid.next = false;
        self.tx_data.next = 0.into();
        self.tx_keep.next = 0.into();
        self.tx_last.next = false;

        // ---- glue counters
        self.o_sq.next = 0.into();
        if self.fsq.ovf.val() {
            self.o_sq.next = 1.into();
        }
        self.o_rq.next = 0.into();
        if self.frq.ovf.val() {
            self.o_rq.next = 1.into();
        }
        self.o_cq.next = 0.into();
        if self.fcq.ovf.val() {
            self.o_cq.next = 1.into();
        }
        self.o_cm.next = 0.into();
        if self.fcm.ovf.val() {
            self.o_cm.next = 1.into();
        }
        self.o_cr.next = 0.into();
        if self.fcr.ovf.val() {
            self.o_cr.next = 1.into();
        }
        self.o_una.next = 0.into();
        if self.funa.ovf.val() {
            self.o_una.next = 1.into();
        }
        self.db_drops.next = self.o_sq.val() + self.o_rq.val() + self.o_cq.val();
        self.n_db_drop.d.next = self.n_db_drop.q.val() + bit_cast::<32, 2>(self.db_drops.val());
        if self.fcq.valid.val() & !self.cq_db_ok.val() {
            self.n_db_bad_cq.d.next = self.n_db_bad_cq.q.val() + 1;
        }
        self.glue_drops.next = self.o_cm.val() + self.o_cr.val() + self.o_una.val();
        self.n_glue_ovf.d.next = self.n_glue_ovf.q.val() + bit_cast::<32, 2>(self.glue_drops.val());
        self.cnt_db_dropped.next = self.n_db_drop.q.val();
        self.cnt_db_bad_cq.next = self.n_db_bad_cq.q.val();
        self.cnt_glue_overflow.next = self.n_glue_ovf.q.val();
    }
}
