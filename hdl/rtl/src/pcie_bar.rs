//! `pcie_bar`: the completer side of Braid's own PCIe DMA. BAR0 requests
//! from the UltraScale+ PCIe hard block's completer request interface (CQ)
//! become AXI4-Lite accesses of the engine's register block; reads are
//! answered on the completer completion interface (CC). Interfaces at 512
//! bits (gen3 x16, 250 MHz), straddling off, dword-aligned (AMD PG213).
//!
//! # Behaviour (normative; `braid_model::PcieBarModel` is the bit- and
//! cycle-exact reference)
//!
//! * **One request at a time.** In state HDR `m_axis_cq_tready` is 1 and
//!   the first beat of a request is taken whole (data, `tlast`, the
//!   descriptor's fields and `tuser`'s byte enables and `discontinue`). The
//!   descriptor (dwords 0-3): address 63:2, dword count 74:64, request type
//!   78:75, requester ID 95:80, tag 103:96, BAR ID 114:112, BAR aperture
//!   120:115, TC 123:121, attributes 126:124; `tuser` first byte enables
//!   3:0, last byte enables 11:8, discontinue 96. The BAR offset is the
//!   address masked to the aperture.
//! * **Writes** (memory write, type 1, to BAR 0): one AXI write per dword,
//!   in order, at `offset + 4j`; `wstrb` is the first byte enables for
//!   dword 0, the last byte enables for the last dword of a longer write,
//!   `0xF` between. The dwords are taken from the held beat (dword 4 on in
//!   the first beat, 0 on in the next ones); a beat is taken (`tready` 1
//!   for one clock, state NEXT) when its dwords are needed. AW and W are
//!   offered together, each held until taken, then B is awaited
//!   (`bready` 1). A write whose dword lies outside the register window
//!   (offset at or above `2^ADDR_BITS`) is not made; it and every error
//!   response count in `cnt_err`.
//! * **Reads** (memory read, type 0, to BAR 0) of 1 to 32 dwords: one AXI
//!   read per dword, in order, collected; then one completion with status
//!   SC carrying them. A dword outside the window reads 0 and counts in
//!   `cnt_err`, as does an error response (its data, 0, is sent).
//! * **Completions**: descriptor (dwords 0-2) with lower address 6:0
//!   (address bits 6:2 and the first enabled byte), byte count 28:16 (the
//!   PCIe rule from the dword count and the byte enables; 1 for a
//!   zero-length read; 4 and lower address 0 for a request that is not a
//!   memory read), dword count 42:32, status 45:43, requester ID 63:48, tag
//!   71:64, TC 91:89, attributes 94:92, completer ID 0 with its enable 0
//!   (the hard block fills it in); payload from dword 3, in beats of 16
//!   dwords; `tkeep` one bit per dword; `tuser` `is_sop` 1:0 = 1 on the
//!   first beat, `is_eop` 7:6 = 1 and `eop0_ptr` 11:8 = the last dword on
//!   the last beat. Each beat is held until `s_axis_cc_tready`.
//! * **Everything else**: a read of more than 32 dwords completes CA (4)
//!   with no data; any other non-posted request (a memory read to another
//!   BAR, I/O, configuration, atomic, locked read) completes UR (1) with no
//!   data; both count in `cnt_ur`. A posted request that is not a BAR 0
//!   write (another BAR, messages) and any request with `discontinue` set
//!   are dropped whole and count in `cnt_drop`. A write whose TLP ends
//!   before its dword count is stopped there and counts in `cnt_err`; the
//!   rest of a request's beats after its work is done are taken and
//!   dropped (state DRAIN) until `tlast`.
//! * `pcie_cq_np_req` is 1 (one non-posted credit asked every clock: the
//!   block's back-pressure on `tready` is its only flow control).
//!
//! Latency: a one-dword write offers AW/W the clock after its beat is
//! taken; a read's completion is offered the clock after its last dword's
//! `rvalid` is taken.

use crate::reg_block::ADDR_BITS;
use rust_hdl::prelude::*;

/// The request state machine's states.
#[derive(Copy, Clone, Debug, PartialEq, LogicState)]
enum St {
    /// Waiting for a request's first beat (the first variant: the reset state).
    Hdr,
    /// A dword's AW and W offered.
    Wr,
    /// Waiting for its B.
    Wb,
    /// A dword's AR offered.
    Ar,
    /// Waiting for its R.
    R,
    /// The completion's beats.
    Cc,
    /// Taking the rest of a request's beats.
    Drain,
    /// Taking a write's next beat.
    Next,
}

hdl_block! {
    /// BAR0 requests into AXI4-Lite accesses, read data back as completions.
    pub struct PcieBar {
        /// `user_clk` (250 MHz).
        pub clock: Signal<In, Clock>,
        /// CQ data.
        pub m_axis_cq_tdata: Signal<In, Bits<512>>,
        /// CQ dword enables.
        pub m_axis_cq_tkeep: Signal<In, Bits<16>>,
        /// CQ last beat of a request.
        pub m_axis_cq_tlast: Signal<In, Bit>,
        /// CQ sideband (183 bits).
        pub m_axis_cq_tuser: Signal<In, Bits<183>>,
        /// CQ beat valid.
        pub m_axis_cq_tvalid: Signal<In, Bit>,
        /// CQ beat taken.
        pub m_axis_cq_tready: Signal<Out, Bit>,
        /// CC data.
        pub s_axis_cc_tdata: Signal<Out, Bits<512>>,
        /// CC dword enables.
        pub s_axis_cc_tkeep: Signal<Out, Bits<16>>,
        /// CC last beat of a completion.
        pub s_axis_cc_tlast: Signal<Out, Bit>,
        /// CC sideband (81 bits).
        pub s_axis_cc_tuser: Signal<Out, Bits<81>>,
        /// CC beat valid.
        pub s_axis_cc_tvalid: Signal<Out, Bit>,
        /// CC beat taken.
        pub s_axis_cc_tready: Signal<In, Bit>,
        /// Non-posted credit request (always 1).
        pub pcie_cq_np_req: Signal<Out, Bits<2>>,
        /// AXI write address valid.
        pub m_awvalid: Signal<Out, Bit>,
        /// AXI write address ready.
        pub m_awready: Signal<In, Bit>,
        /// AXI write byte address.
        pub m_awaddr: Signal<Out, Bits<ADDR_BITS>>,
        /// AXI write data valid.
        pub m_wvalid: Signal<Out, Bit>,
        /// AXI write data ready.
        pub m_wready: Signal<In, Bit>,
        /// AXI write data.
        pub m_wdata: Signal<Out, Bits<32>>,
        /// AXI write strobes.
        pub m_wstrb: Signal<Out, Bits<4>>,
        /// AXI write response valid.
        pub m_bvalid: Signal<In, Bit>,
        /// AXI write response ready.
        pub m_bready: Signal<Out, Bit>,
        /// AXI write response.
        pub m_bresp: Signal<In, Bits<2>>,
        /// AXI read address valid.
        pub m_arvalid: Signal<Out, Bit>,
        /// AXI read address ready.
        pub m_arready: Signal<In, Bit>,
        /// AXI read byte address.
        pub m_araddr: Signal<Out, Bits<ADDR_BITS>>,
        /// AXI read data valid.
        pub m_rvalid: Signal<In, Bit>,
        /// AXI read data ready.
        pub m_rready: Signal<Out, Bit>,
        /// AXI read data.
        pub m_rdata: Signal<In, Bits<32>>,
        /// AXI read response.
        pub m_rresp: Signal<In, Bits<2>>,
        /// Completions sent with status UR or CA.
        pub cnt_ur: Signal<Out, Bits<32>>,
        /// Posted or discontinued requests dropped.
        pub cnt_drop: Signal<Out, Bits<32>>,
        /// Dwords outside the window, AXI error responses, short writes.
        pub cnt_err: Signal<Out, Bits<32>>,
        st: DFF<St>,
        beat: DFF<Bits<512>>,
        beat_last: DFF<Bit>,
        d_off: DFF<Bits<64>>,
        d_n: DFF<Bits<11>>,
        d_fbe: DFF<Bits<4>>,
        d_lbe: DFF<Bits<4>>,
        d_rid: DFF<Bits<16>>,
        d_tag: DFF<Bits<8>>,
        d_tc: DFF<Bits<3>>,
        d_attr: DFF<Bits<3>>,
        c_la: DFF<Bits<7>>,
        c_bc: DFF<Bits<13>>,
        c_n: DFF<Bits<6>>,
        c_status: DFF<Bits<3>>,
        c_k: DFF<Bits<2>>,
        j: DFF<Bits<11>>,
        pos: DFF<Bits<4>>,
        aw_done: DFF<Bit>,
        w_done: DFF<Bit>,
        pay: DFF<Bits<1024>>,
        n_ur: DFF<Bits<32>>,
        n_drop: DFF<Bits<32>>,
        n_err: DFF<Bits<32>>,
        err_a: DFF<Bit>,
        err_b: DFF<Bit>,
        h_type: Signal<Local, Bits<4>>,
        h_n: Signal<Local, Bits<11>>,
        h_fbe: Signal<Local, Bits<4>>,
        h_lbe: Signal<Local, Bits<4>>,
        h_lbe_eff: Signal<Local, Bits<4>>,
        h_lead: Signal<Local, Bits<2>>,
        h_trail: Signal<Local, Bits<2>>,
        h_mem_rd: Signal<Local, Bit>,
        h_bar0: Signal<Local, Bit>,
        h_posted: Signal<Local, Bit>,
        h_disc: Signal<Local, Bit>,
        h_mask: Signal<Local, Bits<64>>,
        h_bc: Signal<Local, Bits<13>>,
        cur: Signal<Local, Bits<64>>,
        outside: Signal<Local, Bit>,
        last_dw: Signal<Local, Bit>,
        advance: Signal<Local, Bit>,
        e_step: Signal<Local, Bit>,
        e_short: Signal<Local, Bit>,
        dw_sel: Signal<Local, Bits<512>>,
        pay_sh: Signal<Local, Bits<16>>,
        rd_word: Signal<Local, Bits<1024>>,
        rd_mask: Signal<Local, Bits<1024>>,
        cc_left: Signal<Local, Bits<6>>,
        cc_last: Signal<Local, Bit>,
        cc_keep: Signal<Local, Bits<16>>,
        cc_mask: Signal<Local, Bits<512>>,
        cc_desc: Signal<Local, Bits<512>>,
        cc_body: Signal<Local, Bits<512>>,
        cc_user: Signal<Local, Bits<81>>,
        cc_ptr: Signal<Local, Bits<4>>,
        aw_ok: Signal<Local, Bit>,
        w_ok: Signal<Local, Bit>,
        k_ones: Constant<Bits<64>> = Constant::new(bits::<64>(u64::MAX)),
        k_ones512: Constant<Bits<512>> = Constant::new(!bits::<512>(0)),
        k_dw: Constant<Bits<1024>> = Constant::new(bits::<1024>(0xFFFF_FFFF)),
        k_ab: Constant<Bits<8>> = Constant::new(bits::<8>(ADDR_BITS as u64)),
    }
}

impl Logic for PcieBar {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, st, beat, beat_last, d_off, d_n, d_fbe, d_lbe, d_rid, d_tag, d_tc, d_attr,
            c_la, c_bc, c_n, c_status, c_k, j, pos, aw_done, w_done, pay, n_ur, n_drop, n_err,
            err_a, err_b
        );
        self.pcie_cq_np_req.next = bits::<2>(1);
        self.m_axis_cq_tready.next = (self.st.q.val() == St::Hdr)
            | (self.st.q.val() == St::Next)
            | (self.st.q.val() == St::Drain);

        // ---- the first beat's descriptor
        self.h_type.next = self.m_axis_cq_tdata.val().get_bits::<4>(75);
        self.h_n.next = self.m_axis_cq_tdata.val().get_bits::<11>(64);
        self.h_fbe.next = self.m_axis_cq_tuser.val().get_bits::<4>(0);
        self.h_lbe.next = self.m_axis_cq_tuser.val().get_bits::<4>(8);
        self.h_disc.next = self.m_axis_cq_tuser.val().get_bit(96);
        self.h_bar0.next = self.m_axis_cq_tdata.val().get_bits::<3>(112) == bits::<3>(0);
        // memory reads (0) and locked memory reads (7) take the memory
        // read's byte count and lower address
        self.h_mem_rd.next =
            (self.h_type.val() == bits::<4>(0)) | (self.h_type.val() == bits::<4>(7));
        // posted: memory write (1), messages (12, 13), ATS messages (14, 15)
        self.h_posted.next =
            (self.h_type.val() == bits::<4>(1)) | (self.h_type.val() >= bits::<4>(12));
        self.h_mask.next = !(self.k_ones.val() << self.m_axis_cq_tdata.val().get_bits::<6>(115));
        // byte count (PCIe: from the length and the byte enables)
        if self.h_n.val() == bits::<11>(1) {
            self.h_lbe_eff.next = self.h_fbe.val();
        } else {
            self.h_lbe_eff.next = self.h_lbe.val();
        }
        if self.h_fbe.val().get_bit(0) {
            self.h_lead.next = 0.into();
        } else if self.h_fbe.val().get_bit(1) {
            self.h_lead.next = 1.into();
        } else if self.h_fbe.val().get_bit(2) {
            self.h_lead.next = 2.into();
        } else {
            self.h_lead.next = 3.into();
        }
        if self.h_lbe_eff.val().get_bit(3) {
            self.h_trail.next = 0.into();
        } else if self.h_lbe_eff.val().get_bit(2) {
            self.h_trail.next = 1.into();
        } else if self.h_lbe_eff.val().get_bit(1) {
            self.h_trail.next = 2.into();
        } else {
            self.h_trail.next = 3.into();
        }
        if (self.h_n.val() == bits::<11>(1)) & (self.h_fbe.val() == bits::<4>(0)) {
            self.h_bc.next = 1.into();
        } else {
            self.h_bc.next = (bit_cast::<13, 11>(self.h_n.val()) << 2)
                - bit_cast::<13, 2>(self.h_lead.val())
                - bit_cast::<13, 2>(self.h_trail.val());
        }

        // ---- the dword in hand
        self.cur.next = self.d_off.q.val() + (bit_cast::<64, 11>(self.j.q.val()) << 2);
        self.outside.next = (self.cur.val() >> self.k_ab.val()).any();
        self.last_dw.next = (self.j.q.val() + 1) == self.d_n.q.val();
        self.dw_sel.next = self.beat.q.val() >> (bit_cast::<9, 4>(self.pos.q.val()) << 5);
        self.m_awaddr.next = self.cur.val().get_bits::<ADDR_BITS>(0);
        self.m_araddr.next = self.cur.val().get_bits::<ADDR_BITS>(0);
        self.m_wdata.next = self.dw_sel.val().get_bits::<32>(0);
        if self.j.q.val() == bits::<11>(0) {
            self.m_wstrb.next = self.d_fbe.q.val();
        } else if self.last_dw.val() {
            self.m_wstrb.next = self.d_lbe.q.val();
        } else {
            self.m_wstrb.next = bits::<4>(15);
        }
        self.m_awvalid.next =
            (self.st.q.val() == St::Wr) & !self.aw_done.q.val() & !self.outside.val();
        self.m_wvalid.next =
            (self.st.q.val() == St::Wr) & !self.w_done.q.val() & !self.outside.val();
        self.m_bready.next = self.st.q.val() == St::Wb;
        self.m_arvalid.next = (self.st.q.val() == St::Ar) & !self.outside.val();
        self.m_rready.next = self.st.q.val() == St::R;
        self.aw_ok.next = self.aw_done.q.val() | self.m_awready.val();
        self.w_ok.next = self.w_done.q.val() | self.m_wready.val();

        // ---- the completion's beat
        self.cc_left.next =
            (bit_cast::<6, 6>(self.c_n.q.val()) + 3) - (bit_cast::<6, 2>(self.c_k.q.val()) << 4);
        self.cc_last.next = self.cc_left.val() <= bits::<6>(16);
        if self.cc_last.val() {
            self.cc_keep.next = !(bits::<16>(0xFFFF) << self.cc_left.val().get_bits::<5>(0));
        } else {
            self.cc_keep.next = bits::<16>(0xFFFF);
        }
        self.cc_desc.next = bit_cast::<512, 7>(self.c_la.q.val())
            | (bit_cast::<512, 13>(self.c_bc.q.val()) << 16)
            | (bit_cast::<512, 6>(self.c_n.q.val()) << 32)
            | (bit_cast::<512, 3>(self.c_status.q.val()) << 43)
            | (bit_cast::<512, 16>(self.d_rid.q.val()) << 48)
            | (bit_cast::<512, 8>(self.d_tag.q.val()) << 64)
            | (bit_cast::<512, 3>(self.d_tc.q.val()) << 89)
            | (bit_cast::<512, 3>(self.d_attr.q.val()) << 92);
        if self.c_k.q.val() == bits::<2>(0) {
            self.cc_body.next = self.cc_desc.val() | bit_cast::<512, 1024>(self.pay.q.val() << 96);
        } else if self.c_k.q.val() == bits::<2>(1) {
            self.cc_body.next = bit_cast::<512, 1024>(self.pay.q.val() >> 416);
        } else {
            self.cc_body.next = bit_cast::<512, 1024>(self.pay.q.val() >> 928);
        }
        if self.cc_last.val() {
            self.cc_mask.next =
                !(self.k_ones512.val() << (bit_cast::<10, 6>(self.cc_left.val()) << 5));
        } else {
            self.cc_mask.next = self.k_ones512.val();
        }
        self.cc_ptr.next = self.cc_left.val().get_bits::<4>(0) - 1;
        self.cc_user.next = 0.into();
        if self.c_k.q.val() == bits::<2>(0) {
            self.cc_user.next = bits::<81>(1);
        }
        if self.cc_last.val() {
            self.cc_user.next = self.cc_user.val()
                | bits::<81>(1 << 6)
                | (bit_cast::<81, 4>(self.cc_ptr.val()) << 8);
        }
        self.s_axis_cc_tvalid.next = self.st.q.val() == St::Cc;
        if self.st.q.val() == St::Cc {
            self.s_axis_cc_tlast.next = self.cc_last.val();
            self.s_axis_cc_tkeep.next = self.cc_keep.val();
            self.s_axis_cc_tdata.next = self.cc_body.val() & self.cc_mask.val();
            self.s_axis_cc_tuser.next = self.cc_user.val();
        } else {
            self.s_axis_cc_tlast.next = false;
            self.s_axis_cc_tkeep.next = 0.into();
            self.s_axis_cc_tdata.next = 0.into();
            self.s_axis_cc_tuser.next = 0.into();
        }

        // ---- read data into the payload
        self.pay_sh.next = bit_cast::<16, 11>(self.j.q.val()) << 5;
        self.rd_word.next = bit_cast::<1024, 32>(self.m_rdata.val()) << self.pay_sh.val();
        self.rd_mask.next = self.k_dw.val() << self.pay_sh.val();

        // ---- the state machine
        self.advance.next = false;
        self.e_step.next = false;
        self.e_short.next = false;
        if self.st.q.val() == St::Hdr {
            if self.m_axis_cq_tvalid.val() {
                self.beat.d.next = self.m_axis_cq_tdata.val();
                self.beat_last.d.next = self.m_axis_cq_tlast.val();
                self.d_off.d.next = (self.m_axis_cq_tdata.val().get_bits::<64>(0)
                    & self.h_mask.val())
                    & !bits::<64>(3);
                self.d_n.d.next = self.h_n.val();
                self.d_fbe.d.next = self.h_fbe.val();
                self.d_lbe.d.next = self.h_lbe.val();
                self.d_rid.d.next = self.m_axis_cq_tdata.val().get_bits::<16>(80);
                self.d_tag.d.next = self.m_axis_cq_tdata.val().get_bits::<8>(96);
                self.d_tc.d.next = self.m_axis_cq_tdata.val().get_bits::<3>(121);
                self.d_attr.d.next = self.m_axis_cq_tdata.val().get_bits::<3>(124);
                self.j.d.next = 0.into();
                self.pos.d.next = 4.into();
                self.c_k.d.next = 0.into();
                self.pay.d.next = 0.into();
                if self.h_mem_rd.val() {
                    self.c_bc.d.next = self.h_bc.val();
                    if self.h_fbe.val() == bits::<4>(0) {
                        self.c_la.d.next =
                            bit_cast::<7, 5>(self.m_axis_cq_tdata.val().get_bits::<5>(2)) << 2;
                    } else {
                        self.c_la.d.next =
                            (bit_cast::<7, 5>(self.m_axis_cq_tdata.val().get_bits::<5>(2)) << 2)
                                | bit_cast::<7, 2>(self.h_lead.val());
                    }
                } else {
                    self.c_bc.d.next = 4.into();
                    self.c_la.d.next = 0.into();
                }
                if self.h_disc.val()
                    | (self.h_posted.val()
                        & !(self.h_bar0.val() & (self.h_type.val() == bits::<4>(1))))
                {
                    self.n_drop.d.next = self.n_drop.q.val() + 1;
                    if !self.m_axis_cq_tlast.val() {
                        self.st.d.next = St::Drain;
                    }
                } else if self.h_posted.val() {
                    // a BAR 0 write
                    if self.h_n.val() == bits::<11>(0) {
                        self.e_step.next = true;
                        if !self.m_axis_cq_tlast.val() {
                            self.st.d.next = St::Drain;
                        }
                    } else {
                        self.st.d.next = St::Wr;
                    }
                } else if (self.h_type.val() == bits::<4>(0))
                    & self.h_bar0.val()
                    & (self.h_n.val() <= bits::<11>(32))
                {
                    if self.h_n.val() == bits::<11>(0) {
                        self.c_n.d.next = 0.into();
                        self.c_status.d.next = 4.into();
                        self.n_ur.d.next = self.n_ur.q.val() + 1;
                        self.st.d.next = St::Cc;
                    } else {
                        self.st.d.next = St::Ar;
                    }
                } else {
                    self.c_n.d.next = 0.into();
                    self.n_ur.d.next = self.n_ur.q.val() + 1;
                    if (self.h_type.val() == bits::<4>(0)) & self.h_bar0.val() {
                        self.c_status.d.next = 4.into();
                    } else {
                        self.c_status.d.next = 1.into();
                    }
                    self.st.d.next = St::Cc;
                }
            }
        } else if self.st.q.val() == St::Wr {
            if self.outside.val() {
                self.e_step.next = true;
                self.advance.next = true;
            } else if self.aw_ok.val() & self.w_ok.val() {
                self.aw_done.d.next = false;
                self.w_done.d.next = false;
                self.st.d.next = St::Wb;
            } else {
                self.aw_done.d.next = self.aw_ok.val();
                self.w_done.d.next = self.w_ok.val();
            }
        } else if self.st.q.val() == St::Wb {
            if self.m_bvalid.val() {
                if self.m_bresp.val().any() {
                    self.e_step.next = true;
                }
                self.advance.next = true;
            }
        } else if self.st.q.val() == St::Next {
            if self.m_axis_cq_tvalid.val() {
                self.beat.d.next = self.m_axis_cq_tdata.val();
                self.beat_last.d.next = self.m_axis_cq_tlast.val();
                self.pos.d.next = 0.into();
                self.st.d.next = St::Wr;
            }
        } else if self.st.q.val() == St::Ar {
            if self.outside.val() {
                self.e_step.next = true;
                self.advance.next = true;
            } else if self.m_arready.val() {
                self.st.d.next = St::R;
            }
        } else if self.st.q.val() == St::R {
            if self.m_rvalid.val() {
                self.pay.d.next = (self.pay.q.val() & !self.rd_mask.val()) | self.rd_word.val();
                if self.m_rresp.val().any() {
                    self.e_step.next = true;
                }
                self.advance.next = true;
            }
        } else if self.st.q.val() == St::Cc {
            if self.s_axis_cc_tready.val() {
                if self.cc_last.val() {
                    if self.beat_last.q.val() {
                        self.st.d.next = St::Hdr;
                    } else {
                        self.st.d.next = St::Drain;
                    }
                } else {
                    self.c_k.d.next = self.c_k.q.val() + 1;
                }
            }
        } else {
            // DRAIN
            if self.m_axis_cq_tvalid.val() & self.m_axis_cq_tlast.val() {
                self.st.d.next = St::Hdr;
            }
        }
        // the next dword, or the end of the request
        if self.advance.val() {
            self.j.d.next = self.j.q.val() + 1;
            self.pos.d.next = self.pos.q.val() + 1;
            if (self.st.q.val() == St::Ar) | (self.st.q.val() == St::R) {
                if self.last_dw.val() {
                    self.c_n.d.next = self.d_n.q.val().get_bits::<6>(0);
                    self.c_status.d.next = 0.into();
                    self.st.d.next = St::Cc;
                } else {
                    self.st.d.next = St::Ar;
                }
            } else if self.last_dw.val() {
                if self.beat_last.q.val() {
                    self.st.d.next = St::Hdr;
                } else {
                    self.st.d.next = St::Drain;
                }
            } else if self.pos.q.val() == bits::<4>(15) {
                if self.beat_last.q.val() {
                    // the TLP ended before its dword count
                    self.e_short.next = true;
                    self.st.d.next = St::Hdr;
                } else {
                    self.st.d.next = St::Next;
                }
            } else {
                self.st.d.next = St::Wr;
            }
        }
        // (a dword outside the window and the TLP's early end can come in
        // one clock: both count, a clock later)
        self.err_a.d.next = self.e_step.val();
        self.err_b.d.next = self.e_short.val();
        self.n_err.d.next = self.n_err.q.val()
            + bit_cast::<32, 1>(self.err_a.q.val().into())
            + bit_cast::<32, 1>(self.err_b.q.val().into());
        self.cnt_ur.next = self.n_ur.q.val();
        self.cnt_drop.next = self.n_drop.q.val();
        self.cnt_err.next = self.n_err.q.val();
    }
}
