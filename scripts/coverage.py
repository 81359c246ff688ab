#!/usr/bin/env python3
"""Per-block coverage of a Verilator coverage file of braid_engine_tiny.

Usage: coverage.py MERGED.dat TOP.v

A point belongs to the instance of the top whose module it sits in
(Verilator's page names the module: `braid_engine_tiny__<instance>...`);
points of the top's own module are the glue (instances are named as the
top's fields: `seg` the segmenter, `rxp` rx_parser, ...). Lines: a line is covered when
any line point on it was hit. Toggles: each toggle point (one bit of one
signal, one direction) is covered when it was hit. Prints a Markdown
report: a table per block, then the uncovered lines of each block.
"""
import collections
import re
import sys


def points(path):
    with open(path, encoding="latin-1") as f:
        for line in f:
            if not line.startswith("C '"):
                continue
            body, count = line[3:].rsplit("' ", 1)
            kv = {}
            for part in body.split("\x01"):
                if "\x02" in part:
                    k, v = part.split("\x02", 1)
                    kv[k] = v
            yield kv, int(count)


def block_of(page, top):
    """The top's instance a point's module belongs to: Verilator names a
    module of the exported top `<top>__<instance>[$sub...]`; the top's own
    module is the glue."""
    mod = page.split("/", 1)[-1]
    if not mod.startswith(top + "__"):
        return "(glue)"
    rest = mod[len(top) + 2:]
    return re.split(r"\$|__", rest)[0]


def main():
    dat, top_v = sys.argv[1], sys.argv[2]
    top = re.sub(r"\.v$", "", top_v.rsplit("/", 1)[-1])
    lines = collections.defaultdict(dict)  # block -> line -> hit?
    toggles = collections.defaultdict(lambda: [0, 0])  # block -> [hit, all]
    for kv, count in points(dat):
        page = kv.get("page", "")
        b = block_of(page, top)
        if page.startswith("v_toggle"):
            t = toggles[b]
            t[1] += 1
            t[0] += count > 0
        elif page.startswith("v_line") or page.startswith("v_branch"):
            ln = int(kv.get("l", "0"))
            lines[b][ln] = lines[b].get(ln, False) or count > 0
    blocks = sorted(set(lines) | set(toggles))
    print("# Verilator coverage of %s\n" % top)
    print("From the engine co-simulation tests (`scripts/coverage.sh`).\n")
    print("| block | lines covered | lines | % | toggles covered | toggles | % |")
    print("|---|--:|--:|--:|--:|--:|--:|")
    tl = [0, 0]
    tt = [0, 0]
    for b in blocks:
        lc = sum(lines[b].values())
        la = len(lines[b])
        tc, ta = toggles[b]
        tl[0] += lc
        tl[1] += la
        tt[0] += tc
        tt[1] += ta
        print("| %s | %d | %d | %s | %d | %d | %s |" % (
            b, lc, la, pct(lc, la), tc, ta, pct(tc, ta)))
    print("| **all** | %d | %d | %s | %d | %d | %s |" % (
        tl[0], tl[1], pct(*tl), tt[0], tt[1], pct(*tt)))
    print("\n## Uncovered lines (of %s)\n" % top_v)
    for b in blocks:
        miss = sorted(ln for ln, hit in lines[b].items() if not hit)
        if miss:
            print("- %s: %s" % (b, ranges(miss)))


def pct(a, b):
    return "%.1f" % (100.0 * a / b) if b else "-"


def ranges(xs):
    out = []
    start = prev = xs[0]
    for x in xs[1:]:
        if x == prev + 1:
            prev = x
            continue
        out.append(str(start) if start == prev else "%d-%d" % (start, prev))
        start = prev = x
    out.append(str(start) if start == prev else "%d-%d" % (start, prev))
    return ", ".join(out)


if __name__ == "__main__":
    main()
