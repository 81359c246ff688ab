#!/usr/bin/env bash
# Run the cocotb tests (tests/cocotb/: Verilator models driven from Python,
# with cocotbext-axi/-pcie/-eth's independent bus models) in the environment
# that scripts/cocotb-env.sh sets up (the first run makes it: under a
# minute). Extra arguments go to pytest; test paths among them replace the
# default tests/cocotb, e.g. `scripts/cocotb-test.sh tests/cocotb/smoke -x`.
# Builds go to ${BRAID_COCOTB_BUILD:-target/cocotb}/<test>.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
export BRAID_COCOTB_BUILD="${BRAID_COCOTB_BUILD:-$PWD/target/cocotb}"
# No __pycache__ or .pytest_cache in the work tree.
export PYTHONDONTWRITEBYTECODE=1
paths=(tests/cocotb)
for a in "$@"; do
    if [ -e "${a%%::*}" ]; then paths=(); break; fi
done
exec scripts/cocotb-env.sh -- python -m pytest -p no:cacheprovider -ra "${paths[@]}" "$@"
