"""pcie_wr behind cocotbext-pcie's model of the UltraScale+ PCIe hard block
and its root complex: the engine's DMA writes, cut into memory write TLPs by
pcie_wr, land in the root complex's host memory. Every byte of every write
must land at its address, and nothing else may change; the model drops
TLPs that cross 4 KiB. Every maximum payload size of the hard block at
gen3 x16 (128 to 1,024 bytes). Seeded (BRAID_SEED, printed on failure).
"""

import os
import random
from pathlib import Path

import cocotb
from cocotb.triggers import RisingEdge, Timer

import engine_dma
import usp

HERE = Path(__file__).resolve().parent
REPO = usp.REPO
REGION = 64 * 1024


class Bench:
    def __init__(self, dut, mps_code):
        self.dut = dut
        self.rc, self.dev = usp.attach(dut, 4096, mps_code, cfg_max_payload=dut.cfg_max_payload)
        engine_dma.idle(dut)

    async def up(self):
        await usp.enumerate_device(self.dut, self.rc, self.dev, master=True)
        self.mem = self.rc.mem_pool.alloc_region(REGION)
        self.base = self.mem.get_absolute_address(0)

    async def drain(self):
        # the output register empties and the model applies the last TLP
        for _ in range(200):
            await RisingEdge(self.dut.user_clk)
        await Timer(2, "us")


def writes(rng, count):
    """Random writes inside the region: every alignment, many across a
    4 KiB or MPS boundary, 1 byte to 8 KiB."""
    out = []
    for _ in range(count):
        kind = rng.randrange(5)
        if kind == 0:
            n = rng.randint(1, 64)
        elif kind in (1, 2):
            n = rng.randint(65, 1500)
        elif kind == 3:
            n = rng.randint(1500, 4096)
        else:
            n = rng.randint(4097, 8192)
        if rng.randrange(2):
            page = rng.randrange(1, REGION // 4096 - 2) * 4096
            off = page - rng.randint(1, min(n, 200))
        else:
            off = rng.randrange(0, REGION - n)
        out.append((off, bytes(rng.getrandbits(8) for _ in range(n))))
    return out


async def run(dut, mps_code, count):
    seed = int(os.environ.get("BRAID_SEED", "0xb4a1"), 0) + mps_code
    rng = random.Random(seed)
    tb = Bench(dut, mps_code)
    await tb.up()
    assert int(dut.cfg_max_payload.value) == mps_code
    image = bytearray(rng.getrandbits(8) for _ in range(REGION))
    tb.mem[0:REGION] = bytes(image)
    tlps0 = int(dut.cnt_tlps.value)
    for off, data in writes(rng, count):
        await engine_dma.write(dut, tb.base + off, data)
        image[off : off + len(data)] = data
    await tb.drain()
    got = bytes(tb.mem[0:REGION])
    if got != bytes(image):
        bad = next(k for k in range(REGION) if got[k] != image[k])
        raise AssertionError(f"seed {seed:#x}, MPS {128 << mps_code}: first wrong byte at offset {bad:#x}")
    sent = int(dut.cnt_tlps.value) - tlps0
    dut._log.info("MPS %d: %d writes in %d TLPs, memory exact", 128 << mps_code, count, sent)


@cocotb.test()
async def writes_land_exactly_at_mps_128(dut):
    await run(dut, 0, 60)


@cocotb.test()
async def writes_land_exactly_at_mps_256(dut):
    await run(dut, 1, 60)


@cocotb.test()
async def writes_land_exactly_at_mps_512(dut):
    await run(dut, 2, 60)


@cocotb.test()
async def writes_land_exactly_at_mps_1024(dut):
    await run(dut, 3, 60)


def test_pcie_wr():
    """pytest entry: the bench built with Verilator, the cocotb tests run."""
    usp.build_and_run("pcie_wr", [REPO / "verilog-out" / "pcie_wr.v", HERE / "tb_pcie_wr.v"])
