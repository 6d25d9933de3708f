//! `atcoder-games check` on solutions that are always right but too slow or too large
//! (`examples/wrong.rs`): it gives the judge's verdict, how the time or memory grows, and where
//! the failures start, in a report whose sections keep to their length.
//!
//! These tests measure CPU time, which other programs running beside them inflate (by up to half
//! on this machine's two processors, as they evict each other's caches): they run one at a time,
//! in a test binary of their own.

mod common;

use atcoder_games_tool::process::{self, Options, Run, Stdin};
use common::{check_wrong, scratch, stdout, wrong, wrong_command};
use std::fs;
use std::sync::Mutex;
use std::time::Duration;

/// Held by each test while it runs, so that no two measure CPU time at once.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// The exponent that `report` gives for the growth of `noun` (`Time` or `Memory`).
fn exponent(report: &str, noun: &str) -> f64 {
    let after = format!("{noun} grows like N^");
    let start = report
        .find(&after)
        .unwrap_or_else(|| panic!("no growth: {report}"))
        + after.len();
    let digits = &report[start..start + 3];
    digits
        .parse()
        .unwrap_or_else(|_| panic!("{digits}: {report}"))
}

/// The lines of each section of `report`, the blocks between blank lines.
fn section_lengths(report: &str) -> Vec<usize> {
    report
        .split("\n\n")
        .map(|section| section.lines().count())
        .collect()
}

#[test]
fn words_as_vertices_get_tle_and_grow_like_n_squared() {
    too_slow_or_too_large("shiritori-words-as-vertices", "Time", 2.0);
}

#[test]
fn rescanning_moves_gets_tle_and_grows_like_n_squared() {
    too_slow_or_too_large("shiritori-rescans-moves", "Time", 2.0);
}

#[test]
fn memory_per_word_gets_mle_and_grows_like_n() {
    too_slow_or_too_large("shiritori-memory-per-word", "Memory", 1.0);
}

/// Checks the wrong solution `bug`, always right but too slow (`noun` `Time`) or too large
/// (`Memory`), under a memory limit of 256 MiB and a time limit of 0.5 s: the judge's verdict, a
/// growth of `noun` within 0.4 of `N^truth`, the smallest failing size, which is at the limit
/// when run again, and a report whose sections keep to 40 lines.
///
/// A solution too large is checked under the judge's time limit, 2 s: a page fault costs
/// microseconds on this machine, so filling 256 MiB can take over half a second of CPU time.
fn too_slow_or_too_large(bug: &str, noun: &str, truth: f64) {
    let _alone = ONE_AT_A_TIME
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let saved = scratch(bug);
    let saved_path = saved.to_str().unwrap();
    let time_limit = match noun {
        "Time" => 0.5,
        _ => 2.0,
    };
    let timeout = time_limit.to_string();
    let limits = ["--timeout", &timeout, "--memory", "256"];
    let options = [
        "--cases",
        "40",
        "--seed",
        "3",
        "--save",
        saved_path,
        "shiritori",
    ];
    let options: Vec<&str> = limits.into_iter().chain(options).collect();
    let output = check_wrong(&options, bug);
    let report = stdout(&output);
    assert_eq!(output.status.code(), Some(1), "{bug}: {report}");
    let verdict = match noun {
        "Time" => "time limit exceeded (TLE): more than 0.50 s of CPU time",
        _ => "memory limit exceeded (MLE): more than 256 MiB",
    };
    let head = format!(
        "check: env RUST_BACKTRACE=0 {} {bug} gives {verdict} on shiritori.\n",
        wrong().display()
    );
    assert!(report.starts_with(&head), "{report}");
    let found = exponent(&report, noun);
    assert!(
        (found - truth).abs() <= 0.4,
        "{bug}: N^{found}, not N^{truth}: {report}"
    );
    // At the judge's largest, the run was stopped at the limit. So was it at the smallest failing
    // size, unless it was measured there to its end, over the limit, and the time there is shown.
    let sizes = report
        .lines()
        .find(|line| line.starts_with("The smallest failing size of the family \""))
        .unwrap_or_else(|| panic!("no smallest failing size: {report}"));
    let limit = match noun {
        "Time" => 0.5,
        _ => 256.0,
    };
    let (smallest, largest) = sizes.split_once("; at ").unwrap();
    let value_in = |part: &str| -> (f64, bool) {
        let shown = part.split(": ").nth(1).unwrap();
        let stopped = shown.starts_with("over ") && shown.contains(" (stopped)");
        let number = shown.trim_start_matches("over ").split(' ').next().unwrap();
        (number.replace(',', "").parse().unwrap(), stopped)
    };
    let (at_smallest, smallest_stopped) = value_in(smallest);
    let (at_largest, largest_stopped) = value_in(largest);
    assert!(at_smallest >= limit && at_largest >= limit, "{sizes}");
    assert!(largest_stopped, "{sizes}");
    assert!(smallest_stopped || noun == "Time", "{sizes}");
    assert!(
        section_lengths(&report).iter().all(|&lines| lines <= 40),
        "{report}"
    );
    // Run again on its own, the smallest failing input is at the limit: over it (the check saw
    // it over twice), or, as the time of a run varies, within a tenth of it.
    let input = fs::read_to_string(&saved).unwrap();
    fs::remove_file(&saved).unwrap();
    let size: usize = input.lines().next().unwrap().parse().unwrap();
    assert!(
        report.contains(&format!("Smallest failing input ({}", with_commas(size))),
        "{report}"
    );
    // A time is measured at the smallest failing size too, where the run may go on past the
    // limit; a memory, which the run is stopped at, only below it.
    let measured_there = format!(" at {} words (", with_commas(size));
    let measured_line = report.lines().find(|line| line.starts_with("Measured: "));
    assert_eq!(
        measured_line.is_some_and(|line| line.contains(&measured_there)),
        noun == "Time",
        "{report}"
    );
    // Where that time is over the limit, it is the time given for the smallest failing size.
    if let Some(line) = measured_line.filter(|_| noun == "Time") {
        let there = line
            .split(", ")
            .find(|point| point.contains(&measured_there));
        let there: f64 = there.unwrap().split(' ').next().unwrap().parse().unwrap();
        if there > time_limit {
            assert!(!smallest_stopped && at_smallest == there, "{report}");
        } else if there < time_limit {
            assert!(smallest_stopped, "{report}");
        }
    }
    let options = Options {
        cpu_limit: Some(Duration::from_secs_f64(time_limit)),
        memory_limit: Some(256 << 20),
        ..Options::default()
    };
    let command = wrong_command(bug);
    let at_limit = |ran: &Run| {
        let near_limit = match noun {
            "Time" => ran.cpu.as_secs_f64() >= 0.9 * time_limit,
            _ => ran.peak_memory as f64 >= 0.9 * f64::from(256 << 20),
        };
        ran.stopped.is_some() || near_limit
    };
    // The CPU time of one run varies by a tenth or more on this machine, so a time is given
    // three tries to reach the limit again; a peak memory does not vary.
    let tries = if noun == "Time" { 3 } else { 1 };
    let mut runs = Vec::new();
    while runs.len() < tries {
        let ran = process::run(&command, Stdin::Bytes(input.as_bytes()), &options).unwrap();
        let reached = at_limit(&ran);
        runs.push((ran.stopped, ran.cpu, ran.peak_memory));
        if reached {
            return;
        }
    }
    panic!("{bug} at {size}, (stopped, CPU time, peak bytes) of each run: {runs:?}");
}

/// `1234567` as `1,234,567`.
fn with_commas(n: usize) -> String {
    atcoder_games_tool::report::with_commas(n)
}
