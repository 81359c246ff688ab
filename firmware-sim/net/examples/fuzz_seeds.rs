//! Write `braid_net::fuzz::seeds()` under DIR/<target>/ (the starting
//! corpus of `scripts/fuzz.sh`): `cargo run --example fuzz_seeds -- DIR`.
fn main() {
    let dir = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "fuzz/corpus".to_string());
    let seeds = braid_net::fuzz::seeds();
    for (k, (target, input)) in seeds.iter().enumerate() {
        let d = std::path::Path::new(&dir).join(target);
        std::fs::create_dir_all(&d).unwrap_or_else(|e| panic!("{}: {e}", d.display()));
        let f = d.join(format!("seed-{k:03}"));
        std::fs::write(&f, input).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
    }
    eprintln!("{} seed inputs under {dir}", seeds.len());
}
