//! `atcoder-games check`: the stress test, as the user runs it: its options, checked before
//! anything runs, the progress on a terminal, Ctrl-C, and the report on stdout.

use crate::arguments::{ProblemName, positive_seconds};
use crate::command::misplaced_options;
use atcoder_games_tool::build::{BuildError, BuildOptions, Built};
use atcoder_games_tool::command::{self, Unready};
use atcoder_games_tool::custom::{Custom, Helpers};
use atcoder_games_tool::error::{Error, Helper};
use atcoder_games_tool::findings::{self, Findings, PRINTED, Setup, Stage};
use atcoder_games_tool::format::{mebibytes, shell_line, shell_quoted, with_commas};
use atcoder_games_tool::input::{Builtin, JUDGE_MAX};
use atcoder_games_tool::judge::{Comparison, Limits};
use atcoder_games_tool::problem::Problem;
use atcoder_games_tool::process;
use atcoder_games_tool::report::{compile_error, helper_failed, passed, report};
use atcoder_games_tool::samples::{self, OJ_FOLDER};
use atcoder_games_tool::search::Progress;
use clap::{Args, ValueEnum};
use std::ffi::OsString;
use std::fs;
use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Mutex;
use std::thread;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// The usage of `check`: a built-in problem, or a user's own with its helpers.
const USAGE: &str = "atcoder-games check [OPTIONS] <PROBLEM> <CMD>...
       atcoder-games check [OPTIONS] --generator <GEN> --reference <REF> [--checker <CHK>] [--validator <VAL>] <CMD>...";

/// The options of `check`.
#[derive(Args)]
#[command(override_usage = USAGE)]
pub struct CheckOptions {
    /// How many random inputs to try
    #[arg(long, default_value_t = 300, allow_negative_numbers = true, value_parser = clap::value_parser!(u32).range(1..))]
    cases: u32,
    /// The random seed, to repeat a run [default: from the clock; printed]
    #[arg(long, allow_negative_numbers = true)]
    seed: Option<u64>,
    /// Time limit per run, in seconds, on the time the judge counts: elapsed time, but no more
    /// than the CPU time of the program and all it started
    #[arg(long, visible_alias = "timeout", value_name = "SECONDS", default_value = "2", allow_negative_numbers = true, value_parser = positive_seconds)]
    time_limit: Duration,
    /// Memory limit per run: peak resident memory in MiB, of the program and all it started
    #[arg(long, visible_alias = "memory", value_name = "MIB", default_value_t = 1024, allow_negative_numbers = true, value_parser = clap::value_parser!(u64).range(1..=1 << 40))]
    memory_limit: u64,
    /// How many times as long a program takes on this machine as on the judge's, to judge the
    /// times as the judge would: time a program whose AtCoder time you know, and divide
    #[arg(long, value_name = "X", default_value_t = 1.0, allow_negative_numbers = true, value_parser = positive_factor)]
    time_factor: f64,
    /// Stack limit per run, in MiB: the judge's is 1024 (`ulimit -s 1048576`)
    #[arg(long, value_name = "MIB", default_value_t = 1024, allow_negative_numbers = true, value_parser = clap::value_parser!(u64).range(1..=1 << 40))]
    stack: u64,
    /// How many runs go at once where only answers are judged; a run whose time is judged near
    /// the limit runs alone [default: the machine's cores]
    #[arg(long, short = 'j', value_name = "N", allow_negative_numbers = true, value_parser = clap::value_parser!(u32).range(1..=256))]
    jobs: Option<u32>,
    /// Save the failing case in this folder, as oj's NAME.in and NAME.out (the right answer), with
    /// what the program printed beside them [default: a folder of the system's temporary folder]
    #[arg(long, value_name = "DIR")]
    save: Option<PathBuf>,
    /// Also write the explore page of the smallest failing input to this file, opened at the first
    /// word where the answers differ, with the program's answer beside the right one
    #[arg(long, value_name = "PATH")]
    html: Option<PathBuf>,
    /// Where AC Library is, the folder that holds atcoder/, for a C++ source that includes it
    /// [default: $ATCODER_LIBRARY]
    #[arg(long, value_name = "DIR")]
    include: Option<PathBuf>,
    /// The interpreter of a Python source: python3, or pypy3
    #[arg(long, value_name = "PYTHON", default_value = "python3")]
    python: OsString,
    /// A problem of your own: the generator, `GEN SIZE SEED` printing an input; then there is no
    /// PROBLEM, and every word after the options is the program
    #[arg(long, value_name = "GEN", help_heading = "A problem of your own")]
    generator: Option<OsString>,
    /// The reference: it reads an input and prints the right answer, and may be a brute force
    #[arg(long, value_name = "REF", help_heading = "A problem of your own")]
    reference: Option<OsString>,
    /// The checker, testlib's way: `CHK INPUT OUTPUT ANSWER` exits with 0 for a right answer,
    /// 1 or 2 for a wrong one [default: answers compared as AtCoder compares them]
    #[arg(long, value_name = "CHK", help_heading = "A problem of your own")]
    checker: Option<OsString>,
    /// The validator: it reads an input and exits with 0 when it keeps the constraints; with
    /// one, a failing input is shrunk through its text too
    #[arg(long, value_name = "VAL", help_heading = "A problem of your own")]
    validator: Option<OsString>,
    /// The largest SIZE the generator is asked for
    #[arg(long, value_name = "N", default_value_t = JUDGE_MAX as u64, help_heading = "A problem of your own", value_parser = clap::value_parser!(u64).range(1..=1 << 40))]
    max_size: u64,
    /// Samples: an oj folder (NAME.in, NAME.out), a cargo-compete testcases/*.yml, or a
    /// Competitive Companion JSON or CPH .prob file; may be given more than once [default:
    /// ./test/ when it exists]
    #[arg(long, value_name = "PATH", help_heading = "A problem of your own")]
    samples: Vec<PathBuf>,
    /// Compare numbers within this absolute or relative error, as oj's -e
    #[arg(long, value_name = "E", allow_negative_numbers = true, value_parser = positive_factor, help_heading = "A problem of your own")]
    tolerance: Option<f64>,
    /// The problem the solution solves: shiritori (abc209_e) or lucky7 (abc195_e); then the
    /// command that runs the solution, with its arguments (or as one string, as oj's -c)
    #[arg(
        value_name = "PROBLEM> <CMD",
        required = true,
        trailing_var_arg = true,
        allow_hyphen_values = true
    )]
    words: Vec<OsString>,
}

/// A positive factor.
fn positive_factor(text: &str) -> Result<f64, String> {
    let factor = text
        .parse::<f64>()
        .ok()
        .filter(|factor| *factor > 0.0 && factor.is_finite());
    factor.ok_or_else(|| "expected a positive number".to_string())
}

/// Where the check is, for the line that Ctrl-C prints.
static STAGE: Mutex<String> = Mutex::new(String::new());

/// Notes where the check is, for Ctrl-C.
fn enter(stage: String) {
    *STAGE
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner()) = stage;
}

/// The command line of this run of the tool, with `--seed` added when it was not given, so that
/// it repeats this run: quoted as a shell reads it back.
fn repeating(seed: u64) -> String {
    let mut arguments: Vec<String> = std::env::args().collect();
    let seeded = arguments
        .iter()
        .position(|argument| argument == "check")
        .filter(|_| {
            !arguments
                .iter()
                .any(|argument| argument.starts_with("--seed"))
        });
    if let Some(at) = seeded {
        arguments.splice(at + 1..at + 1, ["--seed".to_string(), seed.to_string()]);
    }
    let quoted: Vec<String> = arguments
        .iter()
        .map(|argument| shell_quoted(argument))
        .collect();
    quoted.join(" ")
}

/// Runs the check that `options` describe, and reports it: exit status 0 when the program
/// passed, 1 when it failed, 3 when a helper of a user's problem failed; a mistake found before
/// the first run is a usage error.
pub fn check(options: &CheckOptions) -> Result<ExitCode, Error> {
    process::keep_freed_memory();
    let limits = Limits {
        time: options.time_limit,
        memory: options.memory_limit << 20,
        stack: stack_within_reach(options.stack << 20),
    };
    let Ready {
        problem,
        program,
        command,
        built,
    } = match options.problem(limits) {
        Ok(ready) => ready,
        Err(Halt::Error(error)) => return Err(error),
        Err(Halt::Compile {
            helper,
            source,
            error,
        }) => {
            let name = match &options.generator {
                Some(_) => problem_name(),
                None => options.words[0].to_string_lossy().into_owned(),
            };
            print_out(&compile_error(&name, helper, &source, &error));
            let failed = helper.map_or(1, |_| 3);
            return Ok(ExitCode::from(failed));
        }
    };
    let problem = problem.as_ref();
    for warning in misplaced_options(&command) {
        eprintln!("{warning}");
    }
    let seed = options.seed.unwrap_or_else(seed_from_the_clock);
    let folder = match &options.save {
        Some(folder) => folder.clone(),
        None => std::env::temp_dir().join(format!("atcoder-games-{}-{seed}", problem.name())),
    };
    let folder = SaveFolder::make(folder).map_err(|(folder, error)| {
        Error::Usage(format!("cannot save to {}: {error}", folder.display()))
    })?;
    if let Some(path) = &options.html
        && let Err(error) = can_write(path)
    {
        let message = format!("cannot write {}: {error}", path.display());
        return Err(Error::Usage(message));
    }
    // The program under test runs in a process group of its own, which a terminal's Ctrl-C does
    // not reach: stop it, and all it started, and say where the check was.
    let repeat = repeating(seed);
    let made = folder.made.clone();
    let _ = ctrlc::set_handler(move || {
        // The stage is read first and held: the program stopped, the check would go on to the
        // next stage, which is not where it was.
        let held = STAGE.lock();
        let stage = held.as_deref().cloned().unwrap_or_default();
        process::stop_all();
        remove_empty(&made);
        eprintln!(
            "\ncheck: interrupted {stage} (seed {seed}); the program under test was stopped.\nTo run the same check again: {repeat}"
        );
        std::process::exit(130);
    });
    let setup = Setup {
        problem,
        program,
        command,
        cases: options.cases as usize,
        seed,
        limits,
        time_factor: options.time_factor,
        folder: folder.path.clone(),
        html: options.html.clone(),
        built,
        jobs: options.jobs.map_or_else(
            || thread::available_parallelism().map_or(1, |cores| cores.get()),
            |jobs| jobs as usize,
        ),
    };
    let show_progress = io::stderr().is_terminal();
    let findings = findings::check(&setup, |stage| {
        let line = describe(&stage, problem);
        if show_progress {
            eprint!("\r\x1b[2K{line}");
        }
        enter(match stage {
            Stage::Searching(_) => format!("at {line}"),
            _ => line,
        });
    });
    if show_progress {
        eprint!("\r\x1b[2K");
    }
    match findings? {
        Findings::Passed(pass) => {
            print_out(&passed(&setup, &pass));
            Ok(ExitCode::SUCCESS)
        }
        Findings::Caught(failed) => {
            print_out(&report(&setup, &failed));
            Ok(ExitCode::FAILURE)
        }
        Findings::HelperFailed(failed) => {
            print_out(&helper_failed(&setup, &failed));
            Ok(ExitCode::from(
                Error::Helper(Box::new(failed.failure)).status(),
            ))
        }
    }
}

/// The options that only a problem of the user's takes, by their names, and whether each was
/// given.
fn own_problem_options(options: &CheckOptions) -> [(&'static str, bool); 6] {
    [
        ("--reference", options.reference.is_some()),
        ("--checker", options.checker.is_some()),
        ("--validator", options.validator.is_some()),
        ("--samples", !options.samples.is_empty()),
        ("--tolerance", options.tolerance.is_some()),
        ("--max-size", options.max_size != JUDGE_MAX as u64),
    ]
}

/// What the options make ready before anything runs: the problem, the program under check, and
/// how each source among them was built.
struct Ready {
    problem: Box<dyn Problem>,
    /// The program as the user gave it, as a shell reads it back.
    program: String,
    command: Vec<OsString>,
    built: Vec<(String, Built)>,
}

/// Why a check does not start.
enum Halt {
    Error(Error),
    /// A source does not compile: the program's (`helper` None), a compilation error, or a
    /// helper's.
    Compile {
        helper: Option<Helper>,
        source: PathBuf,
        error: BuildError,
    },
}

impl From<Error> for Halt {
    fn from(error: Error) -> Self {
        Self::Error(error)
    }
}

impl CheckOptions {
    /// How sources are built for this check.
    fn build_options(&self) -> BuildOptions {
        BuildOptions {
            include: self.include.clone(),
            python: self.python.clone(),
            memory_mib: self.memory_limit,
            cache: BuildOptions::user_cache(),
        }
    }

    /// The program that `words` give, made ready, as `helper` (None: the program under check);
    /// `again` writes `check`'s command line with options of its own first and another command
    /// in its place, for a hint.
    fn ready(
        &self,
        words: &[OsString],
        helper: Option<Helper>,
        again: impl Fn(&str, &str) -> String,
        built: &mut Vec<(String, Built)>,
    ) -> Result<Vec<OsString>, Halt> {
        let who = helper.map_or("the program".to_string(), |helper| {
            format!("the {}", helper.name())
        });
        let option = helper
            .map(|helper| format!("--{}: ", helper.name()))
            .unwrap_or_default();
        match command::program(words, &self.build_options(), again) {
            Ok(program) => {
                // Notes are of the program under check: a helper's start-up is not judged.
                if helper.is_none() {
                    for note in [program.note.clone(), program.shim_note()]
                        .into_iter()
                        .flatten()
                    {
                        eprintln!("{note}");
                    }
                }
                if let Some(how) = program.built {
                    built.push((who, how));
                }
                Ok(program.command)
            }
            Err(Unready::Unknown(message)) => {
                Err(Error::Usage(format!("{option}{message}")).into())
            }
            Err(Unready::Build(source, error @ BuildError::Compile { .. })) => Err(Halt::Compile {
                helper,
                source,
                error,
            }),
            Err(Unready::Build(source, error @ BuildError::Io(_))) => {
                Err(Error::Fatal(error.message(&source)).into())
            }
            Err(Unready::Build(source, error)) => {
                Err(Error::Usage(format!("{option}{}", error.message(&source))).into())
            }
        }
    }

    /// The problem these options name, and the program under check, ready to run; the helpers of
    /// a user's problem and its samples checked, and every source built, before anything runs.
    fn problem(&self, limits: Limits) -> Result<Ready, Halt> {
        let mut built = Vec::new();
        let Some(generator) = &self.generator else {
            if let Some((option, _)) = own_problem_options(self).iter().find(|(_, given)| *given) {
                let message = format!("{option} is for a problem of your own, with --generator");
                return Err(Error::Usage(message).into());
            }
            let (name, command) = self.words.split_first().expect("clap requires a word");
            let problem = problem_named(name)?;
            if command.is_empty() {
                let message = "the following required arguments were not provided:\n  <CMD>...";
                return Err(Error::Usage(message.to_string()).into());
            }
            let name = problem.name();
            let again = |options: &str, command: &str| {
                format!("atcoder-games check {options}{name} {command}")
            };
            let program = shell_line(command);
            let command = self.ready(command, None, again, &mut built)?;
            return Ok(Ready {
                problem: Box::new(problem),
                program,
                command,
                built,
            });
        };
        let Some(reference) = &self.reference else {
            let message = "a problem of your own needs its reference, --reference REF, which prints the right answer";
            return Err(Error::Usage(message.to_string()).into());
        };
        // A helper is a source, a command line in one argument as the shell splits it, or a
        // program.
        let mut helper = |helper: Helper, command: &OsString| {
            let option = helper.name();
            let again = |options: &str, command: &str| {
                format!("atcoder-games check {options}--{option} {command} ...")
            };
            self.ready(
                std::slice::from_ref(command),
                Some(helper),
                again,
                &mut built,
            )
        };
        let helpers = Helpers {
            generator: helper(Helper::Generator, generator)?,
            reference: helper(Helper::Reference, reference)?,
            checker: (self.checker.as_ref())
                .map(|checker| helper(Helper::Checker, checker))
                .transpose()?,
            validator: (self.validator.as_ref())
                .map(|validator| helper(Helper::Validator, validator))
                .transpose()?,
        };
        let again = |options: &str, command: &str| {
            format!("atcoder-games check {options}--generator ... {command}")
        };
        let command = self.ready(&self.words, None, again, &mut built)?;
        let paths = match self.samples.is_empty() && Path::new(OJ_FOLDER).is_dir() {
            true => vec![PathBuf::from(OJ_FOLDER)],
            false => self.samples.clone(),
        };
        let (mut samples, mut comparison) = (Vec::new(), Comparison::Lines);
        for path in paths {
            let read = samples::read(&path)?;
            samples.extend(read.samples);
            comparison = read.comparison.unwrap_or(comparison);
        }
        if let Some(error) = self.tolerance {
            comparison = Comparison::Float {
                absolute: error,
                relative: error,
            };
        }
        let problem = Custom::new(
            problem_name(),
            helpers,
            samples,
            comparison,
            self.max_size as usize,
            limits,
        );
        Ok(Ready {
            problem: Box::new(problem),
            program: shell_line(&self.words),
            command,
            built,
        })
    }
}

/// The built-in problem that the command line's first word names.
fn problem_named(word: &OsString) -> Result<Builtin, Error> {
    let name = word.to_string_lossy();
    // The words after the options may start with a hyphen, the problem's may not: an option
    // clap does not know.
    if name.starts_with('-') {
        return Err(Error::Usage(format!("unexpected argument '{name}' found")));
    }
    match ProblemName::from_str(&name, true) {
        Ok(problem) => Ok(Builtin::from(problem)),
        Err(_) => Err(Error::Usage(format!(
            "invalid value '{name}' for '<PROBLEM>': shiritori (or abc209_e), lucky7 (or abc195_e), or a problem of your own with --generator GEN --reference REF"
        ))),
    }
}

/// The name of a user's problem: the name of the folder the check runs in, where contestants keep
/// one folder a problem (`abc300_a`), in the characters a file name takes.
fn problem_name() -> String {
    let folder = std::env::current_dir().ok();
    let name = folder.as_deref().and_then(Path::file_name);
    let name = name.map_or("problem".into(), |name| name.to_string_lossy());
    let plain = |c: char| c.is_ascii_alphanumeric() || "-_.".contains(c);
    name.chars()
        .map(|c| if plain(c) { c } else { '_' })
        .collect()
}

/// Prints `text` on stdout; a reader that closed the pipe early (say, `head`) has what it wanted.
fn print_out(text: &str) {
    let _ = io::stdout().lock().write_all(text.as_bytes());
}

/// Where the check is, in words: on a terminal as one line that changes, and for Ctrl-C.
fn describe(stage: &Stage, problem: &dyn Problem) -> String {
    let progress = match stage {
        Stage::Searching(progress) => progress,
        Stage::Measuring => return "measuring how it fails".to_string(),
        Stage::Diagnosing => return "looking for a known mistake".to_string(),
    };
    match progress {
        Progress::Sample { number, samples } => {
            let name = problem.samples().get(number - 1).map(|sample| &sample.name);
            format!("{}/{samples}", name.map_or("sample", |name| name))
        }
        Progress::Case { case, cases, input } => {
            format!("case {}/{cases}: {}", case + 1, input.describe_size())
        }
        Progress::Largest { seed } => {
            let size = problem.units().of(problem.largest_size());
            format!("the generator's input of {size}, seed {seed}")
        }
        Progress::Family { family } => {
            let size = problem.units().of(problem.largest_size());
            format!("family \"{}\": {size}", family.name())
        }
        Progress::Shrinking { steps, input } => format!(
            "shrinking: {} tried, down to {}",
            with_commas(*steps),
            input.describe_size()
        ),
    }
}

/// The folder a failing case is saved in, made before any run so that one that cannot be written
/// is a usage error at once. The folders it made and left empty go when it is dropped: a check that
/// saved nothing leaves nothing behind.
struct SaveFolder {
    path: PathBuf,
    /// The folders made, innermost first.
    made: Vec<PathBuf>,
}

impl SaveFolder {
    fn make(path: PathBuf) -> Result<SaveFolder, (PathBuf, io::Error)> {
        let printed = path.join(PRINTED);
        let made = printed
            .ancestors()
            .take_while(|folder| !folder.exists())
            .map(Path::to_path_buf)
            .collect();
        match fs::create_dir_all(&printed) {
            Ok(()) => Ok(SaveFolder { path, made }),
            Err(error) => Err((path, error)),
        }
    }
}

impl Drop for SaveFolder {
    fn drop(&mut self) {
        remove_empty(&self.made);
    }
}

/// Removes those of `folders`, innermost first, that are empty.
fn remove_empty(folders: &[PathBuf]) {
    for folder in folders {
        // Fails, and so keeps it, where a case was saved.
        let _ = fs::remove_dir(folder);
    }
}

/// A seed of nine digits or fewer, from the clock, easy to type again.
fn seed_from_the_clock() -> u64 {
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default();
    u64::from(now.subsec_nanos())
}

/// Whether `path` can be written, found before the first run rather than after the search: a
/// file is opened there (and removed again if it was not there before).
fn can_write(path: &Path) -> io::Result<()> {
    let existed = path.exists();
    fs::OpenOptions::new()
        .append(true)
        .create(true)
        .open(path)?;
    if !existed {
        fs::remove_file(path)?;
    }
    Ok(())
}

/// The stack limit that runs can be given, `wanted` or less: no more than this process's hard
/// limit (`ulimit -Hs`), which only a privileged process may raise. A smaller one is said.
fn stack_within_reach(wanted: u64) -> u64 {
    match process::hard_stack_limit() {
        Some(hard) if hard < wanted => {
            eprintln!(
                "warning: the stack is limited to {} here (ulimit -Hs), less than --stack asks",
                mebibytes(hard as f64)
            );
            hard
        }
        _ => wanted,
    }
}
