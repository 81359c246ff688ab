"""The board minus its hard block and CMAC: braid_core, the board tops'
wiring of Braid's DMA (pcie_dma) in front of the engine (here
braid_engine_tiny), behind cocotbext-pcie's model of the
UltraScale+ PCIe hard block and its root complex. The root complex
enumerates the device and assigns BAR0; the engine's identity registers
read back through it with the values braid-spec defines, and a register
written through BAR0 reads back.
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


@cocotb.test()
async def the_engine_answers_through_the_root_complex(dut):
    with open(os.environ["BRAID_REGS_JSON"], encoding="utf-8") as f:
        regs = {r["name"]: r for r in json.load(f)["regs"]}
    rc, dev = usp.attach(
        dut,
        4096,
        1,
        cfg_max_payload=dut.cfg_max_payload,
        cfg_max_read_req=dut.cfg_max_read_req,
        pcie_cq_np_req=dut.pcie_cq_np_req,
        pcie_cq_np_req_count=dut.pcie_cq_np_req_count,
    )
    dut.eng_rx_tvalid.value = 0
    dut.eng_tx_tready.value = 1
    d = await usp.enumerate_device(dut, rc, dev, master=True)
    bar = d.bar_window[0]
    dut._log.info("BAR0 at %#x", d.bar_addr[0])

    async def rd32(name):
        raw = await bar.read(regs[name]["offset"], 4, timeout=20, timeout_unit="us")
        return struct.unpack("<I", raw)[0]

    for name in ("ID", "VERSION", "SPEC_HASH"):
        got = await rd32(name)
        assert got == regs[name]["reset"], f"{name}: {got:#x}, braid-spec says {regs[name]['reset']:#x}"
    await bar.write(regs["SCRATCH"]["offset"], struct.pack("<I", 0x5EED_B4A1))
    assert await rd32("SCRATCH") == 0x5EED_B4A1
    for _ in range(10):
        await RisingEdge(dut.user_clk)
    assert int(dut.cnt_ur.value) == 0
    dut._log.info("ID, VERSION and SPEC_HASH read back as braid-spec defines them; SCRATCH round-trips")


def test_board():
    """pytest entry: the register map from braid-spec, the bench built with
    Verilator, the cocotb test above run on it."""
    usp.build_and_run(
        "board",
        [
            REPO / "verilog-out" / "pcie_dma.v",
            REPO / "verilog-out" / "braid_engine_tiny.v",
            REPO / "constraints" / "alveo" / "common" / "braid_core.v",
            HERE / "tb_board.v",
        ],
        defines={"BRAID_ENGINE": "braid_engine_tiny"},
        env={"BRAID_REGS_JSON": str(usp.regs_json())},
        quick_compile=True,
    )
