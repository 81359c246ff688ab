//! DMA read arbiter: merges the request streams of three DMA read clients
//! (ENGINE.md "DMA read stream", "DMA arbitration") into the one request
//! stream toward the host, and routes the host's in-order response stream
//! back to the client that asked.
//!
//! # Behaviour (normative; `braid_model::DrArbModel` is the bit- and
//! cycle-exact reference)
//!
//! * Clients `a` (`wqe_fetch`), `b` (the receive-entry fetch) and `c` (the
//!   payload reader). Request inputs `X_rd_valid`, `X_rd_addr` (64),
//!   `X_rd_len` (13 bits, bytes), `X_rd_tag` (8); output `X_rd_ready`.
//!   Response outputs `X_rs_valid`, input `X_rs_ready`; the response fields
//!   `rs_data` (512), `rs_tag` (8), `rs_last`, `rs_err` are shared by the
//!   three clients (only `X_rs_valid` tells whose beat it is).
//! * Host side: requests `m_rd_valid`/`m_rd_ready`, `m_rd_addr`, `m_rd_len`,
//!   `m_rd_tag`; responses `m_rs_valid`/`m_rs_ready`, `m_rs_data`,
//!   `m_rs_tag`, `m_rs_last`, `m_rs_err`. Responses come back whole, in
//!   request order, never interleaved (ENGINE.md).
//! * Tags: the client's 8-bit tag goes to the host unchanged. The arbiter
//!   remembers the client of every request in an in-order FIFO of 2-bit
//!   client ids (`DEPTH` entries, at most 32): a request is pushed when the
//!   arbiter takes it, the head is popped when the `last` beat of a response
//!   is passed. `outstanding` is the FIFO's fill (requests taken and not yet
//!   answered to their last beat).
//! * Request check (the PCIe rule): a request is bad when `len` is 0, or
//!   `(addr mod 4096) + len > 4096` (so also `len > 4096`). A bad request is
//!   taken like a good one (its client sees `X_rd_ready`), but it is not
//!   passed to the host and not pushed into the FIFO: the client's
//!   `X_rd_bad` is 1 for the clock after the edge that took it, and
//!   `bad_count` (16 bits, wrapping) counts it. The host stream only ever
//!   carries good requests.
//! * Choice: round robin per request. With `last` the client of the last
//!   taken request (good or bad; `a` after power-up), the first valid one of
//!   `last+1, last+2, last` (mod 3) is chosen. `X_rd_ready` = the skid
//!   register is empty, the FIFO is not full (`outstanding < DEPTH`) and the
//!   choice names `X` (it depends on the valids of the same clock through
//!   the choice, never on `m_rd_ready`). When the FIFO is full no request is
//!   taken, good or bad.
//! * Request flow: a two-entry output stage (output register plus skid
//!   register), as `dw_arb`: a good request taken at an edge shows on
//!   `m_rd_*` after that edge when the output register is empty or leaves
//!   at the same edge, else it waits in the skid register. `m_rd_valid`
//!   never waits for `m_rd_ready`; a shown request is held until taken; all
//!   `m_rd_*` fields are zero while `m_rd_valid` is 0.
//! * Response flow (combinational pass, no register): with the FIFO head
//!   `h` (and the FIFO not empty), `X_rs_valid = m_rs_valid` for `X = h` and
//!   0 for the others, `m_rs_ready = h_rs_ready`. With the FIFO empty,
//!   `m_rs_ready` is 0 (a response with no request is never taken). The
//!   response fields pass to all clients unchanged. Clients reserve credits
//!   before requesting, so `h_rs_ready` is normally 1, but the arbiter obeys
//!   it.
//! * The FIFO and the `outstanding` count are updated at every edge: push on
//!   a taken good request, pop on a passed `last` beat; both at once leave
//!   the fill unchanged.
//!
//! Latency: request in to `m_rd_valid` one clock (the edge that takes it);
//! responses zero clocks (combinational).

use rust_hdl::prelude::*;

/// Maximum FIFO depth the id vector holds.
pub const DR_ARB_MAX_DEPTH: usize = 32;
/// Default outstanding requests: 32 reads of up to 4 KiB in flight, 128 KiB,
/// which covers a host round trip of about 1 us at 100 Gb/s.
pub const DR_ARB_DEPTH: usize = 32;

hdl_block! {
    /// Three-client DMA read arbiter with `D` outstanding requests (1..=32).
    pub struct DrArbN<const D: usize> {
        /// Engine clock.
        pub clock: Signal<In, Clock>,
        /// Client a: request valid.
        pub a_rd_valid: Signal<In, Bit>,
        /// Client a: request taken.
        pub a_rd_ready: Signal<Out, Bit>,
        /// Client a: address.
        pub a_rd_addr: Signal<In, Bits<64>>,
        /// Client a: length in bytes.
        pub a_rd_len: Signal<In, Bits<13>>,
        /// Client a: tag.
        pub a_rd_tag: Signal<In, Bits<8>>,
        /// Client a: its last taken request was refused (bad length/crossing).
        pub a_rd_bad: Signal<Out, Bit>,
        /// Client a: response beat valid.
        pub a_rs_valid: Signal<Out, Bit>,
        /// Client a: response beat taken.
        pub a_rs_ready: Signal<In, Bit>,
        /// Client b: request valid.
        pub b_rd_valid: Signal<In, Bit>,
        /// Client b: request taken.
        pub b_rd_ready: Signal<Out, Bit>,
        /// Client b: address.
        pub b_rd_addr: Signal<In, Bits<64>>,
        /// Client b: length in bytes.
        pub b_rd_len: Signal<In, Bits<13>>,
        /// Client b: tag.
        pub b_rd_tag: Signal<In, Bits<8>>,
        /// Client b: refused request.
        pub b_rd_bad: Signal<Out, Bit>,
        /// Client b: response beat valid.
        pub b_rs_valid: Signal<Out, Bit>,
        /// Client b: response beat taken.
        pub b_rs_ready: Signal<In, Bit>,
        /// Client c: request valid.
        pub c_rd_valid: Signal<In, Bit>,
        /// Client c: request taken.
        pub c_rd_ready: Signal<Out, Bit>,
        /// Client c: address.
        pub c_rd_addr: Signal<In, Bits<64>>,
        /// Client c: length in bytes.
        pub c_rd_len: Signal<In, Bits<13>>,
        /// Client c: tag.
        pub c_rd_tag: Signal<In, Bits<8>>,
        /// Client c: refused request.
        pub c_rd_bad: Signal<Out, Bit>,
        /// Client c: response beat valid.
        pub c_rs_valid: Signal<Out, Bit>,
        /// Client c: response beat taken.
        pub c_rs_ready: Signal<In, Bit>,
        /// Response data (shared by the clients).
        pub rs_data: Signal<Out, Bits<512>>,
        /// Response tag.
        pub rs_tag: Signal<Out, Bits<8>>,
        /// Response last beat.
        pub rs_last: Signal<Out, Bit>,
        /// Response error (the host refused the read).
        pub rs_err: Signal<Out, Bit>,
        /// Host request valid.
        pub m_rd_valid: Signal<Out, Bit>,
        /// Host request taken.
        pub m_rd_ready: Signal<In, Bit>,
        /// Host request address.
        pub m_rd_addr: Signal<Out, Bits<64>>,
        /// Host request length.
        pub m_rd_len: Signal<Out, Bits<13>>,
        /// Host request tag (the client's).
        pub m_rd_tag: Signal<Out, Bits<8>>,
        /// Host response valid.
        pub m_rs_valid: Signal<In, Bit>,
        /// Host response taken.
        pub m_rs_ready: Signal<Out, Bit>,
        /// Host response data.
        pub m_rs_data: Signal<In, Bits<512>>,
        /// Host response tag.
        pub m_rs_tag: Signal<In, Bits<8>>,
        /// Host response last beat.
        pub m_rs_last: Signal<In, Bit>,
        /// Host response error.
        pub m_rs_err: Signal<In, Bit>,
        /// Refused requests (wrapping).
        pub bad_count: Signal<Out, Bits<16>>,
        /// Requests taken and not yet answered to their last beat.
        pub outstanding: Signal<Out, Bits<6>>,
        depth: Constant<Bits<6>> = Constant::new(bits(D as u64)),
        o_valid: DFF<Bit>,
        o_addr: DFF<Bits<64>>,
        o_len: DFF<Bits<13>>,
        o_tag: DFF<Bits<8>>,
        s_valid: DFF<Bit>,
        s_addr: DFF<Bits<64>>,
        s_len: DFF<Bits<13>>,
        s_tag: DFF<Bits<8>>,
        last_src: DFF<Bits<2>>,
        q: DFF<Bits<64>>,
        cnt: DFF<Bits<6>>,
        full: DFF<Bit>,
        a_bad: DFF<Bit>,
        b_bad: DFF<Bit>,
        c_bad: DFF<Bit>,
        n_bad: DFF<Bits<16>>,
        a_off: Signal<Local, Bits<14>>,
        a_len14: Signal<Local, Bits<14>>,
        a_sum: Signal<Local, Bits<14>>,
        a_isbad: Signal<Local, Bit>,
        b_off: Signal<Local, Bits<14>>,
        b_len14: Signal<Local, Bits<14>>,
        b_sum: Signal<Local, Bits<14>>,
        b_isbad: Signal<Local, Bit>,
        c_off: Signal<Local, Bits<14>>,
        c_len14: Signal<Local, Bits<14>>,
        c_sum: Signal<Local, Bits<14>>,
        c_isbad: Signal<Local, Bit>,
        sel: Signal<Local, Bits<2>>,
        sel_valid: Signal<Local, Bit>,
        in_addr: Signal<Local, Bits<64>>,
        in_len: Signal<Local, Bits<13>>,
        in_tag: Signal<Local, Bits<8>>,
        in_bad: Signal<Local, Bit>,
        take: Signal<Local, Bit>,
        take_good: Signal<Local, Bit>,
        head: Signal<Local, Bits<2>>,
        nonempty: Signal<Local, Bit>,
        rs_ready: Signal<Local, Bit>,
        pop: Signal<Local, Bit>,
        cnt_next: Signal<Local, Bits<6>>,
        pos: Signal<Local, Bits<6>>,
        pos7: Signal<Local, Bits<7>>,
        pos2: Signal<Local, Bits<7>>,
        q_base: Signal<Local, Bits<64>>,
        ins: Signal<Local, Bits<64>>,
    }
    setup {
        assert!((1..=DR_ARB_MAX_DEPTH).contains(&D));
    }
}

/// The default arbiter (32 outstanding requests).
pub type DrArb = DrArbN<DR_ARB_DEPTH>;

impl<const D: usize> Logic for DrArbN<D> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, o_valid, o_addr, o_len, o_tag, s_valid, s_addr, s_len, s_tag, last_src, q,
            cnt, full, a_bad, b_bad, c_bad, n_bad
        );

        // the PCIe rule per client, in parallel
        self.a_off.next = bit_cast::<14, 12>(self.a_rd_addr.val().get_bits::<12>(0));
        self.a_len14.next = bit_cast::<14, 13>(self.a_rd_len.val());
        self.a_sum.next = self.a_off.val() + self.a_len14.val();
        self.a_isbad.next = (self.a_rd_len.val() == 0) | (self.a_sum.val() > bits::<14>(4096));
        self.b_off.next = bit_cast::<14, 12>(self.b_rd_addr.val().get_bits::<12>(0));
        self.b_len14.next = bit_cast::<14, 13>(self.b_rd_len.val());
        self.b_sum.next = self.b_off.val() + self.b_len14.val();
        self.b_isbad.next = (self.b_rd_len.val() == 0) | (self.b_sum.val() > bits::<14>(4096));
        self.c_off.next = bit_cast::<14, 12>(self.c_rd_addr.val().get_bits::<12>(0));
        self.c_len14.next = bit_cast::<14, 13>(self.c_rd_len.val());
        self.c_sum.next = self.c_off.val() + self.c_len14.val();
        self.c_isbad.next = (self.c_rd_len.val() == 0) | (self.c_sum.val() > bits::<14>(4096));

        // the choice: first valid after the last taken client
        match self.last_src.q.val().index() {
            0 => {
                if self.b_rd_valid.val() {
                    self.sel.next = 1.into();
                } else if self.c_rd_valid.val() {
                    self.sel.next = 2.into();
                } else {
                    self.sel.next = 0.into();
                }
            }
            1 => {
                if self.c_rd_valid.val() {
                    self.sel.next = 2.into();
                } else if self.a_rd_valid.val() {
                    self.sel.next = 0.into();
                } else {
                    self.sel.next = 1.into();
                }
            }
            _ => {
                if self.a_rd_valid.val() {
                    self.sel.next = 0.into();
                } else if self.b_rd_valid.val() {
                    self.sel.next = 1.into();
                } else {
                    self.sel.next = 2.into();
                }
            }
        }
        match self.sel.val().index() {
            0 => {
                self.sel_valid.next = self.a_rd_valid.val();
                self.in_addr.next = self.a_rd_addr.val();
                self.in_len.next = self.a_rd_len.val();
                self.in_tag.next = self.a_rd_tag.val();
                self.in_bad.next = self.a_isbad.val();
            }
            1 => {
                self.sel_valid.next = self.b_rd_valid.val();
                self.in_addr.next = self.b_rd_addr.val();
                self.in_len.next = self.b_rd_len.val();
                self.in_tag.next = self.b_rd_tag.val();
                self.in_bad.next = self.b_isbad.val();
            }
            _ => {
                self.sel_valid.next = self.c_rd_valid.val();
                self.in_addr.next = self.c_rd_addr.val();
                self.in_len.next = self.c_rd_len.val();
                self.in_tag.next = self.c_rd_tag.val();
                self.in_bad.next = self.c_isbad.val();
            }
        }
        self.a_rd_ready.next = !self.s_valid.q.val() & !self.full.q.val() & (self.sel.val() == 0);
        self.b_rd_ready.next = !self.s_valid.q.val() & !self.full.q.val() & (self.sel.val() == 1);
        self.c_rd_ready.next = !self.s_valid.q.val() & !self.full.q.val() & (self.sel.val() == 2);
        self.take.next = !self.s_valid.q.val() & !self.full.q.val() & self.sel_valid.val();
        self.take_good.next = self.take.val() & !self.in_bad.val();
        if self.take.val() {
            self.last_src.d.next = self.sel.val();
        }

        // refused requests
        self.a_bad.d.next = self.take.val() & self.in_bad.val() & (self.sel.val() == 0);
        self.b_bad.d.next = self.take.val() & self.in_bad.val() & (self.sel.val() == 1);
        self.c_bad.d.next = self.take.val() & self.in_bad.val() & (self.sel.val() == 2);
        if self.take.val() & self.in_bad.val() {
            self.n_bad.d.next = self.n_bad.q.val() + 1;
        }

        // the two-entry request output stage
        if self.o_valid.q.val() & !self.m_rd_ready.val() {
            if self.take_good.val() {
                self.s_valid.d.next = true;
                self.s_addr.d.next = self.in_addr.val();
                self.s_len.d.next = self.in_len.val();
                self.s_tag.d.next = self.in_tag.val();
            }
        } else if self.s_valid.q.val() {
            self.o_valid.d.next = true;
            self.o_addr.d.next = self.s_addr.q.val();
            self.o_len.d.next = self.s_len.q.val();
            self.o_tag.d.next = self.s_tag.q.val();
            self.s_valid.d.next = false;
        } else {
            self.o_valid.d.next = self.take_good.val();
            self.o_addr.d.next = self.in_addr.val();
            self.o_len.d.next = self.in_len.val();
            self.o_tag.d.next = self.in_tag.val();
        }
        self.m_rd_valid.next = self.o_valid.q.val();
        if self.o_valid.q.val() {
            self.m_rd_addr.next = self.o_addr.q.val();
            self.m_rd_len.next = self.o_len.q.val();
            self.m_rd_tag.next = self.o_tag.q.val();
        } else {
            self.m_rd_addr.next = 0.into();
            self.m_rd_len.next = 0.into();
            self.m_rd_tag.next = 0.into();
        }

        // response routing by the FIFO head
        self.head.next = self.q.q.val().get_bits::<2>(0);
        self.nonempty.next = self.cnt.q.val() != 0;
        match self.head.val().index() {
            0 => {
                self.rs_ready.next = self.a_rs_ready.val();
            }
            1 => {
                self.rs_ready.next = self.b_rs_ready.val();
            }
            _ => {
                self.rs_ready.next = self.c_rs_ready.val();
            }
        }
        self.m_rs_ready.next = self.nonempty.val() & self.rs_ready.val();
        self.a_rs_valid.next = self.m_rs_valid.val() & self.nonempty.val() & (self.head.val() == 0);
        self.b_rs_valid.next = self.m_rs_valid.val() & self.nonempty.val() & (self.head.val() == 1);
        self.c_rs_valid.next = self.m_rs_valid.val() & self.nonempty.val() & (self.head.val() == 2);
        self.rs_data.next = self.m_rs_data.val();
        self.rs_tag.next = self.m_rs_tag.val();
        self.rs_last.next = self.m_rs_last.val();
        self.rs_err.next = self.m_rs_err.val();
        self.pop.next = self.m_rs_valid.val()
            & self.nonempty.val()
            & self.rs_ready.val()
            & self.m_rs_last.val();

        // the client-id FIFO: entry k in bits 2k+1..2k, head at 0, zeros
        // above the fill
        if self.pop.val() {
            self.q_base.next = bit_cast::<64, 62>(self.q.q.val().get_bits::<62>(2));
            self.pos.next = self.cnt.q.val() - 1;
        } else {
            self.q_base.next = self.q.q.val();
            self.pos.next = self.cnt.q.val();
        }
        self.pos7.next = bit_cast::<7, 6>(self.pos.val());
        self.pos2.next = self.pos7.val() + self.pos7.val();
        self.ins.next = bit_cast::<64, 2>(self.sel.val());
        if self.take_good.val() {
            self.q.d.next = self.q_base.val() | (self.ins.val() << self.pos2.val());
        } else {
            self.q.d.next = self.q_base.val();
        }
        if self.take_good.val() & !self.pop.val() {
            self.cnt_next.next = self.cnt.q.val() + 1;
        } else if !self.take_good.val() & self.pop.val() {
            self.cnt_next.next = self.cnt.q.val() - 1;
        } else {
            self.cnt_next.next = self.cnt.q.val();
        }
        self.cnt.d.next = self.cnt_next.val();
        self.full.d.next = self.cnt_next.val() == self.depth.val();

        self.a_rd_bad.next = self.a_bad.q.val();
        self.b_rd_bad.next = self.b_bad.q.val();
        self.c_rd_bad.next = self.c_bad.q.val();
        self.bad_count.next = self.n_bad.q.val();
        self.outstanding.next = self.cnt.q.val();
    }
}
