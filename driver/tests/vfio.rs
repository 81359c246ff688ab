//! VFIO backend and device discovery against fake sysfs and /dev trees
//! (std only, no root needed), the IOVA allocator, the real machine's sysfs
//! (read only). The `braid` command's tests are in braid-cli.

#[path = "common/sysfs.rs"]
mod sysfs;

use std::fs;
use std::io;
use std::os::unix::fs::PermissionsExt;
use std::path::Path;

use braid_driver::vfio::{
    self, braid_boards, list_devices, IovaAllocator, PciAddr, PciDeviceInfo, VfioTarget,
};
use braid_driver::{Error, VfioBackend};
use sysfs::{three_devices, Dev, Tree, BOARD};

fn msg<T: std::fmt::Debug>(r: Result<T, Error>) -> String {
    r.expect_err("expected an error").to_string()
}

fn addr(s: &str) -> PciAddr {
    s.parse().unwrap()
}

// ---------------------------------------------------------------- addresses

#[test]
fn pci_addresses_parse_in_both_forms() {
    let a = PciAddr {
        domain: 0,
        bus: 0x3b,
        device: 0,
        function: 0,
    };
    assert_eq!("0000:3b:00.0".parse::<PciAddr>(), Ok(a));
    assert_eq!("3b:00.0".parse::<PciAddr>(), Ok(a));
    assert_eq!(" 0000:3B:00.0\n".parse::<PciAddr>(), Ok(a));
    let b: PciAddr = "10000:af:1f.7".parse().unwrap();
    assert_eq!(
        b,
        PciAddr {
            domain: 0x10000,
            bus: 0xaf,
            device: 0x1f,
            function: 7
        }
    );
    assert_eq!(a.to_string(), "0000:3b:00.0");
    assert_eq!(b.to_string(), "10000:af:1f.7");
    assert_eq!(addr("ff:1f.7").to_string(), "0000:ff:1f.7");
}

#[test]
fn malformed_pci_addresses_say_what_is_wrong() {
    let tail = "; expected DDDD:BB:DD.F (e.g. 0000:3b:00.0) or BB:DD.F (e.g. 3b:00.0), in hex";
    for (input, why) in [
        ("", "empty"),
        ("3b:00", "no '.' before the function number"),
        ("zz:00.0", "bus \"zz\" is not 2 hex digits"),
        ("3b:0.0", "device \"0\" is not 2 hex digits"),
        ("00:3b:00.0", "domain \"00\" is not 4 to 8 hex digits"),
        ("0000:3b:00.8", "function 8 is above 7"),
        ("0000:3b:20.0", "device 0x20 is above 0x1f"),
        ("0000:3b:00.x", "function \"x\" is not 1 hex digits"),
        (
            "1:0000:3b:00.0",
            "4 ':'-separated parts before the '.', expected 2 or 3",
        ),
    ] {
        let e = input.parse::<PciAddr>().unwrap_err();
        assert_eq!(
            e,
            Error::BadPciAddress {
                input: input.into(),
                why: why.into()
            }
        );
        assert_eq!(
            e.to_string(),
            format!("malformed PCI address {input:?}: {why}{tail}")
        );
    }
    // the same error from open, before anything is looked at
    assert_eq!(
        msg(VfioBackend::open("3b:00")),
        format!("malformed PCI address \"3b:00\": no '.' before the function number{tail}")
    );
}

// ---------------------------------------------------------------- discovery

#[test]
fn discovery_reads_every_field() {
    let t = three_devices();
    let devs = list_devices(t.sys()).unwrap();
    assert_eq!(
        devs,
        vec![
            PciDeviceInfo {
                addr: addr("0000:00:03.0"),
                vendor: 0x8086,
                device: 0x10fb,
                class: 0x020000,
                driver: Some("ixgbe".into()),
                iommu_group: None,
                numa_node: None,
            },
            PciDeviceInfo {
                addr: addr("0000:3b:00.0"),
                vendor: 0x10ee,
                device: 0xb4a1,
                class: 0x058000,
                driver: Some("vfio-pci".into()),
                iommu_group: Some(17),
                numa_node: Some(1),
            },
            PciDeviceInfo {
                addr: addr("0000:3b:00.1"),
                vendor: 0x10ee,
                device: 0x913f,
                class: 0x058000,
                driver: Some("xdma".into()),
                iommu_group: Some(18),
                numa_node: None,
            },
        ]
    );
    assert_eq!(
        vfio::read_device(t.sys(), addr("3b:00.1")).unwrap(),
        devs[2]
    );
    // a Braid board, an Alveo card with another bitstream, an Intel NIC
    assert_eq!(
        devs.iter()
            .map(|d| (d.is_braid(), d.is_xilinx()))
            .collect::<Vec<_>>(),
        [(false, false), (true, true), (false, true)]
    );
    let boards = braid_boards(devs);
    let addrs: Vec<String> = boards.iter().map(|d| d.addr.to_string()).collect();
    assert_eq!(addrs, ["0000:3b:00.0"]);
}

#[test]
fn discovery_errors_name_the_file() {
    let t = Tree::new();
    let missing = t.dir.join("nothing");
    assert_eq!(
        msg(list_devices(&missing)),
        format!(
            "cannot read {}/bus/pci/devices: No such file or directory (os error 2); is sysfs \
             mounted at the root given (default /sys, `braid devices --sysfs DIR`)?",
            missing.display()
        )
    );
    t.add(&BOARD);
    let vendor = t.sys().join("devices/pci0000:00/0000:3b:00.0/vendor");
    fs::write(&vendor, "ten\n").unwrap();
    assert_eq!(
        list_devices(t.sys()),
        Err(Error::Sysfs {
            path: t
                .sys()
                .join("bus/pci/devices/0000:3b:00.0/vendor")
                .display()
                .to_string(),
            why: "\"ten\" is not a hex number".into()
        })
    );
}

// ---------------------------------------------------------------- the checks, in order

#[test]
fn absent_device() {
    let t = three_devices();
    let e = t.open("0000:5e:00.0").unwrap_err();
    assert_eq!(
        e.to_string(),
        format!(
            "PCI device 0000:5e:00.0 not found: {}/bus/pci/devices/0000:5e:00.0 does not exist; \
             check the address with `braid devices` (or `lspci -D -d 10ee:`) and that the board \
             is seated and powered; after loading a bitstream over JTAG, rescan the bus as root: \
             `echo 1 > /sys/bus/pci/rescan`",
            t.s()
        )
    );
    assert!(matches!(e, Error::PciDeviceAbsent { .. }));
}

#[test]
fn no_iommu_group() {
    let t = Tree::new();
    t.add(&Dev {
        group: None,
        ..BOARD
    })
    .vfio(&[17]);
    let e = t.open("3b:00.0").unwrap_err();
    assert_eq!(
        e.to_string(),
        format!(
            "0000:3b:00.0 has no IOMMU group ({}/bus/pci/devices/0000:3b:00.0/iommu_group is \
             missing): the IOMMU is off. Enable VT-d (Intel) or AMD-Vi/IOMMU (AMD) in the BIOS, \
             add `intel_iommu=on iommu=pt` (Intel) or `amd_iommu=on` (AMD) to the kernel command \
             line and reboot. The last resort without an IOMMU is vfio-pci's noiommu mode \
             (`modprobe vfio enable_unsafe_noiommu_mode=1`), which gives no DMA isolation and \
             which this backend does not support yet (it maps DMA memory through the IOMMU)",
            t.s()
        )
    );
}

#[test]
fn bound_to_another_driver() {
    let t = Tree::new();
    t.add(&Dev {
        driver: Some("xdma"),
        ..BOARD
    })
    .vfio(&[17]);
    let s = t.s();
    assert_eq!(
        msg(t.open("0000:3b:00.0")),
        format!(
            "0000:3b:00.0 is bound to driver xdma, not vfio-pci; bind it to vfio-pci as root:\n  \
             modprobe vfio-pci\n  \
             echo 0000:3b:00.0 > {s}/bus/pci/devices/0000:3b:00.0/driver/unbind\n  \
             echo vfio-pci > {s}/bus/pci/devices/0000:3b:00.0/driver_override\n  \
             echo 0000:3b:00.0 > {s}/bus/pci/drivers_probe"
        )
    );
}

#[test]
fn bound_to_no_driver() {
    let t = Tree::new();
    t.add(&Dev {
        driver: None,
        ..BOARD
    })
    .vfio(&[17]);
    let s = t.s();
    let e = t.open("0000:3b:00.0").unwrap_err();
    assert_eq!(
        e,
        Error::NotBoundToVfio {
            addr: "0000:3b:00.0".into(),
            driver: None,
            sysfs: s.clone()
        }
    );
    assert_eq!(
        e.to_string(),
        format!(
            "0000:3b:00.0 is not bound to any driver (vfio-pci needed); bind it to vfio-pci as \
             root:\n  \
             modprobe vfio-pci\n  \
             echo vfio-pci > {s}/bus/pci/devices/0000:3b:00.0/driver_override\n  \
             echo 0000:3b:00.0 > {s}/bus/pci/drivers_probe"
        )
    );
}

#[test]
fn vfio_modules_not_loaded() {
    let t = Tree::new();
    t.add(&BOARD);
    assert_eq!(
        msg(t.open("0000:3b:00.0")),
        format!(
            "{}/vfio/vfio does not exist: the VFIO modules are not loaded; load them as root \
             with `modprobe vfio-pci` (in a container, pass /dev/vfio in)",
            t.d()
        )
    );
}

#[test]
fn group_file_missing() {
    let t = Tree::new();
    t.add(&BOARD).vfio(&[16]);
    let g = format!("{}/vfio/17", t.d());
    assert_eq!(
        msg(t.open("0000:3b:00.0")),
        format!(
            "{g} (IOMMU group 17 of 0000:3b:00.0) does not exist although 0000:3b:00.0 is bound \
             to vfio-pci; reload the module as root (`modprobe -r vfio-pci; modprobe vfio-pci`) \
             and, in a container, pass {g} in"
        )
    );
    // noiommu mode: the kernel made noiommu-17 instead
    fs::write(t.dev().join("vfio/noiommu-17"), "").unwrap();
    assert_eq!(
        msg(t.open("0000:3b:00.0")),
        format!(
            "{g} (IOMMU group 17 of 0000:3b:00.0) does not exist, {}/vfio/noiommu-17 does: VFIO \
             runs in noiommu mode, which this backend does not support (it maps DMA memory \
             through the IOMMU); enable the IOMMU (VT-d/AMD-Vi in the BIOS, `intel_iommu=on \
             iommu=pt` or `amd_iommu=on` on the kernel command line) and load vfio without \
             enable_unsafe_noiommu_mode",
            t.d()
        )
    );
}

#[test]
fn group_file_not_accessible() {
    let t = Tree::new();
    t.add(&BOARD).vfio(&[]);
    let g = t.dev().join("vfio/17");
    // A directory cannot be opened for writing, even by root.
    fs::create_dir(&g).unwrap();
    let why = io::Error::from_raw_os_error(libc_eisdir()).to_string();
    let g = g.display().to_string();
    let e = t.open("0000:3b:00.0").unwrap_err();
    assert_eq!(
        e,
        Error::VfioGroupAccess {
            addr: "0000:3b:00.0".into(),
            group: 17,
            path: g.clone(),
            why: why.clone(),
            busy: false
        }
    );
    assert_eq!(
        e.to_string(),
        format!(
            "cannot open {g} (IOMMU group 17 of 0000:3b:00.0): {why}; run as root, or give your \
             user the group file (as root: `chown <user> {g}`) and let it lock DMA memory \
             (`ulimit -l unlimited`, or a memlock line in /etc/security/limits.conf)"
        )
    );
    // a group in use elsewhere says so
    let busy = Error::VfioGroupAccess {
        addr: "0000:3b:00.0".into(),
        group: 17,
        path: "/dev/vfio/17".into(),
        why: "Device or resource busy (os error 16)".into(),
        busy: true,
    };
    assert_eq!(
        busy.to_string(),
        "cannot open /dev/vfio/17 (IOMMU group 17 of 0000:3b:00.0): Device or resource busy \
         (os error 16); the group is open in another process (another braid, a VM or a DPDK \
         application): stop it first"
    );
}

/// EISDIR on Linux.
fn libc_eisdir() -> i32 {
    21
}

/// The unprivileged user the permission test runs as when the tests run
/// as root (root ignores file modes).
const NOBODY: u32 = 65534;

#[test]
fn group_file_without_permission() {
    // as root, run this very test again as an unprivileged user: its
    // result is the child's
    if unsafe { libc::geteuid() } == 0 {
        use std::os::unix::process::CommandExt;
        // a copy of this binary in the temporary directory (world-
        // traversable, unlike a private build directory) that uid 65534
        // may execute
        let built = std::env::current_exe().expect("the test binary's path");
        let exe = std::env::temp_dir().join(format!("braid-vfio-test-exe-{}", std::process::id()));
        fs::copy(&built, &exe).expect("copy the test binary");
        fs::set_permissions(&exe, fs::Permissions::from_mode(0o755)).unwrap();
        let out = std::process::Command::new(&exe)
            .args([
                "--exact",
                "group_file_without_permission",
                "--test-threads=1",
            ])
            .uid(NOBODY)
            .gid(NOBODY)
            .env("TMPDIR", std::env::temp_dir())
            .output()
            .unwrap_or_else(|e| panic!("re-running {} as uid {NOBODY}: {e}", exe.display()));
        let _ = fs::remove_file(&exe);
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success() && text.contains("test result: ok. 1 passed"),
            "the permission test as uid {NOBODY}:\n{text}\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
        return;
    }
    let t = Tree::new();
    t.add(&BOARD).vfio(&[17]);
    let g = t.dev().join("vfio/17");
    fs::set_permissions(&g, fs::Permissions::from_mode(0o000)).unwrap();
    assert!(
        fs::File::open(&g).is_err(),
        "an unprivileged user opened a file of mode 000"
    );
    assert_eq!(
        t.open("0000:3b:00.0").unwrap_err(),
        Error::VfioGroupAccess {
            addr: "0000:3b:00.0".into(),
            group: 17,
            path: g.display().to_string(),
            why: "Permission denied (os error 13)".into(),
            busy: false
        }
    );
}

#[test]
fn group_shared_with_a_device_on_another_driver() {
    let t = Tree::new();
    t.add(&BOARD)
        .add(&Dev {
            addr: "0000:3b:00.1",
            driver: Some("xdma"),
            ..BOARD
        })
        .add(&Dev {
            addr: "0000:3c:00.0",
            vendor: 0x8086,
            class: 0x020000,
            driver: Some("ixgbe"),
            ..BOARD
        })
        // what the kernel accepts in a VFIO group: no driver, pci-stub, a bridge
        .add(&Dev {
            addr: "0000:3b:00.2",
            driver: None,
            ..BOARD
        })
        .add(&Dev {
            addr: "0000:3b:00.3",
            driver: Some("pci-stub"),
            ..BOARD
        })
        .add(&Dev {
            addr: "0000:3a:00.0",
            vendor: 0x8086,
            class: 0x060400,
            driver: Some("pcieport"),
            ..BOARD
        })
        // another group: not looked at
        .add(&Dev {
            addr: "0000:5e:00.0",
            driver: Some("xdma"),
            group: Some(40),
            ..BOARD
        })
        .vfio(&[17]);
    let s = t.s();
    let e = t.open("0000:3b:00.0").unwrap_err();
    assert_eq!(
        e,
        Error::VfioGroupNotViable {
            addr: "0000:3b:00.0".into(),
            group: 17,
            others: vec![
                ("0000:3b:00.1".into(), "xdma".into()),
                ("0000:3c:00.0".into(), "ixgbe".into())
            ],
            sysfs: s.clone()
        }
    );
    assert_eq!(
        e.to_string(),
        format!(
            "IOMMU group 17 of 0000:3b:00.0 also holds devices bound to other drivers: \
             0000:3b:00.1 (bound to xdma), 0000:3c:00.0 (bound to ixgbe); VFIO opens a group \
             only when all its devices are bound to vfio-pci (or to no driver): bind them to \
             vfio-pci as root, or move the board to a slot with an IOMMU group of its own:\n  \
             modprobe vfio-pci\n  \
             echo 0000:3b:00.1 > {s}/bus/pci/devices/0000:3b:00.1/driver/unbind\n  \
             echo vfio-pci > {s}/bus/pci/devices/0000:3b:00.1/driver_override\n  \
             echo 0000:3b:00.1 > {s}/bus/pci/drivers_probe\n  \
             echo 0000:3c:00.0 > {s}/bus/pci/devices/0000:3c:00.0/driver/unbind\n  \
             echo vfio-pci > {s}/bus/pci/devices/0000:3c:00.0/driver_override\n  \
             echo 0000:3c:00.0 > {s}/bus/pci/drivers_probe"
        )
    );
}

#[test]
fn checks_pass_on_a_ready_device() {
    let t = three_devices();
    t.add(&Dev {
        addr: "0000:3b:00.2",
        driver: None,
        ..BOARD
    })
    .vfio(&[17]);
    let target = t.check("0000:3b:00.0").unwrap();
    assert_eq!(
        target,
        VfioTarget {
            info: vfio::read_device(t.sys(), addr("3b:00.0")).unwrap(),
            group: 17,
            sysfs_path: t.sys().join("bus/pci/devices/0000:3b:00.0"),
            group_file: t.dev().join("vfio/17"),
        }
    );
    // Past the checks pci-driver opens the real /dev/vfio/17: an error here
    // (this machine has no VFIO), never a panic.
    let r = t.open("0000:3b:00.0");
    if !Path::new("/dev/vfio/17").exists() {
        let e = r.unwrap_err();
        assert!(matches!(e, Error::VfioOp { .. }), "{e:?}");
        assert!(
            e.to_string()
                .starts_with("VFIO 0000:3b:00.0: cannot open the device through VFIO: "),
            "{e}"
        );
    }
}

// ---------------------------------------------------------------- this machine

#[test]
fn open_on_this_machine_fails_with_a_setup_error() {
    for a in ["0000:00:00.0", "ffff:ff:1f.7"] {
        let e = VfioBackend::open(a).expect_err("no board on this machine");
        assert!(
            matches!(
                e,
                Error::PciDeviceAbsent { .. }
                    | Error::NoIommuGroup { .. }
                    | Error::NotBoundToVfio { .. }
                    | Error::VfioMissing { .. }
                    | Error::VfioGroupMissing { .. }
                    | Error::VfioGroupAccess { .. }
                    | Error::VfioGroupNotViable { .. }
            ),
            "{a}: {e:?}"
        );
        assert!(e.to_string().contains(a), "{e}");
    }
    assert_eq!(
        msg(VfioBackend::open("ffff:ff:1f.7")),
        "PCI device ffff:ff:1f.7 not found: /sys/bus/pci/devices/ffff:ff:1f.7 does not exist; \
         check the address with `braid devices` (or `lspci -D -d 10ee:`) and that the board is \
         seated and powered; after loading a bitstream over JTAG, rescan the bus as root: \
         `echo 1 > /sys/bus/pci/rescan`"
    );
}

#[test]
fn discovery_on_this_machine_matches_sysfs() {
    let dir = Path::new("/sys/bus/pci/devices");
    if !dir.exists() {
        eprintln!("no /sys/bus/pci/devices here: skipped");
        return;
    }
    let devs = list_devices("/sys").unwrap();
    assert_eq!(devs.len(), fs::read_dir(dir).unwrap().count());
    for d in &devs {
        let p = dir.join(d.addr.to_string());
        let vendor = fs::read_to_string(p.join("vendor")).unwrap();
        assert_eq!(vendor.trim(), format!("0x{:04x}", d.vendor));
        let class = fs::read_to_string(p.join("class")).unwrap();
        assert_eq!(class.trim(), format!("0x{:06x}", d.class));
        assert_eq!(p.join("driver").exists(), d.driver.is_some());
        assert_eq!(p.join("iommu_group").exists(), d.iommu_group.is_some());
    }
}

// ---------------------------------------------------------------- IOVA allocator

#[test]
fn iova_blocks_are_aligned_disjoint_and_guarded() {
    let mut a = IovaAllocator::new(std::slice::from_ref(&(0..1 << 20)), 4096);
    assert_eq!(a.align(), 4096);
    assert_eq!(a.free_bytes(), (1 << 20) - 4096, "page 0 is kept out");
    let x = a.alloc(100).unwrap();
    let y = a.alloc(5000).unwrap();
    let z = a.alloc(4096).unwrap();
    assert_eq!(
        (x, y, z),
        (0x1000, 0x3000, 0x6000),
        "first fit, guard page after each"
    );
    assert!(a.alloc(0).is_none());
    assert!(a.alloc(1 << 20).is_none(), "larger than the space");
    // free the middle block: its space (and guard) is reused first fit
    assert!(a.free(y, 5000));
    assert!(!a.free(y, 5000), "double free refused");
    assert!(!a.free(x + 1, 100), "unaligned refused");
    assert_eq!(a.alloc(8192), Some(0x3000));
    // freeing everything coalesces back to one range
    assert!(a.free(0x3000, 8192));
    assert!(a.free(x, 100));
    assert!(a.free(z, 4096));
    assert_eq!(a.free_bytes(), (1 << 20) - 4096);
    assert_eq!(
        a.alloc((1 << 20) - 8192),
        Some(0x1000),
        "one block fills it"
    );
    assert!(a.alloc(1).is_none(), "exhausted");
}

#[test]
fn iova_ranges_are_trimmed_to_the_alignment() {
    // two ranges, unaligned ends, a 64 KiB IOMMU page
    let mut a = IovaAllocator::new(&[0x1234..0x3_0000, 0x10_0100..0x12_ffff], 0x1_0000);
    assert_eq!(a.align(), 0x1_0000);
    assert_eq!(a.free_bytes(), 0x2_0000 + 0x1_0000);
    assert_eq!(a.alloc(1), Some(0x1_0000));
    assert!(
        a.alloc(0x1_0000).is_none(),
        "no 2-page hole left in the first range... "
    );
    let mut b = IovaAllocator::new(&[0x1234..0x3_0000, 0x10_0000..0x13_0000], 0x1_0000);
    b.alloc(1).unwrap();
    assert_eq!(
        b.alloc(0x1_0000),
        Some(0x10_0000),
        "...so the second range is used"
    );
    // small alignments are raised to the page
    assert_eq!(
        IovaAllocator::new(std::slice::from_ref(&(0..1 << 16)), 512).align(),
        4096
    );
}

#[test]
fn iova_random_workload_never_overlaps() {
    let mut a = IovaAllocator::new(std::slice::from_ref(&(0..1 << 24)), 4096);
    let mut live: Vec<(u64, u64)> = Vec::new();
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    for _ in 0..2000 {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        if live.len() > 20 || (seed % 3 == 0 && !live.is_empty()) {
            let (i, l) = live.swap_remove((seed as usize / 3) % live.len());
            assert!(a.free(i, l));
        } else {
            let len = 1 + seed % 40_000;
            if let Some(i) = a.alloc(len) {
                assert_eq!(i % 4096, 0);
                let end = (i + len).next_multiple_of(4096) + 4096;
                for &(j, m) in &live {
                    let jend = (j + m).next_multiple_of(4096) + 4096;
                    assert!(
                        end <= j || jend <= i,
                        "[{i:x},{end:x}) overlaps [{j:x},{jend:x})"
                    );
                }
                live.push((i, len));
            }
        }
    }
    for (i, l) in live {
        assert!(a.free(i, l));
    }
    assert_eq!(a.free_bytes(), (1 << 24) - 4096);
}
