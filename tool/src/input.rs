//! The inputs of the problems `check` judges a program on: this crate's two, and a user's own,
//! whose inputs are text; and the two built-in problems' names and samples.

use crate::format::with_commas;

/// This crate's two problems, by the names of their binaries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Builtin {
    Shiritori,
    Lucky7,
}

/// Largest N of the judge's constraints, for both problems.
pub const JUDGE_MAX: usize = 200_000;

impl Builtin {
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

    /// The official samples, as the crate keeps them in `tests/samples/` (oj's layout).
    pub fn samples(self) -> Vec<Input> {
        let texts: &[&str] = match self {
            Self::Shiritori => &SHIRITORI_SAMPLES,
            Self::Lucky7 => &LUCKY7_SAMPLES,
        };
        let sample =
            |text: &&str| Input::parse(self, text).expect("an official sample is well formed");
        texts.iter().map(sample).collect()
    }
}

const SHIRITORI_SAMPLES: [&str; 3] = [
    include_str!("../../tests/samples/shiritori/sample-1.in"),
    include_str!("../../tests/samples/shiritori/sample-2.in"),
    include_str!("../../tests/samples/shiritori/sample-3.in"),
];

const LUCKY7_SAMPLES: [&str; 4] = [
    include_str!("../../tests/samples/lucky7/sample-1.in"),
    include_str!("../../tests/samples/lucky7/sample-2.in"),
    include_str!("../../tests/samples/lucky7/sample-3.in"),
    include_str!("../../tests/samples/lucky7/sample-4.in"),
];

/// An input of a problem.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Input {
    Shiritori(Vec<String>),
    Lucky7 {
        digits: String,
        players: String,
    },
    /// An input of a user's problem: its text, as their generator or a sample gave it, or as it
    /// was shrunk.
    Text(Text),
}

/// An input of a user's problem.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Text {
    pub text: String,
    /// The SIZE its generator was asked for; None for a sample, or once its text was shrunk.
    pub size: Option<usize>,
}

impl Text {
    /// How many lines the text has.
    pub fn lines(&self) -> usize {
        self.text.lines().count()
    }
}

impl Input {
    /// The input of `problem` in `text`, as the judge gives it, if it is one: N and as many words,
    /// or N, S and X of N characters each. The characters are not checked.
    pub fn parse(problem: Builtin, text: &str) -> Option<Self> {
        let mut tokens = text.split_ascii_whitespace();
        let count: usize = tokens.next()?.parse().ok()?;
        let input = match problem {
            Builtin::Shiritori => {
                let words: Vec<String> = tokens.by_ref().take(count).map(String::from).collect();
                Self::Shiritori(words)
            }
            Builtin::Lucky7 => {
                let (digits, players) = (tokens.next()?, tokens.next()?);
                Self::Lucky7 {
                    digits: digits.to_string(),
                    players: players.to_string(),
                }
            }
        };
        let complete = input.size() == count && input.parts_agree();
        (complete && tokens.next().is_none()).then_some(input)
    }

    /// Whether a Lucky 7 game has a player for each digit (a dictionary always agrees).
    fn parts_agree(&self) -> bool {
        match self {
            Self::Lucky7 { digits, players } => digits.len() == players.len(),
            _ => true,
        }
    }

    /// The input as the judge gives it.
    pub fn text(&self) -> String {
        match self {
            Self::Shiritori(words) => shiritori_input(words),
            Self::Lucky7 { digits, players } => lucky7_input(digits, players),
            Self::Text(text) => text.text.clone(),
        }
    }

    /// N: words or rounds; for a user's problem, the SIZE its generator was asked for, or else its
    /// number of lines.
    pub fn size(&self) -> usize {
        match self {
            Self::Shiritori(words) => words.len(),
            Self::Lucky7 { digits, .. } => digits.len(),
            Self::Text(text) => text.size.unwrap_or_else(|| text.lines()),
        }
    }

    /// The input without `count` of its words or rounds from number `start` (from 0), fewer if
    /// it has fewer from there; None if it has none from there, or if none would be left, or for
    /// a user's problem, whose text is shrunk its own way.
    pub fn without(&self, start: usize, count: usize) -> Option<Input> {
        if let Self::Text(_) = self {
            return None;
        }
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
            Self::Text(_) => return None,
        }
        Some(smaller)
    }

    /// The inputs one small change away from this one: a Lucky 7 game with one digit changed or one
    /// round's player swapped; a dictionary without one of its words, or with one listed twice;
    /// none of a user's problem's.
    pub fn neighbours(&self) -> Vec<Input> {
        let mut near = Vec::new();
        match self {
            Self::Shiritori(words) => {
                for k in 0..words.len() {
                    let mut twice = words.clone();
                    twice.insert(k, words[k].clone());
                    near.push(Self::Shiritori(twice));
                    if words.len() > 1 {
                        let mut without = words.clone();
                        without.remove(k);
                        near.push(Self::Shiritori(without));
                    }
                }
            }
            Self::Lucky7 { digits, players } => {
                for k in 0..digits.len() {
                    let swapped = match players.as_bytes()[k] {
                        b'T' => "A",
                        _ => "T",
                    };
                    let mut other = players.clone();
                    other.replace_range(k..=k, swapped);
                    let digits = digits.clone();
                    near.push(Self::Lucky7 {
                        digits,
                        players: other,
                    });
                }
                for k in 0..digits.len() {
                    for digit in ('0'..='9').filter(|&digit| digits.as_bytes()[k] != digit as u8) {
                        let mut other = digits.clone();
                        other.replace_range(k..=k, &digit.to_string());
                        let players = players.clone();
                        near.push(Self::Lucky7 {
                            digits: other,
                            players,
                        });
                    }
                }
            }
            Self::Text(_) => {}
        }
        near
    }

    /// N with its unit: `3 words`, `1 round`; for a user's problem `size 12`, or `5 lines` for
    /// one that no generator made at a size.
    pub fn describe_size(&self) -> String {
        let unit = match self {
            Self::Shiritori(_) => "word",
            Self::Lucky7 { .. } => "round",
            Self::Text(Text {
                size: Some(size), ..
            }) => return format!("size {}", with_commas(*size)),
            Self::Text(_) => "line",
        };
        let plural = if self.size() == 1 { "" } else { "s" };
        format!("{} {unit}{plural}", with_commas(self.size()))
    }
}

/// The Shiritori input for `words`: `N`, then a word per line.
pub fn shiritori_input<S: AsRef<str>>(words: &[S]) -> String {
    // Its whole length reserved: grown as it is written, the text of 200,000 words would be
    // copied at each doubling of its room.
    let count = words.len().to_string();
    let letters: usize = words.iter().map(|word| word.as_ref().len()).sum();
    let mut input = String::with_capacity(count.len() + 1 + letters + words.len());
    input.push_str(&count);
    input.push('\n');
    for word in words {
        input.push_str(word.as_ref());
        input.push('\n');
    }
    input
}

/// The Lucky 7 Battle input: `N`, `S` and `X`, a line each.
pub fn lucky7_input(digits: &str, players: &str) -> String {
    format!("{}\n{digits}\n{players}\n", digits.len())
}
