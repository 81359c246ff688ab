#!/usr/bin/env bash
# The engine-top loop: after changing braid_engine (its glue or any block),
# check the top in minutes:
#
#   scripts/check-top.sh
#
# 1. build and run the export (verilog-out/ is rewritten from the RustHDL
#    source; every file it changes is listed);
# 2. lint both tops alone, then every verilog-out/*.v loaded together;
# 3. synthesis: constraints/synth/report.sh --changed (only the glue and the
#    blocks whose Verilog changed are re-synthesized; each top's row is then
#    composed from its glue and its blocks), then report.sh --check;
# 4. the engine tests: the engine top in Verilator under the driver, alone,
#    MAC to MAC and through the fabric simulator (firmware-sim/cosim/tests/
#    engine_cosim.rs, engine_send.rs, engine_pair/; net/tests/driver_e2e.rs) and the
#    `braid` command's tests on the co-simulated engines (cli/tests/braid.rs).
#
# The flat synthesis of both tops is not run here (about 100 minutes; it is
# scripts/long-run.sh's). SYNTH_CACHE defaults to target/synth-cache here,
# so a repeated run reuses its Yosys runs.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

if (($#)); then
    sed -n '2,20p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2
    exit 2
fi
NAME=check-top
# shellcheck source=loop-lib.sh
source scripts/loop-lib.sh

step "export"
scripts/export.sh

step "lint"
for f in verilog-out/braid_engine.v verilog-out/braid_engine_tiny.v; do
    verilator --lint-only -Wno-WIDTH -Wno-DECLFILENAME "$f"
done
verilator --lint-only -Wno-WIDTH -Wno-DECLFILENAME -Wno-MULTITOP verilog-out/*.v

step "synthesis rows (glue and changed blocks; tops composed), beside the engine tests"
synth_beside_tests cargo test --workspace -q --test engine_cosim --test engine_send \
    --test engine_pair --test driver_e2e --test braid
step "done: both tops exported, linted, composed and the engine tests pass"
