//! The inputs of the search drawn and made ahead of their turn, so that a program that runs them
//! several at a time ([`Runs::foresee`]) finds the next one ready: the random cases, a few beyond
//! the one being judged, in the order one at a time would draw them (the same seed draws the same
//! cases whatever the jobs); then, from when the last case is drawn, the inputs of the largest
//! size, made while the last cases run, each foreseen as soon as it is made.

use super::{PassedInputs, Runs};
use crate::error::Error;
use crate::family::Origin;
use crate::input::Input;
use crate::problem::{Drawn, Generated, Problem, size_limit};
use proptest::strategy::ValueTree;
use proptest::test_runner::TestRunner;
use std::collections::VecDeque;
use std::sync::Arc;

/// How many small inputs per job are foreseen beyond the one judged: enough that a job finds one
/// ready when it is free, though each takes a few milliseconds.
const AHEAD_PER_JOB: usize = 4;

/// How many small inputs a program run `jobs` at a time is worth foreseeing beyond the one
/// judged.
pub(super) fn ahead(jobs: usize) -> usize {
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

/// A random case drawn: its number (from 0), the value tree it shrinks by if proptest drew it,
/// its input (or why it could not be made, which fails the search in its turn), and the origin
/// that makes it at any size, if one does.
pub(super) struct DrawnCase {
    pub case: usize,
    pub tree: Option<Box<dyn ValueTree<Value = Generated>>>,
    pub input: Result<Arc<Input>, Error>,
    pub origin: Option<Origin>,
}

/// An input of the largest size, made: its origin, and the input or why it could not be made.
pub(super) type Made = (Origin, Result<Arc<Input>, Error>);

/// The cases and largest inputs drawn and made ahead of their turn.
pub(super) struct Lookahead {
    cases: usize,
    /// Small inputs foreseen beyond the one judged ([`ahead`]).
    ahead: usize,
    /// Largest inputs foreseen beyond the one judged ([`largest_ahead`]).
    largest_ahead: usize,
    drawn: VecDeque<DrawnCase>,
    next_case: usize,
    /// The origins of the inputs run at the largest size, in turn, and how many were made.
    largest: Vec<Origin>,
    largest_count: usize,
    made: VecDeque<Made>,
}

impl Lookahead {
    /// For `cases` random cases and the `largest` origins after them, run `jobs` at a time.
    pub(super) fn new(cases: usize, largest: Vec<Origin>, jobs: usize) -> Self {
        Self {
            cases,
            ahead: ahead(jobs),
            largest_ahead: largest_ahead(jobs),
            drawn: VecDeque::new(),
            next_case: 0,
            largest,
            largest_count: 0,
            made: VecDeque::new(),
        }
    }

    /// The next random case of `problem`, drawn from `runner`, with those after it drawn and
    /// foreseen by `program` up to [`ahead`] beyond it (none that `passed` or is foreseen
    /// already, nor after one that could not be made); and once the last case is drawn, an input
    /// of the largest size made ahead. None after the last case.
    pub(super) fn next_case(
        &mut self,
        problem: &dyn Problem,
        runner: &mut TestRunner,
        program: &mut impl Runs,
        passed: &PassedInputs,
    ) -> Result<Option<DrawnCase>, Error> {
        if self.next_case == self.cases && self.drawn.iter().all(|drawn| drawn.input.is_ok()) {
            self.make_largest(problem, program)?;
        }
        while self.drawn.len() <= self.ahead && self.next_case < self.cases {
            let case = self.next_case;
            self.next_case += 1;
            let limit = size_limit(problem, case, self.cases);
            let (tree, input, origin) = match problem.draw(case, self.cases, limit, runner) {
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
                && (self.drawn.iter()).all(|drawn| drawn.input.is_ok() && !foreseen(&drawn.input))
            {
                program.foresee(&[Arc::clone(known)])?;
            }
            self.drawn.push_back(DrawnCase {
                case,
                tree,
                input,
                origin,
            });
        }
        Ok(self.drawn.pop_front())
    }

    /// The next input of the largest size, with those after it made and foreseen up to
    /// [`largest_ahead`] beyond it; None after the last.
    pub(super) fn next_largest(
        &mut self,
        problem: &dyn Problem,
        program: &mut impl Runs,
    ) -> Result<Option<Made>, Error> {
        while self.make_largest(problem, program)? {}
        Ok(self.made.pop_front())
    }

    /// Makes the next input of the largest size, and has `program` foresee it, unless
    /// [`largest_ahead`] are made already, or the last made could not be, or none is left: says
    /// whether it made one.
    fn make_largest(
        &mut self,
        problem: &dyn Problem,
        program: &mut impl Runs,
    ) -> Result<bool, Error> {
        let Some(&origin) = self.largest.get(self.largest_count) else {
            return Ok(false);
        };
        let failed_before = self.made.back().is_some_and(|(_, input)| input.is_err());
        if self.made.len() > self.largest_ahead || failed_before {
            return Ok(false);
        }
        let input = problem.make(origin, problem.largest_size()).map(Arc::new);
        if let Ok(input) = &input {
            program.foresee(&[Arc::clone(input)])?;
        }
        self.made.push_back((origin, input));
        self.largest_count += 1;
        Ok(true)
    }
}
