//! The library of `atcoder-games`, the tool for users, in layers, each module using only those
//! listed before it:
//!
//! 1. formatting: [`error`], what can go wrong and how it ends a run; [`format`], numbers and
//!    text as people read them;
//! 2. building and running a program: [`process`], running one and measuring it, its
//!    [`process::forkserver`], which forks a CPython script's runs from one started
//!    interpreter, and its [`process::dialogue`], an interactive program talking with its
//!    interactor; [`resolve`], a program as the user gives it, resolved once (a source, or a
//!    program found, through a shim or not); [`build`], a source built as AtCoder builds it, and
//!    any program made ready to run;
//! 3. the judge's rules: [`judge`], its limits and verdicts, and the runs a verdict takes;
//! 4. the problems: [`input`], their inputs; [`editorial`], their editorials, built in;
//!    [`shiritori`] and [`lucky7`], this crate's
//!    solutions, included as they are submitted; [`solved`], an input as they read and analyse
//!    it; [`games`], [`graph`] and [`page`], its games played out, its graph drawn, its explore
//!    page; [`generate`], [`family`], [`strategy`], the one catalogue of named shapes of input
//!    that the tool, the tests and the benchmarks share; [`mistake`], the classic mistakes;
//!    [`problem`], the interface of a problem that `check` judges a program on; [`builtin`],
//!    this crate's two problems behind it; [`text`], [`spec`], [`samples`] and [`custom`], a
//!    user's own problem behind it: its inputs shrunk through their text, or made, checked and
//!    shrunk by its spec (the statement's Input and Constraints), its samples read from where
//!    contestants keep them, its helper programs;
//! 5. growth: [`growth`], how a failing program's time or memory grows, measured and fitted;
//! 6. search: [`search`], the stress test, and shrinking what fails;
//! 7. findings: [`setup`], `check`'s command line turned into the check it describes, every
//!    option checked before any source is built; [`findings`], the check run, and what it found;
//! 8. report: [`report`], what `check` prints of it.
//!
//! The subcommands themselves are the tool's binary, in `src/bin/atcoder-games/`, a thin file
//! each; what only the tests need is in the workspace's `support/` package.

// Only the part of `process` that starts a process may hold `unsafe` code (process/start.rs),
// beside the solutions included as they are.
#![deny(unsafe_code)]

// In the order of the layers, bottom first (rustfmt keeps each group's order).
pub mod error;
pub mod format;

pub mod process;

pub mod resolve;

pub mod build;

pub mod judge;

pub mod input;

pub mod editorial;

// The solutions, as they are submitted: their `main` and their judge's output are not used here,
// and their fast reader's `unsafe` blocks are theirs.
#[allow(dead_code, unsafe_code)]
#[path = "../../src/bin/lucky7.rs"]
pub mod lucky7;
#[allow(dead_code, unsafe_code)]
#[path = "../../src/bin/shiritori.rs"]
pub mod shiritori;

pub mod solved;

pub mod games;

pub mod graph;

pub mod page;

pub mod generate;

pub mod family;

pub mod strategy;

pub mod mistake;

pub mod problem;

pub mod builtin;

pub mod text;

pub mod spec;

pub mod samples;

pub mod custom;

pub mod growth;

pub mod search;

pub mod setup;

pub mod findings;

pub mod report;
