//! `atcoder-games check`, run as a user runs it: against this crate's own solution code it
//! passes every case, and against deliberately wrong solutions (`examples/wrong.rs`) it finds
//! each mistake and shrinks it to a handful of words or rounds that really fail.

mod common;

use atcoder_games_tool::contract::usage_error;
use atcoder_games_tool::process::{self, Options, Run, Stdin};
use common::{TOOL, sample, tool};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

/// The wrong solutions, which `cargo test` builds as this package's example.
fn wrong() -> PathBuf {
    let path = Path::new(TOOL).with_file_name("examples").join("wrong");
    assert!(path.exists(), "{} is built by cargo test", path.display());
    path
}

/// Runs `atcoder-games check` with `arguments`.
fn check(arguments: &[&str]) -> Run {
    let arguments: Vec<&str> = std::iter::once("check")
        .chain(arguments.iter().copied())
        .collect();
    tool(&arguments, "")
}

fn stdout(run: &Run) -> String {
    String::from_utf8(run.stdout.clone()).expect("UTF-8")
}

/// A scratch file for `--save`, removed first.
fn scratch(name: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("check-test-{}-{name}", std::process::id()));
    let _ = fs::remove_file(&path);
    path
}

#[test]
fn this_crates_own_solutions_pass_every_case() {
    for problem in ["shiritori", "lucky7"] {
        // `atcoder-games solve PROBLEM` runs this crate's solution, the same code as its binary.
        let output = check(&[
            "--cases", "120", "--seed", "1", problem, TOOL, "solve", problem,
        ]);
        let report = stdout(&output);
        assert_eq!(output.status.code(), Some(0), "{report}");
        let passed = format!("passed all 120 cases of {problem}, up to ");
        assert!(report.contains(&passed), "{report}");
        let unit = if problem == "shiritori" {
            "words"
        } else {
            "rounds"
        };
        assert!(
            report.contains(&format!(" {unit} (seed 1), in ")),
            "{report}"
        );
        assert!(output.stderr.is_empty(), "quiet when stderr is no terminal");
    }
}

/// Checks `bug`, one of the wrong solutions, on `problem`: the report names `kind`, and the
/// saved input has at most `most` words or rounds; returns the report and the saved input.
fn caught(problem: &str, bug: &str, kind: &str, most: usize) -> (String, String) {
    let saved = scratch(bug);
    let wrong = wrong();
    let arguments = [
        "--seed",
        "3",
        "--timeout",
        "0.3",
        "--save",
        saved.to_str().unwrap(),
        problem,
        wrong.to_str().unwrap(),
        bug,
    ];
    let output = check(&arguments);
    let report = stdout(&output);
    assert_eq!(output.status.code(), Some(1), "{bug}: {report}");
    assert!(
        report.contains(&format!("gives {kind} on {problem}")),
        "{bug}: {report}"
    );
    let input = fs::read_to_string(&saved).expect("the input is saved");
    fs::remove_file(&saved).unwrap();
    let size: usize = input.split_whitespace().next().unwrap().parse().unwrap();
    assert!(
        size <= most,
        "{bug}: {size} is more than a handful:\n{input}"
    );
    assert!(
        report.contains(&input),
        "the report shows the input: {report}"
    );
    (report, input)
}

/// How `bug` runs on `input` (stopped after 2 s), and what this crate's solution answers.
fn replay(problem: &str, bug: &str, input: &str) -> (Run, String) {
    let wrong = wrong();
    let command = [wrong.to_str().unwrap(), bug];
    let limited = Options {
        wall_limit: Some(Duration::from_secs(2)),
        ..Options::default()
    };
    let ran = process::run(&command, Stdin::Bytes(input.as_bytes()), &limited).unwrap();
    let right = tool(&["solve", problem], input);
    assert!(right.succeeded(), "the trusted solution fails on {input}");
    (ran, String::from_utf8(right.stdout).unwrap())
}

#[test]
fn wrong_answers_are_caught_and_really_wrong() {
    for (problem, bug, most) in [
        ("shiritori", "shiritori-counts-duplicates-once", 5),
        ("shiritori", "shiritori-draws-as-aoki", 2),
        ("shiritori", "shiritori-ignores-case", 2),
        ("lucky7", "lucky7-forwards", 4),
    ] {
        let (report, input) = caught(problem, bug, "a wrong answer", most);
        assert!(report.contains("Where the answers differ"), "{report}");
        assert!(report.contains("The right game"), "{report}");
        let (ran, right) = replay(problem, bug, &input);
        assert!(ran.succeeded(), "{bug} crashed or timed out on {input}");
        assert_ne!(
            String::from_utf8(ran.stdout).unwrap(),
            right,
            "{bug} is right on {input}"
        );
    }
}

#[test]
fn a_shiritori_wrong_answer_names_the_word_and_plays_its_game() {
    let (report, input) = caught("shiritori", "shiritori-draws-as-aoki", "a wrong answer", 2);
    // Only a draw is answered wrongly, so the smallest input is one word that loops.
    let word = input.lines().nth(1).unwrap();
    let difference = format!("  word 1 \"{word}\": expected Draw, got Aoki\n");
    assert!(report.contains(&difference), "{report}");
    assert!(
        report.contains(&format!("  Word 1 \"{word}\": Draw.\n")),
        "{report}"
    );
    assert!(report.contains("From here the game repeats"), "{report}");
}

#[test]
fn crashes_and_hangs_are_caught_and_real() {
    let (report, input) = caught("lucky7", "lucky7-crashes-on-8", "a runtime error", 1);
    assert!(report.contains("index out of bounds"), "{report}");
    assert!(report.contains("Expected output:"), "{report}");
    let (ran, _) = replay("lucky7", "lucky7-crashes-on-8", &input);
    assert!(ran.stopped.is_none() && !ran.status.success(), "{ran:?}");

    let (report, input) = caught(
        "shiritori",
        "shiritori-hangs-on-draws",
        "no answer within 0.3 s",
        2,
    );
    assert!(report.contains("It was killed after 0.3 s."), "{report}");
    let (ran, _) = replay("shiritori", "shiritori-hangs-on-draws", &input);
    assert!(ran.stopped.is_some(), "{input}");
}

#[test]
fn the_same_seed_finds_the_same_input() {
    let wrong = wrong();
    let run = || {
        let arguments = [
            "--seed",
            "11",
            "lucky7",
            wrong.to_str().unwrap(),
            "lucky7-forwards",
        ];
        stdout(&check(&arguments))
    };
    assert_eq!(run(), run());
}

#[test]
fn usage_errors_exit_with_2() {
    for (arguments, expected) in [
        (&[][..], "the following required arguments"),
        (&["shiritori"], "the following required arguments"),
        (
            &["chess", "./a.out"],
            "invalid value 'chess' for '<PROBLEM>'",
        ),
        (
            &["--cases", "0", "lucky7", "x"],
            "invalid value '0' for '--cases",
        ),
        (&["--seed", "-1", "lucky7", "x"], "unexpected argument '-1'"),
        (
            &["--timeout", "0", "lucky7", "x"],
            "invalid value '0' for '--timeout <SECONDS>': expected a positive number of seconds",
        ),
        (&["--cases"], "a value is required for '--cases <CASES>'"),
        (
            &["--verbose", "lucky7", "x"],
            "unexpected argument '--verbose'",
        ),
        (
            &["lucky7", "/no/such/program"],
            "cannot start /no/such/program",
        ),
    ] {
        let message = usage_error(&check(arguments));
        assert!(message.contains(expected), "{arguments:?}: {message}");
    }
    let help = check(&["--help"]);
    assert_eq!(help.status.code(), Some(0));
    assert!(stdout(&help).contains("Usage: atcoder-games check [OPTIONS] <PROBLEM> <CMD>..."));
}

#[test]
fn solve_runs_this_crates_solutions() {
    assert_eq!(
        stdout(&tool(&["solve", "lucky7"], sample("lucky7", 1))),
        "Takahashi\n"
    );
    let input = sample("shiritori", 1);
    let answer = "Aoki\nTakahashi\nDraw\n";
    assert_eq!(stdout(&tool(&["solve", "shiritori"], &input)), answer);
    let depths = "Aoki 2\nTakahashi 1\nDraw\n";
    assert_eq!(
        stdout(&tool(&["solve", "shiritori", "--depth"], &input)),
        depths
    );
    let message = usage_error(&tool(&["solve", "lucky7", "--depth"], ""));
    assert!(
        message.contains("--depth is for shiritori only"),
        "{message}"
    );
}

#[test]
fn a_failure_only_on_large_inputs_is_shrunk_by_its_size_and_shown_in_part() {
    // Room for 100 words: the small cases pass, a large one crashes, and shrinking bisects its
    // size down to the first that does not fit.
    let saved = scratch("fixed-array");
    let wrong = wrong();
    let arguments = [
        "--seed",
        "5",
        "--save",
        saved.to_str().unwrap(),
        "shiritori",
    ];
    let output = check(
        &[
            &arguments[..],
            &[wrong.to_str().unwrap(), "shiritori-fixed-array"],
        ]
        .concat(),
    );
    let report = stdout(&output);
    assert_eq!(output.status.code(), Some(1), "{report}");
    assert!(
        report.contains("gives a runtime error on shiritori"),
        "{report}"
    );
    assert!(
        report.contains("Smallest failing input (101 words)"),
        "{report}"
    );
    assert!(
        report.contains("\n... and 72 more lines (--save PATH writes the whole input)\n"),
        "{report}"
    );
    let input = fs::read_to_string(&saved).unwrap();
    fs::remove_file(&saved).unwrap();
    assert_eq!(input.lines().count(), 102);
    assert!(report.contains(&input.lines().take(30).collect::<Vec<_>>().join("\n")));
}

#[test]
fn progress_is_shown_on_a_terminal() {
    // `script` runs the command on a pseudo-terminal.
    let command = format!("'{TOOL}' check --cases 5 --seed 1 lucky7 '{TOOL}' solve lucky7");
    let output = Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .output()
        .expect("script (util-linux) runs");
    let shown = String::from_utf8_lossy(&output.stdout);
    assert!(shown.contains("\r\x1b[2Kcase 1/5: 1 round"), "{shown:?}");
    assert!(shown.contains("passed all 5 cases of lucky7"), "{shown:?}");
}
