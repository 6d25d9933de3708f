//! The inputs of the built-in problems as this crate's solutions read and analyse them, with
//! their own readers, for everything the tool does with a game beyond the judge's answer; and
//! what the tool adds to what the judge needs, each word's spelling.

use crate::error::Error;
use crate::input::Input;
use crate::lucky7::{self, PackedGame};
use crate::shiritori::plumbing::{InputError, TokenSource};
use crate::shiritori::{self, Analysis, Dictionary};
use proconio::source::Source;

/// A Shiritori input as the solution reads it, with its words' spellings, and its analysis.
pub struct AnalysedDictionary {
    /// The words, in input order.
    pub words: Vec<SpelledWord>,
    /// `to[k]`: the vertex word `k` leads to.
    pub to: Vec<u32>,
    pub analysis: Analysis,
}

/// A word as the input spells it, and the vertex of its first three letters, which it leaves.
pub struct SpelledWord {
    pub spelling: String,
    pub from: u32,
}

impl AnalysedDictionary {
    /// Reads and analyses the dictionary in `input` with the solution's own reader; the error
    /// says what the solution would print.
    pub fn read(input: &[u8]) -> Result<Self, Error> {
        let mut source = TokenSource::new(input);
        let Dictionary { to, moves } = shiritori::read_dictionary(&mut source)
            .map_err(|error| Error::Fatal(source.message(error)))?;
        Ok(Self {
            words: spelled_words(input, to.len()),
            to,
            analysis: shiritori::analyse(moves),
        })
    }
}

/// The dictionary of `input` as the solution files it. A dictionary's words are added one by one
/// ([`Dictionary::add`]), as its reader adds them, with no text to write and read back: the
/// tool answers every input it makes, and that took a tenth longer through the text. The error
/// says what the solution would print (only [`InputError::Invalid`] for a word).
pub fn dictionary(input: &Input) -> Result<Dictionary, Error> {
    let Input::Shiritori(words) = input else {
        let text = input.text();
        let mut source = TokenSource::new(text.as_bytes());
        return shiritori::read_dictionary(&mut source)
            .map_err(|error| Error::Fatal(source.message(error)));
    };
    let mut dictionary = Dictionary::with_capacity(words.len());
    for (index, word) in (1..).zip(words.iter()) {
        dictionary.add(word, index).map_err(|error| {
            Error::Fatal(match error {
                InputError::Invalid(message) => message,
                InputError::Missing { what } => format!("the input ends before {what}"),
            })
        })?;
    }
    Ok(dictionary)
}

/// The `count` words of `input`, which the solution has read without an error, as spelled: the
/// tokens after N, each with the vertex it leaves by the solution's own [`shiritori::word_ends`].
fn spelled_words(input: &[u8], count: usize) -> Vec<SpelledWord> {
    let mut source = TokenSource::new(input);
    source.next_token();
    let mut words = Vec::with_capacity(count);
    for _ in 0..count {
        let spelling = source.next_token().expect("a word the solution read");
        let (from, _) = shiritori::word_ends(spelling).expect("a word the solution accepted");
        let spelling = spelling.to_string();
        words.push(SpelledWord { spelling, from });
    }
    words
}

/// The Lucky 7 game in `input`, read by the solution's own reader; the error says what the
/// solution would print.
pub fn lucky7_game(input: &[u8]) -> Result<PackedGame, Error> {
    let mut source = lucky7::plumbing::TokenSource::new(input);
    lucky7::read_game(&mut source).map_err(|error| Error::Fatal(source.message(error)))
}
