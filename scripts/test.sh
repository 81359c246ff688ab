#!/usr/bin/env bash
# The test command: set up, check that the committed synthesis report
# (constraints/synth/REPORT.md and timing/) has a row and a port timing for
# every block and every top's glue, each for the committed Verilog, that each
# top's composed row follows from them, all within 8 LUT6 levels
# (scripts/long-run.sh re-synthesizes every block and glue and compares the
# numbers, and synthesizes the tops flat), self-test the composition, check
# that verilog-out/ matches the RustHDL source and lints clean in Verilator,
# then run every test (model vs RTL in Verilator ~100k clocks per block and
# in RustHDL's simulator, wire-format property tests, driver tests), then
# the cocotb benches against independent bus models (tests/cocotb/).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
# A one-off run gains nothing from incremental state, which would double the
# build's size on a shared disk (set CARGO_INCREMENTAL=1 to keep it).
export CARGO_INCREMENTAL="${CARGO_INCREMENTAL:-0}"
scripts/setup.sh
# The synthesis report's rows are matched to verilog-out/ by hash, which
# needs no build: check it first, so a stale report fails in seconds rather
# than after the build (the export check below still proves verilog-out/ is
# the RustHDL source's).
constraints/synth/report.sh --check
constraints/synth/selftest.sh
# Build everything first, in one cargo run: the RustHDL library (the longest
# single compile) and the Verilator models (braid-cosim's build script, which
# does not depend on it) then build side by side on the two cores instead of
# one after the other. A stale verilog-out/ is still caught below, before
# any test runs.
cargo test --workspace -q --no-run
# The export binary that build made (braid-hdl has integration tests, so
# cargo builds its binaries too). `cargo run -p braid-hdl` would resolve the
# dependencies' features for braid-hdl alone, differently from the
# workspace's test build, and compile the RustHDL library a second time.
"${CARGO_TARGET_DIR:-target}/debug/export" --check --out verilog-out
# each file alone, two at a time
printf '%s\n' verilog-out/*.v | xargs -P 2 -I{} sh -c \
    'verilator --lint-only -Wno-WIDTH -Wno-DECLFILENAME "$1" \
        || { echo "test: Verilator lint failed on $1" >&2; exit 255; }' sh {} \
    || { echo "test: Verilator lint failed" >&2; exit 1; }
# all files in one project: no module name clashes between blocks
verilator --lint-only -Wno-WIDTH -Wno-DECLFILENAME -Wno-MULTITOP verilog-out/*.v \
    || { echo "test: verilog-out/*.v do not load together" >&2; exit 1; }
echo "test: verilator lint clean on $(ls verilog-out/*.v | wc -l) files, alone and together" >&2
# The board tops: lint and synthesize with stubs of the vendor IP, and fit
# each card (constraints/alveo/check.sh).
constraints/alveo/check.sh
cargo test --workspace -q
# Independent models written by others: cocotb benches under tests/cocotb/
# (cocotbext-pcie's model of the UltraScale+ PCIe hard block and its root
# complex against pcie_bar and reg_block), in the environment that
# scripts/cocotb-env.sh sets up on the first run (a venv outside the tree).
scripts/cocotb-test.sh -q
