#!/usr/bin/env bash
# The main job: set up, then run every RTL block in Verilator against the
# reference model and print what each did and the co-simulation speed.
# Extra arguments go to `braid-sim demo` (e.g. --cycles 5000000 --fst out/).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
scripts/setup.sh
cargo run --release -q -p braid-sim -- demo "$@"
