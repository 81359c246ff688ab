//! Frames captured from the transport model are real Braid frames: they
//! parse with braid-spec, carry every header field SPEC.md fixes for a
//! sender (ECT(0), DF, no IP options), and Wireshark decodes them with the
//! generated dissector, with no malformed packet.

use braid_net::capture::capture_braid;
use std::process::Command;

#[test]
fn captured_frames_parse_and_decode_in_wireshark() {
    let seed = 0xb4a1;
    let frames = capture_braid(0.01, 1000, seed);
    assert_eq!(frames.len(), 1000);
    let mut writes = 0;
    for (i, (_, f)) in frames.iter().enumerate() {
        // every header field SPEC.md fixes for a sender (the engine pair's
        // frames pass the same checker)
        let p = braid_spec::wire::frame::check_sender_frame(f)
            .unwrap_or_else(|e| panic!("seed {seed:#x}: frame {i}: {e}"));
        writes += p.repr.braid.base.opcode.is_data() as usize;
    }
    let acks = frames.len() - writes;
    assert!(writes > 100 && acks > 100, "{writes} writes, {acks} acks");

    let dir = std::env::temp_dir().join(format!("braid-capture-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("c.pcap");
    {
        let mut w =
            braid_spec::pcap::PcapWriter::new(std::fs::File::create(&path).unwrap()).unwrap();
        for (t, f) in &frames {
            w.write_frame(*t, f).unwrap();
        }
    }
    let lua =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tools/wireshark/braid.lua");
    let out = Command::new("tshark")
        .arg("-X")
        .arg(format!("lua_script:{}", lua.display()))
        .arg("-r")
        .arg(&path)
        .args(["-T", "fields", "-e", "braid.base.opcode", "-e", "braid.malformed"])
        .output()
        .unwrap_or_else(|e| panic!("tshark not runnable ({e}): install the Debian package `tshark` (scripts/setup.sh does)"));
    let text = String::from_utf8_lossy(&out.stdout);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        !text.contains("Lua Error") && !err.contains("Lua Error"),
        "{err}"
    );
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines.len(),
        frames.len(),
        "tshark decoded {} of {} frames: {err}",
        lines.len(),
        frames.len()
    );
    // the opcode of every frame as Wireshark sees it equals braid-spec's
    let ours: Vec<String> = frames
        .iter()
        .map(|(_, f)| {
            let p = braid_spec::parse_frame(f).expect("parsed above");
            format!("0x{:02x}", p.repr.braid.base.opcode.value())
        })
        .collect();
    let theirs: Vec<&str> = lines
        .iter()
        .map(|l| l.split('\t').next().unwrap_or(""))
        .collect();
    assert_eq!(theirs, ours, "opcodes as Wireshark sees them");
    for op in ["0x01", "0x02", "0x03", "0x04", "0x10"] {
        assert!(ours.iter().any(|o| o == op), "capture has no opcode {op}");
    }
    assert!(
        lines
            .iter()
            .all(|l| l.split('\t').nth(1).unwrap_or("").is_empty()),
        "malformed frames"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
