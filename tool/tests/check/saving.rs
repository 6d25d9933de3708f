//! The failing case saved for oj, in a folder of the check's own, with what the judged run
//! printed; the seed that finds it again.

use super::*;

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
    let default = temporary().join("atcoder-games-shiritori-5");
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
    assert_eq!(run("one"), run("two"));
    fs::remove_dir_all(&folders).unwrap();
}

#[test]
fn without_a_seed_each_check_takes_a_new_one_short_enough_to_type() {
    // The seed names the folder the failing case is saved in.
    let prefix = temporary().join("atcoder-games-lucky7-");
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
