//! The judge's verdicts on wrong programs, each caught, shrunk and shown: a wrong answer, a crash
//! (a sanitizer's report, a stack overflow), too much memory or output.

use super::*;

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
fn a_memory_that_grows_with_each_word_is_mle_and_its_growth_is_followed() {
    // 8 KiB a word under a limit of 96 MiB: a memory does not hang on how fast the machine is,
    // so this growth is measured in the first tier (the second checks it at 256 MiB). The runs
    // measured, from half the smallest failing size, take more than this debug build of the
    // tool holds (40 MiB): a run's ru_maxrss counts what the process that started it held, and
    // below that only the samples taken while it ran measure it, which a busy machine thins.
    let folder = scratch_folder("memory-per-word");
    let options = ["--memory", "96", "--cases", "10", "--seed", "3"];
    let save = ["--save", folder.to_str().unwrap(), "shiritori"];
    let output = check_wrong(&[&options[..], &save].concat(), "shiritori-memory-per-word");
    let report = paragraphs(&stdout(&output)).join("\n");
    assert_eq!(output.status.code(), Some(1), "{report}");
    assert!(
        report.contains("gives memory limit exceeded (MLE): more than 96 MiB on shiritori"),
        "{report}"
    );
    let exponent = exponent(&report, "Memory");
    assert!((0.6..=1.4).contains(&exponent), "N^{exponent}: {report}");
    fs::remove_dir_all(&folder).unwrap();
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
    // A stack the hard limit allows, its whole, is given without a word.
    let script = script.replace("--stack 1024", "--stack 64");
    let output = contract::run_or_panic(&["sh", "-c", &script], "", &Options::default());
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
    let report = stdout(&output);
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
