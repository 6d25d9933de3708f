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
    scratch, stdout, tool, wrong_command,
};
use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};
use test_support::contract::{self, assert_usage_error};

#[test]
fn this_crates_own_solutions_pass_every_case_and_say_their_margins() {
    for problem in ["shiritori", "lucky7"] {
        // `atcoder-games solve PROBLEM` runs this crate's solution, the same code as its binary.
        let output = check(&[
            "--cases", "120", "--seed", "1", problem, TOOL, "solve", problem,
        ]);
        let report = paragraphs(&stdout(&output)).join("\n");
        assert_eq!(output.status.code(), Some(0), "{report}");
        let samples = if problem == "shiritori" { 3 } else { 4 };
        let passed =
            format!("passed the {samples} official samples, all 120 cases of {problem}, up to ");
        let largest = report.split(&passed).nth(1).unwrap_or_default();
        let largest = largest.split(' ').next().unwrap_or_default();
        // The largest random input is written as people read it, 12,345.
        assert!(
            largest.len() > 4
                && largest.contains(',')
                && largest.replace(',', "").parse::<usize>().is_ok(),
            "{report}"
        );
        let (unit, families) = match problem {
            "shiritori" => ("words", 10),
            _ => ("rounds", 6),
        };
        let families =
            format!(" {unit}, and {families} worst-case families of 200,000 {unit} (seed 1), in ");
        assert!(report.contains(&families), "{report}");
        // The margins: the slowest run and the largest memory, where, and how near the limit.
        let margins = report
            .split("Slowest run: ")
            .nth(1)
            .unwrap_or_else(|| panic!("no margins: {report}"));
        let (slowest, memory) = margins.split_once(". Largest memory: ").unwrap();
        assert!(slowest.ends_with(" % of the 2.00 s limit"), "{report}");
        assert!(memory.ends_with(" % of the 1024 MiB limit."), "{report}");
        for margin in [slowest, memory] {
            let (value, at) = margin.split_once(" at ").unwrap();
            assert!(value.ends_with(" s") || value.ends_with(" MiB"), "{margin}");
            assert!(
                at.starts_with("the family \"") || at.starts_with("case "),
                "{margin}"
            );
            let share = at.rsplit(", ").next().unwrap().split(' ').next().unwrap();
            let share: f64 = share.parse().unwrap_or_else(|_| panic!("{margin}"));
            assert!((0.0..100.0).contains(&share), "{margin}");
        }
        assert!(output.stderr.is_empty(), "quiet when stderr is no terminal");
    }
}

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

#[test]
fn a_check_that_saves_nothing_leaves_no_folder_or_page_of_its_own_behind() {
    // A passing check writes no page: the one --html names is tried for writing, and goes again.
    let page = scratch("saves-nothing.html");
    let passing = |folder: &Path| {
        let save = folder.to_str().unwrap();
        let html = page.to_str().unwrap();
        let arguments = [
            "--cases", "1", "--seed", "1", "--save", save, "--html", html,
        ];
        let output = check(&[&arguments[..], &["lucky7", TOOL, "solve", "lucky7"]].concat());
        assert_eq!(output.status.code(), Some(0), "{}", stdout(&output));
    };
    // Both folders it made are gone again, and the page it did not write.
    let outer = scratch_folder("saves-nothing");
    passing(&outer.join("cases"));
    assert!(!outer.exists(), "{} is left", outer.display());
    assert!(!page.exists(), "{} is left", page.display());
    // A folder that was there stays, with what was in it; so does a file that was there.
    fs::create_dir_all(outer.join("printed")).unwrap();
    fs::write(&page, "kept").unwrap();
    passing(&outer);
    assert!(outer.join("printed").is_dir());
    assert_eq!(fs::read_to_string(&page).unwrap(), "kept");
    fs::remove_dir_all(&outer).unwrap();
    fs::remove_file(&page).unwrap();
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

#[test]
fn wrong_answers_are_caught_shrunk_and_really_wrong() {
    // Each is shrunk to a handful, or fails an official sample, which the report shows whole.
    for (problem, bug, most) in [
        ("shiritori", "shiritori-duplicates-once", 5),
        ("shiritori", "shiritori-draws-as-aoki", 2),
        ("shiritori", "shiritori-ignores-case", 2),
        ("lucky7", "lucky7-forward-pass", 4),
    ] {
        let (report, saved) = caught(problem, bug, "a wrong answer (WA)");
        let on_a_sample = report.contains("it fails official sample ");
        assert!(on_a_sample || saved.size() <= most, "{bug}: {report}");
        assert!(
            report.contains(&saved.input),
            "the report shows the input: {report}"
        );
        assert!(report.contains("Where the answers differ"), "{report}");
        assert!(report.contains("The right game"), "{report}");
        // The saved case: the right answer, and what the program printed, which is wrong.
        let (ran, right) = replay(problem, bug, &saved.input);
        assert!(
            ran.succeeded(),
            "{bug} crashed or timed out on {}",
            saved.input
        );
        assert_eq!(saved.answer, right);
        assert_eq!(saved.stdout, String::from_utf8(ran.stdout).unwrap());
        assert_ne!(saved.stdout, right, "{bug} is right on {}", saved.input);
    }
}

#[test]
fn a_failure_on_an_official_sample_is_reported_as_such() {
    // Only a draw is answered wrongly, and sample 1 has one, in word 3.
    let (report, saved) = caught(
        "shiritori",
        "shiritori-draws-as-aoki",
        "a wrong answer (WA)",
    );
    assert!(
        report.starts_with("check: env RUST_BACKTRACE=0 "),
        "{report}"
    );
    assert!(
        paragraphs(&report)[0].contains(" on shiritori: it fails official sample 1. Found in "),
        "{report}"
    );
    let sample = String::from_utf8(sample("shiritori", 1)).unwrap();
    assert_eq!(saved.input, sample);
    assert!(
        report.contains(&format!("Official sample 1 (3 words):\n{sample}")),
        "{report}"
    );
    assert!(
        report.contains("  word 3 \"ada\": expected Draw, got Aoki\n"),
        "{report}"
    );
    assert!(report.contains("  Word 3 \"ada\": Draw.\n"), "{report}");
    assert!(report.contains("From here the game repeats"), "{report}");
}

#[test]
fn a_wrong_answer_passing_the_samples_is_shrunk_to_a_word_and_its_game_played() {
    // Upper and lower case taken as one: one word of mixed case fails.
    let (report, saved) = caught("shiritori", "shiritori-ignores-case", "a wrong answer (WA)");
    assert!(!report.contains("official sample"), "{report}");
    assert_eq!(saved.size(), 1, "{report}");
    let word = saved.input.lines().nth(1).unwrap();
    assert!(
        report.contains(&format!("  word 1 \"{word}\": expected ")),
        "{report}"
    );
    assert!(
        report.contains(&format!("  Word 1 \"{word}\": ")),
        "{report}"
    );
    // A try, or tries, as English says it.
    let tries = report
        .split(" after ")
        .nth(1)
        .unwrap()
        .split(':')
        .next()
        .unwrap();
    let (count, noun) = tries.split_once(' ').unwrap();
    let plural = if count == "1" { "try" } else { "tries" };
    assert_eq!(noun, plural, "{report}");
}

#[test]
fn a_crash_shows_the_end_of_its_stderr_and_saves_all_of_it() {
    // Digits 8 and 9 are out of the table: sample 3 has both.
    let (report, saved) = caught(
        "lucky7",
        "lucky7-crashes-on-8",
        "a runtime error (RE, exit status: 101)",
    );
    assert!(report.contains(": it fails official sample 3."), "{report}");
    assert!(report.contains("What it printed on stderr"), "{report}");
    assert!(report.contains("index out of bounds"), "{report}");
    assert!(
        saved.stderr.contains("index out of bounds"),
        "{}",
        saved.stderr
    );
    // A crash's report shows no expected output, which means nothing for a crash.
    assert!(!report.contains("Expected output"), "{report}");
    let (ran, _) = replay("lucky7", "lucky7-crashes-on-8", &saved.input);
    assert!(ran.stopped.is_none() && !ran.status.success(), "{ran:?}");
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

#[test]
fn an_address_sanitizer_report_keeps_the_line_of_its_cause() {
    let Some(program) = compiled("asan", OUT_OF_BOUNDS, &["-fsanitize=address", "-g", "-O1"])
    else {
        return;
    };
    let output = check(&["--seed", "1", "lucky7", program.to_str().unwrap()]);
    let report = stdout(&output);
    assert_eq!(output.status.code(), Some(1), "{report}");
    assert!(report.contains("gives a runtime error (RE"), "{report}");
    // The sanitizer's error and the frame of main, with its line; not its legend of shadow bytes.
    assert!(
        report.contains("ERROR: AddressSanitizer: heap-buffer-overflow"),
        "{report}"
    );
    assert!(
        report.contains(" in main ") && report.contains("asan.cpp:8"),
        "{report}"
    );
    assert!(report.contains("SUMMARY: AddressSanitizer"), "{report}");
    assert!(!report.contains("Shadow byte legend"), "{report}");
    common::assert_bounded(&report);
    fs::remove_dir_all(program.parent().unwrap()).unwrap();
}

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

#[test]
fn a_stack_that_overflows_in_milliseconds_is_named() {
    let Some(program) = compiled("deep", DEEP, &["-O2"]) else {
        return;
    };
    let saved = program.parent().unwrap().join("saved");
    let arguments = ["--stack", "8", "--cases", "1", "--seed", "2", "--save"];
    let mut arguments = arguments.to_vec();
    arguments.extend([saved.to_str().unwrap(), "lucky7", program.to_str().unwrap()]);
    let output = check(&arguments);
    let printed = stdout(&output);
    let report = paragraphs(&printed).join("\n");
    assert_eq!(output.status.code(), Some(1), "{report}");
    // The saved input overflows an 8 MiB stack on every run, not at a boundary where it does on
    // some; and the printed oj line runs it with that stack.
    let input = saved.join("lucky7-2.in");
    for run in 0..10 {
        let line = format!(
            "ulimit -s 8192 && {} < {}",
            program.display(),
            input.display()
        );
        let output = Command::new("sh").args(["-c", &line]).output().unwrap();
        assert!(!output.status.success(), "run {run} passed");
    }
    let oj_line = printed_oj_line(&printed);
    assert!(
        oj_line.starts_with("(ulimit -s 8192 && oj t -c "),
        "{oj_line}"
    );
    if oj_is_here() {
        let rerun = Command::new("sh").args(["-c", &oj_line]).output().unwrap();
        let said = String::from_utf8_lossy(&rerun.stdout);
        assert!(said.contains("RE"), "{said}");
    }
    assert!(
        report.contains("gives a runtime error (RE, signal: 11 (SIGSEGV))"),
        "{report}"
    );
    assert!(
        report.contains("Its stack overflowed: it reached the limit of 8 MiB (--stack"),
        "{report}"
    );
    // The stack's depth is the size: given, not shown, and not cut down.
    assert!(
        report.contains(" rounds, bisected from 200,000 rounds of it"),
        "{report}"
    );
    // With the judge's stack, the same program passes.
    let output = check(&[
        "--cases",
        "1",
        "--seed",
        "2",
        "lucky7",
        program.to_str().unwrap(),
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", stdout(&output));
    fs::remove_dir_all(program.parent().unwrap()).unwrap();
}

#[test]
fn the_failing_case_is_saved_as_an_oj_pair_in_a_folder() {
    // Room for 100 words: the small cases pass, a large one crashes, and bisection finds the
    // first size that does not fit.
    let folder = scratch_folder("fixed-array");
    let options = [
        "--seed",
        "5",
        "--save",
        folder.to_str().unwrap(),
        "shiritori",
    ];
    let output = check_wrong(&options, "shiritori-fixed-array");
    let report = stdout(&output);
    assert_eq!(output.status.code(), Some(1), "{report}");
    assert!(
        paragraphs(&report)[0]
            .contains("gives a runtime error (RE, exit status: 101) on shiritori"),
        "{report}"
    );
    assert!(
        report.contains("Smallest failing input (101 words)"),
        "{report}"
    );
    // 102 lines: the line before them leaves room for 38 and the count of the others.
    assert!(report.contains("\n... and 64 more lines\n"), "{report}");
    let saved = Saved::read(&folder, "shiritori", "5");
    assert_eq!(saved.input.lines().count(), 102);
    assert!(report.contains(&saved.input.lines().take(38).collect::<Vec<_>>().join("\n")));
    assert_eq!(saved.answer.lines().count(), 101);
    assert!(saved.stdout.is_empty());
    assert!(saved.stderr.contains("panicked"), "{}", saved.stderr);
    // The report names the folder, the files, and how to run them again with oj.
    let said = paragraphs(&report).join("\n");
    let folder_name = folder.display().to_string();
    assert!(said.contains(&format!("Saved for oj in {folder_name}: shiritori-5.in, shiritori-5.out (the right answer), and what the program printed, in printed/. To run it again:")), "{report}");
    assert!(
        report.ends_with(&format!(" -d {folder_name} --tle 2 --mle 1024\n")),
        "{report}"
    );
    assert!(
        report.contains("  oj t -c 'env RUST_BACKTRACE=0 "),
        "{report}"
    );
    fs::remove_dir_all(&folder).unwrap();
    // Without --save, the same files go to a folder of the system's temporary folder.
    let report = stdout(&check_wrong(
        &["--seed", "5", "shiritori"],
        "shiritori-fixed-array",
    ));
    let default = std::env::temp_dir().join("atcoder-games-shiritori-5");
    assert!(
        report.contains(&format!("Saved for oj in {}", default.display())),
        "{report}"
    );
    assert_eq!(
        Saved::read(&default, "shiritori", "5")
            .input
            .lines()
            .count(),
        102
    );
    fs::remove_dir_all(&default).unwrap();
}

#[test]
fn what_is_saved_is_what_the_judged_run_printed_not_a_later_run() {
    // A program that always answers Takahashi and numbers its runs on stderr: the output saved
    // beside the failing input is the one its verdict was given on, not that of a run made
    // after the search (looking for a known mistake runs it again, on other inputs).
    let folder = scratch_folder("numbered-runs");
    fs::create_dir_all(&folder).unwrap();
    let (program, runs) = (folder.join("numbered"), folder.join("runs"));
    // Each run names itself by its process id, on stderr and on a line of its own appended to
    // `runs` (an append of one short line is whole, though runs go side by side).
    let script = format!(
        "#!/bin/sh\ncat > /dev/null\necho $$ >> {0}\necho Takahashi\necho run $$ >&2\n",
        runs.display()
    );
    fs::write(&program, script).unwrap();
    fs::set_permissions(&program, fs::Permissions::from_mode(0o755)).unwrap();
    let saved_in = folder.join("saved");
    let arguments = ["--seed", "3", "--save", saved_in.to_str().unwrap()];
    let output = check(&[&arguments[..], &["lucky7", program.to_str().unwrap()]].concat());
    let report = stdout(&output);
    assert_eq!(output.status.code(), Some(1), "{report}");
    assert!(report.contains("gives a wrong answer (WA)"), "{report}");
    let saved = Saved::read(&saved_in, "lucky7", "3");
    assert_eq!(saved.stdout, "Takahashi\n");
    let judged = saved
        .stderr
        .trim()
        .strip_prefix("run ")
        .unwrap()
        .to_string();
    let all = fs::read_to_string(&runs).unwrap();
    let order: Vec<&str> = all.lines().collect();
    let at = order.iter().position(|&run| run == judged).unwrap();
    assert!(
        at + 1 < order.len(),
        "run {at} of {} saved: {report}",
        order.len()
    );
    fs::remove_dir_all(&folder).unwrap();
}

#[test]
fn a_memory_that_grows_with_each_word_is_mle_and_its_growth_is_followed() {
    // 8 KiB a word under a limit of 32 MiB: a memory does not hang on how fast the machine is,
    // so this growth is measured in the first tier (the second checks it at 256 MiB).
    let folder = scratch_folder("memory-per-word");
    let options = ["--memory", "32", "--cases", "10", "--seed", "3"];
    let save = ["--save", folder.to_str().unwrap(), "shiritori"];
    let output = check_wrong(&[&options[..], &save].concat(), "shiritori-memory-per-word");
    let report = paragraphs(&stdout(&output)).join("\n");
    assert_eq!(output.status.code(), Some(1), "{report}");
    assert!(
        report.contains("gives memory limit exceeded (MLE): more than 32 MiB on shiritori"),
        "{report}"
    );
    let exponent = exponent(&report, "Memory");
    assert!((0.6..=1.4).contains(&exponent), "N^{exponent}: {report}");
    fs::remove_dir_all(&folder).unwrap();
}

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

/// The first right game of a report: the command it says prints it, and the game, unindented.
fn printed_right_game(report: &str) -> (String, String) {
    let after = report
        .split("\nThe right game (")
        .nth(1)
        .expect("a right game");
    let (command, rest) = after.split_once("):\n").unwrap();
    let game: Vec<&str> = rest
        .lines()
        .take_while(|line| line.starts_with("  "))
        .map(|line| &line[2..])
        .collect();
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

#[test]
fn the_saved_pair_passes_oj_on_the_right_program_and_fails_on_the_wrong_one() {
    if !oj_is_here() {
        return;
    }
    let folder = scratch_folder("oj");
    let options = [
        "--seed",
        "3",
        "--save",
        folder.to_str().unwrap(),
        "shiritori",
    ];
    let output = check_wrong(&options, "shiritori-duplicates-once");
    let report = stdout(&output);
    assert_eq!(output.status.code(), Some(1), "{report}");
    // The commands the report prints run as printed: oj's, with the check's limits, fails as the
    // check did; explain's prints the right game the report shows.
    let printed = printed_oj_line(&report);
    assert!(printed.ends_with(" --tle 2 --mle 1024"), "{printed}");
    let rerun = Command::new("sh").args(["-c", &printed]).output().unwrap();
    let said = String::from_utf8_lossy(&rerun.stdout);
    assert_eq!(rerun.status.code(), Some(1), "{said}");
    assert!(said.contains("WA"), "{said}");
    let (command, game) = printed_right_game(&report);
    let command = command.replacen("atcoder-games", TOOL, 1);
    let explained = Command::new("sh").args(["-c", &command]).output().unwrap();
    assert_eq!(String::from_utf8_lossy(&explained.stdout).trim_end(), game);
    let oj = |command: &str| {
        Command::new("oj")
            .args(["t", "-c", command, "-d"])
            .arg(&folder)
            .output()
            .expect("oj runs")
    };
    let right = oj(&format!("{TOOL} solve shiritori"));
    assert!(
        right.status.success(),
        "{}",
        String::from_utf8_lossy(&right.stdout)
    );
    let wrong = oj(&wrong_command("shiritori-duplicates-once").join(" "));
    assert!(
        !wrong.status.success(),
        "{}",
        String::from_utf8_lossy(&wrong.stdout)
    );
    fs::remove_dir_all(&folder).unwrap();
}

#[test]
fn the_same_seed_finds_the_same_input() {
    // The same but for how long it took, and the folder each saves its case in.
    let folders = scratch("same-seed");
    let run = |name: &str| {
        let folder = folders.join(name);
        let folder = folder.to_str().unwrap();
        let report = common::untimed(&stdout(&check_wrong(
            &["--seed", "11", "--save", folder, "lucky7"],
            "lucky7-forward-pass",
        )));
        assert!(report.contains(folder), "{report}");
        report.replace(folder, "FOLDER")
    };
    assert_eq!(run("first"), run("second"));
    fs::remove_dir_all(&folders).unwrap();
}

#[test]
fn without_a_seed_each_check_takes_a_new_one_short_enough_to_type() {
    // The seed names the folder the failing case is saved in.
    let prefix = std::env::temp_dir().join("atcoder-games-lucky7-");
    let prefix = prefix.to_str().unwrap();
    let seed = || {
        let report = stdout(&check(&["lucky7", "sh", "-c", "exit 3"]));
        let seed = report
            .split_whitespace()
            .find_map(|word| word.strip_prefix(prefix))
            .unwrap_or_else(|| panic!("no folder: {report}"))
            .trim_end_matches(':')
            .to_string();
        fs::remove_dir_all(format!("{prefix}{seed}")).unwrap();
        seed.parse::<u64>().unwrap()
    };
    let (first, second) = (seed(), seed());
    assert_ne!(first, second);
    assert!(first < 1_000_000_000 && second < 1_000_000_000);
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
        (
            &["--seed", "-1", "lucky7", "x"],
            "invalid value '-1' for '--seed",
        ),
        (
            &["--timeout", "-1", "lucky7", "x"],
            "invalid value '-1' for '--time-limit <SECONDS>': expected a positive number of seconds",
        ),
        (
            &["--save", "/dev/null/cases", "lucky7", "true"],
            "cannot save to /dev/null/cases: Not a directory",
        ),
        // Found before the first run, not after the search.
        (
            &["--html", "/dev/null/page.html", "lucky7", "true"],
            "cannot write /dev/null/page.html: Not a directory",
        ),
        (
            &["--time-limit", "0", "lucky7", "x"],
            "invalid value '0' for '--time-limit <SECONDS>': expected a positive number of seconds",
        ),
        (
            &["--time-factor", "0", "lucky7", "x"],
            "invalid value '0' for '--time-factor <X>': expected a positive number",
        ),
        (
            &["--time-factor", "-1.5", "lucky7", "x"],
            "invalid value '-1.5' for '--time-factor <X>': expected a positive number",
        ),
        (
            &["--time-factor", "inf", "lucky7", "x"],
            "invalid value 'inf' for '--time-factor <X>': expected a positive number",
        ),
        (
            &["--time-factor", "NaN", "lucky7", "x"],
            "invalid value 'NaN' for '--time-factor <X>': expected a positive number",
        ),
        (&["--cases"], "a value is required for '--cases <CASES>'"),
        (
            &["--verbose", "lucky7", "x"],
            "unexpected argument '--verbose'",
        ),
        (
            &["lucky7", "/no/such/program"],
            "cannot start /no/such/program: no such program",
        ),
        (
            &["lucky7", "/no such/program"],
            "cannot start '/no such/program': no such program",
        ),
        (
            &["lucky7", "nosuchcommand", "--flag"],
            "error: cannot start nosuchcommand: no such program, or it is not executable",
        ),
    ] {
        let message = assert_usage_error(&check(arguments));
        assert!(message.contains(expected), "{arguments:?}: {message}");
    }
    // `help --help` is the help.
    let help = tool(&["help", "--help"], "");
    assert_eq!(help.status.code(), Some(0));
    assert!(stdout(&help).contains("Usage: atcoder-games <COMMAND>"));
    let help = check(&["--help"]);
    assert_eq!(help.status.code(), Some(0));
    assert!(stdout(&help).contains("Usage: atcoder-games check [OPTIONS] <PROBLEM> <CMD>..."));
    assert!(stdout(&help).contains(
        "atcoder-games check [OPTIONS] --generator <GEN> --reference <REF> [--checker <CHK>] [--validator <VAL>] <CMD>..."
    ));
}

/// Runs `atcoder-games check` with `arguments` in `folder`.
fn check_in(folder: &Path, arguments: &[&str]) -> std::process::Output {
    Command::new(TOOL)
        .arg("check")
        .args(arguments)
        .current_dir(folder)
        .output()
        .expect("the tool runs")
}

#[test]
fn the_common_mistakes_of_the_command_line_get_hints() {
    let folder = scratch_folder("hints");
    fs::create_dir_all(&folder).unwrap();
    let error = |output: &std::process::Output| {
        let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
        assert_eq!(output.status.code(), Some(2), "{stderr}");
        stderr.lines().next().unwrap_or_default().to_string()
    };
    // A source file is built as the judge builds it (tests/build.rs): an empty one does not
    // compile, which is the program's verdict, not a mistake of the command line.
    fs::write(folder.join("main.cpp"), "").unwrap();
    let output = check_in(&folder, &["lucky7", "main.cpp"]);
    let report = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{report}");
    assert!(
        report.starts_with("check: main.cpp gives a compilation error (CE)"),
        "{report}"
    );
    // ... but one that is not there cannot be started.
    let message = error(&check_in(&folder, &["lucky7", "later.cpp"]));
    assert!(
        message.contains("cannot start later.cpp: no such program"),
        "{message}"
    );
    // A source followed by check's options, which are then its arguments: where they go.
    let message = error(&check_in(&folder, &["lucky7", "main.cpp", "--seed", "1"]));
    assert!(
        message.contains(
            "cannot run the source main.cpp with the arguments --seed 1: a source is built and run without any."
        ),
        "{message}"
    );
    assert!(
        message.ends_with(
            "check's options go before the problem: atcoder-games check --seed 1 lucky7 main.cpp"
        ),
        "{message}"
    );
    // So for a problem of one's own, whose options come before the program's.
    let own = [
        "--generator",
        "true",
        "--reference",
        "true",
        "main.cpp",
        "--cases",
        "5",
    ];
    let message = error(&check_in(&folder, &own));
    assert!(
        message.ends_with(
            "check's options go before the problem: atcoder-games check --cases 5 --generator ... main.cpp"
        ),
        "{message}"
    );
    // A program in a folder below, named by its relative path, is started.
    fs::create_dir_all(folder.join("sub")).unwrap();
    let failing = folder.join("sub/failing");
    fs::write(&failing, "#!/bin/sh\nexit 3\n").unwrap();
    fs::set_permissions(&failing, fs::Permissions::from_mode(0o755)).unwrap();
    let output = check_in(&folder, &["--save", "saved", "lucky7", "sub/failing"]);
    let report = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{report}");
    assert!(report.contains("it fails official sample 1"), "{report}");
    // A sample keeps its name.
    assert!(folder.join("saved/sample-1.in").exists(), "{report}");
    // A program of this folder named without `./`; the problem named by its task, in any case.
    let program = folder.join("a.out");
    fs::copy(TOOL, &program).unwrap();
    let message = error(&check_in(&folder, &["ABC195_E", "a.out"]));
    assert!(
        message.contains(
            "A program of this folder is named with its path: atcoder-games check lucky7 ./a.out"
        ),
        "{message}"
    );
    // A command line as one string, as oj's -c takes it: run as the shell splits it.
    let whole = format!("'{TOOL}' solve lucky7");
    let output = check_in(&folder, &["--cases", "3", "--seed", "1", "lucky7", &whole]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert!(stderr.contains("note: running "), "{stderr}");
    assert!(
        stderr.contains(" as the shell splits it, 3 words"),
        "{stderr}"
    );
    // ... but not when its first word is no program either.
    let message = error(&check_in(&folder, &["lucky7", "nosuch main.py"]));
    assert!(
        message.contains(
            "To run a command line, give its words apart: atcoder-games check lucky7 nosuch main.py"
        ),
        "{message}"
    );
    // An option of check's after the program went to the program.
    let arguments = [
        "--cases", "3", "--seed", "1", "lucky7", TOOL, "solve", "lucky7", "--seed", "5",
    ];
    let output = check_in(&folder, &arguments);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.starts_with(
            "warning: --seed comes after the program, so it went to the program, not to check;"
        ),
        "{stderr}"
    );
    fs::remove_dir_all(&folder).unwrap();
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
    // The task's name on AtCoder names the problem too.
    assert_eq!(stdout(&tool(&["solve", "abc209_e"], &input)), answer);
    let depths = "Aoki 2\nTakahashi 1\nDraw\n";
    assert_eq!(
        stdout(&tool(&["solve", "shiritori", "--depth"], &input)),
        depths
    );
    let message = assert_usage_error(&tool(&["solve", "lucky7", "--depth"], ""));
    assert!(
        message.contains("--depth is for shiritori only"),
        "{message}"
    );
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
    assert!(shown.contains("\r\x1b[2Kofficial sample 1/4"), "{shown:?}");
    assert!(shown.contains("\r\x1b[2Kcase 1/5: 1 round"), "{shown:?}");
    // The report is wrapped, where depends on the length of the program's path.
    let report = shown.replace("\r\n", " ");
    assert!(report.contains("all 5 cases of lucky7"), "{shown:?}");
}

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
fn a_stopped_check_says_where_it_was_and_stops_the_program_under_test() {
    for signal in [libc::SIGINT, libc::SIGTERM, libc::SIGKILL] {
        let pids = scratch(&format!("pids-{signal}"));
        let saved = scratch_folder(&format!("stopped-{signal}"));
        let save = saved.to_str().unwrap();
        // A solution that never ends, and says who it is. Stopped by SIGINT or SIGTERM, check
        // stops what the solution started too: here the loop is the solution's child, which
        // the solution's own end would leave running. Killed, check can stop only the solution
        // itself (the kernel does, PR_SET_PDEATHSIG).
        let looping = format!(
            "echo $$ >> {}; {ENDS_BY_ITSELF} while :; do :; done",
            pids.display()
        );
        let script = match signal {
            libc::SIGKILL => looping,
            _ => format!("sh -c '{looping}' & wait"),
        };
        let mut checking = Command::new(TOOL)
            .args(["check", "--timeout", "60", "--save", save])
            .args(["lucky7", "sh", "-c", &script])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("check starts");
        let started = Instant::now();
        let pid = loop {
            let written = fs::read_to_string(&pids).unwrap_or_default();
            if let Some(pid) = written
                .lines()
                .next()
                .and_then(|line| line.parse::<i32>().ok())
            {
                break pid;
            }
            assert!(
                started.elapsed() < Duration::from_secs(10),
                "the solution starts"
            );
            std::thread::sleep(Duration::from_millis(20));
        };
        let check_pid = i32::try_from(checking.id()).unwrap();
        // SAFETY: kill has no memory effects; the process is our own child, not yet waited for.
        unsafe { libc::kill(check_pid, signal) };
        let status = checking.wait().expect("check ends");
        if signal != libc::SIGKILL {
            assert_eq!(status.code(), Some(130), "{signal}");
            let mut message = String::new();
            std::io::Read::read_to_string(checking.stderr.as_mut().unwrap(), &mut message).unwrap();
            // Where it was, with the seed it chose, and how to run the same check again.
            let seed = message
                .split("(seed ")
                .nth(1)
                .and_then(|rest| rest.split(')').next())
                .unwrap_or_else(|| panic!("no seed: {message}"));
            assert!(
                message.contains(&format!(
                    "check: interrupted at official sample 1/4 (seed {seed}); the program under test was stopped."
                )),
                "{message}"
            );
            assert!(
                message.contains(&format!(
                    " check --seed {seed} --timeout 60 --save {save} lucky7 sh -c "
                )),
                "{message}"
            );
            // Stopped before it saved a case, it leaves no folder behind.
            assert!(!saved.exists(), "{save} is left");
        }
        assert_gone_soon(pid, &format!("after {signal}"));
        let _ = fs::remove_file(&pids);
        let _ = fs::remove_dir_all(&saved);
    }
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

#[test]
fn a_stack_beyond_the_hard_limit_is_cut_to_it_and_said() {
    let folder = scratch_folder("hard-stack-limit");
    // The program shows the stack limit it was given, then fails official sample 1.
    let script = format!(
        "ulimit -H -s 65536; exec '{TOOL}' check --stack 1024 --save '{}' lucky7 sh -c 'ulimit -s >&2; exit 3'",
        folder.display()
    );
    let output = contract::run_or_panic(&["sh", "-c", &script], "", &Options::default());
    let warning = String::from_utf8_lossy(&output.stderr);
    assert_eq!(
        warning.trim_end(),
        "warning: the stack is limited to 64 MiB here (ulimit -Hs), less than --stack asks"
    );
    let report = stdout(&output);
    assert_eq!(output.status.code(), Some(1), "{report}");
    assert!(
        report.lines().any(|line| line.trim() == "65536"),
        "{report}"
    );
    fs::remove_dir_all(&folder).unwrap();
}

#[test]
#[ignore = "second tier: times real programs (cargo test -- --ignored)"]
fn a_deep_recursion_passes_with_the_judges_stack_and_an_endless_one_is_re() {
    let recursive = wrong_command("lucky7-recursive");
    let mut arguments = vec!["--cases", "30", "--seed", "2", "lucky7"];
    arguments.extend(recursive.iter().map(String::as_str));
    let output = check_from_an_8_mib_shell(&arguments);
    let report = stdout(&output);
    assert_eq!(output.status.code(), Some(0), "{report}");
    assert!(report.contains("6 worst-case families of 200,000 rounds"));
    // The same solution, in the shell's own 8 MiB, crashes at the judge's largest game.
    let mut small = vec!["--stack", "8", "--cases", "1", "--seed", "2", "lucky7"];
    small.extend(recursive.iter().map(String::as_str));
    let output = check_from_an_8_mib_shell(&small);
    let report = stdout(&output);
    assert_eq!(output.status.code(), Some(1), "{report}");
    let prose = paragraphs(&report).join("\n");
    assert!(
        prose.contains("gives a runtime error (RE, signal: 6 (SIGABRT))"),
        "{report}"
    );
    assert!(prose.contains("Its stack overflowed"), "{report}");
    // That failing game is thousands of rounds long: the report gives its size, in its bounds.
    common::assert_bounded(&report);
    assert!(
        prose.contains(" rounds, bisected from 200,000 rounds of it"),
        "{report}"
    );
    // An endless recursion fills its stack and crashes. With the judge's 1 GiB, that touches a
    // GiB of memory, a second or more of page faults here, which a busy machine can take past the
    // time limit first; a 256 MiB stack shows the crash in a quarter of that.
    let forever = wrong_command("lucky7-recurses-forever");
    let mut arguments = vec!["--stack", "256", "--cases", "1", "--seed", "2", "lucky7"];
    arguments.extend(forever.iter().map(String::as_str));
    let report = stdout(&check_from_an_8_mib_shell(&arguments));
    let prose = paragraphs(&report).join("\n");
    assert!(prose.contains("gives a runtime error (RE"), "{report}");
    assert!(
        prose.contains("Its stack overflowed: it reached the limit of 256 MiB (--stack"),
        "{report}"
    );
    // The tool's own kill is never shown as the program's signal.
    assert!(!prose.contains("signal: 9"), "{report}");
}

#[test]
fn an_endless_printer_is_ole_at_once_and_the_tool_stays_small() {
    let started = Instant::now();
    let arguments = [
        "check",
        "--seed",
        "1",
        "--cases",
        "3",
        "shiritori",
        "yes",
        "Draw",
    ];
    let output = tool(&arguments, "");
    let report = stdout(&output);
    assert_eq!(output.status.code(), Some(1), "{report}");
    assert!(
        report.starts_with("check: yes Draw gives output limit exceeded (OLE): it printed more than 1 MiB on shiritori: it fails official sample 1.\n"),
        "{report}"
    );
    // The sample it failed, and the first lines it printed.
    assert!(
        report.contains("\n\nOfficial sample 1 (3 words):\n3\n"),
        "{report}"
    );
    assert!(
        report.contains("\n\nWhat it printed first:\n  Draw\n  Draw\n  Draw\n  Draw\n  Draw\n\n"),
        "{report}"
    );
    assert!(started.elapsed() < Duration::from_secs(20));
    assert!(output.peak_memory < 200 << 20, "{}", output.peak_memory);
}

#[test]
fn a_wrong_answer_found_at_the_worst_case_stage_is_cut_down_to_a_handful() {
    let folder = scratch_folder("worst-case-cut-down");
    let options = [
        "--cases",
        "1",
        "--seed",
        "4",
        "--save",
        folder.to_str().unwrap(),
        "shiritori",
    ];
    let output = check_wrong(&options, "shiritori-duplicates-once");
    let report = stdout(&output);
    assert_eq!(output.status.code(), Some(1), "{report}");
    let prose = paragraphs(&report).join("\n");
    assert!(prose.contains("gives a wrong answer (WA)"), "{report}");
    assert!(
        prose.contains("bisected, then cut down, from 200,000 words of it"),
        "{report}"
    );
    let saved = Saved::read(&folder, "shiritori", "4");
    fs::remove_dir_all(&folder).unwrap();
    assert!(saved.size() <= 8, "{}", saved.input);
    let (ran, right) = replay("shiritori", "shiritori-duplicates-once", &saved.input);
    assert_ne!(stdout(&ran), right, "{}", saved.input);
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

#[test]
fn a_mistakes_other_ways_are_named_as_it() {
    for (problem, bug, id) in OTHER_WAYS {
        let output = check_wrong(&["--seed", "1", problem], &format!("{problem}-{bug}"));
        let report = stdout(&output);
        assert_eq!(
            diagnosis(&report),
            (vec![id.to_string()], false),
            "{report}"
        );
    }
}

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

#[test]
fn every_catalogued_mistake_is_named_and_no_other() {
    assert_eq!(
        MISTAKES.len(),
        atcoder_games_tool::mistake::of(atcoder_games_tool::input::Builtin::Shiritori).len()
            + atcoder_games_tool::mistake::of(atcoder_games_tool::input::Builtin::Lucky7).len()
    );
    for (problem, id) in MISTAKES {
        let output = check_wrong(&["--seed", "1", problem], &format!("{problem}-{id}"));
        let report = stdout(&output);
        assert_eq!(output.status.code(), Some(1), "{report}");
        assert_eq!(
            diagnosis(&report),
            (vec![id.to_string()], false),
            "{report}"
        );
        // With the input where it shows most plainly, and the editorial's section.
        let prose = paragraphs(&report).join("\n");
        assert!(prose.contains("; it shows most plainly on "), "{report}");
        assert!(
            prose.contains(&format!("(atcoder-games editorial {problem} ")),
            "{report}"
        );
    }
}

#[test]
fn a_crash_or_an_arbitrary_bug_gets_no_mistake_named() {
    // A crash is no mistake of the catalogue; nor is a right solution's pass.
    let report = stdout(&check_wrong(
        &["--seed", "1", "lucky7"],
        "lucky7-crashes-on-8",
    ));
    assert_eq!(diagnosis(&report), (Vec::new(), false), "{report}");
    let right = stdout(&check(&[
        "--cases", "20", "--seed", "1", "lucky7", TOOL, "solve", "lucky7",
    ]));
    assert!(!right.contains("mistake"), "{right}");
    // An arbitrary bug is wrong as none of them is.
    for seed in ["1", "2"] {
        let report = stdout(&check_wrong(
            &["--seed", seed, "shiritori"],
            "shiritori-off-by-one",
        ));
        assert_eq!(diagnosis(&report), (Vec::new(), true), "{report}");
    }
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

#[test]
fn runs_at_a_time_find_what_one_at_a_time_finds() {
    // The same seed, run one at a time and three at a time: the same report, but for the line
    // that says how long it took and with how many.
    for (problem, bug) in [
        ("lucky7", "lucky7-greedy"),
        ("shiritori", "shiritori-wrong-block-length"),
    ] {
        let report = |jobs: &str| {
            let folder = scratch_folder(&format!("{bug}-{jobs}-at-a-time"));
            fs::create_dir_all(&folder).unwrap();
            let saved = folder.to_str().unwrap();
            let options = ["--seed", "4", "--jobs", jobs, "--save", saved, problem];
            let report = stdout(&check_wrong(&options, bug)).replace(saved, "FOLDER");
            let (found, rest): (Vec<&str>, Vec<&str>) = report
                .lines()
                .partition(|line| line.starts_with("Found in "));
            (found.concat(), rest.join("\n"))
        };
        let (one, alone) = report("1");
        let (three, together) = report("3");
        assert_eq!(alone, together);
        assert!(one.ends_with(", 1 run at a time."), "{one}");
        assert!(three.ends_with(", 3 runs at a time."), "{three}");
    }
}

#[test]
fn a_start_up_that_takes_most_of_every_run_is_named() {
    // A program that counts to 50,000 in the shell before it answers (about 0.1 s of CPU time
    // here): every run is mostly that.
    let slow_start =
        format!("i=0; while [ $i -lt 50000 ]; do i=$((i+1)); done; exec {TOOL} solve lucky7");
    let report = stdout(&check(&[
        "--cases",
        "30",
        "--seed",
        "1",
        "lucky7",
        "sh",
        "-c",
        &slow_start,
    ]));
    let prose = paragraphs(&report).join("\n");
    let at_least: f64 = (prose.split("Start-up: every run took at least ").nth(1))
        .and_then(|rest| rest.split(" ms").next())
        .and_then(|number| number.parse().ok())
        .unwrap_or_else(|| panic!("{report}"));
    // The least that is named.
    assert!(at_least >= 20.0, "{report}");
    assert!(prose.contains("runs' ") && prose.contains(": the program starting, not solving."));
    // A program that starts in a moment gets no such line.
    let quick = stdout(&check(&[
        "--cases", "30", "--seed", "1", "lucky7", TOOL, "solve", "lucky7",
    ]));
    assert!(!quick.contains("Start-up"), "{quick}");
}

#[test]
fn an_interpreters_start_up_is_said_to_be_made_of_what_it_is() {
    use atcoder_games_tool::resolve::{Shim, start_up};
    let shim = Shim::named("python3".as_ref());
    let python = start_up(&["python3".into(), "main.py".into()], shim.as_ref());
    let python = python.expect("python3 runs here");
    let forms = [
        "Of python3's ",
        "python3 itself takes ",
        "python3 is pyenv's shim, ",
    ];
    assert!(
        forms.iter().any(|form| python.starts_with(form)),
        "{python}"
    );
    // Behind a shim, the interpreter itself.
    let python = match shim {
        Some(shim) => start_up(&[shim.program.into()], None).unwrap(),
        None => python,
    };
    assert!(
        forms[..2].iter().any(|form| python.starts_with(form)),
        "{python}"
    );
    if python.starts_with("Of ") {
        // The command it gives runs as printed.
        let command = python.split("see ").nth(1).unwrap().trim_end_matches('.');
        let ran = Command::new("sh").args(["-c", command]).output().unwrap();
        assert!(ran.status.success(), "{command}");
        assert!(String::from_utf8_lossy(&ran.stderr).contains("import time:"));
    }
    assert_eq!(start_up(&["sh".into(), "-c".into()], None), None);
    if Command::new("java").arg("-version").output().is_ok() {
        let java = start_up(&["java".into(), "Main".into()], None).unwrap();
        assert!(java.starts_with("The JVM takes "), "{java}");
    }
}

#[test]
#[ignore = "second tier: times real programs (cargo test -- --ignored)"]
fn runs_go_on_every_core() {
    // A program that waits a fifth of a second before it answers: waiting, it shares no
    // processor, so four at a time take a quarter of the time one at a time does, on a busy
    // machine as on a quiet one.
    let waiting = format!("sleep 0.2; exec {TOOL} solve lucky7");
    let took = |jobs: &str| {
        let started = Instant::now();
        let report = stdout(&check(&[
            "--cases", "12", "--seed", "1", "--jobs", jobs, "lucky7", "sh", "-c", &waiting,
        ]));
        assert!(report.contains(" passed "), "{report}");
        started.elapsed().as_secs_f64()
    };
    let (alone, four) = (took("1"), took("4"));
    assert!(
        four < alone * 0.5,
        "four at a time {four:.1} s, one {alone:.1} s"
    );
}
