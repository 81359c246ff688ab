//! The literal bit positions `braid_engine`'s `#[hdl_gen]` code uses (a
//! named constant there would be written into the Verilog as an undeclared
//! identifier), each checked against braid-spec at compile time, and the
//! counter masks the top's constants are built from.

use super::{ARG_BITS, CFG_BITS, COUNTER_BITS};
use crate::{cq_writer, rq_fetch, tx_compl, wqe_fetch};
use braid_spec::host;
use braid_spec::regs;
use braid_spec::wire::braid::{NackReason, Opcode};
use rust_hdl::prelude::*;

// ---- literal positions used inside `#[hdl_gen]` (a named constant there
// would be written into the Verilog as an undeclared identifier), checked
// against braid-spec here.
const fn cfg_word(r: &regs::Reg) -> usize {
    ((r.offset - regs::CONFIG[0].offset) / 4) as usize
}
const fn cfg_bit(r: &regs::Reg, f: &braid_spec::field::StateField) -> usize {
    32 * cfg_word(r) + f.lsb as usize
}
const _: () = assert!(CFG_BITS == 480 && COUNTER_BITS == 2240 && ARG_BITS == 256);
const _: () = assert!(cfg_word(&regs::CONFIG[0]) == 0 && regs::CONFIG[0].offset == 0x300);
// PATH_SEL: path 448..456, conn 464..480
const _: () = assert!(cfg_bit(&regs::CONFIG[14], &regs::PATH_SEL_PATH) == 448);
const _: () = assert!(cfg_bit(&regs::CONFIG[14], &regs::PATH_SEL_CONN) == 464);
const _: () = assert!(regs::PATH_SEL_PATH.bits == 8 && regs::PATH_SEL_CONN.bits == 16);
// PATH_STATE: alpha 0..16, timeouts 16..24, armed 24, failed 25, seen 31
const _: () = assert!(regs::PATH_STATE_ALPHA.lsb == 0 && regs::PATH_STATE_TIMEOUTS.lsb == 16);
const _: () = assert!(regs::PATH_STATE_ARMED.lsb == 24 && regs::PATH_STATE_FAILED.lsb == 25);
const _: () = assert!(regs::PATH_STATE_SEEN.lsb == 31);
// the counters' words in `counters`
const fn cnt_bit(name: &str) -> usize {
    let mut k = 0;
    while k < regs::COUNTERS.len() {
        if braid_spec::host::eq(regs::COUNTERS[k].name, name) {
            return 32 * k;
        }
        k += 1;
    }
    panic!("no such counter")
}
const _: () = assert!(cnt_bit("TX_PKTS") == 0);
const _: () = assert!(cnt_bit("TX_RETX") == 32);
const _: () = assert!(cnt_bit("TX_TIMEOUTS") == 64);
const _: () = assert!(cnt_bit("TX_REHASHES") == 96);
const _: () = assert!(cnt_bit("TX_MSGS") == 128);
const _: () = assert!(cnt_bit("RX_PKTS") == 160);
const _: () = assert!(cnt_bit("RX_DUPLICATES") == 192);
const _: () = assert!(cnt_bit("RX_REFUSED") == 224);
const _: () = assert!(cnt_bit("RX_BYTES_LO") == 256);
const _: () = assert!(cnt_bit("RX_MSGS") == 320);
const _: () = assert!(cnt_bit("RX_HINT_CUTS") == 352);
const _: () = assert!(cnt_bit("RX_HINT") == 384);
const _: () = assert!(cnt_bit("TX_RETIRED") == 416);
const _: () = assert!(cnt_bit("DB_DROPPED") == 448);
const _: () = assert!(cnt_bit("DB_BAD_CQ") == 480);
const _: () = assert!(cnt_bit("GLUE_OVERFLOW") == 512);
const _: () = assert!(cnt_bit("TX_NO_CONN") == 544);
const _: () = assert!(cnt_bit("TX_PAYLOAD_ERR") == 576);
const _: () = assert!(cnt_bit("RX_BAD") == 608);
const _: () = assert!(cnt_bit("RX_GATE") == 640);
const _: () = assert!(cnt_bit("RX_OUT_OF_WINDOW") == 672);
const _: () = assert!(cnt_bit("ACK_TX") == 704);
const _: () = assert!(cnt_bit("NACK_TX") == 736);
const _: () = assert!(cnt_bit("ACK_RX") == 768);
const _: () = assert!(cnt_bit("ACK_REJECTED") == 800);
const _: () = assert!(cnt_bit("ACK_BAD_PATH") == 832);
const _: () = assert!(cnt_bit("RETX_STALE") == 864);
const _: () = assert!(cnt_bit("NACK_RX") == 896);
const _: () = assert!(cnt_bit("NACK_RNR") == 928);
const _: () = assert!(cnt_bit("NACK_FAIL") == 960);
const _: () = assert!(cnt_bit("NACK_DROP") == 992);
const _: () = assert!(cnt_bit("RX_DROP_TRUNCATED") == 1024);
const _: () = assert!(cnt_bit("RX_DROP_NOT_IP") == 1056);
const _: () = assert!(cnt_bit("RX_DROP_IP_HEADER") == 1088);
const _: () = assert!(cnt_bit("RX_DROP_IP_CHECKSUM") == 1120);
const _: () = assert!(cnt_bit("RX_DROP_FRAGMENT") == 1152);
const _: () = assert!(cnt_bit("RX_DROP_NOT_UDP") == 1184);
const _: () = assert!(cnt_bit("RX_DROP_IP_LENGTH") == 1216);
const _: () = assert!(cnt_bit("RX_DROP_PORT") == 1248);
const _: () = assert!(cnt_bit("RX_DROP_UDP_LENGTH") == 1280);
const _: () = assert!(cnt_bit("RX_DROP_UDP_CHECKSUM") == 1312);
const _: () = assert!(cnt_bit("RX_DROP_VERSION") == 1344);
const _: () = assert!(cnt_bit("RX_DROP_OPCODE") == 1376);
const _: () = assert!(cnt_bit("RX_DROP_HDR_WORDS") == 1408);
const _: () = assert!(cnt_bit("RX_DROP_PAYLOAD_LEN") == 1440);
const _: () = assert!(cnt_bit("RX_DROP_CTRL_PAYLOAD") == 1472);
const _: () = assert!(cnt_bit("PROBE_REPLY_TX") == 1504);
const _: () = assert!(cnt_bit("ACK_COALESCED") == 1536);
const _: () = assert!(cnt_bit("ACK_TX_DROPS") == 1568);
const _: () = assert!(cnt_bit("NACK_TX_DROPS") == 1600);
const _: () = assert!(cnt_bit("PROBE_TX_DROPS") == 1632);
const _: () = assert!(cnt_bit("ACK_NO_PEER") == 1664);
const _: () = assert!(cnt_bit("CQE_WRITTEN") == 1696);
const _: () = assert!(cnt_bit("CQ_FULL") == 1728);
const _: () = assert!(cnt_bit("CQ_MISSING") == 1760);
const _: () = assert!(cnt_bit("RX_MSG_OUTSIDE") == 1792);
const _: () = assert!(cnt_bit("RQ_DB_REFUSED") == 1824);
const _: () = assert!(cnt_bit("RQ_CONSUME_REFUSED") == 1856);
const _: () = assert!(cnt_bit("RQ_FETCH_ERR") == 1888);
const _: () = assert!(cnt_bit("PATH_CWND") == 1920);
const _: () = assert!(cnt_bit("PATH_SRTT") == 1952);
const _: () = assert!(cnt_bit("PATH_RTTVAR") == 1984);
const _: () = assert!(cnt_bit("PATH_RTO") == 2016);
const _: () = assert!(cnt_bit("PATH_STATE") == 2048);
const _: () = assert!(cnt_bit("PATH_SENT") == 2080);
const _: () = assert!(cnt_bit("PATH_ACKED") == 2112);
const _: () = assert!(cnt_bit("PATH_LOST") == 2144);
const _: () = assert!(cnt_bit("PATH_ECN") == 2176);
const _: () = assert!(cnt_bit("PATH_TIMEOUTS") == 2208);
const _: () = assert!(cnt_bit("RX_BYTES_HI") == cnt_bit("RX_BYTES_LO") + 32);
const _: () = assert!(regs::RX_HINT_HINT.lsb == 0 && regs::RX_HINT_SENDERS.lsb == 16);
// LOCAL_MAC_LO word 0, LOCAL_MAC_HI.mac_hi 32..48, LOCAL_IP4 64..96
const _: () = assert!(cfg_word(&regs::CONFIG[1]) == 1 && regs::LOCAL_MAC_HI_MAC.lsb == 0);
const _: () = assert!(regs::LOCAL_MAC_HI_MAC.bits == 16 && cfg_word(&regs::CONFIG[2]) == 2);
// NET_CFG: udp_port 96..112, mtu_code 112..114
const _: () = assert!(cfg_bit(&regs::CONFIG[3], &regs::NET_CFG_UDP_PORT) == 96);
const _: () = assert!(cfg_bit(&regs::CONFIG[3], &regs::NET_CFG_MTU_CODE) == 112);
const _: () = assert!(regs::NET_CFG_MTU_CODE.bits == 2 && regs::NET_CFG_UDP_PORT.bits == 16);
// CC_CWND_INIT / MIN / MAX: 24 bits at 128, 160, 192
const _: () = assert!(cfg_bit(&regs::CONFIG[4], &regs::CC_CWND) == 128);
const _: () = assert!(cfg_bit(&regs::CONFIG[5], &regs::CC_CWND) == 160);
const _: () = assert!(cfg_bit(&regs::CONFIG[6], &regs::CC_CWND) == 192);
const _: () = assert!(regs::CC_CWND.bits == 24);
// CC_ALPHA: alpha_init 224..240, g 240..242
const _: () = assert!(cfg_bit(&regs::CONFIG[7], &regs::CC_ALPHA_INIT) == 224);
const _: () = assert!(cfg_bit(&regs::CONFIG[7], &regs::CC_ALPHA_G) == 240);
// RTO_MIN 256..288, RTO_MAX 288..320
const _: () = assert!(cfg_word(&regs::CONFIG[8]) == 8 && cfg_word(&regs::CONFIG[9]) == 9);
// PATH_HEALTH: rehash 320..328, retire 328..336
const _: () = assert!(cfg_bit(&regs::CONFIG[10], &regs::PATH_HEALTH_REHASH) == 320);
const _: () = assert!(cfg_bit(&regs::CONFIG[10], &regs::PATH_HEALTH_RETIRE) == 328);
// TX_CFG: spray_burst 352..360, port_hint 368..384
const _: () = assert!(cfg_bit(&regs::CONFIG[11], &regs::TX_CFG_SPRAY_BURST) == 352);
const _: () = assert!(cfg_bit(&regs::CONFIG[11], &regs::TX_CFG_PORT_HINT) == 368);
// TIMER_CFG: ack_coalesce 384..392, rto_shift 392..397, ack_shift 400..405
const _: () = assert!(cfg_bit(&regs::CONFIG[12], &regs::TIMER_CFG_ACK_COALESCE) == 384);
const _: () = assert!(cfg_bit(&regs::CONFIG[12], &regs::TIMER_CFG_RTO_SHIFT) == 392);
const _: () = assert!(cfg_bit(&regs::CONFIG[12], &regs::TIMER_CFG_ACK_SHIFT) == 400);
const _: () = assert!(regs::TIMER_CFG_RTO_SHIFT.bits == 5 && regs::TIMER_CFG_ACK_SHIFT.bits == 5);
// HINT_CFG: interval 416..432, queue 432..448
const _: () = assert!(cfg_bit(&regs::CONFIG[13], &regs::HINT_CFG_INTERVAL) == 416);
const _: () = assert!(cfg_bit(&regs::CONFIG[13], &regs::HINT_CFG_QUEUE) == 432);
// doorbell fields
const _: () = assert!(regs::SQ_DB_PI.lsb == 0 && regs::SQ_DB_CONN.lsb == 16);
const _: () = assert!(regs::RQ_DB_PI.lsb == 0 && regs::RQ_DB_STREAM.lsb == 16);
const _: () = assert!(regs::RQ_DB_CONN.lsb == 20 && regs::RQ_DB_CONN.bits == 12);
const _: () = assert!(regs::CQ_DB_CI.lsb == 0 && regs::CQ_DB_CQ.lsb == 16);
// TX_MSGS is counter word 4 (bits 128..160)
const _: () = assert!(regs::COUNTERS[4].offset == 0x110 && regs::COUNTERS[0].offset == 0x100);
// block operation codes used as literals
const _: () = assert!(cq_writer::OP_CQE == 0 && cq_writer::OP_DOORBELL == 2);
const _: () = assert!(tx_compl::OP_PUSH == 0 && tx_compl::OP_CREATE == 2);
const _: () = assert!(wqe_fetch::OP_CREATE == 0 && wqe_fetch::OP_DESTROY == 1);
const _: () = assert!(host::CQE_SEND_DONE == 1);
const _: () = assert!(host::CQE_RECV == 2 && host::CQE_RECV_WRITE_IMM == 3);
// SEND matching: the SEND opcodes, rq_fetch's MATCH codes (NACK reasons
// below 14 ride as they are) and a refused CONSUME's CQE status
const _: () = assert!(Opcode::Send as u8 == 3 && Opcode::SendImm as u8 == 4);
const _: () = assert!(rq_fetch::CODE_LATE == 14 && rq_fetch::CODE_NO_CONTEXT == 15);
const _: () = assert!((NackReason::BufferTooSmall as u64) < rq_fetch::CODE_LATE);
const _: () = assert!(host::CQE_FLUSHED == 1);
// NACK processing: tx_compl's failure is OP_FLUSH with a status, accepted
// with RES_OK; the segmenter's FLUSH command is 1; the failure's status
// (CQE_REMOTE | reason) is an OR because reasons fit below CQE_REMOTE
const _: () = assert!(tx_compl::OP_FLUSH == 3 && tx_compl::RES_OK == 0);
// tx_path_table's operations as the top writes them (SEND 2, ACK 3,
// TIMEOUT 4, RESOLVE 5: a NACK's PSN; the window table takes a resolve's
// result as an ACK's)
const _: () = assert!(crate::tx_path_table::OP_SEND == 2 && crate::tx_path_table::OP_ACK == 3);
const _: () =
    assert!(crate::tx_path_table::OP_TIMEOUT == 4 && crate::tx_path_table::OP_RESOLVE == 5);
const _: () = assert!(Opcode::Ack as u8 == 0x10);
const _: () = assert!((NackReason::BufferTooSmall as u8) < host::CQE_REMOTE);
const _: () = assert!(host::CQE_REMOTE == 0x80);
// a connection whose paths are all retired fails with status 3
const _: () = assert!(host::CQE_RETRY_EXCEEDED == 3);
const _: () = assert!(regs::COUNTERS.len() == 70);
// the completion record in the glue FIFO: last_csn 0..32, wr_id 32..96,
// len 96..128, msn 128..160, stream 160..162, signaled 162, status 163..171,
// conn 171..
pub(super) const CM_FIXED: usize = 171;
// the soft-reset sweep's commands and the BUSY refusal of a host command
// written while it runs; `sr_idx` (12 bits) walks every region slot
const _: () = assert!(host::cmd::DESTROY_CONN == 7 && host::cmd::DESTROY_CQ == 4);
const _: () = assert!(host::cmd::DEREG_MR == 2 && host::cmd::BUSY == 3);
const _: () = assert!(crate::mr_check::MR_INDEX_BITS == 12);

/// Counters kept inside blocks (no clear input): the top subtracts the
/// value each had at the end of the last soft reset. The top's own
/// counters and the `PATH_*` statistics are cleared instead; `RX_HINT`
/// is a live value, not a count.
const BLOCK_COUNTERS: &[&str] = &[
    "TX_MSGS",
    "RX_DUPLICATES",
    "RX_HINT_CUTS",
    "RX_OUT_OF_WINDOW",
    "ACK_TX",
    "NACK_TX",
    "ACK_RX",
    "ACK_REJECTED",
    "RX_DROP_TRUNCATED",
    "RX_DROP_NOT_IP",
    "RX_DROP_IP_HEADER",
    "RX_DROP_IP_CHECKSUM",
    "RX_DROP_FRAGMENT",
    "RX_DROP_NOT_UDP",
    "RX_DROP_IP_LENGTH",
    "RX_DROP_PORT",
    "RX_DROP_UDP_LENGTH",
    "RX_DROP_UDP_CHECKSUM",
    "RX_DROP_VERSION",
    "RX_DROP_OPCODE",
    "RX_DROP_HDR_WORDS",
    "RX_DROP_PAYLOAD_LEN",
    "RX_DROP_CTRL_PAYLOAD",
    "PROBE_REPLY_TX",
    "ACK_COALESCED",
    "ACK_TX_DROPS",
    "NACK_TX_DROPS",
    "PROBE_TX_DROPS",
    "ACK_NO_PEER",
    "CQE_WRITTEN",
    "CQ_FULL",
    "CQ_MISSING",
    "RX_MSG_OUTSIDE",
    "RQ_DB_REFUSED",
    "RQ_CONSUME_REFUSED",
    "RQ_FETCH_ERR",
];

/// `COUNTER_BITS` mask with every bit of the words in `BLOCK_COUNTERS`.
pub(super) fn block_counter_mask() -> Bits<COUNTER_BITS> {
    let mut m = Bits::<COUNTER_BITS>::default();
    for name in BLOCK_COUNTERS {
        for i in cnt_bit(name)..cnt_bit(name) + 32 {
            m = m.replace_bit(i, true);
        }
    }
    m
}

/// Bits `i` of `COUNTER_BITS` with `i mod 32` in the given set: `start`
/// gives bit 0 of every word, `from(s)` every bit at least `s` above its
/// word's bit 0.
pub(super) fn word_bits(pred: impl Fn(usize) -> bool) -> Bits<COUNTER_BITS> {
    let mut m = Bits::<COUNTER_BITS>::default();
    for i in 0..COUNTER_BITS {
        if pred(i % 32) {
            m = m.replace_bit(i, true);
        }
    }
    m
}
