// Braid on the Alveo U250 (xcu250-figd2104-2L-e): braid_alveo (the hard
// block, the default engine braid_engine with 1,024 connections x 16 paths
// behind Braid's DMA, and the CMAC; ../common/braid_alveo.v) on QSFP0, with
// the card's clocks, QSFP0 sideband pins and LEDs (pins: pins.xdc).
`default_nettype none
module braid_u250 (
    input  wire         pcie_refclk_p,
    input  wire         pcie_refclk_n,
    input  wire         pcie_perst_n,
    input  wire [15:0]  pcie_rx_p,
    input  wire [15:0]  pcie_rx_n,
    output wire [15:0]  pcie_tx_p,
    output wire [15:0]  pcie_tx_n,
    input  wire         qsfp0_refclk_p,
    input  wire         qsfp0_refclk_n,
    input  wire [3:0]   qsfp0_rx_p,
    input  wire [3:0]   qsfp0_rx_n,
    output wire [3:0]   qsfp0_tx_p,
    output wire [3:0]   qsfp0_tx_n,
    output wire         qsfp0_resetl,
    output wire         qsfp0_lpmode,
    output wire         qsfp0_modsell,
    // 300 MHz free-running system clock (the CMAC's init clock is made from it)
    input  wire         sysclk_300_p,
    input  wire         sysclk_300_n,
    output wire [2:0]   led
);
    wire user_clk, user_lnk_up, cmac_aligned;
    braid_alveo #(.SYSCLK_PERIOD(3.333), .SYSCLK_MULT(4.0)) board (
        .pcie_refclk_p(pcie_refclk_p), .pcie_refclk_n(pcie_refclk_n),
        .pcie_perst_n(pcie_perst_n), .pcie_rx_p(pcie_rx_p), .pcie_rx_n(pcie_rx_n),
        .pcie_tx_p(pcie_tx_p), .pcie_tx_n(pcie_tx_n),
        .qsfp_refclk_p(qsfp0_refclk_p), .qsfp_refclk_n(qsfp0_refclk_n),
        .qsfp_rx_p(qsfp0_rx_p), .qsfp_rx_n(qsfp0_rx_n),
        .qsfp_tx_p(qsfp0_tx_p), .qsfp_tx_n(qsfp0_tx_n),
        .sysclk_p(sysclk_300_p), .sysclk_n(sysclk_300_n),
        .user_clk(user_clk), .user_lnk_up(user_lnk_up), .cmac_aligned(cmac_aligned)
    );

    // QSFP0 module out of reset, high power, selected
    assign qsfp0_resetl = 1'b1;
    assign qsfp0_lpmode = 1'b0;
    assign qsfp0_modsell = 1'b0;

    // LEDs: PCIe link up, Ethernet aligned, a heartbeat of user_clk
    // (2^28 clocks at 250 MHz: about 1 Hz)
    reg [27:0] beat = 28'd0;
    always @(posedge user_clk) beat <= beat + 28'd1;
    assign led = {beat[27], cmac_aligned, user_lnk_up};
endmodule
`default_nettype wire
