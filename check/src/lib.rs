//! The `check` tool's library, which the crate's tests and benchmarks share: deterministic
//! input generators, brute-force oracles written independently of the solutions, proptest
//! strategies, and the stress test itself.

pub mod generate;
pub mod oracle;
pub mod report;
pub mod strategy;
pub mod stress;
