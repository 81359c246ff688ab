//! `cmac_adapter`: the engine's MAC ports on the 100G CMAC's 512-bit
//! AXI4-Stream interfaces (UltraScale+ CMAC, 322.265625 MHz), each way
//! through a `frame_fifo` of 256 beats (16 KiB) between the CMAC's clock
//! and the engine's.
//!
//! * Receive (CMAC `rx_*` at `rx_clk`, no back-pressure, `tuser` 1 on the
//!   last beat of a frame with a bad FCS or a MAC error): the FIFO never
//!   waits; a frame that does not fit is dropped whole and counted
//!   (`cnt_rx_overflow`), a bad frame is dropped whole and counted
//!   (`cnt_rx_bad`). The engine's `rx_*` (no back-pressure either) gets
//!   whole frames, a beat per engine clock: at 250 MHz that is 16 GB/s,
//!   above 100 Gb/s, so the FIFO only fills in bursts.
//! * Transmit (the engine's `tx_*`, with `tx_ready`): a frame is sent to
//!   the CMAC only once all of it is in the FIFO, so the CMAC's `tvalid`
//!   never drops inside a frame (the CMAC requires it); the CMAC's `tready`
//!   may pause it. A frame whose last beat has `tx_bad` (the engine's: its
//!   payload read failed) is discarded in the FIFO, never sent, and counted
//!   (`cnt_tx_bad`); `cnt_tx_frames` counts the frames committed.
//! * Counters are in the clock of the side that counts: `cnt_rx_*` in
//!   `rx_clk`, `cnt_tx_frames` in the engine's.

use crate::frame_fifo::FrameFifo;
use rust_hdl::prelude::*;

hdl_block! {
    /// The engine's MAC ports on the CMAC.
    pub struct CmacAdapter {
        /// Engine clock.
        pub clock: Signal<In, Clock>,
        /// CMAC receive clock.
        pub rx_clk: Signal<In, Clock>,
        /// CMAC transmit clock.
        pub tx_clk: Signal<In, Clock>,
        /// CMAC receive beat valid.
        pub cmac_rx_tvalid: Signal<In, Bit>,
        /// CMAC receive data.
        pub cmac_rx_tdata: Signal<In, Bits<512>>,
        /// CMAC receive byte enables.
        pub cmac_rx_tkeep: Signal<In, Bits<64>>,
        /// CMAC receive last beat.
        pub cmac_rx_tlast: Signal<In, Bit>,
        /// CMAC receive error (bad FCS), with the last beat.
        pub cmac_rx_tuser: Signal<In, Bit>,
        /// Engine receive beat valid.
        pub rx_valid: Signal<Out, Bit>,
        /// Engine receive data.
        pub rx_data: Signal<Out, Bits<512>>,
        /// Engine receive byte enables.
        pub rx_keep: Signal<Out, Bits<64>>,
        /// Engine receive last beat.
        pub rx_last: Signal<Out, Bit>,
        /// Engine transmit beat valid.
        pub tx_valid: Signal<In, Bit>,
        /// Engine transmit beat taken.
        pub tx_ready: Signal<Out, Bit>,
        /// Engine transmit data.
        pub tx_data: Signal<In, Bits<512>>,
        /// Engine transmit byte enables.
        pub tx_keep: Signal<In, Bits<64>>,
        /// Engine transmit last beat.
        pub tx_last: Signal<In, Bit>,
        /// With `tx_last`: the frame is bad (its payload read failed):
        /// discard it.
        pub tx_bad: Signal<In, Bit>,
        /// CMAC transmit beat valid.
        pub cmac_tx_tvalid: Signal<Out, Bit>,
        /// CMAC transmit ready.
        pub cmac_tx_tready: Signal<In, Bit>,
        /// CMAC transmit data.
        pub cmac_tx_tdata: Signal<Out, Bits<512>>,
        /// CMAC transmit byte enables.
        pub cmac_tx_tkeep: Signal<Out, Bits<64>>,
        /// CMAC transmit last beat.
        pub cmac_tx_tlast: Signal<Out, Bit>,
        /// CMAC transmit error (always 0).
        pub cmac_tx_tuser: Signal<Out, Bit>,
        /// Frames received whole (`rx_clk`).
        pub cnt_rx_frames: Signal<Out, Bits<32>>,
        /// Received frames dropped because the FIFO was full (`rx_clk`).
        pub cnt_rx_overflow: Signal<Out, Bits<32>>,
        /// Received frames dropped for a bad FCS (`rx_clk`).
        pub cnt_rx_bad: Signal<Out, Bits<32>>,
        /// Frames the engine sent (engine clock).
        pub cnt_tx_frames: Signal<Out, Bits<32>>,
        /// Frames the engine flagged bad, discarded (engine clock).
        pub cnt_tx_bad: Signal<Out, Bits<32>>,
        rxf: FrameFifo<8, 9>,
        txf: FrameFifo<8, 9>,
    }
}

impl Logic for CmacAdapter {
    #[hdl_gen]
    fn update(&mut self) {
        // receive: CMAC -> engine, never waits
        self.rxf.wr_clock.next = self.rx_clk.val();
        self.rxf.rd_clock.next = self.clock.val();
        self.rxf.drop_mode.next = true;
        self.rxf.in_valid.next = self.cmac_rx_tvalid.val();
        self.rxf.in_data.next = self.cmac_rx_tdata.val();
        self.rxf.in_keep.next = self.cmac_rx_tkeep.val();
        self.rxf.in_last.next = self.cmac_rx_tlast.val();
        self.rxf.in_err.next = self.cmac_rx_tuser.val();
        self.rxf.out_ready.next = true;
        self.rx_valid.next = self.rxf.out_valid.val();
        self.rx_data.next = self.rxf.out_data.val();
        self.rx_keep.next = self.rxf.out_keep.val();
        self.rx_last.next = self.rxf.out_last.val();
        self.cnt_rx_frames.next = self.rxf.cnt_frames.val();
        self.cnt_rx_overflow.next = self.rxf.cnt_overflow.val();
        self.cnt_rx_bad.next = self.rxf.cnt_bad.val();
        // transmit: engine -> CMAC, whole frames
        self.txf.wr_clock.next = self.clock.val();
        self.txf.rd_clock.next = self.tx_clk.val();
        self.txf.drop_mode.next = false;
        self.txf.in_valid.next = self.tx_valid.val();
        self.tx_ready.next = self.txf.in_ready.val();
        self.txf.in_data.next = self.tx_data.val();
        self.txf.in_keep.next = self.tx_keep.val();
        self.txf.in_last.next = self.tx_last.val();
        self.txf.in_err.next = self.tx_bad.val();
        self.txf.out_ready.next = self.cmac_tx_tready.val();
        self.cmac_tx_tvalid.next = self.txf.out_valid.val();
        self.cmac_tx_tdata.next = self.txf.out_data.val();
        self.cmac_tx_tkeep.next = self.txf.out_keep.val();
        self.cmac_tx_tlast.next = self.txf.out_last.val();
        self.cmac_tx_tuser.next = false;
        self.cnt_tx_frames.next = self.txf.cnt_frames.val();
        self.cnt_tx_bad.next = self.txf.cnt_bad.val();
    }
}
