//! The search behind `atcoder-games check`: run a solution on the inputs of each case, small
//! ones first and growing, then on every worst-case family at the judge's largest N, and cut the
//! first failing input down to the smallest that still fails the same way: with proptest's
//! shrinking, or for a family by bisecting its size.

use crate::family::Family;
use crate::judge::Failure;
use crate::problem::{Generated, Input, JUDGE_MAX, Origin, Problem};
use proptest::strategy::{Strategy, ValueTree};
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};

/// The largest failing input whose words or rounds shrinking drops one by one: the largest
/// small one, a dictionary of 24 words each listed twice.
const DROPPED_ONE_BY_ONE: usize = 48;

/// What the search reports as it goes.
pub enum Progress<'a> {
    /// Case `case` (from 0) of `cases` is being run on `input`.
    Case {
        case: usize,
        cases: usize,
        input: &'a Input,
    },
    /// Family `family` is being run at the judge's largest N.
    Family { family: Family },
    /// Shrinking has tried `steps` smaller inputs; the smallest failing one so far is `input`.
    Shrinking { steps: usize, input: &'a Input },
}

/// Where a failure was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Case {
    /// Random case number so-and-so (from 0).
    Random(usize),
    /// A worst-case family at the judge's largest N.
    Family(Family),
}

/// A failing input, shrunk.
#[derive(Debug)]
pub struct Found {
    /// The case that failed first.
    pub case: Case,
    /// The input that failed first, and how.
    pub first: Input,
    pub first_failure: Failure,
    /// The smallest input found that fails the same way, and how.
    pub input: Input,
    pub failure: Failure,
    /// The family and seed that make `input` at any size, if it comes from a family.
    pub origin: Option<Origin>,
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
    Failed(Box<Found>),
}

/// The smallest failing input found so far, how it fails, where it comes from, and how many
/// smaller inputs were tried.
struct Shrunk {
    input: Input,
    failure: Failure,
    origin: Option<Origin>,
    steps: usize,
}

impl Shrunk {
    /// Where shrinking starts: the first failing input, as it failed.
    fn from_first(input: &Input, failure: &Failure, origin: Option<Origin>) -> Self {
        Self {
            input: input.clone(),
            failure: failure.clone(),
            origin,
            steps: 0,
        }
    }
}

/// How a search goes: how many cases, from which random seed, and how many smaller inputs
/// shrinking may try at most (each may take a run up to the time limit).
#[derive(Clone, Copy, Debug)]
pub struct Plan {
    pub cases: usize,
    pub seed: u64,
    pub max_shrink_steps: usize,
}

impl Plan {
    /// `cases` cases from `seed`, shrinking for up to 2,000 smaller inputs.
    pub fn new(cases: usize, seed: u64) -> Self {
        Self {
            cases,
            seed,
            max_shrink_steps: 2_000,
        }
    }
}

/// Runs the cases of `plan` for `problem` through `test`, which judges a solution on one input
/// (an error ends the search, say when the solution cannot be run), then every family of the
/// problem at the judge's largest N. On the first failure, shrinks the input, keeping only
/// smaller inputs that fail the same way, until none does: a random case with proptest's value
/// trees, a family by bisecting its size.
pub fn search<E>(
    problem: Problem,
    plan: Plan,
    mut test: impl FnMut(&Input) -> Result<Option<Failure>, E>,
    mut progress: impl FnMut(Progress),
) -> Result<Conclusion, E> {
    let Plan {
        cases,
        seed,
        max_shrink_steps,
    } = plan;
    let mut seed_bytes = [0; 32];
    seed_bytes[..8].copy_from_slice(&seed.to_le_bytes());
    let rng = TestRng::from_seed(RngAlgorithm::ChaCha, &seed_bytes);
    let mut runner = TestRunner::new_with_rng(Config::default(), rng);
    let mut largest = 0;
    for case in 0..cases {
        let mut tree = problem
            .inputs(case, cases)
            .new_tree(&mut runner)
            .expect("these strategies reject nothing");
        let Generated {
            input: first,
            origin,
        } = tree.current();
        largest = largest.max(first.size());
        progress(Progress::Case {
            case,
            cases,
            input: &first,
        });
        let Some(first_failure) = test(&first)? else {
            continue;
        };
        let kind = first_failure.kind();
        let mut shrunk = Shrunk::from_first(&first, &first_failure, origin);
        // Tries `candidate`, keeping it if it fails the same way; says whether it did.
        let mut try_smaller = |shrunk: &mut Shrunk, candidate: Generated| {
            shrunk.steps += 1;
            match test(&candidate.input)? {
                Some(found) if found.kind() == kind => {
                    (shrunk.input, shrunk.failure) = (candidate.input, found);
                    shrunk.origin = candidate.origin;
                    progress(Progress::Shrinking {
                        steps: shrunk.steps,
                        input: &shrunk.input,
                    });
                    Ok(true)
                }
                _ => Ok(false),
            }
        };
        // proptest's own shrinking loop: simplify while the input still fails, step back
        // (complicate) when it passes, until neither moves.
        let mut moved = tree.simplify();
        while moved && shrunk.steps < max_shrink_steps {
            moved = match try_smaller(&mut shrunk, tree.current())? {
                true => tree.simplify(),
                false => tree.complicate(),
            };
        }
        // proptest drops each word or round once, early on, when others may still have needed
        // it: drop again what the failure no longer needs, so that no input with one word or
        // round fewer fails the same way. Only from small inputs: a large one shrinks by
        // bisecting its size, and dropping its words one by one would take as many runs.
        let mut next = 0;
        while shrunk.input.size() <= DROPPED_ONE_BY_ONE && shrunk.steps < max_shrink_steps {
            let Some(input) = shrunk.input.without(next) else {
                break;
            };
            let candidate = Generated {
                input,
                origin: None,
            };
            if !try_smaller(&mut shrunk, candidate)? {
                next += 1;
            }
        }
        let case = Case::Random(case);
        return Ok(Conclusion::Failed(Box::new(Found::new(
            case,
            first,
            first_failure,
            shrunk,
        ))));
    }
    for &family in Family::of(problem) {
        progress(Progress::Family { family });
        let origin = Origin { family, seed };
        let first = origin.input(JUDGE_MAX);
        let Some(first_failure) = test(&first)? else {
            continue;
        };
        let kind = first_failure.kind();
        let mut shrunk = Shrunk::from_first(&first, &first_failure, Some(origin));
        // The smallest size of the family that fails the same way lies in (passing, failing].
        let (mut passing, mut failing) = (0, first.size());
        while failing - passing > 1 && shrunk.steps < max_shrink_steps {
            let size = passing + (failing - passing) / 2;
            let candidate = origin.input(size);
            shrunk.steps += 1;
            match test(&candidate)? {
                Some(found) if found.kind() == kind => {
                    failing = size;
                    (shrunk.input, shrunk.failure) = (candidate, found);
                    progress(Progress::Shrinking {
                        steps: shrunk.steps,
                        input: &shrunk.input,
                    });
                }
                _ => passing = size,
            }
        }
        let case = Case::Family(family);
        return Ok(Conclusion::Failed(Box::new(Found::new(
            case,
            first,
            first_failure,
            shrunk,
        ))));
    }
    Ok(Conclusion::Passed { largest })
}

impl Found {
    fn new(case: Case, first: Input, first_failure: Failure, shrunk: Shrunk) -> Self {
        Self {
            case,
            first,
            first_failure,
            input: shrunk.input,
            failure: shrunk.failure,
            origin: shrunk.origin,
            shrink_steps: shrunk.steps,
        }
    }
}
