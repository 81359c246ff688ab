#!/usr/bin/env bash
# Opt-in: Verilator line and toggle coverage of the engine top
# (braid_engine_tiny, the RTL every co-simulation test runs) from the
# engine's co-simulation tests, reported per block with its uncovered
# lines.
#
#   scripts/coverage.sh [TEST...]  build, run, report (TEST: braid-cosim
#                                  test files; all six by default)
#   scripts/coverage.sh --report   report the counts of the last run again
#
# The build Verilates the tiny top alone with --coverage-line
# --coverage-toggle (BRAID_COSIM_COVERAGE, BRAID_COSIM_ONLY; its own
# target directory, target/coverage, so the normal build's cache stays);
# each test process writes its counts to out/coverage/dat/cov-<pid>.dat
# when it exits. The tests run: engine_cosim, engine_send, engine_reset,
# engine_pair, rtl_loss and faults (braid-cosim). Output:
# out/coverage/REPORT.md (per block: lines and toggle points, covered and
# in all, and the uncovered lines of verilog-out/braid_engine_tiny.v) and
# out/coverage/merged.dat (for verilator_coverage --annotate).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
out=out/coverage
if [ "${1:-}" != --report ]; then
    rm -rf "$out/dat"
    mkdir -p "$out/dat"
    export BRAID_COSIM_COVERAGE=1 BRAID_COSIM_ONLY=braid_engine_tiny
    export CARGO_TARGET_DIR=target/coverage BRAID_COVERAGE_DIR="$PWD/$out/dat"
    # one test at a time: the models share Verilator's default context,
    # whose coverage database is not for several threads at once
    tests=("$@")
    [ ${#tests[@]} -gt 0 ] || tests=(engine_cosim engine_send engine_reset engine_pair rtl_loss faults)
    args=()
    for t in "${tests[@]}"; do args+=(--test "$t"); done
    cargo test --release -q -p braid-cosim "${args[@]}" -- --test-threads=1
fi
ls "$out"/dat/cov-*.dat >/dev/null 2>&1 || {
    echo "coverage: no counts in $out/dat: run scripts/coverage.sh first" >&2
    exit 1
}
verilator_coverage --write "$out/merged.dat" "$out"/dat/cov-*.dat
python3 scripts/coverage.py "$out/merged.dat" verilog-out/braid_engine_tiny.v > "$out/REPORT.md"
sed -n '1,/^## Uncovered/p' "$out/REPORT.md"
