//! A check, run: the program under check judged on a problem's inputs as the search goes, and
//! what the check found, all of it computed and saved before anything is written
//! ([`crate::report`] writes it): a pass with its margins, or the smallest failing input with
//! how it fails, how its time or memory grows, the mistake it matches, the right games, the case
//! saved for oj, and the explore page.

use crate::build::Built;
use crate::error::{Error, HelperFailure};
use crate::family::Origin;
use crate::format::{shell_line, shell_quoted};
use crate::growth::{self, Curve, Failing};
use crate::input::Input;
use crate::judge::{
    Failure, Limits, Precision, Verdict, differing_lines, judge_run, judged_time, settle,
};
use crate::problem::{Expected, Problem, RightGame};
use crate::process::{self, Run, RunError, Stdin};
use crate::search::{
    Answered, Case, Conclusion, DIAGNOSIS_SIZE, Diagnosis, Found, Margins, Plan, Progress,
    Undiagnosed, WorkClock, diagnose, search,
};
use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::ffi::OsString;
use std::fs;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The most Shiritori words whose right games a report shows.
pub const EXPLAINED_WORDS: usize = 3;

/// How a check runs: the problem, the program under check, its cases and seed, the limits, and
/// where what it finds is saved.
pub struct CheckSetup<'a> {
    pub problem: &'a dyn Problem,
    /// The program as the user gave it, as a shell reads it back: `main.cpp`, `./a.out`.
    pub program: String,
    /// The program's command line: what runs it.
    pub command: Vec<OsString>,
    pub cases: usize,
    pub seed: u64,
    pub limits: Limits,
    /// How many times as long a program takes here as on the judge: runs are stopped that much
    /// later, and their times are divided by it (`--time-factor`).
    pub time_factor: f64,
    /// The folder the failing case is saved in.
    pub folder: PathBuf,
    /// Where the explore page of the failing input goes, if anywhere.
    pub html: Option<PathBuf>,
    /// How each source among the program and the helpers was built and is run: whose it is (`the
    /// program`, `the generator`) and how.
    pub built: Vec<(String, Built)>,
}

impl CheckSetup<'_> {
    /// The program's command line as a shell reads it back.
    pub fn command_line(&self) -> String {
        shell_line(&self.command)
    }
}

/// What a check found.
#[derive(Debug)]
pub enum Findings {
    /// Every sample, case and family passed.
    Passed(Passed),
    Failed(Box<Failed>),
    /// A helper of a user's problem failed, which says nothing of the program.
    HelperFailed(HelperFailed),
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
pub struct Passed {
    pub largest: usize,
    pub margins: Margins,
    pub elapsed: Duration,
}

/// A check that failed, and everything the report shows of it.
#[derive(Debug)]
pub struct Failed {
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
    pub page: Option<Result<PathBuf, String>>,
    /// For too much output, the first lines it printed.
    pub printed_first: Vec<String>,
}

/// How many of the first lines of too much output a report shows.
pub const PRINTED_FIRST: usize = 5;

/// A failing case saved as an oj test case, `NAME.in` and `NAME.out` (the right answer), with
/// what the program printed beside it, in a folder of its own that oj leaves alone,
/// `printed/NAME.stdout` and `printed/NAME.stderr`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedCase {
    pub folder: PathBuf,
    pub name: String,
}

/// The folder, in the folder of a saved case, of what the program printed.
pub const PRINTED: &str = "printed";

impl SavedCase {
    /// The path of the file with this `extension`, relative to the folder of the case.
    pub fn file(&self, extension: &str) -> String {
        match extension {
            "in" | "out" => format!("{}.{extension}", self.name),
            _ => format!("{PRINTED}/{}.{extension}", self.name),
        }
    }

    /// The path of the file with this `extension`.
    pub fn path(&self, extension: &str) -> PathBuf {
        self.folder.join(self.file(extension))
    }
}

/// What a failing run printed, kept for the saved case.
struct Printed {
    input: Input,
    stdout: Vec<u8>,
    stderr: Vec<u8>,
}

/// The program under check as a check runs it: the limits it runs under, and what the check has
/// seen of it: the margins of its runs, what its last failing run of each verdict printed, and
/// what it answered on small inputs.
struct Program<'a> {
    setup: &'a CheckSetup<'a>,
    /// The case being run, as the search's progress says.
    case: Cell<Case>,
    /// The time its runs took: the clock of the search's budgets, the same on a busy machine.
    clock: WorkClock,
    margins: RefCell<Margins>,
    printed: RefCell<HashMap<Verdict, Printed>>,
    /// What it answered on the small inputs it was run on, for a diagnosis: None where it did not
    /// answer (a crash, a limit).
    answered: RefCell<Vec<(Input, Option<Answered>)>>,
}

impl Program<'_> {
    /// Runs the program on `input`, whose right answer is `expected` so far as it is known,
    /// stopped at `limits` as the judge would, with its times as the judge's would be (see
    /// [`CheckSetup::time_factor`]).
    fn execute(&self, input: &Input, expected: &Expected, limits: &Limits) -> Result<Run, Error> {
        let text = input.text();
        let stdin = Stdin::Bytes(text.as_bytes());
        let factor = self.setup.time_factor;
        let longest = self.setup.problem.longest_answer(input, expected);
        let mut options = limits.options(longest);
        options.time_limit = options.time_limit.map(|limit| limit.mul_f64(factor));
        options.wall_limit = options.wall_limit.map(|limit| limit.mul_f64(factor));
        let command = &self.setup.command;
        let mut ran = process::run(command, stdin, &options).map_err(|error| match error {
            RunError::CannotStart(error) => {
                let program = shell_quoted(&command[0].to_string_lossy());
                Error::Usage(format!("cannot start {program}: {error}"))
            }
            error => Error::Failed(format!("{}: {error}", shell_line(command))),
        })?;
        ran.cpu = ran.cpu.div_f64(factor);
        ran.wall = ran.wall.div_f64(factor);
        self.clock.spend(judged_time(&ran));
        Ok(ran)
    }

    /// Judges `ran`, a run on `input` whose right answer is `expected`: its limits, a crash,
    /// then its answer as the problem judges it, where the answer is known.
    fn judge(
        &self,
        input: &Input,
        expected: &Expected,
        ran: &Run,
    ) -> Result<Option<Failure>, Error> {
        if let Some(failure) = judge_run(ran, &self.setup.limits) {
            return Ok(Some(failure));
        }
        let Expected::Answer(expected) = expected else {
            return Ok(None);
        };
        let actual = String::from_utf8_lossy(&ran.stdout);
        let wrong = self.setup.problem.judge_answer(input, expected, &actual)?;
        Ok(wrong.map(|wrong| Failure::WrongAnswer {
            expected: expected.clone(),
            actual: actual.into_owned(),
            message: wrong.message,
        }))
    }

    /// What the program answers on `input`, and whether that is right; None when it crashed or
    /// ran out of time, memory or output.
    fn answered(&self, input: &Input) -> Result<Option<Answered>, Error> {
        let expected = self.setup.problem.expected(input)?;
        let ran = self.execute(input, &expected, &self.setup.limits)?;
        let answered = match self.judge(input, &expected, &ran)? {
            None => Some(true),
            Some(Failure::WrongAnswer { .. }) => Some(false),
            Some(_) => None,
        };
        let answer = String::from_utf8_lossy(&ran.stdout).into_owned();
        Ok(answered.map(|right| Answered { answer, right }))
    }

    /// Judges the program on `input` against the problem's answer, from runs that settle its
    /// time ([`settle`]), and notes the run's margins, or what a failing run printed.
    fn test(&self, input: &Input) -> Result<Option<Failure>, Error> {
        let expected = self.setup.problem.expected(input)?;
        let limits = &self.setup.limits;
        let settled = settle(limits, Precision::Verdict, || {
            self.execute(input, &expected, limits)
        })?;
        let ran = settled.run;
        let failure = self.judge(input, &expected, &ran)?;
        if input.size() <= DIAGNOSIS_SIZE {
            let answer = String::from_utf8_lossy(&ran.stdout).into_owned();
            let answered = match &failure {
                None => Some(Answered {
                    answer,
                    right: true,
                }),
                Some(Failure::WrongAnswer { .. }) => Some(Answered {
                    answer,
                    right: false,
                }),
                Some(_) => None,
            };
            self.answered.borrow_mut().push((input.clone(), answered));
        }
        match &failure {
            None => self.margins.borrow_mut().note(
                self.case.get(),
                input.size(),
                judged_time(&ran),
                ran.peak_memory,
            ),
            Some(failure) => {
                let printed = Printed {
                    input: input.clone(),
                    stdout: ran.stdout,
                    stderr: ran.stderr,
                };
                self.printed.borrow_mut().insert(failure.verdict(), printed);
            }
        }
        Ok(failure)
    }

    /// What the program printed on `found`'s smallest failing input: from the run that judged it,
    /// or, if that was not kept, from a run made now.
    fn printed(&self, found: &Found) -> Result<(Vec<u8>, Vec<u8>), Error> {
        let verdict = found.failure.verdict();
        match self.printed.borrow_mut().remove(&verdict) {
            Some(printed) if printed.input == found.input => Ok((printed.stdout, printed.stderr)),
            _ => {
                let expected = self.setup.problem.expected(&found.input)?;
                let ran = self.execute(&found.input, &expected, &self.setup.limits)?;
                Ok((ran.stdout, ran.stderr))
            }
        }
    }

    /// How the program's time or memory grows on the inputs of `origin`, the origin of `found`'s
    /// input, if it ran out of either: see [`growth::follow`].
    fn growth(&self, found: &Found, origin: Origin) -> Result<Option<Curve>, Error> {
        let at_largest = match found.case {
            Case::Family(_) | Case::Largest(_) => Some(&found.first_failure),
            Case::Sample(_) | Case::Random(_) => None,
        };
        let problem = self.setup.problem;
        let failing = Failing {
            origin,
            largest_size: problem.largest_size(),
            smallest_size: found.input.size(),
            smallest: &found.failure,
            at_largest,
        };
        let make = |size| problem.make(origin, size);
        // Only the time or memory is measured: no answer is asked of the reference, which may be
        // too slow at these sizes.
        growth::follow(&failing, &self.setup.limits, make, |input, limits| {
            self.execute(input, &Expected::Unknown, limits)
        })
    }
}

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
pub fn check(setup: &CheckSetup, stage: impl FnMut(Stage)) -> Result<Findings, Error> {
    match checked(setup, stage) {
        Err(Error::Helper(failure)) => {
            let saved = match &failure.input {
                Some(input) => {
                    let name = format!(
                        "{}-{}-{}.in",
                        setup.problem.name(),
                        setup.seed,
                        failure.helper.name()
                    );
                    let path = setup.folder.join(name);
                    fs::write(&path, input).map_err(|error| {
                        Error::Failed(format!("cannot save {}: {error}", path.display()))
                    })?;
                    Some(path)
                }
                None => None,
            };
            let failure = *failure;
            Ok(Findings::HelperFailed(HelperFailed { failure, saved }))
        }
        found => found,
    }
}

/// The check that `setup` describes; see [`check`].
fn checked(setup: &CheckSetup, mut stage: impl FnMut(Stage)) -> Result<Findings, Error> {
    let started = Instant::now();
    let problem = setup.problem;
    let program = Program {
        setup,
        case: Cell::new(Case::Sample(1)),
        clock: WorkClock::new(),
        margins: RefCell::default(),
        printed: RefCell::default(),
        answered: RefCell::default(),
    };
    let progress = |progress: Progress| {
        match progress {
            Progress::Sample { number, .. } => program.case.set(Case::Sample(number)),
            Progress::Case { case, .. } => program.case.set(Case::Random(case)),
            Progress::Family { family } => program.case.set(Case::Family(family)),
            Progress::Largest { seed } => program.case.set(Case::Largest(seed)),
            Progress::Shrinking { .. } => {}
        }
        stage(Stage::Searching(progress));
    };
    let test = |input: &Input| program.test(input);
    let plan = Plan::new(setup.cases, setup.seed);
    let conclusion = search(problem, plan, &program.clock, test, progress)?;
    let found = match conclusion {
        Conclusion::Passed { largest } => {
            return Ok(Findings::Passed(Passed {
                largest,
                margins: program.margins.take(),
                elapsed: started.elapsed(),
            }));
        }
        Conclusion::Failed(found) => *found,
    };
    stage(Stage::Measuring);
    let growth = match found.origin {
        Some(origin) => program.growth(&found, origin)?,
        None => None,
    };
    let (mut differences, mut games, mut diagnosis) = (Vec::new(), Vec::new(), None);
    if let Failure::WrongAnswer {
        expected, actual, ..
    } = &found.failure
    {
        differences = differing_lines(expected, actual);
        let lines: Vec<usize> = differences.iter().map(|&(line, _, _)| line).collect();
        games = problem.right_games(&found.input, &lines, EXPLAINED_WORDS)?;
        stage(Stage::Diagnosing);
        let known = program.answered.take();
        let answered = |input: &Input| program.answered(input);
        diagnosis = Some(diagnose(problem, setup.seed, &known, answered)?);
    }
    let (stdout, stderr) = program.printed(&found)?;
    let printed_first = match found.failure {
        Failure::OutputLimit { .. } => String::from_utf8_lossy(&stdout)
            .lines()
            .take(PRINTED_FIRST)
            .map(String::from)
            .collect(),
        _ => Vec::new(),
    };
    let saved = save(setup, &found, &stdout, &stderr)?;
    let page = setup
        .html
        .as_ref()
        .and_then(|path| write_page(setup, &found, &stdout, path));
    Ok(Findings::Failed(Box::new(Failed {
        found,
        growth,
        diagnosis,
        differences,
        games,
        saved: Some(saved),
        page,
        printed_first,
    })))
}

/// Saves `found`'s input, its right answer, and what the program printed on it (`stdout`,
/// `stderr`) as an oj case in `setup`'s folder.
fn save(
    setup: &CheckSetup,
    found: &Found,
    stdout: &[u8],
    stderr: &[u8],
) -> Result<SavedCase, Error> {
    // A sample keeps its name; any other case is named by the problem and the seed.
    let name = match found.case {
        Case::Sample(number) => setup.problem.samples()[number - 1].file.clone(),
        _ => format!("{}-{}", setup.problem.name(), setup.seed),
    };
    let saved = SavedCase {
        folder: setup.folder.clone(),
        name,
    };
    let input = found.input.text();
    let right = match setup.problem.expected(&found.input)? {
        Expected::Answer(answer) => answer,
        Expected::Unknown => String::new(),
    };
    let files = [
        ("in", input.as_bytes()),
        ("out", right.as_bytes()),
        ("stdout", stdout),
        ("stderr", stderr),
    ];
    for (extension, bytes) in files {
        let path = saved.path(extension);
        if let Err(error) = fs::write(&path, bytes) {
            return Err(Error::Failed(format!(
                "cannot save {}: {error}",
                path.display()
            )));
        }
    }
    Ok(saved)
}

/// Writes the explore page of `found`'s input to `path`, with the program's answers (its
/// `stdout`) beside the right ones for a wrong answer: where it went, or why it did not; None for
/// a problem that has no page.
fn write_page(
    setup: &CheckSetup,
    found: &Found,
    stdout: &[u8],
    path: &Path,
) -> Option<Result<PathBuf, String>> {
    let answers = matches!(found.failure, Failure::WrongAnswer { .. }).then(|| {
        let printed = String::from_utf8_lossy(stdout);
        printed
            .lines()
            .map(|line| line.trim_end().to_string())
            .collect()
    });
    let page = setup.problem.page(&found.input, answers)?;
    Some(page.and_then(|page| {
        fs::write(path, page)
            .map(|()| path.to_path_buf())
            .map_err(|error| format!("cannot write {}: {error}", path.display()))
    }))
}
