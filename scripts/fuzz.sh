#!/usr/bin/env bash
# Coverage-guided fuzzing (cargo-fuzz, libFuzzer) of braid_net::fuzz's
# targets: braid-spec's frame parser, the codec, the perftest parameter
# lines, the driver's CQE decoding, and the transport model under hostile
# packets (firmware-sim/net/src/fuzz.rs says what each checks), and the
# braid command's arguments (cli_args: braid_cli::fuzz_args). Installs
# nightly Rust and cargo-fuzz when missing (the fuzz crate, fuzz/, needs
# them; the rest of the project builds on stable). Starts from the seed
# inputs of a real model run (fuzz/corpus/, kept between runs, not
# committed), prints executions, speed, coverage and crashes per target,
# and copies every crashing input to fuzz/regressions/<target>/, which
# every test run replays (firmware-sim/net/tests/fuzz_regressions.rs):
# commit those with the fix. Exits 1 when a target crashed.
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]   (SECONDS per target, default 60;
#                                            all targets by default)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
secs=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(frame codec conn_line cqe hostile cli_args)
seed=${FUZZ_SEED:-1}

rustup toolchain list | grep -q '^nightly' || rustup toolchain install nightly --profile minimal
command -v cargo-fuzz >/dev/null 2>&1 || cargo install cargo-fuzz --locked

cargo run -q --release -p braid-net --example fuzz_seeds -- fuzz/corpus
cargo run -q --release -p braid-cli --no-default-features --example cli_seeds -- fuzz/corpus
(cd fuzz && cargo +nightly fuzz build -O)
out=out/fuzz
mkdir -p "$out"
printf '| target | seconds | executions | exec/s | coverage (edges) | corpus | crashes |\n'
printf '|---|--:|--:|--:|--:|--:|--:|\n'
failed=0
for t in "${targets[@]}"; do
    rm -rf "fuzz/artifacts/$t"
    set +e
    (cd fuzz && cargo +nightly fuzz run -O "$t" "corpus/$t" -- \
        -max_total_time="$secs" -seed="$seed" -print_final_stats=1) >"$out/$t.log" 2>&1
    rc=$?
    set -e
    execs=$(awk -F: '/stat::number_of_executed_units/ {gsub(/ /,"",$NF); print $NF}' "$out/$t.log")
    rate=$(awk -F: '/stat::average_exec_per_sec/ {gsub(/ /,"",$NF); print $NF}' "$out/$t.log")
    cov=$(grep -oE 'cov: [0-9]+' "$out/$t.log" | tail -1 | awk '{print $2}')
    corp=$(ls "fuzz/corpus/$t" | wc -l)
    crashes=0
    if [ -d "fuzz/artifacts/$t" ]; then
        for f in fuzz/artifacts/"$t"/*; do
            [ -e "$f" ] || continue
            mkdir -p "fuzz/regressions/$t"
            cp "$f" "fuzz/regressions/$t/"
            crashes=$((crashes + 1))
        done
    fi
    if [ "$rc" != 0 ] || [ "$crashes" != 0 ]; then
        failed=1
        echo "fuzz: $t failed (exit $rc), see $out/$t.log; inputs in fuzz/regressions/$t/" >&2
    fi
    printf '| %s | %s | %s | %s | %s | %s | %s |\n' "$t" "$secs" "${execs:-?}" "${rate:-?}" \
        "${cov:-?}" "$corp" "$crashes"
done
echo
echo "seed $seed; logs in $out/"
exit $failed
