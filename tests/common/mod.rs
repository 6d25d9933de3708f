//! Code shared by the integration tests and the benchmarks: running the binaries the way a user
//! does. The input generators and the process runner are the tool's library (`tool/`); the
//! oracles, the contract and the small strategies are the test support (`support/`).
// Each test crate and the benchmark use a different part of this module.
#![allow(dead_code, unused_imports)]

pub mod binaries;
