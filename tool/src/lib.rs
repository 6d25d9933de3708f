//! The library of `atcoder-games`, the tool for users, in layers, each module using only those
//! listed before it:
//!
//! - [`error`], [`format`]: what can go wrong, and how it ends a run; numbers and text as people
//!   read them;
//! - [`process`]: running a program and measuring it;
//! - [`judge`]: the judge's rules, its limits and verdicts, and the runs a verdict takes;
//! - the problems: [`shiritori`] and [`lucky7`], this crate's solutions, included as they are
//!   submitted; [`solved`], an input as they read and analyse it; [`games`], [`graph`] and
//!   [`page`], its games played out, its graph drawn, its explore page; [`problem`], [`mistake`],
//!   [`generate`], [`family`], [`strategy`]: the problems, their inputs, their classic mistakes,
//!   and the one catalogue of named shapes of input that the tool, the tests and the benchmarks
//!   share;
//! - [`growth`]: how a failing program's time or memory grows, measured and fitted;
//! - [`search`]: the stress test, and shrinking what fails;
//! - [`report`]: what `check` prints.
//!
//! The subcommands themselves are the tool's binary, in `src/bin/atcoder-games/`, a thin file
//! each; what only the tests need is in the workspace's `support/` package.

// In the order of the layers, bottom first (rustfmt keeps each group's order).
pub mod error;
pub mod format;

pub mod process;

pub mod judge;

pub mod problem;

// The solutions, as they are submitted: their `main` and their judge's output are not used here.
#[allow(dead_code)]
#[path = "../../src/bin/lucky7.rs"]
pub mod lucky7;
#[allow(dead_code)]
#[path = "../../src/bin/shiritori.rs"]
pub mod shiritori;

pub mod solved;

pub mod games;

pub mod graph;

pub mod page;

pub mod mistake;

pub mod generate;

pub mod family;

pub mod strategy;

pub mod growth;

pub mod search;

pub mod report;
