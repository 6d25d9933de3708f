//! How a problem of one's own runs: a CPython program's and its helpers' runs forked, a
//! reference that gives no answer, and what is then judged and saved.

use super::*;

#[test]
fn a_cpython_scripts_small_runs_are_forked_and_what_fails_forked_is_judged_started_anew() {
    // The example, with a solution that answers wrong only in a forked run, which finds the
    // forkserver's `socket` imported already.
    let folder = scratch("forked");
    fs::create_dir_all(folder.join("test")).unwrap();
    for entry in fs::read_dir(example())
        .unwrap()
        .chain(fs::read_dir(example().join("test")).unwrap())
    {
        let path = entry.unwrap().path();
        if path.is_file() {
            let relative = path.strip_prefix(example()).unwrap();
            fs::copy(&path, folder.join(relative)).unwrap();
        }
    }
    let right = fs::read_to_string(folder.join("right.py")).unwrap();
    let wrong_when_forked =
        format!("import sys\nif 'socket' in sys.modules:\n    print(0)\n    sys.exit()\n{right}");
    fs::write(folder.join("forked.py"), wrong_when_forked).unwrap();
    let report = |program: &str| {
        // Two runs at a time, whatever the cores: only runs beside others are forked.
        let mut arguments = vec![
            "--jobs",
            "2",
            "--seed",
            "2",
            "--cases",
            "30",
            "--max-size",
            "1000",
        ];
        arguments.extend(example_helpers(true, false));
        arguments.extend(["python3", program]);
        let output = check_in(&folder, &arguments);
        let report = stdout(&output);
        assert_eq!(output.status.code(), Some(0), "{report}");
        paragraphs(&report)[0].clone()
    };
    let forked = |report: &str| {
        let count = report
            .split(" runs forked from one started interpreter")
            .next()?;
        count.rsplit(' ').next()?.parse::<usize>().ok()
    };
    // The small cases, three quarters of them (22), and the samples (2); not the 8 larger cases
    // nor the generator's 3 inputs of the largest size, whose times count.
    let right = report("right.py");
    assert!(
        forked(&right).is_some_and(|count| (20..=24).contains(&count)),
        "{right}"
    );
    // Every forked run of it failed, and was made again as the judge starts it, which passed.
    let wrong_when_forked = report("forked.py");
    assert_eq!(forked(&wrong_when_forked), None, "{wrong_when_forked}");
    assert!(
        wrong_when_forked.contains(" s, 2 runs at a time. "),
        "{wrong_when_forked}"
    );
    // A shrinking's tries are forked too, all but those that fail, which are made again.
    let mut arguments = vec!["--seed", "1", "--cases", "30", "--max-size", "1000"];
    arguments.extend(example_helpers(true, true));
    arguments.extend(["python3", "wrong.py"]);
    let wrong = stdout(&check_in(&folder, &arguments));
    let tries = wrong.split(" tries:").next().and_then(|before| {
        let count = before.rsplit(' ').next()?;
        count.parse::<usize>().ok()
    });
    let (forked, tries) = (forked(&wrong).unwrap_or(0), tries.unwrap_or(usize::MAX));
    assert!(tries > 10 && forked >= tries, "{wrong}");
    fs::remove_dir_all(&folder).unwrap();
}

#[test]
fn where_the_reference_gives_no_answer_a_checker_still_judges_and_the_report_says_what_judged() {
    // The reference takes too long from 20 numbers on; the checker reads no answer: it wants a
    // sum that is not negative. A program wrong from 25 numbers on is caught there all the same.
    let scripts = Scripts::new("own-checker-alone");
    scripts.write(
        "slow-sum.sh",
        "read n; read line; [ \"$n\" -ge 20 ] && exec sleep 10; s=0; for x in $line; do s=$((s + x)); done; echo $s\n",
    );
    scripts.write(
        "not-negative.sh",
        "read s < \"$2\"; [ \"$s\" -ge 0 ] 2>/dev/null && exit 0; echo \"$s is negative\"; exit 1\n",
    );
    scripts.write(
        "negative-from-25.sh",
        "read n; read line; [ \"$n\" -ge 25 ] && { echo -1; exit; }; s=0; for x in $line; do s=$((s + x)); done; echo $s\n",
    );
    // A sample with no answer of its own is judged against the reference's.
    fs::create_dir_all(scripts.0.join("test")).unwrap();
    scripts.write("test/a.in", "2\n1 2\n");
    let options = [
        "--time-limit",
        "0.2",
        "--max-size",
        "60",
        "--generator",
        "sh gen.sh",
        "--reference",
        "sh slow-sum.sh",
        "--checker",
        "sh not-negative.sh",
    ];
    let (code, report) = scripts.check_program(&options, &["sh", "negative-from-25.sh"]);
    assert_eq!(code, Some(1), "{report}");
    assert!(
        report.contains("The checker says:   -1 is negative"),
        "{report}"
    );
    // The right program passes, and the report says what judged what.
    let (code, report) = scripts.check(&options);
    assert_eq!(code, Some(0), "{report}");
    let judged = report
        .split("Answers judged ")
        .nth(1)
        .and_then(|rest| rest.split(". ").next())
        .unwrap_or_else(|| panic!("{report}"));
    assert!(
        judged.starts_with("against the reference's answers, 1 sample, ")
            && judged.contains(" cases, ")
            && judged
                .contains("; by the checker alone, the reference giving no answer in its time, ")
            && !judged.contains("on time, memory"),
        "{judged}"
    );
}

#[test]
fn a_failing_case_whose_answer_is_not_known_is_saved_without_one() {
    // The reference and the program both take too long from 20 numbers on: the program's TLE is
    // found, and its case saved with no right answer, which is said.
    let scripts = Scripts::new("own-no-answer");
    scripts.write(
        "slow-sum.sh",
        "read n; read line; [ \"$n\" -ge 20 ] && exec sleep 10; s=0; for x in $line; do s=$((s + x)); done; echo $s\n",
    );
    let options = [
        "--time-limit",
        "0.2",
        "--max-size",
        "60",
        "--generator",
        "sh gen.sh",
        "--reference",
        "sh slow-sum.sh",
    ];
    let (code, report) = scripts.check_program(&options, &["sh", "slow-sum.sh"]);
    assert_eq!(code, Some(1), "{report}");
    assert!(report.contains("(TLE)"), "{report}");
    assert!(
        report.contains("(with no right answer, which the reference gave none of in its time: oj runs it without judging its answer)"),
        "{report}"
    );
    let saved: Vec<String> = fs::read_dir(scripts.0.join("saved"))
        .unwrap()
        .flatten()
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .collect();
    assert!(saved.iter().any(|name| name.ends_with(".in")), "{saved:?}");
    assert!(
        !saved.iter().any(|name| name.ends_with(".out")),
        "{saved:?}"
    );
    // Every case from 20 numbers on was judged on time, memory, crashes and output alone.
    assert!(
        report.contains(" on time, memory, crashes and output alone, the reference giving no answer in its time, "),
        "{report}"
    );
}

#[test]
fn python_helpers_are_forked_with_their_arguments_and_give_what_they_give_started_anew() {
    // The example's helpers, and a generator that notes, beside its input, whether it was forked
    // (the forkserver's `socket` is imported already): every run but the first of each server's
    // is forked, and the same SIZE and SEED give the same input.
    let folder = scratch("forked-helpers");
    fs::create_dir_all(&folder).unwrap();
    for name in ["gen.py", "ref.py", "chk.py", "val.py", "right.py"] {
        fs::copy(example().join(name), folder.join(name)).unwrap();
    }
    let generator = fs::read_to_string(folder.join("gen.py")).unwrap();
    let noting = format!(
        "import sys\nwith open('forked.log', 'a') as log:\n    print('socket' in sys.modules, *sys.argv[1:], file=log)\n{generator}"
    );
    fs::write(folder.join("gen.py"), noting).unwrap();
    let arguments = [
        "--jobs",
        "2",
        "--seed",
        "4",
        "--cases",
        "30",
        "--max-size",
        "1000",
    ];
    let mut arguments = arguments.to_vec();
    arguments.extend(example_helpers(true, true));
    arguments.extend(["python3", "right.py"]);
    let output = check_in(&folder, &arguments);
    let report = stdout(&output);
    assert_eq!(output.status.code(), Some(0), "{report}");
    let log = fs::read_to_string(folder.join("forked.log")).unwrap();
    let forked = log.lines().filter(|line| line.starts_with("True ")).count();
    assert!(forked * 2 > log.lines().count(), "{log}");
    // Each generator run was asked for a SIZE and a SEED, forked or not.
    assert!(
        log.lines().all(|line| line.split(' ').count() == 3),
        "{log}"
    );
    fs::remove_dir_all(&folder).unwrap();
}

#[test]
fn a_helper_runs_within_limits_of_time_memory_output_and_the_checks_stack() {
    use atcoder_games_tool::custom::helper_options;
    use std::time::Duration;
    let options = helper_options(Duration::from_secs(10), 64 << 20, 8 << 20);
    assert_eq!(options.time_limit, Some(Duration::from_secs(10)));
    assert_eq!(options.wall_limit, Some(Duration::from_secs(10)));
    assert_eq!(options.memory_limit, Some(64 << 20));
    assert_eq!(options.output_limit, Some(256 << 20));
    assert_eq!(options.stack, Some(8 << 20));
}

#[test]
fn an_interactor_runs_within_limits_of_work_and_memory_with_the_checks_stack() {
    use atcoder_games_tool::custom::interactor_options;
    use std::time::Duration;
    let options = interactor_options(64 << 20, 8 << 20);
    assert_eq!(options.time_limit, Some(Duration::from_secs(10)));
    assert_eq!(options.memory_limit, Some(64 << 20));
    assert_eq!(options.stack, Some(8 << 20));
    // It waits on the program, whose dialogue bounds what it says.
    assert_eq!(options.wall_limit, None);
    assert_eq!(options.output_limit, None);
}
