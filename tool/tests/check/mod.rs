//! `atcoder-games check`, run as a user runs it: against this crate's own solution code it
//! passes the samples, every case and every family, and says its margins; against deliberately
//! wrong solutions (`examples/wrong.rs`) it finds each mistake, on an official sample first, and
//! shrinks it to a handful of words or rounds that really fail, saved as an oj test case; a crash
//! shows the lines of stderr with its cause, and names a stack overflow; the common mistakes of
//! its command line get hints; and when the check is stopped itself, it says where it was and
//! leaves nothing running. Solutions that are right but too slow or too large are in
//! tests/limits.rs, and the check on a busy machine in tests/busy.rs.

use crate::common;

use atcoder_games_tool::process::{self, Options, Run, Stdin};
use common::{
    ENDS_BY_ITSELF, TOOL, assert_gone_soon, check, check_wrong, exponent, paragraphs, sample,
    scratch, stdout, temporary, tool, tool_command, wrong_command,
};
use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};
use test_support::contract::{self, assert_usage_error};

mod diagnosis;
mod interactive;
mod runs;
mod saving;
mod time;
mod usage;
mod verdicts;

/// A fresh folder for `--save`.
fn scratch_folder(name: &str) -> PathBuf {
    let folder = scratch(name);
    let _ = fs::remove_dir_all(&folder);
    folder
}

/// The files of a failing case saved by `check --seed SEED` of `problem` in `folder`: named
/// `PROBLEM-SEED`, or for a failing sample by the sample (`sample-1`).
struct Saved {
    input: String,
    answer: String,
    stdout: String,
    stderr: String,
}

impl Saved {
    fn read(folder: &Path, problem: &str, seed: &str) -> Self {
        // The one input in the folder.
        let saved = fs::read_dir(folder).ok().and_then(|files| {
            files
                .filter_map(|file| file.ok()?.file_name().into_string().ok())
                .find_map(|name| Some(name.strip_suffix(".in")?.to_string()))
        });
        let name = saved.unwrap_or_else(|| format!("{problem}-{seed}"));
        let read = |file: &str| {
            let path = folder.join(file.replace("NAME", &name));
            fs::read_to_string(&path).unwrap_or_else(|_| panic!("{} is saved", path.display()))
        };
        Self {
            input: read("NAME.in"),
            answer: read("NAME.out"),
            stdout: read("printed/NAME.stdout"),
            stderr: read("printed/NAME.stderr"),
        }
    }

    /// N: the words or rounds of the saved input.
    fn size(&self) -> usize {
        self.input
            .split_whitespace()
            .next()
            .unwrap()
            .parse()
            .unwrap()
    }
}

/// Checks `bug`, one of the wrong solutions, on `problem` with seed 3 and a time limit of 0.3 s:
/// the report's first sentence has `kind`; returns the report and the saved case.
fn caught(problem: &str, bug: &str, kind: &str) -> (String, Saved) {
    let folder = scratch_folder(bug);
    let options = [
        "--seed",
        "3",
        "--timeout",
        "0.3",
        "--save",
        folder.to_str().unwrap(),
        problem,
    ];
    let output = check_wrong(&options, bug);
    let report = stdout(&output);
    assert_eq!(output.status.code(), Some(1), "{bug}: {report}");
    let head = &paragraphs(&report)[0];
    assert!(
        head.contains(&format!("gives {kind}")) && head.contains(&format!(" on {problem}")),
        "{bug}: {report}"
    );
    common::assert_bounded(&report);
    let saved = Saved::read(&folder, problem, "3");
    fs::remove_dir_all(&folder).unwrap();
    (report, saved)
}

/// How `bug` runs on `input` (stopped after 2 s), and what this crate's solution answers.
fn replay(problem: &str, bug: &str, input: &str) -> (Run, String) {
    let command = wrong_command(bug);
    let limited = Options {
        wall_limit: Some(Duration::from_secs(2)),
        ..Options::default()
    };
    let ran = process::run(&command, Stdin::Bytes(input.as_bytes()), &limited).unwrap();
    let right = tool(&["solve", problem], input);
    assert!(right.succeeded(), "the trusted solution fails on {input}");
    (ran, String::from_utf8(right.stdout).unwrap())
}

/// Compiles the C++ `source` into `name` in a scratch folder, with `flags`; None, having said
/// why, where g++ is missing (outside CI).
fn compiled(name: &str, source: &str, flags: &[&str]) -> Option<PathBuf> {
    let folder = scratch_folder(&format!("cpp-{name}"));
    fs::create_dir_all(&folder).unwrap();
    let (file, program) = (folder.join(format!("{name}.cpp")), folder.join(name));
    fs::write(&file, source).unwrap();
    let status = Command::new("g++")
        .args(flags)
        .arg("-o")
        .arg(&program)
        .arg(&file)
        .status();
    match status {
        Ok(status) if status.success() => Some(program),
        other => {
            assert!(std::env::var_os("CI").is_none(), "CI has g++: {other:?}");
            eprintln!("skipped: g++ cannot build {name} here ({other:?})");
            None
        }
    }
}

/// A Lucky 7 program that counts the digits in an array of four: out of bounds from the digit 4.
const OUT_OF_BOUNDS: &str = r#"#include <cstdio>
#include <vector>
int main() {
    static char s[300000], x[300000];
    int n;
    if (scanf("%d %s %s", &n, s, x) != 3) return 1;
    std::vector<int> seen(4);
    for (int i = 0; i < n; i++) seen[s[i] - '0']++;
    puts("Takahashi");
}
"#;

/// A Lucky 7 program that recurses as deep as the game is long, memoised, in C++: an 8 MiB stack
/// overflows at once, with a plain SIGSEGV.
const DEEP: &str = r#"#include <cstdio>
static char s[300000], x[300000];
static signed char memo[300001][7];
int n;
bool wins(int r, int m) {
    if (r == n) return m == 0;
    signed char &w = memo[r][m];
    if (w) return w > 0;
    bool a = wins(r + 1, (10 * m + s[r] - '0') % 7), b = wins(r + 1, 10 * m % 7);
    bool t = x[r] == 'T' ? (a || b) : (a && b);
    w = t ? 1 : -1;
    return t;
}
int main() {
    if (scanf("%d %s %s", &n, s, x) != 3) return 1;
    puts(wins(0, 0) ? "Takahashi" : "Aoki");
}
"#;

/// The oj command the report prints, its two lines joined as the shell joins them.
fn printed_oj_line(report: &str) -> String {
    let after = report
        .split("To run it again:\n")
        .nth(1)
        .expect("an oj line");
    let mut line = String::new();
    for part in after.lines() {
        match part.strip_suffix(" \\") {
            Some(head) => line.push_str(head.trim_start()),
            None => {
                line.push(' ');
                line.push_str(part.trim_start());
                break;
            }
        }
    }
    line.trim_start().to_string()
}

/// The first right game of a report: the command it says plays it again, on a line of its own,
/// and the game, unindented.
fn printed_right_game(report: &str) -> (String, String) {
    let after = report
        .split("\nThe right game:\n")
        .nth(1)
        .expect("a right game");
    let game: Vec<&str> = after
        .lines()
        .take_while(|line| line.starts_with("  "))
        .map(|line| &line[2..])
        .collect();
    let command = after
        .split("To play it again:\n  ")
        .nth(1)
        .and_then(|rest| rest.lines().next())
        .expect("the command that plays it again");
    (command.to_string(), game.join("\n"))
}

/// Whether online-judge-tools' `oj` is here; CI installs it.
fn oj_is_here() -> bool {
    let here = Command::new("oj").arg("--version").output().is_ok();
    if !here {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI installs online-judge-tools"
        );
        eprintln!("skipped: no oj (online-judge-tools) here to test the saved case with");
    }
    here
}

/// Runs `atcoder-games check` with `arguments` in `folder`.
fn check_in(folder: &Path, arguments: &[&str]) -> std::process::Output {
    tool_command()
        .arg("check")
        .args(arguments)
        .current_dir(folder)
        .output()
        .expect("the tool runs")
}

/// Runs `atcoder-games check` with `arguments` from a shell whose stack limit is an ordinary 8
/// MiB (its hard limit stays as it is).
fn check_from_an_8_mib_shell(arguments: &[&str]) -> Run {
    let quoted: Vec<String> = arguments.iter().map(|part| format!("'{part}'")).collect();
    let script = format!(
        "ulimit -S -s 8192; exec '{TOOL}' check {}",
        quoted.join(" ")
    );
    contract::run_or_panic(&["sh", "-c", &script], "", &Options::default())
}

/// Every catalogued mistake, as the example program `wrong` makes it: its problem and its id.
const MISTAKES: [(&str, &str); 18] = [
    ("shiritori", "draws-as-takahashi"),
    ("shiritori", "draws-as-aoki"),
    ("shiritori", "ignores-case"),
    ("shiritori", "wrong-block-length"),
    ("shiritori", "self-loops-ignored"),
    ("shiritori", "direction-reversed"),
    ("shiritori", "duplicates-once"),
    ("shiritori", "loss-not-passed-on"),
    ("shiritori", "waits-for-all-moves"),
    ("shiritori", "cycle-as-draw"),
    ("lucky7", "last-player-wins"),
    ("lucky7", "zero-choice-ignored"),
    ("lucky7", "digit-weight"),
    ("lucky7", "players-swapped"),
    ("lucky7", "both-choose-for-takahashi"),
    ("lucky7", "start-residue-ignored"),
    ("lucky7", "forward-pass"),
    ("lucky7", "greedy"),
];

/// Other ways of writing five of them, each an example program's bug, and the mistake's id.
const OTHER_WAYS: [(&str, &str, &str); 5] = [
    ("lucky7", "greedy-zero-when-neither", "greedy"),
    ("shiritori", "answer-at-first-block", "direction-reversed"),
    ("lucky7", "zero-kept", "digit-weight"),
    ("lucky7", "names-swapped", "players-swapped"),
    (
        "lucky7",
        "both-choose-for-aoki",
        "both-choose-for-takahashi",
    ),
];

/// The ids that a report names as likely mistakes, and whether it says that none matches.
fn diagnosis(report: &str) -> (Vec<String>, bool) {
    let prose = paragraphs(report).join("\n");
    let named = prose
        .split("Likely mistake")
        .skip(1)
        .flat_map(|block| block.split("Or: "))
        .filter_map(|part| {
            part.trim_start_matches("s: ")
                .trim_start_matches(": ")
                .split(" — ")
                .next()
        })
        .map(String::from)
        .collect();
    (
        named,
        prose.contains("The failure matches no known mistake"),
    )
}

/// Checks the right Shiritori solution that takes `seconds` of CPU time at 200,000 words, and
/// that share of it for fewer, whatever this machine's speed, under a limit of 1 s, with these
/// `options` before the problem.
fn check_busy(options: &[&str], seconds: &str) -> (Option<i32>, String) {
    let mut command = wrong_command("shiritori-busy");
    command.push(seconds.to_string());
    let mut arguments = vec!["--timeout", "1", "--cases", "20", "--seed", "1"];
    arguments.extend(options);
    arguments.push("shiritori");
    arguments.extend(command.iter().map(String::as_str));
    let output = check(&arguments);
    (
        output.status.code(),
        paragraphs(&stdout(&output)).join("\n"),
    )
}

/// The share of the time limit, in percent, that a pass's warning says its slowest run took.
fn warned_share(report: &str) -> f64 {
    let share = report
        .split("Warning: its slowest run took ")
        .nth(1)
        .and_then(|rest| rest.split(" % of the time limit").next())
        .unwrap_or_else(|| panic!("no warning: {report}"));
    share
        .parse()
        .unwrap_or_else(|_| panic!("{share}: {report}"))
}
