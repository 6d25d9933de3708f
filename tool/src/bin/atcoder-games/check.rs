//! `atcoder-games check`: the stress test, as the user runs it on a terminal: the setup's
//! warnings, the progress line, Ctrl-C, and the report on stdout. The check itself is the
//! library's ([`Setup`], [`findings::check`]).

use atcoder_games_tool::error::Error;
use atcoder_games_tool::findings::{self, Findings, Stage};
use atcoder_games_tool::format::{shell_quoted, with_commas};
use atcoder_games_tool::problem::Problem;
use atcoder_games_tool::process;
use atcoder_games_tool::report::{self, not_built};
use atcoder_games_tool::search::Progress;
use atcoder_games_tool::setup::{CheckArgs, Halt, SaveFolder, Setup};
use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;
use std::sync::Mutex;

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

/// Runs the check that `args` describe, and reports it: its exit status is the outcome's
/// ([`Findings::exit`]); a mistake found before the first run is a usage error.
pub fn check(args: &CheckArgs) -> Result<ExitCode, Error> {
    process::keep_freed_memory();
    let setup = match Setup::new(args) {
        Ok(setup) => setup,
        Err(Halt::Error(error)) => return Err(error),
        Err(Halt::NotBuilt(failed)) => {
            print_out(&not_built(&failed));
            return Ok(ExitCode::from(failed.exit().status()));
        }
    };
    for warning in &setup.warnings {
        eprintln!("{warning}");
    }
    stop_on_interrupt(&setup);
    let show_progress = io::stderr().is_terminal();
    let problem = &*setup.problem;
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
    let findings = findings?;
    print_out(&match &findings {
        Findings::Passed(pass) => report::passed(&setup, pass),
        Findings::Caught(caught) => report::report(&setup, caught),
        Findings::HelperFailed(failed) => report::helper_failed(&setup, failed),
    });
    Ok(ExitCode::from(findings.exit().status()))
}

/// Has Ctrl-C stop the check: the program under test runs in a process group of its own, which a
/// terminal's Ctrl-C does not reach, so it is stopped, and all it started; the folders the check
/// made and left empty go; and where the check was is said, with how to run it again.
fn stop_on_interrupt(setup: &Setup) {
    let seed = setup.seed;
    let repeat = repeating(seed);
    let made = setup.folder.made.clone();
    let _ = ctrlc::set_handler(move || {
        // The stage is read first and held: the program stopped, the check would go on to the
        // next stage, which is not where it was.
        let held = STAGE.lock();
        let stage = held.as_deref().cloned().unwrap_or_default();
        process::stop_all();
        SaveFolder::remove_empty(&made);
        eprintln!(
            "\ncheck: interrupted {stage} (seed {seed}); the program under test was stopped.\nTo run the same check again:\n  {repeat}"
        );
        std::process::exit(130);
    });
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
