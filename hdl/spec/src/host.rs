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
        "0 success, 1 flushed, 2 bad work request, 3 retry exceeded (every path retired), else 0x80 | NACK reason",
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
/// `CQE.status`: not executed, the work request was malformed (the
/// segmenter's error completion of a WQE `wqe_fetch` flagged bad: opcode
/// outside 1..=4, `num_sge` > 1, `sge_len != len`, or a stream beyond
/// `state::MAX_STREAMS`). No packet of it was sent.
pub const CQE_BAD_WQE: u8 = 2;
/// `CQE.status`: every path of the connection was retired
/// (`PATH_HEALTH.retire_after` timeouts in a row on each): the first
/// message the peer had not acknowledged whole completes with it, every
/// later one `CQE_FLUSHED`, and the connection is failed.
pub const CQE_RETRY_EXCEEDED: u8 = 3;
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
    ("CREATE_CONN", 0x05, "ARG0 conn, ARG1/2 send ring iova lo/hi, ARG3 log2 send entries [7:0] | pd [31:16] ([15:8] reserved 0), ARG4/5 receive rings iova lo/hi (one ring per stream, back to back), ARG6 log2 receive entries [7:0] | streams [15:8] | paths [23:16], ARG7 cq"),
    ("SET_PEER", 0x06, "ARG0 conn, ARG1/2 peer MAC lo32/hi16, ARG3 peer IPv4, ARG4 local IPv4, ARG5 UDP source port base, ARG6 UDP destination port, ARG7 peer connection id"),
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

/// `a == b` for the const lookups by name (commands, their arguments and
/// errors here; the engine's counter words in braid-hdl).
pub const fn eq(a: &str, b: &str) -> bool {
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
    /// `CMD_STATUS.error`: the object is in use (or already exists).
    pub const BUSY: u8 = cmd_error("BUSY");
    /// `CMD_STATUS.error`: argument out of range.
    pub const BAD_ARGUMENT: u8 = cmd_error("BAD_ARGUMENT");
}

/// One argument field of a command: `bits` bits starting at bit `lsb` of
/// `CMD_ARG<arg>`. A field of more than 32 bits starts at bit 0 and continues
/// in the next argument registers (ARG1/2 hold a 64-bit iova, ARG1 the low
/// word). Seen as the 256-bit vector `CMD_ARG7..CMD_ARG0` (ARG0 in bits
/// 31:0, reg_block's `cmd_args`), the field is bits `bit() + bits - 1 .. bit()`.
/// Bits of an argument register that no field names are reserved: the driver
/// writes 0, the engine ignores them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CmdArg {
    /// Command name (in [`COMMANDS`]).
    pub cmd: &'static str,
    /// Field name (snake_case, stable: it enters [`crate::SPEC_HASH`]).
    pub name: &'static str,
    /// Argument register (0..=7) holding the field's least significant bit.
    pub arg: u32,
    /// Least significant bit within that register.
    pub lsb: u32,
    /// Width in bits (at most 64).
    pub bits: u32,
    /// One-line description for the generated documentation.
    pub desc: &'static str,
}

impl CmdArg {
    /// First bit of the field in the 256-bit argument vector (ARG0 in 31:0).
    pub const fn bit(&self) -> u32 {
        self.arg * 32 + self.lsb
    }

    /// Mask of the field's width.
    pub const fn mask(&self) -> u64 {
        if self.bits >= 64 {
            u64::MAX
        } else {
            (1u64 << self.bits) - 1
        }
    }

    /// Read the field from the eight argument registers.
    pub fn get(&self, args: &[u32; 8]) -> u64 {
        let a = self.arg as usize;
        let mut v = (args[a] >> self.lsb) as u64;
        if self.lsb + self.bits > 32 {
            v |= (args[a + 1] as u64) << (32 - self.lsb);
        }
        v & self.mask()
    }

    /// Write the field into the argument registers (masked to its width).
    pub fn put(&self, args: &mut [u32; 8], v: u64) {
        let a = self.arg as usize;
        let v = v & self.mask();
        let m0 = (self.mask() << self.lsb) as u32;
        args[a] = (args[a] & !m0) | ((v << self.lsb) as u32 & m0);
        if self.lsb + self.bits > 32 {
            let m1 = (self.mask() >> (32 - self.lsb)) as u32;
            args[a + 1] = (args[a + 1] & !m1) | ((v >> (32 - self.lsb)) as u32 & m1);
        }
    }
}

const fn ca(
    cmd: &'static str,
    name: &'static str,
    arg: u32,
    lsb: u32,
    bits: u32,
    desc: &'static str,
) -> CmdArg {
    CmdArg {
        cmd,
        name,
        arg,
        lsb,
        bits,
        desc,
    }
}

/// Every argument field of every command (the packing [`COMMANDS`] describes).
pub const CMD_ARGS: &[CmdArg] = &[
    ca(
        "REG_MR",
        "index",
        0,
        0,
        32,
        "Region slot (< 4,096); BAD_INDEX beyond",
    ),
    ca(
        "REG_MR",
        "iova",
        1,
        0,
        64,
        "First byte of the region (IOVA)",
    ),
    ca(
        "REG_MR",
        "length",
        3,
        0,
        64,
        "Bytes (> 0; iova + length <= 2^64)",
    ),
    ca(
        "REG_MR",
        "key",
        5,
        0,
        32,
        "Key: bits 19:8 must equal `index` (lookups go by key[19:8])",
    ),
    ca("REG_MR", "pd", 6, 0, 16, "Protection domain"),
    ca(
        "REG_MR",
        "access",
        7,
        0,
        32,
        "Access bits (`ACCESS_*`, < 8)",
    ),
    ca("DEREG_MR", "index", 0, 0, 32, "Region slot"),
    ca("CREATE_CQ", "cq", 0, 0, 32, "Completion queue"),
    ca("CREATE_CQ", "iova", 1, 0, 64, "Ring base (CQE-aligned)"),
    ca(
        "CREATE_CQ",
        "log2",
        3,
        0,
        32,
        "log2 of the ring's entries (`RING_LOG2_MIN..=RING_LOG2_MAX`)",
    ),
    ca("DESTROY_CQ", "cq", 0, 0, 32, "Completion queue"),
    ca("CREATE_CONN", "conn", 0, 0, 32, "Connection"),
    ca(
        "CREATE_CONN",
        "sq_iova",
        1,
        0,
        64,
        "Send ring base (`SQ_ALIGN`-aligned)",
    ),
    ca(
        "CREATE_CONN",
        "sq_log2",
        3,
        0,
        8,
        "log2 of the send ring's entries",
    ),
    ca("CREATE_CONN", "pd", 3, 16, 16, "Protection domain"),
    ca(
        "CREATE_CONN",
        "rq_iova",
        4,
        0,
        64,
        "Receive rings base, one ring per stream back to back (`RQ_ALIGN`-aligned)",
    ),
    ca(
        "CREATE_CONN",
        "rq_log2",
        6,
        0,
        8,
        "log2 of each receive ring's entries",
    ),
    ca(
        "CREATE_CONN",
        "streams",
        6,
        8,
        8,
        "Streams (1..=MAX_STREAMS)",
    ),
    ca(
        "CREATE_CONN",
        "paths",
        6,
        16,
        8,
        "Paths (1..=the build's paths per connection)",
    ),
    ca(
        "CREATE_CONN",
        "cq",
        7,
        0,
        32,
        "Completion queue of every completion of the connection (created)",
    ),
    ca("SET_PEER", "conn", 0, 0, 32, "Connection (valid)"),
    ca(
        "SET_PEER",
        "peer_mac",
        1,
        0,
        48,
        "Peer MAC: ARG1 = bytes 0..4, ARG2[15:0] = bytes 4..6 (first wire byte in bits 7:0)",
    ),
    ca(
        "SET_PEER",
        "peer_ip4",
        3,
        0,
        32,
        "Peer IPv4 (first address byte in bits 31:24)",
    ),
    ca(
        "SET_PEER",
        "local_ip4",
        4,
        0,
        32,
        "Local IPv4 (first address byte in bits 31:24)",
    ),
    ca(
        "SET_PEER",
        "sport_base",
        5,
        0,
        16,
        "UDP source port of path 0 (path p uses base + p)",
    ),
    ca("SET_PEER", "dport", 6, 0, 16, "UDP destination port"),
    ca(
        "SET_PEER",
        "peer_conn",
        7,
        0,
        24,
        "Peer's connection id (the `dst_conn` of frames sent)",
    ),
    ca("DESTROY_CONN", "conn", 0, 0, 32, "Connection (valid)"),
];

/// Alignment in bytes of a receive ring's base address (`CREATE_CONN`
/// ARG4/5): one [`RQE`].
pub const RQ_ALIGN: u64 = RQE_BYTES as u64;
/// Alignment in bytes of a completion ring's base address (`CREATE_CQ`
/// ARG1/2): one [`CQE`].
pub const CQ_ALIGN: u64 = CQE_BYTES as u64;

/// The argument field `name` of command `cmd`.
pub const fn cmd_arg(cmd: &str, name: &str) -> &'static CmdArg {
    let mut i = 0;
    while i < CMD_ARGS.len() {
        if eq(CMD_ARGS[i].cmd, cmd) && eq(CMD_ARGS[i].name, name) {
            return &CMD_ARGS[i];
        }
        i += 1;
    }
    panic!("no such command argument")
}

/// Command argument fields by name, resolved at compile time.
pub mod cmd_arg {
    use super::{cmd_arg, CmdArg};
    /// `REG_MR` region slot.
    pub const REG_MR_INDEX: &CmdArg = cmd_arg("REG_MR", "index");
    /// `REG_MR` first byte.
    pub const REG_MR_IOVA: &CmdArg = cmd_arg("REG_MR", "iova");
    /// `REG_MR` length.
    pub const REG_MR_LENGTH: &CmdArg = cmd_arg("REG_MR", "length");
    /// `REG_MR` key.
    pub const REG_MR_KEY: &CmdArg = cmd_arg("REG_MR", "key");
    /// `REG_MR` protection domain.
    pub const REG_MR_PD: &CmdArg = cmd_arg("REG_MR", "pd");
    /// `REG_MR` access bits.
    pub const REG_MR_ACCESS: &CmdArg = cmd_arg("REG_MR", "access");
    /// `DEREG_MR` region slot.
    pub const DEREG_MR_INDEX: &CmdArg = cmd_arg("DEREG_MR", "index");
    /// `CREATE_CQ` completion queue.
    pub const CREATE_CQ_CQ: &CmdArg = cmd_arg("CREATE_CQ", "cq");
    /// `CREATE_CQ` ring base.
    pub const CREATE_CQ_IOVA: &CmdArg = cmd_arg("CREATE_CQ", "iova");
    /// `CREATE_CQ` log2 entries.
    pub const CREATE_CQ_LOG2: &CmdArg = cmd_arg("CREATE_CQ", "log2");
    /// `DESTROY_CQ` completion queue.
    pub const DESTROY_CQ_CQ: &CmdArg = cmd_arg("DESTROY_CQ", "cq");
    /// `CREATE_CONN` connection.
    pub const CREATE_CONN_CONN: &CmdArg = cmd_arg("CREATE_CONN", "conn");
    /// `CREATE_CONN` send ring base.
    pub const CREATE_CONN_SQ_IOVA: &CmdArg = cmd_arg("CREATE_CONN", "sq_iova");
    /// `CREATE_CONN` log2 send entries.
    pub const CREATE_CONN_SQ_LOG2: &CmdArg = cmd_arg("CREATE_CONN", "sq_log2");
    /// `CREATE_CONN` protection domain.
    pub const CREATE_CONN_PD: &CmdArg = cmd_arg("CREATE_CONN", "pd");
    /// `CREATE_CONN` receive rings base.
    pub const CREATE_CONN_RQ_IOVA: &CmdArg = cmd_arg("CREATE_CONN", "rq_iova");
    /// `CREATE_CONN` log2 receive entries.
    pub const CREATE_CONN_RQ_LOG2: &CmdArg = cmd_arg("CREATE_CONN", "rq_log2");
    /// `CREATE_CONN` streams.
    pub const CREATE_CONN_STREAMS: &CmdArg = cmd_arg("CREATE_CONN", "streams");
    /// `CREATE_CONN` paths.
    pub const CREATE_CONN_PATHS: &CmdArg = cmd_arg("CREATE_CONN", "paths");
    /// `CREATE_CONN` completion queue.
    pub const CREATE_CONN_CQ: &CmdArg = cmd_arg("CREATE_CONN", "cq");
    /// `SET_PEER` connection.
    pub const SET_PEER_CONN: &CmdArg = cmd_arg("SET_PEER", "conn");
    /// `SET_PEER` peer MAC.
    pub const SET_PEER_PEER_MAC: &CmdArg = cmd_arg("SET_PEER", "peer_mac");
    /// `SET_PEER` peer IPv4.
    pub const SET_PEER_PEER_IP4: &CmdArg = cmd_arg("SET_PEER", "peer_ip4");
    /// `SET_PEER` local IPv4.
    pub const SET_PEER_LOCAL_IP4: &CmdArg = cmd_arg("SET_PEER", "local_ip4");
    /// `SET_PEER` UDP source port base.
    pub const SET_PEER_SPORT_BASE: &CmdArg = cmd_arg("SET_PEER", "sport_base");
    /// `SET_PEER` UDP destination port.
    pub const SET_PEER_DPORT: &CmdArg = cmd_arg("SET_PEER", "dport");
    /// `SET_PEER` peer connection id.
    pub const SET_PEER_PEER_CONN: &CmdArg = cmd_arg("SET_PEER", "peer_conn");
    /// `DESTROY_CONN` connection.
    pub const DESTROY_CONN_CONN: &CmdArg = cmd_arg("DESTROY_CONN", "conn");
}

/// Whether every argument field of `t` fits: 1 to 64 bits, starting in
/// bits 0-31 of its register, a field wider than 32 bits starting at bit 0,
/// inside the eight registers, and no two fields of one command
/// overlapping. `CMD_ARGS` is checked at compile time.
pub const fn cmd_args_fit(t: &[CmdArg]) -> bool {
    let mut i = 0;
    while i < t.len() {
        let a = &t[i];
        if a.bits == 0 || a.bits > 64 || a.lsb >= 32 || (a.bits > 32 && a.lsb != 0) {
            return false;
        }
        if a.bit() + a.bits > 256 {
            return false;
        }
        let mut j = 0;
        while j < t.len() {
            let b = &t[j];
            if j != i
                && eq(a.cmd, b.cmd)
                && a.bit() < b.bit() + b.bits
                && b.bit() < a.bit() + a.bits
            {
                return false;
            }
            j += 1;
        }
        i += 1;
    }
    true
}
const _: () = assert!(cmd_args_fit(CMD_ARGS));

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

/// Whether every field of record `t` starts and ends on a byte boundary
/// inside the record's `bytes` (what [`get`] and [`put`] need); the three
/// records are checked at compile time.
pub const fn byte_aligned(t: &[StateField], bytes: usize) -> bool {
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

    #[test]
    fn cmd_args_round_trip() {
        let mut a = [0u32; 8];
        cmd_arg::CREATE_CONN_SQ_IOVA.put(&mut a, 0x1122_3344_5566_7788);
        cmd_arg::CREATE_CONN_SQ_LOG2.put(&mut a, 7);
        cmd_arg::CREATE_CONN_PD.put(&mut a, 0xbeef);
        cmd_arg::SET_PEER_PEER_MAC.put(&mut a, 0xffff_0a0b_0c0d_0e0f);
        assert_eq!(a[1], 0x0c0d_0e0f, "MAC low word over the iova's");
        assert_eq!(a[2], 0x1122_0a0b, "MAC high half, iova's upper half kept");
        assert_eq!(a[3], 0xbeef_0007);
        assert_eq!(cmd_arg::CREATE_CONN_PD.get(&a), 0xbeef);
        assert_eq!(cmd_arg::CREATE_CONN_SQ_LOG2.get(&a), 7);
        assert_eq!(cmd_arg::SET_PEER_PEER_MAC.get(&a), 0x0a0b_0c0d_0e0f);
        assert_eq!(cmd_arg::CREATE_CONN_CQ.bit(), 224);
        for c in CMD_ARGS {
            assert!(COMMANDS.iter().any(|k| k.0 == c.cmd), "{}", c.cmd);
        }
    }
}
