//! `atcoder-games explain`: the games of the input played out under optimal play.

use crate::streams::{read_stdin, write_stdout};
use atcoder_games_tool::error::Error;
use atcoder_games_tool::games;
use atcoder_games_tool::solved::{AnalysedDictionary, lucky7_game};

/// `explain shiritori I...`: for each of `explained` (words numbered from 1), the game that
/// Takahashi opens with it, played out under optimal play; a blank line between games.
pub fn shiritori(explained: &[usize]) -> Result<(), Error> {
    let dictionary = AnalysedDictionary::read(&read_stdin()?)?;
    let count = dictionary.words.len();
    if let Some(wrong) = explained.iter().find(|&&word| word == 0 || word > count) {
        let message = format!("there is no word {wrong}, as N is {count}");
        return Err(Error::Fatal(message));
    }
    write_stdout(|out| games::write_shiritori_games(out, &dictionary, explained))
}

/// `explain lucky7`: the winner, then the game played out under optimal play, a round per line.
pub fn lucky7() -> Result<(), Error> {
    let game = lucky7_game(&read_stdin()?)?;
    write_stdout(|out| games::write_lucky7_game(out, &game))
}
