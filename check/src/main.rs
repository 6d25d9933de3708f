//! `check`: finds the smallest input on which someone's solution of ABC209 E "Shiritori" or
//! ABC195 E "Lucky 7 Battle" is wrong, with this crate's solutions as the trusted answer.

// This crate's solutions, as they are submitted: their `run` is the trusted answer (`check
// solve`), and their `main`, unused here, is what `run` stands in for.
#[allow(dead_code)]
#[path = "../../src/bin/lucky7.rs"]
mod lucky7;
#[allow(dead_code)]
#[path = "../../src/bin/shiritori.rs"]
mod shiritori;

use check::report::{Setting, report};
use check::stress::{self, Ending, Input, Outcome, Plan, Problem, Progress};
use std::ffi::OsString;
use std::fmt::Write as _;
use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

const USAGE: &str = "\
usage: check [options] PROBLEM COMMAND [ARGS...]
       check solve PROBLEM [OPTIONS...] < input

Stress-tests a solution of AtCoder ABC209 E (PROBLEM shiritori) or ABC195 E (PROBLEM lucky7):
runs COMMAND with ARGS on random inputs, small ones first and growing to the judge's largest,
and compares each answer with this crate's solution. On the first wrong answer, crash or
timeout it shrinks the input to the smallest that fails the same way, prints it with the
expected and the actual answer (and the right game, from --explain), and exits with 1; if
every case passes, it exits with 0.

`check solve PROBLEM` runs this crate's solution itself, with its options (see --help there).

options:
  --cases N          how many random inputs to try (default 300)
  --seed S           the random seed, to repeat a run (default: from the clock; printed)
  --timeout SECONDS  time limit per run, after which the program is killed (default 2)
  --save PATH        also write the smallest failing input to PATH
  -h, --help         print this help
";

/// What the command line asks for.
enum Request {
    Help,
    /// Run this crate's solution of the problem with these arguments.
    Solve(Problem, Vec<OsString>),
    Check(Options),
}

/// How to check a solution.
struct Options {
    problem: Problem,
    command: Vec<OsString>,
    cases: usize,
    seed: u64,
    timeout: Duration,
    save: Option<PathBuf>,
}

fn main() -> ExitCode {
    match parse_arguments(std::env::args_os().skip(1).collect()) {
        Ok(Request::Help) => {
            print!("{USAGE}");
            ExitCode::SUCCESS
        }
        Ok(Request::Solve(problem, arguments)) => match problem {
            Problem::Shiritori => shiritori::run(arguments.into_iter()),
            Problem::Lucky7 => lucky7::run(arguments.into_iter()),
        },
        Ok(Request::Check(options)) => check(&options),
        Err(message) => {
            eprintln!("error: {message}\n\n{USAGE}");
            ExitCode::from(2)
        }
    }
}

/// Reads the command line: options, then the problem, then the command and its arguments.
fn parse_arguments(arguments: Vec<OsString>) -> Result<Request, String> {
    let mut arguments = arguments.into_iter();
    let (mut cases, mut seed, mut timeout, mut save) = (300, None, Duration::from_secs(2), None);
    let problem = loop {
        let argument = arguments.next().ok_or("no PROBLEM given")?;
        let text = argument.to_string_lossy().into_owned();
        let mut value = || {
            let value = arguments.next().ok_or(format!("{text} needs a value"))?;
            value
                .into_string()
                .map_err(|value| format!("{text}: {value:?} is not text"))
        };
        match text.as_str() {
            "-h" | "--help" => return Ok(Request::Help),
            "--cases" => {
                let value = value()?;
                cases = value.parse().ok().filter(|&n| n > 0).ok_or(format!(
                    "--cases needs a positive whole number, not {value:?}"
                ))?;
            }
            "--seed" => {
                let value = value()?;
                seed = Some(value.parse().map_err(|_| {
                    format!("--seed needs a whole number below 2^64, not {value:?}")
                })?);
            }
            "--timeout" => {
                let value = value()?;
                let seconds = value.parse::<f64>().ok().filter(|seconds| *seconds > 0.0);
                timeout = seconds
                    .and_then(|seconds| Duration::try_from_secs_f64(seconds).ok())
                    .ok_or(format!(
                        "--timeout needs a positive number of seconds, not {value:?}"
                    ))?;
            }
            "--save" => save = Some(PathBuf::from(value()?)),
            "solve" => {
                let name = arguments.next().ok_or("solve needs a PROBLEM")?;
                let problem = problem_named(&name.to_string_lossy())?;
                return Ok(Request::Solve(problem, arguments.collect()));
            }
            option if option.starts_with('-') => return Err(format!("unknown option {option:?}")),
            name => break problem_named(name)?,
        }
    };
    let command: Vec<OsString> = arguments.collect();
    if command.is_empty() {
        return Err(format!(
            "no COMMAND given to run as a solution of {}",
            problem.name()
        ));
    }
    // By default a seed of nine digits or fewer, from the clock, easy to type again.
    let seed = seed.unwrap_or_else(|| {
        let now = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .unwrap_or_default();
        u64::from(now.subsec_nanos())
    });
    Ok(Request::Check(Options {
        problem,
        command,
        cases,
        seed,
        timeout,
        save,
    }))
}

fn problem_named(name: &str) -> Result<Problem, String> {
    Problem::from_name(name)
        .ok_or_else(|| format!("unknown PROBLEM {name:?}: it is shiritori or lucky7"))
}

/// Why a check could not be carried out.
enum Trouble {
    /// The command to check cannot be started: a usage error.
    CannotStart(io::Error),
    /// This crate's own solution failed: a bug here.
    Trusted(String),
}

/// The trusted answer to `input` for `problem` with `arguments`: this very program, as `check
/// solve PROBLEM ARGUMENTS...`, so that it runs exactly as the crate's binary does.
fn trusted(problem: Problem, arguments: &[&str], input: &str) -> Result<String, Trouble> {
    let this = std::env::current_exe().map_err(|error| Trouble::Trusted(error.to_string()))?;
    let mut command: Vec<OsString> = vec![this.into(), "solve".into(), problem.name().into()];
    command.extend(arguments.iter().map(OsString::from));
    let ending = stress::run_command(&command, input.as_bytes(), Duration::from_secs(600));
    match ending.map_err(|error| Trouble::Trusted(error.to_string()))? {
        Ending::Exited { status, stdout, .. } if status.success() => {
            String::from_utf8(stdout).map_err(|error| Trouble::Trusted(error.to_string()))
        }
        other => Err(Trouble::Trusted(format!("{other:?}"))),
    }
}

/// Prints `text` on stdout; a reader that closed the pipe early (say, `head`) has what it wanted.
fn print_out(text: &str) {
    let _ = io::stdout().lock().write_all(text.as_bytes());
}

/// Runs the check that `options` describe, and reports it.
fn check(options: &Options) -> ExitCode {
    let started = Instant::now();
    let problem = options.problem;
    let show_progress = io::stderr().is_terminal();
    let test = |input: &Input| {
        let text = input.text();
        let expected = trusted(problem, &[], &text)?;
        let ending = stress::run_command(&options.command, text.as_bytes(), options.timeout)
            .map_err(Trouble::CannotStart)?;
        Ok(stress::judge(&expected, ending))
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
    let plan = Plan::new(options.cases, options.seed);
    let outcome = stress::search(problem, plan, test, progress);
    if show_progress {
        eprint!("\r\x1b[2K");
    }
    let command = options.command.iter().map(|part| part.to_string_lossy());
    let command = command.collect::<Vec<_>>().join(" ");
    match outcome {
        Ok(Outcome::Passed { largest }) => {
            let unit = if problem == Problem::Shiritori {
                "words"
            } else {
                "rounds"
            };
            print_out(&format!(
                "check: {command} passed all {} cases of {}, up to {largest} {unit} (seed {}), in {:.1} s\n",
                options.cases,
                problem.name(),
                options.seed,
                started.elapsed().as_secs_f64()
            ));
            ExitCode::SUCCESS
        }
        Ok(Outcome::Failed(found)) => {
            let setting = Setting {
                problem,
                command: &command,
                cases: options.cases,
                seed: options.seed,
                timeout: options.timeout,
            };
            let input = found.input.text();
            let trusted =
                |arguments: &[&str]| trusted(problem, arguments, &input).unwrap_or_default();
            let mut text = report(&setting, &found, trusted);
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
        Err(Trouble::CannotStart(error)) => {
            eprintln!("error: cannot start {command}: {error}\n\n{USAGE}");
            ExitCode::from(2)
        }
        Err(Trouble::Trusted(message)) => {
            eprintln!(
                "error: this crate's own {} failed: {message}",
                problem.name()
            );
            ExitCode::FAILURE
        }
    }
}
