//! Verilator co-simulation of any module in `verilog-out/`, driven from Rust.
//!
//! `build.rs` Verilates every exported module and generates its C++ shim and
//! the [`MODULES`] table from the port list, so this API is generic: open a
//! module by name, look ports up by name once, then set and read them (any
//! width, as little-endian 32-bit words or as `u64` up to 64 bits) and step
//! the clock.
//!
//! Waveforms: [`Sim::trace_to`] writes an FST file (GTKWave opens it). With
//! the environment variable `BRAID_FST=<dir>`, every `Sim` writes
//! `<dir>/<module>-<n>.fst` from its first cycle.
//!
//! Lockstep: with `BRAID_LOCKSTEP=<module>[,<module>...]`, every `Sim` of a
//! listed module also runs the module `<module>_ref` (Verilated from
//! `BRAID_COSIM_REF`, see `build.rs`) on the same inputs, and compares every
//! output port after every `eval` and every clock edge; the first difference
//! panics with the cycle, the port and both values. `scripts/lockstep.sh`
//! uses this to prove a restructured top equal to the one it replaces.

use std::ffi::{c_char, c_void, CString};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

pub mod bench;
pub mod engine;
pub mod equiv;
pub use braid_model::host;
pub mod mac;
pub mod pair;
pub mod tap;
pub mod wire;

/// Entry points of one module's generated shim.
#[derive(Clone, Copy)]
pub struct VTable {
    new: unsafe extern "C" fn() -> *mut c_void,
    free: unsafe extern "C" fn(*mut c_void),
    eval: unsafe extern "C" fn(*mut c_void),
    set: unsafe extern "C" fn(*mut c_void, u32, *const u32),
    get: unsafe extern "C" fn(*mut c_void, u32, *mut u32),
    trace_open: unsafe extern "C" fn(*mut c_void, *const c_char) -> i32,
    trace_dump: unsafe extern "C" fn(*mut c_void),
    trace_close: unsafe extern "C" fn(*mut c_void),
}

/// A top-level port of a Verilated module.
#[derive(Debug, Clone, Copy)]
pub struct PortDesc {
    /// Port name as in the Verilog.
    pub name: &'static str,
    /// Width in bits.
    pub width: u32,
    /// `true` for inputs.
    pub input: bool,
}

/// A Verilated module: name, ports, shim.
pub struct ModuleDesc {
    /// Module name (= `verilog-out/<name>.v`).
    pub name: &'static str,
    /// Ports in declaration order.
    pub ports: &'static [PortDesc],
    vt: VTable,
}

include!(concat!(env!("OUT_DIR"), "/modules.rs"));

/// Errors of the co-simulation harness.
#[derive(Debug, thiserror::Error)]
pub enum CosimError {
    /// No such module was Verilated.
    #[error("no Verilated module `{0}` (modules: {1})")]
    NoModule(String, String),
    /// No such port.
    #[error("module `{module}` has no port `{port}` (ports: {ports})")]
    NoPort {
        /// module name
        module: String,
        /// requested port
        port: String,
        /// the module's ports
        ports: String,
    },
    /// Writing to an output.
    #[error("port `{0}` is an output and cannot be driven")]
    NotInput(String),
    /// The FST file could not be opened.
    #[error("cannot open waveform file {0}")]
    Trace(PathBuf),
}

/// Handle of a port, resolved once by name.
#[derive(Debug, Clone, Copy)]
pub struct Port {
    index: u32,
    /// Width in bits.
    pub width: u32,
    /// Number of 32-bit words a value of this port takes.
    pub words: usize,
}

static TRACE_SEQ: AtomicUsize = AtomicUsize::new(0);

/// A coverage build (`BRAID_COSIM_COVERAGE`, `scripts/coverage.sh`):
/// each model, as it is dropped, writes Verilator's coverage counts of the
/// process so far to `$BRAID_COVERAGE_DIR/cov-<pid>.dat`, over the
/// previous write (the counts are cumulative, so the last write holds the
/// process's; writing at exit instead deadlocks in Verilator's coverage
/// database).
#[cfg(braid_coverage)]
mod coverage {
    use std::ffi::{c_char, CString};

    extern "C" {
        fn braid_coverage_write(path: *const c_char);
    }

    /// Write the counts so far.
    pub fn write() {
        let dir = std::env::var("BRAID_COVERAGE_DIR").unwrap_or_else(|_| ".".into());
        let path = format!("{dir}/cov-{}.dat", std::process::id());
        if let Ok(p) = CString::new(path) {
            // SAFETY: a valid NUL-terminated path; the model is still live.
            unsafe { braid_coverage_write(p.as_ptr()) };
        }
    }
}

/// One live instance of a Verilated module.
pub struct Sim {
    h: *mut c_void,
    desc: &'static ModuleDesc,
    clock: Port,
    cycles: u64,
    tracing: Option<PathBuf>,
    scratch: [u32; 2],
    /// The reference instance run in lockstep (see the module docs).
    shadow: Option<Box<Sim>>,
}

// The Verilated model is plain C++ state owned by this handle only.
unsafe impl Send for Sim {}

impl Sim {
    /// Every module that was Verilated into this build.
    pub fn modules() -> &'static [ModuleDesc] {
        MODULES
    }

    /// Instantiate module `name` (its registers at their power-on values).
    pub fn new(name: &str) -> Result<Sim, CosimError> {
        let desc = MODULES.iter().find(|m| m.name == name).ok_or_else(|| {
            CosimError::NoModule(
                name.into(),
                MODULES
                    .iter()
                    .map(|m| m.name)
                    .collect::<Vec<_>>()
                    .join(", "),
            )
        })?;
        // SAFETY: the shim's constructor has no preconditions.
        let h = unsafe { (desc.vt.new)() };
        let mut sim = Sim {
            h,
            desc,
            clock: Port {
                index: 0,
                width: 1,
                words: 1,
            },
            cycles: 0,
            tracing: None,
            scratch: [0; 2],
            shadow: None,
        };
        sim.clock = sim.port("clock")?;
        let lockstep = std::env::var("BRAID_LOCKSTEP").unwrap_or_default();
        if lockstep.split(',').any(|m| m == name) {
            let r = format!("{name}_ref");
            let shadow = Sim::new(&r).unwrap_or_else(|e| {
                panic!("BRAID_LOCKSTEP names {name}, but {e} (build with BRAID_COSIM_REF)")
            });
            let same = |a: &PortDesc, b: &PortDesc| {
                a.name == b.name && a.width == b.width && a.input == b.input
            };
            assert!(
                desc.ports.len() == shadow.desc.ports.len()
                    && desc
                        .ports
                        .iter()
                        .zip(shadow.desc.ports)
                        .all(|(a, b)| same(a, b)),
                "lockstep: {r} does not have the ports of {name}"
            );
            sim.shadow = Some(Box::new(shadow));
        }
        if let Some(dir) = std::env::var_os("BRAID_FST") {
            let n = TRACE_SEQ.fetch_add(1, Ordering::Relaxed);
            let path = Path::new(&dir).join(format!("{name}-{n}.fst"));
            let _ = std::fs::create_dir_all(&dir);
            sim.trace_to(&path)?;
            log::info!("writing waveform {}", path.display());
        }
        Ok(sim)
    }

    /// The module's description.
    pub fn desc(&self) -> &'static ModuleDesc {
        self.desc
    }

    /// Resolve a port by name.
    pub fn port(&self, name: &str) -> Result<Port, CosimError> {
        let (i, p) = self
            .desc
            .ports
            .iter()
            .enumerate()
            .find(|(_, p)| p.name == name)
            .ok_or_else(|| CosimError::NoPort {
                module: self.desc.name.into(),
                port: name.into(),
                ports: self
                    .desc
                    .ports
                    .iter()
                    .map(|p| p.name)
                    .collect::<Vec<_>>()
                    .join(", "),
            })?;
        Ok(Port {
            index: i as u32,
            width: p.width,
            words: p.width.div_ceil(32) as usize,
        })
    }

    /// Resolve an input port by name (an output is an error).
    pub fn input(&self, name: &str) -> Result<Port, CosimError> {
        let p = self.port(name)?;
        if !self.desc.ports[p.index as usize].input {
            return Err(CosimError::NotInput(name.into()));
        }
        Ok(p)
    }

    /// Drive an input of up to 64 bits (higher bits of `v` are ignored).
    pub fn set(&mut self, p: Port, v: u64) {
        let v = if p.width >= 64 {
            v
        } else {
            v & ((1u64 << p.width) - 1)
        };
        self.scratch = [v as u32, (v >> 32) as u32];
        assert!(p.words <= 2, "port of {} bits: use set_words", p.width);
        // SAFETY: the shim reads p.words (<= 2) words for this port index.
        unsafe { (self.desc.vt.set)(self.h, p.index, self.scratch.as_ptr()) }
        if let Some(s) = &mut self.shadow {
            s.set(p, v);
        }
    }

    /// Drive an input of any width from little-endian 32-bit words.
    pub fn set_words(&mut self, p: Port, w: &[u32]) {
        assert!(
            w.len() >= p.words,
            "{} words given for a {}-bit port",
            w.len(),
            p.width
        );
        // SAFETY: the shim reads exactly p.words words, all present.
        unsafe { (self.desc.vt.set)(self.h, p.index, w.as_ptr()) }
        if let Some(s) = &mut self.shadow {
            s.set_words(p, w);
        }
    }

    /// Read a port of up to 64 bits.
    pub fn get(&self, p: Port) -> u64 {
        assert!(p.words <= 2, "port of {} bits: use get_words", p.width);
        let mut w = [0u32; 2];
        // SAFETY: the shim writes p.words (<= 2) words.
        unsafe { (self.desc.vt.get)(self.h, p.index, w.as_mut_ptr()) };
        w[0] as u64 | (w[1] as u64) << 32
    }

    /// Read a port of any width into little-endian 32-bit words.
    pub fn get_words(&self, p: Port, w: &mut [u32]) {
        assert!(
            w.len() >= p.words,
            "{} words given for a {}-bit port",
            w.len(),
            p.width
        );
        // SAFETY: the shim writes exactly p.words words, all present.
        unsafe { (self.desc.vt.get)(self.h, p.index, w.as_mut_ptr()) }
    }

    /// Settle combinational logic after changing inputs without a clock edge.
    pub fn eval(&mut self) {
        // SAFETY: handle is live.
        unsafe { (self.desc.vt.eval)(self.h) }
        if let Some(s) = &mut self.shadow {
            s.eval();
            self.compare("eval");
        }
    }

    /// Lockstep: panic at the first output port whose value differs from
    /// the reference instance's.
    fn compare(&self, at: &str) {
        let Some(s) = &self.shadow else { return };
        if std::thread::panicking() {
            return; // a clock run while unwinding from the first difference
        }
        let (mut a, mut b) = ([0u32; 64], [0u32; 64]);
        for (i, d) in self.desc.ports.iter().enumerate() {
            if d.input {
                continue;
            }
            let n = d.width.div_ceil(32) as usize;
            assert!(
                n <= a.len(),
                "lockstep: port {} wider than 2048 bits",
                d.name
            );
            // SAFETY: both shims write exactly n words (<= 64) for port i
            // (the two modules' ports are the same).
            unsafe {
                (self.desc.vt.get)(self.h, i as u32, a.as_mut_ptr());
                (s.desc.vt.get)(s.h, i as u32, b.as_mut_ptr());
            }
            let (a, b) = (&a[..n], &b[..n]);
            assert!(
                a == b,
                "lockstep: {} differs from {} at cycle {} ({at}) on output `{}`:\n  new {:08x?}\n  ref {:08x?}",
                self.desc.name,
                s.desc.name,
                self.cycles,
                d.name,
                a,
                b
            );
        }
    }

    /// One clock cycle: rising edge (inputs set before are sampled), then
    /// the falling edge. Outputs read afterwards show the post-edge values.
    pub fn tick(&mut self) {
        // SAFETY: handle is live; port index is the clock's.
        unsafe {
            let one = [1u32];
            let zero = [0u32];
            (self.desc.vt.set)(self.h, self.clock.index, one.as_ptr());
            (self.desc.vt.eval)(self.h);
            if self.tracing.is_some() {
                (self.desc.vt.trace_dump)(self.h);
            }
            (self.desc.vt.set)(self.h, self.clock.index, zero.as_ptr());
            (self.desc.vt.eval)(self.h);
            if self.tracing.is_some() {
                (self.desc.vt.trace_dump)(self.h);
            }
        }
        self.cycles += 1;
        if let Some(s) = &mut self.shadow {
            s.tick();
            self.compare("clock edge");
        }
    }

    /// Clock cycles run so far.
    pub fn cycles(&self) -> u64 {
        self.cycles
    }

    /// Start writing an FST waveform of every signal to `path`.
    pub fn trace_to(&mut self, path: &Path) -> Result<(), CosimError> {
        let c = CString::new(path.as_os_str().to_string_lossy().as_bytes())
            .map_err(|_| CosimError::Trace(path.into()))?;
        // SAFETY: handle is live, c is a valid C string for the call.
        let rc = unsafe { (self.desc.vt.trace_open)(self.h, c.as_ptr()) };
        if rc != 0 {
            return Err(CosimError::Trace(path.into()));
        }
        self.tracing = Some(path.into());
        // SAFETY: handle is live.
        unsafe { (self.desc.vt.trace_dump)(self.h) };
        Ok(())
    }

    /// The waveform file being written, if any.
    pub fn trace_path(&self) -> Option<&Path> {
        self.tracing.as_deref()
    }

    /// Close the waveform file (a no-op when none is open); the clock
    /// goes on untraced.
    pub fn trace_stop(&mut self) {
        // SAFETY: handle is live; closing twice is a no-op in the shim.
        unsafe { (self.desc.vt.trace_close)(self.h) };
        self.tracing = None;
    }
}

impl Drop for Sim {
    fn drop(&mut self) {
        #[cfg(braid_coverage)]
        coverage::write();
        // SAFETY: handle is live and dropped once; closes any open trace.
        unsafe {
            (self.desc.vt.trace_close)(self.h);
            (self.desc.vt.free)(self.h);
        }
    }
}
