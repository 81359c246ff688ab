#!/usr/bin/env bash
# Quick LUT6-depth probe of one exported block: depth.sh verilog-out/X.v
set -euo pipefail
f=$1; top=$(basename "$f" .v)
yosys -q -p "read_verilog $f; synth -flatten -top $top; abc -lut 6; opt_clean; ltp -noff; stat" 2>&1 | grep -E "Longest|Number of cells|\\\$lut|DFF" 
