//! The `lucky7` binary: edge cases with known answers, the error contract, and property tests
//! against an oracle that plays every game out on the actual number.

mod common;

/// The solution's own code, for what the tool calls beside the judge's path (`winning_sets`,
/// and `PackedGame`'s digit of a round the answer never reads alone).
#[allow(dead_code)]
#[path = "../src/bin/lucky7.rs"]
mod solution;

use atcoder_games_tool::family::Family;
use atcoder_games_tool::input::lucky7_input;
use atcoder_games_tool::strategy::game;
use common::binaries::{
    LUCKY7, assert_error, clean_error, run_binary, run_with_memory_limit, success,
};
use proptest::prelude::*;
use solution::plumbing::TokenSource;
use test_support::oracle::{lucky7_winner, lucky7_winner_by_residues, lucky7_winning_sets};
use test_support::strategy::small_game;

/// The binary's answer for the game `digits`/`players`, without the newline.
fn winner(digits: &str, players: &str) -> String {
    let output = success(&run_binary(LUCKY7, &[], lucky7_input(digits, players)));
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
            success(&run_binary(LUCKY7, &[], input)),
            "Takahashi\n",
            "{input:?}"
        );
    }
}

#[test]
fn games_beyond_the_judges_limits_have_their_known_answers() {
    // Ten times the judge's N, and strings far longer than one read of the input.
    let rounds = 2_000_000;
    // Only zeros make 0, whoever plays, and no round ever empties or fills the winning set, so
    // the backward pass runs through every round.
    let (digits, players) = Family::AllZeros.game(rounds, 4).unwrap();
    assert_eq!(winner(&digits, &players), "Takahashi");
    // Takahashi appends zeros whatever the digits.
    let (digits, players) = Family::TakahashiAlone.game(rounds, 4).unwrap();
    assert_eq!(winner(&digits, &players), "Takahashi");
    // Aoki alone: at his last digit that is not 0 or 7 he avoids a multiple of 7 (the two choices
    // differ by that digit), and the rounds after it, all 0 or 7, multiply the residue by 10,
    // which keeps it from 0.
    let (digits, players) = Family::AokiAlone.game(rounds, 4).unwrap();
    assert!(digits.bytes().any(|d| d != b'0' && d != b'7'));
    assert_eq!(winner(&digits, &players), "Aoki");
    // The first round decides, after a full pass over the zeros behind it: Aoki appends the 3,
    // Takahashi the 0, and 3·10^k is never a multiple of 7.
    let zeros = "0".repeat(rounds - 1);
    let (_, players) = Family::RandomGame.game(rounds - 1, 5).unwrap();
    assert_eq!(winner(&format!("3{zeros}"), &format!("A{players}")), "Aoki");
    assert_eq!(
        winner(&format!("3{zeros}"), &format!("T{players}")),
        "Takahashi"
    );
}

#[test]
fn the_last_rounds_decide_any_game_before_them() {
    let (digits, players) = Family::RandomGame.game(2_000_000, 6).unwrap();
    // Aoki's last round with a digit that is not 0 or 7: whatever the residue before it, the two
    // numbers he may make differ by that digit, so one of them is not a multiple of 7.
    for (digit, expected) in [
        ("3", "Aoki"),
        ("9", "Aoki"),
        ("7", "Takahashi"),
        ("0", "Takahashi"),
    ] {
        let game = (format!("{digits}{digit}"), format!("{players}A"));
        assert_eq!(
            winner(&game.0, &game.1),
            lucky7_winner_by_residues(&game.0, &game.1)
        );
        if digit != "7" && digit != "0" {
            assert_eq!(winner(&game.0, &game.1), expected, "ending in A{digit}");
        }
    }
    // Takahashi's last six rounds with the digits 1 to 6: from every residue he can reach a
    // multiple of 7 (the oracle confirms it on the six rounds alone, from any start).
    let game = (format!("{digits}123456"), format!("{players}TTTTTT"));
    for start in 0..7 {
        let from_start = format!("{start}123456");
        assert_eq!(
            lucky7_winner_by_residues(&from_start, "ATTTTTT"),
            "Takahashi"
        );
    }
    assert_eq!(winner(&game.0, &game.1), "Takahashi");
}

#[test]
fn random_games_beyond_the_judges_limits_agree_with_the_residue_oracle() {
    for kind in [
        Family::RandomGame,
        Family::AokiAlone,
        Family::TakahashiAlone,
        Family::AllZeros,
    ] {
        for (rounds, seed) in [(2_000_000, 3), (1_999_999, 7)] {
            let (digits, players) = kind.game(rounds, seed).unwrap();
            assert_eq!(
                winner(&digits, &players),
                lucky7_winner_by_residues(&digits, &players),
                "{kind:?}, {rounds} rounds"
            );
        }
    }
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
    assert_error(LUCKY7, "2\n3\nAT\n", &["S has 1 digit, but N is 2"]);
    assert_error(LUCKY7, "2\n35\nA\n", &["X has 1 letter, but N is 2"]);
    assert_error(LUCKY7, "2\n35\nAT\nA\n", &["unexpected \"A\" after X"]);
}

#[test]
fn a_huge_count_fails_fast_without_allocating_for_it() {
    // Under a 1 GiB limit of virtual memory, anything reserved for 10^12 rounds would abort.
    let started = std::time::Instant::now();
    for (input, fragment) in [
        (
            "1000000000000\n35\nAT\n",
            "S has 2 digits, but N is 1000000000000",
        ),
        ("1000000000000\n", "ends before S"),
        (
            "18446744073709551615\n35\nAT\n",
            "but N is 18446744073709551615",
        ),
    ] {
        let message = clean_error(&run_with_memory_limit(LUCKY7, input));
        assert!(message.contains(fragment), "{input:?}: {message}");
    }
    assert!(started.elapsed().as_secs() < 10);
    // The limit itself leaves room for a real run.
    let (digits, players) = Family::AllZeros.game(1_000_000, 8).unwrap();
    let output = run_with_memory_limit(LUCKY7, lucky7_input(&digits, &players));
    assert_eq!(success(&output), "Takahashi\n");
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
    let (digits, mut players) = Family::RandomGame.game(300_000, 5).unwrap();
    players.replace_range(123_456..123_457, "B");
    assert_error(
        LUCKY7,
        lucky7_input(&digits, &players),
        &["'B'", "position 123457"],
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn agrees_with_playing_out_every_game((digits, players) in small_game()) {
        prop_assert_eq!(winner(&digits, &players), lucky7_winner(&digits, &players));
    }

    #[test]
    fn agrees_with_the_residue_oracle_on_longer_games((digits, players) in game(64)) {
        // Up to 64 rounds: several blocks of sixteen packed digits, and groups of four pairs of
        // rounds; games of zeros and sevens never settle early.
        prop_assert_eq!(winner(&digits, &players), lucky7_winner_by_residues(&digits, &players));
    }

    #[test]
    fn random_bytes_give_an_answer_or_a_clean_error(
        bytes in prop::collection::vec(
            prop::sample::select(b"0123456789AT \n\r\ta-\xff\xe3\0".to_vec()), 0..40),
    ) {
        let output = run_binary(LUCKY7, &[], bytes);
        if output.status.success() {
            let answer = success(&output);
            prop_assert!(answer == "Takahashi\n" || answer == "Aoki\n");
        } else {
            clean_error(&output);
        }
    }
}

proptest! {
    #[test]
    fn the_winning_sets_and_the_rounds_read_are_the_textbooks((digits, players) in small_game()) {
        let input = lucky7_input(&digits, &players);
        let game = solution::read_game(&mut TokenSource::new(input.as_bytes())).unwrap();
        for (round, (digit, player)) in digits.bytes().zip(players.bytes()).enumerate() {
            prop_assert_eq!(game.digit(round), usize::from(digit - b'0'));
            prop_assert_eq!(game.takahashi_plays(round), player == b'T');
        }
        let sets: Vec<[bool; 7]> = solution::winning_sets(&game)
            .iter()
            .map(|&set| std::array::from_fn(|residue| set >> residue & 1 == 1))
            .collect();
        prop_assert_eq!(sets, lucky7_winning_sets(&digits, &players));
    }
}
