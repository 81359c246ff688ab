//! A simulated board: [`SimBoardBackend`] reaches one board of a testbench
//! (the board's top minus the PCIe hard block and the CMAC, with
//! cocotbext-pcie's model of the hard block and its root complex:
//! `tests/cocotb/board_pair`) over a Unix socket. BAR0 accesses become the
//! root complex's memory reads and writes to the device's BAR0, so they
//! cross the simulated link as TLPs; DMA memory is the root complex's host
//! memory, which the engine reads and writes by DMA through the same model.
//!
//! The simulation's time passes only while the testbench serves a request:
//! during a register access (its TLPs take simulated time), during
//! [`SimBoardBackend::wait_clocks`], and [`POLL_CLOCKS`] clocks before every
//! [`Backend::dma_read`] (a host that polls its completion queue in memory
//! lets the engine run between two reads, as on a board). So a run is
//! deterministic for a given request sequence, and [`SimClock`] gives the
//! driver's perftest loops the simulated time.
//!
//! The device name is `sim:SOCKET:BOARD` (`sim:/tmp/braid.sock:0`).
//!
//! # Protocol
//! Little-endian. A request is a header `op: u8`, 3 zero bytes, `a: u64`,
//! `b: u64`, `len: u32`, then `len` bytes. An answer is `status: u8` (0 ok,
//! 1 failed), 3 zero bytes, `value: u64`, `len: u32`, then `len` bytes (the
//! data, or a UTF-8 reason when failed). The ops are the `OP_*` constants.

use crate::backend::{Backend, DmaBuf};
use crate::error::{Error, Result};
use crate::perf::Clock;
use std::cell::RefCell;
use std::collections::HashMap;
use std::io::{Read, Write};
use std::os::unix::net::UnixStream;
use std::path::{Path, PathBuf};
use std::rc::Rc;

/// Clocks the simulation runs before each [`Backend::dma_read`].
pub const POLL_CLOCKS: u64 = 16;

/// `a` = board: the first request of a connection, which names the board.
pub const OP_HELLO: u8 = 1;
/// `a` = BAR0 offset; answers the 32-bit value.
pub const OP_READ32: u8 = 2;
/// `a` = BAR0 offset, `b` = value.
pub const OP_WRITE32: u8 = 3;
/// `a` = bytes; answers the bus address of new zeroed host memory.
pub const OP_ALLOC: u8 = 4;
/// `a` = bus address of a block from `OP_ALLOC`: the engine's accesses to it
/// fail from now on (the root complex answers Unsupported Request).
pub const OP_FREE: u8 = 5;
/// `a` = bus address, `b` = bytes; runs [`POLL_CLOCKS`], answers the bytes.
pub const OP_MEM_READ: u8 = 6;
/// `a` = bus address; the payload is written there.
pub const OP_MEM_WRITE: u8 = 7;
/// `a` = clocks to run.
pub const OP_WAIT: u8 = 8;
/// Answers the simulation time in picoseconds.
pub const OP_NOW: u8 = 9;

const HEADER: usize = 24;
const ANSWER: usize = 16;

struct Conn {
    stream: UnixStream,
    name: String,
}

impl Conn {
    fn call(&mut self, op: u8, a: u64, b: u64, payload: &[u8]) -> Result<(u64, Vec<u8>)> {
        let mut req = Vec::with_capacity(HEADER + payload.len());
        req.extend_from_slice(&[op, 0, 0, 0]);
        req.extend_from_slice(&a.to_le_bytes());
        req.extend_from_slice(&b.to_le_bytes());
        req.extend_from_slice(&(payload.len() as u32).to_le_bytes());
        req.extend_from_slice(payload);
        let io = |e: std::io::Error, name: &str| Error::Backend {
            backend: name.to_string(),
            why: format!("the testbench's socket: {e} (did the simulation stop?)"),
        };
        self.stream.write_all(&req).map_err(|e| io(e, &self.name))?;
        let mut head = [0u8; ANSWER];
        self.stream
            .read_exact(&mut head)
            .map_err(|e| io(e, &self.name))?;
        let value = u64::from_le_bytes(head[4..12].try_into().expect("8 bytes"));
        let len = u32::from_le_bytes(head[12..16].try_into().expect("4 bytes")) as usize;
        let mut data = vec![0u8; len];
        self.stream
            .read_exact(&mut data)
            .map_err(|e| io(e, &self.name))?;
        if head[0] != 0 {
            return Err(Error::Backend {
                backend: self.name.clone(),
                why: String::from_utf8_lossy(&data).into_owned(),
            });
        }
        Ok((value, data))
    }
}

/// One board of a simulated-board testbench (see the module documentation).
pub struct SimBoardBackend {
    conn: Rc<RefCell<Conn>>,
    name: String,
    next_id: u32,
    bufs: HashMap<u32, (u64, usize)>,
}

/// Split a device name `sim:SOCKET:BOARD`; `None` when it does not start
/// with `sim:`.
pub fn parse_device(device: &str) -> Option<Result<(PathBuf, u8)>> {
    let rest = device.strip_prefix("sim:")?;
    let bad = || {
        Error::BadArgument(format!(
            "{device:?}: a simulated board is sim:SOCKET:BOARD, e.g. sim:/tmp/braid.sock:0"
        ))
    };
    Some(match rest.rsplit_once(':') {
        Some((sock, n)) if !sock.is_empty() => n
            .parse::<u8>()
            .map(|n| (PathBuf::from(sock), n))
            .map_err(|_| bad()),
        _ => Err(bad()),
    })
}

impl SimBoardBackend {
    /// Connect to board `board` of the testbench listening on `socket`.
    pub fn connect(socket: &Path, board: u8) -> Result<SimBoardBackend> {
        let name = format!("sim:{}:{board}", socket.display());
        let stream = UnixStream::connect(socket).map_err(|e| Error::Backend {
            backend: name.clone(),
            why: format!(
                "cannot connect to the testbench at {}: {e}; is the board simulation \
                 (tests/cocotb/board_pair) running?",
                socket.display()
            ),
        })?;
        let mut conn = Conn {
            stream,
            name: name.clone(),
        };
        conn.call(OP_HELLO, board as u64, 0, &[])?;
        Ok(SimBoardBackend {
            conn: Rc::new(RefCell::new(conn)),
            name,
            next_id: 1,
            bufs: HashMap::new(),
        })
    }

    /// Open a device named `sim:SOCKET:BOARD`.
    pub fn open(device: &str) -> Result<SimBoardBackend> {
        let (socket, board) = parse_device(device).unwrap_or_else(|| {
            Err(Error::BadArgument(format!(
                "{device:?} is not a simulated board (sim:SOCKET:BOARD)"
            )))
        })?;
        SimBoardBackend::connect(&socket, board)
    }

    /// Run the simulation `clocks` engine clocks.
    pub fn wait_clocks(&self, clocks: u64) -> Result<()> {
        self.conn.borrow_mut().call(OP_WAIT, clocks, 0, &[])?;
        Ok(())
    }

    /// The simulation time in picoseconds.
    pub fn now_ps(&self) -> Result<u64> {
        Ok(self.conn.borrow_mut().call(OP_NOW, 0, 0, &[])?.0)
    }

    /// The simulated time for the perftest loops: waiting runs the
    /// simulation `per_wait` clocks.
    pub fn clock(&self, per_wait: u64) -> SimClock {
        SimClock {
            conn: self.conn.clone(),
            per_wait,
        }
    }

    fn buf(&self, buf: &DmaBuf, off: usize, len: usize) -> Result<u64> {
        match self.bufs.get(&buf.id) {
            Some(&(iova, size)) if off.checked_add(len).is_some_and(|e| e <= size) => {
                Ok(iova + off as u64)
            }
            Some(&(_, size)) => Err(Error::DmaRange {
                id: buf.id,
                off,
                len,
                size,
            }),
            None => Err(Error::DmaRange {
                id: buf.id,
                off,
                len,
                size: 0,
            }),
        }
    }
}

/// The simulated board's time (see [`SimBoardBackend::clock`]). A failed
/// request (the testbench gone) panics: the loops cannot go on without
/// time.
pub struct SimClock {
    conn: Rc<RefCell<Conn>>,
    per_wait: u64,
}

impl Clock for SimClock {
    fn wait(&mut self) {
        let r = self.conn.borrow_mut().call(OP_WAIT, self.per_wait, 0, &[]);
        r.expect("the simulated board's testbench");
    }

    fn now_ps(&mut self) -> u64 {
        let r = self.conn.borrow_mut().call(OP_NOW, 0, 0, &[]);
        r.expect("the simulated board's testbench").0
    }
}

impl Backend for SimBoardBackend {
    fn read32(&self, off: u32) -> Result<u32> {
        if off % 4 != 0 {
            return Err(Error::Unaligned { off });
        }
        let (v, _) = self.conn.borrow_mut().call(OP_READ32, off as u64, 0, &[])?;
        Ok(v as u32)
    }

    fn write32(&mut self, off: u32, v: u32) -> Result<()> {
        if off % 4 != 0 {
            return Err(Error::Unaligned { off });
        }
        self.conn
            .borrow_mut()
            .call(OP_WRITE32, off as u64, v as u64, &[])?;
        Ok(())
    }

    fn name(&self) -> &str {
        &self.name
    }

    fn dma_alloc(&mut self, len: usize) -> Result<DmaBuf> {
        if len == 0 {
            return Err(Error::DmaAlloc {
                len,
                why: "zero bytes".into(),
            });
        }
        let (iova, _) = self
            .conn
            .borrow_mut()
            .call(OP_ALLOC, len as u64, 0, &[])
            .map_err(|e| Error::DmaAlloc {
                len,
                why: e.to_string(),
            })?;
        let id = self.next_id;
        self.next_id += 1;
        self.bufs.insert(id, (iova, len));
        Ok(DmaBuf { id, iova, len })
    }

    fn dma_free(&mut self, buf: &DmaBuf) -> Result<()> {
        let iova = self.buf(buf, 0, 0)?;
        self.bufs.remove(&buf.id);
        self.conn.borrow_mut().call(OP_FREE, iova, 0, &[])?;
        Ok(())
    }

    fn dma_read(&self, buf: &DmaBuf, off: usize, out: &mut [u8]) -> Result<()> {
        let at = self.buf(buf, off, out.len())?;
        let (_, data) = self
            .conn
            .borrow_mut()
            .call(OP_MEM_READ, at, out.len() as u64, &[])?;
        if data.len() != out.len() {
            return Err(Error::Backend {
                backend: self.name.clone(),
                why: format!("asked {} bytes, got {}", out.len(), data.len()),
            });
        }
        out.copy_from_slice(&data);
        Ok(())
    }

    fn dma_write(&mut self, buf: &DmaBuf, off: usize, data: &[u8]) -> Result<()> {
        let at = self.buf(buf, off, data.len())?;
        self.conn.borrow_mut().call(OP_MEM_WRITE, at, 0, data)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Device, MemBackend};
    use std::os::unix::net::UnixListener;

    /// The stand-in bench's clock period in picoseconds (the hard block's
    /// `user_clk`, 250 MHz).
    const CLOCK_PS: u64 = 4000;

    /// The cocotb bench that serves this protocol uses the same numbers.
    #[test]
    fn the_cocotb_bench_speaks_this_protocol() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../tests/cocotb/board_pair/test_board_pair.py"
        );
        let py = std::fs::read_to_string(path).unwrap();
        let value = |name: &str| -> u64 {
            let line = py
                .lines()
                .find_map(|l| l.strip_prefix(&format!("{name} = ")))
                .unwrap_or_else(|| panic!("{path} has no `{name} = `"));
            line.trim()
                .parse()
                .unwrap_or_else(|_| panic!("{name} = {line}"))
        };
        for (name, want) in [
            ("OP_HELLO", OP_HELLO),
            ("OP_READ32", OP_READ32),
            ("OP_WRITE32", OP_WRITE32),
            ("OP_ALLOC", OP_ALLOC),
            ("OP_FREE", OP_FREE),
            ("OP_MEM_READ", OP_MEM_READ),
            ("OP_MEM_WRITE", OP_MEM_WRITE),
            ("OP_WAIT", OP_WAIT),
            ("OP_NOW", OP_NOW),
        ] {
            assert_eq!(value(name), want as u64, "{name}");
        }
        assert_eq!(value("POLL_CLOCKS"), POLL_CLOCKS);
        // the header and answer layouts, as Python's struct formats
        assert!(py.contains("HEADER = struct.Struct(\"<B3xQQI\")") && HEADER == 24);
        assert!(py.contains("ANSWER = struct.Struct(\"<B3xQI\")") && ANSWER == 16);
    }

    /// A stand-in testbench for one connection: registers from a
    /// [`MemBackend`], host memory as blocks at 0x1000_0000 + 64 KiB * n,
    /// a clock that counts `OP_WAIT` and `POLL_CLOCKS` per `OP_MEM_READ`.
    fn fake_bench(listener: UnixListener) -> std::thread::JoinHandle<(u64, u32)> {
        std::thread::spawn(move || {
            let (mut s, _) = listener.accept().unwrap();
            let mut regs = MemBackend::new();
            let mut mem: Vec<(u64, Vec<u8>)> = Vec::new();
            let (mut clocks, mut requests) = (0u64, 0u32);
            loop {
                let mut h = [0u8; HEADER];
                if s.read_exact(&mut h).is_err() {
                    return (clocks, requests);
                }
                requests += 1;
                let a = u64::from_le_bytes(h[4..12].try_into().unwrap());
                let b = u64::from_le_bytes(h[12..20].try_into().unwrap());
                let n = u32::from_le_bytes(h[20..24].try_into().unwrap()) as usize;
                let mut payload = vec![0u8; n];
                s.read_exact(&mut payload).unwrap();
                // the block holding `len` bytes at `at`: (index, offset)
                let find = |mem: &[(u64, Vec<u8>)], at: u64, len: usize| {
                    mem.iter().enumerate().find_map(|(i, (base, v))| {
                        let off = at.checked_sub(*base)? as usize;
                        (off + len <= v.len()).then_some((i, off))
                    })
                };
                let r: std::result::Result<(u64, Vec<u8>), String> = match h[0] {
                    OP_HELLO if a == 0 => Ok((0, vec![])),
                    OP_HELLO => Err(format!("no board {a}")),
                    OP_READ32 => regs
                        .read32(a as u32)
                        .map(|v| (v as u64, vec![]))
                        .map_err(|e| e.to_string()),
                    OP_WRITE32 => regs
                        .write32(a as u32, b as u32)
                        .map(|_| (0, vec![]))
                        .map_err(|e| e.to_string()),
                    OP_ALLOC => {
                        let base = 0x1000_0000 + 0x1_0000 * mem.len() as u64;
                        mem.push((base, vec![0; a as usize]));
                        Ok((base, vec![]))
                    }
                    OP_FREE => Ok((0, vec![])),
                    OP_MEM_READ => {
                        clocks += POLL_CLOCKS;
                        match find(&mem, a, b as usize) {
                            Some((i, off)) => Ok((0, mem[i].1[off..off + b as usize].to_vec())),
                            None => Err(format!("{b} bytes at {a:#x}: not host memory")),
                        }
                    }
                    OP_MEM_WRITE => match find(&mem, a, n) {
                        Some((i, off)) => {
                            mem[i].1[off..off + n].copy_from_slice(&payload);
                            Ok((0, vec![]))
                        }
                        None => Err(format!("{n} bytes at {a:#x}: not host memory")),
                    },
                    OP_WAIT => {
                        clocks += a;
                        Ok((0, vec![]))
                    }
                    OP_NOW => Ok((clocks * CLOCK_PS, vec![])),
                    op => Err(format!("unknown op {op}")),
                };
                let (status, value, data) = match r {
                    Ok((v, d)) => (0u8, v, d),
                    Err(e) => (1, 0, e.into_bytes()),
                };
                let mut ans = vec![status, 0, 0, 0];
                ans.extend_from_slice(&value.to_le_bytes());
                ans.extend_from_slice(&(data.len() as u32).to_le_bytes());
                ans.extend_from_slice(&data);
                s.write_all(&ans).unwrap();
            }
        })
    }

    /// The driver opens a board through the protocol (identity checked,
    /// scratch register round trip), host memory round-trips, the clock
    /// counts waits and polls, and a refused request comes back as the
    /// bench's reason.
    #[test]
    fn the_driver_runs_through_the_protocol() {
        let dir = std::env::temp_dir().join(format!("braid-simboard-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let sock = dir.join("bench.sock");
        let _ = std::fs::remove_file(&sock);
        let bench = fake_bench(UnixListener::bind(&sock).unwrap());
        let be = SimBoardBackend::connect(&sock, 0).unwrap();
        let mut clock = be.clock(10);
        let mut dev = Device::open(be).unwrap();
        dev.scratch_test().unwrap();
        let (buf, got) = {
            let b = dev.backend_mut();
            let buf = b.dma_alloc(100).unwrap();
            b.dma_write(&buf, 3, b"braid").unwrap();
            let mut got = [0u8; 8];
            b.dma_read(&buf, 1, &mut got).unwrap();
            (buf, got)
        };
        assert_eq!(&got, b"\0\0braid\0");
        let e = dev.backend().dma_read(&buf, 99, &mut [0u8; 2]);
        assert!(matches!(e, Err(Error::DmaRange { .. })), "{e:?}");
        clock.wait();
        assert_eq!(clock.now_ps(), (10 + POLL_CLOCKS) * CLOCK_PS);
        let e = dev.backend().read32(0x1_0000).unwrap_err().to_string();
        assert!(e.contains("outside the register map"), "{e}");
        drop(dev);
        drop(clock);
        let (clocks, requests) = bench.join().unwrap();
        assert_eq!(clocks, 10 + POLL_CLOCKS);
        assert!(requests > 10, "{requests} requests");
        let _ = std::fs::remove_dir_all(&dir);
        let e = SimBoardBackend::connect(&sock, 0)
            .err()
            .unwrap()
            .to_string();
        assert!(e.contains("is the board simulation"), "{e}");
    }

    #[test]
    fn device_names() {
        let (p, n) = parse_device("sim:/tmp/x.sock:1").unwrap().unwrap();
        assert_eq!((p, n), (PathBuf::from("/tmp/x.sock"), 1));
        assert!(parse_device("0000:3b:00.0").is_none());
        for bad in [
            "sim:",
            "sim:/tmp/x",
            "sim::0",
            "sim:/tmp/x:300",
            "sim:/tmp/x:a",
        ] {
            let e = parse_device(bad).unwrap().unwrap_err().to_string();
            assert!(e.contains("sim:SOCKET:BOARD"), "{bad}: {e}");
        }
    }
}
