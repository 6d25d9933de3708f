//! Time limits: a time-out confirmed, a program that blocks stopped, a hang not shrunk, an
//! exponential named, and a close call told from a warning.

use super::*;

#[test]
fn a_time_out_is_confirmed_by_a_second_run() {
    // A right solution that loops on its very first run only, as if the machine had stalled.
    let once = scratch("slow-once");
    let script = format!(
        "if [ -e '{}' ]; then exec '{TOOL}' solve lucky7; fi; touch '{}'; {ENDS_BY_ITSELF} while :; do :; done",
        once.display(),
        once.display()
    );
    let arguments = ["--timeout", "0.3", "--cases", "5", "--seed", "1"];
    let arguments: Vec<&str> = arguments
        .into_iter()
        .chain(["lucky7", "sh", "-c", &script])
        .collect();
    let output = check(&arguments);
    let report = paragraphs(&stdout(&output)).join("\n");
    assert!(once.exists(), "the first run happened");
    fs::remove_file(&once).unwrap();
    assert_eq!(output.status.code(), Some(0), "{report}");
    assert!(report.contains("all 5 cases of lucky7"), "{report}");
}

#[test]
#[ignore = "second tier: times real programs (cargo test -- --ignored)"]
fn a_program_that_blocks_is_stopped_on_the_wall_clock_and_a_hang_is_not_shrunk() {
    let arguments = ["--timeout", "0.2", "--seed", "1", "lucky7", "sleep", "5"];
    let report = stdout(&check(&arguments));
    let waited = "check: sleep 5 gives no answer (TLE): it waited (slept or blocked) and was stopped on the wall clock after ";
    let after: f64 = report
        .strip_prefix(waited)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|seconds| seconds.parse().ok())
        .unwrap_or_else(|| panic!("{report}"));
    // Three times the limit.
    assert!((0.6..5.0).contains(&after), "{report}");
    // At the default limit: stopped at 6 s, confirmed by a second run, on the first sample, which
    // is reported as it is, never shrunk (nor said not to be).
    let started = Instant::now();
    let report = stdout(&check(&["--cases", "20", "lucky7", "sleep", "10"]));
    assert!(started.elapsed() < Duration::from_secs(30), "{report}");
    let prose = paragraphs(&report).join("\n");
    assert!(prose.contains("it fails official sample 1"), "{report}");
    assert!(!prose.contains("not shrunk further"), "{report}");
}

#[test]
#[ignore = "second tier: times real programs (cargo test -- --ignored)"]
fn a_hang_on_draws_is_caught_and_real() {
    let (report, saved) = caught(
        "shiritori",
        "shiritori-hangs-on-draws",
        "time limit exceeded (TLE): stopped at",
    );
    // It hangs on the first sample with a draw, which is reported as it is.
    assert!(report.contains("it fails official sample 1"), "{report}");
    assert!(!report.contains("not shrunk further"), "{report}");
    let (ran, _) = replay("shiritori", "shiritori-hangs-on-draws", &saved.input);
    assert!(ran.stopped.is_some(), "{}", saved.input);
}

#[test]
#[ignore = "second tier: times real programs (cargo test -- --ignored)"]
fn an_exponential_program_is_reported_as_exponential() {
    let output = check_wrong(
        &["--timeout", "0.2", "--cases", "40", "--seed", "7", "lucky7"],
        "lucky7-brute-force",
    );
    let report = paragraphs(&stdout(&output)).join("\n");
    assert_eq!(output.status.code(), Some(1), "{report}");
    assert!(
        report.contains("gives time limit exceeded (TLE)"),
        "{report}"
    );
    let grows = "Time grows faster than any power of N we could measure on this family: about ";
    let factor: f64 = report
        .split(grows)
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .unwrap_or_else(|| panic!("not exponential: {report}"))
        .parse()
        .unwrap();
    // Two calls for each round more.
    assert!((1.6..=2.5).contains(&factor), "{factor}: {report}");
    assert!(!report.contains("by the fit"), "{report}");
    // Nothing is learnt from a run at the judge's largest size: none is made.
    assert!(!report.contains("at 200,000 rounds"), "{report}");
}

#[test]
#[ignore = "second tier: times real programs (cargo test -- --ignored)"]
fn a_linear_time_just_over_the_limit_is_a_close_call_and_one_just_under_a_warning() {
    // 1.04 s at 200,000 words, in linear time: just over the 1 s limit.
    let (code, report) = check_busy(&[], "1.04");
    assert_eq!(code, Some(1), "{report}");
    assert!(
        report.contains("gives time limit exceeded (TLE)"),
        "{report}"
    );
    assert!(
        report.contains("A close call on this machine: the complexity is right (N^1."),
        "{report}"
    );
    assert!(
        report.contains("The judge's machine may be faster or slower"),
        "{report}"
    );
    assert!(report.contains("In C++: read with scanf"), "{report}");
    // 0.85 s: a pass, over four fifths of the limit, with a warning, and the pass's status.
    let (code, report) = check_busy(&[], "0.85");
    assert_eq!(code, Some(0), "{report}");
    let share = warned_share(&report);
    assert!(80.0 < share && share <= 100.0, "{report}");
    // A machine known to be a third slower than the judge's: the times are divided by 4/3, and
    // the first program's 1.04 s here is 0.78 s on the judge, a pass.
    let (code, report) = check_busy(&["--time-factor", "1.3333"], "1.04");
    assert_eq!(code, Some(0), "{report}");
    assert!(
        report.contains("Times are this machine's divided by 1.3333 (--time-factor)"),
        "{report}"
    );
}
