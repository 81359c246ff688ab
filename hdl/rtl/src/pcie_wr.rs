//! `pcie_wr`: the write side of Braid's own PCIe DMA. The engine's DMA
//! write stream (ENGINE.md "DMA write stream") becomes memory write TLPs on
//! the UltraScale+ PCIe hard block's requester request interface (RQ): 512
//! bits, straddling off, dword-aligned (AMD PG213).
//!
//! # Behaviour (normative; `braid_model::PcieWrModel` is the bit- and
//! cycle-exact reference)
//!
//! * **Cutting.** A write (address `a`, length `len` from its first beat;
//!   `cfg_max_payload` taken then too: MPS = 128 << value) is cut into TLPs
//!   at every MPS-aligned address: the first runs from `a` to the next
//!   multiple of MPS (or the end), the others are whole MPS-aligned blocks,
//!   so none is longer than MPS and none crosses 4 KiB.
//! * **A TLP**: descriptor (dwords 0-3: address 63:2, dword count 74:64,
//!   request type 1 at 78:75, everything else 0: the hard block inserts its
//!   requester ID) then the payload from dword 4, its first byte at lane
//!   16 plus `a mod 4`; `tuser` first byte enables 3:0 and last byte
//!   enables 11:8 (a one-dword TLP: last 0, first masks both ends),
//!   `is_sop` 21:20 = 1 on the first beat, `is_eop` 27:26 = 1 and
//!   `eop0_ptr` 31:28 = the last dword on the last beat; `tkeep` one bit per
//!   dword; lanes that carry no payload byte and no descriptor byte are 0.
//! * **Data path.** Lane `L` of beat `j` of a TLP whose first payload byte
//!   is byte `s` of the write carries byte `s - (a mod 4) - 16 + 64j + L`:
//!   a shift of the concatenation of two consecutive engine beats by that
//!   offset mod 64, which is constant within a TLP. The engine beats wait in
//!   a window: `old`, `lo`, `hi`, `h2` (three queued beats behind the one
//!   before them); the first TLP starts with `lo` a virtual beat of zeros.
//!   A beat is shown when its bytes are in the window; after it, the window
//!   moves on one engine beat when the next beat's lane 0 falls in `hi`.
//!   Only the change from the first TLP to the second can move lane 0 back
//!   by up to 12 bytes (the first TLP's own dword offset), into the beat
//!   before `lo`: that beat comes from `{lo, old}` (`back`). The next
//!   TLP's lane 0 is 16 bytes before the byte after the last payload byte
//!   of the current one, so it is found from the last beat's offset and its
//!   count of bytes (`left`), never from the addresses.
//! * **Set-up.** A write's first TLP is sized in the two clocks after its
//!   first beat is taken (its room to the next MPS boundary, then its
//!   length); the window fills meanwhile.
//! * **Flow.** `dw_ready` is 1 while no write is under way, or while the
//!   write has beats to come and `h2` is empty. The output is one register:
//!   a beat is made when it is empty or being taken (`s_axis_rq_tready`); a
//!   shown beat holds until taken. One beat per clock when the engine
//!   keeps up, across TLP boundaries too; three clocks between writes.
//! * A write of length 0 is taken and dropped whole (`cnt_empty`). TLPs
//!   sent: `cnt_tlps`.

use rust_hdl::prelude::*;

hdl_block! {
    /// The engine's DMA writes into memory write TLPs.
    pub struct PcieWr {
        /// `user_clk` (250 MHz).
        pub clock: Signal<In, Clock>,
        /// Engine write beat valid.
        pub dw_valid: Signal<In, Bit>,
        /// Engine write beat taken.
        pub dw_ready: Signal<Out, Bit>,
        /// The write's first byte's address (every beat).
        pub dw_addr: Signal<In, Bits<64>>,
        /// The write's length in bytes (every beat).
        pub dw_len: Signal<In, Bits<16>>,
        /// Data: byte `64k + i` of the write in lane `i` of beat `k`.
        pub dw_data: Signal<In, Bits<512>>,
        /// Last beat of the write.
        pub dw_last: Signal<In, Bit>,
        /// Maximum payload size (128 << value).
        pub cfg_max_payload: Signal<In, Bits<2>>,
        /// RQ data.
        pub s_axis_rq_tdata: Signal<Out, Bits<512>>,
        /// RQ dword enables.
        pub s_axis_rq_tkeep: Signal<Out, Bits<16>>,
        /// RQ last beat of a TLP.
        pub s_axis_rq_tlast: Signal<Out, Bit>,
        /// RQ sideband (137 bits).
        pub s_axis_rq_tuser: Signal<Out, Bits<137>>,
        /// RQ beat valid.
        pub s_axis_rq_tvalid: Signal<Out, Bit>,
        /// RQ beat taken.
        pub s_axis_rq_tready: Signal<In, Bit>,
        /// Memory write TLPs sent.
        pub cnt_tlps: Signal<Out, Bits<32>>,
        /// Writes of length 0, dropped.
        pub cnt_empty: Signal<Out, Bits<32>>,
        active: DFF<Bit>,
        skip: DFF<Bit>,
        setup: DFF<Bits<2>>,
        mps: DFF<Bits<2>>,
        room: DFF<Bits<12>>,
        wlen: DFF<Bits<16>>,
        e_left: DFF<Bits<11>>,
        rem: DFF<Bits<16>>,
        t_addr: DFF<Bits<64>>,
        t_len: DFF<Bits<11>>,
        first: DFF<Bit>,
        left: DFF<Bits<12>>,
        pb: DFF<Bits<17>>,
        back: DFF<Bit>,
        old: DFF<Bits<512>>,
        q0: DFF<Bits<512>>,
        q1: DFF<Bits<512>>,
        q2: DFF<Bits<512>>,
        v0: DFF<Bit>,
        v1: DFF<Bit>,
        v2: DFF<Bit>,
        o_valid: DFF<Bit>,
        o_data: DFF<Bits<512>>,
        o_keep: DFF<Bits<16>>,
        o_last: DFF<Bit>,
        o_user: DFF<Bits<137>>,
        n_tlps: DFF<Bits<32>>,
        n_empty: DFF<Bits<32>>,
        k_ones: Constant<Bits<512>> = Constant::new(!bits::<512>(0)),
        // the current beat
        x: Signal<Local, Bits<2>>,
        e_end: Signal<Local, Bits<12>>,
        dwc: Signal<Local, Bits<11>>,
        lo_lane: Signal<Local, Bits<7>>,
        hi_lane: Signal<Local, Bits<7>>,
        last: Signal<Local, Bit>,
        sh: Signal<Local, Bits<7>>,
        need_hi: Signal<Local, Bit>,
        avail: Signal<Local, Bit>,
        pair: Signal<Local, Bits<1024>>,
        shifted: Signal<Local, Bits<1024>>,
        mask: Signal<Local, Bits<512>>,
        desc: Signal<Local, Bits<512>>,
        in_beat: Signal<Local, Bits<5>>,
        hl3: Signal<Local, Bits<7>>,
        e_m1: Signal<Local, Bits<16>>,
        keep: Signal<Local, Bits<16>>,
        fbe: Signal<Local, Bits<4>>,
        lbe: Signal<Local, Bits<4>>,
        eop: Signal<Local, Bits<4>>,
        user: Signal<Local, Bits<137>>,
        // the step
        mps_b: Signal<Local, Bits<12>>,
        ready: Signal<Local, Bit>,
        take: Signal<Local, Bit>,
        free: Signal<Local, Bit>,
        emit: Signal<Local, Bit>,
        done: Signal<Local, Bit>,
        pop: Signal<Local, Bit>,
        dm_sum: Signal<Local, Bits<8>>,
        dm_neg: Signal<Local, Bit>,
        dm_zero: Signal<Local, Bit>,
        rem_big: Signal<Local, Bit>,
        fits: Signal<Local, Bit>,
        v0n: Signal<Local, Bit>,
        v1n: Signal<Local, Bit>,
        v2n: Signal<Local, Bit>,
    }
}

impl Logic for PcieWr {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, active, skip, setup, mps, room, wlen, e_left, rem, t_addr, t_len, first,
            left, pb, back, old, q0, q1, q2, v0, v1, v2, o_valid, o_data, o_keep, o_last, o_user,
            n_tlps, n_empty
        );

        // ---- the current beat
        self.x.next = self.t_addr.q.val().get_bits::<2>(0);
        self.e_end.next = bit_cast::<12, 2>(self.x.val()) + bit_cast::<12, 11>(self.t_len.q.val());
        self.dwc.next = (bit_cast::<11, 12>(self.e_end.val()) + 3) >> 2;
        if self.first.q.val() {
            self.lo_lane.next = bit_cast::<7, 2>(self.x.val()) + 16;
        } else {
            self.lo_lane.next = 0.into();
        }
        self.last.next = self.left.q.val() <= bits::<12>(64);
        if self.last.val() {
            self.hi_lane.next = self.left.q.val().get_bits::<7>(0);
        } else {
            self.hi_lane.next = 64.into();
        }
        self.sh.next = bit_cast::<7, 6>(self.pb.q.val().get_bits::<6>(0));
        self.need_hi.next = (self.sh.val() + self.hi_lane.val()) > bits::<7>(64);
        self.avail.next = (self.setup.q.val() == bits::<2>(0))
            & self.v0.q.val()
            & (self.back.q.val() | !self.need_hi.val() | self.v1.q.val());
        if self.back.q.val() {
            self.pair.next = bit_cast::<1024, 512>(self.old.q.val())
                | (bit_cast::<1024, 512>(self.q0.q.val()) << 512);
        } else {
            self.pair.next = bit_cast::<1024, 512>(self.q0.q.val())
                | (bit_cast::<1024, 512>(self.q1.q.val()) << 512);
        }
        self.shifted.next = self.pair.val() >> (bit_cast::<10, 7>(self.sh.val()) << 3);
        self.mask.next = (self.k_ones.val() << (bit_cast::<10, 7>(self.lo_lane.val()) << 3))
            & !(self.k_ones.val() << (bit_cast::<10, 7>(self.hi_lane.val()) << 3));
        self.desc.next = bit_cast::<512, 64>(self.t_addr.q.val() & !bits::<64>(3))
            | (bit_cast::<512, 11>(self.dwc.val()) << 64)
            | (bits::<512>(1) << 75);
        self.hl3.next = self.hi_lane.val() + 3;
        if self.last.val() {
            self.in_beat.next = bit_cast::<5, 7>(self.hl3.val() >> 2);
        } else {
            self.in_beat.next = 16.into();
        }
        self.keep.next = !(self.k_ones.val().get_bits::<16>(0) << self.in_beat.val());
        if self.dwc.val() == bits::<11>(1) {
            self.fbe.next = (bits::<4>(15) << self.x.val())
                & !(bits::<4>(15) << self.e_end.val().get_bits::<3>(0));
            self.lbe.next = 0.into();
        } else {
            self.fbe.next = bits::<4>(15) << self.x.val();
            if self.e_end.val().get_bits::<2>(0) == bits::<2>(0) {
                self.lbe.next = bits::<4>(15);
            } else {
                self.lbe.next = !(bits::<4>(15) << self.e_end.val().get_bits::<2>(0));
            }
        }
        self.eop.next = self.in_beat.val().get_bits::<4>(0) - 1;
        self.user.next = 0.into();
        if self.first.q.val() {
            self.user.next = bit_cast::<137, 4>(self.fbe.val())
                | (bit_cast::<137, 4>(self.lbe.val()) << 8)
                | (bits::<137>(1) << 20);
        }
        if self.last.val() {
            self.user.next = self.user.val()
                | (bits::<137>(1) << 26)
                | (bit_cast::<137, 4>(self.eop.val()) << 28);
        }

        // ---- the step
        self.e_m1.next = self.dw_len.val() - 1;
        self.mps_b.next = bits::<12>(128) << self.mps.q.val();
        self.ready.next = !self.active.q.val() | (self.e_left.q.val().any() & !self.v2.q.val());
        self.dw_ready.next = self.ready.val();
        self.take.next = self.dw_valid.val() & self.ready.val();
        self.free.next = !self.o_valid.q.val() | self.s_axis_rq_tready.val();
        if self.o_valid.q.val() & self.s_axis_rq_tready.val() {
            self.o_valid.d.next = false;
        }
        self.emit.next = self.active.q.val() & self.free.val() & self.avail.val();
        // the next TLP's lane 0 relative to this beat's engine beat:
        // floor((sh + left - 16) / 64), -1, 0 or 1 (offset by 64)
        self.dm_sum.next =
            (bit_cast::<8, 7>(self.sh.val()) + self.left.q.val().get_bits::<8>(0)) + 48;
        self.dm_neg.next = self.dm_sum.val() < bits::<8>(64);
        self.dm_zero.next = !self.dm_neg.val() & (self.dm_sum.val() < bits::<8>(128));
        self.rem_big.next = self.rem.q.val() >= bit_cast::<16, 12>(self.mps_b.val());
        self.done.next = false;
        self.pop.next = false;
        if self.emit.val() {
            self.o_valid.d.next = true;
            if self.first.q.val() {
                self.o_data.d.next =
                    (self.shifted.val().get_bits::<512>(0) & self.mask.val()) | self.desc.val();
            } else {
                self.o_data.d.next = self.shifted.val().get_bits::<512>(0) & self.mask.val();
            }
            self.o_keep.d.next = self.keep.val();
            self.o_last.d.next = self.last.val();
            self.o_user.d.next = self.user.val();
            if self.last.val() {
                self.n_tlps.d.next = self.n_tlps.q.val() + 1;
            }
            if !self.last.val() {
                self.first.d.next = false;
                self.pb.d.next = self.pb.q.val() + 64;
                self.left.d.next = self.left.q.val() - 64;
                self.pop.next = !self.back.q.val();
                self.back.d.next = false;
            } else if !self.rem.q.val().any() {
                self.done.next = true;
            } else {
                self.pb.d.next = (self.pb.q.val() + bit_cast::<17, 12>(self.left.q.val())) - 16;
                self.pop.next = !self.back.q.val() & !self.dm_neg.val() & !self.dm_zero.val();
                if self.back.q.val() {
                    self.back.d.next = self.dm_zero.val();
                } else {
                    self.back.d.next = self.dm_neg.val();
                }
                self.t_addr.d.next = self.t_addr.q.val() + bit_cast::<64, 11>(self.t_len.q.val());
                if self.rem_big.val() {
                    self.t_len.d.next = self.mps_b.val().get_bits::<11>(0);
                    self.rem.d.next = self.rem.q.val() - bit_cast::<16, 12>(self.mps_b.val());
                    self.left.d.next = self.mps_b.val() + 16;
                } else {
                    self.t_len.d.next = self.rem.q.val().get_bits::<11>(0);
                    self.rem.d.next = 0.into();
                    self.left.d.next = self.rem.q.val().get_bits::<12>(0) + 16;
                }
                self.first.d.next = true;
            }
        }
        // ---- the first TLP's set-up
        self.fits.next = self.wlen.q.val() <= bit_cast::<16, 12>(self.room.q.val());
        if self.setup.q.val() == bits::<2>(1) {
            self.room.d.next = self.mps_b.val() - self.room.q.val();
            self.setup.d.next = 2.into();
        } else if self.setup.q.val() == bits::<2>(2) {
            if self.fits.val() {
                self.t_len.d.next = self.wlen.q.val().get_bits::<11>(0);
                self.rem.d.next = 0.into();
                self.left.d.next =
                    (bit_cast::<12, 2>(self.x.val()) + self.wlen.q.val().get_bits::<12>(0)) + 16;
            } else {
                self.t_len.d.next = self.room.q.val().get_bits::<11>(0);
                self.rem.d.next = self.wlen.q.val() - bit_cast::<16, 12>(self.room.q.val());
                self.left.d.next = (bit_cast::<12, 2>(self.x.val()) + self.room.q.val()) + 16;
            }
            self.setup.d.next = 0.into();
        }
        // ---- the window after this clock's move
        if self.done.val() {
            self.active.d.next = false;
            self.v0n.next = false;
            self.v1n.next = false;
            self.v2n.next = false;
        } else if self.pop.val() {
            self.old.d.next = self.q0.q.val();
            self.q0.d.next = self.q1.q.val();
            self.q1.d.next = self.q2.q.val();
            self.v0n.next = self.v1.q.val();
            self.v1n.next = self.v2.q.val();
            self.v2n.next = false;
        } else {
            self.v0n.next = self.v0.q.val();
            self.v1n.next = self.v1.q.val();
            self.v2n.next = self.v2.q.val();
        }
        self.v0.d.next = self.v0n.val();
        self.v1.d.next = self.v1n.val();
        self.v2.d.next = self.v2n.val();
        if self.take.val() {
            if !self.active.q.val() & !self.skip.q.val() {
                if !self.dw_len.val().any() {
                    self.n_empty.d.next = self.n_empty.q.val() + 1;
                    self.skip.d.next = !self.dw_last.val();
                } else {
                    self.active.d.next = true;
                    self.setup.d.next = 1.into();
                    self.mps.d.next = self.cfg_max_payload.val();
                    self.room.d.next = self.dw_addr.val().get_bits::<12>(0)
                        & ((bits::<12>(128) << self.cfg_max_payload.val()) - 1);
                    self.wlen.d.next = self.dw_len.val();
                    self.e_left.d.next = bit_cast::<11, 10>(self.e_m1.val().get_bits::<10>(6));
                    self.t_addr.d.next = self.dw_addr.val();
                    self.first.d.next = true;
                    self.pb.d.next =
                        bits::<17>(48) - bit_cast::<17, 2>(self.dw_addr.val().get_bits::<2>(0));
                    self.back.d.next = false;
                    self.q0.d.next = 0.into();
                    self.q1.d.next = self.dw_data.val();
                    self.v0.d.next = true;
                    self.v1.d.next = true;
                    self.v2.d.next = false;
                }
            } else if self.skip.q.val() {
                self.skip.d.next = !self.dw_last.val();
            } else {
                self.e_left.d.next = self.e_left.q.val() - 1;
                if !self.v0n.val() {
                    self.q0.d.next = self.dw_data.val();
                    self.v0.d.next = true;
                } else if !self.v1n.val() {
                    self.q1.d.next = self.dw_data.val();
                    self.v1.d.next = true;
                } else {
                    self.q2.d.next = self.dw_data.val();
                    self.v2.d.next = true;
                }
            }
        }

        // ---- outputs
        self.s_axis_rq_tvalid.next = self.o_valid.q.val();
        self.s_axis_rq_tdata.next = self.o_data.q.val();
        self.s_axis_rq_tkeep.next = self.o_keep.q.val();
        self.s_axis_rq_tlast.next = self.o_last.q.val();
        self.s_axis_rq_tuser.next = self.o_user.q.val();
        self.cnt_tlps.next = self.n_tlps.q.val();
        self.cnt_empty.next = self.n_empty.q.val();
    }
}
