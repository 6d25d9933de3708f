//! Running the tool, `atcoder-games`, as a user does, on the crate's samples.
// Each test crate uses a different part of this module.
#![allow(dead_code)]

use atcoder_games_tool::contract;
use atcoder_games_tool::process::{Options, Run};
use std::fs;
use std::path::{Path, PathBuf};

pub const TOOL: &str = env!("CARGO_BIN_EXE_atcoder-games");

/// Runs `atcoder-games` with `args` and `input` on stdin.
pub fn tool(args: &[&str], input: impl AsRef<[u8]>) -> Run {
    let command: Vec<&str> = std::iter::once(TOOL).chain(args.iter().copied()).collect();
    contract::run(&command, input, &Options::default())
}

/// The root of the workspace, where the samples and the docs are.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the tool is a folder of the workspace")
        .to_path_buf()
}

/// Official sample `number` of `problem`'s binary, as input.
pub fn sample(problem: &str, number: usize) -> Vec<u8> {
    let path = root().join(format!("tests/samples/{problem}/sample-{number}.in"));
    fs::read(path).expect("the sample exists")
}
