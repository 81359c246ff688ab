#!/usr/bin/env bash
# Quick LUT6-depth probe of one exported block, with the longest path itself:
#   constraints/synth/depth.sh verilog-out/X.v [TOP]      (TOP defaults to X)
# Same depth flow as report.sh (see flow.sh), without the UltraScale+ mapping.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=flow.sh
source "$here/flow.sh"

if (($# < 1 || $# > 2)); then
    echo "usage: $0 verilog-out/X.v [TOP]" >&2
    exit 2
fi
f=$1
top=${2:-$(basename "$f" .v)}
[[ -f $f ]] || { echo "error: no such file: $f" >&2; exit 2; }
synth_require_yosys

f=$(realpath "$f")
work=$(mktemp -d "${TMPDIR:-/tmp}/braid-depth.XXXXXX")
trap 'rm -rf "$work"' EXIT
log="$work/depth.log"
synth_write_depth_abc "$work"
if ! (cd "$work" && yosys -p "$(synth_depth_script "$f" "$top"); stat") >"$log" 2>&1; then
    grep -m 5 ERROR "$log" >&2 || tail -n 8 "$log" >&2
    exit 2
fi
# The path (one line per LUT), then the generic cell counts.
sed -n '/^Longest topological path/,/^$/p' "$log"
awk '/Printing statistics/ { p = 1 } p && /Number of cells|\$lut|_DFF|\$mem/' "$log"
levels=$(sed -n "s/^Longest topological path in .* (length=\([0-9]*\)).*/\1/p" "$log" | tail -n 1)
echo "$top: ${levels:-?} LUT6 levels"
