//! The `lucky7` binary: edge cases with known answers, the error contract, and property tests
//! against an oracle that plays every game out on the actual number.

mod common;

use common::generate::{Lucky7Kind, lucky7_input};
use common::oracle::lucky7_winner;
use common::run::{LUCKY7, assert_error, clean_error, run, success};
use proptest::prelude::*;

/// The binary's answer for the game `digits`/`players`, without the newline.
fn winner(digits: &str, players: &str) -> String {
    let output = success(&run(LUCKY7, &[], lucky7_input(digits, players)));
    output.strip_suffix('\n').expect("one line").to_string()
}

#[test]
fn one_round_games() {
    // 0 and 7 are multiples of 7, and so is the 0 either player may append instead.
    for digit in ["0", "7"] {
        assert_eq!(winner(digit, "A"), "Takahashi");
        assert_eq!(winner(digit, "T"), "Takahashi");
    }
    // With 3, Aoki appends 3; Takahashi appends 0.
    assert_eq!(winner("3", "A"), "Aoki");
    assert_eq!(winner("3", "T"), "Takahashi");
}

#[test]
fn one_player_games() {
    // Takahashi can always append only zeros.
    assert_eq!(winner("12345", "TTTTT"), "Takahashi");
    assert_eq!(winner("12345", "AAAAA"), "Aoki");
    // Every choice Aoki has is a number of sevens and zeros.
    assert_eq!(winner("7777777", "AAAAAAA"), "Takahashi");
    assert_eq!(winner("70", "AA"), "Takahashi");
    assert_eq!(winner("16", "AA"), "Aoki");
    // 3,000,000 is not a multiple of 7, 0 is: the first player decides.
    assert_eq!(winner("3000000", "AAAAAAA"), "Aoki");
    assert_eq!(winner("3000000", "TAAAAAA"), "Takahashi");
}

#[test]
fn all_zeros_make_zero() {
    assert_eq!(winner("0000", "AAAA"), "Takahashi");
    assert_eq!(winner("0000", "ATAT"), "Takahashi");
}

#[test]
fn alternating_players() {
    assert_eq!(winner("98765432", "TATATATA"), "Aoki");
}

#[test]
fn any_ascii_whitespace_separates_tokens() {
    for input in [
        "2\r\n35\r\nAT\r\n",
        "2 35 AT",
        "2\n35\nAT",
        "\n\t2\t\t35  \x0c AT \r\n\n",
    ] {
        assert_eq!(
            success(&run(LUCKY7, &[], input)),
            "Takahashi\n",
            "{input:?}"
        );
    }
}

#[test]
fn games_beyond_the_judges_limits_work() {
    // Ten times the judge's N, and a digit string far longer than one read of the input.
    for kind in Lucky7Kind::ALL {
        let (digits, players) = kind.game(2_000_000, 3);
        let output = success(&run(LUCKY7, &[], lucky7_input(&digits, &players)));
        assert!(
            output == "Takahashi\n" || output == "Aoki\n",
            "{kind:?}: {output}"
        );
    }
    // Takahashi appends zeros whatever the length.
    let (digits, players) = Lucky7Kind::AllTakahashi.game(2_000_000, 4);
    assert_eq!(winner(&digits, &players), "Takahashi");
    // Only zeros make 0, whoever plays: the backward pass runs through every round.
    let (digits, players) = Lucky7Kind::Zeros.game(2_000_000, 4);
    assert_eq!(winner(&digits, &players), "Takahashi");
    // Aoki appends the 3, every later round appends a 0 whatever is chosen, and 3·10^k is
    // never a multiple of 7.
    let digits = format!("3{}", "0".repeat(999_999));
    assert_eq!(winner(&digits, &"A".repeat(1_000_000)), "Aoki");
}

#[test]
fn a_missing_or_malformed_count_is_an_error() {
    assert_error(LUCKY7, "", &["ends before N"]);
    assert_error(LUCKY7, "\r\n \t", &["ends before N"]);
    assert_error(
        LUCKY7,
        "x\n35\nAT\n",
        &["N (\"x\")", "not a non-negative integer"],
    );
    assert_error(LUCKY7, "-2\n35\nAT\n", &["N (\"-2\")", "negative"]);
    assert_error(
        LUCKY7,
        "123456789012345678901234567890\n35\nAT\n",
        &["too large"],
    );
    assert_error(LUCKY7, "0\n", &["N is 0"]);
}

#[test]
fn missing_or_mismatched_strings_are_errors() {
    assert_error(LUCKY7, "2\n", &["ends before S"]);
    assert_error(LUCKY7, "2\n35\n", &["ends before X"]);
    assert_error(LUCKY7, "3\n35\nATA\n", &["S has 2 digits, but N is 3"]);
    assert_error(LUCKY7, "2\n35\nATA\n", &["X has 3 letters, but N is 2"]);
    assert_error(LUCKY7, "2\n35\nAT\nA\n", &["unexpected \"A\" after X"]);
}

#[test]
fn a_huge_count_fails_fast_without_allocating_for_it() {
    let started = std::time::Instant::now();
    assert_error(
        LUCKY7,
        "1000000000000\n35\nAT\n",
        &["S has 2 digits, but N is 1000000000000"],
    );
    assert!(started.elapsed().as_secs() < 10);
}

#[test]
fn wrong_characters_are_errors_naming_the_string_and_position() {
    assert_error(
        LUCKY7,
        "3\n3a5\nATA\n",
        &["S", "'a'", "position 2", "digits 0-9"],
    );
    assert_error(LUCKY7, "3\n3５5\nATA\n", &["S", "'５'", "position 2"]);
    assert_error(
        LUCKY7,
        "2\n35\nAt\n",
        &["X", "'t'", "position 2", "A and T"],
    );
    assert_error(LUCKY7, "2\n35\nA\0\n", &["X", "'\\0'"]);
    assert_error(LUCKY7, &b"2\n3\xff\nAT\n"[..], &["S is not UTF-8", "0xFF"]);
    assert_error(LUCKY7, &b"2\n35\n\xc3\n"[..], &["X is not UTF-8"]);
}

#[test]
fn a_wrong_character_deep_in_a_long_string_is_found() {
    let (digits, mut players) = Lucky7Kind::Random.game(300_000, 5);
    players.replace_range(123_456..123_457, "B");
    assert_error(
        LUCKY7,
        lucky7_input(&digits, &players),
        &["'B'", "position 123457"],
    );
}

/// Games of up to 12 rounds, the oracle's limit of patience (2^12 plays each).
fn small_game() -> impl Strategy<Value = (String, String)> {
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

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn agrees_with_playing_out_every_game((digits, players) in small_game()) {
        prop_assert_eq!(winner(&digits, &players), lucky7_winner(&digits, &players));
    }

    #[test]
    fn random_bytes_give_an_answer_or_a_clean_error(
        bytes in prop::collection::vec(
            prop::sample::select(b"0123456789AT \n\r\ta-\xff\xe3\0".to_vec()), 0..40),
    ) {
        let output = run(LUCKY7, &[], bytes);
        if output.status.success() {
            let answer = success(&output);
            prop_assert!(answer == "Takahashi\n" || answer == "Aoki\n");
        } else {
            clean_error(&output);
        }
    }
}
