//! Regenerate the Wireshark dissector `tools/wireshark/braid.lua` from the
//! field tables.
//!
//! `cargo run -p braid-spec --example gen-dissector` (add `-- --print` to
//! print it instead of writing the file).

fn main() {
    let lua = braid_spec::wireshark_lua();
    if std::env::args().any(|a| a == "--print") {
        print!("{lua}");
        return;
    }
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tools/wireshark/braid.lua"
    );
    let old = std::fs::read_to_string(path).unwrap_or_default();
    if old != lua {
        if let Some(dir) = std::path::Path::new(path).parent() {
            std::fs::create_dir_all(dir).expect("create tools/wireshark");
        }
        std::fs::write(path, &lua).expect("write braid.lua");
        eprintln!("updated {path}");
    } else {
        eprintln!("{path} already up to date");
    }
}
