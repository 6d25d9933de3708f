//! A check, run: the program under check judged on a problem's inputs as the search goes, and
//! what the check found, all of it computed and saved before anything is written
//! ([`crate::report`] writes it): a pass with its margins, or the smallest failing input with
//! how it fails, how its time or memory grows, the mistake it matches, the right games, the case
//! saved for oj, and the explore page.

use crate::build::Built;
use crate::command;
use crate::error::{Error, HelperFailure};
use crate::family::Origin;
use crate::format::{shell_line, shell_quoted};
use crate::growth::{self, Curve, Failing};
use crate::input::Input;
use crate::judge::{
    Failure, Limits, Precision, Verdict, differing_lines, judge_run, judged_time, settle,
    settle_after,
};
use crate::problem::{Expected, Problem, RightGame};
use crate::process::forkserver::Forkserver;
use crate::process::{self, Options, Run, RunError, Stdin, Stop};
use crate::search::{
    Answered, Case, Conclusion, DIAGNOSIS_SIZE, Diagnosis, Found, Margins, Plan, Progress, Runs,
    Undiagnosed, WorkClock, diagnose, search,
};
use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::collections::VecDeque;
use std::ffi::OsString;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread;
use std::time::{Duration, Instant};

/// The most Shiritori words whose right games a report shows.
pub const EXPLAINED_WORDS: usize = 3;

/// How a check runs: the problem, the program under check, its cases and seed, the limits, and
/// where what it finds is saved.
pub struct Setup<'a> {
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
    /// How many runs go at once, where only their answers are judged (`--jobs`).
    pub jobs: usize,
}

impl Setup<'_> {
    /// The program's command line as a shell reads it back.
    pub fn command_line(&self) -> String {
        shell_line(&self.command)
    }

    /// Runs the program on `input`, whose right answer is `expected` so far as it is known,
    /// stopped at `limits` as the judge would, with its times as the judge's would be (see
    /// [`Setup::time_factor`]).
    fn launch(&self, input: &Input, expected: &Expected, limits: &Limits) -> Result<Run, Error> {
        let text = input.text();
        let stdin = Stdin::Bytes(text.as_bytes());
        let options = self.options(input, expected, limits);
        let command = &self.command;
        let ran = process::run(command, stdin, &options).map_err(|error| match error {
            RunError::CannotStart(error) => {
                let program = shell_quoted(&command[0].to_string_lossy());
                Error::Usage(format!("cannot start {program}: {error}"))
            }
            error => Error::Fatal(format!("{}: {error}", shell_line(command))),
        })?;
        Ok(self.judged(ran))
    }

    /// How to run the program on `input`, whose right answer is `expected` so far as it is
    /// known: stopped at `limits` as the judge would, later by the time factor.
    fn options(&self, input: &Input, expected: &Expected, limits: &Limits) -> Options {
        let longest = self.problem.longest_answer(input, expected);
        let mut options = limits.options(longest);
        let factor = self.time_factor;
        options.time_limit = options.time_limit.map(|limit| limit.mul_f64(factor));
        options.wall_limit = options.wall_limit.map(|limit| limit.mul_f64(factor));
        options
    }

    /// `ran`, with its times as the judge's would be.
    fn judged(&self, mut ran: Run) -> Run {
        ran.cpu = ran.cpu.div_f64(self.time_factor);
        ran.wall = ran.wall.div_f64(self.time_factor);
        ran
    }

    /// A run on a small `input` forked by `forking`'s server ([`process::forkserver`]), started
    /// at the first: None for a larger input, whose time is worth judging with the start-up the
    /// judge counts; or where the program is not one a forkserver serves, or the server could not
    /// serve the run (it is not asked again).
    fn forked(&self, input: &Input, expected: &Expected, forking: &mut Forking) -> Option<Run> {
        if input.size() > self.problem.small_size() {
            return None;
        }
        let options = self.options(input, expected, &self.limits);
        if let Forking::Unstarted = forking {
            // A program that no forkserver serves is refused before anything starts.
            *forking = Forkserver::start(&self.command, &options).map_or(Forking::Off, Forking::On);
        }
        let Forking::On(server) = forking else {
            return None;
        };
        let text = input.text();
        match server.run(Stdin::Bytes(text.as_bytes()), &options) {
            Ok(ran) => Some(self.judged(ran)),
            Err(_) => {
                *forking = Forking::Off;
                None
            }
        }
    }

    /// Judges `ran`, a run on `input` whose right answer is `expected`: its limits, a crash,
    /// then its answer as the problem judges it, where the answer is known.
    fn judge(
        &self,
        input: &Input,
        expected: &Expected,
        ran: &Run,
    ) -> Result<Option<Failure>, Error> {
        if let Some(failure) = judge_run(ran, &self.limits) {
            return Ok(Some(failure));
        }
        let Expected::Answer(expected) = expected else {
            return Ok(None);
        };
        let actual = String::from_utf8_lossy(&ran.stdout);
        let wrong = self.problem.judge_answer(input, expected, &actual)?;
        Ok(wrong.map(|wrong| Failure::WrongAnswer {
            expected: expected.clone(),
            actual: actual.into_owned(),
            message: wrong.message,
        }))
    }

    /// One run on `input` beside others, judged: see [`Foreseen`]. Forked by `forking`'s server
    /// where it can be, it stands if it passes; a forked run that fails is made again, started as
    /// the judge starts it, which judges it.
    fn foreseen(&self, input: Arc<Input>, forking: &mut Forking) -> Result<Foreseen, Error> {
        let expected = self.problem.expected(&input)?;
        if let Some(ran) = self.forked(&input, &expected, forking)
            && self.judge(&input, &expected, &ran)?.is_none()
        {
            return Ok(Foreseen {
                input,
                expected,
                ran,
                failure: None,
            });
        }
        let ran = self.launch(&input, &expected, &self.limits)?;
        let failure = self.judge(&input, &expected, &ran)?;
        Ok(Foreseen {
            input,
            expected,
            ran,
            failure,
        })
    }
}

/// A thread's forkserver of the program under check.
enum Forking {
    /// Not started yet: it is at the thread's first run.
    Unstarted,
    On(Forkserver),
    /// The program is not one a forkserver serves, or its server failed.
    Off,
}

/// A run beside others whose judged time is over this share of the time limit is made again
/// alone: other runs may have slowed it, a little, and only near the limit does that matter.
const ALONE_FROM: f64 = 0.5;

/// A run made ahead of its turn, beside others, and how it was judged.
struct Foreseen {
    input: Arc<Input>,
    expected: Expected,
    ran: Run,
    failure: Option<Failure>,
}

/// A run that stops what follows it: any failure stops a search; a failure to answer stops a
/// diagnosis.
type Ends = fn(&Failure) -> bool;

/// The runs made ahead of their turn: inputs queued in the order they will be asked for, run by
/// [`Setup::jobs`] threads ([`Ahead::work`]), and their runs kept until asked for.
struct Ahead {
    /// How many threads run the queue: none when runs go one at a time.
    threads: usize,
    state: Mutex<AheadState>,
    changed: Condvar,
}

#[derive(Default)]
struct AheadState {
    /// Shared, not copied: an input may be of hundreds of thousands of words.
    queue: VecDeque<(Arc<Input>, Ends)>,
    running: Vec<Arc<Input>>,
    made: Vec<Foreseen>,
    /// While a run is timed alone, no other starts.
    paused: bool,
    /// The check is over: the threads end.
    over: bool,
}

/// Whether `shared` is `input`: the same one, as the search runs what it foresaw, or an equal one.
fn same(shared: &Arc<Input>, input: &Input) -> bool {
    std::ptr::eq(Arc::as_ptr(shared), input) || **shared == *input
}

impl Ahead {
    /// For runs `jobs` at a time.
    fn new(jobs: usize) -> Self {
        Self {
            threads: if jobs > 1 { jobs } else { 0 },
            state: Mutex::default(),
            changed: Condvar::new(),
        }
    }

    fn state(&self) -> MutexGuard<'_, AheadState> {
        self.state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn wait<'a>(&self, state: MutexGuard<'a, AheadState>) -> MutexGuard<'a, AheadState> {
        (self.changed.wait(state)).unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// What a thread of runs does until the check is over: runs the queue's first input, and
    /// keeps the run; after a run that `Ends` what follows, or that cannot be made (its turn
    /// says why), the rest of the queue is dropped.
    fn work(&self, setup: &Setup) {
        let mut forking = Forking::Unstarted;
        let mut state = self.state();
        loop {
            if state.over {
                return;
            }
            let next = match state.paused {
                true => None,
                false => state.queue.pop_front(),
            };
            let Some((input, ends)) = next else {
                state = self.wait(state);
                continue;
            };
            state.running.push(Arc::clone(&input));
            drop(state);
            let made = setup.foreseen(Arc::clone(&input), &mut forking);
            state = self.state();
            if let Some(at) =
                (state.running.iter()).position(|running| Arc::ptr_eq(running, &input))
            {
                state.running.swap_remove(at);
            }
            match made {
                Ok(run) => {
                    if run.failure.as_ref().is_some_and(ends) {
                        state.queue.clear();
                    }
                    state.made.push(run);
                }
                Err(_) => state.queue.clear(),
            }
            self.changed.notify_all();
        }
    }

    /// Queues `inputs`, after those queued before, unless the check is over.
    fn queue(&self, inputs: &[Arc<Input>], ends: Ends) {
        let mut state = self.state();
        if self.threads == 0 || state.over {
            return;
        }
        let queued = inputs.iter().map(|input| (Arc::clone(input), ends));
        state.queue.extend(queued);
        self.changed.notify_all();
    }

    /// The run of `input` made ahead, waiting for it if it is queued or running; None if it is
    /// neither.
    fn take(&self, input: &Input) -> Option<Foreseen> {
        let mut state = self.state();
        loop {
            if let Some(at) = state.made.iter().position(|run| same(&run.input, input)) {
                return Some(state.made.swap_remove(at));
            }
            let coming = state.running.iter().any(|running| same(running, input))
                || state.queue.iter().any(|(queued, _)| same(queued, input));
            if !coming {
                return None;
            }
            state = self.wait(state);
        }
    }

    /// Drops what is queued and what was made and not taken, as the search has moved on, and
    /// waits for the runs going on to end.
    fn forget(&self) {
        let mut state = self.state();
        state.queue.clear();
        state.made.clear();
        while !state.running.is_empty() {
            state = self.wait(state);
        }
    }

    /// Runs `timed` once no other run goes on, and starts none meanwhile.
    fn alone<T>(&self, timed: impl FnOnce() -> T) -> T {
        let mut state = self.state();
        state.paused = true;
        while !state.running.is_empty() {
            state = self.wait(state);
        }
        drop(state);
        let result = timed();
        self.state().paused = false;
        self.changed.notify_all();
        result
    }

    /// Ends the threads of runs.
    fn end(&self) {
        let mut state = self.state();
        state.over = true;
        state.queue.clear();
        self.changed.notify_all();
    }
}

impl Foreseen {
    /// Whether its time is far enough from the limit to stand, though other runs went beside it;
    /// a forked run's with the start-up it skipped, which the judge's run pays.
    fn stands(&self, limits: &Limits) -> bool {
        let stopped_for_time = matches!(self.ran.stopped, Some(Stop::Time | Stop::WallTime));
        let skipped = self.ran.forked.unwrap_or_default();
        let time = (judged_time(&self.ran) + skipped).as_secs_f64();
        !stopped_for_time && time <= limits.time.as_secs_f64() * ALONE_FROM
    }
}

/// What a check found.
#[derive(Debug)]
pub enum Findings {
    /// Every sample, case and family passed.
    Passed(Pass),
    Caught(Box<Caught>),
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
pub struct Pass {
    pub largest: usize,
    pub margins: Margins,
    pub elapsed: Duration,
    pub start_up: Option<StartUp>,
    /// How many runs were forked by a forkserver ([`process::forkserver`]).
    pub forked: usize,
}

/// A start-up that takes most of every run's time: the least time any run took, and the time of
/// all the runs, how many, and what the start-up is made of, where that is known
/// ([`command::start_up`]).
#[derive(Clone, Debug, PartialEq)]
pub struct StartUp {
    pub least: Duration,
    pub total: Duration,
    pub runs: usize,
    pub made_of: Option<String>,
}

/// The judged times of the runs of a check started as the judge starts them: how many, in all,
/// and the least; and how many were forked, whose times leave out the start-up.
#[derive(Clone, Copy, Debug, Default)]
struct Tally {
    runs: usize,
    total: Duration,
    least: Option<Duration>,
    forked: usize,
}

/// The fewest runs on which a start-up is said to dominate them.
const START_UP_RUNS: usize = 20;

/// The least start-up worth naming: below it, starting is cheap whatever its share.
const START_UP_WORTH_NAMING: Duration = Duration::from_millis(20);

impl Tally {
    fn note(&mut self, ran: &Run) {
        if ran.forked.is_some() {
            self.forked += 1;
            return;
        }
        let time = judged_time(ran);
        self.runs += 1;
        self.total += time;
        self.least = Some(self.least.map_or(time, |least| least.min(time)));
    }

    /// Whether the start-up of the runs took at least half of their time, each taking at least
    /// the least: what it is then, and what it is made of (`made_of`, asked only then).
    fn start_up(&self, made_of: impl FnOnce() -> Option<String>) -> Option<StartUp> {
        let least = self.least?;
        let dominates = self.runs >= START_UP_RUNS
            && least >= START_UP_WORTH_NAMING
            && least * 2 * self.runs as u32 >= self.total;
        dominates.then(|| StartUp {
            least,
            total: self.total,
            runs: self.runs,
            made_of: made_of(),
        })
    }
}

/// What the program's start-up is made of ([`command::start_up`]), which takes a few starts of
/// its interpreter: measured beside the check's last runs, on a core that would idle while the
/// last of them ends alone, or else at the end.
enum MadeOf {
    Unmeasured,
    Measuring(thread::JoinHandle<Option<String>>),
    Measured(Option<String>),
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
    /// How long the check took.
    pub elapsed: Duration,
    pub start_up: Option<StartUp>,
    /// How many runs were forked by a forkserver ([`process::forkserver`]).
    pub forked: usize,
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
    setup: &'a Setup<'a>,
    /// The case being run, as the search's progress says.
    case: Cell<Case>,
    /// The time its runs took: the clock of the search's budgets, the same on a busy machine.
    clock: WorkClock,
    margins: RefCell<Margins>,
    printed: RefCell<HashMap<Verdict, Printed>>,
    /// What it answered on the small inputs it was run on, for a diagnosis: None where it did not
    /// answer (a crash, a limit).
    answered: RefCell<Vec<(Input, Option<Answered>)>>,
    /// The runs made ahead of their turn.
    ahead: &'a Ahead,
    tally: Cell<Tally>,
    made_of: RefCell<MadeOf>,
}

/// What `ran` answered, judged to have failed so (`failure`), and whether that is right; None
/// where it did not answer (a crash, a limit).
fn answered(ran: &Run, failure: &Option<Failure>) -> Option<Answered> {
    let right = match failure {
        None => true,
        Some(Failure::WrongAnswer { .. }) => false,
        Some(_) => return None,
    };
    let answer = String::from_utf8_lossy(&ran.stdout).into_owned();
    Some(Answered { answer, right })
}

impl Runs<Option<Failure>> for &Program<'_> {
    fn run(&mut self, input: &Input) -> Result<Option<Failure>, Error> {
        self.test(input)
    }

    fn jobs(&self) -> usize {
        self.setup.jobs
    }

    /// The search stops at the first failure.
    fn foresee(&mut self, inputs: &[Arc<Input>]) -> Result<(), Error> {
        self.ahead.queue(inputs, |_| true);
        Ok(())
    }
}

/// The program as a diagnosis runs it, for its answers.
struct Answers<'a, 'b>(&'a Program<'b>);

impl Runs<Option<Answered>> for Answers<'_, '_> {
    fn run(&mut self, input: &Input) -> Result<Option<Answered>, Error> {
        self.0.answered(input)
    }

    fn jobs(&self) -> usize {
        self.0.setup.jobs
    }

    /// A diagnosis stops where the program gives no answer.
    fn foresee(&mut self, inputs: &[Arc<Input>]) -> Result<(), Error> {
        let no_answer = |failure: &Failure| !matches!(failure, Failure::WrongAnswer { .. });
        self.0.ahead.queue(inputs, no_answer);
        Ok(())
    }
}

impl Program<'_> {
    /// Counts a run's judged time: on the clock, and in the tally.
    fn spent(&self, ran: &Run) {
        self.clock.spend(judged_time(ran));
        let mut tally = self.tally.get();
        tally.note(ran);
        self.tally.set(tally);
    }

    /// The start-up that dominated the runs so far, if one did.
    fn start_up(&self) -> Option<StartUp> {
        self.measured();
        let made_of = match self.made_of.replace(MadeOf::Unmeasured) {
            MadeOf::Measured(made_of) => Some(made_of),
            _ => None,
        };
        let made_of = || made_of.unwrap_or_else(|| command::start_up(&self.setup.command));
        self.tally.get().start_up(made_of)
    }

    /// Starts measuring what the start-up is made of, beside the runs going on, where runs go
    /// more than one at a time.
    fn measure_start_up_beside(&self) {
        let mut made_of = self.made_of.borrow_mut();
        if self.setup.jobs > 1 && matches!(*made_of, MadeOf::Unmeasured) {
            let command = self.setup.command.clone();
            *made_of = MadeOf::Measuring(thread::spawn(move || command::start_up(&command)));
        }
    }

    /// Waits for the start-up being measured, if it is: before a run that is timed alone.
    fn measured(&self) {
        let mut made_of = self.made_of.borrow_mut();
        *made_of = match std::mem::replace(&mut *made_of, MadeOf::Unmeasured) {
            MadeOf::Measuring(measuring) => MadeOf::Measured(measuring.join().unwrap_or(None)),
            other => other,
        };
    }

    /// Runs the program on `input` ([`Setup::launch`]), and counts its time on the clock.
    fn execute(&self, input: &Input, expected: &Expected, limits: &Limits) -> Result<Run, Error> {
        let ran = self.setup.launch(input, expected, limits)?;
        self.spent(&ran);
        Ok(ran)
    }

    /// What the program answers on `input`, and whether that is right; None when it crashed or
    /// ran out of time, memory or output.
    fn answered(&self, input: &Input) -> Result<Option<Answered>, Error> {
        let (ran, failure) = match self.ahead.take(input) {
            Some(foreseen) => {
                self.spent(&foreseen.ran);
                (foreseen.ran, foreseen.failure)
            }
            None => {
                let expected = self.setup.problem.expected(input)?;
                let ran = self.execute(input, &expected, &self.setup.limits)?;
                let failure = self.setup.judge(input, &expected, &ran)?;
                (ran, failure)
            }
        };
        Ok(answered(&ran, &failure))
    }

    /// Judges the program on `input` against the problem's answer, from runs that settle its
    /// time ([`settle`]), and notes the run's margins, or what a failing run printed.
    fn test(&self, input: &Input) -> Result<Option<Failure>, Error> {
        let limits = &self.setup.limits;
        let (ran, failure) = match self.ahead.take(input) {
            Some(foreseen) if foreseen.stands(limits) => {
                self.spent(&foreseen.ran);
                (foreseen.ran, foreseen.failure)
            }
            foreseen => {
                let (expected, stopped) = match foreseen {
                    Some(foreseen) => {
                        // Stopped at the time limit beside other runs, it had used that much of
                        // the processor: a first run, which one alone confirms.
                        let stopped = foreseen.ran.stopped == Some(Stop::Time);
                        (foreseen.expected, stopped.then_some(foreseen.ran))
                    }
                    None => {
                        // Not foreseen: the search has moved on from what it foresaw.
                        self.ahead.forget();
                        (self.setup.problem.expected(input)?, None)
                    }
                };
                if let Some(stopped) = &stopped {
                    self.spent(stopped);
                }
                let run_alone = || self.execute(input, &expected, limits);
                self.measured();
                let settled = self.ahead.alone(|| match stopped {
                    Some(first) => settle_after(limits, Precision::Verdict, first, run_alone),
                    None => settle(limits, Precision::Verdict, run_alone),
                })?;
                let failure = self.setup.judge(input, &expected, &settled.run)?;
                (settled.run, failure)
            }
        };
        if input.size() <= DIAGNOSIS_SIZE {
            let answered = answered(&ran, &failure);
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
pub fn check(setup: &Setup, stage: impl FnMut(Stage)) -> Result<Findings, Error> {
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
                        Error::Fatal(format!("cannot save {}: {error}", path.display()))
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
fn checked(setup: &Setup, stage: impl FnMut(Stage)) -> Result<Findings, Error> {
    let ahead = Ahead::new(setup.jobs);
    thread::scope(|scope| {
        for _ in 0..ahead.threads {
            scope.spawn(|| ahead.work(setup));
        }
        let _ending = Ending(&ahead);
        checked_with(setup, &ahead, stage)
    })
}

/// Ends the threads of runs when the check ends, however it ends.
struct Ending<'a>(&'a Ahead);

impl Drop for Ending<'_> {
    fn drop(&mut self) {
        self.0.end();
    }
}

/// The check that `setup` describes, with `ahead`'s threads to run inputs ahead of their turn.
fn checked_with(
    setup: &Setup,
    ahead: &Ahead,
    mut stage: impl FnMut(Stage),
) -> Result<Findings, Error> {
    let started = Instant::now();
    let problem = setup.problem;
    let program = Program {
        setup,
        case: Cell::new(Case::Sample(1)),
        clock: WorkClock::new(),
        margins: RefCell::default(),
        printed: RefCell::default(),
        answered: RefCell::default(),
        ahead,
        tally: Cell::default(),
        made_of: RefCell::new(MadeOf::Unmeasured),
    };
    // From the last input of the largest size on, one run or two are left, and then a core idles.
    let last_largest = problem.largest_cases(setup.seed).last().copied();
    let progress = |progress: Progress| {
        let origin = match progress {
            Progress::Sample { number, .. } => {
                program.case.set(Case::Sample(number));
                None
            }
            Progress::Case { case, .. } => {
                program.case.set(Case::Random(case));
                None
            }
            Progress::Family { family } => {
                program.case.set(Case::Family(family));
                Some(Origin {
                    family: Some(family),
                    seed: setup.seed,
                })
            }
            Progress::Largest { seed } => {
                program.case.set(Case::Largest(seed));
                Some(Origin { family: None, seed })
            }
            Progress::Shrinking { .. } => None,
        };
        if origin.is_some() && origin == last_largest {
            program.measure_start_up_beside();
        }
        stage(Stage::Searching(progress));
    };
    let plan = Plan::new(setup.cases, setup.seed);
    let conclusion = search(problem, plan, &program.clock, &program, progress)?;
    let found = match conclusion {
        Conclusion::Passed { largest } => {
            return Ok(Findings::Passed(Pass {
                largest,
                margins: program.margins.take(),
                elapsed: started.elapsed(),
                start_up: program.start_up(),
                forked: program.tally.get().forked,
            }));
        }
        Conclusion::Found(found) => *found,
    };
    stage(Stage::Measuring);
    // Times are measured from here on: no run goes on beside them.
    ahead.forget();
    program.measured();
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
        let answers = Answers(&program);
        diagnosis = Some(diagnose(problem, setup.seed, &known, answers)?);
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
    Ok(Findings::Caught(Box::new(Caught {
        found,
        growth,
        diagnosis,
        differences,
        games,
        saved: Some(saved),
        page,
        printed_first,
        elapsed: started.elapsed(),
        start_up: program.start_up(),
        forked: program.tally.get().forked,
    })))
}

/// Saves `found`'s input, its right answer, and what the program printed on it (`stdout`,
/// `stderr`) as an oj case in `setup`'s folder.
fn save(setup: &Setup, found: &Found, stdout: &[u8], stderr: &[u8]) -> Result<SavedCase, Error> {
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
            return Err(Error::Fatal(format!(
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
    setup: &Setup,
    found: &Found,
    stdout: &[u8],
    path: &Path,
) -> Option<Result<PathBuf, Error>> {
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
            .map_err(|error| Error::Fatal(format!("cannot write {}: {error}", path.display())))
    }))
}
