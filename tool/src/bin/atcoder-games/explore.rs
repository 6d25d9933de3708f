//! `atcoder-games explore`: the game on stdin as one self-contained web page, on stdout.

use crate::streams::{read_stdin, write_stdout};
use atcoder_games_tool::error::Error;
use atcoder_games_tool::page::{lucky7_page, shiritori_page};
use atcoder_games_tool::solved::{AnalysedDictionary, lucky7_game};

/// `explore shiritori`: the page of the dictionary on stdin.
pub fn shiritori() -> Result<(), Error> {
    let dictionary = AnalysedDictionary::read(&read_stdin()?)?;
    let page = shiritori_page(&dictionary, None)?;
    write_stdout(|out| out.write_all(page.as_bytes()))
}

/// `explore lucky7`: the page of the game on stdin.
pub fn lucky7() -> Result<(), Error> {
    let game = lucky7_game(&read_stdin()?)?;
    let page = lucky7_page(&game, None)?;
    write_stdout(|out| out.write_all(page.as_bytes()))
}
