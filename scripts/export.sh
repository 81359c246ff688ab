#!/usr/bin/env bash
# Export every RustHDL block to verilog-out/ (arguments go to the export
# binary: --check, --only A,B, --out DIR; see `target/debug/export --help`),
# and list the files it changed.
#
# The export binary is built by the same cargo command as scripts/test.sh's
# build (`cargo test --workspace --no-run`), so the RustHDL library is
# compiled once for both: `cargo run -p braid-hdl --bin export` resolves the
# dependencies' features for braid-hdl alone and would compile it a second
# time (about 10 minutes).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
cargo test --workspace -q --no-run
before=$(sha256sum verilog-out/*.v)
"${CARGO_TARGET_DIR:-target}/debug/export" "$@"
after=$(sha256sum verilog-out/*.v)
changed=$(diff <(echo "$before") <(echo "$after") | sed -n 's/^> [0-9a-f]*  //p' || true)
if [[ -n $changed ]]; then
    echo "export: changed: $(tr '\n' ' ' <<<"$changed")" >&2
else
    echo "export: verilog-out/ unchanged" >&2
fi
