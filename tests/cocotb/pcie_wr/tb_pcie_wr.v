// Test bench top for tests/cocotb/pcie_wr: pcie_wr on the requester request
// interface of the UltraScale+ PCIe hard block that cocotbext-pcie's model
// drives (512-bit interfaces, straddling off). The engine's DMA write
// stream is driven from Python; the completer interfaces are tied off (no
// BAR in this bench).
`default_nettype none
module tb_pcie_wr (
`include "usp_ports.vh"
    input  wire [1:0]   cfg_max_payload,
    input  wire         dw_valid,
    output wire         dw_ready,
    input  wire [63:0]  dw_addr,
    input  wire [15:0]  dw_len,
    input  wire [511:0] dw_data,
    input  wire         dw_last,
    output wire [31:0]  cnt_tlps,
    output wire [31:0]  cnt_empty
);
    assign m_axis_rc_tready = 1'b1;
    assign m_axis_cq_tready = 1'b1;
    assign s_axis_cc_tdata = 512'd0;
    assign s_axis_cc_tkeep = 16'd0;
    assign s_axis_cc_tlast = 1'b0;
    assign s_axis_cc_tuser = 81'd0;
    assign s_axis_cc_tvalid = 1'b0;

    pcie_wr wr (
        .clock(user_clk),
        .dw_valid(dw_valid), .dw_ready(dw_ready), .dw_addr(dw_addr), .dw_len(dw_len),
        .dw_data(dw_data), .dw_last(dw_last),
        .cfg_max_payload(cfg_max_payload),
        .s_axis_rq_tdata(s_axis_rq_tdata), .s_axis_rq_tkeep(s_axis_rq_tkeep),
        .s_axis_rq_tlast(s_axis_rq_tlast), .s_axis_rq_tuser(s_axis_rq_tuser),
        .s_axis_rq_tvalid(s_axis_rq_tvalid), .s_axis_rq_tready(s_axis_rq_tready),
        .cnt_tlps(cnt_tlps), .cnt_empty(cnt_empty)
    );
endmodule
`default_nettype wire
