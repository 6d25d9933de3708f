//! The search behind `atcoder-games check`: run a solution on a problem's samples, then on the
//! inputs of each case, small ones first and growing, then on every worst-case family at the
//! largest size, and cut the first failing input down to the smallest that still fails the same
//! way: with proptest's shrinking, or for an input that an origin makes at any size by bisecting
//! its size (and trying other seeds at smaller ones), then by cutting its parts out, as delta
//! debugging does, and making it simpler. One search for every problem ([`Problem`]).

mod cut;
mod diagnose;
mod lookahead;
mod shrink;

pub use cut::{Budget, cut_down};
pub use diagnose::{
    Answered, Answers, DIAGNOSIS_CASES, DIAGNOSIS_ENOUGH, DIAGNOSIS_SIZE, Diagnosis, Undiagnosed,
    diagnose,
};
pub use shrink::{HANG, hangs};

use crate::error::Error;
use crate::family::{Family, Origin};
use crate::input::Input;
use crate::judge::Failure;
use crate::problem::Problem;
use lookahead::{DrawnCase, Lookahead, ahead};
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
use shrink::{FirstFailure, Way, shrink};
use std::cell::Cell;
use std::collections::HashSet;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A program as the search runs it: `run` judges it on one input, a run for one case (a shrinking
/// run is for the case whose failure it shrinks); `foresee` is told the inputs about to be run, in
/// order, so that it may run them at once beforehand, each on a core of its own: a run that only
/// decides whether an answer is right needs no quiet machine. A closure runs one input at a time.
pub trait Runs {
    /// How the program fails on `input`, if it does.
    fn run(&mut self, input: &Input, case: Case) -> Result<Option<Failure>, Error>;

    /// How many runs go at once (`--jobs`).
    fn jobs(&self) -> usize {
        1
    }

    /// The inputs are shared, not copied: one may be of hundreds of thousands of words.
    fn foresee(&mut self, _inputs: &[Arc<Input>]) -> Result<(), Error> {
        Ok(())
    }
}

impl<F: FnMut(&Input) -> Result<Option<Failure>, Error>> Runs for F {
    fn run(&mut self, input: &Input, _: Case) -> Result<Option<Failure>, Error> {
        self(input)
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
    /// The input given to shrink is being run.
    ToShrink,
    /// Shrinking has tried `steps` smaller inputs; the smallest failing one so far is `input`.
    Shrinking { steps: usize, input: &'a Input },
}

/// Where a failure was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Case {
    /// The input given to shrink (`check --shrink`), as a check interrupted while shrinking saves
    /// it.
    ToShrink,
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

/// How a search goes: the input given to shrink, which it starts from; how many cases, from which
/// random seed, how many smaller inputs shrinking may try at most (each may take a run up to the
/// time limit), and how long cutting words or rounds out of a failing input may take.
#[derive(Clone, Debug)]
pub struct Plan {
    pub to_shrink: Option<Input>,
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
            to_shrink: None,
            cases,
            seed,
            max_shrink_steps: 2_000,
            cut_down_time: Duration::from_secs(60),
        }
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

/// The clock of the search's budgets: the time the program's runs took ([`WorkClock`]), and the
/// problem's helpers' runs ([`Problem::helpers_time`]), which shrinking waits for as much.
pub struct SpentClock<'a> {
    pub program: &'a WorkClock,
    pub problem: &'a dyn Problem,
}

impl Clock for SpentClock<'_> {
    fn now(&self) -> Instant {
        self.program.now() + self.problem.helpers_time()
    }
}

/// The random numbers of a search from `seed`, as proptest's runner draws them.
fn runner(seed: u64) -> TestRunner {
    let mut seed_bytes = [0; 32];
    seed_bytes[..8].copy_from_slice(&seed.to_le_bytes());
    let rng = TestRng::from_seed(RngAlgorithm::ChaCha, &seed_bytes);
    TestRunner::new_with_rng(Config::default(), rng)
}

/// Runs the input `plan` gives to shrink, if it gives one, then the samples of `problem`
/// through `program`, which judges a solution on one input (an error ends the search, say when
/// the solution cannot be run), then the cases of `plan`, then
/// the inputs of the problem's largest size: each phase stops at its first failure, which is
/// shrunk ([`shrink`]): a sample is reported as it is; a small random case shrinks with proptest's
/// value trees, an input an origin makes by bisecting its size; then either is cut down, keeping
/// to its time on `clock`. `progress` hears where the search is.
pub fn search(
    problem: &dyn Problem,
    plan: Plan,
    clock: &impl Clock,
    mut program: impl Runs,
    mut progress: impl FnMut(Progress),
) -> Result<Conclusion, Error> {
    let largest = problem.largest_cases(plan.seed);
    let lookahead = Lookahead::new(plan.cases, largest, program.jobs());
    let mut search = Search {
        problem,
        plan: &plan,
        program: &mut program,
        progress: &mut progress,
        lookahead,
        passed: PassedInputs::default(),
        largest: 0,
    };
    let mut first = search.given_to_shrink()?;
    if first.is_none() {
        first = search.samples()?;
    }
    if first.is_none() {
        first = search.cases()?;
    }
    if first.is_none() {
        first = search.largest_inputs()?;
    }
    let Some(first) = first else {
        return Ok(Conclusion::Passed {
            largest: search.largest,
        });
    };
    let found = shrink(problem, &plan, clock, &mut program, &mut progress, first)?;
    Ok(Conclusion::Found(Box::new(found)))
}

/// A search under way: the program it runs, what it reports, the inputs drawn and made ahead, the
/// small inputs that passed, and the largest random input run.
struct Search<'s, R, P> {
    problem: &'s dyn Problem,
    plan: &'s Plan,
    program: &'s mut R,
    progress: &'s mut P,
    lookahead: Lookahead,
    passed: PassedInputs,
    largest: usize,
}

impl<R: Runs, P: FnMut(Progress)> Search<'_, R, P> {
    /// The input given to shrink, if one is: its failure, to be cut down.
    fn given_to_shrink(&mut self) -> Result<Option<FirstFailure>, Error> {
        let Some(input) = &self.plan.to_shrink else {
            return Ok(None);
        };
        (self.progress)(Progress::ToShrink);
        let failure = self.program.run(input, Case::ToShrink)?;
        Ok(failure.map(|failure| FirstFailure {
            case: Case::ToShrink,
            input: input.clone(),
            failure,
            way: Way::Cut,
        }))
    }

    /// The samples, all foreseen at once, in turn: the first failure, reported as it is.
    fn samples(&mut self) -> Result<Option<FirstFailure>, Error> {
        let samples = self.problem.samples();
        let inputs: Vec<Arc<Input>> = (samples.iter())
            .map(|sample| Arc::new(sample.input.clone()))
            .collect();
        self.program.foresee(&inputs)?;
        for (number, sample) in (1..).zip(samples) {
            (self.progress)(Progress::Sample {
                number,
                samples: samples.len(),
            });
            let case = Case::Sample(number);
            if let Some(failure) = self.program.run(&sample.input, case)? {
                return Ok(Some(FirstFailure {
                    case,
                    input: sample.input.clone(),
                    failure,
                    way: Way::AsItIs,
                }));
            }
        }
        for input in &inputs {
            self.passed.insert(input);
        }
        Ok(None)
    }

    /// The random cases of the plan, small ones first, drawn and foreseen ahead ([`Lookahead`]):
    /// the first failure, with the way its input shrinks. An input drawn again after it passed is
    /// not run again.
    fn cases(&mut self) -> Result<Option<FirstFailure>, Error> {
        let mut runner = runner(self.plan.seed);
        let (problem, cases) = (self.problem, self.plan.cases);
        while let Some(drawn) =
            (self.lookahead).next_case(problem, &mut runner, self.program, &self.passed)?
        {
            let DrawnCase {
                case,
                tree,
                input,
                origin,
            } = drawn;
            let input = input?;
            self.largest = self.largest.max(input.size());
            (self.progress)(Progress::Case {
                case,
                cases,
                input: &input,
            });
            if self.passed.contains(&input) {
                continue;
            }
            let case = Case::Random(case);
            let Some(failure) = self.program.run(&input, case)? else {
                self.passed.insert(&input);
                continue;
            };
            let way = match (origin, tree) {
                // An input an origin makes, whose size is what matters.
                (Some(origin), _) => Way::Origin(origin),
                (None, Some(tree)) => Way::Tree(tree),
                (None, None) => Way::Cut,
            };
            let input = Arc::unwrap_or_clone(input);
            return Ok(Some(FirstFailure {
                case,
                input,
                failure,
                way,
            }));
        }
        Ok(None)
    }

    /// The inputs of the largest size, each worst-case family's (or the generator's), made and
    /// foreseen ahead: the first failure, whose input bisection shrinks.
    fn largest_inputs(&mut self) -> Result<Option<FirstFailure>, Error> {
        while let Some((origin, input)) = self.lookahead.next_largest(self.problem, self.program)? {
            let case = match origin.family {
                Some(family) => {
                    (self.progress)(Progress::Family { family });
                    Case::Family(family)
                }
                None => {
                    (self.progress)(Progress::Largest { seed: origin.seed });
                    Case::Largest(origin.seed)
                }
            };
            let input = input?;
            if let Some(failure) = self.program.run(&input, case)? {
                let input = Arc::unwrap_or_clone(input);
                let way = Way::Origin(origin);
                return Ok(Some(FirstFailure {
                    case,
                    input,
                    failure,
                    way,
                }));
            }
        }
        Ok(None)
    }
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
