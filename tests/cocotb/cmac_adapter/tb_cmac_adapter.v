// Test bench top for tests/cocotb/cmac_adapter: cmac_adapter between the
// CMAC's streams (322.265625 MHz) and the engine's MAC ports (250 MHz),
// the engine's ports renamed to AXI-Stream names (eng_rx_t*, eng_tx_t*) so
// cocotbext-axi's source and sink attach to them (the engine's `tx_bad`
// is eng_tx_tuser).
`default_nettype none
module tb_cmac_adapter (
    input  wire         clock,
    input  wire         rx_clk,
    input  wire         tx_clk,
    input  wire         cmac_rx_tvalid,
    input  wire [511:0] cmac_rx_tdata,
    input  wire [63:0]  cmac_rx_tkeep,
    input  wire         cmac_rx_tlast,
    input  wire         cmac_rx_tuser,
    output wire         eng_rx_tvalid,
    output wire [511:0] eng_rx_tdata,
    output wire [63:0]  eng_rx_tkeep,
    output wire         eng_rx_tlast,
    input  wire         eng_tx_tvalid,
    output wire         eng_tx_tready,
    input  wire [511:0] eng_tx_tdata,
    input  wire [63:0]  eng_tx_tkeep,
    input  wire         eng_tx_tlast,
    input  wire         eng_tx_tuser,
    output wire         cmac_tx_tvalid,
    input  wire         cmac_tx_tready,
    output wire [511:0] cmac_tx_tdata,
    output wire [63:0]  cmac_tx_tkeep,
    output wire         cmac_tx_tlast,
    output wire         cmac_tx_tuser,
    output wire [31:0]  cnt_rx_frames,
    output wire [31:0]  cnt_rx_overflow,
    output wire [31:0]  cnt_rx_bad,
    output wire [31:0]  cnt_tx_frames,
    output wire [31:0]  cnt_tx_bad
);
    cmac_adapter dut (
        .clock(clock), .rx_clk(rx_clk), .tx_clk(tx_clk),
        .cmac_rx_tvalid(cmac_rx_tvalid), .cmac_rx_tdata(cmac_rx_tdata),
        .cmac_rx_tkeep(cmac_rx_tkeep), .cmac_rx_tlast(cmac_rx_tlast),
        .cmac_rx_tuser(cmac_rx_tuser),
        .rx_valid(eng_rx_tvalid), .rx_data(eng_rx_tdata), .rx_keep(eng_rx_tkeep),
        .rx_last(eng_rx_tlast),
        .tx_valid(eng_tx_tvalid), .tx_ready(eng_tx_tready), .tx_data(eng_tx_tdata),
        .tx_keep(eng_tx_tkeep), .tx_last(eng_tx_tlast), .tx_bad(eng_tx_tuser),
        .cmac_tx_tvalid(cmac_tx_tvalid), .cmac_tx_tready(cmac_tx_tready),
        .cmac_tx_tdata(cmac_tx_tdata), .cmac_tx_tkeep(cmac_tx_tkeep),
        .cmac_tx_tlast(cmac_tx_tlast), .cmac_tx_tuser(cmac_tx_tuser),
        .cnt_rx_frames(cnt_rx_frames), .cnt_rx_overflow(cnt_rx_overflow),
        .cnt_rx_bad(cnt_rx_bad), .cnt_tx_frames(cnt_tx_frames),
        .cnt_tx_bad(cnt_tx_bad)
    );
endmodule
`default_nettype wire
