//! The report of a pass, and what any report says of how the check ran: the margins, the jobs and
//! forked runs, a start-up, the oj line.

use super::*;
use atcoder_games_tool::findings::Judging;
use atcoder_games_tool::resolve::MadeOf;

#[test]
fn the_margins_keep_the_slowest_run_and_the_largest_memory_the_first_of_equals() {
    let mut margins = Margins::default();
    let ms = Duration::from_millis;
    margins.note(Case::Sample(1), 3, ms(200), 5 << 20);
    margins.note(Case::Random(0), 10, ms(300), 4 << 20);
    margins.note(Case::Random(1), 20, ms(300), 5 << 20);
    margins.note(Case::Random(2), 30, ms(100), 1 << 20);
    let peak = |value: f64, size, case| Some(Peak { value, size, case });
    assert_eq!(
        margins,
        Margins {
            slowest: peak(0.3, 10, Case::Random(0)),
            largest_memory: peak((5 << 20) as f64, 3, Case::Sample(1)),
        }
    );
}

#[test]
fn a_pass_says_what_ran_and_its_margins_and_warns_near_the_time_limit() {
    let peak = |value: f64, size, case| Some(Peak { value, size, case });
    let margins = Margins {
        slowest: peak(0.3, 200_000, Case::Family(Family::RandomWords)),
        largest_memory: peak((64 << 20) as f64, 1_234, Case::Random(6)),
    };
    let took = Duration::from_millis(12_345);
    assert_eq!(
        passed(&scenario(Builtin::Shiritori), 1_000, &margins, took),
        "check: ./a.out passed the 3 official samples, all 300 cases of shiritori, up to 1,000 words, and 10 worst-case families
of 200,000 words (seed 42), in 12.3 s, 2 runs at a time.
Slowest run: 0.30 s at the family \"random words\" (200,000 words), 20 % of the 1.50 s limit. Largest memory: 64 MiB at
case 7 (1,234 words), 25 % of the 256 MiB limit.
"
    );
    // Over four fifths of the time limit: a warning; times scaled: said so.
    let slow = Margins {
        slowest: peak(1.35, 3, Case::Sample(2)),
        ..margins.clone()
    };
    let slower = Scenario {
        time_factor: 2.0,
        ..scenario(Builtin::Lucky7)
    };
    assert_eq!(
        passed(&slower, 1_000, &slow, took),
        "check: ./a.out passed the 4 official samples, all 300 cases of lucky7, up to 1,000 rounds, and 6 worst-case families of
200,000 rounds (seed 42), in 12.3 s, 2 runs at a time.
Slowest run: 1.35 s at official sample 2 (3 rounds), 90 % of the 1.50 s limit. Largest memory: 64 MiB at case 7
(1,234 rounds), 25 % of the 256 MiB limit.
Warning: its slowest run took 90 % of the time limit, where a slower judge machine or a heavier test may take it over.
Times are this machine's divided by 2 (--time-factor), as the judge's would be.
"
    );
    // Lines are filled up to the width, never over it, whatever the command's length (one too
    // long for a line would stand on its own).
    let mut full = false;
    for padding in 0..100 {
        let command = format!("./{}", "a".repeat(padding));
        let run = Scenario {
            command: &command,
            ..scenario(Builtin::Shiritori)
        };
        let text = passed(&run, 1_000, &margins, took);
        for line in text.lines() {
            let width = line.chars().count();
            assert!(width <= LINE_WIDTH, "{width}: {line}");
            full |= width == LINE_WIDTH;
        }
    }
    assert!(full);
    // Four fifths exactly is not over them.
    let one_second = Scenario {
        limits: Limits {
            time: Duration::from_secs(1),
            ..scenario(Builtin::Lucky7).limits
        },
        ..scenario(Builtin::Lucky7)
    };
    let at_four_fifths = Margins {
        slowest: peak(0.8, 3, Case::Sample(2)),
        ..slow
    };
    let text = passed(&one_second, 1_000, &at_four_fifths, took);
    assert!(text.contains(", 80 % of the 1.00 s limit."), "{text}");
    assert!(!text.contains("Warning"), "{text}");
}

#[test]
fn the_oj_line_judges_as_the_check_did() {
    let saved = SavedCase {
        folder: PathBuf::from("/tmp/case"),
        name: "lucky7-42".to_string(),
        answered: true,
        with_words: false,
    };
    // Times here are twice the judge's: oj, which measures here, gets twice the limit.
    let slower = Scenario {
        saved: Some(saved.clone()),
        time_factor: 2.0,
        ..scenario(Builtin::Lucky7)
    };
    let text = report(
        &slower,
        &found(game(3), time_limit(4.0)),
        None,
        None,
        trusted,
    )
    .unwrap();
    assert!(
        text.ends_with("  oj t -c ./a.out -d /tmp/case --tle 3 --mle 256\n"),
        "{text}"
    );
    // A stack overflow runs with the check's stack, in KiB, in a subshell.
    let overflowed = Failure::Crash {
        status: "signal: 11 (SIGSEGV)".into(),
        stderr: String::new(),
        too_deep: Some(TooDeep::Stack),
    };
    let small_stack = Scenario {
        saved: Some(saved),
        limits: Limits {
            stack: 8 << 20,
            ..scenario(Builtin::Lucky7).limits
        },
        ..scenario(Builtin::Lucky7)
    };
    let text = report(
        &small_stack,
        &found(game(3), overflowed),
        None,
        None,
        trusted,
    )
    .unwrap();
    assert!(
        text.ends_with("  (ulimit -s 8192 && oj t -c ./a.out -d /tmp/case --tle 1.5 --mle 256)\n"),
        "{text}"
    );
}

#[test]
fn a_start_up_that_dominates_is_named_with_what_it_is_made_of() {
    let start_up = StartUp {
        least: Duration::from_millis(62),
        total: Duration::from_secs(22),
        runs: 313,
        made_of: Some(MadeOf {
            sentence: "Of python3's 63 ms start here, ..., which this shows:".into(),
            command: Some("/usr/bin/python3 -X importtime -c pass".into()),
        }),
    };
    let pass = Pass {
        largest: 100,
        margins: Margins::default(),
        elapsed: Duration::from_secs(12),
        start_up: Some(start_up.clone()),
        forked: 0,
        judging: Judging::default(),
    };
    let text = atcoder_games_tool::report::passed(&scenario(Builtin::Lucky7).setup(), &pass);
    assert!(
        unwrapped(&text).contains(" Start-up: every run took at least 62 ms, 88 % of the 313 runs' 22.0 s: the program starting, not solving. Of python3's 63 ms start here, ..., which this shows:"),
        "{text}"
    );
    // The command on a line of its own, whole.
    assert!(
        text.ends_with(", which this shows:\n  /usr/bin/python3 -X importtime -c pass\n"),
        "{text}"
    );
    assert!(text.contains("\nStart-up: "), "{text}");
    let none_known = StartUp {
        made_of: None,
        ..start_up
    };
    let pass = Pass {
        start_up: Some(none_known),
        ..pass
    };
    let text = atcoder_games_tool::report::passed(&scenario(Builtin::Lucky7).setup(), &pass);
    assert!(text.contains("not solving.\n"), "{text}");
}

#[test]
fn the_runs_a_forkserver_forked_are_counted_beside_the_jobs() {
    let pass = |forked| Pass {
        largest: 100,
        margins: Margins::default(),
        elapsed: Duration::from_secs(4),
        start_up: None,
        forked,
        judging: Judging::default(),
    };
    let text = |forked| {
        let setup = scenario(Builtin::Lucky7).setup();
        unwrapped(&atcoder_games_tool::report::passed(&setup, &pass(forked)))
    };
    assert!(
        text(0).ends_with(" in 4.0 s, 2 runs at a time."),
        "{}",
        text(0)
    );
    assert!(
        text(192).ends_with(" in 4.0 s, 2 runs at a time, 192 runs forked from one started interpreter rather than started anew."),
        "{}",
        text(192)
    );
    assert!(text(1).contains(", 1 run forked from one"), "{}", text(1));
}
