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

mod own_samples;
mod runs;
mod shrinking_text;

/// The example problem of the manual: the index of a largest number.
fn example() -> PathBuf {
    root().join("docs/examples/max-index")
}

/// `atcoder-games check` run in `folder` with `arguments`.
fn check_in(folder: &Path, arguments: &[&str]) -> atcoder_games_tool::process::Run {
    let mut command: Vec<&str> = vec!["check"];
    command.extend(arguments);
    let output = common::tool_command()
        .args(&command)
        .current_dir(folder)
        .output()
        .unwrap();
    common::run_of(output)
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
