//! `atcoder-games check` on a problem of the user's own: a generator, a reference, a checker and a
//! validator, here small shell scripts and the example problem of `docs/examples/max-index/`. Each
//! protocol, each helper's failure (named, exit status 3, never blamed on the program), shrinking
//! through the generator and through the text, a reference too slow for large sizes, a checker
//! that takes several right answers, and samples from where contestants keep them.

use crate::common;

use atcoder_games_tool::input::{Input, Text};
use atcoder_games_tool::judge::Comparison;
use atcoder_games_tool::samples;
use atcoder_games_tool::text;
use common::{paragraphs, root, scratch, stdout};
use std::fs;
use std::path::{Path, PathBuf};
use test_support::contract::assert_usage_error;

/// The example problem of the manual: the index of a largest number.
fn example() -> PathBuf {
    root().join("docs/examples/max-index")
}

/// `atcoder-games check` run in `folder` with `arguments`.
fn check_in(folder: &Path, arguments: &[&str]) -> atcoder_games_tool::process::Run {
    let mut command: Vec<&str> = vec!["check"];
    command.extend(arguments);
    let output = std::process::Command::new(common::TOOL)
        .args(&command)
        .current_dir(folder)
        .output()
        .unwrap();
    atcoder_games_tool::process::Run {
        status: output.status,
        stopped: None,
        stdout: output.stdout,
        stderr: output.stderr,
        wall: Default::default(),
        cpu: Default::default(),
        peak_memory: 0,
        max_rss: 0,
        peak_stack: 0,
        stack_overflow: false,
        forked: None,
        dialogue: None,
    }
}

/// The example's helpers, as options of `check`, with or without its checker and validator.
fn example_helpers(checker: bool, validator: bool) -> Vec<&'static str> {
    let mut options = vec![
        "--generator",
        "python3 gen.py",
        "--reference",
        "python3 ref.py",
    ];
    if checker {
        options.extend(["--checker", "python3 chk.py"]);
    }
    if validator {
        options.extend(["--validator", "python3 val.py"]);
    }
    options
}

/// The input a report shows: the lines after its heading, up to the blank line.
fn shown_input(report: &str) -> Vec<String> {
    let section = report.split("\n\n").nth(1).unwrap_or_default();
    let lines = section.lines().skip_while(|line| !line.ends_with(':'));
    lines.skip(1).map(String::from).collect()
}

#[test]
fn a_wrong_answer_is_shrunk_through_its_text_to_the_smallest_input_the_validator_takes() {
    let folder = scratch("own-wrong");
    let save = folder.to_str().unwrap();
    let mut arguments = vec![
        "--seed",
        "1",
        "--cases",
        "30",
        "--max-size",
        "1000",
        "--save",
        save,
    ];
    arguments.extend(example_helpers(true, true));
    arguments.extend(["python3", "wrong.py"]);
    let output = check_in(&example(), &arguments);
    let report = stdout(&output);
    assert_eq!(output.status.code(), Some(1), "{report}");
    assert!(
        report.starts_with("check: python3 wrong.py gives a wrong answer (WA) on max-index."),
        "{report}"
    );
    // Every number negative, the largest last: the smallest input that shows it.
    assert_eq!(shown_input(&report), ["2", "-1 0"], "{report}");
    let prose = paragraphs(&report).join("\n");
    assert!(
        prose.contains("shrunk through the generator, then through its text, from case "),
        "{report}"
    );
    assert!(
        report.contains("\nThe checker says:\n  A_1 is -1, but the largest is 0\n"),
        "{report}"
    );
    // Saved for oj with the reference's answer, and the oj line judges with the checker.
    let name = "max-index-1";
    assert_eq!(
        fs::read_to_string(folder.join(format!("{name}.in"))).unwrap(),
        "2\n-1 0\n"
    );
    assert_eq!(
        fs::read_to_string(folder.join(format!("{name}.out"))).unwrap(),
        "2\n"
    );
    assert!(
        report.contains("oj t -c 'python3 wrong.py' --judge-command 'python3 chk.py' -d "),
        "{report}"
    );
    fs::remove_dir_all(&folder).unwrap();
}

#[test]
fn another_right_answer_passes_through_the_checker_and_fails_without_it() {
    // `right.py` prints the last largest number's index, the reference the first's.
    let mut arguments = vec!["--seed", "2", "--cases", "30", "--max-size", "1000"];
    arguments.extend(example_helpers(true, true));
    arguments.extend(["python3", "right.py"]);
    let output = check_in(&example(), &arguments);
    let report = stdout(&output);
    assert_eq!(output.status.code(), Some(0), "{report}");
    assert!(
        report.starts_with(
            "check: python3 right.py passed the 2 samples, all 30 cases of max-index, up to size "
        ),
        "{report}"
    );
    // Compared as AtCoder compares answers, a tie is a wrong answer: on sample 2, 7 7 2.
    let mut arguments = vec!["--seed", "2", "--cases", "30", "--max-size", "1000"];
    arguments.extend(example_helpers(false, true));
    arguments.extend(["python3", "right.py"]);
    let report = stdout(&check_in(&example(), &arguments));
    assert!(
        report.contains("gives a wrong answer (WA) on max-index: it fails sample \"sample-2\"."),
        "{report}"
    );
}

#[test]
fn without_a_validator_a_failure_is_shrunk_through_the_generator_alone() {
    let mut arguments = vec!["--seed", "3", "--cases", "30", "--max-size", "1000"];
    arguments.extend(example_helpers(true, false));
    arguments.extend(["python3", "wrong.py"]);
    let output = check_in(&example(), &arguments);
    let report = stdout(&output);
    assert_eq!(output.status.code(), Some(1), "{report}");
    let prose = paragraphs(&report).join("\n");
    // The generator's input at the smallest size where some seed fails: two numbers, as one alone
    // is always its own largest; and the seed that makes it again.
    assert!(
        prose.contains("Smallest failing input (size 2, seed "),
        "{report}"
    );
    assert!(
        prose.contains(", shrunk through the generator from case "),
        "{report}"
    );
    assert!(!prose.contains("its text"), "{report}");
    assert_eq!(shown_input(&report).len(), 2, "{report}");
}

/// A folder of small shell scripts, one a helper each, for the helpers' failures.
struct Scripts(PathBuf);

impl Scripts {
    fn new(name: &str) -> Self {
        let folder = scratch(name);
        let _ = fs::remove_dir_all(&folder);
        fs::create_dir_all(&folder).unwrap();
        // A generator of N (at most SIZE, from SEED) and N numbers; a reference that sums them; a
        // program that does so too.
        let scripts = [
            (
                "gen.sh",
                "n=$(( $2 % $1 + 1 )); echo $n; seq $n | tr '\\n' ' '; echo\n",
            ),
            (
                "sum.sh",
                "read n; read line; s=0; for x in $line; do s=$((s + x)); done; echo $s\n",
            ),
        ];
        for (name, body) in scripts {
            fs::write(folder.join(name), body).unwrap();
        }
        Self(folder)
    }

    /// Writes the script `name`.
    fn write(&self, name: &str, body: &str) -> &Self {
        fs::write(self.0.join(name), body).unwrap();
        self
    }

    /// `check` in the folder with these helper `options`, on the program `sh sum.sh`.
    fn check(&self, options: &[&str]) -> (Option<i32>, String) {
        self.check_program(options, &["sh", "sum.sh"])
    }

    /// `check` in the folder with these helper `options`, on `program`.
    fn check_program(&self, options: &[&str], program: &[&str]) -> (Option<i32>, String) {
        let mut arguments = vec!["--seed", "5", "--cases", "20", "--save", "saved"];
        arguments.extend(options);
        arguments.extend(program);
        let output = check_in(&self.0, &arguments);
        (
            output.status.code(),
            paragraphs(&stdout(&output)).join("\n"),
        )
    }
}

impl Drop for Scripts {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

#[test]
fn a_right_program_passes_against_a_shell_reference() {
    let scripts = Scripts::new("own-pass");
    let (code, report) = scripts.check(&["--generator", "sh gen.sh", "--reference", "sh sum.sh"]);
    assert_eq!(code, Some(0), "{report}");
    assert!(report.contains("passed all 20 cases of "), "{report}");
}

/// One case a failing helper, in one table read side by side.
#[test]
fn each_helpers_failure_is_named_with_what_repeats_it_and_exit_status_3() {
    let scripts = Scripts::new("own-helpers");
    let helpers = |generator: &'static str, reference: &'static str| {
        vec!["--generator", generator, "--reference", reference]
    };
    let failing: [(&str, &str, Vec<&str>, &str); 6] = [
        (
            "gen-fails.sh",
            "echo broken >&2; exit 1\n",
            helpers("sh gen-fails.sh", "sh sum.sh"),
            "check: the generator ended with exit status: 1; nothing is said of sh sum.sh",
        ),
        (
            "gen-silent.sh",
            "exit 0\n",
            helpers("sh gen-silent.sh", "sh sum.sh"),
            "check: the generator printed nothing;",
        ),
        (
            "gen-random.sh",
            "echo 1; od -An -N2 -tu2 /dev/urandom\n",
            helpers("sh gen-random.sh", "sh sum.sh"),
            "check: the generator is not deterministic: it printed two different inputs for the same SIZE and SEED;",
        ),
        (
            "ref-crashes.sh",
            "echo 'Traceback: boom' >&2; exit 2\n",
            helpers("sh gen.sh", "sh ref-crashes.sh"),
            "check: the reference ended with exit status: 2;",
        ),
        (
            "chk-broken.sh",
            "exit 7\n",
            vec![
                "--generator",
                "sh gen.sh",
                "--reference",
                "sh sum.sh",
                "--checker",
                "sh chk-broken.sh",
            ],
            "check: the checker ended with exit status: 7;",
        ),
        (
            "val-strict.sh",
            "read n; [ \"$n\" -le 1 ]\n",
            vec![
                "--generator",
                "sh gen.sh",
                "--reference",
                "sh sum.sh",
                "--validator",
                "sh val-strict.sh",
            ],
            "check: the generator and the validator disagree: the validator rejects the generator's input (ended with exit status: 1);",
        ),
    ];
    for (name, body, options, said) in failing {
        scripts.write(name, body);
        let (code, report) = scripts.check(&options);
        assert_eq!(code, Some(3), "{name}: {report}");
        assert!(report.starts_with(said), "{name}: {report}");
        // What repeats it: the generator's SIZE and SEED, or the saved input it failed on.
        let again = report
            .split("To run it again:   ")
            .nth(1)
            .unwrap_or_else(|| panic!("{name}: {report}"));
        match name.starts_with("gen") {
            true => assert!(
                report.contains("It was asked for size ")
                    && again.starts_with(&format!("sh {name} ")),
                "{name}: {report}"
            ),
            false => assert!(again.contains(" < "), "{name}: {report}"),
        }
    }
    // The reference's stderr is shown, and the input it failed on saved.
    scripts.write("ref-crashes.sh", "echo 'Traceback: boom' >&2; exit 2\n");
    let (_, report) = scripts.check(&helpers("sh gen.sh", "sh ref-crashes.sh"));
    assert!(report.contains("Traceback: boom"), "{report}");
    let saved = report
        .split(" < ")
        .nth(1)
        .unwrap()
        .split_whitespace()
        .next()
        .unwrap();
    let saved = scripts.0.join(saved.trim_matches('\''));
    assert!(
        fs::read_to_string(&saved).unwrap().starts_with("1\n"),
        "{saved:?}"
    );
}

#[test]
fn a_reference_too_slow_for_large_sizes_is_not_asked_again_there() {
    // Under a limit of 0.2 s, the reference may take 1 s; from 20 numbers on, it takes 10.
    let scripts = Scripts::new("own-slow");
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
    let started = std::time::Instant::now();
    let (code, report) = scripts.check(&options);
    assert_eq!(code, Some(0), "{report}");
    let slow = "The reference took longer than its limit of 1.00 s from size ";
    let from: usize = report
        .split(slow)
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|size| size.parse().ok())
        .unwrap_or_else(|| panic!("{report}"));
    assert!((20..=60).contains(&from), "{report}");
    assert!(
        report.contains(" on time, memory, crashes and output alone, the reference giving no answer in its time, "),
        "{report}"
    );
    // It timed out once, or a few times at smaller sizes, not at every large case.
    assert!(started.elapsed().as_secs() < 10, "{report}");
}

#[test]
fn a_sample_of_each_kind_is_read_with_its_answer() {
    let folder = scratch("own-samples");
    let _ = fs::remove_dir_all(&folder);
    let read = |path: &Path| samples::read(path).unwrap();
    let text = |input: &Input| match input {
        Input::Text(Text { text, .. }) => text.clone(),
        _ => unreachable!("a user's input"),
    };
    // oj's folder: NAME.in, NAME.out, by name.
    let oj = folder.join("test");
    fs::create_dir_all(&oj).unwrap();
    fs::write(oj.join("sample-2.in"), "2\n").unwrap();
    fs::write(oj.join("sample-1.in"), "1\n").unwrap();
    fs::write(oj.join("sample-1.out"), "one\n").unwrap();
    let found = read(&oj);
    let names: Vec<&str> = found
        .samples
        .iter()
        .map(|sample| sample.name.as_str())
        .collect();
    assert_eq!(names, ["sample \"sample-1\"", "sample \"sample-2\""]);
    assert_eq!(found.samples[0].answer.as_deref(), Some("one\n"));
    assert_eq!(found.samples[1].answer, None);
    // Saved as sample-1, not sample-sample-1.
    assert_eq!(found.samples[0].file, "sample-1");
    // cargo-compete: its cases, the files its `extend` names, and its match.
    let suite = folder.join("testcases");
    fs::create_dir_all(suite.join("a/in")).unwrap();
    fs::create_dir_all(suite.join("a/out")).unwrap();
    fs::write(suite.join("a/in/extra.txt"), "3\n").unwrap();
    fs::write(suite.join("a/out/extra.txt"), "three\n").unwrap();
    let yml = "---\ntype: Batch\ntimelimit: 2s\nmatch:\n  Float:\n    relative_error: 1e-6\n    absolute_error: 1e-6\n\ncases:\n  - name: sample1\n    in: |\n      1\n    out: |\n      1.0\n\nextend:\n  - type: Text\n    path: \"./a\"\n    in: /in/*.txt\n    out: /out/*.txt\n";
    fs::write(suite.join("a.yml"), yml).unwrap();
    let found = read(&suite.join("a.yml"));
    let cases: Vec<(String, String, Option<String>)> = (found.samples.iter())
        .map(|sample| {
            (
                sample.name.clone(),
                text(&sample.input),
                sample.answer.clone(),
            )
        })
        .collect();
    assert_eq!(
        cases,
        [
            (
                "sample \"sample1\"".into(),
                "1\n".into(),
                Some("1.0\n".into())
            ),
            (
                "sample \"extra\"".into(),
                "3\n".into(),
                Some("three\n".into())
            ),
        ]
    );
    assert_eq!(
        found.comparison,
        Some(Comparison::Float {
            absolute: 1e-6,
            relative: 1e-6
        })
    );
    // Competitive Companion's JSON, and CPH's .prob, which has the same tests.
    let companion = r#"{"name":"A","group":"AtCoder","tests":[{"input":"5\n","output":"25\n"},{"input":"6\n","output":"36\n"}],"timeLimit":2000}"#;
    for file in ["problem.json", "problem.prob"] {
        fs::write(folder.join(file), companion).unwrap();
        let found = read(&folder.join(file));
        assert_eq!(found.samples.len(), 2);
        assert_eq!(text(&found.samples[1].input), "6\n");
        assert_eq!(found.samples[1].answer.as_deref(), Some("36\n"));
    }
    // Anything else is a usage error that says what it could not read.
    fs::write(folder.join("notes.txt"), "").unwrap();
    let error = samples::read(&folder.join("notes.txt")).unwrap_err();
    assert!(
        error.to_string().contains("not a folder, a .yml"),
        "{error}"
    );
    fs::remove_dir_all(&folder).unwrap();
}

#[test]
fn a_failing_sample_is_named_and_the_samples_match_is_used() {
    // A cargo-compete suite whose answers are compared as floats, within 1.5: a program that
    // doubles the sum is right on the first sample (2 for 1.0000001), not on the second.
    let scripts = Scripts::new("own-sample-fails");
    scripts.write(
        "suite.yml",
        "match:\n  Float:\n    absolute_error: 1.5\ncases:\n  - name: close\n    in: \"1\\n1\\n\"\n    out: \"1.0000001\\n\"\n  - name: far\n    in: \"2\\n1 2\\n\"\n    out: \"3\\n\"\n",
    );
    scripts.write(
        "twice.sh",
        "read n; read line; s=0; for x in $line; do s=$((s + x)); done; echo $((s * 2))\n",
    );
    let options = [
        "--samples",
        "suite.yml",
        "--generator",
        "sh gen.sh",
        "--reference",
        "sh sum.sh",
    ];
    let (code, report) = scripts.check_program(&options, &["sh", "twice.sh"]);
    assert_eq!(code, Some(1), "{report}");
    assert!(report.contains(": it fails sample \"far\"."), "{report}");
    // What it is held against is the sample's answer, not the reference's.
    assert!(
        report.contains("Where the answers differ (expected: the answer of sample \"far\"):"),
        "{report}"
    );
}

#[test]
fn a_reference_that_contradicts_a_samples_answer_is_blamed_not_the_program() {
    // The reference forgets the last number: all three samples' answers say otherwise, and the
    // right program is not blamed for the reference's mistake.
    let scripts = Scripts::new("own-wrong-reference");
    scripts.write(
        "forgets.sh",
        "read n; read line; s=0; for x in ${line% *}; do s=$((s + x)); done; echo $s\n",
    );
    fs::create_dir_all(scripts.0.join("test")).unwrap();
    for (name, input, answer) in [("a", "1\n5\n", "5\n"), ("b", "2\n1 2\n", "3\n")] {
        scripts.write(&format!("test/{name}.in"), input);
        scripts.write(&format!("test/{name}.out"), answer);
    }
    let options = ["--generator", "sh gen.sh", "--reference", "sh forgets.sh"];
    let (code, report) = scripts.check(&options);
    assert_eq!(code, Some(3), "{report}");
    assert!(
        report.starts_with(
            "check: the reference contradicts the answer of sample \"b\" (on line 1, it printed 1 where the sample says 3); nothing is said of sh sum.sh"
        ),
        "{report}"
    );
    // With a checker, the checker judges it: what it says is said.
    scripts.write(
        "same.sh",
        "if [ \"$(cat \"$2\")\" = \"$(cat \"$3\")\" ]; then exit 0; fi; echo \"not $(cat \"$3\")\"; exit 1\n",
    );
    let with_checker = [&options[..], &["--checker", "sh same.sh"]].concat();
    let (code, report) = scripts.check(&with_checker);
    assert_eq!(code, Some(3), "{report}");
    assert!(
        report.contains("contradicts the answer of sample \"b\" (the checker says: not 3)"),
        "{report}"
    );
}

#[test]
fn a_problem_of_ones_own_has_its_usage_errors() {
    for (arguments, expected) in [
        (
            &["--reference", "./ref", "lucky7", "true"][..],
            "--reference is for a problem of your own, with --generator",
        ),
        (
            &["--generator", "./gen", "true"][..],
            "a problem of your own needs its reference, --reference REF",
        ),
        (
            &["--generator", "true", "--reference", "/no/such/ref", "true"][..],
            "--reference: cannot start /no/such/ref",
        ),
        (
            &[
                "--tolerance",
                "0",
                "--generator",
                "true",
                "--reference",
                "true",
                "true",
            ][..],
            "invalid value '0' for '--tolerance <E>'",
        ),
    ] {
        let message = assert_usage_error(&common::check(arguments));
        assert!(message.contains(expected), "{arguments:?}: {message}");
    }
}

#[test]
fn count_headers_go_down_with_the_lines_and_tokens_they_count() {
    // N before N lines: a line cut, N is one less.
    assert_eq!(
        text::without_lines("3\nab\ncd\nef\n", 2, 1).as_deref(),
        Some("2\nab\nef\n")
    );
    // N M before M lines: M goes down, N stays.
    assert_eq!(
        text::without_lines("4 3\n1 2\n2 3\n3 4\n", 1, 2).as_deref(),
        Some("4 1\n3 4\n")
    );
    // N before a line of N tokens: a token cut, N is one less; the header itself is not cut
    // alone.
    assert_eq!(
        text::without_tokens("3\n5 6 7\n", 2, 1).as_deref(),
        Some("2\n5 7\n")
    );
    assert_eq!(text::without_tokens("3\n5 6 7\n", 0, 2), None);
    // A line whose tokens all go goes, and N with it.
    assert_eq!(
        text::without_tokens("2\na b\nc\n", 3, 1).as_deref(),
        Some("1\na b\n")
    );
    // Nothing left is no candidate.
    assert_eq!(text::without_lines("1\n", 0, 1), None);
    assert_eq!(text::token_count("2\n5 6\n"), 3);
    assert_eq!(text::line_count("2\n\n5 6\n"), 2);
}

#[test]
fn numbers_and_strings_are_made_simpler_with_their_counts() {
    // 0 first for every number, then 1 (with its sign); the count header is left alone. The
    // numbers go nearer 0 by cutting down: each, and a text with them changed.
    let simpler = text::simpler("2\n-8 6\n");
    assert_eq!(simpler, ["2\n0 6\n", "2\n-8 0\n", "2\n-1 6\n", "2\n-8 1\n"]);
    assert_eq!(text::numbers("2\n-8 6\n"), [-8, 6]);
    assert_eq!(
        text::with_numbers("2\n-8 6\n", &[-3, 999_999_999_999_999_999]).as_deref(),
        Some("2\n-3 999999999999999999\n")
    );
    // As many numbers as there are, or none.
    assert_eq!(text::with_numbers("2\n-8 6\n", &[0]), None);
    assert_eq!(text::with_numbers("2\n-8 6\n", &[0, 0, 0]), None);
    // N strings of length N: every string of that length one shorter, and N with them.
    let simpler = text::simpler("3\n123\nTAT\n");
    assert_eq!(simpler[0], "3\n0\nTAT\n");
    assert!(simpler.contains(&"2\n12\nTA\n".to_string()), "{simpler:?}");
}

#[test]
fn numbers_of_data_are_no_count_headers() {
    // The zeros of the data count no lines: they go, and N with them.
    assert_eq!(
        text::without_tokens("3 0\n0 0 0\n", 4, 1).as_deref(),
        Some("2 0\n0 0\n")
    );
    // A line of many numbers is data, whatever they are: a 1 there, before one line, goes.
    assert_eq!(
        text::without_tokens("2\n1 1 1 1 1\n7\n", 1, 1).as_deref(),
        Some("2\n1 1 1 1\n7\n")
    );
}

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
