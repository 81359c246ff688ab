#!/usr/bin/env bash
# Synthesis estimates for the exported blocks: UltraScale+ resources and LUT6
# depth from Yosys, written as Markdown tables to constraints/synth/REPORT.md.
#
# A top (a file whose top module instantiates other verilog-out/ blocks,
# found by hier.py split: the instance's modules must equal the block file's
# line for line) is not synthesized flat: its glue (the top with each block
# instance a black box) is synthesized alone, and the top's row is the glue's
# row plus its instances' rows. Its LUT6 levels are composed: the glue's
# paths joined through each black box by the block's port timing (the
# levels from each input port to its registers, from registers to each
# output port, and input to output), so paths that cross a block port are
# checked against the budget too. Each block's and glue's timing is kept in
# constraints/synth/timing/UNIT.tsv (written by hier.py timing from the
# depth flow's netlist). The flat synthesis of the tops (about 100 minutes
# on 2 cores) is opt-in (--flat, scripts/long-run.sh); REPORT.md keeps its
# last figures, the commit they are for and their difference to the
# composed figures.
#
#   constraints/synth/report.sh                  every verilog-out/*.v
#   constraints/synth/report.sh FILE.v...        only these blocks
#   constraints/synth/report.sh --changed        re-synthesize only the blocks
#                                                and glues whose row or timing
#                                                is missing or whose Verilog
#                                                hash changed; keep the other
#                                                rows of REPORT.md
#   constraints/synth/report.sh --check          fail when the committed
#                                                REPORT.md is stale: a row and
#                                                a timing file per block and
#                                                glue, each for the committed
#                                                Verilog (by hash), each top's
#                                                composed row recomputed from
#                                                them, every row within budget,
#                                                the text as this script writes
#                                                it (no synthesis; seconds)
#   constraints/synth/report.sh --check --resynth
#                                                the same, and re-synthesize
#                                                every block and glue and
#                                                compare every number
#   constraints/synth/report.sh --changed --flat also synthesize the tops flat
#                                                and write their flat rows with
#                                                the commit (scripts/long-run.sh)
#   constraints/synth/report.sh --depth          re-measure only the LUT6
#                                                depth and timing of every
#                                                block and glue (after a change
#                                                of the depth flow or of
#                                                hier.py); each needs a row for
#                                                its Verilog, whose resource
#                                                columns are kept
#   constraints/synth/report.sh -o OUT.md        write somewhere else (the
#                                                timing files too: OUT.md's
#                                                directory/timing/)
#
# Block X is the top module X of X.v. Exit status: 0 all blocks within the
# depth budget; 1 a block, glue or composed top over budget, or (--check)
# the report is stale; 2 yosys missing or failed, or bad usage.
#
# Environment: SYNTH_JOBS (parallel yosys runs, default 2),
# SYNTH_TIMEOUT (seconds per yosys run, default 2400), SYNTH_CACHE (a
# directory, default none: every successful yosys run's log and timing is
# kept there, keyed by the unit, its Verilog, the Yosys version, flow.sh and
# hier.py, and a later run with the same key reuses it instead of running
# yosys, so an interrupted run resumes where it stopped).
set -euo pipefail
export LC_ALL=C

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
# shellcheck source=flow.sh
source "$here/flow.sh"

budget=8                    # LUT6 levels between registers
jobs=${SYNTH_JOBS:-2}
tmo=${SYNTH_TIMEOUT:-2400}
report="$here/REPORT.md"

usage() { sed -n '2,63p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; }

check=0
resynth=0
changed=0
depth_only=0
flat=0
out=""
files=()
while (($#)); do
    case $1 in
        --check) check=1 ;;
        --resynth) resynth=1 ;;
        --changed) changed=1 ;;
        --depth) depth_only=1 ;;
        --flat) flat=1 ;;
        -o|--output) [[ $# -ge 2 ]] || { usage >&2; exit 2; }; out=$2; shift ;;
        -h|--help) usage; exit 0 ;;
        -*) echo "error: unknown option $1" >&2; usage >&2; exit 2 ;;
        *) files+=("$1") ;;
    esac
    shift
done
((!resynth || check)) || { echo "error: --resynth goes with --check" >&2; exit 2; }
((!changed || !check)) || { echo "error: --changed writes the report; it does not go with --check" >&2; exit 2; }
((!depth_only || (!check && !changed && !flat))) || { echo "error: --depth goes alone (it writes the report)" >&2; exit 2; }
((!flat || !check)) || { echo "error: --flat writes the flat rows; it does not go with --check" >&2; exit 2; }
[[ $jobs =~ ^[1-9][0-9]*$ ]] || { echo "error: SYNTH_JOBS must be a positive integer" >&2; exit 2; }

synth_require_yosys
command -v python3 >/dev/null 2>&1 || {
    echo "error: python3 not found: install the Debian package \`python3\`, or run scripts/setup.sh" >&2
    exit 2
}
version=$(yosys -V)
if [[ $version != "$SYNTH_YOSYS_EXPECTED "* ]]; then
    echo "warning: $version, the committed report is from $SYNTH_YOSYS_EXPECTED: numbers will differ" >&2
fi
hier="$here/hier.py"
timing_dir="$here/timing"
if [[ -n $out ]]; then timing_dir="$(cd "$(dirname "$out")" && pwd)/timing"; fi

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
# A unit is what one pair of yosys runs synthesizes: a block B ($tmp/u/B/B.v,
# top module B), a top's glue T.glue ($tmp/u/T.glue/T.glue.v, top module T)
# or, with --flat, a whole top T.flat.
declare -A src_of=()
names=()
mkdir -p "$tmp/in" "$tmp/u" "$tmp/timing"
for f in "${files[@]}"; do
    [[ -f $f ]] || { echo "error: no such file: $f" >&2; exit 2; }
    [[ $f == *.v ]] || { echo "error: not a .v file: $f" >&2; exit 2; }
    b=$(basename "$f" .v)
    [[ $b =~ ^[A-Za-z_][A-Za-z0-9_]*$ ]] || { echo "error: $f: block name '$b' is not a Verilog identifier" >&2; exit 2; }
    [[ -z ${src_of[$b]:-} ]] || { echo "error: block $b given twice" >&2; exit 2; }
    cp "$f" "$tmp/in/$b.v"
    src_of[$b]=$f
    names+=("$b")
done
mapfile -t names < <(printf '%s\n' "${names[@]}" | sort)

# The tops: files whose top module instantiates other given blocks.
mapfile -t tops < <(python3 "$hier" split "$tmp"/in/*.v --out "$tmp/split0")
declare -A is_top=()
for t in "${tops[@]}"; do is_top[$t]=1; done
blocks=()
for b in "${names[@]}"; do
    if [[ -n ${is_top[$b]:-} ]]; then continue; fi
    blocks+=("$b")
    mkdir -p "$tmp/u/$b"
    cp "$tmp/in/$b.v" "$tmp/u/$b/$b.v"
done
units=("${blocks[@]}")
unit_top() { echo "${1%.*}"; }
hash_of() { sha256sum "$tmp/u/$1/$1.v" | cut -c1-12; }

# The key of a unit's row in REPORT.md (its first column without blanks).
row_key() {
    case $1 in
        *.glue) echo "\`${1%.glue}\`(glue)" ;;
        *.flat) echo "\`${1%.flat}\`(flat)" ;;
        *) echo "\`$1\`" ;;
    esac
}
row_label() {
    case $1 in
        *.glue) echo "\`${1%.glue}\` (glue)" ;;
        *.flat) echo "\`${1%.flat}\` (flat)" ;;
        *) echo "\`$1\`" ;;
    esac
}
committed_row() { [[ -f $report ]] || return 0; awk -v b="$1" -F'|' '{ x = $2; gsub(/ /, "", x) } x == b { print; exit }' "$report"; }
row_field() { awk -F'|' -v n="$2" '{ x = $n; gsub(/[ `]/, "", x); print x }' <<<"$1"; }
# The Verilog hash in the first line of a timing file ("# UNIT Verilog HASH").
timing_hash() { if [[ -f $1 ]]; then sed -n '1s/^# [^ ]* Verilog \([0-9a-f]*\)$/\1/p' "$1"; fi; }
committed_version=""
if [[ -f $report ]]; then
    # shellcheck disable=SC2016  # backticks are the Markdown's, not a command
    committed_version=$(sed -n 's/^- Yosys: `\(.*\)` (`yosys -V`)$/\1/p' "$report")
fi
declare -A keep_row=()
declare -A old_row=()
declare -A kinds_of=()
todo=()
stale=()
# plan UNIT...: keep each unit's committed row or put it on the to-do list.
plan() {
    local u h row rh th
    for u in "$@"; do
        h=$(hash_of "$u")
        row=$(committed_row "$(row_key "$u")")
        rh=""
        if [[ -n $row ]]; then rh=$(row_field "$row" 12); fi
        th=""
        [[ $u == *.flat ]] || th=$(timing_hash "$timing_dir/$u.tsv")
        if [[ $u == *.flat ]]; then
            todo+=("$u"); kinds_of[$u]="res depth"          # --flat writes these rows
        elif ((check && !resynth)); then
            if [[ -z $row ]]; then stale+=("$u: no row")
            else
                [[ $rh == "$h" ]] || stale+=("$u: the row is for Verilog $rh, the unit is $h")
                [[ $th == "$h" ]] || stale+=("$u: timing/$u.tsv is for Verilog ${th:-nothing}, the unit is $h")
                keep_row[$u]=$row
                cp "$timing_dir/$u.tsv" "$tmp/timing/" 2>/dev/null || true
            fi
        elif ((changed)) && [[ -n $row && $rh == "$h" && $committed_version == "$version" ]]; then
            if [[ $th == "$h" ]]; then
                keep_row[$u]=$row
                cp "$timing_dir/$u.tsv" "$tmp/timing/"
            else
                # The row stands; only its timing is missing: the depth run alone
                # (its level count must agree with the row's).
                old_row[$u]=$row
                todo+=("$u"); kinds_of[$u]="depth"
            fi
        elif ((depth_only)); then
            if [[ -z $row || $rh != "$h" || $committed_version != "$version" ]]; then
                echo "error: $u: --depth keeps the resource columns of a row for this Verilog and" \
                     "$version; there is none: run --changed" >&2
                exit 2
            fi
            old_row[$u]=$row
            todo+=("$u"); kinds_of[$u]="depth"
        else
            todo+=("$u"); kinds_of[$u]="res depth"
        fi
done
}
if ((changed)) && [[ $committed_version != "$version" ]]; then
    echo "warning: the committed report is from ${committed_version:-no Yosys}: re-synthesizing every block" >&2
fi

# The SYNTH_CACHE key of a unit's run: the unit, its Verilog, Yosys, the flow
# (flow.sh holds every yosys script) and hier.py (the timing).
cache=${SYNTH_CACHE:-}
flow_hash=$(cat "$here/flow.sh" "$hier" | sha256sum | cut -c1-12)
cache_key() {
    printf '%s-%s-%s-%s' "$1" "$(hash_of "$1")" \
        "$(printf '%s' "$version" | sha256sum | cut -c1-12)" "$flow_hash"
}

# One yosys run: task KIND UNIT, KIND = res | depth. Leaves $tmp/u/U/KIND.log
# and $tmp/u/U/KIND.rc (exit status), and for depth $tmp/u/U/timing.tsv, and
# prints a progress line.
task() {
    local kind=$1 u=$2 dir="$tmp/u/$2" top script t0 rc=0 key=""
    top=$(unit_top "$u")
    if [[ -n $cache ]]; then
        key="$cache/$(cache_key "$u")"
        if [[ -f $key/$kind.rc && $(cat "$key/$kind.rc") == 0 && -f $key/$kind.log ]] &&
            [[ $kind == res || $u == *.flat || -f $key/timing.tsv ]]; then
            cp "$key/$kind.log" "$key/$kind.rc" "$dir/"
            if [[ $kind == depth && -f $key/timing.tsv ]]; then cp "$key/timing.tsv" "$dir/"; fi
            printf '  %-24s %-9s reused from %s\n' "$u" \
                "$([[ $kind == res ]] && echo resources || echo depth)" "$key" >&2
            return
        fi
    fi
    if [[ $kind == res ]]; then script=$(synth_resource_script "$u.v" "$top")
    else
        synth_write_depth_abc "$dir"
        script=$(synth_depth_script "$u.v" "$top")
        # The netlist for hier.py timing; for a glue, ltp again without the
        # black boxes (ltp would chain paths through them), which must agree
        # with hier.py's longest path.
        if [[ $u == *.glue ]]; then script="${script%"; ltp -noff"}"; fi
        [[ $u == *.flat ]] || script+="; write_json net.json"
        [[ $u != *.glue ]] || script+="; delete t:bb__*; ltp -noff"
    fi
    t0=$SECONDS
    (cd "$dir" && timeout "$tmo" yosys -p "$script" >"$kind.log" 2>&1) || rc=$?
    if [[ $rc == 0 && $kind == depth && $u != *.flat ]]; then
        python3 "$hier" timing "$dir/net.json" "$top" --out "$dir/timing.tsv" \
            --header "$u Verilog $(hash_of "$u")" 2>>"$dir/$kind.log" || rc=3
        rm -f "$dir/net.json"
    fi
    echo "$rc" >"$dir/$kind.rc"
    if [[ -n $key && $rc == 0 ]]; then
        mkdir -p "$key" && cp "$dir/$kind.log" "$dir/$kind.rc" "$key/"
        if [[ -f $dir/timing.tsv ]]; then cp "$dir/timing.tsv" "$key/"; fi
    fi
    printf '  %-24s %-9s %4ds%s\n' "$u" "$([[ $kind == res ]] && echo resources || echo depth)" \
        $((SECONDS - t0)) "$( ((rc == 0)) || echo "  FAILED (status $rc)")" >&2
}

start=$SECONDS
# run_todo: the to-do list's yosys runs, $jobs at a time.
run_todo() {
    local u kind running=0
    for u in "${todo[@]}"; do
        for kind in ${kinds_of[$u]}; do
            if ((running >= jobs)); then wait -n || true; running=$((running - 1)); fi
            task "$kind" "$u" &
            running=$((running + 1))
        done
    done
    wait
    todo=()
}

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
# each), from the synth_xilinx log of top module B: resource_columns LOG B.
# A glue's black boxes (bb__BLOCK) are counted in their blocks' rows.
resource_columns() {
    local b=$2
    lut=0 ff=0 carry=0 muxf=0 lutram=0 srl=0 b18=0 b36=0 other=""
    while read -r type count; do
        case $type in
            bb__*) ;;
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
declare -A row_of=()
# collect UNIT...: each unit's row (kept or from its logs) and timing.
collect() {
    local u dir top bad kind rc what levels tmax cols verdict old
    for u in "$@"; do
        if [[ -n ${keep_row[$u]:-} ]]; then
            levels=$(row_field "${keep_row[$u]}" 10)
            [[ $levels =~ ^[0-9]+$ ]] || { echo "error: $u: no LUT6 levels in its row of $(basename "$report")" >&2; failed+=("$u"); continue; }
            ((levels <= budget)) || over+=("$u ($levels levels)")
            row_of[$u]=${keep_row[$u]}
            continue
        fi
        ((!check || resynth)) || continue     # no row: reported as stale above
        dir="$tmp/u/$u"
        top=$(unit_top "$u")
        bad=""
        for kind in ${kinds_of[$u]}; do
            rc=$(cat "$dir/$kind.rc")
            if [[ $rc != 0 ]]; then
                what=$([[ $kind == res ]] && echo "synth_xilinx" || echo "depth flow")
                if [[ $rc == 124 ]]; then what+=" timed out after ${tmo}s"
                elif [[ $rc == 3 ]]; then what="hier.py timing failed"
                else what+=" failed (status $rc)"; fi
                bad+="$what; "
                echo "error: $u: yosys $what ($dir/$kind.log):" >&2
                if ! grep -m 5 "ERROR\|error:" "$dir/$kind.log" >&2; then tail -n 8 "$dir/$kind.log" >&2; fi
            fi
        done
        if [[ -n $bad ]]; then failed+=("$u"); continue; fi

        levels=$(sed -n "s/^Longest topological path in $top (length=\([0-9]*\)).*/\1/p" "$dir/depth.log" | tail -n 1)
        if [[ -z $levels ]]; then
            echo "error: $u: no 'Longest topological path in $top' in the yosys log" >&2
            failed+=("$u"); continue
        fi
        # the last ltp's output (for a glue, the one without the black boxes)
        awk '/Executing LTP pass/ { n++ } { print n "\t" $0 }' "$dir/depth.log" >"$dir/ltp.log"
        last=$(tail -n 1 "$dir/ltp.log" | cut -f1)
        if awk -F'\t' -v n="$last" '$1 == n && /Detected loop/ { f = 1 } END { exit !f }' "$dir/ltp.log"; then
            echo "error: $u: combinational loop (see ltp output):" >&2
            awk -F'\t' -v n="$last" '$1 == n && /Detected loop/' "$dir/ltp.log" | cut -f2- | head -12 >&2
            failed+=("$u"); continue
        fi
        if [[ $u != *.flat ]]; then
            # hier.py's longest path must be ltp's: the same netlist, counted the same way.
            tmax=$(awk -F'\t' '!/^#/ { v = $NF + 0; if (v > m) m = v } END { print m + 0 }' "$dir/timing.tsv")
            if [[ $tmax != "$levels" ]]; then
                echo "error: $u: hier.py timing's longest path is $tmax LUT6 levels, ltp's $levels" >&2
                failed+=("$u"); continue
            fi
            cp "$dir/timing.tsv" "$tmp/timing/$u.tsv"
        fi

        if [[ -n ${old_row[$u]:-} ]]; then
            # --depth, or only the timing was missing: the resource columns of the
            # committed row, as written
            cols=$(cut -d'|' -f3-9 <<<"${old_row[$u]}")
            if [[ ${kinds_of[$u]} == depth ]] && ((!depth_only)); then
                old=$(row_field "${old_row[$u]}" 10)
                [[ $old == "$levels" ]] || { echo "error: $u: the depth run gives $levels levels, its row $old" >&2; failed+=("$u"); continue; }
            fi
        else
            cols=$(resource_columns "$dir/res.log" "$top")
        fi
        if ((levels > budget)); then verdict="**FAIL**"; over+=("$u ($levels levels)")
        else verdict="pass"; fi
        row_of[$u]="| $(row_label "$u") |$cols| $levels | $verdict | \`$(hash_of "$u")\` |"
done
}

# Phase 1: the blocks. Phase 2: the tops' glues, which keep the instances of
# blocks with a combinational path from an input port through logic to an
# output port (an arbiter's grant, say): flat, the tool merges the logic on
# both sides of such a block into common LUTs, so their paths are measured
# in the glue rather than composed at the block's ports.
if ((check && !resynth)); then
    echo "checking the rows of the blocks and glues against verilog-out/ (no synthesis)" >&2
fi
plan "${blocks[@]}"
((check && !resynth)) || echo "synthesizing ${#todo[@]} of ${#blocks[@]} block(s), $jobs yosys run(s) at a time ($version)" >&2
run_todo
collect "${blocks[@]}"
inline=()
for b in "${blocks[@]}"; do
    if [[ -f $tmp/timing/$b.tsv ]] &&
        awk -F'\t' '$1 == "thru" && $4 > 0 { f = 1 } END { exit !f }' "$tmp/timing/$b.tsv"; then
        inline+=("$b")
    fi
done
python3 "$hier" split "$tmp"/in/*.v --out "$tmp/split" --inline "$(IFS=,; echo "${inline[*]}")" >/dev/null
glues=()
for t in "${tops[@]}"; do
    glues+=("$t.glue")
    mkdir -p "$tmp/u/$t.glue"
    cp "$tmp/split/$t/glue.v" "$tmp/u/$t.glue/$t.glue.v"
    if ((flat)); then
        glues+=("$t.flat")
        mkdir -p "$tmp/u/$t.flat"
        cp "$tmp/in/$t.v" "$tmp/u/$t.flat/$t.flat.v"
    fi
done
units+=("${glues[@]}")
plan "${glues[@]}"
((check && !resynth)) || echo "synthesizing ${#todo[@]} of ${#glues[@]} glue(s), $jobs yosys run(s) at a time" >&2
run_todo
collect "${glues[@]}"

if ((${#failed[@]})); then
    keep_tmp=1
    echo "error: yosys failed for: ${failed[*]} (report not written)" >&2
    exit 2
fi

# The composed row of each top: the glue's row plus its instances' rows, and
# the longest path through the glue and the blocks' port timing.
declare -A composed=()
declare -A comp_path=()
declare -A comp_across=()
for t in "${tops[@]}"; do
    [[ -n ${row_of[$t.glue]:-} ]] || continue       # stale: reported above
    cols_args=("$(cut -d'|' -f3-9 <<<"${row_of[$t.glue]}")")
    missing=""
    while read -r inst blk; do
        if [[ -z ${row_of[$blk]:-} ]]; then missing+=" $blk"; continue; fi
        [[ -f $tmp/timing/$blk.tsv ]] || missing+=" $blk(timing)"
        cols_args+=("$(cut -d'|' -f3-9 <<<"${row_of[$blk]}")")
    done <"$tmp/split/$t/instances.tsv"
    [[ -z $missing ]] || continue                   # stale: reported above
    [[ -f $tmp/timing/$t.glue.tsv ]] || continue
    cols=$(python3 "$hier" sum "${cols_args[@]}")
    levels=$(python3 "$hier" compose "$tmp/timing/$t.glue.tsv" "$tmp/split/$t/instances.tsv" "$tmp/timing" 2>"$tmp/$t.path")
    comp_path[$t]=$(cat "$tmp/$t.path")
    across=$(python3 "$hier" compose --across "$tmp/timing/$t.glue.tsv" "$tmp/split/$t/instances.tsv" "$tmp/timing" 2>"$tmp/$t.across")
    comp_across[$t]="$across levels: $(cat "$tmp/$t.across")"
    if ((levels > budget)); then verdict="**FAIL**"; over+=("$t composed ($levels levels: ${comp_path[$t]})")
    else verdict="pass"; fi
    composed[$t]="| \`$t\` |$cols| $levels | $verdict | \`$(sha256sum "$tmp/in/$t.v" | cut -c1-12)\` |"
done

# The flat rows: this run's (--flat), else the committed ones, with the
# commit they were computed for.
flat_rows=()
commit=$(git -C "$root" rev-parse --short=7 HEAD 2>/dev/null || echo unknown)
if [[ -n $(git -C "$root" status --porcelain -- verilog-out 2>/dev/null) ]]; then commit+="+changes"; fi
for t in "${tops[@]}"; do
    if ((flat)) && [[ -n ${row_of[$t.flat]:-} ]]; then
        r=${row_of[$t.flat]}
        flat_rows+=("${r% |} \`$commit\` |")
    else
        r=$(committed_row "$(row_key "$t.flat")")
        [[ -z $r ]] || flat_rows+=("$r")
    fi
done

# --- write -----------------------------------------------------------------

rel() { case $1 in "$root"/*) echo "${1#"$root"/}" ;; /*) echo "$1" ;; *) echo "$1" ;; esac; }
if ((explicit)); then
    cmdline="constraints/synth/report.sh"
    for b in "${names[@]}"; do cmdline+=" $(rel "$(realpath "${src_of[$b]}")")"; done
    generated="Generated by \`$cmdline\`."
else
    generated="Generated by \`constraints/synth/report.sh\` from every \`verilog-out/*.v\`."
fi

# "+N" / "-N" / "0" and the ratio, of composed over flat: diff_of COMPOSED FLAT
diff_of() { awk -v c="$1" -v f="$2" 'BEGIN { d = c - f; s = (d > 0 ? "+" : ""); if (f > 0) printf "%s%s (%+.1f%%)", s, d, 100 * d / f; else printf "%s%s", s, d }'; }
bram_of() { awk '{ print $1 }' <<<"$1"; }

gen="$tmp/REPORT.md"
{
cat <<EOF
# Synthesis estimates

$generated
Do not edit: after re-exporting the Verilog, re-run the script
(\`--changed\` re-synthesizes only the blocks and glues whose Verilog changed).
\`constraints/synth/report.sh --check\` fails when a row or a timing file is
not for the committed Verilog, or a composed row does not follow from them;
\`--check --resynth\` also re-synthesizes every block and glue.

- Yosys: \`$version\` (\`yosys -V\`)
- Block \`X\` is the top module \`X\` of \`verilog-out/X.v\`.
- Resources (UltraScale+, Alveo):
  \`yosys -p "$(synth_resource_script X.v X)"\`
- LUT6 levels: in a directory holding \`X.v\` and \`depth.abc\` =
  \`$SYNTH_DEPTH_ABC\` (one ABC command per line),
  \`yosys -p "$(synth_depth_script X.v X)"\`
- Budget: at most $budget LUT6 levels from register to register, on every
  block, every glue and every path of a composed top.

| Block | LUT | FF | CARRY4 | MUXF7/8/9 | LUTRAM / SRL | BRAM (RAMB36 eq.) | Other cells | LUT6 levels | ≤ $budget levels | Verilog sha256 |
|---|--:|--:|--:|--:|--:|--:|---|--:|---|---|
EOF
for b in "${blocks[@]}"; do [[ -z ${row_of[$b]:-} ]] || printf '%s\n' "${row_of[$b]}"; done
if ((${#tops[@]})); then
cat <<EOF

## Tops, composed from their blocks

A top's glue is the top with every block instance a black box (its Verilog,
hashed here, is what \`constraints/synth/hier.py split\` makes of the top).
The top's row is its glue's row plus its instances' rows. Its LUT6 levels,
checked against the budget, are the longest of: each block's own paths (its
row, its ports taken as path ends) and the glue's paths between its
registers, the top's ports and the blocks' ports, a path passing through a
block by the block's levels from that input port to that output port (zero
where no logic joins them; \`constraints/synth/timing/\` holds every block's
and glue's port timing). "Across ports" also adds the levels from a block's
input port to its registers and from its registers to its output port: the
depth of the top mapped module by module, which stops every LUT at a block
port, so it is an upper bound of the flat depth (the flat table below).

| Top | LUT | FF | CARRY4 | MUXF7/8/9 | LUTRAM / SRL | BRAM (RAMB36 eq.) | Other cells | LUT6 levels | ≤ $budget levels | Verilog sha256 |
|---|--:|--:|--:|--:|--:|--:|---|--:|---|---|
EOF
for t in "${tops[@]}"; do
    [[ -z ${row_of[$t.glue]:-} ]] || printf '%s\n' "${row_of[$t.glue]}"
    [[ -z ${composed[$t]:-} ]] || printf '%s\n' "${composed[$t]}"
done
echo
for t in "${tops[@]}"; do
    printf -- '- `%s`:' "$t"
    sep=" "
    while read -r inst blk; do printf '%s`%s` %s' "$sep" "$inst" "$blk"; sep=", "; done <"$tmp/split/$t/instances.tsv"
    printf '.'
    kept=$(comm -23 <(sort "$tmp/split0/$t/instances.tsv") <(sort "$tmp/split/$t/instances.tsv") |
        awk -F'\t' '{ printf "%s`%s` %s", (NR > 1 ? ", " : ""), $1, $2 }')
    [[ -z $kept ]] || printf ' In the glue (a combinational path through the block): %s.' "$kept"
    [[ -z ${comp_path[$t]:-} ]] || printf ' Longest path: %s. Across ports, mapped module by module: %s.' \
        "${comp_path[$t]}" "${comp_across[$t]}"
    printf '\n'
done
cat <<EOF

## Tops, flat (opt-in: \`scripts/long-run.sh\`)

The whole top synthesized as one flat design (\`--flat\`; about 100 minutes
for both tops on 2 cores), with the commit it was computed for. A row whose
Verilog hash is not the top's current one is stale: the top has changed
since. Composed minus flat, for the current composed rows:

EOF
for t in "${tops[@]}"; do
    r=$(committed_row "$(row_key "$t.flat")")
    if ((flat)) && [[ -n ${row_of[$t.flat]:-} ]]; then r=${row_of[$t.flat]}; fi
    if [[ -z $r || -z ${composed[$t]:-} ]]; then
        printf -- '- `%s`: no flat row yet.\n' "$t"; continue
    fi
    c=${composed[$t]}
    fh=$(row_field "$r" 12)
    th=$(row_field "$c" 12)
    state="current (the flat row is for this Verilog)"
    [[ $fh == "$th" ]] || state="stale: the flat row is for Verilog \`$fh\`, the top is now \`$th\`"
    printf -- '- `%s`: LUT %s, FF %s, BRAM %s, LUT6 levels %s; %s.\n' "$t" \
        "$(diff_of "$(row_field "$c" 3)" "$(row_field "$r" 3)")" \
        "$(diff_of "$(row_field "$c" 4)" "$(row_field "$r" 4)")" \
        "$(diff_of "$(bram_of "$(row_field "$c" 8 | tr '(' ' ')")" "$(bram_of "$(row_field "$r" 8 | tr '(' ' ')")")" \
        "$(diff_of "$(row_field "$c" 10)" "$(row_field "$r" 10)")" "$state"
done
cat <<EOF

| Top | LUT | FF | CARRY4 | MUXF7/8/9 | LUTRAM / SRL | BRAM (RAMB36 eq.) | Other cells | LUT6 levels | ≤ $budget levels | Verilog sha256 | Commit |
|---|--:|--:|--:|--:|--:|--:|---|--:|---|---|---|
EOF
((${#flat_rows[@]} == 0)) || printf '%s\n' "${flat_rows[@]}"
fi
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
- A composed top's figures are an upper bound of the flat ones: synthesized
  apart, a block cannot lose the logic behind an output the top leaves
  unused or an input it ties to a constant, and a block's port timing is the
  worst over the port's bits. The flat table shows by how much.
- Verilog sha256 is the start of the hash of the exported file the row was
  computed from (for a glue, of the glue's Verilog), so a row can be matched
  to a `verilog-out/` revision.
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
    else
        for u in "${units[@]}"; do
            [[ $u != *.flat ]] || continue
            if ! diff -u "$timing_dir/$u.tsv" "$tmp/timing/$u.tsv" >&2; then
                echo "error: $(rel "$timing_dir/$u.tsv") differs from a fresh run (diff above)" >&2
                status=1
            fi
        done
        extra=$(comm -23 <(cd "$timing_dir" 2>/dev/null && ls -- *.tsv 2>/dev/null | sort) \
                         <(printf '%s.tsv\n' "${units[@]}" | sort))
        if ((!explicit)) && [[ -n $extra ]]; then
            echo "error: timing files for no unit: $(tr '\n' ' ' <<<"$extra")" >&2
            status=1
        fi
        if ((status == 0)); then
            if ((resynth)); then
                echo "$(rel "$report") is up to date: every block and glue re-synthesized to the same numbers" >&2
            else
                echo "$(rel "$report") is up to date: a row and a timing file for every block and glue," \
                     "each for the committed Verilog, and every composed top follows from them" \
                     "(--resynth re-synthesizes them)" >&2
            fi
        fi
    fi
else
    dest=${out:-$report}
    cp "$gen" "$dest"
    mkdir -p "$timing_dir"
    if ((!explicit)); then
        # no timing file for a unit that is gone
        for f in "$timing_dir"/*.tsv; do
            [[ -e $f ]] || continue
            [[ -f $tmp/timing/$(basename "$f") ]] || rm -f "$f"
        done
    fi
    for f in "$tmp"/timing/*.tsv; do
        [[ -e $f ]] && cp "$f" "$timing_dir/"
    done
    echo "wrote $(rel "$(realpath "$dest")") and $(rel "$timing_dir")/" >&2
fi

echo "done in $((SECONDS - start))s" >&2
if ((${#over[@]})); then
    echo "error: over the $budget-level LUT6 budget: ${over[*]}" >&2
    status=1
fi
exit $status
