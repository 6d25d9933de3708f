//! The report of a failure, on made-up failures: what it shows in full, and where it stops.

use atcoder_games_tool::judge::Failure;
use atcoder_games_tool::problem::{Input, Problem};
use atcoder_games_tool::report::{
    Asked, EXPLAINED_WORDS, SHOWN_DIFFERENCES, SHOWN_INPUT_LINES, SHOWN_STDERR, Setting,
    differences, report,
};
use atcoder_games_tool::search::Found;
use std::time::Duration;

fn setting(problem: Problem) -> Setting<'static> {
    Setting {
        problem,
        command: "./a.out",
        cases: 300,
        seed: 42,
        timeout: Duration::from_millis(1500),
    }
}

fn found(input: Input, failure: Failure) -> Found {
    Found {
        case: 6,
        first: input.clone(),
        input,
        failure,
        shrink_steps: 9,
    }
}

/// Word `k` (from 0) of [`words`]: `aaa`, `aab`, ..., `aaz`, `aba`, ...
fn word(k: usize) -> String {
    let letter = |code: usize| char::from(b'a' + code as u8);
    format!("a{}{}", letter(k / 26), letter(k % 26))
}

/// A dictionary of `count` words.
fn words(count: usize) -> Input {
    Input::Shiritori((0..count).map(word).collect())
}

/// The trusted answer: what it was asked, so the report shows what it asked.
fn trusted(asked: Asked) -> Result<String, ()> {
    Ok(format!("asked {asked:?}\nsecond line\n"))
}

/// The report of `found` for `problem`, with [`trusted`] answers.
fn reported(problem: Problem, found: &Found) -> String {
    report(&setting(problem), found, trusted).expect("the trusted answers do not fail")
}

#[test]
fn a_wrong_answer_shows_the_input_the_differences_and_the_games() {
    let expected = "Draw\nAoki\nTakahashi\n".to_string();
    let actual = "Draw\nTakahashi\nAoki\n".to_string();
    let failure = Failure::WrongAnswer { expected, actual };
    let text = reported(Problem::Shiritori, &found(words(3), failure));
    let wanted = "\
check: ./a.out gives a wrong answer on shiritori.

Smallest failing input (3 words), shrunk from case 7 of 300 (3 words, seed 42) after 9 tries:
3
aaa
aab
aac

Where the answers differ (expected: this crate's shiritori):
  word 2 \"aab\": expected Aoki, got Takahashi
  word 3 \"aac\": expected Takahashi, got Aoki

The right game (atcoder-games explain shiritori 2):
  asked Game(Some(2))
  second line

The right game (atcoder-games explain shiritori 3):
  asked Game(Some(3))
  second line
";
    assert_eq!(text, wanted);
}

#[test]
fn a_long_input_is_shown_in_part() {
    let timeout = found(words(SHOWN_INPUT_LINES - 1), Failure::Timeout);
    let text = reported(Problem::Shiritori, &timeout);
    // N and the words fill the lines shown exactly.
    assert!(text.contains(&format!("{}\naaa\n", SHOWN_INPUT_LINES - 1)));
    assert!(!text.contains("more lines"), "{text}");
    let timeout = found(words(SHOWN_INPUT_LINES), Failure::Timeout);
    let text = reported(Problem::Shiritori, &timeout);
    // N and all words but the last.
    let last_shown = word(SHOWN_INPUT_LINES - 2);
    let cut =
        format!("\n{last_shown}\n... and 1 more lines (--save PATH writes the whole input)\n");
    assert!(text.contains(&cut), "{text}");
    assert!(
        text.ends_with(
            "\nExpected output:\nasked Answer\nsecond line\n\nIt was killed after 1.5 s.\n"
        ),
        "{text}"
    );
    assert!(text.starts_with("check: ./a.out gives no answer within 1.5 s on shiritori.\n"));
}

#[test]
fn many_differences_are_shown_in_part_and_three_games_at_most() {
    for count in [SHOWN_DIFFERENCES, SHOWN_DIFFERENCES + 2] {
        let failure = Failure::WrongAnswer {
            expected: "Draw\n".repeat(count),
            actual: "Aoki\n".repeat(count),
        };
        let text = reported(Problem::Shiritori, &found(words(count), failure));
        let shown = text
            .lines()
            .filter(|line| line.ends_with(": expected Draw, got Aoki"));
        assert_eq!(shown.count(), SHOWN_DIFFERENCES, "{text}");
        let more = format!("  ... and {} more\n", count - SHOWN_DIFFERENCES);
        assert_eq!(text.contains(&more), count > SHOWN_DIFFERENCES, "{text}");
        assert!(!text.contains("... and 0"), "{text}");
        assert_eq!(text.matches("The right game").count(), EXPLAINED_WORDS);
    }
}

#[test]
fn a_lucky7_wrong_answer_shows_the_whole_game() {
    let game = Input::Lucky7 {
        digits: "35".to_string(),
        players: "AT".to_string(),
    };
    let failure = Failure::WrongAnswer {
        expected: "Takahashi\n".to_string(),
        actual: "Aoki\n".to_string(),
    };
    let text = reported(Problem::Lucky7, &found(game, failure));
    assert!(
        text.contains("(2 rounds), shrunk from case 7 of 300 (2 rounds, seed 42)"),
        "{text}"
    );
    assert!(text.contains("\n2\n35\nAT\n"), "{text}");
    assert!(
        text.contains("\n  expected Takahashi, got Aoki\n"),
        "{text}"
    );
    assert!(
        text.ends_with(
            "The right game (atcoder-games explain lucky7):\n  asked Game(None)\n  second line\n"
        ),
        "{text}"
    );
}

#[test]
fn a_crash_shows_both_ends_of_a_long_stderr() {
    for length in [2 * SHOWN_STDERR, 2 * SHOWN_STDERR + 1] {
        let stderr: String = (1..=length).map(|k| format!("line {k}\n")).collect();
        let failure = Failure::Crash {
            status: "exit status: 101".to_string(),
            stderr,
        };
        let text = reported(
            Problem::Lucky7,
            &found(
                Input::Lucky7 {
                    digits: "8".into(),
                    players: "A".into(),
                },
                failure,
            ),
        );
        assert!(
            text.starts_with(
                "check: ./a.out gives a runtime error on lucky7 (exit status: 101).\n"
            ),
            "{text}"
        );
        assert!(
            text.contains(
                "\nExpected output:\nasked Answer\nsecond line\n\nWhat it printed on stderr:\n"
            ),
            "{text}"
        );
        let shown: Vec<&str> = text
            .lines()
            .skip_while(|line| !line.starts_with("What it printed"))
            .skip(1)
            .collect();
        if length == 2 * SHOWN_STDERR {
            let all: Vec<String> = (1..=length).map(|k| format!("  line {k}")).collect();
            assert_eq!(shown, all);
        } else {
            let mut ends: Vec<String> = (1..=SHOWN_STDERR).map(|k| format!("  line {k}")).collect();
            ends.push("  ...".to_string());
            ends.extend((length - SHOWN_STDERR + 1..=length).map(|k| format!("  line {k}")));
            assert_eq!(shown, ends);
        }
    }
}

#[test]
fn differences_name_the_words_and_the_missing_lines() {
    let words = ["abc", "bcd", "cde"].map(String::from).to_vec();
    let input = Input::Shiritori(words);
    let found = differences(&input, "Draw\nAoki\nTakahashi\n", "Draw\nDraw\n");
    assert_eq!(
        found,
        [
            (
                Some(2),
                "word 2 \"bcd\": expected Aoki, got Draw".to_string()
            ),
            (
                Some(3),
                "word 3 \"cde\": expected Takahashi, got nothing".to_string()
            ),
        ]
    );
    let extra = differences(&input, "Draw\n", "Draw\nAoki\nAoki\nDraw\n");
    assert_eq!(
        extra[2],
        (None, "line 4: expected nothing, got Draw".to_string())
    );
    let game = Input::Lucky7 {
        digits: "35".to_string(),
        players: "AT".to_string(),
    };
    let found = differences(&game, "Takahashi\n", "Aoki\n");
    assert_eq!(found, [(None, "expected Takahashi, got Aoki".to_string())]);
}
