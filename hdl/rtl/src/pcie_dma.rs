//! `pcie_dma`: Braid's own DMA on the UltraScale+ PCIe hard block, whole:
//! the engine's host interface (BAR0 as an AXI4-Lite master, the DMA read
//! and write streams) on one side, the hard block's four AXI-Stream
//! interfaces (512 bits at 250 MHz, straddling off, dword-aligned) on the
//! other. It instantiates `pcie_bar` (CQ/CC into AXI4-Lite), `pcie_wr`
//! (writes into memory write TLPs), `pcie_rd` (reads into read TLPs,
//! completions back in order) and `rq_arb` (both TLP streams onto RQ,
//! `pcie_wr` as client a, TLPs kept whole, round robin per TLP). Each
//! block's module comment is its normative text; this top only wires them.

use crate::reg_block::ADDR_BITS;
use crate::{PcieBar, PcieRd, PcieWr, RqArb};
use rust_hdl::prelude::*;

hdl_block! {
    /// The engine's host interface on the PCIe hard block.
    pub struct PcieDma {
        /// `user_clk` (250 MHz).
        pub clock: Signal<In, Clock>,
        /// CQ data (BAR0 requests).
        pub m_axis_cq_tdata: Signal<In, Bits<512>>,
        /// CQ dword enables.
        pub m_axis_cq_tkeep: Signal<In, Bits<16>>,
        /// CQ last beat.
        pub m_axis_cq_tlast: Signal<In, Bit>,
        /// CQ sideband.
        pub m_axis_cq_tuser: Signal<In, Bits<183>>,
        /// CQ beat valid.
        pub m_axis_cq_tvalid: Signal<In, Bit>,
        /// CQ ready.
        pub m_axis_cq_tready: Signal<Out, Bit>,
        /// CC data (completions of BAR0 reads).
        pub s_axis_cc_tdata: Signal<Out, Bits<512>>,
        /// CC dword enables.
        pub s_axis_cc_tkeep: Signal<Out, Bits<16>>,
        /// CC last beat.
        pub s_axis_cc_tlast: Signal<Out, Bit>,
        /// CC sideband.
        pub s_axis_cc_tuser: Signal<Out, Bits<81>>,
        /// CC beat valid.
        pub s_axis_cc_tvalid: Signal<Out, Bit>,
        /// CC ready.
        pub s_axis_cc_tready: Signal<In, Bit>,
        /// Non-posted request credit to the hard block.
        pub pcie_cq_np_req: Signal<Out, Bits<2>>,
        /// AXI4-Lite (to the engine's BAR0) write address valid.
        pub m_awvalid: Signal<Out, Bit>,
        /// AXI write address ready.
        pub m_awready: Signal<In, Bit>,
        /// AXI write address.
        pub m_awaddr: Signal<Out, Bits<ADDR_BITS>>,
        /// AXI write data valid.
        pub m_wvalid: Signal<Out, Bit>,
        /// AXI write data ready.
        pub m_wready: Signal<In, Bit>,
        /// AXI write data.
        pub m_wdata: Signal<Out, Bits<32>>,
        /// AXI write strobes.
        pub m_wstrb: Signal<Out, Bits<4>>,
        /// AXI write response valid.
        pub m_bvalid: Signal<In, Bit>,
        /// AXI write response ready.
        pub m_bready: Signal<Out, Bit>,
        /// AXI write response.
        pub m_bresp: Signal<In, Bits<2>>,
        /// AXI read address valid.
        pub m_arvalid: Signal<Out, Bit>,
        /// AXI read address ready.
        pub m_arready: Signal<In, Bit>,
        /// AXI read address.
        pub m_araddr: Signal<Out, Bits<ADDR_BITS>>,
        /// AXI read data valid.
        pub m_rvalid: Signal<In, Bit>,
        /// AXI read data ready.
        pub m_rready: Signal<Out, Bit>,
        /// AXI read data.
        pub m_rdata: Signal<In, Bits<32>>,
        /// AXI read response.
        pub m_rresp: Signal<In, Bits<2>>,
        /// BAR0 requests completed UR or CA.
        pub cnt_ur: Signal<Out, Bits<32>>,
        /// BAR0 posted requests dropped.
        pub cnt_bar_drop: Signal<Out, Bits<32>>,
        /// BAR0 errors.
        pub cnt_bar_err: Signal<Out, Bits<32>>,
        /// Engine DMA write beat valid.
        pub dw_valid: Signal<In, Bit>,
        /// Engine DMA write beat taken.
        pub dw_ready: Signal<Out, Bit>,
        /// Engine DMA write address.
        pub dw_addr: Signal<In, Bits<64>>,
        /// Engine DMA write length.
        pub dw_len: Signal<In, Bits<16>>,
        /// Engine DMA write data.
        pub dw_data: Signal<In, Bits<512>>,
        /// Engine DMA write last beat.
        pub dw_last: Signal<In, Bit>,
        /// Maximum payload size (128 << value).
        pub cfg_max_payload: Signal<In, Bits<2>>,
        /// Memory write TLPs sent.
        pub cnt_writes: Signal<Out, Bits<32>>,
        /// Engine writes of length 0, dropped.
        pub cnt_empty_writes: Signal<Out, Bits<32>>,
        /// Engine DMA read request valid.
        pub rd_valid: Signal<In, Bit>,
        /// Engine DMA read request taken.
        pub rd_ready: Signal<Out, Bit>,
        /// Engine DMA read address.
        pub rd_addr: Signal<In, Bits<64>>,
        /// Engine DMA read length.
        pub rd_len: Signal<In, Bits<13>>,
        /// Engine DMA read tag.
        pub rd_tag: Signal<In, Bits<8>>,
        /// DMA read response beat valid.
        pub rs_valid: Signal<Out, Bit>,
        /// DMA read response beat taken.
        pub rs_ready: Signal<In, Bit>,
        /// DMA read response data.
        pub rs_data: Signal<Out, Bits<512>>,
        /// DMA read response tag.
        pub rs_tag: Signal<Out, Bits<8>>,
        /// Last beat of a response.
        pub rs_last: Signal<Out, Bit>,
        /// The read failed.
        pub rs_err: Signal<Out, Bit>,
        /// Maximum read request size (128 << min(value, 5)).
        pub cfg_max_read_req: Signal<In, Bits<3>>,
        /// Completion timeout in clocks (0: never).
        pub cfg_timeout: Signal<In, Bits<32>>,
        /// RC data (completions of DMA reads).
        pub m_axis_rc_tdata: Signal<In, Bits<512>>,
        /// RC dword enables.
        pub m_axis_rc_tkeep: Signal<In, Bits<16>>,
        /// RC last beat.
        pub m_axis_rc_tlast: Signal<In, Bit>,
        /// RC sideband.
        pub m_axis_rc_tuser: Signal<In, Bits<161>>,
        /// RC beat valid.
        pub m_axis_rc_tvalid: Signal<In, Bit>,
        /// RC ready.
        pub m_axis_rc_tready: Signal<Out, Bit>,
        /// Memory read TLPs sent.
        pub cnt_reads: Signal<Out, Bits<32>>,
        /// Completions that failed their read.
        pub cnt_cpl_err: Signal<Out, Bits<32>>,
        /// Reads failed by a timeout.
        pub cnt_timeouts: Signal<Out, Bits<32>>,
        /// Completions for a tag not in flight, dropped.
        pub cnt_stray: Signal<Out, Bits<32>>,
        /// RQ data (memory read and write TLPs).
        pub s_axis_rq_tdata: Signal<Out, Bits<512>>,
        /// RQ dword enables.
        pub s_axis_rq_tkeep: Signal<Out, Bits<16>>,
        /// RQ last beat of a TLP.
        pub s_axis_rq_tlast: Signal<Out, Bit>,
        /// RQ sideband.
        pub s_axis_rq_tuser: Signal<Out, Bits<137>>,
        /// RQ beat valid.
        pub s_axis_rq_tvalid: Signal<Out, Bit>,
        /// RQ ready.
        pub s_axis_rq_tready: Signal<In, Bit>,
        bar: PcieBar,
        wr: PcieWr,
        rd: PcieRd,
        arb: RqArb,
    }
}

impl Logic for PcieDma {
    #[hdl_gen]
    fn update(&mut self) {
        self.bar.clock.next = self.clock.val();
        self.wr.clock.next = self.clock.val();
        self.rd.clock.next = self.clock.val();
        self.arb.clock.next = self.clock.val();
        self.bar.m_axis_cq_tdata.next = self.m_axis_cq_tdata.val();
        self.bar.m_axis_cq_tkeep.next = self.m_axis_cq_tkeep.val();
        self.bar.m_axis_cq_tlast.next = self.m_axis_cq_tlast.val();
        self.bar.m_axis_cq_tuser.next = self.m_axis_cq_tuser.val();
        self.bar.m_axis_cq_tvalid.next = self.m_axis_cq_tvalid.val();
        self.m_axis_cq_tready.next = self.bar.m_axis_cq_tready.val();
        self.s_axis_cc_tdata.next = self.bar.s_axis_cc_tdata.val();
        self.s_axis_cc_tkeep.next = self.bar.s_axis_cc_tkeep.val();
        self.s_axis_cc_tlast.next = self.bar.s_axis_cc_tlast.val();
        self.s_axis_cc_tuser.next = self.bar.s_axis_cc_tuser.val();
        self.s_axis_cc_tvalid.next = self.bar.s_axis_cc_tvalid.val();
        self.bar.s_axis_cc_tready.next = self.s_axis_cc_tready.val();
        self.pcie_cq_np_req.next = self.bar.pcie_cq_np_req.val();
        self.m_awvalid.next = self.bar.m_awvalid.val();
        self.bar.m_awready.next = self.m_awready.val();
        self.m_awaddr.next = self.bar.m_awaddr.val();
        self.m_wvalid.next = self.bar.m_wvalid.val();
        self.bar.m_wready.next = self.m_wready.val();
        self.m_wdata.next = self.bar.m_wdata.val();
        self.m_wstrb.next = self.bar.m_wstrb.val();
        self.bar.m_bvalid.next = self.m_bvalid.val();
        self.m_bready.next = self.bar.m_bready.val();
        self.bar.m_bresp.next = self.m_bresp.val();
        self.m_arvalid.next = self.bar.m_arvalid.val();
        self.bar.m_arready.next = self.m_arready.val();
        self.m_araddr.next = self.bar.m_araddr.val();
        self.bar.m_rvalid.next = self.m_rvalid.val();
        self.m_rready.next = self.bar.m_rready.val();
        self.bar.m_rdata.next = self.m_rdata.val();
        self.bar.m_rresp.next = self.m_rresp.val();
        self.cnt_ur.next = self.bar.cnt_ur.val();
        self.cnt_bar_drop.next = self.bar.cnt_drop.val();
        self.cnt_bar_err.next = self.bar.cnt_err.val();
        self.wr.dw_valid.next = self.dw_valid.val();
        self.dw_ready.next = self.wr.dw_ready.val();
        self.wr.dw_addr.next = self.dw_addr.val();
        self.wr.dw_len.next = self.dw_len.val();
        self.wr.dw_data.next = self.dw_data.val();
        self.wr.dw_last.next = self.dw_last.val();
        self.wr.cfg_max_payload.next = self.cfg_max_payload.val();
        self.cnt_writes.next = self.wr.cnt_tlps.val();
        self.cnt_empty_writes.next = self.wr.cnt_empty.val();
        self.rd.rd_valid.next = self.rd_valid.val();
        self.rd_ready.next = self.rd.rd_ready.val();
        self.rd.rd_addr.next = self.rd_addr.val();
        self.rd.rd_len.next = self.rd_len.val();
        self.rd.rd_tag.next = self.rd_tag.val();
        self.rs_valid.next = self.rd.rs_valid.val();
        self.rd.rs_ready.next = self.rs_ready.val();
        self.rs_data.next = self.rd.rs_data.val();
        self.rs_tag.next = self.rd.rs_tag.val();
        self.rs_last.next = self.rd.rs_last.val();
        self.rs_err.next = self.rd.rs_err.val();
        self.rd.cfg_max_read_req.next = self.cfg_max_read_req.val();
        self.rd.cfg_timeout.next = self.cfg_timeout.val();
        self.rd.m_axis_rc_tdata.next = self.m_axis_rc_tdata.val();
        self.rd.m_axis_rc_tkeep.next = self.m_axis_rc_tkeep.val();
        self.rd.m_axis_rc_tlast.next = self.m_axis_rc_tlast.val();
        self.rd.m_axis_rc_tuser.next = self.m_axis_rc_tuser.val();
        self.rd.m_axis_rc_tvalid.next = self.m_axis_rc_tvalid.val();
        self.m_axis_rc_tready.next = self.rd.m_axis_rc_tready.val();
        self.cnt_reads.next = self.rd.cnt_reads.val();
        self.cnt_cpl_err.next = self.rd.cnt_cpl_err.val();
        self.cnt_timeouts.next = self.rd.cnt_timeouts.val();
        self.cnt_stray.next = self.rd.cnt_stray.val();
        // both requesters onto RQ: tdata, tkeep and tuser packed
        self.arb.a_valid.next = self.wr.s_axis_rq_tvalid.val();
        self.arb.a_data.next = bit_cast::<665, 512>(self.wr.s_axis_rq_tdata.val())
            | (bit_cast::<665, 16>(self.wr.s_axis_rq_tkeep.val()) << 512)
            | (bit_cast::<665, 137>(self.wr.s_axis_rq_tuser.val()) << 528);
        self.arb.a_last.next = self.wr.s_axis_rq_tlast.val();
        self.wr.s_axis_rq_tready.next = self.arb.a_ready.val();
        self.arb.b_valid.next = self.rd.s_axis_rq_tvalid.val();
        self.arb.b_data.next = bit_cast::<665, 512>(self.rd.s_axis_rq_tdata.val())
            | (bit_cast::<665, 16>(self.rd.s_axis_rq_tkeep.val()) << 512)
            | (bit_cast::<665, 137>(self.rd.s_axis_rq_tuser.val()) << 528);
        self.arb.b_last.next = self.rd.s_axis_rq_tlast.val();
        self.rd.s_axis_rq_tready.next = self.arb.b_ready.val();
        self.arb.m_ready.next = self.s_axis_rq_tready.val();
        self.s_axis_rq_tvalid.next = self.arb.m_valid.val();
        self.s_axis_rq_tdata.next = self.arb.m_data.val().get_bits::<512>(0);
        self.s_axis_rq_tkeep.next = self.arb.m_data.val().get_bits::<16>(512);
        self.s_axis_rq_tuser.next = self.arb.m_data.val().get_bits::<137>(528);
        self.s_axis_rq_tlast.next = self.arb.m_last.val();
    }
}
