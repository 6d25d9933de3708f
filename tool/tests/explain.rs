//! `atcoder-games explain`: the samples' games written out by hand, the command line, and
//! property tests that every explanation is a legal, optimal game by the oracles.

use crate::common;

use atcoder_games_tool::input::{lucky7_input, shiritori_input};
use atcoder_games_tool::strategy::game;
use common::{sample, tool};
use proptest::prelude::*;
use std::collections::BTreeMap;
use test_support::contract::{assert_usage_error, clean_error, success};
use test_support::oracle::{
    lucky7_winner, lucky7_winner_by_residues, lucky7_winning_sets, shiritori_positions,
};
use test_support::strategy::{small_dictionary, small_game};

#[test]
fn shiritori_sample_1_as_in_the_issue() {
    let output = tool(&["explain", "shiritori", "1", "3"], sample("shiritori", 1));
    let expected = "\
Word 1 \"abcd\": Aoki wins after 2 words.
1. Takahashi: abcd
2. Aoki: bcda
Takahashi has no word that starts with \"cda\".

Word 3 \"ada\": Draw.
1. Takahashi: ada
2. Aoki: ada
From here the game repeats moves 2 to 2 forever.
";
    assert_eq!(success(&output), expected);
}

#[test]
fn shiritori_samples_2_and_3_every_word() {
    let output = tool(&["explain", "shiritori", "1"], sample("shiritori", 2));
    let expected = "\
Word 1 \"ABC\": Draw.
1. Takahashi: ABC
2. Aoki: ABC
From here the game repeats moves 2 to 2 forever.
";
    assert_eq!(success(&output), expected);
    let arguments = ["explain", "shiritori", "2", "4", "5", "2"];
    let output = tool(&arguments, sample("shiritori", 3));
    // daa leads to aaa (word 3) and to faa (word 5), both dead ends: Aoki takes the first.
    let expected = "\
Word 2 \"eaaaacaa\": Takahashi wins after 1 word.
1. Takahashi: eaaaacaa
Aoki has no word that starts with \"caa\".

Word 4 \"eaaaadaa\": Aoki wins after 2 words.
1. Takahashi: eaaaadaa
2. Aoki: daaaaaaa
Takahashi has no word that starts with \"aaa\".

Word 5 \"daaaafaa\": Takahashi wins after 1 word.
1. Takahashi: daaaafaa
Aoki has no word that starts with \"faa\".

Word 2 \"eaaaacaa\": Takahashi wins after 1 word.
1. Takahashi: eaaaacaa
Aoki has no word that starts with \"caa\".
";
    assert_eq!(success(&output), expected);
}

#[test]
fn shiritori_the_winner_hurries_and_the_loser_delays() {
    // From LLL both words hand over a win: to AAA in one word, to BBB in three. Aoki, at LLL,
    // takes the longer defence. At EEE, Takahashi could go on to KKK, lost for Aoki in two more
    // words, but takes the dead end FFF, although its word comes later in the input.
    let words = [
        "zzzLLL", "LLLAAA", "LLLBBB", "AAAaaa", "BBBCCC", "CCCEEE", "EEEKKK", "KKKMMM", "MMMNNN",
        "EEEFFF",
    ];
    let output = tool(&["explain", "shiritori", "1"], shiritori_input(&words));
    let expected = "\
Word 1 \"zzzLLL\": Takahashi wins after 5 words.
1. Takahashi: zzzLLL
2. Aoki: LLLBBB
3. Takahashi: BBBCCC
4. Aoki: CCCEEE
5. Takahashi: EEEFFF
Aoki has no word that starts with \"FFF\".
";
    assert_eq!(success(&output), expected);
}

#[test]
fn shiritori_a_draw_comes_back_after_a_longer_cycle() {
    // abc -> def -> ghi -> def: the game repeats the moves from def to ghi and back.
    let words = ["xyzabc", "abcdef", "defghi", "ghidef", "defxyz"];
    let output = tool(&["explain", "shiritori", "2"], shiritori_input(&words));
    let expected = "\
Word 2 \"abcdef\": Draw.
1. Takahashi: abcdef
2. Aoki: defghi
3. Takahashi: ghidef
From here the game repeats moves 2 to 3 forever.
";
    assert_eq!(success(&output), expected);
}

#[test]
fn shiritori_explain_errors() {
    let input = sample("shiritori", 1);
    // A missing or non-numeric word number is a mistake on the command line.
    for (arguments, fragment) in [
        (
            &["explain", "shiritori"][..],
            "the following required arguments",
        ),
        (&["explain", "shiritori", "x"], "invalid value 'x'"),
        (
            &["explain", "shiritori", "1", "-1"],
            "unexpected argument '-1'",
        ),
        (&["explain", "shiritori", ""], "invalid value ''"),
        (
            &["explain", "shiritori", "1", "--depth"],
            "unexpected argument '--depth'",
        ),
        (&["explain"], "requires a subcommand"),
        (&["explain", "chess"], "unrecognized subcommand 'chess'"),
    ] {
        let message = assert_usage_error(&tool(arguments, input.clone()));
        assert!(message.contains(fragment), "{arguments:?}: {message}");
    }
    // A number that is no word's is known only once the input is read.
    for number in ["0", "4"] {
        let arguments = ["explain", "shiritori", "1", number];
        let message = clean_error(&tool(&arguments, input.clone()));
        assert_eq!(
            message,
            format!("error: there is no word {number}, as N is 3")
        );
    }
    // Malformed input is reported as the solution reports it, before the numbers are looked at.
    let message = clean_error(&tool(&["explain", "shiritori", "9"], "2\nabc\nab\n"));
    assert_eq!(message, "error: word 2 (\"ab\") is shorter than 3 letters");
}

#[test]
fn lucky7_samples_as_in_the_issue_and_by_hand() {
    let expected = [
        "\
Takahashi wins.
Round 1: Aoki appends 3 (3 or 0): residue 0 -> 3. Takahashi wins from {0} before it and {0, 3} after it.
Round 2: Takahashi appends 5 (5 or 0): residue 3 -> 0. Takahashi wins from {0, 3} before it and {0} after it.
",
        // Aoki, playing four of the five rounds, has won before the game starts.
        "\
Aoki wins.
Round 1: Aoki appends 1 (1 or 0): residue 0 -> 1. Takahashi wins from {} before it and {} after it.
Round 2: Aoki appends 2 (2 or 0): residue 1 -> 5. Takahashi wins from {} before it and {} after it.
Round 3: Aoki appends 3 (3 or 0): residue 5 -> 4. Takahashi wins from {} before it and {1} after it.
Round 4: Aoki appends 4 (4 or 0): residue 4 -> 2. Takahashi wins from {1} before it and {0, 3} after it.
Round 5: Takahashi appends 5 (5 or 0): residue 2 -> 4. Takahashi wins from {0, 3} before it and {0} after it.
",
        // Takahashi appends 0 where the digit would lose; 7 or 0 make the same residue.
        "\
Takahashi wins.
Round 1: Takahashi appends 0 (6 or 0): residue 0 -> 0. Takahashi wins from {0, 1, 2, 3, 4, 5, 6} before it and {0, 2, 3, 5} after it.
Round 2: Takahashi appends 7 (7 or 0): residue 0 -> 0. Takahashi wins from {0, 2, 3, 5} before it and {0, 1, 2, 6} after it.
Round 3: Takahashi appends 0 (8 or 0): residue 0 -> 0. Takahashi wins from {0, 1, 2, 6} before it and {0, 4} after it.
Round 4: Takahashi appends 0 (9 or 0): residue 0 -> 0. Takahashi wins from {0, 4} before it and {0} after it.
Round 5: Aoki appends 0 (0 or 0): residue 0 -> 0. Takahashi wins from {0} before it and {0} after it.
",
        "\
Aoki wins.
Round 1: Aoki appends 1 (1 or 0): residue 0 -> 1. Takahashi wins from {} before it and {} after it.
Round 2: Takahashi appends 2 (2 or 0): residue 1 -> 5. Takahashi wins from {} before it and {} after it.
Round 3: Aoki appends 3 (3 or 0): residue 5 -> 4. Takahashi wins from {} before it and {} after it.
Round 4: Takahashi appends 4 (4 or 0): residue 4 -> 2. Takahashi wins from {} before it and {} after it.
Round 5: Aoki appends 5 (5 or 0): residue 2 -> 4. Takahashi wins from {} before it and {0} after it.
",
    ];
    for (number, expected) in (1..).zip(expected) {
        let output = tool(&["explain", "lucky7"], sample("lucky7", number));
        assert_eq!(success(&output), expected, "sample {number}");
    }
}

#[test]
fn lucky7_command_line() {
    for arguments in [
        &["explain", "lucky7", "2"][..],
        &["explain", "lucky7", "-x"],
    ] {
        let message = assert_usage_error(&tool(arguments, sample("lucky7", 1)));
        assert!(
            message.starts_with("error: unexpected argument"),
            "{message}"
        );
    }
    let message = clean_error(&tool(&["explain", "lucky7"], "2\n35\nA\n"));
    assert_eq!(message, "error: X has 1 letter, but N is 2");
}

/// Checks that `text`, the explanation of the game opened with word `opening` (from 0), is a
/// legal game that both play optimally, by the oracle's `positions`.
///
/// (A line of the explanation after another, each held against the one before: it stays one
/// function.)
fn check_shiritori_explanation(
    words: &[String],
    positions: &BTreeMap<String, (usize, bool)>,
    opening: usize,
    text: &str,
) -> Result<(), TestCaseError> {
    let mut lines = text.lines();
    let header = lines.next().unwrap_or_default();
    let opening_word = &words[opening];
    let start = &opening_word[opening_word.len() - 3..];
    let prefix = format!("Word {} \"{opening_word}\": ", opening + 1);
    prop_assert!(header.starts_with(&prefix), "{}", header);
    let decided = positions.get(start).copied();
    let verdict = match decided {
        None => "Draw.".to_string(),
        Some((depth, aoki_wins)) => {
            let winner = if aoki_wins { "Aoki" } else { "Takahashi" };
            let plural = if depth == 0 { "" } else { "s" };
            format!("{winner} wins after {} word{plural}.", depth + 1)
        }
    };
    prop_assert_eq!(&header[prefix.len()..], verdict.as_str());
    let player = |said: usize| if said % 2 == 1 { "Takahashi" } else { "Aoki" };
    let ends_with = |word: &str| word[word.len() - 3..].to_string();
    // The words said, and the position after each.
    let mut said: Vec<&str> = Vec::new();
    let mut after: Vec<String> = Vec::new();
    let mut last_line = "";
    for line in lines {
        let number = said.len() + 1;
        let Some(word) = line.strip_prefix(&format!("{number}. {}: ", player(number))) else {
            last_line = line;
            break;
        };
        prop_assert!(words.iter().any(|w| w == word), "{} is no word", word);
        if let Some(previous) = after.last() {
            prop_assert!(
                word.starts_with(previous.as_str()),
                "{} after {}",
                word,
                previous
            );
            // The first word in the input that is as good as this one is this one.
            let expected = positions.get(&ends_with(word)).copied();
            let first = words.iter().find(|w| {
                w.starts_with(previous.as_str())
                    && positions.get(&ends_with(w)).copied() == expected
            });
            prop_assert_eq!(
                first.map(String::as_str),
                Some(word),
                "the first equal move"
            );
        } else {
            prop_assert_eq!(word, opening_word.as_str());
        }
        said.push(word);
        after.push(ends_with(word));
    }
    match decided {
        Some((depth, aoki_wins)) => {
            let length = depth + 1;
            prop_assert_eq!(said.len(), length, "{}", text);
            for (moves, position) in (1..).zip(&after) {
                // One word less remains after each, and the player to move wins as before.
                let to_move_wins = (player(moves + 1) == "Aoki") == aoki_wins;
                prop_assert_eq!(
                    positions.get(position).copied(),
                    Some((length - moves, to_move_wins))
                );
            }
            let end = after.last().expect("at least the opening word");
            prop_assert!(!words.iter().any(|w| w.starts_with(end.as_str())));
            let stuck = format!(
                "{} has no word that starts with \"{end}\".",
                player(length + 1)
            );
            prop_assert_eq!(last_line, stuck.as_str());
        }
        None => {
            for position in &after {
                prop_assert!(!positions.contains_key(position), "{} is drawn", position);
            }
            let (first, last) = last_line
                .strip_prefix("From here the game repeats moves ")
                .and_then(|rest| rest.strip_suffix(" forever."))
                .and_then(|rest| rest.split_once(" to "))
                .and_then(|(a, b)| Some((a.parse::<usize>().ok()?, b.parse::<usize>().ok()?)))
                .ok_or_else(|| TestCaseError::fail(format!("last line: {last_line:?}")))?;
            prop_assert_eq!(last, said.len());
            prop_assert!(2 <= first && first <= last);
            // The position after the last move is the one before the first repeated move, and it
            // is the first position to come back.
            prop_assert_eq!(&after[last - 1], &after[first - 2]);
            let mut earlier: Vec<&String> = after[..last - 1].iter().collect();
            earlier.sort();
            earlier.dedup();
            prop_assert_eq!(earlier.len(), last - 1, "no position came back earlier");
        }
    }
    Ok(())
}

/// Checks the Lucky 7 explanation `text` of the game `digits`/`players` against the oracles.
fn check_lucky7_explanation(digits: &str, players: &str, text: &str) -> Result<(), TestCaseError> {
    let sets = lucky7_winning_sets(digits, players);
    let set = |wins: &[bool; 7]| {
        let residues: Vec<String> = (0..7).filter(|&r| wins[r]).map(|r| r.to_string()).collect();
        format!("{{{}}}", residues.join(", "))
    };
    let mut lines = text.lines();
    // Playing out every game is exact but slow: longer games are judged by the residues.
    let winner = match digits.len() {
        0..=12 => lucky7_winner(digits, players),
        _ => lucky7_winner_by_residues(digits, players),
    };
    let verdict = format!("{winner} wins.");
    prop_assert_eq!(lines.next(), Some(verdict.as_str()));
    let mut residue = 0;
    for (round, (digit, player)) in digits.bytes().zip(players.bytes()).enumerate() {
        let line = lines.next().unwrap_or_default();
        let (takahashi, digit) = (player == b'T', usize::from(digit - b'0'));
        let name = if takahashi { "Takahashi" } else { "Aoki" };
        let prefix = format!("Round {}: {name} appends ", round + 1);
        prop_assert!(line.starts_with(&prefix), "{}", line);
        let appended: usize = line[prefix.len()..prefix.len() + 1].parse().unwrap();
        prop_assert!(appended == digit || appended == 0);
        let next = (10 * residue + appended) % 7;
        let (before, after) = (&sets[round], &sets[round + 1]);
        let expected_rest = format!(
            " ({digit} or 0): residue {residue} -> {next}. Takahashi wins from {} before it and {} after it.",
            set(before),
            set(after)
        );
        prop_assert_eq!(&line[prefix.len() + 1..], expected_rest.as_str());
        // The player keeps a won game won; and appends the digit when the choice cannot matter.
        let (with_digit, with_zero) = (after[(10 * residue + digit) % 7], after[10 * residue % 7]);
        if before[residue] == takahashi {
            prop_assert_eq!(after[next], takahashi, "round {}", round + 1);
        }
        if with_digit == with_zero {
            prop_assert_eq!(appended, digit);
        }
        residue = next;
    }
    prop_assert_eq!(lines.next(), None);
    prop_assert_eq!(residue == 0, winner == "Takahashi");
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn shiritori_explanations_are_legal_optimal_games(
        words in small_dictionary(),
        chosen in prop::collection::vec(any::<prop::sample::Index>(), 1..4),
    ) {
        let openings: Vec<usize> = chosen.iter().map(|index| index.index(words.len())).collect();
        let numbers: Vec<String> = openings.iter().map(|k| (k + 1).to_string()).collect();
        let arguments: Vec<&str> = ["explain", "shiritori"].into_iter().chain(numbers.iter().map(String::as_str)).collect();
        let output = success(&tool(&arguments, shiritori_input(&words)));
        let positions = shiritori_positions(&words);
        let explanations: Vec<&str> = output.split("\n\n").collect();
        prop_assert_eq!(explanations.len(), openings.len());
        for (opening, text) in openings.into_iter().zip(explanations) {
            check_shiritori_explanation(&words, &positions, opening, text)?;
        }
    }

    #[test]
    fn lucky7_explanations_are_legal_optimal_games((digits, players) in small_game()) {
        let output = success(&tool(&["explain", "lucky7"], lucky7_input(&digits, &players)));
        check_lucky7_explanation(&digits, &players, &output)?;
    }

    #[test]
    fn lucky7_explanations_of_longer_games_show_every_digit((digits, players) in game(64)) {
        // Games of up to 64 rounds: S is packed sixteen digits at a time, and games of zeros and
        // sevens never settle early, so every digit shows in the explanation.
        let output = success(&tool(&["explain", "lucky7"], lucky7_input(&digits, &players)));
        check_lucky7_explanation(&digits, &players, &output)?;
    }
}
