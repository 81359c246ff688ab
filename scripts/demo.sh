#!/usr/bin/env bash
# The main job: set up, then run every RTL block in Verilator against the
# reference model and print what each did and the co-simulation speed
# (extra arguments go to `braid-sim demo`, e.g. --cycles 5000000 --fst out/),
# then write_bw on the two Verilated engines at 0% and 1% loss, then the
# five transport benchmarks (quick sizes) on the fabric
# simulator beside the RoCEv2 go-back-N and selective-repeat baselines;
# tables, JSON rows, the loss plot and a pcap go to out/bench/.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
scripts/setup.sh
cargo run --release -q -p braid-sim -- demo "$@"
echo
# perftest's write_bw through the driver on the two Verilated engines
cargo run --release -q -p braid-sim -- write-bw --loss 0
echo
cargo run --release -q -p braid-sim -- write-bw --loss 0.01
echo
cargo run --release -q -p braid-sim -- bench all --quick --out out/bench
