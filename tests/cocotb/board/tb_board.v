// Test bench top for tests/cocotb/board: what a board top holds minus the
// PCIe hard block and the CMAC: Braid's DMA (pcie_dma) in front of the
// engine (braid_engine_tiny), on the hard block's interfaces that
// cocotbext-pcie's model drives. The engine's MAC ports are the bench's
// (a frame sink and source in Python).
`default_nettype none
module tb_board (
`include "usp_ports.vh"
    output wire [1:0]   pcie_cq_np_req,
    input  wire [5:0]   pcie_cq_np_req_count,
    input  wire [1:0]   cfg_max_payload,
    input  wire [2:0]   cfg_max_read_req,
    input  wire         eng_rx_tvalid,
    input  wire [511:0] eng_rx_tdata,
    input  wire [63:0]  eng_rx_tkeep,
    input  wire         eng_rx_tlast,
    output wire         eng_tx_tvalid,
    input  wire         eng_tx_tready,
    output wire [511:0] eng_tx_tdata,
    output wire [63:0]  eng_tx_tkeep,
    output wire         eng_tx_tlast,
    output wire [31:0]  cnt_ur,
    output wire [31:0]  cnt_reads,
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
        .cnt_ur(cnt_ur), .cnt_bar_drop(), .cnt_bar_err(),
        .dw_valid(dw_valid), .dw_ready(dw_ready), .dw_addr(dw_addr), .dw_len(dw_len),
        .dw_data(dw_data), .dw_last(dw_last), .cfg_max_payload(cfg_max_payload),
        .cnt_writes(cnt_writes), .cnt_empty_writes(),
        .rd_valid(rd_valid), .rd_ready(rd_ready), .rd_addr(rd_addr), .rd_len(rd_len),
        .rd_tag(rd_tag), .rs_valid(rs_valid), .rs_ready(rs_ready), .rs_data(rs_data),
        .rs_tag(rs_tag), .rs_last(rs_last), .rs_err(rs_err),
        .cfg_max_read_req(cfg_max_read_req), .cfg_timeout(32'd12500000),
        .m_axis_rc_tdata(m_axis_rc_tdata), .m_axis_rc_tkeep(m_axis_rc_tkeep),
        .m_axis_rc_tlast(m_axis_rc_tlast), .m_axis_rc_tuser(m_axis_rc_tuser),
        .m_axis_rc_tvalid(m_axis_rc_tvalid), .m_axis_rc_tready(m_axis_rc_tready),
        .cnt_reads(cnt_reads), .cnt_cpl_err(), .cnt_timeouts(), .cnt_stray(),
        .s_axis_rq_tdata(s_axis_rq_tdata), .s_axis_rq_tkeep(s_axis_rq_tkeep),
        .s_axis_rq_tlast(s_axis_rq_tlast), .s_axis_rq_tuser(s_axis_rq_tuser),
        .s_axis_rq_tvalid(s_axis_rq_tvalid), .s_axis_rq_tready(s_axis_rq_tready)
    );

    braid_engine_tiny engine (
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
        .rx_valid(eng_rx_tvalid), .rx_data(eng_rx_tdata), .rx_keep(eng_rx_tkeep),
        .rx_last(eng_rx_tlast),
        .tx_valid(eng_tx_tvalid), .tx_ready(eng_tx_tready), .tx_data(eng_tx_tdata),
        .tx_keep(eng_tx_tkeep), .tx_last(eng_tx_tlast),
        .cnt_db_dropped(), .cnt_db_bad_cq(), .cnt_glue_overflow(), .cnt_tx_no_conn(),
        .cnt_pl_err(), .cnt_rx_bad(), .cnt_rx_gate(), .cnt_rx_dup(), .cnt_rx_oow(),
        .cnt_ack_tx(), .cnt_nack_tx(), .cnt_ack_rx(), .cnt_ack_rej(), .cnt_ack_bad(),
        .cnt_retx_stale(), .cnt_nack_rx(), .cnt_nack_rnr(), .cnt_nack_fail(), .cnt_nack_drop()
    );
endmodule
`default_nettype wire
