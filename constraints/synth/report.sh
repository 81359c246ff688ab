#!/usr/bin/env bash
# Synthesis estimates for the exported blocks: UltraScale+ resources and LUT6
# depth from Yosys, written as a Markdown table to constraints/synth/REPORT.md.
#
#   constraints/synth/report.sh                  every verilog-out/*.v
#   constraints/synth/report.sh FILE.v...        only these blocks
#   constraints/synth/report.sh --changed        re-synthesize only the blocks
#                                                whose row is missing or whose
#                                                Verilog hash changed; keep the
#                                                other rows of REPORT.md
#   constraints/synth/report.sh --check          fail when the committed
#                                                REPORT.md is stale: a row per
#                                                verilog-out/*.v, each row's
#                                                Verilog hash equal to the
#                                                file's, each within budget,
#                                                the text as this script writes
#                                                it (no synthesis; seconds)
#   constraints/synth/report.sh --check --resynth
#                                                the same, and re-synthesize
#                                                every block and compare every
#                                                number (scripts/long-run.sh)
#   constraints/synth/report.sh --depth          re-measure only the LUT6
#                                                depth of every block (after a
#                                                change of the depth flow);
#                                                each needs a row for its
#                                                Verilog, whose resource
#                                                columns are kept
#   constraints/synth/report.sh -o OUT.md        write somewhere else
#
# Block X is the top module X of X.v. Exit status: 0 all blocks within the
# depth budget; 1 a block over budget, or (--check) the report is stale;
# 2 yosys missing or failed, or bad usage.
#
# Environment: SYNTH_JOBS (parallel yosys runs, default 2),
# SYNTH_TIMEOUT (seconds per yosys run, default 900), SYNTH_CACHE (a
# directory, default none: every successful yosys run's log is kept there,
# keyed by the block, its Verilog, the Yosys version and flow.sh, and a
# later run with the same key reuses it instead of running yosys, so an
# interrupted run of the large tops resumes where it stopped).
set -euo pipefail
export LC_ALL=C

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
# shellcheck source=flow.sh
source "$here/flow.sh"

budget=8                    # LUT6 levels between registers
jobs=${SYNTH_JOBS:-2}
tmo=${SYNTH_TIMEOUT:-900}
report="$here/REPORT.md"

usage() { sed -n '2,39p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; }

check=0
resynth=0
changed=0
depth_only=0
out=""
files=()
while (($#)); do
    case $1 in
        --check) check=1 ;;
        --resynth) resynth=1 ;;
        --changed) changed=1 ;;
        --depth) depth_only=1 ;;
        -o|--output) [[ $# -ge 2 ]] || { usage >&2; exit 2; }; out=$2; shift ;;
        -h|--help) usage; exit 0 ;;
        -*) echo "error: unknown option $1" >&2; usage >&2; exit 2 ;;
        *) files+=("$1") ;;
    esac
    shift
done
((!resynth || check)) || { echo "error: --resynth goes with --check" >&2; exit 2; }
((!changed || !check)) || { echo "error: --changed writes the report; it does not go with --check" >&2; exit 2; }
((!depth_only || (!check && !changed))) || { echo "error: --depth goes alone (it writes the report)" >&2; exit 2; }
[[ $jobs =~ ^[1-9][0-9]*$ ]] || { echo "error: SYNTH_JOBS must be a positive integer" >&2; exit 2; }

synth_require_yosys
version=$(yosys -V)
if [[ $version != "$SYNTH_YOSYS_EXPECTED "* ]]; then
    echo "warning: $version, the committed report is from $SYNTH_YOSYS_EXPECTED: numbers will differ" >&2
fi

explicit=$(( ${#files[@]} > 0 ))
if ((!explicit)); then
    shopt -s nullglob
    files=("$root"/verilog-out/*.v)
    shopt -u nullglob
    ((${#files[@]})) || { echo "error: no Verilog in $root/verilog-out/" >&2; exit 2; }
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/braid-synth.XXXXXX")
keep_tmp=0
# shellcheck disable=SC2317  # run by the EXIT trap
cleanup() { if ((keep_tmp)); then echo "logs kept in $tmp" >&2; else rm -rf "$tmp"; fi; }
trap cleanup EXIT

# Snapshot the inputs, so that a file re-exported while we run cannot mix two
# versions into one row (the hash in the table is of what was synthesized).
blocks=()
declare -A src_of=()
for f in "${files[@]}"; do
    [[ -f $f ]] || { echo "error: no such file: $f" >&2; exit 2; }
    [[ $f == *.v ]] || { echo "error: not a .v file: $f" >&2; exit 2; }
    b=$(basename "$f" .v)
    [[ $b =~ ^[A-Za-z_][A-Za-z0-9_]*$ ]] || { echo "error: $f: block name '$b' is not a Verilog identifier" >&2; exit 2; }
    [[ -z ${src_of[$b]:-} ]] || { echo "error: block $b given twice" >&2; exit 2; }
    mkdir -p "$tmp/$b"
    cp "$f" "$tmp/$b/$b.v"
    src_of[$b]=$f
    blocks+=("$b")
done
mapfile -t blocks < <(printf '%s\n' "${blocks[@]}" | sort)

# Rows of the committed report that stand as they are (block -> row), and the
# blocks to synthesize now. A row is matched to its Verilog by the hash in its
# last column, so a kept row is the synthesis of exactly that file.
committed_row() { [[ -f $report ]] || return 0; awk -v b="\`$1\`" -F'|' '{ x = $2; gsub(/ /, "", x) } x == b { print; exit }' "$report"; }
row_field() { awk -F'|' -v n="$2" '{ x = $n; gsub(/[ `]/, "", x); print x }' <<<"$1"; }
committed_version=""
if [[ -f $report ]]; then
    # shellcheck disable=SC2016  # backticks are the Markdown's, not a command
    committed_version=$(sed -n 's/^- Yosys: `\(.*\)` (`yosys -V`)$/\1/p' "$report")
fi
declare -A keep_row=()
declare -A old_row=()
todo=()
stale=()
for b in "${blocks[@]}"; do
    h=$(sha256sum "$tmp/$b/$b.v" | cut -c1-12)
    row=$(committed_row "$b")
    rh=""
    if [[ -n $row ]]; then rh=$(row_field "$row" 12); fi
    if ((check && !resynth)); then
        if [[ -z $row ]]; then stale+=("$b: no row")
        else
            [[ $rh == "$h" ]] || stale+=("$b: the row is for Verilog $rh, verilog-out/$b.v is $h")
            keep_row[$b]=$row
        fi
    elif ((changed)) && [[ -n $row && $rh == "$h" && $committed_version == "$version" ]]; then
        keep_row[$b]=$row
    elif ((depth_only)); then
        if [[ -z $row || $rh != "$h" || $committed_version != "$version" ]]; then
            echo "error: $b: --depth keeps the resource columns of a row for this Verilog and" \
                 "$version; there is none: run --changed" >&2
            exit 2
        fi
        old_row[$b]=$row
        todo+=("$b")
    else
        todo+=("$b")
    fi
done
if ((changed)) && [[ $committed_version != "$version" ]]; then
    echo "warning: the committed report is from ${committed_version:-no Yosys}: re-synthesizing every block" >&2
fi

# The SYNTH_CACHE key of block B's run: the block, its Verilog, Yosys and the
# flow (flow.sh holds every yosys script).
cache=${SYNTH_CACHE:-}
flow_hash=$(sha256sum "$here/flow.sh" | cut -c1-12)
cache_key() {
    printf '%s-%s-%s-%s' "$1" "$(sha256sum "$tmp/$1/$1.v" | cut -c1-12)" \
        "$(printf '%s' "$version" | sha256sum | cut -c1-12)" "$flow_hash"
}

# One yosys run: task KIND BLOCK, KIND = res | depth. Leaves $tmp/B/KIND.log
# and $tmp/B/KIND.rc (exit status) and prints a progress line.
task() {
    local kind=$1 b=$2 dir="$tmp/$2" script t0 rc=0 key=""
    if [[ -n $cache ]]; then
        key="$cache/$(cache_key "$b")"
        if [[ -f $key/$kind.rc && $(cat "$key/$kind.rc") == 0 && -f $key/$kind.log ]]; then
            cp "$key/$kind.log" "$key/$kind.rc" "$dir/"
            printf '  %-24s %-9s reused from %s\n' "$b" \
                "$([[ $kind == res ]] && echo resources || echo depth)" "$key" >&2
            return
        fi
    fi
    if [[ $kind == res ]]; then script=$(synth_resource_script "$b.v" "$b")
    else synth_write_depth_abc "$dir"; script=$(synth_depth_script "$b.v" "$b"); fi
    t0=$SECONDS
    (cd "$dir" && timeout "$tmo" yosys -p "$script" >"$kind.log" 2>&1) || rc=$?
    echo "$rc" >"$dir/$kind.rc"
    if [[ -n $key && $rc == 0 ]]; then
        mkdir -p "$key" && cp "$dir/$kind.log" "$dir/$kind.rc" "$key/"
    fi
    printf '  %-24s %-9s %4ds%s\n' "$b" "$([[ $kind == res ]] && echo resources || echo depth)" \
        $((SECONDS - t0)) "$( ((rc == 0)) || echo "  FAILED (status $rc)")" >&2
}

start=$SECONDS
if ((check && !resynth)); then
    echo "checking the rows of ${#blocks[@]} block(s) against verilog-out/ (no synthesis)" >&2
else
    echo "synthesizing ${#todo[@]} of ${#blocks[@]} block(s), $jobs yosys run(s) at a time ($version)" >&2
fi
running=0
kinds=(res depth)
((!depth_only)) || kinds=(depth)
for b in "${todo[@]}"; do
    for kind in "${kinds[@]}"; do
        if ((running >= jobs)); then wait -n || true; running=$((running - 1)); fi
        task "$kind" "$b" &
        running=$((running + 1))
    done
done
wait

# --- collect ---------------------------------------------------------------

# Cell counts of module B from the last `stat` in a log: lines "TYPE COUNT".
cells_of() {
    awk -v top="=== $2 ===" '
        /Printing statistics/ { delete c; inmod = 0; next }
        $0 ~ /^=== / { inmod = ($0 == top); next }
        inmod && /^ +[A-Za-z0-9_$]+ +[0-9]+$/ { c[$1] += $2 }
        END { for (k in c) print k, c[k] }' "$1" | sort
}

# The resource columns of a row (LUT .. Other cells, with the spaces around
# each), from the synth_xilinx log of block B: resource_columns LOG B
resource_columns() {
    local b=$2
    lut=0 ff=0 carry=0 muxf=0 lutram=0 srl=0 b18=0 b36=0 other=""
    while read -r type count; do
        case $type in
            LUT[1-6]) lut=$((lut + count)) ;;
            FD*) ff=$((ff + count)) ;;
            CARRY4|CARRY8) carry=$((carry + count)) ;;
            MUXF7|MUXF8|MUXF9) muxf=$((muxf + count)) ;;
            SRL*) srl=$((srl + count)) ;;
            RAMB18*) b18=$((b18 + count)) ;;
            RAMB36*) b36=$((b36 + count)) ;;
            RAM*) lutram=$((lutram + count)) ;;
            *) other+="${other:+, }$type $count" ;;
        esac
    done < <(cells_of "$1" "$b")

    # RAMB36 equivalents: a RAMB18E2 is half a RAMB36E2.
    bram_half=$((2 * b36 + b18))
    bram=$((bram_half / 2)); ((bram_half % 2)) && bram+=".5"
    if ((b18 + b36)); then
        cells=""
        ((b36)) && cells="$b36 RAMB36E2"
        ((b18)) && cells+="${cells:+ + }$b18 RAMB18E2"
        bram+=" ($cells)"
    fi

    printf ' %s | %s | %s | %s | %s / %s | %s | %s ' "$lut" "$ff" "$carry" "$muxf" "$lutram" "$srl" "$bram" "${other:--}"
}

failed=()
over=()
rows=()
for b in "${blocks[@]}"; do
    if [[ -n ${keep_row[$b]:-} ]]; then
        levels=$(row_field "${keep_row[$b]}" 10)
        [[ $levels =~ ^[0-9]+$ ]] || { echo "error: $b: no LUT6 levels in its row of $(basename "$report")" >&2; failed+=("$b"); continue; }
        ((levels <= budget)) || over+=("$b ($levels levels)")
        rows+=("${keep_row[$b]}")
        continue
    fi
    ((!check || resynth)) || continue     # no row: reported as stale above
    dir="$tmp/$b"
    bad=""
    for kind in "${kinds[@]}"; do
        rc=$(cat "$dir/$kind.rc")
        if [[ $rc != 0 ]]; then
            what=$([[ $kind == res ]] && echo "synth_xilinx" || echo "depth flow")
            [[ $rc == 124 ]] && what+=" timed out after ${tmo}s" || what+=" failed (status $rc)"
            bad+="$what; "
            echo "error: $b: yosys $what ($dir/$kind.log):" >&2
            if ! grep -m 5 "ERROR" "$dir/$kind.log" >&2; then tail -n 8 "$dir/$kind.log" >&2; fi
        fi
    done
    if [[ -n $bad ]]; then failed+=("$b"); continue; fi

    levels=$(sed -n "s/^Longest topological path in $b (length=\([0-9]*\)).*/\1/p" "$dir/depth.log" | tail -n 1)
    if [[ -z $levels ]]; then
        echo "error: $b: no 'Longest topological path in $b' in the yosys log" >&2
        failed+=("$b"); continue
    fi
    if grep -q "Detected loop" "$dir/depth.log"; then
        echo "error: $b: combinational loop (see ltp output):" >&2
        grep -A3 "Detected loop" "$dir/depth.log" | head -12 >&2
        failed+=("$b"); continue
    fi

    if [[ -n ${old_row[$b]:-} ]]; then
        # --depth: the resource columns of the committed row, as written
        cols=$(cut -d'|' -f3-9 <<<"${old_row[$b]}")
    else
        cols=$(resource_columns "$dir/res.log" "$b")
    fi
    if ((levels > budget)); then verdict="**FAIL**"; over+=("$b ($levels levels)")
    else verdict="pass"; fi
    hash=$(sha256sum "$dir/$b.v" | cut -c1-12)
    rows+=("| \`$b\` |$cols| $levels | $verdict | \`$hash\` |")
done

if ((${#failed[@]})); then
    keep_tmp=1
    echo "error: yosys failed for: ${failed[*]} (report not written)" >&2
    exit 2
fi

# --- write -----------------------------------------------------------------

rel() { case $1 in "$root"/*) echo "${1#"$root"/}" ;; /*) echo "$1" ;; *) echo "$1" ;; esac; }
if ((explicit)); then
    cmdline="constraints/synth/report.sh"
    for b in "${blocks[@]}"; do cmdline+=" $(rel "$(realpath "${src_of[$b]}")")"; done
    generated="Generated by \`$cmdline\`."
else
    generated="Generated by \`constraints/synth/report.sh\` from every \`verilog-out/*.v\`."
fi

gen="$tmp/REPORT.md"
{
cat <<EOF
# Synthesis estimates

$generated
Do not edit: after re-exporting the Verilog, re-run the script
(\`--changed\` re-synthesizes only the blocks whose Verilog changed).
\`constraints/synth/report.sh --check\` fails when a row is not for the
committed Verilog; \`--check --resynth\` also re-synthesizes every block.

- Yosys: \`$version\` (\`yosys -V\`)
- Block \`X\` is the top module \`X\` of \`verilog-out/X.v\`.
- Resources (UltraScale+, Alveo):
  \`yosys -p "$(synth_resource_script X.v X)"\`
- LUT6 levels: in a directory holding \`X.v\` and \`depth.abc\` =
  \`$SYNTH_DEPTH_ABC\` (one ABC command per line),
  \`yosys -p "$(synth_depth_script X.v X)"\`
- Budget: at most $budget LUT6 levels from register to register.

| Block | LUT | FF | CARRY4 | MUXF7/8/9 | LUTRAM / SRL | BRAM (RAMB36 eq.) | Other cells | LUT6 levels | ≤ $budget levels | Verilog sha256 |
|---|--:|--:|--:|--:|--:|--:|---|--:|---|---|
EOF
printf '%s\n' "${rows[@]}"
cat <<'EOF'

## What the numbers mean

- These are Yosys estimates, not Vivado results. Vivado packs, shares and
  retimes differently, so its counts will not match these.
  Nothing here is placed or routed, so there is no timing, only depth.
- LUT is LUT1..LUT6 together; FF is every FDRE/FDSE/FDCE/FDPE. MUXF7/8/9 are
  the slice's wide-function muxes that combine LUTs (they use no extra LUTs).
- CARRY4: Yosys 0.23 has no CARRY8 mapping for UltraScale+, so carry chains
  come out as CARRY4 (on the device one CARRY8 holds two of them).
- BRAM counts block RAM in RAMB36 equivalents (a RAMB18E2 is half of one);
  the cells Yosys chose are in brackets. LUTRAM is distributed RAM (RAM32M,
  RAM64M8, ...), SRL are shift-register LUTs. Other cells is whatever else the
  mapping produced (INV usually disappears into LUTs in Vivado).
- UltraRAM (URAM288, 4K x 72 each) is under Other cells. Only memories the
  export marks `ram_style = "ultra"` go there (`ULTRA_RAM` in
  hdl/rtl/src/export.rs). Yosys builds the read mux of a memory deeper than
  one URAM288 from LUTs and MUXF (about 34 LUT per URAM288 in
  `slot_table`); Vivado uses the URAM288 cascade for it, so on the device
  those LUTs are mostly not spent.
- LUT6 levels is the longest register-to-register (or port-to-register)
  path counted in 6-input LUTs, from `ltp -noff` on a generic `abc -lut 6`
  netlist mapped for the least depth: `depth.abc` computes structural
  choices (`dch`) and maps with priority cuts for delay, without area
  recovery (`if -F 0 -A 0`). Yosys's default LUT script adds area recovery
  and `mfs2` resynthesis, which do not bound the depth: with it a registered
  32-bit adder measures 13 levels instead of 5, and the engine top with
  stages 2-3 16 instead of 7, though the same logic maps in fewer. The question here is whether every path can be mapped within
  the budget, as a timing-driven tool would; the LUT counts come from
  `synth_xilinx`. `ltp` runs on this generic netlist and not on the
  `synth_xilinx` one because
  it does not see Xilinx flops (FDRE ...) as flops and would chain paths
  through them. Memories with a registered read (block RAM) count as
  registers; memories with only asynchronous reads are expanded into logic.
  Adders and comparators are counted as plain LUT levels here, while on the
  device they use the carry chain, so paths through wide arithmetic read
  somewhat pessimistic. The 8-level budget is the project's proxy for Fmax:
  a block over it wants a tree instead of a chain, or a pipeline register.
- Verilog sha256 is the start of the hash of the exported file the row was
  computed from, so a row can be matched to a `verilog-out/` revision.
EOF
} >"$gen"

status=0
if ((check)); then
    if [[ ! -f $report ]]; then
        echo "error: $(rel "$report") does not exist: run constraints/synth/report.sh" >&2
        status=1
    elif ((${#stale[@]})); then
        printf 'error: %s\n' "${stale[@]}" >&2
        echo "error: $(rel "$report") is stale: re-run constraints/synth/report.sh --changed" >&2
        status=1
    elif ! diff -u "$report" "$gen" >&2; then
        echo "error: $(rel "$report") is stale (diff above, - committed, + now):" \
             "re-run constraints/synth/report.sh --changed" >&2
        status=1
    elif ((resynth)); then
        echo "$(rel "$report") is up to date: every block re-synthesized to the same numbers" >&2
    else
        echo "$(rel "$report") is up to date: a row for every block, each for the committed Verilog" \
             "(--resynth re-synthesizes them)" >&2
    fi
else
    dest=${out:-$report}
    cp "$gen" "$dest"
    echo "wrote $(rel "$(realpath "$dest")")" >&2
fi

echo "done in $((SECONDS - start))s" >&2
if ((${#over[@]})); then
    echo "error: over the $budget-level LUT6 budget: ${over[*]}" >&2
    status=1
fi
exit $status
