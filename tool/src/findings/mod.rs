//! A check, run: the program under check judged on a problem's inputs as the search goes, and
//! what the check found, all of it computed and saved before anything is written
//! ([`crate::report`] writes it): a pass with its margins, or the smallest failing input with
//! how it fails, how its time or memory grows, the mistake it matches, the right games, the case
//! saved for oj, and the explore page.

mod ahead;
mod runs;
mod save;
mod start_up;
mod under_check;

pub use ahead::{Ends, RunsAhead};
pub use save::SavedCase;
pub use start_up::StartUp;

use crate::error::{Error, Exit, HelperFailure};
use crate::growth::Curve;
use crate::judge::{Failure, differing_lines};
use crate::problem::{JudgedBy, RightGame};
use crate::search::{
    Conclusion, Diagnosis, Found, Margins, Plan, Progress, SpentClock, Undiagnosed, diagnose,
    search,
};
use crate::setup::Setup;
use runs::{Foreseen, Forking};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::thread;
use std::time::{Duration, Instant};
use under_check::{Answering, UnderCheck};

/// How many cases of each kind each way judged ([`JudgedBy`]): the input given to shrink, the
/// samples, the random cases, and the inputs of the largest size.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Judging {
    pub to_shrink: BTreeMap<JudgedBy, usize>,
    pub samples: BTreeMap<JudgedBy, usize>,
    pub cases: BTreeMap<JudgedBy, usize>,
    pub largest: BTreeMap<JudgedBy, usize>,
}

/// The most Shiritori words whose right games a report shows.
pub const EXPLAINED_WORDS: usize = 3;

/// What a check found.
#[derive(Debug)]
pub enum Findings {
    /// Every sample, case and family passed.
    Passed(Pass),
    /// The program failed, and how.
    Caught(Box<Caught>),
    /// A helper of a user's problem failed, which says nothing of the program.
    HelperFailed(HelperFailed),
}

impl Findings {
    /// How the run ends.
    pub fn exit(&self) -> Exit {
        match self {
            Self::Passed(_) => Exit::Passed,
            Self::Caught(_) => Exit::Failed,
            Self::HelperFailed(_) => Exit::HelperFailed,
        }
    }
}

/// A helper that failed, and where the input it failed on is saved, if it had one.
#[derive(Debug)]
pub struct HelperFailed {
    pub failure: HelperFailure,
    pub saved: Option<PathBuf>,
}

/// A check that passed: the largest random input, how near the limits it came, and how long it
/// took.
#[derive(Debug)]
pub struct Pass {
    pub largest: usize,
    pub margins: Margins,
    pub elapsed: Duration,
    pub start_up: Option<StartUp>,
    /// How many runs were forked by a forkserver ([`process::forkserver`]).
    pub forked: usize,
    pub judging: Judging,
}

/// A check that failed, and everything the report shows of it.
#[derive(Debug)]
pub struct Caught {
    pub found: Found,
    /// How its time or memory grows, for a TLE or an MLE on an input an origin makes.
    pub growth: Option<Curve>,
    /// For a wrong answer, the classic mistakes it matches, or why none could be named.
    pub diagnosis: Option<Result<Diagnosis, Undiagnosed>>,
    /// Where a wrong answer differs from the right one: each line's number (from 0), what was
    /// expected and what it printed.
    pub differences: Vec<(usize, String, String)>,
    /// The right games beside a wrong answer.
    pub games: Vec<RightGame>,
    /// Where the case is saved (a test of the report may leave it out).
    pub saved: Option<SavedCase>,
    /// The explore page, if one was asked for: where it was written, or why it was not.
    pub page: Option<Result<PathBuf, Error>>,
    /// For too much output, the first lines it printed.
    pub printed_first: Vec<String>,
    /// For an interactive problem, the dialogue's transcript on the failing input: each line
    /// marked with who said it ([`crate::process::dialogue::Side::mark`]).
    pub transcript: Option<String>,
    /// Whether the smallest failing input failed again when run once more (an interactive
    /// problem's is; any other's is taken to).
    pub repeats: bool,
    /// How long the check took.
    pub elapsed: Duration,
    pub start_up: Option<StartUp>,
    /// How many runs were forked by a forkserver ([`process::forkserver`]).
    pub forked: usize,
    /// What judged the answers of the cases run.
    pub judging: Judging,
}

/// How many of the first lines of too much output a report shows.
pub const PRINTED_FIRST: usize = 5;

/// What the check is doing, beyond the search's [`Progress`]: for a terminal's progress line, and
/// for where Ctrl-C says it was.
pub enum Stage<'a> {
    Searching(Progress<'a>),
    /// Measuring how the failure grows.
    Measuring,
    /// Holding a wrong answer against the classic mistakes.
    Diagnosing,
}

/// Runs the check that `setup` describes, saves what it found, and returns it; `stage` hears
/// where it is. A helper's failure is a finding, with the input it failed on saved.
pub fn check(setup: &Setup, stage: impl FnMut(Stage)) -> Result<Findings, Error> {
    match checked(setup, stage) {
        Err(Error::Helper(failure)) => {
            let saved = save::save_helper_input(setup, &failure)?;
            let failure = *failure;
            Ok(Findings::HelperFailed(HelperFailed { failure, saved }))
        }
        found => found,
    }
}

/// The check that `setup` describes; see [`check`]. Its runs go on threads of their own where
/// they go several at a time, each with a forkserver of its own where the program is one a
/// forkserver serves.
fn checked(setup: &Setup, stage: impl FnMut(Stage)) -> Result<Findings, Error> {
    let ahead = RunsAhead::new(setup.jobs);
    thread::scope(|scope| {
        for _ in 0..ahead.threads() {
            scope.spawn(|| {
                let mut forking = Forking::Unstarted;
                ahead.work(|input| setup.foreseen(input, &mut forking));
            });
        }
        let _ending = Ending(&ahead);
        checked_with(setup, &ahead, stage)
    })
}

/// Ends the threads of runs when the check ends, however it ends.
struct Ending<'a>(&'a RunsAhead<Foreseen>);

impl Drop for Ending<'_> {
    fn drop(&mut self) {
        self.0.end();
    }
}

/// The check that `setup` describes, with `ahead`'s threads to run inputs ahead of their turn:
/// the search, then, for a failure, what the report shows of it, found and saved.
fn checked_with(
    setup: &Setup,
    ahead: &RunsAhead<Foreseen>,
    mut stage: impl FnMut(Stage),
) -> Result<Findings, Error> {
    let started = Instant::now();
    setup.problem.check_itself()?;
    let program = UnderCheck::new(setup, ahead);
    let plan = Plan {
        to_shrink: setup.to_shrink.clone(),
        ..Plan::new(setup.cases, setup.seed)
    };
    let progress = |progress: Progress| stage(Stage::Searching(progress));
    let problem = &*setup.problem;
    let clock = SpentClock {
        program: &program.clock,
        problem,
    };
    let found = match search(problem, plan, &clock, &program, progress)? {
        Conclusion::Passed { largest } => {
            return Ok(Findings::Passed(Pass {
                largest,
                margins: program.margins(),
                elapsed: started.elapsed(),
                start_up: program.start_up(),
                forked: program.forked(),
                judging: program.judging(),
            }));
        }
        Conclusion::Found(found) => *found,
    };
    stage(Stage::Measuring);
    // Times are measured from here on: no run goes on beside them.
    ahead.forget();
    program.start_up_measured();
    let growth = match found.origin {
        Some(origin) => program.growth(&found, origin)?,
        None => None,
    };
    let (differences, games, diagnosis) = explained(setup, &program, &found, &mut stage)?;
    let (stdout, stderr) = program.printed(&found)?;
    // A dialogue is run once more: a program that draws its queries at random may pass it.
    let repeats = match problem.interactive() {
        true => program.fails_again(&found)?,
        false => true,
    };
    let printed_first = match found.failure {
        Failure::OutputLimit { .. } => String::from_utf8_lossy(&stdout)
            .lines()
            .take(PRINTED_FIRST)
            .map(String::from)
            .collect(),
        _ => Vec::new(),
    };
    let transcript = problem
        .interactive()
        .then(|| String::from_utf8_lossy(&stdout).into_owned());
    let saved = save::save(setup, &found, &stdout, &stderr)?;
    let page = setup
        .html
        .as_ref()
        .and_then(|path| save::write_page(setup, &found, &stdout, path));
    Ok(Findings::Caught(Box::new(Caught {
        found,
        growth,
        diagnosis,
        differences,
        games,
        saved: Some(saved),
        page,
        printed_first,
        transcript,
        repeats,
        elapsed: started.elapsed(),
        start_up: program.start_up(),
        forked: program.forked(),
        judging: program.judging(),
    })))
}

/// A wrong answer's explanation ([`explained`]): the lines that differ (each with the right
/// answer's and the program's), the right games of those lines, and the diagnosis.
type Explained = (
    Vec<(usize, String, String)>,
    Vec<RightGame>,
    Option<Result<Diagnosis, Undiagnosed>>,
);

/// What explains a wrong answer: the lines where it differs from the right one, the right games
/// of those lines, and the diagnosis of the mistake. None of them for another failure, or for an
/// interactive problem's wrong answer, the interactor's word: no answer to compare, nor a
/// mistake of the built-ins' to hold it against.
fn explained(
    setup: &Setup,
    program: &UnderCheck,
    found: &Found,
    stage: &mut impl FnMut(Stage),
) -> Result<Explained, Error> {
    let problem = &*setup.problem;
    let Failure::WrongAnswer {
        expected, actual, ..
    } = &found.failure
    else {
        return Ok((Vec::new(), Vec::new(), None));
    };
    if problem.interactive() {
        return Ok((Vec::new(), Vec::new(), None));
    }
    let differences = differing_lines(expected, actual);
    let lines: Vec<usize> = differences.iter().map(|&(line, _, _)| line).collect();
    let games = problem.right_games(&found.input, &lines, EXPLAINED_WORDS)?;
    stage(Stage::Diagnosing);
    let known = program.small_answers();
    let diagnosis = diagnose(problem, setup.seed, &known, Answering(program))?;
    Ok((differences, games, Some(diagnosis)))
}
