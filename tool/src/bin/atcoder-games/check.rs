//! `atcoder-games check`: the stress test, as the user runs it on a terminal: the setup's
//! warnings, the progress line, Ctrl-C, and the report on stdout. The check itself is the
//! library's ([`Setup`], [`findings::check`]).

use atcoder_games_tool::error::Error;
use atcoder_games_tool::findings::{self, Findings, Stage};
use atcoder_games_tool::format::{repeating, with_commas};
use atcoder_games_tool::input::Input;
use atcoder_games_tool::problem::Problem;
use atcoder_games_tool::process;
use atcoder_games_tool::report::{self, SmallestSoFar, not_built};
use atcoder_games_tool::search::Progress;
use atcoder_games_tool::setup::{CheckArgs, Halt, SaveFolder, Setup};
use std::fs;
use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;
use std::sync::Mutex;

/// Where the check is, for the line that Ctrl-C prints.
static STAGE: Mutex<String> = Mutex::new(String::new());

/// The smallest failing input so far, while the check shrinks one, for Ctrl-C.
static SMALLEST: Mutex<Option<Input>> = Mutex::new(None);

/// Notes where the check is, for Ctrl-C.
fn enter(stage: String) {
    *STAGE
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner()) = stage;
}

/// Runs the check that `args` describe, and reports it: its exit status is the outcome's
/// ([`Findings::exit`]); a mistake found before the first run is a usage error.
pub fn check(args: &CheckArgs) -> Result<ExitCode, Error> {
    process::keep_freed_memory();
    let mut setup = match Setup::new(args) {
        Ok(setup) => setup,
        Err(Halt::Error(error)) => return Err(error),
        Err(Halt::NotBuilt(failed)) => {
            print_out(&not_built(&failed));
            return Ok(ExitCode::from(failed.exit().status()));
        }
    };
    setup.invoked = std::env::args().collect();
    for warning in &setup.warnings {
        eprintln!("{warning}");
    }
    stop_on_interrupt(&setup, args.shrink.is_some());
    let show_progress = io::stderr().is_terminal();
    let problem = &*setup.problem;
    let findings = findings::check(&setup, |stage| {
        let line = describe(&stage, problem);
        if show_progress {
            eprint!("\r\x1b[2K{line}");
        }
        if let Stage::Searching(Progress::Shrinking { input, .. }) = &stage {
            *SMALLEST
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner()) = Some((*input).clone());
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
/// terminal's Ctrl-C does not reach, so it is stopped, and all it started; the smallest failing
/// input so far, if the check was shrinking one, is saved in the check's folder; the folders the
/// check made and left empty go; and where the check was is said, with the smallest input and
/// how to go on shrinking it, and how to run the check again.
fn stop_on_interrupt(setup: &Setup, had_shrink: bool) {
    let seed = setup.seed;
    let invoked = &setup.invoked;
    let repeat = repeating(invoked, seed, None, false).join(" ");
    let made = setup.folder.made.clone();
    let path = (setup.folder.path).join(format!("{}-{seed}-smallest.in", setup.problem.name()));
    let resume = repeating(invoked, seed, Some(&path), had_shrink).join(" ");
    let _ = ctrlc::set_handler(move || {
        // The stage is read first and held: the program stopped, the check would go on to the
        // next stage, which is not where it was.
        let held = STAGE.lock();
        let stage = held.as_deref().cloned().unwrap_or_default();
        process::stop_all();
        let smallest = SMALLEST
            .lock()
            .ok()
            .and_then(|mut smallest| smallest.take());
        let saved = smallest.filter(|input| fs::write(&path, input.text()).is_ok());
        SaveFolder::remove_empty(&made);
        let smallest = saved
            .as_ref()
            .map(|input| SmallestSoFar { input, path: &path });
        let lines = report::interrupted(&stage, seed, smallest, &resume, &repeat);
        eprint!("\n{lines}");
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
        Progress::ToShrink => "the input given to shrink".to_string(),
        Progress::Shrinking { steps, input } => format!(
            "shrinking: {} tried, down to {}",
            with_commas(*steps),
            input.describe_size()
        ),
    }
}
