//! Code shared by the integration tests and the benchmarks: running the binaries the way a user
//! does. The input generators, brute-force oracles, proptest strategies and the process runner
//! are the library of the tool's package (`tool/`), which the tool shares.
// Each test crate and the benchmark use a different part of this module.
#![allow(dead_code, unused_imports)]

pub mod run;
