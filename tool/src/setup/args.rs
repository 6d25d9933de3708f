//! `check`'s command line as clap reads it ([`CheckArgs`]), with what it says of itself: the
//! options of a problem of one's own, and how sources are built.

use crate::build::BuildOptions;
use clap::{Args, FromArgMatches};
use std::ffi::OsString;
use std::path::PathBuf;
use std::time::Duration;

/// The usage of `check`: a built-in problem, or a user's own with its helpers: a generator, its
/// spec, or both.
pub const USAGE: &str = "atcoder-games check [OPTIONS] <PROBLEM> <CMD>...
       atcoder-games check [OPTIONS] (--generator <GEN> | --spec <SPEC>)... (--reference <REF> [--checker <CHK>] | --interactor <INT>) [--validator <VAL>] <CMD>...";

/// The options of `check`, as its command line gives them.
#[derive(Args, Debug)]
#[command(override_usage = USAGE)]
pub struct CheckArgs {
    /// How many random inputs to try
    #[arg(long, default_value_t = 300, allow_negative_numbers = true, value_parser = clap::value_parser!(u32).range(1..))]
    pub cases: u32,
    /// The random seed, to repeat a run [default: from the clock; printed]
    #[arg(long, allow_negative_numbers = true)]
    pub seed: Option<u64>,
    /// Time limit per run, in seconds, on the time the judge counts: elapsed time, but no more
    /// than the CPU time of the program and all it started
    #[arg(long, visible_alias = "timeout", value_name = "SECONDS", default_value = "2", allow_negative_numbers = true, value_parser = positive_seconds)]
    pub time_limit: Duration,
    /// Memory limit per run: peak resident memory in MiB, of the program and all it started
    #[arg(long, visible_alias = "memory", value_name = "MIB", default_value_t = 1024, allow_negative_numbers = true, value_parser = clap::value_parser!(u64).range(1..=1 << 40))]
    pub memory_limit: u64,
    /// How many times as long a program takes on this machine as on the judge's, to judge the
    /// times as the judge would: time a program whose AtCoder time you know, and divide
    #[arg(long, value_name = "X", default_value_t = 1.0, allow_negative_numbers = true, value_parser = positive_factor)]
    pub time_factor: f64,
    /// Stack limit per run, in MiB: the judge's is 1024 (`ulimit -s 1048576`)
    #[arg(long, value_name = "MIB", default_value_t = 1024, allow_negative_numbers = true, value_parser = clap::value_parser!(u64).range(1..=1 << 40))]
    pub stack: u64,
    /// How many runs go at once where only answers are judged; a run whose time is judged near
    /// the limit runs alone [default: the machine's cores]
    #[arg(long, short = 'j', value_name = "N", allow_negative_numbers = true, value_parser = clap::value_parser!(u32).range(1..=256))]
    pub jobs: Option<u32>,
    /// Save the failing case in this folder, as oj's NAME.in and NAME.out (the right answer), with
    /// what the program printed beside them [default: a new folder of the system's temporary
    /// folder]
    #[arg(long, value_name = "DIR")]
    pub save: Option<PathBuf>,
    /// Also write the explore page of the smallest failing input to this file, opened at the first
    /// word where the answers differ, with the program's answer beside the right one
    #[arg(long, value_name = "PATH")]
    pub html: Option<PathBuf>,
    /// Where AC Library is, the folder that holds atcoder/, for a C++ source that includes it
    /// [default: $ATCODER_LIBRARY]
    #[arg(long, value_name = "DIR")]
    pub include: Option<PathBuf>,
    /// The interpreter of a Python source: python3, or pypy3
    #[arg(long, value_name = "PYTHON", default_value = "python3")]
    pub python: OsString,
    /// A problem of your own: the generator, `GEN SIZE SEED` printing an input; then there is no
    /// PROBLEM, and every word after the options is the program
    #[arg(long, value_name = "GEN", help_heading = "A problem of your own")]
    pub generator: Option<OsString>,
    /// The problem's spec: its statement's Input and Constraints sections, in AtCoder's markup or
    /// typed plainly (docs/spec.md). It makes the inputs without a generator, checks every input,
    /// and shrinks a failing one by its structure
    #[arg(long, value_name = "SPEC", help_heading = "A problem of your own")]
    pub spec: Option<PathBuf>,
    /// The reference: it reads an input and prints the right answer, and may be a brute force
    #[arg(long, value_name = "REF", help_heading = "A problem of your own")]
    pub reference: Option<OsString>,
    /// The checker, testlib's way: `CHK INPUT OUTPUT ANSWER` exits with 0 for a right answer,
    /// 1 or 2 for a wrong one [default: answers compared as AtCoder compares them]
    #[arg(long, value_name = "CHK", help_heading = "A problem of your own")]
    pub checker: Option<OsString>,
    /// The validator: it reads an input and exits with 0 when it keeps the constraints; with
    /// one, a failing input is shrunk through its text too
    #[arg(long, value_name = "VAL", help_heading = "A problem of your own")]
    pub validator: Option<OsString>,
    /// The interactor of an interactive problem, testlib's way: `INT INPUT OUTPUT` talks with
    /// the program (its stdout the program's stdin, and back) on the hidden INPUT, writes its
    /// verdict's words to OUTPUT, and exits with 0 for a right program, 1 or 2 for a wrong one;
    /// no reference then
    #[arg(long, value_name = "INT", help_heading = "A problem of your own")]
    pub interactor: Option<OsString>,
    /// The largest SIZE the generator is asked for [default: 200000]
    #[arg(long, value_name = "N", help_heading = "A problem of your own", value_parser = clap::value_parser!(u64).range(1..=1 << 40))]
    pub max_size: Option<u64>,
    /// Samples: an oj folder (NAME.in, NAME.out), a cargo-compete testcases/*.yml, or a
    /// Competitive Companion JSON or CPH .prob file; may be given more than once [default:
    /// ./test/ when it exists]
    #[arg(long, value_name = "PATH", help_heading = "A problem of your own")]
    pub samples: Vec<PathBuf>,
    /// Shrink this failing input first, as a check stopped with Ctrl-C while shrinking saved it;
    /// if it passes, the check goes on as usual
    #[arg(long, value_name = "FILE")]
    pub shrink: Option<PathBuf>,
    /// Compare numbers within this absolute or relative error, as oj's -e
    #[arg(long, value_name = "E", allow_negative_numbers = true, value_parser = positive_factor, help_heading = "A problem of your own")]
    pub tolerance: Option<f64>,
    /// The problem the solution solves: shiritori (abc209_e) or lucky7 (abc195_e); then the
    /// command that runs the solution, with its arguments (or as one string, as oj's -c)
    #[arg(
        value_name = "PROBLEM> <CMD",
        required = true,
        trailing_var_arg = true,
        allow_hyphen_values = true
    )]
    pub words: Vec<OsString>,
}

/// A positive number of seconds.
pub fn positive_seconds(text: &str) -> Result<Duration, String> {
    let seconds = text.parse::<f64>().ok().filter(|seconds| *seconds > 0.0);
    seconds
        .and_then(|seconds| Duration::try_from_secs_f64(seconds).ok())
        .ok_or_else(|| "expected a positive number of seconds".to_string())
}

/// A positive factor.
fn positive_factor(text: &str) -> Result<f64, String> {
    let factor = text
        .parse::<f64>()
        .ok()
        .filter(|factor| *factor > 0.0 && factor.is_finite());
    factor.ok_or_else(|| "expected a positive number".to_string())
}

impl CheckArgs {
    /// `check`'s command line, `arguments` without the program's name: for tests of the setup.
    pub fn from_words(arguments: &[&str]) -> Result<Self, clap::Error> {
        let command = Self::augment_args(clap::Command::new("check").no_binary_name(true));
        Self::from_arg_matches(&command.try_get_matches_from(arguments)?)
    }

    /// The options of `check` that take a value, as its command line may spell them: `--seed`,
    /// `-j`, and their aliases.
    pub fn options_with_values() -> Vec<String> {
        let command = Self::augment_args(clap::Command::new("check"));
        // The program's words, positional, have no name to find.
        let taking = command
            .get_arguments()
            .filter(|argument| argument.get_action().takes_values());
        taking
            .flat_map(|argument| {
                let long = argument.get_long_and_visible_aliases().unwrap_or_default();
                let short = argument.get_short_and_visible_aliases().unwrap_or_default();
                let long = long.into_iter().map(|name| format!("--{name}"));
                long.chain(short.into_iter().map(|name| format!("-{name}")))
            })
            .collect()
    }

    /// The options that only a problem of the user's takes, by their names, and whether each was
    /// given.
    pub(super) fn own_problem_options(&self) -> [(&'static str, bool); 7] {
        [
            ("--reference", self.reference.is_some()),
            ("--checker", self.checker.is_some()),
            ("--interactor", self.interactor.is_some()),
            ("--validator", self.validator.is_some()),
            ("--samples", !self.samples.is_empty()),
            ("--tolerance", self.tolerance.is_some()),
            ("--max-size", self.max_size.is_some()),
        ]
    }

    /// How sources are built for this check.
    pub(super) fn build_options(&self) -> BuildOptions {
        BuildOptions {
            include: self.include.clone(),
            python: self.python.clone(),
            memory_mib: self.memory_limit,
            cache: BuildOptions::user_cache(),
        }
    }
}
