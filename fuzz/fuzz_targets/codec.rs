//! cargo-fuzz target `codec`: `braid_net::fuzz::codec` (see there).
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| braid_net::fuzz::codec(data));
