"""Two simulated boards, MAC to MAC through a lossy link, under the
unchanged braid-driver and `braid` command.

Each board is braid_core (Braid's DMA in front of braid_engine_tiny)
behind its own cocotbext-pcie model of the UltraScale+ hard block and its
own root complex, which enumerates it and holds its host memory, with its
MAC port behind cmac_adapter as on the card. The bench's cable
(lossy_link.v, one each way) carries A's frames to B and B's to A,
dropping each frame whole with the probability of the step under way,
seeded by BRAID_LINK_SEED. The bench serves the driver's
SimBoardBackend (driver/src/simboard.rs) on a Unix socket: BAR0 accesses
become the root complex's TLPs, DMA memory is the root complex's memory,
and simulated time passes only while a request is served, so a run is
deterministic.

First, BAR0 offsets past the register map are read and written on both
boards: the reads complete with zeros and the boards go on. Then the
programs, `braid` commands (BRAID_BOARD_STEPS: a JSON list of steps, each
with its link loss and its commands, run together; `{sock}` is the
socket), run one step after the other; each must exit 0. A step may
also fail some of board A's payload reads from the PCIe side (PcieFaults:
poisoned, completer-abort and unsupported-request completions, and
completions withheld until the read times out); each must fail exactly
one read, be counted, and cost nothing but a retransmission. Their output is
logged and saved under BRAID_BOARD_OUT (`<label>-<n>.out`), the steps'
link counts, outputs and fault counts in `results.json`, the perftest
figures in
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
from cocotbext.pcie.core.tlp import Tlp, TlpType
from cocotbext.pcie.xilinx.us.tlp import ErrorCode as UsErrorCode
from cocotbext.pcie.xilinx.us.tlp import Tlp_us

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

    def __init__(self, name, rc, dev, bar):
        self.name = name
        self.rc = rc
        self.dev = dev
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


class PcieFaults:
    """Faults from the PCIe side on one board's payload reads: its root
    complex answers read TLPs into a block of at least PAYLOAD_BLOCK bytes
    (pair_check's source region; the rings are a page or two) as usual,
    but for TLP number FIRST, FIRST + EVERY, ... it answers with the next
    fault of `kinds`:

    - "poisoned": the read's completions (split at 256 bytes) carry the
      poisoned bit; pcie_rd fails the read at the first and counts the
      others as stray;
    - "ca", "ur": one completer-abort or unsupported-request completion;
    - "drop": no completion. pcie_rd's own timeout (the bench's
      CPL_TIMEOUT) fails the read; later the hard block's completion
      timeout (PG213 error code 1001, which cocotbext-pcie's model lacks:
      the bench stands in for it, CORE_CTO clocks after the read) frees
      the hard block's tag and reaches pcie_rd as a stray completion;
    - "cto": no completion, and the hard block's completion timeout comes
      first (CORE_CTO_EARLY clocks): pcie_rd fails the read on its error
      code.

    `want` counts what pcie_rd must count for them."""

    PAYLOAD_BLOCK = 32 * 1024
    FIRST = 5
    EVERY = 23
    CORE_CTO = 30_000
    CORE_CTO_EARLY = 10_000

    def __init__(self, dut, board, kinds):
        self.dut = dut
        self.board = board
        self.kinds = list(kinds)
        self.injected = []
        self.want = {"cnt_cpl_err": 0, "cnt_timeouts": 0, "cnt_stray": 0}
        self.seen = 0
        rc = board.rc
        self.saved = {t: rc.rx_tlp_handler[t] for t in (TlpType.MEM_READ, TlpType.MEM_READ_64)}
        for t in self.saved:
            rc.rx_tlp_handler[t] = self.answer

    def remove(self):
        self.board.rc.rx_tlp_handler.update(self.saved)

    def payload_read(self, addr):
        return any(base <= addr < base + r.size and r.size >= self.PAYLOAD_BLOCK
                   for base, r in self.board.blocks.items())

    async def answer(self, tlp):
        rc = self.board.rc
        if self.kinds and self.payload_read(tlp.address):
            k = self.seen
            self.seen += 1
            if k >= self.FIRST and (k - self.FIRST) % self.EVERY == 0:
                kind = self.kinds.pop(0)
                self.injected.append((kind, tlp.address))
                if kind == "poisoned":
                    n = await self.poisoned(tlp)
                    self.want["cnt_cpl_err"] += 1
                    self.want["cnt_stray"] += n - 1
                elif kind in ("ca", "ur"):
                    make = (Tlp.create_ca_completion_for_tlp if kind == "ca"
                            else Tlp.create_ur_completion_for_tlp)
                    await rc.send(make(tlp, tlp.requester_id))
                    self.want["cnt_cpl_err"] += 1
                elif kind == "drop":
                    cocotb.start_soon(self.core_timeout(tlp, self.CORE_CTO))
                    self.want["cnt_timeouts"] += 1
                    self.want["cnt_stray"] += 1
                elif kind == "cto":
                    cocotb.start_soon(self.core_timeout(tlp, self.CORE_CTO_EARLY))
                    self.want["cnt_cpl_err"] += 1
                else:
                    raise ValueError(f"unknown fault {kind}")
                return
        await self.saved[tlp.fmt_type](tlp)

    async def poisoned(self, tlp):
        """The read's data in completions of at most 256 bytes, each ending
        on a 256-byte boundary, all poisoned; returns how many."""
        rc = self.board.rc
        assert tlp.first_be == 0xF and tlp.last_be in (0, 0xF), f"partial dwords: {tlp!r}"
        total = tlp.length * 4
        data = await rc.mem_address_space.read(tlp.address, total)
        off = n = 0
        while off < total:
            size = min(total - off, 256 - ((tlp.address + off) & 255))
            cpl = Tlp.create_completion_data_for_tlp(tlp, tlp.requester_id)
            cpl.byte_count = total - off
            cpl.lower_address = (tlp.address + off) & 0x7F
            cpl.set_data(data[off : off + size])
            cpl.ep = True
            await rc.send(cpl)
            off += size
            n += 1
        return n

    async def core_timeout(self, tlp, clocks):
        """What the hard block does when a read's completion never comes:
        after its completion timeout, a descriptor with error code 1001 and
        Request Completed, its tag and completion credits released."""
        await ClockCycles(self.dut.user_clk, clocks)
        dev = self.board.dev
        req = dev.active_request[tlp.tag]
        assert req is not None, f"tag {tlp.tag} not outstanding at the hard block"
        cpl = Tlp_us(Tlp.create_completion_for_tlp(req, req.requester_id))
        cpl.error_code = UsErrorCode.TIMEOUT
        cpl.request_completed = True
        cpl.byte_count = req.get_be_byte_count()
        cpl.lower_address = (req.address + req.get_first_be_offset()) & 0xFFF
        dev.active_request[tlp.tag] = None
        dev.cpld_credit_count = max(dev.cpld_credit_count - req.get_data_credits(), 0)
        dev.cpld_credit_released.set()
        dev.rc_queue.put_nowait(cpl)


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
    for (p, rc, dev), t in zip(boards, tasks):
        d = await t
        dut._log.info("board %s: BAR0 at %#x", p, d.bar_addr[0])
        found.append(Board(p, rc, dev, d.bar_window[0]))
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
            faults = PcieFaults(dut, found[0], step["faults"]) if "faults" in step else None
            if faults:
                fault_counts = await pcie_fault_counts(dut, found[0], regs)
            try:
                outs = await run_step(dut, found, listener, cmds, build, step["label"])
            finally:
                if faults:
                    faults.remove()
            fault_got = None
            if faults:
                fault_got = await check_pcie_faults(dut, found[0], regs, faults, fault_counts, step)
            after = link_counts(dut)
            frames = sum(a[0] - b[0] for a, b in zip(after, before))
            dropped = sum(a[1] - b[1] for a, b in zip(after, before))
            dut._log.info("%s at loss %s: %d frames on the link, %d dropped",
                          step["label"], loss, frames, dropped)
            results.append({"label": step["label"], "loss": loss, "frames": frames,
                            "dropped": dropped, "out": outs})
            if fault_got is not None:
                results[-1]["faults"] = {"injected": [k for k, _ in faults.injected],
                                         "counts": fault_got}
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


async def pcie_fault_counts(dut, board, regs):
    """Board A's counts of failed reads: the engine's payloads
    (TX_PAYLOAD_ERR), pcie_rd's error completions and timeouts, the MAC
    adapter's frames discarded as bad."""
    raw = await board.bar.read(regs["TX_PAYLOAD_ERR"]["offset"], 4, timeout=100, timeout_unit="us")
    return {
        "TX_PAYLOAD_ERR": struct.unpack("<I", raw)[0],
        "cnt_cpl_err": int(dut.a_cnt_cpl_err.value),
        "cnt_timeouts": int(dut.a_cnt_timeouts.value),
        "cnt_stray": int(dut.a_cnt_stray.value),
        "mac_tx_bad": int(dut.a_mac_tx_bad.value),
    }


async def check_pcie_faults(dut, board, regs, faults, before, step):
    """Every fault was injected and failed exactly one payload read: the
    DMA counted it (an error completion, a timeout, the stray completions
    that follow; PcieFaults says which), the
    engine counted the payload (TX_PAYLOAD_ERR) and flagged its frame,
    which the MAC adapter discarded; nothing reached B (pair_check found
    B's region exact and every completion right)."""
    kinds = [k for k, _ in faults.injected]
    assert len(kinds) == len(step["faults"]), (
        f"{step['label']}: {len(kinds)} of {len(step['faults'])} faults injected "
        f"({faults.seen} payload read TLPs)")
    # the late completions of the last faults must have come
    await ClockCycles(dut.user_clk, PcieFaults.CORE_CTO)
    after = await pcie_fault_counts(dut, board, regs)
    got = {k: after[k] - before[k] for k in after}
    want = {"TX_PAYLOAD_ERR": len(kinds), "mac_tx_bad": len(kinds), **faults.want}
    assert got == want, f"{step['label']}: faults {kinds}: counts {got}, expected {want}"
    dut._log.info("%s: faults %s each failed one payload read, its frame discarded, "
                  "and pair_check stayed exact: %s", step["label"], kinds, got)
    return got


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
    """The programs: identity, the exact transfers at 0% and 1% loss and
    at 0% under faults from A's PCIe side (PcieFaults), and with `perf`
    perftest's write_bw and write_lat at both losses (B the server, A the
    client, as two hosts would run them)."""
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

    faults = check(0, 2)
    faults["label"] = "pcie_faults"
    faults["faults"] = ["poisoned", "ca", "ur", "drop", "cto"] * 2
    out = [
        {"label": "info", "cmds": [{"cmd": [braid, "info", "--device", a]},
                                   {"cmd": [braid, "info", "--device", b], "after": ""}]},
        check(0, 0),
        check(0.01, 1),
        faults,
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
