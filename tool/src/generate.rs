//! Deterministic input generators, shared by the tests, the benchmarks and the large inputs of
//! `atcoder-games check`: the same kind, size and seed always give the same input.

/// SplitMix64: tiny, fast, and good enough to make test inputs.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Self(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform number in `0..bound` (by multiply-shift, whose bias is negligible here).
    pub fn below(&mut self, bound: usize) -> usize {
        ((u128::from(self.next_u64()) * bound as u128) >> 64) as usize
    }

    /// A uniform number in `low..=high`.
    pub fn between(&mut self, low: usize, high: usize) -> usize {
        low + self.below(high - low + 1)
    }

    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }
}

/// Every letter a Shiritori word may contain.
pub const LETTERS: &[u8; 52] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/// The alphabet of the dense dictionaries: four letters, two of them upper case.
pub const SMALL_ALPHABET: &[u8] = b"aBcD";

/// Number of three-letter blocks over [`LETTERS`].
pub const BLOCKS: usize = 52 * 52 * 52;

/// The kinds of Shiritori dictionaries that the benchmarks time and the tests check.
#[derive(Clone, Copy, Debug)]
pub enum ShiritoriKind {
    /// Words of 3 to 8 random letters, as in the judge's largest tests.
    Random,
    /// One path through every three-letter block in random order, walked again and again when
    /// there are more words than blocks: the longest propagation the analysis can face.
    Chain,
    /// Every word leads into one hub block that no word leaves.
    Star,
    /// Words of 3 to 8 letters over [`SMALL_ALPHABET`]: 64 blocks, dense, full of cycles and draws.
    SmallAlphabet,
    /// Words drawn from a pool of 1,000 random words, so almost every word is a repeat.
    Duplicates,
    /// Three random letters per word: every word is a self-loop.
    ThreeLetters,
}

impl ShiritoriKind {
    pub const ALL: [Self; 6] = [
        Self::Random,
        Self::Chain,
        Self::Star,
        Self::SmallAlphabet,
        Self::Duplicates,
        Self::ThreeLetters,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Self::Random => "random",
            Self::Chain => "chain",
            Self::Star => "star",
            Self::SmallAlphabet => "small alphabet",
            Self::Duplicates => "duplicates",
            Self::ThreeLetters => "3 letters",
        }
    }

    /// `count` words of this kind.
    pub fn words(self, count: usize, seed: u64) -> Vec<String> {
        let mut rng = Rng::new(seed);
        match self {
            Self::Random => (0..count)
                .map(|_| random_word(&mut rng, LETTERS, 3, 8))
                .collect(),
            Self::Chain => chain(&mut rng, count),
            Self::Star => (0..count)
                .map(|_| {
                    let tail = loop {
                        let tail = random_word(&mut rng, LETTERS, 3, 3);
                        if tail != STAR_HUB {
                            break tail;
                        }
                    };
                    tail + STAR_HUB
                })
                .collect(),
            Self::SmallAlphabet => (0..count)
                .map(|_| random_word(&mut rng, SMALL_ALPHABET, 3, 8))
                .collect(),
            Self::Duplicates => {
                let pool: Vec<String> = (0..1000)
                    .map(|_| random_word(&mut rng, LETTERS, 3, 8))
                    .collect();
                (0..count)
                    .map(|_| pool[rng.below(pool.len())].clone())
                    .collect()
            }
            Self::ThreeLetters => (0..count)
                .map(|_| random_word(&mut rng, LETTERS, 3, 3))
                .collect(),
        }
    }
}

/// The block every word of a [`ShiritoriKind::Star`] dictionary ends in.
pub const STAR_HUB: &str = "Hub";

/// A word of `min` to `max` letters drawn from `alphabet`.
pub fn random_word(rng: &mut Rng, alphabet: &[u8], min: usize, max: usize) -> String {
    let length = rng.between(min, max);
    (0..length)
        .map(|_| char::from(rng.pick(alphabet)))
        .collect()
}

/// The three letters that stand for block number `index` (any numbering will do for a test).
pub fn block(index: usize) -> String {
    [index / (52 * 52), index / 52 % 52, index % 52]
        .iter()
        .map(|&digit| char::from(LETTERS[digit]))
        .collect()
}

/// Every block number, in a random order.
pub fn shuffled_blocks(rng: &mut Rng) -> Vec<usize> {
    let mut blocks: Vec<usize> = (0..BLOCKS).collect();
    for i in (1..BLOCKS).rev() {
        blocks.swap(i, rng.below(i + 1));
    }
    blocks
}

/// `count` six-letter words that walk one path through all blocks in a random order; word `k`
/// links the `k % (BLOCKS - 1)`-th block of the path to the next one.
fn chain(rng: &mut Rng, count: usize) -> Vec<String> {
    let path = shuffled_blocks(rng);
    (0..count)
        .map(|k| {
            let step = k % (BLOCKS - 1);
            block(path[step]) + &block(path[step + 1])
        })
        .collect()
}

/// The Shiritori input for `words`: `N`, then a word per line.
pub fn shiritori_input<S: AsRef<str>>(words: &[S]) -> String {
    let mut input = format!("{}\n", words.len());
    for word in words {
        input.push_str(word.as_ref());
        input.push('\n');
    }
    input
}

/// The kinds of Lucky 7 Battle games that the benchmarks time and the tests check.
#[derive(Clone, Copy, Debug)]
pub enum Lucky7Kind {
    /// Random digits, random players.
    Random,
    /// Random digits, every round Aoki's.
    AllAoki,
    /// Random digits, every round Takahashi's.
    AllTakahashi,
    /// Only zeros, random players: the winning set never becomes empty or full, so the backward
    /// pass cannot stop early and runs through every round.
    Zeros,
}

impl Lucky7Kind {
    pub const ALL: [Self; 4] = [Self::Random, Self::AllAoki, Self::AllTakahashi, Self::Zeros];

    pub fn name(self) -> &'static str {
        match self {
            Self::Random => "random",
            Self::AllAoki => "all A",
            Self::AllTakahashi => "all T",
            Self::Zeros => "all 0",
        }
    }

    /// `S` and `X` of a game of `rounds` rounds of this kind.
    pub fn game(self, rounds: usize, seed: u64) -> (String, String) {
        let mut rng = Rng::new(seed);
        let digits = match self {
            Self::Zeros => "0".repeat(rounds),
            _ => random_word(&mut rng, b"0123456789", rounds, rounds),
        };
        let players = match self {
            Self::Random | Self::Zeros => random_word(&mut rng, b"AT", rounds, rounds),
            Self::AllAoki => "A".repeat(rounds),
            Self::AllTakahashi => "T".repeat(rounds),
        };
        (digits, players)
    }
}

/// The Lucky 7 Battle input: `N`, `S` and `X`, a line each.
pub fn lucky7_input(digits: &str, players: &str) -> String {
    format!("{}\n{digits}\n{players}\n", digits.len())
}
