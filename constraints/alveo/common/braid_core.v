// Braid's engine behind Braid's own DMA: what every board top holds
// between the PCIe hard block's user-side interfaces (512 bits, 250 MHz)
// and the MAC. The engine is `BRAID_ENGINE (default braid_engine; the
// cocotb board bench sets braid_engine_tiny), so the board tops and the
// bench that simulates them share this wiring.
`ifndef BRAID_ENGINE
`define BRAID_ENGINE braid_engine
`endif
`default_nettype none
module braid_core #(
    // DMA read completion timeout in user_clk cycles: 50 ms at 250 MHz
    // (PCIe's default range A is 50 us to 10 ms; the host answers within
    // it or never). The bench lowers it to keep simulated time short.
    parameter [31:0] CPL_TIMEOUT = 32'd12500000
) (
    input  wire         user_clk,
    input  wire [511:0] cq_tdata,
    input  wire [15:0]  cq_tkeep,
    input  wire         cq_tlast,
    input  wire [182:0] cq_tuser,
    input  wire         cq_tvalid,
    output wire         cq_tready,
    output wire [511:0] cc_tdata,
    output wire [15:0]  cc_tkeep,
    output wire         cc_tlast,
    output wire [80:0]  cc_tuser,
    output wire         cc_tvalid,
    input  wire         cc_tready,
    output wire [1:0]   cq_np_req,
    output wire [511:0] rq_tdata,
    output wire [15:0]  rq_tkeep,
    output wire         rq_tlast,
    output wire [136:0] rq_tuser,
    output wire         rq_tvalid,
    input  wire         rq_tready,
    input  wire [511:0] rc_tdata,
    input  wire [15:0]  rc_tkeep,
    input  wire         rc_tlast,
    input  wire [160:0] rc_tuser,
    input  wire         rc_tvalid,
    output wire         rc_tready,
    input  wire [1:0]   cfg_max_payload,
    input  wire [2:0]   cfg_max_read_req,
    input  wire         eng_rx_valid,
    input  wire [511:0] eng_rx_data,
    input  wire [63:0]  eng_rx_keep,
    input  wire         eng_rx_last,
    output wire         eng_tx_valid,
    input  wire         eng_tx_ready,
    output wire [511:0] eng_tx_data,
    output wire [63:0]  eng_tx_keep,
    output wire         eng_tx_last,
    output wire         eng_tx_bad,
    output wire [31:0]  cnt_ur,
    output wire [31:0]  cnt_reads,
    output wire [31:0]  cnt_cpl_err,
    output wire [31:0]  cnt_timeouts,
    output wire [31:0]  cnt_stray,
    output wire [31:0]  cnt_writes
);
    wire awvalid, awready, wvalid, wready, bvalid, bready;
    wire arvalid, arready, rvalid, rready;
    wire [9:0] awaddr, araddr;
    wire [31:0] wdata, rdata;
    wire [3:0] wstrb;
    wire [1:0] bresp, rresp;
    wire rd_valid, rd_ready, rs_valid, rs_ready, rs_last, rs_err;
    wire [63:0] rd_addr;
    wire [12:0] rd_len;
    wire [7:0] rd_tag, rs_tag;
    wire [511:0] rs_data;
    wire dw_valid, dw_ready, dw_last;
    wire [63:0] dw_addr;
    wire [15:0] dw_len;
    wire [511:0] dw_data;

    pcie_dma dma (
        .clock(user_clk),
        .m_axis_cq_tdata(cq_tdata), .m_axis_cq_tkeep(cq_tkeep), .m_axis_cq_tlast(cq_tlast),
        .m_axis_cq_tuser(cq_tuser), .m_axis_cq_tvalid(cq_tvalid), .m_axis_cq_tready(cq_tready),
        .s_axis_cc_tdata(cc_tdata), .s_axis_cc_tkeep(cc_tkeep), .s_axis_cc_tlast(cc_tlast),
        .s_axis_cc_tuser(cc_tuser), .s_axis_cc_tvalid(cc_tvalid), .s_axis_cc_tready(cc_tready),
        .pcie_cq_np_req(cq_np_req),
        .m_awvalid(awvalid), .m_awready(awready), .m_awaddr(awaddr),
        .m_wvalid(wvalid), .m_wready(wready), .m_wdata(wdata), .m_wstrb(wstrb),
        .m_bvalid(bvalid), .m_bready(bready), .m_bresp(bresp),
        .m_arvalid(arvalid), .m_arready(arready), .m_araddr(araddr),
        .m_rvalid(rvalid), .m_rready(rready), .m_rdata(rdata), .m_rresp(rresp),
        .cnt_ur(cnt_ur), .cnt_bar_drop(), .cnt_bar_err(),
        .dw_valid(dw_valid), .dw_ready(dw_ready), .dw_addr(dw_addr), .dw_len(dw_len),
        .dw_data(dw_data), .dw_last(dw_last), .cfg_max_payload(cfg_max_payload),
        .cnt_writes(cnt_writes), .cnt_empty_writes(),
        .rd_valid(rd_valid), .rd_ready(rd_ready), .rd_addr(rd_addr), .rd_len(rd_len),
        .rd_tag(rd_tag), .rs_valid(rs_valid), .rs_ready(rs_ready), .rs_data(rs_data),
        .rs_tag(rs_tag), .rs_last(rs_last), .rs_err(rs_err),
        .cfg_max_read_req(cfg_max_read_req), .cfg_timeout(CPL_TIMEOUT),
        .m_axis_rc_tdata(rc_tdata), .m_axis_rc_tkeep(rc_tkeep), .m_axis_rc_tlast(rc_tlast),
        .m_axis_rc_tuser(rc_tuser), .m_axis_rc_tvalid(rc_tvalid), .m_axis_rc_tready(rc_tready),
        .cnt_reads(cnt_reads), .cnt_cpl_err(cnt_cpl_err), .cnt_timeouts(cnt_timeouts),
        .cnt_stray(cnt_stray),
        .s_axis_rq_tdata(rq_tdata), .s_axis_rq_tkeep(rq_tkeep), .s_axis_rq_tlast(rq_tlast),
        .s_axis_rq_tuser(rq_tuser), .s_axis_rq_tvalid(rq_tvalid), .s_axis_rq_tready(rq_tready)
    );

    `BRAID_ENGINE engine (
        .clock(user_clk),
        .awvalid(awvalid), .awready(awready), .awaddr(awaddr),
        .wvalid(wvalid), .wready(wready), .wdata(wdata), .wstrb(wstrb),
        .bvalid(bvalid), .bready(bready), .bresp(bresp),
        .arvalid(arvalid), .arready(arready), .araddr(araddr),
        .rvalid(rvalid), .rready(rready), .rdata(rdata), .rresp(rresp),
        .rd_valid(rd_valid), .rd_ready(rd_ready), .rd_addr(rd_addr), .rd_len(rd_len),
        .rd_tag(rd_tag), .rs_valid(rs_valid), .rs_ready(rs_ready), .rs_data(rs_data),
        .rs_tag(rs_tag), .rs_last(rs_last), .rs_err(rs_err),
        .dw_valid(dw_valid), .dw_ready(dw_ready), .dw_addr(dw_addr), .dw_len(dw_len),
        .dw_data(dw_data), .dw_last(dw_last),
        .rx_valid(eng_rx_valid), .rx_data(eng_rx_data), .rx_keep(eng_rx_keep),
        .rx_last(eng_rx_last),
        .tx_valid(eng_tx_valid), .tx_ready(eng_tx_ready), .tx_data(eng_tx_data),
        .tx_keep(eng_tx_keep), .tx_last(eng_tx_last), .tx_bad(eng_tx_bad),
        .cnt_db_dropped(), .cnt_db_bad_cq(), .cnt_glue_overflow(), .cnt_tx_no_conn(),
        .cnt_pl_err(), .cnt_rx_bad(), .cnt_rx_gate(), .cnt_rx_dup(), .cnt_rx_oow(),
        .cnt_ack_tx(), .cnt_nack_tx(), .cnt_ack_rx(), .cnt_ack_rej(), .cnt_ack_bad(),
        .cnt_retx_stale(), .cnt_nack_rx(), .cnt_nack_rnr(), .cnt_nack_fail(), .cnt_nack_drop()
    );

endmodule
`default_nettype wire
