//! The search on its own: the inputs of each case and of each family, the search, its shrinking
//! and its bisection, on made-up solutions.

use atcoder_games_tool::builtin::inputs;
use atcoder_games_tool::error::Error;
use atcoder_games_tool::family::Family;
use atcoder_games_tool::family::Origin;
use atcoder_games_tool::generate::STAR_HUB;
use atcoder_games_tool::input::{Builtin, Input, JUDGE_MAX, Words};
use atcoder_games_tool::judge::{Failure, TooDeep};
use atcoder_games_tool::problem::{self, Expected, size_limit};
use atcoder_games_tool::search::{
    Budget, Case, Clock, Conclusion, HANG, Plan, Progress, Runs, SystemClock, cut_down, hangs,
    search,
};
use proptest::strategy::{Strategy, ValueTree};
use proptest::test_runner::TestRunner;
use std::cell::Cell;
use std::sync::Arc;
use std::time::{Duration, Instant};
use test_support::oracle::shiritori_winners;

mod inputs;
mod numbers;
mod phases;
mod shrinking;

/// A time-out, as the made-up solutions below give it.
fn time_limit() -> Failure {
    Failure::TimeLimit {
        time: Duration::from_secs(3),
        stopped: true,
        blocked: false,
    }
}

/// Whether `input` is one of the official samples, which the search runs first.
fn official(input: &Input) -> bool {
    [Builtin::Shiritori, Builtin::Lucky7]
        .iter()
        .any(|problem| problem.samples().contains(input))
}

/// The input that `origin`, a family's, makes at `size`.
fn input_of(origin: Origin, size: usize) -> Input {
    origin
        .family
        .expect("a family's origin")
        .input(size, origin.seed)
}

/// Whether `input` keeps to the judge's constraints.
fn within_constraints(input: &Input) -> bool {
    match input {
        Input::Shiritori(words) => {
            let word_ok =
                |w: &str| (3..=8).contains(&w.len()) && w.bytes().all(|b| b.is_ascii_alphabetic());
            (1..=JUDGE_MAX).contains(&words.len()) && words.iter().all(word_ok)
        }
        Input::Lucky7 { digits, players } => {
            (1..=JUDGE_MAX).contains(&digits.len())
                && digits.len() == players.len()
                && digits.bytes().all(|b| b.is_ascii_digit())
                && players.bytes().all(|b| b == b'A' || b == b'T')
        }
        Input::Text(_) => false,
    }
}

/// A clock that a test moves on.
struct FakeClock(Cell<Instant>);

impl FakeClock {
    fn new() -> Self {
        Self(Cell::new(Instant::now()))
    }

    fn advance(&self, by: Duration) {
        self.0.set(self.0.get() + by);
    }
}

impl Clock for FakeClock {
    fn now(&self) -> Instant {
        self.0.get()
    }
}
