//! Network namespaces for tests and benchmarks that run the soft endpoint
//! across a real network stack without touching the host's: each
//! [`Namespace`] is made on creation and removed when dropped (also when a
//! test fails), with everything in it (veth ends, bridges, TAP devices).
//! Needs root and iproute2 (nftables for drop and marking rules);
//! `scripts/setup.sh` installs them.

use std::process::Command;

/// Run a command; its stderr in the error if it fails.
pub fn sh(args: &[&str]) -> Result<(), String> {
    sh_out(args).map(|_| ())
}

/// Run a command and return its stdout; its stderr in the error if it
/// fails.
pub fn sh_out(args: &[&str]) -> Result<String, String> {
    let out = Command::new(args[0])
        .args(&args[1..])
        .output()
        .map_err(|e| format!("{}: {e}", args[0]))?;
    if out.status.success() {
        Ok(String::from_utf8_lossy(&out.stdout).into_owned())
    } else {
        Err(format!(
            "`{}` failed: {}",
            args.join(" "),
            String::from_utf8_lossy(&out.stderr).trim()
        ))
    }
}

/// Whether the tests that need namespaces are to be skipped: only when
/// `BRAID_SKIP_NETNS=1`, and then saying so on stderr (never silently).
pub fn skip(what: &str) -> bool {
    let skip = std::env::var("BRAID_SKIP_NETNS").as_deref() == Ok("1");
    if skip {
        eprintln!("SKIPPED (BRAID_SKIP_NETNS=1): {what}");
    }
    skip
}

/// The error of a namespace set-up, saying what it needs.
pub fn setup_failed(e: &str) -> String {
    format!(
        "cannot set up the network namespaces (root, iproute2 and nftables are needed; \
         BRAID_SKIP_NETNS=1 skips these tests): {e}"
    )
}

/// A network namespace, removed when dropped.
pub struct Namespace {
    name: String,
}

impl Namespace {
    /// Make namespace `name` with its loopback up.
    pub fn create(name: &str) -> Result<Namespace, String> {
        sh(&["ip", "netns", "add", name])?;
        let ns = Namespace {
            name: name.to_string(),
        };
        ns.exec(&["ip", "link", "set", "lo", "up"])?;
        Ok(ns)
    }

    /// Its name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Run `args` inside it.
    pub fn exec(&self, args: &[&str]) -> Result<String, String> {
        sh_out(&[&["ip", "netns", "exec", &self.name][..], args].concat())
    }

    /// Apply the nftables statement `rule` to the UDP datagrams for port
    /// `port` that this namespace receives (`hook` "input") or sends
    /// ("output"): a drop (`numgen random mod 100 < 1 drop`), a mark
    /// (`ip ecn set ce`).
    pub fn nft_udp(&self, hook: &str, port: u16, rule: &str) -> Result<(), String> {
        // the table once; a chain per hook
        let _ = self.exec(&["nft", "add", "table", "inet", "braid"]);
        self.exec(&[
            "nft",
            "add",
            "chain",
            "inet",
            "braid",
            hook,
            &format!("{{ type filter hook {hook} priority 0 ; }}"),
        ])?;
        let port = port.to_string();
        let words: Vec<&str> = ["nft", "add", "rule", "inet", "braid", hook]
            .into_iter()
            .chain(["udp", "dport", &port])
            .chain(rule.split_whitespace())
            .collect();
        self.exec(&words).map(|_| ())
    }

    /// The Ethernet address of interface `dev` in it.
    pub fn mac_of(&self, dev: &str) -> Result<[u8; 6], String> {
        let line = self.exec(&["ip", "-o", "link", "show", dev])?;
        let mac = line
            .split_whitespace()
            .skip_while(|w| *w != "link/ether")
            .nth(1)
            .ok_or_else(|| format!("{dev} in {}: no Ethernet address in {line:?}", self.name))?;
        let mut m = [0u8; 6];
        let parts: Vec<&str> = mac.split(':').collect();
        if parts.len() != 6 {
            return Err(format!("{mac:?} is not an Ethernet address"));
        }
        for (d, p) in m.iter_mut().zip(parts) {
            *d = u8::from_str_radix(p, 16).map_err(|e| format!("{mac:?}: {e}"))?;
        }
        Ok(m)
    }

    /// Move the calling thread into this namespace (sockets and devices
    /// it opens from now on are the namespace's).
    pub fn enter(&self) -> Result<(), String> {
        enter(&self.name)
    }
}

/// Move the calling thread into network namespace `name`.
pub fn enter(name: &str) -> Result<(), String> {
    use std::os::fd::AsRawFd;
    let f = std::fs::File::open(format!("/var/run/netns/{name}"))
        .map_err(|e| format!("namespace {name}: {e}"))?;
    // SAFETY: a valid namespace file descriptor; affects this thread only
    let r = unsafe { libc::setns(f.as_raw_fd(), libc::CLONE_NEWNET) };
    if r == 0 {
        Ok(())
    } else {
        Err(format!("setns {name}: {}", std::io::Error::last_os_error()))
    }
}

impl Drop for Namespace {
    fn drop(&mut self) {
        // veth ends, bridges and TAP devices go with it
        let _ = sh(&["ip", "netns", "del", &self.name]);
    }
}

/// The MTU of the links made here: Braid frames carry up to 4 KiB of
/// payload and are never fragmented (SPEC.md section 2: DF set,
/// fragments dropped), so they need jumbo frames.
pub const MTU: u32 = 9000;

/// A veth pair: `a_dev` in `a`, `b_dev` in `b`, both up at [`MTU`], each
/// with its address (`ip/prefix`) unless empty.
pub fn veth(
    a: &Namespace,
    a_dev: &str,
    a_addr: &str,
    b: &Namespace,
    b_dev: &str,
    b_addr: &str,
) -> Result<(), String> {
    sh(&[
        "ip", "link", "add", a_dev, "type", "veth", "peer", "name", b_dev,
    ])?;
    for (ns, dev, addr) in [(a, a_dev, a_addr), (b, b_dev, b_addr)] {
        sh(&["ip", "link", "set", dev, "netns", ns.name()])?;
        if !addr.is_empty() {
            ns.exec(&["ip", "addr", "add", addr, "dev", dev])?;
        }
        ns.exec(&["ip", "link", "set", dev, "mtu", &MTU.to_string(), "up"])?;
    }
    Ok(())
}
