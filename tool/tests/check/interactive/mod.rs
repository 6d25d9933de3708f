//! `check --interactor`: interactive problems, each program talking with its judge. The
//! manual's "Interactive Sorting" (docs/examples/interactive-sorting/) here, and two more in
//! `problems`: each right program passes, and each wrong one gets its verdict, its mistake named
//! and its smallest hidden input, in Python, C++ and Rust; a stuck dialogue is seen in a moment;
//! an interactor that fails is named, never the program; and nothing is left running.

use super::*;

mod problems;

/// The Python interpreter itself, not a pyenv shim, which would add its start to each run.
fn python() -> String {
    let found = Command::new("python3")
        .args(["-c", "import sys; print(sys.executable)"])
        .output()
        .expect("python3 runs");
    String::from_utf8(found.stdout).unwrap().trim().to_string()
}

/// A folder of the test's own with `files` written in it.
fn folder_with(name: &str, files: &[(&str, &str)]) -> PathBuf {
    let folder = scratch_folder(&format!("interactive-{name}"));
    fs::create_dir_all(&folder).unwrap();
    for (file, text) in files {
        fs::write(folder.join(file), text).unwrap();
    }
    folder
}

/// `check` run in `folder` with `arguments`: its exit status and report, and how long it took.
fn check_in(folder: &Path, arguments: &[&str]) -> (Option<i32>, String, Duration) {
    let started = Instant::now();
    let output = tool_command()
        .arg("check")
        .args(arguments)
        .current_dir(folder)
        .output()
        .unwrap();
    let report = String::from_utf8(output.stdout).unwrap();
    (output.status.code(), report, started.elapsed())
}

/// The sorting example's check of `program` (a file of the example's), saved in `save`.
fn sorting(program: &str, save: &Path, seed: &str) -> (Option<i32>, String, Duration) {
    let python = python();
    let example = common::root().join("docs/examples/interactive-sorting");
    let (interactor, generator) = (format!("{python} judge.py"), format!("{python} gen.py"));
    let arguments = [
        "--seed",
        seed,
        "--cases",
        "40",
        "--max-size",
        "26",
        "--save",
        save.to_str().unwrap(),
        "--interactor",
        &interactor,
        "--generator",
        &generator,
        &python,
        program,
    ];
    let checked = check_in(&example, &arguments);
    common::assert_bounded(&checked.1);
    checked
}

#[test]
fn interactive_sorting_passes_the_right_program_and_names_each_wrong_ones_mistake() {
    let save = scratch_folder("interactive-sorting");
    let (status, report, _) = sorting("right.py", &save, "1");
    assert_eq!(status, Some(0), "{report}");
    assert!(
        report.contains("Answers judged by the interactor, in dialogue with the program"),
        "{report}"
    );
    // Wrong on a corner: the heavier of two balls is never put last.
    let (status, report, _) = sorting("never_last.py", &save, "1");
    let prose = paragraphs(&report).join("\n");
    assert_eq!(status, Some(1), "{report}");
    assert!(
        prose.contains("gives a wrong answer (WA) on interactive-sorting."),
        "{report}"
    );
    assert!(
        prose.contains(":\n2 1\nAB\n") || prose.contains(": 2 1 AB\n"),
        "{report}"
    );
    assert!(
        report.contains("The interactor says:\n  wrong order: BA, where the balls are AB\n"),
        "{report}"
    );
    assert!(
        prose.contains("The dialogue (1 line from the program, 1 from the judge;")
            && report.contains("\n  < 2 1\n  > ! BA\n"),
        "{report}"
    );
    // The hidden input, the transcript and the interactor's words are saved, and the command
    // that runs the same dialogue again is printed.
    let name = "interactive-sorting-1";
    assert_eq!(
        fs::read_to_string(save.join(format!("{name}.in"))).unwrap(),
        "2 1\nAB\n"
    );
    assert_eq!(
        fs::read_to_string(save.join(format!("printed/{name}.dialogue"))).unwrap(),
        "< 2 1\n> ! BA\n"
    );
    assert!(
        fs::read_to_string(save.join(format!("printed/{name}.words")))
            .unwrap()
            .contains("wrong order")
    );
    let rerun = report
        .split("To run the same dialogue again:\n")
        .nth(1)
        .unwrap_or_else(|| panic!("no command: {report}"))
        .replace(" \\\n    ", " ");
    let shrink = format!("--shrink {}", save.join(format!("{name}.in")).display());
    assert!(rerun.contains(&shrink), "{rerun}");
    fs::remove_dir_all(&save).unwrap();
    // Too many queries: binary insertion takes 8 for some orders of five balls, where 7 are
    // allowed; the smallest failing input is five balls.
    let (status, report, _) = sorting("binary_insertion.py", &save, "1");
    let prose = paragraphs(&report).join("\n");
    assert_eq!(status, Some(1), "{report}");
    assert!(
        report.contains("The interactor says:\n  query limit exceeded: more than 7 queries\n"),
        "{report}"
    );
    assert!(
        prose.contains("Smallest failing input (size 5, seed"),
        "{report}"
    );
    assert!(
        prose.contains("(8 lines from the program, 8 from the judge;"),
        "{report}"
    );
    fs::remove_dir_all(&save).unwrap();
}

#[test]
fn an_unflushed_python_query_is_a_stuck_dialogue_with_the_variable_that_hides_it_set() {
    // This machine's PYTHONUNBUFFERED would flush every print; the judge does not set it, and
    // neither does the check.
    let save = scratch_folder("interactive-unflushed");
    let python = python();
    let example = common::root().join("docs/examples/interactive-sorting");
    let (interactor, generator) = (format!("{python} judge.py"), format!("{python} gen.py"));
    let started = Instant::now();
    let output = tool_command()
        .args(["check", "--seed", "1", "--cases", "40", "--max-size", "26"])
        .args(["--save", save.to_str().unwrap()])
        .args(["--interactor", &interactor, "--generator", &generator])
        .args([&python, "unflushed.py"])
        .env("PYTHONUNBUFFERED", "1")
        .current_dir(&example)
        .output()
        .unwrap();
    let took = started.elapsed();
    let report = String::from_utf8(output.stdout).unwrap();
    let prose = paragraphs(&report).join("\n");
    assert_eq!(output.status.code(), Some(1), "{report}");
    assert!(
        prose.contains(
            "gives time limit exceeded (TLE): the dialogue got stuck on interactive-sorting."
        ),
        "{report}"
    );
    // The query held back is shown, and the fix in Python.
    assert!(
        report.contains("held back until then:\n  ? B A\n  ! AB\n"),
        "{report}"
    );
    assert!(
        prose.contains("Likely mistake: a query printed but not flushed.")
            && prose.contains("print(..., flush=True)"),
        "{report}"
    );
    // Seen in a moment, every try of the shrinking too: far within the 2 s limit of one run.
    assert!(took < Duration::from_secs(20), "{took:?}");
    assert!(!prose.contains("It hangs"), "{report}");
    fs::remove_dir_all(&save).unwrap();
}

#[test]
fn an_interactor_that_fails_is_named_with_exit_status_3_and_the_program_is_not_blamed() {
    let answer = "n = int(input())\nprint('!', n, flush=True)\n";
    let generator = "import sys\nprint(sys.argv[1])\n";
    // One that crashes, one that exits with a status of its own, and one that never answers.
    let cases = [
        (
            "crash",
            "import sys\nprint(1, flush=True)\nsys.stdin.readline()\nraise ValueError('a bug of the judge')\n",
            "crashed, ended with exit status: 1",
        ),
        (
            "status",
            "import sys\nprint(1, flush=True)\nsys.stdin.readline()\nsys.exit(3)\n",
            "ended with exit status: 3",
        ),
        (
            "hang",
            "import sys\nprint(1, flush=True)\nsys.stdin.readline()\nwhile True: pass\n",
            "did not end within 2.00 s of the program's end",
        ),
    ];
    for (name, judge, what) in cases {
        let folder = folder_with(
            &format!("failing-{name}"),
            &[
                ("judge.py", judge),
                ("gen.py", generator),
                ("answer.py", answer),
            ],
        );
        let python = python();
        let (interactor, generator) = (format!("{python} judge.py"), format!("{python} gen.py"));
        let save = folder.join("saved");
        let arguments = [
            "--cases",
            "3",
            "--save",
            save.to_str().unwrap(),
            "--interactor",
            &interactor,
            "--generator",
            &generator,
            &python,
            "answer.py",
        ];
        let (status, report, _) = check_in(&folder, &arguments);
        let prose = paragraphs(&report).join("\n");
        assert_eq!(status, Some(3), "{name}: {report}");
        assert!(
            prose.contains(&format!("the interactor {what}")),
            "{name}: {report}"
        );
        assert!(!prose.contains(" gives "), "{name}: {report}");
        fs::remove_dir_all(&folder).unwrap();
    }
}

#[test]
fn an_interactive_checks_usage_errors() {
    let usage = |arguments: &[&str], needle: &str| {
        let message = assert_usage_error(&check(arguments));
        assert!(message.contains(needle), "{arguments:?}: {message}");
    };
    let base = ["--interactor", "int", "--generator", "gen"];
    for option in ["--reference", "--checker"] {
        let arguments = [&base[..], &[option, "x", "prog"]].concat();
        usage(&arguments, &format!("leave out {option} with --interactor"));
    }
    usage(
        &[&base[..], &["--tolerance", "0.1", "prog"]].concat(),
        "leave out --tolerance with --interactor",
    );
    usage(
        &["--interactor", "int", "lucky7", "prog"],
        "--interactor is for a problem of your own, with --generator",
    );
}

#[test]
fn ctrl_c_in_a_dialogue_leaves_neither_side_running() {
    // Each side says who it is, and each starts a child that sleeps in its group. While both
    // run (the program works on, the interactor waits); once the program has ended and the
    // interactor has not yet; once the interactor has ended and the program works on.
    let sleeper = "sleep 60 & echo $! >> PIDS";
    let working = format!("echo $$ >> PIDS; {sleeper}; {ENDS_BY_ITSELF} while :; do :; done");
    let waiting = format!("sh -c 'echo $$ >> PIDS; {sleeper}; exec sleep 60' --");
    let scenes = [
        ("both", working.clone(), waiting.clone(), 4, 0),
        (
            "interactor-last",
            format!("echo $$ >> PIDS; {sleeper}; sleep 0.3"),
            waiting,
            4,
            600,
        ),
        (
            "program-last",
            working,
            format!("sh -c 'echo $$ >> PIDS; {sleeper}; exit 1' --"),
            4,
            300,
        ),
    ];
    for (name, program, interactor, started_pids, after) in scenes {
        let folder = folder_with(&format!("ctrl-c-{name}"), &[]);
        let pids = folder.join("pids");
        let with_pids = |script: &str| script.replace("PIDS", &pids.display().to_string());
        let mut checking = tool_command()
            .args(["check", "--timeout", "60", "--cases", "1"])
            .args(["--save", folder.join("saved").to_str().unwrap()])
            .args([
                "--interactor",
                &with_pids(&interactor),
                "--generator",
                "echo 1",
            ])
            .args(["sh", "-c", &with_pids(&program)])
            .current_dir(&folder)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("check starts");
        let started = Instant::now();
        let all = loop {
            let written = fs::read_to_string(&pids).unwrap_or_default();
            let all: Vec<i32> = written
                .lines()
                .filter_map(|line| line.parse().ok())
                .collect();
            if all.len() == started_pids {
                break all;
            }
            assert!(
                started.elapsed() < Duration::from_secs(20),
                "{name}: both sides start"
            );
            std::thread::sleep(Duration::from_millis(20));
        };
        std::thread::sleep(Duration::from_millis(after));
        let check_pid = i32::try_from(checking.id()).unwrap();
        // SAFETY: kill has no memory effects; the process is our own child, not yet waited for.
        unsafe { libc::kill(check_pid, libc::SIGINT) };
        let status = checking.wait().expect("check ends");
        assert_eq!(status.code(), Some(130), "{name}");
        for pid in all {
            assert_gone_soon(pid, &format!("after Ctrl-C ({name})"));
        }
        fs::remove_dir_all(&folder).unwrap();
    }
}
