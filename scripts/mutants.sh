#!/usr/bin/env bash
# Opt-in mutation testing with cargo-mutants (installed here at a pinned
# version). Each target mutates the named functions of one file and runs the
# tests of that file's crate against every mutant; the score is caught /
# (caught + missed) (unviable mutants, which do not build, do not count),
# and every surviving mutant is listed. Results: out/mutants/TARGET/.
#
#   scripts/mutants.sh                 every target
#   scripts/mutants.sh driver-checks   one (names below)
#
# Targets (safety-relevant checks first):
#   driver-checks  braid-driver's bounds, key, queue-room and state checks
#                  (verbs.rs: check_sge, cq_room, usable, post_send,
#                  post_recv, poll_ring, create_qp); about 130 mutants
#   model-loss     the transport model's placement bounds, SACK loss
#                  proof, ACK and dedup logic (net.rs: contains, place_check,
#                  floor, trim, on_data, ack_csn, on_ack, rack_check) against
#                  braid-sim's model tests (lib, tests/net.rs and
#                  tests/packets.rs; the survivors then against
#                  tests/transport.rs too; the co-simulation tests cannot
#                  see the model); about 280 mutants, about 20 s each in
#                  the first pass
#   spec-sack      braid-spec's SACK bitvector and serial arithmetic
#                  (sack.rs, seq.rs); about 115 mutants
#   spec-wire      braid-spec's frame and header parsers and checksums
#                  (wire/); about 300 mutants, about 10 s each
#   spec           the whole of braid-spec (about 1,300 mutants, hours)
#   cli            the whole of braid-cli (53 mutants; its board mode needs
#                  a board, so those mutants survive here)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
version=27.1.0
if ! cargo mutants --version 2>/dev/null | grep -qF "$version"; then
    cargo install --locked --version "$version" cargo-mutants
fi
count() { if [[ -f $1 ]]; then grep -c . "$1" || true; else echo 0; fi; }
# summary NAME CAUGHT MISSED TIMEOUT UNVIABLE [MISSED_FILE]
summary() {
    local name=$1 c=$2 m=$3 t=$4 u=$5 missed_file=${6:-}
    awk -v n="$name" -v c="$c" -v m="$m" -v t="$t" -v u="$u" \
        'BEGIN { a = c + m + t; printf "mutants %s: %d caught, %d missed, %d timed out, %d unviable: score %.1f%%\n", n, c, m, t, u, a ? 100 * (c + t) / a : 100 }'
    if [[ $m -gt 0 && -n $missed_file ]]; then
        echo "surviving mutants ($name):"
        sed 's/^/  /' "$missed_file"
    fi
}
# mutate NAME PACKAGE ARGS...: cargo mutants into out/mutants/NAME
mutate() {
    local name=$1 pkg=$2
    shift 2
    local out=out/mutants/$name
    mkdir -p "$out"
    echo "mutants: $name ($pkg $*)" >&2
    # exit codes 2 (mutants survived) and 3 (some timed out) are the
    # report, not a failure
    local rc=0
    cargo mutants --no-shuffle -p "$pkg" --test-package "$pkg" --output "$out" "$@" || rc=$?
    [[ $rc -eq 0 || $rc -eq 2 || $rc -eq 3 ]] || { echo "mutants: $name: cargo mutants failed ($rc)" >&2; return "$rc"; }
}
run() {
    local name=$1
    mutate "$@"
    local o=out/mutants/$name/mutants.out
    summary "$name" "$(count "$o/caught.txt")" "$(count "$o/missed.txt")" \
        "$(count "$o/timeout.txt")" "$(count "$o/unviable.txt")" "$o/missed.txt"
}
targets=("$@")
[[ ${#targets[@]} -gt 0 ]] || targets=(driver-checks spec-sack spec-wire model-loss spec cli)
for t in "${targets[@]}"; do
    case $t in
        driver-checks)
            run driver-checks braid-driver -f driver/src/verbs.rs \
                --re 'check_sge|cq_room|usable|post_send|post_recv|poll_ring|create_qp' ;;
        model-loss)
            # first against the fast tests (lib, tests/net.rs, tests/packets.rs), then the
            # survivors against the scenario tests (tests/transport.rs) too
            re='::(contains|place_check|floor|trim|on_data|ack_csn|on_ack|rack_check)\b'
            o=out/mutants/model-loss/mutants.out
            p1=out/mutants/model-loss/pass1
            mutate model-loss braid-sim -f firmware-sim/src/net.rs --re "$re" \
                --cargo-arg=--lib --cargo-arg=--test=net --cargo-arg=--test=packets
            rm -rf "$p1"
            cp -r "$o" "$p1"
            # --iterate skips what the first pass caught or found unviable
            mutate model-loss braid-sim -f firmware-sim/src/net.rs --re "$re" --iterate \
                --cargo-arg=--lib --cargo-arg=--test=net --cargo-arg=--test=packets --cargo-arg=--test=transport
            summary model-loss \
                "$(($(count "$p1/caught.txt") + $(count "$o/caught.txt")))" \
                "$(count "$o/missed.txt")" "$(count "$o/timeout.txt")" \
                "$(($(count "$p1/unviable.txt") + $(count "$o/unviable.txt")))" "$o/missed.txt" ;;
        spec-sack) run spec-sack braid-spec -f hdl/spec/src/sack.rs -f hdl/spec/src/seq.rs ;;
        spec-wire) run spec-wire braid-spec -f 'hdl/spec/src/wire/*.rs' ;;
        spec) run spec braid-spec ;;
        cli) run cli braid-cli ;;
        *) echo "mutants: unknown target $t (driver-checks, spec-sack, spec-wire, model-loss, spec, cli)" >&2; exit 1 ;;
    esac
done
