//! `atcoder-games check`: the stress test, as the user runs it.

use crate::CheckOptions;
use atcoder_games_tool::judge::judge;
use atcoder_games_tool::problem::{Input, Problem};
use atcoder_games_tool::process::{self, Options, RunError, Stdin};
use atcoder_games_tool::report::{Asked, Setting, report};
use atcoder_games_tool::search::{Conclusion, Plan, Progress, search};
use clap::error::ErrorKind;
use std::ffi::OsString;
use std::fmt::Write as _;
use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// Why a check could not be carried out.
enum Trouble {
    /// The solution could not be run.
    Solution(RunError),
    /// This crate's own solution failed: a bug here.
    Trusted(String),
}

/// What this crate's solution says of `input` for `problem`: this very program, as
/// `atcoder-games solve PROBLEM` or `explain PROBLEM ...`, so that it runs exactly as the
/// crate's binaries do.
fn trusted(problem: Problem, asked: Asked, input: &str) -> Result<String, Trouble> {
    let this = std::env::current_exe().map_err(|error| Trouble::Trusted(error.to_string()))?;
    let mut command: Vec<OsString> = vec![this.into()];
    command.extend(asked.arguments(problem).into_iter().map(OsString::from));
    let options = Options {
        wall_limit: Some(Duration::from_secs(600)),
        ..Options::default()
    };
    let run = process::run(&command, Stdin::Bytes(input.as_bytes()), &options)
        .map_err(|error| Trouble::Trusted(error.to_string()))?;
    if !run.succeeded() {
        let stderr = String::from_utf8_lossy(&run.stderr);
        return Err(Trouble::Trusted(format!("{}: {stderr}", run.status)));
    }
    String::from_utf8(run.stdout).map_err(|error| Trouble::Trusted(error.to_string()))
}

/// Prints `text` on stdout; a reader that closed the pipe early (say, `head`) has what it wanted.
fn print_out(text: &str) {
    let _ = io::stdout().lock().write_all(text.as_bytes());
}

/// Runs the check that `options` describe, and reports it.
pub fn run(options: &CheckOptions) -> ExitCode {
    let started = Instant::now();
    let problem = options.problem;
    let cases = options.cases as usize;
    // By default a seed of nine digits or fewer, from the clock, easy to type again.
    let seed = options.seed.unwrap_or_else(|| {
        let now = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .unwrap_or_default();
        u64::from(now.subsec_nanos())
    });
    let show_progress = io::stderr().is_terminal();
    let limits = Options {
        wall_limit: Some(options.timeout),
        ..Options::default()
    };
    let test = |input: &Input| {
        let text = input.text();
        let expected = trusted(problem, Asked::Answer, &text)?;
        let run = process::run(&options.command, Stdin::Bytes(text.as_bytes()), &limits)
            .map_err(Trouble::Solution)?;
        Ok(judge(&expected, run))
    };
    let progress = |progress: Progress| {
        if show_progress {
            let line = match progress {
                Progress::Case { case, cases, input } => {
                    format!("case {}/{cases}: {}", case + 1, input.describe_size())
                }
                Progress::Shrinking { steps, input } => {
                    format!(
                        "shrinking: {steps} tried, down to {}",
                        input.describe_size()
                    )
                }
            };
            eprint!("\r\x1b[2K{line}");
        }
    };
    let conclusion = search(problem, Plan::new(cases, seed), test, progress);
    if show_progress {
        eprint!("\r\x1b[2K");
    }
    let command = options.command.iter().map(|part| part.to_string_lossy());
    let command = command.collect::<Vec<_>>().join(" ");
    let found = match conclusion {
        Ok(Conclusion::Passed { largest }) => {
            print_out(&format!(
                "check: {command} passed all {cases} cases of {}, up to {largest} {} (seed {seed}), in {:.1} s\n",
                problem.name(),
                problem.units(),
                started.elapsed().as_secs_f64()
            ));
            return ExitCode::SUCCESS;
        }
        Ok(Conclusion::Failed(found)) => found,
        Err(trouble) => return troubled(&trouble, problem, &command),
    };
    let setting = Setting {
        problem,
        command: &command,
        cases,
        seed,
        timeout: options.timeout,
    };
    let input = found.input.text();
    let mut text = match report(&setting, &found, |asked| trusted(problem, asked, &input)) {
        Ok(text) => text,
        Err(trouble) => return troubled(&trouble, problem, &command),
    };
    if let Some(path) = &options.save {
        if let Err(error) = std::fs::write(path, &input) {
            print_out(&text);
            eprintln!(
                "error: cannot save the input to {}: {error}",
                path.display()
            );
            return ExitCode::FAILURE;
        }
        let _ = writeln!(text, "\nThe input is saved in {}.", path.display());
    }
    print_out(&text);
    ExitCode::FAILURE
}

/// Reports why the check could not be carried out: a solution that cannot be started is a
/// usage error (exit 2); anything else ends the run with exit 1.
fn troubled(trouble: &Trouble, problem: Problem, command: &str) -> ExitCode {
    match trouble {
        Trouble::Solution(RunError::CannotStart(error)) => crate::usage_error(
            "check",
            ErrorKind::Io,
            format!("cannot start {command}: {error}"),
        ),
        Trouble::Solution(error) => {
            eprintln!("error: {command}: {error}");
            ExitCode::FAILURE
        }
        Trouble::Trusted(message) => {
            eprintln!(
                "error: this crate's own {} failed: {message}",
                problem.name()
            );
            ExitCode::FAILURE
        }
    }
}
