//! BAR0 register map: the engine's host-visible register block.
//!
//! Every register is 32 bits wide at a 4-byte aligned byte offset and is
//! accessed with single 32-bit reads and writes (little-endian, as PCIe
//! delivers them). Bit fields inside a register use the state-record
//! convention of [`StateField`]: `lsb` is the index of the field's least
//! significant bit (bit 0 = LSB of the register).
//!
//! The map: identification, capabilities, a scratch register for bus
//! tests, global control and status, the command mailbox, doorbells, timer
//! and path configuration, and the event counters. Any change to it
//! changes [`crate::SPEC_HASH`].

use crate::field::StateField;
use crate::state::MAX_STREAMS;

/// How the host may access a register.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Access {
    /// Read-only: writes are ignored by the engine.
    Ro,
    /// Read/write: a read returns the last value written (except self-clearing
    /// bits, which the register's description names).
    Rw,
    /// Read / write-one-to-clear: writing 1 to a bit clears it, writing 0 leaves it.
    W1c,
}

impl Access {
    /// Name used in the documentation ("RO", "RW", "W1C").
    pub const fn name(self) -> &'static str {
        match self {
            Access::Ro => "RO",
            Access::Rw => "RW",
            Access::W1c => "W1C",
        }
    }

    /// Stable code (enters the spec hash).
    pub const fn code(self) -> u8 {
        match self {
            Access::Ro => 0,
            Access::Rw => 1,
            Access::W1c => 2,
        }
    }
}

/// Value a register holds after power-up and after `CTRL.soft_reset`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Reset {
    /// A fixed value.
    Value(u32),
    /// [`crate::SPEC_HASH`] itself (the table that defines the hash cannot
    /// hold it as a literal).
    SpecHash,
    /// Set by the engine's build parameters; the register's fields say what
    /// they mean.
    Build,
}

impl Reset {
    /// The fixed reset value, if the spec defines one (`None` for [`Reset::Build`]).
    pub const fn value(self) -> Option<u32> {
        match self {
            Reset::Value(v) => Some(v),
            Reset::SpecHash => Some(crate::SPEC_HASH),
            Reset::Build => None,
        }
    }
}

/// One 32-bit register of the BAR0 map.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reg {
    /// Register name (upper case, stable: it enters [`crate::SPEC_HASH`]).
    pub name: &'static str,
    /// Byte offset from the start of BAR0 (4-byte aligned).
    pub offset: u32,
    /// Width in bits (32 for every register so far).
    pub bits: u32,
    /// Host access.
    pub access: Access,
    /// Value after reset.
    pub reset: Reset,
    /// Bit fields; empty when the register is one 32-bit value.
    pub fields: &'static [StateField],
    /// One-line description for the generated documentation.
    pub desc: &'static str,
}

const fn bf(name: &'static str, lsb: u32, bits: u32, desc: &'static str) -> StateField {
    StateField {
        name,
        lsb,
        bits,
        desc,
    }
}

/// Read field `f` of register value `word`.
pub const fn get(f: &StateField, word: u32) -> u32 {
    (word >> f.lsb) & mask(f.bits)
}

/// `word` with field `f` replaced by `value` (masked to the field width).
pub const fn set(f: &StateField, word: u32, value: u32) -> u32 {
    let m = mask(f.bits) << f.lsb;
    (word & !m) | ((value << f.lsb) & m)
}

const fn mask(bits: u32) -> u32 {
    if bits >= 32 {
        u32::MAX
    } else {
        (1 << bits) - 1
    }
}

// ------------------------------------------------------------ identification

/// Value of the `ID` register: ASCII "BRAI", first letter in the top byte.
pub const ID_MAGIC: u32 = 0x4252_4149;
/// Major version of the register interface (incompatible changes).
pub const IF_VERSION_MAJOR: u16 = 2;
/// Minor version of the register interface (backward-compatible additions).
pub const IF_VERSION_MINOR: u16 = 0;

/// `VERSION.minor`.
pub const VERSION_MINOR: StateField = bf(
    "minor",
    0,
    16,
    "Minor version: backward-compatible additions; a driver needs at least its own",
);
/// `VERSION.major`.
pub const VERSION_MAJOR: StateField = bf(
    "major",
    16,
    16,
    "Major version: incompatible changes; a driver needs an exact match",
);

/// `ID`: identifies a Braid engine.
pub const ID: Reg = Reg {
    name: "ID",
    offset: 0x000,
    bits: 32,
    access: Access::Ro,
    reset: Reset::Value(ID_MAGIC),
    fields: &[],
    desc: "Magic 0x42524149 (ASCII \"BRAI\"): this BAR belongs to a Braid engine",
};

/// `VERSION`: register interface version.
pub const VERSION: Reg = Reg {
    name: "VERSION",
    offset: 0x004,
    bits: 32,
    access: Access::Ro,
    reset: Reset::Value((IF_VERSION_MAJOR as u32) << 16 | IF_VERSION_MINOR as u32),
    fields: &[VERSION_MINOR, VERSION_MAJOR],
    desc: "Register interface version, major.minor",
};

/// `SPEC_HASH`: the spec revision the engine was built from.
pub const SPEC_HASH: Reg = Reg {
    name: "SPEC_HASH",
    offset: 0x008,
    bits: 32,
    access: Access::Ro,
    reset: Reset::SpecHash,
    fields: &[],
    desc: "`SPEC_HASH` of the braid-spec revision the engine was built from",
};

// ------------------------------------------------------------ capabilities

/// `CAPS.connections`.
pub const CAPS_CONNECTIONS: StateField = bf(
    "connections",
    0,
    16,
    "Number of connections the engine holds state for (ids 0..connections)",
);
/// `CAPS.paths`.
pub const CAPS_PATHS: StateField = bf(
    "paths",
    16,
    8,
    "Paths per connection (path state records per connection)",
);
/// `CAPS.streams`.
pub const CAPS_STREAMS: StateField = bf(
    "streams",
    24,
    8,
    "Streams per connection (at most `MAX_STREAMS`)",
);

/// `CAPS`: build-time sizes of the engine.
pub const CAPS: Reg = Reg {
    name: "CAPS",
    offset: 0x00c,
    bits: 32,
    access: Access::Ro,
    reset: Reset::Build,
    fields: &[CAPS_CONNECTIONS, CAPS_PATHS, CAPS_STREAMS],
    desc: "Capabilities: sizes the engine was built with (counts, not minus one)",
};

// ------------------------------------------------------------ scratch, control, status

/// `SCRATCH`: free register for bus tests.
pub const SCRATCH: Reg = Reg {
    name: "SCRATCH",
    offset: 0x010,
    bits: 32,
    access: Access::Rw,
    reset: Reset::Value(0),
    fields: &[],
    desc: "Scratch: no effect on the engine; reads return the last value written",
};

/// `CTRL.enable`.
pub const CTRL_ENABLE: StateField = bf(
    "enable",
    0,
    1,
    "1: the engine fetches work and processes traffic; 0: it fetches nothing and drops received frames",
);
/// `CTRL.soft_reset`.
pub const CTRL_SOFT_RESET: StateField = bf(
    "soft_reset",
    1,
    1,
    "Write 1: return all engine state and every register to reset (CTRL included); self-clearing, reads 0",
);

/// `CTRL`: global control.
pub const CTRL: Reg = Reg {
    name: "CTRL",
    offset: 0x014,
    bits: 32,
    access: Access::Rw,
    reset: Reset::Value(0),
    fields: &[CTRL_ENABLE, CTRL_SOFT_RESET],
    desc: "Global control; other bits reserved (write 0)",
};

/// `STATUS.enabled`.
pub const STATUS_ENABLED: StateField = bf(
    "enabled",
    0,
    1,
    "`CTRL.enable` has taken effect: the engine is running",
);
/// `STATUS.reset_busy`.
pub const STATUS_RESET_BUSY: StateField = bf(
    "reset_busy",
    1,
    1,
    "A soft reset is in progress; access only `STATUS` until it reads 0",
);

/// `STATUS`: global status.
pub const STATUS: Reg = Reg {
    name: "STATUS",
    offset: 0x018,
    bits: 32,
    access: Access::Ro,
    reset: Reset::Value(0),
    fields: &[STATUS_ENABLED, STATUS_RESET_BUSY],
    desc: "Global status; other bits reserved (read 0)",
};

// ------------------------------------------------------------ commands and doorbells

const fn arg(name: &'static str, offset: u32) -> Reg {
    Reg {
        name,
        offset,
        bits: 32,
        access: Access::Rw,
        reset: Reset::Value(0),
        fields: &[],
        desc: "Command argument (see the command table of the host interface)",
    }
}

/// `CMD_ARG0`..`CMD_ARG7`: arguments of the next command.
pub const CMD_ARGS: [Reg; 8] = [
    arg("CMD_ARG0", 0x040),
    arg("CMD_ARG1", 0x044),
    arg("CMD_ARG2", 0x048),
    arg("CMD_ARG3", 0x04c),
    arg("CMD_ARG4", 0x050),
    arg("CMD_ARG5", 0x054),
    arg("CMD_ARG6", 0x058),
    arg("CMD_ARG7", 0x05c),
];

/// `CMD.opcode`.
pub const CMD_OPCODE: StateField = bf(
    "opcode",
    0,
    8,
    "Command code (`host::COMMANDS`); writing `CMD` starts the command",
);
/// `CMD`: start a command.
pub const CMD: Reg = Reg {
    name: "CMD",
    offset: 0x060,
    bits: 32,
    access: Access::Rw,
    reset: Reset::Value(0),
    fields: &[CMD_OPCODE],
    desc:
        "Write: run the command with the arguments in CMD_ARG0..7; read: the last command written",
};

/// `CMD_STATUS.busy`.
pub const CMD_STATUS_BUSY: StateField = bf(
    "busy",
    0,
    1,
    "The engine is running the last command; do not write CMD or CMD_ARG* until 0",
);
/// `CMD_STATUS.error`.
pub const CMD_STATUS_ERROR: StateField = bf(
    "error",
    8,
    8,
    "Result of the last command (`host::CMD_ERRORS`; 0 = accepted)",
);
/// `CMD_STATUS.count`.
pub const CMD_STATUS_COUNT: StateField = bf(
    "count",
    16,
    16,
    "Commands completed since reset (modulo 2^16)",
);
/// `CMD_STATUS`: command progress.
pub const CMD_STATUS: Reg = Reg {
    name: "CMD_STATUS",
    offset: 0x064,
    bits: 32,
    access: Access::Ro,
    reset: Reset::Value(0),
    fields: &[CMD_STATUS_BUSY, CMD_STATUS_ERROR, CMD_STATUS_COUNT],
    desc: "Command progress and result",
};

/// `SQ_DOORBELL.pi`.
pub const SQ_DB_PI: StateField = bf(
    "pi",
    0,
    16,
    "New producer index of the send queue (entries written so far, modulo 2^16)",
);
/// `SQ_DOORBELL.conn`.
pub const SQ_DB_CONN: StateField = bf("conn", 16, 16, "Connection");
/// `SQ_DOORBELL`: new send work.
pub const SQ_DOORBELL: Reg = Reg {
    name: "SQ_DOORBELL",
    offset: 0x080,
    bits: 32,
    access: Access::Rw,
    reset: Reset::Value(0),
    fields: &[SQ_DB_PI, SQ_DB_CONN],
    desc: "Send doorbell: the driver wrote WQEs up to `pi` on `conn`'s send ring; reads return the last write",
};

/// `RQ_DOORBELL.pi`.
pub const RQ_DB_PI: StateField = bf(
    "pi",
    0,
    16,
    "New producer index of the receive ring (modulo 2^16)",
);
/// `RQ_DOORBELL.stream`.
pub const RQ_DB_STREAM: StateField = bf("stream", 16, 4, "Stream whose receive ring grew");
/// `RQ_DOORBELL.conn`.
pub const RQ_DB_CONN: StateField = bf(
    "conn",
    20,
    12,
    "Connection (receive doorbells reach connections 0..4095)",
);
/// `RQ_DOORBELL`: new receive buffers.
pub const RQ_DOORBELL: Reg = Reg {
    name: "RQ_DOORBELL",
    offset: 0x084,
    bits: 32,
    access: Access::Rw,
    reset: Reset::Value(0),
    fields: &[RQ_DB_PI, RQ_DB_STREAM, RQ_DB_CONN],
    desc: "Receive doorbell: RQEs written up to `pi`; reads return the last write",
};

/// `CQ_DOORBELL.ci`.
pub const CQ_DB_CI: StateField = bf(
    "ci",
    0,
    16,
    "New consumer index: entries before it are free for the engine again",
);
/// `CQ_DOORBELL.cq`.
pub const CQ_DB_CQ: StateField = bf("cq", 16, 16, "Completion queue");
/// `CQ_DOORBELL`: completions consumed.
pub const CQ_DOORBELL: Reg = Reg {
    name: "CQ_DOORBELL",
    offset: 0x088,
    bits: 32,
    access: Access::Rw,
    reset: Reset::Value(0),
    fields: &[CQ_DB_CI, CQ_DB_CQ],
    desc: "Completion doorbell: the driver consumed CQEs up to `ci`; reads return the last write",
};

// ------------------------------------------------------------ configuration

/// Engine clock the tick-valued configuration defaults assume (300 MHz: one
/// tick is one clock of the engine's single clock domain).
pub const CFG_TICK_HZ: u64 = 300_000_000;

const fn cfg(
    name: &'static str,
    offset: u32,
    reset: u32,
    fields: &'static [StateField],
    desc: &'static str,
) -> Reg {
    Reg {
        name,
        offset,
        bits: 32,
        access: Access::Rw,
        reset: Reset::Value(reset),
        fields,
        desc,
    }
}

/// `LOCAL_MAC_HI.mac_hi`.
pub const LOCAL_MAC_HI_MAC: StateField = bf(
    "mac_hi",
    0,
    16,
    "Bits 47:32 of the engine's MAC address (bits 47:40 are the first byte on the wire)",
);
/// `NET_CFG.udp_port`.
pub const NET_CFG_UDP_PORT: StateField = bf(
    "udp_port",
    0,
    16,
    "UDP destination port of Braid frames (sent and accepted)",
);
/// `NET_CFG.mtu_code`.
pub const NET_CFG_MTU_CODE: StateField = bf(
    "mtu_code",
    16,
    2,
    "Payload MTU = `MTU_MIN << mtu_code` (1,024 .. 8,192 bytes)",
);
/// `CC_CWND_*.cwnd` (one field layout for the three window registers).
pub const CC_CWND: StateField = bf(
    "cwnd",
    0,
    24,
    "Window in packets, unsigned 16.8 fixed point",
);
/// `CC_ALPHA.alpha_init`.
pub const CC_ALPHA_INIT: StateField = bf(
    "alpha_init",
    0,
    16,
    "DCTCP `alpha` of a new path, unsigned 0.16 fixed point",
);
/// `CC_ALPHA.g`.
pub const CC_ALPHA_G: StateField = bf("g", 16, 2, "DCTCP gain `g = 2^-(g + 3)`");
/// `PATH_HEALTH.rehash_after`.
pub const PATH_HEALTH_REHASH: StateField = bf(
    "rehash_after",
    0,
    8,
    "Timeouts in a row from which every timeout moves the path to a new UDP source port, until it retires (0: never)",
);
/// `PATH_HEALTH.retire_after`.
pub const PATH_HEALTH_RETIRE: StateField = bf(
    "retire_after",
    8,
    8,
    "Timeouts in a row after which a path is retired: closed to new data and retransmissions until its connection is created again (0: never)",
);
/// `TX_CFG.spray_burst`.
pub const TX_CFG_SPRAY_BURST: StateField = bf(
    "spray_burst",
    0,
    8,
    "Packets sent in a row on one path before the sprayer moves on (0 acts as 1)",
);
/// `TX_CFG.port_hint`.
pub const TX_CFG_PORT_HINT: StateField = bf(
    "port_hint",
    16,
    16,
    "The port's rate in rate-hint units: a connection hinted at or above it is not paced",
);
/// `TIMER_CFG.ack_coalesce`.
pub const TIMER_CFG_ACK_COALESCE: StateField = bf(
    "ack_coalesce",
    0,
    8,
    "Data packets a path receives before an ACK is due without ACK_REQ",
);
/// `TIMER_CFG.rto_shift`.
pub const TIMER_CFG_RTO_SHIFT: StateField = bf(
    "rto_shift",
    8,
    5,
    "Retransmission timer wheel: log2 ticks per bucket (set before enabling)",
);
/// `TIMER_CFG.ack_shift`.
pub const TIMER_CFG_ACK_SHIFT: StateField = bf(
    "ack_shift",
    16,
    5,
    "ACK coalescing timer wheel: log2 ticks per bucket (set before enabling)",
);

/// `HINT_CFG.interval`.
pub const HINT_CFG_INTERVAL: StateField = bf(
    "interval",
    0,
    16,
    "Rate-hint interval in engine ticks (senders are counted and the queue estimate taken per interval; 0 acts as 65,536)",
);
/// `HINT_CFG.queue`.
pub const HINT_CFG_QUEUE: StateField = bf(
    "queue",
    16,
    16,
    "Queueing delay in engine ticks above which the receiver lowers its rate hint (0: never lowered)",
);
/// `PATH_SEL.path`.
pub const PATH_SEL_PATH: StateField = bf(
    "path",
    0,
    8,
    "Path number within the connection (below CAPS.paths)",
);
/// `PATH_SEL.conn`.
pub const PATH_SEL_CONN: StateField = bf("conn", 16, 16, "Connection (below CAPS.connections)");
/// `PATH_STATE.alpha`.
pub const PATH_STATE_ALPHA: StateField = bf(
    "alpha",
    0,
    16,
    "DCTCP marked-fraction estimate, unsigned 0.16 fixed point",
);
/// `PATH_STATE.timeouts`.
pub const PATH_STATE_TIMEOUTS: StateField = bf("timeouts", 16, 8, "Consecutive timeouts");
/// `PATH_STATE.armed`.
pub const PATH_STATE_ARMED: StateField = bf("armed", 24, 1, "The path's retransmission timer runs");
/// `PATH_STATE.failed`.
pub const PATH_STATE_FAILED: StateField = bf(
    "failed",
    25,
    1,
    "The path is retired (PATH_HEALTH.retire_after timeouts in a row)",
);
/// `PATH_STATE.seen`.
pub const PATH_STATE_SEEN: StateField = bf(
    "seen",
    31,
    1,
    "The congestion-control block reported the selected path since PATH_SEL last changed (the other PATH_* state fields and PATH_CWND/SRTT/RTTVAR/RTO are valid)",
);
/// `RX_HINT.hint`.
pub const RX_HINT_HINT: StateField = bf(
    "hint",
    0,
    16,
    "The rate hint this engine sends in every ACK, in rate-hint units (0: no limit)",
);
/// `RX_HINT.senders`.
pub const RX_HINT_SENDERS: StateField = bf(
    "senders",
    16,
    16,
    "The senders the port's rate is divided among",
);

/// Reset of `CC_CWND_INIT`: 8 packets (the transport model's `init_cwnd`).
pub const CFG_CWND_INIT: u32 = 8 << 8;
/// Reset of `CC_CWND_MIN`: 1 packet.
pub const CFG_CWND_MIN: u32 = 1 << 8;
/// Reset of `CC_CWND_MAX`: 256 packets (the SACK window).
pub const CFG_CWND_MAX: u32 = 256 << 8;
/// Reset of `CC_ALPHA`: `alpha_init` 0xffff, `g` 1 (1/16).
pub const CFG_ALPHA: u32 = 0xffff | 1 << 16;
/// Reset of `RTO_MIN`: 20 us at [`CFG_TICK_HZ`] (the model's `min_rto`).
pub const CFG_RTO_MIN: u32 = (CFG_TICK_HZ / 50_000) as u32;
/// Reset of `RTO_MAX`: 10 ms at [`CFG_TICK_HZ`].
pub const CFG_RTO_MAX: u32 = (CFG_TICK_HZ / 100) as u32;
/// Reset of `PATH_HEALTH`: re-hash after 1 timeout (the model's
/// `rehash_after`), retire after 16.
pub const CFG_PATH_HEALTH: u32 = 1 | 16 << 8;
/// Reset of `NET_CFG`: [`crate::BRAID_UDP_PORT`], MTU code 2 (4,096 bytes,
/// the model's MTU).
pub const CFG_NET: u32 = crate::BRAID_UDP_PORT as u32 | 2 << 16;
/// Reset of `TX_CFG`: bursts of 4 (the model's `spray_burst`), port rate
/// 1,000 hint units (100 Gb/s).
pub const CFG_TX: u32 = 4 | 1000 << 16;
/// Reset of `TIMER_CFG`: ACK after every packet, RTO buckets of 2^8 ticks
/// (4,096 buckets span 3.5 ms), ACK-timer buckets of 2^3 ticks.
pub const CFG_TIMER: u32 = 1 | 8 << 8 | 3 << 16;

/// Reset of `HINT_CFG`: intervals of 1,500 ticks and a queue threshold of
/// 1,200 ticks (5 us and 4 us at [`CFG_TICK_HZ`]: the fabric model's
/// `hint_interval` and `own_queue_ps`).
pub const CFG_HINT: u32 = 1500 | 1200 << 16;

/// Configuration registers, in offset order (contiguous in [`REGS`]): the
/// engine samples them as levels; set them before `CTRL.enable`.
pub const CONFIG: [Reg; 15] = [
    cfg(
        "LOCAL_MAC_LO",
        0x300,
        0,
        &[],
        "Engine MAC address, bits 31:0 (source of every frame sent)",
    ),
    cfg(
        "LOCAL_MAC_HI",
        0x304,
        0,
        &[LOCAL_MAC_HI_MAC],
        "Engine MAC address, bits 47:32",
    ),
    cfg(
        "LOCAL_IP4",
        0x308,
        0,
        &[],
        "Engine IPv4 address (source of every packet sent; bits 31:24 first on the wire)",
    ),
    cfg(
        "NET_CFG",
        0x30c,
        CFG_NET,
        &[NET_CFG_UDP_PORT, NET_CFG_MTU_CODE],
        "UDP port and MTU",
    ),
    cfg(
        "CC_CWND_INIT",
        0x310,
        CFG_CWND_INIT,
        &[CC_CWND],
        "Window of a new path",
    ),
    cfg(
        "CC_CWND_MIN",
        0x314,
        CFG_CWND_MIN,
        &[CC_CWND],
        "Smallest window of a path",
    ),
    cfg(
        "CC_CWND_MAX",
        0x318,
        CFG_CWND_MAX,
        &[CC_CWND],
        "Largest window of a path",
    ),
    cfg(
        "CC_ALPHA",
        0x31c,
        CFG_ALPHA,
        &[CC_ALPHA_INIT, CC_ALPHA_G],
        "DCTCP parameters",
    ),
    cfg(
        "RTO_MIN",
        0x320,
        CFG_RTO_MIN,
        &[],
        "Smallest retransmission timeout, engine ticks",
    ),
    cfg(
        "RTO_MAX",
        0x324,
        CFG_RTO_MAX,
        &[],
        "Largest retransmission timeout (and backoff cap), engine ticks",
    ),
    cfg(
        "PATH_HEALTH",
        0x328,
        CFG_PATH_HEALTH,
        &[PATH_HEALTH_REHASH, PATH_HEALTH_RETIRE],
        "Path re-hash and retirement after timeouts",
    ),
    cfg(
        "TX_CFG",
        0x32c,
        CFG_TX,
        &[TX_CFG_SPRAY_BURST, TX_CFG_PORT_HINT],
        "Sprayer burst and port rate (pacer)",
    ),
    cfg(
        "TIMER_CFG",
        0x330,
        CFG_TIMER,
        &[
            TIMER_CFG_ACK_COALESCE,
            TIMER_CFG_RTO_SHIFT,
            TIMER_CFG_ACK_SHIFT,
        ],
        "ACK coalescing and timer-wheel granularity",
    ),
    cfg(
        "HINT_CFG",
        0x334,
        CFG_HINT,
        &[HINT_CFG_INTERVAL, HINT_CFG_QUEUE],
        "Receiver rate hint: interval and queue threshold",
    ),
    cfg(
        "PATH_SEL",
        0x338,
        0,
        &[PATH_SEL_PATH, PATH_SEL_CONN],
        "Path shown by the PATH_* statistics registers; a new value restarts them (writing the value it holds does not)",
    ),
];

// ------------------------------------------------------------ counters

const fn counter(name: &'static str, offset: u32, desc: &'static str) -> Reg {
    Reg {
        name,
        offset,
        bits: 32,
        access: Access::Ro,
        reset: Reset::Value(0),
        fields: &[],
        desc,
    }
}

/// Engine counters (read-only, 32 bits, wrapping; cleared by reset), then
/// the live per-path statistics of the path `PATH_SEL` names (the `PATH_*`
/// registers: counts since `PATH_SEL` last changed, and the path's
/// congestion-control state as of its last event).
pub const COUNTERS: [Reg; 70] = [
    counter(
        "TX_PKTS",
        0x100,
        "Data packets sent (first transmissions and retransmissions)",
    ),
    counter("TX_RETX", 0x104, "Data packets retransmitted"),
    counter("TX_TIMEOUTS", 0x108, "Retransmission timeouts"),
    counter("TX_REHASHES", 0x10c, "Paths moved to a new UDP source port"),
    counter("TX_MSGS", 0x110, "Send work requests completed"),
    counter("RX_PKTS", 0x114, "Data packets placed (counted once each)"),
    counter(
        "RX_DUPLICATES",
        0x118,
        "Duplicate data packets dropped by the CSN window",
    ),
    counter(
        "RX_REFUSED",
        0x11c,
        "Data packets refused by a placement check (NACKed)",
    ),
    counter("RX_BYTES_LO", 0x120, "Payload bytes placed, low 32 bits"),
    counter("RX_BYTES_HI", 0x124, "Payload bytes placed, high 32 bits"),
    counter(
        "RX_MSGS",
        0x128,
        "Messages completed at the receiver, in MSN order",
    ),
    counter(
        "RX_HINT_CUTS",
        0x12c,
        "Rate-hint intervals whose queue estimate was above HINT_CFG.queue (each lowers the hint)",
    ),
    Reg {
        name: "RX_HINT",
        offset: 0x130,
        bits: 32,
        access: Access::Ro,
        reset: Reset::Value(0),
        fields: &[RX_HINT_HINT, RX_HINT_SENDERS],
        desc: "Live, not a counter: the rate hint sent in every ACK and the senders it is shared among",
    },
    counter(
        "TX_RETIRED",
        0x134,
        "Paths retired after PATH_HEALTH.retire_after timeouts in a row",
    ),
    counter("DB_DROPPED", 0x138, "Doorbells dropped: their FIFO was full"),
    counter("DB_BAD_CQ", 0x13c, "CQ doorbells naming a completion queue the build does not have"),
    counter("GLUE_OVERFLOW", 0x140, "Overflows of the engine's internal FIFOs (0 in correct operation)"),
    counter("TX_NO_CONN", 0x144, "Packets dropped at transmit: their connection was destroyed meanwhile"),
    counter("TX_PAYLOAD_ERR", 0x148, "Packets whose payload DMA read failed: sent flagged bad (`tx_bad`, discarded by the MAC side) and resent as lost"),
    counter("RX_BAD", 0x14c, "Received frames the parser dropped (the sum of the RX_DROP_* reasons)"),
    counter("RX_GATE", 0x150, "Received frames dropped whole before the parser (receive side full, or over 160 beats)"),
    counter("RX_OUT_OF_WINDOW", 0x154, "Data packets whose CSN is outside the dedup window: dropped"),
    counter("ACK_TX", 0x158, "ACK frames sent"),
    counter("NACK_TX", 0x15c, "NACK frames sent"),
    counter("ACK_RX", 0x160, "ACKs received and accepted"),
    counter("ACK_REJECTED", 0x164, "ACKs received and rejected: base PSN after the path's next PSN, or 512 or more before it"),
    counter("ACK_BAD_PATH", 0x168, "ACKs received naming a path the build does not have"),
    counter("RETX_STALE", 0x16c, "Lost packets not resent: their message had completed or their connection failed"),
    counter("NACK_RX", 0x170, "Well-formed NACKs received"),
    counter("NACK_RNR", 0x174, "NACKs received with reason NO_RECV_BUFFER"),
    counter("NACK_FAIL", 0x178, "Connections failed by a fatal NACK"),
    counter("NACK_DROP", 0x17c, "Fatal NACKs that failed nothing (no such connection, or CSN outside the window)"),
    counter("RX_DROP_TRUNCATED", 0x180, "Frames dropped: shorter than their headers"),
    counter("RX_DROP_NOT_IP", 0x184, "Frames dropped: EtherType neither IPv4 nor IPv6"),
    counter("RX_DROP_IP_HEADER", 0x188, "Frames dropped: IP version wrong, or IPv4 header length below 5 words"),
    counter("RX_DROP_IP_CHECKSUM", 0x18c, "Frames dropped: IPv4 header checksum wrong"),
    counter("RX_DROP_FRAGMENT", 0x190, "Frames dropped: an IPv4 fragment"),
    counter("RX_DROP_NOT_UDP", 0x194, "Frames dropped: IP protocol (next header) not UDP"),
    counter("RX_DROP_IP_LENGTH", 0x198, "Frames dropped: IP payload length below a UDP header"),
    counter("RX_DROP_PORT", 0x19c, "Frames dropped: UDP destination port not NET_CFG.udp_port"),
    counter("RX_DROP_UDP_LENGTH", 0x1a0, "Frames dropped: UDP length differs from the IP payload length"),
    counter("RX_DROP_UDP_CHECKSUM", 0x1a4, "Frames dropped: UDP checksum wrong"),
    counter("RX_DROP_VERSION", 0x1a8, "Frames dropped: Braid version not this engine's"),
    counter("RX_DROP_OPCODE", 0x1ac, "Frames dropped: unknown Braid opcode"),
    counter("RX_DROP_HDR_WORDS", 0x1b0, "Frames dropped: Braid header length disagrees with the opcode"),
    counter("RX_DROP_PAYLOAD_LEN", 0x1b4, "Frames dropped: UDP length shorter than a Braid header, or not headers plus payload_len"),
    counter("RX_DROP_CTRL_PAYLOAD", 0x1b8, "Frames dropped: a control packet (ACK, NACK, probe) carrying payload"),
    counter("PROBE_REPLY_TX", 0x1bc, "PROBE_REPLY frames sent"),
    counter("ACK_COALESCED", 0x1c0, "ACK requests merged into a queued ACK of the same path"),
    counter("ACK_TX_DROPS", 0x1c4, "ACK requests dropped: the ACK queue was full (a later ACK covers them)"),
    counter("NACK_TX_DROPS", 0x1c8, "NACK requests dropped: the NACK queue was full"),
    counter("PROBE_TX_DROPS", 0x1cc, "PROBE requests dropped: the queue was full"),
    counter("ACK_NO_PEER", 0x1d0, "ACK, NACK and probe requests discarded: their connection has no peer (SET_PEER)"),
    counter("CQE_WRITTEN", 0x1d4, "Completion entries written"),
    counter("CQ_FULL", 0x1d8, "Completion entries dropped: their completion queue was full"),
    counter("CQ_MISSING", 0x1dc, "Completion entries dropped: their completion queue does not exist"),
    counter("RX_MSG_OUTSIDE", 0x1e0, "Data packets whose MSN is outside the receiver's 32-message window"),
    counter("RQ_DB_REFUSED", 0x1e4, "Receive doorbells refused (no such connection or stream, or the producer index beyond the ring)"),
    counter("RQ_CONSUME_REFUSED", 0x1e8, "Receive-entry consumes refused (the context is gone or holds no entry)"),
    counter("RQ_FETCH_ERR", 0x1ec, "Failed or stray receive-queue DMA read responses"),
    counter("PATH_CWND", 0x1f0, "Selected path (PATH_SEL): congestion window, unsigned 16.8 packets, as of its last congestion-control event"),
    counter("PATH_SRTT", 0x1f4, "Selected path: smoothed RTT in engine ticks (0 before the first sample)"),
    counter("PATH_RTTVAR", 0x1f8, "Selected path: RTT variation in engine ticks"),
    counter("PATH_RTO", 0x1fc, "Selected path: retransmission timeout in engine ticks (with backoff)"),
    Reg {
        name: "PATH_STATE",
        offset: 0x200,
        bits: 32,
        access: Access::Ro,
        reset: Reset::Value(0),
        fields: &[
            PATH_STATE_ALPHA,
            PATH_STATE_TIMEOUTS,
            PATH_STATE_ARMED,
            PATH_STATE_FAILED,
            PATH_STATE_SEEN,
        ],
        desc: "Selected path: alpha, consecutive timeouts, timer and retirement",
    },
    counter("PATH_SENT", 0x204, "Selected path: data packets sent since PATH_SEL last changed"),
    counter("PATH_ACKED", 0x208, "Selected path: PSNs newly acknowledged since PATH_SEL last changed"),
    counter("PATH_LOST", 0x20c, "Selected path: PSNs declared lost (SACK proof or timeout) since PATH_SEL last changed"),
    counter("PATH_ECN", 0x210, "Selected path: CE-marked packets reported by ACKs since PATH_SEL last changed"),
    counter("PATH_TIMEOUTS", 0x214, "Selected path: retransmission timeouts since PATH_SEL last changed"),
];

/// Registers before the counters.
const HEAD: [Reg; 20] = [
    ID,
    VERSION,
    SPEC_HASH,
    CAPS,
    SCRATCH,
    CTRL,
    STATUS,
    CMD_ARGS[0],
    CMD_ARGS[1],
    CMD_ARGS[2],
    CMD_ARGS[3],
    CMD_ARGS[4],
    CMD_ARGS[5],
    CMD_ARGS[6],
    CMD_ARGS[7],
    CMD,
    CMD_STATUS,
    SQ_DOORBELL,
    RQ_DOORBELL,
    CQ_DOORBELL,
];

const NREGS: usize = HEAD.len() + COUNTERS.len() + CONFIG.len();

const fn all_regs() -> [Reg; NREGS] {
    let mut t = [ID; NREGS];
    let mut i = 0;
    while i < HEAD.len() {
        t[i] = HEAD[i];
        i += 1;
    }
    let mut k = 0;
    while k < COUNTERS.len() {
        t[i] = COUNTERS[k];
        i += 1;
        k += 1;
    }
    k = 0;
    while k < CONFIG.len() {
        t[i] = CONFIG[k];
        i += 1;
        k += 1;
    }
    t
}

const ALL_REGS: [Reg; NREGS] = all_regs();

/// Every register, in offset order.
pub const REGS: &[Reg] = &ALL_REGS;

/// Whether register offsets strictly increase through `t` (so no two
/// registers share an offset); [`REGS`] is checked at compile time.
pub const fn offsets_increase(t: &[Reg]) -> bool {
    let mut i = 1;
    while i < t.len() {
        if t[i - 1].offset >= t[i].offset {
            return false;
        }
        i += 1;
    }
    true
}
const _: () = assert!(offsets_increase(REGS));

/// Bytes spanned by the map (one past the last register's last byte).
pub const MAP_LEN: u32 = map_len(REGS);

const fn map_len(t: &[Reg]) -> u32 {
    let mut i = 0;
    let mut end = 0;
    while i < t.len() {
        let e = t[i].offset + t[i].bits / 8;
        if e > end {
            end = e;
        }
        i += 1;
    }
    end
}

/// The register at byte offset `offset`, if any.
pub fn by_offset(offset: u32) -> Option<&'static Reg> {
    REGS.iter().find(|r| r.offset == offset)
}

/// The register named `name`, if any.
pub fn by_name(name: &str) -> Option<&'static Reg> {
    REGS.iter().find(|r| r.name == name)
}

// CAPS.streams must be able to report every stream the state records hold.
const _: () = assert!(MAX_STREAMS as u32 <= mask(CAPS_STREAMS.bits));
