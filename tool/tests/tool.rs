//! The tool's tests, one module per subject, in one test binary: a change to the tool's library
//! then rebuilds one test crate instead of a dozen, which is most of what a mutant costs
//! (CONTRIBUTING.md). The tests that must not share a process with others (`busy`, `limits`,
//! `memory`) are test binaries of their own.

mod common;

mod ahead;
mod build;
mod check;
mod command_line;
mod custom;
mod dialogue;
mod docs;
mod dot;
mod explain;
mod explore;
mod forkserver;
mod growth;
mod judge;
mod mistake;
mod process;
mod report;
mod resolve;
mod search;
mod setup;
mod spec;
