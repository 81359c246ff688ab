#!/usr/bin/env bash
# The board tops' checks that run without Vivado (called by scripts/test.sh):
# for each card under constraints/alveo/,
#   1. Verilator lints the top with the exported blocks it instantiates and
#      port-only stubs of the vendor IP and primitives (stubs/), every
#      default warning on (lint.vlt turns off, for verilog-out/ only, what
#      RustHDL's literals cause), so a wrong port, width or module fails;
#   2. Yosys synthesizes the top for UltraScale+ with those blocks and the
#      stubs as black boxes (the top's own logic), and the board's estimate
#      is that plus the blocks' rows of constraints/synth/REPORT.md (whose
#      freshness `report.sh --check` checks);
#   3. the estimate must fit the card with headroom: at most 90% of its
#      LUTs, RAMB36 and URAM288, or this fails.
# Prints one line per card, and checks constraints/alveo/REPORT.md holds
# exactly these rows (`check.sh --write` rewrites it). Exit status 0 when
# every card passes and the report is current.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
command -v verilator >/dev/null || { echo "check: verilator missing (scripts/setup.sh)" >&2; exit 2; }
command -v yosys >/dev/null || { echo "check: yosys missing (scripts/setup.sh)" >&2; exit 2; }
here=constraints/alveo
write=0
case "${1:-}" in
    --write) write=1 ;;
    "") ;;
    *) echo "usage: check.sh [--write]" >&2; exit 2 ;;
esac
stubs=("$here"/stubs/*.v)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# card, the engine its card.tcl names (verilog-out/<engine>.v), and its
# resources (LUT, RAMB36, URAM288; constraints/alveo/README.md cites them)
cards=(
    "u250 braid_engine 1728000 2688 1280"
    "u280 braid_engine_mid 1303680 2016 960"
    "u55c braid_engine_mid 1303680 2016 960"
)
# one card: its row in $tmp/<card>.row; exit status 0 when it passes
check_card() {
    local card engine luts brams urams top blocks files bl b status=0
    read -r card engine luts brams urams <<<"$1"
    top=braid_$card
    grep -qx "set engine $engine" "$here/$card/card.tcl" \
        || { echo "check: $card: card.tcl does not name $engine" >&2; return 1; }
    blocks=pcie_dma,cmac_adapter,$engine
    files=()
    IFS=, read -r -a bl <<<"$blocks"
    for b in "${bl[@]}"; do files+=("verilog-out/$b.v"); done
    verilator --lint-only --top-module "$top" -DBRAID_ENGINE="$engine" "$here/lint.vlt" \
        "$here/$card/$top.v" "$here/common/braid_alveo.v" "$here/common/braid_core.v" \
        "${stubs[@]}" "${files[@]}" \
        || { echo "check: $card: Verilator lint of $top failed" >&2; return 1; }
    yosys -q -p "read_verilog -lib ${stubs[*]}; read_verilog -lib ${files[*]};
        read_verilog -DBRAID_ENGINE=$engine $here/common/braid_core.v;
        read_verilog $here/common/braid_alveo.v $here/$card/$top.v; hierarchy -check -top $top;
        synth_xilinx -family xcup -top $top -noiopad -noclkbuf; tee -q -o $tmp/$card.stat stat" \
        >"$tmp/$card.log" 2>&1 \
        || { echo "check: $card: Yosys failed on $top:" >&2; tail -20 "$tmp/$card.log" >&2; return 1; }
    python3 - "$card" "$top" "$blocks" "$luts" "$brams" "$urams" "$tmp/$card.stat" \
        "$tmp/$card.row" <<'PY' || status=1
import re, sys
card, top, blocks, luts, brams, urams, stat, rows_out = sys.argv[1:]
luts, brams, urams = int(luts), int(brams), int(urams)
text = open(stat).read()
glue_lut = sum(int(n) for n in re.findall(r"^\s+LUT\d\s+(\d+)", text, re.M))
glue_bram = sum(int(n) for n in re.findall(r"^\s+RAMB36E2\s+(\d+)", text, re.M))
rows = {}
for l in open("constraints/synth/REPORT.md"):
    m = re.match(r"\| `(\w+)` \| (\d+) \| \d+ \| \d+ \| \d+ \| [^|]+\| ([\d.]+)[^|]*\| ([^|]*)\|", l)
    if m:
        u = re.search(r"URAM288 (\d+)", m.group(4))
        rows[m.group(1)] = (int(m.group(2)), float(m.group(3)), int(u.group(1)) if u else 0)
lut, bram, uram = glue_lut, float(glue_bram), 0
for b in blocks.split(","):
    if b not in rows:
        sys.exit(f"check: {card}: no row for {b} in constraints/synth/REPORT.md")
    lut += rows[b][0]; bram += rows[b][1]; uram += rows[b][2]
use = [(lut, luts, "LUT"), (bram, brams, "RAMB36"), (uram, urams, "URAM288")]
print(f"check: {card} ({top}): " + ", ".join(f"{v:,.0f} {n} ({100*v/c:.0f}%)" for v, c, n in use)
      + f"; its own logic {glue_lut} LUT")
cells = " | ".join(f"{v:,.0f} ({100*v/c:.0f}%)" for v, c, n in use)
with open(rows_out, "a") as f:
    print(f"| `{top}` | `{blocks.split(',')[-1]}` | {cells} | {glue_lut} |", file=f)
over = [n for v, c, n in use if v > 0.9 * c]
if over:
    sys.exit(f"check: {card}: over 90% of the card's {', '.join(over)}")
PY
    return $status
}
# the cards side by side, two at a time (each mostly Verilator and Yosys
# reading one engine), their rows in card order
printf '%s\n' "${cards[@]}" > "$tmp/cards"
export -f check_card
export here tmp
stubs_list="${stubs[*]}"
export stubs_list
status=0
xargs -P 2 -I{} bash -c 'stubs=($stubs_list); check_card "$1"' bash {} < "$tmp/cards" || status=1
for line in "${cards[@]}"; do
    read -r card _ <<<"$line"
    cat "$tmp/$card.row" >>"$tmp/rows.md" 2>/dev/null || true
done
report="$here/REPORT.md"
{
    echo "# Board top estimates"
    echo
    echo "Generated by \`constraints/alveo/check.sh --write\`; \`check.sh\` (in"
    echo "\`scripts/test.sh\`) fails when this file differs from what it computes."
    echo "Each row: the top's own logic synthesized by Yosys with the vendor IP"
    echo "and the exported blocks as black boxes, plus the blocks' rows of"
    echo "\`constraints/synth/REPORT.md\` (\`pcie_dma\`, \`cmac_adapter\`, the engine)."
    echo "Percentages are of the card. Vivado's figures will differ."
    echo
    echo "| Top | Engine | LUT | RAMB36 | URAM288 | Own logic (LUT) |"
    echo "|---|---|--:|--:|--:|--:|"
    cat "$tmp/rows.md" 2>/dev/null
} >"$tmp/REPORT.md"
if [ $status -eq 0 ]; then
    if [ $write -eq 1 ]; then
        cp "$tmp/REPORT.md" "$report"
        echo "check: wrote $report"
    elif ! diff -u "$report" "$tmp/REPORT.md" >&2; then
        echo "check: $report is stale: run constraints/alveo/check.sh --write" >&2
        status=1
    fi
fi
exit $status
