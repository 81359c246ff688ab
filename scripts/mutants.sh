#!/usr/bin/env bash
# Opt-in mutation testing with cargo-mutants (installed here at a pinned
# version). Each target mutates the named functions of one file and runs the
# tests of that file's crate against every mutant; the score is caught /
# (caught + missed) (unviable mutants, which do not build, do not count),
# and every surviving mutant is listed. Results: out/mutants/TARGET/.
#
#   scripts/mutants.sh                 every target
#   scripts/mutants.sh driver-checks   one (names below)
#   scripts/mutants.sh --resume T      continue an interrupted run of T:
#                                      only mutants not yet caught or
#                                      found unviable are run again
#
# Each target keeps a ledger of every mutant caught or unviable so far
# (out/mutants/TARGET/all-caught.txt, all-unviable.txt), so a run in
# several passes or resumed after a stop still reports the whole score.
#
# Targets (safety-relevant checks first):
#   driver-checks  braid-driver's bounds, key, queue-room and state checks
#                  (verbs.rs: check_sge, cq_room, usable, post_send,
#                  post_recv, poll_ring, create_qp); about 130 mutants
#   model-loss     the transport model's placement bounds, SACK loss
#                  proof, ACK and dedup logic (net.rs and net/: contains,
#                  place_check, floor, trim, on_data, ack_csn, on_ack,
#                  rack_check) against braid-net's tests (lib, tests/net/
#                  and tests/packets.rs; the survivors then against
#                  tests/transport.rs too); about 280 mutants
#   spec-sack      braid-spec's SACK bitvector and serial arithmetic
#                  (sack.rs, seq.rs); about 115 mutants
#   spec-wire      braid-spec's frame and header parsers and checksums
#                  (wire/); about 300 mutants
#   spec           the rest of braid-spec (every other file: register map,
#                  queue entries, fields, state, hash, dissector,
#                  generators; about 860 mutants); with spec-sack and
#                  spec-wire it covers the whole crate, and the report adds
#                  a line for the crate from the three ledgers
#   cli            the whole of braid-cli (53 mutants; its board mode needs
#                  a board, so those mutants survive here)
#   driver         the whole of braid-driver against its own tests (about
#                  790 mutants; the VFIO backend needs a device, so its
#                  mutants survive here)
#   model          the whole transport model (net.rs and net/, about 1,000
#                  mutants: hours) against braid-net's tests
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
# ledger NAME: add the last pass's caught and unviable mutants to the
# target's ledger
ledger() {
    local out=out/mutants/$1 k
    for k in caught unviable; do
        cat "$out/all-$k.txt" "$out/mutants.out/$k.txt" 2>/dev/null | grep . | sort -u >"$out/all-$k.new" || true
        mv "$out/all-$k.new" "$out/all-$k.txt"
    done
}
# mutate NAME PACKAGE ARGS...: cargo mutants into out/mutants/NAME, then
# the ledger
mutate() {
    local name=$1 pkg=$2
    shift 2
    local out=out/mutants/$name
    mkdir -p "$out"
    echo "mutants: $name ($pkg $*)" >&2
    # exit codes 2 (mutants survived) and 3 (some timed out) are the
    # report, not a failure
    local rc=0
    # a build stopped after 5 minutes counts as a timeout: a mutant inside a
    # `const fn` that a compile-time assertion calls can make rustc's
    # constant evaluation loop forever
    cargo mutants --no-shuffle -p "$pkg" --test-package "$pkg" --output "$out" \
        --build-timeout 300 "$@" || rc=$?
    [[ $rc -eq 0 || $rc -eq 2 || $rc -eq 3 ]] || { echo "mutants: $name: cargo mutants failed ($rc)" >&2; return "$rc"; }
    ledger "$name"
    # the target's mutants in the code as it is now (without --iterate's
    # exclusions): the report counts only ledger entries still among them,
    # so a mutant renamed by an edit above it is not counted twice
    local a list=()
    for a in "$@"; do [[ $a == --iterate ]] || list+=("$a"); done
    cargo mutants --list -p "$pkg" "${list[@]}" >"$out/current.txt"
}
# current NAME FILE: the lines of FILE that name one of the target's
# current mutants
current() {
    local cur=out/mutants/$1/current.txt
    if [[ -f $2 && -f $cur ]]; then grep -Fx -f "$cur" "$2" || true; elif [[ -f $2 ]]; then cat "$2"; fi
}
# start NAME: a fresh run forgets the target's ledger; a resumed one
# iterates on it
start() {
    if [[ $resume -eq 1 ]]; then
        # a pass stopped before its end left its caught mutants only in
        # mutants.out: they go into the ledger first
        ledger "$1"
        iterate=(--iterate)
    else
        iterate=()
        rm -f "out/mutants/$1/all-caught.txt" "out/mutants/$1/all-unviable.txt"
    fi
}
# tally NAME: caught, missed, timed out and unviable of a target (caught
# and unviable from its ledger, the others from its last pass)
tally() {
    local out=out/mutants/$1
    echo "$(current "$1" "$out/all-caught.txt" | grep -c .)" "$(count "$out/mutants.out/missed.txt")" \
        "$(count "$out/mutants.out/timeout.txt")" "$(current "$1" "$out/all-unviable.txt" | grep -c .)"
}
# report NAME: the score and the last pass's survivors
report() {
    # shellcheck disable=SC2046 # tally prints four numbers
    summary "$1" $(tally "$1") "out/mutants/$1/mutants.out/missed.txt"
}
run() {
    local name=$1
    start "$name"
    mutate "$@" "${iterate[@]}"
    report "$name"
}
# quick CMD...: for crates whose tests are pure Rust (braid-spec,
# braid-driver): mutants build at opt-level 0 without debug information and
# build only the tests (not examples or doctests); a braid-spec mutant takes
# 4-6 s instead of 13, and its tests run as fast either way
quick() {
    CARGO_PROFILE_TEST_OPT_LEVEL=0 CARGO_PROFILE_DEV_OPT_LEVEL=0 \
        CARGO_PROFILE_TEST_DEBUG=false CARGO_PROFILE_DEV_DEBUG=false "$@" \
        --cargo-arg=--lib --cargo-arg=--tests
}
# crate NAME TARGETS...: one score for a crate from its targets' ledgers
# (each target's last pass gives its survivors)
crate() {
    local name=$1 c=0 m=0 t=0 u=0 x xc xm xt xu
    shift
    for x in "$@"; do
        [[ -f out/mutants/$x/all-caught.txt ]] || { echo "mutants $name: $x not run yet" >&2; return 0; }
        read -r xc xm xt xu < <(tally "$x")
        c=$((c + xc)) m=$((m + xm)) t=$((t + xt)) u=$((u + xu))
    done
    summary "$name (crate)" "$c" "$m" "$t" "$u"
}
resume=0
targets=()
for a in "$@"; do
    case $a in
        --resume) resume=1 ;;
        *) targets+=("$a") ;;
    esac
done
[[ ${#targets[@]} -gt 0 ]] || targets=(driver-checks spec-sack spec-wire model-loss spec cli driver model)
for t in "${targets[@]}"; do
    case $t in
        driver-checks)
            run driver-checks braid-driver -f driver/src/verbs.rs \
                --re 'check_sge|cq_room|usable|post_send|post_recv|poll_ring|create_qp' ;;
        model-loss)
            # first against the fast tests (lib, tests/net/,
            # tests/packets.rs), then the survivors against the scenario
            # tests (tests/transport.rs) too
            re='::(contains|place_check|floor|trim|on_data|ack_csn|on_ack|rack_check)\b'
            start model-loss
            files=(-f firmware-sim/net/src/net.rs -f 'firmware-sim/net/src/net/*.rs')
            mutate model-loss braid-net "${files[@]}" --re "$re" "${iterate[@]}" \
                --cargo-arg=--lib --cargo-arg=--test=net --cargo-arg=--test=packets
            # --iterate skips what earlier passes caught or found unviable
            mutate model-loss braid-net "${files[@]}" --re "$re" --iterate \
                --cargo-arg=--lib --cargo-arg=--test=net --cargo-arg=--test=packets --cargo-arg=--test=transport
            report model-loss ;;
        spec-sack) quick run spec-sack braid-spec -f hdl/spec/src/sack.rs -f hdl/spec/src/seq.rs ;;
        spec-wire) quick run spec-wire braid-spec -f 'hdl/spec/src/wire/*.rs' ;;
        spec)
            quick run spec braid-spec -e hdl/spec/src/sack.rs -e hdl/spec/src/seq.rs -e 'hdl/spec/src/wire/*.rs'
            crate braid-spec spec-sack spec-wire spec ;;
        cli) run cli braid-cli ;;
        driver) quick run driver braid-driver ;;
        model)
            run model braid-net -f firmware-sim/net/src/net.rs -f 'firmware-sim/net/src/net/*.rs' \
                --cargo-arg=--lib --cargo-arg=--test=net --cargo-arg=--test=packets ;;
        *) echo "mutants: unknown target $t (driver-checks, spec-sack, spec-wire, model-loss, spec, cli, driver, model)" >&2; exit 1 ;;
    esac
done
