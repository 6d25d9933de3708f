//! `shiritori --depth`: how many words each game lasts when the winner hurries and the loser
//! delays.

mod common;

use atcoder_games_tool::family::Family;
use atcoder_games_tool::input::shiritori_input;
use common::binaries::{SHIRITORI, clean_error, run_binary, success};
use proptest::prelude::*;
use std::fs;
use std::path::Path;
use test_support::oracle::shiritori_depths;
use test_support::strategy::small_dictionary;

/// The binary's `--depth` answer for `words`, one entry per line.
fn depths<S: AsRef<str>>(words: &[S]) -> Vec<String> {
    let output = success(&run_binary(SHIRITORI, &["--depth"], shiritori_input(words)));
    output.lines().map(str::to_string).collect()
}

#[test]
fn the_samples_with_depths() {
    let samples = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/samples/shiritori");
    let expected: [&[&str]; 3] = [
        &["Aoki 2", "Takahashi 1", "Draw"],
        &["Draw"],
        &[
            "Takahashi 1",
            "Takahashi 1",
            "Takahashi 1",
            "Aoki 2",
            "Takahashi 1",
        ],
    ];
    for (number, expected) in (1..).zip(expected) {
        let input = fs::read(samples.join(format!("sample-{number}.in"))).unwrap();
        let output = success(&run_binary(SHIRITORI, &["--depth"], input));
        assert_eq!(
            output.lines().collect::<Vec<_>>(),
            expected,
            "sample {number}"
        );
    }
}

#[test]
fn a_chain_of_five_counts_down_to_its_dead_end() {
    let words = ["aaaaab", "aabaac", "aacaad", "aadaae", "aaeaaf"];
    let expected = [
        "Takahashi 5",
        "Aoki 4",
        "Takahashi 3",
        "Aoki 2",
        "Takahashi 1",
    ];
    assert_eq!(depths(&words), expected);
}

#[test]
fn a_cycle_with_an_escape() {
    // def escapes to the dead end xyz at once; abc can only go to def.
    let words = ["abcdef", "defabc", "defxyz"];
    assert_eq!(depths(&words), ["Aoki 2", "Takahashi 3", "Takahashi 1"]);
}

#[test]
fn self_loops() {
    assert_eq!(depths(&["aaa"]), ["Draw"]);
    assert_eq!(depths(&["aaa", "aaab"]), ["Aoki 2", "Takahashi 1"]);
}

#[test]
fn the_winner_takes_the_quickest_win() {
    // From ppp one word wins at once (to the dead end qqq); the way through RRR also wins, later.
    let words = ["xxxppp", "pppqqq", "pppRRR", "RRRSSS", "SSSTTT"];
    let expected = [
        "Aoki 2",
        "Takahashi 1",
        "Takahashi 3",
        "Aoki 2",
        "Takahashi 1",
    ];
    assert_eq!(depths(&words), expected);
}

#[test]
fn the_loser_takes_the_longest_defence() {
    // Both words from LLL hand over a win, AAA's in one word, BBB's in three: the loser picks BBB.
    let words = [
        "zzzLLL", "LLLAAA", "LLLBBB", "AAAaaa", "BBBCCC", "CCCEEE", "EEEFFF",
    ];
    let expected = [
        "Takahashi 5",
        "Aoki 2",
        "Aoki 4",
        "Takahashi 1",
        "Takahashi 3",
        "Aoki 2",
        "Takahashi 1",
    ];
    assert_eq!(depths(&words), expected);
}

#[test]
fn a_chain_through_every_block_has_the_deepest_games() {
    // 52^3 - 1 links: the first word's game lasts as many words as there are links.
    let words = Family::Chain.words(52 * 52 * 52 - 1, 9).unwrap();
    let answers = depths(&words);
    assert_eq!(answers.first().unwrap(), "Takahashi 140607");
    assert_eq!(answers[1], "Aoki 140606");
    assert_eq!(answers.last().unwrap(), "Takahashi 1");
}

#[test]
fn depths_agree_with_the_oracle_on_larger_dictionaries() {
    for kind in [Family::SmallAlphabet, Family::Duplicates] {
        let words = kind.words(3000, 8).unwrap();
        assert_eq!(depths(&words), shiritori_depths(&words), "{kind:?}");
    }
}

#[test]
fn malformed_input_is_an_error_with_depth_too() {
    let message = clean_error(&run_binary(SHIRITORI, &["--depth"], "2\nabc\nab\n"));
    assert!(message.contains("word 2"), "{message}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn agrees_with_the_bounded_horizon_oracle(words in small_dictionary()) {
        prop_assert_eq!(depths(&words), shiritori_depths(&words));
    }
}
