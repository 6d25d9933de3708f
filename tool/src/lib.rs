//! The library of `atcoder-games`, the tool for users, in layers, each module using only those
//! listed before it:
//!
//! - [`format`]: numbers as people read them;
//! - [`process`]: running a program and measuring it;
//! - [`judge`]: the judge's rules, its limits and verdicts, and the runs a verdict takes;
//! - [`problem`], [`mistake`], [`generate`], [`family`], [`strategy`]: the problems, their inputs,
//!   their classic mistakes, and the one catalogue of named shapes of input that the tool, the
//!   tests and the benchmarks share;
//! - [`growth`]: how a failing program's time or memory grows, measured and fitted;
//! - [`search`]: the stress test, and shrinking what fails;
//! - [`report`]: what `check` prints.
//!
//! The subcommands themselves are the tool's binary, in `src/bin/atcoder-games/`; what only the
//! tests need is in the workspace's `support/` package.

// In the order of the layers, bottom first (rustfmt keeps each group's order).
pub mod format;

pub mod process;

pub mod judge;

pub mod problem;

pub mod mistake;

pub mod generate;

pub mod family;

pub mod strategy;

pub mod growth;

pub mod search;

pub mod report;
