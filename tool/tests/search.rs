//! The search on its own: the inputs of each case and of each family, the search, its shrinking
//! and its bisection, on made-up solutions.

use atcoder_games_tool::builtin::inputs;
use atcoder_games_tool::error::Error;
use atcoder_games_tool::family::Family;
use atcoder_games_tool::family::Origin;
use atcoder_games_tool::generate::STAR_HUB;
use atcoder_games_tool::input::{Builtin, Input, JUDGE_MAX, Words};
use atcoder_games_tool::judge::{Failure, TooDeep};
use atcoder_games_tool::problem::{self, Expected, size_limit};
use atcoder_games_tool::search::{
    Budget, Case, Clock, Conclusion, HANG, Plan, Progress, Runs, SystemClock, cut_down, hangs,
    search,
};
use proptest::strategy::{Strategy, ValueTree};
use proptest::test_runner::TestRunner;
use std::cell::Cell;
use std::sync::Arc;
use std::time::{Duration, Instant};
use test_support::oracle::shiritori_winners;

/// A time-out, as the made-up solutions below give it.
fn time_limit() -> Failure {
    Failure::TimeLimit {
        time: Duration::from_secs(3),
        stopped: true,
        blocked: false,
    }
}

/// Whether `input` is one of the official samples, which the search runs first.
fn official(input: &Input) -> bool {
    [Builtin::Shiritori, Builtin::Lucky7]
        .iter()
        .any(|problem| problem.samples().contains(input))
}

/// The input that `origin`, a family's, makes at `size`.
fn input_of(origin: Origin, size: usize) -> Input {
    origin
        .family
        .expect("a family's origin")
        .input(size, origin.seed)
}

/// Whether `input` keeps to the judge's constraints.
fn within_constraints(input: &Input) -> bool {
    match input {
        Input::Shiritori(words) => {
            let word_ok =
                |w: &str| (3..=8).contains(&w.len()) && w.bytes().all(|b| b.is_ascii_alphabetic());
            (1..=JUDGE_MAX).contains(&words.len()) && words.iter().all(word_ok)
        }
        Input::Lucky7 { digits, players } => {
            (1..=JUDGE_MAX).contains(&digits.len())
                && digits.len() == players.len()
                && digits.bytes().all(|b| b.is_ascii_digit())
                && players.bytes().all(|b| b == b'A' || b == b'T')
        }
        Input::Text(_) => false,
    }
}

#[test]
fn the_size_limits_grow_from_one_to_the_judges_largest() {
    for problem in [Builtin::Shiritori, Builtin::Lucky7] {
        let small = if problem == Builtin::Shiritori {
            24
        } else {
            16
        };
        for cases in [1, 2, 3, 4, 10, 100, 300] {
            let limits: Vec<usize> = (0..cases)
                .map(|case| size_limit(&problem, case, cases))
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
        let limit = |case| size_limit(&problem, case, 100);
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
    for problem in [Builtin::Shiritori, Builtin::Lucky7] {
        let cases = 100;
        let mut largest = 0;
        for case in (0..cases).step_by(3).chain([cases - 1]) {
            let samples = if case < 90 { 10 } else { 2 };
            let limit = size_limit(&problem, case, cases);
            let strategy = inputs(problem, case, cases, limit);
            for _ in 0..samples {
                let generated = strategy.new_tree(&mut runner).unwrap().current();
                let input = generated.input;
                assert!(within_constraints(&input), "case {case}: {input:?}");
                // A small dictionary may list a word twice; from case 75 of 100 on, the inputs
                // come from the families, of at most their size limit, and say so.
                let most = if case < 75 { 2 * limit } else { limit };
                match generated.origin {
                    Some(origin) => {
                        assert!(case >= 75);
                        assert_eq!(origin.family.unwrap().problem(), problem);
                        assert_eq!(input_of(origin, input.size()), input);
                    }
                    None => assert!(case < 75),
                }
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
        message: None,
    };
    let mut progress = Vec::new();
    let outcome = search(
        &Builtin::Shiritori,
        Plan::new(300, 5),
        &SystemClock,
        |input: &Input| {
            Ok::<_, Error>((!official(input)).then(|| match input.size() {
                0..3 => time_limit(),
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
    let Conclusion::Found(found) = outcome else {
        panic!("the first case fails");
    };
    // The first case has one or two words, and so fails with a timeout...
    assert_eq!(found.case, Case::Random(0));
    assert!(
        progress.len() <= found.shrink_steps,
        "a report per smaller failure"
    );
    assert_eq!(found.failure, time_limit());
    assert!(found.input.size() <= found.first.size());
    // ... and the search for a wrong answer runs until dictionaries of three words.
    let outcome = search(
        &Builtin::Shiritori,
        Plan::new(300, 5),
        &SystemClock,
        |input: &Input| {
            Ok::<_, Error>((input.size() >= 3 && !official(input)).then(|| wrong.clone()))
        },
        |_| {},
    )
    .unwrap();
    let Conclusion::Found(found) = outcome else {
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
        &Builtin::Lucky7,
        Plan::new(20, 1),
        &SystemClock,
        |input: &Input| {
            cases_seen.push(input.size());
            Ok::<_, Error>(None)
        },
        |_| {},
    )
    .unwrap();
    // The official samples, every case, then every family at the judge's largest N.
    let samples: Vec<usize> = Builtin::Lucky7.samples().iter().map(Input::size).collect();
    assert_eq!(samples, [2, 5, 5, 5]);
    let families = Family::LUCKY7.len();
    assert_eq!(cases_seen.len(), 4 + 20 + families);
    assert_eq!(cases_seen[..4], samples);
    assert!(cases_seen[24..].iter().all(|&size| size == JUDGE_MAX));
    let largest = *cases_seen[4..24].iter().max().unwrap();
    assert!(matches!(outcome, Conclusion::Passed { largest: reported } if reported == largest));
    let stopped = search(
        &Builtin::Lucky7,
        Plan::new(20, 1),
        &SystemClock,
        |_: &Input| -> Result<Option<Failure>, Error> {
            Err(Error::Usage("cannot start".to_string()))
        },
        |_| {},
    );
    assert_eq!(
        stopped.unwrap_err(),
        Error::Usage("cannot start".to_string())
    );
}

#[test]
fn shrinking_keeps_to_the_first_kind_of_failure_and_to_its_limit() {
    // Wrong on every dictionary of three words or more; once that is found, smaller ones hang.
    let wrong = Failure::WrongAnswer {
        expected: "Draw\n".to_string(),
        actual: "Aoki\n".to_string(),
        message: None,
    };
    let mut found_wrong = false;
    let test = |input: &Input| {
        if official(input) {
            return Ok::<_, Error>(None);
        }
        found_wrong |= input.size() >= 3;
        Ok::<_, Error>(match input.size() {
            3.. => Some(wrong.clone()),
            _ if found_wrong => Some(time_limit()),
            _ => None,
        })
    };
    let Conclusion::Found(found) = search(
        &Builtin::Shiritori,
        Plan::new(300, 5),
        &SystemClock,
        test,
        |_| {},
    )
    .unwrap() else {
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
            Ok::<_, Error>(failing.then_some(time_limit()))
        };
        let outcome = search(
            &Builtin::Lucky7,
            plan,
            &SystemClock,
            from_ten_rounds,
            |_| {},
        )
        .unwrap();
        let Conclusion::Found(found) = outcome else {
            panic!("games of ten rounds come");
        };
        assert!(found.first.size() >= 10);
        assert_eq!(found.shrink_steps, max_shrink_steps);
    }
}

#[test]
fn a_dictionarys_words_are_kept_as_the_input_lists_them() {
    let mut words: Words = ["abc", "Bcdef"].into_iter().collect();
    words.push_with(|lines| lines.push_str("cdeabc"));
    words.push("x");
    assert_eq!(words.lines(), "abc\nBcdef\ncdeabc\nx\n");
    assert_eq!((words.len(), words.is_empty()), (4, false));
    assert_eq!(
        words.iter().collect::<Vec<_>>(),
        ["abc", "Bcdef", "cdeabc", "x"]
    );
    assert_eq!(
        (words.get(1), words.get(3), words.get(4)),
        (Some("Bcdef"), Some("x"), None)
    );
    assert_eq!(&words[2], "cdeabc");
    assert_eq!(words.to_vec(), ["abc", "Bcdef", "cdeabc", "x"]);
    let input = Input::Shiritori(words);
    assert_eq!(input.text(), "4\nabc\nBcdef\ncdeabc\nx\n");
    assert_eq!(Input::parse(Builtin::Shiritori, &input.text()), Some(input));
    let none = Words::with_capacity(10, 80);
    assert!(none.is_empty() && none.lines().is_empty() && none.get(0).is_none());
    assert_eq!(none, Words::default());
}

#[test]
#[should_panic(expected = "word 2 of a dictionary of 2")]
fn a_word_past_the_last_is_not_there() {
    let words: Words = ["abc", "bcd"].into_iter().collect();
    let _ = &words[2];
}

#[test]
fn a_dictionary_is_answered_from_its_words_and_a_malformed_word_as_the_solution_says() {
    // Through the trait: Builtin's own `samples` is another method.
    let expected = |input: &Input| problem::Problem::expected(&Builtin::Shiritori, input);
    for family in Family::SHIRITORI {
        let input = family.input(300, 7);
        let Ok(Expected::Answer(answer)) = expected(&input) else {
            panic!("the family {} answered", family.name());
        };
        let words = family.words(300, 7).expect("a Shiritori family");
        let winners: Vec<&str> = answer.lines().collect();
        assert_eq!(winners, shiritori_winners(&words), "{}", family.name());
    }
    let error = |words: [&str; 2]| {
        let input = Input::Shiritori(words.into_iter().collect());
        expected(&input).expect_err("no answer").to_string()
    };
    assert_eq!(
        error(["abc", "ab"]),
        r#"this crate's own shiritori failed: word 2 ("ab") is shorter than 3 letters"#
    );
    assert!(
        error(["a1cd", "abc"]).ends_with(r#"word 1 ("a1cd") has '1' (U+0031) at position 2, but may only contain the letters A-Z and a-z"#),
        "{}",
        error(["a1cd", "abc"])
    );
}

#[test]
fn an_input_drops_words_or_rounds_but_never_its_last() {
    let words = |list: &[&str]| Input::Shiritori(list.iter().map(|w| w.to_string()).collect());
    let three = words(&["abc", "bcd", "cde"]);
    assert_eq!(three.without(1, 1), Some(words(&["abc", "cde"])));
    assert_eq!(three.without(2, 1), Some(words(&["abc", "bcd"])));
    assert_eq!(three.without(0, 2), Some(words(&["cde"])));
    assert_eq!(three.without(1, 5), Some(words(&["abc"])));
    assert_eq!(three.without(3, 1), None);
    assert_eq!(three.without(0, 3), None);
    assert_eq!(three.without(1, 0), None);
    assert_eq!(words(&["abc"]).without(0, 1), None);
    let game = Input::Lucky7 {
        digits: "35".to_string(),
        players: "AT".to_string(),
    };
    let smaller = Input::Lucky7 {
        digits: "5".to_string(),
        players: "T".to_string(),
    };
    assert_eq!(game.without(0, 1), Some(smaller.clone()));
    assert_eq!(smaller.without(0, 1), None);
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
        message: None,
    };
    for seed in 0..40 {
        let test = |input: &Input| {
            Ok::<_, Error>((fails(input) && !official(input)).then(|| wrong.clone()))
        };
        let outcome = search(
            &Builtin::Lucky7,
            Plan::new(300, seed),
            &SystemClock,
            test,
            |_| {},
        )
        .unwrap();
        let Conclusion::Found(found) = outcome else {
            panic!("seed {seed}: such games come");
        };
        let droppable = (0..found.input.size())
            .filter_map(|round| found.input.without(round, 1))
            .find(fails);
        assert_eq!(droppable, None, "seed {seed}: {:?}", found.input);
    }
}

#[test]
fn a_family_fails_at_the_judges_largest_size_and_is_bisected_to_its_smallest() {
    // Wrong on games of zeros from 12,345 rounds on: only the family of zeros shows it, and
    // bisection finds where it starts, exactly.
    let wrong = Failure::WrongAnswer {
        expected: "Aoki\n".to_string(),
        actual: "Takahashi\n".to_string(),
        message: None,
    };
    let on_zeros = |input: &Input| {
        let Input::Lucky7 { digits, .. } = input else {
            unreachable!("a Lucky 7 search")
        };
        digits.bytes().all(|digit| digit == b'0') && digits.len() >= 12_345
    };
    let mut families = Vec::new();
    let progress = |step: Progress| {
        if let Progress::Family { family } = step {
            families.push(family);
        }
    };
    let wrong_on_zeros = |input: &Input| Ok::<_, Error>(on_zeros(input).then(|| wrong.clone()));
    // Every round is needed: no time for cutting rounds out.
    let plan = Plan {
        cut_down_time: Duration::ZERO,
        ..Plan::new(1, 3)
    };
    let outcome = search(
        &Builtin::Lucky7,
        plan,
        &SystemClock,
        wrong_on_zeros,
        progress,
    )
    .unwrap();
    let Conclusion::Found(found) = outcome else {
        panic!("the family of zeros fails");
    };
    // The families run in order, up to the one that fails.
    assert_eq!(families, [Family::RandomGame, Family::AllZeros]);
    assert_eq!(found.case, Case::Family(Family::AllZeros));
    let origin = Origin {
        family: Some(Family::AllZeros),
        seed: 3,
    };
    assert_eq!(found.origin, Some(origin));
    assert_eq!(found.first, input_of(origin, JUDGE_MAX));
    assert_eq!(found.input, input_of(origin, 12_345));
    assert_eq!(found.failure, wrong);
    // A bisection of 200,000 sizes: 18 steps.
    assert_eq!(found.shrink_steps, 18);
    // Too slow there: the size is bisected to within a fiftieth, which the noise of a run blurs
    // anyway, in fewer steps.
    let slow_on_zeros = |input: &Input| Ok::<_, Error>(on_zeros(input).then(time_limit));
    let outcome = search(&Builtin::Lucky7, plan, &SystemClock, slow_on_zeros, |_| {}).unwrap();
    let Conclusion::Found(found) = outcome else {
        panic!("the family of zeros fails");
    };
    let size = found.input.size();
    assert!((12_345..=12_345 + 12_345 / 50).contains(&size), "{size}");
    assert_eq!(found.input, input_of(origin, size));
    assert_eq!(found.failure, time_limit());
    assert!(found.shrink_steps < 18, "{}", found.shrink_steps);
    // The bisection keeps to the plan's steps.
    let short = Plan {
        max_shrink_steps: 5,
        ..plan
    };
    let outcome = search(
        &Builtin::Lucky7,
        short,
        &SystemClock,
        wrong_on_zeros,
        |_| {},
    )
    .unwrap();
    let Conclusion::Found(found) = outcome else {
        panic!("the family of zeros fails");
    };
    assert_eq!(found.shrink_steps, 5);
    assert!(found.input.size() > 12_345);
}

#[test]
fn an_input_is_read_back_from_its_text_and_a_malformed_one_is_not() {
    let words = Input::Shiritori(["ab", "bc"].into_iter().collect());
    let game = Input::Lucky7 {
        digits: "12".into(),
        players: "TA".into(),
    };
    assert_eq!(Input::parse(Builtin::Shiritori, &words.text()), Some(words));
    assert_eq!(Input::parse(Builtin::Lucky7, &game.text()), Some(game));
    for (problem, text) in [
        (Builtin::Shiritori, "3\nab\nbc\n"),  // fewer words than N
        (Builtin::Shiritori, "1\nab\nbc\n"),  // more
        (Builtin::Lucky7, "3\n123\nTA\n"),    // a player short
        (Builtin::Lucky7, "3\n12\nTA\n"),     // both shorter than N
        (Builtin::Lucky7, "2\n12\nTA\nAT\n"), // a token more
        (Builtin::Lucky7, "x\n12\nTA\n"),     // no N
    ] {
        assert_eq!(Input::parse(problem, text), None, "{text:?}");
    }
}

#[test]
fn the_neighbours_of_an_input_are_one_small_change_away() {
    let words = |list: &[&str]| Input::Shiritori(list.iter().map(|w| w.to_string()).collect());
    // A word listed twice, or left out while one remains.
    assert_eq!(words(&["ab"]).neighbours(), [words(&["ab", "ab"])]);
    assert_eq!(
        words(&["ab", "bc"]).neighbours(),
        [
            words(&["ab", "ab", "bc"]),
            words(&["bc"]),
            words(&["ab", "bc", "bc"]),
            words(&["ab"]),
        ]
    );
    // A player swapped, or a digit changed to each other one.
    let game = |digits: &str, players: &str| Input::Lucky7 {
        digits: digits.into(),
        players: players.into(),
    };
    let mut expected = vec![game("12", "AA"), game("12", "TT")];
    expected.extend(
        ('0'..='9')
            .filter(|&d| d != '1')
            .map(|d| game(&format!("{d}2"), "TA")),
    );
    expected.extend(
        ('0'..='9')
            .filter(|&d| d != '2')
            .map(|d| game(&format!("1{d}"), "TA")),
    );
    assert_eq!(game("12", "TA").neighbours(), expected);
}

#[test]
fn inputs_are_drawn_with_splitmix64() {
    // Its published first outputs from the seed 0: the same seed gives the same inputs anywhere.
    let mut rng = atcoder_games_tool::generate::Rng::new(0);
    let drawn = [rng.next_u64(), rng.next_u64(), rng.next_u64()];
    assert_eq!(
        drawn,
        [
            0xE220_A839_7B1D_CDAF,
            0x6E78_9E6A_A1B9_65F4,
            0x06C4_5D18_8009_454F
        ]
    );
    // A number between two bounds takes every value from one to the other, and no other.
    let mut seen = [0; 8];
    for _ in 0..1000 {
        seen[rng.between(3, 5)] += 1;
    }
    assert!(
        seen.iter()
            .enumerate()
            .all(|(k, &n)| (n > 0) == (3..=5).contains(&k)),
        "{seen:?}"
    );
}

#[test]
fn letters_are_drawn_evenly_several_from_one_number() {
    use atcoder_games_tool::generate::{ALPHABET, Rng, SMALL_ALPHABET, push_random_letters};
    let mut rng = Rng::new(3);
    let mut word = String::new();
    let mut draw = |word: &mut String, alphabet: &[u8], min: usize, max: usize| {
        word.clear();
        push_random_letters(word, &mut rng, alphabet, min, max);
    };
    let mut lengths = [0; 10];
    for _ in 0..6000 {
        draw(&mut word, ALPHABET, 3, 8);
        lengths[word.len()] += 1;
    }
    assert!(lengths[..3].iter().all(|&n| n == 0), "{lengths:?}");
    assert!(
        lengths[3..9].iter().all(|&n| (900..1100).contains(&n)),
        "{lengths:?}"
    );
    // Each letter about as often as any other, and each pair of letters: a letter read from the
    // rest of a number after another is not tied to it.
    draw(&mut word, ALPHABET, 52_000, 52_000);
    for letter in ALPHABET {
        let seen = word.bytes().filter(|b| b == letter).count();
        assert!(
            (850..1150).contains(&seen),
            "{} {seen} times",
            char::from(*letter)
        );
    }
    draw(&mut word, SMALL_ALPHABET, 64_000, 64_000);
    let mut pairs = [[0; 4]; 4];
    let index = |b: u8| SMALL_ALPHABET.iter().position(|&a| a == b).unwrap();
    for pair in word.as_bytes().chunks(2) {
        pairs[index(pair[0])][index(pair[1])] += 1;
    }
    assert!(
        pairs
            .as_flattened()
            .iter()
            .all(|&n| (1800..2200).contains(&n)),
        "{pairs:?}"
    );
    // Seven letters of 52 come from one number, the eighth from the next.
    for (letters, draws) in [(7, 1), (8, 2)] {
        let (mut rng, mut counted) = (Rng::new(9), Rng::new(9));
        push_random_letters(&mut String::new(), &mut rng, ALPHABET, letters, letters);
        for _ in 0..draws {
            counted.next_u64();
        }
        assert_eq!(rng.next_u64(), counted.next_u64(), "{letters} letters");
    }
}

#[test]
fn the_blocks_are_shuffled_into_any_order_even_one_that_leaves_some_in_place() {
    use atcoder_games_tool::generate::{BLOCK_COUNT, Rng, shuffled_blocks};
    let mut left_in_place = false;
    for seed in 0..5 {
        let order = shuffled_blocks(&mut Rng::new(seed));
        let mut sorted = order.clone();
        sorted.sort_unstable();
        assert!(sorted.into_iter().eq(0..BLOCK_COUNT), "a permutation");
        // Fisher-Yates leaves a block in place as often as any other (Sattolo's variant never).
        left_in_place |= (1..BLOCK_COUNT).any(|k| order[k] == k);
    }
    assert!(left_in_place);
}

#[test]
fn a_familys_words_or_game_are_its_input() {
    for problem in [Builtin::Shiritori, Builtin::Lucky7] {
        for &family in Family::of(problem) {
            let (words, game) = (family.words(50, 3), family.game(50, 3));
            match family.input(50, 3) {
                Input::Shiritori(input) => assert_eq!((words, game), (Some(input.to_vec()), None)),
                Input::Lucky7 { digits, players } => {
                    assert_eq!((words, game), (None, Some((digits, players))))
                }
                Input::Text(_) => unreachable!("a family's input"),
            }
        }
    }
}

#[test]
fn the_blocks_are_every_three_letters_each_spelled_its_own_way() {
    use atcoder_games_tool::generate::{ALPHABET, BLOCK_COUNT, blocks_spelling};
    let spellings: std::collections::HashSet<String> = (0..BLOCK_COUNT)
        .map(|block| blocks_spelling(&[block]))
        .collect();
    assert_eq!(spellings.len(), ALPHABET.len().pow(3));
    assert!(spellings.iter().all(|block| block.len() == 3
        && block.bytes().all(|letter| ALPHABET.contains(&letter))));
    // Two blocks, one after the other.
    assert_eq!(blocks_spelling(&[0, BLOCK_COUNT - 1]), "AAAzzz");
}

#[test]
fn every_family_makes_inputs_of_its_problem_of_any_size_within_the_constraints() {
    for problem in [Builtin::Shiritori, Builtin::Lucky7] {
        for &family in Family::of(problem) {
            assert_eq!(family.problem(), problem);
            assert!(family.description().ends_with('.'), "{}", family.name());
            for size in [1, 2, 3, 4, 7, 100, 140_608, JUDGE_MAX] {
                let input = family.input(size, 9);
                assert_eq!(input.size(), size, "{} of {size}", family.name());
                assert!(within_constraints(&input), "{} of {size}", family.name());
                assert_eq!(
                    input,
                    family.input(size, 9),
                    "the same seed, the same input"
                );
            }
        }
    }
}

#[test]
fn every_family_has_the_shape_it_describes() {
    let words = |family: Family, size: usize| match family.input(size, 4) {
        Input::Shiritori(words) => words.to_vec(),
        _ => unreachable!("a Shiritori family"),
    };
    let head = |word: &str| word[..3].to_string();
    let tail = |word: &str| word[word.len() - 3..].to_string();
    // Many moves from aaa into the won bbb, and one escape into a draw.
    let many = words(Family::ManyMovesOneEscape, 50);
    assert!(
        many[..47]
            .iter()
            .all(|w| head(w) == "aaa" && tail(w) == "bbb")
    );
    assert_eq!(many[47..], ["bbbccc", "aaaddd", "dddddd"]);
    let mut expected = vec!["Aoki"; 47];
    expected.extend(["Takahashi", "Draw", "Draw"]);
    assert_eq!(shiritori_winners(&many), expected);
    assert_eq!(words(Family::ManyMovesOneEscape, 2), ["bbbccc", "aaaddd"]);
    // Half from aaa to bbb, half from bbb to ccc.
    let two = words(Family::TwoBlocks, 7);
    assert!(
        two[..3]
            .iter()
            .all(|w| head(w) == "aaa" && tail(w) == "bbb")
    );
    assert!(
        two[3..]
            .iter()
            .all(|w| head(w) == "bbb" && tail(w) == "ccc")
    );
    // A cycle through distinct blocks, closed, with one exit from its first block into a dead
    // end: every game decided, none a draw.
    for size in [2, 3, 20] {
        let cycle = words(Family::LongCycleOneExit, size);
        let (exit, links) = cycle.split_last().unwrap();
        for (k, link) in links.iter().enumerate() {
            assert_eq!(tail(link), head(&links[(k + 1) % links.len()]), "{cycle:?}");
        }
        let mut heads: Vec<String> = links.iter().map(|w| head(w)).collect();
        heads.sort();
        heads.dedup();
        assert_eq!(heads.len(), size - 1, "{cycle:?}");
        assert_eq!(head(exit), head(&links[0]));
        assert!(!cycle.iter().any(|w| head(w) == tail(exit)), "{cycle:?}");
        assert!(!shiritori_winners(&cycle).contains(&"Draw"), "{cycle:?}");
    }
    // Beyond the blocks, the cycle is walked again.
    let long = words(Family::LongCycleOneExit, 140_610);
    assert_eq!(long[0], long[140_607]);
    // The other families, each as its description says.
    assert!(
        words(Family::IntoOneBlock, 50)
            .iter()
            .all(|w| tail(w) == STAR_HUB)
    );
    let chain = words(Family::Chain, 50);
    assert!(
        chain
            .windows(2)
            .all(|pair| tail(&pair[0]) == head(&pair[1]))
    );
    let loops = words(Family::SelfLoops, 50);
    assert!(loops.iter().all(|w| w.len() == 3));
    assert!(words(Family::OneWord, 5).iter().all(|w| w == "abcdef"));
    assert!(words(Family::LongestWords, 50).iter().all(|w| w.len() == 8));
    let small = words(Family::SmallAlphabet, 50);
    assert!(
        small
            .iter()
            .all(|w| w.bytes().all(|b| b"aBcD".contains(&b)))
    );
    let game = |family: Family| match family.input(9, 4) {
        Input::Lucky7 { digits, players } => (digits, players),
        _ => unreachable!("a Lucky 7 family"),
    };
    assert_eq!(game(Family::AllZeros).0, "000000000");
    assert!(
        game(Family::ZerosAndSevens)
            .0
            .bytes()
            .all(|d| d == b'0' || d == b'7')
    );
    assert_eq!(game(Family::TakahashiAlone).1, "TTTTTTTTT");
    assert_eq!(game(Family::AokiAlone).1, "AAAAAAAAA");
    assert_eq!(game(Family::Alternating).1, "ATATATATA");
}

/// A clock that a test moves on.
struct FakeClock(Cell<Instant>);

impl FakeClock {
    fn new() -> Self {
        Self(Cell::new(Instant::now()))
    }

    fn advance(&self, by: Duration) {
        self.0.set(self.0.get() + by);
    }
}

impl Clock for FakeClock {
    fn now(&self) -> Instant {
        self.0.get()
    }
}

/// A budget that cutting down never reaches: 100 tries, a minute.
const AMPLE: Budget = Budget {
    tries: 100,
    time: Duration::from_secs(60),
};

/// A Lucky 7 game of these digits, every round Aoki's.
fn game(digits: &str) -> Input {
    Input::Lucky7 {
        digits: digits.to_string(),
        players: "A".repeat(digits.len()),
    }
}

fn digits(input: &Input) -> &str {
    let Input::Lucky7 { digits, .. } = input else {
        unreachable!("a Lucky 7 game")
    };
    digits
}

#[test]
fn cutting_down_passes_over_the_rounds_again_until_none_can_go() {
    // Fails with a 3, and a 1 or no 2: from 1 2 3, the 1 is needed while the 2 is there, and can
    // go once the 2 has gone, in a second pass.
    let fails = |input: &Input| {
        let digits = digits(input);
        Ok::<_, Error>(digits.contains('3') && (digits.contains('1') || !digits.contains('2')))
    };
    let clock = FakeClock::new();
    assert_eq!(
        cut_down(&Builtin::Lucky7, game("123"), AMPLE, &clock, fails),
        Ok(game("3"))
    );
    // Halves go first: one try takes 8 rounds of 16 away.
    let mut tried = Vec::new();
    let all_but_the_last = |input: &Input| {
        tried.push(input.size());
        Ok::<_, Error>(digits(input).ends_with('3'))
    };
    let cut = cut_down(
        &Builtin::Lucky7,
        game("1111111111111113"),
        AMPLE,
        &clock,
        all_but_the_last,
    )
    .unwrap();
    assert_eq!(cut, game("3"));
    assert_eq!(tried[0], 8);
}

#[test]
fn cutting_down_keeps_to_its_budget_of_tries_and_time() {
    // Nothing can go, so cutting down tries until its budget is spent.
    let clock = FakeClock::new();
    let mut tries = 0;
    let counted = |_: &Input| {
        tries += 1;
        Ok::<_, Error>(false)
    };
    let three_tries = Budget { tries: 3, ..AMPLE };
    let cut = cut_down(
        &Builtin::Lucky7,
        game("12345678"),
        three_tries,
        &clock,
        counted,
    );
    assert_eq!((cut, tries), (Ok(game("12345678")), 3));
    // Each try takes 6 s on the clock: a minute allows ten.
    let mut tries = 0;
    let slow = |_: &Input| {
        tries += 1;
        clock.advance(Duration::from_secs(6));
        Ok::<_, Error>(false)
    };
    let cut = cut_down(
        &Builtin::Lucky7,
        game("1234567812345678"),
        AMPLE,
        &clock,
        slow,
    );
    assert_eq!((cut, tries), (Ok(game("1234567812345678")), 10));
    // No time at all allows no try.
    let no_time = Budget {
        time: Duration::ZERO,
        ..AMPLE
    };
    let never = |_: &Input| -> Result<bool, Error> { panic!("no try") };
    assert_eq!(
        cut_down(&Builtin::Lucky7, game("1234"), no_time, &clock, never),
        Ok(game("1234"))
    );
}

#[test]
fn a_failing_official_sample_is_the_failure_as_it_is() {
    // Wrong on Lucky 7's sample 2 only: found there, before any random case, and not shrunk.
    let second = Builtin::Lucky7.samples()[1].clone();
    let wrong = Failure::WrongAnswer {
        expected: "Aoki\n".to_string(),
        actual: "Takahashi\n".to_string(),
        message: None,
    };
    let mut samples_run = Vec::new();
    let progress = |step: Progress| {
        if let Progress::Sample { number, samples } = step {
            samples_run.push((number, samples));
        }
    };
    let test = |input: &Input| Ok::<_, Error>((*input == second).then(|| wrong.clone()));
    let outcome = search(
        &Builtin::Lucky7,
        Plan::new(300, 1),
        &SystemClock,
        test,
        progress,
    );
    let Ok(Conclusion::Found(found)) = outcome else {
        panic!("sample 2 fails");
    };
    assert_eq!(samples_run, [(1, 4), (2, 4)]);
    assert_eq!(found.case, Case::Sample(2));
    assert_eq!(
        (found.input.clone(), found.first.clone()),
        (second.clone(), second)
    );
    assert_eq!(
        (found.shrink_steps, found.origin, found.bisected),
        (0, None, false)
    );
    assert_eq!(found.failure, wrong);
}

#[test]
fn a_hang_is_not_shrunk_below_a_few_rounds() {
    // A time-out on every game of three rounds or more that is no sample: the first is shrunk,
    // but not below four rounds, where each try would wait for the time limit.
    let mut tried = Vec::new();
    let test = |input: &Input| {
        tried.push(input.size());
        Ok::<_, Error>((input.size() >= 3 && !official(input)).then(time_limit))
    };
    let outcome = search(
        &Builtin::Lucky7,
        Plan::new(300, 2),
        &SystemClock,
        test,
        |_| {},
    );
    let Ok(Conclusion::Found(found)) = outcome else {
        panic!("games of three rounds come");
    };
    assert!(hangs(&found.failure, &found.input), "{found:?}");
    assert!(found.input.size() <= HANG, "{found:?}");
    // Once an input hangs, nothing more is tried.
    let last = *tried.last().unwrap();
    assert_eq!(last, found.input.size(), "{tried:?}");
    // A larger one, or one that is not a time-out, is no hang.
    let wrong = Failure::WrongAnswer {
        expected: String::new(),
        actual: String::new(),
        message: None,
    };
    let game = |rounds: usize| Input::Lucky7 {
        digits: "1".repeat(rounds),
        players: "T".repeat(rounds),
    };
    assert!(hangs(&time_limit(), &game(HANG)));
    assert!(!hangs(&time_limit(), &game(HANG + 1)));
    assert!(!hangs(&wrong, &game(1)));
}

#[test]
fn the_work_clock_moves_only_by_the_time_spent_in_runs() {
    use atcoder_games_tool::search::{Clock, WorkClock};
    let clock = WorkClock::new();
    let start = clock.now();
    std::thread::sleep(Duration::from_millis(20));
    assert_eq!(clock.now(), start, "waiting is no work");
    clock.spend(Duration::from_millis(300));
    clock.spend(Duration::from_millis(200));
    assert_eq!(clock.now() - start, Duration::from_millis(500));
}

#[test]
fn a_time_out_whose_size_bisection_found_is_not_cut_down() {
    // Too slow from 20 rounds of every family on; and every input that is no family's (a busy
    // moment, say, on the tries of cutting down) looks too slow too. Bisection finds 20 rounds,
    // and the input stays the family's, whose growth the report follows.
    let family_made = |input: &Input| {
        Family::LUCKY7
            .iter()
            .any(|family| family.input(input.size(), 1) == *input)
    };
    let slow = |input: &Input| {
        let too_slow = input.size() >= 20 || (input.size() > 1 && !family_made(input));
        Ok::<_, Error>((too_slow && !official(input)).then(time_limit))
    };
    let outcome = search(
        &Builtin::Lucky7,
        Plan::new(1, 1),
        &SystemClock,
        slow,
        |_| {},
    );
    let Ok(Conclusion::Found(found)) = outcome else {
        panic!("the first family fails: {outcome:?}");
    };
    let shrunk = (found.input.size(), found.origin.is_some(), found.cut_down);
    assert_eq!(shrunk, (20, true, false), "size, origin kept, cut down");
}

#[test]
fn a_stack_overflow_is_moved_up_to_a_size_that_overflows_on_every_run() {
    // Every family overflows from 10,000 rounds on; from 9,000, where the stack's top lands
    // decides, on every other run only. The size reported overflows on every run.
    let overflow = Failure::Crash {
        status: "signal: 11 (SIGSEGV)".to_string(),
        stderr: String::new(),
        too_deep: Some(TooDeep::Stack),
    };
    let runs = Cell::new(0_usize);
    let flaky = |input: &Input| {
        runs.set(runs.get() + 1);
        let size = input.size();
        let fails = size >= 10_000 || (size >= 9_000 && runs.get().is_multiple_of(2));
        Ok::<_, Error>((fails && !official(input)).then(|| overflow.clone()))
    };
    let plan = Plan {
        cut_down_time: Duration::ZERO,
        ..Plan::new(1, 3)
    };
    let outcome = search(&Builtin::Lucky7, plan, &SystemClock, flaky, |_| {});
    let Ok(Conclusion::Found(found)) = outcome else {
        panic!("the first family overflows: {outcome:?}");
    };
    let size = found.input.size();
    assert!((10_000..=10_600).contains(&size), "{size} rounds");
    assert_eq!(found.failure, overflow);
    assert_eq!(found.input, input_of(found.origin.unwrap(), size));
}

/// A program that fails on inputs of a size or more, and notes what it is told to foresee and
/// what it runs.
struct Foreseeing {
    jobs: usize,
    fails_from: usize,
    foreseen: Vec<Input>,
    ran: Vec<Input>,
    /// The most inputs of the judge's largest size foreseen and not yet run, at any time.
    most_largest_held: usize,
}

impl Foreseeing {
    fn new(jobs: usize, fails_from: usize) -> Self {
        Self {
            jobs,
            fails_from,
            foreseen: Vec::new(),
            ran: Vec::new(),
            most_largest_held: 0,
        }
    }

    fn largest_held(&self) -> usize {
        of_largest_size(&self.foreseen).len() - of_largest_size(&self.ran).len()
    }
}

/// The inputs of `inputs` of the judge's largest size.
fn of_largest_size(inputs: &[Input]) -> Vec<&Input> {
    (inputs.iter())
        .filter(|input| input.size() == JUDGE_MAX)
        .collect()
}

impl Runs for &mut Foreseeing {
    fn run(&mut self, input: &Input, _: Case) -> Result<Option<Failure>, Error> {
        self.ran.push(input.clone());
        Ok(
            (input.size() >= self.fails_from).then(|| Failure::WrongAnswer {
                expected: "Takahashi\n".into(),
                actual: "Aoki\n".into(),
                message: None,
            }),
        )
    }

    fn jobs(&self) -> usize {
        self.jobs
    }

    fn foresee(&mut self, inputs: &[Arc<Input>]) -> Result<(), Error> {
        self.foreseen
            .extend(inputs.iter().map(|input| Input::clone(input)));
        self.most_largest_held = self.most_largest_held.max(self.largest_held());
        Ok(())
    }
}

#[test]
fn inputs_foreseen_are_run_in_the_order_they_were_foreseen_and_change_nothing() {
    let searched = |jobs| {
        let mut program = Foreseeing::new(jobs, 30);
        let found = match search(
            &Builtin::Lucky7,
            Plan::new(300, 8),
            &SystemClock,
            &mut program,
            |_| {},
        ) {
            Ok(Conclusion::Found(found)) => found,
            other => panic!("{other:?}"),
        };
        (found, program)
    };
    let (alone, one) = searched(1);
    // Two jobs foresee four cases each.
    let (together, eight) = searched(2);
    // The same inputs run, and the same one found.
    assert_eq!(one.ran, eight.ran);
    assert_eq!((alone.case, &alone.input), (together.case, &together.input));
    // Every input run until the first failure was foreseen, the samples first, and no more than
    // eight cases beyond it; none twice (a small input drawn again is neither foreseen nor run
    // again).
    let samples = Builtin::Lucky7.samples();
    assert!(eight.foreseen.starts_with(&samples));
    let first_failing = (eight.ran.iter())
        .position(|input| input.size() >= 30)
        .unwrap();
    for input in &eight.ran[..=first_failing] {
        assert!(eight.foreseen.contains(input), "{input:?}");
    }
    assert!(eight.foreseen.len() <= first_failing + 1 + 9);
    let foreseen_cases = &eight.foreseen[samples.len()..];
    let unique: std::collections::HashSet<&Input> = foreseen_cases.iter().collect();
    assert_eq!(unique.len(), foreseen_cases.len());
}

#[test]
fn the_largest_inputs_are_foreseen_one_a_job_beyond_the_one_judged() {
    for jobs in [1, 2, 3] {
        let mut program = Foreseeing::new(jobs, usize::MAX);
        let outcome = search(
            &Builtin::Lucky7,
            Plan::new(20, 5),
            &SystemClock,
            &mut program,
            |_| {},
        );
        assert!(matches!(outcome, Ok(Conclusion::Passed { .. })));
        let families =
            atcoder_games_tool::problem::Problem::largest_cases(&Builtin::Lucky7, 5).len();
        assert!(families > 4, "{families}");
        // Every family was foreseen and run, in order; at most one a job beyond the one judged
        // was held at once, as each is of 200,000 rounds, and none when runs go one at a time.
        let ran = of_largest_size(&program.ran);
        assert_eq!(ran.len(), families);
        assert_eq!(of_largest_size(&program.foreseen), ran);
        let beyond = if jobs == 1 { 0 } else { jobs };
        assert_eq!(program.most_largest_held, beyond + 1);
    }
}
