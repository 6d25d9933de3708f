//! The search behind `atcoder-games check`: run a solution on a problem's samples, then on the
//! inputs of each case, small ones first and growing, then on every worst-case family at the
//! largest size, and cut the first failing input down to the smallest that still fails the same
//! way: with proptest's shrinking, or for an input that an origin makes at any size by bisecting
//! its size (and trying other seeds at smaller ones), then by cutting its parts out, as delta
//! debugging does, and making it simpler. One search for every problem ([`Problem`]).

use crate::error::Error;
use crate::family::{Family, Origin};
use crate::generate::Rng;
use crate::input::Input;
use crate::judge::{Failure, TooDeep, Verdict};
use crate::mistake::Mistake;
use crate::problem::{Drawn, Generated, Problem, size_limit, small_cases};
use proptest::strategy::ValueTree;
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
use std::cell::Cell;
use std::collections::{HashSet, VecDeque};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The largest input too slow or too large that shrinking cuts down word by word or round by
/// round: the largest small one, a dictionary of 24 words each listed twice. A larger one is
/// about its size, which bisection finds.
const CUT_DOWN_WHEN_SLOW: usize = 48;

/// A program as the search and the diagnosis run it: `run` judges it on one input; `foresee` is
/// told the inputs about to be run, in order, so that it may run them at once beforehand, each on
/// a core of its own: a run that only decides whether an answer is right needs no quiet machine.
/// A closure runs one input at a time.
pub trait Runs<T> {
    fn run(&mut self, input: &Input) -> Result<T, Error>;

    /// How many runs go at once (`--jobs`).
    fn jobs(&self) -> usize {
        1
    }

    /// The inputs are shared, not copied: one may be of hundreds of thousands of words.
    fn foresee(&mut self, _inputs: &[Arc<Input>]) -> Result<(), Error> {
        Ok(())
    }
}

impl<T, F: FnMut(&Input) -> Result<T, Error>> Runs<T> for F {
    fn run(&mut self, input: &Input) -> Result<T, Error> {
        self(input)
    }
}

/// How many small inputs per job are foreseen beyond the one judged: enough that a job finds one
/// ready when it is free, though each takes a few milliseconds.
const AHEAD_PER_JOB: usize = 4;

/// How many small inputs a program run `jobs` at a time is worth foreseeing beyond the one
/// judged.
fn ahead(jobs: usize) -> usize {
    match jobs {
        0 | 1 => 1,
        jobs => jobs * AHEAD_PER_JOB,
    }
}

/// How many inputs of the largest size a program run `jobs` at a time is worth foreseeing beyond
/// the one judged: one a job, as each runs long enough for the next to be made meanwhile, and
/// none when runs go one at a time. Each holds tens of megabytes, and every start of a program
/// copies the page tables of what the tool holds.
fn largest_ahead(jobs: usize) -> usize {
    match jobs {
        0 | 1 => 0,
        jobs => jobs,
    }
}

/// The small inputs that passed, so that one drawn again is not run again. Only those of at most
/// [`DIAGNOSIS_SIZE`] are kept, and asked for: a large one is never hashed, word by word.
#[derive(Default)]
struct PassedInputs(HashSet<Input>);

impl PassedInputs {
    fn insert(&mut self, input: &Input) {
        if input.size() <= DIAGNOSIS_SIZE {
            self.0.insert(input.clone());
        }
    }

    fn contains(&self, input: &Input) -> bool {
        input.size() <= DIAGNOSIS_SIZE && self.0.contains(input)
    }
}

/// What the search reports as it goes.
pub enum Progress<'a> {
    /// Sample `number` (from 1) of `samples` is being run.
    Sample { number: usize, samples: usize },
    /// Case `case` (from 0) of `cases` is being run on `input`.
    Case {
        case: usize,
        cases: usize,
        input: &'a Input,
    },
    /// Family `family` is being run at the largest size.
    Family { family: Family },
    /// The generator's input of the largest size from `seed` is being run.
    Largest { seed: u64 },
    /// Shrinking has tried `steps` smaller inputs; the smallest failing one so far is `input`.
    Shrinking { steps: usize, input: &'a Input },
}

/// Where a failure was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Case {
    /// Sample number so-and-so (from 1).
    Sample(usize),
    /// Random case number so-and-so (from 0).
    Random(usize),
    /// A worst-case family at the largest size.
    Family(Family),
    /// The generator's input at the largest size, from this seed.
    Largest(u64),
}

/// A failing input, shrunk.
#[derive(Clone, Debug)]
pub struct Found {
    /// The case that failed first.
    pub case: Case,
    /// The input that failed first, how, and the origin that made it, if one did.
    pub first: Input,
    pub first_failure: Failure,
    pub first_origin: Option<Origin>,
    /// The smallest input found that fails the same way, and how.
    pub input: Input,
    pub failure: Failure,
    /// The family (or generator) and seed that make `input` at any size, if one does.
    pub origin: Option<Origin>,
    /// Whether its size was bisected (then words or rounds may have been cut out of it too);
    /// else it was shrunk with proptest.
    pub bisected: bool,
    /// Whether parts were cut out of it, or it was made simpler, after it was bisected or
    /// shrunk.
    pub cut_down: bool,
    /// The smaller inputs that were tried.
    pub shrink_steps: usize,
}

/// How a search ends.
#[derive(Debug)]
pub enum Conclusion {
    /// Every case passed, and every family; the largest random input had this size.
    Passed {
        largest: usize,
    },
    Found(Box<Found>),
}

/// The smallest failing input found so far, how it fails, where it comes from, and how many
/// smaller inputs were tried.
struct Shrunk {
    input: Input,
    failure: Failure,
    first_origin: Option<Origin>,
    origin: Option<Origin>,
    bisected: bool,
    cut_down: bool,
    steps: usize,
}

impl Shrunk {
    /// Where shrinking starts: the first failing input, as it failed.
    fn from_first(input: &Input, failure: &Failure, origin: Option<Origin>) -> Self {
        Self {
            input: input.clone(),
            failure: failure.clone(),
            first_origin: origin,
            origin,
            bisected: false,
            cut_down: false,
            steps: 0,
        }
    }

    /// Tries `candidate` with `test`, keeping it if it fails with the same verdict; says
    /// whether it did.
    fn try_smaller(
        &mut self,
        candidate: Generated,
        test: &mut impl FnMut(&Input) -> Result<Option<Failure>, Error>,
        progress: &mut impl FnMut(Progress),
    ) -> Result<bool, Error> {
        self.steps += 1;
        match test(&candidate.input)? {
            Some(found) if found.verdict() == self.failure.verdict() => {
                (self.input, self.failure) = (candidate.input, found);
                self.origin = candidate.origin;
                progress(Progress::Shrinking {
                    steps: self.steps,
                    input: &self.input,
                });
                Ok(true)
            }
            _ => Ok(false),
        }
    }
}

/// How a search goes: how many cases, from which random seed, how many smaller inputs
/// shrinking may try at most (each may take a run up to the time limit), and how long cutting
/// words or rounds out of a failing input may take.
#[derive(Clone, Copy, Debug)]
pub struct Plan {
    pub cases: usize,
    pub seed: u64,
    pub max_shrink_steps: usize,
    pub cut_down_time: Duration,
}

impl Plan {
    /// `cases` cases from `seed`, shrinking for up to 2,000 smaller inputs, cutting down for up
    /// to a minute.
    pub fn new(cases: usize, seed: u64) -> Self {
        Self {
            cases,
            seed,
            max_shrink_steps: 2_000,
            cut_down_time: Duration::from_secs(60),
        }
    }
}

/// The most words or rounds of an input on which a time-out is a hang: shrinking stops there,
/// where each try would wait for the time limit for little gain.
pub const HANG: usize = 4;

/// Whether a program hangs: it ran out of time on an input of at most [`HANG`] words or rounds.
pub fn hangs(failure: &Failure, input: &Input) -> bool {
    failure.verdict() == Verdict::TimeLimitExceeded && input.size() <= HANG
}

/// Whether a failure is worth cutting down word by word or round by round: a wrong answer, a
/// crash or too much output, which a few words or rounds show; or a time or memory limit or a
/// recursion too deep on a small input that does not hang yet, not on a large one, which is about
/// its size, nor on one an origin makes (`made`), whose smallest failing size bisection found,
/// and whose growth follows that origin. (Cut down, such an input would fail the same way only
/// where a busy moment made a run slower.)
fn worth_cutting_down(failure: &Failure, input: &Input, made: bool) -> bool {
    match failure {
        _ if hangs(failure, input) => false,
        Failure::TimeLimit { .. }
        | Failure::MemoryLimit { .. }
        | Failure::Crash {
            too_deep: Some(_), ..
        } => !made && input.size() <= CUT_DOWN_WHEN_SLOW,
        _ => true,
    }
}

/// Where the search reads the time: the system's clock, or a test's.
pub trait Clock {
    fn now(&self) -> Instant;
}

/// The system's clock.
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> Instant {
        Instant::now()
    }
}

/// A clock that moves only by the time the runs of the program under check were judged to take,
/// as they are [`spent`](WorkClock::spend): a budget of time on it allows as many runs on a busy
/// machine as on a quiet one, since a run's judged time is no more than its CPU time, which other
/// programs do not stretch.
pub struct WorkClock {
    start: Instant,
    spent: Cell<Duration>,
}

impl WorkClock {
    pub fn new() -> Self {
        Self {
            start: Instant::now(),
            spent: Cell::new(Duration::ZERO),
        }
    }

    /// Moves the clock on by `time`, what a run took.
    pub fn spend(&self, time: Duration) {
        self.spent.set(self.spent.get() + time);
    }
}

impl Default for WorkClock {
    fn default() -> Self {
        Self::new()
    }
}

impl Clock for WorkClock {
    fn now(&self) -> Instant {
        self.start + self.spent.get()
    }
}

/// What cutting an input down may spend: so many tries at most, and so much time on a clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    pub tries: usize,
    pub time: Duration,
}

/// Cuts out of `input`, of `problem`, the parts that its failure does not need, as delta
/// debugging does, at each of the problem's levels, coarsest first ([`Problem::levels`]): halves
/// first, then quarters, and so on down to single parts, passed over again until no single one can
/// go; then makes it simpler a step at a time ([`Problem::simpler`]); and again while a round
/// changes it, if the problem has more than one level or simpler inputs; or until the `budget` is
/// spent on `clock`. A candidate is tried only if the problem accepts it
/// ([`Problem::acceptable`]); `fails` says whether a smaller input still fails the same way (and
/// keeps it if it likes). A failure that needs four words of 80,000 is found in a few hundred
/// tries, not 80,000. Returns the input cut down.
pub fn cut_down(
    problem: &dyn Problem,
    input: Input,
    budget: Budget,
    clock: &impl Clock,
    mut fails: impl FnMut(&Input) -> Result<bool, Error>,
) -> Result<Input, Error> {
    let deadline = clock.now() + budget.time;
    let (mut current, mut tries) = (input, 0);
    let spent = |tries: usize| tries >= budget.tries || clock.now() >= deadline;
    let mut try_one = |candidate: &Input, tries: &mut usize| -> Result<bool, Error> {
        *tries += 1;
        Ok(problem.acceptable(candidate)? && fails(candidate)?)
    };
    let rounds_repeat = problem.levels() > 1;
    loop {
        let mut changed = false;
        for level in 0..problem.levels() {
            let mut chunk = (problem.parts(&current, level) / 2).max(1);
            loop {
                let mut start = 0;
                let mut cut = false;
                while start < problem.parts(&current, level) {
                    if spent(tries) {
                        return Ok(current);
                    }
                    // Nothing to cut there (the end, or only what the problem will not cut).
                    let Some(candidate) = problem.without(&current, level, start, chunk) else {
                        start += chunk;
                        continue;
                    };
                    match try_one(&candidate, &mut tries)? {
                        true => (current, cut, changed) = (candidate, true, true),
                        false => start += chunk,
                    }
                }
                match chunk {
                    1 if !cut => break,
                    1 => {}
                    _ => chunk /= 2,
                }
            }
        }
        let mut simpler = problem.simpler(&current).into_iter();
        let mut made_simpler = false;
        while let Some(candidate) = simpler.next() {
            if spent(tries) {
                return Ok(current);
            }
            if try_one(&candidate, &mut tries)? {
                (current, made_simpler, changed) = (candidate, true, true);
                simpler = problem.simpler(&current).into_iter();
            }
        }
        if !changed || !(rounds_repeat || made_simpler) {
            return Ok(current);
        }
    }
}

/// The end of a search that found a failure at `case`: `shrunk`, as far as it went, is cut
/// down with [`cut_down`] by `try_smaller` within `plan`'s budgets if that is worth it.
fn concluded(
    problem: &dyn Problem,
    case: Case,
    (first, first_failure): (Input, Failure),
    mut shrunk: Shrunk,
    plan: &Plan,
    clock: &impl Clock,
    mut try_smaller: impl FnMut(&mut Shrunk, Generated) -> Result<bool, Error>,
) -> Result<Conclusion, Error> {
    let made = shrunk.origin.is_some();
    if worth_cutting_down(&shrunk.failure, &shrunk.input, made) {
        let budget = Budget {
            tries: plan.max_shrink_steps.saturating_sub(shrunk.steps),
            time: plan.cut_down_time,
        };
        let input = shrunk.input.clone();
        cut_down(problem, input, budget, clock, |candidate| {
            let input = candidate.clone();
            let origin = None;
            let kept = try_smaller(&mut shrunk, Generated { input, origin })?;
            shrunk.cut_down |= kept;
            Ok(kept)
        })?;
    }
    Ok(Conclusion::Found(Box::new(Found {
        case,
        first,
        first_failure,
        first_origin: shrunk.first_origin,
        input: shrunk.input,
        failure: shrunk.failure,
        origin: shrunk.origin,
        bisected: shrunk.bisected,
        cut_down: shrunk.cut_down,
        shrink_steps: shrunk.steps,
    })))
}

/// A time or memory limit is bisected to a size within this part of the smallest that fails: the
/// noise of a run blurs that size by more.
const BLURRED_SIZE: usize = 50;

/// The smallest sizes at which shrinking through an origin tries other seeds, each of them, before
/// it tries sizes further apart.
const SEEDED_SIZES: usize = 32;

/// Bisects the size of `shrunk`'s input, from `origin`, down to the smallest that fails the same
/// way, with `try_smaller`, in at most `max_steps` tries in all: to the word or round for a wrong
/// answer, a crash or too much output; within [`BLURRED_SIZE`] of it for a time or a memory limit.
/// Then, for a problem that tries several seeds at a size ([`Problem::seeds_per_size`]), and a
/// failure that a size does not blur, the sizes below, smallest first, each with that many other
/// seeds (drawn from `seed`), until one fails the same way: every size up to [`SEEDED_SIZES`],
/// then sizes half as far again from the smallest failing one.
fn bisect(
    problem: &dyn Problem,
    origin: Origin,
    seed: u64,
    shrunk: &mut Shrunk,
    max_steps: usize,
    try_smaller: &mut impl FnMut(&mut Shrunk, Generated) -> Result<bool, Error>,
) -> Result<(), Error> {
    let overflow = overflows(&shrunk.failure);
    let blurred = overflow
        || matches!(
            shrunk.failure.verdict(),
            Verdict::TimeLimitExceeded | Verdict::MemoryLimitExceeded
        );
    shrunk.bisected = true;
    // The smallest failing size lies in (passing, failing].
    let largest = shrunk.input.size();
    let (mut passing, mut failing) = (0, largest);
    let precise_enough = |passing: usize, failing: usize| {
        failing - passing <= 1 || (blurred && (failing - passing) * BLURRED_SIZE <= failing)
    };
    while !precise_enough(passing, failing)
        && shrunk.steps < max_steps
        && !hangs(&shrunk.failure, &shrunk.input)
    {
        let size = passing + (failing - passing) / 2;
        let candidate = Generated {
            input: problem.make(origin, size)?,
            origin: Some(origin),
        };
        match try_smaller(shrunk, candidate)? {
            true => failing = size,
            false => passing = size,
        }
    }
    if overflow {
        return steady_overflow(problem, origin, shrunk, largest, try_smaller);
    }
    let seeds = problem.seeds_per_size();
    if seeds == 0 || blurred || hangs(&shrunk.failure, &shrunk.input) {
        return Ok(());
    }
    let mut rng = Rng::new(seed ^ 0x5EED_5EED_5EED_5EED);
    let mut sizes: Vec<usize> = (1..failing.min(SEEDED_SIZES + 1)).collect();
    let mut size = SEEDED_SIZES;
    while size + 1 < failing {
        size = size.max(1) + (failing - size) / 2;
        sizes.push(size);
    }
    for size in sizes.into_iter().filter(|&size| size < failing) {
        for _ in 0..seeds {
            if shrunk.steps >= max_steps {
                return Ok(());
            }
            let other = Origin {
                seed: rng.next_u64(),
                ..origin
            };
            let candidate = Generated {
                input: problem.make(other, size)?,
                origin: Some(other),
            };
            if try_smaller(shrunk, candidate)? {
                return Ok(());
            }
        }
    }
    Ok(())
}

/// Whether a failure is a stack overflow.
fn overflows(failure: &Failure) -> bool {
    matches!(
        failure,
        Failure::Crash {
            too_deep: Some(TooDeep::Stack),
            ..
        }
    )
}

/// How many runs in a row a stack overflow's input must overflow on to be reported.
const STEADY_RUNS: usize = 3;

/// How many times a stack overflow's size is moved up before the size it failed at first is
/// taken.
const STEADY_MOVES: usize = 10;

/// Moves a stack overflow's size up from the boundary that bisection found, a blurred part
/// ([`BLURRED_SIZE`]) at a time, until its input overflows on [`STEADY_RUNS`] runs in a row; or
/// else takes `largest`, the size it first failed at. At the boundary, where the stack's top
/// happens to land decides, so the input overflows on some runs only, and a saved case would pass
/// when run again.
fn steady_overflow(
    problem: &dyn Problem,
    origin: Origin,
    shrunk: &mut Shrunk,
    largest: usize,
    try_smaller: &mut impl FnMut(&mut Shrunk, Generated) -> Result<bool, Error>,
) -> Result<(), Error> {
    let origin = shrunk.origin.unwrap_or(origin);
    let mut size = shrunk.input.size();
    for _ in 0..STEADY_MOVES {
        let mut steady = true;
        // Made once for its runs: the same origin and size make the same input.
        let input = problem.make(origin, size)?;
        for _ in 0..STEADY_RUNS {
            let again = Generated {
                input: input.clone(),
                origin: Some(origin),
            };
            if !try_smaller(shrunk, again)? {
                steady = false;
                break;
            }
        }
        if steady || size >= largest {
            return Ok(());
        }
        size = (size + size.div_ceil(BLURRED_SIZE)).min(largest);
    }
    let first = Generated {
        input: problem.make(origin, largest)?,
        origin: Some(origin),
    };
    try_smaller(shrunk, first)?;
    Ok(())
}

/// Runs the samples of `problem` through `test`, which judges a solution on one input (an error
/// ends the search, say when the solution cannot be run), then the cases of `plan`, then every
/// family of the problem at its largest size. A failing sample is reported as it is. On the first
/// failure, shrinks the input, keeping only smaller inputs that fail the same way, until none
/// does: a small random case with proptest's value trees, an input an origin makes by bisecting
/// its size ([`bisect`]). Cutting down keeps to its time on `clock`.
pub fn search(
    problem: &dyn Problem,
    plan: Plan,
    clock: &impl Clock,
    mut program: impl Runs<Option<Failure>>,
    mut progress: impl FnMut(Progress),
) -> Result<Conclusion, Error> {
    let Plan {
        cases,
        seed,
        max_shrink_steps,
        ..
    } = plan;
    let jobs = program.jobs();
    let (ahead, largest_ahead) = (ahead(jobs), largest_ahead(jobs));
    let mut runner = runner(seed);
    let samples = problem.samples();
    let sample_inputs: Vec<Arc<Input>> = (samples.iter())
        .map(|sample| Arc::new(sample.input.clone()))
        .collect();
    program.foresee(&sample_inputs)?;
    for (number, sample) in (1..).zip(samples) {
        let count = samples.len();
        progress(Progress::Sample {
            number,
            samples: count,
        });
        if let Some(failure) = program.run(&sample.input)? {
            return Ok(Conclusion::Found(Box::new(Found {
                case: Case::Sample(number),
                first: sample.input.clone(),
                first_failure: failure.clone(),
                first_origin: None,
                input: sample.input.clone(),
                failure,
                origin: None,
                bisected: false,
                cut_down: false,
                shrink_steps: 0,
            })));
        }
    }
    let mut passed = PassedInputs::default();
    for input in &sample_inputs {
        passed.insert(input);
    }
    let mut largest = 0;
    // The cases drawn, in turn as one at a time would be, and foreseen, up to `ahead` beyond the
    // one being judged; an input that cannot be made fails where its case comes.
    type Pending = (
        usize,
        Option<Box<dyn ValueTree<Value = Generated>>>,
        Result<Arc<Input>, Error>,
        Option<Origin>,
    );
    let mut drawn: VecDeque<Pending> = VecDeque::new();
    let mut next_drawn = 0;
    // The inputs of every family at the largest size, made and foreseen one at a time, from when
    // the last case is drawn, [`largest_ahead`] beyond the one judged at most: so they are made
    // while the last cases run, and each runs as soon as it is made. One that cannot be made
    // fails in its turn, and none after it is made. Says whether it made one.
    let largest_origins = problem.largest_cases(seed);
    let mut largest_made: VecDeque<(Origin, Result<Arc<Input>, Error>)> = VecDeque::new();
    let mut largest_count = 0;
    let mut make_largest =
        |program: &mut dyn Runs<Option<Failure>>,
         made: &mut VecDeque<(Origin, Result<Arc<Input>, Error>)>| {
            let Some(&origin) = largest_origins.get(largest_count) else {
                return Ok(false);
            };
            if made.len() > largest_ahead || made.back().is_some_and(|(_, input)| input.is_err()) {
                return Ok(false);
            }
            let input = problem.make(origin, problem.largest_size()).map(Arc::new);
            if let Ok(input) = &input {
                program.foresee(&[Arc::clone(input)])?;
            }
            made.push_back((origin, input));
            largest_count += 1;
            Ok::<_, Error>(true)
        };
    for _ in 0..cases {
        if next_drawn == cases && drawn.iter().all(|(_, _, input, _)| input.is_ok()) {
            make_largest(&mut program, &mut largest_made)?;
        }
        while drawn.len() <= ahead && next_drawn < cases {
            let case = next_drawn;
            next_drawn += 1;
            let limit = size_limit(problem, case, cases);
            let (tree, input, origin) = match problem.draw(case, cases, limit, &mut runner) {
                Drawn::Tree(tree) => {
                    let Generated { input, origin } = tree.current();
                    (Some(tree), Ok(Arc::new(input)), origin)
                }
                Drawn::Made { origin, size } => {
                    let input = problem.make(origin, size).map(Arc::new);
                    (None, input, Some(origin))
                }
            };
            // Not an input that passed or is foreseen already, nor one after an input that
            // could not be made, where the search ends.
            let foreseen =
                |other: &Result<Arc<Input>, Error>| other.as_ref().ok() == input.as_ref().ok();
            if let Ok(known) = &input
                && !passed.contains(known)
                && drawn
                    .iter()
                    .all(|(_, _, other, _)| other.is_ok() && !foreseen(other))
            {
                program.foresee(&[Arc::clone(known)])?;
            }
            drawn.push_back((case, tree, input, origin));
        }
        let (case, mut tree, first, origin) = drawn.pop_front().expect("a case drawn");
        let first = first?;
        largest = largest.max(first.size());
        progress(Progress::Case {
            case,
            cases,
            input: &first,
        });
        if passed.contains(&first) {
            continue;
        }
        let Some(first_failure) = program.run(&first)? else {
            passed.insert(&first);
            continue;
        };
        let mut shrunk = Shrunk::from_first(&first, &first_failure, origin);
        let mut try_smaller = |shrunk: &mut Shrunk, candidate: Generated| {
            shrunk.try_smaller(
                candidate,
                &mut |input: &Input| program.run(input),
                &mut progress,
            )
        };
        match (origin, &mut tree) {
            // An input an origin makes, whose size is what matters.
            (Some(origin), _) => bisect(
                problem,
                origin,
                seed,
                &mut shrunk,
                max_shrink_steps,
                &mut try_smaller,
            )?,
            // proptest's own shrinking loop: simplify while the input still fails, step back
            // (complicate) when it passes, until neither moves.
            (None, Some(tree)) => {
                let mut moved = tree.simplify();
                while moved
                    && shrunk.steps < max_shrink_steps
                    && !hangs(&first_failure, &shrunk.input)
                {
                    moved = match try_smaller(&mut shrunk, tree.current())? {
                        true => tree.simplify(),
                        false => tree.complicate(),
                    };
                }
            }
            (None, None) => {}
        }
        // proptest drops each word or round once, early on, when others may still have needed
        // it: cut out again what the failure no longer needs.
        let first = (Arc::unwrap_or_clone(first), first_failure);
        let case = Case::Random(case);
        return concluded(problem, case, first, shrunk, &plan, clock, try_smaller);
    }
    loop {
        while make_largest(&mut program, &mut largest_made)? {}
        let Some((origin, first)) = largest_made.pop_front() else {
            break;
        };
        let case = match origin.family {
            Some(family) => {
                progress(Progress::Family { family });
                Case::Family(family)
            }
            None => {
                progress(Progress::Largest { seed: origin.seed });
                Case::Largest(origin.seed)
            }
        };
        let first = first?;
        let Some(first_failure) = program.run(&first)? else {
            continue;
        };
        let mut shrunk = Shrunk::from_first(&first, &first_failure, Some(origin));
        let mut try_smaller = |shrunk: &mut Shrunk, candidate: Generated| {
            shrunk.try_smaller(
                candidate,
                &mut |input: &Input| program.run(input),
                &mut progress,
            )
        };
        bisect(
            problem,
            origin,
            seed,
            &mut shrunk,
            max_shrink_steps,
            &mut try_smaller,
        )?;
        // Then the words or rounds that a wrong answer or a crash does not need.
        let first = (Arc::unwrap_or_clone(first), first_failure);
        return concluded(problem, case, first, shrunk, &plan, clock, try_smaller);
    }
    Ok(Conclusion::Passed { largest })
}

/// The random numbers of a search from `seed`, as proptest's runner draws them.
fn runner(seed: u64) -> TestRunner {
    let mut seed_bytes = [0; 32];
    seed_bytes[..8].copy_from_slice(&seed.to_le_bytes());
    let rng = TestRng::from_seed(RngAlgorithm::ChaCha, &seed_bytes);
    TestRunner::new_with_rng(Config::default(), rng)
}

/// Cases on which a program fails, and on which it is right, that a diagnosis compares at least.
pub const DIAGNOSIS_CASES: usize = 8;

/// The most small inputs a diagnosis draws and runs a program on, beyond those it was run on: a
/// mistake that shows on one input in thirty has 8 among them.
const DIAGNOSIS_TRIES: usize = 256;

/// The cases that a diagnosis compares, at least, when it can: the more, the fewer mistakes agree
/// by chance.
pub const DIAGNOSIS_ENOUGH: usize = 64;

/// The most words or rounds of an input that a diagnosis compares answers on.
pub const DIAGNOSIS_SIZE: usize = CUT_DOWN_WHEN_SLOW;

/// The search whose small inputs a diagnosis draws: one of 300 cases, `check`'s default.
const DIAGNOSIS_SEARCH: usize = 300;

/// The most inputs next to failing ones that a diagnosis runs a program on, beyond
/// [`DIAGNOSIS_TRIES`]. A diagnosis is budgeted in runs, not time, so that the same seed gives
/// the same diagnosis on a quiet machine and a busy one.
const DIAGNOSIS_NEIGHBOURS: usize = 256;

/// Why no mistake could be named.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Undiagnosed {
    /// The problem has no catalogue of mistakes (a user's own).
    NoCatalogue,
    /// The program crashed or ran out of time or memory on a small input, which no catalogued
    /// mistake does.
    Unrunnable,
    /// Too few cases of one kind to tell mistakes apart: fewer than [`DIAGNOSIS_CASES`] failing,
    /// or right (a mistake is told by where it is right as much as by where it fails).
    TooFew { failing: usize, right: usize },
}

/// What a program answered on one input, and whether that is right.
#[derive(Clone, Debug)]
pub struct Answered {
    pub answer: String,
    pub right: bool,
}

/// The classic mistakes that a wrong answer matches.
#[derive(Clone, Debug)]
pub struct Diagnosis {
    /// The mistakes whose answers equal the program's on every case compared, the simplest
    /// first; none when the failure matches no known mistake.
    pub mistakes: Vec<&'static Mistake>,
    /// How many cases were compared: failing, right.
    pub failing: usize,
    pub right: usize,
    /// The smallest input on which the program failed, where a mistake shows most plainly.
    pub plainest: Input,
}

/// Which of `problem`'s classic mistakes a program makes, from its answers on small inputs of the
/// same search: `known`, those it was run on while its failure was found and shrunk (None where
/// it crashed or ran out of time or memory), the official samples, and more drawn from `seed` as
/// the search draws them, until there are [`DIAGNOSIS_ENOUGH`] with [`DIAGNOSIS_CASES`] failing
/// and as many right, or [`DIAGNOSIS_TRIES`] were drawn; then, if too few failed or were right,
/// up to [`DIAGNOSIS_NEIGHBOURS`] inputs next to failing ones. `program` runs the program on an
/// input, and may run them ahead ([`Runs::foresee`]): the same seed gives the same diagnosis
/// however many run at once. A mistake is named when its answers equal the program's on every
/// case. No catalogued mistake crashes or runs out of time: a program that did gets no diagnosis,
/// nor one with fewer than [`DIAGNOSIS_CASES`] cases on which it fails, or on which it is right,
/// unless it was never right on [`DIAGNOSIS_ENOUGH`] and a mistake never right agrees with it
/// (naming the winner the other way round); the error says which.
pub fn diagnose(
    problem: &dyn Problem,
    seed: u64,
    known: &[(Input, Option<Answered>)],
    mut program: impl Runs<Option<Answered>>,
) -> Result<Result<Diagnosis, Undiagnosed>, Error> {
    if problem.mistakes().is_empty() {
        return Ok(Err(Undiagnosed::NoCatalogue));
    }
    let mut runner = runner(seed.rotate_left(32));
    // Small inputs of every size the search's small cases have, in turn.
    let smalls = small_cases(DIAGNOSIS_SEARCH);
    let drawn = (0..DIAGNOSIS_TRIES).filter_map(|k| {
        let case = k % smalls;
        let limit = size_limit(problem, case, DIAGNOSIS_SEARCH);
        match problem.draw(case, DIAGNOSIS_SEARCH, limit, &mut runner) {
            Drawn::Tree(tree) => Some(tree.current().input),
            Drawn::Made { .. } => None,
        }
    });
    let mut cases: Vec<(Input, Answered)> = Vec::new();
    for (input, answered) in known {
        let Some(answered) = answered else {
            return Ok(Err(Undiagnosed::Unrunnable));
        };
        cases.push((input.clone(), answered.clone()));
    }
    // The fewer of the right and the wrong answers.
    let rarer = |cases: &[(Input, Answered)]| {
        let right = cases.iter().filter(|(_, answered)| answered.right).count();
        right.min(cases.len() - right)
    };
    let enough_of_both = |cases: &[(Input, Answered)]| rarer(cases) >= DIAGNOSIS_CASES;
    // Enough to tell; or never right on as many cases, where only a mistake never right can agree.
    let never_right =
        |cases: &[(Input, Answered)]| !cases.iter().any(|(_, answered)| answered.right);
    let enough = |cases: &[(Input, Answered)]| {
        cases.len() >= DIAGNOSIS_ENOUGH && (enough_of_both(cases) || never_right(cases))
    };
    let ahead = ahead(program.jobs());
    let is_new =
        |input: &Input, cases: &[(Input, Answered)]| !cases.iter().any(|(case, _)| case == input);
    // Runs the program on `input` unless it was; says whether it answered.
    let run = |program: &mut dyn Runs<Option<Answered>>,
               input: Input,
               cases: &mut Vec<(Input, Answered)>| {
        if is_new(&input, cases) {
            let Some(answered) = program.run(&input)? else {
                return Ok(false);
            };
            cases.push((input, answered));
        }
        Ok::<_, Error>(true)
    };
    // The inputs of `batch` not run yet, foreseen together.
    let foresee =
        |program: &mut dyn Runs<Option<Answered>>, batch: &[Input], cases: &[(Input, Answered)]| {
            let new: Vec<Arc<Input>> = (batch.iter())
                .filter(|input| is_new(input, cases))
                .map(|input| Arc::new(input.clone()))
                .collect();
            program.foresee(&new)
        };
    let samples = problem.samples().iter().map(|sample| sample.input.clone());
    let mut inputs = samples.chain(drawn);
    'drawn: while !enough(&cases) {
        let batch: Vec<Input> = inputs.by_ref().take(ahead).collect();
        if batch.is_empty() {
            break;
        }
        foresee(&mut program, &batch, &cases)?;
        for input in batch {
            if enough(&cases) {
                break 'drawn;
            }
            if !run(&mut program, input, &mut cases)? {
                return Ok(Err(Undiagnosed::Unrunnable));
            }
        }
    }
    // A mistake that random inputs rarely show shows on the inputs next to one that shows it.
    let (mut next, mut neighbours) = (0, 0);
    while next < cases.len()
        && neighbours < DIAGNOSIS_NEIGHBOURS
        && !enough_of_both(&cases)
        && !never_right(&cases)
    {
        let (input, answered) = &cases[next];
        next += 1;
        if answered.right || input.size() > DIAGNOSIS_SIZE {
            continue;
        }
        let mut near = input.neighbours().into_iter();
        while neighbours < DIAGNOSIS_NEIGHBOURS && !enough_of_both(&cases) {
            let room = DIAGNOSIS_NEIGHBOURS - neighbours;
            let batch: Vec<Input> = near.by_ref().take(ahead.min(room)).collect();
            if batch.is_empty() {
                break;
            }
            foresee(&mut program, &batch, &cases)?;
            for near in batch {
                if enough_of_both(&cases) {
                    break;
                }
                neighbours += 1;
                if !run(&mut program, near, &mut cases)? {
                    return Ok(Err(Undiagnosed::Unrunnable));
                }
            }
        }
    }
    let wrong: Vec<&Input> = (cases.iter())
        .filter(|(_, answered)| !answered.right)
        .map(|(input, _)| input)
        .collect();
    let right = cases.len() - wrong.len();
    let too_few = Undiagnosed::TooFew {
        failing: wrong.len(),
        right,
    };
    // Never right on enough cases: only a mistake that is never right either can be named.
    let never_right_enough = never_right(&cases) && cases.len() >= DIAGNOSIS_ENOUGH;
    if !enough_of_both(&cases) && !never_right_enough {
        return Ok(Err(too_few));
    }
    let plainest = (wrong.iter())
        .min_by_key(|input| (input.size(), input.text().len()))
        .map(|&input| input.clone())
        .expect("enough failing cases");
    let answers: Vec<(Input, String)> = (cases.iter())
        .map(|(input, answered)| (input.clone(), answered.answer.clone()))
        .collect();
    let mistakes: Vec<&'static Mistake> = problem
        .mistakes()
        .iter()
        .filter(|mistake| mistake.agrees(&answers))
        .collect();
    if mistakes.is_empty() && never_right_enough {
        return Ok(Err(too_few));
    }
    Ok(Ok(Diagnosis {
        mistakes,
        failing: wrong.len(),
        right,
        plainest,
    }))
}

/// The run that used the most of a limit in a check that passed, and where.
#[derive(Clone, Debug, PartialEq)]
pub struct Peak {
    /// Seconds of judged time, or bytes of memory.
    pub value: f64,
    pub size: usize,
    pub case: Case,
}

/// The margins of a check that passed: its slowest run and its largest peak memory.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Margins {
    pub slowest: Option<Peak>,
    pub largest_memory: Option<Peak>,
}

impl Margins {
    /// Notes a run on an input of `size` of `case` that took `time` and `memory` bytes at its peak.
    pub fn note(&mut self, case: Case, size: usize, time: Duration, memory: u64) {
        let keep = |peak: &mut Option<Peak>, value: f64| {
            if peak.as_ref().is_none_or(|peak| value > peak.value) {
                *peak = Some(Peak { value, size, case });
            }
        };
        keep(&mut self.slowest, time.as_secs_f64());
        keep(&mut self.largest_memory, memory as f64);
    }
}
