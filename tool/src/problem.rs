//! The two problems, their inputs, and the inputs of each case of a stress test: small and varied
//! first, then growing to the judge's largest.

use crate::generate::{Lucky7Kind, ShiritoriKind, lucky7_input, shiritori_input};
use crate::strategy;
use proptest::prelude::*;
use proptest::strategy::BoxedStrategy;

/// The two problems, by the names of their binaries.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Problem {
    Shiritori,
    Lucky7,
}

/// Largest N of the judge's constraints, for both problems.
pub const JUDGE_MAX: usize = 200_000;

/// The share of the cases, in percent, given to small inputs before the sizes grow to the
/// judge's largest.
const SMALL_SHARE: usize = 75;

/// The largest small input: words of a dictionary, rounds of a game.
const SMALL_WORDS: usize = 24;
const SMALL_ROUNDS: usize = 16;

/// The smallest of the growing inputs.
const FIRST_LARGE: usize = 100;

impl Problem {
    pub fn name(self) -> &'static str {
        match self {
            Self::Shiritori => "shiritori",
            Self::Lucky7 => "lucky7",
        }
    }

    /// What N counts, in the plural: `words` or `rounds`.
    pub fn units(self) -> &'static str {
        match self {
            Self::Shiritori => "words",
            Self::Lucky7 => "rounds",
        }
    }

    /// The largest N of case `case` (from 0) of `cases`. Over the first three quarters it grows
    /// linearly from 1 to [`SMALL_WORDS`] or [`SMALL_ROUNDS`]; over the rest, geometrically from
    /// [`FIRST_LARGE`] to [`JUDGE_MAX`].
    pub fn size_limit(self, case: usize, cases: usize) -> usize {
        let small_cases = small_cases(cases);
        if case < small_cases {
            let small = match self {
                Self::Shiritori => SMALL_WORDS,
                Self::Lucky7 => SMALL_ROUNDS,
            };
            return 1 + case * (small - 1) / (small_cases - 1).max(1);
        }
        let (step, steps) = (case - small_cases, cases - small_cases);
        let fraction = if steps > 1 {
            step as f64 / (steps - 1) as f64
        } else {
            1.0
        };
        let growth = (JUDGE_MAX as f64 / FIRST_LARGE as f64).powf(fraction);
        ((FIRST_LARGE as f64 * growth).round() as usize).min(JUDGE_MAX)
    }

    /// The inputs of case `case` (from 0) of `cases`, of at most [`Problem::size_limit`] words
    /// or rounds (a Shiritori word may be listed twice). The first three quarters are small and
    /// varied ([`strategy::dictionary`], [`strategy::game`]); the rest are the benchmark kinds
    /// of [`crate::generate`]. Either kind shrinks: the large ones by bisecting their size.
    pub fn inputs(self, case: usize, cases: usize) -> BoxedStrategy<Input> {
        let largest = self.size_limit(case, cases);
        if case < small_cases(cases) {
            return match self {
                Self::Shiritori => strategy::dictionary(largest)
                    .prop_map(Input::Shiritori)
                    .boxed(),
                Self::Lucky7 => strategy::game(largest)
                    .prop_map(|(digits, players)| Input::Lucky7 { digits, players })
                    .boxed(),
            };
        }
        // The seed of a large input picks its words or rounds; only its size is worth shrinking.
        let sized = (1..=largest, any::<u64>().no_shrink());
        match self {
            Self::Shiritori => (prop::sample::select(ShiritoriKind::ALL.to_vec()), sized)
                .prop_map(|(kind, (size, seed))| Input::Shiritori(kind.words(size, seed)))
                .boxed(),
            Self::Lucky7 => (prop::sample::select(Lucky7Kind::ALL.to_vec()), sized)
                .prop_map(|(kind, (size, seed))| {
                    let (digits, players) = kind.game(size, seed);
                    Input::Lucky7 { digits, players }
                })
                .boxed(),
        }
    }
}

/// How many of `cases` are small: [`SMALL_SHARE`] percent, and at least the first.
fn small_cases(cases: usize) -> usize {
    (cases * SMALL_SHARE / 100).max(1)
}

/// An input of one of the problems.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    Shiritori(Vec<String>),
    Lucky7 { digits: String, players: String },
}

impl Input {
    /// The input as the judge gives it.
    pub fn text(&self) -> String {
        match self {
            Self::Shiritori(words) => shiritori_input(words),
            Self::Lucky7 { digits, players } => lucky7_input(digits, players),
        }
    }

    /// N: words or rounds.
    pub fn size(&self) -> usize {
        match self {
            Self::Shiritori(words) => words.len(),
            Self::Lucky7 { digits, .. } => digits.len(),
        }
    }

    /// The input without its word or round number `index` (from 0); None if there is no such
    /// word or round, or if it is the only one.
    pub fn without(&self, index: usize) -> Option<Input> {
        if index >= self.size() || self.size() == 1 {
            return None;
        }
        let mut smaller = self.clone();
        match &mut smaller {
            Self::Shiritori(words) => drop(words.remove(index)),
            Self::Lucky7 { digits, players } => {
                digits.remove(index);
                players.remove(index);
            }
        }
        Some(smaller)
    }

    /// N with its unit: `3 words`, `1 round`.
    pub fn describe_size(&self) -> String {
        let unit = match self {
            Self::Shiritori(_) => "word",
            Self::Lucky7 { .. } => "round",
        };
        let plural = if self.size() == 1 { "" } else { "s" };
        format!("{} {unit}{plural}", self.size())
    }
}
