"""cmac_adapter between cocotbext-axi's AXI-Stream source and sink models at
the CMAC's clock (322.265625 MHz) and the engine's (250 MHz). Frames cross
both ways byte-exact and in order; the CMAC's transmit `tvalid` never drops
inside a frame, whatever the engine's pace and the CMAC's `tready`, and a
frame the engine flags bad (`tx_bad`) is discarded whole and counted; on
receive, which cannot wait, a burst faster than the engine drains drops
whole frames and counts them, and frames with a bad FCS are dropped and
counted. Seeded (BRAID_SEED, printed on failure).
"""

import itertools
import os
import random
from pathlib import Path

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import RisingEdge, Timer
from cocotbext.axi import AxiStreamBus, AxiStreamFrame, AxiStreamSink, AxiStreamSource

import usp

HERE = Path(__file__).resolve().parent
REPO = usp.REPO
# 322.265625 MHz is 3,103 ps: the two CMAC clocks 1 ps either side of it
# (the simulator wants even periods; they drift against each other)
RX_PS = 3102
TX_PS = 3104
ENGINE_PS = 4000  # 250 MHz


class Bench:
    def __init__(self, dut, seed):
        self.dut = dut
        self.rng = random.Random(seed)
        cocotb.start_soon(Clock(dut.clock, ENGINE_PS, "ps").start())
        cocotb.start_soon(Clock(dut.rx_clk, RX_PS, "ps").start())
        cocotb.start_soon(Clock(dut.tx_clk, TX_PS, "ps").start())
        self.cmac_rx = AxiStreamSource(AxiStreamBus.from_prefix(dut, "cmac_rx"), dut.rx_clk)
        self.eng_rx = AxiStreamSink(AxiStreamBus.from_prefix(dut, "eng_rx"), dut.clock)
        self.eng_tx = AxiStreamSource(AxiStreamBus.from_prefix(dut, "eng_tx"), dut.clock)
        self.cmac_tx = AxiStreamSink(AxiStreamBus.from_prefix(dut, "cmac_tx"), dut.tx_clk)
        self.gaps = 0
        cocotb.start_soon(self.watch_tx())

    async def watch_tx(self):
        """Count clocks where the CMAC's tvalid drops inside a frame."""
        dut = self.dut
        inside = False
        while True:
            await RisingEdge(dut.tx_clk)
            v = int(dut.cmac_tx_tvalid.value)
            if inside and not v:
                self.gaps += 1
            if v and int(dut.cmac_tx_tready.value):
                inside = not int(dut.cmac_tx_tlast.value)

    def frame(self, lo=60, hi=4200):
        n = self.rng.randint(lo, hi)
        return bytes(self.rng.getrandbits(8) for _ in range(n))

    async def settle(self):
        for _ in range(8):
            await RisingEdge(self.dut.clock)


async def recv_all(sink, count, limit_ns):
    out = []
    for _ in range(count):
        f = await cocotb.triggers.with_timeout(sink.recv(), limit_ns, "ns")
        out.append(bytes(f.tdata))
    return out


@cocotb.test()
async def frames_cross_both_ways_exact_and_whole(dut):
    seed = int(os.environ.get("BRAID_SEED", "0xb4a1"), 0)
    tb = Bench(dut, seed)
    await tb.settle()
    rng = tb.rng
    # the CMAC pauses its tready now and then; the engine's source pauses too
    tb.cmac_tx.set_pause_generator(itertools.cycle([rng.random() < 0.2 for _ in range(97)]))
    tb.eng_tx.set_pause_generator(itertools.cycle([rng.random() < 0.3 for _ in range(89)]))
    tx = [tb.frame() for _ in range(40)]
    rx = [tb.frame() for _ in range(40)]
    # every seventh frame from the engine is flagged bad: never sent
    for k, f in enumerate(tx):
        await tb.eng_tx.send(AxiStreamFrame(f, tuser=int(k % 7 == 3)))
    good_tx = [f for k, f in enumerate(tx) if k % 7 != 3]
    for f in rx:
        # at 100 Gb/s: a frame and its 20 bytes of preamble and gap take
        # (len + 20) / 38.8 CMAC clocks, its beats come back to back
        await tb.cmac_rx.send(AxiStreamFrame(f, tuser=0))
        await tb.cmac_rx.wait()
        for _ in range(int((len(f) + 20) / 38.8) + 1 - (len(f) + 63) // 64 + rng.randint(0, 10)):
            await RisingEdge(dut.rx_clk)
    got_tx = await recv_all(tb.cmac_tx, len(good_tx), 2_000_000)
    got_rx = await recv_all(tb.eng_rx, len(rx), 2_000_000)
    assert got_tx == good_tx, f"seed {seed:#x}: transmitted frames differ"
    assert got_rx == rx, f"seed {seed:#x}: received frames differ"
    assert tb.gaps == 0, f"seed {seed:#x}: the CMAC's tvalid dropped {tb.gaps} times inside a frame"
    for _ in range(200):
        await RisingEdge(dut.tx_clk)
    assert tb.cmac_tx.empty(), f"seed {seed:#x}: a frame flagged bad was sent"
    assert int(dut.cnt_rx_frames.value) == len(rx) and int(dut.cnt_tx_frames.value) == len(good_tx)
    assert int(dut.cnt_tx_bad.value) == len(tx) - len(good_tx)
    assert int(dut.cnt_rx_overflow.value) == 0 and int(dut.cnt_rx_bad.value) == 0
    dut._log.info("%d frames each way (%d flagged bad, discarded), exact, in order, "
                  "no tvalid gap inside a transmitted frame", len(tx), len(tx) - len(good_tx))


@cocotb.test()
async def receive_overflow_and_bad_frames_drop_whole_frames(dut):
    seed = int(os.environ.get("BRAID_SEED", "0xb4a1"), 0) + 1
    tb = Bench(dut, seed)
    await tb.settle()
    c0 = [int(getattr(dut, n).value) for n in ("cnt_rx_frames", "cnt_rx_overflow", "cnt_rx_bad")]
    # back to back at 322 MHz, faster than the engine's 250 MHz drains:
    # the FIFO fills and whole frames are dropped; every ninth frame is bad
    sent = []
    for k in range(60):
        f = tb.frame(2000, 4200)
        bad = k % 9 == 4
        await tb.cmac_rx.send(AxiStreamFrame(f, tuser=int(bad)))
        sent.append((f, bad))
    await tb.cmac_rx.wait()
    for _ in range(2000):
        await RisingEdge(dut.clock)
    got = []
    while not tb.eng_rx.empty():
        got.append(bytes((await tb.eng_rx.recv()).tdata))
    frames, ovf, bad = (int(getattr(dut, n).value) - c for n, c in
                        zip(("cnt_rx_frames", "cnt_rx_overflow", "cnt_rx_bad"), c0))
    n_bad = sum(b for _, b in sent)
    # the delivered frames are good sent frames, whole, in order
    it = iter([f for f, b in sent if not b])
    assert all(any(g == f for f in it) for g in got), f"seed {seed:#x}: a delivered frame is not a whole good frame in order"
    assert frames == len(got), f"seed {seed:#x}: {frames} counted, {len(got)} delivered"
    assert bad + ovf + frames == len(sent) and bad <= n_bad, f"seed {seed:#x}: {frames} + {ovf} + {bad} != {len(sent)}"
    assert ovf > 0 and bad > 0, f"seed {seed:#x}: overflow {ovf}, bad {bad}"
    dut._log.info("%d frames back to back: %d delivered whole, %d dropped on overflow, %d bad dropped",
                  len(sent), frames, ovf, bad)


def test_cmac_adapter():
    """pytest entry: the bench built with Verilator, the cocotb tests run."""
    usp.build_and_run(
        "cmac_adapter", [REPO / "verilog-out" / "cmac_adapter.v", HERE / "tb_cmac_adapter.v"]
    )
