//! `bar0.rs` is the generator's output for the committed register map, and
//! [`Bar0`] over plain memory reaches every register at its offset.

use braid_spec::bar0::{Bar0, CmdStatus, NotWritable};
use braid_spec::regs::{self, Access, MAP_LEN, REGS};

#[test]
fn bar0_rs_is_generated_from_regs() {
    let file = include_str!("../src/bar0.rs");
    assert!(
        file == braid_spec::bar0_source(),
        "hdl/spec/src/bar0.rs is stale: run `cargo run -p braid-spec --example gen-bar0`"
    );
}

/// Memory standing for BAR0 (u32-aligned, `MAP_LEN` bytes).
fn with_bar<R>(f: impl FnOnce(&Bar0, &dyn Fn(u32) -> u32) -> R) -> R {
    let words = vec![0u32; MAP_LEN as usize / 4].into_boxed_slice();
    let p = Box::into_raw(words) as *mut u32;
    // SAFETY: `p` points to MAP_LEN bytes of u32-aligned memory, the size and
    // alignment of `Bar0` (a repr(C) struct of u32 cells), alive until the
    // Box is rebuilt below; reads of the words go through volatile loads.
    let r = unsafe {
        let bar = &*(p as *const Bar0);
        let word = |off: u32| std::ptr::read_volatile(p.add(off as usize / 4));
        f(bar, &word)
    };
    // SAFETY: rebuilds the Box leaked above, once.
    drop(unsafe { Box::from_raw(std::ptr::slice_from_raw_parts_mut(p, MAP_LEN as usize / 4)) });
    r
}

#[test]
fn every_register_sits_at_its_offset() {
    with_bar(|bar, word| {
        for (i, r) in REGS.iter().enumerate() {
            let v = 0x5a00_0000 | i as u32;
            // SAFETY: `bar` is plain memory here.
            let w = unsafe { bar.write(r.offset, v) };
            if r.access == Access::Ro {
                assert_eq!(w, Err(NotWritable(r.offset)), "{} is read-only", r.name);
            } else {
                assert_eq!(w, Ok(()), "{}", r.name);
                assert_eq!(word(r.offset), v, "{} stored at 0x{:03x}", r.name, r.offset);
                assert_eq!(bar.read(r.offset), Some(v), "{}", r.name);
            }
        }
        // the holes hold nothing
        for off in (0..MAP_LEN).step_by(4) {
            let mapped = regs::by_offset(off).is_some();
            assert_eq!(bar.read(off).is_some(), mapped, "0x{off:03x}");
        }
        // SAFETY: plain memory.
        assert_eq!(unsafe { bar.write(0x01c, 1) }, Err(NotWritable(0x01c)));
        assert_eq!(bar.read(MAP_LEN), None);
    });
}

#[test]
fn bitfields_decode_a_register_value() {
    let v = regs::set(&regs::CMD_STATUS_COUNT, 0, 0x1234);
    let v = regs::set(&regs::CMD_STATUS_ERROR, v, 4);
    let v = regs::set(&regs::CMD_STATUS_BUSY, v, 1);
    let s = CmdStatus(v);
    assert!(s.busy());
    assert_eq!((s.error(), s.count()), (4, 0x1234));
}
