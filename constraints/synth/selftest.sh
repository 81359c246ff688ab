#!/usr/bin/env bash
# Self-test of the composed depth (hier.py split / timing / compose): a small
# top whose longest paths cross block ports (into a block's registers, out of
# them, and through two blocks from an input to an output), written in
# RustHDL's module naming. For each case:
# * the composed LUT6 levels must equal `ltp -noff` on the same top mapped
#   module by module (the depth flow without -flatten, then flatten): the
#   same LUTs, so any path the composition drops or double-counts shows;
#   the depth is moved to one side of a port per case, so each kind of
#   crossing decides one case;
# * and must not be below the flat synthesis's levels (flat, ABC may pack
#   logic from both sides of a port into one LUT: the composed figure is an
#   upper bound).
# Seconds; run by scripts/test.sh.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=flow.sh
source "$here/flow.sh"
synth_require_yosys
hier="$here/hier.py"
work=$(mktemp -d "${TMPDIR:-/tmp}/braid-hier-selftest.XXXXXX")
trap 'rm -rf "$work"' EXIT

# blk: x (8 bits) -> XOR-reduce tree of depth ka into a register (input side);
# a register -> depth kb -> output y; input t -> depth kt -> output u
# (through). Each tree is an AND of XORs of all bits, ka/kb/kt levels deep
# by chaining k rounds of a 6-input mixing function per bit.
# chain NAME IN OUT K: K rounds of out[i] = in[i] ^ in[i+1] ^ ... (6 inputs)
chain() {
    local name=$1 in=$2 out=$3 k=$4 i prev=$2
    for ((i = 1; i <= k; i++)); do
        echo "    wire [15:0] ${name}_$i;"
        echo "    assign ${name}_$i = $prev ^ {$prev[14:0], $prev[15]} ^ {$prev[13:0], $prev[15:14]} ^ {$prev[12:0], $prev[15:13]} ^ {$prev[11:0], $prev[15:12]} ^ ({$prev[10:0], $prev[15:11]} & $prev);"
        prev="${name}_$i"
    done
    echo "    assign $out = $prev;"
}
block_body() {  # ka kb kt
    cat <<EOF
    input wire clock;
    input wire [15:0] x;
    input wire [15:0] t;
    output wire [15:0] y;
    output wire [15:0] u;
    reg [15:0] r_in;
    reg [15:0] r_out;
    wire [15:0] a_out;
$(chain a x a_out "$1")
    always @(posedge clock) begin r_in <= a_out; r_out <= r_in ^ x; end
$(chain b r_out y "$2")
$(chain c t u "$3")
EOF
}
top_body() {  # g1 g2 g3: glue depth before x, after y, between u and t2
    cat <<EOF
    input wire clock;
    input wire [15:0] i;
    output wire [15:0] o;
    reg [15:0] r0;
    reg [15:0] r1;
    wire [15:0] g1_out;
    wire [15:0] g2_out;
    wire [15:0] g3_out;
    wire [15:0] y0;
    wire [15:0] u0;
    wire [15:0] y1;
    wire [15:0] u1;
$(chain g1 r0 g1_out "$1")
$(chain g2 y0 g2_out "$2")
$(chain g3 u0 g3_out "$3")
    always @(posedge clock) begin r0 <= i; r1 <= g2_out ^ u1 ^ y1; end
    assign o = r1;
EOF
}

fail=0
run_case() {  # name ka kb kt g1 g2 g3 budget
    local name=$1 d="$work/$1"
    mkdir -p "$d/in" "$d/u/blk" "$d/u/glue" "$d/flat" "$d/timing"
    {
        echo "module blk(clock,x,t,y,u);"
        block_body "$2" "$3" "$4"
        echo "endmodule"
    } >"$d/in/blk.v"
    {
        echo "module top(clock,i,o);"
        top_body "$5" "$6" "$7"
        # two instances: the first fed by the glue, its through path feeding
        # the second's through input
        cat <<'EOF'
    top__b0 b0(
        .clock(clock),
        .x(g1_out),
        .t(r0),
        .y(y0),
        .u(u0)
    );
    top__b0 b1(
        .clock(clock),
        .x(r0),
        .t(g3_out),
        .y(y1),
        .u(u1)
    );
endmodule
EOF
        echo "module top__b0(clock,x,t,y,u);"
        block_body "$2" "$3" "$4"
        echo "endmodule"
    } >"$d/in/top.v"
    local flat hier_levels comp budget script
    synth_write_depth_abc "$d/flat"
    (cd "$d/flat" && yosys -p "$(synth_depth_script ../in/top.v top)" >depth.log 2>&1)
    flat=$(sed -n 's/^Longest topological path in top (length=\([0-9]*\)).*/\1/p' "$d/flat/depth.log" | tail -n 1)
    script=$(synth_depth_script ../in/top.v top)
    script=${script/synth -flatten -top/synth -top}
    (cd "$d/flat" && yosys -p "$script; flatten; ltp -noff" >hier.log 2>&1)
    hier_levels=$(sed -n 's/^Longest topological path in top (length=\([0-9]*\)).*/\1/p' "$d/flat/hier.log" | tail -n 1)
    [[ $(python3 "$hier" split "$d"/in/*.v --out "$d/split") == top ]] || {
        echo "selftest $name: hier.py split did not find the top" >&2; fail=1; return; }
    [[ $(cat "$d/split/top/instances.tsv") == $'b0\tblk\nb1\tblk' ]] || {
        echo "selftest $name: instances: $(cat "$d/split/top/instances.tsv")" >&2; fail=1; return; }
    cp "$d/in/blk.v" "$d/u/blk/"
    cp "$d/split/top/glue.v" "$d/u/glue/"
    synth_write_depth_abc "$d/u/blk"
    synth_write_depth_abc "$d/u/glue"
    (cd "$d/u/blk" && yosys -p "$(synth_depth_script blk.v blk); write_json net.json" >depth.log 2>&1)
    (cd "$d/u/glue" && yosys -p "$(synth_depth_script glue.v top); write_json net.json" >depth.log 2>&1)
    python3 "$hier" timing "$d/u/blk/net.json" blk --out "$d/timing/blk.tsv" 2>/dev/null
    python3 "$hier" timing "$d/u/glue/net.json" top --out "$d/timing/glue.tsv" 2>/dev/null
    comp=$(python3 "$hier" compose --across "$d/timing/glue.tsv" "$d/split/top/instances.tsv" "$d/timing" 2>"$d/path")
    budget=$(python3 "$hier" compose "$d/timing/glue.tsv" "$d/split/top/instances.tsv" "$d/timing" 2>"$d/bpath")
    if [[ -z $flat || -z $hier_levels || $comp != "$hier_levels" || $comp -lt $flat || $budget != "$8" ]]; then
        echo "selftest $name: composed across ports $comp LUT6 levels, mapped by module ${hier_levels:-?}," \
             "flat ${flat:-?} ($(cat "$d/path")); budget composition $budget ($(cat "$d/bpath")), expected $8" >&2
        fail=1
    else
        printf 'selftest %-20s across ports %s = mapped by module %s, flat %s (%s); budget %s\n' \
            "$name" "$comp" "$hier_levels" "$flat" "$(cat "$d/path")" "$budget" >&2
    fi
}

# The budget composition (glue paths ending and starting at block ports, a
# block passed through by its input-to-output levels, each block's own
# paths with its ports as ends) of each case, as Yosys 0.23 maps it: the
# through path of both blocks joined by the glue (b0.t -> u -> g3 -> b1.t ->
# u -> the XOR into r1: 5 levels with kt = g3 = 1, 8 with 2), or the
# deepest block (ka = 6) or glue chain (g2 = 6 and the XOR into r1).
#        name                  ka kb kt g1 g2 g3 budget
run_case into-a-block           4  1  1  3  1  1  5
run_case out-of-a-block         1  4  1  1  3  1  4
run_case through-two-blocks     1  1  2  1  1  2  8
run_case inside-a-block         6  1  1  1  1  1  6
run_case inside-the-glue        1  1  1  1  6  1  7
exit $fail
