//! The co-simulated engine's MAC port on a Linux TAP device: the engine's
//! Ethernet frames go into the kernel's network stack as if a cable
//! joined the card to the host, and frames the kernel sends to the
//! engine's Ethernet address come back into the engine's MAC receive
//! queue. Bridged or routed to a veth pair, the engine talks to a soft
//! endpoint ([`braid_net::soft`]) in another network namespace, across
//! real IP, UDP and whatever the kernel does on the way (nftables drops,
//! ECN marks, captures).
//!
//! The engine runs on simulated time: a [`TapBridge`] clocks it in steps
//! and moves frames between steps, so to the kernel the engine is a slow
//! but otherwise ordinary host (at 1 million clocks a second of wall time,
//! 250 times slower than a card).

use crate::engine::EngineSim;
use std::ffi::CString;
use std::fs::File;
use std::io::{self, ErrorKind, Read, Write};
use std::os::fd::AsRawFd;

/// Largest frame the bridge moves (a Braid data frame with a full payload
/// and headers fits; a larger one from the kernel is dropped and counted).
const MAX_FRAME: usize = 9216;

/// A TAP device opened by name (`ip tuntap add dev NAME mode tap` made it,
/// or it is created here in the calling thread's network namespace),
/// without packet information: each read and write is one Ethernet frame
/// without its FCS.
pub struct Tap {
    file: File,
    name: String,
}

impl Tap {
    /// Attach to (or create) TAP device `name`, non-blocking.
    pub fn open(name: &str) -> io::Result<Tap> {
        if name.is_empty() || name.len() >= libc::IFNAMSIZ {
            return Err(io::Error::new(
                ErrorKind::InvalidInput,
                format!("{name:?}: a device name is 1 to 15 bytes"),
            ));
        }
        let file = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .open("/dev/net/tun")
            .map_err(|e| io::Error::new(e.kind(), format!("/dev/net/tun: {e}")))?;
        // SAFETY: an all-zero ifreq is valid; the name fits (checked
        // above) with its terminating zero
        let mut ifr: libc::ifreq = unsafe { std::mem::zeroed() };
        let c = CString::new(name)
            .map_err(|_| io::Error::new(ErrorKind::InvalidInput, "a NUL in the name"))?;
        for (d, s) in ifr.ifr_name.iter_mut().zip(c.as_bytes()) {
            *d = *s as libc::c_char;
        }
        ifr.ifr_ifru.ifru_flags = (libc::IFF_TAP | libc::IFF_NO_PI) as libc::c_short;
        // SAFETY: TUNSETIFF reads and writes one ifreq
        let r = unsafe { libc::ioctl(file.as_raw_fd(), libc::TUNSETIFF, &mut ifr) };
        if r < 0 {
            let e = io::Error::last_os_error();
            return Err(io::Error::new(e.kind(), format!("TUNSETIFF {name}: {e}")));
        }
        // SAFETY: F_SETFL with flags read by F_GETFL on a valid descriptor
        unsafe {
            let fl = libc::fcntl(file.as_raw_fd(), libc::F_GETFL);
            if fl < 0 || libc::fcntl(file.as_raw_fd(), libc::F_SETFL, fl | libc::O_NONBLOCK) < 0 {
                return Err(io::Error::last_os_error());
            }
        }
        Ok(Tap {
            file,
            name: name.to_string(),
        })
    }

    /// The device's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// One frame from the kernel into `buf`, if one is waiting.
    pub fn recv(&mut self, buf: &mut [u8]) -> io::Result<Option<usize>> {
        match self.file.read(buf) {
            Ok(n) => Ok(Some(n)),
            Err(e) if e.kind() == ErrorKind::WouldBlock => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// One frame to the kernel.
    pub fn send(&mut self, frame: &[u8]) -> io::Result<()> {
        self.file.write(frame).map(|_| ())
    }
}

/// Frames counted by a [`TapBridge`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TapCounts {
    /// Engine frames written to the TAP device.
    pub to_kernel: u64,
    /// Engine frames the kernel refused (counted, not retried: the
    /// transport recovers them as lost).
    pub refused: u64,
    /// Frames from the kernel queued for the engine's MAC.
    pub to_engine: u64,
    /// Frames from the kernel for another Ethernet address (broadcasts,
    /// multicast, neighbours' traffic): a MAC's address filter drops them.
    pub filtered: u64,
    /// Frames from the kernel too long for the bridge (dropped).
    pub oversize: u64,
}

/// An engine's MAC port on a [`Tap`]: [`TapBridge::step`] clocks the
/// engine and moves the frames each way. Like a NIC's MAC, it passes the
/// engine only frames addressed to its own Ethernet address.
pub struct TapBridge {
    tap: Tap,
    mac: [u8; 6],
    buf: Vec<u8>,
    counts: TapCounts,
}

impl TapBridge {
    /// The engine with Ethernet address `mac` on `tap`.
    pub fn new(tap: Tap, mac: [u8; 6]) -> TapBridge {
        TapBridge {
            tap,
            mac,
            buf: vec![0; MAX_FRAME + 1],
            counts: TapCounts::default(),
        }
    }

    /// Counts so far.
    pub fn counts(&self) -> TapCounts {
        self.counts
    }

    /// The TAP device.
    pub fn tap(&self) -> &Tap {
        &self.tap
    }

    /// Clock `eng` for `clocks`, then hand the kernel every frame it
    /// transmitted and queue for it every frame the kernel has for its
    /// address.
    pub fn step(&mut self, eng: &mut EngineSim, clocks: u64) -> io::Result<()> {
        eng.run(clocks);
        self.pump(eng)
    }

    /// Move the frames each way without clocking the engine (a driver call
    /// clocks it too: its frames go out at the next pump).
    pub fn pump(&mut self, eng: &mut EngineSim) -> io::Result<()> {
        while let Some(f) = eng.tx().frames.pop_front() {
            match self.tap.send(&f) {
                Ok(()) => self.counts.to_kernel += 1,
                Err(e) if e.kind() == ErrorKind::WouldBlock => self.counts.refused += 1,
                // the device is down or gone: the frame is lost
                Err(_) => self.counts.refused += 1,
            }
        }
        while let Some(n) = self.tap.recv(&mut self.buf)? {
            if n > MAX_FRAME {
                self.counts.oversize += 1;
            } else if n < 14 || self.buf[..6] != self.mac {
                self.counts.filtered += 1;
            } else {
                eng.push_rx_frame(&self.buf[..n]);
                self.counts.to_engine += 1;
            }
        }
        Ok(())
    }
}
