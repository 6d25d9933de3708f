//! The inputs of the problems `check` judges a program on: this crate's two, and a user's own,
//! whose inputs are text; and the two built-in problems' names and samples.

use crate::format::with_commas;

/// This crate's two problems, by the names of their binaries, as the command line names them
/// too: by their binaries, or by their AtCoder tasks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Builtin {
    #[value(alias = "abc209_e")]
    Shiritori,
    #[value(alias = "abc195_e")]
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
    Shiritori(Words),
    Lucky7 {
        digits: String,
        players: String,
    },
    /// An input of a user's problem: its text, as their generator or a sample gave it, or as it
    /// was shrunk.
    Text(Text),
}

/// A Shiritori dictionary's words, in input order, kept as the judge's input lists them: each
/// on a line of its own, all in one string. A check makes, answers and frees inputs of 200,000
/// words by the dozen; with a `String` for each word, making, writing out and freeing them took
/// longer than answering them (167 ms for the ten families, now 45 ms; the answers 100 ms).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Words {
    /// Each word followed by a newline.
    lines: String,
    /// Where each word starts in `lines`.
    starts: Vec<usize>,
}

impl Words {
    /// No words yet, with room for `words` words of `letters` letters in all.
    pub fn with_capacity(words: usize, letters: usize) -> Self {
        Self {
            lines: String::with_capacity(letters + words),
            starts: Vec::with_capacity(words),
        }
    }

    /// Adds the word that `write` appends to the dictionary's lines so far, which it is given and
    /// must not otherwise change: a word made where it is kept.
    pub fn push_with(&mut self, write: impl FnOnce(&mut String)) {
        self.starts.push(self.lines.len());
        write(&mut self.lines);
        self.lines.push('\n');
    }

    pub fn push(&mut self, word: &str) {
        self.push_with(|lines| lines.push_str(word));
    }

    pub fn len(&self) -> usize {
        self.starts.len()
    }

    pub fn is_empty(&self) -> bool {
        self.starts.is_empty()
    }

    /// Word `k` (from 0), if there is one.
    pub fn get(&self, k: usize) -> Option<&str> {
        let start = *self.starts.get(k)?;
        let end = self
            .starts
            .get(k + 1)
            .map_or(self.lines.len(), |&next| next)
            - 1;
        Some(&self.lines[start..end])
    }

    pub fn iter(&self) -> impl ExactSizeIterator<Item = &str> + Clone {
        (0..self.len()).map(|k| &self[k])
    }

    /// Every word followed by a newline, as the input lists them after N.
    pub fn lines(&self) -> &str {
        &self.lines
    }

    /// The Shiritori input of these words: `N`, then a word per line.
    pub fn text(&self) -> String {
        // Its whole length reserved: grown as it is written, the text of 200,000 words would be
        // copied at each doubling of its room.
        let count = self.len().to_string();
        let mut text = String::with_capacity(count.len() + 1 + self.lines.len());
        text.push_str(&count);
        text.push('\n');
        text.push_str(&self.lines);
        text
    }

    /// Each word as a `String` of its own.
    pub fn to_vec(&self) -> Vec<String> {
        self.iter().map(String::from).collect()
    }
}

impl std::ops::Index<usize> for Words {
    type Output = str;

    fn index(&self, k: usize) -> &str {
        let count = self.len();
        self.get(k)
            .unwrap_or_else(|| panic!("word {k} of a dictionary of {count}"))
    }
}

impl<S: AsRef<str>> FromIterator<S> for Words {
    fn from_iter<I: IntoIterator<Item = S>>(words: I) -> Self {
        let mut all = Self::default();
        for word in words {
            all.push(word.as_ref());
        }
        all
    }
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
            Builtin::Shiritori => Self::Shiritori(tokens.by_ref().take(count).collect()),
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
            Self::Shiritori(words) => words.text(),
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
            Self::Shiritori(words) => {
                let kept = |&(k, _): &(usize, &str)| !(start..end).contains(&k);
                let left = words.iter().enumerate().filter(kept).map(|(_, word)| word);
                *words = left.collect();
            }
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
                    let (before, after) = (words.iter().take(k), words.iter().skip(k));
                    let twice = before.clone().chain([&words[k]]).chain(after);
                    near.push(Self::Shiritori(twice.collect()));
                    if words.len() > 1 {
                        let without = before.chain(words.iter().skip(k + 1));
                        near.push(Self::Shiritori(without.collect()));
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
    words.iter().collect::<Words>().text()
}

/// The Lucky 7 Battle input: `N`, `S` and `X`, a line each.
pub fn lucky7_input(digits: &str, players: &str) -> String {
    format!("{}\n{digits}\n{players}\n", digits.len())
}
