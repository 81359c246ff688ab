//! `pcie_rd`: the read side of Braid's own PCIe DMA. The engine's DMA read
//! stream (ENGINE.md "DMA read stream") becomes memory read TLPs on the
//! UltraScale+ PCIe hard block's requester request interface (RQ), and the
//! completions from its requester completion interface (RC) come back to the
//! engine as one response per read, in request order: 512 bits, straddling
//! off, dword-aligned (AMD PG213).
//!
//! # Behaviour (normative; `braid_model::PcieRdModel` is the bit- and
//! cycle-exact reference)
//!
//! * **Slots.** A read (`rd_addr`, `rd_len`, `rd_tag`) takes the next of 8
//!   slots, a ring; each slot owns a 4 KiB page of the buffer, where a
//!   byte of the read is kept at its address mod 4 KiB. `rd_ready` is 1
//!   while a slot is free and no read is being cut. A read of length 0 or
//!   one that crosses 4 KiB takes a slot, sends nothing and is answered
//!   failed.
//! * **Cutting.** The clock after a read is taken sizes its first piece (to
//!   the next multiple of MRRS = 128 << min(`cfg_max_read_req`, 5), taken
//!   with the read); then one read TLP per clock while the RQ output
//!   register is free and a tag is free, each piece a whole MRRS block
//!   after the first. A TLP takes the lowest free tag of 32 (no extended
//!   tags), which records its slot, the clock it was sent, the page offset
//!   where its data continues and its bytes still to come.
//! * **A TLP**: descriptor only (address 63:2, dword count 74:64, request
//!   type 0 = memory read, tag 103:96, all else 0), `tkeep` 0x000F, `tlast`;
//!   `tuser` first byte enables 3:0 and last 11:8 (a one-dword read: last 0,
//!   first masks both ends), `is_sop` 21:20 = 1, `is_eop` 27:26 = 1,
//!   `eop0_ptr` 31:28 = 3.
//! * **Completions** (`m_axis_rc_tready` is always 1) pass two registers.
//!   At the first, the descriptor is judged: the completion is *stray* if
//!   its tag is 32 or more or not in flight (it is dropped whole and
//!   counted); it is *good* if its error code and status are 0, its lower
//!   address is where its tag's data continues, its byte count is its tag's
//!   bytes still to come, and either it has `request completed` and its
//!   dword count covers exactly its byte count, or it has not and it ends on
//!   a 64-byte boundary before its tag's end (PCIe's read completion
//!   boundary is 64 or 128 bytes). A good completion that is not the last
//!   moves its tag on at once. At the second register its payload goes into
//!   the slot's page, one 64-byte line per beat plus one more on its last
//!   beat (lines alternate between two RAMs, so both fit one clock); a
//!   line is written whole, which is safe because every completion but a
//!   read's first and last starts and ends on a line boundary. At its last
//!   beat it is judged again: a discontinued one, or one whose beats do not
//!   match its dword count, fails. A good last completion frees its tag;
//!   any other completion of a tag in flight fails its read, counts in
//!   `cnt_cpl_err` and puts its tag in quarantine (a late completion for it
//!   is stray).
//! * **Timeouts.** Each clock one tag (clock mod 32) is checked, unless a
//!   completion for it is at either register: one in flight for
//!   `cfg_timeout` clocks or more (0: never) fails its read and goes into
//!   quarantine (`cnt_timeouts`); one in quarantine is free again once
//!   twice `cfg_timeout` clocks have passed since its TLP was sent.
//! * **Responses.** Once the oldest slot has sent every TLP and none is in
//!   flight, it is answered: `ceil(len / 64)` beats (one for length 0),
//!   byte `64k + i` of the read in lane `i` of beat `k`, lanes past the
//!   length 0, `rs_tag` the read's tag; a failed read's beats carry
//!   `rs_err` and data 0. A beat is read from both RAMs in one clock (the
//!   two lines it spans), aligned the next and queued in a 2-beat queue
//!   whose head drives `rs_*`: one beat per clock while `rs_ready` is 1.

use rust_hdl::prelude::*;

hdl_block! {
    /// The engine's DMA reads into memory read TLPs, completions back in order.
    pub struct PcieRd {
        /// `user_clk` (250 MHz).
        pub clock: Signal<In, Clock>,
        /// Engine read request valid.
        pub rd_valid: Signal<In, Bit>,
        /// Engine read request taken.
        pub rd_ready: Signal<Out, Bit>,
        /// Host address.
        pub rd_addr: Signal<In, Bits<64>>,
        /// Length in bytes.
        pub rd_len: Signal<In, Bits<13>>,
        /// The engine's tag.
        pub rd_tag: Signal<In, Bits<8>>,
        /// Response beat valid.
        pub rs_valid: Signal<Out, Bit>,
        /// Response beat taken.
        pub rs_ready: Signal<In, Bit>,
        /// Response data: byte `64k + i` of the read in lane `i` of beat `k`.
        pub rs_data: Signal<Out, Bits<512>>,
        /// The read's tag.
        pub rs_tag: Signal<Out, Bits<8>>,
        /// Last beat of a response.
        pub rs_last: Signal<Out, Bit>,
        /// The read failed.
        pub rs_err: Signal<Out, Bit>,
        /// Maximum read request size (128 << min(value, 5)).
        pub cfg_max_read_req: Signal<In, Bits<3>>,
        /// Completion timeout in clocks (0: never).
        pub cfg_timeout: Signal<In, Bits<32>>,
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
        /// RC data.
        pub m_axis_rc_tdata: Signal<In, Bits<512>>,
        /// RC dword enables (unused: the descriptor says where data is).
        pub m_axis_rc_tkeep: Signal<In, Bits<16>>,
        /// RC last beat of a completion.
        pub m_axis_rc_tlast: Signal<In, Bit>,
        /// RC sideband (161 bits; bit 96 discontinue).
        pub m_axis_rc_tuser: Signal<In, Bits<161>>,
        /// RC beat valid.
        pub m_axis_rc_tvalid: Signal<In, Bit>,
        /// RC ready (always 1).
        pub m_axis_rc_tready: Signal<Out, Bit>,
        /// Read TLPs sent.
        pub cnt_reads: Signal<Out, Bits<32>>,
        /// Completions that failed their read.
        pub cnt_cpl_err: Signal<Out, Bits<32>>,
        /// Reads failed by a timeout.
        pub cnt_timeouts: Signal<Out, Bits<32>>,
        /// Completions for a tag not in flight, dropped.
        pub cnt_stray: Signal<Out, Bits<32>>,
        now: DFF<Bits<5>>,
        pre: DFF<Bits<30>>,
        // slots
        hd: DFF<Bits<4>>,
        tl: DFF<Bits<4>>,
        s_tag: [DFF<Bits<8>>; 8],
        s_off: [DFF<Bits<12>>; 8],
        s_len: [DFF<Bits<13>>; 8],
        s_lastk: [DFF<Bits<8>>; 8],
        s_err: [DFF<Bit>; 8],
        s_iss: [DFF<Bit>; 8],
        s_pend: [DFF<Bits<6>>; 8],
        // the splitter
        sp_act: DFF<Bit>,
        sp_setup: DFF<Bits<2>>,
        sp_slot: DFF<Bits<3>>,
        sp_addr: DFF<Bits<64>>,
        sp_left: DFF<Bits<13>>,
        sp_m: DFF<Bits<3>>,
        sp_room: DFF<Bits<13>>,
        sp_bad: DFF<Bit>,
        sp_chunk: DFF<Bits<13>>,
        sp_rest: DFF<Bits<13>>,
        o_v: DFF<Bit>,
        o_desc: DFF<Bits<128>>,
        o_be: DFF<Bits<12>>,
        // tags
        busy: DFF<Bits<32>>,
        n_busy: DFF<Bits<6>>,
        dead: DFF<Bits<32>>,
        t_slot: [DFF<Bits<3>>; 32],
        t_age: [DFF<Bits<3>>; 32],
        t_next: [DFF<Bits<12>>; 32],
        t_rem: [DFF<Bits<13>>; 32],
        // RC stage 1
        mid: DFF<Bit>,
        v1: DFF<Bit>,
        d1: DFF<Bits<512>>,
        l1: DFF<Bit>,
        disc1: DFF<Bit>,
        f1: DFF<Bit>,
        // the completion at stage 2
        cx_act: DFF<Bit>,
        cx_good: DFF<Bit>,
        cx_stray: DFF<Bit>,
        cx_done: DFF<Bit>,
        cx_disc: DFF<Bit>,
        cx_tag: DFF<Bits<5>>,
        cx_slot: DFF<Bits<3>>,
        cx_sh: DFF<Bits<6>>,
        cx_l0: DFF<Bits<6>>,
        cx_k: DFF<Bits<8>>,
        cx_nl: DFF<Bits<8>>,
        cx_nb: DFF<Bits<8>>,
        cx_j: DFF<Bits<8>>,
        // RC stage 2
        v2: DFF<Bit>,
        d2: DFF<Bits<512>>,
        l2: DFF<Bit>,
        disc2: DFF<Bit>,
        p2: DFF<Bits<512>>,
        // the page buffer: even lines, odd lines ({slot, line / 2})
        bank0: RAM<Bits<512>, 8>,
        bank1: RAM<Bits<512>, 8>,
        // responses
        r_k: DFF<Bits<8>>,
        p_v: DFF<Bit>,
        p_tag: DFF<Bits<8>>,
        p_last: DFF<Bit>,
        p_err: DFF<Bit>,
        p_sh: DFF<Bits<6>>,
        p_odd: DFF<Bit>,
        p_nb: DFF<Bits<7>>,
        q_n: DFF<Bits<2>>,
        q0_data: DFF<Bits<512>>,
        q0_tag: DFF<Bits<8>>,
        q0_last: DFF<Bit>,
        q0_err: DFF<Bit>,
        q1_data: DFF<Bits<512>>,
        q1_tag: DFF<Bits<8>>,
        q1_last: DFF<Bit>,
        q1_err: DFF<Bit>,
        n_reads: DFF<Bits<32>>,
        n_cpl_err: DFF<Bits<32>>,
        n_timeouts: DFF<Bits<32>>,
        n_stray: DFF<Bits<32>>,
        k_ones: Constant<Bits<512>> = Constant::new(!bits::<512>(0)),
        // packed views of the tag table
        pk_slot: Signal<Local, Bits<128>>,
        pk_age: Signal<Local, Bits<128>>,
        tick: Signal<Local, Bit>,
        pk_next: Signal<Local, Bits<512>>,
        pk_rem: Signal<Local, Bits<512>>,
        // the splitter
        rq_free: Signal<Local, Bit>,
        m_b: Signal<Local, Bits<13>>,
        fv: Signal<Local, Bits<32>>,
        oh: Signal<Local, Bits<32>>,
        tf: Signal<Local, Bits<5>>,
        issue: Signal<Local, Bit>,
        last_piece: Signal<Local, Bit>,
        x: Signal<Local, Bits<2>>,
        e: Signal<Local, Bits<13>>,
        dwc: Signal<Local, Bits<11>>,
        fbe: Signal<Local, Bits<4>>,
        lbe: Signal<Local, Bits<4>>,
        room: Signal<Local, Bits<13>>,
        // stage 2
        pair2: Signal<Local, Bits<1024>>,
        sh2: Signal<Local, Bits<1024>>,
        line: Signal<Local, Bits<6>>,
        line_h: Signal<Local, Bits<6>>,
        k1: Signal<Local, Bits<8>>,
        we_lo: Signal<Local, Bit>,
        we_hi: Signal<Local, Bit>,
        end2: Signal<Local, Bit>,
        good2: Signal<Local, Bit>,
        kill2: Signal<Local, Bit>,
        bad2: Signal<Local, Bit>,
        // the scanner
        scan: Signal<Local, Bits<5>>,
        skip: Signal<Local, Bit>,
        age: Signal<Local, Bits<3>>,
        s_slot: Signal<Local, Bits<3>>,
        tmo: Signal<Local, Bit>,
        unq: Signal<Local, Bit>,
        // stage 1
        la: Signal<Local, Bits<12>>,
        ec: Signal<Local, Bits<4>>,
        bc: Signal<Local, Bits<13>>,
        cdone: Signal<Local, Bit>,
        cdwc: Signal<Local, Bits<11>>,
        cst: Signal<Local, Bits<3>>,
        ctag: Signal<Local, Bits<8>>,
        t1: Signal<Local, Bits<5>>,
        busy_t: Signal<Local, Bit>,
        stray1: Signal<Local, Bit>,
        cx: Signal<Local, Bits<2>>,
        dw4: Signal<Local, Bits<14>>,
        cov: Signal<Local, Bits<12>>,
        cond: Signal<Local, Bit>,
        good1: Signal<Local, Bit>,
        upd1: Signal<Local, Bit>,
        hdr1: Signal<Local, Bit>,
        // responses
        hs: Signal<Local, Bits<3>>,
        len_h: Signal<Local, Bits<13>>,
        lastk_h: Signal<Local, Bits<8>>,
        r_last: Signal<Local, Bit>,
        rx: Signal<Local, Bits<8>>,
        rx1: Signal<Local, Bits<8>>,
        ready_h: Signal<Local, Bit>,
        pop: Signal<Local, Bit>,
        can: Signal<Local, Bit>,
        qa: Signal<Local, Bits<2>>,
        pair_r: Signal<Local, Bits<1024>>,
        beat_r: Signal<Local, Bits<1024>>,
        data_r: Signal<Local, Bits<512>>,
        // slots
        pd: Signal<Local, Bits<6>>,
        r_off: Signal<Local, Bits<12>>,
        r_end: Signal<Local, Bits<14>>,
        r_bad: Signal<Local, Bit>,
        take: Signal<Local, Bit>,
        cnt: Signal<Local, Bits<4>>,
        bad1: Signal<Local, Bit>,
        cap: Signal<Local, Bits<6>>,
        nb: Signal<Local, Bits<6>>,
        lastk: Signal<Local, Bits<8>>,
        len_m1: Signal<Local, Bits<13>>,
        busy_n: Signal<Local, Bits<32>>,
        dead_n: Signal<Local, Bits<32>>,
        i_sslot: Signal<Local, Bits<7>>,
        i_t16: Signal<Local, Bits<9>>,
        i_t4: Signal<Local, Bits<7>>,
        occ: Signal<Local, Bits<3>>,
        end16: Signal<Local, Bits<4>>,
        j1: Signal<Local, Bits<8>>,
        rk1: Signal<Local, Bits<8>>,
        e_slot: Signal<Local, Bits<3>>,
        e_age: Signal<Local, Bits<3>>,
        e_next: Signal<Local, Bits<12>>,
        e_rem: Signal<Local, Bits<13>>,
        tag_h: Signal<Local, Bits<8>>,
        err_h: Signal<Local, Bit>,
    }
}

impl Logic for PcieRd {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, now, pre, hd, tl, sp_act, sp_setup, sp_slot, sp_addr, sp_left, sp_m,
            sp_room, sp_bad, sp_chunk, sp_rest, o_v, o_desc, o_be, busy, n_busy, dead, mid, v1, d1,
            l1, disc1, f1, cx_act, cx_good, cx_stray, cx_done, cx_disc, cx_tag, cx_slot, cx_sh,
            cx_l0, cx_k, cx_nl, cx_nb, cx_j, v2, d2, l2, disc2, p2, r_k, p_v, p_tag, p_last, p_err,
            p_sh, p_odd, p_nb, q_n, q0_data, q0_tag, q0_last, q0_err, q1_data, q1_tag, q1_last,
            q1_err, n_reads, n_cpl_err, n_timeouts, n_stray
        );
        for i in 0..8 {
            self.s_tag[i].clock.next = self.clock.val();
            self.s_off[i].clock.next = self.clock.val();
            self.s_len[i].clock.next = self.clock.val();
            self.s_lastk[i].clock.next = self.clock.val();
            self.s_lastk[i].d.next = self.s_lastk[i].q.val();
            self.s_err[i].clock.next = self.clock.val();
            self.s_iss[i].clock.next = self.clock.val();
            self.s_pend[i].clock.next = self.clock.val();
            self.s_tag[i].d.next = self.s_tag[i].q.val();
            self.s_off[i].d.next = self.s_off[i].q.val();
            self.s_len[i].d.next = self.s_len[i].q.val();
            self.s_err[i].d.next = self.s_err[i].q.val();
            self.s_iss[i].d.next = self.s_iss[i].q.val();
        }
        for i in 0..32 {
            self.t_slot[i].clock.next = self.clock.val();
            self.t_age[i].clock.next = self.clock.val();
            self.t_next[i].clock.next = self.clock.val();
            self.t_rem[i].clock.next = self.clock.val();
            self.t_slot[i].d.next = self.t_slot[i].q.val();
            self.t_next[i].d.next = self.t_next[i].q.val();
            self.t_rem[i].d.next = self.t_rem[i].q.val();
        }
        self.bank0.read_clock.next = self.clock.val();
        self.bank0.write_clock.next = self.clock.val();
        self.bank1.read_clock.next = self.clock.val();
        self.bank1.write_clock.next = self.clock.val();
        self.now.d.next = self.now.q.val() + 1;
        // the timeout's quarter-period tick
        self.tick.next = self.pre.q.val() == self.cfg_timeout.val().get_bits::<30>(2);
        if self.tick.val() {
            self.pre.d.next = 0.into();
        } else {
            self.pre.d.next = self.pre.q.val() + 1;
        }

        // ---- packed views of the tag table (wiring only)
        self.pk_slot.next = 0.into();
        self.pk_age.next = 0.into();
        self.pk_next.next = 0.into();
        self.pk_rem.next = 0.into();
        for i in 0..32 {
            self.e_slot.next = self.t_slot[i].q.val();
            self.pk_slot.next =
                (self.pk_slot.val() >> 4) | (bit_cast::<128, 3>(self.e_slot.val()) << 124);
            self.e_age.next = self.t_age[i].q.val();
            self.pk_age.next =
                (self.pk_age.val() >> 4) | (bit_cast::<128, 3>(self.e_age.val()) << 124);
            self.e_next.next = self.t_next[i].q.val();
            self.pk_next.next =
                (self.pk_next.val() >> 16) | (bit_cast::<512, 12>(self.e_next.val()) << 496);
            self.e_rem.next = self.t_rem[i].q.val();
            self.pk_rem.next =
                (self.pk_rem.val() >> 16) | (bit_cast::<512, 13>(self.e_rem.val()) << 496);
        }

        // ---- the splitter and the RQ output register
        self.rq_free.next = !self.o_v.q.val() | self.s_axis_rq_tready.val();
        self.m_b.next = bits::<13>(128) << self.sp_m.q.val();
        self.fv.next = !self.busy.q.val() & !self.dead.q.val();
        self.oh.next = self.fv.val() & (!self.fv.val() + 1);
        self.tf.next = 0.into();
        if (self.oh.val() & bits::<32>(0xAAAA_AAAA_u64)).any() {
            self.tf.next = self.tf.val() | bits::<5>(1);
        }
        if (self.oh.val() & bits::<32>(0xCCCC_CCCC_u64)).any() {
            self.tf.next = self.tf.val() | bits::<5>(2);
        }
        if (self.oh.val() & bits::<32>(0xF0F0_F0F0_u64)).any() {
            self.tf.next = self.tf.val() | bits::<5>(4);
        }
        if (self.oh.val() & bits::<32>(0xFF00_FF00_u64)).any() {
            self.tf.next = self.tf.val() | bits::<5>(8);
        }
        if (self.oh.val() & bits::<32>(0xFFFF_0000_u64)).any() {
            self.tf.next = self.tf.val() | bits::<5>(16);
        }
        // tags in flight at most: the hard block's completion buffer (256
        // completion headers) holds every completion of them at a 64-byte
        // read completion boundary (MRRS / 64 + 1 each)
        self.cap.next = 32.into();
        if self.sp_m.q.val() == bits::<3>(2) {
            self.cap.next = 28.into();
        }
        if self.sp_m.q.val() == bits::<3>(3) {
            self.cap.next = 15.into();
        }
        if self.sp_m.q.val() == bits::<3>(4) {
            self.cap.next = 7.into();
        }
        if self.sp_m.q.val() == bits::<3>(5) {
            self.cap.next = 3.into();
        }
        self.issue.next = self.sp_act.q.val()
            & !self.sp_setup.q.val().any()
            & self.rq_free.val()
            & self.fv.val().any()
            & (self.n_busy.q.val() < self.cap.val());
        self.last_piece.next = !self.sp_rest.q.val().any();
        self.x.next = self.sp_addr.q.val().get_bits::<2>(0);
        self.e.next = bit_cast::<13, 2>(self.x.val()) + self.sp_chunk.q.val();
        self.dwc.next = bit_cast::<11, 13>((self.e.val() + 3) >> 2);
        if self.dwc.val() == bits::<11>(1) {
            self.fbe.next =
                (bits::<4>(15) << self.x.val()) & !(bits::<4>(15) << self.e.val().get_bits::<3>(0));
            self.lbe.next = 0.into();
        } else {
            self.fbe.next = bits::<4>(15) << self.x.val();
            if self.e.val().get_bits::<2>(0) == bits::<2>(0) {
                self.lbe.next = bits::<4>(15);
            } else {
                self.lbe.next = !(bits::<4>(15) << self.e.val().get_bits::<2>(0));
            }
        }
        if self.issue.val() {
            self.o_v.d.next = true;
            self.o_desc.d.next = bit_cast::<128, 64>(self.sp_addr.q.val() & !bits::<64>(3))
                | (bit_cast::<128, 11>(self.dwc.val()) << 64)
                | (bit_cast::<128, 5>(self.tf.val()) << 96);
            self.o_be.d.next =
                bit_cast::<12, 4>(self.fbe.val()) | (bit_cast::<12, 4>(self.lbe.val()) << 8);
            self.n_reads.d.next = self.n_reads.q.val() + 1;
            // a read stays inside its 4 KiB page: only the offset moves
            self.sp_addr.d.next = (self.sp_addr.q.val() & !bits::<64>(0xfff))
                | bit_cast::<64, 12>(
                    self.sp_addr.q.val().get_bits::<12>(0)
                        + self.sp_chunk.q.val().get_bits::<12>(0),
                );
            if self.sp_rest.q.val() > self.m_b.val() {
                self.sp_chunk.d.next = self.m_b.val();
                self.sp_rest.d.next = self.sp_rest.q.val() - self.m_b.val();
            } else {
                self.sp_chunk.d.next = self.sp_rest.q.val();
                self.sp_rest.d.next = 0.into();
            }
            if self.last_piece.val() {
                self.sp_act.d.next = false;
            }
        } else if self.o_v.q.val() & self.s_axis_rq_tready.val() {
            self.o_v.d.next = false;
        }
        for i in 0..32 {
            if self.issue.val() & (self.tf.val().index() == i) {
                self.t_slot[i].d.next = self.sp_slot.q.val();
                self.t_next[i].d.next = self.sp_addr.q.val().get_bits::<12>(0);
                self.t_rem[i].d.next = self.sp_chunk.q.val();
            }
        }
        self.room.next = self.m_b.val()
            - (bit_cast::<13, 12>(self.sp_addr.q.val().get_bits::<12>(0)) & (self.m_b.val() - 1));
        self.bad1.next = (self.sp_setup.q.val() == bits::<2>(1)) & self.sp_bad.q.val();
        if self.sp_setup.q.val() == bits::<2>(1) {
            self.sp_room.d.next = self.room.val();
            if self.sp_bad.q.val() {
                self.sp_act.d.next = false;
                self.sp_setup.d.next = 0.into();
            } else {
                self.sp_setup.d.next = 2.into();
            }
        }
        if self.sp_setup.q.val() == bits::<2>(2) {
            if self.sp_left.q.val() < self.sp_room.q.val() {
                self.sp_chunk.d.next = self.sp_left.q.val();
                self.sp_rest.d.next = 0.into();
            } else {
                self.sp_chunk.d.next = self.sp_room.q.val();
                self.sp_rest.d.next = self.sp_left.q.val() - self.sp_room.q.val();
            }
            self.sp_setup.d.next = 0.into();
        }

        // ---- RC stage 2: the completion's lines into the page buffer
        self.pair2.next = bit_cast::<1024, 512>(self.p2.q.val())
            | (bit_cast::<1024, 512>(self.d2.q.val()) << 512);
        self.sh2.next = self.pair2.val() >> (bit_cast::<10, 6>(self.cx_sh.q.val()) << 3);
        self.line.next = self.cx_l0.q.val() + self.cx_k.q.val().get_bits::<6>(0);
        self.line_h.next = self.line.val() + 1;
        self.k1.next = self.cx_k.q.val() + 1;
        self.we_lo.next = self.v2.q.val()
            & !self.cx_stray.q.val()
            & self.cx_good.q.val()
            & (self.cx_k.q.val() < self.cx_nl.q.val());
        self.we_hi.next = self.v2.q.val()
            & self.l2.q.val()
            & !self.cx_stray.q.val()
            & self.cx_good.q.val()
            & (self.k1.val() < self.cx_nl.q.val());
        self.bank0.write_enable.next = false;
        self.bank1.write_enable.next = false;
        self.bank0.write_address.next = 0.into();
        self.bank1.write_address.next = 0.into();
        self.bank0.write_data.next = self.sh2.val().get_bits::<512>(0);
        self.bank1.write_data.next = self.sh2.val().get_bits::<512>(0);
        if self.line.val().get_bit(0) {
            self.bank1.write_enable.next = self.we_lo.val();
            self.bank1.write_address.next = (bit_cast::<8, 3>(self.cx_slot.q.val()) << 5)
                | bit_cast::<8, 5>(self.line.val().get_bits::<5>(1));
            self.bank0.write_enable.next = self.we_hi.val();
            self.bank0.write_address.next = (bit_cast::<8, 3>(self.cx_slot.q.val()) << 5)
                | bit_cast::<8, 5>(self.line_h.val().get_bits::<5>(1));
            self.bank0.write_data.next = self.sh2.val().get_bits::<512>(512);
        } else {
            self.bank0.write_enable.next = self.we_lo.val();
            self.bank0.write_address.next = (bit_cast::<8, 3>(self.cx_slot.q.val()) << 5)
                | bit_cast::<8, 5>(self.line.val().get_bits::<5>(1));
            self.bank1.write_enable.next = self.we_hi.val();
            self.bank1.write_address.next = (bit_cast::<8, 3>(self.cx_slot.q.val()) << 5)
                | bit_cast::<8, 5>(self.line_h.val().get_bits::<5>(1));
            self.bank1.write_data.next = self.sh2.val().get_bits::<512>(512);
        }
        self.end2.next = self.v2.q.val() & self.l2.q.val();
        self.j1.next = self.cx_j.q.val() + 1;
        self.good2.next = self.cx_good.q.val()
            & !self.cx_disc.q.val()
            & !self.disc2.q.val()
            & (self.j1.val() == self.cx_nb.q.val());
        self.kill2.next =
            self.end2.val() & !self.cx_stray.q.val() & (!self.good2.val() | self.cx_done.q.val());
        self.bad2.next = self.end2.val() & !self.cx_stray.q.val() & !self.good2.val();
        if self.end2.val() & self.cx_stray.q.val() {
            self.n_stray.d.next = self.n_stray.q.val() + 1;
        }
        if self.bad2.val() {
            self.n_cpl_err.d.next = self.n_cpl_err.q.val() + 1;
        }
        if self.end2.val() {
            self.cx_act.d.next = false;
        }
        if self.v2.q.val() {
            self.cx_k.d.next = self.k1.val();
            self.cx_j.d.next = self.j1.val();
            self.cx_disc.d.next = self.cx_disc.q.val() | self.disc2.q.val();
            self.p2.d.next = self.d2.q.val();
        }

        // ---- the timeout scanner
        self.scan.next = self.now.q.val();
        self.skip.next = (self.v1.q.val()
            & self.f1.q.val()
            & (self.d1.q.val().get_bits::<5>(64) == self.scan.val()))
            | (self.cx_act.q.val() & (self.cx_tag.q.val() == self.scan.val()));
        self.i_sslot.next = bit_cast::<7, 5>(self.scan.val()) << 2;
        self.age.next = self.pk_age.val().get_bits::<3>(self.i_sslot.val().index());
        self.s_slot.next = self.pk_slot.val().get_bits::<3>(self.i_sslot.val().index());
        self.tmo.next = !self.skip.val()
            & self.busy.q.val().get_bit(self.scan.val().index())
            & self.cfg_timeout.val().any()
            & self.age.val().get_bit(2);
        self.unq.next = !self.skip.val()
            & self.dead.q.val().get_bit(self.scan.val().index())
            & self.age.val().get_bit(2);
        if self.tmo.val() {
            self.n_timeouts.d.next = self.n_timeouts.q.val() + 1;
        }

        // ---- busy and dead
        self.busy_n.next = self.busy.q.val();
        self.dead_n.next = self.dead.q.val();
        if self.issue.val() {
            self.busy_n.next = self.busy_n.val() | self.oh.val();
        }
        if self.kill2.val() {
            self.busy_n.next = self
                .busy_n
                .val()
                .replace_bit(self.cx_tag.q.val().index(), false);
        }
        if self.bad2.val() {
            self.dead_n.next = self
                .dead_n
                .val()
                .replace_bit(self.cx_tag.q.val().index(), true);
        }
        if self.tmo.val() {
            self.busy_n.next = self
                .busy_n
                .val()
                .replace_bit(self.scan.val().index(), false);
            self.dead_n.next = self.dead_n.val().replace_bit(self.scan.val().index(), true);
        }
        if self.unq.val() {
            self.dead_n.next = self
                .dead_n
                .val()
                .replace_bit(self.scan.val().index(), false);
        }
        self.busy.d.next = self.busy_n.val();
        self.nb.next = self.n_busy.q.val();
        if self.issue.val() {
            self.nb.next = self.nb.val() + 1;
        }
        if self.kill2.val() {
            self.nb.next = self.nb.val() - 1;
        }
        if self.tmo.val() {
            self.nb.next = self.nb.val() - 1;
        }
        self.n_busy.d.next = self.nb.val();
        for i in 0..32 {
            if (self.issue.val() & (self.tf.val().index() == i))
                | (self.bad2.val() & (self.cx_tag.q.val().index() == i))
                | (self.tmo.val() & (self.scan.val().index() == i))
            {
                self.t_age[i].d.next = 0.into();
            } else if self.tick.val() & (self.t_age[i].q.val() != bits::<3>(7)) {
                self.t_age[i].d.next = self.t_age[i].q.val() + 1;
            } else {
                self.t_age[i].d.next = self.t_age[i].q.val();
            }
        }
        self.dead.d.next = self.dead_n.val();

        // ---- RC stage 1: a completion's descriptor
        self.la.next = self.d1.q.val().get_bits::<12>(0);
        self.ec.next = self.d1.q.val().get_bits::<4>(12);
        self.bc.next = self.d1.q.val().get_bits::<13>(16);
        self.cdone.next = self.d1.q.val().get_bit(30);
        self.cdwc.next = self.d1.q.val().get_bits::<11>(32);
        self.cst.next = self.d1.q.val().get_bits::<3>(43);
        self.ctag.next = self.d1.q.val().get_bits::<8>(64);
        self.t1.next = self.ctag.val().get_bits::<5>(0);
        self.i_t16.next = bit_cast::<9, 5>(self.t1.val()) << 4;
        self.i_t4.next = bit_cast::<7, 5>(self.t1.val()) << 2;
        self.busy_t.next = self.busy.q.val().get_bit(self.t1.val().index())
            & !(self.kill2.val() & (self.cx_tag.q.val() == self.t1.val()));
        self.stray1.next = self.ctag.val().get_bits::<3>(5).any() | !self.busy_t.val();
        self.cx.next = self.la.val().get_bits::<2>(0);
        self.dw4.next = bit_cast::<14, 11>(self.cdwc.val()) << 2;
        self.cov.next = bit_cast::<12, 14>(
            (bit_cast::<14, 2>(self.cx.val()) + bit_cast::<14, 13>(self.bc.val()) + 3) >> 2,
        );
        // where a completion that is not the last ends, mod 64 bytes (a
        // narrow signal: compared inline, the sum would widen to 32 bits)
        self.end16.next = self.la.val().get_bits::<4>(2) + self.cdwc.val().get_bits::<4>(0);
        if self.cdone.val() {
            self.cond.next = bit_cast::<12, 11>(self.cdwc.val()) == self.cov.val();
        } else {
            self.cond.next = !self.end16.val().any()
                & (self.dw4.val()
                    < (bit_cast::<14, 13>(self.bc.val()) + bit_cast::<14, 2>(self.cx.val())));
        }
        self.good1.next = !self.stray1.val()
            & !self.ec.val().any()
            & !self.cst.val().any()
            & (self.la.val() == self.pk_next.val().get_bits::<12>(self.i_t16.val().index()))
            & (self.bc.val() == self.pk_rem.val().get_bits::<13>(self.i_t16.val().index()))
            & self.cond.val();
        self.hdr1.next = self.v1.q.val() & self.f1.q.val();
        self.upd1.next = self.hdr1.val() & self.good1.val() & !self.cdone.val();
        for i in 0..32 {
            if self.upd1.val() & (self.t1.val().index() == i) {
                self.t_next[i].d.next =
                    (self.la.val() & !bits::<12>(3)) + bit_cast::<12, 14>(self.dw4.val());
                self.t_rem[i].d.next = (self.bc.val() + bit_cast::<13, 2>(self.cx.val()))
                    - bit_cast::<13, 14>(self.dw4.val());
            }
        }
        if self.hdr1.val() {
            self.cx_act.d.next = true;
            self.cx_stray.d.next = self.stray1.val();
            self.cx_good.d.next = self.good1.val();
            self.cx_tag.d.next = self.t1.val();
            self.cx_slot.d.next = self.pk_slot.val().get_bits::<3>(self.i_t4.val().index());
            self.cx_done.d.next = self.cdone.val();
            self.cx_sh.d.next = bits::<6>(12) - (self.la.val().get_bits::<6>(0) & bits::<6>(60));
            self.cx_l0.d.next = self.la.val().get_bits::<6>(6);
            if self.la.val().get_bits::<6>(0) >= bits::<6>(16) {
                self.cx_k.d.next = 0.into();
            } else {
                self.cx_k.d.next = 255.into();
            }
            if self.cdone.val() {
                self.cx_nl.d.next = bit_cast::<8, 14>(
                    (bit_cast::<14, 6>(self.la.val().get_bits::<6>(0))
                        + bit_cast::<14, 13>(self.bc.val())
                        + 63)
                        >> 6,
                );
            } else {
                self.cx_nl.d.next = bit_cast::<8, 12>(
                    (bit_cast::<12, 4>(self.la.val().get_bits::<4>(2))
                        + bit_cast::<12, 11>(self.cdwc.val()))
                        >> 4,
                );
            }
            self.cx_nb.d.next = bit_cast::<8, 14>((self.dw4.val() + 75) >> 6);
            self.cx_j.d.next = 0.into();
            self.cx_disc.d.next = false;
        }
        // stage 1 into stage 2, the input into stage 1
        self.v2.d.next = self.v1.q.val();
        if self.v1.q.val() {
            self.d2.d.next = self.d1.q.val();
            self.l2.d.next = self.l1.q.val();
            self.disc2.d.next = self.disc1.q.val();
        }
        self.v1.d.next = self.m_axis_rc_tvalid.val();
        if self.m_axis_rc_tvalid.val() {
            self.d1.d.next = self.m_axis_rc_tdata.val();
            self.l1.d.next = self.m_axis_rc_tlast.val();
            self.disc1.d.next = self.m_axis_rc_tuser.val().get_bit(96);
            self.f1.d.next = !self.mid.q.val();
            self.mid.d.next = !self.m_axis_rc_tlast.val();
        }

        // ---- responses: the data stage, then the read stage
        self.pop.next = self.q_n.q.val().any() & self.rs_ready.val();
        if self.pop.val() {
            self.qa.next = self.q_n.q.val() - 1;
            self.q0_data.d.next = self.q1_data.q.val();
            self.q0_tag.d.next = self.q1_tag.q.val();
            self.q0_last.d.next = self.q1_last.q.val();
            self.q0_err.d.next = self.q1_err.q.val();
        } else {
            self.qa.next = self.q_n.q.val();
        }
        if self.p_odd.q.val() {
            self.pair_r.next = bit_cast::<1024, 512>(self.bank1.read_data.val())
                | (bit_cast::<1024, 512>(self.bank0.read_data.val()) << 512);
        } else {
            self.pair_r.next = bit_cast::<1024, 512>(self.bank0.read_data.val())
                | (bit_cast::<1024, 512>(self.bank1.read_data.val()) << 512);
        }
        self.beat_r.next = self.pair_r.val() >> (bit_cast::<10, 6>(self.p_sh.q.val()) << 3);
        self.data_r.next = self.beat_r.val().get_bits::<512>(0)
            & !(self.k_ones.val() << (bit_cast::<10, 7>(self.p_nb.q.val()) << 3));
        if self.p_err.q.val() {
            self.data_r.next = 0.into();
        }
        if self.p_v.q.val() {
            if self.qa.val().any() {
                self.q1_data.d.next = self.data_r.val();
                self.q1_tag.d.next = self.p_tag.q.val();
                self.q1_last.d.next = self.p_last.q.val();
                self.q1_err.d.next = self.p_err.q.val();
            } else {
                self.q0_data.d.next = self.data_r.val();
                self.q0_tag.d.next = self.p_tag.q.val();
                self.q0_last.d.next = self.p_last.q.val();
                self.q0_err.d.next = self.p_err.q.val();
            }
            self.q_n.d.next = self.qa.val() + 1;
        } else {
            self.q_n.d.next = self.qa.val();
        }
        self.hs.next = self.hd.q.val().get_bits::<3>(0);
        self.cnt.next = self.tl.q.val() - self.hd.q.val();
        self.ready_h.next = false;
        self.tag_h.next = 0.into();
        self.err_h.next = false;
        self.len_h.next = 0.into();
        self.lastk_h.next = 0.into();
        self.r_off.next = 0.into();
        for i in 0..8 {
            if self.hs.val().index() == i {
                self.ready_h.next = self.s_iss[i].q.val() & !self.s_pend[i].q.val().any();
                self.len_h.next = self.s_len[i].q.val();
                self.lastk_h.next = self.s_lastk[i].q.val();
                self.r_off.next = self.s_off[i].q.val();
                self.tag_h.next = self.s_tag[i].q.val();
                self.err_h.next = self.s_err[i].q.val();
            }
        }
        self.ready_h.next = self.ready_h.val() & self.cnt.val().any();
        self.rk1.next = self.r_k.q.val() + 1;
        self.r_last.next = self.r_k.q.val() == self.lastk_h.val();
        self.rx.next = bit_cast::<8, 6>(self.r_off.val().get_bits::<6>(6)) + self.r_k.q.val();
        self.rx1.next = bit_cast::<8, 6>(self.r_off.val().get_bits::<6>(6)) + self.rk1.val();
        self.bank1.read_address.next = (bit_cast::<8, 3>(self.hs.val()) << 5)
            | bit_cast::<8, 5>(self.rx.val().get_bits::<5>(1));
        self.bank0.read_address.next = (bit_cast::<8, 3>(self.hs.val()) << 5)
            | bit_cast::<8, 5>(self.rx1.val().get_bits::<5>(1));
        self.occ.next = bit_cast::<3, 2>(self.q_n.q.val());
        if self.p_v.q.val() {
            self.occ.next = self.occ.val() + 1;
        }
        if self.pop.val() {
            self.can.next = self.ready_h.val() & (self.occ.val() < bits::<3>(3));
        } else {
            self.can.next = self.ready_h.val() & (self.occ.val() < bits::<3>(2));
        }
        self.p_v.d.next = self.can.val();
        if self.can.val() {
            self.p_tag.d.next = self.tag_h.val();
            self.p_err.d.next = self.err_h.val();
            self.p_last.d.next = self.r_last.val();
            self.p_sh.d.next = self.r_off.val().get_bits::<6>(0);
            self.p_odd.d.next = self.rx.val().get_bit(0);
            if self.r_last.val() & self.len_h.val().get_bits::<6>(0).any() {
                self.p_nb.d.next = bit_cast::<7, 6>(self.len_h.val().get_bits::<6>(0));
            } else {
                self.p_nb.d.next = 64.into();
            }
            if self.r_last.val() {
                self.r_k.d.next = 0.into();
                self.hd.d.next = self.hd.q.val() + 1;
            } else {
                self.r_k.d.next = self.rk1.val();
            }
        }

        // ---- slots: pieces in flight, failures, the last piece sent
        for i in 0..8 {
            self.pd.next = self.s_pend[i].q.val();
            if self.issue.val() & (self.sp_slot.q.val().index() == i) {
                self.pd.next = self.pd.val() + 1;
            }
            if self.kill2.val() & (self.cx_slot.q.val().index() == i) {
                self.pd.next = self.pd.val() - 1;
            }
            if self.tmo.val() & (self.s_slot.val().index() == i) {
                self.pd.next = self.pd.val() - 1;
                self.s_err[i].d.next = true;
            }
            if self.bad2.val() & (self.cx_slot.q.val().index() == i) {
                self.s_err[i].d.next = true;
            }
            if self.bad1.val() & (self.sp_slot.q.val().index() == i) {
                self.s_err[i].d.next = true;
            }
            if (self.issue.val() & self.last_piece.val() | self.bad1.val())
                & (self.sp_slot.q.val().index() == i)
            {
                self.s_iss[i].d.next = true;
            }
            self.s_pend[i].d.next = self.pd.val();
        }

        // ---- requests
        self.rd_ready.next = !self.cnt.val().get_bit(3) & !self.sp_act.q.val();
        self.take.next = self.rd_valid.val() & !self.cnt.val().get_bit(3) & !self.sp_act.q.val();
        self.r_end.next = bit_cast::<14, 12>(self.rd_addr.val().get_bits::<12>(0))
            + bit_cast::<14, 13>(self.rd_len.val());
        // the last response beat's index: ceil(len / 64) - 1, 0 for length 0
        self.len_m1.next = self.rd_len.val() - 1;
        self.lastk.next = bit_cast::<8, 7>(self.len_m1.val().get_bits::<7>(6));
        if !self.rd_len.val().any() {
            self.lastk.next = 0.into();
        }
        self.r_bad.next = !self.rd_len.val().any() | (self.r_end.val() > bits::<14>(4096));
        if self.take.val() {
            for i in 0..8 {
                if self.tl.q.val().get_bits::<3>(0).index() == i {
                    self.s_tag[i].d.next = self.rd_tag.val();
                    self.s_off[i].d.next = self.rd_addr.val().get_bits::<12>(0);
                    self.s_len[i].d.next = self.rd_len.val();
                    self.s_lastk[i].d.next = self.lastk.val();
                    self.s_err[i].d.next = false;
                    self.s_iss[i].d.next = false;
                    self.s_pend[i].d.next = 0.into();
                }
            }
            self.tl.d.next = self.tl.q.val() + 1;
            self.sp_act.d.next = true;
            self.sp_setup.d.next = 1.into();
            self.sp_bad.d.next = self.r_bad.val();
            self.sp_slot.d.next = self.tl.q.val().get_bits::<3>(0);
            self.sp_addr.d.next = self.rd_addr.val();
            self.sp_left.d.next = self.rd_len.val();
            if self.cfg_max_read_req.val() > bits::<3>(5) {
                self.sp_m.d.next = 5.into();
            } else {
                self.sp_m.d.next = self.cfg_max_read_req.val();
            }
        }

        // ---- outputs
        self.s_axis_rq_tvalid.next = self.o_v.q.val();
        self.s_axis_rq_tdata.next = bit_cast::<512, 128>(self.o_desc.q.val());
        self.s_axis_rq_tkeep.next = 15.into();
        self.s_axis_rq_tlast.next = true;
        self.s_axis_rq_tuser.next = bit_cast::<137, 12>(self.o_be.q.val())
            | (bits::<137>(1) << 20)
            | (bits::<137>(1) << 26)
            | (bits::<137>(3) << 28);
        self.m_axis_rc_tready.next = true;
        self.rs_valid.next = self.q_n.q.val().any();
        self.rs_data.next = self.q0_data.q.val();
        self.rs_tag.next = self.q0_tag.q.val();
        self.rs_last.next = self.q0_last.q.val();
        self.rs_err.next = self.q0_err.q.val();
        self.cnt_reads.next = self.n_reads.q.val();
        self.cnt_cpl_err.next = self.n_cpl_err.q.val();
        self.cnt_timeouts.next = self.n_timeouts.q.val();
        self.cnt_stray.next = self.n_stray.q.val();
    }
}
