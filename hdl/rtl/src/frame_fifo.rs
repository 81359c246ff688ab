//! `frame_fifo`: an asynchronous FIFO of whole Ethernet frames (512-bit
//! beats with byte enables) between two clocks, the building block of the
//! CMAC adapter (`cmac_adapter`). The read side only ever sees frames that
//! were written whole: a frame becomes visible when its last beat is
//! written (its end *committed*), so once the reader starts a frame every
//! beat of it is already stored and `out_valid` never drops inside it.
//!
//! # Behaviour
//!
//! * Storage: 2^A beats of `data` (512), `keep` (64) and `last` in one
//!   dual-clock RAM. Pointers are A+1 bits; the committed write pointer
//!   crosses to the read clock and the read pointer to the write clock in
//!   Gray code through two flops each, so each side sees the other's
//!   pointer 2 to 3 of its own clocks late (never ahead).
//! * Write side (`wr_clock`). `drop_mode` 0 (a source that can wait, the
//!   engine's transmit): `in_ready` is 1 while the FIFO is not full (by the
//!   late read pointer). `drop_mode` 1 (a source that cannot wait, the
//!   CMAC's receive): `in_ready` is always 1; a beat that finds the FIFO
//!   full discards the frame it belongs to (the write pointer goes back to
//!   the last committed end) and the rest of that frame is skipped
//!   (`cnt_overflow`). A frame whose last beat has `in_err` (a bad FCS from
//!   the MAC) is discarded the same way (`cnt_bad`). Committed frames count
//!   in `cnt_frames`. The three counters are in the write clock's domain.
//! * Read side (`rd_clock`): first-word-fall-through through a two-beat
//!   output queue (a RAM read the clock before); a beat per clock while
//!   `out_ready` is 1. The whole FIFO must hold the longest frame in
//!   `drop_mode` 0, or that frame never commits.
//! * No reset: every register starts at 0 (RustHDL's registers and
//!   Verilator's, and an FPGA's after configuration).

use rust_hdl::prelude::*;

hdl_block! {
    /// Asynchronous FIFO of whole frames.
    pub struct FrameFifo<const A: usize, const P: usize> {
        /// Write clock.
        pub wr_clock: Signal<In, Clock>,
        /// Read clock.
        pub rd_clock: Signal<In, Clock>,
        /// 1: never wait, drop a frame that does not fit.
        pub drop_mode: Signal<In, Bit>,
        /// Write beat valid.
        pub in_valid: Signal<In, Bit>,
        /// Write beat taken.
        pub in_ready: Signal<Out, Bit>,
        /// Data, byte `i` in lane `i`.
        pub in_data: Signal<In, Bits<512>>,
        /// Byte enables.
        pub in_keep: Signal<In, Bits<64>>,
        /// Last beat of a frame.
        pub in_last: Signal<In, Bit>,
        /// With `in_last`: the frame is bad, discard it.
        pub in_err: Signal<In, Bit>,
        /// Read beat valid.
        pub out_valid: Signal<Out, Bit>,
        /// Read beat taken.
        pub out_ready: Signal<In, Bit>,
        /// Data.
        pub out_data: Signal<Out, Bits<512>>,
        /// Byte enables.
        pub out_keep: Signal<Out, Bits<64>>,
        /// Last beat of a frame.
        pub out_last: Signal<Out, Bit>,
        /// Frames committed (write clock).
        pub cnt_frames: Signal<Out, Bits<32>>,
        /// Frames discarded because the FIFO was full (write clock).
        pub cnt_overflow: Signal<Out, Bits<32>>,
        /// Frames discarded because of `in_err` (write clock).
        pub cnt_bad: Signal<Out, Bits<32>>,
        ram: RAM<Bits<577>, A>,
        k_depth: Constant<Bits<P>> = Constant::new(bits::<P>(1 << A)),
        // write side
        wp: DFF<Bits<P>>,
        cp: DFF<Bits<P>>,
        cp_gray: DFF<Bits<P>>,
        rp_s1: DFF<Bits<P>>,
        rp_s2: DFF<Bits<P>>,
        skip: DFF<Bit>,
        n_frames: DFF<Bits<32>>,
        n_ovf: DFF<Bits<32>>,
        n_bad: DFF<Bits<32>>,
        // read side
        rp: DFF<Bits<P>>,
        rp_gray: DFF<Bits<P>>,
        cp_s1: DFF<Bits<P>>,
        cp_s2: DFF<Bits<P>>,
        pv: DFF<Bit>,
        q_n: DFF<Bits<2>>,
        q0: DFF<Bits<577>>,
        q1: DFF<Bits<577>>,
        // write side
        rp_bin: Signal<Local, Bits<P>>,
        used: Signal<Local, Bits<P>>,
        full: Signal<Local, Bit>,
        take: Signal<Local, Bit>,
        wp1: Signal<Local, Bits<P>>,
        cp_n: Signal<Local, Bits<P>>,
        wdata: Signal<Local, Bits<577>>,
        // read side
        cp_bin: Signal<Local, Bits<P>>,
        empty: Signal<Local, Bit>,
        pop: Signal<Local, Bit>,
        occ: Signal<Local, Bits<3>>,
        can: Signal<Local, Bit>,
        qa: Signal<Local, Bits<2>>,
        rp1: Signal<Local, Bits<P>>,
    }
    setup { assert!(P == A + 1, "pointers are one bit wider than the RAM address"); }
}

impl<const A: usize, const P: usize> Logic for FrameFifo<A, P> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, wr_clock, wp, cp, cp_gray, rp_s1, rp_s2, skip, n_frames, n_ovf, n_bad);
        dff_setup!(self, rd_clock, rp, rp_gray, cp_s1, cp_s2, pv, q_n, q0, q1);
        self.ram.write_clock.next = self.wr_clock.val();
        self.ram.read_clock.next = self.rd_clock.val();

        // ---- write side
        self.rp_s1.d.next = self.rp_gray.q.val();
        self.rp_s2.d.next = self.rp_s1.q.val();
        self.rp_bin.next = self.rp_s2.q.val();
        self.rp_bin.next = self.rp_bin.val() ^ (self.rp_bin.val() >> 1);
        self.rp_bin.next = self.rp_bin.val() ^ (self.rp_bin.val() >> 2);
        self.rp_bin.next = self.rp_bin.val() ^ (self.rp_bin.val() >> 4);
        self.rp_bin.next = self.rp_bin.val() ^ (self.rp_bin.val() >> 8);
        self.used.next = self.wp.q.val() - self.rp_bin.val();
        self.full.next = self.used.val() == self.k_depth.val();
        self.in_ready.next = self.drop_mode.val() | !self.full.val();
        self.take.next = self.in_valid.val() & (self.drop_mode.val() | !self.full.val());
        self.wp1.next = self.wp.q.val() + 1;
        self.cp_n.next = self.cp.q.val();
        self.ram.write_enable.next = false;
        self.ram.write_address.next = self.wp.q.val().get_bits::<A>(0);
        self.wdata.next = bit_cast::<577, 512>(self.in_data.val())
            | (bit_cast::<577, 64>(self.in_keep.val()) << 512);
        if self.in_last.val() {
            self.wdata.next = self.wdata.val() | (bits::<577>(1) << 576);
        }
        self.ram.write_data.next = self.wdata.val();
        if self.take.val() {
            if self.skip.q.val() {
                self.skip.d.next = !self.in_last.val();
            } else if self.full.val() {
                self.wp.d.next = self.cp.q.val();
                self.n_ovf.d.next = self.n_ovf.q.val() + 1;
                self.skip.d.next = !self.in_last.val();
            } else {
                self.ram.write_enable.next = true;
                self.wp.d.next = self.wp1.val();
                if self.in_last.val() {
                    if self.in_err.val() {
                        self.wp.d.next = self.cp.q.val();
                        self.n_bad.d.next = self.n_bad.q.val() + 1;
                    } else {
                        self.cp_n.next = self.wp1.val();
                        self.n_frames.d.next = self.n_frames.q.val() + 1;
                    }
                }
            }
        }
        self.cp.d.next = self.cp_n.val();
        self.cp_gray.d.next = self.cp_n.val() ^ (self.cp_n.val() >> 1);

        // ---- read side
        self.cp_s1.d.next = self.cp_gray.q.val();
        self.cp_s2.d.next = self.cp_s1.q.val();
        self.cp_bin.next = self.cp_s2.q.val();
        self.cp_bin.next = self.cp_bin.val() ^ (self.cp_bin.val() >> 1);
        self.cp_bin.next = self.cp_bin.val() ^ (self.cp_bin.val() >> 2);
        self.cp_bin.next = self.cp_bin.val() ^ (self.cp_bin.val() >> 4);
        self.cp_bin.next = self.cp_bin.val() ^ (self.cp_bin.val() >> 8);
        self.empty.next = self.rp.q.val() == self.cp_bin.val();
        self.pop.next = self.q_n.q.val().any() & self.out_ready.val();
        if self.pop.val() {
            self.qa.next = self.q_n.q.val() - 1;
            self.q0.d.next = self.q1.q.val();
        } else {
            self.qa.next = self.q_n.q.val();
        }
        if self.pv.q.val() {
            if self.qa.val().any() {
                self.q1.d.next = self.ram.read_data.val();
            } else {
                self.q0.d.next = self.ram.read_data.val();
            }
            self.q_n.d.next = self.qa.val() + 1;
        } else {
            self.q_n.d.next = self.qa.val();
        }
        self.occ.next = bit_cast::<3, 2>(self.q_n.q.val());
        if self.pv.q.val() {
            self.occ.next = self.occ.val() + 1;
        }
        if self.pop.val() {
            self.can.next = !self.empty.val() & (self.occ.val() < bits::<3>(3));
        } else {
            self.can.next = !self.empty.val() & (self.occ.val() < bits::<3>(2));
        }
        self.rp1.next = self.rp.q.val() + 1;
        self.ram.read_address.next = self.rp.q.val().get_bits::<A>(0);
        self.pv.d.next = self.can.val();
        if self.can.val() {
            self.rp.d.next = self.rp1.val();
            self.rp_gray.d.next = self.rp1.val() ^ (self.rp1.val() >> 1);
        }

        // ---- outputs
        self.out_valid.next = self.q_n.q.val().any();
        self.out_data.next = self.q0.q.val().get_bits::<512>(0);
        self.out_keep.next = self.q0.q.val().get_bits::<64>(512);
        self.out_last.next = self.q0.q.val().get_bit(576);
        self.cnt_frames.next = self.n_frames.q.val();
        self.cnt_overflow.next = self.n_ovf.q.val();
        self.cnt_bad.next = self.n_bad.q.val();
    }
}
