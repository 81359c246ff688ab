"""Two simulated boards, MAC to MAC through a lossy link, under the
unchanged braid-driver and `braid` command.

Each board is braid_core (Braid's DMA in front of braid_engine_tiny)
behind its own cocotbext-pcie model of the UltraScale+ hard block and its
own root complex, which enumerates it and holds its host memory. The
bench's cable (lossy_link.v, one each way) carries A's frames to B and B's
to A, dropping each frame whole with the probability of the step under
way, seeded by BRAID_LINK_SEED. The bench serves the driver's
SimBoardBackend (driver/src/simboard.rs) on a Unix socket: BAR0 accesses
become the root complex's TLPs, DMA memory is the root complex's memory,
and simulated time passes only while a request is served, so a run is
deterministic.

First, BAR0 offsets past the register map are read and written on both
boards: the reads complete with zeros and the boards go on. Then the
programs, `braid` commands (BRAID_BOARD_STEPS: a JSON list of steps, each
with its link loss and its commands, run together; `{sock}` is the
socket), run one step after the other; each must exit 0. Their output is
logged and saved under BRAID_BOARD_OUT (`<label>-<n>.out`), the steps'
link counts and outputs in `results.json`, the perftest figures in
`figures.md`.
"""

import json
import logging
import os
import select
import socket
import struct
import subprocess
import time
from pathlib import Path

import cocotb
from cocotb.triggers import ClockCycles
from cocotb.utils import get_sim_time

import usp

HERE = Path(__file__).resolve().parent
REPO = usp.REPO
# BAR0 as ip.tcl sizes it (1 MiB; the register map is its first bytes)
BAR0_SIZE = 1 << 20

# constants of driver/src/simboard.rs (a test there checks them)
POLL_CLOCKS = 16
OP_HELLO = 1
OP_READ32 = 2
OP_WRITE32 = 3
OP_ALLOC = 4
OP_FREE = 5
OP_MEM_READ = 6
OP_MEM_WRITE = 7
OP_WAIT = 8
OP_NOW = 9
HEADER = struct.Struct("<B3xQQI")
# BRAID_BOARD_TRACE=1 logs every request
TRACE = os.environ.get("BRAID_BOARD_TRACE") == "1"
ANSWER = struct.Struct("<B3xQI")


class Board:
    """One board: its root complex, its device as the root complex sees
    it, and the host memory blocks handed to its driver."""

    def __init__(self, name, rc, bar):
        self.name = name
        self.rc = rc
        self.bar = bar
        self.blocks = {}

    def alloc(self, size):
        # whole pages, in a power-of-two block of the root complex's pool
        size = max(4096, 1 << (size - 1).bit_length())
        region = self.rc.mem_pool.alloc_region(size)
        addr = region.get_absolute_address(0)
        self.blocks[addr] = region
        return addr

    def free(self, addr):
        region = self.blocks.pop(addr, None)
        if region is None:
            raise ValueError(f"free of {addr:#x}: not a block of this board")
        pool = self.rc.mem_pool
        pool.regions = [r for r in pool.regions if r[3] is not region]

    def region_at(self, addr, length):
        for base, region in self.blocks.items():
            if base <= addr and addr + length <= base + region.size:
                return region, addr - base
        raise ValueError(f"{length} bytes at {addr:#x} are not in one block of {self.name}")


async def serve_request(dut, boards, conns, s, log):
    head = recv_exact(s, HEADER.size)
    if head is None:
        return False
    op, a, b, n = HEADER.unpack(head)
    payload = recv_exact(s, n) if n else b""
    board = conns.get(s)
    if op == OP_HELLO and a < len(boards):
        board = boards[a]
    value, data, err = 0, b"", None
    try:
        if op == OP_HELLO:
            if a >= len(boards):
                raise ValueError(f"no board {a}: the bench has {len(boards)}")
            conns[s] = boards[a]
        elif board is None:
            raise ValueError("the first request must name the board (HELLO)")
        elif op == OP_READ32:
            raw = await board.bar.read(a, 4, timeout=100, timeout_unit="us")
            value = struct.unpack("<I", raw)[0]
        elif op == OP_WRITE32:
            await board.bar.write(a, struct.pack("<I", b & 0xFFFF_FFFF))
        elif op == OP_ALLOC:
            value = board.alloc(a)
        elif op == OP_FREE:
            board.free(a)
        elif op == OP_MEM_READ:
            await ClockCycles(dut.user_clk, POLL_CLOCKS)
            region, off = board.region_at(a, b)
            data = bytes(region.mem[off : off + b])
        elif op == OP_MEM_WRITE:
            region, off = board.region_at(a, len(payload))
            region.mem[off : off + len(payload)] = payload
        elif op == OP_WAIT:
            await ClockCycles(dut.user_clk, max(1, a))
        elif op == OP_NOW:
            value = int(get_sim_time("ps"))
        else:
            raise ValueError(f"unknown op {op}")
    except Exception as e:  # the driver gets the reason, the bench goes on
        err = f"{type(e).__name__}: {e}"
        log.warning("request op %d: %s", op, err)
    if TRACE:
        log.info("%s op %d a %#x b %#x -> %#x%s at %.3f us", board.name if board else "-",
                 op, a, b, value, f" ({err})" if err else "", get_sim_time("ns") / 1000)
    if err is not None:
        data = err.encode()
    s.sendall(ANSWER.pack(1 if err else 0, value, len(data)) + data)
    return True


def recv_exact(s, n):
    buf = bytearray()
    while len(buf) < n:
        chunk = s.recv(n - len(buf))
        if not chunk:
            return None
        buf += chunk
    return bytes(buf)


async def run_step(dut, boards, listener, cmds, build, label):
    """Run one step's commands (each {"cmd": argv, "after": text}: the
    first at once, each other once the first's output holds its `after`)
    while serving their requests; returns their outputs. Simulated time
    passes only inside requests."""
    procs = []

    def start(cmd):
        out = open(build / f"{label}-{len(procs)}.out", "w", encoding="utf-8")
        procs.append((subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT), out, cmd))

    # a command after the first starts once the first has printed its
    # `after` text (a perftest server listens only after setting up its
    # board)
    start(cmds[0]["cmd"])
    waiting = cmds[1:]
    conns = {}
    t0 = time.monotonic()
    served, next_log = 0, t0 + 30
    try:
        while True:
            if time.monotonic() > next_log:
                next_log += 30
                dut._log.info(
                    "%s: %.0f s, %d requests served, simulated time %.1f us",
                    label, time.monotonic() - t0, served, get_sim_time("ns") / 1000,
                )
            if waiting and waiting[0]["after"] in (build / f"{label}-0.out").read_text(
                encoding="utf-8"
            ):
                start(waiting.pop(0)["cmd"])
            done = [p.poll() is not None for p, _, _ in procs] + [False] * len(waiting)
            failed = [(p, c) for p, _, c in procs if p.poll() not in (None, 0)]
            if failed or (all(done) and not conns):
                break
            if time.monotonic() - t0 > 1200:
                raise AssertionError(f"{label}: still running after 20 minutes")
            ready, _, _ = select.select([listener] + list(conns), [], [], 0.05)
            for s in ready:
                if s is listener:
                    c, _ = listener.accept()
                    conns[c] = None
                elif await serve_request(dut, boards, conns, s, dut._log):
                    served += 1
                else:
                    conns.pop(s)
                    s.close()
    finally:
        for p, out, _ in procs:
            if p.poll() is None:
                p.kill()
            p.wait()
            out.close()
        for s in conns:
            s.close()
    outs = []
    for i, (p, _, cmd) in enumerate(procs):
        text = (build / f"{label}-{i}.out").read_text(encoding="utf-8")
        dut._log.info("%s: %s\n%s", label, " ".join(cmd), text)
        assert p.returncode == 0, f"{label}: `{' '.join(cmd)}` exited {p.returncode}:\n{text}"
        outs.append(text)
    return outs


@cocotb.test()
async def the_driver_runs_on_two_boards_through_a_lossy_link(dut):
    seed = int(os.environ["BRAID_LINK_SEED"], 0)
    steps = json.loads(os.environ["BRAID_BOARD_STEPS"])
    build = Path(os.environ["BRAID_BOARD_OUT"])
    dut._log.info("link seed %#x (BRAID_LINK_SEED)", seed)
    boards = []
    for p in "ab":
        rc, dev = usp.attach(
            dut,
            BAR0_SIZE,
            1,
            prefix=f"{p}_",
            user_clk=dut.user_clk,
            cfg_max_payload=getattr(dut, f"{p}_cfg_max_payload"),
            cfg_max_read_req=getattr(dut, f"{p}_cfg_max_read_req"),
            pcie_cq_np_req=getattr(dut, f"{p}_pcie_cq_np_req"),
            pcie_cq_np_req_count=getattr(dut, f"{p}_pcie_cq_np_req_count"),
        )
        boards.append((p, rc, dev))
    # the models log every TLP at INFO: only warnings, unless tracing
    if not TRACE:
        for name in list(logging.root.manager.loggerDict):
            if name.startswith(("cocotb.tb_board_pair.", "cocotb.pcie", "cocotbext")):
                logging.getLogger(name).setLevel(logging.WARNING)
    dut.link_seed_ab.value = seed & 0xFFFF_FFFF
    dut.link_seed_ba.value = (seed * 0x9E37_79B9 + 1) & 0xFFFF_FFFF
    dut.link_drop_below.value = 0
    dut.link_load.value = 1
    await ClockCycles(dut.user_clk, 2)
    dut.link_load.value = 0
    # both at once: each waits for the end of its own model's reset
    tasks = [
        cocotb.start_soon(usp.enumerate_device(dut, rc, dev, master=True, prefix=f"{p}_"))
        for p, rc, dev in boards
    ]
    found = []
    for (p, rc, _), t in zip(boards, tasks):
        d = await t
        dut._log.info("board %s: BAR0 at %#x", p, d.bar_addr[0])
        found.append(Board(p, rc, d.bar_window[0]))
    with open(os.environ["BRAID_REGS_JSON"], encoding="utf-8") as f:
        regs = {r["name"]: r for r in json.load(f)["regs"]}
    await unmapped_bar0_reads_complete(dut, found, regs)
    results = []
    sock = build / "boards.sock"
    if sock.exists():
        sock.unlink()
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(str(sock))
    listener.listen(8)
    try:
        for step in steps:
            loss = float(step.get("loss", 0))
            dut.link_drop_below.value = min(int(loss * 2**32), 2**32 - 1)
            before = link_counts(dut)
            cmds = [
                {"cmd": [w.replace("{sock}", str(sock)) for w in c["cmd"]], "after": c.get("after")}
                for c in step["cmds"]
            ]
            outs = await run_step(dut, found, listener, cmds, build, step["label"])
            after = link_counts(dut)
            frames = sum(a[0] - b[0] for a, b in zip(after, before))
            dropped = sum(a[1] - b[1] for a, b in zip(after, before))
            dut._log.info("%s at loss %s: %d frames on the link, %d dropped",
                          step["label"], loss, frames, dropped)
            results.append({"label": step["label"], "loss": loss, "frames": frames,
                            "dropped": dropped, "out": outs})
    finally:
        listener.close()
        sock.unlink()
    for (frames, dropped), name in zip(link_counts(dut), ("A to B", "B to A")):
        dut._log.info("link %s: %d frames, %d dropped", name, frames, dropped)
    for b, p in zip(found, "ab"):
        ur = int(getattr(dut, f"{p}_cnt_ur").value)
        assert ur == 0, f"board {p}: {ur} unsupported requests on BAR0"
    (build / "results.json").write_text(json.dumps(results, indent=1), encoding="utf-8")
    table = figures(results)
    if table:
        (build / "figures.md").write_text(table, encoding="utf-8")
        dut._log.info("figures:\n%s", table)


def figures(results):
    """The perftest runs' figures as a Markdown table (empty without them):
    the client's bandwidth and latency lines, the frames the link carried
    and dropped during each run."""
    rows = []
    for r in results:
        test = r["label"].split("-")[0]
        if test not in ("write_bw", "write_lat"):
            continue
        lines = r["out"][1].splitlines()
        head = next(i for i, l in enumerate(lines) if l.lstrip().startswith(("bytes", "iters")))
        vals = lines[head + 1].split()
        if test == "write_bw":
            what = f"{vals[0]} B x {vals[1]}: {vals[2]} Gb/s"
        else:
            what = (f"{vals[0]} round trips of 8 B: min {vals[1]} us, median {vals[2]} us, "
                    f"p99 {vals[4]} us, max {vals[6]} us")
        rows.append(f"| {test} | {r['loss'] * 100:g}% | {what} | {r['frames']} | {r['dropped']} |")
    if not rows:
        return ""
    return ("| run | link loss | result (simulated time, 250 MHz) | frames | dropped |\n"
            "|---|--:|---|--:|--:|\n" + "\n".join(rows) + "\n")


async def unmapped_bar0_reads_complete(dut, boards, regs):
    """A read of BAR0 past the register map (its first power-of-two window)
    completes with zeros, a write there is dropped, and the board goes on:
    its identity still reads back and (later steps) it still moves data.
    The root complex raises on a completion that never comes (100 us)."""
    for b in boards:
        for off in (0x400, 0x404, 0x8000, BAR0_SIZE - 4):
            raw = await b.bar.read(off, 4, timeout=100, timeout_unit="us")
            assert raw == bytes(4), f"board {b.name}: BAR0 {off:#x} read {raw.hex()}, not zeros"
        await b.bar.write(0x408, struct.pack("<I", 0x1234_5678))
        ident = struct.unpack("<I", await b.bar.read(0, 4, timeout=100, timeout_unit="us"))[0]
        want = regs["ID"]["reset"]
        assert ident == want, f"board {b.name}: ID {ident:#x} after the unmapped accesses"
    dut._log.info("unmapped BAR0 offsets read zero and complete on both boards")


def link_counts(dut):
    """(frames, dropped) of the link A to B and of B to A so far."""
    return [
        (int(getattr(dut, f"{d}_frames").value), int(getattr(dut, f"{d}_dropped").value))
        for d in ("ab", "ba")
    ]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def steps(braid, seed, perf):
    """The programs: identity, the exact transfers at 0% and 1% loss, and
    with `perf` perftest's write_bw and write_lat at both (B the server, A
    the client, as two hosts would run them)."""
    a, b = "sim:{sock}:0", "sim:{sock}:1"

    def check(loss, k):
        return {"label": f"pair_check-{loss}", "loss": loss, "cmds": [{"cmd": [
            braid, "pair_check", "--device", a, "--peer-device", b, "--count", "96",
            "--max-size", "16384", "--depth", "8", "--seed", hex(seed + k)]}]}

    def run(test, loss, extra):
        port = str(free_port())
        common = ["--port", port, "--paths", "4", *extra]
        return {"label": f"{test}-{loss}", "loss": loss, "cmds": [
            {"cmd": [braid, test, "--device", b, "--server", "--mac", "02:42:52:00:00:0b",
                     "--ip", "10.0.0.11", *common]},
            {"cmd": [braid, test, "--device", a, "--connect", "127.0.0.1",
                     "--mac", "02:42:52:00:00:0a", "--ip", "10.0.0.10", *common],
             "after": "waiting for the client"},
        ]}

    out = [
        {"label": "info", "cmds": [{"cmd": [braid, "info", "--device", a]},
                                   {"cmd": [braid, "info", "--device", b], "after": ""}]},
        check(0, 0),
        check(0.01, 1),
    ]
    if perf:
        for loss in (0, 0.01):
            out.append(run("write_bw", loss, ["--size", "65536", "--iters", "32",
                                              "--tx-depth", "16"]))
            out.append(run("write_lat", loss, ["--size", "8", "--iters", "200"]))
    return out


def test_board_pair():
    """pytest entry: `braid` built, the bench built with Verilator and run
    (seed BRAID_BOARD_SEED, default 0xb4a1). BRAID_BOARD_PERF=1 adds the
    perftest runs (scripts/board-bench.sh)."""
    # without the co-simulated engines (no Verilator in this build), in its
    # own target directory so the workspace's build is not disturbed
    target = REPO / "target" / "board-sim"
    subprocess.run(
        ["cargo", "build", "-q", "-p", "braid-cli", "--no-default-features",
         "--target-dir", str(target)],
        cwd=REPO,
        check=True,
    )
    braid = str(target / "debug" / "braid")
    seed = int(os.environ.get("BRAID_BOARD_SEED", "0xb4a1"), 0)
    perf = os.environ.get("BRAID_BOARD_PERF") == "1"
    out = usp.build_root() / "board_pair" / "run"
    out.mkdir(parents=True, exist_ok=True)
    usp.build_and_run(
        "board_pair",
        [
            REPO / "verilog-out" / "pcie_dma.v",
            REPO / "verilog-out" / "braid_engine_tiny.v",
            REPO / "verilog-out" / "cmac_adapter.v",
            REPO / "constraints" / "alveo" / "common" / "braid_core.v",
            HERE / "lossy_link.v",
            HERE / "tb_board_pair.v",
        ],
        defines={"BRAID_ENGINE": "braid_engine_tiny"},
        env={
            "BRAID_LINK_SEED": hex(seed),
            "BRAID_BOARD_STEPS": json.dumps(steps(braid, seed, perf)),
            "BRAID_BOARD_OUT": str(out),
            "BRAID_BOARD_TRACE": os.environ.get("BRAID_BOARD_TRACE", "0"),
            "BRAID_REGS_JSON": str(usp.regs_json()),
        },
        quick_compile="slow",
        public_top=True,
    )
