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
