// Test bench top for tests/cocotb/pcie_rd: pcie_rd on the requester
// interfaces (RQ and RC) of the UltraScale+ PCIe hard block that
// cocotbext-pcie's model drives (512-bit interfaces, straddling off). The
// engine's DMA read requests and responses are driven and taken from
// Python; the completer interfaces are tied off (no BAR in this bench).
`default_nettype none
module tb_pcie_rd (
`include "usp_ports.vh"
    input  wire [2:0]   cfg_max_read_req,
    input  wire [31:0]  cfg_timeout,
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
    output wire [31:0]  cnt_reads,
    output wire [31:0]  cnt_cpl_err,
    output wire [31:0]  cnt_timeouts,
    output wire [31:0]  cnt_stray
);
    assign m_axis_cq_tready = 1'b1;
    assign s_axis_cc_tdata = 512'd0;
    assign s_axis_cc_tkeep = 16'd0;
    assign s_axis_cc_tlast = 1'b0;
    assign s_axis_cc_tuser = 81'd0;
    assign s_axis_cc_tvalid = 1'b0;

    pcie_rd rd (
        .clock(user_clk),
        .rd_valid(rd_valid), .rd_ready(rd_ready), .rd_addr(rd_addr), .rd_len(rd_len),
        .rd_tag(rd_tag),
        .rs_valid(rs_valid), .rs_ready(rs_ready), .rs_data(rs_data), .rs_tag(rs_tag),
        .rs_last(rs_last), .rs_err(rs_err),
        .cfg_max_read_req(cfg_max_read_req), .cfg_timeout(cfg_timeout),
        .s_axis_rq_tdata(s_axis_rq_tdata), .s_axis_rq_tkeep(s_axis_rq_tkeep),
        .s_axis_rq_tlast(s_axis_rq_tlast), .s_axis_rq_tuser(s_axis_rq_tuser),
        .s_axis_rq_tvalid(s_axis_rq_tvalid), .s_axis_rq_tready(s_axis_rq_tready),
        .m_axis_rc_tdata(m_axis_rc_tdata), .m_axis_rc_tkeep(m_axis_rc_tkeep),
        .m_axis_rc_tlast(m_axis_rc_tlast), .m_axis_rc_tuser(m_axis_rc_tuser),
        .m_axis_rc_tvalid(m_axis_rc_tvalid), .m_axis_rc_tready(m_axis_rc_tready),
        .cnt_reads(cnt_reads), .cnt_cpl_err(cnt_cpl_err), .cnt_timeouts(cnt_timeouts),
        .cnt_stray(cnt_stray)
    );
endmodule
`default_nettype wire
