//! The catalogue of classic mistakes, and the diagnosis that names the one a program makes: each
//! mistake answers its editorial's counterexample as the editorial says, where the oracle answers
//! otherwise; a program that answers as one mistake is named for it and for no other; a crash or
//! an arbitrary bug is not.

use crate::common;

use atcoder_games_tool::error::Error;
use atcoder_games_tool::input::{Builtin, Input};
use atcoder_games_tool::mistake::{self, Mistake};
use atcoder_games_tool::search::{
    Answered, DIAGNOSIS_CASES, DIAGNOSIS_ENOUGH, DIAGNOSIS_SIZE, Undiagnosed, diagnose,
};
use std::fs;
use test_support::oracle::{lucky7_winner, shiritori_winners};

/// The right answer to `input`, from the brute-force oracles.
fn oracle(input: &Input) -> String {
    match input {
        Input::Shiritori(words) => {
            let lines: Vec<String> = shiritori_winners(&words.to_vec())
                .iter()
                .map(|winner| format!("{winner}\n"))
                .collect();
            lines.concat()
        }
        Input::Lucky7 { digits, players } => format!("{}\n", lucky7_winner(digits, players)),
        Input::Text(_) => unreachable!("a built-in problem's input"),
    }
}

fn words(list: &[&str]) -> Input {
    Input::Shiritori(list.iter().map(|word| word.to_string()).collect())
}

fn game(digits: &str, players: &str) -> Input {
    let (digits, players) = (digits.to_string(), players.to_string());
    Input::Lucky7 { digits, players }
}

fn named(problem: Builtin, id: &str) -> &'static Mistake {
    let mistakes = mistake::of(problem);
    let found = mistakes.iter().find(|mistake| mistake.id == id);
    found.unwrap_or_else(|| panic!("no mistake {id}"))
}

#[test]
fn every_mistake_has_an_id_a_sentence_and_an_editorial_section() {
    for (problem, editorial) in [
        (Builtin::Shiritori, "docs/shiritori.md"),
        (Builtin::Lucky7, "docs/lucky7.md"),
    ] {
        let text = fs::read_to_string(common::root().join(editorial)).unwrap();
        let common_mistakes = text
            .split("## Common mistakes")
            .nth(1)
            .expect("the section");
        let mut ids = Vec::new();
        for mistake in mistake::of(problem) {
            assert!(
                mistake
                    .id
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b == b'-'),
                "{mistake:?}"
            );
            assert!(mistake.sentence.ends_with('.'), "{mistake:?}");
            // The section that explains the right idea is one of the editorial's headings, of
            // its problem, and the command the report cites prints it.
            let section = mistake.section;
            assert_eq!(section.problem, problem, "{mistake:?}");
            let anchor = section.anchor;
            let heading = text.lines().any(|line| {
                let title = line.trim_start_matches('#').trim().to_lowercase();
                line.starts_with("## ")
                    && title.replace(' ', "-").replace(['`', ',', ':', '"'], "") == anchor
            });
            assert!(heading, "{editorial} has no section #{anchor}");
            let citation = section.citation();
            let arguments: Vec<&str> = citation.split(' ').collect();
            assert_eq!(
                arguments[..3],
                ["atcoder-games", "editorial", problem.name()]
            );
            let printed = common::stdout(&common::tool(&arguments[1..], ""));
            let text = section.text().unwrap();
            assert_eq!(printed.trim_end(), text, "{citation}");
            assert!(text.starts_with("## ") && !text[3..].contains("\n## "));
            // And the editorial's common mistakes say what it does.
            assert!(
                common_mistakes.contains(&format!("`{}`", mistake.id)),
                "{editorial} lacks {}",
                mistake.id
            );
            ids.push(mistake.id);
        }
        let count = ids.len();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), count, "the ids are distinct");
    }
    assert_eq!(mistake::of(Builtin::Shiritori).len(), 10);
    assert_eq!(mistake::of(Builtin::Lucky7).len(), 8);
}

/// One case a mistake, in one table read side by side: the function is as long as the catalogue.
#[test]
fn each_mistake_answers_its_counterexample_as_the_editorial_says() {
    let cases = [
        (
            Builtin::Shiritori,
            "draws-as-takahashi",
            words(&["ABC"]),
            "Takahashi\n",
        ),
        (
            Builtin::Shiritori,
            "draws-as-aoki",
            words(&["ABC"]),
            "Aoki\n",
        ),
        (
            Builtin::Shiritori,
            "self-loops-ignored",
            words(&["ABC"]),
            "Takahashi\n",
        ),
        (
            Builtin::Shiritori,
            "ignores-case",
            words(&["aAaA"]),
            "Draw\n",
        ),
        (
            Builtin::Shiritori,
            "wrong-block-length",
            words(&["ABC"]),
            "Takahashi\n",
        ),
        (
            Builtin::Shiritori,
            "direction-reversed",
            words(&["abaaab"]),
            "Aoki\n",
        ),
        (
            Builtin::Shiritori,
            "duplicates-once",
            words(&["abcaBc", "abcbca", "abcbca", "bcacab", "aBcabc"]),
            "Aoki\nAoki\nAoki\nTakahashi\nTakahashi\n",
        ),
        (
            Builtin::Shiritori,
            "loss-not-passed-on",
            words(&["aaaaaa", "aaaaba", "abaaab", "aabaAa"]),
            "Draw\nTakahashi\nAoki\nTakahashi\n",
        ),
        (
            Builtin::Shiritori,
            "waits-for-all-moves",
            words(&["bbabba", "bbaaaa"]),
            "Draw\nTakahashi\n",
        ),
        (
            Builtin::Shiritori,
            "cycle-as-draw",
            words(&["baBAAa", "AAabaB", "AAab"]),
            "Aoki\nDraw\nTakahashi\n",
        ),
        (
            Builtin::Lucky7,
            "last-player-wins",
            game("0", "A"),
            "Aoki\n",
        ),
        (
            Builtin::Lucky7,
            "zero-choice-ignored",
            game("5", "T"),
            "Aoki\n",
        ),
        (Builtin::Lucky7, "players-swapped", game("5", "T"), "Aoki\n"),
        (
            Builtin::Lucky7,
            "both-choose-for-takahashi",
            game("8", "A"),
            "Takahashi\n",
        ),
        (Builtin::Lucky7, "digit-weight", game("35", "AT"), "Aoki\n"),
        (
            Builtin::Lucky7,
            "start-residue-ignored",
            game("58", "AT"),
            "Takahashi\n",
        ),
        (Builtin::Lucky7, "forward-pass", game("35", "AT"), "Aoki\n"),
        (
            Builtin::Lucky7,
            "greedy",
            game("9926", "ATAT"),
            "Takahashi\n",
        ),
    ];
    for (problem, id, input, answer) in &cases {
        let mistake = named(*problem, id);
        assert_eq!(mistake.answers(input), *answer, "{id}");
        assert_ne!(oracle(input), *answer, "{id}: the oracle answers so too");
        let answered = [(input.clone(), answer.to_string())];
        assert!(mistake.agrees(&answered), "{id}");
    }
    // Every mistake of the catalogue has its counterexample here.
    let total = mistake::of(Builtin::Shiritori).len() + mistake::of(Builtin::Lucky7).len();
    assert_eq!(cases.len(), total);
    // Where it shows not, a mistake answers as the oracle does.
    let quiet = words(&["abcd", "bcda", "cdab"]);
    assert_eq!(
        named(Builtin::Shiritori, "cycle-as-draw").answers(&quiet),
        oracle(&quiet)
    );
}

/// The diagnosis of a program that answers as `answers` does, right where the oracle agrees.
fn diagnosed(
    problem: Builtin,
    answers: impl Fn(&Input) -> Option<String>,
) -> Result<atcoder_games_tool::search::Diagnosis, Undiagnosed> {
    let answer = |input: &Input| {
        Ok::<_, Error>(answers(input).map(|answer| Answered {
            right: answer == oracle(input),
            answer,
        }))
    };
    diagnose(&problem, 7, &[], answer).unwrap()
}

#[test]
fn a_program_that_answers_as_a_mistake_is_named_for_it_alone() {
    for problem in [Builtin::Shiritori, Builtin::Lucky7] {
        for mistake in mistake::of(problem) {
            let diagnosis = diagnosed(problem, |input| Some(mistake.answers(input)))
                .unwrap_or_else(|why| panic!("{mistake:?}: {why:?}"));
            let ids: Vec<&str> = diagnosis.mistakes.iter().map(|found| found.id).collect();
            assert_eq!(ids, [mistake.id]);
            // Shown in a test's message by its id alone, not its functions.
            assert_eq!(format!("{mistake:?}"), mistake.id);
            assert!(diagnosis.failing >= DIAGNOSIS_CASES, "{diagnosis:?}");
            assert!(diagnosis.right >= DIAGNOSIS_CASES, "{diagnosis:?}");
            // Drawn until there are enough cases, and no more: as many as that, or more for a
            // mistake that shows rarely (or rarely not), until the last it needed.
            let compared = diagnosis.failing + diagnosis.right;
            let rarer = diagnosis.failing.min(diagnosis.right);
            assert!(
                compared == DIAGNOSIS_ENOUGH
                    || (compared > DIAGNOSIS_ENOUGH && rarer == DIAGNOSIS_CASES),
                "{diagnosis:?}"
            );
            // The plainest input is one on which the program fails.
            assert_ne!(
                mistake.answers(&diagnosis.plainest),
                oracle(&diagnosis.plainest)
            );
        }
    }
}

#[test]
fn a_crash_gets_no_diagnosis_and_an_arbitrary_bug_matches_no_mistake() {
    // Crashing on one input, however the others go.
    let draws = named(Builtin::Shiritori, "draws-as-aoki");
    let crashes = |input: &Input| (input.size() != 2).then(|| draws.answers(input));
    assert_eq!(
        diagnosed(Builtin::Shiritori, crashes).unwrap_err(),
        Undiagnosed::Unrunnable
    );
    // An answer of its own on games that start with 7: wrong often enough, but as no mistake.
    let arbitrary = |input: &Input| {
        let Input::Lucky7 { digits, .. } = input else {
            unreachable!("a Lucky 7 game")
        };
        let right = oracle(input);
        Some(match (digits.starts_with('7'), right.as_str()) {
            (true, "Aoki\n") => "Takahashi\n".to_string(),
            (true, _) => "Aoki\n".to_string(),
            _ => right,
        })
    };
    let diagnosis = diagnosed(Builtin::Lucky7, arbitrary).expect("enough cases");
    assert!(diagnosis.mistakes.is_empty(), "{diagnosis:?}");
    // Wrong on one game in twenty, those where Takahashi starts with a 7: 64 random games show
    // too few failing cases, so more are drawn, and the neighbours of those that fail tried.
    let rare = |input: &Input| {
        let Input::Lucky7 { digits, players } = input else {
            unreachable!("a Lucky 7 game")
        };
        let right = oracle(input);
        Some(match digits.starts_with('7') && players.starts_with('T') {
            true if right == "Aoki\n" => "Takahashi\n".to_string(),
            true => "Aoki\n".to_string(),
            false => right,
        })
    };
    let diagnosis = diagnosed(Builtin::Lucky7, rare).expect("enough failing cases");
    assert!(diagnosis.failing >= DIAGNOSIS_CASES, "{diagnosis:?}");
    assert!(diagnosis.right >= DIAGNOSIS_CASES, "{diagnosis:?}");
    // A program right everywhere has too few failing cases to tell, and one never right too few
    // right ones.
    let right = diagnosed(Builtin::Lucky7, |input| Some(oracle(input)));
    assert!(
        matches!(right, Err(Undiagnosed::TooFew { failing: 0, .. })),
        "{right:?}"
    );
    // Never right, it is given up on after as many cases as a diagnosis wants.
    let never = diagnosed(Builtin::Lucky7, |_| Some("takahashi\n".to_string()));
    assert_eq!(
        never.unwrap_err(),
        Undiagnosed::TooFew {
            failing: DIAGNOSIS_ENOUGH,
            right: 0
        }
    );
}

#[test]
fn the_neighbours_of_a_small_known_failure_are_tried_and_of_a_large_one_not() {
    // Wrong on games of 48 rounds or more only, which no drawn game is (too long for the
    // oracle, so said wrong without it): the failures are the one the search found and, if it is
    // small enough, the games next to it.
    let answer = |input: &Input| {
        let answered = match input.size() >= DIAGNOSIS_SIZE {
            true => Answered {
                answer: "Aoki\n".to_string(),
                right: false,
            },
            false => Answered {
                answer: oracle(input),
                right: true,
            },
        };
        Ok::<_, Error>(Some(answered))
    };
    for (size, tried) in [(DIAGNOSIS_SIZE, true), (DIAGNOSIS_SIZE + 1, false)] {
        let found = Input::Lucky7 {
            digits: "7".repeat(size),
            players: "TA".repeat(size)[..size].to_string(),
        };
        let known = [(found.clone(), answer(&found).unwrap())];
        let diagnosis = diagnose(&Builtin::Lucky7, 7, &known, answer).unwrap();
        assert_eq!(diagnosis.is_ok(), tried, "{size} rounds: {diagnosis:?}");
    }
}

#[test]
fn a_headings_anchor_is_githubs() {
    use atcoder_games_tool::editorial::slug;
    assert_eq!(
        slug("How long the game lasts: `--depth`"),
        "how-long-the-game-lasts---depth"
    );
    assert_eq!(
        slug(" Backwards, because the end is known "),
        "backwards-because-the-end-is-known"
    );
    assert_eq!(slug("snake_case Words"), "snake_case-words");
}
