//! proptest strategies: random inputs that shrink to small counterexamples, for the small inputs
//! of `atcoder-games check` (and the tests).

use proptest::prelude::*;

/// Letters of [`dictionary`]'s chains.
const CHAIN_LETTERS: &[u8] = b"abAB";

/// A Shiritori word of 3 to 8 letters from `alphabet`.
fn word_over(alphabet: &'static str) -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(alphabet.as_bytes()), 3..=8)
        .prop_map(|letters| String::from_utf8(letters).expect("ASCII letters"))
}

/// A block of three letters for [`dictionary`]'s chains.
fn chain_block() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(CHAIN_LETTERS), 3)
        .prop_map(|letters| String::from_utf8(letters).expect("ASCII letters"))
}

/// The blocks of [`dictionary`]'s small graphs, two of them the same but for case.
const GRAPH_BLOCKS: [&str; 5] = ["abc", "ABC", "bca", "cab", "aBc"];

/// A word of a small graph on [`GRAPH_BLOCKS`]: a move from one block to another, or to itself.
fn graph_word() -> impl Strategy<Value = String> {
    let block = || prop::sample::select(GRAPH_BLOCKS.to_vec());
    (block(), block()).prop_map(|(from, to)| format!("{from}{to}"))
}

/// Shiritori dictionaries of 1 to `max_words` distinct entries within the judge's constraints.
/// Each word is a move of a small graph on a few blocks, or random over a tiny alphabet (with
/// one letter in both cases, which only a solution that keeps case apart tells from one
/// letter), so self-loops of three letters and more, cycles, draws and long games are common;
/// or the words chain blocks one after another (a repeated block closes the chain into a cycle),
/// among as many random words. A word may be listed
/// twice in a row, since repeated words trip up solutions that count moves. Everything is a
/// list, so proptest shrinks it by dropping words and simplifying each.
pub fn dictionary(max_words: usize) -> impl Strategy<Value = Vec<String>> {
    let max_words = max_words.max(1);
    let word = prop_oneof![
        3 => graph_word(),
        1 => word_over("ab"),
        1 => word_over("aA"),
        1 => word_over("aBcD"),
    ];
    let listed = (word, prop_oneof![Just(1), Just(2)]);
    let words = prop::collection::vec(listed, 1..=max_words).prop_map(|entries| {
        let repeated = entries.into_iter().map(|(word, times)| vec![word; times]);
        repeated.flatten().collect()
    });
    let chain = (
        prop::collection::vec(chain_block(), 2..=max_words.max(2)),
        prop::collection::vec(word_over("abAB"), 0..max_words),
    )
        .prop_map(|(blocks, mut words)| {
            let links = blocks
                .windows(2)
                .map(|pair| format!("{}{}", pair[0], pair[1]));
            words.splice(0..0, links);
            words
        });
    prop_oneof![3 => words, 1 => chain]
}

/// Lucky 7 Battle games of 1 to `max_rounds` rounds: random, with digits only 0 and 7 (which
/// leave no choice), or with every round one player's. Each game is a list of rounds, so
/// proptest shrinks it by dropping rounds and making digits smaller.
pub fn game(max_rounds: usize) -> impl Strategy<Value = (String, String)> {
    let rounds = 1..=max_rounds.max(1);
    let digit = prop::sample::select(b"0123456789".to_vec());
    let player = prop::sample::select(b"AT".to_vec());
    let of = |digits: &'static [u8], players: &'static [u8]| {
        let round = (
            prop::sample::select(digits.to_vec()),
            prop::sample::select(players.to_vec()),
        );
        prop::collection::vec(round, rounds.clone()).boxed()
    };
    let random = prop::collection::vec((digit, player), rounds.clone()).boxed();
    prop_oneof![
        3 => random,
        1 => of(b"07", b"AT"),
        1 => of(b"0123456789", b"A"),
        1 => of(b"0123456789", b"T"),
    ]
    .prop_map(|rounds| rounds.into_iter().unzip())
    .prop_map(|(digits, players): (Vec<u8>, Vec<u8>)| {
        let text = |bytes: Vec<u8>| String::from_utf8(bytes).expect("ASCII");
        (text(digits), text(players))
    })
}
