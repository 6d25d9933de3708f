//! The games of an input played out under optimal play, from the solutions' own analysis, as
//! `explain` prints them and `check` shows them; and the one order of a Shiritori position's
//! moves, best first, by which the games, the explore page and its solver play.

use crate::lucky7::{self, PackedGame, RESIDUES};
use crate::shiritori::{BLOCK_LETTERS, Outcome};
use crate::solved::AnalysedDictionary;
use std::collections::HashMap;
use std::io::{self, Write};

/// Writes the games that Takahashi opens with the words `explained` (numbered from 1, each at
/// most N), a blank line between games.
pub fn write_shiritori_games(
    out: &mut dyn Write,
    dictionary: &AnalysedDictionary,
    explained: &[usize],
) -> io::Result<()> {
    let playout = Playout::new(dictionary);
    for (k, &word) in explained.iter().enumerate() {
        if k > 0 {
            writeln!(out)?;
        }
        playout.explain(out, word - 1)?;
    }
    Ok(())
}

/// The name of the player who says the `said`-th word of a game (from 1): Takahashi opens.
fn player(said: usize) -> &'static str {
    if said % 2 == 1 { "Takahashi" } else { "Aoki" }
}

/// Everything needed to play Shiritori games out: the words, each vertex's outcome and depth,
/// and the moves from each vertex.
struct Playout<'a> {
    dictionary: &'a AnalysedDictionary,
    depth: Vec<u32>,
    /// The words (numbered from 0) in order of the vertex they leave, and in input order among
    /// the words that leave one vertex: a stable sort.
    by_origin: Vec<u32>,
}

impl<'a> Playout<'a> {
    fn new(dictionary: &'a AnalysedDictionary) -> Self {
        let mut by_origin: Vec<u32> = (0..dictionary.words.len() as u32).collect();
        by_origin.sort_by_key(|&word| dictionary.words[word as usize].from);
        Self {
            dictionary,
            depth: dictionary.analysis.depths(),
            by_origin,
        }
    }

    /// The words that leave vertex `v`, in input order.
    fn moves(&self, v: u32) -> &[u32] {
        let from = |word: &u32| self.dictionary.words[*word as usize].from;
        let start = self.by_origin.partition_point(|word| from(word) < v);
        let end = self.by_origin.partition_point(|word| from(word) <= v);
        &self.by_origin[start..end]
    }

    fn outcome(&self, v: u32) -> Outcome {
        self.dictionary.analysis.outcome[v as usize]
    }

    /// The vertex that word `word` (from 0) leads to.
    fn to(&self, word: u32) -> u32 {
        self.dictionary.to[word as usize]
    }

    fn word(&self, word: u32) -> &str {
        &self.dictionary.words[word as usize].spelling
    }

    /// Writes the game Takahashi opens with word `opening` (from 0), a line per word said.
    ///
    /// A decided game is played to its end the way the retrograde analysis measured it: the
    /// winner moves to the nearest vertex lost for the opponent, the loser to the farthest won
    /// one, so one word less remains after each word. A drawn game moves from draw to draw until
    /// a vertex comes back. Among equally good words, the first in the input is said.
    fn explain(&self, out: &mut dyn Write, opening: usize) -> io::Result<()> {
        let opening = opening as u32;
        let mut at = self.to(opening);
        let outcome = self.outcome(at);
        let word = self.word(opening);
        let number = opening + 1;
        match outcome {
            Outcome::Draw => writeln!(out, "Word {number} \"{word}\": Draw.")?,
            _ => {
                let length = self.depth[at as usize] + 1;
                let words = if length == 1 { "word" } else { "words" };
                let winner = outcome.winner();
                writeln!(
                    out,
                    "Word {number} \"{word}\": {winner} wins after {length} {words}."
                )?;
            }
        }
        writeln!(out, "1. Takahashi: {word}")?;
        let mut said = 1;
        let mut last_word = word;
        if outcome == Outcome::Draw {
            // The word after which each vertex was reached, to see the game come back to one.
            let mut reached = HashMap::from([(at, said)]);
            while let Some(&next) = self.best_move(at) {
                said += 1;
                last_word = self.word(next);
                writeln!(out, "{said}. {}: {last_word}", player(said))?;
                at = self.to(next);
                if let Some(earlier) = reached.insert(at, said) {
                    let first = earlier + 1;
                    writeln!(
                        out,
                        "From here the game repeats moves {first} to {said} forever."
                    )?;
                    break;
                }
            }
        } else {
            while let Some(&next) = self.best_move(at) {
                said += 1;
                last_word = self.word(next);
                writeln!(out, "{said}. {}: {last_word}", player(said))?;
                at = self.to(next);
            }
            // The loser is the one left without a word: Takahashi if Aoki, to move after the
            // first word, wins there.
            let stuck = match outcome {
                Outcome::Win => "Takahashi",
                _ => "Aoki",
            };
            let block = &last_word[last_word.len() - BLOCK_LETTERS..];
            writeln!(out, "{stuck} has no word that starts with \"{block}\".")?;
        }
        Ok(())
    }

    /// The best move from vertex `at` ([`move_rank`]): the winner's quickest win, the loser's
    /// longest defence, from a draw the first word into another draw (the only kind of move that
    /// does not hand the opponent a win). None at a dead end.
    fn best_move(&self, at: u32) -> Option<&u32> {
        self.moves(at).iter().min_by_key(|&&word| {
            let after = self.to(word);
            let result = result_of_move(self.outcome(after));
            move_rank(result, self.depth[after as usize], word as usize)
        })
    }
}

/// A move's result for the player who makes it, from the `outcome` where it leads, for the
/// opponent to move there: the opposite.
pub fn result_of_move(outcome: Outcome) -> Outcome {
    match outcome {
        Outcome::Win => Outcome::Loss,
        Outcome::Loss => Outcome::Win,
        Outcome::Draw => Outcome::Draw,
    }
}

/// How a Shiritori move ranks, the best least, for the player who makes it: its `result` for
/// them, the `depth` of the position it leads to (the words left there under optimal play) and
/// the word's place in the input. The quickest wins come first, then the draws, then the longest
/// losses; among equals, the first in the input. A tablebase ranks moves so; `explain` plays the
/// first, and the explore page lists them in this order and its solver plays the first.
pub fn move_rank(result: Outcome, depth: u32, word: usize) -> (u8, i64, usize) {
    match result {
        Outcome::Win => (0, i64::from(depth), word),
        Outcome::Draw => (1, 0, word),
        Outcome::Loss => (2, -i64::from(depth), word),
    }
}

/// Writes the game played out, from the winning set of every round ([`lucky7::winning_sets`]),
/// forwards from residue 0. A player whose choice decides the game makes the choice that wins
/// it; a player who cannot change the outcome (both choices win, or both lose) appends S's
/// digit.
pub fn write_lucky7_game(out: &mut dyn Write, game: &PackedGame) -> io::Result<()> {
    let rounds = game.rounds;
    // winning[i]: the residues from which Takahashi wins before round i (from 0); after the last
    // round, residue 0 only.
    let winning = lucky7::winning_sets(game);
    writeln!(out, "{} wins.", lucky7::winner(game))?;
    let mut residue = 0;
    for round in 0..rounds {
        let digit = game.digit(round);
        let (appended, next) = lucky7_choice(game, &winning, round, residue);
        let player = if game.takahashi_plays(round) {
            "Takahashi"
        } else {
            "Aoki"
        };
        let (before, after) = (residue_set(winning[round]), residue_set(winning[round + 1]));
        writeln!(
            out,
            "Round {}: {player} appends {appended} ({digit} or 0): residue {residue} -> {next}. \
             Takahashi wins from {before} before it and {after} after it.",
            round + 1
        )?;
        residue = next;
    }
    Ok(())
}

/// The digit the player of `round` appends from `residue` under optimal play, and the residue
/// it leads to, from the winning sets ([`lucky7::winning_sets`]): the 0 only when it decides the
/// game for the player, a win for Takahashi from it exactly when Takahashi plays; else S's digit.
pub fn lucky7_choice(
    game: &PackedGame,
    winning: &[u8],
    round: usize,
    residue: usize,
) -> (usize, usize) {
    let (takahashi, digit) = (game.takahashi_plays(round), game.digit(round));
    let wins_after = |residue: usize| winning[round + 1] >> residue & 1 == 1;
    let with_digit = (10 * residue + digit) % RESIDUES;
    let with_zero = 10 * residue % RESIDUES;
    let zero_decides = wins_after(with_digit) != wins_after(with_zero);
    if zero_decides && wins_after(with_zero) == takahashi {
        (0, with_zero)
    } else {
        (digit, with_digit)
    }
}

/// A winning set as `{a, b}`, in increasing order (`{}` when empty).
fn residue_set(mask: u8) -> String {
    let residues: Vec<String> = (0..RESIDUES)
        .filter(|residue| mask >> residue & 1 == 1)
        .map(|residue| residue.to_string())
        .collect();
    format!("{{{}}}", residues.join(", "))
}
