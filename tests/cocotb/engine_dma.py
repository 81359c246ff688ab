"""The engine's side of the DMA streams, driven from Python (shared by the
benches of pcie_wr, pcie_rd and pcie_dma): writes offered beat by beat,
read requests offered with gaps, responses taken under back-pressure. The
ports are the engine's (`dw_*`, `rd_*`, `rs_*`) on the bench top."""

from cocotb.triggers import FallingEdge, RisingEdge


def idle(dut):
    """Every engine-side input of the bench that it has, at rest."""
    for name in ("dw_valid", "dw_addr", "dw_len", "dw_data", "dw_last",
                 "rd_valid", "rd_addr", "rd_len", "rd_tag", "rs_ready"):
        if hasattr(dut, name):
            getattr(dut, name).value = 0


async def write(dut, addr, data):
    """Offer one engine write, beat by beat, as the engine does."""
    n = max(1, (len(data) + 63) // 64)
    for k in range(n):
        chunk = data[64 * k : 64 * k + 64]
        await FallingEdge(dut.user_clk)
        dut.dw_valid.value = 1
        dut.dw_addr.value = addr
        dut.dw_len.value = len(data)
        dut.dw_data.value = int.from_bytes(chunk.ljust(64, b"\0"), "little")
        dut.dw_last.value = int(k + 1 == n)
        while True:
            await RisingEdge(dut.user_clk)
            if int(dut.dw_ready.value):
                break
    await FallingEdge(dut.user_clk)
    dut.dw_valid.value = 0


async def offer_reads(dut, reqs, rng):
    """The engine's read requests [(addr, len)], tags 0, 1, ... (mod 256),
    with random gaps."""
    for tag, (addr, n) in enumerate(reqs):
        await FallingEdge(dut.user_clk)
        while rng.randrange(4) == 0:
            dut.rd_valid.value = 0
            await FallingEdge(dut.user_clk)
        dut.rd_valid.value = 1
        dut.rd_addr.value = addr
        dut.rd_len.value = n
        dut.rd_tag.value = tag & 0xFF
        while True:
            await RisingEdge(dut.user_clk)
            if int(dut.rd_ready.value):
                break
    await FallingEdge(dut.user_clk)
    dut.rd_valid.value = 0


async def take_responses(dut, count, rng, ready_one_in=5):
    """The engine's side of `count` responses, `rs_ready` low one clock in
    `ready_one_in` (0: always high): [(tag, bytes, failed)] in order."""
    out = []
    data = b""
    while len(out) < count:
        await FallingEdge(dut.user_clk)
        dut.rs_ready.value = int(ready_one_in == 0 or rng.randrange(ready_one_in) != 0)
        await RisingEdge(dut.user_clk)
        if int(dut.rs_valid.value) and int(dut.rs_ready.value):
            data += int(dut.rs_data.value).to_bytes(64, "little")
            if int(dut.rs_last.value):
                out.append((int(dut.rs_tag.value), data, bool(int(dut.rs_err.value))))
                data = b""
    await FallingEdge(dut.user_clk)
    dut.rs_ready.value = 0
    return out
