//! The per-path record of `path_cc` (one block-RAM word) and its packer.
//!
//! Field widths are braid-spec's `tx_path` widths (`cwnd`, `alpha`, `srtt`,
//! `rttvar`, `rto_deadline`, `timeouts`, `flags`); the record adds the
//! block's private DCTCP accumulators and timer bits. Offsets (LSB first):
//!
//! | field | lsb | bits |
//! |---|--:|--:|
//! | cwnd (16.8 packets) | 0 | 24 |
//! | alpha (0.16) | 24 | 16 |
//! | srtt (ticks, 0 = no sample) | 40 | 24 |
//! | rttvar (ticks) | 64 | 24 |
//! | rto_deadline (tick) | 88 | 32 |
//! | timeouts | 120 | 8 |
//! | flags (bit0 active, bit1 failed) | 128 | 8 |
//! | acc_acked (private) | 136 | 10 |
//! | acc_marked (private) | 146 | 10 |
//! | armed (private) | 156 | 1 |
//! | loss_cut (private) | 157 | 1 |

use braid_spec::host::field;
use braid_spec::state::TX_PATH_STATE;
use rust_hdl::prelude::*;

/// `tx_path.cwnd` width.
pub const CWND_W: usize = field(TX_PATH_STATE, "cwnd").bits as usize;
/// `tx_path.alpha` width.
pub const ALPHA_W: usize = field(TX_PATH_STATE, "alpha").bits as usize;
/// `tx_path.srtt` width.
pub const SRTT_W: usize = field(TX_PATH_STATE, "srtt").bits as usize;
/// `tx_path.rttvar` width.
pub const RTTVAR_W: usize = field(TX_PATH_STATE, "rttvar").bits as usize;
/// `tx_path.rto_deadline` width.
pub const DEADLINE_W: usize = field(TX_PATH_STATE, "rto_deadline").bits as usize;
/// `tx_path.timeouts` width.
pub const TIMEOUTS_W: usize = field(TX_PATH_STATE, "timeouts").bits as usize;
/// `tx_path.flags` width.
pub const FLAGS_W: usize = field(TX_PATH_STATE, "flags").bits as usize;
/// Observation-window accumulators (acked, marked).
pub const ACC_W: usize = 10;

/// Offsets of the record (the literals used in the RTL, checked below).
pub const OFF_CWND: usize = 0;
/// alpha
pub const OFF_ALPHA: usize = OFF_CWND + CWND_W;
/// srtt
pub const OFF_SRTT: usize = OFF_ALPHA + ALPHA_W;
/// rttvar
pub const OFF_RTTVAR: usize = OFF_SRTT + SRTT_W;
/// rto_deadline
pub const OFF_DEADLINE: usize = OFF_RTTVAR + RTTVAR_W;
/// timeouts
pub const OFF_TIMEOUTS: usize = OFF_DEADLINE + DEADLINE_W;
/// flags
pub const OFF_FLAGS: usize = OFF_TIMEOUTS + TIMEOUTS_W;
/// acc_acked
pub const OFF_ACC_ACKED: usize = OFF_FLAGS + FLAGS_W;
/// acc_marked
pub const OFF_ACC_MARKED: usize = OFF_ACC_ACKED + ACC_W;
/// armed
pub const OFF_ARMED: usize = OFF_ACC_MARKED + ACC_W;
/// loss_cut
pub const OFF_LOSS_CUT: usize = OFF_ARMED + 1;
/// Record width.
pub const REC_W: usize = OFF_LOSS_CUT + 1;

// `#[hdl_gen]` needs literal bit offsets: these pin them to the layout.
const _: () = assert!(OFF_ALPHA == 24 && OFF_SRTT == 40 && OFF_RTTVAR == 64);
const _: () = assert!(OFF_DEADLINE == 88 && OFF_TIMEOUTS == 120 && OFF_FLAGS == 128);
const _: () = assert!(OFF_ACC_ACKED == 136 && OFF_ACC_MARKED == 146);
const _: () = assert!(OFF_ARMED == 156 && OFF_LOSS_CUT == 157 && REC_W == 158);

/// Packs the fields into a record (combinational).
#[derive(LogicBlock, Default)]
pub struct CcPack {
    /// cwnd
    pub cwnd: Signal<In, Bits<CWND_W>>,
    /// alpha
    pub alpha: Signal<In, Bits<ALPHA_W>>,
    /// srtt
    pub srtt: Signal<In, Bits<SRTT_W>>,
    /// rttvar
    pub rttvar: Signal<In, Bits<RTTVAR_W>>,
    /// rto_deadline
    pub deadline: Signal<In, Bits<DEADLINE_W>>,
    /// timeouts
    pub timeouts: Signal<In, Bits<TIMEOUTS_W>>,
    /// flags
    pub flags: Signal<In, Bits<FLAGS_W>>,
    /// acc_acked
    pub acc_acked: Signal<In, Bits<ACC_W>>,
    /// acc_marked
    pub acc_marked: Signal<In, Bits<ACC_W>>,
    /// armed
    pub armed: Signal<In, Bit>,
    /// loss_cut
    pub loss_cut: Signal<In, Bit>,
    /// The record.
    pub rec: Signal<Out, Bits<REC_W>>,
}

impl Logic for CcPack {
    #[hdl_gen]
    fn update(&mut self) {
        self.rec.next = bit_cast::<REC_W, CWND_W>(self.cwnd.val())
            | (bit_cast::<REC_W, ALPHA_W>(self.alpha.val()) << 24)
            | (bit_cast::<REC_W, SRTT_W>(self.srtt.val()) << 40)
            | (bit_cast::<REC_W, RTTVAR_W>(self.rttvar.val()) << 64)
            | (bit_cast::<REC_W, DEADLINE_W>(self.deadline.val()) << 88)
            | (bit_cast::<REC_W, TIMEOUTS_W>(self.timeouts.val()) << 120)
            | (bit_cast::<REC_W, FLAGS_W>(self.flags.val()) << 128)
            | (bit_cast::<REC_W, ACC_W>(self.acc_acked.val()) << 136)
            | (bit_cast::<REC_W, ACC_W>(self.acc_marked.val()) << 146)
            | (bit_cast::<REC_W, 1>(self.armed.val().into()) << 156)
            | (bit_cast::<REC_W, 1>(self.loss_cut.val().into()) << 157);
    }
}

/// `y = sel ? a : b` (a sub-block, so that the loop selects of `path_cc`
/// are separate processes for Verilator's scheduler).
#[derive(LogicBlock, Default)]
pub struct Mux2<const W: usize> {
    /// Chosen when `sel`.
    pub a: Signal<In, Bits<W>>,
    /// Chosen otherwise.
    pub b: Signal<In, Bits<W>>,
    /// Select.
    pub sel: Signal<In, Bit>,
    /// Result.
    pub y: Signal<Out, Bits<W>>,
}

impl<const W: usize> Logic for Mux2<W> {
    #[hdl_gen]
    fn update(&mut self) {
        if self.sel.val() {
            self.y.next = self.a.val();
        } else {
            self.y.next = self.b.val();
        }
    }
}
