//! The stress test's parts on their own: judging a run, the inputs of each case, and the search
//! with its shrinking.

use atcoder_games_tool::judge::{Failure, answer_lines, judge};
use atcoder_games_tool::problem::{Input, JUDGE_MAX, Problem};
use atcoder_games_tool::process::{Run, Stop};
use atcoder_games_tool::search::{Conclusion, Plan, Progress, search};
use proptest::strategy::{Strategy, ValueTree};
use proptest::test_runner::TestRunner;
use std::os::unix::process::ExitStatusExt;
use std::process::ExitStatus;
use std::time::Duration;

/// A run that exited with `code` after printing `stdout`.
fn exited(code: i32, stdout: &str) -> Run {
    ended(ExitStatus::from_raw(code << 8), stdout)
}

fn ended(status: ExitStatus, stdout: &str) -> Run {
    Run {
        status,
        stopped: None,
        stdout: stdout.as_bytes().to_vec(),
        stderr: b"boom\n".to_vec(),
        wall: Duration::from_millis(5),
        cpu: Duration::from_millis(4),
        peak_memory: 1 << 20,
    }
}

#[test]
fn the_judge_ignores_trailing_whitespace_and_blank_lines_only() {
    let expected = "Aoki\nDraw\n";
    for same in [
        "Aoki\nDraw\n",
        "Aoki\nDraw",
        "Aoki  \nDraw\t\n\n\n",
        "Aoki\r\nDraw\r\n",
    ] {
        assert_eq!(judge(expected, exited(0, same)), None, "{same:?}");
    }
    for different in [
        "Aoki\nAoki\n",
        "Aoki\n",
        "\nAoki\nDraw\n",
        "Aoki\nDraw\nDraw\n",
        " Aoki\nDraw\n",
    ] {
        let failure = judge(expected, exited(0, different)).expect("a wrong answer");
        assert_eq!(failure.kind(), "wrong answer");
        assert_eq!(
            failure,
            Failure::WrongAnswer {
                expected: expected.to_string(),
                actual: different.to_string()
            }
        );
    }
    assert_eq!(answer_lines("a \n\nb\n\n \n"), ["a", "", "b"]);
}

#[test]
fn crashes_and_timeouts_are_told_apart() {
    let crash = judge("Aoki\n", exited(101, "Aoki\n")).expect("a crash");
    assert_eq!(crash.kind(), "runtime error");
    assert_eq!(
        crash,
        Failure::Crash {
            status: "exit status: 101".to_string(),
            stderr: "boom\n".to_string()
        }
    );
    let killed = ended(ExitStatus::from_raw(9), "");
    let Some(Failure::Crash { status, .. }) = judge("Aoki\n", killed) else {
        panic!("a signal is a crash");
    };
    assert!(status.contains("signal: 9"), "{status}");
    let stopped = Run {
        stopped: Some(Stop::WallTime),
        ..ended(ExitStatus::from_raw(9), "Aoki\n")
    };
    let timeout = judge("Aoki\n", stopped).expect("a timeout");
    assert_eq!(
        (timeout.kind(), timeout),
        ("time limit exceeded", Failure::Timeout)
    );
}

/// Whether `input` keeps to the judge's constraints.
fn within_constraints(input: &Input) -> bool {
    match input {
        Input::Shiritori(words) => {
            let word_ok = |w: &String| {
                (3..=8).contains(&w.len()) && w.bytes().all(|b| b.is_ascii_alphabetic())
            };
            (1..=JUDGE_MAX).contains(&words.len()) && words.iter().all(word_ok)
        }
        Input::Lucky7 { digits, players } => {
            (1..=JUDGE_MAX).contains(&digits.len())
                && digits.len() == players.len()
                && digits.bytes().all(|b| b.is_ascii_digit())
                && players.bytes().all(|b| b == b'A' || b == b'T')
        }
    }
}

#[test]
fn the_size_limits_grow_from_one_to_the_judges_largest() {
    for problem in [Problem::Shiritori, Problem::Lucky7] {
        let small = if problem == Problem::Shiritori {
            24
        } else {
            16
        };
        for cases in [1, 2, 3, 4, 10, 100, 300] {
            let limits: Vec<usize> = (0..cases)
                .map(|case| problem.size_limit(case, cases))
                .collect();
            assert_eq!(limits[0], 1, "{problem:?}, {cases} cases");
            assert!(
                limits.windows(2).all(|pair| pair[0] <= pair[1]),
                "{limits:?}"
            );
            if cases > 1 {
                assert_eq!(
                    limits[cases - 1],
                    JUDGE_MAX,
                    "{problem:?}, {cases} cases: {limits:?}"
                );
            }
        }
        // Of 100 cases, 75 are small, growing to their largest size, and the other 25 grow
        // geometrically from 100 to the judge's largest: 4,472 halfway, the geometric mean.
        let limit = |case| problem.size_limit(case, 100);
        assert_eq!(
            (limit(73) < small, limit(74), limit(75)),
            (true, small, 100)
        );
        assert_eq!(limit(87), 4_472);
    }
}

#[test]
fn inputs_keep_to_the_constraints_and_their_size_limits() {
    let mut runner = TestRunner::deterministic();
    for problem in [Problem::Shiritori, Problem::Lucky7] {
        let cases = 100;
        let mut largest = 0;
        for case in (0..cases).step_by(3).chain([cases - 1]) {
            let samples = if case < 90 { 10 } else { 2 };
            let limit = problem.size_limit(case, cases);
            let strategy = problem.inputs(case, cases);
            for _ in 0..samples {
                let input = strategy.new_tree(&mut runner).unwrap().current();
                assert!(within_constraints(&input), "case {case}: {input:?}");
                // A small dictionary may list a word twice; from case 75 of 100 on, the inputs
                // are the benchmark kinds, of at most their size limit.
                let most = if case < 75 { 2 * limit } else { limit };
                assert!(
                    input.size() <= most,
                    "case {case}: {} > {most}",
                    input.size()
                );
                largest = largest.max(input.size());
            }
        }
        assert!(largest > JUDGE_MAX / 10, "{problem:?} grows to {largest}");
    }
}

#[test]
fn the_search_shrinks_to_the_smallest_failure_of_the_same_kind() {
    // A "solution" wrong on every dictionary of at least three words, and crashing on smaller
    // ones: the shrinking must not trade the wrong answer for a crash.
    let wrong = Failure::WrongAnswer {
        expected: "Draw\n".to_string(),
        actual: "Aoki\n".to_string(),
    };
    let mut progress = Vec::new();
    let outcome = search(
        Problem::Shiritori,
        Plan::new(300, 5),
        |input| {
            Ok::<_, ()>(Some(match input.size() {
                0..3 => Failure::Timeout,
                _ => wrong.clone(),
            }))
        },
        |step| {
            if let Progress::Shrinking { steps, input } = step {
                progress.push((steps, input.size()));
            }
        },
    )
    .unwrap();
    let Conclusion::Failed(found) = outcome else {
        panic!("the first case fails");
    };
    // The first case has one or two words, and so fails with a timeout...
    assert_eq!(found.case, 0);
    assert!(
        progress.len() <= found.shrink_steps,
        "a report per smaller failure"
    );
    assert_eq!(found.failure, Failure::Timeout);
    assert!(found.input.size() <= found.first.size());
    // ... and the search for a wrong answer runs until dictionaries of three words.
    let outcome = search(
        Problem::Shiritori,
        Plan::new(300, 5),
        |input| Ok::<_, ()>((input.size() >= 3).then(|| wrong.clone())),
        |_| {},
    )
    .unwrap();
    let Conclusion::Failed(found) = outcome else {
        panic!("a case of three words comes");
    };
    assert_eq!(found.failure, wrong);
    assert_eq!(found.input.size(), 3, "{found:?}");
    assert!(found.first.size() >= 3);
    assert!(found.shrink_steps > 0 || found.first.size() == 3);
}

#[test]
fn a_search_without_failures_passes_every_case_and_errors_stop_it() {
    let mut cases_seen = Vec::new();
    let outcome = search(
        Problem::Lucky7,
        Plan::new(20, 1),
        |input| {
            cases_seen.push(input.size());
            Ok::<_, ()>(None)
        },
        |_| {},
    )
    .unwrap();
    assert_eq!(cases_seen.len(), 20);
    let largest = *cases_seen.iter().max().unwrap();
    assert!(matches!(outcome, Conclusion::Passed { largest: reported } if reported == largest));
    let stopped = search(
        Problem::Lucky7,
        Plan::new(20, 1),
        |_| Err("cannot start"),
        |_| {},
    );
    assert_eq!(stopped.unwrap_err(), "cannot start");
}

#[test]
fn shrinking_keeps_to_the_first_kind_of_failure_and_to_its_limit() {
    // Wrong on every dictionary of three words or more; once that is found, smaller ones hang.
    let wrong = Failure::WrongAnswer {
        expected: "Draw\n".to_string(),
        actual: "Aoki\n".to_string(),
    };
    let mut found_wrong = false;
    let test = |input: &Input| {
        found_wrong |= input.size() >= 3;
        Ok::<_, ()>(match input.size() {
            3.. => Some(wrong.clone()),
            _ if found_wrong => Some(Failure::Timeout),
            _ => None,
        })
    };
    let Conclusion::Failed(found) =
        search(Problem::Shiritori, Plan::new(300, 5), test, |_| {}).unwrap()
    else {
        panic!("dictionaries of three words come");
    };
    assert_eq!(
        (found.input.size(), &found.failure),
        (3, &wrong),
        "{found:?}"
    );
    // At most so many smaller inputs are tried: from a game of ten rounds or more, where every
    // smaller game fails too, shrinking could go on for longer.
    for max_shrink_steps in [0, 1, 3] {
        let plan = Plan {
            max_shrink_steps,
            ..Plan::new(300, 5)
        };
        let mut failing = false;
        let from_ten_rounds = |input: &Input| {
            failing |= input.size() >= 10;
            Ok::<_, ()>(failing.then_some(Failure::Timeout))
        };
        let outcome = search(Problem::Lucky7, plan, from_ten_rounds, |_| {}).unwrap();
        let Conclusion::Failed(found) = outcome else {
            panic!("games of ten rounds come");
        };
        assert!(found.first.size() >= 10);
        assert_eq!(found.shrink_steps, max_shrink_steps);
    }
}

#[test]
fn an_input_drops_one_word_or_round_but_never_its_last() {
    let words = |list: &[&str]| Input::Shiritori(list.iter().map(|w| w.to_string()).collect());
    let three = words(&["abc", "bcd", "cde"]);
    assert_eq!(three.without(1), Some(words(&["abc", "cde"])));
    assert_eq!(three.without(2), Some(words(&["abc", "bcd"])));
    assert_eq!(three.without(3), None);
    assert_eq!(words(&["abc"]).without(0), None);
    let game = Input::Lucky7 {
        digits: "35".to_string(),
        players: "AT".to_string(),
    };
    let smaller = Input::Lucky7 {
        digits: "5".to_string(),
        players: "T".to_string(),
    };
    assert_eq!(game.without(0), Some(smaller.clone()));
    assert_eq!(smaller.without(0), None);
    assert_eq!(
        (game.describe_size(), smaller.describe_size()),
        ("2 rounds".to_string(), "1 round".to_string())
    );
}

#[test]
fn no_round_of_the_smallest_failure_can_be_dropped() {
    // Fails on a game with a round (0, T), or with a round of Takahashi's and another with the
    // digit 5. proptest drops rounds first, while both rounds of the second kind are needed, and
    // then simplifies each round, which may turn Takahashi's round into (0, T): the other round
    // is no longer needed, and only the last pass, which drops rounds one by one, drops it.
    let fails = |input: &Input| {
        let Input::Lucky7 { digits, players } = input else {
            unreachable!("a Lucky 7 search")
        };
        let rounds: Vec<(char, char)> = digits.chars().zip(players.chars()).collect();
        let takahashi_zero = rounds.contains(&('0', 'T'));
        let pair = rounds.iter().enumerate().any(|(i, &(_, player))| {
            player == 'T'
                && rounds
                    .iter()
                    .enumerate()
                    .any(|(j, &(d, _))| i != j && d == '5')
        });
        takahashi_zero || pair
    };
    let wrong = Failure::WrongAnswer {
        expected: "Takahashi\n".to_string(),
        actual: "Aoki\n".to_string(),
    };
    for seed in 0..40 {
        let test = |input: &Input| Ok::<_, ()>(fails(input).then(|| wrong.clone()));
        let outcome = search(Problem::Lucky7, Plan::new(300, seed), test, |_| {}).unwrap();
        let Conclusion::Failed(found) = outcome else {
            panic!("seed {seed}: such games come");
        };
        let droppable = (0..found.input.size())
            .filter_map(|round| found.input.without(round))
            .find(fails);
        assert_eq!(droppable, None, "seed {seed}: {:?}", found.input);
    }
}
