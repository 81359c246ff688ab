//! The `braid` command's library part: its argument definitions
//! ([`args`]), shared by the binary and the fuzz targets.

pub mod args;

/// Command lines as a user types them: the seeds of the `cli_args` fuzz
/// target (arguments after `braid`, separated by NUL bytes in an input).
pub const SEED_LINES: &[&str] = &[
    "devices --all",
    "devices --sysfs /sys --dev /dev",
    "info --device 0000:3b:00.0",
    "info --device sim:/tmp/board.sock:0",
    "stats --device mem --select 3:0",
    "write_bw --size 65536 -n 200 --loss 0.01 --seed 0xb4a1",
    "write_bw --device 3b:00.0 --server --mac 02:42:52:00:00:01 --ip 10.0.0.1 --paths 16",
    "write_bw --soft --connect 10.0.0.2 --ip 10.0.0.1 --mtu 8192 --tx-depth 32",
    "write_lat --size 8 -n 5000 --device soft --connect host --port 18515",
    "pair_check --device sim:/tmp/a.sock:0 --peer-device sim:/tmp/a.sock:1 --count 300 \
     --max-size 16384 --depth 8 --seed 7 --paths 4",
    "serve --ip 10.0.0.1 --port 18515 --paths 16 --mtu 4096 --once",
];

/// The `cli_args` fuzz target: `data` is a command line, arguments
/// separated by NUL bytes (invalid UTF-8 is replaced). Parsing never
/// panics; a refusal prints a non-empty message; what parses holds only
/// values the parsers allow (an MTU the engine has, a MAC that prints and
/// parses back the same).
pub fn fuzz_args(data: &[u8]) {
    use clap::Parser;
    let text = String::from_utf8_lossy(data);
    let argv = std::iter::once("braid").chain(text.split('\0'));
    match args::Cli::try_parse_from(argv) {
        Err(e) => assert!(!e.to_string().is_empty(), "an empty refusal"),
        Ok(cli) => {
            let run = match &cli.cmd {
                args::Cmd::WriteBw { run, .. } | args::Cmd::WriteLat { run } => Some(run),
                args::Cmd::Serve { mtu, .. } => {
                    assert!(braid_net::soft::SoftConfig::valid_mtu(*mtu));
                    None
                }
                _ => None,
            };
            if let Some(r) = run {
                if let Some(m) = r.mtu {
                    assert!(braid_net::soft::SoftConfig::valid_mtu(m), "mtu {m}");
                }
                if let Some(mac) = r.mac {
                    let s = mac
                        .iter()
                        .map(|b| format!("{b:02x}"))
                        .collect::<Vec<_>>()
                        .join(":");
                    assert_eq!(args::parse_mac(&s), Ok(mac), "{s}");
                }
            }
        }
    }
}
