# Braid on an Alveo card: the rule every card's Makefile includes after
# setting `card` (u250, u280, u55c). `make` builds the bitstream and the
# reports with Vivado (on PATH) in build/.
repo := ../../..
engine := $(shell sed -n 's/^set engine //p' card.tcl)
build/braid_$(card).bit: card.tcl braid_$(card).v pins.xdc timing.xdc \
		../common/build.tcl ../common/ip.tcl ../common/cdc.xdc ../common/braid_core.v \
		../common/braid_alveo.v ../pci_ids.tcl \
		$(repo)/verilog-out/pcie_dma.v $(repo)/verilog-out/cmac_adapter.v \
		$(repo)/verilog-out/$(engine).v
	mkdir -p build
	vivado -mode batch -nojournal -log build/vivado.log \
		-source card.tcl -source ../common/build.tcl

clean:
	rm -rf build .Xil

.PHONY: clean
