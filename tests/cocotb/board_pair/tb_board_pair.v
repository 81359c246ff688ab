// Test bench top for tests/cocotb/board_pair: two boards minus their PCIe
// hard blocks and CMACs, A and B, each braid_core (Braid's DMA in front of
// the engine, here braid_engine_tiny by BRAID_ENGINE) on the hard block's
// interfaces that its own cocotbext-pcie model drives (ports a_* and b_*,
// as usp_ports.vh names them; one user_clk for both). Each engine's MAC
// port is behind its cmac_adapter, as on the card; A's adapter is cabled
// to B's through two lossy_links, one each way, whose seeds and drop
// probability the Python side sets.
`default_nettype none
module tb_board_pair #(
    // DMA read completion timeout: 20,000 clocks (80 us; the board's is
    // 50 ms), so a completion the bench withholds fails its read soon
    parameter [31:0] CPL_TIMEOUT = 32'd20000
) (
    input  wire         user_clk,
    input  wire         a_user_reset,
    input  wire         a_user_lnk_up,
    output wire [511:0] a_s_axis_rq_tdata,
    output wire [15:0]  a_s_axis_rq_tkeep,
    output wire         a_s_axis_rq_tlast,
    output wire [136:0] a_s_axis_rq_tuser,
    output wire         a_s_axis_rq_tvalid,
    input  wire         a_s_axis_rq_tready,
    input  wire [511:0] a_m_axis_rc_tdata,
    input  wire [15:0]  a_m_axis_rc_tkeep,
    input  wire         a_m_axis_rc_tlast,
    input  wire [160:0] a_m_axis_rc_tuser,
    input  wire         a_m_axis_rc_tvalid,
    output wire         a_m_axis_rc_tready,
    input  wire [511:0] a_m_axis_cq_tdata,
    input  wire [15:0]  a_m_axis_cq_tkeep,
    input  wire         a_m_axis_cq_tlast,
    input  wire [182:0] a_m_axis_cq_tuser,
    input  wire         a_m_axis_cq_tvalid,
    output wire         a_m_axis_cq_tready,
    output wire [511:0] a_s_axis_cc_tdata,
    output wire [15:0]  a_s_axis_cc_tkeep,
    output wire         a_s_axis_cc_tlast,
    output wire [80:0]  a_s_axis_cc_tuser,
    output wire         a_s_axis_cc_tvalid,
    input  wire         a_s_axis_cc_tready,
    output wire [1:0]   a_pcie_cq_np_req,
    input  wire [5:0]   a_pcie_cq_np_req_count,
    input  wire [1:0]   a_cfg_max_payload,
    input  wire [2:0]   a_cfg_max_read_req,
    output wire [31:0]  a_cnt_ur,
    output wire [31:0]  a_cnt_cpl_err,
    output wire [31:0]  a_cnt_timeouts,
    output wire [31:0]  a_cnt_stray,
    input  wire         b_user_reset,
    input  wire         b_user_lnk_up,
    output wire [511:0] b_s_axis_rq_tdata,
    output wire [15:0]  b_s_axis_rq_tkeep,
    output wire         b_s_axis_rq_tlast,
    output wire [136:0] b_s_axis_rq_tuser,
    output wire         b_s_axis_rq_tvalid,
    input  wire         b_s_axis_rq_tready,
    input  wire [511:0] b_m_axis_rc_tdata,
    input  wire [15:0]  b_m_axis_rc_tkeep,
    input  wire         b_m_axis_rc_tlast,
    input  wire [160:0] b_m_axis_rc_tuser,
    input  wire         b_m_axis_rc_tvalid,
    output wire         b_m_axis_rc_tready,
    input  wire [511:0] b_m_axis_cq_tdata,
    input  wire [15:0]  b_m_axis_cq_tkeep,
    input  wire         b_m_axis_cq_tlast,
    input  wire [182:0] b_m_axis_cq_tuser,
    input  wire         b_m_axis_cq_tvalid,
    output wire         b_m_axis_cq_tready,
    output wire [511:0] b_s_axis_cc_tdata,
    output wire [15:0]  b_s_axis_cc_tkeep,
    output wire         b_s_axis_cc_tlast,
    output wire [80:0]  b_s_axis_cc_tuser,
    output wire         b_s_axis_cc_tvalid,
    input  wire         b_s_axis_cc_tready,
    output wire [1:0]   b_pcie_cq_np_req,
    input  wire [5:0]   b_pcie_cq_np_req_count,
    input  wire [1:0]   b_cfg_max_payload,
    input  wire [2:0]   b_cfg_max_read_req,
    output wire [31:0]  b_cnt_ur,
    output wire [31:0]  b_cnt_cpl_err,
    output wire [31:0]  b_cnt_timeouts,
    output wire [31:0]  b_cnt_stray,
    input  wire         link_load,
    input  wire [31:0]  link_seed_ab,
    input  wire [31:0]  link_seed_ba,
    input  wire [31:0]  link_drop_below,
    output wire [31:0]  ab_frames,
    output wire [31:0]  ab_dropped,
    output wire [31:0]  ba_frames,
    output wire [31:0]  ba_dropped,
    output wire [31:0]  a_mac_tx_bad,
    output wire [31:0]  b_mac_tx_bad,
    output wire [31:0]  a_mac_rx_overflow,
    output wire [31:0]  b_mac_rx_overflow
);
    wire a_tx_valid, a_tx_ready, a_tx_last, a_tx_bad, a_rx_valid, a_rx_last;
    wire [511:0] a_tx_data, a_rx_data;
    wire [63:0] a_tx_keep, a_rx_keep;
    braid_core #(.CPL_TIMEOUT(CPL_TIMEOUT)) a (
        .user_clk(user_clk),
        .cq_tdata(a_m_axis_cq_tdata), .cq_tkeep(a_m_axis_cq_tkeep), .cq_tlast(a_m_axis_cq_tlast),
        .cq_tuser(a_m_axis_cq_tuser), .cq_tvalid(a_m_axis_cq_tvalid), .cq_tready(a_m_axis_cq_tready),
        .cc_tdata(a_s_axis_cc_tdata), .cc_tkeep(a_s_axis_cc_tkeep), .cc_tlast(a_s_axis_cc_tlast),
        .cc_tuser(a_s_axis_cc_tuser), .cc_tvalid(a_s_axis_cc_tvalid), .cc_tready(a_s_axis_cc_tready),
        .cq_np_req(a_pcie_cq_np_req),
        .rq_tdata(a_s_axis_rq_tdata), .rq_tkeep(a_s_axis_rq_tkeep), .rq_tlast(a_s_axis_rq_tlast),
        .rq_tuser(a_s_axis_rq_tuser), .rq_tvalid(a_s_axis_rq_tvalid), .rq_tready(a_s_axis_rq_tready),
        .rc_tdata(a_m_axis_rc_tdata), .rc_tkeep(a_m_axis_rc_tkeep), .rc_tlast(a_m_axis_rc_tlast),
        .rc_tuser(a_m_axis_rc_tuser), .rc_tvalid(a_m_axis_rc_tvalid), .rc_tready(a_m_axis_rc_tready),
        .cfg_max_payload(a_cfg_max_payload), .cfg_max_read_req(a_cfg_max_read_req),
        .eng_rx_valid(a_rx_valid), .eng_rx_data(a_rx_data), .eng_rx_keep(a_rx_keep),
        .eng_rx_last(a_rx_last),
        .eng_tx_valid(a_tx_valid), .eng_tx_ready(a_tx_ready), .eng_tx_data(a_tx_data),
        .eng_tx_keep(a_tx_keep), .eng_tx_last(a_tx_last), .eng_tx_bad(a_tx_bad),
        .cnt_ur(a_cnt_ur), .cnt_reads(), .cnt_cpl_err(a_cnt_cpl_err),
        .cnt_timeouts(a_cnt_timeouts), .cnt_stray(a_cnt_stray), .cnt_writes()
    );
    wire b_tx_valid, b_tx_ready, b_tx_last, b_tx_bad, b_rx_valid, b_rx_last;
    wire [511:0] b_tx_data, b_rx_data;
    wire [63:0] b_tx_keep, b_rx_keep;
    braid_core #(.CPL_TIMEOUT(CPL_TIMEOUT)) b (
        .user_clk(user_clk),
        .cq_tdata(b_m_axis_cq_tdata), .cq_tkeep(b_m_axis_cq_tkeep), .cq_tlast(b_m_axis_cq_tlast),
        .cq_tuser(b_m_axis_cq_tuser), .cq_tvalid(b_m_axis_cq_tvalid), .cq_tready(b_m_axis_cq_tready),
        .cc_tdata(b_s_axis_cc_tdata), .cc_tkeep(b_s_axis_cc_tkeep), .cc_tlast(b_s_axis_cc_tlast),
        .cc_tuser(b_s_axis_cc_tuser), .cc_tvalid(b_s_axis_cc_tvalid), .cc_tready(b_s_axis_cc_tready),
        .cq_np_req(b_pcie_cq_np_req),
        .rq_tdata(b_s_axis_rq_tdata), .rq_tkeep(b_s_axis_rq_tkeep), .rq_tlast(b_s_axis_rq_tlast),
        .rq_tuser(b_s_axis_rq_tuser), .rq_tvalid(b_s_axis_rq_tvalid), .rq_tready(b_s_axis_rq_tready),
        .rc_tdata(b_m_axis_rc_tdata), .rc_tkeep(b_m_axis_rc_tkeep), .rc_tlast(b_m_axis_rc_tlast),
        .rc_tuser(b_m_axis_rc_tuser), .rc_tvalid(b_m_axis_rc_tvalid), .rc_tready(b_m_axis_rc_tready),
        .cfg_max_payload(b_cfg_max_payload), .cfg_max_read_req(b_cfg_max_read_req),
        .eng_rx_valid(b_rx_valid), .eng_rx_data(b_rx_data), .eng_rx_keep(b_rx_keep),
        .eng_rx_last(b_rx_last),
        .eng_tx_valid(b_tx_valid), .eng_tx_ready(b_tx_ready), .eng_tx_data(b_tx_data),
        .eng_tx_keep(b_tx_keep), .eng_tx_last(b_tx_last), .eng_tx_bad(b_tx_bad),
        .cnt_ur(b_cnt_ur), .cnt_reads(), .cnt_cpl_err(b_cnt_cpl_err),
        .cnt_timeouts(b_cnt_timeouts), .cnt_stray(b_cnt_stray), .cnt_writes()
    );
    // each board's MAC side as on the card: cmac_adapter (its CMAC clocks
    // here user_clk too) between the engine and the cable, so a frame the
    // engine flags bad (tx_bad) is discarded before the cable and the
    // receive side is the card's, FIFO and drop-on-overflow included
    wire ac_tx_valid, ac_tx_last, ac_rx_valid, ac_rx_last;
    wire [511:0] ac_tx_data, ac_rx_data;
    wire [63:0] ac_tx_keep, ac_rx_keep;
    cmac_adapter a_mac (
        .clock(user_clk), .rx_clk(user_clk), .tx_clk(user_clk),
        .cmac_rx_tvalid(ac_rx_valid), .cmac_rx_tdata(ac_rx_data), .cmac_rx_tkeep(ac_rx_keep),
        .cmac_rx_tlast(ac_rx_last), .cmac_rx_tuser(1'b0),
        .rx_valid(a_rx_valid), .rx_data(a_rx_data), .rx_keep(a_rx_keep), .rx_last(a_rx_last),
        .tx_valid(a_tx_valid), .tx_ready(a_tx_ready), .tx_data(a_tx_data),
        .tx_keep(a_tx_keep), .tx_last(a_tx_last), .tx_bad(a_tx_bad),
        .cmac_tx_tvalid(ac_tx_valid), .cmac_tx_tready(1'b1), .cmac_tx_tdata(ac_tx_data),
        .cmac_tx_tkeep(ac_tx_keep), .cmac_tx_tlast(ac_tx_last), .cmac_tx_tuser(),
        .cnt_rx_frames(), .cnt_rx_overflow(a_mac_rx_overflow), .cnt_rx_bad(),
        .cnt_tx_frames(), .cnt_tx_bad(a_mac_tx_bad)
    );
    wire bc_tx_valid, bc_tx_last, bc_rx_valid, bc_rx_last;
    wire [511:0] bc_tx_data, bc_rx_data;
    wire [63:0] bc_tx_keep, bc_rx_keep;
    cmac_adapter b_mac (
        .clock(user_clk), .rx_clk(user_clk), .tx_clk(user_clk),
        .cmac_rx_tvalid(bc_rx_valid), .cmac_rx_tdata(bc_rx_data), .cmac_rx_tkeep(bc_rx_keep),
        .cmac_rx_tlast(bc_rx_last), .cmac_rx_tuser(1'b0),
        .rx_valid(b_rx_valid), .rx_data(b_rx_data), .rx_keep(b_rx_keep), .rx_last(b_rx_last),
        .tx_valid(b_tx_valid), .tx_ready(b_tx_ready), .tx_data(b_tx_data),
        .tx_keep(b_tx_keep), .tx_last(b_tx_last), .tx_bad(b_tx_bad),
        .cmac_tx_tvalid(bc_tx_valid), .cmac_tx_tready(1'b1), .cmac_tx_tdata(bc_tx_data),
        .cmac_tx_tkeep(bc_tx_keep), .cmac_tx_tlast(bc_tx_last), .cmac_tx_tuser(),
        .cnt_rx_frames(), .cnt_rx_overflow(b_mac_rx_overflow), .cnt_rx_bad(),
        .cnt_tx_frames(), .cnt_tx_bad(b_mac_tx_bad)
    );
    lossy_link ab (
        .clk(user_clk), .load(link_load), .seed(link_seed_ab), .drop_below(link_drop_below),
        .in_valid(ac_tx_valid), .in_ready(), .in_data(ac_tx_data),
        .in_keep(ac_tx_keep), .in_last(ac_tx_last),
        .out_valid(bc_rx_valid), .out_data(bc_rx_data), .out_keep(bc_rx_keep),
        .out_last(bc_rx_last),
        .frames(ab_frames), .dropped(ab_dropped)
    );
    lossy_link ba (
        .clk(user_clk), .load(link_load), .seed(link_seed_ba), .drop_below(link_drop_below),
        .in_valid(bc_tx_valid), .in_ready(), .in_data(bc_tx_data),
        .in_keep(bc_tx_keep), .in_last(bc_tx_last),
        .out_valid(ac_rx_valid), .out_data(ac_rx_data), .out_keep(ac_rx_keep),
        .out_last(ac_rx_last),
        .frames(ba_frames), .dropped(ba_dropped)
    );
endmodule
`default_nettype wire
