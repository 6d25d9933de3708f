//! The catalogue of named shapes of input, one for the tool, the tests and the benchmarks: each
//! makes an input of any size from a seed. `atcoder-games check` runs the worst-case families
//! ([`Family::of`]) at the judge's largest N after its random cases, each aimed at a way a
//! solution can be too slow or too large, and follows a failure down to its smallest size.

use crate::generate::{
    ALPHABET, BLOCK_COUNT, Rng, SMALL_ALPHABET, STAR_HUB, chain, push_blocks_spelling,
    push_random_letters, random_word, shuffled_blocks,
};
use crate::input::{Builtin, Input, Words};

/// A family of inputs, of one of the problems.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    // Shiritori.
    RandomWords,
    LongestWords,
    ManyMovesOneEscape,
    TwoBlocks,
    IntoOneBlock,
    Chain,
    LongCycleOneExit,
    SelfLoops,
    OneWord,
    SmallAlphabet,
    Duplicates,
    // Lucky 7 Battle.
    RandomGame,
    AllZeros,
    ZerosAndSevens,
    TakahashiAlone,
    AokiAlone,
    Alternating,
}

impl Family {
    /// Shiritori's worst cases, which `check` runs.
    pub const SHIRITORI: [Self; 10] = [
        Self::RandomWords,
        Self::LongestWords,
        Self::ManyMovesOneEscape,
        Self::TwoBlocks,
        Self::IntoOneBlock,
        Self::Chain,
        Self::LongCycleOneExit,
        Self::SelfLoops,
        Self::OneWord,
        Self::SmallAlphabet,
    ];

    /// Lucky 7's worst cases, which `check` runs.
    pub const LUCKY7: [Self; 6] = [
        Self::RandomGame,
        Self::AllZeros,
        Self::ZerosAndSevens,
        Self::TakahashiAlone,
        Self::AokiAlone,
        Self::Alternating,
    ];

    /// The worst-case families of `problem`, which `check` runs.
    pub fn of(problem: Builtin) -> &'static [Self] {
        match problem {
            Builtin::Shiritori => &Self::SHIRITORI,
            Builtin::Lucky7 => &Self::LUCKY7,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Self::RandomWords => "random words",
            Self::LongestWords => "longest words",
            Self::ManyMovesOneEscape => "many moves, one escape",
            Self::TwoBlocks => "two blocks",
            Self::IntoOneBlock => "into one block",
            Self::Chain => "chain",
            Self::LongCycleOneExit => "long cycle, one exit",
            Self::SelfLoops => "self-loops",
            Self::OneWord => "one word",
            Self::SmallAlphabet => "small alphabet",
            Self::Duplicates => "duplicates",
            Self::RandomGame => "random game",
            Self::AllZeros => "all zeros",
            Self::ZerosAndSevens => "zeros and sevens",
            Self::TakahashiAlone => "Takahashi alone",
            Self::AokiAlone => "Aoki alone",
            Self::Alternating => "alternating",
        }
    }

    /// What the family stresses, in one sentence.
    pub fn description(self) -> &'static str {
        match self {
            Self::RandomWords => {
                "Random words of 3 to 8 letters, as in the judge's largest tests: a graph with about 14 moves a block."
            }
            Self::LongestWords => {
                "Random words of 8 letters, the longest the judge allows: the most bytes to read."
            }
            Self::ManyMovesOneEscape => {
                "One block with all its moves but one into a won block and one into a draw: a solution that looks at all of a block's moves again whenever one of them is decided takes N² steps."
            }
            Self::TwoBlocks => {
                "Half the words from one block to a second, half from the second to a third: a solution that makes the words the vertices links every word of the first half to every word of the second, N² edges."
            }
            Self::IntoOneBlock => {
                "Every word into one block that no word leaves: one vertex with N moves into it."
            }
            Self::Chain => {
                "A path through every block in random order, walked again and again: the longest propagation, and the deepest recursion (140,607 words)."
            }
            Self::LongCycleOneExit => {
                "A cycle through every block but one, with one exit into a dead end: decisions travel around the whole cycle."
            }
            Self::SelfLoops => {
                "Words of three letters only: every word a self-loop, every game a draw."
            }
            Self::OneWord => {
                "One word, listed N times: duplicates count as often as they are listed."
            }
            Self::SmallAlphabet => {
                "Words over four letters, two of them upper case: 64 blocks, dense, full of cycles and draws."
            }
            Self::Duplicates => {
                "Words drawn from a pool of 1,000 random words: almost every word is listed many times."
            }
            Self::RandomGame => "Random digits and players.",
            Self::AllZeros => {
                "Only the digit 0: the winning set never becomes empty or full, so the backward pass runs through every round."
            }
            Self::ZerosAndSevens => {
                "Only 0 and 7, which leave nobody a choice: as long a backward pass, with both digits."
            }
            Self::TakahashiAlone => "Random digits, every round Takahashi's.",
            Self::AokiAlone => "Random digits, every round Aoki's.",
            Self::Alternating => "Random digits, the players taking turns, Aoki first.",
        }
    }

    /// The problem the family's inputs are of.
    pub fn problem(self) -> Builtin {
        match Self::LUCKY7.contains(&self) {
            true => Builtin::Lucky7,
            false => Builtin::Shiritori,
        }
    }

    /// The words of the family's dictionary of `size` words, from `seed`; None for a Lucky 7
    /// family.
    pub fn words(self, size: usize, seed: u64) -> Option<Vec<String>> {
        match self.input(size, seed) {
            Input::Shiritori(words) => Some(words.to_vec()),
            _ => None,
        }
    }

    /// S and X of the family's game of `size` rounds, from `seed`; None for a Shiritori family.
    pub fn game(self, size: usize, seed: u64) -> Option<(String, String)> {
        match self.input(size, seed) {
            Input::Lucky7 { digits, players } => Some((digits, players)),
            _ => None,
        }
    }

    /// The family's input of `size` words or rounds (at least 1), made from `seed`. (One arm a
    /// family, each a few lines: the families side by side read best as one match.)
    pub fn input(self, size: usize, seed: u64) -> Input {
        let size = size.max(1);
        let mut rng = Rng::new(seed);
        let random_words = |rng: &mut Rng, alphabet: &[u8], min: usize, max: usize| {
            dictionary(size, max, |_, lines| {
                push_random_letters(lines, rng, alphabet, min, max)
            })
        };
        let digits = |rng: &mut Rng| random_word(rng, b"0123456789", size, size);
        match self {
            Self::RandomWords => random_words(&mut rng, ALPHABET, 3, 8),
            Self::LongestWords => random_words(&mut rng, ALPHABET, 8, 8),
            Self::ManyMovesOneEscape => {
                // aaa's moves: into bbb, won (bbbccc leads to the dead end ccc), and one into
                // ddd, a draw (dddddd loops).
                let last = &["bbbccc", "aaaddd", "dddddd"][..size.min(3)];
                let into_won = size - last.len();
                dictionary(size, 8, |k, lines| match k.checked_sub(into_won) {
                    Some(k) => lines.push_str(last[k]),
                    None => push_word_between(lines, &mut rng, "aaa", "bbb"),
                })
            }
            Self::TwoBlocks => dictionary(size, 8, |k, lines| match k < size / 2 {
                true => push_word_between(lines, &mut rng, "aaa", "bbb"),
                false => push_word_between(lines, &mut rng, "bbb", "ccc"),
            }),
            Self::IntoOneBlock => {
                let mut tail = String::new();
                dictionary(size, 6, |_, lines| {
                    loop {
                        tail.clear();
                        push_random_letters(&mut tail, &mut rng, ALPHABET, 3, 3);
                        if tail != STAR_HUB {
                            break;
                        }
                    }
                    lines.push_str(&tail);
                    lines.push_str(STAR_HUB);
                })
            }
            Self::Chain => Input::Shiritori(chain(&mut rng, size)),
            Self::LongCycleOneExit => {
                let order = shuffled_blocks(&mut rng);
                let (dead_end, cycle) = (order[0], &order[1..]);
                let length = (size - 1).clamp(1, BLOCK_COUNT - 1);
                dictionary(size, 6, |k, lines| match k + 1 < size {
                    true => {
                        push_blocks_spelling(lines, &[cycle[k % length], cycle[(k + 1) % length]])
                    }
                    false => push_blocks_spelling(lines, &[cycle[0], dead_end]),
                })
            }
            Self::SelfLoops => random_words(&mut rng, ALPHABET, 3, 3),
            Self::OneWord => dictionary(size, 6, |_, lines| lines.push_str("abcdef")),
            Self::SmallAlphabet => random_words(&mut rng, SMALL_ALPHABET, 3, 8),
            Self::Duplicates => {
                let pool: Vec<String> = (0..1000)
                    .map(|_| random_word(&mut rng, ALPHABET, 3, 8))
                    .collect();
                dictionary(size, 8, |_, lines| {
                    lines.push_str(&pool[rng.below(pool.len())])
                })
            }
            Self::RandomGame => Input::Lucky7 {
                digits: digits(&mut rng),
                players: random_word(&mut rng, b"AT", size, size),
            },
            Self::AllZeros => Input::Lucky7 {
                digits: "0".repeat(size),
                players: random_word(&mut rng, b"AT", size, size),
            },
            Self::ZerosAndSevens => Input::Lucky7 {
                digits: random_word(&mut rng, b"07", size, size),
                players: random_word(&mut rng, b"AT", size, size),
            },
            Self::TakahashiAlone => Input::Lucky7 {
                digits: digits(&mut rng),
                players: "T".repeat(size),
            },
            Self::AokiAlone => Input::Lucky7 {
                digits: digits(&mut rng),
                players: "A".repeat(size),
            },
            Self::Alternating => Input::Lucky7 {
                digits: digits(&mut rng),
                players: "AT".repeat(size.div_ceil(2))[..size].to_string(),
            },
        }
    }
}

/// The dictionary of `size` words, word `k` (from 0) appended by `write(k, lines)` to the
/// dictionary's lines so far ([`Words::push_with`]); `letters` is about the most a word has.
fn dictionary(size: usize, letters: usize, mut write: impl FnMut(usize, &mut String)) -> Input {
    let mut words = Words::with_capacity(size, size * letters);
    for k in 0..size {
        words.push_with(|word| write(k, word));
    }
    Input::Shiritori(words)
}

/// Appends a word from block `from` to block `to`, with up to two random letters between them.
fn push_word_between(lines: &mut String, rng: &mut Rng, from: &str, to: &str) {
    lines.push_str(from);
    push_random_letters(lines, rng, ALPHABET, 0, 2);
    lines.push_str(to);
}

/// Where an input of any size comes from: a family and a seed, which make it again at any size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Origin {
    /// The family of the catalogue; None for a user's problem, whose generator makes its inputs.
    pub family: Option<Family>,
    pub seed: u64,
}
