//! Brute-force oracles. They share no code or idea of implementation with the solutions: they
//! work on the words and digits themselves, by the definitions, as slowly as they like.

use std::collections::{BTreeMap, BTreeSet};

/// The graph of the Shiritori game on `words`: for each position (the three letters the next
/// word must start with), the positions each word starting there leads to.
struct WordGraph<'a> {
    positions: BTreeSet<&'a str>,
    moves: BTreeMap<&'a str, Vec<&'a str>>,
}

impl<'a> WordGraph<'a> {
    fn new(words: &'a [String]) -> Self {
        let mut positions = BTreeSet::new();
        let mut moves: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
        for word in words {
            let (head, tail) = (&word[..3], &word[word.len() - 3..]);
            positions.insert(head);
            positions.insert(tail);
            moves.entry(head).or_default().push(tail);
        }
        Self { positions, moves }
    }

    fn moves_from(&self, position: &str) -> &[&'a str] {
        self.moves.get(position).map_or(&[], Vec::as_slice)
    }

    /// The positions whose moves (the positions they lead to) pass `test`.
    fn positions_where(&self, test: impl Fn(&[&'a str]) -> bool) -> BTreeSet<&'a str> {
        let passes = |position: &&'a str| test(self.moves_from(position));
        self.positions.iter().copied().filter(passes).collect()
    }
}

/// Who wins Shiritori when Takahashi opens with each word: the fixpoint of "a position is won if
/// some move reaches a lost position, lost if every move reaches a won one", iterated naively
/// until nothing changes; what stays open is a draw.
pub fn shiritori_winners(words: &[String]) -> Vec<&'static str> {
    let graph = WordGraph::new(words);
    // true: the player to move wins; false: loses.
    let mut known: BTreeMap<&str, bool> = BTreeMap::new();
    loop {
        let mut changed = false;
        for &position in &graph.positions {
            if known.contains_key(position) {
                continue;
            }
            let moves = graph.moves_from(position);
            if moves.iter().any(|next| known.get(next) == Some(&false)) {
                known.insert(position, true);
                changed = true;
            } else if moves.iter().all(|next| known.get(next) == Some(&true)) {
                known.insert(position, false);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    words
        .iter()
        .map(|word| match known.get(&word[word.len() - 3..]) {
            Some(false) => "Takahashi",
            Some(true) => "Aoki",
            None => "Draw",
        })
        .collect()
}

/// Shiritori with graph lengths, by a bounded-horizon search: a position is won within `k` words
/// if some move leads to a position lost within `k - 1`, and lost within `k` if every move leads
/// to a position won within `k - 1` (so lost within 0 if there is no move). Each decided position
/// (the three letters the next word must start with) maps to the least such `k` and whether the
/// player to move wins; the positions left out are draws.
pub fn shiritori_positions(words: &[String]) -> BTreeMap<String, (usize, bool)> {
    let graph = WordGraph::new(words);
    let mut lost = graph.positions_where(|moves| moves.is_empty());
    let mut won = BTreeSet::new();
    let mut decided: BTreeMap<String, (usize, bool)> =
        lost.iter().map(|&p| (p.to_string(), (0, false))).collect();
    // A decided position never takes longer than there are positions, so this horizon suffices.
    for horizon in 1..=graph.positions.len() {
        let won_now = graph.positions_where(|moves| moves.iter().any(|next| lost.contains(next)));
        let lost_now = graph.positions_where(|moves| moves.iter().all(|next| won.contains(next)));
        for &p in &won_now {
            decided.entry(p.to_string()).or_insert((horizon, true));
        }
        for &p in &lost_now {
            decided.entry(p.to_string()).or_insert((horizon, false));
        }
        if won_now == won && lost_now == lost {
            // Both sets only grow with the horizon; once they stand still they stay so.
            break;
        }
        (won, lost) = (won_now, lost_now);
    }
    decided
}

/// `shiritori --depth` by [`shiritori_positions`]: for the word `s_i`, whose last three letters
/// are the position `v`, the game lasts `1 + k` words for the least `k` within which `v` is
/// won or lost.
pub fn shiritori_depths(words: &[String]) -> Vec<String> {
    let decided = shiritori_positions(words);
    words
        .iter()
        .map(|word| match decided.get(&word[word.len() - 3..]) {
            Some((depth, false)) => format!("Takahashi {}", depth + 1),
            Some((depth, true)) => format!("Aoki {}", depth + 1),
            None => "Draw".to_string(),
        })
        .collect()
}

/// Who wins Lucky 7 Battle, by playing out every choice of every round on the actual number
/// (no residues): 2^N games, so keep N small (the number must also fit in a `u64`).
pub fn lucky7_winner(digits: &str, players: &str) -> &'static str {
    fn takahashi_wins(digits: &[u8], players: &[u8], number: u64) -> bool {
        let Some((&digit, rest)) = digits.split_first() else {
            return number.is_multiple_of(7);
        };
        let with_digit = takahashi_wins(rest, &players[1..], number * 10 + u64::from(digit - b'0'));
        let with_zero = takahashi_wins(rest, &players[1..], number * 10);
        if players[0] == b'T' {
            with_digit || with_zero
        } else {
            with_digit && with_zero
        }
    }
    assert!(digits.len() <= 18, "the number must fit in a u64");
    if takahashi_wins(digits.as_bytes(), players.as_bytes(), 0) {
        "Takahashi"
    } else {
        "Aoki"
    }
}

/// The textbook backward induction of Lucky 7 Battle over residues modulo 7: for each round,
/// which residues Takahashi wins from before it, as seven booleans, and last, after the game,
/// residue 0 alone (no masks, tables, pairs of rounds or early stop, unlike the solution).
pub fn lucky7_winning_sets(digits: &str, players: &str) -> Vec<[bool; 7]> {
    let mut wins = [false; 7];
    wins[0] = true;
    let mut sets = vec![wins];
    for (digit, player) in digits.bytes().zip(players.bytes()).rev() {
        let digit = usize::from(digit - b'0');
        wins = std::array::from_fn(|residue| {
            let with_digit = wins[(10 * residue + digit) % 7];
            let with_zero = wins[10 * residue % 7];
            if player == b'T' {
                with_digit || with_zero
            } else {
                with_digit && with_zero
            }
        });
        sets.push(wins);
    }
    sets.reverse();
    sets
}

/// Who wins Lucky 7 Battle by [`lucky7_winning_sets`]: for games too long to play out.
pub fn lucky7_winner_by_residues(digits: &str, players: &str) -> &'static str {
    if lucky7_winning_sets(digits, players)[0][0] {
        "Takahashi"
    } else {
        "Aoki"
    }
}
