//! Regenerate the generated section of hdl/spec/SPEC.md.
//!
//! `cargo run -p braid-spec --example gen-spec` (add `-- --print` to print the
//! section instead of rewriting the file).

fn main() {
    if std::env::args().any(|a| a == "--print") {
        print!("{}", braid_spec::spec_markdown());
        return;
    }
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/SPEC.md");
    let doc = std::fs::read_to_string(path).expect("read SPEC.md");
    let new = braid_spec::splice(&doc).expect("SPEC.md lacks the GENERATED markers");
    if new != doc {
        std::fs::write(path, new).expect("write SPEC.md");
        eprintln!("updated {path}");
    } else {
        eprintln!("{path} already up to date");
    }
    eprintln!("SPEC_HASH = 0x{:08x}", braid_spec::SPEC_HASH);
}
