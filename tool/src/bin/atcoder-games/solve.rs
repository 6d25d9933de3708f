//! `atcoder-games solve`: this crate's solution, exactly as its binary runs it.

use atcoder_games_tool::error::Error;
use atcoder_games_tool::input::Builtin;
use atcoder_games_tool::{lucky7, shiritori};
use std::ffi::OsString;
use std::process::ExitCode;

/// Runs the solution of `problem` on stdin; with `depth`, Shiritori's lengths of the games too.
pub fn solve(problem: Builtin, depth: bool) -> Result<ExitCode, Error> {
    match (problem, depth) {
        (Builtin::Shiritori, true) => Ok(shiritori::command_line(
            [OsString::from("--depth")].into_iter(),
        )),
        (Builtin::Shiritori, false) => Ok(shiritori::command_line(std::iter::empty())),
        (Builtin::Lucky7, false) => Ok(lucky7::command_line(std::iter::empty())),
        (Builtin::Lucky7, true) => Err(Error::Usage(
            "--depth is for shiritori only: a game of lucky7 always lasts N rounds".to_string(),
        )),
    }
}
