//! Generator of `bar0.rs`: the register map of [`crate::regs::REGS`] as a
//! `#[repr(C)]` struct of `volatile-register` cells (for a memory-mapped
//! BAR0) and one `bitfield` type per register with fields.

use core::fmt::Write;

use crate::regs::{Access, REGS};

/// Rust identifier of a register or field name (`CMD_STATUS` ->
/// `cmd_status`).
fn snake(name: &str) -> String {
    let s = name.to_ascii_lowercase();
    match s.as_str() {
        "type" | "match" | "loop" | "move" | "ref" | "in" | "fn" | "mod" | "use" => format!("{s}_"),
        _ => s,
    }
}

/// Type name of a register's bitfield (`CMD_STATUS` -> `CmdStatus`).
pub fn camel(name: &str) -> String {
    name.split('_')
        .map(|w| {
            let mut c = w.chars();
            match c.next() {
                Some(f) => f.to_ascii_uppercase().to_string() + &c.as_str().to_ascii_lowercase(),
                None => String::new(),
            }
        })
        .collect()
}

/// The source of `hdl/spec/src/bar0.rs` (`cargo run -p braid-spec
/// --example gen-bar0` writes it; a test checks the file is this).
pub fn bar0_source() -> String {
    let mut o = String::new();
    o.push_str(
        "//! BAR0 as Rust types, generated from `regs::REGS` by `cargo run -p braid-spec \
         --example gen-bar0`: do not edit.\n//!\n\
         //! [`Bar0`] lays every register at its offset as a `volatile-register` cell\n\
         //! (`RO` for read-only registers, `RW` otherwise), for a driver that maps\n\
         //! BAR0 into memory; [`Bar0::read`] and [`Bar0::write`] reach a register by\n\
         //! offset. Each register with fields has a `bitfield` type of the same name\n\
         //! (`CMD_STATUS` -> [`CmdStatus`]) whose accessors are the fields of\n\
         //! `regs` (bit positions and widths checked against them below).\n\n\
         #![allow(missing_docs)]\n\n\
         use volatile_register::{RO, RW};\n\n",
    );
    o.push_str("/// BAR0, one field per register at its offset (`regs::MAP_LEN` bytes).\n");
    o.push_str("#[repr(C)]\npub struct Bar0 {\n");
    let mut at = 0u32;
    for r in REGS {
        if r.offset > at {
            let _ = writeln!(o, "    _reserved_{at:03x}: [u32; {}],", (r.offset - at) / 4);
        }
        let ty = if r.access == Access::Ro { "RO" } else { "RW" };
        let _ = writeln!(o, "    /// `{}` (0x{:03x}): {}", r.name, r.offset, r.desc);
        let _ = writeln!(o, "    pub {}: {ty}<u32>,", snake(r.name));
        at = r.offset + 4;
    }
    o.push_str("}\n\n");
    let _ = writeln!(
        o,
        "const _: () = assert!(core::mem::size_of::<Bar0>() == crate::regs::MAP_LEN as usize);"
    );
    for (i, r) in REGS.iter().enumerate() {
        let _ = writeln!(
            o,
            "const _: () = assert!(core::mem::offset_of!(Bar0, {}) == crate::regs::REGS[{i}].offset as usize);",
            snake(r.name)
        );
    }
    o.push_str(
        "\n/// A write to a register that cannot be written (read-only) or to an\n\
         /// offset that holds none.\n\
         #[derive(Debug, Clone, Copy, PartialEq, Eq)]\n\
         pub struct NotWritable(pub u32);\n\n\
         impl Bar0 {\n\
         \x20   /// The register at byte offset `off` (`None`: no register there).\n\
         \x20   pub fn read(&self, off: u32) -> Option<u32> {\n\
         \x20       Some(match off {\n",
    );
    for r in REGS {
        let _ = writeln!(
            o,
            "            0x{:03x} => self.{}.read(),",
            r.offset,
            snake(r.name)
        );
    }
    o.push_str(
        "            _ => return None,\n        })\n    }\n\n\
         \x20   /// Write `v` to the register at byte offset `off`.\n\
         \x20   ///\n\
         \x20   /// # Safety\n\
         \x20   /// `self` must be the device's BAR0 (or memory standing for it): the\n\
         \x20   /// write is a volatile store with the register's side effects.\n\
         \x20   pub unsafe fn write(&self, off: u32, v: u32) -> Result<(), NotWritable> {\n\
         \x20       match off {\n",
    );
    for r in REGS.iter().filter(|r| r.access != Access::Ro) {
        let _ = writeln!(
            o,
            "            0x{:03x} => self.{}.write(v),",
            r.offset,
            snake(r.name)
        );
    }
    o.push_str(
        "            _ => return Err(NotWritable(off)),\n        }\n        Ok(())\n    }\n}\n",
    );
    for r in REGS.iter().filter(|r| !r.fields.is_empty()) {
        let t = camel(r.name);
        let _ = writeln!(o, "\nbitfield::bitfield! {{");
        let _ = writeln!(o, "    /// `{}`'s fields.", r.name);
        let _ = writeln!(o, "    #[derive(Clone, Copy, PartialEq, Eq, Default)]");
        let _ = writeln!(o, "    pub struct {t}(pub u32);");
        let _ = writeln!(o, "    impl Debug;");
        for f in r.fields {
            let n = snake(f.name);
            let hi = f.lsb + f.bits - 1;
            let _ = writeln!(o, "    /// {}", f.desc);
            if f.bits == 1 {
                let _ = writeln!(o, "    pub {n}, set_{n}: {};", f.lsb);
            } else {
                let ty = match f.bits {
                    0..=8 => "u8",
                    9..=16 => "u16",
                    _ => "u32",
                };
                let _ = writeln!(o, "    pub {ty}, {n}, set_{n}: {hi}, {};", f.lsb);
            }
        }
        o.push_str("}\n");
    }
    o.push_str(
        "\n#[cfg(test)]\nmod tests {\n    use super::*;\n\n\
         \x20   /// Each accessor sets exactly the bits of its `regs` field.\n\
         \x20   #[test]\n    fn bitfields_sit_at_the_fields_of_regs() {\n\
         \x20       let f = |reg: &str, field: &str| {\n\
         \x20           let r = crate::regs::by_name(reg).unwrap();\n\
         \x20           let f = r.fields.iter().find(|f| f.name == field).unwrap();\n\
         \x20           (((1u64 << f.bits) - 1) << f.lsb) as u32\n\
         \x20       };\n",
    );
    for r in REGS.iter().filter(|r| !r.fields.is_empty()) {
        let t = camel(r.name);
        for fl in r.fields {
            let n = snake(fl.name);
            let (all, check) = if fl.bits == 1 {
                ("true".to_string(), format!("assert!({t}(!0).{n}());"))
            } else {
                let a = format!("{:#x}", (1u64 << fl.bits) - 1);
                let c = format!("assert_eq!({t}(!0).{n}(), {a});");
                (a, c)
            };
            let _ = writeln!(
                o,
                "        let mut v = {t}(0);\n        v.set_{n}({all});\n        assert_eq!(v.0, f(\"{}\", \"{}\"));\n        {check}",
                r.name, fl.name
            );
        }
    }
    o.push_str("    }\n}\n");
    o
}

#[cfg(test)]
mod tests {
    use super::{camel, snake};

    /// A register or field named after a Rust keyword gets a trailing `_`
    /// (no name in today's map is one, so only this test sees it).
    #[test]
    fn snake_escapes_rust_keywords() {
        for k in [
            "TYPE", "MATCH", "LOOP", "MOVE", "REF", "IN", "FN", "MOD", "USE",
        ] {
            assert_eq!(snake(k), format!("{}_", k.to_ascii_lowercase()), "{k}");
        }
        assert_eq!(snake("CMD_STATUS"), "cmd_status");
        assert_eq!(snake("TYPES"), "types");
        assert_eq!(camel("CMD_STATUS"), "CmdStatus");
    }
}
