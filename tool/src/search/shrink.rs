//! Shrinking a failing input, the one step that every phase of the search hands its first
//! failure to ([`shrink`]): through the value tree proptest drew it from, or through the origin
//! that makes it at any size, by bisecting its size (and trying other seeds at smaller ones); then
//! by cutting its parts out, as delta debugging does, and making it simpler, through the
//! problem's own cuts ([`Problem::without`], [`Problem::simpler`]): a built-in's words or
//! rounds, a user's text. Every smaller input is kept only if it fails the same way.

use super::cut::{Budget, cut_down};
use super::{Case, Clock, Found, Plan, Progress, Runs};
use crate::error::Error;
use crate::family::Origin;
use crate::generate::Rng;
use crate::input::Input;
use crate::judge::{Failure, TooDeep, Verdict};
use crate::problem::{Generated, Problem};
use proptest::strategy::ValueTree;

/// The largest input too slow or too large that shrinking cuts down word by word or round by
/// round: the largest small one, a dictionary of 24 words each listed twice. A larger one is
/// about its size, which bisection finds.
pub(super) const CUT_DOWN_WHEN_SLOW: usize = 48;

/// The most words or rounds of an input on which a time-out is a hang: shrinking stops there,
/// where each try would wait for the time limit for little gain.
pub const HANG: usize = 4;

/// Whether a program hangs: it ran out of time on an input of at most [`HANG`] words or rounds.
/// A stuck dialogue is no hang: it is seen in a moment, not at the time limit.
pub fn hangs(failure: &Failure, input: &Input) -> bool {
    matches!(failure, Failure::TimeLimit { .. }) && input.size() <= HANG
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

/// A first failure, as a phase of the search hands it to shrinking: where it was found, on which
/// input, how, and how that input can be made smaller.
pub(super) struct FirstFailure {
    pub case: Case,
    pub input: Input,
    pub failure: Failure,
    pub way: Way,
}

/// How a first failing input is made smaller, before it is cut down.
pub(super) enum Way {
    /// Not at all: a sample is reported as it is.
    AsItIs,
    /// Through the origin that makes it at any size, by bisecting its size ([`bisect`]).
    Origin(Origin),
    /// Through proptest's value tree it was drawn from.
    Tree(Box<dyn ValueTree<Value = Generated>>),
    /// Only by cutting it down.
    Cut,
}

/// A failing input being shrunk: the smallest found so far that fails the same way, how, where it
/// comes from, and how many smaller inputs were tried; and how a smaller one is tried.
struct Shrinking<'s, R, P> {
    problem: &'s dyn Problem,
    program: &'s mut R,
    progress: &'s mut P,
    /// The case whose failure this is, which every run of it is for.
    case: Case,
    input: Input,
    failure: Failure,
    origin: Option<Origin>,
    bisected: bool,
    cut_down: bool,
    steps: usize,
}

impl<R: Runs, P: FnMut(Progress)> Shrinking<'_, R, P> {
    /// Tries `candidate`, keeping it if it fails with the same verdict; says whether it did.
    fn try_smaller(&mut self, candidate: Generated) -> Result<bool, Error> {
        self.steps += 1;
        match self.program.run(&candidate.input, self.case)? {
            Some(found) if found.verdict() == self.failure.verdict() => {
                (self.input, self.failure) = (candidate.input, found);
                self.origin = candidate.origin;
                (self.progress)(Progress::Shrinking {
                    steps: self.steps,
                    input: &self.input,
                });
                Ok(true)
            }
            _ => Ok(false),
        }
    }

    /// proptest's own shrinking loop on `tree`: simplify while the input still fails, step back
    /// (complicate) when it passes, until neither moves, or `max_steps` tries in all.
    fn simplify(
        &mut self,
        tree: &mut dyn ValueTree<Value = Generated>,
        max_steps: usize,
    ) -> Result<(), Error> {
        let mut moved = tree.simplify();
        while moved && self.steps < max_steps && !hangs(&self.failure, &self.input) {
            moved = match self.try_smaller(tree.current())? {
                true => tree.simplify(),
                false => tree.complicate(),
            };
        }
        Ok(())
    }

    /// Cuts out of the input what its failure does not need ([`cut_down`]), within `plan`'s
    /// budgets, if that is worth it ([`worth_cutting_down`]).
    fn cut_down(&mut self, plan: &Plan, clock: &impl Clock) -> Result<(), Error> {
        let made = self.origin.is_some();
        if !worth_cutting_down(&self.failure, &self.input, made) {
            return Ok(());
        }
        let budget = Budget {
            tries: plan.max_shrink_steps.saturating_sub(self.steps),
            time: plan.cut_down_time,
        };
        let (problem, input) = (self.problem, self.input.clone());
        cut_down(problem, input, budget, clock, |candidate| {
            let input = candidate.clone();
            let kept = self.try_smaller(Generated {
                input,
                origin: None,
            })?;
            self.cut_down |= kept;
            Ok(kept)
        })?;
        Ok(())
    }
}

/// Shrinks `first`, a failure of `program` on `problem` that a phase of the search found, the way
/// its input can be ([`Way`]), then cuts it down, within `plan`'s budgets (cutting down keeping to
/// its time on `clock`); `progress` hears of each smaller input that fails.
pub(super) fn shrink(
    problem: &dyn Problem,
    plan: &Plan,
    clock: &impl Clock,
    program: &mut impl Runs,
    progress: &mut impl FnMut(Progress),
    first: FirstFailure,
) -> Result<Found, Error> {
    let FirstFailure {
        case,
        input,
        failure,
        mut way,
    } = first;
    let first_origin = match way {
        Way::Origin(origin) => Some(origin),
        _ => None,
    };
    let mut shrinking = Shrinking {
        problem,
        program,
        progress,
        case,
        input: input.clone(),
        failure: failure.clone(),
        origin: first_origin,
        bisected: false,
        cut_down: false,
        steps: 0,
    };
    match &mut way {
        Way::AsItIs => {}
        Way::Origin(origin) => bisect(&mut shrinking, *origin, plan.seed, plan.max_shrink_steps)?,
        // proptest drops each word or round once, early on, when others may still have needed
        // it: cutting down cuts out again what the failure no longer needs.
        Way::Tree(tree) => shrinking.simplify(tree.as_mut(), plan.max_shrink_steps)?,
        Way::Cut => {}
    }
    if !matches!(way, Way::AsItIs) {
        shrinking.cut_down(plan, clock)?;
    }
    Ok(Found {
        case,
        first: input,
        first_failure: failure,
        first_origin,
        input: shrinking.input,
        failure: shrinking.failure,
        origin: shrinking.origin,
        bisected: shrinking.bisected,
        cut_down: shrinking.cut_down,
        shrink_steps: shrinking.steps,
    })
}

/// A time or memory limit is bisected to a size within this part of the smallest that fails: the
/// noise of a run blurs that size by more.
const BLURRED_SIZE: usize = 50;

/// The smallest sizes at which shrinking through an origin tries other seeds, each of them, before
/// it tries sizes further apart.
const SEEDED_SIZES: usize = 32;

/// Bisects the size of `shrunk`'s input, from `origin`, down to the smallest that fails the same
/// way, in at most `max_steps` tries in all: to the word or round for a wrong
/// answer, a crash or too much output; within [`BLURRED_SIZE`] of it for a time or a memory limit.
/// Then, for a problem that tries several seeds at a size ([`Problem::seeds_per_size`]), and a
/// failure that a size does not blur, the sizes below, smallest first, each with that many other
/// seeds (drawn from `seed`), until one fails the same way: every size up to [`SEEDED_SIZES`],
/// then sizes half as far again from the smallest failing one.
fn bisect<R: Runs, P: FnMut(Progress)>(
    shrunk: &mut Shrinking<'_, R, P>,
    origin: Origin,
    seed: u64,
    max_steps: usize,
) -> Result<(), Error> {
    let problem = shrunk.problem;
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
        match shrunk.try_smaller(candidate)? {
            true => failing = size,
            false => passing = size,
        }
    }
    if overflow {
        return steady_overflow(shrunk, origin, largest);
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
            if shrunk.try_smaller(candidate)? {
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
fn steady_overflow<R: Runs, P: FnMut(Progress)>(
    shrunk: &mut Shrinking<'_, R, P>,
    origin: Origin,
    largest: usize,
) -> Result<(), Error> {
    let problem = shrunk.problem;
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
            if !shrunk.try_smaller(again)? {
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
    shrunk.try_smaller(first)?;
    Ok(())
}
