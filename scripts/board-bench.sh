#!/usr/bin/env bash
# The simulated boards' figures: tests/cocotb/board_pair with its perftest
# runs (BRAID_BOARD_PERF=1): write_bw (64 KiB x 32, 16 in flight) and
# write_lat (8 B, 200 round trips) between two boards cabled MAC to MAC, at
# 0% and 1% link loss, in simulated time at the hard block's 250 MHz
# user_clk, after the exact transfers the CI run checks. Prints the table
# (also in target/cocotb/board_pair/run/figures.md). About 10 minutes on
# the 2-core machine. BRAID_BOARD_SEED sets the seed (default 0xb4a1).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
BRAID_BOARD_PERF=1 scripts/cocotb-test.sh tests/cocotb/board_pair -q
cat "${BRAID_COCOTB_BUILD:-target/cocotb}/board_pair/run/figures.md"
