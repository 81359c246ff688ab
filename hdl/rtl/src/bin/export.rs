//! Write every block's Verilog to `verilog-out/`, or with `--check` verify
//! that the committed files match the source.

use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    env_logger::init();
    let mut check = false;
    let mut dir: Option<PathBuf> = None;
    let mut only: Option<Vec<String>> = None;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--check" => check = true,
            "--out" => match args.next() {
                Some(d) => dir = Some(PathBuf::from(d)),
                None => {
                    eprintln!("error: --out needs a directory");
                    return ExitCode::from(2);
                }
            },
            "--only" => match args.next() {
                Some(list) => only = Some(list.split(',').map(str::to_owned).collect()),
                None => {
                    eprintln!("error: --only needs a comma-separated list of block names");
                    return ExitCode::from(2);
                }
            },
            "-h" | "--help" => {
                println!(
                    "usage: export [--check] [--out DIR] [--only A,B,...]\n\
                     Writes verilog-out/<block>.v for every block (default DIR: the\n\
                     workspace's verilog-out/). --check writes nothing and exits 1\n\
                     naming each file that differs from what the source generates.\n\
                     --only restricts either to the named blocks (e.g. sprayer_tiny)."
                );
                return ExitCode::SUCCESS;
            }
            other => {
                eprintln!("error: unknown argument `{other}` (try --help)");
                return ExitCode::from(2);
            }
        }
    }
    let dir = dir.unwrap_or_else(|| {
        let d = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../verilog-out");
        d.canonicalize().unwrap_or(d)
    });
    let blocks = braid_hdl::export::blocks();
    if let Some(names) = &only {
        for n in names {
            if !blocks.iter().any(|b| b.name == n.as_str()) {
                let all: Vec<&str> = blocks.iter().map(|b| b.name).collect();
                eprintln!(
                    "error: --only: no block named `{n}` (blocks: {})",
                    all.join(", ")
                );
                return ExitCode::from(2);
            }
        }
    }
    let mut stale = Vec::new();
    for block in blocks {
        if only
            .as_ref()
            .is_some_and(|o| !o.iter().any(|n| n == block.name))
        {
            continue;
        }
        let path = dir.join(format!("{}.v", block.name));
        let text = block.verilog();
        if check {
            match std::fs::read_to_string(&path) {
                Ok(old) if old == text => log::info!("{} up to date", path.display()),
                Ok(_) => stale.push(format!("{} differs from the source", path.display())),
                Err(e) => stale.push(format!("{} cannot be read: {e}", path.display())),
            }
        } else {
            if let Err(e) = std::fs::create_dir_all(&dir).and_then(|_| std::fs::write(&path, &text))
            {
                eprintln!("error: writing {}: {e}", path.display());
                return ExitCode::FAILURE;
            }
            println!("wrote {} ({} lines)", path.display(), text.lines().count());
        }
    }
    if check {
        if stale.is_empty() {
            match &only {
                Some(names) => println!(
                    "verilog-out/ matches the RustHDL source for {}",
                    names.join(", ")
                ),
                None => println!("verilog-out/ matches the RustHDL source"),
            }
        } else {
            for s in &stale {
                eprintln!("error: {s}");
            }
            eprintln!("run `cargo run -p braid-hdl --bin export` and commit verilog-out/");
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}
