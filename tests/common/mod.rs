//! Code shared by the integration tests and the benchmarks: running the binaries the way a user
//! does. The input generators, brute-force oracles and proptest strategies are the `check`
//! package's library, which the stress-testing tool shares.
// Each test crate and the benchmark use a different part of this module.
#![allow(dead_code)]

pub mod run;
