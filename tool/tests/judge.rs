//! Judging a run: the answer compared as the judge compares it, a crash, and the time, memory,
//! stack and output limits, which come first.

use atcoder_games_tool::error::Error;
use atcoder_games_tool::judge::{
    Failure, Limits, MOST_RUNS, NearMiss, Precision, TooDeep, Verdict, answer_lines, judge,
    judged_time, near_miss, settle, steady_runs,
};
use atcoder_games_tool::process::{Run, Stop};
use std::os::unix::process::ExitStatusExt;
use std::process::ExitStatus;
use std::time::Duration;

const LIMITS: Limits = Limits {
    time: Duration::from_secs(2),
    memory: 64 << 20,
    stack: 16 << 20,
};

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
        max_rss: 1 << 20,
        peak_stack: 128 << 10,
        stack_overflow: false,
        forked: None,
        dialogue: None,
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
        assert_eq!(judge(expected, &exited(0, same), &LIMITS), None, "{same:?}");
    }
    for different in [
        "Aoki\nAoki\n",
        "Aoki\n",
        "\nAoki\nDraw\n",
        "Aoki\nDraw\nDraw\n",
        " Aoki\nDraw\n",
    ] {
        let failure = judge(expected, &exited(0, different), &LIMITS).expect("a wrong answer");
        assert_eq!(failure.verdict(), Verdict::WrongAnswer);
        assert_eq!(
            failure,
            Failure::WrongAnswer {
                expected: expected.to_string(),
                actual: different.to_string(),
                message: None,
            }
        );
    }
    assert_eq!(answer_lines("a \n\nb\n\n \n"), ["a", "", "b"]);
}

#[test]
fn crashes_and_timeouts_are_told_apart() {
    let crash = judge("Aoki\n", &exited(101, "Aoki\n"), &LIMITS).expect("a crash");
    assert_eq!(crash.verdict(), Verdict::RuntimeError);
    assert_eq!(
        crash,
        Failure::Crash {
            status: "exit status: 101".to_string(),
            stderr: "boom\n".to_string(),
            too_deep: None,
        }
    );
    let killed = ended(ExitStatus::from_raw(9), "");
    let Some(Failure::Crash { status, .. }) = judge("Aoki\n", &killed, &LIMITS) else {
        panic!("a signal is a crash");
    };
    assert!(status.contains("signal: 9"), "{status}");
}

#[test]
fn the_limits_come_first_memory_before_time() {
    let limits = |run: Run| judge("Aoki\n", &run, &LIMITS);
    // Over the time limit, whether the run was stopped or it ended on its own.
    let slow = Run {
        cpu: Duration::from_millis(2100),
        wall: Duration::from_millis(2150),
        ..exited(0, "Aoki\n")
    };
    let expected = Failure::TimeLimit {
        time: Duration::from_millis(2100),
        stopped: false,
        blocked: false,
    };
    assert_eq!(limits(slow), Some(expected));
    let stopped = Run {
        stopped: Some(Stop::Time),
        cpu: Duration::from_millis(2300),
        wall: Duration::from_millis(2250),
        ..ended(ExitStatus::from_raw(9), "")
    };
    let expected = Failure::TimeLimit {
        time: Duration::from_millis(2250),
        stopped: true,
        blocked: false,
    };
    assert_eq!(limits(stopped), Some(expected.clone()));
    assert_eq!(expected.verdict(), Verdict::TimeLimitExceeded);
    // Stopped on the wall clock, with little CPU time: it sleeps or blocks.
    let blocked = Run {
        stopped: Some(Stop::WallTime),
        wall: Duration::from_millis(2200),
        ..ended(ExitStatus::from_raw(9), "")
    };
    let Some(Failure::TimeLimit {
        blocked: true,
        stopped: true,
        time,
    }) = limits(blocked)
    else {
        panic!("a time-out on the wall clock");
    };
    assert_eq!(time, Duration::from_millis(2200), "a wait counts in full");
    // Over the memory limit, whatever else went wrong.
    for stopped in [Some(Stop::Memory), Some(Stop::Time), None] {
        let large = Run {
            stopped,
            peak_memory: 65 << 20,
            cpu: Duration::from_secs(3),
            ..ended(ExitStatus::from_raw(9), "")
        };
        assert_eq!(limits(large), Some(Failure::MemoryLimit { peak: 65 << 20 }));
    }
    let stopped_at_memory = Run {
        stopped: Some(Stop::Memory),
        peak_memory: 60 << 20,
        ..ended(ExitStatus::from_raw(9), "")
    };
    let failure = limits(stopped_at_memory).unwrap();
    assert_eq!(failure.verdict(), Verdict::MemoryLimitExceeded);
    // Just within both limits, and right.
    let within = Run {
        cpu: Duration::from_secs(2),
        wall: Duration::from_secs(2),
        peak_memory: 64 << 20,
        ..exited(0, "Aoki\n")
    };
    assert_eq!(limits(within), None);
}

#[test]
fn the_judged_time_is_the_elapsed_time_but_no_more_than_the_cpu_time() {
    let run = |cpu: u64, wall: u64| Run {
        cpu: Duration::from_millis(cpu),
        wall: Duration::from_millis(wall),
        ..exited(0, "Aoki\n")
    };
    // A JVM's helper threads add CPU time: the wall clock counts, as on the judge.
    assert_eq!(judged_time(&run(2900, 1900)), Duration::from_millis(1900));
    assert_eq!(judge("Aoki\n", &run(2900, 1900), &LIMITS), None);
    // A busy machine stretches the wall clock: the CPU time counts.
    assert_eq!(judged_time(&run(1900, 3000)), Duration::from_millis(1900));
    // A program that waits is judged by the wall clock.
    assert_eq!(judged_time(&run(100, 2500)), Duration::from_millis(2500));
    assert!(judge("Aoki\n", &run(100, 2500), &LIMITS).is_some());
    assert_eq!(judged_time(&run(300, 2500)), Duration::from_millis(300));
}

#[test]
fn too_much_output_is_ole_and_a_full_stack_makes_a_crash() {
    let printed = Run {
        stopped: Some(Stop::Output),
        stdout: vec![b'D'; 1000],
        peak_memory: 65 << 20,
        ..ended(ExitStatus::from_raw(13), "")
    };
    let failure = judge("Aoki\n", &printed, &LIMITS).unwrap();
    assert_eq!(failure, Failure::OutputLimit { limit: 1000 });
    assert_eq!(failure.verdict(), Verdict::OutputLimitExceeded);
    // A stack at nine tenths of its limit, and a crash: the stack is named.
    let overflowed = |peak_stack: u64, stopped: Option<Stop>| Run {
        stopped,
        peak_stack,
        peak_memory: 65 << 20,
        ..ended(ExitStatus::from_raw(11), "")
    };
    let full: u64 = 16 << 20;
    let nine_tenths = (full * 9).div_ceil(10);
    for (stack, stopped, full) in [
        (full, None, true),
        (nine_tenths, None, true),
        // The stack that filled the memory too: it would have crashed a moment later.
        (nine_tenths, Some(Stop::Memory), true),
        (nine_tenths - 1, None, false),
    ] {
        let failure = judge("Aoki\n", &overflowed(stack, stopped), &LIMITS).unwrap();
        match failure {
            Failure::Crash { too_deep, .. } => {
                assert_eq!(too_deep == Some(TooDeep::Stack), full, "{stack}")
            }
            Failure::MemoryLimit { .. } => assert!(!full, "{stack}"),
            other => panic!("{other:?}"),
        }
    }
    // Stopped at the memory limit with a small stack: MLE.
    let failure = judge("Aoki\n", &overflowed(1 << 20, Some(Stop::Memory)), &LIMITS);
    assert_eq!(failure.unwrap().verdict(), Verdict::MemoryLimitExceeded);
}

#[test]
fn verdicts_have_the_judges_names() {
    let all = [
        (Verdict::WrongAnswer, "wrong answer", "WA"),
        (Verdict::RuntimeError, "runtime error", "RE"),
        (Verdict::TimeLimitExceeded, "time limit exceeded", "TLE"),
        (Verdict::MemoryLimitExceeded, "memory limit exceeded", "MLE"),
        (Verdict::OutputLimitExceeded, "output limit exceeded", "OLE"),
    ];
    for (verdict, name, abbreviation) in all {
        assert_eq!(
            (verdict.name(), verdict.abbreviation()),
            (name, abbreviation)
        );
    }
}

#[test]
fn atcoders_limits_run_a_program_with_its_cut_off_stack_and_output_limit() {
    assert_eq!(Limits::ATCODER.stack, 1 << 30);
    let options = Limits::ATCODER.options(1000);
    assert_eq!(options.time_limit, Some(Duration::from_millis(2200)));
    assert_eq!(options.wall_limit, Some(Duration::from_secs(6)));
    assert_eq!(options.memory_limit, Some(1 << 30));
    assert_eq!(options.stack, Some(1 << 30));
    assert_eq!(options.output_limit, Some(2000 + (1 << 20)));
    // Its faults traced, so that a stack that overflows between two samples is still told.
    assert!(options.trace_faults);
}

#[test]
fn more_limits_change_the_time_and_the_memory() {
    let relaxed = LIMITS.times(3);
    assert_eq!(relaxed.time, LIMITS.time * 3);
    assert_eq!(relaxed.memory, LIMITS.memory * 3);
    assert_eq!(relaxed.stack, LIMITS.stack);
}

/// A run of a right program that took `seconds`, or was stopped at `stop` after them.
fn timed(seconds: f64, stop: Option<Stop>) -> Run {
    let time = Duration::from_secs_f64(seconds);
    Run {
        stopped: stop,
        cpu: time,
        wall: time,
        ..exited(0, "Aoki\n")
    }
}

/// What [`settle`] makes of `runs`, made one after another under `LIMITS`: the judged time of
/// the run it keeps, whether that run was stopped, and how many it made.
fn settled(precision: Precision, runs: &[Run]) -> (f64, bool, usize) {
    let mut made = 0;
    let settled = settle(&LIMITS, precision, || {
        made += 1;
        Ok::<_, Error>(runs[made - 1].clone())
    })
    .unwrap();
    assert_eq!(settled.runs, made);
    let time = judged_time(&settled.run).as_secs_f64();
    (time, settled.run.stopped.is_some(), made)
}

/// The verdict on the run that [`settle`] keeps of `runs`, and how many it made.
fn verdict(runs: &[Run]) -> (Option<Verdict>, usize) {
    let mut made = 0;
    let settled = settle(&LIMITS, Precision::Verdict, || {
        made += 1;
        Ok::<_, Error>(runs[made - 1].clone())
    })
    .unwrap();
    let failure = judge("Aoki\n", &settled.run, &LIMITS);
    (failure.map(|failure| failure.verdict()), made)
}

#[test]
fn a_time_clearly_under_the_limit_takes_one_run_and_a_time_out_two() {
    let tle = Some(Verdict::TimeLimitExceeded);
    assert_eq!(verdict(&[timed(0.5, None)]), (None, 1));
    assert_eq!(verdict(&[timed(1.8, None)]), (None, 1));
    // A time-out, stopped at the cut-off, is confirmed by a second run...
    let stopped = timed(2.25, Some(Stop::Time));
    assert_eq!(verdict(&[stopped.clone(), stopped.clone()]), (tle, 2));
    // ... which, on a machine that was busy a moment, passes.
    assert_eq!(verdict(&[stopped.clone(), timed(0.5, None)]), (None, 2));
    // So is a time clearly over the limit that ran to its end.
    assert_eq!(verdict(&[timed(2.5, None), timed(2.6, None)]), (tle, 2));
}

#[test]
fn a_borderline_time_is_measured_until_it_is_settled_five_runs_at_most() {
    let tle = Some(Verdict::TimeLimitExceeded);
    // Within a tenth of the 2 s limit, either side: again, until clearly under...
    let runs = [timed(2.1, None), timed(1.9, None), timed(1.7, None)];
    assert_eq!(verdict(&runs), (None, 3));
    let runs = [timed(1.85, None), timed(1.79, None)];
    assert_eq!(verdict(&runs), (None, 2));
    // ... or clearly over, in two runs...
    let runs = [timed(2.3, None), timed(2.25, None)];
    assert_eq!(verdict(&runs), (tle, 2));
    // ... or five runs, when the least decides.
    let borderline = [1.95, 2.05, 1.9, 2.1, 1.85].map(|time| timed(time, None));
    assert_eq!(borderline.len(), MOST_RUNS);
    assert_eq!(verdict(&borderline), (None, MOST_RUNS));
    let over = [2.15, 2.05, 2.1, 2.12, 2.2].map(|time| timed(time, None));
    assert_eq!(verdict(&over), (tle, MOST_RUNS));
    // A tenth over exactly is not clearly over.
    let at_a_tenth = [2.2; MOST_RUNS].map(|time| timed(time, None));
    assert_eq!(verdict(&at_a_tenth), (tle, MOST_RUNS));
    // Of runs equally fast, the first is kept.
    let mut made = 0;
    let settled = settle(&LIMITS, Precision::Verdict, || {
        made += 1;
        Ok::<_, Error>(Run {
            stdout: made.to_string().into_bytes(),
            ..timed(2.1, None)
        })
    })
    .unwrap();
    assert_eq!(
        (settled.runs, &settled.run.stdout[..]),
        (MOST_RUNS, &b"1"[..])
    );
}

#[test]
fn memory_and_output_limits_are_not_run_again() {
    let too_large = Run {
        stopped: Some(Stop::Memory),
        peak_memory: 65 << 20,
        ..timed(2.1, None)
    };
    let mle = Some(Verdict::MemoryLimitExceeded);
    assert_eq!(verdict(std::slice::from_ref(&too_large)), (mle, 1));
    // Over the limit at the end, but not stopped (it ended between two looks).
    let over = Run {
        peak_memory: 65 << 20,
        ..timed(1.95, None)
    };
    assert_eq!(verdict(&[over]), (mle, 1));
    let printed = Run {
        stopped: Some(Stop::Output),
        ..timed(2.0, None)
    };
    assert_eq!(verdict(&[printed]), (Some(Verdict::OutputLimitExceeded), 1));
    // Not even to make a time steady.
    let (_, stopped, made) = settled(Precision::Steady, &[too_large]);
    assert!(stopped);
    assert_eq!(made, 1);
    // A peak at the limit itself is within it, and a borderline time is measured again.
    let at_the_limit = Run {
        peak_memory: LIMITS.memory,
        ..timed(1.95, None)
    };
    assert_eq!(verdict(&[at_the_limit, timed(1.7, None)]), (None, 2));
}

#[test]
fn a_steady_time_takes_three_short_runs_or_two_long_ones() {
    assert_eq!(steady_runs(Duration::from_millis(50)), 3);
    assert_eq!(steady_runs(Duration::from_millis(199)), 3);
    assert_eq!(steady_runs(Duration::from_millis(200)), 2);
    assert_eq!(steady_runs(Duration::from_millis(1500)), 2);
    let steady = |times: &[f64]| {
        let runs: Vec<Run> = times.iter().map(|&time| timed(time, None)).collect();
        let (least, stopped, made) = settled(Precision::Steady, &runs);
        assert!(!stopped);
        ((least * 1000.0).round() / 1000.0, made)
    };
    assert_eq!(steady(&[1.0, 0.95]), (0.95, 2));
    assert_eq!(steady(&[0.95, 1.0]), (0.95, 2));
    assert_eq!(steady(&[0.1, 0.095, 0.099]), (0.095, 3));
    // The two least must be within a tenth of each other...
    assert_eq!(steady(&[1.0, 0.8, 0.85]), (0.8, 3));
    assert_eq!(steady(&[1.1, 1.0]), (1.0, 2));
    assert_eq!(steady(&[0.1, 0.05, 0.2, 0.054]), (0.05, 4));
    // ... and five runs at most.
    assert_eq!(steady(&[1.0, 0.5, 0.3, 0.2, 0.1]), (0.1, MOST_RUNS));
    // For a verdict, a time clearly under the limit needs no second run.
    assert_eq!(settled(Precision::Verdict, &[timed(0.1, None)]).2, 1);
}

#[test]
fn a_run_stopped_at_a_limit_counts_only_when_every_run_was() {
    let stopped = |seconds| timed(seconds, Some(Stop::Time));
    // A run stopped says only that it took more: one that ran to its end is kept...
    let runs = [timed(1.0, None), stopped(0.5)];
    assert_eq!(settled(Precision::Steady, &runs), (1.0, false, 2));
    let runs = [stopped(0.5), timed(1.0, None)];
    assert_eq!(settled(Precision::Steady, &runs), (1.0, false, 2));
    // ... it does not count as one of the two least that must agree...
    let runs = [
        timed(1.0, None),
        timed(0.7, None),
        stopped(0.6),
        timed(0.75, None),
    ];
    let (least, _, made) = settled(Precision::Steady, &runs);
    assert_eq!(((least * 100.0).round(), made), (70.0, 4));
    // ... and if every run was stopped, the one kept was stopped too.
    let runs = [stopped(2.3), stopped(2.25)];
    assert_eq!(settled(Precision::Steady, &runs), (2.25, true, 2));
}

#[test]
fn a_traced_stack_overflow_is_a_crash_of_the_stack_and_the_tools_kill_no_signal() {
    // Faulted beyond its stack, however small the stack seen.
    let overflowed = Run {
        stack_overflow: true,
        forked: None,
        dialogue: None,
        ..ended(ExitStatus::from_raw(11), "")
    };
    let Some(Failure::Crash {
        status, too_deep, ..
    }) = judge("Aoki\n", &overflowed, &LIMITS)
    else {
        panic!("a crash");
    };
    assert_eq!(too_deep, Some(TooDeep::Stack));
    assert_eq!(status, "signal: 11 (SIGSEGV)");
    // Stopped by the tool at the memory limit with its stack full: the tool's kill is not shown
    // as the program's signal.
    let stopped = Run {
        stopped: Some(Stop::Memory),
        peak_stack: 16 << 20,
        peak_memory: 65 << 20,
        ..ended(ExitStatus::from_raw(9), "")
    };
    let Some(Failure::Crash { status, .. }) = judge("Aoki\n", &stopped, &LIMITS) else {
        panic!("a crash");
    };
    assert_eq!(status, "stopped at the memory limit, its stack full");
}

#[test]
fn pythons_recursion_limit_is_a_recursion_too_deep() {
    let traceback = "Traceback (most recent call last):\n  [Previous line repeated 996 more times]\nRecursionError: maximum recursion depth exceeded in comparison\n";
    let stopped = Run {
        stderr: traceback.as_bytes().to_vec(),
        ..exited(1, "")
    };
    let Some(Failure::Crash { too_deep, .. }) = judge("Aoki\n", &stopped, &LIMITS) else {
        panic!("a crash");
    };
    assert_eq!(too_deep, Some(TooDeep::RecursionLimit));
}

#[test]
fn an_answer_wrong_only_in_letter_case_or_whitespace_is_a_near_miss() {
    let near = |expected: &str, actual: &str| near_miss(expected, actual);
    assert_eq!(
        near("Takahashi\n", "takahashi\n"),
        Some(NearMiss::LetterCase)
    );
    assert_eq!(
        near("Aoki\nDraw\n", "AOKI\ndraw"),
        Some(NearMiss::LetterCase)
    );
    assert_eq!(
        near("Aoki\nDraw\n", "Aoki Draw\n"),
        Some(NearMiss::Whitespace)
    );
    assert_eq!(near("1 2\n", " 1 2\n"), Some(NearMiss::Whitespace));
    assert_eq!(near("Aoki\n", "Takahashi\n"), None);
    assert_eq!(near("Aoki\nDraw\n", "Aoki\n"), None);
}

#[test]
fn numbers_that_differ_only_past_the_ninth_significant_digit_are_a_near_miss() {
    let near = |expected: &str, actual: &str| near_miss(expected, actual);
    let precision = Some(NearMiss::Precision);
    assert_eq!(near("3.14159265358979\n", "3.1415926538\n"), precision);
    assert_eq!(near("2 0.333333333333\n", "2 0.3333333334\n"), precision);
    assert_eq!(near("1e-12 5\n", "1.0000000001e-12 5\n"), precision);
    // The tenth digit is not the ninth; another token is no near miss; nor is a word.
    assert_eq!(near("3.14159265358979\n", "3.14159266\n"), None);
    assert_eq!(near("2 0.333333333333\n", "3 0.333333333333\n"), None);
    assert_eq!(near("0.5 Yes\n", "0.5000000000001 No\n"), None);
    assert_eq!(near("1 2\n", "1 2 3\n"), None);
}
