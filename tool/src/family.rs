//! The worst-case families of inputs that `atcoder-games check` runs at the judge's largest N
//! after its random cases, each aimed at a way a solution can be too slow or too large. Each
//! makes an input of any size, so that a failure can be followed down to its smallest size.

use crate::generate::{
    BLOCKS, LETTERS, Lucky7Kind, Rng, ShiritoriKind, block, random_word, shuffled_blocks,
};
use crate::problem::{Input, Problem};

/// A family of inputs, of one of the problems.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
    // Lucky 7 Battle.
    RandomGame,
    AllZeros,
    ZerosAndSevens,
    TakahashiAlone,
    AokiAlone,
    Alternating,
}

impl Family {
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

    pub const LUCKY7: [Self; 6] = [
        Self::RandomGame,
        Self::AllZeros,
        Self::ZerosAndSevens,
        Self::TakahashiAlone,
        Self::AokiAlone,
        Self::Alternating,
    ];

    /// The families of `problem`.
    pub fn of(problem: Problem) -> &'static [Self] {
        match problem {
            Problem::Shiritori => &Self::SHIRITORI,
            Problem::Lucky7 => &Self::LUCKY7,
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
    pub fn problem(self) -> Problem {
        match Self::SHIRITORI.contains(&self) {
            true => Problem::Shiritori,
            false => Problem::Lucky7,
        }
    }

    /// The family's input of `size` words or rounds (at least 1), made from `seed`.
    pub fn input(self, size: usize, seed: u64) -> Input {
        let size = size.max(1);
        let mut rng = Rng::new(seed);
        let words = |kind: ShiritoriKind| Input::Shiritori(kind.words(size, seed));
        let game = |kind: Lucky7Kind| {
            let (digits, players) = kind.game(size, seed);
            Input::Lucky7 { digits, players }
        };
        match self {
            Self::RandomWords => words(ShiritoriKind::Random),
            Self::LongestWords => Input::Shiritori(
                (0..size)
                    .map(|_| random_word(&mut rng, LETTERS, 8, 8))
                    .collect(),
            ),
            Self::ManyMovesOneEscape => {
                // aaa's moves: into bbb, won (bbbccc leads to the dead end ccc), and one into
                // ddd, a draw (dddddd loops).
                let mut words = vec!["bbbccc".to_string(), "aaaddd".to_string(), "dddddd".into()];
                words.truncate(size);
                let into_won = (words.len()..size).map(|_| between(&mut rng, "aaa", "bbb"));
                words.splice(0..0, into_won);
                Input::Shiritori(words)
            }
            Self::TwoBlocks => Input::Shiritori(
                (0..size)
                    .map(|k| match k < size / 2 {
                        true => between(&mut rng, "aaa", "bbb"),
                        false => between(&mut rng, "bbb", "ccc"),
                    })
                    .collect(),
            ),
            Self::IntoOneBlock => words(ShiritoriKind::Star),
            Self::Chain => words(ShiritoriKind::Chain),
            Self::LongCycleOneExit => {
                let order = shuffled_blocks(&mut rng);
                let (dead_end, cycle) = (order[0], &order[1..]);
                let length = (size - 1).clamp(1, BLOCKS - 1);
                let link = |k: usize| block(cycle[k % length]) + &block(cycle[(k + 1) % length]);
                let mut words: Vec<String> = (0..size - 1).map(link).collect();
                words.push(block(cycle[0]) + &block(dead_end));
                Input::Shiritori(words)
            }
            Self::SelfLoops => words(ShiritoriKind::ThreeLetters),
            Self::OneWord => Input::Shiritori(vec!["abcdef".to_string(); size]),
            Self::SmallAlphabet => words(ShiritoriKind::SmallAlphabet),
            Self::RandomGame => game(Lucky7Kind::Random),
            Self::AllZeros => game(Lucky7Kind::Zeros),
            Self::ZerosAndSevens => Input::Lucky7 {
                digits: random_word(&mut rng, b"07", size, size),
                players: random_word(&mut rng, b"AT", size, size),
            },
            Self::TakahashiAlone => game(Lucky7Kind::AllTakahashi),
            Self::AokiAlone => game(Lucky7Kind::AllAoki),
            Self::Alternating => Input::Lucky7 {
                digits: random_word(&mut rng, b"0123456789", size, size),
                players: "AT".repeat(size.div_ceil(2))[..size].to_string(),
            },
        }
    }
}

/// A word from block `from` to block `to`, with up to two random letters between them.
fn between(rng: &mut Rng, from: &str, to: &str) -> String {
    format!("{from}{}{to}", random_word(rng, LETTERS, 0, 2))
}
