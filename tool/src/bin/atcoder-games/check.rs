//! `atcoder-games check`: the stress test, as the user runs it.

use crate::explain;
use crate::input::AnalysedDictionary;
use crate::shiritori::plumbing::TokenSource;
use crate::{CheckOptions, lucky7, shiritori};
use atcoder_games_tool::family::Origin;
use atcoder_games_tool::format::with_commas;
use atcoder_games_tool::growth::{self, Curve, Failing, Resource};
use atcoder_games_tool::judge::{Failure, Limits, judge, judged_time};
use atcoder_games_tool::problem::{Input, JUDGE_MAX, Problem};
use atcoder_games_tool::process::{self, Run, RunError, Stdin};
use atcoder_games_tool::report::{CheckSetup, TrustedOutput, report, shown_in_full};
use atcoder_games_tool::search::{Case, Conclusion, Found, Plan, Progress, search};
use clap::error::ErrorKind;
use std::ffi::OsString;
use std::io::{self, IsTerminal, Write};
use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::ExitCode;
use std::time::{Instant, SystemTime, UNIX_EPOCH};

/// Why a check could not be carried out.
enum CheckError {
    /// The solution could not be run.
    Solution(RunError),
    /// This crate's own solution failed: a bug here.
    Trusted(String),
}

/// What this crate's solution says of `input` for `problem`, from its own code, called in place:
/// the judge's answer, or a game played out as `explain` plays it.
fn trusted(problem: Problem, asked: TrustedOutput, input: &str) -> Result<String, CheckError> {
    let mut out = Vec::new();
    let written = match (problem, asked) {
        (Problem::Shiritori, TrustedOutput::Answer) => {
            let mut source = TokenSource::new(input.as_bytes());
            let dictionary = shiritori::read_dictionary(&mut source)
                .map_err(|error| CheckError::Trusted(source.message(error)))?;
            let analysis = shiritori::analyse(dictionary.moves);
            shiritori::write_winners(&mut out, &dictionary.to, &analysis)
        }
        (Problem::Shiritori, TrustedOutput::Game(word)) => {
            let dictionary =
                AnalysedDictionary::read(input.as_bytes()).map_err(CheckError::Trusted)?;
            let word = word.unwrap_or(1);
            explain::write_shiritori_games(&mut out, &dictionary, &[word])
        }
        (Problem::Lucky7, asked) => {
            let game = crate::input::lucky7_game(input.as_bytes()).map_err(CheckError::Trusted)?;
            match asked {
                TrustedOutput::Answer => writeln!(out, "{}", lucky7::winner(&game)),
                TrustedOutput::Game(_) => explain::write_lucky7_game(&mut out, &game),
            }
        }
    };
    written.map_err(|error| CheckError::Trusted(error.to_string()))?;
    String::from_utf8(out).map_err(|error| CheckError::Trusted(error.to_string()))
}

/// Prints `text` on stdout; a reader that closed the pipe early (say, `head`) has what it wanted.
fn print_out(text: &str) {
    let _ = io::stdout().lock().write_all(text.as_bytes());
}

/// The solution under check, and the limits it runs under.
struct Solution<'a> {
    command: &'a [OsString],
    limits: Limits,
}

/// A run whose judged time is within this share of the time limit, either side, is measured
/// again until it is clearly over or under, or [`growth::MOST_RUNS`] runs were made.
const BORDERLINE: f64 = 0.1;

impl Solution<'_> {
    /// Runs the solution on `input`, stopped at `limits`.
    fn execute(&self, input: &Input, limits: &Limits) -> Result<Run, CheckError> {
        let text = input.text();
        let stdin = Stdin::Bytes(text.as_bytes());
        let options = limits.options(input.longest_answer());
        process::run(self.command, stdin, &options).map_err(CheckError::Solution)
    }

    /// Judges the solution on `input` against this crate's answer. A run whose judged time is
    /// over the limit, or near it, is made again, and the one with the least time is judged: a
    /// busy machine only ever adds time, so a right, fast solution never fails because the
    /// machine was busy for a moment, and a time near the limit is settled before it is judged.
    /// A time-out is confirmed by a second run; a time within [`BORDERLINE`] of the limit is
    /// measured up to [`growth::MOST_RUNS`] times, until it is clearly over or under.
    fn test(&self, problem: Problem, input: &Input) -> Result<Option<Failure>, CheckError> {
        let expected = trusted(problem, TrustedOutput::Answer, &input.text())?;
        let limit = self.limits.time.as_secs_f64();
        let mut least = self.execute(input, &self.limits)?;
        let mut runs = 1;
        let first = judge(&expected, &least, &self.limits);
        if matches!(
            first,
            Some(Failure::MemoryLimit { .. } | Failure::OutputLimit { .. })
        ) {
            return Ok(first);
        }
        let time = |run: &Run| judged_time(run).as_secs_f64();
        let unsettled = |time: f64, runs: usize| {
            let clearly_under = time <= limit * (1.0 - BORDERLINE);
            let clearly_over = time > limit * (1.0 + BORDERLINE) && runs >= 2;
            !clearly_under && !clearly_over && runs < growth::MOST_RUNS
        };
        while unsettled(time(&least), runs) {
            let run = self.execute(input, &self.limits)?;
            runs += 1;
            if time(&run) < time(&least) {
                least = run;
            }
        }
        Ok(judge(&expected, &least, &self.limits))
    }

    /// How the solution's time or memory grows on the family of `found`'s input, if it ran out
    /// of either: see [`growth::follow`].
    fn growth(&self, found: &Found, origin: Origin) -> Result<Option<Curve>, CheckError> {
        let at_judge_max = match found.case {
            Case::Family(_) => Some(&found.first_failure),
            Case::Random(_) => None,
        };
        let failing = Failing {
            origin,
            smallest_size: found.input.size(),
            smallest: &found.failure,
            at_judge_max,
        };
        growth::follow(&failing, &self.limits, |input, limits| {
            self.execute(input, limits)
        })
    }
}

/// Runs the check that `options` describe, and reports it.
pub fn check(options: &CheckOptions) -> ExitCode {
    // The program under test runs in a process group of its own, which a terminal's Ctrl-C does
    // not reach: stop it, and all it started, before ending.
    let _ = ctrlc::set_handler(|| {
        process::stop_all();
        eprintln!("\ncheck: interrupted; the program under test was stopped");
        std::process::exit(130);
    });
    if let Err(message) = can_start(&options.command) {
        crate::exit_with_usage_error("check", ErrorKind::Io, message);
    }
    if let Some(path) = &options.save
        && let Err(error) = can_write(path)
    {
        crate::exit_with_usage_error(
            "check",
            ErrorKind::Io,
            format!("cannot save to {}: {error}", path.display()),
        );
    }
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
    let solution = Solution {
        command: &options.command,
        limits: Limits {
            time: options.timeout,
            memory: options.memory << 20,
            stack: stack_within_reach(options.stack << 20),
        },
    };
    let show_progress = io::stderr().is_terminal();
    let progress = |progress: Progress| {
        if show_progress {
            let line = match progress {
                Progress::Case { case, cases, input } => {
                    format!("case {}/{cases}: {}", case + 1, input.describe_size())
                }
                Progress::Family { family } => {
                    let size = with_commas(JUDGE_MAX);
                    format!("family \"{}\": {size} {}", family.name(), problem.units())
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
    let test = |input: &Input| solution.test(problem, input);
    let conclusion = search(problem, Plan::new(cases, seed), test, progress);
    let command = options.command.iter().map(|part| part.to_string_lossy());
    let command = command.collect::<Vec<_>>().join(" ");
    let found = match conclusion {
        Ok(Conclusion::Passed { largest }) => {
            if show_progress {
                eprint!("\r\x1b[2K");
            }
            let families = atcoder_games_tool::family::Family::of(problem).len();
            print_out(&format!(
                "check: {command} passed all {cases} cases of {}, up to {} {units}, and {families} worst-case families of {} {units} (seed {seed}), in {:.1} s\n",
                problem.name(),
                with_commas(largest),
                with_commas(JUDGE_MAX),
                started.elapsed().as_secs_f64(),
                units = problem.units(),
            ));
            return ExitCode::SUCCESS;
        }
        Ok(Conclusion::Failed(found)) => found,
        Err(trouble) => return troubled(&trouble, problem, &command),
    };
    if show_progress {
        eprint!("\r\x1b[2Kmeasuring how it fails");
    }
    let growth = match found.origin {
        Some(origin) => match solution.growth(&found, origin) {
            Ok(growth) => growth,
            Err(trouble) => return troubled(&trouble, problem, &command),
        },
        None => None,
    };
    if show_progress {
        eprint!("\r\x1b[2K");
    }
    let input = found.input.text();
    // An input too long to show in full is saved all the same, where the report says.
    let saved = options.save.clone().or_else(|| {
        (!shown_in_full(&found)).then(|| {
            let name = format!("atcoder-games-{}-{seed}.txt", problem.name());
            std::env::temp_dir().join(name)
        })
    });
    if let Some(path) = &saved
        && let Err(error) = std::fs::write(path, &input)
    {
        eprintln!(
            "error: cannot save the input to {}: {error}",
            path.display()
        );
        return ExitCode::FAILURE;
    }
    let setting = CheckSetup {
        problem,
        command: &command,
        cases,
        seed,
        limits: solution.limits,
        saved: saved.as_deref(),
    };
    let trusted = |asked| trusted(problem, asked, &input);
    match report(&setting, &found, growth.as_ref(), trusted) {
        Ok(text) => {
            print_out(&text);
            ExitCode::FAILURE
        }
        Err(trouble) => troubled(&trouble, problem, &command),
    }
}

/// The stack limit that runs can be given, `wanted` or less: no more than this process's hard
/// limit (`ulimit -Hs`), which only a privileged process may raise. A smaller one is said.
fn stack_within_reach(wanted: u64) -> u64 {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit only writes into `limit`.
    if unsafe { libc::getrlimit(libc::RLIMIT_STACK, &mut limit) } != 0 || limit.rlim_max >= wanted {
        return wanted;
    }
    eprintln!(
        "warning: the stack is limited to {} here (ulimit -Hs), less than --stack asks",
        Resource::Memory.show(limit.rlim_max as f64)
    );
    limit.rlim_max
}

/// Whether `command`'s program can be started: an executable file at its path, or, for a bare
/// name, in a folder of `PATH`; the error names the program alone.
fn can_start(command: &[OsString]) -> Result<(), String> {
    let program = Path::new(&command[0]);
    let executable = |path: &Path| {
        path.metadata()
            .is_ok_and(|meta| meta.is_file() && meta.permissions().mode() & 0o111 != 0)
    };
    let found = match program.components().count() > 1 || program.is_absolute() {
        true => executable(program),
        false => std::env::var_os("PATH").is_some_and(|path| {
            std::env::split_paths(&path).any(|folder| executable(&folder.join(program)))
        }),
    };
    match found {
        true => Ok(()),
        false => Err(format!(
            "cannot start {}: no such program, or it is not executable",
            program.display()
        )),
    }
}

/// Whether `path` can be written, found before the first run rather than after the search: a
/// file is opened there (and removed again if it was not there before).
fn can_write(path: &Path) -> io::Result<()> {
    let existed = path.exists();
    std::fs::OpenOptions::new()
        .append(true)
        .create(true)
        .open(path)?;
    if !existed {
        std::fs::remove_file(path)?;
    }
    Ok(())
}

/// Reports why the check could not be carried out: a solution that cannot be started is a
/// usage error (exit 2); anything else ends the run with exit 1.
fn troubled(trouble: &CheckError, problem: Problem, command: &str) -> ExitCode {
    match trouble {
        CheckError::Solution(RunError::CannotStart(error)) => {
            let program = command.split(' ').next().unwrap_or_default();
            crate::exit_with_usage_error(
                "check",
                ErrorKind::Io,
                format!("cannot start {program}: {error}"),
            )
        }
        CheckError::Solution(error) => {
            eprintln!("error: {command}: {error}");
            ExitCode::FAILURE
        }
        CheckError::Trusted(message) => {
            eprintln!(
                "error: this crate's own {} failed: {message}",
                problem.name()
            );
            ExitCode::FAILURE
        }
    }
}
