//! `atcoder-games check`, run as a user runs it: against this crate's own solution code it
//! passes every case and every family; against deliberately wrong solutions
//! (`examples/wrong.rs`) it finds each mistake and shrinks it to a handful of words or rounds
//! that really fail; a program that blocks is stopped on the wall clock; and when the check is
//! stopped itself, it leaves nothing running. Solutions that are right but too slow or too large
//! are in tests/limits.rs, and the check on a busy machine in tests/busy.rs.

mod common;

use atcoder_games_tool::process::{self, Options, Run, Stdin};
use common::{TOOL, check, check_wrong, sample, scratch, stdout, tool, wrong_command};
use std::fs;
use std::process::Command;
use std::time::Duration;
use test_support::contract::{self, assert_usage_error};

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
        assert!(output.stderr.is_empty(), "quiet when stderr is no terminal");
    }
}

/// Checks `bug`, one of the wrong solutions, on `problem`: the report names `kind`, and the
/// saved input has at most `most` words or rounds; returns the report and the saved input.
fn caught(problem: &str, bug: &str, kind: &str, most: usize) -> (String, String) {
    let saved = scratch(bug);
    let saved_path = saved.to_str().unwrap();
    let options = [
        "--seed",
        "3",
        "--timeout",
        "0.3",
        "--save",
        saved_path,
        problem,
    ];
    let output = check_wrong(&options, bug);
    let report = stdout(&output);
    assert_eq!(output.status.code(), Some(1), "{bug}: {report}");
    let head = &common::paragraphs(&report)[0];
    assert!(
        head.contains(&format!("gives {kind}")) && head.ends_with(&format!(" on {problem}.")),
        "{bug}: {report}"
    );
    let input = fs::read_to_string(&saved).expect("the input is saved");
    fs::remove_file(&saved).unwrap();
    let size: usize = input.split_whitespace().next().unwrap().parse().unwrap();
    assert!(
        size <= most,
        "{bug}: {size} is more than a handful:\n{input}"
    );
    // A wrong answer or a crash shows the input; a time-out gives its size.
    match kind.contains("(TLE)") {
        false => assert!(
            report.contains(&input),
            "the report shows the input: {report}"
        ),
        true => assert!(
            report.contains(&format!("Smallest failing input: {size} word")),
            "{report}"
        ),
    }
    (report, input)
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
fn wrong_answers_are_caught_and_really_wrong() {
    for (problem, bug, most) in [
        ("shiritori", "shiritori-counts-duplicates-once", 5),
        ("shiritori", "shiritori-draws-as-aoki", 2),
        ("shiritori", "shiritori-ignores-case", 2),
        ("lucky7", "lucky7-forwards", 4),
    ] {
        let (report, input) = caught(problem, bug, "a wrong answer (WA)", most);
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
    let (report, input) = caught(
        "shiritori",
        "shiritori-draws-as-aoki",
        "a wrong answer (WA)",
        2,
    );
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
fn crashes_are_caught_and_real() {
    let (report, input) = caught(
        "lucky7",
        "lucky7-crashes-on-8",
        "a runtime error (RE, exit status: 101)",
        1,
    );
    assert!(report.contains("index out of bounds"), "{report}");
    assert!(report.contains("Expected output:"), "{report}");
    let (ran, _) = replay("lucky7", "lucky7-crashes-on-8", &input);
    assert!(ran.stopped.is_none() && !ran.status.success(), "{ran:?}");
}

#[test]
#[ignore = "second tier: times real programs (cargo test -- --ignored)"]
fn hangs_are_caught_and_real() {
    let (_, input) = caught(
        "shiritori",
        "shiritori-hangs-on-draws",
        "time limit exceeded (TLE): stopped at",
        2,
    );
    let (ran, _) = replay("shiritori", "shiritori-hangs-on-draws", &input);
    assert!(ran.stopped.is_some(), "{input}");
}

#[test]
fn the_same_seed_finds_the_same_input() {
    let run = || stdout(&check_wrong(&["--seed", "11", "lucky7"], "lucky7-forwards"));
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
        (
            &["--seed", "-1", "lucky7", "x"],
            "invalid value '-1' for '--seed",
        ),
        (
            &["--timeout", "-1", "lucky7", "x"],
            "invalid value '-1' for '--timeout <SECONDS>': expected a positive number of seconds",
        ),
        (
            &["--save", "/no/such/folder/input.txt", "lucky7", "true"],
            "cannot save to /no/such/folder/input.txt: No such file or directory",
        ),
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
            "cannot start /no/such/program: no such program",
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
    let message = assert_usage_error(&tool(&["solve", "lucky7", "--depth"], ""));
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
    let options = [
        "--seed",
        "5",
        "--save",
        saved.to_str().unwrap(),
        "shiritori",
    ];
    let output = check_wrong(&options, "shiritori-fixed-array");
    let report = stdout(&output);
    assert_eq!(output.status.code(), Some(1), "{report}");
    assert!(
        common::paragraphs(&report)[0]
            .contains("gives a runtime error (RE, exit status: 101) on shiritori"),
        "{report}"
    );
    assert!(
        report.contains("Smallest failing input (101 words)"),
        "{report}"
    );
    // 102 lines: the line before them leaves room for 38 and the count of the others.
    assert!(report.contains("\n... and 64 more lines\n"), "{report}");
    let input = fs::read_to_string(&saved).unwrap();
    fs::remove_file(&saved).unwrap();
    assert_eq!(input.lines().count(), 102);
    assert!(report.contains(&input.lines().take(38).collect::<Vec<_>>().join("\n")));
    assert!(report.ends_with(&format!("\nThe input is saved in {}.\n", saved.display())));
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

#[test]
#[ignore = "second tier: times real programs (cargo test -- --ignored)"]
fn a_program_that_blocks_is_stopped_on_the_wall_clock() {
    let arguments = ["--timeout", "0.2", "--seed", "1", "lucky7", "sleep", "5"];
    let report = stdout(&check(&arguments));
    assert!(
        report.starts_with(
            "check: sleep 5 gives no answer (TLE): it waited (slept or blocked) and was stopped on the wall clock after 0.6"
        ),
        "{report}"
    );
}

#[test]
fn a_time_out_is_confirmed_by_a_second_run() {
    // A right solution that loops on its very first run only, as if the machine had stalled.
    let once = scratch("slow-once");
    let script = format!(
        "if [ -e '{}' ]; then exec '{TOOL}' solve lucky7; fi; touch '{}'; while :; do :; done",
        once.display(),
        once.display()
    );
    let arguments = ["--timeout", "0.3", "--cases", "5", "--seed", "1"];
    let arguments: Vec<&str> = arguments
        .into_iter()
        .chain(["lucky7", "sh", "-c", &script])
        .collect();
    let output = check(&arguments);
    let report = stdout(&output);
    assert!(once.exists(), "the first run happened");
    fs::remove_file(&once).unwrap();
    assert_eq!(output.status.code(), Some(0), "{report}");
    assert!(report.contains("passed all 5 cases of lucky7"), "{report}");
}

/// Whether process `pid` is gone (or a zombie, which runs no more).
fn gone(pid: i32) -> bool {
    let status = fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    let state = status
        .rsplit(") ")
        .next()
        .and_then(|rest| rest.chars().next());
    matches!(state, None | Some('Z' | 'X'))
}

#[test]
fn a_stopped_check_stops_the_program_under_test() {
    for signal in [libc::SIGINT, libc::SIGTERM, libc::SIGKILL] {
        let pids = scratch(&format!("pids-{signal}"));
        // A solution that never ends, and says who it is.
        let script = format!("echo $$ >> '{}'; while :; do :; done", pids.display());
        let mut checking = Command::new(TOOL)
            .args(["check", "--timeout", "60", "lucky7", "sh", "-c", &script])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("check starts");
        let started = std::time::Instant::now();
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
            assert!(
                message.contains("interrupted; the program under test was stopped"),
                "{message}"
            );
        }
        let stopped = std::time::Instant::now();
        while !gone(pid) {
            assert!(
                stopped.elapsed() < Duration::from_secs(5),
                "{pid} still runs after {signal}"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = fs::remove_file(&pids);
    }
}

#[test]
fn an_input_too_long_to_show_is_saved_all_the_same() {
    // Without --save: the 102 lines of the smallest failing input go to a temporary file...
    let report = stdout(&check_wrong(
        &["--seed", "5", "shiritori"],
        "shiritori-fixed-array",
    ));
    let saved = std::env::temp_dir().join("atcoder-games-shiritori-5.txt");
    let said = format!("\nThe input is saved in {}.\n", saved.display());
    assert!(report.ends_with(&said), "{report}");
    let input = fs::read_to_string(&saved).unwrap();
    fs::remove_file(&saved).unwrap();
    assert_eq!(input.lines().count(), 102);
    assert!(report.contains(&input.lines().take(38).collect::<Vec<_>>().join("\n")));
    // ... but a short one, shown in full, is not saved.
    let options = ["--seed", "3", "shiritori"];
    let report = stdout(&check_wrong(&options, "shiritori-draws-as-aoki"));
    assert!(!report.contains("saved"), "{report}");
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
    let prose = common::paragraphs(&report).join("\n");
    assert!(
        prose.contains("gives a runtime error (RE, signal: 6 (SIGABRT))"),
        "{report}"
    );
    // That failing game is thousands of rounds long, and the report keeps to its bounds: its
    // two long lines are shown by their ends.
    common::assert_bounded(&report);
    assert!(report.contains(" characters)..."), "{report}");
    // An endless recursion fills its stack and crashes. With the judge's 1 GiB, that touches a
    // GiB of memory, a second or more of page faults here, which a busy machine can take past the
    // time limit first; a 256 MiB stack shows the crash in a quarter of that.
    let forever = wrong_command("lucky7-recurses-forever");
    let mut arguments = vec!["--stack", "256", "--cases", "1", "--seed", "2", "lucky7"];
    arguments.extend(forever.iter().map(String::as_str));
    let report = stdout(&check_from_an_8_mib_shell(&arguments));
    let prose = common::paragraphs(&report).join("\n");
    assert!(prose.contains("gives a runtime error (RE"), "{report}");
    assert!(
        prose.contains("Its stack had grown to the limit of 256 MiB (--stack"),
        "{report}"
    );
}

#[test]
fn an_endless_printer_is_ole_at_once_and_the_tool_stays_small() {
    let started = std::time::Instant::now();
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
        report.starts_with("check: yes Draw gives output limit exceeded (OLE): it printed more than 1 MiB on shiritori.\n"),
        "{report}"
    );
    assert!(started.elapsed() < Duration::from_secs(20));
    assert!(output.peak_memory < 200 << 20, "{}", output.peak_memory);
}

#[test]
fn a_wrong_answer_found_at_the_worst_case_stage_is_cut_down_to_a_handful() {
    let saved = scratch("worst-case-cut-down");
    let options = [
        "--cases",
        "1",
        "--seed",
        "4",
        "--save",
        saved.to_str().unwrap(),
        "shiritori",
    ];
    let output = check_wrong(&options, "shiritori-counts-duplicates-once");
    let report = stdout(&output);
    assert_eq!(output.status.code(), Some(1), "{report}");
    let prose = common::paragraphs(&report).join("\n");
    assert!(prose.contains("gives a wrong answer (WA)"), "{report}");
    assert!(
        prose.contains("bisected, then cut down, from 200,000 words of it"),
        "{report}"
    );
    let input = fs::read_to_string(&saved).unwrap();
    fs::remove_file(&saved).unwrap();
    let size: usize = input.lines().next().unwrap().parse().unwrap();
    assert!(size <= 8, "{input}");
    let (ran, right) = replay("shiritori", "shiritori-counts-duplicates-once", &input);
    assert_ne!(stdout(&ran), right, "{input}");
}
