//! Judging a run: the answer compared as the judge compares it, a crash, and the time and
//! memory limits, which come first.

use atcoder_games_tool::judge::{Failure, Limits, answer_lines, judge};
use atcoder_games_tool::process::{Run, Stop};
use std::os::unix::process::ExitStatusExt;
use std::process::ExitStatus;
use std::time::Duration;

const LIMITS: Limits = Limits {
    time: Duration::from_secs(2),
    memory: 64 << 20,
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
    let crash = judge("Aoki\n", &exited(101, "Aoki\n"), &LIMITS).expect("a crash");
    assert_eq!(crash.kind(), "runtime error");
    assert_eq!(
        crash,
        Failure::Crash {
            status: "exit status: 101".to_string(),
            stderr: "boom\n".to_string()
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
    // Over the time limit, whether the run was stopped or it ended on its own: CPU time counts.
    let slow = Run {
        cpu: Duration::from_millis(2100),
        ..exited(0, "Aoki\n")
    };
    let expected = Failure::TimeLimit {
        cpu: Duration::from_millis(2100),
        blocked: false,
    };
    assert_eq!(limits(slow), Some(expected.clone()));
    let stopped = Run {
        stopped: Some(Stop::CpuTime),
        cpu: Duration::from_millis(2100),
        ..ended(ExitStatus::from_raw(9), "")
    };
    assert_eq!(limits(stopped), Some(expected));
    assert_eq!(expected_kind(&limits), ("time limit exceeded", "TLE"));
    // Stopped on the wall clock, with little CPU time: it sleeps or blocks.
    let blocked = Run {
        stopped: Some(Stop::WallTime),
        ..ended(ExitStatus::from_raw(9), "")
    };
    let Some(Failure::TimeLimit { blocked: true, cpu }) = limits(blocked) else {
        panic!("a time-out on the wall clock");
    };
    assert_eq!(cpu, Duration::from_millis(4));
    // Over the memory limit, whatever else went wrong.
    for stopped in [Some(Stop::Memory), Some(Stop::CpuTime), None] {
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
    assert_eq!(
        (failure.kind(), failure.verdict()),
        ("memory limit exceeded", "MLE")
    );
    // Just within both limits, and right.
    let within = Run {
        cpu: Duration::from_secs(2),
        peak_memory: 64 << 20,
        ..exited(0, "Aoki\n")
    };
    assert_eq!(limits(within), None);
}

fn expected_kind(limits: &impl Fn(Run) -> Option<Failure>) -> (&'static str, &'static str) {
    let failure = limits(Run {
        cpu: Duration::from_secs(5),
        ..exited(0, "")
    })
    .unwrap();
    (failure.kind(), failure.verdict())
}

#[test]
fn atcoders_limits_run_a_program_with_a_wall_clock_allowance() {
    let options = Limits::ATCODER.options();
    assert_eq!(options.cpu_limit, Some(Duration::from_secs(2)));
    assert_eq!(options.wall_limit, Some(Duration::from_secs(6)));
    assert_eq!(options.memory_limit, Some(1 << 30));
}

#[test]
fn more_time_changes_the_time_limit_only() {
    let relaxed = LIMITS.with_time_times(3);
    assert_eq!(relaxed.time, LIMITS.time * 3);
    assert_eq!(relaxed.memory, LIMITS.memory);
}
