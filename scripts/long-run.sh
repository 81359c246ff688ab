#!/usr/bin/env bash
# Opt-in long run: re-synthesize every block and compare with the committed
# constraints/synth/REPORT.md (CI only checks that every row is for the
# committed Verilog), then 10 M clocks per block of model-vs-RTL
# equivalence in Verilator (two seeds of 5 M each; BRAID_SEED=<hex> pins
# one seed, then it runs the full count on it). About a minute per block
# for the equivalence; the synthesis takes hours (each engine top: two
# Yosys runs of 35-50 minutes of CPU, longer on a busy machine, so each run gets up to 3 hours
# here; SYNTH_TIMEOUT overrides it).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
scripts/setup.sh
SYNTH_TIMEOUT=${SYNTH_TIMEOUT:-10800} constraints/synth/report.sh --check --resynth
BRAID_EQUIV_CYCLES=${BRAID_EQUIV_CYCLES:-10000000} \
    cargo test --release -q -p braid-tests --test equiv_verilator -- --nocapture
