//! Shrinking: to the smallest failure of the same kind, within its limit of tries and time; a
//! family bisected, a stack overflow moved up to where it is steady, a hang not shrunk, cutting
//! down.

use super::*;

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

/// Every family in turn, each bisected and held against its smallest failing size.
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
        plan.clone(),
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
    let outcome = search(
        &Builtin::Lucky7,
        plan.clone(),
        &SystemClock,
        slow_on_zeros,
        |_| {},
    )
    .unwrap();
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
