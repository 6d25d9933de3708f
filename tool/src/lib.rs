//! The library of `atcoder-games`, the tool for users, which this crate's tests and benchmarks
//! share: deterministic input generators, brute-force oracles written independently of the
//! solutions, proptest strategies, the process runner, and the stress test (the problems' inputs,
//! judging a run, the search and its report). The tool's subcommands themselves are its binary,
//! in `src/bin/atcoder-games/`.

pub mod contract;
pub mod family;
pub mod format;
pub mod generate;
pub mod growth;
pub mod judge;
pub mod oracle;
pub mod problem;
pub mod process;
pub mod report;
pub mod search;
pub mod strategy;
