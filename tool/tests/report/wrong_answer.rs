//! The report of a wrong answer: the input, where the answers differ, the right games, the
//! diagnosis, a near miss.

use super::*;

#[test]
fn a_wrong_answer_shows_the_input_the_differences_and_the_games() {
    let expected = "Draw\nAoki\nTakahashi\n".to_string();
    let actual = "Draw\nTakahashi\nAoki\n".to_string();
    let failure = Failure::WrongAnswer {
        expected,
        actual,
        message: None,
    };
    let text = reported(Builtin::Shiritori, &found(words(3), failure));
    let wanted = "\
check: ./a.out gives a wrong answer (WA) on shiritori.
Found in 3.0 s, 2 runs at a time.

Smallest failing input (3 words), shrunk from case 7 of 300 (3 words, seed 42) after 9 tries:
3
aaa
aab
aac

Where the answers differ (expected: this crate's shiritori):
  word 2 \"aab\": expected Aoki, got Takahashi
  word 3 \"aac\": expected Takahashi, got Aoki

The right game:
  asked Game(Some(2))
  second line
To play it again:
  atcoder-games explain shiritori 2

The right game:
  asked Game(Some(3))
  second line
To play it again:
  atcoder-games explain shiritori 3
";
    assert_eq!(text, wanted);
}

#[test]
fn a_long_right_game_is_shown_in_part() {
    let long = |asked: Game| -> Result<String, ()> {
        Ok((0..100).map(|k| format!("{asked:?} line {k}\n")).collect())
    };
    let failure = Failure::WrongAnswer {
        expected: "Takahashi\n".to_string(),
        actual: "Aoki\n".to_string(),
        message: None,
    };
    let text = report(
        &scenario(Builtin::Lucky7),
        &found(game(100), failure),
        None,
        None,
        long,
    )
    .unwrap();
    assert!(text.contains("\n  ... and 64 more lines\n"), "{text}");
    assert!(
        section_lengths(&text)
            .iter()
            .all(|&lines| lines <= SECTION_LINES + 1),
        "{text}"
    );
}

#[test]
fn many_differences_are_shown_in_part_and_three_games_at_most() {
    for count in [SHOWN_DIFFERENCES, SHOWN_DIFFERENCES + 2] {
        let failure = Failure::WrongAnswer {
            expected: "Draw\n".repeat(count),
            actual: "Aoki\n".repeat(count),
            message: None,
        };
        let text = reported(Builtin::Shiritori, &found(words(count), failure));
        let shown = text
            .lines()
            .filter(|line| line.ends_with(": expected Draw, got Aoki"));
        // At most SHOWN_DIFFERENCES lines, the last saying how many more there are.
        let more_shown = usize::from(count > SHOWN_DIFFERENCES);
        assert_eq!(shown.count(), SHOWN_DIFFERENCES - more_shown, "{text}");
        let more = format!("  ... and {} more\n", count - SHOWN_DIFFERENCES + 1);
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
        message: None,
    };
    let text = reported(Builtin::Lucky7, &found(game, failure));
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
            "The right game:\n  asked Game(None)\n  second line\nTo play it again:\n  atcoder-games explain lucky7\n"
        ),
        "{text}"
    );
}

#[test]
fn differences_name_the_words_and_the_missing_lines() {
    let input = Input::Shiritori(["abc", "bcd", "cde"].into_iter().collect());
    let shiritori = Builtin::Shiritori;
    let found = differences(shiritori, &input, "Draw\nAoki\nTakahashi\n", "Draw\nDraw\n");
    assert_eq!(
        found,
        [
            "word 2 \"bcd\": expected Aoki, got Draw",
            "word 3 \"cde\": expected Takahashi, got nothing",
        ]
    );
    let extra = differences(shiritori, &input, "Draw\n", "Draw\nAoki\nAoki\nDraw\n");
    assert_eq!(extra[2], "line 4: expected nothing, got Draw");
    // The right games are of the words whose answers differ, at most three of them.
    let lines = [1, 2, 3];
    assert_eq!(explained(shiritori, &input, &lines, 3), [Some(2), Some(3)]);
    assert_eq!(explained(shiritori, &input, &lines, 1), [Some(2)]);
    let game = Input::Lucky7 {
        digits: "35".to_string(),
        players: "AT".to_string(),
    };
    let found = differences(Builtin::Lucky7, &game, "Takahashi\n", "Aoki\n");
    assert_eq!(found, ["expected Takahashi, got Aoki"]);
    assert_eq!(explained(Builtin::Lucky7, &game, &[0], 3), [None]);
}

#[test]
fn a_failing_official_sample_is_named_and_shown() {
    let failure = Failure::WrongAnswer {
        expected: "Takahashi\n".to_string(),
        actual: "Aoki\n".to_string(),
        message: None,
    };
    let sample = Builtin::Lucky7.samples()[1].clone();
    let found = Found {
        case: Case::Sample(2),
        shrink_steps: 0,
        ..found(sample.clone(), failure)
    };
    let text = reported(Builtin::Lucky7, &found);
    assert!(
        text.starts_with("check: ./a.out gives a wrong answer (WA) on lucky7: it fails official sample 2.\nFound in 3.0 s, 2 runs at a time.\n\nOfficial sample 2 (5 rounds):\n"),
        "{text}"
    );
    assert!(text.contains(&sample.text()), "{text}");
}

/// A diagnosis naming `ids` of Shiritori's mistakes, from 20 cases, `plainest` the smallest failing.
fn diagnosis_of(ids: &[&str], plainest: Input) -> Diagnosis {
    let catalogue = atcoder_games_tool::mistake::of(Builtin::Shiritori);
    let mistakes = ids
        .iter()
        .map(|id| catalogue.iter().find(|mistake| mistake.id == *id).unwrap())
        .collect();
    Diagnosis {
        mistakes,
        failing: 9,
        right: 11,
        plainest,
    }
}

#[test]
fn a_diagnosis_names_the_mistakes_or_says_none_matches() {
    let failure = Failure::WrongAnswer {
        expected: "Draw\n".to_string(),
        actual: "Aoki\n".to_string(),
        message: None,
    };
    let found = found(words(1), failure);
    let told = |diagnosis: &Result<Diagnosis, Undiagnosed>| {
        let text = report(
            &scenario(Builtin::Shiritori),
            &found,
            None,
            Some(diagnosis),
            trusted,
        );
        unwrapped(&text.unwrap())
    };
    let report = |diagnosis: &Diagnosis| told(&Ok(diagnosis.clone()));
    // One, with the input where it shows, which is the one above.
    let text = report(&diagnosis_of(&["draws-as-aoki"], words(1)));
    assert!(text.contains("\n\nLikely mistake: draws-as-aoki — The analysis is right, but a draw is printed as a win for Aoki. (atcoder-games editorial shiritori deciding-vertices-backwards) Its answers are the program's on all 20 cases compared (9 failing, 11 right); it shows most plainly on the input above.\n\n"), "{text}");
    // Two, the simplest first, and an input of its own.
    let text = report(&diagnosis_of(
        &["draws-as-takahashi", "self-loops-ignored"],
        words(2),
    ));
    assert!(
        text.contains("\n\nLikely mistakes: draws-as-takahashi — "),
        "{text}"
    );
    assert!(text.contains(" Or: self-loops-ignored — "), "{text}");
    assert!(
        text.contains("; it shows most plainly on 2 words:   2   aaa   aab\n\n"),
        "{text}"
    );
    // A long one, in part.
    let long = words(SECTION_LINES);
    let text = report(&diagnosis_of(&["draws-as-aoki"], long.clone()));
    let shown = text
        .split(&format!(
            "it shows most plainly on {}:",
            long.describe_size()
        ))
        .nth(1)
        .unwrap_or_else(|| panic!("{text}"));
    let shown = shown.split("\n\n").next().unwrap();
    assert_eq!(
        shown.split("   ").filter(|line| !line.is_empty()).count(),
        SECTION_LINES / 2,
        "{text}"
    );
    assert!(shown.ends_with(" and 22 more lines"), "{text}");
    // None.
    let text = report(&diagnosis_of(&[], words(1)));
    assert!(text.contains("\n\nThe failure matches no known mistake: none of those of the editorial's common mistakes answers as the program does on the 20 cases compared (9 failing, 11 right).\n\n"), "{text}");
    // Nothing to compare, or too little: one line that says which.
    let text = told(&Err(Undiagnosed::Unrunnable));
    assert!(text.contains("\n\nNo mistake could be named: it crashed or ran out of time or memory on a small input, which none of the editorial's common mistakes does.\n\n"), "{text}");
    let text = told(&Err(Undiagnosed::TooFew {
        failing: 70,
        right: 0,
    }));
    assert!(text.contains("\n\nNo mistake could be named: of the 70 small cases compared, none was right, and a mistake is told by where the program is right as much as by where it fails.\n\n"), "{text}");
    let text = told(&Err(Undiagnosed::TooFew {
        failing: 1,
        right: 69,
    }));
    assert!(text.contains("only 1 was failing"), "{text}");
    // Enough failing cases, too few right ones: the right ones are said.
    let text = told(&Err(Undiagnosed::TooFew {
        failing: 8,
        right: 3,
    }));
    assert!(
        text.contains("of the 11 small cases compared, only 3 were right"),
        "{text}"
    );
    // A problem of one's own has no catalogue, and says nothing of one.
    let text = told(&Err(Undiagnosed::NoCatalogue));
    assert!(!text.contains("mistake"), "{text}");
}

#[test]
fn an_answer_wrong_only_in_letter_case_or_whitespace_is_named_so() {
    let wrong = |actual: &str| Failure::WrongAnswer {
        expected: "Takahashi\n".to_string(),
        actual: actual.to_string(),
        message: None,
    };
    let text = unwrapped(&reported(
        Builtin::Lucky7,
        &found(game(2), wrong("takahashi\n")),
    ));
    assert!(
        text.contains(
            "\n\nThe answers differ only in letter case: the judge compares them exactly"
        ),
        "{text}"
    );
    let text = unwrapped(&reported(
        Builtin::Lucky7,
        &found(game(2), wrong(" Takahashi\n")),
    ));
    assert!(
        text.contains("\n\nThe answers differ only in whitespace: "),
        "{text}"
    );
    let text = unwrapped(&reported(Builtin::Lucky7, &found(game(2), wrong("Aoki\n"))));
    assert!(!text.contains("differ only"), "{text}");
    // A number right to its ninth significant digit: --tolerance is suggested.
    let close = Failure::WrongAnswer {
        expected: "0.1428571428571\n".to_string(),
        actual: "0.142857142857\n".to_string(),
        message: None,
    };
    let text = unwrapped(&reported(Builtin::Lucky7, &found(game(2), close)));
    assert!(
        text.contains("\n\nThe answers differ only past the ninth significant digit of a number: ")
            && text.contains("give it with --tolerance, as oj's -e."),
        "{text}"
    );
}
