//! `atcoder-games dot shiritori`: Shiritori's game graph in Graphviz's DOT language.

use crate::streams::{read_stdin, write_stdout};
use atcoder_games_tool::error::Error;
use atcoder_games_tool::graph::write_dot;
use atcoder_games_tool::solved::AnalysedDictionary;

/// `dot shiritori`: the graph of the dictionary on stdin.
pub fn shiritori() -> Result<(), Error> {
    let dictionary = AnalysedDictionary::read(&read_stdin()?)?;
    write_stdout(|out| write_dot(out, &dictionary))
}
