"""Shared by the cocotb benches: cocotbext-pcie's model of the UltraScale+
PCIe hard block (gen3 x16, 512-bit interfaces at 250 MHz, straddling off,
dword-aligned) attached to a bench top whose ports are `usp_ports.vh`, a
root complex in front of it, and the Verilator build of a bench."""

import os
from pathlib import Path

from cocotb.triggers import FallingEdge, Timer
from cocotbext.axi import AxiStreamBus
from cocotbext.pcie.core import RootComplex
from cocotbext.pcie.xilinx.us import UltraScalePlusPcieDevice

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]


def attach(dut, bar0_size, mps_code=0, prefix="", **ports):
    """A root complex and the hard-block model on `dut`, on the ports named
    `prefix` + usp_ports.vh's names; `ports` are the optional model signals
    the bench has (`cfg_max_payload=dut...`)."""
    sig = lambda name: getattr(dut, prefix + name)
    # a bench may clock several models from one user_clk (each drives it)
    user_clk = ports.pop("user_clk") if "user_clk" in ports else sig("user_clk")
    rc = RootComplex()
    rc.max_payload_size = mps_code
    dev = UltraScalePlusPcieDevice(
        pcie_generation=3,
        pcie_link_width=16,
        user_clk_frequency=250e6,
        alignment="dword",
        cq_straddle=False,
        cc_straddle=False,
        rq_straddle=False,
        rc_straddle=False,
        rc_4tlp_straddle=False,
        max_payload_size=1024,
        enable_client_tag=True,
        enable_extended_tag=False,
        enable_parity=False,
        user_clk=user_clk,
        user_reset=sig("user_reset"),
        user_lnk_up=sig("user_lnk_up"),
        rq_bus=AxiStreamBus.from_prefix(dut, prefix + "s_axis_rq"),
        rc_bus=AxiStreamBus.from_prefix(dut, prefix + "m_axis_rc"),
        cq_bus=AxiStreamBus.from_prefix(dut, prefix + "m_axis_cq"),
        cc_bus=AxiStreamBus.from_prefix(dut, prefix + "s_axis_cc"),
        **ports,
    )
    dev.functions[0].configure_bar(0, bar0_size)
    rc.make_port().connect(dev)
    return rc, dev


async def enumerate_device(dut, rc, dev, master=False, prefix=""):
    """Wait out the model's reset, enumerate, enable the device (and bus
    mastering); returns the root complex's view of it."""
    await FallingEdge(getattr(dut, prefix + "user_reset"))
    await Timer(100, "ns")
    await rc.enumerate()
    d = rc.find_device(dev.functions[0].pcie_id)
    await d.enable_device()
    if master:
        await d.set_master()
    return d


def build_root():
    """Where the benches build (BRAID_COCOTB_BUILD, else target/cocotb)."""
    return Path(os.environ.get("BRAID_COCOTB_BUILD", REPO / "target" / "cocotb"))


def regs_json():
    """The register map from braid-spec as JSON (`cargo run -p braid-spec
    --example regs-json`), written under the build root; its path."""
    import subprocess

    build = build_root()
    build.mkdir(parents=True, exist_ok=True)
    path = build / "regs.json"
    out = subprocess.run(
        ["cargo", "run", "-q", "-p", "braid-spec", "--example", "regs-json"],
        cwd=REPO,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    path.write_text(out, encoding="utf-8")
    return path


def build_and_run(name, sources, env=None, quick_compile=False, defines=None, public_top=False):
    """pytest side: Verilate bench `tb_<name>` with `sources` (and the
    shared port list), run the cocotb tests of `test_<name>` on it.
    `quick_compile`: compile the model's C++ unoptimized (for a bench of a
    large design that runs few clocks: its compile time dominates), or
    "slow": only its code that runs once;
    `defines`: Verilog macros for the build; `public_top`: only the bench
    top's signals are visible to Python (cocotb's runner makes every signal
    of the design public, which keeps Verilator from optimizing any of it:
    a large design then runs tens of times slower)."""
    from cocotb_tools.runner import get_runner

    build_dir = build_root() / name
    runner = _public_top_runner(name, build_dir) if public_top else get_runner("verilator")
    saved = os.environ.get("MAKEFLAGS")
    if quick_compile:
        # variables in MAKEFLAGS override the makefile's, like make's arguments;
        # "slow": only the code that runs once (construction, settling)
        opts = "OPT_SLOW=-O0" if quick_compile == "slow" else "OPT_FAST=-O0 OPT_SLOW=-O0"
        os.environ["MAKEFLAGS"] = ((saved or "") + " " + opts).strip()
    try:
        _build(runner, name, sources, build_dir, defines or {})
    finally:
        if saved is None:
            os.environ.pop("MAKEFLAGS", None)
        else:
            os.environ["MAKEFLAGS"] = saved
    runner.test(
        hdl_toplevel=f"tb_{name}",
        test_module=f"test_{name}",
        build_dir=build_dir,
        test_dir=build_dir,
        extra_env=env or {},
    )
    return build_dir


def _public_top_runner(name, build_dir):
    """cocotb's Verilator runner without `--public-flat-rw`, with a
    Verilator configuration file that makes only `tb_<name>`'s own signals
    public."""
    from cocotb_tools.runner import Verilator

    build_dir.mkdir(parents=True, exist_ok=True)
    vlt = build_dir / "public_top.vlt"
    vlt.write_text(
        f'`verilator_config\npublic_flat_rw -module "tb_{name}" -var "*"\n', encoding="utf-8"
    )

    class PublicTop(Verilator):
        def _build_command(self):
            cmds = super()._build_command()
            cmds[0] = [a for a in cmds[0] if a != "--public-flat-rw"] + [str(vlt)]
            return cmds

    return PublicTop()


def _build(runner, name, sources, build_dir, defines):
    runner.build(
        sources=sources,
        includes=[HERE],
        hdl_toplevel=f"tb_{name}",
        build_dir=build_dir,
        timescale=("1ns", "1ps"),
        defines=defines,
        build_args=["-Wno-WIDTH", "-Wno-DECLFILENAME", "-Wno-PINCONNECTEMPTY", "-Wno-UNUSED"],
    )
