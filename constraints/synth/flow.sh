# shellcheck shell=bash
# Shared by report.sh and depth.sh (sourced, not run): the two Yosys flows
# and the check that Yosys is installed. What the numbers mean: ../README.md

# The version the committed REPORT.md was produced with. Another version still
# works but gives different numbers (and report.sh --check will then differ).
# shellcheck disable=SC2034  # used by report.sh
SYNTH_YOSYS_EXPECTED="Yosys 0.23"

# Fail, with the fix, when yosys is not on PATH.
synth_require_yosys() {
    if ! command -v yosys >/dev/null 2>&1; then
        echo "error: yosys not found: install the Debian package \`yosys\`" \
             "(apt-get install -y yosys), or run scripts/setup.sh" >&2
        exit 2
    fi
}

# Resource estimate for UltraScale+ (Alveo): vendor cells, printed by `stat`.
#   synth_resource_script FILE TOP
synth_resource_script() {
    printf '%s' "read_verilog $1; synth_xilinx -family xcup -top $2 -flatten -noiopad -noclkbuf; stat"
}

# Logic depth in LUT6 levels, on the generic LUT netlist (ltp does not see
# Xilinx FDRE & co. as flops, so it must not run on the synth_xilinx netlist).
#
# This is `synth -flatten -top TOP; abc -lut 6; opt_clean; ltp -noff` with
# two things changed:
# * the `fine` step of `synth` is spelled out so that memory_map only gets
#   memories whose read ports are all asynchronous (RD_CLK_ENABLE == 0).
#   Memories with registered reads (RustHDL's RAM widget, block RAM on the
#   FPGA) stay `$mem_v2` cells, which `ltp -noff` treats as registers.
#   Mapping them to flops would be wrong (they are block RAM) and slow (a
#   1024 x 256 table becomes 262,144 flops);
# * the LUT mapping is delay-optimal: ABC runs the script in `depth.abc`
#   (SYNTH_DEPTH_ABC below: structural choices, then priority-cut mapping
#   for the least depth with no area recovery) instead of Yosys's default
#   `... dch -f; if; mfs2`, whose area recovery and resynthesis do not bound
#   the depth: a registered 32-bit adder measures 13 levels with it and 5
#   delay-optimally, the engine top with stages 2-3 16 and 7. The depth is the
#   question here (can every path be mapped within the budget); the LUT
#   counts come from synth_xilinx.
# Yosys runs in a directory holding FILE and depth.abc
# (synth_write_depth_abc DIR writes it).
#   synth_depth_script FILE TOP
# shellcheck disable=SC2034  # used by report.sh and depth.sh
SYNTH_DEPTH_ABC="strash; dch -f; if -K 6 -F 0 -A 0"
synth_write_depth_abc() {
    printf '%s\n' "$SYNTH_DEPTH_ABC" | tr ';' '\n' | sed 's/^ *//' >"$1/depth.abc"
}
synth_depth_script() {
    printf '%s' "read_verilog $1; synth -flatten -top $2 -run begin:fine;" \
        " memory_map t:\$mem_v2 r:RD_CLK_ENABLE<1 %i;" \
        " opt -fast -full; opt -full; techmap; opt -fast; abc -fast; opt -fast;" \
        " abc -lut 6 -script depth.abc; opt_clean; ltp -noff"
}
