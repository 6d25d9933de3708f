//! The input on stdin, or in a string, read by the solutions' own readers, once, for every
//! subcommand that needs more of it than the judge's answer.

use crate::lucky7::{self, PackedGame};
use crate::shiritori::plumbing::{InputError, TokenSource, error_exit};
use crate::shiritori::{self, Analysis, Dictionary, SpelledWord};
use std::io::{self, BufRead};
use std::process::ExitCode;

/// A Shiritori input as the solution reads it, with its words' spellings, and its analysis.
pub struct AnalysedDictionary {
    pub spelled: Vec<SpelledWord>,
    /// `to[k]`: the vertex word `k` leads to.
    pub to: Vec<u32>,
    pub analysis: Analysis,
}

impl AnalysedDictionary {
    /// Reads and analyses the dictionary in `input` with the solution's own reader; the error
    /// is the line the solution would print.
    pub fn read(input: impl BufRead) -> Result<Self, String> {
        let mut source = TokenSource::new(input);
        let read = shiritori::read_spelled_dictionary(&mut source);
        let Dictionary { to, moves, spelled } =
            read.map_err(|error: InputError| source.message(error))?;
        let analysis = shiritori::analyse(moves);
        Ok(Self {
            spelled,
            to,
            analysis,
        })
    }

    /// Reads and analyses the dictionary on stdin, or ends the run as the solution would.
    pub fn from_stdin() -> Result<Self, ExitCode> {
        Self::read(io::stdin().lock()).map_err(|message| error_exit(&message))
    }
}

/// The Lucky 7 game in `input`, read by the solution's own reader; the error is the line the
/// solution would print.
pub fn lucky7_game(input: impl BufRead) -> Result<PackedGame, String> {
    let mut source = lucky7::plumbing::TokenSource::new(input);
    lucky7::read_game(&mut source).map_err(|error| source.message(error))
}

/// The Lucky 7 game on stdin, or the end of the run as the solution would end it.
pub fn lucky7_game_from_stdin() -> Result<PackedGame, ExitCode> {
    lucky7_game(io::stdin().lock()).map_err(|message| error_exit(&message))
}
