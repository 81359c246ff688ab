// Braid on the Alveo U55C (xcu55c-fsvh2892-2L-e): braid_alveo (the hard
// block, the mid engine braid_engine_mid with 512 connections x 16 paths
// behind Braid's DMA, and the CMAC; ../common/braid_alveo.v) on QSFP0, with
// the card's clocks, the HBM temperature-trip pin and QSFP0's three LEDs
// (pins: pins.xdc). The QSFP modules are the satellite controller's.
`default_nettype none
module braid_u55c (
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
    // 100 MHz free-running system clock (the CMAC's init clock is made from it)
    input  wire         sysclk_100_p,
    input  wire         sysclk_100_n,
    // HBM catastrophic-temperature flag toward the satellite controller:
    // this design uses no HBM, so it is held low (high powers the card off)
    output wire         hbm_cattrip,
    // QSFP0's LEDs: activity, green, yellow
    output wire [2:0]   qsfp0_led
);
    wire user_clk, user_lnk_up, cmac_aligned;
    braid_alveo #(.SYSCLK_PERIOD(10.0), .SYSCLK_MULT(12.0)) board (
        .pcie_refclk_p(pcie_refclk_p), .pcie_refclk_n(pcie_refclk_n),
        .pcie_perst_n(pcie_perst_n), .pcie_rx_p(pcie_rx_p), .pcie_rx_n(pcie_rx_n),
        .pcie_tx_p(pcie_tx_p), .pcie_tx_n(pcie_tx_n),
        .qsfp_refclk_p(qsfp0_refclk_p), .qsfp_refclk_n(qsfp0_refclk_n),
        .qsfp_rx_p(qsfp0_rx_p), .qsfp_rx_n(qsfp0_rx_n),
        .qsfp_tx_p(qsfp0_tx_p), .qsfp_tx_n(qsfp0_tx_n),
        .sysclk_p(sysclk_100_p), .sysclk_n(sysclk_100_n),
        .user_clk(user_clk), .user_lnk_up(user_lnk_up), .cmac_aligned(cmac_aligned)
    );
    assign hbm_cattrip = 1'b0;

    // LEDs: activity = a heartbeat of user_clk (2^28 clocks at 250 MHz:
    // about 1 Hz), green = Ethernet aligned, yellow = PCIe link up
    reg [27:0] beat = 28'd0;
    always @(posedge user_clk) beat <= beat + 28'd1;
    assign qsfp0_led = {user_lnk_up, cmac_aligned, beat[27]};
endmodule
`default_nettype wire
