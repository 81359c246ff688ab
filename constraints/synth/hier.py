#!/usr/bin/env python3
"""Hierarchical synthesis helpers for report.sh (standard library only).

A top's synthesis row is composed from the rows of the blocks it instantiates
and the row of its glue: the top with every block instance replaced by a
black box. This script does the Verilog and netlist work for that:

  hier.py split FILE.v... --out DIR [--inline A,B,...]
      Find the tops among the files: those whose top module has direct
      instances whose whole module subtree is, module for module and line
      for line, another given file (RustHDL names the top's copy
      `TOP__inst$sub` and the block file's `BLOCK__sub`; comments do not
      count; nothing else may differ). For each top T write DIR/T/glue.v
      (the top and every module not inside a matched subtree, each matched
      instance turned into a black box `bb__BLOCK` with the block's ports)
      and DIR/T/instances.tsv (instance, block), and print T. Instances of
      the --inline blocks stay in the glue.

  hier.py timing NETLIST.json TOP --out FILE [--header TEXT]
      LUT6-level timing of a LUT netlist written by the depth flow
      (flow.sh's synth_depth_script with write_json). Levels count cells
      on a path as `ltp -noff` does: every combinational cell is one level;
      flip-flops and memories (registered reads: block RAM) start and end
      paths. Writes, one line each, tab-separated:
        levels N            longest path inside (not touching a black box)
        in  PORT N          a block's input port to an internal endpoint
        out PORT N          an internal start point to a block's output port
        thru IN OUT N       input port to output port, combinationally
        to  INST.PORT N     (glue) internal start or top input -> black-box input
        from INST.PORT N    (glue) black-box output -> internal endpoint or top output
        link INST.PORT INST.PORT N   (glue) black-box output -> black-box input
      Top-level ports of a glue count as internal start and end points; for
      a block, paths from its inputs and to its outputs are `in`/`out`/`thru`
      and `levels` is register to register. N is a LUT count; a path that is
      only a wire has N = 0 and is listed too.

  hier.py compose [--across] GLUE.tsv INSTANCES.tsv TIMINGDIR
      The longest path of the whole top: the glue's paths, passing through a
      black box by its block's input-to-output levels (TIMINGDIR/BLOCK.tsv),
      and each block's own paths (the budget check). With --across, also
      the levels from a block's input ports to its registers and from its
      registers to its output ports are added to the glue's: the depth of
      the top mapped module by module. Prints the LUT6 level count, and the
      path (`what:levels` steps) on stderr.
"""

import argparse
import json
import os
import re
import sys
from collections import defaultdict

MODULE_RE = re.compile(r"^module ([A-Za-z_][A-Za-z0-9_$]*)\(")
INST_RE = re.compile(r"^(\s+)([A-Za-z_][A-Za-z0-9_$]*) ([A-Za-z_][A-Za-z0-9_$]*)\($")


def die(msg):
    print(f"hier.py: error: {msg}", file=sys.stderr)
    sys.exit(2)


def read_modules(path):
    """Module name -> list of lines (from `module` to `endmodule`), in order."""
    mods = {}
    order = []
    cur = None
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if cur is None:
                m = MODULE_RE.match(line)
                if m:
                    cur = m.group(1)
                    if cur in mods:
                        die(f"{path}: module {cur} defined twice")
                    mods[cur] = [line]
                    order.append(cur)
                elif line.strip() and not line.startswith("//"):
                    die(f"{path}: text outside a module: {line[:80]!r}")
            else:
                mods[cur].append(line)
                if line.startswith("endmodule"):
                    cur = None
    if cur is not None:
        die(f"{path}: module {cur} has no endmodule")
    return mods, order


def strip_comments(line):
    """A line without its comments (RustHDL writes `/*verilator ...*/` on a
    submodule's outputs and the module's name after `endmodule`), and
    without trailing blanks: what is left is what a tool reads."""
    if '"' not in line:
        line = re.sub(r"/\*.*?\*/", "", line)
        line = re.sub(r"//.*$", "", line)
    return re.sub(r"\s+;", ";", line.rstrip())


def children(mods, name):
    """(module, instance, line index) of every instance in module `name`."""
    out = []
    for i, line in enumerate(mods[name]):
        m = INST_RE.match(line)
        if m and m.group(2) in mods:
            out.append((m.group(2), m.group(3), i))
    return out


def subtree(mods, name):
    seen = []
    stack = [name]
    while stack:
        n = stack.pop()
        if n in seen:
            continue
        seen.append(n)
        stack.extend(c for c, _, _ in children(mods, n))
    return seen


def canonical(mods, root, rel, file_top):
    """The subtree of `root`, module names replaced by `rel(name)`, as one
    string with the modules sorted by their new names. RustHDL names some
    local signals after the file's top module (`s14_rx_parser__d` in
    rx_parser.v is `s14_braid_engine__d` in the engine's copy): such names
    are renamed consistently too (`s14_B__d`)."""
    local = re.compile(r"(?<=[A-Za-z0-9_])_" + re.escape(file_top) + r"__(?=[A-Za-z0-9_$])")
    names = subtree(mods, root)
    ren = {n: rel(n) for n in names}
    if None in ren.values():
        return None
    parts = []
    for n in sorted(names, key=lambda x: ren[x]):
        lines = []
        for line in mods[n]:
            m = MODULE_RE.match(line)
            if m:
                line = "module " + ren[m.group(1)] + line[len(m.group(0)) - 1 :]
            else:
                m = INST_RE.match(line)
                if m and m.group(2) in ren:
                    line = f"{m.group(1)}{ren[m.group(2)]} {m.group(3)}("
            lines.append(local.sub("_B__", strip_comments(line)))
        parts.append("\n".join(lines))
    return "\n".join(parts)


def block_rel(block):
    def rel(n):
        if n == block:
            return "B"
        if n.startswith(block + "__"):
            return "B" + n[len(block) :]
        return None

    return rel


def inst_rel(mod):
    def rel(n):
        if n == mod:
            return "B"
        if n.startswith(mod + "$"):
            return "B__" + n[len(mod) + 1 :]
        return None

    return rel


def port_decls(lines):
    """The header line and the `input`/`output` declarations of a module."""
    head = lines[0]
    decls = []
    for line in lines[1:]:
        s = line.strip()
        if s.startswith("input ") or s.startswith("output "):
            s = s.split("/*")[0].rstrip()
            if not s.endswith(";"):
                s += ";"
            s = s.replace("output reg ", "output wire ")
            decls.append("    " + s)
    return head, decls


def cmd_split(args):
    inline = set(filter(None, (args.inline or "").split(",")))
    files = {}
    for path in args.files:
        name = os.path.basename(path)
        if not name.endswith(".v"):
            die(f"{path}: not a .v file")
        files[name[:-2]] = path
    parsed = {}
    blocks = {}  # canonical text -> block
    for name, path in sorted(files.items()):
        mods, order = read_modules(path)
        if name not in mods:
            die(f"{path}: no module {name}")
        parsed[name] = (mods, order)
        text = canonical(mods, name, block_rel(name), name)
        if text is not None:
            blocks.setdefault(text, name)
    tops = {}
    for top, (mods, order) in sorted(parsed.items()):
        matched = {}  # instance module -> block
        insts = []
        for mod, inst, _ in children(mods, top):
            if mod not in matched:
                text = canonical(mods, mod, inst_rel(mod), top)
                if text is None or text not in blocks or blocks[text] in inline:
                    continue
                matched[mod] = blocks[text]
            insts.append((inst, matched[mod]))
        if insts:
            tops[top] = (matched, insts)
    for top, (_, insts) in tops.items():
        for inst, block in insts:
            if block in tops:
                die(f"{top}: instance {inst} is {block}, itself composed of blocks: "
                    "one level of composition only")
    os.makedirs(args.out, exist_ok=True)
    for top, (matched, insts) in sorted(tops.items()):
        mods, order = parsed[top]
        inside = set()
        for mod in matched:
            inside.update(subtree(mods, mod))
        keep = [n for n in subtree(mods, top) if n not in inside]
        keep.sort(key=order.index)
        out = []
        for n in keep:
            lines = list(mods[n])
            if n == top:
                for i, line in enumerate(lines):
                    m = INST_RE.match(line)
                    if m and m.group(2) in matched:
                        lines[i] = f"{m.group(1)}bb__{matched[m.group(2)]} {m.group(3)}("
            out.append("\n".join(lines))
        stubs = {}
        for mod, block in matched.items():
            head, decls = port_decls(mods[mod])
            head = "module bb__" + block + head[len("module " + mod):]
            stubs[block] = "(* blackbox *)\n" + head + "\n" + "\n".join(decls) + "\nendmodule"
        out.extend(stubs[b] for b in sorted(stubs))
        d = os.path.join(args.out, top)
        os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, "glue.v"), "w", encoding="utf-8") as f:
            f.write("\n\n".join(out) + "\n")
        with open(os.path.join(d, "instances.tsv"), "w", encoding="utf-8") as f:
            for inst, block in sorted(insts):
                f.write(f"{inst}\t{block}\n")
        print(top)


# --- resource sums ------------------------------------------------------------


def cmd_sum(args):
    """Sum rows' resource columns (LUT .. Other cells, as report.sh writes
    them: `| 1 | 2 | 3 | 4 | 0 / 5 | 8.5 (5 RAMB36E2 + 7 RAMB18E2) | INV 4 |`)."""
    lut = ff = carry = muxf = lutram = srl = b36 = b18 = 0
    other = defaultdict(int)
    for row in args.rows:
        c = [x.strip() for x in row.strip().strip("|").split("|")]
        if len(c) != 7:
            die(f"not 7 resource columns: {row!r}")
        lut += int(c[0])
        ff += int(c[1])
        carry += int(c[2])
        muxf += int(c[3])
        a, b = c[4].split("/")
        lutram += int(a)
        srl += int(b)
        m = re.fullmatch(r"[0-9.]+(?: \((.*)\))?", c[5])
        if not m:
            die(f"bad BRAM column {c[5]!r}")
        for part in (m.group(1) or "").split(" + "):
            if part:
                n, t = part.split()
                if t == "RAMB36E2":
                    b36 += int(n)
                elif t == "RAMB18E2":
                    b18 += int(n)
                else:
                    die(f"bad BRAM cell {part!r}")
        if c[6] != "-":
            for part in c[6].split(", "):
                t, n = part.rsplit(" ", 1)
                other[t] += int(n)
    half = 2 * b36 + b18
    bram = str(half // 2) + (".5" if half % 2 else "")
    if b36 + b18:
        cells = " + ".join(x for x in (f"{b36} RAMB36E2" if b36 else "", f"{b18} RAMB18E2" if b18 else "") if x)
        bram += f" ({cells})"
    oth = ", ".join(f"{t} {other[t]}" for t in sorted(other)) or "-"
    print(f" {lut} | {ff} | {carry} | {muxf} | {lutram} / {srl} | {bram} | {oth} ", end="")


# --- timing -----------------------------------------------------------------

FF_RE = re.compile(r"^\$_(DFF|DFFE|SDFF|SDFFE|SDFFCE|ALDFF|ALDFFE|DFFSR|DFFSRE|DLATCH|DLATCHSR|SR)_")
FF_WORD = {
    "$dff", "$dffe", "$adff", "$adffe", "$sdff", "$sdffe", "$sdffce", "$aldff", "$aldffe",
    "$dffsr", "$dffsre", "$dlatch", "$adlatch", "$dlatchsr", "$sr", "$ff", "$_FF_",
}


def cell_kind(t, blackboxes):
    if t in blackboxes:
        return "bb"
    if t in FF_WORD or FF_RE.match(t):
        return "ff"
    if t.startswith("$mem"):
        return "ff"  # registered reads only remain (flow.sh): block RAM
    if t.startswith("$"):
        return "comb"
    die(f"unknown cell type {t} (neither a Yosys cell nor a black box)")


def cmd_timing(args):
    with open(args.netlist, encoding="utf-8") as f:
        nl = json.load(f)
    mods = nl["modules"]
    if args.top not in mods:
        die(f"{args.netlist}: no module {args.top}")
    blackboxes = {
        n for n, m in mods.items() if int(m.get("attributes", {}).get("blackbox", "0") or 0) or n.startswith("bb__")
    }
    m = mods[args.top]
    glue = any(c["type"] in blackboxes for c in m["cells"].values())

    # Net bit -> start tag; the arrival maps: bit -> {source: levels}.
    INT = "*"
    drivers = {}  # bit -> cell name (comb) or None
    arrival = {}
    sinks = []  # (bit, sink tag)
    for pname, p in m["ports"].items():
        for b in p["bits"]:
            if isinstance(b, str):
                continue
            if p["direction"] == "input":
                arrival[b] = {INT if glue else pname: 0}
            else:
                sinks.append((b, INT if glue else pname))
    comb = {}
    for cname, c in m["cells"].items():
        kind = cell_kind(c["type"], blackboxes)
        dirs = c.get("port_directions", {})
        for pname, bits in c["connections"].items():
            d = dirs.get(pname)
            if d is None:
                die(f"cell {cname} ({c['type']}): no direction for port {pname}")
            for b in bits:
                if isinstance(b, str):
                    continue
                if d == "output":
                    if kind == "comb":
                        drivers[b] = cname
                    elif kind == "ff":
                        arrival[b] = {INT: 0}
                    else:
                        arrival[b] = {f"{cname}.{pname}": 0}
                else:
                    if kind == "ff":
                        sinks.append((b, INT))
                    elif kind == "bb":
                        sinks.append((b, f"{cname}.{pname}"))
        if kind == "comb":
            ins = [b for p, bits in c["connections"].items() if dirs[p] == "input" for b in bits if not isinstance(b, str)]
            outs = [b for p, bits in c["connections"].items() if dirs[p] == "output" for b in bits if not isinstance(b, str)]
            comb[cname] = (ins, outs)

    # Arrival by memoized depth-first search (iterative: netlists are deep).
    state = {}

    def resolve(bit):
        if bit in arrival:
            return arrival[bit]
        stack = [bit]
        while stack:
            b = stack[-1]
            if b in arrival:
                stack.pop()
                continue
            cname = drivers.get(b)
            if cname is None:
                arrival[b] = {INT: 0}  # undriven: a constant to the netlist
                stack.pop()
                continue
            ins, outs = comb[cname]
            pending = [i for i in ins if i not in arrival]
            if pending:
                if state.get(cname) == "open":
                    die(f"combinational loop through cell {cname}")
                state[cname] = "open"
                stack.extend(pending)
                continue
            acc = {}
            for i in ins:
                for s, v in arrival[i].items():
                    if acc.get(s, -1) < v + 1:
                        acc[s] = v + 1
            if not ins:
                acc = {INT: 1}
            for o in outs:
                arrival[o] = acc
            state[cname] = "done"
            stack.pop()
        return arrival[bit]

    # Also every comb cell output is an end of a path for ltp (a LUT that
    # drives nothing still counts); cover them.
    for cname, (ins, outs) in comb.items():
        for o in outs:
            sinks.append((o, None))

    best = defaultdict(int)
    for b, sink in sinks:
        for s, v in resolve(b).items():
            key = (s, sink)
            if best.get(key, -1) < v:
                best[key] = v
    levels = 0
    rows = []
    pairs = defaultdict(lambda: -1)
    for (s, sink), v in best.items():
        if sink is None:
            if s == INT:
                levels = max(levels, v)
            continue
        pairs[(s, sink)] = max(pairs[(s, sink)], v)
    for (s, sink), v in pairs.items():
        if s == INT and sink == INT:
            levels = max(levels, v)
        elif glue:
            if s == INT:
                rows.append(("to", sink, v))
            elif sink == INT:
                rows.append(("from", s, v))
            else:
                rows.append(("link", s, sink, v))
        else:
            if s == INT:
                rows.append(("out", sink, v))
            elif sink == INT:
                rows.append(("in", s, v))
            else:
                rows.append(("thru", s, sink, v))
    # Dangling comb outputs fed only by a block's input port: their depth is
    # a path from that port (ltp counts it).
    if not glue:
        for (s, sink), v in best.items():
            if sink is None and s != INT:
                rows.append(("in", s, v))
    merged = {}
    for r in rows:
        k = r[:-1]
        merged[k] = max(merged.get(k, -1), r[-1])
    with open(args.out, "w", encoding="utf-8") as f:
        if args.header:
            f.write(f"# {args.header}\n")
        f.write(f"levels\t{levels}\n")
        for k in sorted(merged):
            f.write("\t".join(k) + f"\t{merged[k]}\n")
    allmax = max([levels] + list(merged.values()))
    print(f"{args.top}: {levels} levels inside, {allmax} on any path", file=sys.stderr)


def read_timing(path):
    t = {"levels": 0, "in": {}, "out": {}, "thru": defaultdict(dict), "to": {}, "from": {}, "link": defaultdict(dict)}
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            p = line.rstrip("\n").split("\t")
            if p[0] == "levels":
                t["levels"] = int(p[1])
            elif p[0] in ("in", "out", "to", "from"):
                t[p[0]][p[1]] = int(p[2])
            elif p[0] in ("thru", "link"):
                t[p[0]][p[1]][p[2]] = int(p[3])
            else:
                die(f"{path}: bad line {line!r}")
    return t


def compose(g, insts, bt, across):
    """The longest path of a top and its steps. Nodes are black-box ports
    "inst.port". With across=False (the budget check), a path ends at a
    block's input port and starts at a block's output port, passing through
    a block only by its input-to-output levels (`thru`); each block's own
    paths are its row's (its ports taken as path ends). With across=True,
    the levels from an input port to the block's registers (`in`) and from
    its registers to an output port (`out`) are added too: the depth of the
    top mapped module by module, an upper bound of the flat depth."""
    memo = {}

    def memoized(fn):
        def wrapper(node):
            key = (fn.__name__, node)
            if key in memo:
                if memo[key] is None:
                    die(f"combinational loop through {node}")
                return memo[key]
            memo[key] = None
            memo[key] = fn(node)
            return memo[key]

        return wrapper

    @memoized
    def from_input(node):  # the longest tail from a black-box input
        inst, port = node.split(".", 1)
        t = bt[insts[inst]]
        v = t["in"].get(port, 0) if across else 0
        best = (v, [f"{insts[inst]}:{port}->reg:{v}"] if across else [f"{node}"])
        for q, v in t["thru"].get(port, {}).items():
            tail = from_output(f"{inst}.{q}")
            if v + tail[0] > best[0]:
                best = (v + tail[0], [f"{insts[inst]}:{port}->{q}:{v}"] + tail[1])
        return best

    @memoized
    def from_output(node):  # the longest tail from a black-box output
        best = (0, [f"{node}->unused"])
        if node in g["from"]:
            best = (g["from"][node], [f"glue:{node}->reg:{g['from'][node]}"])
        for dst, v in g["link"].get(node, {}).items():
            tail = from_input(dst)
            if v + tail[0] > best[0]:
                best = (v + tail[0], [f"glue:{node}->{dst}:{v}"] + tail[1])
        return best

    total = (g["levels"], [f"glue:reg->reg:{g['levels']}"])
    for node, v in g["to"].items():
        tail = from_input(node)
        if v + tail[0] > total[0]:
            total = (v + tail[0], [f"glue:reg->{node}:{v}"] + tail[1])
    for inst, block in sorted(insts.items()):
        t = bt[block]
        own = max([t["levels"]] + list(t["in"].values()) + list(t["out"].values()))
        if not across and own > total[0]:
            total = (own, [f"{block}:{own}"])
        if across and t["levels"] > total[0]:
            total = (t["levels"], [f"{block}:reg->reg:{t['levels']}"])
        ports = t["out"].items() if across else ((q, 0) for q in t["out"])
        for q, v in ports:
            tail = from_output(f"{inst}.{q}")
            if v + tail[0] > total[0]:
                head = [f"{block}:reg->{q}:{v}"] if across else []
                total = (v + tail[0], head + tail[1])
    return total


def cmd_compose(args):
    g = read_timing(args.glue)
    insts = {}
    with open(args.instances, encoding="utf-8") as f:
        for line in f:
            inst, block = line.split()
            insts[inst] = block
    bt = {b: read_timing(os.path.join(args.timing, b + ".tsv")) for b in set(insts.values())}
    levels, path = compose(g, insts, bt, args.across)
    print(levels)
    print(" ".join(path), file=sys.stderr)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("split")
    s.add_argument("files", nargs="+")
    s.add_argument("--out", required=True)
    s.add_argument("--inline", help="comma-separated blocks kept in the glue")
    s.set_defaults(fn=cmd_split)
    r = sub.add_parser("sum")
    r.add_argument("rows", nargs="+")
    r.set_defaults(fn=cmd_sum)
    t = sub.add_parser("timing")
    t.add_argument("netlist")
    t.add_argument("top")
    t.add_argument("--out", required=True)
    t.add_argument("--header")
    t.set_defaults(fn=cmd_timing)
    c = sub.add_parser("compose")
    c.add_argument("glue")
    c.add_argument("instances")
    c.add_argument("timing")
    c.add_argument("--across", action="store_true")
    c.set_defaults(fn=cmd_compose)
    args = ap.parse_args()
    args.fn(args)


if __name__ == "__main__":
    main()
