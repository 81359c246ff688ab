"""pcie_rd behind cocotbext-pcie's model of the UltraScale+ PCIe hard block
and its root complex: the engine's DMA reads, cut into memory read TLPs by
pcie_rd, are answered from the root complex's host memory with the
completions the root complex chooses (split at its read completion
boundary, 64 or 128 bytes, and at its maximum payload size). Every response
must carry exactly the bytes of host memory, in request order. Faults from
the PCIe side (an unsupported request for an address the host does not
have, a completer abort, a completion that never comes) must fail exactly
the read they hit, count, and leave the reads after it good. Seeded
(BRAID_SEED, printed on failure).
"""

import os
import random
from pathlib import Path

import cocotb
from cocotb.triggers import RisingEdge
from cocotbext.pcie.core.tlp import Tlp, TlpType

import engine_dma
import usp

HERE = Path(__file__).resolve().parent
REPO = usp.REPO
REGION = 256 * 1024


class Bench:
    def __init__(self, dut):
        self.dut = dut
        self.rc, self.dev = usp.attach(dut, 4096, 0, cfg_max_read_req=dut.cfg_max_read_req)
        engine_dma.idle(dut)
        dut.cfg_timeout.value = 0
        # the root complex's answers to read TLPs, with faults on request
        self.faults = {}  # address of a read TLP -> "ca" or "drop"
        handler = self.rc.rx_tlp_handler[TlpType.MEM_READ_64]

        async def answer(tlp):
            fault = self.faults.pop(tlp.address, None)
            if fault == "drop":
                return
            if fault == "ca":
                await self.rc.send(Tlp.create_ca_completion_for_tlp(tlp, tlp.requester_id))
                return
            await handler(tlp)

        self.rc.rx_tlp_handler[TlpType.MEM_READ_64] = answer
        self.rc.rx_tlp_handler[TlpType.MEM_READ] = answer

    async def up(self, mrrs):
        d = await usp.enumerate_device(self.dut, self.rc, self.dev, master=True)
        await d.set_readrq(mrrs)
        self.mem = self.rc.mem_pool.alloc_region(REGION)
        self.base = self.mem.get_absolute_address(0)
        for _ in range(10):
            await RisingEdge(self.dut.user_clk)
        assert int(self.dut.cfg_max_read_req.value) == mrrs


def reads(rng, count):
    """Random reads inside the region: every alignment, 1 byte to 4 KiB,
    never across 4 KiB (the engine never asks for one)."""
    out = []
    for _ in range(count):
        kind = rng.randrange(4)
        if kind == 0:
            n = rng.randint(1, 64)
        elif kind == 1:
            n = rng.randint(65, 1000)
        else:
            n = rng.randint(1000, 4096)
        page = rng.randrange(REGION // 4096) * 4096
        off = rng.randint(0, 4096 - n)
        out.append((page + off, n))
    return out


async def run(dut, mrrs, rcb128, split_all, mps, count, faults=0):
    seed = int(os.environ.get("BRAID_SEED", "0xb4a1"), 0) + 8 * mrrs + 2 * rcb128 + split_all
    rng = random.Random(seed)
    tb = Bench(dut)
    tb.rc.max_payload_size = mps
    tb.rc.read_completion_boundary = rcb128
    tb.rc.split_on_all_rcb = split_all
    dut.cfg_timeout.value = 4000
    await tb.up(mrrs)
    image = bytes(rng.getrandbits(8) for _ in range(REGION))
    tb.mem[0:REGION] = image
    reqs = reads(rng, count)
    want_fail = set()
    want_errs = 0
    absolute = []
    m = 128 << mrrs
    for k, (off, n) in enumerate(reqs):
        addr = tb.base + off
        # every third read, while faults last: each kind `faults` times
        if k % 3 == 0 and k // 3 < 3 * faults:
            kind = ("unmapped", "ca", "drop")[(k // 3) % 3]
            want_fail.add(k)
            if kind == "unmapped":
                addr = 0x7F00_0000_0000 + off  # no host memory there: UR
                want_errs += (addr + n - 1) // m - addr // m + 1  # each of its TLPs
            else:
                tb.faults[addr & ~3] = kind  # its first read TLP
                want_errs += kind == "ca"
        absolute.append((addr, n))
    c0 = (int(dut.cnt_reads.value), int(dut.cnt_cpl_err.value), int(dut.cnt_timeouts.value))
    sender = cocotb.start_soon(engine_dma.offer_reads(dut, absolute, rng))
    got = await engine_dma.take_responses(dut, len(reqs), rng)
    await sender
    for k, ((off, n), (tag, data, failed)) in enumerate(zip(reqs, got)):
        where = f"seed {seed:#x}, MRRS {128 << mrrs}, read {k} of {off:#x}+{n}"
        assert tag == k & 0xFF, f"{where}: response out of order (tag {tag})"
        assert len(data) == 64 * max(1, (n + 63) // 64), f"{where}: {len(data)} bytes of beats"
        if k in want_fail:
            assert failed, f"{where}: a read hit by a fault came back good"
            assert data == bytes(len(data)), f"{where}: a failed read carries data"
        else:
            assert not failed, f"{where}: failed"
            assert data[:n] == image[off : off + n], f"{where}: data differs"
            assert data[n:] == bytes(len(data) - n), f"{where}: lanes past the length"
    sent = int(dut.cnt_reads.value) - c0[0]
    errs = int(dut.cnt_cpl_err.value) - c0[1]
    tmos = int(dut.cnt_timeouts.value) - c0[2]
    dut._log.info(
        "MRRS %d, RCB %d%s, MPS %d: %d reads in %d TLPs, %d failed by a completion, %d by a timeout",
        128 << mrrs, 128 if rcb128 else 64, " (split at every RCB)" if split_all else "",
        128 << mps, count, sent, errs, tmos,
    )
    if faults:
        assert (errs, tmos) == (want_errs, faults), f"seed {seed:#x}: {errs} completion errors, {tmos} timeouts"


@cocotb.test()
async def reads_exact_mrrs_512_rcb_64_split(dut):
    await run(dut, 2, False, True, 0, 60)


@cocotb.test()
async def reads_exact_mrrs_128_rcb_128_mps_256(dut):
    await run(dut, 0, True, False, 1, 60)


@cocotb.test()
async def reads_exact_mrrs_4096_rcb_64_mps_512(dut):
    await run(dut, 5, False, False, 2, 40)


@cocotb.test()
async def faults_fail_only_their_reads(dut):
    await run(dut, 2, False, True, 0, 30, faults=2)


def test_pcie_rd():
    """pytest entry: the bench built with Verilator, the cocotb tests run."""
    usp.build_and_run("pcie_rd", [REPO / "verilog-out" / "pcie_rd.v", HERE / "tb_pcie_rd.v"])
