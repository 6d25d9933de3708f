//! The input on stdin, or in a string, read by the solutions' own readers, once, for every
//! subcommand that needs more of it than the judge's answer; and what the tool adds to what the
//! judge needs, each word's spelling.

use crate::lucky7::{self, PackedGame};
use crate::shiritori::plumbing::{TokenSource, error_exit};
use crate::shiritori::{self, Analysis, Dictionary};
use proconio::source::Source;
use std::io::{self, Read};
use std::process::ExitCode;

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
    /// is the line the solution would print.
    pub fn read(input: &[u8]) -> Result<Self, String> {
        let mut source = TokenSource::new(input);
        let Dictionary { to, moves } =
            shiritori::read_dictionary(&mut source).map_err(|error| source.message(error))?;
        Ok(Self {
            words: spelled_words(input, to.len()),
            to,
            analysis: shiritori::analyse(moves),
        })
    }

    /// Reads and analyses the dictionary on stdin, or ends the run as the solution would.
    pub fn from_stdin() -> Result<Self, ExitCode> {
        Self::read(&stdin()?).map_err(|message| error_exit(&message))
    }
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

/// All of stdin, or the end of the run with the solutions' message.
fn stdin() -> Result<Vec<u8>, ExitCode> {
    let mut input = Vec::new();
    match io::stdin().lock().read_to_end(&mut input) {
        Ok(_) => Ok(input),
        Err(error) => Err(error_exit(&format!("cannot read the input: {error}"))),
    }
}

/// The Lucky 7 game in `input`, read by the solution's own reader; the error is the line the
/// solution would print.
pub fn lucky7_game(input: &[u8]) -> Result<PackedGame, String> {
    let mut source = lucky7::plumbing::TokenSource::new(input);
    lucky7::read_game(&mut source).map_err(|error| source.message(error))
}

/// The Lucky 7 game on stdin, or the end of the run as the solution would end it.
pub fn lucky7_game_from_stdin() -> Result<PackedGame, ExitCode> {
    lucky7_game(&stdin()?).map_err(|message| error_exit(&message))
}
