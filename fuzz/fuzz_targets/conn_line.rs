//! cargo-fuzz target `conn_line`: `braid_net::fuzz::conn_line` (see there).
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| braid_net::fuzz::conn_line(data));
