//! Cutting a failing input down ([`cut_down`]): its parts cut out, as delta debugging does, then
//! made simpler, then its numbers brought near 0, each kept only if it still fails the same way.

use super::Clock;
use crate::error::Error;
use crate::input::Input;
use crate::problem::Problem;
use std::time::{Duration, Instant};

/// What cutting an input down may spend: so many tries at most, and so much time on a clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    pub tries: usize,
    pub time: Duration,
}

/// Cuts out of `input`, of `problem`, the parts that its failure does not need, as delta
/// debugging does, at each of the problem's levels, coarsest first ([`Problem::levels`]): halves
/// go first, then quarters, down to single parts; then makes it simpler a step at a time
/// ([`Problem::simpler`]), and brings its numbers near 0 ([`Problem::numbers`]): all together by
/// the same amount, then each alone; and again while a round changes it, if the problem has more
/// than one level, simpler inputs or numbers; or until the `budget` is spent on `clock`. A
/// candidate is tried only if the problem accepts it ([`Problem::acceptable`]); `fails` says
/// whether a smaller input still fails the same way (and keeps it if it likes). A failure that
/// needs four words of 80,000 is found in a few hundred tries, not 80,000. Returns the input cut
/// down.
pub fn cut_down(
    problem: &dyn Problem,
    input: Input,
    budget: Budget,
    clock: &impl Clock,
    fails: impl FnMut(&Input) -> Result<bool, Error>,
) -> Result<Input, Error> {
    let mut cutting = Cutting {
        problem,
        current: input,
        tries: 0,
        budget,
        deadline: clock.now() + budget.time,
        clock,
        fails,
    };
    let rounds_repeat = problem.levels() > 1;
    loop {
        let outcome = cutting.round();
        match outcome {
            Err(Stop::Spent) => return Ok(cutting.current),
            Err(Stop::Failed(error)) => return Err(error),
            // Cut parts may let others go only where there are other levels.
            Ok(Round { cut, refined }) if refined || (cut && rounds_repeat) => {}
            Ok(_) => return Ok(cutting.current),
        }
    }
}

/// What one round of cutting down changed: parts cut out, or the input made simpler or its
/// numbers nearer 0.
struct Round {
    cut: bool,
    refined: bool,
}

/// Why cutting down stops before a round ends.
enum Stop {
    /// The budget is spent.
    Spent,
    /// A try could not be made.
    Failed(Error),
}

impl From<Error> for Stop {
    fn from(error: Error) -> Self {
        Self::Failed(error)
    }
}

/// A failing input being cut down: the smallest found so far that fails the same way, and what
/// the tries have spent.
struct Cutting<'p, C, F> {
    problem: &'p dyn Problem,
    current: Input,
    tries: usize,
    budget: Budget,
    deadline: Instant,
    clock: &'p C,
    fails: F,
}

impl<C: Clock, F: FnMut(&Input) -> Result<bool, Error>> Cutting<'_, C, F> {
    /// Tries `candidate`, if the budget allows: whether it is acceptable and fails the same way,
    /// and then it is the current input.
    fn try_one(&mut self, candidate: Input) -> Result<bool, Stop> {
        if self.tries >= self.budget.tries || self.clock.now() >= self.deadline {
            return Err(Stop::Spent);
        }
        self.tries += 1;
        let kept = self.problem.acceptable(&candidate)? && (self.fails)(&candidate)?;
        if kept {
            self.current = candidate;
        }
        Ok(kept)
    }

    /// One round: parts cut out at each level, then the input made simpler, then its numbers
    /// brought near 0.
    fn round(&mut self) -> Result<Round, Stop> {
        let mut cut = false;
        for level in 0..self.problem.levels() {
            cut |= self.cut_parts(level)?;
        }
        let simpler = self.make_simpler()?;
        let shifted = self.shift_numbers()?;
        let lowered = self.lower_numbers()?;
        Ok(Round {
            cut,
            refined: simpler || shifted || lowered,
        })
    }

    /// Cuts out parts of `level`: chunks of half the parts first, then of a quarter, down to
    /// single parts, until none can go. Whether any went.
    fn cut_parts(&mut self, level: usize) -> Result<bool, Stop> {
        let problem = self.problem;
        let mut chunk = (problem.parts(&self.current, level) / 2).max(1);
        let mut any = false;
        loop {
            let mut start = 0;
            let mut cut = false;
            while start < problem.parts(&self.current, level) {
                // Nothing to cut there (the end, or only what the problem will not cut).
                let Some(candidate) = problem.without(&self.current, level, start, chunk) else {
                    start += chunk;
                    continue;
                };
                match self.try_one(candidate)? {
                    true => cut = true,
                    false => start += chunk,
                }
            }
            any |= cut;
            match chunk {
                1 if !cut => return Ok(any),
                1 => {}
                _ => chunk /= 2,
            }
        }
    }

    /// Makes the input simpler a step at a time, the most promising step first, while a step
    /// still fails. Whether it was.
    fn make_simpler(&mut self) -> Result<bool, Stop> {
        let mut any = false;
        let mut simpler = self.problem.simpler(&self.current).into_iter();
        while let Some(candidate) = simpler.next() {
            if self.try_one(candidate)? {
                any = true;
                simpler = self.problem.simpler(&self.current).into_iter();
            }
        }
        Ok(any)
    }

    /// Brings all the numbers nearer 0 by the same amount, as far as they still fail, none past 0:
    /// by 1, 2, 4, and so on while they fail, then by bisection. A failure in how numbers compare
    /// (heights 4779 4777 4778, where 3 1 2 fails too) holds where each alone is as small as it
    /// fails; where it does not, one try tells. Whether they moved.
    fn shift_numbers(&mut self) -> Result<bool, Stop> {
        let numbers = self.problem.numbers(&self.current);
        let Some(most) = numbers.iter().map(|value| value.abs()).min() else {
            return Ok(false);
        };
        let mut shift = |by: i128| -> Result<bool, Stop> {
            let shifted: Vec<i128> = (numbers.iter())
                .map(|value| value - by * value.signum())
                .collect();
            match self.problem.with_numbers(&self.current, &shifted) {
                Some(candidate) => self.try_one(candidate),
                None => Ok(false),
            }
        };
        let (mut failing, mut passing) = (0, most + 1);
        let mut power = 1;
        while power <= most {
            if !shift(power)? {
                passing = power;
                break;
            }
            failing = power;
            power *= 2;
        }
        while passing - failing > 1 {
            let middle = failing + (passing - failing) / 2;
            match shift(middle)? {
                true => failing = middle,
                false => passing = middle,
            }
        }
        Ok(failing > 0)
    }

    /// Brings each number near 0, to the smallest that still fails from below: 1, 2, 4, and so on
    /// (0 itself was tried among the simpler inputs) up to the first that fails, then bisection
    /// between it and the power of two below it. A failure need not grow with the number (a
    /// product wraps around 2^64 again and again): from below, the smallest is found where
    /// bisection from the number down would stop anywhere. Whether any moved.
    fn lower_numbers(&mut self) -> Result<bool, Stop> {
        let mut any = false;
        let mut index = 0;
        while let Some(&value) = self.problem.numbers(&self.current).get(index) {
            let (mut passing, mut failing) = (0, value);
            let mut power: i128 = 1;
            while power < value.abs() {
                let below = power * value.signum();
                if self.try_number(index, below)? {
                    (failing, any) = (below, true);
                    break;
                }
                passing = below;
                power = power.saturating_mul(2);
            }
            while failing.abs_diff(passing) > 1 {
                let middle = passing + (failing - passing) / 2;
                match self.try_number(index, middle)? {
                    true => (failing, any) = (middle, true),
                    false => passing = middle,
                }
            }
            index += 1;
        }
        Ok(any)
    }

    /// Tries the current input with its number `index` made `value`.
    fn try_number(&mut self, index: usize, value: i128) -> Result<bool, Stop> {
        let mut numbers = self.problem.numbers(&self.current);
        numbers[index] = value;
        match self.problem.with_numbers(&self.current, &numbers) {
            Some(candidate) => self.try_one(candidate),
            None => Ok(false),
        }
    }
}
