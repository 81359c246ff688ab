//! Fake sysfs and /dev trees for the VFIO tests (std only, no root
//! needed), shared by braid-driver's `vfio` tests and the `braid`
//! command's tests (`#[path]`-included by both).

#![allow(dead_code)]

use std::fs;
use std::os::unix::fs::symlink;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};

use braid_driver::vfio::{check, VfioTarget};
use braid_driver::{Error, VfioBackend};

/// A fake sysfs (`<dir>/sys`) and /dev (`<dir>/dev`) in a fresh temporary
/// directory, removed on drop.
pub struct Tree {
    pub dir: PathBuf,
}

/// One fake PCI function.
pub struct Dev<'a> {
    pub addr: &'a str,
    pub vendor: u16,
    pub device: u16,
    pub class: u32,
    pub driver: Option<&'a str>,
    pub group: Option<u32>,
    pub numa: Option<i32>,
}

/// A Braid board (`braid_spec::pci`'s id).
pub const BOARD: Dev<'static> = Dev {
    addr: "0000:3b:00.0",
    vendor: 0x10ee,
    device: 0xb4a1,
    class: 0x058000,
    driver: Some("vfio-pci"),
    group: Some(17),
    numa: Some(1),
};

impl Tree {
    pub fn new() -> Tree {
        static N: AtomicUsize = AtomicUsize::new(0);
        let dir = std::env::temp_dir().join(format!(
            "braid-vfio-test-{}-{}",
            std::process::id(),
            N.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(dir.join("sys/bus/pci/devices")).unwrap();
        fs::create_dir_all(dir.join("dev")).unwrap();
        Tree { dir }
    }

    pub fn sys(&self) -> PathBuf {
        self.dir.join("sys")
    }

    pub fn dev(&self) -> PathBuf {
        self.dir.join("dev")
    }

    /// A function laid out as the kernel does: a directory under
    /// `devices/pci0000:00/`, linked from `bus/pci/devices/`, with relative
    /// `driver` and `iommu_group` links.
    pub fn add(&self, d: &Dev) -> &Self {
        let sys = self.sys();
        let real = sys.join("devices/pci0000:00").join(d.addr);
        fs::create_dir_all(&real).unwrap();
        symlink(
            format!("../../../devices/pci0000:00/{}", d.addr),
            sys.join("bus/pci/devices").join(d.addr),
        )
        .unwrap();
        fs::write(real.join("vendor"), format!("0x{:04x}\n", d.vendor)).unwrap();
        fs::write(real.join("device"), format!("0x{:04x}\n", d.device)).unwrap();
        fs::write(real.join("class"), format!("0x{:06x}\n", d.class)).unwrap();
        if let Some(n) = d.numa {
            fs::write(real.join("numa_node"), format!("{n}\n")).unwrap();
        }
        if let Some(drv) = d.driver {
            fs::create_dir_all(sys.join("bus/pci/drivers").join(drv)).unwrap();
            symlink(
                format!("../../../bus/pci/drivers/{drv}"),
                real.join("driver"),
            )
            .unwrap();
        }
        if let Some(g) = d.group {
            fs::create_dir_all(sys.join(format!("kernel/iommu_groups/{g}/devices"))).unwrap();
            symlink(
                format!("../../../kernel/iommu_groups/{g}"),
                real.join("iommu_group"),
            )
            .unwrap();
        }
        self
    }

    /// `/dev/vfio/vfio`, and `/dev/vfio/<g>` for each group.
    pub fn vfio(&self, groups: &[u32]) -> &Self {
        let v = self.dev().join("vfio");
        fs::create_dir_all(&v).unwrap();
        fs::write(v.join("vfio"), "").unwrap();
        for g in groups {
            fs::write(v.join(g.to_string()), "").unwrap();
        }
        self
    }

    pub fn open(&self, addr: &str) -> Result<VfioBackend, Error> {
        VfioBackend::open_with_root(self.sys(), self.dev(), addr)
    }

    pub fn check(&self, addr: &str) -> Result<VfioTarget, Error> {
        check(self.sys(), self.dev(), addr.parse().unwrap())
    }

    pub fn s(&self) -> String {
        self.sys().display().to_string()
    }

    pub fn d(&self) -> String {
        self.dev().display().to_string()
    }
}

impl Drop for Tree {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.dir);
    }
}

pub fn three_devices() -> Tree {
    let t = Tree::new();
    t.add(&BOARD)
        .add(&Dev {
            addr: "0000:3b:00.1",
            device: 0x913f,
            driver: Some("xdma"),
            group: Some(18),
            numa: Some(-1),
            ..BOARD
        })
        .add(&Dev {
            addr: "0000:00:03.0",
            vendor: 0x8086,
            device: 0x10fb,
            class: 0x020000,
            driver: Some("ixgbe"),
            group: None,
            numa: None,
        });
    // not a PCI address: skipped
    fs::create_dir_all(t.sys().join("bus/pci/devices/not-a-device")).unwrap();
    t
}
