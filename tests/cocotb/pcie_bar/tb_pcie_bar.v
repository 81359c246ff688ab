// Test bench top for tests/cocotb/pcie_bar: pcie_bar in front of reg_block,
// with the user-side ports of the UltraScale+ PCIe hard block that
// cocotbext-pcie's model drives (512-bit interfaces, straddling off). The
// requester interfaces are tied off: no DMA in this bench.
`default_nettype none
module tb_pcie_bar (
`include "usp_ports.vh"
    output wire [1:0]   pcie_cq_np_req,
    input  wire [5:0]   pcie_cq_np_req_count,
    output wire [31:0]  cnt_ur,
    output wire [31:0]  cnt_drop,
    output wire [31:0]  cnt_err
);
    assign s_axis_rq_tdata = 512'd0;
    assign s_axis_rq_tkeep = 16'd0;
    assign s_axis_rq_tlast = 1'b0;
    assign s_axis_rq_tuser = 137'd0;
    assign s_axis_rq_tvalid = 1'b0;
    assign m_axis_rc_tready = 1'b1;

    wire awvalid, awready, wvalid, wready, bvalid, bready;
    wire arvalid, arready, rvalid, rready;
    wire [9:0] awaddr, araddr;
    wire [31:0] wdata, rdata;
    wire [3:0] wstrb;
    wire [1:0] bresp, rresp;

    pcie_bar bar (
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
        .cnt_ur(cnt_ur), .cnt_drop(cnt_drop), .cnt_err(cnt_err)
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
