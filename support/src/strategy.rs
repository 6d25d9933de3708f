//! Small proptest strategies, within the brute-force oracles' patience.

use proptest::prelude::*;

/// Small Shiritori dictionaries over 2 to 4 letters (mixed case, so case matters), so that
/// cycles, draws, long games, duplicates and self-loops are common.
pub fn small_dictionary() -> impl Strategy<Value = Vec<String>> {
    (2usize..=4).prop_flat_map(|letters| {
        let word = prop::collection::vec(0..letters, 3..=6)
            .prop_map(|codes| codes.into_iter().map(|c| char::from(b"aBcD"[c])).collect());
        prop::collection::vec(word, 1..=24)
    })
}

/// Games of up to 12 rounds, the oracle's limit of patience (2^12 plays each).
pub fn small_game() -> impl Strategy<Value = (String, String)> {
    (1usize..=12).prop_flat_map(|rounds| {
        (
            prop::collection::vec(prop::sample::select(b"0123456789".to_vec()), rounds),
            prop::collection::vec(prop::sample::select(b"AT".to_vec()), rounds),
        )
            .prop_map(|(digits, players)| {
                (
                    String::from_utf8(digits).unwrap(),
                    String::from_utf8(players).unwrap(),
                )
            })
    })
}
