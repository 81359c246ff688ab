//! cargo-fuzz target `hostile`: `braid_net::fuzz::hostile` (see there).
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| braid_net::fuzz::hostile(data));
