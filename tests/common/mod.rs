//! Code shared by the integration tests and the benchmarks: running the binaries, generating
//! inputs, and brute-force oracles written independently of the solutions.
// Each test crate and the benchmark use a different part of this module.
#![allow(dead_code)]

pub mod generate;
pub mod oracle;
pub mod run;
pub mod strategy;
