//! Sender path window: the congestion window and the in-flight packet count
//! of one path, with error accounting.
//!
//! # Behaviour (normative; `braid_model::PathWindowModel` is the
//! bit- and cycle-exact reference)
//!
//! Every input is sampled into an input register on each rising edge
//! (II = 1, any combination of inputs in the same clock). Call the edge that
//! samples an input E0:
//!
//! * E0: the input is registered.
//! * E1: it is applied to the state (in-flight count, cwnd, error counters)
//!   in one step, together with every other input registered at E0.
//! * E2: the outputs show the state after E1 (`in_flight`, `cwnd_q`, `open`,
//!   `avail`, the counters) and the error pulses of the E1 update. All
//!   outputs are registers and always form one consistent snapshot: `open`
//!   and `avail` are computed from the `in_flight`/`cwnd_q` shown with them.
//!
//! So an input present before edge n is visible on the outputs after edge
//! n + 2 (3 rising edges, like `sack_tracker`), and the sprayer sees `open`
//! one clock after the update that changed it.
//!
//! State update at E1 (`f` is the in-flight count before the update, `W` =
//! `floor(cwnd)` of the cwnd before the update, in packets):
//!
//! * `init_valid`/`init_cwnd`: restart. `in_flight := 0`,
//!   `cwnd := clamp(init_cwnd)`, both counters `:= 0`, no error pulse. Every
//!   other input registered at the same edge is discarded.
//! * Otherwise, with `a` = `ack_count` if `ack_valid` else 0 and `l` =
//!   `loss_count` if `loss_valid` else 0 (9-bit values, taken as given):
//!   `g = max(f - (a + l), 0)`; `err_underflow` if `a + l > f`. Then, if
//!   `send`, `g := min(g + 1, 256)` (the send is counted; a send in the same
//!   clock as an ack cannot be acknowledged by it); `err_send_closed` if
//!   `send` and the window was closed, `f >= W` (which includes `f == 256`).
//!   `in_flight := g`.
//! * `cwnd_valid`/`cwnd`: `cwnd := clamp(cwnd)` (applied after the checks
//!   above: the send check uses the old window).
//! * `cnt_underflow` / `cnt_send_closed` count the pulses, saturating at
//!   0xffff.
//!
//! `cwnd` is unsigned 16.8 fixed point in packets (24 bits);
//! `clamp(x) = min(x, 0x01_0000)` (256.0 packets: the SACK window). Outputs:
//! `open = in_flight < floor(cwnd_q)`, `avail = max(floor(cwnd_q) -
//! in_flight, 0)`, where `floor(cwnd_q)` is bits 16..8 (0..256).
//!
//! Power-on state is the state after an init with cwnd = 16.0: in-flight 0,
//! counters 0, outputs `open = 1`, `avail = 16`, `cwnd_q = 0x1000`.
//!
//! Logic depth: the state stage is an 11-bit subtract of two 9-bit operands
//! from the count, a clamp and a saturating increment; the output stage
//! compares and subtracts the registered state.

use rust_hdl::prelude::*;

/// 256.0 packets in 16.8 fixed point: the largest window.
pub const CWND_MAX: u64 = 0x01_0000;
/// Power-on window: 16.0 packets.
pub const CWND_POWER_ON: u64 = 16 << 8;

hdl_block! {
    /// Sender window and in-flight accounting of one path.
    pub struct PathWindow {
        /// Engine clock.
        pub clock: Signal<In, Clock>,
        /// Restart the path (registered).
        pub init_valid: Signal<In, Bit>,
        /// Window after a restart (16.8 packets).
        pub init_cwnd: Signal<In, Bits<24>>,
        /// New window from congestion control.
        pub cwnd_valid: Signal<In, Bit>,
        /// The new window (16.8 packets, clamped to 256.0).
        pub cwnd: Signal<In, Bits<24>>,
        /// One packet sent on this path.
        pub send: Signal<In, Bit>,
        /// Packets newly acknowledged.
        pub ack_valid: Signal<In, Bit>,
        /// How many (0..256).
        pub ack_count: Signal<In, Bits<9>>,
        /// Packets declared lost.
        pub loss_valid: Signal<In, Bit>,
        /// How many (0..256).
        pub loss_count: Signal<In, Bits<9>>,
        /// Window open: `in_flight < floor(cwnd_q)`.
        pub open: Signal<Out, Bit>,
        /// Packets in flight (0..256).
        pub in_flight: Signal<Out, Bits<9>>,
        /// Current window (16.8 packets, at most 256.0).
        pub cwnd_q: Signal<Out, Bits<24>>,
        /// `floor(cwnd_q) - in_flight`, saturating at 0.
        pub avail: Signal<Out, Bits<9>>,
        /// Acks plus losses exceeded the in-flight count (pulse).
        pub err_underflow: Signal<Out, Bit>,
        /// A send while the window was closed (pulse).
        pub err_send_closed: Signal<Out, Bit>,
        /// Underflows since the last restart (saturating).
        pub cnt_underflow: Signal<Out, Bits<16>>,
        /// Sends into a closed window since the last restart (saturating).
        pub cnt_send_closed: Signal<Out, Bits<16>>,
        cwnd_max: Constant<Bits<24>> = Constant::new(bits(CWND_MAX)),
        // input registers
        in_init: DFF<Bit>,
        in_init_cwnd: DFF<Bits<24>>,
        in_cwnd_valid: DFF<Bit>,
        in_cwnd: DFF<Bits<24>>,
        in_send: DFF<Bit>,
        in_ack_valid: DFF<Bit>,
        in_ack: DFF<Bits<9>>,
        in_loss_valid: DFF<Bit>,
        in_loss: DFF<Bits<9>>,
        // state
        flight: DFF<Bits<9>>,
        window: DFFWithInit<Bits<24>> = DFFWithInit::new(bits(CWND_POWER_ON)),
        e_under: DFF<Bit>,
        e_closed: DFF<Bit>,
        n_under: DFF<Bits<16>>,
        n_closed: DFF<Bits<16>>,
        // output registers
        r_open: DFFWithInit<Bit> = DFFWithInit::new(true),
        r_in_flight: DFF<Bits<9>>,
        r_cwnd: DFFWithInit<Bits<24>> = DFFWithInit::new(bits(CWND_POWER_ON)),
        r_avail: DFFWithInit<Bits<9>> = DFFWithInit::new(bits(CWND_POWER_ON >> 8)),
        r_err_under: DFF<Bit>,
        r_err_closed: DFF<Bit>,
        r_cnt_under: DFF<Bits<16>>,
        r_cnt_closed: DFF<Bits<16>>,
        // combinational helpers
        ack_amt: Signal<Local, Bits<11>>,
        loss_amt: Signal<Local, Bits<11>>,
        removed: Signal<Local, Bits<11>>,
        diff: Signal<Local, Bits<11>>,
        underflow: Signal<Local, Bit>,
        kept: Signal<Local, Bits<9>>,
        win_pkts: Signal<Local, Bits<9>>,
        closed: Signal<Local, Bit>,
        send_closed: Signal<Local, Bit>,
        init_clamped: Signal<Local, Bits<24>>,
        cwnd_clamped: Signal<Local, Bits<24>>,
    }
}

impl Logic for PathWindow {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            clock,
            in_init,
            in_init_cwnd,
            in_cwnd_valid,
            in_cwnd,
            in_send,
            in_ack_valid,
            in_ack,
            in_loss_valid,
            in_loss,
            flight,
            window,
            e_under,
            e_closed,
            n_under,
            n_closed,
            r_open,
            r_in_flight,
            r_cwnd,
            r_avail,
            r_err_under,
            r_err_closed,
            r_cnt_under,
            r_cnt_closed
        );
        // input register stage
        self.in_init.d.next = self.init_valid.val();
        self.in_init_cwnd.d.next = self.init_cwnd.val();
        self.in_cwnd_valid.d.next = self.cwnd_valid.val();
        self.in_cwnd.d.next = self.cwnd.val();
        self.in_send.d.next = self.send.val();
        self.in_ack_valid.d.next = self.ack_valid.val();
        self.in_ack.d.next = self.ack_count.val();
        self.in_loss_valid.d.next = self.loss_valid.val();
        self.in_loss.d.next = self.loss_count.val();

        // clamp both window inputs to 256.0 packets
        self.init_clamped.next = self.in_init_cwnd.q.val();
        if self.in_init_cwnd.q.val() > self.cwnd_max.val() {
            self.init_clamped.next = self.cwnd_max.val();
        }
        self.cwnd_clamped.next = self.in_cwnd.q.val();
        if self.in_cwnd.q.val() > self.cwnd_max.val() {
            self.cwnd_clamped.next = self.cwnd_max.val();
        }

        // in-flight update: remove acks and losses (clamp at 0), add the send
        // (saturate at 256)
        self.ack_amt.next = bits::<11>(0);
        if self.in_ack_valid.q.val() {
            self.ack_amt.next = bit_cast::<11, 9>(self.in_ack.q.val());
        }
        self.loss_amt.next = bits::<11>(0);
        if self.in_loss_valid.q.val() {
            self.loss_amt.next = bit_cast::<11, 9>(self.in_loss.q.val());
        }
        self.removed.next = self.ack_amt.val() + self.loss_amt.val();
        self.diff.next = bit_cast::<11, 9>(self.flight.q.val()) - self.removed.val();
        self.underflow.next = self.diff.val().get_bit(10);
        self.kept.next = self.diff.val().get_bits::<9>(0);
        if self.underflow.val() {
            self.kept.next = bits::<9>(0);
        }
        self.win_pkts.next = self.window.q.val().get_bits::<9>(8);
        self.closed.next = self.flight.q.val() >= self.win_pkts.val();
        self.send_closed.next = self.in_send.q.val() & self.closed.val();

        self.flight.d.next = self.kept.val();
        if self.in_send.q.val() & !self.kept.val().get_bit(8) {
            self.flight.d.next = self.kept.val() + 1;
        }
        if self.in_cwnd_valid.q.val() {
            self.window.d.next = self.cwnd_clamped.val();
        }
        self.e_under.d.next = self.underflow.val();
        self.e_closed.d.next = self.send_closed.val();
        if self.underflow.val() & !self.n_under.q.val().all() {
            self.n_under.d.next = self.n_under.q.val() + 1;
        }
        if self.send_closed.val() & !self.n_closed.q.val().all() {
            self.n_closed.d.next = self.n_closed.q.val() + 1;
        }

        // restart overrides everything registered with it
        if self.in_init.q.val() {
            self.flight.d.next = bits::<9>(0);
            self.window.d.next = self.init_clamped.val();
            self.e_under.d.next = false;
            self.e_closed.d.next = false;
            self.n_under.d.next = bits::<16>(0);
            self.n_closed.d.next = bits::<16>(0);
        }

        // output stage: a snapshot of the state
        self.r_in_flight.d.next = self.flight.q.val();
        self.r_cwnd.d.next = self.window.q.val();
        self.r_open.d.next = self.flight.q.val() < self.win_pkts.val();
        self.r_avail.d.next = bits::<9>(0);
        if self.flight.q.val() < self.win_pkts.val() {
            self.r_avail.d.next = self.win_pkts.val() - self.flight.q.val();
        }
        self.r_err_under.d.next = self.e_under.q.val();
        self.r_err_closed.d.next = self.e_closed.q.val();
        self.r_cnt_under.d.next = self.n_under.q.val();
        self.r_cnt_closed.d.next = self.n_closed.q.val();

        self.open.next = self.r_open.q.val();
        self.in_flight.next = self.r_in_flight.q.val();
        self.cwnd_q.next = self.r_cwnd.q.val();
        self.avail.next = self.r_avail.q.val();
        self.err_underflow.next = self.r_err_under.q.val();
        self.err_send_closed.next = self.r_err_closed.q.val();
        self.cnt_underflow.next = self.r_cnt_under.q.val();
        self.cnt_send_closed.next = self.r_cnt_closed.q.val();
    }
}
