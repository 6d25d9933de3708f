//! `atcoder-games explain`: the games of the input played out under optimal play, from the
//! solutions' own analysis.

use crate::lucky7::{self, PackedGame, RESIDUES, ROUND_STEP, round_kind};
use crate::shiritori::plumbing::{TokenSource, fail, write_report};
use crate::shiritori::{self, Analysis, BLOCK, Outcome, ReverseGraph};
use std::collections::HashMap;
use std::io::{self, Read, Write};
use std::process::ExitCode;

/// All of stdin, or the end of the run with the error contract's message.
pub fn read_stdin() -> Result<Vec<u8>, ExitCode> {
    let mut input = Vec::new();
    match io::stdin().lock().read_to_end(&mut input) {
        Ok(_) => Ok(input),
        Err(error) => Err(fail(&format!("cannot read the input: {error}"))),
    }
}

/// A Shiritori input read by the solution's own reader: the words as written and as moves, from
/// the vertex `from[k]` to the vertex `to[k]`, and the analysis.
pub struct Dictionary {
    pub words: Vec<String>,
    pub from: Vec<u32>,
    pub to: Vec<u32>,
    pub analysis: Analysis,
}

impl Dictionary {
    /// Reads and analyses the dictionary on stdin, or ends the run as the solution would.
    pub fn from_stdin() -> Result<Self, ExitCode> {
        let input = read_stdin()?;
        let mut source = TokenSource::new(&input[..]);
        let shiritori::Dictionary { to, moves } = shiritori::read_dictionary(&mut source)
            .map_err(|error| fail(&source.message(error)))?;
        // The solution has checked every word: they are the tokens after N, letters all. The
        // solution keeps no word's first vertex, which the playout needs.
        let text = String::from_utf8_lossy(&input);
        let words: Vec<String> = text
            .split_ascii_whitespace()
            .skip(1)
            .map(String::from)
            .collect();
        let ends = |word: &String| shiritori::word_ends(word).expect("a checked word");
        let from = words.iter().map(|word| ends(word).0).collect();
        let analysis = shiritori::retrograde_analysis(ReverseGraph::new(moves));
        Ok(Self {
            words,
            from,
            to,
            analysis,
        })
    }
}

/// `explain shiritori I...`: for each of `explained` (words numbered from 1), the game that
/// Takahashi opens with it, played out under optimal play; a blank line between games.
pub fn shiritori(explained: &[usize]) -> ExitCode {
    let dictionary = match Dictionary::from_stdin() {
        Ok(dictionary) => dictionary,
        Err(code) => return code,
    };
    let count = dictionary.words.len();
    if let Some(wrong) = explained.iter().find(|&&word| word == 0 || word > count) {
        return fail(&format!("there is no word {wrong}, as N is {count}"));
    }
    let playout = Playout::new(&dictionary);
    write_report(|out| {
        for (k, &word) in explained.iter().enumerate() {
            if k > 0 {
                writeln!(out)?;
            }
            playout.explain(out, word - 1)?;
        }
        Ok(())
    })
}

/// The name of the player who says the `said`-th word of a game (from 1): Takahashi opens.
fn player(said: usize) -> &'static str {
    if said % 2 == 1 { "Takahashi" } else { "Aoki" }
}

/// Everything needed to play Shiritori games out: the words, each vertex's outcome and depth,
/// and the moves from each vertex.
struct Playout<'a> {
    dictionary: &'a Dictionary,
    depth: Vec<u32>,
    /// The words (numbered from 0) in order of the vertex they leave, and in input order among
    /// the words that leave one vertex: a stable sort.
    by_origin: Vec<u32>,
}

impl<'a> Playout<'a> {
    fn new(dictionary: &'a Dictionary) -> Self {
        let mut by_origin: Vec<u32> = (0..dictionary.from.len() as u32).collect();
        by_origin.sort_by_key(|&word| dictionary.from[word as usize]);
        Self {
            dictionary,
            depth: dictionary.analysis.depths(),
            by_origin,
        }
    }

    /// The words that leave vertex `v`, in input order.
    fn moves(&self, v: u32) -> &[u32] {
        let from = |word: &u32| self.dictionary.from[*word as usize];
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
        &self.dictionary.words[word as usize]
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
            while let Some(&next) = self.drawing_move(at) {
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
            let block = &last_word[last_word.len() - BLOCK..];
            writeln!(out, "{stuck} has no word that starts with \"{block}\".")?;
        }
        Ok(())
    }

    /// From a decided vertex, the winner's quickest win or the loser's longest defence: the
    /// first word into the lost vertex of least depth, or into the won vertex of greatest depth.
    /// None at a dead end.
    fn best_move(&self, at: u32) -> Option<&u32> {
        let moves = self.moves(at).iter();
        let depth = |word: &&u32| self.depth[self.to(**word) as usize];
        if self.outcome(at) == Outcome::Win {
            moves
                .filter(|word| self.outcome(self.to(**word)) == Outcome::Loss)
                .min_by_key(depth)
        } else {
            // `min_by_key` keeps the first of equals, `max_by_key` the last.
            moves.min_by_key(|word| std::cmp::Reverse(depth(word)))
        }
    }

    /// From a drawn vertex, the first word into another drawn vertex, which is the only kind of
    /// move that does not hand the opponent a win.
    fn drawing_move(&self, at: u32) -> Option<&u32> {
        self.moves(at)
            .iter()
            .find(|word| self.outcome(self.to(**word)) == Outcome::Draw)
    }
}

/// `explain lucky7`: the winner, then the game played out under optimal play, a round per line:
/// who appends which digit, how the residue changes, and the residues from which Takahashi wins
/// before and after the round.
pub fn lucky7() -> ExitCode {
    let input = match read_stdin() {
        Ok(input) => input,
        Err(code) => return code,
    };
    let mut source = lucky7::plumbing::TokenSource::new(&input[..]);
    match lucky7::read_game(&mut source) {
        Ok(game) => write_report(|out| explain_battle(out, &game)),
        Err(error) => fail(&source.message(error)),
    }
}

/// Writes the game played out. Unlike the solution's `takahashi_wins`, this needs the winning
/// set of every round, so it runs the whole backward pass with [`ROUND_STEP`], keeping each
/// set; then it plays forwards from residue 0. A player whose choice decides the game makes the
/// choice that wins it; a player who cannot change the outcome (both choices win, or both lose)
/// appends S's digit.
fn explain_battle(out: &mut dyn Write, game: &PackedGame) -> io::Result<()> {
    let rounds = game.rounds();
    // winning[i]: the residues from which Takahashi wins before round i (from 0); after the last
    // round, residue 0 only.
    let mut winning = vec![0; rounds + 1];
    winning[rounds] = 1;
    for round in (0..rounds).rev() {
        let kind = round_kind(game.takahashi_plays(round), game.digit(round));
        winning[round] = ROUND_STEP[kind][usize::from(winning[round + 1])];
    }
    let winner = if winning[0] & 1 == 1 {
        "Takahashi"
    } else {
        "Aoki"
    };
    writeln!(out, "{winner} wins.")?;
    let mut residue = 0;
    for round in 0..rounds {
        let (takahashi, digit) = (game.takahashi_plays(round), game.digit(round));
        let wins_after = |residue: usize| winning[round + 1] >> residue & 1 == 1;
        let with_digit = (10 * residue + digit) % RESIDUES;
        let with_zero = 10 * residue % RESIDUES;
        // The 0 is appended only when it decides the game for the player: a win for Takahashi
        // from it exactly when Takahashi plays.
        let zero_decides = wins_after(with_digit) != wins_after(with_zero);
        let (appended, next) = if zero_decides && wins_after(with_zero) == takahashi {
            (0, with_zero)
        } else {
            (digit, with_digit)
        };
        let player = if takahashi { "Takahashi" } else { "Aoki" };
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

/// A winning set as `{a, b}`, in increasing order (`{}` when empty).
fn residue_set(mask: u8) -> String {
    let residues: Vec<String> = (0..RESIDUES)
        .filter(|residue| mask >> residue & 1 == 1)
        .map(|residue| residue.to_string())
        .collect();
    format!("{{{}}}", residues.join(", "))
}
