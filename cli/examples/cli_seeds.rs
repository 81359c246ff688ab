//! Write the `cli_args` fuzz target's seed inputs (braid_cli::SEED_LINES,
//! arguments separated by NUL bytes) into `DIR/cli_args/`.
//!
//! `cargo run -p braid-cli --example cli_seeds -- DIR`

fn main() {
    let dir = std::env::args().nth(1).expect("usage: cli_seeds DIR");
    let d = std::path::Path::new(&dir).join("cli_args");
    std::fs::create_dir_all(&d).expect("create the corpus directory");
    for (i, l) in braid_cli::SEED_LINES.iter().enumerate() {
        let bytes: Vec<u8> = l
            .split_whitespace()
            .collect::<Vec<_>>()
            .join("\0")
            .into_bytes();
        std::fs::write(d.join(format!("seed-{i:02}")), bytes).expect("write a seed");
    }
}
