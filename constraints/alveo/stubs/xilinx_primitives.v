// Port-only stubs of the Xilinx (AMD) UltraScale+ primitives the board tops
// instantiate, for the open-tool checks (constraints/alveo/check.sh): the
// names and directions of the ports the tops use (UG974), no behaviour.
// Vivado uses its own primitives; these files never go into a build.
(* blackbox *)
module IBUFDS_GTE4 #(parameter [1:0] REFCLK_HROW_CK_SEL = 2'b00) (
    input wire I, input wire IB, input wire CEB, output wire O, output wire ODIV2
);
endmodule

(* blackbox *)
module IBUFDS (input wire I, input wire IB, output wire O);
endmodule

(* blackbox *)
module IBUF (input wire I, output wire O);
endmodule

(* blackbox *)
module BUFG (input wire I, output wire O);
endmodule

(* blackbox *)
module MMCME4_BASE #(
    parameter real CLKIN1_PERIOD = 0.0,
    parameter integer DIVCLK_DIVIDE = 1,
    parameter real CLKFBOUT_MULT_F = 5.0,
    parameter real CLKOUT0_DIVIDE_F = 1.0
) (
    input wire CLKIN1, input wire CLKFBIN, output wire CLKFBOUT, output wire CLKOUT0,
    output wire LOCKED, input wire RST, input wire PWRDWN
);
endmodule
