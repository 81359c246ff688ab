// One direction of the bench's cable between two engines' MAC ports: the
// sender's frames reach the receiver beat for beat, one clock later, and
// each frame is dropped whole with probability drop_below / 2^32, decided
// at its first beat by a xorshift32 sequence that `load` restarts at
// `seed` (bench only; the engine's receive side takes a beat every clock,
// so the link never holds the sender back).
`default_nettype none
module lossy_link (
    input  wire         clk,
    input  wire         load,
    input  wire [31:0]  seed,
    input  wire [31:0]  drop_below,
    input  wire         in_valid,
    output wire         in_ready,
    input  wire [511:0] in_data,
    input  wire [63:0]  in_keep,
    input  wire         in_last,
    output reg          out_valid,
    output reg  [511:0] out_data,
    output reg  [63:0]  out_keep,
    output reg          out_last,
    output reg  [31:0]  frames,
    output reg  [31:0]  dropped
);
    reg [31:0] rnd;
    reg mid;        // inside a frame (its first beat has passed)
    reg dropping;   // the frame under way is dropped
    wire first = in_valid && !mid;
    wire [31:0] x1 = rnd ^ (rnd << 13);
    wire [31:0] x2 = x1 ^ (x1 >> 17);
    wire [31:0] next = x2 ^ (x2 << 5);
    wire drop = first ? (rnd < drop_below) : dropping;
    assign in_ready = 1'b1;
    always @(posedge clk) begin
        if (load) begin
            rnd <= (seed == 32'd0) ? 32'h1 : seed;
            mid <= 1'b0;
            dropping <= 1'b0;
            frames <= 32'd0;
            dropped <= 32'd0;
            out_valid <= 1'b0;
        end else begin
            if (first) begin
                rnd <= next;
                frames <= frames + 32'd1;
                dropped <= dropped + {31'd0, drop};
                dropping <= drop;
            end
            if (in_valid) mid <= !in_last;
            out_valid <= in_valid && !drop;
            out_data <= in_data;
            out_keep <= in_keep;
            out_last <= in_last;
        end
    end
endmodule
`default_nettype wire
