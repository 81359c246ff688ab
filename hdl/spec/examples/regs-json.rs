//! Print the BAR0 register map as JSON, for test benches outside Rust (the
//! cocotb benches in `tests/cocotb/`): one object per register with its
//! name, offset, access and reset value (`null` when the build sets it),
//! and the map's length.
//!
//! `cargo run -q -p braid-spec --example regs-json > regs.json`

use braid_spec::regs::{MAP_LEN, REGS};

fn main() {
    let mut out = String::from("{\n  \"map_len\": ");
    out.push_str(&MAP_LEN.to_string());
    out.push_str(",\n  \"regs\": [\n");
    for (k, r) in REGS.iter().enumerate() {
        let reset = match r.reset.value() {
            Some(v) => v.to_string(),
            None => "null".to_string(),
        };
        out.push_str(&format!(
            "    {{\"name\": \"{}\", \"offset\": {}, \"access\": \"{}\", \"reset\": {}}}{}\n",
            r.name,
            r.offset,
            r.access.name(),
            reset,
            if k + 1 < REGS.len() { "," } else { "" }
        ));
    }
    out.push_str("  ]\n}\n");
    print!("{out}");
}
