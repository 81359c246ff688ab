"""pcie_bar and reg_block behind cocotbext-pcie's model of the UltraScale+
PCIe hard block and its root complex: an independent PCIe model (written by
others, from AMD PG213) enumerates the device and reaches BAR0 through real
TLPs on the completer interfaces.

Register offsets and reset values come from braid-spec (`regs.json`, written
by `cargo run -p braid-spec --example regs-json`; path in BRAID_REGS_JSON).
"""

import json
import os
import struct
from pathlib import Path

import cocotb
from cocotb.triggers import RisingEdge

import usp

HERE = Path(__file__).resolve().parent
REPO = usp.REPO
BAR_SIZE = 64 * 1024
MAP = {}
REGS = {}


def load_map():
    with open(os.environ["BRAID_REGS_JSON"], encoding="utf-8") as f:
        MAP.update(json.load(f))
    REGS.update({r["name"]: r for r in MAP["regs"]})


def off(name):
    return REGS[name]["offset"]


class Bench:
    def __init__(self, dut):
        load_map()
        self.dut = dut
        self.rc, self.dev = usp.attach(
            dut,
            BAR_SIZE,
            pcie_cq_np_req=dut.pcie_cq_np_req,
            pcie_cq_np_req_count=dut.pcie_cq_np_req_count,
        )
        self.bar = None

    async def up(self):
        d = await usp.enumerate_device(self.dut, self.rc, self.dev)
        self.bar = d.bar_window[0]
        # the bench is not reset between tests: counts are taken from here
        self.base = await self.raw_counters()

    async def rd(self, offset, n=4):
        return await self.bar.read(offset, n, timeout=10, timeout_unit="us")

    async def rd32(self, offset):
        return struct.unpack("<I", await self.rd(offset))[0]

    async def wr32(self, offset, value):
        await self.bar.write(offset, struct.pack("<I", value))

    async def raw_counters(self):
        await RisingEdge(self.dut.user_clk)
        return (
            int(self.dut.cnt_ur.value),
            int(self.dut.cnt_drop.value),
            int(self.dut.cnt_err.value),
        )

    async def counters(self):
        """`pcie_bar`'s (UR/CA completions, drops, errors) since `up`."""
        now = await self.raw_counters()
        return tuple((a - b) & 0xFFFFFFFF for a, b in zip(now, self.base))


@cocotb.test()
async def identity_registers_read_back_the_spec_values(dut):
    tb = Bench(dut)
    await tb.up()
    for name in ("ID", "VERSION", "SPEC_HASH"):
        want = REGS[name]["reset"]
        got = await tb.rd32(off(name))
        assert got == want, f"{name}: read {got:#010x}, spec {want:#010x}"
    # one 8-byte read: two dwords in one completion
    got = struct.unpack("<II", await tb.rd(off("ID"), 8))
    assert got == (REGS["ID"]["reset"], REGS["VERSION"]["reset"]), got
    assert await tb.counters() == (0, 0, 0)


@cocotb.test()
async def scratch_round_trips_and_partial_writes_are_refused(dut):
    tb = Bench(dut)
    await tb.up()
    for v in (0xDEADBEEF, 0x01234567, 0):
        await tb.wr32(off("SCRATCH"), v)
        assert await tb.rd32(off("SCRATCH")) == v
    await tb.wr32(off("SCRATCH"), 0xA5A5A5A5)
    # a 2-byte write: reg_block refuses partial writes whole (SLVERR)
    await tb.bar.write(off("SCRATCH") + 1, b"\x11\x22")
    assert await tb.rd32(off("SCRATCH")) == 0xA5A5A5A5
    assert await tb.counters() == (0, 0, 1)


@cocotb.test()
async def burst_accesses_equal_dword_accesses(dut):
    tb = Bench(dut)
    await tb.up()
    cfg = sorted(r["offset"] for r in MAP["regs"] if r["access"] == "RW" and r["offset"] >= 0x300)
    base, n = cfg[0], 8
    assert cfg[:n] == [base + 4 * k for k in range(n)], "CONFIG is contiguous"
    values = [0x9E3779B9 * (k + 1) & 0xFFFFFFFF for k in range(n)]
    # one 32-byte write, read back dword by dword and as one 32-byte read
    await tb.bar.write(base, struct.pack(f"<{n}I", *values))
    single = [await tb.rd32(base + 4 * k) for k in range(n)]
    burst = list(struct.unpack(f"<{n}I", await tb.rd(base, 4 * n)))
    assert burst == single, (burst, single)
    # the same values written dword by dword read back the same
    for k in range(n):
        await tb.wr32(base + 4 * k, 0)
    for k, v in enumerate(values):
        await tb.wr32(base + 4 * k, v)
    assert [await tb.rd32(base + 4 * k) for k in range(n)] == single
    assert any(s != 0 for s in single)
    # a 64-byte read (16 dwords, a completion of two beats) of 16 registers
    offsets = {r["offset"] for r in MAP["regs"]}
    start = next(o for o in sorted(offsets) if all(o + 4 * k in offsets for k in range(16)))
    wide = list(struct.unpack("<16I", await tb.rd(start, 64)))
    assert wide == [await tb.rd32(start + 4 * k) for k in range(16)]
    assert await tb.counters() == (0, 0, 0)


@cocotb.test()
async def offsets_past_the_register_map_read_zero_and_never_hang(dut):
    tb = Bench(dut)
    await tb.up()
    window = 1 << (MAP["map_len"] - 1).bit_length()
    for o in (window, window + 4, BAR_SIZE - 4):
        assert await tb.rd32(o) == 0
    await tb.wr32(window + 8, 0x12345678)
    assert await tb.rd32(off("ID")) == REGS["ID"]["reset"]
    # a hole inside the map: reg_block answers SLVERR with data 0
    holes = [o for o in range(0, MAP["map_len"], 4) if o not in {r["offset"] for r in MAP["regs"]}]
    assert holes, "the map has a hole"
    assert await tb.rd32(holes[0]) == 0
    assert await tb.counters() == (0, 0, 5)


def test_pcie_bar():
    """pytest entry: the register map from braid-spec, the bench built with
    Verilator, the cocotb tests above run on it."""
    regs_json = usp.regs_json()
    usp.build_and_run(
        "pcie_bar",
        [REPO / "verilog-out" / "pcie_bar.v", REPO / "verilog-out" / "reg_block.v", HERE / "tb_pcie_bar.v"],
        env={"BRAID_REGS_JSON": str(regs_json)},
    )
