//! `atcoder-games check`: the stress test, as the user runs it.

use crate::arguments::{ProblemName, positive_seconds};
use crate::explain;
use crate::input::AnalysedDictionary;
use crate::shiritori::plumbing::TokenSource;
use crate::{lucky7, shiritori};
use atcoder_games_tool::family::Origin;
use atcoder_games_tool::format::with_commas;
use atcoder_games_tool::growth::{self, Curve, Failing, Resource};
use atcoder_games_tool::judge::{Failure, Limits, Precision, judge, settle};
use atcoder_games_tool::problem::{Input, JUDGE_MAX, Problem};
use atcoder_games_tool::process::{self, Run, RunError, Stdin};
use atcoder_games_tool::report::{CheckSetup, TrustedOutput, report, shown_in_full};
use atcoder_games_tool::search::{Case, Conclusion, Found, Plan, Progress, SystemClock, search};
use clap::Args;
use std::ffi::OsString;
use std::io::{self, IsTerminal, Write};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// The options of `check`.
#[derive(Args)]
pub struct CheckOptions {
    /// How many random inputs to try
    #[arg(long, default_value_t = 300, allow_negative_numbers = true, value_parser = clap::value_parser!(u32).range(1..))]
    cases: u32,
    /// The random seed, to repeat a run [default: from the clock; printed]
    #[arg(long, allow_negative_numbers = true)]
    seed: Option<u64>,
    /// Time limit per run, in seconds, on the time the judge counts: elapsed time, but no more
    /// than the CPU time of the program and all it started
    #[arg(long, value_name = "SECONDS", default_value = "2", allow_negative_numbers = true, value_parser = positive_seconds)]
    timeout: Duration,
    /// Memory limit per run: peak resident memory in MiB, of the program and all it started
    #[arg(long, value_name = "MIB", default_value_t = 1024, allow_negative_numbers = true, value_parser = clap::value_parser!(u64).range(1..=1 << 40))]
    memory: u64,
    /// Stack limit per run, in MiB: the judge's is 1024 (`ulimit -s 1048576`)
    #[arg(long, value_name = "MIB", default_value_t = 1024, allow_negative_numbers = true, value_parser = clap::value_parser!(u64).range(1..=1 << 40))]
    stack: u64,
    /// Also write the smallest failing input to this file
    #[arg(long, value_name = "PATH")]
    save: Option<PathBuf>,
    /// The problem the solution solves
    #[arg(value_enum)]
    problem: ProblemName,
    /// The command that runs the solution, with its arguments
    #[arg(
        value_name = "CMD",
        required = true,
        trailing_var_arg = true,
        allow_hyphen_values = true
    )]
    command: Vec<OsString>,
}

/// A mistake in how `check` was asked to run, found before or at the first run: the message of a
/// usage error.
pub struct UsageError(pub String);

/// Why a check could not be carried out.
enum CheckError {
    /// The program under check could not be run.
    Program(RunError),
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

/// The program under check, and the limits it runs under.
struct Program<'a> {
    command: &'a [OsString],
    limits: Limits,
}

impl Program<'_> {
    /// Runs the solution on `input`, stopped at `limits`.
    fn execute(&self, input: &Input, limits: &Limits) -> Result<Run, CheckError> {
        let text = input.text();
        let stdin = Stdin::Bytes(text.as_bytes());
        let options = limits.options(input.longest_answer());
        process::run(self.command, stdin, &options).map_err(CheckError::Program)
    }

    /// Judges the program on `input` against this crate's answer, from runs that settle its time
    /// ([`settle`]).
    fn test(&self, problem: Problem, input: &Input) -> Result<Option<Failure>, CheckError> {
        let expected = trusted(problem, TrustedOutput::Answer, &input.text())?;
        let settled = settle(&self.limits, Precision::Verdict, || {
            self.execute(input, &self.limits)
        })?;
        Ok(judge(&expected, &settled.run, &self.limits))
    }

    /// How the program's time or memory grows on the family of `found`'s input, if it ran out
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

/// Runs the check that `options` describe, and reports it; a mistake found before the first run
/// is a usage error.
pub fn check(options: &CheckOptions) -> Result<ExitCode, UsageError> {
    // The program under test runs in a process group of its own, which a terminal's Ctrl-C does
    // not reach: stop it, and all it started, before ending.
    let _ = ctrlc::set_handler(|| {
        process::stop_all();
        eprintln!("\ncheck: interrupted; the program under test was stopped");
        std::process::exit(130);
    });
    can_start(&options.command).map_err(UsageError)?;
    if let Some(path) = &options.save
        && let Err(error) = can_write(path)
    {
        let message = format!("cannot save to {}: {error}", path.display());
        return Err(UsageError(message));
    }
    let problem = Problem::from(options.problem);
    match checked(options, problem) {
        Ok(code) => Ok(code),
        Err(CheckError::Program(RunError::CannotStart(error))) => {
            let program = Path::new(&options.command[0]).display();
            Err(UsageError(format!("cannot start {program}: {error}")))
        }
        Err(CheckError::Program(error)) => {
            eprintln!("error: {}: {error}", command_line(&options.command));
            Ok(ExitCode::FAILURE)
        }
        Err(CheckError::Trusted(message)) => {
            let name = problem.name();
            eprintln!("error: this crate's own {name} failed: {message}");
            Ok(ExitCode::FAILURE)
        }
    }
}

/// `command` as one line, for the report.
fn command_line(command: &[OsString]) -> String {
    let parts = command.iter().map(|part| part.to_string_lossy());
    parts.collect::<Vec<_>>().join(" ")
}

/// The check of `problem` that `options` describe, and its report: exit status 0 when the program
/// passed, 1 when it failed.
fn checked(options: &CheckOptions, problem: Problem) -> Result<ExitCode, CheckError> {
    let started = Instant::now();
    let cases = options.cases as usize;
    // By default a seed of nine digits or fewer, from the clock, easy to type again.
    let seed = options.seed.unwrap_or_else(|| {
        let now = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .unwrap_or_default();
        u64::from(now.subsec_nanos())
    });
    let program = Program {
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
    let test = |input: &Input| program.test(problem, input);
    let plan = Plan::new(cases, seed);
    let conclusion = search(problem, plan, &SystemClock, test, progress)?;
    let command = command_line(&options.command);
    let found = match conclusion {
        Conclusion::Passed { largest } => {
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
            return Ok(ExitCode::SUCCESS);
        }
        Conclusion::Failed(found) => found,
    };
    if show_progress {
        eprint!("\r\x1b[2Kmeasuring how it fails");
    }
    let growth = match found.origin {
        Some(origin) => program.growth(&found, origin)?,
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
        return Ok(ExitCode::FAILURE);
    }
    let setting = CheckSetup {
        problem,
        command: &command,
        cases,
        seed,
        limits: program.limits,
        saved: saved.as_deref(),
    };
    let trusted = |asked| trusted(problem, asked, &input);
    print_out(&report(&setting, &found, growth.as_ref(), trusted)?);
    Ok(ExitCode::FAILURE)
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
