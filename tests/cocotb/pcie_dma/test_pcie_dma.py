"""Braid's whole DMA (pcie_dma: pcie_bar, pcie_wr, pcie_rd, rq_arb) behind
cocotbext-pcie's model of the UltraScale+ PCIe hard block and its root
complex, reg_block behind BAR0. DMA writes, DMA reads and BAR0 reads run at
once, so write and read TLPs share RQ through rq_arb: host memory must end
exactly as written, every read must return exactly host memory, in order,
and BAR0 must keep answering. Then the DMA's throughput in this model,
reads and writes alone and together. Seeded (BRAID_SEED, printed on
failure).
"""

import json
import os
import random
import struct
from pathlib import Path

import cocotb
from cocotb.triggers import RisingEdge, Timer

import engine_dma
import usp

HERE = Path(__file__).resolve().parent
REPO = usp.REPO
AREA = 64 * 1024  # written by DMA writes; the next AREA is read by DMA reads


class Bench:
    def __init__(self, dut, mps=1, mrrs=2):
        with open(os.environ["BRAID_REGS_JSON"], encoding="utf-8") as f:
            self.regs = {r["name"]: r for r in json.load(f)["regs"]}
        self.dut = dut
        self.mps, self.mrrs = mps, mrrs
        self.rc, self.dev = usp.attach(
            dut,
            4096,
            mps,
            cfg_max_payload=dut.cfg_max_payload,
            cfg_max_read_req=dut.cfg_max_read_req,
            pcie_cq_np_req=dut.pcie_cq_np_req,
            pcie_cq_np_req_count=dut.pcie_cq_np_req_count,
        )
        engine_dma.idle(dut)
        dut.cfg_timeout.value = 1 << 20

    async def up(self):
        d = await usp.enumerate_device(self.dut, self.rc, self.dev, master=True)
        await d.set_readrq(self.mrrs)
        self.bar = d.bar_window[0]
        self.mem = self.rc.mem_pool.alloc_region(2 * AREA)
        self.base = self.mem.get_absolute_address(0)
        for _ in range(10):
            await RisingEdge(self.dut.user_clk)
        assert int(self.dut.cfg_max_payload.value) == self.mps
        assert int(self.dut.cfg_max_read_req.value) == self.mrrs

    async def bar_reads(self, count, out):
        for _ in range(count):
            raw = await self.bar.read(self.regs["ID"]["offset"], 8, timeout=50, timeout_unit="us")
            out.append(struct.unpack("<II", raw))

    async def clocks(self, coro):
        """Run `coro`; the user_clk edges it took."""
        t0 = cocotb.utils.get_sim_time("ns")
        await coro
        return (cocotb.utils.get_sim_time("ns") - t0) / 4.0


def spans(rng, count, lo, hi):
    """Random (offset, length) inside one area, never across 4 KiB."""
    out = []
    for _ in range(count):
        n = rng.randint(lo, hi)
        page = rng.randrange(AREA // 4096) * 4096
        out.append((page + rng.randint(0, 4096 - n), n))
    return out


@cocotb.test()
async def writes_reads_and_bar_at_once_stay_exact(dut):
    seed = int(os.environ.get("BRAID_SEED", "0xb4a1"), 0)
    rng = random.Random(seed)
    tb = Bench(dut)
    await tb.up()
    image = bytearray(rng.getrandbits(8) for _ in range(2 * AREA))
    tb.mem[0 : 2 * AREA] = bytes(image)
    writes = [(off, bytes(rng.getrandbits(8) for _ in range(n))) for off, n in spans(rng, 40, 1, 4096)]
    reads = spans(rng, 40, 1, 4096)

    async def writer():
        for off, data in writes:
            await engine_dma.write(dut, tb.base + off, data)

    ids = []
    w = cocotb.start_soon(writer())
    r = cocotb.start_soon(engine_dma.offer_reads(dut, [(tb.base + AREA + o, n) for o, n in reads], rng))
    b = cocotb.start_soon(tb.bar_reads(10, ids))
    got = await engine_dma.take_responses(dut, len(reads), rng)
    await w
    await r
    await b
    await Timer(5, "us")
    for off, data in writes:
        image[off : off + len(data)] = data
    mem = bytes(tb.mem[0:AREA])
    if mem != bytes(image[0:AREA]):
        bad = next(k for k in range(AREA) if mem[k] != image[k])
        raise AssertionError(f"seed {seed:#x}: host memory differs first at {bad:#x}")
    for k, ((off, n), (tag, data, failed)) in enumerate(zip(reads, got)):
        where = f"seed {seed:#x}: read {k} of {off:#x}+{n}"
        assert tag == k and not failed, f"{where}: tag {tag}, failed {failed}"
        assert data[:n] == bytes(image[AREA + off : AREA + off + n]), f"{where}: data differs"
    want = (tb.regs["ID"]["reset"], tb.regs["VERSION"]["reset"])
    assert ids == [want] * 10, f"seed {seed:#x}: BAR0 read {ids}"
    dut._log.info(
        "%d writes (%d TLPs) and %d reads (%d TLPs) at once with 10 BAR0 reads: memory and data exact",
        len(writes), int(dut.cnt_writes.value), len(reads), int(dut.cnt_reads.value),
    )


@cocotb.test()
async def throughput_in_the_model(dut):
    """4 KiB DMA writes, then 4 KiB DMA reads, then both at once, the engine
    side always ready: bytes per user_clk (64 is the interface's limit)."""
    rng = random.Random(1)
    tb = Bench(dut)
    await tb.up()
    n = 24
    data = bytes(rng.getrandbits(8) for _ in range(4096))

    async def writer():
        for k in range(n):
            await engine_dma.write(dut, tb.base + 4096 * (k % 16), data)

    async def reader():
        r = cocotb.start_soon(
            engine_dma.offer_reads(dut, [(tb.base + AREA + 4096 * (k % 16), 4096) for k in range(n)], rng)
        )
        got = await engine_dma.take_responses(dut, n, rng, ready_one_in=0)
        await r
        assert all(not f for _, _, f in got)

    async def both():
        w = cocotb.start_soon(writer())
        await reader()
        await w

    cw = await tb.clocks(writer())
    await Timer(5, "us")
    cr = await tb.clocks(reader())
    cb = await tb.clocks(both())
    dut._log.info(
        "MPS %d, MRRS %d: writes %.1f B/clock, reads %.1f B/clock, both at once %.1f B/clock",
        128 << tb.mps, 128 << tb.mrrs, n * 4096 / cw, n * 4096 / cr, 2 * n * 4096 / cb,
    )


def test_pcie_dma():
    """pytest entry: the register map from braid-spec, the bench built with
    Verilator, the cocotb tests above run on it."""
    usp.build_and_run(
        "pcie_dma",
        [REPO / "verilog-out" / "pcie_dma.v", REPO / "verilog-out" / "reg_block.v", HERE / "tb_pcie_dma.v"],
        env={"BRAID_REGS_JSON": str(usp.regs_json())},
    )
