// Test bench top for tests/cocotb/board: what a board top holds minus the
// PCIe hard block and the CMAC: braid_core, the board tops' own wiring of
// Braid's DMA (pcie_dma) in front of the engine (here braid_engine_tiny,
// by BRAID_ENGINE), on the hard block's interfaces that cocotbext-pcie's
// model drives. The engine's MAC ports are the bench's
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
    braid_core core (
        .user_clk(user_clk),
        .cq_tdata(m_axis_cq_tdata), .cq_tkeep(m_axis_cq_tkeep), .cq_tlast(m_axis_cq_tlast),
        .cq_tuser(m_axis_cq_tuser), .cq_tvalid(m_axis_cq_tvalid), .cq_tready(m_axis_cq_tready),
        .cc_tdata(s_axis_cc_tdata), .cc_tkeep(s_axis_cc_tkeep), .cc_tlast(s_axis_cc_tlast),
        .cc_tuser(s_axis_cc_tuser), .cc_tvalid(s_axis_cc_tvalid), .cc_tready(s_axis_cc_tready),
        .cq_np_req(pcie_cq_np_req),
        .rq_tdata(s_axis_rq_tdata), .rq_tkeep(s_axis_rq_tkeep), .rq_tlast(s_axis_rq_tlast),
        .rq_tuser(s_axis_rq_tuser), .rq_tvalid(s_axis_rq_tvalid), .rq_tready(s_axis_rq_tready),
        .rc_tdata(m_axis_rc_tdata), .rc_tkeep(m_axis_rc_tkeep), .rc_tlast(m_axis_rc_tlast),
        .rc_tuser(m_axis_rc_tuser), .rc_tvalid(m_axis_rc_tvalid), .rc_tready(m_axis_rc_tready),
        .cfg_max_payload(cfg_max_payload), .cfg_max_read_req(cfg_max_read_req),
        .eng_rx_valid(eng_rx_tvalid), .eng_rx_data(eng_rx_tdata), .eng_rx_keep(eng_rx_tkeep),
        .eng_rx_last(eng_rx_tlast),
        .eng_tx_valid(eng_tx_tvalid), .eng_tx_ready(eng_tx_tready), .eng_tx_data(eng_tx_tdata),
        .eng_tx_keep(eng_tx_tkeep), .eng_tx_last(eng_tx_tlast),
        .cnt_ur(cnt_ur), .cnt_reads(cnt_reads), .cnt_writes(cnt_writes)
    );
endmodule
`default_nettype wire
