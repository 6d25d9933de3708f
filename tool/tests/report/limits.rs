//! The report of a limit: the verdicts in words, a crash's stderr, and how a time or memory
//! grows, with a close call told.

use super::*;

#[test]
fn the_verdicts_say_what_was_over_which_limit() {
    let memory = Failure::MemoryLimit { peak: 300 << 20 };
    let text = reported(Builtin::Lucky7, &found(game(3), memory));
    assert!(
        text.starts_with(
            "check: ./a.out gives memory limit exceeded (MLE): more than 256 MiB on lucky7.\n"
        ),
        "{text}"
    );
    let blocked = Failure::TimeLimit {
        time: Duration::from_millis(1650),
        stopped: true,
        blocked: true,
    };
    let text = reported(Builtin::Lucky7, &found(game(5), blocked));
    assert!(unwrapped(&text).starts_with("check: ./a.out gives no answer (TLE): it waited (slept or blocked) and was stopped on the wall clock after 1.65 s on lucky7. Found in 3.0 s, 2 runs at a time.\n"), "{text}");
    // Without a growth, a time-out says no more than its input and where it comes from: a
    // short input is shown, whatever the verdict.
    let input = game(5).text();
    assert!(
        text.ends_with(&format!("\nSmallest failing input (5 rounds), shrunk from case 7 of 300 (5 rounds, seed 42) after 9 tries:\n{input}")),
        "{text}"
    );
    let stopped = Failure::TimeLimit {
        time: Duration::from_millis(1660),
        stopped: true,
        blocked: false,
    };
    let text = reported(Builtin::Lucky7, &found(game(3), stopped));
    assert!(unwrapped(&text).starts_with("check: ./a.out gives time limit exceeded (TLE): stopped at 1.66 s, more than the 1.50 s limit on lucky7. Found in 3.0 s, 2 runs at a time.\n"), "{text}");
    let printed = Failure::OutputLimit { limit: 1 << 20 };
    let text = reported(Builtin::Lucky7, &found(game(3), printed));
    assert!(text.starts_with("check: ./a.out gives output limit exceeded (OLE): it printed more than 1 MiB on lucky7.\n"), "{text}");
    assert!(text.contains("\n000\n"), "{text}");
    // A crash with a full stack names the stack.
    let overflowed = Failure::Crash {
        status: "signal: 11 (SIGSEGV)".into(),
        stderr: String::new(),
        too_deep: Some(TooDeep::Stack),
    };
    let text = reported(Builtin::Lucky7, &found(game(3), overflowed));
    assert!(unwrapped(&text).ends_with("\n\nIts stack overflowed: it reached the limit of 1024 MiB (--stack; the judge's is 1024 MiB). The recursion may be too deep, or endless."), "{text}");
    // An empty stderr gets no heading, and a crash no expected output, which means nothing there.
    assert!(!text.contains("stderr"), "{text}");
    assert!(!text.contains("Expected output"), "{text}");
    // A stack that overflowed on a large input is about its size, which is given, not shown.
    let overflowed = Failure::Crash {
        status: "signal: 11 (SIGSEGV)".into(),
        stderr: String::new(),
        too_deep: Some(TooDeep::Stack),
    };
    let text = reported(Builtin::Lucky7, &found(game(500), overflowed));
    assert!(text.contains("\nSmallest failing input: 500 rounds, shrunk from case 7 of 300 (500 rounds, seed 42) after 9 tries.\n"), "{text}");
    // A time-out on an input of a few rounds is a hang: shown, and said.
    let hang = Failure::TimeLimit {
        time: Duration::from_secs(6),
        stopped: true,
        blocked: true,
    };
    let text = unwrapped(&reported(Builtin::Lucky7, &found(game(4), hang.clone())));
    assert!(text.contains("after 9 tries: 4 0000 AAAA\n\nIt hangs on so small an input (4 rounds): not shrunk further, where each try would wait for the time limit."), "{text}");
    // A sample that hangs was never shrunk, and is not said to be.
    let sample = Found {
        case: Case::Sample(1),
        ..found(game(4), hang.clone())
    };
    let text = unwrapped(&reported(Builtin::Lucky7, &sample));
    assert!(!text.contains("not shrunk further"), "{text}");
    let text = unwrapped(&reported(Builtin::Lucky7, &found(game(5), hang)));
    assert!(!text.contains("hangs"), "{text}");
}

/// A time-out that `family`'s input (seed 5) gives at the judge's largest size, taking
/// `largest_time` s, bisected to `(size, time)` in `shrink_steps` steps.
fn family_time_out(
    family: Family,
    largest_time: f64,
    (size, time): (usize, f64),
    shrink_steps: usize,
) -> Found {
    let origin = Origin {
        family: Some(family),
        seed: 5,
    };
    Found {
        case: Case::Family(family),
        first: family.input(200_000, origin.seed),
        first_failure: time_limit(largest_time),
        first_origin: Some(origin),
        input: family.input(size, origin.seed),
        failure: time_limit(time),
        origin: Some(origin),
        bisected: true,
        cut_down: false,
        shrink_steps,
    }
}

#[test]
fn a_family_and_its_growth() {
    let family = Family::TwoBlocks;
    let found = family_time_out(family, 1.52, (30_000, 1.51), 17);
    let fit = Fit {
        exponent: 2.04,
        scale: 1.5e-9,
        baseline: 0.001,
    };
    let growth = Curve {
        resource: Resource::Time,
        origin: Origin {
            family: Some(family),
            seed: 5,
        },
        baseline: 0.001,
        points: vec![(15_000, 0.4), (7_500, 0.1), (3_750, 0.026), (1_875, 0.007)],
        fit: Some(fit),
        exponential: None,
        stopped_check: None,
        smallest_failing: stopped(30_000, 1.51, Stop::Time),
        largest: Some(stopped(200_000, 1.52, Stop::Time)),
    };
    let saved = SavedCase {
        folder: PathBuf::from("/tmp/failing cases"),
        name: "shiritori-42".to_string(),
        answered: true,
        with_words: false,
    };
    let scenario = Scenario {
        saved: Some(saved),
        ..scenario(Builtin::Shiritori)
    };
    let text = report(&scenario, &found, Some(&growth), None, trusted).unwrap();
    let family_line = format!(
        "\n\nThe family \"two blocks\": {} Smallest failing input: 30,000 words, bisected from 200,000 words of it (seed 42) after 17 tries.\n\n",
        family.description()
    );
    assert!(unwrapped(&text).contains(&family_line), "{text}");
    // A time-out names its input's size, not its words.
    assert!(!text.contains("\n30000\n"), "{text}");
    let growth_lines = format!(
        "\n\nTime grows like N^2.0 on this family. \
         Measured: 0.01 s at 1,875, 0.03 s at 3,750, 0.10 s at 7,500, 0.40 s at 15,000 words (0.00 s for the smallest input). \
         The smallest failing size of the family \"two blocks\" is 30,000 words: over 1.51 s (stopped), about {:.2} s by the fit; \
         at 200,000 words: over 1.52 s (stopped), about {:.2} s by the fit.\n\n",
        fit.at(30_000),
        fit.at(200_000)
    );
    assert!(unwrapped(&text).contains(&growth_lines), "{text}");
    // Where the case is saved, quoted as a shell reads it back.
    assert!(
        unwrapped(&text).ends_with("\n\nSaved for oj in '/tmp/failing cases': shiritori-42.in, shiritori-42.out (the right answer), and what the program printed, in printed/. To run it again:   oj t -c ./a.out -d '/tmp/failing cases' --tle 1.5 --mle 256"),
        "{text}"
    );
    assert!(
        section_lengths(&text)
            .iter()
            .all(|&lines| lines <= SECTION_LINES),
        "{text}"
    );
}

#[test]
fn an_exponential_growth_gives_its_factor_and_no_size_beyond_what_was_run() {
    let family = Family::TwoBlocks;
    let found = family_time_out(family, 1.52, (30, 1.51), 5);
    let growth = Curve {
        resource: Resource::Time,
        origin: Origin {
            family: Some(family),
            seed: 5,
        },
        baseline: 0.001,
        points: vec![(28, 0.8), (27, 0.4), (25, 0.1), (21, 0.007)],
        fit: Some(Fit {
            exponent: 16.0,
            scale: 1e-24,
            baseline: 0.001,
        }),
        exponential: Some(2.0),
        stopped_check: None,
        smallest_failing: stopped(30, 1.51, Stop::Time),
        largest: None,
    };
    let text = report(
        &scenario(Builtin::Shiritori),
        &found,
        Some(&growth),
        None,
        trusted,
    )
    .unwrap();
    let growth_lines = "\n\nTime grows faster than any power of N we could measure on this family: about 2.0 times \
         as much for each word more. \
         Measured: 0.01 s at 21, 0.10 s at 25, 0.40 s at 27, 0.80 s at 28 words (0.00 s for the smallest input). \
         The smallest failing size of the family \"two blocks\" is 30 words: over 1.51 s (stopped).";
    assert!(unwrapped(&text).ends_with(growth_lines), "{text}");
}

/// One curve, and the variants of it that are or are not a close call, side by side.
#[test]
fn a_near_linear_time_out_within_a_quarter_of_the_limit_is_a_close_call() {
    let family = Family::RandomWords;
    let found = family_time_out(family, 1.7, (180_000, 1.55), 4);
    let linear = Curve {
        resource: Resource::Time,
        origin: Origin {
            family: Some(family),
            seed: 5,
        },
        baseline: 0.01,
        points: vec![(100_000, 0.85), (50_000, 0.43), (25_000, 0.22)],
        fit: Some(Fit {
            exponent: 1.0,
            scale: 8.5e-6,
            baseline: 0.01,
        }),
        exponential: None,
        stopped_check: None,
        smallest_failing: stopped(180_000, 1.55, Stop::Time),
        largest: Some(Measured {
            size: 200_000,
            value: 1.7,
            stopped_at: None,
        }),
    };
    let said = |growth: &Curve| {
        let text = report(
            &scenario(Builtin::Shiritori),
            &found,
            Some(growth),
            None,
            trusted,
        );
        unwrapped(&text.unwrap())
    };
    let close = "A close call on this machine: the complexity is right (N^1.0), and the constant decides, about";
    assert!(
        said(&linear).contains(&format!("{close} 1.70 s at 200,000 words.")),
        "{}",
        said(&linear)
    );
    // Stopped at the judge's largest size: the time measured there when it was, else the fit's.
    let stopped_there = Curve {
        points: vec![(200_000, 1.8), (100_000, 0.85), (50_000, 0.43)],
        largest: Some(stopped(200_000, 1.5, Stop::Time)),
        ..linear.clone()
    };
    assert!(said(&stopped_there).contains(&format!("{close} 1.80 s at 200,000 words.")));
    let by_the_fit = Curve {
        largest: Some(stopped(200_000, 1.5, Stop::Time)),
        ..linear.clone()
    };
    assert!(said(&by_the_fit).contains(&format!("{close} 1.71 s at 200,000 words.")));
    // Not when the time grows faster, or is further over the limit.
    let quadratic = Curve {
        fit: Some(Fit {
            exponent: 2.0,
            ..linear.fit.unwrap()
        }),
        ..linear.clone()
    };
    assert!(!said(&quadratic).contains("close call"));
    let far_over = Curve {
        largest: Some(Measured {
            value: 1.9,
            ..linear.largest.unwrap()
        }),
        ..linear.clone()
    };
    assert!(!said(&far_over).contains("close call"));
    // Times scaled for a slower machine say so.
    let slower = Scenario {
        time_factor: 2.0,
        ..scenario(Builtin::Shiritori)
    };
    let text = report(&slower, &found, Some(&linear), None, trusted).unwrap();
    assert!(
        unwrapped(&text).contains(
            "Times are this machine's divided by 2 (--time-factor), as the judge's would be."
        ),
        "{text}"
    );
    assert!(!said(&linear).contains("--time-factor),"));
    // The advice is for the language that the command runs, told by the program or the script.
    for (command, advice) in [
        ("./a.out", "In C++: read with scanf"),
        (
            "/usr/bin/python3 -c 'print(1)'",
            "In Python: read all the input at once",
        ),
        ("./solve.py", "In Python: read all the input at once"),
        (
            "/opt/pypy3.10/bin/pypy3 solve.py",
            "In PyPy: read all the input at once",
        ),
        (
            "java -Xss1g Main",
            "On the JVM: read with a buffered byte reader",
        ),
        (
            "kotlin MainKt",
            "On the JVM: read with a buffered byte reader",
        ),
    ] {
        let run = Scenario {
            command,
            ..scenario(Builtin::Shiritori)
        };
        let text = unwrapped(&report(&run, &found, Some(&linear), None, trusted).unwrap());
        assert!(
            text.contains(&format!("(--time-factor says how much). {advice}")),
            "{command}: {text}"
        );
    }
}

/// A run stopped at the limit `limit`, at `size`, having taken `value`.
fn stopped(size: usize, value: f64, limit: Stop) -> Measured {
    Measured {
        size,
        value,
        stopped_at: Some(limit),
    }
}

#[test]
fn a_run_stopped_at_the_other_limit_or_not_at_all_says_so() {
    let mib = 1048576.0;
    let fit = Fit {
        exponent: 1.0,
        scale: 8192.0,
        baseline: 0.0,
    };
    let growth = Curve {
        resource: Resource::Memory,
        origin: Origin {
            family: Some(Family::RandomWords),
            seed: 5,
        },
        baseline: 0.0,
        points: vec![(60_000, 470.0 * mib), (30_000, 235.0 * mib)],
        fit: Some(fit),
        exponential: None,
        stopped_check: None,
        smallest_failing: stopped(122_000, 1025.0 * mib, Stop::Memory),
        // Paging slowly, it reached the time limit first at the judge's largest size.
        largest: Some(stopped(200_000, 979.0 * mib, Stop::Time)),
    };
    let found = found(words(3), Failure::MemoryLimit { peak: 1025 << 20 });
    let text = report(
        &scenario(Builtin::Shiritori),
        &found,
        Some(&growth),
        None,
        trusted,
    )
    .unwrap();
    let line = format!(
        "is 122,000 words: over 1025 MiB (stopped), about {} by the fit; at 200,000 words: 979 MiB when stopped at the time limit, about {} by the fit.",
        Resource::Memory.show(fit.at(122_000)),
        Resource::Memory.show(fit.at(200_000))
    );
    assert!(unwrapped(&text).contains(&line), "{text}");
    // A run that ended is shown as it ended, without what the fit expects.
    let ended = Curve {
        largest: Some(Measured {
            stopped_at: None,
            ..growth.largest.unwrap()
        }),
        ..growth
    };
    let text = report(
        &scenario(Builtin::Shiritori),
        &found,
        Some(&ended),
        None,
        trusted,
    )
    .unwrap();
    assert!(
        unwrapped(&text).ends_with("; at 200,000 words: 979 MiB."),
        "{text}"
    );
}

#[test]
fn memory_too_small_to_measure_is_said_so() {
    let growth = Curve {
        resource: Resource::Memory,
        origin: Origin {
            family: Some(Family::RandomWords),
            seed: 5,
        },
        baseline: 0.0,
        points: vec![
            (2_000, 40.0 * 1048576.0),
            (1_000, 20.0 * 1048576.0),
            (500, 8.0 * 1048576.0),
        ],
        fit: None,
        exponential: None,
        stopped_check: None,
        smallest_failing: stopped(4_000, 256.0 * 1048576.0, Stop::Memory),
        largest: Some(stopped(200_000, 256.0 * 1048576.0, Stop::Memory)),
    };
    let found = found(words(3), Failure::MemoryLimit { peak: 257 << 20 });
    let text = report(
        &scenario(Builtin::Shiritori),
        &found,
        Some(&growth),
        None,
        trusted,
    )
    .unwrap();
    assert!(unwrapped(&text).contains(" Measured: under 16 MiB at 500, 20 MiB at 1,000, 40 MiB at 2,000 words (under 16 MiB for the smallest input). "), "{text}");
    assert!(text.contains("could not be measured"), "{text}");
    assert!(
        unwrapped(&text).contains(
            "is 4,000 words: over 256 MiB (stopped); at 200,000 words: over 256 MiB (stopped)."
        ),
        "{text}"
    );
}

/// The report of a crash on a round of 8 that printed `stderr`, saved in `/tmp/cases`.
fn crashed_with(stderr: String) -> String {
    let failure = Failure::Crash {
        status: "exit status: 1".to_string(),
        stderr,
        too_deep: None,
    };
    let input = Input::Lucky7 {
        digits: "8".into(),
        players: "A".into(),
    };
    let saved = SavedCase {
        folder: PathBuf::from("/tmp/cases"),
        name: "lucky7-42".to_string(),
        answered: true,
        with_words: false,
    };
    let scenario = Scenario {
        saved: Some(saved),
        ..scenario(Builtin::Lucky7)
    };
    report(&scenario, &found(input, failure), None, None, trusted).unwrap()
}

/// The lines a report shows of stderr, without their indent.
fn stderr_shown(text: &str) -> Vec<&str> {
    let shown = text
        .lines()
        .skip_while(|line| !line.starts_with("What it printed"))
        .skip(1)
        .take_while(|line| !line.is_empty());
    shown
        .map(|line| line.strip_prefix("  ").unwrap_or(line))
        .collect()
}

#[test]
fn a_crash_shows_the_last_lines_of_its_stderr() {
    for length in [SHOWN_STDERR, SHOWN_STDERR + 1] {
        let lines: Vec<String> = (1..=length).map(|k| format!("line {k}")).collect();
        let text = crashed_with(format!("\n\n{}\n\n", lines.join("\n")));
        assert!(
            text.starts_with(
                "check: ./a.out gives a runtime error (RE, exit status: 1) on lucky7.\n"
            ),
            "{text}"
        );
        // The blank lines around it left out; a long one's end, and where all of it is.
        let last = &lines[length - SHOWN_STDERR..];
        assert_eq!(stderr_shown(&text), last, "{text}");
        let heading = match length > SHOWN_STDERR {
            true => "\nWhat it printed on stderr (30 of its 31 lines; all of them in /tmp/cases/printed/lucky7-42.stderr):\n".to_string(),
            false => "\nWhat it printed on stderr:\n".to_string(),
        };
        assert!(text.contains(&heading), "{text}");
    }
}

#[test]
fn a_sanitizer_report_is_shown_to_its_summary_without_its_legend() {
    let mut lines =
        vec!["=================================================================".to_string()];
    lines.push("==77==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x6020".to_string());
    lines.push("READ of size 4 at 0x6020 thread T0".to_string());
    lines.extend((0..40).map(|k| format!("    #{k} 0x55 in frame{k} a.cpp:{k}")));
    lines.push("SUMMARY: AddressSanitizer: heap-buffer-overflow a.cpp:11 in main".to_string());
    lines.extend((0..30).map(|k| format!("  Shadow legend {k}")));
    lines.push("==77==ABORTING".to_string());
    let text = crashed_with(lines.join("\n"));
    let shown = stderr_shown(&text);
    // From the error, its frames nearest it, to its summary.
    assert_eq!(shown.len(), SHOWN_STDERR, "{text}");
    assert!(
        shown[0].starts_with("==77==ERROR: AddressSanitizer"),
        "{text}"
    );
    assert_eq!(shown[2], "    #0 0x55 in frame0 a.cpp:0", "{text}");
    assert_eq!(shown[SHOWN_STDERR - 2], "...", "{text}");
    assert!(
        shown[SHOWN_STDERR - 1].starts_with("SUMMARY: AddressSanitizer"),
        "{text}"
    );
    assert!(!text.contains("Shadow legend"), "{text}");
    // A short one whole.
    let short = [&lines[..5], &lines[43..44]].concat().join("\n");
    let text = crashed_with(short);
    let shown = stderr_shown(&text);
    assert_eq!(shown.len(), 5, "{shown:?}");
    assert!(shown[4].starts_with("SUMMARY: "), "{shown:?}");
    // A summary before the error is some other program's: the last lines are shown.
    let unfinished = [
        "SUMMARY: 3 of 3 tests passed",
        "==78==ERROR: LeakSanitizer",
        "tail",
    ];
    let text = crashed_with(unfinished.join("\n"));
    assert_eq!(stderr_shown(&text), unfinished, "{text}");
}

#[test]
fn numbers_keep_their_units_and_a_time_beside_its_limit_its_decimals() {
    // Decimals only where the usual two would show a different time as the limit.
    assert_eq!(seconds_beside(1.504, 1.5), "1.504 s");
    assert_eq!(seconds_beside(1.2, 1.5), "1.20 s");
    assert_eq!(seconds_beside(1.5, 1.5), "1.50 s");
    // From 100 s on, a time is whole seconds however close.
    assert_eq!(seconds_beside(150.2, 150.0), "150 s");
    // A time just over the limit shows the decimals that tell them apart.
    let just_over = Failure::TimeLimit {
        time: Duration::from_millis(1504),
        stopped: false,
        blocked: false,
    };
    let text = reported(Builtin::Lucky7, &found(game(3), just_over));
    assert!(
        unwrapped(&text).contains("1.504 s, more than the 1.50 s limit"),
        "{text}"
    );
    // However the prose wraps, a number and its unit share a line.
    let slow = Failure::TimeLimit {
        time: Duration::from_millis(1660),
        stopped: true,
        blocked: false,
    };
    for length in 1..80 {
        let command = "x".repeat(length);
        let scenario = Scenario {
            command: &command,
            ..scenario(Builtin::Lucky7)
        };
        let text = report(
            &scenario,
            &found(game(3), slow.clone()),
            None,
            None,
            trusted,
        )
        .unwrap();
        let lines: Vec<&str> = text.lines().collect();
        for pair in lines.windows(2) {
            let split = pair[0].ends_with(|c: char| c.is_ascii_digit())
                && (pair[1].starts_with("s ") || pair[1].starts_with("s,"));
            assert!(!split, "{text}");
        }
    }
}

#[test]
fn a_recursion_stopped_by_pythons_limit_is_explained_and_given_by_its_size() {
    let failure = Failure::Crash {
        status: "exit status: 1".to_string(),
        stderr: "RecursionError: maximum recursion depth exceeded\n".to_string(),
        too_deep: Some(TooDeep::RecursionLimit),
    };
    let text = unwrapped(&reported(Builtin::Lucky7, &found(game(998), failure)));
    assert!(text.contains("\n\nSmallest failing input: 998 rounds, shrunk from case 7 of 300 (998 rounds, seed 42) after 9 tries.\n\nPython's recursion limit stopped it: 1,000 frames, as on the judge, unless the program raises it with sys.setrecursionlimit.\n\nWhat it printed on stderr:"), "{text}");
}
