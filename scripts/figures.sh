#!/usr/bin/env bash
# Re-runs every benchmark whose figures README.md and the docs it links to
# quote, and prints those figures in the docs' own form (tables and
# sentences, each under the doc it belongs to) with the commit, the date
# and the wall time of every run. Simulated-time figures are exact for
# their seed; wall-clock rates (co-simulation clocks/s, the driver's
# software path, packets/s of the simulator) move with the machine's load.
#
#   scripts/figures.sh              every benchmark (about 10 minutes)
#   scripts/figures.sh --clone      also time the README's test command on a
#                                   fresh clone of HEAD (about 15 more)
#   scripts/figures.sh --out DIR    raw outputs and figures.md (default
#                                   out/figures)
#
# Figures this does not produce, and the command that does:
#   synthesis (LUTs, FFs, RAMs, LUT6 depth): constraints/synth/report.sh,
#     committed in constraints/synth/REPORT.md;
#   mutation scores: scripts/mutants.sh (hours; out/mutants/);
#   check-block.sh / check-top.sh times after a one-line change: those
#     scripts themselves, timed by hand after such a change.
#   the simulated boards' write_bw / write_lat: scripts/board-bench.sh;
#   the soft endpoint beside TCP on a veth: scripts/soft-bench.sh (root).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
out=out/figures
clone=0
while [[ $# -gt 0 ]]; do
    case $1 in
        --clone) clone=1 ;;
        --out) out=${2:?--out needs a directory}; shift ;;
        *) echo "figures: unknown argument $1 (--clone, --out DIR)" >&2; exit 1 ;;
    esac
    shift
done
scripts/setup.sh
cargo build --release -q -p braid-sim -p braid-cli
cargo build --release -q -p braid-driver --example sw_path
raw=$out/raw
rm -rf "$raw"
mkdir -p "$raw"
{
    echo "commit $(git rev-parse --short HEAD)$(git diff --quiet HEAD || echo ' (with uncommitted changes)')"
    echo "date $(date -u +%Y-%m-%d)"
    echo "machine $(nproc) cores, $(uname -m)"
} >"$raw/meta.txt"

sim=target/release/braid-sim
braid=target/release/braid
# run NAME COMMAND...: the command's output into $raw/NAME.txt, its wall
# time into $raw/NAME.wall; a failing command stops the script
run() {
    local name=$1
    shift
    echo "figures: $name: $*" >&2
    local t0 t1
    t0=$(date +%s.%N)
    "$@" >"$raw/$name.txt" 2>&1 || { cat "$raw/$name.txt" >&2; echo "figures: $name failed" >&2; exit 1; }
    t1=$(date +%s.%N)
    awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f\n", b - a }' >"$raw/$name.wall"
}

# docs/transport-model.md: the five scenarios at full size, and the
# failover scenario over more seeds
run bench-all "$sim" bench all --out "$raw/bench"
for seed in 1 2 3 4 5; do
    run "failover-seed-$seed" "$sim" bench failover --json --seed "$seed"
done
# README.md and hdl/rtl/ENGINE.md: the RTL-in-the-loop loss sweep
run rtl-loss "$sim" bench loss --engine rtl --quick --json
# docs/driver-runs.md
for loss in 0 0.01 0.1; do
    run "write-bw-rtl-$loss" "$braid" write_bw --loss "$loss"
    run "write-lat-rtl-$loss" "$braid" write_lat --loss "$loss"
    run "write-bw-model-$loss" "$sim" write-bw --engine model --loss "$loss"
done
run write-lat-rtl-64k-0.01 "$braid" write_lat --size 65536 --iters 100 --loss 0.01
run write-lat-model-8-0 "$sim" write-lat --engine model
run write-lat-model-4k-0.01 "$sim" write-lat --engine model --size 4096 --loss 0.01
run sw-path target/release/examples/sw_path

if [[ $clone -eq 1 ]]; then
    d=$(mktemp -d)
    trap 'rm -rf "$d"' EXIT
    git clone -q . "$d/braid"
    run fresh-clone-test bash -c "cd '$d/braid' && scripts/test.sh"
fi

python3 scripts/figures.py "$raw" >"$out/figures.md"
cat "$out/figures.md"
echo "figures: $out/figures.md (raw outputs in $raw)" >&2
