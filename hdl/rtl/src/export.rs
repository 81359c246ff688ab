//! Verilog generation for the exported blocks.
//!
//! RustHDL names the top module `top` and submodules `top$name`. Each block
//! is written to its own file with the top module renamed to the block's
//! name and submodules prefixed with it, so all files can be read into one
//! synthesis or simulation project without clashes.

use rust_hdl::prelude::*;

/// One exported block: its module name and a generator of its Verilog.
pub struct ExportedBlock {
    /// Module and file name (`verilog-out/<name>.v`).
    pub name: &'static str,
    /// One-line description written into the file header.
    pub description: &'static str,
    generate: fn() -> String,
}

impl ExportedBlock {
    /// Generate the final, renamed Verilog text of this block.
    pub fn verilog(&self) -> String {
        let raw = (self.generate)();
        let v = mark_ultra_ram(&rename_top(&raw, self.name, self.description), self.name);
        if ISOLATE_TOP.contains(&self.name) {
            isolate_top_regs(&v, self.name)
        } else {
            v
        }
    }
}

/// Tops whose `reg`s are marked for Verilator's `isolate_assignments`.
/// RustHDL writes each module's logic as one `always @(*)` block, so in a
/// top that wires blocks together every output of a block seems to depend
/// on every input of it, and Verilator reports false combinational loops
/// (`UNOPTFLAT`) through the handshakes between the blocks. Marking every
/// `reg` (the blocks' registered outputs and locals, and the top's own
/// locals) makes Verilator order each assignment on its own. The top's
/// ports are left as they are (the co-simulation build parses them). The
/// mark is a comment to every other tool.
pub const ISOLATE_TOP: &[&str] = &["braid_engine", "braid_engine_mid", "braid_engine_tiny"];

/// Mark every `reg` declaration of the file with
/// `/*verilator isolate_assignments*/`, except the ports of module `top`.
/// Panics when the module is missing.
fn isolate_top_regs(verilog: &str, top: &str) -> String {
    let head = format!("module {top}(");
    let start = verilog
        .find(&head)
        .unwrap_or_else(|| panic!("no module {top} to mark"));
    let end = start
        + verilog[start..]
            .find("endmodule")
            .expect("module without endmodule");
    let mut out = String::with_capacity(verilog.len() + 512 * 1024);
    let mut pos = 0;
    for line in verilog.split_inclusive('\n') {
        let in_top = (start..end).contains(&pos);
        pos += line.len();
        let mark = line.starts_with("    reg ") || (!in_top && line.starts_with("    output reg "));
        match line.strip_suffix(";\n") {
            Some(decl) if mark => {
                out.push_str(decl);
                out.push_str(" /*verilator isolate_assignments*/;\n");
            }
            _ => out.push_str(line),
        }
    }
    out
}

/// Memories meant for UltraRAM: (block, the submodules of it holding the
/// RAM widget, after renaming: `<block>__<sub>`). RustHDL's `RAM` has no way
/// to carry a synthesis attribute, and neither Vivado nor Yosys puts a
/// memory into URAM288 unless told to (Yosys never does on its own: its URAM
/// is a `huge` memory). These modules' `mem` gets `(* ram_style = "ultra"
/// *)`, in the default build and in the mid build (`<block>_mid`): the tiny
/// ones are for open boards, which have no UltraRAM.
pub const ULTRA_RAM: &[(&str, &[&str])] = &[
    ("slot_table", &["ram"]),
    ("rq_fetch", &["ca0", "ca1", "cb0", "cb1"]),
    (
        "braid_engine",
        &["rqf$ca0", "rqf$ca1", "rqf$cb0", "rqf$cb1", "slt$ram"],
    ),
];

/// Put `(* ram_style = "ultra" *)` on the memory of every module `ULTRA_RAM`
/// lists for `block`. Panics when a listed module or its memory is missing,
/// so a renamed field cannot silently drop the attribute.
fn mark_ultra_ram(verilog: &str, block: &str) -> String {
    let mut out = verilog.to_string();
    let base = block.strip_suffix("_mid").unwrap_or(block);
    let subs = ULTRA_RAM.iter().filter(|(b, _)| *b == base);
    for module in subs.flat_map(|(_, subs)| subs.iter().map(|sub| format!("{block}__{sub}"))) {
        let head = format!("module {module}(");
        let start = out
            .find(&head)
            .unwrap_or_else(|| panic!("{block}: no module {module} to put in UltraRAM"));
        let end = start
            + out[start..]
                .find("endmodule")
                .expect("module without endmodule");
        let body = &out[start..end];
        let decl = body
            .find("    reg[")
            .filter(|&i| {
                body[i..]
                    .lines()
                    .next()
                    .is_some_and(|l| l.contains(" mem["))
            })
            .unwrap_or_else(|| panic!("{block}: module {module} declares no `mem`"));
        out.insert_str(start + decl + 4, "(* ram_style = \"ultra\" *) ");
    }
    out
}

fn gen<B: Block + Default>() -> String {
    let mut uut = B::default();
    uut.connect_all();
    generate_verilog(&uut)
}

/// Every block written to `verilog-out/`, in a stable order.
pub fn blocks() -> Vec<ExportedBlock> {
    vec![
        ExportedBlock {
            name: "sack_tracker",
            description: "receiver per-path SACK tracker (base PSN + 256-bit bitmap)",
            generate: gen::<crate::SackTracker>,
        },
        ExportedBlock {
            name: "loss_detector",
            description: "sender per-path loss detector (ACK/SACK processing, lost-PSN emission)",
            generate: gen::<crate::LossDetector>,
        },
        ExportedBlock {
            name: "path_window",
            description: "sender per-path window and in-flight accounting",
            generate: gen::<crate::PathWindow>,
        },
        ExportedBlock {
            name: "mr_check",
            description: "receiver memory-region table (block RAM) and WRITE placement check",
            generate: gen::<crate::MrCheck>,
        },
        ExportedBlock {
            name: "reg_block",
            description: "BAR0 register block: AXI4-Lite slave of the braid_spec::regs map",
            generate: gen::<crate::RegBlock>,
        },
        ExportedBlock {
            name: "rx_path_table",
            description: "receiver per-path state table (block RAM, 16,384 paths): SACK window, ECN, ACK coalescing",
            generate: gen::<crate::RxPathTableFull>,
        },
        ExportedBlock {
            name: "rx_path_table_tiny",
            description: "receiver per-path state table (block RAM, 64 paths): SACK window, ECN, ACK coalescing",
            generate: gen::<crate::RxPathTableTiny>,
        },
        ExportedBlock {
            name: "rx_path_table_mid",
            description: "receiver per-path state table (block RAM, 8,192 paths): SACK window, ECN, ACK coalescing",
            generate: gen::<crate::RxPathTableMid>,
        },
        ExportedBlock {
            name: "msg_tracker",
            description: "receiver message tracker for 1,024 connections x 4 streams (byte counts per message, completions in MSN order per stream; block RAM)",
            generate: gen::<crate::MsgTrackerFull>,
        },
        ExportedBlock {
            name: "msg_tracker_tiny",
            description: "receiver message tracker for 16 connections x 4 streams (byte counts per message, completions in MSN order per stream)",
            generate: gen::<crate::MsgTrackerTiny>,
        },
        ExportedBlock {
            name: "msg_tracker_mid",
            description: "receiver message tracker for 512 connections x 4 streams (byte counts per message, completions in MSN order per stream)",
            generate: gen::<crate::MsgTrackerMid>,
        },
        ExportedBlock {
            name: "tx_builder",
            description: "transmit frame builder (Ethernet/IP/UDP/Braid headers + payload merge, 512-bit AXI-Stream)",
            generate: gen::<crate::TxBuilder>,
        },
        ExportedBlock {
            name: "rx_parser",
            description: "receive header parser (Ethernet/IP/UDP/Braid checks, descriptor, payload realignment)",
            generate: gen::<crate::RxParser>,
        },
        ExportedBlock {
            name: "path_cc",
            description: "sender per-path RTT, RTO and DCTCP window for 16,384 paths (block RAM)",
            generate: gen::<crate::PathCcFull>,
        },
        ExportedBlock {
            name: "path_cc_tiny",
            description: "sender per-path RTT, RTO and DCTCP window for 64 paths",
            generate: gen::<crate::PathCcTiny>,
        },
        ExportedBlock {
            name: "path_cc_mid",
            description: "sender per-path RTT, RTO and DCTCP window for 8,192 paths",
            generate: gen::<crate::PathCcMid>,
        },
        ExportedBlock {
            name: "cq_writer",
            description: "completion-queue writer (1,024 CQ contexts in block RAM, CQEs with owner bit by DMA write)",
            generate: gen::<crate::CqWriterFull>,
        },
        ExportedBlock {
            name: "cq_writer_tiny",
            description: "completion-queue writer (16 CQ contexts, CQEs with owner bit by DMA write)",
            generate: gen::<crate::CqWriterTiny>,
        },
        ExportedBlock {
            name: "cq_writer_mid",
            description: "completion-queue writer (512 CQ contexts, CQEs with owner bit by DMA write)",
            generate: gen::<crate::CqWriterMid>,
        },
        ExportedBlock {
            name: "dw_arb",
            description: "DMA write arbiter (two write streams into one, writes kept whole, round robin per write)",
            generate: gen::<crate::DwArb>,
        },
        ExportedBlock {
            name: "pcie_bar",
            description: "PCIe completer: BAR0 requests of the UltraScale+ hard block's CQ interface into AXI4-Lite accesses, read data back on CC",
            generate: gen::<crate::PcieBar>,
        },
        ExportedBlock {
            name: "pcie_wr",
            description: "PCIe requester, write side: the engine's DMA write stream into memory write TLPs on the UltraScale+ hard block's RQ interface",
            generate: gen::<crate::PcieWr>,
        },
        ExportedBlock {
            name: "pcie_rd",
            description: "PCIe requester, read side: the engine's DMA reads into memory read TLPs on RQ (MRRS, 32 tags), completions from RC checked, placed and returned in request order; timeouts and error completions fail the read",
            generate: gen::<crate::PcieRd>,
        },
        ExportedBlock {
            name: "rq_arb",
            description: "PCIe requester request arbiter: pcie_wr's and pcie_rd's TLPs onto the hard block's RQ, TLPs kept whole, round robin per TLP (stream_arb over the packed beat)",
            generate: gen::<crate::RqArb>,
        },
        ExportedBlock {
            name: "pcie_dma",
            description: "Braid's own DMA on the UltraScale+ PCIe hard block, whole: pcie_bar, pcie_wr, pcie_rd and rq_arb wired between the engine's host interface and the hard block's CQ/CC/RQ/RC",
            generate: gen::<crate::PcieDma>,
        },
        ExportedBlock {
            name: "cmac_adapter",
            description: "the engine's MAC ports on the 100G CMAC's 512-bit AXI4-Stream at 322 MHz: a frame FIFO each way between the clocks, receive overflow and bad frames dropped whole and counted, transmit sent only as whole frames",
            generate: gen::<crate::CmacAdapter>,
        },
        ExportedBlock {
            name: "ack_gen",
            description: "receiver ACK/NACK/PROBE_REPLY generator (peer table in block RAM, coalescing queues) and control-first transmit arbiter",
            generate: gen::<crate::AckGen>,
        },
        ExportedBlock {
            name: "dedup_table",
            description: "receiver CSN dedup window of every connection (block RAM, 1,024 connections): NEW/DUPLICATE/OUT_OF_WINDOW and the exact csn_base",
            generate: gen::<crate::DedupTableFull>,
        },
        ExportedBlock {
            name: "dedup_table_tiny",
            description: "receiver CSN dedup window of every connection (16 connections): NEW/DUPLICATE/OUT_OF_WINDOW and the exact csn_base",
            generate: gen::<crate::DedupTableTiny>,
        },
        ExportedBlock {
            name: "dedup_table_mid",
            description: "receiver CSN dedup window of every connection (512 connections): NEW/DUPLICATE/OUT_OF_WINDOW and the exact csn_base",
            generate: gen::<crate::DedupTableMid>,
        },
        ExportedBlock {
            name: "tx_path_table",
            description: "sender per-path loss-detection table (block RAM, 16,384 paths): ACK/SACK processing, PSN allocation, timeouts, exact floor, retransmit queue and lost-PSN stream",
            generate: gen::<crate::TxPathTableFull>,
        },
        ExportedBlock {
            name: "tx_path_table_tiny",
            description: "sender per-path loss-detection table (block RAM, 64 paths): ACK/SACK processing, PSN allocation, timeouts, exact floor, retransmit queue and lost-PSN stream",
            generate: gen::<crate::TxPathTableTiny>,
        },
        ExportedBlock {
            name: "tx_path_table_mid",
            description: "sender per-path loss-detection table (block RAM, 8,192 paths): ACK/SACK processing, PSN allocation, timeouts, exact floor, retransmit queue and lost-PSN stream",
            generate: gen::<crate::TxPathTableMid>,
        },
        ExportedBlock {
            name: "segmenter",
            description: "sender segmenter (1,024 connections, 8 WQE slots each in block RAM): messages to MTU packet descriptors with CSN/MSN/RSN, CSN and message windows, round-robin connection queue, completion records and WQE credits",
            generate: gen::<crate::SegmenterFull>,
        },
        ExportedBlock {
            name: "segmenter_tiny",
            description: "sender segmenter (16 connections, 8 WQE slots each): messages to MTU packet descriptors with CSN/MSN/RSN, CSN and message windows, round-robin connection queue, completion records and WQE credits",
            generate: gen::<crate::SegmenterTiny>,
        },
        ExportedBlock {
            name: "segmenter_mid",
            description: "sender segmenter (512 connections, 8 WQE slots each): messages to MTU packet descriptors with CSN/MSN/RSN, CSN and message windows, round-robin connection queue, completion records and WQE credits",
            generate: gen::<crate::SegmenterMid>,
        },
        ExportedBlock {
            name: "timer_wheel",
            description: "timer wheel over 16,384 paths (4,096 buckets of 2^cfg_shift ticks, linked lists in block RAM): ARM/DISARM, timeout events",
            generate: gen::<crate::TimerWheelFull>,
        },
        ExportedBlock {
            name: "timer_wheel_tiny",
            description: "timer wheel over 64 paths (16 buckets of 2^cfg_shift ticks): ARM/DISARM, timeout events",
            generate: gen::<crate::TimerWheelTiny>,
        },
        ExportedBlock {
            name: "timer_wheel_mid",
            description: "timer wheel over 8,192 paths (2,048 buckets of 2^cfg_shift ticks, linked lists in block RAM): ARM/DISARM, timeout events",
            generate: gen::<crate::TimerWheelMid>,
        },
        ExportedBlock {
            name: "sprayer",
            description: "send-side path choice (round robin over open paths in bursts, retransmissions avoid suspect paths) and pacer, 1,024 connections x 16 paths",
            generate: gen::<crate::SprayerFull>,
        },
        ExportedBlock {
            name: "sprayer_tiny",
            description: "send-side path choice and pacer, 16 connections x 16 paths, rate table for hints below 25.6 Gb/s",
            generate: gen::<crate::SprayerTiny>,
        },
        ExportedBlock {
            name: "sprayer_mid",
            description: "send-side path choice (round robin over open paths in bursts, retransmissions avoid suspect paths) and pacer, 512 connections x 16 paths",
            generate: gen::<crate::SprayerMid>,
        },
        ExportedBlock {
            name: "wqe_fetch",
            description: "send-queue WQE fetcher (1,024 send-ring contexts in block RAM, doorbells, round-robin DMA reads of up to 8 WQEs, parsed and checked WQE stream)",
            generate: gen::<crate::WqeFetchFull>,
        },
        ExportedBlock {
            name: "wqe_fetch_tiny",
            description: "send-queue WQE fetcher (16 send-ring contexts, doorbells, round-robin DMA reads of up to 8 WQEs, parsed and checked WQE stream)",
            generate: gen::<crate::WqeFetchTiny>,
        },
        ExportedBlock {
            name: "wqe_fetch_mid",
            description: "send-queue WQE fetcher (512 send-ring contexts, doorbells, round-robin DMA reads of up to 8 WQEs, parsed and checked WQE stream)",
            generate: gen::<crate::WqeFetchMid>,
        },
        ExportedBlock {
            name: "dr_arb",
            description: "DMA read arbiter (three read-request streams into one, round robin per request, bad requests refused, responses routed by an in-order client FIFO of 32)",
            generate: gen::<crate::DrArb>,
        },
        ExportedBlock {
            name: "tx_payload",
            description: "payload reader of the send path (DMA reads split at 4 KiB with buffer credits, 256-line response buffer, store and forward, payload realigned to lane 0 for tx_builder)",
            generate: gen::<crate::TxPayload>,
        },
        ExportedBlock {
            name: "slot_table",
            description: "sender slot table (16,384 paths x 256 PSN slots of 72-bit entries, 4 M words for UltraRAM): CSN, WQE index, offset per sent packet, read back for retransmission",
            generate: gen::<crate::SlotTableFull>,
        },
        ExportedBlock {
            name: "slot_table_tiny",
            description: "sender slot table (64 paths x 256 PSN slots of 72-bit entries, block RAM): CSN, WQE index, offset per sent packet, read back for retransmission",
            generate: gen::<crate::SlotTableTiny>,
        },
        ExportedBlock {
            name: "slot_table_mid",
            description: "sender slot table (8,192 paths x 256 PSN slots of 72-bit entries, 2 M words for UltraRAM): CSN, WQE index, offset per sent packet, read back for retransmission",
            generate: gen::<crate::SlotTableMid>,
        },
        ExportedBlock {
            name: "tx_compl",
            description: "sender completions (block RAM, 1,024 connections x 32 outstanding messages): completed in posting order by the peer's csn_base, flush, completion queue toward cq_writer",
            generate: gen::<crate::TxComplFull>,
        },
        ExportedBlock {
            name: "tx_compl_tiny",
            description: "sender completions (16 connections x 32 outstanding messages): completed in posting order by the peer's csn_base, flush, completion queue toward cq_writer",
            generate: gen::<crate::TxComplTiny>,
        },
        ExportedBlock {
            name: "tx_compl_mid",
            description: "sender completions (512 connections x 32 outstanding messages): completed in posting order by the peer's csn_base, flush, completion queue toward cq_writer",
            generate: gen::<crate::TxComplMid>,
        },
        ExportedBlock {
            name: "cmd_proc",
            description: "command processor (CMD mailbox sequencer: checks, per-target operations, destroy drain) and the connection table (1,024 connections x 16 paths, 1,024 CQs): receive and transmit lookups",
            generate: gen::<crate::CmdProcFull>,
        },
        ExportedBlock {
            name: "cmd_proc_tiny",
            description: "command processor and connection table (16 connections x 4 paths, 16 CQs)",
            generate: gen::<crate::CmdProcTiny>,
        },
        ExportedBlock {
            name: "cmd_proc_mid",
            description: "command processor and connection table (512 connections x 16 paths, 512 CQs)",
            generate: gen::<crate::CmdProcMid>,
        },
        ExportedBlock {
            name: "rq_fetch",
            description: "receive-queue fetcher (4,096 receive-ring contexts in block RAM, doorbells, DMA reads of up to 8 RQEs into a 32-entry cache per context in UltraRAM, SEND MATCH and CONSUME)",
            generate: gen::<crate::RqFetchFull>,
        },
        ExportedBlock {
            name: "rq_fetch_tiny",
            description: "receive-queue fetcher (64 receive-ring contexts, doorbells, DMA reads of up to 8 RQEs into a 32-entry cache per context, SEND MATCH and CONSUME)",
            generate: gen::<crate::RqFetchTiny>,
        },
        ExportedBlock {
            name: "rq_fetch_mid",
            description: "receive-queue fetcher (2,048 receive-ring contexts in block RAM, doorbells, DMA reads of up to 8 RQEs into a 32-entry cache per context in UltraRAM, SEND MATCH and CONSUME)",
            generate: gen::<crate::RqFetchMid>,
        },
        ExportedBlock {
            name: "path_window_table",
            description: "sender per-path window table (block RAM, 1,024 connections x 16 paths): in-flight count against floor(cwnd) and the span rule from tx_path_table and path_cc results (32-entry FIFOs with ready), open/suspect mask writes for the sprayer, stats reads",
            generate: gen::<crate::PathWindowTableFull>,
        },
        ExportedBlock {
            name: "path_window_table_tiny",
            description: "sender per-path window table (16 connections x 4 paths): in-flight count against floor(cwnd) and the span rule, open/suspect mask writes for the sprayer, stats reads",
            generate: gen::<crate::PathWindowTableTiny>,
        },
        ExportedBlock {
            name: "path_window_table_mid",
            description: "sender per-path window table (512 connections x 16 paths): in-flight count against floor(cwnd) and the span rule, open/suspect mask writes for the sprayer, stats reads",
            generate: gen::<crate::PathWindowTableMid>,
        },
        ExportedBlock {
            name: "rx_rate_hint",
            description: "receiver rate hint (1,024 connections): active senders per interval, one-way-delay queue estimate, the port's rate scaled and divided among the senders by a sequential multiply/divide unit",
            generate: gen::<crate::RateHintFull>,
        },
        ExportedBlock {
            name: "rx_rate_hint_tiny",
            description: "receiver rate hint (16 connections): active senders per interval, one-way-delay queue estimate, the port's rate scaled and divided among the senders",
            generate: gen::<crate::RateHintTiny>,
        },
        ExportedBlock {
            name: "rx_rate_hint_mid",
            description: "receiver rate hint (512 connections): active senders per interval, one-way-delay queue estimate, the port's rate scaled and divided among the senders",
            generate: gen::<crate::RateHintMid>,
        },
        ExportedBlock {
            name: "braid_engine",
            description: "packet engine top (1,024 connections x 16 paths): stage 1, host interface and control path",
            generate: gen::<crate::BraidEngineFull>,
        },
        ExportedBlock {
            name: "braid_engine_tiny",
            description: "packet engine top (16 connections x 4 paths): stage 1, host interface and control path",
            generate: gen::<crate::BraidEngineTiny>,
        },
        ExportedBlock {
            name: "braid_engine_mid",
            description: "packet engine top (512 connections x 16 paths, for U280 and U55C): stage 1, host interface and control path",
            generate: gen::<crate::BraidEngineMid>,
        },
    ]
}

/// Rename `top` to `name` and `top$sub` to `name__sub`, and add a header.
pub fn rename_top(verilog: &str, name: &str, description: &str) -> String {
    let mut out = String::with_capacity(verilog.len() + 256);
    out.push_str(&format!(
        "// {name}: {description}\n\
         // Generated by `cargo run -p braid-hdl --bin export` from hdl/rtl (RustHDL).\n\
         // Do not edit: change the RustHDL source and re-export.\n"
    ));
    let renamed = verilog.replace("top$", &format!("{name}__"));
    for line in renamed.lines() {
        let trimmed = line.trim_start();
        if let Some(rest) = trimmed.strip_prefix("module top(") {
            let indent = &line[..line.len() - trimmed.len()];
            out.push_str(&format!("{indent}module {name}({rest}\n"));
        } else if let Some(rest) = trimmed.strip_prefix("module top (") {
            let indent = &line[..line.len() - trimmed.len()];
            out.push_str(&format!("{indent}module {name} ({rest}\n"));
        } else {
            out.push_str(line.trim_end());
            out.push('\n');
        }
    }
    out
}
