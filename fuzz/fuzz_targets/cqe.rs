//! cargo-fuzz target `cqe`: `braid_net::fuzz::cqe` (see there).
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| braid_net::fuzz::cqe(data));
