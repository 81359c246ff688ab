#!/usr/bin/env bash
# The main job: set up, then run every RTL block in Verilator against the
# reference model and print what each did and the co-simulation speed
# (extra arguments go to `braid-sim demo`, e.g. --cycles 5000000 --fst out/),
# then the `braid` command's write_bw (0% and 1% loss) and write_lat (0%
# and 1%) on the two Verilated engines, then the
# five transport benchmarks (quick sizes) on the fabric
# simulator beside the RoCEv2 go-back-N and selective-repeat baselines;
# tables, JSON rows, the loss plot and a pcap go to out/bench/.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
scripts/setup.sh
cargo run --release -q -p braid-sim -- demo "$@"
echo
# perftest's write_bw and write_lat through the driver on the two Verilated
# engines (`braid` without --device)
for loss in 0 0.01; do
    cargo run --release -q -p braid-cli -- write_bw --loss "$loss"
    echo
done
for loss in 0 0.01; do
    cargo run --release -q -p braid-cli -- write_lat --loss "$loss"
    echo
done
cargo run --release -q -p braid-sim -- bench all --quick --out out/bench
