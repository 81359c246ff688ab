//! cargo-fuzz target `cli_args`: `braid_cli::fuzz_args` (see there).
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| braid_cli::fuzz_args(data));
