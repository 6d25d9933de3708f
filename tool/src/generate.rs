//! The pieces that the families of inputs (`family.rs`) are made of, deterministic: the
//! same size and seed always give the same input.

use crate::input::Words;

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
pub const ALPHABET: &[u8; 52] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/// The alphabet of the dense dictionaries: four letters, two of them upper case.
pub const SMALL_ALPHABET: &[u8] = b"aBcD";

/// Number of three-letter blocks over [`ALPHABET`].
pub const BLOCK_COUNT: usize = 52 * 52 * 52;

/// The block every word of the family "into one block" ends in.
pub const STAR_HUB: &str = "Hub";

/// A word of `min` to `max` letters drawn from `alphabet`, of ASCII letters.
pub fn random_word(rng: &mut Rng, alphabet: &[u8], min: usize, max: usize) -> String {
    let mut word = String::new();
    push_random_letters(&mut word, rng, alphabet, min, max);
    word
}

/// Adds `min` to `max` letters drawn from `alphabet`, of ASCII letters, to `word`.
pub fn push_random_letters(
    word: &mut String,
    rng: &mut Rng,
    alphabet: &[u8],
    min: usize,
    max: usize,
) {
    let mut digits = Digits::new(rng);
    let length = min + digits.below(max - min + 1);
    word.reserve(length);
    word.extend((0..length).map(|_| char::from(alphabet[digits.below(alphabet.len())])));
}

/// Numbers below small bounds, several from each of `rng`'s draws: a draw read as a fraction in
/// [0, 1), each number is its next digit in the number's base, by multiplication (as
/// [`Rng::below`] draws one). A check makes millions of letters: with a draw for each, making its
/// inputs took an eighth longer.
struct Digits<'a> {
    rng: &'a mut Rng,
    /// What is left of the draw: the fraction after the digits read.
    fraction: u64,
    /// The product of the bases of the digits read from the draw: its bits that they used up.
    used: u64,
}

/// A draw is read while its digits' bases multiply to at most this (2⁴⁰), so that every digit
/// has 24 unread bits behind it: the bias of a digit in base 52 is under 52 in 16 million.
const DIGITS_RANGE: u64 = 1 << 40;

impl<'a> Digits<'a> {
    fn new(rng: &'a mut Rng) -> Self {
        Self {
            rng,
            fraction: 0,
            used: DIGITS_RANGE,
        }
    }

    /// A uniform number in `0..bound`, which is at least 1 and at most 2⁴⁰.
    fn below(&mut self, bound: usize) -> usize {
        let bound = bound as u64;
        if self.used > DIGITS_RANGE / bound {
            self.fraction = self.rng.next_u64();
            self.used = 1;
        }
        self.used *= bound;
        let wide = u128::from(self.fraction) * u128::from(bound);
        self.fraction = wide as u64;
        (wide >> 64) as usize
    }
}

/// The letters of the blocks numbered `indices`, one after another, each block's three (any
/// numbering will do for a test): a word from the first block to the second, say.
pub fn blocks_spelling(indices: &[usize]) -> String {
    let mut word = String::with_capacity(3 * indices.len());
    push_blocks_spelling(&mut word, indices);
    word
}

/// Appends [`blocks_spelling`] of `indices` to `word`.
pub fn push_blocks_spelling(word: &mut String, indices: &[usize]) {
    for &index in indices {
        let digits = [index / (52 * 52), index / 52 % 52, index % 52];
        word.extend(digits.map(|digit| char::from(ALPHABET[digit])));
    }
}

/// Every block number, in a random order.
pub fn shuffled_blocks(rng: &mut Rng) -> Vec<usize> {
    let mut blocks: Vec<usize> = (0..BLOCK_COUNT).collect();
    for i in (1..BLOCK_COUNT).rev() {
        blocks.swap(i, rng.below(i + 1));
    }
    blocks
}

/// `count` six-letter words that walk one path through all blocks in a random order; word `k`
/// links the `k % (BLOCK_COUNT - 1)`-th block of the path to the next one.
pub fn chain(rng: &mut Rng, count: usize) -> Words {
    let path = shuffled_blocks(rng);
    let mut words = Words::with_capacity(count, 6 * count);
    for k in 0..count {
        let step = k % (BLOCK_COUNT - 1);
        words.push_with(|lines| push_blocks_spelling(lines, &[path[step], path[step + 1]]));
    }
    words
}
