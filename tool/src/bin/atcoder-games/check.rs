//! `atcoder-games check`: the stress test, as the user runs it: its options, checked before
//! anything runs, the progress on a terminal, Ctrl-C, and the report on stdout.

use crate::arguments::{ProblemName, positive_seconds};
use crate::command::{misplaced_options, to_run};
use atcoder_games_tool::error::Error;
use atcoder_games_tool::findings::{self, CheckSetup, Findings, PRINTED, Stage};
use atcoder_games_tool::format::{mebibytes, shell_quoted, with_commas};
use atcoder_games_tool::input::Builtin;
use atcoder_games_tool::judge::Limits;
use atcoder_games_tool::problem::Problem;
use atcoder_games_tool::process;
use atcoder_games_tool::report::{passed, report};
use atcoder_games_tool::search::Progress;
use clap::Args;
use std::ffi::OsString;
use std::fs;
use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Mutex;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

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
    /// How many times as long a program takes on this machine as on the judge's, to judge the
    /// times as the judge would: time a program whose AtCoder time you know, and divide
    #[arg(long, value_name = "X", default_value_t = 1.0, allow_negative_numbers = true, value_parser = positive_factor)]
    time_factor: f64,
    /// Stack limit per run, in MiB: the judge's is 1024 (`ulimit -s 1048576`)
    #[arg(long, value_name = "MIB", default_value_t = 1024, allow_negative_numbers = true, value_parser = clap::value_parser!(u64).range(1..=1 << 40))]
    stack: u64,
    /// Save the failing case in this folder, as oj's NAME.in and NAME.out (the right answer), with
    /// what the program printed beside them [default: a folder of the system's temporary folder]
    #[arg(long, value_name = "DIR")]
    save: Option<PathBuf>,
    /// Also write the explore page of the smallest failing input to this file, opened at the first
    /// word where the answers differ, with the program's answer beside the right one
    #[arg(long, value_name = "PATH")]
    html: Option<PathBuf>,
    /// The problem the solution solves
    #[arg(value_enum)]
    problem: ProblemName,
    /// The command that runs the solution, with its arguments (or as one string, as oj's -c)
    #[arg(
        value_name = "CMD",
        required = true,
        trailing_var_arg = true,
        allow_hyphen_values = true
    )]
    command: Vec<OsString>,
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
/// passed, 1 when it failed; a mistake found before the first run is a usage error.
pub fn check(options: &CheckOptions) -> Result<ExitCode, Error> {
    let problem = Builtin::from(options.problem);
    let given = options.problem_name();
    let command = to_run(&options.command, &given).map_err(Error::Usage)?;
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
    let setup = CheckSetup {
        problem: &problem,
        command,
        cases: options.cases as usize,
        seed,
        limits: Limits {
            time: options.timeout,
            memory: options.memory << 20,
            stack: stack_within_reach(options.stack << 20),
        },
        time_factor: options.time_factor,
        folder: folder.path.clone(),
        html: options.html.clone(),
    };
    let show_progress = io::stderr().is_terminal();
    let findings = findings::check(&setup, |stage| {
        let line = describe(&stage, &problem);
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
        Findings::Failed(failed) => {
            print_out(&report(&setup, &failed));
            Ok(ExitCode::FAILURE)
        }
    }
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

impl CheckOptions {
    /// The problem as the user named it, for the commands that hints show.
    fn problem_name(&self) -> String {
        Builtin::from(self.problem).name().to_string()
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
        mebibytes(limit.rlim_max as f64)
    );
    limit.rlim_max
}
