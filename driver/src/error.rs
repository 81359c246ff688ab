//! Typed driver errors with messages that say what to do next.

use braid_spec::regs::ID_MAGIC;
use thiserror::Error;

/// Everything the driver can fail with.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Error {
    /// A register access at an offset that is not a multiple of 4.
    #[error("unaligned register offset 0x{off:03x}: registers are 32 bits wide at 4-byte aligned offsets")]
    Unaligned {
        /// Offending byte offset.
        off: u32,
    },
    /// A register access past the end of the register map.
    #[error("register offset 0x{off:03x} is outside the register map (0x000..0x{len:03x})")]
    OutOfRange {
        /// Offending byte offset.
        off: u32,
        /// Size of the map in bytes.
        len: u32,
    },
    /// An aligned offset inside the map that names no register (a reserved hole).
    #[error("no register at offset 0x{off:03x} (reserved)")]
    NoRegister {
        /// Offending byte offset.
        off: u32,
    },
    /// The driver was asked to write a register the spec defines as read-only.
    #[error("register {name} (0x{off:03x}) is read-only")]
    ReadOnly {
        /// Register name.
        name: &'static str,
        /// Its byte offset.
        off: u32,
    },
    /// The `ID` register does not hold the Braid magic.
    #[error("{}", not_braid(*id, backend))]
    NotBraid {
        /// Value read from `ID`.
        id: u32,
        /// Name of the backend that was opened.
        backend: String,
    },
    /// The register interface version is incompatible with this driver.
    #[error(
        "register interface version mismatch: engine implements {engine_major}.{engine_minor}, \
         this driver needs {driver_major}.x with x >= {driver_minor}; \
         load a bitstream built for this driver or use a driver built for that engine"
    )]
    VersionMismatch {
        /// Major version reported by the engine.
        engine_major: u16,
        /// Minor version reported by the engine.
        engine_minor: u16,
        /// Major version this driver implements.
        driver_major: u16,
        /// Minor version this driver implements.
        driver_minor: u16,
    },
    /// The engine was built from a different braid-spec revision.
    #[error(
        "engine spec hash 0x{engine:08x} does not match this driver's 0x{driver:08x}: \
         the bitstream and the driver were built from different braid-spec revisions; \
         rebuild one of them"
    )]
    SpecHashMismatch {
        /// Hash read from the engine's `SPEC_HASH` register.
        engine: u32,
        /// `braid_spec::SPEC_HASH` this driver was built with.
        driver: u32,
    },
    /// `STATUS.reset_busy` still read 1 after the soft reset's last poll.
    #[error("the engine's soft reset did not finish: STATUS.reset_busy still 1 after {polls} reads (a board whose engine clock is stopped, or a wedged sweep: reload the bitstream)")]
    ResetTimeout {
        /// `STATUS` reads made.
        polls: u32,
    },
    /// A DMA access outside its buffer, or a buffer this backend did not
    /// allocate (or already freed).
    #[error("DMA access [{off}, +{len}) outside buffer {id} of {size} bytes (or the buffer is not allocated)")]
    DmaRange {
        /// Buffer id.
        id: u32,
        /// Offset.
        off: usize,
        /// Access length.
        len: usize,
        /// Buffer size (0 when unknown).
        size: usize,
    },
    /// The backend could not allocate DMA memory.
    #[error("cannot allocate {len} bytes of DMA memory: {why}")]
    DmaAlloc {
        /// Requested length.
        len: usize,
        /// Why.
        why: String,
    },
    /// Posting on a queue pair that is not connected.
    #[error("queue pair {conn} is not connected: call connect() with the peer's parameters first")]
    NotConnected {
        /// Connection id.
        conn: u32,
    },
    /// The queue pair is in the error state.
    #[error("queue pair {conn} is in the error state (a work request failed); destroy it and create a new one")]
    QpError {
        /// Connection id.
        conn: u32,
    },
    /// The send queue has no room for the work requests.
    #[error("send queue of queue pair {conn} is full: {outstanding} of {entries} entries outstanding, {posting} more posted; poll the completion queue first")]
    SendQueueFull {
        /// Connection id.
        conn: u32,
        /// Ring entries.
        entries: u32,
        /// Work requests not completed yet.
        outstanding: u32,
        /// Work requests in this call.
        posting: u32,
    },
    /// A receive queue has no room.
    #[error("receive queue of queue pair {conn} stream {stream} is full ({entries} entries)")]
    RecvQueueFull {
        /// Connection id.
        conn: u32,
        /// Stream.
        stream: u8,
        /// Ring entries.
        entries: u32,
    },
    /// More work outstanding than the completion queue can report.
    #[error("completion queue {cq} would overrun: {outstanding} completions outstanding, {posting} more, {entries} entries; create a bigger CQ or poll first")]
    CqFull {
        /// CQ number.
        cq: u32,
        /// Ring entries.
        entries: u32,
        /// Completions that may still be written.
        outstanding: u32,
        /// Requested by this call.
        posting: u32,
    },
    /// An lkey this context did not register (or deregistered).
    #[error("lkey 0x{lkey:08x} is not a registered memory region of this device")]
    BadLkey {
        /// Key.
        lkey: u32,
    },
    /// A region of another protection domain.
    #[error(
        "lkey 0x{lkey:08x} belongs to protection domain {region_pd}, the queue pair to {qp_pd}"
    )]
    PdMismatch {
        /// Key.
        lkey: u32,
        /// Region's PD.
        region_pd: u32,
        /// Queue pair's PD.
        qp_pd: u32,
    },
    /// A scatter entry outside its memory region.
    #[error("scatter entry [0x{addr:x}, +{len}) is outside the memory region of lkey 0x{lkey:08x} ([0x{start:x}, +{size}))")]
    SgeOutOfRegion {
        /// Key.
        lkey: u32,
        /// Entry address.
        addr: u64,
        /// Entry length.
        len: u64,
        /// Region start.
        start: u64,
        /// Region length.
        size: u64,
    },
    /// The region lacks an access right the operation needs.
    #[error("memory region of lkey 0x{lkey:08x} lacks {need} access")]
    AccessDenied {
        /// Key.
        lkey: u32,
        /// Missing right.
        need: &'static str,
    },
    /// More scatter entries than a work request holds.
    #[error("{n} scatter entries in one work request; this engine takes at most {max}")]
    TooManySge {
        /// Given.
        n: usize,
        /// Maximum.
        max: usize,
    },
    /// A stream the queue pair does not have.
    #[error("stream {stream} out of range: the queue pair has {streams} streams")]
    BadStream {
        /// Given.
        stream: u8,
        /// Streams of the queue pair.
        streams: u8,
    },
    /// An argument out of range.
    #[error("invalid argument: {0}")]
    BadArgument(String),
    /// The backend failed to carry out an access (for example a register
    /// access the co-simulated bus did not answer, or answered with an
    /// error other than the map's own refusals).
    #[error("backend {backend} failed: {why}")]
    Backend {
        /// Name of the backend (`Backend::name`).
        backend: String,
        /// What went wrong.
        why: String,
    },
    /// All objects of a kind are in use.
    #[error("no free {what}: the engine holds {max}")]
    NoResources {
        /// What ran out.
        what: &'static str,
        /// Engine capacity.
        max: u32,
    },
    /// The engine refused a command.
    #[error("engine refused command {cmd}: {reason}")]
    Command {
        /// Command name.
        cmd: &'static str,
        /// Error name and meaning.
        reason: String,
    },
    /// The engine did not finish a command.
    #[error("engine did not finish command {cmd} (CMD_STATUS.busy stuck at 1): the engine is hung or not clocked")]
    CommandTimeout {
        /// Command name.
        cmd: &'static str,
    },
    /// A work request of a perftest loop ([`crate::perf`]) ended otherwise
    /// than it must.
    #[error("work request {wr_id} failed: {what}")]
    WorkFailed {
        /// The request's id.
        wr_id: u64,
        /// Its completion, and what was expected.
        what: String,
    },
    /// A perftest loop saw no completion for too long.
    #[error("no progress for {waited_us} us: {what}")]
    Stalled {
        /// How long it waited.
        waited_us: u64,
        /// Where the run stood.
        what: String,
    },
    /// Connection parameters from the peer could not be parsed.
    #[error("bad connection parameters from the peer: {0}")]
    BadParams(String),
    /// A value written to `SCRATCH` did not read back.
    #[error(
        "scratch register test failed: wrote 0x{wrote:08x}, read back 0x{read:08x} \
         (bits 0x{:08x} differ); register accesses do not reach the engine intact",
        wrote ^ read
    )]
    ScratchMismatch {
        /// Pattern written.
        wrote: u32,
        /// Value read back.
        read: u32,
    },
    /// A PCI address that does not parse.
    #[error(
        "malformed PCI address {input:?}: {why}; expected DDDD:BB:DD.F (e.g. 0000:3b:00.0) \
         or BB:DD.F (e.g. 3b:00.0), in hex"
    )]
    BadPciAddress {
        /// What was given.
        input: String,
        /// What is wrong with it.
        why: String,
    },
    /// sysfs could not be read.
    #[error(
        "cannot read {path}: {why}; is sysfs mounted at the root given \
         (default /sys, `braid devices --sysfs DIR`)?"
    )]
    Sysfs {
        /// File or directory.
        path: String,
        /// The system's error.
        why: String,
    },
    /// No such PCI device in sysfs.
    #[error(
        "PCI device {addr} not found: {path} does not exist; check the address with \
         `braid devices` (or `lspci -D -d 10ee:`) and that the board is seated and powered; \
         after loading a bitstream over JTAG, rescan the bus as root: \
         `echo 1 > /sys/bus/pci/rescan`"
    )]
    PciDeviceAbsent {
        /// Address looked for.
        addr: String,
        /// Its sysfs directory.
        path: String,
    },
    /// The device has no IOMMU group: the IOMMU is off.
    #[error(
        "{addr} has no IOMMU group ({path} is missing): the IOMMU is off. Enable VT-d (Intel) \
         or AMD-Vi/IOMMU (AMD) in the BIOS, add `intel_iommu=on iommu=pt` (Intel) or \
         `amd_iommu=on` (AMD) to the kernel command line and reboot. The last resort \
         without an IOMMU is vfio-pci's noiommu mode \
         (`modprobe vfio enable_unsafe_noiommu_mode=1`), which gives no DMA isolation and \
         which this backend does not support yet (it maps DMA memory through the IOMMU)"
    )]
    NoIommuGroup {
        /// Device address.
        addr: String,
        /// The missing `iommu_group` link.
        path: String,
    },
    /// The device is bound to another driver, or to none.
    #[error("{}", not_bound(addr, driver.as_deref(), sysfs))]
    NotBoundToVfio {
        /// Device address.
        addr: String,
        /// Driver it is bound to, if any.
        driver: Option<String>,
        /// sysfs root (for the commands).
        sysfs: String,
    },
    /// `/dev/vfio/vfio` does not exist.
    #[error(
        "{path} does not exist: the VFIO modules are not loaded; load them as root with \
         `modprobe vfio-pci` (in a container, pass /dev/vfio in)"
    )]
    VfioMissing {
        /// The container device file looked for.
        path: String,
    },
    /// The group's VFIO file does not exist.
    #[error("{}", group_missing(addr, *group, path, noiommu.as_deref()))]
    VfioGroupMissing {
        /// Device address.
        addr: String,
        /// IOMMU group.
        group: u32,
        /// The group file looked for.
        path: String,
        /// The `noiommu-<group>` file found instead, if any.
        noiommu: Option<String>,
    },
    /// The group's VFIO file cannot be opened.
    #[error("{}", group_access(addr, *group, path, why, *busy))]
    VfioGroupAccess {
        /// Device address.
        addr: String,
        /// IOMMU group.
        group: u32,
        /// The group file.
        path: String,
        /// The system's error.
        why: String,
        /// The group is open in another process.
        busy: bool,
    },
    /// Other devices of the IOMMU group keep the group from VFIO.
    #[error("{}", group_not_viable(addr, *group, others, sysfs))]
    VfioGroupNotViable {
        /// Device address.
        addr: String,
        /// IOMMU group.
        group: u32,
        /// The other devices of the group that are in the way: address, driver.
        others: Vec<(String, String)>,
        /// sysfs root (for the commands).
        sysfs: String,
    },
    /// A VFIO operation failed after the checks passed.
    #[error("VFIO {addr}: cannot {op}: {why}")]
    VfioOp {
        /// Device address.
        addr: String,
        /// What was being done.
        op: String,
        /// The error, with a hint where one is known.
        why: String,
    },
}

fn not_braid(id: u32, backend: &str) -> String {
    let hint = match id {
        u32::MAX => "; all ones usually means the device did not answer (not bound, powered down or in reset)",
        0 => "; zero usually means the BAR is not backed by a loaded bitstream",
        _ => "; check that the backend points at BAR0 of a Braid bitstream",
    };
    format!(
        "not a Braid engine: {backend}: ID register reads 0x{id:08x}, expected 0x{ID_MAGIC:08x} (\"BRAI\"){hint}"
    )
}

/// The commands that bind `addr` to vfio-pci, one per line, indented.
fn bind_commands(addr: &str, bound: bool, sysfs: &str) -> String {
    let dev = format!("{sysfs}/bus/pci/devices/{addr}");
    let mut c = String::new();
    if bound {
        c += &format!("\n  echo {addr} > {dev}/driver/unbind");
    }
    c += &format!("\n  echo vfio-pci > {dev}/driver_override");
    c += &format!("\n  echo {addr} > {sysfs}/bus/pci/drivers_probe");
    c
}

fn not_bound(addr: &str, driver: Option<&str>, sysfs: &str) -> String {
    let what = match driver {
        Some(d) => format!("{addr} is bound to driver {d}, not vfio-pci"),
        None => format!("{addr} is not bound to any driver (vfio-pci needed)"),
    };
    format!(
        "{what}; bind it to vfio-pci as root:\n  modprobe vfio-pci{}",
        bind_commands(addr, driver.is_some(), sysfs)
    )
}

fn group_missing(addr: &str, group: u32, path: &str, noiommu: Option<&str>) -> String {
    match noiommu {
        Some(n) => format!(
            "{path} (IOMMU group {group} of {addr}) does not exist, {n} does: VFIO runs in \
             noiommu mode, which this backend does not support (it maps DMA memory through \
             the IOMMU); enable the IOMMU (VT-d/AMD-Vi in the BIOS, `intel_iommu=on iommu=pt` \
             or `amd_iommu=on` on the kernel command line) and load vfio without \
             enable_unsafe_noiommu_mode"
        ),
        None => format!(
            "{path} (IOMMU group {group} of {addr}) does not exist although {addr} is bound to \
             vfio-pci; reload the module as root (`modprobe -r vfio-pci; modprobe vfio-pci`) \
             and, in a container, pass {path} in"
        ),
    }
}

fn group_access(addr: &str, group: u32, path: &str, why: &str, busy: bool) -> String {
    let hint = if busy {
        "the group is open in another process (another braid, a VM or a DPDK application): \
         stop it first"
            .to_string()
    } else {
        format!(
            "run as root, or give your user the group file (as root: `chown <user> {path}`) \
             and let it lock DMA memory (`ulimit -l unlimited`, or a memlock line in \
             /etc/security/limits.conf)"
        )
    };
    format!("cannot open {path} (IOMMU group {group} of {addr}): {why}; {hint}")
}

fn group_not_viable(addr: &str, group: u32, others: &[(String, String)], sysfs: &str) -> String {
    let list: Vec<String> = others
        .iter()
        .map(|(a, d)| format!("{a} (bound to {d})"))
        .collect();
    let mut cmds = String::new();
    for (a, _) in others {
        cmds += &bind_commands(a, true, sysfs);
    }
    format!(
        "IOMMU group {group} of {addr} also holds devices bound to other drivers: {}; VFIO \
         opens a group only when all its devices are bound to vfio-pci (or to no driver): \
         bind them to vfio-pci as root, or move the board to a slot with an IOMMU group of \
         its own:\n  modprobe vfio-pci{cmds}",
        list.join(", ")
    )
}

/// Result with the driver's [`enum@Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;
