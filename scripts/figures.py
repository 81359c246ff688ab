#!/usr/bin/env python3
"""Print the figures of scripts/figures.sh's raw outputs in the docs' form.

Usage: figures.py RAW_DIR (written by scripts/figures.sh). Every figure
printed here comes from one of the raw files; a file missing or not in the
expected form stops with the file's name.
"""

import json
import os
import re
import sys

RAW = sys.argv[1]


def text(name):
    path = os.path.join(RAW, name + ".txt")
    try:
        with open(path) as f:
            return f.read()
    except OSError as e:
        sys.exit(f"figures.py: {path}: {e}")


def wall(name):
    with open(os.path.join(RAW, name + ".wall")) as f:
        return float(f.read())


def jsonl(path):
    with open(path) as f:
        return [json.loads(line) for line in f if line.startswith("{")]


def json_rows(name):
    return [json.loads(line) for line in text(name).splitlines() if line.startswith("{")]


def row_after(name, head):
    """The whitespace-split line after the first line starting with `head`."""
    lines = text(name).splitlines()
    for i, line in enumerate(lines):
        if line.strip().startswith(head) and i + 1 < len(lines):
            return lines[i + 1].split()
    sys.exit(f"figures.py: {name}.txt: no line starting with {head!r}")


def find(rows, **want):
    got = [r for r in rows if all(r.get(k) == v for k, v in want.items())]
    if len(got) != 1:
        sys.exit(f"figures.py: {len(got)} rows match {want}")
    return got[0]


def meta():
    return dict(line.split(" ", 1) for line in text("meta").splitlines())


m = meta()
print(f"# Figures of {m['commit']}, {m['date']} ({m['machine']})")
print()
print("Produced by `scripts/figures.sh`; raw outputs beside this file.")
print()

# ---------------------------------------------------------------- README
rtl = json_rows("rtl-loss")
gaps = [abs(1 - r["rtl_over_model"]) for r in rtl if r.get("engine") == "rtl"]
print("## README.md")
print()
print(
    f"- largest RTL/model goodput gap of `bench loss --engine rtl --quick` "
    f"(seed 0xb4a1): {100 * max(gaps):.2f}% (bound 2%)"
)
if os.path.exists(os.path.join(RAW, "fresh-clone-test.wall")):
    print(
        f"- `scripts/test.sh` on a fresh clone of {m['commit']}: "
        f"{wall('fresh-clone-test') / 60:.1f} minutes"
    )
print()

# ------------------------------------------------- docs/transport-model.md
b = os.path.join(RAW, "bench")
loss = jsonl(os.path.join(b, "loss.jsonl"))
incast = jsonl(os.path.join(b, "incast.jsonl"))
planes = jsonl(os.path.join(b, "planes.jsonl"))
fail = jsonl(os.path.join(b, "failover.jsonl"))
allr = jsonl(os.path.join(b, "allreduce.jsonl"))
ata = jsonl(os.path.join(b, "alltoall.jsonl"))
T = ["braid", "roce-gbn", "sr-irn"]

all_text = text("bench-all")
rates = re.findall(r"\((\d+) simulated data packets in ([\d.]+) s: ([\d.]+) M/s\)", all_text)
total = re.search(r"simulator: (\d+) data packets .* in ([\d.]+) s wall: ([\d.]+) M", all_text)
if len(rates) != 6 or not total:
    sys.exit("figures.py: bench-all.txt: no packet-rate lines for the six scenarios")
per = [float(r[2]) for r in rates]
print("## docs/transport-model.md")
print()
print(
    f"Figures from `bench all` (full sizes, seed 0xb4a1; {float(total.group(2)):.0f} s "
    f"on one core, {int(total.group(1)) / 1e6:.0f} M simulated data packets: "
    f"{float(total.group(3)):.2f} M data packets/s over the suite; per scenario "
    f"from {min(per):.2f} M/s to {max(per):.2f} M/s):"
)
print()
print("| Scenario | braid | roce-gbn | sr-irn | target |")
print("|---|---|---|---|---|")


def loss_row(p, where):
    return [find(loss, transport=t, loss=p, where=where) for t in T]


for p, where, label, target in [
    (0.01, "e2e", "loss 1% end to end", ">= 0.95"),
    (0.1, "e2e", "loss 10% end to end", ">= 0.85"),
    (0.01, "hop", "loss 1% on every hop", ""),
]:
    rs = loss_row(p, where)
    print(
        f"| {label}, goodput/line (limit {rs[0]['limit']:.4f}) | "
        + " | ".join(f"{r['goodput_frac']:.4f}" for r in rs)
        + f" | {target} |"
    )
cells = []
for t in T:
    r = find(incast, transport=t)
    cells.append(
        f"{r['rounds_to_converge']} / {r['peak_queue_bdp']:.2f} BDP / {r['jain']:.4f} / "
        f"{r['last_over_ideal']:.3f} ({r['last_over_wire_ideal']:.3f} of wire bytes)"
    )
print(
    "| incast: rounds / peak queue / Jain / last over ideal | "
    + " | ".join(cells)
    + " | <= 2 / <= 1 / >= 0.99 / <= 1.03 |"
)
ps = sorted({r["planes"] for r in planes})
cells = [
    " / ".join(f"{find(planes, transport=t, planes=n)['aggregate_frac']:.3f}" for n in ps)
    for t in T
]
print(
    f"| planes {' / '.join(map(str, ps))}, aggregate/capacity (payload limit "
    f"{planes[0]['payload_limit']:.3f}) | " + " | ".join(cells) + " | >= 0.9 |"
)
for failure, label in [("link 1/8", "link 1 of 8"), ("plane 1/4", "plane 1 of 4")]:
    cells = []
    for t in T:
        r = find(fail, transport=t, failure=failure)
        cells.append(
            f"{r['rounds_to_recover']}, {r['messages_lost']} (at {r['before_frac']:.2f} of "
            f"capacity before)"
        )
    print(f"| failover, {label}: rounds, messages lost | " + " | ".join(cells) + " | <= 3, 0 |")
cells = [f"{find(allr, transport=t)['ratio']:.3f}" for t in T]
print("| all-reduce, 1% loss over lossless | " + " | ".join(cells) + " | <= 1.10 |")
for p, target in [(0.0, ""), (0.01, "<= 1.10")]:
    cells = []
    for t in T:
        r = find(ata, transport=t, loss=p)
        cells.append(f"{r['over_ideal']:.2f} / {r['slowest_over_median']:.3f}")
    print(
        f"| all-to-all, {p * 100:.0f}% loss: last completion over ideal / slowest over median "
        f"flow | " + " | ".join(cells) + f" | {target} |"
    )
print()
link, plane = [], []
for seed in range(1, 6):
    rows = json_rows(f"failover-seed-{seed}")
    link.append(find(rows, transport="braid", failure="link 1/8")["rounds_to_recover"])
    plane.append(find(rows, transport="braid", failure="plane 1/4")["rounds_to_recover"])
    lost = sum(r["messages_lost"] for r in rows if r["transport"] == "braid")
    if lost:
        sys.exit(f"figures.py: failover seed {seed}: braid lost {lost} messages")
link.append(find(fail, transport="braid", failure="link 1/8")["rounds_to_recover"])
plane.append(find(fail, transport="braid", failure="plane 1/4")["rounds_to_recover"])


def span(v):
    n = [int(x) for x in v if x != "never"]
    s = f"{min(n)} to {max(n)}" if n else "none"
    return s + (f" ({v.count('never')} never)" if "never" in v else "")


print(
    f"Failover over seeds 1-5 and 0xb4a1 (`bench failover --seed S`, full size): "
    f"braid recovered in {span(link)} rounds for a link and {span(plane)} for a plane "
    f"(per seed: link {', '.join(link)}; plane {', '.join(plane)}); no message lost."
)
print()

# ------------------------------------------------------ hdl/rtl/ENGINE.md
print("## hdl/rtl/ENGINE.md")
print()
print(
    "`bench loss --engine rtl --quick` (release, seed 0xb4a1, 1 ms per point), "
    "goodput over the port rate:"
)
print()
print("| loss | go-back-N (model) | Braid model | RTL | RTL / model | RTL timeouts |")
print("|---|---|---|---|---|---|")
for p in sorted({r["loss"] for r in rtl}):
    g = find(rtl, transport="roce-gbn", loss=p)
    bm = find(rtl, transport="braid", engine="model", loss=p)
    br = find(rtl, transport="braid", engine="rtl", loss=p)
    print(
        f"| {100 * p:g}% | {g['goodput_frac']:.4f} | {bm['goodput_frac']:.4f} | "
        f"{br['goodput_frac']:.4f} | {br['rtl_over_model']:.4f} | {br['timeouts']} |"
    )
cps = [round(r["clocks_per_s"]) for r in rtl if r.get("engine") == "rtl"]
print()
print(
    f"Largest gap {100 * max(gaps):.2f}%; co-simulation {min(cps):,} to {max(cps):,} "
    f"clocks/s; {wall('rtl-loss'):.0f} s wall."
)
print()

# ------------------------------------------------------ docs/driver-runs.md
print("## docs/driver-runs.md")
print()
sw = {}
for line in text("sw-path").splitlines():
    f = line.split()
    if len(f) == 4 and f[0].isdigit():
        sw[int(f[0])] = [float(x) for x in f[1:]]
print(
    f"- software path on the memory backend (`sw_path`): {sw[128][0]:.1f} M work requests "
    f"posted and {sw[128][1]:.1f} M completions polled per second with batches of 128 "
    f"({sw[128][2]:.1f} M/s post + poll; {sw[8][2]:.1f} M/s with batches of 8; "
    f"{sw[1][2]:.1f} M/s unbatched)"
)
bw = {}
for p in ["0", "0.01", "0.1"]:
    f = row_after(f"write-bw-rtl-{p}", "bytes")
    bw[p] = f
line_rate = 153.6
print(
    "- `braid write_bw` (64 KiB x 200, 16 in flight, RTL, seed 0xb4a1): "
    + "; ".join(
        f"{float(bw[p][2]):.2f} Gb/s at {float(p) * 100:g}% ({float(bw[p][2]) / line_rate:.3f} "
        f"of the line rate, {bw[p][4]} retransmissions, {bw[p][5]} timeouts)"
        for p in bw
    )
    + f"; {min(int(bw[p][7]) for p in bw):,} to {max(int(bw[p][7]) for p in bw):,} "
    "engine clocks/s of both engines"
)


def lat(name):
    f = row_after(name, "iters")
    retx = re.search(r"retransmissions A/B: (\d+)/(\d+)", text(name))
    n = int(retx.group(1)) + int(retx.group(2)) if retx else None
    return f, n


parts = []
for p in ["0", "0.01", "0.1"]:
    f, n = lat(f"write-lat-rtl-{p}")
    parts.append(
        f"at {float(p) * 100:g}%: min {f[1]}, typical {f[2]}, p99 {f[4]}, max {f[6]} us "
        f"({n} retransmissions)"
    )
f, n = lat("write-lat-rtl-64k-0.01")
parts.append(f"64 KiB at 1% ({f[0]} round trips): typical {f[2]}, p99 {f[4]} us")
print("- `braid write_lat` (8 bytes, 200 round trips, RTL, seed 0xb4a1): " + "; ".join(parts))
parts = []
for p in ["0", "0.01", "0.1"]:
    f = row_after(f"write-bw-model-{p}", "bytes")
    parts.append(f"{f[2]} Gb/s at {float(p) * 100:g}% ({f[4]} retransmissions)")
print(
    "- `braid-sim write-bw --engine model` (64 KiB x 2000, 400 Gb/s): " + "; ".join(parts)
)
f0, _ = lat("write-lat-model-8-0")
f1, _ = lat("write-lat-model-4k-0.01")
print(
    f"- `braid-sim write-lat --engine model`: 8 bytes at 0% typical {f0[2]} us; "
    f"4 KiB at 1% typical {f1[2]} us, p99 {f1[4]} us"
)
print()
print("## Wall time of each run (s)")
print()
for name in sorted(n[:-5] for n in os.listdir(RAW) if n.endswith(".wall")):
    print(f"- {name}: {wall(name):.1f}")
