//! Regenerate hdl/spec/src/bar0.rs from `regs::REGS`.
//!
//! `cargo run -p braid-spec --example gen-bar0` (add `-- --print` to print
//! the file instead of writing it).

fn main() {
    let src = braid_spec::bar0_source();
    if std::env::args().any(|a| a == "--print") {
        print!("{src}");
        return;
    }
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/bar0.rs");
    if std::fs::read_to_string(path).ok().as_deref() != Some(src.as_str()) {
        std::fs::write(path, src).expect("write bar0.rs");
        eprintln!("updated {path}");
    } else {
        eprintln!("{path} already up to date");
    }
}
