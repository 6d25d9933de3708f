//! The diagnosis of a wrong answer: which of a problem's classic mistakes a program makes, told
//! from its answers on small inputs of the same search, on which it fails and on which it is right.

use super::shrink::CUT_DOWN_WHEN_SLOW;
use super::{ahead, runner};
use crate::error::Error;
use crate::input::Input;
use crate::mistake::Mistake;
use crate::problem::{Drawn, Problem, size_limit, small_cases};
use std::sync::Arc;

/// A program as a diagnosis runs it: `answer` gives what it answers on one input (None where it
/// did not answer: a crash, a limit); `foresee` is told the inputs about to be run, in order, so
/// that it may run them at once beforehand. A closure runs one input at a time.
pub trait Answers {
    fn answer(&mut self, input: &Input) -> Result<Option<Answered>, Error>;

    /// How many runs go at once (`--jobs`).
    fn jobs(&self) -> usize {
        1
    }

    /// The inputs are shared, not copied.
    fn foresee(&mut self, _inputs: &[Arc<Input>]) -> Result<(), Error> {
        Ok(())
    }
}

impl<F: FnMut(&Input) -> Result<Option<Answered>, Error>> Answers for F {
    fn answer(&mut self, input: &Input) -> Result<Option<Answered>, Error> {
        self(input)
    }
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
/// input, and may run them ahead ([`Answers::foresee`]): the same seed gives the same diagnosis
/// however many run at once. A mistake is named when its answers equal the program's on every
/// case. No catalogued mistake crashes or runs out of time: a program that did gets no diagnosis,
/// nor one with fewer than [`DIAGNOSIS_CASES`] cases on which it fails, or on which it is right,
/// unless it was never right on [`DIAGNOSIS_ENOUGH`] and a mistake never right agrees with it
/// (naming the winner the other way round); the error says which.
pub fn diagnose(
    problem: &dyn Problem,
    seed: u64,
    known: &[(Input, Option<Answered>)],
    program: impl Answers,
) -> Result<Result<Diagnosis, Undiagnosed>, Error> {
    if problem.mistakes().is_empty() {
        return Ok(Err(Undiagnosed::NoCatalogue));
    }
    let mut cases: Vec<(Input, Answered)> = Vec::new();
    for (input, answered) in known {
        let Some(answered) = answered else {
            return Ok(Err(Undiagnosed::Unrunnable));
        };
        cases.push((input.clone(), answered.clone()));
    }
    let ahead = ahead(program.jobs());
    let mut diagnosing = Diagnosing {
        program,
        cases,
        ahead,
    };
    let samples = problem.samples().iter().map(|sample| sample.input.clone());
    if !diagnosing.run_all(samples.chain(drawn(problem, seed)))? || !diagnosing.run_neighbours()? {
        return Ok(Err(Undiagnosed::Unrunnable));
    }
    Ok(diagnosing.conclude(problem))
}

/// The small inputs a diagnosis draws from `seed`, as many as [`DIAGNOSIS_TRIES`]: of every size
/// the search's small cases have, in turn.
fn drawn(problem: &dyn Problem, seed: u64) -> impl Iterator<Item = Input> {
    let mut runner = runner(seed.rotate_left(32));
    let smalls = small_cases(DIAGNOSIS_SEARCH);
    (0..DIAGNOSIS_TRIES).filter_map(move |k| {
        let case = k % smalls;
        let limit = size_limit(problem, case, DIAGNOSIS_SEARCH);
        match problem.draw(case, DIAGNOSIS_SEARCH, limit, &mut runner) {
            Drawn::Tree(tree) => Some(tree.current().input),
            Drawn::Made { .. } => None,
        }
    })
}

/// A diagnosis under way: the program, and what it answered so far.
struct Diagnosing<A> {
    program: A,
    cases: Vec<(Input, Answered)>,
    /// How many inputs are foreseen at once.
    ahead: usize,
}

impl<A: Answers> Diagnosing<A> {
    /// How many cases it was right on.
    fn right(&self) -> usize {
        self.cases
            .iter()
            .filter(|(_, answered)| answered.right)
            .count()
    }

    /// Whether there are [`DIAGNOSIS_CASES`] of both the right and the wrong answers.
    fn enough_of_both(&self) -> bool {
        let right = self.right();
        right.min(self.cases.len() - right) >= DIAGNOSIS_CASES
    }

    /// Whether it was never right, where only a mistake never right can agree.
    fn never_right(&self) -> bool {
        self.right() == 0
    }

    /// Enough to tell: [`DIAGNOSIS_ENOUGH`] cases, with enough of both kinds, or never right.
    fn enough(&self) -> bool {
        self.cases.len() >= DIAGNOSIS_ENOUGH && (self.enough_of_both() || self.never_right())
    }

    fn is_new(&self, input: &Input) -> bool {
        !self.cases.iter().any(|(case, _)| case == input)
    }

    /// Runs the program on `input` unless it was; says whether it answered.
    fn run(&mut self, input: Input) -> Result<bool, Error> {
        if self.is_new(&input) {
            let Some(answered) = self.program.answer(&input)? else {
                return Ok(false);
            };
            self.cases.push((input, answered));
        }
        Ok(true)
    }

    /// Foresees the inputs of `batch` not run yet, together.
    fn foresee(&mut self, batch: &[Input]) -> Result<(), Error> {
        let new: Vec<Arc<Input>> = (batch.iter())
            .filter(|input| self.is_new(input))
            .map(|input| Arc::new(input.clone()))
            .collect();
        self.program.foresee(&new)
    }

    /// Runs the program on `inputs`, a batch foreseen at a time, until there are enough cases;
    /// says whether it answered on every one.
    fn run_all(&mut self, mut inputs: impl Iterator<Item = Input>) -> Result<bool, Error> {
        while !self.enough() {
            let batch: Vec<Input> = inputs.by_ref().take(self.ahead).collect();
            if batch.is_empty() {
                break;
            }
            self.foresee(&batch)?;
            for input in batch {
                if self.enough() {
                    return Ok(true);
                }
                if !self.run(input)? {
                    return Ok(false);
                }
            }
        }
        Ok(true)
    }

    /// A mistake that random inputs rarely show shows on the inputs next to one that shows it:
    /// runs the program on those, up to [`DIAGNOSIS_NEIGHBOURS`], where too few failed or were
    /// right; says whether it answered on every one.
    fn run_neighbours(&mut self) -> Result<bool, Error> {
        let (mut next, mut neighbours) = (0, 0);
        while next < self.cases.len()
            && neighbours < DIAGNOSIS_NEIGHBOURS
            && !self.enough_of_both()
            && !self.never_right()
        {
            let (input, answered) = &self.cases[next];
            next += 1;
            if answered.right || input.size() > DIAGNOSIS_SIZE {
                continue;
            }
            let mut near = input.neighbours().into_iter();
            while neighbours < DIAGNOSIS_NEIGHBOURS && !self.enough_of_both() {
                let room = DIAGNOSIS_NEIGHBOURS - neighbours;
                let batch: Vec<Input> = near.by_ref().take(self.ahead.min(room)).collect();
                if batch.is_empty() {
                    break;
                }
                self.foresee(&batch)?;
                for near in batch {
                    if self.enough_of_both() {
                        break;
                    }
                    neighbours += 1;
                    if !self.run(near)? {
                        return Ok(false);
                    }
                }
            }
        }
        Ok(true)
    }

    /// The mistakes of `problem` whose answers equal the program's on every case, or why none
    /// can be named.
    fn conclude(self, problem: &dyn Problem) -> Result<Diagnosis, Undiagnosed> {
        let wrong: Vec<&Input> = (self.cases.iter())
            .filter(|(_, answered)| !answered.right)
            .map(|(input, _)| input)
            .collect();
        let right = self.cases.len() - wrong.len();
        let too_few = Undiagnosed::TooFew {
            failing: wrong.len(),
            right,
        };
        // Never right on enough cases: only a mistake that is never right either can be named.
        let never_right_enough = self.never_right() && self.cases.len() >= DIAGNOSIS_ENOUGH;
        if !self.enough_of_both() && !never_right_enough {
            return Err(too_few);
        }
        let plainest = (wrong.iter())
            .min_by_key(|input| (input.size(), input.text().len()))
            .map(|&input| input.clone())
            .expect("enough failing cases");
        let answers: Vec<(Input, String)> = (self.cases.iter())
            .map(|(input, answered)| (input.clone(), answered.answer.clone()))
            .collect();
        let mistakes: Vec<&'static Mistake> = problem
            .mistakes()
            .iter()
            .filter(|mistake| mistake.agrees(&answers))
            .collect();
        if mistakes.is_empty() && never_right_enough {
            return Err(too_few);
        }
        Ok(Diagnosis {
            mistakes,
            failing: wrong.len(),
            right,
            plainest,
        })
    }
}
