#!/usr/bin/env bash
# Install what Braid needs on a fresh Debian 12 machine, then build.
#
# System packages (installed only when missing, with apt-get, as root or
# through sudo): verilator (the co-simulation), yosys and python3 (synthesis
# reports; constraints/synth/hier.py composes the tops),
# g++ and zlib1g-dev (the Verilated models and their FST waveforms),
# pkg-config, tshark (the Wireshark dissector's test), iproute2 and
# nftables (the soft endpoint's tests across network namespaces, with
# drops), time (scripts/soft-bench.sh). Rust must already be
# installed (rustup); the build fetches crates from crates.io.
set -euo pipefail

need=()
command -v verilator >/dev/null 2>&1 || need+=(verilator)
command -v yosys >/dev/null 2>&1 || need+=(yosys)
command -v python3 >/dev/null 2>&1 || need+=(python3)
command -v g++ >/dev/null 2>&1 || need+=(g++)
[ -e /usr/include/zlib.h ] || need+=(zlib1g-dev)
command -v pkg-config >/dev/null 2>&1 || need+=(pkg-config)
command -v tshark >/dev/null 2>&1 || need+=(tshark)
command -v ip >/dev/null 2>&1 || need+=(iproute2)
command -v nft >/dev/null 2>&1 || need+=(nftables)
command -v ethtool >/dev/null 2>&1 || need+=(ethtool)
[ -x /usr/bin/time ] || need+=(time)

if ((${#need[@]})); then
    echo "setup: installing ${need[*]}" >&2
    sudo=""
    if [ "$(id -u)" != 0 ]; then
        command -v sudo >/dev/null 2>&1 || {
            echo "setup: need root or sudo to install: ${need[*]}" >&2
            exit 1
        }
        sudo=sudo
    fi
    export DEBIAN_FRONTEND=noninteractive
    # tshark's package asks whether non-root users may capture: answer no.
    echo "wireshark-common wireshark-common/install-setuid boolean false" |
        $sudo debconf-set-selections
    $sudo apt-get update -qq
    $sudo apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi

command -v cargo >/dev/null 2>&1 || {
    echo "setup: cargo not found: install Rust with rustup (https://rustup.rs)" >&2
    exit 1
}
echo "setup: $(verilator --version | head -1), $(yosys -V | head -1), $(cargo --version)" >&2
