//! The two problems, their inputs, and the inputs of each case of a stress test: small and varied
//! first, then growing to the judge's largest.

use crate::family::Family;
use crate::generate::{lucky7_input, shiritori_input};
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
    /// varied ([`strategy::dictionary`], [`strategy::game`]); the rest come from the problem's
    /// [`Family`]s, and remember which. Either kind shrinks: the large ones by bisecting their
    /// size.
    pub fn inputs(self, case: usize, cases: usize) -> BoxedStrategy<Generated> {
        let largest = self.size_limit(case, cases);
        let unsized_input = |input| Generated {
            input,
            origin: None,
        };
        if case < small_cases(cases) {
            return match self {
                Self::Shiritori => strategy::dictionary(largest)
                    .prop_map(move |words| unsized_input(Input::Shiritori(words)))
                    .boxed(),
                Self::Lucky7 => strategy::game(largest)
                    .prop_map(move |(digits, players)| {
                        unsized_input(Input::Lucky7 { digits, players })
                    })
                    .boxed(),
            };
        }
        // The seed of a large input picks its words or rounds; only its size is worth shrinking.
        let families = prop::sample::select(Family::of(self).to_vec());
        (families, 1..=largest, any::<u64>().no_shrink())
            .prop_map(|(family, size, seed)| Generated {
                input: family.input(size, seed),
                origin: Some(Origin { family, seed }),
            })
            .boxed()
    }
}

/// Where a large input comes from: its family and seed, which make it again at any size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Origin {
    pub family: Family,
    pub seed: u64,
}

impl Origin {
    /// The input of `size` words or rounds that this origin makes.
    pub fn input(self, size: usize) -> Input {
        self.family.input(size, self.seed)
    }
}

/// An input of a case, and its origin if it comes from a family.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    pub input: Input,
    pub origin: Option<Origin>,
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

    /// The most bytes a right answer to this input can take: `Takahashi\n` for each word, or
    /// once.
    pub fn longest_answer(&self) -> usize {
        const LONGEST_LINE: usize = "Takahashi\n".len();
        match self {
            Self::Shiritori(words) => LONGEST_LINE * words.len(),
            Self::Lucky7 { .. } => LONGEST_LINE,
        }
    }

    /// N: words or rounds.
    pub fn size(&self) -> usize {
        match self {
            Self::Shiritori(words) => words.len(),
            Self::Lucky7 { digits, .. } => digits.len(),
        }
    }

    /// The input without `count` of its words or rounds from number `start` (from 0), fewer if
    /// it has fewer from there; None if it has none from there, or if none would be left.
    pub fn without(&self, start: usize, count: usize) -> Option<Input> {
        let end = start.saturating_add(count).min(self.size());
        if start >= end || end - start == self.size() {
            return None;
        }
        let mut smaller = self.clone();
        match &mut smaller {
            Self::Shiritori(words) => drop(words.drain(start..end)),
            Self::Lucky7 { digits, players } => {
                digits.replace_range(start..end, "");
                players.replace_range(start..end, "");
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
        format!("{} {unit}{plural}", crate::format::with_commas(self.size()))
    }
}
