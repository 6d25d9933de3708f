//! The report's bounds: a long input, long lines and long tokens shown in part, every section
//! and the whole bounded.

use super::*;

#[test]
fn a_long_input_is_shown_in_part() {
    // The line before the input and N and the words fill the section exactly.
    let text = reported(
        Builtin::Shiritori,
        &found(words(SECTION_LINES - 2), crash()),
    );
    assert!(text.contains(&format!("{}\naaa\n", SECTION_LINES - 2)));
    assert!(!text.contains("more lines"), "{text}");
    let text = reported(
        Builtin::Shiritori,
        &found(words(SECTION_LINES - 1), crash()),
    );
    // N and all words but the last two, whose place the line that counts them takes.
    let last_shown = word(SECTION_LINES - 4);
    assert!(
        text.contains(&format!("\n{last_shown}\n... and 2 more lines\n")),
        "{text}"
    );
    assert!(
        text.starts_with(
            "check: ./a.out gives a runtime error (RE, exit status: 101) on shiritori.\n"
        ),
        "{text}"
    );
    assert!(
        section_lengths(&text)
            .iter()
            .all(|&lines| lines <= SECTION_LINES)
    );
}

#[test]
fn long_lines_are_shortened_and_the_report_bounded() {
    // A Lucky 7 game of 200,000 rounds, found by a crash: its two long lines are shown by their
    // ends.
    let digits = "0123456789".repeat(20_000);
    let players = "AT".repeat(100_000);
    let input = Input::Lucky7 { digits, players };
    let failure = Failure::Crash {
        status: "exit status: 1".into(),
        stderr: "x".repeat(1_000_000),
        too_deep: None,
    };
    let found = found(input, failure);
    let text = reported(Builtin::Lucky7, &found);
    assert!(
        text.contains("\n01234567890123456789...(199,960 characters)...01234567890123456789\n"),
        "{text}"
    );
    assert!(
        text.contains("\nATATATATATATATATATAT...(199,960 characters)...ATATATATATATATATATAT\n"),
        "{text}"
    );
    assert!(text.len() < 4096, "{text}");
    for line in text.lines() {
        assert!(line.chars().count() <= 160, "{line}");
    }
    // Many long lines stop at 16 KiB, and say so.
    let wrong = Failure::WrongAnswer {
        expected: "Aoki\n".repeat(400),
        actual: "Takahashi\n".repeat(400),
        message: None,
    };
    let long_words: Vec<String> = (0..400)
        .map(|k| format!("{}{k}", "abc".repeat(40)))
        .collect();
    let mut found = self::found(Input::Shiritori(long_words.iter().collect()), wrong);
    found.case = Case::Random(3);
    let long_game: String = (1..=300)
        .map(|k| format!("{k}. Takahashi: {} {}\n", "w".repeat(50), "v".repeat(50)))
        .collect();
    let text = report(&scenario(Builtin::Shiritori), &found, None, None, |_| {
        Ok::<_, Error>(long_game.clone())
    })
    .unwrap();
    assert!(text.len() <= 16 * 1024, "{}", text.len());
    assert!(
        text.ends_with("\n... (the report stops here, 4,086 bytes short of its end)\n"),
        "{}",
        &text[text.len() - 200..]
    );
    // The cut comes after as many lines as fit in 15 KiB (16 KiB, less 1 KiB for where the case
    // is saved): one command or another, they fill it to the byte.
    let mut filled = false;
    for padding in 0..130 {
        let command = format!("./{}", "a".repeat(padding));
        let text = report(
            &Scenario {
                command: &command,
                ..scenario(Builtin::Shiritori)
            },
            &found,
            None,
            None,
            |_| Ok::<_, Error>(long_game.clone()),
        )
        .unwrap();
        let kept = text.rfind("... (the report stops here, ").unwrap();
        assert!(kept <= 15 * 1024, "{kept}");
        filled |= kept == 15 * 1024;
    }
    assert!(filled);
}

#[test]
fn a_long_line_shows_its_long_tokens_by_their_ends_and_is_cut_past_160_characters() {
    let words = |count: usize| vec!["abcd"; count].join(" ");
    // Up to the width, and up to 40 characters more, a line of short words is shown whole.
    for count in [24, 25, 32] {
        assert_eq!(shortened(&words(count)), words(count));
    }
    // Longer, its first 80 characters, and how many more there were.
    let long = words(40);
    assert_eq!(
        shortened(&long),
        format!("{}... (119 more characters)", &long[..80])
    );
    // A token over 60 characters is shown by its 20 first and 20 last.
    let token = format!("{}{}{}", "h".repeat(20), "m".repeat(90), "t".repeat(20));
    assert_eq!(
        shortened(&format!("a {token} z")),
        format!(
            "a {}...(90 characters)...{} z",
            "h".repeat(20),
            "t".repeat(20)
        )
    );
}

#[test]
fn an_input_is_shown_in_full_when_it_fits_its_section() {
    // A random case's input shares its section with one line, a family's with two.
    for (lines, fits) in [(SECTION_LINES - 1, true), (SECTION_LINES, false)] {
        let random = found(words(lines - 1), crash());
        let text = reported(Builtin::Shiritori, &random);
        assert_eq!(!text.contains("more lines"), fits, "{text}");
    }
    let family = Family::OneWord;
    let origin = Origin {
        family: Some(family),
        seed: 1,
    };
    for (lines, fits) in [(SECTION_LINES - 2, true), (SECTION_LINES - 1, false)] {
        let from_family = Found {
            case: Case::Family(family),
            origin: Some(origin),
            ..found(family.input(lines - 1, origin.seed), crash())
        };
        let text = reported(Builtin::Shiritori, &from_family);
        assert_eq!(!text.contains("more lines"), fits, "{text}");
    }
}

#[test]
fn an_input_is_shown_when_it_fits_in_the_reports_lines() {
    let slow = time_limit(3.0);
    // 120 rounds make lines of 120 characters, as wide as the report: shown. 121 are not.
    let text = reported(Builtin::Lucky7, &found(game(120), slow.clone()));
    assert!(text.contains(&format!("\n{}\n", "0".repeat(120))), "{text}");
    let text = reported(Builtin::Lucky7, &found(game(121), slow.clone()));
    assert!(!text.contains("00000000"), "{text}");
    // Twenty lines are shown, twenty-one are not: Shiritori's words, a line each.
    let text = reported(Builtin::Shiritori, &found(words(19), slow.clone()));
    assert!(text.contains("\naaa\n"), "{text}");
    let text = reported(Builtin::Shiritori, &found(words(20), slow));
    assert!(!text.contains("\naaa\n"), "{text}");
}

#[test]
fn a_long_command_goes_on_at_its_words_and_a_word_longer_than_a_line_is_whole() {
    use atcoder_games_tool::format::{bounded, write_command_words};
    let long = "x".repeat(LINE_WIDTH + 10);
    let words: Vec<String> = ["atcoder-games", "check", &long, "--seed", "1"]
        .map(String::from)
        .to_vec();
    let mut text = String::new();
    write_command_words(&mut text, &words);
    // Each line but the last ends in ` \`, as a shell goes on to the next, indented.
    assert_eq!(
        bounded(&text, 1 << 20),
        format!("  atcoder-games check \\\n    {long} \\\n    --seed 1\n")
    );
    // A short one is one line, and so is one that fills the line with room for the ` \`.
    let mut text = String::new();
    write_command_words(&mut text, &words[..2]);
    assert_eq!(bounded(&text, 1 << 20), "  atcoder-games check\n");
    // Two spaces, the words and the space between them, and room for ` \`: a line's width.
    let first = "a".repeat(60);
    let filling = "y".repeat(LINE_WIDTH - 2 - 60 - 1 - 2);
    let mut text = String::new();
    write_command_words(&mut text, &[first.clone(), filling.clone()]);
    assert_eq!(bounded(&text, 1 << 20), format!("  {first} {filling}\n"));
    // One character more goes on.
    let mut text = String::new();
    write_command_words(&mut text, &[first.clone(), format!("{filling}y")]);
    assert_eq!(
        bounded(&text, 1 << 20),
        format!("  {first} \\\n    {filling}y\n")
    );
}
