// Test bench top for tests/cocotb/pcie_dma: Braid's whole DMA (pcie_dma:
// pcie_bar, pcie_wr, pcie_rd and rq_arb) on the UltraScale+ PCIe hard
// block that cocotbext-pcie's model drives (512-bit interfaces,
// straddling off), with reg_block behind BAR0. The engine's DMA streams
// are driven and taken from Python.
`default_nettype none
module tb_pcie_dma (
`include "usp_ports.vh"
    output wire [1:0]   pcie_cq_np_req,
    input  wire [5:0]   pcie_cq_np_req_count,
    input  wire [1:0]   cfg_max_payload,
    input  wire [2:0]   cfg_max_read_req,
    input  wire [31:0]  cfg_timeout,
    input  wire         dw_valid,
    output wire         dw_ready,
    input  wire [63:0]  dw_addr,
    input  wire [15:0]  dw_len,
    input  wire [511:0] dw_data,
    input  wire         dw_last,
    input  wire         rd_valid,
    output wire         rd_ready,
    input  wire [63:0]  rd_addr,
    input  wire [12:0]  rd_len,
    input  wire [7:0]   rd_tag,
    output wire         rs_valid,
    input  wire         rs_ready,
    output wire [511:0] rs_data,
    output wire [7:0]   rs_tag,
    output wire         rs_last,
    output wire         rs_err,
    output wire [31:0]  cnt_writes,
    output wire [31:0]  cnt_reads,
    output wire [31:0]  cnt_cpl_err,
    output wire [31:0]  cnt_timeouts
);
    wire awvalid, awready, wvalid, wready, bvalid, bready;
    wire arvalid, arready, rvalid, rready;
    wire [9:0] awaddr, araddr;
    wire [31:0] wdata, rdata;
    wire [3:0] wstrb;
    wire [1:0] bresp, rresp;

    pcie_dma dma (
        .clock(user_clk),
        .m_axis_cq_tdata(m_axis_cq_tdata), .m_axis_cq_tkeep(m_axis_cq_tkeep),
        .m_axis_cq_tlast(m_axis_cq_tlast), .m_axis_cq_tuser(m_axis_cq_tuser),
        .m_axis_cq_tvalid(m_axis_cq_tvalid), .m_axis_cq_tready(m_axis_cq_tready),
        .s_axis_cc_tdata(s_axis_cc_tdata), .s_axis_cc_tkeep(s_axis_cc_tkeep),
        .s_axis_cc_tlast(s_axis_cc_tlast), .s_axis_cc_tuser(s_axis_cc_tuser),
        .s_axis_cc_tvalid(s_axis_cc_tvalid), .s_axis_cc_tready(s_axis_cc_tready),
        .pcie_cq_np_req(pcie_cq_np_req),
        .m_awvalid(awvalid), .m_awready(awready), .m_awaddr(awaddr),
        .m_wvalid(wvalid), .m_wready(wready), .m_wdata(wdata), .m_wstrb(wstrb),
        .m_bvalid(bvalid), .m_bready(bready), .m_bresp(bresp),
        .m_arvalid(arvalid), .m_arready(arready), .m_araddr(araddr),
        .m_rvalid(rvalid), .m_rready(rready), .m_rdata(rdata), .m_rresp(rresp),
        .cnt_ur(), .cnt_bar_drop(), .cnt_bar_err(),
        .dw_valid(dw_valid), .dw_ready(dw_ready), .dw_addr(dw_addr), .dw_len(dw_len),
        .dw_data(dw_data), .dw_last(dw_last), .cfg_max_payload(cfg_max_payload),
        .cnt_writes(cnt_writes), .cnt_empty_writes(),
        .rd_valid(rd_valid), .rd_ready(rd_ready), .rd_addr(rd_addr), .rd_len(rd_len),
        .rd_tag(rd_tag), .rs_valid(rs_valid), .rs_ready(rs_ready), .rs_data(rs_data),
        .rs_tag(rs_tag), .rs_last(rs_last), .rs_err(rs_err),
        .cfg_max_read_req(cfg_max_read_req), .cfg_timeout(cfg_timeout),
        .m_axis_rc_tdata(m_axis_rc_tdata), .m_axis_rc_tkeep(m_axis_rc_tkeep),
        .m_axis_rc_tlast(m_axis_rc_tlast), .m_axis_rc_tuser(m_axis_rc_tuser),
        .m_axis_rc_tvalid(m_axis_rc_tvalid), .m_axis_rc_tready(m_axis_rc_tready),
        .cnt_reads(cnt_reads), .cnt_cpl_err(cnt_cpl_err), .cnt_timeouts(cnt_timeouts),
        .cnt_stray(),
        .s_axis_rq_tdata(s_axis_rq_tdata), .s_axis_rq_tkeep(s_axis_rq_tkeep),
        .s_axis_rq_tlast(s_axis_rq_tlast), .s_axis_rq_tuser(s_axis_rq_tuser),
        .s_axis_rq_tvalid(s_axis_rq_tvalid), .s_axis_rq_tready(s_axis_rq_tready)
    );

    reg_block regs (
        .clock(user_clk),
        .awvalid(awvalid), .awready(awready), .awaddr(awaddr),
        .wvalid(wvalid), .wready(wready), .wdata(wdata), .wstrb(wstrb),
        .bvalid(bvalid), .bready(bready), .bresp(bresp),
        .arvalid(arvalid), .arready(arready), .araddr(araddr),
        .rvalid(rvalid), .rready(rready), .rdata(rdata), .rresp(rresp),
        .ctrl_enable(), .soft_reset(), .reset_busy(1'b0),
        .db_sq_valid(), .db_sq(), .db_rq_valid(), .db_rq(), .db_cq_valid(), .db_cq(),
        .cmd_valid(), .cmd_opcode(), .cmd_args(), .cfg_regs(),
        .cmd_done(1'b0), .cmd_error(8'd0), .counters('0)
    );
endmodule
`default_nettype wire
