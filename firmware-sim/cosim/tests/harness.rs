//! The co-simulation harness itself: module and port lookup errors, ports
//! of every width, clocking, and waveforms.

use braid_cosim::{CosimError, Sim};

#[test]
fn every_exported_module_is_verilated_with_its_ports() {
    let names: Vec<_> = Sim::modules().iter().map(|m| m.name).collect();
    for want in ["sack_tracker", "loss_detector", "path_window"] {
        assert!(names.contains(&want), "{want} missing from {names:?}");
    }
    let st = Sim::new("sack_tracker").unwrap();
    let p = st.port("ack_sack").unwrap();
    assert_eq!((p.width, p.words), (256, 8));
    assert_eq!(st.port("pkt_floor").unwrap().width, 16);
}

#[test]
fn lookup_errors_name_what_exists() {
    match Sim::new("no_such_block") {
        Err(CosimError::NoModule(n, list)) => {
            assert_eq!(n, "no_such_block");
            assert!(list.contains("sack_tracker"), "{list}");
        }
        Err(e) => panic!("wrong error {e}"),
        Ok(_) => panic!("opened a module that does not exist"),
    }
    let s = Sim::new("path_window").unwrap();
    let e = s.port("bogus").unwrap_err().to_string();
    assert!(
        e.contains("no port `bogus`") && e.contains("init_cwnd"),
        "{e}"
    );
    let e = s.input("open").unwrap_err().to_string();
    assert!(e.contains("`open` is an output"), "{e}");
}

#[test]
fn wide_inputs_round_trip_and_the_clock_moves_state() {
    let mut s = Sim::new("loss_detector").unwrap();
    let sack = s.input("ack_sack").unwrap();
    let words: Vec<u32> = (0..8).map(|k| 0x9e37_79b9u32.wrapping_mul(k + 1)).collect();
    s.set_words(sack, &words);
    s.eval();
    let mut back = vec![0u32; 8];
    s.get_words(sack, &mut back);
    assert_eq!(back, words);

    // a send advances nxt by one per clock (power-on: nxt = 0, sendable)
    let send = s.input("send").unwrap();
    let nxt = s.port("nxt").unwrap();
    assert_eq!(s.get(nxt), 0);
    s.set(send, 1);
    for k in 1..=5 {
        s.tick();
        assert_eq!(s.get(nxt), k);
    }
    assert_eq!(s.cycles(), 5);
}

#[test]
fn waveforms_are_written() {
    let dir = std::env::temp_dir().join(format!("braid-fst-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("pw.fst");
    {
        let mut s = Sim::new("path_window").unwrap();
        s.trace_to(&path).unwrap();
        let send = s.input("send").unwrap();
        for k in 0..100 {
            s.set(send, k % 2);
            s.tick();
        }
    }
    let len = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
    assert!(len > 100, "FST file {} has {len} bytes", path.display());
    let _ = std::fs::remove_dir_all(&dir);
}
