//! The `braid` command: board discovery and identity against fake sysfs and
//! /dev trees, argument errors, and `write_bw` / `write_lat` on the
//! co-simulated engines.

#[path = "../../driver/tests/common/sysfs.rs"]
mod sysfs;

use std::process::Command;
use sysfs::{three_devices, Tree};

fn braid(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_braid"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn braid_devices_lists_boards_and_what_is_missing() {
    let t = three_devices();
    t.vfio(&[17]);
    let (code, out, err) = braid(&["devices", "--sysfs", &t.s(), "--dev", &t.d()]);
    assert_eq!((code, err.as_str()), (0, ""));
    let s = t.s();
    assert_eq!(
        out,
        format!(
            "ADDRESS       ID         CLASS   DRIVER     GROUP  NUMA  VFIO\n\
             0000:3b:00.0  10ee:b4a1  058000  vfio-pci   17     1     ready\n\
             0000:3b:00.1 (10ee:913f, driver xdma) is an Alveo card running another bitstream, \
             not Braid's: load Braid's (driver/README.md, \"Loading the bitstream\")\n"
        )
    );
    // unbound: what is missing, with the commands
    let (_, out, _) = braid(&["devices", "--sysfs", &t.s(), "--dev", &t.d(), "--all"]);
    assert!(
        out.contains(&format!(
            "0000:3b:00.1  10ee:913f  058000  xdma       18     -     not ready:\n    \
             0000:3b:00.1 is bound to driver xdma, not vfio-pci; bind it to vfio-pci as root:\n    \
             \x20 modprobe vfio-pci\n    \
             \x20 echo 0000:3b:00.1 > {s}/bus/pci/devices/0000:3b:00.1/driver/unbind\n    \
             \x20 echo vfio-pci > {s}/bus/pci/devices/0000:3b:00.1/driver_override\n    \
             \x20 echo 0000:3b:00.1 > {s}/bus/pci/drivers_probe\n"
        )),
        "{out}"
    );
    let (code, out, _) = braid(&["devices", "--sysfs", &t.s(), "--dev", &t.d(), "--all"]);
    assert_eq!(code, 0);
    assert!(out.contains("\n0000:00:03.0  8086:10fb  020000  ixgbe      -      -     not ready:\n    0000:00:03.0 has no IOMMU group"), "{out}");

    let empty = Tree::new();
    let (code, out, _) = braid(&["devices", "--sysfs", &empty.s()]);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        format!(
            "no Braid board found: none of the 0 PCI devices under {}/bus/pci/devices has \
             Braid's id 10ee:b4a1 (`braid devices --all` lists them all)\n",
            empty.s()
        )
    );
    let (code, out, err) = braid(&["devices", "--sysfs", "/nonexistent-sysfs"]);
    assert_eq!((code, out.as_str()), (1, ""));
    assert!(
        err.starts_with("braid: cannot read /nonexistent-sysfs/bus/pci/devices: "),
        "{err}"
    );
}

#[test]
fn braid_info_opens_the_memory_backend_and_refuses_bad_devices() {
    let (code, out, err) = braid(&["info", "--device", "mem"]);
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(
        out,
        format!(
            "memory: Braid engine, register interface 2.0, spec hash 0x{:08x}, 64 connections x \
             16 paths, {} streams\n",
            braid_spec::SPEC_HASH,
            braid_spec::state::MAX_STREAMS
        )
    );
    let (code, out, err) = braid(&["info", "--device", "3b:00"]);
    assert_eq!((code, out.as_str()), (1, ""));
    assert_eq!(
        err,
        "braid: malformed PCI address \"3b:00\": no '.' before the function number; expected \
         DDDD:BB:DD.F (e.g. 0000:3b:00.0) or BB:DD.F (e.g. 3b:00.0), in hex\n"
    );
    let t = three_devices();
    let (code, _, err) = braid(&["info", "--device", "3b:00.1", "--sysfs", &t.s()]);
    assert_eq!(code, 1);
    assert!(
        err.starts_with("braid: 0000:3b:00.1 is bound to driver xdma, not vfio-pci;"),
        "{err}"
    );
    // the real machine: no board, no VFIO
    let (code, _, err) = braid(&["info", "--device", "ffff:ff:1f.7"]);
    assert_eq!(code, 1);
    assert!(
        err.starts_with("braid: PCI device ffff:ff:1f.7 not found"),
        "{err}"
    );
}

#[test]
fn braid_stats_prints_every_counter_and_the_selected_path() {
    let (code, out, err) = braid(&["stats", "--device", "mem", "--select", "3:1"]);
    assert_eq!((code, err.as_str()), (0, ""), "{out}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "memory: Braid engine counters");
    // every engine-wide counter once (RX_BYTES as one 64-bit value), each 0
    // after reset, then the selected path
    let names: Vec<&str> = braid_spec::regs::COUNTERS
        .iter()
        .map(|r| r.name)
        .filter(|n| !n.starts_with("PATH_") && *n != "RX_BYTES_HI")
        .map(|n| if n == "RX_BYTES_LO" { "RX_BYTES" } else { n })
        .collect();
    assert_eq!(lines.len(), 1 + names.len() + 2, "{out}");
    for (l, n) in lines[1..].iter().zip(&names) {
        let want = if *n == "RX_HINT" {
            format!("{n:<22} 0 (shared by 0 senders)")
        } else {
            format!("{n:<22} 0")
        };
        assert_eq!(*l, want);
    }
    assert_eq!(
        &lines[1 + names.len()..],
        [
            "path 1 of connection 3: 0 sent, 0 acknowledged, 0 lost, 0 ECN-marked, 0 timeouts",
            "  no congestion-control event since the selection"
        ]
    );
    let (code, out, err) = braid(&["stats", "--device", "mem", "--select", "64:0"]);
    assert_eq!((code, out.as_str()), (1, ""));
    assert_eq!(
        err,
        "braid: invalid argument: path 0 of connection 64: this engine has 64 connections x 16 paths\n"
    );
    let (code, _, err) = braid(&["stats", "--device", "mem", "--select", "0:16"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("path 16 of connection 0: this engine has 64 connections x 16 paths"),
        "{err}"
    );
    let (code, _, err) = braid(&["stats", "--device", "mem", "--select", "3"]);
    assert_eq!(code, 2, "a usage error");
    assert!(
        err.contains("`3`: expected CONN:PATH, two numbers, e.g. 3:0"),
        "{err}"
    );
    let (code, _, err) = braid(&["stats", "--device", "mem", "--select", "3:x"]);
    assert_eq!(code, 2);
    assert!(err.contains("`3:x`: path `x` is not a number"), "{err}");
}

#[test]
fn perftest_arguments_say_what_is_wrong() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["write_bw", "--tx-depth", "33"],
            "braid: --tx-depth 33: must be 1 to 32 (the engine holds 32 messages per connection \
             in flight)\n",
        ),
        (
            &["write_bw", "--size", "0"],
            "braid: --size 0: a message carries at least 1 byte\n",
        ),
        (
            &["write_lat", "--iters", "0"],
            "braid: --iters 0: a run needs at least 1\n",
        ),
        (
            &["write_bw", "--server"],
            "braid: --server is for a board: give --device ADDR too (without --device, \
             write_bw runs both sides in this process on the co-simulated engines)\n",
        ),
        (
            &["write_lat", "--ip", "10.0.0.1"],
            "braid: --ip is for a board: give --device ADDR too (without --device, write_lat \
             runs both sides in this process on the co-simulated engines)\n",
        ),
        (
            &["write_bw", "--device", "3b:00.0", "--loss", "0.01"],
            "braid: --loss is for the co-simulated engines; on a board (--device) the loss is \
             the network's and the data is not seeded\n",
        ),
        (
            &["write_bw", "--device", "3b:00.0", "--server"],
            "braid: write_bw on a board needs --mac and --ip: the engine's own Ethernet and \
             IPv4 addresses, the source of every frame it sends\n",
        ),
        (
            &[
                "write_lat",
                "--device",
                "3b:00.0",
                "--mac",
                "02:42:52:00:00:01",
                "--ip",
                "10.0.0.1",
            ],
            "braid: write_lat on a board runs on two hosts: give --server on one and --connect \
             HOST on the other\n",
        ),
        (
            &[
                "write_lat",
                "--device",
                "3b:00.0",
                "--mac",
                "02:42:52:00:00:01",
                "--ip",
                "10.0.0.1",
                "--server",
                "--connect",
                "h",
            ],
            "braid: --server and --connect exclude each other: the server waits for the \
             client, the client connects to it\n",
        ),
        (
            &["write_bw", "--loss", "1.5"],
            "braid: --loss 1.5: must be at least 0 and below 1\n",
        ),
        (
            &["write_bw", "--device", "3b:00.0", "--mtu", "8192"],
            "braid: --mtu sets the soft endpoint's packet size; a board's is its \
             NET_CFG.mtu_code (run write_bw with --soft to use it)\n",
        ),
    ];
    for (args, want) in cases {
        let (code, out, err) = braid(args);
        assert_eq!(
            (code, out.as_str(), err.as_str()),
            (1, "", *want),
            "{args:?}"
        );
    }
    // clap's own refusals name the argument too
    let (code, _, err) = braid(&["write_bw", "--device", "x", "--mac", "02:42:52:00:00"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("\"02:42:52:00:00\" is not an Ethernet address: give six hex bytes"),
        "{err}"
    );
    // a byte is one or two hex digits: 3 digits, a sign or an empty group
    // are refused, one digit is taken
    for bad in [
        "02:42:52:00:00:0042",
        "02:42:52:00:00:+1",
        "02:42:52::00:01",
        "02:42:52:00:00:01:02",
    ] {
        let (code, _, err) = braid(&["write_bw", "--device", "x", "--mac", bad]);
        assert_eq!(code, 2, "{bad}");
        assert!(
            err.contains(&format!("{bad:?} is not an Ethernet address")),
            "{bad}: {err}"
        );
    }
    // a deepest --tx-depth (the engine's 32 messages) and a one-digit MAC
    // pass, so the next check speaks: the missing --ip
    let (code, out, err) = braid(&[
        "write_bw",
        "--device",
        "3b:00.0",
        "--tx-depth",
        "32",
        "--mac",
        "2:42:52:0:0:1",
        "--server",
    ]);
    assert_eq!(
        (code, out.as_str(), err.as_str()),
        (
            1,
            "",
            "braid: write_bw on a board needs --mac and --ip: the engine's own Ethernet and \
             IPv4 addresses, the source of every frame it sends\n"
        )
    );
    let (code, _, err) = braid(&["write_lat", "--seed", "0xzz"]);
    assert_eq!(code, 2);
    assert!(err.contains("\"0xzz\" is not a seed"), "{err}");
    for args in [
        &["write_bw", "--soft", "--mtu", "5000"][..],
        &["serve", "--mtu", "0"],
    ] {
        let (code, _, err) = braid(args);
        assert_eq!(code, 2, "{args:?}");
        assert!(
            err.contains("is not a packet size: give 1024, 2048, 4096 or 8192 payload bytes"),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn perftest_on_a_board_reports_the_vfio_set_up_first() {
    // a board whose VFIO set-up is incomplete: the error is the set-up's,
    // before any wait on the network
    let t = three_devices();
    let (code, out, err) = braid(&[
        "write_bw",
        "--device",
        "3b:00.1",
        "--sysfs",
        &t.s(),
        "--dev",
        &t.d(),
        "--mac",
        "02:42:52:00:00:01",
        "--ip",
        "10.0.0.1",
        "--server",
    ]);
    assert_eq!((code, out.as_str()), (1, ""));
    assert!(
        err.starts_with("braid: 0000:3b:00.1 is bound to driver xdma, not vfio-pci;"),
        "{err}"
    );
    let empty = Tree::new();
    let (code, _, err) = braid(&[
        "write_lat",
        "--device",
        "3b:00.0",
        "--sysfs",
        &empty.s(),
        "--mac",
        "02:42:52:00:00:01",
        "--ip",
        "10.0.0.1",
        "--connect",
        "127.0.0.1",
    ]);
    assert_eq!(code, 1);
    assert!(
        err.starts_with("braid: PCI device 0000:3b:00.0 not found"),
        "{err}"
    );
}

/// The figures' line of a table printed by `write_bw` / `write_lat`: the
/// line after the header that starts with `head`.
fn figures<'a>(out: &'a str, head: &str) -> Vec<&'a str> {
    let mut lines = out
        .lines()
        .skip_while(|l| !l.trim_start().starts_with(head));
    lines
        .next()
        .unwrap_or_else(|| panic!("no {head:?} header in:\n{out}"));
    lines.next().unwrap().split_whitespace().collect()
}

#[test]
fn write_bw_and_write_lat_run_on_the_co_simulated_engines() {
    let (code, out, err) = braid(&[
        "write_bw",
        "--size",
        "8192",
        "--iters",
        "24",
        "--tx-depth",
        "8",
        "--loss",
        "0.01",
        "--seed",
        "0x5eed",
    ]);
    assert_eq!((code, err.as_str()), (0, ""), "{out}");
    assert!(
        out.starts_with("write_bw on two co-simulated engines"),
        "{out}"
    );
    // simulated time at the engine clock: the figures are exact for the
    // seed (a change of behaviour shows here; re-pin by copying the
    // printed line after checking why it moved)
    let f = figures(&out, "bytes");
    assert_eq!(
        [f[0], f[1], f[2], f[4], f[5], f[6]],
        ["8192", "24", "53.43", "0", "0", "8831"],
        "write_bw: bytes, iters, Gb/s, retransmissions, timeouts, clocks:\n{out}"
    );
    assert!(out.contains("B's region holds A's source in both slots (checked)."));
    assert!(out.contains("\n  TX_MSGS "), "{out}");

    let (code, out, err) = braid(&["write_lat", "--iters", "20", "--seed", "7"]);
    assert_eq!((code, err.as_str()), (0, ""), "{out}");
    assert!(
        out.starts_with("write_lat on two co-simulated engines"),
        "{out}"
    );
    assert!(out.contains(", 8 bytes, "), "{out}");
    // exact to the engine clock: each way crosses 4 links of 500 ns (host,
    // leaf, spine, leaf, host), the rest is the two engines
    let f = figures(&out, "iters");
    assert_eq!(
        f,
        ["20", "2.833", "2.837", "2.837", "2.837", "2.837", "2.837"],
        "write_lat: iters, min, typical, avg, p99, p99.9, max (us):\n{out}"
    );
    assert!(
        out.contains("both buffers hold the other side's data (checked)"),
        "{out}"
    );
}

#[test]
fn pair_check_and_simulated_boards_say_what_is_wrong() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["pair_check", "--device", "mem", "--peer-device", "mem"],
            "braid: --device and --peer-device both name mem: the check needs two boards\n",
        ),
        (
            &[
                "pair_check",
                "--device",
                "a",
                "--peer-device",
                "b",
                "--count",
                "0",
            ],
            "braid: --count, --max-size and --depth must each be at least 1\n",
        ),
        (
            &[
                "pair_check",
                "--device",
                "a",
                "--peer-device",
                "b",
                "--depth",
                "33",
            ],
            "braid: --depth 33: at most 32 (the messages a connection holds in flight)\n",
        ),
        (
            &["info", "--device", "sim:/tmp/x"],
            "braid: invalid argument: \"sim:/tmp/x\": a simulated board is sim:SOCKET:BOARD, e.g. \
             sim:/tmp/braid.sock:0\n",
        ),
    ];
    for (args, want) in cases {
        let (code, out, err) = braid(args);
        assert_eq!(
            (code, out.as_str(), err.as_str()),
            (1, "", *want),
            "{args:?}"
        );
    }
    // no bench listening: says which socket and what to start
    let (code, _, err) = braid(&["info", "--device", "sim:/nonexistent/braid.sock:0"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("cannot connect to the testbench at /nonexistent/braid.sock")
            && err.contains("is the board simulation (tests/cocotb/board_pair) running?"),
        "{err}"
    );
}

/// A soft client `braid` with `args`, retried while its server does not
/// listen yet (at most 5 s).
fn soft_client(args: &[&str]) -> std::process::Output {
    for _ in 0..50 {
        let out = Command::new(env!("CARGO_BIN_EXE_braid"))
            .args(args)
            .output()
            .unwrap();
        if !String::from_utf8_lossy(&out.stderr).contains("cannot connect") {
            return out;
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    panic!("no server listened for `braid {}`", args.join(" "));
}

/// A background `braid` with `args`, its output collected.
fn soft_server(args: &[&str]) -> std::process::Child {
    Command::new(env!("CARGO_BIN_EXE_braid"))
        .args(args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap()
}

/// `write_bw` and `write_lat` on the soft endpoint, as on two hosts: a
/// server and a client process, each with UDP sockets on its own loopback
/// address, connected through the TCP parameter exchange. Both exit 0 and
/// the client prints its figures; a missing --ip is refused; `braid
/// serve` answers a client's test.
#[test]
fn write_bw_and_write_lat_run_on_the_soft_endpoint_between_two_processes() {
    let (code, _, err) = braid(&["write_bw", "--soft", "--server"]);
    assert_eq!(code, 1);
    assert!(err.contains("needs --ip"), "{err}");
    let text = |o: &std::process::Output| {
        format!(
            "{}{}",
            String::from_utf8_lossy(&o.stdout),
            String::from_utf8_lossy(&o.stderr)
        )
    };
    for (test, port, size) in [("write_bw", "18711", "65536"), ("write_lat", "18712", "64")] {
        let common = [
            "--port", port, "--size", size, "--iters", "50", "--paths", "4",
        ];
        let server = soft_server(
            &[
                &[test, "--soft", "--server", "--ip", "127.0.81.2"][..],
                &common,
            ]
            .concat(),
        );
        let client = soft_client(
            &[
                &[
                    test,
                    "--soft",
                    "--connect",
                    "127.0.0.1",
                    "--ip",
                    "127.0.81.1",
                ][..],
                &common,
            ]
            .concat(),
        );
        let server = server.wait_with_output().unwrap();
        assert_eq!(
            client.status.code(),
            Some(0),
            "{test} client: {}",
            text(&client)
        );
        assert_eq!(
            server.status.code(),
            Some(0),
            "{test} server: {}",
            text(&server)
        );
        let cout = String::from_utf8_lossy(&client.stdout);
        assert!(cout.contains(&format!("{test} on soft, 4 paths")), "{cout}");
    }
    // `braid serve` answers a client whatever its test, here with 8 KiB
    // packets each way (the messages span several)
    let server = soft_server(&[
        "serve",
        "--ip",
        "127.0.82.2",
        "--port",
        "18713",
        "--mtu",
        "8192",
        "--once",
    ]);
    let client = soft_client(&[
        "write_lat",
        "--soft",
        "--connect",
        "127.0.0.1",
        "--ip",
        "127.0.82.1",
        "--port",
        "18713",
        "--size",
        "20000",
        "--iters",
        "20",
        "--mtu",
        "8192",
    ]);
    let server = server.wait_with_output().unwrap();
    let serr = String::from_utf8_lossy(&server.stderr);
    assert_eq!(
        (client.status.code(), server.status.code()),
        (Some(0), Some(0)),
        "client: {}; serve: {serr}",
        text(&client)
    );
    assert!(serr.contains("served 127.0.0.1:"), "{serr}");
    assert!(serr.contains("braid-perf write_lat 20000 20"), "{serr}");
}
