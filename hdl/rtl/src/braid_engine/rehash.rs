//! `rehash`: re-hash and retirement of failing paths, a sub-block of
//! `braid_engine` (glue only: `path_cc` decides, the command processor's
//! commands and `tx_header`'s source-port lookup are wired to the ports
//! below).
//!
//! # Behaviour
//!
//! * **Re-hash**: a path that keeps timing out (`path_cc`'s `rehash`, at
//!   `PATH_HEALTH.rehash_after` timeouts in a row) gets a new source port:
//!   its salt becomes `TX_REHASHES + 1` (mod 4,096) and `TX_REHASHES`
//!   counts it, so its packets take another ECMP route (`sport = base +
//!   (salt << 4 | path)`, `tx_header`). A command's `tx_path_table` INIT
//!   has the salt table's write port first and clears the path's salt (a
//!   new connection starts at `base + path`); a re-hash waits in
//!   `rehash_q` meanwhile.
//! * **Retirement**: a path retired by `path_cc` (`PATH_HEALTH.retire_after`
//!   timeouts in a row; `path_window_table` closes it) enters `rehash_q`
//!   with bit 15 set and counts in `TX_RETIRED`. Each connection's retired
//!   paths are counted in `retired_paths` (count 8:4, paths - 1 3:0; a
//!   command's sprayer INIT writes count 0): read at the pop (not in a
//!   clock whose INIT writes it, nor right behind another retirement, nor
//!   while a connection's failure waits), written back one clock later.
//!   The last path of a connection retired raises `retire_fail` with the
//!   connection (`nack_rx` fails it at `tx_compl`'s port and clears the
//!   flag through `retire_fail_we`/`retire_fail_wd`).
//! * **Sprayer commands**: a command's sprayer operation (`sp_rdy`) waits
//!   for a clock without a mask write of `path_window_table` and without a
//!   retirement's `retired_paths` write.
//! * The end of a soft reset (`sr_clr`) clears both counts.

use rust_hdl::prelude::*;

hdl_block! {
    /// Re-hash and retirement of `braid_engine`'s paths.
    pub struct Rehash<const CB: usize, const PI: usize> {
        /// Engine clock.
        pub clock: Signal<In, Clock>,
        /// From `pcc.res_valid`.
        pub pcc_res_valid: Signal<In, Bit>,
        /// From `pcc.res_idx`.
        pub pcc_res_idx: Signal<In, Bits<PI>>,
        /// From `pcc.rehash`.
        pub pcc_rehash: Signal<In, Bit>,
        /// From `pcc.retire`.
        pub pcc_retire: Signal<In, Bit>,
        /// From `pwt.mk_valid`.
        pub pwt_mk_valid: Signal<In, Bit>,
        /// From `pwt.tx_ready`.
        pub pwt_tx_ready: Signal<In, Bit>,
        /// From `cp.sp_valid`.
        pub cp_sp_valid: Signal<In, Bit>,
        /// From `cp.sp_init`.
        pub cp_sp_init: Signal<In, Bit>,
        /// From `cp.sp_conn`.
        pub cp_sp_conn: Signal<In, Bits<CB>>,
        /// From `cp.sp_paths_m1`.
        pub cp_sp_paths_m1: Signal<In, Bits<4>>,
        /// From `cp.tp_valid`.
        pub cp_tp_valid: Signal<In, Bit>,
        /// From `cp.tp_op`.
        pub cp_tp_op: Signal<In, Bits<3>>,
        /// From `cp.tp_idx`.
        pub cp_tp_idx: Signal<In, Bits<PI>>,
        /// The build's path bits (`PB`).
        pub k_pb: Signal<In, Bits<8>>,
        /// The salt table's read address (`tx_header`'s lookup).
        pub salt_read_address: Signal<In, Bits<PI>>,
        /// `nack_rx` writes `retire_fail` (it took the failure).
        pub retire_fail_we: Signal<In, Bit>,
        /// The value it writes.
        pub retire_fail_wd: Signal<In, Bit>,
        /// The last clock of a soft reset.
        pub sr_clr: Signal<In, Bit>,
        /// The salt read (one clock after its address).
        pub salt_read_data: Signal<Out, Bits<12>>,
        /// `rehash_q`'s fill (`path_cc` waits for room).
        pub rehash_q_fill: Signal<Out, Bits<16>>,
        /// A command's sprayer operation may go this clock.
        pub sp_rdy: Signal<Out, Bit>,
        /// A command's sprayer INIT goes this clock.
        pub rc_init: Signal<Out, Bit>,
        /// A connection whose last path retired waits to be failed.
        pub retire_fail: Signal<Out, Bit>,
        /// That connection.
        pub retire_fail_conn: Signal<Out, Bits<CB>>,
        /// `TX_REHASHES`.
        pub n_tx_rehashes: Signal<Out, Bits<32>>,
        /// `TX_RETIRED`.
        pub n_tx_retired: Signal<Out, Bits<32>>,
        /// An entry was lost at a full `rehash_q` (never expected).
        pub ovf: Signal<Out, Bit>,
        rehash_q: crate::fifo::Fifo<16, 4>,
        salt: RAM<Bits<12>, PI>,
        retired_paths: RAM<Bits<9>, CB>,
        retire_wb: DFF<Bit>,
        retire_wb_conn: DFF<Bits<CB>>,
        retire_fail_r: DFF<Bit>,
        retire_fail_conn_r: DFF<Bits<CB>>,
        rehashes: DFF<Bits<32>>,
        retired: DFF<Bits<32>>,
        rh_init: Signal<Local, Bit>,
        rh_go: Signal<Local, Bit>,
        rh_next: Signal<Local, Bits<32>>,
        rt_head: Signal<Local, Bit>,
        rt_c16: Signal<Local, Bits<16>>,
        rt_go: Signal<Local, Bit>,
        rt_cnt: Signal<Local, Bits<5>>,
        rt_all: Signal<Local, Bit>,
        sp_ok: Signal<Local, Bit>,
        init: Signal<Local, Bit>,
    }
}

impl<const CB: usize, const PI: usize> Logic for Rehash<CB, PI> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            clock,
            retire_wb,
            retire_wb_conn,
            retire_fail_r,
            retire_fail_conn_r,
            rehashes,
            retired
        );
        clock!(self, clock, rehash_q);
        self.salt.read_clock.next = self.clock.val();
        self.salt.write_clock.next = self.clock.val();
        self.retired_paths.read_clock.next = self.clock.val();
        self.retired_paths.write_clock.next = self.clock.val();
        if self.pcc_res_valid.val() & self.pcc_retire.val() {
            self.retired.d.next = self.retired.q.val() + 1;
        }
        self.sp_ok.next = !self.pwt_mk_valid.val() & !self.retire_wb.q.val();
        self.sp_rdy.next = self.sp_ok.val();
        self.init.next = self.cp_sp_valid.val() & self.cp_sp_init.val() & self.sp_ok.val();
        self.rc_init.next = self.init.val();
        self.rehash_q.push.next =
            self.pcc_res_valid.val() & (self.pcc_rehash.val() | self.pcc_retire.val());
        self.rehash_q.din.next = bit_cast::<16, PI>(self.pcc_res_idx.val())
            | (bit_cast::<16, 1>(self.pcc_retire.val().into()) << 15);
        self.rehash_q_fill.next = self.rehash_q.fill.val();
        self.ovf.next = self.rehash_q.ovf.val();
        self.rh_init.next = self.cp_tp_valid.val()
            & self.pwt_tx_ready.val()
            & (self.cp_tp_op.val() == bits::<3>(1));
        self.rt_head.next = self.rehash_q.dout.val().get_bit(15);
        self.rh_go.next = self.rehash_q.valid.val() & !self.rt_head.val() & !self.rh_init.val();
        self.rt_go.next = self.rehash_q.valid.val()
            & self.rt_head.val()
            & !self.init.val()
            & !self.retire_wb.q.val()
            & !self.retire_fail_r.q.val();
        self.rehash_q.pop.next = self.rh_go.val() | self.rt_go.val();
        self.rt_c16.next = self.rehash_q.dout.val() >> self.k_pb.val();
        self.retired_paths.read_address.next = self.rt_c16.val().get_bits::<CB>(0);
        self.retire_wb.d.next = self.rt_go.val();
        self.retire_wb_conn.d.next = self.rt_c16.val().get_bits::<CB>(0);
        self.rt_cnt.next = self.retired_paths.read_data.val().get_bits::<5>(4) + 1;
        self.rt_all.next = self.retired_paths.read_data.val().get_bits::<5>(4)
            == bit_cast::<5, 4>(self.retired_paths.read_data.val().get_bits::<4>(0));
        self.retired_paths.write_enable.next = self.init.val() | self.retire_wb.q.val();
        if self.init.val() {
            self.retired_paths.write_address.next = self.cp_sp_conn.val();
            self.retired_paths.write_data.next = bit_cast::<9, 4>(self.cp_sp_paths_m1.val());
        } else {
            self.retired_paths.write_address.next = self.retire_wb_conn.q.val();
            self.retired_paths.write_data.next = (bit_cast::<9, 5>(self.rt_cnt.val()) << 4)
                | bit_cast::<9, 4>(self.retired_paths.read_data.val().get_bits::<4>(0));
        }
        if self.retire_wb.q.val() & self.rt_all.val() {
            self.retire_fail_r.d.next = true;
            self.retire_fail_conn_r.d.next = self.retire_wb_conn.q.val();
        }
        if self.retire_fail_we.val() {
            self.retire_fail_r.d.next = self.retire_fail_wd.val();
        }
        self.retire_fail.next = self.retire_fail_r.q.val();
        self.retire_fail_conn.next = self.retire_fail_conn_r.q.val();
        self.rh_next.next = self.rehashes.q.val() + 1;
        self.salt.write_enable.next = self.rh_init.val() | self.rh_go.val();
        if self.rh_init.val() {
            self.salt.write_address.next = self.cp_tp_idx.val();
            self.salt.write_data.next = 0.into();
        } else {
            self.salt.write_address.next = self.rehash_q.dout.val().get_bits::<PI>(0);
            self.salt.write_data.next = self.rh_next.val().get_bits::<12>(0);
        }
        if self.rh_go.val() {
            self.rehashes.d.next = self.rh_next.val();
        }
        self.salt.read_address.next = self.salt_read_address.val();
        self.salt_read_data.next = self.salt.read_data.val();
        if self.sr_clr.val() {
            self.rehashes.d.next = 0.into();
            self.retired.d.next = 0.into();
        }
        self.n_tx_rehashes.next = self.rehashes.q.val();
        self.n_tx_retired.next = self.retired.q.val();
    }
}
