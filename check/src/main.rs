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

use check::stress::{self, Ending, Failure, Found, Input, Outcome, Problem, Progress};
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
                let seconds = value.parse::<f64>().ok().filter(|s| *s > 0.0 && *s < 1e9);
                timeout = Duration::from_secs_f64(seconds.ok_or(format!(
                    "--timeout needs a positive number of seconds, not {value:?}"
                ))?);
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
    let seed = seed.unwrap_or_else(|| {
        let now = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .unwrap_or_default();
        now.as_nanos() as u64 % 1_000_000_000
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

/// Lines of a failing input shown in the report; `--save` writes all of them.
const SHOWN_LINES: usize = 30;

/// Lines shown from each end of a crashed program's stderr.
const SHOWN_STDERR: usize = 5;

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
    let outcome = stress::search(problem, options.cases, options.seed, test, progress);
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
            let mut text = report(options, &command, &found);
            if let Some(path) = &options.save {
                if let Err(error) = std::fs::write(path, found.input.text()) {
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

/// The report of a failure: the smallest input, how it fails, what was expected, and for a
/// wrong answer the right game.
fn report(options: &Options, command: &str, found: &Found) -> String {
    let (problem, input) = (options.problem, &found.input);
    let mut text = String::new();
    let (how, why) = match &found.failure {
        Failure::WrongAnswer { .. } => ("a wrong answer".to_string(), String::new()),
        Failure::Crash { status, .. } => ("a runtime error".to_string(), format!(" ({status})")),
        Failure::Timeout => {
            let limit = options.timeout.as_secs_f64();
            (format!("no answer within {limit} s"), String::new())
        }
    };
    let _ = writeln!(
        text,
        "check: {command} gives {how} on {}{why}.",
        problem.name()
    );
    let _ = writeln!(
        text,
        "\nSmallest failing input ({}), shrunk from case {} of {} ({}, seed {}) after {} tries:",
        input.describe_size(),
        found.case + 1,
        options.cases,
        found.first.describe_size(),
        options.seed,
        found.shrink_steps
    );
    let input_text = input.text();
    let input_lines: Vec<&str> = input_text.lines().collect();
    for line in input_lines.iter().take(SHOWN_LINES) {
        let _ = writeln!(text, "{line}");
    }
    if input_lines.len() > SHOWN_LINES {
        let _ = writeln!(
            text,
            "... and {} more lines (--save PATH writes the whole input)",
            input_lines.len() - SHOWN_LINES
        );
    }
    let expected = trusted(problem, &[], &input_text).unwrap_or_default();
    match &found.failure {
        Failure::WrongAnswer { expected, actual } => {
            let _ = writeln!(
                text,
                "\nWhere the answers differ (expected: this crate's {}):",
                problem.name()
            );
            let differences = stress::differences(input, expected, actual);
            for (_, line) in differences.iter().take(10) {
                let _ = writeln!(text, "  {line}");
            }
            if differences.len() > 10 {
                let _ = writeln!(text, "  ... and {} more", differences.len() - 10);
            }
            let explained = match problem {
                Problem::Shiritori => differences
                    .iter()
                    .filter_map(|(word, _)| *word)
                    .take(3)
                    .collect(),
                Problem::Lucky7 => vec![0],
            };
            for word in explained {
                let number = word.to_string();
                let arguments: Vec<&str> = match problem {
                    Problem::Shiritori => vec!["--explain", &number],
                    Problem::Lucky7 => vec!["--explain"],
                };
                let game = trusted(problem, &arguments, &input.text()).unwrap_or_default();
                let _ = writeln!(
                    text,
                    "\nThe right game ({} {}):",
                    problem.name(),
                    arguments.join(" ")
                );
                for line in game.lines() {
                    let _ = writeln!(text, "  {line}");
                }
            }
        }
        Failure::Crash { stderr, .. } => {
            let _ = writeln!(text, "\nExpected output:\n{expected}");
            let _ = writeln!(text, "What it printed on stderr:");
            let lines: Vec<&str> = stderr.lines().collect();
            // Where a message is depends on the language: first (Rust's panics) or last
            // (Python's tracebacks); show both ends of a long one.
            let (head, tail) = match lines.len() {
                length if length > 2 * SHOWN_STDERR => (SHOWN_STDERR, length - SHOWN_STDERR),
                length => (length, length),
            };
            for line in &lines[..head] {
                let _ = writeln!(text, "  {line}");
            }
            if tail > head {
                let _ = writeln!(text, "  ...");
            }
            for line in &lines[tail..] {
                let _ = writeln!(text, "  {line}");
            }
        }
        Failure::Timeout => {
            let _ = writeln!(text, "\nExpected output:\n{expected}");
            let _ = writeln!(
                text,
                "It was killed after {} s.",
                options.timeout.as_secs_f64()
            );
        }
    }
    text
}
