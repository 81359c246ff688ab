#!/usr/bin/env bash
# Goodput of the soft endpoint (4 KiB and 8 KiB packets) beside TCP,
# across a veth pair at MTU 9000 (Braid packets are never fragmented)
# between two network namespaces that this script makes and removes, with nftables
# dropping 0%, 1% and 10% of the packets each side receives (for Braid:
# its UDP port; for TCP: its port). Each row moves the same bytes: Braid
# as `braid write_bw --soft` (64 KiB WRITEs) against `braid serve`, TCP as
# one connection between two small Python programs (the kernel does the
# work; Python only copies 1 MiB buffers). CPU seconds per GB are the
# user + system time of both processes. Needs root, iproute2, nftables
# and python3 (scripts/setup.sh installs them). Usage:
#   scripts/soft-bench.sh [ITERS]   (64 KiB WRITEs per row, default 4000)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
iters="${1:-4000}"
size=65536
bytes=$((iters * size))
[ "$(id -u)" = 0 ] || { echo "soft-bench: needs root (network namespaces)" >&2; exit 1; }
for c in ip nft python3; do
    command -v "$c" >/dev/null || { echo "soft-bench: $c missing: run scripts/setup.sh" >&2; exit 1; }
done
# the command without the co-simulated engines, optimized
target=target/soft-bench
cargo build -q --release -p braid-cli --no-default-features --target-dir "$target"
braid="$PWD/$target/release/braid"

a="braid-sb-$$-a" b="braid-sb-$$-b"
cleanup() { ip netns del "$a" 2>/dev/null || true; ip netns del "$b" 2>/dev/null || true; }
trap cleanup EXIT
ip netns add "$a"
ip netns add "$b"
ip link add "sb$$a" type veth peer name "sb$$b"
ip link set "sb$$a" netns "$a"
ip link set "sb$$b" netns "$b"
ip -n "$a" addr add 10.98.0.1/24 dev "sb$$a"
ip -n "$b" addr add 10.98.0.2/24 dev "sb$$b"
for ns in "$a" "$b"; do
    ip -n "$ns" link set lo up
    ip netns exec "$ns" nft add table inet braid
    ip netns exec "$ns" nft add chain inet braid input '{ type filter hook input priority 0 ; }'
done
ip -n "$a" link set "sb$$a" mtu 9000 up
ip -n "$b" link set "sb$$b" mtu 9000 up

# drop PCT % of what each side receives on UDP port 4793 and TCP port 5201
set_drop() {
    for ns in "$a" "$b"; do
        ip netns exec "$ns" nft flush chain inet braid input
        if [ "$1" != 0 ]; then
            ip netns exec "$ns" nft add rule inet braid input udp dport 4793 \
                numgen random mod 100 "<" "$1" drop
            ip netns exec "$ns" nft add rule inet braid input tcp dport 5201 \
                numgen random mod 100 "<" "$1" drop
            ip netns exec "$ns" nft add rule inet braid input tcp sport 5201 \
                numgen random mod 100 "<" "$1" drop
        fi
    done
}

tcp_server='import socket,sys
s=socket.socket();s.setsockopt(socket.SOL_SOCKET,socket.SO_REUSEADDR,1)
s.bind(("10.98.0.2",5201));s.listen(1);c,_=s.accept();n=0;b=bytearray(1<<20)
while True:
    k=c.recv_into(b)
    if not k: break
    n+=k
print(n)'
tcp_client='import socket,sys,time
n=int(sys.argv[1]);s=socket.create_connection(("10.98.0.2",5201));b=bytes(1<<20)
t=time.monotonic();left=n
while left>0:
    s.sendall(b[:min(left,len(b))]);left-=min(left,len(b))
s.shutdown(socket.SHUT_WR);s.recv(1);s.close()
print("%.3f"%(time.monotonic()-t))'

tmp=$(mktemp -d)
printf '| drop | packet | Braid Gb/s | Braid packets resent | Braid CPU s/GB | TCP Gb/s | TCP CPU s/GB | Braid / TCP |\n'
printf '|--:|--:|--:|--:|--:|--:|--:|--:|\n'
for pct in 0 1 10; do
    set_drop "$pct"
    # TCP, the same bytes
    ip netns exec "$b" /usr/bin/env time -f "%U %S" -o "$tmp/tsrv.cpu" \
        python3 -c "$tcp_server" > "$tmp/tsrv.out" 2>&1 &
    tsrv=$!
    sleep 0.3
    ip netns exec "$a" /usr/bin/env time -f "%U %S" -o "$tmp/tcli.cpu" \
        python3 -c "$tcp_client" "$bytes" > "$tmp/tcli.out" 2>&1
    wait "$tsrv"
    secs=$(cat "$tmp/tcli.out")
    tgbps=$(awk -v b="$bytes" -v s="$secs" 'BEGIN {printf "%.2f", b * 8 / s / 1e9}')
    tcpu=$(cat "$tmp/tsrv.cpu" "$tmp/tcli.cpu" | awk '{c+=$1+$2} END {print c}')
    # Braid, with 4 KiB packets (the engine's reset) and 8 KiB
    for mtu in 4096 8192; do
        ip netns exec "$b" /usr/bin/env time -f "%U %S" -o "$tmp/srv.cpu" \
            "$braid" serve --ip 10.98.0.2 --mtu "$mtu" --once > "$tmp/srv.out" 2>&1 &
        srv=$!
        sleep 0.3
        ip netns exec "$a" /usr/bin/env time -f "%U %S" -o "$tmp/cli.cpu" \
            "$braid" write_bw --soft --connect 10.98.0.2 --ip 10.98.0.1 --mtu "$mtu" \
            --size "$size" --iters "$iters" > "$tmp/cli.out" 2>&1 || {
            echo "soft-bench: write_bw failed at $pct%:" >&2; cat "$tmp/cli.out" >&2; exit 1; }
        wait "$srv"
        gbps=$(awk -v s="$size" '$1==s {print $3}' "$tmp/cli.out")
        pkts=$(awk '$1=="TX_PKTS" {print $2}' "$tmp/cli.out")
        retx=$(awk '$1=="TX_RETX" {print $2}' "$tmp/cli.out")
        bcpu=$(cat "$tmp/srv.cpu" "$tmp/cli.cpu" | awk '{c+=$1+$2} END {print c}')
        awk -v p="$pct" -v m="$mtu" -v g="$gbps" -v pk="$pkts" -v r="$retx" -v bc="$bcpu" \
            -v tg="$tgbps" -v tc="$tcpu" -v by="$bytes" 'BEGIN {
            printf "| %d%% | %d KiB | %.2f | %.1f%% | %.2f | %.2f | %.2f | %.2f |\n",
                p, m / 1024, g, 100 * r / pk, bc / (by / 1e9), tg, tc / (by / 1e9), g / tg }'
    done
done
rm -rf "$tmp"
echo
echo "$iters WRITEs of $size B ($bytes B) per row; Braid: 16 paths, 32 in flight, 10 Gb/s pacing, release build."
