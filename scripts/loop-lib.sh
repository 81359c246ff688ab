# shellcheck shell=bash
# Shared by scripts/check-block.sh and scripts/check-top.sh (sourced, not
# run). The caller sets NAME (its name in messages) before sourcing.

export SYNTH_CACHE=${SYNTH_CACHE:-$PWD/target/synth-cache}
start=$SECONDS
step() { printf '%s: %s (%ds)\n' "$NAME" "$*" $((SECONDS - start)) >&2; }

# synth_beside_tests CMD...: the synthesis rows (report.sh --changed, then
# --check) in the background while CMD (the tests) runs: on a 2-core machine
# each mostly keeps one core busy. Fails, after both are done, when either
# failed. The tests run with `cargo test --workspace`, as scripts/test.sh:
# `-p` would resolve the dependencies' features for one package and rebuild
# them (and every Verilated model).
synth_beside_tests() {
    local synth_log synth tests_ok=0 synth_ok=0
    synth_log=$(mktemp)
    (constraints/synth/report.sh --changed && constraints/synth/report.sh --check) >"$synth_log" 2>&1 &
    synth=$!
    "$@" && tests_ok=1
    step "tests $( ((tests_ok)) && echo passed || echo FAILED); waiting for the synthesis"
    wait "$synth" && synth_ok=1
    grep -v "reused from" "$synth_log" >&2
    rm -f "$synth_log"
    ((synth_ok)) || { echo "$NAME: the synthesis report failed (above)" >&2; return 1; }
    ((tests_ok)) || { echo "$NAME: the tests failed (above)" >&2; return 1; }
}
