//! The values of the command line that more than one subcommand takes.

use atcoder_games_tool::input::Builtin;
use clap::ValueEnum;
use std::time::Duration;

/// A problem as the command line names it: by its binary, or by its AtCoder task.
#[derive(Clone, Copy, ValueEnum)]
pub enum ProblemName {
    #[value(alias = "abc209_e")]
    Shiritori,
    #[value(alias = "abc195_e")]
    Lucky7,
}

impl From<ProblemName> for Builtin {
    fn from(name: ProblemName) -> Self {
        match name {
            ProblemName::Shiritori => Self::Shiritori,
            ProblemName::Lucky7 => Self::Lucky7,
        }
    }
}

/// A positive number of seconds.
pub fn positive_seconds(text: &str) -> Result<Duration, String> {
    let seconds = text.parse::<f64>().ok().filter(|seconds| *seconds > 0.0);
    seconds
        .and_then(|seconds| Duration::try_from_secs_f64(seconds).ok())
        .ok_or_else(|| "expected a positive number of seconds".to_string())
}
