#!/usr/bin/env bash
# Prove the engine top of the working tree equal, cycle by cycle, to the one
# of an earlier commit, on every stimulus the tests give it.
#
#   scripts/lockstep.sh REV [cargo test arguments...]
#
# The tops' Verilog at REV (`verilog-out/<top>.v`, modules renamed
# `<top>_ref`) is Verilated beside the exported modules (BRAID_COSIM_REF,
# see firmware-sim/cosim/build.rs), and every co-simulated instance of a top
# runs its reference on the same inputs: every output port is compared after
# every evaluation and every clock edge, and the first difference fails the
# test with the cycle, the port and both values (BRAID_LOCKSTEP, see
# firmware-sim/cosim/src/lib.rs). Without test arguments it runs every test
# of the workspace that co-simulates the engine.
#
# Tops: BRAID_LOCKSTEP_TOPS (default braid_engine_tiny; the default-size top
# is not co-simulated). It shares the main target directory: the Verilated
# models are cached by content, so only braid-cosim and the crates above it
# are rebuilt, here and at the next plain build.
#
# scripts/lockstep.sh --selftest: the check can fail. The reference is
# HEAD's braid_engine_tiny with one output changed (`cnt_db_dropped` xor
# `rx_valid`); the engine-pair tests must then fail with a lockstep
# difference, and the script says so.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
selftest=0
if [[ ${1:-} == --selftest ]]; then
    selftest=1
    set -- HEAD
fi
rev=${1:?usage: scripts/lockstep.sh REV [cargo test arguments...] | --selftest}
shift
git rev-parse --verify -q "$rev^{commit}" >/dev/null || { echo "lockstep: no commit $rev" >&2; exit 2; }
tops=${BRAID_LOCKSTEP_TOPS:-braid_engine_tiny}
ref=${CARGO_TARGET_DIR:-target}/lockstep-ref
rm -rf "$ref"
mkdir -p "$ref"
IFS=, read -ra list <<<"$tops"
for t in "${list[@]}"; do
    git show "$rev:verilog-out/$t.v" >"$ref/$t.tmp" \
        || { echo "lockstep: $rev has no verilog-out/$t.v" >&2; exit 2; }
    if cmp -s "$ref/$t.tmp" "verilog-out/$t.v"; then
        echo "lockstep: note: verilog-out/$t.v is the same as at $rev" >&2
    fi
    sed "s/\b$t\(\b\|__\)/${t}_ref\1/g" "$ref/$t.tmp" >"$ref/${t}_ref.v"
    rm "$ref/$t.tmp"
    if ((selftest)); then
        sed -i 's/^        cnt_db_dropped = n_db_drop\$q;$/        cnt_db_dropped = n_db_drop$q ^ {31'"'"'d0, rx_valid};/' "$ref/${t}_ref.v"
        grep -q "rx_valid};$" "$ref/${t}_ref.v" || { echo "lockstep: selftest could not change the reference" >&2; exit 1; }
    fi
    grep -q "^module ${t}_ref(" "$ref/${t}_ref.v" || { echo "lockstep: renaming $t failed" >&2; exit 1; }
done
ref=$(cd "$ref" && pwd)
export BRAID_COSIM_REF=$ref BRAID_LOCKSTEP=$tops
echo "lockstep: $tops of the working tree against $rev ($(git rev-parse --short "$rev"))" >&2
if ((selftest)); then
    if out=$(cargo test -p braid-cosim --test engine_pair 2>&1); then
        echo "lockstep: selftest FAILED: a changed reference passed" >&2
        exit 1
    fi
    grep -m1 -A2 "^lockstep: braid_engine_tiny differs" <<<"$out" >&2 \
        || { echo "lockstep: selftest FAILED: the tests failed without a lockstep difference" >&2; echo "$out" | tail -20 >&2; exit 1; }
    echo "lockstep: selftest passed: the changed reference was caught" >&2
    exit 0
elif (($#)); then
    cargo test "$@"
else
    cargo test -p braid-cosim -p braid-sim -p braid-cli
fi
echo "lockstep: every compared output agreed on every cycle" >&2
