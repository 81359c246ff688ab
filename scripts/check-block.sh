#!/usr/bin/env bash
# The one-block loop: after changing one RustHDL block, check that block and
# only that block, in minutes:
#
#   scripts/check-block.sh BLOCK        e.g. scripts/check-block.sh sprayer
#
# 1. build and run the export (verilog-out/ is rewritten from the RustHDL
#    source; every file it changes is listed);
# 2. lint verilog-out/BLOCK.v (and BLOCK_tiny.v when there is one) with
#    Verilator, alone;
# 3. synthesis: constraints/synth/report.sh --changed, which re-synthesizes
#    the blocks whose Verilog changed and re-composes the tops that contain
#    them (their glue is re-synthesized only when it changed too), then
#    report.sh --check;
# 4. the block's equivalence tests: model against RTL in Verilator and in
#    RustHDL's simulator (every test of tests/tests/equiv_*.rs whose name
#    starts with the block's name, without `_tiny`), and the RustHDL
#    library's own tests of it.
#
# It does not run the engine tests (scripts/check-top.sh does) nor the rest
# of the workspace (scripts/test.sh does, as CI). SYNTH_CACHE defaults to
# target/synth-cache here, so a repeated run reuses its Yosys runs.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

usage() { sed -n '2,22p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; }
if (($# != 1)) || [[ $1 == -* ]]; then
    usage >&2
    exit 2
fi
block=$1
base=${block%_tiny}
[[ -f hdl/rtl/src/$base.rs ]] || {
    echo "check-block: no block '$block': there is no hdl/rtl/src/$base.rs" >&2
    echo "check-block: the blocks are: $(cd hdl/rtl/src && ls -- *.rs | sed 's/\.rs$//' | tr '\n' ' ')" >&2
    exit 2
}
NAME=check-block
# shellcheck source=loop-lib.sh
source scripts/loop-lib.sh

step "export"
scripts/export.sh
files=()
for f in "verilog-out/$base.v" "verilog-out/${base}_tiny.v"; do
    [[ -f $f ]] && files+=("$f")
done
((${#files[@]})) || {
    echo "check-block: $base is not exported on its own (no verilog-out/$base.v): it is part of another block; check that one" >&2
    exit 2
}

step "lint ${files[*]}"
for f in "${files[@]}"; do
    verilator --lint-only -Wno-WIDTH -Wno-DECLFILENAME "$f"
done

step "synthesis rows (tops re-composed), beside the equivalence tests of $base"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
# The block's tests: model against RTL in Verilator and in RustHDL, and the
# RustHDL library's own tests, by name.
block_tests() {
    cargo test --workspace -q --test equiv --test blocks -- "$base" 2>&1 |
        tee "$log"
}
synth_beside_tests block_tests
ran=$(grep -o '[0-9]* passed' "$log" | awk '{ s += $1 } END { print s + 0 }')
((ran > 0)) || { echo "check-block: no test of $base ran (none is named after it)" >&2; exit 1; }
step "done: $block exported, linted, synthesized, $ran tests equal to its model"
