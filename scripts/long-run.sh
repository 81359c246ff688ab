#!/usr/bin/env bash
# Opt-in long run:
# 1. re-synthesize every block and every top's glue and compare with the
#    committed constraints/synth/REPORT.md and constraints/synth/timing/ (CI
#    only checks that every row is for the committed Verilog and that the
#    composed tops follow from the rows); about 25 minutes on 2 cores;
# 2. synthesize both engine tops flat and write their flat rows, with the
#    commit, into REPORT.md (each top: two Yosys runs of 35-65 minutes of CPU,
#    about 100 minutes for both on 2 cores, so each run gets up to 3 hours
#    here; SYNTH_TIMEOUT overrides it). Commit the new rows;
# 3. 10 M clocks per block of model-vs-RTL equivalence in Verilator (two
#    seeds of 5 M each; BRAID_SEED=<hex> pins one seed, then it runs the full
#    count on it), about a minute per block.
# SYNTH_CACHE=DIR keeps every Yosys run, so an interrupted run resumes.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
scripts/setup.sh
SYNTH_TIMEOUT=${SYNTH_TIMEOUT:-10800} constraints/synth/report.sh --check --resynth
SYNTH_TIMEOUT=${SYNTH_TIMEOUT:-10800} constraints/synth/report.sh --changed --flat
BRAID_EQUIV_CYCLES=${BRAID_EQUIV_CYCLES:-10000000} \
    cargo test --release -q -p braid-tests --test equiv -- --skip _rusthdl_ --nocapture
