//! Unit tests of braid-hdl's helper blocks and tables, kept outside the
//! library so that `cargo test` compiles the library once (a test build of
//! the library itself would compile all of its RustHDL code a second time).

mod cond_sum_add {
    use braid_hdl::cond_sum_add::*;
    use rand::{Rng, SeedableRng};
    use rust_hdl::prelude::*;

    /// Carry edges, then seeded random operands (RustHDL simulator).
    #[test]
    fn cond_sum_add_adds() {
        let mut u = CondSumAdd::default();
        u.connect_all();
        let seed = 0xc5a;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut cases: Vec<(u32, u32, bool)> = vec![
            (0, 0, false),
            (u32::MAX, 1, false),
            (u32::MAX, 0, true),
            (0xffff, 1, false),
            (0x00ff_ffff, 0, true),
            (0x7fff_ffff, 0x7fff_ffff, true),
            (u32::MAX, u32::MAX, true),
        ];
        for i in 0..32 {
            cases.push(((1u32 << i) - 1, 1, false));
            cases.push((!0u32 >> i, 0, true));
        }
        for _ in 0..3000 {
            cases.push((rng.gen(), rng.gen(), rng.gen()));
        }
        for (a, b, c) in cases {
            u.a.next = bits(a as u64);
            u.b.next = bits(b as u64);
            u.cin.next = c;
            assert!(simulate(&mut u, 100));
            let want = a as u64 + b as u64 + c as u64;
            assert_eq!(
                (u.sum.val().to_u64(), u.cout.val()),
                (want & 0xffff_ffff, want >> 32 != 0),
                "{a:#x}+{b:#x}+{c} (seed {seed:#x})"
            );
        }
    }
}

mod fifo {
    use braid_hdl::fifo::*;
    use rust_hdl::prelude::*;

    /// Push 0..40 into a FIFO of 16 while popping every other clock: the
    /// entries come out in order, the pushes into a full FIFO are dropped
    /// and flagged, `fill` tracks the content.
    #[test]
    fn fifo_orders_counts_and_flags_drops() {
        let mut uut = Fifo::<8, 4>::default();
        uut.connect_all();
        let mut sim = Simulation::new();
        sim.add_clock(5, |x: &mut Box<Fifo<8, 4>>| x.clock.next = !x.clock.val());
        sim.add_testbench(move |mut ep: Sim<Fifo<8, 4>>| {
            let mut x = ep.init()?;
            let mut out = Vec::new();
            let mut dropped = 0u32;
            let mut next = 0u64;
            for t in 0..200u32 {
                x.push.next = next < 40;
                x.din.next = bits::<8>(next);
                let popping = t % 2 == 1 && x.valid.val();
                x.pop.next = popping;
                if popping {
                    out.push(x.dout.val().index() as u64);
                }
                let was_full = x.full.val();
                if next < 40 {
                    next += 1;
                }
                wait_clock_cycle!(ep, clock, x);
                if x.ovf.val() {
                    dropped += 1;
                }
                sim_assert!(ep, was_full || !x.ovf.val(), x);
            }
            sim_assert!(ep, x.fill.val().index() == 0, x);
            sim_assert!(ep, out.len() as u32 + dropped == 40, x);
            sim_assert!(ep, dropped > 0, x);
            sim_assert!(ep, out.windows(2).all(|w| w[0] < w[1]), x);
            ep.done(x)
        });
        sim.run(Box::new(uut), 10_000).unwrap();
    }
}

mod prefix_add {
    use braid_hdl::prefix_add::*;
    use rand::{Rng, SeedableRng};
    use rust_hdl::prelude::*;

    /// Exhaustive for 8 bits, seeded random for 32 (RustHDL simulator).
    #[test]
    fn prefix_add_adds() {
        let mut u = PrefixAdd::<8>::default();
        u.connect_all();
        for a in 0..256u64 {
            for b in (0..256u64).step_by(7) {
                for c in [false, true] {
                    u.a.next = bits(a);
                    u.b.next = bits(b);
                    u.cin.next = c;
                    assert!(simulate(&mut u, 100));
                    assert_eq!(
                        u.sum.val().to_u64(),
                        (a + b + c as u64) & 255,
                        "{a}+{b}+{c}"
                    );
                }
            }
        }
        let mut u = PrefixAdd::<32>::default();
        u.connect_all();
        let seed = 0xadd;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        for _ in 0..5000 {
            let (a, b, c): (u32, u32, bool) = (rng.gen(), rng.gen(), rng.gen());
            u.a.next = bits(a as u64);
            u.b.next = bits(b as u64);
            u.cin.next = c;
            assert!(simulate(&mut u, 100));
            let want = a.wrapping_add(b).wrapping_add(c as u32);
            assert_eq!(
                u.sum.val().to_u64() as u32,
                want,
                "{a}+{b}+{c} (seed {seed:#x})"
            );
        }
    }
}

mod reg_block {
    use braid_hdl::reg_block::*;
    use braid_spec::regs::REGS;
    use rust_hdl::prelude::*;

    #[test]
    fn map_elaborates_from_the_spec() {
        check_map();
        assert_eq!(WORD_BITS, 8, "a 0x33c-byte map: 207 words");
        let t = decode_table();
        assert_eq!(t.len(), NREGS);
        for (s, r) in REGS.iter().enumerate() {
            let d = t[&bits::<WORD_BITS>((r.offset / 4) as u64)];
            assert_eq!(d.to_u64() as usize, 1 << SLOT_BITS | s);
        }
    }

    #[test]
    fn exports_and_lints_as_verilog() {
        let mut uut = RegBlock::default();
        uut.connect_all();
        let v = generate_verilog(&uut);
        assert!(v.contains("module top"));
    }
}

mod rx_parser {
    use braid_hdl::rx_parser::*;
    use braid_spec::wire::braid::*;
    use braid_spec::wire::udp::*;

    fn spec_field(layer: &str, name: &str) -> (usize, usize) {
        let (table, fname): (&[braid_spec::Field], &str) = match layer {
            "udp" => (UDP, "src_port"),
            "base" => (BASE_HEADER, name),
            "write" | "write_imm" => (WRITE_EXT, name),
            "send" | "send_imm" => (SEND_EXT, name),
            "ack" => (ACK_EXT, name.trim_start_matches("ack_")),
            "nack" => (NACK_EXT, name.trim_start_matches("nack_")),
            "probe" => (PROBE_EXT, name),
            _ => unreachable!(),
        };
        let fname = match fname {
            "ecn_count" | "rate_hint" | "base_psn" | "csn_base" | "ts_echo" | "sack" => fname,
            n => n,
        };
        let f = braid_spec::field::find(table, fname).unwrap_or_else(|| panic!("{layer}.{fname}"));
        assert_eq!(f.bit_offset, 0);
        (f.offset, f.bits as usize / 8)
    }

    /// Every byte position the RTL decodes is the one braid-spec defines.
    #[test]
    fn field_offsets_match_the_spec() {
        for &(name, layer, off, len) in FIELD_OFFSETS {
            let (o, l) = match layer {
                "write_imm" | "send_imm" => {
                    let op = if layer == "write_imm" {
                        Opcode::WriteImm
                    } else {
                        Opcode::SendImm
                    };
                    (op.header_len() - BASE_HEADER_LEN - IMM_EXT_LEN, 4)
                }
                _ => spec_field(layer, name),
            };
            assert_eq!((o, l), (off, len), "{layer}.{name}");
        }
        assert_eq!(BASE_HEADER_LEN, 24);
        assert_eq!(UDP_LEN, 8);
    }

    /// The opcode values and header lengths the RTL compares against.
    #[test]
    fn opcodes_match_the_spec() {
        let rtl: &[(Opcode, u8, usize)] = &[
            (Opcode::Write, 0x01, 12),
            (Opcode::WriteImm, 0x02, 13),
            (Opcode::Send, 0x03, 10),
            (Opcode::SendImm, 0x04, 11),
            (Opcode::Ack, 0x10, 18),
            (Opcode::Nack, 0x11, 10),
            (Opcode::Probe, 0x20, 8),
            (Opcode::ProbeReply, 0x21, 8),
        ];
        assert_eq!(rtl.len(), OPCODES.len());
        for &(op, v, hw) in rtl {
            assert_eq!(op.value(), v);
            assert_eq!(op.header_len() / 4, hw, "{op:?}");
        }
    }

    /// The reason codes in the priority encoder are braid-spec's.
    #[test]
    fn reason_codes_match_the_spec() {
        use braid_spec::error::rx_drop as r;
        let rtl = [
            r::ACCEPTED,
            r::TRUNCATED,
            r::NOT_IP,
            r::BAD_IP_HEADER,
            r::IP_CHECKSUM,
            r::FRAGMENT,
            r::NOT_UDP,
            r::IP_LENGTH,
            r::WRONG_PORT,
            r::UDP_LENGTH,
            r::UDP_CHECKSUM,
            r::BRAID_VERSION,
            r::BAD_OPCODE,
            r::HDR_WORDS,
            r::PAYLOAD_LENGTH,
            r::CONTROL_PAYLOAD,
        ];
        for (i, c) in rtl.iter().enumerate() {
            assert_eq!(*c as usize, i);
            assert_eq!(r::NAMES[i].1, *c);
        }
    }
}

mod skid {
    use braid_hdl::skid::*;
    use rust_hdl::prelude::*;

    /// 300 clocks of random offers against a random consumer: every entry
    /// comes out once, in order; `s_ready` never drops while the skid entry
    /// is empty; an always-ready consumer sees one entry per clock.
    #[test]
    fn skid_orders_and_keeps_every_entry() {
        let mut uut = Skid::<16>::default();
        uut.connect_all();
        let mut sim = Simulation::new();
        sim.add_clock(5, |x: &mut Box<Skid<16>>| x.clock.next = !x.clock.val());
        sim.add_testbench(move |mut ep: Sim<Skid<16>>| {
            let mut x = ep.init()?;
            // xorshift, seed printed by the assertion's context
            let seed = 0x5eed_0001_u64;
            let mut r = seed;
            let mut rnd = move || {
                r ^= r << 13;
                r ^= r >> 7;
                r ^= r << 17;
                r
            };
            let mut next = 0u64;
            let mut out = Vec::new();
            let mut streak = 0u32;
            for t in 0..400u32 {
                let burst = t >= 300;
                let offer = burst || rnd() % 3 != 0;
                let ready = burst || rnd() % 4 != 0;
                x.s_valid.next = offer;
                x.s_data.next = bits::<16>(next);
                x.m_ready.next = ready;
                if x.m_valid.val() && ready {
                    out.push(x.m_data.val().index() as u64);
                    if burst {
                        streak += 1;
                    }
                }
                if offer && x.s_ready.val() {
                    next += 1;
                }
                wait_clock_cycle!(ep, clock, x);
            }
            sim_assert!(ep, out.iter().enumerate().all(|(i, v)| *v == i as u64), x);
            sim_assert!(ep, out.len() as u64 + 2 >= next, x);
            // the last 100 clocks: both sides always ready -> 1 per clock
            sim_assert!(ep, streak >= 98, x);
            ep.done(x)
        });
        sim.run(Box::new(uut), 10_000).unwrap();
    }
}

mod tx_path_table {
    use braid_hdl::tx_path_table::*;
    use braid_spec::host::field;
    use braid_spec::state::TX_PATH_STATE;

    /// The record width and the RAMB36 figure in the doc come from braid-spec.
    #[test]
    fn record_is_the_spec_slice_and_tiles_into_472_ramb36() {
        let (nxt, out) = (
            field(TX_PATH_STATE, "nxt"),
            field(TX_PATH_STATE, "outstanding"),
        );
        assert_eq!(out.lsb - nxt.lsb, 32);
        assert_eq!(
            braid_spec::state::ramb36_for_table(1 << IDX_FULL, REC_BITS as u64),
            472
        );
    }
}

mod braid_engine_records {
    //! The record tables of `braid_hdl::braid_engine::records` against every
    //! literal position the glue's source packs or unpacks them with.
    use braid_hdl::braid_engine::records::*;

    fn source(file: &str) -> &'static str {
        match file {
            "rx_place" => include_str!("../src/braid_engine/rx_place.rs"),
            "rx_ack" => include_str!("../src/braid_engine/rx_ack.rs"),
            "rx_msg" => include_str!("../src/braid_engine/rx_msg.rs"),
            "path_ops" => include_str!("../src/braid_engine/path_ops.rs"),
            "nack_rx" => include_str!("../src/braid_engine/nack_rx.rs"),
            "tx_header" => include_str!("../src/braid_engine/tx_header.rs"),
            "retx" => include_str!("../src/braid_engine/retx.rs"),
            "cc_events" => include_str!("../src/braid_engine/cc_events.rs"),
            "braid_engine" => include_str!("../src/braid_engine.rs"),
            _ => panic!("no source {file}"),
        }
    }

    /// The width written in `::<W>`: a number, or a generic of the top at
    /// its largest (the default build's).
    fn width(r: &Record, w: &str) -> (usize, Option<String>) {
        if let Ok(n) = w.parse() {
            return (n, None);
        }
        let max = match w {
            "CB" | "QB" => 10,
            "PB" => 4,
            "RCI" => 12,
            "PI" => 14,
            _ => panic!("{}: width {w} is no generic of the top", r.name),
        };
        (max, Some(w.to_string()))
    }

    /// `[lsb, lsb + bits)` starts at a field and either ends on a field
    /// boundary (a run of fields) or reads the low bits of the one field
    /// it starts at (`exact`: packing, the whole run only).
    fn check(
        r: &Record,
        lsb: usize,
        bits: usize,
        generic: Option<&str>,
        exact: bool,
    ) -> Result<(), String> {
        let end = lsb + bits;
        let first = r
            .fields
            .iter()
            .find(|f| f.lsb == lsb)
            .ok_or_else(|| format!("bit {lsb} starts no field"))?;
        if end > r.width {
            return Err(format!("[{lsb}, {end}) leaves the {}-bit record", r.width));
        }
        if let Some(g) = generic {
            if first.generic == Some(g) {
                return Ok(());
            }
        }
        let inside = r
            .fields
            .iter()
            .find(|f| f.lsb < end && end < f.lsb + f.bits);
        match inside {
            None => Ok(()),
            Some(f) if !exact && f.lsb == first.lsb => Ok(()),
            Some(f) => Err(format!(
                "[{lsb}, {end}) ends inside field {} [{}, {})",
                f.name,
                f.lsb,
                f.lsb + f.bits
            )),
        }
    }

    /// The text of the statement that assigns `self.<sig>.next`.
    fn assignment<'a>(src: &'a str, sig: &str) -> Vec<&'a str> {
        let head = format!("self.{sig}.next =");
        let mut out = Vec::new();
        let mut rest = src;
        while let Some(i) = rest.find(&head) {
            let tail = &rest[i + head.len()..];
            let end = tail.find(';').expect("statement without ;");
            out.push(&tail[..end]);
            rest = &tail[end..];
        }
        out
    }

    #[test]
    fn every_unpacked_position_is_a_field() {
        for r in RECORDS {
            for (file, sig) in r.gets {
                let src = source(file);
                let uses = unpacked(src, sig);
                assert!(
                    !uses.is_empty(),
                    "{}: no access to self.{sig} in {file}.rs",
                    r.name
                );
                for (w, lsb) in uses {
                    let (bits, gen) = width(r, &w);
                    check(r, lsb, bits, gen.as_deref(), false).unwrap_or_else(|e| {
                        panic!(
                            "{}: {file}.rs reads self.{sig} bits ::<{w}>({lsb}): {e}",
                            r.name
                        )
                    });
                }
            }
        }
    }

    #[test]
    fn every_packed_term_is_a_field_or_a_run_of_them() {
        for r in RECORDS {
            for (file, sig) in r.puts {
                let stmts = assignment(source(file), sig);
                assert!(
                    !stmts.is_empty(),
                    "{}: self.{sig} is never assigned in {file}.rs",
                    r.name
                );
                for s in stmts {
                    let terms = packed_terms(s);
                    assert!(
                        !terms.is_empty(),
                        "{}: {file}.rs packs self.{sig} without bit_cast terms",
                        r.name
                    );
                    for (total, w, lsb) in terms {
                        assert_eq!(
                            total, r.width,
                            "{}: {file}.rs packs self.{sig} as {total} bits",
                            r.name
                        );
                        let (bits, gen) = width(r, &w);
                        check(r, lsb, bits, gen.as_deref(), true).unwrap_or_else(|e| {
                            panic!("{}: {file}.rs packs self.{sig} with ::<{total}, {w}> << {lsb}: {e}", r.name)
                        });
                    }
                }
            }
        }
    }

    #[test]
    fn a_shifted_offset_is_caught() {
        let r = &RECORDS[0];
        assert!(check(r, 10, 24, None, false).is_ok());
        assert!(check(r, 11, 24, None, false).is_err());
        assert!(check(r, 10, 25, None, false).is_err());
        assert!(
            check(r, 10, 8, None, false).is_ok(),
            "low bits of one field"
        );
        assert!(
            check(r, 10, 8, None, true).is_err(),
            "a packed term writes whole fields"
        );
        assert!(check(r, 0, 66, None, true).is_ok(), "a run of fields");
        assert!(
            check(r, 130, 270, None, true).is_ok(),
            "a run up to the width"
        );
        assert!(check(r, 130, 271, None, true).is_err());
    }

    /// Every `self.<sig>.val().get_bits::<W>(O)` (and `get_bit(O)`, W = 1).
    fn unpacked(src: &str, sig: &str) -> Vec<(String, usize)> {
        let head = format!("self.{sig}.val()");
        let mut out = Vec::new();
        let mut rest = src;
        while let Some(i) = rest.find(&head) {
            let tail = rest[i + head.len()..].trim_start();
            if let Some(t) = tail.strip_prefix(".get_bits::<") {
                let close = t.find(">(").unwrap();
                let w = t[..close].to_string();
                let t2 = &t[close + 2..];
                let lsb: usize = t2[..t2.find(')').unwrap()].parse().unwrap();
                out.push((w, lsb));
            } else if let Some(t) = tail.strip_prefix(".get_bit(") {
                let lsb: usize = t[..t.find(')').unwrap()].parse().unwrap();
                out.push(("1".to_string(), lsb));
            } // else a whole-record use (copied or compared): nothing to check
            rest = &rest[i + head.len()..];
        }
        out
    }

    /// The `bit_cast::<T, W>(...)` terms of a packing expression and their
    /// shifts (`<< O`, 0 when none).
    fn packed_terms(expr: &str) -> Vec<(usize, String, usize)> {
        let mut out = Vec::new();
        let mut rest = expr;
        while let Some(i) = rest.find("bit_cast::<") {
            let t = &rest[i + "bit_cast::<".len()..];
            let close = t.find(">(").unwrap();
            let mut it = t[..close].split(',').map(str::trim);
            let total: usize = it.next().unwrap().parse().unwrap();
            let w = it.next().unwrap().to_string();
            // the argument: balanced parentheses
            let arg = &t[close + 1..];
            let mut depth = 0;
            let mut end = 0;
            for (k, c) in arg.char_indices() {
                match c {
                    '(' => depth += 1,
                    ')' => {
                        depth -= 1;
                        if depth == 0 {
                            end = k + 1;
                            break;
                        }
                    }
                    _ => {}
                }
            }
            let after = arg[end..].trim_start();
            let lsb = match after.strip_prefix("<<") {
                Some(s) => {
                    let s = s.trim_start();
                    let n: String = s.chars().take_while(|c| c.is_ascii_digit()).collect();
                    n.parse()
                        .unwrap_or_else(|_| panic!("shift by a non-literal in `{expr}`"))
                }
                None => 0,
            };
            out.push((total, w, lsb));
            rest = &arg[end..];
        }
        out
    }
}
