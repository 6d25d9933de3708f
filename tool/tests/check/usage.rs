//! `check` on the command line: usage errors, hints for the common mistakes, the progress line,
//! Ctrl-C.

use super::*;

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
            &["--shrink", "/no/such/game", "lucky7", "true"],
            "cannot read /no/such/game: No such file or directory",
        ),
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
        "atcoder-games check [OPTIONS] (--generator <GEN> | --spec <SPEC>)... (--reference <REF> [--checker <CHK>] | --interactor <INT>) [--validator <VAL>] <CMD>..."
    ));
}

/// The common mistakes side by side, each a few lines in a folder the test shares.
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
        let mut checking = tool_command()
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

#[test]
fn a_check_stopped_while_shrinking_saves_the_smallest_failing_input_and_says_how_to_go_on() {
    let folder = scratch_folder("stopped-shrinking");
    fs::create_dir_all(&folder).unwrap();
    let given = folder.join("game.in");
    // A game of 40 rounds, and a program wrong on every game, slowly, which notes each run.
    let rounds = "1234567890".repeat(4);
    fs::write(&given, format!("40\n{rounds}\n{}\n", "TA".repeat(20))).unwrap();
    let runs = folder.join("runs");
    let wrong = format!("echo >> {}; sleep 0.1; echo Nobody", runs.display());
    let save = folder.join("saved");
    let arguments = [
        "check",
        "--seed",
        "5",
        "--save",
        save.to_str().unwrap(),
        "--shrink",
        given.to_str().unwrap(),
        "lucky7",
        "sh",
        "-c",
        &wrong,
    ];
    let mut checking = tool_command()
        .args(arguments)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("check starts");
    // Four runs: the game given, and three smaller ones that failed too, all being shrinking's.
    let started = Instant::now();
    while fs::read_to_string(&runs)
        .unwrap_or_default()
        .lines()
        .count()
        < 4
    {
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "the runs go on"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let check_pid = i32::try_from(checking.id()).unwrap();
    // SAFETY: kill has no memory effects; the process is our own child, not yet waited for.
    unsafe { libc::kill(check_pid, libc::SIGINT) };
    let status = checking.wait().expect("check ends");
    assert_eq!(status.code(), Some(130));
    let mut message = String::new();
    std::io::Read::read_to_string(checking.stderr.as_mut().unwrap(), &mut message).unwrap();
    // The smallest game so far, saved, shown, and the command that goes on shrinking it.
    let smallest = save.join("lucky7-5-smallest.in");
    let saved = fs::read_to_string(&smallest).expect("the smallest game is saved");
    let rounds: usize = saved.lines().next().unwrap().parse().unwrap();
    assert!(rounds < 40, "{saved}");
    assert!(
        message.contains(&format!(
            "The smallest failing input so far ({rounds} rounds):\n{saved}It is saved as"
        )),
        "{message}"
    );
    let unwrapped = message.replace('\n', " ");
    let saved_as = format!(
        "It is saved as {}. To go on shrinking it:",
        smallest.display()
    );
    assert!(unwrapped.contains(&saved_as), "{message}");
    let resume = message
        .split("To go on shrinking it:\n  ")
        .nth(1)
        .and_then(|rest| rest.lines().next())
        .unwrap_or_else(|| panic!("no command: {message}"));
    let words = shell_words::split(resume).unwrap();
    assert_eq!(
        words[1..5],
        ["check", "--shrink", smallest.to_str().unwrap(), "--seed"]
    );
    // That command, run, shrinks on from there, and says so.
    let resumed = tool_command().args(&words[1..]).output().unwrap();
    assert_eq!(resumed.status.code(), Some(1));
    let report = String::from_utf8_lossy(&resumed.stdout);
    assert!(
        report.contains(&format!(
            "Smallest failing input (1 round), shrunk from the input given to shrink ({rounds} rounds) after"
        )),
        "{report}"
    );
    // A file that is no game is a usage error, with what the solution says of it.
    fs::write(&given, "2\n17\nT\n").unwrap();
    let message = assert_usage_error(&check(&[
        "--shrink",
        given.to_str().unwrap(),
        "lucky7",
        "true",
    ]));
    assert!(
        message.contains("game.in is no input of lucky7: X has 1 letter, but N is 2"),
        "{message}"
    );
    fs::remove_dir_all(&folder).unwrap();
}

#[test]
fn a_temporary_folder_that_cannot_be_written_is_a_usage_error_at_once() {
    // Not a folder to try numbers after without end: only one that is there already is.
    let options = Options {
        time_limit: Some(Duration::from_secs(10)),
        wall_limit: Some(Duration::from_secs(10)),
        ..Options::default()
    };
    let command = [
        "env",
        "TMPDIR=/dev/null/tmp",
        TOOL,
        "check",
        "--seed",
        "5",
        "lucky7",
        "true",
    ];
    let output = contract::run_or_panic(&command, "", &options);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.stopped, None, "{stderr}");
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.starts_with(
            "error: cannot save to /dev/null/tmp/atcoder-games-lucky7-5: Not a directory"
        ),
        "{stderr}"
    );
}
