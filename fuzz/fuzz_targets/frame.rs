//! cargo-fuzz target `frame`: `braid_net::fuzz::frame` (see there).
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| braid_net::fuzz::frame(data));
