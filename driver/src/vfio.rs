//! The VFIO backend: a Braid board through `/dev/vfio`, and PCI device
//! discovery from sysfs.
//!
//! # Discovery
//!
//! [`list_devices`] reads every PCI function under `<root>/bus/pci/devices`
//! (`root` is `/sys` normally, any directory for tests): its `vendor`,
//! `device` and `class` files, the names its `driver` and `iommu_group`
//! symlinks point at, and `numa_node`. [`PciDeviceInfo::is_braid`] picks the
//! functions a Braid bitstream presents: vendor and device id
//! [`braid_spec::pci::VENDOR`]:[`braid_spec::pci::DEVICE`]. Other functions
//! with Xilinx's vendor id ([`PciDeviceInfo::is_xilinx`]) are Alveo cards
//! running something else (a factory or vendor shell). The engine's identity
//! is confirmed once [`crate::Device::open`] has read its `ID` register.
//!
//! # Opening a board
//!
//! [`VfioBackend::open`] first checks what VFIO needs, in this order, and
//! fails with a typed error whose message says what is missing and the
//! commands that fix it ([`check`] runs the same checks alone, for
//! `braid devices`):
//!
//! 1. the device is in sysfs ([`Error::PciDeviceAbsent`]);
//! 2. it has an IOMMU group ([`Error::NoIommuGroup`]: the IOMMU is off);
//! 3. it is bound to `vfio-pci` ([`Error::NotBoundToVfio`]);
//! 4. `/dev/vfio/vfio` exists ([`Error::VfioMissing`]: modules not loaded);
//! 5. `/dev/vfio/<group>` exists and opens for reading and writing
//!    ([`Error::VfioGroupMissing`], [`Error::VfioGroupAccess`]);
//! 6. every other device of the IOMMU group is bound to `vfio-pci`, to no
//!    driver, to `pci-stub`, or is a PCI bridge, as the kernel requires of a
//!    usable ("viable") group ([`Error::VfioGroupNotViable`]).
//!
//! Then it opens the device with the `pci-driver` crate (a VFIO container
//! holding the device's group, IOMMU type 1), resets the function
//! (`VFIO_DEVICE_RESET`: a function-level reset where the device has one; a
//! device without one is opened as it is, with a warning in the log), enables
//! memory decoding and bus mastering and maps BAR0, through which
//! [`Backend::read32`] and [`Backend::write32`] go (read and write
//! system calls when the BAR cannot be mapped). Failures there are
//! [`Error::VfioOp`].
//!
//! # DMA memory
//!
//! [`Backend::dma_alloc`] takes an anonymous memory mapping (`memmap2`,
//! zeroed, not inherited by child processes), maps it through the IOMMU
//! (which pins it) at a device address from an [`IovaAllocator`] over the
//! IOVA ranges the IOMMU reports (aligned to the IOMMU page, never
//! overlapping, an unmapped guard page after each buffer, address 0 never
//! used). [`Backend::dma_free`] unmaps it from the IOMMU before the memory is
//! released. Pinned memory counts against the locked-memory limit
//! (`ulimit -l`) of a non-root user. Hugepages are not needed.
//!
//! # Closing
//!
//! Dropping the backend turns bus mastering off, resets the function, unmaps
//! every DMA buffer from the IOMMU and frees it, then closes the device.
//!
//! # Interrupts
//!
//! Not implemented yet: [`Backend::wait_event`] returns `Ok(false)` at once
//! and the driver polls. (VFIO can deliver MSI/MSI-X through eventfds; that is
//! the way to add it.)
//!
//! # What this machine can test
//!
//! Everything up to the VFIO open: the checks run against fake sysfs and
//! `/dev` trees (`open_with_root`). The `pci-driver` crate always opens the
//! real `/dev/vfio/vfio` and `/dev/vfio/<group>`, so past the checks a fake
//! tree reaches the real files; on a machine without VFIO that fails with
//! [`Error::VfioOp`].

use std::collections::BTreeMap;
use std::fmt;
use std::fs;
use std::io;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::sync::atomic::{fence, Ordering};
use std::time::Duration;

use braid_spec::bar0::Bar0;
use braid_spec::regs::MAP_LEN;
use memmap2::MmapMut;
use pci_driver::backends::vfio::VfioPciDevice;
use pci_driver::device::PciDevice;
use pci_driver::regions::{PciRegion, Permissions};

use crate::backend::{Backend, DmaBuf};
use crate::{Error, Result};

/// PCI vendor id of Xilinx (AMD), the vendor of Alveo boards.
pub const XILINX_VENDOR: u16 = 0x10ee;
/// Default sysfs root.
pub const DEFAULT_SYSFS: &str = "/sys";
/// Default device-file root (VFIO files are under `<root>/vfio`).
pub const DEFAULT_DEV: &str = "/dev";
/// The kernel driver a device must be bound to.
pub const VFIO_DRIVER: &str = "vfio-pci";

/// Largest DMA buffer [`VfioBackend`] allocates (1 TiB).
const DMA_MAX: usize = 1 << 40;
/// Smallest IOVA alignment used (the x86 page).
const PAGE: u64 = 4096;

/// A PCI function address: domain, bus, device, function.
///
/// Parses `DDDD:BB:DD.F` (`0000:3b:00.0`) and the short `BB:DD.F`
/// (`3b:00.0`, domain 0), hex digits of either case; displays as sysfs names
/// it (`0000:3b:00.0`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PciAddr {
    /// PCI domain (segment).
    pub domain: u32,
    /// Bus number.
    pub bus: u8,
    /// Device number, 0..32.
    pub device: u8,
    /// Function number, 0..8.
    pub function: u8,
}

impl fmt::Display for PciAddr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:04x}:{:02x}:{:02x}.{:x}",
            self.domain, self.bus, self.device, self.function
        )
    }
}

impl FromStr for PciAddr {
    type Err = Error;

    fn from_str(s: &str) -> Result<Self> {
        let bad = |why: String| Error::BadPciAddress {
            input: s.to_string(),
            why,
        };
        let hex = |part: &str, what: &str, digits: Range<usize>| -> Result<u32> {
            if !digits.contains(&part.len()) || !part.bytes().all(|b| b.is_ascii_hexdigit()) {
                let n = if digits.len() == 1 {
                    format!("{}", digits.start)
                } else {
                    format!("{} to {}", digits.start, digits.end - 1)
                };
                return Err(bad(format!("{what} {part:?} is not {n} hex digits")));
            }
            u32::from_str_radix(part, 16).map_err(|e| bad(format!("{what} {part:?}: {e}")))
        };
        let t = s.trim();
        if t.is_empty() {
            return Err(bad("empty".into()));
        }
        let (head, function) = t
            .rsplit_once('.')
            .ok_or_else(|| bad("no '.' before the function number".into()))?;
        let parts: Vec<&str> = head.split(':').collect();
        let (domain, bus, device) = match parts.as_slice() {
            [b, d] => (0, *b, *d),
            [dom, b, d] => (hex(dom, "domain", 4..9)?, *b, *d),
            _ => {
                return Err(bad(format!(
                    "{} ':'-separated parts before the '.', expected 2 or 3",
                    parts.len()
                )))
            }
        };
        let bus = hex(bus, "bus", 2..3)?;
        let device = hex(device, "device", 2..3)?;
        let function = hex(function, "function", 1..2)?;
        if device >= 32 {
            return Err(bad(format!("device 0x{device:02x} is above 0x1f")));
        }
        if function >= 8 {
            return Err(bad(format!("function {function} is above 7")));
        }
        Ok(PciAddr {
            domain,
            bus: bus as u8,
            device: device as u8,
            function: function as u8,
        })
    }
}

/// What sysfs says about one PCI function.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PciDeviceInfo {
    /// Its address.
    pub addr: PciAddr,
    /// Vendor id (`vendor`).
    pub vendor: u16,
    /// Device id (`device`).
    pub device: u16,
    /// Class code, 24 bits: class, subclass, programming interface (`class`).
    pub class: u32,
    /// Name of the kernel driver it is bound to (`driver` symlink), if any.
    pub driver: Option<String>,
    /// IOMMU group number (`iommu_group` symlink); `None` when the IOMMU is off.
    pub iommu_group: Option<u32>,
    /// NUMA node (`numa_node`); `None` when the kernel does not know (-1) or
    /// the file is absent.
    pub numa_node: Option<u32>,
}

impl PciDeviceInfo {
    /// Whether this function is a Braid board: the vendor and device id of
    /// a Braid bitstream ([`braid_spec::pci`]). [`crate::Device::open`]
    /// confirms it from the engine's `ID` register.
    pub fn is_braid(&self) -> bool {
        self.vendor == braid_spec::pci::VENDOR && self.device == braid_spec::pci::DEVICE
    }

    /// Whether this function is a Xilinx (Alveo) device, Braid or not.
    pub fn is_xilinx(&self) -> bool {
        self.vendor == XILINX_VENDOR
    }

    /// Whether the kernel lets this device sit in an IOMMU group used through
    /// VFIO by another device: bound to a VFIO driver, to `pci-stub` or
    /// `pcieport`, to no driver, or a PCI-to-PCI or CardBus bridge.
    pub fn vfio_group_compatible(&self) -> bool {
        let bridge = matches!(self.class >> 8, 0x0604 | 0x0607);
        bridge
            || match self.driver.as_deref() {
                None => true,
                Some(d) => d.starts_with("vfio") || d == "pci-stub" || d == "pcieport",
            }
    }
}

/// Only the Braid boards ([`PciDeviceInfo::is_braid`]).
pub fn braid_boards(devices: Vec<PciDeviceInfo>) -> Vec<PciDeviceInfo> {
    devices
        .into_iter()
        .filter(PciDeviceInfo::is_braid)
        .collect()
}

fn sysfs_err(path: &Path, why: impl fmt::Display) -> Error {
    Error::Sysfs {
        path: path.display().to_string(),
        why: why.to_string(),
    }
}

fn read_trimmed(path: &Path) -> Result<String> {
    fs::read_to_string(path)
        .map(|s| s.trim().to_string())
        .map_err(|e| sysfs_err(path, e))
}

fn read_hex(path: &Path) -> Result<u32> {
    let s = read_trimmed(path)?;
    let digits = s.strip_prefix("0x").unwrap_or(&s);
    u32::from_str_radix(digits, 16)
        .map_err(|_| sysfs_err(path, format!("{s:?} is not a hex number")))
}

/// File name of the target of symlink `path`, `None` when there is no link.
fn link_name(path: &Path) -> Result<Option<String>> {
    match fs::read_link(path) {
        Ok(t) => Ok(t.file_name().map(|n| n.to_string_lossy().into_owned())),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(sysfs_err(path, e)),
    }
}

fn devices_dir(sysfs_root: &Path) -> PathBuf {
    sysfs_root.join("bus/pci/devices")
}

fn read_at(dir: &Path, addr: PciAddr) -> Result<PciDeviceInfo> {
    let vendor = read_hex(&dir.join("vendor"))?;
    let device = read_hex(&dir.join("device"))?;
    let class = read_hex(&dir.join("class"))?;
    let driver = link_name(&dir.join("driver"))?;
    let group_link = dir.join("iommu_group");
    let iommu_group = match link_name(&group_link)? {
        None => None,
        Some(n) => Some(n.parse().map_err(|_| {
            sysfs_err(
                &group_link,
                format!("points at {n:?}, not an IOMMU group number"),
            )
        })?),
    };
    let numa_path = dir.join("numa_node");
    let numa_node = match fs::read_to_string(&numa_path) {
        Ok(s) => {
            let n: i64 = s
                .trim()
                .parse()
                .map_err(|_| sysfs_err(&numa_path, format!("{:?} is not a number", s.trim())))?;
            u32::try_from(n).ok()
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => None,
        Err(e) => return Err(sysfs_err(&numa_path, e)),
    };
    Ok(PciDeviceInfo {
        addr,
        vendor: vendor as u16,
        device: device as u16,
        class,
        driver,
        iommu_group,
        numa_node,
    })
}

/// What sysfs under `sysfs_root` says about PCI function `addr`;
/// [`Error::PciDeviceAbsent`] when there is no such function.
pub fn read_device(sysfs_root: impl AsRef<Path>, addr: PciAddr) -> Result<PciDeviceInfo> {
    let dir = devices_dir(sysfs_root.as_ref()).join(addr.to_string());
    if !dir.exists() {
        return Err(Error::PciDeviceAbsent {
            addr: addr.to_string(),
            path: dir.display().to_string(),
        });
    }
    read_at(&dir, addr)
}

/// Every PCI function under `<sysfs_root>/bus/pci/devices`, in address
/// order. Entries whose names are not PCI addresses are skipped.
pub fn list_devices(sysfs_root: impl AsRef<Path>) -> Result<Vec<PciDeviceInfo>> {
    let dir = devices_dir(sysfs_root.as_ref());
    let entries = fs::read_dir(&dir).map_err(|e| sysfs_err(&dir, e))?;
    let mut out = Vec::new();
    for entry in entries {
        let entry = entry.map_err(|e| sysfs_err(&dir, e))?;
        let name = entry.file_name();
        let Some(addr) = name.to_str().and_then(|n| n.parse::<PciAddr>().ok()) else {
            log::debug!("{}: skipping {:?}: not a PCI address", dir.display(), name);
            continue;
        };
        out.push(read_at(&entry.path(), addr)?);
    }
    out.sort_by_key(|d| d.addr);
    Ok(out)
}

/// A device that passed every check of [`check`]: VFIO can open it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VfioTarget {
    /// What sysfs says about it.
    pub info: PciDeviceInfo,
    /// Its IOMMU group.
    pub group: u32,
    /// Its sysfs directory.
    pub sysfs_path: PathBuf,
    /// Its VFIO group file (`<dev>/vfio/<group>`).
    pub group_file: PathBuf,
}

/// Check that VFIO can open PCI function `addr`, with sysfs at `sysfs_root`
/// and device files at `dev_root`; the first missing piece is the error (see
/// the [module documentation](self) for the order). The group file is
/// opened and closed again to check access.
pub fn check(
    sysfs_root: impl AsRef<Path>,
    dev_root: impl AsRef<Path>,
    addr: PciAddr,
) -> Result<VfioTarget> {
    let sysfs_root = sysfs_root.as_ref();
    let dev_root = dev_root.as_ref();
    let a = addr.to_string();
    let sysfs_path = devices_dir(sysfs_root).join(&a);
    let info = read_device(sysfs_root, addr)?;
    let Some(group) = info.iommu_group else {
        return Err(Error::NoIommuGroup {
            addr: a,
            path: sysfs_path.join("iommu_group").display().to_string(),
        });
    };
    if info.driver.as_deref() != Some(VFIO_DRIVER) {
        return Err(Error::NotBoundToVfio {
            addr: a,
            driver: info.driver.clone(),
            sysfs: sysfs_root.display().to_string(),
        });
    }
    let vfio_dir = dev_root.join("vfio");
    let container = vfio_dir.join("vfio");
    if !container.exists() {
        return Err(Error::VfioMissing {
            path: container.display().to_string(),
        });
    }
    let group_file = vfio_dir.join(group.to_string());
    if !group_file.exists() {
        let noiommu = vfio_dir.join(format!("noiommu-{group}"));
        return Err(Error::VfioGroupMissing {
            addr: a,
            group,
            path: group_file.display().to_string(),
            noiommu: noiommu.exists().then(|| noiommu.display().to_string()),
        });
    }
    if let Err(e) = fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open(&group_file)
    {
        return Err(Error::VfioGroupAccess {
            addr: a,
            group,
            path: group_file.display().to_string(),
            why: e.to_string(),
            busy: e.raw_os_error() == Some(libc::EBUSY),
        });
    }
    let others: Vec<(String, String)> = list_devices(sysfs_root)?
        .into_iter()
        .filter(|d| d.addr != addr && d.iommu_group == Some(group) && !d.vfio_group_compatible())
        .map(|d| (d.addr.to_string(), d.driver.unwrap_or_default()))
        .collect();
    if !others.is_empty() {
        return Err(Error::VfioGroupNotViable {
            addr: a,
            group,
            others,
            sysfs: sysfs_root.display().to_string(),
        });
    }
    Ok(VfioTarget {
        info,
        group,
        sysfs_path,
        group_file,
    })
}

/// A simple allocator of device addresses (IOVAs) over the ranges an IOMMU
/// accepts: first fit, every block aligned to `align` and followed by an
/// unallocated guard page of `align` bytes, freed blocks coalesced with their
/// neighbours, address 0 never handed out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IovaAllocator {
    /// Free space: start -> end (exclusive), disjoint, not touching.
    free: BTreeMap<u64, u64>,
    align: u64,
}

impl IovaAllocator {
    /// An allocator over `ranges` (end exclusive) with alignment `align` (a
    /// power of two; at least 4096 is used). Ranges are trimmed to the
    /// alignment; the first aligned page is kept out so address 0 is never used.
    pub fn new(ranges: &[Range<u64>], align: u64) -> Self {
        let align = align.max(PAGE).next_power_of_two();
        let mut a = IovaAllocator {
            free: BTreeMap::new(),
            align,
        };
        for r in ranges {
            let start = r.start.max(align).div_ceil(align).saturating_mul(align);
            let end = r.end / align * align;
            if start < end {
                a.insert_free(start, end);
            }
        }
        a
    }

    /// The alignment of every block.
    pub fn align(&self) -> u64 {
        self.align
    }

    /// Address space a block of `len` bytes takes, guard page included.
    fn footprint(&self, len: u64) -> Option<u64> {
        len.checked_next_multiple_of(self.align)?
            .checked_add(self.align)
    }

    /// Bytes not allocated (guard pages of live blocks count as allocated).
    pub fn free_bytes(&self) -> u64 {
        self.free.iter().map(|(s, e)| e - s).sum()
    }

    /// A block of `len` bytes (`len` > 0): its aligned start, or `None` when
    /// no free range is large enough.
    pub fn alloc(&mut self, len: u64) -> Option<u64> {
        if len == 0 {
            return None;
        }
        let fp = self.footprint(len)?;
        let (&start, &end) = self.free.iter().find(|(s, e)| *e - *s >= fp)?;
        self.free.remove(&start);
        if start + fp < end {
            self.free.insert(start + fp, end);
        }
        Some(start)
    }

    /// Return the block at `iova` of `len` bytes (as given to
    /// [`IovaAllocator::alloc`]). `false`, changing nothing, when that is not
    /// a block: unaligned, empty, or overlapping free space (a double free).
    pub fn free(&mut self, iova: u64, len: u64) -> bool {
        if len == 0 || iova % self.align != 0 {
            return false;
        }
        let Some(end) = self.footprint(len).and_then(|fp| iova.checked_add(fp)) else {
            return false;
        };
        let overlaps = self
            .free
            .range(..end)
            .next_back()
            .is_some_and(|(_, &e)| e > iova);
        if overlaps {
            return false;
        }
        self.insert_free(iova, end);
        true
    }

    /// Add [start, end) to the free space, merging with touching ranges.
    fn insert_free(&mut self, mut start: u64, mut end: u64) {
        if let Some((&s, &e)) = self.free.range(..=start).next_back() {
            if e >= start {
                self.free.remove(&s);
                start = s;
                end = end.max(e);
            }
        }
        while let Some((&s, &e)) = self.free.range(start..).next() {
            if s > end {
                break;
            }
            self.free.remove(&s);
            end = end.max(e);
        }
        self.free.insert(start, end);
    }
}

/// One live DMA buffer.
struct DmaRegion {
    /// The anonymous mapping holding it (kept until the IOMMU mapping is gone).
    map: MmapMut,
    /// Offset of the buffer in `map` (non-zero only when the IOMMU page is
    /// larger than the CPU page).
    off: usize,
    /// Length asked for.
    len: usize,
    /// Bytes mapped through the IOMMU (`len` rounded up to the IOMMU page).
    mapped: usize,
    iova: u64,
}

/// BAR0 mapped into this process, as braid-spec's [`Bar0`].
struct RegsPtr(*const Bar0);

impl RegsPtr {
    #[allow(unsafe_code)]
    fn get(&self) -> &Bar0 {
        // SAFETY: the pointer is the start of BAR0's mapping, which is at
        // least `MAP_LEN` bytes (the size of `Bar0`) and 4-byte aligned
        // (checked at open), and lives in `VfioBackend::bar0`, dropped
        // with this pointer's owner; the cells are only accessed through
        // volatile loads and stores.
        unsafe { &*self.0 }
    }
}

/// BAR0 and DMA memory of a Braid board reached through VFIO.
pub struct VfioBackend {
    name: String,
    target: VfioTarget,
    bar0: Box<dyn PciRegion>,
    bar0_len: u64,
    /// BAR0 as braid-spec's register struct, when it is mapped into memory
    /// (register accesses then go through its `volatile-register` cells).
    regs: Option<RegsPtr>,
    dma: Vec<Option<DmaRegion>>,
    iova: IovaAllocator,
    /// Mappings the IOMMU accepted at open, and live ones.
    max_mappings: u32,
    live_mappings: u32,
    dev: VfioPciDevice,
}

impl fmt::Debug for VfioBackend {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("VfioBackend")
            .field("name", &self.name)
            .field("group", &self.target.group)
            .field("bar0_len", &self.bar0_len)
            .field("dma_buffers", &self.dma_buffers())
            .finish()
    }
}

/// A hint for a failed VFIO system call, from its error.
fn io_hint(e: &io::Error) -> &'static str {
    match e.raw_os_error() {
        Some(libc::EBUSY) => {
            "; the device or its group is in use by another process (another braid, a VM or a DPDK application)"
        }
        Some(libc::EPERM) | Some(libc::EACCES) => {
            "; run as root, or chown the /dev/vfio group file to your user and raise the locked-memory limit (`ulimit -l unlimited`)"
        }
        Some(libc::ENOMEM) => {
            "; pinned DMA memory counts against the locked-memory limit: raise it (`ulimit -l unlimited`, or memlock in /etc/security/limits.conf)"
        }
        Some(libc::ENOENT) | Some(libc::ENODEV) => {
            "; the VFIO files are missing: check /dev/vfio (`modprobe vfio-pci`) and the device's binding (`braid devices`)"
        }
        _ if e.to_string().contains("not viable") => {
            "; bind every device of the IOMMU group to vfio-pci (`braid devices` lists what is missing)"
        }
        _ => "",
    }
}

impl VfioBackend {
    /// Open PCI function `addr` (`0000:3b:00.0` or `3b:00.0`) through VFIO
    /// with the real `/sys` and `/dev`.
    pub fn open(addr: &str) -> Result<Self> {
        Self::open_with_root(DEFAULT_SYSFS, DEFAULT_DEV, addr)
    }

    /// [`VfioBackend::open`] with sysfs at `sysfs_root` and device files at
    /// `dev_root` for the checks (see the [module documentation](self): the
    /// open itself always uses the real `/dev/vfio`).
    pub fn open_with_root(
        sysfs_root: impl AsRef<Path>,
        dev_root: impl AsRef<Path>,
        addr: &str,
    ) -> Result<Self> {
        let addr: PciAddr = addr.parse()?;
        let target = check(sysfs_root, dev_root, addr)?;
        let a = addr.to_string();
        let op_err = |op: &str, e: io::Error| Error::VfioOp {
            addr: a.clone(),
            op: op.to_string(),
            why: format!("{e}{}", io_hint(&e)),
        };
        let dev = VfioPciDevice::open(&target.sysfs_path)
            .map_err(|e| op_err("open the device through VFIO", e))?;
        let name = format!("vfio {a}");
        match dev.reset() {
            Ok(()) => log::debug!("{name}: function reset"),
            Err(e) => log::warn!(
                "{name}: no function reset ({e}); the engine keeps the state it had before"
            ),
        }
        let command = dev.config().command();
        command
            .memory_space_enable()
            .write(true)
            .map_err(|e| op_err("enable memory decoding", e))?;
        command
            .bus_master_enable()
            .write(true)
            .map_err(|e| op_err("enable bus mastering", e))?;
        let bar = dev.bar(0).ok_or_else(|| Error::VfioOp {
            addr: a.clone(),
            op: "find BAR0".into(),
            why: "the function has no BAR0; Alveo shells expose a management and a user \
                  function: open the function that carries the Braid engine"
                .into(),
        })?;
        let bar0_len = bar.len();
        let (bar0, regs): (Box<dyn PciRegion>, Option<RegsPtr>) = if bar.is_mappable() {
            let m = bar
                .map(.., Permissions::ReadWrite)
                .map_err(|e| op_err("map BAR0", e))?;
            let p = m.as_ptr();
            let fits =
                bar0_len >= u64::from(MAP_LEN) && (p as usize) % std::mem::align_of::<Bar0>() == 0;
            (Box::new(m), fits.then_some(RegsPtr(p as *const Bar0)))
        } else {
            log::info!("{name}: BAR0 cannot be mapped; register accesses use read/write calls");
            (Box::new(bar), None)
        };
        let iommu = dev.iommu();
        let iova = IovaAllocator::new(iommu.valid_iova_ranges(), iommu.alignment() as u64);
        let max_mappings = iommu.max_num_mappings();
        log::info!(
            "{name}: IOMMU group {}, BAR0 {bar0_len} bytes, IOVA alignment {}, {} bytes of IOVA space",
            target.group,
            iova.align(),
            iova.free_bytes()
        );
        Ok(VfioBackend {
            name,
            target,
            bar0,
            bar0_len,
            regs,
            dma: Vec::new(),
            iova,
            max_mappings,
            live_mappings: 0,
            dev,
        })
    }

    /// The device that was opened, as sysfs described it, with its group.
    pub fn target(&self) -> &VfioTarget {
        &self.target
    }

    /// Size of BAR0 in bytes.
    pub fn bar0_len(&self) -> u64 {
        self.bar0_len
    }

    /// Live DMA buffers.
    pub fn dma_buffers(&self) -> usize {
        self.dma.iter().filter(|b| b.is_some()).count()
    }

    fn reg_offset(&self, off: u32) -> Result<u64> {
        if off % 4 != 0 {
            return Err(Error::Unaligned { off });
        }
        if u64::from(off) + 4 > self.bar0_len {
            return Err(Error::OutOfRange {
                off,
                len: u32::try_from(self.bar0_len).unwrap_or(u32::MAX),
            });
        }
        Ok(u64::from(off))
    }

    fn region(&self, buf: &DmaBuf, off: usize, len: usize) -> Result<&DmaRegion> {
        let err = |size| Error::DmaRange {
            id: buf.id,
            off,
            len,
            size,
        };
        match self.dma.get(buf.id as usize) {
            Some(Some(r)) if r.iova == buf.iova => {
                if off.checked_add(len).is_some_and(|e| e <= r.len) {
                    Ok(r)
                } else {
                    Err(err(r.len))
                }
            }
            _ => Err(err(0)),
        }
    }

    /// Map `len` bytes at `ptr` for the device at `iova`.
    ///
    /// `ptr..ptr + len` must lie in a mapping that stays alive until
    /// [`PciIommu::unmap`](pci_driver::iommu::PciIommu::unmap) of this range.
    #[allow(unsafe_code)]
    fn iommu_map(&self, iova: u64, len: usize, ptr: *const u8) -> io::Result<()> {
        // SAFETY: callers pass a range inside an anonymous mapping owned by a
        // `DmaRegion` that is kept (in `self.dma`) until this IOVA range has
        // been unmapped (`dma_free` and `Drop` unmap before they drop the
        // mapping); the IOVA range comes from `self.iova`, which hands out
        // each address once, so no other mapping is replaced.
        unsafe { self.dev.iommu().map(iova, len, ptr, Permissions::ReadWrite) }
    }
}

/// `v` into the register at `off` of `bar` (BAR0 mapped).
#[allow(unsafe_code)]
fn write_reg(bar: &Bar0, off: u32, v: u32) -> Result<()> {
    // SAFETY: `bar` is the device's BAR0 mapping (`RegsPtr`); the store is
    // the register write the caller asked for.
    unsafe { bar.write(off, v) }.map_err(|_| match braid_spec::regs::by_offset(off) {
        Some(r) => Error::ReadOnly { name: r.name, off },
        None => Error::NoRegister { off },
    })
}

impl Backend for VfioBackend {
    fn read32(&self, off: u32) -> Result<u32> {
        let o = self.reg_offset(off)?;
        if let Some(r) = &self.regs {
            return r.get().read(off).ok_or(Error::NoRegister { off });
        }
        self.bar0.read_le_u32(o).map_err(|e| Error::VfioOp {
            addr: self.target.info.addr.to_string(),
            op: format!("read BAR0 offset 0x{off:03x}"),
            why: e.to_string(),
        })
    }

    fn write32(&mut self, off: u32, v: u32) -> Result<()> {
        let o = self.reg_offset(off)?;
        // DMA memory written before this register write (a doorbell) must be
        // in memory first.
        fence(Ordering::SeqCst);
        if let Some(r) = &self.regs {
            return write_reg(r.get(), off, v);
        }
        self.bar0.write_le_u32(o, v).map_err(|e| Error::VfioOp {
            addr: self.target.info.addr.to_string(),
            op: format!("write BAR0 offset 0x{off:03x}"),
            why: e.to_string(),
        })
    }

    fn name(&self) -> &str {
        &self.name
    }

    fn dma_alloc(&mut self, len: usize) -> Result<DmaBuf> {
        let fail = |why: String| Error::DmaAlloc { len, why };
        if len == 0 || len > DMA_MAX {
            return Err(fail("length must be 1 byte to 1 TiB".into()));
        }
        if self.live_mappings >= self.max_mappings {
            return Err(fail(format!(
                "the IOMMU takes at most {} DMA mappings at a time; free buffers, or raise the \
                 limit (`modprobe vfio_iommu_type1 dma_entry_limit=N`)",
                self.max_mappings
            )));
        }
        let align = self.iova.align() as usize;
        let mapped = len.next_multiple_of(align);
        // The CPU page may be smaller than the IOMMU page: take room to align.
        let extra = if align as u64 > PAGE { align } else { 0 };
        let map = MmapMut::map_anon(mapped + extra).map_err(|e| {
            fail(format!(
                "anonymous mapping of {} bytes: {e}",
                mapped + extra
            ))
        })?;
        if let Err(e) = map.advise(memmap2::Advice::DontFork) {
            log::warn!("{}: madvise(DONTFORK) on DMA memory: {e}", self.name);
        }
        let base = map.as_ptr() as usize;
        let off = base.next_multiple_of(align) - base;
        let iova = self.iova.alloc(mapped as u64).ok_or_else(|| {
            fail(format!(
                "IOVA space exhausted ({} bytes free in ranges the IOMMU accepts)",
                self.iova.free_bytes()
            ))
        })?;
        if let Err(e) = self.iommu_map(iova, mapped, map[off..].as_ptr()) {
            self.iova.free(iova, mapped as u64);
            return Err(fail(format!("IOMMU mapping failed: {e}{}", io_hint(&e))));
        }
        self.live_mappings += 1;
        let id = match self.dma.iter().position(Option::is_none) {
            Some(i) => i,
            None => {
                self.dma.push(None);
                self.dma.len() - 1
            }
        };
        self.dma[id] = Some(DmaRegion {
            map,
            off,
            len,
            mapped,
            iova,
        });
        Ok(DmaBuf {
            id: id as u32,
            iova,
            len,
        })
    }

    fn dma_free(&mut self, buf: &DmaBuf) -> Result<()> {
        let r = self.region(buf, 0, 0)?;
        let (iova, mapped) = (r.iova, r.mapped);
        self.dev
            .iommu()
            .unmap(iova, mapped)
            .map_err(|e| Error::VfioOp {
                addr: self.target.info.addr.to_string(),
                op: format!("unmap DMA buffer {} at IOVA 0x{iova:x}", buf.id),
                why: e.to_string(),
            })?;
        self.live_mappings -= 1;
        self.iova.free(iova, mapped as u64);
        self.dma[buf.id as usize] = None;
        Ok(())
    }

    fn dma_read(&self, buf: &DmaBuf, off: usize, out: &mut [u8]) -> Result<()> {
        let r = self.region(buf, off, out.len())?;
        // What the device wrote before the event that led here is read now.
        fence(Ordering::SeqCst);
        out.copy_from_slice(&r.map[r.off + off..r.off + off + out.len()]);
        Ok(())
    }

    fn dma_write(&mut self, buf: &DmaBuf, off: usize, data: &[u8]) -> Result<()> {
        self.region(buf, off, data.len())?;
        let Some(Some(r)) = self.dma.get_mut(buf.id as usize) else {
            unreachable!("checked by region");
        };
        let start = r.off + off;
        r.map[start..start + data.len()].copy_from_slice(data);
        fence(Ordering::SeqCst);
        Ok(())
    }

    /// No interrupts yet: returns `Ok(false)` at once, the caller polls.
    fn wait_event(&mut self, timeout: Duration) -> Result<bool> {
        let _ = timeout;
        Ok(false)
    }
}

impl Drop for VfioBackend {
    fn drop(&mut self) {
        // Stop the engine's DMA before its memory goes.
        if let Err(e) = self.dev.config().command().bus_master_enable().write(false) {
            log::warn!("{}: disabling bus mastering: {e}", self.name);
        }
        if let Err(e) = self.dev.reset() {
            log::debug!("{}: no function reset on close: {e}", self.name);
        }
        for slot in &mut self.dma {
            if let Some(r) = slot.take() {
                if let Err(e) = self.dev.iommu().unmap(r.iova, r.mapped) {
                    // The kernel keeps the pages pinned until the container
                    // closes just below; the device no longer masters the bus.
                    log::warn!(
                        "{}: unmapping DMA buffer at IOVA 0x{:x}: {e}",
                        self.name,
                        r.iova
                    );
                }
            }
        }
        log::debug!("{}: closed", self.name);
    }
}
