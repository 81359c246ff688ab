//! Host interface: the queue entries the driver and the engine exchange
//! through host memory, and how the driver tells the engine about them.
//!
//! Every entry is a little-endian record; every field starts on a byte
//! boundary and is a whole number of bytes (so a driver can encode it with
//! plain byte copies). Rings are arrays of fixed-size entries in DMA memory
//! whose size is a power of two; producer and consumer indices count
//! entries modulo 2^16.
//!
//! * **Send queue** (one per connection): [`WQE`] entries written by the
//!   driver; the driver rings `SQ_DOORBELL` with the connection and its new
//!   producer index after writing one or more entries.
//! * **Receive queues** (one per stream of a connection): [`RQE`] entries,
//!   doorbell `RQ_DOORBELL`.
//! * **Completion queues**: [`CQE`] entries written by the engine; each
//!   carries an `owner` byte equal to the ring's pass parity (1 on the first
//!   pass, 0 on the second, ...), so the driver sees a new entry without
//!   reading a register; the driver returns consumed entries with
//!   `CQ_DOORBELL`.
//! * **Commands**: the driver programs memory regions, completion queues
//!   and connections by writing `CMD_ARG0..7` and then `CMD`; `CMD_STATUS`
//!   tells when the engine is done and whether it accepted the command.

use crate::field::StateField;

const fn f(name: &'static str, lsb: u32, bits: u32, desc: &'static str) -> StateField {
    StateField {
        name,
        lsb,
        bits,
        desc,
    }
}

// ------------------------------------------------------------ WQE

/// Send work-queue entry (64 bytes).
pub const WQE: &[StateField] = &[
    f(
        "opcode",
        0,
        8,
        "Wire opcode: 0x01 WRITE, 0x02 WRITE_IMM, 0x03 SEND, 0x04 SEND_IMM",
    ),
    f(
        "flags",
        8,
        8,
        "bit0 SIGNALED (write a completion), bit1 SOLICITED; others 0",
    ),
    f(
        "stream",
        16,
        8,
        "Stream whose completion order the message joins",
    ),
    f(
        "num_sge",
        24,
        8,
        "Scatter entries used (1; 0 for a zero-length message)",
    ),
    f(
        "len",
        32,
        32,
        "Message length in bytes (sum of the scatter entries)",
    ),
    f("wr_id", 64, 64, "Returned unchanged in the completion"),
    f("imm", 128, 32, "Immediate data (WRITE_IMM, SEND_IMM)"),
    f("rkey", 160, 32, "Remote key (WRITE, WRITE_IMM)"),
    f(
        "remote_addr",
        192,
        64,
        "Remote virtual address (WRITE, WRITE_IMM)",
    ),
    f(
        "sge_addr",
        256,
        64,
        "Scatter entry: local address (IOVA inside the region of `sge_lkey`)",
    ),
    f("sge_lkey", 320, 32, "Scatter entry: local key"),
    f("sge_len", 352, 32, "Scatter entry: length in bytes"),
    f("reserved", 384, 128, "Reserved: write 0"),
];
/// Bytes of a [`WQE`].
pub const WQE_BYTES: usize = 64;
/// `WQE.flags`: write a completion for this work request.
pub const WQE_SIGNALED: u8 = 0x01;
/// `WQE.flags`: ask the receiver for a solicited event.
pub const WQE_SOLICITED: u8 = 0x02;
/// Smallest `log2` of a send or receive ring's entries (`CREATE_CONN` ARG3 /
/// ARG6): 2 entries. The driver refuses smaller rings; the engine refuses
/// them with `BAD_ARGUMENT`.
pub const RING_LOG2_MIN: u32 = 1;
/// Largest `log2` of a send or receive ring's entries: 32,768 entries, so
/// that `pi - ci` (modulo 2^16) tells a full ring from an empty one.
pub const RING_LOG2_MAX: u32 = 15;
/// Alignment in bytes of a send ring's base address (`CREATE_CONN` ARG1/2):
/// one [`WQE`], so no WQE straddles a 64-byte DMA beat.
pub const SQ_ALIGN: u64 = WQE_BYTES as u64;

// ------------------------------------------------------------ RQE

/// Receive work-queue entry (32 bytes).
pub const RQE: &[StateField] = &[
    f("wr_id", 0, 64, "Returned unchanged in the completion"),
    f(
        "addr",
        64,
        64,
        "Buffer address (IOVA inside the region of `lkey`)",
    ),
    f(
        "lkey",
        128,
        32,
        "Local key of the buffer's region (needs LOCAL_WRITE)",
    ),
    f("len", 160, 32, "Buffer capacity in bytes"),
    f("reserved", 192, 64, "Reserved: write 0"),
];
/// Bytes of an [`RQE`].
pub const RQE_BYTES: usize = 32;

// ------------------------------------------------------------ CQE

/// Completion-queue entry (32 bytes), written by the engine.
pub const CQE: &[StateField] = &[
    f("wr_id", 0, 64, "The work request's (or receive's) `wr_id`"),
    f("byte_len", 64, 32, "Bytes: the message length"),
    f(
        "imm",
        96,
        32,
        "Immediate data (valid when flags bit0 is set)",
    ),
    f(
        "msn",
        128,
        32,
        "Message sequence number of the message on its stream",
    ),
    f("conn", 160, 24, "Connection"),
    f(
        "opcode",
        184,
        8,
        "1 SEND_DONE (a WRITE/SEND finished), 2 RECV, 3 RECV_WRITE_IMM",
    ),
    f(
        "status",
        192,
        8,
        "0 success, 1 flushed, else 0x80 | NACK reason",
    ),
    f("stream", 200, 8, "Stream"),
    f("flags", 208, 8, "bit0 imm valid, bit1 solicited"),
    f("reserved", 216, 32, "Reserved: 0"),
    f(
        "owner",
        248,
        8,
        "Ring pass parity: 1 on the first pass over the ring, then 0, 1, ...",
    ),
];
/// Bytes of a [`CQE`].
pub const CQE_BYTES: usize = 32;
/// `CQE.opcode`: a send work request (WRITE, WRITE_IMM, SEND, SEND_IMM) finished.
pub const CQE_SEND_DONE: u8 = 1;
/// `CQE.opcode`: a SEND or SEND_IMM landed in a receive buffer.
pub const CQE_RECV: u8 = 2;
/// `CQE.opcode`: a WRITE_IMM landed.
pub const CQE_RECV_WRITE_IMM: u8 = 3;
/// `CQE.status`: success.
pub const CQE_OK: u8 = 0;
/// `CQE.status`: not executed, the connection went to the error state.
pub const CQE_FLUSHED: u8 = 1;
/// `CQE.status` bit: the peer refused the data; the low bits are the NACK reason.
pub const CQE_REMOTE: u8 = 0x80;
/// `CQE.flags`: `imm` is valid.
pub const CQE_IMM: u8 = 0x01;

// ------------------------------------------------------------ commands

/// Command codes (`CMD.opcode`), with their arguments in `CMD_ARG0..7`.
pub const COMMANDS: &[(&str, u8, &str)] = &[
    ("NOP", 0x00, "No operation (tests the command path)"),
    ("REG_MR", 0x01, "ARG0 index, ARG1/2 iova lo/hi, ARG3/4 length lo/hi, ARG5 key, ARG6 pd, ARG7 access (bit0 LOCAL_WRITE, bit1 REMOTE_WRITE, bit2 REMOTE_READ)"),
    ("DEREG_MR", 0x02, "ARG0 index: later packets naming its key are NACKed INVALID_RKEY"),
    ("CREATE_CQ", 0x03, "ARG0 cq, ARG1/2 ring iova lo/hi, ARG3 log2 entries"),
    ("DESTROY_CQ", 0x04, "ARG0 cq"),
    ("CREATE_CONN", 0x05, "ARG0 conn, ARG1/2 send ring iova lo/hi, ARG3 log2 send entries | cq << 8 | pd << 16, ARG4/5 receive rings iova lo/hi (one ring per stream, back to back), ARG6 log2 receive entries | streams << 8 | paths << 16, ARG7 peer connection id"),
    ("SET_PEER", 0x06, "ARG0 conn, ARG1/2 peer MAC lo32/hi16, ARG3 peer IPv4, ARG4 local IPv4, ARG5 UDP source port base, ARG6 UDP destination port"),
    ("DESTROY_CONN", 0x07, "ARG0 conn: outstanding work requests complete FLUSHED"),
];

/// Code of command `name`.
pub const fn command(name: &str) -> u8 {
    let mut i = 0;
    while i < COMMANDS.len() {
        if eq(COMMANDS[i].0, name) {
            return COMMANDS[i].1;
        }
        i += 1;
    }
    panic!("no such command")
}

const fn eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// `CMD_STATUS.error` codes.
pub const CMD_ERRORS: &[(&str, u8, &str)] = &[
    ("OK", 0, "Accepted"),
    ("BAD_COMMAND", 1, "Unknown command code"),
    ("BAD_INDEX", 2, "Index or id beyond the engine's capacity"),
    (
        "BUSY",
        3,
        "The object is in use (destroy a connection before its CQ)",
    ),
    (
        "BAD_ARGUMENT",
        4,
        "An argument is out of range (ring size, alignment, access bits)",
    ),
];

/// Memory-region access bit (`REG_MR` ARG7): the local engine may write.
pub const ACCESS_LOCAL_WRITE: u32 = 1;
/// Memory-region access bit: the peer may WRITE into the region.
pub const ACCESS_REMOTE_WRITE: u32 = 2;
/// Memory-region access bit: the peer may read (reserved for READ).
pub const ACCESS_REMOTE_READ: u32 = 4;

/// Command and command-error codes by name (for `match`).
pub mod cmd {
    use super::{cmd_error, command};
    /// `NOP`.
    pub const NOP: u8 = command("NOP");
    /// `REG_MR`.
    pub const REG_MR: u8 = command("REG_MR");
    /// `DEREG_MR`.
    pub const DEREG_MR: u8 = command("DEREG_MR");
    /// `CREATE_CQ`.
    pub const CREATE_CQ: u8 = command("CREATE_CQ");
    /// `DESTROY_CQ`.
    pub const DESTROY_CQ: u8 = command("DESTROY_CQ");
    /// `CREATE_CONN`.
    pub const CREATE_CONN: u8 = command("CREATE_CONN");
    /// `SET_PEER`.
    pub const SET_PEER: u8 = command("SET_PEER");
    /// `DESTROY_CONN`.
    pub const DESTROY_CONN: u8 = command("DESTROY_CONN");
    /// `CMD_STATUS.error`: accepted.
    pub const OK: u8 = cmd_error("OK");
    /// `CMD_STATUS.error`: unknown command.
    pub const BAD_COMMAND: u8 = cmd_error("BAD_COMMAND");
    /// `CMD_STATUS.error`: index beyond capacity.
    pub const BAD_INDEX: u8 = cmd_error("BAD_INDEX");
    /// `CMD_STATUS.error`: argument out of range.
    pub const BAD_ARGUMENT: u8 = cmd_error("BAD_ARGUMENT");
}

/// Code of command error `name`.
pub const fn cmd_error(name: &str) -> u8 {
    let mut i = 0;
    while i < CMD_ERRORS.len() {
        if eq(CMD_ERRORS[i].0, name) {
            return CMD_ERRORS[i].1;
        }
        i += 1;
    }
    panic!("no such command error")
}

/// Fields of [`WQE`], resolved at compile time.
pub mod wqe {
    use super::{field, StateField, WQE};
    /// `opcode`.
    pub const OPCODE: &StateField = field(WQE, "opcode");
    /// `flags`.
    pub const FLAGS: &StateField = field(WQE, "flags");
    /// `stream`.
    pub const STREAM: &StateField = field(WQE, "stream");
    /// `num_sge`.
    pub const NUM_SGE: &StateField = field(WQE, "num_sge");
    /// `len`.
    pub const LEN: &StateField = field(WQE, "len");
    /// `wr_id`.
    pub const WR_ID: &StateField = field(WQE, "wr_id");
    /// `imm`.
    pub const IMM: &StateField = field(WQE, "imm");
    /// `rkey`.
    pub const RKEY: &StateField = field(WQE, "rkey");
    /// `remote_addr`.
    pub const REMOTE_ADDR: &StateField = field(WQE, "remote_addr");
    /// `sge_addr`.
    pub const SGE_ADDR: &StateField = field(WQE, "sge_addr");
    /// `sge_lkey`.
    pub const SGE_LKEY: &StateField = field(WQE, "sge_lkey");
    /// `sge_len`.
    pub const SGE_LEN: &StateField = field(WQE, "sge_len");
}

/// Fields of [`RQE`], resolved at compile time.
pub mod rqe {
    use super::{field, StateField, RQE};
    /// `wr_id`.
    pub const WR_ID: &StateField = field(RQE, "wr_id");
    /// `addr`.
    pub const ADDR: &StateField = field(RQE, "addr");
    /// `lkey`.
    pub const LKEY: &StateField = field(RQE, "lkey");
    /// `len`.
    pub const LEN: &StateField = field(RQE, "len");
}

/// Fields of [`CQE`], resolved at compile time.
pub mod cqe {
    use super::{field, StateField, CQE};
    /// `wr_id`.
    pub const WR_ID: &StateField = field(CQE, "wr_id");
    /// `byte_len`.
    pub const BYTE_LEN: &StateField = field(CQE, "byte_len");
    /// `imm`.
    pub const IMM: &StateField = field(CQE, "imm");
    /// `msn`.
    pub const MSN: &StateField = field(CQE, "msn");
    /// `conn`.
    pub const CONN: &StateField = field(CQE, "conn");
    /// `opcode`.
    pub const OPCODE: &StateField = field(CQE, "opcode");
    /// `status`.
    pub const STATUS: &StateField = field(CQE, "status");
    /// `stream`.
    pub const STREAM: &StateField = field(CQE, "stream");
    /// `flags`.
    pub const FLAGS: &StateField = field(CQE, "flags");
    /// `owner`.
    pub const OWNER: &StateField = field(CQE, "owner");
}

/// Every host-interface record, with its name.
pub const HOST_TABLES: &[(&str, &[StateField])] = &[("wqe", WQE), ("rqe", RQE), ("cqe", CQE)];

const fn byte_aligned(t: &[StateField], bytes: usize) -> bool {
    let mut i = 0;
    while i < t.len() {
        if t[i].lsb % 8 != 0 || t[i].bits % 8 != 0 || (t[i].lsb + t[i].bits) as usize > bytes * 8 {
            return false;
        }
        i += 1;
    }
    true
}
const _: () = assert!(byte_aligned(WQE, WQE_BYTES));
const _: () = assert!(byte_aligned(RQE, RQE_BYTES));
const _: () = assert!(byte_aligned(CQE, CQE_BYTES));

/// Read a byte-aligned field of a record (little-endian).
#[inline]
pub fn get(rec: &[u8], fld: &StateField) -> u64 {
    let a = (fld.lsb / 8) as usize;
    match fld.bits {
        8 => rec[a] as u64,
        16 => u16::from_le_bytes([rec[a], rec[a + 1]]) as u64,
        32 => u32::from_le_bytes(rec[a..a + 4].try_into().expect("4 bytes")) as u64,
        64 => u64::from_le_bytes(rec[a..a + 8].try_into().expect("8 bytes")),
        bits => {
            let n = (bits / 8).min(8) as usize;
            let mut b = [0u8; 8];
            b[..n].copy_from_slice(&rec[a..a + n]);
            u64::from_le_bytes(b)
        }
    }
}

/// Write a byte-aligned field of a record (little-endian, masked to its width).
#[inline]
pub fn put(rec: &mut [u8], fld: &StateField, v: u64) {
    let a = (fld.lsb / 8) as usize;
    match fld.bits {
        8 => rec[a] = v as u8,
        16 => rec[a..a + 2].copy_from_slice(&(v as u16).to_le_bytes()),
        32 => rec[a..a + 4].copy_from_slice(&(v as u32).to_le_bytes()),
        64 => rec[a..a + 8].copy_from_slice(&v.to_le_bytes()),
        bits => {
            let n = (bits / 8).min(8) as usize;
            rec[a..a + n].copy_from_slice(&v.to_le_bytes()[..n]);
        }
    }
}

/// The field named `name` of a record table.
pub const fn field(t: &'static [StateField], name: &str) -> &'static StateField {
    let mut i = 0;
    while i < t.len() {
        if eq(t[i].name, name) {
            return &t[i];
        }
        i += 1;
    }
    panic!("no such field")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_fill_their_size_without_overlap() {
        for (name, t, bytes) in [
            ("wqe", WQE, WQE_BYTES),
            ("rqe", RQE, RQE_BYTES),
            ("cqe", CQE, CQE_BYTES),
        ] {
            let mut used = vec![false; bytes * 8];
            for f in t {
                for b in f.lsb..f.lsb + f.bits {
                    assert!(!used[b as usize], "{name}.{} overlaps", f.name);
                    used[b as usize] = true;
                }
            }
            assert!(used.iter().all(|u| *u), "{name} has holes");
        }
    }

    #[test]
    fn put_get_round_trip() {
        let mut r = [0u8; WQE_BYTES];
        put(&mut r, field(WQE, "remote_addr"), 0x1122_3344_5566_7788);
        put(&mut r, field(WQE, "len"), 0xdead_beef);
        assert_eq!(get(&r, field(WQE, "remote_addr")), 0x1122_3344_5566_7788);
        assert_eq!(get(&r, field(WQE, "len")), 0xdead_beef);
        assert_eq!(r[24], 0x88, "little-endian at byte 24");
        assert_eq!(command("CREATE_CONN"), 0x05);
    }
}
